//! Building in shards: `build --classes GLOB` into shard outputs, then
//! `merge SHARD... --output OUT`, makes the site a one-shot build makes,
//! byte for byte (the build cache aside); and the merge refuses what would
//! not (shards of other content or options, overlapping shards, a class in
//! no shard, changed class files, an output directory that is not ours).

mod common;

use common::{benchsite, copy_dir, diff, put, snapshot};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The demo site (content/ and themes/ side by side, as the theme is found
/// beside the content) copied under `root`; returns the content directory.
fn demo(root: &Path) -> PathBuf {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_dir(&repo.join("content"), &root.join("content"));
    copy_dir(&repo.join("themes"), &root.join("themes"));
    root.join("content")
}

/// Every file of a built site but the build cache's.
fn site(dir: &Path) -> BTreeMap<String, Option<Vec<u8>>> {
    snapshot(dir).into_iter().filter(|(k, _)| !k.starts_with(".benchsite-cache")).collect()
}

fn build(content: &Path, out: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    benchsite().arg("build").arg("--content").arg(content).arg("--output").arg(out).args(extra).assert()
}

fn merge(content: &Path, out: &Path, shards: &[&Path], extra: &[&str]) -> assert_cmd::assert::Assert {
    benchsite().arg("merge").args(shards).arg("--content").arg(content).arg("--output").arg(out).args(extra).assert()
}

fn stderr(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stderr).into_owned()
}

#[test]
fn three_shards_merge_to_the_one_shot_site_byte_for_byte() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = demo(tmp.path());
    let one = tmp.path().join("one");
    build(&content, &one, &[]).success();
    let globs: [&[&str]; 3] = [&["--classes", "[a-e]*"], &["--classes", "[f-p]*"], &["--classes", "[q-z]*"]];
    let shards: Vec<PathBuf> = (0..3).map(|i| tmp.path().join(format!("shard-{i}"))).collect();
    for (g, s) in globs.iter().zip(&shards) {
        build(&content, s, g).success();
        assert!(s.join(".benchsite-shard.json").is_file());
        assert!(!s.join("index.html").exists(), "a shard has no site-level page");
    }
    let merged = tmp.path().join("merged");
    let shard_refs: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    merge(&content, &merged, &shard_refs, &[]).success();
    let (a, b) = (site(&one), site(&merged));
    assert!(a.len() > 300, "{} files", a.len());
    assert_eq!(diff(&a, &b), Vec::<String>::new(), "the merged site differs from the one-shot build");
    assert!(!merged.join(".benchsite-shard.json").exists());

    // Merging again into the same directory changes nothing; a shard built
    // again (from its cache) merges to the same site.
    build(&content, &shards[1], globs[1]).success();
    let again = merge(&content, &merged, &shard_refs, &[]).success();
    assert!(String::from_utf8_lossy(&again.get_output().stderr).contains("(0 changed)"), "{}", stderr(&again));
    assert_eq!(diff(&a, &site(&merged)), Vec::<String>::new());
}

/// `build --classes` (or `--shard`) into the output of a whole site is
/// refused and the site left byte for byte: it turned the site into a
/// shard, deleting index.html, style.css, 404.html and the other classes
/// (attack60: 74 files became 24, "21 files (1 changed)"). A shard output
/// is rebuilt as before.
#[test]
fn a_shard_build_into_a_whole_site_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = demo(tmp.path());
    let one = tmp.path().join("one");
    build(&content, &one, &[]).success();
    let before = snapshot(&one);
    for extra in [&["--classes", "[a-e]*"][..], &["--shard", "1/3"][..]] {
        let a = build(&content, &one, extra).failure();
        let err = stderr(&a);
        assert!(err.contains("holds a whole site, not a shard") && err.contains("Nothing was written"), "{err}");
        assert_eq!(diff(&before, &snapshot(&one)), Vec::<String>::new(), "{extra:?} changed the site");
    }
    let shard = tmp.path().join("shard");
    build(&content, &shard, &["--classes", "[a-e]*"]).success();
    build(&content, &shard, &["--classes", "[a-e]*"]).success();
}

/// A whole build into a shard's output turned it into a site (its
/// manifest removed, so no merge took it any more), and a merge into one
/// of its own shards wrote over the shard it read (attack60, attacker 59):
/// both refused, the shard left byte for byte. A shard named twice
/// (`sh sh/`) is said so, not "a class in two shards".
#[test]
fn a_whole_build_or_a_merge_into_a_shard_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = demo(tmp.path());
    let (ae, fz) = (tmp.path().join("ae"), tmp.path().join("fz"));
    build(&content, &ae, &["--classes", "[a-e]*"]).success();
    build(&content, &fz, &["--classes", "[f-z]*"]).success();
    let before = snapshot(&ae);
    let err = stderr(&build(&content, &ae, &[]).failure());
    assert!(err.contains("holds a shard") && err.contains("Nothing was written"), "{err}");
    assert_eq!(diff(&before, &snapshot(&ae)), Vec::<String>::new(), "the build changed the shard");
    let err = stderr(&merge(&content, &ae, &[&ae, &fz], &[]).failure());
    assert!(err.contains("is one of the shards being merged") && err.contains("Nothing was written"), "{err}");
    assert_eq!(diff(&before, &snapshot(&ae)), Vec::<String>::new(), "the merge changed the shard");
    let slash = tmp.path().join("fz/");
    let err = stderr(&merge(&content, &tmp.path().join("out"), &[&ae, &fz, &slash], &[]).failure());
    assert!(err.contains("is named twice"), "{err}");
    // Into another shard's directory, not one merged: that shard's
    // manifest was left beside the merged site (closing-61).
    let other = tmp.path().join("e");
    build(&content, &other, &["--classes", "e*"]).success();
    let before_other = snapshot(&other);
    let err = stderr(&merge(&content, &other, &[&ae, &fz], &[]).failure());
    assert!(
        err.contains("holds a shard") && err.contains("a merge there") && err.contains("Nothing was written"),
        "{err}"
    );
    assert_eq!(diff(&before_other, &snapshot(&other)), Vec::<String>::new(), "the merge changed the other shard");
    merge(&content, &tmp.path().join("out"), &[&ae, &fz], &[]).success();
}

#[test]
fn a_glob_matching_no_class_names_the_glob_and_the_classes() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = demo(tmp.path());
    let out = tmp.path().join("shard");
    let a = build(&content, &out, &["--classes", "[a-e]*", "--classes", "zz*"]).failure();
    let err = stderr(&a);
    assert!(err.contains("\"zz*\" matches no machine class"), "{err}");
    assert!(err.contains("dbench32-384m, epyc-vm-2cpu, i586-166"), "{err}");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn the_merge_refuses_overlaps_gaps_other_options_and_changed_classes() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = demo(tmp.path());
    let s = |n: &str| tmp.path().join(n);
    build(&content, &s("ae"), &["--classes", "[a-e]*"]).success();
    build(&content, &s("fz"), &["--classes", "[f-z]*"]).success();
    build(&content, &s("e"), &["--classes", "e*"]).success();
    build(&content, &s("fz-wide"), &["--classes", "[f-z]*", "--width", "60"]).success();
    let out = s("out");

    let a = merge(&content, &out, &[&s("ae"), &s("fz"), &s("e")], &[]).failure();
    assert!(stderr(&a).contains("machine class \"epyc-vm-2cpu\" is in two shards"), "{}", stderr(&a));
    let a = merge(&content, &out, &[&s("fz")], &[]).failure();
    assert!(stderr(&a).contains("2 machine class(es) in no shard: dbench32-384m, epyc-vm-2cpu"), "{}", stderr(&a));
    let a = merge(&content, &out, &[&s("ae"), &s("fz-wide")], &[]).failure();
    // It read "was built with --width 60 (the merge's is 72) than this merge" (attack60).
    assert!(
        stderr(&a).contains("was built otherwise than this merge: --width 60 (the merge's is 72);"),
        "{}",
        stderr(&a)
    );
    let a = merge(&content, &out, &[&s("ae"), &s("fz")], &["--base-url", "https://example.org/"]).failure();
    assert!(stderr(&a).contains("--base-url none (the merge's is \"https://example.org/\")"), "{}", stderr(&a));
    let a = merge(&content, &out, &[&s("ae"), &content], &[]).failure();
    assert!(stderr(&a).contains("is not a shard output (no .benchsite-shard.json)"), "{}", stderr(&a));
    assert!(!out.exists(), "a refused merge writes nothing");

    // A raw file changed since the shard was built.
    put(&content, "k6-2-475-384m/extra-notes.txt", "rebooted\n");
    let a = merge(&content, &out, &[&s("ae"), &s("fz")], &[]).failure();
    assert!(stderr(&a).contains("\"k6-2-475-384m\" of shard"), "{}", stderr(&a));
    assert!(stderr(&a).contains("was built from other files than"), "{}", stderr(&a));
    std::fs::remove_file(content.join("k6-2-475-384m/extra-notes.txt")).expect("rm");

    // Another site.yaml: every page's navigation may differ.
    let site_yaml = std::fs::read_to_string(content.join("site.yaml")).expect("site.yaml");
    put(&content, "site.yaml", format!("{site_yaml}\n# edited\n"));
    let a = merge(&content, &out, &[&s("ae"), &s("fz")], &[]).failure();
    assert!(stderr(&a).contains("another site.yaml"), "{}", stderr(&a));
    put(&content, "site.yaml", site_yaml);
    merge(&content, &out, &[&s("ae"), &s("fz")], &[]).success();
}

#[test]
fn the_merge_never_writes_into_a_directory_that_is_not_ours() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = demo(tmp.path());
    let shard = tmp.path().join("shard");
    build(&content, &shard, &["--classes", "*"]).success();
    let out = tmp.path().join("mine");
    put(&out, "notes.txt", "my notes\n");
    let a = merge(&content, &out, &[&shard], &[]).failure();
    assert!(stderr(&a).contains("was not created by benchsite"), "{}", stderr(&a));
    assert_eq!(snapshot(&out).len(), 1, "untouched");
    // With --force it writes beside the user's file, and keeps it.
    merge(&content, &out, &[&shard], &["--force"]).success();
    assert_eq!(std::fs::read_to_string(out.join("notes.txt")).expect("kept"), "my notes\n");
    assert!(out.join("index.html").is_file());
}

#[test]
fn a_shard_listing_a_file_it_lacks_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = demo(tmp.path());
    let shard = tmp.path().join("shard");
    build(&content, &shard, &["--classes", "*"]).success();
    std::fs::remove_file(shard.join("i586-166/index.html")).expect("rm");
    let out = tmp.path().join("out");
    let a = merge(&content, &out, &[&shard], &[]).failure();
    assert!(stderr(&a).contains("cannot read i586-166/index.html, which its manifest lists"), "{}", stderr(&a));
    assert!(!out.exists() || snapshot(&out).is_empty(), "nothing written");
}

/// A shard's file cut or changed after its build (attack34 #17: a page
/// cut to 1,000 bytes in the artifact was merged and published as is)
/// is refused, naming it, and nothing is written. A shard built again
/// over its own output (the class kept from its cache) merges.
#[test]
fn a_shard_whose_file_was_cut_or_changed_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = demo(tmp.path());
    let shard = tmp.path().join("shard");
    build(&content, &shard, &["--classes", "*"]).success();
    // Built again: every class kept unchanged, hashed from the files in place.
    build(&content, &shard, &["--classes", "*"]).success();
    let good = tmp.path().join("good");
    merge(&content, &good, &[&shard], &[]).success();
    for (file, damage) in [("i586-166/index.html", "cut"), ("i586-166/raw/2.3.13-pre1/bonnie.txt", "edited")] {
        let path = shard.join(file);
        let bytes = std::fs::read(&path).expect(file);
        let original = bytes.clone();
        let damaged = if damage == "cut" { bytes[..bytes.len() / 2].to_vec() } else { [&bytes[..], b"x"].concat() };
        std::fs::write(&path, damaged).expect("damage");
        let out = tmp.path().join(format!("out-{damage}"));
        let a = merge(&content, &out, &[&shard], &[]).failure();
        assert!(stderr(&a).contains(&format!("{file} is not the file its build wrote")), "{}", stderr(&a));
        assert!(!out.exists() || snapshot(&out).is_empty(), "nothing written");
        std::fs::write(&path, original).expect("restore");
    }
}
