//! A large machine class's pages: past [`LARGE_CLASS`] kernels the machine
//! page (`<class>/index.html`) keeps its summary and, in each section's
//! table, only the kernels that matter ([`summary_page`]), and each
//! section's every kernel goes onto pages of its own ([`section_pages`]),
//! so that a class of 300 kernels stays pages a browser carries (under
//! 1 MB of HTML and of SVG and under 10,000 DOM nodes each;
//! `scripts/pageweight.sh` measures them).
//!
//! Each summary table keeps its baseline and last kernel and, within
//! [`SUMMARY_ROWS`] rows, the kernels of the section's [`SUMMARY_CHANGES`]
//! largest significant changes and up to [`SUMMARY_KERNELS`] last kernels
//! (as `compare.html` and the mail pick the last ones), in kernel order,
//! without their runs unfolded; the charts draw those rows (the chart step
//! draws from [`summary_page`]). Nothing is dropped silently: the page
//! says what it leaves out and where it is ([`MachinePage::shown_note`],
//! [`SectionView::shown_note`](super::SectionView::shown_note)): every
//! kernel's numbers and runs on its kernel page, each section's every
//! kernel on its own pages and in its CSV, every change on
//! `compare.html`, every value in `data.json`.

use super::notable::significant_changes;
use super::{CellView, MachinePage, RowView, SectionView, TableView, grid, path_segment};
use serde::Serialize;
use std::borrow::Cow;
use std::sync::Arc;

/// A class with more kernels than this gets a summary machine page
/// ([`summary_page`]); the demo's classes, with a dozen kernels or fewer,
/// show every kernel.
pub const LARGE_CLASS: usize = 40;

/// How many of the last kernels (in kernel order, baselines apart) each
/// table of a summary page keeps.
pub const SUMMARY_KERNELS: usize = 3;

/// How many rows (kernels × parameter values) a summary table holds at
/// most; its baseline and last kernel are always shown.
pub const SUMMARY_ROWS: usize = 12;

/// How many kernels with the largest significant changes against the
/// baseline each table of a summary page keeps besides the last ones.
pub const SUMMARY_CHANGES: usize = 2;

/// The machine page of `m` as shown in a browser when the class has more
/// than [`LARGE_CLASS`] kernels: each section's table reduced to the
/// kernels the module docs name, its runs not unfolded, and the
/// notes saying so and linking the rest filled in. The kernel list,
/// notable changes and everything else are kept. `None` for a class of
/// [`LARGE_CLASS`] kernels or fewer (the page shows every kernel).
pub fn summary_page(m: &MachinePage) -> Option<MachinePage> {
    if m.kernels.len() <= LARGE_CLASS {
        return None;
    }
    let total = m.kernels.len();
    // The page without its sections, then each section with only the rows
    // it keeps: a clone of the whole page (every row's cells and runs) was
    // a large class's peak memory twice over.
    let mut page = page_without_sections(m);
    for full in &m.sections {
        let kept = section_kernels(m, full);
        let before = kernels_in(&full.table.rows);
        // The runs are folded away: no table of runs under each row, no
        // strip chart of them (the kernel pages have both).
        let mut s = with_rows(full, |r| kept.iter().any(|k| *k == r.kernel));
        let shown = kernels_in(&s.table.rows);
        s.grid = (!s.table.rows.is_empty()).then(|| Arc::new(grid::linked_grid(&s.table)));
        s.shown_link = format!("csv/{}.csv", path_segment(&s.id));
        // The first of the section's own pages; each links the others.
        let plan = page_plan(full);
        s.shown_pages = plan
            .first()
            .map(|c| PageLink {
                label: format!("{} page{} of its own", plan.len(), if plan.len() == 1 { "" } else { "s" }),
                ..c.link(&s.id)
            })
            .into_iter()
            .collect();
        s.shown_note = format!(
            "{shown} of the {before} {many} with results here shown (the baseline, the latest, the largest significant changes), their runs folded",
            many = m.axis.many
        );
        page.sections.push(s);
    }
    let (one, many) = (&m.axis.one, &m.axis.many);
    page.shown_note = format!(
        "This class has {total} {many}, more than one page can show: each table below shows the baseline, the last {one} and, as its {SUMMARY_ROWS} rows allow, the {many} of its {SUMMARY_CHANGES} largest significant changes and up to {SUMMARY_KERNELS} last {many}, without their runs; the charts draw those. Every {one} of a section is on pages of its own and in its CSV (both linked under its table); every {one}'s numbers, patches and notes on its own page, each row's runs counted and linked to the raw files they were read from (the {many} are listed above); every {one} against the baseline on compare.html; every value in data.json."
    );
    if page.notable_more > 0 {
        let s = if page.notable_more == 1 { "" } else { "s" };
        page.notable_more_text =
            format!("… and {} more significant change{s}, on each {one}'s page and compare.html", page.notable_more);
    }
    Some(page)
}

/// The page a browser shows for `m`: its summary page when the class is
/// large ([`MachinePage::summary`] when the chart step made it, else made
/// now by [`summary_page`]), `None` when the page shows every kernel.
pub fn shown_page(m: &MachinePage) -> Option<Cow<'_, MachinePage>> {
    match &m.summary {
        Some(s) => Some(Cow::Borrowed(s)),
        None => summary_page(m).map(Cow::Owned),
    }
}

/// The DOM nodes a page of a section's kernels may spend on its table
/// ([`section_pages`]) as `page_plan` counts them, which is more than
/// Chromium counts: the generated 300-kernel class's section pages hold
/// 2,900 to 6,100 nodes with the page around the table and its sort
/// buttons.
pub const SECTION_PAGE_NODES: usize = 8_000;

/// A link to one page of a section's kernels.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PageLink {
    /// Its file, relative to the machine directory
    /// (`sections/dbench-64-2.html`), percent-encoded for a link.
    pub link: String,
    /// Which kernels it holds, by place among the section's kernels in
    /// kernel order: "1–62".
    pub label: String,
}

/// One page of a large class's section: some of its kernels' rows (and
/// the baseline's), with their changes, runs folded away, no charts.
#[derive(Debug, Clone)]
pub struct SectionPage {
    /// Index of the section in the machine page.
    pub section: usize,
    /// Output path relative to the machine directory
    /// (`sections/<id>-<n>.html`, the id not encoded).
    pub file: String,
    /// 1-based number of this page among the section's.
    pub number: usize,
    /// What it holds, in words: "Kernels 63–124 of the 300 with results
    /// here (page 2 of 5), each beside the baseline 2.4.5."
    pub text: String,
    /// Every page of the section (this one included), in order.
    pub links: Vec<PageLink>,
    /// The section with only this page's rows; its grid laid out.
    pub view: super::SectionView,
}

/// The kernels (in kernel order, baselines apart) of one page of a section.
#[derive(Debug)]
struct Chunk {
    number: usize,
    first: usize,
    kernels: Vec<String>,
}

impl Chunk {
    fn link(&self, id: &str) -> PageLink {
        PageLink {
            link: format!("sections/{}-{}.html", path_segment(id), self.number),
            label: format!("{}–{}", self.first, self.first + self.kernels.len() - 1),
        }
    }
}

/// How section `s`'s kernels (baselines apart) go onto pages: in kernel
/// order, as many to a page as [`SECTION_PAGE_NODES`] allow, a kernel
/// counted as 10 nodes a row and 10 a value (the value, its spread and
/// change, their text; a change row), about what Chromium counts.
fn page_plan(s: &super::SectionView) -> Vec<Chunk> {
    let t = &s.table;
    // Each kernel's cost, in the order its first row comes (one pass over
    // the rows: a 3,000-kernel section has 9,000).
    let mut order: Vec<(&str, usize)> = Vec::new();
    let mut at: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    for r in &t.rows {
        let cost = 10 + 10 * r.cells.iter().flatten().count();
        let i = *at.entry(r.kernel.as_str()).or_insert_with(|| {
            order.push((r.kernel.as_str(), 0));
            order.len() - 1
        });
        order[i].1 += cost;
    }
    let base = t.baseline.as_deref().and_then(|b| at.get(b)).map_or(0, |&i| order[i].1);
    order.retain(|(k, _)| t.baseline.as_deref() != Some(*k));
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut used = base;
    let mut first = 1;
    for &(k, cost) in &order {
        match chunks.last_mut() {
            Some(c) if used + cost <= SECTION_PAGE_NODES => c.kernels.push(k.to_string()),
            _ => {
                first += chunks.last().map_or(0, |c| c.kernels.len());
                chunks.push(Chunk { number: chunks.len() + 1, first, kernels: vec![k.to_string()] });
                used = base;
            }
        }
        used += cost;
    }
    chunks
}

/// The pages of every section of a large class (more than
/// [`LARGE_CLASS`] kernels) holding all its kernels, as many as each
/// needs ([`SECTION_PAGE_NODES`]); none for a smaller class, whose machine
/// page shows every kernel. All at once: [`section_page_plans`] makes them
/// one at a time.
pub fn section_pages(m: &MachinePage) -> Vec<SectionPage> {
    section_page_plans(m).iter().map(|p| p.page(m)).collect()
}

/// One page of a large class's section, planned ([`section_page_plans`]),
/// not yet made: [`SectionPagePlan::page`] makes it.
#[derive(Debug)]
pub struct SectionPagePlan {
    section: usize,
    chunk: Chunk,
    /// Every page of the section, in order (shared by its pages).
    links: Arc<[PageLink]>,
    /// Kernels of the section on its pages (baselines apart).
    total: usize,
}

/// The pages [`section_pages`] makes, in the same order, planned only:
/// the renderer makes each ([`SectionPagePlan::page`]) as it writes it and
/// frees it after, so a 3,000-kernel class holds the rows of a page or two
/// at a time instead of every section page's rows at once.
pub fn section_page_plans(m: &MachinePage) -> Vec<SectionPagePlan> {
    if m.kernels.len() <= LARGE_CLASS {
        return Vec::new();
    }
    let mut plans = Vec::new();
    for (si, s) in m.sections.iter().enumerate() {
        let plan = page_plan(s);
        let links: Arc<[PageLink]> = plan.iter().map(|c| c.link(&s.id)).collect();
        let total: usize = plan.iter().map(|c| c.kernels.len()).sum();
        plans.extend(plan.into_iter().map(|chunk| SectionPagePlan { section: si, chunk, links: links.clone(), total }));
    }
    plans
}

impl SectionPagePlan {
    /// The page's output path relative to the machine directory, as
    /// [`SectionPage::file`] of [`SectionPagePlan::page`].
    pub fn file(&self, m: &MachinePage) -> String {
        format!("sections/{}-{}.html", m.sections[self.section].id, self.chunk.number)
    }

    /// The page of `m` (the page this was planned from): its rows (and the
    /// baseline's) cloned, runs folded, its grid laid out.
    pub fn page(&self, m: &MachinePage) -> SectionPage {
        let (s, c) = (&m.sections[self.section], &self.chunk);
        let baseline = s.table.baseline.as_deref();
        let mine: rustc_hash::FxHashSet<&str> = c.kernels.iter().map(String::as_str).collect();
        let mut view = with_rows(s, |r| baseline == Some(r.kernel.as_str()) || mine.contains(r.kernel.as_str()));
        view.grid = Some(Arc::new(grid::linked_grid(&view.table)));
        view.charts.clear();
        view.chart_note.clear();
        let beside = baseline.map(|b| format!(", each beside the baseline {b}")).unwrap_or_default();
        let text = format!(
            "{} {} of the {} with results here (page {} of {}){beside}; runs on each {}'s page.",
            m.axis.many_cap,
            c.link(&s.id).label,
            self.total,
            c.number,
            self.links.len(),
            m.axis.one
        );
        SectionPage {
            section: self.section,
            file: self.file(m),
            number: c.number,
            text,
            links: self.links.to_vec(),
            view,
        }
    }
}

/// `m` without its sections (an empty list): the rest cloned.
pub(super) fn page_without_sections(m: &MachinePage) -> MachinePage {
    let MachinePage {
        slug,
        link,
        name,
        specs,
        description_md,
        description_html,
        environment,
        notes_md,
        notes_html,
        kernels,
        baseline,
        sections: _,
        significance,
        notable,
        notable_heading,
        regressions_text,
        regressions_counted,
        notable_more,
        notable_more_text,
        not_tested,
        trend_charts,
        axis,
        shown_note,
        raw_copied,
        summary: _,
        star_sections,
        memo: _,
    } = m;
    MachinePage {
        slug: slug.clone(),
        link: link.clone(),
        name: name.clone(),
        specs: specs.clone(),
        description_md: description_md.clone(),
        description_html: description_html.clone(),
        environment: environment.clone(),
        notes_md: notes_md.clone(),
        notes_html: notes_html.clone(),
        kernels: kernels.clone(),
        baseline: baseline.clone(),
        sections: Vec::new(),
        significance: significance.clone(),
        notable: notable.clone(),
        notable_heading: notable_heading.clone(),
        regressions_text: regressions_text.clone(),
        regressions_counted: *regressions_counted,
        notable_more: *notable_more,
        notable_more_text: notable_more_text.clone(),
        not_tested: not_tested.clone(),
        trend_charts: trend_charts.clone(),
        axis: axis.clone(),
        shown_note: shown_note.clone(),
        raw_copied: *raw_copied,
        // A summary's own summary: none.
        summary: None,
        star_sections: star_sections.clone(),
        memo: Default::default(),
    }
}

/// Section `s` with only the rows `keep` selects, their runs folded away
/// (cleared), the rest of the section cloned: the rows left out are not
/// copied (cloning the whole section and dropping them made a
/// 3,000-kernel class's section pages quadratic in time and memory).
fn with_rows(s: &SectionView, keep: impl Fn(&RowView) -> bool) -> SectionView {
    // Each cell copied without its runs (not copied and then cleared).
    let fold = |r: &RowView| RowView {
        kernel: r.kernel.clone(),
        params: r.params.clone(),
        cells: r
            .cells
            .iter()
            .map(|c| {
                c.as_ref().map(|c| CellView {
                    summary: c.summary,
                    text: c.text.clone(),
                    stddev_text: c.stddev_text.clone(),
                    raw: c.raw.clone(),
                    comparison: c.comparison,
                    delta_text: c.delta_text.clone(),
                    delta_class: c.delta_class,
                    mark: c.mark,
                    runs: Vec::new(),
                    printed: c.printed,
                    printed_decimals: c.printed_decimals,
                    merged: c.merged,
                    copied: c.copied,
                })
            })
            .collect(),
        raw: r.raw.clone(),
        untimed: r.untimed.clone(),
        part_untimed: r.part_untimed.clone(),
    };
    section_with_rows(s, s.table.rows.iter().filter(|r| keep(r)).map(fold).collect())
}

/// Section `s` with `rows` for its table's rows, everything else cloned
/// (its rows are not).
pub(super) fn section_with_rows(s: &SectionView, rows: Vec<RowView>) -> SectionView {
    // The warnings about the files of the rows kept.
    let warnings: Vec<super::SectionWarning> = if s.warnings.is_empty() {
        Vec::new()
    } else {
        let files: rustc_hash::FxHashSet<&str> = rows
            .iter()
            .flat_map(|r| r.cells.iter().flatten())
            .flat_map(|c| c.raw.paths().iter().map(|p| &**p))
            .collect();
        s.warnings.iter().filter(|w| files.contains(&*w.path)).cloned().collect()
    };
    let (warning_groups, warnings_more) = super::group_warnings(&warnings);
    // The legends of the marks only of cells kept (attack45 F9: a mail
    // that left out the marked kernels said what `^` is under no `^`).
    let marked = |f: fn(&CellView) -> bool| rows.iter().any(|r| r.cells.iter().flatten().any(f));
    let (any_merged, any_copied) = (marked(|c| c.merged), marked(|c| c.copied));
    let SectionView {
        id,
        title,
        benchmarks,
        commentary_md,
        commentary_html,
        notes_md,
        notes_html,
        table,
        charts,
        chart_note,
        grid,
        shown_note,
        shown_link,
        shown_pages,
        warnings: _,
        warning_groups: _,
        warnings_more: _,
    } = s;
    let TableView {
        param_headers,
        param_units,
        fixed_params,
        fixed_param_values,
        columns,
        rows: _,
        direction,
        has_spread,
        baseline,
        baseline_absent,
        alpha,
        regression_threshold,
        tests,
        configured_headline,
        headline_named,
        legend,
        untested,
        merged_legend,
        copied_legend,
        axis,
        marks,
        setup_note,
        setup_keys,
        uncompared_memo: _,
        untrimmed,
        skipped,
        gave_nothing,
    } = table;
    SectionView {
        id: id.clone(),
        title: title.clone(),
        benchmarks: benchmarks.clone(),
        commentary_md: commentary_md.clone(),
        commentary_html: commentary_html.clone(),
        notes_md: notes_md.clone(),
        notes_html: notes_html.clone(),
        table: TableView {
            param_headers: param_headers.clone(),
            param_units: param_units.clone(),
            fixed_params: fixed_params.clone(),
            fixed_param_values: fixed_param_values.clone(),
            columns: columns.clone(),
            rows,
            direction: direction.clone(),
            has_spread: *has_spread,
            baseline: baseline.clone(),
            baseline_absent: baseline_absent.clone(),
            alpha: *alpha,
            regression_threshold: *regression_threshold,
            tests: *tests,
            configured_headline: *configured_headline,
            headline_named: *headline_named,
            legend: legend.clone(),
            untested: untested.clone(),
            merged_legend: merged_legend.clone().filter(|_| any_merged),
            copied_legend: copied_legend.clone().filter(|_| any_copied),
            axis: axis.clone(),
            marks: marks.clone(),
            setup_note: setup_note.clone(),
            setup_keys: setup_keys.clone(),
            // Other rows: their own answer.
            uncompared_memo: super::UncomparedMemo::default(),
            untrimmed: untrimmed.clone(),
            skipped: skipped.clone(),
            gave_nothing: gave_nothing.clone(),
        },
        charts: charts.clone(),
        chart_note: chart_note.clone(),
        grid: grid.clone(),
        shown_note: shown_note.clone(),
        shown_link: shown_link.clone(),
        shown_pages: shown_pages.clone(),
        warning_groups,
        warnings_more,
        warnings,
    }
}

/// How many distinct kernels `rows` hold.
fn kernels_in(rows: &[super::RowView]) -> usize {
    let mut names: Vec<&str> = rows.iter().map(|r| r.kernel.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    names.len()
}

/// The kernels a summary table of section `s` (of page `m`) keeps: its and
/// the page's baseline and its last kernel, then the kernels of its
/// [`SUMMARY_CHANGES`] largest significant changes and its next-to-last
/// ones (up to [`SUMMARY_KERNELS`] last ones in all), each while the table
/// stays within [`SUMMARY_ROWS`] rows.
fn section_kernels<'a>(m: &'a MachinePage, s: &'a super::SectionView) -> Vec<&'a str> {
    let t = &s.table;
    let rows_of = |k: &str| t.rows.iter().filter(|r| r.kernel == k).count();
    let baselines: Vec<&str> = m.baseline.iter().chain(t.baseline.iter()).map(String::as_str).collect();
    let mut last: Vec<&str> = Vec::new();
    for k in m.kernels.iter().rev() {
        if last.len() == SUMMARY_KERNELS {
            break;
        }
        if !baselines.contains(&k.name.as_str()) && rows_of(&k.name) > 0 {
            last.push(&k.name);
        }
    }
    let mut changes: Vec<(f64, &str)> = significant_changes(t)
        .filter_map(|(ri, _, c)| Some((c.pct_better?.abs(), t.rows[ri].kernel.as_str())))
        .collect();
    changes.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut biggest: Vec<&str> = Vec::new();
    for (_, k) in changes {
        if biggest.len() == SUMMARY_CHANGES {
            break;
        }
        if !baselines.contains(&k) && !biggest.contains(&k) {
            biggest.push(k);
        }
    }
    let mut kept: Vec<&str> = baselines;
    kept.dedup();
    kept.extend(last.first());
    let mut rows: usize = kept.iter().map(|k| rows_of(k)).sum();
    for k in biggest.into_iter().chain(last.into_iter().skip(1)) {
        let more = rows_of(k);
        if !kept.contains(&k) && rows + more <= SUMMARY_ROWS {
            kept.push(k);
            rows += more;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{KernelView, RowView, SectionView, TableView};

    fn page(kernels: usize) -> MachinePage {
        let names: Vec<String> = (0..kernels).map(|i| format!("k{i}")).collect();
        let rows = names.iter().map(|n| RowView::new(n.clone(), Vec::new(), vec![None])).collect();
        MachinePage {
            kernels: names.iter().map(|n| KernelView { name: n.clone(), ..KernelView::default() }).collect(),
            baseline: Some("k0".to_string()),
            sections: vec![SectionView {
                id: "s".to_string(),
                table: TableView { rows, baseline: Some("k0".to_string()), ..TableView::default() },
                ..SectionView::default()
            }],
            ..MachinePage::default()
        }
    }

    #[test]
    fn a_small_class_shows_every_kernel() {
        assert!(summary_page(&page(LARGE_CLASS)).is_none());
        assert!(section_pages(&page(LARGE_CLASS)).is_empty());
    }

    #[test]
    fn a_large_section_goes_onto_pages_within_the_budget_each_with_the_baseline() {
        let mut m = page(300);
        m.sections[0].table.columns = vec![Default::default(); 12];
        for r in &mut m.sections[0].table.rows {
            r.cells = vec![Some(Default::default()); 12];
        }
        let pages = section_pages(&m);
        // 130 nodes a kernel: 60 kernels a page (the baseline's 130 besides), 299 kernels on 5 pages.
        assert_eq!(pages.len(), 5);
        let mut seen = Vec::new();
        for p in &pages {
            assert_eq!(p.view.table.rows[0].kernel, "k0", "the baseline first on {}", p.file);
            assert!(p.view.table.rows.len() <= 61);
            seen.extend(p.view.table.rows.iter().skip(1).map(|r| r.kernel.clone()));
            assert_eq!(p.links.len(), 5);
        }
        assert_eq!(seen.len(), 299, "every kernel once");
        assert_eq!(pages[1].file, "sections/s-2.html");
        assert!(
            pages[1].text.starts_with("Kernels 61–120 of the 299 with results here (page 2 of 5)"),
            "{}",
            pages[1].text
        );
    }

    #[test]
    fn a_large_class_keeps_the_baseline_and_the_last_kernels_and_says_so() {
        let p = summary_page(&page(300)).expect("a summary");
        let s = &p.sections[0];
        let kept: Vec<&str> = s.table.rows.iter().map(|r| r.kernel.as_str()).collect();
        assert_eq!(kept, ["k0", "k297", "k298", "k299"]);
        assert_eq!(p.kernels.len(), 300, "the kernel list stays whole");
        assert!(s.shown_note.starts_with("4 of the 300 kernels"), "{}", s.shown_note);
        assert_eq!(s.shown_link, "csv/s.csv");
        assert!(p.shown_note.contains("300 kernels"), "{}", p.shown_note);
        assert_eq!(s.shown_pages.len(), 1);
        assert_eq!(s.shown_pages[0].link, "sections/s-1.html");
        assert_eq!(s.shown_pages[0].label, "1 page of its own");
    }
}
