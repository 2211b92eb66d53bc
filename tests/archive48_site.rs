//! A real archive through `build` (archive48: the per-VMA locks series on
//! LKML, 2023): Punit Agrawal's pft tests on a two-socket Ice Lake, saved
//! in their quoted-printable encoding, his follow-up quoting his first
//! table above a second of the same kernels and rows (a VMA per thread),
//! and Suren Baghdasaryan's reply quoting both at other lines. Real files:
//! `tests/sites/archive48/` (SOURCES.md there).

mod common;

use std::path::{Path, PathBuf};

fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/archive48")
}

/// The class's samples from `data.json`: (file, line, kernel, table, metric, value).
fn samples(out: &Path, class: &str) -> Vec<(String, u64, String, String, String, f64)> {
    common::class_samples(out, class, "table")
}

/// archive48 R1/R2: the headers the encoder broke name the kernels (they
/// were `column N`, each file "naming no kernel"), and each figure counts
/// once: the 2023-02-15 letter and the reply print tables of the
/// follow-up again (the reply's second at another line than the
/// follow-up's, which kept it a set-up of its own and averaged its first
/// with the follow-up's as a second run).
#[test]
fn punits_tables_are_read_once_under_the_kernels_their_headers_name() {
    let (out, stderr, _tmp) = common::build_site(&site());
    let got = samples(&out, "icelake-8336c-2s");
    assert_eq!(got.len(), 120, "{got:?}");
    assert!(
        got.iter().all(|s| s.0.ends_with("2023-02-28-punit-pft-vma-per-thread-quoting-pft-threads.txt")),
        "{got:?}"
    );
    let at = |line: u64, kernel: &str| {
        got.iter().find(|s| s.1 == line && s.2 == kernel).map(|s| (s.3.as_str(), s.4.as_str(), s.5))
    };
    assert_eq!(at(25, "6.2.0-rc4-mm-unstable-20230210"), Some(("", "Hmean faults/cpu-1", 898792.9338)));
    assert_eq!(at(117, "6.2.0-rc4-pvl-v2+opt"), Some(("line 73", "Hmean faults/sec-128", 18680029.3714)));
    assert!(!stderr.contains("without a header line"), "{stderr}");
    assert!(!stderr.contains("name no kernel"), "{stderr}");
    assert!(!stderr.contains("averaged into one cell"), "{stderr}");
    for want in [
        "2023-02-15-punit-pft-threads-pvl-v2.txt:23: mmtests: the figures of 6.2.0-rc4-pvl-v2 on lines 23-62 are those of 2023-02-28-punit-pft-vma-per-thread-quoting-pft-threads.txt lines 25-64",
        // Suren's reply quotes Punit's tables (`> `): said so since trust62.
        "2023-02-28-suren-reply-quoting-both-tables-split-numbers.txt:30: mmtests: the figures of 6.2.0-rc4-pvl-v2 on lines 30-122 (quoted with `> `) are those of 2023-02-28-punit-pft-vma-per-thread-quoting-pft-threads.txt",
    ] {
        assert!(stderr.contains(want), "{want}\n{stderr}");
    }
}
