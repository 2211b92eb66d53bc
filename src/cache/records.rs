//! The file records of a cache entry (each raw file's and each output
//! file's path, [`Stat`] and content hash) as columns.
//!
//! Why: a 300-kernel class's entry holds 3,600 raw-file and 4,100 output
//! records, and every build reads every class's entry to check it. Stored
//! one array per record (`[path, [len, mtime, ctime, ino], hash]`) they were
//! 82 bytes an output before deflate, and decoding them was most of reading
//! an entry back. As columns, each path is the length of the prefix it
//! shares with the previous one and the rest (`alpha/kernels/2.4.10.html`
//! after `alpha/kernels/2.4.1.html` is `16, "0.html"`), each time and inode
//! the step from the previous record's (a file's change time the step from
//! its own modification time, mostly 0), so that the numbers are small
//! integers; the hashes are kept as they are (they do not compress).

use super::Stat;
use super::stored::{Packed, Unpack};
use serde::{Deserialize, Serialize};

/// Records as columns, one entry per record in each; the numbers' columns
/// as byte strings ([`Packed`]: varints, the hashes 8 bytes each), each
/// decoded in one pass rather than number by number through serde (every
/// build reads every class's entry).
///
/// The paths' rests are one byte string too, with their lengths apart
/// (cache format 32): read back as one string per path (a MessagePack
/// string each, then the path built again from it and the shared prefix),
/// they were most of checking a kept class (a large archive's nine kept
/// classes, 77,000 records, 61 M instructions of an added kernel's
/// rebuild). They are read back into a [`Table`], every path in one
/// string.
#[derive(Debug, Default, Serialize, Deserialize)]
pub(super) struct Records {
    /// Bytes of each path shared with the previous path (the first's with
    /// `""`): varints.
    shared: Packed,
    /// The rest of each path, one after the other (UTF-8).
    rest: Packed,
    /// The length of each path's rest in `rest`, in bytes: varints.
    rest_len: Packed,
    /// Each file's length: varints.
    len: Packed,
    /// Modification time (ns, as `i64`: see [`ns`]) as the step from the
    /// previous record's: zigzag varints.
    mtime: Packed,
    /// Change time as the step from the record's own modification time:
    /// zigzag varints.
    ctime: Packed,
    /// Inode number as the step from the previous record's: zigzag
    /// varints.
    ino: Packed,
    /// Content hashes, 8 bytes each.
    hash: Packed,
}

/// File records (path, [`Stat`], content hash) as a build holds them:
/// every path in one string, the stats and hashes in vectors of their own.
/// A kept class's records are only looked at (its raw files' paths
/// compared with the walk's, its outputs' paths claimed), so no path is a
/// string of its own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Table {
    /// Every path, one after the other.
    text: String,
    /// Where each path ends in `text` (each a character boundary).
    ends: Vec<usize>,
    /// Each record's stat.
    pub(super) stats: Vec<Stat>,
    /// Each record's content hash.
    pub(super) hashes: Vec<u64>,
}

impl Table {
    /// A table of `records`, in their order.
    pub(super) fn of<'a>(records: impl IntoIterator<Item = (&'a str, Stat, u64)>) -> Self {
        let mut t = Table::default();
        for (path, stat, hash) in records {
            t.push(path, stat, hash);
        }
        t
    }

    /// Adds a record.
    pub(super) fn push(&mut self, path: &str, stat: Stat, hash: u64) {
        self.text.push_str(path);
        self.ends.push(self.text.len());
        self.stats.push(stat);
        self.hashes.push(hash);
    }

    /// How many records.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The path of record `i` (which must be below [`Table::len`]).
    pub(super) fn path(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }

    /// Every path, in order.
    pub(super) fn paths(&self) -> impl ExactSizeIterator<Item = &str> + Clone {
        (0..self.len()).map(|i| self.path(i))
    }

    /// Every record, in order.
    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &Stat, u64)> {
        (0..self.len()).map(|i| (self.path(i), &self.stats[i], self.hashes[i]))
    }

    /// The paths (in order) and, to fill in, the stats and hashes.
    pub(super) fn parts_mut(&mut self) -> (Paths<'_>, &mut [Stat], &mut [u64]) {
        (Paths { text: &self.text, ends: &self.ends }, &mut self.stats, &mut self.hashes)
    }
}

/// The paths of a [`Table`], by index.
#[derive(Clone, Copy)]
pub(super) struct Paths<'a> {
    text: &'a str,
    ends: &'a [usize],
}

impl Paths<'_> {
    /// The path of record `i`.
    pub(super) fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }
}

/// A time in nanoseconds as stored: an `i64`; a time outside its range
/// (before 1677, after 2262) as `i64::MIN`, which no time read back
/// equals: the file is then checked by its contents (a raw file) or taken
/// as changed (an output), never wrongly kept.
fn ns(t: i128) -> i64 {
    i64::try_from(t).unwrap_or(i64::MIN)
}

/// The bytes `a` and `b` share at their start, cut back to a character
/// boundary of `b`.
fn common_prefix(a: &str, b: &str) -> usize {
    let mut n = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    while !b.is_char_boundary(n) {
        n -= 1;
    }
    n
}

impl Records {
    /// The columns of `records` (path, stat, hash), in their order.
    pub(super) fn of<'a>(records: impl ExactSizeIterator<Item = (&'a str, &'a Stat, u64)>) -> Self {
        let n = records.len();
        let column = |per: usize| Packed(Vec::with_capacity(n * per));
        let mut r = Records {
            shared: column(1),
            rest: column(16),
            rest_len: column(1),
            len: column(2),
            mtime: column(2),
            ctime: column(1),
            ino: column(1),
            hash: column(8),
        };
        let (mut path, mut mtime, mut ino) = ("", 0i64, 0i64);
        for (p, s, hash) in records {
            let shared = common_prefix(path, p);
            r.shared.push_varint(shared as u64);
            r.rest.0.extend_from_slice(&p.as_bytes()[shared..]);
            r.rest_len.push_varint((p.len() - shared) as u64);
            r.len.push_varint(s.len);
            let m = ns(s.mtime);
            r.mtime.push_signed(m.wrapping_sub(mtime));
            r.ctime.push_signed(ns(s.ctime).wrapping_sub(m));
            // Inode numbers as their bits: a step wraps, and wraps back.
            let i = s.ino as i64;
            r.ino.push_signed(i.wrapping_sub(ino));
            r.hash.push_fixed(hash);
            (path, mtime, ino) = (p, m, i);
        }
        r
    }

    /// The records back, as a [`Table`]; `None` when the columns differ
    /// in length, a path's shared prefix is longer than the previous path,
    /// or a path is not UTF-8 or does not begin and end at a character (a
    /// damaged entry is no cache).
    pub(super) fn into_table(self) -> Option<Table> {
        let (mut shared, mut rest_len, mut len) =
            (Unpack(&self.shared.0), Unpack(&self.rest_len.0), Unpack(&self.len.0));
        let (mut mtimes, mut ctimes) = (Unpack(&self.mtime.0), Unpack(&self.ctime.0));
        let (mut inos, mut hashes) = (Unpack(&self.ino.0), Unpack(&self.hash.0));
        let n = self.hash.0.len() / 8;
        let mut text: Vec<u8> = Vec::with_capacity(self.rest.0.len() + 16 * n);
        let mut t = Table {
            text: String::new(),
            ends: Vec::with_capacity(n),
            stats: Vec::with_capacity(n),
            hashes: Vec::with_capacity(n),
        };
        let (mut rest, mut prev) = (self.rest.0.as_slice(), 0usize);
        let (mut mtime, mut ino) = (0i64, 0i64);
        while !hashes.is_done() {
            let start = text.len();
            // The previous path's first `shared` bytes, then this one's rest.
            let shared = usize::try_from(shared.varint()?).ok()?;
            if shared > start - prev {
                return None;
            }
            text.extend_from_within(prev..prev + shared);
            let (own, after) = rest.split_at_checked(usize::try_from(rest_len.varint()?).ok()?)?;
            text.extend_from_slice(own);
            rest = after;
            t.ends.push(text.len());
            prev = start;
            mtime = mtime.wrapping_add(mtimes.signed()?);
            ino = ino.wrapping_add(inos.signed()?);
            t.stats.push(Stat {
                len: len.varint()?,
                mtime: mtime.into(),
                ctime: mtime.wrapping_add(ctimes.signed()?).into(),
                ino: ino as u64,
            });
            t.hashes.push(hashes.fixed()?);
        }
        // Every column read to its end: one longer than the others is damaged.
        if !([shared, rest_len, len, mtimes, ctimes, inos].iter().all(Unpack::is_done) && rest.is_empty()) {
            return None;
        }
        // UTF-8 as a whole, and every path a whole string of it.
        t.text = String::from_utf8(text).ok()?;
        t.ends.iter().all(|&e| t.text.is_char_boundary(e)).then_some(t)
    }
}

impl Serialize for Table {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Records::of(self.iter()).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Records::deserialize(d)?.into_table().ok_or_else(|| serde::de::Error::custom("damaged file records"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(len: u64, mtime: i128, ctime: i128, ino: u64) -> Stat {
        Stat { len, mtime, ctime, ino }
    }

    /// Records read back as they were stored, whatever their paths, times
    /// and inodes: shared prefixes cut at characters, times out of range
    /// (stored as `i64::MIN`, read back as it), steps that wrap.
    #[test]
    fn records_read_back_as_stored() {
        let records = vec![
            ("m/kernels/2.4.1.html", stat(10, 1_700_000_000_000_000_000, 1_700_000_000_000_000_000, 5), 1),
            ("m/kernels/2.4.10.html", stat(0, 1_600_000_000_000_000_000, 1_700_000_000_000_000_001, 3), 2),
            ("m/kernels/2.4.10-é.html", stat(u64::MAX, i128::from(i64::MIN), 0, u64::MAX), u64::MAX),
            ("m/kernels/2.4.10-è.html", stat(1, 0, -5, 0), 0),
            ("other", stat(2, i128::from(i64::MAX), i128::from(i64::MIN), 1 << 63), 7),
            ("", Stat::MISSING, 3),
        ];
        let table = Table::of(records.iter().copied());
        let r = Records::of(table.iter());
        // Each path's rest after what it shares with the one before.
        assert!(r.rest.0.starts_with(b"m/kernels/2.4.1.html0.html-\xC3\xA9.html\xC3\xA8.htmlother"));
        let bytes = rmp_serde::to_vec_named(&table).expect("encodes");
        let back: Table = rmp_serde::from_slice(&bytes).expect("decodes");
        assert_eq!(back, table);
        let got: Vec<(&str, Stat, u64)> = back.iter().map(|(p, s, h)| (p, *s, h)).collect();
        assert_eq!(got, records);
        assert_eq!(back.paths().collect::<Vec<_>>()[3], "m/kernels/2.4.10-è.html");
    }

    /// Columns that do not fit together are no records.
    #[test]
    fn damaged_columns_are_refused() {
        let s = stat(1, 2, 3, 4);
        let records = [("a/b", &s, 1u64), ("a/c", &s, 2)];
        let mut r = Records::of(records.into_iter());
        r.shared.0[1] = 9;
        assert!(r.into_table().is_none());
        let mut r = Records::of(records.into_iter());
        r.hash.0.pop();
        assert!(r.into_table().is_none());
        let mut r = Records::of(records.into_iter());
        r.len.0.push(0);
        assert!(r.into_table().is_none());
        let mut r = Records::of(records.into_iter());
        r.rest.0.pop();
        assert!(r.into_table().is_none());
        let mut r = Records::of(records.into_iter());
        r.rest.0.push(b'x');
        assert!(r.into_table().is_none());
        let mut r = Records::of(records.into_iter());
        r.rest_len.0.push(0);
        assert!(r.into_table().is_none());
        // A shared prefix that cuts a character: not UTF-8.
        let mut r = Records::of([("é", &s, 1u64), ("éa", &s, 2)].into_iter());
        r.shared.0[1] = 1;
        assert!(r.into_table().is_none());
        // UTF-8 as a whole, but a path ends inside a character.
        let mut r = Records::of([("é", &s, 1u64), ("", &s, 2)].into_iter());
        r.rest_len.0 = vec![1, 1];
        assert!(r.into_table().is_none());
    }

    /// An entry of cache format 31, whose paths' rests were an array of
    /// strings, is no records (its class is built again), whatever its
    /// header says.
    #[test]
    fn records_of_format_31_are_refused() {
        #[derive(Serialize)]
        struct Format31 {
            shared: Packed,
            rest: Vec<String>,
            len: Packed,
            mtime: Packed,
            ctime: Packed,
            ino: Packed,
            hash: Packed,
        }
        let s = stat(1, 2, 3, 4);
        let r = Records::of([("a/b", &s, 1u64), ("a/c", &s, 2)].into_iter());
        let old = Format31 {
            shared: r.shared,
            rest: vec!["a/b".into(), "c".into()],
            len: r.len,
            mtime: r.mtime,
            ctime: r.ctime,
            ino: r.ino,
            hash: r.hash,
        };
        let bytes = rmp_serde::to_vec_named(&old).expect("encodes");
        assert!(rmp_serde::from_slice::<Table>(&bytes).is_err());
    }
}
