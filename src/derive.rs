//! Derived metrics the field uses, computed from the samples.
//!
//! * tiobench: `CPU Eff` = Rate / CPU% × 100 (MB/s per full CPU; unit "",
//!   bigger is better). The seed post 000 shows 13.23 MB/s at 43.2% CPU as
//!   30.62. tiobench.pl prints this column itself, as an integer: a row
//!   that prints it keeps it as printed (`217`, not the 217.46 its Rate and
//!   CPU% give: wild31 file 02 showed figures the file never printed beside
//!   one it did); rows without it get it computed, but for a last row cut
//!   inside its Eff (a cut warning on its line), or a row whose printed
//!   Eff its Rate and CPU% disprove (left out by the parser): it printed one.
//! * Bonnie and bonnie++: `<test> CPU Eff` = rate / %CPU × 100 for every
//!   test that prints a %CPU (KB/s, seeks/s or files/s per full CPU, in the
//!   rate's unit; bigger is better), as the seed post 000's "Eff" columns.
//!
//! Each efficiency carries its printed step ([`Sample::step`]): what one
//! printed step of %CPU or of the rate moves it by (bonnie++'s integer
//! `%CP 12` is a step of 8% of its efficiency), so that a change rounding
//! alone can make is not tested.
//!
//! A pair is one row of the output: same kernel, group, parameters and line.
//! A %CPU of 0 (bonnie++ prints it for very short tests) gives no
//! efficiency; nor does an integer %CPU under 5 (bonnie++'s `5624  2`:
//! 281200 KB/s, where one step of %CP moves it by half): noise, not a
//! figure. For Bonnie and bonnie++ a note names the tests and lines of
//! each (the `<test> CPU Eff` mean leaves those runs out). Values are
//! rounded to two decimals, as the posts print them.
//!
//! bonnie++'s `+++++` note (which tests some runs timed and others did
//! not, [`crate::parse::bonnie_pp`]) is counted per set-up label again
//! here: the parser counts before the labeller sets the labels
//! (`--- reiserfs` / `--- ext3` over two runs each), so a test too fast in
//! both ext3 runs and timed in both reiserfs runs was said "2 of 4 runs"
//! understated.

use crate::model::{Better, Metric, ParsedFile, Sample, Value};
use rustc_hash::FxHashMap;

/// Rounds to two decimals through the decimal representation, so that
/// 13.23 / 43.2 × 100 = 30.624999… prints as 30.62, as tiobench does.
fn two_decimals(v: f64) -> f64 {
    format!("{v:.2}").parse().unwrap_or(v)
}

fn same_row(a: &Sample, b: &Sample) -> bool {
    a.kernel == b.kernel && a.group == b.group && a.params == b.params && a.line == b.line
}

/// The most decimals each metric of `samples` is printed with, over the
/// file (its single values whose step no parser set): the column's printed
/// step. Bonnie 1.x prints `%CPU` to 0.1, and its `95.0` reads back as 95,
/// as if printed to the unit (newcomer34 F3: that run's step of 1 made its
/// CPU Eff's step ten times what the column's 0.1 allows, and p 0.99 where
/// the printed digits give 0.02).
fn column_decimals(samples: &[Sample]) -> FxHashMap<&str, i32> {
    let mut out: FxHashMap<&str, i32> = FxHashMap::default();
    for s in samples.iter().filter(|s| s.step.is_none()) {
        if let Value::Single { value } = s.value
            && value.is_finite()
        {
            let d = crate::parse::num::decimals_of(value);
            let e = out.entry(s.metric.name.as_str()).or_insert(d);
            *e = (*e).max(d);
        }
    }
    out
}

/// The printed step of `x` (value `v`): its own step, else its column's
/// in the file ([`column_decimals`]: `95.0` among `94.8` and `96.5` was
/// printed to 0.1).
fn printed_step(x: &Sample, v: f64, columns: &FxHashMap<&str, i32>) -> f64 {
    x.step.unwrap_or_else(|| {
        let d = crate::parse::num::decimals_of(v);
        let d = columns.get(x.metric.name.as_str()).map_or(d, |&c| c.max(d));
        crate::parse::num::pow10(-d)
    })
}

/// An integer %CPU under this gives no efficiency: one printed step of it
/// is 20% or more of the figure (bonnie++'s `%CP 1`: `5624  2` gave a
/// Rewrite CPU Eff of 281200 KB/s).
const LOW_CPU: f64 = 5.0;

fn efficiency(rate: &Sample, cpu: &Sample, name: String, unit: &str, columns: &FxHashMap<&str, i32>) -> Option<Sample> {
    let (Value::Single { value: r }, Value::Single { value: c }) = (rate.value, cpu.value) else {
        return None;
    };
    if c <= 0.0 || !r.is_finite() {
        return None;
    }
    let mut s = rate.clone();
    s.metric = Metric::new(name, unit, Better::Higher);
    let eff = two_decimals(r / c * 100.0);
    s.value = Value::single(eff);
    // The rate's copies' figures are no efficiency's.
    s.copies = None;
    // One printed step of %CPU or of the rate moves the efficiency by its
    // share of either: bonnie++'s `%CP 12` against `13` is 8% of the
    // efficiency, a change rounding alone can make. A value's step is its
    // column's in the file ([`column_decimals`]): `95.0` among `94.8` and
    // `96.5` was printed to 0.1.
    let step_of = |x: &Sample, v: f64| printed_step(x, v, columns);
    s.step = Some(eff.abs() * (step_of(cpu, c) / c + step_of(rate, r) / r.abs().max(f64::MIN_POSITIVE)));
    Some(s)
}

/// True for a metric [`derive()`] computes for `benchmark`: tiobench's
/// `CPU Eff`, Bonnie's and bonnie++'s `<test> CPU Eff`.
pub fn is_derived(benchmark: &str, metric: &str) -> bool {
    match benchmark {
        "tiobench" => metric == "CPU Eff",
        "bonnie" | "bonnie++" => metric.ends_with(" CPU Eff"),
        _ => false,
    }
}

/// True for a metric of `benchmark` made of its other figures, no
/// measurement of its own: the derived `CPU Eff` ([`is_derived`], a rate
/// over its %CPU), and UnixBench's index values (group `index`, `3D
/// graphics index`, `2D graphics index`: each test's result over a
/// constant, ×10) and `Index Score` (their geometric mean) — see
/// [`crate::parse::unixbench`]. A kernel's geometric mean over a page
/// counted UnixBench's score beside the tests it is the mean of, and
/// Bonnie's efficiencies beside their rates (newcomer59b).
pub fn of_others(benchmark: &str, group: &str, metric: &str) -> bool {
    match benchmark {
        "unixbench" => group == "index" || group.ends_with(" index"),
        _ => is_derived(benchmark, metric),
    }
}

/// The metric a column of `benchmark`'s restates, and how, when the
/// column (`name`, maybe after a part's label) is no measurement of its
/// own: pgbench's `latency average` is its clients over its tps (`number
/// of clients: 50`, `tps = 406.261459` → 123.1 ms; pgbench prints 122.818
/// over the connections' time too), so a change of tps is one of latency
/// average, and testing both counts one change twice in a page's
/// Benjamini–Hochberg family. Such a column is left out of the family
/// (see [`crate::report`]'s significance), with its reason in the legend.
pub fn restates(benchmark: &str, name: &str) -> Option<(&'static str, &'static str)> {
    let metric = |m: &str| name == m || name.ends_with(&format!(" {m}"));
    match benchmark {
        "pgbench" if metric("latency average") => Some(("tps", "clients / tps")),
        _ => None,
    }
}

/// How far apart (a fraction of the computed value) a printed pgbench
/// `latency average` and clients × 1000 / tps may be and still be the one
/// restating the other: pgbench computes the average over the run's time
/// with its connections (122.818 ms printed, 50 clients / 406.261459 tps
/// = 123.07 ms: 0.2 % apart), so its printed step is too tight a bound.
/// A measured average (`-R`'s rate limit: 3.22 ms printed, 32 clients /
/// 999.8 tps = 32.0 ms) is far outside it.
pub const RESTATED_WITHIN: f64 = 0.05;

/// How far apart two compared rows' printed-over-computed ratios (each
/// within [`RESTATED_WITHIN`]) may be and their change still be the
/// restated metric's: 1 %, far below the 5 % each may be off (attack40
/// F1: −4.7 % and +4.8 % left a −10 % latency change of equal tps
/// "restated"). Real pgbench rows of one set-up stand alike within
/// 0.4 % (tests/fixtures' pgbench files: −0.02 %/−0.02 %, +2.02 %…+1.67 %
/// of a `-C` run's four); a change it does not explain is tested.
pub const RESTATED_PAIR_WITHIN: f64 = 0.01;

/// The figure a column [`restates`] would print where it restates
/// `source` (the restated metric's figure of the same run or row) with
/// `clients` clients: pgbench's latency average, clients × 1000 / tps
/// (ms). `None` where it cannot be computed (no clients, tps not above 0).
/// Where the printed figure is not this one within [`RESTATED_WITHIN`],
/// the column is measured (pgbench prints a measured `latency average`
/// under `-R`, `-P` or `--latency-limit`: attack39 finding 1, a rate-limited
/// run's −49.7 % latency regression left untested as "tps restated").
pub fn restated_figure(benchmark: &str, clients: Option<f64>, source: f64) -> Option<f64> {
    match benchmark {
        "pgbench" => clients.filter(|c| *c > 0.0 && source > 0.0).map(|c| c * 1000.0 / source),
        _ => None,
    }
}

/// Adds (or recomputes) the derived metrics of one parsed file.
pub fn derive(parsed: &mut ParsedFile) {
    match parsed.benchmark.as_str() {
        "tiobench" => {
            let by_line = index_by_line(&parsed.samples);
            let columns = column_decimals(&parsed.samples);
            let mut derived = Vec::new();
            for rate in parsed.samples.iter().filter(|s| s.metric.name == "Rate") {
                // A row a mail wrapped after its last Rate has that Rate's
                // CPU% on the next line (`… 32.85 34.4% 1.090` / `0.90%`,
                // LKML 2002-12 at 72 columns: the Random Writes CPU Eff of
                // every row was lost without a word); a next line that is
                // a row of its own (a Rate of its own there) is none.
                let wrapped_cpu = || {
                    wrapped_row_of(&parsed.samples, &by_line, rate)
                        .filter(|s| s.line == rate.line + 1)
                        .all(|s| s.metric.name != "Rate")
                        .then(|| wrapped_row_of(&parsed.samples, &by_line, rate).find(|c| c.metric.name == "CPU%"))
                        .flatten()
                };
                if let Some(cpu) =
                    row_of(&parsed.samples, &by_line, rate).find(|c| c.metric.name == "CPU%").or_else(wrapped_cpu)
                    && let Some(eff) = efficiency(rate, cpu, "CPU Eff".to_string(), "", &columns)
                {
                    derived.push(eff);
                }
            }
            // A row that prints its Eff keeps it as printed (tiobench.pl's
            // `217` for 217.46, a post's `111` where the row gives 112.0):
            // the site shows what the file says. A row a mail wrapped
            // prints its Eff on the next line.
            // A last row cut inside its Eff (`… 0.00000   2` for `260`,
            // attack32 F17) printed one: none is computed in its place.
            // A printed Eff its row's Rate and CPU% disprove (`5` for `52`,
            // attack39 #13) was left out by the parser: the row printed
            // one, so none is computed either (its note is on the Eff
            // cell's line, the next one for a wrapped row).
            let cut: Vec<usize> =
                parsed.notes.iter().filter(|(_, n)| crate::parse::cut::is_cut_note(n)).map(|(l, _)| *l).collect();
            let off: Vec<usize> = parsed
                .notes
                .iter()
                .filter(|(_, n)| crate::parse::tiobench::is_eff_off_note(n))
                .map(|(l, _)| *l)
                .collect();
            derived.retain(|eff| {
                !cut.contains(&eff.line)
                    && !off.contains(&eff.line)
                    && !off.contains(&(eff.line + 1))
                    && wrapped_row_of(&parsed.samples, &by_line, eff).find(|s| s.metric.name == "CPU Eff").is_none()
            });
            insert_after_rows(&mut parsed.samples, derived);
        }
        "bonnie" | "bonnie++" => {
            let by_line = index_by_line(&parsed.samples);
            let columns = column_decimals(&parsed.samples);
            let mut derived = Vec::new();
            // Per test: the lines of rows whose %CPU gave no efficiency,
            // at 0 and under [`LOW_CPU`].
            let mut zero: Vec<(String, Vec<usize>)> = Vec::new();
            let mut low: Vec<(String, Vec<usize>)> = Vec::new();
            // Every %CPU column of a report is printed by one format: Bonnie
            // 1.x's `344.2  4.0` prints 0.1 steps though its one-run Seeks
            // %CPU column reads back as 4 (review36 R1), so the most
            // decimals of any %CPU column of the file count for each.
            let cpu_decimals = columns.iter().filter(|(m, _)| m.ends_with(" %CPU")).map(|(_, &d)| d).max();
            let integer_cpu = |cpu: &Sample, c: f64| {
                cpu.step.map_or_else(
                    || cpu_decimals.unwrap_or(0).max(crate::parse::num::decimals_of(c)) == 0,
                    |_| printed_step(cpu, c, &columns) >= 1.0,
                )
            };
            for cpu in parsed.samples.iter().filter(|s| s.metric.name.ends_with(" %CPU")) {
                let test = cpu.metric.name.trim_end_matches(" %CPU");
                if let Value::Single { value: c } = cpu.value
                    && (c <= 0.0 || (c < LOW_CPU && integer_cpu(cpu, c)))
                {
                    let list = if c <= 0.0 { &mut zero } else { &mut low };
                    let name = format!("{} {test}", cpu.group).trim().to_string();
                    match list.iter_mut().find(|(t, _)| *t == name) {
                        Some((_, lines)) => lines.push(cpu.line),
                        None => list.push((name, vec![cpu.line])),
                    }
                    continue;
                }
                // A row a mail wrapped between a rate and its %CPU (bonnie++
                // 1.00g's `16   469  98 … 688` then `25`): the rate is on
                // the line before.
                let before = by_line.get(&cpu.line.wrapping_sub(1)).into_iter().flatten().map(|&i| &parsed.samples[i]);
                let wrapped =
                    before.filter(|r| r.kernel == cpu.kernel && r.group == cpu.group && r.params == cpu.params);
                if let Some(rate) =
                    row_of(&parsed.samples, &by_line, cpu).chain(wrapped).find(|r| r.metric.name == test)
                    && let Some(eff) = efficiency(rate, cpu, format!("{test} CPU Eff"), &rate.metric.unit, &columns)
                {
                    derived.push(eff);
                }
            }
            insert_after_rows(&mut parsed.samples, derived);
            untimed_efficiencies(parsed);
            let say = |list: &[(String, Vec<usize>)]| {
                let each: Vec<String> = list
                    .iter()
                    .map(|(t, l)| {
                        let lines: Vec<String> = l.iter().map(usize::to_string).collect();
                        format!("{t} (line{} {})", if l.len() > 1 { "s" } else { "" }, lines.join(", "))
                    })
                    .collect();
                each.join("; ")
            };
            let first = |list: &[(String, Vec<usize>)]| list.iter().flat_map(|(_, l)| l.iter().copied()).min();
            let mut notes = Vec::new();
            if let Some(at) = first(&low) {
                notes.push((
                    at,
                    format!(
                        "an integer %CPU under {LOW_CPU}% gives no CPU Eff (one step of it moves the ratio by 20% or \
                         more: noise, not a figure), so the CPU Eff of these tests is over the other runs, if any: {}",
                        say(&low)
                    ),
                ));
            }
            if let Some(at) = first(&zero) {
                notes.push((
                    at,
                    format!(
                        "%CPU 0 gives no CPU Eff, so the CPU Eff of these tests is over the other runs, if any: {}",
                        say(&zero)
                    ),
                ));
            }
            for n in notes {
                if !parsed.notes.contains(&n) {
                    parsed.notes.push(n);
                }
            }
            if parsed.benchmark == "bonnie++" {
                recount_too_fast_by_label(parsed);
            }
        }
        _ => {}
    }
}

/// Adds to `parsed`'s [`crate::model::Untimed`] tests the efficiency of
/// each test a run printed as too fast to time (bonnie++'s `+++++`) where
/// the file gives that test a %CPU: the run has no efficiency either, so a
/// `<test> CPU Eff` of the other runs is the mean of the timed runs only
/// and understates the test as much as the rate does (attack28 p35: the
/// `Create CPU Eff` of two of three runs showed no `≥` and was reported a
/// significant regression). Each is added once, however often `derive`
/// runs over the file.
fn untimed_efficiencies(parsed: &mut ParsedFile) {
    let mut more = Vec::new();
    for u in &parsed.untimed {
        let cpu = format!("{} %CPU", u.metric);
        if !parsed.samples.iter().any(|s| s.group == u.group && s.metric.name == cpu) {
            continue;
        }
        let mut e = u.clone();
        e.metric = format!("{} CPU Eff", u.metric).into();
        if !parsed.untimed.contains(&e) && !more.contains(&e) {
            more.push(e);
        }
    }
    parsed.untimed.extend(more);
}

/// The start of bonnie++'s note on tests some runs timed and others
/// printed as `+++++` ([`crate::parse::bonnie_pp`]).
const SOME_TOO_FAST: &str = "`+++++` (too fast to time) in some runs of a test others timed";
/// The start of its note on tests no run timed.
const ALL_TOO_FAST: &str = "`+++++` in every run of: ";

/// bonnie++'s `+++++` notes counted again per set-up label (see the module
/// doc): each untimed test's label is that of its row's samples; a test
/// is understated only where runs of its own label timed it. Left as the
/// parser said when no untimed test's row has a label.
fn recount_too_fast_by_label(parsed: &mut ParsedFile) {
    if !parsed.notes.iter().any(|(_, n)| n.starts_with(SOME_TOO_FAST)) {
        return;
    }
    let label = |s: &Sample| s.params.iter().find(|p| p.name == "label").map(|p| p.value.to_string());
    // The label and kernel of the row on `line` in `group`. A part of a
    // row all `+++++` has no sample there: its line's other samples tell
    // (`Random Seeks` untimed beside the timed `Per Char` of its line), else
    // the nearest line above with samples (a file-creation row all `+++++`
    // under its report's first row), else below. The WSL blog post's two
    // reports, labelled `~/temp` and `/mnt/c/temp`, were said "1 of 2 runs"
    // understated across both: no untimed test's row had a sample.
    let row_of = |line: usize, group: &str| {
        let samples = &parsed.samples;
        samples
            .iter()
            .find(|s| s.line == line && s.group == group)
            .or_else(|| samples.iter().find(|s| s.line == line))
            .or_else(|| samples.iter().filter(|s| s.line < line).max_by_key(|s| s.line))
            .or_else(|| samples.iter().filter(|s| s.line > line).min_by_key(|s| s.line))
            .map_or((None, None), |s| (label(s), s.kernel.as_ref().map(ToString::to_string)))
    };
    let unlabelled = |params: &[crate::model::Param]| -> Vec<crate::model::Param> {
        params.iter().filter(|p| p.name != "label").cloned().collect()
    };
    // Per (group, test, parameters, label): first line, runs untimed, runs timed.
    type Key = (String, String, Vec<crate::model::Param>, (Option<String>, Option<String>));
    let mut tests: Vec<(Key, usize, usize, usize)> = Vec::new();
    for u in &parsed.untimed {
        if u.metric.ends_with(" CPU Eff") {
            continue;
        }
        let key: Key = (u.group.to_string(), u.metric.to_string(), unlabelled(&u.params), row_of(u.line, &u.group));
        match tests.iter_mut().find(|t| t.0 == key) {
            Some(t) => t.2 += 1,
            None => tests.push((key, u.line, 1, 0)),
        }
    }
    // Left as the parser said only where no row has a label or a kernel
    // of its own: the WSL post's two reports under `next-20241105:` and
    // `next-20241112:` (identity55's kernels) were "1 of 2 runs"
    // understated, one kernel's `+++++` counted with the other's figures.
    if tests.iter().all(|t| t.0.3 == (None, None)) {
        return;
    }
    for s in &parsed.samples {
        let set_up = (label(s), s.kernel.as_ref().map(ToString::to_string));
        if let Some(t) = tests.iter_mut().find(|t| {
            t.0.0 == s.group.as_str()
                && t.0.1 == s.metric.name.as_str()
                && t.0.3 == set_up
                && t.0.2 == unlabelled(&s.params)
        }) {
            t.3 += 1;
        }
    }
    let say = |t: &(Key, usize, usize, usize)| {
        let label = match &t.0.3 {
            (Some(l), _) => format!(" of {l}"),
            (None, Some(k)) => format!(" of {k}"),
            (None, None) => String::new(),
        };
        format!("{} {}{label} (line {})", t.0.0, t.0.1, t.1)
    };
    let first = |timed: bool| tests.iter().filter(|t| (t.3 > 0) == timed).map(|t| t.1).min();
    parsed.notes.retain(|(_, n)| !n.starts_with(SOME_TOO_FAST) && !n.starts_with(ALL_TOO_FAST));
    let some: Vec<String> =
        tests.iter().filter(|t| t.3 > 0).map(|t| format!("{}: {} of {} runs", say(t), t.2, t.2 + t.3)).collect();
    if let Some(at) = first(true) {
        parsed.notes.push((
            at,
            format!(
                "{SOME_TOO_FAST}; those runs are left out, so the mean of the timed runs understates the test: {}",
                some.join(", ")
            ),
        ));
    }
    let all: Vec<String> = tests.iter().filter(|t| t.3 == 0).map(say).collect();
    if let Some(at) = first(false) {
        parsed.notes.push((
            at,
            format!("{ALL_TOO_FAST}{}: too fast to measure, so no figure (not a test left out)", all.join(", ")),
        ));
    }
}

/// The indices of `samples` on each line: a row is on one line, so a row's
/// samples are found among its line's few, not by a scan of the file's
/// (which made a long Bonnie log quadratic).
fn index_by_line(samples: &[Sample]) -> FxHashMap<usize, Vec<usize>> {
    let mut by_line: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    for (i, s) in samples.iter().enumerate() {
        by_line.entry(s.line).or_default().push(i);
    }
    by_line
}

/// The samples of `samples` in `of`'s row, in order (`by_line` is
/// [`index_by_line`] of `samples`).
fn row_of<'a>(
    samples: &'a [Sample],
    by_line: &'a FxHashMap<usize, Vec<usize>>,
    of: &'a Sample,
) -> impl Iterator<Item = &'a Sample> {
    by_line.get(&of.line).into_iter().flatten().map(|&i| &samples[i]).filter(move |s| same_row(s, of))
}

/// [`row_of`], and the samples of the same row on the next line: a row a
/// mail wrapped (tiobench's `2.6.0-test9  512  4096  1  28.41 12.37%`,
/// then `0.137  40.21  0.00000  0.00000  230`).
fn wrapped_row_of<'a>(
    samples: &'a [Sample],
    by_line: &'a FxHashMap<usize, Vec<usize>>,
    of: &'a Sample,
) -> impl Iterator<Item = &'a Sample> {
    let next = by_line.get(&(of.line + 1)).into_iter().flatten().map(|&i| &samples[i]);
    row_of(samples, by_line, of)
        .chain(next.filter(move |s| s.kernel == of.kernel && s.group == of.group && s.params == of.params))
}

/// Appends derived samples right after the last sample of their row (after
/// the row's derived samples before them), so tables list them next to
/// what they come from; a derived sample of no row goes at the end.
fn insert_after_rows(samples: &mut Vec<Sample>, derived: Vec<Sample>) {
    let by_line = index_by_line(samples);
    let mut after: FxHashMap<usize, Vec<Sample>> = FxHashMap::default();
    let mut tail = Vec::new();
    for d in derived {
        let last = by_line.get(&d.line).and_then(|ix| ix.iter().rev().find(|&&i| same_row(&samples[i], &d)));
        match last {
            Some(&i) => after.entry(i).or_default().push(d),
            None => tail.push(d),
        }
    }
    let mut out = Vec::with_capacity(samples.len() + after.values().map(Vec::len).sum::<usize>() + tail.len());
    for (i, s) in std::mem::take(samples).into_iter().enumerate() {
        out.push(s);
        out.extend(after.remove(&i).unwrap_or_default());
    }
    out.extend(tail);
    *samples = out;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, unit: &str, v: f64) -> Sample {
        Sample::new(Metric::new(name, unit, Better::Neither), v, 16)
            .with_kernel("2.4.17")
            .with_group("Sequential Reads")
            .with_param("threads", 1)
    }

    #[test]
    fn an_efficiency_carries_what_rounding_of_its_inputs_can_move_it_by() {
        let mut p = ParsedFile {
            benchmark: "bonnie++".into(),
            samples: vec![row("Block", "KB/s", 96402.0), row("Block %CPU", "%", 12.0)],
            ..Default::default()
        };
        derive(&mut p);
        let eff = p.samples.iter().find(|s| s.metric.name == "Block CPU Eff").expect("derived");
        assert_eq!(eff.value.mean(), 803350.0);
        // %CP 12 is printed to 1: 803350 × (1/12 + 1/96402).
        let step = eff.step.expect("a step");
        assert!((step - 803350.0 * (1.0 / 12.0 + 1.0 / 96402.0)).abs() < 1e-6, "{step}");
        assert!(is_derived("bonnie++", "Block CPU Eff") && is_derived("tiobench", "CPU Eff"));
        assert!(!is_derived("tiobench", "Rate") && !is_derived("fio", "CPU Eff"));
    }

    /// wild35b file 05 (bonnie++ 1.03, LKML 2004): `5624  2` gave a
    /// Rewrite CPU Eff of 281200 KB/s; `100.6  0` none, silently. Both are
    /// now left out with a note naming the test and line.
    #[test]
    fn an_integer_cpu_under_5_or_0_gives_no_efficiency_with_a_note() {
        let at = |name: &str, unit: &str, v: f64, line: usize| {
            Sample::new(Metric::new(name, unit, Better::Neither), v, line).with_group("Sequential Output")
        };
        let mut p = ParsedFile {
            benchmark: "bonnie++".into(),
            samples: vec![
                at("Rewrite", "KB/s", 5624.0, 7),
                at("Rewrite %CPU", "%", 2.0, 7),
                at("Block", "KB/s", 22200.0, 7),
                at("Block %CPU", "%", 12.0, 7),
                at("Rewrite", "KB/s", 1251.0, 31),
                at("Rewrite %CPU", "%", 0.0, 31),
            ],
            ..Default::default()
        };
        derive(&mut p);
        let effs: Vec<String> = p
            .samples
            .iter()
            .filter(|s| s.metric.name.ends_with("CPU Eff"))
            .map(|s| format!("{} {}", s.metric.name, s.value.mean()))
            .collect();
        assert_eq!(effs, ["Block CPU Eff 185000"]);
        assert_eq!(p.notes.len(), 2, "{:?}", p.notes);
        assert_eq!(p.notes[0].0, 7);
        assert!(p.notes[0].1.contains("under 5%") && p.notes[0].1.contains("Sequential Output Rewrite (line 7)"));
        assert_eq!(p.notes[1].0, 31);
        assert!(p.notes[1].1.starts_with("%CPU 0 gives no CPU Eff") && p.notes[1].1.contains("(line 31)"));
        assert!(crate::parse::note_is_info(&p.notes[0].1) && crate::parse::note_is_info(&p.notes[1].1));
        // Bonnie 1.x's %CPU printed to 0.1: 2.5 is a figure, not noise.
        let mut p = ParsedFile {
            benchmark: "bonnie".into(),
            samples: vec![at("Rewrite", "KB/s", 5624.0, 7), at("Rewrite %CPU", "%", 2.5, 7)],
            ..Default::default()
        };
        derive(&mut p);
        assert!(p.samples.iter().any(|s| s.metric.name == "Rewrite CPU Eff") && p.notes.is_empty());
        // review36 R1 (wild35b file 03, line 23: `… 89632 55.0  344.2  4.0`):
        // the one run's Seeks %CPU `4.0` reads back as 4, its column has no
        // other figure; the report's other %CPU columns say 0.1 steps.
        let seeks = |name: &str, unit: &str, v: f64| {
            Sample::new(Metric::new(name, unit, Better::Neither), v, 23).with_group("Random")
        };
        let mut p = ParsedFile {
            benchmark: "bonnie".into(),
            samples: vec![
                at("Per Char", "KB/s", 9709.0, 23),
                at("Per Char %CPU", "%", 98.9, 23),
                seeks("Seeks", "seeks/s", 344.2),
                seeks("Seeks %CPU", "%", 4.0),
            ],
            ..Default::default()
        };
        derive(&mut p);
        let eff = p.samples.iter().find(|s| s.metric.name == "Seeks CPU Eff").expect("Seeks CPU Eff");
        assert_eq!(eff.value.mean(), 8605.0);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    /// wild35b file 05: `+++++` for Delete in both ext3 runs, timed in both
    /// reiserfs runs (labels the labeller set): per label, no run of a
    /// label is understated; the parser's "2 of 4 runs" was across them.
    #[test]
    fn too_fast_runs_are_counted_per_label() {
        let at = |v: f64, line: usize, label: &str| {
            Sample::new(Metric::new("Delete", "files/s", Better::Higher), v, line)
                .with_group("Sequential Create")
                .with_param("files", 16)
                .with_param("label", label)
        };
        let untimed = |line: usize| crate::model::Untimed {
            group: "Sequential Create".into(),
            metric: "Delete".into(),
            params: vec![crate::model::Param::new("files", 16)],
            line,
        };
        let said = "`+++++` (too fast to time) in some runs of a test others timed; those runs are left out, so the \
                    mean of the timed runs understates the test: Sequential Create Delete (line 35): 2 of 4 runs";
        let mut p = ParsedFile {
            benchmark: "bonnie++".into(),
            samples: vec![at(17886.0, 11, "reiserfs"), at(16649.0, 22, "reiserfs")],
            untimed: vec![untimed(35), untimed(47)],
            notes: vec![(35, said.to_string())],
            ..Default::default()
        };
        // Lines 35 and 47: the ext3 runs' rows, their Create timed.
        for (v, line) in [(1389.0, 35), (1571.0, 47)] {
            let mut create = at(v, line, "ext3");
            create.metric = Metric::new("Create", "files/s", Better::Higher);
            p.samples.push(create);
        }
        derive(&mut p);
        assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
        assert_eq!(p.notes[0].0, 35);
        assert!(p.notes[0].1.starts_with("`+++++` in every run of: Sequential Create Delete of ext3 (line 35)"));
    }

    /// The WSL blog post (wild bonnie_pp fixture, reports labelled `~/temp`
    /// and `/mnt/c/temp`): Seeks and the file-creation row `+++++` in the
    /// first report only, where no sample of theirs is on their lines (line
    /// 7 holds the first report's other tests; line 12 none). Said "1 of 2
    /// runs" across both labels; now counted per label: never timed under
    /// `~/temp`.
    #[test]
    fn too_fast_rows_without_samples_take_their_reports_label() {
        let at = |group: &str, name: &str, v: f64, line: usize, label: &str| {
            Sample::new(Metric::new(name, "x/s", Better::Higher), v, line).with_group(group).with_param("label", label)
        };
        let untimed = |group: &str, name: &str, line: usize| crate::model::Untimed {
            group: group.into(),
            metric: name.into(),
            params: vec![],
            line,
        };
        let said = "`+++++` (too fast to time) in some runs of a test others timed; those runs are left out, so the \
                    mean of the timed runs understates the test: Random Seeks (line 7): 1 of 2 runs, Sequential \
                    Create Create (line 12): 1 of 2 runs";
        let mut p = ParsedFile {
            benchmark: "bonnie++".into(),
            samples: vec![
                at("Sequential Output", "Per Char", 540.0, 7, "~/temp"),
                at("Sequential Output", "Per Char", 6.0, 23, "/mnt/c/temp"),
                at("Random", "Seeks", 8475.0, 23, "/mnt/c/temp"),
                at("Sequential Create", "Create", 793.0, 30, "/mnt/c/temp"),
            ],
            untimed: vec![untimed("Random", "Seeks", 7), untimed("Sequential Create", "Create", 12)],
            notes: vec![(7, said.to_string())],
            ..Default::default()
        };
        derive(&mut p);
        let notes: Vec<&str> = p.notes.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with(
                "`+++++` in every run of: Random Seeks of ~/temp (line 7), Sequential Create Create of ~/temp (line 12)"
            ),
            "{notes:?}"
        );
    }

    /// archive57: the same reports under `next-20241105:` and
    /// `next-20241112:`, two kernels and no label: the parser's "1 of 2
    /// runs" across both kernels was left as it said. Counted per kernel.
    #[test]
    fn too_fast_rows_are_counted_per_kernel_without_labels() {
        let at = |group: &str, name: &str, v: f64, line: usize, kernel: &str| {
            Sample::new(Metric::new(name, "x/s", Better::Higher), v, line).with_group(group).with_kernel(kernel)
        };
        let untimed = crate::model::Untimed { group: "Random".into(), metric: "Seeks".into(), params: vec![], line: 7 };
        let said = "`+++++` (too fast to time) in some runs of a test others timed; those runs are left out, so the \
                    mean of the timed runs understates the test: Random Seeks (line 7): 1 of 2 runs";
        let mut p = ParsedFile {
            benchmark: "bonnie++".into(),
            samples: vec![
                at("Sequential Output", "Per Char", 540.0, 7, "next-20241105"),
                at("Sequential Output", "Per Char", 6.0, 23, "next-20241112"),
                at("Random", "Seeks", 8475.0, 23, "next-20241112"),
            ],
            untimed: vec![untimed],
            notes: vec![(7, said.to_string())],
            ..Default::default()
        };
        derive(&mut p);
        let notes: Vec<&str> = p.notes.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].starts_with("`+++++` in every run of: Random Seeks of next-20241105 (line 7)"), "{notes:?}");
    }

    /// newcomer34 F3: Bonnie 1.x's `%CPU 95.0` reads back as 95; among
    /// `94.8` and `96.5` of the same column it was printed to 0.1, and its
    /// efficiency's step is 3608 × (0.1/95 + 1/3421), not × (1/95 + …).
    #[test]
    fn a_trailing_zero_keeps_its_columns_printed_step() {
        let mut p = ParsedFile {
            benchmark: "bonnie".into(),
            samples: vec![
                Sample::new(Metric::new("Per Char", "KB/s", Better::Higher), 3434.0, 13).with_kernel("TEST1"),
                Sample::new(Metric::new("Per Char %CPU", "%", Better::Neither), 94.8, 13).with_kernel("TEST1"),
                Sample::new(Metric::new("Per Char", "KB/s", Better::Higher), 3421.0, 14).with_kernel("TEST1"),
                Sample::new(Metric::new("Per Char %CPU", "%", Better::Neither), 95.0, 14).with_kernel("TEST1"),
            ],
            ..Default::default()
        };
        derive(&mut p);
        let effs: Vec<&Sample> = p.samples.iter().filter(|s| s.metric.name == "Per Char CPU Eff").collect();
        assert_eq!(effs.len(), 2);
        assert_eq!(effs[1].value.mean(), 3601.05);
        let step = effs[1].step.expect("a step");
        assert!((step - 3601.05 * (0.1 / 95.0 + 1.0 / 3421.0)).abs() < 1e-6, "{step}");
    }

    #[test]
    fn tiobench_cpu_eff_from_rate_and_cpu() {
        let mut p = ParsedFile {
            benchmark: "tiobench".into(),
            samples: vec![row("Rate", "MB/s", 13.23), row("CPU%", "%", 43.2), row("CPU Eff", "", 31.0)],
            ..ParsedFile::default()
        };
        derive(&mut p);
        let eff: Vec<&Sample> = p.samples.iter().filter(|s| s.metric.name == "CPU Eff").collect();
        // The printed integer stays what the file says (wild31 02: 217
        // was shown 217.46); a row without one gets it computed.
        assert_eq!(eff.len(), 1);
        assert_eq!(eff[0].value.mean(), 31.0);
        p.samples.retain(|s| s.metric.name != "CPU Eff");
        derive(&mut p);
        let eff: Vec<&Sample> = p.samples.iter().filter(|s| s.metric.name == "CPU Eff").collect();
        assert_eq!(eff.len(), 1);
        assert_eq!(eff[0].value.mean(), 30.62);
        assert_eq!(eff[0].metric.better, Better::Higher);
    }

    /// A last row cut inside its printed Eff (attack32 F17, tiobench's
    /// `… 0.00000   2` for `260`): the cut figure left out, none computed
    /// in its place (it was shown 261.11).
    #[test]
    fn tiobench_no_cpu_eff_is_computed_for_a_row_cut_inside_it() {
        let mut p = ParsedFile {
            benchmark: "tiobench".into(),
            samples: vec![row("Rate", "MB/s", 1.41), row("CPU%", "%", 0.54)],
            notes: vec![(
                16,
                "the file ends mid-line: `… 0.00000   2` may be cut; its last figure `2` left out".into(),
            )],
            ..ParsedFile::default()
        };
        derive(&mut p);
        assert!(p.samples.iter().all(|s| s.metric.name != "CPU Eff"));
        p.notes[0].0 = 17;
        derive(&mut p);
        assert_eq!(p.samples.iter().filter(|s| s.metric.name == "CPU Eff").count(), 1);
    }

    /// A printed Eff the parser left out as disproved by its row's Rate and
    /// CPU% (attack39 #13, `5` for `52`): none computed in its place; a
    /// row of another line still gets its own.
    #[test]
    fn tiobench_no_cpu_eff_is_computed_where_the_printed_one_was_disproved() {
        let text = "Sequential Reads
                    Num                    Avg       Maximum     Lat%     Lat%    CPU
Kernel              Thr   Rate  (CPU%)   Latency     Latency      >2s     >10s    Eff
2.5.70-ext3         256    8.08 15.67%   285.410   108616.57  3.94969  0.69022      5
";
        let mut p =
            crate::parse::BenchParser::parse(&crate::parse::tiobench::Tiobench, &crate::parse::Input::from_text(text))
                .unwrap();
        assert_eq!(p.samples.len(), 6);
        derive(&mut p);
        assert!(p.samples.iter().all(|s| s.metric.name != "CPU Eff"), "{:?}", p.samples);
        p.notes[0].0 = 2;
        derive(&mut p);
        assert_eq!(p.samples.iter().filter(|s| s.metric.name == "CPU Eff").count(), 1);
    }

    /// A printed value with decimals, or one the row does not give, is
    /// what the file says: kept.
    #[test]
    fn tiobench_printed_cpu_eff_with_decimals_is_kept() {
        for printed in [73.88, 40.0] {
            let mut p = ParsedFile {
                benchmark: "tiobench".into(),
                samples: vec![row("Rate", "MB/s", 2.74), row("CPU%", "%", 3.7), row("CPU Eff", "", printed)],
                ..ParsedFile::default()
            };
            derive(&mut p);
            let eff: Vec<f64> =
                p.samples.iter().filter(|s| s.metric.name == "CPU Eff").map(|s| s.value.mean()).collect();
            assert_eq!(eff, [printed]);
        }
    }

    #[test]
    fn derived_samples_follow_their_rows_in_order() {
        let on = |name: &str, v: f64, line: usize| Sample { line, ..row(name, "KB/s", v) };
        let mut p = ParsedFile {
            benchmark: "bonnie".into(),
            samples: vec![
                on("Block", 100.0, 3),
                on("Block %CPU", 50.0, 3),
                on("Seeks", 10.0, 3),
                on("Seeks %CPU", 5.0, 3),
                on("Block", 300.0, 4),
                on("Block %CPU", 50.0, 4),
            ],
            ..ParsedFile::default()
        };
        derive(&mut p);
        let got: Vec<(usize, &str)> = p.samples.iter().map(|s| (s.line, s.metric.name.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (3, "Block"),
                (3, "Block %CPU"),
                (3, "Seeks"),
                (3, "Seeks %CPU"),
                (3, "Block CPU Eff"),
                (3, "Seeks CPU Eff"),
                (4, "Block"),
                (4, "Block %CPU"),
                (4, "Block CPU Eff"),
            ]
        );
    }

    /// A bonnie++ row a mail wrapped between the last rate and its %CPU
    /// (`16   469  98 … 428` then `11`): that test's efficiency is still
    /// derived, on the rate's line.
    #[test]
    fn bonnie_eff_of_a_rate_whose_cpu_was_wrapped_onto_the_next_line() {
        let on = |name: &str, v: f64, line: usize| Sample { line, ..row(name, "files/s", v) };
        let mut p = ParsedFile {
            benchmark: "bonnie++".into(),
            samples: vec![
                on("Create", 503.0, 38),
                on("Create %CPU", 13.0, 38),
                on("Delete", 428.0, 38),
                on("Delete %CPU", 11.0, 39),
            ],
            ..ParsedFile::default()
        };
        derive(&mut p);
        let eff = p.samples.iter().find(|s| s.metric.name == "Delete CPU Eff").expect("derived");
        assert_eq!((eff.line, eff.value.mean()), (38, 3890.91));
        assert_eq!(p.samples.iter().filter(|s| s.metric.name.ends_with("CPU Eff")).count(), 2);
    }

    /// A long Bonnie log (here 4,000 rows) derives in linear time: each
    /// row's samples were looked for by a scan of the whole file, and each
    /// derived sample inserted by shifting the rest, which took minutes.
    /// Read for correctness only: a quadratic read of this size takes
    /// minutes; the time is measured by `cargo bench --bench parse --
    /// large_inputs`, never asserted by a test.
    #[test]
    fn many_rows_derive_in_linear_time() {
        let rows = 4_000;
        let mut samples = Vec::new();
        for line in 1..=rows {
            for (name, v) in [("Block", 100.0), ("Block %CPU", 50.0), ("Seeks", 10.0), ("Seeks %CPU", 5.0)] {
                samples.push(Sample { line, ..row(name, "KB/s", v) });
            }
        }
        let mut p = ParsedFile { benchmark: "bonnie".into(), samples, ..ParsedFile::default() };
        derive(&mut p);
        assert_eq!(p.samples.len(), rows * 6);
    }

    #[test]
    fn bonnie_eff_per_test_and_zero_cpu_skipped() {
        let mut p = ParsedFile {
            benchmark: "bonnie++".into(),
            samples: vec![
                row("Block", "KB/s", 14909.0),
                row("Block %CPU", "%", 66.0),
                row("Seeks", "seeks/s", 132.0),
                row("Seeks %CPU", "%", 0.0),
            ],
            ..ParsedFile::default()
        };
        derive(&mut p);
        let names: Vec<&str> = p.samples.iter().map(|s| s.metric.name.as_str()).collect();
        assert_eq!(names, vec!["Block", "Block %CPU", "Seeks", "Seeks %CPU", "Block CPU Eff"]);
        assert_eq!(p.samples[4].value.mean(), 22589.39);
        assert_eq!(p.samples[4].metric.unit, "KB/s");
    }
}
