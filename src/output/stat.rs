//! What the file system says about a file, and what an earlier build
//! recorded of an output file: the writer leaves a file alone when it is
//! still as recorded, without reading it back.

use std::path::Path;

pub use crate::fingerprint::epoch_nanos as nanos;

/// What the file system says about a file.
///
/// The build cache stores it in columns of its entries' file records
/// (`cache::records`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stat {
    /// Size in bytes.
    pub len: u64,
    /// Modification time, ns since the epoch.
    pub mtime: i128,
    /// Status change time, ns since the epoch (0 where unknown).
    pub ctime: i128,
    /// Inode number (0 where unknown).
    pub ino: u64,
}

impl Stat {
    /// The stat recorded for a file that could not be read: its length
    /// matches no real file's.
    pub const MISSING: Stat = Stat { len: u64::MAX, mtime: 0, ctime: 0, ino: 0 };

    /// The stat of `path`, following links; `None` when it cannot be read.
    pub fn of(path: &Path) -> Option<Stat> {
        Some(Stat::of_metadata(&std::fs::metadata(path).ok()?))
    }

    /// The stat in `m`.
    pub fn of_metadata(m: &std::fs::Metadata) -> Stat {
        #[cfg(unix)]
        let (ctime, ino) = {
            use std::os::unix::fs::MetadataExt;
            (i128::from(m.ctime()) * 1_000_000_000 + i128::from(m.ctime_nsec()), m.ino())
        };
        #[cfg(not(unix))]
        let (ctime, ino) = (0, 0);
        Stat { len: m.len(), mtime: nanos(m.modified().ok()), ctime, ino }
    }
}

/// One output file as produced: path (relative to the output directory),
/// its stat (a file edited by hand with its size and modification time
/// kept still has a new change time), and the [`hash`](super::hash) of its
/// contents. The build cache stores outputs as columns (`cache::records`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path relative to the output directory.
    pub path: String,
    /// Its stat as written ([`Stat::MISSING`] if it could not be read).
    pub stat: Stat,
    /// [`hash`](super::hash) of the contents written
    /// ([`NO_HASH`](super::NO_HASH) if unknown).
    pub hash: u64,
}
