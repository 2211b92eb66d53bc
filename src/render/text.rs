//! Plaintext for mailing-list posts.
//!
//! Tables look like the seed posts': the kernel column as wide as the
//! longest kernel name, numbers right-aligned with one precision per column
//! (so decimal points line up), unit under each header, and a line saying
//! "smaller is better" / "bigger is better". A table wider than the page
//! splits into column groups that repeat the kernel and parameter columns.
//! Commentary Markdown becomes wrapped plain text. No line is longer than the
//! width (except one holding a URL longer than a line, never broken:
//! [`markdown::fill`]), none ends in a space, and there are no tabs.

use super::{OutputFile, RenderError, Renderer};
use crate::markdown;
use crate::report::{CellView, ColumnView, MachinePage, SectionView, SiteSummary, TableView};
use compact_str::{CompactString, ToCompactString};
use rayon::prelude::*;
use unicode_width::UnicodeWidthStr;

/// How plaintext is laid out.
#[derive(Debug, Clone, Copy)]
pub struct TextOptions {
    /// Page width in columns (72 suits mail).
    pub width: usize,
    /// Show the change against the baseline and its significance mark.
    pub compare: bool,
    /// Pure ASCII (`--ascii`): `us` for `µs`, `+-` for `±`, `alpha` for
    /// `α`, other letters transliterated ([`super::ascii`]), every text
    /// made ASCII before layout so tables stay aligned.
    pub ascii: bool,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions { width: 72, compare: true, ascii: false }
    }
}

impl TextOptions {
    /// `s` as the text shows it: in ASCII with [`TextOptions::ascii`]
    /// ([`super::ascii::to_ascii`]), else as it is. For text a writer adds
    /// itself, measured after this.
    pub fn shown<'a>(&self, s: &'a str) -> std::borrow::Cow<'a, str> {
        if self.ascii { super::ascii::to_ascii(s) } else { std::borrow::Cow::Borrowed(s) }
    }

    /// The sign before a standard deviation: `±`, or `+-` in ASCII (one
    /// column wider: measure after choosing).
    pub fn plus_minus(&self) -> &'static str {
        if self.ascii { "+-" } else { "±" }
    }
}

/// Renders `<machine>/email.txt` for every machine class.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextRenderer {
    /// Layout options.
    pub options: TextOptions,
}

impl Renderer for TextRenderer {
    fn name(&self) -> &'static str {
        "text"
    }

    fn render_index(&self, _site: &SiteSummary) -> Result<Vec<OutputFile>, RenderError> {
        Ok(Vec::new())
    }

    fn render_machine(&self, _site: &SiteSummary, m: &MachinePage) -> Result<Vec<OutputFile>, RenderError> {
        Ok(vec![OutputFile::text(format!("{}/email.txt", m.slug), machine_text(m, &self.options))])
    }
}

/// The plaintext of a whole machine-class page.
pub fn machine_text(m: &MachinePage, opts: &TextOptions) -> String {
    if opts.ascii {
        return page_text(&super::ascii::ascii_page(m), opts);
    }
    page_text(m, opts)
}

/// [`machine_text`] of a page whose texts are already as shown.
fn page_text(m: &MachinePage, opts: &TextOptions) -> String {
    let width = opts.width;
    let mut out = Vec::new();
    out.push(fill(&m.name, width));
    out.push("=".repeat(m.name.width().min(width)));
    let field = |text: String| markdown::fill(&text, markdown::wrap_options(width).subsequent_indent("  "));
    for s in &m.specs {
        out.push(field(format!("{}: {}", s.label, s.value)));
    }
    if !m.kernels.is_empty() {
        let names: Vec<&str> = m.kernels.iter().map(|k| k.name.as_str()).collect();
        out.push(field(format!("Kernels: {}", names.join(", "))));
    }
    if !m.description_md.trim().is_empty() {
        out.push(String::new());
        out.push(markdown::to_text(&m.description_md, width));
    }
    if opts.compare && !m.notable.is_empty() {
        out.push(String::new());
        out.push("Notable changes".to_string());
        for n in &m.notable {
            let opts = markdown::wrap_options(width).initial_indent("- ").subsequent_indent("  ");
            out.push(markdown::fill(&n.text, opts));
        }
        if m.notable_more > 0 {
            out.push(fill(&m.notable_more_text, width));
        }
    }
    // The marks are explained once, not under every table; a section with
    // another baseline says its own.
    let legend = crate::report::page_legend(m).filter(|_| opts.compare);
    if let Some(l) = legend {
        out.push(String::new());
        out.push(fill(l, width));
    }
    // Sections are independent: written in parallel, joined in order.
    let sections: Vec<String> = m
        .sections
        .par_iter()
        .map(|s| {
            let mut text = section_body(s, opts);
            if let Some(own) = s.table.legend.as_deref().filter(|l| opts.compare && Some(*l) != legend) {
                text.push_str("\n\n");
                text.push_str(&fill(own, width));
            }
            text
        })
        .collect();
    for s in sections {
        out.push(String::new());
        out.push(String::new());
        out.push(s);
    }
    finish(&out.join("\n"), opts.ascii)
}

/// The plaintext of one section: title, commentary, table.
pub fn section_text(s: &SectionView, opts: &TextOptions) -> String {
    if opts.ascii {
        let mut s = s.clone();
        super::ascii::ascii_section(&mut s);
        return opts.shown(&section_body(&s, opts)).into_owned();
    }
    section_body(s, opts)
}

/// [`section_text`] of a section whose texts are already as shown.
fn section_body(s: &SectionView, opts: &TextOptions) -> String {
    let width = opts.width;
    let mut out = vec![fill(&s.title, width), "-".repeat(s.title.width().min(width))];
    if !s.commentary_md.trim().is_empty() {
        out.push(markdown::to_text(&s.commentary_md, width));
        out.push(String::new());
    }
    if !s.table.direction.is_empty() {
        out.push(fill(&s.table.direction, width));
    }
    if !s.table.fixed_params.is_empty() {
        out.push(fill(&format!("({})", s.table.fixed_params.join(", ")), width));
    }
    if !s.table.direction.is_empty() || !s.table.fixed_params.is_empty() {
        out.push(String::new());
    }
    out.push(table_text(&s.table, opts));
    if let Some(chart) = crate::chart::text_bar_chart(s, width) {
        out.push(String::new());
        out.push(chart);
    }
    out.join("\n")
}

fn fill(s: &str, width: usize) -> String {
    markdown::fill(s, markdown::wrap_options(width))
}

fn pad_right(s: &str, w: usize) -> String {
    let mut out = String::with_capacity(w.max(s.len()));
    push_right(&mut out, s, w);
    out
}

/// Appends `n` spaces.
fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// Appends `s` right-aligned in `w` display columns.
fn push_left(out: &mut String, s: &str, w: usize) {
    push_left_measured(out, s, s.width(), w);
}

/// [`push_left`] for `s` already measured: `sw` display columns wide.
fn push_left_measured(out: &mut String, s: &str, sw: usize, w: usize) {
    push_spaces(out, w.saturating_sub(sw));
    out.push_str(s);
}

/// Appends `s` left-aligned in `w` display columns.
fn push_right(out: &mut String, s: &str, w: usize) {
    push_right_measured(out, s, s.width(), w);
}

/// [`push_right`] for `s` already measured: `sw` display columns wide.
fn push_right_measured(out: &mut String, s: &str, sw: usize, w: usize) {
    out.push_str(s);
    push_spaces(out, w.saturating_sub(sw));
}

/// One metric column laid out: header lines and cell strings, all `width` wide.
struct Laid {
    width: usize,
    /// The header, wrapped onto as many lines as the column needs.
    name: Vec<String>,
    unit: String,
    cells: Vec<String>,
}

/// Narrowest a metric column's header is wrapped to, when its values are
/// narrower still (the seeds stack long headers: `ctx` over `swtch`).
const MIN_HEADER_WIDTH: usize = 10;

/// Lays out a table as plaintext within `opts.width` columns.
pub fn table_text(t: &TableView, opts: &TextOptions) -> String {
    let width = opts.width;
    if t.rows.is_empty() {
        return "(no results)".to_string();
    }
    let kw = t.rows.iter().map(|r| r.kernel.width()).chain(["kernel".width()]).max().unwrap_or(6);
    let pws: Vec<usize> = t
        .param_headers
        .iter()
        .enumerate()
        .map(|(i, h)| t.rows.iter().map(|r| r.params[i].width()).chain([h.width()]).max().unwrap_or(1))
        .collect();
    // Room for one metric column beside the kernel and parameter columns.
    let cap = width.saturating_sub(kw + pws.iter().map(|w| w + 2).sum::<usize>() + 2).max(MIN_HEADER_WIDTH);
    let cols: Vec<Laid> = t.columns.iter().enumerate().map(|(ci, c)| lay_out_column(t, ci, c, cap, opts)).collect();

    // Split metric columns into groups that fit beside the fixed columns.
    let fixed: usize = kw + pws.iter().map(|w| w + 2).sum::<usize>();
    let mut groups: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = fixed;
    for (i, c) in cols.iter().enumerate() {
        let need = c.width + 2;
        let cur = groups.last_mut().expect("one group");
        if !cur.is_empty() && used + need > width {
            groups.push(vec![i]);
            used = fixed + need;
        } else {
            cur.push(i);
            used += need;
        }
    }
    let blocks: Vec<String> = groups.iter().map(|g| write_block(t, &cols, g, kw, &pws, fixed)).collect();
    blocks.join("\n\n")
}
/// Lays out metric column `ci` (`c`) of `t`: its header wrapped to at most
/// `cap` columns (or its content's width), its unit, and every row's cell:
/// the value right-aligned, then its spread, runs and change (with
/// `opts.compare`) left-aligned, all as wide as the column.
fn lay_out_column(t: &TableView, ci: usize, c: &ColumnView, cap: usize, opts: &TextOptions) -> Laid {
    let vals: Vec<Option<&CellView>> = t.rows.iter().map(|r| r.cells[ci].as_ref()).collect();
    // Display widths, each measured once.
    let text_w: Vec<usize> = vals.iter().map(|c| c.map_or(0, |c| c.text.width())).collect();
    let vw = vals.iter().zip(&text_w).filter(|(c, _)| c.is_some()).map(|(_, &w)| w).max().unwrap_or(1);
    // " ±0.12 n=3 +2.1%~": spread, runs and change, when there are.
    let spread: Vec<CompactString> = vals
        .iter()
        .map(|c| {
            let mut s = CompactString::default();
            let Some(c) = c else { return s };
            if c.summary.n > 1 {
                if let Some(sd) = &c.stddev_text {
                    s.push(' ');
                    s.push_str(opts.plus_minus());
                    s.push_str(sd);
                }
                s.push_str(" n=");
                s.push_str(&c.summary.n.to_compact_string());
            }
            if let Some(d) = c.delta_text.as_ref().filter(|_| opts.compare) {
                s.push(' ');
                s.push_str(d);
                s.push_str(c.mark);
            }
            s
        })
        .collect();
    let spread_w: Vec<usize> = spread.iter().map(|s| s.width()).collect();
    let sw = spread_w.iter().copied().max().unwrap_or(0);
    let unit = c.unit.clone();
    let content = (vw + sw).max(unit.width());
    let longest_word = c.name.split_whitespace().map(|w| w.width()).max().unwrap_or(0);
    let width = content.max(longest_word.min(cap)).max(MIN_HEADER_WIDTH.min(c.name.width())).min(cap.max(content));
    let name: Vec<String> = if c.name.width() <= width {
        vec![c.name.clone()]
    } else {
        textwrap::wrap(&c.name, textwrap::Options::new(width).break_words(true))
            .into_iter()
            .map(|l| l.into_owned())
            .collect()
    };
    // Each cell: the value right-aligned in `vw`, its spread
    // left-aligned in `sw`, the two right-aligned in `width`.
    let cells = vals
        .iter()
        .zip(spread.iter().zip(&spread_w))
        .zip(&text_w)
        .map(|((v, (sp, &spw)), &tw)| {
            let mut cell = String::with_capacity(width + 8);
            match v {
                Some(v) => {
                    push_spaces(&mut cell, width.saturating_sub(vw.max(tw) + sw.max(spw)));
                    push_left_measured(&mut cell, &v.text, tw, vw);
                    push_right_measured(&mut cell, sp, spw, sw);
                }
                None => {
                    push_left(&mut cell, "-", width - sw);
                    push_spaces(&mut cell, sw);
                }
            }
            cell
        })
        .collect();
    Laid { width, name, unit, cells }
}

/// One block of a table split by width: the kernel and parameter columns
/// (`kw` and `pws` wide, `fixed` in all) and the metric columns `g` of
/// `cols`, headers bottom-aligned, a units line when one has a unit.
fn write_block(t: &TableView, cols: &[Laid], g: &[usize], kw: usize, pws: &[usize], fixed: usize) -> String {
    // A units line only for a block with a unit in it (a table split
    // by width may have a block of unitless counts).
    let any_unit = g.iter().any(|&ci| !cols[ci].unit.is_empty());
    let mut lines = Vec::new();
    // Header lines, bottom-aligned: a wrapped header grows upwards.
    let depth = g.iter().map(|&ci| cols[ci].name.len()).max().unwrap_or(1).max(1);
    let mut heads: Vec<String> =
        (0..depth).map(|d| pad_right(if d + 1 == depth { "kernel" } else { "" }, kw)).collect();
    let mut units = " ".repeat(kw);
    let mut rule = "-".repeat(kw);
    for (i, h) in t.param_headers.iter().enumerate() {
        for (d, head) in heads.iter_mut().enumerate() {
            head.push_str("  ");
            push_left(head, if d + 1 == depth { h } else { "" }, pws[i]);
        }
        push_spaces(&mut units, 2 + pws[i]);
        rule.push_str("  ");
        rule.extend(std::iter::repeat_n('-', pws[i]));
    }
    for &ci in g {
        let c = &cols[ci];
        let offset = depth - c.name.len();
        for (d, head) in heads.iter_mut().enumerate() {
            let part = d.checked_sub(offset).and_then(|k| c.name.get(k)).map_or("", String::as_str);
            head.push_str("  ");
            push_left(head, part, c.width);
        }
        units.push_str("  ");
        push_left(&mut units, &c.unit, c.width);
        rule.push_str("  ");
        rule.extend(std::iter::repeat_n('-', c.width));
    }
    lines.extend(heads);
    if any_unit {
        lines.push(units);
    }
    lines.push(rule);
    for (ri, r) in t.rows.iter().enumerate() {
        let mut line = String::with_capacity(fixed + g.iter().map(|&ci| cols[ci].width + 2).sum::<usize>());
        push_right(&mut line, &r.kernel, kw);
        for (i, p) in r.params.iter().enumerate() {
            line.push_str("  ");
            push_left(&mut line, p, pws[i]);
        }
        for &ci in g {
            line.push_str("  ");
            line.push_str(&cols[ci].cells[ri]);
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// Removes trailing spaces and tabs from every line; ends with one newline.
/// The finished text: tabs as spaces, no trailing blanks, one final
/// newline, and no control characters: a kernel or machine directory named
/// with terminal escape sequences (`ESC ]` …) would otherwise act on the
/// terminal of whoever `cat`s the file or runs `benchsite text`; each
/// becomes U+FFFD. With `ascii`, every line is made ASCII
/// ([`super::ascii::to_ascii`]) after that: a last pass for what no
/// earlier step made ASCII.
fn finish(s: &str, ascii: bool) -> String {
    let mut out = String::with_capacity(s.len() + 1);
    for (i, l) in s.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let l: std::borrow::Cow<'_, str> = if l.contains('\t') { l.replace('\t', "    ").into() } else { l.into() };
        let l = crate::diag::inert(l.trim_end());
        out.push_str(if ascii { super::ascii::to_ascii(&l) } else { std::borrow::Cow::Borrowed(&*l) }.trim_end());
    }
    out.push('\n');
    out
}
