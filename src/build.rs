//! The `build` command: content directory in, site out.
//!
//! Machine classes are loaded, rendered and written one after the other
//! (each in parallel inside), so memory holds one class at a time, not the
//! whole archive. Every file goes to a temporary file beside its place
//! (`.<name>.benchsite-tmp`); only when the whole build succeeded are they
//! renamed into place, each atomically. A failed build removes its
//! temporary files (and directories it created), so the output is left as
//! it was. Files whose contents did not change are left alone (not even
//! touched). benchsite marks directories it creates with a
//! `.benchsite` file listing what it wrote; a later build removes only files
//! from that list that it no longer produces, so `output/.git` and
//! `output/CNAME` survive. It refuses to write into a non-empty directory it
//! did not create unless told to with `force`.

use crate::cache::{self, Cache, MachineEntry};
use crate::check::has_errors;
use crate::diag::{Diagnostic, Severity};
pub use crate::output::{Clash, DirWriter, MARKER, OutputLock, PathClaims, Sink, Written, create_new, write_new};
use crate::output::{Collect, Tap, WriteError};
use crate::render::{
    OutputFile, RenderError, Renderer,
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
use std::sync::atomic::{AtomicUsize, Ordering};

/// Settings of one build.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// The content directory.
    pub content: PathBuf,
    /// The output directory.
    pub output: PathBuf,
    /// A theme directory overriding the embedded default theme. `None`
    /// means the theme `site.yaml` names (or `default`) under [`themes_root`].
    pub theme_dir: Option<PathBuf>,
    /// Plaintext width for `email.txt`.
    pub text_width: usize,
    /// Write into a non-empty output directory benchsite did not create.
    pub force: bool,
    /// Absolute base URL for links, overriding `site.yaml`'s `base_url`.
    pub base_url: Option<String>,
}

impl BuildOptions {
    /// Defaults for a content directory: output `output`, no theme
    /// directory, width 72.
    pub fn new(content: impl Into<PathBuf>, output: impl Into<PathBuf>) -> Self {
        BuildOptions {
            content: content.into(),
            output: output.into(),
            theme_dir: None,
            text_width: 72,
            force: false,
            base_url: None,
        }
    }
}

/// What a build did.
#[derive(Debug, Clone, Default)]
pub struct BuildReport {
    /// Raw result files parsed.
    pub files_read: usize,
    /// Raw files actually run through a parser in this build (the others
    /// came from the parse cache, or belong to a class the cache skipped).
    pub files_parsed: usize,
    /// Output files produced.
    pub files_out: usize,
    /// Output files whose contents changed (and were written).
    pub files_written: usize,
    /// HTML pages produced.
    pub pages: usize,
    /// SVG charts produced.
    pub charts: usize,
    /// Every warning (and, for a failed build, error).
    pub diagnostics: Vec<Diagnostic>,
}

/// Why a build failed. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The content directory could not be read.
    #[error("cannot read content directory {path}: {source}")]
    Content {
        /// The directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The content has errors (listed).
    #[error("{} error(s) in content", .0.iter().filter(|d| d.severity == Severity::Error).count())]
    Invalid(Vec<Diagnostic>),
    /// `--strict`: the build gave these warnings, so nothing was written.
    #[error("{} warning(s) with --strict", .0.len())]
    Strict(Vec<Diagnostic>),
    /// A template failed.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// The output directory is not benchsite's.
    #[error("{0} is not empty and was not created by benchsite (no {MARKER} file); use --force to write into it")]
    NotOurs(PathBuf),
    /// The output directory is the content directory or inside it.
    #[error(
        "output directory {output} is inside the content directory {content}; choose an output directory outside it"
    )]
    OutputInContent {
        /// The output directory.
        output: PathBuf,
        /// The content directory.
        content: PathBuf,
    },
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Putting the built files in place failed part-way: the output
    /// directory holds complete files only, some of them from this build
    /// (the temporaries not yet renamed were removed).
    #[error("cannot put {path} in place: {source}")]
    PartlyCommitted {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

impl From<WriteError> for BuildError {
    fn from(e: WriteError) -> Self {
        match e {
            WriteError::NotOurs(path) => BuildError::NotOurs(path),
            WriteError::Write { path, source } => BuildError::Write { path, source },
            WriteError::PartlyCommitted { path, source } => BuildError::PartlyCommitted { path, source },
        }
    }
}

/// Writes `files` under `out` ([`crate::output::write_output`]).
///
/// # Errors
/// [`BuildError::NotOurs`] for a foreign non-empty directory without
/// `force`; [`BuildError::Write`] on I/O failure or a path that cannot be
/// written (the output directory is then left as it was).
pub fn write_output(out: &Path, files: &[OutputFile], force: bool) -> Result<usize, BuildError> {
    Ok(crate::output::write_output(out, files, force)?)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Where themes live: `themes/` beside the content directory.
pub fn themes_root(content: &Path) -> PathBuf {
    let parent = content.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    parent.join("themes")
}

/// The theme directory a build uses: the one given, else `themes/<name>` for
/// the theme `site.yaml` names (which must exist), else `themes/default`
/// when present. Theme names cannot leave `themes/`.
///
/// # Errors
/// [`BuildError::Render`] when `site.yaml` names a theme that is missing or
/// is not a plain directory name.
pub fn resolve_theme(opts: &BuildOptions, named: Option<&str>) -> Result<Option<PathBuf>, BuildError> {
    if let Some(dir) = &opts.theme_dir {
        // A typo in --theme must not quietly build with the default theme.
        if !dir.is_dir() {
            return Err(BuildError::Render(RenderError::Template(format!(
                "--theme {}: no such directory",
                dir.display()
            ))));
        }
        return Ok(Some(dir.clone()));
    }
    let root = themes_root(&opts.content);
    match named {
        Some(name) => {
            let plain = !name.is_empty()
                && Path::new(name).components().count() == 1
                && matches!(Path::new(name).components().next(), Some(std::path::Component::Normal(_)));
            let dir = root.join(name);
            if !plain || !dir.is_dir() {
                return Err(BuildError::Render(RenderError::Template(format!(
                    "site.yaml: theme {name:?} not found (looked for {})",
                    dir.display()
                ))));
            }
            Ok(Some(dir))
        }
        None => Ok(Some(root.join("default"))),
    }
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
        } else if path.ends_with(".svg") {
            self.charts.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Loads, renders and returns every output file without writing anything.
///
/// # Errors
/// [`BuildError::Content`], [`BuildError::Invalid`] or [`BuildError::Render`].
pub fn render_site(opts: &BuildOptions) -> Result<(Vec<OutputFile>, BuildReport), BuildError> {
    render_site_with_progress(opts, &indicatif::ProgressBar::hidden())
}

/// Renders the site as [`render_site`] does, checking every output path,
/// and keeps no file: what `check` needs, in the memory of a machine class
/// or two at a time rather than the whole site's (1.8 GB for an archive of
/// 3,000 kernels).
///
/// # Errors
/// As [`render_site`].
pub fn render_and_discard(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    generate(opts, &indicatif::ProgressBar::hidden(), &Collect::discarding(), None)
}

/// [`render_site`], reporting parsing progress on `progress`. Files come
/// sorted by path.
///
/// # Errors
/// As [`render_site`].
pub fn render_site_with_progress(
    opts: &BuildOptions,
    progress: &indicatif::ProgressBar,
) -> Result<(Vec<OutputFile>, BuildReport), BuildError> {
    let sink = Collect::keeping();
    let report = generate(opts, progress, &sink, None)?;
    Ok((sink.into_files(), report))
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
    Ok(vec![
        Box::new(HtmlRenderer::new(theme)?.with_base_url(opts.base_url.as_deref().or(config.base_url.as_deref()))),
        Box::new(MarkdownRenderer),
        Box::new(crate::render::svg::SvgRenderer),
        Box::new(TextRenderer { options: TextOptions { width: opts.text_width, compare: true } }),
    ])
}

/// Refuses a `--base-url` that is not http(s) or an absolute path: it
/// would prefix every link (`javascript:alert(1)//index.html`).
fn check_options(opts: &BuildOptions) -> Result<(), BuildError> {
    if let Some(url) = &opts.base_url
        && !site::base_url_ok(url)
    {
        return Err(BuildError::Invalid(vec![Diagnostic::error(
            "--base-url",
            None,
            format!("{url:?} must start with https://, http:// or /"),
        )]));
    }
    Ok(())
}

/// Loads and renders the site machine class by machine class, handing every
/// output file to `sink` as soon as it is made. On error the sink may hold
/// part of the site: [`build`] throws that away.
///
/// # Errors
/// [`BuildError::Content`], [`BuildError::Invalid`] (every diagnostic of
/// every class), [`BuildError::Render`], or the sink's errors.
pub fn generate(
    opts: &BuildOptions,
    progress: &indicatif::ProgressBar,
    sink: &dyn Sink,
    cache: Option<(&Cache, &mut Vec<(String, MachineEntry)>)>,
) -> Result<BuildReport, BuildError> {
    let _all = timing::span("generate (total)");
    check_options(opts)?;
    let counts = Counts::default();
    let sink = Tap { inner: sink, seen: |p: &str| counts.count(p) };
    let mut diags = Vec::new();
    let (config, dirs) = site::plan(&opts.content, &mut diags)
        .map_err(|source| BuildError::Content { path: opts.content.clone(), source })?;
    // A broken template is reported after the content's errors, as a
    // content error would make it moot.
    let (renderers, theme, render_error) = match resolve_theme(opts, config.theme.as_deref())
        .and_then(|theme| Ok((make_renderers(opts, &config, theme.as_deref())?, theme)))
    {
        Ok((r, theme)) => (r, theme, None),
        Err(e) => (Vec::new(), None, Some(e)),
    };
    let description_html = crate::markdown::to_html(&config.description);
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
    };

    let scan_ns = cache::now_ns();
    let common_key = cache.as_ref().map(|_| common_key(opts, theme.as_deref(), &dirs));
    let (cache, mut entries) = match cache {
        Some((c, e)) => (Some(c), Some(e)),
        None => (None, None),
    };
    let mut summaries = Vec::new();
    let mut files_read = 0;
    let mut files_parsed = 0;
    let ctx = ClassContext {
        opts,
        progress,
        sink: &sink,
        cache,
        common_key,
        scan_ns,
        renderers: &renderers,
        nav: &nav,
        config: &config,
        // After an error, the classes are only loaded, for their diagnostics.
        render: !has_errors(&diags) && render_error.is_none(),
    };
    // A two-stage pipeline over the machine classes: while one class is
    // laid out, rendered and written, the next is read and parsed. Each
    // stage runs its own steps in parallel too; the overlap keeps both cores
    // busy through the steps that do not parallelise well, while memory
    // holds one class being rendered and one being parsed, not the archive.
    // First every class is walked and checked against the cache, in
    // parallel (cheap: directory listings and file stats).
    let t = timing::span("check every class");
    let mut checked: Vec<Option<Result<Checked, BuildError>>> =
        dirs.par_iter().map(|(dir, slug)| Some(check_class(&ctx, dir, slug))).collect();
    drop(t);
    let mut prepare = |i: usize| -> Option<Result<Prepared, BuildError>> {
        let (dir, slug) = dirs.get(i)?;
        Some(checked[i].take()?.and_then(|c| prepare_class(&ctx, dir, slug, c)))
    };
    let mut next = prepare(0);
    for i in 0..dirs.len() {
        let Some(current) = next.take() else { break };
        let (done, upcoming) = rayon::join(|| current.and_then(|p| finish_class(&ctx, p)), || prepare(i + 1));
        next = upcoming;
        let o = done?;
        diags.extend(o.diags);
        files_read += o.files_read;
        files_parsed += o.files_parsed;
        summaries.extend(o.summary);
        if let (Some(e), Some(entry)) = (entries.as_deref_mut(), o.entry) {
            e.push(entry);
        }
    }
    if has_errors(&diags) {
        return Err(BuildError::Invalid(diags));
    }
    if let Some(e) = render_error {
        return Err(e);
    }
    let summary = report::SiteSummary {
        title: config.title.clone(),
        description_md: config.description.clone(),
        description_html,
        machines: summaries,
    };
    for r in &renderers {
        for f in r.render_index(&summary)? {
            sink.put(f)?;
        }
    }
    sink.put(crate::export::index_file(&config.title, &summary.machines))?;
    sink.put(OutputFile::text(".nojekyll", String::new()))?;
    Ok(BuildReport {
        files_read,
        files_parsed,
        files_out: counts.files.load(Ordering::Relaxed),
        files_written: 0,
        pages: counts.pages.load(Ordering::Relaxed),
        charts: counts.charts.load(Ordering::Relaxed),
        diagnostics: diags,
    })
}

/// What [`build_class`] needs from the build.
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
    /// Unchanged since the last build: its files are kept.
    Kept(Box<ClassOutcome>),
    /// To build: what the walk found, the class's cache key, and its raw
    /// files' stats (empty without a cache).
    Changed(site::Discovered, u64, Vec<(String, Option<cache::Stat>)>),
}

/// Walks one machine class and asks the cache whether it changed; keeps
/// its files (hands their paths to `ctx.sink`) when it did not.
fn check_class(ctx: &ClassContext, dir: &Path, slug: &str) -> Result<Checked, BuildError> {
    let t = timing::span("machine: discover");
    let discovered = site::discover(dir);
    drop(t);
    let mut key = 0;
    let mut stats = Vec::new();
    if let (Some(cache), Some(common)) = (ctx.cache, ctx.common_key) {
        let _t = timing::span("machine: cache check");
        key = machine_key(common, slug, &discovered);
        stats = discovered.files.iter().map(|(rel, path, _)| (rel.clone(), cache::Stat::of(path))).collect();
        let paths: Vec<&Path> = discovered.files.iter().map(|(_, path, _)| path.as_path()).collect();
        if ctx.render
            && let Some(old) = cache.load(slug)
        {
            if !old.still_valid(key, &paths, &stats, &ctx.opts.output) {
                ctx.sink.known_outputs(old.into_outputs());
                return Ok(Checked::Changed(discovered, key, stats));
            }
            ctx.sink.keep(&old.output_paths().collect::<Vec<_>>())?;
            let mut out = ClassOutcome::default();
            out.diags.extend(old.diagnostics());
            out.files_read = old.files_read;
            out.summary = Some(old.summary.clone());
            out.entry = Some((slug.to_string(), old));
            return Ok(Checked::Kept(Box::new(out)));
        }
    }
    Ok(Checked::Changed(discovered, key, stats))
}

/// Loads one machine class [`check_class`] found changed: reads and parses
/// its raw files (through the parse cache).
fn prepare_class(ctx: &ClassContext, dir: &Path, slug: &str, checked: Checked) -> Result<Prepared, BuildError> {
    let mut out = ClassOutcome::default();
    let (discovered, key, stats) = match checked {
        Checked::Kept(out) => return Ok(Prepared::Done(out)),
        Checked::Changed(d, k, s) => (d, k, s),
    };
    let t = timing::span("machine: load + parse");
    let n_files = discovered.files.len();
    let parsed = ctx.cache.map(|c| c.load_parsed(slug));
    let m = site::load_machine_cached(
        dir,
        slug,
        Some(discovered),
        parsed.as_ref(),
        &ctx.config.ignore,
        &mut out.diags,
        ctx.progress,
    );
    drop(t);
    out.files_parsed = parsed.as_ref().map_or(n_files, |p| p.misses());
    let m = m.filter(|_| !has_errors(&out.diags) && ctx.render);
    if let (Some(c), Some(parsed)) = (ctx.cache, parsed) {
        let _t = timing::span("machine: store parse cache");
        c.store_parsed(slug, parsed);
    }
    let Some(m) = m else { return Ok(Prepared::Done(Box::new(out))) };
    out.files_read = site::first_of_each_file(&m.results).count();
    Ok(Prepared::Ready(Box::new(ReadyClass { slug: slug.to_string(), m, key, stats, out })))
}

/// Lays out (statistics, charts), renders and writes (to `ctx.sink`) a
/// class [`prepare_class`] loaded.
fn finish_class(ctx: &ClassContext, p: Prepared) -> Result<ClassOutcome, BuildError> {
    let ReadyClass { slug, m, key, stats, mut out } = match p {
        Prepared::Done(out) => return Ok(*out),
        Prepared::Ready(r) => *r,
    };
    let slug = slug.as_str();
    // Laid out here rather than beside the previous class's rendering: a
    // large class's view model is a few hundred MB, and two of them at once
    // (one rendering, one laid out) set the peak memory of a build.
    let t = timing::span("machine: report");
    let page = report::machine_page(&m, &report::machine_policy(ctx.config, &m.config));
    drop(t);
    // The class's output paths, for its cache entry.
    let paths: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let recording = Tap { inner: ctx.sink, seen: |p: &str| lock(&paths).push(p.to_string()) };
    let sink = &recording;
    let t = timing::span("machine: render + write");
    // Files go to the sink as they are made; the first write error is kept
    // (and later files dropped) and returned.
    let write_error: Mutex<Option<BuildError>> = Mutex::new(None);
    let put = |f: OutputFile| {
        if lock(&write_error).is_some() {
            return;
        }
        if let Err(err) = sink.put(f) {
            lock(&write_error).get_or_insert(err.into());
        }
    };
    // The pages and the data files side by side (each parallel inside too):
    // one alone leaves a core idle at its end, as a large class's
    // `data.json` (15 MB) is one serialisation. Holding both sets of
    // buffers at once costs a large build about 15 MB of peak memory.
    let (rendered, exported) = rayon::join(
        || {
            ctx.renderers
                .par_iter()
                .try_for_each(|r| r.render_machine_to(ctx.nav, &page, &put).map_err(BuildError::from))
        },
        || crate::export::machine_files(&m, &page).into_par_iter().try_for_each(|f| sink.put(f)),
    );
    rendered?;
    exported?;
    let summary = report::MachineSummary::of(&page);
    // The raw files' content hashes, for the cache entry and to keep their
    // copies in the output that are unchanged without copying them again
    // (a 300-kernel class has 3,600). Beside them the view model is freed
    // (a few hundred MB of small allocations on a large class): freeing it
    // after them left a core idle.
    // A file holding several benchmarks' outputs is one `ResultFile` per
    // output, side by side: each file is hashed and copied once.
    let copy_raw = || -> Result<Vec<u64>, BuildError> {
        let firsts: Vec<&site::ResultFile> = site::first_of_each_file(&m.results).collect();
        let raw_hashes: Vec<u64> =
            if ctx.cache.is_some() { firsts.par_iter().map(|rf| cache::hash(&rf.raw)).collect() } else { Vec::new() };
        firsts.par_iter().enumerate().try_for_each(|(i, rf)| {
            let path = format!("{}/{}/{}", m.slug, report::RAW_DIR, rf.rel_path);
            if let Some(&h) = raw_hashes.get(i)
                && sink.keep_unchanged(&path, rf.raw.len() as u64, h)?
            {
                return Ok(());
            }
            sink.put(OutputFile { path, contents: rf.raw.to_vec() })
        })?;
        Ok(raw_hashes)
    };
    let ((), raw_hashes) = rayon::join(move || drop(page), copy_raw);
    let raw_hashes = raw_hashes?;
    if let Some(e) = write_error.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner) {
        return Err(e);
    }
    drop(t);
    out.summary = Some(summary.clone());
    if ctx.cache.is_some() {
        // Content hashes of the raw files, from the bytes just read (or
        // no hash for files that gave no results). Reading those again here
        // would hash what the file holds now, not what was parsed: a file
        // still being written when it was parsed (unrecognised) and complete
        // now would be recorded as unchanged, and its warning kept for good.
        // With no hash, such a file is taken as unchanged only while its
        // size and times are (recorded before it was read); when they
        // differ, it is parsed again.
        let raw: FxHashMap<&str, u64> =
            site::first_of_each_file(&m.results).zip(&raw_hashes).map(|(rf, &h)| (rf.rel_path.as_str(), h)).collect();
        let files = stats
            .into_iter()
            .map(|(rel, stat)| {
                let hash = raw.get(rel.as_str()).copied().unwrap_or(cache::NO_HASH);
                let stat = stat.unwrap_or(cache::Stat::MISSING);
                cache::RawFile { rel, stat, hash }
            })
            .collect();
        let outputs = paths.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        out.entry = Some((
            slug.to_string(),
            MachineEntry::new(key, ctx.scan_ns, files, outputs, &out.diags, summary, out.files_read),
        ));
    }
    // The class's results freed in parallel too (3,600 files' samples).
    m.results.into_par_iter().for_each(drop);
    Ok(out)
}

/// Builds the site: [`generate`] into the output directory.
///
/// # Errors
/// Any [`BuildError`]; on error the output directory is unchanged (or, for
/// a write error while renaming files into place, holds complete files only).
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    build_with_progress(opts, &indicatif::ProgressBar::hidden())
}

/// [`build`], reporting parsing progress on `progress`.
///
/// # Errors
/// As [`build`].
pub fn build_with_progress(opts: &BuildOptions, progress: &indicatif::ProgressBar) -> Result<BuildReport, BuildError> {
    build_inner(opts, progress, false)
}

/// [`build_with_progress`] for `--strict`: a build that gave any warning
/// fails with [`BuildError::Strict`] before anything is written, leaving
/// the output directory as it was. One generation, not a check followed by
/// a build.
///
/// # Errors
/// As [`build`], and [`BuildError::Strict`] with the warnings.
pub fn build_strict(opts: &BuildOptions, progress: &indicatif::ProgressBar) -> Result<BuildReport, BuildError> {
    build_inner(opts, progress, true)
}

fn build_inner(
    opts: &BuildOptions,
    progress: &indicatif::ProgressBar,
    strict: bool,
) -> Result<BuildReport, BuildError> {
    // Writing into content/ would mix generated files (and copies of the raw
    // files) into the user's data, and the next build would read them back.
    if inside(&opts.output, &opts.content) {
        return Err(BuildError::OutputInContent { output: opts.output.clone(), content: opts.content.clone() });
    }
    let _all = timing::span("build (total)");
    check_options(opts)?;
    let t = timing::span("open output");
    let writer = DirWriter::new(&opts.output, opts.force)?;
    // Held to the end: the cache is stored after the commit.
    let _lock = writer.hold_lock();
    // The bar's elapsed time and ETA from here, not from before a wait for
    // another build's lock.
    progress.reset();
    drop(t);
    let cache = Cache::new(&opts.output);
    let use_cache = std::env::var_os("BENCHSITE_NO_CACHE").is_none_or(|v| v.is_empty() || v == "0");
    if !use_cache {
        cache.clear();
    }
    let mut entries = Vec::new();
    let generated = generate(opts, progress, &writer, use_cache.then_some((&cache, &mut entries)))
        .and_then(|r| if strict && !r.diagnostics.is_empty() { Err(BuildError::Strict(r.diagnostics)) } else { Ok(r) });
    match generated {
        Ok(mut report) => {
            progress.finish_and_clear();
            let t = timing::span("commit output");
            let (files_written, written) = writer.commit().inspect_err(|_| cache.discard())?;
            report.files_written = files_written;
            drop(t);
            if use_cache {
                let _t = timing::span("store cache");
                cache.store(&opts.output, entries, &written);
            }
            Ok(report)
        }
        Err(e) => {
            progress.finish_and_clear();
            // The cache directory first: it may be the only thing in an
            // output directory this build created.
            cache.discard();
            writer.abort();
            Err(e)
        }
    }
}

/// The part of every machine class's cache key that is the same for all:
/// benchsite, content path, options, theme, `site.yaml`, every `machine.yaml`.
fn common_key(opts: &BuildOptions, theme: Option<&Path>, dirs: &[(PathBuf, String)]) -> u64 {
    let mut h = cache::KeyHasher::default();
    h.field(cache::tool_version().as_bytes());
    h.field(opts.content.to_string_lossy().as_bytes());
    h.field(&(opts.text_width as u64).to_le_bytes());
    h.field(opts.base_url.as_deref().unwrap_or("\u{0}none").as_bytes());
    // The theme actually used (given, named in site.yaml, or themes/default).
    h.field(theme.map_or_else(String::new, |t| t.to_string_lossy().into_owned()).as_bytes());
    if let Some(theme) = theme.filter(|d| d.is_dir()) {
        for e in walkdir::WalkDir::new(theme).sort_by_file_name().into_iter().flatten() {
            if e.file_type().is_file() {
                h.field(e.path().to_string_lossy().as_bytes());
                h.field(&std::fs::read(e.path()).unwrap_or_default());
            }
        }
    }
    h.field(&site::read_annotation(&opts.content.join("site.yaml")).unwrap_or_default());
    for (dir, slug) in dirs {
        h.field(slug.as_bytes());
        h.field(&site::read_annotation(&dir.join("machine.yaml")).unwrap_or_default());
    }
    h.finish()
}

/// A machine class's cache key: the common key and its `kernel.yaml` files.
fn machine_key(common: u64, slug: &str, d: &site::Discovered) -> u64 {
    let mut h = cache::KeyHasher::default();
    h.field(&common.to_le_bytes());
    // The class's own name: two classes alike in every file must not take
    // each other's entries.
    h.field(slug.as_bytes());
    for (k, path) in d.kernel_dirs.iter().zip(&d.kernel_paths) {
        if let Ok(b) = site::read_annotation(&path.join("kernel.yaml")) {
            h.field(k.as_bytes());
            h.field(&b);
        }
    }
    // What the walk warned of (a broken link, a link loop): a class whose
    // raw files are unchanged but whose walk warns differently is built
    // again, so that its warnings are this walk's, not the last build's.
    for w in &d.diagnostics {
        h.field(w.file.as_os_str().as_encoded_bytes());
        h.field(w.message.as_bytes());
    }
    h.finish()
}

/// True when `path` is `dir` or below it, comparing absolute, resolved
/// paths (a path that does not exist yet is resolved through its nearest
/// existing ancestor).
fn inside(path: &Path, dir: &Path) -> bool {
    fn resolve(p: &Path) -> Option<PathBuf> {
        let abs = std::path::absolute(p).ok()?;
        let mut rest = Vec::new();
        let mut cur = abs.as_path();
        loop {
            if let Ok(real) = cur.canonicalize() {
                return Some(rest.iter().rev().fold(real, |acc, c| acc.join(c)));
            }
            rest.push(cur.file_name()?.to_os_string());
            cur = cur.parent()?;
        }
    }
    match (resolve(path), resolve(dir)) {
        (Some(p), Some(d)) => p.starts_with(d),
        _ => false,
    }
}
