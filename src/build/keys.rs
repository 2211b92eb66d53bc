//! Cache keys: what a machine class's pages depend on besides its raw files
//! (see [`crate::cache`]).

use super::BuildOptions;
use crate::cache;
use crate::diag::{Diagnostic, Severity};
use crate::site;
use std::path::{Path, PathBuf};

/// The part of every machine class's cache key that is the same for all:
/// benchsite, content path, options, theme, `site.yaml`, every `machine.yaml`.
/// Paths enter it canonical: `content`, `./content` and the absolute path
/// are one directory, and a build naming it differently keeps the pages.
pub(super) fn common_key(opts: &BuildOptions, theme: Option<&Path>, dirs: &[(PathBuf, String)]) -> u64 {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let mut h = cache::KeyHasher::default();
    h.field(cache::tool_version().as_bytes());
    h.field(canonical(&opts.content).as_os_str().as_encoded_bytes());
    h.field(&(opts.text_width as u64).to_le_bytes());
    h.field(opts.base_url.as_deref().unwrap_or("\u{0}none").as_bytes());
    // The theme actually used (given, named in site.yaml, or themes/default).
    // A missing directory is the embedded default theme, however named.
    let theme = theme.filter(|d| d.is_dir());
    h.field(theme.map_or_else(PathBuf::new, canonical).as_os_str().as_encoded_bytes());
    if let Some(theme) = theme {
        for e in walkdir::WalkDir::new(theme).sort_by_file_name().into_iter().flatten() {
            if e.file_type().is_file() {
                h.field(e.path().strip_prefix(theme).unwrap_or(e.path()).as_os_str().as_encoded_bytes());
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
/// `dir` is the class directory as this build names it (its walk's
/// warnings enter the key relative to it).
pub(super) fn machine_key(common: u64, slug: &str, dir: &Path, d: &site::Discovered) -> u64 {
    let mut h = cache::KeyHasher::default();
    h.field(&common.to_le_bytes());
    // The class's own name: two classes alike in every file must not take
    // each other's entries.
    h.field(slug.as_bytes());
    for (k, path) in d.kernel_dirs.iter().zip(&d.kernel_paths) {
        // Every kernel directory, one without files too: a build warns of
        // an empty one ("holds no raw result file"), and an `mkdir` or
        // `rmdir` changes no raw file (the cache kept the last build's
        // warnings).
        h.field(k.as_bytes());
        if let Ok(b) = site::read_annotation(&path.join("kernel.yaml")) {
            h.field(&b);
        }
    }
    // What the walk warned of (a broken link, a link loop): a class whose
    // raw files are unchanged but whose walk warns differently is built
    // again, so that its warnings are this walk's, not the last build's.
    for w in &d.diagnostics {
        h.field(w.file.strip_prefix(dir).unwrap_or(&w.file).as_os_str().as_encoded_bytes());
        h.field(w.message.as_bytes());
    }
    h.finish()
}

/// A hash of the site's own findings (`site.yaml`'s and the content walk's,
/// `diags`, files relative to `content`): the lint page lists them.
pub(super) fn findings_key(diags: &[Diagnostic], content: &Path) -> u64 {
    let mut h = cache::KeyHasher::default();
    for d in diags {
        h.field(&[u8::from(d.severity == Severity::Error)]);
        h.field(d.file.strip_prefix(content).unwrap_or(&d.file).as_os_str().as_encoded_bytes());
        h.field(&d.line.unwrap_or(0).to_le_bytes());
        h.field(d.message.as_bytes());
    }
    h.finish()
}

/// The site-level files' key ([`cache::SiteEntry`]): the common key, the
/// site's [`findings_key`], and each class's slug and key, in name order.
pub(super) fn site_key<'a>(common: u64, findings: u64, classes: impl IntoIterator<Item = (&'a str, u64)>) -> u64 {
    let mut h = cache::KeyHasher::default();
    h.field(&common.to_le_bytes());
    h.field(&findings.to_le_bytes());
    for (slug, key) in classes {
        h.field(slug.as_bytes());
        h.field(&key.to_le_bytes());
    }
    h.finish()
}
