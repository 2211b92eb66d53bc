//! Integration tests for the generic YAML/CSV results format.

use benchsite::model::{Better, Metric, Param, Value};
use benchsite::parse::generic::Generic;
use benchsite::parse::{self, BenchParser, Input};
use proptest::prelude::*;
use std::path::Path;

fn fixture(name: &str) -> Input {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/generic").join(name);
    Input::from_bytes(&std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
}

#[test]
fn yaml_fixture() {
    let input = fixture("results.yaml");
    assert_eq!(parse::detect(&input).map(|p| p.id()), Some("generic"));
    let p = Generic.parse(&input).unwrap();
    assert_eq!(p.benchmark, "dbench-posted");
    assert_eq!(p.version.as_deref(), Some("1.3"));
    assert_eq!(p.samples.len(), 6);

    let s = &p.samples[0];
    assert_eq!(s.kernel.as_deref(), Some("2.4.20-pre5"));
    assert_eq!(s.group, "ext2");
    assert_eq!(s.params, vec![Param::new("procs", "64")]);
    assert_eq!(s.metric, Metric::new("Throughput", "MB/s", Better::Higher));
    assert_eq!(s.value, Value::Summary { mean: 145.0, stddev: Some(1.2), n: 5 });
    assert_eq!(s.line, 7);

    let runs: Vec<_> =
        p.samples[1..4].iter().map(|s| (s.kernel.as_deref().map(str::to_string), s.value, s.line)).collect();
    assert_eq!(
        runs,
        vec![
            (Some("3.10".to_string()), Value::single(220.54), 17),
            (Some("3.10".to_string()), Value::single(218.10), 17),
            (Some("3.10".to_string()), Value::single(221.02), 17),
        ]
    );
    assert_eq!(p.samples[1].params, vec![Param::new("procs", "64")]);

    let build: Vec<_> = p.samples[4..].iter().map(|s| (s.value.mean(), s.line)).collect();
    assert_eq!(build, vec![(856.4, 28), (850.1, 29)]);
    assert_eq!(p.samples[4].metric, Metric::new("autoconf build", "s", Better::Lower));
    assert!(p.samples[4].kernel.is_none());
}

#[test]
fn csv_fixture() {
    let input = fixture("results.csv");
    assert_eq!(parse::detect(&input).map(|p| p.id()), Some("generic"));
    let p = Generic.parse(&input).unwrap();
    assert_eq!(p.benchmark, "osdb-summary");
    assert_eq!(p.version.as_deref(), Some("0.21"));
    assert_eq!(p.samples.len(), 3);
    let s = &p.samples[1];
    assert_eq!(s.kernel.as_deref(), Some("2.5.52"));
    assert_eq!(s.group, "Single User");
    assert_eq!(s.params, vec![Param::new("size", "40MB")]);
    assert_eq!(s.metric, Metric::new("Single User Test", "s", Better::Lower));
    assert_eq!(s.value, Value::single(3771.85));
    assert_eq!(s.line, 6);
    let s = &p.samples[2];
    assert_eq!(s.kernel.as_deref(), Some("2.4.19 (mem=24M)"));
    assert!(s.params.is_empty());
    assert_eq!(s.value, Value::Summary { mean: 3371.98, stddev: Some(12.5), n: 3 });
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

const REAL_LINES: &[&str] = &[
    "benchmark: osdb",
    "results:",
    "  - kernel: 2.4.20-pre5",
    "    metric: Throughput",
    "    value: 145.00",
    "    values: [1, 2, 3]",
    "    values:",
    "      - 1",
    "    unit: MB/s",
    "    better: higher",
    "    params: {procs: 64}",
    "    n: 5",
    "    stddev: 1.2",
    "kernel,group,metric,value,unit,better,n,stddev,procs",
    "2.4.19,ext2,Throughput,1.5,MB/s,higher,,,64",
    "\"a,b\",x,y,1,,lower,2,0.5,",
    "",
];

proptest! {
    #[test]
    fn never_panics_on_arbitrary_text(s in "\\PC*") {
        let input = Input::from_text(&s);
        let _ = Generic.detect(&input);
        let _ = Generic.parse(&input);
    }

    #[test]
    fn never_panics_on_mixed_lines(lines in prop::collection::vec(
        prop_oneof![
            prop::sample::select(REAL_LINES).prop_map(str::to_string),
            "[ -~]{0,40}",
            " {0,6}[a-z]{1,8}: ?[0-9a-z.\\[\\]{},\"]{0,12}",
        ],
        0..40,
    )) {
        let input = Input::from_text(&lines.join("\n"));
        let _ = Generic.detect(&input);
        if let Ok(p) = Generic.parse(&input) {
            for s in &p.samples {
                prop_assert!(s.line >= 1 && s.line <= input.lines.len().max(1));
                prop_assert!(s.value.mean().is_finite());
            }
        }
    }
}
