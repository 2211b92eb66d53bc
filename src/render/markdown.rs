//! GitHub-flavoured Markdown, for pasting into an issue or a wiki.
//!
//! One `index.md` per machine class (and one for the site): the same
//! sections, numbers and precision as the HTML, tables with alignment
//! (kernel left, numbers right), units in the headers and the better
//! direction under each table.

use super::{OutputFile, RenderError, Renderer};
use crate::report::grid::{self, Grid, GridBlock, GridOptions};
use crate::report::{MachinePage, SectionView, SiteSummary, TableView};
use rayon::prelude::*;
use std::fmt::Write as _;

/// Renders `index.md` and `<machine>/index.md`.
#[derive(Debug, Clone, Copy, Default)]
pub struct MarkdownRenderer;

impl Renderer for MarkdownRenderer {
    fn name(&self) -> &'static str {
        "markdown"
    }

    fn render_index(&self, site: &SiteSummary) -> Result<Vec<OutputFile>, RenderError> {
        Ok(vec![OutputFile::text("index.md", site_md(site))])
    }

    fn render_machine(&self, _site: &SiteSummary, m: &MachinePage) -> Result<Vec<OutputFile>, RenderError> {
        Ok(vec![OutputFile::text(format!("{}/index.md", m.slug), machine_md(m))])
    }
}

/// Escapes text for a GFM table cell or heading: `|` would end the cell,
/// `\`, `*`, `_`, `` ` ``, `<`, `[` would start markup.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

/// [`escape`], appended to `out`.
fn escape_into(out: &mut String, s: &str) {
    for ch in s.chars() {
        if matches!(ch, '|' | '\\' | '*' | '_' | '`' | '<' | '>' | '[' | ']' | '#') {
            out.push('\\');
        }
        out.push(ch);
    }
}

fn site_md(site: &SiteSummary) -> String {
    let mut out = format!("# {}\n\n", escape(&site.title));
    if !site.description_md.trim().is_empty() {
        out += site.description_md.trim();
        out += "\n\n";
    }
    for m in &site.machines {
        out += &format!("- [{}]({}/index.md)", escape(&m.name), m.link);
        let kernels: Vec<String> = m.kernels.iter().flatten().map(|k| escape(&k.name)).collect();
        if !kernels.is_empty() {
            out += &format!(": {}", kernels.join(", "));
        }
        out += "\n";
    }
    out
}

/// The Markdown of one machine-class page.
pub fn machine_md(m: &MachinePage) -> String {
    let mut out = format!("# {}\n\n", escape(&m.name));
    for s in &m.specs {
        out += &format!("- **{}:** {}\n", escape(&s.label), escape(&s.value));
    }
    let names: Vec<String> = m.kernels.iter().map(|k| escape(&k.name)).collect();
    out += &format!("- **Kernels:** {}\n\n", names.join(", "));
    if !m.description_md.trim().is_empty() {
        out += m.description_md.trim();
        out += "\n\n";
    }
    if !m.notable.is_empty() {
        out += "## Notable changes\n\n";
        for n in &m.notable {
            out += &format!("- [{}](#{})\n", escape(&n.text), n.section_id);
        }
        if m.notable_more > 0 {
            out += &format!("\n{}\n", escape(&m.notable_more_text));
        }
        out += "\n";
    }
    for c in &m.trend_charts {
        out += &format!("![{}]({})\n\n", escape(&c.desc), c.file);
    }
    // Sections are independent: written in parallel, joined in order.
    let sections: Vec<String> = m.sections.par_iter().map(section_md).collect();
    for s in sections {
        out += &s;
    }
    out
}

fn section_md(s: &SectionView) -> String {
    let mut out = format!("## {}\n\n", escape(&s.title));
    if !s.commentary_md.trim().is_empty() {
        out += s.commentary_md.trim();
        out += "\n\n";
    }
    if let Some(g) = grid::section_grid(s, &GridOptions::default()) {
        let caption = g.caption(&s.table);
        if !caption.is_empty() {
            out += &format!("*{}*\n\n", escape(&caption));
        }
        out += &grid_md(&g);
    } else {
        out += "(no results)\n";
    }
    if let Some(l) = &s.table.legend {
        out += &format!("\n{}\n", escape(l));
    }
    for c in &s.charts {
        out += &format!("\n![{}]({})\n", escape(&c.desc), c.file);
    }
    out += "\n";
    out
}

/// The table of `t` as GFM: its [`grid`](crate::report::grid::grid) —
/// the shape and cells the plaintext draws — one GFM table per block,
/// label columns left-aligned (parameters right), values right-aligned,
/// each column's unit in its header.
pub fn table_md(t: &TableView) -> String {
    if t.rows.is_empty() {
        return "(no results)\n".to_string();
    }
    grid_md(&grid::grid(t, &GridOptions::default()))
}

/// A laid-out grid as GFM tables, one per block, and its runs note.
fn grid_md(g: &Grid) -> String {
    let mut out = String::new();
    for (i, b) in g.blocks.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        block_md(&mut out, b);
    }
    if let Some(note) = g.runs_note() {
        out.push('\n');
        escape_into(&mut out, &note);
        out.push('\n');
    }
    out
}

/// One block of a grid as a GFM table.
fn block_md(out: &mut String, b: &GridBlock) {
    let mut head: Vec<String> = b.label_headers.iter().map(|h| escape(h)).collect();
    let mut align: Vec<&str> = b.label_right.iter().map(|&r| if r { "---:" } else { ":---" }).collect();
    for c in &b.columns {
        head.push(if c.unit.is_empty() {
            escape(&c.name)
        } else {
            format!("{} ({})", escape(&c.name), escape(&c.unit))
        });
        align.push("---:");
    }
    out.reserve(b.rows.len() * (24 + b.columns.len() * 28));
    let _ = write!(out, "| {} |\n| {} |\n", head.join(" | "), align.join(" | "));
    // Rows are written straight into `out`, cell after cell.
    for r in &b.rows {
        out.push('|');
        for l in &r.labels {
            out.push(' ');
            escape_into(out, l);
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
                    escape_into(out, c.mark);
                }
            }
            out.push_str(" |");
        }
        out.push('\n');
    }
}
