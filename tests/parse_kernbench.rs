//! kernbench parser over fixtures and the shared corpus.

use benchsite::model::{ParsedFile, Sample, Value};
use benchsite::parse::{self, BenchParser, Input, kernbench::Kernbench};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> Input {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kernbench").join(name);
    Input::from_bytes(&std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
}

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/kernbench");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
}

fn detected(input: &Input) -> &'static str {
    parse::detect(input).map(|p| p.id()).unwrap_or("none")
}

fn param(s: &Sample, name: &str) -> Option<String> {
    s.params.iter().find(|p| p.name == name).map(|p| p.value.to_string())
}

fn find<'a>(f: &'a ParsedFile, load: &str, name: &str) -> Vec<&'a Sample> {
    f.samples.iter().filter(|s| s.metric.name == name && param(s, "load").as_deref() == Some(load)).collect()
}

#[test]
fn three_loads_with_stddev_and_run_count() {
    let input = fixture("kernbench-3loads-stddev.txt");
    assert_eq!(detected(&input), "kernbench");
    let f = Kernbench.parse(&input).unwrap();
    assert_eq!(f.samples.len(), 18);
    let e = find(&f, "half", "Elapsed Time");
    assert_eq!(e[0].value, Value::Summary { mean: 120.5, stddev: Some(0.5), n: 3 });
    assert_eq!(param(e[0], "jobs").as_deref(), Some("2"));
    let c = find(&f, "optimal", "Percent CPU");
    assert_eq!(c[0].value, Value::Summary { mean: 386.333, stddev: Some(2.08167), n: 3 });
    assert_eq!(c[0].metric.unit, "%");
    let m = find(&f, "maximal", "Sleeps");
    assert_eq!(m[0].value.mean(), 18000.0);
    assert_eq!(param(m[0], "jobs"), None);
    assert!(f.notes.is_empty());
}

#[test]
fn old_020_with_labels() {
    let input = fixture("kernbench020-labels.txt");
    assert_eq!(detected(&input), "kernbench");
    let f = Kernbench.parse(&input).unwrap();
    assert_eq!(f.samples.len(), 24);
    let e = find(&f, "half", "Elapsed Time");
    assert_eq!(e.len(), 2);
    assert_eq!(e[0].value, Value::single(113.008));
    assert_eq!(e[0].group, "2.6.3 vanilla");
    assert_eq!(e[1].group, "2.6.3-mm1");
    assert_eq!(find(&f, "maximal", "Context Switches")[0].value.mean(), 40001.0);
    assert_eq!(find(&f, "optimal", "Percent CPU")[0].value.mean(), 1407.0);
}

/// kernbench 0.30's `Average Single Threaded Run:`, `Average Half -j 4
/// Load Run:`, `Average Optimal -j 32 Load Run:` and `Average Maximal -j
/// Load Run:` (the -j before `Load`) are each their own load; they used to
/// be skipped without a note.
#[test]
fn v030_four_loads_with_j_before_load() {
    let input = fixture("kernbench030-four-loads.txt");
    assert_eq!(detected(&input), "kernbench");
    let f = Kernbench.parse(&input).unwrap();
    assert_eq!(f.samples.len(), 24);
    let single = find(&f, "single", "Elapsed Time");
    assert_eq!(single[0].value, Value::Summary { mean: 412.87, stddev: None, n: 3 });
    assert_eq!(param(single[0], "jobs"), None);
    let half = find(&f, "half", "Percent CPU");
    assert_eq!((half[0].value.mean(), param(half[0], "jobs").as_deref()), (354.333, Some("4")));
    let opt = find(&f, "optimal", "Sleeps");
    assert_eq!((opt[0].value.mean(), param(opt[0], "jobs").as_deref()), (27413.7, Some("32")));
    let max = find(&f, "maximal", "Context Switches");
    assert_eq!((max[0].value.mean(), param(max[0], "jobs")), (31877.0, None));
    assert!(f.notes.is_empty(), "{:?}", f.notes);
}

/// 0.42's `Average Single threaded Run (std deviation):` is read; a header
/// kernbench never printed, and values outside any block, are notes naming
/// their lines.
#[test]
fn single_threaded_and_notes_for_what_is_not_read() {
    let f = Kernbench.parse(&fixture("kernbench042-single-and-stray.txt")).unwrap();
    assert_eq!(f.samples.len(), 6);
    let e = find(&f, "single", "Elapsed Time");
    assert_eq!(e[0].value, Value::Summary { mean: 655.43, stddev: Some(1.20741), n: 1 });
    let lines: Vec<usize> = f.notes.iter().map(|n| n.0).collect();
    for want in [11, 12, 13, 16] {
        assert!(lines.contains(&want), "no note for line {want}: {:?}", f.notes);
    }
    assert!(f.notes.iter().any(|n| n.1.contains("line 16 looks like a kernbench result and was not read")));
    assert!(f.notes.iter().any(|n| n.0 == 11 && n.1.contains("not recognised")));
}

#[test]
fn truncated_is_error() {
    let e = Kernbench.parse(&fixture("kernbench-truncated.txt")).unwrap_err();
    assert_eq!(e.line(), Some(4), "{e}");
}

fn expected(path: &Path) -> Vec<(String, f64)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_once(':'))
        .filter_map(|(k, v)| Some((k.trim().to_string(), v.trim().parse::<f64>().ok()?)))
        .collect()
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
        let exp = expected(&d.join(format!("{file}.expected.yaml")));
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
    assert_eq!(e[0].group, "results.2.6.3-rc3-mm1 + SMT");
    assert_eq!(e[1].group, "2.6.3-rc3-mm1 no SMT");
    let c = find(&f, "half", "Percent CPU");
    assert_eq!(c[0].value, Value::single(738.0));
    let o = find(&f, "optimal", "Percent CPU");
    assert_eq!(o[1].value.mean(), 1366.8);
    assert_eq!(find(&f, "optimal", "Sleeps")[1].value.mean(), 32453.4);
    assert_eq!(find(&f, "optimal", "System Time")[0].value.mean(), 107.388);
    assert!(f.samples.iter().all(|s| s.params.len() == 1));
}

fn real_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Average Optimal load -j 8 Run (std deviation):".to_string()),
        Just("Average Half Load Run:".to_string()),
        Just("Average Maximal load -j Run (std deviation):".to_string()),
        Just("Optimal load -j 8 run number 5...".to_string()),
        Just("Elapsed Time 28.094 (0.182565)".to_string()),
        Just("Elapsed Time 28.094 (".to_string()),
        Just("Percent CPU 738".to_string()),
        Just("Sleeps".to_string()),
        Just("kernbench -n".to_string()),
        Just("label:".to_string()),
        Just(String::new()),
        "[ -~\t]{0,60}",
        "\\PC{0,30}",
    ]
}

proptest! {
    #[test]
    fn never_panics(lines in prop::collection::vec(real_line(), 0..30), raw in "\\PC{0,200}") {
        for text in [lines.join("\n"), raw] {
            let input = Input::from_text(&text);
            let _ = Kernbench.detect(&input);
            let _ = Kernbench.parse(&input);
        }
    }
}

fn kernel_of(s: &Sample) -> &str {
    s.kernel.as_deref().unwrap_or("-")
}

#[test]
fn side_by_side_columns_with_repeated_names_are_two_labels() {
    let input = fixture("kernbench-side-by-side-labels.txt");
    assert_eq!(detected(&input), "kernbench");
    let f = Kernbench.parse(&input).unwrap();
    assert_eq!(f.samples.len(), 24);
    let e = find(&f, "half", "Elapsed Time");
    let got: Vec<(Option<String>, f64, usize)> =
        e.iter().map(|s| (param(s, "label"), s.value.mean(), s.line)).collect();
    assert_eq!(got, vec![(Some("vanilla".into()), 101.25, 5), (Some("patched".into()), 99.8, 5)]);
    assert_eq!(e[1].value, Value::Summary { mean: 99.8, stddev: Some(0.73), n: 1 });
    // The heading above the first block names the columns of the next too.
    let s = find(&f, "optimal", "Sleeps");
    assert_eq!(param(s[1], "label").as_deref(), Some("patched"));
    assert_eq!(s[1].value.mean(), 44105.0);
    assert!(f.samples.iter().all(|s| s.group.is_empty()), "the column heading is no group");
}

#[test]
fn kernel_columns_then_a_repeat_with_a_percent_column() {
    let input = fixture("kernbench-kernel-columns-pct.txt");
    assert_eq!(detected(&input), "kernbench");
    let f = Kernbench.parse(&input).unwrap();
    // Read once: the unquoted repeat (with its derived % column) is the same block.
    assert_eq!(f.samples.len(), 8);
    let e = find(&f, "half", "Elapsed Time");
    let got: Vec<(&str, f64, usize)> = e.iter().map(|s| (kernel_of(s), s.value.mean(), s.line)).collect();
    assert_eq!(got, vec![("5.1.0-rc2", 88.25, 4), ("5.1.0-rc2-foo", 80.5, 4)]);
    assert_eq!(e[0].group, "8 CPUs test box");
    assert!(f.samples.iter().all(|s| s.value.mean() > 50.0), "no % change read as a value");
    assert!(f.notes.iter().any(|(l, n)| *l == 13 && n.contains("repeats the block at line 4")), "{:?}", f.notes);
}

#[test]
fn side_by_side_values_without_headings_are_an_error() {
    let input = Input::from_text("Average Half load -j 4 Run:\nElapsed Time 10.5 (0.1)   11.2 (0.2)\n");
    assert_eq!(Kernbench.parse(&input).unwrap_err().line(), Some(2));
}

#[test]
fn kernel_line_under_the_date_and_two_variants_of_it() {
    let f = Kernbench.parse(&fixture("kernbench-same-kernel-two-variants.txt")).unwrap();
    let e = find(&f, "optimal", "Elapsed Time");
    let got: Vec<(&str, &str, f64)> = e.iter().map(|s| (kernel_of(s), s.group.as_str(), s.value.mean())).collect();
    assert_eq!(got, vec![("5.0.0-rc1+", "plain", 30.5), ("5.0.0-rc1+", "with the debug option", 55.25)]);
}
