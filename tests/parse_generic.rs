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
