//! redis-benchmark, kbuild, CoreMark, fs_mark, openssl speed and
//! tinymembench over the LKP corpus (`../shared/corpus-modern/<program>/`,
//! each file's values checked against lkp's `*.expected.yaml` under our
//! names), and what the real fixtures in `tests/fixtures/<bench>/` cannot
//! say on their own (their values read by hand are checked by
//! `tests/fixtures.rs`). Each test says which lkp values it maps, and which
//! it skips and why. The tests pass without reading when the corpus is
//! absent.

mod common;

use benchsite::model::{ParsedFile, Sample};
use common::parse::{detect_and_parse, read, shared};
use std::collections::BTreeMap;
use std::path::Path;

/// lkp's expected values of `<dir>/<name>.expected.yaml`.
fn lkp(dir: &Path, name: &str) -> BTreeMap<String, f64> {
    let text = std::fs::read_to_string(dir.join(format!("{name}.expected.yaml"))).expect("expected yaml");
    let raw: BTreeMap<String, serde_yaml::Value> = serde_yaml::from_str(&text).expect("lkp yaml");
    raw.into_iter()
        .filter_map(|(k, v)| match v {
            serde_yaml::Value::Number(n) => n.as_f64().map(|f| (k, f)),
            serde_yaml::Value::String(s) => s.trim().parse().ok().map(|f| (k, f)),
            _ => None,
        })
        .collect()
}

fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
    s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
}

/// The values of `metric` whose parameters include every `(name, value)`.
fn runs(f: &ParsedFile, metric: &str, with: &[(&str, &str)]) -> Vec<f64> {
    f.samples
        .iter()
        .filter(|s| s.metric.name == metric && with.iter().all(|(n, v)| param(s, n) == Some(*v)))
        .map(|s| s.value.mean())
        .collect()
}

fn mean(v: &[f64]) -> f64 {
    assert!(!v.is_empty(), "no samples");
    v.iter().sum::<f64>() / v.len() as f64
}

fn close(ours: f64, want: f64, what: &str) {
    assert!((ours - want).abs() <= 1e-6 * want.abs().max(1.0), "{what}: ours {ours}, lkp {want}");
}

/// lkp's names → ours: `PING_INLINE` → `requests per second` of test
/// PING_INLINE; `X_avg_throughput_rps` → the mean of test X's `requests
/// per second` runs; `X_avg_time_sec` → the mean of its `completed in`
/// runs; `X_latency_Nms%` → the mean of its `<= N milliseconds` runs, for
/// the buckets every run printed. Skipped: `X_total_*`, lkp's sums over the
/// runs; `X_latency_P%_ms`, lkp's percentiles derived from the buckets; the
/// buckets some run did not print (`set_latency_3ms%`, `get_latency_0ms%`,
/// `get_latency_2ms%`), which lkp fills with the run's previous bucket or 0.
#[test]
fn redis_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/redis") else { return };
    let f = detect_and_parse(&read(&dir.join("01.txt")), "redis-benchmark", "redis/01.txt");
    let want = lkp(&dir, "01");
    close(mean(&runs(&f, "requests per second", &[("test", "PING_INLINE")])), want["PING_INLINE"], "PING_INLINE");
    for test in ["SET", "GET"] {
        let lk = test.to_lowercase();
        let rps = runs(&f, "requests per second", &[("test", test)]);
        assert_eq!(rps.len(), 2, "{test}: two runs");
        close(mean(&rps), want[&format!("{lk}_avg_throughput_rps")], test);
        close(mean(&runs(&f, "completed in", &[("test", test)])), want[&format!("{lk}_avg_time_sec")], test);
    }
    for (test, ms) in [("SET", 1), ("SET", 2), ("GET", 1)] {
        let b = runs(&f, &format!("<= {ms} milliseconds"), &[("test", test)]);
        assert_eq!(b.len(), 2, "{test} {ms} ms: a bucket of both runs");
        close(mean(&b), want[&format!("{}_latency_{ms}ms%", test.to_lowercase())], test);
    }
    assert!(f.notes.is_empty(), "{:?}", f.notes);
}

/// The sniper README's two halves differ by `-P 100` only: the pipeline
/// keeps them apart, so 2.7M requests/s is no run of the 131k one.
#[test]
fn redis_pipeline_keeps_set_ups_apart() {
    let path = common::parse::fixture_path("redis-benchmark", "sniper-readme-redis5-full-pipeline-100.txt");
    let f = detect_and_parse(&read(&path), "redis-benchmark", "sniper");
    assert_eq!(runs(&f, "requests per second", &[("test", "GET")]).len(), 2);
    let piped = runs(&f, "requests per second", &[("test", "GET"), ("pipeline", "100")]);
    assert_eq!(piped, [2702702.75]);
}

/// lkp's names → ours: `buildtime_per_iteration` → the mean of the
/// `build time` runs (end − start of each build); `real_/user_/
/// sys_time_per_iteration` → the means of `real`, `user`, `sys`.
/// Skipped: `workload`, the iteration count (no result).
#[test]
fn kbuild_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/kbuild") else { return };
    for (name, builds, config) in [("01", 1, "allyesconfig"), ("02", 8, "defconfig"), ("03", 1, "allyesconfig")] {
        let f = detect_and_parse(&read(&dir.join(format!("{name}.txt"))), "kbuild", name);
        let want = lkp(&dir, name);
        let bt = runs(&f, "build time", &[("config", config)]);
        assert_eq!(bt.len(), builds, "{name}: one sample per build");
        assert!((mean(&bt) - want["buildtime_per_iteration"]).abs() < 1e-5, "{name}: {bt:?}");
        for (ours, theirs) in [
            ("real", "real_time_per_iteration"),
            ("user", "user_time_per_iteration"),
            ("sys", "sys_time_per_iteration"),
        ] {
            match want.get(theirs) {
                Some(w) => close(mean(&runs(&f, ours, &[])), *w, &format!("{name} {ours}")),
                None => assert!(runs(&f, ours, &[]).is_empty(), "{name}: no {ours} printed"),
            }
        }
        assert!(f.notes.is_empty(), "{name}: {:?}", f.notes);
    }
}

/// lkp's `iterations_per_sec` → `Iterations/Sec`; the run's 4 forked
/// contexts are its `parallel` parameter.
#[test]
fn coremark_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/coremark") else { return };
    let f = detect_and_parse(&read(&dir.join("01.txt")), "coremark", "coremark/01.txt");
    let want = lkp(&dir, "01");
    assert_eq!(runs(&f, "Iterations/Sec", &[("parallel", "4"), ("size", "666")]), [want["iterations_per_sec"]]);
    assert_eq!(f.samples.len(), 1, "the closing CoreMark line is the same score, read once");
}

/// lkp's names → ours: `files_per_sec` → `Files/sec`, `app_overhead` →
/// `App Overhead` (µs), of the table's one row. Nothing skipped; LKP's
/// `Average Files/sec:` and `pNN Files/sec:` lines (its statistics of the
/// rows, rounded) are not read.
#[test]
fn fsmark_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/fsmark") else { return };
    for (name, size, threads) in [("1", "8192", "32"), ("2", "4194304", "13")] {
        let f = detect_and_parse(&read(&dir.join(format!("{name}.txt"))), "fsmark", name);
        let want = lkp(&dir, name);
        let with = [("size", size), ("threads", threads), ("sync", "INBAND FSYNC")];
        assert_eq!(runs(&f, "Files/sec", &with), [want["files_per_sec"]], "{name}");
        assert_eq!(runs(&f, "App Overhead", &with), [want["app_overhead"]], "{name}");
        assert_eq!(f.samples.len(), 2, "{name}");
    }
}

/// lkp's names → ours: `sign_per_sec` / `verify_per_sec` → `sign/s` /
/// `verify/s` of `rsa` 4096 bits (the classic table; openssl 3.5's
/// `signature` group prints another sign/s for `rsa4096`, which lkp does
/// not take); `N_size_block_Kbps` → `throughput` (kB/s, the table's `k`
/// figures) of `sha256` at block N. Every value is the table's: openssl's
/// sum over the `-multi` children, whose `Got:` lines are not read. The
/// `multi` parameter comes from LKP's command line.
#[test]
fn openssl_speed_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/openssl-speed") else { return };
    for (name, multi) in [("01", "16"), ("03", "256")] {
        let f = detect_and_parse(&read(&dir.join(format!("{name}.txt"))), "openssl-speed", name);
        let want = lkp(&dir, name);
        let rsa = [("multi", multi), ("algorithm", "rsa"), ("bits", "4096")];
        let classic = |m: &str| -> Vec<f64> {
            f.samples.iter().filter(|s| s.group.is_empty() && s.metric.name == m).map(|s| s.value.mean()).collect()
        };
        assert_eq!(runs(&f, "sign/s", &rsa), classic("sign/s"), "{name}");
        assert_eq!(classic("sign/s"), [want["sign_per_sec"]], "{name}");
        assert_eq!(classic("verify/s"), [want["verify_per_sec"]], "{name}");
    }
    let f = detect_and_parse(&read(&dir.join("02.txt")), "openssl-speed", "02");
    let want = lkp(&dir, "02");
    assert_eq!(f.version.as_deref(), Some("3.0.1"));
    for block in ["16", "64", "256", "1024", "8192", "16384"] {
        let got = runs(&f, "throughput", &[("algorithm", "sha256"), ("block", block), ("multi", "16")]);
        assert_eq!(got, [want[&format!("{block}_size_block_Kbps")]], "block {block}");
    }
    assert_eq!(f.samples.len(), 6, "the children's Got: lines are not read");
}

/// lkp's names → ours: `<test>_MBpS` → `bandwidth` of `test` (lkp's name
/// is the test's with `(`, `)` dropped and spaces and `-` as `_`), in the
/// `Memory bandwidth` or `Framebuffer read` group;
/// `single|dual_random_read_<N>_block_[no]hugepage` → `single|dual random
/// read` of block N with `madvise` MADV_[NO]HUGEPAGE. Skipped:
/// `<test>_MBpS_stddev`, the deviation in brackets, which benchsite does not
/// read (the figure is tinymembench's best, not a mean it belongs to).
#[test]
fn tinymembench_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/tinymembench") else { return };
    let f = detect_and_parse(&read(&dir.join("01.txt")), "tinymembench", "tinymembench/01.txt");
    let want = lkp(&dir, "01");
    let lkp_name = |test: &str| test.replace(['(', ')'], "").replace([' ', '-'], "_") + "_MBpS";
    let mut matched = 0;
    for s in f.samples.iter().filter(|s| s.metric.name == "bandwidth") {
        if let Some(w) = want.get(&lkp_name(param(s, "test").unwrap())) {
            close(s.value.mean(), *w, param(s, "test").unwrap());
            matched += 1;
        }
    }
    let bandwidths = want.keys().filter(|k| k.ends_with("_MBpS")).count();
    assert_eq!(matched, bandwidths, "every lkp bandwidth has its test");
    for (key, w) in want.iter().filter(|(k, _)| k.contains("random_read")) {
        let (kind, rest) = key.split_once("_random_read_").unwrap();
        let (block, pages) = rest.split_once("_block_").unwrap();
        let madvise = if pages == "hugepage" { "MADV_HUGEPAGE" } else { "MADV_NOHUGEPAGE" };
        let got = runs(&f, &format!("{kind} random read"), &[("block", block), ("madvise", madvise)]);
        assert_eq!(got, [*w], "{key}");
    }
    assert_eq!(f.version.as_deref(), Some("0.4.9"));
}

/// lkp's names → ours: `avg_<type>_<col>` → the mean over the file's four
/// instances (runs) of group `<Type>` (Sets, Gets, Totals), metric
/// `Ops/sec`, `Hits/sec`, `Misses/sec`, `Avg. Latency`, `p50 Latency`,
/// `p99 Latency`, `p99.9 Latency` or `KB/sec`. Skipped: `total_*`, lkp's
/// sums over the instances (and its sums of latencies); `avg_waits_*`, the
/// Waits rows of zeros and `---`, which benchsite notes and does not read;
/// `gets_miss_rate_%`, lkp's ratio; `set|get_latency_N%_ms`, lkp's
/// percentiles of the latency distribution, which is not read.
#[test]
fn memtier_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/memtier") else { return };
    let f = detect_and_parse(&read(&dir.join("1.txt")), "memtier", "memtier/1.txt");
    let want = lkp(&dir, "1");
    let cols = [
        ("ops/s", "Ops/sec"),
        ("hits/s", "Hits/sec"),
        ("misses/s", "Misses/sec"),
        ("avg_latency_ms", "Avg. Latency"),
        ("p50_latency_ms", "p50 Latency"),
        ("p99_latency_ms", "p99 Latency"),
        ("p99.9_latency_ms", "p99.9 Latency"),
        ("kb/s", "KB/sec"),
    ];
    let with = [("threads", "1"), ("connections", "3"), ("pipeline", "64"), ("data_size", "1024"), ("ratio", "1:4")];
    let mut matched = 0;
    for (lk_type, group) in [("sets", "Sets"), ("gets", "Gets"), ("totals", "Totals")] {
        for (lk_col, col) in cols {
            let got: Vec<f64> = f
                .samples
                .iter()
                .filter(|s| s.group == group && s.metric.name == col)
                .filter(|s| with.iter().all(|(n, v)| param(s, n) == Some(*v)))
                .map(|s| s.value.mean())
                .collect();
            let Some(w) = want.get(&format!("avg_{lk_type}_{lk_col}")) else { continue };
            if got.is_empty() {
                assert_eq!(*w, 0.0, "{group} {col}: lkp counts the `---` cells as 0");
                continue;
            }
            assert_eq!(got.len(), 4, "{group} {col}: one run per instance");
            assert!((mean(&got) - w).abs() < 1e-6 * w.abs().max(1.0), "{group} {col}: {got:?} vs {w}");
            matched += 1;
        }
    }
    assert_eq!(matched, 22);
    assert!(f.samples.iter().all(|s| s.group != "Waits"));
    // Four instances LKP started in one second (10:59:50), ports 6380-6383.
    assert!(f.samples.iter().all(|s| param(s, "instances") == Some("4")));
}

/// lkp's names → ours: `avg_runtime` → `RunTime` (ms) of OVERALL,
/// `avg_throughput_ops/s` → `Throughput`, `avg_<op>_operations` →
/// `Operations` of group `<OP>`, `avg_<op>_averagelatency` →
/// `AverageLatency` (us). The `total_*` twins are lkp's sums over instances:
/// with one instance they equal the averages and are checked too.
#[test]
fn ycsb_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/ycsb") else { return };
    let f = detect_and_parse(&read(&dir.join("01.txt")), "ycsb", "ycsb/01.txt");
    let want = lkp(&dir, "01");
    let one = |group: &str, metric: &str| -> f64 {
        let v: Vec<f64> =
            f.samples.iter().filter(|s| s.group == group && s.metric.name == metric).map(|s| s.value.mean()).collect();
        assert_eq!(v.len(), 1, "{group} {metric}");
        v[0]
    };
    for prefix in ["avg", "total"] {
        close(one("OVERALL", "RunTime"), want[&format!("{prefix}_runtime")], "RunTime");
        close(one("OVERALL", "Throughput"), want[&format!("{prefix}_throughput_ops/s")], "Throughput");
        for op in ["read", "insert"] {
            let group = op.to_uppercase();
            close(one(&group, "Operations"), want[&format!("{prefix}_{op}_operations")], op);
            close(one(&group, "AverageLatency"), want[&format!("{prefix}_{op}_averagelatency")], op);
        }
    }
}

/// lkp's names → ours: `Netstat_<nic>_out_<U>` / `_in_<U>` → `obits/s` /
/// `ibits/s` of group Netstat, `nic` = <nic>, with unit `<U>` as uperf
/// printed it (`Mbps` ↔ `Mb/s`, `Kbps` ↔ `Kb/s`); `Runstat_<host>_Mbps` →
/// `Throughput` of group Run Statistics, `host` = <host>. Nothing skipped.
#[test]
fn uperf_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/uperf") else { return };
    for name in ["01", "02"] {
        let f = detect_and_parse(&read(&dir.join(format!("{name}.txt"))), "uperf", name);
        let want = lkp(&dir, name);
        for (key, w) in &want {
            let parts: Vec<&str> = key.split('_').collect();
            let (group, metric, param, value, unit) = match parts[..] {
                ["Netstat", nic, dir, unit] => {
                    ("Netstat", if dir == "out" { "obits/s" } else { "ibits/s" }, "nic", nic, unit)
                }
                ["Runstat", host, unit] => ("Run Statistics", "Throughput", "host", host, unit),
                _ => panic!("{name}: unmapped lkp key {key}"),
            };
            let got: Vec<&Sample> = f
                .samples
                .iter()
                .filter(|s| s.group == group && s.metric.name == metric && param_is(s, param, value))
                .collect();
            assert_eq!(got.len(), 1, "{name} {key}");
            assert_eq!(got[0].metric.unit.replace("b/s", "bps"), unit, "{name} {key}");
            close(got[0].value.mean(), *w, key);
        }
        assert!(f.samples.iter().all(|s| param(s, "profile") == Some("netperf")), "{name}");
    }
}

fn param_is(s: &Sample, name: &str, value: &str) -> bool {
    param(s, name) == Some(value)
}
