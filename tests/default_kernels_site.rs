//! Two letters' report.py tables with no legend in one machine class
//! (archive45 R1): Chen Yu's SIS_SHORT v6 (LKML 2023-02, on v6.2-rc6) and
//! his SIS_CACHE letter (LKML 2023-09, another tree), both read as
//! kernels `baseline` and `compare`. The class averaged the two letters'
//! `baseline` columns as runs of one kernel. Real files: the two wild
//! fixtures named below (tests/fixtures/wild/SOURCES.md), copied into a
//! class at test time.

mod common;

use std::path::Path;

/// The two letters' files, as fixtures keep them.
const LETTERS: [(&str, &str); 2] = [
    ("v6.txt", "lkml-2023-02-sis-short-v6-report-py-will-it-scale-no-std-columns-then-4-tables.txt"),
    ("sis-cache.txt", "lkml-2023-09-chenyu-sis-cache-spr-tab-aligned-no-legend-hackbench-throughput-title.txt"),
];

#[test]
fn two_letters_default_baselines_are_two_rows_not_one_average() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = tmp.path().join("content");
    common::put(&content, "site.yaml", "title: two letters\n");
    common::put(&content, "spr/machine.yaml", "name: Sapphire Rapids 2 x 56C/112T\n");
    let wild = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wild/schedtests");
    for (name, fixture) in LETTERS {
        common::put(&content, &format!("spr/{name}"), std::fs::read(wild.join(fixture)).expect("fixture"));
    }
    let (out, stderr, _tmp) = common::build_site(&content);
    assert!(!stderr.contains("averaged into one cell"), "{stderr}");
    let data = std::fs::read_to_string(out.join("spr/data.json")).expect("data.json");
    let json: serde_json::Value = serde_json::from_str(&data).expect("json");
    assert_eq!(
        json["kernels"],
        serde_json::json!([
            "baseline (sis-cache.txt)",
            "compare (sis-cache.txt)",
            "baseline (v6.txt)",
            "compare (v6.txt)"
        ])
    );
    // hackbench process-pipe 1 group: a row of each letter's baseline.
    let md = std::fs::read_to_string(out.join("spr/index.md")).expect("index.md");
    assert!(md.contains("| baseline (sis-cache.txt) | process-pipe | 1 | 1.0000 |"), "{md}");
    assert!(md.contains("| baseline (v6.txt) | process-pipe | 1 | 1.0000 |"), "{md}");
    // With no baseline chosen, nothing is compared across the letters.
    assert!(stderr.contains("the files list different bases first"), "{stderr}");
}

/// Session 47 named every default kernel after its file, even alone: a
/// class holding Chen Yu's SIS_SHORT v6 letter only showed `baseline
/// (v6.txt)`, and its `machine.yaml`'s `baseline: baseline` stopped the
/// build ("is not a kernel of this machine class"). One file's defaults
/// keep their plain names.
#[test]
fn one_letters_default_kernels_keep_their_names() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = tmp.path().join("content");
    common::put(&content, "site.yaml", "title: one letter\n");
    common::put(&content, "spr/machine.yaml", "name: Sapphire Rapids 2 x 56C/112T\nbaseline: baseline\n");
    let wild = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wild/schedtests");
    let (name, fixture) = LETTERS[0];
    common::put(&content, &format!("spr/{name}"), std::fs::read(wild.join(fixture)).expect("fixture"));
    let (out, _stderr, _tmp) = common::build_site(&content);
    let data = std::fs::read_to_string(out.join("spr/data.json")).expect("data.json");
    let json: serde_json::Value = serde_json::from_str(&data).expect("json");
    assert_eq!(json["kernels"], serde_json::json!(["baseline", "compare"]));
}

/// With two letters, `baseline: baseline` could mean either: an error
/// naming both.
#[test]
fn a_baseline_two_letters_give_by_default_is_an_error_naming_both() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = tmp.path().join("content");
    common::put(&content, "site.yaml", "title: two letters\n");
    common::put(&content, "spr/machine.yaml", "name: Sapphire Rapids 2 x 56C/112T\nbaseline: baseline\n");
    let wild = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wild/schedtests");
    for (name, fixture) in LETTERS {
        common::put(&content, &format!("spr/{name}"), std::fs::read(wild.join(fixture)).expect("fixture"));
    }
    let out = tmp.path().join("out");
    let run =
        common::benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).assert().failure();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(stderr.contains("write one of baseline (sis-cache.txt), baseline (v6.txt)"), "{stderr}");
}
