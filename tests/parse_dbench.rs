//! dbench/tbench parser over hand-written fixtures and the shared corpus.

use benchsite::model::{ParsedFile, Sample};
use benchsite::parse::{self, BenchParser, Input, dbench};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> Input {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dbench").join(name);
    Input::from_bytes(&std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
}

fn corpus(sub: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus").join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
}

fn vals(f: &ParsedFile, group: &str, name: &str) -> Vec<f64> {
    f.samples.iter().filter(|s| s.group == group && s.metric.name == name).map(|s| s.value.mean()).collect()
}

fn samples<'a>(f: &'a ParsedFile, group: &'a str, name: &'a str) -> impl Iterator<Item = &'a Sample> {
    f.samples.iter().filter(move |s| s.group == group && s.metric.name == name)
}

fn param(s: &Sample, name: &str) -> Option<String> {
    s.params.iter().find(|p| p.name == name).map(|p| p.value.to_string())
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

fn detected(input: &Input) -> &'static str {
    parse::detect(input).map(|p| p.id()).unwrap_or("none")
}

/// Key check: seed 003's three 2.4.7 runs, each followed by GNU time.
#[test]
fn seed003_three_runs_with_gnu_time() {
    let input = fixture("dbench1x-gnu-time-3runs.txt");
    assert_eq!(detected(&input), "dbench");
    let f = parse::by_id("dbench").unwrap().parse(&input).unwrap();
    assert_eq!(vals(&f, "", "Throughput"), vec![9.2929, 9.56338, 9.17032]);
    for s in samples(&f, "", "Throughput") {
        assert_eq!(param(s, "procs").as_deref(), Some("32"));
        assert_eq!(s.metric.unit, "MB/s");
    }
    assert_eq!(samples(&f, "", "Throughput").next().unwrap().line, 9);
    assert_eq!(vals(&f, "time", "user"), vec![34.11, 34.07, 33.79]);
    assert_eq!(vals(&f, "time", "system"), vec![238.89, 262.44, 248.46]);
    let el = vals(&f, "time", "elapsed");
    assert!(close(el[0], 454.59, 1e-9) && close(el[1], 442.72, 1e-9) && close(el[2], 461.62, 1e-9));
    assert_eq!(vals(&f, "time", "CPU"), vec![60.0, 66.0, 61.0]);
    assert_eq!(vals(&f, "time", "minor faults"), vec![1402.0; 3]);
    assert!(samples(&f, "time", "user").all(|s| param(s, "procs").as_deref() == Some("32")));
}

#[test]
fn dbench2_procs_and_bash_time() {
    let input = fixture("dbench2x-procs-bash-time.txt");
    assert_eq!(detected(&input), "dbench");
    let f = dbench::Dbench.parse(&input).unwrap();
    assert_eq!(vals(&f, "", "Throughput"), vec![45.1023, 31.874]);
    let procs: Vec<_> = samples(&f, "", "Throughput").map(|s| param(s, "procs").unwrap()).collect();
    assert_eq!(procs, ["16", "64"]);
    let real = vals(&f, "time", "real");
    assert!(close(real[0], 47.112, 1e-9) && close(real[1], 133.508, 1e-9));
    assert!(close(vals(&f, "time", "sys")[1], 84.33, 1e-9));
    let r = samples(&f, "time", "real").nth(1).unwrap();
    assert_eq!(param(r, "procs").as_deref(), Some("64"));
}

#[test]
fn dbench4_short_ops_and_wrapped_max_latency() {
    let input = fixture("dbench4-shortops-wrapped-result.txt");
    assert_eq!(detected(&input), "dbench");
    let f = dbench::Dbench.parse(&input).unwrap();
    assert_eq!(f.version.as_deref(), Some("4.00"));
    assert_eq!(vals(&f, "", "Throughput"), vec![3789.19]);
    assert_eq!(vals(&f, "", "max_latency"), vec![0.47]);
    assert_eq!(vals(&f, "operations", "Qpathinfo Count"), vec![6559150.0]);
    assert_eq!(vals(&f, "operations", "Find AvgLat"), vec![0.039]);
    assert_eq!(vals(&f, "operations", "ReadX MaxLat"), vec![0.467]);
    assert_eq!(f.samples.len(), 2 + 5 * 3);
    for s in &f.samples {
        assert_eq!(param(s, "clients").as_deref(), Some("32"));
        assert_eq!(param(s, "procs").as_deref(), Some("32"));
    }
}

#[test]
fn truncated_table_row_is_an_error_at_its_line() {
    let input = fixture("dbench4-truncated-table.txt");
    let e = dbench::Dbench.parse(&input).unwrap_err();
    assert_eq!(e.line(), Some(6), "{e}");
}

#[test]
fn tbench_two_runs() {
    let input = fixture("tbench-3x-two-runs.txt");
    assert_eq!(detected(&input), "tbench");
    let f = dbench::Tbench.parse(&input).unwrap();
    assert_eq!(f.benchmark, "tbench");
    assert_eq!(vals(&f, "", "Throughput"), vec![412.5, 420.25]);
}

/// Reads lkp's `key: value` expected yaml.
/// Every Throughput sample's (procs, clients, label) parameters, in order.
fn counts(f: &ParsedFile) -> Vec<(Option<String>, Option<String>, Option<String>)> {
    samples(f, "", "Throughput").map(|s| (param(s, "procs"), param(s, "clients"), param(s, "label"))).collect()
}

fn procs_only(n: &[u32]) -> Vec<(Option<String>, Option<String>, Option<String>)> {
    n.iter().map(|n| (Some(n.to_string()), None, None)).collect()
}

/// `for i in 1 2 3; do ./dbench 8; done`: the next run's `8 clients
/// started` right under a result line is not that result's wrapped tail
/// (it used to add `clients=8` to two runs of three).
#[test]
fn dbench1x_loop_each_run_its_own_count() {
    for name in ["dbench1x-loop-3runs-dots.txt", "dbench1x-loop-3runs-procs-noprogress.txt"] {
        let input = fixture(name);
        assert_eq!(detected(&input), "dbench", "{name}");
        let f = parse::by_id("dbench").unwrap().parse(&input).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![41.2217, 39.8804, 40.5519], "{name}");
        assert_eq!(counts(&f), procs_only(&[8, 8, 8]), "{name}");
        assert!(f.notes.is_empty(), "{name}: {:?}", f.notes);
    }
}

/// `for n in 1 2 4 8 16; do ./dbench $n; done`: each run has the count
/// its own `N clients started` (or `N procs`) says; the 8-process run used
/// to be labelled with the next run's 16.
#[test]
fn dbench_sweeps_each_run_its_own_count() {
    for name in ["dbench1x-sweep-dots.txt", "dbench1x-sweep-procs-noprogress.txt"] {
        let f = parse::by_id("dbench").unwrap().parse(&fixture(name)).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![78.3112, 76.5403, 70.1828, 58.9391, 33.0742], "{name}");
        assert_eq!(counts(&f), procs_only(&[1, 2, 4, 8, 16]), "{name}");
    }
    let f = parse::by_id("dbench").unwrap().parse(&fixture("dbench3x-sweep-progress.txt")).unwrap();
    assert_eq!(f.version.as_deref(), Some("3.04"));
    assert_eq!(vals(&f, "", "Throughput"), vec![201.337, 188.42, 150.118]);
    assert_eq!(counts(&f), procs_only(&[4, 8, 16]));
}

#[test]
fn dbench4_loop_three_runs() {
    let f = parse::by_id("dbench").unwrap().parse(&fixture("dbench4-loop-3runs.txt")).unwrap();
    assert_eq!(vals(&f, "", "Throughput"), vec![412.6, 409.87, 415.02]);
    assert_eq!(vals(&f, "", "max_latency"), vec![19.461, 22.005, 18.73]);
    assert_eq!(vals(&f, "operations", "NTCreateX Count"), vec![312346.0, 310522.0, 314901.0]);
    for s in &f.samples {
        assert_eq!((param(s, "clients").as_deref(), param(s, "procs").as_deref()), (Some("8"), Some("8")));
        assert_eq!(param(s, "label"), None);
    }
    assert!(f.notes.is_empty(), "{:?}", f.notes);
}

/// `before:` / `after:` (and `2.4.19:` / `2.5.30 with patch:`) blocks are
/// kept apart by a `label` parameter; one label only names no difference.
#[test]
fn labelled_blocks_are_kept_apart() {
    let f = parse::by_id("dbench").unwrap().parse(&fixture("dbench-labels-before-after.txt")).unwrap();
    let l: Vec<Option<String>> = counts(&f).into_iter().map(|c| c.2).collect();
    let s = |x: &str| Some(x.to_string());
    assert_eq!(l, vec![s("before"), s("before"), s("after"), s("after")]);
    let f = parse::by_id("dbench").unwrap().parse(&fixture("dbench-labels-kernels-sweep.txt")).unwrap();
    let c = counts(&f);
    assert_eq!(c[0], (s("1"), None, s("2.4.19")));
    assert_eq!(c[3], (s("8"), None, s("2.5.30 with patch")));
    let f = parse::by_id("dbench").unwrap().parse(&fixture("dbench-one-label.txt")).unwrap();
    assert!(counts(&f).iter().all(|c| c.2.is_none()));
}

/// A result's own `N procs` that disagrees with its `N clients started`
/// is read as printed, with a note.
#[test]
fn count_mismatch_is_a_note() {
    let input = Input::from_text("8 clients started\nThroughput 1.5 MB/sec (NB=1 MB/sec  15 MBit/sec)  16 procs\n");
    let f = parse::by_id("dbench").unwrap().parse(&input).unwrap();
    assert_eq!(counts(&f), procs_only(&[16]));
    assert_eq!(f.notes.len(), 1);
    assert_eq!(f.notes[0].0, 2);
}

fn expected(path: &Path) -> Vec<(String, f64)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.split_once(':'))
        .filter_map(|(k, v)| Some((k.trim().to_string(), v.trim().parse::<f64>().ok()?)))
        .collect()
}

fn check_lkp(dir: &Path, want_id: &str) {
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let input = Input::from_bytes(&std::fs::read(&path).unwrap());
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let want = if name.starts_with("lkp-") { want_id } else { "dbench" };
        assert_eq!(detected(&input), want, "{name}");
        let f = parse::by_id(want).unwrap().parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        seen += 1;
        let yaml = path.with_extension("expected.yaml");
        if !yaml.exists() {
            continue;
        }
        let tp = vals(&f, "", "Throughput");
        assert!(!tp.is_empty(), "{name}");
        for (k, v) in expected(&yaml) {
            match k.as_str() {
                // lkp reports the arithmetic mean of the runs' throughputs.
                "throughput_MB/s" => assert!(close(mean(&tp), v, 0.05), "{name}: {k} {v} vs {tp:?}"),
                // lkp rounds to two decimals and averages over runs.
                "max_latency" => {
                    let ml = vals(&f, "", "max_latency");
                    assert_eq!(ml.len(), tp.len(), "{name}");
                    assert!(close(mean(&ml), v, 0.006), "{name}: {k} {v} vs {ml:?}");
                }
                "clients" | "procs" => {
                    for s in samples(&f, "", "Throughput") {
                        assert_eq!(param(s, &k), Some(format!("{v}")), "{name}: {k}");
                    }
                }
                // harmonic means are lkp-derived, not printed by dbench.
                _ => {}
            }
        }
        // Every run has its full 16-row operation table.
        let counts = f.samples.iter().filter(|s| s.group == "operations" && s.metric.name.ends_with(" Count")).count();
        assert_eq!(counts, 16 * tp.len(), "{name}");
    }
    assert!(seen > 0);
}

#[test]
fn corpus_lkp_dbench_and_tbench() {
    let (Some(d), Some(t)) = (corpus("dbench"), corpus("tbench")) else { return };
    check_lkp(&d, "dbench");
    check_lkp(&t, "tbench");
}

#[test]
fn corpus_lkp_files_by_hand() {
    let Some(d) = corpus("tbench") else { return };
    let input = Input::from_bytes(&std::fs::read(d.join("lkp-tbench4-2runs-128procs.txt")).unwrap());
    let f = dbench::Tbench.parse(&input).unwrap();
    assert_eq!(vals(&f, "", "Throughput"), vec![23775.4, 20853.0]);
    assert_eq!(vals(&f, "", "max_latency"), vec![8.632, 8.158]);
    assert_eq!(vals(&f, "operations", "NTCreateX Count"), vec![22765090.0, 19940336.0]);
    assert_eq!(vals(&f, "operations", "ReadX MaxLat"), vec![8.578, 8.051]);
    let input = Input::from_bytes(&std::fs::read(d.join("lkp-tbench4-32procs-shortopnames.txt")).unwrap());
    let f = dbench::Tbench.parse(&input).unwrap();
    assert_eq!(vals(&f, "operations", "Sfileinfo Count"), vec![589520.0]);
    assert_eq!(vals(&f, "operations", "Qfsinfo AvgLat"), vec![0.039]);
    let Some(d) = corpus("dbench") else { return };
    let input = Input::from_bytes(&std::fs::read(d.join("lkp-dbench4-128procs.txt")).unwrap());
    let f = dbench::Dbench.parse(&input).unwrap();
    assert_eq!(vals(&f, "operations", "QUERY_PATH_INFORMATION Count"), vec![234963059.0]);
    assert_eq!(vals(&f, "operations", "Deltree AvgLat"), vec![4.399]);
    assert_eq!(vals(&f, "", "max_latency"), vec![53.132]);
}

#[test]
fn corpus_lkml_dbench1x_csh_time() {
    let Some(d) = corpus("dbench") else { return };
    let input = Input::from_bytes(&std::fs::read(d.join("lkml-2001-08-dbench1x-NB-csh-time-pairs.txt")).unwrap());
    assert_eq!(detected(&input), "dbench");
    let f = dbench::Dbench.parse(&input).unwrap();
    let tp = vals(&f, "", "Throughput");
    assert_eq!(tp.len(), 14);
    assert_eq!(&tp[..4], &[27.3983, 18.4711, 34.7552, 21.8827]);
    assert_eq!(tp[13], 30.8583);
    let procs: Vec<String> = samples(&f, "", "Throughput").map(|s| param(s, "procs").unwrap()).collect();
    assert_eq!(procs, ["48", "48", "32", "32", "16", "16", "8", "8", "4", "4", "2", "2", "1", "1"]);
    assert_eq!(vals(&f, "time", "user").len(), 14);
    assert_eq!(vals(&f, "time", "user")[0], 37.58);
    assert_eq!(vals(&f, "time", "system")[0], 115.73);
    assert!(close(vals(&f, "time", "elapsed")[0], 231.3, 1e-9));
    assert_eq!(vals(&f, "time", "CPU")[1], 46.5);
    assert_eq!(vals(&f, "time", "major faults")[13], 137.0);
    let s = samples(&f, "time", "elapsed").nth(13).unwrap();
    assert_eq!(param(s, "procs").as_deref(), Some("1"));
}

#[test]
fn corpus_time_file_with_dbench_run() {
    let Some(d) = corpus("time") else { return };
    let input = Input::from_bytes(&std::fs::read(d.join("lkml-2001-07-dbench-gnutime-quoted-wrapped.txt")).unwrap());
    // A dbench result with its GNU time glued on: dbench outbids gnu-time.
    assert_eq!(detected(&input), "dbench");
    let f = dbench::Dbench.parse(&input).unwrap();
    assert_eq!(vals(&f, "", "Throughput"), vec![15.8859]);
    assert_eq!(vals(&f, "time", "user"), vec![14.74]);
    assert_eq!(vals(&f, "time", "system"), vec![22.92]);
    assert!(close(vals(&f, "time", "elapsed")[0], 266.91, 1e-9));
    assert_eq!(vals(&f, "time", "major faults"), vec![912.0]);
    assert_eq!(vals(&f, "time", "minor faults"), vec![1430.0]);
}

fn real_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)".to_string()),
        Just("Throughput 13563.9 MB/sec  128 clients  128 procs  max_latency=53.132 ms".to_string()),
        Just("Throughput".to_string()),
        Just("Throughput 1".to_string()),
        Just("max_latency=".to_string()),
        Just(" Operation      Count    AvgLat    MaxLat".to_string()),
        Just(" NTCreateX    7236851     0.039     0.303".to_string()),
        Just("34.11user 238.89system 7:34.59elapsed 60%CPU (0avgtext+0avgdata".to_string()),
        Just("0maxresident)k 0inputs+0outputs (1008major+1402minor)pagefaults 0swaps".to_string()),
        Just("37.580u 115.730s 3:51.30 66.2%  0+0k 0+0io 1310pf+0w".to_string()),
        Just("real\t1m4.221s".to_string()),
        Just("time ./dbench 32".to_string()),
        Just("tbench -t 30 -c".to_string()),
        Just("16 clients started".to_string()),
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
            for p in [&dbench::Dbench as &dyn BenchParser, &dbench::Tbench] {
                let _ = p.detect(&input);
                let _ = p.parse(&input);
            }
        }
    }
}
