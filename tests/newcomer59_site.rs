//! newcomer59b's site (tests/sites/newcomer59: its YAML; its raw files are
//! shared corpus files, put in place from `../shared`, skipped without
//! it): its mail (session 59, /work/notes/newcomer59b/FINDINGS.md items 5
//! and 6) gave one wrong reason for every untested table and took 197
//! lines for 7 sections.

mod common;

use common::{build_site, corpus_site};

/// The newcomer's raw files: content path, corpus file under `../shared`
/// (tests/sites/newcomer59/SOURCES.md).
const FILES: &[(&str, &str)] = &[
    ("my-box/6.9.0/fio.json", "corpus-modern/fio/01.txt"),
    ("my-box/6.9.0/stress-ng-memrate.txt", "corpus-modern/stress-ng/02.txt"),
    ("my-box/6.9.0/hackbench.txt", "corpus-modern/hackbench/hackbench.txt"),
    ("my-box/6.9.0/dbench.txt", "corpus/dbench/lkp-dbench4-128procs.txt"),
    ("my-box/6.9.0/kernbench.txt", "corpus/kernbench/lkp-kernbench-5runs-stddev.txt"),
    ("my-box/6.9.0/lmbench-bw_mem.txt", "corpus/lmbench3/lkp-lmbench3-bw_mem-with-buildlog.txt"),
    ("my-box/6.10.0/fio.json", "corpus-modern/fio/02.txt"),
    ("my-box/6.10.0/stress-ng-memrate.txt", "corpus-modern/stress-ng/06.txt"),
    ("my-box/6.10.0/hackbench.txt", "corpus-modern/hackbench/hackbench-multi-instance.txt"),
    ("my-box/6.10.0/tbench.txt", "corpus/tbench/lkp-tbench4-2runs-128procs.txt"),
    ("my-box/6.10.0/kernbench.txt", "corpus/kernbench/lkp-kernbench-1run-nostddev.txt"),
    ("my-box/6.10.0/lmbench-mmap.txt", "corpus/lmbench3/lkp-lmbench3-mmap-rawresults.txt"),
    ("my-box/6.11.0/fio.json", "corpus-modern/fio/03.txt"),
    ("my-box/6.11.0/stress-ng-longjmp.txt", "corpus-modern/stress-ng/05.txt"),
    ("my-box/6.11.0/tiobench.txt", "corpus/tiobench/lkml-2003-01-tiobench-raw-2.5.57.txt"),
];

#[test]
fn the_newcomers_mail_says_why_and_is_dense() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let Some(content) = corpus_site(tmp.path(), "newcomer59", FILES) else { return };
    let (out, stderr, _keep) = build_site(&content);
    let mail = std::fs::read_to_string(out.join("my-box/email.txt")).expect("email.txt");
    let joined = mail.split_whitespace().collect::<Vec<_>>().join(" ");
    let line_with = |words: &[&str]| mail.lines().find(|l| words.iter().all(|w| l.contains(w)));

    // 5. The key gave "too few runs, spread or change" for every table;
    // hackbench had 8 runs a row, its set-ups differing. Each reason now.
    assert!(!joined.contains("too few runs, spread or change"), "{mail}");
    assert!(
        joined.contains(
            "no change could be tested for significance: single runs in fio random read (mmap, 4k); no row \
             compared with the baseline in the other 6 sections (the notes under their tables say why)"
        ),
        "{mail}"
    );

    // 6. fio's three stacked tables, each repeating six parameter
    // columns: one table, each set-up's parameters said once above it.
    assert!(line_with(&["kernel", "set-up", "read: bw", "read: IOPS", "read: clat mean"]).is_some(), "{mail}");
    assert!(joined.contains("set-up A: rw randread, bs 4KiB, ioengine mmap, iodepth 32, jobs 24"), "{mail}");
    assert!(joined.contains("set-up B: rw read, bs 128KiB, ioengine libaio, iodepth 16, jobs 8"), "{mail}");
    assert!(line_with(&["6.9.0", "randread"]).is_none(), "rw columns left: {mail}");
    // 01.txt l.38/39/54, 02.txt l.38/39/53, 03.txt: every figure on its row.
    assert!(line_with(&["6.9.0", "117320262", "29330066", "1321.87"]).is_some(), "{mail}");
    assert!(line_with(&["6.10.0", "120597338 +2.8%", "30149335 +2.8%", "1286.47 +2.7%"]).is_some(), "{mail}");
    assert!(line_with(&["6.11.0", "3372201", "26343", "4831323.06"]).is_some(), "{mail}");
    assert!(joined.contains("6.11.0's row has set-up B"), "{mail}");

    // One-kernel tiobench: the file's four rows (lkml-2003-01 l.57-60),
    // not a list of 28 metrics.
    for (test, figures) in [
        ("Sequential Reads", ["8.67", "5.301", "11.945", "1657.01"]),
        ("Random Reads", ["0.53", "0.951", "200.566", "1024.79"]),
        ("Sequential Writes", ["17.48", "29.32", "3.808", "24865.88"]),
        ("Random Writes", ["0.75", "1.012", "0.577", "1103.55"]),
    ] {
        let mut words = vec!["6.11.0", test];
        words.extend(figures);
        assert!(line_with(&words).is_some(), "{test}: {mail}");
    }
    assert!(line_with(&["Sequential Writes", "0.00313", "60"]).is_some(), "{mail}");
    assert!(line_with(&["Sequential Reads Rate"]).is_none(), "{mail}");

    // Shorter (197 lines in session 59), within 72 columns.
    let lines = mail.lines().count();
    assert!(lines <= 170, "{lines} lines\n{mail}");
    assert!(mail.lines().all(|l| unicode_width::UnicodeWidthStr::width(l) <= 72), "{mail}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
