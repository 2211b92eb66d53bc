//! lmbench summary (`lmbench`) and raw results (`lmbench-raw`) parsers over
//! the real corpus files and our own fixtures.

use benchsite::model::{Better, ParsedFile, Sample};
use benchsite::parse::{self, BenchParser, Input, ParseError};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
}

fn fixture(name: &str) -> Input {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lmbench").join(name);
    Input::from_bytes(&std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Detects with the whole registry, checks the winner, parses.
fn read(input: &Input, id: &str) -> Result<ParsedFile, ParseError> {
    let p = parse::detect(input).expect("some parser claims the file");
    assert_eq!(p.id(), id, "detected by the wrong parser");
    p.parse(input)
}

fn read_ok(input: &Input, id: &str) -> ParsedFile {
    read(input, id).unwrap_or_else(|e| panic!("parse failed: {e}"))
}

fn corpus(name: &str, id: &str) -> Option<ParsedFile> {
    let dir = corpus_dir()?;
    let input = Input::from_bytes(&std::fs::read(dir.join(name)).expect("corpus file"));
    Some(read_ok(&input, id))
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

fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
    s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
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
    assert_eq!(p.samples.len(), 223);
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
    let first_1024 = p.samples.iter().find(|s| param(s, "stride") == Some("1024")).unwrap();
    assert_eq!((param(first_1024, "size"), first_1024.value.mean()), (Some("0.00098"), 1.186));
    let last_128 = p.samples.iter().rfind(|s| param(s, "stride") == Some("128")).unwrap();
    assert_eq!((param(last_128, "size"), last_128.value.mean()), (Some("4096.00000"), 32.861));
    assert_eq!(first_1024.params[0].name, "stride");
    assert_eq!(first_1024.params[1].name, "size");
}

/// lkp's expected values: lkp takes the last (largest size) row of each
/// raw section. Map lkp's names to ours.
fn check_lkp_expected(txt: &str, yaml: &str, map: &[(&str, &str)]) {
    let Some(dir) = corpus_dir() else { return };
    let input = Input::from_bytes(&std::fs::read(dir.join(txt)).unwrap());
    let p = read_ok(&input, "lmbench-raw");
    let expected: BTreeMap<String, f64> =
        serde_yaml::from_str(&std::fs::read_to_string(dir.join(yaml)).unwrap()).unwrap();
    assert_eq!(expected.len(), map.len(), "every lkp key is mapped");
    for (lkp, ours) in map {
        let want = expected[*lkp];
        let got = p.samples.iter().rfind(|s| s.metric.name == *ours).unwrap_or_else(|| panic!("no {ours}"));
        assert!(close(got.value.mean(), want), "{lkp}: {} != {want}", got.value.mean());
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
        assert_eq!(param(&p.samples[0], "size"), Some("268.44"));
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
            (first.metric.unit.as_str(), param(first, "size"), first.value.mean()),
            ("µs", Some("0.524288"), 7.342)
        );
    }
}

// ---------------------------------------------------------------- fixtures

#[test]
fn fixture_lmbench19_irix_sunos() {
    let p = read_ok(&fixture("lmbench19-irix-sunos-k-blank.txt"), "lmbench");
    assert_eq!(p.version.as_deref(), Some("1.9"));
    // Right-padded OS name keeps its whole string as kernel.
    assert_eq!(values(&p, PROC, "selct", Some("SunOS 5.6")), vec![190.0]);
    assert_eq!(values(&p, PROC, "selct", Some("IRIX 6.5")), vec![1950.0]);
    assert_eq!(values(&p, PROC, "null I/O", Some("IRIX 6.5")), vec![11.5]);
    assert_eq!(values(&p, PROC, "sh proc", Some("2.1.99")), vec![14000.0, 13000.0]);
    assert!(values(&p, FVM, "Prot Fault", Some("IRIX 6.5")).is_empty());
    assert_eq!(values(&p, FVM, "Page Fault", Some("IRIX 6.5")), vec![21500.0]);
    assert_eq!(on_line(&p, 23).len(), 3);
    // Guess text is not a value; file has no trailing newline.
    assert_eq!(values(&p, MEM, "Main mem", Some("2.1.99")), vec![150.0]);
    assert_eq!(p.samples.len(), 61);
}

#[test]
fn fixture_lmbench20_quoted_with_make_and_percent() {
    let input = fixture("lmbench20-quoted-make-percent.txt");
    assert!(input.quoted);
    let p = read_ok(&input, "lmbench");
    assert_eq!(p.version.as_deref(), Some("2.0"));
    assert_eq!(values(&p, PROC, "selct TCP", None), vec![19.1]);
    assert_eq!(values(&p, PROC, "fork proc", None), vec![101.0, 108.0]);
    assert_eq!(values(&p, PROC, "sh proc", Some("2.4.19p")), vec![12000.0]);
    assert_eq!(values(&p, BW, "TCP", None), vec![95.0]);
    assert_eq!(values(&p, BW, "Pipe", None), vec![912.0, 899.0]);
    assert_eq!(p.samples.len(), 38);
    assert!(p.notes.iter().any(|(l, n)| *l == 17 && n.contains("percent")));
}

#[test]
fn fixture_lmbench30_empty_rows_remote_bad_mhz() {
    let p = read_ok(&fixture("lmbench30-empty-rows-remote.txt"), "lmbench");
    assert_eq!(p.version.as_deref(), Some("3.0"));
    assert!(on_line(&p, 11).is_empty());
    assert_eq!(values(&p, "Basic integer operations", "intgr mod", Some("6.8.0-4")), vec![3.01]);
    let remote = "Remote Communication latencies";
    assert_eq!(values(&p, remote, "UDP", None), vec![61.2]);
    assert!(values(&p, remote, "RPC/UDP", None).is_empty());
    assert_eq!(values(&p, remote, "TCP", None), vec![70.4]);
    assert_eq!(values(&p, remote, "TCP conn", None), vec![140.0]);
    // "-" cells and "Bad mhz?" give only the Mhz.
    assert_eq!(on_line(&p, 27).len(), 1);
    assert_eq!(values(&p, MEM, "Rand mem", None), vec![101.9]);
    assert_eq!(p.samples.len(), 14);
}

#[test]
fn fixture_seed_collapsed_tables() {
    let p = read_ok(&fixture("seed000-collapsed-proc-ctx.txt"), "lmbench");
    assert_eq!(p.version.as_deref(), Some("2.0"));
    assert_eq!(values(&p, PROC, "null call", Some("2.4.17")), vec![0.43]);
    assert_eq!(values(&p, PROC, "stat", Some("2.4.17rat")), vec![4.56]);
    assert_eq!(values(&p, PROC, "selct TCP", Some("2.4.17")), vec![36.8]);
    assert_eq!(values(&p, PROC, "sh proc", Some("2.4.17rat")), vec![13239.0]);
    assert_eq!(values(&p, CTX, "16p/64K ctxsw", Some("2.4.17rat")), vec![226.4]);
    assert_eq!(p.samples.len(), 2 * 9 + 2 * 7);

    let p = read_ok(&fixture("seed000-collapsed-file-bw.txt"), "lmbench");
    assert_eq!(values(&p, FVM, "0K File Create", Some("2.4.17")), vec![123.9]);
    assert_eq!(values(&p, FVM, "10K File Delete", Some("2.4.17rat")), vec![256.2]);
    assert_eq!(values(&p, FVM, "Mmap Latency", Some("2.4.17")), vec![2602.0]);
    assert_eq!(values(&p, BW, "Bcopy (libc)", Some("2.4.17")), vec![59.2]);
    assert_eq!(values(&p, BW, "Mem write", Some("2.4.17rat")), vec![84.7]);
    assert_eq!(p.samples.len(), 2 * 7 + 2 * 9);
}

#[test]
fn fixture_damaged_summaries_are_errors_with_lines() {
    let err = read(&fixture("lmbench-damaged-cell.txt"), "lmbench").unwrap_err();
    assert_eq!(err.line(), Some(10));
}

#[test]
fn fixture_collapsed_row_with_missing_cell_is_skipped_with_note() {
    let p = read_ok(&fixture("lmbench-collapsed-missing-cell.txt"), "lmbench");
    assert_eq!(p.samples.len(), 7);
    assert!(p.samples.iter().all(|s| s.line == 7));
    assert!(p.notes.iter().any(|(l, n)| *l == 8 && n.contains("6 of 7")));
}

#[test]
fn fixture_seed_flattened_one_line_tables() {
    let p = read_ok(&fixture("seed004-flattened-one-line-tables.txt"), "lmbench");
    assert_eq!(p.version.as_deref(), Some("1.9"));
    // Line 2: Processor, Processes, four runs of 11 cells each.
    assert_eq!(values(&p, PROC, "selct", Some("2.3.13")), vec![110.0; 4]);
    assert_eq!(values(&p, PROC, "sh proc", Some("2.3.13")), vec![31000.0, 31000.0, 32000.0, 32000.0]);
    assert_eq!(values(&p, PROC, "open clos", None), vec![20.0, 22.0, 28.0, 21.0]);
    assert!(p.samples.iter().filter(|s| s.group == PROC).all(|s| s.line == 2));
    assert_eq!(values(&p, CTX, "16p/64K ctxsw", None), vec![614.0, 607.0, 597.0, 607.0]);
    // Local latencies have blank cells: they cannot be placed, rows skipped.
    assert!(p.samples.iter().all(|s| s.group != LAT));
    assert!(p.notes.iter().any(|(l, n)| *l == 4 && n.contains("6 of 8")));
    assert_eq!(values(&p, FVM, "Page Fault", None), vec![0.0, 0.0, 1400.0, 0.0]);
    assert_eq!(values(&p, FVM, "0K File Create", None), vec![36.0; 4]);
    assert_eq!(values(&p, BW, "Mem write", None), vec![86.0; 4]);
    assert_eq!(values(&p, MEM, "L2 $", None), vec![96.0, 102.0, 98.0, 93.0]);
    assert_eq!(values(&p, MEM, "Main mem", None), vec![146.0; 4]);
}

#[test]
fn fixture_raw_results_lmbench3() {
    let p = read_ok(&fixture("raw-results-lmbench3.txt"), "lmbench-raw");
    assert_eq!(p.version.as_deref(), Some("3.0"));
    assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("6.6.7-arch1")));
    assert_eq!(p.samples.len(), 62);
    let by = |name: &str| p.samples.iter().filter(|s| s.metric.name == name).collect::<Vec<_>>();
    assert_eq!(by("Mhz")[0].value.mean(), 3593.0);
    assert_eq!(by("syscall")[0].value.mean(), 0.0611);
    assert_eq!(by("Select fd's").len(), 2);
    assert_eq!(param(by("Select fd's")[1], "fds"), Some("100"));
    assert_eq!(by("fork+/bin/sh -c")[0].value.mean(), 532.0);
    assert_eq!(by("File write bandwidth")[0].metric.unit, "KB/s");
    assert_eq!(by("Mmap latency").len(), 3);
    // lat_fs: rates in files/s, the -1 cell skipped with a note.
    assert_eq!(by("Create").len(), 2);
    assert_eq!(by("Delete").len(), 3);
    assert_eq!((by("Create")[0].metric.unit.as_str(), by("Create")[0].metric.better), ("files/s", Better::Higher));
    assert!(p.notes.iter().any(|(l, _)| *l == 37));
    let tcp = by("TCP bandwidth");
    assert_eq!(tcp.len(), 3);
    assert_eq!((param(tcp[2], "size"), tcp[2].value.mean()), (Some("10.485760"), 8931.2));
    assert_eq!(by("File read bandwidth").len(), 2);
    assert_eq!(by("Memory read bandwidth")[1].value.mean(), 33120.74);
    let ctx = by("ctxsw");
    assert_eq!(ctx.len(), 5);
    assert_eq!((param(ctx[4], "size"), param(ctx[4], "procs"), ctx[4].value.mean()), (Some("16k"), Some("16"), 2.71));
    assert_eq!(by("ctxsw overhead").len(), 2);
    let mem = by("Memory load latency");
    assert_eq!((mem.len(), param(mem[2], "stride"), mem[2].value.mean()), (3, Some("16"), 3.901));
    // lat_mem_rd -t under "Random load latency": the same stride and sizes,
    // its own group and metric (it used to be averaged into the above).
    let rnd = by("Random load latency");
    assert_eq!((rnd.len(), param(rnd[2], "stride"), rnd[2].value.mean()), (3, Some("16"), 95.112));
    assert!(rnd.iter().all(|s| s.group == "Random load latency" && s.metric.unit == "ns"));
    assert!(mem.iter().all(|s| s.group == "Memory latencies"));
}

#[test]
fn fixture_raw_lmbench2_tool_output() {
    let p = read_ok(&fixture("raw-lmbench2-tool-output.txt"), "lmbench-raw");
    let names: Vec<_> = p.samples.iter().map(|s| (s.metric.name.as_str(), s.group.as_str())).collect();
    assert_eq!(
        names,
        vec![
            ("syscall", PROC),
            ("Pipe latency", LAT),
            ("TCP bandwidth", BW),
            ("TCP conn", LAT),
            ("RPC/TCP latency", LAT),
            ("UDP latency", "Remote Communication latencies"),
        ]
    );
    assert_eq!(p.samples[2].value.mean(), 166.08);
}

#[test]
fn fixture_raw_damaged_lat_fs() {
    let err = read(&fixture("raw-damaged-lat_fs.txt"), "lmbench-raw").unwrap_err();
    assert_eq!(err.line(), Some(4));
}

// ---------------------------------------------------------------- robustness

const REAL_LINES: &[&str] = &[
    "                 L M B E N C H  2 . 0   S U M M A R Y",
    "Processor, Processes - times in microseconds - smaller is better",
    "Memory latencies in nanoseconds - smaller is better",
    "    (WARNING - may not be correct, check graphs)",
    "----------------------------------------------------------------",
    "Host                 OS  Mhz null null      open selct sig  sig  fork exec sh  ",
    "                             call  I/O stat clos TCP   inst hndl proc proc proc",
    "--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----",
    "frodo      Linux 2.4.18  797 0.40 0.56 3.18 3.97       1.00 3.18 115. 1231 13.K",
    "OS 0K File 10K File Mmap Prot Page",
    "Create Delete Create Delete Latency Fault Fault",
    "--------------- ------ ------ ------ ------ ------- ----- -----",
    "Linux 2.4.17 123.9 165.6 677.1 242.8 2602 1.076 8.0",
    "Host                 OS   Mhz  L1 $   L2 $    Main mem    Guesses",
    "--------- -------------   ---  ----   ----    --------    -------",
    "frodo      Linux 2.4.18   797 3.767 8.7890  158.9    No L2 cache?",
    "rhel-vm01 Linux 4.18.0-",
    "                          0    1.2%    5%     0     1%      0      2%",
    "[lmbench3.0 results for Linux host 5.4.0 #1 SMP]",
    "[MHZ: 2998 MHz, 0.33 nanosec clock]",
    "\"stride=128",
    "\"size=32k ovr=1.23",
    "\"File system latency",
    "\"mappings",
    "0k\t1000\t7905\t16000",
    "2 3.45",
    "0.00049 1.186",
    "268.44 13805.57 MB/sec",
    "Socket bandwidth using localhost",
    "Select on 100 fd's: 2.6 microseconds",
    "./bin/x86_64-linux-gnu/bw_mem -P 1 268435456 rd",
    "make[1]: Entering directory `/x'",
    "",
];

fn arb_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        3 => proptest::sample::select(REAL_LINES).prop_map(str::to_string),
        1 => "[ -~\t\"]{0,90}",
        1 => any::<String>(),
    ];
    proptest::collection::vec(line, 0..30).prop_map(|v| v.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn never_panics_on_arbitrary_input(text in arb_text()) {
        let input = Input::from_text(&text);
        for p in [&parse::lmbench::Lmbench as &dyn BenchParser, &parse::lmbench_raw::LmbenchRaw] {
            let _ = p.detect(&input);
            let _ = p.parse(&input);
        }
    }

    #[test]
    fn never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let input = Input::from_bytes(&bytes);
        let _ = parse::lmbench::Lmbench.detect(&input);
        let _ = parse::lmbench::Lmbench.parse(&input);
        let _ = parse::lmbench_raw::LmbenchRaw.detect(&input);
        let _ = parse::lmbench_raw::LmbenchRaw.parse(&input);
    }
}

/// Every value of a wide-Host/OS fixture's first row, by (group, metric).
fn assert_first_row(p: &ParsedFile, want: &[(&str, &str, f64)]) {
    for (g, m, v) in want {
        let got = values(p, g, m, None);
        assert_eq!(got.first(), Some(v), "{g} / {m}: {got:?}");
    }
}

/// getsummary edited for a 14-character host and a 30-character OS: the
/// rule and rows are wide, the header words are where stock getsummary
/// puts them, a column or more left of their data. The old reading
/// counted header words and merged Bcopy (libc)/(hand), Mem read/write.
#[test]
fn wide_os_lmbench30_every_table_kind() {
    let p = read_ok(&fixture("wide-os-lmbench30.txt"), "lmbench");
    assert_eq!(p.version.as_deref(), Some("3.0"));
    assert!(p.notes.is_empty(), "{:?}", p.notes);
    assert!(p.samples.iter().all(|s| s.params.is_empty()), "one host: no host parameter");
    assert_eq!(values(&p, PROC, "fork proc", Some("2.4.19-pre10-ac2-preempt")), vec![101.0, 102.0]);
    assert_eq!(values(&p, PROC, "fork proc", Some("2.4.19-pre10-ac2")), vec![111.0]);
    let sys = "Basic system parameters";
    assert_first_row(
        &p,
        &[
            (sys, "Mhz", 1200.0),
            (sys, "tlb pages", 64.0),
            (sys, "cache line bytes", 64.0),
            (sys, "mem par", 5.21),
            (sys, "scal load", 1.0),
            (PROC, "null call", 0.31),
            (PROC, "null I/O", 0.52),
            (PROC, "stat", 2.91),
            (PROC, "open clos", 3.74),
            (PROC, "slct TCP", 12.5),
            (PROC, "sig inst", 0.86),
            (PROC, "sig hndl", 2.47),
            (PROC, "exec proc", 1021.0),
            (PROC, "sh proc", 11000.0),
            (CTX, "2p/0K ctxsw", 1.1),
            (CTX, "16p/16K ctxsw", 6.6),
            (CTX, "16p/64K ctxsw", 7.7),
            (LAT, "2p/0K ctxsw", 1.1),
            (LAT, "Pipe", 8.21),
            (LAT, "AF UNIX", 13.1),
            (LAT, "TCP", 24.5),
            (LAT, "TCP conn", 52.0),
            (FVM, "Mmap Latency", 340.0),
            (FVM, "Prot Fault", 0.162),
            (FVM, "Page Fault", 1.2643),
            (FVM, "100fd selct", 10.6),
            (BW, "Pipe", 1172.0),
            (BW, "AF UNIX", 1826.0),
            (BW, "TCP", 562.0),
            (BW, "File reread", 1732.6),
            (BW, "Mmap reread", 573.5),
            (BW, "Bcopy (libc)", 535.7),
            (BW, "Bcopy (hand)", 284.9),
            (BW, "Mem read", 521.0),
            (BW, "Mem write", 514.7),
            (MEM, "Mhz", 1200.0),
            (MEM, "L1 $", 2.501),
            (MEM, "L2 $", 7.502),
            (MEM, "Main mem", 123.4),
            (MEM, "Rand mem", 456.7),
        ],
    );
    // Blank cells stay blank.
    assert!(values(&p, LAT, "UDP", None).is_empty());
    assert!(values(&p, FVM, "0K File Create", None).is_empty());
    // Two kernels, three rows: 1 + 5 + 3 × 11 + 7 + 5 + 4 + 9 + 5 samples.
    assert_eq!(p.samples.len(), 69 - 1);
}

#[test]
fn wide_os_lmbench20_header_variants() {
    let p = read_ok(&fixture("wide-os-lmbench20.txt"), "lmbench");
    assert_eq!(p.version.as_deref(), Some("2.0"));
    assert!(p.notes.is_empty(), "{:?}", p.notes);
    assert_first_row(
        &p,
        &[
            (PROC, "selct TCP", 19.1),
            (PROC, "sh proc", 13000.0),
            (FVM, "0K File Create", 51.6),
            (FVM, "10K File Delete", 87.4),
            (FVM, "Mmap Latency", 20200.0),
            (FVM, "Prot Fault", 0.9),
            (FVM, "Page Fault", 7.0),
            (BW, "Bcopy (libc)", 1303.9),
            (BW, "Bcopy (hand)", 1302.5),
            (BW, "Mem read", 4664.0),
            (BW, "Mem write", 1422.0),
            (MEM, "Main mem", 158.9),
        ],
    );
    assert_eq!(p.samples.len(), 11 + 7 + 9 + 4);
}

/// lmbench 1.0: indented titles without a direction, its own processor
/// columns, the bandwidth table "in megabytes/second", a TLB column whose
/// -1 means "not measured".
#[test]
fn wide_os_lmbench10_megabytes_and_minus_one() {
    let p = read_ok(&fixture("wide-os-lmbench10.txt"), "lmbench");
    assert_eq!(p.version.as_deref(), Some("1.0"));
    assert_first_row(
        &p,
        &[
            (PROC, "Null Syscall", 15.0),
            (PROC, "Null Process", 9200.0),
            (PROC, "/bin/sh Process", 54000.0),
            (PROC, "Mmap lat", 342.0),
            (PROC, "8-proc ctxsw", 99.0),
            (BW, "Pipe", 8.0),
            (BW, "TCP", 3.8),
            (BW, "Bcopy (hand)", 24.0),
            (BW, "Mem write", 36.0),
            (MEM, "Main mem", 180.0),
        ],
    );
    assert_eq!(values(&p, BW, "TCP", None).len(), 1);
    let tcp = p.samples.iter().find(|s| s.group == BW && s.metric.name == "TCP").unwrap();
    assert_eq!(tcp.metric.unit, "MB/s");
    assert!(values(&p, MEM, "TLB", None).is_empty(), "-1 is not a value");
    assert!(p.notes.iter().any(|(l, m)| *l == 23 && m.contains("-1") && m.contains("TLB")), "{:?}", p.notes);
}

/// Rows of two hosts with the same OS are two machines, not runs of one:
/// every sample names its host. A row that cannot be read is a note.
#[test]
fn two_hosts_same_os_keep_apart() {
    let p = read_ok(&fixture("two-hosts-same-os.txt"), "lmbench");
    let host = |h: &str| p.samples.iter().filter(|s| param(s, "host") == Some(h)).count();
    assert_eq!((host("alpha"), host("beta")), (14, 7));
    assert_eq!(p.samples.len(), 21);
    assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("2.4.18")));
    assert!(p.notes.iter().any(|(l, m)| *l == 9 && m.contains("looks like an lmbench result row and was not read")));
}

/// A 10-character host overruns the 9-character Host column and moves the
/// whole row one column right of the rule; the blank RPC cells are placed
/// by the rule moved with it. The closing markdown fence is no row.
#[test]
fn fixture_long_host_shifts_rows_with_blank_cells() {
    let p = read_ok(&fixture("lmbench30-long-host-shifted-blank-cells-fenced.txt"), "lmbench");
    let lat = "Local Communication latencies";
    assert_eq!(values(&p, lat, "2p/0K ctxsw", Some("4.18.0-")), vec![5.41, 5.52]);
    assert_eq!(values(&p, lat, "TCP", Some("4.18.0-")), vec![16.1, 16.4]);
    assert_eq!(values(&p, lat, "TCP conn", Some("4.18.0-")), vec![31.0, 30.0]);
    assert!(values(&p, lat, "RPC/UDP", None).is_empty() && values(&p, lat, "RPC/TCP", None).is_empty());
    assert_eq!(on_line(&p, 10).len(), 6);
    assert!(p.notes.is_empty(), "{:?}", p.notes);
}

/// Rows shifted by different amounts have no constant shift: the row with
/// blank cells is not placed by guess but noted.
#[test]
fn rows_shifted_by_different_amounts_are_not_guessed() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/lmbench/lmbench30-long-host-shifted-blank-cells-fenced.txt"),
    )
    .expect("fixture")
    .replace("buildbox01 Linux 4.18.0- 5.520", "buildbox1 Linux 4.18.0-  5.520");
    let p = read_ok(&Input::from_text(&text), "lmbench");
    assert!(on_line(&p, 10).is_empty());
    assert!(p.notes.iter().any(|(l, m)| *l == 10 && m.contains("not read")), "{:?}", p.notes);
}

/// Tool lines in three groups of before/after runs (a quoted box, then
/// `On the big core -` and `On the little core -` over their own
/// `Before:`/`After:`): six keys, never averaged across cores. The lat_fs
/// rows under the author's `lat_fs (xfs)` line are read.
#[test]
fn fixture_raw_groups_of_labelled_runs_and_lat_fs_under_a_label() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lmbench/raw-latfs-label-cpu-groups.txt");
    let outcome = benchsite::site::parse_bytes(&std::fs::read(path).expect("fixture"), None);
    let p = outcome.parsed.iter().find(|p| p.benchmark == "lmbench-raw").expect("lmbench-raw segment");
    let label = |line: usize| on_line(p, line).first().and_then(|s| param(s, "label")).map(str::to_string);
    assert_eq!(label(4).as_deref(), Some("before"));
    assert_eq!(label(8).as_deref(), Some("after"));
    assert_eq!(label(15).as_deref(), Some("big core / before"));
    assert_eq!(label(20).as_deref(), Some("big core / after"));
    assert_eq!(label(25).as_deref(), Some("little core / before"));
    assert_eq!(label(29).as_deref(), Some("little core / after"));
    let labels: std::collections::BTreeSet<String> = (1..=31).filter_map(label).collect();
    assert_eq!(labels.len(), 6);
    let create: Vec<f64> = values(p, "File & VM system latencies", "Create", None);
    assert_eq!(create, vec![41200.0, 10250.0]);
    assert_eq!(values(p, "File & VM system latencies", "Delete", None), vec![130100.0, 55300.0]);
}
