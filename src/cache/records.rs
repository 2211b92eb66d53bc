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
#[derive(Debug, Default, Serialize, Deserialize)]
pub(super) struct Records {
    /// Bytes of each path shared with the previous path (the first's with
    /// `""`): varints.
    shared: Packed,
    /// The rest of each path.
    rest: Vec<String>,
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
            rest: Vec::with_capacity(n),
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
            r.rest.push(p[shared..].to_string());
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

    /// The records back, as (path, stat, hash); `None` when the columns
    /// differ in length or a path's shared prefix is longer than the
    /// previous path or cuts a character (a damaged entry is no cache).
    pub(super) fn into_records(self) -> Option<Vec<(String, Stat, u64)>> {
        let n = self.rest.len();
        let (mut shared, mut len, mut mtimes) = (Unpack(&self.shared.0), Unpack(&self.len.0), Unpack(&self.mtime.0));
        let (mut ctimes, mut inos, mut hashes) = (Unpack(&self.ctime.0), Unpack(&self.ino.0), Unpack(&self.hash.0));
        let mut out: Vec<(String, Stat, u64)> = Vec::with_capacity(n);
        let (mut mtime, mut ino) = (0i64, 0i64);
        for rest in self.rest {
            let shared = usize::try_from(shared.varint()?).ok()?;
            let path = match out.last() {
                None if shared == 0 => rest,
                None => return None,
                Some((prev, ..)) => {
                    let head = prev.get(..shared)?;
                    let mut p = String::with_capacity(shared + rest.len());
                    p.push_str(head);
                    p.push_str(&rest);
                    p
                }
            };
            mtime = mtime.wrapping_add(mtimes.signed()?);
            ino = ino.wrapping_add(inos.signed()?);
            let stat = Stat {
                len: len.varint()?,
                mtime: mtime.into(),
                ctime: mtime.wrapping_add(ctimes.signed()?).into(),
                ino: ino as u64,
            };
            out.push((path, stat, hashes.fixed()?));
        }
        // Every column read to its end: one longer than the paths is damaged.
        [shared, len, mtimes, ctimes, inos, hashes].iter().all(Unpack::is_done).then_some(out)
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
            ("m/kernels/2.4.1.html".to_string(), stat(10, 1_700_000_000_000_000_000, 1_700_000_000_000_000_000, 5), 1),
            ("m/kernels/2.4.10.html".to_string(), stat(0, 1_600_000_000_000_000_000, 1_700_000_000_000_000_001, 3), 2),
            ("m/kernels/2.4.10-é.html".to_string(), stat(u64::MAX, i128::from(i64::MIN), 0, u64::MAX), u64::MAX),
            ("m/kernels/2.4.10-è.html".to_string(), stat(1, 0, -5, 0), 0),
            ("other".to_string(), stat(2, i128::from(i64::MAX), i128::from(i64::MIN), 1 << 63), 7),
            ("".to_string(), Stat::MISSING, 3),
        ];
        let r = Records::of(records.iter().map(|(p, s, h)| (p.as_str(), s, *h)));
        assert_eq!(r.rest[1], "0.html");
        assert_eq!(r.rest[3], "è.html");
        let bytes = rmp_serde::to_vec_named(&r).expect("encodes");
        let back: Records = rmp_serde::from_slice(&bytes).expect("decodes");
        assert_eq!(back.into_records().expect("reads back"), records);
    }

    /// Columns that do not fit together are no records.
    #[test]
    fn damaged_columns_are_refused() {
        let s = stat(1, 2, 3, 4);
        let records = [("a/b", &s, 1u64), ("a/c", &s, 2)];
        let mut r = Records::of(records.into_iter());
        r.shared.0[1] = 9;
        assert!(r.into_records().is_none());
        let mut r = Records::of(records.into_iter());
        r.hash.0.pop();
        assert!(r.into_records().is_none());
        let mut r = Records::of(records.into_iter());
        r.len.0.push(0);
        assert!(r.into_records().is_none());
        let mut r = Records::of(records.into_iter());
        r.rest.pop();
        assert!(r.into_records().is_none());
        let mut r = Records::of([("é", &s, 1u64), ("éa", &s, 2)].into_iter());
        r.shared.0[1] = 1;
        assert!(r.into_records().is_none());
    }
}
