//! The generic YAML/CSV results format: errors with their line and column,
//! and the site annotation it must not claim.
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::parse::generic::Generic;
use benchsite::parse::{self, BenchParser};

fn fixture(name: &str) -> benchsite::parse::Input {
    common::parse::fixture("generic", name)
}

#[test]
fn unknown_yaml_key_is_an_error_with_line_and_column() {
    let input = fixture("unknown-key.yaml");
    assert_eq!(parse::detect(&input).map(|p| p.id()), Some("generic"));
    let err = Generic.parse(&input).unwrap_err();
    assert_eq!(err.line(), Some(8), "{err}");
    let text = err.to_string();
    assert!(text.contains("parms") && text.contains("column 5"), "{text}");
}

#[test]
fn bad_csv_cell_is_an_error_with_line_and_column() {
    let err = Generic.parse(&fixture("bad-row.csv")).unwrap_err();
    assert_eq!(err.line(), Some(3), "{err}");
    assert!(err.to_string().contains("column 3 (value)"), "{err}");
}

#[test]
fn site_annotation_is_not_claimed() {
    assert_eq!(Generic.detect(&fixture("site.yaml")), 0);
}

/// A generic YAML file with a key given twice is reported at the second
/// key's line (it was the line its map starts on), in the README's words
/// (not `see benchsite::parse::generic`); a merge key in `params` (it
/// printed the YAML library's Rust text, `Mapping {…}`) is refused at its
/// alias's line, as every alias is. The newcomer's P2-4 files.
#[test]
fn generic_yaml_mistakes_are_named_at_their_line_in_plain_words() {
    let err = |text: &str| {
        let input = benchsite::parse::Input::from_text(text);
        Generic.parse(&input).expect_err("refused")
    };
    let e =
        err("benchmark: pgbench\nresults:\n  - metric: T\n    better: higher\n    values: [1,2]\n    values: [3,4]\n");
    assert_eq!(e.line(), Some(6), "{e}");
    assert!(e.to_string().contains("column 5: result 1: duplicate field `values`"), "{e}");
    assert!(e.to_string().contains("README: \"Your own numbers: the generic format\""), "{e}");
    assert!(!e.to_string().contains("benchsite::"), "{e}");
    let e = err("benchmark: pgbench\nbenchmark: x\nresults:\n  - metric: T\n    better: higher\n    values: [1,2]\n");
    assert_eq!(e.line(), Some(2), "{e}");
    let e = err(
        "benchmark: pgbench\nresults:\n  - metric: T\n    better: higher\n    values: [1,2]\n    params: &a {c: 1, d: 2}\n  - metric: U\n    better: higher\n    values: [1,2]\n    params:\n      <<: *a\n      e: 3\n",
    );
    // The merge key's alias (`<<: *a`) is refused at its line before the
    // YAML library expands it (aliases can stand for gigabytes, attack34).
    assert_eq!(e.line(), Some(11), "{e}");
    assert!(e.to_string().contains("a YAML alias") && !e.to_string().contains("Mapping"), "{e}");
}
