//! The lock on an output directory, held while a build writes into it.

use std::path::Path;

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
pub struct OutputLock(pub(super) Option<std::fs::File>);

impl OutputLock {
    /// Locks `out` (an existing directory), first saying on standard error
    /// when another build holds it, then waiting for it. Where it cannot be
    /// locked, says so and goes on unlocked.
    pub(super) fn acquire(out: &Path) -> OutputLock {
        // Elsewhere a directory cannot be opened as a file: unlocked, as
        // the README says.
        if cfg!(not(unix)) {
            return OutputLock(None);
        }
        let unlocked = |e: std::io::Error| {
            crate::diag::lossy_eprintln!(
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
                crate::diag::lossy_eprintln!(
                    "waiting for another benchsite build writing to {} to finish",
                    out.display()
                );
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
    pub(super) fn is_on(&self, out: &Path) -> bool {
        use std::os::unix::fs::MetadataExt;
        let Some(locked) = &self.0 else { return true };
        match (locked.metadata(), std::fs::metadata(out)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => false,
        }
    }

    /// Elsewhere there is no lock ([`OutputLock::acquire`]).
    #[cfg(not(unix))]
    pub(super) fn is_on(&self, _out: &Path) -> bool {
        true
    }

    /// A second handle on the same lock: the directory stays locked until
    /// both are dropped.
    pub(super) fn share(&self) -> OutputLock {
        OutputLock(self.0.as_ref().and_then(|f| f.try_clone().ok()))
    }
}
