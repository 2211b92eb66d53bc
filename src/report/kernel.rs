//! Kernel pages: one kernel's notes and every table restricted to its
//! rows, by position in the machine page ([`KernelPage`]).

use super::MachinePage;
use super::format::slugify;
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
    mine.into_iter()
        .zip(kernel_files(m))
        .enumerate()
        .map(|(kernel, (sections, file))| {
            let legend_baseline = legend_baseline(m, &sections);
            KernelPage { kernel, file, sections, legend_baseline }
        })
        .collect()
}

/// [`KernelPage::legend_baseline`] of a page with `sections` of `m`.
fn legend_baseline(m: &MachinePage, sections: &[KernelSection]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for ks in sections {
        match m.sections[ks.section].table.baseline.as_deref() {
            Some(b) if !b.is_empty() && !names.contains(&b) => names.push(b),
            _ => {}
        }
    }
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        many => format!("the baseline of each table ({})", many.join(", ")),
    }
}
