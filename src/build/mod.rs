//! The `build` command: content directory in, site out, through the one
//! pipeline ([`pipeline`]) that `check`, `serve` and `text` run too.
//!
//! Machine classes are loaded, rendered and written one after the other
//! (each in parallel inside), so memory holds one class at a time, not the
//! whole archive. The files go to the output writer ([`crate::output`]):
//! only when the whole build succeeded are they put in place, each
//! atomically; a failed build leaves the output as it was. After a
//! successful build the build cache ([`crate::cache`]) records each class,
//! so the next build can skip the classes that did not change ([`keys`]).
//! The theme comes from [`themes`].

pub mod keys;
pub mod merge;
pub mod pipeline;
pub mod shard;
pub mod themes;

pub use crate::output::{Clash, DirWriter, MARKER, OutputLock, PathClaims, Sink, Written, create_new, write_new};
pub use pipeline::{Lint, OneClass, check_site, generate, lay_out, lay_out_one, load_class};
pub use themes::{resolve_theme, themes_root};

use crate::cache::Cache;
use crate::diag::{Diagnostic, Severity};
use crate::output::{Collect, OutputFile, WriteError};
use crate::render::RenderError;
use crate::site;
use crate::timing;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
    /// Replace files in the output directory that benchsite did not write
    /// (without it, such a file at an output path fails the build, named).
    pub overwrite: bool,
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
            overwrite: false,
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
    /// The warnings about the site as a whole that `check` prints and the
    /// lint page lists besides [`BuildReport::diagnostics`] (benchmarks
    /// some kernels lack, differing run counts, files naming another
    /// kernel: [`crate::check::consistency`]): a build does not print them.
    pub check_warnings: usize,
    /// Those warnings themselves, as diagnostics (files under the content
    /// directory): what `--strict` fails on besides
    /// [`BuildReport::diagnostics`]. Empty from a merge.
    pub check_diagnostics: Vec<Diagnostic>,
}

/// How many of the warnings about the site as a whole
/// ([`BuildReport::check_diagnostics`]) a build (or `serve`'s rebuild)
/// prints; the rest it counts and `benchsite check` prints.
pub const SITE_WARNINGS_SHOWN: usize = 20;

impl BuildReport {
    /// The warnings about the site as a whole a build prints after its
    /// own: the first [`SITE_WARNINGS_SHOWN`].
    pub fn site_warnings_shown(&self) -> &[Diagnostic] {
        &self.check_diagnostics[..self.check_diagnostics.len().min(SITE_WARNINGS_SHOWN)]
    }

    /// What the line of a build's totals says after its warning count
    /// about the site-wide ones it printed ([`Self::site_warnings_shown`]),
    /// one wording for `build`, `merge` and `serve`: " (and 7 about the
    /// site as a whole, printed above, lint.html lists them)"; "" for
    /// none. `lint_page`: the output has a lint page that lists them.
    /// `serve` kept the wording before session 60's, "(… which lint.html
    /// lists)", printing none of them.
    pub fn site_warnings_said(&self, lint_page: bool) -> String {
        let shown = self.site_warnings_shown().len();
        let n = self.check_warnings.max(self.check_diagnostics.len());
        let listed = if lint_page { ", lint.html lists them" } else { "" };
        match n {
            0 => String::new(),
            n if shown == n => format!(" (and {n} about the site as a whole, printed above{listed})"),
            n => format!(
                " (and {n} about the site as a whole, {shown} printed above: `benchsite check` prints every \
                 one{listed})"
            ),
        }
    }
}

/// The warnings among the lint page's `findings` that are not `printed`
/// ([`BuildReport::check_diagnostics`]): `check`'s lints (differing run
/// counts, a benchmark some kernels lack, a `trim:` that could not trim a
/// summary), each as a diagnostic naming its file under `content`.
fn check_diagnostics<'a>(
    findings: impl Iterator<Item = &'a crate::report::Finding>,
    printed: &[Diagnostic],
    content: &std::path::Path,
) -> Vec<Diagnostic> {
    let shown: Vec<crate::report::Finding> = printed.iter().map(|d| crate::report::Finding::of(d, content)).collect();
    // Each printed one's file, line and message, looked up by hash: every
    // finding against every printed diagnostic was 55 M instructions on
    // the main thread of each build of the large archive (3,282 × 3,133).
    let shown: rustc_hash::FxHashSet<(&str, Option<usize>, &str)> =
        shown.iter().map(|g| (g.file.as_str(), g.line, g.message.as_str())).collect();
    let mut out: Vec<Diagnostic> = Vec::new();
    for f in findings.filter(|f| f.severity == Severity::Warning) {
        if !shown.contains(&(f.file.as_str(), f.line, f.message.as_str())) {
            out.push(Diagnostic::warning(content.join(&f.file), f.line, f.message.clone()).of_kind(f.kind));
        }
    }
    out
}

/// How many warnings the lint page's `findings` hold besides the `printed`
/// ones ([`BuildReport::check_warnings`]): the findings are the printed
/// diagnostics and `check`'s lints.
fn check_warnings<'a>(findings: impl Iterator<Item = &'a crate::report::Finding>, printed: &[Diagnostic]) -> usize {
    let warnings = |s: &Severity| *s == Severity::Warning;
    let listed = findings.filter(|f| warnings(&f.severity)).count();
    listed.saturating_sub(printed.iter().filter(|d| warnings(&d.severity)).count())
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
    /// Files benchsite did not write would be replaced; nothing was.
    #[error("{0}")]
    WouldOverwrite(String),
    /// A shard build or a merge refused (a glob matching no class, shards
    /// of another site or overlapping, a shard missing a file); nothing
    /// was written.
    #[error("{0}")]
    Shard(String),
    /// A kept class's cache entry whose cross-class cells do not read back
    /// (its bytes passed their hash: a damaged cache written that way),
    /// found after its class was kept; the entry is removed, so the next
    /// build builds the class again. Nothing was written.
    #[error(
        "the build cache entry {0} is damaged (its cross-class cells do not read back); it is removed: build again"
    )]
    DamagedCache(PathBuf),
}

impl From<WriteError> for BuildError {
    fn from(e: WriteError) -> Self {
        match e {
            WriteError::NotOurs(path) => BuildError::NotOurs(path),
            WriteError::Write { path, source } => BuildError::Write { path, source },
            WriteError::PartlyCommitted { path, source } => BuildError::PartlyCommitted { path, source },
            e @ WriteError::WouldOverwrite { .. } => BuildError::WouldOverwrite(e.to_string()),
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

/// Loads, renders and returns every output file without writing anything.
///
/// # Errors
/// [`BuildError::Content`], [`BuildError::Invalid`] or [`BuildError::Render`].
pub fn render_site(opts: &BuildOptions) -> Result<(Vec<OutputFile>, BuildReport), BuildError> {
    render_site_with_progress(opts, &indicatif::ProgressBar::hidden())
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

/// A shard build into `out` holding a whole site (a one-shot build's or a
/// merge's: its list of written files names `index.html`, and it has no
/// shard manifest) is refused: it would remove the site's front page and
/// every class it does not build.
///
/// # Errors
/// [`BuildError::Shard`] saying so; nothing is written.
fn refuse_shard_over_site(out: &Path) -> Result<(), BuildError> {
    if out.join(shard::MANIFEST).exists() {
        return Ok(());
    }
    let marker = crate::output::marker::read(out);
    let text = String::from_utf8_lossy(&marker);
    if crate::output::marker::listed(&text).contains(&"index.html") {
        return Err(BuildError::Shard(format!(
            "{} holds a whole site, not a shard: a shard build (--classes, --shard) there would remove its index.html and the classes it does not build; give the shard its own --output (`benchsite merge` puts shards together), or remove the directory first. Nothing was written.",
            out.display()
        )));
    }
    Ok(())
}

/// A whole build into `out` holding a shard (its `.benchsite-shard.json`
/// is there) is refused: it turned the shard into a site without a word,
/// its manifest removed, so the merge it was built for no longer took it
/// (attack60).
///
/// # Errors
/// [`BuildError::Shard`] saying so; nothing is written.
/// A merge into a shard it does not merge (`what`: "a merge") is refused
/// alike: it left that shard's manifest beside the merged site, stale.
fn refuse_site_over_shard(out: &Path, what: &str) -> Result<(), BuildError> {
    if out.join(shard::MANIFEST).is_file() {
        return Err(BuildError::Shard(format!(
            "{} holds a shard (it has {}), not a whole site: {what} there would turn it into a site and leave its manifest stale, so `benchsite merge` could no longer take it; give the site its own --output (or build the shard again with its --classes/--shard), or remove the directory first. Nothing was written.",
            out.display(),
            shard::MANIFEST
        )));
    }
    Ok(())
}

/// Refuses a `--base-url` that is not http(s) or an absolute path: it
/// would prefix every link (`javascript:alert(1)//index.html`).
fn check_options(opts: &BuildOptions) -> Result<(), BuildError> {
    if let Some(url) = &opts.base_url
        && let Some(problem) = site::base_url_problem(url)
    {
        return Err(BuildError::Invalid(vec![Diagnostic::error("--base-url", None, format!("{url:?} {problem}"))]));
    }
    Ok(())
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
    build_inner(opts, progress, false, None)
}

/// [`build_with_progress`] for `--strict`: a build that gave any warning
/// fails with [`BuildError::Strict`] before anything is written, leaving
/// the output directory as it was. One generation, not a check followed by
/// a build.
///
/// # Errors
/// As [`build`], and [`BuildError::Strict`] with the warnings.
pub fn build_strict(opts: &BuildOptions, progress: &indicatif::ProgressBar) -> Result<BuildReport, BuildError> {
    build_inner(opts, progress, true, None)
}

/// `build --classes GLOB...` or `build --shard K/N`: a shard output
/// ([`shard`]) of the machine classes `selection` takes, with their files
/// and the shard's manifest, and none of the site-level files;
/// [`merge::merge`] puts shards together. `strict` as for [`build_strict`].
///
/// # Errors
/// As [`build`] and [`build_strict`]; [`BuildError::Shard`] for a glob
/// that matches no class.
pub fn build_shard(
    opts: &BuildOptions,
    selection: &shard::Selection,
    strict: bool,
    progress: &indicatif::ProgressBar,
) -> Result<BuildReport, BuildError> {
    build_inner(opts, progress, strict, Some(selection))
}

fn build_inner(
    opts: &BuildOptions,
    progress: &indicatif::ProgressBar,
    strict: bool,
    selection: Option<&shard::Selection>,
) -> Result<BuildReport, BuildError> {
    // Writing into content/ would mix generated files (and copies of the raw
    // files) into the user's data, and the next build would read them back.
    if inside(&opts.output, &opts.content) {
        return Err(BuildError::OutputInContent { output: opts.output.clone(), content: opts.content.clone() });
    }
    let _all = timing::span("build (total)");
    check_options(opts)?;
    if selection.is_some() {
        refuse_shard_over_site(&opts.output)?;
    } else {
        refuse_site_over_shard(&opts.output, "a whole build")?;
    }
    let t = timing::span("open output");
    let writer = open_writer(opts)?;
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
    let mut entries = crate::cache::Entries::default();
    let cached = use_cache.then_some((&cache, &mut entries));
    let generated = match selection {
        Some(selection) => shard::generate(opts, selection, progress, &writer, cached),
        None => generate(opts, progress, &writer, cached),
    }
    .and_then(|r| {
        // Every warning fails a strict build: loading's and `check`'s
        // lints about the site as a whole (run counts, missing
        // benchmarks), which a build counts but does not print. Notes
        // never do (README: "`partial:`… not even with `--strict`").
        let warnings: Vec<Diagnostic> = r
            .diagnostics
            .iter()
            .chain(&r.check_diagnostics)
            .filter(|d| d.severity != Severity::Note)
            .cloned()
            .collect();
        if strict && !warnings.is_empty() { Err(BuildError::Strict(warnings)) } else { Ok(r) }
    });
    // Outputs that cannot be written (in the way, clashing) fail the build
    // before the commit, as any other error: nothing is written.
    let generated = generated.and_then(|r| writer.unwritable().map_or(Ok(r), |e| Err(e.into())));
    match generated {
        Ok(mut report) => {
            progress.finish_and_clear();
            let t = timing::span("commit output");
            let (files_written, written) = writer.commit().inspect_err(|_| cache.discard())?;
            report.files_written = files_written;
            drop(t);
            if use_cache {
                let _t = timing::span("store cache");
                report.diagnostics.extend(cache.store(&opts.output, entries, &written));
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

/// True when `path` is `dir` or below it, comparing absolute, resolved
/// paths (a path that does not exist yet is resolved through its nearest
/// existing ancestor).
/// The output directory of `opts` opened for writing
/// ([`DirWriter::new`], `--force`), never writing into the content
/// directory, and replacing files benchsite did not write only with
/// `--overwrite`: as `build` and `merge` both open it.
pub(super) fn open_writer(opts: &BuildOptions) -> Result<DirWriter, BuildError> {
    let mut writer = DirWriter::new(&opts.output, opts.force)?;
    writer.protect(&opts.content);
    if opts.overwrite {
        writer.allow_overwrite();
    }
    Ok(writer)
}

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
