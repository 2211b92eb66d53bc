//! newcomer58's site (tests/sites/newcomer58: its YAML; its raw files are
//! shared corpus files, put in place from `../shared`, skipped without
//! it): what a first-time user saw wrong on its pages (session 58,
//! /work/notes/newcomer58/FINDINGS.md), each now as the file printed it.

mod common;

use common::{build_site, corpus_site};
use std::path::Path;

/// The newcomer's raw files: content path, corpus file under `../shared`
/// (tests/sites/newcomer58/SOURCES.md).
const FILES: &[(&str, &str)] = &[
    ("my-box/6.9.0/fio.txt", "corpus-modern/fio/02.txt"),
    ("my-box/6.9.0/stress-ng.txt", "corpus-modern/stress-ng/02.txt"),
    ("my-box/6.10.0/fio.txt", "corpus-modern/fio/01.txt"),
    ("my-box/6.10.0/stress-ng.txt", "corpus-modern/stress-ng/06.txt"),
    ("my-box/6.10.0/dbench-128.txt", "corpus/dbench/lkp-dbench4-128procs.txt"),
    ("my-box/lmbench.txt", "corpus/lmbench3/vc-lmbench3-x64-ksuffix-emptyfields.txt"),
];

fn read(out: &Path, rel: &str) -> String {
    std::fs::read_to_string(out.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[test]
fn the_newcomers_pages_say_what_the_files_printed() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let Some(content) = corpus_site(tmp.path(), "newcomer58", FILES) else { return };
    let (out, stderr, _keep) = build_site(&content);
    let md = read(&out, "my-box/index.md");
    let mail = read(&out, "my-box/email.txt");
    let html = read(&out, "my-box/index.html");

    // 1. lkp-dbench4-128procs.txt line 32 prints `WriteX ... 12.800` and
    // line 33 `Unlink ... 12.660`: shown so, not `12.8` / `12.66`.
    // The mail draws the one kernel's operations as dbench prints them, a
    // row each (Count, AvgLat, MaxLat as columns: session 60).
    for (page, ops) in [
        (&md, ["WriteX MaxLat", "Unlink MaxLat"]),
        (&mail, ["WriteX ", "Unlink "]),
        (&html, ["WriteX MaxLat", "Unlink MaxLat"]),
    ] {
        for (op, printed) in ops.into_iter().zip(["12.800", "12.660"]) {
            let line = page.lines().find(|l| l.contains(op)).unwrap_or_else(|| panic!("{op}"));
            assert!(line.contains(printed), "{op}: {line}");
        }
    }

    // 2. Where the metrics are rows, the caption says rows; where the
    // mail turns them to columns, it says neither.
    assert!(mail.contains("time rows informational"), "{mail}");
    assert!(mail.contains("; Count informational"), "{mail}");
    assert!(!mail.contains("columns informational") && !md.contains("columns informational"));

    // 3. stress-ng's runs differ in instances (96, 128) only; both ran
    // `--timeout 60`, which the note no longer names as a difference.
    let note = mail.replace('\n', " ");
    assert!(
        note.contains(
            "not compared with 6.9.0: 6.10.0 (6.9.0's rows have instances 96; 6.10.0's rows have instances 128)"
        ),
        "{mail}"
    );
    assert!(!note.contains("instances 96, timeout 60s)"), "{mail}");

    // 5. The geometric mean is over fio's read: bw and read: IOPS (both
    // -2.7%: 120597338 → 117320262 KiB/s, 30149335 → 29330066), said so;
    // not over all 23 compared values (-1.4%) beside "No change could be
    // tested" with no word.
    let reg = read(&out, "my-box/regressions.md");
    // Session 60: `compared` counts the values the mean is over (2), not
    // all 23 beside a mean of 2.
    assert!(reg.contains("| 6.10.0 | 2 | 0 | 0 | 0 | -2.7% |"), "{reg}");
    assert!(reg.contains("compared, tested, wins and losses count those the geometric mean is over"), "{reg}");
    assert!(reg.contains("fio: read: bw, read: IOPS (bigger is better)"), "{reg}");
    assert!(reg.contains("untested"), "{reg}");

    // 6. The nine lmbench groups no section picks: one warning, naming each.
    let left: Vec<&str> = stderr.lines().filter(|l| l.contains("results no section selects (lmbench")).collect();
    assert_eq!(left.len(), 1, "{stderr}");
    assert!(left[0].contains("9 groups") && left[0].contains("\"Memory latencies\""), "{}", left[0]);

    // 6. A chart whose panels say "(scale A)" says what that means.
    let charts = out.join("my-box/charts");
    let mut scaled = 0;
    for e in std::fs::read_dir(&charts).expect("charts") {
        let svg = std::fs::read_to_string(e.expect("entry").path()).unwrap_or_default();
        if svg.contains("(scale A)") {
            scaled += 1;
            assert!(svg.contains("panels of one (scale X) share an axis"));
        }
    }
    assert!(scaled > 0, "no chart with scales: the test no longer sees the case");
}
