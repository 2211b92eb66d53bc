//! The `build` command: content directory in, site out.
//!
//! Everything is parsed and rendered in memory first; only when that
//! succeeds is anything written, each file atomically (a temporary file in
//! the same directory, then a rename), and files whose contents did not
//! change are left alone. benchsite marks directories it creates with a
//! `.benchsite` file listing what it wrote; a later build removes only files
//! from that list that it no longer produces, so `output/.git` and
//! `output/CNAME` survive. It refuses to write into a non-empty directory it
//! did not create unless told to with `force`.

use crate::diag::{Diagnostic, Severity};
use crate::render::{OutputFile, RenderError, Renderer, html::HtmlRenderer, markdown::MarkdownRenderer, text::{TextOptions, TextRenderer}};
use crate::report;
use crate::site;
use crate::timing;
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Name of the marker file benchsite keeps in an output directory it owns.
pub const MARKER: &str = ".benchsite";

/// Settings of one build.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// The content directory.
    pub content: PathBuf,
    /// The output directory.
    pub output: PathBuf,
    /// A theme directory overriding the embedded default theme, if it exists.
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
    /// A template failed.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// The output directory is not benchsite's.
    #[error("{0} is not empty and was not created by benchsite (no {MARKER} file); use --force to write into it")]
    NotOurs(PathBuf),
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// Loads, renders and returns every output file without writing anything.
///
/// # Errors
/// [`BuildError::Content`], [`BuildError::Invalid`] or [`BuildError::Render`].
pub fn render_site(opts: &BuildOptions) -> Result<(Vec<OutputFile>, BuildReport), BuildError> {
    render_site_with_progress(opts, &indicatif::ProgressBar::hidden())
}

/// [`render_site`], reporting parsing progress on `progress`.
///
/// # Errors
/// As [`render_site`].
pub fn render_site_with_progress(
    opts: &BuildOptions,
    progress: &indicatif::ProgressBar,
) -> Result<(Vec<OutputFile>, BuildReport), BuildError> {
    let _all = timing::span("render_site (total)");
    let t = timing::span("load: walk + parse");
    let site = site::load_with_progress(&opts.content, progress)
        .map_err(|source| BuildError::Content { path: opts.content.clone(), source })?;
    drop(t);
    if site.has_errors() {
        return Err(BuildError::Invalid(site.diagnostics));
    }
    let t = timing::span("report: site_view");
    let view = report::site_view(&site);
    drop(t);
    let theme = opts.theme_dir.as_deref().filter(|d| d.is_dir());
    let renderers: Vec<Box<dyn Renderer>> = vec![
        Box::new(HtmlRenderer::new(theme)?.with_base_url(opts.base_url.as_deref().or(site.config.base_url.as_deref()))),
        Box::new(MarkdownRenderer),
        Box::new(TextRenderer { options: TextOptions { width: opts.text_width, compare: true } }),
    ];
    let summary = report::SiteSummary::of(&view);
    let t = timing::span("render: pages (parallel per machine)");
    let mut files = Vec::new();
    for r in &renderers {
        files.extend(r.render_index(&summary)?);
    }
    // Machine classes render in parallel, each with its raw copies.
    let per_machine: Vec<Result<Vec<OutputFile>, RenderError>> = site
        .machines
        .par_iter()
        .zip(view.machines.par_iter())
        .map(|(m, page)| {
            let mut out = Vec::new();
            for r in &renderers {
                out.extend(r.render_machine(&summary, page)?);
            }
            out.extend(m.results.iter().map(|rf| OutputFile {
                path: format!("{}/{}/{}", m.slug, report::RAW_DIR, rf.rel_path),
                contents: rf.raw.to_vec(),
            }));
            Ok(out)
        })
        .collect();
    for r in per_machine {
        files.extend(r?);
    }
    files.push(OutputFile::text(".nojekyll", String::new()));
    drop(t);
    let t = timing::span("export: data.json + csv");
    files.extend(crate::export::data_files(&site, &view));
    drop(t);
    let report = BuildReport {
        files_read: site.machines.iter().map(|m| m.results.len()).sum(),
        files_out: files.len(),
        files_written: 0,
        pages: files.iter().filter(|f| f.path.ends_with(".html")).count(),
        charts: files.iter().filter(|f| f.path.ends_with(".svg")).count(),
        diagnostics: site.diagnostics,
    };
    Ok((files, report))
}

/// Builds the site: [`render_site`], then writes the files.
///
/// # Errors
/// Any [`BuildError`]; on error the output directory is unchanged (or, for
/// a write error, holds complete files only).
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    build_with_progress(opts, &indicatif::ProgressBar::hidden())
}

/// [`build`], reporting parsing progress on `progress`.
///
/// # Errors
/// As [`build`].
pub fn build_with_progress(opts: &BuildOptions, progress: &indicatif::ProgressBar) -> Result<BuildReport, BuildError> {
    let (files, mut report) = render_site_with_progress(opts, progress)?;
    progress.finish_and_clear();
    let _t = timing::span("write output");
    report.files_written = write_output(&opts.output, &files, opts.force)?;
    Ok(report)
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> BuildError + '_ {
    move |source| BuildError::Write { path: path.to_path_buf(), source }
}

/// Writes `files` under `out`, atomically per file, skipping unchanged ones,
/// and removes files a previous build wrote that are no longer produced.
/// Returns how many files were written.
///
/// # Errors
/// [`BuildError::NotOurs`] for a foreign non-empty directory without
/// `force`; [`BuildError::Write`] on I/O failure.
pub fn write_output(out: &Path, files: &[OutputFile], force: bool) -> Result<usize, BuildError> {
    let marker = out.join(MARKER);
    if out.exists() && !marker.exists() {
        let non_empty = std::fs::read_dir(out).map_err(io_err(out))?.next().is_some();
        if non_empty && !force {
            return Err(BuildError::NotOurs(out.to_path_buf()));
        }
    }
    std::fs::create_dir_all(out).map_err(io_err(out))?;
    let previous: BTreeSet<String> = std::fs::read_to_string(&marker)
        .map(|s| s.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_string).collect())
        .unwrap_or_default();

    let mut written = 0;
    for f in files {
        let rel = Path::new(&f.path);
        if rel.is_absolute() || rel.components().any(|c| !matches!(c, std::path::Component::Normal(_))) {
            return Err(BuildError::Write {
                path: rel.to_path_buf(),
                source: std::io::Error::other("output path leaves the output directory"),
            });
        }
        let path = out.join(rel);
        if std::fs::read(&path).is_ok_and(|old| old == f.contents) {
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io_err(parent))?;
        }
        let tmp = path.with_file_name(format!(
            ".{}.benchsite-tmp",
            path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()
        ));
        {
            let mut fh = std::fs::File::create(&tmp).map_err(io_err(&tmp))?;
            fh.write_all(&f.contents).map_err(io_err(&tmp))?;
            fh.sync_all().map_err(io_err(&tmp))?;
        }
        std::fs::rename(&tmp, &path).map_err(io_err(&path))?;
        written += 1;
    }
    let now: BTreeSet<String> = files.iter().map(|f| f.path.clone()).collect();
    for stale in previous.difference(&now) {
        let p = out.join(stale);
        if Path::new(stale).components().all(|c| matches!(c, std::path::Component::Normal(_))) && p.is_file() {
            std::fs::remove_file(&p).map_err(io_err(&p))?;
            // Remove the directory too when that left it empty (never a non-empty one).
            if let Some(parent) = p.parent()
                && parent != out
            {
                let _ = std::fs::remove_dir(parent);
            }
        }
    }
    let mut list = String::from("# files written by benchsite; do not edit\n");
    for p in &now {
        list.push_str(p);
        list.push('\n');
    }
    let tmp = out.join(".benchsite.tmp");
    std::fs::write(&tmp, list).map_err(io_err(&tmp))?;
    std::fs::rename(&tmp, &marker).map_err(io_err(&marker))?;
    Ok(written)
}
