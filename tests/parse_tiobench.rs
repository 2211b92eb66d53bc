//! tiobench parser over the real corpus and the seed posts, and what the
//! fixtures cannot say: errors with their lines, and the CPU Eff cells as
//! printed (a build derives CPU Eff anew from Rate and CPU%, so a fixture's
//! `.expected` holds the derived value).
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::model::{Better, ParsedFile, Sample};
use benchsite::parse::{BenchParser, ParseError, tiobench::Tiobench};
use common::parse::{corpus, read, shared};
use std::path::Path;

/// Detected as tiobench by the whole registry, and parsed.
fn detect_and_parse(path: &Path) -> ParsedFile {
    common::parse::detect_and_parse(&read(path), "tiobench", &path.display().to_string())
}

fn fixture(name: &str) -> ParsedFile {
    detect_and_parse(&common::parse::fixture_path("tiobench", name))
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
    let Some(dir) = corpus("tiobench") else { return };
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
    let Some(dir) = shared("seeds") else { return };
    // Kernel-column tables with suffixed titles, repeated in quoted replies.
    let p = Tiobench.parse(&read(&dir.join("002_94b8c07aec285a88.txt"))).unwrap();
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
    let p = Tiobench.parse(&read(&dir.join("000_837d85ba30a085a6.txt"))).unwrap();
    assert_eq!(p.samples.len(), 16 * 6);
    assert_eq!(one(&p, "Sequential Reads", "Rate", "2.4.17", "1").value.mean(), 13.23);
    assert_eq!(one(&p, "Random Reads", "CPU Eff", "2.4.17", "1").value.mean(), 73.88);
    assert_eq!(one(&p, "Random Writes", "CPU%", "2.4.17rat", "8").value.mean(), 1.2);
}

/// A last row cut short (5 of 10 numbers, the file's end) is left out with
/// a warning at its line; the whole row above is read (attack38 #13: it
/// was an error that dropped the file).
#[test]
fn fixture_cut_last_row_is_left_out_with_a_warning() {
    let input = common::parse::fixture("tiobench", "damaged-truncated-row.txt");
    let p = Tiobench.parse(&input).unwrap();
    assert_eq!(p.samples.len(), 7);
    assert!(p.samples.iter().all(|s| s.line == 5));
    assert!(p.notes.iter().any(|(l, n)| *l == 6 && n.contains("ends inside this tiobench row")), "{:?}", p.notes);
}

/// Cells run together are an error naming the line.
#[test]
fn fixture_glued_cells_are_an_error() {
    let err = Tiobench.parse(&common::parse::fixture("tiobench", "damaged-glued-cells.txt")).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 6, .. }), "{err}");
    assert!(err.to_string().contains("1126534.220.41870"), "{err}");
}

/// The parser reads a CPU Eff cell as printed; a build replaces it with
/// the one derived from Rate and CPU% (in the fixtures' `.expected`).
#[test]
fn fixture_cpu_eff_as_printed() {
    let p = fixture("tiobench033-three-thread-counts.txt");
    assert_eq!(one(&p, "Sequential Reads", "CPU Eff", "2.6.0-test9", "1").value.mean(), 230.0);
    let p = fixture("identifier-wider-than-header.txt");
    let (a, b) = ("2.4.19-pre10-ac2-rmap13b", "2.4.19-pre10-ac2-rmap13b-preempt-lowlat");
    assert_eq!(one(&p, "Sequential Reads", "CPU Eff", b, "4").value.mean(), 150.0);
    assert_eq!(one(&p, "Random Writes", "CPU Eff", a, "1").value.mean(), 74.0);
}
