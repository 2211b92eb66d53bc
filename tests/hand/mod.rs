//! A small reader of `X.hand.yaml` beside the fixtures of one benchmark
//! directory, in the format `tests/wild.rs` reads (see there): each value
//! must be read on its line, or, with `read: false`, must not be; `known:`
//! marks a value still read wrong (then it must still be wrong);
//! `segments:` lists the benchmarks in file order. For the fixture
//! directories `tests/wild.rs` does not drive yet.
#![allow(dead_code)]

use benchsite::model::{ParsedFile, Value};
use serde::Deserialize;
use std::path::Path;

#[derive(Debug, Deserialize)]
struct Hand {
    #[serde(default)]
    segments: Vec<String>,
    #[serde(default)]
    values: Vec<HandValue>,
}

#[derive(Debug, Deserialize)]
struct HandValue {
    line: usize,
    #[serde(default)]
    r#where: String,
    value: f64,
    #[serde(default = "yes")]
    read: bool,
    #[serde(default)]
    known: Option<String>,
}

fn yes() -> bool {
    true
}

fn same(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

/// Every number read on `line`: values, means, deviations, numeric params.
fn read_on(parsed: &[ParsedFile], line: usize) -> Vec<f64> {
    let mut out = Vec::new();
    for s in parsed.iter().flat_map(|p| &p.samples).filter(|s| s.line == line) {
        out.extend(s.params.iter().filter_map(|p| p.numeric()));
        match s.value {
            Value::Single { value } => out.push(value),
            Value::Summary { mean, stddev, .. } => {
                out.push(mean);
                out.extend(stddev);
            }
        }
    }
    out
}

/// Checks every `X.txt` with an `X.hand.yaml` in `tests/fixtures/<dir>`;
/// returns what is wrong (empty when right).
pub fn check_dir(dir: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(dir);
    let mut problems = Vec::new();
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&root).expect("fixture dir").filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let txt = e.path();
        if txt.extension().is_none_or(|x| x != "txt") {
            continue;
        }
        let hand_path = txt.with_extension("hand.yaml");
        let Ok(hand) = std::fs::read_to_string(&hand_path) else { continue };
        count += 1;
        let hand: Hand = serde_yaml::from_str(&hand).unwrap_or_else(|e| panic!("{}: {e}", hand_path.display()));
        let name = txt.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
        let outcome = benchsite::site::parse_bytes(&std::fs::read(&txt).expect("fixture"), None);
        let segs: Vec<String> = outcome.parsed.iter().map(|p| p.benchmark.clone()).collect();
        if !hand.segments.is_empty() && segs != hand.segments {
            problems.push(format!("{name}: segments {segs:?}, by hand {:?}", hand.segments));
        }
        for v in &hand.values {
            let got = read_on(&outcome.parsed, v.line);
            let found = got.iter().any(|&g| same(g, v.value));
            let right = found == v.read;
            match (&v.known, right) {
                (None, false) => problems.push(format!(
                    "{name} line {}: {} ({}) {}; read there: {got:?}",
                    v.line,
                    v.value,
                    v.r#where,
                    if v.read { "not read" } else { "read but is no result" }
                )),
                (Some(why), true) => {
                    problems.push(format!("{name} line {}: known ({why}) but now right: take the mark off", v.line))
                }
                _ => {}
            }
        }
    }
    assert!(count > 0, "no hand-read fixtures in {}", root.display());
    problems
}
