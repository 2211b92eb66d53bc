//! A real archive through `build` (archive47: the PREEMPT_AUTO series of
//! 2024 on LKML): two of Shrikanth Hegde's letters about one 320-CPU
//! Power10, one whose columns no header names and one whose kernels a
//! two-line header typed with tabs names, and Ankur Arora's four
//! stress-ng `--cyclic` runs under lines naming each preemption model.
//! Real files, trimmed: `tests/sites/archive47/` (SOURCES.md there).

mod common;

use std::path::{Path, PathBuf};

fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/archive47")
}

/// The class's samples from `data.json`: (file, line, kernel, label, metric, value).
fn samples(out: &Path, class: &str) -> Vec<(String, u64, String, String, String, f64)> {
    common::class_samples(out, class, "label")
}

/// archive47 F1/F2: the 2024-05-15 letter's preempt=none table is read
/// under the kernels its two-line header names, read down the columns;
/// the quote of the 2024-05-07 table above it and the 2024-05-07 letter
/// itself, whose columns no header names, are warned of, never filed
/// under a kernel they do not name (both were unrecognised files).
#[test]
fn hegdes_tables_are_read_under_the_kernels_their_headers_name() {
    let (out, stderr, _tmp) = common::build_site(&site());
    let got = samples(&out, "power10-320cpu");
    assert_eq!(got.len(), 32, "{got:?}");
    assert!(
        got.iter().all(|s| s.0.ends_with("2024-05-15-hegde-preempt-auto-none-hackbench-quoting-full.txt") && s.1 >= 56)
    );
    let row = |line: u64, kernel: &str| got.iter().find(|s| s.1 == line && s.2 == kernel).map(|s| (s.4.clone(), s.5));
    assert_eq!(row(56, "6.9 preempt=none"), Some(("Process 10 groups".to_string(), 9.66)));
    assert_eq!(row(71, "preempt_auto preempt=none"), Some(("thread(Pipe) 20 groups".to_string(), 13.45)));
    assert!(!stderr.contains("unrecognised"), "{stderr}");
    for want in [
        "2024-05-07-hegde-preempt-auto-full-hackbench-1L-10k.txt: column-mail: no column-mail results found: 16 row(s) of figures (lines 9-24) under no header",
        "2024-05-15-hegde-preempt-auto-none-hackbench-quoting-full.txt:14: column-mail: 16 row(s) of figures (lines 14-29) under no header",
    ] {
        assert!(stderr.contains(want), "{want}\n{stderr}");
    }
}

/// archive47 F3/F4: stress-ng's `--cyclic` latency report is read (it
/// was warned of as "a table typed by hand"), each run under its own
/// `PREEMPT_AUTO, preempt=none`-style line as its label: four set-ups,
/// never averaged into one.
#[test]
fn the_four_cyclic_runs_keep_their_preemption_models_apart() {
    let (out, stderr, _tmp) = common::build_site(&site());
    let got = samples(&out, "ankur-x86");
    let p9999: Vec<(&str, f64)> = got.iter().filter(|s| s.4 == "latency 99.99%").map(|s| (s.3.as_str(), s.5)).collect();
    assert_eq!(p9999.len(), 4, "{got:?}");
    for (label, v) in [
        ("PREEMPT_AUTO, preempt=none", 5701735.0),
        ("PREEMPT_AUTO, preempt=voluntary", 2234939.0),
        ("PREEMPT_DYNAMIC, preempt=voluntary", 2751830.0),
        ("PREEMPT_DYNAMIC, preempt=full", 4093382.0),
    ] {
        assert!(p9999.contains(&(label, v)), "{label} {v}: {p9999:?}");
    }
    assert_eq!(got.len(), 56);
    assert!(!stderr.contains("typed by hand"), "{stderr}");
    assert!(!stderr.contains("averaged"), "{stderr}");
}
