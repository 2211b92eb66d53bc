//! The parse cache: what each raw file of a machine class parsed to, kept
//! between builds so a class that is rebuilt does not parse every raw file
//! again.
//!
//! See [`ParseCache`].

use crate::fingerprint::{KeyHasher, cache_header, hash, tool_version};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Parse results of one machine class's raw files, from the last build and
/// for the next.
///
/// The cache (`<output>/.benchsite-cache/<class>.parsed`, kept by the
/// build cache: [`crate::cache::Cache::load_parsed`]) keeps what each raw
/// file gave (its [`FileOutcome`]: the `ParsedFile`s before the kernel
/// directory is applied, and the warnings reading it gave), keyed by a
/// 128-bit hash of the file's *contents*, the parser `formats:` forces on
/// it (if any) and the benchsite build ([`tool_version`], which includes
/// [`FORMAT`](crate::fingerprint::FORMAT)): [`ParseCache::key`]. A file's
/// entry is used only when that key matches; anything else is parsed
/// again. The kernel a file belongs to, `runs:` from `kernel.yaml` and the
/// file's path are applied after the lookup, so moving a file to another
/// kernel directory re-uses its entry and still gives it its new kernel.
///
/// The file is a header line (`benchsite parse cache <tool_version>\n`)
/// followed by records, each the key (16 bytes), the length of the entry
/// (8 bytes), an XXH3-64 checksum of the entry (8 bytes; all little-endian)
/// and the entry as MessagePack (`rmp-serde`, structs as arrays of their
/// fields in order, without the field names). Entries are decoded only
/// when looked up (in the parsing threads). A file of another benchsite,
/// a damaged frame or a wrong checksum makes the file (or that entry) no
/// cache.
///
/// Used from several threads at once: [`ParseCache::get`] and
/// [`ParseCache::put`] take `&self`.
///
/// [`FileOutcome`]: super::FileOutcome
#[derive(Default)]
pub struct ParseCache {
    /// The file's bytes as read.
    old: Vec<u8>,
    /// Key → byte range of its entry in `old`.
    index: rustc_hash::FxHashMap<u128, std::ops::Range<usize>>,
    /// Entries this build used or made, for [`ParseCache::store`].
    used: std::sync::Mutex<Vec<(u128, Record)>>,
    /// Raw files parsed because their entry was missing.
    misses: std::sync::atomic::AtomicUsize,
}

/// An entry to write: one kept from the old file (its byte range) or a new
/// one (its encoding).
enum Record {
    Old(std::ops::Range<usize>),
    New(Vec<u8>),
}

impl ParseCache {
    /// The parse cache of class `slug` in cache directory `dir`; empty
    /// when there is none, it is unreadable, damaged, or another benchsite
    /// build wrote it.
    pub fn load(dir: &Path, slug: &str) -> Self {
        let bytes = std::fs::read(Self::file(dir, slug)).unwrap_or_default();
        let first_line = cache_header("parse");
        if !bytes.starts_with(first_line.as_bytes()) {
            return ParseCache::default();
        }
        let mut index = rustc_hash::FxHashMap::default();
        let mut at = first_line.len();
        while at < bytes.len() {
            let Some(frame) = bytes.get(at..at + 32) else { return ParseCache::default() };
            let key = u128::from_le_bytes(frame[..16].try_into().unwrap_or_default());
            let len = u64::from_le_bytes(frame[16..24].try_into().unwrap_or_default());
            let sum = u64::from_le_bytes(frame[24..32].try_into().unwrap_or_default());
            let start = at + 32;
            let Some(end) = usize::try_from(len).ok().and_then(|l| start.checked_add(l)).filter(|&e| e <= bytes.len())
            else {
                return ParseCache::default();
            };
            if hash(&bytes[start..end]) == sum {
                index.insert(key, start..end);
            }
            at = end;
        }
        ParseCache { old: bytes, index, ..ParseCache::default() }
    }

    /// The parse cache file of class `slug` in cache directory `dir`:
    /// `<dir>/<slug>.parsed`.
    pub fn file(dir: &Path, slug: &str) -> PathBuf {
        dir.join(format!("{slug}.parsed"))
    }

    /// The key of a raw file: a 128-bit hash of the benchsite build, the
    /// parser id forced on the file (`None`: detected) and its bytes.
    pub fn key(contents: &[u8], forced: Option<&str>) -> u128 {
        KeyHasher::default()
            .field(tool_version().as_bytes())
            .field(forced.unwrap_or("\u{0}detect").as_bytes())
            .bytes(contents)
            .finish128()
    }

    /// The entry stored under `key`, if there is one that decodes as a `T`
    /// (anything else is a miss). Remembers it for `ParseCache::store`.
    pub fn get<T: serde::de::DeserializeOwned>(&self, key: u128) -> Option<T> {
        let range = self.index.get(&key)?;
        let v = rmp_serde::from_slice(&self.old[range.clone()]).ok()?;
        lock(&self.used).push((key, Record::Old(range.clone())));
        Some(v)
    }

    /// Stores the entry of a raw file just parsed (a miss), as MessagePack
    /// (`rmp-serde`, fields by name: self-describing like JSON, so the
    /// model's tagged enums round-trip, but numbers are stored as their
    /// bits, which decodes several times faster than JSON's decimal
    /// floats). An entry that cannot be encoded is left out: that file is
    /// parsed again next time.
    pub fn put<T: Serialize>(&self, key: u128, entry: &T) {
        self.misses.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if let Ok(bytes) = rmp_serde::to_vec(entry) {
            lock(&self.used).push((key, Record::New(bytes)));
        }
    }

    /// How many raw files were parsed because they had no entry.
    pub fn misses(&self) -> usize {
        self.misses.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Writes the entries this build used or made (and no others) as the
    /// parse cache of class `slug` to a temporary file in cache directory
    /// `dir`, and returns its path; renaming it to [`ParseCache::file`]
    /// puts it in place.
    ///
    /// The temporary file is made with `crate::output::create_new` (never
    /// through a link planted there).
    ///
    /// # Errors
    /// Any error writing it (a full disk); the temporary file is removed.
    /// A cache directory that is a symbolic link is not written through.
    pub fn store(self, dir: &Path, slug: &str) -> std::io::Result<PathBuf> {
        if dir.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(std::io::Error::other("the cache directory is a symbolic link; nothing is written through it"));
        }
        let mut used = self.used.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        used.sort_by_key(|(k, _)| *k);
        used.dedup_by_key(|(k, _)| *k);
        let tmp = dir.join(format!(".{slug}.parsed.tmp"));
        // Streamed to the file, each new entry freed once written: a large
        // class's cache is tens of MB, and it is stored while the previous
        // class renders (the peak memory of a build).
        let write = || -> std::io::Result<()> {
            use std::io::Write as _;
            let mut out = std::io::BufWriter::with_capacity(1 << 16, crate::output::create_new(&tmp)?);
            out.write_all(cache_header("parse").as_bytes())?;
            for (key, rec) in used {
                let entry = match &rec {
                    Record::Old(r) => &self.old[r.clone()],
                    Record::New(v) => &v[..],
                };
                out.write_all(&key.to_le_bytes())?;
                out.write_all(&(entry.len() as u64).to_le_bytes())?;
                out.write_all(&hash(entry).to_le_bytes())?;
                out.write_all(entry)?;
            }
            out.into_inner().map_err(std::io::IntoInnerError::into_error)?;
            Ok(())
        };
        match write() {
            Ok(()) => Ok(tmp),
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                Err(e)
            }
        }
    }
}

/// Locks `m`, also when another thread panicked holding it (the entries
/// are still whole: each is pushed in one step).
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
