//! stress-ng: the LKP corpus (`../shared/corpus-modern/stress-ng/`) agrees
//! with lkp's expected values (the real outputs in `tests/fixtures/stress_ng/`
//! are read by `tests/fixtures.rs`, against their hand-read values).
//!
//! lkp's names → ours (per stressor `<s>`, our parameter `stressor`):
//!
//! | lkp                   | benchsite                                   |
//! |-----------------------|---------------------------------------------|
//! | `<s>.ops`             | `bogo ops`                                  |
//! | `<s>.ops_per_sec`     | `bogo ops/s (real time)`                    |
//! | `<s>.<description>`   | the extra metric line's description, lkp joining its words with `_` and dropping parentheses (`memory rate (MB per sec)` → `memory_rate_MB_per_sec`) and the statistic ours names (`write64 MB per sec (geometric mean)` → `write64_MB_per_sec`) |
//!
//! Skipped, and why: `<s>.pass` and `<s>.<metric>.pass` (lkp's flag that
//! the stressor ran, not a figure stress-ng printed); `sigaction.fail`
//! (lkp's flag for a `fail:` line; the file holds no metrics, which the
//! test checks).

use benchsite::model::ParsedFile;
use benchsite::parse::{self, Input, ParseError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus-modern/stress-ng");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("modern corpus not found at {}, skipping", dir.display());
        None
    }
}

/// lkp's name for one of our samples.
fn lkp_name(stressor: &str, metric: &str) -> String {
    let m = match metric {
        "bogo ops" => "ops".to_string(),
        "bogo ops/s (real time)" => "ops_per_sec".to_string(),
        // lkp drops the averaging note; ours keeps a statistic other than
        // the plain mean (`write64 MB per sec (geometric mean)`).
        other => {
            let other =
                other.strip_suffix(" (geometric mean)").or(other.strip_suffix(" (harmonic mean)")).unwrap_or(other);
            other.replace(['(', ')'], "").split_whitespace().collect::<Vec<_>>().join("_")
        }
    };
    format!("{stressor}.{m}")
}

fn ours(f: &ParsedFile) -> BTreeMap<String, Vec<f64>> {
    let mut out: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for s in &f.samples {
        let stressor = s.params.iter().find(|p| p.name == "stressor").map(|p| p.value.to_string()).expect("stressor");
        out.entry(lkp_name(&stressor, &s.metric.name)).or_default().push(s.value.mean());
    }
    out
}

#[test]
fn lkp_files_agree() {
    let Some(dir) = corpus() else { return };
    let mut checked = 0;
    for n in 1..=8 {
        let txt = dir.join(format!("{n:02}.txt"));
        let input = Input::from_bytes(&std::fs::read(&txt).expect("corpus file"));
        let p = parse::detect(&input).unwrap_or_else(|| panic!("{}: not recognised", txt.display()));
        assert_eq!(p.id(), "stress-ng", "{}", txt.display());
        let exp: BTreeMap<String, serde_yaml::Value> =
            serde_yaml::from_str(&std::fs::read_to_string(txt.with_extension("expected.yaml")).expect("yaml"))
                .expect("yaml");
        let f = match p.parse(&input) {
            Ok(f) => f,
            Err(ParseError::NoResults { .. }) => {
                // 04: stress-ng failed; lkp records only its `fail` flag.
                assert!(exp.keys().all(|k| k.ends_with(".fail")), "{n:02}: no results but lkp has {exp:?}");
                continue;
            }
            Err(e) => panic!("{n:02}: {e}"),
        };
        let got = ours(&f);
        let (mut matched, mut skipped) = (0, 0);
        for (k, v) in &exp {
            if k.ends_with(".pass") {
                skipped += 1;
                continue;
            }
            let want = v.as_f64().unwrap_or_else(|| panic!("{k}: not a number"));
            let vals = got.get(k).unwrap_or_else(|| panic!("{n:02}: lkp {k} = {want}, benchsite has no such value"));
            assert_eq!(vals, &vec![want], "{n:02}: {k}");
            matched += 1;
        }
        eprintln!("stress-ng/{n:02}: {matched} lkp values matched, {skipped} pass flags skipped");
        checked += matched;
    }
    assert!(checked > 50, "only {checked} values checked");
}

#[test]
fn yaml_of_the_same_run_is_read_once() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/stress_ng/ghdoc-0.09.23-log-then-yaml-one-run.txt");
    let input = Input::from_bytes(&std::fs::read(path).expect("fixture"));
    let f = parse::by_id("stress-ng").expect("registered").parse(&input).expect("reads");
    assert_eq!(f.samples.iter().filter(|s| s.metric.name == "bogo ops").count(), 1);
    assert!(f.notes.iter().any(|n| n.1.contains("repeats the table")), "{:?}", f.notes);
}

/// The set-up a file shows leaves out what the parameters say already
/// (README, "Content layout"): LKP's `--memrate 96`, `--memrate 128` and
/// `--longjmp 48` are the stressor and instances read from the table, so
/// the three files show one set-up (newcomer30 P1-3: they were three,
/// and the build advised `same_setup:` for them).
#[test]
fn the_stressor_and_its_instances_are_no_set_up() {
    let Some(dir) = corpus() else { return };
    for name in ["02.txt", "05.txt", "06.txt"] {
        let input = Input::from_bytes(&std::fs::read(dir.join(name)).expect("corpus file"));
        let mut f = parse::detect(&input).expect("stress-ng").parse(&input).expect("parsed");
        // The set-up is read after the parser, as a build reads it.
        parse::labels::apply(&input, &mut f);
        let command = f.setup.command.as_ref().map(|(_, c)| c.as_str());
        assert_eq!(command, Some("stress-ng --metrics-brief --times --verify"), "{name}");
    }
}
