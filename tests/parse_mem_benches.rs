//! STREAM over the LKP corpus (`../shared/corpus-modern/stream/`, its
//! values checked against lkp's `*.expected.yaml` under our names) and over
//! the real fixtures in `tests/fixtures/stream/` (each `X.txt` with the
//! numbers read by hand in `X.hand.yaml`, checked by `tests/fixtures.rs`;
//! here, what the data cannot say: thread counts kept apart).
//!
//! lkp's names → ours: `copy_bandwidth_MBps` → `Copy`, `scale_…` →
//! `Scale`, `add_…` → `Add`, `triad_…` → `Triad` (lkp's value is the mean
//! of the iterations' best rates; ours are one sample per iteration, so
//! their mean is compared); `array_size` → the `array_size` parameter.
//!
//! lkp values not compared, and why: `*_bandwidth_MBps_harmonicMean`,
//! lkp's own statistic over the iterations; `element_size_byte`, not read
//! (`This system uses 8 bytes per array element.`: the element type is the
//! same for every STREAM run of a build).

use benchsite::model::{ParsedFile, Sample};
use benchsite::parse::{self, Input};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus(program: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus-modern").join(program);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
}

/// The file read by the parser `detect` picks, which must be `id`.
fn read(path: &Path, id: &str) -> ParsedFile {
    let input = Input::from_bytes(&std::fs::read(path).expect("file"));
    let p = parse::detect(&input).unwrap_or_else(|| panic!("{}: not recognised", path.display()));
    assert_eq!(p.id(), id, "{}", path.display());
    p.parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
    s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
}

fn values(f: &ParsedFile, metric: &str) -> Vec<f64> {
    f.samples.iter().filter(|s| s.metric.name == metric).map(|s| s.value.mean()).collect()
}

#[test]
fn stream_corpus_agrees_with_lkp() {
    let Some(dir) = corpus("stream") else { return };
    let f = read(&dir.join("01.txt"), "stream");
    let text = std::fs::read_to_string(dir.join("01.expected.yaml")).expect("expected yaml");
    let lkp: BTreeMap<String, f64> = serde_yaml::from_str(&text).expect("lkp yaml");
    assert_eq!(f.version.as_deref(), Some("5.10"));
    for (lkp_name, ours) in [("copy", "Copy"), ("scale", "Scale"), ("add", "Add"), ("triad", "Triad")] {
        let runs = values(&f, ours);
        assert_eq!(runs.len(), 10, "{ours}: one sample per iteration");
        let mean = runs.iter().sum::<f64>() / runs.len() as f64;
        let want = lkp[&format!("{lkp_name}_bandwidth_MBps")];
        assert!((mean - want).abs() < 0.01, "{ours}: mean {mean}, lkp {want}");
    }
    let size = lkp["array_size"].to_string();
    assert!(f.samples.iter().all(|s| param(s, "array_size") == Some(size.as_str())));
    assert!(f.samples.iter().all(|s| s.metric.unit == "MB/s"));
}

#[test]
fn stream_fixture_keeps_thread_counts_apart() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/stream/stream-scaling-readme-5.9-threads-1-to-8.txt");
    let f = read(&path, "stream");
    let threads: Vec<&str> =
        f.samples.iter().filter(|s| s.metric.name == "Triad").filter_map(|s| param(s, "threads")).collect();
    assert_eq!(threads, ["1", "2", "3", "4", "5", "6", "7", "8"]);
}
