//! Runs read twice: the same figures of one kernel in two raw files of a
//! class. An lmbench `make see` summary names every kernel it ran on in
//! its rows; a poster who puts a copy of it in each kernel's directory
//! gives each kernel's rows twice, and a file saved twice under two names
//! (`dbench.txt`, `dbench (copy).txt`) gives its whole run twice. Averaged,
//! each such cell was a mean of two "runs" with no spread at all, and its
//! comparisons were tested as if twice as many runs backed them.
//!
//! A file's figures of kernel K are a copy when every line that gave them
//! gives, figure for figure (group, parameters, metric, unit, value), a
//! line of another file of the same benchmark and kernel, and they hold at
//! least [`MIN_COPIED`] distinct values printed with [`MIN_DIGITS`]
//! significant digits or more: two runs print the same `Throughput 12.5
//! MB/sec` or `Time: 0.440`, not three four-digit figures alike, line for
//! line (three dbench runs' `45.1023`, `46.2034`, `45.8001`; a build's
//! `real`, `user` and `sys`). Inside one file, where a run's lines may
//! repeat in a summary, [`crate::parse::repeats`] asks for four. The copy is dropped with a warning; the
//! figures are kept in the file of K's own directory where one holds them
//! (its raw link then leads there), else in the first file in path order.
//! A file repeating only some lines of another is read as it is: rows
//! alike in two runs (fio's bucketed clat percentiles) are common.
//!
//! The kernel test robot's comparison tables (files giving their own
//! kernel order, [`crate::model::ParsedFile::kernel_order`]) print each
//! commit's mean over its runs, to four significant digits and more,
//! and compare every commit tested with the base's stored result: a
//! report and its re-test print the base's (and the reported commit's)
//! figures again, row for row. There, one figure of [`MIN_DIGITS`] digits
//! repeated with its set-up and row name is the same result shown twice
//! (two runs do not agree to four digits and more), and the table with
//! the most rows of the commit keeps them, wherever it is in path order.
//!
//! One fio run saved in two formats (`a.json` and `a.terse` of
//! `--output-format=json,terse`, or `normal,json` into two files) gives no
//! line alike (JSON prints ns and decimals, terse usec and whole IOPS,
//! text three digits): when every job figure both files of a kernel print
//! agrees to the coarser step printed, the same jobs' bandwidth and IOPS
//! and at least one latency figure, the run is counted once, from the most
//! precise of the two (JSON, then terse, then text), with a note naming
//! the file kept. Two files of one format are runs, however alike (a
//! saturated device prints `IOPS=256k` in each). Two files whose rates
//! agree with no other figure to compare are both read, with a warning.
//!
//! contest's tables ([`reprints_rows`]) print each kernel's means over
//! its record of runs, and a series of posts prints the earlier kernels'
//! rows again: there, two rows or more of a kernel alike, load for load,
//! with their run counts, are that summary printed again, counted once
//! from the file with the most rows of the kernel; where the kernel's
//! other rows differ, each row alike (a mean of two runs or more, or
//! three figures) is counted once, with a warning ([`sure_row`]).
//!
//! A file that is other files of the kernel put together, byte for byte
//! (`all.txt`, the `cat` of `run1.txt` … `run3.txt` beside it), is
//! dropped with a warning naming them, whatever its figures' digits
//! ([`drop_concatenations`]): each of its runs was counted twice.
//!
//! Two files alike byte for byte with too few figures to be sure they are
//! one run saved twice ([`saved_twice`]: one `Throughput 103.5 MB/sec`)
//! are both read as runs, with a warning naming both: a copy counted
//! again makes a spread too small and a test too sure, but dropping a
//! run that was one would be a guess the other way.

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::model::Sample;
use crate::parse::repeats::{MIN_DIGITS, digits};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// The fewest distinct figures of [`MIN_DIGITS`] significant digits or more
/// that a file's copy of another's must hold to be taken for one.
pub const MIN_COPIED: usize = 3;

/// One file's figures of one kernel, by line: (line, the hash of the
/// figures it gave, in order), in line order.
type Lines = Vec<(usize, u64)>;

/// A kernel's figures that a raw file repeats, figure for figure, from
/// another file of the class, kept in the file because a section (or the
/// sections made for what no section claims) shows it without that other
/// file (archive43 R1: a report and its re-test in a section each; the
/// base's figures, kept in one file only, left the other section with no
/// baseline). [`crate::site::select`] counts them once: it leaves them
/// out of each part that also shows `of`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reprint {
    /// The repeating file's `rel_path`.
    pub file: String,
    /// The kernel whose figures it repeats.
    pub kernel: String,
    /// The `rel_path` of the file whose figures it repeats (kept there).
    pub of: String,
}

/// [`drop_copied_runs_apart`] for a class whose sections never show a
/// copy without the file it repeats.
#[cfg(test)]
pub(super) fn drop_copied_runs(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    drop_copied_runs_apart(results, diags, &|_, _| false);
}

/// Drops the figures of a kernel that a raw file repeats, line for line,
/// from another file of the class (module docs), with a warning at the
/// copy naming the file it repeats. `results` are in path order. Where
/// `apart(copy, of)` (some section shows `copy` without `of`), a copy of a
/// whole kernel's figures is kept and returned as a [`Reprint`]: each
/// section then counts it once, in [`crate::site::select`].
pub(super) fn drop_copied_runs_apart(
    results: &mut [ResultFile],
    diags: &mut Vec<Diagnostic>,
    apart: &dyn Fn(&ResultFile, &ResultFile) -> bool,
) -> Vec<Reprint> {
    let mut reprints: Vec<Reprint> = Vec::new();
    // (kernel, benchmark) → the results holding its figures. Nearly every
    // pair has one file (a kernel's dbench, its lmbench): nothing hashed.
    let mut holders: FxHashMap<(&str, &str), Vec<usize>> = FxHashMap::default();
    for (i, rf) in results.iter().enumerate() {
        let mut last: Option<&str> = None;
        for s in &rf.parsed.samples {
            let k = s.kernel.as_deref();
            if k == last {
                continue;
            }
            last = k;
            if let Some(k) = k {
                // Files come in order: one already holding `i` has it last.
                let files = holders.entry((k, rf.parsed.benchmark.as_str())).or_default();
                if files.last() != Some(&i) {
                    files.push(i);
                }
            }
        }
    }
    let mut copies: Vec<(usize, String)> = Vec::new();
    // Single rows printed again ([`reprints_rows`]): (file, line).
    let mut row_copies: FxHashSet<(usize, usize)> = FxHashSet::default();
    let mut warnings: Vec<(usize, Diagnostic)> = Vec::new();
    for ((kernel, benchmark), files) in &holders {
        if *benchmark == "fio" && files.len() > 1 {
            drop_fio_run_in_two_formats(results, kernel, files, &mut copies, &mut warnings);
        }
    }
    for ((kernel, benchmark), mut files) in holders {
        if files.len() < 2 {
            continue;
        }
        drop_concatenations(results, kernel, benchmark, &mut files, &mut copies, &mut warnings);
        // K's own directory's files first, then the robot's tables with
        // the most rows of K (one repeating only some of another's rows
        // is found after it), then path order. Each key once: `quoted`
        // reads the raw file, `lines_of` every sample (review62 site #9).
        files.sort_by_cached_key(|&i| {
            let rows = if is_table(&results[i]) || reprints_rows(&results[i]) {
                lines_of(&results[i].parsed.samples, kernel, reprints_rows(&results[i])).len()
            } else {
                0
            };
            (results[i].kernel_dir.as_deref() != Some(kernel), quoted(&results[i], kernel), std::cmp::Reverse(rows), i)
        });
        // Line hash → (file, line) of the first file giving it.
        let mut seen: FxHashMap<u64, (usize, usize)> = FxHashMap::default();
        // The same for comparison tables' lines, their group left out.
        let mut seen_any_group: FxHashMap<u64, (usize, usize)> = FxHashMap::default();
        // Files read before `i` and kept (not copies).
        let mut kept: Vec<usize> = Vec::new();
        for &i in &files {
            let rf = &results[i];
            let lines = lines_of(&rf.parsed.samples, kernel, reprints_rows(rf));
            let twin = same_bytes(results, &kept, i);
            // Too few figures to tell a copy from a second run that
            // printed the same (attack28 p27: one `Throughput 103.5
            // MB/sec 16 procs` copied to run4.txt and run5.txt made 6.2's
            // n 5 and its +1.2%~ a +1.7%*): both are read, and the person
            // who knows is told.
            if let Some(of) = twin.filter(|_| !saved_twice(&rf.parsed.samples, kernel)) {
                warnings.push((
                    i,
                    Diagnostic::warning(
                        &rf.path,
                        lines.first().map(|l| l.0),
                        format!(
                            "{benchmark}: {} and {} are byte for byte alike; counted as two runs of {kernel} — if \
                             one is a copy, remove it",
                            results[of].rel_path, rf.rel_path
                        ),
                    ),
                ));
            }
            if let Some(of) = twin
                && saved_twice(&rf.parsed.samples, kernel)
            {
                // A section showing the copy without the file it repeats
                // keeps it, as a reprint figure for figure is kept
                // (attack45 F11: `reply.txt` saved from `kb.txt` in a
                // section of its own left that section without a baseline).
                let kept = count_once(results, (i, of), kernel, apart(rf, &results[of]), (&mut reprints, &mut copies));
                warnings.push((
                    i,
                    Diagnostic::warning(
                        &rf.path,
                        lines.first().map(|l| l.0),
                        format!(
                            "{benchmark}: {} is {} byte for byte: the same run saved twice, its figures of {kernel} \
                             counted once (from {1}){kept}",
                            rf.rel_path, results[of].rel_path,
                        ),
                    ),
                ));
                continue;
            }
            // Lines another file gave first: (that file, its line).
            let found_in = |lines: &Lines, seen: &FxHashMap<u64, (usize, usize)>| -> Vec<(usize, usize)> {
                lines
                    .iter()
                    .filter_map(|(_, h)| seen.get(h).copied())
                    .filter(|&(f, _)| results[f].path != rf.path)
                    .collect()
            };
            let mut found = found_in(&lines, &seen);
            // A comparison table's column reprinted as another letter's
            // baseline (mmtests' `lowzone-v1r1`, compared in one letter,
            // the base of the next): every figure of the kernel alike to
            // another file's, row for row, under a title the other letter
            // printed and this one did not (archive44 R2). The same run,
            // whatever the group: with three figures of four digits or
            // more, no chance.
            let any_group = is_table(rf).then(|| lines_of_any_group(&rf.parsed.samples, kernel));
            if found.len() < lines.len()
                && let Some(loose) = &any_group
                && loose.len() >= 2
                && strong_figures(&rf.parsed.samples, kernel) >= MIN_COPIED
            {
                let again = found_in(loose, &seen_any_group);
                if again.len() == loose.len() {
                    found = again;
                }
            }
            let least = if is_table(rf) { 1 } else { MIN_COPIED };
            let reprint = reprints_rows(rf);
            let enough = if reprint { lines.len() >= 2 } else { strong_figures(&rf.parsed.samples, kernel) >= least };
            if found.len() == lines.len() && enough {
                let of = found[0].0;
                let kept = count_once(results, (i, of), kernel, apart(rf, &results[of]), (&mut reprints, &mut copies));
                let of_lines = found.iter().filter(|&&(f, _)| f == of).map(|&(_, l)| l);
                let (oa, ob) = (of_lines.clone().min().unwrap_or(0), of_lines.max().unwrap_or(0));
                let (a, b) = (lines[0].0, lines[lines.len() - 1].0);
                // One side quoted (`> `), the other printed: a reply quoting
                // the original (Steve Lord's of Andrey Nekrasov's tiotest
                // boxes, LKML 2001-10), counted once from the original.
                let quoting = quoted(rf, kernel) && !quoted(&results[of], kernel);
                warnings.push((
                    i,
                    Diagnostic::warning(
                        &rf.path,
                        Some(a),
                        format!(
                            "{benchmark}: the figures of {kernel} on {}{} are those of {} {}, figure for figure{}, \
                             counted once (from {2}){kept}",
                            span(a, b),
                            if quoting { " (quoted with `> `)" } else { "" },
                            results[of].rel_path,
                            span(oa, ob),
                            if reprint {
                                " and run count for run count: the same summary of runs printed again"
                            } else if quoting {
                                " and set-up for set-up: the same run quoted in a reply, the original printed there"
                            } else {
                                ": the same run read twice"
                            },
                        ),
                    ),
                ));
                continue;
            }
            // A contest row printed again while others of the kernel
            // differ (a later post's means over more runs of one load,
            // the same runs of another): that row is counted once.
            if reprint {
                let again: Vec<(usize, (usize, usize))> = lines
                    .iter()
                    .filter_map(|&(line, h)| Some((line, seen.get(&h).copied()?)))
                    .filter(|&(line, (f, _))| results[f].path != rf.path && sure_row(&rf.parsed.samples, kernel, line))
                    .collect();
                if let (Some(&(a, (of, oa))), Some(&(b, _))) = (again.first(), again.last()) {
                    warnings.push((
                        i,
                        Diagnostic::warning(
                            &rf.path,
                            Some(a),
                            format!(
                                "{benchmark}: {} of {kernel} ({}) {} those of {} (from line {oa}), figure for figure \
                                 and run count for run count: the same summary of runs printed again, counted once \
                                 (the kernel's other rows differ: a later post's means over more runs, or another \
                                 contest's, are averaged as runs)",
                                if again.len() == 1 { "a row".to_string() } else { format!("{} rows", again.len()) },
                                span(a, b),
                                if again.len() == 1 { "is" } else { "are" },
                                results[of].rel_path
                            ),
                        ),
                    ));
                    row_copies.extend(again.iter().map(|&(line, _)| (i, line)));
                }
            }
            // An lmbench summary printing again, among its own, runs
            // another summary printed first: those runs are counted once.
            let again = summary_runs_again(rf, kernel, &lines, &seen);
            if let (Some(of), Some(&a), Some(&b)) = (again.of, again.lines.first(), again.lines.last()) {
                let (oa, ob) =
                    (again.of_lines.first().copied().unwrap_or(0), again.of_lines.last().copied().unwrap_or(0));
                warnings.push((
                    i,
                    Diagnostic::warning(
                        &rf.path,
                        Some(a),
                        format!(
                            "{benchmark}: the rows of {kernel} of host{} {} (on {}) are those of {} {}, figure for \
                             figure: the same run{} printed again by another summary, counted once (from {3}); the \
                             file's other rows of {kernel} are read",
                            if again.hosts.len() == 1 { "" } else { "s" },
                            again.hosts.join(", "),
                            span(a, b),
                            results[of].rel_path,
                            span(oa, ob),
                            if again.hosts.len() == 1 { "" } else { "s" },
                        ),
                    ),
                ));
                row_copies.extend(again.lines.iter().map(|&line| (i, line)));
            }
            for (line, h) in lines {
                seen.entry(h).or_insert((i, line));
            }
            for (line, h) in any_group.into_iter().flatten() {
                seen_any_group.entry(h).or_insert((i, line));
            }
            kept.push(i);
        }
    }
    for (i, kernel) in &copies {
        results[*i].parsed.samples.retain(|s| s.kernel.as_deref() != Some(kernel.as_str()));
    }
    for (i, rf) in results.iter_mut().enumerate() {
        if row_copies.iter().any(|&(f, _)| f == i) {
            rf.parsed.samples.retain(|s| !row_copies.contains(&(i, s.line)));
        }
    }
    drop_quotes_across_kernels(results, &mut warnings);
    warn_copied_across_kernels(results, &mut warnings);
    // In path order, as every other warning of the class.
    warnings.sort_by_key(|(i, d)| (*i, d.line));
    diags.extend(warnings.into_iter().map(|(_, d)| d));
    reprints
}

/// Counts file `i`'s figures of `kernel`, a copy of file `of`'s, once:
/// kept in `i` as a [`Reprint`] where a section shows `i` without `of`
/// (`kept_apart`; each section then counts it once), else dropped (`i`
/// joins `copies`). The end of the copy's warning: where it is kept, or
/// nothing.
fn count_once(
    results: &[ResultFile],
    (i, of): (usize, usize),
    kernel: &str,
    kept_apart: bool,
    (reprints, copies): (&mut Vec<Reprint>, &mut Vec<(usize, String)>),
) -> String {
    if !kept_apart {
        copies.push((i, kernel.to_string()));
        return String::new();
    }
    let file = results[i].rel_path.clone();
    let kept = format!(" where a section shows both; a section shows {file} without it, and keeps them");
    reprints.push(Reprint { file, kernel: kernel.to_string(), of: results[of].rel_path.clone() });
    kept
}

/// Drops from `files` (one benchmark's files holding `kernel`'s figures)
/// each that is other files of them put together, byte for byte: every
/// line giving its figures of `kernel` lies inside a whole other file's
/// bytes, shorter than it, found in it from a line's start to a line's
/// end, two such files at least (`all.txt`, the `cat` of `run1.txt`,
/// `run2.txt` and `run3.txt` beside them). Its figures of `kernel` are
/// marked in `copies`, with a warning naming the files it holds: they
/// are counted once, from those. Each run in `all.txt` was counted
/// twice, with a warning only that the files were averaged as if runs
/// (attacker 28, p48: 6 runs of 6.2 against 6.1's 3). Too few figures
/// for [`MIN_COPIED`] do not matter here: a run's whole text alike in
/// two files, and two runs at least, is no chance.
fn drop_concatenations(
    results: &[ResultFile],
    kernel: &str,
    benchmark: &str,
    files: &mut Vec<usize>,
    copies: &mut Vec<(usize, String)>,
    warnings: &mut Vec<(usize, Diagnostic)>,
) {
    let lines: Vec<Lines> = files.iter().map(|&i| lines_of(&results[i].parsed.samples, kernel, false)).collect();
    let mut dropped: Vec<usize> = Vec::new();
    for (a, &i) in files.iter().enumerate() {
        let rf = &results[i];
        let raw = &rf.raw[..];
        if lines[a].len() < 2 || raw.is_empty() {
            continue;
        }
        let hashes: FxHashSet<u64> = lines[a].iter().map(|(_, h)| *h).collect();
        // Whole files shorter than this one, whose figures of the kernel
        // are all among this one's: only those are looked for.
        let candidates: Vec<usize> = files
            .iter()
            .zip(&lines)
            .filter(|&(&j, of)| {
                let other = &results[j];
                let piece = other.raw.trim_ascii_end();
                j != i
                    && other.path != rf.path
                    && !piece.is_empty()
                    && piece.len() < raw.trim_ascii_end().len()
                    && !of.is_empty()
                    && of.iter().all(|(_, h)| hashes.contains(h))
            })
            .map(|(&j, _)| j)
            .collect();
        if candidates.len() < 2 {
            continue;
        }
        // Each line's start in the bytes (line n at index n − 1).
        let starts: Vec<usize> = std::iter::once(0).chain(memchr::memchr_iter(b'\n', raw).map(|p| p + 1)).collect();
        let line_of = |at: usize| starts.partition_point(|&s| s <= at);
        let mut covered = vec![false; starts.len() + 1];
        let mut held: Vec<usize> = Vec::new();
        for j in candidates {
            let piece = results[j].raw.trim_ascii_end();
            let mut found = false;
            for at in memchr::memmem::find_iter(raw, piece) {
                let end = at + piece.len();
                let whole_lines =
                    (at == 0 || raw[at - 1] == b'\n') && (end == raw.len() || matches!(raw[end], b'\n' | b'\r'));
                if !whole_lines {
                    continue;
                }
                found = true;
                let (from, to) = (line_of(at), line_of(end.saturating_sub(1)));
                if let Some(lines) = covered.get_mut(from..=to) {
                    lines.fill(true);
                }
            }
            if found {
                held.push(j);
            }
        }
        if held.len() < 2 || !lines[a].iter().all(|&(n, _)| covered.get(n) == Some(&true)) {
            continue;
        }
        let names: Vec<&str> = held.iter().map(|&j| results[j].rel_path.as_str()).collect();
        warnings.push((
            i,
            Diagnostic::warning(
                &rf.path,
                lines[a].first().map(|l| l.0),
                format!(
                    "{benchmark}: {} holds {} byte for byte (the same runs put together): its figures of {kernel} \
                     counted once, from those files",
                    rf.rel_path,
                    names.join(", ")
                ),
            ),
        ));
        copies.push((i, kernel.to_string()));
        dropped.push(i);
    }
    files.retain(|i| !dropped.contains(i));
}

/// fio's job figures of `kernel` in a file (group `""`, with a `job`),
/// by job name and metric (`read: clat mean`), each in its base unit with
/// the step it was printed to ([`crate::parse::fio::in_base_unit`]), in
/// file order.
type FioFigures = Vec<(String, String, f64, f64)>;

/// [`FioFigures`] of `kernel` in `samples`; a figure of a unit not known
/// is left out.
fn fio_figures(samples: &[Sample], kernel: &str) -> FioFigures {
    samples
        .iter()
        .filter(|s| s.kernel.as_deref() == Some(kernel) && s.group.is_empty())
        .filter_map(|s| {
            let job = s.params.iter().find(|p| p.name == "job")?;
            let (v, step) = crate::parse::fio::in_base_unit(s)?;
            Some((job.value.to_string(), s.metric.name.to_string(), v, step))
        })
        .collect()
}

/// Whether a metric is a rate (`read: bw`, `read: IOPS`).
fn is_rate(metric: &str) -> bool {
    metric.ends_with(": bw") || metric.ends_with(": IOPS")
}

/// How two files' [`FioFigures`] of one kernel compare.
#[derive(Debug, PartialEq)]
enum FioAlike {
    /// Every figure both print agrees to the coarser step printed (fio
    /// truncates terse IOPS, rounds text's three digits): the rates of
    /// the same jobs and directions, and at least one other figure.
    Every,
    /// The rates agree so, and no other figure is printed by both.
    RatesOnly,
    /// Some figure differs, or the jobs or directions do.
    No,
}

/// Compares two files' [`FioFigures`]: the same (job, metric) figures, in
/// order, where both print them; each rate of one is the other's.
fn fio_alike(a: &FioFigures, b: &FioFigures) -> FioAlike {
    fn rates(f: &FioFigures) -> Vec<(&str, &str)> {
        let mut r: Vec<(&str, &str)> =
            f.iter().filter(|x| is_rate(&x.1)).map(|x| (x.0.as_str(), x.1.as_str())).collect();
        r.sort_unstable();
        r
    }
    if rates(a).is_empty() || rates(a) != rates(b) {
        return FioAlike::No;
    }
    let mut others = 0;
    let mut done: FxHashSet<(&str, &str)> = FxHashSet::default();
    for x in a {
        if !done.insert((x.0.as_str(), x.1.as_str())) {
            continue;
        }
        let of = |f: &FioFigures| -> Vec<(f64, f64)> {
            f.iter().filter(|y| y.0 == x.0 && y.1 == x.1).map(|y| (y.2, y.3)).collect()
        };
        let (xa, xb) = (of(a), of(b));
        if xb.is_empty() {
            continue;
        }
        if xa.len() != xb.len() {
            return FioAlike::No;
        }
        for ((va, sa), (vb, sb)) in xa.into_iter().zip(xb) {
            let tol = sa.max(sb) + 1e-9 * va.abs().max(vb.abs());
            if (va - vb).abs() > tol {
                return FioAlike::No;
            }
        }
        if !is_rate(&x.1) {
            others += 1;
        }
    }
    if others > 0 { FioAlike::Every } else { FioAlike::RatesOnly }
}

/// Which of fio's output formats a raw file holds: `'j'` JSON (its first
/// non-blank byte `{`, or fio's `"fio version"` key anywhere: a JSON after
/// fio's own `Starting 1 process` lines or LKP's command line, whose text
/// repeats the parser skips), `'t'` terse (a first line
/// [`crate::parse::fio::terse::version`] reads as one), else `'n'`
/// (normal text).
fn fio_format(raw: &[u8]) -> char {
    const KEY: &[u8] = b"\"fio version\"";
    let start = raw.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(raw.len());
    let first = &raw[start..];
    let line = first.split(|&b| b == b'\n').next().unwrap_or_default();
    if first.starts_with(b"{") || raw.windows(KEY.len()).any(|w| w == KEY) {
        'j'
    } else if std::str::from_utf8(line).ok().and_then(crate::parse::fio::terse::version).is_some() {
        't'
    } else {
        'n'
    }
}

/// One fio run of `kernel` saved in two formats (fio's
/// `--output-format=json,terse` as `a.json` and `a.terse`, or `normal,json`
/// into two files): when every job figure both files print agrees to the
/// coarser step printed ([`fio_alike`]: the same jobs' bandwidth and IOPS
/// and at least one latency figure), the two are one run, counted once:
/// the most precise format's file keeps it (JSON, then terse, then text:
/// [`fio_format`]), the other's figures of `kernel` are pushed to
/// `copies`, with a note naming the file kept. Files of one format are
/// never taken for one run (a saturated device prints `IOPS=256k` in
/// every run). When only the rates can be compared, both are read and a
/// warning names the two files.
fn drop_fio_run_in_two_formats(
    results: &[ResultFile],
    kernel: &str,
    files: &[usize],
    copies: &mut Vec<(usize, String)>,
    warnings: &mut Vec<(usize, Diagnostic)>,
) {
    let rank = |i: usize| match fio_format(&results[i].raw) {
        'j' => 0,
        't' => 1,
        _ => 2,
    };
    let name = |r: u8| match r {
        0 => "JSON",
        1 => "terse",
        _ => "text",
    };
    let mut order: Vec<usize> = files.to_vec();
    order.sort_by_key(|&i| (rank(i), i));
    let figures: Vec<FioFigures> = order.iter().map(|&i| fio_figures(&results[i].parsed.samples, kernel)).collect();
    let mut dropped = vec![false; order.len()];
    for k in 0..order.len() {
        if dropped[k] {
            continue;
        }
        let keep = order[k];
        for m in k + 1..order.len() {
            let i = order[m];
            if dropped[m] || rank(i) == rank(keep) || results[i].path == results[keep].path {
                continue;
            }
            let line = results[i].parsed.samples.iter().find(|s| s.kernel.as_deref() == Some(kernel)).map(|s| s.line);
            match fio_alike(&figures[k], &figures[m]) {
                FioAlike::Every => {
                    dropped[m] = true;
                    copies.push((i, kernel.to_string()));
                    let msg = format!(
                        "fio: every job figure of {kernel} here is that of {}, job for job (to the precision each \
                         prints): the same fio run in two formats, counted once, from {0} ({} is more precise than {})",
                        results[keep].rel_path,
                        name(rank(keep)),
                        name(rank(i))
                    );
                    warnings.push((i, Diagnostic::note(&results[i].path, line, msg)));
                }
                FioAlike::RatesOnly => {
                    let msg = format!(
                        "fio: the bandwidth and IOPS of every job of {kernel} here are those of {}, job for job (to \
                         the units each prints), and no other figure is printed by both: the same fio run in two \
                         formats ({} and {})? Both are read, as two runs of {kernel}; keep one of the two files",
                        results[keep].rel_path,
                        name(rank(keep)),
                        name(rank(i))
                    );
                    warnings.push((i, Diagnostic::warning(&results[i].path, line, msg)));
                }
                FioAlike::No => {}
            }
        }
    }
}

/// Warns of a raw file whose figures are another kernel's file's, figure
/// for figure (the same dbench log in `6.1/` and `6.2/`: 6.2 shown as
/// `+0.0%`, its change 6.1's runs against themselves). Both are read as
/// they are: which directory is wrong, the file does not say
/// ([`copied_across_kernels`]; the tables mark both files' cells:
/// `site::Selection::copied`).
fn warn_copied_across_kernels(results: &[ResultFile], warnings: &mut Vec<(usize, Diagnostic)>) {
    for (i, j) in copied_across_kernels(results) {
        let (rf, other) = (&results[i], &results[j]);
        let samples = &rf.parsed.samples;
        let theirs = other.parsed.samples.first().and_then(|s| s.kernel.as_deref()).unwrap_or_default();
        warnings.push((
            i,
            Diagnostic::warning(
                &rf.path,
                samples.iter().map(|s| s.line).min(),
                format!(
                    "{}: its {} figures are those of {} (kernel {theirs}), figure for figure: the same \
                     output in two kernels' directories? Both are read as they are: remove the copy from the directory \
                     of the kernel it did not run on",
                    rf.parsed.benchmark,
                    samples.len(),
                    other.rel_path
                ),
            ),
        ));
    }
}

/// A file whose figures, all quoted (`> `), are another kernel's file's
/// printed there, figure for figure ([`copied_across_kernels`]): a reply
/// in kernel B's directory quoting A's output (as Steve Lord's reply
/// quoted Andrey Nekrasov's tiotest boxes, LKML 2001-10). Those figures
/// are A's, no run of B: dropped from the reply, with a warning naming the
/// original. Where neither or both are quoted, which directory is wrong
/// the files do not say ([`warn_copied_across_kernels`]).
fn drop_quotes_across_kernels(results: &mut [ResultFile], warnings: &mut Vec<(usize, Diagnostic)>) {
    let kernel = |rf: &ResultFile| rf.parsed.samples.first().and_then(|s| s.kernel.clone()).unwrap_or_default();
    let mut dropped = Vec::new();
    for (i, j) in copied_across_kernels(results) {
        let (qi, qj) = (quoted(&results[i], &kernel(&results[i])), quoted(&results[j], &kernel(&results[j])));
        let (copy, of) = match (qi, qj) {
            (true, false) => (i, j),
            (false, true) => (j, i),
            _ => continue,
        };
        if dropped.contains(&copy) {
            continue;
        }
        let (rf, other) = (&results[copy], &results[of]);
        warnings.push((
            copy,
            Diagnostic::warning(
                &rf.path,
                rf.parsed.samples.iter().map(|s| s.line).min(),
                format!(
                    "{}: its {} figures, quoted with `> `, are those {} prints (kernel {}), figure for figure: a \
                     reply's quote of that output, no run of {}: not read here",
                    rf.parsed.benchmark,
                    rf.parsed.samples.len(),
                    other.rel_path,
                    kernel(other),
                    kernel(rf)
                ),
            ),
        ));
        dropped.push(copy);
    }
    for i in dropped {
        results[i].parsed.samples.clear();
    }
}

/// The raw files (indices into `results`) whose figures, all of one
/// kernel, are another kernel's file's of the same benchmark, figure for
/// figure, with [`MIN_COPIED`] strong figures at least, or every figure a
/// mean over copies run at once ([`means_over_copies`]): (the later file,
/// the earlier file it repeats), in path order. One hash of the values a
/// file: linear in samples.
pub(super) fn copied_across_kernels(results: &[ResultFile]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut first: FxHashMap<(&str, usize, u64), usize> = FxHashMap::default();
    for (i, rf) in results.iter().enumerate() {
        let samples = &rf.parsed.samples;
        let Some(kernel) = samples.first().and_then(|s| s.kernel.as_deref()) else { continue };
        if samples.iter().any(|s| s.kernel.as_deref() != Some(kernel)) {
            continue;
        }
        let mut h = FxHasher::default();
        for s in samples {
            s.metric.name.hash(&mut h);
            s.value.mean().to_bits().hash(&mut h);
        }
        let key = (rf.parsed.benchmark.as_str(), samples.len(), h.finish());
        match first.get(&key) {
            None => {
                first.insert(key, i);
            }
            Some(&j) => {
                let theirs = results[j].parsed.samples.first().and_then(|s| s.kernel.as_deref()).unwrap_or_default();
                if theirs != kernel && (strong_figures(samples, kernel) >= MIN_COPIED || means_over_copies(samples)) {
                    found.push((i, j));
                }
            }
        }
    }
    found
}

/// Whether `rf` is a comparison table giving its own kernel order (the
/// kernel test robot's: see the module docs).
fn is_table(rf: &ResultFile) -> bool {
    !rf.parsed.kernel_order.is_empty()
}

/// Whether a contest row of `kernel` on `line` printed again in another
/// post is surely that summary, not a run alike by chance: a mean of two
/// runs or more, or three figures or more (a load's Loads and LCPU% with
/// the compile's Time and CPU%). A no-load row of one run (`79  94.9`:
/// a compile's time and CPU share, which two runs give alike) is read as
/// it is.
fn sure_row(samples: &[Sample], kernel: &str, line: usize) -> bool {
    let row: Vec<&Sample> = samples.iter().filter(|s| s.line == line && s.kernel.as_deref() == Some(kernel)).collect();
    row.len() >= 3 || row.iter().any(|s| matches!(s.value, crate::model::Value::Summary { n, .. } if n >= 2))
}

/// Whether `rf` is a contest table: each row a kernel's means over
/// contest's own record of its runs, the run count beside them, and each
/// post of a series prints the earlier kernels' rows again (Con Kolivas's
/// posts of one machine, LKML 2002-2003, archive42: `2.4.19 [5]  69.0  97
/// 0  0  0.97` in two posts, and a reply quoting a whole post). A kernel's
/// rows alike, load for load, with their run counts and every figure, in
/// two such files are that summary printed again: two rows or more so
/// alike are no chance, whatever the figures' digits (contest prints
/// `79`, `94.9`). Where some rows of the kernel differ (a later post's
/// means over more runs of one load), each row alike is counted once if
/// [`sure_row`]; rows that differ stay averaged, with the warning that
/// files of other names are.
fn reprints_rows(rf: &ResultFile) -> bool {
    rf.parsed.benchmark == crate::parse::contest::ID
}

/// The lines giving `kernel`'s figures in `samples`, each with the hash of
/// what its figures say (group, parameters, metric, unit, value). A
/// parameter naming a line of its own file ([`names_a_line`]) counts by
/// its name alone. With
/// `any_quoting`, the `quoting` parameter is left out: it tells a file's
/// own rows from those it quotes, and a contest post's own rows
/// (`quoting unquoted` beside the table it quotes) print again another
/// post's rows as they are ([`reprints_rows`]).
fn lines_of(samples: &[Sample], kernel: &str, any_quoting: bool) -> Lines {
    hashed_lines(samples, kernel, any_quoting, true)
}

/// [`lines_of`] with each figure's group left out.
fn lines_of_any_group(samples: &[Sample], kernel: &str) -> Lines {
    hashed_lines(samples, kernel, false, false)
}

fn hashed_lines(samples: &[Sample], kernel: &str, any_quoting: bool, group: bool) -> Lines {
    let mut by_line: std::collections::BTreeMap<usize, FxHasher> = std::collections::BTreeMap::new();
    for s in samples.iter().filter(|s| s.kernel.as_deref() == Some(kernel)) {
        let h = by_line.entry(s.line).or_default();
        if group {
            s.group.hash(h);
        }
        for p in s.params.iter().filter(|p| !(any_quoting && p.name == "quoting")) {
            p.name.hash(h);
            if !names_a_line(&p.value) {
                p.value.hash(h);
            }
        }
        s.metric.name.hash(h);
        s.metric.unit.hash(h);
        s.value.mean().to_bits().hash(h);
        if let crate::model::Value::Summary { stddev, n, .. } = s.value {
            stddev.map(f64::to_bits).hash(h);
            n.hash(h);
        }
    }
    by_line.into_iter().map(|(line, h)| (line, h.finish())).collect()
}

/// A parameter's value naming a line of its own file (`line 78`):
/// mmtests' `table` and `row`, which keep a table or row printed again in
/// one file apart from the first. A reply quoting the file prints the same
/// tables at other lines (`line 73` in Punit Agrawal's per-VMA locks mail,
/// `line 78` in Suren Baghdasaryan's reply quoting it, LKML 2023-02-28):
/// its figures are the file's all the same (archive48 R2: the reply's
/// second table was a set-up of its own, its first averaged with the
/// mail's as a second run).
fn names_a_line(value: &str) -> bool {
    value.strip_prefix("line ").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether every line giving `rf`'s figures of `kernel` is quoted mail
/// text (`> `, `>`, `> > `): a reply's quote of another post's output. A
/// file with no raw text (a unit test's) or no such figure is not.
fn quoted(rf: &ResultFile, kernel: &str) -> bool {
    let raw = &rf.raw[..];
    if raw.is_empty() {
        return false;
    }
    let mut wanted: Vec<usize> =
        rf.parsed.samples.iter().filter(|s| s.kernel.as_deref() == Some(kernel)).map(|s| s.line).collect();
    wanted.sort_unstable();
    wanted.dedup();
    if wanted.is_empty() {
        return false;
    }
    let mut want = wanted.iter().peekable();
    for (n, line) in raw.split(|&b| b == b'\n').enumerate() {
        let Some(&&w) = want.peek() else { break };
        if n + 1 == w {
            if !line.trim_ascii_start().starts_with(b">") {
                return false;
            }
            want.next();
        }
    }
    want.peek().is_none()
}

/// `line 7` or `lines 7-9`.
fn span(a: usize, b: usize) -> String {
    if a == b { format!("line {a}") } else { format!("lines {a}-{b}") }
}

/// The first of `kept` (results read before `i` and kept) that is another
/// raw file with `i`'s bytes, byte for byte.
fn same_bytes(results: &[ResultFile], kept: &[usize], i: usize) -> Option<usize> {
    let rf = &results[i];
    kept.iter().copied().find(|&j| {
        let other = &results[j];
        other.path != rf.path && !rf.raw.is_empty() && other.raw.len() == rf.raw.len() && other.raw[..] == rf.raw[..]
    })
}

/// Whether a raw file that is another's byte for byte holds enough of
/// `kernel`'s figures to be that file saved twice rather than a second
/// run printing the same by chance: [`MIN_COPIED`] figures or more, of two
/// values at least (hackbench's three runs `Time: 1.260`, `1.213`,
/// `1.190` saved as `hackbench.txt` and `hackbench.log`; one run's lone
/// `Time: 0.440` twice may be two runs). Two files alike in every byte,
/// their headers, prompts and every figure in its place, are one file:
/// unlike [`strong_figures`], a figure's printed digits do not matter
/// (`1.260` reads back as 1.26, three digits).
fn saved_twice(samples: &[Sample], kernel: &str) -> bool {
    let mut values = samples.iter().filter(|s| s.kernel.as_deref() == Some(kernel)).map(|s| s.value.mean().to_bits());
    let Some(first) = values.next() else { return false };
    let (mut count, mut other) = (1usize, false);
    for v in values {
        count += 1;
        other |= v != first;
    }
    count >= MIN_COPIED && other
}

/// Distinct values of `kernel`'s figures printed with [`MIN_DIGITS`]
/// significant digits or more.
/// True when every one of `samples` is a mean over two copies or more run
/// at once (a `copies` or `instances` parameter of 2 or more: netperf's
/// copies or LKP's instances made one run, each figure the mean per copy,
/// `parse::instances::one_run_per_launch`) printed with [`MIN_DIGITS`]
/// significant digits or more. Two kernels' such figures alike to every
/// digit are no chance, however few (afix43's leftover: newcomer42's 16
/// netperf copies copied into another kernel's directory became 2 figures
/// and were no longer warned of nor marked). A single figure of one run,
/// or a mean of few digits (`12` per copy), is not enough.
fn means_over_copies(samples: &[Sample]) -> bool {
    !samples.is_empty()
        && samples.iter().all(|s| {
            digits(s.value.mean()) >= MIN_DIGITS
                && s.params.iter().any(|p| {
                    (p.name == "copies" || p.name == "instances") && p.value.parse::<u32>().is_ok_and(|n| n >= 2)
                })
        })
}

/// The runs of an lmbench summary that another summary printed first
/// ([`summary_runs_again`]): their hosts, their lines here, the file
/// printing them first and its lines.
#[derive(Default)]
struct SummaryRunsAgain {
    hosts: Vec<String>,
    lines: Vec<usize>,
    of: Option<usize>,
    of_lines: Vec<usize>,
}

/// The rows of `kernel` in `rf`, an lmbench summary (`make summary`,
/// lmbench 3.0), that print again, figure for figure, the runs of another
/// summary read before (`seen`: line hash → its file and line). A summary
/// prints every results file of its directory, a row a table each, named
/// by the host column (`vanilla1   Linux 5.11.2`); a person who ran
/// `make summary` after each kernel's runs and kept each output gives the
/// earlier runs again beside the new ones (saBPF-project/provbpf
/// `benchmark/results/*-5.11.2/lmbench.txt`: the later summaries hold
/// `vanilla1`, `vanilla2` of the first and `vanilla3`, `vanilla4` of
/// their own), so not every row of the kernel is a copy and the whole
/// kernel's test above passes them by. A host's rows are one run (two
/// runs lmbench truncated to one host name, `nocamflow`, are judged
/// together): counted once when every row of the host's is a row of one
/// other file and they hold [`MIN_COPIED`] distinct figures of
/// [`MIN_DIGITS`] digits or more (two runs never agree to that). Empty
/// for other benchmarks and for rows with no `host` parameter.
fn summary_runs_again(
    rf: &ResultFile,
    kernel: &str,
    lines: &Lines,
    seen: &FxHashMap<u64, (usize, usize)>,
) -> SummaryRunsAgain {
    let mut out = SummaryRunsAgain::default();
    if rf.parsed.benchmark != "lmbench" || lines.is_empty() {
        return out;
    }
    // The kernel's samples by line (in the file's order), read once.
    let mut on_line: FxHashMap<usize, Vec<&Sample>> = FxHashMap::default();
    for s in rf.parsed.samples.iter().filter(|s| s.kernel.as_deref() == Some(kernel)) {
        on_line.entry(s.line).or_default().push(s);
    }
    // Host → its lines (with their hashes): the host of a line's first
    // sample.
    let mut hosts: std::collections::BTreeMap<String, Vec<(usize, u64)>> = std::collections::BTreeMap::new();
    for &(line, h) in lines {
        let host = on_line
            .get(&line)
            .and_then(|ss| ss.first())
            .and_then(|s| s.params.iter().find(|p| p.name == "host").map(|p| p.value.to_string()));
        let Some(host) = host else { return SummaryRunsAgain::default() };
        hosts.entry(host).or_default().push((line, h));
    }
    for (host, rows) in hosts {
        let firsts: Vec<(usize, usize)> = rows.iter().filter_map(|(_, h)| seen.get(h).copied()).collect();
        let Some(&(of, _)) = firsts.first() else { continue };
        if firsts.len() < rows.len() || firsts.iter().any(|&(f, _)| f != of) || out.of.is_some_and(|o| o != of) {
            continue;
        }
        let on_rows: Vec<Sample> =
            rows.iter().flat_map(|(l, _)| on_line.get(l).into_iter().flatten()).map(|&s| s.clone()).collect();
        if strong_figures(&on_rows, kernel) < MIN_COPIED {
            continue;
        }
        out.of = Some(of);
        out.hosts.push(host);
        out.lines.extend(rows.iter().map(|&(l, _)| l));
        out.of_lines.extend(firsts.iter().map(|&(_, l)| l));
    }
    out.lines.sort_unstable();
    out.of_lines.sort_unstable();
    out
}

fn strong_figures(samples: &[Sample], kernel: &str) -> usize {
    samples
        .iter()
        .filter(|s| s.kernel.as_deref() == Some(kernel))
        .map(|s| s.value.mean())
        .filter(|&v| digits(v) >= MIN_DIGITS)
        .map(f64::to_bits)
        .collect::<FxHashSet<u64>>()
        .len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Better, Metric, ParsedFile};
    use std::path::PathBuf;

    fn row(kernel: &str, line: usize, values: &[f64]) -> Vec<Sample> {
        values
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                Sample::new(Metric::new(format!("m{i}"), "us", Better::Lower), v, line)
                    .with_group("Context switching")
                    .with_kernel(kernel)
            })
            .collect()
    }

    fn file(rel: &str, dir: Option<&str>, samples: Vec<Sample>) -> ResultFile {
        ResultFile {
            rel_path: rel.into(),
            path: PathBuf::from(rel),
            kernel_dir: dir.map(str::to_string),
            named_kernel: None,
            unnamed_lines: Vec::new(),
            parsed: ParsedFile { benchmark: "lmbench".into(), samples, ..ParsedFile::default() },
            raw: std::sync::Arc::from(&b""[..]),
        }
    }

    /// A contest file outside every kernel's directory: its rows as
    /// (kernel, load, line, run count, Time, CPU%), read by the parser.
    fn contest(rel: &str, rows: &[(&str, &str, usize, u32, f64, f64)]) -> ResultFile {
        let text: String = rows
            .iter()
            .map(|&(k, load, _, n, t, c)| {
                let loads = if load == "noload" { "0  0" } else { "1.0  4.0" };
                format!("{load}:\nKernel [runs]   Time    CPU%    Loads   LCPU%   Ratio\n{k}  {n}  {t}  {c}  {loads}  1.25\n")
            })
            .collect();
        use crate::parse::BenchParser;
        let parsed = crate::parse::Input::from_text(&text);
        let mut parsed = crate::parse::contest::Contest.parse(&parsed).unwrap();
        // The lines of the rows as given (a post's own lines).
        let mut at = rows.iter().map(|r| r.2);
        let mut last = 0;
        let mut now = 0;
        for smp in &mut parsed.samples {
            if smp.line != last {
                last = smp.line;
                now = at.next().unwrap();
            }
            smp.line = now;
        }
        ResultFile { parsed, ..file(rel, None, Vec::new()) }
    }

    /// lmbench summary rows of `kernel` naming `host`, one line each.
    fn host_rows(kernel: &str, host: &str, rows: &[(usize, &[f64])]) -> Vec<Sample> {
        rows.iter().flat_map(|&(line, values)| row(kernel, line, values)).map(|s| s.with_param("host", host)).collect()
    }

    /// archive51 (saBPF-project/provbpf `benchmark/results/*-5.11.2/lmbench.txt`):
    /// `make summary` run again after more runs prints the earlier runs'
    /// rows (`vanilla1`, `vanilla2`) beside the new ones (`vanilla3`): the
    /// kernel's rows are not all a copy, yet each earlier host's rows are
    /// one run printed again, counted once, with a warning at them; the new
    /// host's rows are read. A host whose rows differ is read.
    #[test]
    fn lmbench_summary_runs_printed_again_count_once() {
        let v1: &[f64] = &[2.4300, 2.5400, 2.9000];
        let v1b: &[f64] = &[5361.0, 8869.5, 6247.6];
        let v2: &[f64] = &[2.3300, 2.4100, 2.3100];
        let v3: &[f64] = &[2.2100, 2.6100, 2.7700];
        let first =
            [host_rows("5.11.2", "vanilla1", &[(18, v1), (60, v1b)]), host_rows("5.11.2", "vanilla2", &[(19, v2)])]
                .concat();
        let later = [
            host_rows("5.11.2", "vanilla1", &[(20, v1), (70, v1b)]),
            host_rows("5.11.2", "vanilla2", &[(21, &[2.3300, 2.4100, 2.3200])]),
            host_rows("5.11.2", "vanilla3", &[(22, v3)]),
        ]
        .concat();
        let mut results = vec![file("a/lmbench.txt", Some("a"), first), file("b/lmbench.txt", Some("b"), later)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        let lines: Vec<usize> = results[1].parsed.samples.iter().map(|s| s.line).collect();
        assert_eq!(lines, [21, 21, 21, 22, 22, 22], "{diags:?}");
        assert_eq!(results[0].parsed.samples.len(), 9);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].line, Some(20));
        assert!(
            diags[0].message.contains(
                "the rows of 5.11.2 of host vanilla1 (on lines 20-70) are those of a/lmbench.txt lines 18-60, figure \
                 for figure: the same run printed again by another summary, counted once"
            ),
            "{diags:?}"
        );
    }

    /// archive42: Con Kolivas's contest posts print each earlier kernel's
    /// rows again (`2.4.19 [5]  69.0 …` in the 2.5.46 post and again in a
    /// reply a week later), and a reply may quote a whole post: a kernel's
    /// rows alike, load for load with their run counts, are one summary,
    /// counted once (from the file with the most rows of it). One row
    /// alike, and rows of another run count, are read as they are.
    #[test]
    fn contest_rows_printed_again_count_once() {
        let rows = [("2.4.19", "noload", 6, 5, 69.0, 97.0), ("2.4.19", "io_load", 20, 3, 492.6, 14.0)];
        let more = [rows[0], rows[1], ("2.4.19", "mem_load", 30, 3, 100.0, 72.0)];
        let mut results = vec![contest("a.txt", &rows), contest("b.txt", &more)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        // b.txt holds more rows of 2.4.19: a.txt's two rows are its copy.
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (0, 10), "{diags:?}");
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0].message.contains(
                "contest: the figures of 2.4.19 on lines 6-20 are those of b.txt lines 6-20, figure for figure and run \
                 count for run count: the same summary of runs printed again, counted once (from b.txt)"
            ),
            "{diags:?}"
        );
        // A reply's own rows, `quoting unquoted` beside the table it
        // quotes, print the earlier post's rows again all the same.
        let mut reply = contest("b.txt", &rows);
        for smp in &mut reply.parsed.samples {
            smp.params.push(crate::model::Param::new("quoting", "unquoted"));
        }
        let mut results = vec![contest("a.txt", &rows), reply];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (6, 0), "{diags:?}");
        // One row alike, a mean of 5 runs: that summary, counted once.
        let mut results = vec![contest("a.txt", &rows[..1]), contest("b.txt", &rows[..1])];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (2, 0), "{diags:?}");
        // A no-load row of one run (a time and a CPU share), alike in two
        // posts, may be two runs alike: read as it is.
        let one = [("2.5.70", "noload", 6, 1, 79.0, 94.9)];
        let mut results = vec![contest("a.txt", &one), contest("b.txt", &one)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (2, 2), "{diags:?}");
        assert!(diags.is_empty(), "{diags:?}");
        // A later post's means over more runs of one load: not the same
        // summary, averaged as before; its other row, alike, counted once.
        let later = [("2.4.19", "noload", 6, 7, 69.0, 97.0), rows[1]];
        let mut results = vec![contest("a.txt", &rows), contest("b.txt", &later)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (6, 2), "{diags:?}");
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0].message.contains("contest: a row of 2.4.19 (line 20) is those of a.txt (from line 20)"),
            "{diags:?}"
        );
    }

    /// archive48 R2: mmtests keeps a second table of the same rows apart by
    /// a `table` parameter naming its line; a reply quoting both tables
    /// prints the second at another line. Its figures are still a copy of
    /// the mail's, counted once; a table of other figures is not.
    #[test]
    fn a_table_quoted_at_another_line_is_a_copy() {
        let tables = |second: &str, values: [f64; 3]| {
            let mut samples = row("6.2.0-rc4-pvl-v2", 25, &[898792.9338, 894597.0474, 895933.2782]);
            samples.extend(row("6.2.0-rc4-pvl-v2", 78, &values).into_iter().map(|s| s.with_param("table", second)));
            samples
        };
        let mine = [905497.4354, 888736.557, 888695.2675];
        let mut results =
            vec![file("a.txt", None, tables("line 73", mine)), file("b.txt", None, tables("line 78", mine))];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (6, 0), "{diags:?}");
        assert!(diags[0].message.contains("the same run read twice"), "{diags:?}");
        // Other figures under the second table: two results, both read.
        let other = [905497.4354, 888736.557, 888695.2676];
        let mut results =
            vec![file("a.txt", None, tables("line 73", mine)), file("b.txt", None, tables("line 78", other))];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (6, 6), "{diags:?}");
    }

    /// A file of `values` (one figure a line) with bytes `raw`.
    fn saved(rel: &str, values: &[f64], raw: &[u8]) -> ResultFile {
        let samples = values
            .iter()
            .enumerate()
            .map(|(i, &v)| Sample::new(Metric::new("Time", "s", Better::Lower), v, 3 * i + 3).with_kernel("6.2"))
            .collect();
        ResultFile { raw: std::sync::Arc::from(raw), ..file(rel, Some("6.2"), samples) }
    }

    /// Attacker 27, finding 3: hackbench's three runs saved as
    /// `hackbench.log` and `hackbench.txt`, byte for byte, were six runs
    /// (three decimals: `1.260` reads back as three digits, so the
    /// figure-for-figure check did not take them for a copy), and a
    /// change of −5.9%~ became a starred regression.
    #[test]
    fn a_file_saved_twice_byte_for_byte_counts_once() {
        let raw = b"Time: 1.285\nTime: 1.331\nTime: 1.260\n";
        let mut results = vec![
            saved("6.2/hackbench.log", &[1.285, 1.331, 1.26], raw),
            saved("6.2/hackbench.txt", &[1.285, 1.331, 1.26], raw),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (3, 0));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].message.contains("6.2/hackbench.txt is 6.2/hackbench.log byte for byte"), "{diags:?}");
    }

    /// attack45 F11: a file saved twice byte for byte, each copy in a
    /// section of its own (`Report` = `*/kb.txt`, `Reply` = `*/reply.txt`),
    /// left `Reply` with no baseline: the copy was dropped class-wide. A
    /// section showing the copy without the file it repeats keeps it, as
    /// a reprint figure for figure is kept; where no section shows it
    /// apart, it is still counted once (the test above).
    #[test]
    fn a_file_saved_twice_in_a_section_of_its_own_is_kept_there() {
        let raw = b"Time: 1.285\nTime: 1.331\nTime: 1.260\n";
        let mut results =
            vec![saved("6.2/kb.txt", &[1.285, 1.331, 1.26], raw), saved("6.2/reply.txt", &[1.285, 1.331, 1.26], raw)];
        let mut diags = Vec::new();
        let apart = |copy: &ResultFile, _: &ResultFile| copy.rel_path.ends_with("reply.txt");
        let reprints = drop_copied_runs_apart(&mut results, &mut diags, &apart);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len()), (3, 3));
        assert_eq!(
            reprints,
            vec![Reprint { file: "6.2/reply.txt".into(), kernel: "6.2".into(), of: "6.2/kb.txt".into() }]
        );
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].message.contains("a section shows 6.2/reply.txt without it, and keeps them"), "{diags:?}");
    }

    /// One run's lone figure in two files alike may be two runs printing
    /// alike: both read, with a warning naming both files (attack28 p27:
    /// a short file copied twice was silently two more runs).
    #[test]
    fn two_files_of_one_figure_alike_are_two_runs_with_a_warning() {
        let raw = b"Time: 0.440\n";
        let mut results = vec![saved("6.2/run1.txt", &[0.44], raw), saved("6.2/run2.txt", &[0.44], raw)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!((results[0].parsed.samples.len(), results[1].parsed.samples.len(), diags.len()), (1, 1, 1));
        assert_eq!(diags[0].file, PathBuf::from("6.2/run2.txt"));
        assert!(
            diags[0].message.contains(
                "6.2/run1.txt and 6.2/run2.txt are byte for byte alike; counted as two runs of 6.2 — if one is a copy, remove it"
            ),
            "{diags:?}"
        );
    }

    /// A file of dbench runs, one figure each on lines 2, 4, …, with
    /// its bytes.
    fn runs(rel: &str, values: &[f64]) -> ResultFile {
        let raw: String = values.iter().map(|v| format!("$ dbench 16\nThroughput {v} MB/sec 16 procs\n")).collect();
        let samples = values
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), v, 2 * i + 2).with_kernel("6.2")
            })
            .collect();
        ResultFile { raw: std::sync::Arc::from(raw.as_bytes()), ..file(rel, Some("6.2"), samples) }
    }

    /// Attacker 28, p48: `all.txt`, the `cat` of `run1/` … `run3/`'s
    /// files beside them, counted each run twice (6 runs of 6.2): its
    /// figures are dropped with a warning naming the files it holds. A
    /// file with a run of its own besides is read.
    #[test]
    fn a_file_of_other_files_put_together_counts_once() {
        let all = ResultFile {
            raw: std::sync::Arc::from(
                [&runs("a", &[100.5]), &runs("b", &[101.5]), &runs("c", &[100.9])]
                    .iter()
                    .flat_map(|r| r.raw.iter().copied())
                    .collect::<Vec<u8>>(),
            ),
            ..runs("6.2/all.txt", &[100.5, 101.5, 100.9])
        };
        let pieces = || {
            vec![
                runs("6.2/run1/dbench.txt", &[100.5]),
                runs("6.2/run2/dbench.txt", &[101.5]),
                runs("6.2/run3/dbench.txt", &[100.9]),
            ]
        };
        let mut results = [vec![all.clone()], pieces()].concat();
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        let counts: Vec<usize> = results.iter().map(|r| r.parsed.samples.len()).collect();
        assert_eq!(counts, [0, 1, 1, 1]);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0].message.contains(
                "6.2/all.txt holds 6.2/run1/dbench.txt, 6.2/run2/dbench.txt, 6.2/run3/dbench.txt byte for byte"
            ),
            "{diags:?}"
        );
        // A run of its own besides: read (its copies are another matter).
        let more = runs("6.2/all.txt", &[100.5, 101.5, 100.9, 102.7]);
        let mut results = [vec![more], pieces()].concat();
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(results[0].parsed.samples.len(), 4);
        assert!(!diags.iter().any(|d| d.message.contains("holds")), "{diags:?}");
    }

    const A: [f64; 5] = [1.20, 24.07, 188.7, 209.1, 223.3];
    const B: [f64; 5] = [1.21, 22.93, 187.9, 208.8, 226.4];

    /// The demo's k6 summary copied into both kernels' directories: each
    /// kernel's row counted once, from its own directory's file.
    #[test]
    fn a_summary_in_each_kernels_directory_counts_each_row_once() {
        let both = |k_a: usize| [row("2.4.17", k_a, &A), row("2.4.17rat", k_a + 1, &B)].concat();
        let mut results = vec![
            file("2.4.17/lmbench.txt", Some("2.4.17"), both(10)),
            file("2.4.17rat/lmbench.txt", Some("2.4.17rat"), both(12)),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        let kernels = |rf: &ResultFile| {
            let mut k: Vec<String> =
                rf.parsed.samples.iter().filter_map(|s| s.kernel.as_deref().map(str::to_string)).collect();
            k.dedup();
            k
        };
        assert_eq!(kernels(&results[0]), ["2.4.17"]);
        assert_eq!(kernels(&results[1]), ["2.4.17rat"]);
        assert_eq!(diags.len(), 2, "{diags:?}");
        assert!(
            diags[0].message.contains("the figures of 2.4.17rat on line 11 are those of 2.4.17rat/lmbench.txt line 13"),
            "{}",
            diags[0].message
        );
    }

    /// The same output in two kernels' directories: warned, both read.
    #[test]
    fn the_same_output_under_two_kernels_is_warned_of() {
        let runs = [45.1023, 46.2034, 45.8001];
        let mut results = vec![
            file("6.1/dbench.txt", Some("6.1"), row("6.1", 2, &runs)),
            file("6.2/dbench.txt", Some("6.2"), row("6.2", 2, &runs)),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(results[1].parsed.samples.len(), 3);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0].message.contains("its 3 figures are those of 6.1/dbench.txt (kernel 6.1)"),
            "{}",
            diags[0].message
        );
    }

    /// afix43's leftover (newcomer42's netperf copy): 16 copies merged into
    /// one run leave 2 figures, under [`MIN_COPIED`]; means over copies
    /// alike to every digit in two kernels' files are a copy, warned of.
    /// Must not fire: two kernels' single small-integer figures alike, nor
    /// the same two means without the copies they were taken over.
    #[test]
    fn means_over_many_copies_alike_in_two_kernels_are_warned_of() {
        let copies = |kernel: &str, n: &str| -> Vec<Sample> {
            [62433.1375, 61236.0875]
                .iter()
                .enumerate()
                .map(|(i, &v)| {
                    Sample::new(Metric::new(format!("m{i}"), "10^6bits/sec", Better::Higher), v, 23 + i)
                        .with_param("copies", n)
                        .with_kernel(kernel)
                })
                .collect()
        };
        let mut results = vec![
            file("6.1.0/netperf.txt", Some("6.1.0"), copies("6.1.0", "16")),
            file("6.6.0/netperf-udp.txt", Some("6.6.0"), copies("6.6.0", "16")),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].message.contains("its 2 figures are those of 6.1.0/netperf.txt (kernel 6.1.0)"), "{diags:?}");
        assert_eq!(copied_across_kernels(&results), [(1, 0)]);
        // One copy (no mean over copies), and single small figures alike.
        for (a, b) in [
            (copies("6.1.0", "1"), copies("6.6.0", "1")),
            (row("6.1.0", 3, &[12.0, 64.0]), row("6.6.0", 3, &[12.0, 64.0])),
        ] {
            let mut results =
                vec![file("6.1.0/netperf.txt", Some("6.1.0"), a), file("6.6.0/netperf.txt", Some("6.6.0"), b)];
            let mut diags = Vec::new();
            drop_copied_runs(&mut results, &mut diags);
            assert!(diags.is_empty(), "{diags:?}");
            assert!(copied_across_kernels(&results).is_empty());
        }
    }

    /// A dbench log of three runs saved twice in one kernel's directory:
    /// three four-digit figures, line for line, are one run read twice.
    #[test]
    fn three_runs_saved_twice_count_once() {
        let runs = [45.1023, 46.2034, 45.8001];
        let mut results = vec![
            file("6.1/dbench.txt", Some("6.1"), row("6.1", 2, &runs)),
            file("6.1/dbench-copy.txt", Some("6.1"), row("6.1", 2, &runs)),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert!(results[1].parsed.samples.is_empty());
        assert_eq!(diags.len(), 1, "{diags:?}");
    }

    /// Two real runs printing short figures alike are runs.
    #[test]
    fn short_figures_alike_are_runs() {
        let short = [12.5, 64.0];
        let mut results = vec![
            file("2.4.17/dbench-1.txt", Some("2.4.17"), row("2.4.17", 3, &short)),
            file("2.4.17/dbench-2.txt", Some("2.4.17"), row("2.4.17", 3, &short)),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(results[1].parsed.samples.len(), 2);
        assert!(diags.is_empty(), "{diags:?}");
    }

    /// fio's JSON and terse outputs of one run (fixture
    /// rust-src-fio-3.36-terse-v3-randrw-4k-probe's terse line, and a JSON
    /// of its figures: bw 62125 and 65875 KiB/s, IOPS 15531.25 and
    /// 16468.75 against terse's whole 15531 and 16468, read clat mean
    /// 62555.513 ns against terse's 62.555513 usec) in one kernel's
    /// directory: counted once, from the JSON, with a note naming it.
    /// Another terse run (IOPS 15000) is a run.
    #[test]
    fn one_fio_run_in_json_and_terse_counts_once() {
        use crate::parse::{BenchParser, Input};
        let terse = include_str!("../../tests/fixtures/fio/rust-src-fio-3.36-terse-v3-randrw-4k-probe.txt");
        let json = |clat: &str| {
            format!(
                "{{\"fio version\" : \"fio-3.36\", \"jobs\" : [{{\"jobname\" : \"probe\", \"groupid\" : 0, \
                 \"read\" : {{\"bw\" : 62125, \"iops\" : 15531.25, \"runtime\" : 64, \"clat_ns\" : {{\"mean\" : {clat}, \"N\" : 994}}}}, \
                 \"write\" : {{\"bw\" : 65875, \"iops\" : 16468.75, \"runtime\" : 64}}}}]}}\n"
            )
        };
        let other = terse.replace(";15531;", ";15000;");
        let read = |rel: &str, text: &str| {
            let mut f = file(rel, Some("6.1"), Vec::new());
            f.parsed = crate::parse::fio::Fio.parse(&Input::from_text(text)).unwrap();
            f.parsed.samples =
                std::mem::take(&mut f.parsed.samples).into_iter().map(|s| s.with_kernel("6.1")).collect();
            f.raw = std::sync::Arc::from(text.as_bytes());
            f
        };
        // The terse file first in path order: the JSON keeps the run.
        let mut results =
            vec![read("6.1/a.terse", terse), read("6.1/b.json", &json("62555.513")), read("6.1/c.terse", &other)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].file, PathBuf::from("6.1/a.terse"));
        assert_eq!(diags[0].severity, crate::diag::Severity::Note);
        assert!(diags[0].message.contains("counted once, from 6.1/b.json"), "{}", diags[0].message);
        assert!(results[0].parsed.samples.is_empty());
        assert_eq!(results[1].parsed.samples.len(), 5);
        assert_eq!(results[2].parsed.samples.len(), 46);
        // The cbt fixture's one run printed as JSON, then as text
        // (`--output-format=json,normal`), saved as two files: every figure
        // the text prints (`IOPS=3095`, `BW=12.1MiB/s`, clat `avg=2250.43`
        // usec, `99.00th=[ 4359]`) is the JSON's to its step: the JSON's kept.
        let both = include_str!("../../tests/fixtures/fio/cbt-fio-3.42-json-then-normal-same-run-randwrite-nvme.txt");
        let (js, txt) = both.split_once("\n}\n").unwrap();
        let mut results = vec![read("6.1/run.txt", txt), read("6.1/run.json", &format!("{js}\n}}\n"))];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0].message.contains("counted once, from 6.1/run.json (JSON is more precise than text)"),
            "{diags:?}"
        );
        assert!(results[0].parsed.samples.is_empty());
        assert_eq!(results[1].parsed.samples.len(), 25);
        // A latency that differs beyond terse's step: two runs, both read.
        let mut results = vec![read("6.1/a.json", &json("62557.1")), read("6.1/a.terse", terse)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(results[1].parsed.samples.len(), 46);
        // Two terse files alike are not one run in two formats (the same
        // file saved twice is a copy, line for line: above).
        let mut results = vec![read("6.1/a.terse", terse), read("6.1/c.terse", terse)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert!(!diags.iter().any(|d| d.message.contains("two formats")), "{diags:?}");
    }

    /// Andrey Nekrasov's two tiotest boxes (tests/fixtures/tiobench, LKML
    /// 2001-10) and Steve Lord's reply quoting them (`> `, wild fixture)
    /// in one kernel's directory, the reply first in path order: every
    /// figure and set-up alike, one side quoted. The reply's quote is
    /// dropped, with a warning naming the original, whose 32 figures are
    /// kept (before: the original was dropped, the quote kept).
    #[test]
    fn a_table_quoted_in_a_reply_counts_once_from_the_original() {
        use crate::parse::Input;
        let original = include_str!(
            "../../tests/fixtures/tiobench/lkml-2001-10-tiotest031-ramdisk-ext2-vs-xfs-cat-prompt-labels-while-loop.txt"
        );
        let reply = include_str!(
            "../../tests/fixtures/wild/tiobench/lkml-2001-10-lord-reply-quotes-nekrasov-tiotest031-ext2-and-xfs-boxes-cat-prompt-labels-corner-lost-printed-in-original.txt"
        );
        let read = |rel: &str, text: &str| {
            let mut f = file(rel, Some("2.4.11-pre2-xfs"), Vec::new());
            let input = Input::from_text(text);
            f.parsed = crate::parse::detect(&input).unwrap().parse(&input).unwrap();
            f.parsed.samples =
                std::mem::take(&mut f.parsed.samples).into_iter().map(|s| s.with_kernel("2.4.11-pre2-xfs")).collect();
            f.raw = std::sync::Arc::from(text.as_bytes());
            f
        };
        let mut results = vec![read("2.4.11-pre2-xfs/lord.txt", reply), read("2.4.11-pre2-xfs/nekrasov.txt", original)];
        assert_eq!(results[0].parsed.samples.len(), 32);
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].file, PathBuf::from("2.4.11-pre2-xfs/lord.txt"));
        assert_eq!(diags[0].line, Some(12));
        let m = &diags[0].message;
        assert!(m.contains("(quoted with `> `) are those of 2.4.11-pre2-xfs/nekrasov.txt lines 12-30"), "{m}");
        assert!(m.contains("the same run quoted in a reply"), "{m}");
        assert!(results[0].parsed.samples.is_empty());
        assert_eq!(results[1].parsed.samples.len(), 32);
        // The reply in another kernel's directory: its quote is no run of
        // that kernel, dropped with a warning naming the original (before:
        // both read, warned as "the same output in two kernels'
        // directories?").
        let mut reply_elsewhere = read("2.4.11-pre2-xfs/lord.txt", reply);
        reply_elsewhere.rel_path = "2.4.10-xfs/lord.txt".into();
        reply_elsewhere.path = PathBuf::from("2.4.10-xfs/lord.txt");
        reply_elsewhere.kernel_dir = Some("2.4.10-xfs".into());
        for s in &mut reply_elsewhere.parsed.samples {
            s.kernel = Some("2.4.10-xfs".into());
        }
        let mut results = vec![reply_elsewhere, read("2.4.11-pre2-xfs/nekrasov.txt", original)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].file, PathBuf::from("2.4.10-xfs/lord.txt"));
        assert!(
            diags[0].message.contains("quoted with `> `, are those 2.4.11-pre2-xfs/nekrasov.txt prints"),
            "{diags:?}"
        );
        assert!(results[0].parsed.samples.is_empty());
        assert_eq!(results[1].parsed.samples.len(), 32);
        // Two printed copies: the first in path order kept, as before.
        let mut results = vec![read("2.4.11-pre2-xfs/a.txt", original), read("2.4.11-pre2-xfs/b.txt", original)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(results[0].parsed.samples.len(), 32);
        assert!(results[1].parsed.samples.is_empty());
    }

    /// A file repeating some lines of another: kept.
    #[test]
    fn a_tables_column_reprinted_under_another_title_counts_once() {
        // archive44 R2: mmtests' lowzone-v1r1, compared in v1 1/5 under a
        // title, printed again as 3/5's baseline under none.
        let table = |rel: &str, group: &str, values: &[f64]| {
            let mut samples: Vec<Sample> =
                values.iter().enumerate().flat_map(|(i, v)| row("4.19.0-lowzone-v1r1", 12 + i, &[*v])).collect();
            samples.iter_mut().for_each(|s| s.group = group.into());
            let mut f = file(rel, None, samples);
            f.parsed.benchmark = "mmtests".into();
            f.parsed.kernel_order = vec!["4.19.0-vanilla".into(), "4.19.0-lowzone-v1r1".into()];
            f
        };
        let figures = [599.92, 179.84, 1938.47];
        let mut results =
            vec![table("m/1of5.txt", "thpfioscale Fault Latencies", &figures), table("m/3of5.txt", "", &figures)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert!(results[1].parsed.samples.is_empty(), "{diags:?}");
        assert!(diags[0].message.contains("are those of m/1of5.txt"), "{diags:?}");
        // Must not fire: one figure differs, or too few figures to be sure.
        for other in [[599.92, 179.84, 1938.48], [599.92, 17.0, 1.0]] {
            let mut results = vec![
                table("m/1of5.txt", "thpfioscale Fault Latencies", &other),
                table("m/3of5.txt", "", &[599.92, 179.84, 1938.47]),
            ];
            if other[2] == 1.0 {
                results[1] = table("m/3of5.txt", "", &other);
            }
            let mut diags = Vec::new();
            drop_copied_runs(&mut results, &mut diags);
            assert_eq!(results[1].parsed.samples.len(), 3, "{other:?} {diags:?}");
        }
    }

    #[test]
    fn some_lines_repeated_are_kept() {
        let mut results = vec![
            file("k/a.txt", Some("k"), [row("k", 3, &A), row("k", 4, &B)].concat()),
            file("k/b.txt", Some("k"), [row("k", 7, &A), row("k", 8, &B), row("k", 9, &[9.0; 5])].concat()),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(results[1].parsed.samples.len(), 15);
        assert!(diags.is_empty(), "{diags:?}");
    }
}
