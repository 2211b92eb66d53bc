//! dbench/tbench parser over the shared corpus, and what the fixtures
//! cannot say (an error's line, a count that disagrees).
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::model::ParsedFile;
use benchsite::parse::{self, BenchParser, Input, dbench};
use common::parse::{close, corpus, detected, fixture, lkp_expected, mean, param, samples, vals};
use std::path::Path;

#[test]
fn truncated_table_row_is_an_error_at_its_line() {
    let input = fixture("dbench", "dbench4-truncated-table.txt");
    let e = dbench::Dbench.parse(&input).unwrap_err();
    assert_eq!(e.line(), Some(6), "{e}");
}

/// Every Throughput sample's (procs, clients, label) parameters, in order.
fn counts(f: &ParsedFile) -> Vec<(Option<String>, Option<String>, Option<String>)> {
    samples(f, "", "Throughput")
        .into_iter()
        .map(|s| (param(s, "procs"), param(s, "clients"), param(s, "label")))
        .collect()
}

fn procs_only(n: &[u32]) -> Vec<(Option<String>, Option<String>, Option<String>)> {
    n.iter().map(|n| (Some(n.to_string()), None, None)).collect()
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
        for (k, v) in lkp_expected(&yaml) {
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
    // Line 30 `WriteX  129216677  0.028  12.800`, line 31 `Unlink …
    // 12.660`: each latency keeps its printed step, 0.001 ms, so the
    // pages show `12.800`, not `12.8` read back from the value alone
    // (newcomer58); max_latency too.
    for (metric, line, value) in
        [("WriteX MaxLat", 30, 12.8), ("Unlink MaxLat", 31, 12.66), ("WriteX AvgLat", 30, 0.028)]
    {
        let s = samples(&f, "operations", metric)[0];
        assert_eq!((s.line, s.value.mean(), s.step), (line, value, Some(0.001)), "{metric}");
    }
    assert_eq!(samples(&f, "", "max_latency")[0].step, Some(0.001));
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
    let procs: Vec<String> = samples(&f, "", "Throughput").into_iter().map(|s| param(s, "procs").unwrap()).collect();
    assert_eq!(procs, ["48", "48", "32", "32", "16", "16", "8", "8", "4", "4", "2", "2", "1", "1"]);
    assert_eq!(vals(&f, "time", "user").len(), 14);
    assert_eq!(vals(&f, "time", "user")[0], 37.58);
    assert_eq!(vals(&f, "time", "system")[0], 115.73);
    assert!(close(vals(&f, "time", "elapsed")[0], 231.3, 1e-9));
    assert_eq!(vals(&f, "time", "CPU")[1], 46.5);
    assert_eq!(vals(&f, "time", "major faults")[13], 137.0);
    let s = samples(&f, "time", "elapsed")[13];
    assert_eq!(param(s, "procs").as_deref(), Some("1"));
    // Each pair is one of each kernel (`first lines for 2.4.7-ac3, then
    // 2.4.7-ac9`): averaged as runs of one set-up with a warning at that
    // line, not silently.
    let bytes = std::fs::read(d.join("lkml-2001-08-dbench1x-NB-csh-time-pairs.txt")).unwrap();
    let outcome = benchsite::site::parse_bytes(&bytes, None);
    let line = input.lines.iter().position(|l| l.starts_with("first lines for 2.4.7-ac3")).unwrap() + 1;
    assert!(
        outcome.warnings.iter().any(|(l, w)| *l == Some(line) && w.contains("names 2 kernels (2.4.7-ac3, 2.4.7-ac9)")),
        "{:?}",
        outcome.warnings
    );
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

/// wild32 file 05 (LKML 2002, akpm's reply quoting two machines' dbench 16
/// runs at two depths): the mail's attribution `William Lee Irwin III
/// wrote:` over the quote was read into the NUMA-Q run's label, and the PC
/// run, whose `Throughput` line leaves off `16 procs`, had no `procs`
/// though its zsh `time` line below says `./dbench 16`.
#[test]
fn an_attribution_is_no_label_and_a_zsh_time_command_gives_procs() {
    let input = fixture(
        "dbench",
        "lkml-2002-09-dbench1x-two-machines-quoted-two-depths-attribution-above-zsh-time-command-gives-procs.txt",
    );
    let f = dbench::Dbench.parse(&input).unwrap();
    let label = |l: &str| (Some("16".to_string()), None, Some(l.to_string()));
    assert_eq!(counts(&f), [label("Taken on 32x/32G NUMA-Q"), label("Taken on 2x/0.8G el-scruffo PC")]);
    let elapsed: Vec<f64> = samples(&f, "time", "elapsed").iter().map(|s| s.value.mean()).collect();
    assert_eq!(elapsed, [31.733, 15.646]);
}
