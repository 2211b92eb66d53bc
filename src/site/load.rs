//! Loading: a whole content directory ([`load`]) or one machine class
//! ([`load_machine`]): its annotations, every raw file parsed in parallel,
//! its kernels (those with results, in table order) and `runs:`.

use super::config::{KernelConfig, MachineYaml, read_yaml};
use super::discover::{Discovered, discover, plan};
use super::env::Environment;
use super::parse_cache::ParseCache;
use super::raw_file::RawRead;
use super::{Kernel, MachineClass, ResultFile, Site};
use crate::diag::Diagnostic;
use crate::model::Value;
use crate::parse;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::hash_map::Entry;
use std::path::{Path, PathBuf};

/// Loads a content directory.
///
/// # Errors
/// Only when `content` itself cannot be read; every other problem is a
/// [`Diagnostic`] in [`Site::diagnostics`].
pub fn load(content: &Path) -> std::io::Result<Site> {
    load_with_progress(content, &indicatif::ProgressBar::hidden())
}

/// [`load`], advancing `progress` by one for every raw file parsed (its
/// length grows as files are discovered).
///
/// # Errors
/// As [`load`].
pub fn load_with_progress(content: &Path, progress: &indicatif::ProgressBar) -> std::io::Result<Site> {
    let mut diags = Vec::new();
    let (config, dirs) = plan(content, &mut diags)?;
    let mut machines = Vec::new();
    for (dir, slug) in dirs {
        let opts = LoadOptions { site_ignore: &config.ignore, progress: Some(progress), ..LoadOptions::default() };
        if let Some(m) = load_machine(&dir, &slug, opts, &mut diags) {
            machines.push(m);
        }
    }
    Ok(Site { config, machines, diagnostics: diags })
}

/// How [`load_machine`] loads a class; the default walks the directory,
/// parses every file, ignores nothing beyond the class's own `ignore:` and
/// reports no progress.
#[derive(Default)]
pub struct LoadOptions<'a> {
    /// The class directory as [`discover`] already walked it (the build
    /// walks it first to ask the build cache whether it changed); `None`:
    /// walked here.
    pub discovered: Option<Discovered>,
    /// Where each raw file's parse result is looked up by its contents
    /// first, and where the files parsed are added (see `parse_file`).
    pub cache: Option<&'a ParseCache>,
    /// `site.yaml`'s `ignore:` globs: files matching one (or one of the
    /// class's own `ignore:`) are left out. Globs that do not compile are
    /// skipped here ([`plan`] reported them).
    pub site_ignore: &'a [String],
    /// Advanced by one for every raw file parsed; its length grows by the
    /// number of files found.
    pub progress: Option<&'a indicatif::ProgressBar>,
}

/// Makes labels alike but for case one set-up across the class's files,
/// as [`crate::parse::labels`] does within a file: each `label` takes the
/// spelling its first file in path order wrote (`Filesystem: ext4` in
/// 6.1's file, `filesystem: ext4` in 6.2's: one row set, compared; labels
/// show as written, so a case that differs no longer meets in one
/// lowered spelling).
fn unify_label_case(results: &mut [crate::site::ResultFile]) {
    let mut written: rustc_hash::FxHashMap<String, compact_str::CompactString> = rustc_hash::FxHashMap::default();
    for rf in results.iter_mut() {
        for s in &mut rf.parsed.samples {
            for p in s.params.iter_mut().filter(|p| p.name == "label") {
                let first = written.entry(p.value.to_lowercase().to_string()).or_insert_with(|| p.value.clone());
                if p.value != *first {
                    p.value.clone_from(first);
                }
            }
        }
    }
}

/// Makes groups alike but for case one group of a benchmark across the
/// class's files: a writer who typed a table's title (`pct-table`'s
/// `hackbench` in one mail and `Hackbench` in the next, archive40's K
/// Prateek Nayak series) meant one table, which was two sections of the
/// class page, each with its own columns. Each group takes the spelling
/// that is a benchmark's own name (a parser's id: `hackbench`, `stream`),
/// else the one its first file in path order wrote; a metric named as its
/// group (the title of a writer's table is its metric too) follows it.
/// Names that differ by more than case (the writer's typo `schebench`)
/// stay apart. A note at the first line of each file whose spelling was
/// changed says so.
fn unify_group_case(results: &mut [crate::site::ResultFile], diags: &mut Vec<Diagnostic>) {
    use compact_str::CompactString;
    // Each (benchmark, group) written, with its first file and line; one
    // look-up per run of samples of one group (a file's samples come in
    // tables).
    let mut written: rustc_hash::FxHashMap<(&str, &str), (&str, usize)> = rustc_hash::FxHashMap::default();
    for rf in results.iter() {
        let mut last: &str = "";
        for s in rf.parsed.samples.iter().filter(|s| !s.group.is_empty()) {
            if s.group != last {
                last = &s.group;
                written.entry((&rf.parsed.benchmark, &s.group)).or_insert((&rf.rel_path, s.line));
            }
        }
    }
    // (benchmark, lowered group) → its spellings (group, file, line), first
    // in path order.
    type Spellings<'a> = Vec<(&'a str, &'a str, usize)>;
    let mut by_case: rustc_hash::FxHashMap<(&str, String), Spellings<'_>> = rustc_hash::FxHashMap::default();
    for (&(bench, group), &(file, line)) in &written {
        by_case.entry((bench, group.to_lowercase())).or_default().push((group, file, line));
    }
    let ids: Vec<&str> = crate::parse::registry().iter().map(|p| p.id()).collect();
    // (benchmark, spelling) → (the spelling shown, its first file, line).
    let mut to: rustc_hash::FxHashMap<(String, CompactString), (CompactString, String, usize)> =
        rustc_hash::FxHashMap::default();
    for ((bench, _), mut seen) in by_case.into_iter().filter(|(_, seen)| seen.len() > 1) {
        seen.sort_by(|a, b| (a.1, a.2).cmp(&(b.1, b.2)));
        let &(shown, file, line) = seen.iter().find(|(g, _, _)| ids.contains(g)).unwrap_or(&seen[0]);
        for &(g, _, _) in seen.iter().filter(|(g, _, _)| *g != shown) {
            to.insert((bench.to_string(), g.into()), (shown.into(), file.to_string(), line));
        }
    }
    if to.is_empty() {
        return;
    }
    for rf in results.iter_mut() {
        let mut noted: Vec<CompactString> = Vec::new();
        let bench = rf.parsed.benchmark.clone();
        if !to.keys().any(|(b, _)| *b == bench) {
            continue;
        }
        for s in &mut rf.parsed.samples {
            let Some((shown, file, line)) = to.get(&(bench.clone(), s.group.clone())) else { continue };
            if !noted.contains(&s.group) {
                noted.push(s.group.clone());
                diags.push(Diagnostic::note(
                    &rf.path,
                    Some(s.line),
                    format!(
                        "{bench}: {:?} is shown as {shown:?} ({file} line {line}), one table: the names differ only in case",
                        s.group
                    ),
                ));
            }
            if s.metric.name == s.group {
                s.metric.name.clone_from(shown);
            }
            s.group.clone_from(shown);
        }
    }
}

/// The name of the parameter that keeps apart the runs of a file naming
/// another kernel of its class than its directory's (the build keeps such runs apart and warns).
pub const BOOTED_PARAM: &str = "booted";

/// Its name for a benchmark whose files give a `booted` parameter of
/// their own ([`super::own_param_name`]).
pub const BOOTED_PARAM_APART: &str = "booted kernel";

/// The words of the warning for a file that names kernel `named` but
/// sits in kernel directory `dir` (`check`'s, and the build's where the
/// runs are kept apart).
pub fn kernel_name_mismatch(benchmark: &str, named: &str, dir: &str) -> String {
    format!(
        "{benchmark}: the file names kernel {named:?}, but sits in kernel directory {dir:?}; its numbers are filed under {dir:?}"
    )
}

/// True when a kernel name printed in a file and a kernel directory's
/// name can be the same kernel, ignoring a leading `Linux ` and ASCII
/// case: equal, or the longer continues the shorter where a name may be
/// cut or extended — after a shorter name that ends inside a word
/// (lmbench cuts its OS column short: `2.4.19-r` for `2.4.19-rc5-aa1`),
/// or at `-`, `+`, `_` or a `.0` release (`6.1` and `6.1.0-13-amd64`). Not
/// where a number goes on (`2.4.1` is not `2.4.18`, `6.1` not `6.15.3`
/// nor `6.1.5`) or the file names a pre-release of its directory's kernel
/// (`6.1-rc7` in `6.1/`; `2.3.13` in `2.3.13-pre1/` agrees), nor where
/// the file names the release a directory's patch set is on (`2.5.54` in
/// `2.5.54-mm2/`; `6.1` in `6.1-generic/` agrees). A `-` before a
/// letter after a digit is no difference (`2.5.54mm2` and `2.5.54-mm2`,
/// `6.1rc7` and `6.1-rc7`).
pub fn kernel_names_agree(named: &str, dir: &str) -> bool {
    let norm = |s: &str| {
        let s = s.trim();
        let s = crate::parse::labels::bare_kernel(s);
        s.to_ascii_lowercase()
    };
    let (a, b) = (norm(named), norm(dir));
    if a.is_empty() || b.is_empty() {
        return false;
    }
    // A patch set's name glued on or after a `-` (`2.5.54mm1`, as a 2003
    // UnixBench post's banner spells it, in `2.5.54-mm1/`): one kernel.
    let unhyphened = |s: &str| {
        let mut out = String::with_capacity(s.len());
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            let glue = c == '-'
                && out.ends_with(|p: char| p.is_ascii_digit())
                && chars.peek().is_some_and(|n| n.is_ascii_alphabetic());
            if !glue {
                out.push(c);
            }
        }
        out
    };
    if a != b && unhyphened(&a) == unhyphened(&b) {
        return true;
    }
    let (short, long) = if a.len() <= b.len() { (&a, &b) } else { (&b, &a) };
    let Some(rest) = long.strip_prefix(short.as_str()) else { return false };
    if rest.is_empty() {
        return true;
    }
    if !short.ends_with(|c: char| c.is_ascii_digit()) {
        // Cut inside a word (`2.4.19-r`, `2.4.19-`).
        return true;
    }
    // A file naming a pre-release of its directory's kernel ran another
    // kernel; a directory naming the pre-release of the file's does not
    // (2.3-era pre-patches kept the release's name: `2.3.13` in
    // `2.3.13-pre1/`).
    // Also after a `.0` release (`6.2.0-rc1-…` in `6.2/`: attack42 F14's
    // k02 was compared as 6.2's, no word).
    let pre = a.len() > b.len() && pre_release_tail(rest);
    let zero = rest.strip_prefix(".0").is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_digit()));
    // A file naming the release alone in the directory of a patch set on
    // it (`2.5.54` in `2.5.54-mm2/`, LKML 2003: UnixBench's `System --
    // Linux access1 2.5.54`, lmbench's `Linux 2.5.54` uncut) ran the
    // release: a patch set's kernel names itself (`-mm2`, `-ac1`, `-aa1`,
    // `-ck3`: letters, then a number, its EXTRAVERSION).
    let patch_set = b.len() > a.len()
        && rest.strip_prefix('-').is_some_and(|tag| {
            let letters = tag.bytes().take_while(u8::is_ascii_alphabetic).count();
            let name = &tag[..letters];
            (2..=4).contains(&letters)
                && tag.len() > letters
                && tag[letters..].bytes().all(|b| b.is_ascii_digit())
                && !["pre", "rc", "test"].contains(&name)
        });
    !pre && !patch_set && (zero || rest.starts_with(['-', '+', '_']))
}

/// True when `rest`, what a kernel's name adds to a shorter one, makes it
/// a pre-release of that one: `-rc3`, `-pre1`, `-test2`, after a `.0`
/// release or not (`6.2.0-rc3+` of `6.2.0` and of `6.2`).
fn pre_release_tail(rest: &str) -> bool {
    let rest = rest.strip_prefix(".0").filter(|r| !r.starts_with(|c: char| c.is_ascii_digit())).unwrap_or(rest);
    ["-rc", "-pre", "-test"]
        .iter()
        .any(|p| rest.strip_prefix(p).is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit())))
}

/// True when a file's kernel `named` is a pre-release of its kernel
/// directory's `dir` ([`kernel_names_agree`]'s exception: `6.2.0-rc3+` in
/// `6.2.0/`, `6.2.0-rc1-00042-gdeadbeef` in `6.2/`): another kernel,
/// whether or not the class holds it (attack42 F14's u11 and k02 were
/// compared as the release's, +50 %, with `check`'s warning alone). A
/// directory that names a pre-release itself (`6.2-rc1/`), or is no
/// kernel's name (`patched/`), never.
/// A distribution's spelling of a candidate is read as the candidate
/// (Fedora's `6.9.0-0.rc3.31.fc41.x86_64` in `6.9.0/`, attack46 F8: filed
/// as the release with no word; `crate::version::candidate_spelling`).
pub fn names_a_pre_release_of(named: &str, dir: &str) -> bool {
    let norm = |s: &str| crate::parse::labels::bare_kernel(s.trim()).to_ascii_lowercase();
    let (a, b) = (norm(named), norm(dir));
    let a = crate::version::candidate_spelling(&a);
    crate::parse::labels::is_kernel_name(&b)
        && !pre_release_tail(b.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        && b.ends_with(|c: char| c.is_ascii_digit())
        && a.strip_prefix(b.as_str()).is_some_and(pre_release_tail)
}

/// What kernel name `named` adds to its kernel directory's name `dir`
/// where it goes on from it (a `.0` release's `.0` left out: `6.8.0-x`
/// of `6.8/` adds `-x`), ASCII case and a leading `Linux ` aside; `None`
/// where it does not go on from it, or adds nothing.
fn tail_after_dir(named: &str, dir: &str) -> Option<String> {
    let norm = |s: &str| crate::parse::labels::bare_kernel(s.trim()).to_ascii_lowercase();
    let (a, b) = (norm(named), norm(dir));
    let rest = a.strip_prefix(b.as_str())?;
    let rest = rest.strip_prefix(".0").filter(|r| !r.starts_with(|c: char| c.is_ascii_digit())).unwrap_or(rest);
    (!rest.is_empty() && b.ends_with(|c: char| c.is_ascii_digit())).then(|| rest.to_string())
}

/// The tail by which kernel name `named` is another tree than the
/// release its kernel directory `dir` names: linux-next's
/// `-next-20240301` (`6.8.0-next-20240301` in `6.8.0/`), or a patch
/// set's EXTRAVERSION, two to four letters and a number (`-mm2`, `-rt5`,
/// `-ck3`, `-ac1`: `2.5.33-mm5` in `2.5.33/`). Such runs are not the
/// release's (attack46 F8: they were filed and compared as the release's,
/// no word): kept apart as a pre-release's are. Not a candidate
/// (`-rc2`: [`names_a_pre_release_of`]), a distribution's (`-18-amd64`,
/// `-arch1-1`, `-amd64`) or a local version without a number
/// (`-mytest`, `-gentoo`): those are builds of the release
/// ([`build_of_release`]).
pub fn names_another_tree_of(named: &str, dir: &str) -> Option<String> {
    let rest = tail_after_dir(named, dir)?;
    let tag = rest.strip_prefix('-')?;
    let next = tag
        .strip_prefix("next")
        .is_some_and(|r| r.is_empty() || r.starts_with(['-', '_']) || r.starts_with(|c: char| c.is_ascii_digit()));
    let letters = tag.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = tag[letters..].bytes().take_while(u8::is_ascii_digit).count();
    let after = &tag[letters + digits..];
    const NO_TREE: [&str; 9] = ["pre", "rc", "test", "arch", "amd", "arm", "ppc", "el", "fc"];
    let patch_set = (2..=4).contains(&letters)
        && digits > 0
        && (after.is_empty() || after.starts_with(['-', '+', '.', '_']))
        && !NO_TREE.contains(&&tag[..letters]);
    (next || patch_set).then_some(rest)
}

/// What kind of tree the tail [`names_another_tree_of`] gives is:
/// linux-next's snapshot, a board's tree (a system-on-chip's name, letters
/// then three digits or more: `-sdm845` of the OnePlus 6's
/// `6.7.0-sdm845-00105-g5219473b31ea-dirty`, `-rk3399`, `-bcm2711`; not
/// PREEMPT_RT's `-rt113`), or a patch set's (`-mm5`, `-ck3`, `-rt30`).
/// archive52: the phone's vendor tree was called a patch set's.
pub fn kind_of_tree(tag: &str) -> &'static str {
    let tag = tag.trim_start_matches('-');
    if tag.starts_with("next") {
        return "linux-next";
    }
    let letters = tag.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = tag[letters..].bytes().take_while(u8::is_ascii_digit).count();
    if digits >= 3 && &tag[..letters] != "rt" { "a board's tree" } else { "a patch set" }
}

/// What [`build_of_release`] calls a distribution's kernel as shipped.
const DISTRIBUTION_BUILD: &str = "a distribution's build";

/// The first word of a distribution's kernel flavour after the release
/// (its digits and a final `l` off: `v7l` is `v`), [`build_of_release`].
const DISTRIBUTION_FLAVOURS: [&str; 14] = [
    "generic", "amd64", "arm64", "lowlatency", "lts", "aws", "azure", "gcp", "cloud", "rpt", "rpi", "v", "arch",
    "gentoo",
];

/// What kernel name `named` says of its build where it agrees with its
/// kernel directory's `dir` ([`kernel_names_agree`]) but is not spelled
/// as it, nor a pre-release or another tree of it: what kind of build it
/// is, and what marks it. A local build's mark ([`local_build_mark`]:
/// `6.2.0+`, `-dirty`, git describe's tail); a distribution's build, a
/// number after the release (`6.5.0-14-generic`, `6.1.0-18-amd64`,
/// `6.11.4-301.fc41.x86_64`) or a flavour of [`DISTRIBUTION_FLAVOURS`]
/// (`6.6.59-v8+`, `6.6.51+rpt-rpi-2712`, `6.9.3-arch1-1`); a local
/// version (`6.8.0-mytest+`). Each may or may not be the release its
/// directory names (attack46 F8: all but the first were filed as the
/// release's with no word): kept apart from another build's runs of one
/// cell (the `kernel build` parameter, with identities' warning), and a
/// local build or version is warned of even alone. A `+` after the
/// directory's own local version (`6.6.59-v8+` in `6.6.59-v8/`) is none.
pub fn build_of_release(named: &str, dir: &str) -> Option<(&'static str, String)> {
    if let Some(what) = local_build_mark(named, dir) {
        return Some(("a local build", what.to_string()));
    }
    if !kernel_names_agree(named, dir) || names_a_pre_release_of(named, dir) {
        return None;
    }
    let rest = tail_after_dir(named, dir)?;
    if rest == "+" || names_another_tree_of(named, dir).is_some() {
        return None;
    }
    // A distribution's own flavour of the release, as shipped: Raspberry
    // Pi OS's `-v8+`, `-v7l+`, `+rpt-rpi-2712`, Arch's `-arch1-1`,
    // Gentoo's `-gentoo` (tests/sites/identity's real files).
    let first = rest.trim_start_matches(['-', '+']).split(['-', '+', '.', '_']).next().unwrap_or("");
    let flavour = first.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'l');
    let distribution = rest.strip_prefix('-').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        || DISTRIBUTION_FLAVOURS.contains(&flavour);
    Some(if distribution {
        (DISTRIBUTION_BUILD, format!("`{rest}` after the release"))
    } else {
        ("a build with a local version", format!("`{rest}` after the release"))
    })
}

/// What marks kernel name `named` as a local build, where directory name
/// `dir` has no such mark: a `+` at the end (a tree past its tag), a
/// `-dirty` (uncommitted changes), or git describe's `-<N>-g<sha>` (N
/// commits past a tag): `6.2.0+`, `6.2.0-dirty`,
/// `6.2.0-rc3-00001-gdeadbeef` (attack43 u04, u10, u13). Such a name
/// agrees with its directory's ([`kernel_names_agree`]), but the build
/// is not the release: the caller warns, never renames. A distribution's
/// ABI number (`6.2.0-1-amd64`, `6.1.0-13-amd64`), `-generic`, a `+` after a
/// local version of the kernel's own (`6.6.59-v8+`, Raspberry Pi OS), or a mark
/// the directory's name carries too (`6.2.0+/`), is no local build.
pub fn local_build_mark(named: &str, dir: &str) -> Option<&'static str> {
    let norm = |s: &str| crate::parse::labels::bare_kernel(s.trim()).to_ascii_lowercase();
    let mark = |s: &str| -> Option<&'static str> {
        // `+` right after the release (`6.2.0+`, `6.2.0-rc3+`); not after
        // a local version of its own (`6.6.59-v8+`, `-v7l+`: Raspberry Pi
        // OS's kernels, named so as shipped; tests/sites/identity).
        if let Some(release) = s.strip_suffix('+') {
            let (num, rc) = release.split_once("-rc").unwrap_or((release, "0"));
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            if num.split('.').all(digits) && digits(rc) {
                return Some("`+`: built from a tree past its tag");
            }
        }
        if s.trim_end_matches('+').ends_with("-dirty") {
            return Some("`-dirty`: built with uncommitted changes");
        }
        // `-<digits>-g<7 hex or more>`: git describe, commits past a tag.
        let parts: Vec<&str> = s.split('-').collect();
        let described = parts.windows(2).any(|w| {
            !w[0].is_empty()
                && w[0].bytes().all(|b| b.is_ascii_digit())
                && w[1].strip_prefix('g').is_some_and(|h| h.len() >= 7 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        });
        described.then_some("`-<N>-g<sha>`: built N commits past a tag")
    };
    let (a, b) = (norm(named), norm(dir));
    mark(&a).filter(|_| mark(&b).is_none())
}

/// The kernel directories `results` sit in, each once, in order.
pub fn kernel_dirs_of(results: &[crate::site::ResultFile]) -> Vec<String> {
    let dirs: std::collections::BTreeSet<&str> = results.iter().filter_map(|rf| rf.kernel_dir.as_deref()).collect();
    dirs.into_iter().map(str::to_string).collect()
}

/// The kernel directory other than `dir` among `kernel_dirs` whose kernel
/// a file naming kernel `named` (and sitting in `dir`, which disagrees)
/// ran on, if exactly one agrees ([`kernel_names_agree`]).
pub fn other_kernel_named<'a>(named: &str, dir: &str, kernel_dirs: &'a [String]) -> Option<&'a str> {
    if named.contains(", ") || kernel_names_agree(named, dir) {
        return None;
    }
    let mut agree = kernel_dirs.iter().filter(|k| *k != dir && kernel_names_agree(named, k));
    let one = agree.next()?;
    agree.next().is_none().then_some(one.as_str())
}

/// Keeps apart the runs of a file that names another kernel of the class
/// than its directory's (`uname -r` printing `6.1.0` in `6.2/dbench.txt`:
/// the machine was not rebooted into 6.2, attacker 28 p65, +9.9%*
/// between two runs of 6.1): its samples get a [`BOOTED_PARAM`]
/// parameter naming the kernel the file names, a row of their own not
/// compared with the baseline's, and a warning in `check`'s words (which
/// `check` alone gave) says so. A name that agrees with no other kernel
/// of the class (`6.2.0-rc1` in `patched/`) is left to `check`'s
/// warning.
fn keep_apart_runs_of_another_kernel(results: &mut [crate::site::ResultFile], diags: &mut Vec<Diagnostic>) {
    if results.iter().all(|rf| rf.named_kernel.is_none()) {
        return;
    }
    // A build of the directory's release that may not be it (`6.2.0+`,
    // `6.8.0-mytest+` in its release's directory): filed under the
    // directory's name, with a word (attack43 F9, attack46 F8), once for
    // each directory and name; where another file of the directory names
    // another build (`6.5.0-14-generic` too), the two are kept apart below.
    // (directory, name) → the first file naming it, its build, how many
    // files name it; in path order.
    type Named<'a> = (&'a ResultFile, (&'static str, String), usize);
    let kernel_dirs = kernel_dirs_of(results);
    // The files to keep apart (below), each with what its name is to its
    // directory's: one of them that is also a local build (a vendor tree's
    // `6.7.0-sdm845-00105-g5219473b31ea-dirty` in `6.7.0/`, archive52) is
    // not also told "filed under 6.7.0", which its runs are not.
    // (the file, what it names, and whether it names no other kernel of
    // the class: then naming its directory as the file names the kernel
    // is what compares its runs).
    let apart: Vec<(usize, String, bool)> = results
        .iter()
        .enumerate()
        .filter_map(|(i, rf)| {
            let (Some(named), Some(dir)) = (&rf.named_kernel, &rf.kernel_dir) else { return None };
            other_kernel_named(named, dir, &kernel_dirs)
                .map(|other| (i, format!("{other}'s kernel"), false))
                .or_else(|| names_a_pre_release_of(named, dir).then(|| (i, format!("a pre-release of {dir}"), true)))
                .or_else(|| {
                    names_another_tree_of(named, dir).map(|tag| {
                        (i, format!("another tree than {dir}'s release ({}, `{tag}`)", kind_of_tree(&tag)), true)
                    })
                })
        })
        .collect();
    let apart_paths: FxHashSet<&str> = apart.iter().map(|(i, ..)| results[*i].rel_path.as_str()).collect();
    let mut named_builds: Vec<((&str, &str), Named<'_>)> = Vec::new();
    let mut at: FxHashMap<(&str, &str), usize> = FxHashMap::default();
    for rf in super::first_of_each_file(results) {
        let (Some(named), Some(dir)) = (&rf.named_kernel, &rf.kernel_dir) else { continue };
        if named.contains(", ") || !kernel_names_agree(named, dir) {
            continue;
        }
        let key = (dir.as_str(), named.as_str());
        if let Some(&k) = at.get(&key) {
            named_builds[k].1.2 += 1;
            continue;
        }
        let Some(build) = build_of_release(named, dir) else { continue };
        at.insert(key, named_builds.len());
        named_builds.push((key, (rf, build, 1)));
    }
    let mut builds_in: FxHashSet<String> = FxHashSet::default();
    for ((dir, named), (rf, (kind, what), files)) in named_builds {
        builds_in.insert(dir.to_string());
        // A distribution's kernel as shipped in its release's directory
        // (`6.5.0-14-generic` in `6.5.0/`) is said only where it meets
        // another build of one cell (identities' warning, below): one
        // word on every Ubuntu or Raspberry Pi file would bury the rest.
        if kind == DISTRIBUTION_BUILD || apart_paths.contains(rf.rel_path.as_str()) {
            continue;
        }
        let more = match files - 1 {
            0 => String::new(),
            1 => " (so does 1 more file of the directory)".to_string(),
            n => format!(" (so do {n} more files of the directory)"),
        };
        diags.push(
            Diagnostic::warning(
                &rf.path,
                kernel_warning_line(rf, named),
                format!(
                    "{}: the file names kernel {named:?}, {kind} ({what}), in kernel directory {dir:?}{more}: \
                     its numbers are filed under {dir:?}; if that build is not {dir:?}'s release, put it in a \
                     directory of its own",
                    rf.parsed.benchmark
                ),
            )
            .of_kind(crate::diag::Kind::KernelName),
        );
    }
    // The builds of one release a directory's files name are facts of
    // their files, as `uname -v`'s build is: two of them feeding one
    // table cell (`6.8.0` and `6.8.0-mytest+`, `6.5.0-14-generic` and
    // `-15-generic`) are kept apart by `identities` (a `kernel build`
    // parameter, a warning naming both), never averaged (attack46 F8).
    if !builds_in.is_empty() {
        let kept: FxHashSet<usize> = apart.iter().map(|(i, ..)| *i).collect();
        for (i, rf) in results.iter_mut().enumerate() {
            let (Some(named), Some(dir)) = (&rf.named_kernel, &rf.kernel_dir) else { continue };
            if kept.contains(&i) || named.contains(", ") || !builds_in.contains(dir) || !kernel_names_agree(named, dir)
            {
                continue;
            }
            let build = match rf.parsed.identity.build.take() {
                Some((line, b)) => (line, format!("{named} {b}")),
                None => (kernel_warning_line(rf, named).unwrap_or(1), named.clone()),
            };
            rf.parsed.identity.build = Some(build);
        }
    }
    // The name of the parameter for each benchmark ([`BOOTED_PARAM_APART`]
    // where its files give a `booted` of their own).
    let names = super::own_param_names(
        results,
        apart.iter().map(|(i, ..)| *i),
        (BOOTED_PARAM, BOOTED_PARAM_APART),
        "the kernel its file names",
        diags,
    );
    for (i, other, rename) in apart {
        let rf = &mut results[i];
        let (Some(named), Some(dir)) = (&rf.named_kernel, &rf.kernel_dir) else { continue };
        let name = names.get(rf.parsed.benchmark.as_str()).copied().unwrap_or(BOOTED_PARAM);
        let line = kernel_warning_line(rf, named);
        // What to do (archive52: a phone's two vendor-tree kernels, each in
        // its release's directory, were each kept apart and the class
        // compared nothing, with no word of how to compare them).
        let fix = match crate::parse::labels::bare_kernel(named.trim()) {
            bare if rename
                && !bare.is_empty()
                && !bare.contains(['/', '\\'])
                && !bare.contains(char::is_whitespace) =>
            {
                format!(
                    "; if it is the kernel you mean by {dir:?}, name its directory as the file names the kernel, \
                     `{bare}/` (and `baseline:` with it where that names {dir:?}), to compare its runs"
                )
            }
            _ => String::new(),
        };
        let said = match rf.unnamed_lines.first() {
            None => format!(
                "{}; it names {other}: its runs are kept apart ({name} {named}), not compared{fix}",
                kernel_name_mismatch(&rf.parsed.benchmark, named, dir)
            ),
            Some(l) => format!(
                "{}; it names {other}: the runs under that name are kept apart ({name} {named}), not \
                 compared; those naming no kernel (from line {l}) are {dir}'s{fix}",
                kernel_name_mismatch(&rf.parsed.benchmark, named, dir)
            ),
        };
        diags.push(Diagnostic::warning(&rf.path, line, said).of_kind(crate::diag::Kind::KernelName));
        // A run that named no kernel beside runs naming another (a reply's
        // own run under a quoted writer's `uname -a`) is the directory's.
        for s in rf.parsed.samples.iter_mut().filter(|s| !rf.unnamed_lines.contains(&s.line)) {
            s.params.push(crate::model::Param::new(name, named.as_str()));
        }
    }
}

/// The line (1-based) where result file `rf` names kernel `named`: the
/// nearest line at or above its first result that holds the name as a
/// word (UnixBench's `OS: GNU/Linux -- 6.7.0-sdm845-…-dirty -- #36 …` on
/// line 4, above the first result on line 29: archive52's OnePlus files
/// were warned of at line 29; a mail's prose above may name it too, hence
/// the nearest). The file is read again when the build has let its bytes
/// go (they are written out before `check` runs). `None` when no such line
/// holds it, or the file cannot be read; a file whose runs were all dropped
/// (the same run read twice in another file, counted once) has no first
/// result: its first line naming the kernel (attack37 finding 13: the
/// `OS:` line was lost).
pub fn naming_line(rf: &crate::site::ResultFile, named: &str) -> Option<usize> {
    let input = if rf.raw.is_empty() {
        crate::parse::Input::from_bytes(&std::fs::read(&rf.path).ok()?)
    } else {
        crate::parse::Input::from_bytes(&rf.raw)
    };
    let is_word = |l: &str| {
        l.match_indices(named).any(|(at, _)| {
            let before = l[..at].chars().next_back();
            let after = l[at + named.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '-')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '-')
        })
    };
    let holds = |n: usize| input.lines.get(n - 1).is_some_and(|l| is_word(l));
    match rf.parsed.samples.iter().map(|s| s.line).min() {
        None => (1..=input.lines.len()).find(|&n| holds(n)),
        Some(first) => (1..=first).rev().find(|&n| holds(n)),
    }
}

/// The line of a warning about the kernel file `rf` names, `named`: the
/// line naming it ([`naming_line`]), else its first result's.
fn kernel_warning_line(rf: &crate::site::ResultFile, named: &str) -> Option<usize> {
    naming_line(rf, named).or_else(|| rf.parsed.samples.iter().map(|s| s.line).min())
}

/// Leaves out, with a warning, each raw file whose copy in the site
/// ([`super::raw_copy_name`]: `6.1/a.html` → `6.1/a.html.txt`) would
/// have the name of another raw file of the class (`6.1/a.html.txt`):
/// the two would share one copy, and one file's links would lead to the
/// other's text. The file named `….txt` is kept. Left out whether or not
/// the copies are written (`raw_url`), so a site's numbers never depend
/// on where its raw files are linked.
fn skip_files_sharing_a_copy(results: &mut Vec<crate::site::ResultFile>, diags: &mut Vec<Diagnostic>) {
    let names: FxHashSet<&str> = results.iter().map(|rf| rf.rel_path.as_str()).collect();
    let clash: FxHashSet<String> = names
        .iter()
        .filter(|rel| {
            let copy = super::raw_copy_name(rel);
            copy != **rel && names.contains(copy.as_ref())
        })
        .map(|rel| rel.to_string())
        .collect();
    if clash.is_empty() {
        return;
    }
    for rf in super::first_of_each_file(results).filter(|rf| clash.contains(&rf.rel_path)) {
        let copy = super::raw_copy_name(&rf.rel_path);
        diags.push(
            Diagnostic::warning(
                &rf.path,
                None,
                format!(
                    "its copy in the site would be raw/{copy}, the name of another raw file of the class: file skipped (rename one of the two)"
                ),
            )
            .of_kind(crate::diag::Kind::Skipped),
        );
    }
    results.retain(|rf| !clash.contains(&rf.rel_path));
}

/// Loads one machine class (from [`plan`]) in directory `dir`, named
/// `slug`: its annotations and every raw file, parsed in parallel, as
/// `opts` says. `None` when its `machine.yaml` cannot be read or is
/// invalid; every problem goes to `diags` (in this order: `machine.yaml`,
/// the walk, each `kernel.yaml`, `runs:`, the raw files in path order
/// (and the commit ids of the robot's tables made one: `site::commits`),
/// then the checks of `baseline:`, section globs, part labels, `alpha` and
/// `trim`, then what the sections select).
pub fn load_machine(
    dir: &Path,
    slug: &str,
    opts: LoadOptions<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<MachineClass> {
    let said_before = diags.len();
    let class = load_class(dir, slug, opts, diags);
    say_once(diags, said_before);
    class
}

/// [`load_machine`], but for saying each diagnostic once.
fn load_class(dir: &Path, slug: &str, opts: LoadOptions<'_>, diags: &mut Vec<Diagnostic>) -> Option<MachineClass> {
    let mut yaml = MachineYaml::read(dir, diags)?;
    let found = opts.discovered.unwrap_or_else(|| discover(dir));
    let (files, kernel_dirs, kernel_paths, ignored) = raw_files(dir, found, &yaml.ignore, opts.site_ignore, diags);
    let (mut kernels, kernel_yaml) = read_kernels(&kernel_dirs, &kernel_paths, diags);
    check_runs(&kernels, &kernel_yaml, &files, diags);
    // In a class of machines (configs…) a file belongs to its directory's
    // item whatever kernels it names: those are what the item ran.
    let whole_dirs = !super::axis::Axis::of(yaml.config.compare.as_ref()).kernels;
    let parsed_from = diags.len();
    let (mut results, env, skipped) =
        parse_all(&files, &yaml.formats, &kernels, (opts.cache, whole_dirs), opts.progress, diags);
    group_unrecognised(diags, parsed_from, dir, slug, &yaml.path);
    group_empty(diags, parsed_from, dir, slug, &yaml.path);
    skip_files_sharing_a_copy(&mut results, diags);
    super::raw_file::name_lone_default_kernels(&mut results);
    unify_group_case(&mut results, diags);
    if !whole_dirs {
        keep_apart_runs_of_another_kernel(&mut results, diags);
    }
    super::setup_dirs::label_by_setup_dirs(&mut results, diags);
    super::setup_files::label_by_setup_files(&mut results, diags);
    let setups = super::file_setups::label_by_file_setups(&mut results, &yaml.config.same_setup, diags);
    super::identities::keep_identities_apart(&mut results, diags);
    super::run_lengths::keep_run_lengths_apart(&mut results, diags);
    super::commits::unify_commit_ids(&mut results, diags);
    unify_label_case(&mut results);
    // A copy is counted once where a section shows both files, and kept
    // where one shows it without the file it repeats (archive43 R1).
    let reprints = {
        let selectors: Vec<super::Selector<'_>> =
            yaml.config.sections.iter().flat_map(super::SectionConfig::selectors).collect();
        let apart = |copy: &ResultFile, of: &ResultFile| {
            if selectors.iter().any(|s| s.selects_file(copy)) {
                selectors.iter().any(|s| s.selects_file(copy) && !s.selects_file(of))
            } else {
                selectors.iter().any(|s| s.selects_file(of))
            }
        };
        super::copies::drop_copied_runs_apart(&mut results, diags, &apart)
    };
    super::stress_ng_twice::keep_yaml_of_logged_run(&mut results, diags);
    super::directions::keep_apart_opposite_directions(&mut results, diags);
    super::units::unify(&mut results, diags);
    super::normalized_bases::warn_of_normalized_bases(&results, diags);
    super::run_spread::warn_of_spread_runs(&results, diags);
    keep_kernels_with_results(&mut kernels, &results, (&kernel_dirs, &kernel_paths, &files), diags);
    if kernels.is_empty() && kernel_dirs.is_empty() {
        // Each empty kernel directory was warned of; a class with none
        // built a page with a title only, without a word.
        let what = if files.is_empty() { "no raw file" } else { "no raw file with a result" };
        diags.push(Diagnostic::warning(
            dir,
            None,
            format!(
                "machine class {slug} has no kernel directory and {what}: its pages show nothing. Put each kernel's raw files in a directory named after the kernel ({slug}/6.9.0/hackbench.txt)"
            ),
        ));
    }
    // A class whose files all gave nothing (archive46 R7: a letter no
    // parser claimed): its page says so and names them, above the class's
    // own notes, where it showed a title alone.
    if kernels.is_empty() && !files.is_empty() {
        let names: Vec<String> = files.iter().map(|(rel, _, _)| format!("`{rel}`")).collect();
        let said = format!(
            "No figures were read for this class: {} gave no result (see the build's warnings).",
            names.join(", ")
        );
        yaml.config.notes =
            if yaml.config.notes.trim().is_empty() { said } else { format!("{said}\n\n{}", yaml.config.notes) };
    }
    warn_of_lookalike_names(dir, &kernels, &results, diags);
    let axis = super::axis::Axis::of(yaml.config.compare.as_ref());
    if axis.kernels {
        warn_kernels_alike(dir, &kernels, &results, diags);
        super::label_kernels::warn_of_labels_naming_other_kernels(&results, &kernels, diags);
        let from_files = FileOrder::of(&results, &kernels);
        if yaml.config.kernel_order.is_empty() {
            order_kernels(&mut kernels, &from_files.order);
        } else {
            order_kernels(&mut kernels, &yaml.config.kernel_order);
        }
        if yaml.config.baseline.is_none() {
            let sections_say =
                !yaml.config.sections.is_empty() && yaml.config.sections.iter().all(|s| s.baseline.is_some());
            yaml.config.baseline = from_files.baseline(&yaml.path, sections_say, diags);
        }
        let order: Vec<&str> = kernels.iter().map(|k| k.name.as_str()).collect();
        // Kernels of another machine: their results marked wherever shown
        // (attack37 finding 1: the caveat was on the class page only).
        let mut noted: Vec<(String, String)> = Vec::new();
        for (kernel, said, group) in super::identities::warn_of_other_machines(
            &results,
            yaml.config.baseline.as_deref(),
            &order,
            diags,
            &mut noted,
        ) {
            if let Some(k) = kernels.iter_mut().find(|k| k.name == kernel) {
                k.other_machine = Some(said);
                k.other_machine_group = group;
            }
        }
        // One file's `uname -a` hosts compared as one machine renamed
        // (`labels::unames`, lmbench's Host column): the parser's warning
        // is the caveat of every kernel of the file but the baseline
        // (attack39 finding 5: hung on the kernel of the next sample, it
        // went to the baseline, and was lost from the mail, where a post
        // listed the newer kernel first or the user's baseline was the
        // second host's).
        for rf in &results {
            for (line, note) in &rf.parsed.notes {
                if !note.contains("compared as one machine renamed") {
                    continue;
                }
                let mut of: Vec<&str> = Vec::new();
                for k in rf.parsed.samples.iter().filter_map(|s| s.kernel.as_deref()) {
                    if !of.contains(&k) && Some(k) != yaml.config.baseline.as_deref() {
                        of.push(k);
                    }
                }
                for k in of {
                    noted.push((k.to_string(), format!("{} line {line}: {note}", rf.rel_path)));
                }
            }
        }
        for (kernel, said) in noted {
            if let Some(k) = kernels.iter_mut().find(|k| k.name == kernel)
                && k.machine_caveat.is_none()
            {
                k.machine_caveat = Some(said);
            }
        }
    } else {
        order_items(&mut kernels, &yaml.config.kernel_order);
    }
    attach_environment(&mut kernels, env, &yaml.config.env);
    yaml.check_loaded(&kernels, diags);
    yaml.check_partial(&kernels, &results, diags);
    yaml.check_section_files(&results, diags);
    let selection = {
        let _t = crate::timing::span("machine: what sections select");
        let selection =
            super::select::select_counting_reprints(&yaml.config.sections, &yaml.config.leave_out, &results, &reprints);
        yaml.check_selection(&results, &selection, diags);
        selection
    };
    yaml.check_section_headlines(&results, &selection, diags);
    Some(MachineClass {
        slug: slug.to_string(),
        dir: dir.to_path_buf(),
        config: yaml.config,
        kernels,
        results,
        selection,
        ignored,
        setups,
        skipped,
    })
}

/// More unrecognised files in one class than this are one warning.
const UNRECOGNISED_APART: usize = 10;

/// One warning, at the class's `machine.yaml` (`yaml`), for the files of
/// class `slug` (in `dir`) no parser claimed among `diags[from..]`, when
/// there are more than [`UNRECOGNISED_APART`]: the count, three of the
/// names and what to do. A warning per file put 108 alike (pgbench's
/// `--aggregate-interval` logs, `run1.9026` … `run3.10523.3`) before
/// anything else `check` said (archive38b F3); a few stay one each, named
/// at their file.
fn group_unrecognised(diags: &mut Vec<Diagnostic>, from: usize, dir: &Path, slug: &str, yaml: &Path) {
    group_files(diags, from, dir, slug, yaml, super::raw_file::is_unrecognised, |n, names, more| {
        format!(
            "{n} unrecognised files skipped (no parser claimed them): {names} and {more} more; if they are not results, add a glob for them to `ignore:` in machine.yaml or site.yaml; if they are, name their parser in `formats:` or convert them to the `generic` YAML or CSV format (README, \"Benchmarks read\")"
        )
    });
}

/// One warning, at the class's `machine.yaml` (`yaml`), for the empty
/// files of class `slug` (in `dir`) among `diags[from..]`, when there are
/// more than [`UNRECOGNISED_APART`], as [`group_unrecognised`] does for
/// files no parser claimed: a harness's empty logs (`fs.chown.log`,
/// `btrfs.mount.log` of every run, archive53) were 195 of a first
/// `check`'s 575 lines, one a file.
fn group_empty(diags: &mut Vec<Diagnostic>, from: usize, dir: &Path, slug: &str, yaml: &Path) {
    group_files(diags, from, dir, slug, yaml, super::raw_file::is_empty_file, |n, names, more| {
        format!(
            "{n} empty files skipped: {names} and {more} more; if they are not results, add a glob for them to `ignore:` in machine.yaml or site.yaml"
        )
    });
}

/// The diagnostics of `diags[from..]` that `is_one` picks, when there are
/// more than [`UNRECOGNISED_APART`], replaced by one warning at `yaml`
/// whose message `say` makes of their count, three of their files' names
/// (`slug/…`, comma-separated) and how many more there are.
fn group_files(
    diags: &mut Vec<Diagnostic>,
    from: usize,
    dir: &Path,
    slug: &str,
    yaml: &Path,
    is_one: fn(&Diagnostic) -> bool,
    say: impl FnOnce(usize, String, usize) -> String,
) {
    const EXAMPLES: usize = 3;
    let n = diags[from..].iter().filter(|d| is_one(d)).count();
    if n <= UNRECOGNISED_APART {
        return;
    }
    let mut names: Vec<String> = Vec::new();
    let mut kept = Vec::with_capacity(diags.len() - from - n);
    for d in diags.drain(from..) {
        if is_one(&d) {
            if names.len() < EXAMPLES {
                let rel = d.file.strip_prefix(dir).unwrap_or(&d.file);
                names.push(format!("{slug}/{}", rel.display()));
            }
        } else {
            kept.push(d);
        }
    }
    diags.extend(kept);
    let more = n - names.len();
    diags.push(Diagnostic::warning(yaml, None, say(n, names.join(", "), more)).of_kind(crate::diag::Kind::Skipped));
}

/// Keeps the first of diagnostics `diags[from..]` alike in every part
/// (severity, file, line, column, message) and drops the others, the kept
/// one saying how many times it was given: a class's checks can repeat
/// one finding for every copy of a section or part (a `machine.yaml`
/// whose thousands of parts were one part repeated gave a million lines).
fn say_once(diags: &mut Vec<Diagnostic>, from: usize) {
    if diags.len() - from < 2 {
        return;
    }
    // Keyed by the diagnostic as printed: severity, place and message.
    let mut seen: FxHashMap<String, usize> = FxHashMap::default();
    let mut kept: Vec<(Diagnostic, usize)> = Vec::new();
    for d in diags.drain(from..) {
        match seen.entry(d.to_string()) {
            std::collections::hash_map::Entry::Occupied(e) => kept[*e.get()].1 += 1,
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(kept.len());
                kept.push((d, 1));
            }
        }
    }
    diags.extend(kept.into_iter().map(|(mut d, n)| {
        if n > 1 {
            d.message.push_str(&format!(" (said {n} times)"));
        }
        d
    }));
}

/// A raw file to read: (path relative to the class directory, path on
/// disk, kernel directory), as in [`Discovered::files`].
type RawFile = (String, PathBuf, Option<String>);

/// Files an `ignore:` glob left out: (path relative to the class
/// directory, the glob).
type Ignored = Vec<(String, String)>;

/// The raw files of walk `found` that match none of the class's `ignore`
/// globs and `site_ignore`, its kernel directories (names, paths on
/// disk), and the files a glob left out (relative path, the glob); the
/// walk's warnings go to `diags`, but for those about a file under `dir`
/// an `ignore:` glob names (the walk's "not read: … add it to `ignore:`
/// to say so" must go quiet when the user does).
fn raw_files(
    dir: &Path,
    found: Discovered,
    ignore: &[glob::Pattern],
    site_ignore: &[String],
    diags: &mut Vec<Diagnostic>,
) -> (Vec<RawFile>, Vec<String>, Vec<PathBuf>, Ignored) {
    let site_ignore: Vec<glob::Pattern> = site_ignore.iter().filter_map(|g| glob::Pattern::new(g).ok()).collect();
    let Discovered { mut files, kernel_dirs, kernel_paths, diagnostics: mut walk_diags } = found;
    // What the walk warns about is a file or directory it left out.
    let meant = |d: &Diagnostic| {
        d.file
            .strip_prefix(dir)
            .ok()
            .and_then(Path::to_str)
            .is_some_and(|rel| !rel.is_empty() && ignore.iter().chain(&site_ignore).any(|p| p.matches(rel)))
    };
    diags.extend(walk_diags.drain(..).filter(|d| !meant(d)).map(|d| d.of_kind(crate::diag::Kind::Skipped)));
    let mut ignored = Vec::new();
    if !ignore.is_empty() || !site_ignore.is_empty() {
        files.retain(|(rel, _, _)| match ignore.iter().chain(&site_ignore).find(|p| p.matches(rel)) {
            Some(p) => {
                ignored.push((rel.clone(), p.as_str().to_string()));
                false
            }
            None => true,
        });
    }
    (files, kernel_dirs, kernel_paths, ignored)
}

/// The kernel of each kernel directory (`names`), with its `kernel.yaml`
/// read from its directory on disk (`paths`; its name may have been read
/// lossily), and the paths of those `kernel.yaml` files.
fn read_kernels(names: &[String], paths: &[PathBuf], diags: &mut Vec<Diagnostic>) -> (Vec<Kernel>, Vec<PathBuf>) {
    let kernel_yaml: Vec<PathBuf> = paths.iter().map(|p| p.join("kernel.yaml")).collect();
    let kernels = names
        .iter()
        .zip(&kernel_yaml)
        .map(|(k, yaml)| Kernel {
            name: k.clone(),
            config: read_yaml(yaml, diags).unwrap_or_default(),
            env: Default::default(),
            other_machine: None,
            other_machine_group: None,
            machine_caveat: None,
        })
        .collect();
    (kernels, kernel_yaml)
}

/// `runs:` entries must name a raw file of their kernel: a warning against
/// the `kernel.yaml` (`kernel_yaml`, beside `kernels`) for each that does not.
fn check_runs(kernels: &[Kernel], kernel_yaml: &[PathBuf], files: &[RawFile], diags: &mut Vec<Diagnostic>) {
    let rels: FxHashSet<&str> = if kernels.iter().any(|k| !k.config.runs.is_empty()) {
        files.iter().map(|(r, _, _)| r.as_str()).collect()
    } else {
        Default::default()
    };
    for (k, yaml) in kernels.iter().zip(kernel_yaml) {
        // Values out of range are errors at their line (the text is read
        // again: only for a kernel.yaml that has such a value).
        for (name, runs) in &k.config.runs {
            if let Some(problem) = runs.problem() {
                let text = std::fs::read_to_string(yaml).unwrap_or_default();
                let key = if runs.n == 0 { "n:" } else { "stddev:" };
                let line = super::config::line_of(&text, name, key);
                diags.push(Diagnostic::error(yaml, line, format!("runs: {name:?}: {problem}")));
            }
        }
        // Read again only for a kernel.yaml with such an entry, for its line.
        let mut text: Option<String> = None;
        for name in k.config.runs.keys() {
            let rel = format!("{}/{name}", k.name);
            if !rels.contains(rel.as_str()) {
                let text = text.get_or_insert_with(|| std::fs::read_to_string(yaml).unwrap_or_default());
                diags.push(Diagnostic::warning(
                    yaml,
                    super::config::line_of(text, "runs:", name),
                    format!("runs: {name:?} is not a raw file of kernel {} (no {rel})", k.name),
                ));
            }
        }
    }
}

/// Parses `files` in parallel (through `cache`, with the parsers `formats`
/// forces), applies `runs:` of `kernels`, and returns the results in file
/// order, and the environment files' facts by kernel directory (`None`:
/// the class directory); the diagnostics go to `diags` in file order.
fn parse_all(
    files: &[RawFile],
    formats: &[(glob::Pattern, &'static dyn parse::BenchParser)],
    kernels: &[Kernel],
    (cache, whole_dirs): (Option<&ParseCache>, bool),
    progress: Option<&indicatif::ProgressBar>,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<ResultFile>, FxHashMap<Option<String>, Environment>, Vec<super::SkippedFile>) {
    if let Some(p) = progress {
        p.inc_length(files.len() as u64);
    }
    // The bar's message names the file parsed longest (a file that takes
    // minutes is then the one named): the files being parsed, in the order
    // they started. A terminal shows it; elsewhere `build` names it when
    // no file has finished for a minute (a parser stuck on one file in CI
    // said nothing at all).
    let shown = progress;
    let in_flight: std::sync::Mutex<Vec<&str>> = std::sync::Mutex::new(Vec::new());
    let parsed: Vec<RawRead> = files
        .par_iter()
        .map(|(rel, path, kernel)| {
            if let Some(p) = shown {
                in_flight_started(&in_flight, rel, p);
            }
            let r = super::raw_file::parse_file_in(rel, path, kernel.as_deref(), formats, cache, whole_dirs);
            if let Some(p) = shown {
                in_flight_done(&in_flight, rel, p);
            }
            if let Some(p) = progress {
                p.inc(1);
            }
            r
        })
        .collect();
    let by_name: FxHashMap<&str, &Kernel> = kernels.iter().map(|k| (k.name.as_str(), k)).collect();
    let mut results = Vec::new();
    let mut env: FxHashMap<Option<String>, Environment> = FxHashMap::default();
    let mut skipped = Vec::new();
    for (read, (rel, _, kernel)) in parsed.into_iter().zip(files) {
        let RawRead { results: rfs, diags: mut d, env: e, skipped_as } = read;
        diags.append(&mut d);
        if let Some(benchmark) = skipped_as {
            skipped.push(super::SkippedFile { rel_path: rel.clone(), kernel_dir: kernel.clone(), benchmark });
        }
        if let Some(e) = e {
            let to = env.entry(kernel.clone()).or_default();
            to.facts.extend(e.facts);
            to.problems.extend(e.problems);
            to.files.extend(e.files);
        }
        for mut rf in rfs {
            apply_runs(&mut rf, &by_name, diags);
            results.push(rf);
        }
    }
    warn_env_differing_in_kernels(&env, files, diags);
    (results, env, skipped)
}

/// Adds `rel` to the files being parsed; the bar names the oldest.
fn in_flight_started<'a>(in_flight: &std::sync::Mutex<Vec<&'a str>>, rel: &'a str, bar: &indicatif::ProgressBar) {
    let mut v = in_flight.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    v.push(rel);
    if v.len() == 1 {
        bar.set_message(rel.to_string());
    }
}

/// Removes `rel` from the files being parsed; the bar names the oldest
/// left (the one a slow parse is stuck on).
fn in_flight_done(in_flight: &std::sync::Mutex<Vec<&str>>, rel: &str, bar: &indicatif::ProgressBar) {
    let mut v = in_flight.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(i) = v.iter().position(|r| *r == rel) {
        v.remove(i);
        if i == 0 {
            bar.set_message(v.first().map(|r| r.to_string()).unwrap_or_default());
        }
    }
}

/// Warns, once per kernel, where its environment files in two
/// directories inside its directory differ ([`super::env::differing_between_dirs`]:
/// `6.1/1/cmdline` with `mitigations=off`, `6.1/2/cmdline` without): the
/// results beside them were averaged as runs of one set-up, silently,
/// and the environment shown was one of the files' (attacker 27).
fn warn_env_differing_in_kernels(
    env: &FxHashMap<Option<String>, Environment>,
    files: &[RawFile],
    diags: &mut Vec<Diagnostic>,
) {
    let mut kernels: Vec<(&String, &Environment)> = env.iter().filter_map(|(k, e)| Some((k.as_ref()?, e))).collect();
    kernels.sort_unstable_by(|a, b| a.0.cmp(b.0));
    for (kernel, e) in kernels {
        let differ = super::env::differing_between_dirs(e);
        let Some((_, first)) = differ.first() else { continue };
        let said: Vec<String> = differ
            .iter()
            .take(3)
            .map(|(key, by_dir)| {
                let each: Vec<String> = by_dir.iter().map(|(d, v)| format!("`{v}` in {d}/")).collect();
                format!("{key}: {}", each.join(", "))
            })
            .collect();
        let more = if differ.len() > 3 { format!(" and {} more", differ.len() - 3) } else { String::new() };
        let dir = &first[0].0;
        let path = files
            .iter()
            .find(|(rel, _, _)| rel.rsplit_once('/').is_some_and(|(d, _)| d == dir))
            .map(|(_, p, _)| p.clone())
            .unwrap_or_default();
        diags.push(Diagnostic::warning(
            path,
            None,
            format!(
                "{kernel}: its environment files differ between the directories inside it ({}{more}); the results beside them are averaged as runs of one set-up and one file's environment is shown: if they ran different set-ups, give each a set-up directory of its own name",
                said.join("; ")
            ),
        ));
    }
}

/// Gives each kernel its environment: `machine.yaml`'s `env:` (`class`),
/// the class directory's environment files, its own directory's, then
/// its `kernel.yaml`'s `env:` (a later fact of a key wins).
fn attach_environment(
    kernels: &mut [Kernel],
    mut files: FxHashMap<Option<String>, Environment>,
    class: &std::collections::BTreeMap<String, String>,
) {
    let shared = files.remove(&None).unwrap_or_default();
    for k in kernels {
        let mut e = Environment { facts: super::env::from_yaml(class, "machine.yaml"), ..Default::default() };
        for from in [Some(&shared), files.get(&Some(k.name.clone()))].into_iter().flatten() {
            e.facts.extend(from.facts.iter().cloned());
            e.problems.extend(from.problems.iter().cloned());
            e.files.extend(from.files.iter().cloned());
        }
        e.facts.extend(super::env::from_yaml(&k.config.env, &format!("{}/kernel.yaml", k.name)));
        k.env = e;
    }
}

/// Warns, on the later directory, of kernels of one class whose names are
/// one kernel's ([`crate::version::alike`]: `v6.2` and `6.2`, `6.1.0` and
/// `6.1`; also names differing only in case or in blanks at either end,
/// `6.2 ` and `6.2`, which print alike): each is shown and compared as
/// a kernel of its own, its runs apart from the other's, which is right
/// only if they are two builds. Linear in kernels. A kernel with no
/// directory of its own (a pct-table header's column) is warned of at the
/// first file and line naming it, and told to be written alike there
/// (attack41 F29: the warning was headed `content/zen3/Tip:`, no such
/// file, and said "put their files in one directory").
///
/// Also names a reader cannot tell apart though their characters differ
/// (their NFKC forms are one: `6.9-café` composed and decomposed, `６.9`
/// with a fullwidth digit, `6․9` with U+2024 for the dot), and names that
/// sort as one (`6.09` beside `6.9`, a number's leading zero aside):
/// attack60 R/lookalike-kernels gave two rows that looked the same, with
/// different numbers, and no word. Such a warning shows both names with
/// their characters past ASCII written out (`6.9-cafe\u{301}`).
fn warn_kernels_alike(dir: &std::path::Path, kernels: &[Kernel], results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
    let mut seen: rustc_hash::FxHashMap<String, &str> = rustc_hash::FxHashMap::default();
    // Names of one NFKC form; of one sort key (a number's leading zeros
    // aside too).
    let mut seen_nfkc: rustc_hash::FxHashMap<String, &str> = rustc_hash::FxHashMap::default();
    let mut seen_sort: rustc_hash::FxHashMap<String, &str> = rustc_hash::FxHashMap::default();
    // The first file and line naming kernel `name` where no kernel
    // directory holds its runs.
    let named_at = |name: &str| -> Option<(&ResultFile, usize)> {
        if results.iter().any(|rf| rf.kernel_dir.as_deref() == Some(name)) {
            return None;
        }
        results.iter().find_map(|rf| {
            let s = rf.parsed.samples.iter().find(|s| s.kernel.as_deref() == Some(name))?;
            Some((rf, s.line))
        })
    };
    let warn = |diags: &mut Vec<Diagnostic>, name: &str, said: String, fix_dir: &str| {
        diags.push(match named_at(name) {
            Some((rf, line)) => Diagnostic::warning(
                &rf.path,
                Some(line),
                format!(
                    "{said}; if they are one kernel, write its name alike in the files that name it (`{name}` here)"
                ),
            ),
            None => Diagnostic::warning(dir.join(name), None, format!("{said}; {fix_dir}")),
        })
    };
    for k in kernels {
        let key = crate::version::alike(k.name.trim()).to_lowercase();
        let nfkc = nfkc_key(&k.name);
        let sort = without_leading_zeros(&nfkc);
        if let Some(first) = seen.get(&key) {
            let said = format!(
                "kernels `{first}` and `{}` name one kernel (a git tag's `v`, a `.0` patch level, case or blanks aside): they are shown and compared as two, each with its own runs",
                k.name
            );
            warn(diags, &k.name, said, "if they are one kernel, put their files in one directory");
        } else if let Some((first, why)) = seen_nfkc
            .get(&nfkc)
            .map(|f| (f, "written with other characters that print alike (an accent composed or decomposed, a fullwidth digit, U+2024 for the dot: one NFKC form)"))
            .or_else(|| seen_sort.get(&sort).map(|f| (f, "sorted as one (a number's leading zero aside: `09` is `9`)")))
        {
            let said = format!(
                "kernels `{first}` ({}) and `{}` ({}) are {why}: a reader cannot tell them apart, yet they are shown and compared as two, each with its own runs",
                written_out(first),
                k.name,
                written_out(&k.name)
            );
            warn(
                diags,
                &k.name,
                said,
                "rename one directory so they differ plainly, or put their files in one directory if they are one kernel",
            );
        }
        seen.entry(key).or_insert(&k.name);
        seen_sort.entry(sort).or_insert(&k.name);
        seen_nfkc.entry(nfkc).or_insert(&k.name);
    }
}

/// The key under which two kernel names print alike
/// ([`warn_kernels_alike`]): NFKC (`é` composed or not, `６` is `6`,
/// U+2024 is `.`), then [`crate::version::alike`], lower case.
fn nfkc_key(name: &str) -> String {
    let nfkc = icu_normalizer::ComposingNormalizerBorrowed::new_nfkc().normalize(name.trim());
    crate::version::alike(&nfkc).to_lowercase()
}

/// `key` with each number without its leading zeros (`6.09` is `6.9`):
/// names that sort as one ([`crate::version::compare`] reads numbers).
fn without_leading_zeros(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    let mut in_number = false;
    let mut chars = key.chars().peekable();
    while let Some(c) = chars.next() {
        // A `0` starting a number, another digit after it: dropped.
        if c == '0' && !in_number && chars.peek().is_some_and(char::is_ascii_digit) {
            continue;
        }
        in_number = c.is_ascii_digit();
        out.push(c);
    }
    out
}

/// `name` with each character past ASCII written as its code point
/// (`6.9-cafe\u{301}`), so two names that print alike read apart.
fn written_out(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii() { c.to_string() } else { c.escape_unicode().to_string() }).collect()
}

/// Warns of each kernel name, and each set-up label (a `label` parameter:
/// `--- ext3` above a report), holding a Cyrillic or Greek letter that
/// looks like a Latin one ([`crate::diag::lookalike_name`]: `2.6.9-аc`,
/// its `а` Cyrillic): it reads as another name on every page and in the
/// mail, yet `baseline:`, `kernel_order:`, another class's kernel of that
/// name or a label of the other spelling do not match it. A kernel on its
/// directory, a label at the first line that gives it.
fn warn_of_lookalike_names(
    dir: &std::path::Path,
    kernels: &[Kernel],
    results: &[ResultFile],
    diags: &mut Vec<Diagnostic>,
) {
    let said = |what: &str, name: &str| {
        crate::diag::lookalike_name(name).map(|(c, latin, script, reads)| {
            format!(
                "{what} `{name}` mixes scripts: its `{c}` (U+{:04X}) is {script}, not the Latin `{latin}` it looks like, so it reads as `{reads}` but is another name (`baseline:`, `kernel_order:` and a `{reads}` elsewhere do not match it); retype it in Latin letters unless the letter is meant",
                u32::from(c)
            )
        })
    };
    for k in kernels {
        if let Some(text) = said("kernel name", &k.name) {
            diags.push(Diagnostic::warning(dir.join(&k.name), None, text));
        }
    }
    let mut seen: FxHashSet<&str> = FxHashSet::default();
    for rf in results {
        for s in &rf.parsed.samples {
            for p in s.params.iter().filter(|p| p.name == "label") {
                if p.value.is_ascii() || !seen.insert(p.value.as_str()) {
                    continue;
                }
                if let Some(text) = said("label", &p.value) {
                    diags.push(Diagnostic::warning(&rf.path, Some(s.line), text));
                }
            }
        }
    }
}

/// Adds the kernels named only inside machine-level files (in the order
/// they are met) and drops kernel directories without any result, each
/// with a warning on its directory (empty, or how many of its raw files
/// gave nothing). Hash sets: linear in samples.
fn keep_kernels_with_results(
    kernels: &mut Vec<Kernel>,
    results: &[ResultFile],
    (dirs, paths, files): (&[String], &[PathBuf], &[RawFile]),
    diags: &mut Vec<Diagnostic>,
) {
    let mut known: FxHashSet<String> = kernels.iter().map(|k| k.name.clone()).collect();
    let mut with_results: FxHashSet<&str> = FxHashSet::default();
    for rf in results {
        for s in &rf.parsed.samples {
            if let Some(k) = &s.kernel {
                with_results.insert(k.as_str());
                if !known.contains(k.as_str()) {
                    known.insert(k.to_string());
                    kernels.push(Kernel {
                        name: k.to_string(),
                        config: KernelConfig::default(),
                        env: Default::default(),
                        other_machine: None,
                        other_machine_group: None,
                        machine_caveat: None,
                    });
                }
            }
        }
    }
    // A kernel directory that gave nothing is not shown: say why, once.
    // Its raw files are counted in one pass, only when there is one.
    let mut empty = dirs.iter().zip(paths).filter(|(n, _)| !with_results.contains(n.as_str())).peekable();
    let mut raw_files: FxHashMap<&str, usize> = FxHashMap::default();
    if empty.peek().is_some() {
        for k in files.iter().filter_map(|(_, _, k)| k.as_deref()) {
            *raw_files.entry(k).or_default() += 1;
        }
    }
    for (name, path) in empty {
        let why = match raw_files.get(name.as_str()).copied().unwrap_or(0) {
            0 => "holds no raw result file".to_string(),
            1 => format!("holds 1 raw file, with no result of kernel {name}"),
            n => format!("holds {n} raw files, none with a result of kernel {name}"),
        };
        diags.push(Diagnostic::warning(
            path,
            None,
            format!("kernel directory {name}/ {why}: kernel {name} is not shown"),
        ));
    }
    kernels.retain(|k| with_results.contains(k.name.as_str()));
}

/// The kernel order and base the class's raw files give
/// ([`crate::model::ParsedFile::kernel_order`]: the kernel test robot's
/// tables), for a class whose `machine.yaml` sets no `kernel_order:` or
/// `baseline:`.
#[derive(Default)]
struct FileOrder {
    /// Every file's kernels, merged in path order: a kernel a file names
    /// first goes right after the kernel it follows in that file (or at
    /// the end), so that each file's order is kept where files agree.
    order: Vec<String>,
    /// Each file's base (its first kernel) and the file, in path order.
    bases: Vec<(String, String)>,
}

impl FileOrder {
    /// The order of the files of `results` that give one, over the
    /// names of `kernels` only (a file in a kernel directory that names
    /// one kernel has its samples filed under the directory's).
    fn of(results: &[ResultFile], kernels: &[Kernel]) -> FileOrder {
        let mut fo = FileOrder::default();
        let is_kernel = |k: &str| kernels.iter().any(|kn| kn.name == k);
        for rf in results.iter().filter(|rf| !rf.parsed.kernel_order.is_empty()) {
            if let Some(base) = rf.parsed.kernel_order.first().filter(|k| is_kernel(k))
                && !fo.bases.iter().any(|(b, f)| b == base && *f == rf.rel_path)
            {
                fo.bases.push((base.clone(), rf.rel_path.clone()));
            }
            let mut after: Option<usize> = None;
            for k in rf.parsed.kernel_order.iter().filter(|k| is_kernel(k)) {
                match fo.order.iter().position(|o| o == k) {
                    Some(p) => after = Some(p),
                    None => {
                        let at = after.map_or(fo.order.len(), |p| p + 1);
                        fo.order.insert(at, k.clone());
                        after = Some(at);
                    }
                }
            }
        }
        // Every kernel a version (`4.19.0-lowzone-v1r1`, mmtests' runs:
        // several letters each comparing builds of one release, filed in
        // date order): by release first, each release's builds in the
        // files' order. Commit ids and names such as `tip` keep the
        // files' order alone.
        let release = |k: &str| {
            let v = crate::version::KernelVersion::parse(k);
            (v.release.len() >= 2).then(|| v.release_only())
        };
        let releases: Option<Vec<_>> = fo.order.iter().map(|k| release(k)).collect();
        if let Some(releases) = releases {
            let mut keyed: Vec<_> = releases.into_iter().zip(fo.order.drain(..)).collect();
            keyed.sort_by(|a, b| a.0.cmp(&b.0));
            fo.order = keyed.into_iter().map(|(_, k)| k).collect();
        }
        fo
    }

    /// The baseline for a class whose `machine.yaml` (at `yaml`) sets
    /// none: the files' base when they all give one and the same (a note
    /// saying so); none when they name several: a warning with the
    /// sections to write, each report compared with its own base (one
    /// `baseline:` compares one report only: archive43, nine reports of
    /// nine bases on one test box), unless `sections_say` (every section
    /// of `machine.yaml` sets its own `baseline:`).
    fn baseline(&self, yaml: &Path, sections_say: bool, diags: &mut Vec<Diagnostic>) -> Option<String> {
        let (base, file) = self.bases.first()?;
        if let Some((other, other_file)) = self.bases.iter().find(|(b, _)| b != base) {
            if !sections_say {
                diags.push(Diagnostic::warning(
                    yaml,
                    None,
                    format!(
                        "machine.yaml sets no `baseline:`, and the files list different bases first ({base} in {file}, {other} in {other_file}): no change is shown; to compare each report's commits with its own base, give each report (with its re-tests) a section with its base as `baseline:` (`sections: [{{title: \"…\", files: [\"{file}\"], baseline: \"{base}\"}}, …]`), or write `baseline: \"{base}\"` (or another kernel) in machine.yaml"
                    ),
                ));
            }
            return None;
        }
        diags.push(Diagnostic::note(
            yaml,
            None,
            format!(
                "machine.yaml sets no `baseline:`: the class is compared with {base}, the base {file} lists first (and, unless `kernel_order:` is set, the kernels are in the files' order); write `baseline:` in machine.yaml to choose another"
            ),
        ));
        Some(base.clone())
    }
}

/// Orders kernels: those listed in `order` first in that order, the rest in
/// version order. Each name is parsed once (n log n comparisons of parsed
/// versions, and a hash lookup for `order`).
pub fn order_kernels(kernels: &mut [Kernel], order: &[String]) {
    let mut pos: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, o) in order.iter().enumerate() {
        pos.entry(o.as_str()).or_insert(i);
    }
    let mut keyed: Vec<(Option<usize>, crate::version::KernelVersion, Kernel)> = kernels
        .iter_mut()
        .map(|k| {
            let k = std::mem::replace(
                k,
                Kernel {
                    name: String::new(),
                    config: KernelConfig::default(),
                    env: Default::default(),
                    other_machine: None,
                    other_machine_group: None,
                    machine_caveat: None,
                },
            );
            (pos.get(k.name.as_str()).copied(), crate::version::KernelVersion::parse(&k.name), k)
        })
        .collect();
    keyed.sort_by(|a, b| match (a.0, b.0) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.1.cmp(&b.1),
    });
    for (slot, (_, _, k)) in kernels.iter_mut().zip(keyed) {
        *slot = k;
    }
}

/// Orders the items of a class that compares something other than
/// kernels (`compare:`): those listed in `order` first in that order, the
/// rest in natural order of their names ([`super::axis::natural_cmp`]);
/// kernel versions play no part.
fn order_items(items: &mut [Kernel], order: &[String]) {
    let pos = |name: &str| order.iter().position(|o| o == name);
    items.sort_by(|a, b| match (pos(&a.name), pos(&b.name)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => super::axis::natural_cmp(&a.name, &b.name),
    });
}

/// One `ResultFile` per raw file of `results` (in path order, a file's
/// segments side by side), the first of each: what is hashed and copied
/// once per file.
pub fn first_of_each_file(results: &[ResultFile]) -> impl Iterator<Item = &ResultFile> {
    results.iter().enumerate().filter(|(i, rf)| *i == 0 || results[i - 1].rel_path != rf.rel_path).map(|(_, rf)| rf)
}

/// Turns single values of files listed under a kernel's `runs:` into
/// summaries. A warning at the file when it gives a metric (same group
/// and parameters) more than once (`runs:` then makes each value a mean of
/// its n, three values of n = 5 a cell of 15 runs: the file's values may
/// be the runs themselves), or gives summaries of its own (kernbench's
/// `Average … (N runs)`: `runs:` leaves them as they are).
fn apply_runs(rf: &mut ResultFile, kernels: &FxHashMap<&str, &Kernel>, diags: &mut Vec<Diagnostic>) {
    let Some(kdir) = &rf.kernel_dir else { return };
    let Some(kernel) = kernels.get(kdir.as_str()) else { return };
    let in_kernel = rf.rel_path.strip_prefix(&format!("{kdir}/")).unwrap_or(&rf.rel_path);
    let Some(runs) = kernel.config.runs.get(in_kernel) else { return };
    let mut seen: FxHashMap<(&str, &[crate::model::Param], &str), usize> = FxHashMap::default();
    let mut again: Option<(usize, usize, String)> = None;
    let mut own = None;
    for s in &rf.parsed.samples {
        match s.value {
            Value::Single { .. } => match seen.entry((s.group.as_str(), s.params.as_slice(), s.metric.name.as_str())) {
                Entry::Occupied(first) => {
                    again.get_or_insert((*first.get(), s.line, s.metric.name.to_string()));
                }
                Entry::Vacant(v) => {
                    v.insert(s.line);
                }
            },
            Value::Summary { .. } => {
                own.get_or_insert(s.line);
            }
        }
    }
    if let Some((first, line, metric)) = again {
        // Two values on one line (`values: [5, 6]`) said "(lines 4 and 4)".
        let lines = if first == line { format!("twice on line {line}") } else { format!("lines {first} and {line}") };
        diags.push(Diagnostic::warning(
            &rf.path,
            Some(line),
            format!(
                "runs: {in_kernel:?} (n: {n}) makes each value of this file a mean of {n} runs, and it gives {metric:?} more than once ({lines}): a cell of several such means counts {n} runs for each; if the file's values are the runs themselves, remove its `runs:` entry",
                n = runs.n
            ),
        ));
    }
    // A deviation is in one metric's unit: given for a file of several
    // metrics (dbench's MB/s Throughput and ms max_latency) it is applied
    // to none, and said.
    let mut metrics: Vec<(&str, &str)> =
        rf.parsed.samples.iter().map(|s| (s.group.as_str(), s.metric.name.as_str())).collect();
    metrics.sort_unstable();
    metrics.dedup();
    let stddev = runs.stddev.filter(|_| metrics.len() <= 1);
    if runs.stddev.is_some() && stddev.is_none() {
        let names: Vec<&str> = metrics.iter().map(|m| m.1).take(4).collect();
        diags.push(Diagnostic::warning(
            &rf.path,
            rf.parsed.samples.first().map(|s| s.line),
            format!(
                "runs: {in_kernel:?} gives a stddev, but this file gives {} metrics ({}{}), each in its own unit: the stddev is applied to none (each value counts {} runs, untested)",
                metrics.len(),
                names.join(", "),
                if metrics.len() > names.len() { ", …" } else { "" },
                runs.n
            ),
        ));
    }
    if let Some(line) = own {
        diags.push(Diagnostic::warning(
            &rf.path,
            Some(line),
            format!("runs: {in_kernel:?} is not applied to the averages this file reports with their own run counts (line {line})"),
        ));
    }
    for s in &mut rf.parsed.samples {
        if let Value::Single { value } = s.value {
            s.value = Value::Summary { mean: value, stddev, n: runs.n };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Better, Metric, Sample};

    /// attack41 F29: kernels alike of no directory (a pct-table header's
    /// `tip` and another mail's `Tip`) are warned of at the file and line
    /// naming the later one, not at `content/zen3/Tip` (no such file); a
    /// kernel directory's keeps the directory (must not change).
    #[test]
    fn kernels_alike_of_no_directory_are_warned_of_at_a_file() {
        let kernel = |name: &str| Kernel {
            name: name.into(),
            config: KernelConfig::default(),
            env: Default::default(),
            other_machine: None,
            other_machine_group: None,
            machine_caveat: None,
        };
        let row = |kernel: &str, line: usize| {
            Sample::new(Metric::new("hackbench", "s", Better::Lower), 1.0, line).with_kernel(kernel)
        };
        let files = vec![
            crate::site::testing::result_file("a.txt", "pct-table", vec![row("tip", 16)]),
            crate::site::testing::result_file("b.txt", "pct-table", vec![row("Tip", 18)]),
        ];
        let mut diags = Vec::new();
        warn_kernels_alike(std::path::Path::new("zen3"), &[kernel("tip"), kernel("Tip")], &files, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!((diags[0].file.to_str(), diags[0].line), (Some("b.txt"), Some(18)), "{diags:?}");
        assert!(diags[0].message.contains("write its name alike in the files that name it (`Tip` here)"), "{diags:?}");
        let files = vec![
            crate::site::testing::result_file("6.2/a.txt", "dbench", vec![row("6.2", 3)]),
            crate::site::testing::result_file("v6.2/a.txt", "dbench", vec![row("v6.2", 3)]),
        ];
        let mut diags = Vec::new();
        warn_kernels_alike(std::path::Path::new("m"), &[kernel("6.2"), kernel("v6.2")], &files, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!((diags[0].file.to_str(), diags[0].line), (Some("m/v6.2"), None), "{diags:?}");
        assert!(diags[0].message.contains("put their files in one directory"), "{diags:?}");
    }

    /// attack39 #17 (i07): a file in 6.2.0/ naming 6.1.0 only on its quoted
    /// run (the other writer's `> Linux alpha 6.1.0 …`): that run is kept
    /// apart as booted 6.1.0, the writer's own run (line 50, naming no
    /// kernel) is 6.2.0's, no `booted`. Must not fire: a file whose every
    /// run names 6.1.0 keeps them all apart.
    #[test]
    fn runs_naming_no_kernel_beside_runs_naming_another_are_the_directorys() {
        let run = |line: usize| Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), 1.0, line);
        let file = |unnamed: Vec<usize>| {
            let mut rf = crate::site::testing::result_file("6.2.0/dbench-mail.txt", "dbench", vec![run(26), run(50)]);
            rf.named_kernel = Some("6.1.0".into());
            rf.unnamed_lines = unnamed;
            let base = crate::site::testing::result_file("6.1.0/dbench.txt", "dbench", vec![run(20)]);
            let mut results = vec![base, rf];
            let mut diags = Vec::new();
            keep_apart_runs_of_another_kernel(&mut results, &mut diags);
            let booted: Vec<bool> = results[1]
                .parsed
                .samples
                .iter()
                .map(|s| s.params.iter().any(|p| p.name == BOOTED_PARAM && p.value == "6.1.0"))
                .collect();
            (booted, diags)
        };
        let (booted, diags) = file(vec![50]);
        assert_eq!(booted, [true, false]);
        assert!(diags[0].message.contains("those naming no kernel (from line 50) are 6.2.0's"), "{}", diags[0].message);
        let (booted, diags) = file(Vec::new());
        assert_eq!(booted, [true, true]);
        assert!(diags[0].message.contains("its runs are kept apart (booted 6.1.0)"), "{}", diags[0].message);
    }

    /// attack43 F9 (u04, u10, u13): `6.2.0+`, `6.2.0-dirty` in 6.2.0/ and
    /// `6.2.0-rc3-00001-gdeadbeef` in 6.2.0-rc3/ were filed under the
    /// directory's kernel without a word: each now a warning at the file's
    /// first figure, the numbers still the directory's (never renamed).
    /// Must not fire: Raspberry Pi OS's `6.6.59-v8+` (its kernels' shipped
    /// name, tests/sites/identity), a distribution's ABI name (`6.2.0-1-amd64`,
    /// `6.1.0-13-amd64`), `6.1-generic`, the directory's own name, a
    /// directory named with the mark too (`6.2.0+/`), and an rc in its rc's
    /// directory.
    #[test]
    fn a_local_build_of_the_directorys_kernel_is_a_warning() {
        for (named, dir) in
            [("6.2.0+", "6.2.0"), ("Linux 6.2.0-dirty", "6.2.0"), ("6.2.0-rc3-00001-gdeadbeef", "6.2.0-rc3")]
        {
            assert!(local_build_mark(named, dir).is_some(), "{named} in {dir}");
            let run = Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), 1.0, 7);
            let mut rf = crate::site::testing::result_file(&format!("{dir}/dbench.txt"), "dbench", vec![run]);
            rf.kernel_dir = Some(dir.into());
            rf.named_kernel = Some(named.into());
            let mut results = vec![rf];
            let mut diags = Vec::new();
            keep_apart_runs_of_another_kernel(&mut results, &mut diags);
            assert_eq!(diags.len(), 1, "{diags:?}");
            assert_eq!(diags[0].line, Some(7));
            assert!(diags[0].message.contains("a local build"), "{}", diags[0].message);
            assert!(results[0].parsed.samples[0].params.is_empty(), "renamed or kept apart: {named}");
        }
        for (named, dir) in [
            ("6.2.0-1-amd64", "6.2.0"),
            ("6.1.0-13-amd64", "6.1"),
            ("6.1-generic", "6.1"),
            ("6.2.0", "6.2.0"),
            ("6.2.0+", "6.2.0+"),
            ("6.2.0-rc3", "6.2.0-rc3"),
            ("2.6.32-5-686", "2.6.32-5-686"),
            ("6.6.59-v8+", "6.6.59"),
            ("6.6.59-v7l+", "6.6.59"),
        ] {
            assert_eq!(local_build_mark(named, dir), None, "{named} in {dir}");
        }
    }

    /// One file of `named`'s runs (a `Throughput` at line 7) in kernel
    /// directory `dir`, kept apart or not as the class is loaded.
    fn in_dir(dir: &str, file: &str, named: Option<&str>, value: f64) -> ResultFile {
        let run = Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), value, 7);
        let mut rf = crate::site::testing::result_file(&format!("{dir}/{file}"), "dbench", vec![run]);
        rf.kernel_dir = Some(dir.into());
        rf.named_kernel = named.map(str::to_string);
        rf
    }

    /// archive52: mojyack/unixbench-results' OnePlus 6 reports name
    /// `6.7.0-sdm845-00105-g5219473b31ea-dirty` (the sdm845 tree, built
    /// dirty) and `6.9.0-sdm845-g9b5a660025d0-dirty`. In `6.7.0/` and
    /// `6.9.0/` each was kept apart (`booted …`) and the class compared
    /// nothing, under two warnings at one line, the second saying its
    /// numbers were filed under the directory "if that build is not
    /// 6.7.0's release, put it in a directory of its own". Now one warning,
    /// saying the directory name that compares it; named so, no word and
    /// nothing kept apart. A file naming another kernel of the class (a
    /// reboot forgotten) is told no such name.
    #[test]
    fn a_vendor_tree_in_its_release_directory_says_how_to_compare_it() {
        let named = "6.7.0-sdm845-00105-g5219473b31ea-dirty";
        let mut results = vec![in_dir("6.7.0", "a.txt", Some(named), 1.0)];
        let mut diags = Vec::new();
        keep_apart_runs_of_another_kernel(&mut results, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].message.contains("another tree than 6.7.0's release"), "{}", diags[0].message);
        assert!(diags[0].message.contains(&format!("name its directory as the file names the kernel, `{named}/`")));
        assert_eq!(results[0].parsed.samples[0].params[0].value, named);
        let mut results = vec![in_dir(named, "a.txt", Some(named), 1.0)];
        let mut diags = Vec::new();
        keep_apart_runs_of_another_kernel(&mut results, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        assert!(results[0].parsed.samples[0].params.is_empty());
        let mut results = vec![in_dir("6.2", "a.txt", Some("6.1.0"), 1.0), in_dir("6.1", "b.txt", None, 2.0)];
        let mut diags = Vec::new();
        keep_apart_runs_of_another_kernel(&mut results, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(!diags[0].message.contains("name its directory"), "{}", diags[0].message);
    }

    /// attack46 F8: kernel names that go on from their directory's release
    /// were filed as the release's with no word. Another tree
    /// (`-next-20240301`, a patch set's `-mm5`) and a distribution's
    /// candidate (Fedora's `-0.rc3.…`) are kept apart as a pre-release is;
    /// a distribution's build (`-14-generic`, `-18-amd64`) and a local
    /// version (`-mytest+`, `-gentoo`) are warned of, filed under the
    /// directory, and kept apart from another build's runs of the same
    /// cell by the `kernel build` fact. Must not fire: the release spelt
    /// as its directory, `.0` aside; a `+` after the directory's own local
    /// version; a candidate's directory holding its candidate.
    #[test]
    fn builds_and_trees_on_a_release_keep_their_identity() {
        for (named, dir, tag) in [
            ("6.8.0-next-20240301", "6.8.0", "-next-20240301"),
            ("6.8.0-next-20240301", "6.8", "-next-20240301"),
            ("2.5.33-mm5", "2.5.33", "-mm5"),
            ("6.6.30-rt30", "6.6.30", "-rt30"),
        ] {
            assert_eq!(names_another_tree_of(named, dir).as_deref(), Some(tag), "{named} in {dir}");
            assert_eq!(build_of_release(named, dir), None, "{named} in {dir}");
            let mut results = vec![in_dir(dir, "a.txt", Some(named), 1.0)];
            let mut diags = Vec::new();
            keep_apart_runs_of_another_kernel(&mut results, &mut diags);
            assert_eq!(diags.len(), 1, "{diags:?}");
            assert!(diags[0].message.contains("another tree than"), "{}", diags[0].message);
            assert_eq!(results[0].parsed.samples[0].params[0].value, named);
        }
        // archive52: a phone's vendor tree is a board's, kept apart as any
        // other tree, and called so (it was called a patch set's).
        for (tag, kind) in [
            ("-sdm845-00105-g5219473b31ea-dirty", "a board's tree"),
            ("-rk3399", "a board's tree"),
            ("-mm5", "a patch set"),
            ("-rt113", "a patch set"),
            ("-next-20240301", "linux-next"),
        ] {
            assert_eq!(kind_of_tree(tag), kind, "{tag}");
        }
        let named = "6.7.0-sdm845-00105-g5219473b31ea-dirty";
        assert_eq!(names_another_tree_of(named, "6.7.0").as_deref(), Some("-sdm845-00105-g5219473b31ea-dirty"));
        let mut results = vec![in_dir("6.7.0", "a.txt", Some(named), 1.0)];
        let mut diags = Vec::new();
        keep_apart_runs_of_another_kernel(&mut results, &mut diags);
        assert!(diags[0].message.contains("another tree than 6.7.0's release (a board's tree, `-sdm845-"), "{diags:?}");
        assert!(names_a_pre_release_of("6.9.0-0.rc3.31.fc41.x86_64", "6.9.0"));
        assert!(names_a_pre_release_of("6.7.0-060700rc1-generic", "6.7"));
        for (named, dir, kind) in [
            ("6.5.0-14-generic", "6.5.0", "a distribution's build"),
            ("6.1.0-18-amd64", "6.1", "a distribution's build"),
            ("6.11.4-301.fc41.x86_64", "6.11.4", "a distribution's build"),
            ("6.8.0-mytest+", "6.8.0", "a build with a local version"),
            ("6.6.13-gentoo", "6.6.13", "a distribution's build"),
            ("6.9.3-arch1-1", "6.9.3", "a distribution's build"),
            ("6.6.59-v8+", "6.6.59", "a distribution's build"),
            ("6.6.51+rpt-rpi-2712", "6.6.51", "a distribution's build"),
            ("6.8.0-dirty", "6.8.0", "a local build"),
        ] {
            assert_eq!(names_another_tree_of(named, dir), None, "{named} in {dir}");
            assert_eq!(build_of_release(named, dir).map(|b| b.0), Some(kind), "{named} in {dir}");
            let mut results = vec![in_dir(dir, "a.txt", Some(named), 1.0), in_dir(dir, "b.txt", Some(named), 2.0)];
            let mut diags = Vec::new();
            keep_apart_runs_of_another_kernel(&mut results, &mut diags);
            // A distribution's kernel alone in its release's directory: no word.
            let words = usize::from(kind != DISTRIBUTION_BUILD);
            assert_eq!(diags.len(), words, "one word for the two files: {diags:?}");
            assert!(diags.iter().all(|d| d.message.contains("so does 1 more file")), "{diags:?}");
            assert!(results.iter().all(|rf| rf.parsed.samples[0].params.is_empty()), "{named}: filed under {dir}");
        }
        for (named, dir) in [
            ("6.8.0", "6.8.0"),
            ("6.8.0", "6.8"),
            ("Linux 6.8.0", "6.8.0"),
            ("6.6.59-v8+", "6.6.59-v8"),
            ("6.8.0-rc3", "6.8.0-rc3"),
            ("6.9.0-0.rc3.31.fc41.x86_64", "6.9.0-0.rc3.31.fc41.x86_64"),
        ] {
            assert_eq!(names_another_tree_of(named, dir), None, "{named} in {dir}");
            assert_eq!(build_of_release(named, dir), None, "{named} in {dir}");
        }
        // The release's runs and a build's in one directory: two builds of
        // one cell, kept apart (never averaged), each warned of.
        let mut results =
            vec![in_dir("6.8.0", "a.txt", Some("6.8.0"), 1.0), in_dir("6.8.0", "b.txt", Some("6.8.0-mytest+"), 2.0)];
        let mut diags = Vec::new();
        keep_apart_runs_of_another_kernel(&mut results, &mut diags);
        let builds: Vec<Option<String>> =
            results.iter().map(|rf| rf.parsed.identity.build.clone().map(|b| b.1)).collect();
        assert_eq!(builds, vec![Some("6.8.0".to_string()), Some("6.8.0-mytest+".to_string())]);
        crate::site::identities::keep_identities_apart(&mut results, &mut diags);
        let params: Vec<Vec<String>> = results
            .iter()
            .map(|rf| rf.parsed.samples[0].params.iter().map(|p| p.value.to_string()).collect())
            .collect();
        assert_eq!(params, vec![vec!["6.8.0".to_string()], vec!["6.8.0-mytest+".to_string()]], "{diags:?}");
        assert!(diags.iter().any(|d| d.message.contains("name different kernel builds")), "{diags:?}");
        // Two ABIs of a distribution's kernel in one directory: kept apart.
        let mut results = vec![
            in_dir("6.5.0", "a.txt", Some("6.5.0-14-generic"), 1.0),
            in_dir("6.5.0", "b.txt", Some("6.5.0-15-generic"), 2.0),
        ];
        let mut diags = Vec::new();
        keep_apart_runs_of_another_kernel(&mut results, &mut diags);
        crate::site::identities::keep_identities_apart(&mut results, &mut diags);
        assert!(results.iter().all(|rf| rf.parsed.samples[0].params.len() == 1), "{diags:?}");
        assert_eq!(diags.len(), 1, "{diags:?}");
    }

    /// Session 40's leftover (archive40's K Prateek Nayak mails): the
    /// writer's `Hackbench` title in one mail and `hackbench` in the next
    /// are one group (one section of the class page), spelt as the
    /// benchmark's own name whichever file comes first; a title alike but
    /// for case and no benchmark's name takes the first file's spelling
    /// (`Stream`/`stream`: `stream` is a parser's id, so that one).
    /// Must not fire: the writer's typo `schebench` stays a group of its
    /// own; another benchmark's group of that spelling is left alone; a
    /// metric not named as its group keeps its name.
    #[test]
    fn groups_alike_but_for_case_meet_in_one_spelling() {
        let table = |title: &str| {
            format!(
                "~~~~~~~~~\n{title}\n~~~~~~~~~\n\nNPS1\n\nTest:   tip   SIS_UTIL\n \
                 1-groups:  4.64 (0.00 pct)  4.77 (-2.80 pct)\n \
                 2-groups:  5.22 (0.00 pct)  5.17 (0.95 pct)\n"
            )
        };
        let pct = crate::site::testing::pct_table_file;
        let other = crate::site::testing::result_file(
            "c.txt",
            "dbench",
            vec![Sample::new(Metric::new("Hackbench", "", Better::Higher), 1.0, 3).with_group("Hackbench")],
        );
        let mut results = vec![
            pct("a.txt", &table("Hackbench")),
            pct("b.txt", &table("hackbench")),
            pct("b2.txt", &table("schebench")),
            pct("d.txt", &table("Tip Bench")),
            pct("e.txt", &table("tip bench")),
            other,
        ];
        let mut diags = Vec::new();
        unify_group_case(&mut results, &mut diags);
        let groups = |rf: &ResultFile| {
            let mut g: Vec<(String, String)> =
                rf.parsed.samples.iter().map(|s| (s.group.to_string(), s.metric.name.to_string())).collect();
            g.dedup();
            g
        };
        let pair = |g: &str| vec![(g.to_string(), g.to_string())];
        assert_eq!(groups(&results[0]), pair("hackbench"));
        assert_eq!(groups(&results[1]), pair("hackbench"));
        assert_eq!(groups(&results[2]), pair("schebench"));
        assert_eq!(groups(&results[3]), pair("Tip Bench"));
        assert_eq!(groups(&results[4]), pair("Tip Bench"));
        assert_eq!(groups(&results[5]), vec![("Hackbench".to_string(), "Hackbench".to_string())]);
        let said: Vec<(String, Option<usize>, &str)> =
            diags.iter().map(|d| (d.file.display().to_string(), d.line, d.message.as_str())).collect();
        assert_eq!(said.len(), 2, "{said:?}");
        assert_eq!(said[0].0, "a.txt");
        assert_eq!(said[0].1, Some(8));
        assert!(
            said[0].2.contains("pct-table: \"Hackbench\" is shown as \"hackbench\" (b.txt line 8)"),
            "{}",
            said[0].2
        );
        assert_eq!(said[1].0, "e.txt");
        assert!(said[1].2.contains("\"tip bench\" is shown as \"Tip Bench\" (d.txt line 8)"), "{}", said[1].2);
        // One section (select's unclaimed sections are by benchmark and group).
        let selection = crate::site::select::select(&[], &[], &results);
        let titles: Vec<&str> = selection.unclaimed.iter().map(|((_, g), _)| g.as_str()).collect();
        assert_eq!(titles, ["hackbench", "schebench", "Tip Bench", "Hackbench"]);
    }
}
