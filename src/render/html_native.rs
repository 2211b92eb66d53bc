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
use crate::report::{ChartRef, ComparePage, KernelPage, KernelView, MachinePage, RowView, SectionView, SiteSummary};
use std::io::Write;

/// Templates whose override by a theme switches the native pages off.
pub const TEMPLATES: &[&str] = &["base.html", "machine.html", "section.html", "kernel.html", "compare.html"];

/// An HTML page being written: raw markup through [`Page::raw`], values
/// through [`Page::text`] (escaped as tera's autoescape does).
struct Page {
    buf: Vec<u8>,
}

impl Page {
    fn with_capacity(n: usize) -> Self {
        Page { buf: Vec::with_capacity(n) }
    }
    fn raw(&mut self, s: &str) -> &mut Self {
        self.buf.extend_from_slice(s.as_bytes());
        self
    }
    fn text(&mut self, s: &str) -> &mut Self {
        // Writing into a Vec cannot fail.
        let _ = tera::escape_html(s, &mut self.buf);
        self
    }
    fn num(&mut self, n: impl std::fmt::Display) -> &mut Self {
        let _ = write!(self.buf, "{n}");
        self
    }
    fn into_string(self) -> String {
        // Only `&str`s and escaped `&str`s were written.
        String::from_utf8(self.buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// `base.html` around a page's `main` block.
fn base(
    site: &SiteSummary,
    root: &str,
    title: impl FnOnce(&mut Page),
    main: impl FnOnce(&mut Page),
    size: usize,
) -> String {
    let mut p = Page::with_capacity(size + 1024);
    p.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    title(&mut p);
    p.raw("</title>\n<link rel=\"stylesheet\" href=\"")
        .text(root)
        .raw("style.css\">\n</head>\n<body>\n<header class=\"site-header\">\n  <a class=\"site-title\" href=\"");
    p.text(root).raw("index.html\">").text(&site.title).raw("</a>\n</header>\n<main>\n");
    main(&mut p);
    p.raw("\n</main>\n<footer class=\"site-footer\">Built by benchsite from raw benchmark output.</footer>\n</body>\n</html>\n");
    p.into_string()
}

/// `sources` joined by ", " (tera's `join(sep=", ")`).
fn sources_list(p: &mut Page, sources: &[std::sync::Arc<str>]) {
    for (i, src) in sources.iter().enumerate() {
        if i > 0 {
            p.raw(", ");
        }
        p.text(src);
    }
}

/// `section.html` for section `s` of page `m` with the rows `rows` (all of
/// them on the machine page, one kernel's on a kernel page) and `charts`
/// shown or not.
fn section<'a>(
    p: &mut Page,
    m: &MachinePage,
    s: &SectionView,
    rows: impl ExactSizeIterator<Item = &'a RowView>,
    charts: bool,
    raw_prefix: &str,
) {
    let t = &s.table;
    p.raw("<section id=\"").text(&s.id).raw("\">\n<h2>").text(&s.title).raw("</h2>\n<div class=\"commentary\">");
    p.raw(&s.commentary_html).raw("</div>\n");
    if rows.len() > 0 {
        p.raw("\n<div class=\"table-chart\">\n<div class=\"table-wrap\">\n<table>\n<caption>").text(&t.direction);
        if !t.fixed_params.is_empty() {
            p.raw(" <span class=\"fixed\">(").text(&t.fixed_params.join(", ")).raw(")</span>");
        }
        p.raw("</caption>\n<thead><tr><th scope=\"col\" class=\"kernel\">kernel</th>");
        for h in &t.param_headers {
            p.raw("<th scope=\"col\" class=\"num\">").text(h).raw("</th>");
        }
        for c in &t.columns {
            p.raw("<th scope=\"col\" class=\"num ").raw(c.better.id()).raw("\">").text(&c.name);
            if !c.unit.is_empty() {
                p.raw("<br><span class=\"unit\">").text(&c.unit).raw("</span>");
            }
            p.raw("</th>");
        }
        p.raw("</tr></thead>\n<tbody>\n");
        for r in rows {
            // One link per row when all its numbers come from the same
            // files (see `RowView::sources`), else one per number.
            let row_link = r.source_links.first();
            p.raw("<tr><th scope=\"row\">");
            if let Some(link) = row_link {
                p.raw("<a class=\"raw\" href=\"").text(raw_prefix).text(link).raw("\" title=\"raw output: ");
                sources_list(p, &r.sources);
                p.raw("\">").text(&r.kernel).raw("</a>");
            } else {
                p.text(&r.kernel);
            }
            p.raw("</th>");
            for v in &r.params {
                p.raw("<td class=\"num\">").text(v).raw("</td>");
            }
            for c in &r.cells {
                let Some(c) = c else {
                    p.raw("<td class=\"num empty\">–</td>");
                    continue;
                };
                if row_link.is_some() {
                    p.raw("<td class=\"num\">").text(&c.text);
                } else {
                    p.raw("<td class=\"num\"><a class=\"value\" href=\"").text(raw_prefix);
                    p.text(c.source_links.first().map_or("", |l| &**l)).raw("\" title=\"from ");
                    sources_list(p, &c.sources);
                    p.raw("\">").text(&c.text).raw("</a>");
                }
                if c.summary.n > 1 {
                    p.raw(" <span class=\"spread\">");
                    if let Some(sd) = c.stddev_text.as_deref().filter(|s| !s.is_empty()) {
                        p.raw("± ").text(sd).raw(" ");
                    }
                    p.raw("n=").num(c.summary.n).raw("</span>");
                }
                if let Some(d) = c.delta_text.as_deref().filter(|s| !s.is_empty()) {
                    p.raw(" <span class=\"delta ").text(c.delta_class);
                    if c.mark == "*" {
                        p.raw(" significant");
                    }
                    p.raw("\">").text(d).text(c.mark).raw("</span>");
                }
                p.raw("</td>");
            }
            p.raw("</tr>\n");
        }
        p.raw("\n</tbody>\n</table>\n</div>\n");
        if charts {
            for c in &s.charts {
                figure(p, "chart", raw_prefix, c);
            }
        }
        p.raw("</div>\n");
        if let Some(b) = t.baseline.as_deref().filter(|b| !b.is_empty()) {
            p.raw("<p class=\"legend\">% = change vs ").text(b);
            p.raw(", positive is better; <strong>*</strong> ")
                .text(&m.significance)
                .raw("; ~ tested, not significant; unmarked: not tested (")
                .text(&m.not_tested)
                .raw(").</p>");
        }
        p.raw("\n");
    } else {
        p.raw("\n<p class=\"empty\">No results.</p>\n");
    }
    p.raw("\n</section>\n");
}

/// A chart as both templates show one: `<figure class="{class}">` with the
/// SVG at `{prefix}{file}` and its title as caption.
fn figure(p: &mut Page, class: &str, prefix: &str, c: &ChartRef) {
    p.raw("<figure class=\"").raw(class).raw("\"><img src=\"").text(prefix).text(&c.file).raw("\" alt=\"").text(&c.alt);
    p.raw("\" width=\"").num(c.width).raw("\" height=\"").num(c.height).raw("\" loading=\"lazy\"><figcaption>");
    p.text(&c.title).raw("</figcaption></figure>\n");
}

/// A rough size of a page's HTML, to allocate once.
fn size_hint(m: &MachinePage) -> usize {
    m.sections.iter().map(|s| s.table.rows.len() * (64 + s.table.columns.len() * 220)).sum::<usize>() + 4096
}

/// `machine.html`: the machine page. `files` are the kernel page file
/// names ([`crate::report::kernel_files`]); `markdown_file` the name of
/// the class's Markdown (`index.md`, or site.yaml's `markdown_name:`).
pub fn machine_page(site: &SiteSummary, m: &MachinePage, files: &[String], root: &str, markdown_file: &str) -> String {
    base(
        site,
        root,
        |p| {
            p.text(&m.name).raw(" — ").text(&site.title);
        },
        |p| {
            p.raw("\n<nav class=\"crumbs\"><a href=\"")
                .text(root)
                .raw("index.html\">All machine classes</a></nav>\n<h1>");
            p.text(&m.name).raw("</h1>\n<dl class=\"specs\">\n");
            for s in &m.specs {
                p.raw("<dt>").text(&s.label).raw("</dt><dd>").text(&s.value).raw("</dd>");
            }
            p.raw("\n<dt>Kernels</dt><dd>");
            for (i, (k, f)) in m.kernels.iter().zip(files).enumerate() {
                p.raw("<a class=\"kernel\" href=\"kernels/").text(f).raw("\">").text(&k.name).raw("</a>");
                if i + 1 < m.kernels.len() {
                    p.raw(", ");
                }
            }
            p.raw("</dd>\n");
            if let Some(b) = m.baseline.as_deref().filter(|b| !b.is_empty()) {
                p.raw("<dt>Baseline</dt><dd>")
                    .text(b)
                    .raw(" (<a href=\"compare.html\">every kernel against it</a>)</dd>");
            }
            p.raw("\n</dl>\n<div class=\"commentary\">").raw(&m.description_html).raw("</div>\n");
            p.raw("<p class=\"formats\">Also as <a href=\"").text(markdown_file);
            p.raw("\">Markdown</a> and <a href=\"email.txt\">plaintext for mail</a>; data in <a href=\"data.json\">data.json</a>.</p>\n");
            if !m.notable.is_empty() {
                p.raw("\n<section class=\"notable\"><h2>Notable changes</h2><ul>\n");
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
                p.raw("</section>\n");
            }
            p.raw("\n<nav class=\"toc\"><h2>Sections</h2><ol>\n");
            for s in &m.sections {
                p.raw("<li><a href=\"#").text(&s.id).raw("\">").text(&s.title).raw("</a></li>");
            }
            if !m.trend_charts.is_empty() {
                p.raw("<li><a href=\"#trends\">Across kernel versions</a></li>");
            }
            p.raw("\n</ol></nav>\n");
            for s in &m.sections {
                p.raw("\n");
                section(p, m, s, s.table.rows.iter(), true, "");
                p.raw("\n");
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
            if !m.kernels.is_empty() {
                p.raw("\n<section id=\"kernels\">\n<h2>Kernels</h2>\n<dl class=\"kernel-notes\">\n");
                for (i, k) in m.kernels.iter().enumerate() {
                    p.raw("<dt id=\"kernel-").num(i + 1).raw("\">").text(&k.name).raw("</dt><dd>");
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
    if !k.patches.is_empty() {
        p.raw("<p>Patches: ").text(&k.patches.join(", ")).raw("</p>");
    }
}

/// `kernel.html` for every kernel page of `m` (`pages`, from
/// [`crate::report::kernel_pages`]): each kernel's notes and its sections
/// with only its rows, charts left out. The pages are written in parallel,
/// each handed to `put` (as `<slug>/kernels/<file>`) when written.
pub fn kernel_pages(
    site: &SiteSummary,
    m: &MachinePage,
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
                p.raw("\n<nav class=\"crumbs\"><a href=\"")
                    .text(root)
                    .raw("index.html\">All machine classes</a> › <a href=\"../index.html\">");
                p.text(&m.name)
                    .raw("</a></nav>\n<h1><span class=\"kernel\">")
                    .text(&k.name)
                    .raw("</span> on ")
                    .text(&m.name)
                    .raw("</h1>\n");
                patches(p, k);
                p.raw("\n<div class=\"commentary\">").raw(&k.notes_html).raw("</div>\n");
                for ks in secs {
                    let s = &m.sections[ks.section];
                    p.raw("\n");
                    section(p, m, s, ks.rows.iter().map(|&ri| &s.table.rows[ri]), false, "../");
                    p.raw("\n");
                }
                if secs.is_empty() {
                    p.raw("\n<p class=\"empty\">No results for this kernel.</p>\n");
                }
                p.raw("\n");
            },
            size,
        );
        put(OutputFile::text(format!("{}/kernels/{}", m.slug, kp.file), page));
    })
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
            p.raw("\n<nav class=\"crumbs\"><a href=\"")
                .text(root)
                .raw("index.html\">All machine classes</a> › <a href=\"index.html\">");
            p.text(&m.name).raw("</a></nav>\n");
            if compared.earlier.is_empty() {
                p.raw("<h1>Every kernel against ").text(baseline).raw("</h1>\n");
            } else {
                p.raw("<h1>The last ").num(blocks.len()).raw(" of ").num(compared.total).raw(" kernels against ");
                p.text(baseline).raw("</h1>\n<p class=\"earlier\">Earlier kernels, each against ").text(baseline);
                p.raw(" on its own page: ");
                for (n, &i) in compared.earlier.iter().enumerate() {
                    if n > 0 {
                        p.raw(", ");
                    }
                    p.raw("<a class=\"kernel\" href=\"kernels/")
                        .text(&files[i])
                        .raw("\">")
                        .text(&m.kernels[i].name)
                        .raw("</a>");
                }
                p.raw(".</p>\n");
            }
            p.raw("<p class=\"legend\">Change in percent, positive is better whatever the metric's direction; <strong>*</strong> ")
                .text(&m.significance)
                .raw("; ~ tested, not significant; unmarked: not tested (")
                .text(&m.not_tested)
                .raw("). Adjusted p: Welch's p-value after that correction.</p>\n");
            for (i, b) in blocks.iter().enumerate() {
                p.raw("\n<section id=\"vs-")
                    .num(i + 1)
                    .raw("\">\n<h2><span class=\"kernel\">")
                    .text(&b.kernel)
                    .raw("</span> vs ")
                    .text(baseline);
                p.raw("</h2>\n<div class=\"table-wrap\">\n<table>\n<thead><tr><th scope=\"col\">metric</th><th scope=\"col\">parameters</th><th scope=\"col\" class=\"num\">");
                p.text(baseline).raw("</th><th scope=\"col\" class=\"num\">").text(&b.kernel);
                p.raw("</th><th scope=\"col\" class=\"num\">difference</th><th scope=\"col\" class=\"num\">change</th><th scope=\"col\" class=\"num\">adjusted p</th></tr></thead>\n");
                for g in &b.sections {
                    p.raw("<tbody>\n<tr class=\"group\"><th scope=\"rowgroup\" colspan=\"7\"><a href=\"index.html#");
                    p.text(&g.section_id).raw("\">").text(&g.section).raw("</a></th></tr>\n");
                    for r in &g.rows {
                        p.raw("<tr><td>").text(&r.metric);
                        if !r.unit.is_empty() {
                            p.raw(" <span class=\"unit\">").text(&r.unit).raw("</span>");
                        }
                        p.raw("</td><td>")
                            .text(&r.params)
                            .raw("</td><td class=\"num\">")
                            .text(&r.baseline)
                            .raw("</td><td class=\"num\">");
                        p.text(&r.value).raw("</td><td class=\"num\">").text(&r.diff);
                        p.raw("</td><td class=\"num\"><span class=\"delta ").text(r.class);
                        if r.mark == "*" {
                            p.raw(" significant");
                        }
                        p.raw("\">").text(&r.delta).text(r.mark).raw("</span></td><td class=\"num\">");
                        p.text(&r.p).raw("</td></tr>\n");
                    }
                    p.raw("</tbody>\n");
                }
                p.raw("</table>\n</div>\n</section>\n");
            }
            if blocks.is_empty() {
                p.raw("\n<p class=\"empty\">No kernel shares a result with the baseline.</p>\n");
            }
            p.raw("\n");
        },
        size,
    )
}
