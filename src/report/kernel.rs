//! Kernel pages: one kernel's notes and every table restricted to its rows.

use super::format::slugify;
use super::{KernelView, MachinePage, RowView, SectionView, TableView};
use serde::Serialize;
use std::collections::HashMap;

/// The file name (without directory) of a kernel's page: the kernel name
/// itself when it is made of letters, digits, `.`, `_`, `+` and `-`
/// (`2.4.19-rc5-aa1.html`), otherwise its slug.
pub fn kernel_file(name: &str) -> String {
    let safe = !name.is_empty()
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-'));
    if safe { format!("{name}.html") } else { format!("{}.html", slugify(name)) }
}

/// One kernel's page: its notes and every table restricted to its rows.
#[derive(Debug, Clone, Serialize)]
pub struct KernelPage {
    /// The kernel.
    pub kernel: KernelView,
    /// File name under `<machine>/kernels/`.
    pub file: String,
    /// The machine page's sections with only this kernel's rows (sections
    /// where it has none are left out).
    pub sections: Vec<SectionView>,
}

/// The kernel page file names of a machine page, in kernel order: kernels
/// whose names give the same file name (`a b` and `a-b` both slug to
/// `a-b.html`) get `-2`, `-3`… so that no page overwrites another.
pub fn kernel_files(m: &MachinePage) -> Vec<String> {
    let mut used = std::collections::HashSet::new();
    m.kernels
        .iter()
        .map(|k| {
            let file = kernel_file(&k.name);
            let stem = file.trim_end_matches(".html").to_string();
            let mut n = 1;
            let mut f = file;
            while !used.insert(f.clone()) {
                n += 1;
                f = format!("{stem}-{n}.html");
            }
            f
        })
        .collect()
}

/// Builds the kernel pages of a machine page, in one pass over the rows
/// (linear in the page's rows, not kernels × rows). Kernels whose names
/// give the same file name (`a b` and `a-b` both slug to `a-b.html`) get
/// `-2`, `-3`… so that no page overwrites another.
pub fn kernel_pages(m: &MachinePage) -> Vec<KernelPage> {
    let pos: HashMap<&str, usize> = m.kernels.iter().enumerate().map(|(i, k)| (k.name.as_str(), i)).rev().collect();
    let mut sections: Vec<Vec<SectionView>> = vec![Vec::new(); m.kernels.len()];
    for s in &m.sections {
        // Rows of each kernel, in table order.
        let mut rows: HashMap<usize, Vec<&RowView>> = HashMap::new();
        let mut order: Vec<usize> = Vec::new();
        for r in &s.table.rows {
            let Some(&ki) = pos.get(r.kernel.as_str()) else { continue };
            let v = rows.entry(ki).or_default();
            if v.is_empty() {
                order.push(ki);
            }
            v.push(r);
        }
        for ki in order {
            let mine = rows.remove(&ki).unwrap_or_default();
            sections[ki].push(SectionView {
                id: s.id.clone(),
                title: s.title.clone(),
                benchmarks: s.benchmarks.clone(),
                commentary_md: s.commentary_md.clone(),
                commentary_html: s.commentary_html.clone(),
                table: TableView {
                    param_headers: s.table.param_headers.clone(),
                    fixed_params: s.table.fixed_params.clone(),
                    fixed_param_values: s.table.fixed_param_values.clone(),
                    columns: s.table.columns.clone(),
                    rows: mine.into_iter().cloned().collect(),
                    direction: s.table.direction.clone(),
                    has_spread: s.table.has_spread,
                    baseline: s.table.baseline.clone(),
                    alpha: s.table.alpha,
                    tests: s.table.tests,
                    legend: s.table.legend.clone(),
                },
                // The section's charts compare every kernel; this page is about one.
                charts: Vec::new(),
            });
        }
    }
    m.kernels
        .iter()
        .zip(sections)
        .zip(kernel_files(m))
        .map(|((k, sections), file)| KernelPage { kernel: k.clone(), file, sections })
        .collect()
}
