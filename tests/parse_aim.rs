//! AIM7, re-aim-7 and AIM9 parsers over the real corpus and the fixtures.

use benchsite::model::{Better, ParsedFile, Sample};
use benchsite::parse::aim7::{Aim7, Reaim};
use benchsite::parse::aim9::Aim9;
use benchsite::parse::{self, BenchParser, Input, ParseError};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus_dir(bench: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus").join(bench);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
}

fn read(path: &Path) -> Input {
    Input::from_bytes(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

fn fixture(bench: &str, name: &str) -> Input {
    read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(bench).join(name))
}

/// Detects with the whole registry, checks `id` wins, and parses.
fn detect_and_parse(input: &Input, id: &str, what: &str) -> ParsedFile {
    let p = parse::detect(input).unwrap_or_else(|| panic!("{what}: not detected"));
    assert_eq!(p.id(), id, "{what}: detected as {}", p.id());
    let f = p.parse(input).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(f.benchmark, id);
    f
}

fn corpus(bench: &str, name: &str, id: &str) -> Option<ParsedFile> {
    let dir = corpus_dir(bench)?;
    Some(detect_and_parse(&read(&dir.join(name)), id, name))
}

fn param(s: &Sample, name: &str) -> Option<String> {
    s.params.iter().find(|p| p.name == name).map(|p| p.value.to_string())
}

/// `(param value, value)` of every sample of `metric`, in file order.
fn series(f: &ParsedFile, metric: &str, param_name: &str) -> Vec<(String, f64)> {
    f.samples
        .iter()
        .filter(|s| s.metric.name == metric)
        .map(|s| (param(s, param_name).unwrap_or_default(), s.value.mean()))
        .collect()
}

#[test]
fn every_corpus_file_is_detected_and_parses() {
    let expected = [
        ("aim7", "linuxmm-2007-06-reaim-crossover-wrapped-JTI.txt", "reaim"),
        ("aim7", "linuxmm-2007-07-aim7-suiteVII-tabsep-6runs.txt", "aim7"),
        ("aim9", "lkp-aim9-fullsuite.txt", "aim9"),
        ("aim9", "lkp-aim9-tcp_test.txt", "aim9"),
    ];
    for bench in ["aim7", "aim9"] {
        let Some(dir) = corpus_dir(bench) else { return };
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
    let Some(dir) = corpus_dir("aim9") else { return };
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
    let Some(f) = corpus("aim9", "lkp-aim9-fullsuite.txt", "aim9") else { return };
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
    let f = corpus("aim9", "lkp-aim9-tcp_test.txt", "aim9").unwrap();
    assert_eq!(f.samples[0].metric.unit, "TCP/IP Messages/second");
}

#[test]
fn aim7_corpus_tab_separated_six_runs() {
    let Some(f) = corpus("aim7", "linuxmm-2007-07-aim7-suiteVII-tabsep-6runs.txt", "aim7") else { return };
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
    let Some(f) = corpus("aim7", "linuxmm-2007-06-reaim-crossover-wrapped-JTI.txt", "reaim") else { return };
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
fn fixture_suite7_tabs_short_row_and_kernbench() {
    let f = detect_and_parse(&fixture("aim7", "suite7-ss-tabs.txt"), "aim7", "fixture");
    assert_eq!(f.samples.len(), 5 + 5 + 3 + 5 + 5);
    let short: Vec<_> = f.samples.iter().filter(|s| param(s, "tasks").as_deref() == Some("201")).collect();
    let names: Vec<_> = short.iter().map(|s| s.metric.name.as_str()).collect();
    assert_eq!(names, vec!["Jobs/Min", "JTI", "Real"]);
    assert_eq!(short[2].value.mean(), 191.4);
    assert!(f.notes.iter().any(|(l, n)| *l == 9 && n.contains("3 of 5")));
    assert!(!f.samples.iter().any(|s| s.value.mean() == 85.07));
}

#[test]
fn fixture_console_rows() {
    let f = detect_and_parse(&fixture("aim7", "aim7-console-wrapped-dates.txt"), "aim7", "fixture");
    assert_eq!(f.samples.len(), 15);
    assert_eq!(
        series(&f, "Jobs/Min", "tasks"),
        vec![("1".into(), 2400.0), ("100".into(), 180000.0), ("200".into(), 280000.0)]
    );
    assert_eq!(series(&f, "Jobs/min/task", "tasks")[1].1, 1800.0);
    assert_eq!(series(&f, "CPU", "tasks")[2].1, 14.46);
    assert!(f.notes.iter().any(|(l, n)| *l == 11 && n.contains("300")));
}

#[test]
fn fixture_reaim_workfile_group_and_wrapped_jti() {
    let f = detect_and_parse(&fixture("aim7", "reaim-workfile-wrapped-jti.txt"), "reaim", "fixture");
    assert!(f.samples.iter().all(|s| s.group == "new_dbase"));
    assert_eq!(f.samples.len(), 8 + 8 + 7 + 1);
    assert_eq!(series(&f, "JTI", "forked"), vec![("100".into(), 96.0), ("200".into(), 95.0)]);
    assert_eq!(series(&f, "Std_dev Percent", "forked")[2], ("300".into(), 4.27));
    assert_eq!(series(&f, "Max Jobs per Minute", "forked"), vec![(String::new(), 5230.0)]);
    let jti = f.samples.iter().find(|s| s.metric.name == "JTI").unwrap();
    assert_eq!(jti.line, 8);
}

#[test]
fn fixture_damaged_rows_are_errors() {
    let e = Reaim.parse(&fixture("aim7", "reaim-damaged-row.txt")).unwrap_err();
    assert!(matches!(e, ParseError::Malformed { line: 4, .. }), "{e}");
    let e = Aim9.parse(&fixture("aim9", "aim9-truncated-row.txt")).unwrap_err();
    assert_eq!(e.line(), Some(5), "{e}");
}

#[test]
fn fixture_aim9_skip_and_units() {
    let f = detect_and_parse(&fixture("aim9", "aim9-full-skip.txt"), "aim9", "fixture");
    let got: Vec<_> = f.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean())).collect();
    assert_eq!(
        got,
        vec![("add_double", 360000.0), ("creat-clo", 6000.0), ("disk_rr", 20480.0), ("fun_cal15", 40960000.0)]
    );
    assert_eq!(f.samples[3].metric.unit, "Function Calls (15 arguments)/second");
    assert!(f.notes.iter().any(|(l, n)| *l == 12 && n.contains("tcp_test")));
}

#[test]
fn fixture_aim9_mail_wrapped_units() {
    let f = detect_and_parse(&fixture("aim9", "aim9-mail-wrapped-units.txt"), "aim9", "fixture");
    let got: Vec<_> = f.samples.iter().map(|s| (s.metric.name.as_str(), s.metric.unit.as_str(), s.line)).collect();
    assert_eq!(
        got,
        vec![
            ("add_double", "Thousand Double Precision Additions/second", 9),
            ("creat-clo", "File Creations and Closes/second", 12),
            ("brk_test", "System Memory Allocations/second", 15),
        ]
    );
}

/// The `CPU Utilization User System` layout, every row wrapped after its
/// count: each row and its second half are one test (rate on the second
/// line); a next test's number glued to the unit, a number glued to the
/// name and a failed test's skip are handled.
#[test]
fn fixture_aim9_cpu_columns_every_row_wrapped() {
    let f = detect_and_parse(&fixture("aim9", "aim9-cpu-cols-every-row-wrapped.txt"), "aim9", "fixture");
    let got: Vec<_> = f.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean(), s.line)).collect();
    assert_eq!(
        got,
        vec![
            ("add_double", 360000.0, 10),
            ("fork_test", 1500.0, 12),
            ("mem_rtns_1", 900000.0, 14),
            ("sync_disk_rw", 426.67, 16),
            ("pipe_cpy", 50000.0, 21),
        ]
    );
    assert_eq!(f.samples[1].metric.unit, "Task Creations/second");
    assert!(f.notes.iter().any(|(l, n)| *l == 12 && n.contains("`3`") && parse::note_is_info(n)));
    assert!(f.notes.iter().any(|(l, n)| *l == 19 && n.starts_with("new_raph: skipped")));
}

/// A hand-made comparison (`[linux-K]` rows under a test name and its unit)
/// above a report: each row is read with its kernel; rows that repeat the
/// report's numbers name the report's kernel and are counted once.
#[test]
fn fixture_aim9_comparison_rows_name_kernels() {
    let f = detect_and_parse(&fixture("aim9", "aim9-compare-rows-and-report.txt"), "aim9", "fixture");
    let got: Vec<_> = f
        .samples
        .iter()
        .map(|s| (s.kernel.as_deref().unwrap_or("-"), s.metric.name.as_str(), s.value.mean()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("2.6.0", "shell_rtns_1", 32.0),
            ("2.6.0", "pipe_cpy", 41000.0),
            ("2.6.1-rc1", "add_double", 360000.0),
            ("2.6.1-rc1", "shell_rtns_1", 30.0),
            ("2.6.1-rc1", "pipe_cpy", 40000.0),
        ]
    );
    assert_eq!(f.samples[1].metric.unit, "Pipe Messages/second");
    let repeats: Vec<usize> =
        f.notes.iter().filter(|(_, n)| n.contains("repeats the report's row")).map(|n| n.0).collect();
    assert_eq!(repeats, vec![8, 13]);
}

const REAL_LINES: &[&str] = &[
    "Benchmark\tVersion\tMachine\tRun Date",
    "AIM Multiuser Benchmark - Suite VII\t\"1.1\"\textreme\tJun  1 07:17:24 2007",
    "Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task",
    "1\t98.9\t\t100\t58.9\t1.3\t1.6482",
    "101\t5547.1\t\t95",
    "Tasks    jobs/min  jti  jobs/min/task      real       cpu",
    "  100   178784.27   94      1787.8427      3.36      7.08   Mon Sep  4 ",
    "10:17:58 2006",
    "Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI",
    "Forked  Time     SysTime UTime   Minute     Child      Time     Percent",
    "4000    119.97   432.86  47.17   204051.01  51.01      11.52    9.99 ",
    "  90",
    "Crossover achieved",
    "Max Jobs per Minute 204051.01",
    "reaim -f /usr/local/share/reaim/workfile.new_dbase",
    "AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996",
    "Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)",
    "     1 add_double           5.05        110   21.78218       392079.21 Thousand Double Precision Additions/second",
    "    54 tcp_test        Skipping to next test.",
    "2 add_float      60.01      1074        17.89702         214764.21 ",
    "Thousand Single Precision Additions/second",
    "",
];

fn all_parsers() -> [&'static dyn BenchParser; 3] {
    [&Aim7, &Reaim, &Aim9]
}

proptest! {
    #[test]
    fn never_panics_on_arbitrary_text(text in "\\PC{0,400}") {
        let input = Input::from_text(&text);
        for p in all_parsers() {
            let _ = p.detect(&input);
            let _ = p.parse(&input);
        }
    }

    #[test]
    fn never_panics_on_mixed_lines(
        picks in proptest::collection::vec((0usize..REAL_LINES.len(), "[ -~\t]{0,40}", any::<bool>()), 0..40)
    ) {
        let text: Vec<String> = picks
            .into_iter()
            .map(|(i, junk, real)| if real { REAL_LINES[i].to_string() } else { junk })
            .collect();
        let input = Input::from_text(&text.join("\n"));
        for p in all_parsers() {
            let _ = p.detect(&input);
            if let Ok(f) = p.parse(&input) {
                prop_assert!(f.samples.iter().all(|s| s.line >= 1 && s.line <= input.lines.len()));
            }
        }
    }
}

/// A console row with a cell left blank is placed by the column each cell
/// ends in (the numbers are right-aligned), never shifted left; a row with
/// TABs for spaces reads as any other.
#[test]
fn fixture_console_missing_cell_placed_by_column() {
    let f = detect_and_parse(&fixture("aim7", "console-missing-cell-placed-by-column.txt"), "aim7", "fixture");
    let jti = series(&f, "JTI", "tasks");
    assert_eq!(jti, vec![("1".into(), 100.0), ("50".into(), 96.0), ("150".into(), 91.0), ("200".into(), 89.0)]);
    let per_task = series(&f, "Jobs/min/task", "tasks");
    assert_eq!(per_task[2], ("100".into(), 1510.0277));
    assert_eq!(per_task.len(), 4, "150 tasks has no Jobs/min/task");
    assert_eq!(series(&f, "Real", "tasks")[3], ("150".into(), 5.28));
    assert_eq!(series(&f, "CPU", "tasks")[4], ("200".into(), 14.71));
    assert!(f.notes.iter().any(|(l, n)| *l == 6 && n.contains("4 of 5")));
}

/// Two cells run together are an error naming the line.
#[test]
fn fixture_console_glued_cells_are_an_error() {
    let e = Aim7.parse(&fixture("aim7", "console-glued-cells.txt")).unwrap_err();
    assert!(matches!(e, ParseError::Malformed { line: 5, .. }), "{e}");
    assert!(e.to_string().contains("1210.987649.55"), "{e}");
}

/// re-aim rows with a blank Jobs per Minute, or no JTI and no wrapped JTI
/// below: the cells present land in their own columns.
#[test]
fn fixture_reaim_missing_cell_placed_by_column() {
    let f = detect_and_parse(&fixture("aim7", "reaim-missing-cell.txt"), "reaim", "fixture");
    let jpm = series(&f, "Jobs per Minute", "forked");
    assert_eq!(jpm, vec![("1".into(), 4376.69), ("41".into(), 2407.53)]);
    assert_eq!(series(&f, "Jobs/min/Child", "forked")[1], ("21".into(), 1187.15));
    assert_eq!(series(&f, "JTI", "forked"), vec![("1".into(), 100.0), ("21".into(), 94.0)]);
    assert_eq!(series(&f, "Std_dev Percent", "forked")[2], ("41".into(), 5.62));
}

/// A posted summary with a kernel column (kernels wider than the `kernel`
/// header word, TABs and a blank line between task counts): each row is its
/// kernel's, the workload title is the group.
#[test]
fn fixture_kernel_summary() {
    let f = detect_and_parse(&fixture("aim7", "kernel-summary-wide-kernels.txt"), "aim7", "fixture");
    assert_eq!(f.samples.len(), 4 * 3);
    assert!(f.samples.iter().all(|s| s.group == "compute"));
    let long = "2.4.20-pre7-rmap14b-preempt-lowlat";
    let cpu: Vec<(Option<&str>, f64)> =
        f.samples.iter().filter(|s| s.metric.name == "CPU").map(|s| (s.kernel.as_deref(), s.value.mean())).collect();
    assert_eq!(
        cpu,
        vec![(Some("2.4.20-pre7"), 77.9), (Some(long), 80.2), (Some("2.4.20-pre7"), 601.7), (Some(long), 640.0)]
    );
    assert_eq!(series(&f, "Real", "tasks")[3], ("128".into(), 1087.2));
}
