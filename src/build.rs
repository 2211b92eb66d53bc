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
    /// The output directory is the content directory or inside it.
    #[error("output directory {output} is inside the content directory {content}; choose an output directory outside it")]
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
    if let Some(url) = &opts.base_url
        && !site::base_url_ok(url)
    {
        return Err(BuildError::Invalid(vec![Diagnostic::error(
            "--base-url",
            None,
            format!("{url:?} must start with https://, http:// or /"),
        )]));
    }
    let site = site::load_with_progress(&opts.content, progress)
        .map_err(|source| BuildError::Content { path: opts.content.clone(), source })?;
    if site.has_errors() {
        return Err(BuildError::Invalid(site.diagnostics));
    }
    let view = report::site_view(&site);
    let theme_dir = resolve_theme(opts, site.config.theme.as_deref())?;
    let theme = theme_dir.as_deref().filter(|d| d.is_dir());
    let renderers: Vec<Box<dyn Renderer>> = vec![
        Box::new(HtmlRenderer::new(theme)?.with_base_url(opts.base_url.as_deref().or(site.config.base_url.as_deref()))),
        Box::new(MarkdownRenderer),
        Box::new(crate::render::svg::SvgRenderer),
        Box::new(TextRenderer { options: TextOptions { width: opts.text_width, compare: true } }),
    ];
    let mut files = Vec::new();
    for r in &renderers {
        files.extend(r.render(&view)?);
    }
    files.push(OutputFile::text(".nojekyll", String::new()));
    for m in &site.machines {
        for rf in &m.results {
            files.push(OutputFile {
                path: format!("{}/{}/{}", m.slug, report::RAW_DIR, rf.rel_path),
                contents: rf.raw.to_vec(),
            });
        }
    }
    files.extend(crate::export::data_files(&site, &view));
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
    // Writing into content/ would mix generated files (and copies of the raw
    // files) into the user's data, and the next build would read them back.
    if inside(&opts.output, &opts.content) {
        return Err(BuildError::OutputInContent { output: opts.output.clone(), content: opts.content.clone() });
    }
    let (files, mut report) = render_site_with_progress(opts, progress)?;
    progress.finish_and_clear();
    report.files_written = write_output(&opts.output, &files, opts.force)?;
    Ok(report)
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

/// Checks, before anything is written, that every file can be written:
/// its path stays inside `out`, no two files share a path (with different
/// contents), no file sits where another needs a directory (a machine class
/// named `style.css`), and nothing already in `out` is in the way (a
/// directory where a file goes, a file where a directory goes).
fn check_paths(out: &Path, files: &[OutputFile]) -> Result<(), BuildError> {
    let conflict = |path: &str, why: String| BuildError::Write { path: out.join(path), source: std::io::Error::other(why) };
    let mut by_path: std::collections::HashMap<&str, &[u8]> = std::collections::HashMap::new();
    for f in files {
        let rel = Path::new(&f.path);
        if f.path.is_empty()
            || rel.is_absolute()
            || rel.components().any(|c| !matches!(c, std::path::Component::Normal(_)))
        {
            return Err(BuildError::Write {
                path: rel.to_path_buf(),
                source: std::io::Error::other("output path leaves the output directory"),
            });
        }
        if let Some(prev) = by_path.insert(&f.path, &f.contents)
            && prev != f.contents.as_slice()
        {
            return Err(conflict(&f.path, "two different output files have this path".into()));
        }
    }
    for f in files {
        let mut dir = Path::new(&f.path).parent();
        while let Some(d) = dir.filter(|d| !d.as_os_str().is_empty()) {
            let d_str = d.to_string_lossy();
            if by_path.contains_key(d_str.as_ref()) {
                return Err(conflict(
                    &d_str,
                    format!("is an output file and also the directory of {} (a machine class or kernel named like one of the site's own files?)", f.path),
                ));
            }
            if out.join(d).symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(conflict(
                    &d_str,
                    format!("is a symbolic link in the output directory; benchsite does not write {} through it", f.path),
                ));
            }
            if out.join(d).symlink_metadata().is_ok_and(|m| !m.is_dir()) {
                return Err(conflict(&d_str, format!("is a file in the output directory, but {} needs it to be a directory", f.path)));
            }
            dir = d.parent();
        }
        if out.join(&f.path).is_dir() {
            return Err(conflict(&f.path, "is a directory in the output directory, but the site has a file there".into()));
        }
    }
    Ok(())
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
    check_paths(out, files)?;
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
        let result = (|| {
            let mut fh = std::fs::File::create(&tmp).map_err(io_err(&tmp))?;
            fh.write_all(&f.contents).map_err(io_err(&tmp))?;
            fh.sync_all().map_err(io_err(&tmp))?;
            std::fs::rename(&tmp, &path).map_err(io_err(&path))
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result?;
        written += 1;
    }
    let now: BTreeSet<String> = files.iter().map(|f| f.path.clone()).collect();
    for stale in previous.difference(&now) {
        let p = out.join(stale);
        if Path::new(stale).components().all(|c| matches!(c, std::path::Component::Normal(_)))
            && linked_dir(out, Path::new(stale)).is_none()
            && p.is_file()
        {
            std::fs::remove_file(&p).map_err(io_err(&p))?;
            // Remove the directories too when that left them empty (never a
            // non-empty one), up to the output directory.
            let mut dir = p.parent();
            while let Some(d) = dir
                && d != out
                && d.starts_with(out)
                && std::fs::remove_dir(d).is_ok()
            {
                dir = d.parent();
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
