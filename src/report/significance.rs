//! Significance: the page's Benjamini–Hochberg correction, the marks
//! after each change and the texts that explain them.

use super::{Mark, SectionView, TableView};
use crate::model::Better;
use crate::stats::{Comparison, benjamini_hochberg};

/// Adjusts the p-values of every tested comparison on a machine class's
/// page together (Benjamini–Hochberg, see [`crate::stats`]), then marks
/// each compared cell: `*` when its adjusted p-value is below `alpha`, `~`
/// when tested and not significant, nothing when not tested. Columns with
/// no better direction (MHz, %CPU, counts) are informational: they get no
/// mark and are not part of the family. Every table learns the family's
/// size ([`TableView::tests`]) for its legend, which is returned. `over`
/// names the family in the legends: `"this machine class"` (a class's
/// page), `"this page"` (the cross-class page).
pub fn correct_page(sections: &mut [SectionView], alpha: f64, over: &str) -> usize {
    let mut at: Vec<(usize, usize, usize)> = Vec::new();
    let mut p: Vec<f64> = Vec::new();
    // A cell that restates another column's change ([`crate::derive::
    // restates`]: pgbench's latency average, clients / tps) is not tested
    // again: the same change would count twice in the family.
    for (si, s) in sections.iter().enumerate() {
        let restated = restated_columns(s);
        let base = base_rows(&s.table);
        for (ri, r) in s.table.rows.iter().enumerate() {
            for (ci, (c, col)) in r.cells.iter().zip(&s.table.columns).enumerate() {
                let w = c.as_ref().and_then(|c| c.comparison).and_then(|x| x.welch);
                let is_restated = restated[ci].as_ref().is_some_and(|re| re.pair(ri, base(r)));
                let tested = col.better != Better::Neither && !is_restated;
                if let Some(w) = w.filter(|w| tested && !w.p.is_nan()) {
                    at.push((si, ri, ci));
                    p.push(w.p);
                }
            }
        }
    }
    for ((si, ri, ci), adjusted) in at.iter().zip(benjamini_hochberg(&p)) {
        let cell = sections[*si].table.rows[*ri].cells[*ci].as_mut();
        if let Some(cmp) = cell.and_then(|c| c.comparison.as_mut()) {
            cmp.p_adjusted = Some(adjusted);
            cmp.significant = adjusted < alpha;
        }
    }
    // The legend explains a table's `-N×` only where a table of the page
    // shows one: most pages have no loss past half.
    let factors = sections.iter().any(|s| shows_factor(&s.table));
    let untested = if p.is_empty() { untested_of(sections) } else { vec![None; sections.len()] };
    for (s, untested) in sections.iter_mut().zip(untested) {
        let restated = restated_columns(s);
        // Per row and column: the cell restates its baseline row's change.
        let cell_restated: Vec<Vec<bool>> = {
            let base = base_rows(&s.table);
            let rows = s.table.rows.iter().enumerate();
            rows.map(|(ri, r)| restated.iter().map(|re| re.as_ref().is_some_and(|re| re.pair(ri, base(r)))).collect())
                .collect()
        };
        s.table.tests = p.len();
        s.table.untested = untested;
        s.table.legend = legend(&s.table, over, factors);
        s.table.merged_legend = s
            .table
            .rows
            .iter()
            .any(|r| r.cells.iter().flatten().any(|c| c.merged))
            .then(|| super::notable::MERGED_LEGEND.to_string());
        s.table.copied_legend = s
            .table
            .rows
            .iter()
            .any(|r| r.cells.iter().flatten().any(|c| c.copied))
            .then(|| super::notable::COPIED_LEGEND.to_string());
        if let Some(text) = s.table.legend.as_mut() {
            for (ci, col, re) in
                s.table.columns.iter().zip(&restated).enumerate().filter_map(|(ci, (c, r))| Some((ci, c, r.as_ref()?)))
            {
                // Compared cells of the column: restated, and tested.
                let compared =
                    |want: bool| {
                        s.table.rows.iter().zip(&cell_restated).any(|(r, cr)| {
                            r.cells[ci].as_ref().is_some_and(|c| c.comparison.is_some()) && cr[ci] == want
                        })
                    };
                if !compared(true) && compared(false) {
                    continue;
                }
                text.push_str(&format!(
                    "; {} is {}, the {} column restated: not tested, nor part of the family{}",
                    col.name,
                    re.how,
                    re.of,
                    if compared(false) {
                        " (where a row and its baseline row both restate it alike; its other changes tested)"
                    } else {
                        ""
                    }
                ));
            }
        }
        let columns = &s.table.columns;
        for (row, restated) in s.table.rows.iter_mut().zip(&cell_restated) {
            for ((c, col), re) in row.cells.iter_mut().zip(columns).zip(restated) {
                if let Some(c) = c.as_mut().filter(|_| col.better != Better::Neither && !re) {
                    c.mark = c.comparison.as_ref().map_or(Mark::None, significance_mark);
                    if let Some(x) = c.comparison.filter(|x| x.significant)
                        && let Some(pct) = x.pct_better
                    {
                        c.delta_text = Some(super::format::fmt_change_significant(pct, col.better, &col.unit));
                    }
                }
            }
        }
    }
    p.len()
}

/// The baseline row each row of `t` is compared with
/// ([`super::base_rows::BaseRows::find`]), `None` where none is known.
fn base_rows(t: &TableView) -> impl Fn(&super::RowView) -> Option<usize> + '_ {
    let rows = t.baseline.as_deref().map(|b| super::base_rows::BaseRows::new(&t.param_headers, &t.rows, b));
    move |r| rows.as_ref().and_then(|b| b.find(r))
}

/// A column that restates another of its section
/// ([`restated_columns`]): what it restates and how, and each row's
/// printed figure over the computed one (`None` where the row cannot say,
/// is too far off, or ran with a rate limit).
#[derive(Debug, Clone)]
pub struct RestatedColumn {
    /// The metric restated (`tps`).
    pub of: &'static str,
    /// How (`clients / tps`).
    pub how: &'static str,
    /// Per row of the table: printed ÷ computed where the row restates.
    offsets: Vec<Option<f64>>,
}

impl RestatedColumn {
    /// True when row `ri`'s cell, compared with the baseline's row `base`
    /// (`None` where not known), restates the other column: both rows
    /// restate it and their printed figures stand to the computed ones
    /// alike within [`crate::derive::RESTATED_PAIR_WITHIN`], so the change
    /// is the restated metric's change (attack40 F1: tps equal on both
    /// kernels, latency −4.7 % and +4.8 % off clients / tps, each within
    /// the 5 %, a −10 % latency change was left untested). Without a known
    /// baseline row every row of the table must agree so.
    pub fn pair(&self, ri: usize, base: Option<usize>) -> bool {
        let alike = |a: f64, b: f64| (a / b - 1.0).abs() <= crate::derive::RESTATED_PAIR_WITHIN;
        let Some(Some(own)) = self.offsets.get(ri).copied() else { return false };
        match base {
            Some(b) => self.offsets.get(b).copied().flatten().is_some_and(|o| alike(own, o)),
            None => self.offsets.iter().all(|o| o.is_some_and(|o| alike(own, o))),
        }
    }
}

/// For each column of `s`'s table, what it restates and how
/// ([`crate::derive::restates`]: pgbench's `latency average` is clients /
/// tps), or `None` for a measurement of its own. A restated cell is not
/// tested, nor part of the family, nor counted in a kernel's summary
/// ([`super::compare::kernel_summary`]): the same change would count twice.
///
/// Whether a cell restates is decided per pair of rows compared
/// ([`RestatedColumn::pair`]): each row that gives the column, the
/// restated metric and its clients agrees with
/// [`crate::derive::restated_figure`] within
/// [`crate::derive::RESTATED_WITHIN`] (a rate-limited pgbench run's
/// measured latency does not, attack39 finding 1), no row ran with a rate
/// limit (pgbench's `rate` parameter: its latency is measured, attack40
/// F1), and the two rows' figures stand to the computed ones alike. A
/// column none of whose rows restates, or a table where no row can say,
/// is `None`: a measurement, tested like any.
pub fn restated_columns(s: &SectionView) -> Vec<Option<RestatedColumn>> {
    let of = |name: &str| s.benchmarks.iter().find_map(|b| crate::derive::restates(b, name).map(|r| (b.as_str(), r)));
    s.table
        .columns
        .iter()
        .enumerate()
        .map(|(ci, c)| {
            let (bench, (of, how)) = of(&c.name)?;
            let offsets = restated_by_figures(&s.table, ci, bench, of);
            offsets.iter().any(Option::is_some).then_some(RestatedColumn { of, how, offsets })
        })
        .collect()
}

/// Per row of `t`: the printed figure of column `ci` over the one that
/// restates metric `source` of `bench` would print ([`restated_columns`]'s
/// rule), where it is within [`crate::derive::RESTATED_WITHIN`] and the
/// row ran with no rate limit: the source is the column of that name with
/// the same part label before it (`X latency average`, `X tps`), the
/// clients the row's or the table's `clients` parameter.
fn restated_by_figures<'a>(t: &'a TableView, ci: usize, bench: &str, source: &str) -> Vec<Option<f64>> {
    let name = &t.columns[ci].name;
    // The source column of the longest part label `name` starts with.
    let Some(si) = (0..t.columns.len())
        .filter(|&i| {
            t.columns[i]
                .name
                .strip_suffix(source)
                .is_some_and(|p| (p.is_empty() || p.ends_with(' ')) && name.starts_with(p))
        })
        .max_by_key(|&i| t.columns[i].name.len())
    else {
        return vec![None; t.rows.len()];
    };
    let param = |r: &'a super::RowView, p: &str| -> Option<&'a str> {
        let fixed = t.fixed_param_values.iter().find(|(n, _)| n == p).map(|(_, v)| v.as_str());
        let at = t.param_headers.iter().position(|h| h == p);
        at.and_then(|a| r.params.get(a)).map(String::as_str).filter(|v| !v.is_empty()).or(fixed)
    };
    t.rows
        .iter()
        .map(|r| {
            let c = r.cells[ci].as_ref()?;
            let src = r.cells.get(si).and_then(Option::as_ref)?;
            if param(r, crate::parse::pgbench::RATE_PARAM).is_some() {
                return None;
            }
            let clients = param(r, "clients").and_then(|v| v.parse().ok());
            let want = crate::derive::restated_figure(bench, clients, src.summary.mean)?;
            ((c.summary.mean - want).abs() <= want * crate::derive::RESTATED_WITHIN).then(|| c.summary.mean / want)
        })
        .collect()
}

/// The mark after a change: `*` significant at α after the page's
/// correction, `~` tested and not significant, nothing when not tested
/// (a single run, a difference below the printed resolution, or no spread
/// on either side and a difference of one printed step at most).
pub fn significance_mark(c: &Comparison) -> Mark {
    match (c.welch, c.significant) {
        (Some(_), true) => Mark::Significant,
        (Some(_), false) => Mark::NotSignificant,
        (None, _) => Mark::None,
    }
}

/// What "not tested" means, in the legends of every rendering.
pub const NOT_TESTED: &str = "a single run, no spread on either side and a difference of one printed step at most, or a difference below the last printed decimal place";

/// Why a change from a value marked `≥` is not tested: said with the
/// other reasons ([`not_tested_text`]) on a page that shows one.
pub const AT_LEAST_NOT_TESTED: &str =
    "a mean of only the runs that timed the test (≥: its other runs printed +++++, too fast to time)";

/// What "not tested" means on a page: [`NOT_TESTED`], and where a table
/// of the page shows a mean of only the timed runs (`≥`, bonnie++'s
/// `+++++` in its other runs: `at_least`), that too, which only the note
/// under that table said.
pub fn not_tested_text(at_least: bool) -> String {
    if at_least {
        format!(
            "a single run, no spread on either side and a difference of one printed step at most, a difference below the last printed decimal place, or {AT_LEAST_NOT_TESTED}"
        )
    } else {
        NOT_TESTED.to_string()
    }
}

/// What `*` means: "significant at α = 0.05 after Benjamini–Hochberg
/// correction over the 412 tests of this machine class (Welch's t-test;
/// an exact rank test where neither side's runs vary)"
/// ("the one test"; with none, that no change could be tested).
pub fn significance_text(alpha: f64, tests: usize) -> String {
    significance_text_over(alpha, tests, CLASS)
}

/// The tests behind the p-values, as the legends name them: Welch's, and
/// the exact rank test where neither side's runs vary and the two are
/// more than a printed step apart ([`crate::stats::rank_separated`]).
pub const TESTS: &str = "Welch's t-test; an exact rank test where neither side's runs vary";

/// The family a class page's correction is over, as its legends say.
pub const CLASS: &str = "this machine class";

/// [`significance_text`] of a correction over the tests of `over`
/// (`"this page"` on the cross-class page).
pub fn significance_text_over(alpha: f64, tests: usize, over: &str) -> String {
    let family = match tests {
        0 => {
            return format!(
                "significant at α = {alpha} after Benjamini–Hochberg correction ({TESTS}; no change of {over} could be tested)"
            );
        }
        1 => "the one test".to_string(),
        n => format!("the {n} tests"),
    };
    format!("significant at α = {alpha} after Benjamini–Hochberg correction over {family} of {over} ({TESTS})")
}

/// The lines explaining the cell marks of `m`'s tables that say more than
/// the legend ([`TableView::merged_legend`], then
/// [`TableView::copied_legend`]), each once, for a page that says them
/// once (Markdown, mail).
pub fn mark_legends(m: &super::MachinePage) -> impl Iterator<Item = &str> {
    let merged = m.sections.iter().find_map(|s| s.table.merged_legend.as_deref());
    let copied = m.sections.iter().find_map(|s| s.table.copied_legend.as_deref());
    merged.into_iter().chain(copied)
}

/// The legend a page says once, near its top: its first table's
/// ([`TableView::legend`]); a table whose legend differs (a section with
/// its own baseline) says its own. `None` when no table has comparisons.
pub fn page_legend(m: &super::MachinePage) -> Option<&str> {
    m.sections.iter().find_map(|s| s.table.legend.as_deref())
}

/// The legend explaining the marks, for tables that have comparisons:
/// "% = change vs 2.4.20-pre5, positive is better; * significant at α =
/// 0.05 after Benjamini–Hochberg correction over the 412 tests of this
/// machine class (Welch's t-test); ~ tested, not significant; unmarked:
/// not tested" (`over` names the family: [`CLASS`], `"this page"`). With
/// `factors` (some table of the page prints a loss past half as `-N×`,
/// [`shows_factor`]) "positive is better" is followed by [`FACTORS`]. When
/// no change could be tested (single runs), only the first part and why
/// there are no marks ([`no_tests_text`]: the reasons of
/// [`TableView::untested`]). `None` as well when no cell of the table is
/// compared (a class of one kernel: no `%` column to explain).
pub fn legend(t: &TableView, over: &str, factors: bool) -> Option<String> {
    let base = t.baseline.as_ref()?;
    if !t.rows.iter().flat_map(|r| r.cells.iter().flatten()).any(|c| c.comparison.is_some()) {
        return None;
    }
    let factors = if factors { format!(" ({FACTORS})") } else { String::new() };
    if t.tests == 0 {
        return Some(format!("% = change vs {base}, positive is better{factors}; {}", no_tests_text(t)));
    }
    Some(format!(
        "% = change vs {base}, positive is better{factors}; * {}; ~ tested, not significant; unmarked: not tested",
        significance_text_over(t.alpha, t.tests, over)
    ))
}

/// True when some cell of `t` prints its change as a factor (`-3.06×`, a
/// loss past [`super::format::FACTOR_BELOW_PCT`]): its change text
/// ([`super::CellView::delta_text`]) is the prose's "3.06× slower", the
/// one form with `×`, which a table cell shortens to the factor
/// ([`super::format::change_cell_of`]). A page of none has no `-N×` for
/// the legend to explain (every demo mail said "(-N× = N times worse)",
/// four of them with no such cell).
pub fn shows_factor(t: &TableView) -> bool {
    t.rows.iter().any(row_shows_factor)
}

/// [`shows_factor`] of one row: some cell of `r` prints its change as a
/// factor. A kernel page, which shows its kernel's rows only, asks it of
/// those ([`super::KernelPage::factors`]).
pub fn row_shows_factor(r: &super::RowView) -> bool {
    r.cells.iter().flatten().any(|c| c.delta_text.as_deref().is_some_and(|d| d.contains('×')))
}

/// How a table cell writes a loss past −50% ([`super::grid`]).
pub const FACTORS: &str = "-N× = N times worse";

/// Why a page without any tested change has no marks: too few runs (n < 2
/// on a side), too little spread (none on either side) or too small a
/// change (below the last printed decimal), as [`NOT_TESTED`] says at
/// length; short enough for the mail legend's second line.
pub const NO_TESTS: &str = "no change could be tested for significance (too few runs, spread or change)";

/// Each of `sections`' reasons no change could be tested
/// ([`TableView::untested`]), where none of the page was: those of the
/// sections that share its baseline (a table the baseline has no row in
/// is of its class's, [`TableView::baseline_absent`]).
fn untested_of(sections: &[SectionView]) -> Vec<Option<String>> {
    let base_of = |s: &SectionView| s.table.baseline.clone().or_else(|| s.table.baseline_absent.clone());
    // The reasons once per baseline, not once per section (review61 site
    // #5: each section's were made over all its baseline's sections again).
    let mut by_base: rustc_hash::FxHashMap<String, Option<String>> = rustc_hash::FxHashMap::default();
    sections
        .iter()
        .map(|s| {
            let base = base_of(s)?;
            by_base
                .entry(base)
                .or_insert_with_key(|base| {
                    let of: Vec<&SectionView> = sections.iter().filter(|o| base_of(o).as_ref() == Some(base)).collect();
                    untested_reasons(&of)
                })
                .clone()
        })
        .collect()
}

/// The reasons no change could be tested ([`TableView::untested`]) and
/// the legends that end with them, made again for `sections`, the part
/// of a page some view shows: a mail of the last kernels, `text
/// --section`'s sections, the mail's tables without their noisy changes
/// ([`super::without_detail`]). "in the other 6 sections" was said above
/// the one section `text --section` printed.
pub fn untested_again(sections: &mut [SectionView]) {
    // A page where some change was tested has no reasons to make again.
    if sections.iter().any(|s| s.table.tests > 0) {
        return;
    }
    let untested = untested_of(sections);
    for (s, why) in sections.iter_mut().zip(untested) {
        let t = &mut s.table;
        let before = no_tests_text(t);
        t.untested = why;
        let after = no_tests_text(t);
        if let Some(head) = t.legend.as_deref().and_then(|l| l.strip_suffix(before.as_str())) {
            t.legend = Some(format!("{head}{after}"));
        }
    }
}

/// What a legend says where no change of the page could be tested: why,
/// section by section ([`TableView::untested`]): "no change could be
/// tested for significance: single runs in fio random read (mmap, 4k);
/// …"; [`NO_TESTS`] where no section gives a reason. Every rendering's
/// legend says it in these words (the Markdown page said "too few runs,
/// spread or change" beside the mail's reasons, session 60).
pub fn no_tests_text(t: &TableView) -> String {
    match &t.untested {
        Some(why) => format!("no change could be tested for significance: {why}"),
        None => NO_TESTS.to_string(),
    }
}

/// Why no change of `sections` could be tested, section by section
/// ([`TableView::untested`], where the page's family of tests is empty):
/// "single runs in fio random read (mmap, 4k); no row compared with the
/// baseline in the other 6 sections (the notes under their tables say
/// why)". [`NO_TESTS`] named three reasons for every table, where the
/// newcomer's hackbench had 8 runs a row and its real reason was the
/// set-ups (newcomer59b 5). Each compared cell of a column with a better
/// direction gives its reason ([`Comparison::welch`]'s: a side of one run,
/// a side's mean of runs whose spread is not given, no spread on either
/// side and a change of a printed step at most, a change below the last
/// printed decimal); a section whose table has a
/// baseline and rows of other kernels but compares none gives "no row
/// compared with the baseline" (the note under its table says why: the
/// set-ups, the metrics, or no baseline row). Sections named by title;
/// the reason of most sections, where several differ, as "in the other N
/// sections". `None` when no section gives a reason.
pub fn untested_reasons(sections: &[&SectionView]) -> Option<String> {
    const UNCOMPARED: &str = "no row compared with the baseline";
    let mut groups: Vec<(&'static str, Vec<&str>)> = Vec::new();
    for s in sections {
        let t = &s.table;
        // A table the baseline has no row in (its note says so) has none
        // compared either.
        let Some(baseline) = t.baseline.as_deref().or(t.baseline_absent.as_deref()) else { continue };
        let base = base_rows(t);
        let mut why: Vec<&'static str> = Vec::new();
        for r in t.rows.iter().filter(|r| r.kernel != baseline) {
            let Some(br) = base(r).map(|b| &t.rows[b]) else { continue };
            for (ci, ((c, bc), col)) in r.cells.iter().zip(&br.cells).zip(&t.columns).enumerate() {
                let (Some(c), Some(bc)) = (c, bc) else { continue };
                let Some(cmp) = c.comparison.filter(|c| c.welch.is_none()) else { continue };
                if col.better == Better::Neither {
                    continue;
                }
                let unknown = |x: &super::CellView| x.summary.stddev.is_none();
                let still = |x: &super::CellView| x.summary.stddev == Some(0.0);
                let ci32 = u32::try_from(ci).unwrap_or(u32::MAX);
                let understated = r.part_untimed.contains(&ci32) || br.part_untimed.contains(&ci32);
                let reason = if understated {
                    // Bonnie++'s `+++++` in some runs: the mean of the
                    // others understates the test, and is not tested.
                    "means of only the runs that timed the test (≥)"
                } else if c.summary.n < 2 || bc.summary.n < 2 {
                    "single runs"
                } else if unknown(c) || unknown(bc) {
                    // A posted mean of 5 runs (`runs: n: 5`), its runs
                    // not given: the quad Xeon's dbench.
                    "means whose runs' spread is not given"
                } else if still(c) && still(bc) && !cmp.within_step {
                    "no spread on either side and a change of a printed step at most"
                } else {
                    "changes below the last printed decimal"
                };
                if !why.contains(&reason) {
                    why.push(reason);
                }
            }
        }
        let others = t.rows.iter().any(|r| r.kernel != baseline) || t.baseline_absent.is_some();
        let compared = t.rows.iter().flat_map(|r| r.cells.iter().flatten()).any(|c| c.comparison.is_some());
        if why.is_empty() && others && !compared {
            why.push(UNCOMPARED);
        }
        for w in why {
            match groups.iter_mut().find(|(g, _)| *g == w) {
                Some((_, titles)) => titles.push(&s.title),
                None => groups.push((w, vec![&s.title])),
            }
        }
    }
    if groups.is_empty() {
        return None;
    }
    // Why a row is not compared, the note under its table says.
    let why = |g: &str, n: usize| match (g == UNCOMPARED, n) {
        (false, _) => "",
        (true, 1) => " (the note under its table says why)",
        (true, _) => " (the notes under their tables say why)",
    };
    if let [(only, titles)] = groups.as_slice() {
        return Some(format!("{only}{}", why(only, titles.len())));
    }
    // The reason of most sections (the last of the most) is said of "the
    // other" sections, after the rest, which name theirs.
    let most = (0..groups.len()).max_by_key(|&i| groups[i].1.len()).unwrap_or(0);
    let named = |titles: &[&str]| match titles {
        [one] => one.to_string(),
        [first, second, third, rest @ ..] if !rest.is_empty() => {
            format!("{first}, {second}, {third} and {} more sections", rest.len())
        }
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    };
    let mut parts: Vec<String> = groups
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != most)
        .map(|(_, (g, t))| format!("{g} in {}{}", named(t), why(g, t.len())))
        .collect();
    let (g, t) = &groups[most];
    // "The other" only where none of them is named above with a reason
    // of its own too (fio's single runs beside its changes below a step).
    let apart = groups.iter().enumerate().all(|(i, (_, o))| i == most || o.iter().all(|x| !t.contains(x)));
    parts.push(match t.len() {
        n if n > 1 && apart => format!("{g} in the other {n} sections{}", why(g, n)),
        n => format!("{g} in {}{}", named(t), why(g, n)),
    });
    Some(parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CellView, ColumnView, RowView, TableView};
    use crate::stats::Welch;

    /// pgbench's latency average is its clients over its tps: the one
    /// change was tested twice, once per column. Its column is left out of
    /// the family (no mark, no adjusted p-value) and the legend says why.
    #[test]
    fn pgbench_latency_average_is_left_out_of_the_family() {
        let cmp = |p: f64| Comparison {
            diff: 1.0,
            pct_better: Some(10.0),
            welch: Some(Welch { t: 5.0, df: 4.0, p }),
            p_adjusted: None,
            significant: false,
            within_step: false,
            no_ratio: false,
            baseline: 0.0,
        };
        let cell = |p: f64, mean: f64| {
            let summary = crate::stats::Summary { n: 3, mean, ..Default::default() };
            Some(CellView { comparison: Some(cmp(p)), summary, ..Default::default() })
        };
        let col = |name: &str, better| ColumnView { name: name.into(), better, ..Default::default() };
        // pgbench's own example: 50 clients, 406.261459 tps, 122.818 ms.
        let table = TableView {
            columns: vec![col("tps", Better::Higher), col("latency average", Better::Lower)],
            rows: vec![RowView::new("6.1".into(), vec![], vec![cell(0.001, 406.261459), cell(0.001, 122.818)])],
            fixed_param_values: vec![("clients".into(), "50".into())],
            baseline: Some("6.0".into()),
            ..Default::default()
        };
        let mut s = SectionView { benchmarks: vec!["pgbench".into()], table, ..Default::default() };
        let tests = correct_page(std::slice::from_mut(&mut s), 0.05, CLASS);
        assert_eq!(tests, 1);
        let cells = &s.table.rows[0].cells;
        let (tps, lat) = (cells[0].as_ref().unwrap(), cells[1].as_ref().unwrap());
        assert_eq!((tps.mark, lat.mark), (Mark::Significant, Mark::None));
        assert_eq!(lat.comparison.and_then(|c| c.p_adjusted), None);
        let legend = s.table.legend.as_deref().unwrap_or("");
        assert!(legend.contains("latency average is clients / tps, the tps column restated"), "{legend}");
        // Another benchmark's column of that name is tested.
        s.benchmarks = vec!["sysbench".into()];
        assert_eq!(correct_page(std::slice::from_mut(&mut s), 0.05, CLASS), 2);
        // attack39 finding 1: a rate-limited run (`-R 1000`) prints a
        // measured average, 3.22 ms where 32 clients / 999.8 tps is 32.0
        // ms: tested, and the legend says nothing of restating.
        s.benchmarks = vec!["pgbench".into()];
        s.table.fixed_param_values = vec![("clients".into(), "32".into())];
        s.table.rows[0].cells = vec![cell(0.001, 999.8), cell(0.001, 3.22)];
        assert_eq!(correct_page(std::slice::from_mut(&mut s), 0.05, CLASS), 2);
        assert!(!s.table.legend.as_deref().unwrap_or("").contains("restated"), "{:?}", s.table.legend);
        // Nor is a column restated where no row gives the clients.
        s.table.fixed_param_values.clear();
        s.table.rows[0].cells = vec![cell(0.001, 406.261459), cell(0.001, 122.818)];
        assert_eq!(correct_page(std::slice::from_mut(&mut s), 0.05, CLASS), 2);
    }

    /// attack40 F1: tps equal on both kernels (1000.02), latency average
    /// 3.812 ms on the baseline and 4.192 ms on 6.2: each within 5 % of
    /// 4 clients / 1000 tps = 4.0 ms (−4.7 %, +4.8 %), so the column was
    /// called restated and a −10 % latency change went untested. Now the
    /// pair is judged: their figures stand to clients / tps 10 % apart,
    /// so the change is tested. Must not fire: both rows alike (pgbench's
    /// own 0.2 % off on both sides) stay restated; a `rate` row is never
    /// restated (F22, its latency measured).
    #[test]
    fn a_latency_change_tps_does_not_explain_is_tested() {
        let cell = |mean: f64, cmp: bool| {
            let summary = crate::stats::Summary { n: 3, mean, ..Default::default() };
            let comparison = cmp.then_some(Comparison {
                diff: 1.0,
                pct_better: Some(10.0),
                welch: Some(Welch { t: 5.0, df: 4.0, p: 1e-10 }),
                p_adjusted: None,
                significant: false,
                within_step: false,
                no_ratio: false,
                baseline: 0.0,
            });
            Some(CellView { comparison, summary, ..Default::default() })
        };
        let col = |name: &str, better| ColumnView { name: name.into(), better, ..Default::default() };
        let section = |base: [f64; 2], new: [f64; 2], fixed: Vec<(String, String)>| {
            let table = TableView {
                columns: vec![col("tps", Better::Higher), col("latency average", Better::Lower)],
                rows: vec![
                    RowView::new("6.1".into(), vec![], vec![cell(base[0], false), cell(base[1], false)]),
                    RowView::new("6.2".into(), vec![], vec![cell(new[0], true), cell(new[1], true)]),
                ],
                fixed_param_values: fixed,
                baseline: Some("6.1".into()),
                ..Default::default()
            };
            SectionView { benchmarks: vec!["pgbench".into()], table, ..Default::default() }
        };
        let clients = |n: &str| vec![("clients".to_string(), n.to_string())];
        let tested = |mut s: SectionView| {
            let n = correct_page(std::slice::from_mut(&mut s), 0.05, CLASS);
            let lat = s.table.rows[1].cells[1].as_ref().unwrap();
            (n, lat.mark, s.table.legend.unwrap_or_default().contains("restated"))
        };
        // F1: tested, significant, no "restated" in the legend.
        assert_eq!(tested(section([1000.02, 3.812], [1000.02, 4.192], clients("4"))), (2, Mark::Significant, false));
        // Must not fire: pgbench's example on both sides (tps 406.26 →
        // 450.0, latency 122.818 → 110.88, both 0.2 % under clients / tps).
        assert_eq!(tested(section([406.261459, 122.818], [450.0, 110.88], clients("50"))), (1, Mark::None, true));
        // F22: a rate-limited set-up (`rate` on every row) is measured
        // whatever its figures.
        let mut rate = clients("4");
        rate.push(("rate".into(), "1000".into()));
        assert_eq!(tested(section([1000.0, 4.0], [1000.0, 4.01], rate)), (2, Mark::Significant, false));
    }
}
