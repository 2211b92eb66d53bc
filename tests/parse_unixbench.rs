//! UnixBench parser over the real corpus and the hand-written fixtures.

use benchsite::model::{Better, ParsedFile, Sample};
use benchsite::parse::{self, BenchParser, Input, ParseError, unixbench::UnixBench};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/unixbench");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {}, skipping", dir.display());
        None
    }
}

fn fixture(name: &str) -> Input {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/unixbench").join(name);
    Input::from_bytes(&std::fs::read(&path).expect("fixture"))
}

/// Detects with the whole registry, checks UnixBench wins, and parses.
fn detect_and_parse(input: &Input, what: &str) -> ParsedFile {
    let p = parse::detect(input).unwrap_or_else(|| panic!("{what}: not detected"));
    assert_eq!(p.id(), "unixbench", "{what}: detected as {}", p.id());
    p.parse(input).unwrap_or_else(|e| panic!("{what}: {e}"))
}

fn get<'a>(f: &'a ParsedFile, group: &str, metric: &str) -> Vec<&'a Sample> {
    f.samples.iter().filter(|s| s.group == group && s.metric.name == metric).collect()
}

fn copies(s: &Sample) -> Option<&str> {
    s.params.iter().find(|p| p.name == "copies").map(|p| p.value.as_str())
}

fn corpus(name: &str) -> Option<ParsedFile> {
    let dir = corpus_dir()?;
    let input = Input::from_bytes(&std::fs::read(dir.join(name)).expect("corpus file"));
    Some(detect_and_parse(&input, name))
}

#[test]
fn every_corpus_file_is_detected_and_parses() {
    let Some(dir) = corpus_dir() else { return };
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let input = Input::from_bytes(&std::fs::read(&path).unwrap());
            let f = detect_and_parse(&input, &path.display().to_string());
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
    // 28 tests, 10 index rows, 1 final score; the hand-made summary above the banner is not read.
    assert_eq!(f.samples.len(), 39);
    assert_eq!(get(&f, "", "").len(), 0);
    let d = get(&f, "", "Dhrystone 2 using register variables");
    assert_eq!((d.len(), d[0].value.mean(), d[0].metric.unit.as_str(), d[0].line), (1, 1805936.3, "lps", 60));
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
fn fixture_41_outlook_wrapped() {
    let f = detect_and_parse(&fixture("ubench41-outlook-wrapped.txt"), "fixture");
    assert_eq!(f.version.as_deref(), Some("4.1.0"));
    assert_eq!(f.samples.len(), 10);
    assert_eq!(get(&f, "", "Dhrystone 2 using register variables")[0].value.mean(), 1500000.0);
    assert_eq!(get(&f, "", "File Read 4096 bufsize 8000 maxblocks")[0].metric.unit, "KB/s");
    assert_eq!(get(&f, "", "Double-Precision Whetstone")[0].metric.unit, "MWIPS");
    assert_eq!(get(&f, "index", "Dhrystone 2 using register variables")[0].line, 27);
    assert_eq!(get(&f, "index", "Pipe Throughput")[0].value.mean(), 353.7);
    assert_eq!(get(&f, "index", "Index Score")[0].value.mean(), 155.2);
    assert_eq!(get(&f, "index", "Index Score")[0].line, 34);
}

#[test]
fn fixture_51_runs_partial_and_graphics() {
    let f = detect_and_parse(&fixture("ubench51-two-runs.txt"), "fixture");
    assert_eq!(f.version.as_deref(), Some("5.1.3"));
    assert_eq!(f.samples.len(), 12);
    let e = get(&f, "", "Execl Throughput");
    assert_eq!(e.iter().map(|s| copies(s)).collect::<Vec<_>>(), vec![Some("1"), Some("2")]);
    assert_eq!(get(&f, "index", "Index Score")[0].value.mean(), 892.8);
    assert_eq!(get(&f, "index", "Index Score (Partial Only)")[0].value.mean(), 3427.6);
    let g = get(&f, "3D graphics index", "Index Score");
    assert_eq!((g[0].value.mean(), copies(g[0])), (898.2, Some("2")));
}

#[test]
fn fixture_damaged_index_rows_are_errors() {
    let e = UnixBench.parse(&fixture("ubench51-truncated-index.txt")).unwrap_err();
    assert!(matches!(e, ParseError::Malformed { line: 10, .. }), "{e}");
    // The lone number under the row is not RESULT / BASELINE × 10: not rejoined.
    let e = UnixBench.parse(&fixture("ubench41-bad-wrapped-index.txt")).unwrap_err();
    assert_eq!(e.line(), Some(5), "{e}");
}

const REAL_LINES: &[&str] = &[
    "BYTE UNIX Benchmarks (Version 4.1.0)",
    "Benchmark Run: Sun Apr 21 2024 17:18:53 - 17:25:36",
    "8 CPUs in system; running 8 parallel copies of tests",
    "Dhrystone 2 using register variables     1805936.3lps (10.0 secs,10",
    "samples)",
    "Pipe Throughput                          448266.7 lps  (10.0 s, 7 samples)",
    "System Benchmarks Index Values               BASELINE       RESULT    INDEX",
    "                     INDEX VALUES",
    "TEST                                       BASELINE     RESULT",
    "Dhrystone 2 using register variables       116700.0   1805936.3",
    "154.8",
    "Pipe Throughput                            12440.0    448266.7     360.3",
    "=========",
    "     FINAL SCORE",
    "203.5",
    "System Benchmarks Index Score (Partial Only)                         4231.4",
    "3D Graphics Benchmarks Index Score                                    960.2",
    "",
];

proptest! {
    #[test]
    fn never_panics_on_arbitrary_text(text in "\\PC{0,400}") {
        let input = Input::from_text(&text);
        let _ = UnixBench.detect(&input);
        let _ = UnixBench.parse(&input);
    }

    #[test]
    fn never_panics_on_mixed_lines(
        picks in proptest::collection::vec((0usize..REAL_LINES.len(), "[ -~(]{0,40}", any::<bool>()), 0..40)
    ) {
        let text: Vec<String> = picks
            .into_iter()
            .map(|(i, junk, real)| if real { REAL_LINES[i].to_string() } else { junk })
            .collect();
        let input = Input::from_text(&text.join("\n"));
        let _ = UnixBench.detect(&input);
        if let Ok(f) = UnixBench.parse(&input) {
            prop_assert!(f.samples.iter().all(|s| s.line >= 1 && s.line <= input.lines.len()));
        }
    }
}

/// The 5.x header's `OS: GNU/Linux -- 2.6.32-5-686 -- …` names the kernel of
/// a flat file (not in a kernel directory).
#[test]
fn v5_os_line_names_the_kernel() {
    let f = detect_and_parse(&fixture("ubench513-flat-os-kernel.txt"), "5.1.3 flat");
    assert_eq!(f.samples.len(), 5);
    assert!(f.samples.iter().all(|s| s.kernel.as_deref() == Some("2.6.32-5-686")));
}

/// 4.x's `System -- Linux box 2.4.19 #1 …`: each report its own kernel.
#[test]
fn v41_system_lines_name_each_report_s_kernel() {
    let f = detect_and_parse(&fixture("ubench41-two-reports-two-kernels.txt"), "4.1 two reports");
    let k: Vec<(&str, f64)> =
        get(&f, "", "Pipe Throughput").iter().map(|s| (s.kernel.as_deref().unwrap_or("-"), s.value.mean())).collect();
    assert_eq!(k, vec![("2.4.19", 441098.3), ("2.5.33-mm2", 398722.0)]);
}
