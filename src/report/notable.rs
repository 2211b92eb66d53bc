//! The notable changes of a page: its largest significant changes against
//! the baseline, and a page restricted to some sections and kernels.

use super::format::fmt_p_adjusted;
use super::{MachinePage, NotableChange, SectionView, TableView};
use crate::model::Better;
use crate::stats::Comparison;

/// The mark after a table cell's value where the cell, or the baseline
/// cell it is compared with, averages files of different names as runs,
/// or a file's copies its warning doubts are one kernel's (newcomer44 N2)
/// ([`CellView::merged`](super::CellView::merged)): ASCII, as `*` and `~`,
/// for 72-column mail (attack41 F11: `+166.7%*` stood unmarked).
pub const MERGED_MARK: &str = "^";

/// The line explaining [`MERGED_MARK`], once on a page (under each such
/// table on the web page, as its legend is, and under its notable
/// changes: [`notable_legends`]). A notable change of such a cell carries
/// the mark after its change (`+12.5%^`), explained by this line once per
/// list: a caveat of 30 words after each such change said it 27 times
/// on a page of provbpf's PostMark files (`postmark_camflow1` and
/// `postmark_camflow2`, two files of different names, averaged as runs).
pub const MERGED_LEGEND: &str = "^ after a value or change: its cell, or the baseline cell it is compared with, \
     averages as runs files of different names, or copies of an output perhaps of different kernels, as a warning \
     about its raw files says; if they are different results, its value and change are no figure of one set-up";

/// The mark after a table cell's value where a raw file behind the cell
/// gives another kernel's file's figures, figure for figure, or is the
/// file another kernel's repeats ([`CellView::copied`](super::CellView::copied)):
/// ASCII, for 72-column mail (newcomer42 N2: a copy's `+0.0%` stood
/// unmarked in the mail).
pub const COPIED_MARK: &str = "=";

/// The line explaining [`COPIED_MARK`], once on a page (under each such
/// table on the web page, and under its notable changes).
pub const COPIED_LEGEND: &str = "= after a value or change: its raw file, or the baseline cell's it is compared \
     with, gives, figure for figure, the figures of a file of another kernel (the same output in two kernels' \
     directories?), as a warning about its raw files says: one of the two did not run on its kernel, and a change \
     between them is no change";

/// The marks of a value whose cell, or the cell it is compared with,
/// is `merged` ([`MERGED_MARK`]) and `copied` ([`COPIED_MARK`]), in that
/// order; `""` for neither ([`CellView::marks`](super::CellView::marks)).
pub fn marks_of(merged: bool, copied: bool) -> &'static str {
    match (merged, copied) {
        (false, false) => "",
        (true, false) => MERGED_MARK,
        (false, true) => COPIED_MARK,
        // MERGED_MARK then COPIED_MARK (`both_marks_are_the_two_marks`).
        (true, true) => "^=",
    }
}

/// The legends of the marks among `marks` (each a value's
/// [`marks_of`]): [`MERGED_LEGEND`] where one holds [`MERGED_MARK`], then
/// [`COPIED_LEGEND`] where one holds [`COPIED_MARK`]; each once, and none
/// for a mark no value shows (attack45 F9: a mail printed the `^` legend
/// over bars that showed no `^`).
pub fn legends_of_marks<'a>(marks: impl IntoIterator<Item = &'a str>) -> Vec<&'static str> {
    let (mut merged, mut copied) = (false, false);
    for m in marks {
        merged |= m.contains(MERGED_MARK);
        copied |= m.contains(COPIED_MARK);
    }
    let mut out = Vec::new();
    if merged {
        out.push(MERGED_LEGEND);
    }
    if copied {
        out.push(COPIED_LEGEND);
    }
    out
}

/// The legends of the marks the notable changes `notable` show
/// ([`NotableChange::marks`]), each once ([`legends_of_marks`]): said
/// under the list on the web page, whose tables are further down; the
/// mail and the Markdown say the page's mark legends right after the list
/// ([`mark_legends_with_notable`]).
pub fn notable_legends(notable: &[NotableChange]) -> Vec<&'static str> {
    legends_of_marks(notable.iter().map(|n| n.marks))
}

/// The legends of the marks on page `m`, each once
/// ([`mark_legends`](super::mark_legends)), and those of its notable
/// changes' marks ([`notable_legends`]) that no table's legend says: what
/// the mail and the Markdown print once, under the notable changes.
pub fn mark_legends_with_notable(m: &MachinePage) -> Vec<&str> {
    let mut out: Vec<&str> = super::mark_legends(m).collect();
    for l in notable_legends(&m.notable) {
        if !out.contains(&l) {
            out.push(l);
        }
    }
    out
}

/// How many notable changes a page lists; the rest are counted
/// ([`MachinePage::notable_more`]). An archive of a hundred kernels has
/// thousands of significant changes against its baseline, too many to read
/// before the tables (or at the top of a mail).
pub const NOTABLE_SHOWN: usize = 20;

/// The significant changes against the baseline in `t`'s columns with a
/// better direction, as (row, column, comparison), in table order: what
/// the notable changes list and the star bars' headline looks among.
pub(super) fn significant_changes(t: &TableView) -> impl Iterator<Item = (usize, usize, &Comparison)> {
    t.rows.iter().enumerate().flat_map(move |(ri, r)| {
        r.cells.iter().zip(&t.columns).enumerate().filter_map(move |(ci, (c, col))| {
            let cmp = c.as_ref()?.comparison.as_ref().filter(|x| x.significant && col.better != Better::Neither)?;
            Some((ri, ci, cmp))
        })
    })
}

/// The [`NOTABLE_SHOWN`] largest significant changes against the baseline
/// in `sections`, largest first (equal changes in page order), those of
/// kernels of another machine (`?`) after all the others, how many
/// more there are, and the list's heading ([`notable_heading`]). After,
/// not folded into a line per kernel: each stays a change of its own with
/// its link and p, read as the tables show it.
///
/// The heading names the page's baseline `page_base` (the class's) where
/// a listed change is against it, else the baseline most of them are
/// against (the first's on a tie); only a change against another one (a
/// section of its own baseline) names its own (`… -3.1% vs 2.4.7 (adjusted
/// p …)`): " vs vanilla-5.11.2" ended each of the 20 changes of provbpf's
/// PostMark page, whose heading and legend say the baseline already.
pub fn notable_changes(sections: &[SectionView], page_base: Option<&str>) -> (Vec<NotableChange>, usize, String) {
    // Every significant change as (section, row, column, change, p); text
    // is made only for those shown.
    // A kernel of another machine (`?`) is a flag on each: its changes
    // come after the class's own machine's (attack38 finding 7: 13 lines
    // of `3.10.63? 2.00× worse` buried 3.10.64's two real regressions).
    // A change of a cell averaging files of different names (warned of:
    // [`mark_merged_changes`]) comes after the others too, and carries
    // the cell's mark (`^`), which the list's legend explains once.
    let mut found: Vec<(usize, usize, usize, f64, f64, bool)> = Vec::new();
    let merged =
        |si: usize, ri: usize, ci: usize| sections[si].table.rows[ri].cells[ci].as_ref().is_some_and(|c| c.merged);
    for (si, s) in sections.iter().enumerate() {
        if s.table.baseline.is_none() {
            continue;
        }
        for (ri, ci, cmp) in significant_changes(&s.table) {
            let better = s.table.columns[ci].better;
            if let (Some(pct), Some(p)) = (super::section::better_by(cmp, better), cmp.p_adjusted) {
                found.push((si, ri, ci, pct, p, other_machine(&s.table, &s.table.rows[ri].kernel)));
            }
        }
    }
    found.sort_by(|a, b| {
        (a.5, merged(a.0, a.1, a.2)).cmp(&(b.5, merged(b.0, b.1, b.2))).then(b.3.abs().total_cmp(&a.3.abs()))
    });
    let more = found.len().saturating_sub(NOTABLE_SHOWN);
    found.truncate(NOTABLE_SHOWN);
    let base_of = |si: usize| sections[si].table.baseline.as_deref().unwrap_or_default();
    // The baseline the list's heading names: the page's where a change is
    // against it, else most of its changes' (the first's on a tie).
    let mut bases: Vec<(&str, usize)> = Vec::new();
    for f in &found {
        match bases.iter_mut().find(|(b, _)| *b == base_of(f.0)) {
            Some((_, n)) => *n += 1,
            None => bases.push((base_of(f.0), 1)),
        }
    }
    let list_base = match page_base {
        Some(b) if bases.iter().any(|(x, _)| *x == b) => Some(b),
        _ => bases.iter().rev().max_by_key(|(_, n)| *n).map(|(b, _)| *b),
    };
    let shown = found
        .into_iter()
        .map(|(si, ri, ci, pct, p, other)| {
            let s = &sections[si];
            let (r, col) = (&s.table.rows[ri], &s.table.columns[ci]);
            let cell = r.cells[ci].as_ref();
            let base = base_of(si);
            // Against the heading's baseline, said there once.
            let vs = if Some(base) == list_base { String::new() } else { format!(" vs {base}") };
            // A `dir` repeating another column ("scale 30, dir 30") is left out.
            let repeated = super::grid::repeated_dirs(&s.table);
            let params: Vec<String> = s
                .table
                .param_headers
                .iter()
                .zip(&r.params)
                .enumerate()
                .filter(|(i, (_, v))| !v.is_empty() && !repeated.contains(i))
                .map(|(_, hv)| hv)
                // Each value after its name, as the charts' titles say
                // them: a bare `dir` value among "1500 scale 16 clients"
                // read as another parameter's (archive35 2: "scale 16
                // clients 1500" for scale 1500, clients 16, dir 1500).
                .map(|(h, v)| if h.is_empty() { v.to_string() } else { format!("{h} {v}") })
                .collect();
            // The metric's name, unless the section's title says it: a
            // one-metric section titled `net` says which of iperf3's.
            let mut what = s.title.clone();
            if s.table.columns.len() > 1 || !s.title.to_lowercase().contains(&col.name.to_lowercase()) {
                what = format!("{what} {}", col.name);
            }
            if !params.is_empty() {
                what = format!("{what} ({})", params.join(", "));
            }
            // A kernel of another machine carries its mark here too, as in
            // the tables (attack37 finding 1: the mail's notable changes
            // listed `3.10.63 2.00× worse` bare).
            let other = if other { super::environment::OTHER_MACHINE_MARK } else { "" };
            // The cell's marks after its change (`+12.5%^`), as the
            // tables show them after its value: the list's legend says
            // once what they mean (a caveat after each such change said
            // it 27 times on a page).
            let marks = cell.map_or("", |c| c.marks());
            NotableChange {
                text: format!(
                    "{what}: {}{other} {}{marks}{vs} ({})",
                    r.kernel,
                    cell.and_then(|c| c.delta_text.as_deref()).unwrap_or_default(),
                    fmt_p_adjusted(p)
                ),
                section_id: s.id.clone(),
                pct_better: pct,
                p,
                marks,
            }
        })
        .collect();
    (shown, more, notable_heading(list_base))
}

/// The heading of a page's notable changes, naming the baseline they are
/// against ([`notable_changes`]): "Notable changes against 2.4.19"
/// ([`MachinePage::notable_heading`]).
pub fn notable_heading(base: Option<&str>) -> String {
    match base.filter(|b| !b.is_empty()) {
        Some(b) => format!("Notable changes against {b}"),
        None => "Notable changes".to_string(),
    }
}

/// Marks ([`CellView::merged`](super::CellView::merged)) each compared
/// cell whose baseline cell averages files of different names as runs
/// (its own cells were marked as `site::select` decided for its warning:
/// attack41 F11): its change is then no change of one set-up either, and
/// its notable change says so. Likewise [`CellView::copied`](super::CellView::copied):
/// a kernel compared with a baseline cell whose raw file is another
/// kernel's copy, figure for figure, is compared with figures that may
/// not be the baseline's (afix43's leftover: a third kernel's change
/// against a copied baseline stood unmarked).
pub fn mark_merged_changes(sections: &mut [SectionView]) {
    for s in sections.iter_mut() {
        let t = &s.table;
        let (merged, copied) = t
            .rows
            .iter()
            .flat_map(|r| r.cells.iter().flatten())
            .fold((false, false), |(m, k), c| (m || c.merged, k || c.copied));
        if !merged && !copied {
            continue;
        }
        let Some(base) = t.baseline.clone() else { continue };
        let base_rows = super::base_rows::BaseRows::new(&t.param_headers, &t.rows, &base);
        let own: Vec<Vec<(bool, bool)>> = t
            .rows
            .iter()
            .map(|r| r.cells.iter().map(|c| c.as_ref().map_or((false, false), |c| (c.merged, c.copied))).collect())
            .collect();
        let found: Vec<Option<usize>> = t.rows.iter().map(|r| base_rows.find(r)).collect();
        for (ri, r) in s.table.rows.iter_mut().enumerate() {
            for (ci, c) in r.cells.iter_mut().enumerate() {
                let Some(c) = c.as_mut().filter(|c| c.comparison.is_some()) else { continue };
                let (m, k) = found[ri].and_then(|b| own[b].get(ci).copied()).unwrap_or((false, false));
                c.merged |= m;
                c.copied |= k;
            }
        }
    }
}

/// True when `kernel`'s row in `t` carries the mark of a kernel whose runs
/// are from another machine than the baseline's (`?`).
fn other_machine(t: &TableView, kernel: &str) -> bool {
    super::environment::mark_of(&t.marks, kernel)
        .is_some_and(|m| m.mark.contains(super::environment::OTHER_MACHINE_MARK))
}

/// The line after a shortened list of notable changes: "… and 2223 more
/// significant changes in the tables below".
pub fn notable_more_text(more: usize) -> String {
    let s = if more == 1 { "" } else { "s" };
    format!("… and {more} more significant change{s} in the tables below")
}

/// Table `t` with some of its rows left out ([`filtered_page`]: `text
/// --kernels`, a mail of the last kernels), made to say only what the
/// rows left need (newcomer44 N1): a parameter column whose value is now
/// the same in every row goes into the caption ([`TableView::fixed_params`],
/// as the whole table's do), and the set-up note names only the set-ups
/// the rows left show ([`crate::site::SetupNote::only`], as kernel pages
/// do). A set-up every row left shares is said by neither: the note and
/// its key tell rows apart, and a class whose files show one set-up has
/// neither (its pages, the build's note and `check` describe the
/// set-ups).
fn fix_shown_params(t: &mut super::TableView) {
    let (text, values) = super::section::fix_params(&mut t.rows, &mut t.param_headers, &t.param_units);
    let is_setup = |n: &str| n == crate::site::SETUP_PARAM || n == crate::site::SETUP_PARAM_APART;
    if values.iter().any(|(n, _)| is_setup(n)) {
        t.setup_note = None;
        t.setup_keys.clear();
    }
    let setup_words: Vec<String> =
        values.iter().filter(|(n, _)| is_setup(n)).map(|(n, v)| format!("{n} {v}")).collect();
    t.fixed_params.extend(text.into_iter().filter(|w| !setup_words.contains(w)));
    t.fixed_param_values.extend(values);
    // The set-ups the rows left show, as their cells show them (keys or values).
    let Some(at) = t.param_headers.iter().position(|h| is_setup(h)) else { return };
    let Some(note) = &t.setup_note else { return };
    let shown: Vec<&str> = t
        .rows
        .iter()
        .filter_map(|r| r.params.get(at))
        .map(|v| t.setup_keys.iter().find(|(value, _)| value == v).map_or(v.as_str(), |(_, k)| k.as_str()))
        .collect();
    t.setup_note = note.only(&shown);
}

/// [`notable_more_text`], or "" when there are no more
/// ([`MachinePage::notable_more_text`]).
pub fn notable_more_line(more: usize) -> String {
    if more == 0 { String::new() } else { notable_more_text(more) }
}

/// A machine page restricted to some sections (matched case-insensitively
/// against titles and anchor ids) and kernels, its notable changes made
/// again from what is left; empty filters keep everything.
pub fn filtered_page(m: &MachinePage, sections: &[String], kernels: &[String]) -> MachinePage {
    // Only what is kept is cloned: the mail's and the Markdown page's last
    // 20 kernels of a 3,000-kernel class, not every row.
    let mut page = super::large::page_without_sections(m);
    page.sections = m
        .sections
        .iter()
        .filter(|s| sections.is_empty() || sections.iter().any(|want| s.is_named(want)))
        .map(|s| {
            if kernels.is_empty() {
                return s.clone();
            }
            let rows = s.table.rows.iter().filter(|r| kernels.contains(&r.kernel)).cloned().collect();
            let mut s = super::large::section_with_rows(s, rows);
            // Laid out again, for the rows left, by whoever draws it.
            s.grid = None;
            fix_shown_params(&mut s.table);
            s.table.skipped.retain(|(k, _)| kernels.contains(k));
            s
        })
        .collect();
    if !kernels.is_empty() {
        page.kernels.retain(|k| kernels.contains(&k.name));
    }
    // A page of some sections: each keeps the shape the class's page
    // gives it (its star bars or none), and the header counts the
    // regressions of what it shows ("1 regression", not the class's 3:
    // newcomer44 N16).
    if !sections.is_empty() {
        let ids = m.star_sections.clone().unwrap_or_else(|| {
            let stars = super::star_tables(m.sections.iter().map(|s| &s.table));
            stars.iter().map(|&i| m.sections[i].id.clone()).collect()
        });
        page.star_sections = Some(ids);
        let selected = super::regressions::select(&page.sections);
        page.regressions_text = super::regressions::counts_text(&selected);
        page.regressions_counted = selected.compared && selected.tests > 0;
    }
    // Why nothing could be tested, of what is left.
    super::untested_again(&mut page.sections);
    // The notable changes among what is left.
    (page.notable, page.notable_more, page.notable_heading) = notable_changes(&page.sections, page.baseline.as_deref());
    page.notable_more_text = notable_more_line(page.notable_more);
    page
}
