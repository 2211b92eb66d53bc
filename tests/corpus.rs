//! Every real raw output in `../shared/corpus/` is recognised and parses.
//!
//! Per-benchmark value checks live in `tests/parse_<benchmark>.rs`; this test
//! only makes sure no corpus file is left unrecognised or fails to parse.

use benchsite::parse::{self, Input};
use std::path::Path;

/// Corpus files whose only run failed: their parser must say so, with
/// these words. lkml-2003-04's GNU time record timed a build that failed
/// (`make: *** [vmlinux] Error 1` above it; the mail reports the failure).
const ONLY_FAILED_RUNS: &[(&str, &str)] = &[(
    "time/lkml-2003-04-gnutime-nonzero-status-wrapped.txt",
    "timed a command that failed (line 35: `make: *** [vmlinux] Error 1`)",
)];

#[test]
fn every_corpus_file_is_detected_and_parses() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("corpus not found at {}, skipping", corpus.display());
        return;
    }
    let mut failures = Vec::new();
    let mut count = 0;
    for entry in walkdir::WalkDir::new(&corpus).sort_by_file_name() {
        let entry = entry.expect("corpus is readable");
        let path = entry.path();
        if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        count += 1;
        let input = Input::from_bytes(&std::fs::read(path).expect("corpus file is readable"));
        let rel = path.strip_prefix(&corpus).unwrap_or(path).display().to_string();
        match parse::detect(&input) {
            None => failures.push(format!("{rel}: not recognised")),
            Some(p) => match p.parse(&input) {
                Ok(parsed) if parsed.samples.is_empty() => failures.push(format!("{rel}: {} read no samples", p.id())),
                Ok(parsed) => eprintln!("{rel}: {} → {} samples", p.id(), parsed.samples.len()),
                Err(e) if ONLY_FAILED_RUNS.iter().any(|(f, says)| *f == rel && e.to_string().contains(says)) => {
                    eprintln!("{rel}: {}: its only run failed: {e}", p.id())
                }
                Err(e) => failures.push(format!("{rel}: {}: {e}", p.id())),
            },
        }
    }
    assert!(count > 0, "no corpus files found");
    assert!(failures.is_empty(), "{} of {count} corpus files failed:\n{}", failures.len(), failures.join("\n"));
}

/// Every parser's score stays within its declared `max_score` and needs one
/// of its `literals`, and the early-stopping `detect` picks what asking
/// every parser picks, for every corpus file, every fixture and every raw
/// file of the demo content.
#[test]
fn detection_stops_early_only_when_no_later_parser_could_win() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests/fixtures"), root.join("content")];
    let corpus = root.join("../shared/corpus");
    if corpus.is_dir() {
        dirs.push(corpus);
    } else {
        eprintln!("corpus not found at {}, checking fixtures and content only", corpus.display());
    }
    let mut count = 0;
    for dir in dirs {
        for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
            let entry = entry.expect("test inputs are readable");
            let path = entry.path();
            let yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
            if !entry.file_type().is_file() || (yaml && !path.starts_with(root.join("tests/fixtures"))) {
                continue;
            }
            count += 1;
            let input = Input::from_bytes(&std::fs::read(path).expect("test input is readable"));
            let (text, lowered) = (input.text(), input.text().to_ascii_lowercase());
            for p in parse::registry() {
                let score = p.detect(&input);
                assert!(
                    score <= p.max_score(),
                    "{}: {} scored {score}, above its max_score {}",
                    path.display(),
                    p.id(),
                    p.max_score()
                );
                // A score above 0 needs one of the parser's literals.
                let (exact, any_case) = (p.literals(), p.literals_any_case());
                assert!(
                    score == 0
                        || (exact.is_empty() && any_case.is_empty())
                        || exact.iter().any(|l| text.contains(l))
                        || any_case.iter().any(|l| lowered.contains(l)),
                    "{}: {} scored {score} without any of its literals {exact:?} {any_case:?}",
                    path.display(),
                    p.id(),
                );
            }
            assert_eq!(
                parse::detect(&input).map(|p| p.id()),
                parse::detect_exhaustive(&input).map(|p| p.id()),
                "{}",
                path.display()
            );
        }
    }
    assert!(count > 50, "only {count} files checked");
}
