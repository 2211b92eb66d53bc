//! The cross-class page ([`crate::report::across`]) in every rendering:
//! `across.html` (written natively, each table through the native
//! renderer's `grid_html`), `across.md` (`grid_md`) and `across.txt` (the
//! plaintext sections of `email.txt`), all drawing the one table layer.

use super::html_native::{base, grid_html};
use super::markdown::{escape, grid_md};
use super::text::{TextOptions, grid_text};
use crate::report::{AcrossPage, SiteSummary, grid, machine_grid};
use unicode_width::UnicodeWidthStr as _;

/// What the change and marks mean on the page, after the reference's name.
fn legend(reference: &str, s: &crate::report::SectionView) -> String {
    let tests = s.table.legend.as_deref().unwrap_or_default();
    if tests.is_empty() { format!("% = change vs {reference}, positive is better") } else { tests.to_string() }
}

/// `across.html`: the intro, the machines compared (linked), and one
/// section per kernel and benchmark; `root` leads back to the site.
pub fn html(site: &SiteSummary, page: &AcrossPage, root: &str) -> String {
    base(
        site,
        root,
        |p| {
            p.raw("Machines side by side — ").text(&site.title);
        },
        |p| {
            p.raw("\n<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><a href=\"").text(root).raw(
                "index.html\">All machine classes</a></nav>\n<h1>Machines side by side</h1>\n<p class=\"counts\">",
            );
            p.text(&page.intro).raw("</p>\n<p class=\"legend\">Machine classes compared: ");
            for (i, (name, href)) in page.machines.iter().enumerate() {
                if i > 0 {
                    p.raw(", ");
                }
                p.raw("<a href=\"").text(root).text(href).raw("\">").text(name).raw("</a>");
            }
            p.raw("</p>\n");
            for s in &page.sections {
                let Some(g) = &s.grid else { continue };
                p.raw("<section id=\"").text(&s.id).raw("\">\n<h2>").text(&s.title).raw("</h2>\n");
                // Rows of machines: their names are prose, and wrap (the
                // sticky first column of a kernel's name held a whole phone's
                // width, the figures scrolling under it out of sight).
                p.raw("<div class=\"table-wrap by-machine\">\n");
                grid_html(p, g, &s.table, root, true, false);
                p.raw("</div>\n");
                if let Some(b) = s.table.baseline.as_deref() {
                    p.raw("<p class=\"legend\">").text(&legend(b, s)).raw("</p>\n");
                }
                p.raw("</section>\n");
            }
        },
        4096 + page.sections.len() * 3000,
    )
}

/// `across.md`: the same, one GFM table (or more) per section.
pub fn markdown(page: &AcrossPage) -> String {
    let mut out = format!("# Machines side by side\n\n{}\n", escape(&page.intro));
    let names: Vec<String> = page
        .machines
        .iter()
        .map(|(n, href)| format!("[{}]({})", escape(n), href.replace("index.html", "index.md")))
        .collect();
    if !names.is_empty() {
        out += &format!("\nMachine classes compared: {}\n", names.join(", "));
    }
    for s in &page.sections {
        let Some(g) = &s.grid else { continue };
        out += &format!("\n## {}\n\n", escape(&s.title));
        let caption = g.caption(&s.table);
        if !caption.is_empty() {
            out += &format!("*{}*\n\n", escape(&caption));
        }
        out += &grid_md(g);
        if let Some(b) = s.table.baseline.as_deref() {
            out += &format!("\n{}\n", escape(&legend(b, s)));
        }
    }
    out
}

/// The widest machine name `across.txt` prints in its rows; past it, each
/// class's directory name stands for it, the names said once above.
const SHORT_NAME: usize = 20;

/// The widest section title `across.txt` prints in a row's `section`
/// cell; past it, every section of the table is a key (`A`, `B`, …), each
/// named once above the table.
const SHORT_SECTION: usize = 12;

/// Where a `section` cell of `t` is wider than [`SHORT_SECTION`] (at most
/// 26 sections): each row's section replaced by its key, `A`, `B`, … in
/// row order, and the line naming them, "Sections: A = pgbench; B =
/// pgbench read-only (select only)."; `None` (and `t` as it was)
/// otherwise. "pgbench read-only (select only)" took 3 lines of every row
/// at 72 columns.
fn key_sections(t: &mut crate::report::TableView) -> Option<String> {
    let i = t.param_headers.iter().position(|h| h == crate::report::across::SECTION_PARAM)?;
    let mut titles: Vec<String> = Vec::new();
    for v in t.rows.iter().filter_map(|r| r.params.get(i)).filter(|v| !v.is_empty()) {
        if !titles.contains(v) {
            titles.push(v.clone());
        }
    }
    if titles.len() > 26 || !titles.iter().any(|v| v.width() > SHORT_SECTION) {
        return None;
    }
    let keys: Vec<(String, char)> = titles.into_iter().zip('A'..='Z').collect();
    for r in &mut t.rows {
        if let Some(v) = r.params.get_mut(i)
            && let Some((_, k)) = keys.iter().find(|(s, _)| s == v)
        {
            *v = k.to_string();
        }
    }
    let named: Vec<String> = keys.iter().map(|(s, k)| format!("{k} = {s}")).collect();
    Some(format!("Sections: {}.", named.join("; ")))
}

/// `across.txt`: the same as plaintext at `opts.width`, each section's
/// table as `email.txt` draws one (pure ASCII with `opts.ascii`).
pub fn text(page: &AcrossPage, opts: &TextOptions) -> String {
    let fill = |s: &str| textwrap::fill(s, crate::markdown::prose_options(opts.width));
    let grid_opts =
        grid::GridOptions { width: opts.width, compare: opts.compare, brief: opts.brief, ascii: opts.ascii };
    let mut out = vec![format!("Machines side by side\n\n{}", fill(&page.intro))];
    // Long machine names are rows by their class's directory name, each
    // said once above the tables: "Intel Core i5-2500k (4 cores), 8 GB,
    // SSD RAID" took 3 to 4 lines of every row (archive35 7).
    let short: Vec<(&str, &str)> = if page.machines.iter().any(|(n, _)| n.width() > SHORT_NAME) {
        page.machines.iter().map(|(n, href)| (n.as_str(), href.strip_suffix("/index.html").unwrap_or(href))).collect()
    } else {
        Vec::new()
    };
    if !short.is_empty() {
        let key: Vec<String> = short.iter().map(|(n, slug)| format!("{slug} = {n}")).collect();
        out.push(fill(&format!("Machines: {}.", key.join("; "))));
    }
    // A legend the table before printed is not printed again.
    let mut last_legend: Option<String> = None;
    for s in &page.sections {
        let mut s = s.clone();
        let slug_of = |name: &str| short.iter().find(|(n, _)| *n == name).map(|(_, slug)| slug.to_string());
        for r in &mut s.table.rows {
            if let Some(slug) = slug_of(&r.kernel) {
                r.kernel = slug;
            }
        }
        // The legend keeps the reference's whole name; the rows and the
        // notes under the table name it as its row does.
        if s.table.legend.as_deref().is_none_or(str::is_empty) {
            s.table.legend = s.table.baseline.as_deref().map(|b| legend(b, &s));
        }
        if let Some(slug) = s.table.baseline.as_deref().and_then(slug_of) {
            s.table.baseline = Some(slug);
        }
        let section_key = key_sections(&mut s.table);
        if opts.ascii {
            super::ascii::ascii_section(&mut s);
        }
        let g = machine_grid(&s.table, &grid_opts);
        let caption = g.caption(&s.table);
        let title = if caption.is_empty() { s.title.clone() } else { format!("{} ({caption})", s.title) };
        let title = fill(&title);
        let rule = title.lines().map(unicode_width::UnicodeWidthStr::width).max().unwrap_or(0);
        let mut body = format!("{title}\n{}\n", "-".repeat(rule));
        if let Some(k) = section_key {
            let k = if opts.ascii { super::ascii::to_ascii(&k).into_owned() } else { k };
            body.push_str(&format!("{}\n", fill(&k)));
        }
        body.push_str(&grid_text(&g));
        for note in [g.runs_note(), g.uncompared_note(), g.untimed_note()].into_iter().flatten() {
            body.push_str(&format!("\n{}", fill(&note)));
        }
        if let Some(b) = s.table.baseline.as_deref() {
            let l = legend(b, &s);
            if last_legend.as_ref() != Some(&l) {
                body.push_str(&format!("\n{}", fill(&l)));
                last_legend = Some(l);
            }
        }
        out.push(opts.shown(&body).into_owned());
    }
    // No line ends in a space (a row without a change keeps none of its
    // column's padding), as in the class's mail.
    super::text::finish(&(out.join("\n\n") + "\n"), false)
}
