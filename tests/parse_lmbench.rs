//! lmbench summary (`lmbench`) and raw results (`lmbench-raw`) parsers over
//! the real corpus files, and what the fixtures cannot say (errors with their
//! lines, a mail seen as quoted, a fixture edited in place).
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::model::{Better, ParsedFile, Sample};
use benchsite::parse::{self, Input, ParseError};
use common::parse::{close, detect_and_parse, param};
use std::collections::BTreeMap;

fn fixture(name: &str) -> Input {
    common::parse::fixture("lmbench", name)
}

fn corpus_dir() -> Option<std::path::PathBuf> {
    common::parse::corpus("")
}

/// Detects with the whole registry, checks the winner, parses.
fn read(input: &Input, id: &str) -> Result<ParsedFile, ParseError> {
    let p = parse::detect(input).expect("some parser claims the file");
    assert_eq!(p.id(), id, "detected by the wrong parser");
    p.parse(input)
}

fn corpus(name: &str, id: &str) -> Option<ParsedFile> {
    let dir = corpus_dir()?;
    Some(detect_and_parse(&common::parse::read(&dir.join(name)), id, name))
}

/// Samples of `group`/`metric` for `kernel` (any kernel when `None`), in file order.
fn values(p: &ParsedFile, group: &str, metric: &str, kernel: Option<&str>) -> Vec<f64> {
    p.samples
        .iter()
        .filter(|s| s.group == group && s.metric.name == metric)
        .filter(|s| kernel.is_none() || s.kernel.as_deref() == kernel)
        .map(|s| s.value.mean())
        .collect()
}

fn on_line(p: &ParsedFile, line: usize) -> Vec<&Sample> {
    p.samples.iter().filter(|s| s.line == line).collect()
}

const PROC: &str = "Processor, Processes";
const CTX: &str = "Context switching";
const LAT: &str = "Local Communication latencies";
const FVM: &str = "File & VM system latencies";
const BW: &str = "Local Communication bandwidths";
const MEM: &str = "Memory latencies";

// ---------------------------------------------------------------- corpus

#[test]
fn every_corpus_file_is_detected_and_parses() {
    let Some(dir) = corpus_dir() else { return };
    let mut seen = 0;
    for sub in ["lmbench1", "lmbench2", "lmbench3"] {
        let Ok(entries) = std::fs::read_dir(dir.join(sub)) else { continue };
        for e in entries.flatten() {
            let path = e.path();
            if path.extension().is_none_or(|x| x != "txt") {
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let raw = name.starts_with("lkp-") || name.contains("lat_mem_rd");
            let id = if raw { "lmbench-raw" } else { "lmbench" };
            let input = Input::from_bytes(&std::fs::read(&path).unwrap());
            let p = read(&input, id).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!p.samples.is_empty(), "{name}: no samples");
            seen += 1;
        }
    }
    assert_eq!(seen, 9);
}

#[test]
fn sgi_lmbench19_five_hosts_k_suffix() {
    let Some(p) = corpus("lmbench1/sgi-linux-1998-03-lmbench19-summary-5hosts-Ksuffix.txt", "lmbench") else {
        return;
    };
    assert_eq!(p.version.as_deref(), Some("1.9"));
    // 223 before afix39, less five 0s lmbench 1.9 printed for tests it could not
    // run: indy.wald's first run's Prot Fault (line 85; its
    // second run 2) and its four copy and memory bandwidths (line 95; its
    // second run 26, 56, 60, 42), each left out with a note.
    assert_eq!(p.samples.len(), 218);
    assert_eq!(p.notes.iter().filter(|(_, m)| m.contains("taken as not measured")).count(), 2);
    // K suffixes.
    assert_eq!(values(&p, PROC, "selct", Some("IRIX 6.2")), vec![2440.0]);
    assert_eq!(values(&p, PROC, "fork proc", Some("2.0.27")), vec![800.0]);
    assert_eq!(values(&p, PROC, "sh proc", Some("2.0.27")), vec![15000.0]);
    assert_eq!(values(&p, FVM, "Page Fault", Some("IRIX 6.2")), vec![23000.0]);
    // "10.0" is a character wider than its dashes; "88" keeps its column.
    assert_eq!(values(&p, PROC, "null I/O", Some("IRIX 6.2")), vec![10.0]);
    assert_eq!(values(&p, PROC, "stat", Some("IRIX 6.2")), vec![88.0]);
    // Blank cells: no sample, neighbours not shifted.
    assert!(values(&p, LAT, "RPC/UDP", Some("SunOS 5.5.1")).is_empty());
    assert!(values(&p, LAT, "RPC/TCP", Some("SunOS 5.5.1")).is_empty());
    assert_eq!(values(&p, LAT, "TCP", Some("SunOS 5.5.1")), vec![118.0]);
    assert_eq!(values(&p, LAT, "TCP conn", Some("SunOS 5.5.1")), vec![840.0]);
    assert!(values(&p, FVM, "Prot Fault", Some("IRIX 6.2")).is_empty());
    let row84: Vec<_> = on_line(&p, 84).iter().map(|s| (s.metric.name.as_str(), s.value.mean())).collect();
    assert_eq!(row84, vec![("Mmap Latency", 11000.0), ("Prot Fault", 2.0), ("Page Fault", 300.0)]);
    // Duplicate host rows are two runs of one key.
    assert_eq!(values(&p, CTX, "2p/0K ctxsw", Some("2.1.90")), vec![2.0, 3.0]);
    assert_eq!(values(&p, MEM, "Main mem", Some("IRIX 6.2")), vec![485.0]);
    // Units and directions from the titles.
    let bw = p.samples.iter().find(|s| s.group == BW).unwrap();
    assert_eq!((bw.metric.unit.as_str(), bw.metric.better), ("MB/s", Better::Higher));
    let mem = p.samples.iter().find(|s| s.group == MEM && s.metric.name == "L1 $").unwrap();
    assert_eq!((mem.metric.unit.as_str(), mem.metric.better), ("ns", Better::Lower));
}

#[test]
fn lkml_lmbench20_make_summary() {
    let Some(p) = corpus("lmbench2/lkml-2002-09-lmbench20-make-summary-5hosts-13K.txt", "lmbench") else {
        return;
    };
    assert_eq!(p.version.as_deref(), Some("2.0"));
    assert_eq!(p.samples.len(), 200);
    assert_eq!(values(&p, "Basic system parameters", "Mhz", None), vec![797.0; 5]);
    // Trailing dot and 13.K / 14.K.
    assert_eq!(values(&p, PROC, "fork proc", Some("2.4.18")), vec![115.0]);
    assert_eq!(values(&p, PROC, "sh proc", None), vec![13000.0, 13000.0, 13000.0, 13000.0, 14000.0]);
    assert!(values(&p, PROC, "selct TCP", None).is_empty());
    assert_eq!(values(&p, PROC, "sig inst", Some("2.5.33")), vec![1.02]);
    assert_eq!(values(&p, LAT, "Pipe", Some("2.4.18")), vec![4.437]);
    assert!(values(&p, LAT, "UDP", None).is_empty());
    assert_eq!(values(&p, FVM, "Page Fault", Some("2.5.33M")), vec![3.0]);
    assert_eq!(values(&p, FVM, "Mmap Latency", Some("2.5.33x")), vec![769.0]);
    assert_eq!(values(&p, BW, "Pipe", Some("2.4.18")), vec![810.0]);
    assert!(values(&p, BW, "TCP", None).is_empty());
    assert_eq!(values(&p, BW, "Mem write", Some("2.5.33M")), vec![185.8]);
    assert_eq!(values(&p, MEM, "Main mem", Some("2.4.18")), vec![158.9]);
    assert_eq!(values(&p, MEM, "L2 $", Some("2.5.33x")), vec![45.5]);
    let kernels: std::collections::BTreeSet<_> = p.samples.iter().filter_map(|s| s.kernel.as_deref()).collect();
    assert_eq!(kernels.into_iter().collect::<Vec<_>>(), vec!["2.4.18", "2.4.19", "2.5.33", "2.5.33M", "2.5.33x"]);
}

#[test]
fn vc_lmbench3_aarch64_full() {
    let Some(p) = corpus("lmbench3/vc-lmbench3-aarch64-full-ksuffix.txt", "lmbench") else { return };
    assert_eq!(p.version.as_deref(), Some("3.0"));
    assert_eq!(p.samples.len(), 68);
    assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("5.15.0-")));
    assert_eq!(values(&p, BW, "Mem read", None), vec![10000.0]);
    assert_eq!(values(&p, BW, "Mem write", None), vec![23500.0]);
    assert_eq!(values(&p, FVM, "Mmap Latency", None), vec![11000.0]);
    assert_eq!(values(&p, "Basic uint64 operations", "int64 bit", None), vec![0.25]);
    assert!(values(&p, "Basic uint64 operations", "int64 add", None).is_empty());
    assert_eq!(values(&p, "Basic uint64 operations", "int64 mul", None), vec![1.36]);
    assert_eq!(values(&p, LAT, "TCP conn", None), vec![25.0]);
    assert!(values(&p, LAT, "RPC/UDP", None).is_empty());
    assert!(p.samples.iter().all(|s| s.group != "Remote Communication latencies"));
    assert_eq!(values(&p, MEM, "Rand mem", None), vec![132.0]);
    assert_eq!(values(&p, "Basic system parameters", "cache line bytes", None), vec![128.0]);
    assert_eq!(values(&p, PROC, "slct TCP", None), vec![2.61]);
}

#[test]
fn vc_lmbench3_rhel_mostly_empty() {
    let Some(p) = corpus("lmbench3/vc-lmbench3-rhel-mostly-empty.txt", "lmbench") else { return };
    assert_eq!(p.samples.len(), 36);
    // Rows that stop after the OS column give nothing.
    assert_eq!(on_line(&p, 19).len(), 1);
    assert_eq!(values(&p, PROC, "Mhz", None), vec![1320.0]);
    assert!(p.samples.iter().all(|s| !s.group.starts_with("Basic integer")));
    assert_eq!(values(&p, LAT, "2p/0K ctxsw", None), vec![13.0]);
    assert!(values(&p, LAT, "Pipe", None).is_empty());
    assert_eq!(values(&p, LAT, "UDP", None), vec![39.7]);
    assert_eq!(values(&p, LAT, "TCP conn", None), vec![87.0]);
    assert_eq!(values(&p, FVM, "Mmap Latency", None), vec![12500.0]);
    assert!(values(&p, FVM, "Prot Fault", None).is_empty());
    assert_eq!(values(&p, BW, "Mem write", None), vec![5659.0]);
}

#[test]
fn vc_lmbench3_x64_empty_fields() {
    let Some(p) = corpus("lmbench3/vc-lmbench3-x64-ksuffix-emptyfields.txt", "lmbench") else { return };
    assert_eq!(p.samples.len(), 63);
    let row75: Vec<_> = on_line(&p, 75).iter().map(|s| (s.metric.name.as_str(), s.value.mean())).collect();
    assert_eq!(row75, vec![("Mmap Latency", 3549800.0), ("Prot Fault", 0.582), ("100fd selct", 2.597)]);
    assert!(values(&p, "Basic uint64 operations", "int64 add", None).is_empty());
    assert_eq!(values(&p, "Basic uint64 operations", "int64 mul", None), vec![0.91]);
    assert_eq!(values(&p, BW, "File reread", None), vec![42500.0]);
    assert_eq!(values(&p, BW, "Mem read", None), vec![14000.0]);
    assert_eq!(values(&p, BW, "Mem write", None), vec![5164.0]);
    assert_eq!(values(&p, CTX, "16p/16K ctxsw", None), vec![8.93]);
    assert_eq!(p.samples[0].kernel.as_deref(), Some("6.5.0-1"));
}

#[test]
fn vc_lmbench3_make_wrapper_partial() {
    let Some(p) = corpus("lmbench3/vc-lmbench3-x64-make-wrapper-partial.txt", "lmbench") else { return };
    assert_eq!(p.version.as_deref(), Some("3.0"));
    assert_eq!(p.samples.len(), 30);
    assert!(p.samples.iter().all(|s| s.group != PROC));
    assert_eq!(values(&p, FVM, "Mmap Latency", None), vec![111500.0]);
    assert_eq!(values(&p, FVM, "0K File Delete", None), vec![9.8942]);
    assert!(values(&p, FVM, "Page Fault", None).is_empty());
    assert_eq!(values(&p, BW, "Mmap reread", None), vec![10200.0]);
    assert_eq!(values(&p, BW, "Mem write", None), vec![7359.0]);
    assert_eq!(values(&p, LAT, "TCP conn", None), vec![71.0]);
    assert_eq!(values(&p, MEM, "Main mem", None), vec![27.1]);
    assert_eq!(values(&p, MEM, "Rand mem", None), vec![142.8]);
    assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("5.8.0-1")));
}

#[test]
fn vc_lat_mem_rd_four_strides() {
    let Some(p) = corpus("lmbench3/vc-lat_mem_rd-4strides-raw.txt", "lmbench-raw") else { return };
    assert_eq!(p.samples.len(), 35 * 3 + 34);
    assert!(p.samples.iter().all(|s| s.metric.name == "Memory load latency" && s.metric.unit == "ns"));
    let first_1024 = p.samples.iter().find(|s| param(s, "stride").as_deref() == Some("1024")).unwrap();
    assert_eq!((param(first_1024, "size").as_deref(), first_1024.value.mean()), (Some("0.00098"), 1.186));
    let last_128 = p.samples.iter().rfind(|s| param(s, "stride").as_deref() == Some("128")).unwrap();
    assert_eq!((param(last_128, "size").as_deref(), last_128.value.mean()), (Some("4096.00000"), 32.861));
    assert_eq!(first_1024.params[0].name, "stride");
    assert_eq!(first_1024.params[1].name, "size");
}

/// lkp's expected values: lkp takes the last (largest size) row of each
/// raw section. Map lkp's names to ours.
fn check_lkp_expected(txt: &str, yaml: &str, map: &[(&str, &str)]) {
    let Some(dir) = corpus_dir() else { return };
    let input = Input::from_bytes(&std::fs::read(dir.join(txt)).unwrap());
    let p = detect_and_parse(&input, "lmbench-raw", txt);
    let expected: BTreeMap<String, f64> =
        serde_yaml::from_str(&std::fs::read_to_string(dir.join(yaml)).unwrap()).unwrap();
    assert_eq!(expected.len(), map.len(), "every lkp key is mapped");
    for (lkp, ours) in map {
        let want = expected[*lkp];
        let got = p.samples.iter().rfind(|s| s.metric.name == *ours).unwrap_or_else(|| panic!("no {ours}"));
        assert!(close(got.value.mean(), want, 1e-9 * want.abs().max(1.0)), "{lkp}: {} != {want}", got.value.mean());
    }
}

#[test]
fn lkp_bw_mem_after_build_log() {
    check_lkp_expected(
        "lmbench3/lkp-lmbench3-bw_mem-with-buildlog.txt",
        "lmbench3/lkp-lmbench3-bw_mem-with-buildlog.expected.yaml",
        &[("Mem.Bandwidth.MB/sec", "bw_mem rd")],
    );
    if let Some(p) = corpus("lmbench3/lkp-lmbench3-bw_mem-with-buildlog.txt", "lmbench-raw") {
        assert_eq!(p.samples.len(), 1);
        assert_eq!(param(&p.samples[0], "size").as_deref(), Some("268.44"));
    }
}

#[test]
fn lkp_mmap_raw_results() {
    check_lkp_expected(
        "lmbench3/lkp-lmbench3-mmap-rawresults.txt",
        "lmbench3/lkp-lmbench3-mmap-rawresults.expected.yaml",
        &[
            ("MMAP.read.latency.us", "Mmap latency"),
            ("MMAP.read.bandwidth.MB/sec", "Mmap read bandwidth"),
            ("MMAP.read_open2close.bandwidth.MB/sec", "Mmap read open2close bandwidth"),
        ],
    );
    if let Some(p) = corpus("lmbench3/lkp-lmbench3-mmap-rawresults.txt", "lmbench-raw") {
        assert_eq!(p.samples.len(), 12 + 22 + 22);
        let first = &p.samples[0];
        assert_eq!(
            (first.metric.unit.as_str(), param(first, "size").as_deref(), first.value.mean()),
            ("µs", Some("0.524288"), 7.342)
        );
    }
}

// ---------------------------------------------------------------- fixtures

/// A mail quoted with `> ` is seen as quoted (the rest of its reading is
/// in its `.expected` and `.hand.yaml`).
#[test]
fn fixture_lmbench20_is_seen_as_quoted() {
    assert!(fixture("lmbench20-quoted-make-percent.txt").quoted);
}

#[test]
fn fixture_damaged_summaries_are_errors_with_lines() {
    let err = read(&fixture("lmbench-damaged-cell.txt"), "lmbench").unwrap_err();
    assert_eq!(err.line(), Some(10));
}

#[test]
fn fixture_raw_damaged_lat_fs() {
    let err = read(&fixture("raw-damaged-lat_fs.txt"), "lmbench-raw").unwrap_err();
    assert_eq!(err.line(), Some(4));
}

// ---------------------------------------------------------------- robustness

/// Rows shifted by different amounts have no constant shift: the row with
/// blank cells is not placed by guess but noted.
#[test]
fn rows_shifted_by_different_amounts_are_not_guessed() {
    let text = std::fs::read_to_string(common::parse::fixture_path(
        "lmbench",
        "lmbench30-long-host-shifted-blank-cells-fenced.txt",
    ))
    .expect("fixture")
    .replace("buildbox01 Linux 4.18.0- 5.520", "buildbox1 Linux 4.18.0-  5.520");
    let p = detect_and_parse(&Input::from_text(&text), "lmbench", "edited fixture");
    assert!(on_line(&p, 10).is_empty());
    assert!(p.notes.iter().any(|(l, m)| *l == 10 && m.contains("not read")), "{:?}", p.notes);
}

/// Two rows of one cut OS cell (`Linux 2.4.2-a`: getsummary prints 13
/// columns of `Linux 2.4.2-ac1`) where the prose names two kernels that
/// begin so (`2.4.2-ac1`, `2.4.2-ac3`) are kept apart (`row 1`, `row 2`)
/// with a warning at each, not averaged as two runs of one kernel; where
/// the prose names one (`Linux 2.4.2-ac1`), they stay its runs.
#[test]
fn rows_of_a_cut_os_cell_the_file_names_two_ways_are_kept_apart() {
    let text = |prose: &str| {
        format!(
            "{prose}\n\n\
Processor, Processes - times in microseconds - smaller is better
----------------------------------------------------------------
Host                 OS  Mhz null null      open selct sig  sig  fork exec sh
                             call  I/O stat clos TCP   inst hndl proc proc proc
--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----
skinny    Linux 2.4.2-a  997 0.34 0.56 3.96 5.04    27 0.89 2.72  245 1128 4044
skinny    Linux 2.4.2-a  997 0.34 0.57 4.19 5.32    25 0.89 2.71  247 1150 4067
"
        )
    };
    let fork = |p: &ParsedFile| -> Vec<(f64, Option<String>)> {
        p.samples.iter().filter(|s| s.metric.name == "fork proc").map(|s| (s.value.mean(), param(s, "row"))).collect()
    };
    let two = read(&Input::from_text(&text("First row: 2.4.2-ac1, second: 2.4.2-ac3.")), "lmbench").expect("reads");
    assert_eq!(fork(&two), [(245.0, Some("1".into())), (247.0, Some("2".into()))], "{:#?}", two.notes);
    for (line, row) in [(8, "row 1 of 2"), (9, "row 2 of 2")] {
        assert!(
            two.notes.iter().any(|(l, n)| *l == line && n.contains(row) && n.contains("2.4.2-ac1; 2.4.2-ac3")),
            "{:#?}",
            two.notes
        );
    }
    let one = read(&Input::from_text(&text("Two runs of Linux 2.4.2-ac1:")), "lmbench").expect("reads");
    assert_eq!(fork(&one), [(245.0, None), (247.0, None)], "{:#?}", one.notes);
    assert!(!one.notes.iter().any(|(_, n)| n.contains("is cut")), "{:#?}", one.notes);
}
