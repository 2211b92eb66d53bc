//! GitHub-flavoured Markdown, for pasting into an issue or a wiki.
//!
//! One `index.md` per machine class (and one for the site; `README.md`
//! with site.yaml's `markdown_name: README.md`, which GitHub shows as the
//! folder's page): the same sections, numbers and precision as the HTML,
//! each table drawn from the section's grid (`report::grid`: the shape and
//! cells the mail draws), labels left and numbers right, units in the
//! headers and the caption (unit, better direction) above it. The legend of the
//! marks is said once, near the top (a section with another baseline says
//! its own under its table); chart images have a one-sentence alt text and
//! absolute links when `base_url` is set.

use super::{OutputFile, RenderError, Renderer};
use crate::report::grid::{self, Grid, GridBlock, GridOptions};
use crate::report::{ChartRef, MachinePage, SectionView, SiteSummary, page_legend};
use rayon::prelude::*;
use std::fmt::Write as _;

/// The name of the Markdown files when site.yaml does not say
/// (`markdown_name:`).
pub const DEFAULT_MARKDOWN_NAME: &str = "index.md";

/// How the Markdown is written: file name and links.
#[derive(Debug, Clone)]
pub struct MarkdownOptions {
    /// File name of the site's and each machine class's Markdown
    /// (`index.md`, or `README.md` for GitHub to show it as the folder's
    /// page); the site's list links to it.
    pub file_name: String,
    /// Absolute URL the site is served from, ending in `/`
    /// (`https://user.github.io/repo/`): chart images are linked under it,
    /// so the Markdown pasted elsewhere still shows them. `None`: links
    /// relative to the machine class's directory.
    pub base_url: Option<String>,
}

impl Default for MarkdownOptions {
    fn default() -> Self {
        MarkdownOptions { file_name: DEFAULT_MARKDOWN_NAME.to_string(), base_url: None }
    }
}

/// Renders `index.md` and `<machine>/index.md` (or the name
/// [`MarkdownOptions::file_name`] gives).
#[derive(Debug, Clone, Default)]
pub struct MarkdownRenderer {
    /// File name and links.
    pub options: MarkdownOptions,
}

impl MarkdownRenderer {
    /// Writes the files as `file_name` (site.yaml's `markdown_name:`;
    /// `None` or empty: [`DEFAULT_MARKDOWN_NAME`]).
    pub fn with_file_name(mut self, file_name: Option<&str>) -> Self {
        if let Some(n) = file_name.map(str::trim).filter(|n| !n.is_empty()) {
            self.options.file_name = n.to_string();
        }
        self
    }

    /// Links chart images under `base_url` (as
    /// [`super::html::HtmlRenderer::with_base_url`]); `None` or empty keeps
    /// them relative.
    pub fn with_base_url(mut self, base_url: Option<&str>) -> Self {
        self.options.base_url = base_url
            .map(str::trim)
            .filter(|b| !b.is_empty())
            .map(|b| if b.ends_with('/') { b.to_string() } else { format!("{b}/") });
        self
    }
}

impl Renderer for MarkdownRenderer {
    fn name(&self) -> &'static str {
        "markdown"
    }

    fn render_index(&self, site: &SiteSummary) -> Result<Vec<OutputFile>, RenderError> {
        let mut files = vec![
            OutputFile::text(self.options.file_name.clone(), site_md_with(site, &self.options)),
            OutputFile::text("lint.md", lint_md(&crate::report::lint_page(site), &self.options)),
        ];
        let across = site.across();
        if across.is_written() {
            files.push(OutputFile::text("across.md", super::across::markdown(&across)));
        }
        Ok(files)
    }

    fn render_machine(&self, _site: &SiteSummary, m: &MachinePage) -> Result<Vec<OutputFile>, RenderError> {
        let path = format!("{}/{}", m.slug, self.options.file_name);
        let regressions = super::regressions::markdown(m, &crate::report::regressions_page(m), &self.options.file_name);
        let mut files = vec![
            OutputFile::text(path, machine_md_with(m, &self.options)),
            OutputFile::text(format!("{}/regressions.md", m.slug), regressions),
        ];
        // A large class's every regression, on pages of their own by kernel.
        for rp in crate::report::regression_pages(m).iter() {
            let page = super::regressions::markdown(m, rp, &self.options.file_name);
            files.push(OutputFile::text(format!("{}/{}", m.slug, super::regressions::md_file(&rp.file)), page));
        }
        Ok(files)
    }
}

/// Escapes text for a GFM table cell or heading: `|` would end the cell,
/// `\`, `*`, `_`, `` ` ``, `<`, `[` would start markup.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

/// `s` as an inline code span, fenced by one more backtick than the
/// longest run in it (CommonMark), padded where it starts or ends with one.
fn code(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') { " " } else { "" };
    format!("{fence}{pad}{s}{pad}{fence}")
}

/// [`escape`], appended to `out`. An `&` is escaped where it starts what
/// a Markdown renderer reads as a character reference (`&amp;`, `&#38;`,
/// `&#x26;`): a kernel directory named `6.2 &amp; x` showed as `6.2 & x`
/// on GitHub (attack47 F10). Any other `&` is text already.
fn escape_into(out: &mut String, s: &str) {
    let special = |ch: char| matches!(ch, '|' | '\\' | '*' | '_' | '`' | '<' | '>' | '[' | ']' | '#' | '&');
    // Most texts (numbers, names) have nothing to escape: copied at once.
    if !s.contains(special) {
        out.push_str(s);
        return;
    }
    for (i, ch) in s.char_indices() {
        if special(ch) && (ch != '&' || starts_reference(&s[i + 1..])) {
            out.push('\\');
        }
        out.push(ch);
    }
}

/// True when `rest`, the text after an `&`, makes it a CommonMark entity
/// or numeric character reference: a name of letters and digits, `#` and
/// 1-7 digits, or `#x` and 1-6 hex digits, then `;`.
fn starts_reference(rest: &str) -> bool {
    let Some((body, _)) = rest.split_once(';') else { return false };
    let all = |t: &str, f: fn(&u8) -> bool, max: usize| !t.is_empty() && t.len() <= max && t.bytes().all(|b| f(&b));
    if let Some(num) = body.strip_prefix('#') {
        match num.strip_prefix(['x', 'X']) {
            Some(hex) => all(hex, u8::is_ascii_hexdigit, 6),
            None => all(num, u8::is_ascii_digit, 7),
        }
    } else {
        body.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()) && all(body, u8::is_ascii_alphanumeric, 32)
    }
}

/// The site's Markdown: its title, description and a list of the machine
/// classes, each linking to its Markdown file (`opts.file_name`).
pub fn site_md_with(site: &SiteSummary, opts: &MarkdownOptions) -> String {
    let mut out = format!("# {}\n\n", escape(&site.title));
    if !site.description_md.trim().is_empty() {
        out += crate::markdown::to_markdown(site.description_md.trim()).as_str();
        out += "\n\n";
    }
    let across = site.across();
    if across.is_shown() {
        out += &format!(
            "[Machines side by side](across.md): the {} several machine classes ran, per benchmark.\n\n",
            across.items
        );
    }
    out += &format!("[What check finds](lint.md): {}\n\n", escape(&crate::report::lint_page(site).counts));
    for m in &site.machines {
        out += &format!("- [{}]({}/{})", escape(&m.name), m.link, opts.file_name);
        let kernels: Vec<String> = m.kernels.iter().flatten().map(|k| escape(&k.name)).collect();
        if !kernels.is_empty() {
            out += &format!(": {}", kernels.join(", "));
        }
        out += "\n";
    }
    out
}

/// `lint.md`: the lint page ([`crate::report::LintPage`]), one table per
/// group of findings; files the site publishes linked to their copies.
pub fn lint_md(lint: &crate::report::LintPage, opts: &MarkdownOptions) -> String {
    let mut out = format!("# What check finds\n\n{}\n", escape(&lint.counts));
    for g in &lint.groups {
        out += &format!("\n## {}\n\n{}\n\n| machine class | file | finding |\n|---|---|---|\n", g.title, g.about);
        for r in &g.rows {
            let class = if r.class_href.is_empty() {
                "site".to_string()
            } else {
                let page = r.class_href.replace("index.html", &opts.file_name);
                format!("[{}]({page})", escape(&r.class))
            };
            let file = if r.href.is_empty() { escape(&r.place) } else { format!("[{}]({})", escape(&r.place), r.href) };
            out += &format!("| {class} | {file} | {}: {} |\n", r.severity, escape(&r.message.replace('\n', " ")));
        }
    }
    out
}

/// The Markdown of one machine-class page, with the default options
/// (relative links).
pub fn machine_md(m: &MachinePage) -> String {
    machine_md_with(m, &MarkdownOptions::default())
}

/// An image of a chart: its one-sentence alt text and its file, under
/// `base_url` when there is one (`<base_url><class>/charts/x.svg`).
fn image(c: &ChartRef, m: &MachinePage, opts: &MarkdownOptions) -> String {
    match &opts.base_url {
        Some(base) => format!("![{}]({base}{}/{})", escape(&c.alt), m.link, c.file),
        None => format!("![{}]({})", escape(&c.alt), c.file),
    }
}

/// The Markdown of one machine-class page, as `opts` says. A class with
/// many kernels shows the kernels its mail shows
/// ([`crate::report::mail_kernels`]: the baseline and the last 20), and
/// says so at the top with a link to the class page, which has them all:
/// a 300-kernel class's Markdown was 3.4 MB, more than GitHub renders, for
/// numbers the class page, `data.json` and the CSV files already hold.
pub fn machine_md_with(m: &MachinePage, opts: &MarkdownOptions) -> String {
    let kernels = crate::report::mail_kernels(m);
    if kernels.left_out == 0 {
        return page_md(m, opts, None);
    }
    let last = kernels.kept.len() - kernels.baselines;
    let baseline = match kernels.baselines {
        0 => "",
        1 => "the baseline and ",
        _ => "the baselines and ",
    };
    let url = match &opts.base_url {
        Some(base) => format!("{base}{}/", m.link),
        None => "index.html".to_string(),
    };
    let notice = format!(
        "This page shows {baseline}the last {last} of {} kernels; every kernel is on [the class page]({url}), \
         and every number in its `data.json` and CSV files.",
        kernels.total
    );
    page_md(&crate::report::filtered_page(m, &[], &kernels.kept), opts, Some(&notice))
}

/// The Markdown of the page `m`, with `notice` (Markdown) under its
/// title when there is one.
fn page_md(m: &MachinePage, opts: &MarkdownOptions, notice: Option<&str>) -> String {
    let mut out = format!("# {}\n\n", escape(&m.name));
    if let Some(n) = notice {
        out += &format!("{n}\n\n");
    }
    for s in &m.specs {
        out += &format!("- **{}:** {}\n", escape(&s.label), escape(&s.value));
    }
    let names: Vec<String> = m.kernels.iter().map(|k| escape(&k.name_and_ran())).collect();
    out += &format!("- **{}:** {}\n", escape(&m.axis.label), names.join(", "));
    // Their notes and patches, briefly, as the HTML page's list of kernels
    // has them (a large class's summary leaves them to the kernel pages).
    if m.shown_note.is_empty() {
        for k in &m.kernels {
            let brief = k.brief(usize::MAX);
            if !brief.is_empty() {
                out += &format!("  - {}: {}\n", escape(&k.name), escape(&brief));
            }
        }
    }
    out += &format!("- **Regressions:** [{}](regressions.md)\n\n", escape(&m.regressions_text));
    if !m.description_md.trim().is_empty() {
        out += crate::markdown::to_markdown(m.description_md.trim()).as_str();
        out += "\n\n";
    }
    if !m.notes_md.trim().is_empty() {
        out += crate::markdown::to_markdown(m.notes_md.trim()).as_str();
        out += "\n\n";
    }
    if !m.environment.is_empty() {
        out += "## Environment differences\n\n";
        // Keys as code (`CONFIG_PREEMPT` reads as itself, not as emphasis).
        let e = &m.environment;
        for d in &e.differences {
            let values = d.text.strip_prefix(&format!("{}: ", d.key)).unwrap_or(&d.text);
            out += &format!("- {}: {}\n", code(&d.key), escape(values));
        }
        let rest = e
            .lines()
            .into_iter()
            .skip(e.differences.len())
            .take(usize::from(e.more > 0) + usize::from(e.config_only_some > 0));
        for line in rest {
            out += &format!("- {}\n", escape(&line));
        }
        if !e.problems.is_empty() {
            out += &format!("- {}\n", escape(crate::report::environment::MARK_LEGEND));
        }
        for p in &e.problems {
            out += &format!("- {}: {} ({}): {}\n", escape(&p.kernel), code(&p.file), p.lines_text(), escape(&p.text));
        }
        // A host renamed, a CPU difference: the caveat of a compared
        // kernel, as in the mail (attack38 findings 2 and 18).
        for c in &e.machine_caveats {
            out += &format!("- {}\n", escape(c));
        }
        out += "\n";
    }
    if !m.notable.is_empty() {
        out += &format!("## {}\n\n", escape(&m.notable_heading));
        for n in &m.notable {
            out += &format!("- [{}](#{})\n", escape(&n.text), n.section_id);
        }
        if m.notable_more > 0 {
            out += &format!("\n{}\n", escape(&m.notable_more_text));
        }
        out += "\n";
    }
    // The marks are explained once, not under every table.
    let legend = page_legend(m);
    if let Some(l) = legend {
        out += &format!("{}\n\n", escape(&with_reasons(l, m)));
    }
    // Once, under the notable changes: a marked change is explained here.
    for l in crate::report::mark_legends_with_notable(m) {
        out += &format!("{}\n\n", escape(l));
    }
    for c in &m.trend_charts {
        out += &image(c, m, opts);
        out += "\n\n";
    }
    // Sections are independent: written in parallel, joined in order.
    let sections: Vec<String> = m.sections.par_iter().map(|s| section_md(s, m, legend, opts)).collect();
    for s in sections {
        out += &s;
    }
    out
}

/// A legend `l` ending "unmarked: not tested" with the reasons after it,
/// as the HTML page says them ([`MachinePage::not_tested`]: a single run,
/// …, a mean of only the timed runs where a table shows `≥`); a legend of
/// a page where no change was tested already ends with why, section by
/// section ([`crate::report::no_tests_text`]).
fn with_reasons(l: &str, m: &MachinePage) -> String {
    if l.ends_with("unmarked: not tested") {
        return format!("{l} ({}).", m.not_tested);
    }
    l.to_string()
}

/// One section: heading, commentary, its legend only when it differs from
/// the page's (`page_legend`: a section with its own baseline), direction,
/// table, and its charts.
fn section_md(s: &SectionView, m: &MachinePage, page_legend: Option<&str>, opts: &MarkdownOptions) -> String {
    // An explicit anchor: the links to a section (notable changes,
    // regressions.md) use our id, which GitHub's own heading slugs do not
    // match ("unixbench-4-1-0" against "unixbench-410").
    let mut out = format!("<a id=\"{}\"></a>\n\n## {}\n\n", s.id, escape(&s.title));
    if !s.commentary_md.trim().is_empty() {
        out += crate::markdown::to_markdown(s.commentary_md.trim()).as_str();
        out += "\n\n";
    }
    // Above the table, as the page's is above the first (attack44 F20).
    if let Some(l) = s.table.legend.as_deref().filter(|l| Some(*l) != page_legend) {
        out += &format!("{}\n\n", escape(&with_reasons(l, m)));
    }
    if let Some(g) = grid::section_grid(s, &GridOptions::default()) {
        let caption = g.caption(&s.table);
        if !caption.is_empty() {
            out += &format!("*{}*\n\n", escape(&caption));
        }
        out += &grid_md(&g);
        let prefix = match &opts.base_url {
            Some(base) => format!("{base}{}/", m.link),
            None => String::new(),
        };
        runs_md(&mut out, &g, &prefix);
        if !s.warnings.is_empty() {
            // What reading the raw files warned of, as the HTML page says it.
            let n = s.warnings.len();
            let _ = write!(out, "\n{n} warning{} about this table's raw files:\n\n", if n == 1 { "" } else { "s" });
            // Each message once, after the places it was made at.
            for g in &s.warning_groups {
                out.push_str("- ");
                for (i, w) in g.places.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    md_link(&mut out, &w.source, &prefix, &w.link);
                }
                if g.more_places > 0 {
                    let _ = write!(out, " and {} more", g.more_places);
                }
                out.push_str(": ");
                escape_into(&mut out, &g.message);
                out.push('\n');
            }
            if s.warnings_more > 0 {
                let _ = writeln!(out, "- and {} more: [every finding]({prefix}../lint.md)", s.warnings_more);
            }
        }
    } else {
        out += "(no results)\n";
    }
    for c in &s.charts {
        out += &format!("\n{}\n", image(c, m, opts));
    }
    if !s.chart_note.is_empty() {
        out += &format!("\n*{}*\n", escape(&s.chart_note));
    }
    if !s.notes_md.trim().is_empty() {
        out += "\n";
        out += crate::markdown::to_markdown(s.notes_md.trim()).as_str();
        out += "\n";
    }
    out += "\n";
    out
}

/// A laid-out grid as GFM tables, one per block, and its runs note.
pub(super) fn grid_md(g: &Grid) -> String {
    let mut out = String::new();
    for (i, b) in g.blocks.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        block_md(&mut out, b);
    }
    for note in [g.runs_note(), g.uncompared_note(), g.untimed_note()].into_iter().flatten() {
        out.push('\n');
        escape_into(&mut out, &note);
        out.push('\n');
    }
    out
}

/// The runs behind the grid's rows, where some row has two or more: a
/// GFM table per block that unfolds, a line per run with the row's
/// labels, the run's raw file (linked under `prefix`) and its values.
fn runs_md(out: &mut String, g: &Grid, prefix: &str) {
    for b in g.blocks.iter().filter(|b| b.unfolds) {
        out.push_str("\nRuns:\n\n");
        let mut head: Vec<String> = b.label_headers.iter().map(|h| escape(h)).collect();
        let mut align: Vec<&str> = b.label_right.iter().map(|&r| if r { "---:" } else { ":---" }).collect();
        head.push("run".to_string());
        align.push(":---");
        for c in &b.columns {
            head.push(if c.over.is_empty() { escape(&c.name) } else { escape(&format!("{} {}", c.over, c.name)) });
            align.push("---:");
        }
        let _ = write!(out, "| {} |\n| {} |\n", head.join(" | "), align.join(" | "));
        for r in &b.rows {
            for run in &r.runs {
                out.push('|');
                for l in &r.labels {
                    out.push(' ');
                    escape_into(out, l);
                    out.push_str(" |");
                }
                out.push(' ');
                md_link(out, &run.label, prefix, &run.link);
                out.push_str(" |");
                for v in &run.values {
                    out.push(' ');
                    match v {
                        None => out.push('–'),
                        Some(v) => {
                            md_link(out, &v.value, prefix, &v.link);
                            if v.n > 1 {
                                let _ = write!(out, " (n={})", v.n);
                            }
                            if v.trimmed {
                                out.push_str(" (trimmed)");
                            }
                        }
                    }
                    out.push_str(" |");
                }
                out.push('\n');
            }
        }
    }
}

/// `text` escaped, as a link to `prefix` + `link` when there is one.
fn md_link(out: &mut String, text: &str, prefix: &str, link: &str) {
    if link.is_empty() {
        escape_into(out, text);
        return;
    }
    out.push('[');
    escape_into(out, text);
    // A raw file linked in its repository (`raw_url`) is a URL of its own.
    let prefix = if crate::report::is_absolute_link(link) { "" } else { prefix };
    let _ = write!(out, "]({prefix}{link})");
}

/// One block of a grid as a GFM table.
fn block_md(out: &mut String, b: &GridBlock) {
    let mut head: Vec<String> = b.label_headers.iter().map(|h| escape(h)).collect();
    let mut align: Vec<&str> = b.label_right.iter().map(|&r| if r { "---:" } else { ":---" }).collect();
    for c in &b.columns {
        // GFM has no header spanning columns: a part's label heads each.
        let name = c.name_text();
        let name = if c.over.is_empty() { escape(&name) } else { escape(&format!("{} {name}", c.over)) };
        head.push(if c.unit.is_empty() { name } else { format!("{name} ({})", escape(&c.unit)) });
        align.push("---:");
    }
    out.reserve(b.rows.len() * (24 + b.columns.len() * 28));
    let _ = write!(out, "| {} |\n| {} |\n", head.join(" | "), align.join(" | "));
    // Rows are written straight into `out`, cell after cell.
    for r in &b.rows {
        out.push('|');
        for i in 0..r.labels.len() {
            out.push(' ');
            escape_into(out, &r.label_text(i));
            out.push_str(" |");
        }
        for c in &r.cells {
            out.push(' ');
            match c {
                None => out.push('–'),
                Some(c) => {
                    out.push_str(&c.value);
                    out.push_str(&c.spread);
                    if !c.delta.is_empty() {
                        out.push(' ');
                        out.push_str(&c.delta);
                    }
                    escape_into(out, &c.mark);
                }
            }
            out.push_str(" |");
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// attack47 F10: a kernel directory named `6.2 &amp; x` was written
    /// raw into `index.md`, which GitHub shows as `6.2 & x`. A reference
    /// is escaped; an `&` that starts none is left as it is.
    #[test]
    fn an_ampersand_starting_a_reference_is_escaped() {
        assert_eq!(escape("6.2 &amp; x"), "6.2 \\&amp; x");
        // (`#` is escaped anyway: it may start a heading.)
        assert_eq!(escape("a &#38; b &#x26; c"), "a \\&\\#38; b \\&\\#x26; c");
        assert_eq!(escape("R&D & more; x &; y &amp"), "R&D & more; x &; y &amp");
    }

    fn demo() -> crate::report::SiteView {
        let site = crate::site::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("content")).expect("demo loads");
        crate::chart::site_view(&site)
    }

    #[test]
    fn the_legend_is_said_once_and_alt_text_is_one_sentence() {
        let view = demo();
        for m in view.machines.iter().filter(|m| m.baseline.is_some()) {
            let md = machine_md(m);
            let legend = escape(page_legend(m).expect("a baseline gives a legend"));
            assert_eq!(md.matches(&legend).count(), 1, "{}", m.slug);
            // Near the top: before the first section.
            let first = md.find(&format!("\n## {}\n", escape(&m.sections[0].title))).expect("sections");
            assert!(md.find(&legend).expect("legend") < first, "{}", m.slug);
            for alt in md.split("![").skip(1).map(|x| &x[..x.find("](").expect("image")]) {
                assert!(alt.ends_with('.') && alt.matches(". ").count() == 0, "{}: {alt}", m.slug);
                assert!(alt.len() < 160, "{}: {alt}", m.slug);
            }
        }
        let k6 = view.machines.iter().find(|m| m.slug == "k6-2-475-384m").expect("k6-2");
        let md = machine_md(k6);
        assert!(md.contains("![Bar chart of Throughput (MB/sec) for 2 kernels, bigger is better.](charts/"), "{md}");
    }

    #[test]
    fn images_are_absolute_under_base_url_and_readme_md_is_linked() {
        let view = demo();
        let r = MarkdownRenderer::default()
            .with_base_url(Some("https://u.github.io/bench"))
            .with_file_name(Some("README.md"));
        let site = SiteSummary::of(&view);
        let m = view.machines.iter().find(|m| m.slug == "k6-2-475-384m").expect("k6-2");
        let files = r.render_machine(&site, m).expect("renders");
        assert_eq!(files[0].path, "k6-2-475-384m/README.md");
        let md = String::from_utf8_lossy(&files[0].contents).to_string();
        assert!(md.contains("](https://u.github.io/bench/k6-2-475-384m/charts/"), "{md}");
        assert!(!md.contains("](charts/"), "{md}");
        let index = r.render_index(&site).expect("index");
        assert_eq!(index[0].path, "README.md");
        let index = String::from_utf8_lossy(&index[0].contents).to_string();
        assert!(index.contains("](k6-2-475-384m/README.md)"), "{index}");
        // Without a base URL, links stay relative.
        assert!(machine_md(m).contains("](charts/"));
    }

    /// A class of many kernels shows the baseline and the last ones, and
    /// says so under the title, linking the class page.
    #[test]
    fn many_kernels_show_the_baseline_and_the_last_ones() {
        use crate::report::{COMPARED_KERNELS, CellView, ColumnView, KernelView, RowView, TableView};
        let names: Vec<String> = (0..100).map(|i| format!("k{i}")).collect();
        let table = TableView {
            columns: vec![ColumnView { name: "Throughput".into(), ..Default::default() }],
            rows: names
                .iter()
                .map(|k| {
                    RowView::new(k.clone(), Vec::new(), vec![Some(CellView { text: "1".into(), ..Default::default() })])
                })
                .collect(),
            baseline: Some("k0".into()),
            ..Default::default()
        };
        let m = MachinePage {
            slug: "big".into(),
            link: "big".into(),
            name: "Big box".into(),
            kernels: names.iter().map(|n| KernelView { name: n.clone(), ..Default::default() }).collect(),
            baseline: Some("k0".into()),
            sections: vec![SectionView { id: "s".into(), title: "S".into(), table, ..Default::default() }],
            ..Default::default()
        };
        let md = machine_md(&m);
        let notice = format!(
            "This page shows the baseline and the last {COMPARED_KERNELS} of 100 kernels; every kernel is on \
             [the class page](index.html), and every number in its `data.json` and CSV files."
        );
        assert!(md.starts_with(&format!("# Big box\n\n{notice}\n\n")), "{md}");
        assert!(md.contains("| k0 "), "the baseline's row stays: {md}");
        assert!(!md.contains("| k1 "), "an early kernel's row goes");
        assert!(md.contains("| k99 "));
        let r = MarkdownRenderer::default().with_base_url(Some("https://u.github.io/bench"));
        let md = machine_md_with(&m, &r.options);
        assert!(md.contains("[the class page](https://u.github.io/bench/big/)"), "{md}");
        // A class of few kernels shows them all, without a notice.
        let mut few = m.clone();
        few.kernels.truncate(COMPARED_KERNELS + 1);
        few.sections[0].table.rows.truncate(COMPARED_KERNELS + 1);
        assert!(!machine_md(&few).contains("This page shows"));
    }
}
