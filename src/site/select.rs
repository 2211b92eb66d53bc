//! Which results each section of a machine class shows: its parts
//! ([`Selector`], from `parts:` or the section's own keys), the samples
//! each picks ([`select`]), the samples no section claims, and the checks
//! that need the picks: a part that selects nothing, and one table cell
//! fed by files that are different results rather than runs of one.

use super::config::{MachineYaml, PartLines, line_of, section_line};
use super::{CellKey, LeaveOutConfig, ResultFile, SectionConfig};
use crate::diag::Diagnostic;
use crate::model::{Metric, Sample};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

/// One part of a section, compiled for matching: the section's own keys
/// and the part's (a result must pass both), or the section's keys alone
/// for a section without `parts:`.
#[derive(Debug, Clone)]
pub struct Selector<'a> {
    /// The part's label (`perl_build`); `None` for a section without
    /// `parts:`.
    pub label: Option<&'a str>,
    /// Column order of its metrics: the part's `metrics:`, else the
    /// section's (empty: order of first appearance).
    pub metric_order: &'a [String],
    /// `files:` globs of the section and of the part: a file must match
    /// one of each non-empty list.
    files: [Vec<super::FileGlob>; 2],
    /// `benchmark:` of the section and of the part.
    benchmark: [Option<&'a str>; 2],
    /// `group:` of the section and of the part.
    group: [Option<&'a str>; 2],
    /// `metrics:` of the section and of the part (empty: any).
    metrics: [&'a [String]; 2],
}

impl Selector<'_> {
    /// True when the section or the part names a `group:`: the person chose
    /// that table of the benchmark's output, detail or not.
    pub fn names_group(&self) -> bool {
        self.group.iter().any(Option::is_some)
    }
}

impl SectionConfig {
    /// Its parts as [`Selector`]s, in the order written; a section without
    /// `parts:` is one part without a label.
    pub fn selectors(&self) -> Vec<Selector<'_>> {
        let own = Selector {
            label: None,
            metric_order: &self.metrics,
            files: [self.file_patterns(), Vec::new()],
            benchmark: [self.benchmark.as_deref(), None],
            group: [self.group.as_deref(), None],
            metrics: [&self.metrics, &[]],
        };
        if self.parts.is_empty() {
            return vec![own];
        }
        self.parts
            .iter()
            .map(|p| Selector {
                label: Some(&p.label),
                metric_order: if p.metrics.is_empty() { &self.metrics } else { &p.metrics },
                files: [own.files[0].clone(), p.files.iter().filter_map(|g| super::FileGlob::new(g).ok()).collect()],
                benchmark: [own.benchmark[0], p.benchmark.as_deref()],
                group: [own.group[0], p.group.as_deref()],
                metrics: [own.metrics[0], &p.metrics],
            })
            .collect()
    }
}

impl SectionConfig {
    /// The names a column of its table can have, in first appearance:
    /// the metrics of the samples of `results` it shows (`shown`, one list
    /// per part: its entry of [`Selection::shown`]), and with `parts:` each
    /// part's label and "label metric" (the names its columns take).
    pub fn metric_names<'a>(
        &'a self,
        shown: &[Vec<SampleRef>],
        results: &'a [ResultFile],
    ) -> Vec<std::borrow::Cow<'a, str>> {
        let mut names: Vec<std::borrow::Cow<'a, str>> = Vec::new();
        let mut push = |n: std::borrow::Cow<'a, str>| {
            if !names.contains(&n) {
                names.push(n);
            }
        };
        for (part, samples) in self.parts.iter().map(Some).chain(self.parts.is_empty().then_some(None)).zip(shown) {
            let label = part.map(|p| p.label.as_str());
            if let Some(label) = label {
                push(label.into());
            }
            for &(fi, si) in samples {
                let name = results[fi].parsed.samples[si].metric.name.as_str();
                push(name.into());
                if let Some(label) = label {
                    push(format!("{label} {name}").into());
                }
            }
        }
        names
    }
}

impl Selector<'_> {
    /// True when the `files:` globs and `benchmark:` select `rf`.
    pub fn selects_file(&self, rf: &ResultFile) -> bool {
        // The benchmark first: one comparison, where a glob is a small matcher.
        self.benchmark.iter().flatten().all(|b| *b == rf.parsed.benchmark)
            && self.files.iter().all(|ps| ps.is_empty() || ps.iter().any(|p| p.matches(&rf.rel_path)))
    }

    /// [`Selector::selects_file`] of a file at `rel_path` (relative to
    /// the class directory) of `benchmark` that gave no results (a
    /// skipped file: [`super::SkippedFile`]).
    pub fn selects_path(&self, rel_path: &str, benchmark: &str) -> bool {
        self.benchmark.iter().flatten().all(|b| *b == benchmark)
            && self.files.iter().all(|ps| ps.is_empty() || ps.iter().any(|p| p.matches(rel_path)))
    }

    /// True when a sample of a selected file is this part's: its group
    /// passes `group:` (but for case: a group's files' spellings meet in
    /// one, `site::load`'s `unify_group_case`, which may not be the one
    /// the person copied). Such a sample is claimed by the section (it
    /// gets no section of its own) even when `metrics:` hides it.
    pub fn claims(&self, s: &Sample) -> bool {
        self.group.iter().flatten().all(|g| g.eq_ignore_ascii_case(&s.group))
    }

    /// True when a claimed sample is shown: its metric passes `metrics:`.
    pub fn shows(&self, s: &Sample) -> bool {
        self.metrics.iter().all(|m| m.is_empty() || m.iter().any(|x| *x == s.metric.name))
    }
}

/// A sample by position: (index into the class's results, index into that
/// file's samples).
pub type SampleRef = (usize, usize);

/// What the sections of a machine class show, from [`select`].
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// For each configured section, for each of its parts (one for a
    /// section without `parts:`): the samples it shows, in file order.
    pub shown: Vec<Vec<Vec<SampleRef>>>,
    /// The samples no configured section claims, by benchmark and group
    /// in first appearance: each such pair gets a section of its own.
    pub unclaimed: Vec<((String, String), Vec<SampleRef>)>,
    /// For each part of `shown`, then each of `unclaimed` (in that order):
    /// the samples, sorted, of its cells that average files of different
    /// [`run_stem`]s as runs (the cells the merge warning is of:
    /// [`merged_cells`]); the report marks those cells. Empty lists (most
    /// classes) where no cell does.
    pub merged: Vec<Vec<SampleRef>>,
    /// The raw files (indices into the class's results), sorted, whose
    /// figures are another kernel's file's, figure for figure, and the
    /// files they repeat (the cross-kernel copy warning of
    /// `site::copies`): the report marks their cells, so a mail or
    /// Markdown page, which leave warnings out, does not show such a
    /// kernel's `+0.0%` as no change (newcomer42 N2). Empty in most classes.
    pub copied: Vec<usize>,
    /// The raw files (indices into the class's results), sorted, whose
    /// copies of an output were averaged as runs of one set-up, perhaps of
    /// different kernels ([`crate::model::ParsedFile::doubted_copies`]):
    /// the report marks their cells as it marks [`Selection::merged`]'s,
    /// so a mail does not print such an average unmarked (newcomer44 N2).
    /// Empty in most classes.
    pub doubted: Vec<usize>,
    /// For each list of [`Selection::merged`] (same order): what the merge
    /// warning says of its cells, `None` where none averages files of
    /// different names; found with them, once (afix42's leftover:
    /// `check_selection` found them again).
    merge_notes: Vec<Option<MergeNote>>,
}

/// The merge warning's facts of one list's cells ([`merged_cells`]), owned.
#[derive(Debug, Clone)]
struct MergeNote {
    /// One file (index into the results) of each stem so averaged, in the order met.
    files: Vec<usize>,
    /// The kernel and metric of the first such cell.
    kernel: String,
    metric: Metric,
    /// How many cells are fed so.
    cells: usize,
    /// The later file of the first such cell and the line of its first value so averaged.
    at: (usize, usize),
    /// Each other kernel whose own files are so averaged, warned of on its
    /// own file ([`Merged`]'s `others`).
    others: Vec<OtherKernel>,
}

impl Selection {
    /// The samples of part `part` of section `section` ([`Selection::shown`]) whose cells average files of
    /// different names ([`Selection::merged`]).
    pub fn merged_of_part(&self, section: usize, part: usize) -> &[SampleRef] {
        let at = self.shown.iter().take(section).map(Vec::len).sum::<usize>() + part;
        self.merged.get(at).map_or(&[], Vec::as_slice)
    }

    /// The same of unclaimed list `i` ([`Selection::unclaimed`]).
    pub fn merged_of_unclaimed(&self, i: usize) -> &[SampleRef] {
        let at = self.shown.iter().map(Vec::len).sum::<usize>() + i;
        self.merged.get(at).map_or(&[], Vec::as_slice)
    }
}

/// The samples of `results` that each of `sections` and each of their
/// parts shows, and those no section claims, but for the groups
/// `leave_out` names (`machine.yaml`'s `leave_out:`), which none shows
/// and none is made for. The globs of every section
/// are matched against every file in parallel (a dozen sections and 3,600
/// files in a 300-kernel class).
pub fn select(sections: &[SectionConfig], leave_out: &[LeaveOutConfig], results: &[ResultFile]) -> Selection {
    select_counting_reprints(sections, leave_out, results, &[])
}

/// [`select`], counting each of `reprints` (a kernel's figures a file
/// repeats from another, kept because a section shows the file without
/// the other: `site::copies`) once: a part that selects both files, or
/// the sections made for what no section claims when neither file is
/// selected, shows only the other file's (archive43 R1).
pub(super) fn select_counting_reprints(
    sections: &[SectionConfig],
    leave_out: &[LeaveOutConfig],
    results: &[ResultFile],
    reprints: &[super::copies::Reprint],
) -> Selection {
    // (file, kernel) → the file its figures repeat, for the few reprints.
    let reprinted: Vec<(usize, &str, usize)> = reprints
        .iter()
        .filter_map(|r| {
            let at = |rel: &str| results.iter().position(|rf| rf.rel_path == rel);
            Some((at(&r.file)?, r.kernel.as_str(), at(&r.of)?))
        })
        .collect();
    let shown_and_claimed: Vec<(Vec<Vec<SampleRef>>, Vec<SampleRef>)> = sections
        .par_iter()
        .map(|sc| {
            let mut claimed = Vec::new();
            let parts = sc
                .selectors()
                .iter()
                .map(|sel| {
                    let mut shown = Vec::new();
                    for (fi, rf) in results.iter().enumerate().filter(|(_, rf)| sel.selects_file(rf)) {
                        let kept = |s: &Sample| !LeaveOutConfig::covers(leave_out, &rf.parsed.benchmark, s);
                        // Kernels whose figures here this part shows from the file they repeat.
                        let again: Vec<&str> = reprinted
                            .iter()
                            .filter(|&&(f, _, of)| f == fi && sel.selects_file(&results[of]))
                            .map(|&(_, k, _)| k)
                            .collect();
                        for (si, s) in rf.parsed.samples.iter().enumerate().filter(|(_, s)| sel.claims(s) && kept(s)) {
                            claimed.push((fi, si));
                            if sel.shows(s) && !again.iter().any(|k| s.kernel.as_deref() == Some(*k)) {
                                shown.push((fi, si));
                            }
                        }
                    }
                    // Kept until the class is laid out: without the room
                    // its growth left (a 3,000-kernel class's lists hold a
                    // million samples).
                    super::exact(shown)
                })
                .collect();
            (parts, claimed)
        })
        .collect();
    let mut used: Vec<Vec<bool>> = results.iter().map(|rf| vec![false; rf.parsed.samples.len()]).collect();
    for &(fi, si) in shown_and_claimed.iter().flat_map(|(_, c)| c) {
        used[fi][si] = true;
    }
    let mut unclaimed: Vec<((String, String), Vec<SampleRef>)> = Vec::new();
    let mut index: FxHashMap<(&str, &str), usize> = FxHashMap::default();
    // Reprints whose both files no section selects: their figures are unclaimed in both.
    let unclaimed_again: Vec<(usize, &str)> = reprinted
        .iter()
        .filter(|&&(f, _, of)| {
            !sections.iter().any(|sc| {
                sc.selectors().iter().any(|sel| sel.selects_file(&results[f]) || sel.selects_file(&results[of]))
            })
        })
        .map(|&(f, k, _)| (f, k))
        .collect();
    for (fi, rf) in results.iter().enumerate() {
        for (si, s) in rf
            .parsed
            .samples
            .iter()
            .enumerate()
            .filter(|&(si, s)| !used[fi][si] && !LeaveOutConfig::covers(leave_out, &rf.parsed.benchmark, s))
            .filter(|(_, s)| !unclaimed_again.iter().any(|&(f, k)| f == fi && s.kernel.as_deref() == Some(k)))
        {
            let key = (rf.parsed.benchmark.as_str(), s.group.as_str());
            let i = *index.entry(key).or_insert_with(|| {
                unclaimed.push(((key.0.to_string(), key.1.to_string()), Vec::new()));
                unclaimed.len() - 1
            });
            unclaimed[i].1.push((fi, si));
        }
    }
    for (_, refs) in &mut unclaimed {
        *refs = super::exact(std::mem::take(refs));
    }
    let shown: Vec<Vec<Vec<SampleRef>>> = shown_and_claimed.into_iter().map(|(p, _)| p).collect();
    // The cells the merge warning is of ([`MachineYaml::check_selection`]),
    // decided here once, for the report's mark (attack41 F11).
    let stems = merge_stems(results);
    let (merged, merge_notes) = shown
        .iter()
        .flatten()
        .chain(unclaimed.iter().map(|(_, r)| r))
        .map(|refs| match merged_cells(results, &stems, refs) {
            Some(m) => {
                let mut of: Vec<SampleRef> = refs
                    .iter()
                    .copied()
                    .filter(|&(fi, si)| m.keys.contains(&super::cell_of(&results[fi].parsed.samples[si])))
                    .collect();
                of.sort_unstable();
                let note = MergeNote {
                    files: m.files,
                    kernel: m.kernel.to_string(),
                    metric: m.metric.clone(),
                    cells: m.cells,
                    at: m.at,
                    others: m.others,
                };
                (of, Some(note))
            }
            None => (Vec::new(), None),
        })
        .unzip();
    let mut copied: Vec<usize> =
        super::copies::copied_across_kernels(results).into_iter().flat_map(|(i, j)| [i, j]).collect();
    copied.sort_unstable();
    copied.dedup();
    let doubted = (0..results.len()).filter(|&i| results[i].parsed.doubted_copies).collect();
    Selection { shown, unclaimed, merged, copied, doubted, merge_notes }
}

/// The name by which a raw file is one run among others: its file name
/// without directories, without an extension that is not a number, and
/// without trailing numbers set off by `-`, `_`, `.` or `run`, or
/// following a side of a comparison (`before2`, `patched3`: see
/// `NUMBERED_RUN_WORDS`) (`dbench-32-run2.txt` → `dbench`, `out.3` →
/// `out`, `run2/dbench.txt` → `dbench`, `before3.csv` → `before`). Files of one stem are runs of one thing (or differ in a
/// parameter the benchmark prints, such as dbench's 32 processes);
/// `build-perl.txt` and `build-kernel.txt`, `tiobench-ext2.txt` and
/// `tiobench-ext3.txt`, or `mmap1.csv` and `mmap2.csv`, are different
/// results.
pub fn run_stem(rel_path: &str) -> &str {
    let name = rel_path.rsplit('/').next().unwrap_or(rel_path);
    let mut stem = without_extension(name);
    while let Some(shorter) = without_run_number(stem) {
        stem = shorter;
    }
    stem
}

/// A file's name without its extension, unless the extension is a number
/// (`out.3` keeps its `.3`, a run's number [`without_run_number`] reads).
fn without_extension(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((stem, ext)) if !ext.is_empty() && !ext.bytes().all(|b| b.is_ascii_digit()) => stem,
        _ => name,
    }
}

/// The output a harness writes per run, numbered without a separator
/// (`log000.txt` … `log009.txt`, a VPS benchmark's 10 iterations,
/// archive38 F1; `out1.txt`): the number is a run's, as after a word of
/// [`crate::parse::num::RUN_WORDS`] (`before1.csv`, `take2.txt`, the list
/// the files one `cat` shows are read by too). A set-up's name and a
/// digit (`ext2`, `ext3`, `j1`, `j4`, `raid1`) is not one of them.
const NUMBERED_RUN_WORDS: &[&str] = &["log", "out", "output"];

/// `name` without its trailing number when `-`, `_`, `.`, a space or
/// `run` sets it off, or when it follows a word of
/// [`NUMBERED_RUN_WORDS`] (`before2`, `x-after3`); `ext2` keeps its
/// digit; `None` when it has none.
fn without_run_number(name: &str) -> Option<&str> {
    let no_digits = name.trim_end_matches(|c: char| c.is_ascii_digit());
    if no_digits.len() == name.len() {
        return None;
    }
    let n = no_digits.len();
    let run_word = n >= 3 && no_digits.get(n - 3..).is_some_and(|w| w.eq_ignore_ascii_case("run"));
    let before = if run_word { &no_digits[..n - 3] } else { no_digits };
    let last_word = before.rsplit(['-', '_', '.', ' ']).next().unwrap_or(before);
    match before.strip_suffix(['-', '_', '.', ' ']) {
        Some(stem) => Some(stem),
        // `run2` alone, or `xrun2`.
        None if run_word || before.is_empty() => Some(before),
        // `before2`, `wis-after3`, `log3`.
        None if crate::parse::num::ends_in_run_word(before)
            || NUMBERED_RUN_WORDS.iter().any(|w| w.eq_ignore_ascii_case(last_word)) =>
        {
            Some(before)
        }
        None => None,
    }
}

/// Words of [`NUMBERED_RUN_WORDS`] a harness also numbers by a count it
/// loops over: `log1.txt`, `log2.txt`, `log4.txt`, `log8.txt` from a
/// `for j in 1 2 4 8; do make -j$j …> log$j.txt` loop are four results,
/// not four runs (attack38 #6). Their numbers are runs' only where a
/// directory's files count up one by one from 0 or 1 (`log000` …
/// `log009`, `out1` … `out3`), as the README's rule for directories
/// (`1/ 4/ 16/` are counts) has it.
const COUNTED_RUN_WORDS: &[&str] = &["log", "out", "output"];

/// The directory, [`run_stem`] and number of a file whose number follows
/// a word of [`COUNTED_RUN_WORDS`], directly or after one `-`, `_` or `.`
/// (`6.1/log4.txt`, `6.1/log-4.txt`, `6.1/log_4`, `6.1/output.4` →
/// (`6.1`, `log`/`output`, 4)): a `make -j$j` loop names its logs
/// `log-$j` and `log_$j` as often as `log$j` (attack39 finding 4: `log-1`
/// … `log-8` were averaged as four runs, no word). `None` for any other
/// name (`run-4`, `dbench-4`: their own rules).
fn counted_number(rel_path: &str) -> Option<(&str, &str, u64)> {
    let (dir, name) = rel_path.rsplit_once('/').unwrap_or(("", rel_path));
    let name = without_extension(name);
    let word = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let bare = word.strip_suffix(['-', '_', '.']).unwrap_or(word);
    let last_word = bare.rsplit(['-', '_', '.', ' ']).next().unwrap_or(bare);
    if word.len() == name.len() || !COUNTED_RUN_WORDS.iter().any(|w| w.eq_ignore_ascii_case(last_word)) {
        return None;
    }
    let number = name[word.len()..].parse().ok()?;
    (run_stem(rel_path) == bare).then_some((dir, bare, number))
}

/// The files numbered after a word of [`COUNTED_RUN_WORDS`], by directory
/// and stem (`("6.1", "log")`): their numbers (ascending), whether they are
/// runs, and the series read as runs with a gap whose numbers also double
/// (`log1 log2 log4` beside another kernel's `log1` … `log4`: a run lost,
/// or a `-j 1 2 4` loop beside a `1 2 3 4` one; the names cannot say).
struct CountedSeries<'a> {
    /// Each result's directory, stem and number ([`counted_number`]).
    counted: Vec<Option<(&'a str, &'a str, u64)>>,
    numbers: FxHashMap<(&'a str, &'a str), Vec<u64>>,
    runs: FxHashSet<(&'a str, &'a str)>,
    /// Series read as runs with a gap though their numbers double, with
    /// the other directory whose runs they are some of.
    doubling_gaps: Vec<((&'a str, &'a str), &'a str)>,
}

/// The [`CountedSeries`] of `results`: a directory's numbers (of one stem)
/// are runs where they count 0, 1, 2 … or 1, 2, 3 …, or where they are some
/// of another directory's such runs ([`crate::parse::num::runs_with_a_gap`]:
/// 6.2's `log1 log2 log4` beside 6.1's `log1` … `log4`, a failed run
/// removed, as the directory rule has it: attack39 finding 8), never a
/// doubling series with more runs missing (6.1's `log-1 log-2 log-4
/// log-8` beside 6.2's `log-1` … `log-8`: a `-j` loop's four counts,
/// attack40 F11, were averaged as runs).
fn counted_series(results: &[ResultFile]) -> CountedSeries<'_> {
    let counted: Vec<Option<(&str, &str, u64)>> = results.iter().map(|rf| counted_number(&rf.rel_path)).collect();
    let mut numbers: FxHashMap<(&str, &str), Vec<u64>> = FxHashMap::default();
    for &(dir, word, n) in counted.iter().flatten() {
        numbers.entry((dir, word)).or_default().push(n);
    }
    for ns in numbers.values_mut() {
        ns.sort_unstable();
        ns.dedup();
    }
    let num = crate::parse::num::counts_up_one_by_one;
    let mut runs: FxHashSet<(&str, &str)> = FxHashSet::default();
    let mut doubling_gaps = Vec::new();
    let mut keys: Vec<&(&str, &str)> = numbers.keys().collect();
    keys.sort_unstable();
    for key @ (_, word) in keys {
        let ns = &numbers[key];
        if num(ns) {
            runs.insert(*key);
            continue;
        }
        let mut others: Vec<(&(&str, &str), &Vec<u64>)> = numbers.iter().filter(|((_, w), _)| w == word).collect();
        others.sort_unstable_by_key(|(k, _)| **k);
        if let Some(((other_dir, _), _)) =
            others.into_iter().find(|(_, other)| crate::parse::num::runs_with_a_gap(ns, other))
        {
            runs.insert(*key);
            if crate::parse::num::doubles(ns) {
                doubling_gaps.push((*key, *other_dir));
            }
        }
    }
    CountedSeries { counted, numbers, runs, doubling_gaps }
}

/// The [`run_stem`] of each of `results`, except that files numbered
/// after a word of [`COUNTED_RUN_WORDS`] whose numbers are no runs
/// ([`counted_series`]) keep their number (`log4`): they are counts, and
/// files of different counts fed into one cell are warned of as different
/// results.
fn merge_stems(results: &[ResultFile]) -> Vec<&str> {
    let mut stems: Vec<&str> = results.iter().map(|rf| run_stem(&rf.rel_path)).collect();
    let series = counted_series(results);
    for (fi, c) in series.counted.iter().enumerate() {
        if let Some((dir, word, _)) = *c
            && !series.runs.contains(&(dir, word))
        {
            let rel_path = results[fi].rel_path.as_str();
            let name = rel_path.rsplit('/').next().unwrap_or(rel_path);
            stems[fi] = without_extension(name);
        }
    }
    stems
}

/// A warning at the first file of each series read as runs with a gap
/// whose numbers double ([`counted_series`]): `log1 log2 log4` beside
/// another directory's `log1` … `log4` may be three runs of four (one
/// lost) or a loop's counts 1, 2, 4 (attack40 F11): which, the names
/// cannot say, and they are averaged as runs.
fn check_doubling_gaps(results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
    let series = counted_series(results);
    for ((dir, word), other_dir) in &series.doubling_gaps {
        let mut files: Vec<&ResultFile> = results
            .iter()
            .zip(&series.counted)
            .filter(|(_, c)| c.is_some_and(|(d, w, _)| d == *dir && w == *word))
            .map(|(rf, _)| rf)
            .collect();
        files.sort_by(|a, b| a.rel_path.cmp(&b.rel_path));
        let Some(first) = files.first() else { continue };
        let ns = &series.numbers[&(*dir, *word)];
        let listed: Vec<String> = ns.iter().map(u64::to_string).collect();
        let runs = &series.numbers[&(*other_dir, *word)];
        let missing: Vec<String> = runs
            .iter()
            .filter(|&&r| !ns.contains(&r) && ns.last().is_some_and(|&last| r < last))
            .map(u64::to_string)
            .collect();
        let names: Vec<&str> = files.iter().map(|rf| rf.rel_path.as_str()).collect();
        diags.push(Diagnostic::warning(
            &first.path,
            None,
            format!(
                "{} are read as runs {} of {word} with {} missing, as {other_dir}/ numbers its runs {} to {}; but their numbers double, as a loop over counts (`-j`, threads) names its logs: if they are counts, not runs, their values are averaged wrongly; name them apart (a directory or label each)",
                names.join(", "),
                listed.join(", "),
                missing.join(", "),
                runs.first().copied().unwrap_or_default(),
                runs.last().copied().unwrap_or_default(),
            ),
        ));
    }
}

/// Table cells that average files of different [`run_stem`]s as if they
/// were runs of one thing.
struct Merged<'a> {
    /// One file of each stem so averaged with another, in the order met
    /// (paths relative to the class directory): every stem, not only the
    /// first pair (attack38 #19: `out-a`, `out-b`, `output_1`,
    /// `output_final`, `run1` averaged, only `out-a` and `out-b` named).
    files: Vec<usize>,
    /// The kernel and metric of the first such cell.
    kernel: &'a str,
    metric: &'a Metric,
    /// How many cells are fed so.
    cells: usize,
    /// Those cells.
    keys: FxHashSet<CellKey<'a>>,
    /// The later file of the first such cell (index into the results) and
    /// the line of its first value so averaged: the warning is that
    /// file's, at the table or block whose values are averaged with
    /// another file's, so it shows under that table (it was at
    /// `machine.yaml`, on the lint page only).
    at: (usize, usize),
    /// Each other kernel whose cells are so fed, with its own first pair
    /// of files, cell count and place: its warning is on its own file
    /// (attack43 F8: 6.2's kb-a.txt + kb-b.txt merge was named only inside
    /// 6.1's warning, while 6.2's `^` legend points to a warning about its
    /// raw files).
    others: Vec<OtherKernel>,
}

/// A kernel's own merged cells, beside the first kernel's ([`Merged`]).
#[derive(Debug, Clone)]
struct OtherKernel {
    kernel: String,
    metric: Metric,
    /// The first pair of its files (indices into the results).
    pair: (usize, usize),
    cells: usize,
    at: (usize, usize),
}

/// True when the files behind `samples` (of `results`, whose stems are
/// `stems`: [`merge_stems`]) cannot feed one
/// cell with different [`run_stem`]s: the files of each kernel directory
/// share a stem, and so do the files outside kernel directories, which
/// may hold rows of any kernel (and that stem is every directory's). A
/// look at each file rather than each sample: the usual section passes it.
fn stems_agree(results: &[ResultFile], stems: &[&str], samples: &[SampleRef]) -> bool {
    let mut by_dir: FxHashMap<Option<&str>, &str> = FxHashMap::default();
    let mut last = usize::MAX;
    for &(fi, _) in samples {
        if fi == last {
            continue;
        }
        last = fi;
        let stem = stems[fi];
        if *by_dir.entry(results[fi].kernel_dir.as_deref()).or_insert(stem) != stem {
            return false;
        }
    }
    by_dir.get(&None).is_none_or(|flat| by_dir.values().all(|s| s == flat))
}

/// The cells of `samples` (of `results`, whose stems are `stems`) that
/// would average files of different stems; `None` when there are none.
fn merged_cells<'a>(results: &'a [ResultFile], stems: &[&'a str], samples: &[SampleRef]) -> Option<Merged<'a>> {
    if stems_agree(results, stems, samples) {
        return None;
    }
    let mut first: FxHashMap<CellKey<'a>, usize> = FxHashMap::default();
    let mut found: Option<Merged> = None;
    let mut counted: FxHashSet<CellKey<'a>> = FxHashSet::default();
    let mut named: FxHashSet<&str> = FxHashSet::default();
    for &(fi, si) in samples {
        let s = &results[fi].parsed.samples[si];
        let key = super::cell_of(s);
        let other = *first.entry(key).or_insert(fi);
        if stems[other] == stems[fi] {
            continue;
        }
        let merged = found.get_or_insert(Merged {
            files: Vec::new(),
            kernel: key.0,
            metric: key.3.0,
            cells: 0,
            keys: FxHashSet::default(),
            at: (fi, s.line),
            others: Vec::new(),
        });
        // A kernel fed by the first pair's files themselves (files outside
        // kernel directories, each naming every kernel) is named by the
        // first warning already; another kernel's own files, by its own.
        let first_pair = merged.files.get(..2).is_some_and(|p| p.contains(&other) && p.contains(&fi));
        let first_kernel = key.0 == merged.kernel || first_pair;
        if first_kernel {
            for f in [other, fi] {
                if named.insert(stems[f]) {
                    merged.files.push(f);
                }
            }
        }
        if counted.insert(key) {
            if first_kernel {
                merged.cells += 1;
            } else {
                match merged.others.iter_mut().find(|o| o.kernel == key.0) {
                    Some(o) => o.cells += 1,
                    None => merged.others.push(OtherKernel {
                        kernel: key.0.to_string(),
                        metric: key.3.0.clone(),
                        pair: (other, fi),
                        cells: 1,
                        at: (fi, s.line),
                    }),
                }
            }
        }
    }
    if let Some(m) = found.as_mut() {
        m.keys = counted;
    }
    found
}

/// At most this many files beyond the first pair are named in a merge
/// warning.
const MERGED_FILES_NAMED: usize = 8;

/// The warning about the merged cells of one part (or section).
fn merge_message(what: &str, m: &MergeNote, results: &[ResultFile], one: &str) -> String {
    let files: Vec<&str> = m.files.iter().map(|&f| results[f].rel_path.as_str()).collect();
    averaged_message(what, &files, &m.kernel, &m.metric, m.cells, one)
}

/// The words of a merge warning: `files` (one of each name, the first
/// pair first) give `metric` of `kernel` in `cells` cells.
fn averaged_message(what: &str, files: &[&str], kernel: &str, metric: &Metric, cells: usize, one: &str) -> String {
    let unit = if metric.unit.is_empty() { String::new() } else { format!(" ({})", metric.unit) };
    let more = match cells {
        1 => String::new(),
        2 => " (and 1 more cell alike)".to_string(),
        n => format!(" (and {} more cells alike)", n - 1),
    };
    let metric = &metric.name;
    let (a, b) = (files.first().copied().unwrap_or_default(), files.get(1).copied().unwrap_or_default());
    // Files of the other names averaged with some other name's.
    let also = match files.get(2..).unwrap_or_default() {
        [] => String::new(),
        [c] => format!(", as are those of {c}"),
        rest if rest.len() > MERGED_FILES_NAMED => format!(
            ", as are those of {} and {} more files of other names",
            rest[..MERGED_FILES_NAMED].join(", "),
            rest.len() - MERGED_FILES_NAMED
        ),
        [rest @ .., last] => format!(", as are those of {} and {last}", rest.join(", ")),
    };
    format!(
        "{what}: {a} and {b} both give {metric}{unit} of {one} {kernel}, and their values are averaged into one cell as if they were runs of one benchmark{more}{also}; if they are different results, set them side by side as parts (parts: with a label each) or give each a section; if they are runs, a run number set off by `-`, `_` or `.` (`lmbench-1`, `lmbench-2`) or after `run` names them so"
    )
}

/// The warnings of the other kernels' own merged cells ([`OtherKernel`]),
/// each at its own later file: (result index, line, message).
fn other_kernel_merges(what: &str, m: &MergeNote, results: &[ResultFile], one: &str) -> Vec<(usize, usize, String)> {
    m.others
        .iter()
        .map(|o| {
            let pair = [results[o.pair.0].rel_path.as_str(), results[o.pair.1].rel_path.as_str()];
            (o.at.0, o.at.1, averaged_message(what, &pair, &o.kernel, &o.metric, o.cells, one))
        })
        .collect()
}

impl MachineYaml {
    /// Warnings from the samples each section shows ([`select`]): at the
    /// section's line, a part of a section that selects no result (when
    /// the section's own `files:` match some file: otherwise
    /// [`MachineYaml::check_section_files`] said so); at the later file's
    /// first value so averaged (under its table), cells that would
    /// average different files as runs ([`run_stem`]), in a configured
    /// section or in one made for results no section claims.
    pub(super) fn check_selection(&self, results: &[ResultFile], selection: &Selection, diags: &mut Vec<Diagnostic>) {
        check_doubling_gaps(results, diags);
        // Each list's merge, as `select` found it (`Selection::merge_notes`).
        let mut notes = selection.merge_notes.iter();
        for (sc, parts) in self.config.sections.iter().zip(&selection.shown) {
            // Found when a warning needs them: a section may have thousands of parts.
            let mut lines: Option<PartLines> = None;
            let mut files_match: Option<bool> = None;
            for (i, (part, shown)) in sc.selectors().iter().zip(parts).enumerate() {
                let empty = shown.is_empty()
                    && part.label.is_some()
                    && *files_match.get_or_insert_with(|| sc.files_match_any(results));
                let note = notes.next().and_then(Option::as_ref);
                let merged = if empty { None } else { note };
                if !empty && merged.is_none() {
                    continue;
                }
                let what = match part.label {
                    Some(label) => format!("section {:?}, part {label:?}", sc.title),
                    None => format!("section {:?}", sc.title),
                };
                let one = &super::axis::Axis::of(self.config.compare.as_ref()).one;
                let diag = match merged {
                    Some(merged) => {
                        for (fi, line, msg) in other_kernel_merges(&what, merged, results, one) {
                            diags.push(Diagnostic::warning(&results[fi].path, Some(line), msg));
                        }
                        let (fi, line) = merged.at;
                        Diagnostic::warning(&results[fi].path, Some(line), merge_message(&what, merged, results, one))
                    }
                    None => {
                        let line = match part.label {
                            Some(_) => lines.get_or_insert_with(|| PartLines::of(&self.text, &sc.title)).line(i),
                            None => section_line(&self.text, &sc.title, "files:"),
                        };
                        Diagnostic::warning(&self.path, line, format!("{what} selects no results"))
                    }
                };
                diags.push(diag);
            }
        }
        self.check_section_metrics(results, diags);
        self.check_section_benchmarks(results, diags);
        self.check_leave_out(results, diags);
        // Results the configured sections leave out get a section of their
        // own (README, "Content layout"): said, since a file named unlike
        // its section's globs (`warmup.log` beside `read-only-*.log`) is
        // otherwise a table nobody asked for, heading the notable changes
        // (archive35 6c). A class with no `sections:` shows every result
        // so, on purpose.
        if !self.config.sections.is_empty() {
            let line = self.text.lines().position(|l| l.trim_end() == "sections:").map(|i| i + 1);
            // Each section's and part's `files:` compiled once, not once a
            // group: a large class's 98 groups matched each file against
            // globs compiled again for each (46 M instructions of
            // `glob::Pattern::matches` a rebuild of the class).
            let compiled = |globs: &[String]| -> Vec<super::FileGlob> {
                globs.iter().filter_map(|p| super::FileGlob::new(p).ok()).collect()
            };
            let patterns: Vec<(Vec<super::FileGlob>, Vec<Vec<super::FileGlob>>)> = if selection.unclaimed.is_empty() {
                Vec::new()
            } else {
                self.config
                    .sections
                    .iter()
                    .map(|sc| (compiled(&sc.files), sc.parts.iter().map(|pc| compiled(&pc.files)).collect()))
                    .collect()
            };
            // Left groups of files a section names: (benchmark, files, groups).
            let mut named_left: Vec<(String, Vec<usize>, Vec<String>)> = Vec::new();
            for ((bench, group), samples) in &selection.unclaimed {
                let mut files: Vec<usize> = samples.iter().map(|&(fi, _)| fi).collect();
                files.sort_unstable();
                files.dedup();
                let Some(&first) = files.first() else { continue };
                let what = if group.is_empty() { bench.clone() } else { format!("{bench}: {group}") };
                let more = match files.len() {
                    1 => String::new(),
                    2 => " and 1 more file".to_string(),
                    n => format!(" and {} more files", n - 1),
                };
                // Files a section already names, left out by its `group:`
                // (kylin-lmbench's lmbench files, in sections of one
                // group each: archive37 F4) or its parts' (schbench's
                // parts `wakeup` and `request`, its `rps` group left:
                // newcomer48 N3): naming them again, or ignoring the
                // files, is no advice; a section of their group is.
                // A section's (or part's) `files:` and `benchmark:` take
                // these files: no glob takes any file, as in a selection.
                // (`patterns`: the globs compiled, a bad one left out.)
                let takes = |globs: &[String], patterns: &[super::FileGlob], benchmark: &Option<String>| {
                    benchmark.as_ref().is_none_or(|b| b == bench)
                        && (globs.is_empty()
                            || files.iter().any(|&fi| patterns.iter().any(|p| p.matches(&results[fi].rel_path))))
                };
                let named =
                    !group.is_empty()
                        && self.config.sections.iter().zip(&patterns).any(|(sc, (own, of_parts))| {
                            takes(&sc.files, own, &sc.benchmark)
                                && (sc.group.is_some()
                                    || sc.parts.iter().zip(of_parts).any(|(pc, globs)| {
                                        pc.group.is_some() && takes(&pc.files, globs, &pc.benchmark)
                                    }))
                        });
                if named {
                    // Said once for every group of these files below.
                    match named_left.iter_mut().find(|(b, f, _)| b.as_str() == bench.as_str() && *f == files) {
                        Some((_, _, groups)) => groups.push(group.clone()),
                        None => named_left.push((bench.clone(), files, vec![group.clone()])),
                    }
                    continue;
                }
                let advice =
                    "name them in a section's files: to compare them there, or in ignore: if they are not results";
                diags.push(Diagnostic::warning(
                    &self.path,
                    line,
                    format!(
                        "results no section selects ({what}): {}{more} {} a section of their own after the configured ones; {advice}",
                        results[first].rel_path,
                        if files.len() == 1 { "gets" } else { "get" }
                    ),
                ));
            }
            // The groups of files sections name but whose groups they do
            // not pick: one warning for the files, naming every group (an
            // lmbench summary with 2 groups named gave 9 warnings alike
            // for the other 9: newcomer58).
            for (bench, files, groups) in named_left {
                let more = match files.len() {
                    1 => String::new(),
                    2 => " and 1 more file".to_string(),
                    n => format!(" and {} more files", n - 1),
                };
                let verb = if files.len() == 1 { "gets" } else { "get" };
                let message = match groups.as_slice() {
                    [group] => format!(
                        "results no section selects ({bench}: {group}): {}{more} {verb} a section of their own after the configured ones; sections name these files but pick other groups: add a section with benchmark: {bench} and group: {group:?} to compare them there, or leave them out with leave_out: [{{benchmark: {bench}, group: {group:?}}}] in machine.yaml",
                        results[files[0]].rel_path
                    ),
                    _ => {
                        let quoted: Vec<String> = groups.iter().map(|g| format!("{g:?}")).collect();
                        let leave: Vec<String> =
                            groups.iter().map(|g| format!("{{benchmark: {bench}, group: {g:?}}}")).collect();
                        format!(
                            "results no section selects ({bench}: {} groups: {}): {}{more} {verb} a section for each after the configured ones; sections name these files but pick other groups: add a section with benchmark: {bench} and one of these as its group: to compare that group there, or leave them out with leave_out: [{}] in machine.yaml",
                            groups.len(),
                            quoted.join(", "),
                            results[files[0]].rel_path,
                            leave.join(", ")
                        )
                    }
                };
                diags.push(Diagnostic::warning(&self.path, line, message));
            }
        }
        for (((bench, group), _), merged) in selection.unclaimed.iter().zip(notes) {
            if let Some(merged) = merged {
                let what = if group.is_empty() { bench.clone() } else { format!("{bench}: {group}") };
                let what = format!("results no section selects ({what})");
                let one = &super::axis::Axis::of(self.config.compare.as_ref()).one;
                let (fi, line) = merged.at;
                diags.push(Diagnostic::warning(
                    &results[fi].path,
                    Some(line),
                    merge_message(&what, merged, results, one),
                ));
                for (fi, line, msg) in other_kernel_merges(&what, merged, results, one) {
                    diags.push(Diagnostic::warning(&results[fi].path, Some(line), msg));
                }
            }
        }
    }
}

impl MachineYaml {
    /// A section's (or a part's) `benchmark:` that no result of the class
    /// has is a warning at its line, with the nearest name the class's
    /// results (else benchsite's parsers) have when one is close
    /// (`dbenchh`: did you mean `dbench`?): the section otherwise only
    /// shows nothing, and the results it meant land in a section of their
    /// own without a word.
    fn check_section_benchmarks(&self, results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
        let mut have: Vec<&str> = results.iter().map(|rf| rf.parsed.benchmark.as_str()).collect();
        have.sort_unstable();
        have.dedup();
        for sc in &self.config.sections {
            let mut named: Vec<&str> = sc
                .benchmark
                .iter()
                .chain(sc.parts.iter().filter_map(|p| p.benchmark.as_ref()))
                .map(String::as_str)
                .collect();
            named.dedup();
            for bench in named {
                if have.contains(&bench) {
                    continue;
                }
                // One of the class's benchmarks of the named one's family
                // first (`lmbench` → `lmbench-raw`), then the nearest by
                // spelling: a newcomer's `benchmark: lmbench` was asked
                // "did you mean dbench?" beside the class's lmbench-raw.
                let family: Vec<&str> = have
                    .iter()
                    .copied()
                    .filter(|h| h.strip_prefix(bench).is_some_and(|rest| rest.starts_with(['-', '_'])))
                    .collect();
                let near = match family.as_slice() {
                    [one] => Some(*one),
                    _ => nearest(bench, have.iter().copied()),
                }
                .or_else(|| nearest(bench, crate::parse::registry().iter().map(|p| p.id()).filter(|id| *id != bench)));
                let mut msg = format!(
                    "section {:?}: benchmark: {bench:?} is the benchmark of no result of this machine class",
                    sc.title
                );
                if !have.is_empty() {
                    msg.push_str(&format!(" (its results are of {})", have.join(", ")));
                }
                if bench == "generic" {
                    // The generic format's results carry the benchmark their
                    // file names (`benchmark: pgbench`), not the parser's id.
                    msg.push_str(
                        "; results written in the generic YAML or CSV format are of the benchmark their file names \
                         (`benchmark:` in the YAML, `# benchmark:` in the CSV; `generic` only where it names none): \
                         write that name here",
                    );
                } else if let Some(near) = near {
                    msg.push_str(&format!("; did you mean {near:?}?"));
                }
                diags.push(Diagnostic::warning(&self.path, section_line(&self.text, &sc.title, "benchmark:"), msg));
            }
        }
    }
}

impl MachineYaml {
    /// Each `leave_out:` entry: a note of what it leaves out (how many
    /// files' results), or a warning at its line when no result of the
    /// class is of its benchmark or group, with the groups the benchmark
    /// has (a misspelt group would leave nothing out, without a word).
    fn check_leave_out(&self, results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
        for entry in &self.config.leave_out {
            let line = line_of(&self.text, "leave_out", &entry.group);
            let mut groups: Vec<&str> = Vec::new();
            let mut files = 0usize;
            let mut samples = 0usize;
            for rf in results.iter().filter(|rf| rf.parsed.benchmark == entry.benchmark) {
                let n = rf.parsed.samples.iter().filter(|s| s.group == entry.group).count();
                samples += n;
                files += usize::from(n > 0);
                for s in &rf.parsed.samples {
                    if !groups.contains(&s.group.as_str()) {
                        groups.push(&s.group);
                    }
                }
            }
            let (bench, group) = (&entry.benchmark, &entry.group);
            if samples > 0 {
                diags.push(
                    Diagnostic::note(
                        &self.path,
                        line,
                        format!(
                            "leave_out: {bench}: {group:?} leaves out {samples} result(s) of {files} file(s): no section shows them"
                        ),
                    )
                    .of_kind(crate::diag::Kind::Skipped),
                );
                continue;
            }
            let msg = if groups.is_empty() {
                let mut have: Vec<&str> = results.iter().map(|rf| rf.parsed.benchmark.as_str()).collect();
                have.sort_unstable();
                have.dedup();
                let mut msg = format!(
                    "leave_out: no result of this machine class is of benchmark {bench:?}, so it leaves nothing out"
                );
                if let Some(near) = nearest(bench, have.iter().copied()) {
                    msg.push_str(&format!("; did you mean {near:?}?"));
                } else if !have.is_empty() {
                    msg.push_str(&format!(" (its results are of {})", have.join(", ")));
                }
                msg
            } else {
                let shown: Vec<String> = groups.iter().map(|g| format!("{g:?}")).collect();
                let mut msg = format!(
                    "leave_out: {bench} has no group {group:?} in this machine class, so it leaves nothing out"
                );
                if let Some(near) = nearest(group, groups.iter().copied()) {
                    msg.push_str(&format!("; did you mean {near:?}?"));
                }
                msg.push_str(&format!(" (its groups: {})", shown.join(", ")));
                msg
            };
            diags.push(Diagnostic::warning(&self.path, line, msg));
        }
    }
}

/// The name of `names` nearest to `name` when it is close enough to be a
/// misspelling (at most two edits, and fewer than half its letters; case
/// counts for none: `read: iops` is near `read: IOPS`).
pub(super) fn nearest<'a>(name: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let max = 2.min(name.chars().count().saturating_sub(1) / 2);
    names
        .map(|n| (strsim::damerau_levenshtein(&name.to_lowercase(), &n.to_lowercase()), n))
        .filter(|(d, _)| *d <= max.max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

/// The kernel of `names` that `name` means: one that goes by the same
/// name across classes ([`crate::version::alike`]: `6.8` for a `6.8.0`
/// directory, `v6.1` for `6.1`), else the nearest by spelling
/// ([`nearest`]).
pub(super) fn nearest_kernel<'a>(name: &str, names: impl Iterator<Item = &'a str> + Clone) -> Option<&'a str> {
    let alike = crate::version::alike(name);
    names.clone().find(|n| *n != name && crate::version::alike(n) == alike).or_else(|| nearest(name, names))
}

impl MachineYaml {
    /// A name in a section's (or a part's) `metrics:` that no result it
    /// selects gives (`read bw` for fio's `read: bw`) is a warning at the
    /// section's `metrics:` line naming the metrics there are: the
    /// column would otherwise be missing without a word.
    fn check_section_metrics(&self, results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
        for sc in &self.config.sections {
            if sc.metrics.is_empty() && sc.parts.iter().all(|p| p.metrics.is_empty()) {
                continue;
            }
            // The metrics each part's results give (files, benchmark and
            // group pass; `metrics:` not applied), and the groups they
            // come in.
            let mut groups: Vec<(&str, &str)> = Vec::new();
            // Each kernel's metrics among them (section-wide), in first
            // appearance: a metric some kernels' files lack.
            let mut by_kernel: Vec<(&str, Vec<&str>)> = Vec::new();
            let given: Vec<Vec<&str>> = sc
                .selectors()
                .iter()
                .map(|part| {
                    let mut names: Vec<&str> = Vec::new();
                    for rf in results.iter().filter(|rf| part.selects_file(rf)) {
                        for smp in rf.parsed.samples.iter().filter(|smp| part.claims(smp)) {
                            if !names.contains(&smp.metric.name.as_str()) {
                                names.push(smp.metric.name.as_str());
                            }
                            if let Some(k) = smp.kernel.as_deref() {
                                let at = match by_kernel.iter().position(|(x, _)| *x == k) {
                                    Some(at) => at,
                                    None => {
                                        by_kernel.push((k, Vec::new()));
                                        by_kernel.len() - 1
                                    }
                                };
                                if !by_kernel[at].1.contains(&smp.metric.name.as_str()) {
                                    by_kernel[at].1.push(smp.metric.name.as_str());
                                }
                            }
                            let pair = (smp.group.as_str(), smp.metric.name.as_str());
                            if !pair.0.is_empty() && !groups.contains(&pair) {
                                groups.push(pair);
                            }
                        }
                    }
                    names
                })
                .collect();
            let all: Vec<&str> = given.iter().flatten().fold(Vec::new(), |mut v, n| {
                if !v.contains(n) {
                    v.push(*n);
                }
                v
            });
            // The section's names against every part's metrics, a part's
            // against its own; nothing selected is said elsewhere.
            let checks = std::iter::once((format!("section {:?}", sc.title), &sc.metrics, &all)).chain(
                sc.parts
                    .iter()
                    .zip(&given)
                    .map(|(p, g)| (format!("section {:?}, part {:?}", sc.title, p.label), &p.metrics, g)),
            );
            for (what, wanted, names) in checks {
                if names.is_empty() {
                    continue;
                }
                for m in wanted.iter().filter(|m| !names.contains(&m.as_str())) {
                    // `wakeup: 99.0th`, as `parse` prints schbench's
                    // metric 99.0th of group wakeup.
                    let grouped = m.split_once(": ").filter(|(g, n)| names.contains(n) && groups.contains(&(*g, *n)));
                    let message = match grouped {
                        Some((group, name)) => format!(
                            "{what}: metrics: {m:?} names metric {name:?} of group {group:?}, so it has no column: metrics: takes the metric's own name, {name:?}, and a section (or each of its parts:) shows one group's with group: {group:?}"
                        ),
                        None => {
                            let listed = super::config::first_names(names.iter().map(|n| format!("{n:?}")));
                            let near = nearest(m, names.iter().copied())
                                .map(|n| format!("; did you mean {n:?}?"))
                                .unwrap_or_default();
                            format!(
                                "{what}: metrics: {m:?} is not a metric of its results, so it has no column (metrics there: {listed}){near}"
                            )
                        }
                    };
                    diags.push(Diagnostic::warning(
                        &self.path,
                        section_line(&self.text, &sc.title, "metrics:"),
                        message,
                    ));
                }
            }
            // A name of the section's `metrics:` some kernels' files give
            // and others' (selected by the section, with other metrics) do
            // not: those kernels' cells of its column are empty, which
            // reads as a metric not run (a typo'd name in one kernel's
            // file, another version's metric name).
            for m in sc.metrics.iter().filter(|m| all.contains(&m.as_str())) {
                let without: Vec<&str> =
                    by_kernel.iter().filter(|(_, names)| !names.contains(&m.as_str())).map(|(k, _)| *k).collect();
                if without.is_empty() {
                    continue;
                }
                let with: Vec<&str> =
                    by_kernel.iter().filter(|(_, names)| names.contains(&m.as_str())).map(|(k, _)| *k).collect();
                diags.push(Diagnostic::warning(
                    &self.path,
                    section_line(&self.text, &sc.title, "metrics:"),
                    format!(
                        "section {:?}: metrics: {m:?}: the files this section selects of {} have no such metric (those of {} have): its column is empty for {}",
                        sc.title,
                        kernels_named(&without),
                        kernels_named(&with),
                        if without.len() == 1 { "it" } else { "them" }
                    ),
                ));
            }
        }
    }
}

/// `kernel 6.1`, `kernels 6.1, 6.2`: kernels named in a message (the
/// first twelve, and how many more).
fn kernels_named(kernels: &[&str]) -> String {
    let s = if kernels.len() == 1 { "" } else { "s" };
    format!("kernel{s} {}", super::config::first_names(kernels.iter().map(|k| k.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Better;
    use std::path::PathBuf;

    use super::super::testing::result_file as file;

    fn real(v: f64) -> Sample {
        Sample::new(Metric::new("real", "s", Better::Lower), v, 1)
    }

    /// Two kernels' `time -p` of a perl build and a kernel build.
    fn builds() -> Vec<ResultFile> {
        let mut out = Vec::new();
        for (k, perl, kernel) in [("2.4.17", 1620.0, 1347.0), ("2.4.17rat", 1629.0, 1444.0)] {
            out.push(file(&format!("{k}/build-kernel.txt"), "bash-time", vec![real(kernel)]));
            out.push(file(&format!("{k}/build-perl.txt"), "bash-time", vec![real(perl)]));
        }
        out
    }

    /// A class's `machine.yaml` of `yaml`, as the site reads it.
    fn machine_yaml(yaml: &str) -> MachineYaml {
        let config: crate::site::MachineConfig = serde_yaml::from_str(yaml).expect("machine.yaml");
        MachineYaml {
            path: PathBuf::from("machine.yaml"),
            text: yaml.to_string(),
            config,
            formats: Vec::new(),
            ignore: Vec::new(),
        }
    }

    /// The warnings [`MachineYaml::check_selection`] gives for `yaml` over `results`.
    fn selection_warnings(yaml: &str, results: &[ResultFile]) -> Vec<Diagnostic> {
        let m = machine_yaml(yaml);
        let mut diags = Vec::new();
        m.check_selection(results, &select(&m.config.sections, &m.config.leave_out, results), &mut diags);
        diags
    }

    /// A `metrics:` name that only some kernels' files give (session 31's
    /// open item; here, made up: `Time` in 6.9's and 6.11's files, `time`
    /// in 6.10's): the kernels without it are named, at the `metrics:` line.
    #[test]
    fn a_metric_some_kernels_files_lack_names_those_kernels() {
        let m = |name: &str, v: f64| Sample::new(Metric::new(name, "s", Better::Lower), v, 1);
        let results = vec![
            file("6.9/h.txt", "hackbench", vec![m("Time", 10.0)]),
            file("6.10/h.txt", "hackbench", vec![m("time", 10.2)]),
            file("6.11/h.txt", "hackbench", vec![m("Time", 10.1), m("time", 10.1)]),
        ];
        let yaml = "name: M\nsections:\n  - title: H\n    benchmark: hackbench\n    metrics: [Time]\n";
        let d = selection_warnings(yaml, &results);
        let got: Vec<(Option<usize>, &str)> = d.iter().map(|d| (d.line, d.message.as_str())).collect();
        assert_eq!(
            got,
            vec![(
                Some(5),
                "section \"H\": metrics: \"Time\": the files this section selects of kernel 6.10 have no such metric (those of kernels 6.9, 6.11 have): its column is empty for it"
            )]
        );
        let all = "name: M\nsections:\n  - title: H\n    benchmark: hackbench\n    metrics: [Time, time]\n";
        assert_eq!(selection_warnings(all, &results).len(), 2, "each name its own kernels");
    }

    /// Warned at the later file's first value so averaged (so under its
    /// table), not at the section's `files:` line of `machine.yaml`.
    #[test]
    fn two_files_averaged_into_one_cell_are_a_warning_at_the_later_file() {
        let yaml = "name: M\nsections:\n  - title: Build\n    files: [\"*/build-*.txt\"]\n";
        let d = selection_warnings(yaml, &builds());
        // One warning per kernel whose own files are averaged, each on its
        // own later file (attack43 F8: the second kernel's was only a
        // count, "(and 1 more cell alike)", in the first's warning).
        assert_eq!(d.len(), 2, "{d:?}");
        let perl = std::path::Path::new("2.4.17/build-perl.txt");
        let d: Vec<_> = d.into_iter().filter(|w| w.file.as_path() == perl).collect();
        assert_eq!((d[0].line, d[0].severity), (Some(1), crate::diag::Severity::Warning));
        let msg = &d[0].message;
        assert!(msg.starts_with("section \"Build\": 2.4.17/build-kernel.txt and 2.4.17/build-perl.txt both give real (s) of kernel 2.4.17"), "{msg}");
        assert!(msg.contains("averaged into one cell") && !msg.contains("more cell alike"), "{msg}");
        // The same files with no section at all: the section made for them warns.
        let d = selection_warnings("name: M\n", &builds());
        assert!(
            d.len() == 2 && d.iter().all(|w| w.message.starts_with("results no section selects (bash-time): ")),
            "{d:?}"
        );
        // As parts, nothing is averaged.
        let parts = "name: M\nsections:\n  - title: Build\n    parts:\n      - label: perl_build\n        files: [\"*/build-perl.txt\"]\n      - label: kernel_build\n        files: [\"*/build-kernel.txt\"]\n";
        assert!(selection_warnings(parts, &builds()).is_empty());
    }

    /// A file no configured section selects (pgbench's `warmup.log` beside
    /// sections of `read-only-*.log` and `read-write-*.log`) gets a
    /// section of its own, as the README says, and a warning at
    /// `sections:` naming it (archive35: its +158.7% headed the notable
    /// changes, and `check` said nothing).
    #[test]
    fn results_no_configured_section_selects_are_a_warning() {
        let results = builds();
        let yaml = "name: M\nsections:\n  - title: Perl\n    files: [\"*/build-perl.txt\"]\n";
        let d = selection_warnings(yaml, &results);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].line, Some(2), "{d:?}");
        assert!(
            d[0].message.starts_with("results no section selects (bash-time): 2.4.17/build-kernel.txt and 1 more file get a section of their own after the configured ones; name them in a section's files:"),
            "{d:?}"
        );
        // Without `sections:`, every result's section is its own: nothing to say.
        let unclaimed: Vec<_> = selection_warnings("name: M\n", &results)
            .into_iter()
            .filter(|d| d.message.contains("a section of their own"))
            .collect();
        assert!(unclaimed.is_empty(), "{unclaimed:?}");
    }

    /// newcomer48 N3: a section whose files: name schbench's files and
    /// whose parts pick its groups `wakeup` and `request` leaves `rps`
    /// out; the warning said to name the files in a section's files:
    /// (they are) instead of adding a section of that group. Must NOT
    /// fire for a part of no group (it takes every group) nor change the
    /// advice where no section names the files.
    #[test]
    fn a_group_the_parts_leave_out_is_advised_as_a_section_of_its_group() {
        let m = |name: &str, v: f64| Sample::new(Metric::new(name, "usec", Better::Lower), v, 1);
        let of = |group: &str, s: Sample| Sample { group: group.into(), ..s };
        let results = vec![file(
            "6.8.0/schbench.txt",
            "schbench",
            vec![
                of("wakeup", m("99.0th", 9.0)),
                of("request", m("99.0th", 11429.0)),
                of("rps", m("average rps", 16686.0)),
            ],
        )];
        let parts = |files: &str| {
            format!(
                "name: M\nsections:\n  - title: S\n{files}    parts:\n      - label: wakeup\n        group: wakeup\n      \
                 - label: request\n        group: request\n"
            )
        };
        let advised = |yaml: &str| {
            let d = selection_warnings(yaml, &results);
            let rps: Vec<&str> = d
                .iter()
                .map(|d| d.message.as_str())
                .filter(|m| m.starts_with("results no section selects (schbench: rps)"))
                .collect();
            assert_eq!(rps.len(), 1, "{d:?}");
            rps[0].contains("add a section with benchmark: schbench and group: \"rps\"")
        };
        assert!(advised(&parts("    files: [\"*/schbench.txt\"]\n")));
        assert!(advised(&parts("")));
        // A section of another benchmark's files, or of another
        // benchmark, names none of schbench's.
        assert!(!advised(&parts("    files: [\"*/fio.json\"]\n")));
        assert!(!advised(&parts("    benchmark: fio\n")));
    }

    const SIS: &str = "~~~~~~~~~\nhackbench\n~~~~~~~~~\n\nNPS1\n\nTest:   tip   SIS_UTIL\n \
                       1-groups:  4.64 (0.00 pct)  4.77 (-2.80 pct)\n \
                       2-groups:  5.22 (0.00 pct)  5.17 (0.95 pct)\n";
    const NUMA: &str = "~~~~~~~~~\nhackbench\n~~~~~~~~~\n\nNPS1\n\nTest:   tip   NUMA Bal\n \
                        1-groups:  4.64 (0.00 pct)  4.67 (-0.64 pct)\n \
                        2-groups:  5.38 (0.00 pct)  5.47 (-1.67 pct)\n";

    /// archive40 F7 (was `site::pct_same_names`, a pct-table check of its
    /// own beside this one): two mails' `tip` of the same cases, averaged
    /// as runs of one kernel, are warned of at the later file's first such
    /// line (the table's first row), naming the other file, so the warning
    /// is under that table. Must not fire: one file (its rows of one case
    /// are its own business), two files of other kernels, one kernel in
    /// two files of different cases (another mode: nothing is averaged).
    #[test]
    fn two_mails_columns_of_one_name_averaged_are_a_warning_under_the_later_table() {
        let pct = super::super::testing::pct_table_file;
        let d = selection_warnings("name: M\n", &[pct("a.txt", SIS), pct("b.txt", NUMA)]);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!((d[0].file.as_path(), d[0].line), (std::path::Path::new("b.txt"), Some(8)));
        assert!(
            d[0].message.starts_with(
                "results no section selects (pct-table: hackbench): a.txt and b.txt both give hackbench of kernel tip, and their values are averaged into one cell"
            ),
            "{}",
            d[0].message
        );
        assert!(selection_warnings("name: M\n", &[pct("a.txt", SIS)]).is_empty());
        let other_kernels = NUMA.replace("tip ", "base ");
        assert!(selection_warnings("name: M\n", &[pct("a.txt", SIS), pct("b.txt", &other_kernels)]).is_empty());
        let other_mode = NUMA.replace("NPS1", "NPS2");
        assert!(selection_warnings("name: M\n", &[pct("a.txt", SIS), pct("b.txt", &other_mode)]).is_empty());
    }

    #[test]
    fn runs_in_several_files_are_no_merge() {
        let results: Vec<ResultFile> =
            (1..=3).map(|n| file(&format!("k/dbench-32-run{n}.txt"), "dbench", vec![real(n as f64)])).collect();
        assert!(
            selection_warnings(
                "name: M\nsections:\n  - title: dbench\n    files: [\"*/dbench-32-run*.txt\"]\n",
                &results
            )
            .is_empty()
        );
    }

    /// `log1`, `log2`, `log4`, `log8` (a `make -j$j` loop's logs,
    /// attack38 #6) are four counts: averaged into one cell, a warning,
    /// as before archive38 made `log`'s number a run's. `log000` …
    /// `log002` and `log1` … `log3` count up one by one: runs, no word.
    #[test]
    fn log_files_numbered_by_a_count_are_no_runs() {
        let logs = |numbers: &[&str]| -> Vec<ResultFile> {
            ["6.1", "6.2"]
                .iter()
                .flat_map(|k| {
                    numbers.iter().map(move |n| file(&format!("{k}/log{n}.txt"), "bash-time", vec![real(600.0)]))
                })
                .collect()
        };
        let yaml = "name: M\nsections:\n  - title: kernel build\n    files: [\"*/log*.txt\"]\n";
        let d = selection_warnings(yaml, &logs(&["1", "2", "4", "8"]));
        // A warning per kernel (attack43 F8), 6.2's on 6.2's file.
        assert_eq!(d.len(), 2, "{d:?}");
        assert!(
            d.iter().any(|w| w.message.contains("6.1/log1.txt and 6.1/log2.txt both give real (s) of kernel 6.1")
                && w.message.contains("as are those of 6.1/log4.txt and 6.1/log8.txt;")),
            "{d:?}"
        );
        assert!(d.iter().any(|w| w.file.starts_with("6.2") && w.message.contains("6.2/log1.txt and 6.2/log2.txt")));
        for runs in [&["000", "001", "002"][..], &["1", "2", "3"], &["0", "1"], &["3"]] {
            // `log3` alone: one file per kernel, nothing averaged.
            assert!(selection_warnings(yaml, &logs(runs)).is_empty(), "{runs:?}");
        }
        // Not from 0 or 1, or with a gap: counts.
        for counts in [&["2", "3"][..], &["1", "3"]] {
            // One per kernel: 6.1's and 6.2's (attack43 F8).
            assert_eq!(selection_warnings(yaml, &logs(counts)).len(), 2, "{counts:?}");
        }
        // attack39 finding 4: a separator before a counted word's number
        // is no run's number by itself (`log-1` … `log-8`, `log_N`,
        // `output.N` of a `make -j` loop); counting up, they are runs.
        let named = |names: &[&str]| -> Vec<ResultFile> {
            ["6.1", "6.2"]
                .iter()
                .flat_map(|k| names.iter().map(move |n| file(&format!("{k}/{n}"), "bash-time", vec![real(600.0)])))
                .collect()
        };
        let any = "name: M\nsections:\n  - title: kernel build\n    files: [\"*/*\"]\n";
        for counts in [
            &["log-1.txt", "log-2.txt", "log-4.txt", "log-8.txt"][..],
            &["log_1", "log_2", "log_4", "log_8"],
            &["output.1", "output.2", "output.4", "output.8"],
        ] {
            // One per kernel: 6.1's and 6.2's (attack43 F8).
            assert_eq!(selection_warnings(any, &named(counts)).len(), 2, "{counts:?}");
        }
        for runs in
            [&["log-1.txt", "log-2.txt", "log-3.txt"][..], &["output.1", "output.2"], &["run-1.log", "run-4.log"]]
        {
            assert!(selection_warnings(any, &named(runs)).is_empty(), "{runs:?}");
        }
        assert_eq!(counted_number("6.1/log-4.txt"), Some(("6.1", "log", 4)));
        assert_eq!(counted_number("6.1/dbench-4.txt"), None);
        assert_eq!(counted_number("6.1/before4.txt"), None);
        assert_eq!(counted_number("6.1/blog4.txt"), None);
        assert_eq!(counted_number("6.1/x-output8.log"), Some(("6.1", "x-output", 8)));
    }

    /// attack39 finding 8: 6.2's `log1 log3 log4` beside 6.1's `log1` …
    /// `log4` are runs with a gap (a failed run removed), not warned of as
    /// different results; both kernels' `log1 log3 log4` still are.
    /// `log1 log2 log4` too, with a warning that the numbers double
    /// (attack40 F11: a `-j 1 2 4` loop's logs or three runs of four).
    #[test]
    fn counted_logs_with_a_gap_beside_another_kernels_runs_are_runs() {
        let dir = |k: &str, numbers: &[&str], v: f64| -> Vec<ResultFile> {
            numbers.iter().map(|n| file(&format!("{k}/log{n}.txt"), "bash-time", vec![real(v)])).collect()
        };
        let yaml = "name: M\nsections:\n  - title: kernel build\n    files: [\"*/log*.txt\"]\n";
        let mut results = dir("6.1", &["1", "2", "3", "4"], 600.0);
        results.extend(dir("6.2", &["1", "3", "4"], 630.0));
        assert!(selection_warnings(yaml, &results).is_empty());
        results.retain(|rf| !rf.rel_path.ends_with("log2.txt"));
        // Both kernels' `log1 log3 log4`: a warning each (attack43 F8).
        assert_eq!(selection_warnings(yaml, &results).len(), 2);
        let mut results = dir("6.1", &["1", "2", "3", "4"], 600.0);
        results.extend(dir("6.2", &["1", "2", "4"], 630.0));
        let d = selection_warnings(yaml, &results);
        let got: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            got,
            [
                "6.2/log1.txt, 6.2/log2.txt, 6.2/log4.txt are read as runs 1, 2, 4 of log with 3 missing, as 6.1/ numbers its runs 1 to 4; but their numbers double, as a loop over counts (`-j`, threads) names its logs: if they are counts, not runs, their values are averaged wrongly; name them apart (a directory or label each)"
            ],
            "{d:?}"
        );
        assert!(d[0].file.ends_with("6.2/log1.txt"), "{d:?}");
    }

    /// attack40 F11 (n01, n05): a doubling series beside another kernel's
    /// runs (`log-1 log-2 log-4 log-8` beside `log-1` … `log-8`, `log_2
    /// log_4 log_8`) is a loop's counts, warned of as different results
    /// averaged, never runs with a gap; the eight runs stay runs.
    #[test]
    fn a_doubling_series_beside_another_kernels_runs_is_counts() {
        let named = |k: &str, names: &[&str]| -> Vec<ResultFile> {
            names.iter().map(|n| file(&format!("{k}/{n}"), "dbench", vec![real(1000.0)])).collect()
        };
        let any = "name: M\nsections:\n  - title: dbench\n    files: [\"*/*\"]\n";
        let eight: Vec<String> = (1..=8).map(|n| format!("log-{n}")).collect();
        let eight: Vec<&str> = eight.iter().map(String::as_str).collect();
        for series in [&["log-1", "log-2", "log-4", "log-8"][..], &["log-2", "log-4", "log-8"]] {
            let mut results = named("6.1", series);
            results.extend(named("6.2", &eight));
            let d = selection_warnings(any, &results);
            assert_eq!(d.len(), 1, "{series:?}: {d:?}");
            assert!(d[0].message.contains(&format!("6.1/{} and 6.1/{} both give", series[0], series[1])), "{d:?}");
        }
        // Must not fire: the eight runs alone, or beside one lost.
        assert!(selection_warnings(any, &named("6.2", &eight)).is_empty());
        let mut results = named("6.1", &["log-1", "log-2", "log-3", "log-5", "log-6", "log-7", "log-8"]);
        results.extend(named("6.2", &eight));
        assert!(selection_warnings(any, &results).is_empty());
    }

    /// Every name averaged is named, not only the first pair (attack38
    /// #19: `out-a`, `out-b`, `output_1`, `output_2`, `output_final`,
    /// `run1`, `run2`: `output_final`, a harness's total, went unnamed).
    #[test]
    fn a_merge_warning_names_a_file_of_every_name() {
        let names = ["out-a", "out-b", "output_1", "output_2", "output_final", "run1", "run2"];
        let results: Vec<ResultFile> =
            names.iter().map(|n| file(&format!("6.1/{n}"), "dbench", vec![real(500.0)])).collect();
        let yaml = "name: M\nsections:\n  - title: dbench\n    files: [\"*/*\"]\n";
        let d = selection_warnings(yaml, &results);
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(
            d[0].message.contains(
                "6.1/out-a and 6.1/out-b both give real (s) of kernel 6.1, and their values are averaged into one cell as if they were runs of one benchmark, as are those of 6.1/output_1, 6.1/output_final and 6.1/run1;"
            ),
            "{d:?}"
        );
    }

    /// attack43 F8 (caret/): 6.1's kernbench.txt + kernbench-rerun.txt and
    /// 6.2's kb-a.txt + kb-b.txt are each averaged into one cell; 6.2's pair
    /// was named only inside 6.1's warning, on 6.1's file, while the `^`
    /// legend of 6.2's page points to a warning about its raw files. Each
    /// kernel's pair is now warned of on its own file. Must not fire: 6.3's
    /// one file; the same pair of files feeding two kernels (flat files,
    /// the test below) gives one warning.
    #[test]
    fn each_kernels_own_merge_is_warned_of_on_its_own_files() {
        let results: Vec<ResultFile> =
            ["6.1/kernbench.txt", "6.1/kernbench-rerun.txt", "6.2/kb-a.txt", "6.2/kb-b.txt", "6.3/kernbench.txt"]
                .iter()
                .map(|n| file(n, "kernbench", vec![real(70.0)]))
                .collect();
        let yaml = "name: M\nsections:\n  - title: Bench\n    files: [\"*/*\"]\n";
        let d = selection_warnings(yaml, &results);
        assert_eq!(d.len(), 2, "{d:?}");
        let on = |f: &str| d.iter().find(|w| w.file.ends_with(f)).unwrap_or_else(|| panic!("{f}: {d:?}"));
        assert!(on("6.2/kb-b.txt").message.contains("6.2/kb-a.txt and 6.2/kb-b.txt both give real (s) of kernel 6.2"));
        assert!(!on("6.2/kb-b.txt").message.contains("6.1/"), "{d:?}");
        assert!(d.iter().all(|w| w.file.starts_with("6.2") || !w.message.contains("6.2/")), "{d:?}");
        assert!(d.iter().any(|w| w.file.starts_with("6.1")), "{d:?}");
        assert!(!d.iter().any(|w| w.file.starts_with("6.3")), "{d:?}");
    }

    #[test]
    fn files_of_several_kernels_averaged_into_one_cell_are_a_warning() {
        // tiobench per filesystem, each file naming every kernel in its rows.
        let rate = |k: &str, v: f64| real(v).with_kernel(k).with_group("Sequential Reads").with_param("threads", 1);
        let results: Vec<ResultFile> = ["ext2", "ext3"]
            .iter()
            .map(|fs| file(&format!("tiobench-{fs}.txt"), "tiobench", vec![rate("2.4.20", 1.0), rate("2.5.33", 2.0)]))
            .collect();
        let yaml = "name: M\nsections:\n  - title: T\n    files: [\"tiobench-*.txt\"]\n";
        let d = selection_warnings(yaml, &results);
        assert!(
            d.len() == 1
                && d[0].message.contains("tiobench-ext2.txt and tiobench-ext3.txt both give real (s) of kernel 2.4.20"),
            "{d:?}"
        );
        assert!(d[0].message.contains("(and 1 more cell alike)"), "{d:?}");
        // One file per section: nothing averaged.
        let yaml = "name: M\nsections:\n  - title: T2\n    files: [\"tiobench-ext2.txt\"]\n  - title: T3\n    files: [\"tiobench-ext3.txt\"]\n";
        assert!(selection_warnings(yaml, &results).is_empty());
    }

    #[test]
    fn a_misspelt_benchmark_is_a_warning_at_its_line_with_the_nearest_name() {
        let yaml = "name: M\nsections:\n  - title: Build\n    benchmark: bash-tme\n  - title: B2\n    benchmark: fio\n";
        let d: Vec<_> =
            selection_warnings(yaml, &builds()).into_iter().filter(|d| d.message.contains("benchmark:")).collect();
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(d[0].line, Some(4));
        assert_eq!(
            d[0].message,
            "section \"Build\": benchmark: \"bash-tme\" is the benchmark of no result of this machine class (its results are of bash-time); did you mean \"bash-time\"?"
        );
        // Not a misspelling of anything the class has: no guess.
        assert!(d[1].message.ends_with("(its results are of bash-time)"), "{d:?}");
        assert_eq!(super::nearest("dbenchh", ["dbench", "tbench"].into_iter()), Some("dbench"));
        assert_eq!(super::nearest("io", ["fio"].into_iter()), Some("fio"));
        assert_eq!(super::nearest("lmbench", ["fio", "time"].into_iter()), None);
    }

    /// newcomer59b: `benchmark: lmbench` in a class whose lmbench3 file
    /// is read as lmbench-raw, beside dbench: the family's name is meant.
    #[test]
    fn a_benchmark_family_name_suggests_the_family_member_the_class_has() {
        let results = vec![
            file("dbench.txt", "dbench", vec![real(1.0).with_kernel("6.9")]),
            file("lmbench.txt", "lmbench-raw", vec![real(2.0).with_kernel("6.9")]),
        ];
        let yaml = "name: M\nsections:\n  - title: L\n    benchmark: lmbench\n";
        let d: Vec<_> =
            selection_warnings(yaml, &results).into_iter().filter(|d| d.message.contains("benchmark:")).collect();
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.ends_with("did you mean \"lmbench-raw\"?"), "{d:?}");
    }

    #[test]
    fn benchmark_generic_over_named_generic_results_says_to_write_their_name() {
        // The README's generic YAML names `benchmark: pgbench`: a section
        // asking for the parser's id `generic` selects none of it (newcomer36).
        let results = vec![file("pgbench.yaml", "pgbench", vec![real(1513.0).with_kernel("6.1")])];
        let yaml = "name: M\nsections:\n  - title: P\n    benchmark: generic\n";
        let d: Vec<_> =
            selection_warnings(yaml, &results).into_iter().filter(|d| d.message.contains("benchmark:")).collect();
        assert!(d.len() == 1 && d[0].message.contains("(its results are of pgbench)"), "{d:?}");
        assert!(d[0].message.ends_with("write that name here"), "{d:?}");
    }

    #[test]
    fn a_part_that_selects_nothing_is_a_warning_at_its_label() {
        let yaml = "name: M\nsections:\n  - title: Build\n    parts:\n      - label: perl_build\n        files: [\"*/build-perl.txt\"]\n      - label: gcc_build\n        files: [\"*/build-gcc.txt\"]\n";
        let d = selection_warnings(yaml, &builds());
        // build-kernel.txt, which no section selects, is said too.
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(d[0].line, Some(7));
        assert_eq!(d[0].message, "section \"Build\", part \"gcc_build\" selects no results");
        assert!(d[1].message.starts_with("results no section selects (bash-time): 2.4.17/build-kernel.txt"), "{d:?}");
    }

    #[test]
    fn a_sections_keys_apply_to_every_part() {
        let mut results = builds();
        results.push(file("2.4.17/build-perl.log", "other", vec![real(1.0)]));
        let config: crate::site::MachineConfig = serde_yaml::from_str(
            "name: M\nsections:\n  - title: Build\n    benchmark: bash-time\n    parts:\n      - label: perl\n        files: [\"*/build-perl.*\"]\n      - label: all\n",
        )
        .expect("machine.yaml");
        let s = select(&config.sections, &config.leave_out, &results);
        let paths = |part: &[SampleRef]| part.iter().map(|&(f, _)| results[f].rel_path.as_str()).collect::<Vec<_>>();
        assert_eq!(paths(&s.shown[0][0]), ["2.4.17/build-perl.txt", "2.4.17rat/build-perl.txt"]);
        assert_eq!(s.shown[0][1].len(), 4);
        // The other benchmark's file is claimed by no part: a section of its own.
        assert_eq!(s.unclaimed.len(), 1);
        assert_eq!(s.unclaimed[0].0, ("other".to_string(), String::new()));
        let sel = &config.sections[0].selectors()[0];
        assert_eq!((sel.label, sel.metric_order.len()), (Some("perl"), 0));
    }

    #[test]
    fn runs_of_one_file_name_share_a_stem_and_different_results_do_not() {
        let same = [
            ("2.4.7/dbench-32-run1.txt", "2.4.7/dbench-32-run3.txt"),
            ("k/test-a-run1.txt", "k/test-a-Run12.txt"),
            ("k/run1/dbench-32.txt", "k/run2/dbench-32.txt"),
            ("k/out.1", "k/out.2"),
            ("k/tbench_1.log", "k/tbench_2.log"),
            ("k/run1.txt", "k/run2.txt"),
            ("k/dbench-32.txt", "k/dbench-32-run2.txt"),
            // A side of a comparison, numbered (attacker 26).
            ("k/before1.csv", "k/before3.csv"),
            ("k/after1.csv", "k/after2.csv"),
            ("k/mmap1-patched2.csv", "k/mmap1-patched10.csv"),
            ("k/Before2.csv", "k/Before3.csv"),
            ("k/take1.txt", "k/take2.txt"),
            // A harness's per-run output (archive38 F1: soerenmetje's
            // `printf "log%03d.txt"`).
            ("gwdg/fio-diskrnd/000/log000.txt", "gwdg/fio-diskrnd/000/log009.txt"),
            ("k/out1.txt", "k/out12.txt"),
            ("k/output2.log", "k/output3.log"),
            // attack44 F10: the run words the files one `cat` shows are
            // read by (`parse::num::RUN_WORDS`), one list.
            ("k/boot1.log", "k/boot2.log"),
            ("k/sample1.txt", "k/sample2.txt"),
            ("k/pass1.log", "k/pass2.log"),
        ];
        for (a, b) in same {
            assert_eq!(run_stem(a), run_stem(b), "{a} {b}");
        }
        let different = [
            ("k/build-perl.txt", "k/build-kernel.txt"),
            ("tiobench-ext2.txt", "tiobench-ext3.txt"),
            ("k/test-a-run1.txt", "k/test-b-run1.txt"),
            ("lmbench-2.0p2-summary.txt", "k/lmbench.txt"),
            ("k/before1.csv", "k/after1.csv"),
            ("k/old1.txt", "k/new1.txt"),
            ("k/ext2.txt", "k/ext3.txt"),
            ("k/j1.txt", "k/j4.txt"),
            ("k/raid1.txt", "k/raid5.txt"),
            ("k/mmap1.csv", "k/mmap2.csv"),
            ("k/beforehand1.txt", "k/beforehand2.txt"),
            ("k/log1.txt", "k/blog1.txt"),
            ("k/catalog1.txt", "k/catalog2.txt"),
        ];
        for (a, b) in different {
            assert_ne!(run_stem(a), run_stem(b), "{a} {b}");
        }
        assert_eq!(run_stem("k/dbench-32-run2.txt"), "dbench");
        assert_eq!(run_stem("k/dbench-32.txt"), "dbench");
        assert_eq!(run_stem("k/ext2"), "ext2");
        assert_eq!(run_stem("k/before3.csv"), "before");
        assert_eq!(run_stem("k/wis-after12.csv"), "wis-after");
        assert_eq!(run_stem("k/é9"), "é9");
        assert_eq!(run_stem("k/000/log003.txt"), "log");
    }
    /// afix42's leftover: the merge warning is of the cells `select` found
    /// (`Selection::merge_notes`), not found again; a selection that found
    /// none gives none (must not fire), one that found one, its warning,
    /// in a configured section and in one made for unclaimed results.
    #[test]
    fn the_merge_warning_is_of_the_cells_select_found() {
        let files: Vec<ResultFile> = ["log-1.txt", "log-2.txt", "log-4.txt", "log-8.txt"]
            .iter()
            .flat_map(|n| ["6.1", "6.2"].map(|k| file(&format!("{k}/{n}"), "bash-time", vec![real(600.0)])))
            .collect();
        for yaml in ["name: M\nsections:\n  - title: kernel build\n    files: [\"*/*\"]\n", "name: M\n"] {
            let m = machine_yaml(yaml);
            let mut selection = select(&m.config.sections, &m.config.leave_out, &files);
            assert_eq!(selection.merge_notes.iter().flatten().count(), 1, "{yaml}");
            let merge = |d: &Diagnostic| d.message.contains("both give");
            let mut diags = Vec::new();
            m.check_selection(&files, &selection, &mut diags);
            // One note, a warning per kernel whose own files it averages
            // (6.1's and 6.2's, each on its own file: attack43 F8).
            assert_eq!(diags.iter().filter(|d| merge(d)).count(), 2, "{yaml}: {diags:?}");
            selection.merge_notes.iter_mut().for_each(|n| *n = None);
            let mut diags = Vec::new();
            m.check_selection(&files, &selection, &mut diags);
            assert!(!diags.iter().any(merge), "{yaml}: {diags:?}");
        }
    }
}
