//! Integration tests for the OSDB parser. There is no OSDB file in the
//! shared corpus yet: the corpus test runs over `corpus/osdb/` when it
//! exists; the fixtures below follow the layout of the LKML posts of
//! December 2002 / January 2003 (values changed, steps abridged).

use benchsite::model::{Better, Metric, Param, ParsedFile, Sample};
use benchsite::parse::osdb::Osdb;
use benchsite::parse::{self, BenchParser, Input};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("corpus not found at {}, skipping", p.display());
        None
    }
}

fn fixture(name: &str) -> Input {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/osdb").join(name);
    Input::from_bytes(&std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
}

fn find<'a>(p: &'a ParsedFile, group: &str, kernel: Option<&str>, metric: &str) -> Vec<&'a Sample> {
    p.samples.iter().filter(|s| s.group == group && s.kernel.as_deref() == kernel && s.metric.name == metric).collect()
}

#[test]
fn corpus_files_are_detected_and_parsed() {
    let Some(dir) = corpus() else { return };
    let dir = dir.join("osdb");
    if !dir.is_dir() {
        eprintln!("no osdb corpus at {}, skipping", dir.display());
        return;
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            continue;
        }
        let input = Input::from_bytes(&std::fs::read(&path).unwrap());
        assert_eq!(parse::detect(&input).map(|p| p.id()), Some("osdb"), "{}", path.display());
        let p = Osdb.parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!p.samples.is_empty());
    }
}

#[test]
fn two_logs_get_their_kernels_from_the_summary() {
    let input = fixture("two-logs-with-summary.txt");
    assert_eq!(parse::detect(&input).map(|p| p.id()), Some("osdb"));
    let p = Osdb.parse(&input).unwrap();
    // 2 logs x (4 creation steps + 6 single-user steps + 1 total); the
    // summary lines are the logs' own totals and are not counted again.
    assert_eq!(p.samples.len(), 22);
    let pop = find(&p, "Database creation", Some("2.4.23"), "populateDataBase");
    assert_eq!(pop.len(), 1);
    assert_eq!(pop[0].value.mean(), 360.44);
    assert_eq!(pop[0].params, vec![Param::new("size", "40MB")]);
    assert_eq!(pop[0].metric, Metric::new("populateDataBase", "s", Better::Lower));
    assert_eq!(pop[0].line, 16);
    let idx = find(&p, "Database creation", Some("2.6.0-test9"), "create_idx_uniques_key_bt");
    assert_eq!(idx[0].value.mean(), 990.60);
    // The newer size line gives the same parameter.
    assert_eq!(idx[0].params, vec![Param::new("size", "40MB")]);
    let upd = find(&p, "Single User", Some("2.6.0-test9"), "upd_app_t_mid");
    assert_eq!(upd.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), vec![0.03, 0.12]);
    let total = find(&p, "Single User", Some("2.4.23"), "Single User Test");
    assert_eq!(total.len(), 1);
    assert_eq!(total[0].value.mean(), 812.40);
    assert_eq!(total[0].line, 27);
    assert_eq!(find(&p, "Single User", Some("2.6.0-test9"), "Single User Test")[0].value.mean(), 1790.05);
    assert!(p.samples.iter().all(|s| s.kernel.is_some()));
}

/// Summary lines of another machine (no log here) and of this file's logs,
/// then two underlined logs whose single-user part times `upd_app_t_mid()`
/// three times: the other machine's totals are read; this machine's name
/// the logs' kernels, are counted once (with a note on their line, so no
/// "not read" warning); a step's 2nd and 3rd time get `occurrence`.
#[test]
fn two_summary_blocks_and_repeated_steps() {
    let bytes = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/osdb/two-summaries-underlined-logs-repeated-steps.txt"),
    )
    .unwrap();
    let p = Osdb.parse(&Input::from_bytes(&bytes)).unwrap();
    let totals: Vec<(Option<&str>, f64, usize)> =
        find_all(&p, "Single User Test").iter().map(|s| (s.kernel.as_deref(), s.value.mean(), s.line)).collect();
    assert_eq!(
        totals,
        vec![
            (Some("2.4.22"), 901.10, 2),
            (Some("2.6.0-test8"), 1655.20, 3),
            (Some("2.6.0-test9"), 1790.05, 27),
            (Some("2.4.23"), 812.40, 47),
        ]
    );
    for line in [6, 7] {
        let note = p.notes.iter().find(|n| n.0 == line).unwrap_or_else(|| panic!("no note on line {line}"));
        assert!(note.1.contains("repeats the total of log") && parse::note_is_info(&note.1), "{note:?}");
    }
    let upd: Vec<(f64, Vec<Param>)> = find(&p, "Single User", Some("2.4.23"), "upd_app_t_mid")
        .iter()
        .map(|s| (s.value.mean(), s.params.clone()))
        .collect();
    let size = || Param::new("size", "40MB");
    assert_eq!(
        upd,
        vec![
            (0.01, vec![size()]),
            (0.07, vec![size(), Param::new("occurrence", 2)]),
            (0.15, vec![size(), Param::new("occurrence", 3)]),
        ]
    );
    let once = find(&p, "Single User", Some("2.4.23"), "create_idx_updates_code_h");
    assert_eq!(once[0].params, vec![size()]);
    // Read as a build reads it: no warning at all.
    let outcome = benchsite::site::parse_bytes(&bytes, None);
    let warnings: Vec<_> = outcome.warnings.iter().filter(|(_, w)| !parse::note_is_info(w)).collect();
    assert!(warnings.is_empty(), "{warnings:?}");
}

fn find_all<'a>(p: &'a ParsedFile, metric: &str) -> Vec<&'a Sample> {
    p.samples.iter().filter(|s| s.metric.name == metric).collect()
}

#[test]
fn multi_user_throughput_and_users() {
    let input = fixture("multi-user.txt");
    let p = Osdb.parse(&input).unwrap();
    let ir = find(&p, "Multi-User", None, "Mixed IR");
    assert_eq!(ir[0].value.mean(), 412.3310);
    assert_eq!(ir[0].metric, Metric::new("Mixed IR", "tuples/s", Better::Higher));
    assert_eq!(ir[0].params, vec![Param::new("size", "40MB"), Param::new("users", "8")]);
    assert_eq!(find(&p, "Multi-User", None, "Mixed OLTP")[0].value.mean(), 388.9020);
    assert_eq!(find(&p, "Multi-User", None, "CrossSectionTests(Mixed OLTP)")[0].value.mean(), 16.0040);
    assert_eq!(find(&p, "Multi-User", None, "mu_checkmod_100_rand")[0].value.mean(), 0.04);
    assert_eq!(find(&p, "Multi-User", None, "Multi-User Test")[0].value.mean(), 3902.77);
    assert_eq!(find(&p, "Single User", None, "Single User Test")[0].value.mean(), 250.31);
    assert_eq!(find(&p, "Single User", None, "table_scan")[0].params, vec![Param::new("size", "40MB")]);
    assert_eq!(p.samples.len(), 12);
}

#[test]
fn cut_step_is_an_error_with_its_line() {
    let err = Osdb.parse(&fixture("cut-step.txt")).unwrap_err();
    assert_eq!(err.line(), Some(5), "{err}");
}

const REAL_LINES: &[&str] = &[
    "\"osdb\"",
    "\"Invoked: ./bin/osdb-pg --nomulti\"",
    "                 create_tables()\t0.10 seconds\treturn value = 0",
    "              populateDataBase()\t355.06 seconds\treturn value = 0",
    "\"Logical database size 40MB\"",
    "\"Logical database size 40.0000MB (38.1470MiB, 100000 tuples/relation)\"",
    "                 upd_app_t_mid()\t0.00 seconds\treturn value = 1",
    "\"Single User Test\"\t806.78 seconds\t(0:13:26.78)",
    "2.4.19 \"Single User Test\"\t806.78 seconds\t(0:13:26.78)",
    "\"Executing multi-user tests with 10 user tasks\"",
    "Mixed IR (tup/sec)\t123.4567\treturned in 5.0012 minutes",
    "CrossSectionTests(Mixed IR)\t12.5",
    "\"Multi-User Test\"\t3620.15 seconds\t(1:00:20.15)",
    "",
];

proptest! {
    #[test]
    fn never_panics_on_arbitrary_text(s in "\\PC*") {
        let input = Input::from_text(&s);
        let _ = Osdb.detect(&input);
        let _ = Osdb.parse(&input);
    }

    #[test]
    fn never_panics_on_mixed_lines(lines in prop::collection::vec(
        prop_oneof![
            prop::sample::select(REAL_LINES).prop_map(str::to_string),
            "[ -~]{0,40}",
            "[a-z_]{1,12}\\(\\)\t[0-9.x]{0,6}( seconds)?",
            "[0-9.]{1,8} \"[A-Za-z -]{0,20}\"\t[0-9.]{0,8} seconds",
        ],
        0..40,
    )) {
        let input = Input::from_text(&lines.join("\n"));
        let _ = Osdb.detect(&input);
        if let Ok(p) = Osdb.parse(&input) {
            for s in &p.samples {
                prop_assert!(s.line >= 1 && s.line <= input.lines.len());
                prop_assert!(s.value.mean().is_finite());
            }
        }
    }
}
