//! The one pipeline every command runs: discover → load → report (lay out)
//! → render → output, machine class by machine class.
//!
//! `build` runs it into the output directory, `serve` into memory, `check`
//! into no file at all (with its lints on each class as it is laid out:
//! [`check_site`]), and `text MACHINE` runs its first steps for that one
//! class ([`lay_out_one`]). Every class is loaded once ([`load_class`]) and
//! laid out once ([`lay_out`]).

use super::keys::{common_key, findings_key, machine_key, site_key};
use super::themes::resolve_theme;
use super::{BuildError, BuildOptions, BuildReport, check_options, lock};
use crate::cache::{self, Cache, MachineEntry, SiteEntry};
use crate::diag::{Diagnostic, has_errors};
use crate::output::{Collect, OutputFile, Sink, Tap};
use crate::render::{
    Renderer,
    html::HtmlRenderer,
    markdown::MarkdownRenderer,
    text::{TextOptions, TextRenderer},
};
use crate::report;
use crate::site;
use crate::timing;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Called with each machine class's lints ([`crate::check::consistency`],
/// which every pass runs once per class as soon as it is laid out, for the
/// lint page) before it is rendered: `check` prints them. Classes come one
/// at a time, in name order.
pub type Lint<'a> = &'a (dyn Fn(Vec<Diagnostic>) + Sync);

/// Loads one machine class: reads its annotations and parses its raw files
/// (those `discovered` by the walk, less those `site.yaml`'s `ignore:`
/// leaves out), taking each file's parse result from `parsed` when it holds
/// one. `None` when its `machine.yaml` cannot be read; every problem goes to
/// `diags`. The one place the pipeline loads a class.
pub fn load_class(
    config: &site::SiteConfig,
    dir: &Path,
    slug: &str,
    discovered: site::Discovered,
    parsed: Option<&site::ParseCache>,
    diags: &mut Vec<Diagnostic>,
    progress: &indicatif::ProgressBar,
) -> Option<site::MachineClass> {
    let opts = site::LoadOptions {
        discovered: Some(discovered),
        cache: parsed,
        site_ignore: &config.ignore,
        progress: Some(progress),
    };
    site::load_machine(dir, slug, opts, diags)
}

/// Lays out one loaded machine class: its page's view model, under the
/// policy (baseline, trim, significance level) of `site.yaml` and its
/// `machine.yaml`. With `lay_out_without_grids` (a build lays out a class
/// in two steps), the one place the pipeline lays out a class.
pub fn lay_out(config: &site::SiteConfig, m: &site::MachineClass) -> report::MachinePage {
    let mut page = lay_out_without_grids(config, m);
    report::lay_out_grids(&mut page);
    page
}

/// [`lay_out`] without its tables laid out
/// ([`report::machine_page_without_grids`]): a build lays them out
/// ([`report::lay_out_grids`]) once the class's samples are freed.
fn lay_out_without_grids(config: &site::SiteConfig, m: &site::MachineClass) -> report::MachinePage {
    report::machine_page_without_grids(m, &report::machine_policy(config, m))
}

/// One machine class loaded and laid out on its own ([`lay_out_one`]).
#[derive(Debug)]
pub struct OneClass {
    /// What reading `site.yaml` and loading the class gave, in that order.
    pub diagnostics: Vec<Diagnostic>,
    /// The class's page; `None` when there is no such class, it could not
    /// be loaded, or loading it gave errors.
    pub page: Option<report::MachinePage>,
    /// When there is no such class (or its `machine.yaml` does not read):
    /// the machine classes there are (slugs in name order, those whose
    /// `machine.yaml` reads). Empty otherwise.
    pub known: Vec<String>,
    /// `site.yaml`'s `base_url`, if set: where the site is published.
    pub base_url: Option<String>,
    /// For each of the page's sections, in the page's order: the raw files
    /// (paths as the diagnostics name them) whose figures it shows. Empty
    /// without a page.
    pub section_files: Vec<Vec<std::path::PathBuf>>,
}

/// Loads and lays out the machine class `slug` of the content directory
/// `content`, and no other: what `text MACHINE` prints from.
///
/// # Errors
/// When `content` is not a readable directory.
pub fn lay_out_one(content: &Path, slug: &str) -> std::io::Result<OneClass> {
    let mut diagnostics = Vec::new();
    let (config, dirs) = site::plan(content, &mut diagnostics)?;
    let loaded = dirs.iter().find(|(_, s)| s == slug).and_then(|(dir, _)| {
        let hidden = indicatif::ProgressBar::hidden();
        load_class(&config, dir, slug, site::discover_with(dir, config.follow_links), None, &mut diagnostics, &hidden)
    });
    let Some(m) = loaded else {
        let known = dirs
            .iter()
            .filter(|(dir, _)| site::read_machine_config(dir, &mut Vec::new()).is_some())
            .map(|(_, s)| s.clone())
            .collect();
        return Ok(OneClass { diagnostics, page: None, known, base_url: config.base_url, section_files: Vec::new() });
    };
    let page = Some(&m).filter(|_| !has_errors(&diagnostics)).map(|m| lay_out(&config, m));
    // The files each section shows, in the page's order of sections (the
    // configured ones, then one per unclaimed benchmark and group), as
    // `report::section_warnings` takes them.
    let refs = m.selection.shown.iter().map(|parts| parts.iter().flatten().map(|&(fi, _)| fi).collect::<Vec<_>>());
    let refs = refs.chain(m.selection.unclaimed.iter().map(|(_, r)| r.iter().map(|&(fi, _)| fi).collect()));
    let section_files = refs
        .map(|mut fis| {
            fis.sort_unstable();
            fis.dedup();
            fis.into_iter().map(|fi| m.results[fi].path.clone()).collect()
        })
        .collect();
    Ok(OneClass { diagnostics, page, known: Vec::new(), base_url: config.base_url.clone(), section_files })
}

/// `check`'s pass over the site: the pipeline once, rendering into no file
/// (every output path is still claimed, so outputs that clash are found),
/// and calling `lint` on every class loaded, with errors or without. Unlike
/// a build it goes on after a class fails to render: the classes after it
/// are loaded and linted, not rendered.
///
/// Returns every diagnostic loading gave (`site.yaml`'s, then each class's
/// in name order) and, when the content has no errors, what fails a build
/// of it (a broken template, outputs that clash), if anything.
///
/// # Errors
/// [`BuildError::Content`] when the content directory cannot be read.
pub fn check_site(opts: &BuildOptions, lint: Lint) -> Result<(Vec<Diagnostic>, Option<BuildError>), BuildError> {
    let mut diags = Vec::new();
    let hidden = indicatif::ProgressBar::hidden();
    match run(opts, &hidden, &Collect::discarding(), None, Some(lint), &mut diags, None) {
        // A site without errors: its warnings went into the report.
        Ok(report) => Ok((report.diagnostics, None)),
        Err(BuildError::Invalid(all)) => Ok((all, None)),
        Err(e @ BuildError::Content { .. }) => Err(e),
        Err(e) => Ok((diags, Some(e))),
    }
}

/// Loads and renders the site machine class by machine class, handing every
/// output file to `sink` as soon as it is made. On error the sink may hold
/// part of the site: [`build`](super::build) throws that away.
///
/// # Errors
/// [`BuildError::Content`], [`BuildError::Invalid`] (every diagnostic of
/// every class), [`BuildError::Render`], or the sink's errors.
pub fn generate(
    opts: &BuildOptions,
    progress: &indicatif::ProgressBar,
    sink: &dyn Sink,
    cache: Option<(&Cache, &mut cache::Entries)>,
) -> Result<BuildReport, BuildError> {
    run(opts, progress, sink, cache, None, &mut Vec::new(), None)
}

/// How many output files, pages and charts a build made or kept.
#[derive(Default)]
struct Counts {
    files: AtomicUsize,
    pages: AtomicUsize,
    charts: AtomicUsize,
}

impl Counts {
    /// Counts the output file `path`: a file, and a page or a chart.
    fn count(&self, path: &str) {
        self.files.fetch_add(1, Ordering::Relaxed);
        if path.ends_with(".html") {
            self.pages.fetch_add(1, Ordering::Relaxed);
        } else if path.ends_with(".svg") && !path.contains("/charts/narrow/") {
            // A chart's phone copy is the same chart.
            self.charts.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The renderers of a build, with the theme [`resolve_theme`] picks
/// (`theme`, already resolved; `None` or a missing directory means the
/// embedded default theme).
fn make_renderers(
    opts: &BuildOptions,
    config: &site::SiteConfig,
    theme: Option<&Path>,
) -> Result<Vec<Box<dyn Renderer>>, BuildError> {
    let theme = theme.filter(|d| d.is_dir());
    // Percent-encoded once (`a b` → `a%20b`): a Markdown link stops at a
    // blank, and every renderer links under it.
    let base_url = opts.base_url.as_deref().or(config.base_url.as_deref()).map(site::encoded_base_url);
    let base_url = base_url.as_deref();
    Ok(vec![
        Box::new(HtmlRenderer::new(theme)?.with_base_url(base_url).with_markdown_file(config.markdown_name.as_deref())),
        Box::new(MarkdownRenderer::default().with_file_name(config.markdown_name.as_deref()).with_base_url(base_url)),
        Box::new(TextRenderer {
            options: TextOptions { width: opts.text_width, compare: true, brief: false, ascii: config.ascii_mail },
            base_url: base_url.map(str::to_string),
        }),
    ])
}

/// What a pass reads before any machine class.
pub(super) struct SitePlan {
    pub(super) config: site::SiteConfig,
    /// The machine-class directories and their slugs, in name order.
    pub(super) dirs: Vec<(PathBuf, String)>,
    renderers: Vec<Box<dyn Renderer>>,
    /// The theme directory used, if any.
    pub(super) theme: Option<PathBuf>,
    description_html: String,
    /// What machine pages know of the other classes.
    nav: report::SiteSummary,
}

/// Reads `site.yaml`, lists the machine classes, sets up the renderers and
/// what every page knows of the other classes. Returns the plan and, when
/// the theme is broken, that error (reported after the content's errors,
/// as a content error would make it moot).
///
/// # Errors
/// [`BuildError::Content`] when the content directory cannot be read.
pub(super) fn plan_site(
    opts: &BuildOptions,
    diags: &mut Vec<Diagnostic>,
) -> Result<(SitePlan, Option<BuildError>), BuildError> {
    let (config, dirs) = site::plan(&opts.content, diags)
        .map_err(|source| BuildError::Content { path: opts.content.clone(), source })?;
    let (renderers, theme, render_error) = match resolve_theme(opts, config.theme.as_deref())
        .and_then(|theme| Ok((make_renderers(opts, &config, theme.as_deref())?, theme)))
    {
        Ok((r, theme)) => (r, theme, None),
        Err(e) => (Vec::new(), None, Some(e)),
    };
    let description_html = crate::markdown::html(&config.description, config.allow_remote);
    // What machine pages know of the other classes: machine.yaml only (their
    // kernels are not read yet). Problems are reported when each class loads.
    let nav = report::SiteSummary {
        title: config.title.clone(),
        description_md: config.description.clone(),
        description_html: description_html.clone(),
        machines: dirs
            .iter()
            .filter_map(|(dir, slug)| {
                site::read_machine_config(dir, &mut Vec::new()).map(|c| report::MachineSummary::of_config(slug, &c))
            })
            .collect(),
        findings: Vec::new(),
        reference_machine: None,
        alpha: None,
        across: Default::default(),
    };
    Ok((SitePlan { config, dirs, renderers, theme, description_html, nav }, render_error))
}

/// A shard build's part of the site ([`super::shard`]): the machine
/// classes it builds, and what each gave (filled by [`run`]).
pub(super) struct ShardScope<'a> {
    /// The slugs of the classes to build; the site-level files are not
    /// made (the merge makes them).
    pub(super) only: &'a [String],
    /// What each class built gave, in name order.
    pub(super) classes: Vec<ClassRecord>,
}

/// What one machine class of a shard gave: what the merge needs of it.
pub(super) struct ClassRecord {
    /// The class's slug.
    pub(super) slug: String,
    /// Loading its diagnostics.
    pub(super) diags: Vec<Diagnostic>,
    /// Raw files read.
    pub(super) files_read: usize,
    /// Its line in the site index (`None`: no line, as in a full build).
    pub(super) summary: Option<report::MachineSummary>,
}

/// [`generate`] for a shard: only the classes `scope.only` names, no
/// site-level files; what each class gave goes to `scope.classes`.
///
/// # Errors
/// As [`generate`].
pub(super) fn generate_shard(
    opts: &BuildOptions,
    progress: &indicatif::ProgressBar,
    sink: &dyn Sink,
    cache: Option<(&Cache, &mut cache::Entries)>,
    scope: &mut ShardScope,
) -> Result<BuildReport, BuildError> {
    run(opts, progress, sink, cache, None, &mut Vec::new(), Some(scope))
}

/// The pipeline: [`generate`], calling `lint` on each class when given
/// (`check`: then it goes on after a class fails to render). Every
/// diagnostic goes to `diags` as it comes (and is moved into the report, or
/// into [`BuildError::Invalid`]). With a `shard` scope, only its classes,
/// and no site-level files.
fn run(
    opts: &BuildOptions,
    progress: &indicatif::ProgressBar,
    sink: &dyn Sink,
    cache: Option<(&Cache, &mut cache::Entries)>,
    lint: Option<Lint>,
    diags: &mut Vec<Diagnostic>,
    shard: Option<&mut ShardScope>,
) -> Result<BuildReport, BuildError> {
    let _all = timing::span("generate (total)");
    check_options(opts)?;
    let counts = Counts::default();
    let sink = Tap { inner: sink, seen: |p: &str| counts.count(p) };
    let (plan, render_error) = plan_site(opts, diags)?;
    // What `site.yaml` and the walk gave, before any class: the lint page's
    // site-wide findings.
    let site_findings: Vec<report::Finding> = diags.iter().map(|d| report::Finding::of(d, &opts.content)).collect();
    let scan_ns = cache::now_ns();
    let common_key = cache.as_ref().map(|_| common_key(opts, plan.theme.as_deref(), &plan.dirs));
    let (cache, mut entries) = match cache {
        Some((c, e)) => (Some(c), Some(e)),
        None => (None, None),
    };
    let ctx = ClassContext {
        opts,
        progress,
        sink: &sink,
        cache,
        common_key,
        scan_ns,
        renderers: &plan.renderers,
        nav: &plan.nav,
        config: &plan.config,
        // After an error, the classes are only loaded, for their diagnostics.
        render: !has_errors(diags) && render_error.is_none(),
        lint,
        stopped: AtomicBool::new(false),
    };
    let shard_dirs: Option<Vec<(PathBuf, String)>> =
        shard.as_ref().map(|s| plan.dirs.iter().filter(|(_, slug)| s.only.contains(slug)).cloned().collect());
    // The site-level files' entry, when this build makes them (not a
    // shard) and may keep them (rendering, with a cache).
    let site = match (cache, common_key) {
        (Some(c), Some(common)) if shard.is_none() && ctx.render => {
            Some(SiteCheck { entry: c.load_site(), common, findings: findings_key(diags, &opts.content) })
        }
        _ => None,
    };
    let mut totals =
        run_classes(&ctx, shard_dirs.as_deref().unwrap_or(&plan.dirs), entries.as_deref_mut(), site, diags)?;
    if has_errors(diags) {
        return Err(BuildError::Invalid(std::mem::take(diags)));
    }
    if let Some(e) = render_error.or(totals.failure.take()) {
        return Err(e);
    }
    let class_findings = totals.classes.iter().filter_map(|c| c.summary.as_ref()).flat_map(|s| &s.findings);
    let check_warnings = super::check_warnings(site_findings.iter().chain(class_findings.clone()), diags);
    let check_diagnostics = super::check_diagnostics(site_findings.iter().chain(class_findings), diags, &opts.content);
    match shard {
        Some(scope) => scope.classes = std::mem::take(&mut totals.classes),
        None => {
            let site = match totals.site {
                // Every class and the site key as they were: the site-level
                // files are kept as they are.
                SiteOutcome::Kept(kept) => {
                    sink.keep(&kept.output_paths().collect::<Vec<_>>())?;
                    Some(kept)
                }
                SiteOutcome::Make(key, old) => {
                    let _t = timing::span("site-level files");
                    let paths: Mutex<Vec<String>> = Mutex::new(Vec::new());
                    let recording = Tap { inner: &sink, seen: |p: &str| lock(&paths).push(p.to_string()) };
                    let classes = std::mem::take(&mut totals.classes);
                    let (slugs, mut summaries): (Vec<String>, Vec<report::MachineSummary>) =
                        classes.into_iter().filter_map(|c| Some((c.slug, c.summary?))).unzip();
                    // The cross-class page's key; where it is the last
                    // build's and its files are in place, they are kept
                    // and no kept class's cells are read back.
                    let across = match (entries.as_deref(), common_key) {
                        (Some(e), Some(common)) => across_key_of(common, &plan.config, &slugs, &summaries, &e.classes),
                        _ => None,
                    };
                    let kept = match (across, old.as_ref().and_then(|o| o.across().map(|a| (o, a)))) {
                        (Some(k), Some((o, (old_key, shown, items))))
                            if k == *old_key && o.in_place(across_files(*shown), &opts.output) =>
                        {
                            Some((*shown, items.clone()))
                        }
                        _ => None,
                    };
                    if let Some((shown, _)) = &kept {
                        recording.keep(across_files(*shown))?;
                    } else if let Some(e) = entries.as_deref_mut() {
                        restore_pending(&ctx, &plan.dirs, &slugs, &mut summaries, e)?;
                    }
                    if let Some(old) = old {
                        sink.known_outputs(old.into_outputs());
                    }
                    let (shown, items) = render_index(&plan, &recording, summaries, site_findings, kept)?;
                    key.map(|k| {
                        SiteEntry::new(k, paths.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner))
                            .with_across(across.map(|a| (a, shown, items)))
                    })
                }
            };
            if let Some(e) = entries {
                e.site = site;
            }
        }
    }
    Ok(BuildReport {
        files_read: totals.files_read,
        files_parsed: totals.files_parsed,
        files_out: counts.files.load(Ordering::Relaxed),
        files_written: 0,
        pages: counts.pages.load(Ordering::Relaxed),
        charts: counts.charts.load(Ordering::Relaxed),
        diagnostics: std::mem::take(diags),
        check_warnings,
        check_diagnostics,
    })
}

/// The cross-class page's files, when it has a section.
fn across_files(shown: bool) -> &'static [&'static str] {
    if shown { &["across.html", "across.md", "across.txt"] } else { &[] }
}

/// The cross-class page's key: the classes' common key `common` (the
/// benchsite build, options, theme, `site.yaml` with the site's title,
/// every `machine.yaml`) and [`report::across_key`] of the classes `slugs`
/// with `summaries`, from the digests of their cells their cache entries
/// (`classes`, this build's) hold; `None` when a class has no entry or
/// digest.
fn across_key_of(
    common: u64,
    config: &site::SiteConfig,
    slugs: &[String],
    summaries: &[report::MachineSummary],
    classes: &[(String, MachineEntry)],
) -> Option<u64> {
    let by_slug: FxHashMap<&str, &MachineEntry> = classes.iter().map(|(s, e)| (s.as_str(), e)).collect();
    let ms: Vec<(&report::MachineSummary, &report::AcrossDigest)> = slugs
        .iter()
        .zip(summaries)
        .map(|(slug, m)| Some((m, by_slug.get(slug.as_str())?.across_digest()?)))
        .collect::<Option<_>>()?;
    let page = report::across_key(&ms, config.reference_machine.as_deref(), config.alpha)?;
    let mut h = cache::KeyHasher::default();
    h.field(&common.to_le_bytes()).field(&page.to_le_bytes());
    Some(h.finish())
}

/// Reads the cross-class cells of the kept classes whose entries (in
/// `entries`) still hold them in their stored form back into their
/// summaries (`summaries`, of the classes `slugs`), in parallel. A class
/// whose cells do not read back (an entry written damaged: its bytes
/// passed their hash) is loaded and laid out again for its cells
/// ([`cells_again`]), its files left as kept, and its entry replaced.
///
/// # Errors
/// [`BuildError::DamagedCache`] when such a class cannot be laid out
/// again (its entry is removed).
fn restore_pending(
    ctx: &ClassContext,
    dirs: &[(PathBuf, String)],
    slugs: &[String],
    summaries: &mut [report::MachineSummary],
    entries: &mut cache::Entries,
) -> Result<(), BuildError> {
    let _t = timing::span("read kept classes' cells");
    let at: FxHashMap<&str, usize> = entries.classes.iter().enumerate().map(|(i, (s, _))| (s.as_str(), i)).collect();
    let failed: Vec<usize> = slugs
        .par_iter()
        .zip(summaries.par_iter_mut())
        .enumerate()
        .filter_map(|(i, (slug, m))| {
            let e = &entries.classes[*at.get(slug.as_str())?].1;
            if !e.cells_pending() {
                return None;
            }
            match e.stored_cells() {
                Some(cells) => {
                    m.cells = cells;
                    None
                }
                None => Some(i),
            }
        })
        .collect();
    drop(at);
    for i in failed {
        let slug = &slugs[i];
        let again = dirs.iter().find(|(_, s)| s == slug).and_then(|(dir, _)| cells_again(ctx, dir, slug));
        let Some((cells, entry)) = again else {
            let path = ctx.cache.map_or_else(PathBuf::new, |c| c.forget(slug));
            return Err(BuildError::DamagedCache(path));
        };
        summaries[i].cells = cells;
        if let Some(e) = entries.classes.iter_mut().find(|(s, _)| s == slug) {
            e.1 = entry;
        }
    }
    Ok(())
}

/// Loads and lays out a kept class again for its cross-class cells (its
/// entry's do not read back), rendering into a sink that keeps nothing:
/// its files, kept, stay as they are. Returns its cells and its new cache
/// entry; `None` when it fails.
fn cells_again(ctx: &ClassContext, dir: &Path, slug: &str) -> Option<(report::AcrossCells, MachineEntry)> {
    let discard = Collect::discarding();
    let again = ClassContext {
        opts: ctx.opts,
        progress: ctx.progress,
        sink: &discard,
        cache: ctx.cache,
        common_key: ctx.common_key,
        scan_ns: ctx.scan_ns,
        renderers: ctx.renderers,
        nav: ctx.nav,
        config: ctx.config,
        render: ctx.render,
        lint: None,
        stopped: AtomicBool::new(false),
    };
    let settled = match check_class(&again, dir, slug).ok()? {
        Checked::Unchanged(u) => Settled::Changed(u.discovered, u.key, u.stats),
        Checked::Changed(d, k, s) => Settled::Changed(d, k, s),
    };
    let prepared = prepare_class(&again, dir, slug, settled).ok()?;
    let mut out = finish_class(&again, prepared);
    if out.failure.is_some() {
        return None;
    }
    Some((out.summary.take()?.cells, out.entry.take()?.1))
}

/// The site-wide files, from every class's summary line (and the site's
/// own `findings`, for the lint page): the renderers' index pages (and
/// the lint page), `data.json`'s index and `.nojekyll`. With `kept`
/// (whether the cross-class page has a section, and what it pairs) its
/// files `across.*` are kept as they are (the caller keeps them) and it
/// is not laid out. Returns whether the page has a section and what it
/// pairs.
pub(super) fn render_index(
    plan: &SitePlan,
    sink: &dyn Sink,
    machines: Vec<report::MachineSummary>,
    findings: Vec<report::Finding>,
    kept: Option<(bool, String)>,
) -> Result<(bool, String), BuildError> {
    let mut machines = machines;
    report::tell_apart_names(&mut machines);
    let summary = report::SiteSummary {
        title: plan.config.title.clone(),
        description_md: plan.config.description.clone(),
        description_html: plan.description_html.clone(),
        machines,
        findings,
        reference_machine: plan.config.reference_machine.clone(),
        alpha: plan.config.alpha,
        across: Default::default(),
    };
    match kept {
        Some((shown, items)) => {
            let _ = summary.across.set(std::sync::Arc::new(report::AcrossPage::kept(shown, items)));
        }
        None => {
            let _t = timing::span("site: cross-class page laid out");
            summary.across();
        }
    }
    for r in &plan.renderers {
        for f in r.render_index(&summary)? {
            sink.put(f)?;
        }
    }
    sink.put(crate::export::index_file(&plan.config.title, &summary.machines))?;
    sink.put(OutputFile::text(".nojekyll", String::new()))?;
    let across = summary.across();
    Ok((across.is_shown(), across.items.clone()))
}

/// What the machine classes gave, summed.
#[derive(Default)]
struct Totals {
    files_read: usize,
    files_parsed: usize,
    /// With a lint (`check`): the first class that failed to render.
    failure: Option<BuildError>,
    /// What each class gave, for a shard's manifest, or (their summaries)
    /// the site index.
    classes: Vec<ClassRecord>,
    /// What becomes of the site-level files.
    site: SiteOutcome,
}

/// Runs every machine class through the pipeline, adding their
/// diagnostics to `diags` and their cache entries to `entries`, and
/// settles whether the site-level files are kept (`site`, see
/// [`settle`]).
///
/// A two-stage pipeline over the machine classes: while one class is laid
/// out, rendered and written, the next is read and parsed. Each stage runs
/// its own steps in parallel too; the overlap keeps both cores busy through
/// the steps that do not parallelise well, while memory holds one class
/// being rendered and one being parsed, not the archive. First every class
/// is walked and checked against the cache, in parallel (cheap: directory
/// listings and file stats), and the classes found unchanged are kept.
///
/// # Errors
/// Without a lint, the first class's failure.
fn run_classes(
    ctx: &ClassContext,
    dirs: &[(PathBuf, String)],
    mut entries: Option<&mut cache::Entries>,
    site: Option<SiteCheck>,
    diags: &mut Vec<Diagnostic>,
) -> Result<Totals, BuildError> {
    let t = timing::span("check every class");
    let checked: Vec<Result<Checked, BuildError>> =
        dirs.par_iter().map(|(dir, slug)| check_class(ctx, dir, slug)).collect();
    drop(t);
    let (mut checked, site) = settle(ctx, dirs, checked, site);
    let mut prepare = |i: usize| -> Option<Result<Prepared, BuildError>> {
        let (dir, slug) = dirs.get(i)?;
        Some(checked[i].take()?.and_then(|c| prepare_class(ctx, dir, slug, c)))
    };
    let mut totals = Totals { site, ..Totals::default() };
    let mut next = prepare(0);
    for i in 0..dirs.len() {
        let Some(current) = next.take() else { break };
        let (done, upcoming) =
            rayon::join(|| current.map_or_else(ClassOutcome::failed, |p| finish_class(ctx, p)), || prepare(i + 1));
        next = upcoming;
        let mut o = done;
        if let Some(e) = o.failure.take() {
            if ctx.lint.is_none() {
                return Err(e);
            }
            // `check` reports the first failure, and loads and lints the
            // classes after it without rendering them.
            ctx.stopped.store(true, Ordering::Relaxed);
            totals.failure.get_or_insert(e);
        }
        totals.classes.push(ClassRecord {
            slug: dirs.get(i).map(|(_, slug)| slug.clone()).unwrap_or_default(),
            diags: o.diags.clone(),
            files_read: o.files_read,
            summary: o.summary,
        });
        diags.extend(o.diags);
        totals.files_read += o.files_read;
        totals.files_parsed += o.files_parsed;
        if let (Some(e), Some(entry)) = (entries.as_deref_mut(), o.entry) {
            e.classes.push(entry);
        }
    }
    Ok(totals)
}

/// What the steps of one machine class need from the pass.
struct ClassContext<'a> {
    opts: &'a BuildOptions,
    progress: &'a indicatif::ProgressBar,
    sink: &'a dyn Sink,
    cache: Option<&'a Cache>,
    common_key: Option<u64>,
    scan_ns: i128,
    renderers: &'a [Box<dyn Renderer>],
    nav: &'a report::SiteSummary,
    config: &'a site::SiteConfig,
    /// False after an error elsewhere: load for diagnostics only.
    render: bool,
    /// Called on each class laid out (`check`): then every class loaded is
    /// laid out, whether or not it is rendered.
    lint: Option<Lint<'a>>,
    /// Set when a class failed to render (`check` goes on without rendering).
    stopped: AtomicBool,
}

impl ClassContext<'_> {
    /// True when a class whose loading gave `diags` is to be rendered.
    fn renders(&self, diags: &[Diagnostic]) -> bool {
        self.render && !has_errors(diags) && !self.stopped.load(Ordering::Relaxed)
    }
}

/// What one machine class gave.
#[derive(Default)]
struct ClassOutcome {
    diags: Vec<Diagnostic>,
    files_read: usize,
    /// Raw files parsed (not taken from the parse cache).
    files_parsed: usize,
    summary: Option<report::MachineSummary>,
    entry: Option<(String, MachineEntry)>,
    /// Why the class could not be rendered or written.
    failure: Option<BuildError>,
}

impl ClassOutcome {
    /// A class that failed before it was loaded.
    fn failed(e: BuildError) -> Self {
        ClassOutcome { failure: Some(e), ..ClassOutcome::default() }
    }
}

/// A machine class after [`prepare_class`].
enum Prepared {
    /// Nothing more to do: kept from the cache, or loaded for its
    /// diagnostics only.
    Done(Box<ClassOutcome>),
    /// Loaded: to lay out, render and write.
    Ready(Box<ReadyClass>),
}

/// A machine class loaded, with what its cache entry needs.
struct ReadyClass {
    slug: String,
    m: site::MachineClass,
    key: u64,
    stats: Vec<(String, Option<cache::Stat>)>,
    out: ClassOutcome,
}

/// A machine class after [`check_class`].
enum Checked {
    /// Unchanged since the last build: [`settle`] keeps its files.
    Unchanged(Box<UnchangedClass>),
    /// To build: what the walk found, the class's cache key, and its raw
    /// files' stats (empty without a cache).
    Changed(site::Discovered, u64, Vec<(String, Option<cache::Stat>)>),
}

/// A machine class whose cache entry still describes it, with what
/// building it would need should the entry's cells not read back.
struct UnchangedClass {
    entry: MachineEntry,
    discovered: site::Discovered,
    key: u64,
    stats: Vec<(String, Option<cache::Stat>)>,
}

/// A machine class after [`settle`].
enum Settled {
    /// Kept from the cache: its files are kept.
    Kept(Box<ClassOutcome>),
    /// To build, as [`Checked::Changed`].
    Changed(site::Discovered, u64, Vec<(String, Option<cache::Stat>)>),
}

/// Walks one machine class and asks the cache whether it changed.
fn check_class(ctx: &ClassContext, dir: &Path, slug: &str) -> Result<Checked, BuildError> {
    let t = timing::span("machine: discover");
    let discovered = site::discover_with(dir, ctx.config.follow_links);
    drop(t);
    let mut key = 0;
    let mut stats = Vec::new();
    if let (Some(cache), Some(common)) = (ctx.cache, ctx.common_key) {
        let _t = timing::span("machine: cache check");
        key = machine_key(common, slug, dir, &discovered);
        stats = discovered.files.iter().map(|(rel, path, _)| (rel.clone(), cache::Stat::of(path))).collect();
        let paths: Vec<&Path> = discovered.files.iter().map(|(_, path, _)| path.as_path()).collect();
        if ctx.render
            && let Some(mut old) = cache.load(slug)
        {
            if !old.still_valid(key, &paths, &stats, &ctx.opts.output, ctx.scan_ns) {
                ctx.sink.known_outputs(old.into_outputs());
                return Ok(Checked::Changed(discovered, key, stats));
            }
            return Ok(Checked::Unchanged(Box::new(UnchangedClass { entry: old, discovered, key, stats })));
        }
    }
    Ok(Checked::Changed(discovered, key, stats))
}

/// What [`run`] knows of the site-level files' cache before the classes.
struct SiteCheck {
    /// The entry the last build stored, if any.
    entry: Option<SiteEntry>,
    /// The classes' common key.
    common: u64,
    /// [`findings_key`] of what `site.yaml` and the content walk gave.
    findings: u64,
}

/// What becomes of the site-level files.
enum SiteOutcome {
    /// Kept as the last build made them.
    Kept(SiteEntry),
    /// Made again: the site key to store them under (`None`: not stored),
    /// and the last build's entry (its outputs' records).
    Make(Option<u64>, Option<SiteEntry>),
}

impl Default for SiteOutcome {
    fn default() -> Self {
        SiteOutcome::Make(None, None)
    }
}

/// Decides what becomes of the site-level files, then keeps each class
/// [`check_class`] found unchanged (its files handed to `ctx.sink`).
///
/// The site-level files are made from every class's summary and
/// cross-class cells. They are kept when every class is unchanged, the
/// site key ([`site_key`]) is the one they were made under, and they are
/// still in place: then no class's cells are read back. Otherwise every kept
/// class's cells are read back (in parallel) for the cross-class page; a
/// class whose cells do not read back is built again.
fn settle(
    ctx: &ClassContext,
    dirs: &[(PathBuf, String)],
    checked: Vec<Result<Checked, BuildError>>,
    site: Option<SiteCheck>,
) -> (Vec<Option<Result<Settled, BuildError>>>, SiteOutcome) {
    let _t = timing::span("keep unchanged classes");
    let outcome = match site {
        None => SiteOutcome::default(),
        Some(site) => {
            let unchanged = checked.iter().all(|c| matches!(c, Ok(Checked::Unchanged(_))));
            // Every class's key (none when a class failed its check).
            let keys: Option<Vec<(&str, u64)>> = dirs
                .iter()
                .zip(&checked)
                .map(|((_, slug), c)| match c {
                    Ok(Checked::Unchanged(u)) => Some((slug.as_str(), u.key)),
                    Ok(Checked::Changed(_, key, _)) => Some((slug.as_str(), *key)),
                    Err(_) => None,
                })
                .collect();
            let key = keys.map(|keys| site_key(site.common, site.findings, keys));
            match (key, site.entry) {
                (Some(k), Some(e)) if unchanged && e.still_valid(k, &ctx.opts.output) => SiteOutcome::Kept(e),
                (k, e) => SiteOutcome::Make(k, e),
            }
        }
    };
    // The kept classes' cells are read back now only where the last
    // build recorded no cross-class key (else after the classes, and only
    // when the page's key changed: `run`).
    let restore = matches!(&outcome, SiteOutcome::Make(_, e) if e.as_ref().is_none_or(|e| e.across().is_none()));
    let settled = checked
        .into_par_iter()
        .zip(dirs)
        .map(|(c, (_, slug))| {
            Some(c.and_then(|c| match c {
                Checked::Unchanged(u) => keep_class(ctx, slug, *u, restore),
                Checked::Changed(d, k, s) => Ok(Settled::Changed(d, k, s)),
            }))
        })
        .collect();
    (settled, outcome)
}

/// Keeps a class [`check_class`] found unchanged: its outputs handed to
/// `ctx.sink` as kept, its diagnostics and summary taken from its entry
/// (the summary's cross-class cells read back when `restore`; when they
/// do not read back, the class is to be built after all).
fn keep_class(ctx: &ClassContext, slug: &str, u: UnchangedClass, restore: bool) -> Result<Settled, BuildError> {
    let UnchangedClass { mut entry, discovered, key, stats } = u;
    if restore && !entry.restore_cells() {
        ctx.sink.known_outputs(entry.into_outputs());
        return Ok(Settled::Changed(discovered, key, stats));
    }
    ctx.sink.keep_dir(slug, &entry.output_paths().collect::<Vec<_>>())?;
    let mut out = ClassOutcome::default();
    out.diags.extend(entry.diagnostics(&ctx.opts.content));
    out.files_read = entry.files_read;
    // An entry read back as it is is not written again: its summary (a
    // large class's cells, megabytes) moves, not copied. One whose raw
    // files were read again and recorded anew is stored again, whole.
    out.summary = Some(if entry.refreshed() { entry.summary.clone() } else { std::mem::take(&mut entry.summary) });
    out.entry = Some((slug.to_string(), entry));
    Ok(Settled::Kept(Box::new(out)))
}

/// Loads one machine class [`check_class`] found changed: reads and parses
/// its raw files (through the parse cache).
fn prepare_class(ctx: &ClassContext, dir: &Path, slug: &str, settled: Settled) -> Result<Prepared, BuildError> {
    let mut out = ClassOutcome::default();
    let (discovered, key, stats) = match settled {
        Settled::Kept(out) => return Ok(Prepared::Done(out)),
        Settled::Changed(d, k, s) => (d, k, s),
    };
    let t = timing::span("machine: load + parse");
    let n_files = discovered.files.len();
    let parsed = ctx.cache.map(|c| c.load_parsed(slug));
    let m = load_class(ctx.config, dir, slug, discovered, parsed.as_ref(), &mut out.diags, ctx.progress);
    drop(t);
    out.files_parsed = parsed.as_ref().map_or(n_files, |p| p.misses());
    // A lint sees every class loaded; a build only those it renders.
    let m = m.filter(|_| ctx.lint.is_some() || ctx.renders(&out.diags));
    if let (Some(c), Some(parsed)) = (ctx.cache, parsed) {
        let _t = timing::span("machine: store parse cache");
        c.store_parsed(slug, parsed);
    }
    let Some(m) = m else { return Ok(Prepared::Done(Box::new(out))) };
    out.files_read = site::first_of_each_file(&m.results).count();
    Ok(Prepared::Ready(Box::new(ReadyClass { slug: slug.to_string(), m, key, stats, out })))
}

/// Lays out (statistics, charts), lints (`check`), renders and writes (to
/// `ctx.sink`) a class [`prepare_class`] loaded.
fn finish_class(ctx: &ClassContext, p: Prepared) -> ClassOutcome {
    let ReadyClass { slug, mut m, key, stats, mut out } = match p {
        Prepared::Done(out) => return *out,
        Prepared::Ready(r) => *r,
    };
    // The class's output paths, for its cache entry.
    let paths: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let recording = Tap { inner: ctx.sink, seen: |p: &str| lock(&paths).push(p.to_string()) };
    // The raw copies first, and the raw bytes freed (nothing else reads
    // them): a large class's are 45 MB, held through the lay-out otherwise.
    // Then `data.json` (tens of MB while it is made), before the page is
    // laid out: a large class's samples and page together set the peak
    // memory of its build, and `data.json` is not added to them.
    let renders = ctx.renders(&out.diags);
    let raw_hashes = renders.then(|| {
        let hashes = copy_raw(ctx, &recording, &mut m)?;
        let _t = timing::span("machine: data.json");
        let heads = report::section_heads(&m);
        recording
            .put(crate::export::data_json_of(&m, heads.iter().map(|(id, title)| (id.as_str(), title.as_str()))))?;
        Ok::<_, BuildError>((hashes, heads))
    });
    // Laid out here rather than beside the previous class's rendering: a
    // large class's view model is a few hundred MB, and two of them at once
    // (one rendering, one laid out) set the peak memory of a build.
    let t = timing::span("machine: report");
    // Without its grids: laid out once the samples are freed
    // (`render_class`), so that the two are not held together.
    let mut page = lay_out_without_grids(ctx.config, &m);
    drop(t);
    // `check`'s lints, once: `check` prints them, the lint page lists them.
    let lints = crate::check::consistency(&m, &page);
    let raw = report::raw_links(ctx.config, &m);
    let findings = report::findings_of(&m, out.diags.iter().chain(&lints), &ctx.opts.content, &raw);
    // The class page says under each table what was warned of its files.
    report::section_warnings(&mut page, &m, out.diags.iter().chain(&lints), &raw);
    if let Some(lint) = ctx.lint {
        lint(lints);
    }
    let rendered = match raw_hashes {
        Some(Ok((raw_hashes, heads))) if ctx.renders(&out.diags) => {
            debug_assert!(
                heads
                    .iter()
                    .map(|(id, title)| (id.as_str(), title.as_str()))
                    .eq(page.sections.iter().map(|s| (s.id.as_str(), s.title.as_str()))),
                "data.json lists the page's sections"
            );
            let done = Rendered { paths: &paths, raw_hashes, key, stats };
            render_class(ctx, &slug, &recording, m, page, findings, done, &mut out)
        }
        Some(Err(e)) => Err(e),
        _ => Ok(()),
    };
    if let Err(e) = rendered {
        out.failure = Some(e);
    }
    out
}

/// What [`render_class`] needs for a class's cache entry besides its page:
/// the output paths recorded so far, the raw copies' content hashes
/// ([`copy_raw`]), its key and its raw files' stats.
struct Rendered<'a> {
    paths: &'a Mutex<Vec<String>>,
    raw_hashes: Vec<u64>,
    key: u64,
    stats: Vec<(String, Option<cache::Stat>)>,
}

/// Renders and writes a class laid out (its raw files copied already): its
/// pages and data files, through `recording` (which records their paths
/// in `done.paths`); then its summary line (with its lint `findings`) and
/// (with a cache) its cache entry go to `out`.
#[allow(clippy::too_many_arguments)]
fn render_class(
    ctx: &ClassContext,
    slug: &str,
    recording: &dyn Sink,
    mut m: site::MachineClass,
    mut page: report::MachinePage,
    findings: Vec<report::Finding>,
    done: Rendered,
    out: &mut ClassOutcome,
) -> Result<(), BuildError> {
    // The samples freed (`data.json` and the lints, their last readers,
    // ran), then the tables laid out: a large class's samples and grids
    // together set the peak memory.
    let t = timing::span("machine: grids");
    m.release_samples();
    report::lay_out_grids(&mut page);
    drop(t);
    // The chart step: the page's chart references filled, its SVGs drawn
    // (only for pages written: `check` and `text` draw none).
    let t = timing::span("machine: charts");
    let charts = crate::chart::page_charts(&mut page);
    drop(t);
    let t = timing::span("machine: render + write");
    // Files go to the sink as they are made; the first write error is kept
    // (and later files dropped) and returned after the rendering.
    let write_error: Mutex<Option<BuildError>> = Mutex::new(None);
    let mail_over = render_pages(ctx, recording, &page, charts, &write_error)?;
    // A mail table wider than `--width` whatever its layout: warned of
    // once, naming its section (newcomer43 N1: 73 columns at 72, unsaid).
    // Looked for only when `email.txt` has a line past the width: laying
    // the mail out again for every class cost 122 M instructions on the
    // medium build, for a warning most classes never give.
    if mail_over {
        let text =
            TextOptions { width: ctx.opts.text_width, compare: true, brief: false, ascii: ctx.config.ascii_mail };
        for (title, widest) in crate::render::text::mail_wide_tables(&page, &text) {
            let msg = crate::render::text::wide_table_warning(&title, widest, text.width);
            out.diags.push(Diagnostic::warning(m.dir.clone(), None, msg));
        }
    }
    let summary = report::MachineSummary { findings, ..report::MachineSummary::of(&page) };
    // The view model, a few hundred MB of small allocations on a large
    // class, freed section by section in parallel.
    std::mem::take(&mut page.sections).into_par_iter().for_each(drop);
    drop(page);
    if let Some(e) = write_error.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner) {
        return Err(e);
    }
    drop(t);
    out.summary = Some(summary.clone());
    if ctx.cache.is_some() {
        let Rendered { paths, raw_hashes, key, stats } = done;
        let outputs = std::mem::take(&mut *lock(paths));
        let entry = cache_entry(ctx, &m, key, stats, &raw_hashes, outputs, out, summary);
        out.entry = Some((slug.to_string(), entry));
    }
    // The class's results freed in parallel too (3,600 files' parse results).
    m.results.into_par_iter().for_each(drop);
    Ok(())
}

/// Renders a class's pages (its `charts`' SVG files, every renderer) and
/// its CSV files, side by side (each parallel inside too; `data.json` is
/// written before, in [`render_class`], while the samples it reads are
/// still held). A page the sink refuses goes to `write_error` (the first
/// one), and the pages after it are dropped. Returns whether the class's
/// `email.txt` has a line wider than the mail's width (`--text-width`):
/// only then are its tables looked at for the width warning.
///
/// # Errors
/// A template's error, or the sink's for a data file.
fn render_pages(
    ctx: &ClassContext,
    sink: &dyn Sink,
    page: &report::MachinePage,
    charts: Vec<crate::chart::ChartFile>,
    write_error: &Mutex<Option<BuildError>>,
) -> Result<bool, BuildError> {
    let mail_over = std::sync::atomic::AtomicBool::new(false);
    let put = |f: OutputFile| {
        if f.path.ends_with("/email.txt") && wider_than(&f.contents, ctx.opts.text_width) {
            mail_over.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if lock(write_error).is_some() {
            return;
        }
        if let Err(err) = sink.put(f) {
            lock(write_error).get_or_insert(err.into());
        }
    };
    let (rendered, exported) = rayon::join(
        || {
            crate::render::svg::chart_files(&page.slug, charts).for_each(&put);
            ctx.renderers
                .par_iter()
                .try_for_each(|r| r.render_machine_to(ctx.nav, page, &put).map_err(BuildError::from))
        },
        || crate::export::csv_files_to(page, |f| sink.put(f)),
    );
    rendered?;
    exported?;
    Ok(mail_over.into_inner())
}

/// True when a line of `text` (UTF-8) is wider than `width` columns, as
/// the plaintext's tables count them (`unicode-width`).
fn wider_than(text: &[u8], width: usize) -> bool {
    use unicode_width::UnicodeWidthStr;
    String::from_utf8_lossy(text).lines().any(|l| l.len() > width && l.width() > width)
}

/// Copies a class's raw files into the output (`<class>/raw/<path>`, named
/// by [`site::raw_copy_name`]: always ending in `.txt`),
/// unless site.yaml's `raw_url` links them in their repository instead
/// ([`report::RawLinks`]): then nothing is written. A
/// file holding several benchmarks' outputs is one `ResultFile` per output,
/// side by side: each file is copied once. With a cache, returns their
/// content hashes in [`site::first_of_each_file`] order, for the cache
/// entry and to keep copies that are unchanged without copying them again
/// (a 300-kernel class has 3,600); without one, nothing. Then frees the
/// raw bytes (every `ResultFile::raw` left empty): nothing reads them after.
///
/// # Errors
/// The sink's.
fn copy_raw(ctx: &ClassContext, sink: &dyn Sink, m: &mut site::MachineClass) -> Result<Vec<u64>, BuildError> {
    let firsts: Vec<&site::ResultFile> = site::first_of_each_file(&m.results).collect();
    let raw_hashes: Vec<u64> =
        if ctx.cache.is_some() { firsts.par_iter().map(|rf| cache::hash(&rf.raw)).collect() } else { Vec::new() };
    let copied = report::raw_links(ctx.config, m).copied();
    firsts.par_iter().enumerate().filter(|_| copied).try_for_each(|(i, rf)| -> Result<(), BuildError> {
        let path = format!("{}/{}/{}", m.slug, report::RAW_DIR, site::raw_copy_name(&rf.rel_path));
        if let Some(&h) = raw_hashes.get(i)
            && sink.keep_unchanged(&path, rf.raw.len() as u64, h)?
        {
            return Ok(());
        }
        Ok(sink.put(OutputFile { path, contents: rf.raw.to_vec() })?)
    })?;
    let none: std::sync::Arc<[u8]> = std::sync::Arc::from(&[][..]);
    m.results.par_iter_mut().for_each(|rf| rf.raw = none.clone());
    Ok(raw_hashes)
}

/// The cache entry of a class just built: its key, its raw files (as
/// walked, `stats`, with the content hashes `raw_hashes` of those read),
/// its outputs, diagnostics and summary.
#[allow(clippy::too_many_arguments)]
fn cache_entry(
    ctx: &ClassContext,
    m: &site::MachineClass,
    key: u64,
    stats: Vec<(String, Option<cache::Stat>)>,
    raw_hashes: &[u64],
    outputs: Vec<String>,
    out: &ClassOutcome,
    summary: report::MachineSummary,
) -> MachineEntry {
    // Content hashes of the raw files, from the bytes just read (or no hash
    // for files that gave no results). Reading those again here would hash
    // what the file holds now, not what was parsed: a file still being
    // written when it was parsed (unrecognised) and complete now would be
    // recorded as unchanged, and its warning kept for good. With no hash,
    // such a file is taken as unchanged only while its size and times are
    // (recorded before it was read); when they differ, it is parsed again.
    let raw: FxHashMap<&str, u64> =
        site::first_of_each_file(&m.results).zip(raw_hashes).map(|(rf, &h)| (rf.rel_path.as_str(), h)).collect();
    let files = stats
        .into_iter()
        .map(|(rel, stat)| {
            let hash = raw.get(rel.as_str()).copied().unwrap_or(cache::NO_HASH);
            let stat = stat.unwrap_or(cache::Stat::MISSING);
            cache::RawFile { rel, stat, hash }
        })
        .collect();
    MachineEntry::new(key, ctx.scan_ns, files, outputs, summary, out.files_read)
        .with_diagnostics(&out.diags, &ctx.opts.content)
}
