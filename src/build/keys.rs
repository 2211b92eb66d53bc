//! Cache keys: what a machine class's pages depend on besides its raw files
//! (see [`crate::cache`]).

use super::BuildOptions;
use crate::cache;
use crate::site;
use std::path::{Path, PathBuf};

/// The part of every machine class's cache key that is the same for all:
/// benchsite, content path, options, theme, `site.yaml`, every `machine.yaml`.
pub(super) fn common_key(opts: &BuildOptions, theme: Option<&Path>, dirs: &[(PathBuf, String)]) -> u64 {
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
pub(super) fn machine_key(common: u64, slug: &str, d: &site::Discovered) -> u64 {
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
