//! View models: what every renderer reads.
//!
//! The loaded [`Site`] is turned into plain serialisable structs — pages,
//! sections, tables, rows, cells — with every number already summarised
//! ([`crate::stats::Summary`]) and formatted with one precision per column. HTML (tera),
//! Markdown and plaintext render these same structs, so they cannot disagree;
//! templates never see parser types.
//!
//! One module per job: `views` holds the view types, `section` lays out
//! one section's table, `headline` picks the column that matters most,
//! `significance` corrects a page's tests and explains the marks, `grid`
//! lays out a table once for every renderer (its shape, rows, cells' parts
//! and plaintext widths), `notable` picks the largest changes, `compare`
//! makes the comparison page, `kernel` the kernel pages, and `format`
//! prints numbers and links. Everything is re-exported here
//! (`benchsite::report::X`).

pub mod across;
mod base_rows;
mod compare;
mod detail;
pub mod environment;
mod format;
pub mod grid;
mod headline;
mod kernel;
mod large;
pub mod lint;
mod notable;
pub mod regressions;
mod runs;
mod section;
mod significance;
#[cfg(test)]
mod tests;
mod uncompared;
mod views;

pub use across::{
    ACROSS_KERNELS, AcrossCells, AcrossColumn, AcrossDigest, AcrossPage, across_key, across_page, cells_of,
    machine_grid,
};
pub use compare::*;
pub use detail::{LeftOutDetail, without_detail};
pub use format::*;
pub use headline::*;
pub use kernel::*;
pub use large::{
    LARGE_CLASS, PageLink, SECTION_PAGE_NODES, SUMMARY_CHANGES, SUMMARY_KERNELS, SectionPage, section_pages,
    shown_page, summary_page,
};
pub use large::{SectionPagePlan, section_page_plans};
pub use lint::{Finding, LintPage, findings_of, lint_page, section_warnings};
pub use notable::*;
pub use regressions::{
    DEFAULT_REGRESSION_THRESHOLD, LATEST_SHOWN, REGRESSION_PAGE_ROWS, REGRESSIONS_SHOWN, RegressionsPage,
    regression_pages, regressions_page,
};
pub(crate) use section::BENCHMARK_PARAM;
pub use significance::*;
pub use uncompared::{Uncompared, UncomparedMemo, some_of, uncompared, within_step_reason};
pub use views::*;

use crate::markdown;
use crate::model::Sample;
use crate::site::{self, MachineClass, MachineConfig, ResultFile, Site, SiteConfig};
use rayon::prelude::*;
use serde::Serialize;

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
    /// What `site.yaml` and the walk of the content directory gave (a
    /// directory that is no machine class), for the lint page; each class's
    /// own are in its summary.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<Finding>,
    /// `reference_machine:` of `site.yaml`: the slug of the machine class
    /// the cross-class page ([`across_page`]) compares the others with.
    #[serde(skip)]
    pub reference_machine: Option<String>,
    /// `alpha:` of `site.yaml`, the significance level of the cross-class
    /// page's marks (`None`: [`across::ACROSS_ALPHA`], 0.05). A class's own
    /// `alpha:` sets its pages only: the cross-class page compares classes.
    #[serde(skip)]
    pub alpha: Option<f64>,
    /// The cross-class page, laid out once for every renderer that draws
    /// it ([`SiteSummary::across`]).
    #[serde(skip)]
    pub across: std::sync::OnceLock<std::sync::Arc<AcrossPage>>,
}

/// A machine class in the [`SiteSummary`].
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize)]
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
    /// What the class compares (`compare:`): the index says "Machines
    /// tested:" for a class of machines.
    #[serde(default)]
    pub axis: site::Axis,
    /// What loading and checking the class found, for the lint page
    /// ([`lint::findings_of`]); empty until the class is laid out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<Finding>,
    /// Every column of the class's tables at each set of parameters, with
    /// each kernel's n, mean and ±, for the cross-class page
    /// ([`across::cells_of`]); empty before the class is laid out. The HTML
    /// front page's template context leaves them out.
    #[serde(default, skip_serializing_if = "AcrossCells::is_empty")]
    pub cells: AcrossCells,
}

/// A kernel's name, shaped like [`KernelView`] (`k.name` in templates).
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct KernelName {
    /// Kernel name.
    pub name: String,
    /// What it ran, in a class that compares something else
    /// ([`KernelView::ran`]); empty otherwise.
    #[serde(default)]
    pub ran: String,
    /// Its mark ([`environment::DMESG_MARK`]) when its dmesg shows a
    /// problem, shown after its name in the lists of kernels; empty
    /// otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mark: String,
    /// What the mark stands for ([`environment::KernelMark::title`]), for
    /// HTML's `title`; empty without a mark.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mark_title: String,
}

impl KernelName {
    /// The name, what it ran and its mark of `k`.
    pub fn of(k: &KernelView) -> Self {
        KernelName {
            name: k.name.clone(),
            ran: k.ran.clone(),
            mark: k.mark.as_ref().map_or_else(String::new, |m| m.mark.to_string()),
            mark_title: k.mark.as_ref().map_or_else(String::new, |m| m.title.clone()),
        }
    }
}

impl SiteSummary {
    /// The cross-class page ([`across_page`] against `reference_machine`),
    /// laid out on first use and shared by the HTML, Markdown and
    /// plaintext renderers.
    pub fn across(&self) -> std::sync::Arc<AcrossPage> {
        self.across
            .get_or_init(|| std::sync::Arc::new(across_page(self, self.reference_machine.as_deref(), self.alpha)))
            .clone()
    }

    /// A copy whose classes are without their cells
    /// ([`MachineSummary::without_cells`]), for the front page's template
    /// context. Its [`SiteSummary::across`] would be empty: ask the
    /// original.
    pub fn without_cells(&self) -> Self {
        SiteSummary {
            title: self.title.clone(),
            description_md: self.description_md.clone(),
            description_html: self.description_html.clone(),
            machines: self.machines.iter().map(MachineSummary::without_cells).collect(),
            findings: self.findings.clone(),
            reference_machine: self.reference_machine.clone(),
            alpha: self.alpha,
            across: Default::default(),
        }
    }

    /// The summary of a built view.
    pub fn of(site: &SiteView) -> Self {
        SiteSummary {
            title: site.title.clone(),
            description_md: site.description_md.clone(),
            description_html: site.description_html.clone(),
            machines: site.machines.iter().map(MachineSummary::of).collect(),
            findings: Vec::new(),
            reference_machine: None,
            alpha: None,
            across: Default::default(),
        }
    }
}

/// The classes' names as the site-wide pages show them: a name two or
/// more classes share (`name: "Box"` in `box/` and `box2/`) followed by
/// each one's directory, `Box (box)` and `Box (box2)`. The index, the
/// cross-class page and `data.json`'s index showed two rows `Box` whose
/// figures no reader could tell apart (attack47 F3). Other names stay.
pub fn tell_apart_names(machines: &mut [MachineSummary]) {
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for m in machines.iter() {
        *seen.entry(m.name.as_str()).or_default() += 1;
    }
    let shared: std::collections::HashSet<String> =
        seen.into_iter().filter(|&(_, n)| n > 1).map(|(name, _)| name.to_string()).collect();
    for m in machines.iter_mut().filter(|m| shared.contains(&m.name)) {
        m.name = format!("{} ({})", m.name, m.slug);
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
            kernels: Some(m.kernels.iter().map(KernelName::of).collect()),
            baseline: m.baseline.clone(),
            axis: m.axis.clone(),
            findings: Vec::new(),
            cells: across::cells_of(m),
        }
    }

    /// A copy without its [`MachineSummary::cells`] (the front page's
    /// template context leaves them out; they are most of a summary).
    pub fn without_cells(&self) -> Self {
        MachineSummary {
            slug: self.slug.clone(),
            link: self.link.clone(),
            name: self.name.clone(),
            specs: self.specs.clone(),
            kernels: self.kernels.clone(),
            baseline: self.baseline.clone(),
            axis: self.axis.clone(),
            findings: self.findings.clone(),
            cells: AcrossCells::default(),
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
            axis: site::Axis::of(c.compare.as_ref()),
            findings: Vec::new(),
            cells: AcrossCells::default(),
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
    /// What differs between the kernels' environments (configs, command
    /// lines, mounts…) and what their logs show.
    pub environment: environment::EnvironmentView,
    /// The class's `notes:` (web pages only) as Markdown.
    pub notes_md: String,
    /// Those notes as sanitised HTML.
    pub notes_html: String,
    /// Kernels in table order.
    pub kernels: Vec<KernelView>,
    /// The baseline kernel, if set.
    pub baseline: Option<String>,
    /// Sections in page order.
    pub sections: Vec<SectionView>,
    /// What the `*` mark means on this page, with α and the number of
    /// tests corrected for ([`significance_text`]): "significant at α =
    /// 0.05 after Benjamini–Hochberg correction over the 412 tests of this
    /// machine class (Welch's t-test; an exact rank test where neither
    /// side's runs vary)".
    pub significance: String,
    /// The largest significant changes against the baseline (after the
    /// page's correction, [`correct_page`]), largest first:
    /// [`NOTABLE_SHOWN`] of them at most.
    pub notable: Vec<NotableChange>,
    /// The heading of `notable`, naming the baseline its changes are
    /// against, which its items then leave out ([`notable_heading`]):
    /// "Notable changes against 2.4.19".
    pub notable_heading: String,
    /// What the regressions page (`regressions.html`) opens with, which the
    /// machine page links to ([`regressions::counts_text`]): "3
    /// regressions, 5 improvements", or why no change could be told.
    pub regressions_text: String,
    /// True when `regressions_text` counts (a baseline, and some change
    /// tested): the mail says it then, and leaves out the reasons it
    /// cannot (the legend says them).
    pub regressions_counted: bool,
    /// On a page of some of a class's sections ([`filtered_page`]: `text
    /// --section`), the ids of the sections the whole class's page gives
    /// star bars ([`star_tables`]), so that a section keeps the shape the
    /// class's mail draws it in (newcomer44 N16: the demo's "dbench 32"
    /// was bars alone in `text --section`, a table in `email.txt`);
    /// `None`: chosen among this page's sections.
    #[serde(skip)]
    pub star_sections: Option<Vec<String>>,
    /// How many more significant changes there are than `notable` lists.
    pub notable_more: usize,
    /// The line after a shortened list of notable changes
    /// ([`notable_more_text`]): "… and 2223 more significant changes in the
    /// tables below"; empty when `notable_more` is 0.
    pub notable_more_text: String,
    /// What "not tested" means in every legend of the page ([`NOT_TESTED`]):
    /// "a single run, no spread on either side and a difference of one
    /// printed step at most, or a difference below the
    /// last printed decimal place", and a mean of only the timed runs
    /// (`≥`) where a table shows one ([`significance::not_tested_text`]).
    pub not_tested: String,
    /// Trend charts across kernel versions (may be empty). Filled by the
    /// chart step (`chart::page_charts`), which draws them.
    pub trend_charts: Vec<ChartRef>,
    /// What the class compares (`compare:` in `machine.yaml`): the noun
    /// every heading, legend, table header and chart description of the
    /// class's pages says. Kernels by default.
    pub axis: site::Axis,
    /// On a large class's summary page ([`summary_page`]): what its tables
    /// and charts leave out and where it is; "" on every other page.
    pub shown_note: String,
    /// True when the class's raw files are copied into the output and its
    /// pages link the copies (relative links, which a kernel page prefixes
    /// with `../`); false when they link the repository (site.yaml's
    /// `raw_url`: links of their own, [`RawLinks`]).
    #[serde(skip)]
    pub raw_copied: bool,
    /// A large class's summary page ([`summary_page`]) with its chart
    /// references, made once by the chart step (`chart::page_charts`),
    /// which draws from it, for the HTML renderers ([`shown_page`]);
    /// `None` for a class that shows every kernel, and before the chart
    /// step.
    #[serde(skip)]
    pub summary: Option<Box<MachinePage>>,
    /// What several renderers ask of the page, worked out on the first ask
    /// ([`PageMemo`]).
    #[serde(skip)]
    pub memo: PageMemo,
}

/// What the HTML and Markdown renderers each ask of one finished page,
/// worked out on the first ask and kept with it: every cell each kernel
/// shares with the baseline and the comparison summary of them
/// ([`compare_summary`], also the head of [`compare_page`] and of
/// [`regressions_page`]), the regressions page and a large class's pages
/// of regressions ([`regression_pages`]). Each was worked out two or
/// three times a class (≈ 80 M instructions of adding a kernel to the
/// large generated archive). Not to be asked before the page's sections
/// are final; a clone starts empty (a page cloned is usually cloned to be
/// changed: a summary page, a filtered page).
#[derive(Debug, Default)]
pub struct PageMemo {
    comparison_refs: std::sync::OnceLock<Vec<(usize, Vec<ComparisonRef>)>>,
    compare_summary: std::sync::OnceLock<Vec<KernelSummary>>,
    regressions: std::sync::OnceLock<std::sync::Arc<RegressionsPage>>,
    regression_pages: std::sync::OnceLock<std::sync::Arc<Vec<RegressionsPage>>>,
}

impl Clone for PageMemo {
    fn clone(&self) -> Self {
        Self::default()
    }
}

/// Builds the view of the whole site.
pub fn site_view(site: &Site) -> SiteView {
    SiteView {
        title: site.config.title.clone(),
        description_md: site.config.description.clone(),
        description_html: markdown::html(&site.config.description, site.config.allow_remote),
        machines: site.machines.par_iter().map(|m| machine_page(m, &machine_policy(&site.config, m))).collect(),
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
    /// Commentary may load images from other hosts (site.yaml's `allow_remote`).
    pub allow_remote: bool,
    /// The smallest change in percent the regressions page lists
    /// ([`regressions`]): the section's, machine's or site's
    /// `regression_threshold:`, else [`DEFAULT_REGRESSION_THRESHOLD`].
    pub regression_threshold: f64,
    /// Where the links to the class's raw files point (site.yaml's
    /// `raw_url`, else the copies).
    pub raw: RawLinks,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            baseline: None,
            trim: 0,
            alpha: 0.05,
            allow_remote: false,
            regression_threshold: DEFAULT_REGRESSION_THRESHOLD,
            raw: RawLinks::copies(),
        }
    }
}

/// The labelled facts of a machine: CPU, MHz, memory, disks, source.
pub fn machine_specs(c: &MachineConfig) -> Vec<Spec> {
    let mhz = c.mhz.clone();
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
/// site's) trim and significance level, and where its raw files are linked.
pub fn machine_policy(site: &SiteConfig, m: &MachineClass) -> Policy {
    let raw = raw_links(site, m);
    let m = &m.config;
    Policy {
        raw,
        baseline: m.baseline.clone(),
        trim: m.trim.or(site.trim).unwrap_or(0),
        alpha: m.alpha.or(site.alpha).unwrap_or(0.05),
        allow_remote: site.allow_remote,
        regression_threshold: m
            .regression_threshold
            .or(site.regression_threshold)
            .unwrap_or(DEFAULT_REGRESSION_THRESHOLD),
    }
}

/// Where the links to class `m`'s raw files point: under site.yaml's
/// `raw_url`, in `m`'s directory, when set; else its copies.
pub fn raw_links(site: &SiteConfig, m: &MachineClass) -> RawLinks {
    let dir = m.dir.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    RawLinks::new(site.raw_url.as_deref(), &dir)
}

/// A sample and the file it came from.
type Entry<'a> = (&'a ResultFile, &'a Sample);

/// A section to build: its title, commentary, parts, the samples each part
/// shows, its headline and its policy.
struct SectionJob<'a> {
    title: String,
    commentary: String,
    /// Its `notes:` (web pages only).
    notes: &'a str,
    parts: Vec<section::Part<'a>>,
    /// The samples each part shows (the class's selection): their entries
    /// are made as the section is ([`SectionJob::entries`]), not all
    /// sections' at once (16 bytes a sample, and 8 for its part).
    shown: &'a [Vec<site::SampleRef>],
    /// Of each part, the samples of its cells that average files of
    /// different names as runs ([`site::Selection::merged`]), sorted.
    merged: Vec<&'a [site::SampleRef]>,
    /// The class's files whose figures are another kernel's, figure for
    /// figure, or repeated by another kernel's ([`site::Selection::copied`]), sorted.
    copied: &'a [usize],
    /// The class's files whose notes doubt their averaged copies are one
    /// kernel's ([`site::Selection::doubted`]), sorted: their cells get
    /// [`MARK_MERGED`].
    doubted: &'a [usize],
    /// Its `headline:` metric, if set.
    headline: Option<&'a str>,
    policy: Policy,
    /// Its configuration, when it is a configured section (not one of
    /// results no section claims).
    config: Option<&'a site::SectionConfig>,
}

/// Lays out one machine-class page: sections, statistics, significance,
/// notable changes. Its charts are not drawn here: the chart step
/// (`chart::page_charts`) fills [`SectionView::charts`] and
/// [`MachinePage::trend_charts`] and draws the SVG documents.
pub fn machine_page(m: &MachineClass, policy: &Policy) -> MachinePage {
    let mut page = machine_page_without_grids(m, policy);
    lay_out_grids(&mut page);
    page
}

/// [`machine_page`] without its tables laid out ([`SectionView::grid`]
/// `None`): everything else of the page (statistics, significance,
/// notable changes, regressions) is the same. With [`lay_out_grids`] after
/// it, the page is [`machine_page`]'s; in between, the class's samples may
/// be freed (once `data.json` and the lints have read them): the grids
/// need only the page, and a large class's samples and grids together set
/// its build's peak memory.
pub fn machine_page_without_grids(m: &MachineClass, policy: &Policy) -> MachinePage {
    let c = &m.config;
    let specs = machine_specs(c);

    let kernel_names: Vec<String> = m.kernels.iter().map(|k| k.name.clone()).collect();
    let axis = site::Axis::of(c.compare.as_ref());
    let jobs = section_jobs(m, policy);
    // Sections are independent: build them in parallel. Each job (its
    // samples' references, 16 bytes a sample) is dropped with its section
    // made, not kept while the grids are laid out.
    let mut sections: Vec<SectionView> = jobs
        .into_par_iter()
        .map(|j| {
            let order = section::Order { headline: j.headline, kernels: &kernel_names };
            let (entries, entry_part, marks) = j.entries(m);
            let mut s = section::section_view(
                &j.title,
                &j.commentary,
                &j.parts,
                (&entries, &entry_part, &marks),
                &order,
                &j.policy,
            );
            drop((entries, entry_part, marks));
            s.table.axis = axis.clone();
            (s.table.setup_note, s.table.setup_keys) = setup_note(&s.table, &s.benchmarks, &m.setups);
            if !m.skipped.is_empty() {
                let selectors = j.config.map(site::SectionConfig::selectors);
                s.table.skipped = skipped_files(&s.table, &s.benchmarks, selectors.as_deref(), &m.skipped);
            }
            // An item of a class comparing runtimes, configs, … with no
            // row here, and no file of it said in `skipped`: named.
            if !axis.kernels && !s.table.rows.is_empty() {
                s.table.gave_nothing = kernel_names
                    .iter()
                    .filter(|k| !s.table.rows.iter().any(|r| &r.kernel == *k))
                    .filter(|k| !s.table.skipped.iter().any(|(sk, _)| sk == *k))
                    // The baseline's absence is said by `uncompared`.
                    .filter(|k| s.table.baseline_absent.as_ref() != Some(*k))
                    .cloned()
                    .collect();
            }
            if !j.notes.trim().is_empty() {
                s.notes_md = j.notes.to_string();
                s.notes_html = markdown::html(j.notes, j.policy.allow_remote);
            }
            s
        })
        .collect();
    // Each section's anchor id, unique on the page: as `data.json` lists
    // them (`section_heads`, the one place they are made).
    for (s, (id, _)) in sections.iter_mut().zip(section_heads(m)) {
        s.id = id;
    }
    // Kernels whose dmesg shows a problem: marked in every table.
    let marks = environment::kernel_marks(&m.kernels);
    if !marks.is_empty() {
        for s in &mut sections {
            s.table.marks.clone_from(&marks);
        }
    }
    let tests = correct_page(&mut sections, policy.alpha, significance::CLASS);
    mark_merged_changes(&mut sections);
    let (notable, notable_more, notable_heading) = notable_changes(&sections, c.baseline.as_deref());
    let selected = regressions::select(&sections);
    let regressions_text = regressions::counts_text(&selected);
    let regressions_counted = selected.compared && selected.tests > 0;

    MachinePage {
        slug: m.slug.clone(),
        link: path_segment(&m.slug),
        name: c.name.clone(),
        specs,
        description_md: c.description.clone(),
        description_html: markdown::html(&c.description, policy.allow_remote),
        environment: environment::environment(&m.kernels),
        notes_md: c.notes.clone(),
        notes_html: markdown::html(&c.notes, policy.allow_remote),
        kernels: m
            .kernels
            .par_iter()
            .map(|k| {
                let (env, config_options) = environment::kernel_facts(k);
                KernelView {
                    name: k.name.clone(),
                    notes_md: k.config.notes.clone(),
                    notes_html: markdown::html(&k.config.notes, policy.allow_remote),
                    patches: k.config.patches.clone(),
                    env_text: environment::kernel_facts_text(k, &env, config_options),
                    env,
                    config_options,
                    ran: if axis.kernels { String::new() } else { ran_text(m, k) },
                    mark: environment::mark_of(&marks, &k.name).cloned(),
                }
            })
            .collect(),
        baseline: c.baseline.clone(),
        sections,
        significance: significance_text(policy.alpha, tests),
        notable,
        notable_heading,
        regressions_text,
        regressions_counted,
        star_sections: None,
        notable_more_text: notable_more_line(notable_more),
        notable_more,
        not_tested: significance::not_tested_text(selected.at_least),
        trend_charts: Vec::new(),
        axis,
        shown_note: String::new(),
        raw_copied: policy.raw.copied(),
        summary: None,
        memo: PageMemo::default(),
    }
}

/// The longest `set-up` value, in characters, a table cell shows as it
/// is (`dbench -D /mnt/ext4`, `taskset -c 0`, `on boxA`); where one is
/// longer, every set-up of the table is shown as a key
/// ([`TableView::setup_keys`]).
pub const SETUP_CELL_CHARS: usize = 24;

/// The note under table `t` (of `benchmarks`) naming the set-ups its
/// `set-up` column shows and the files they were read from
/// ([`TableView::setup_note`]), and the keys its cells show for them
/// where one is too long for a cell ([`TableView::setup_keys`]: each set-up
/// the note lists then follows its key, `A = `fio direct=1 …` (6.1/fio.json
/// line 1)`); `None` and no keys when it has no such column.
fn setup_note(
    t: &TableView,
    benchmarks: &[String],
    setups: &[site::SetupSource],
) -> (Option<site::SetupNote>, Vec<(String, String)>) {
    // The site's column: renamed where the files give a `set-up` of their own.
    let Some(i) = t
        .param_headers
        .iter()
        .position(|h| h == site::SETUP_PARAM_APART)
        .or_else(|| t.param_headers.iter().position(|h| h == site::SETUP_PARAM))
    else {
        return (None, Vec::new());
    };
    // The set-ups in row order (the order the keys follow).
    let mut values: Vec<&str> = Vec::new();
    for v in t.rows.iter().filter_map(|r| r.params.get(i)).filter(|v| !v.is_empty()) {
        if !values.contains(&v.as_str()) {
            values.push(v);
        }
    }
    let mut shown: Vec<&site::SetupSource> =
        setups.iter().filter(|s| benchmarks.contains(&s.benchmark) && values.contains(&s.value.as_str())).collect();
    if shown.is_empty() {
        return (None, Vec::new());
    }
    let long = values.iter().any(|v| v.chars().count() > SETUP_CELL_CHARS);
    // A key per set-up, each listed: at most 26 (A to Z), each of them one
    // the note can name (read from a file).
    let keyed = long && values.len() <= 26 && values.iter().all(|v| shown.iter().any(|s| s.value == *v));
    if !keyed {
        return (Some(site::SetupNote::new(&shown, &[])), Vec::new());
    }
    let keys: Vec<(String, String)> =
        values.iter().zip('A'..='Z').map(|(v, k)| ((*v).to_string(), k.to_string())).collect();
    shown.sort_by_key(|s| values.iter().position(|v| *v == s.value));
    (Some(site::SetupNote::new(&shown, &keys)), keys)
}

/// The files of `skipped` ([`site::MachineClass::skipped`]) the table `t`
/// of a section of `benchmarks` would have shown: of its benchmark,
/// selected by its `files:` globs (`selectors`, a configured section's
/// parts; none for a section of its own), and of a kernel of the class
/// without a row in `t` (a kernel whose other files gave rows has its
/// row; a file outside a kernel directory names none). As (kernel, the
/// file's name in its kernel directory), for [`skipped_note`].
fn skipped_files(
    t: &TableView,
    benchmarks: &[String],
    selectors: Option<&[site::Selector]>,
    skipped: &[site::SkippedFile],
) -> Vec<(String, String)> {
    skipped
        .iter()
        .filter(|f| benchmarks.contains(&f.benchmark))
        .filter(|f| selectors.is_none_or(|sel| sel.iter().any(|s| s.selects_path(&f.rel_path, &f.benchmark))))
        .filter_map(|f| {
            let kernel = f.kernel_dir.as_deref()?;
            let name = f.rel_path.strip_prefix(kernel).map_or(f.rel_path.as_str(), |n| n.trim_start_matches('/'));
            (!t.rows.iter().any(|r| r.kernel == kernel)).then(|| (kernel.to_string(), name.to_string()))
        })
        .collect()
}

/// The line under a table naming the files its benchmark recognised and
/// read nothing of ([`TableView::skipped`]): "6.9.0-v1: wis.txt gave no
/// results (see warnings)"; `None` when there are none.
pub fn skipped_note(skipped: &[(String, String)]) -> Option<String> {
    let each: Vec<String> = skipped.iter().map(|(k, f)| format!("{k}: {f} gave no results")).collect();
    (!each.is_empty()).then(|| format!("{} (see warnings)", each.join("; ")))
}

/// The line under a table naming the items of a class comparing them
/// (`compare: runtime`) with no row in it ([`TableView::gave_nothing`]):
/// "nothing here from the runtime docker: its files gave no result for
/// this table", "from the runtimes docker, proot: their files …"; `None`
/// when there are none.
pub fn gave_nothing_note(axis: &site::Axis, items: &[String]) -> Option<String> {
    let (noun, whose) = match items.len() {
        0 => return None,
        1 => (&axis.one, "its"),
        _ => (&axis.many, "their"),
    };
    Some(format!("nothing here from the {noun} {}: {whose} files gave no result for this table", items.join(", ")))
}

/// Lays out each table of `page` ([`SectionView::grid`]) once, for every
/// renderer, with its raw files named (HTML's links; the others do not
/// draw them), so that HTML draws this grid itself rather than a copy.
/// A table without rows has none. The second half of [`machine_page`].
pub fn lay_out_grids(page: &mut MachinePage) {
    page.sections.par_iter_mut().for_each(|s| {
        s.grid = (!s.table.rows.is_empty()).then(|| grid::linked_grid(&s.table).into());
    });
}

/// What item `k` of a class that compares something other than kernels
/// really ran, for its page and the class page: "kernel 5.10.17+" from the
/// kernel its raw files' headers name (UnixBench's `OS:` line, lmbench's
/// OS column), else from its environment (`uname -a`, a `kernel` fact of
/// `env:`); "kernels 5.10.17+, 5.10.21" when they differ; "" when nothing
/// names one.
pub fn ran_text(m: &MachineClass, k: &site::Kernel) -> String {
    let mut named: Vec<String> = Vec::new();
    let add = |named: &mut Vec<String>, n: &str| {
        if !n.is_empty() && !named.iter().any(|x| x == n) {
            named.push(n.to_string());
        }
    };
    for rf in m.results.iter().filter(|rf| rf.kernel_dir.as_deref() == Some(k.name.as_str())) {
        // One kernel, or several a file names ("6.1.0, 6.6.0": two reports).
        for n in rf.named_kernel.iter().flat_map(|n| n.split(", ")) {
            add(&mut named, n);
        }
    }
    if named.is_empty() {
        for f in &k.env.facts {
            match f.key.as_str() {
                "kernel" => add(&mut named, f.value.trim()),
                // `Linux host 6.8.0-45-generic #45 SMP …`: the release is the third word.
                "uname" => add(&mut named, f.value.split_whitespace().nth(2).unwrap_or("")),
                _ => {}
            }
        }
    }
    match named.len() {
        0 => String::new(),
        1 => format!("kernel {}", named[0]),
        _ => format!("kernels {}", named.join(", ")),
    }
}

/// The sections to build of a machine class: each configured section with
/// the samples each of its parts shows ([`crate::site::select`]), then a
/// section per benchmark and group for the samples no configured section
/// claimed; each with its policy.
fn section_jobs<'a>(m: &'a MachineClass, policy: &Policy) -> Vec<SectionJob<'a>> {
    let c = &m.config;
    let selection = &m.selection;
    let mut jobs: Vec<SectionJob> = Vec::new();
    for (si, (sc, shown)) in c.sections.iter().zip(&selection.shown).enumerate() {
        let parts = sc
            .selectors()
            .iter()
            .map(|s| section::Part {
                label: s.label,
                metric_order: s.metric_order,
                configured: true,
                group_named: s.names_group(),
            })
            .collect();
        let policy = Policy {
            baseline: sc.baseline.clone().or_else(|| policy.baseline.clone()),
            trim: sc.trim.unwrap_or(policy.trim),
            alpha: policy.alpha,
            allow_remote: policy.allow_remote,
            regression_threshold: sc.regression_threshold.unwrap_or(policy.regression_threshold),
            raw: policy.raw.clone(),
        };
        jobs.push(SectionJob {
            title: sc.title.clone(),
            commentary: sc.commentary.clone(),
            notes: &sc.notes,
            parts,
            shown,
            merged: (0..shown.len()).map(|pi| selection.merged_of_part(si, pi)).collect(),
            copied: &selection.copied,
            doubted: &selection.doubted,
            headline: sc.headline.as_deref(),
            policy,
            config: Some(sc),
        });
    }
    // Results no configured section showed get a section per benchmark and group.
    for (ui, ((bench, group), samples)) in selection.unclaimed.iter().enumerate() {
        jobs.push(SectionJob {
            title: unclaimed_title(bench, group, &selection.unclaimed),
            commentary: String::new(),
            notes: "",
            parts: vec![section::Part { label: None, metric_order: &[], configured: false, group_named: false }],
            shown: std::slice::from_ref(samples),
            merged: vec![selection.merged_of_unclaimed(ui)],
            copied: &selection.copied,
            doubted: &selection.doubted,
            headline: None,
            policy: policy.clone(),
            config: None,
        });
    }
    jobs
}

impl<'a> SectionJob<'a> {
    /// The samples the section shows, each with the file it came from
    /// (of `m`, the class the job is of), the index of the part that
    /// shows each, and the marks of its cell ([`MARK_MERGED`]: it averages
    /// files of different names, [`SectionJob::merged`], or its file's
    /// doubted copies, [`SectionJob::doubted`]; [`MARK_COPIED`]:
    /// its file is a copy of another kernel's or copied by one,
    /// [`SectionJob::copied`]); empty where no cell of the section has one.
    fn entries(&self, m: &'a MachineClass) -> (Vec<Entry<'a>>, Vec<usize>, Vec<u8>) {
        let entry = |&(fi, si): &site::SampleRef| -> Entry<'a> { (&m.results[fi], &m.results[fi].parsed.samples[si]) };
        let entries = self.shown.iter().flatten().map(entry).collect();
        let entry_part = self.shown.iter().enumerate().flat_map(|(pi, p)| std::iter::repeat_n(pi, p.len())).collect();
        let copied = |fi: usize| self.copied.binary_search(&fi).is_ok();
        let doubted = |fi: usize| self.doubted.binary_search(&fi).is_ok();
        let marks = if self.merged.iter().all(|m| m.is_empty())
            && (self.copied.is_empty() || !self.shown.iter().flatten().any(|&(fi, _)| copied(fi)))
            && (self.doubted.is_empty() || !self.shown.iter().flatten().any(|&(fi, _)| doubted(fi)))
        {
            Vec::new()
        } else {
            let mut out = Vec::with_capacity(self.shown.iter().map(Vec::len).sum());
            for (p, r) in self.shown.iter().zip(&self.merged) {
                out.extend(p.iter().map(|x| {
                    let merged = if r.binary_search(x).is_ok() || doubted(x.0) { MARK_MERGED } else { 0 };
                    merged | if copied(x.0) { MARK_COPIED } else { 0 }
                }));
            }
            out
        };
        (entries, entry_part, marks)
    }
}

/// A sample's cell averages files of different names as runs, or its
/// file's copies a warning doubts are one kernel's ([`SectionJob::entries`];
/// [`CellView::merged`]).
const MARK_MERGED: u8 = 1;
/// A sample's file repeats another kernel's, or is repeated by one
/// ([`SectionJob::entries`]; [`CellView::copied`]).
const MARK_COPIED: u8 = 2;

/// The title of the section of a benchmark's (and group's) results that no
/// configured section showed: "dbench", "tiobench: write". A parser of
/// other benchmarks' results whose group is the benchmark (`pct-table`'s
/// `hackbench`) titles it by the benchmark alone ("hackbench", not
/// "pct-table: hackbench", its parser's id, no word a reader knows); "(pct
/// table)" after it where the page has a section of that benchmark's own
/// output too (`unclaimed`: every such section's benchmark and group).
fn unclaimed_title(bench: &str, group: &str, unclaimed: &[((String, String), Vec<site::SampleRef>)]) -> String {
    if bench == crate::parse::pct_table::ID && !group.is_empty() {
        let own = unclaimed.iter().any(|((b, g), _)| b == group && g.is_empty());
        return if own { format!("{group} (pct table)") } else { group.to_string() };
    }
    // schedtests' report.py tables alike (archive41).
    if bench == crate::parse::schedtests::ID && !group.is_empty() {
        let own = unclaimed.iter().any(|((b, g), _)| b == group && g.is_empty());
        return if own { format!("{group} (report.py table)") } else { group.to_string() };
    }
    // perf stat's by the words perf prints (`Performance counter stats`)
    // and a reader types, not its parser's id `perf-stat` (afix49b).
    let bench = if bench == crate::parse::perf_stat::ID { "perf stat" } else { bench };
    if group.is_empty() { bench.to_string() } else { format!("{bench}: {group}") }
}

/// The sections of `m`'s page ([`machine_page`]) as (anchor id, title), in
/// page order, without laying any out: the page's ids (each its title's
/// slug, `-2`, `-3` … after a repeat), and what `data.json` lists of them
/// (`export::data_json_of`), so that a build can write it before the
/// page is laid out.
pub fn section_heads(m: &MachineClass) -> Vec<(String, String)> {
    // As `section_jobs` makes them: a section per configured one, then one
    // per benchmark and group of the results none showed.
    let configured = m.config.sections.iter().zip(&m.selection.shown).map(|(sc, _)| sc.title.clone());
    let all = &m.selection.unclaimed;
    let unclaimed = all.iter().map(|((bench, group), _)| unclaimed_title(bench, group, all));
    let mut ids: Vec<String> = Vec::new();
    configured
        .chain(unclaimed)
        .map(|title| {
            let id = unique_id(&ids, slugify(&title));
            ids.push(id.clone());
            (id, title)
        })
        .collect()
}

/// An id the pages give an element of their own (`kernels`, `summary`,
/// `trends`, `kernel-3`, `vs-2`): a section titled `Kernels` or `Kernel 1`
/// took it too, and its links went to the page's list of kernels.
fn is_page_id(id: &str) -> bool {
    let numbered =
        |prefix: &str| id.strip_prefix(prefix).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    matches!(id, "kernels" | "summary" | "trends") || numbered("kernel-") || numbered("vs-")
}

/// `base`, or `base-2`, `base-3`, … : the first that `seen` does not hold
/// and no page gives an element of its own ([`is_page_id`]).
fn unique_id(seen: &[String], base: String) -> String {
    let mut id = base.clone();
    let mut n = 2;
    while seen.contains(&id) || is_page_id(&id) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}
