//! The OSDB parser over the corpus, and the fixture it must refuse. There
//! is no OSDB file in the shared corpus yet: the corpus test runs over
//! `corpus/osdb/` when it exists. The fixtures follow the layout of the LKML
//! posts of December 2002 / January 2003 (values changed, steps abridged);
//! their values are checked by `tests/fixtures.rs` (beside each fixture, its
//! `.expected` and `.hand.yaml`).

mod common;

use benchsite::parse::osdb::Osdb;
use benchsite::parse::{self, BenchParser, Input};
use common::parse::{corpus, fixture};

#[test]
fn corpus_files_are_detected_and_parsed() {
    let Some(dir) = corpus("osdb") else { return };
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            continue;
        }
        let input = Input::from_bytes(&std::fs::read(&path).unwrap());
        assert_eq!(parse::detect(&input).map(|p| p.id()), Some("osdb"), "{}", path.display());
        let p = Osdb.parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!p.samples.is_empty());
    }
}

#[test]
fn cut_step_is_an_error_with_its_line() {
    let err = Osdb.parse(&fixture("osdb", "cut-step.txt")).unwrap_err();
    assert_eq!(err.line(), Some(5), "{err}");
}
