//! One unit per metric (issue 23, point 5): fio prints one job's latency
//! in `msec` in one run and `nsec` in another, and its bandwidth in
//! `MiB/s` or `KiB/s`; the class's table has one row per metric, in one
//! unit, both kernels compared. Real files: `tests/sites/fio-units/`
//! (rawstor's dashboard, SOURCES.md there).

mod common;

use common::benchsite;
use std::path::Path;

#[test]
fn one_fio_metric_in_msec_and_nsec_is_one_row_in_one_unit() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/fio-units");
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let built = benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).assert().success();
    let stderr = String::from_utf8_lossy(&built.get_output().stderr).into_owned();
    // main's report contradicts itself (clat 5279.74 msec, lat 4.71 usec):
    // read as printed, with a warning per direction; nothing else warns.
    assert!(stderr.contains(" 2 warning(s)"), "{stderr}");
    assert_eq!(stderr.matches("latencies contradict each other").count(), 2, "{stderr}");
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("rawstor/data.json")).expect("data.json"))
            .expect("json");
    // data.json (format 5): `metrics` lists each metric once, with its
    // unit; the samples are columns, `metric` an index into `metrics`
    // (`kernel` run-length encoded: expanded first).
    let metrics = data["metrics"].as_array().expect("metrics");
    let clat: Vec<usize> = (0..metrics.len()).filter(|&i| metrics[i]["name"] == "read: clat mean").collect();
    assert_eq!(clat.len(), 1, "one metric, one unit: {metrics:?}");
    assert_eq!(metrics[clat[0]]["unit"], "msec");
    let mut samples: Vec<(String, f64)> = Vec::new();
    let columns = common::sample_columns(&data);
    for (i, metric) in columns["metric"].as_array().expect("metric").iter().enumerate() {
        if metric.as_u64() == Some(clat[0] as u64) {
            let kernel = &data["kernels"][columns["kernel"][i].as_u64().expect("kernel") as usize];
            samples.push((kernel.as_str().expect("kernel").to_string(), columns["value"][i].as_f64().expect("value")));
        }
    }
    samples.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(samples.len(), 2, "{samples:?}");
    assert_eq!(samples[0].0, "main-d45d8ac");
    assert!((samples[0].1 - 5279.74).abs() < 1e-9, "{samples:?}");
    assert_eq!(samples[1].0, "v0.2.2");
    assert!((samples[1].1 - 3714.50e-6).abs() < 1e-15, "{samples:?}");
    let mail = std::fs::read_to_string(out.join("rawstor/email.txt")).expect("email.txt");
    let rows: Vec<&str> = mail.lines().filter(|l| l.starts_with("read: clat mean ")).collect();
    assert!(!rows.is_empty() && rows.iter().all(|l| l.contains(" msec ")), "{mail}");
}
