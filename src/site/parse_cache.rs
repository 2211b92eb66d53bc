//! The parse cache: what each raw file of a machine class parsed to, kept
//! between builds so a class that is rebuilt does not parse every raw file
//! again.
//!
//! See [`ParseCache`].

use super::FileOutcome;
use crate::fingerprint::{KeyHasher, cache_header, hash, tool_version};
use crate::model::{Metric, Param, ParsedFile, Sample, Value};
use crate::varint::{Unpack, push_signed, push_varint};
use compact_str::CompactString;
use serde::{Deserialize, Serialize};
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
/// The file is a header line (`benchsite parse cache <tool_version>\n`),
/// then one or more *parts*, each the length of its compressed bytes (8
/// bytes little-endian) and those bytes: one zstd frame, at level
/// [`ZSTD_LEVEL`](crate::fingerprint::ZSTD_LEVEL) (the frames below took
/// 1.6 MB for a 300-kernel class, compressed about a quarter; raw DEFLATE
/// by `flate2` until cache format 28). A part decompresses to *tables* — every metric (name, unit,
/// direction), every kernel or group name and every set of parameters the
/// entries use, each once, that the parts before it did not list — as the
/// length (8 bytes), an XXH3-64 checksum (8 bytes) and the tables as
/// MessagePack, followed by records, each the key (16 bytes), the length
/// of the entry (8 bytes), an XXH3-64 checksum of the entry (8 bytes; all
/// little-endian) and the entry as MessagePack (`rmp-serde`, structs as
/// arrays of their fields in order, without the field names), but for
/// each parsed file's samples, one byte string packed by hand
/// ([`PackedSamples`]: the kernel, group, parameters and metric as
/// indices into the tables of this part and those before it, the value a
/// whole number as an integer, a decimal of up to nine places as m and d
/// (m / 10^d), else a double, or mean, stddev and n, the line, the step
/// ([`Sample::step`]) and the copies ([`Sample::copies`])). Entries are decoded only when
/// looked up (in the parsing threads). A file of another benchsite,
/// damaged tables, a damaged frame or part or a wrong checksum makes the
/// file (or that entry) no cache, as does an index past the end of a
/// table (that entry).
///
/// A record whose length is `u64::MAX` (its checksum 0, no entry after
/// it) is a *drop*: the entry of that key in the parts before it is no
/// longer in the cache (a later record may bring the key back).
///
/// Why parts: a rebuild after adding a kernel parses its dozen raw files
/// and takes the class's other thousands from the cache. When every entry
/// of the file was used again, the file is kept as it is and one part
/// with the new entries (and the names they add) is appended, instead of
/// deflating the whole class again (about 0.2 billion instructions for a
/// 300-kernel class, 5% of such a rebuild). A rebuild after removing a
/// kernel (or changing a raw file) leaves entries unused: while the
/// entries dropped so far, those among them, are at most an eighth of
/// the entries kept (`DROPPED_AT_MOST`), the file is kept as it is too
/// and one part appended with a drop for each unused entry and the new
/// entries, so that an unused entry is gone from the cache as if the file
/// were written anew. Otherwise (more dropped, a record whose checksum is
/// wrong, or the file has 16 parts: `MAX_PARTS`) it is written anew as
/// one part holding only the entries used or made.
///
/// Why the tables: a sample written whole (its metric's name, unit and
/// direction, its group and parameters as text) took about 60 bytes, more
/// than the raw file's line it came from: the large generated archive's
/// parse caches were 76 MB for 49.5 MB of raw files. With each name once
/// per class a sample takes about 20 bytes. The tables only grow (an
/// entry kept from the last build refers to them by index), by the names
/// new raw files bring; they are small (hundreds of names a class).
///
/// Used from several threads at once: [`ParseCache::get`] and
/// [`ParseCache::put`] take `&self`.
///
/// [`FileOutcome`]: super::FileOutcome
#[derive(Default)]
pub struct ParseCache {
    /// The file's parts as read (compressed, after the header line): kept as
    /// they are when new entries are appended ([`ParseCache::store`]).
    parts: Vec<u8>,
    /// How many parts `parts` holds.
    part_count: usize,
    /// How many records the parts hold (those whose checksum is wrong too),
    /// less those a drop removed.
    records: usize,
    /// How many entries the drops in the parts removed: bytes of the file
    /// no lookup reads.
    dropped: usize,
    /// The file's parts inflated, one after the other.
    old: Vec<u8>,
    /// The tables the entries of `old` refer to.
    tables: Tables,
    /// Those tables and what this build's new entries add to them.
    interner: std::sync::Mutex<Interner>,
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
        let file = std::fs::read(Self::file(dir, slug)).unwrap_or_default();
        let first_line = cache_header("parse");
        let Some(parts) = file.strip_prefix(first_line.as_bytes()) else {
            return ParseCache::default();
        };
        let mut bytes = Vec::with_capacity(parts.len() * 3);
        let mut tables = Tables::default();
        let mut index = rustc_hash::FxHashMap::default();
        let mut part_count = 0;
        let mut records = 0;
        let mut dropped = 0;
        let mut rest = parts;
        while !rest.is_empty() {
            // A part: its compressed length, then its bytes (a damaged or cut
            // part is no cache).
            let Some((len, after)) = rest.split_first_chunk::<8>() else { return ParseCache::default() };
            let Some((deflated, after)) =
                usize::try_from(u64::from_le_bytes(*len)).ok().and_then(|l| after.split_at_checked(l))
            else {
                return ParseCache::default();
            };
            rest = after;
            let start = bytes.len();
            let read = zstd::stream::read::Decoder::with_buffer(deflated)
                .and_then(|mut d| std::io::Read::read_to_end(&mut d, &mut bytes));
            if read.is_err() {
                return ParseCache::default();
            }
            let Some((added, mut at)) = read_tables(&bytes, start) else {
                return ParseCache::default();
            };
            tables.extend(added);
            while at < bytes.len() {
                let Some(frame) = bytes.get(at..at + 32) else { return ParseCache::default() };
                let key = u128::from_le_bytes(frame[..16].try_into().unwrap_or_default());
                let len = u64::from_le_bytes(frame[16..24].try_into().unwrap_or_default());
                let sum = u64::from_le_bytes(frame[24..32].try_into().unwrap_or_default());
                let start = at + 32;
                if len == DROP {
                    // A drop: the key's entry before it is gone.
                    if index.remove(&key).is_some() {
                        records -= 1;
                        dropped += 1;
                    }
                    at = start;
                    continue;
                }
                let Some(end) =
                    usize::try_from(len).ok().and_then(|l| start.checked_add(l)).filter(|&e| e <= bytes.len())
                else {
                    return ParseCache::default();
                };
                if hash(&bytes[start..end]) == sum {
                    index.insert(key, start..end);
                }
                records += 1;
                at = end;
            }
            part_count += 1;
        }
        let parts = parts.to_vec();
        drop(file);
        let interner = std::sync::Mutex::new(Interner::of(&tables));
        ParseCache { parts, part_count, records, dropped, old: bytes, tables, interner, index, ..ParseCache::default() }
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

    /// The outcome stored under `key`, if there is one that decodes and
    /// whose indices are in the tables (anything else is a miss).
    /// Remembers it for `ParseCache::store`.
    pub fn get(&self, key: u128) -> Option<FileOutcome> {
        let range = self.index.get(&key)?;
        let entry: Entry = rmp_serde::from_slice(&self.old[range.clone()]).ok()?;
        let outcome = entry.resolve(&self.tables)?;
        lock(&self.used).push((key, Record::Old(range.clone())));
        Some(outcome)
    }

    /// Stores the outcome of a raw file just parsed (a miss), as
    /// MessagePack, its names as indices into the tables (added to them
    /// where new). An entry that cannot be encoded is left out: that file
    /// is parsed again next time.
    pub fn put(&self, key: u128, outcome: &FileOutcome) {
        self.misses.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let entry = Entry::of(outcome, &mut lock(&self.interner));
        if let Ok(bytes) = rmp_serde::to_vec(&entry) {
            lock(&self.used).push((key, Record::New(bytes)));
        }
    }

    /// How many raw files were parsed because they had no entry.
    pub fn misses(&self) -> usize {
        self.misses.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Writes the parse cache of class `slug` to a temporary file in cache
    /// directory `dir`, and returns its path; renaming it to
    /// [`ParseCache::file`] puts it in place. When the file has fewer than
    /// 16 parts (`MAX_PARTS`), no record whose checksum is wrong, and the
    /// entries this build did not use, with those dropped before, are at
    /// most an eighth of those it keeps (`DROPPED_AT_MOST`), that is the
    /// file as it was with one part appended: a drop for each entry not
    /// used, then the entries this build made (nothing appended when there
    /// are neither); otherwise the entries this build used or made, and no
    /// others, as one part. A part is compressed in memory before it is
    /// written (its length goes first): about 1 MB for a 300-kernel class.
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
        // The file's entries this build did not use (a raw file removed or
        // changed), in key order.
        let mut unused: Vec<u128> = self
            .index
            .keys()
            .filter(|k| {
                used.binary_search_by_key(*k, |(u, _)| *u).map_or(true, |i| !matches!(used[i].1, Record::Old(_)))
            })
            .copied()
            .collect();
        unused.sort_unstable();
        // The file kept as it is and one part appended (drops, then the new
        // entries) while the bytes no lookup reads stay few.
        let new = used.iter().filter(|(_, r)| matches!(r, Record::New(_))).count();
        let kept = self.records.saturating_sub(unused.len()) + new;
        let append = !self.parts.is_empty()
            && self.index.len() == self.records
            && self.part_count < MAX_PARTS
            && (self.dropped + unused.len()) * DROPPED_AT_MOST <= kept;
        let tmp = dir.join(format!(".{slug}.parsed.tmp"));
        let write = || -> std::io::Result<()> {
            use std::io::Write as _;
            let mut file = std::io::BufWriter::with_capacity(1 << 16, crate::output::create_new(&tmp)?);
            file.write_all(cache_header("parse").as_bytes())?;
            let mut tables = std::mem::take(&mut *lock(&self.interner)).tables();
            if append {
                file.write_all(&self.parts)?;
                tables = tables.after(&self.tables);
            }
            let drops = if append { &unused[..] } else { &[][..] };
            let records = used.into_iter().filter(|(_, r)| !append || matches!(r, Record::New(_)));
            let mut records = records.peekable();
            if append && drops.is_empty() && records.peek().is_none() {
                file.into_inner().map_err(std::io::IntoInnerError::into_error)?;
                return Ok(());
            }
            // The part compressed, at the build cache's level (zstd 3: the
            // cache of a class is written whenever the class changed),
            // through a buffer: the frames come as many small writes (with
            // flate2, which zero-filled its 32 KB output buffer on every
            // write, that was 0.5 billion instructions for a 300-kernel
            // class). Each new entry is freed once written.
            let mut out = std::io::BufWriter::with_capacity(
                1 << 16,
                zstd::stream::write::Encoder::new(Vec::new(), crate::fingerprint::ZSTD_LEVEL)?,
            );
            let tables = rmp_serde::to_vec(&tables).map_err(std::io::Error::other)?;
            out.write_all(&(tables.len() as u64).to_le_bytes())?;
            out.write_all(&hash(&tables).to_le_bytes())?;
            out.write_all(&tables)?;
            // The drops first: a key both dropped and made anew (its old
            // entry did not decode) is the new entry after them.
            for key in drops {
                out.write_all(&key.to_le_bytes())?;
                out.write_all(&DROP.to_le_bytes())?;
                out.write_all(&0u64.to_le_bytes())?;
            }
            for (key, rec) in records {
                let entry = match &rec {
                    Record::Old(r) => &self.old[r.clone()],
                    Record::New(v) => &v[..],
                };
                out.write_all(&key.to_le_bytes())?;
                out.write_all(&(entry.len() as u64).to_le_bytes())?;
                out.write_all(&hash(entry).to_le_bytes())?;
                out.write_all(entry)?;
            }
            let part = out.into_inner().map_err(std::io::IntoInnerError::into_error)?.finish()?;
            file.write_all(&(part.len() as u64).to_le_bytes())?;
            file.write_all(&part)?;
            file.into_inner().map_err(std::io::IntoInnerError::into_error)?;
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

/// The most parts a parse cache file is let grow to by appending (see
/// [`ParseCache`]); one more is written as one part anew.
const MAX_PARTS: usize = 16;

/// The length field of a record that is a drop (see [`ParseCache`]): no
/// entry is that long.
const DROP: u64 = u64::MAX;

/// A file is appended to only while the entries its drops removed are at
/// most one in this many of the entries it keeps (see [`ParseCache`]):
/// otherwise it is written anew without them.
const DROPPED_AT_MOST: usize = 8;

/// Locks `m`, also when another thread panicked holding it (the entries
/// are still whole: each is pushed in one step).
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The tables frame after the header at `at`: the tables and where the
/// records start; `None` when it is damaged.
fn read_tables(bytes: &[u8], at: usize) -> Option<(Tables, usize)> {
    let frame = bytes.get(at..at.checked_add(16)?)?;
    let len = usize::try_from(u64::from_le_bytes(frame[..8].try_into().ok()?)).ok()?;
    let sum = u64::from_le_bytes(frame[8..16].try_into().ok()?);
    let start = at + 16;
    let body = bytes.get(start..start.checked_add(len)?)?;
    if hash(body) != sum {
        return None;
    }
    Some((rmp_serde::from_slice(body).ok()?, start + len))
}

/// What the entries of a parse cache file refer to by index.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Tables {
    /// Metrics: name, unit, direction, printed name and unit — each as
    /// a row of all five ([`metric_rows`]).
    #[serde(with = "metric_rows")]
    metrics: Vec<Metric>,
    /// Kernel and group names.
    texts: Vec<CompactString>,
    /// Sets of parameters, each in its benchmark's order.
    params: Vec<Vec<Param>>,
}

impl Tables {
    /// Adds `more` (the names a later part adds) after these.
    fn extend(&mut self, more: Tables) {
        self.metrics.extend(more.metrics);
        self.texts.extend(more.texts);
        self.params.extend(more.params);
    }

    /// These tables less the first names, those `before` holds (these
    /// tables start with them): what a part appended after `before`'s adds.
    fn after(mut self, before: &Tables) -> Tables {
        self.metrics.drain(..before.metrics.len().min(self.metrics.len()));
        self.texts.drain(..before.texts.len().min(self.texts.len()));
        self.params.drain(..before.params.len().min(self.params.len()));
        self
    }
}

/// [`Tables::metrics`] as rows of five fields. [`Metric`]'s own form
/// leaves out an empty printed name or unit (for `data.json` and `parse
/// --json`), which the positional layout of this file cannot: dbench's
/// printed unit `MB/sec` alone would come back as its printed name.
mod metric_rows {
    use crate::model::{Better, Metric};
    use compact_str::CompactString;
    use serde::{Deserialize, Deserializer, Serializer};

    type Row = (CompactString, CompactString, Better, CompactString, CompactString);

    pub(super) fn serialize<S: Serializer>(metrics: &[Metric], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(metrics.iter().map(|m| (&m.name, &m.unit, m.better, &m.printed_name, &m.printed_unit)))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Metric>, D::Error> {
        let rows = Vec::<Row>::deserialize(d)?;
        Ok(rows
            .into_iter()
            .map(|(name, unit, better, printed_name, printed_unit)| Metric {
                name,
                unit,
                better,
                printed_name,
                printed_unit,
            })
            .collect())
    }
}

type Set<T> = indexmap::IndexSet<T, rustc_hash::FxBuildHasher>;

/// [`Tables`] being added to: each entry once, by its index.
#[derive(Default)]
struct Interner {
    metrics: Set<Metric>,
    texts: Set<CompactString>,
    params: Set<Vec<Param>>,
}

impl Interner {
    /// The interner holding `t` at the same indices.
    fn of(t: &Tables) -> Self {
        Interner {
            metrics: t.metrics.iter().cloned().collect(),
            texts: t.texts.iter().cloned().collect(),
            params: t.params.iter().cloned().collect(),
        }
    }

    fn tables(self) -> Tables {
        Tables {
            metrics: self.metrics.into_iter().collect(),
            texts: self.texts.into_iter().collect(),
            params: self.params.into_iter().collect(),
        }
    }

    fn metric(&mut self, m: &Metric) -> u32 {
        let i = self.metrics.get_index_of(m).unwrap_or_else(|| self.metrics.insert_full(m.clone()).0);
        u32::try_from(i).unwrap_or(u32::MAX)
    }

    fn text(&mut self, t: &str) -> u32 {
        let i = self.texts.get_index_of(t).unwrap_or_else(|| self.texts.insert_full(t.into()).0);
        u32::try_from(i).unwrap_or(u32::MAX)
    }

    fn params(&mut self, p: &[Param]) -> u32 {
        let i = self.params.get_index_of(p).unwrap_or_else(|| self.params.insert_full(p.to_vec()).0);
        u32::try_from(i).unwrap_or(u32::MAX)
    }
}

/// A [`FileOutcome`] as stored: its samples' names as indices into the
/// [`Tables`].
#[derive(Serialize, Deserialize)]
struct Entry<'a> {
    #[serde(borrow)]
    parsed: Vec<EntryParsed<'a>>,
    warnings: Vec<(Option<usize>, String)>,
    skipped_as: Option<String>,
}

/// A [`ParsedFile`] as stored.
#[derive(Serialize, Deserialize)]
struct EntryParsed<'a> {
    benchmark: String,
    version: Option<String>,
    #[serde(borrow)]
    samples: PackedSamples<'a>,
    notes: Vec<(usize, String)>,
    lines: Option<(usize, usize)>,
    kernel_order: Vec<String>,
    default_kernels: Vec<String>,
    untimed: Vec<crate::model::Untimed>,
    setup: crate::model::FileSetup,
    identity: crate::model::Identity,
    doubted_copies: bool,
}

/// A file's samples as stored: one MessagePack byte string (`bin`) of the
/// samples one after the other, each the kernel (a varint: 0 for none,
/// else its index into `texts` plus one), the group (into `texts`), the
/// parameters (into `params`) and the metric (into `metrics`), each a
/// varint; the value ([`pack_value`]); the line (a varint); the step (a
/// byte 0 for none, else 1 and the `f64`'s 8 bytes); the copies' spread
/// ([`Sample::copies`]: a byte 0 for none, else 1, n as a varint, min and
/// max 8 bytes each). Varints are LEB128, `f64`s little-endian.
///
/// Why: as MessagePack arrays through serde, a sample took about 870
/// instructions to decode, and a rebuild of a 300-kernel class decodes
/// the 117,000 samples of its 3,600 unchanged files (100 M instructions,
/// the largest part of its load); read here byte by byte, in one pass,
/// straight into [`Sample`]s (cache format 31).
struct PackedSamples<'a>(std::borrow::Cow<'a, [u8]>);

impl Serialize for PackedSamples<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for PackedSamples<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = PackedSamples<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a byte string of samples")
            }
            fn visit_borrowed_bytes<E>(self, v: &'de [u8]) -> Result<Self::Value, E> {
                Ok(PackedSamples(std::borrow::Cow::Borrowed(v)))
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<Self::Value, E> {
                Ok(PackedSamples(std::borrow::Cow::Owned(v.to_vec())))
            }
            fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Self::Value, E> {
                Ok(PackedSamples(std::borrow::Cow::Owned(v)))
            }
        }
        d.deserialize_bytes(Visitor)
    }
}

/// Tags of a stored value ([`pack_value`]).
const WHOLE: u8 = 0;
const DECIMAL: u8 = 1;
const DOUBLE: u8 = 2;
const SUMMARY: u8 = 3;

/// `v`'s 8 bytes, little-endian.
fn push_f64(out: &mut Vec<u8>, v: f64) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// `v` or none: a byte 0, or 1 and its 8 bytes.
fn push_opt_f64(out: &mut Vec<u8>, v: Option<f64>) {
    match v {
        None => out.push(0),
        Some(v) => {
            out.push(1);
            push_f64(out, v);
        }
    }
}

/// A value as stored: a single measurement that is a whole number (of at
/// most 2⁵³, not `-0`) as [`WHOLE`] and a zigzag varint; one that is a
/// decimal of at most nine places, as benchmarks print them, as
/// [`DECIMAL`], m as a zigzag varint and d a byte, for m / 10^d (see
/// [`decimal`]); any other as [`DOUBLE`] and its 8 bytes; a summary as
/// [`SUMMARY`], the mean's 8 bytes, the standard deviation (a byte 0 for
/// none, else 1 and its 8 bytes) and n as a varint.
fn pack_value(out: &mut Vec<u8>, v: Value) {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    match v {
        Value::Single { value }
            if value.fract() == 0.0 && value.abs() <= EXACT && !(value == 0.0 && value.is_sign_negative()) =>
        {
            out.push(WHOLE);
            push_signed(out, value as i64);
        }
        Value::Single { value } => match decimal(value) {
            Some((m, d)) => {
                out.push(DECIMAL);
                push_signed(out, m);
                out.push(d);
            }
            None => {
                out.push(DOUBLE);
                push_f64(out, value);
            }
        },
        Value::Summary { mean, stddev, n } => {
            out.push(SUMMARY);
            push_f64(out, mean);
            push_opt_f64(out, stddev);
            push_varint(out, n.into());
        }
    }
}

/// `s` packed after `out` ([`PackedSamples`]), its names interned in `t`.
fn pack_sample(out: &mut Vec<u8>, s: &Sample, t: &mut Interner) {
    push_varint(out, s.kernel.as_deref().map_or(0, |k| u64::from(t.text(k)) + 1));
    push_varint(out, t.text(&s.group).into());
    push_varint(out, t.params(&s.params).into());
    push_varint(out, t.metric(&s.metric).into());
    pack_value(out, s.value);
    push_varint(out, s.line as u64);
    push_opt_f64(out, s.step);
    match s.copies.as_deref() {
        None => out.push(0),
        Some(c) => {
            out.push(1);
            push_varint(out, c.n.into());
            push_f64(out, c.min);
            push_f64(out, c.max);
        }
    }
}

// A reader of [`PackedSamples`]' bytes: [`crate::varint::Unpack`], with
// this file's own tags read below.
impl Unpack<'_> {
    fn index(&mut self) -> Option<usize> {
        usize::try_from(self.varint()?).ok()
    }

    fn opt_f64(&mut self) -> Option<Option<f64>> {
        match self.byte()? {
            0 => Some(None),
            1 => Some(Some(self.f64()?)),
            _ => None,
        }
    }

    /// A value as [`pack_value`] wrote it.
    fn value(&mut self) -> Option<Value> {
        Some(match self.byte()? {
            WHOLE => Value::single(self.signed()? as f64),
            DECIMAL => {
                let m = self.signed()?;
                let d = self.byte().filter(|d| (1..=9).contains(d))?;
                Value::single(m as f64 / 10f64.powi(d.into()))
            }
            DOUBLE => Value::single(self.f64()?),
            SUMMARY => {
                let mean = self.f64()?;
                let stddev = self.opt_f64()?;
                let n = u32::try_from(self.varint()?).ok()?;
                Value::Summary { mean, stddev, n }
            }
            _ => return None,
        })
    }

    /// A sample as [`pack_sample`] wrote it, its names looked up in `t`
    /// (`None` for an index past the end of a table).
    fn sample(&mut self, t: &Tables) -> Option<Sample> {
        let kernel = match self.index()? {
            0 => None,
            k => Some(t.texts.get(k - 1)?.clone()),
        };
        let group = t.texts.get(self.index()?)?.clone();
        let params = t.params.get(self.index()?)?.clone();
        let metric = t.metrics.get(self.index()?)?.clone();
        let value = self.value()?;
        let line = self.index()?;
        let step = self.opt_f64()?;
        let copies = match self.byte()? {
            0 => None,
            1 => {
                let n = u32::try_from(self.varint()?).ok()?;
                Some(Box::new(crate::model::Copies { n, min: self.f64()?, max: self.f64()? }))
            }
            _ => return None,
        };
        Some(Sample { kernel, group, params, metric, value, line, step, copies })
    }
}

impl Entry<'_> {
    fn of(o: &FileOutcome, t: &mut Interner) -> Self {
        let parsed = o
            .parsed
            .iter()
            .map(|p| EntryParsed {
                benchmark: p.benchmark.clone(),
                version: p.version.clone(),
                samples: {
                    let mut out = Vec::with_capacity(p.samples.len() * 12);
                    for s in &p.samples {
                        pack_sample(&mut out, s, t);
                    }
                    PackedSamples(std::borrow::Cow::Owned(out))
                },
                notes: p.notes.clone(),
                lines: p.lines,
                kernel_order: p.kernel_order.clone(),
                default_kernels: p.default_kernels.clone(),
                untimed: p.untimed.clone(),
                setup: p.setup.clone(),
                identity: p.identity.clone(),
                doubted_copies: p.doubted_copies,
            })
            .collect();
        Entry { parsed, warnings: o.warnings.clone(), skipped_as: o.skipped_as.clone() }
    }

    /// The outcome, its names looked up in `t`; `None` for an index past
    /// the end of a table.
    fn resolve(self, t: &Tables) -> Option<FileOutcome> {
        let mut parsed = Vec::with_capacity(self.parsed.len());
        for p in self.parsed {
            // A sample takes 8 bytes or more.
            let mut samples = Vec::with_capacity(p.samples.0.len() / 8);
            let mut bytes = Unpack(&p.samples.0);
            while !bytes.0.is_empty() {
                samples.push(bytes.sample(t)?);
            }
            parsed.push(ParsedFile {
                benchmark: p.benchmark,
                version: p.version,
                samples,
                notes: p.notes,
                lines: p.lines,
                kernel_order: p.kernel_order,
                default_kernels: p.default_kernels,
                untimed: p.untimed,
                setup: p.setup,
                identity: p.identity,
                doubted_copies: p.doubted_copies,
                // Used while a file is read only (model::ParsedFile).
                merged_lines: Vec::new(),
                passed_lines: Vec::new(),
            });
        }
        Some(FileOutcome { parsed, warnings: self.warnings, skipped_as: self.skipped_as })
    }
}

/// `(m, d)` with `m as f64 / 10^d` the very `f64` `v`, the fewest places
/// d (1 to 9) that give it back; `None` for a whole number, one that
/// needs more places, or `|m|` past 2⁵³ (not exact as an `f64`). Both
/// `m` and `10^d` are exact doubles, so the division is correctly rounded
/// and gives back the double a parser read from the printed decimal.
fn decimal(v: f64) -> Option<(i64, u8)> {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    if !v.is_finite() || v.fract() == 0.0 {
        return None;
    }
    (1..=9u8).find_map(|d| {
        let scale = 10f64.powi(d.into());
        let m = (v * scale).round();
        (m.abs() <= EXACT && (m / scale).to_bits() == v.to_bits()).then_some((m as i64, d))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Better;

    /// review62 parse #1: dbench's metric printed its unit `MB/sec` and
    /// not its name; stored positionally without the empty printed name,
    /// the unit came back as the printed name (a warm rebuild titled the
    /// column `MB/sec` in MB/s). Each field comes back as itself.
    #[test]
    fn a_printed_unit_alone_comes_back_as_the_unit() {
        let dbench = Metric::new("Throughput", "MB/s", Better::Higher).unit_printed_as("MB/sec");
        let stress = Metric::new("x (geometric mean)", "", Better::Higher).printed_as("x (geometic mean)");
        let tables = Tables { metrics: vec![dbench.clone(), stress.clone()], ..Tables::default() };
        let back: Tables = rmp_serde::from_slice(&rmp_serde::to_vec(&tables).unwrap()).unwrap();
        assert_eq!(back.metrics, vec![dbench, stress]);
        assert_eq!(back.metrics[0].printed_name, "");
        assert_eq!(back.metrics[0].printed_unit, "MB/sec");
    }

    fn outcome() -> FileOutcome {
        let m = Metric::new("Throughput", "MB/s", Better::Higher);
        let t = Metric::new("Elapsed Time", "s", Better::Lower);
        let values = [
            9.2929,
            1008.0,
            -0.0,
            0.0,
            -3.0,
            1e300,
            9_007_199_254_740_993.0,
            f64::NAN,
            5e-324,
            0.94,
            -4938.04,
            0.1 + 0.2,
            123_456_789.123_456_79,
            1e-10,
        ];
        let mut samples: Vec<Sample> =
            values.iter().enumerate().map(|(i, &v)| Sample::new(m.clone(), v, i + 1).with_param("procs", 32)).collect();
        samples.push(Sample {
            kernel: Some("2.4.7".into()),
            group: "Average Half load".into(),
            params: Vec::new(),
            metric: t,
            value: Value::Summary { mean: 28.094, stddev: Some(0.182565), n: 5 },
            line: 40,
            step: Some(0.001),
            copies: Some(Box::new(crate::model::Copies { n: 2, min: 9.0, max: 90.0 })),
        });
        samples.push(Sample { value: Value::Summary { mean: 3.0, stddev: None, n: 2 }, ..samples[0].clone() });
        let parsed = ParsedFile {
            benchmark: "dbench".into(),
            version: Some("4.0".into()),
            samples,
            notes: vec![(3, "a note".into())],
            lines: Some((1, 41)),
            kernel_order: vec!["2.4.7".into(), "2.4.8".into()],
            default_kernels: vec!["2.4.8".into()],
            untimed: vec![crate::model::Untimed {
                group: "Sequential Create".into(),
                metric: "Read".into(),
                params: vec![Param::new("files", 16)],
                line: 40,
            }],
            setup: crate::model::FileSetup {
                command: Some((1, "dbench -D /mnt/xfs".into())),
                commands: Some(vec![(2, "hdparm -W0 /dev/sda".into())]),
                boot: None,
                host: Some((1, "boxA".into())),
            },
            identity: crate::model::Identity {
                host: Some((3, "rpi5".into())),
                processor: Some((7, "Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz".into())),
                cpus: Some((15, 2)),
                build: Some((4, "#342 SMP Wed Sep 13 20:25:43 CST 2023".into())),
            },
            doubted_copies: true,
            merged_lines: Vec::new(),
            passed_lines: Vec::new(),
        };
        FileOutcome {
            parsed: vec![parsed],
            warnings: vec![(Some(2), "a warning".into()), (None, "another".into())],
            skipped_as: Some("will-it-scale".into()),
        }
    }

    /// Bits of every number, so that NaN and -0 compare.
    fn same(a: &FileOutcome, b: &FileOutcome) {
        let bits = |o: &FileOutcome| -> Vec<Vec<u64>> {
            o.parsed
                .iter()
                .flat_map(|p| &p.samples)
                .map(|s| match s.value {
                    Value::Single { value } => vec![value.to_bits()],
                    Value::Summary { mean, stddev, n } => {
                        vec![mean.to_bits(), stddev.map_or(1, f64::to_bits), n.into()]
                    }
                })
                .collect()
        };
        assert_eq!(bits(a), bits(b));
        let strip = |o: &FileOutcome| {
            let mut o = o.clone();
            o.parsed.iter_mut().flat_map(|p| &mut p.samples).for_each(|s| s.value = Value::single(0.0));
            format!("{o:?}")
        };
        assert_eq!(strip(a), strip(b));
    }

    #[test]
    fn an_outcome_comes_back_as_it_was_put() {
        let dir = tempfile::tempdir().expect("tmp");
        let o = outcome();
        let cache = ParseCache::default();
        cache.put(7, &o);
        let tmp = cache.store(dir.path(), "m1").expect("stored");
        std::fs::rename(tmp, ParseCache::file(dir.path(), "m1")).expect("in place");
        let cache = ParseCache::load(dir.path(), "m1");
        same(&cache.get(7).expect("an entry"), &o);
        assert!(cache.get(8).is_none());
        // Stored again (the old entry kept, a new one added with a name the
        // tables did not have): both come back.
        let mut other = outcome();
        other.parsed[0].samples[0].metric = Metric::new("Latency", "ms", Better::Lower);
        cache.put(9, &other);
        let tmp = cache.store(dir.path(), "m1").expect("stored");
        std::fs::rename(tmp, ParseCache::file(dir.path(), "m1")).expect("in place");
        let cache = ParseCache::load(dir.path(), "m1");
        same(&cache.get(7).expect("the old entry"), &o);
        same(&cache.get(9).expect("the new entry"), &other);
    }

    /// Stores `cache` as class m1's parse cache in `dir` and loads it back.
    fn stored(cache: ParseCache, dir: &Path) -> ParseCache {
        let tmp = cache.store(dir, "m1").expect("stored");
        std::fs::rename(tmp, ParseCache::file(dir, "m1")).expect("in place");
        ParseCache::load(dir, "m1")
    }

    #[test]
    fn new_entries_are_appended_while_every_old_one_is_used() {
        let dir = tempfile::tempdir().expect("tmp");
        let file = || std::fs::read(ParseCache::file(dir.path(), "m1")).expect("read");
        let o = outcome();
        let mut other = outcome();
        other.parsed[0].samples[0].metric = Metric::new("Latency", "ms", Better::Lower);
        let cache = ParseCache::default();
        cache.put(7, &o);
        cache.put(8, &o);
        let cache = stored(cache, dir.path());
        let first = file();
        // Both used, one new (with a name the tables lack): appended.
        same(&cache.get(7).expect("7"), &o);
        same(&cache.get(8).expect("8"), &o);
        cache.put(9, &other);
        let cache = stored(cache, dir.path());
        let second = file();
        assert!(second.starts_with(&first) && second.len() > first.len(), "the file kept, a part appended");
        assert_eq!(cache.part_count, 2);
        same(&cache.get(7).expect("7"), &o);
        same(&cache.get(8).expect("8"), &o);
        same(&cache.get(9).expect("9"), &other);
        // All used, nothing new: the file as it was.
        let cache = stored(cache, dir.path());
        assert_eq!(file(), second);
        // One not used (8): written anew, one part, without it.
        same(&cache.get(7).expect("7"), &o);
        same(&cache.get(9).expect("9"), &other);
        let cache = stored(cache, dir.path());
        assert_eq!(cache.part_count, 1);
        assert!(cache.get(8).is_none());
        same(&cache.get(7).expect("7"), &o);
        same(&cache.get(9).expect("9"), &other);
        // At most MAX_PARTS parts: the next is written as one.
        let mut cache = cache;
        for key in 10..10 + MAX_PARTS as u128 {
            for old in [7, 9].into_iter().chain(10..key) {
                assert!(cache.get(old).is_some(), "{old}");
            }
            cache.put(key, &o);
            cache = stored(cache, dir.path());
            assert!(cache.part_count <= MAX_PARTS, "{}", cache.part_count);
        }
        assert_eq!(cache.part_count, 1);
        assert!(cache.get(10 + MAX_PARTS as u128 - 1).is_some());
    }

    #[test]
    fn unused_entries_are_dropped_by_an_appended_part_while_few() {
        let dir = tempfile::tempdir().expect("tmp");
        let file = || std::fs::read(ParseCache::file(dir.path(), "m1")).expect("read");
        let o = outcome();
        let cache = ParseCache::default();
        for key in 0..40 {
            cache.put(key, &o);
        }
        let cache = stored(cache, dir.path());
        let first = file();
        // Two not used (a kernel removed): the file kept, a part of two
        // drops appended; the two are misses, the others come back.
        for key in 2..40 {
            assert!(cache.get(key).is_some(), "{key}");
        }
        let cache = stored(cache, dir.path());
        let second = file();
        assert!(second.starts_with(&first) && second.len() > first.len(), "the file kept, a part appended");
        assert_eq!((cache.part_count, cache.records, cache.dropped), (2, 38, 2));
        assert!(cache.get(0).is_none() && cache.get(1).is_none());
        for key in 2..40 {
            same(&cache.get(key).expect("kept"), &o);
        }
        // One back (its file restored: parsed again), and one whose entry
        // is made anew (as when it does not decode): not used as it was,
        // so dropped, its drop before its new entry.
        let mut other = outcome();
        other.parsed[0].samples[0].metric = Metric::new("Latency", "ms", Better::Lower);
        cache.put(0, &other);
        cache.put(5, &other);
        lock(&cache.used).retain(|(k, r)| *k != 5 || matches!(r, Record::New(_)));
        drop(stored(cache, dir.path()));
        assert!(file().starts_with(&second));
        let cache = ParseCache::load(dir.path(), "m1");
        assert_eq!((cache.part_count, cache.records, cache.dropped), (3, 39, 3));
        same(&cache.get(0).expect("back"), &other);
        same(&cache.get(5).expect("made anew"), &other);
        assert!(cache.get(1).is_none());
        same(&cache.get(2).expect("kept"), &o);
        // Dropped past an eighth of those kept: written anew, one part.
        let cache = ParseCache::load(dir.path(), "m1");
        for key in 8..40 {
            assert!(cache.get(key).is_some(), "{key}");
        }
        let cache = stored(cache, dir.path());
        assert_eq!((cache.part_count, cache.records, cache.dropped), (1, 32, 0));
        assert!((0..8).all(|k| cache.get(k).is_none()));
        for key in 8..40 {
            same(&cache.get(key).expect("kept"), &o);
        }
    }

    #[test]
    fn a_damaged_part_is_no_cache() {
        let dir = tempfile::tempdir().expect("tmp");
        let cache = ParseCache::default();
        cache.put(7, &outcome());
        let cache = stored(cache, dir.path());
        assert!(cache.get(7).is_some());
        cache.put(8, &outcome());
        drop(stored(cache, dir.path()));
        let path = ParseCache::file(dir.path(), "m1");
        let good = std::fs::read(&path).expect("read");
        // Cut inside the second part, or its length past the end.
        std::fs::write(&path, &good[..good.len() - 3]).expect("write");
        assert!(ParseCache::load(dir.path(), "m1").get(7).is_none());
        let mut bytes = good.clone();
        bytes.extend_from_slice(&[1, 0, 0, 0, 0, 0, 0, 0, 0]);
        std::fs::write(&path, &bytes).expect("write");
        assert!(ParseCache::load(dir.path(), "m1").get(7).is_none());
    }

    #[test]
    fn a_printed_decimal_is_stored_as_one() {
        assert_eq!(decimal(4938.04), Some((493804, 2)));
        assert_eq!(decimal(-0.94), Some((-94, 2)));
        assert_eq!(decimal(9.2929), Some((92929, 4)));
        // Not a decimal of nine places or fewer, whole, or not finite.
        for v in [0.1 + 0.2, 1e-10, 3.0, -0.0, f64::NAN, f64::INFINITY, 1e300] {
            assert_eq!(decimal(v), None, "{v:e}");
        }
    }

    #[test]
    fn names_are_stored_once() {
        let dir = tempfile::tempdir().expect("tmp");
        let cache = ParseCache::default();
        for key in 0..100 {
            cache.put(key, &outcome());
        }
        let tmp = cache.store(dir.path(), "m1").expect("stored");
        let file = std::fs::read(tmp).expect("read");
        let part = file.strip_prefix(cache_header("parse").as_bytes()).expect("the header");
        let len = u64::from_le_bytes(part[..8].try_into().expect("a length")) as usize;
        assert_eq!(len + 8, part.len(), "one part");
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut zstd::stream::read::Decoder::new(&part[8..]).expect("a decoder"), &mut bytes)
            .expect("decompresses");
        let count = bytes.windows(10).filter(|w| w == b"Throughput").count();
        assert_eq!(count, 1, "the metric's name once, in the tables");
    }

    /// FORMAT 28 stores a skipped file's benchmark (`FileOutcome::skipped_as`,
    /// read before from its warning's text), a parsed file's doubted
    /// copies (`ParsedFile::doubted_copies`, read before from a note's
    /// phrase) and a sample's copies' spread (`Sample::copies`). A file of format 27 is no cache (its header differs); and
    /// an entry of 27's layout (`[parsed, warnings]`) met under this
    /// header is a miss, never an outcome without them: parsed again.
    #[test]
    fn an_old_cache_is_not_misread() {
        #[derive(Serialize)]
        struct OldEntry {
            parsed: Vec<()>,
            warnings: Vec<(Option<usize>, String)>,
        }
        let warning = "will-it-scale: no will-it-scale results found: line 1: …; file skipped";
        let old = OldEntry { parsed: Vec::new(), warnings: vec![(None, warning.into())] };
        let old = rmp_serde::to_vec(&old).expect("encodes");
        let mut cache = ParseCache::default();
        cache.index.insert(7, 0..old.len());
        cache.old = old;
        assert!(cache.get(7).is_none(), "an entry of the old layout is a miss");
        let dir = tempfile::tempdir().expect("tmp");
        let cache = ParseCache::default();
        cache.put(7, &outcome());
        let tmp = cache.store(dir.path(), "m1").expect("stored");
        let bytes = std::fs::read(tmp).expect("read");
        let header = cache_header("parse");
        let format = crate::fingerprint::FORMAT;
        let older = header.replacen(&format!("/{format}/"), &format!("/{}/", format - 1), 1);
        assert_ne!(older, header);
        let mut file = older.into_bytes();
        file.extend_from_slice(&bytes[header.len()..]);
        std::fs::write(ParseCache::file(dir.path(), "m1"), &file).expect("write");
        assert!(ParseCache::load(dir.path(), "m1").get(7).is_none(), "a file of format 27 is no cache");
        std::fs::write(ParseCache::file(dir.path(), "m1"), &bytes).expect("write");
        same(&ParseCache::load(dir.path(), "m1").get(7).expect("this format's"), &outcome());
    }

    /// Packed samples cut short, or with a tag no writer writes, are a
    /// miss (that file is parsed again), never a panic or a sample made up.
    #[test]
    fn damaged_packed_samples_are_a_miss() {
        let mut t = Interner::default();
        let mut bytes = Vec::new();
        for s in &outcome().parsed[0].samples {
            pack_sample(&mut bytes, s, &mut t);
        }
        let tables = t.tables();
        let read = |b: &[u8]| -> Option<Vec<Sample>> {
            let mut u = Unpack(b);
            let mut v = Vec::new();
            while !u.0.is_empty() {
                v.push(u.sample(&tables)?);
            }
            Some(v)
        };
        assert_eq!(read(&bytes).map(|v| v.len()), Some(outcome().parsed[0].samples.len()));
        for cut in 1..bytes.len() {
            // Cut at a sample's end, it reads as fewer samples; anywhere
            // else, not at all.
            if let Some(v) = read(&bytes[..cut]) {
                assert!(v.len() < outcome().parsed[0].samples.len());
            }
        }
        // A value's tag (the fifth byte of the first sample) unknown.
        let mut bad = bytes.clone();
        assert_eq!(bad[4], DECIMAL, "9.2929 is a decimal");
        bad[4] = 9;
        assert!(read(&bad).is_none());
    }

    #[test]
    fn an_index_past_a_table_is_a_miss() {
        let entry = Entry {
            parsed: vec![EntryParsed {
                benchmark: "dbench".into(),
                version: None,
                samples: {
                    let mut t = Interner::default();
                    let mut out = Vec::new();
                    pack_sample(&mut out, &Sample::new(Metric::new("x", "", Better::Neither), 1.0, 1), &mut t);
                    // The metric's index (its fourth field) 5, past the table.
                    assert_eq!(out[3], 0);
                    out[3] = 5;
                    PackedSamples(std::borrow::Cow::Owned(out))
                },
                notes: Vec::new(),
                lines: None,
                kernel_order: Vec::new(),
                default_kernels: Vec::new(),
                untimed: Vec::new(),
                setup: Default::default(),
                identity: Default::default(),
                doubted_copies: false,
            }],
            warnings: Vec::new(),
            skipped_as: None,
        };
        let tables = Tables {
            metrics: vec![Metric::new("x", "", Better::Neither)],
            texts: vec!["".into()],
            params: vec![Vec::new()],
        };
        assert!(entry.resolve(&tables).is_none());
    }
}
