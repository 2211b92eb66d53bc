//! UnixBench parser over the real corpus, and the fixtures it must refuse.
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::model::{Better, ParsedFile, Sample};
use benchsite::parse::{BenchParser, Input, unixbench::UnixBench};
use common::parse::{detect_and_parse, read};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn corpus_dir() -> Option<PathBuf> {
    common::parse::corpus("unixbench")
}

fn fixture(name: &str) -> Input {
    common::parse::fixture("unixbench", name)
}

fn get<'a>(f: &'a ParsedFile, group: &str, metric: &str) -> Vec<&'a Sample> {
    f.samples.iter().filter(|s| s.group == group && s.metric.name == metric).collect()
}

fn copies(s: &Sample) -> Option<&str> {
    s.params.iter().find(|p| p.name == "copies").map(|p| p.value.as_str())
}

fn corpus(name: &str) -> Option<ParsedFile> {
    let dir = corpus_dir()?;
    Some(detect_and_parse(&read(&dir.join(name)), "unixbench", name))
}

#[test]
fn every_corpus_file_is_detected_and_parses() {
    let Some(dir) = corpus_dir() else { return };
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let f = detect_and_parse(&read(&path), "unixbench", &path.display().to_string());
            assert!(!f.samples.is_empty());
            assert!(f.samples.iter().all(|s| s.metric.better == Better::Higher));
            n += 1;
        }
    }
    assert!(n >= 7);
}

#[test]
fn corpus_matches_lkp_expected_yaml() {
    let Some(dir) = corpus_dir() else { return };
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(stem) = name.strip_suffix(".expected.yaml") else { continue };
        let expected: BTreeMap<String, f64> =
            serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).expect("yaml");
        let f = corpus(&format!("{stem}.txt")).unwrap();
        for (key, want) in &expected {
            match key.as_str() {
                // lkp's own bookkeeping and its derived "workload" (throughput × time × copies).
                "test.pass" | "workload" => {}
                "score" => {
                    let s: Vec<_> = f.samples.iter().filter(|s| s.metric.name.starts_with("Index Score")).collect();
                    assert_eq!(s.len(), 1, "{stem}: one score");
                    assert_eq!(s[0].value.mean(), *want, "{stem}: score");
                }
                "throughput" => {
                    let r: Vec<_> = f.samples.iter().filter(|s| s.group.is_empty()).collect();
                    assert_eq!(r.len(), 1, "{stem}: one test result");
                    assert_eq!(r[0].value.mean(), *want, "{stem}: throughput");
                }
                other => panic!("{stem}: unmapped lkp key {other}"),
            }
            checked += 1;
        }
    }
    assert!(checked >= 5);
}

#[test]
fn corpus_lkp_units_groups_and_params() {
    let Some(f) = corpus("lkp-ubench513-filecopy-partialindex.txt") else { return };
    assert_eq!(f.version.as_deref(), Some("5.1.3"));
    let r = get(&f, "", "File Copy 1024 bufsize 2000 maxblocks");
    assert_eq!((r[0].metric.unit.as_str(), r[0].line, copies(r[0])), ("KB/s", 15, Some("1")));
    assert_eq!(get(&f, "index", "Index Score (Partial Only)")[0].value.mean(), 4231.4);
    assert_eq!(get(&f, "index", "File Copy 1024 bufsize 2000 maxblocks")[0].value.mean(), 4231.4);

    let f = corpus("lkp-ubench513-gears-graphicsindex.txt").unwrap();
    assert_eq!(f.version, None);
    assert_eq!(get(&f, "", "3D graphics: gears")[0].metric.unit, "fps");
    assert_eq!(get(&f, "3D graphics index", "Index Score")[0].value.mean(), 960.2);
    assert_eq!(get(&f, "3D graphics index", "3D graphics: gears")[0].value.mean(), 960.2);

    let f = corpus("lkp-ubench513-filewrite-noindex.txt").unwrap();
    assert_eq!(f.samples.len(), 1);
}

#[test]
fn corpus_outlook_wrapped_41() {
    let Some(f) = corpus("lkml-2002-12-ubench410-outlook-wrapped-2.5.53.txt") else { return };
    assert_eq!(f.version.as_deref(), Some("4.1.0"));
    // 28 tests, 10 index rows, 1 final score; of the hand-made comparison
    // above the banner, 2.5.52's two figures (2.5.53's repeat the report's).
    assert_eq!(f.samples.len(), 41);
    assert_eq!(get(&f, "", "").len(), 0);
    let d = get(&f, "", "Dhrystone 2 using register variables");
    let kernel = |s: &Sample| s.kernel.as_deref().map(str::to_string);
    let d52 = (kernel(d[0]), d[0].value.mean(), d[0].metric.unit.as_str(), d[0].line);
    assert_eq!(d52, (Some("2.5.52".into()), 1753628.8, "lps", 36));
    assert_eq!((d.len(), d[1].value.mean(), d[1].metric.unit.as_str(), d[1].line), (2, 1805936.3, "lps", 60));
    let sc = get(&f, "", "System Call Overhead");
    assert_eq!((kernel(sc[0]), sc[0].value.mean(), sc[0].line), (Some("2.5.52".into()), 450934.1, 39));
    assert_eq!(get(&f, "", "Double-Precision Whetstone")[0].metric.unit, "MWIPS");
    assert_eq!(get(&f, "", "File Read 1024 bufsize 2000 maxblocks")[0].value.mean(), 241397.0);
    assert_eq!(get(&f, "", "File Read 4096 bufsize 8000 maxblocks")[0].value.mean(), 339040.0);
    assert_eq!(get(&f, "", "Shell Scripts (1 concurrent)")[0].metric.unit, "lpm");
    assert_eq!(get(&f, "", "Dc: sqrt(2) to 99 decimal places")[0].value.mean(), 32559.2);
    assert_eq!(get(&f, "", "C Compiler Throughput")[0].value.mean(), 408.7);
    assert_eq!(get(&f, "", "Pipe-based Context Switching")[0].value.mean(), 198940.0);
    assert_eq!(get(&f, "", "Recursion Test--Tower of Hanoi")[0].value.mean(), 28908.3);
    let idx = get(&f, "index", "Dhrystone 2 using register variables");
    assert_eq!((idx[0].value.mean(), idx[0].line), (154.8, 123));
    assert_eq!(get(&f, "index", "Double-Precision Whetstone")[0].value.mean(), 86.7);
    assert_eq!(get(&f, "index", "System Call Overhead")[0].value.mean(), 310.0);
    let score = get(&f, "index", "Index Score");
    assert_eq!((score[0].value.mean(), score[0].line), (203.5, 144));
    assert!(f.samples.iter().all(|s| s.params.is_empty()));
    assert!(f.notes.iter().any(|(_, n)| n.contains("28 test lines")));
}

#[test]
fn corpus_two_runs_give_copies() {
    let Some(f) = corpus("sbc-ubench-2runs-1and8copies-noheader.txt") else { return };
    assert_eq!(f.version, None);
    assert_eq!(f.samples.len(), 50);
    let scores = get(&f, "index", "Index Score");
    let got: Vec<_> = scores.iter().map(|s| (copies(s), s.value.mean())).collect();
    assert_eq!(got, vec![(Some("1"), 1150.3), (Some("8"), 5562.6)]);
    let d = get(&f, "", "Dhrystone 2 using register variables");
    assert_eq!((d[1].value.mean(), copies(d[1])), (183884600.5, Some("8")));
    assert_eq!(get(&f, "index", "Shell Scripts (8 concurrent)")[0].value.mean(), 5212.3);

    let f = corpus("sbc-ubench513-4cpu-2runs.txt").unwrap();
    assert_eq!(f.samples.len(), 50);
    let scores: Vec<_> =
        get(&f, "index", "Index Score").iter().map(|s| (copies(s).map(str::to_string), s.value.mean())).collect();
    assert_eq!(scores, vec![(Some("1".to_string()), 324.9), (Some("4".to_string()), 811.6)]);
    assert_eq!(get(&f, "", "Pipe-based Context Switching")[1].value.mean(), 168318.9);

    let f = corpus("sbc-ubench513-1cpu-armv7.txt").unwrap();
    assert_eq!(f.samples.len(), 25);
    assert_eq!(get(&f, "index", "Index Score")[0].value.mean(), 201.4);
    assert_eq!(get(&f, "", "Double-Precision Whetstone")[0].value.mean(), 581.9);
    assert_eq!(get(&f, "index", "System Call Overhead")[0].value.mean(), 398.0);
}

#[test]
fn fixture_damaged_index_rows_are_errors() {
    // A row cut short on the file's last line is a note; the rest is read.
    let f = UnixBench.parse(&fixture("ubench51-truncated-index.txt")).unwrap();
    assert_eq!(f.samples.len(), 3);
    assert!(f.notes.iter().any(|(n, m)| *n == 10 && m.contains("cut short")), "{:?}", f.notes);
    // The lone number under the row is not RESULT / BASELINE × 10: not rejoined.
    let e = UnixBench.parse(&fixture("ubench41-bad-wrapped-index.txt")).unwrap_err();
    assert_eq!(e.line(), Some(5), "{e}");
}
