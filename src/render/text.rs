//! Plaintext for mailing-list posts.
//!
//! Tables look like the seed posts': the kernel column as wide as the
//! longest kernel name, numbers right-aligned with one precision per column
//! (so decimal points line up), unit under each header, and a line saying
//! "smaller is better" / "bigger is better". A table wider than the page
//! splits into column groups that repeat the kernel and parameter columns.
//! Commentary Markdown becomes wrapped plain text. No line is longer than the
//! width, none ends in a space, and there are no tabs.

use super::{OutputFile, RenderError, Renderer};
use crate::markdown;
use crate::report::grid::{self, Grid, GridBlock, GridOptions, pad_left, pad_right};
use crate::report::{MachinePage, SectionView, SiteSummary, TableView};
use rayon::prelude::*;
use unicode_width::UnicodeWidthStr;

/// How plaintext is laid out.
#[derive(Debug, Clone, Copy)]
pub struct TextOptions {
    /// Page width in columns (72 suits mail).
    pub width: usize,
    /// Show the change against the baseline and its significance mark.
    pub compare: bool,
    /// Leave out the spread (`±`) and the number of runs.
    pub brief: bool,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions { width: 72, compare: true, brief: false }
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
    let width = opts.width;
    let mut out = Vec::new();
    out.push(fill(&m.name, width));
    out.push("=".repeat(m.name.width().min(width)));
    let field = |text: String| textwrap::fill(&text, markdown::wrap_options(width).subsequent_indent("  "));
    // The specs on as few lines as they fill: "CPU: AMD K6-2; MHz: 475; …".
    let specs: Vec<String> =
        m.specs.iter().filter(|s| s.label != "Source").map(|s| format!("{}: {}", s.label, s.value)).collect();
    if !specs.is_empty() {
        out.push(field(specs.join("; ")));
    }
    if let Some(source) = m.specs.iter().find(|s| s.label == "Source") {
        out.push(field(format!("{}: {}", source.label, source.value)));
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
            out.push(textwrap::fill(&n.text, opts));
        }
        if m.notable_more > 0 {
            out.push(fill(&m.notable_more_text, width));
        }
    }
    // The marks are explained once, not under every table.
    if let Some(l) = m.sections.iter().find_map(|s| s.table.legend.as_ref()).filter(|_| opts.compare) {
        out.push(String::new());
        out.push(fill(l, width));
    }
    // Sections are independent: written in parallel, joined in order.
    let sections: Vec<String> = m.sections.par_iter().map(|s| section_text(s, opts)).collect();
    for s in sections {
        out.push(String::new());
        out.push(s);
    }
    finish(&out.join("\n"))
}

/// The plaintext of one section: its title with the table's caption (the
/// shared unit, the better direction, the settings: "LMbench 2.0p2:
/// Context switching (µs, smaller is better)"), underlined; the
/// commentary; the table; the runs note; the star bars.
pub fn section_text(s: &SectionView, opts: &TextOptions) -> String {
    let width = opts.width;
    let g = (!s.table.rows.is_empty()).then(|| grid::grid(&s.table, &grid_options(opts)));
    let caption = g.as_ref().map(|g| g.caption(&s.table)).unwrap_or_default();
    // The caption joins the title when both fit one line; else it is the
    // line under the title's rule.
    let joined = format!("{} ({caption})", s.title);
    let (title, caption) = match () {
        _ if caption.is_empty() => (fill(&s.title, width), None),
        _ if joined.width() <= width => (joined, None),
        _ => (fill(&s.title, width), Some(fill(&caption, width))),
    };
    let rule = title.lines().map(UnicodeWidthStr::width).max().unwrap_or(0);
    let mut out = vec![title, "-".repeat(rule)];
    if !s.commentary_md.trim().is_empty() {
        out.push(markdown::to_text(&s.commentary_md, width));
        out.push(String::new());
    }
    out.extend(caption);
    let Some(g) = g else {
        out.push("(no results)".to_string());
        return out.join("\n");
    };
    out.push(grid_text(&g));
    if let Some(note) = g.runs_note() {
        out.push(fill(&note, width));
    }
    if let Some(chart) = crate::chart::text_bar_chart(s, width) {
        out.push(String::new());
        out.push(chart);
    }
    out.join("\n")
}

fn fill(s: &str, width: usize) -> String {
    textwrap::fill(s, markdown::wrap_options(width))
}

/// The grid options of `opts`.
fn grid_options(opts: &TextOptions) -> GridOptions {
    GridOptions { width: opts.width, compare: opts.compare, brief: opts.brief }
}

/// Lays out a table as plaintext within `opts.width` columns: the
/// [`grid`](crate::report::grid::grid) drawn block by block, each block's
/// column groups one under the other.
pub fn table_text(t: &TableView, opts: &TextOptions) -> String {
    if t.rows.is_empty() {
        return "(no results)".to_string();
    }
    grid_text(&grid::grid(t, &grid_options(opts)))
}

/// Draws a laid-out grid.
pub fn grid_text(g: &Grid) -> String {
    let mut parts = Vec::new();
    for b in &g.blocks {
        for group in &b.text.groups {
            parts.push(group_text(b, group));
        }
    }
    parts.join("\n\n")
}

/// One group of value columns of block `b`, beside its label columns:
/// headers bottom-aligned and right-aligned over their numbers, a units
/// line when a column has a unit, a rule, then every row with a value in
/// the group.
fn group_text(b: &GridBlock, group: &[usize]) -> String {
    let plan = &b.text;
    let depth = group.iter().map(|&ci| plan.columns[ci].header.len()).max().unwrap_or(1).max(1);
    let any_unit = group.iter().any(|&ci| !b.columns[ci].unit.is_empty());
    let mut lines: Vec<String> = vec![String::new(); depth + usize::from(any_unit) + 1];
    let gap = " ".repeat(plan.gap);
    let label = |out: &mut String, i: usize, s: &str| {
        if i > 0 {
            out.push_str(&gap);
        }
        if b.label_right[i] {
            pad_left(out, s, plan.label_widths[i]);
        } else {
            pad_right(out, s, plan.label_widths[i]);
        }
    };
    for (i, h) in b.label_headers.iter().enumerate() {
        for (d, line) in lines.iter_mut().enumerate() {
            let rule = d == depth + usize::from(any_unit);
            match () {
                _ if rule => {
                    if i > 0 {
                        line.push_str(&gap);
                    }
                    line.extend(std::iter::repeat_n('-', plan.label_widths[i]));
                }
                _ => label(line, i, if d + 1 == depth { h } else { "" }),
            }
        }
    }
    for &ci in group {
        let c = &plan.columns[ci];
        let offset = depth - c.header.len();
        for (d, line) in lines.iter_mut().enumerate() {
            line.push_str(&gap);
            if d < depth {
                let part = d.checked_sub(offset).and_then(|k| c.header.get(k)).map_or("", String::as_str);
                pad_left(line, part, c.width);
            } else if any_unit && d == depth {
                pad_left(line, &b.columns[ci].unit, c.width);
            } else {
                line.extend(std::iter::repeat_n('-', c.width));
            }
        }
    }
    for r in b.rows.iter().filter(|r| group.iter().any(|&ci| r.cells[ci].is_some())) {
        let mut line = String::new();
        for (i, l) in r.labels.iter().enumerate() {
            label(&mut line, i, l);
        }
        for &ci in group {
            line.push_str(&gap);
            line.push_str(&plan.columns[ci].cell_text(r.cells[ci].as_ref(), r.change));
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
/// becomes U+FFFD.
fn finish(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 1);
    for (i, l) in s.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let l: std::borrow::Cow<'_, str> = if l.contains('\t') { l.replace('\t', "    ").into() } else { l.into() };
        out.push_str(&crate::diag::inert(l.trim_end()));
    }
    out.push('\n');
    out
}
