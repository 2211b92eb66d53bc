//! Directories inside a kernel's directory that are set-ups, not runs.
//!
//! A person who runs one benchmark under several settings often keeps
//! each setting's output in a directory of its own: `6.1/ext4/dbench.txt`
//! and `6.1/xfs/dbench.txt`, `6.1/threads-1/` and `6.1/threads-4/`, or,
//! in a class comparing file systems, `ext4/6.1/` and `ext4/6.2/`; LKP
//! keeps its parameters as directories too
//! (`hackbench/1-process-pipe/…/0/`). Directories named as runs
//! (`run1/`, `iter-3/`, `take2/`, a date) hold runs of one set-up
//! and stay runs (README: "any depth"); so do a set-up's name and a run
//! number (`ext4-1/`, `ext4-2/`: runs 1 and 2 of `ext4`), unless the
//! word before the number counts something (`threads-4/`), and numbers
//! alone (`1/`, `2/`): each only where the numbers count 1, 2, … n
//! (`1/`, `4/`, `16/` are thread counts, set-ups).
//!
//! Files of one benchmark whose set-up directories differ within one
//! kernel's directory are different set-ups: their samples get a `dir`
//! parameter naming those directories (`ext4`, `ext4/threads-4`), so the
//! table keeps them apart and compares each with the same directory of
//! the baseline, instead of averaging them as runs of one (silently: the
//! files share a name, so no "averaged as if runs" warning fired). So
//! are files of one benchmark in set-up directories of different names
//! in different kernels' directories (`6.1/ext4/`, `6.2/xfs/`): each is
//! compared only with a directory of its name, never ext4 with xfs; and
//! files directly in one kernel's directory and in a set-up directory in
//! another's (`6.1/dbench.txt`, `6.2/ext4/dbench.txt`): 6.1's name no
//! set-up, so nothing says they were ext4's, and 6.2 is not compared. A
//! benchmark whose files sit in one set-up directory of the same name
//! in every kernel (`6.1/results/dbench.txt`, `6.2/results/dbench.txt`)
//! gets no parameter: nothing there is two set-ups.

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::model::Param;
use rustc_hash::{FxHashMap, FxHashSet};

/// The name of the parameter a set-up directory gives.
pub const DIR_PARAM: &str = "dir";

/// Its name for a benchmark whose files give a `dir` parameter of their
/// own ([`super::own_param_name`]).
pub const DIR_PARAM_APART: &str = "set-up dir";

/// Words that name a run when a number follows them (`run1`, `iter-3`,
/// `trial_2`, `r1`): a directory of that name holds one run.
const RUN_WORDS: &[&str] = &[
    "run", "runs", "iter", "iteration", "rep", "repeat", "repetition", "trial", "try", "round", "sample", "pass",
    "attempt", "take", "r", "i", "n",
];

/// Words that count something when a number follows them (`threads-4`,
/// `jobs_8`, `raid-1`): a directory of that name is a set-up of that
/// count, not a run of a set-up ([`setup_name`]).
const COUNT_WORDS: &[&str] = &[
    "thread", "threads", "t", "job", "jobs", "numjobs", "j", "proc", "procs", "process", "processes", "p", "client",
    "clients", "c", "cpu", "cpus", "vcpu", "vcpus", "core", "cores", "worker", "workers", "task", "tasks", "user",
    "users", "nr", "iodepth", "qd", "depth", "bs", "size", "group", "groups", "g", "stream", "streams", "conn",
    "conns", "connections", "file", "files", "instance", "instances", "session", "sessions", "node", "nodes", "queue",
    "queues", "raid", "level", "loop", "loops", "disk", "disks", "dev", "sd", "nvme", "x", "k", "m",
];

/// True when a directory's name is a number alone (`1`, `02`, `16`): a
/// run or a set-up (a thread or client count), as its siblings' numbers
/// tell ([`numbered_setups`]).
fn is_bare_number(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit())
}

/// True when a directory's name names a run, not a set-up: a date or time
/// (`2024-01-16`, `20240116T1003`, `2024-01-16_10:03`), or a run word and
/// a number (`run2`, `Run-2`, `iter_3`). `ext4`, `threads-4`, `j4`,
/// `1-process-pipe` are set-ups; a number alone (`1`, `16`) is either, as
/// its siblings' numbers tell ([`numbered_setups`]).
pub fn is_run_dir(name: &str) -> bool {
    let separators = |c: char| matches!(c, '-' | '_' | '.' | ':' | ' ' | '+');
    // A date or time: six digits or more with `-`, `_`, `:` or `T` between
    // them (a version such as `6.1` or `2.4.17` is a set-up).
    let digits = name.bytes().filter(u8::is_ascii_digit).count();
    let dated = name.chars().all(|c| c.is_ascii_digit() || matches!(c, '-' | '_' | ':' | 'T' | '.'))
        && name.contains(['-', '_', ':', 'T']);
    if dated && digits >= 6 {
        return true;
    }
    let word = name.trim_end_matches(|c: char| c.is_ascii_digit());
    if word.len() == name.len() {
        return false;
    }
    let word = word.trim_end_matches(separators);
    RUN_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// The set-up a directory's name names: `None` for a run directory
/// ([`is_run_dir`]); `""` for a number alone (`1/`, `16/`: a run, or a
/// set-up of that count where its siblings' numbers do not count runs);
/// the name without its run number for a set-up name
/// followed by `-N` or `_N` (`ext4-1`, `xfs_2` → `ext4`, `xfs`: run N of
/// that set-up), unless the word before the number counts something
/// ([`COUNT_WORDS`]: `threads-4`, `raid-1` stay set-ups) or the name has
/// no letter before it (`6.1-2`); the name itself otherwise.
fn setup_name(name: &str) -> Option<&str> {
    if is_run_dir(name) {
        return None;
    }
    if is_bare_number(name) {
        return Some("");
    }
    let no_digits = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let Some(stem) = no_digits.strip_suffix(['-', '_']).filter(|_| no_digits.len() < name.len()) else {
        return Some(name);
    };
    let last_word = stem.rsplit(['-', '_', '.', ' ', '+']).next().unwrap_or(stem);
    let counts = COUNT_WORDS.iter().any(|w| w.eq_ignore_ascii_case(last_word));
    if counts || !stem.bytes().any(|b| b.is_ascii_alphabetic()) { Some(name) } else { Some(stem) }
}

/// The directories between kernel directory `kernel_dir` and the file
/// `rel_path` (relative to the class directory), outermost first, each
/// with the path of the directory holding it (ending in `/`):
/// `6.1/ext4/run1/dbench.txt` in `6.1` → (`6.1/`, `ext4`),
/// (`6.1/ext4/`, `run1`).
fn dirs_inside<'a>(rel_path: &'a str, kernel_dir: &str) -> Vec<(&'a str, &'a str)> {
    let start =
        rel_path.strip_prefix(kernel_dir).filter(|r| r.starts_with('/')).map_or(0, |r| rel_path.len() - r.len() + 1);
    let mut dirs = Vec::new();
    let mut at = start;
    while let Some(end) = rel_path[at..].find('/') {
        dirs.push((&rel_path[..at], &rel_path[at..at + end]));
        at += end + 1;
    }
    dirs
}

/// The key [`numbered_setups`] files directory `d` under, in the
/// directory `parent`, given its set-up name `stem`: the set-up name, or
/// for a number alone (`stem` empty) the directory holding it, so that
/// `ext4/1/`, `ext4/2/` are counted apart from `threads/1/`, `threads/4/`.
fn numbered_key<'a>(parent: &'a str, stem: &'a str) -> &'a str {
    if stem.is_empty() { parent } else { stem }
}

/// The set-up directories of `rel_path` (relative to the class
/// directory) inside kernel directory `kernel_dir`: the directories
/// between it and the file that are not runs, each as [`setup_name`]
/// names it, joined by `/`; `""` when there are none.
/// `counts_runs(key)`: whether the numbers after a set-up's name (or
/// numbers alone in one directory) in this kernel directory count its
/// runs ([`numbered_setups`], [`numbered_key`]); where they do not
/// (`hz-250/`, `hz-1000/`; `gcc-12/`, `gcc-13/`; `1/`, `4/`, `16/`) the
/// directory keeps its whole name, a set-up.
#[cfg(test)]
fn setup_dirs(rel_path: &str, kernel_dir: &str, counts_runs: &dyn Fn(&str) -> bool) -> String {
    setup_dir_parts(rel_path, kernel_dir, counts_runs).iter().map(|(d, _)| *d).collect::<Vec<_>>().join("/")
}

/// [`setup_dirs`]' directories one by one, each with whether it is the
/// name of directories read as its runs (`pair` of `pair-1/` … `pair-5/`),
/// which [`label_by_setup_dirs`] leaves out of the label where every file
/// of the benchmark has it (it tells no set-up from another).
fn setup_dir_parts<'a>(
    rel_path: &'a str,
    kernel_dir: &str,
    counts_runs: &dyn Fn(&str) -> bool,
) -> Vec<(&'a str, bool)> {
    dirs_inside(rel_path, kernel_dir)
        .into_iter()
        .filter_map(|(parent, d)| match setup_name(d) {
            Some(stem) if stem != d && !counts_runs(numbered_key(parent, stem)) => Some((d, false)),
            Some("") => None,
            Some(stem) => Some((stem, stem != d)),
            None => None,
        })
        .collect()
}

/// Gives the samples of files in set-up directories a [`DIR_PARAM`]
/// parameter ([`DIR_PARAM_APART`] for a benchmark whose files give a
/// `dir` parameter of their own) where one kernel's directory holds one benchmark's files
/// under two or more different set-up directories, or two kernels'
/// directories hold them under set-up directories of different names
/// (`6.1/ext4/`, `6.2/xfs/`: each compared only with a directory of its
/// own name, so 6.2 is not compared with 6.1), or one kernel's directory
/// holds them directly and another's in a set-up directory
/// (`6.1/dbench.txt`, `6.2/ext4/dbench.txt`: not compared either) (the
/// module's doc).
/// Files directly in the class directory (no kernel directory) are left
/// as they are.
///
/// Directories read as runs of one set-up by a trailing number
/// (`ext4-1/`, `ext4-2/`) get a note naming them, once per set-up name:
/// two disks `ssd-1/`, `ssd-2/` would be read so too.
pub fn label_by_setup_dirs(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    let numbered = numbered_setups(results);
    note_numbered_setups(results, &numbered, diags);
    let parts: Vec<Option<Vec<(&str, bool)>>> = results
        .iter()
        .map(|rf| {
            let k = rf.kernel_dir.as_deref()?;
            Some(setup_dir_parts(&rf.rel_path, k, &|stem| numbered.get(&(k, stem)).is_some_and(|n| n.counts_runs)))
        })
        .collect();
    // The name of run directories every file of a benchmark sits in
    // (`pair` of `nvhe/pair-1/redis-r1-steady/`, `protected/pair-5/…`)
    // tells no set-up from another: left out of the label, which was
    // `pair/redis-r1-steady` (archive37 F9). `ext4-1/` beside `xfs-1/`
    // keep their names: those are set-ups.
    let mut everywhere: FxHashMap<&str, Vec<&str>> = FxHashMap::default();
    for (rf, p) in results.iter().zip(&parts) {
        let Some(p) = p else { continue };
        let stems: Vec<&str> = p.iter().filter(|(_, run_stem)| *run_stem).map(|(d, _)| *d).collect();
        let common = everywhere.entry(rf.parsed.benchmark.as_str()).or_insert_with(|| stems.clone());
        common.retain(|c| stems.contains(c));
    }
    let dirs: Vec<Option<String>> = results
        .iter()
        .zip(&parts)
        .map(|(rf, p)| {
            let common = everywhere.get(rf.parsed.benchmark.as_str());
            let kept = p.as_ref()?.iter().filter(|(d, run_stem)| !(*run_stem && common.is_some_and(|c| c.contains(d))));
            Some(kept.map(|(d, _)| *d).collect::<Vec<_>>().join("/"))
        })
        .collect();
    // Benchmarks whose files sit in set-up directories of different names,
    // in one kernel directory or in two (`6.1/ext4/` and `6.2/xfs/`: not
    // alike, so not compared), or in a set-up directory in one kernel's
    // directory and directly in another's (`6.1/dbench.txt`,
    // `6.2/ext4/dbench.txt`: 6.1's names no set-up, so nothing says it was
    // ext4's).
    let mut named: FxHashMap<&str, &str> = FxHashMap::default();
    let mut split: FxHashSet<&str> = FxHashSet::default();
    for (rf, d) in results.iter().zip(&dirs) {
        let Some(d) = d.as_deref() else { continue };
        let bench = rf.parsed.benchmark.as_str();
        if *named.entry(bench).or_insert(d) != d {
            split.insert(bench);
        }
    }
    if split.is_empty() {
        return;
    }
    let mut split: Vec<String> = split.into_iter().map(str::to_string).collect();
    split.sort_unstable();
    let names: FxHashMap<String, &str> = split
        .into_iter()
        .map(|bench| {
            let name =
                super::own_param_name(results, &bench, (DIR_PARAM, DIR_PARAM_APART), "its set-up directory", diags);
            (bench, name)
        })
        .collect();
    for (rf, d) in results.iter_mut().zip(dirs) {
        let Some(d) = d.filter(|d| !d.is_empty()) else { continue };
        let Some(name) = names.get(rf.parsed.benchmark.as_str()) else { continue };
        for s in &mut rf.parsed.samples {
            s.params.push(Param::new(*name, &d));
        }
    }
}

/// The directories of one kernel directory named as a set-up and a number
/// (`ext4-1/`, `ext4-2/`), or numbers alone in one directory (`1/`, `4/`,
/// `16/`): their names, their numbers, the first file in them, and
/// whether the numbers count runs: exactly 1, 2, … n (numbers alone: or
/// 0, 1, … n - 1, as LKP's `0/`). `1/`, `4/`, `16/` are thread or client
/// counts, set-ups: they were averaged as runs. Numbers
/// that skip or do not start at 1 are settings (`hz-250/`, `hz-1000/`;
/// `gcc-12/`, `gcc-13/`; `zswap-0/`, `zswap-1/`: an attacker's trial had
/// each pair averaged as runs, a +21.9% change lost).
struct Numbered<'a> {
    names: std::collections::BTreeSet<&'a str>,
    first: usize,
    counts_runs: bool,
    /// The numbers after the names (0 for one that does not read).
    numbers: std::collections::BTreeSet<u64>,
    /// Read as runs only because another kernel's directories of this
    /// name count runs and these numbers are some of those
    /// ([`runs_with_a_gap`]).
    gap: bool,
}

/// [`Numbered`] directories by (kernel directory, set-up name).
fn numbered_setups(results: &[ResultFile]) -> FxHashMap<(&str, &str), Numbered<'_>> {
    let mut numbered: FxHashMap<(&str, &str), (Numbered<'_>, std::collections::BTreeSet<u64>)> = FxHashMap::default();
    for (i, rf) in results.iter().enumerate() {
        let Some(k) = rf.kernel_dir.as_deref() else { continue };
        for (parent, d) in dirs_inside(&rf.rel_path, k) {
            let Some(stem) = setup_name(d).filter(|stem| *stem != d) else { continue };
            let number = d[stem.len()..].trim_start_matches(['-', '_']).parse::<u64>().ok();
            let e = numbered.entry((k, numbered_key(parent, stem))).or_insert_with(|| {
                let n = Numbered {
                    names: Default::default(),
                    first: i,
                    counts_runs: false,
                    numbers: Default::default(),
                    gap: false,
                };
                (n, Default::default())
            });
            e.0.names.insert(d);
            // A number that does not read (too long) is no run's.
            e.1.insert(number.unwrap_or(0));
        }
    }
    let mut numbered: FxHashMap<(&str, &str), Numbered<'_>> = numbered
        .into_iter()
        .map(|(key, (mut n, numbers))| {
            // Numbers alone may count from 0 too (LKP's `0/`, `1/`, …).
            let from = if key.1.ends_with('/') && numbers.first() == Some(&0) { 0 } else { 1 };
            n.counts_runs = numbers.iter().copied().eq(from..from + numbers.len() as u64);
            n.numbers = numbers;
            (key, n)
        })
        .collect();
    runs_with_a_gap(&mut numbered);
    numbered
}

/// Where one kernel's numbered directories count runs (`6.1/1/`, `2/`,
/// `3/`), another kernel's of the same name and place whose numbers are
/// some of those (`6.2/1/`, `3/`: run 2 failed and was removed) are runs
/// too, with a gap, not set-ups (attack34 #8: 6.2's two runs became set-ups
/// `dir 1`, `dir 3`, and 6.2 was not compared with 6.1).
fn runs_with_a_gap(numbered: &mut FxHashMap<(&str, &str), Numbered<'_>>) {
    // The key inside the kernel's directory: a set-up's name, or for
    // numbers alone the directory holding them, less the kernel's.
    let inside = |(k, key): (&str, &str)| -> (bool, String) {
        match key.strip_suffix('/') {
            Some(parent) => (true, parent.strip_prefix(k).unwrap_or(parent).to_string()),
            None => (false, key.to_string()),
        }
    };
    let mut runs: FxHashMap<(bool, String), u64> = FxHashMap::default();
    for (key, n) in numbered.iter().filter(|(_, n)| n.counts_runs) {
        let most = runs.entry(inside(*key)).or_default();
        *most = (*most).max(n.numbers.last().copied().unwrap_or(0));
    }
    if runs.is_empty() {
        return;
    }
    for (key, n) in numbered.iter_mut().filter(|(_, n)| !n.counts_runs) {
        if let Some(&most) = runs.get(&inside(*key))
            && n.numbers.last().is_some_and(|&last| last <= most)
            && !n.numbers.contains(&0)
        {
            n.counts_runs = true;
            n.gap = true;
        }
    }
}

/// Notes, once per set-up name, the directories of one kernel directory
/// read as runs of that set-up by a trailing number (`6.1/ext4-1/` and
/// `6.1/ext4-2/` as runs 1 and 2 of `ext4`): a reader who meant two
/// set-ups (`ssd-1/`, `ssd-2/`: two disks) learns how they were read.
fn note_numbered_setups(
    results: &[ResultFile],
    numbered: &FxHashMap<(&str, &str), Numbered<'_>>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut sorted: Vec<(&(&str, &str), &Numbered<'_>)> = numbered.iter().collect();
    sorted.sort_by_key(|(key, _)| **key);
    let mut said: FxHashSet<&str> = FxHashSet::default();
    for ((k, _), n) in sorted.iter().filter(|(_, n)| n.gap) {
        let listed: Vec<String> = n.names.iter().map(|d| format!("{k}/{d}/")).collect();
        diags.push(Diagnostic::note(
            &results[n.first].path,
            None,
            format!(
                "{} are read as runs with some missing (another kernel's directories of these names count its runs 1, 2, …); if they are set-ups, name them apart",
                listed.join(", ")
            ),
        ));
    }
    note_numbers_alone(results, &sorted, diags);
    for ((k, stem), n) in sorted {
        // Numbers alone counting runs (`1/`, `2/`): [`note_numbers_alone`].
        if n.gap || n.names.len() < 2 || !n.counts_runs || stem.ends_with('/') || !said.insert(stem) {
            continue;
        }
        let listed: Vec<String> = n.names.iter().map(|d| format!("{k}/{d}/")).collect();
        diags.push(Diagnostic::note(
            &results[n.first].path,
            None,
            format!(
                "{} are read as runs of one set-up, `{stem}` (numbers 1 to {} after a set-up's name count its \
                 runs); if they are set-ups of their own, name them apart (`{stem}-a/`, `{stem}-b/`)",
                listed.join(", "),
                n.names.len()
            ),
        ));
    }
}

/// Notes, once for the machine class, the directories named by a number
/// alone that were read as runs (`2.6.39/30/1/`, `2/`, `3/`: runs 1 to
/// 3 of `2.6.39/30/`), the first place in full and how many more: a
/// reader who meant them as set-ups (thread counts 1, 2, 3) learns how
/// they were read (numbers that skip, `1/`, `4/`, `16/`, are set-ups, and
/// need no note: their `dir` parameter shows).
fn note_numbers_alone(results: &[ResultFile], sorted: &[(&(&str, &str), &Numbered<'_>)], diags: &mut Vec<Diagnostic>) {
    let runs: Vec<&(&(&str, &str), &Numbered<'_>)> =
        sorted.iter().filter(|((_, key), n)| key.ends_with('/') && n.counts_runs && !n.gap).collect();
    let Some(((_, place), first)) = runs.first() else { return };
    let listed: Vec<String> = first.names.iter().map(|d| format!("{place}{d}/")).collect();
    let (low, high) = (first.numbers.first().copied().unwrap_or(0), first.numbers.last().copied().unwrap_or(0));
    let numbers = match high - low {
        0 => format!("run {low}"),
        1 => format!("runs {low} and {high}"),
        _ => format!("runs {low} to {high}"),
    };
    let more = match runs.len() - 1 {
        0 => String::new(),
        1 => format!(", and so are those in {}", runs[1].0.1),
        n => format!(", and so are those in {n} more directories ({}, …)", runs[1].0.1),
    };
    diags.push(Diagnostic::note(
        &results[first.first].path,
        None,
        format!(
            "{} are read as {numbers} of one set-up, `{place}` (directories named by a number alone count runs \
             where their numbers run 1, 2, … n or 0, 1, …){more}; if they are set-ups of their own (1, 2 and 3 \
             threads), name them by what they count (`threads-1/`)",
            listed.join(", "),
        ),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`setup_dirs`] where every number after a set-up's name counts runs.
    fn setup_dirs_all(rel_path: &str, kernel_dir: &str) -> String {
        setup_dirs(rel_path, kernel_dir, &|_| true)
    }

    #[test]
    fn run_directories_and_set_up_directories() {
        for run in
            ["run1", "Run-2", "iter_3", "r1", "2024-01-16", "20240116T1003", "2024-01-16_10:03", "trial 4", "take2"]
        {
            assert!(is_run_dir(run), "{run}");
        }
        for setup in
            ["ext4", "xfs", "threads-4", "j4", "1-process-pipe", "mq-deadline", "bfq", "6.1", "results", "btrfs-raid1"]
        {
            assert!(!is_run_dir(setup), "{setup}");
        }
        // A number alone is either, as its siblings tell.
        for number in ["1", "02", "16"] {
            assert!(!is_run_dir(number) && setup_name(number) == Some(""), "{number}");
        }
    }

    #[test]
    fn the_directories_between_the_kernels_and_the_file() {
        assert_eq!(setup_dirs_all("6.1/ext4/run1/dbench.txt", "6.1"), "ext4");
        assert_eq!(setup_dirs_all("6.1/ext4/threads-4/2/out.txt", "6.1"), "ext4/threads-4");
        assert_eq!(setup_dirs_all("6.1/dbench.txt", "6.1"), "");
        assert_eq!(setup_dirs_all("6.1/run2/dbench.txt", "6.1"), "");
        assert_eq!(setup_dirs_all("6.1/2/dbench.txt", "6.1"), "");
        assert_eq!(setup_dirs("6.1/16/dbench.txt", "6.1", &|_| false), "16");
        assert_eq!(setup_dirs("6.1/ext4/16/dbench.txt", "6.1", &|key| key == "6.1/"), "ext4/16");
        // A set-up's name with a run number (attacker 26, rb1/).
        assert_eq!(setup_dirs_all("6.1/ext4-1/dbench.txt", "6.1"), "ext4");
        assert_eq!(setup_dirs_all("6.1/xfs_2/dbench.txt", "6.1"), "xfs");
        assert_eq!(setup_dirs_all("6.1/btrfs-raid1-3/dbench.txt", "6.1"), "btrfs-raid1");
        assert_eq!(setup_dirs_all("6.1/ext4/take1/dbench.txt", "6.1"), "ext4");
        // Counts and versions keep their numbers.
        for setup in ["threads-4", "jobs_8", "raid-1", "btrfs-raid-1", "Threads-1", "6.1-2", "j4", "ext2"] {
            assert_eq!(setup_dirs_all(&format!("6.1/{setup}/dbench.txt"), "6.1"), setup);
        }
    }
}
