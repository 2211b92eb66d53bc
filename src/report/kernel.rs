//! Kernel pages: one kernel's notes and every table restricted to its
//! rows, by position in the machine page ([`KernelPage`]).

use super::MachinePage;
use super::format::slugify;
use std::collections::HashMap;

/// The file name (without directory) of a kernel's page: the kernel name
/// itself when it is made of letters, digits, `.`, `_`, `+` and `-`
/// (`2.4.19-rc5-aa1.html`), otherwise its slug, or `kernel.html` for a
/// name without a letter or digit (a directory named ` ..`), whose slug
/// would be the generic `section`.
pub fn kernel_file(name: &str) -> String {
    let safe = !name.is_empty()
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-'));
    if safe {
        format!("{name}.html")
    } else if !name.chars().any(char::is_alphanumeric) {
        "kernel.html".to_string()
    } else {
        format!("{}.html", slugify(name))
    }
}

/// One kernel's page, by position in its machine page: the kernel's notes
/// ([`MachinePage::kernels`]`[kernel]`) and, section by section, the
/// machine page's sections with only the kernel's rows (their charts left
/// out: they compare every kernel, the page is about one). Every renderer
/// draws kernel pages from this.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelPage {
    /// Index into the machine page's kernels.
    pub kernel: usize,
    /// File name under `<machine>/kernels/` ([`kernel_files`]).
    pub file: String,
    /// The sections where the kernel has rows, in page order; empty when
    /// it has none.
    pub sections: Vec<KernelSection>,
    /// What the page's one legend says the changes are against: the
    /// baseline of its sections ("2.4.9"), or, where they have different
    /// ones, "the baseline of each table (2.4.9, 2.5.1)"; empty when none
    /// has a baseline (no legend). A kernel page says it once, above its
    /// sections, where the machine page says it under every table: on a
    /// class of 300 kernels the 23 legends were 9 % of every page.
    pub legend_baseline: String,
    /// The baselines the legend names, in legend order, each with its
    /// page's file, which the legend links: a kernel page shows only its
    /// kernel's rows ([`crate::report::grid::Grid::only_kernel`]), and the
    /// baseline's page lists the figures the changes are against. `file`
    /// is empty for this kernel's own page, or a baseline without one.
    pub baseline_pages: Vec<KernelLink>,
    /// The id of the first of its sections whose table the class page
    /// draws with a legend (a baseline's): the kernel page's legend names
    /// the marks and links that one for what each means (the significance
    /// test, what is not tested), which the class page says under each
    /// table and a kernel page said in full (about 400 bytes on each of
    /// the large generated archive's 3,000 kernel pages). Empty where no
    /// section has a baseline.
    pub legend_section: String,
    /// The lines explaining the cell marks its tables show
    /// ([`TableView::merged_legend`](super::TableView::merged_legend),
    /// [`TableView::copied_legend`](super::TableView::copied_legend)), each
    /// once, below its legend: of a table where a cell of the kernel's rows
    /// carries the mark (afix42's leftover: a kernel page showed `^` with
    /// no word of it).
    pub mark_legends: Vec<&'static str>,
    /// True when a cell of the kernel's rows prints its change as a factor
    /// (`-3.06×`, [`super::significance::shows_factor`]): only then does the
    /// legend say what `-N×` means, as the class page's does (every kernel
    /// page said "(-N× = N times worse)", most with no such cell).
    pub factors: bool,
}

/// A link to a kernel's page from another kernel's page: its name and file
/// (both under `<machine>/kernels/`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct KernelLink {
    /// The kernel's name.
    pub name: String,
    /// Its page's file name ([`kernel_files`]).
    pub file: String,
}

/// A section of a kernel page: which section of the machine page, and which
/// rows of its table (in table order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelSection {
    /// Index into the machine page's sections.
    pub section: usize,
    /// Indexes into that section's table rows: the kernel's rows.
    pub rows: Vec<usize>,
}

/// The kernel page file names of a machine page, in kernel order: kernels
/// whose names give the same file name (`a b` and `a-b` both slug to
/// `a-b.html`), or names that differ only in case (`A-B-C.html` and
/// `a-b-c.html` are one file on macOS and Windows), get `-2`, `-3`… so
/// that no page overwrites another.
pub fn kernel_files(m: &MachinePage) -> Vec<String> {
    let mut used = std::collections::HashSet::new();
    m.kernels
        .iter()
        .map(|k| {
            let file = kernel_file(&k.name);
            let stem = file.trim_end_matches(".html").to_string();
            let mut n = 1;
            let mut f = file;
            while !used.insert(f.to_lowercase()) {
                n += 1;
                f = format!("{stem}-{n}.html");
            }
            f
        })
        .collect()
}

/// The kernel pages of a machine page ([`KernelPage`]), in kernel order, in
/// one pass over the rows (linear in the page's rows, not kernels × rows).
/// Kernels whose names give the same file name (`a b` and `a-b` both slug
/// to `a-b.html`) get `-2`, `-3`… ([`kernel_files`]) so that no page
/// overwrites another; a row goes to the first kernel of its name.
pub fn kernel_pages(m: &MachinePage) -> Vec<KernelPage> {
    let pos: HashMap<&str, usize> = m.kernels.iter().enumerate().map(|(i, k)| (k.name.as_str(), i)).rev().collect();
    let mut mine: Vec<Vec<KernelSection>> = vec![Vec::new(); m.kernels.len()];
    for (si, s) in m.sections.iter().enumerate() {
        for (ri, r) in s.table.rows.iter().enumerate() {
            let Some(&ki) = pos.get(r.kernel.as_str()) else { continue };
            match mine[ki].last_mut() {
                Some(k) if k.section == si => k.rows.push(ri),
                _ => mine[ki].push(KernelSection { section: si, rows: vec![ri] }),
            }
        }
    }
    let files = kernel_files(m);
    // Which marks each section's table carries at all (most carry none):
    // a kernel page looks at its rows only in a section that has one.
    let marked: Vec<Marks> = m
        .sections
        .iter()
        .map(|s| {
            s.table
                .rows
                .iter()
                .flat_map(|r| r.cells.iter().flatten())
                .fold(Marks::default(), |a, c| Marks { merged: a.merged || c.merged, copied: a.copied || c.copied })
        })
        .collect();
    mine.into_iter()
        .enumerate()
        .map(|(kernel, sections)| {
            let names = baselines(m, &sections);
            let baseline_pages = names
                .iter()
                .map(|&b| KernelLink {
                    name: b.to_string(),
                    file: pos.get(b).filter(|&&i| i != kernel).and_then(|&i| files.get(i)).cloned().unwrap_or_default(),
                })
                .collect();
            let legend_baseline = legend_baseline(&names);
            let legend_section = sections
                .iter()
                .map(|ks| &m.sections[ks.section])
                .find(|s| s.table.baseline.as_deref().is_some_and(|b| !b.is_empty()))
                .map(|s| s.id.clone())
                .unwrap_or_default();
            let mark_legends = mark_legends(m, &sections, &marked);
            let factors = sections.iter().any(|ks| {
                let t = &m.sections[ks.section].table;
                ks.rows.iter().filter_map(|&ri| t.rows.get(ri)).any(super::significance::row_shows_factor)
            });
            KernelPage {
                kernel,
                file: files[kernel].clone(),
                sections,
                legend_baseline,
                baseline_pages,
                legend_section,
                mark_legends,
                factors,
            }
        })
        .collect()
}

/// The marks a table's cells carry ([`CellView::merged`](super::CellView::merged),
/// [`CellView::copied`](super::CellView::copied)).
#[derive(Debug, Clone, Copy, Default)]
struct Marks {
    merged: bool,
    copied: bool,
}

/// [`KernelPage::mark_legends`] of a page of `sections` of `m`: the marks
/// of the cells of its rows.
/// `marked` is each section's [`Marks`] over all its rows: a section
/// without a mark is not looked at (a kernel page per kernel looking at
/// every row of every table was kernels × rows, +101 M instructions on
/// the medium build).
fn mark_legends(m: &MachinePage, sections: &[KernelSection], marked: &[Marks]) -> Vec<&'static str> {
    let (mut merged, mut copied) = (false, false);
    for ks in sections {
        // Only a section that may add a mark not found yet is looked at.
        let may = marked[ks.section];
        let adds = may.merged && !merged || may.copied && !copied;
        if !adds {
            continue;
        }
        let t = &m.sections[ks.section].table;
        let shown = ks.rows.iter().filter_map(|&ri| t.rows.get(ri));
        for c in shown.flat_map(|r| r.cells.iter().flatten()) {
            merged |= c.merged;
            copied |= c.copied;
        }
    }
    let mut out = Vec::new();
    if merged {
        out.push(super::notable::MERGED_LEGEND);
    }
    if copied {
        out.push(super::notable::COPIED_LEGEND);
    }
    out
}

/// The baselines of `sections` of `m`, each once, in page order.
fn baselines<'a>(m: &'a MachinePage, sections: &[KernelSection]) -> Vec<&'a str> {
    let mut names: Vec<&str> = Vec::new();
    for ks in sections {
        match m.sections[ks.section].table.baseline.as_deref() {
            Some(b) if !b.is_empty() && !names.contains(&b) => names.push(b),
            _ => {}
        }
    }
    names
}

/// [`KernelPage::legend_baseline`] of a page whose sections have the
/// baselines `names` ([`baselines`]).
fn legend_baseline(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        many => format!("the baseline of each table ({})", many.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{KernelView, RowView, SectionView, TableView};

    fn section(baseline: Option<&str>) -> SectionView {
        SectionView {
            table: TableView { baseline: baseline.map(str::to_string), ..Default::default() },
            ..Default::default()
        }
    }

    #[test]
    fn a_kernel_page_names_its_baseline_once_or_each_of_several() {
        let mut m = MachinePage {
            sections: vec![section(Some("2.4.9")), section(None), section(Some("2.4.9")), section(Some("2.5.1"))],
            ..Default::default()
        };
        let on = |m: &MachinePage, sections: &[usize]| {
            let secs: Vec<KernelSection> =
                sections.iter().map(|&section| KernelSection { section, rows: vec![0] }).collect();
            legend_baseline(&baselines(m, &secs))
        };
        assert_eq!(on(&m, &[0, 1, 2]), "2.4.9");
        assert_eq!(on(&m, &[0, 1, 2, 3]), "the baseline of each table (2.4.9, 2.5.1)");
        assert_eq!(on(&m, &[1]), "");
        m.sections[1].table.baseline = Some(String::new());
        assert_eq!(on(&m, &[1]), "", "an empty baseline is none");
    }

    #[test]
    fn a_kernel_page_links_the_baselines_page_but_not_its_own() {
        let kernel = |name: &str| KernelView { name: name.into(), ..Default::default() };
        let mut s = section(Some("a b"));
        s.table.rows = ["a b", "c"].iter().map(|k| RowView::new(k.to_string(), Vec::new(), Vec::new())).collect();
        let m = MachinePage { kernels: vec![kernel("a b"), kernel("c")], sections: vec![s], ..Default::default() };
        let pages = kernel_pages(&m);
        assert_eq!(pages[0].baseline_pages, [KernelLink { name: "a b".into(), file: String::new() }], "its own page");
        assert_eq!(pages[1].legend_baseline, "a b");
        assert_eq!(pages[1].baseline_pages, [KernelLink { name: "a b".into(), file: "a-b.html".into() }]);
    }

    #[test]
    fn a_kernel_without_letters_or_digits_gets_a_kernel_page_not_a_section_one() {
        assert_eq!(kernel_file("2.4.19-rc5-aa1"), "2.4.19-rc5-aa1.html");
        assert_eq!(kernel_file("a b"), "a-b.html");
        assert_eq!(kernel_file(" .."), "kernel.html");
        assert_eq!(kernel_file("+"), "+.html", "letters, digits, `.`, `_`, `+`, `-` are kept as they are");
        assert_eq!(kernel_file("* *"), "kernel.html");
    }
}
