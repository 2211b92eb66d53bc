//! The IRMAN parser over the real corpus post and the seed post, and the
//! fixture it must refuse.
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::model::{Better, ParsedFile};
use benchsite::parse::irman::Irman;
use benchsite::parse::{self, BenchParser, Input};
use common::parse::{fixture, shared};

/// The value of one (group, kernel, metric) cell; panics unless exactly one.
fn one(p: &ParsedFile, group: &str, kernel: Option<&str>, metric: &str) -> f64 {
    let v: Vec<f64> = p
        .samples
        .iter()
        .filter(|s| s.group == group && s.kernel.as_deref() == kernel && s.metric.name == metric)
        .map(|s| s.value.mean())
        .collect();
    assert_eq!(v.len(), 1, "{group} {kernel:?} {metric}: {v:?}");
    v[0]
}

#[test]
fn corpus_files_are_detected_and_parsed() {
    let Some(dir) = shared("corpus/irman") else {
        return;
    };
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            continue;
        }
        let input = Input::from_bytes(&std::fs::read(&path).unwrap());
        let winner = parse::detect(&input).map(|p| p.id());
        assert_eq!(winner, Some("irman"), "{}", path.display());
        let parsed = Irman.parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!parsed.samples.is_empty());
        seen += 1;
    }
    assert!(seen >= 1);
}

#[test]
fn corpus_four_tests_seven_kernels() {
    let Some(dir) = shared("corpus/irman") else {
        return;
    };
    let path = dir.join("lkml-2002-08-irman-4tests-7kernels.txt");
    let input = Input::from_bytes(&std::fs::read(path).unwrap());
    assert_eq!(Irman.detect(&input), 85);
    let p = Irman.parse(&input).unwrap();
    // 4 tests x 7 kernels x 4 metrics
    assert_eq!(p.samples.len(), 112);
    assert!(p.samples.iter().all(|s| s.metric.unit == "ms" && s.metric.better == Better::Lower));
    assert!(p.samples.iter().all(|s| s.params.is_empty() && s.kernel.is_some()));
    // Values read off the post by hand.
    assert_eq!(one(&p, "NULL", Some("2.4.18"), "Max"), 45.955);
    assert_eq!(one(&p, "NULL", Some("2.4.18-0.24pre3"), "Max"), 0.121);
    assert_eq!(one(&p, "NULL", Some("2.5.31"), "Avg"), 0.007);
    assert_eq!(one(&p, "MEMORY", Some("2.4.19-ck3"), "Max"), 150.216);
    assert_eq!(one(&p, "MEMORY", Some("2.5.31"), "StdDev"), 0.002);
    assert_eq!(one(&p, "FILE_IO", Some("2.4.19-ck3-aa"), "Max"), 1363.153);
    assert_eq!(one(&p, "FILE_IO", Some("2.4.18-0.24pre3"), "StdDev"), 1.379);
    assert_eq!(one(&p, "PROCESS", Some("2.4.19-ck3"), "Max"), 1710.017);
    assert_eq!(one(&p, "PROCESS", Some("2.5.31"), "StdDev"), 4.354);
    assert_eq!(one(&p, "PROCESS", Some("2.4.19-ck3-rmap"), "Min"), 0.005);
    let first = p.samples.iter().find(|s| s.group == "NULL").unwrap();
    assert_eq!(first.line, 52);
}

#[test]
fn seed_post_skips_quoted_copies() {
    let Some(dir) = shared("seeds") else { return };
    let path = dir.join("002_94b8c07aec285a88.txt");
    if !path.exists() {
        eprintln!("seed not found at {}, skipping", path.display());
        return;
    }
    let input = Input::from_bytes(&std::fs::read(path).unwrap());
    assert_eq!(Irman.detect(&input), 90);
    let p = Irman.parse(&input).unwrap();
    // Two tables: the original one (3 kernels x 4 metrics) and a later one
    // from another machine (7 kernels x 4); the three quoted copies of the
    // first one are skipped.
    assert_eq!(p.samples.len(), 40);
    assert_eq!(p.notes.iter().filter(|(_, n)| n.contains("repeated")).count(), 3);
    assert_eq!(one(&p, "FILE_IO", Some("2.4.20-pre4-ac1"), "Max"), 40.603);
    assert_eq!(one(&p, "FILE_IO", Some("2.4.20-pre5aa1"), "Max"), 450.191);
    assert_eq!(one(&p, "FILE_IO", Some("2.5.33"), "StdDev"), 3.077);
    let pre5: Vec<(f64, usize)> = p
        .samples
        .iter()
        .filter(|s| s.kernel.as_deref() == Some("2.4.20-pre5") && s.metric.name == "StdDev")
        .map(|s| (s.value.mean(), s.line))
        .collect();
    assert_eq!(pre5, vec![(0.080, 51), (3.708, 970)]);
}

#[test]
fn fixture_truncated_row_is_an_error() {
    let err = Irman.parse(&fixture("irman", "truncated-row.txt")).unwrap_err();
    assert_eq!(err.line(), Some(4), "{err}");
}
