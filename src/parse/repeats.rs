//! Figures of one run quoted again: a poster's summary below the full
//! report (`the most interesting numbers are these:` and the jobs'
//! `write:` lines again), a reply repeating the table it answers with
//! other words around it. The paragraph check
//! ([`super::segment`]'s repeated paragraphs) finds copies word for word;
//! this one finds the figures themselves repeated, in another layout or
//! with lines left out, and drops the later ones with a note. Read as
//! they were, they stood as another run of the same set-up (averaged: the
//! run counted twice) or, under a line the labeller took for a label
//! (`</pre>`), as a set-up of their own with the same numbers.
//!
//! A block counts only when no second run could print it: two or more
//! lines in a row, every figure of each equal to a figure of one earlier
//! line (same kernel, group, parameters and metric; see
//! [`drop_repeated_figures`]), with at least [`MIN_FIGURES`] distinct
//! values printed with [`MIN_DIGITS`] significant digits or more, filling
//! the paragraphs it stands in (no line of other figures beside it before
//! a blank line). Two runs of a benchmark print the same `Throughput 12.3
//! MB/sec`, not four five-digit figures alike; and rows alike inside a
//! run (fio's bucketed clat percentiles under a differing mean) are the
//! run's. One lmbench row counts alone when it repeats, figure for figure
//! and column for column, a whole row of [`MIN_LMBENCH_ROW_FIGURES`] or
//! more figures in another paragraph (another table of the same group): a
//! post's second heading quoting the first heading's row above its own.

use super::Input;
use crate::model::{ParsedFile, Sample};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::hash_map::Entry;

/// A typed table's row printed again under one header with no mark (the
/// same kernel's, case's or load's row twice: a rerun or the row pasted
/// twice, attack41 F17, attack42 F2-F5, F9): the parameter its samples
/// carry, `rerun printed again`, so that they are a row of their own,
/// never averaged with the first print as more runs. One pair for every
/// reader (pct_table, schedtests, contest, reaim's Peak Load, dbench's
/// and hackbench's typed tables); each says so at the row's line in its
/// own words.
pub fn printed_again(s: Sample) -> Sample {
    s.with_param("rerun", "printed again")
}

/// The lines of `f`'s samples marked [`printed_again`], in file order:
/// what the readers' tests of a row printed twice look for.
#[cfg(test)]
pub(crate) fn printed_again_lines(f: &ParsedFile) -> Vec<usize> {
    f.samples
        .iter()
        .filter(|s| s.params.iter().any(|p| p.name == "rerun" && p.value == "printed again"))
        .map(|s| s.line)
        .collect()
}

/// The fewest figures in a repeated block.
pub const MIN_FIGURES: usize = 4;

/// The fewest figures of an lmbench row that, repeated figure for figure
/// (same kernel, table and columns) in another table of the file, make it
/// a quote on its own line: lmbench 2.0/3.0 `make summary` rows print 7 to
/// 12 one-to-four-digit figures (`i686-linu  Linux 2.5.54    3      4
/// 11     6     48      12      53`); two runs printing all 7 alike are
/// vanishingly rare, a post quoting one table's row above the next one's
/// is not.
pub const MIN_LMBENCH_ROW_FIGURES: usize = 7;

/// The fewest significant digits [`MIN_FIGURES`] of a block's figures
/// are printed with.
pub const MIN_DIGITS: usize = 4;

/// What a sample says but its line and label: its [`Series`] and the
/// value's bits.
type Key<'a> = (Series<'a>, u64);

/// The key two copies of one figure share ([`Key`]).
fn key(s: &Sample) -> Key<'_> {
    (series(s), s.value.mean().to_bits())
}

/// What a figure's value is not: kernel, group, parameters (but the
/// label), metric name and unit.
type Series<'a> = (Option<&'a str>, &'a str, Vec<(&'a str, &'a str)>, &'a str, &'a str);

/// The series of `s` ([`Series`]).
fn series(s: &Sample) -> Series<'_> {
    let params = s.params.iter().filter(|p| p.name != "label").map(|p| (p.name.as_str(), p.value.as_str())).collect();
    (s.kernel.as_deref(), s.group.as_str(), params, s.metric.name.as_str(), s.metric.unit.as_str())
}

/// Significant digits of `v` as its shortest decimal form writes them,
/// a whole number's trailing zeros not counted (`56946` 5, `0.034` 2,
/// `7118` 4, `900000` 1). A figure of [`MIN_DIGITS`] or more is one no
/// second run prints alike by chance.
pub fn digits(v: f64) -> usize {
    let s = format!("{}", v.abs());
    let s = if s.contains('.') { s.as_str() } else { s.trim_end_matches('0') };
    s.bytes().filter(u8::is_ascii_digit).skip_while(|&b| b == b'0').count()
}

/// True when lines `a` < `b` (1-based) of `input` are in one paragraph:
/// no blank line between them (a mail's quoted blank line `>` counts as
/// blank).
fn same_paragraph(input: &Input, a: usize, b: usize) -> bool {
    let blank = |l: &str| l.trim_start_matches(|c: char| c == '>' || c.is_whitespace()).is_empty();
    input.lines.get(a..b.saturating_sub(1)).is_some_and(|between| !between.iter().any(|l| blank(l)))
}

/// How many samples print each figure of a metric (its name and the
/// value's bits); `None` when each is printed once, as in most files: no
/// figure repeats, and nothing more need be built (the one quick test of
/// [`drop_repeated_figures`], [`warn_near_copies`] and [`drop_pasted_twice`]).
fn figure_counts(samples: &[Sample]) -> Option<FxHashMap<(&str, u64), u32>> {
    let mut printed: FxHashMap<(&str, u64), u32> =
        FxHashMap::with_capacity_and_hasher(samples.len(), Default::default());
    let mut again = false;
    for s in samples {
        let n = printed.entry((s.metric.name.as_str(), s.value.mean().to_bits())).or_default();
        *n += 1;
        again |= *n > 1;
    }
    again.then_some(printed)
}

/// Drops the samples of each block repeating earlier figures of the file
/// (module docs), with a note naming its lines and the lines it repeats.
/// A block is made of whole lines: lines one after another each of whose
/// figures repeats a figure of one earlier line, two lines at least (a
/// run printed on one line, as bonnie++'s CSV or an lmbench row, may
/// print the same as another; an lmbench row quoted whole is
/// [`drop_quoted_lmbench_rows`]'s).
pub fn drop_repeated_figures(input: &Input, parsed: &mut ParsedFile) {
    if parsed.samples.len() < 2 * MIN_FIGURES {
        return;
    }
    // Most files repeat no figure of a metric at all: one hash a sample
    // says so, before any key is built. A figure printed once (most of
    // them) repeats none, and its key (every part of its series, [`key`])
    // is not built.
    let Some(printed) = figure_counts(&parsed.samples) else { return };
    let mut order: Vec<usize> = (0..parsed.samples.len()).collect();
    order.sort_by_key(|&i| parsed.samples[i].line);
    // The first line each figure was printed on.
    let mut first: FxHashMap<_, usize> = FxHashMap::default();
    // The lines that gave samples, in order: (line, its samples, the one
    // earlier line every one of them repeats, if any).
    let mut lines: Vec<(usize, Vec<usize>, Option<usize>)> = Vec::new();
    for &i in &order {
        let s = &parsed.samples[i];
        // A key holds the metric's name and the figure: one printed once
        // is in `first` for no other sample.
        let once = printed.get(&(s.metric.name.as_str(), s.value.mean().to_bits())).is_some_and(|&n| n < 2);
        let twin = if once {
            None
        } else {
            match first.entry(key(s)) {
                Entry::Occupied(e) => Some(*e.get()).filter(|&line| line < s.line),
                Entry::Vacant(e) => {
                    e.insert(s.line);
                    None
                }
            }
        };
        match lines.last_mut() {
            Some((line, members, of)) if *line == s.line => {
                members.push(i);
                if *of != twin {
                    *of = None;
                }
            }
            _ => lines.push((s.line, vec![i], twin)),
        }
    }
    // Made once, for the first block that may be a quote (most files
    // with a figure printed twice have none).
    let by_chance = std::cell::OnceCell::new();
    let mut drop = vec![false; parsed.samples.len()];
    let mut k = 0;
    while k < lines.len() {
        let run = lines[k..].iter().take_while(|l| l.2.is_some()).count();
        if run == 0 {
            k += 1;
            continue;
        }
        let block = &lines[k..k + run];
        let values: Vec<f64> = block.iter().flat_map(|l| l.1.iter().map(|&i| parsed.samples[i].value.mean())).collect();
        let mut distinct = values.clone();
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        // Distinct values: runs printing one short figure alike, each
        // with the same long ones (a hand-made log), are not enough.
        // Whole paragraphs: a line that gave other figures in the block's
        // first or last paragraph makes it part of a run (fio's clat
        // percentile rows, bucketed, print alike in two runs whose mean
        // and bandwidth lines above them differ).
        let (before, after) = (k.checked_sub(1).map(|p| lines[p].0), lines.get(k + run).map(|l| l.0));
        let whole = before.is_none_or(|l| !same_paragraph(input, l, block[0].0))
            && after.is_none_or(|l| !same_paragraph(input, block[run - 1].0, l));
        let sure = run >= 2
            && whole
            && distinct.iter().filter(|&&v| digits(v) >= MIN_DIGITS).count() >= MIN_FIGURES
            && !by_chance.get_or_init(|| Spread::of(&parsed.samples)).coincidence_likely(
                block.iter().map(|l| l.1.as_slice()),
                &parsed.samples,
                lines.len(),
            );
        if sure {
            let (a, b) = (block[0].0, block[run - 1].0);
            let of: Vec<usize> = block.iter().filter_map(|l| l.2).collect();
            let (fa, fb) = (of.iter().min().copied().unwrap_or(0), of.iter().max().copied().unwrap_or(0));
            parsed.notes.push((
                a,
                format!(
                    "lines {a}-{b} repeat {} figures of lines {fa}-{fb} exactly (the same run's figures quoted \
                     again): skipped, not read as another run",
                    values.len()
                ),
            ));
            for l in block {
                for &i in &l.1 {
                    drop[i] = true;
                }
            }
        }
        k += run;
    }
    if drop.iter().any(|&d| d) {
        let mut i = 0;
        parsed.samples.retain(|_| {
            i += 1;
            !drop[i - 1]
        });
    }
}

/// The most figures a paragraph may differ by from an earlier one of the
/// same lines and still be taken for its copy ([`warn_near_copies`]).
pub const NEAR_COPY_MAX_CHANGED: usize = 2;

/// The fewest digits (past each figure's first) the distinct figures
/// alike of a near copy print ([`warn_near_copies`]): two runs printing
/// that many digits alike by chance are less likely than one in 10^8.
pub const NEAR_COPY_MIN_DIGITS: usize = 8;

/// Warns of lines that print earlier lines of the file again, the same
/// words and set-up line for line, with every figure alike but one or
/// two: a result pasted again with a figure changed by hand, or a
/// copy-paste slip. Read as it is, it stands as one more run of that
/// set-up (two true runs print no dozen figures alike); nothing says
/// which copy is right, so both stay read and the note names both
/// places. True repeated runs (the corpus' and the wild fixtures', each
/// figure its own) differ in most figures and are not named.
///
/// Compared: the lines that gave samples, in order; a line is another's
/// twin when both have one shape (words, numbers aside, [`super::segment::shape_hash`])
/// and samples of the same series ([`Series`]) in the same order. A run
/// of twins in a row, not overlapping the run it repeats, counts when at
/// most [`NEAR_COPY_MAX_CHANGED`] of its figures differ, at least
/// [`MIN_FIGURES`] and twice as many are alike, and the distinct figures
/// alike that the series prints nowhere else print [`NEAR_COPY_MIN_DIGITS`]
/// digits past their first.
pub fn warn_near_copies(input: &Input, parsed: &mut ParsedFile) {
    use std::hash::{Hash, Hasher};
    if parsed.samples.len() < 2 * (MIN_FIGURES + 1) {
        return;
    }
    // A near copy has MIN_FIGURES figures alike (same metric, same value):
    // a file repeating none (most) is done with one hash a sample, before
    // any line's key is built (review61 parse #11).
    if figure_counts(&parsed.samples).is_none() {
        return;
    }
    let n = input.lines.len();
    let samples = &parsed.samples;
    let mut order: Vec<usize> = (0..samples.len()).filter(|&i| (1..=n).contains(&samples[i].line)).collect();
    order.sort_by_key(|&i| (samples[i].line, i));
    // (line, its samples, key: the line's shape and its samples' series).
    let mut lines: Vec<(usize, Vec<usize>, u64)> = Vec::new();
    for &i in &order {
        match lines.last_mut() {
            Some(l) if l.0 == samples[i].line => l.1.push(i),
            _ => lines.push((samples[i].line, vec![i], 0)),
        }
    }
    for l in &mut lines {
        let mut h = rustc_hash::FxHasher::default();
        super::segment::shape_hash(&input.lines[l.0 - 1]).hash(&mut h);
        for &i in &l.1 {
            series(&samples[i]).hash(&mut h);
        }
        l.2 = h.finish();
    }
    // How many twins in a row end at (earlier line, later line), indices
    // into `lines`; a line is paired with its 16 latest earlier twins
    // only (a file of thousands of alike runs costs no square).
    let mut by_key: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
    let mut run: FxHashMap<(usize, usize), usize> = FxHashMap::default();
    for (j, line) in lines.iter().enumerate() {
        let twins = by_key.entry(line.2).or_default();
        for &i in twins.iter().rev().take(16) {
            let before = if i > 0 { run.get(&(i - 1, j - 1)).copied().unwrap_or(0) } else { 0 };
            run.insert((i, j), before + 1);
        }
        twins.push(j);
    }
    let alike = |x: usize, y: usize| samples[x].value.mean().to_bits() == samples[y].value.mean().to_bits();
    let mut printed: FxHashMap<Key<'_>, u32> = FxHashMap::default();
    for s in samples {
        *printed.entry(key(s)).or_default() += 1;
    }
    let mut ends: Vec<(usize, usize, usize)> =
        run.iter().filter(|(k, _)| !run.contains_key(&(k.0 + 1, k.1 + 1))).map(|(k, len)| (k.0, k.1, *len)).collect();
    ends.sort_unstable_by_key(|&(i, j, _)| (j, i));
    let mut said: Vec<(usize, usize)> = Vec::new();
    let mut notes = Vec::new();
    for (i1, j1, len) in ends {
        let (i0, j0) = (i1 + 1 - len, j1 + 1 - len);
        if i1 >= j0 || said.iter().any(|&(a, b)| a <= j1 && j0 <= b) {
            continue;
        }
        let pairs: Vec<(usize, usize)> =
            (0..len).flat_map(|k| lines[i0 + k].1.iter().copied().zip(lines[j0 + k].1.iter().copied())).collect();
        // Labels that differ in a number only (`threads 16`, `threads
        // 32`) name two set-ups; another label (the line a pasted copy
        // came under, a MIME boundary) names none.
        let label = |i: usize| samples[i].params.iter().find(|p| p.name == "label").map(|p| p.value.as_str());
        if pairs.iter().any(|&(x, y)| match (label(x), label(y)) {
            (Some(a), Some(b)) => a != b && super::segment::shape_hash(a) == super::segment::shape_hash(b),
            _ => false,
        }) {
            continue;
        }
        let changed: Vec<(usize, usize)> = pairs.iter().copied().filter(|&(x, y)| !alike(x, y)).collect();
        let same = pairs.len() - changed.len();
        // Figures alike that say so: a figure the series prints in no
        // third place (lmbench's saturated `274` MB/s, in every row of a
        // kernel, is alike in any two of its runs).
        let mut kept: Vec<f64> = pairs
            .iter()
            .filter(|&&(x, y)| alike(x, y) && printed.get(&key(&samples[x])).is_some_and(|&c| c == 2))
            .map(|&(x, _)| samples[x].value.mean())
            .collect();
        kept.sort_by(f64::total_cmp);
        kept.dedup();
        // Digits past the first of each distinct figure alike: how
        // unlikely two runs print them all alike (three 5-digit figures
        // are 12, a dozen of lmbench's 2-digit latencies 12).
        let chance: usize = kept.iter().map(|&v| digits(v).saturating_sub(1)).sum();
        if changed.is_empty()
            || changed.len() > NEAR_COPY_MAX_CHANGED
            || same < MIN_FIGURES
            || same < 2 * changed.len()
            || chance < NEAR_COPY_MIN_DIGITS
        {
            continue;
        }
        let what: Vec<String> = changed
            .iter()
            .map(|&(x, y)| {
                let (x, y) = (&samples[x], &samples[y]);
                format!(
                    "line {} {} {} where line {} has {}",
                    y.line,
                    y.metric.name,
                    y.value.mean(),
                    x.line,
                    x.value.mean()
                )
            })
            .collect();
        let (a, b, fa, fb) = (lines[j0].0, lines[j1].0, lines[i0].0, lines[i1].0);
        notes.push((
            a,
            format!(
                "lines {a}-{b} print lines {fa}-{fb} again, the same lines and set-up with {same} figures alike, but \
                 for {} ({}): a copy with a figure changed (by hand, a paste slip) or a run of its own? Both read as \
                 runs: check which is right",
                if changed.len() == 1 { "one figure".to_string() } else { format!("{} figures", changed.len()) },
                what.join("; ")
            ),
        ));
        said.push((j0, j1));
    }
    parsed.notes.extend(notes);
}

/// The note for lines that print an earlier run again where the output
/// itself proves them one run: a JSON document with the identity of an
/// earlier one (`identity`, as the file writes it: fio's `timestamp_ms`,
/// iperf3's `cookie` and `timesecs`; [`super::json_docs::first_of_each_run`]).
/// The one rule for a result pasted again in one file: what proves itself
/// one run is counted once, the first copy read; what only looks like a
/// copy with a figure changed ([`warn_near_copies`]: no identity printed)
/// stays read, both copies. Either way which copy's figures are right is
/// not known, so an `edited` copy (its figures differ) is said in
/// [`warn_near_copies`]' words, "check which is right".
#[must_use]
pub fn same_run_again(again: (usize, usize), first: (usize, usize), identity: &str, edited: bool) -> String {
    let ((a, b), (fa, fb)) = (again, first);
    if edited {
        format!(
            "lines {a}-{b} print lines {fa}-{fb} again, the same run (the same {identity}) with figures changed (by \
             hand, a paste slip): counted once, lines {fa}-{fb} read: check which is right"
        )
    } else {
        format!("lines {a}-{b} print lines {fa}-{fb} again, the same run (the same {identity}): counted once")
    }
}

/// How closely the file's own figures of each series lie ([`Series`]):
/// how many distinct values it printed, their least and greatest, and the
/// finest step they were printed to. A file of thousands of runs prints
/// `real 0m10.779s` twice by chance (10 to 11 s to the millisecond is
/// 1,001 values): there, figures alike are no evidence of a quote (an
/// attacker's 5,000 `time` blocks lost 948 lines' runs as "quoted again",
/// matching lines 3 to 13,850 of the file).
struct Spread<'a>(FxHashMap<Series<'a>, (FxHashSet<u64>, f64, f64, u32)>);

impl<'a> Spread<'a> {
    fn of(samples: &'a [Sample]) -> Self {
        let mut m: FxHashMap<Series<'a>, (FxHashSet<u64>, f64, f64, u32)> = FxHashMap::default();
        for s in samples {
            let v = s.value.mean();
            let e = m.entry(series(s)).or_insert_with(|| (FxHashSet::default(), v, v, 0));
            e.0.insert(v.to_bits());
            e.1 = e.1.min(v);
            e.2 = e.2.max(v);
            e.3 = e.3.max(decimals(v));
        }
        Spread(m)
    }

    /// The chance that a line of figures (`members`, samples of one line)
    /// equals an earlier line's by chance: the series' distinct values over
    /// the values it could print (its printed range at its finest step, and
    /// at least a tenth of the figure's size: a series of one or two runs
    /// says little of its spread), at most 1.
    fn chance(&self, members: &[usize], samples: &'a [Sample]) -> f64 {
        let mut distinct: usize = 1;
        let mut slots = 1.0_f64;
        for &i in members {
            let s = &samples[i];
            let Some((values, lo, hi, dec)) = self.0.get(&series(s)) else { continue };
            let step = 10f64.powi(-(*dec as i32));
            let v = s.value.mean().abs();
            slots *= ((hi - lo) / step + 1.0).max(0.1 * v / step).max(1.0);
            distinct = distinct.max(values.len());
        }
        (distinct as f64 / slots).min(1.0)
    }

    /// True when a block of lines (each its samples) could repeat earlier
    /// figures by chance in a file of `lines` lines of figures: the
    /// product of its lines' [`Spread::chance`], times the lines where a
    /// block could start, is 1 in 1,000 or more.
    fn coincidence_likely<'b>(
        &self,
        block: impl Iterator<Item = &'b [usize]>,
        samples: &[Sample],
        lines: usize,
    ) -> bool {
        let p: f64 = block.map(|members| self.chance(members, samples)).product();
        p * lines as f64 >= 1e-3
    }
}

/// The most earlier lines of one text and figures a line is matched
/// against ([`drop_pasted_twice`]): a loop's log prints `Time: 2.000` ten
/// thousand times, and each is matched against the first few only.
const MAX_TWIN_CANDIDATES: usize = 4;

/// Drops the second copy of an output pasted twice in one file (a post
/// holding the same report twice, a mail quoting the whole result it
/// answers, a log `cat` twice), with a warning naming both copies: "the
/// same output appears twice (lines 3-19 and 22-38): counted once". Read
/// as it was, the copy stood as a second run of the same set-up, the
/// mean unchanged but n doubled and the interval narrowed (attack32
/// F15: a CoreMark report pasted twice gave two runs; so in 19 parsers).
///
/// A copy is a run of read lines, one after another, each of which says
/// what a line of an earlier run of as many lines says: the same words
/// (white space and mail quoting aside) and the same figures, in order,
/// with the same kernel, group, parameters, metric and unit. The two runs
/// do not overlap, and each fills the paragraphs it stands in (no read
/// line of other figures beside it before a blank line, but the other
/// copy's when the copies touch): rows alike inside one run (fio's
/// bucketed clat percentiles under a differing mean) are that run's.
///
/// The rule that keeps runs which print alike: the copy counts only when
/// its figures could not repeat the earlier ones by chance, judged from
/// how finely each figure was printed and how closely the file's own
/// figures of its series lie (`Spread::coincidence_likely`, the test
/// [`drop_repeated_figures`] uses). One CoreMark score printed to six
/// decimals (`2011.937496`) is a copy; hackbench's one whole second
/// (`Time: 2.000`), printed alike by any two runs, never is, however many
/// runs print it; two `Time: 0.429` lines among four are not enough
/// either (about one in forty for each). A copy of a shell's `time` lines
/// alone (`real 3m15.000s`, `user`, `sys`) never counts, as in the
/// paragraph check: a harness log's two builds each print their own
/// (the fixture `mixed/edited-harness-dbench-lmbench-time-make-twice`).
/// A benchmark whose runs print the
/// very same long figures every time (CoreMark's ticks on a micro-
/// controller with no cache) would lose its runs after the first to this
/// rule, with the warning, the mean unchanged: in the corpus and the
/// fixtures no file printed so. A copy right under the lines it repeats,
/// inside a block of results printed once each ([`once_per_block`]:
/// STREAM's four rows, a kernbench block's, an lmbench table's rows of
/// other kernels), counts however short it is and whatever its figures:
/// a line pasted twice in place (attack47 F6), said as `line N repeats
/// line M right above`; a parser's own label (perf stat's `ATOMIC_TIMING:`
/// prefix) tells such lines apart (attack49 F15). But rows of a table of
/// set-ups whose figures two runs may print alike (lmbench's summary, a
/// row per run of a host, integer nanoseconds: attack49 F7) are read as
/// runs, the likeness said ([`coarse_rows_of_set_ups`]), unless the file
/// prints that set-up's runs as rows elsewhere ([`runs_in_rows`]: read,
/// nothing said). Run before the labels are set (a label
/// read above one copy only would make the copies differ). Returns the
/// lines of the copies dropped (the segment keeps them, and the lines
/// there that look like its results are accounted for).
#[must_use]
pub fn drop_pasted_twice(input: &Input, parsed: &mut ParsedFile) -> Vec<usize> {
    if parsed.samples.len() < 2 {
        return Vec::new();
    }
    // Most files print no figure of a metric twice: one hash a sample
    // says so, before any line is compared.
    if figure_counts(&parsed.samples).is_none() {
        return Vec::new();
    }
    let n_lines = input.lines.len();
    let mut order: Vec<usize> =
        (0..parsed.samples.len()).filter(|&i| (1..=n_lines).contains(&parsed.samples[i].line)).collect();
    order.sort_by_key(|&i| (parsed.samples[i].line, i));
    // The read lines in order: (line, its samples in order).
    let mut lines: Vec<(usize, Vec<usize>)> = Vec::new();
    for &i in &order {
        match lines.last_mut() {
            Some((line, members)) if *line == parsed.samples[i].line => members.push(i),
            _ => lines.push((parsed.samples[i].line, vec![i])),
        }
    }
    let samples = &parsed.samples;
    let words = |line: usize| input.lines[line - 1].split_whitespace();
    // A copy is made of lines each alike in every word to an earlier
    // line: where no two read lines are (most files, whose runs print
    // other figures), there is none, and no sample's key is built.
    let mut texts: FxHashSet<u64> = FxHashSet::with_capacity_and_hasher(lines.len(), Default::default());
    if lines.iter().all(|(line, _)| {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        words(*line).for_each(|w| w.hash(&mut h));
        texts.insert(h.finish())
    }) {
        return Vec::new();
    }
    let hashes: Vec<u64> = lines
        .iter()
        .map(|(line, members)| {
            use std::hash::{Hash, Hasher};
            let mut h = rustc_hash::FxHasher::default();
            words(*line).for_each(|w| w.hash(&mut h));
            members.iter().for_each(|&i| key(&samples[i]).hash(&mut h));
            h.finish()
        })
        .collect();
    let alike = |a: usize, b: usize| {
        hashes[a] == hashes[b]
            && lines[a].1.len() == lines[b].1.len()
            && words(lines[a].0).eq(words(lines[b].0))
            && lines[a].1.iter().zip(&lines[b].1).all(|(&x, &y)| key(&samples[x]) == key(&samples[y]))
    };
    // True when read lines `from..to` (indices into `lines`) fill their
    // paragraphs: the read line before and the one after are in other
    // paragraphs, or are the other copy's (`twin`: its first and last).
    let whole = |from: usize, to: usize, twin: (usize, usize)| {
        let before =
            from.checked_sub(1).is_none_or(|p| p + 1 == twin.1 || !same_paragraph(input, lines[p].0, lines[from].0));
        let after = lines.get(to).is_none_or(|l| to == twin.0 || !same_paragraph(input, lines[to - 1].0, l.0));
        before && after
    };
    let by_chance = std::cell::OnceCell::new();
    let mut first: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
    // (earlier copy, later copy), each its first and last index in `lines`.
    let mut copies: Vec<((usize, usize), (usize, usize))> = Vec::new();
    let mut j = 0;
    while j < lines.len() {
        let candidates = first.get(&hashes[j]).map_or(&[][..], Vec::as_slice);
        let (i, t) = candidates
            .iter()
            .map(|&i| (i, (0..).take_while(|&t| j + t < lines.len() && i + t < j && alike(i + t, j + t)).count()))
            .max_by_key(|&(i, t)| (t, std::cmp::Reverse(i)))
            .unwrap_or((j, 0));
        if t == 0 {
            let e = first.entry(hashes[j]).or_default();
            if e.len() < MAX_TWIN_CANDIDATES {
                e.push(j);
            }
            j += 1;
            continue;
        }
        let shell_time = lines[j..j + t].iter().all(|l| super::segment::is_shell_time_line(&input.lines[l.0 - 1]));
        let by_chance_likely = || {
            let spread = by_chance.get_or_init(|| Spread::of(samples));
            spread.coincidence_likely(lines[j..j + t].iter().map(|l| l.1.as_slice()), samples, lines.len())
        };
        // Lines pasted twice in place, inside a block of results printed
        // once each (attack47 F6: STREAM's `Copy:` line twice above
        // `Scale:`, read as a second run of Copy).
        // The figures' chance of repeating does not decide here: lmbench's
        // `Basic system parameters` rows of one kernel print the same
        // `1300 128 1` every run (the fixture
        // `lkml-2005-04-lmbench30-ia64-wide-os-10rows-2kernels`).
        let next_to = i + t == j && lines[j - 1].0 + 1 == lines[j].0 && !shell_time;
        let block = next_to.then(|| block_around(&lines, (i, j, t)));
        let once = block.is_some_and(|b| once_per_block(&lines, samples, b, (j, t)));
        // Rows of set-ups whose figures two runs may print alike (lmbench's
        // summary, a row per run of a host: attack49 F7): kept, said.
        let coarse = once && block.is_some_and(|b| coarse_rows_of_set_ups(&lines, samples, b, (i, j, t)));
        let in_place = once && !coarse && !runs_in_rows(&lines, samples, (i, j, t));
        let sure = in_place
            || (whole(i, i + t, (j, j + t))
                && whole(j, j + t, (i, i + t))
                && !shell_time
                && (!by_chance_likely()
                    || stamped_alike(
                        input,
                        lines[i].0,
                        i.checked_sub(1).map(|p| lines[p].0),
                        lines[j].0,
                        lines[j - 1].0,
                        t,
                    )));
        if sure {
            copies.push(((i, i + t - 1), (j, j + t - 1)));
        } else {
            if coarse && !runs_in_rows(&lines, samples, (i, j, t)) {
                let span = |x: usize, y: usize| {
                    let (x, y) = (lines[x].0, lines[y].0);
                    if x == y { format!("line {x}") } else { format!("lines {x}-{y}") }
                };
                parsed.notes.push((
                    lines[j].0,
                    format!(
                        "{} repeat{} {} right above, every word and figure alike: read as another run of its set-up \
                         (a table of a row per set-up, figures two runs may print alike); if it was pasted twice, \
                         delete it",
                        span(j, j + t - 1),
                        if t == 1 { "s" } else { "" },
                        span(i, i + t - 1),
                    ),
                ));
            }
            // A run alike by chance: its lines are originals for later copies.
            for (k, &h) in hashes.iter().enumerate().skip(j).take(t) {
                let e = first.entry(h).or_default();
                if e.len() < MAX_TWIN_CANDIDATES {
                    e.push(k);
                }
            }
        }
        // A part of this run is no likelier a copy than the whole: the
        // lines after it are matched next (each line matched once).
        j += t;
    }
    if copies.is_empty() {
        return Vec::new();
    }
    let mut drop = vec![false; parsed.samples.len()];
    for &((a, b), (c, d)) in &copies {
        let span = |x: usize, y: usize| {
            let (x, y) = (lines[x].0, lines[y].0);
            if x == y { format!("line {x}") } else { format!("lines {x}-{y}") }
        };
        let note = if lines[b].0 + 1 == lines[c].0 {
            format!(
                "{} repeat{} {} right above, every word and figure alike (pasted twice): counted once, {} not read \
                 as another run",
                span(c, d),
                if c == d { "s" } else { "" },
                span(a, b),
                span(c, d)
            )
        } else {
            format!(
                "the same output appears twice ({} and {}, every word and figure alike): counted once, {} not read \
                 as another run",
                span(a, b),
                span(c, d),
                span(c, d)
            )
        };
        parsed.notes.push((lines[c].0, note));
        for l in &lines[c..=d] {
            for &i in &l.1 {
                drop[i] = true;
            }
        }
    }
    parsed.notes.sort_by_key(|n| n.0);
    let gone: Vec<usize> = copies.iter().flat_map(|&(_, (c, d))| lines[c..=d].iter().map(|l| l.0)).collect();
    let mut i = 0;
    parsed.samples.retain(|_| {
        i += 1;
        !drop[i - 1]
    });
    gone
}

/// The most read lines in a row [`once_per_block`] looks at.
const MAX_BLOCK_LINES: usize = 256;

/// The read lines next to one another (no other line between) around a
/// copy at read lines `j..j + t` of lines `i..i + t` right above it: the
/// first and last index into `lines`, at most [`MAX_BLOCK_LINES`] apart.
fn block_around(lines: &[(usize, Vec<usize>)], (i, j, t): (usize, usize, usize)) -> (usize, usize) {
    let touching = |a: usize| lines[a].0 + 1 == lines[a + 1].0;
    let mut from = i;
    while from > 0 && touching(from - 1) && j + t - from < MAX_BLOCK_LINES {
        from -= 1;
    }
    let mut to = j + t - 1;
    while to + 1 < lines.len() && touching(to) && to + 1 - from < MAX_BLOCK_LINES {
        to += 1;
    }
    (from, to)
}

/// True when read lines `j..j + t` (indices into `lines`: each read line
/// and its samples, in file order), a copy of the lines right above them,
/// stand in a block of results printed once each: the block (`from..=to`,
/// [`block_around`]) holds at least one line more than the two copies,
/// and, the later copy left out, no two of its lines give figures of the
/// same series, label and all ([`labelled`]). STREAM's `Copy:`, `Scale:`,
/// `Add:`, `Triad:`, a kernbench block's rows, an lmbench table's rows of
/// other kernels, perf stat's elapsed lines each under its poster's prefix
/// (`ATOMIC_TIMING:`, `REFCOUNT_TIMING (…):`, attack49 F15): a line there
/// twice is a slip. Where a benchmark's lines repeat a series (hackbench's
/// `Time:` lines, dbench's runs, a table's rows of one set-up), the block
/// says nothing and the figures' own chance of repeating decides.
fn once_per_block(
    lines: &[(usize, Vec<usize>)],
    samples: &[Sample],
    (from, to): (usize, usize),
    (j, t): (usize, usize),
) -> bool {
    if to + 1 - from <= 2 * t {
        return false;
    }
    let mut seen: FxHashSet<Vec<(Series<'_>, Option<&str>)>> = FxHashSet::default();
    (from..=to)
        .filter(|k| !(j..j + t).contains(k))
        .all(|k| seen.insert(lines[k].1.iter().map(|&x| labelled(&samples[x])).collect()))
}

/// A figure's [`Series`] and its label (a parser's own: these checks run
/// before the labeller): perf stat's elapsed lines under a poster's
/// prefixes are one series, each its own label.
fn labelled(s: &Sample) -> (Series<'_>, Option<&str>) {
    (series(s), s.params.iter().find(|p| p.name == "label").map(|p| p.value.as_str()))
}

/// True when the copy at read lines `j..j + t` (of lines `i..i + t` right
/// above it, in the block `from..=to`, [`block_around`]) is rows of a
/// table of set-ups whose figures two runs may print alike: each of its
/// lines gives the figures of the very metrics (group, name, unit) that a
/// line of the block outside the two copies gives for another set-up
/// (kernel, parameters or label), and none of its figures but
/// informational ones (a clock's MHz) is printed with [`MIN_DIGITS`]
/// significant digits or more. lmbench's summary prints a row per run of
/// a host; a host's two runs printed `180 10 190 480` integer nanoseconds
/// alike (the corpus' 1998 lmbench 1.9 file cut to its "Memory latencies"
/// table, attack49 F7): a second run. STREAM's rows are each a metric of
/// their own, and perf stat's `46.50451` is no figure two runs print
/// alike: a line of theirs twice stays a slip.
fn coarse_rows_of_set_ups(
    lines: &[(usize, Vec<usize>)],
    samples: &[Sample],
    (from, to): (usize, usize),
    (i, j, t): (usize, usize, usize),
) -> bool {
    let metrics = |k: usize| {
        lines[k].1.iter().map(|&x| {
            let m = &samples[x];
            (m.group.as_str(), m.metric.name.as_str(), m.metric.unit.as_str())
        })
    };
    let coarse = lines[j..j + t].iter().flat_map(|l| &l.1).all(|&x| {
        let s = &samples[x];
        s.metric.better == crate::model::Better::Neither || digits(s.value.mean()) < MIN_DIGITS
    });
    coarse && (j..j + t).all(|c| (from..=to).filter(|k| !(i..j + t).contains(k)).any(|k| metrics(k).eq(metrics(c))))
}

/// True when the file prints the set-up of the copy at read lines
/// `j..j + t` (of lines `i..i + t` right above) as one row per run
/// elsewhere: outside the two copies, two read lines next to one another
/// give figures of one series whose kernel and parameters (its label
/// among them) are the copy's. lmbench 1.9's summary of a host run twice
/// prints its two rows in every table (the corpus' 1998 SGI file, host
/// `indy.wald`: `65 26 15 …` over `55 24 13 …`), and in "Memory
/// latencies" the two runs' integer nanoseconds came out alike
/// (`180 10 190 480` twice): two runs, not a row pasted twice. STREAM
/// prints one row per metric, so its `Copy:` line twice stays a slip.
fn runs_in_rows(lines: &[(usize, Vec<usize>)], samples: &[Sample], (i, j, t): (usize, usize, usize)) -> bool {
    let Some(&first) = lines[j].1.first() else { return false };
    let copy = set_up(&samples[first]);
    (0..lines.len().saturating_sub(1)).filter(|&k| k + 1 < i || k >= j + t).any(|k| {
        lines[k].0 + 1 == lines[k + 1].0
            && lines[k].1.iter().any(|&a| {
                set_up(&samples[a]) == copy
                    && lines[k + 1].1.iter().any(|&b| labelled(&samples[a]) == labelled(&samples[b]))
            })
    })
}

/// A figure's kernel and parameters, its label among them: its series
/// without group, metric and unit ([`runs_in_rows`]). perf stat's
/// `mm-unstable:` and `mm-unstable++:` lines are two set-ups.
fn set_up(s: &Sample) -> (Option<&str>, Vec<(&str, &str)>) {
    let params = s.params.iter().map(|p| (p.name.as_str(), p.value.as_str())).collect();
    (s.kernel.as_deref(), params)
}

/// The most lines above a copy's first figure searched for a stamp line
/// ([`stamped_alike`]): a harness's header (`2023-07-08 14:04:29 …perf
/// bench futex wake …`, `# Running …`, `Run summary [PID 3043]: …`) and
/// a blank line.
const STAMP_LINES_ABOVE: usize = 6;

/// True when the lines right above two copies' first figures (up to
/// [`STAMP_LINES_ABOVE`], not past the read line before each) hold one
/// line alike, word for word, that names what no second run prints
/// alike ([`stamp`]): a process id or a memory address, or, over a copy
/// of three read lines or more, a time of day (two runs of a few
/// lines may start in one second). Copies with such a line are one
/// output pasted twice however coarsely their figures are printed
/// (attack34: perf bench futex's `[Run N]: Wokeup 8 of 8 threads in
/// 0.0170 ms` lines under `Run summary [PID 3043]: … futex
/// 0x5629850876d8`, the file `cat` twice, were 20 runs). `first` and
/// `later` are the copies' first read lines (1-based), `before_first`
/// and `before_later` the read lines above them, `t` the copies' read
/// lines.
fn stamped_alike(
    input: &Input,
    first: usize,
    before_first: Option<usize>,
    later: usize,
    before_later: usize,
    t: usize,
) -> bool {
    let above = |line: usize, floor: usize| {
        let from = line.saturating_sub(STAMP_LINES_ABOVE).max(floor + 1).max(1);
        input.lines.get(from - 1..line - 1).unwrap_or_default()
    };
    let stamped = |l: &&str| stamp(l).is_some_and(|s| s != Stamp::TimeOfDay || t >= 3);
    let first_above: Vec<&str> = above(first, before_first.unwrap_or(0)).iter().map(|l| l.as_str()).collect();
    above(later, before_later)
        .iter()
        .map(|l| l.as_str())
        .filter(stamped)
        .any(|l| first_above.iter().any(|f| f.split_whitespace().eq(l.split_whitespace())))
}

/// What makes a line one no second run prints alike ([`stamp`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stamp {
    /// `[PID 3043]`, `pid 3043`, `pid=3043`.
    Process,
    /// `0x5629850876d8`: eight hex digits or more.
    Address,
    /// `14:04:29`.
    TimeOfDay,
}

/// The strongest [`Stamp`] a line carries, if any.
fn stamp(line: &str) -> Option<Stamp> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let is_pid_word = |w: &str| w.trim_start_matches('[').eq_ignore_ascii_case("pid");
    let number = |w: &str| {
        let w = w.trim_end_matches([']', ')', ':', ',']);
        !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
    };
    let process = words.windows(2).any(|p| is_pid_word(p[0]) && number(p[1]))
        || words.iter().any(|w| {
            let w = w.trim_start_matches(['[', '(']);
            w.len() > 4 && w.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("pid=")) && number(&w[4..])
        });
    if process {
        return Some(Stamp::Process);
    }
    let address = words.iter().any(|w| {
        let w = w.trim_start_matches(['[', '(']);
        w.strip_prefix("0x").is_some_and(|h| h.bytes().take_while(u8::is_ascii_hexdigit).count() >= 8)
    });
    if address {
        return Some(Stamp::Address);
    }
    let time = words.iter().any(|w| {
        let b = w.as_bytes();
        b.len() == 8
            && b.iter().enumerate().all(|(k, c)| if k == 2 || k == 5 { *c == b':' } else { c.is_ascii_digit() })
    });
    time.then_some(Stamp::TimeOfDay)
}

/// Decimals of `v` to nine significant digits, trailing zeros not
/// counted (`10.779` 3, `56946` 0, `1.001e-9` 12): a figure read as
/// `1m21.123s` is 81.12299999999999 in binary, printed to 3 decimals.
fn decimals(v: f64) -> u32 {
    let v = v.abs();
    if v == 0.0 || !v.is_finite() {
        return 0;
    }
    // The ninth significant digit's place, as a count of decimals.
    let ninth = (8 - v.log10().floor() as i32).clamp(0, 20) as u32;
    (0..=ninth)
        .find(|&d| {
            let scaled = v * 10f64.powi(d as i32);
            (scaled - scaled.round()).abs() <= 1e-9 * scaled
        })
        .unwrap_or(ninth)
}
/// Drops each lmbench row (lmbench 2.0/3.0 `make summary`, e.g.
/// `i686-linu  Linux 2.5.54    3      4     11     6     48      12      53`)
/// of [`MIN_LMBENCH_ROW_FIGURES`] figures or more that repeats, figure for
/// figure and column for column (same kernel, table, parameters), a whole
/// row of another paragraph read earlier, with a warning naming both lines:
/// a post's second heading quoting the first heading's row above its own.
/// Run after the labels are set (the labeller reads the row's place), and
/// blind to them (the quote stands under the other heading's label). Rows
/// of one paragraph (one table) alike are left: they may be two runs.
pub fn drop_quoted_lmbench_rows(input: &Input, parsed: &mut ParsedFile) {
    if parsed.benchmark != "lmbench" || parsed.samples.len() < 2 * MIN_LMBENCH_ROW_FIGURES {
        return;
    }
    let mut by_line: std::collections::BTreeMap<usize, Vec<usize>> = std::collections::BTreeMap::new();
    for (i, s) in parsed.samples.iter().enumerate() {
        by_line.entry(s.line).or_default().push(i);
    }
    // Each earlier row's figures, as a sorted list of keys.
    let row_keys = |members: &[usize]| {
        let mut k: Vec<Key<'_>> = members.iter().map(|&i| key(&parsed.samples[i])).collect();
        k.sort();
        k
    };
    let mut earlier: Vec<(usize, Vec<Key<'_>>)> = Vec::new();
    let mut quoted: Vec<(usize, usize)> = Vec::new();
    for (&line, members) in &by_line {
        let keys = row_keys(members);
        let twin = (members.len() >= MIN_LMBENCH_ROW_FIGURES)
            .then(|| earlier.iter().find(|(l, k)| *k == keys && !same_paragraph(input, *l, line)))
            .flatten();
        if let Some((twin, _)) = twin {
            quoted.push((line, *twin));
            continue;
        }
        earlier.push((line, keys));
    }
    if quoted.is_empty() {
        return;
    }
    for &(line, twin) in &quoted {
        let n = by_line[&line].len();
        parsed.notes.push((
            line,
            format!(
                "row at line {line} repeats all {n} figures of the row at line {twin}, another table's \
                 (a quote of it): skipped, not averaged as another run"
            ),
        ));
    }
    let gone: FxHashSet<usize> = quoted.iter().map(|q| q.0).collect();
    parsed.samples.retain(|s| !gone.contains(&s.line));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Better, Metric};

    /// The samples' lines and the notes of `text` read whole (segments,
    /// repeats, labels).
    fn read_whole(text: &str) -> (Vec<usize>, Vec<(usize, String)>) {
        let segs = super::super::segment::segments(&Input::from_text(text), None);
        let f = segs.into_iter().find_map(|s| s.outcome.ok()).expect("a segment");
        let mut lines: Vec<usize> = f.samples.iter().map(|s| s.line).collect();
        lines.dedup();
        (lines, f.notes)
    }

    /// attack47 F6: STREAM's `Copy:` row pasted twice right under itself
    /// was one more run of Copy (n=2), without a word. STREAM prints each
    /// row once a table: said at the copy's line, naming both, read once.
    #[test]
    fn a_row_pasted_twice_in_a_block_of_rows_printed_once_is_read_once() {
        let text = "Function    Best Rate MB/s  Avg time     Min time     Max time\n\
                    Copy:          685041.8     0.010067     0.010045     0.010089\n\
                    Copy:          685041.8     0.010067     0.010045     0.010089\n\
                    Scale:         690053.6     0.010014     0.009972     0.010071\n\
                    Add:           723580.5     0.014304     0.014265     0.014328\n\
                    Triad:         718799.1     0.014390     0.014360     0.014484\n";
        let (lines, notes) = read_whole(text);
        assert_eq!(lines, [2, 4, 5, 6], "{notes:?}");
        assert!(notes.iter().any(|(l, n)| *l == 3 && n.starts_with("line 3 repeats line 2 right above")), "{notes:?}");
    }

    /// lmbench 1.9's summary of a host run twice (the corpus' SGI file,
    /// 1998: `indy.wald` two rows in every table): in "Memory latencies"
    /// the two runs' integer figures came out alike. Elsewhere the file
    /// prints that host's runs as rows next to one another, so the second
    /// row is its second run, not a paste: read, nothing said.
    #[test]
    fn a_row_alike_where_the_file_prints_runs_as_rows_stays_a_run() {
        let text = "\
Processor, Processes - times in microseconds - smaller is better
----------------------------------------------------------------
Host                 OS  Mhz null null      open selct sig  sig  fork exec sh
                             call  I/O stat clos       inst hndl proc proc proc
--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----
dull.coba  Linux 2.0.27  200  1.1  1.8   29   44 0.08K  2.5    5 0.8K   5K  15K
indy.wald  Linux 2.1.90  180  1.3  2.1   23   29 0.10K  3.6   10 1.7K  18K  60K
indy.wald  Linux 2.1.90  180  0.9  1.7   23   26 0.10K  3.2   12 1.8K  18K  60K

Memory latencies in nanoseconds - smaller is better
---------------------------------------------------
Host                 OS   Mhz  L1 $   L2 $    Main mem    Guesses
--------- -------------   ---  ----   ----    --------    -------
dull.coba  Linux 2.0.27   200    10     88         146
indy           IRIX 6.2   180    11    197         485
indy.wald  Linux 2.1.90   180    10    190         480
indy.wald  Linux 2.1.90   180    10    190         480
";
        let (lines, notes) = read_whole(text);
        assert_eq!(lines, [6, 7, 8, 14, 15, 16, 17], "{notes:?}");
        assert!(!notes.iter().any(|(_, n)| n.contains("pasted twice")), "{notes:?}");
    }

    /// attack49 F15: perf stat's elapsed lines, each under a poster's
    /// prefix (Deacon's `ATOMIC_TIMING:`, Hildenbrand's `mm-unstable:`),
    /// one pasted twice in place: one series, each its own label, so the
    /// block was taken for one repeating a series and the copy was one
    /// more mean, no word. Read once, said at the copy's line.
    #[test]
    fn a_prefixed_line_pasted_twice_is_read_once_whatever_its_label() {
        let text = "    # perf stat -r 3 -B -- echo {ATOMIC,REFCOUNT}_TIMING >/sys/kernel/debug/provoke-crash/DIRECT\n\n\
                    \x20   # arm64\n\
                    \x20   ATOMIC_TIMING:\t\t\t\t\t46.50451 +- 0.00134 seconds time elapsed  ( +-  0.00% )\n\
                    \x20   ATOMIC_TIMING:\t\t\t\t\t46.50451 +- 0.00134 seconds time elapsed  ( +-  0.00% )\n\
                    \x20   REFCOUNT_TIMING (REFCOUNT_FULL, mainline):\t\t77.57522 +- 0.00982 seconds time elapsed  ( +-  0.01% )\n\
                    \x20   REFCOUNT_TIMING (REFCOUNT_FULL, this series):\t48.7181 +- 0.0256 seconds time elapsed  ( +-  0.05% )\n";
        let (lines, notes) = read_whole(text);
        assert_eq!(lines, [4, 6, 7], "{notes:?}");
        assert!(notes.iter().any(|(l, n)| *l == 5 && n.starts_with("line 5 repeats line 4 right above")), "{notes:?}");
        let text = "numa01:\n\
                    \tmm-unstable:   146.88 +- 6.54 seconds time elapsed  ( +-  4.45% )\n\
                    \tmm-unstable:   146.88 +- 6.54 seconds time elapsed  ( +-  4.45% )\n\
                    \tmm-unstable++: 147.45 +- 13.39 seconds time elapsed  ( +-  9.08% )\n\n\
                    numa02:\n\
                    \tmm-unstable:   16.0300 +- 0.0624 seconds time elapsed  ( +-  0.39% )\n\
                    \tmm-unstable++: 16.1281 +- 0.0945 seconds time elapsed  ( +-  0.59% )\n";
        let (lines, notes) = read_whole(text);
        assert_eq!(lines, [2, 4, 7, 8], "{notes:?}");
        assert!(notes.iter().any(|(l, n)| *l == 3 && n.starts_with("line 3 repeats line 2 right above")), "{notes:?}");
    }

    /// attack49 F7: the corpus' 1998 lmbench 1.9 summary cut to its
    /// "Memory latencies" table: host indy.wald's two runs printed `180
    /// 10 190 480` integer nanoseconds alike. lmbench's summary prints a
    /// row per run of a host, and figures that coarse two runs print
    /// alike: both rows read, the likeness said (no other table shows the
    /// host's runs as rows). A row of figures no run prints alike twice
    /// in such a table (four significant digits) stays a paste.
    #[test]
    fn a_coarse_row_alike_in_a_table_of_set_ups_stays_a_run_and_is_said() {
        let table = |row: &str| {
            format!(
                "Memory latencies in nanoseconds - smaller is better\n\
                 ---------------------------------------------------\n\
                 Host                 OS   Mhz  L1 $   L2 $    Main mem    Guesses\n\
                 --------- -------------   ---  ----   ----    --------    -------\n\
                 dull.coba  Linux 2.0.27   200    10     88         146\n\
                 indy           IRIX 6.2   180    11    197         485\n\
                 E450        SunOS 5.5.1   296     6     33         248\n\
                 {row}\n{row}\n"
            )
        };
        let (lines, notes) = read_whole(&table("indy.wald  Linux 2.1.90   180    10    190         480"));
        assert_eq!(lines, [5, 6, 7, 8, 9], "{notes:?}");
        assert!(
            notes.iter().any(|(l, n)| *l == 9
                && n.starts_with("line 9 repeats line 8 right above")
                && n.contains("read as another run")),
            "{notes:?}"
        );
        let (lines, notes) = read_whole(&table("indy.wald  Linux 2.1.90   180    10    190.7       481.3"));
        assert_eq!(lines, [5, 6, 7, 8], "{notes:?}");
        assert!(notes.iter().any(|(l, n)| *l == 9 && n.contains("(pasted twice)")), "{notes:?}");
    }

    /// Lines a benchmark prints alike run after run are its shape, not a
    /// slip: dbench's `Throughput` lines of one set-up (each line's series
    /// repeats in the block), lmbench's `Basic system parameters` rows of
    /// one kernel (the fixture `lkml-2005-04-lmbench30-ia64-…`).
    #[test]
    fn lines_alike_where_the_benchmark_repeats_its_lines_stay_runs() {
        let text = "Throughput 1234.56 MB/sec  32 clients  32 procs  max_latency=12.345 ms\n\
                    Throughput 1234.56 MB/sec  32 clients  32 procs  max_latency=12.345 ms\n\
                    Throughput 1240.11 MB/sec  32 clients  32 procs  max_latency=13.345 ms\n";
        let (lines, notes) = read_whole(text);
        assert_eq!(lines, [1, 2, 3], "{notes:?}");
        assert!(notes.is_empty(), "{notes:?}");
    }

    fn fio(job: &str, bw: f64, iops: f64, line: usize) -> [Sample; 2] {
        [
            Sample::new(Metric::new("write: bw", "KB/s", Better::Higher), bw, line).with_param("job", job),
            Sample::new(Metric::new("write: IOPS", "IOPS", Better::Higher), iops, line).with_param("job", job),
        ]
    }

    fn file(samples: Vec<Sample>) -> ParsedFile {
        ParsedFile { benchmark: "fio".into(), samples, ..ParsedFile::default() }
    }

    /// Thousands of `time` blocks whose figures lie close together print
    /// figures alike by chance (`real 0m10.779s` twice among 5,000 runs of
    /// 10 to 11 s): runs, never "quoted again" (an attacker's log lost 948
    /// lines of runs so).
    #[test]
    fn many_runs_printing_alike_by_chance_stay_runs() {
        assert_eq!(
            [decimals(10.0 + 0.779), decimals(60.0 + 21.123), decimals(56946.0), decimals(1.001e-9)],
            [3, 3, 0, 12]
        );
        let mut x: u64 = 12345;
        let mut next = |lo: f64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            lo + ((x >> 33) % 1000) as f64 / 1000.0
        };
        let mut samples = Vec::new();
        for b in 0..3000 {
            let line = 4 * b + 2;
            samples.push(Sample::new(Metric::new("real", "s", Better::Lower), next(10.0), line));
            samples.push(Sample::new(Metric::new("user", "s", Better::Lower), next(9.0), line + 1));
            samples.push(Sample::new(Metric::new("sys", "s", Better::Lower), next(0.0), line + 2));
        }
        let text = "\nreal\nuser\nsys".repeat(3000);
        let mut f = ParsedFile { benchmark: "bash-time".into(), samples, ..ParsedFile::default() };
        drop_repeated_figures(&Input::from_text(&text), &mut f);
        assert_eq!(f.samples.len(), 9000, "{:?}", f.notes.first());
    }

    /// lmbench's context-switch row quoted under a second heading above
    /// that heading's own row (LKML, Morton, 2003-01): skipped, not
    /// averaged with it; the same row in another benchmark, or a row of
    /// fewer figures, is read.
    #[test]
    fn an_lmbench_row_quoted_above_another_tables_row_is_skipped() {
        let row = |vals: &[f64], line: usize| -> Vec<Sample> {
            vals.iter()
                .enumerate()
                .map(|(c, &v)| {
                    Sample::new(Metric::new(format!("c{c} ctxsw"), "µs", Better::Lower), v, line).with_kernel("2.5.54")
                })
                .collect()
        };
        let bk = [3.0, 4.0, 11.0, 6.0, 48.0, 12.0, 53.0];
        let own = [1.0, 3.0, 8.0, 4.0, 40.0, 10.0, 51.0];
        let text = "\n".repeat(12) + "row\n" + &"\n".repeat(34) + "row\nrow\n";
        let make = |bench: &str, n: usize| {
            let samples = [row(&bk[..n], 13), row(&bk[..n], 48), row(&own[..n], 49)].concat();
            ParsedFile { benchmark: bench.into(), samples, ..ParsedFile::default() }
        };
        let mut f = make("lmbench", 7);
        drop_quoted_lmbench_rows(&Input::from_text(&text), &mut f);
        assert!(f.samples.iter().all(|s| s.line != 48), "{:?}", f.samples);
        assert_eq!(f.samples.len(), 14);
        assert!(f.notes.iter().any(|(l, m)| *l == 48 && m.contains("of the row at line 13")), "{:?}", f.notes);
        // Another benchmark, a shorter row, or the same row twice in one
        // table (two runs may print alike): read.
        let same_table = "\n".repeat(12) + "row\nrow\nrow\n";
        for (bench, n, text) in [("lmbench", 6, &text), ("unixbench", 7, &text), ("lmbench", 7, &same_table)] {
            let mut f = make(bench, n);
            if text == &same_table {
                f.samples.iter_mut().for_each(|s| {
                    s.line = if s.line == 48 {
                        14
                    } else if s.line == 49 {
                        15
                    } else {
                        s.line
                    }
                });
            }
            drop_quoted_lmbench_rows(&Input::from_text(text), &mut f);
            assert_eq!(f.samples.len(), 3 * n, "{bench} {n}");
        }
    }

    /// The samples the segments of `text` read, and their notes.
    fn read(text: &str) -> (Vec<Sample>, Vec<(usize, String)>) {
        let segs = crate::parse::segment::segments(&Input::from_text(text), None);
        let ok = segs.into_iter().filter_map(|s| s.outcome.ok());
        ok.fold((Vec::new(), Vec::new()), |(mut s, mut n), p| {
            s.extend(p.samples);
            n.extend(p.notes);
            (s, n)
        })
    }

    /// attack34 4: perf bench futex's output (LKP's timestamp line, `Run
    /// summary [PID 3043]` with the futex's address, ten `[Run N]` lines
    /// of three-digit figures) `cat` twice was 20 runs: figures that
    /// coarse may repeat by chance, the PID, address and time above them
    /// not. Two runs of their own (another PID, another second) stay.
    #[test]
    fn a_copy_under_the_same_pid_and_address_is_a_paste() {
        let report = |pid: u32, time: &str| {
            let mut r = format!(
                "2023-07-08 {time} /lkp/benchmarks/perf/perf bench futex wake --threads 8 --shared\n\
                 # Running 'futex/wake' benchmark:\n\
                 Run summary [PID {pid}]: blocking on 8 threads (at [shared] futex 0x5629850876d8), waking up 1 at a time.\n\n"
            );
            for (n, v) in ["0.0170", "0.0160", "0.0190", "0.0220", "0.0200"].iter().enumerate() {
                r.push_str(&format!("[Run {}]: Wokeup 8 of 8 threads in {v} ms\n", n + 1));
            }
            r.push_str("Wokeup 8 of 8 threads in 0.0188 ms (+-5.12%)\n");
            r
        };
        let one = report(3043, "14:04:29");
        let (samples, _) = read(&one);
        let (twice, notes) = read(&format!("{one}{one}"));
        assert_eq!(twice.len(), samples.len(), "{notes:?}");
        assert!(notes.iter().any(|(_, m)| m.contains("the same output appears twice")), "{notes:?}");
        // Another process a second later: a run of its own.
        let (two, notes) = read(&format!("{one}{}", report(3051, "14:04:30")));
        assert_eq!(two.len(), 2 * samples.len(), "{notes:?}");
        assert_eq!(stamp("Run summary [PID 3043]: blocking"), Some(Stamp::Process));
        assert_eq!(stamp("futex 0x5629850876d8), waking"), Some(Stamp::Address));
        assert_eq!(stamp("2023-07-08 14:04:29 /lkp/x"), Some(Stamp::TimeOfDay));
        assert_eq!(stamp("# Running 'futex/wake' benchmark: 0x1f"), None);
    }

    /// attack32 F15 (case 15): a CoreMark report pasted twice in a post
    /// (ruyisdk's Milk-V Duo page) was two runs, no word. One long figure
    /// no second run prints alike by chance: counted once, both copies
    /// named.
    #[test]
    fn an_output_pasted_twice_is_counted_once() {
        let report = "2K performance run parameters for coremark.\nCoreMark Size    : 666\n\
                      Total ticks      : 14911\nTotal time (secs): 14.911000\nIterations/Sec   : 2011.937496\n\
                      Iterations       : 30000\nCompiler version : GCC13.1.0\n\
                      Correct operation validated. See README.md for run and reporting rules.\n\
                      CoreMark 1.0 : 2011.937496 / GCC13.1.0 -O2   -static / Heap\n";
        let (one, _) = read(report);
        let (samples, notes) =
            read(&format!("Run it on the Milk-V Duo\n\n{report}\nRun it on the Milk-V Duo\n\n{report}"));
        assert_eq!(samples.len(), one.len(), "{samples:?}");
        assert!(!one.is_empty());
        let first = one[0].line + 2;
        let second = first + 12;
        assert!(samples.iter().all(|s| s.line < second), "{samples:?}");
        let want = format!("the same output appears twice (line {first} and line {second}");
        assert!(notes.iter().any(|(l, m)| *l == second && m.starts_with(&want)), "{notes:?}");
        // Three copies: each later one is the first's.
        let (samples, notes) = read(&format!("{report}\n{report}\n{report}"));
        assert_eq!(samples.len(), one.len(), "{notes:?}");
        assert_eq!(notes.iter().filter(|(_, m)| m.contains("appears twice")).count(), 2, "{notes:?}");
    }

    /// Runs that print the same few figures are runs: hackbench's whole
    /// seconds (`Time: 2.000`), and two `Time: 0.429` / `Time: 0.431` runs
    /// printed again (one in forty for each figure: no evidence of a
    /// paste).
    #[test]
    fn runs_printing_the_same_few_figures_stay_runs() {
        let run = |t: &str| {
            format!(
                "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                 Each sender will pass 100 messages of 100 bytes\nTime: {t}\n\n"
            )
        };
        let whole: String = ["2.000"; 6].map(run).concat();
        let (samples, notes) = read(&whole);
        assert_eq!(samples.len(), 6, "{notes:?}");
        let short: String = ["0.429", "0.431", "0.429", "0.431"].map(run).concat();
        let (samples, notes) = read(&short);
        assert_eq!(samples.len(), 4, "{notes:?}");
        assert!(!notes.iter().any(|(_, m)| m.contains("appears twice")), "{notes:?}");
    }

    /// Lines alike inside two runs (fio's bucketed clat percentiles) with
    /// other figures of each run in their paragraph (the bandwidth line)
    /// are the runs', not a paste; a run of lines alike that fills its
    /// paragraphs is one.
    #[test]
    fn lines_alike_beside_other_figures_of_their_run_stay() {
        let pct = |v: f64, line: usize| {
            [
                Sample::new(Metric::new("1.00th", "usec", Better::Lower), v, line),
                Sample::new(Metric::new("5.00th", "usec", Better::Lower), v + 33.0, line),
            ]
        };
        let mut samples: Vec<Sample> = fio("rand", 56946.0, 7118.0, 1).to_vec();
        samples.extend(pct(2114.0, 2));
        samples.extend(fio("rand", 57012.0, 7126.0, 4));
        samples.extend(pct(2114.0, 5));
        let text =
            "bw 56946 7118\n| 1.00th=[ 2114], 5.00th=[ 2147]\n\nbw 57012 7126\n| 1.00th=[ 2114], 5.00th=[ 2147]\n";
        let mut f = file(samples.clone());
        assert!(drop_pasted_twice(&Input::from_text(text), &mut f).is_empty());
        assert_eq!(f.samples.len(), 8, "{:?}", f.notes);
        // The percentile lines alone, each its own paragraph: a paste.
        let text =
            "bw 56946 7118\n\n| 1.00th=[ 2114], 5.00th=[ 2147]\n\nbw 57012 7126\n\n| 1.00th=[ 2114], 5.00th=[ 2147]\n";
        for s in &mut samples {
            s.line = [0, 1, 3, 0, 5, 7][s.line];
        }
        let mut f = file(samples);
        assert_eq!(drop_pasted_twice(&Input::from_text(text), &mut f), [7]);
        assert_eq!(f.samples.len(), 6);
        assert!(f.notes[0].1.starts_with("the same output appears twice (line 3 and line 7"), "{:?}", f.notes);
    }

    #[test]
    fn a_summary_repeating_a_reports_figures_is_skipped() {
        let mut samples: Vec<Sample> = Vec::new();
        samples.extend(fio("rand", 56946.0, 7118.0, 3));
        samples.push(
            Sample::new(Metric::new("write: clat mean", "usec", Better::Lower), 645.32, 4).with_param("job", "rand"),
        );
        samples.extend(fio("buf", 472902.0, 59112.0, 16));
        samples.extend(fio("rand", 56946.0, 7118.0, 84));
        samples.extend(fio("buf", 472902.0, 59112.0, 86).map(|s| s.with_param("label", "</pre>")));
        let mut f = file(samples);
        drop_repeated_figures(&Input::from_text(&"\n".repeat(100)), &mut f);
        assert_eq!(f.samples.iter().map(|s| s.line).collect::<Vec<_>>(), [3, 3, 4, 16, 16]);
        assert_eq!(f.notes.len(), 1);
        assert!(f.notes[0].1.starts_with("lines 84-86 repeat 4 figures of lines 3-16"), "{}", f.notes[0].1);
    }

    /// Two fio runs in one file: their clat percentile rows (bucketed)
    /// print alike, their bandwidth and mean above them in the same
    /// paragraph do not: a run, not a quote.
    #[test]
    fn rows_alike_inside_a_run_stay() {
        let pct = |name: &str, v: f64, line: usize| {
            Sample::new(Metric::new(name, "usec", Better::Lower), v, line).with_param("job", "rand")
        };
        let run = |first: usize, bw: f64| {
            let mut v: Vec<Sample> = fio("rand", bw, 7118.0, first).to_vec();
            v.extend([pct("1.00th", 2114.0, first + 1), pct("5.00th", 2147.0, first + 1)]);
            v.extend([pct("10.00th", 2180.0, first + 2), pct("20.00th", 2212.0, first + 2)]);
            v
        };
        let mut samples = run(1, 56946.0);
        samples.extend(run(5, 57012.0));
        let text = "job\nrow\nrow\n\njob\nrow\nrow\n";
        let mut f = file(samples);
        drop_repeated_figures(&Input::from_text(text), &mut f);
        assert_eq!(f.samples.len(), 12, "{:?}", f.notes);
    }

    #[test]
    fn runs_printing_alike_stay_runs() {
        // Short figures alike: two runs can print them.
        let mut samples: Vec<Sample> = Vec::new();
        for line in [1, 2, 3] {
            samples.extend(fio("a", 12.3, 45.0, line));
            samples.extend(fio("b", 67.0, 8.9, line));
        }
        let mut f = file(samples.clone());
        drop_repeated_figures(&Input::from_text(&"\n".repeat(100)), &mut f);
        assert_eq!(f.samples.len(), 12);
        assert!(f.notes.is_empty());
        // Three long figures alike are not enough.
        let mut samples: Vec<Sample> = Vec::new();
        samples.extend(fio("a", 56946.0, 7118.0, 1));
        samples.push(Sample::new(Metric::new("x", "s", Better::Lower), 1234.5, 1));
        samples.push(Sample::new(Metric::new("y", "s", Better::Lower), 9.0, 1));
        samples.extend(fio("a", 56946.0, 7118.0, 5));
        samples.push(Sample::new(Metric::new("x", "s", Better::Lower), 1234.5, 5));
        samples.push(Sample::new(Metric::new("y", "s", Better::Lower), 9.0, 5));
        let mut f = file(samples);
        drop_repeated_figures(&Input::from_text(&"\n".repeat(100)), &mut f);
        assert_eq!(f.samples.len(), 8, "{:?}", f.notes);
    }
}
