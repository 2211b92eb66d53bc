//! The default theme's per-class pages written directly, without tera.
//!
//! A large archive's machine class has pages of tens of megabytes (300
//! kernels × 100 metrics); turning the view model into tera values and
//! running tera's VM over it was most of a build's time and memory. When a
//! theme overrides none of `base.html`, `machine.html`, `section.html`,
//! `kernel.html` and `compare.html`, [`super::html::HtmlRenderer`] writes
//! those pages with the functions here instead. They produce exactly what
//! the embedded templates produce — the templates stay the specification
//! (and what a theme copies to start from); `tests/html_native.rs` renders
//! the demo site and a generated archive both ways and compares every byte.
//!
//! Escaping is tera's own [`tera::escape_html`], so values come out exactly
//! as `{{ value }}` prints them in an HTML template.

use super::OutputFile;
use crate::report::environment::KernelMark;
use crate::report::grid::{self, Grid, GridBlock, GridCell, GridOptions, GridRow, GridRun, Shape};
use crate::report::{
    ChartRef, ComparePage, ComparisonBlock, KernelLink, KernelPage, KernelSummary, KernelView, MachinePage,
    SectionView, SiteSummary, TableView,
};
use std::io::Write;
use std::sync::Arc;

/// Templates whose override by a theme switches the native pages off.
pub const TEMPLATES: &[&str] = &[
    "base.html",
    "machine.html",
    "section.html",
    "kernel.html",
    "compare.html",
    "regressions.html",
    "section-page.html",
];

/// An HTML page being written: raw markup through [`Page::raw`], values
/// through [`Page::text`] (escaped as tera's autoescape does).
pub(super) struct Page {
    buf: Vec<u8>,
}

impl Page {
    fn with_capacity(n: usize) -> Self {
        Page { buf: Vec::with_capacity(n) }
    }
    pub(super) fn raw(&mut self, s: &str) -> &mut Self {
        self.buf.extend_from_slice(s.as_bytes());
        self
    }
    pub(super) fn text(&mut self, s: &str) -> &mut Self {
        // Most texts (numbers, names, paths) have nothing to escape: copied
        // at once, where tera's escape writes byte by byte.
        if !s.bytes().any(|b| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'')) {
            self.buf.extend_from_slice(s.as_bytes());
            return self;
        }
        // Writing into a Vec cannot fail.
        let _ = tera::escape_html(s, &mut self.buf);
        self
    }
    pub(super) fn num(&mut self, n: impl std::fmt::Display) -> &mut Self {
        let _ = write!(self.buf, "{n}");
        self
    }
    fn into_string(self) -> String {
        // Only `&str`s and escaped `&str`s were written.
        String::from_utf8(self.buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// The Content-Security-Policy every page carries (`base.html`): scripts
/// only from the site itself (the theme's `table.js`), no plugins, no
/// `<base>` elsewhere.
pub const CSP: &str =
    "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'self'; object-src 'none'; base-uri 'self'\">";

/// `base.html` around a page's `main` block.
pub(super) fn base(
    site: &SiteSummary,
    root: &str,
    title: impl FnOnce(&mut Page),
    main: impl FnOnce(&mut Page),
    size: usize,
) -> String {
    let mut p = Page::with_capacity(size + 1024);
    p.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    p.raw(CSP).raw("\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    title(&mut p);
    p.raw("</title>\n<link rel=\"stylesheet\" href=\"").text(root).raw("style.css\">\n<script src=\"").text(root).raw(
        "table.js\" defer></script>\n</head>\n<body>\n<header class=\"site-header\">\n<a class=\"site-title\" href=\"",
    );
    p.text(root).raw("index.html\">").text(&site.title).raw("</a>\n</header>\n<main>\n");
    main(&mut p);
    p.raw("</main>\n<footer class=\"site-footer\">Built by benchsite from raw benchmark output.</footer>\n</body>\n</html>\n");
    p.into_string()
}

/// `sources` joined by ", " (tera's `join(sep=", ")`).
fn sources_list(p: &mut Page, sources: &[Arc<str>]) {
    for (i, src) in sources.iter().enumerate() {
        if i > 0 {
            p.raw(", ");
        }
        p.text(src);
    }
}

/// `section.html` for section `s` of page `m`, its table drawn from grid
/// `g` (the section's [`section_grid`] on the machine page, its
/// [`Grid::only_kernel`] on a kernel page; `None`: no rows), and `charts`
/// shown or not, and its legend (not on a kernel page: [`legend`] once
/// above its sections). On a kernel page the section's commentary is left
/// to the class page, and the title links to it there; the title (with
/// the section's id) heads what follows it, without a `<section>`.
fn section(
    p: &mut Page,
    m: &MachinePage,
    s: &SectionView,
    g: Option<&Grid>,
    charts: bool,
    legend_shown: bool,
    runs_in_legend: bool,
    raw_prefix: &str,
) {
    let t = &s.table;
    // A kernel page (the one without a legend per table) heads each
    // section by its title alone, which carries the section's id: no
    // `<section>` around it (21 bytes on each of the large generated
    // archive's 74,100 sections of kernel pages, 1.6 MB; the page's
    // outline is its headings, and `#id` finds the heading).
    let kernel_page = !legend_shown;
    if kernel_page {
        p.raw("<h2 id=\"").text(&s.id).raw("\">");
    } else {
        p.raw("<section id=\"").text(&s.id).raw("\">\n<h2>");
    }
    if s.commentary_html.is_empty() {
        p.text(&s.title).raw("</h2>\n");
    } else if legend_shown {
        p.text(&s.title).raw("</h2>\n<div class=\"commentary\">").raw(&s.commentary_html).raw("</div>\n");
    } else {
        // A kernel page (the one without a legend per table): the
        // section's commentary is the same for every
        // kernel and stays on the class page, which the title links to
        // (3,000 copies were 3.9 MB of the large generated archive's
        // kernel pages).
        p.raw("<a href=\"../index.html#").text(&s.id).raw("\">").text(&s.title).raw("</a></h2>\n");
    }
    if let Some(g) = g {
        // The flex box that sets charts beside the table only where the
        // page draws some (not on kernel and section pages).
        let figures = charts && !s.charts.is_empty();
        p.raw(if figures {
            "<div class=\"table-chart\">\n<div class=\"table-wrap\">\n"
        } else {
            "<div class=\"table-wrap\">\n"
        });
        // A kernel page (no legend per table): its rows are its own
        // kernel's, whose name links a raw file once a run of rows.
        grid_html(p, g, t, raw_prefix, !(runs_in_legend && g.rows_say_runs()), !legend_shown);
        if legend_shown {
            warnings(p, s, raw_prefix);
        }
        p.raw("</div>\n");
        if figures {
            for c in &s.charts {
                figure(p, "chart", raw_prefix, c);
            }
            p.raw("</div>\n");
        }
        if !s.shown_note.is_empty() {
            p.raw("<p class=\"shown\">").text(&s.shown_note).raw("; every kernel ");
            for l in &s.shown_pages {
                p.raw("on <a href=\"").text(raw_prefix).text(&l.link).raw("\">").text(&l.label).raw("</a> and ");
            }
            p.raw("in <a href=\"").text(raw_prefix).text(&s.shown_link).raw("\">");
            p.text(&s.shown_link).raw("</a>.</p>\n");
        }
        if charts && !s.chart_note.is_empty() {
            p.raw("<p class=\"chart-note\">").text(&s.chart_note).raw("</p>\n");
        }
        if let Some(b) = t.baseline.as_deref().filter(|b| !b.is_empty() && legend_shown && t.legend.is_some()) {
            let factors = t.legend.as_deref().is_some_and(|l| l.contains(crate::report::FACTORS));
            legend(p, m, t, b, factors);
            p.raw("\n");
        }
        for l in [&t.merged_legend, &t.copied_legend].into_iter().flatten().filter(|_| legend_shown) {
            p.raw("<p class=\"legend\">").text(l).raw("</p>\n");
        }
    } else {
        p.raw("<p class=\"empty\">No results.</p>\n");
    }
    if !s.notes_html.is_empty() {
        p.raw("<div class=\"notes\">").raw(&s.notes_html).raw("</div>\n");
    }
    if !kernel_page {
        p.raw("</section>\n");
    }
}

/// What was warned of the raw files of section `s`'s table
/// ([`SectionView::warning_groups`]: each message once, after the places
/// it was made at, and how many more the lint page lists), folded under a
/// line that says how many; nothing when nothing was. `section.html` says
/// the same.
fn warnings(p: &mut Page, s: &SectionView, raw_prefix: &str) {
    if s.warnings.is_empty() {
        return;
    }
    let n = s.warnings.len();
    p.raw("<details class=\"warnings\"><summary>").text(&n.to_string());
    p.raw(if n == 1 { " warning" } else { " warnings" }).raw(" about this table&#39;s raw files</summary><ul>");
    for g in &s.warning_groups {
        p.raw("<li>");
        for (i, w) in g.places.iter().enumerate() {
            if i > 0 {
                p.raw(", ");
            }
            p.raw("<a href=\"");
            raw_href(p, raw_prefix, &w.link);
            p.raw("\">").text(&w.source).raw("</a>");
        }
        if g.more_places > 0 {
            p.raw(" and ").text(&g.more_places.to_string()).raw(" more");
        }
        p.raw(": ").text(&g.message).raw("</li>");
    }
    if s.warnings_more > 0 {
        // The lint page is the site's: one directory above the class's.
        p.raw("<li>and ").text(&s.warnings_more.to_string()).raw(" more: <a href=\"").text(raw_prefix);
        p.raw("../lint.html\">every finding</a></li>");
    }
    p.raw("</ul></details>\n");
}

/// The legend of the changes against `baseline` (a kernel's name) and
/// their marks, under a table of the machine page: what the significance
/// test is and what is not tested, which a kernel page's one legend
/// ([`kernel_legend`]) links. With `factors` (a table of the page prints
/// a loss past half as `-N×`), what `-N×` means.
fn legend(p: &mut Page, m: &MachinePage, t: &TableView, baseline: &str, factors: bool) {
    // Nothing tested: no marks to explain, and why, in the mail's words:
    // the table's own legend ([`crate::report::legend`]), as the theme's
    // section.html prints it (review61 site #7: it was built again here).
    if t.tests == 0
        && let Some(l) = t.legend.as_deref()
    {
        p.raw("<p class=\"legend\">").text(l).raw(".</p>");
        return;
    }
    p.raw("<p class=\"legend\">% = change vs ").text(baseline);
    p.raw(positive_is_better(factors));
    if t.tests == 0 {
        p.text(&crate::report::no_tests_text(t)).raw(".</p>");
        return;
    }
    p.raw("<strong>*</strong> ")
        .text(&m.significance)
        .raw("; ~ tested, not significant; unmarked: not tested (")
        .text(&m.not_tested)
        .raw(").</p>");
}

/// The legends' "positive is better", with what `-N×` means
/// (the report's `significance::FACTORS`) where a table prints one.
fn positive_is_better(factors: bool) -> &'static str {
    if factors { ", positive is better (-N× = N times worse); " } else { ", positive is better; " }
}

/// A kernel page's one legend, above its sections: what its changes are
/// against ([`baseline_links`]) and what their marks are, each said in a
/// word, with a link to the class page's legend under the first of its
/// tables ([`KernelPage::legend_section`]), which says what the test is
/// and what is not tested; what `-N×` means where a cell of its rows
/// prints one ([`KernelPage::factors`]); then, as [`legend`], what a value
/// is (`runs`) and where folded runs are (`folded`).
fn kernel_legend(p: &mut Page, kp: &KernelPage, runs: bool, folded: bool) {
    p.raw("<p class=\"legend\">% = change vs ");
    baseline_links(p, &kp.baseline_pages);
    p.raw(positive_is_better(kp.factors));
    p.raw("<strong>*</strong> significant, ~ tested, not significant, unmarked: not tested (<a href=\"../index.html#");
    p.text(&kp.legend_section).raw("\">what each means</a>).");
    if runs {
        p.raw(RUNS_LEGEND);
    }
    if folded {
        p.raw(FOLDED_LEGEND);
    }
    p.raw("</p>");
}

/// The baselines a kernel page's legend names
/// ([`crate::report::KernelPage::baseline_pages`]), each a link to its
/// page (but the page's own kernel): the one, or "the baseline of each
/// table (A, B)". A kernel page leaves the baseline's rows to the
/// baseline's page ([`Grid::only_kernel`]), whose tables list its figures.
fn baseline_links(p: &mut Page, pages: &[KernelLink]) {
    if pages.len() > 1 {
        p.raw("the baseline of each table (");
    }
    for (i, b) in pages.iter().enumerate() {
        if i > 0 {
            p.raw(", ");
        }
        if b.file.is_empty() {
            p.text(&b.name);
        } else {
            p.raw("<a href=\"").text(&b.file).raw("\">").text(&b.name).raw("</a>");
        }
    }
    if pages.len() > 1 {
        p.raw(")");
    }
}

/// What a kernel page's legend says of its values where some table leaves
/// its runs note out ([`Grid::rows_say_runs`]); `kernel.html` says the same.
pub const RUNS_LEGEND: &str =
    " A value is the mean of its runs (how many: the runs column) ± their standard deviation.";

/// What a kernel page's legend says of its runs where a table's rows
/// leave them folded ([`folds`]); `kernel.html` says the same.
pub const FOLDED_LEGEND: &str = " A row&#39;s runs are the lines of the raw file its kernel links.";

/// Whether `run` of row `r` of a kernel page's grid folds: it is a line of
/// the row's one raw file, which the row's kernel links ([`run_line`]). A
/// kernel page's grid is cut from the class's and folded in one pass
/// ([`Grid::only_kernel_folded`] with this rule): a row whose every run
/// folds says its number of runs as the baseline's row does ("3 runs",
/// [`GridRow::n`]) instead of a table of them, or, where every value of the
/// grid is of as many runs (the note under the table says how many),
/// nothing: a block without a row to unfold or to say its runs has no runs
/// column. A row whose runs are in files of their own keeps the table, the
/// only links to those files, and so does one whose values differ in runs
/// (each says its own `n=`).
///
/// Each run's figures are in that raw file as it printed them, and in
/// `data.json`'s samples; the class page and the section pages of a large
/// class list no runs (they fold every row's), and the unfolded runs were
/// an eighth of a large archive's kernel pages (15.8 of 121.8 MB).
pub fn folds(r: &GridRow, run: &GridRun) -> bool {
    run_line(r, run).is_some()
}

/// Whether a kernel page's legend says what a value is ([`RUNS_LEGEND`]):
/// some table of the page (its `grids`) leaves its runs note to it.
pub fn runs_legend(grids: &[Option<Grid>]) -> bool {
    grids.iter().flatten().any(Grid::rows_say_runs)
}

/// The grid every renderer draws of section `s` (the one laid out with
/// the page, [`SectionView::grid`]: the shape and cells of the Markdown
/// and, at 72 columns, the plaintext), the raw files behind its numbers
/// named; `None` for a table without rows. The page's own grid is
/// borrowed: it was laid out with its raw files named
/// ([`Grid::link_sources`]); one laid out now is named here.
pub fn section_grid(s: &SectionView) -> Option<std::borrow::Cow<'_, Grid>> {
    grid::section_grid(s, &GridOptions::default()).map(|g| match g {
        std::borrow::Cow::Borrowed(g) => std::borrow::Cow::Borrowed(g),
        std::borrow::Cow::Owned(mut g) => {
            g.link_sources(&s.table);
            std::borrow::Cow::Owned(g)
        }
    })
}

/// [`section_grid`] of every section of `m`, in page order: laid out once
/// for the machine page and its kernel pages ([`Grid::only_kernel`]).
pub fn section_grids(m: &MachinePage) -> Vec<Option<std::borrow::Cow<'_, Grid>>> {
    use rayon::prelude::*;
    m.sections.par_iter().map(section_grid).collect()
}

/// Whether values of more than one run say their number of runs (`n=3`,
/// or a row's once in its runs column: [`Grid::show_n`]): only where the
/// grid's values differ in it; otherwise the runs note under the table
/// says it once.
pub fn show_runs(g: &Grid) -> bool {
    g.show_n()
}

/// Grid `g` of table `t` as HTML: its caption (the line every block
/// shares, so a paragraph above them rather than a `<caption>` of one,
/// which would also wrap at a narrow table's width), a table per block,
/// and its runs note.
///
/// A block's table is `<table class="grid">`, whose cells are numbers
/// unless marked: the stylesheet right-aligns its cells and keeps each on
/// one line, and left-aligns its first column and the label cells of class
/// `label` (a text parameter, a unit), so a number's cell carries no class
/// (these tables are most of a site's bytes: a class on each of their
/// cells was a twelfth of them). Likewise its links carry no class (a
/// header's is a raw file, a cell's a value) and a link's title names its
/// raw files only where they are more than the one its `href` names.
/// Its cells leave out their end tags (`</td>`, `</th>`), which HTML
/// does not need before another cell or the row's end: the same
/// document, a tenth fewer bytes. So do its rows (`</tr>`: closed by the
/// next row or the table's end) and its body (`<tbody>`, `</tbody>`: the
/// parser opens the body at the first row after `</thead>`, so the DOM,
/// `table.tBodies` and the stylesheet's `tbody` rules are as before), and
/// a class of one word is not quoted (`class=b`; `class="b significant"`
/// is): 7 bytes a table row and 2 a class, on 1.5 million classes and
/// 370,000 rows of a large archive's kernel pages.
/// A header's unit is `<small>` as a value's spread is (the stylesheet's
/// `table.grid small` looks as `.unit` does), and a value's change is
/// `<b>` (better), `<i>` (worse) or `<span>` (neither), which the
/// stylesheet sets upright and not bold, coloured as a change row's
/// cells of class `b` and `w` ([`change_tag`]): 9 bytes fewer than
/// `<span class=unit>` on 216,600 units, and 8 fewer than `<i class=b>`
/// (the forty-sixth session's) on 885,000 changes of a large archive's
/// pages, the pages drawn the same.
///
/// With `link_once` (a kernel page, whose rows are all its kernel's), a
/// row whose label and raw files are those of the value row above it in
/// its table names its kernel without the link again: the kernel's name
/// linking the same raw file in every row (an AIM7 table's dozens of
/// loads) was 3.1 MB of a large archive's 79 MB of kernel pages.
pub(super) fn grid_html(p: &mut Page, g: &Grid, t: &TableView, raw_prefix: &str, runs_note: bool, link_once: bool) {
    let caption = g.caption(t);
    let kernel_rows = g.shape != Shape::MetricsAsRows;
    let show_n = show_runs(g);
    if !caption.is_empty() {
        p.raw("<p class=caption>").text(&caption).raw("</p>\n");
    }
    for b in &g.blocks {
        // Its parameter columns (`rw`, `bs`, `ioengine`… of a fio table)
        // filled a phone's width, its figures off the screen (newcomer59b):
        // class `fN` hides the N label columns after the first on a narrow
        // screen, where each row's header shows them folded ([`fold`]).
        let folds = fold_columns(b, kernel_rows);
        if folds > 0 {
            p.raw("<table class=\"grid f").num(folds).raw("\">\n<thead><tr>");
        } else {
            p.raw("<table class=grid>\n<thead><tr>");
        }
        for (i, h) in b.label_headers.iter().enumerate() {
            // The first ("kernel" where rows are kernels) needs no class:
            // the stylesheet finds it (`table.grid:not(:has(th.metric))
            // thead th:first-child`).
            p.raw(if i == 0 || b.label_right[i] { "<th>" } else { "<th class=label>" });
            p.text(h);
        }
        for c in &b.columns {
            // A kernel's column in its font; which way a metric is better
            // the caption says.
            p.raw(if c.better.is_none() { "<th class=kernel>" } else { "<th>" });
            if !c.over.is_empty() {
                // HTML draws no header over several columns: the part's
                // label heads each of its columns, as in the Markdown.
                p.text(&c.over).raw(" ");
            }
            linked(p, raw_prefix, c.raw.links(), c.raw.paths(), "raw output: ", &c.name);
            flag(p, c.flag.as_ref());
            if !c.unit.is_empty() {
                p.raw("<br><small>").text(&c.unit).raw("</small>");
            }
        }
        if b.runs_column {
            p.raw("<th class=runs>runs");
        }
        p.raw("</thead>\n");
        // The value row above, whose label linked its raw files.
        let mut above: Option<&GridRow> = None;
        for r in &b.rows {
            let linked_above = link_once
                && kernel_rows
                && !r.change
                && !r.raw.is_empty()
                && above.is_some_and(|a| a.labels.first() == r.labels.first() && a.raw == r.raw);
            grid_row(p, b, r, (kernel_rows, folds > 0), show_n, !linked_above, raw_prefix);
            if !r.change {
                above = Some(r);
            }
        }
        p.raw("</table>\n");
    }
    if let Some(note) = g.runs_note_html().filter(|_| runs_note) {
        p.raw("<p class=runs>").text(&note).raw("</p>\n");
    }
    if let Some(note) = g.uncompared_note() {
        p.raw("<p class=uncompared>").text(&note).raw("</p>\n");
    }
    if let Some(note) = g.untimed_note() {
        p.raw("<p class=untimed>").text(&note).raw("</p>\n");
    }
}

/// A kernel's mark after its name ([`GridRow::flag`]), with what it
/// stands for as its title (shown on hover, read by screen readers).
pub(super) fn flag(p: &mut Page, f: Option<&KernelMark>) {
    if let Some(f) = f {
        p.raw("<abbr class=\"flag\" title=\"").text(&f.title).raw("\">").text(f.mark).raw("</abbr>");
    }
}

/// The links to a set of pages (a large class's section pages or pages
/// of regressions), each `prefix` + its link followed by a space, but
/// page `number` (1-based), this one, in bold.
pub(super) fn page_links(p: &mut Page, links: &[crate::report::PageLink], number: usize, prefix: &str) {
    for (i, l) in links.iter().enumerate() {
        if i + 1 == number {
            p.raw("<strong>").text(&l.label).raw("</strong>");
        } else {
            p.raw("<a href=\"").raw(prefix).text(&l.link).raw("\">").text(&l.label).raw("</a>");
        }
        p.raw(" ");
    }
}

/// What the marks of `m`'s kernels stand for ([`crate::report::environment::EnvironmentView::mark_lines`]),
/// on a page without the machine page's environment summary; nothing when
/// no kernel is marked.
pub(super) fn mark_legend(p: &mut Page, m: &MachinePage) {
    if m.environment.mark_lines.is_empty() {
        return;
    }
    p.raw("<ul class=\"dmesg\">");
    for l in &m.environment.mark_lines {
        p.raw("<li>").text(l).raw("</li>");
    }
    p.raw("</ul>\n");
}

/// One row of block `b`: its labels (the first a row header, linked to
/// the raw files when the row names them), then its cells: a value with
/// its spread and change, or on a change row the change alone.
/// `link_label`: whether the row's label links its raw files (under
/// `raw_prefix`); not where the row above linked the same files.
fn grid_row(
    p: &mut Page,
    b: &GridBlock,
    r: &GridRow,
    (kernel_rows, folds): (bool, bool),
    show_n: bool,
    link_label: bool,
    raw_prefix: &str,
) {
    p.raw(if r.change { "<tr class=change>" } else { "<tr>" });
    for (i, l) in r.labels.iter().enumerate() {
        if i == 0 {
            p.raw(if kernel_rows { "<th>" } else { "<th class=metric>" });
            if link_label {
                linked(p, raw_prefix, r.raw.links(), r.raw.paths(), "raw output: ", l);
            } else {
                p.text(l);
            }
            flag(p, r.flag.as_ref());
            if folds && !r.change {
                fold(p, b, r);
            }
        } else {
            p.raw(if b.label_right[i] { "<td>" } else { "<td class=label>" }).text(l);
        }
    }
    for c in &r.cells {
        let Some(c) = c else {
            p.raw(if r.change { "<td>" } else { "<td>–" });
            continue;
        };
        if r.change {
            // The change alone: coloured and bold as the cell itself.
            p.raw("<td");
            delta_class(p, c);
            p.raw(">").text(&c.value).text(&c.mark);
            continue;
        }
        p.raw("<td>");
        linked(p, raw_prefix, c.raw.links(), c.raw.paths(), "from ", &c.value);
        // A row that says its values' runs once ([`GridRow::n`]): only a
        // value with another count says its own.
        let n = show_n && c.n > 1 && c.n != r.n;
        if !c.spread.is_empty() || n {
            p.raw(" <small>").text(&c.spread);
            if n {
                p.raw(if c.spread.is_empty() { "n=" } else { " n=" }).num(c.n);
            }
            p.raw("</small>");
        }
        if !c.delta.is_empty() {
            // Its element says which way it goes (`<b>` better, `<i>`
            // worse, `<span>` neither: [`change_tag`]), so that the two
            // common ones carry no class.
            let tag = change_tag(c.class);
            p.raw(" <").raw(tag);
            if c.mark == "*" {
                p.raw(" class=significant");
            }
            p.raw(">").text(&c.delta).text(&c.mark).raw("</").raw(tag).raw(">");
        }
    }
    if b.runs_column {
        row_runs(p, b, r, raw_prefix);
    }
    p.raw("\n");
}

/// Most parameter columns a table folds into its rows' headers on a
/// phone: the stylesheet hides columns 2 to N + 1 for classes `f1` to
/// `f12`; a table of more scrolls sideways as before.
const MOST_FOLDED: usize = 12;

/// How many label columns after the first (the parameters: `rw`, `bs`,
/// `groups`…) block `b` folds into its rows' headers on a narrow screen:
/// all of them, in a table whose rows are kernels; 0 where it has none,
/// more than [`MOST_FOLDED`], or its rows are metrics (their label
/// columns, a parameter and the unit, are what a row says).
fn fold_columns(b: &GridBlock, kernel_rows: bool) -> usize {
    let n = b.label_headers.len().saturating_sub(1);
    if kernel_rows && n <= MOST_FOLDED { n } else { 0 }
}

/// Row `r`'s parameters, each after its column's header (`rw randread,
/// bs 4KiB, iodepth 32`; an empty cell left out), in a `<small
/// class=fold>` under its kernel's name: shown on a narrow screen only,
/// where the stylesheet hides the parameter columns (class `fN`).
fn fold(p: &mut Page, b: &GridBlock, r: &GridRow) {
    let said: Vec<String> = b
        .label_headers
        .iter()
        .zip(&r.labels)
        .skip(1)
        .filter(|(_, v)| !v.is_empty())
        .map(|(h, v)| format!("{h} {v}"))
        .collect();
    if !said.is_empty() {
        p.raw("<small class=fold>").text(&said.join(", ")).raw("</small>");
    }
}

/// The runs cell of row `r` of a block with a runs column: the row's runs
/// in a `<details>` (a table of each run's raw file and values), or the
/// number of runs its values share ([`GridRow::n`]: "3 runs", a row whose
/// runs are not unfolded here, such as a folded row on a kernel page:
/// [`folds`]), or nothing.
fn row_runs(p: &mut Page, b: &GridBlock, r: &GridRow, raw_prefix: &str) {
    if r.runs.is_empty() {
        if r.n > 0 {
            // No class: the stylesheet finds the runs column by its header
            // (`th.runs`), as a number's cell needs none.
            p.raw("<td>").num(r.n).raw(" runs");
        } else {
            p.raw("<td>");
        }
        return;
    }
    p.raw("<td class=runs><details><summary>").num(r.runs.len()).raw(" runs</summary><table class=runs>");
    p.raw("<thead><tr><th>run");
    for c in &b.columns {
        p.raw("<th>");
        if !c.over.is_empty() {
            p.text(&c.over).raw(" ");
        }
        p.text(&c.name);
    }
    // The optional tags left out (`</tr>`, `<tbody>`, `</tbody>`): the
    // parser closes a row at the next one or the table's end and opens the
    // body at the first row after `</thead>`, so the same document.
    p.raw("</thead>");
    for run in &r.runs {
        p.raw("<tr><th>");
        if let Some(line) = run_line(r, run) {
            p.text(line);
        } else if run.link.is_empty() {
            p.text(&run.label);
        } else {
            p.raw("<a href=\"");
            raw_href(p, raw_prefix, &run.link);
            p.raw("\">").text(&run.label).raw("</a>");
        }
        for v in &run.values {
            let Some(v) = v else {
                p.raw("<td>–");
                continue;
            };
            p.raw("<td>");
            if v.link.is_empty() {
                p.text(&v.value);
            } else {
                // One file, the link's own: no title to repeat it.
                p.raw("<a href=\"");
                raw_href(p, raw_prefix, &v.link);
                p.raw("\">").text(&v.value).raw("</a>");
            }
            if v.n > 1 {
                p.raw(" <small>n=").num(v.n).raw("</small>");
            }
            if v.trimmed {
                p.raw(" <small>trimmed</small>");
            }
        }
    }
    p.raw("</table></details>");
}

/// What names `run` of row `r` where its raw file is the row's one file,
/// which the row's header links: the rest of its label after the file's
/// path ("line 11" of "2.4.9/lmbench-summary.txt line 11"), unlinked (its
/// link would be the row header's, one cell to the left). `None` where
/// the run's file is not the row's only one (or nothing is left of the
/// label), which keeps its label and link.
///
/// Kernel pages are most of a site's bytes and their runs a fifth of them;
/// the path and link repeated on each run's line were two fifths of that.
/// `section.html` says the same with `trim_start(pat=…)`.
fn run_line<'a>(r: &GridRow, run: &'a GridRun) -> Option<&'a str> {
    let [source] = r.raw.paths() else { return None };
    // A repository's link to the run's line (`…#L11`) is still the file's.
    let file = run.link.split('#').next().unwrap_or_default();
    if file.is_empty() || r.raw.links().first().map(|l| &**l) != Some(file) {
        return None;
    }
    let rest = trim_start_repeated(&run.label, source).trim_start();
    (!rest.is_empty()).then_some(rest)
}

/// `s` without every copy of `prefix` it starts with, as
/// `s.trim_start_matches(prefix)` (`s` itself for an empty `prefix`),
/// without its substring searcher: made for every run of every kernel
/// page's rows, setting it up cost three times the comparison (14 M
/// instructions of a large class's 301 kernel pages).
fn trim_start_repeated<'a>(mut s: &'a str, prefix: &str) -> &'a str {
    if prefix.is_empty() {
        return s;
    }
    while let Some(rest) = s.strip_prefix(prefix) {
        s = rest;
    }
    s
}

/// The element of a value's change after it in a grid's cell, by which
/// way it goes: `b` better, `i` worse, `span` neither (no direction, or
/// no change). The stylesheet colours each (`table.grid td > b`, `td > i`)
/// as a change row's cells of class `b` and `w`; a significant change
/// adds `class=significant` (bold). A class on each was 8 bytes on
/// 885,000 changes of the large generated archive's pages (7.1 MB).
fn change_tag(class: crate::report::DeltaClass) -> &'static str {
    match class {
        crate::report::DeltaClass::Better => "b",
        crate::report::DeltaClass::Worse => "i",
        crate::report::DeltaClass::None => "span",
    }
}

/// The ` class="…"` of cell `c`'s change (a change row's cell, or the
/// `<span>` after a value): its class (`b` better, `w` worse:
/// [`crate::report::DeltaClass::css`], which colour it) and `significant`
/// for a significant change (bold); nothing when it has neither.
fn delta_class(p: &mut Page, c: &GridCell) {
    match (c.class.is_empty(), c.mark == "*") {
        (true, false) => {}
        (true, true) => {
            p.raw(" class=significant");
        }
        (false, significant) => {
            // One class needs no quotes; two (`"b significant"`) do.
            p.raw(if significant { " class=\"" } else { " class=" }).raw(c.class.css());
            p.raw(if significant { " significant\"" } else { "" });
        }
    }
}

/// `text`, linked to the first of `links` (after `prefix`) when there are
/// links, with a title naming every one of `sources` after `title` when
/// they are more than one (one is the file the link names).
fn linked(p: &mut Page, prefix: &str, links: &[Arc<str>], sources: &[Arc<str>], title: &str, text: &str) {
    let Some(link) = links.first() else {
        p.text(text);
        return;
    };
    p.raw("<a href=\"");
    raw_href(p, prefix, link);
    if sources.len() > 1 {
        p.raw("\" title=\"").raw(title);
        sources_list(p, sources);
    }
    p.raw("\">").text(text).raw("</a>");
}

/// A raw file's `link` ([`crate::report::RawLinks::link`]) as an `href`
/// on a page `prefix` away from its class's page (`../` on a kernel page):
/// a copy's relative link after `prefix`, a repository's URL (`raw_url`)
/// as it is. The templates say the same with `raw_base`.
fn raw_href(p: &mut Page, prefix: &str, link: &str) {
    if !crate::report::is_absolute_link(link) {
        p.text(prefix);
    }
    p.text(link);
}

/// A chart as both templates show one: `<figure class="{class}">` with the
/// SVG at `{prefix}{file}`, linked to itself (the full-size chart, which
/// a phone can zoom), and its title as caption.
///
/// A chart with a phone copy ([`ChartRef::narrow`]) is a `<picture>` whose
/// `<source>` gives that copy to a window too narrow for the chart
/// ([`crate::report::NarrowRef::media`]).
fn figure(p: &mut Page, class: &str, prefix: &str, c: &ChartRef) {
    p.raw("<figure class=\"").raw(class).raw("\"><a class=\"chart-link\" href=\"").text(prefix).text(&c.file);
    p.raw("\">");
    if let Some(n) = &c.narrow {
        p.raw("<picture><source media=\"").text(&n.media).raw("\" srcset=\"").text(prefix).text(&n.file);
        p.raw("\" width=\"").num(n.width).raw("\" height=\"").num(n.height).raw("\">");
    }
    p.raw("<img src=\"").text(prefix).text(&c.file).raw("\" alt=\"").text(&c.alt);
    p.raw("\" width=\"").num(c.width).raw("\" height=\"").num(c.height).raw("\" loading=\"lazy\">");
    if c.narrow.is_some() {
        p.raw("</picture>");
    }
    p.raw("</a><figcaption>").text(&c.title).raw("</figcaption></figure>\n");
}

/// A rough size of a page's HTML, to allocate once.
fn size_hint(m: &MachinePage) -> usize {
    m.sections.iter().map(|s| s.table.rows.len() * (64 + s.table.columns.len() * 220)).sum::<usize>() + 4096
}

/// `machine.html`: the machine page, its sections' tables drawn from
/// `grids` ([`section_grids`]). `files` are the kernel page file names
/// ([`crate::report::kernel_files`]); `markdown_file` the name of the
/// class's Markdown (`index.md`, or site.yaml's `markdown_name:`).
pub fn machine_page(
    site: &SiteSummary,
    m: &MachinePage,
    grids: &[Option<std::borrow::Cow<'_, Grid>>],
    files: &[String],
    root: &str,
    markdown_file: &str,
) -> String {
    base(
        site,
        root,
        |p| {
            p.text(&m.name).raw(" — ").text(&site.title);
        },
        |p| {
            p.raw("\n<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><a href=\"")
                .text(root)
                .raw("index.html\">All machine classes</a></nav>\n<h1>");
            p.text(&m.name).raw("</h1>\n<dl class=\"specs\">\n");
            for s in &m.specs {
                p.raw("<dt>").text(&s.label).raw("</dt><dd>").text(&s.value).raw("</dd>");
            }
            p.raw("\n<dt>").text(&m.axis.label).raw("</dt><dd>");
            for (i, (k, f)) in m.kernels.iter().zip(files).enumerate() {
                p.raw("<a class=\"kernel\" href=\"kernels/").text(f).raw("\">").text(&k.name).raw("</a>");
                flag(p, k.mark.as_ref());
                if !k.ran.is_empty() {
                    p.raw(" (").text(&k.ran).raw(")");
                }
                if i + 1 < m.kernels.len() {
                    p.raw(", ");
                }
            }
            p.raw("</dd>\n");
            if let Some(b) = m.baseline.as_deref().filter(|b| !b.is_empty()) {
                p.raw("<dt>Baseline</dt><dd>")
                    .text(b)
                    .raw(" (<a href=\"compare.html\">every ")
                    .text(&m.axis.one)
                    .raw(" against it</a>)</dd>");
            }
            p.raw("\n<dt>Regressions</dt><dd><a href=\"regressions.html\">").text(&m.regressions_text).raw("</a></dd>");
            p.raw("\n</dl>\n<div class=\"commentary\">").raw(&m.description_html).raw("</div>\n");
            if !m.notes_html.is_empty() {
                p.raw("<div class=\"notes\">").raw(&m.notes_html).raw("</div>\n");
            }
            if !m.environment.summary.is_empty() {
                p.raw("<section class=\"environment\"><h2>Environment differences</h2><ul>\n");
                for l in &m.environment.summary {
                    p.raw("<li>").text(l).raw("</li>");
                }
                p.raw("\n</ul></section>\n");
            }
            p.raw("<p class=\"formats\">Also as <a href=\"").text(markdown_file);
            p.raw("\">Markdown</a> and <a href=\"email.txt\">plaintext for mail</a>; data in <a href=\"data.json\">data.json</a>.</p>\n");
            if !m.shown_note.is_empty() {
                p.raw("<p class=\"shown\">").text(&m.shown_note).raw("</p>\n");
            }
            if !m.notable.is_empty() {
                p.raw("\n<section class=\"notable\"><h2>").text(&m.notable_heading).raw("</h2><ul>\n");
                for n in &m.notable {
                    p.raw("<li class=\"")
                        .raw(if n.pct_better > 0.0 { "better" } else { "worse" })
                        .raw("\"><a href=\"#");
                    p.text(&n.section_id).raw("\">").text(&n.text).raw("</a></li>");
                }
                p.raw("\n</ul>");
                if m.notable_more > 0 {
                    p.raw("<p class=\"more\">").text(&m.notable_more_text).raw("</p>");
                }
                for l in crate::report::notable_legends(&m.notable) {
                    p.raw("<p class=\"legend\">").text(l).raw("</p>");
                }
                p.raw("</section>\n");
            }
            p.raw("\n<nav class=\"toc\" aria-label=\"Sections\"><h2>Sections</h2><ol>\n");
            for s in &m.sections {
                p.raw("<li><a href=\"#").text(&s.id).raw("\">").text(&s.title).raw("</a></li>");
            }
            if !m.trend_charts.is_empty() {
                p.raw("<li><a href=\"#trends\">Across kernel versions</a></li>");
            }
            p.raw("\n</ol></nav>\n");
            for (s, g) in m.sections.iter().zip(grids) {
                section(p, m, s, g.as_deref(), true, true, false, "");
            }
            p.raw("\n");
            if !m.trend_charts.is_empty() {
                p.raw("\n<section id=\"trends\">\n<h2>Across kernel versions</h2>\n");
                for c in &m.trend_charts {
                    figure(p, "chart trend", "", c);
                }
                p.raw("\n</section>\n");
            }
            p.raw("\n");
            // A large class's summary page leaves the kernels' notes to their pages.
            if !m.kernels.is_empty() && m.shown_note.is_empty() {
                p.raw("\n<section id=\"kernels\">\n<h2>")
                    .text(&m.axis.label)
                    .raw("</h2>\n<dl class=\"kernel-notes\">\n");
                // Each linked to its page, as the list at the top is
                // (newcomer59b: the foot's list was plain text).
                for (i, k) in m.kernels.iter().enumerate() {
                    p.raw("<dt id=\"kernel-").num(i + 1).raw("\">");
                    match files.get(i) {
                        Some(f) => {
                            p.raw("<a class=\"kernel\" href=\"kernels/").text(f).raw("\">").text(&k.name).raw("</a>");
                        }
                        None => {
                            p.text(&k.name);
                        }
                    }
                    flag(p, k.mark.as_ref());
                    p.raw("</dt><dd>");
                    patches(p, k);
                    p.raw(&k.notes_html).raw("</dd>");
                }
                p.raw("\n</dl>\n</section>\n");
            }
            p.raw("\n");
        },
        size_hint(m),
    )
}

fn patches(p: &mut Page, k: &KernelView) {
    if !k.ran.is_empty() {
        p.raw("<p class=\"ran\">Ran ").text(&k.ran).raw("</p>");
    }
    if !k.patches.is_empty() {
        p.raw("<p>Patches: ").text(&k.patches.join(", ")).raw("</p>");
    }
    // Folded: a `sysctl -a` is 4,000 facts (231 KB of a page before its
    // results, archive35 5).
    if !k.env_text.is_empty() {
        p.raw("<details class=\"env\"><summary>Environment</summary><p>").text(&k.env_text).raw("</p></details>");
    }
}

/// `kernel.html` for every kernel page of `m` (`pages`, from
/// [`crate::report::kernel_pages`]): each kernel's notes and its sections
/// with only its rows (of the machine page's `grids`, [`section_grids`]),
/// charts left out. The pages are written in parallel, each handed to
/// `put` (as `<slug>/kernels/<file>`) when written.
pub fn kernel_pages(
    site: &SiteSummary,
    m: &MachinePage,
    grids: &[Option<std::borrow::Cow<'_, Grid>>],
    root: &str,
    pages: &[KernelPage],
    put: &(dyn Fn(OutputFile) + Sync),
) {
    use rayon::prelude::*;
    pages.par_iter().for_each(|kp| {
        let (k, secs) = (&m.kernels[kp.kernel], &kp.sections);
        let size = secs
            .iter()
            .map(|ks| 2048 + ks.rows.len() * m.sections[ks.section].table.columns.len() * 220)
            .sum::<usize>();
        let page = base(
            site,
            root,
            |p| {
                p.text(&k.name).raw(" on ").text(&m.name).raw(" — ").text(&site.title);
            },
            |p| {
                p.raw("<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><a href=\"")
                    .text(root)
                    .raw("index.html\">All machine classes</a> › <a href=\"../index.html\">");
                p.text(&m.name).raw("</a></nav>\n<h1><span class=\"kernel\">").text(&k.name).raw("</span>");
                flag(p, k.mark.as_ref());
                p.raw(" on ").text(&m.name).raw("</h1>\n");
                patches(p, k);
                if let Some(f) = &k.mark {
                    p.raw("<p class=\"dmesg\">").text(f.mark).raw(" marks this ").text(&m.axis.one);
                    p.raw("'s results: ").text(&f.title).raw("</p>");
                }
                p.raw("\n<div class=\"commentary\">").raw(&k.notes_html).raw("</div>\n");
                let mut folded = false;
                let kgrids: Vec<Option<Grid>> = secs
                    .iter()
                    .map(|ks| {
                        let (g, f) =
                            grids.get(ks.section).and_then(|g| g.as_deref())?.only_kernel_folded(&k.name, &folds);
                        folded |= f;
                        Some(g)
                    })
                    .collect();
                let legend_shown = !kp.legend_baseline.is_empty();
                if legend_shown {
                    kernel_legend(p, kp, runs_legend(&kgrids), folded);
                    p.raw("\n");
                }
                for l in &kp.mark_legends {
                    p.raw("<p class=\"legend\">").text(l).raw("</p>\n");
                }
                for (ks, g) in secs.iter().zip(&kgrids) {
                    section(p, m, &m.sections[ks.section], g.as_ref(), false, false, legend_shown, "../");
                }
                if secs.is_empty() {
                    p.raw("<p class=\"empty\">No results for this ").text(&m.axis.one).raw(".</p>\n");
                }
            },
            size,
        );
        put(OutputFile::text(format!("{}/kernels/{}", m.slug, kp.file), page));
    })
}

/// The kernels `which` (indices into `m.kernels`) as links to their pages
/// (`files`: each kernel's page, in kernel order), separated by commas.
fn kernel_links(p: &mut Page, m: &MachinePage, files: &[String], which: &[usize]) {
    for (n, &i) in which.iter().enumerate() {
        if n > 0 {
            p.raw(", ");
        }
        p.raw("<a class=\"kernel\" href=\"kernels/").text(&files[i]).raw("\">").text(&m.kernels[i].name).raw("</a>");
    }
}

/// `compare.html`: the last kernels against the baseline, and links to the
/// earlier ones' pages (`files`: each kernel's page, in kernel order), from
/// [`crate::report::compare_page`].
pub fn compare_page(
    site: &SiteSummary,
    m: &MachinePage,
    compared: &ComparePage,
    files: &[String],
    root: &str,
) -> String {
    let baseline = m.baseline.as_deref().unwrap_or("");
    let own = if crate::report::own_baselines(m) { " (and other baselines, by section)" } else { "" };
    let blocks = &compared.shown;
    let size =
        blocks.iter().map(|b| 1024 + b.sections.iter().map(|s| s.rows.len()).sum::<usize>() * 400).sum::<usize>()
            + compared.earlier.len() * 80;
    base(
        site,
        root,
        |p| {
            p.raw("Against ").text(baseline).raw(" on ").text(&m.name).raw(" — ").text(&site.title);
        },
        |p| {
            p.raw("\n<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><a href=\"")
                .text(root)
                .raw("index.html\">All machine classes</a> › <a href=\"index.html\">");
            p.text(&m.name).raw("</a></nav>\n");
            if compared.earlier.is_empty() || blocks.is_empty() {
                p.raw("<h1>Every ").text(&m.axis.one).raw(" against ").text(baseline).raw(own).raw("</h1>\n");
            } else {
                p.raw("<h1>The last ").num(blocks.len()).raw(" of ").num(compared.total).raw(" ");
                p.text(&m.axis.many).raw(" against ");
                p.text(baseline).raw(own).raw("</h1>\n");
            }
            mark_legend(p, m);
            compare_summary(p, m, &compared.summary);
            if !compared.uncompared.is_empty() {
                p.raw("<p class=\"uncompared\">Not compared with ").text(baseline).raw(": ");
                kernel_links(p, m, files, &compared.uncompared);
                p.raw(" (no value of theirs has a row with the baseline's parameters and set-up; the class page says why under each table).</p>\n");
            }
            if !compared.earlier.is_empty() {
                if blocks.is_empty() {
                    p.raw("<p class=\"earlier\">Every ").text(&m.axis.one).raw("'s changes against ").text(baseline);
                    p.raw(" are on its own page (").num(compared.total).raw(" ").text(&m.axis.many);
                    p.raw(", too many to set in full here): ");
                } else {
                    p.raw("<p class=\"earlier\">Earlier ").text(&m.axis.many).raw(", each against ").text(baseline);
                    p.raw(" on its own page: ");
                }
                kernel_links(p, m, files, &compared.earlier);
                p.raw(".</p>\n");
            }
            p.raw("<p class=\"legend\">Change in percent, positive is better whatever the metric's direction; <strong>*</strong> ")
                .text(&m.significance)
                .raw("; ~ tested, not significant; unmarked: not tested (")
                .text(&m.not_tested)
                .raw("). Adjusted p: Welch's p-value after that correction, shown for ")
                .text(&m.axis.many)
                .raw(" with a tested change.</p>\n");
            for l in crate::report::blocks_mark_legends(blocks) {
                p.raw("<p class=\"legend\">").text(l).raw("</p>\n");
            }
            for (i, b) in blocks.iter().enumerate() {
                compare_block(p, i + 1, b);
            }
            if blocks.is_empty() {
                p.raw("\n<p class=\"empty\">No ").text(&m.axis.one).raw(" shares a result with the baseline.</p>\n");
            }
            p.raw("\n");
        },
        size,
    )
}

/// The summary `compare.html` opens with: a line per kernel of `summary`
/// ([`crate::report::KernelSummary`]) and what its columns count.
fn compare_summary(p: &mut Page, m: &MachinePage, summary: &[KernelSummary]) {
    if summary.is_empty() {
        return;
    }
    p.raw("<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"table-wrap\">\n<table class=\"summary\">\n<thead><tr><th scope=\"col\" class=\"kernel\">");
    p.text(&m.axis.one).raw("</th><th scope=\"col\" class=\"num\">compared</th><th scope=\"col\" class=\"num\">tested</th><th scope=\"col\" class=\"num\">wins</th><th scope=\"col\" class=\"num\">losses</th><th scope=\"col\" class=\"num\">geometric mean</th></tr></thead>\n<tbody>\n");
    for k in summary {
        p.raw("<tr><th scope=\"row\"><a href=\"").text(&k.href).raw("\">").text(&k.kernel).raw("</a>");
        flag(p, k.mark.as_ref());
        p.raw("</th><td class=\"num\">");
        p.num(k.compared).raw("</td><td class=\"num\">").num(k.tested).raw("</td><td class=\"num\">").num(k.wins);
        p.raw("</td><td class=\"num\">").num(k.losses).raw("</td><td class=\"num\"><span class=\"delta ").text(k.class);
        p.raw("\">").text(&k.geomean_text).raw("</span></td></tr>\n");
    }
    p.raw("</tbody>\n</table>\n</div>\n<p class=\"legend\">Each ")
        .text(&m.axis.one)
        .raw(" against ")
        .text(m.baseline.as_deref().unwrap_or(""));
    if crate::report::own_baselines(m) {
        p.raw(" (or a section's own <code>baseline:</code>, named beside the section below)");
    }
    p.raw(" over the values both have of metrics with a better direction (not MHz, %CPU or counts, nor a column restating another, as pgbench's latency average): compared, how many values of the headline metrics the geometric mean is over; tested, how many of those Welch's t-test could test; wins and losses, how many of those are changes for the better and for the worse marked <strong>*</strong> below (a marked change of another metric is in the tables, not counted; ");
    let one = &m.axis.one;
    p.text(&m.significance)
        .raw("); geometric mean, of the ")
        .text(one)
        .raw("'s value ÷ the baseline's (the baseline's ÷ the ");
    p.text(one).raw("'s where smaller is better) over every compared value above 0, significant or not, ");
    p.text(&super::regressions::geomean_scope(m)).raw(", as a change, positive is better.</p>\n</section>\n");
}

/// One kernel's block of `compare.html` (`<section id="vs-{n}">`): its
/// changes against `baseline`, section by section, the p column only when
/// one of them was tested.
fn compare_block(p: &mut Page, n: usize, b: &ComparisonBlock) {
    p.raw("\n<section id=\"vs-").num(n).raw("\">\n<h2><span class=\"kernel\">").text(&b.kernel).raw("</span>");
    flag(p, b.mark.as_ref());
    p.raw(" vs ").text(&b.baseline);
    if b.mixed {
        p.raw(" (and other baselines, by section)");
    }
    p.raw("</h2>\n<div class=\"table-wrap\">\n<table>\n<thead><tr><th scope=\"col\">metric</th><th scope=\"col\" class=\"num\">change</th><th scope=\"col\" class=\"num\">");
    p.text(if b.mixed { "baseline" } else { &b.baseline }).raw("</th><th scope=\"col\" class=\"num\">").text(&b.kernel);
    p.raw("</th><th scope=\"col\" class=\"num\">difference</th>");
    p.raw(if b.tested { "<th scope=\"col\" class=\"num\">adjusted p</th></tr></thead>\n" } else { "</tr></thead>\n" });
    for g in &b.sections {
        p.raw("<tbody>\n<tr class=\"group\"><th scope=\"rowgroup\" colspan=\"");
        p.raw(if b.tested { "6" } else { "5" }).raw("\"><a href=\"index.html#");
        p.text(&g.section_id).raw("\">").text(&g.section).raw("</a>");
        if g.own_baseline {
            p.raw(" (vs ").text(&g.baseline).raw(")");
        }
        p.raw("</th></tr>\n");
        for r in &g.rows {
            p.raw("<tr><td>").text(&r.metric);
            if !r.unit.is_empty() {
                p.raw(" <span class=\"unit\">").text(&r.unit).raw("</span>");
            }
            if !r.params.is_empty() {
                p.raw(" <span class=\"params\">").text(&r.params).raw("</span>");
            }
            p.raw("</td><td class=\"num\"><span class=\"delta ").text(r.class);
            if r.mark == "*" {
                p.raw(" significant");
            }
            p.raw("\">").text(&r.delta).text(r.mark).raw("</span></td><td class=\"num\">");
            p.text(&r.baseline).raw("</td><td class=\"num\">").text(&r.value);
            p.raw("</td><td class=\"num\">").text(&r.diff).raw("</td>");
            if b.tested {
                p.raw("<td class=\"num\">").text(&r.p).raw("</td>");
            }
            p.raw("</tr>\n");
        }
        p.raw("</tbody>\n");
    }
    p.raw("</table>\n</div>\n</section>\n");
}

/// `section-page.html`: one page of a large class's section
/// ([`crate::report::section_pages`]), its table drawn from the page's
/// own grid.
pub fn section_page(site: &SiteSummary, m: &MachinePage, sp: &crate::report::SectionPage, root: &str) -> String {
    let s = &sp.view;
    let label = sp.links.get(sp.number - 1).map_or("", |l| l.label.as_str());
    let size = 4096 + s.table.rows.len() * (64 + s.table.columns.len() * 220);
    base(
        site,
        root,
        |p| {
            p.text(&s.title)
                .raw(", ")
                .text(&m.axis.many)
                .raw(" ")
                .text(label)
                .raw(" — ")
                .text(&m.name)
                .raw(" — ")
                .text(&site.title);
        },
        |p| {
            p.raw("<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><a href=\"")
                .text(root)
                .raw("index.html\">All machine classes</a> › <a href=\"../index.html#")
                .text(&s.id)
                .raw("\">")
                .text(&m.name)
                .raw("</a></nav>\n<h1>")
                .text(&m.name)
                .raw("</h1>\n<nav class=\"pages\" aria-label=\"Pages of this section\"><p>")
                .text(&sp.text)
                .raw(" Pages: ");
            page_links(p, &sp.links, sp.number, "../");
            p.raw("</p></nav>\n");
            mark_legend(p, m);
            let g = section_grid(s);
            section(p, m, s, g.as_deref(), false, true, false, "../");
        },
        size,
    )
}

#[cfg(test)]
mod tests {
    /// grid50: the run's label trimmed of its file as `trim_start_matches`
    /// trims it, repeated copies and an empty prefix alike.
    #[test]
    fn a_repeated_prefix_is_trimmed_as_trim_start_matches_trims_it() {
        let cases = [
            ("a/x.txt line 5", "a/x.txt"),
            ("a/x.txta/x.txt line 5", "a/x.txt"),
            ("a/x.txt", "a/x.txt"),
            ("b/x.txt line 5", "a/x.txt"),
            ("a/x.tx", "a/x.txt"),
            ("line 5", ""),
            ("", ""),
            ("ééé line", "é"),
        ];
        for (s, p) in cases {
            assert_eq!(super::trim_start_repeated(s, p), s.trim_start_matches(p), "{s:?} {p:?}");
        }
    }
}
