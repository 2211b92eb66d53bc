//! Helpers shared by the parser tests (`tests/parse_*.rs`): reading a
//! fixture or a file of the real corpus, detecting and parsing it, and
//! picking samples out of what was read.

use benchsite::model::{ParsedFile, Sample};
use benchsite::parse::{self, Input};
use std::path::{Path, PathBuf};

/// `tests/fixtures/<bench>/<name>`.
pub fn fixture_path(bench: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(bench).join(name)
}

/// `tests/fixtures/<bench>/<name>` as a parser's input.
///
/// # Panics
/// When the file cannot be read.
pub fn fixture(bench: &str, name: &str) -> Input {
    read(&fixture_path(bench, name))
}

/// The file at `path` as a parser's input.
///
/// # Panics
/// When the file cannot be read.
pub fn read(path: &Path) -> Input {
    Input::from_bytes(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// `../shared/<sub>` beside the worktree (the real corpus is `corpus/`,
/// `corpus-modern/`, the seed posts `seeds/`), or `None` with a message
/// when it is not there: the tests that read it then pass without reading.
pub fn shared(sub: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
}

/// `../shared/corpus/<bench>` (the whole corpus for `""`), as [`shared`].
pub fn corpus(bench: &str) -> Option<PathBuf> {
    shared(&format!("corpus/{bench}"))
}

/// The id of the parser the whole registry picks for `input`, or `"none"`.
pub fn detected(input: &Input) -> &'static str {
    parse::detect(input).map(|p| p.id()).unwrap_or("none")
}

/// Detects `input` with the whole registry, checks that `id` wins, and
/// parses it with that parser.
///
/// # Panics
/// When another parser (or none) wins, or the parse fails; `what` names
/// the input in the message.
pub fn detect_and_parse(input: &Input, id: &str, what: &str) -> ParsedFile {
    let p = parse::detect(input).unwrap_or_else(|| panic!("{what}: not detected"));
    assert_eq!(p.id(), id, "{what}: detected as {}", p.id());
    p.parse(input).unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// The file `name` of corpus directory `bench`, detected as `id` and
/// parsed; `None` when the corpus is not there.
pub fn corpus_file(bench: &str, name: &str, id: &str) -> Option<ParsedFile> {
    let dir = corpus(bench)?;
    Some(detect_and_parse(&read(&dir.join(name)), id, name))
}

/// The samples of `group` and `metric`, in file order.
pub fn samples<'a>(f: &'a ParsedFile, group: &str, metric: &str) -> Vec<&'a Sample> {
    f.samples.iter().filter(|s| s.group == group && s.metric.name == metric).collect()
}

/// The values (means) of the samples of `group` and `metric`, in file order.
pub fn vals(f: &ParsedFile, group: &str, metric: &str) -> Vec<f64> {
    samples(f, group, metric).iter().map(|s| s.value.mean()).collect()
}

/// The value of a sample's parameter `name`, if it has one.
pub fn param(s: &Sample, name: &str) -> Option<String> {
    s.params.iter().find(|p| p.name == name).map(|p| p.value.to_string())
}

/// `(parameter value, value)` of every sample of `metric` (any group), in
/// file order; an empty string for a sample without the parameter.
pub fn series(f: &ParsedFile, metric: &str, param_name: &str) -> Vec<(String, f64)> {
    f.samples
        .iter()
        .filter(|s| s.metric.name == metric)
        .map(|s| (param(s, param_name).unwrap_or_default(), s.value.mean()))
        .collect()
}

/// The arithmetic mean of `v` (NaN for none).
pub fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// Whether `a` and `b` differ by at most `tol`.
pub fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// The numeric `key: value` lines of an lkp `*.expected.yaml` file, in file
/// order (lines whose value is no number are left out).
///
/// # Panics
/// When the file cannot be read.
pub fn lkp_expected(path: &Path) -> Vec<(String, f64)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.split_once(':'))
        .filter_map(|(k, v)| Some((k.trim().to_string(), v.trim().parse::<f64>().ok()?)))
        .collect()
}
