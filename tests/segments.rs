//! A file holding several benchmarks' outputs, identity kept, `ignore:`
//! globs: each through a whole build, as a user would meet it.

mod common;

use benchsite::build::{BuildOptions, BuildReport, build};
use benchsite::diag::Severity;
use common::{dbench, put};
use std::path::Path;

/// A mail: two dbench runs, then a Bonnie table, then a damaged bonnie++
/// CSV line (too few fields).
const MAIL: &str = "\
dbench first:

> 16 clients started
> Throughput 18.4511 MB/sec (NB=23.0639 MB/sec  184.511 MBit/sec)  16 procs

And Bonnie on the same disk:

              -------Sequential Output-------- ---Sequential Input-- --Random--
              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---
Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU
rmap      512  9412 98.1 21033 16.0  8841  9.9  8961 94.4 25017 12.1 187.9  1.9
";

fn site(root: &Path, machine_yaml: &str) -> std::path::PathBuf {
    let c = root.join("content");
    put(&c, "site.yaml", "title: \"Test\"\n");
    put(&c, "m1/machine.yaml", machine_yaml);
    c
}

fn build_in(root: &Path, content: &Path) -> BuildReport {
    build(&BuildOptions::new(content, root.join("output"))).expect("site builds")
}

fn messages(report: &BuildReport) -> Vec<String> {
    report.diagnostics.iter().map(|d| d.to_string()).collect()
}

#[test]
fn every_benchmark_in_a_mail_reaches_its_section() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = site(
        tmp.path(),
        "name: M\nsections:\n  - title: dbench\n    benchmark: dbench\n  - title: Bonnie\n    benchmark: bonnie\n",
    );
    put(&c, "m1/2.4.19/mail.txt", MAIL);
    let report = build_in(tmp.path(), &c);
    assert!(report.diagnostics.is_empty(), "{:?}", messages(&report));
    let page = std::fs::read_to_string(tmp.path().join("output/m1/index.html")).expect("page");
    assert!(page.contains("18.45"), "dbench number missing");
    assert!(page.contains("21033"), "Bonnie number missing");
    // The raw file is copied once.
    assert!(tmp.path().join("output/m1/raw/2.4.19/mail.txt").is_file());
    assert_eq!(report.files_read, 1);
}

#[test]
fn a_damaged_segment_keeps_the_rest_of_the_file() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = site(tmp.path(), "name: M\n");
    // The Bonnie row cut short: the Bonnie segment fails, dbench stays.
    let damaged = MAIL.replace("25017 12.1 187.9  1.9", "25017");
    put(&c, "m1/2.4.19/mail.txt", damaged);
    let report = build_in(tmp.path(), &c);
    let msgs = messages(&report);
    assert!(msgs.iter().any(|m| m.contains("bonnie") && m.contains("the rest of the file is read")), "{msgs:?}");
    let page = std::fs::read_to_string(tmp.path().join("output/m1/index.html")).expect("page");
    assert!(page.contains("18.45"), "dbench number lost with the damaged Bonnie table");
}

#[test]
fn ignore_globs_leave_files_unread_and_unwarned() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = site(tmp.path(), "name: M\nignore: [\"*.log\"]\n");
    put(&c, "site.yaml", "title: \"Test\"\nignore: [\"*/notes.txt\"]\n");
    put(&c, "m1/2.4.7/dbench.txt", dbench("9.2929"));
    put(&c, "m1/2.4.7/build.log", "gcc -O2 -c foo.c\nmake: *** [all] Error 1\n");
    put(&c, "m1/2.4.7/notes.txt", "this kernel was built with gcc 2.95\n");
    put(&c, "m1/2.4.7/other.txt", "not a result either\n");
    let report = build_in(tmp.path(), &c);
    let msgs = messages(&report);
    assert_eq!(msgs.len(), 1, "{msgs:?}");
    assert!(msgs[0].contains("other.txt") && msgs[0].contains("ignore:"), "{msgs:?}");
    assert_eq!(msgs[0].lines().count(), 1, "the unrecognised-file warning is one line");
}

#[test]
fn a_bad_ignore_glob_is_an_error_naming_its_line() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = site(tmp.path(), "name: M\nignore:\n  - \"[*.log\"\n");
    put(&c, "m1/2.4.7/dbench.txt", dbench("9.2929"));
    build(&BuildOptions::new(&c, tmp.path().join("output"))).expect_err("bad glob fails the build");
    let diags = benchsite::cli::check::check(&BuildOptions::new(&c, tmp.path().join("output"))).expect("check runs");
    let err: Vec<String> = diags.iter().filter(|d| d.severity == Severity::Error).map(|d| d.to_string()).collect();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(err[0].contains("ignore: bad glob") && err[0].contains("machine.yaml:3"), "{err:?}");
}

/// An lmbench summary with rows of two kernels.
const LMBENCH_TWO_KERNELS: &str = "\
                 L M B E N C H  2 . 0   S U M M A R Y
                 ------------------------------------

Processor, Processes - times in microseconds - smaller is better
----------------------------------------------------------------
Host                 OS  Mhz null null      open selct sig  sig  fork exec sh
                             call  I/O stat clos TCP   inst hndl proc proc proc
--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----
pogo      Linux 2.4.18   475 0.43 0.67 3.44 4.56  19.4 1.23 3.45 123. 456. 1234
pogo      Linux 2.4.19   475 0.44 0.68 3.45 4.57  19.5 1.24 3.46 124. 457. 1235
";

#[test]
fn rows_of_two_kernels_in_a_kernel_directory_are_not_averaged() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = site(tmp.path(), "name: M\n");
    put(&c, "m1/2.4.19/lmbench.txt", LMBENCH_TWO_KERNELS);
    let report = build_in(tmp.path(), &c);
    let msgs = messages(&report);
    assert!(msgs.iter().any(|m| m.contains("2 kernels") && m.contains("2.4.18")), "{msgs:?}");
    let page = std::fs::read_to_string(tmp.path().join("output/m1/index.html")).expect("page");
    // Both null-call values appear on their own rows, none averaged (0.435).
    assert!(page.contains("0.43") && page.contains("0.44") && !page.contains("0.435"), "rows averaged");
}

#[test]
fn check_says_when_a_file_names_another_kernel_than_its_directory() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = site(tmp.path(), "name: M\n");
    let one = LMBENCH_TWO_KERNELS.lines().filter(|l| !l.contains("2.4.19")).collect::<Vec<_>>().join("\n");
    put(&c, "m1/2.4.20/lmbench.txt", &one);
    put(&c, "m1/2.4.18-rc1/lmbench.txt", &one);
    let diags = benchsite::cli::check::check(&BuildOptions::new(&c, tmp.path().join("output"))).expect("check runs");
    let hits: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Warning && d.to_string().contains("names kernel"))
        .map(|d| d.to_string())
        .collect();
    // 2.4.18 in 2.4.20/ disagrees; in 2.4.18-rc1/ it may be the same kernel.
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].contains("2.4.20"), "{hits:?}");
}
