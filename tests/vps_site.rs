//! A real archive of today's benchmarks through `check` and `build`
//! (archive38: soerenmetje/linux-benchmarking, iperf3 and sysbench logs of
//! two VPS of one kernel, `compare: config`). Real files:
//! `tests/sites/vps/` (SOURCES.md there).

mod common;

use common::benchsite;
use std::path::{Path, PathBuf};

/// The fixture site's content directory.
fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/vps")
}

/// What `check` prints (standard output and error).
fn checked() -> String {
    let out = benchsite().arg("check").arg("--content").arg(site()).assert().success();
    let o = out.get_output();
    String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout)
}

/// A class CSV's rows that start with `prefix`.
fn csv_rows(out: &Path, prefix: &str) -> Vec<String> {
    std::fs::read_dir(out.join("vps-4v-8gb/csv"))
        .expect("csv")
        .flat_map(|e| {
            common::csv_long(&std::fs::read_to_string(e.expect("entry").path()).expect("csv"))
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|l| l.starts_with(prefix))
        .collect()
}

/// archive38 F1: the harness writes each iteration to `log000.txt`,
/// `log001.txt`, …; five sections warned that those were "averaged into
/// one cell as if they were runs of one benchmark" and advised parts.
/// They are runs: no warning, and the cell is their mean.
#[test]
fn a_harness_s_numbered_logs_are_runs_without_a_warning() {
    let said = checked();
    assert!(!said.contains("as if they were runs"), "{said}");
    let (out, _, _tmp) = common::build_site(&site());
    let gwdg = csv_rows(&out, "gwdg,").into_iter().find(|l| l.contains(",events per second,")).expect("gwdg cpu");
    assert!(gwdg.contains(",events/s,3,2534.35,"), "{gwdg}");
}

/// archive38 F2: the a400 upload ran 3 times and the download twice, on
/// both configs alike. Rows of different set-ups are never compared with
/// each other: no "differing run counts". sysbench memory's 2 gwdg runs
/// against 1 of strato (one set-up) are still warned of.
#[test]
fn run_counts_are_weighed_within_a_set_up() {
    let said = checked();
    let counts: Vec<&str> = said.lines().filter(|l| l.contains("differing run counts")).collect();
    assert_eq!(counts.len(), 1, "{said}");
    assert!(
        counts[0].contains("section \"sysbench memory\"") && counts[0].ends_with("(1 run: strato; 2 runs: gwdg)"),
        "{said}"
    );
    let (out, _, _tmp) = common::build_site(&site());
    let rows = csv_rows(&out, "");
    let row = |k: &str, rev: &str| {
        rows.iter()
            .find(|l| {
                l.starts_with(&format!(
                    "{k},iperf3 --json -c a400.speedtest.wobcom.de -t 10,{rev},TCP,1,sender Bitrate,"
                ))
            })
            .unwrap_or_else(|| panic!("{k} {rev}: {rows:#?}"))
    };
    assert!(row("gwdg", "").contains(",Mbits/sec,3,1670.40"), "{}", row("gwdg", ""));
    assert!(row("strato", "").contains(",Mbits/sec,3,1874.68"), "{}", row("strato", ""));
    assert!(row("gwdg", "1").contains(",Mbits/sec,2,2127.50"), "{}", row("gwdg", "1"));
    assert!(row("strato", "1").contains(",Mbits/sec,2,3147.71"), "{}", row("strato", "1"));
}

/// archive38 F4: `sysbench cpu --threads=16 --cpu-max-prime=20000 run`
/// and `sysbench --memory-total-size=100G … run` (memory) were noted as
/// two set-ups of sysbench and captioned `set-up sysbench run`: two tests
/// of no table in common, never compared, are no set-ups of one another.
/// iperf3's servers (wtnet, a205, a400) still are.
#[test]
fn two_tests_of_one_benchmark_are_not_set_ups() {
    let said = checked();
    assert!(!said.contains("sysbench: files show different set-ups"), "{said}");
    assert!(said.contains("iperf3: files show different set-ups"), "{said}");
    let (out, _, _tmp) = common::build_site(&site());
    let mail = std::fs::read_to_string(out.join("vps-4v-8gb/email.txt")).expect("mail");
    let at = mail.find("\nsysbench cpu\n").expect("the sysbench cpu section");
    let caption: String = mail[at..].lines().skip(2).take(3).collect::<Vec<_>>().join(" ");
    assert!(caption.contains("threads 16") && !caption.contains("set-up"), "{caption}\n{mail}");
}
