//! tiobench parser over the real corpus, the seed posts and our fixtures.

use benchsite::model::{Better, ParsedFile, Sample};
use benchsite::parse::{self, BenchParser, Input, ParseError, tiobench::Tiobench};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn load(path: &Path) -> Input {
    Input::from_bytes(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Detected as tiobench by the whole registry, and parsed.
fn detect_and_parse(path: &Path) -> ParsedFile {
    let input = load(path);
    let p = parse::detect(&input).unwrap_or_else(|| panic!("{}: not detected", path.display()));
    assert_eq!(p.id(), "tiobench", "{}: detected as {}", path.display(), p.id());
    Tiobench.parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn fixture(name: &str) -> ParsedFile {
    detect_and_parse(&root().join("tests/fixtures/tiobench").join(name))
}

fn one<'a>(p: &'a ParsedFile, group: &str, metric: &str, kernel: &str, threads: &str) -> &'a Sample {
    let found: Vec<&Sample> = p
        .samples
        .iter()
        .filter(|s| {
            s.group == group
                && s.metric.name == metric
                && s.kernel.as_deref() == Some(kernel)
                && s.params.iter().any(|q| q.name == "threads" && q.value == threads)
        })
        .collect();
    assert_eq!(found.len(), 1, "{group}/{metric}/{kernel}/{threads}: {found:#?}");
    found[0]
}

#[test]
fn corpus_files() {
    let dir = root().join("../shared/corpus/tiobench");
    if !dir.is_dir() {
        eprintln!("corpus not found at {}, skipping", dir.display());
        return;
    }
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            continue;
        }
        let p = detect_and_parse(&path);
        assert!(!p.samples.is_empty());
        seen += 1;
    }
    assert!(seen >= 1);

    // Values read off the file by hand.
    let p = detect_and_parse(&dir.join("lkml-2003-01-tiobench-raw-2.5.57.txt"));
    assert_eq!(p.samples.len(), 4 * 7);
    let s = one(&p, "Sequential Reads", "Rate", "2.5.57", "10");
    assert_eq!((s.value.mean(), s.metric.unit.as_str(), s.metric.better, s.line), (8.67, "MB/s", Better::Higher, 45));
    let params: Vec<(&str, &str)> = s.params.iter().map(|q| (q.name.as_str(), q.value.as_str())).collect();
    assert_eq!(params, vec![("file size", "252"), ("blk size", "4096"), ("threads", "10")]);
    assert_eq!(one(&p, "Sequential Reads", "CPU%", "2.5.57", "10").value.mean(), 5.301);
    assert_eq!(one(&p, "Random Reads", "Avg Latency", "2.5.57", "10").value.mean(), 200.566);
    let w = one(&p, "Sequential Writes", "Max Latency", "2.5.57", "10");
    assert_eq!((w.value.mean(), w.metric.unit.as_str(), w.metric.better), (24865.88, "ms", Better::Lower));
    assert_eq!(one(&p, "Sequential Writes", "Lat% >2s", "2.5.57", "10").value.mean(), 0.05156);
    assert_eq!(one(&p, "Sequential Writes", "Lat% >10s", "2.5.57", "10").value.mean(), 0.00313);
    assert_eq!(one(&p, "Sequential Writes", "CPU%", "2.5.57", "10").value.mean(), 29.32);
    let e = one(&p, "Random Writes", "CPU Eff", "2.5.57", "10");
    assert_eq!((e.value.mean(), e.metric.unit.as_str(), e.line), (74.0, "", 63));
}

#[test]
fn seed_posts() {
    let dir = root().join("../shared/seeds");
    if !dir.is_dir() {
        eprintln!("corpus not found at {}, skipping", dir.display());
        return;
    }
    // Kernel-column tables with suffixed titles, repeated in quoted replies.
    let p = Tiobench.parse(&load(&dir.join("002_94b8c07aec285a88.txt"))).unwrap();
    assert_eq!(p.version.as_deref(), Some("0.3.3"));
    let s = one(&p, "Sequential Reads ext2", "Rate", "2.4.19-rc5-aa1", "1");
    assert_eq!((s.value.mean(), s.line), (51.21, 186));
    assert_eq!(one(&p, "Sequential Writes ext2", "CPU%", "2.5.33", "128").value.mean(), 222.9);
    assert_eq!(one(&p, "Sequential Reads reiserfs", "Max Latency", "2.4.20-pre5", "32").value.mean(), 8148.47);
    assert_eq!(one(&p, "Sequential Writes reiserfs", "CPU Eff", "2.4.20-pre5", "256").value.mean(), 21.0);
    // a later post's table, not a quote
    assert_eq!(one(&p, "Sequential Reads ext3", "Rate", "2.4.19-rc1-aa1", "256").value.mean(), 6.51);
    assert!(p.notes.iter().any(|(_, n)| n.contains("repeats")));
    assert!(p.samples.iter().all(|s| s.params.len() == 1));

    // Condensed layout, two operations per row.
    let p = Tiobench.parse(&load(&dir.join("000_837d85ba30a085a6.txt"))).unwrap();
    assert_eq!(p.samples.len(), 16 * 6);
    assert_eq!(one(&p, "Sequential Reads", "Rate", "2.4.17", "1").value.mean(), 13.23);
    assert_eq!(one(&p, "Random Reads", "CPU Eff", "2.4.17", "1").value.mean(), 73.88);
    assert_eq!(one(&p, "Random Writes", "CPU%", "2.4.17rat", "8").value.mean(), 1.2);
}

#[test]
fn fixture_three_thread_counts() {
    let p = fixture("tiobench033-three-thread-counts.txt");
    assert_eq!(p.version.as_deref(), Some("0.3.3"));
    assert_eq!(p.samples.len(), 4 * 3 * 7);
    assert_eq!(one(&p, "Random Reads", "Rate", "2.6.0-test9", "4").value.mean(), 0.93);
    assert_eq!(one(&p, "Sequential Writes", "Lat% >2s", "2.6.0-test9", "8").value.mean(), 0.00977);
    assert_eq!(one(&p, "Sequential Reads", "CPU Eff", "2.6.0-test9", "1").value.mean(), 230.0);
}

#[test]
fn fixture_outlook_wrapped_header_and_row() {
    let p = fixture("tiobench033-outlook-wrapped.txt");
    assert_eq!(p.version, None);
    assert_eq!(p.samples.len(), 7);
    let m = one(&p, "Sequential Reads", "Max Latency", "2.6.0-test9", "4");
    assert_eq!((m.value.mean(), m.line), (803.22, 15));
    assert_eq!(one(&p, "Sequential Reads", "Rate", "2.6.0-test9", "4").line, 14);
    assert_eq!(p.notes.len(), 1);
}

#[test]
fn fixture_kernel_tables_and_quoted_reply() {
    let p = fixture("kernel-tables-with-quoted-reply.txt");
    // 6 rows; this layout has 6 metrics (Thr is a param, no >2s column)
    assert_eq!(p.samples.len(), 6 * 6);
    assert_eq!(p.notes.len(), 2);
    assert_eq!(one(&p, "Sequential Reads ext3", "Rate", "2.6.0-test9-mm2", "64").value.mean(), 18.77);
    assert_eq!(one(&p, "Random Writes ext3", "Lat% >10s", "2.6.0-test9", "64").value.mean(), 0.00211);
}

#[test]
fn fixture_condensed() {
    let p = fixture("condensed-two-ops-per-row.txt");
    assert_eq!(p.samples.len(), 8 * 6);
    assert_eq!(one(&p, "Random Writes", "Rate", "2.4.23-rat", "4").value.mean(), 0.63);
    assert_eq!(one(&p, "Sequential Writes", "CPU Eff", "2.4.23", "1").value.mean(), 28.72);
}

#[test]
fn fixture_damaged_row_is_an_error() {
    let input = load(&root().join("tests/fixtures/tiobench/damaged-truncated-row.txt"));
    let err = Tiobench.parse(&input).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 6, .. }), "{err}");
}

/// Identifiers wider than the Identifier column (the cells sit right of
/// their header words), a row with tabs and a wrapped row: every cell in its
/// own column, and each identifier its own kernel, never runs of one.
#[test]
fn fixture_identifier_wider_than_header() {
    let p = fixture("identifier-wider-than-header.txt");
    assert_eq!(p.samples.len(), 6 * 7);
    let (a, b) = ("2.4.19-pre10-ac2-rmap13b", "2.4.19-pre10-ac2-rmap13b-preempt-lowlat");
    assert_eq!(one(&p, "Sequential Reads", "Rate", a, "1").value.mean(), 31.42);
    assert_eq!(one(&p, "Sequential Reads", "Rate", b, "1").value.mean(), 30.96);
    assert_eq!(one(&p, "Sequential Reads", "CPU%", b, "4").value.mean(), 17.95);
    assert_eq!(one(&p, "Sequential Reads", "Max Latency", b, "4").value.mean(), 1502.27);
    assert_eq!(one(&p, "Sequential Reads", "CPU Eff", b, "4").value.mean(), 150.0);
    // TAB-separated row.
    assert_eq!(one(&p, "Random Writes", "Avg Latency", a, "1").value.mean(), 0.012);
    assert_eq!(one(&p, "Random Writes", "CPU Eff", a, "1").value.mean(), 74.0);
    // Wrapped row: the tail is on line 28.
    let tail = one(&p, "Random Writes", "Max Latency", b, "1");
    assert_eq!((tail.value.mean(), tail.line), (12.97, 28));
    assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some(a) || s.kernel.as_deref() == Some(b)));
}

/// The old tiobench.pl table (`Dir Size Size Thr Rate (CPU%)` × 4, rows
/// starting `.`): the directory is not a kernel, `103.%` is 103.
#[test]
fn fixture_old_dir_table() {
    let p = fixture("old-dir-table.txt");
    assert_eq!(p.samples.len(), 3 * 8);
    assert!(p.samples.iter().all(|s| s.kernel.is_none()));
    let write_cpu: Vec<f64> = p
        .samples
        .iter()
        .filter(|s| s.group == "Sequential Writes" && s.metric.name == "CPU%")
        .map(|s| s.value.mean())
        .collect();
    assert_eq!(write_cpu, vec![88.9, 101.0, 97.4]);
    let rr = p.samples.iter().find(|s| s.group == "Random Reads" && s.metric.name == "Rate").unwrap();
    let params: Vec<_> = rr.params.iter().map(|q| (q.name.as_str(), q.value.as_str())).collect();
    assert_eq!(params, vec![("file size", "2000"), ("blk size", "4096"), ("threads", "1")]);
    let ext3 = p.samples.iter().find(|s| s.line == 9).unwrap();
    assert_eq!(ext3.params[0].name, "dir");
    assert_eq!(ext3.params[0].value, "/mnt/ext3");
}

/// Cells run together are an error naming the line; a row one cell short
/// after commentary is a note naming the line, and is not read.
#[test]
fn fixture_glued_and_missing_cells() {
    let input = load(&root().join("tests/fixtures/tiobench/damaged-glued-cells.txt"));
    let err = Tiobench.parse(&input).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 6, .. }), "{err}");
    assert!(err.to_string().contains("1126534.220.41870"), "{err}");
    let p = fixture("missing-cell-after-commentary.txt");
    assert_eq!(p.samples.len(), 6);
    assert!(p.samples.iter().all(|s| s.line == 4));
    assert!(p.notes.iter().any(|(l, n)| *l == 6 && n.contains("not read")), "{:?}", p.notes);
}

/// tiotest's own boxes under two kernel labels: every cell read by its
/// `|`, also where a rate of 10000 MB/s or more pushes the bars right; the
/// labels keep the two runs apart; an overflowed cell and a row that lost a
/// bar are notes naming their lines.
#[test]
fn fixture_tiotest_boxes() {
    let input = load(&root().join("tests/fixtures/tiobench/tiotest-boxes-two-kernels-overflow.txt"));
    let segs = parse::segment::segments(&input, None);
    assert_eq!(segs.len(), 1);
    assert_eq!(segs[0].parser.id(), "tiobench");
    let p = segs[0].outcome.as_ref().unwrap();
    // 4 + 4 rows × 4 cells, 5 + 5 latency rows × 4, less one cell and one row.
    assert_eq!(p.samples.len(), 16 + 16 + 20 + 20 - 1 - 4);
    let read = one(p, "Read", "Rate", "2.6.10-rc2", "4");
    assert_eq!((read.value.mean(), read.line, read.metric.unit.as_str()), (10234.567, 34, "MB/s"));
    assert_eq!(read.metric.better, Better::Higher);
    assert!(read.params.iter().any(|q| q.name == "MBs" && q.value == "40"));
    assert_eq!(one(p, "Read", "Sys CPU", "2.6.10-rc2", "4").value.mean(), 1203.4);
    assert_eq!(one(p, "Read", "Rate", "2.6.9", "4").value.mean(), 44.870);
    let time = one(p, "Random Read", "Time", "2.6.9", "4");
    assert_eq!((time.value.mean(), time.metric.unit.as_str(), time.metric.better), (20.4, "s", Better::Lower));
    let max = one(p, "Total", "Maximum latency", "2.6.9", "4");
    assert_eq!((max.value.mean(), max.line, max.metric.better), (2403.118, 24, Better::Lower));
    assert_eq!(one(p, "Random Write", "% >2 sec", "2.6.10-rc2", "4").value.mean(), 0.01953);
    assert_eq!(one(p, "Random Write", "% >2 sec", "2.6.10-rc2", "4").metric.better, Better::Neither);
    assert!(!p.samples.iter().any(|s| s.line == 35 && s.metric.name == "Rate"));
    assert!(!p.samples.iter().any(|s| s.line == 44));
    let noted: Vec<usize> = p.notes.iter().map(|(l, _)| *l).collect();
    assert_eq!(noted, vec![35, 44], "{:?}", p.notes);
    assert!(p.notes.iter().all(|(_, n)| !parse::note_is_info(n)));
}

const REAL: &[&str] = &[
    "Sequential Reads",
    "                              File  Blk   Num                   Avg      Maximum      Lat%     Lat%    CPU",
    "Identifier                    Size  Size  Thr   Rate  (CPU%)  Latency    Latency      >2s      >10s    Eff",
    "---------------------------- ------ ----- ---  ------ ------ --------- -----------  -------- -------- -----",
    "2.5.57                        252   4096   10    8.67 5.301%    11.945     1657.01   0.00000  0.00000   164",
    "Num Seq Read CPU Rand Read CPU",
    "Thr Rate (CPU%) Eff Rate (CPU%) Eff",
    "2.4.17 1 13.23 43.2% 30.62 2.74 3.7% 73.88",
    "Kernel Thr Rate (CPU%) Latency Latency >10s Eff",
    "2.4.19 1 51.21 28.87% 0.226",
    "103.26 0.00000 177",
    "Random Writes ext3 - x",
    "",
];

proptest! {
    #[test]
    fn no_panic_on_arbitrary_text(s in "\\PC{0,400}") {
        let input = Input::from_text(&s);
        let _ = Tiobench.detect(&input);
        let _ = Tiobench.parse(&input);
    }

    #[test]
    fn no_panic_on_mixed_lines(picks in prop::collection::vec((0usize..REAL.len(), "[ -~%>]{0,40}", any::<bool>()), 0..40)) {
        let text: Vec<String> = picks
            .into_iter()
            .map(|(i, junk, real)| if real { REAL[i].to_string() } else { junk })
            .collect();
        let input = Input::from_text(&text.join("\n"));
        let _ = Tiobench.detect(&input);
        if let Ok(p) = Tiobench.parse(&input) {
            prop_assert!(p.samples.iter().all(|s| s.value.mean().is_finite() && s.line >= 1 && s.line <= input.lines.len()));
        }
    }
}
