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
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Name of the marker file benchsite keeps in an output directory it owns.
pub const MARKER: &str = ".benchsite";

/// Present in the output directory while a build is writing into it.
const BUILDING: &str = ".benchsite-building";

/// Ends the name of the temporary file an output is written to beside its
/// place (`.<name>.benchsite-tmp`).
const TMP_SUFFIX: &str = ".benchsite-tmp";

/// The temporary file the marker is written to.
const MARKER_TMP: &str = ".benchsite.tmp";

/// The marker's first line; then every path the build wrote, sorted, one
/// per line.
const MARKER_HEADER: &str = "# files written by benchsite; do not edit\n";

/// Removes the temporary files an interrupted build left in `out`: this
/// build's own names for them (`.<name>.benchsite-tmp` beside each output,
/// `.benchsite.tmp` for the marker, `.<class>.*.tmp` in the cache
/// directory), never anything else.
fn remove_stale_temporaries(out: &Path) {
    // Not into a gh-pages checkout's `.git`, nor into another output
    // directory inside this one (its own marker says so): a build may be
    // writing there now, under its own lock.
    let walk = walkdir::WalkDir::new(out).follow_links(false).into_iter().filter_entry(|e| {
        e.file_name() != ".git"
            && !(e.depth() > 0
                && e.file_type().is_dir()
                && (e.path().join(MARKER).exists() || e.path().join(BUILDING).exists()))
    });
    let mut emptied = Vec::new();
    for e in walk.filter_map(Result::ok) {
        // A file, or a symbolic link planted under a temporary name (the
        // link is removed, never followed).
        if e.file_type().is_dir() {
            continue;
        }
        let name = e.file_name().to_string_lossy();
        let in_cache = e.path().parent().is_some_and(|p| p.file_name().is_some_and(|n| n == cache::DIR));
        let ours = (name.starts_with('.') && name.ends_with(TMP_SUFFIX))
            || (e.depth() == 1 && name == MARKER_TMP)
            || (in_cache && name.starts_with('.') && name.ends_with(".tmp"));
        if ours && std::fs::remove_file(e.path()).is_ok() {
            emptied.extend(e.path().parent().map(Path::to_path_buf));
        }
    }
    // The directories the killed build made for its temporary files.
    for d in emptied {
        remove_empty_dirs(&d, out);
    }
}

/// Removes `dir` if empty, then each parent that this leaves empty, up to
/// (not including) `out`; never a directory that still holds anything.
fn remove_empty_dirs(dir: &Path, out: &Path) {
    let mut dir = Some(dir);
    while let Some(d) = dir
        && d != out
        && d.starts_with(out)
        && std::fs::remove_dir(d).is_ok()
    {
        dir = d.parent();
    }
}

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

/// Where a build's output files go: kept in memory ([`render_site`]) or
/// written to the output directory ([`build`]). Called from several threads.
pub trait Sink: Sync {
    /// Takes one output file.
    ///
    /// # Errors
    /// [`BuildError::Write`] when it cannot be stored.
    fn put(&self, file: OutputFile) -> Result<(), BuildError>;

    /// Keeps files an earlier build wrote, unchanged (the outputs of a
    /// machine class the cache says did not change: a few thousand paths
    /// at once). Only [`DirWriter`] supports it.
    ///
    /// # Errors
    /// When the sink cannot keep files.
    fn keep(&self, paths: &[&str]) -> Result<(), BuildError> {
        let path = paths.first().copied().unwrap_or_default();
        Err(BuildError::Write { path: path.into(), source: std::io::Error::other("this sink cannot keep files") })
    }

    /// Hands over what an earlier build recorded of the outputs of a
    /// machine class about to be built again ([`DirWriter`] compares a new
    /// file with one still in place by the recorded hash instead of reading
    /// it back). Other sinks ignore it.
    fn known_outputs(&self, _outputs: Vec<cache::Output>) {}

    /// Keeps the file at `path` instead of taking it again when it is an
    /// output [`Sink::known_outputs`] named, still as written, with
    /// contents of this length and [`cache::hash`]: `true` when kept (the
    /// caller need not make the file), `false` when the file must be put.
    ///
    /// # Errors
    /// As [`Sink::put`], when the path clashes.
    fn keep_unchanged(&self, _path: &str, _len: u64, _hash: u64) -> Result<bool, BuildError> {
        Ok(false)
    }
}

/// A [`Sink`] keeping every file in memory, or (`discard`) none.
/// Output paths are claimed as a build would claim them, so clashes
/// between outputs are found without writing.
#[derive(Default)]
struct Collect {
    files: Mutex<Vec<OutputFile>>,
    claims: Mutex<PathClaims>,
    discard: bool,
}

impl Sink for Collect {
    fn put(&self, file: OutputFile) -> Result<(), BuildError> {
        let claimed = lock(&self.claims).claim(
            &file.path,
            Some((file.contents.len() as u64, cache::hash(&file.contents))),
            |_| false,
        );
        if claimed.map_err(|c| c.into_error(Path::new(""), &file.path))?.is_some() && !self.discard {
            lock(&self.files).push(file);
        }
        Ok(())
    }
}

/// A [`Sink`] passing everything through to another, and telling `seen`
/// the path of every output file it takes or keeps (to record a class's
/// outputs, or to count a build's).
struct Tap<'a, F: Fn(&str) + Sync> {
    inner: &'a dyn Sink,
    seen: F,
}

impl<F: Fn(&str) + Sync> Sink for Tap<'_, F> {
    fn put(&self, file: OutputFile) -> Result<(), BuildError> {
        (self.seen)(&file.path);
        self.inner.put(file)
    }

    fn keep(&self, paths: &[&str]) -> Result<(), BuildError> {
        for p in paths {
            (self.seen)(p);
        }
        self.inner.keep(paths)
    }

    fn known_outputs(&self, outputs: Vec<cache::Output>) {
        self.inner.known_outputs(outputs);
    }

    fn keep_unchanged(&self, path: &str, len: u64, hash: u64) -> Result<bool, BuildError> {
        let kept = self.inner.keep_unchanged(path, len, hash)?;
        if kept {
            (self.seen)(path);
        }
        Ok(kept)
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
    generate(opts, &indicatif::ProgressBar::hidden(), &Collect { discard: true, ..Collect::default() }, None)
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
    let sink = Collect::default();
    let report = generate(opts, progress, &sink, None)?;
    let mut files = sink.files.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok((files, report))
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
    let mut page = report::machine_page(&m, &report::machine_policy(ctx.config, &m.config));
    drop(t);
    let t = timing::span("machine: charts");
    let charts = crate::chart::page_charts(&mut page);
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
            lock(&write_error).get_or_insert(err);
        }
    };
    // The pages and the data files side by side (each parallel inside too):
    // one alone leaves a core idle at its end, as a large class's
    // `data.json` (15 MB) is one serialisation. Holding both sets of
    // buffers at once costs a large build about 15 MB of peak memory.
    let (rendered, exported) = rayon::join(
        || {
            crate::render::svg::chart_files(&page.slug, charts).for_each(&put);
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

/// The first directory on the way to `rel` under `out` that is a symbolic
/// link, if any: what is behind it is not the output directory's.
fn linked_dir(out: &Path, rel: &Path) -> Option<PathBuf> {
    let mut cur = out.to_path_buf();
    let parent = rel.parent()?;
    for c in parent.components() {
        cur.push(c);
        if cur.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
            return Some(cur);
        }
    }
    None
}

/// The name of the temporary file written beside the output `rel` (a
/// path relative to the output directory) before it is renamed into
/// place: `.<name>.benchsite-tmp`, or, when that would be longer than a
/// file name may be (255 bytes; a kernel directory's name can be 250),
/// `.<hash of the path>.benchsite-tmp`. Both end in the suffix by which a
/// killed build's leftovers are found.
fn tmp_name(rel: &str) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if name.len() + TMP_SUFFIX.len() < 255 {
        format!(".{name}{TMP_SUFFIX}")
    } else {
        format!(".{:032x}{TMP_SUFFIX}", xxhash_rust::xxh3::xxh3_128(rel.as_bytes()))
    }
}

/// Creates `path` as a new, empty regular file for writing. Whatever else
/// is at `path` (a temporary file left by a killed build, or a symbolic
/// link planted under a temporary file's name, which writing would follow
/// out of the output directory) is removed first, never followed; a
/// directory there is an error.
///
/// # Errors
/// When the old entry cannot be removed or the file cannot be created.
pub fn create_new(path: &Path) -> std::io::Result<std::fs::File> {
    // Created exclusively (`O_EXCL`, which never follows a link): something
    // is in the way only when that fails, and only then is it looked at.
    let open = || std::fs::OpenOptions::new().write(true).create_new(true).open(path);
    match open() {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            if path.symlink_metadata().is_ok_and(|m| !m.is_dir()) {
                std::fs::remove_file(path)?;
                open()
            } else {
                Err(e)
            }
        }
        r => r,
    }
}

/// Writes `bytes` to `path` as a new regular file ([`create_new`]).
///
/// # Errors
/// As [`create_new`], and write errors.
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    create_new(path)?.write_all(bytes)
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> BuildError + '_ {
    move |source| BuildError::Write { path: path.to_path_buf(), source }
}

/// Writes `files` under `out`, atomically per file, skipping unchanged ones,
/// and removes files a previous build wrote that are no longer produced.
/// Every path is checked (see [`DirWriter`]) before anything is renamed
/// into place. Returns how many files were written.
///
/// # Errors
/// [`BuildError::NotOurs`] for a foreign non-empty directory without
/// `force`; [`BuildError::Write`] on I/O failure or a path that cannot be
/// written (the output directory is then left as it was).
pub fn write_output(out: &Path, files: &[OutputFile], force: bool) -> Result<usize, BuildError> {
    let writer = DirWriter::new(out, force)?;
    for f in files {
        if let Err(e) = writer.put(f.clone()) {
            writer.abort();
            return Err(e);
        }
    }
    Ok(writer.commit()?.0)
}

/// A [`Sink`] writing into an output directory: each changed file to a
/// temporary file beside it; [`DirWriter::commit`] renames them into place,
/// [`DirWriter::abort`] removes them.
///
/// Before anything is renamed into place, every path is checked, as it
/// arrives: it stays inside the output directory, no two files share a path
/// (with different contents), no file sits where another needs a directory
/// (a machine class named `style.css`), and nothing in the output
/// directory is in the way (a directory where a file goes, a file where a
/// directory goes, a symbolic link to a directory on the way). A failed
/// check fails the build, and [`DirWriter::abort`] leaves the output
/// directory as it was.
pub struct DirWriter {
    out: PathBuf,
    /// Every path produced so far.
    claims: Mutex<PathClaims>,
    /// Directories (relative to `out`) already checked on disk.
    checked: Mutex<FxHashSet<String>>,
    /// (temporary file, final path) of every changed file.
    pending: Mutex<Vec<(PathBuf, PathBuf, String)>>,
    /// Output files found unchanged, with their stat as compared.
    seen: Mutex<Vec<(String, cache::Stat)>>,
    /// Directories this build created, in creation order.
    created: Mutex<Vec<PathBuf>>,
    /// What the last build recorded of the outputs of the classes built
    /// again, by path ([`Sink::known_outputs`]).
    known: std::sync::RwLock<FxHashMap<String, cache::Output>>,
    /// The output directory, locked against other builds.
    lock: OutputLock,
}

/// An exclusive lock on an output directory (`flock` on the directory
/// itself, so no lock file is left behind or published), held while a
/// build writes into it. A second build into the same directory waits for
/// the first to finish: before, it took the first's temporary files for
/// those of a killed build and removed them, and the first then failed
/// half-way through putting its files in place. Released when dropped.
/// Where the directory cannot be locked (a file system without `flock`, a
/// directory that cannot be read, a platform that cannot open a directory
/// as a file) the build says so and goes on unlocked, as before.
#[derive(Debug)]
pub struct OutputLock(Option<std::fs::File>);

impl OutputLock {
    /// Locks `out` (an existing directory), first saying on standard error
    /// when another build holds it, then waiting for it. Where it cannot be
    /// locked, says so and goes on unlocked.
    fn acquire(out: &Path) -> OutputLock {
        // Elsewhere a directory cannot be opened as a file: unlocked, as
        // the README says.
        if cfg!(not(unix)) {
            return OutputLock(None);
        }
        let unlocked = |e: std::io::Error| {
            eprintln!(
                "warning: cannot lock the output directory {} ({e}); another build writing to it at the same time would fail",
                out.display()
            );
            OutputLock(None)
        };
        let dir = match std::fs::File::open(out) {
            Ok(dir) => dir,
            Err(e) => return unlocked(e),
        };
        match dir.try_lock() {
            Ok(()) => OutputLock(Some(dir)),
            Err(std::fs::TryLockError::WouldBlock) => {
                eprintln!("waiting for another benchsite build writing to {} to finish", out.display());
                match dir.lock() {
                    Ok(()) => OutputLock(Some(dir)),
                    Err(e) => unlocked(e),
                }
            }
            Err(std::fs::TryLockError::Error(e)) => unlocked(e),
        }
    }

    /// True when the lock is on the directory `out` names now (or there is
    /// no lock to check).
    #[cfg(unix)]
    fn is_on(&self, out: &Path) -> bool {
        use std::os::unix::fs::MetadataExt;
        let Some(locked) = &self.0 else { return true };
        match (locked.metadata(), std::fs::metadata(out)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => false,
        }
    }

    /// Elsewhere there is no lock ([`OutputLock::acquire`]).
    #[cfg(not(unix))]
    fn is_on(&self, _out: &Path) -> bool {
        true
    }

    /// A second handle on the same lock: the directory stays locked until
    /// both are dropped.
    fn share(&self) -> OutputLock {
        OutputLock(self.0.as_ref().and_then(|f| f.try_clone().ok()))
    }
}

/// What [`DirWriter::commit`] put in the output directory.
#[derive(Default)]
pub struct Written {
    /// Every output path with the (length, [`cache::hash`]) of its
    /// contents (`None`: kept from an earlier build unread).
    pub hashes: FxHashMap<String, Option<(u64, u64)>>,
    /// The stat of each output file this build wrote (taken right after it
    /// was renamed into place) or compared and left alone (as compared).
    /// A file edited later, even during this build, has another change
    /// time than recorded.
    pub stats: FxHashMap<String, cache::Stat>,
}

/// The output paths of a build so far: each file (relative to the output
/// directory, `/`-separated) with its length and content hash (`None`:
/// kept from an earlier build, contents as on disk), and every directory
/// they lie in. Both the writer and the in-memory renderings of `check`
/// claim each path here, so a site whose outputs clash fails `check` as it
/// would fail `build`.
#[derive(Default)]
pub struct PathClaims {
    produced: FxHashMap<String, Option<(u64, u64)>>,
    dirs: FxHashSet<String>,
}

/// Why a path cannot be claimed.
#[derive(Debug)]
pub enum Clash {
    /// Empty, absolute, or with `..`: it would leave the output directory.
    Outside,
    /// A clash at this path (relative), and why.
    At(String, String),
}

impl Clash {
    /// The build error for claiming `path` in output directory `out`
    /// (`""` for outputs kept in memory: the path is then named relative).
    pub fn into_error(self, out: &Path, path: &str) -> BuildError {
        match self {
            Clash::Outside => BuildError::Write {
                path: PathBuf::from(path),
                source: std::io::Error::other("output path leaves the output directory"),
            },
            Clash::At(p, why) => BuildError::Write { path: out.join(p), source: std::io::Error::other(why) },
        }
    }
}

impl PathClaims {
    /// Makes room for `n` more paths.
    pub fn reserve(&mut self, n: usize) {
        self.produced.reserve(n);
    }

    /// Claims `path`. Returns its ancestor directories when it is new,
    /// `None` when the same file was claimed before (`same_as_disk` compares
    /// a recorded (length, hash) with the file on disk, for a path kept from
    /// an earlier build on one side).
    ///
    /// # Errors
    /// [`Clash`] when the path leaves the output directory, is claimed
    /// with other contents, or is a file and a directory at once.
    pub fn claim<'p>(
        &mut self,
        path: &'p str,
        contents: Option<(u64, u64)>,
        same_as_disk: impl FnOnce((u64, u64)) -> bool,
    ) -> Result<Option<Vec<Cow<'p, str>>>, Clash> {
        let rel = Path::new(path);
        // A plain `a/b/c` path (every output path benchsite makes) is
        // relative and inside; anything else (`a//b`, `a/./b`, `/a`, `..`)
        // goes through `Path`.
        let plain = !path.is_empty()
            && path.split('/').all(|s| !s.is_empty() && s != "." && s != ".." && !s.contains(std::path::is_separator))
            && !(cfg!(windows) && path.contains(':'));
        // The marker lists one written path per line: a line break would
        // smuggle in another path for the next build to remove.
        if crate::site::has_line_break(path) {
            return Err(Clash::At(
                path.to_string(),
                "holds a line break, which the list of written files (one path per line) cannot hold".into(),
            ));
        }
        if !plain
            && (path.is_empty()
                || rel.is_absolute()
                || rel.components().any(|c| !matches!(c, std::path::Component::Normal(_))))
        {
            return Err(Clash::Outside);
        }
        // Parent first. A plain path's ancestors are its own prefixes (no
        // copies); others' go through `Path`.
        let ancestors: Vec<Cow<'p, str>> = if plain {
            path.rmatch_indices('/').map(|(i, _)| Cow::Borrowed(&path[..i])).collect()
        } else {
            rel.ancestors()
                .skip(1)
                .filter(|d| !d.as_os_str().is_empty())
                .map(|d| Cow::Owned(d.to_string_lossy().into_owned()))
                .collect()
        };
        if self.dirs.contains(path) {
            return Err(Clash::At(
                path.to_string(),
                "is an output file and also the directory of other output files (a machine class or kernel named like one of the site's own files?)".into(),
            ));
        }
        for d in &ancestors {
            if self.produced.contains_key(d.as_ref()) {
                return Err(Clash::At(
                    d.to_string(),
                    format!(
                        "is an output file and also the directory of {path} (a machine class or kernel named like one of the site's own files?)"
                    ),
                ));
            }
        }
        match self.produced.get(path) {
            Some(prev) => {
                let same = match (*prev, contents) {
                    (Some(a), Some(b)) => a == b,
                    (None, None) => true,
                    (Some(h), None) | (None, Some(h)) => same_as_disk(h),
                };
                if same {
                    Ok(None)
                } else {
                    Err(Clash::At(path.to_string(), "two different output files have this path".into()))
                }
            }
            None => {
                self.produced.insert(path.to_string(), contents);
                for d in &ancestors {
                    if !self.dirs.contains(d.as_ref()) {
                        self.dirs.insert(d.to_string());
                    }
                }
                Ok(Some(ancestors))
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl DirWriter {
    /// Opens `out` for writing: creates it if needed.
    ///
    /// # Errors
    /// [`BuildError::NotOurs`] for a foreign non-empty directory without
    /// `force`; [`BuildError::Write`] when it cannot be created.
    pub fn new(out: &Path, force: bool) -> Result<Self, BuildError> {
        let mut w = DirWriter {
            out: out.to_path_buf(),
            claims: Mutex::new(PathClaims::default()),
            checked: Mutex::new(FxHashSet::default()),
            pending: Mutex::new(Vec::new()),
            seen: Mutex::new(Vec::new()),
            created: Mutex::new(Vec::new()),
            known: std::sync::RwLock::new(FxHashMap::default()),
            lock: OutputLock(None),
        };
        // Locked before anything in the directory is looked at or removed.
        // The directory may go while this build waits for the lock: a first
        // build that created it and failed removes it again, or it is
        // replaced. Then the path is created and locked again, so that the
        // lock is always on the directory the path names.
        loop {
            w.create_dirs(out)?;
            let lock = OutputLock::acquire(out);
            if lock.is_on(out) {
                w.lock = lock;
                break;
            }
        }
        let marker = out.join(MARKER);
        // A directory holding our in-progress marker is ours too: a first
        // build into it was interrupted.
        if !marker.exists() && !out.join(BUILDING).exists() {
            let non_empty = std::fs::read_dir(out).map_err(io_err(out))?.next().is_some();
            if non_empty && !force {
                return Err(BuildError::NotOurs(out.to_path_buf()));
            }
        }
        // A build killed before it committed or aborted (Ctrl-C, SIGKILL,
        // a power cut) leaves its temporary files; the marker of a build in
        // progress says so, and the next build removes them.
        let building = out.join(BUILDING);
        if building.exists() {
            remove_stale_temporaries(out);
        }
        write_new(&building, b"").map_err(io_err(&building))?;
        Ok(w)
    }

    /// The lock on the output directory, to hold past [`DirWriter::commit`]
    /// (while the build cache is stored there too).
    pub fn hold_lock(&self) -> OutputLock {
        self.lock.share()
    }

    /// Creates `dir` and its missing parents, remembering which it created.
    fn create_dirs(&self, dir: &Path) -> Result<(), BuildError> {
        if dir.is_dir() {
            return Ok(());
        }
        // `w/.` as `w`: `create_dir_all` fails on a path ending in `.` whose
        // directory does not exist yet.
        let dir: &Path = &dir.components().collect::<PathBuf>();
        let mut missing = Vec::new();
        let mut d = Some(dir);
        while let Some(p) = d {
            if p.as_os_str().is_empty() || p.is_dir() {
                break;
            }
            missing.push(p.to_path_buf());
            d = p.parent();
        }
        std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        missing.reverse();
        lock(&self.created).extend(missing);
        Ok(())
    }

    fn conflict(&self, path: &str, why: String) -> BuildError {
        Clash::At(path.to_string(), why).into_error(&self.out, path)
    }

    /// The stat an earlier build recorded for the output at `path`
    /// (relative) when it recorded these contents' length and hash: a file
    /// with that stat (size, times and inode) is untouched since, and holds
    /// these contents.
    fn known_stat(&self, path: &str, len: u64, hash: u64) -> Option<cache::Stat> {
        let known = self.known.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.get(path).filter(|o| o.hash != cache::NO_HASH && o.hash == hash && o.stat.len == len).map(|o| o.stat)
    }

    /// [`PathClaims::claim`] on the locked claims: the path's ancestors
    /// when it is new, `None` when the same file was claimed before.
    fn claim_locked<'p>(
        &self,
        claims: &mut PathClaims,
        path: &'p str,
        contents: Option<(u64, u64)>,
    ) -> Result<Option<Vec<Cow<'p, str>>>, BuildError> {
        claims
            .claim(path, contents, |h| {
                // Kept from the last build on one side: compare with the file on disk.
                std::fs::read(self.out.join(path)).is_ok_and(|b| (b.len() as u64, cache::hash(&b)) == h)
            })
            .map_err(|c| c.into_error(&self.out, path))
    }

    /// Checks what is in the output directory already at the ancestors of
    /// `path` (each directory once a build): none may be a symbolic link
    /// or a file.
    fn check_ancestors(
        &self,
        checked: &mut FxHashSet<String>,
        path: &str,
        ancestors: &[Cow<'_, str>],
    ) -> Result<(), BuildError> {
        for d in ancestors.iter().rev() {
            let d: &str = d;
            if checked.contains(d) {
                continue;
            }
            let meta = self.out.join(d).symlink_metadata();
            if meta.as_ref().is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(self.conflict(
                    d,
                    format!("is a symbolic link in the output directory; benchsite does not write {path} through it"),
                ));
            }
            if meta.as_ref().is_ok_and(|m| !m.is_dir()) {
                return Err(self
                    .conflict(d, format!("is a file in the output directory, but {path} needs it to be a directory")));
            }
            checked.insert(d.to_string());
        }
        Ok(())
    }

    /// Writes the marker (the list of written files) naming every path the
    /// last build and this one wrote, renames every temporary file into
    /// place, removes files a previous build wrote that this one did not
    /// produce, and writes the marker again without them. A build killed
    /// while renaming leaves no file the next build does not know of.
    /// Returns how many files were written (changed), and every output
    /// path with its contents' length and hash ([`Written`]).
    ///
    /// # Errors
    /// [`BuildError::Write`] when the marker cannot be written before
    /// anything is renamed (the output directory is then as it was, the
    /// temporary files removed); [`BuildError::PartlyCommitted`] on a
    /// failure after: the output directory then holds complete files only,
    /// some of them from this build.
    pub fn commit(self) -> Result<(usize, Written), BuildError> {
        let partly = |path: &Path| {
            let path = path.to_path_buf();
            move |source| BuildError::PartlyCommitted { path, source }
        };
        let out = &self.out;
        let marker = out.join(MARKER);
        // Read lossily: a byte that is not UTF-8 (an edit by hand) must not
        // cost the whole list (and with it the removal of stale files); no
        // path benchsite writes holds one.
        let marker_bytes = std::fs::read(&marker).unwrap_or_default();
        let marker_text = String::from_utf8_lossy(&marker_bytes);
        // The paths the last build wrote, as listed (sorted, one per line,
        // after the header line). A path may start with `#` (a machine
        // class named `#x`): only the header is a comment.
        let header = MARKER_HEADER.trim_end_matches('\n');
        let mut lines = marker_text.lines().peekable();
        lines.next_if_eq(&header);
        let previous: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
        // Taken out, not moved out: `abort` still works on `self` below.
        let produced = std::mem::take(&mut lock(&self.claims).produced);
        // The last build's paths are looked up in `produced` (a hash map):
        // 40,000 paths in a large archive.
        let stale: Vec<&str> = previous.iter().copied().filter(|p| !produced.contains_key(*p)).collect();
        // The list stays as it is when it is exactly the list this build
        // would write: a regular file, the header, the same paths sorted
        // (none stale, none twice, as many), one per line, nothing else
        // (the length rules out blank lines, carriage returns and a missing
        // last line break).
        let canonical_len = MARKER_HEADER.len() + previous.iter().map(|p| p.len() + 1).sum::<usize>();
        let same_list = stale.is_empty()
            && previous.len() == produced.len()
            && previous.windows(2).all(|w| w[0] < w[1])
            && marker_text.starts_with(MARKER_HEADER)
            && marker_bytes.len() == canonical_len
            && marker.symlink_metadata().is_ok_and(|m| m.is_file());
        let tmp = out.join(MARKER_TMP);
        let write_list = |paths: &[&str]| -> Result<(), (PathBuf, std::io::Error)> {
            let mut list = String::with_capacity(marker_text.len() + 4096);
            list.push_str(MARKER_HEADER);
            for p in paths {
                list.push_str(p);
                list.push('\n');
            }
            write_new(&tmp, list.as_bytes()).map_err(|e| (tmp.clone(), e))?;
            std::fs::rename(&tmp, &marker).map_err(|e| (marker.clone(), e))
        };
        let mut now: Vec<&str> = Vec::new();
        if same_list {
            // Left by a build killed while writing the list (or planted).
            if tmp.symlink_metadata().is_ok_and(|m| !m.is_dir()) {
                let _ = std::fs::remove_file(&tmp);
            }
        } else {
            now = produced.keys().map(String::as_str).collect();
            now.par_sort_unstable();
            // Before anything is renamed into place, the list names every
            // path the output directory may hold after this build: the
            // last build's and this one's. A build killed while renaming
            // leaves no file the next one does not know to remove.
            let mut union: Vec<&str> = now.iter().chain(&stale).copied().collect();
            if !stale.is_empty() {
                union.par_sort_unstable();
                union.dedup();
            }
            if let Err((path, source)) = write_list(&union) {
                // Nothing is in place yet: the output directory is left as
                // it was.
                let _ = std::fs::remove_file(&tmp);
                self.abort();
                return Err(BuildError::Write { path, source });
            }
        }
        let pending = std::mem::take(&mut *lock(&self.pending));
        let written = pending.len();
        // In parallel: a large archive renames 40,000 files into place.
        let renamed: Result<Vec<(String, Option<cache::Stat>)>, _> = pending
            .par_iter()
            .map(|(tmp, path, rel)| {
                std::fs::rename(tmp, path).map_err(|e| (path, e))?;
                Ok((rel.clone(), cache::Stat::of(path)))
            })
            .collect();
        let renamed = match renamed {
            Ok(r) => r,
            Err((path, e)) => {
                // Leave no temporary files behind (those renamed are gone).
                pending.par_iter().for_each(|(tmp, _, _)| {
                    let _ = std::fs::remove_file(tmp);
                });
                return Err(partly(path)(e));
            }
        };
        for &stale in &stale {
            let p = out.join(stale);
            // Never under a hidden name (`.git/` of an output directory
            // kept as a gh-pages checkout): benchsite writes none there but
            // `.nojekyll`, and a marker written before names with line
            // breaks were refused may list such a path.
            let hidden = stale != ".nojekyll" && crate::site::has_hidden_component(stale);
            if !hidden
                && Path::new(stale).components().all(|c| matches!(c, std::path::Component::Normal(_)))
                && linked_dir(out, Path::new(stale)).is_none()
                && p.is_file()
            {
                std::fs::remove_file(&p).map_err(partly(&p))?;
                // The directories too when that left them empty.
                if let Some(d) = p.parent() {
                    remove_empty_dirs(d, out);
                }
            }
        }
        // The stale paths are gone: the list names this build's only.
        if !stale.is_empty() {
            write_list(&now).map_err(|(path, source)| BuildError::PartlyCommitted { path, source })?;
        }
        drop(now);
        let _ = std::fs::remove_file(out.join(BUILDING));
        let mut stats: FxHashMap<String, cache::Stat> =
            self.seen.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).into_iter().collect();
        stats.extend(renamed.into_iter().filter_map(|(rel, s)| Some((rel, s?))));
        Ok((written, Written { hashes: produced, stats }))
    }

    /// Removes every temporary file and every directory this build created
    /// (if empty), leaving the output directory as it was.
    pub fn abort(&self) {
        for (tmp, _, _) in lock(&self.pending).drain(..) {
            let _ = std::fs::remove_file(tmp);
        }
        let _ = std::fs::remove_file(self.out.join(BUILDING));
        // Deepest first: threads creating directories side by side record
        // them in no particular order, and a parent goes only once empty.
        let mut created = lock(&self.created).clone();
        created.sort_by(|a, b| b.components().count().cmp(&a.components().count()).then_with(|| a.cmp(b)));
        created.dedup();
        for d in created {
            let _ = std::fs::remove_dir(d);
        }
    }
}

impl Sink for DirWriter {
    fn put(&self, f: OutputFile) -> Result<(), BuildError> {
        let (len, hash) = (f.contents.len() as u64, cache::hash(&f.contents));
        let Some(ancestors) = self.claim_locked(&mut lock(&self.claims), &f.path, Some((len, hash)))? else {
            // The same file again.
            return Ok(());
        };
        self.check_ancestors(&mut lock(&self.checked), &f.path, &ancestors)?;
        let path = self.out.join(&f.path);
        let meta = path.symlink_metadata();
        if meta.as_ref().is_ok_and(std::fs::Metadata::is_dir) {
            return Err(
                self.conflict(&f.path, "is a directory in the output directory, but the site has a file there".into())
            );
        }
        // Unchanged: leave the file alone. A file the last build wrote and
        // nothing touched since is compared by its recorded hash; otherwise
        // only a file of the same length is read. A symbolic link is
        // replaced by the file, whatever it points to (kept, it would show
        // whatever its target holds later).
        if let Ok(m) = &meta
            && m.is_file()
            && (self.known_stat(&f.path, len, hash) == Some(cache::Stat::of_metadata(m))
                || (m.len() == len && std::fs::read(&path).is_ok_and(|old| old == f.contents)))
        {
            // As seen before it was compared: an edit since shows as a new
            // change time in the next build.
            lock(&self.seen).push((f.path, cache::Stat::of_metadata(m)));
            return Ok(());
        }
        let tmp = path.with_file_name(tmp_name(&f.path));
        // The directory is made when the file cannot be created for want of
        // it: most files go to a directory an earlier file (or build) made.
        let mut written = write_new(&tmp, &f.contents);
        if written.as_ref().is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
            && let Some(parent) = path.parent()
        {
            self.create_dirs(parent)?;
            written = write_new(&tmp, &f.contents);
        }
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(io_err(&tmp)(e));
        }
        lock(&self.pending).push((tmp, path, f.path));
        Ok(())
    }

    fn known_outputs(&self, outputs: Vec<cache::Output>) {
        let mut known = self.known.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.extend(outputs.into_iter().map(|o| (o.path.clone(), o)));
    }

    fn keep_unchanged(&self, path: &str, len: u64, hash: u64) -> Result<bool, BuildError> {
        // Looked up on disk only when the last build recorded it so.
        let Some(recorded) = self.known_stat(path, len, hash) else { return Ok(false) };
        let Ok(m) = self.out.join(path).symlink_metadata() else { return Ok(false) };
        if !m.is_file() || cache::Stat::of_metadata(&m) != recorded {
            return Ok(false);
        }
        // Produced, with these contents, as if put.
        if let Some(ancestors) = self.claim_locked(&mut lock(&self.claims), path, Some((len, hash)))? {
            self.check_ancestors(&mut lock(&self.checked), path, &ancestors)?;
        }
        lock(&self.seen).push((path.to_string(), cache::Stat::of_metadata(&m)));
        Ok(true)
    }

    fn keep(&self, paths: &[&str]) -> Result<(), BuildError> {
        // Claimed under one lock for the whole class: two classes kept side
        // by side took turns on the lock path by path.
        let mut fresh = Vec::with_capacity(paths.len());
        {
            let mut claims = lock(&self.claims);
            claims.reserve(paths.len());
            for &path in paths {
                if let Some(ancestors) = self.claim_locked(&mut claims, path, None)? {
                    fresh.push((path, ancestors));
                }
            }
        }
        let mut checked = lock(&self.checked);
        for (path, ancestors) in fresh {
            self.check_ancestors(&mut checked, path, &ancestors)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Clash, PathClaims};

    /// Paths that would leave the output directory are refused, plain or
    /// not; a plain path's ancestors are its own prefixes, and a path
    /// spelled oddly (`a//b`) still gets its directories.
    #[test]
    fn claims_refuse_paths_outside_and_list_ancestors() {
        let mut c = PathClaims::default();
        for bad in ["", "/abs", "..", "a/../b", "a/..", ".", "./a"] {
            assert!(matches!(c.claim(bad, None, |_| true), Err(Clash::Outside)), "{bad:?}");
        }
        let dirs = c.claim("m/kernels/2.4.7.html", None, |_| true).expect("claims").expect("new");
        assert_eq!(dirs.iter().map(|d| d.as_ref()).collect::<Vec<_>>(), ["m/kernels", "m"]);
        let dirs = c.claim("x//y.html", None, |_| true).expect("claims").expect("new");
        assert_eq!(dirs.iter().map(|d| d.as_ref()).collect::<Vec<_>>(), ["x"]);
        assert!(c.claim("m/kernels/2.4.7.html", None, |_| true).expect("same file").is_none());
        assert!(matches!(c.claim("m/kernels", None, |_| true), Err(Clash::At(..))));
    }
}
