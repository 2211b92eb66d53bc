//! Every parser fixture, read as a build reads it: one test per fixture
//! (libtest-mimic; `cargo test --test fixtures -- wild/` or `-- aim7/` runs
//! some), made from the listing of `tests/fixtures/<dir>/` for every
//! directory but `bad/` (files no parser may read, `tests/bad_inputs.rs`).
//! The parsers' own fixtures sit in `aim7/`, `aim9/`, `bonnie/`, … (one
//! directory per benchmark); real outputs nobody on the team wrote sit in
//! `wild/` (sources in its `SOURCES.md`) and mixed mails in `mixed/`.
//!
//! A fixture is every `X.txt` of a directory, and any other file there
//! (`results.yaml`, `bad-row.csv`) but the two kinds below. Beside it:
//!
//! * `X.expected` (`results.yaml.expected` for a fixture not named `.txt`):
//!   everything benchsite reads from the file, one line each: the parser
//!   the registry detects for the whole file, each segment with its
//!   file's own kernel order when it gives one, its
//!   samples (line, kernel, group, metric, parameters, value, unit,
//!   direction) and its information notes, then the warnings.
//!   `BLESS=1 cargo test --test fixtures` writes it anew; review the diff as
//!   you would a snapshot's.
//! * `X.hand.yaml`: what a person read from the file by hand (required in
//!   `wild/` and `mixed/`, where a parser's fixture has one when a test
//!   checked values of it by hand). `values:` are numbers, each with its
//!   line: by default each must be read on that line (the value of a sample
//!   there, a summary's mean or deviation, or a numeric parameter).
//!   `read: false` marks a number that is in the file but is no result (a
//!   hand-made average, a figure derived from another): it must not be
//!   read. `known: "why"` marks a number benchsite still reads wrong or not
//!   at all: the test names it and fails once it is read right, so that the
//!   mark is taken off. `segments:` lists the benchmarks in file order
//!   (`segments_known: "why"` when they are still read wrong); `detected:`
//!   names the parser the registry picks for the whole file; `noted:` lists
//!   notes the parser must make, each `{line: N, says: "words"}` (a note
//!   or warning on line N containing the words).

use benchsite::model::{ParsedFile, Value};
use serde::Deserialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Hand {
    #[serde(default)]
    segments: Vec<String>,
    /// Why the segments are still read wrong, as `known:` for a value.
    #[serde(default)]
    segments_known: Option<String>,
    /// The parser `parse::detect` picks for the whole file.
    #[serde(default)]
    detected: Option<String>,
    #[serde(default)]
    values: Vec<HandValue>,
    #[serde(default)]
    noted: Vec<HandNote>,
    /// What the reader saw in the file, for the next reader (not checked).
    #[serde(default)]
    #[allow(dead_code)]
    notes: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// A note the parser must make: one on `line` whose text contains `says`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HandNote {
    line: usize,
    says: String,
}

fn yes() -> bool {
    true
}

/// The fixtures' directory.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Whether `dir` (a directory under [`root`]) holds real outputs, each of
/// which must have numbers read by hand.
fn hand_required(dir: &str) -> bool {
    dir == "wild" || dir == "mixed"
}

/// Whether `path` is a fixture rather than what is said about one.
fn is_fixture(path: &Path, dir: &str) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    if hand_required(dir) {
        return name.ends_with(".txt");
    }
    !(name.ends_with(".expected") || name.ends_with(".hand.yaml") || name.ends_with(".md"))
}

/// Every fixture, with its directory's name, sorted.
fn fixtures() -> Vec<(String, PathBuf)> {
    let mut dirs: Vec<String> = std::fs::read_dir(root())
        .expect("tests/fixtures")
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|d| d != "bad")
        .collect();
    dirs.sort();
    let mut out: Vec<(String, PathBuf)> = dirs
        .iter()
        .flat_map(|d| {
            walkdir::WalkDir::new(root().join(d))
                .sort_by_file_name()
                .into_iter()
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_file())
                .map(|e| e.into_path())
                .filter(|p| is_fixture(p, d))
                .map(|p| (d.clone(), p))
                .collect::<Vec<_>>()
        })
        .collect();
    out.sort();
    out
}

/// `X.txt` → `X.<ext>`; `results.yaml` → `results.yaml.<ext>` (so that
/// `results.yaml` and `results.csv` do not share one).
fn beside(fixture: &Path, ext: &str) -> PathBuf {
    if fixture.extension().is_some_and(|e| e == "txt") {
        fixture.with_extension(ext)
    } else {
        let mut name = fixture.file_name().expect("file name").to_os_string();
        name.push(format!(".{ext}"));
        fixture.with_file_name(name)
    }
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

/// The `X.expected` text: what benchsite reads from the file, `detected`
/// being what the registry picks for the whole file (`-` for none).
fn dump(detected: Option<&str>, outcome: &benchsite::site::FileOutcome) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "detected {}", detected.unwrap_or("-"));
    for p in &outcome.parsed {
        let (a, b) = p.lines.unwrap_or((0, 0));
        let _ = writeln!(out, "segment {} lines {a}-{b} version {}", p.benchmark, p.version.as_deref().unwrap_or("-"));
        if !p.kernel_order.is_empty() {
            let _ = writeln!(out, "  kernel order {}", p.kernel_order.join(", "));
        }
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
        // The notes that are no warning (those are listed below).
        for (line, n) in p.notes.iter().filter(|(_, n)| benchsite::parse::note_is_info(n)) {
            let _ = writeln!(out, "  info line {line}: {n}");
        }
    }
    for (line, w) in &outcome.warnings {
        let _ = writeln!(out, "warning line {}: {w}", line.map_or("-".to_string(), |l| l.to_string()));
    }
    out
}

/// Compares `got` with the `.expected` file at `path` (or writes it, when
/// blessing); the problem, if any.
fn compare_expected(path: &Path, got: &str, bless: bool) -> Option<String> {
    if bless {
        std::fs::write(path, got).expect("bless");
        return None;
    }
    match std::fs::read_to_string(path) {
        Ok(want) if want == got => None,
        Ok(want) => {
            let diff: Vec<String> = want
                .lines()
                .zip(got.lines())
                .enumerate()
                .filter(|(_, (w, g))| w != g)
                .take(5)
                .map(|(i, (w, g))| format!("    expected line {}: {w}\n    now:               {g}", i + 1))
                .collect();
            Some(format!(
                "reads differently from {} ({} lines then, {} now); first differences:\n{}\n    (BLESS=1 cargo test --test fixtures writes it anew)",
                path.display(),
                want.lines().count(),
                got.lines().count(),
                diff.join("\n")
            ))
        }
        Err(_) => Some(format!("no {} (BLESS=1 cargo test --test fixtures writes it)", path.display())),
    }
}

/// Checks one fixture; returns what is wrong with it (empty when right).
fn check(dir: &str, txt: &Path, bless: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let bytes = std::fs::read(txt).expect("fixture");
    let outcome = benchsite::site::parse_bytes(&bytes, None);
    let detected = benchsite::parse::detect(&benchsite::parse::Input::from_bytes(&bytes)).map(|p| p.id());

    problems.extend(compare_expected(&beside(txt, "expected"), &dump(detected, &outcome), bless));
    problems.extend(params_given_twice(&bytes));

    let hand_path = beside(txt, "hand.yaml");
    let Ok(text) = std::fs::read_to_string(&hand_path) else {
        if hand_required(dir) {
            problems.push(format!("no {}: every fixture here has numbers read by hand", hand_path.display()));
        }
        return problems;
    };
    let hand: Hand = match serde_yaml::from_str(&text) {
        Ok(h) => h,
        Err(e) => {
            problems.push(format!("{}: {e}", hand_path.display()));
            return problems;
        }
    };
    problems.extend(check_segments(txt, &hand, &outcome));
    if let Some(want) = &hand.detected
        && detected != Some(want.as_str())
    {
        problems.push(format!("detected as {detected:?}, by hand {want:?}"));
    }
    problems.extend(check_values(txt, &hand, &outcome));
    problems.extend(check_notes(&hand, &outcome));
    problems
}

/// Every sample leaves the parsers and the labeller with each parameter
/// once: the build keeps a parameter's first value and warns, and a
/// second `label` (the labeller's, beside the kernel it had to leave to
/// the parser) was a set-up dropped and its runs averaged with another's
/// (reader34 F13). Read from the segments, before the build drops one.
fn params_given_twice(bytes: &[u8]) -> Vec<String> {
    let input = benchsite::parse::Input::from_bytes(bytes);
    let mut problems = Vec::new();
    for seg in benchsite::parse::segment::segments(&input, None) {
        let Ok(parsed) = seg.outcome else { continue };
        for s in &parsed.samples {
            for (i, p) in s.params.iter().enumerate() {
                if let Some(q) = s.params[i + 1..].iter().find(|q| q.name == p.name) {
                    problems.push(format!(
                        "line {}: {} {}: parameter {:?} given twice ({:?} and {:?})",
                        s.line,
                        parsed.benchmark,
                        s.metric.name,
                        p.name.as_str(),
                        p.value.as_str(),
                        q.value.as_str()
                    ));
                }
            }
        }
    }
    problems.truncate(5);
    problems
}

/// The hand's `segments:` against the segments read.
fn check_segments(txt: &Path, hand: &Hand, outcome: &benchsite::site::FileOutcome) -> Option<String> {
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
        (None, true) => None,
        (None, false) => Some(format!("segments: read {got_segments:?}, by hand {want_segments:?}")),
        (Some(why), false) => {
            eprintln!("{}: known: segments read {got_segments:?}: {why}", txt.display());
            None
        }
        (Some(_), true) => Some("segments now read right; take off `segments_known:`".to_string()),
    }
}

/// The hand's `values:` against the numbers read on their lines.
fn check_values(txt: &Path, hand: &Hand, outcome: &benchsite::site::FileOutcome) -> Vec<String> {
    let mut problems = Vec::new();
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

/// The hand's `noted:` against the parsers' notes and the warnings.
fn check_notes(hand: &Hand, outcome: &benchsite::site::FileOutcome) -> Vec<String> {
    let notes: Vec<(usize, &str)> = outcome
        .parsed
        .iter()
        .flat_map(|p| p.notes.iter().map(|(l, n)| (*l, n.as_str())))
        .chain(outcome.warnings.iter().filter_map(|(l, w)| Some(((*l)?, w.as_str()))))
        .collect();
    hand.noted
        .iter()
        .filter(|want| !notes.iter().any(|(l, n)| *l == want.line && n.contains(&want.says)))
        .map(|want| {
            let there: Vec<&str> = notes.iter().filter(|(l, _)| *l == want.line).map(|(_, n)| *n).collect();
            format!("line {}: no note saying {:?} (notes on that line: {there:?})", want.line, want.says)
        })
        .collect()
}

fn main() -> std::process::ExitCode {
    let args = libtest_mimic::Arguments::from_args();
    let bless = std::env::var_os("BLESS").is_some();
    let trials = fixtures()
        .into_iter()
        .map(|(dir, f)| {
            let name = f.strip_prefix(root()).unwrap_or(&f).display().to_string();
            libtest_mimic::Trial::test(name, move || {
                let problems = check(&dir, &f, bless);
                if problems.is_empty() { Ok(()) } else { Err(problems.join("\n").into()) }
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}
