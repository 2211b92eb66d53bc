//! The build cache: skip machine classes whose inputs did not change.
//!
//! After a successful [`build`](crate::build::build), benchsite keeps one
//! small file per machine class, `<output>/.benchsite-cache/<class>.entry`
//! (a header line naming the benchsite build; then the body: the length of
//! the compressed entry (8 bytes little-endian), the [`MachineEntry`] as
//! MessagePack with field names, compressed (zstd), and the summary's cross-class
//! cells in a compact form of their own (see `cache::stored`), compressed
//! apart; then the [`hash`] of the body, 8 bytes little-endian), in that
//! directory (a hidden directory the output's marker does not list, so a
//! build never removes it and hosts that skip dotfiles do not publish it).
//! It records:
//!
//! * a *key*: a hash of everything except the raw files that can change the
//!   class's pages — the benchsite build (version, and the size and time of
//!   the running executable), the content directory's path, the build
//!   options (width, base URL), every file of the theme directory,
//!   `site.yaml`, every class's `machine.yaml` (pages name the other
//!   classes) and this class's `kernel.yaml` files, by path and contents;
//! * every raw file by path, size, modification and change time, inode and a
//!   hash of its contents;
//! * every output file the class produced, with its size, times, inode and
//!   a hash of its contents, its diagnostics, and its entry in the site
//!   summary.
//!
//! The next build walks the class's directory and compares. The class is
//! skipped — nothing read, parsed or rendered, its outputs left in place —
//! only when the key is equal, the list of raw files is the same, each raw
//! file either has the same size, times and inode *and* was last changed
//! more than [`RACY_SECS`] seconds before the recorded build started (a file
//! written in the same clock tick as the build might have changed unseen),
//! or else has the same content hash when read again, and every recorded
//! output is still there with its size and time. Anything else rebuilds the
//! class from scratch. A missing, unreadable or older-format cache file is
//! no cache.
//!
//! The site-level files (the site index, the lint and cross-class pages,
//! `data.json`'s index, the theme's static files) have an entry of their
//! own, `site.outputs` ([`SiteEntry`]): a build that keeps every class keeps
//! them too while their site key and files are as recorded, without
//! reading any class's cross-class cells back; otherwise they are made
//! again from every class's summary.
//!
//! A class that is rebuilt writes only the outputs whose contents changed.
//! An output still on disk with the size, times and inode recorded for it
//! holds what was written then, so it is compared by its recorded hash
//! instead of being read back (a 300-kernel class has 4,000 outputs and
//! 90 MB); any other output is compared with the file's bytes.
//!
//! # Parsed files
//!
//! A class that is rebuilt does not parse every raw file again: its
//! [`ParseCache`] (`<output>/.benchsite-cache/<class>.parsed`, kept by
//! [`Cache::load_parsed`] and [`Cache::store_parsed`]) keeps what each raw
//! file gave, by its contents; see [`crate::site::ParseCache`].

pub use crate::fingerprint::{FORMAT, KeyHasher, hash, tool_version};

use crate::diag::{Diagnostic, Severity};
use crate::fingerprint::{cache_header, epoch_nanos};
/// The content hash, the "no hash" value, and the output records and file
/// stats the writer reads (see [`crate::output`]): a raw file's record uses
/// them too (a raw file whose bytes were not kept, as it gave no results,
/// is recorded with [`NO_HASH`], and counts as unchanged only by its size
/// and times).
pub use crate::output::{NO_HASH, Output, Stat};
use crate::report::{AcrossCells, AcrossDigest, MachineSummary};
use crate::site::ParseCache;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

mod records;
mod stored;

use records::Table;

/// The cache directory's name inside the output directory.
pub const DIR: &str = crate::output::CACHE_DIR;

/// Files changed less than this long before a build are checked by content
/// on the next build, whatever their times say.
pub const RACY_SECS: i128 = 2;

/// Now, in nanoseconds since the epoch.
pub fn now_ns() -> i128 {
    epoch_nanos(Some(SystemTime::now()))
}

/// True when a file with stat `s` changed too close to `scan_ns` for its
/// times to be trusted.
fn racy(s: &Stat, scan_ns: i128) -> bool {
    let limit = scan_ns - RACY_SECS * 1_000_000_000;
    s.mtime >= limit || s.ctime >= limit
}

/// A raw file as the cache remembers it (an entry stores its raw files'
/// records as columns: `cache::records`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawFile {
    /// Path relative to the machine-class directory.
    pub rel: String,
    /// Its stat when the build that recorded it started reading.
    pub stat: Stat,
    /// Hash of its contents.
    pub hash: u64,
}

/// A diagnostic as stored (files as paths: relative to the content
/// directory where they lie in it, so that a build naming the directory
/// differently (`content`, `./content`, an absolute path) reports the
/// warnings it keeps under its own spelling).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredDiag {
    /// Error, warning or note (a note kept as a warning would count as
    /// one, and fail `--strict`, in every build that keeps its class).
    severity: Severity,
    /// True when `file` is relative to the content directory.
    #[serde(default)]
    in_content: bool,
    file: PathBuf,
    line: Option<usize>,
    column: Option<usize>,
    message: String,
    /// The lint page's group.
    #[serde(default)]
    kind: crate::diag::Kind,
}

/// Everything remembered about one machine class.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MachineEntry {
    key: u64,
    /// When the build that recorded this started reading the class.
    scan_ns: i128,
    /// The raw files' records (path relative to the class directory).
    files: Table,
    /// The outputs' records (path relative to the output directory).
    outputs: Table,
    diags: Vec<StoredDiag>,
    /// The class's line in the site summary.
    pub summary: MachineSummary,
    /// Raw files read.
    pub files_read: usize,
    /// The summary's cross-class cells as stored: their compact form
    /// (`stored::StoredCells`) as MessagePack, compressed apart from the rest
    /// of the entry, and read back ([`MachineEntry::restore_cells`]) only
    /// when the cross-class page is drawn again: a build that changed no
    /// class does not. Empty in an entry just built (its cells are in
    /// `summary.cells`).
    #[serde(skip)]
    cells: Vec<u8>,
    /// What the cross-class page reads of the cells, small
    /// ([`AcrossDigest`]): a build that changed another class compares the
    /// page's key made from every class's digest with the last build's,
    /// and keeps `across.*` without reading these cells back when it is
    /// the same. `None`: none stored (the page is made again).
    #[serde(default)]
    across: Option<AcrossDigest>,
    /// True when this entry was read from the cache as it is: storing it
    /// again would write the same bytes, so [`Cache::store`] leaves its
    /// file alone.
    #[serde(skip)]
    unchanged: bool,
    /// True when this entry, read back, has raw files' records made anew
    /// by [`MachineEntry::still_valid`]: stored again (its summary cloned,
    /// not moved, when its class is kept).
    #[serde(skip)]
    refreshed: bool,
}

impl MachineEntry {
    /// A new entry for a class just built, with no diagnostics (see
    /// [`MachineEntry::with_diagnostics`]).
    pub fn new(
        key: u64,
        scan_ns: i128,
        files: Vec<RawFile>,
        outputs: Vec<String>,
        summary: MachineSummary,
        files_read: usize,
    ) -> Self {
        let across = Some(AcrossDigest::of(&summary.cells));
        MachineEntry {
            key,
            scan_ns,
            files: Table::of(files.iter().map(|f| (f.rel.as_str(), f.stat, f.hash))),
            // Stat and hash filled in by `Cache::store`.
            outputs: Table::of(outputs.iter().map(|path| (path.as_str(), Stat::MISSING, NO_HASH))),
            diags: Vec::new(),
            summary,
            files_read,
            cells: Vec::new(),
            across,
            unchanged: false,
            refreshed: false,
        }
    }

    /// The digest of the summary's cross-class cells, if stored.
    pub fn across_digest(&self) -> Option<&AcrossDigest> {
        self.across.as_ref()
    }

    /// True when the summary's cross-class cells are still in their
    /// stored form (an entry [`Cache::load`] read, not yet restored).
    pub fn cells_pending(&self) -> bool {
        !self.cells.is_empty()
    }

    /// The summary's cross-class cells read back from their stored form
    /// (the summary itself may have been taken already); `None` when none
    /// are pending or they do not decode.
    pub fn stored_cells(&self) -> Option<AcrossCells> {
        if self.cells.is_empty() {
            return None;
        }
        stored::decompress(&self.cells)
            .and_then(|b| rmp_serde::from_slice::<stored::StoredCells>(&b).ok())
            .and_then(|c| c.cells())
    }

    /// The entry with `diags`, the diagnostics loading the class gave;
    /// files in the content directory `content` (as this build names it)
    /// are stored relative to it.
    pub fn with_diagnostics(mut self, diags: &[Diagnostic], content: &Path) -> Self {
        self.diags = diags
            .iter()
            .map(|d| {
                let rel = d.file.strip_prefix(content).ok().filter(|_| !content.as_os_str().is_empty());
                StoredDiag {
                    severity: d.severity,
                    in_content: rel.is_some(),
                    file: rel.map_or_else(|| d.file.clone(), Path::to_path_buf),
                    line: d.line,
                    column: d.column,
                    message: d.message.clone(),
                    kind: d.kind,
                }
            })
            .collect();
        self
    }

    /// The output paths (relative to the output directory).
    pub fn output_paths(&self) -> impl Iterator<Item = &str> {
        self.outputs.paths()
    }

    /// Reads the summary's cross-class cells back into `summary.cells`
    /// from their stored form (an entry [`Cache::load`] read; one just
    /// built has them already). False when they do not decode: the entry
    /// is then no cache (its bytes passed the hash, so this is a damaged
    /// cache written that way, not a flipped byte).
    pub fn restore_cells(&mut self) -> bool {
        if self.cells.is_empty() {
            return true;
        }
        let Some(columns) = self.stored_cells() else {
            return false;
        };
        self.summary.cells = columns;
        self.cells = Vec::new();
        true
    }

    /// The outputs as recorded (for a class built again: those still in
    /// place need not be read back to be compared).
    pub fn into_outputs(self) -> Vec<Output> {
        outputs_of(&self.outputs)
    }

    /// The diagnostics loading the class gave, files in the content
    /// directory named under `content` (as this build spells it).
    pub fn diagnostics(&self, content: &Path) -> Vec<Diagnostic> {
        self.diags
            .iter()
            .map(|d| Diagnostic {
                severity: d.severity,
                file: if d.in_content { content.join(&d.file) } else { d.file.clone() },
                line: d.line,
                column: d.column,
                message: d.message.clone(),
                kind: d.kind,
            })
            .collect()
    }

    /// True when this entry still describes the class: same benchsite and
    /// key, same raw files (by times, or by content where times cannot be
    /// trusted), and every output still in place under `out`. `now` are
    /// the raw files as walked (relative name, times), `paths` the same
    /// files on disk, in the same order (a name read lossily does not lead
    /// back to its file). `scan_ns` is when this build started reading
    /// (before the walk that gave `now`).
    ///
    /// A file whose times could not be trusted (changed within
    /// [`RACY_SECS`] of the recorded build's start, or touched since) but
    /// whose contents hash as recorded is recorded again with the stat
    /// this build took and the entry with this build's `scan_ns`
    /// ([`MachineEntry::refreshed`]; when one such file is outside the
    /// window of this build, else nothing is spared): otherwise every
    /// later build reads it again (a class copied in just before a full
    /// build was read whole by every build after it, until it changed:
    /// 13,116 files in adding one kernel to the large archive after
    /// copying it). That is the rule the entry of a class just
    /// built follows: the stat taken after `scan_ns` and before the read,
    /// so a later write changes the file's change time (which no one can
    /// set back) unless that time is within [`RACY_SECS`] of `scan_ns`,
    /// and then the file is read again.
    pub fn still_valid(
        &mut self,
        key: u64,
        paths: &[&Path],
        now: &[(String, Option<Stat>)],
        out: &Path,
        scan_ns: i128,
    ) -> bool {
        if self.key != key || self.files.len() != now.len() {
            return false;
        }
        let mut read_again = Vec::new();
        for (i, (((old_rel, old_stat, old_hash), (rel, stat)), path)) in
            self.files.iter().zip(now).zip(paths).enumerate()
        {
            if old_rel != rel {
                return false;
            }
            let Some(stat) = stat else { return false };
            let trusted = stat == old_stat && !racy(old_stat, self.scan_ns);
            if !trusted {
                // Times changed, or too close to the last build: compare contents.
                match std::fs::read(path) {
                    Ok(b) if old_hash != NO_HASH && b.len() as u64 == stat.len && hash(&b) == old_hash => {
                        read_again.push((i, *stat));
                    }
                    _ => return false,
                }
            }
        }
        if !outputs_in_place(&self.outputs, out) {
            return false;
        }
        // Stored again only when that spares a later build a read: a file
        // still within the window of this build is read again anyway.
        if read_again.iter().any(|(_, stat)| !racy(stat, scan_ns)) {
            let (_, stats, _) = self.files.parts_mut();
            for (i, stat) in read_again {
                stats[i] = stat;
            }
            self.scan_ns = scan_ns;
            self.refreshed = true;
        }
        true
    }

    /// True when [`MachineEntry::still_valid`] read raw files again whose
    /// times it could not trust and recorded them anew: the entry is kept
    /// but stored again ([`Cache::store`]).
    pub fn refreshed(&self) -> bool {
        self.refreshed
    }
}

/// True when every output in `outputs` is still under `out` with the
/// size, times and inode recorded for it.
fn outputs_in_place(outputs: &Table, out: &Path) -> bool {
    // Each path joined in one buffer (a kept class has 4,000 outputs, and
    // every build looks at every kept class's), as `Path::join` joins a
    // relative path.
    let Some(dir) = out.to_str() else {
        return outputs.iter().all(|(p, s, _)| Stat::of(&out.join(p)).as_ref() == Some(s));
    };
    let mut full = String::with_capacity(dir.len() + 128);
    full.push_str(dir);
    if !full.is_empty() && !full.ends_with(std::path::is_separator) {
        full.push(std::path::MAIN_SEPARATOR);
    }
    let base = full.len();
    outputs.iter().all(|(p, s, _)| {
        full.truncate(base);
        full.push_str(p);
        Stat::of(Path::new(&full)).as_ref() == Some(s)
    })
}

/// The records of `outputs` as [`Output`]s.
fn outputs_of(outputs: &Table) -> Vec<Output> {
    outputs.iter().map(|(path, &stat, hash)| Output { path: path.to_string(), stat, hash }).collect()
}

/// What the cache remembers of the site-level files (the site index, the
/// cross-class and lint pages, `data.json`'s index, the theme's static
/// files: everything outside the machine classes' directories), stored as
/// `<output>/.benchsite-cache/site.outputs`.
///
/// They are made from every class's summary line and cross-class cells,
/// so a build that keeps every class and finds the same site key (the
/// common key, each class's key in order, and the findings of `site.yaml`
/// and the content walk) keeps them too, without reading the classes'
/// cells back or laying out the cross-class page.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SiteEntry {
    key: u64,
    outputs: Table,
    /// The cross-class page's key ([`crate::report::across_key`]) it was
    /// made under, whether it had a section (`across.*` written), and what
    /// it pairs (the index pages' words): a build that changes a class
    /// but not this key keeps `across.*`. `None`: not known.
    #[serde(default)]
    across: Option<(u64, bool, String)>,
    /// True when read from the cache as it is (not written again).
    #[serde(skip)]
    unchanged: bool,
}

impl SiteEntry {
    /// A new entry for site-level files just made under the site key `key`
    /// (stats and hashes filled in by [`Cache::store`]).
    pub fn new(key: u64, outputs: Vec<String>) -> Self {
        SiteEntry {
            key,
            outputs: Table::of(outputs.iter().map(|path| (path.as_str(), Stat::MISSING, NO_HASH))),
            across: None,
            unchanged: false,
        }
    }

    /// The entry with the cross-class page's key, whether it had a
    /// section and the words for what it pairs (see [`SiteEntry::across`]).
    pub fn with_across(mut self, across: Option<(u64, bool, String)>) -> Self {
        self.across = across;
        self
    }

    /// The cross-class page's key, whether it had a section, and what it
    /// pairs, when recorded.
    pub fn across(&self) -> Option<&(u64, bool, String)> {
        self.across.as_ref()
    }

    /// True when the cross-class page's files `paths` are all among this
    /// entry's outputs and still in place under `out` with the size, times
    /// and inode recorded for them.
    pub fn in_place(&self, paths: &[&str], out: &Path) -> bool {
        paths.iter().all(|p| {
            let mut records = self.outputs.iter();
            records
                .find(|(path, ..)| path == p)
                .is_some_and(|(path, s, _)| Stat::of(&out.join(path)).as_ref() == Some(s))
        })
    }

    /// True when this entry still describes the site-level files: the same
    /// site `key`, and every output still in place under `out`.
    pub fn still_valid(&self, key: u64, out: &Path) -> bool {
        self.key == key && outputs_in_place(&self.outputs, out)
    }

    /// The output paths (relative to the output directory).
    pub fn output_paths(&self) -> impl Iterator<Item = &str> {
        self.outputs.paths()
    }

    /// The outputs as recorded (when the site-level files are made again,
    /// those still in place need not be read back to be compared).
    pub fn into_outputs(self) -> Vec<Output> {
        outputs_of(&self.outputs)
    }
}

/// What a build hands the cache to store once its files are in place.
#[derive(Debug, Default)]
pub struct Entries {
    /// Each machine class built or kept, by slug.
    pub classes: Vec<(String, MachineEntry)>,
    /// The site-level files, made or kept; `None` in a build that makes
    /// none (a shard) or could not key them.
    pub site: Option<SiteEntry>,
}

/// The site-level files' entry, in the cache directory.
const SITE_FILE: &str = "site.outputs";

/// The cache of one output directory.
pub struct Cache {
    dir: PathBuf,
    /// Parse caches written during the build, as (temporary file, final
    /// path): renamed into place by [`Cache::store`], removed by
    /// [`Cache::discard`].
    pending: std::sync::Mutex<Vec<(PathBuf, PathBuf)>>,
    /// True when this build created the cache directory.
    created_dir: std::sync::atomic::AtomicBool,
    /// Cache files that could not be written, with why.
    failures: std::sync::Mutex<Vec<String>>,
}

impl Cache {
    /// The cache in `output`.
    pub fn new(output: &Path) -> Self {
        Cache {
            dir: output.join(DIR),
            pending: std::sync::Mutex::new(Vec::new()),
            created_dir: std::sync::atomic::AtomicBool::new(false),
            failures: std::sync::Mutex::new(Vec::new()),
        }
    }

    fn file(&self, slug: &str) -> PathBuf {
        self.dir.join(format!("{slug}.entry"))
    }

    /// Removes the entry of machine class `slug` (one found damaged after
    /// its class was kept: the next build builds the class again), and
    /// returns its path.
    pub fn forget(&self, slug: &str) -> PathBuf {
        let path = self.file(slug);
        let _ = std::fs::remove_file(&path);
        path
    }

    /// The entry of a machine class, if there is a readable one of this
    /// benchsite. Its cross-class cells stay in their stored form until
    /// [`MachineEntry::restore_cells`].
    pub fn load(&self, slug: &str) -> Option<MachineEntry> {
        let mut body = self.read_body(&self.file(slug))?;
        // The entry, then its cells: two compressed (zstd) streams, the first's
        // length before it (8 bytes little-endian).
        let (len, rest) = body.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
        let head = stored::decompress(rest.get(..len)?)?;
        let mut entry: MachineEntry = rmp_serde::from_slice(&head).ok()?;
        entry.cells = body.split_off(8 + len);
        entry.unchanged = true;
        Some(entry)
    }

    /// The site-level files' entry, if there is a readable one of this
    /// benchsite.
    pub fn load_site(&self) -> Option<SiteEntry> {
        let body = self.read_body(&self.dir.join(SITE_FILE))?;
        let mut entry: SiteEntry = rmp_serde::from_slice(&stored::decompress(&body)?).ok()?;
        entry.unchanged = true;
        Some(entry)
    }

    /// The body of the cache file `path`: what follows its header line, less
    /// the hash at its end. `None` when it cannot be read, is another
    /// benchsite build's (the header names the build), or its bytes do not
    /// match its hash (an entry damaged in a way that still decodes, such
    /// as a flipped letter in a class's name, is no cache).
    fn read_body(&self, path: &Path) -> Option<Vec<u8>> {
        let bytes = std::fs::read(path).ok()?;
        let rest = bytes.strip_prefix(cache_header("build").as_bytes())?;
        let (body, sum) = rest.split_at_checked(rest.len().checked_sub(8)?)?;
        (hash(body).to_le_bytes() == sum).then(|| body.to_vec())
    }

    /// Stores the entries of a build that succeeded, after its files are in
    /// place under `out`, and removes entries of classes that are gone.
    /// `written`, as [`crate::output::DirWriter::commit`] returns it, gives
    /// each output's stat as the writer saw it (else it is read now) and
    /// the (length, [`hash`]) of what it received. Failures only lose the
    /// cache (no temporary file is left): they are one warning, returned,
    /// naming the first file and how many failed (the site is written; the
    /// next build reads and lays out everything again).
    pub fn store(&self, out: &Path, entries: Entries, written: &crate::output::Written) -> Option<Diagnostic> {
        // Never write through a symbolic link planted in the output directory.
        if self.dir.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
            return None;
        }
        self.store_entries(out, entries, written);
        let failures = std::mem::take(&mut *lock(&self.failures));
        let first = failures.first()?;
        let more = if failures.len() > 1 { format!(" (and {} more)", failures.len() - 1) } else { String::new() };
        Some(Diagnostic::warning(
            &self.dir,
            None,
            format!(
                "the build cache was not stored: {first}{more}; the site is written, and the next build starts afresh"
            ),
        ))
    }

    /// [`Cache::store`]'s work: the parse caches into place, each new
    /// entry written, the entries of classes that are gone removed.
    fn store_entries(&self, out: &Path, entries: Entries, written: &crate::output::Written) {
        for (tmp, path) in lock(&self.pending).drain(..) {
            if let Err(e) = std::fs::rename(&tmp, &path) {
                let _ = std::fs::remove_file(tmp);
                self.failed(&path, &e);
            }
        }
        if let Err(e) = std::fs::create_dir_all(&self.dir) {
            self.failed(&self.dir, &e);
            return;
        }
        let keep: rustc_hash::FxHashSet<String> = entries.classes.iter().map(|(s, _)| format!("{s}.entry")).collect();
        for (slug, mut e) in entries.classes {
            if e.unchanged && !e.refreshed {
                continue;
            }
            if !e.unchanged {
                // A new entry (one read back is `unchanged`): its outputs'
                // stats and hashes.
                record_outputs(&mut e.outputs, out, written);
            }
            // The cells in their compact form, compressed apart (see
            // `MachineEntry::cells`), instead of the summary's; an entry
            // read back and not restored has them so already.
            let stored_cells = std::mem::take(&mut e.cells);
            let cells = if stored_cells.is_empty() {
                let cells = stored::StoredCells::of(&std::mem::take(&mut e.summary.cells));
                rmp_serde::to_vec_named(&cells).ok().and_then(|b| stored::compress(&b).ok())
            } else {
                drop(std::mem::take(&mut e.summary.cells));
                Some(stored_cells)
            };
            // Field names kept (`to_vec_named`): the summary leaves out
            // fields it does not have, which a positional layout cannot.
            let (Some(head), Some(cells)) =
                (rmp_serde::to_vec_named(&e).ok().and_then(|b| stored::compress(&b).ok()), cells)
            else {
                continue;
            };
            let body = [&(head.len() as u64).to_le_bytes(), head.as_slice(), &cells].concat();
            self.write_file(&format!("{slug}.entry"), &body);
        }
        match entries.site {
            Some(e) if e.unchanged => {}
            Some(mut e) => {
                record_outputs(&mut e.outputs, out, written);
                if let Some(body) = rmp_serde::to_vec(&e).ok().and_then(|b| stored::compress(&b).ok()) {
                    self.write_file(SITE_FILE, &body);
                }
            }
            // A build that made no site-level files (a shard's) leaves
            // none to describe.
            None => {
                let _ = std::fs::remove_file(self.dir.join(SITE_FILE));
            }
        }
        if let Ok(rd) = std::fs::read_dir(&self.dir) {
            for e in rd.flatten() {
                let name = e.file_name().to_string_lossy().to_string();
                // A class that is gone takes its parse cache along.
                let parsed_of_gone =
                    name.strip_suffix(".parsed").is_some_and(|slug| !keep.contains(&format!("{slug}.entry")));
                // `.json`: the entries of benchsite builds before cache format 8.
                if (name.ends_with(".entry") && !keep.contains(&name)) || name.ends_with(".json") || parsed_of_gone {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
    }

    /// Writes the cache file `name` (the header line, `body`, its hash)
    /// through a temporary file renamed into place; a failure is noted.
    fn write_file(&self, name: &str, body: &[u8]) {
        let path = self.dir.join(name);
        let tmp = self.dir.join(format!(".{name}.tmp"));
        let bytes = [cache_header("build").as_bytes(), body, &hash(body).to_le_bytes()].concat();
        if let Err(e) = crate::output::write_new(&tmp, &bytes).and_then(|()| std::fs::rename(&tmp, &path)) {
            let _ = std::fs::remove_file(&tmp);
            self.failed(&path, &e);
        }
    }

    /// The parse cache of machine class `slug` ([`ParseCache`]); empty when
    /// there is none or it cannot be used.
    pub fn load_parsed(&self, slug: &str) -> ParseCache {
        ParseCache::load(&self.dir, slug)
    }

    /// Writes `parsed` as the parse cache of machine class `slug` (the
    /// entries its last load used or made) to a temporary file, put in
    /// place by [`Cache::store`] when the build succeeded (a failed build
    /// changes nothing in the output directory: [`Cache::discard`]).
    /// Failures only lose the cache.
    pub fn store_parsed(&self, slug: &str, parsed: ParseCache) {
        if !self.dir.exists() {
            if std::fs::create_dir_all(&self.dir).is_err() {
                return;
            }
            self.created_dir.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        match parsed.store(&self.dir, slug) {
            Ok(tmp) => lock(&self.pending).push((tmp, ParseCache::file(&self.dir, slug))),
            Err(e) => self.failed(&ParseCache::file(&self.dir, slug), &e),
        }
    }

    /// Notes that `path` of the cache could not be written (the first
    /// such failure is what [`Cache::store`] warns about).
    fn failed(&self, path: &Path, e: &std::io::Error) {
        lock(&self.failures).push(format!("{}: {e}", path.display()));
    }

    /// Removes what [`Cache::store_parsed`] wrote during a build that
    /// failed (and the cache directory, when this build created it and it
    /// is empty again).
    pub fn discard(&self) {
        for (tmp, _) in lock(&self.pending).drain(..) {
            let _ = std::fs::remove_file(tmp);
        }
        if self.created_dir.load(std::sync::atomic::Ordering::Relaxed) {
            let _ = std::fs::remove_dir(&self.dir);
        }
    }

    /// Forgets everything (a failed build, or a build without the cache).
    pub fn clear(&self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Fills in each of `outputs`' stat and hash as the writer saw them
/// (see [`crate::output::Written`]), else as they are now under `out`; in
/// parallel (a 300-kernel class has 4,000 outputs).
fn record_outputs(outputs: &mut Table, out: &Path, written: &crate::output::Written) {
    let (paths, stats, hashes) = outputs.parts_mut();
    stats.par_iter_mut().zip(hashes.par_iter_mut()).enumerate().for_each(|(i, (stat, hash))| {
        let path = paths.get(i);
        *stat = written.stats.get(path).copied().or_else(|| Stat::of(&out.join(path))).unwrap_or(Stat::MISSING);
        // The hash of what was written, for a file of that length.
        *hash = match written.hashes.get(path) {
            Some(&Some((len, h))) if stat.len == len => h,
            _ => NO_HASH,
        };
    });
}

fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kept class's diagnostics read back with their severity: a note
    /// stays a note (it was read back as a warning, counted as one and
    /// failing `--strict` in every build that kept its class).
    #[test]
    fn kept_diagnostics_keep_their_severity() {
        let content = Path::new("content");
        let diags = vec![
            Diagnostic::note(content.join("m/2.4.1/kernbench.txt"), Some(2), "set-ups differ".to_string()),
            Diagnostic::warning(content.join("m/machine.yaml"), None, "a warning".to_string()),
            Diagnostic { severity: Severity::Error, ..Diagnostic::warning("/elsewhere", None, "an error".to_string()) },
        ];
        let entry = MachineEntry::new(1, 0, Vec::new(), Vec::new(), MachineSummary::default(), 0)
            .with_diagnostics(&diags, content);
        let bytes = rmp_serde::to_vec_named(&entry).expect("encodes");
        let back: MachineEntry = rmp_serde::from_slice(&bytes).expect("decodes");
        let got = back.diagnostics(Path::new("./content"));
        let severities: Vec<Severity> = got.iter().map(|d| d.severity).collect();
        assert_eq!(severities, [Severity::Note, Severity::Warning, Severity::Error]);
        assert_eq!(got[0].file, Path::new("./content/m/2.4.1/kernbench.txt"));
        assert_eq!(got[0].line, Some(2));
        assert_eq!(got[2].file, Path::new("/elsewhere"));
    }
}
