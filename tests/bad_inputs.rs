//! The malformed-input suite: every file in `tests/fixtures/bad/` is one
//! damaged input, and `<case>.expected` beside it holds a substring of the
//! diagnostic benchsite must give for it (with the line number).
//!
//! * `<parser-id>-<what>.<ext>`: a raw result file. It must be detected as
//!   that parser, its parse must fail with a line number, and a tiny site
//!   holding it in a kernel directory must still build with a warning for
//!   the file that contains the expected text.
//! * `<what>.site.yaml`, `<what>.machine.yaml`, `<what>.kernel.yaml`: an
//!   annotation. [`benchsite::site::check_yaml`] and [`benchsite::site::load`]
//!   of a tiny site holding it must both give an error containing the
//!   expected text.

use benchsite::diag::Severity;
use benchsite::parse::{self, Input};
use benchsite::site::{self, YamlKind};
use std::path::{Path, PathBuf};

const GOOD_DBENCH: &str = "32 clients started\nThroughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n";

fn bad_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad")
}

/// Every case file (not `.expected`) in the directory, sorted.
fn cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(bad_dir())
        .expect("tests/fixtures/bad")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e != "expected"))
        .collect();
    v.sort();
    v
}

fn expected(case: &Path) -> String {
    let name = case.file_name().expect("name").to_string_lossy();
    let stem = ["machine.yaml", "site.yaml", "kernel.yaml"]
        .iter()
        .find_map(|k| name.strip_suffix(&format!(".{k}")))
        .map(str::to_string)
        .unwrap_or_else(|| case.file_stem().expect("stem").to_string_lossy().into_owned());
    let p = case.with_file_name(format!("{stem}.expected"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    text.trim_end_matches('\n').to_string()
}

fn yaml_kind(case: &Path) -> Option<YamlKind> {
    let name = case.file_name()?.to_string_lossy().into_owned();
    [YamlKind::Site, YamlKind::Machine, YamlKind::Kernel]
        .into_iter()
        .find(|k| name.ends_with(&format!(".{}", k.file_name())))
}

/// A tiny site with one good kernel and `case` placed where its kind goes.
fn tiny_site(root: &Path, case: &Path, kind: Option<YamlKind>) -> (PathBuf, PathBuf) {
    let content = root.join("content");
    let m = content.join("m1");
    std::fs::create_dir_all(m.join("2.4.7")).expect("mkdir");
    std::fs::create_dir_all(m.join("2.4.8")).expect("mkdir");
    std::fs::write(m.join("machine.yaml"), "name: \"Machine one\"\n").expect("write");
    std::fs::write(m.join("2.4.7/dbench.txt"), GOOD_DBENCH).expect("write");
    let dest = match kind {
        Some(YamlKind::Site) => content.join("site.yaml"),
        Some(YamlKind::Machine) => m.join("machine.yaml"),
        Some(YamlKind::Kernel) => m.join("2.4.7/kernel.yaml"),
        None => m.join("2.4.8").join(case.file_name().expect("name")),
    };
    std::fs::copy(case, &dest).expect("copy case");
    (content, dest)
}

#[test]
fn there_are_enough_cases_and_each_has_its_expectation() {
    let cases = cases();
    assert!(cases.len() >= 12, "only {} malformed-input cases", cases.len());
    let mut stems = Vec::new();
    for c in &cases {
        let e = expected(c);
        assert!(!e.trim().is_empty(), "{}: empty expectation", c.display());
        stems.push(c.clone());
    }
    // No stray .expected without its case.
    for e in std::fs::read_dir(bad_dir()).expect("dir") {
        let p = e.expect("entry").path();
        if p.extension().is_some_and(|x| x == "expected") {
            let stem = p.file_stem().expect("stem").to_string_lossy().into_owned();
            assert!(
                cases.iter().any(|c| c.file_name().expect("name").to_string_lossy().starts_with(&format!("{stem}."))),
                "{} has no case",
                p.display()
            );
        }
    }
}

#[test]
fn raw_files_give_their_diagnostic_and_the_site_still_builds() {
    for case in cases().into_iter().filter(|c| yaml_kind(c).is_none()) {
        let name = case.file_name().expect("name").to_string_lossy().into_owned();
        let want = expected(&case);
        // The parser named by the file, longest id first (gnu-time before gnu).
        let parser = parse::registry()
            .iter()
            .filter(|p| name.starts_with(&format!("{}-", p.id())))
            .max_by_key(|p| p.id().len())
            .unwrap_or_else(|| panic!("{name}: name does not start with a parser id"));
        let bytes = std::fs::read(&case).expect("read case");
        let input = Input::from_bytes(&bytes);
        let detected = parse::detect(&input).map(|p| p.id());
        assert_eq!(detected, Some(parser.id()), "{name}: detected as {detected:?}");
        let err = parser.parse(&input).expect_err(&format!("{name}: damaged file parsed without error"));
        assert!(err.line().is_some(), "{name}: error without a line: {err}");

        let tmp = tempfile::tempdir().expect("tmp");
        let (content, dest) = tiny_site(tmp.path(), &case, None);
        let site = site::load(&content).expect("load");
        let diags: Vec<String> = site.diagnostics.iter().filter(|d| d.file == dest).map(|d| d.to_string()).collect();
        assert!(diags.iter().any(|d| d.contains(&want)), "{name}: expected {want:?} in {diags:#?}");
        assert!(!site.has_errors(), "{name}: a damaged raw file must not fail the build: {:#?}", site.diagnostics);
        assert_eq!(site.machines.len(), 1, "{name}: machine lost");
        assert!(
            site.machines[0].results.iter().any(|r| r.rel_path == "2.4.7/dbench.txt"),
            "{name}: the good file was lost"
        );
    }
}

#[test]
fn yaml_files_give_their_diagnostic() {
    for case in cases() {
        let Some(kind) = yaml_kind(&case) else { continue };
        let name = case.file_name().expect("name").to_string_lossy().into_owned();
        let want = expected(&case);
        let text = std::fs::read_to_string(&case).expect("read case");
        let checked: Vec<String> = site::check_yaml(kind, &text).iter().map(|d| d.to_string()).collect();
        assert!(checked.iter().any(|d| d.contains(&want)), "{name}: check_yaml: expected {want:?} in {checked:#?}");

        let tmp = tempfile::tempdir().expect("tmp");
        let (content, dest) = tiny_site(tmp.path(), &case, Some(kind));
        let site = site::load(&content).expect("load");
        let diags: Vec<String> = site
            .diagnostics
            .iter()
            .filter(|d| d.file == dest && d.severity == Severity::Error)
            .map(|d| d.to_string())
            .collect();
        assert!(diags.iter().any(|d| d.contains(&want)), "{name}: load: expected {want:?} in {diags:#?}");
    }
}

/// Every parser in the registry has its own fuzz target (see fuzz/).
#[test]
fn every_parser_has_a_fuzz_target() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    let manifest = std::fs::read_to_string(dir.parent().expect("fuzz").join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for p in parse::registry() {
        let name = format!("parse_{}", p.id().replace('-', "_").replace('+', "p"));
        let src = std::fs::read_to_string(dir.join(format!("{name}.rs")))
            .unwrap_or_else(|e| panic!("no fuzz target {name} for parser {}: {e}", p.id()));
        assert!(src.contains(&format!("parser_target!(\"{}\")", p.id())), "{name} does not fuzz {}", p.id());
        assert!(manifest.contains(&format!("name = \"{name}\"")), "{name} missing from fuzz/Cargo.toml");
    }
    for t in ["yaml_loader", "markdown"] {
        assert!(dir.join(format!("{t}.rs")).is_file(), "no fuzz target {t}");
    }
}
