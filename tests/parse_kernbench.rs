//! kernbench parser over the shared corpus, and the inputs it must refuse.
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::model::{ParsedFile, Sample, Value};
use benchsite::parse::{BenchParser, Input, kernbench::Kernbench};
use common::parse::{detected, fixture, lkp_expected, param};
use std::path::PathBuf;

fn corpus() -> Option<PathBuf> {
    common::parse::corpus("kernbench")
}

fn find<'a>(f: &'a ParsedFile, load: &str, name: &str) -> Vec<&'a Sample> {
    f.samples.iter().filter(|s| s.metric.name == name && param(s, "load").as_deref() == Some(load)).collect()
}

#[test]
fn truncated_is_error() {
    let e = Kernbench.parse(&fixture("kernbench", "kernbench-truncated.txt")).unwrap_err();
    assert_eq!(e.line(), Some(4), "{e}");
}

#[test]
fn corpus_lkp_expected() {
    let Some(d) = corpus() else { return };
    let names = [
        ("elapsed_time", "Elapsed Time"),
        ("user_time", "User Time"),
        ("system_time", "System Time"),
        ("percent_cpu", "Percent CPU"),
        ("context_switches", "Context Switches"),
        ("sleeps", "Sleeps"),
    ];
    for (file, n, jobs) in [("lkp-kernbench-5runs-stddev", 5u32, "8"), ("lkp-kernbench-1run-nostddev", 1, "144")] {
        let input = Input::from_bytes(&std::fs::read(d.join(format!("{file}.txt"))).unwrap());
        assert_eq!(detected(&input), "kernbench", "{file}");
        let f = Kernbench.parse(&input).unwrap();
        assert_eq!(f.samples.len(), 6, "{file}");
        let exp = lkp_expected(&d.join(format!("{file}.expected.yaml")));
        for (lkp, ours) in names {
            let s = find(&f, "optimal", ours);
            assert_eq!(s.len(), 1, "{file} {ours}");
            let s = s[0];
            assert_eq!(param(s, "jobs").as_deref(), Some(jobs));
            let mean = exp.iter().find(|(k, _)| k == lkp).unwrap().1;
            let sd = exp.iter().find(|(k, _)| *k == format!("{lkp}_stddev")).map(|(_, v)| *v);
            match s.value {
                Value::Summary { mean: m, stddev, n: got_n } => {
                    assert_eq!(m, mean, "{file} {ours}");
                    assert_eq!(stddev, sd, "{file} {ours}");
                    assert_eq!(got_n, n);
                }
                Value::Single { value } => {
                    assert_eq!(n, 1, "{file}: single value only for one run");
                    assert_eq!(value, mean);
                    assert_eq!(sd, None);
                }
            }
        }
    }
}

#[test]
fn corpus_lkml_020() {
    let Some(d) = corpus() else { return };
    let input =
        Input::from_bytes(&std::fs::read(d.join("lkml-2004-02-kernbench020-half-optimum-nostddev.txt")).unwrap());
    assert_eq!(detected(&input), "kernbench");
    let f = Kernbench.parse(&input).unwrap();
    assert_eq!(f.samples.len(), 24);
    let e = find(&f, "half", "Elapsed Time");
    assert_eq!(e.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), vec![113.008, 133.51]);
    // The label lines above the blocks are their `label`, as other parsers carry it.
    let label = |s: &Sample| s.params.iter().find(|p| p.name == "label").map(|p| p.value.to_string());
    assert_eq!(label(e[0]).as_deref(), Some("results.2.6.3-rc3-mm1 + SMT"));
    assert_eq!(label(e[1]).as_deref(), Some("2.6.3-rc3-mm1 no SMT"));
    assert!(f.samples.iter().all(|s| s.group.is_empty()));
    let c = find(&f, "half", "Percent CPU");
    assert_eq!(c[0].value, Value::single(738.0));
    let o = find(&f, "optimal", "Percent CPU");
    assert_eq!(o[1].value.mean(), 1366.8);
    assert_eq!(find(&f, "optimal", "Sleeps")[1].value.mean(), 32453.4);
    assert_eq!(find(&f, "optimal", "System Time")[0].value.mean(), 107.388);
    assert!(f.samples.iter().all(|s| s.params.len() == 2));
}

#[test]
fn side_by_side_values_without_headings_are_an_error() {
    let input = Input::from_text("Average Half load -j 4 Run:\nElapsed Time 10.5 (0.1)   11.2 (0.2)\n");
    assert_eq!(Kernbench.parse(&input).unwrap_err().line(), Some(2));
}
