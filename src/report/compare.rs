//! The comparison page (`compare.html`): every kernel's values against the
//! baseline's, found by position ([`ComparisonRef`]) and made into text
//! ([`ComparisonRow`]).

use super::format::{fmt_p, push_fixed};
use super::{CellView, ColumnView, MachinePage, RowView, SectionView, TableView};
use crate::model::Better;
use compact_str::CompactString;
use serde::Serialize;
use std::collections::HashMap;

/// One line of the comparison page: a kernel's value against the baseline's.
#[derive(Debug, Clone, Serialize)]
pub struct ComparisonRow {
    /// Metric column name.
    pub metric: String,
    /// Unit.
    pub unit: String,
    /// Parameters as text ("32 procs").
    pub params: String,
    /// Baseline value as printed in the table.
    pub baseline: CompactString,
    /// This kernel's value.
    pub value: CompactString,
    /// "+12.3%", positive = better.
    pub delta: CompactString,
    /// Raw difference, value − baseline, in the metric's unit, printed with
    /// the column's precision and a sign.
    pub diff: CompactString,
    /// "*", "~" or "".
    pub mark: &'static str,
    /// The adjusted p-value ([`p_text`]): "p = 0.003", "p < 0.001" or "".
    pub p: CompactString,
    /// "better", "worse" or "".
    pub class: &'static str,
    /// The marks [`ComparisonRow::value`] or [`ComparisonRow::baseline`]
    /// carry ([`CellView::marks`]), together: what the page's legend of
    /// marks explains ([`ComparisonBlock::mark_legends`]).
    #[serde(skip)]
    pub marks: &'static str,
}

/// One section's comparisons of a kernel against the baseline.
#[derive(Debug, Clone, Serialize)]
pub struct ComparisonSection {
    /// Section heading.
    pub section: String,
    /// Section anchor on the machine page.
    pub section_id: String,
    /// The kernel its rows compare with: the class's baseline, or the
    /// section's own `baseline:`.
    pub baseline: String,
    /// True when [`ComparisonSection::baseline`] is not the block's
    /// ([`ComparisonBlock::baseline`]): its heading names it.
    pub own_baseline: bool,
    /// One row per metric and parameter set both kernels have.
    pub rows: Vec<ComparisonRow>,
}

/// All comparisons of one kernel against the baseline.
#[derive(Debug, Clone, Serialize)]
pub struct ComparisonBlock {
    /// The kernel compared.
    pub kernel: String,
    /// The baseline it is compared with: the class's where one of its
    /// sections compares with it, else the one its sections' own
    /// `baseline:` names (a kernel that is the class's baseline, compared
    /// in a section whose baseline is another).
    pub baseline: String,
    /// True when its sections compare with more than one baseline: the
    /// table's baseline column is headed "baseline", and each section
    /// whose baseline is not [`ComparisonBlock::baseline`] names its own.
    pub mixed: bool,
    /// Whether any of its changes was tested (has an adjusted p-value):
    /// the page shows the block's p column only then.
    pub tested: bool,
    /// Section by section, in page order; sections without a shared value
    /// left out.
    pub sections: Vec<ComparisonSection>,
    /// The kernel's mark when its dmesg shows a problem
    /// ([`super::environment::KernelMark`]), drawn after its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<super::environment::KernelMark>,
}

/// The legends of the marks the rows of `blocks` show
/// ([`ComparisonRow::marks`]), each once: what `compare.html` says under
/// its legend of changes (attack45 F9: its values showed no `^` while the
/// class page marked them).
pub fn blocks_mark_legends<'a>(blocks: impl IntoIterator<Item = &'a ComparisonBlock>) -> Vec<&'static str> {
    let rows = blocks.into_iter().flat_map(|b| b.sections.iter().flat_map(|s| s.rows.iter()));
    super::notable::legends_of_marks(rows.map(|r| r.marks))
}

/// One line of the comparison page by position: `m.sections[section]`,
/// its table's `rows[row]` against the baseline's `rows[base_row]`, in
/// column `column`. Both cells are present.
#[derive(Debug, Clone, Copy)]
pub struct ComparisonRef {
    /// Section index.
    pub section: usize,
    /// The kernel's row.
    pub row: usize,
    /// The baseline's row with the same parameters.
    pub base_row: usize,
    /// Column index.
    pub column: usize,
}

/// How many kernels `compare.html` sets against the baseline in full: the
/// last ones in kernel order (the newest trees; the scaling charts draw the
/// last 12 the same way). The page names the earlier kernels and links to
/// their own pages, which give each cell's change against the baseline
/// and its significance. All 300 kernels of a large archive made a 19 MB
/// page of 60,000 rows, which a browser takes seconds to lay out.
pub const COMPARED_KERNELS: usize = 20;

/// How many of `compared` kernels (those sharing a result with the
/// baseline, in kernel order) `compare.html` only names: all but the last
/// [`COMPARED_KERNELS`].
pub fn earlier_kernels(compared: usize) -> usize {
    compared.saturating_sub(COMPARED_KERNELS)
}

/// How many kernels `compare.html` of `m` sets in full: the last
/// [`COMPARED_KERNELS`], or none in a large class (more than
/// [`super::LARGE_CLASS`] kernels), where each block of a kernel's changes
/// is thousands of rows: there the page is the summary, each kernel linked
/// to its own page, which gives its every change against the baseline.
pub fn compared_in_full(m: &MachinePage) -> usize {
    if m.kernels.len() > super::LARGE_CLASS { 0 } else { COMPARED_KERNELS }
}

/// How many of `compared` kernels `compare.html` of `m` only names (all
/// but the last [`compared_in_full`]).
pub fn earlier_on_page(m: &MachinePage, compared: usize) -> usize {
    compared.saturating_sub(compared_in_full(m))
}

/// The kernels a class's mail (`email.txt`) holds, picked as
/// `compare.html` picks the kernels it sets in full: every baseline (the
/// page's and each section's that has rows), and of the other kernels the
/// last [`COMPARED_KERNELS`] in kernel order ([`earlier_kernels`] of them
/// are left out). A class with no more kernels than that keeps them all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailKernels {
    /// The kernels kept, in kernel order.
    pub kept: Vec<String>,
    /// How many kernels are left out (0: the mail holds every kernel).
    pub left_out: usize,
    /// How many of `kept` are baselines.
    pub baselines: usize,
    /// How many kernels the class has.
    pub total: usize,
}

/// The kernels `m`'s mail holds ([`MailKernels`]).
pub fn mail_kernels(m: &MachinePage) -> MailKernels {
    let baselines: Vec<&str> = m
        .baseline
        .iter()
        .map(String::as_str)
        .chain(m.sections.iter().filter_map(|s| s.table.baseline.as_deref()))
        .collect();
    let is_baseline = |name: &str| baselines.contains(&name);
    let others = m.kernels.iter().filter(|k| !is_baseline(&k.name)).count();
    let baselines = m.kernels.len() - others;
    // The first `cut` kernels that are not a baseline are left out.
    let cut = earlier_kernels(others);
    let mut seen = 0;
    let kept = m
        .kernels
        .iter()
        .filter(|k| {
            if is_baseline(&k.name) {
                return true;
            }
            seen += 1;
            seen > cut
        })
        .map(|k| k.name.clone())
        .collect();
    MailKernels { kept, left_out: cut, baselines, total: m.kernels.len() }
}

/// What `compare.html` shows: the earlier kernels only named, and the
/// last [`COMPARED_KERNELS`] each with every change against the baseline
/// made into text.
#[derive(Debug, Clone)]
pub struct ComparePage {
    /// Indexes (into the page's kernels) of the kernels sharing a result
    /// with the baseline before the last [`COMPARED_KERNELS`] of them, in
    /// kernel order.
    pub earlier: Vec<usize>,
    /// The last [`COMPARED_KERNELS`] kernels sharing a result with the
    /// baseline, in kernel order.
    pub shown: Vec<ComparisonBlock>,
    /// How many kernels share a result with the baseline.
    pub total: usize,
    /// One line per kernel sharing a result with the baseline, earlier
    /// ones included, in kernel order: the summary the page opens with.
    pub summary: Vec<KernelSummary>,
    /// Indexes (into the page's kernels) of the kernels but the baseline
    /// that share no result with it, in kernel order: the page names them
    /// under its summary. A kernel whose every file showed another set-up
    /// (newcomer30 P1-14: 6.11.0's fio and stress-ng) was nowhere on a
    /// page headed "Every kernel against 6.9.0".
    pub uncompared: Vec<usize>,
}

/// One kernel against the baseline in a line: how many of its changes are
/// significant wins and losses, and the geometric mean of its ratios to
/// the baseline. Only metrics with a better direction count (MHz, %CPU
/// and counts do not), and no column that restates another (pgbench's
/// `latency average`, clients / tps: [`super::significance::restated_columns`]).
#[derive(Debug, Clone, Serialize)]
pub struct KernelSummary {
    /// The kernel.
    pub kernel: String,
    /// Where its changes are: `#vs-3` on `compare.html` for a kernel shown
    /// there, else its own page (`kernels/2.4.19.html`).
    pub href: String,
    /// How many values of the headline metrics its geometric mean is over
    /// ([`page_geomean_columns`]) it shares with the baseline.
    pub compared: usize,
    /// How many of those were tested (Welch's t-test ran).
    pub tested: usize,
    /// How many of those ([`KernelSummary::compared`]) are changes for the
    /// better significant after the page's correction.
    pub wins: usize,
    /// How many of those are changes for the worse significant after the
    /// page's correction.
    pub losses: usize,
    /// Geometric mean over the compared values of each section's headline
    /// metrics of one direction ([`geomean_columns`]) of kernel ÷ baseline,
    /// turned so that above 1 is better (baseline ÷ kernel where smaller is
    /// better); values of 0 or below on either side left out, and those
    /// where either side is a mean of only the runs that timed the test
    /// ([`RowView::part_untimed`]: it understates the test). `None`
    /// without such a value.
    pub geomean: Option<f64>,
    /// [`KernelSummary::geomean`] as a change, positive is better:
    /// "+2.1%", "-4.0%", or past −50% a factor ("3.06× worse"); "" without.
    pub geomean_text: CompactString,
    /// "better", "worse" or "" by the geometric mean.
    pub class: &'static str,
    /// The kernel's mark when its dmesg shows a problem
    /// ([`super::environment::KernelMark`]), drawn after its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<super::environment::KernelMark>,
}

/// The comparison page of `m` ([`ComparePage`]): text is made for the
/// kernels shown only.
pub fn compare_page(m: &MachinePage) -> ComparePage {
    let mut with = comparison_refs(m).to_vec();
    // `summaries(m, &with)`, kept with the page.
    let summary = compare_summary(m);
    let compared: Vec<usize> = with.iter().map(|(i, _)| *i).collect();
    let uncompared = uncompared_kernels(m, &compared);
    let shown = with.split_off(earlier_on_page(m, with.len()));
    ComparePage {
        summary,
        uncompared,
        total: with.len() + shown.len(),
        earlier: with.into_iter().map(|(i, _)| i).collect(),
        shown: shown.into_iter().map(|(ki, refs)| comparison_block(m, ki, &refs)).collect(),
    }
}

/// The kernels of `m` but the baseline that are not among `compared`
/// (indexes into its kernels, of those sharing a result with the
/// baseline), in kernel order ([`ComparePage::uncompared`]).
pub fn uncompared_kernels(m: &MachinePage, compared: &[usize]) -> Vec<usize> {
    let baseline = m.baseline.as_deref();
    let mut with = vec![false; m.kernels.len()];
    for &i in compared {
        with[i] = true;
    }
    (0..m.kernels.len()).filter(|&k| !with[k] && Some(m.kernels[k].name.as_str()) != baseline).collect()
}

/// The summary `compare.html` opens with ([`ComparePage::summary`]).
pub fn compare_summary(m: &MachinePage) -> Vec<KernelSummary> {
    m.memo.compare_summary.get_or_init(|| summaries(m, comparison_refs(m))).clone()
}

/// [`every_comparison_ref`] of `m`, kept with the page ([`super::PageMemo`]).
fn comparison_refs(m: &MachinePage) -> &[(usize, Vec<ComparisonRef>)] {
    m.memo.comparison_refs.get_or_init(|| every_comparison_ref(m))
}

/// A [`KernelSummary`] of each of `with` ([`every_comparison_ref`]): the
/// kernels shown on `compare.html` link to their block there, the earlier
/// ones to their own page.
fn summaries(m: &MachinePage, with: &[(usize, Vec<ComparisonRef>)]) -> Vec<KernelSummary> {
    let cut = earlier_on_page(m, with.len());
    let files = super::kernel_files(m);
    // Each section's restated columns, found once for every kernel.
    let restated: Vec<std::cell::OnceCell<Restated>> = vec![std::cell::OnceCell::new(); m.sections.len()];
    let headlines = page_geomean_columns(m);
    with.iter()
        .enumerate()
        .map(|(n, (ki, refs))| {
            let href = if n < cut { format!("kernels/{}", files[*ki]) } else { format!("#vs-{}", n - cut + 1) };
            kernel_summary(m, *ki, refs, (&restated, &headlines), href)
        })
        .collect()
}

/// The columns of a table that a kernel's geometric mean
/// ([`KernelSummary::geomean`]) is taken over, and their direction.
#[derive(Debug, Clone, PartialEq)]
pub struct GeomeanColumns {
    /// Which way is better in every one of them.
    pub better: Better,
    /// The columns, by index into the table's columns.
    pub columns: Vec<usize>,
}

/// The headline metrics of one direction of table `t`, which its kernels'
/// geometric mean is taken over: the section's `headline:` metric where
/// it names one; else the metrics with a better direction that are no
/// detail of their benchmark's report ([`ColumnView::detail`]: the
/// percentiles but the 50th and 99th, deviations: what the mail leaves
/// out), of the first one's direction. A mean over all of fio's 23
/// (every clat percentile, the deviations, and IOPS beside the latency
/// that is its reciprocal) weighed one effect many times over and noise
/// with it (newcomer58): fio gives `read: bw` and `read: IOPS`, bigger is
/// better. `None` for a table with no such metric.
pub fn geomean_columns(s: &SectionView) -> Option<GeomeanColumns> {
    let t = &s.table;
    let cols = &t.columns;
    if t.headline_named
        && let Some(c) = t.configured_headline.filter(|&c| cols.get(c).is_some_and(|c| c.better != Better::Neither))
    {
        return Some(GeomeanColumns { better: cols[c].better, columns: vec![c] });
    }
    // A column restating another (pgbench's latency average, clients /
    // tps) is no measurement of its own: it neither sets the direction
    // nor counts.
    let restated = super::significance::restated_columns(s);
    let measured = |i: usize| !cols[i].detail && cols[i].better != Better::Neither && restated[i].is_none();
    // A figure made of the others ([`ColumnView::of_others`]: Bonnie's
    // CPU Eff, UnixBench's index) counts only in a table of none of the
    // figures it is made of: beside them it weighed one change twice.
    let own = (0..cols.len()).any(|i| measured(i) && !cols[i].of_others);
    let counted = |i: usize| measured(i) && !(own && cols[i].of_others);
    let first = cols[(0..cols.len()).find(|&i| counted(i))?].better;
    let columns = (0..cols.len()).filter(|&i| counted(i) && cols[i].better == first).collect();
    Some(GeomeanColumns { better: first, columns })
}

/// [`geomean_columns`] of each section of `m`, but none of a section
/// whose every column counted is made of others ([`ColumnView::of_others`])
/// where another section of its benchmark has columns of its own: the
/// demo's UnixBench class has its `Index Score` (the geometric mean of
/// its tests' index values) in a section of its own beside "Test
/// results", and its summary's mean counted both (newcomer59b).
pub fn page_geomean_columns(m: &MachinePage) -> Vec<Option<GeomeanColumns>> {
    let mut out: Vec<Option<GeomeanColumns>> = m.sections.iter().map(geomean_columns).collect();
    let only_others = |s: &SectionView, g: &GeomeanColumns| g.columns.iter().all(|&c| s.table.columns[c].of_others);
    let measured: Vec<bool> =
        m.sections.iter().zip(&out).map(|(s, g)| g.as_ref().is_some_and(|g| !only_others(s, g))).collect();
    for (i, s) in m.sections.iter().enumerate() {
        let Some(g) = &out[i] else { continue };
        let beside =
            |j: usize| j != i && measured[j] && m.sections[j].benchmarks.iter().any(|b| s.benchmarks.contains(b));
        if only_others(s, g) && (0..m.sections.len()).any(beside) {
            out[i] = None;
        }
    }
    out
}

/// Which metrics the geometric means of `m`'s summary are taken over, in
/// words ([`geomean_columns`] of each section where a kernel shares a
/// value with the baseline):
/// `fio: read: bw, read: IOPS (bigger is better)`; past four sections,
/// `and 3 more sections`. Empty when no section has any.
pub fn geomean_metrics_text(m: &MachinePage) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut more = 0usize;
    // The sections some kernel shares a value with the baseline in.
    let mut shared = vec![false; m.sections.len()];
    for x in comparison_refs(m).iter().flat_map(|(_, refs)| refs) {
        shared[x.section] = true;
    }
    let headlines = page_geomean_columns(m);
    for ((s, g), _) in m.sections.iter().zip(headlines).zip(&shared).filter(|(_, sh)| **sh) {
        let Some(g) = g else { continue };
        if parts.len() == 4 {
            more += 1;
            continue;
        }
        let names: Vec<&str> = g.columns.iter().map(|&c| s.table.columns[c].name.as_str()).collect();
        let names = match names.as_slice() {
            [a, b, c, d, rest @ ..] if !rest.is_empty() => format!("{a}, {b}, {c}, {d} and {} more", rest.len()),
            _ => names.join(", "),
        };
        parts.push(format!("{}: {names} ({})", s.title, g.better.phrase()));
    }
    if more > 0 {
        parts.push(format!("and {more} more section{}", if more == 1 { "" } else { "s" }));
    }
    parts.join("; ")
}

/// What [`super::significance::restated_columns`] says of each column of
/// a section.
pub type Restated = Vec<Option<super::significance::RestatedColumn>>;

/// Every kernel sharing a result with the baseline, in kernel order: its
/// index into the page's kernels and every cell it shares with the
/// baseline, section by section. One pass over each section's rows
/// (linear in rows, not kernels × rows).
fn every_comparison_ref(m: &MachinePage) -> Vec<(usize, Vec<ComparisonRef>)> {
    let pos: HashMap<&str, usize> = m.kernels.iter().enumerate().map(|(i, k)| (k.name.as_str(), i)).rev().collect();
    let mut per_kernel: Vec<Vec<ComparisonRef>> = vec![Vec::new(); m.kernels.len()];
    for (si, s) in m.sections.iter().enumerate() {
        let Some(base) = &s.table.baseline else { continue };
        // The baseline row of each parameter set.
        let base_rows = super::base_rows::BaseRows::new(&s.table.param_headers, &s.table.rows, base);
        for (ri, r) in s.table.rows.iter().enumerate() {
            if &r.kernel == base {
                continue;
            }
            let Some(&ki) = pos.get(r.kernel.as_str()) else { continue };
            let Some(bi) = base_rows.find(r) else { continue };
            let br = &s.table.rows[bi];
            for (ci, (c, bc)) in r.cells.iter().zip(&br.cells).enumerate() {
                if c.is_some() && bc.is_some() {
                    per_kernel[ki].push(ComparisonRef { section: si, row: ri, base_row: bi, column: ci });
                }
            }
        }
    }
    // Kernels are directory names, so each appears once.
    per_kernel.into_iter().enumerate().filter(|(_, v)| !v.is_empty()).collect()
}

/// A row's parameters as text, each name before its value as the table's
/// header reads: "procs 32, size 4k" (not "1 copies", "4k size"); a
/// `dir` repeating another column is left out, as the grid leaves it
/// ([`super::grid::repeated_dirs`] of `t`, found once per table: `repeated`).
pub fn params_text(t: &TableView, r: &RowView, repeated: &[usize]) -> String {
    let params: Vec<String> = t
        .param_headers
        .iter()
        .zip(&r.params)
        .enumerate()
        .filter(|(i, (_, v))| !v.is_empty() && !repeated.contains(i))
        .map(|(_, (h, v))| format!("{h} {v}"))
        .collect();
    params.join(", ")
}

/// Whether a section of `m` compares with a `baseline:` of its own, not
/// the class's: `compare.html`'s title then says "and other baselines,
/// by section".
pub fn own_baselines(m: &MachinePage) -> bool {
    m.sections.iter().any(|s| s.table.baseline.is_some() && s.table.baseline != m.baseline)
}

/// The comparison page's blocks for every kernel sharing a result with
/// the baseline (the page shows the last [`COMPARED_KERNELS`] of them):
/// each kernel's index into the page's kernels, and every change against
/// the baseline made into text, grouped by section.
pub fn comparisons(m: &MachinePage) -> Vec<(usize, ComparisonBlock)> {
    every_comparison_ref(m).into_iter().map(|(ki, refs)| (ki, comparison_block(m, ki, &refs))).collect()
}

/// The comparisons of kernel `ki` (`refs`, section by section) as text.
fn comparison_block(m: &MachinePage, ki: usize, refs: &[ComparisonRef]) -> ComparisonBlock {
    let base_of = |si: usize| m.sections[si].table.baseline.as_deref().unwrap_or_default();
    let class_base = m.baseline.as_deref().unwrap_or_default();
    let block_base = if refs.iter().any(|x| base_of(x.section) == class_base) {
        class_base
    } else {
        refs.first().map(|x| base_of(x.section)).unwrap_or_default()
    };
    let sections: Vec<ComparisonSection> = refs
        .chunk_by(|a, b| a.section == b.section)
        .map(|refs| {
            let baseline = base_of(refs[0].section).to_string();
            let repeated = super::grid::repeated_dirs(&m.sections[refs[0].section].table);
            ComparisonSection {
                section: m.sections[refs[0].section].title.clone(),
                section_id: m.sections[refs[0].section].id.clone(),
                own_baseline: baseline != block_base,
                baseline,
                rows: refs.iter().filter_map(|x| comparison_row(m, x, &repeated)).collect(),
            }
        })
        .collect();
    let mixed = sections.iter().any(|s| s.own_baseline);
    let tested = sections.iter().flat_map(|s| &s.rows).any(|r| !r.p.is_empty());
    ComparisonBlock {
        kernel: m.kernels[ki].name.clone(),
        baseline: block_base.to_string(),
        mixed,
        tested,
        sections,
        mark: m.kernels[ki].mark.clone(),
    }
}

/// The summary line of kernel `ki` ([`KernelSummary`]) from its
/// comparisons `refs`, linking to `href`; `restated`: each section's
/// [`super::significance::restated_columns`], found on the first ask and
/// shared by the page's kernels.
pub fn kernel_summary(
    m: &MachinePage,
    ki: usize,
    refs: &[ComparisonRef],
    (restated, headlines): (&[std::cell::OnceCell<Restated>], &[Option<GeomeanColumns>]),
    href: String,
) -> KernelSummary {
    let (mut compared, mut tested, mut wins, mut losses) = (0, 0, 0, 0);
    let (mut log_sum, mut logs) = (0.0, 0usize);
    // Restated columns (pgbench's latency average, clients / tps) are no
    // measurement of their own: counted, they made a pgbench config
    // "compared 6, tested 6" of 3 tested tps cells, and weighed each tps
    // ratio twice in the geometric mean (archive38b F1).
    for x in refs {
        let s = &m.sections[x.section];
        let better = s.table.columns[x.column].better;
        // Per pair of rows: a change the restated metric does not explain
        // (attack40 F1) is counted.
        if restated[x.section].get_or_init(|| super::significance::restated_columns(s))[x.column]
            .as_ref()
            .is_some_and(|re| re.pair(x.row, Some(x.base_row)))
        {
            continue;
        }
        let (Some(c), Some(bc)) = (&s.table.rows[x.row].cells[x.column], &s.table.rows[x.base_row].cells[x.column])
        else {
            continue;
        };
        if better == Better::Neither {
            continue;
        }
        // The geometric mean is over the section's headline metrics of
        // one direction only ([`page_geomean_columns`]), and so are all
        // four counts: "compared 26" beside a mean of 24 (the demo's
        // UnixBench) read as a mean of all 26, and wins and losses of
        // every metric beside them as "compared 1, losses 3" (dbench32:
        // its time system/elapsed; the tables and the regressions list
        // have those).
        let headline = headlines[x.section].as_ref().is_some_and(|g| g.columns.contains(&x.column));
        compared += usize::from(headline);
        if let Some(cmp) = c.comparison.filter(|_| headline) {
            tested += usize::from(cmp.welch.is_some());
            let pct = super::section::better_by(&cmp, better).unwrap_or(0.0);
            wins += usize::from(cmp.significant && pct > 0.0);
            losses += usize::from(cmp.significant && pct < 0.0);
        }
        // A mean of only the runs that timed the test understates it
        // (bonnie++'s `+++++` in the others): no ratio of it is a change.
        let understated = |row: usize| s.table.rows[row].part_untimed.contains(&(x.column as u32));
        let (v, b) = (c.summary.mean, bc.summary.mean);
        if !headline || understated(x.row) || understated(x.base_row) {
            continue;
        }
        if v > 0.0 && b > 0.0 && v.is_finite() && b.is_finite() {
            log_sum += if better == Better::Higher { (v / b).ln() } else { (b / v).ln() };
            logs += 1;
        }
    }
    let geomean = (logs > 0).then(|| (log_sum / logs as f64).exp());
    let class = match geomean {
        Some(g) if g > 1.0 => "better",
        Some(g) if g < 1.0 => "worse",
        _ => "",
    };
    KernelSummary {
        kernel: m.kernels[ki].name.clone(),
        href,
        compared,
        tested,
        wins,
        losses,
        geomean,
        geomean_text: geomean.map(ratio_text).unwrap_or_default(),
        class,
        mark: m.kernels[ki].mark.clone(),
    }
}

/// A ratio to the baseline, above 1 better, as a change: "+2.1%",
/// "-4.0%", and below 0.5 (past −50%) a factor, "3.06× worse". A ratio at
/// or below 0 (a mean at or below 0 on one side) has no factor: it stays
/// a percentage ("-100.0%" for 0, "-300.0%" for −2), where it read
/// "inf× worse" and "-0.50× worse". Two negative means give a positive
/// ratio whose direction is the wrong way round (−5.005 → −10.005 is 2.0,
/// "+99.9%", for a worse value): such a ratio is not this function's to
/// read, and [`kernel_summary`]'s geometric mean leaves both out.
pub fn ratio_text(g: f64) -> CompactString {
    let mut s = CompactString::default();
    if g > 0.0 && g < 0.5 {
        push_fixed(&mut s, 1.0 / g, 2, false);
        s.push_str("× worse");
    } else {
        // `+ 0.0` turns -0.0 into 0.0, so no change prints as +0.0%.
        push_fixed(&mut s, ((g - 1.0) * 1000.0).round() / 10.0 + 0.0, 1, true);
        s.push('%');
    }
    s
}

/// One comparison as text; `None` if either cell is missing.
fn comparison_row(m: &MachinePage, x: &ComparisonRef, repeated: &[usize]) -> Option<ComparisonRow> {
    let s = &m.sections[x.section];
    let (r, br, col) = (&s.table.rows[x.row], &s.table.rows[x.base_row], &s.table.columns[x.column]);
    let (Some(c), Some(bc)) = (&r.cells[x.column], &br.cells[x.column]) else { return None };
    // A mean of only the timed runs is marked as the tables mark it, and
    // so is a cell averaging files of different names or a copy's
    // ([`CellView::marks`]).
    let shown = |row: &RowView, c: &CellView| {
        if row.part_untimed.contains(&(x.column as u32)) {
            compact_str::format_compact!("{}{}", super::grid::AT_LEAST, c.marked_text())
        } else {
            c.marked_text()
        }
    };
    Some(ComparisonRow {
        metric: col.name.clone(),
        unit: col.unit.clone(),
        params: params_text(&s.table, r, repeated),
        baseline: shown(br, bc),
        value: shown(r, c),
        delta: c.delta_text.clone().unwrap_or_default(),
        diff: diff_text(c, bc, col),
        mark: c.mark.as_str(),
        p: p_text(c),
        class: c.delta_class.as_str(),
        marks: super::notable::marks_of(c.merged || bc.merged, c.copied || bc.copied),
    })
}

/// A cell's raw difference from its baseline cell `base`, with a sign
/// ("+0.101"), or "" without a comparison: at the finer precision the two
/// cells show (each its own, [`super::section::cell_decimals`]), never
/// finer than the column's. lmbench's `lat_mmap` prints `12` beside
/// `7.825` in one column: 12 against 15 differ by `+3`, not `+3.000`
/// (archive37 F2).
pub fn diff_text(c: &CellView, base: &CellView, col: &ColumnView) -> CompactString {
    let mut s = CompactString::default();
    if let Some(x) = c.comparison {
        let shown = |c: &CellView| super::section::cell_decimals(&c.summary, usize::from(c.printed_decimals));
        push_fixed(&mut s, x.diff, shown(c).max(shown(base)).min(col.precision), true);
    }
    s
}

/// A cell's Welch p-value after the page's Benjamini–Hochberg correction
/// as text ("p = 0.003", "p < 0.001"), or "" when not tested.
pub fn p_text(c: &CellView) -> CompactString {
    c.comparison.and_then(|x| x.p_adjusted).map(fmt_p).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{KernelView, SectionView};

    fn page(kernels: usize, baseline: Option<&str>) -> MachinePage {
        MachinePage {
            kernels: (0..kernels).map(|i| KernelView { name: format!("k{i}"), ..Default::default() }).collect(),
            baseline: baseline.map(str::to_string),
            ..Default::default()
        }
    }

    #[test]
    fn a_ratio_reads_as_a_change_and_past_minus_50_percent_as_a_factor() {
        assert_eq!(ratio_text(1.021), "+2.1%");
        assert_eq!(ratio_text(1.0), "+0.0%");
        assert_eq!(ratio_text(0.6), "-40.0%");
        assert_eq!(ratio_text(0.5), "-50.0%");
        assert_eq!(ratio_text(1.0 / 3.06), "3.06× worse");
    }

    /// A ratio at or below 0 is no factor: "inf× worse" for 0 and
    /// "-0.50× worse" for −2 were factors of no ratio.
    #[test]
    fn a_ratio_at_or_below_zero_is_a_percentage_never_a_factor() {
        assert_eq!(ratio_text(0.0), "-100.0%");
        assert_eq!(ratio_text(-0.0), "-100.0%");
        assert_eq!(ratio_text(-2.0), "-300.0%");
        assert_eq!(ratio_text(f64::MIN_POSITIVE), format!("{:.2}× worse", 1.0 / f64::MIN_POSITIVE));
    }

    #[test]
    fn a_small_class_keeps_every_kernel() {
        for (n, baseline) in [(0, None), (1, Some("k0")), (COMPARED_KERNELS, None), (COMPARED_KERNELS + 1, Some("k3"))]
        {
            let m = page(n, baseline);
            let k = mail_kernels(&m);
            assert_eq!(k.left_out, 0, "{n} kernels");
            assert_eq!(k.kept.len(), n);
            assert_eq!(k.total, n);
        }
    }

    #[test]
    fn a_large_class_keeps_the_baseline_and_the_last_kernels() {
        let m = page(100, Some("k5"));
        let k = mail_kernels(&m);
        // The baseline, then the last COMPARED_KERNELS of the 99 others.
        let mut want = vec!["k5".to_string()];
        want.extend((100 - COMPARED_KERNELS..100).map(|i| format!("k{i}")));
        assert_eq!(k.kept, want);
        assert_eq!(k.left_out, 99 - COMPARED_KERNELS);
        assert_eq!(k.left_out, earlier_kernels(99), "the number compare.html only names");
        assert_eq!(k.total, 100);
    }

    #[test]
    fn without_a_baseline_the_last_kernels_are_kept() {
        let k = mail_kernels(&page(30, None));
        assert_eq!(k.kept.first().map(String::as_str), Some("k10"));
        assert_eq!(k.kept.len(), COMPARED_KERNELS);
        assert_eq!(k.left_out, 10);
    }

    #[test]
    fn a_sections_own_baseline_is_kept_too() {
        let mut m = page(50, Some("k0"));
        let mut s = SectionView::default();
        s.table.baseline = Some("k7".to_string());
        m.sections.push(s);
        let k = mail_kernels(&m);
        assert_eq!(&k.kept[..2], ["k0", "k7"]);
        assert_eq!(k.kept.len(), 2 + COMPARED_KERNELS);
        assert_eq!(k.left_out, 48 - COMPARED_KERNELS);
    }
}
