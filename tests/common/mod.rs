//! Helpers shared by the safety tests: small content trees in temp dirs and
//! snapshots of directory trees.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A dbench 1.x run printing `mb` MB/sec.
pub fn dbench(mb: &str) -> String {
    format!(
        "32 clients started\nThroughput {mb} MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n\
         34.11user 238.89system 7:34.59elapsed 60%CPU (0avgtext+0avgdata 0maxresident)k\n\
         0inputs+0outputs (1008major+1402minor)pagefaults 0swaps\n"
    )
}

/// Writes `contents` to `root/rel`, creating directories.
pub fn put(root: &Path, rel: &str, contents: impl AsRef<[u8]>) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(&p, contents).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
}

/// A small valid site under `root/content`: one machine class `m1` with
/// kernels 2.4.7 (9.2929 MB/sec) and 2.4.8 (6.8888 MB/sec).
pub fn small_site(root: &Path) -> PathBuf {
    let c = root.join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(
        &c,
        "m1/machine.yaml",
        "name: \"Machine one\"\nbaseline: \"2.4.7\"\nsections:\n  - title: \"dbench 32\"\n    files: [\"*/dbench*.txt\"]\n",
    );
    put(&c, "m1/2.4.7/dbench-32.txt", dbench("9.2929"));
    put(&c, "m1/2.4.8/dbench-32.txt", dbench("6.8888"));
    c
}

/// Every file under `dir` (recursively, not following links) with its
/// bytes, keyed by path relative to `dir`; directories map to `None`.
pub fn snapshot(dir: &Path) -> BTreeMap<String, Option<Vec<u8>>> {
    let mut out = BTreeMap::new();
    if !dir.exists() {
        return out;
    }
    for e in walkdir::WalkDir::new(dir).min_depth(1).sort_by_file_name() {
        let e = e.expect("walk");
        let rel = e.path().strip_prefix(dir).expect("prefix").to_string_lossy().to_string();
        if e.file_type().is_file() {
            out.insert(rel, Some(std::fs::read(e.path()).expect("read")));
        } else {
            out.insert(rel, None);
        }
    }
    out
}

/// Names of the entries that differ between two snapshots.
pub fn diff(a: &BTreeMap<String, Option<Vec<u8>>>, b: &BTreeMap<String, Option<Vec<u8>>>) -> Vec<String> {
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter().filter(|k| a.get(*k) != b.get(*k)).cloned().collect()
}

/// Every file under `dir` as text (lossy), keyed by relative path.
pub fn texts(dir: &Path) -> BTreeMap<String, String> {
    snapshot(dir)
        .into_iter()
        .filter_map(|(k, v)| v.map(|b| (k, String::from_utf8_lossy(&b).into_owned())))
        .collect()
}

/// The `benchsite` binary as a command.
pub fn benchsite() -> assert_cmd::Command {
    assert_cmd::cargo::cargo_bin_cmd!("benchsite")
}
