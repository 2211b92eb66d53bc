//! netperf and iperf3 over the LKP corpus (`../shared/corpus-modern/`,
//! checked against lkp's `*.expected.yaml` under our names); the real
//! fixtures of `tests/fixtures/{netperf,iperf}/` are checked by
//! `tests/fixtures.rs`.
//!
//! lkp's netperf figures are all derived from the per-copy tables that
//! benchsite reads as runs: `Throughput_Mbps` / `ThroughputRecv_Mbps`, the
//! mean over copies of our `Throughput` / `Recv Throughput`;
//! `Throughput_total_Mbps` / `ThroughputRecv_total_Mbps`, their sum;
//! `ThroughputBoth*`, send plus receive. They are compared as mean and sum
//! of what was read. `workload` (lkp's throughput × run time, in its own
//! units) is not compared.

mod common;

use benchsite::model::ParsedFile;
use common::parse::{detect_and_parse, read, shared, vals};
use std::collections::BTreeMap;
use std::path::Path;

/// lkp's expected values, by lkp's name.
fn expected(dir: &Path, name: &str) -> BTreeMap<String, f64> {
    let text = std::fs::read_to_string(dir.join(name)).expect("expected yaml");
    serde_yaml::from_str(&text).expect("lkp yaml")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

fn mean(v: &[f64]) -> f64 {
    if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 }
}

/// Compares one netperf file's copies with lkp's means and sums: the
/// copies of one launch are one run (newcomer42 N1), each figure the mean
/// per copy, which is lkp's `Throughput_Mbps`; times the copies, lkp's
/// total.
fn check_netperf(f: &ParsedFile, lkp: &BTreeMap<String, f64>, copies: usize) {
    let sent = vals(f, "", "Throughput");
    let recv = vals(f, "", "Recv Throughput");
    assert_eq!(sent.len(), 1, "{copies} copies of one launch: one run");
    assert!(close(mean(&sent), lkp["Throughput_Mbps"]), "{} vs {}", mean(&sent), lkp["Throughput_Mbps"]);
    assert!(close(mean(&recv), lkp["ThroughputRecv_Mbps"]));
    assert!(close(sent[0] * copies as f64, lkp["Throughput_total_Mbps"]));
    assert!(close(recv.first().map_or(0.0, |r| r * copies as f64), lkp["ThroughputRecv_total_Mbps"]));
    assert!(close(mean(&sent) + mean(&recv), lkp["ThroughputBoth_Mbps"]));
    let said = format!("{copies} netperf copies ran at once: their figures are read as ONE run");
    assert!(f.notes.len() == 1 && f.notes[0].1.starts_with(&said), "{:?}", f.notes);
}

#[test]
fn netperf_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/netperf") else { return };
    let f = detect_and_parse(&read(&dir.join("netperf.txt")), "netperf", "netperf.txt");
    check_netperf(&f, &expected(&dir, "netperf.expected.yaml"), 64);
    assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "test" && p.value == "SCTP_STREAM_MANY")));
    assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "message" && p.value == "10240")));
    assert_eq!(f.samples[0].metric.unit, "10^6bits/s");

    let f = detect_and_parse(&read(&dir.join("netperf-recv.txt")), "netperf", "netperf-recv.txt");
    check_netperf(&f, &expected(&dir, "netperf-recv.expected.yaml"), 16);
}

/// lkp's iperf figures are means over the file's JSON documents (LKP's
/// iterations) of `end.sum_sent` / `sum_received` (TCP) or `end.sum`
/// (UDP) `bits_per_second`; ours are in Mbits/sec rounded to the kbit/s,
/// one sample a document, so they agree within half a kbit/s.
#[test]
fn iperf3_corpus_agrees_with_lkp() {
    let Some(dir) = shared("corpus-modern/iperf") else { return };
    for (name, docs) in [("1", 1), ("2", 2), ("3", 2)] {
        let f = detect_and_parse(&read(&dir.join(format!("{name}.txt"))), "iperf3", name);
        let lkp = expected(&dir, &format!("{name}.expected.yaml"));
        assert!(f.notes.is_empty(), "{name}: {:?}", f.notes);
        let pairs =
            [("tcp.sender.bps", "sender Bitrate"), ("tcp.receiver.bps", "receiver Bitrate"), ("udp.bps", "Bitrate")];
        for (lkp_name, ours) in pairs {
            let v = vals(&f, "", ours);
            match lkp.get(lkp_name) {
                Some(want) => {
                    assert_eq!(v.len(), docs, "{name} {ours}");
                    let ours_bps = mean(&v) * 1e6;
                    assert!((ours_bps - want).abs() <= 500.0 + 1e-9 * want, "{name} {ours}: {ours_bps} vs {want}");
                }
                None => assert!(v.is_empty(), "{name}: {ours} read, lkp has no {lkp_name}"),
            }
        }
    }
}
