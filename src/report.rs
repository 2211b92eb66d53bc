//! View models: what every renderer reads.
//!
//! The loaded [`Site`] is turned into plain serialisable structs — pages,
//! sections, tables, rows, cells — with every number already summarised
//! ([`Summary`]) and formatted with one precision per column. HTML (tera),
//! Markdown and plaintext render these same structs, so they cannot disagree;
//! templates never see parser types.

use crate::markdown;
use crate::model::{Better, Sample};
use crate::site::{MachineClass, MachineConfig, ResultFile, SectionConfig, Site, SiteConfig};
use crate::stats::{Comparison, Summary, benjamini_hochberg, compare, decimals_needed, resolution, trimmed};
use compact_str::CompactString;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

/// The whole site, for the index page.
#[derive(Debug, Clone, Serialize)]
pub struct SiteView {
    /// Site title.
    pub title: String,
    /// Site description as Markdown and as sanitised HTML.
    pub description_md: String,
    /// Sanitised HTML of the description.
    pub description_html: String,
    /// One page per machine class.
    pub machines: Vec<MachinePage>,
}

/// What every page knows about the whole site: its title and description,
/// and for each machine class its name, specs and kernel names (not its
/// tables). HTML templates get this as `site`, so a page's context does not
/// grow with the number of machine classes' results.
#[derive(Debug, Clone, Serialize)]
pub struct SiteSummary {
    /// Site title.
    pub title: String,
    /// Site description as Markdown.
    pub description_md: String,
    /// Sanitised HTML of the description.
    pub description_html: String,
    /// Every machine class, in page order.
    pub machines: Vec<MachineSummary>,
}

/// A machine class in the [`SiteSummary`].
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct MachineSummary {
    /// URL slug (the directory name).
    pub slug: String,
    /// The slug percent-encoded as one URL path segment, for links (see
    /// [`MachinePage::link`]).
    pub link: String,
    /// Display name.
    pub name: String,
    /// CPU, MHz, memory, disks, source.
    pub specs: Vec<Spec>,
    /// Kernels in table order (`name` only). Known once the class is
    /// loaded: the index pages have them; pages of one machine class, which
    /// are rendered while the others are still being read, get `None` (left
    /// out of the template context).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernels: Option<Vec<KernelName>>,
    /// The baseline kernel, if set.
    pub baseline: Option<String>,
}

/// A kernel's name, shaped like [`KernelView`] (`k.name` in templates).
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct KernelName {
    /// Kernel name.
    pub name: String,
}

impl SiteSummary {
    /// The summary of a built view.
    pub fn of(site: &SiteView) -> Self {
        SiteSummary {
            title: site.title.clone(),
            description_md: site.description_md.clone(),
            description_html: site.description_html.clone(),
            machines: site.machines.iter().map(MachineSummary::of).collect(),
        }
    }
}

impl MachineSummary {
    /// The summary of a machine page.
    pub fn of(m: &MachinePage) -> Self {
        MachineSummary {
            slug: m.slug.clone(),
            link: m.link.clone(),
            name: m.name.clone(),
            specs: m.specs.clone(),
            kernels: Some(m.kernels.iter().map(|k| KernelName { name: k.name.clone() }).collect()),
            baseline: m.baseline.clone(),
        }
    }

    /// What `machine.yaml` alone tells (no kernels).
    pub fn of_config(slug: &str, c: &MachineConfig) -> Self {
        MachineSummary {
            slug: slug.to_string(),
            link: path_segment(slug),
            name: c.name.clone(),
            specs: machine_specs(c),
            kernels: None,
            baseline: c.baseline.clone(),
        }
    }
}

/// A labelled fact about a machine ("CPU", "AMD K6-2").
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Spec {
    /// Label.
    pub label: String,
    /// Value as text.
    pub value: String,
}

/// One machine class's page.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MachinePage {
    /// URL slug (the directory name).
    pub slug: String,
    /// The slug percent-encoded as one URL path segment, for links: a
    /// directory named `javascript:alert(1)` must link as a relative path,
    /// never as a URL with a scheme.
    pub link: String,
    /// Display name.
    pub name: String,
    /// CPU, MHz, memory, disks, source.
    pub specs: Vec<Spec>,
    /// Description as Markdown.
    pub description_md: String,
    /// Description as sanitised HTML.
    pub description_html: String,
    /// Kernels in table order.
    pub kernels: Vec<KernelView>,
    /// The baseline kernel, if set.
    pub baseline: Option<String>,
    /// Sections in page order.
    pub sections: Vec<SectionView>,
    /// What the `*` mark means on this page, with α and the number of
    /// tests corrected for ([`significance_text`]): "significant at α =
    /// 0.05 after Benjamini–Hochberg correction over the 412 tests of this
    /// machine class (Welch's t-test)".
    pub significance: String,
    /// The largest significant changes against the baseline (after the
    /// page's correction, [`correct_page`]), largest first:
    /// [`NOTABLE_SHOWN`] of them at most.
    pub notable: Vec<NotableChange>,
    /// How many more significant changes there are than `notable` lists.
    pub notable_more: usize,
    /// The line after a shortened list of notable changes
    /// ([`notable_more_text`]): "… and 2223 more significant changes in the
    /// tables below"; empty when `notable_more` is 0.
    pub notable_more_text: String,
    /// What "not tested" means in every legend of the page ([`NOT_TESTED`]):
    /// "a single run, no spread on either side, or a difference below the
    /// last printed decimal place".
    pub not_tested: String,
    /// Trend charts across kernel versions (may be empty). Filled by the
    /// chart step (`chart::page_charts`), which draws them.
    pub trend_charts: Vec<ChartRef>,
}

/// A chart as pages refer to it: its file and words, not its SVG.
#[derive(Debug, Clone, Serialize)]
pub struct ChartRef {
    /// Path relative to the machine directory (`charts/dbench-32-bar.svg`).
    pub file: String,
    /// Title (figure caption).
    pub title: String,
    /// What it shows, in words (the image's alt text).
    pub desc: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// A significant change against the baseline, for the page's summary.
#[derive(Debug, Clone, Serialize)]
pub struct NotableChange {
    /// In words: "dbench ext2 192 procs: 2.5.33-mm5 +51% vs 2.4.20-pre5
    /// (adjusted p = 0.003)".
    pub text: String,
    /// Anchor of the section it comes from.
    pub section_id: String,
    /// Change in percent, positive = better.
    pub pct_better: f64,
    /// Welch's p-value after the page's Benjamini–Hochberg correction.
    pub p: f64,
}

/// A kernel on a machine page.
#[derive(Debug, Clone, Default, Serialize)]
pub struct KernelView {
    /// Kernel name.
    pub name: String,
    /// Notes as Markdown.
    pub notes_md: String,
    /// Notes as sanitised HTML.
    pub notes_html: String,
    /// Patches applied.
    pub patches: Vec<String>,
}

/// One section: commentary and one table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SectionView {
    /// Anchor id, unique on the page.
    pub id: String,
    /// Heading.
    pub title: String,
    /// Parser ids whose results fill the table.
    pub benchmarks: Vec<String>,
    /// Commentary as Markdown.
    pub commentary_md: String,
    /// Commentary as sanitised HTML.
    pub commentary_html: String,
    /// The table.
    pub table: TableView,
    /// Charts of this section (bar or scaling), drawn from the table by
    /// the chart step (`chart::page_charts`); empty until then.
    pub charts: Vec<ChartRef>,
}

/// A table: kernels (and parameters) as rows, metrics as columns.
#[derive(Debug, Clone, Default, Serialize)]
pub struct TableView {
    /// Headers of the parameter columns after the kernel column ("procs", "threads").
    pub param_headers: Vec<String>,
    /// Parameters with one value in every row, shown once under the title
    /// rather than as a column: `["blk size 4096"]`.
    pub fixed_params: Vec<String>,
    /// The same parameters as (name, value): `[("blk size", "4096")]`, for
    /// the data files, whose rows carry every parameter.
    pub fixed_param_values: Vec<(String, String)>,
    /// Metric columns.
    pub columns: Vec<ColumnView>,
    /// Rows in order: by parameters, then kernel order.
    pub rows: Vec<RowView>,
    /// "smaller is better", "bigger is better", or a per-column list when mixed.
    pub direction: String,
    /// True when some cell has more than one run.
    pub has_spread: bool,
    /// The baseline kernel of this table, when it has rows.
    pub baseline: Option<String>,
    /// Significance level used for the marks.
    pub alpha: f64,
    /// How many comparisons the machine class's page tested: the number
    /// of p-values its Benjamini–Hochberg correction adjusted together
    /// ([`correct_page`]). The same in every table of the page.
    pub tests: usize,
    /// The legend explaining the marks as plain text ([`legend`]), for
    /// tables with a baseline: "% = change vs 2.4.20-pre5, positive is
    /// better; * significant at α = 0.05 …". Set by [`correct_page`].
    pub legend: Option<String>,
}

/// A metric column.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ColumnView {
    /// The benchmark's name for the metric, prefixed by its group when the
    /// table mixes groups.
    pub name: String,
    /// Unit of every value in the column ("" for a pure number).
    pub unit: String,
    /// Better direction.
    pub better: Better,
    /// Decimals every value in the column is printed with.
    pub precision: usize,
}

/// A row: one kernel at one set of parameter values.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RowView {
    /// Kernel name.
    pub kernel: String,
    /// Parameter values, aligned with [`TableView::param_headers`] ("" when absent).
    pub params: Vec<String>,
    /// One cell per column; `None` when the kernel has no value there.
    pub cells: Vec<Option<CellView>>,
    /// The raw files behind every value of the row, when all its cells came
    /// from the same files (the common case: one file per kernel and
    /// benchmark, or a summary file holding rows for several kernels);
    /// empty when its cells came from different files. Paths relative to
    /// the machine directory, as in [`CellView::sources`].
    ///
    /// HTML links the row (its kernel name) to these files instead of
    /// linking every number: one link per row rather than per cell keeps a
    /// large archive's pages a third smaller.
    pub sources: Vec<Arc<str>>,
    /// The same as links, as in [`CellView::source_links`].
    pub source_links: Vec<Arc<str>>,
}

impl RowView {
    /// A row of `cells`, with [`RowView::sources`] filled in when every
    /// cell came from the same raw files.
    pub fn new(kernel: String, params: Vec<String>, cells: Vec<Option<CellView>>) -> RowView {
        let mut present = cells.iter().flatten();
        let (sources, source_links) = match present.next() {
            Some(first) if present.all(|c| c.sources == first.sources) => {
                (first.sources.clone(), first.source_links.clone())
            }
            _ => (Vec::new(), Vec::new()),
        };
        RowView { kernel, params, cells, sources, source_links }
    }
}

/// One number: a summary of the runs behind it, ready to print.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CellView {
    /// The statistics.
    pub summary: Summary,
    /// The mean formatted with the column precision.
    pub text: CompactString,
    /// Standard deviation formatted to two significant digits, when n ≥ 2.
    pub stddev_text: Option<CompactString>,
    /// Raw files the values came from (paths relative to the machine
    /// directory); shared by every cell of the file.
    pub sources: Vec<Arc<str>>,
    /// The same as percent-encoded links relative to the machine page
    /// (`raw/2.4.7/dbench-32.txt`); the raw files are copied there.
    pub source_links: Vec<Arc<str>>,
    /// Comparison with the baseline kernel's cell in the same row parameters;
    /// `None` for the baseline itself or when it has no value there.
    ///
    /// Not passed to templates: as a nested map in every cell it made up
    /// most of the cost (time and memory) of a machine page's template
    /// context. Templates show the change through `delta_text`, `mark` and
    /// `delta_class`; the statistics are in `data.json` and the CSV files.
    #[serde(skip_serializing)]
    pub comparison: Option<Comparison>,
    /// The change as text, positive = better: "+12.3%"; "-" signs mean worse.
    pub delta_text: Option<CompactString>,
    /// "better", "worse" or "" (no better direction, or no change).
    pub delta_class: &'static str,
    /// Significance mark after the change: "*", "~" or "".
    pub mark: &'static str,
}

/// Directory under each machine's output directory holding copies of its raw files.
pub const RAW_DIR: &str = "raw";

/// The percent-encoded link, relative to a machine page, to the copy of the
/// raw file at `rel_path` (relative to the machine's content directory).
pub fn raw_link(rel_path: &str) -> String {
    let parts: Vec<String> = rel_path.split('/').map(path_segment).collect();
    format!("{RAW_DIR}/{}", parts.join("/"))
}

/// `s` percent-encoded as one URL path segment: everything but ASCII
/// letters, digits and `-._~` is encoded, so the result never carries a
/// scheme (`:`), a query, a fragment or a separator.
pub fn path_segment(s: &str) -> String {
    const SEGMENT: &percent_encoding::AsciiSet =
        &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
    percent_encoding::utf8_percent_encode(s, SEGMENT).to_string()
}

/// Formats `v` with `decimals` places: the text of `format!("{v:.decimals$}")`.
pub fn fmt_fixed(v: f64, decimals: usize) -> CompactString {
    let mut s = CompactString::default();
    push_fixed(&mut s, v, decimals, false);
    s
}

/// Appends `v` with `decimals` places to `out`, exactly as
/// `write!(out, "{v:.decimals$}")` does (with `plus`, as `{v:+.decimals$}`):
/// the decimal value of `v` rounded half to even, `-` kept on a negative
/// value that rounds to zero (`-0.00`).
///
/// Tables print hundreds of thousands of numbers, and the standard
/// formatter's exact algorithms (Grisu, then Dragon4 for the rest) cost
/// most of that. Here the scaled value `|v|·10^decimals` is rounded in
/// floating point when that provably gives the same integer: its error
/// (half a unit in the last place) cannot move it across a half. Ties,
/// near-ties, non-finite values, more than 9 places and values from 2^52
/// up go to the standard formatter. Tested against it (`proptest`).
pub fn push_fixed(out: &mut CompactString, v: f64, decimals: usize, plus: bool) {
    use std::fmt::Write as _;
    const POW10: [u64; 10] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];
    let fast = (v.is_finite() && decimals < POW10.len())
        .then(|| v.abs() * POW10[decimals] as f64)
        .filter(|&scaled| scaled < 4_503_599_627_370_496.0)
        .and_then(|scaled| {
            // Exact: both are below 2^52.
            let frac = scaled - scaled.floor();
            // |scaled − |v|·10^d| ≤ scaled·ε/2; twice that keeps clear of a half.
            ((frac - 0.5).abs() > scaled * f64::EPSILON).then(|| scaled.floor() as u64 + u64::from(frac > 0.5))
        });
    let Some(n) = fast else {
        let _ = if plus { write!(out, "{v:+.decimals$}") } else { write!(out, "{v:.decimals$}") };
        return;
    };
    if v.is_sign_negative() {
        out.push('-');
    } else if plus {
        out.push('+');
    }
    let mut digits = itoa::Buffer::new();
    out.push_str(digits.format(n / POW10[decimals]));
    if decimals > 0 {
        out.push('.');
        let frac = digits.format(n % POW10[decimals]);
        for _ in frac.len()..decimals {
            out.push('0');
        }
        out.push_str(frac);
    }
}

/// Formats a standard deviation with two significant digits.
pub fn fmt_spread(sd: f64) -> CompactString {
    if sd == 0.0 || !sd.is_finite() {
        return "0".into();
    }
    let mag = sd.abs().log10().floor() as i32;
    let decimals = (1 - mag).max(0) as usize;
    fmt_fixed(sd, decimals)
}

/// Builds the view of the whole site.
pub fn site_view(site: &Site) -> SiteView {
    SiteView {
        title: site.config.title.clone(),
        description_md: site.config.description.clone(),
        description_html: markdown::to_html(&site.config.description),
        machines: site.machines.par_iter().map(|m| machine_page(m, &machine_policy(&site.config, &m.config))).collect(),
    }
}

fn spec(label: &str, value: Option<String>) -> Option<Spec> {
    value.filter(|v| !v.trim().is_empty()).map(|value| Spec { label: label.to_string(), value })
}

/// How cells are summarised and compared.
#[derive(Debug, Clone)]
pub struct Policy {
    /// Kernel every other kernel is compared against.
    pub baseline: Option<String>,
    /// Runs dropped at each end before averaging.
    pub trim: usize,
    /// Significance level: a change is significant when its Welch p-value,
    /// adjusted over the page (Benjamini–Hochberg), is below it.
    pub alpha: f64,
}

impl Default for Policy {
    fn default() -> Self {
        Policy { baseline: None, trim: 0, alpha: 0.05 }
    }
}

/// The labelled facts of a machine: CPU, MHz, memory, disks, source.
pub fn machine_specs(c: &MachineConfig) -> Vec<Spec> {
    let mhz = c.mhz.as_ref().map(|v| match v {
        serde_yaml::Value::String(s) => s.clone(),
        serde_yaml::Value::Number(n) => n.to_string(),
        other => serde_yaml::to_string(other).unwrap_or_default().trim().to_string(),
    });
    [
        spec("CPU", c.cpu.clone()),
        spec("MHz", mhz),
        spec("Memory", c.memory.clone()),
        spec("Disks", c.disks.clone()),
        spec("Source", c.source.clone()),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The policy a machine class's tables use: its baseline, and its (or the
/// site's) trim and significance level.
pub fn machine_policy(site: &SiteConfig, m: &MachineConfig) -> Policy {
    Policy {
        baseline: m.baseline.clone(),
        trim: m.trim.or(site.trim).unwrap_or(0),
        alpha: m.alpha.or(site.alpha).unwrap_or(0.05),
    }
}

/// A sample and the file it came from.
type Entry<'a> = (&'a ResultFile, &'a Sample);

/// A section to build: title, commentary, its samples, metric order, policy.
type SectionJob<'a> = (String, String, Vec<Entry<'a>>, &'a [String], Policy);

/// Lays out one machine-class page: sections, statistics, significance,
/// notable changes. Its charts are not drawn here: the chart step
/// (`chart::page_charts`) fills [`SectionView::charts`] and
/// [`MachinePage::trend_charts`] and draws the SVG documents.
pub fn machine_page(m: &MachineClass, policy: &Policy) -> MachinePage {
    let c = &m.config;
    let specs = machine_specs(c);

    let kernel_names: Vec<String> = m.kernels.iter().map(|k| k.name.clone()).collect();
    let entries: Vec<(&ResultFile, &Sample)> =
        m.results.iter().flat_map(|rf| rf.parsed.samples.iter().map(move |s| (rf, s))).collect();

    // Which samples each configured section picks. A file's globs and
    // benchmark are checked once per file, not once per sample.
    // The globs of every section against every file, in parallel (a
    // dozen sections and 3,600 files in a 300-kernel class).
    let files_ok: Vec<Vec<bool>> = c
        .sections
        .par_iter()
        .map(|sc| {
            let patterns: Vec<glob::Pattern> = sc.files.iter().filter_map(|p| glob::Pattern::new(p).ok()).collect();
            m.results.iter().map(|rf| selects_file(sc, &patterns, rf)).collect()
        })
        .collect();
    let mut used = vec![false; entries.len()];
    let mut jobs: Vec<SectionJob> = Vec::new();
    for (sc, files_ok) in c.sections.iter().zip(&files_ok) {
        let mut chosen = Vec::new();
        let mut i = 0;
        for (rf, &file_ok) in m.results.iter().zip(files_ok) {
            for s in &rf.parsed.samples {
                if file_ok && sc.group.as_ref().is_none_or(|g| *g == s.group) {
                    // Claimed even when `metrics:` hides it: a chosen column set
                    // does not spill the other metrics into sections of their own.
                    used[i] = true;
                    if sc.metrics.is_empty() || sc.metrics.iter().any(|m| *m == s.metric.name) {
                        chosen.push((rf, s));
                    }
                }
                i += 1;
            }
        }
        let policy = Policy {
            baseline: sc.baseline.clone().or_else(|| policy.baseline.clone()),
            trim: sc.trim.unwrap_or(policy.trim),
            alpha: policy.alpha,
        };
        jobs.push((sc.title.clone(), sc.commentary.clone(), chosen, &sc.metrics, policy));
    }
    // Results no configured section showed get a section per benchmark and group.
    let mut auto: Vec<((&str, &str), Vec<Entry>)> = Vec::new();
    let mut auto_index: HashMap<(&str, &str), usize> = HashMap::new();
    for (i, e) in entries.iter().enumerate() {
        if used[i] {
            continue;
        }
        let key = (e.0.parsed.benchmark.as_str(), e.1.group.as_str());
        let ai = *auto_index.entry(key).or_insert_with(|| {
            auto.push((key, Vec::new()));
            auto.len() - 1
        });
        auto[ai].1.push(*e);
    }
    for ((bench, group), chosen) in auto {
        let title = if group.is_empty() { bench.to_string() } else { format!("{bench}: {group}") };
        jobs.push((title, String::new(), chosen, &[], policy.clone()));
    }
    // Sections are independent: build them in parallel.
    let mut sections: Vec<SectionView> = jobs
        .par_iter()
        .map(|(title, commentary, chosen, metrics, policy)| {
            section_view(title, commentary, chosen, metrics, &kernel_names, policy)
        })
        .collect();
    uniquify_ids(&mut sections);
    let tests = correct_page(&mut sections, policy.alpha);
    let (notable, notable_more) = notable_changes(&sections);

    MachinePage {
        slug: m.slug.clone(),
        link: path_segment(&m.slug),
        name: c.name.clone(),
        specs,
        description_md: c.description.clone(),
        description_html: markdown::to_html(&c.description),
        kernels: m
            .kernels
            .par_iter()
            .map(|k| KernelView {
                name: k.name.clone(),
                notes_md: k.config.notes.clone(),
                notes_html: markdown::to_html(&k.config.notes),
                patches: k.config.patches.clone(),
            })
            .collect(),
        baseline: c.baseline.clone(),
        sections,
        significance: significance_text(policy.alpha, tests),
        notable,
        notable_more_text: notable_more_line(notable_more),
        notable_more,
        not_tested: NOT_TESTED.to_string(),
        trend_charts: Vec::new(),
    }
}

/// True when a section's file globs and benchmark select the file (its
/// `group:` then selects samples, and its `metrics:` list only chooses columns).
fn selects_file(sc: &SectionConfig, patterns: &[glob::Pattern], rf: &ResultFile) -> bool {
    // The benchmark first: one comparison, where a glob is a small matcher.
    sc.benchmark.as_ref().is_none_or(|b| *b == rf.parsed.benchmark)
        && (patterns.is_empty() || patterns.iter().any(|p| p.matches(&rf.rel_path)))
}

/// A URL fragment for a title: lower case, runs of other characters → `-`.
pub fn slugify(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        if ch.is_alphanumeric() {
            out.extend(ch.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() { "section".to_string() } else { out }
}

fn uniquify_ids(sections: &mut [SectionView]) {
    let mut seen: Vec<String> = Vec::new();
    for s in sections.iter_mut() {
        let base = s.id.clone();
        let mut id = base.clone();
        let mut n = 2;
        while seen.contains(&id) {
            id = format!("{base}-{n}");
            n += 1;
        }
        seen.push(id.clone());
        s.id = id;
    }
}

/// A column: metric name, unit and direction within a group, borrowed
/// from the samples.
#[derive(PartialEq, Eq, Hash, Clone, Copy)]
struct ColKey<'a> {
    group: &'a str,
    name: &'a str,
    unit: &'a str,
    better: Better,
}

fn section_view(
    title: &str,
    commentary: &str,
    entries: &[(&ResultFile, &Sample)],
    metric_order: &[String],
    kernel_order: &[String],
    policy: &Policy,
) -> SectionView {
    // Columns in configured order, then first appearance. Every lookup
    // below goes through a hash map, so a section is linear in its samples.
    let mut cols: Vec<ColKey> = Vec::new();
    let mut col_index: FxHashMap<ColKey, usize> = FxHashMap::default();
    let mut param_names: Vec<String> = Vec::new();
    let mut benchmarks: Vec<String> = Vec::new();
    let mut entry_col: Vec<usize> = Vec::with_capacity(entries.len());
    for (rf, s) in entries {
        let key = ColKey { group: &s.group, name: &s.metric.name, unit: &s.metric.unit, better: s.metric.better };
        let ci = *col_index.entry(key).or_insert_with(|| {
            cols.push(key);
            cols.len() - 1
        });
        entry_col.push(ci);
        for p in &s.params {
            if !param_names.iter().any(|n| *n == p.name) {
                param_names.push(p.name.to_string());
            }
        }
        if !benchmarks.contains(&rf.parsed.benchmark) {
            benchmarks.push(rf.parsed.benchmark.clone());
        }
    }
    // Display order of the columns: configured metrics first.
    let mut order: Vec<usize> = (0..cols.len()).collect();
    if !metric_order.is_empty() {
        order.sort_by_key(|&c| metric_order.iter().position(|m| *m == cols[c].name).unwrap_or(usize::MAX));
    }
    let mut display_of = vec![0usize; cols.len()];
    for (d, &c) in order.iter().enumerate() {
        display_of[c] = d;
    }
    let cols: Vec<ColKey> = order.iter().map(|&c| cols[c]).collect();
    let entry_col: Vec<usize> = entry_col.iter().map(|&c| display_of[c]).collect();
    let groups: Vec<&str> = cols.iter().map(|c| c.group).fold(Vec::new(), |mut v, g| {
        if !v.contains(&g) {
            v.push(g);
        }
        v
    });
    let mixed_groups = groups.len() > 1;

    // Rows keyed by kernel + parameter values.
    let mut rows: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut row_index: FxHashMap<(&str, Vec<&str>), usize> = FxHashMap::default();
    let mut entry_row: Vec<usize> = Vec::with_capacity(entries.len());
    // The sample before, when it has the same kernel and parameters (the
    // metrics of one table row, the runs of one file), has the same row.
    let mut last: Option<(&Sample, usize)> = None;
    for (_, s) in entries {
        if let Some((prev, ri)) = last
            && prev.kernel == s.kernel
            && prev.params == s.params
        {
            entry_row.push(ri);
            continue;
        }
        let kernel = s.kernel.as_deref().unwrap_or_default();
        let params: Vec<&str> = param_names
            .iter()
            .map(|n| s.params.iter().find(|p| p.name == *n).map_or("", |p| p.value.as_str()))
            .collect();
        let key = (kernel, params);
        let ri = match row_index.get(&key) {
            Some(&ri) => ri,
            None => {
                rows.push(key.clone());
                row_index.insert(key, rows.len() - 1);
                rows.len() - 1
            }
        };
        entry_row.push(ri);
        last = Some((s, ri));
    }
    let kpos: FxHashMap<&str, usize> = kernel_order.iter().enumerate().map(|(i, k)| (k.as_str(), i)).collect();
    let kpos = |k: &str| kpos.get(k).copied().unwrap_or(usize::MAX);
    // Each row's parameters as numbers where they are, read once, not once
    // per comparison.
    let numeric: Vec<Vec<Option<f64>>> =
        rows.iter().map(|(_, params)| params.iter().map(|x| x.parse::<f64>().ok()).collect()).collect();
    let mut row_order: Vec<usize> = (0..rows.len()).collect();
    row_order.sort_by(|&ai, &bi| {
        let (a, b) = (&rows[ai], &rows[bi]);
        for ((x, y), (p, q)) in a.1.iter().zip(&b.1).zip(numeric[ai].iter().zip(&numeric[bi])) {
            let o = match (p, q) {
                (Some(p), Some(q)) => p.total_cmp(q),
                _ => x.cmp(y),
            };
            if o != std::cmp::Ordering::Equal {
                return o;
            }
        }
        kpos(a.0).cmp(&kpos(b.0)).then_with(|| crate::version::compare(a.0, b.0))
    });

    // Samples per cell and raw values per column.
    let mut cell_entries: FxHashMap<(usize, usize), Vec<usize>> = FxHashMap::default();
    cell_entries.reserve(rows.len() * cols.len());
    let mut col_values: Vec<Vec<f64>> = vec![Vec::new(); cols.len()];
    for (ei, (_, s)) in entries.iter().enumerate() {
        cell_entries.entry((entry_row[ei], entry_col[ei])).or_default().push(ei);
        col_values[entry_col[ei]].push(s.value.mean());
    }
    let precision: Vec<usize> = col_values.iter().map(|v| decimals_needed(v)).collect();

    let mut has_spread = false;
    // Each raw file's path and link, made once (a file gives many cells).
    let mut links: FxHashMap<&str, (Arc<str>, Arc<str>)> = FxHashMap::default();
    let row_views: Vec<RowView> = row_order
        .iter()
        .map(|&ri| {
            let (kernel, params) = &rows[ri];
            let cells = (0..cols.len())
                .map(|ci| {
                    let mine: &[usize] = cell_entries.get(&(ri, ci)).map_or(&[], Vec::as_slice);
                    let prec = precision[ci];
                    let values: Vec<_> = mine.iter().map(|&ei| entries[ei].1.value).collect();
                    let summary = Summary::of(&trimmed(&values, policy.trim))?;
                    if summary.n > 1 {
                        has_spread = true;
                    }
                    let mut sources = Vec::with_capacity(1);
                    let mut source_links = Vec::with_capacity(1);
                    for &ei in mine {
                        let path = entries[ei].0.rel_path.as_str();
                        let (s, link) = links.entry(path).or_insert_with(|| (path.into(), raw_link(path).into()));
                        // Runs of one file are next to each other: one entry.
                        if sources.last() != Some(&*s) {
                            sources.push(s.clone());
                            source_links.push(link.clone());
                        }
                    }
                    Some(CellView {
                        text: fmt_fixed(summary.mean, prec),
                        stddev_text: summary.stddev.filter(|_| summary.n > 1).map(fmt_spread),
                        summary,
                        source_links,
                        sources,
                        comparison: None,
                        delta_text: None,
                        delta_class: "",
                        mark: "",
                    })
                })
                .collect();
            RowView::new(kernel.to_string(), params.iter().map(|p| p.to_string()).collect(), cells)
        })
        .collect();

    let mut row_views = row_views;
    let baseline = policy.baseline.clone().filter(|b| row_views.iter().any(|r| &r.kernel == b));
    if let Some(b) = &baseline {
        let base_rows: FxHashMap<Vec<String>, usize> =
            row_views.iter().enumerate().filter(|(_, r)| &r.kernel == b).map(|(i, r)| (r.params.clone(), i)).collect();
        for ri in 0..row_views.len() {
            if &row_views[ri].kernel == b {
                continue;
            }
            let Some(&bi) = base_rows.get(&row_views[ri].params) else {
                continue;
            };
            for (ci, col) in cols.iter().enumerate() {
                let base = row_views[bi].cells[ci].as_ref().map(|c| c.summary);
                let better = col.better;
                // The printed step of every value of both cells.
                let values = |r: usize| {
                    cell_entries.get(&(row_order[r], ci)).into_iter().flatten().map(|&ei| entries[ei].1.value.mean())
                };
                if let (Some(base), Some(cell)) = (base, row_views[ri].cells[ci].as_mut()) {
                    let cmp = compare(&cell.summary, &base, better, resolution(values(ri).chain(values(bi))));
                    // No better direction, no verdict: informational columns
                    // (MHz, %CPU, counts) show no change marks.
                    cell.delta_text = cmp
                        .pct_better
                        .filter(|_| better != Better::Neither)
                        // `+ 0.0` turns -0.0 into 0.0, so no change prints as +0.0%.
                        .map(|p| {
                            let mut s = CompactString::default();
                            push_fixed(&mut s, (p * 10.0).round() / 10.0 + 0.0, 1, true);
                            s.push('%');
                            s
                        });
                    cell.delta_class = match (better, cmp.pct_better) {
                        (Better::Neither, _) | (_, None) => "",
                        (_, Some(p)) if p > 0.0 => "better",
                        (_, Some(p)) if p < 0.0 => "worse",
                        _ => "",
                    };
                    // The mark waits for the page's correction ([`correct_page`]).
                    cell.comparison = Some(cmp);
                }
            }
        }
    }

    // A parameter with the same value in every row is a setting, not a
    // dimension: say it once instead of repeating it in a column.
    let mut fixed_params = Vec::new();
    let mut fixed_param_values = Vec::new();
    if row_views.len() > 1 {
        let mut i = 0;
        while i < param_names.len() {
            let first = &row_views[0].params[i];
            if !first.is_empty() && row_views.iter().all(|r| &r.params[i] == first) {
                fixed_params.push(format!("{} {}", param_names[i], first));
                fixed_param_values.push((param_names[i].clone(), first.clone()));
                param_names.remove(i);
                for r in &mut row_views {
                    r.params.remove(i);
                }
            } else {
                i += 1;
            }
        }
    }

    let columns: Vec<ColumnView> = cols
        .iter()
        .zip(&precision)
        .map(|(c, &precision)| ColumnView {
            name: if mixed_groups && !c.group.is_empty() {
                format!("{} {}", c.group, c.name)
            } else {
                c.name.to_string()
            },
            unit: c.unit.to_string(),
            better: c.better,
            precision,
        })
        .collect();
    let direction = direction_label(&columns);
    SectionView {
        id: slugify(title),
        title: title.to_string(),
        benchmarks,
        commentary_md: commentary.to_string(),
        commentary_html: markdown::to_html(commentary),
        charts: Vec::new(),
        table: TableView {
            param_headers: param_names,
            fixed_params,
            fixed_param_values,
            columns,
            rows: row_views,
            direction,
            has_spread,
            baseline,
            alpha: policy.alpha,
            tests: 0,
            legend: None,
        },
    }
}

/// Adjusts the p-values of every tested comparison on a machine class's
/// page together (Benjamini–Hochberg, see [`crate::stats`]), then marks
/// each compared cell: `*` when its adjusted p-value is below `alpha`, `~`
/// when tested and not significant, nothing when not tested. Columns with
/// no better direction (MHz, %CPU, counts) are informational: they get no
/// mark and are not part of the family. Every table learns the family's
/// size ([`TableView::tests`]) for its legend, which is returned.
pub fn correct_page(sections: &mut [SectionView], alpha: f64) -> usize {
    let mut at: Vec<(usize, usize, usize)> = Vec::new();
    let mut p: Vec<f64> = Vec::new();
    for (si, s) in sections.iter().enumerate() {
        for (ri, r) in s.table.rows.iter().enumerate() {
            for (ci, (c, col)) in r.cells.iter().zip(&s.table.columns).enumerate() {
                let w = c.as_ref().and_then(|c| c.comparison).and_then(|x| x.welch);
                if let Some(w) = w.filter(|w| col.better != Better::Neither && !w.p.is_nan()) {
                    at.push((si, ri, ci));
                    p.push(w.p);
                }
            }
        }
    }
    for ((si, ri, ci), adjusted) in at.iter().zip(benjamini_hochberg(&p)) {
        let cell = sections[*si].table.rows[*ri].cells[*ci].as_mut();
        if let Some(cmp) = cell.and_then(|c| c.comparison.as_mut()) {
            cmp.p_adjusted = Some(adjusted);
            cmp.significant = adjusted < alpha;
        }
    }
    for s in sections.iter_mut() {
        s.table.tests = p.len();
        s.table.legend = legend(&s.table);
        let columns = &s.table.columns;
        for r in &mut s.table.rows {
            for (c, col) in r.cells.iter_mut().zip(columns) {
                if let Some(c) = c.as_mut().filter(|_| col.better != Better::Neither) {
                    c.mark = c.comparison.as_ref().map_or("", significance_mark);
                }
            }
        }
    }
    p.len()
}

/// How many notable changes a page lists; the rest are counted
/// ([`MachinePage::notable_more`]). An archive of a hundred kernels has
/// thousands of significant changes against its baseline, too many to read
/// before the tables (or at the top of a mail).
pub const NOTABLE_SHOWN: usize = 20;

/// The [`NOTABLE_SHOWN`] largest significant changes against the baseline
/// in `sections`, largest first (equal changes in page order), and how many
/// more there are.
pub fn notable_changes(sections: &[SectionView]) -> (Vec<NotableChange>, usize) {
    // Every significant change as (section, row, column, change, p); text
    // is made only for those shown.
    let mut found: Vec<(usize, usize, usize, f64, f64)> = Vec::new();
    for (si, s) in sections.iter().enumerate() {
        if s.table.baseline.is_none() {
            continue;
        }
        for (ri, r) in s.table.rows.iter().enumerate() {
            for (ci, (c, col)) in r.cells.iter().zip(&s.table.columns).enumerate() {
                let Some(cmp) = c.as_ref().and_then(|cell| cell.comparison.as_ref()) else { continue };
                let (Some(pct), Some(p)) = (cmp.pct_better, cmp.p_adjusted) else { continue };
                if cmp.significant && col.better != Better::Neither {
                    found.push((si, ri, ci, pct, p));
                }
            }
        }
    }
    found.sort_by(|a, b| b.3.abs().total_cmp(&a.3.abs()));
    let more = found.len().saturating_sub(NOTABLE_SHOWN);
    let shown = found
        .into_iter()
        .take(NOTABLE_SHOWN)
        .map(|(si, ri, ci, pct, p)| {
            let s = &sections[si];
            let (r, col) = (&s.table.rows[ri], &s.table.columns[ci]);
            let cell = r.cells[ci].as_ref();
            let base = s.table.baseline.as_deref().unwrap_or_default();
            let params: Vec<String> = s
                .table
                .param_headers
                .iter()
                .zip(&r.params)
                .filter(|(_, v)| !v.is_empty())
                .map(|(h, v)| format!("{v} {h}"))
                .collect();
            let mut what = s.title.clone();
            if s.table.columns.len() > 1 {
                what = format!("{what} {}", col.name);
            }
            if !params.is_empty() {
                what = format!("{what} {}", params.join(" "));
            }
            NotableChange {
                text: format!(
                    "{what}: {} {} vs {base} ({})",
                    r.kernel,
                    cell.and_then(|c| c.delta_text.as_deref()).unwrap_or_default(),
                    fmt_p_adjusted(p)
                ),
                section_id: s.id.clone(),
                pct_better: pct,
                p,
            }
        })
        .collect();
    (shown, more)
}

/// The line after a shortened list of notable changes: "… and 2223 more
/// significant changes in the tables below".
pub fn notable_more_text(more: usize) -> String {
    let s = if more == 1 { "" } else { "s" };
    format!("… and {more} more significant change{s} in the tables below")
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
    let mut page = m.clone();
    if !sections.is_empty() {
        page.sections.retain(|s| {
            sections.iter().any(|want| want.eq_ignore_ascii_case(&s.title) || want.eq_ignore_ascii_case(&s.id))
        });
    }
    if !kernels.is_empty() {
        for s in &mut page.sections {
            s.table.rows.retain(|r| kernels.contains(&r.kernel));
        }
        page.kernels.retain(|k| kernels.contains(&k.name));
    }
    // The notable changes among what is left.
    (page.notable, page.notable_more) = notable_changes(&page.sections);
    page.notable_more_text = notable_more_line(page.notable_more);
    page
}

/// Formats a p-value for text: "p = 0.003", or "p < 0.001".
pub fn fmt_p(p: f64) -> CompactString {
    fmt_p_as("p", p)
}

/// Formats an adjusted p-value for text: "adjusted p = 0.003", or
/// "adjusted p < 0.001".
pub fn fmt_p_adjusted(p: f64) -> CompactString {
    fmt_p_as("adjusted p", p)
}

fn fmt_p_as(name: &str, p: f64) -> CompactString {
    let mut s = CompactString::from(name);
    if p < 0.001 {
        s.push_str(" < 0.001");
        return s;
    }
    s.push_str(" = ");
    push_fixed(&mut s, p, 3, false);
    s
}

/// The mark after a change: `*` significant at α after the page's
/// correction, `~` tested and not significant, nothing when not tested
/// (a single run, no spread on either side, or a difference below the
/// printed resolution).
pub fn significance_mark(c: &Comparison) -> &'static str {
    match (c.welch, c.significant) {
        (Some(_), true) => "*",
        (Some(_), false) => "~",
        (None, _) => "",
    }
}

/// What "not tested" means, in the legends of every rendering.
pub const NOT_TESTED: &str =
    "a single run, no spread on either side, or a difference below the last printed decimal place";

/// What `*` means: "significant at α = 0.05 after Benjamini–Hochberg
/// correction over the 412 tests of this machine class (Welch's t-test)"
/// ("the one test"; with none, that no change could be tested).
pub fn significance_text(alpha: f64, tests: usize) -> String {
    let family = match tests {
        0 => {
            return format!(
                "significant at α = {alpha} after Benjamini–Hochberg correction (Welch's t-test; no change of this machine class could be tested)"
            );
        }
        1 => "the one test".to_string(),
        n => format!("the {n} tests"),
    };
    format!(
        "significant at α = {alpha} after Benjamini–Hochberg correction over {family} of this machine class (Welch's t-test)"
    )
}

/// The legend explaining the marks, for tables that have comparisons.
pub fn legend(t: &TableView) -> Option<String> {
    let base = t.baseline.as_ref()?;
    Some(format!(
        "% = change vs {base}, positive is better; * {}; ~ tested, not significant; unmarked: not tested ({NOT_TESTED})",
        significance_text(t.alpha, t.tests)
    ))
}

/// "smaller is better" when every column agrees; otherwise a list such as
/// "bigger is better: Rate, CPU Eff; smaller is better: Max Latency" (an
/// informational column, such as %CPU, is in neither list).
fn direction_label(columns: &[ColumnView]) -> String {
    let of = |b: Better| columns.iter().filter(|c| c.better == b).map(|c| c.name.clone()).collect::<Vec<_>>();
    let (hi, lo, neither) = (of(Better::Higher), of(Better::Lower), of(Better::Neither));
    match (hi.is_empty(), lo.is_empty()) {
        (false, true) if neither.is_empty() => Better::Higher.phrase().to_string(),
        (true, false) if neither.is_empty() => Better::Lower.phrase().to_string(),
        (true, true) => String::new(),
        _ => {
            let mut parts = Vec::new();
            if !hi.is_empty() {
                parts.push(format!("{}: {}", Better::Higher.phrase(), hi.join(", ")));
            }
            if !lo.is_empty() {
                parts.push(format!("{}: {}", Better::Lower.phrase(), lo.join(", ")));
            }
            parts.join("; ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`push_fixed`] as the standard formatter writes it.
    fn std_fixed(v: f64, decimals: usize, plus: bool) -> String {
        if plus { format!("{v:+.decimals$}") } else { format!("{v:.decimals$}") }
    }

    fn our_fixed(v: f64, decimals: usize, plus: bool) -> String {
        let mut s = CompactString::default();
        push_fixed(&mut s, v, decimals, plus);
        s.to_string()
    }

    #[test]
    fn fixed_point_text_is_the_standard_formatters() {
        let cases = [
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -2.5,
            0.125,
            0.375,
            1.005,
            2.675,
            0.045,
            1e-300,
            -1e-300,
            0.049999999999999996,
            999.9995,
            9.995,
            123456.789,
            4503599627370495.5,
            4503599627370496.0,
            1e300,
            -1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.1 + 0.2,
            1.0 / 3.0,
            2.0 / 3.0,
            0.95,
            0.05,
            0.15,
            0.25,
            0.35,
        ];
        for v in cases {
            for d in 0..12 {
                for plus in [false, true] {
                    assert_eq!(our_fixed(v, d, plus), std_fixed(v, d, plus), "{v:e} with {d} places, plus {plus}");
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// Any value, and values on and near ties (k + 1/2)/10^d, where
        /// rounding in floating point could go the other way.
        #[test]
        fn fixed_point_text_matches_std(
            v in proptest::num::f64::ANY,
            k in 0u64..2_000_000,
            nudge in -2i64..=2,
            d in 0usize..11,
            plus: bool,
        ) {
            proptest::prop_assert_eq!(our_fixed(v, d, plus), std_fixed(v, d, plus));
            let tie = (k as f64 + 0.5) / 10f64.powi(d as i32);
            let near = f64::from_bits(tie.to_bits().wrapping_add_signed(nudge));
            proptest::prop_assert_eq!(our_fixed(near, d, plus), std_fixed(near, d, plus));
            proptest::prop_assert_eq!(our_fixed(-near, d, plus), std_fixed(-near, d, plus));
        }
    }

    #[test]
    fn spread_has_two_significant_digits() {
        assert_eq!(fmt_spread(0.20024), "0.20");
        assert_eq!(fmt_spread(12.34), "12");
        assert_eq!(fmt_spread(0.0012345), "0.0012");
        assert_eq!(fmt_spread(1234.0), "1234");
    }

    #[test]
    fn slugs() {
        assert_eq!(slugify("AIM7 database workload"), "aim7-database-workload");
        assert_eq!(slugify("*Local* Communication"), "local-communication");
    }
}

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

/// One line of the comparison page: a kernel's value against the baseline's.
#[derive(Debug, Clone, Serialize)]
pub struct ComparisonRow {
    /// Metric column name.
    pub metric: String,
    /// Unit.
    pub unit: String,
    /// Parameters as text ("32 procs").
    pub params: String,
    /// Baseline value as printed in the table.
    pub baseline: CompactString,
    /// This kernel's value.
    pub value: CompactString,
    /// "+12.3%", positive = better.
    pub delta: CompactString,
    /// Raw difference, value − baseline, in the metric's unit, printed with
    /// the column's precision and a sign.
    pub diff: CompactString,
    /// "*", "~" or "".
    pub mark: &'static str,
    /// The adjusted p-value ([`p_text`]): "p = 0.003", "p < 0.001" or "".
    pub p: CompactString,
    /// "better", "worse" or "".
    pub class: &'static str,
}

/// One section's comparisons of a kernel against the baseline.
#[derive(Debug, Clone, Serialize)]
pub struct ComparisonSection {
    /// Section heading.
    pub section: String,
    /// Section anchor on the machine page.
    pub section_id: String,
    /// One row per metric and parameter set both kernels have.
    pub rows: Vec<ComparisonRow>,
}

/// All comparisons of one kernel against the baseline.
#[derive(Debug, Clone, Serialize)]
pub struct ComparisonBlock {
    /// The kernel compared.
    pub kernel: String,
    /// Section by section, in page order; sections without a shared value
    /// left out.
    pub sections: Vec<ComparisonSection>,
}

/// One line of the comparison page by position: `m.sections[section]`,
/// its table's `rows[row]` against the baseline's `rows[base_row]`, in
/// column `column`. Both cells are present.
#[derive(Debug, Clone, Copy)]
pub struct ComparisonRef {
    /// Section index.
    pub section: usize,
    /// The kernel's row.
    pub row: usize,
    /// The baseline's row with the same parameters.
    pub base_row: usize,
    /// Column index.
    pub column: usize,
}

/// How many kernels `compare.html` sets against the baseline in full: the
/// last ones in kernel order (the newest trees; the scaling charts draw the
/// last 12 the same way). The page names the earlier kernels and links to
/// their own pages, which give each cell's change against the baseline
/// and its significance. All 300 kernels of a large archive made a 19 MB
/// page of 60,000 rows, which a browser takes seconds to lay out.
pub const COMPARED_KERNELS: usize = 20;

/// How many of `compared` kernels (those sharing a result with the
/// baseline, in kernel order) `compare.html` only names: all but the last
/// [`COMPARED_KERNELS`].
pub fn earlier_kernels(compared: usize) -> usize {
    compared.saturating_sub(COMPARED_KERNELS)
}

/// What `compare.html` shows: the earlier kernels only named, and the
/// last [`COMPARED_KERNELS`] each with every change against the baseline
/// made into text.
#[derive(Debug, Clone)]
pub struct ComparePage {
    /// Indexes (into the page's kernels) of the kernels sharing a result
    /// with the baseline before the last [`COMPARED_KERNELS`] of them, in
    /// kernel order.
    pub earlier: Vec<usize>,
    /// The last [`COMPARED_KERNELS`] kernels sharing a result with the
    /// baseline, in kernel order.
    pub shown: Vec<ComparisonBlock>,
    /// How many kernels share a result with the baseline.
    pub total: usize,
}

/// The comparison page of `m` ([`ComparePage`]): text is made for the
/// kernels shown only.
pub fn compare_page(m: &MachinePage) -> ComparePage {
    let mut with = every_comparison_ref(m);
    let shown = with.split_off(earlier_kernels(with.len()));
    ComparePage {
        total: with.len() + shown.len(),
        earlier: with.into_iter().map(|(i, _)| i).collect(),
        shown: shown.into_iter().map(|(ki, refs)| comparison_block(m, ki, &refs)).collect(),
    }
}

/// Every kernel sharing a result with the baseline, in kernel order: its
/// index into the page's kernels and every cell it shares with the
/// baseline, section by section. One pass over each section's rows
/// (linear in rows, not kernels × rows).
fn every_comparison_ref(m: &MachinePage) -> Vec<(usize, Vec<ComparisonRef>)> {
    let pos: HashMap<&str, usize> = m.kernels.iter().enumerate().map(|(i, k)| (k.name.as_str(), i)).rev().collect();
    let mut per_kernel: Vec<Vec<ComparisonRef>> = vec![Vec::new(); m.kernels.len()];
    for (si, s) in m.sections.iter().enumerate() {
        let Some(base) = &s.table.baseline else { continue };
        // The first baseline row of each parameter set.
        let mut base_rows: HashMap<&[String], usize> = HashMap::new();
        for (bi, b) in s.table.rows.iter().enumerate().filter(|(_, b)| &b.kernel == base) {
            base_rows.entry(b.params.as_slice()).or_insert(bi);
        }
        for (ri, r) in s.table.rows.iter().enumerate() {
            if &r.kernel == base {
                continue;
            }
            let Some(&ki) = pos.get(r.kernel.as_str()) else { continue };
            let Some(&bi) = base_rows.get(r.params.as_slice()) else { continue };
            let br = &s.table.rows[bi];
            for (ci, (c, bc)) in r.cells.iter().zip(&br.cells).enumerate() {
                if c.is_some() && bc.is_some() {
                    per_kernel[ki].push(ComparisonRef { section: si, row: ri, base_row: bi, column: ci });
                }
            }
        }
    }
    // Kernels are directory names, so each appears once.
    per_kernel.into_iter().enumerate().filter(|(_, v)| !v.is_empty()).collect()
}

/// A row's parameters as text: "32 procs, 4k size".
pub fn params_text(t: &TableView, r: &RowView) -> String {
    let params: Vec<String> =
        t.param_headers.iter().zip(&r.params).filter(|(_, v)| !v.is_empty()).map(|(h, v)| format!("{v} {h}")).collect();
    params.join(", ")
}

/// The comparison page's blocks for every kernel sharing a result with
/// the baseline (the page shows the last [`COMPARED_KERNELS`] of them):
/// each kernel's index into the page's kernels, and every change against
/// the baseline made into text, grouped by section.
pub fn comparisons(m: &MachinePage) -> Vec<(usize, ComparisonBlock)> {
    every_comparison_ref(m).into_iter().map(|(ki, refs)| (ki, comparison_block(m, ki, &refs))).collect()
}

/// The comparisons of kernel `ki` (`refs`, section by section) as text.
fn comparison_block(m: &MachinePage, ki: usize, refs: &[ComparisonRef]) -> ComparisonBlock {
    ComparisonBlock {
        kernel: m.kernels[ki].name.clone(),
        sections: refs
            .chunk_by(|a, b| a.section == b.section)
            .map(|refs| ComparisonSection {
                section: m.sections[refs[0].section].title.clone(),
                section_id: m.sections[refs[0].section].id.clone(),
                rows: refs.iter().filter_map(|x| comparison_row(m, x)).collect(),
            })
            .collect(),
    }
}

/// One comparison as text; `None` if either cell is missing.
fn comparison_row(m: &MachinePage, x: &ComparisonRef) -> Option<ComparisonRow> {
    let s = &m.sections[x.section];
    let (r, br, col) = (&s.table.rows[x.row], &s.table.rows[x.base_row], &s.table.columns[x.column]);
    let (Some(c), Some(bc)) = (&r.cells[x.column], &br.cells[x.column]) else { return None };
    Some(ComparisonRow {
        metric: col.name.clone(),
        unit: col.unit.clone(),
        params: params_text(&s.table, r),
        baseline: bc.text.clone(),
        value: c.text.clone(),
        delta: c.delta_text.clone().unwrap_or_default(),
        diff: diff_text(c, col),
        mark: c.mark,
        p: p_text(c),
        class: c.delta_class,
    })
}

/// A cell's raw difference from the baseline, with the column's precision
/// and a sign ("+0.101"), or "" without a comparison.
pub fn diff_text(c: &CellView, col: &ColumnView) -> CompactString {
    let mut s = CompactString::default();
    if let Some(x) = c.comparison {
        push_fixed(&mut s, x.diff, col.precision, true);
    }
    s
}

/// A cell's Welch p-value after the page's Benjamini–Hochberg correction
/// as text ("p = 0.003", "p < 0.001"), or "" when not tested.
pub fn p_text(c: &CellView) -> CompactString {
    c.comparison.and_then(|x| x.p_adjusted).map(fmt_p).unwrap_or_default()
}
