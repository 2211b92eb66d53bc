//! The regressions page of a machine class (`regressions.html`,
//! `regressions.md`, `benchsite text CLASS --regressions`): only the
//! changes for the worse against the baseline that are significant after
//! the page's correction ([`super::correct_page`], the cells marked `*`)
//! and larger than the section's regression threshold, largest loss first,
//! with the per-kernel summary of `compare.html` ([`KernelSummary`]).

use super::format::fmt_p;
use super::notable::significant_changes;
use super::{CellView, KernelSummary, MachinePage, PageLink, SectionView, compare_summary, params_text};
use compact_str::CompactString;
use serde::Serialize;

/// The regression threshold (percent of the baseline's value) when
/// neither the section, the machine nor the site sets
/// `regression_threshold:`. Significance already keeps out what noise
/// could explain; 2% keeps out the changes that are real but too small to
/// matter (with many runs, Welch's test finds a 0.3% change significant),
/// and is about the run-to-run spread of a quiet machine's timed runs.
pub const DEFAULT_REGRESSION_THRESHOLD: f64 = 2.0;

/// One regression: a kernel's value significantly worse than the
/// baseline's by more than the section's threshold.
#[derive(Debug, Clone, Serialize)]
pub struct Regression {
    /// The kernel's mark when its dmesg shows a problem
    /// ([`super::environment::KernelMark`]), drawn after its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<super::environment::KernelMark>,
    /// Section heading.
    pub section: String,
    /// Section anchor on the machine page (`index.html#…`).
    pub section_id: String,
    /// Metric column name.
    pub metric: String,
    /// Its unit ("" for a pure number).
    pub unit: String,
    /// Parameters as text ("procs 32, size 4k"), "" when none.
    pub params: String,
    /// The kernel that regressed.
    pub kernel: String,
    /// The baseline kernel it is compared against.
    pub baseline: String,
    /// The kernel's value as printed in the table.
    pub value: CompactString,
    /// The baseline's value as printed in the table.
    pub baseline_value: CompactString,
    /// The change as the table prints it, positive is better: "-12.3%",
    /// past −50% "-1.51×".
    pub change: CompactString,
    /// The change in percent, positive is better (negative here).
    pub pct_better: f64,
    /// Welch's p-value after the page's Benjamini–Hochberg correction.
    pub p_adjusted: f64,
    /// That p-value as text: "p = 0.003", "p < 0.001".
    pub p: CompactString,
    /// The marks [`Regression::value`] or [`Regression::baseline_value`]
    /// carry ([`CellView::marks`]), together: what the page's legend of
    /// marks explains ([`RegressionsPage::mark_legends`]).
    #[serde(skip)]
    pub marks: &'static str,
}

/// What a machine class's regressions are: the regressions, largest loss
/// first, and counts of what else was found.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Whether some section has a baseline (something is compared).
    pub compared: bool,
    /// How many changes the page tested (the correction's family size).
    pub tests: usize,
    /// How many cells of other kernels than the baseline have a change
    /// against it (tested or not).
    pub changes: usize,
    /// Whether some table compares a kernel with nothing
    /// ([`super::uncompared`]: its rows lack the baseline's set-up).
    pub uncompared: bool,
    /// Why no change could be tested, section by section, where none was
    /// ([`super::TableView::untested`] of the first table that says it):
    /// the legends' reasons, said here in their words.
    pub untested: Option<String>,
    /// The regressions, largest loss first (equal losses in page order).
    pub regressions: Vec<Regression>,
    /// Significant changes for the better past the threshold.
    pub improvements: usize,
    /// How many of those improvements are of a kernel whose runs are from
    /// another machine than the baseline's (marked
    /// [`super::environment::OTHER_MACHINE_MARK`]): counted, and said so.
    pub improvements_other_machine: usize,
    /// Significant changes (either way) within the threshold, not counted.
    pub within_threshold: usize,
    /// The thresholds in use (percent), smallest first, each once.
    pub thresholds: Vec<f64>,
    /// Whether a table with a baseline shows a mean of only the timed
    /// runs (`≥`: bonnie++'s `+++++` in its other runs), whose change is
    /// not tested, so never a regression.
    pub at_least: bool,
}

/// The regressions of `sections` ([`Selection`]): every cell marked `*`
/// (significant after the page's correction, in a column with a better
/// direction) of a table with a baseline whose change against the
/// baseline is past its table's
/// [`TableView::regression_threshold`](super::TableView::regression_threshold):
/// below −threshold a regression, above +threshold an improvement.
pub fn select(sections: &[SectionView]) -> Selection {
    let mut out = Selection::default();
    for s in sections {
        let t = &s.table;
        let Some(base) = &t.baseline else { continue };
        out.compared = true;
        out.tests = out.tests.max(t.tests);
        out.changes += t
            .rows
            .iter()
            .filter(|r| &r.kernel != base)
            .flat_map(|r| r.cells.iter().flatten())
            .filter(|c| c.comparison.is_some())
            .count();
        // Asked only until one section has uncompared rows (its answer is
        // all the page needs; working it out costs a pass over the rows).
        if !out.uncompared {
            out.uncompared = t.uncompared().is_some();
        }
        out.at_least |= t.rows.iter().any(|r| !r.part_untimed.is_empty());
        if out.untested.is_none() {
            out.untested.clone_from(&t.untested);
        }
        let threshold = t.regression_threshold;
        if !out.thresholds.contains(&threshold) {
            out.thresholds.push(threshold);
        }
        // The first baseline row of each set-up, found once per section.
        let base_rows = super::base_rows::BaseRows::new(&t.param_headers, &t.rows, base);
        let repeated = super::grid::repeated_dirs(t);
        for (ri, ci, cmp) in significant_changes(t) {
            let (Some(pct), Some(p)) = (super::section::better_by(cmp, t.columns[ci].better), cmp.p_adjusted) else {
                continue;
            };
            if pct > threshold {
                out.improvements += 1;
                out.improvements_other_machine += usize::from(other_machine(t, &t.rows[ri].kernel));
                continue;
            }
            if pct >= -threshold {
                out.within_threshold += 1;
                continue;
            }
            let r = &t.rows[ri];
            let base_cell = base_rows.find(r).map(|bi| &t.rows[bi]);
            let cell = r.cells[ci].as_ref();
            let base_of_cell = base_cell.and_then(|b| b.cells[ci].as_ref());
            let either = |f: fn(&CellView) -> bool| cell.is_some_and(f) || base_of_cell.is_some_and(f);
            let marks = super::notable::marks_of(either(|c| c.merged), either(|c| c.copied));
            out.regressions.push(Regression {
                section: s.title.clone(),
                section_id: s.id.clone(),
                metric: t.columns[ci].name.clone(),
                unit: t.columns[ci].unit.clone(),
                params: params_text(t, r, &repeated),
                kernel: r.kernel.clone(),
                baseline: base.clone(),
                // Marked as the tables mark them ([`CellView::marks`]).
                value: cell.map(CellView::marked_text).unwrap_or_default(),
                baseline_value: base_of_cell.map(CellView::marked_text).unwrap_or_default(),
                change: cell.and_then(|c| c.delta_text.clone()).unwrap_or_default(),
                pct_better: pct,
                p_adjusted: p,
                p: fmt_p(p),
                mark: super::environment::mark_of(&t.marks, &r.kernel).cloned(),
                marks,
            });
        }
    }
    // Stable: equal losses stay in page order.
    out.regressions.sort_by(|a, b| a.pct_better.total_cmp(&b.pct_better));
    out.thresholds.sort_by(f64::total_cmp);
    out
}

/// True when `kernel`'s runs in table `t` are from another machine than
/// the baseline's (its mark holds
/// [`super::environment::OTHER_MACHINE_MARK`]).
fn other_machine(t: &super::TableView, kernel: &str) -> bool {
    super::environment::mark_of(&t.marks, kernel)
        .is_some_and(|m| m.mark.contains(super::environment::OTHER_MACHINE_MARK))
}

/// The line a regressions page opens with: "3 regressions, 5
/// improvements" ("25 regressions (25 of them on another machine), 0
/// improvements" where some are of a kernel marked `?`: counted, since
/// their numbers are right, but said, since a change between two
/// machines is no kernel's regression); when nothing could be tested, that no change could be
/// tested (never "0 regressions", which would claim a finding), or, where
/// no kernel has a row with the baseline's set-up, that none could be
/// compared; without a baseline, that nothing is compared.
pub fn counts_text(s: &Selection) -> String {
    if !s.compared {
        return "No baseline is set, so nothing is compared and no regression can be told.".to_string();
    }
    if s.tests == 0 && s.changes == 0 && s.uncompared {
        return "No kernel could be compared with the baseline: their rows lack its set-up (the note under each table says which and why), so no regression or improvement can be told.".to_string();
    }
    if let Some(why) = s.untested.as_deref().filter(|_| s.tests == 0) {
        // The legends' reasons ([`super::no_tests_text`]), in their words.
        return format!(
            "No change could be tested for significance: {why}. So no regression or improvement can be told."
        );
    }
    if s.tests == 0 {
        let mut why = if s.at_least {
            "single runs, no spread, differences below the last printed decimal, or means of only the runs that timed a test, marked ≥: their other runs printed +++++"
        } else {
            "single runs, no spread, or differences below the last printed decimal"
        }
        .to_string();
        // The newcomer's hackbench had 8 runs a kernel, each kernel in a
        // set-up of its own: the reasons listed did not apply.
        if s.uncompared {
            why = why.replacen(", or ", ", ", 1)
                + "; or rows without the baseline's set-up, not compared: the notes under the tables name them";
        }
        return format!(
            "No change could be tested for significance ({why}), so no regression or improvement can be told."
        );
    }
    let n = s.regressions.len();
    let m = s.improvements;
    let other = |of: usize, all: usize| match of {
        0 => String::new(),
        _ if of == all && all == 1 => " (on another machine)".to_string(),
        _ if of == all => format!(" (all {of} on another machine)"),
        _ => format!(" ({of} of them on another machine)"),
    };
    let n_other = s.regressions.iter().filter(|r| r.mark.as_ref().is_some_and(|k| k.mark.contains(OTHER))).count();
    format!(
        "{n} regression{}{}, {m} improvement{}{}",
        if n == 1 { "" } else { "s" },
        other(n_other, n),
        if m == 1 { "" } else { "s" },
        other(s.improvements_other_machine, m)
    )
}

/// The mark of a kernel whose runs are from another machine.
const OTHER: &str = super::environment::OTHER_MACHINE_MARK;

/// A percentage as the threshold is written: "5%", "2.5%".
fn percent(t: f64) -> String {
    format!("{t}%")
}

/// What the regressions page lists, in words, for its legend: "Changes
/// for the worse against the baseline significant at α = 0.05 after …,
/// larger than 2% of the baseline's value".
pub fn selection_text(s: &Selection, significance: &str) -> String {
    let threshold = match s.thresholds.as_slice() {
        [] => String::new(),
        [one] => format!(", larger than {} of the baseline's value", percent(*one)),
        many => format!(
            ", larger than their section's threshold ({} of the baseline's value)",
            many.iter().map(|t| percent(*t)).collect::<Vec<_>>().join(", ")
        ),
    };
    let within = match s.within_threshold {
        0 => String::new(),
        1 => "; 1 significant change within the threshold is not counted".to_string(),
        n => format!("; {n} significant changes within the threshold are not counted"),
    };
    // A change from a mean of only the timed runs is never listed: the
    // table's note says why, and so does this page.
    let at_least = if s.at_least {
        " A change from a mean of only the runs that timed the test (≥: its other runs printed +++++, too fast to time) is not tested, so never listed."
    } else {
        ""
    };
    format!(
        "Changes for the worse against the baseline {significance}{threshold}, largest loss first; improvements are the changes for the better past the same threshold{within}. Change in percent, positive is better whatever the metric's direction.{at_least}"
    )
}

/// The regressions page of a machine class.
#[derive(Debug, Clone, Serialize)]
pub struct RegressionsPage {
    /// "3 regressions, 5 improvements", or why none can be told
    /// ([`counts_text`]); the machine page says the same
    /// ([`MachinePage::regressions_text`]).
    pub counts: String,
    /// What is listed ([`selection_text`]).
    pub legend: String,
    /// The regressions, largest loss first.
    pub regressions: Vec<Regression>,
    /// How many improvements past the threshold there are.
    pub improvements: usize,
    /// Whether any change was tested (else the page says only `counts`).
    pub tested: bool,
    /// Each kernel against the baseline in a line, as `compare.html` opens
    /// with ([`compare_summary`]: significant wins and losses, and the
    /// direction-aware geometric mean of its ratios to the baseline); its
    /// links made relative to the class directory (`compare.html#vs-2` or
    /// `kernels/2.4.19.html`).
    pub summary: Vec<KernelSummary>,
    /// In a large class with more regressions than a page lists
    /// ([`REGRESSIONS_SHOWN`]): on `regressions.html`, which regressions
    /// it lists and where every one is; on a page of its own
    /// ([`regression_pages`]), what that page holds. Empty otherwise.
    pub shown_note: String,
    /// Those pages of every regression by kernel, in kernel order (empty
    /// when `regressions.html` lists every regression).
    pub pages: Vec<PageLink>,
    /// This page's place among `pages`, 1-based; 0 on `regressions.html`.
    pub number: usize,
    /// Its file in the machine directory: `regressions.html`,
    /// `regressions-2.html`.
    pub file: String,
    /// On a page of its own, which kernels it holds by place in the
    /// class's kernel list ("63–124"); empty on `regressions.html`.
    pub label: String,
    /// The legends of the marks its regressions' values carry
    /// ([`super::notable::legends_of_marks`]), said under its legend:
    /// none for a mark no value of the page shows.
    pub mark_legends: Vec<&'static str>,
}

/// The regressions page of `m` ([`RegressionsPage`]). In a class of more
/// than [`LARGE_CLASS`](super::LARGE_CLASS) kernels with more than
/// [`REGRESSIONS_SHOWN`] regressions it lists only the latest kernel's
/// (up to [`LATEST_SHOWN`]) and the largest losses of the rest, says so
/// and links the pages that hold every regression ([`regression_pages`]).
pub fn regressions_page(m: &MachinePage) -> std::sync::Arc<RegressionsPage> {
    m.memo.regressions.get_or_init(|| std::sync::Arc::new(regressions_page_of(m))).clone()
}

/// [`regressions_page`], worked out.
fn regressions_page_of(m: &MachinePage) -> RegressionsPage {
    let mut s = select(&m.sections);
    // Counted before a large class's list is cut.
    let (counts, legend) = (counts_text(&s), selection_text(&s, &m.significance));
    let (shown_note, pages) = match paged::plan(m, &s.regressions) {
        Some(plan) => {
            let note = paged::shown_note(m, &mut s.regressions, &plan);
            (note, plan.iter().map(|c| c.link.clone()).collect())
        }
        None => (String::new(), Vec::new()),
    };
    let files = super::kernel_files(m);
    let summary = compare_summary(m)
        .into_iter()
        .map(|mut k| {
            if k.href.starts_with('#') {
                // compare.html is written only for a class with a baseline;
                // a section's own baseline links the kernel's page.
                k.href = match (&m.baseline, m.kernels.iter().position(|x| x.name == k.kernel)) {
                    (Some(_), _) | (None, None) => format!("compare.html{}", k.href),
                    (None, Some(i)) => format!("kernels/{}", files[i]),
                };
            }
            k
        })
        .collect::<Vec<KernelSummary>>();
    let tested = s.compared && s.tests > 0;
    // "No change could be tested" above a geometric mean of -1.4% read as
    // two answers (newcomer58): the mean is said to be untested.
    let counts = if !tested && summary.iter().any(|k| k.geomean.is_some()) {
        format!(
            "{counts} The geometric mean below only describes the values as printed: untested, it tells no regression \
             or improvement either."
        )
    } else {
        counts
    };
    RegressionsPage {
        mark_legends: super::notable::legends_of_marks(s.regressions.iter().map(|r| r.marks)),
        counts,
        legend,
        tested,
        improvements: s.improvements,
        regressions: s.regressions,
        summary,
        shown_note,
        pages,
        number: 0,
        file: "regressions.html".to_string(),
        label: String::new(),
    }
}

/// The pages of a large class's every regression, by kernel in kernel
/// order, at most [`REGRESSION_PAGE_ROWS`] a page; none when
/// `regressions.html` lists every one (a class of
/// [`LARGE_CLASS`](super::LARGE_CLASS) kernels or fewer, or of
/// [`REGRESSIONS_SHOWN`] regressions or fewer). Each has the counts and legend of
/// `regressions.html`, its own regressions and no summary.
pub fn regression_pages(m: &MachinePage) -> std::sync::Arc<Vec<RegressionsPage>> {
    m.memo.regression_pages.get_or_init(|| std::sync::Arc::new(regression_pages_of(m))).clone()
}

/// [`regression_pages`], worked out.
fn regression_pages_of(m: &MachinePage) -> Vec<RegressionsPage> {
    let s = select(&m.sections);
    let Some(plan) = paged::plan(m, &s.regressions) else { return Vec::new() };
    let links: Vec<PageLink> = plan.iter().map(|c| c.link.clone()).collect();
    let (counts, legend) = (counts_text(&s), selection_text(&s, &m.significance));
    let mut slots: Vec<Option<Regression>> = s.regressions.into_iter().map(Some).collect();
    plan.iter()
        .enumerate()
        .map(|(i, c)| {
            let regressions: Vec<Regression> = c.rows.iter().filter_map(|&r| slots[r].take()).collect();
            RegressionsPage {
                mark_legends: super::notable::legends_of_marks(regressions.iter().map(|r| r.marks)),
                counts: counts.clone(),
                legend: legend.clone(),
                regressions,
                improvements: s.improvements,
                tested: true,
                summary: Vec::new(),
                shown_note: paged::page_note(m, c, i + 1, plan.len(), slots.len()),
                pages: links.clone(),
                number: i + 1,
                file: c.link.link.clone(),
                label: c.link.label.clone(),
            }
        })
        .collect()
}

mod paged;
pub use paged::{LATEST_SHOWN, REGRESSION_PAGE_ROWS, REGRESSIONS_SHOWN};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Better;
    use crate::report::{CellView, ColumnView, RowView, TableView};
    use crate::stats::{Comparison, Welch};

    /// A cell changed by `pct` (positive is better) with adjusted p `p`,
    /// significant at 0.05.
    fn cell(text: &str, pct: f64, p: f64) -> Option<CellView> {
        let welch = Some(Welch { t: 5.0, df: 4.0, p });
        let comparison = Some(Comparison {
            diff: 0.0,
            pct_better: Some(pct),
            welch,
            p_adjusted: Some(p),
            significant: p < 0.05,
            within_step: false,
            no_ratio: false,
            baseline: 0.0,
        });
        Some(CellView {
            text: text.into(),
            delta_text: Some(format!("{pct:+}%").into()),
            comparison,
            ..Default::default()
        })
    }

    fn section(threshold: f64, better: [Better; 2], rows: Vec<RowView>) -> SectionView {
        let col = |name: &str, better| ColumnView { name: name.into(), unit: "s".into(), better, ..Default::default() };
        SectionView {
            id: "dbench".into(),
            title: "dbench".into(),
            table: TableView {
                param_headers: vec!["procs".into()],
                columns: vec![col("real", better[0]), col("MHz", better[1])],
                rows,
                baseline: Some("base".into()),
                regression_threshold: threshold,
                tests: 6,
                ..Default::default()
            },
            ..Default::default()
        }
    }

    fn rows() -> Vec<RowView> {
        let base = || Some(CellView { text: "10.0".into(), ..Default::default() });
        vec![
            RowView::new("base".into(), vec!["1".into()], vec![base(), base()]),
            // -3% significant, -20% significant in a column without a direction.
            RowView::new("a".into(), vec!["1".into()], vec![cell("10.3", -3.0, 0.01), cell("12.0", -20.0, 0.001)]),
            // -30% not significant.
            RowView::new("b".into(), vec!["1".into()], vec![cell("13.0", -30.0, 0.2), None]),
            // +8% significant: an improvement; -12% significant.
            RowView::new("c".into(), vec!["1".into()], vec![cell("9.2", 8.0, 0.02), None]),
            RowView::new("d".into(), vec!["1".into()], vec![cell("11.2", -12.0, 0.004), None]),
        ]
    }

    #[test]
    fn only_significant_losses_past_the_threshold_are_regressions() {
        let s = select(&[section(2.0, [Better::Lower, Better::Neither], rows())]);
        let got: Vec<(&str, f64)> = s.regressions.iter().map(|r| (r.kernel.as_str(), r.pct_better)).collect();
        // Largest loss first; b is not significant, a's MHz has no direction.
        assert_eq!(got, [("d", -12.0), ("a", -3.0)]);
        assert_eq!(s.improvements, 1);
        assert_eq!(s.within_threshold, 0);
        let d = &s.regressions[0];
        assert_eq!((d.value.as_str(), d.baseline_value.as_str(), d.params.as_str()), ("11.2", "10.0", "procs 1"));
        assert_eq!((d.p.as_str(), d.change.as_str(), d.section_id.as_str()), ("p = 0.004", "-12%", "dbench"));
        assert_eq!(counts_text(&s), "2 regressions, 1 improvement");
    }

    #[test]
    fn the_threshold_keeps_out_small_changes_either_way() {
        let s = select(&[section(10.0, [Better::Lower, Better::Neither], rows())]);
        assert_eq!(s.regressions.len(), 1, "only -12% is past 10%");
        assert_eq!(s.improvements, 0, "+8% is within 10%");
        assert_eq!(s.within_threshold, 2);
        assert_eq!(s.thresholds, [10.0]);
        assert!(selection_text(&s, "sig").contains("larger than 10% of the baseline's value"));
    }

    /// regressions.md named the reasons a change is not tested but for a
    /// mean of only the timed runs (`≥`, bonnie++'s `+++++` in its other
    /// runs), which only the table's note said: named where a table shows
    /// one, and only there.
    #[test]
    fn a_mean_of_only_the_timed_runs_is_named_among_the_reasons() {
        let mut sec = section(10.0, [Better::Lower, Better::Neither], rows());
        let s = select(std::slice::from_ref(&sec));
        assert!(!s.at_least && !selection_text(&s, "sig").contains("≥"));
        sec.table.rows[1].part_untimed = vec![0];
        let s = select(std::slice::from_ref(&sec));
        assert!(s.at_least);
        assert!(selection_text(&s, "sig").contains("A change from a mean of only the runs that timed the test (≥"));
        sec.table.tests = 0;
        let text = counts_text(&select(&[sec]));
        assert!(text.contains("or means of only the runs that timed a test, marked ≥"), "{text}");
    }

    #[test]
    fn nothing_tested_or_compared_is_said_so_never_zero_regressions() {
        let mut sec = section(2.0, [Better::Lower, Better::Neither], Vec::new());
        sec.table.tests = 0;
        let s = select(std::slice::from_ref(&sec));
        assert!(counts_text(&s).starts_with("No change could be tested"), "{}", counts_text(&s));
        sec.table.baseline = None;
        assert!(counts_text(&select(&[sec])).starts_with("No baseline"));
    }

    /// A significant change from a baseline of 0 (uperf's `Errors` 0 →
    /// 12, smaller is better) is a regression past every threshold; the
    /// class said "0 regressions" over a cell marked `from 0*`.
    #[test]
    fn a_significant_change_from_zero_is_a_regression() {
        let cmp = Comparison {
            diff: 12.0,
            pct_better: None,
            welch: None,
            p_adjusted: Some(0.04),
            significant: true,
            within_step: false,
            no_ratio: false,
            baseline: 0.0,
        };
        let errors = Some(CellView {
            text: "12".into(),
            delta_text: Some("from 0".into()),
            comparison: Some(cmp),
            ..Default::default()
        });
        let zero = Some(CellView { text: "0".into(), ..Default::default() });
        let rows = vec![
            RowView::new("base".into(), vec!["1".into()], vec![zero, None]),
            RowView::new("e".into(), vec!["1".into()], vec![errors, None]),
        ];
        let s = select(&[section(50.0, [Better::Lower, Better::Neither], rows)]);
        assert_eq!(s.regressions.len(), 1, "{:?}", s.regressions);
        assert_eq!((s.regressions[0].kernel.as_str(), s.regressions[0].change.as_str()), ("e", "from 0"));
        assert_eq!(counts_text(&s), "1 regression, 0 improvements");
    }

    /// A class whose only other kernel ran another set-up than the
    /// baseline (dbench 16 procs against 32) compared nothing: the line
    /// says so, not that changes were too small to test.
    #[test]
    fn a_class_whose_kernels_lack_the_baselines_set_up_says_none_was_compared() {
        let plain = |t: &str| Some(CellView { text: t.into(), ..Default::default() });
        let rows = vec![
            RowView::new("base".into(), vec!["32".into()], vec![plain("10.0"), None]),
            RowView::new("a".into(), vec!["16".into()], vec![plain("11.0"), None]),
        ];
        let mut sec = section(2.0, [Better::Lower, Better::Neither], rows);
        sec.table.tests = 0;
        let s = select(std::slice::from_ref(&sec));
        assert!(counts_text(&s).starts_with("No kernel could be compared with the baseline"), "{}", counts_text(&s));
        // One compared row (untested) and it is the usual line.
        sec.table.rows.push(RowView::new("b".into(), vec!["32".into()], vec![cell("10.1", -1.0, 1.0), None]));
        let s = select(std::slice::from_ref(&sec));
        assert!(counts_text(&s).starts_with("No change could be tested"), "{}", counts_text(&s));
        // Kernel a's row is still not compared: the reasons say so (the
        // newcomer's P1-9: 8 runs a kernel, each in a set-up of its own).
        assert_eq!(
            counts_text(&s),
            "No change could be tested for significance (single runs, no spread, differences below the last printed decimal; or rows without the baseline's set-up, not compared: the notes under the tables name them), so no regression or improvement can be told."
        );
    }
}
