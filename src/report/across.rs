//! The cross-class page (`across.html`, `across.md`, `across.txt`): where
//! several machine classes ran the same kernel, the machines side by side
//! per benchmark, each against a reference machine with the usual
//! statistics (mean, ±, n, change, Welch's test corrected over the page).
//!
//! Each class's summary carries its table cells ([`cells_of`], in
//! [`MachineSummary::cells`]); the page is made from the summaries alone
//! ([`across_page`]), as the front page is, and drawn through the one
//! table layer ([`super::grid`]): each table is a [`TableView`] whose rows
//! are machines instead of kernels.

use super::grid::{GridOptions, grid};
use super::{
    CellView, ColumnView, MachinePage, MachineSummary, RowView, SectionView, SiteSummary, TableView, correct_page,
    fmt_cell_spread, fmt_cell_value, slugify,
};
use crate::model::Better;
use crate::stats::{PrintedStep, Summary, compare_printed};
use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The significance level of the page's marks where `site.yaml` sets no
/// `alpha:`.
pub const ACROSS_ALPHA: f64 = 0.05;

/// A class's cross-class cells ([`cells_of`]): its kernels' names once,
/// in the class's kernel order, and its columns, whose values name their
/// kernel by its index in `kernels` (a site of ten classes of 300 kernels
/// has 775,000 values; the page compares them by kernel and benchmark
/// through indices, not names).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AcrossCells {
    /// The class's kernels that have a value, each once.
    pub kernels: Vec<String>,
    /// Every column of its tables at each set of parameters.
    pub columns: Vec<AcrossColumn>,
}

impl AcrossCells {
    /// True when there are no columns.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }
}

/// One column of a class's tables at one set of parameters, as the
/// cross-class page needs it: what it measures, and each kernel's value.
/// One per column and parameters (not per cell), so that a class of 300
/// kernels stores its names and units once per column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AcrossColumn {
    /// The benchmarks (parser ids, joined with `+`) of its section.
    pub benchmark: String,
    /// Metric column name.
    pub metric: String,
    /// Unit ("" for a pure number).
    pub unit: String,
    /// Better direction.
    pub better: Better,
    /// Decimals the class prints the column with.
    pub precision: usize,
    /// Parameters of its rows, fixed ones included: (name, value), sorted.
    pub params: Vec<(String, String)>,
    /// Each kernel's value: (kernel, as its index in
    /// [`AcrossCells::kernels`]; runs; mean; sample standard deviation
    /// when n ≥ 2), in the class's kernel order.
    pub values: Vec<(u32, u32, f64, Option<f64>)>,
    /// How finely the column's values were printed, over all its cells
    /// (the finest read back, the coarsest known: [`PrintedStep::with`]):
    /// it bounds what a comparison with another class's cell can test, as
    /// on a class page. One per column, not per cell: a kernel's cell
    /// printed to 10 Mbit/s (`1.00 Gbits/sec`) bounds every cell's.
    #[serde(default)]
    pub printed: PrintedStep,
    /// The decimals each value's runs were printed with, in the order of
    /// [`AcrossColumn::values`] (a class page's cell's
    /// [`CellView::printed_decimals`]): each cell is shown with its own,
    /// as on a class page (`section::cell_decimals`). Empty (an
    /// older entry): the column's `precision` for every value.
    #[serde(default)]
    pub printed_decimals: Vec<u8>,
    /// How finely each value's runs were printed, in the order of
    /// [`AcrossColumn::values`] (a class page's cell's
    /// [`CellView::printed`]): a comparison with another class's cell
    /// takes each side's own, as a class page's table does, so a whole
    /// `1` ms (0.5 to 1.5) beside another kernel's `0.073` in the same
    /// column is not taken as printed to the thousandth. Empty (an older
    /// entry): [`AcrossColumn::printed`] for every value.
    #[serde(default)]
    pub printed_steps: Vec<PrintedStep>,
    /// The indexes into [`AcrossColumn::values`] of the values that are
    /// the mean of only the runs that timed the test (a class page's
    /// [`RowView::part_untimed`], bonnie++'s `+++++` in the others): shown
    /// `≥` here too, and never tested against another class's. Empty (an
    /// older entry, or none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at_least: Vec<u32>,
    /// The title of the class's section the column is of (made unique
    /// among the class's sections of one benchmark: `read-only (2)`): two
    /// sections of one benchmark are two columns, never one (archive35 1:
    /// a warm-up's `tps incl. connections` sat beside a read-only run's
    /// tps, the warm-up's own tps dropped). Empty: an older entry.
    #[serde(default)]
    pub section: String,
}

/// One kernel's value in an [`AcrossColumn`], as the page reads it.
#[derive(Debug, Clone, Copy)]
struct AcrossCell<'a> {
    metric: &'a str,
    unit: &'a str,
    better: Better,
    precision: usize,
    /// The decimals its runs were printed with ([`AcrossColumn::printed_decimals`]).
    printed_decimals: usize,
    params: &'a [(String, String)],
    n: u32,
    mean: f64,
    stddev: Option<f64>,
    printed: PrintedStep,
    /// The mean of only the runs that timed the test ([`AcrossColumn::at_least`]).
    at_least: bool,
    /// Its class's section ([`AcrossColumn::section`]).
    section: &'a str,
}

impl<'a> AcrossCell<'a> {
    /// Value `v` of column `c`, its `i`-th.
    fn of(c: &'a AcrossColumn, i: usize, v: &(u32, u32, f64, Option<f64>)) -> Self {
        AcrossCell {
            metric: &c.metric,
            unit: &c.unit,
            better: c.better,
            precision: c.precision,
            printed_decimals: c.printed_decimals.get(i).map_or(c.precision, |&d| usize::from(d)),
            params: &c.params,
            n: v.1,
            mean: v.2,
            stddev: v.3,
            printed: c.printed_steps.get(i).copied().unwrap_or(c.printed),
            at_least: c.at_least.contains(&u32::try_from(i).unwrap_or(u32::MAX)),
            section: &c.section,
        }
    }
}

/// Every column of a laid-out class page at each set of parameters, with
/// every kernel's value, for its summary.
pub fn cells_of(page: &MachinePage) -> AcrossCells {
    let mut out: Vec<AcrossColumn> = Vec::new();
    // Each kernel's index in `kernels`, in first-seen order.
    let mut kernels: Vec<String> = Vec::new();
    let mut index: FxHashMap<&str, u32> = FxHashMap::default();
    // The section names given, by benchmark: a title met again for one
    // benchmark is numbered (`dbench (2)`), so that no two sections of a
    // benchmark share a name.
    let mut names: FxHashMap<String, FxHashSet<String>> = FxHashMap::default();
    for s in &page.sections {
        let t = &s.table;
        let benchmark = s.benchmarks.join("+");
        let taken = names.entry(benchmark.clone()).or_default();
        let mut section = s.title.clone();
        let mut nth = 1;
        while taken.contains(&section) {
            nth += 1;
            section = format!("{} ({nth})", s.title);
        }
        taken.insert(section.clone());
        // Each row's parameters (name, value; sorted) → each column's index
        // into `out`, once met: a row's parameters are looked up once, and
        // their strings cloned only for a column new to `out` (they were
        // cloned for every cell, twice). A section's columns are its own:
        // another section's of the same benchmark, metric and parameters
        // is another column, not one cell of the two.
        let mut at: FxHashMap<Vec<(&str, &str)>, Vec<Option<usize>>> = FxHashMap::default();
        for r in &t.rows {
            let mut key: Vec<(&str, &str)> = t
                .param_headers
                .iter()
                .zip(&r.params)
                .filter(|(_, v)| !v.is_empty())
                .map(|(h, v)| (h.as_str(), v.as_str()))
                .chain(t.fixed_param_values.iter().map(|(h, v)| (h.as_str(), v.as_str())))
                .collect();
            key.sort_unstable();
            let kernel = *index.entry(&r.kernel).or_insert_with(|| {
                kernels.push(r.kernel.clone());
                u32::try_from(kernels.len() - 1).unwrap_or(u32::MAX)
            });
            if !at.contains_key(key.as_slice()) {
                at.insert(key.clone(), vec![None; t.columns.len()]);
            }
            let Some(slots) = at.get_mut(key.as_slice()) else { continue };
            for (ci, (c, col)) in r.cells.iter().zip(&t.columns).enumerate() {
                let Some(c) = c else { continue };
                let i = *slots[ci].get_or_insert_with(|| {
                    out.push(AcrossColumn {
                        benchmark: benchmark.clone(),
                        metric: col.name.clone(),
                        unit: col.unit.clone(),
                        better: col.better,
                        precision: col.precision,
                        params: key.iter().map(|&(h, v)| (h.to_string(), v.to_string())).collect(),
                        values: Vec::new(),
                        printed: c.printed,
                        printed_decimals: Vec::new(),
                        printed_steps: Vec::new(),
                        at_least: Vec::new(),
                        section: section.clone(),
                    });
                    out.len() - 1
                });
                let column = &mut out[i];
                column.values.push((kernel, c.summary.n, c.summary.mean, c.summary.stddev));
                column.printed_decimals.push(c.printed_decimals);
                column.printed_steps.push(c.printed);
                if r.part_untimed.contains(&u32::try_from(ci).unwrap_or(u32::MAX)) {
                    column.at_least.push(u32::try_from(column.values.len() - 1).unwrap_or(u32::MAX));
                }
                column.printed = column.printed.with(c.printed);
                column.precision = column.precision.max(col.precision);
            }
        }
    }
    AcrossCells { kernels, columns: out }
}

/// The cross-class page's view model.
#[derive(Debug, Clone, Serialize)]
pub struct AcrossPage {
    /// What the page holds, one paragraph: which kernels several classes
    /// ran, against which reference, or why there is nothing to compare.
    pub intro: String,
    /// One section per kernel and benchmark several classes ran: its
    /// table's rows are machines (the reference first), laid out
    /// ([`SectionView::grid`]).
    pub sections: Vec<SectionView>,
    /// The machine classes the page compares: (name, link to its page).
    pub machines: Vec<(String, String)>,
    /// What the page pairs across classes, in the plural of their
    /// `compare:` ([`items_words`]): "kernels", "configs" (two `compare:
    /// config` classes' `regular` is no kernel: archive37 F6).
    pub items: String,
    /// `Some(shown)` when the page's files are kept as the last build
    /// wrote them ([`across_key`] unchanged; `shown`: whether it has any
    /// section, so that `across.*` exist): nothing is laid out, and the
    /// renderers write no `across.*` ([`AcrossPage::kept`]).
    #[serde(skip)]
    pub kept: Option<bool>,
}

impl AcrossPage {
    /// The page as kept from the last build: no sections laid out, only
    /// whether it has any (`shown`) and what it pairs (`items`), which
    /// the index pages say.
    pub fn kept(shown: bool, items: String) -> Self {
        AcrossPage { intro: String::new(), sections: Vec::new(), machines: Vec::new(), items, kept: Some(shown) }
    }

    /// True when the page has a section (kept or laid out): `across.*`
    /// exist and the index pages link them.
    pub fn is_shown(&self) -> bool {
        self.kept.unwrap_or(!self.sections.is_empty())
    }

    /// True when its files are to be written (laid out, with a section).
    pub fn is_written(&self) -> bool {
        self.kept.is_none() && !self.sections.is_empty()
    }
}

/// The nouns of what the classes of `ms` that `used` marks compare (their
/// [`crate::site::Axis`]), plural and singular: theirs where they share
/// one, else each named ("kernels or configs"); kernels for none.
fn items_words(ms: &[MachineSummary], used: &[bool]) -> (String, String) {
    let mut axes: Vec<&crate::site::Axis> = Vec::new();
    for (m, _) in ms.iter().zip(used).filter(|(_, u)| **u) {
        if !axes.iter().any(|a| a.many == m.axis.many) {
            axes.push(&m.axis);
        }
    }
    if axes.is_empty() {
        return ("kernels".to_string(), "kernel".to_string());
    }
    let join = |f: fn(&crate::site::Axis) -> &str| axes.iter().map(|a| f(a)).collect::<Vec<_>>().join(" or ");
    (join(|a| &a.many), join(|a| &a.one))
}

/// A table of the page: kernel, benchmark, and per (machine index,
/// params) the cells by (metric, unit).
type Tables<'a> = FxHashMap<(&'a str, &'a str), Vec<(usize, AcrossCell<'a>)>>;

/// The tables the page shows of `ms`'s cells: each (kernel, benchmark)
/// with cells of two classes or more, of the last [`ACROSS_KERNELS`] such
/// kernels in version order; their keys in that order (then by
/// benchmark); how many such kernels there are; and which classes have a
/// table in common with another (every kernel counted, not only those
/// shown).
///
/// Two passes over the cells: which (kernel, benchmark) pairs each class
/// ran (each class's pairs once; several classes' are shared), then the
/// cells of the kernels shown. A site of ten classes of 300
/// kernels has 775,000 cells and shows 20 kernels' (ordered maps of every
/// cell's names were most of a no-change rebuild's time, then hashing
/// both names of every cell most of the page's); kernels (names alike
/// one: [`intern_kernel`]) and benchmarks are numbered site-wide first (once per class kernel and per column),
/// each kernel's version is parsed once.
fn shared_tables(ms: &[MachineSummary]) -> (Tables<'_>, Vec<(&str, &str)>, usize, Vec<bool>) {
    // Site-wide ids: each class's kernels (by their index in the class),
    // each column's benchmark.
    let (mut kernel_ids, mut kernel_names) = (FxHashMap::default(), Vec::new());
    let (mut bench_ids, mut bench_names) = (FxHashMap::default(), Vec::new());
    let kernels_of: Vec<Vec<u32>> = ms
        .iter()
        .map(|m| m.cells.kernels.iter().map(|k| intern_kernel(&mut kernel_ids, &mut kernel_names, k)).collect())
        .collect();
    let benches_of: Vec<Vec<u32>> = ms
        .iter()
        .map(|m| m.cells.columns.iter().map(|c| intern(&mut bench_ids, &mut bench_names, &c.benchmark)).collect())
        .collect();
    // Each class's distinct (kernel, benchmark) pairs, found through a
    // table of its own kernels by the site's benchmarks: a pair has a value
    // in every column and set of parameters of its benchmark (77,500
    // values a 300-kernel class, 4,500 pairs), and only the pairs are
    // looked up site-wide.
    let nb = bench_names.len();
    let pairs_of: Vec<Vec<(u32, u32)>> = (0..ms.len())
        .map(|i| {
            let mut seen = vec![false; ms[i].cells.kernels.len() * nb];
            let mut out = Vec::new();
            for (c, &b) in ms[i].cells.columns.iter().zip(&benches_of[i]) {
                for v in &c.values {
                    let Some(&k) = kernels_of[i].get(v.0 as usize) else { continue };
                    if let Some(s) = seen.get_mut(v.0 as usize * nb + b as usize)
                        && !*s
                    {
                        *s = true;
                        out.push((k, b));
                    }
                }
            }
            out
        })
        .collect();
    let (pairs, kernels) = shared_pairs(&pairs_of, &kernel_names);
    let name = |k: u32| kernel_names.get(k as usize).copied().unwrap_or_default();
    let shared = kernels.len();
    let mut rank: Vec<Option<usize>> = vec![None; kernel_names.len()];
    for (r, &k) in kernels.iter().enumerate().skip(shared.saturating_sub(ACROSS_KERNELS)) {
        if let Some(slot) = rank.get_mut(k as usize) {
            *slot = Some(r);
        }
    }
    // A class is used when one of its pairs is another's too; the tables
    // hold the shown kernels' values of such pairs.
    let used: Vec<bool> = pairs_of.iter().map(|ps| ps.iter().any(|p| pairs.contains_key(p))).collect();
    let mut tables: Tables = FxHashMap::default();
    for (i, m) in ms.iter().enumerate() {
        // Whether each of the class's kernels (by its index in the class)
        // is shown.
        let shown: Vec<bool> =
            kernels_of[i].iter().map(|&k| rank.get(k as usize).is_some_and(Option::is_some)).collect();
        if !shown.contains(&true) {
            continue;
        }
        for (c, &b) in m.cells.columns.iter().zip(&benches_of[i]) {
            for (vi, v) in c.values.iter().enumerate() {
                if !shown.get(v.0 as usize).copied().unwrap_or(false) {
                    continue;
                }
                let k = kernels_of[i][v.0 as usize];
                if pairs.contains_key(&(k, b)) {
                    tables.entry((name(k), &c.benchmark)).or_default().push((i, AcrossCell::of(c, vi, v)));
                }
            }
        }
    }
    let rank_of = |k: &str| {
        kernel_ids.get(crate::version::alike(k).as_ref()).and_then(|&k| rank.get(k as usize).copied().flatten())
    };
    let mut keys: Vec<(&str, &str)> = tables.keys().copied().collect();
    keys.sort_by(|a, b| rank_of(a.0).cmp(&rank_of(b.0)).then(a.1.cmp(b.1)));
    (tables, keys, shared, used)
}

/// (kernel, benchmark) → (the first class that ran it, whether another did).
type SharedPairs = FxHashMap<(u32, u32), (usize, bool)>;

/// The (kernel, benchmark) pairs more than one class ran, from each
/// class's pairs (`pairs_of[class]`, kernels and benchmarks interned):
/// each pair with its first class (and `true`), and the kernels of those
/// pairs in version order (`kernel_names` by interned id), each parsed
/// once. The cross-class page ([`shared_tables`]) and its key
/// ([`across_key`]) choose their kernels by this one rule.
fn shared_pairs(pairs_of: &[Vec<(u32, u32)>], kernel_names: &[&str]) -> (SharedPairs, Vec<u32>) {
    let mut pairs: SharedPairs = FxHashMap::default();
    for (i, ps) in pairs_of.iter().enumerate() {
        for &p in ps {
            let e = pairs.entry(p).or_insert((i, false));
            e.1 |= e.0 != i;
        }
    }
    pairs.retain(|_, p| p.1);
    let mut kernels: Vec<u32> = pairs.keys().map(|k| k.0).collect::<FxHashSet<_>>().into_iter().collect();
    let name = |k: u32| kernel_names.get(k as usize).copied().unwrap_or_default();
    kernels.sort_by_cached_key(|&k| crate::version::KernelVersion::parse(name(k)));
    (pairs, kernels)
}

/// The id of `name` in `names` (its index), added when new.
fn intern<'a>(ids: &mut FxHashMap<&'a str, u32>, names: &mut Vec<&'a str>, name: &'a str) -> u32 {
    *ids.entry(name).or_insert_with(|| {
        names.push(name);
        u32::try_from(names.len() - 1).unwrap_or(u32::MAX)
    })
}

/// The id of kernel `name` in `names`, added when new: names alike
/// ([`crate::version::alike`]: `v6.1` and `6.1`, `6.2.0` and `6.2`) are one
/// kernel, under the first name met (the first class's in page order).
fn intern_kernel<'a>(ids: &mut FxHashMap<Cow<'a, str>, u32>, names: &mut Vec<&'a str>, name: &'a str) -> u32 {
    *ids.entry(crate::version::alike(name)).or_insert_with(|| {
        names.push(name);
        u32::try_from(names.len() - 1).unwrap_or(u32::MAX)
    })
}

/// Most kernels the cross-class page sets side by side: the last ones
/// in version order (as many as the mail shows of a class).
pub const ACROSS_KERNELS: usize = 20;

/// The cross-class page of site `site`, against the machine class whose
/// slug is `reference` (`reference_machine:` in `site.yaml`); without one,
/// or where that class did not run a table's kernel, the first class in
/// page order that did. At most [`ACROSS_KERNELS`] kernels, the last
/// ones; the page's intro says how many it leaves out. Its marks are at
/// `alpha` (`site.yaml`'s; `None`: [`ACROSS_ALPHA`]).
pub fn across_page(site: &SiteSummary, reference: Option<&str>, alpha: Option<f64>) -> AcrossPage {
    let alpha = alpha.unwrap_or(ACROSS_ALPHA);
    let ms = &site.machines;
    let (tables, keys, shared, used) = shared_tables(ms);
    let ref_index = reference.and_then(|r| ms.iter().position(|m| m.slug == r));
    let left_out = shared.saturating_sub(ACROSS_KERNELS);
    let mut sections: Vec<SectionView> = keys
        .iter()
        .map(|k| section(ms, k.0, k.1, &tables[k], ref_index, alpha))
        .filter(|s| !s.table.rows.is_empty())
        .collect();
    correct_page(&mut sections, alpha, "this page");
    for s in &mut sections {
        s.grid = Some(Arc::new(machine_grid(&s.table, &GridOptions::default())));
    }
    let machines = ms
        .iter()
        .zip(&used)
        .filter(|(_, used)| **used)
        .map(|(m, _)| (m.name.clone(), format!("{}/index.html", m.link)))
        .collect();
    let (items, item) = items_words(ms, &used);
    let mut intro = intro(ms, &keys, reference, ref_index, (&items, &item));
    if left_out > 0 {
        intro.push_str(&format!(
            " The page holds the last {ACROSS_KERNELS} of the {} kernels several classes ran, in version order; the {left_out} before them are on each machine class's page.",
            shared
        ));
    }
    AcrossPage { intro, sections, machines, items, kept: None }
}

/// Table `t` of the page laid out by the one table layer, its first label
/// column saying "machine": its rows are machines, not kernels.
pub fn machine_grid(t: &TableView, opts: &GridOptions) -> super::grid::Grid {
    let mut g = grid(t, opts);
    for b in &mut g.blocks {
        for h in &mut b.label_headers {
            if h == "kernel" {
                *h = "machine".to_string();
            }
        }
    }
    g
}

/// The page's opening paragraph, naming what it pairs as `items` (plural
/// and singular: "kernels", "kernel"; "configs", "config").
fn intro(
    ms: &[MachineSummary],
    keys: &[(&str, &str)],
    reference: Option<&str>,
    ref_index: Option<usize>,
    (items, item): (&str, &str),
) -> String {
    if keys.is_empty() {
        return "No kernel ran on more than one machine class with a benchmark in common: there is nothing to set side by side.".to_string();
    }
    let kernels: BTreeSet<&str> = keys.iter().map(|k| k.0).collect();
    let mut kernels: Vec<&str> = kernels.into_iter().collect();
    kernels.sort_by(|a, b| crate::version::compare(a, b));
    let spellings = other_spellings(ms, &kernels);
    let kernels: Vec<String> = kernels
        .iter()
        .zip(&spellings)
        .map(|(k, others)| {
            if others.is_empty() {
                (*k).to_string()
            } else {
                let others: Vec<String> = others.iter().map(|(class, name)| format!("{name} on {class}")).collect();
                format!("{k} ({})", others.join("; "))
            }
        })
        .collect();
    let against = match (reference, ref_index) {
        (_, Some(i)) => format!(
            "each against {} (reference_machine in site.yaml; where it did not run a table's kernel, the first machine class that did)",
            ms[i].name
        ),
        (Some(r), None) => format!(
            "each against the first machine class that ran it (reference_machine {r:?} in site.yaml is not a machine class)"
        ),
        (None, None) => {
            "each against the first machine class (in page order) that ran it; reference_machine in site.yaml sets another".to_string()
        }
    };
    let mut cap = items.to_string();
    if let Some(f) = cap.get(..1) {
        cap.replace_range(..1, &f.to_uppercase());
    }
    format!(
        "{cap} more than one machine class ran: {}. Per {item} and benchmark, the machines side by side, {against}.",
        kernels.join(", ")
    )
}

/// For each of `kernels` (as the page names them: the first class's
/// spelling, in page order), the classes that call it by another name
/// alike to it ([`crate::version::alike`]: `6.8.0` where the page says
/// `v6.8`), as (the class's `name:`, that class's name of the kernel), in
/// page order: the page pairs the two as one kernel, and its intro says so,
/// naming the class as the page's tables and legend do (the slug is the
/// text's short row label only; the HTML and Markdown rows never show it).
fn other_spellings<'a>(ms: &'a [MachineSummary], kernels: &[&str]) -> Vec<Vec<(&'a str, &'a str)>> {
    let alike: Vec<Cow<'_, str>> = kernels.iter().map(|k| crate::version::alike(k)).collect();
    let mut out: Vec<Vec<(&str, &str)>> = vec![Vec::new(); kernels.len()];
    for m in ms {
        for name in &m.cells.kernels {
            if kernels.contains(&name.as_str()) {
                continue;
            }
            let a = crate::version::alike(name);
            if let Some(i) = alike.iter().position(|k| *k == a) {
                out[i].push((m.name.as_str(), name.as_str()));
            }
        }
    }
    out
}

/// The section of kernel `kernel`'s `benchmark` over the machines' `cells`.
/// `cells` with each metric in one unit where classes unified it to
/// different ones (one class's fio latencies in usec, another's in nsec):
/// the unit most cells have (of equals the first seen), where the
/// conversion is exact ([`crate::site::conversion_factor`]); a
/// unit that does not convert stays a column of its own. Mean, deviation
/// and printed step are scaled, and the precision moves with the unit.
fn one_unit_per_metric<'a>(benchmark: &str, cells: &[(usize, AcrossCell<'a>)]) -> Vec<(usize, AcrossCell<'a>)> {
    let mut units: Vec<(&str, Vec<(&'a str, usize)>)> = Vec::new();
    for (_, c) in cells {
        let at = match units.iter().position(|(m, _)| *m == c.metric) {
            Some(at) => at,
            None => {
                units.push((c.metric, Vec::new()));
                units.len() - 1
            }
        };
        let us = &mut units[at].1;
        match us.iter_mut().find(|(u, _)| *u == c.unit) {
            Some(u) => u.1 += 1,
            None => us.push((c.unit, 1)),
        }
    }
    let mut out = cells.to_vec();
    for (metric, us) in units.iter().filter(|(_, us)| us.len() > 1) {
        let mut target = us[0];
        for &u in &us[1..] {
            if u.1 > target.1 {
                target = u;
            }
        }
        for (_, c) in out.iter_mut().filter(|(_, c)| c.metric == *metric && c.unit != target.0) {
            let Some(f) = crate::site::conversion_factor(benchmark, c.unit, target.0) else { continue };
            c.unit = target.0;
            c.mean *= f;
            c.stddev = c.stddev.map(|sd| sd * f);
            c.printed = c.printed.scaled(f);
            let shift = f.log10().floor() as i64;
            c.precision = usize::try_from((c.precision as i64 - shift).clamp(0, 6)).unwrap_or(0);
            c.printed_decimals = usize::try_from((c.printed_decimals as i64 - shift).clamp(0, 6)).unwrap_or(0);
        }
    }
    out
}

fn section(
    ms: &[MachineSummary],
    kernel: &str,
    benchmark: &str,
    cells: &[(usize, AcrossCell)],
    ref_index: Option<usize>,
    alpha: f64,
) -> SectionView {
    let cells = &one_unit_per_metric(benchmark, cells);
    let classes: BTreeSet<usize> = cells.iter().map(|(i, _)| *i).collect();
    let base = ref_index.filter(|i| classes.contains(i)).or_else(|| classes.first().copied()).unwrap_or(0);
    // Columns: (metric, unit) in first-seen order, kept only when two
    // machines have them; parameter names in sorted order.
    let mut columns: Vec<(&str, &str)> = Vec::new();
    let mut column_classes: BTreeMap<(&str, &str), BTreeSet<usize>> = BTreeMap::new();
    for (i, c) in cells {
        let key = (c.metric, c.unit);
        if !columns.contains(&key) {
            columns.push(key);
        }
        column_classes.entry(key).or_default().insert(*i);
    }
    columns.retain(|k| column_classes[k].len() > 1);
    let param_names: BTreeSet<&str> = cells.iter().flat_map(|(_, c)| c.params.iter().map(|p| p.0.as_str())).collect();
    let mut param_names: Vec<&str> = param_names.into_iter().collect();
    // A class showing the benchmark in two sections (a read-only run's
    // and a warm-up's pgbench) names each row's section, first: its
    // sections are rows of their own, never one row of two sections'
    // cells.
    // Only where two sections of a class give one metric at the same
    // parameters: dbench's throughput and its `time` group, two sections
    // of one benchmark, need no name.
    // (row, metric, unit, parameters) → the section that first gave it.
    type CellKey<'a> = (usize, &'a str, &'a str, &'a [(String, String)]);
    let mut section_of: FxHashMap<CellKey<'_>, &str> = FxHashMap::default();
    let by_section = cells
        .iter()
        .any(|(i, c)| *section_of.entry((*i, c.metric, c.unit, c.params)).or_insert(c.section) != c.section);
    if by_section {
        param_names.insert(0, SECTION_PARAM);
    }
    let params_of = |c: &AcrossCell| -> Vec<String> {
        param_names
            .iter()
            .enumerate()
            .map(|(pi, n)| {
                if by_section && pi == 0 {
                    return c.section.to_string();
                }
                c.params.iter().find(|p| p.0 == *n).map(|p| p.1.clone()).unwrap_or_default()
            })
            .collect()
    };
    // Rows: the reference first, then page order; within, parameters.
    let mut order: Vec<usize> = vec![base];
    order.extend(classes.iter().copied().filter(|&i| i != base));
    let mut rows: Vec<RowView> = Vec::new();
    let mut cols_view: Vec<ColumnView> = Vec::new();
    for (metric, unit) in &columns {
        let first = cells.iter().find(|(_, c)| c.metric == *metric && c.unit == *unit).map(|(_, c)| *c);
        let better = first.map_or(Better::Neither, |c| c.better);
        // The most decimals of its cells' (its differences are printed
        // with it), as a class page's column.
        let precision = cells
            .iter()
            .filter(|(_, c)| c.metric == *metric && c.unit == *unit)
            .map(|(_, c)| cell_decimals(c))
            .max()
            .unwrap_or(0);
        cols_view.push(ColumnView {
            name: metric.to_string(),
            unit: unit.to_string(),
            better,
            precision,
            // Across classes a cell is a class's mean: no runs are listed.
            runs_precision: precision,
            part: 0,
            detail: false,
            mail_change_noise: false,
            of_others: false,
            shown_name: String::new(),
            shown_unit: String::new(),
        });
    }
    for &i in &order {
        let mine: Vec<AcrossCell> = cells.iter().filter(|(j, _)| *j == i).map(|(_, c)| *c).collect();
        // Each cell's parameters, made once (they were made again for
        // every cell looked at for every row and column).
        let mine_params: Vec<Vec<String>> = mine.iter().map(&params_of).collect();
        // The first of `mine` at each (column, parameters).
        let mut at: FxHashMap<(usize, &[String]), usize> = FxHashMap::default();
        for (k, (c, p)) in mine.iter().zip(&mine_params).enumerate() {
            if let Some(ci) = columns.iter().position(|(metric, unit)| c.metric == *metric && c.unit == *unit) {
                at.entry((ci, p.as_slice())).or_insert(k);
            }
        }
        let mut param_rows: Vec<&Vec<String>> = mine_params.iter().collect();
        // Numbers as numbers (clients 1, 4, 16; not 1, 16, 4), the rest as text.
        param_rows.sort_by(|a, b| {
            a.iter().zip(b.iter()).map(|(x, y)| param_order(x, y)).find(|o| o.is_ne()).unwrap_or(a.len().cmp(&b.len()))
        });
        param_rows.dedup();
        for p in param_rows {
            let found: Vec<Option<&AcrossCell>> =
                (0..columns.len()).map(|ci| at.get(&(ci, p.as_slice())).map(|&k| &mine[k])).collect();
            let row_cells: Vec<Option<CellView>> = found.iter().map(|c| c.map(cell)).collect();
            if row_cells.iter().any(Option::is_some) {
                let mut row = RowView::new(ms[i].name.clone(), p.clone(), row_cells);
                // A mean of only the timed runs, marked as on its class's page.
                row.part_untimed = (0..found.len())
                    .filter(|&ci| found[ci].is_some_and(|c| c.at_least))
                    .map(|ci| u32::try_from(ci).unwrap_or(u32::MAX))
                    .collect();
                rows.push(row);
            }
        }
    }
    compare_rows(&mut rows, &cols_view, &param_names.iter().map(|s| s.to_string()).collect::<Vec<_>>(), &ms[base].name);
    let has_spread = rows.iter().flat_map(|r| r.cells.iter().flatten()).any(|c| c.summary.n > 1);
    let mut param_headers: Vec<String> = param_names.iter().map(|s| s.to_string()).collect();
    let (fixed_params, fixed_param_values) = fix_params(&mut rows, &mut param_headers);
    let table = TableView {
        param_headers,
        param_units: Vec::new(),
        fixed_params,
        fixed_param_values,
        direction: super::section::direction_label(&cols_view),
        columns: cols_view,
        rows,
        has_spread,
        baseline: Some(ms[base].name.clone()),
        alpha,
        regression_threshold: super::DEFAULT_REGRESSION_THRESHOLD,
        // Rows are machines: the grid lays out its header as `machine`
        // (renamed after layout, the text's first column kept `kernel`'s
        // width, its rule one short of the header).
        axis: crate::site::Axis::new("machine", "machines"),
        ..TableView::default()
    };
    SectionView {
        id: slugify(&format!("{kernel} {benchmark}")),
        title: format!("{kernel}: {benchmark}"),
        benchmarks: benchmark.split('+').map(str::to_string).collect(),
        table,
        ..SectionView::default()
    }
}

/// A parameter with one value in every row (dbench's 32 procs on both
/// machines) is said once, as a class page's table says it, not as a
/// column: removed from `headers` and the rows, returned as text
/// (`["procs 32"]`) and as (name, value).
fn fix_params(rows: &mut [RowView], headers: &mut Vec<String>) -> (Vec<String>, Vec<(String, String)>) {
    let mut fixed = (Vec::new(), Vec::new());
    for i in (0..headers.len()).rev() {
        let first = rows.first().map(|r| r.params[i].clone()).unwrap_or_default();
        if first.is_empty() || rows.iter().any(|r| r.params[i] != first) {
            continue;
        }
        let name = headers.remove(i);
        for r in rows.iter_mut() {
            r.params.remove(i);
        }
        fixed.0.insert(0, format!("{name} {first}"));
        fixed.1.insert(0, (name, first));
    }
    fixed
}

/// The summary of `c` (a class's mean, its runs not listed).
fn summary_of(c: &AcrossCell) -> Summary {
    Summary {
        n: c.n,
        mean: c.mean,
        stddev: c.stddev,
        cv: c.stddev.filter(|_| c.mean != 0.0).map(|sd| sd / c.mean.abs()),
        min: c.mean,
        max: c.mean,
        median: c.mean,
    }
}

/// The decimals `c` is shown with: those a class page shows its cell
/// with, from the decimals its runs were printed with
/// ([`super::section::cell_decimals`]), not its column's finest (a whole
/// `1` msec beside `0.073` is `1`, not `1.000`).
fn cell_decimals(c: &AcrossCell) -> usize {
    super::section::cell_decimals(&summary_of(c), c.printed_decimals)
}

/// A table cell of `c`, printed with its own decimals ([`cell_decimals`]).
fn cell(c: &AcrossCell) -> CellView {
    let summary = summary_of(c);
    let sd = c.stddev.filter(|_| c.n >= 2);
    let text = fmt_cell_value(c.mean, cell_decimals(c), sd);
    CellView {
        summary,
        stddev_text: sd.map(|sd| fmt_cell_spread(sd, &text)),
        text,
        printed: c.printed,
        ..CellView::default()
    }
}

/// Two values of one parameter in table order: numbers by value (`4`
/// before `16`), a number before a word, words as text.
fn param_order(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
        (Ok(x), Ok(y)) => x.total_cmp(&y).then_with(|| a.cmp(b)),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

/// The parameter column naming a class's section, where a class shows a
/// table's benchmark in several sections.
pub const SECTION_PARAM: &str = "section";

/// Each row's cells against the reference machine's row (`base`, by name)
/// with the same parameters: change and Welch's test, as a class page's
/// table compares kernels with its baseline. Where a `section` parameter
/// names the classes' sections, a row is compared with the reference's
/// row of the same section only: which of two sections another class's
/// one matches is no guess to make (the note under the table says which
/// rows are not compared, and why).
fn compare_rows(rows: &mut [RowView], cols: &[ColumnView], headers: &[String], base: &str) {
    // Which reference row each row meets, by the class table's rule
    // ([`super::base_rows`]: a `kernel build` is no part of the match, a
    // reference kernel built twice meets by its first build; another
    // class's host is no part of it, two reference hosts no guess). An
    // exact match of parameters left a class whose kernel was built twice
    // uncompared here while its page compared it.
    let matcher = super::base_rows::BaseRows::new(headers, rows, base);
    let found: Vec<Option<usize>> =
        rows.iter().map(|r| if r.kernel == base { None } else { matcher.find_across(&r.params) }).collect();
    // Each base row's cells (summary, printed step) and untimed columns.
    type BaseRow = (Vec<Option<(Summary, PrintedStep)>>, Vec<u32>);
    let base_rows: FxHashMap<usize, BaseRow> = found
        .iter()
        .flatten()
        .map(|&b| {
            let r = &rows[b];
            let cells = r.cells.iter().map(|c| c.as_ref().map(|c| (c.summary, c.printed))).collect();
            (b, (cells, r.part_untimed.clone()))
        })
        .collect();
    for (r, b) in rows.iter_mut().zip(&found) {
        let Some((base_cells, base_at_least)) = b.and_then(|b| base_rows.get(&b)) else { continue };
        for (ci, ((c, b), col)) in r.cells.iter_mut().zip(base_cells).zip(cols).enumerate() {
            let (Some(c), Some((b, of_b))) = (c.as_mut(), b) else { continue };
            let mut cmp = compare_printed(&c.summary, b, col.better, (c.printed, *of_b));
            // A mean of only the timed runs on either side understates
            // it: not tested, as on a class page.
            let ci32 = u32::try_from(ci).unwrap_or(u32::MAX);
            if r.part_untimed.contains(&ci32) || base_at_least.contains(&ci32) {
                cmp.welch = None;
            }
            (c.delta_text, c.delta_class) = super::section::change_of(&cmp, col.better, &col.unit);
            c.comparison = Some(cmp);
        }
    }
}

/// What the cross-class page reads of one class's cells ([`AcrossCells`]),
/// small enough to keep beside its cache entry and read back on every
/// build: which benchmarks each kernel has a value in (which pairs the
/// classes share, so which kernels the page shows and how many it leaves
/// out) and a hash of each kernel's every value with its column. A build
/// in which only one class changed compares the page's key
/// ([`across_key`]) made from these with the last build's, and keeps
/// `across.*` without reading any kept class's cells back when it is the
/// same (grid48: a kernel new to every other class changes nothing there,
/// yet ten classes' 775,000 values were decompressed and decoded, and the
/// page laid out twice, on every add).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AcrossDigest {
    /// The class's kernels ([`AcrossCells::kernels`]), in its order.
    pub kernels: Vec<String>,
    /// The benchmarks of its columns, each once, in first-seen order.
    pub benchmarks: Vec<String>,
    /// How many benchmarks each kernel has a value in (one per kernel),
    /// their indexes in `benchmarks` in `pair_benchmarks`, kernel after
    /// kernel.
    pub pair_counts: Vec<u32>,
    /// The benchmarks of each kernel's pairs, as indexes in `benchmarks`.
    pub pair_benchmarks: Vec<u32>,
    /// Each kernel's hash (one per kernel): of every value it has, in
    /// column order, each with its column's index, what the column
    /// measures (benchmark, section, metric, unit, direction, precision,
    /// parameters, printed step) and the value's runs, mean, deviation,
    /// printed decimals and step, and whether it is a mean of the timed
    /// runs only.
    pub hashes: Vec<u64>,
}

impl AcrossDigest {
    /// The digest of `cells`.
    pub fn of(cells: &AcrossCells) -> Self {
        let nk = cells.kernels.len();
        let mut bench_ids: FxHashMap<&str, u32> = FxHashMap::default();
        let mut benchmarks: Vec<&str> = Vec::new();
        // Each kernel's benchmarks, and the bytes its hash is made of.
        let mut pairs: Vec<Vec<u32>> = vec![Vec::new(); nk];
        let mut bytes: Vec<Vec<u8>> = vec![Vec::new(); nk];
        for (ci, c) in cells.columns.iter().enumerate() {
            let b = intern(&mut bench_ids, &mut benchmarks, &c.benchmark);
            let mut h = crate::fingerprint::KeyHasher::default();
            h.field(&(ci as u64).to_le_bytes());
            h.field(c.benchmark.as_bytes()).field(c.section.as_bytes()).field(c.metric.as_bytes());
            h.field(c.unit.as_bytes()).field(&[c.better as u8]).field(&(c.precision as u64).to_le_bytes());
            for (n, v) in &c.params {
                h.field(n.as_bytes()).field(v.as_bytes());
            }
            let mut step = Vec::new();
            let _ = rmp_serde::encode::write(&mut step, &c.printed);
            h.field(&step);
            let column = h.finish().to_le_bytes();
            let at_least: FxHashSet<u32> = c.at_least.iter().copied().collect();
            for (vi, &(k, n, mean, sd)) in c.values.iter().enumerate() {
                let (Some(buf), Some(ps)) = (bytes.get_mut(k as usize), pairs.get_mut(k as usize)) else { continue };
                if !ps.contains(&b) {
                    ps.push(b);
                }
                buf.extend_from_slice(&column);
                buf.extend_from_slice(&n.to_le_bytes());
                buf.extend_from_slice(&mean.to_bits().to_le_bytes());
                buf.extend_from_slice(&sd.map_or(u64::MAX, f64::to_bits).to_le_bytes());
                buf.extend_from_slice(&sd.map_or([0], |_| [1]));
                buf.push(c.printed_decimals.get(vi).map_or(u8::MAX, |&d| d));
                buf.push(u8::from(at_least.contains(&u32::try_from(vi).unwrap_or(u32::MAX))));
                match c.printed_steps.get(vi) {
                    Some(s) => {
                        buf.push(1);
                        let _ = rmp_serde::encode::write(buf, s);
                    }
                    None => buf.push(0),
                }
            }
        }
        let hashes = cells
            .kernels
            .iter()
            .zip(&bytes)
            .map(|(k, b)| {
                let mut h = crate::fingerprint::KeyHasher::default();
                h.field(k.as_bytes()).field(b);
                h.finish()
            })
            .collect();
        AcrossDigest {
            kernels: cells.kernels.clone(),
            benchmarks: benchmarks.into_iter().map(str::to_string).collect(),
            pair_counts: pairs.iter().map(|p| u32::try_from(p.len()).unwrap_or(u32::MAX)).collect(),
            pair_benchmarks: pairs.into_iter().flatten().collect(),
            hashes,
        }
    }

    /// True when its parts agree in length (a damaged entry's do not).
    fn is_whole(&self) -> bool {
        let nk = self.kernels.len();
        self.pair_counts.len() == nk
            && self.hashes.len() == nk
            && self.pair_counts.iter().map(|&c| c as usize).sum::<usize>() == self.pair_benchmarks.len()
            && self.pair_benchmarks.iter().all(|&b| (b as usize) < self.benchmarks.len())
    }
}

/// The key of the cross-class page [`across_page`] draws of `ms` (each
/// class's summary, its cells left out or not, with the digest of its
/// cells: [`AcrossDigest::of`]) against `reference` at `alpha`: equal keys,
/// equal pages (with the same site title, theme and options, which the
/// caller's key holds). It holds each class's name, slug, link and what
/// it compares, which classes the page uses, how many kernels several
/// classes ran, the kernels shown in page order with the benchmarks they
/// share, and each class's hash of each kernel shown. `None` when a
/// digest is damaged.
pub fn across_key(ms: &[(&MachineSummary, &AcrossDigest)], reference: Option<&str>, alpha: Option<f64>) -> Option<u64> {
    if !ms.iter().all(|(_, d)| d.is_whole()) {
        return None;
    }
    // Site-wide ids, as `shared_tables` makes them from the cells.
    let (mut kernel_ids, mut kernel_names) = (FxHashMap::default(), Vec::new());
    let (mut bench_ids, mut bench_names) = (FxHashMap::default(), Vec::new());
    let kernels_of: Vec<Vec<u32>> = ms
        .iter()
        .map(|(_, d)| d.kernels.iter().map(|k| intern_kernel(&mut kernel_ids, &mut kernel_names, k)).collect())
        .collect();
    let benches_of: Vec<Vec<u32>> = ms
        .iter()
        .map(|(_, d)| d.benchmarks.iter().map(|b| intern(&mut bench_ids, &mut bench_names, b)).collect())
        .collect();
    let pairs_of: Vec<Vec<(u32, u32)>> = ms
        .iter()
        .enumerate()
        .map(|(i, (_, d))| {
            let mut out = Vec::with_capacity(d.pair_benchmarks.len());
            let mut at = 0usize;
            for (ki, &count) in d.pair_counts.iter().enumerate() {
                for &b in &d.pair_benchmarks[at..at + count as usize] {
                    out.push((kernels_of[i][ki], benches_of[i][b as usize]));
                }
                at += count as usize;
            }
            out
        })
        .collect();
    let (pairs, kernels) = shared_pairs(&pairs_of, &kernel_names);
    let name = |k: u32| kernel_names.get(k as usize).copied().unwrap_or_default();
    let shared = kernels.len();
    let shown_kernels = &kernels[shared.saturating_sub(ACROSS_KERNELS)..];
    let mut shown = vec![false; kernel_names.len()];
    for &k in shown_kernels {
        shown[k as usize] = true;
    }
    let used: Vec<bool> = pairs_of.iter().map(|ps| ps.iter().any(|p| pairs.contains_key(p))).collect();
    let mut h = crate::fingerprint::KeyHasher::default();
    h.field(reference.unwrap_or("\u{0}none").as_bytes());
    h.field(&alpha.map_or(u64::MAX, f64::to_bits).to_le_bytes());
    h.field(&(ms.len() as u64).to_le_bytes()).field(&(shared as u64).to_le_bytes());
    for ((m, _), u) in ms.iter().zip(&used) {
        h.field(m.name.as_bytes()).field(m.slug.as_bytes()).field(m.link.as_bytes());
        h.field(m.axis.one.as_bytes()).field(m.axis.many.as_bytes()).field(&[u8::from(*u)]);
    }
    // The kernels shown, in page order, each with the benchmarks several
    // classes ran it with (by name: a table's title).
    for &k in shown_kernels {
        h.field(name(k).as_bytes());
        let mut benches: Vec<&str> = pairs.keys().filter(|p| p.0 == k).map(|p| bench_names[p.1 as usize]).collect();
        benches.sort_unstable();
        for b in benches {
            h.field(b.as_bytes());
        }
    }
    // Each class's values of the kernels shown: each kernel's hash, in
    // the class's order.
    for (i, (_, d)) in ms.iter().enumerate() {
        h.field(&(i as u64).to_le_bytes());
        for (ki, &k) in kernels_of[i].iter().enumerate() {
            if shown[k as usize] {
                h.field(d.kernels[ki].as_bytes()).field(&d.hashes[ki].to_le_bytes());
            }
        }
    }
    Some(h.finish())
}
