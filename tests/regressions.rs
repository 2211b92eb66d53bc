//! The regressions page of a machine class (issue 23, point 4):
//! `regressions.html`, `regressions.md` and `benchsite text CLASS
//! --regressions` list the significant losses past the nearest
//! `regression_threshold:`, and say when nothing could be tested.

mod common;

use common::{benchsite, dbench, put, small_site};
use std::path::{Path, PathBuf};

/// A site of three kernels of three dbench runs each against 2.4.7
/// (about 9.28 MB/s; the mean of its three runs, 9.2767, is printed
/// 9.277, a decimal more than the runs): 2.4.8 about 25% worse, 2.4.9
/// about 3% better.
/// `machine_extra` and `section_extra` are added to `machine.yaml` and to
/// its one section.
fn site_with_runs(root: &Path, machine_extra: &str, section_extra: &str) -> PathBuf {
    let c = small_site(root);
    put(
        &c,
        "m1/machine.yaml",
        format!(
            "name: \"Machine one\"\nbaseline: \"2.4.7\"\n{machine_extra}sections:\n  - title: \"dbench 32\"\n    files: [\"*/dbench*.txt\"]\n{section_extra}"
        ),
    );
    put(&c, "m1/2.4.7/dbench-32.txt", dbench("9.25") + &dbench("9.30") + &dbench("9.28"));
    put(&c, "m1/2.4.8/dbench-32.txt", dbench("6.90") + &dbench("7.00") + &dbench("6.95"));
    put(&c, "m1/2.4.9/dbench-32.txt", dbench("9.55") + &dbench("9.58") + &dbench("9.60"));
    c
}

fn build(c: &Path, out: &Path) -> std::process::Output {
    benchsite().arg("build").arg("--content").arg(c).arg("--output").arg(out).output().expect("runs")
}

fn read(p: PathBuf) -> String {
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn text_regressions(c: &Path) -> String {
    let out = benchsite().args(["text", "m1", "--regressions", "--content"]).arg(c).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_significant_loss_is_listed_in_every_rendering_and_counted_on_the_machine_page() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = site_with_runs(dir.path(), "", "");
    let out = dir.path().join("out");
    assert!(build(&c, &out).status.success());
    let html = read(out.join("m1/regressions.html"));
    assert!(html.contains("<p class=\"counts\">1 regression, 1 improvement</p>"), "{html}");
    // The one line: section linked to its anchor, kernel, values, change, p.
    assert!(html.contains("<a href=\"index.html#dbench-32\">dbench 32</a></td><td>Throughput"), "{html}");
    assert!(html.contains("<td class=\"kernel\">2.4.8</td>"), "{html}");
    assert!(html.contains("<span class=\"delta worse significant\">-25."), "{html}");
    assert!(!html.contains("<td class=\"kernel\">2.4.9</td>"), "an improvement is not a regression");
    // The summary of compare.html, its links made to work from here.
    assert!(html.contains("<a href=\"compare.html#vs-1\">2.4.8</a>"), "{html}");
    let index = read(out.join("m1/index.html"));
    assert!(
        index.contains("<dt>Regressions</dt><dd><a href=\"regressions.html\">1 regression, 1 improvement</a></dd>"),
        "the machine page counts them and links the page"
    );
    let md = read(out.join("m1/regressions.md"));
    assert!(md.contains("1 regression, 1 improvement\n"), "{md}");
    assert!(
        md.contains("| [dbench 32](index.md#dbench-32) | Throughput (MB/s) |  | 2.4.8 | 6.95 | 9.277 (2.4.7) |"),
        "{md}"
    );
    let text = text_regressions(&c);
    assert!(text.contains("1 regression, 1 improvement\n"), "{text}");
    assert!(text.contains("1. dbench 32, Throughput (MB/s): 2.4.8 6.95 vs 9.277 on 2.4.7, -25."), "{text}");
    assert!(text.contains("- 2.4.9:"), "{text}");
    // One kernel's: still against the baseline's value.
    let out = benchsite().args(["text", "m1", "--regressions", "--kernels", "2.4.8", "--content"]).arg(&c).output();
    let text = String::from_utf8_lossy(&out.expect("runs").stdout).into_owned();
    assert!(text.contains("2.4.8 6.95 vs 9.277 on 2.4.7") && !text.contains("2.4.9"), "{text}");
}

#[test]
fn the_nearest_threshold_wins() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The machine's 50% would hide the loss; the section's 5% hides only
    // the 3% gain.
    let c = site_with_runs(dir.path(), "regression_threshold: 50\n", "    regression_threshold: 5\n");
    put(&c, "site.yaml", "title: \"Test site\"\nregression_threshold: 90\n");
    let text = text_regressions(&c);
    assert!(text.contains("1 regression, 0 improvements\n"), "{text}");
    assert!(text.contains("larger than 5% of the baseline's value"), "{text}");
    // Without the section's, the machine's.
    let c = site_with_runs(dir.path(), "regression_threshold: 50\n", "");
    let text = text_regressions(&c);
    assert!(text.contains("0 regressions, 0 improvements\n"), "{text}");
    assert!(text.contains("2 significant changes within the threshold are not counted"), "{text}");
    // Without either, the site's.
    let c = site_with_runs(dir.path(), "", "");
    put(&c, "site.yaml", "title: \"Test site\"\nregression_threshold: 3.5\n");
    let text = text_regressions(&c);
    assert!(text.contains("1 regression, 0 improvements\n"), "{text}");
}

#[test]
fn a_bad_threshold_is_an_error_at_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (machine, section, line, says) in [
        ("regression_threshold: -1\n", "", 3, "must be a number, 0 or more"),
        ("", "    regression_threshold: .nan\n", 6, "section \"dbench 32\": regression_threshold"),
        ("regression_threshold: five\n", "", 3, "regression_threshold"),
        ("regresion_threshold: 5\n", "", 3, "unknown field"),
    ] {
        let c = site_with_runs(dir.path(), machine, section);
        let out = build(&c, &dir.path().join("out"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{machine}{section}: {err}");
        assert!(err.contains(&format!("machine.yaml:{line}")) && err.contains(says), "{machine}{section}: {err}");
    }
}

#[test]
fn single_runs_say_no_change_could_be_tested_not_zero_regressions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = small_site(dir.path());
    let out = dir.path().join("out");
    assert!(build(&c, &out).status.success());
    for f in ["m1/regressions.html", "m1/regressions.md", "m1/index.html"] {
        let page = read(out.join(f));
        assert!(page.contains("No change could be tested for significance"), "{f}: {page}");
        assert!(!page.contains("0 regressions"), "{f}");
    }
    let text = text_regressions(&c);
    assert!(text.contains("No change could be tested") && !text.contains("0 regressions"), "{text}");
}
