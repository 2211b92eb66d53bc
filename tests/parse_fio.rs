//! fio: the LKP corpus (`../shared/corpus-modern/fio/`) agrees with lkp's
//! expected values (the real reports in `tests/fixtures/fio/` are read by
//! `tests/fixtures.rs`, against their hand-read values).
//!
//! lkp's names → ours (per direction `read`/`write`):
//!
//! | lkp                     | benchsite                     | note |
//! |-------------------------|-------------------------------|------|
//! | `read_bw_MBps`          | `read: bw` (KiB/s) / 1024      | lkp converts KiB/s to MiB/s |
//! | `read_iops`             | `read: IOPS`                   | |
//! | `read_clat_mean_ns`     | `read: clat mean` (nsec)       | |
//! | `read_clat_stddev`      | `read: clat stdev` (nsec)      | |
//! | `read_clat_90%_ns`      | `read: clat 90.00th` (nsec)    | likewise 95%, 99% |
//! | `read_slat_mean_us`     | `read: slat mean` (nsec)       | lkp's name says µs, its value is fio's `slat_ns` mean |
//!
//! Skipped, and why:
//! * `read_slat_stddev`: slat's deviation is not read (only clat's is);
//! * any `write_*`/`read_*` of 0 for a direction the job did not do, or a
//!   slat fio did not measure (`N` 0): fio prints zeros, which are no
//!   result and are not read (the test checks lkp's value is 0);
//! * `latency_*%`: fio's latency buckets (a distribution) are not read;
//! * `workload`: lkp's sum of `total_ios`, an I/O count, not a result;
//! * fio-multi-instance's unsuffixed values: lkp's averages (and sums)
//!   over the instances; its `.instanceN` values are checked against
//!   `fio.output.N.txt`.

use benchsite::model::ParsedFile;
use benchsite::parse::{self, Input, ParseError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus-modern/fio");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("modern corpus not found at {}, skipping", dir.display());
        None
    }
}

fn read(path: &Path) -> ParsedFile {
    let input = Input::from_bytes(&std::fs::read(path).expect("corpus file"));
    let p = parse::detect(&input).unwrap_or_else(|| panic!("{}: not recognised", path.display()));
    assert_eq!(p.id(), "fio", "{}", path.display());
    p.parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn expected(path: &Path) -> BTreeMap<String, f64> {
    let text = std::fs::read_to_string(path).expect("expected yaml");
    let map: BTreeMap<String, serde_yaml::Value> = serde_yaml::from_str(&text).expect("yaml");
    map.into_iter()
        .map(|(k, v)| {
            let x = v.as_f64().unwrap_or_else(|| panic!("{k}: not a number"));
            (k, x)
        })
        .collect()
}

/// Our value for lkp's name, `Ok(None)` when we read nothing for it, or
/// `Err(why)` when lkp's name is one we skip on purpose.
fn ours(f: &ParsedFile, lkp: &str) -> Result<Option<f64>, &'static str> {
    if lkp.starts_with("latency_") {
        return Err("latency buckets are not read");
    }
    if lkp == "workload" {
        return Err("lkp's total_ios sum");
    }
    if lkp.ends_with("_slat_stddev") {
        return Err("slat's deviation is not read");
    }
    let (dir, rest) = lkp.split_once('_').expect("dir_name");
    let (metric, scale) = match rest {
        "bw_MBps" => ("bw".to_string(), 1.0 / 1024.0),
        "iops" => ("IOPS".to_string(), 1.0),
        "clat_mean_ns" => ("clat mean".to_string(), 1.0),
        "clat_stddev" => ("clat stdev".to_string(), 1.0),
        "slat_mean_us" => ("slat mean".to_string(), 1.0),
        p if p.starts_with("clat_") && p.ends_with("%_ns") => {
            (format!("clat {}.00th", &p["clat_".len()..p.len() - "%_ns".len()]), 1.0)
        }
        other => panic!("lkp name {other:?} not mapped"),
    };
    let name = format!("{dir}: {metric}");
    let vals: Vec<f64> = f.samples.iter().filter(|s| s.metric.name == name).map(|s| s.value.mean() * scale).collect();
    assert!(vals.len() <= 1, "{name}: {vals:?}");
    Ok(vals.first().copied())
}

fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

/// Checks every lkp value of `expected` (those with `suffix`, which is
/// taken off) against `f`; returns (matched, skipped).
fn check(f: &ParsedFile, expected: &BTreeMap<String, f64>, suffix: &str, what: &str) -> (usize, usize) {
    let (mut matched, mut skipped) = (0, 0);
    for (k, &want) in expected {
        let Some(k) = k.strip_suffix(suffix) else { continue };
        if k.contains(".instance") {
            continue;
        }
        match ours(f, k) {
            Ok(Some(got)) => {
                assert!(same(got, want), "{what}: {k}: lkp {want}, benchsite {got}");
                matched += 1;
            }
            Ok(None) => {
                assert_eq!(want, 0.0, "{what}: {k}: lkp {want}, benchsite read nothing");
                skipped += 1;
            }
            Err(_) => skipped += 1,
        }
    }
    (matched, skipped)
}

#[test]
fn lkp_single_files_agree() {
    let Some(dir) = corpus() else { return };
    for name in ["01", "02", "03"] {
        let f = read(&dir.join(format!("{name}.txt")));
        let (m, s) = check(&f, &expected(&dir.join(format!("{name}.expected.yaml"))), "", name);
        eprintln!("fio/{name}: {m} lkp values matched, {s} skipped");
        assert!(m >= 7, "{name}: only {m} matched");
    }
    let f = read(&dir.join("fio-result-root-precedence/fio.output.txt"));
    let (m, _) = check(&f, &expected(&dir.join("fio-result-root-precedence.expected.yaml")), "", "precedence");
    assert!(m >= 7);
}

#[test]
fn lkp_instances_agree() {
    let Some(dir) = corpus() else { return };
    let exp = expected(&dir.join("fio-multi-instance.expected.yaml"));
    for n in [1, 2] {
        let f = read(&dir.join(format!("fio-multi-instance/fio.output.{n}.txt")));
        let (m, _) = check(&f, &exp, &format!(".instance{n}"), "multi-instance");
        assert!(m >= 8, "instance {n}: only {m} matched");
    }
}

#[test]
fn lkp_command_file_is_recognised_with_no_results() {
    let Some(dir) = corpus() else { return };
    let input = Input::from_bytes(&std::fs::read(dir.join("fio-result-root-precedence/fio.txt")).expect("file"));
    let p = parse::detect(&input).expect("recognised");
    assert_eq!(p.id(), "fio");
    assert!(matches!(p.parse(&input), Err(ParseError::NoResults { .. })));
}

#[test]
fn normal_and_json_of_one_run_are_read_once() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fio");
    let text = std::fs::read_to_string(dir.join("fio318-mytest-randread-16k-10threads-group.txt")).expect("fixture");
    let json = "{\n  \"fio version\" : \"fio-3.18\",\n  \"jobs\" : [\n    {\n      \"jobname\" : \"mytest\",\n      \"read\" : {\n        \"bw\" : 1078272,\n        \"iops\" : 67392.1\n      }\n    }\n  ]\n}\n";
    let f = parse::by_id("fio").expect("fio").parse(&Input::from_text(&format!("{text}{json}"))).expect("reads");
    let bws: Vec<f64> = f.samples.iter().filter(|s| s.metric.name == "read: bw").map(|s| s.value.mean()).collect();
    assert_eq!(bws, vec![1078272.0]);
    assert!(f.notes.iter().any(|n| n.1.contains("repeats the JSON")), "{:?}", f.notes);
    // The group status line is the text report's own.
    assert!(f.samples.iter().any(|s| s.metric.name == "READ: bw"));
}

/// A text report and a JSON report of another run with the same job name
/// (attacker's x3.txt: fixture fio3-rawstor's text, then fixture
/// ghdoc-fio2210's JSON renamed `rawstor`; x4.txt the other order): both
/// are read. The text's 46 direction values were skipped as a repeat of
/// the JSON job, by its name alone.
#[test]
fn normal_and_json_of_two_runs_with_one_job_name_are_both_read() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fio");
    let text = std::fs::read_to_string(dir.join("fio3-rawstor-randrw-4k-qd1.txt")).expect("fixture");
    let json = std::fs::read_to_string(dir.join("ghdoc-fio2210-json-cloud-randwrite-zero-pct-slots.txt"))
        .expect("fixture")
        .replace("\"jobname\" : \"test\"", "\"jobname\" : \"rawstor\"");
    for file in [format!("{text}\n{json}"), format!("{json}\n{text}")] {
        let f = parse::by_id("fio").expect("fio").parse(&Input::from_text(&file)).expect("reads");
        let of =
            |m: &str| -> Vec<f64> { f.samples.iter().filter(|s| s.metric.name == m).map(|s| s.value.mean()).collect() };
        // By hand: text `read: IOPS=5604, BW=21.9MiB/s`, `write: IOPS=5577,
        // BW=21.8MiB/s`; JSON write `"bw" : 62499`, `"iops" : 15624.70`.
        assert_eq!(of("read: IOPS"), vec![5604.0]);
        assert_eq!(of("read: bw"), vec![21.9]);
        assert_eq!(f.samples.iter().filter(|s| s.metric.name == "write: bw").count(), 2);
        assert!(of("write: bw").contains(&62499.0) && of("write: bw").contains(&21.8));
        assert!(of("write: IOPS").contains(&5577.0));
        // 25 values a direction (bw, IOPS, slat/clat/lat means and stdevs,
        // 17 percentiles) × 2, 2 group lines, 25 JSON write values.
        assert_eq!(f.samples.len(), 50 + 2 + 25);
        let others = f.notes.iter().filter(|n| n.1.contains("another run")).count();
        assert_eq!(others, 2, "{:?}", f.notes);
    }
}

/// A text report whose IOPS is not the JSON's (67.6k, not 67392.1) is
/// another run: read, not skipped.
#[test]
fn normal_and_json_with_other_iops_are_both_read() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fio");
    let text = std::fs::read_to_string(dir.join("fio318-mytest-randread-16k-10threads-group.txt")).expect("fixture");
    let json = "{\n  \"fio version\" : \"fio-3.18\",\n  \"jobs\" : [\n    {\n      \"jobname\" : \"mytest\",\n      \"read\" : {\n        \"bw\" : 1081344,\n        \"iops\" : 67584\n      }\n    }\n  ]\n}\n";
    let f = parse::by_id("fio").expect("fio").parse(&Input::from_text(&format!("{text}{json}"))).expect("reads");
    let iops: Vec<f64> = f.samples.iter().filter(|s| s.metric.name == "read: IOPS").map(|s| s.value.mean()).collect();
    assert_eq!(iops, vec![67584.0, 67400.0]);
}

/// Two fio 2 runs of one job in one file, `ioengine=libaio` then
/// `ioengine=sync` (attacker's fio-eng2.txt, built from fixture
/// fio2015-iometer): the engine is a parameter, so the two bandwidths
/// (1023.3 and 523.3 KB/s, read by hand) are kept apart, not averaged as
/// runs with a note blaming numjobs clones.
#[test]
fn two_fio_runs_with_other_engines_are_kept_apart() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fio");
    let text = std::fs::read_to_string(dir.join("fio2015-iometer-randrw-libaio-qd64.txt")).expect("fixture");
    let first: String = text.lines().take(40).map(|l| format!("{l}\n")).collect();
    let sync = text.replace("ioengine=libaio", "ioengine=sync").replace("bw=1023.3KB/s", "bw=523.3KB/s");
    let f = parse::by_id("fio").expect("fio").parse(&Input::from_text(&format!("{first}{sync}"))).expect("reads");
    let bws: Vec<(f64, String)> = f
        .samples
        .iter()
        .filter(|s| s.metric.name == "read: bw")
        .map(|s| {
            let engine = s.params.iter().find(|p| p.name == "ioengine").map(|p| p.value.to_string());
            (s.value.mean(), engine.unwrap_or_default())
        })
        .collect();
    assert_eq!(bws, vec![(1023.3, "libaio".to_string()), (523.3, "sync".to_string())]);
    assert!(!f.notes.iter().any(|n| n.1.contains("clones")), "{:?}", f.notes);
}

/// numjobs=4 without group_reporting, in fio's two forms: the JSON of the
/// CBT run (fixture cbt-fio-3.42-json-then-normal-same-run-randwrite-nvme)
/// with its job's entry printed four times and `numjobs` 4, and the text
/// fixture of those four clones' sections. Each is one run of `jobs 4`,
/// with the same set-up, and the same figures to the text's printed step:
/// bw 4 × 12383 KiB/s = 49532 KiB/s = 48.37 MiB/s (text: 48.4), IOPS 4 ×
/// 3095.171449 = 12380.69 (text: 4 × 3095 = 12380), clat mean 2250426.44
/// nsec (text: 2250.43 usec).
#[test]
fn fio_clones_read_alike_from_json_and_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fio");
    let cbt = std::fs::read_to_string(dir.join("cbt-fio-3.42-json-then-normal-same-run-randwrite-nvme.txt")).unwrap();
    let json: String = cbt.lines().skip(3).take_while(|l| *l != "}").chain(["}"]).map(|l| format!("{l}\n")).collect();
    let mut doc: serde_json::Value = serde_json::from_str(&json).expect("the fixture's JSON");
    doc["global options"]["numjobs"] = "4".into();
    let job = doc["jobs"][0].clone();
    doc["jobs"] = serde_json::Value::Array(vec![job; 4]);
    let fio = parse::by_id("fio").expect("fio");
    let from_json = fio.parse(&Input::from_text(&serde_json::to_string_pretty(&doc).unwrap())).expect("JSON reads");
    let text = std::fs::read_to_string(dir.join("edited-cbt-fio-3.42-normal-4-numjobs-clones-no-group-reporting.txt"))
        .unwrap();
    let from_text = fio.parse(&Input::from_text(&text)).expect("text reads");
    let get = |f: &ParsedFile, m: &str| -> Vec<(f64, String, String)> {
        f.samples
            .iter()
            .filter(|s| s.metric.name == m && s.group.is_empty())
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                (s.value.mean(), s.metric.unit.to_string(), p.join(" "))
            })
            .collect()
    };
    let setup = "job=/dev/nvme8n4 rw=randwrite bs=4KiB ioengine=libaio iodepth=7 jobs=4";
    // (metric, JSON figure, text figure, JSON units per text unit, the text's step)
    for (m, json_value, text_value, per, step) in [
        ("write: bw", 49532.0, 48.4, 1024.0, 0.1),
        ("write: IOPS", 12380.685796, 12380.0, 1.0, 4.0),
        ("write: clat mean", 2250426.44231, 2250.43, 1e3, 0.01),
    ] {
        let (j, t) = (get(&from_json, m), get(&from_text, m));
        assert_eq!((j.len(), t.len()), (1, 1), "{m}: one run in each form: {j:?} {t:?}");
        assert_eq!((j[0].2.as_str(), t[0].2.as_str()), (setup, setup), "{m}");
        // JSON's figures are kept to nine or ten significant digits.
        assert!((j[0].0 - json_value).abs() < 1e-3, "{m}: JSON {}", j[0].0);
        assert!((t[0].0 - text_value).abs() < 1e-9, "{m}: text {}", t[0].0);
        // The two forms agree to the text's printed step (0.1 MiB/s, 1 IOPS × 4, 0.01 usec).
        assert!((j[0].0 / per - t[0].0).abs() <= step, "{m}: {} against {}", j[0].0 / per, t[0].0);
    }
}

/// Two JSON documents of one job differing only in an option no parameter
/// reads (`direct` 1 and 0, attacker 27, finding 5) are two set-ups: each
/// entry's samples get `options=direct=1` / `options=direct=0`. They were
/// averaged as two runs of one set-up. Where only the file a run writes
/// differs (`filename`), they stay runs of one.
#[test]
fn json_entries_of_one_job_with_other_options_are_set_ups() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fio");
    let text = std::fs::read_to_string(dir.join("cbt-fio-3.42-json-then-normal-same-run-randwrite-nvme.txt"))
        .expect("fixture");
    let json: String = text.lines().skip(3).take(282).map(|l| format!("{l}\n")).collect();
    assert!(json.starts_with('{') && json.trim_end().ends_with('}'), "{json}");
    let with = |option: &str| {
        json.replace("\"name\" : \"/dev/nvme8n4\"", &format!("\"name\" : \"/dev/nvme8n4\",\n        {option}"))
    };
    // The second document another run of fio: its own `timestamp_ms` (one
    // timestamp twice is one run pasted twice, read once since attack61).
    let read = |a: &str, b: &str| {
        let file = format!("{}{}", with(a), with(b).replace("1783516250055", "1783516311207"));
        let f = parse::by_id("fio").expect("fio").parse(&Input::from_text(&file)).expect("reads");
        let mut options: Vec<String> = f
            .samples
            .iter()
            .filter(|s| s.metric.name == "write: bw")
            .map(|s| s.params.iter().find(|p| p.name == "options").map_or(String::new(), |p| p.value.to_string()))
            .collect();
        options.sort();
        options
    };
    assert_eq!(read("\"direct\" : \"1\"", "\"direct\" : \"0\""), ["direct=0", "direct=1"]);
    assert_eq!(read("\"filename\" : \"/mnt/a\"", "\"filename\" : \"/mnt/b\""), ["", ""]);
}

/// A linux-xfs mail (2025-06, fio 3.38, wild30 file 14): run 1's `fio …
/// --size=60m` stands above the mail's prose, run 2's `… --time_based` at a
/// tcsh prompt right above its output. The file's set-up was run 2's
/// command, as if both runs had been time-based; now it is unknown (the
/// two differ), and a warning names both lines (the fixture's hand.yaml).
#[test]
fn a_command_above_prose_that_differs_leaves_the_files_set_up_unknown() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fio/linuxxfs-2025-06-fio-3.38-quoted-printable-size-60m-then-time-based-prompt-tcsh.txt");
    let input = Input::from_bytes(&std::fs::read(path).expect("fixture"));
    let mut f = parse::detect(&input).expect("fio").parse(&input).expect("read");
    parse::labels::apply(&input, &mut f);
    assert_eq!(f.setup.command, None);
}
