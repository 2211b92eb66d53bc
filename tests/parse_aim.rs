//! AIM7, re-aim-7 and AIM9 parsers over the real corpus, and the fixtures
//! they must refuse.
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`); what stays here reads the
//! real corpus, or checks errors.

mod common;

use benchsite::model::Better;
use benchsite::parse::BenchParser;
use benchsite::parse::ParseError;
use benchsite::parse::aim7::{Aim7, Reaim};
use benchsite::parse::aim9::Aim9;
use common::parse::{corpus, corpus_file, detect_and_parse, fixture, param, read, series};
use std::collections::BTreeMap;

#[test]
fn every_corpus_file_is_detected_and_parses() {
    let expected = [
        ("aim7", "linuxmm-2007-06-reaim-crossover-wrapped-JTI.txt", "reaim"),
        ("aim7", "linuxmm-2007-07-aim7-suiteVII-tabsep-6runs.txt", "aim7"),
        ("aim9", "lkp-aim9-fullsuite.txt", "aim9"),
        ("aim9", "lkp-aim9-tcp_test.txt", "aim9"),
    ];
    for bench in ["aim7", "aim9"] {
        let Some(dir) = corpus(bench) else { return };
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                let id = expected
                    .iter()
                    .find(|(b, n, _)| *b == bench && *n == name)
                    .map(|(_, _, id)| *id)
                    .unwrap_or_else(|| panic!("new corpus file {name}: add it to this test"));
                let f = detect_and_parse(&read(&path), id, &name);
                assert!(!f.samples.is_empty(), "{name}");
            }
        }
    }
}

#[test]
fn aim9_corpus_matches_lkp_expected_yaml() {
    let Some(dir) = corpus("aim9") else { return };
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(stem) = name.strip_suffix(".expected.yaml") else { continue };
        let expected: BTreeMap<String, f64> =
            serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).expect("yaml");
        let f = detect_and_parse(&read(&dir.join(format!("{stem}.txt"))), "aim9", stem);
        let mut rates = 0;
        for (key, want) in &expected {
            if let Some(test) = key.strip_suffix(".ops_per_sec") {
                let got: Vec<_> = f.samples.iter().filter(|s| s.metric.name == test).collect();
                assert_eq!(got.len(), 1, "{stem}: {test}");
                assert_eq!(got[0].value.mean(), *want, "{stem}: {test}");
                assert_eq!(got[0].metric.better, Better::Higher);
                assert!(got[0].metric.unit.ends_with("/second"), "{stem}: {test} unit {}", got[0].metric.unit);
                rates += 1;
            } else if let Some(test) = key.strip_suffix(".skip") {
                assert!(f.samples.iter().all(|s| s.metric.name != test), "{stem}: {test} skipped");
                assert!(f.notes.iter().any(|(_, n)| n.contains(test)), "{stem}: note for {test}");
            } else {
                panic!("{stem}: unmapped lkp key {key}");
            }
        }
        assert_eq!(f.samples.len(), rates, "{stem}: no extra samples");
        files += 1;
    }
    assert_eq!(files, 2);
}

#[test]
fn aim9_corpus_units_and_lines() {
    let Some(f) = corpus_file("aim9", "lkp-aim9-fullsuite.txt", "aim9") else { return };
    assert_eq!(f.version.as_deref(), Some("1.1"));
    let first = &f.samples[0];
    assert_eq!(
        (first.metric.name.as_str(), first.metric.unit.as_str(), first.line),
        ("add_double", "Thousand Double Precision Additions/second", 17)
    );
    let rr = f.samples.iter().find(|s| s.metric.name == "disk_rr").unwrap();
    assert_eq!(rr.metric.unit, "Random Disk Reads (K)/second");
    let fc = f.samples.iter().find(|s| s.metric.name == "fun_cal1").unwrap();
    assert_eq!(fc.metric.unit, "Function Calls (1 argument)/second");
    assert!(f.notes.iter().any(|(l, n)| *l == 70 && n.contains("tcp_test")));
    let f = corpus_file("aim9", "lkp-aim9-tcp_test.txt", "aim9").unwrap();
    assert_eq!(f.samples[0].metric.unit, "TCP/IP Messages/second");
}

#[test]
fn aim7_corpus_tab_separated_six_runs() {
    let Some(f) = corpus_file("aim7", "linuxmm-2007-07-aim7-suiteVII-tabsep-6runs.txt", "aim7") else { return };
    assert_eq!(f.version.as_deref(), Some("1.1"));
    // 7 + 7 + 9 + 9 + 7 + 7 rows of 5 values; the kernbench tables give nothing.
    assert_eq!(f.samples.len(), 230);
    assert!(f.samples.iter().all(|s| s.group.is_empty() && param(s, "tasks").is_some()));
    assert!(!f.samples.iter().any(|s| s.value.mean() == 85.07 || s.value.mean() == 1067.25));
    let jobs = series(&f, "Jobs/Min", "tasks");
    assert_eq!(jobs.len(), 46);
    assert_eq!(jobs[0], ("1".to_string(), 98.9));
    assert_eq!(jobs[22], ("918".to_string(), 1229.5));
    assert_eq!(jobs[45], ("600".to_string(), 565.5));
    assert_eq!(series(&f, "JTI", "tasks")[4], ("401".to_string(), 93.0));
    assert_eq!(series(&f, "Real", "tasks")[1], ("101".to_string(), 106.0));
    assert_eq!(series(&f, "CPU", "tasks")[6], ("600".to_string(), 475.0));
    assert_eq!(series(&f, "Jobs/sec/task", "tasks")[0], ("1".to_string(), 1.6482));
    let j = f.samples.iter().find(|s| s.metric.name == "Jobs/Min").unwrap();
    assert_eq!((j.line, j.metric.unit.as_str(), j.metric.better), (66, "jobs/min", Better::Higher));
    let cpu = f.samples.iter().find(|s| s.metric.name == "CPU").unwrap();
    assert_eq!((cpu.metric.unit.as_str(), cpu.metric.better), ("s", Better::Lower));
    // One note per run, naming its Machine label.
    assert_eq!(f.notes.iter().filter(|(_, n)| n.contains("machine")).count(), 6);
}

#[test]
fn reaim_corpus_wrapped_jti_and_crossover() {
    let Some(f) = corpus_file("aim7", "linuxmm-2007-06-reaim-crossover-wrapped-JTI.txt", "reaim") else { return };
    // 11 + 4 rows of 8 values, plus two Max Jobs per Minute lines.
    assert_eq!(f.samples.len(), 122);
    let jpm = series(&f, "Jobs per Minute", "forked");
    assert_eq!(jpm.len(), 15);
    assert_eq!(jpm[0], ("4000".to_string(), 204051.01));
    assert_eq!(jpm[10], ("5105".to_string(), 18329.91));
    assert_eq!(jpm[11], ("4000".to_string(), 172991.31));
    let jti = series(&f, "JTI", "forked");
    assert_eq!(jti[0], ("4000".to_string(), 90.0));
    assert_eq!(jti[10], ("5105".to_string(), 81.0));
    assert_eq!(jti[14], ("4300".to_string(), 81.0));
    let first_jti = f.samples.iter().find(|s| s.metric.name == "JTI").unwrap();
    assert_eq!(first_jti.line, 43);
    assert_eq!(series(&f, "Child SysTime", "forked")[12], ("4100".to_string(), 539.16));
    assert_eq!(series(&f, "Std_dev Percent", "forked")[0], ("4000".to_string(), 9.99));
    assert_eq!(
        series(&f, "Max Jobs per Minute", "forked"),
        vec![(String::new(), 204051.01), (String::new(), 172991.31)]
    );
    assert_eq!(f.notes.iter().filter(|(_, n)| n.contains("crossover")).count(), 2);
}

#[test]
fn fixture_damaged_rows_are_errors() {
    let e = Reaim.parse(&fixture("aim7", "reaim-damaged-row.txt")).unwrap_err();
    assert!(matches!(e, ParseError::Malformed { line: 4, .. }), "{e}");
    let e = Aim9.parse(&fixture("aim9", "aim9-truncated-row.txt")).unwrap_err();
    assert_eq!(e.line(), Some(5), "{e}");
}

/// Two cells run together are an error naming the line.
#[test]
fn fixture_console_glued_cells_are_an_error() {
    let e = Aim7.parse(&fixture("aim7", "console-glued-cells.txt")).unwrap_err();
    assert!(matches!(e, ParseError::Malformed { line: 5, .. }), "{e}");
    assert!(e.to_string().contains("1210.987649.55"), "{e}");
}
