//! Bonnie 1.x and bonnie++ parsers over the real corpus, the seed posts and
//! our fixtures.

use benchsite::model::{Better, ParsedFile, Sample};
use benchsite::parse::{self, BenchParser, Input, ParseError, bonnie::Bonnie, bonnie_pp::BonniePp};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn load(path: &Path) -> Input {
    Input::from_bytes(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Detected by the whole registry as `id`, and parsed by that parser.
fn detect_and_parse(path: &Path, id: &str) -> ParsedFile {
    let input = load(path);
    let p = parse::detect(&input).unwrap_or_else(|| panic!("{}: not detected", path.display()));
    assert_eq!(p.id(), id, "{}: detected as {}", path.display(), p.id());
    p.parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn fixture(id: &str, name: &str) -> ParsedFile {
    detect_and_parse(&root().join("tests/fixtures").join(id).join(name), id)
}

/// All samples of one group/metric, in file order.
fn all<'a>(p: &'a ParsedFile, group: &str, metric: &str) -> Vec<&'a Sample> {
    p.samples.iter().filter(|s| s.group == group && s.metric.name == metric).collect()
}

fn values(p: &ParsedFile, group: &str, metric: &str) -> Vec<f64> {
    all(p, group, metric).iter().map(|s| s.value.mean()).collect()
}

fn corpus(sub: &str) -> Option<PathBuf> {
    let dir = root().join("../shared/corpus").join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
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
    let pc = all(&p, "Sequential Output", "Per Char");
    assert_eq!(pc.len(), 9);
    assert_eq!((pc[0].kernel.as_deref(), pc[0].value.mean(), pc[0].line), (Some("TEST4"), 3630.0, 46));
    assert_eq!(pc[0].metric.unit, "KB/s");
    assert_eq!(pc[0].params[0].name, "size");
    assert_eq!(pc[0].params[0].value, "256");
    let cpu = all(&p, "Sequential Output", "Per Char %CPU");
    assert_eq!(
        (cpu[4].kernel.as_deref(), cpu[4].value.mean(), cpu[4].metric.better),
        (Some("TEST3"), 100.2, Better::Neither)
    );
    assert_eq!(values(&p, "Sequential Output", "Block")[4], 10456.0);
    let seeks = all(&p, "Random", "Seeks");
    assert_eq!(
        (seeks[8].kernel.as_deref(), seeks[8].value.mean(), seeks[8].metric.unit.as_str()),
        (Some("TEST1"), 173.5, "seeks/s")
    );
    assert_eq!(values(&p, "Random", "Seeks %CPU")[5], 2.6);
    assert_eq!(values(&p, "Sequential Input", "Per Char %CPU")[2], 82.7);

    // Bonnie 1.2 variant: volumes run into the size, progress lines ignored.
    let p = detect_and_parse(&dir.join("lkml-2002-07-bonnie12-nosync-volumes-progress.txt"), "bonnie");
    assert_eq!(p.version.as_deref(), Some("1.2"));
    assert_eq!(p.samples.len(), 2 * 12);
    let blk = all(&p, "Sequential Output", "Block");
    assert_eq!((blk[0].value.mean(), blk[0].params[0].value.as_str(), blk[0].line), (58316.0, "256", 46));
    assert_eq!((blk[1].value.mean(), blk[1].params[0].value.as_str(), blk[1].line), (31044.0, "1024", 61));
    assert_eq!(values(&p, "Random", "Seeks"), vec![939.3, 159.4]);
    assert_eq!(values(&p, "Sequential Output", "Rewrite"), vec![11099.0, 11462.0]);
    assert!(p.samples.iter().all(|s| s.kernel.is_none()), "one row per label: host name, not kernel");
}

#[test]
fn bonnie_seed_flattened() {
    let dir = root().join("../shared/seeds");
    if !dir.is_dir() {
        eprintln!("corpus not found at {}, skipping", dir.display());
        return;
    }
    // The post holds Bonnie and an lmbench summary; lmbench claims it, so
    // read it with the Bonnie parser directly.
    let path = dir.join("004_003989708d157aa6.txt");
    let p = Bonnie.parse(&load(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(p.samples.len(), 24);
    assert_eq!(values(&p, "Sequential Input", "Block"), vec![8053.0, 7571.0]);
    assert_eq!(values(&p, "Random", "Seeks"), vec![51.5, 45.9]);
}

#[test]
fn bonnie_fixtures() {
    let p = fixture("bonnie", "bonnie-two-kernels-three-runs.txt");
    assert_eq!(p.samples.len(), 6 * 12);
    let pc = all(&p, "Sequential Output", "Per Char %CPU");
    assert_eq!((pc[1].kernel.as_deref(), pc[1].value.mean()), (Some("t5"), 100.3));
    assert_eq!(all(&p, "Random", "Seeks")[5].kernel.as_deref(), Some("t4"));

    let p = fixture("bonnie", "bonnie-single-host.txt");
    assert_eq!(p.samples.len(), 12);
    assert!(p.samples.iter().all(|s| s.kernel.is_none()));
    assert_eq!(all(&p, "Sequential Input", "Block")[0].params[0].value, "2047");

    let p = fixture("bonnie", "bonnie12-two-sizes.txt");
    assert_eq!(values(&p, "Random", "Seeks"), vec![801.2, 150.3]);
    assert_eq!(all(&p, "Random", "Seeks")[1].params[0].value, "2048");

    let p = fixture("bonnie", "bonnie-flattened-web-archive.txt");
    assert_eq!(values(&p, "Sequential Output", "Rewrite"), vec![6013.0]);

    let err = Bonnie.parse(&load(&root().join("tests/fixtures/bonnie/damaged-cut-row.txt"))).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 5, .. }), "{err}");
}

/// Machine names far wider than the `Machine` header word, tabs, `+++++`
/// cells, a %CPU over 100, a wrapped row and runs under two headers: every
/// cell lands in its own column.
#[test]
fn bonnie_wide_machine_tabs_fast_cells_and_runs() {
    let p = fixture("bonnie", "wide-machine-runs-fast-cells.txt");
    let kernels: Vec<_> = all(&p, "Sequential Output", "Per Char").iter().map(|s| s.kernel.clone()).collect();
    let k = |s: &str| Some(s.into());
    assert_eq!(
        kernels,
        vec![
            k("raid5-ext3-ordered-8k"),
            k("raid5-ext3-ordered-8k"),
            k("raid5-ext3-writeback-8k"),
            k("raid5-ext2-8k"),
            k("raid5-ext2-8k")
        ]
    );
    assert_eq!(values(&p, "Sequential Output", "Per Char"), vec![8123.0, 8201.0, 8544.0, 8833.0, 8790.0]);
    assert_eq!(values(&p, "Sequential Output", "Per Char %CPU"), vec![97.1, 97.9, 99.0, 101.4, 100.6]);
    // `+++++ +++`: no value, and the cells after it are not shifted.
    assert_eq!(values(&p, "Sequential Output", "Block"), vec![21456.0, 21103.0, 25321.0, 27654.0]);
    assert_eq!(values(&p, "Sequential Output", "Rewrite"), vec![9876.0, 9912.0, 10234.0, 11021.0, 11100.0]);
    assert_eq!(values(&p, "Random", "Seeks"), vec![412.6, 405.3, 420.1, 433.0]);
    assert_eq!(values(&p, "Random", "Seeks %CPU"), vec![6.1, 5.8, 6.4, 6.9]);
    assert_eq!(all(&p, "Random", "Seeks")[3].line, 17);
    assert!(p.samples.iter().all(|s| s.params[0].value == "1024"));
    let fast = p.notes.iter().find(|(_, n)| n.contains("too fast")).expect("a too-fast note");
    assert_eq!(fast.0, 15);
    assert!(fast.1.contains("Sequential Output Block") && fast.1.contains("Random Seeks %CPU"), "{fast:?}");
    assert!(p.notes.iter().any(|(l, n)| *l == 16 && n.contains("rejoined")));
}

/// Two cells run together, or a cell missing: an error naming the line,
/// never a row read with its cells shifted.
#[test]
fn bonnie_glued_or_missing_cells_are_errors() {
    let dir = root().join("tests/fixtures/bonnie");
    let err = Bonnie.parse(&load(&dir.join("damaged-glued-cells.txt"))).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 5, .. }), "{err}");
    assert!(err.to_string().contains("97.121456"), "{err}");
    let err = Bonnie.parse(&load(&dir.join("damaged-missing-cell.txt"))).unwrap_err();
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
    let pc = all(&p, "Sequential Output", "Per Char");
    assert_eq!((pc[0].kernel.as_deref(), pc[0].value.mean(), pc[0].line), (Some("2.4.19"), 10564.0, 61));
    assert_eq!((pc[1].kernel.as_deref(), pc[1].value.mean(), pc[1].line), (Some("2.5.59"), 10739.0, 97));
    assert_eq!(pc[0].params[0].value, "256M");
    let seeks = all(&p, "Random", "Seeks");
    assert_eq!((seeks[0].value.mean(), seeks[0].line), (153.8, 62));
    assert_eq!((seeks[1].value.mean(), seeks[1].line), (74.2, 98));
    assert_eq!(values(&p, "Sequential Input", "Block"), vec![15949.0, 16701.0]);
    assert_eq!(values(&p, "Sequential Create", "Create"), vec![489.0, 499.0]);
    assert_eq!(values(&p, "Sequential Create", "Delete"), vec![19938.0], "+++++ gives no sample");
    assert!(all(&p, "Sequential Create", "Read").is_empty());
    let del = all(&p, "Random Create", "Delete");
    assert_eq!((del[0].value.mean(), del[0].line, del[0].metric.unit.as_str()), (1695.0, 70, "files/s"));
    assert_eq!(del[1].value.mean(), 1672.0);
    assert_eq!((del[1].params[0].name.as_str(), del[1].params[0].value.as_str()), ("files", "16"));
    assert_eq!(values(&p, "Random Create", "Delete %CPU"), vec![97.0, 96.0]);
    assert_eq!(p.notes.iter().filter(|(_, n)| n.contains("repeats")).count(), 2);
}

#[test]
fn bonnie_pp_fixture_two_kernels() {
    let p = fixture("bonnie++", "103-two-kernels-text-and-csv.txt");
    assert_eq!(p.samples.len(), 2 * (12 + 8));
    let b = all(&p, "Sequential Output", "Block");
    assert_eq!((b[0].kernel.as_deref(), b[0].value.mean()), (Some("2.6.0-test9"), 38210.0));
    assert_eq!((b[1].kernel.as_deref(), b[1].value.mean()), (Some("2.6.0-test9-mm2"), 40122.0));
    assert_eq!(values(&p, "Random", "Seeks"), vec![201.4, 214.9]);
    assert_eq!(values(&p, "Random Create", "Delete"), vec![4410.0, 4533.0]);
}

#[test]
fn bonnie_pp_fixture_197_latency() {
    let p = fixture("bonnie++", "197-latency-and-csv.txt");
    assert_eq!(p.version.as_deref(), Some("1.97"));
    assert_eq!(p.samples.len(), 12 + 6 + 8 + 6);
    let l = all(&p, "Sequential Output", "Block Latency");
    assert_eq!((l[0].value.mean(), l[0].metric.unit.as_str(), l[0].metric.better), (1_402_000.0, "µs", Better::Lower));
    assert_eq!(values(&p, "Sequential Create", "Delete Latency"), vec![2_000_000.0]);
    assert_eq!(values(&p, "Random Create", "Read Latency"), vec![52.0]);
    assert_eq!(values(&p, "Sequential Input", "Block"), vec![120544.0]);
    assert_eq!(all(&p, "Random", "Seeks")[0].params[0].value, "8G");
}

#[test]
fn bonnie_pp_fixture_200_and_csv198() {
    let p = fixture("bonnie++", "200-suffixed-rates-and-csv198.txt");
    assert_eq!(p.version.as_deref(), Some("2.00a"));
    // text run: 12 + 6 latencies; CSV run: 12 + 12 latencies (files all +++++)
    assert_eq!(p.samples.len(), 18 + 24);
    let blk = values(&p, "Sequential Output", "Block");
    assert_eq!(blk, vec![1.1 * 1024.0 * 1024.0, 1_160_000.0]);
    assert_eq!(values(&p, "Sequential Output", "Rewrite"), vec![500.0 * 1024.0, 509_900.0]);
    assert_eq!(values(&p, "Sequential Input", "Block"), vec![12.8 * 1024.0, 13_300.0]);
    assert_eq!(values(&p, "Random", "Seeks"), vec![5210.0, 5188.0]);
    assert_eq!(values(&p, "Random Create", "Delete Latency"), vec![48.0]);
}

/// Two machines' text reports, then their two CSV lines: two runs (it used
/// to be four, as only the CSV right after a report was compared), with the
/// CSV's exact values instead of the text's rounded `1.1g`.
#[test]
fn bonnie_pp_texts_then_csvs_are_the_same_runs() {
    let p = fixture("bonnie++", "200-texts-then-csvs-same-runs.txt");
    assert_eq!(values(&p, "Sequential Output", "Block"), vec![1_203_968.0, 1_048_000.0]);
    assert_eq!(values(&p, "Sequential Output", "Rewrite"), vec![512_345.0, 499_800.0]);
    assert_eq!(values(&p, "Random", "Seeks"), vec![5210.0, 4987.0]);
    assert_eq!(values(&p, "Sequential Output", "Block Latency"), vec![1_179_000.0, 1_201_000.0]);
    assert_eq!(p.samples.len(), 2 * (12 + 6));
    // Two machines whose names are no kernel releases: two hosts.
    let seeks = all(&p, "Random", "Seeks");
    let hosts: Vec<_> = seeks.iter().map(|s| host(s)).collect();
    assert_eq!(hosts, vec![Some("alpha".into()), Some("beta".into())]);
    assert!(seeks.iter().all(|s| s.kernel.is_none()));
    assert_eq!(p.notes.iter().filter(|n| n.1.contains("exact values")).count(), 2);
}

/// bonnie++ 1.96 with `-s 0` wrote one empty I/O field fewer (47 fields):
/// the file tests and their latencies are read from the record's end.
#[test]
fn bonnie_pp_196_create_only_csv() {
    let p = fixture("bonnie++", "196-create-only-text-and-csv.txt");
    assert_eq!(p.version.as_deref(), Some("1.96"));
    assert_eq!(p.samples.len(), 12 + 6);
    assert_eq!(values(&p, "Sequential Create", "Create"), vec![1411.0]);
    assert_eq!(values(&p, "Random Create", "Delete %CPU"), vec![4.0]);
    assert_eq!(values(&p, "Random Create", "Delete Latency"), vec![8_013_000.0]);
    let c = all(&p, "Sequential Create", "Create")[0];
    let params: Vec<(String, String)> = c.params.iter().map(|x| (x.name.to_string(), x.value.to_string())).collect();
    let want = [("files", "40"), ("max size", "16"), ("min size", "16")];
    assert_eq!(params, want.map(|(a, b)| (a.to_string(), b.to_string())).to_vec());
}

#[test]
fn bonnie_pp_fixture_csv_runs() {
    let p = fixture("bonnie++", "196-csv-three-runs.txt");
    assert_eq!(p.version.as_deref(), Some("1.96"));
    assert_eq!(p.samples.len(), 3 * (12 + 12));
    assert_eq!(values(&p, "Random", "Seeks"), vec![301.2, 298.7, 305.0]);
    assert!(p.samples.iter().all(|s| s.kernel.is_none()));
    assert_eq!(all(&p, "Sequential Output", "Block")[2].line, 4);
}

#[test]
fn bonnie_pp_fixture_blank_cells_and_kernel_rows() {
    let p = fixture("bonnie++", "103-fast-blank-per-char.txt");
    assert_eq!(p.samples.len(), 8 + 8);
    assert!(all(&p, "Sequential Output", "Per Char").is_empty());
    assert_eq!(values(&p, "Sequential Output", "Rewrite"), vec![15110.0]);
    assert_eq!(values(&p, "Random", "Seeks %CPU"), vec![1.0]);

    let p = fixture("bonnie++", "103-csv2txt-kernel-rows.txt");
    let d = all(&p, "Sequential Create", "Delete");
    assert_eq!(d.len(), 2);
    assert_eq!((d[1].kernel.as_deref(), d[1].value.mean()), (Some("2.6.0-mm1"), 20011.0));
    let s = all(&p, "Random", "Seeks");
    assert_eq!((s[2].kernel.as_deref(), s[2].value.mean()), (Some("2.6.0-mm1"), 180.1));
    assert!(p.samples.windows(2).all(|w| w[0].line <= w[1].line));
}

#[test]
fn bonnie_pp_fixture_wrapped() {
    let p = fixture("bonnie++", "103-outlook-wrapped.txt");
    assert_eq!(p.samples.len(), 12 + 6);
    assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("2.5.70")));
    let s = all(&p, "Random", "Seeks");
    // The CSV record repeats the text report: one run. The text prints
    // 141.7 exactly, so it is read at the report's (wrapped) line.
    assert_eq!((s[0].value.mean(), s[0].line), (141.7, 16));
    assert_eq!(values(&p, "Random Create", "Delete"), vec![1590.0]);
}

#[test]
fn bonnie_pp_damaged() {
    let dir = root().join("tests/fixtures/bonnie++");
    let err = BonniePp.parse(&load(&dir.join("damaged-cut-row.txt"))).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 4, .. }), "{err}");
    let err = BonniePp.parse(&load(&dir.join("damaged-csv-split-mid-number.txt"))).unwrap_err();
    assert!(matches!(err, ParseError::Malformed { line: 3, .. }), "{err}");
}

#[test]
fn bonnie_and_bonnie_pp_do_not_claim_each_other() {
    for (id, name) in [("bonnie", "bonnie-single-host.txt"), ("bonnie++", "103-two-kernels-text-and-csv.txt")] {
        let input = load(&root().join("tests/fixtures").join(id).join(name));
        let other: &dyn BenchParser = if id == "bonnie" { &BonniePp } else { &Bonnie };
        assert!(other.detect(&input) < 50, "{id}/{name}");
    }
}

const REAL: &[&str] = &[
    "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-",
    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP",
    "access1        256M 10564  96 18951  24  6687   7 10030  88 15949   6",
    "153.8   0",
    "Latency             14019us     228ms     225ms    6137us   52327us     215ms",
    "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP",
    "                 16   489  99 +++++ +++ +++++ +++   509  98 +++++ +++",
    "access1,256M,10564,96,18951,24,6687,7,10030,88,15949,6,153.8,0,16,489,99",
    ",+++++,+++,+++++,+++,509,98,+++++,+++,1695,97",
    "1.97,1.97,h,1,1,4G,,1093,99,94792,13,45476,6,3950,92,107612,7,220.4,5,16,,,,,",
    "2.4.19",
    "======",
    "Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU",
    "TEST3     256  3648 100.2 10456 15.2  6044 11.1  3031 89.7 18511 18.6 183.6  2.5",
    "localh 1*1024 20760 97.8 31044  7.6 11462  3.2 15006 69.2 15993  1.6  159.4  0.5",
    "",
];

proptest! {
    #[test]
    fn no_panic_on_arbitrary_text(s in "\\PC{0,400}") {
        let input = Input::from_text(&s);
        for p in [&Bonnie as &dyn BenchParser, &BonniePp] {
            let _ = p.detect(&input);
            let _ = p.parse(&input);
        }
    }

    #[test]
    fn no_panic_on_mixed_lines(picks in prop::collection::vec((0usize..REAL.len(), "[ -~]{0,40}", any::<bool>()), 0..40)) {
        let text: Vec<String> = picks
            .into_iter()
            .map(|(i, junk, real)| if real { REAL[i].to_string() } else { junk })
            .collect();
        let input = Input::from_text(&text.join("\n"));
        for p in [&Bonnie as &dyn BenchParser, &BonniePp] {
            let _ = p.detect(&input);
            if let Ok(f) = p.parse(&input) {
                prop_assert!(f.samples.iter().all(|s| s.value.mean().is_finite() && s.line >= 1 && s.line <= input.lines.len()));
            }
        }
    }
}

fn host(s: &Sample) -> Option<String> {
    s.params.iter().find(|p| p.name == "host").map(|p| p.value.to_string())
}

/// bonnie++ 1.97 run with `-f` on two machines, in one bon_csv2txt table:
/// the Per Chr cells are blank, and the wider numbers spill a character
/// right of bonnie++'s 10-character grid, so cells are placed under the
/// header's columns. The two machines stay two hosts.
#[test]
fn bonnie_pp_197_two_hosts_blank_per_chr() {
    let p = fixture("bonnie++", "197-two-hosts-fast-blank-per-chr.txt");
    assert!(all(&p, "Sequential Output", "Per Char").is_empty());
    assert!(all(&p, "Sequential Input", "Per Char").is_empty());
    let blk = all(&p, "Sequential Input", "Block");
    let got: Vec<(Option<String>, f64, usize)> = blk.iter().map(|s| (host(s), s.value.mean(), s.line)).collect();
    assert_eq!(got, vec![(Some("box(hdd)".into()), 51876.0, 4), (Some("box(ssd)".into()), 110238.0, 6)]);
    assert_eq!(values(&p, "Sequential Output", "Block"), vec![41200.0, 90312.0]);
    assert_eq!(values(&p, "Random", "Seeks"), vec![162.4, 3987.0]);
    assert_eq!(values(&p, "Random", "Seeks %CPU"), vec![7.0, 165.0]);
    assert_eq!(values(&p, "Sequential Input", "Block Latency"), vec![60122.0, 7012.0]);
    assert_eq!(values(&p, "Random", "Seeks Latency"), vec![1_733_000.0, 8120.0]);
    // The create table's rows name their machines: each joins its own run.
    let del = all(&p, "Random Create", "Delete");
    let got: Vec<(Option<String>, f64)> = del.iter().map(|s| (host(s), s.value.mean())).collect();
    assert_eq!(got, vec![(Some("box(hdd)".into()), 18110.0), (Some("box(ssd)".into()), 20987.0)]);
    assert_eq!(values(&p, "Sequential Create", "Create Latency"), vec![702.0, 811.0]);
    assert!(all(&p, "Sequential Create", "Read").is_empty(), "+++++ gives no sample");
    assert!(p.samples.iter().all(|s| s.kernel.is_none() && host(s).is_some()));
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
