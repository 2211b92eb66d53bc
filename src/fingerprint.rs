//! Fingerprints for the caches: a stable hash ([`hash`], [`KeyHasher`]),
//! the identity of the running benchsite build ([`tool_version`]) and the
//! first line every cache file starts with ([`cache_header`]).
//!
//! A leaf: both the parse cache ([`crate::site::ParseCache`]) and the
//! build cache ([`crate::cache`]) use it, and the site loader is below the
//! build cache.

use std::sync::OnceLock;
use std::time::SystemTime;

/// Bumped when the layout of a cache file (the build cache's entries or
/// the parse cache), or what the caches cover, changes: part of
/// [`tool_version`], so a cache of another format is no cache. 33: a
/// parameter's unit ([`crate::model::Param::unit`]) and a metric's printed
/// name and unit ([`crate::model::Metric::printed_name`]); 34: the parse
/// cache stores a metric's printed name and unit as fields of their own
/// (33 read a printed unit alone back as the printed name).
pub const FORMAT: u32 = 34;

/// A hash of a sequence of fields, for cache keys: XXH3 (`xxhash-rust`),
/// the same on every platform and release (unlike `std`'s hasher).
pub struct KeyHasher(xxhash_rust::xxh3::Xxh3);

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher(xxhash_rust::xxh3::Xxh3::new())
    }
}

impl KeyHasher {
    /// Adds bytes.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.0.update(b);
        self
    }
    /// Adds a length-prefixed string (so `"ab","c"` and `"a","bc"` differ).
    pub fn field(&mut self, b: &[u8]) -> &mut Self {
        self.bytes(&(b.len() as u64).to_le_bytes()).bytes(b)
    }
    /// The 64-bit hash.
    pub fn finish(&self) -> u64 {
        self.0.digest()
    }
    /// The 128-bit hash.
    pub fn finish128(&self) -> u128 {
        self.0.digest128()
    }
}

/// The hash of some bytes (XXH3, 64 bits: stable across platforms and
/// releases, and fast enough to hash every output of a build).
pub fn hash(b: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(b)
}

/// Identifies the running benchsite: its version, and the size and
/// modification time of its executable, so a rebuilt binary never reads a
/// cache an older one wrote.
pub fn tool_version() -> &'static str {
    static V: OnceLock<String> = OnceLock::new();
    V.get_or_init(|| {
        let exe = std::env::current_exe()
            .and_then(std::fs::metadata)
            .map(|m| format!("{}-{}", m.len(), epoch_nanos(m.modified().ok())))
            .unwrap_or_default();
        format!("{}/{FORMAT}/{exe}", env!("CARGO_PKG_VERSION"))
    })
}

/// `t` in nanoseconds since the Unix epoch (negative before it; 0 for
/// `None`, a time the file system does not know).
pub fn epoch_nanos(t: Option<SystemTime>) -> i128 {
    match t {
        Some(t) => match t.duration_since(SystemTime::UNIX_EPOCH) {
            Ok(d) => d.as_nanos() as i128,
            Err(e) => -(e.duration().as_nanos() as i128),
        },
        None => 0,
    }
}

/// The first line of a cache file: which cache it is and the benchsite
/// build that wrote it, `benchsite <kind> cache <tool_version>\n` (`build`:
/// a class's entry; `parse`: its parse cache). A file of another build, or
/// of the other kind, is no cache.
pub fn cache_header(kind: &str) -> String {
    format!("benchsite {kind} cache {}\n", tool_version())
}

/// The zstd level of the build cache's files (the class entries and the
/// parse caches): 3, zstd's default. On the large generated archive's
/// caches (10 classes, 23.5 MB of parse cache and 17.6 MB of entries
/// before compression) DEFLATE at level 2 (`flate2`, until cache format
/// 28) kept 8.45 and 5.60 MB; zstd at level 3 keeps 6.27 and 4.78 MB
/// (level 6 6.04 and 4.59, level 19 5.42 and 4.30), and compresses and
/// decompresses faster than DEFLATE at level 2 (see BENCHMARKS.md, "Output
/// size (forty-seventh session …)"). Every rebuild decompresses every
/// kept class's entry and writes only the changed class's files, so the
/// level is one a rebuild pays for the changed class.
pub const ZSTD_LEVEL: i32 = 3;
