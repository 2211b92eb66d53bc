//! The build cache never serves stale pages: after any change to the
//! content (raw files, YAML annotations), to the output, or to benchsite
//! itself, a rebuild into the same output directory gives exactly the files a
//! build from scratch gives. And when nothing changed, unchanged machine
//! classes really are skipped.

use benchsite::build::{BuildOptions, build};
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

const CACHE: &str = ".benchsite-cache";

fn demo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("content")
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dst = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dst);
        } else {
            fs::copy(e.path(), dst).unwrap();
        }
    }
}

/// A small site: two machine classes of the demo content.
fn site(root: &Path) -> PathBuf {
    let c = root.join("content");
    fs::create_dir_all(&c).unwrap();
    fs::copy(demo().join("site.yaml"), c.join("site.yaml")).unwrap();
    for m in ["dbench32-384m", "p166-24m"] {
        copy_dir(&demo().join(m), &c.join(m));
    }
    c
}

fn opts(content: &Path, out: &Path) -> BuildOptions {
    BuildOptions::new(content, out)
}

fn run(content: &Path, out: &Path) {
    build(&opts(content, out)).expect("builds");
}

/// A copy of two demo classes in a temporary directory, built once into
/// `out`: (the directory, to keep alive; content; out).
fn built_site() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let content = site(tmp.path());
    let out = tmp.path().join("out");
    run(&content, &out);
    (tmp, content, out)
}

/// Every file under `out` except the cache, with its bytes.
fn snapshot(out: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(base: &Path, dir: &Path, acc: &mut BTreeMap<String, Vec<u8>>) {
        for e in fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let p = e.path();
            let rel = p.strip_prefix(base).unwrap().to_string_lossy().to_string();
            if rel == CACHE {
                continue;
            }
            if e.file_type().unwrap().is_dir() {
                walk(base, &p, acc);
            } else {
                acc.insert(rel, fs::read(&p).unwrap());
            }
        }
    }
    let mut acc = BTreeMap::new();
    walk(out, out, &mut acc);
    acc
}

/// Rebuilds into `out` and checks the result against a build from scratch.
fn rebuild_matches_scratch(content: &Path, out: &Path, scratch_root: &Path) {
    run(content, out);
    assert_matches_scratch(content, out, scratch_root);
}

/// Builds `content` from scratch into a new directory under `scratch_root`
/// and checks that `out` holds the same files, byte for byte.
fn assert_matches_scratch(content: &Path, out: &Path, scratch_root: &Path) {
    let fresh = scratch_root
        .join(format!("fresh-{}", SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap().as_nanos()));
    run(content, &fresh);
    let (a, b) = (snapshot(out), snapshot(&fresh));
    let only_a: Vec<&String> = a.keys().filter(|k| !b.contains_key(*k)).collect();
    let only_b: Vec<&String> = b.keys().filter(|k| !a.contains_key(*k)).collect();
    let differ: Vec<&String> = a.keys().filter(|k| b.get(*k).is_some_and(|v| v != &a[*k])).collect();
    assert!(
        only_a.is_empty() && only_b.is_empty() && differ.is_empty(),
        "rebuild differs from scratch: only in rebuild {only_a:?}, only in scratch {only_b:?}, differ {differ:?}"
    );
}

/// Overwrites a file with same-length contents and puts its modification
/// time back: only a content check can see the change.
fn sneaky_edit(path: &Path, from: &str, to: &str) {
    assert_eq!(from.len(), to.len());
    let mtime = fs::metadata(path).unwrap().modified().unwrap();
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
    File::options().write(true).open(path).unwrap().set_modified(mtime).unwrap();
}

#[test]
fn unchanged_classes_are_skipped() {
    let tmp = tempfile::tempdir().unwrap();
    let content = site(tmp.path());
    let out = tmp.path().join("out");
    // Files older than the racy window (ctime counts too): else a second
    // build more than `RACY_SECS` after the first stores the entry again,
    // with the files read again (`racy_files_read_again_are_recorded_anew`).
    age(&content);
    // The binary both times (a cache records the executable that wrote it).
    let bin = |timings: bool| {
        let o = assert_cmd::Command::cargo_bin("benchsite")
            .unwrap()
            .env("BENCHSITE_TIMINGS", if timings { "1" } else { "" })
            .args(["build", "--content"])
            .arg(&content)
            .arg("--output")
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        o
    };
    bin(false);
    let entry = out.join(CACHE).join("dbench32-384m.entry");
    assert!(entry.is_file());
    let ino = |p: &Path| std::os::unix::fs::MetadataExt::ino(&fs::metadata(p).unwrap());
    let entry_ino = ino(&entry);
    let marker = out.join(".benchsite");
    let marker_ino = ino(&marker);
    // Nothing changed: no class is loaded or laid out again (the timing
    // spans of those steps are not printed at all), and the class's cache
    // entry is not written again (a rewrite is a new file renamed into
    // place).
    let rebuilt = bin(true);
    let timings = String::from_utf8_lossy(&rebuilt.stderr);
    assert!(timings.contains("machine: cache check"), "{timings}");
    assert!(!timings.contains("machine: load + parse") && !timings.contains("machine: report"), "{timings}");
    // Nor are the site-level files made again.
    assert!(!timings.contains("site-level files"), "{timings}");
    assert_eq!(ino(&entry), entry_ino, "an unchanged class's cache entry was rewritten");
    // Nor the list of written files, which names the same paths.
    assert_eq!(ino(&marker), marker_ino, "the list of written files was rewritten");
    // An output edited by hand with its size and modification time kept
    // has a new change time: its class is built again, and the edit undone.
    let page = out.join("dbench32-384m/index.md");
    let text = fs::read_to_string(&page).unwrap();
    let mtime = fs::metadata(&page).unwrap().modified().unwrap();
    fs::write(&page, text.replacen("dbench", "DBENCH", 1)).unwrap();
    File::options().write(true).open(&page).unwrap().set_modified(mtime).unwrap();
    run(&content, &out);
    assert_eq!(fs::read_to_string(&page).unwrap(), text, "a hand-edited output was kept");
}

#[test]
fn unchanged_rebuild_equals_scratch() {
    let (tmp, content, out) = built_site();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

#[test]
fn changed_raw_file_same_size_and_time() {
    let (tmp, content, out) = built_site();
    sneaky_edit(&content.join("dbench32-384m/2.4.7/dbench-32-run1.txt"), "Throughput 9.2929", "Throughput 7.2929");
    rebuild_matches_scratch(&content, &out, tmp.path());
    let md = fs::read_to_string(out.join("dbench32-384m/index.md")).unwrap();
    let fresh = snapshot(&out);
    assert!(fresh.contains_key("dbench32-384m/index.md"));
    assert!(!md.is_empty());
}

/// Every file under `content` modified an hour ago and, by a wait, changed
/// (ctime) more than `RACY_SECS` ago: trusted by its times.
fn age(content: &Path) {
    let old = SystemTime::now() - Duration::from_secs(3600);
    for e in walkdir(content) {
        File::options().write(true).open(&e).unwrap().set_modified(old).unwrap();
    }
    std::thread::sleep(Duration::from_millis(2100));
}

#[test]
fn changed_raw_file_after_its_times_became_trusted() {
    // Files older than the racy window are trusted by their times: an edit
    // still changes size or time (here: time, via an ordinary write).
    let tmp = tempfile::tempdir().unwrap();
    let content = site(tmp.path());
    age(&content);
    let out = tmp.path().join("out");
    run(&content, &out);
    let f = content.join("p166-24m/ac12/test-a-run1.txt");
    let text = fs::read_to_string(&f).unwrap();
    fs::write(&f, text.replacen("1m4.221s", "1m9.221s", 1)).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

/// A class built just after its files were copied has files changed
/// within the racy window: the next build reads them again, and once
/// that build is outside the window it records them anew (the entry
/// stored again), so the build after it trusts them by their times. An
/// edit after that keeping size and modification time is still seen (the
/// change time moved), as is a file touched, read again, and then edited.
#[test]
fn racy_files_read_again_are_recorded_anew() {
    let (tmp, content, out) = built_site();
    let entry = out.join(CACHE).join("p166-24m.entry");
    let ino = |p: &Path| std::os::unix::fs::MetadataExt::ino(&fs::metadata(p).unwrap());
    let first = ino(&entry);
    std::thread::sleep(Duration::from_millis(2100));
    // Read again, the same: recorded anew.
    rebuild_matches_scratch(&content, &out, tmp.path());
    let second = ino(&entry);
    assert_ne!(second, first, "the racy files' records were not stored again");
    // Now trusted by their times: the entry is left alone.
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert_eq!(ino(&entry), second, "an entry with nothing new was stored again");
    // An edit keeping size and modification time: its change time moved.
    sneaky_edit(&content.join("p166-24m/ac12/test-a-run1.txt"), "1m4.221s", "1m9.221s");
    rebuild_matches_scratch(&content, &out, tmp.path());
    // A file touched (same bytes, a new modification time) is read again
    // and, outside the window, recorded with its new times; an edit
    // after that is seen.
    let f = content.join("p166-24m/ac12/test-a-run2.txt");
    File::options().write(true).open(&f).unwrap().set_modified(SystemTime::now() - Duration::from_secs(60)).unwrap();
    std::thread::sleep(Duration::from_millis(2100));
    let before = ino(&entry);
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert_ne!(ino(&entry), before, "the touched file's record was not stored again");
    let text = fs::read_to_string(&f).unwrap();
    let real = text.lines().find(|l| l.starts_with("real")).expect("a real line").to_string();
    let edited = real.replacen('1', "2", 1);
    assert_ne!(real, edited);
    sneaky_edit(&f, &real, &edited);
    rebuild_matches_scratch(&content, &out, tmp.path());
}

fn walkdir(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            out.extend(walkdir(&e.path()));
        } else {
            out.push(e.path());
        }
    }
    out
}

#[test]
fn added_kernel_directory() {
    let (tmp, content, out) = built_site();
    copy_dir(&content.join("dbench32-384m/2.4.8-pre1"), &content.join("dbench32-384m/2.4.8-pre2"));
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(out.join("dbench32-384m/raw/2.4.8-pre2/dbench-32-run1.txt").is_file());
}

#[test]
fn added_raw_file() {
    let (tmp, content, out) = built_site();
    fs::copy(
        content.join("dbench32-384m/2.4.7/dbench-32-run1.txt"),
        content.join("dbench32-384m/2.4.7/dbench-32-run4.txt"),
    )
    .unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

#[test]
fn removed_raw_file() {
    let (tmp, content, out) = built_site();
    fs::remove_file(content.join("dbench32-384m/2.4.7/dbench-32-run3.txt")).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(!out.join("dbench32-384m/raw/2.4.7/dbench-32-run3.txt").exists());
}

#[test]
fn changed_kernel_yaml_same_size_and_time() {
    let (tmp, content, out) = built_site();
    sneaky_edit(&content.join("dbench32-384m/2.4.7/kernel.yaml"), "reference", "REFERENCE");
    rebuild_matches_scratch(&content, &out, tmp.path());
}

#[test]
fn added_and_removed_kernel_yaml() {
    let (tmp, content, out) = built_site();
    fs::remove_file(content.join("dbench32-384m/2.4.7/kernel.yaml")).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    fs::write(content.join("dbench32-384m/2.4.7/kernel.yaml"), "notes: |\n  Back again.\npatches: [\"x\"]\n").unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

#[test]
fn changed_machine_yaml_same_size_and_time() {
    let (tmp, content, out) = built_site();
    sneaky_edit(&content.join("dbench32-384m/machine.yaml"), "384 MB box", "384 MB BOX");
    rebuild_matches_scratch(&content, &out, tmp.path());
}

#[test]
fn changed_site_yaml_same_size_and_time() {
    let (tmp, content, out) = built_site();
    sneaky_edit(&content.join("site.yaml"), "Kernel benchmarks", "KERNEL benchmarks");
    rebuild_matches_scratch(&content, &out, tmp.path());
}

#[test]
fn removed_machine_class() {
    let (tmp, content, out) = built_site();
    fs::remove_dir_all(content.join("p166-24m")).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(!out.join(CACHE).join("p166-24m.entry").exists());
}

#[test]
fn changed_benchsite_version() {
    let (tmp, content, out) = built_site();
    // An output tampered with (same size and time) survives a skip, so a
    // rebuild that restores it did not use the cache.
    let page = out.join("dbench32-384m/index.md");
    let text = fs::read_to_string(&page).unwrap();
    let mtime = fs::metadata(&page).unwrap().modified().unwrap();
    fs::write(&page, text.replacen("dbench", "DBENCH", 1)).unwrap();
    File::options().write(true).open(&page).unwrap().set_modified(mtime).unwrap();
    // The cache as another benchsite would have written it.
    let entry = out.join(CACHE).join("dbench32-384m.entry");
    let bytes = fs::read(&entry).unwrap();
    let body = &bytes[bytes.iter().position(|&b| b == b'\n').unwrap() + 1..];
    fs::write(&entry, [b"benchsite build cache 0.0.0-other/1/0-0\n".as_slice(), body].concat()).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(!fs::read_to_string(&page).unwrap().contains("DBENCH"));
}

#[test]
fn deleted_or_edited_output_is_restored() {
    let (tmp, content, out) = built_site();
    fs::remove_file(out.join("dbench32-384m/email.txt")).unwrap();
    fs::write(out.join("p166-24m/index.md"), "edited by hand\n").unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

/// A class built again (one raw file changed) compares each new output
/// with the file in place by the hash recorded for it, unread, while the
/// file is as the last build left it: unchanged outputs are not rewritten
/// (same inode), and an output edited by hand since (same size, its
/// modification time put back: only its change time tells) is not
/// mistaken for unchanged.
#[test]
fn rebuilt_class_rewrites_changed_outputs_only() {
    let (tmp, content, out) = built_site();
    let ino = |p: &Path| std::os::unix::fs::MetadataExt::ino(&fs::metadata(p).unwrap());
    let untouched = out.join("dbench32-384m/raw/2.4.8-pre1/dbench-32-run1.txt");
    let untouched_ino = ino(&untouched);
    // Hand-edited, in the class about to be built again: a copy of a raw
    // file the change below leaves alone.
    let page = out.join("dbench32-384m/raw/2.4.8-pre1/dbench-32-run2.txt");
    let text = fs::read_to_string(&page).unwrap();
    let mtime = fs::metadata(&page).unwrap().modified().unwrap();
    let edited = text.replacen("Throughput", "THROUGHPUT", 1);
    assert_ne!(edited, text);
    fs::write(&page, edited).unwrap();
    File::options().write(true).open(&page).unwrap().set_modified(mtime).unwrap();
    sneaky_edit(&content.join("dbench32-384m/2.4.7/dbench-32-run1.txt"), "Throughput 9.2929", "Throughput 7.2929");
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert_eq!(fs::read_to_string(&page).unwrap(), text, "a hand-edited output was kept");
    assert_eq!(ino(&untouched), untouched_ino, "an unchanged output was written again");
    // And again, with nothing edited by hand: the outputs now in place are
    // the ones recorded.
    sneaky_edit(&content.join("dbench32-384m/2.4.7/dbench-32-run1.txt"), "Throughput 7.2929", "Throughput 8.2929");
    let page_ino = ino(&page);
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert_eq!(ino(&page), page_ino, "an unchanged output was written again");
}

#[test]
fn corrupt_cache_is_no_cache() {
    let (tmp, content, out) = built_site();
    fs::write(out.join(CACHE).join("dbench32-384m.entry"), "{ not an entry").unwrap();
    fs::write(
        content.join("dbench32-384m/2.4.7/dbench-32-run4.txt"),
        "32 clients started\nThroughput 8.5 MB/sec (NB=10.625 MB/sec  85 MBit/sec)\n",
    )
    .unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

// The parse cache (`<class>.parsed`): a class that is rebuilt takes each raw
// file's parse result from it when the file's contents (and the parser
// forced on it) are unchanged, and parses the rest.

/// Rebuilds into `out`, checks the result against a build from scratch, and
/// returns how many raw files the rebuild parsed (not from the cache).
fn rebuild_parses(content: &Path, out: &Path, scratch_root: &Path) -> usize {
    let report = build(&opts(content, out)).expect("builds");
    assert_matches_scratch(content, out, scratch_root);
    report.files_parsed
}

fn parse_cache(out: &Path, class: &str) -> PathBuf {
    out.join(CACHE).join(format!("{class}.parsed"))
}

#[test]
fn parse_cache_changed_raw_file_is_parsed_again_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let content = site(tmp.path());
    let out = tmp.path().join("out");
    let first = build(&opts(&content, &out)).unwrap();
    assert!(first.files_parsed > 6, "a first build parses every file");
    assert!(parse_cache(&out, "dbench32-384m").is_file());
    // Same size and time: the class check sees it by content, the parse
    // cache by its key.
    sneaky_edit(&content.join("dbench32-384m/2.4.7/dbench-32-run1.txt"), "Throughput 9.2929", "Throughput 7.2929");
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 1);
    assert!(
        fs::read_to_string(out.join("dbench32-384m/raw/2.4.7/dbench-32-run1.txt"))
            .unwrap()
            .contains("Throughput 7.2929")
    );
    // Back again: an entry for the old contents was dropped with the file's
    // old version, so it is parsed once more, and nothing else is.
    sneaky_edit(&content.join("dbench32-384m/2.4.7/dbench-32-run1.txt"), "Throughput 7.2929", "Throughput 9.2929");
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 1);
}

#[test]
fn parse_cache_added_kernel_parses_only_its_files() {
    let (tmp, content, out) = built_site();
    let k = content.join("dbench32-384m/2.4.9");
    fs::create_dir_all(&k).unwrap();
    for n in 1..=3 {
        let text = fs::read_to_string(content.join(format!("dbench32-384m/2.4.7/dbench-32-run{n}.txt"))).unwrap();
        fs::write(k.join(format!("dbench-32-run{n}.txt")), text.replacen("Throughput ", "Throughput 1", 1)).unwrap();
    }
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 3);
}

/// A removed kernel's entries are dropped from the parse cache by a part
/// appended to the file (the class's other entries not written again) while
/// few; the site is as from scratch, and the kernel put back is parsed again
/// (its entries gone, as when the file is written anew).
#[test]
fn parse_cache_removed_kernel_is_dropped_by_an_appended_part() {
    let (tmp, content, out) = built_site();
    // Eight more kernels of three files each: the class's 6 files become 30.
    for k in 0..8 {
        let dir = content.join(format!("dbench32-384m/2.4.9-k{k}"));
        fs::create_dir_all(&dir).unwrap();
        for n in 1..=3 {
            let text = fs::read_to_string(content.join(format!("dbench32-384m/2.4.7/dbench-32-run{n}.txt"))).unwrap();
            let text = text.replacen("Throughput ", &format!("Throughput {k}"), 1);
            fs::write(dir.join(format!("dbench-32-run{n}.txt")), text).unwrap();
        }
    }
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 24);
    let before = fs::read(parse_cache(&out, "dbench32-384m")).unwrap();
    // One removed: nothing parsed, the file kept and a part appended.
    let gone = content.join("dbench32-384m/2.4.9-k3");
    let saved = tmp.path().join("saved-k3");
    fs::rename(&gone, &saved).unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 0);
    let after = fs::read(parse_cache(&out, "dbench32-384m")).unwrap();
    assert!(after.len() > before.len() && after.starts_with(&before), "the parse cache kept and appended to");
    // Put back: its three files parsed again, nothing else.
    fs::rename(&saved, &gone).unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 3);
}

#[test]
fn parse_cache_forced_format_changed_in_machine_yaml() {
    let (tmp, content, out) = built_site();
    let yaml = content.join("dbench32-384m/machine.yaml");
    let text = fs::read_to_string(&yaml).unwrap();
    let forced = "\"*/dbench-32-run*.txt\": dbench";
    assert!(text.contains(forced));
    // The six dbench files are now read as GNU time output: parsed again.
    fs::write(&yaml, text.replacen(forced, "\"*/dbench-32-run*.txt\": gnu-time", 1)).unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 6);
    // A forced parser that is the one detection picks is still another key.
    fs::write(&yaml, text.replacen(forced, "", 1)).unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 6);
    fs::write(&yaml, &text).unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 6);
}

#[test]
fn parse_cache_kernel_yaml_runs_apply_after_the_cache() {
    // kernel.yaml has no `formats:`; what it changes about a file's samples
    // (`runs:`) is applied after the parse cache, so nothing is parsed again.
    let (tmp, content, out) = built_site();
    let yaml = content.join("dbench32-384m/2.4.7/kernel.yaml");
    let text = fs::read_to_string(&yaml).unwrap();
    fs::write(&yaml, format!("{text}runs:\n  dbench-32-run1.txt: {{ n: 5, stddev: 0.25 }}\n")).unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 0);
    let data = fs::read_to_string(out.join("dbench32-384m/data.json")).unwrap();
    assert!(data.contains("\"n\":5"), "runs: applied to the cached result");
    fs::write(&yaml, &text).unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 0);
}

#[test]
fn parse_cache_file_moved_to_another_kernel() {
    // Same contents, so the cached result is used; the kernel comes from
    // the new directory.
    let (tmp, content, out) = built_site();
    fs::rename(
        content.join("dbench32-384m/2.4.7/dbench-32-run3.txt"),
        content.join("dbench32-384m/2.4.8-pre1/dbench-32-run4.txt"),
    )
    .unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 0);
    assert!(out.join("dbench32-384m/raw/2.4.8-pre1/dbench-32-run4.txt").is_file());
    // And into a kernel directory of its own.
    fs::create_dir_all(content.join("dbench32-384m/2.4.9")).unwrap();
    fs::rename(
        content.join("dbench32-384m/2.4.8-pre1/dbench-32-run4.txt"),
        content.join("dbench32-384m/2.4.9/dbench-32-run1.txt"),
    )
    .unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 0);
    let data = fs::read_to_string(out.join("dbench32-384m/data.json")).unwrap();
    assert!(data.contains("\"2.4.9\""), "the moved file's kernel is its new directory");
}

#[test]
fn parse_cache_corrupt_is_no_cache() {
    let (tmp, content, out) = built_site();
    let pc = parse_cache(&out, "dbench32-384m");
    let good = fs::read(&pc).unwrap();
    let edit = |n: usize| {
        // A raw file changes each time, so the class is not skipped.
        fs::write(
            content.join("dbench32-384m/2.4.7/dbench-32-run4.txt"),
            format!("32 clients started\nThroughput 8.{n} MB/sec (NB=10.625 MB/sec  85 MBit/sec)\n"),
        )
        .unwrap();
    };
    // Garbage, a truncated file, and a flipped byte inside an entry.
    fs::write(&pc, "not a cache").unwrap();
    edit(1);
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 7);
    let good_len = good.len();
    fs::write(&pc, &fs::read(&pc).unwrap()[..good_len / 2]).unwrap();
    edit(2);
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 7);
    let mut bytes = fs::read(&pc).unwrap();
    let at = bytes.len() - 10;
    bytes[at] ^= 0x01;
    fs::write(&pc, &bytes).unwrap();
    // A kernel.yaml changes, so the class is rebuilt with every raw file as
    // it was: the files whose entries the flipped byte damaged are parsed
    // again, and the site is as from scratch (`rebuild_parses` checks).
    // The frames are one deflated stream since the sixteenth session, so a
    // flipped byte may damage every entry after it or the whole stream (7
    // files parsed), where it damaged one entry (1).
    let yaml = content.join("dbench32-384m/2.4.7/kernel.yaml");
    let text = fs::read_to_string(&yaml).unwrap();
    fs::write(&yaml, text.replacen("reference", "REFERENCE", 1)).unwrap();
    let parsed = rebuild_parses(&content, &out, tmp.path());
    assert!((1..=7).contains(&parsed), "{parsed} parsed");
}

#[test]
fn parse_cache_of_another_benchsite_is_not_used() {
    let (tmp, content, out) = built_site();
    let pc = parse_cache(&out, "dbench32-384m");
    let bytes = fs::read(&pc).unwrap();
    let nl = bytes.iter().position(|&b| b == b'\n').unwrap();
    let mut other = b"benchsite parse cache 0.0.0-other/1/0-0".to_vec();
    other.extend_from_slice(&bytes[nl..]);
    fs::write(&pc, other).unwrap();
    fs::write(
        content.join("dbench32-384m/2.4.7/dbench-32-run4.txt"),
        "32 clients started\nThroughput 8.5 MB/sec (NB=10.625 MB/sec  85 MBit/sec)\n",
    )
    .unwrap();
    assert_eq!(rebuild_parses(&content, &out, tmp.path()), 7);
}

#[test]
fn parse_cache_of_removed_class_is_removed() {
    let (_tmp, content, out) = built_site();
    assert!(parse_cache(&out, "p166-24m").is_file());
    fs::remove_dir_all(content.join("p166-24m")).unwrap();
    run(&content, &out);
    assert!(!parse_cache(&out, "p166-24m").exists());
}

/// A class entry of an older benchsite (`<class>.json`, before cache format
/// 8) is no cache, and the next build removes it.
#[test]
fn older_json_entry_is_removed() {
    let (tmp, content, out) = built_site();
    let old = out.join(CACHE).join("dbench32-384m.json");
    fs::write(&old, "{\"version\": \"0.1.0/7/1-1\"}").unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(!old.exists());
    assert!(out.join(CACHE).join("dbench32-384m.entry").is_file());
}

/// The list of written files (`.benchsite`) is rewritten whenever it is not
/// exactly the list a build writes, even when it names the same paths: a
/// comment, a blank line, carriage returns, a missing last line break, a
/// byte that is not UTF-8, a symbolic link.
#[test]
fn edited_list_of_written_files_is_rewritten() {
    let (tmp, content, out) = built_site();
    let marker = out.join(".benchsite");
    let canonical = fs::read(&marker).unwrap();
    let text = String::from_utf8(canonical.clone()).unwrap();
    let edits: Vec<Vec<u8>> = vec![
        text.replacen('\n', "\n# my note\n", 1).into_bytes(),
        text.replacen('\n', "\n\n", 2).into_bytes(),
        text.replace('\n', "\r\n").into_bytes(),
        text.trim_end().as_bytes().to_vec(),
        [canonical.as_slice(), b"caf\xe9\n"].concat(),
    ];
    for edited in edits {
        fs::write(&marker, &edited).unwrap();
        rebuild_matches_scratch(&content, &out, tmp.path());
        assert_eq!(fs::read(&marker).unwrap(), canonical);
    }
    let elsewhere = tmp.path().join("list-elsewhere");
    fs::rename(&marker, &elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &marker).unwrap();
    run(&content, &out);
    assert!(fs::symlink_metadata(&marker).unwrap().is_file(), "the list is still a symbolic link");
    assert_eq!(fs::read(&marker).unwrap(), canonical);
}

/// A machine class whose name starts with `#` lists paths starting with `#`:
/// they are paths, not comments, and its files go when the class goes.
#[test]
fn class_named_like_a_comment_is_removed_with_its_files() {
    let (tmp, content, out) = built_site();
    copy_dir(&content.join("p166-24m"), &content.join("#x"));
    run(&content, &out);
    assert!(out.join("#x/index.html").is_file());
    fs::remove_dir_all(content.join("#x")).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(!out.join("#x").exists());
}

/// An output replaced by a symbolic link, even to a file with the same
/// contents, is replaced by the file again: kept, the link would show
/// whatever its target holds later.
#[test]
fn output_replaced_by_a_link_is_a_file_again() {
    let (tmp, content, out) = built_site();
    let page = out.join("p166-24m/index.md");
    let copy = tmp.path().join("copy.md");
    fs::copy(&page, &copy).unwrap();
    fs::remove_file(&page).unwrap();
    std::os::unix::fs::symlink(&copy, &page).unwrap();
    // The class is built again (a raw file changed).
    sneaky_edit(&content.join("p166-24m/ac12/test-a-run1.txt"), "1m4.221s", "1m5.221s");
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(fs::symlink_metadata(&page).unwrap().is_file());
}

/// A kept class's directory moved away and linked back (every output
/// still the same file, by the link) is not written through: the build
/// fails naming the link, as it did before the kept class's outputs were
/// claimed as one tree; with the directory back, the build keeps it.
#[test]
fn kept_class_directory_behind_a_link_is_refused() {
    let (tmp, content, out) = built_site();
    let kernels = out.join("p166-24m/kernels");
    assert!(kernels.is_dir());
    let away = tmp.path().join("kernels-away");
    fs::rename(&kernels, &away).unwrap();
    std::os::unix::fs::symlink(&away, &kernels).unwrap();
    let err = build(&opts(&content, &out)).expect_err("a link in the output directory");
    let msg = format!("{err}");
    assert!(msg.contains("p166-24m/kernels") && msg.contains("symbolic link"), "{msg}");
    fs::remove_file(&kernels).unwrap();
    fs::rename(&away, &kernels).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

/// Symbolic links planted in the output directory under the names of the
/// temporary files a build writes are removed, never written through.
#[test]
fn links_at_temporary_names_are_not_followed() {
    let (tmp, content, out) = built_site();
    let outside: Vec<PathBuf> = (1..=3).map(|i| tmp.path().join(format!("precious{i}"))).collect();
    for f in &outside {
        fs::write(f, "precious\n").unwrap();
    }
    std::os::unix::fs::symlink(&outside[0], out.join(".index.html.benchsite-tmp")).unwrap();
    std::os::unix::fs::symlink(&outside[1], out.join(CACHE).join(".p166-24m.entry.tmp")).unwrap();
    std::os::unix::fs::symlink(&outside[2], out.join(".benchsite.tmp")).unwrap();
    // Every page changes (the site's title), and so does a class.
    sneaky_edit(&content.join("site.yaml"), "Kernel benchmarks", "KERNEL benchmarks");
    sneaky_edit(&content.join("p166-24m/ac12/test-a-run1.txt"), "1m4.221s", "1m5.221s");
    rebuild_matches_scratch(&content, &out, tmp.path());
    for f in &outside {
        assert_eq!(fs::read_to_string(f).unwrap(), "precious\n", "{} was written through a link", f.display());
    }
    for p in [out.join("index.html"), out.join(".benchsite")] {
        assert!(fs::symlink_metadata(&p).unwrap().is_file(), "{} is not a regular file", p.display());
    }
}

/// A cache entry damaged (a byte of its deflated body flipped: it may
/// still inflate and decode, to other names or numbers) is no cache; nor
/// is the entry of a class exactly like this one under another name.
#[test]
fn damaged_or_swapped_entry_is_no_cache() {
    let (tmp, content, out) = built_site();
    let entry = out.join(CACHE).join("p166-24m.entry");
    let bytes = fs::read(&entry).unwrap();
    // A byte in the middle of the body flipped (the body is deflated: the
    // class's name is not in it as text).
    let at = bytes.len() / 2;
    let mut damaged = bytes.clone();
    damaged[at] ^= 0x20;
    fs::write(&entry, damaged).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    // Two classes alike in every file: each keeps its own entry.
    copy_dir(&content.join("p166-24m"), &content.join("p166-twin"));
    run(&content, &out);
    let twin = out.join(CACHE).join("p166-twin.entry");
    let (a, b) = (fs::read(&entry).unwrap(), fs::read(&twin).unwrap());
    fs::write(&entry, &b).unwrap();
    fs::write(&twin, &a).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

/// A cache file that cannot be written (a full disk; here a directory
/// where the entry goes) is one warning naming it; the site is still
/// written, and no temporary file stays in the cache (it was silent, and
/// the temporary files stayed).
#[test]
fn a_cache_that_cannot_be_stored_is_a_warning_and_leaves_no_temporaries() {
    let (_tmp, content, out) = built_site();
    let entry = out.join(CACHE).join("p166-24m.entry");
    fs::remove_file(&entry).unwrap();
    fs::create_dir(&entry).unwrap();
    fs::write(entry.join("keep"), b"in the way").unwrap();
    let report = build(&opts(&content, &out)).expect("the site builds");
    let warned: Vec<String> = report.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(
        warned.iter().any(|w| w.contains("the build cache was not stored") && w.contains("p166-24m.entry")),
        "{warned:?}"
    );
    let left: Vec<_> = fs::read_dir(out.join(CACHE))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert!(out.join("p166-24m/index.html").is_file());
}

/// The content directory named another way (`content`, `./content`, its
/// absolute path, with a trailing `/`) is the same directory: nothing is
/// loaded or laid out again, and a kept warning names its file as this
/// build spells the directory (issue 28, point 4).
#[test]
fn spelling_of_the_content_path_keeps_the_cache() {
    let tmp = tempfile::tempdir().unwrap();
    let content = site(tmp.path());
    // A warning the cache keeps: a section whose files match nothing.
    let yaml = content.join("p166-24m/machine.yaml");
    let text = fs::read_to_string(&yaml).unwrap();
    let text = if text.contains("sections:") {
        text.replacen("sections:", "sections:\n  - title: \"Nothing\"\n    files: [\"*/nothing.txt\"]", 1)
    } else {
        text + "sections:\n  - title: \"Nothing\"\n    files: [\"*/nothing.txt\"]\n"
    };
    fs::write(&yaml, text).unwrap();
    let out = tmp.path().join("out");
    let bin = |spelled: &str| {
        let o = assert_cmd::Command::cargo_bin("benchsite")
            .unwrap()
            .current_dir(tmp.path())
            .env("BENCHSITE_TIMINGS", "1")
            .args(["build", "--content", spelled, "--output"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let first = bin("content");
    assert!(first.contains("content/p166-24m/machine.yaml"), "{first}");
    let absolute = content.to_string_lossy().into_owned();
    for spelled in ["./content", absolute.as_str(), "content/"] {
        let again = bin(spelled);
        assert!(!again.contains("machine: load + parse") && !again.contains("machine: report"), "{spelled}: {again}");
        let named = Path::new(spelled).join("p166-24m/machine.yaml");
        assert!(again.contains(&*named.to_string_lossy()), "{spelled}: {again}");
    }
}

/// The site-level files (site index, lint and cross-class pages, the
/// theme's static files) are kept by a build that changed nothing, and
/// made again, equal to a build from scratch, when one of them is gone,
/// when the site's own findings change (a directory that is no machine
/// class), or when their cache entry is damaged.
#[test]
fn site_level_files_are_kept_only_while_they_would_be_the_same() {
    let (tmp, content, out) = built_site();
    let site_entry = out.join(CACHE).join("site.outputs");
    assert!(site_entry.is_file());
    fs::remove_file(out.join("index.html")).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    fs::remove_file(out.join("style.css")).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    // A directory without machine.yaml: a finding of the site's own.
    fs::create_dir(content.join("zz-notes")).unwrap();
    fs::write(content.join("zz-notes/todo.txt"), "rerun dbench\n").unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(fs::read_to_string(out.join("lint.html")).unwrap().contains("zz-notes"));
    fs::remove_dir_all(content.join("zz-notes")).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(!fs::read_to_string(out.join("lint.html")).unwrap().contains("zz-notes"));
    fs::write(&site_entry, "not an entry").unwrap();
    fs::remove_file(out.join("404.html")).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

/// A kept class whose cross-class cells do not read back (its entry's
/// hash matches, so they were written so) is read only when the
/// cross-class page is made again: an add that leaves the page as it was
/// keeps it without reading them; one that changes the page lays the
/// class out again for its cells (its files kept) and writes its entry
/// anew. Both times the site equals a build from scratch.
#[test]
fn kept_class_whose_cells_do_not_read_back_is_built_again() {
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    copy_dir(&demo(), &content);
    // Outside the racy window: else a rebuild more than `RACY_SECS` after
    // the first build records the class's files anew and stores its entry
    // again (the damaged cells as they are).
    age(&content);
    let out = tmp.path().join("out");
    run(&content, &out);
    let entry = out.join(CACHE).join("k6-2-475-384m.entry");
    let bytes = fs::read(&entry).unwrap();
    // The header line, then the body: the entry's length (8 bytes), the
    // entry, the cells; then the body's hash.
    let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let body = &bytes[header..bytes.len() - 8];
    let len = u64::from_le_bytes(body[..8].try_into().unwrap()) as usize;
    let body = [&body[..8 + len], b"not deflated cells".as_slice()].concat();
    let sum = benchsite::cache::hash(&body).to_le_bytes();
    let damaged = [&bytes[..header], &body, &sum].concat();
    fs::write(&entry, &damaged).unwrap();
    // A class no other ran a kernel of changed: the page is kept, the
    // damaged cells not read.
    let raw = walkdir(&content.join("dbench32-384m")).into_iter().find(|p| p.extension().is_some_and(|e| e == "txt"));
    let raw = raw.unwrap();
    fs::write(&raw, fs::read_to_string(&raw).unwrap() + "\n").unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert_eq!(fs::read(&entry).unwrap(), damaged);
    // A kernel the damaged class ran added to another: the page is made
    // again, from the damaged class laid out again.
    add_shared_kernel(&content);
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(fs::read_to_string(out.join("across.md")).unwrap().contains("## 2.4.17: dbench"));
    assert_ne!(fs::read(&entry).unwrap(), damaged);
}

/// Builds `content` into `out` with the binary, timing spans on: its
/// standard error.
fn build_timed(content: &Path, out: &Path) -> String {
    let o = assert_cmd::Command::cargo_bin("benchsite")
        .unwrap()
        .env("BENCHSITE_TIMINGS", "1")
        .args(["build", "--content"])
        .arg(content)
        .arg("--output")
        .arg(out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// Adds kernel `2.4.17` to the demo's Quad Xeon class (the dbench,
/// tbench, lmbench, AIM7 and IRMAN files of its `2.4.20-pre5`): the
/// K6-2 class ran `2.4.17` with dbench too, so the cross-class page gains
/// a table.
fn add_shared_kernel(content: &Path) {
    let from = content.join("quad-xeon-raid5/2.4.20-pre5");
    let to = content.join("quad-xeon-raid5/2.4.17");
    fs::create_dir(&to).unwrap();
    for e in fs::read_dir(&from).unwrap() {
        let e = e.unwrap();
        if e.path().extension().is_some_and(|x| x == "txt") {
            fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// grid49: adding a kernel no other class ran keeps `across.*` as they
/// are (the page's key, made from each class's digest of its cells, is
/// the last build's): neither laid out again nor any kept class's cells
/// read back, and the site equals a build from scratch. Adding a kernel
/// another class ran (a table more on the page) makes it again, equal to
/// a build from scratch; so does a changed value of a kernel the page
/// shows, and a changed reference machine.
#[test]
fn cross_class_page_is_kept_while_its_inputs_are() {
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    copy_dir(&demo(), &content);
    let out = tmp.path().join("out");
    build_timed(&content, &out);
    let across: Vec<PathBuf> = ["across.html", "across.md", "across.txt"].iter().map(|f| out.join(f)).collect();
    let before: Vec<Vec<u8>> = across.iter().map(|p| fs::read(p).unwrap()).collect();
    let ino = |p: &Path| std::os::unix::fs::MetadataExt::ino(&fs::metadata(p).unwrap());
    let inodes: Vec<u64> = across.iter().map(|p| ino(p)).collect();
    // A kernel only the dbench class ran.
    copy_dir(&content.join("dbench32-384m/2.4.7"), &content.join("dbench32-384m/2.4.7-grid49"));
    let timings = build_timed(&content, &out);
    assert!(timings.contains("machine: load + parse"), "{timings}");
    assert!(!timings.contains("cross-class page laid out"), "{timings}");
    assert!(!timings.contains("read kept classes' cells"), "{timings}");
    let after: Vec<Vec<u8>> = across.iter().map(|p| fs::read(p).unwrap()).collect();
    assert!(before == after, "across.* changed");
    assert_eq!(across.iter().map(|p| ino(p)).collect::<Vec<_>>(), inodes, "across.* written again");
    assert!(fs::read_to_string(out.join("index.md")).unwrap().contains("[Machines side by side](across.md)"));
    assert_matches_scratch(&content, &out, tmp.path());
    // A kernel the K6-2 class ran too: the page is made again.
    add_shared_kernel(&content);
    let timings = build_timed(&content, &out);
    assert!(timings.contains("cross-class page laid out"), "{timings}");
    assert!(timings.contains("read kept classes' cells"), "{timings}");
    assert!(fs::read_to_string(out.join("across.md")).unwrap().contains("## 2.4.17: dbench"));
    assert_matches_scratch(&content, &out, tmp.path());
    // A value the page shows (the Quad Xeon's IRMAN of 2.5.33-mm5).
    let irman = content.join("quad-xeon-raid5/2.5.33-mm5/irman.txt");
    let text = fs::read_to_string(&irman).unwrap();
    let shown = fs::read_to_string(out.join("across.md")).unwrap();
    fs::write(&irman, text.replacen("2.955", "3.955", 1)).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert_ne!(fs::read_to_string(out.join("across.md")).unwrap(), shown);
    // The reference machine (site.yaml): every class and the page again.
    let site_yaml = content.join("site.yaml");
    let yaml = fs::read_to_string(&site_yaml).unwrap();
    fs::write(&site_yaml, yaml.replacen("reference_machine: quad-xeon-raid5", "reference_machine: k6-2-475-384m", 1))
        .unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}

/// An empty kernel directory is warned of (the lint page lists it); an
/// `mkdir` or `rmdir` changes no raw file, and the cache kept the last
/// build's warnings and front page.
#[test]
fn an_empty_kernel_directory_made_or_removed_is_seen() {
    let (tmp, content, out) = built_site();
    let empty = content.join("dbench32-384m/2.4.9");
    fs::create_dir(&empty).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
    assert!(fs::read_to_string(out.join("lint.md")).unwrap().contains("2.4.9/ holds no raw result file"));
    fs::remove_dir(&empty).unwrap();
    rebuild_matches_scratch(&content, &out, tmp.path());
}
