//! The output writer: putting a build's files in the output directory, all
//! or nothing.
//!
//! Every file goes to a temporary file beside its place
//! (`.<name>.benchsite-tmp`, [`atomic`]); only when the whole build
//! succeeded are they renamed into place, each atomically
//! ([`DirWriter::commit`]). A failed build removes its temporary files (and
//! directories it created), so the output is left as it was
//! ([`DirWriter::abort`]). Files whose contents did not change are left
//! alone (not even touched). benchsite marks directories it creates with a
//! `.benchsite` file listing what it wrote ([`marker`]); a later build
//! removes only files from that list that it no longer produces, so
//! `output/.git` and `output/CNAME` survive. It refuses to write into a
//! non-empty directory it did not create unless told to with `force`.
//! Every output path is claimed ([`PathClaims`]) before anything is put in
//! place, so two outputs with one path fail the build; a build holds a lock
//! on the directory ([`OutputLock`]) while it writes.
//!
//! A leaf: this module knows files, paths and bytes, and nothing of sites,
//! pages or the build cache (whose records of earlier outputs it reads as
//! plain [`Output`]s).

pub mod atomic;
pub mod claims;
pub mod hold;
pub mod lock;
pub mod marker;
pub mod sink;
pub mod stat;
pub mod writer;

pub use atomic::{create_new, write_new};
pub use claims::{Clash, PathClaims};
pub use lock::OutputLock;
pub use marker::MARKER;
pub use sink::{Collect, Sink, Tap};
pub use stat::{Output, Stat};
pub use writer::{DirWriter, Written, write_output};

use std::path::PathBuf;

/// A file to write, relative to the output directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    /// Path relative to the output directory, `/`-separated (`k6-2/index.html`).
    pub path: String,
    /// Contents.
    pub contents: Vec<u8>,
}

impl OutputFile {
    /// A text file.
    pub fn text(path: impl Into<String>, contents: String) -> Self {
        OutputFile { path: path.into(), contents: contents.into_bytes() }
    }
}

/// Why writing the output failed.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The output directory is not benchsite's.
    #[error("{0} is not empty and was not created by benchsite (no {MARKER} file); use --force to write into it")]
    NotOurs(PathBuf),
    /// Writing failed, or an output path cannot be written (it leaves the
    /// output directory, or clashes with another output or with what is in
    /// the output directory). Nothing was put in place.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error (or why the path cannot be written).
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
    /// Files at output paths that no build wrote (not in the list of
    /// written files) would be replaced: nothing was put in place.
    #[error(
        "{}: this build would replace {total} file(s) benchsite did not write: {}{}; move them away, or rerun with --overwrite to replace them",
        .out.display(),
        .named.join(", "),
        if *.total > .named.len() { format!(" and {} more", .total - .named.len()) } else { String::new() }
    )]
    WouldOverwrite {
        /// The output directory.
        out: PathBuf,
        /// The first of them (relative paths), sorted.
        named: Vec<String>,
        /// How many.
        total: usize,
    },
}

/// The name of the hidden directory in the output directory where the
/// build keeps its cache (`crate::cache`). The marker does not list it, so
/// no build removes it; a killed build's temporary files in it
/// (`.<name>.tmp`) are swept with the writer's own.
pub const CACHE_DIR: &str = ".benchsite-cache";

/// Recorded for contents whose hash is not known: matches no [`hash`].
pub const NO_HASH: u64 = 0;

/// The hash of some bytes (XXH3, 64 bits: stable across platforms and
/// releases, and fast enough to hash every output of a build). Two outputs
/// of the same length and hash are taken as the same contents.
pub use crate::fingerprint::hash;

/// Locks `m`, whether or not another thread panicked holding it.
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
