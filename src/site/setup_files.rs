//! File names inside one directory that are set-ups, not runs.
//!
//! `before1.csv before2.csv before3.csv after1.csv after2.csv after3.csv`
//! in one kernel's directory are three runs of two set-ups: each name is
//! a set-up's word and a run number. Their [`run_stem`]s (`before`,
//! `after`) differ, so `select` warned that different results were
//! averaged, but they were still pooled into one cell of six runs. Here
//! the samples of such files get a [`FILE_PARAM`] parameter naming the
//! set-up (`before`, `after`), as set-up directories get `dir`
//! ([`super::setup_dirs`]): the table keeps them apart and compares each
//! with the baseline's files of that name.
//!
//! Only where every one of the differing stems was read off a run number
//! (`before2`, `dbench-ext4-1`): names without one (`mmap1.csv`,
//! `mmap2.csv`: two tests; `dbench.txt`, `dbench-xfs.txt`) are left to
//! `select`'s warning; so are stems whose files give no cell alike
//! (`fio-randread-1.json`, `fio-write-1.json`). The part the stems share, up to a `-`, `_`, `.` or
//! space, is left out of the parameter (`wis-before3` and `wis-after3` →
//! `before`, `after`).

use super::ResultFile;
use super::select::run_stem;
use crate::model::Param;
use rustc_hash::{FxHashMap, FxHashSet};

/// The name of the parameter a set-up's file name gives.
pub const FILE_PARAM: &str = "file";

/// Its name for a benchmark whose files give a `file` parameter of their
/// own (a CSV column `file`; [`super::own_param_name`]): two parameters
/// `file` on a sample were one in the tables, and `before1.csv` and
/// `after1.csv` giving `file same` were averaged as runs of one set-up.
pub const FILE_PARAM_APART: &str = "set-up file";

/// The file name of `rel_path` without its extension (as [`run_stem`]
/// reads it): `6.1/before2.csv` → `before2`.
fn file_stem(rel_path: &str) -> &str {
    let name = rel_path.rsplit('/').next().unwrap_or(rel_path);
    match name.rsplit_once('.') {
        Some((stem, ext)) if !ext.is_empty() && !ext.bytes().all(|b| b.is_ascii_digit()) => stem,
        _ => name,
    }
}

/// `stems` without the part they all share at their start and at their
/// end, cut only at a `-`, `_`, `.` or space (`wis-before`, `wis-after` →
/// `before`, `after`); the stems themselves where that leaves one empty.
fn distinct_parts<'a>(stems: &[&'a str]) -> Vec<&'a str> {
    let sep = |c: char| matches!(c, '-' | '_' | '.' | ' ');
    let first = stems[0];
    let mut prefix = first.len();
    let mut suffix = first.len();
    for s in &stems[1..] {
        prefix = prefix.min(first.bytes().zip(s.bytes()).take_while(|(a, b)| a == b).count());
        suffix = suffix.min(first.bytes().rev().zip(s.bytes().rev()).take_while(|(a, b)| a == b).count());
    }
    // Back to the last separator inside the shared start, the first
    // inside the shared end.
    let prefix = first[..prefix].rfind(sep).map_or(0, |i| i + 1);
    let suffix = first[first.len() - suffix..].find(sep).map_or(0, |i| suffix - i);
    let parts: Vec<&str> = stems
        .iter()
        .map(|s| {
            if prefix + suffix < s.len() && s.is_char_boundary(prefix) && s.is_char_boundary(s.len() - suffix) {
                &s[prefix..s.len() - suffix]
            } else {
                ""
            }
        })
        .collect();
    if parts.iter().any(|p| p.is_empty()) { stems.to_vec() } else { parts }
}

/// The directory of `rf` inside its kernel's directory (`6.1/ext4/x.csv`
/// → `ext4`, `6.1/x.csv` → ``): files of one set-up sit at the same place
/// in every kernel's directory.
fn place_in_kernel(rf: &ResultFile) -> &str {
    let dir = rf.rel_path.rsplit_once('/').map_or("", |(d, _)| d);
    dir.split_once('/').map_or("", |(_, inner)| inner)
}

/// Gives the samples of files named as a set-up and a run number
/// (`before1.csv` … `after3.csv`) a [`FILE_PARAM`] parameter naming the
/// set-up, where one directory inside a kernel's directory holds one
/// benchmark's files under two or more such names whose files give the
/// same cells (the module's doc). The names are gathered over every
/// kernel's directory at that place, and a file of such a name is labelled
/// in each: a kernel whose directory holds only `dbench-ext2-64.txt` has
/// the `ext2` rows its baseline's `dbench-ext2-*`/`dbench-ext3-*` files
/// give, and is compared with them. Files directly in the class directory
/// are left as they are.
pub fn label_by_setup_files(results: &mut [ResultFile], diags: &mut Vec<crate::diag::Diagnostic>) {
    // (place in the kernel's directory, benchmark) → run stem → whether
    // every file of it was read off a run number.
    let mut groups: FxHashMap<(&str, &str), Vec<(&str, bool)>> = FxHashMap::default();
    for rf in results.iter() {
        if rf.kernel_dir.is_none() {
            continue;
        }
        let (stem, whole) = (run_stem(&rf.rel_path), file_stem(&rf.rel_path));
        let stems = groups.entry((place_in_kernel(rf), rf.parsed.benchmark.as_str())).or_default();
        match stems.iter_mut().find(|(s, _)| *s == stem) {
            Some(e) => e.1 &= stem != whole,
            None => stems.push((stem, stem != whole)),
        }
    }
    groups.retain(|_, stems| stems.len() >= 2 && stems.iter().all(|(_, numbered)| *numbered));
    if groups.is_empty() {
        return;
    }
    // Only stems whose files give the same cells (kernel, group, metric,
    // parameters) in one kernel's directory would be averaged:
    // `fio-randread-1.json` and `fio-write-1.json` give different ones,
    // and stay as they are.
    let mut cells: FxHashMap<(&str, &str, String), &str> = FxHashMap::default();
    let mut overlap: FxHashSet<(&str, &str)> = FxHashSet::default();
    for rf in results.iter() {
        let key = (place_in_kernel(rf), rf.parsed.benchmark.as_str());
        if rf.kernel_dir.is_none() || !groups.contains_key(&key) || overlap.contains(&key) {
            continue;
        }
        let stem = run_stem(&rf.rel_path);
        for s in &rf.parsed.samples {
            let cell = format!(
                "{:?}\u{0}{:?}\u{0}{}\u{0}{}\u{0}{:?}",
                rf.kernel_dir, s.kernel, s.group, s.metric.name, s.params
            );
            if *cells.entry((key.0, key.1, cell)).or_insert(stem) != stem {
                overlap.insert(key);
                break;
            }
        }
    }
    let mut labels: FxHashMap<(String, String), String> = FxHashMap::default();
    for ((place, bench), mut stems) in groups {
        if !overlap.contains(&(place, bench)) {
            continue;
        }
        stems.sort_unstable();
        let names: Vec<&str> = stems.iter().map(|(s, _)| *s).collect();
        for (stem, part) in names.iter().zip(distinct_parts(&names)) {
            labels.insert((format!("{place}\u{0}{bench}"), (*stem).to_string()), part.to_string());
        }
    }
    if labels.is_empty() {
        return;
    }
    let mut benches: Vec<&str> = labels.keys().filter_map(|(k, _)| k.split('\u{0}').nth(1)).collect();
    benches.sort_unstable();
    benches.dedup();
    let names: FxHashMap<String, &str> = benches
        .into_iter()
        .map(|b| {
            let name =
                super::own_param_name(results, b, (FILE_PARAM, FILE_PARAM_APART), "its file name's set-up", diags);
            (b.to_string(), name)
        })
        .collect();
    for rf in results.iter_mut() {
        if rf.kernel_dir.is_none() {
            continue;
        }
        let key = (format!("{}\u{0}{}", place_in_kernel(rf), rf.parsed.benchmark), run_stem(&rf.rel_path).to_string());
        let Some(part) = labels.get(&key) else { continue };
        let name = names.get(rf.parsed.benchmark.as_str()).copied().unwrap_or(FILE_PARAM);
        for s in &mut rf.parsed.samples {
            s.params.push(Param::new(name, part));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_the_stems_do_not_share() {
        assert_eq!(distinct_parts(&["before", "after"]), ["before", "after"]);
        assert_eq!(distinct_parts(&["wis-before", "wis-after"]), ["before", "after"]);
        assert_eq!(distinct_parts(&["dbench-ext4", "dbench-xfs"]), ["ext4", "xfs"]);
        assert_eq!(distinct_parts(&["a-ext4-x", "a-xfs-x"]), ["ext4", "xfs"]);
        // Only at a separator: `ext2`, `ext3` keep their whole names.
        assert_eq!(distinct_parts(&["ext2", "ext3"]), ["ext2", "ext3"]);
        assert_eq!(distinct_parts(&["dbench", "dbench-xfs"]), ["dbench", "dbench-xfs"]);
        assert_eq!(file_stem("6.1/before2.csv"), "before2");
    }
}
