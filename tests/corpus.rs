//! Every real raw output in `../shared/corpus/` is recognised and parses.
//!
//! Per-benchmark value checks live in `tests/parse_<benchmark>.rs`; this test
//! only makes sure no corpus file is left unrecognised or fails to parse.

use benchsite::parse::{self, Input};
use std::path::Path;

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
                Err(e) => failures.push(format!("{rel}: {}: {e}", p.id())),
            },
        }
    }
    assert!(count > 0, "no corpus files found");
    assert!(failures.is_empty(), "{} of {count} corpus files failed:\n{}", failures.len(), failures.join("\n"));
}
