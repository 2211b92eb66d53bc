//! Where output files go: the [`Sink`] trait, and its small
//! implementations (in memory, or passing through).

use super::claims::PathClaims;
use super::{Output, OutputFile, WriteError, hash, lock};
use std::path::Path;
use std::sync::Mutex;

/// Where a build's output files go: kept in memory ([`Collect`]) or
/// written to the output directory ([`DirWriter`](super::DirWriter)). Called from several
/// threads.
pub trait Sink: Sync {
    /// Takes one output file.
    ///
    /// # Errors
    /// [`WriteError::Write`] when it cannot be stored.
    fn put(&self, file: OutputFile) -> Result<(), WriteError>;

    /// Keeps files an earlier build wrote, unchanged (the outputs of a
    /// machine class the cache says did not change: a few thousand paths
    /// at once). Only [`DirWriter`](super::DirWriter) supports it.
    ///
    /// # Errors
    /// When the sink cannot keep files.
    fn keep(&self, paths: &[&str]) -> Result<(), WriteError> {
        let path = paths.first().copied().unwrap_or_default();
        Err(WriteError::Write { path: path.into(), source: std::io::Error::other("this sink cannot keep files") })
    }

    /// [`Sink::keep`] for the outputs of one machine class kept whole, all
    /// under its directory `dir` and claimed together by the build that
    /// wrote them: a sink may claim them as one tree
    /// ([`PathClaims::claim_tree`]).
    ///
    /// # Errors
    /// As [`Sink::keep`].
    fn keep_dir(&self, dir: &str, paths: &[&str]) -> Result<(), WriteError> {
        let _ = dir;
        self.keep(paths)
    }

    /// Hands over what an earlier build recorded of the outputs of a
    /// machine class about to be built again ([`DirWriter`](super::DirWriter) compares a new
    /// file with one still in place by the recorded hash instead of reading
    /// it back). Other sinks ignore it.
    fn known_outputs(&self, _outputs: Vec<Output>) {}

    /// Keeps the file at `path` instead of taking it again when it is an
    /// output [`Sink::known_outputs`] named, still as written, with
    /// contents of this length and [`hash`]: `true` when kept (the
    /// caller need not make the file), `false` when the file must be put.
    ///
    /// # Errors
    /// As [`Sink::put`], when the path clashes.
    fn keep_unchanged(&self, _path: &str, _len: u64, _hash: u64) -> Result<bool, WriteError> {
        Ok(false)
    }
}

/// A [`Sink`] keeping every file in memory, or (`discard`) none.
/// Output paths are claimed as a build would claim them, so clashes
/// between outputs are found without writing.
#[derive(Default)]
pub struct Collect {
    files: Mutex<Vec<OutputFile>>,
    claims: Mutex<PathClaims>,
    discard: bool,
}

impl Collect {
    /// A sink keeping every file it takes ([`Collect::into_files`]).
    pub fn keeping() -> Self {
        Collect::default()
    }

    /// A sink keeping no file: it only claims their paths, to find clashes.
    pub fn discarding() -> Self {
        Collect { discard: true, ..Collect::default() }
    }

    /// The files taken, sorted by path.
    pub fn into_files(self) -> Vec<OutputFile> {
        let mut files = self.files.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        files.sort_by(|a, b| a.path.cmp(&b.path));
        files
    }
}

impl Sink for Collect {
    fn put(&self, file: OutputFile) -> Result<(), WriteError> {
        let claimed =
            lock(&self.claims).claim(&file.path, Some((file.contents.len() as u64, hash(&file.contents))), |_| false);
        if claimed.map_err(|c| c.into_error(Path::new(""), &file.path))?.is_some() && !self.discard {
            lock(&self.files).push(file);
        }
        Ok(())
    }
}

/// A [`Sink`] passing everything through to another, and telling `seen`
/// the path of every output file it takes or keeps (to record a class's
/// outputs, or to count a build's).
pub struct Tap<'a, F: Fn(&str) + Sync> {
    /// The sink files go on to.
    pub inner: &'a dyn Sink,
    /// Told the path of every file taken or kept.
    pub seen: F,
}

impl<F: Fn(&str) + Sync> Sink for Tap<'_, F> {
    fn put(&self, file: OutputFile) -> Result<(), WriteError> {
        (self.seen)(&file.path);
        self.inner.put(file)
    }

    fn keep(&self, paths: &[&str]) -> Result<(), WriteError> {
        for p in paths {
            (self.seen)(p);
        }
        self.inner.keep(paths)
    }

    fn keep_dir(&self, dir: &str, paths: &[&str]) -> Result<(), WriteError> {
        for p in paths {
            (self.seen)(p);
        }
        self.inner.keep_dir(dir, paths)
    }

    fn known_outputs(&self, outputs: Vec<Output>) {
        self.inner.known_outputs(outputs);
    }

    fn keep_unchanged(&self, path: &str, len: u64, hash: u64) -> Result<bool, WriteError> {
        let kept = self.inner.keep_unchanged(path, len, hash)?;
        if kept {
            (self.seen)(path);
        }
        Ok(kept)
    }
}
