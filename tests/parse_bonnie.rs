//! Bonnie 1.x and bonnie++ parsers over the real corpus and the seed posts,
//! and the fixtures they must refuse.
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::model::{Better, ParsedFile};
use benchsite::parse::{BenchParser, Input, ParseError, bonnie::Bonnie, bonnie_pp::BonniePp};
use common::parse::{corpus, fixture, read, samples, shared, vals};
use std::path::Path;

/// Detected by the whole registry as `id`, and parsed by that parser.
fn detect_and_parse(path: &Path, id: &str) -> ParsedFile {
    common::parse::detect_and_parse(&read(path), id, &path.display().to_string())
}

fn every_corpus_file(dir: &Path, id: &str) {
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            continue;
        }
        assert!(!detect_and_parse(&path, id).samples.is_empty());
        seen += 1;
    }
    assert!(seen >= 1);
}

// ---------------------------------------------------------------- Bonnie

#[test]
fn bonnie_corpus() {
    let Some(dir) = corpus("bonnie") else { return };
    every_corpus_file(&dir, "bonnie");

    // 9 rows, machine label = kernel label, one %CPU of 100.2.
    let p = detect_and_parse(&dir.join("linuxmm-2000-07-bonnie1-3runs-x3kernels-cpu-over-100.txt"), "bonnie");
    assert_eq!(p.samples.len(), 9 * 12);
    let pc = samples(&p, "Sequential Output", "Per Char");
    assert_eq!(pc.len(), 9);
    assert_eq!((pc[0].kernel.as_deref(), pc[0].value.mean(), pc[0].line), (Some("TEST4"), 3630.0, 46));
    assert_eq!(pc[0].metric.unit, "KB/s");
    assert_eq!(pc[0].params[0].name, "size");
    assert_eq!(pc[0].params[0].value, "256");
    let cpu = samples(&p, "Sequential Output", "Per Char %CPU");
    assert_eq!(
        (cpu[4].kernel.as_deref(), cpu[4].value.mean(), cpu[4].metric.better),
        (Some("TEST3"), 100.2, Better::Neither)
    );
    assert_eq!(vals(&p, "Sequential Output", "Block")[4], 10456.0);
    let seeks = samples(&p, "Random", "Seeks");
    assert_eq!(
        (seeks[8].kernel.as_deref(), seeks[8].value.mean(), seeks[8].metric.unit.as_str()),
        (Some("TEST1"), 173.5, "seeks/s")
    );
    assert_eq!(vals(&p, "Random", "Seeks %CPU")[5], 2.6);
    assert_eq!(vals(&p, "Sequential Input", "Per Char %CPU")[2], 82.7);

    // Bonnie 1.2 variant: volumes run into the size, progress lines ignored.
    let p = detect_and_parse(&dir.join("lkml-2002-07-bonnie12-nosync-volumes-progress.txt"), "bonnie");
    assert_eq!(p.version.as_deref(), Some("1.2"));
    assert_eq!(p.samples.len(), 2 * 12);
    let blk = samples(&p, "Sequential Output", "Block");
    assert_eq!((blk[0].value.mean(), blk[0].params[0].value.as_str(), blk[0].line), (58316.0, "256", 46));
    assert_eq!((blk[1].value.mean(), blk[1].params[0].value.as_str(), blk[1].line), (31044.0, "1024", 61));
    assert_eq!(vals(&p, "Random", "Seeks"), vec![939.3, 159.4]);
    assert_eq!(vals(&p, "Sequential Output", "Rewrite"), vec![11099.0, 11462.0]);
    assert!(p.samples.iter().all(|s| s.kernel.is_none()), "one row per label: host name, not kernel");
}

#[test]
fn bonnie_seed_flattened() {
    let Some(dir) = shared("seeds") else { return };
    // The post holds Bonnie and an lmbench summary; lmbench claims it, so
    // read it with the Bonnie parser directly.
    let path = dir.join("004_003989708d157aa6.txt");
    let p = Bonnie.parse(&read(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(p.samples.len(), 24);
    assert_eq!(vals(&p, "Sequential Input", "Block"), vec![8053.0, 7571.0]);
    assert_eq!(vals(&p, "Random", "Seeks"), vec![51.5, 45.9]);
}

/// A row cut short, two cells run together, or a cell missing: an error
/// naming the line, never a row read with its cells shifted.
#[test]
fn bonnie_cut_glued_or_missing_cells_are_errors() {
    let err = Bonnie.parse(&fixture("bonnie", "damaged-cut-row.txt")).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 5, .. }), "{err}");
    let err = Bonnie.parse(&fixture("bonnie", "damaged-glued-cells.txt")).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 5, .. }), "{err}");
    assert!(err.to_string().contains("97.121456"), "{err}");
    let err = Bonnie.parse(&fixture("bonnie", "damaged-missing-cell.txt")).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 5, .. }), "{err}");
}

// ---------------------------------------------------------------- bonnie++

#[test]
fn bonnie_pp_corpus() {
    let Some(dir) = corpus("bonnie++") else { return };
    every_corpus_file(&dir, "bonnie++");

    // Two runs (2.4.19, 2.5.59), Outlook-wrapped text and CSV; each CSV line
    // repeats its text report: one run each, read at the text report's lines.
    let p = detect_and_parse(&dir.join("lkml-2003-01-bonnie++103-outlook-wrapped-text-and-csv.txt"), "bonnie++");
    assert_eq!(p.version.as_deref(), Some("1.03"));
    assert_eq!(p.samples.len(), 2 * 12 + 6 + 8);
    let pc = samples(&p, "Sequential Output", "Per Char");
    assert_eq!((pc[0].kernel.as_deref(), pc[0].value.mean(), pc[0].line), (Some("2.4.19"), 10564.0, 61));
    assert_eq!((pc[1].kernel.as_deref(), pc[1].value.mean(), pc[1].line), (Some("2.5.59"), 10739.0, 97));
    assert_eq!(pc[0].params[0].value, "256M");
    let seeks = samples(&p, "Random", "Seeks");
    assert_eq!((seeks[0].value.mean(), seeks[0].line), (153.8, 62));
    assert_eq!((seeks[1].value.mean(), seeks[1].line), (74.2, 98));
    assert_eq!(vals(&p, "Sequential Input", "Block"), vec![15949.0, 16701.0]);
    assert_eq!(vals(&p, "Sequential Create", "Create"), vec![489.0, 499.0]);
    assert_eq!(vals(&p, "Sequential Create", "Delete"), vec![19938.0], "+++++ gives no sample");
    assert!(samples(&p, "Sequential Create", "Read").is_empty());
    let del = samples(&p, "Random Create", "Delete");
    assert_eq!((del[0].value.mean(), del[0].line, del[0].metric.unit.as_str()), (1695.0, 70, "files/s"));
    assert_eq!(del[1].value.mean(), 1672.0);
    assert_eq!((del[1].params[0].name.as_str(), del[1].params[0].value.as_str()), ("files", "16"));
    assert_eq!(vals(&p, "Random Create", "Delete %CPU"), vec![97.0, 96.0]);
    assert_eq!(p.notes.iter().filter(|(_, n)| n.contains("repeats")).count(), 2);
}

#[test]
fn bonnie_pp_damaged() {
    let err = BonniePp.parse(&fixture("bonnie++", "damaged-cut-row.txt")).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 4, .. }), "{err}");
    let err = BonniePp.parse(&fixture("bonnie++", "damaged-csv-split-mid-number.txt")).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 3, .. }), "{err}");
}

#[test]
fn bonnie_and_bonnie_pp_do_not_claim_each_other() {
    for (id, name) in [("bonnie", "bonnie-single-host.txt"), ("bonnie++", "103-two-kernels-text-and-csv.txt")] {
        let input = fixture(id, name);
        let other: &dyn BenchParser = if id == "bonnie" { &BonniePp } else { &Bonnie };
        assert!(other.detect(&input) < 50, "{id}/{name}");
    }
}

/// A cell between two of the header's columns is no reading: an error.
#[test]
fn bonnie_pp_cell_between_columns_is_an_error() {
    let text = "\
Version  1.97       ------Sequential Output------ --Sequential Input- --Random-
Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
box              4G           41200  19 20110  12              12345   162.4   7
";
    let err = BonniePp.parse(&Input::from_text(text)).unwrap_err();
    assert_eq!(err.line(), Some(4), "{err}");
}
