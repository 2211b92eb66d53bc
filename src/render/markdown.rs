//! GitHub-flavoured Markdown, for pasting into an issue or a wiki.
//!
//! One `index.md` per machine class (and one for the site): the same
//! sections, numbers and precision as the HTML, tables with alignment
//! (kernel left, numbers right), units in the headers and the better
//! direction under each table.

use super::{OutputFile, RenderError, Renderer};
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
    out += &table_md(&s.table);
    if !s.table.direction.is_empty() {
        out += &format!("\n*{}*\n", escape(&s.table.direction));
    }
    if !s.table.fixed_params.is_empty() {
        out += &format!("\n({})\n", escape(&s.table.fixed_params.join(", ")));
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

/// A GFM table: kernel, parameters, then one column per metric with its unit.
pub fn table_md(t: &TableView) -> String {
    if t.rows.is_empty() {
        return "(no results)\n".to_string();
    }
    let mut head = vec!["kernel".to_string()];
    let mut align = vec![":---".to_string()];
    for p in &t.param_headers {
        head.push(escape(p));
        align.push("---:".to_string());
    }
    for c in &t.columns {
        head.push(if c.unit.is_empty() {
            escape(&c.name)
        } else {
            format!("{} ({})", escape(&c.name), escape(&c.unit))
        });
        align.push("---:".to_string());
    }
    let mut out = format!("| {} |\n| {} |\n", head.join(" | "), align.join(" | "));
    out.reserve(t.rows.len() * (24 + t.columns.len() * 28));
    // Rows are written straight into `out`, cell after cell.
    for r in &t.rows {
        out.push_str("| ");
        escape_into(&mut out, &r.kernel);
        for p in &r.params {
            out.push_str(" | ");
            escape_into(&mut out, p);
        }
        for c in &r.cells {
            out.push_str(" | ");
            let Some(c) = c else {
                out.push('–');
                continue;
            };
            out.push_str(&c.text);
            // Writing to a String cannot fail.
            match (&c.stddev_text, c.summary.n) {
                (Some(sd), n) if n > 1 => _ = write!(out, " ± {sd} (n={n})"),
                (None, n) if n > 1 => _ = write!(out, " (n={n})"),
                _ => {}
            }
            if let Some(d) = &c.delta_text {
                out.push(' ');
                out.push_str(d);
                escape_into(&mut out, c.mark);
            }
        }
        out.push_str(" |\n");
    }
    out
}
