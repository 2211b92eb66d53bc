//! will-it-scale, hackbench, perf bench and schbench over the LKP corpus
//! (`../shared/corpus-modern/`, its values checked against lkp's
//! `*.expected.yaml` under our names) and over the real fixtures in
//! `tests/fixtures/{will-it-scale,hackbench,perf-bench,schbench}/` (each
//! `X.txt` with the numbers read by hand in `X.hand.yaml`, checked by
//! `tests/fixtures.rs`; here, what the data cannot say: set-ups kept apart).
//!
//! lkp values not compared, and why:
//!
//! * will-it-scale `N.threads`, `N.threads_idle`, `N.linear` of a process
//!   mode run: zeros of a mode that did not run, and `linear` a derived
//!   figure; `per_process_ops` / `per_thread_ops`: lkp's division by tasks;
//! * hackbench `throughput*`: lkp's constant over a time (the fastest, the
//!   slowest, the mean time); only their ratios are compared, which checks
//!   that every time was read;
//! * perf bench `stddev%`: perf's ± over threads or runs, not read;
//! * schbench non-`end` latencies: lkp's averages over every report,
//!   interim ones included, which benchsite does not read; their
//!   `stddev%`.

use benchsite::model::{ParsedFile, Sample};
use benchsite::parse::{self, Input, ParseError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus(program: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus-modern").join(program);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
}

/// The corpus file read by the parser `detect` picks, which must be `id`.
fn read(dir: &Path, name: &str, id: &str) -> ParsedFile {
    let input = Input::from_bytes(&std::fs::read(dir.join(name)).expect("corpus file"));
    let p = parse::detect(&input).unwrap_or_else(|| panic!("{name}: not recognised"));
    assert_eq!(p.id(), id, "{name}");
    p.parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// lkp's expected values, by lkp's name.
fn expected(dir: &Path, name: &str) -> BTreeMap<String, f64> {
    let text = std::fs::read_to_string(dir.join(name)).expect("expected yaml");
    serde_yaml::from_str(&text).expect("lkp yaml")
}

fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
    s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
}

/// Values of `metric` in `group` whose parameters include every `(name, value)` of `with`.
fn values(f: &ParsedFile, group: &str, metric: &str, with: &[(&str, &str)]) -> Vec<f64> {
    f.samples
        .iter()
        .filter(|s| s.group == group && s.metric.name == metric)
        .filter(|s| with.iter().all(|(k, v)| param(s, k) == Some(*v)))
        .map(|s| s.value.mean())
        .collect()
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs())
}

#[test]
fn will_it_scale_corpus_agrees_with_lkp() {
    let Some(dir) = corpus("will-it-scale") else { return };
    let f = read(&dir, "1.txt", "will-it-scale");
    let lkp = expected(&dir, "1.expected.yaml");
    let at = [("test", "mmap2"), ("mode", "process"), ("tasks", "104")];
    assert_eq!(values(&f, "", "ops", &at), vec![lkp["104.processes"]]);
    assert_eq!(values(&f, "", "ops", &at), vec![lkp["workload"]]);
    assert_eq!(values(&f, "", "idle", &at), vec![lkp["104.processes_idle"]]);
    assert!(values(&f, "", "ops", &[("mode", "thread")]).is_empty(), "process mode: no thread samples");
    // 2.txt: two assertion failures, no result: recognised, and an error naming the failure.
    let input = Input::from_bytes(&std::fs::read(dir.join("2.txt")).expect("corpus file"));
    let p = parse::detect(&input).expect("2.txt recognised");
    assert_eq!(p.id(), "will-it-scale");
    match p.parse(&input) {
        Err(ParseError::NoResults { reason, .. }) => assert!(reason.contains("context_switch1_threads"), "{reason}"),
        other => panic!("2.txt: {other:?}"),
    }
}

/// lkp's throughputs are one constant over a time (best over the fastest,
/// worst over the slowest, avg over the mean time): `best / worst` against
/// our slowest over fastest time, `avg / best` against fastest over mean.
fn check_hackbench_instance(times: &[f64], best: f64, worst: f64, avg: f64) {
    let min = times.iter().copied().fold(f64::INFINITY, f64::min);
    let max = times.iter().copied().fold(0.0, f64::max);
    assert!(close(best / worst, max / min, 1e-9), "{best}/{worst} vs {max}/{min}");
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    assert!(close(avg / best, min / mean, 1e-6), "{avg}/{best} vs {min}/{mean}");
}

#[test]
fn hackbench_corpus_agrees_with_lkp() {
    let Some(dir) = corpus("hackbench") else { return };
    let f = read(&dir, "hackbench.txt", "hackbench");
    let lkp = expected(&dir, "hackbench.expected.yaml");
    let with = [("mode", "process"), ("ipc", "pipe"), ("groups", "256"), ("fds", "40"), ("loops", "30000")];
    let times = values(&f, "", "Time", &with);
    assert_eq!(times.len(), 8);
    assert_eq!(times[0], 9.541);
    check_hackbench_instance(&times, lkp["throughput_best"], lkp["throughput_worst"], lkp["throughput_avg"]);
    assert!(f.samples.iter().all(|s| param(s, "instances").is_none()), "one instance: no count");

    let f = read(&dir, "hackbench-multi-instance.txt", "hackbench");
    let lkp = expected(&dir, "hackbench-multi-instance.expected.yaml");
    for (i, groups) in [(1, "2"), (2, "8192")] {
        let times = values(&f, "", "Time", &[("mode", "thread"), ("ipc", "pipe"), ("groups", groups)]);
        assert_eq!(times.len(), 8, "instance {i}");
        let best = lkp[&format!("throughput.instance{i}")];
        let worst = lkp[&format!("throughput_worst.instance{i}")];
        check_hackbench_instance(&times, best, worst, lkp[&format!("throughput_avg.instance{i}")]);
    }
    assert_eq!(f.samples.len(), 16);
    // Two instances ran at once (`Instance: 1`, `Instance: 2`): a set-up.
    assert!(f.samples.iter().all(|s| param(s, "instances") == Some("2")));
}

/// The set-up a file shows leaves out what the parameters say already
/// (README, "Content layout"): LKP's `hackbench -g 256 -f 20 --process
/// --pipe` and `-g 2 -f 20 --threads --pipe` are the mode, ipc, groups
/// and fds read from `Running in process mode with 256 groups using 40
/// file descriptors each`: one set-up (newcomer30 P1-3: `hackbench -P -f
/// 20 -p` against `hackbench -T -f 20 -p`, and `same_setup:` advised).
#[test]
fn hackbench_options_read_as_parameters_are_no_set_up() {
    let Some(dir) = corpus("hackbench") else { return };
    for name in ["hackbench.txt", "hackbench-multi-instance.txt"] {
        let mut f = read(&dir, name, "hackbench");
        // The set-up is read after the parser, as a build reads it.
        let input = Input::from_bytes(&std::fs::read(dir.join(name)).expect("corpus file"));
        parse::labels::apply(&input, &mut f);
        assert_eq!(f.setup.command.as_ref().map(|(_, c)| c.as_str()), Some("hackbench"), "{name}");
    }
}

#[test]
fn perf_bench_corpus_agrees_with_lkp() {
    let Some(root) = corpus("") else { return };
    let dir = root.join("perf-bench-sched-messaging");
    let f = read(&dir, "01.txt", "perf-bench");
    let lkp = expected(&dir, "01.expected.yaml");
    let with = [("mode", "process"), ("senders", "20"), ("groups", "10")];
    assert_eq!(values(&f, "sched/messaging", "Total time", &with), vec![lkp["total_time_sec"]]);

    let dir = root.join("perf-bench-mem");
    let f = read(&dir, "01.txt", "perf-bench");
    let lkp = expected(&dir, "01.expected.yaml");
    for (name, want) in &lkp {
        let (suite, function) = name.strip_suffix(".GB_per_sec").and_then(|n| n.split_once('.')).expect("lkp name");
        let got = values(&f, &format!("mem/{suite}"), "bandwidth", &[("function", function), ("size", "1MB")]);
        assert_eq!(got, vec![*want], "{name}");
    }
    assert_eq!(f.samples.len(), 6);

    let dir = root.join("perf-bench-futex");
    let runs = |file: &str, group: &str, metric: &str| {
        let f = read(&dir, file, "perf-bench");
        assert!(f.samples.iter().all(|s| param(s, "threads") == Some("8") && param(s, "scope") == Some("shared")));
        values(&f, group, metric, &[])
    };
    let lkp = |file: &str, name: &str| expected(&dir, file)[name];
    assert_eq!(runs("01.txt", "futex/hash", "operations"), vec![lkp("01.expected.yaml", "ops/s")]);
    for (file, group, metric, name) in [
        ("02.txt", "futex/wake", "wakeup", "wokeup_time_ms"),
        ("03.txt", "futex/requeue", "requeue", "requeued_time_ms"),
        ("04.txt", "futex/wake-parallel", "avg per-thread latency", "avg_per_thread_latency_ms"),
    ] {
        let v = runs(file, group, metric);
        assert_eq!(v.len(), 10, "{file}: the ten runs");
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        let want = lkp(&file.replace(".txt", ".expected.yaml"), name);
        assert!((mean - want).abs() < 0.00005 + 1e-12, "{file}: runs' mean {mean}, perf's {want}");
    }

    let dir = root.join("perf-bench-syscall");
    let f = read(&dir, "01.txt", "perf-bench");
    for (name, want) in expected(&dir, "01.expected.yaml") {
        let (call, lkp_metric) = name.split_once('.').expect("call.metric");
        let metric = match lkp_metric {
            "total_time_sec" => "Total time",
            "usecs_per_op" => "usecs/op",
            "ops_per_sec" => "ops/sec",
            other => panic!("unmapped lkp name {other}"),
        };
        let group = if call == "getppid" { "syscall/basic".to_string() } else { format!("syscall/{call}") };
        assert_eq!(values(&f, &group, metric, &[("syscall", call)]), vec![want], "{name}");
    }

    let dir = root.join("perf-bench-numa-mem");
    let f = read(&dir, "01.txt", "perf-bench");
    let names = [
        ("secs_latency", "NUMA-convergence-latency"),
        ("secs_slowest", "runtime-max/thread"),
        ("secs_fastest", "runtime-min/thread"),
        ("secs_avg", "runtime-avg/thread"),
        ("max_avg_diff", "spread-runtime/thread"),
        ("GB_per_thread", "data/thread"),
        ("GB_total", "data-total"),
        ("nsecs_byte_thread", "runtime/byte/thread"),
        ("GB_sec_thread", "thread-speed"),
        ("GB_sec_total", "total-speed"),
    ];
    let lkp = expected(&dir, "01.expected.yaml");
    assert_eq!(lkp.len(), names.len());
    for (lkp_name, ours) in names {
        let with = [("test", "main"), ("options", "-p 128 -t 2 -m -0 -P 300")];
        assert_eq!(values(&f, "numa/mem", ours, &with), vec![lkp[lkp_name]], "{lkp_name}");
    }
}

/// lkp's schbench name → our group and metric: `wakeup_latency_99.9%_us`
/// → (`wakeup`, `99.9th`), `request_end_latency_min_us` → (`request`, `min`).
fn schbench_name(lkp: &str) -> (&'static str, String) {
    let group = if lkp.starts_with("wakeup") { "wakeup" } else { "request" };
    let stat = lkp.split('_').nth(if lkp.contains("_end_") { 3 } else { 2 }).expect("stat");
    let metric = match stat.strip_suffix('%') {
        Some(p) => format!("{:.1}th", p.parse::<f64>().expect("percentile")),
        None => stat.to_string(),
    };
    (group, metric)
}

#[test]
fn schbench_corpus_agrees_with_lkp() {
    let Some(dir) = corpus("schbench") else { return };
    // The 2 instances run at once are one run (newcomer42 N1): each
    // figure their mean per instance, lkp's own (`wakeup_latency_50%_us`).
    for (file, iterations) in [("01", 3), ("schbench-multi-instance", 1)] {
        let f = read(&dir, &format!("{file}.txt"), "schbench");
        let lkp = expected(&dir, &format!("{file}.expected.yaml"));
        let mut compared = 0;
        for (name, want) in &lkp {
            if name.contains("stddev") {
                continue;
            }
            let (group, metric) = schbench_name(name);
            let got = values(&f, group, &metric, &[("message_threads", "1"), ("threads", "128")]);
            assert_eq!(got.len(), iterations, "{file} {name}: one final report per iteration or instance");
            if file == "schbench-multi-instance" {
                // lkp's per-instance figures and their maxima are not kept.
                if !name.contains("_end_") && !name.contains(".instance") {
                    assert_eq!(got[0], *want, "{file} {name}: the mean per instance");
                    compared += 1;
                }
            } else if let Some(base) = name.strip_suffix("_max").filter(|_| name.contains("_end_")) {
                let max = got.iter().copied().fold(f64::MIN, f64::max);
                assert_eq!(max, *want, "{file} {base}");
                compared += 1;
            } else if let Some((_, i)) = name.rsplit_once(".instance") {
                let i: usize = i.parse().expect("instance");
                assert_eq!(got[i - 1], *want, "{file} {name}");
                compared += 1;
            }
        }
        assert!(compared >= 8, "{file}: {compared} compared");
        let rps = values(&f, "rps", "average rps", &[]);
        assert_eq!(rps.len(), iterations);
        // Instances run at once are a set-up of their own (`instances 2`),
        // never compared with one instance alone as alike.
        let instances: Vec<Option<&str>> = f
            .samples
            .iter()
            .map(|s| s.params.iter().find(|p| p.name == "instances").map(|p| p.value.as_str()))
            .collect();
        let want = (file == "schbench-multi-instance").then_some("2");
        assert!(instances.iter().all(|i| *i == want), "{file}: {instances:?}");
    }
}

/// The `label` parameter of every sample of `metric` in a fixture, in order.
fn fixture_labels(rel: &str, metric: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(rel);
    let outcome = benchsite::site::parse_bytes(&std::fs::read(&path).expect("fixture"), None);
    let samples = outcome.parsed.iter().flat_map(|p| &p.samples).filter(|s| s.metric.name == metric);
    samples.map(|s| param(s, "label").unwrap_or("-").to_string()).collect()
}

/// Set-ups told apart only by a post's words are not averaged as runs.
#[test]
fn fixtures_keep_set_ups_apart() {
    let wis = fixture_labels("will-it-scale/lkml-2018-page-fault3-annotated-elided.txt", "ops");
    assert_eq!(wis.first().map(String::as_str), Some("Before commit a983b5ebee57"));
    assert_eq!(wis.last().map(String::as_str), Some("This patch could fix the performance regression"));
    assert_eq!(wis.iter().filter(|l| *l == "After commit").count(), 4);
    let hb = fixture_labels("hackbench/blog-tw-ltp-hackbench-old-form-vm-cpus.txt", "Time");
    assert_eq!(hb, vec!["for 1 cpu", "for 2 cpu", "for 1 cpu", "for 2 cpu", "4cpu"]);
    let mem = fixture_labels("perf-bench/lkml-2012-mem-memcpy-old-header-prefault-thp.txt", "bandwidth");
    assert_eq!(mem, vec!["with THP", "no THP"]);
    let pipe = fixture_labels("perf-bench/lkml-2021-sched-pipe-wf-sync-before-after.txt", "Total time");
    assert_eq!(pipe, vec!["Before", "After"]);
}
