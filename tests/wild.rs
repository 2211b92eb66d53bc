//! Real benchmark outputs nobody on the team wrote, read as a build reads
//! them: the wild corpus (`tests/fixtures/wild/`, sources in its
//! `SOURCES.md`) and the mixed-mail fixtures (`tests/fixtures/mixed/`).
//!
//! One test per fixture `X.txt`, made from the directory listing
//! (libtest-mimic: `cargo test --test wild -- lmbench` runs some).
//! Beside each fixture:
//!
//! * `X.hand.yaml`: numbers a person read from the file by hand, each with
//!   its line. By default each must be read on that line (the value of a
//!   sample there, or a summary's mean or deviation). `read: false` marks a
//!   number that is in the file but is no result (a hand-made average, a
//!   figure derived from another): it must not be read. `known: "why"` marks
//!   a number benchsite still reads wrong or not at all: the test names it
//!   and fails once it is read right, so that the mark is taken off.
//!   `segments:` lists the benchmarks in file order (`segments_known:
//!   "why"` when they are still read wrong).
//! * `X.expected`: everything benchsite reads from the file (segments,
//!   samples, warnings), one line each. `BLESS=1 cargo test --test wild`
//!   writes it anew; review the diff as you would a snapshot's.

use benchsite::model::{ParsedFile, Value};
use serde::Deserialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
struct Hand {
    #[serde(default)]
    segments: Vec<String>,
    /// Why the segments are still read wrong, as `known:` for a value.
    #[serde(default)]
    segments_known: Option<String>,
    #[serde(default)]
    values: Vec<HandValue>,
}

#[derive(Debug, Deserialize)]
struct HandValue {
    line: usize,
    #[serde(default)]
    r#where: String,
    value: f64,
    #[serde(default)]
    printed: Option<String>,
    #[serde(default = "yes")]
    read: bool,
    #[serde(default)]
    known: Option<String>,
}

fn yes() -> bool {
    true
}

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut out: Vec<PathBuf> = ["wild", "mixed"]
        .iter()
        .flat_map(|d| walkdir::WalkDir::new(root.join(d)).sort_by_file_name())
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    out.sort();
    out
}

/// Two numbers as printed and as parsed agree: equal to 9 significant
/// digits (a parser may compute `12.3K` as 12300.000000000002).
fn same(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

/// Every number read on `line`: values, means, deviations, and numeric
/// parameters (a Bonnie row's size, a dbench run's procs).
fn read_on(parsed: &[ParsedFile], line: usize) -> Vec<f64> {
    let mut out = Vec::new();
    for s in parsed.iter().flat_map(|p| &p.samples).filter(|s| s.line == line) {
        for p in &s.params {
            out.extend(p.numeric().filter(|x| !out.contains(x)));
        }
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

/// The `X.expected` text: what benchsite reads from the file.
fn dump(outcome: &benchsite::site::FileOutcome) -> String {
    let mut out = String::new();
    for p in &outcome.parsed {
        let (a, b) = p.lines.unwrap_or((0, 0));
        let _ = writeln!(out, "segment {} lines {a}-{b} version {}", p.benchmark, p.version.as_deref().unwrap_or("-"));
        for s in &p.samples {
            let params: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
            let value = match s.value {
                Value::Single { value } => format!("{value}"),
                Value::Summary { mean, stddev, n } => {
                    format!("{mean} sd {} n {n}", stddev.map_or("-".to_string(), |s| s.to_string()))
                }
            };
            let _ = writeln!(
                out,
                "  line {} | {} | {} | {} | {} | {value} {} | {}",
                s.line,
                s.kernel.as_deref().unwrap_or("-"),
                s.group,
                s.metric.name,
                params.join(" "),
                s.metric.unit,
                s.metric.better.id()
            );
        }
    }
    for (line, w) in &outcome.warnings {
        let _ = writeln!(out, "warning line {}: {w}", line.map_or("-".to_string(), |l| l.to_string()));
    }
    out
}

/// Checks one fixture; returns what is wrong with it (empty when right).
fn check(txt: &Path, bless: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let bytes = std::fs::read(txt).expect("fixture");
    let outcome = benchsite::site::parse_bytes(&bytes, None);

    let expected_path = txt.with_extension("expected");
    let got = dump(&outcome);
    if bless {
        std::fs::write(&expected_path, &got).expect("bless");
    } else {
        match std::fs::read_to_string(&expected_path) {
            Ok(want) if want == got => {}
            Ok(want) => {
                let diff: Vec<String> = want
                    .lines()
                    .zip(got.lines())
                    .enumerate()
                    .filter(|(_, (w, g))| w != g)
                    .take(5)
                    .map(|(i, (w, g))| format!("    expected line {}: {w}\n    now:               {g}", i + 1))
                    .collect();
                problems.push(format!(
                    "reads differently from {} ({} lines then, {} now); first differences:\n{}\n    (BLESS=1 cargo test --test wild writes it anew)",
                    expected_path.display(),
                    want.lines().count(),
                    got.lines().count(),
                    diff.join("\n")
                ));
            }
            Err(_) => {
                problems.push(format!("no {} (BLESS=1 cargo test --test wild writes it)", expected_path.display()))
            }
        }
    }

    let hand_path = txt.with_extension("hand.yaml");
    let Ok(text) = std::fs::read_to_string(&hand_path) else {
        problems.push(format!("no {}: every fixture has numbers read by hand", hand_path.display()));
        return problems;
    };
    let hand: Hand = match serde_yaml::from_str(&text) {
        Ok(h) => h,
        Err(e) => {
            problems.push(format!("{}: {e}", hand_path.display()));
            return problems;
        }
    };
    let norm = |s: &str| s.replace('_', "-").to_ascii_lowercase();
    // A benchmark's outputs in one file read as one segment: each
    // benchmark counts once, in the order it first appears.
    let firsts = |ids: Vec<String>| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for id in ids {
            if !out.contains(&id) {
                out.push(id);
            }
        }
        out
    };
    let want_segments = firsts(hand.segments.iter().map(|s| norm(s)).collect());
    let got_segments = firsts(outcome.parsed.iter().map(|p| norm(&p.benchmark)).collect());
    let segments_right = want_segments.is_empty() || want_segments == got_segments;
    match (&hand.segments_known, segments_right) {
        (None, true) => {}
        (None, false) => problems.push(format!("segments: read {got_segments:?}, by hand {want_segments:?}")),
        (Some(why), false) => eprintln!("{}: known: segments read {got_segments:?}: {why}", txt.display()),
        (Some(_), true) => problems.push("segments now read right; take off `segments_known:`".to_string()),
    }
    for v in &hand.values {
        let read = read_on(&outcome.parsed, v.line);
        let found = read.iter().any(|&x| same(x, v.value));
        let printed = v.printed.as_deref().map(|p| format!(" (printed {p:?})")).unwrap_or_default();
        let what = format!("line {}: {}{printed} = {}", v.line, v.r#where, v.value);
        match (v.read, found, &v.known) {
            (true, true, None) | (false, false, None) => {}
            (true, false, None) => problems.push(format!("{what}: not read (read on that line: {read:?})")),
            (false, true, None) => problems.push(format!("{what}: read, but it is no result")),
            (true, true, Some(_)) | (false, false, Some(_)) => {
                problems.push(format!("{what}: now read right; take off its `known:` mark"))
            }
            (_, _, Some(why)) => eprintln!("{}: known: {what}: {why}", txt.display()),
        }
    }
    problems
}

fn main() -> std::process::ExitCode {
    let args = libtest_mimic::Arguments::from_args();
    let bless = std::env::var_os("BLESS").is_some();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let trials = fixtures()
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(root.join("tests/fixtures")).unwrap_or(&f).display().to_string();
            libtest_mimic::Trial::test(name, move || {
                let problems = check(&f, bless);
                if problems.is_empty() { Ok(()) } else { Err(problems.join("\n").into()) }
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}
