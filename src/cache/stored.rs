//! The compact forms a cache entry stores: a class summary's cross-class
//! cells ([`StoredCells`], their numbers as [`crate::model::Number`]), and
//! the compressed body ([`compress`], [`decompress`]).
//!
//! Why: the summary of a class keeps, for the cross-class page, every
//! column of its tables at each set of parameters with every kernel's n,
//! mean and spread ([`AcrossColumn`]). Stored as it is (the kernel's name
//! in every value, every name and number written out) it was most of an
//! entry: about 1.75 MB of a 300-kernel class's 2.5 MB entry; the large
//! generated archive's ten entries were 27 MB, 7 MB before the
//! cross-class page. Here every text is listed once, a value
//! refers to its kernel by the step from the previous value's kernel
//! (mostly 1: values follow the class's kernel order), whole numbers are
//! integers, and the entry as a whole is compressed (its raw files' and
//! outputs' paths share their directories, its stats their times).
//!
//! A column's four value columns are MessagePack byte strings
//! ([`Packed`]), not arrays of MessagePack numbers: a 300-kernel class has
//! 77,500 values, and decoding each of their 310,000 numbers through
//! serde's `deserialize_any` was about 20 M instructions a class, paid for
//! every kept class whenever the cross-class page is made again (adding a
//! kernel to one class of ten: 190 M of 4,090 M). The bytes hold the same
//! numbers as before, as compactly (see [`Packed`]).
//!
//! Each value's printed decimals and printed step (how finely its runs
//! were printed) are stored the same way (cache format 26): the decimals
//! as one byte string, the steps as indices (varints) into one table of
//! the class's distinct printed steps. As a MessagePack array of maps,
//! one map of three named fields per value, they were again most of
//! reading a kept class's cells back (about 55 M instructions a class of
//! 300 kernels, and most of the bytes decompressed before that).

use crate::model::Better;
use crate::report::{AcrossCells, AcrossColumn};
use serde::{Deserialize, Serialize};
use std::io::Read as _;

/// One [`AcrossColumn`], its texts as indices into [`StoredCells::strings`]
/// and its values as four packed columns ([`Packed`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredColumn {
    benchmark: u32,
    metric: u32,
    unit: u32,
    better: Better,
    precision: usize,
    /// (name, value) of each parameter.
    params: Vec<(u32, u32)>,
    /// How many values the four columns below hold.
    len: u32,
    /// Each value's kernel, as the step from the previous value's kernel
    /// index in [`StoredCells::kernels`] (the first from 0): zigzag
    /// varints ([`Packed`]).
    kernel_steps: Packed,
    /// Each value's n: varints.
    n: Packed,
    /// Each value's mean: numbers ([`Packed`]).
    mean: Packed,
    /// Each value's standard deviation: numbers, or none.
    stddev: Packed,
    /// [`AcrossColumn::printed`].
    printed: crate::stats::PrintedStep,
    /// [`AcrossColumn::printed_decimals`]: one byte per value, or none
    /// (a byte string, not an array of MessagePack integers).
    printed_decimals: Packed,
    /// [`AcrossColumn::printed_steps`]: one per value, or none, each as
    /// its index in [`StoredCells::steps`] (varints: a column's values
    /// share a few printed steps, and each decoded through serde as a map
    /// of its fields was most of reading the cells back).
    printed_steps: Packed,
    /// How many values `printed_steps` holds (0 or `len`).
    printed_steps_len: u32,
    /// [`AcrossColumn::at_least`]: the values of only the timed runs, or none.
    #[serde(default)]
    at_least: Vec<u32>,
    /// [`AcrossColumn::section`], as an index into [`StoredCells::strings`]
    /// (none: an older entry, no section).
    #[serde(default)]
    section: Option<u32>,
}

/// One column of a column's values as a byte string, value after value:
/// kernel steps as zigzag LEB128 varints, n as LEB128 varints, means and
/// standard deviations as numbers. A number is a tag byte and what it
/// tags: 0, an integer (what [`Number`](crate::model::Number) writes as
/// one: integral, at most 2⁵³, not -0.0) as a zigzag varint; 1, any other
/// `f64` as its 8 bytes little-endian; 2, no standard deviation. Whole
/// numbers take two to nine bytes and others nine, as in MessagePack; each
/// of the four a byte string of its own (columns, as before), so that the
/// compression after finds the runs of each (most steps are 1).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Packed(pub(super) Vec<u8>);

impl Serialize for Packed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Packed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Bytes;
        impl serde::de::Visitor<'_> for Bytes {
            type Value = Packed;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a byte string")
            }
            fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Packed, E> {
                Ok(Packed(v.to_vec()))
            }
            fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Packed, E> {
                Ok(Packed(v))
            }
        }
        d.deserialize_byte_buf(Bytes)
    }
}

/// Tags of a packed number ([`Packed`]).
const INTEGER: u8 = 0;
const FLOAT: u8 = 1;
const NONE: u8 = 2;

impl Packed {
    /// `v` as a LEB128 varint.
    pub(super) fn push_varint(&mut self, v: u64) {
        crate::varint::push_varint(&mut self.0, v);
    }

    /// `v` as a zigzag LEB128 varint.
    pub(super) fn push_signed(&mut self, v: i64) {
        crate::varint::push_signed(&mut self.0, v);
    }

    /// `v` as [`Number`](crate::model::Number) would write it: an integer when it is one.
    fn push_number(&mut self, v: f64) {
        const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53, as `Number`
        if v.fract() == 0.0 && v.abs() <= EXACT && !(v == 0.0 && v.is_sign_negative()) {
            self.0.push(INTEGER);
            self.push_signed(v as i64);
        } else {
            self.0.push(FLOAT);
            self.0.extend_from_slice(&v.to_le_bytes());
        }
    }

    /// `v` as its 8 bytes, little-endian (a hash: no varint makes it
    /// shorter).
    pub(super) fn push_fixed(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }

    /// A standard deviation, or none.
    fn push_stddev(&mut self, v: Option<f64>) {
        match v {
            Some(s) => self.push_number(s),
            None => self.0.push(NONE),
        }
    }
}

/// A reader of [`Packed`] bytes ([`crate::varint::Unpack`]); every read
/// is `None` past their end or on a malformed number.
pub(super) use crate::varint::Unpack;

impl Unpack<'_> {
    /// A number, or `None` for the tag of none as `Some(None)`.
    fn number(&mut self) -> Option<Option<f64>> {
        match self.byte()? {
            INTEGER => Some(Some(self.signed()? as f64)),
            FLOAT => Some(Some(self.f64()?)),
            NONE => Some(None),
            _ => None,
        }
    }
}

/// A class summary's cells ([`crate::report::MachineSummary::cells`]) as a
/// cache entry stores them: every text once, in `strings`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct StoredCells {
    strings: Vec<String>,
    /// The class's kernels ([`AcrossCells::kernels`]), as indices in
    /// `strings`.
    kernels: Vec<u32>,
    /// The distinct printed steps of the columns' values
    /// ([`StoredColumn::printed_steps`] indexes them), in order of first use.
    steps: Vec<crate::stats::PrintedStep>,
    columns: Vec<StoredColumn>,
}

/// An interning table of printed steps, each known by its MessagePack
/// bytes (bit for bit: two steps that compare equal but differ in bits,
/// such as 0.0 and -0.0, stay apart and read back as they were).
#[derive(Default)]
struct StepTable {
    steps: Vec<crate::stats::PrintedStep>,
    index: rustc_hash::FxHashMap<Vec<u8>, u32>,
    buf: Vec<u8>,
}

impl StepTable {
    fn index_of(&mut self, step: &crate::stats::PrintedStep) -> u32 {
        self.buf.clear();
        if rmp_serde::encode::write(&mut self.buf, step).is_err() {
            // Not expected (a struct of numbers and flags); stored apart.
            self.steps.push(*step);
            return u32::try_from(self.steps.len() - 1).unwrap_or(u32::MAX);
        }
        if let Some(&i) = self.index.get(self.buf.as_slice()) {
            return i;
        }
        let i = u32::try_from(self.steps.len()).unwrap_or(u32::MAX);
        self.steps.push(*step);
        self.index.insert(self.buf.clone(), i);
        i
    }
}

/// An interning table of texts, in order of first use.
type Table<'a> = indexmap::IndexSet<&'a str, rustc_hash::FxBuildHasher>;

fn index_of<'a>(table: &mut Table<'a>, s: &'a str) -> u32 {
    u32::try_from(table.insert_full(s).0).unwrap_or(u32::MAX)
}

impl StoredCells {
    /// The stored form of `cells`.
    pub(super) fn of(cells: &AcrossCells) -> Self {
        let mut strings = Table::default();
        let mut steps = StepTable::default();
        let kernels = cells.kernels.iter().map(|k| index_of(&mut strings, k)).collect();
        let columns = cells
            .columns
            .iter()
            .map(|c| {
                let len = c.values.len();
                let mut last = 0i64;
                let (mut kernel_steps, mut ns) = (Packed(Vec::with_capacity(len)), Packed(Vec::with_capacity(len)));
                let (mut mean, mut stddev) = (Packed(Vec::with_capacity(len * 9)), Packed(Vec::with_capacity(len * 9)));
                for &(kernel, n, m, sd) in &c.values {
                    let k = i64::from(kernel);
                    kernel_steps.push_signed(k - last);
                    last = k;
                    ns.push_varint(u64::from(n));
                    mean.push_number(m);
                    stddev.push_stddev(sd);
                }
                StoredColumn {
                    benchmark: index_of(&mut strings, &c.benchmark),
                    metric: index_of(&mut strings, &c.metric),
                    unit: index_of(&mut strings, &c.unit),
                    better: c.better,
                    precision: c.precision,
                    params: c
                        .params
                        .iter()
                        .map(|(name, value)| (index_of(&mut strings, name), index_of(&mut strings, value)))
                        .collect(),
                    len: u32::try_from(len).unwrap_or(u32::MAX),
                    kernel_steps,
                    n: ns,
                    mean,
                    stddev,
                    printed: c.printed,
                    printed_decimals: Packed(c.printed_decimals.clone()),
                    printed_steps: {
                        let mut p = Packed(Vec::with_capacity(c.printed_steps.len()));
                        for s in &c.printed_steps {
                            p.push_varint(u64::from(steps.index_of(s)));
                        }
                        p
                    },
                    printed_steps_len: u32::try_from(c.printed_steps.len()).unwrap_or(u32::MAX),
                    at_least: c.at_least.clone(),
                    section: Some(index_of(&mut strings, &c.section)),
                }
            })
            .collect();
        StoredCells { strings: strings.into_iter().map(str::to_string).collect(), kernels, steps: steps.steps, columns }
    }

    /// The cells back; `None` when an index is out of its table or the
    /// value columns differ in length (a damaged entry is no cache).
    pub(super) fn cells(&self) -> Option<AcrossCells> {
        let text = |i: u32| self.strings.get(usize::try_from(i).ok()?).cloned();
        let kernels: Vec<String> = self.kernels.iter().map(|&k| text(k)).collect::<Option<_>>()?;
        let columns = self
            .columns
            .iter()
            .map(|c| {
                let len = usize::try_from(c.len).ok()?;
                let (mut steps, mut ns) = (Unpack(&c.kernel_steps.0), Unpack(&c.n.0));
                let (mut means, mut stddevs) = (Unpack(&c.mean.0), Unpack(&c.stddev.0));
                let mut k = 0i64;
                // At most a value per byte of steps: a damaged length asks
                // for no more room than the bytes could fill.
                let mut values = Vec::with_capacity(len.min(steps.0.len()));
                for _ in 0..len {
                    k = k.checked_add(steps.signed()?)?;
                    let kernel = u32::try_from(k).ok().filter(|&k| (k as usize) < kernels.len())?;
                    let n = u32::try_from(ns.varint()?).ok()?;
                    values.push((kernel, n, means.number()??, stddevs.number()?));
                }
                if [steps, ns, means, stddevs].iter().any(|b| !b.0.is_empty()) {
                    return None;
                }
                if !c.printed_decimals.0.is_empty() && c.printed_decimals.0.len() != len {
                    return None;
                }
                let steps_len = usize::try_from(c.printed_steps_len).ok()?;
                if steps_len != 0 && steps_len != len {
                    return None;
                }
                let mut step_indexes = Unpack(&c.printed_steps.0);
                let mut printed_steps = Vec::with_capacity(steps_len.min(step_indexes.0.len()));
                for _ in 0..steps_len {
                    let i = usize::try_from(step_indexes.varint()?).ok()?;
                    printed_steps.push(*self.steps.get(i)?);
                }
                if !step_indexes.is_done() {
                    return None;
                }
                Some(AcrossColumn {
                    benchmark: text(c.benchmark)?,
                    metric: text(c.metric)?,
                    unit: text(c.unit)?,
                    better: c.better,
                    precision: c.precision,
                    params: c.params.iter().map(|&(n, v)| Some((text(n)?, text(v)?))).collect::<Option<_>>()?,
                    values,
                    printed: c.printed,
                    printed_decimals: c.printed_decimals.0.clone(),
                    printed_steps,
                    at_least: c.at_least.iter().copied().filter(|&i| (i as usize) < len).collect(),
                    section: match c.section {
                        Some(i) => text(i)?,
                        None => String::new(),
                    },
                })
            })
            .collect::<Option<_>>()?;
        Some(AcrossCells { kernels, columns })
    }
}

/// `bytes` compressed (one zstd frame, at level
/// [`crate::fingerprint::ZSTD_LEVEL`]: an entry is written after every
/// build that changed its class).
pub(super) fn compress(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    zstd::bulk::compress(bytes, crate::fingerprint::ZSTD_LEVEL)
}

/// `bytes` decompressed; `None` when they are not whole zstd frames.
///
/// A frame that records its size ([`compress`]'s does) is decompressed in
/// one pass into one buffer of that size: a stream decoder's window and a
/// buffer grown by doubling were fresh memory, faulted in, for each of the
/// ten entries a build of the large archive reads (zstd's stream decoding,
/// of these and of the changed class's parse cache, took half the page
/// faults of adding one kernel to it).
pub(super) fn decompress(bytes: &[u8]) -> Option<Vec<u8>> {
    if let Ok(Some(size)) = zstd::zstd_safe::get_frame_content_size(bytes)
        && let Ok(size) = usize::try_from(size)
        && let Ok(out) = zstd::bulk::decompress(bytes, size)
    {
        return Some(out);
    }
    // More than one frame (the first's size is not the whole), or none
    // recorded: the stream.
    let mut out = Vec::with_capacity(bytes.len() * 4);
    zstd::stream::read::Decoder::with_buffer(bytes).ok()?.read_to_end(&mut out).ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A column with a value for each of `kernels` (indices in the
    /// class's kernels).
    fn column(kernels: &[u32], params: &[(&str, &str)]) -> AcrossColumn {
        AcrossColumn {
            benchmark: "dbench".into(),
            metric: "Throughput".into(),
            unit: "MB/s".into(),
            better: Better::Higher,
            precision: 2,
            params: params.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
            values: kernels
                .iter()
                .enumerate()
                .map(|(i, &k)| (k, i as u32 + 1, 9.2929 * i as f64, (i % 2 == 0).then_some(0.1 * i as f64)))
                .collect(),
            printed: crate::stats::PrintedStep::of([(9.2929, None), (1000.0, Some(10.0))]),
            printed_decimals: kernels.iter().map(|&k| k as u8 % 3).collect(),
            printed_steps: kernels
                .iter()
                .map(|&k| crate::stats::PrintedStep::of([(1.5 * f64::from(k), (k == 1).then_some(10.0))]))
                .collect(),
            // The second value a mean of only the timed runs, kept through the store.
            at_least: if kernels.len() > 1 { vec![1] } else { Vec::new() },
            // Its section, kept through the store.
            section: "dbench 32 procs".into(),
        }
    }

    fn cells(columns: Vec<AcrossColumn>) -> AcrossCells {
        AcrossCells { kernels: ["2.4.7", "2.4.8", "2.4.9", "x"].map(String::from).to_vec(), columns }
    }

    #[test]
    fn cells_read_back_as_they_were() {
        let cells = cells(vec![
            column(&[0, 1, 2], &[("procs", "32")]),
            // Kernels out of the first column's order, one missing.
            column(&[2, 0], &[]),
            AcrossColumn {
                values: vec![(3, 1, -0.0, Some(f64::MIN_POSITIVE))],
                printed_decimals: vec![4],
                printed_steps: vec![crate::stats::PrintedStep::of([(0.0001, None)])],
                ..column(&[], &[("a", "")])
            },
        ]);
        let stored = StoredCells::of(&cells);
        let bytes = rmp_serde::to_vec_named(&stored).expect("encodes");
        let back: StoredCells = rmp_serde::from_slice(&bytes).expect("decodes");
        let got = back.cells().expect("resolves");
        assert_eq!(got, cells);
        // -0.0 keeps its sign.
        assert!(got.columns[2].values[0].2.is_sign_negative());
    }

    #[test]
    fn an_index_past_the_kernels_is_no_cells() {
        let mut stored = StoredCells::of(&cells(vec![column(&[0], &[])]));
        // A step of 4 (zigzag 8): past the four kernels.
        stored.columns[0].kernel_steps.0[0] = 8;
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0], &[])]));
        stored.kernels[0] = 99;
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0], &[])]));
        stored.columns[0].len = 2;
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0, 1], &[])]));
        stored.columns[0].len = 1;
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0], &[])]));
        stored.columns[0].stddev.0.pop();
        assert!(stored.cells().is_none());
        // A printed step past the table of steps, one too few or too many.
        let mut stored = StoredCells::of(&cells(vec![column(&[0], &[])]));
        stored.columns[0].printed_steps.0[0] = 9;
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0, 1], &[])]));
        stored.columns[0].printed_steps.0.pop();
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0], &[])]));
        stored.columns[0].printed_steps.0.push(0);
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0, 1], &[])]));
        stored.columns[0].printed_steps_len = 1;
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0, 1], &[])]));
        stored.columns[0].printed_decimals.0.pop();
        assert!(stored.cells().is_none());
    }

    /// Cells stored by cache format 25 (each value's printed step a map of
    /// its fields, the decimals an array of integers) do not decode as
    /// this form: an entry of that form is no cache, never misread (its
    /// header names the older build first).
    #[test]
    fn cells_of_the_older_form_are_refused() {
        #[derive(Serialize)]
        struct OldColumn {
            benchmark: u32,
            metric: u32,
            unit: u32,
            better: Better,
            precision: usize,
            params: Vec<(u32, u32)>,
            len: u32,
            kernel_steps: Packed,
            n: Packed,
            mean: Packed,
            stddev: Packed,
            printed: crate::stats::PrintedStep,
            printed_decimals: Vec<u8>,
            printed_steps: Vec<crate::stats::PrintedStep>,
            at_least: Vec<u32>,
        }
        #[derive(Serialize)]
        struct OldCells {
            strings: Vec<String>,
            kernels: Vec<u32>,
            columns: Vec<OldColumn>,
        }
        let c = column(&[0, 1, 2], &[("procs", "32")]);
        let new = StoredCells::of(&cells(vec![c.clone()]));
        let s = &new.columns[0];
        let old = OldCells {
            strings: new.strings.clone(),
            kernels: new.kernels.clone(),
            columns: vec![OldColumn {
                benchmark: s.benchmark,
                metric: s.metric,
                unit: s.unit,
                better: s.better,
                precision: s.precision,
                params: s.params.clone(),
                len: s.len,
                kernel_steps: s.kernel_steps.clone(),
                n: s.n.clone(),
                mean: s.mean.clone(),
                stddev: s.stddev.clone(),
                printed: s.printed,
                printed_decimals: c.printed_decimals.clone(),
                printed_steps: c.printed_steps.clone(),
                at_least: s.at_least.clone(),
            }],
        };
        let bytes = rmp_serde::to_vec_named(&old).expect("encodes");
        assert!(rmp_serde::from_slice::<StoredCells>(&bytes).is_err());
    }

    /// Printed steps that compare equal but differ in their bits are kept
    /// apart, and each value reads back with its own.
    #[test]
    fn printed_steps_are_shared_bit_for_bit() {
        let step = |v: f64| crate::stats::PrintedStep::of([(v, Some(v))]);
        let mut c = column(&[0, 1, 2, 3], &[]);
        c.printed_steps = vec![step(0.0), step(-0.0), step(0.0), step(f64::NAN)];
        let stored = StoredCells::of(&cells(vec![c.clone()]));
        assert_eq!(stored.steps.len(), 3);
        let bytes = rmp_serde::to_vec_named(&stored).expect("encodes");
        let back: StoredCells = rmp_serde::from_slice(&bytes).expect("decodes");
        let got = back.cells().expect("resolves");
        let bits = |s: &crate::stats::PrintedStep| rmp_serde::to_vec(s).expect("encodes");
        let want: Vec<_> = c.printed_steps.iter().map(bits).collect();
        assert_eq!(got.columns[0].printed_steps.iter().map(bits).collect::<Vec<_>>(), want);
    }

    #[test]
    fn packed_numbers_read_back_bit_for_bit() {
        let odd = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            9_007_199_254_740_992.0,
            -9_007_199_254_740_992.0,
            9_007_199_254_740_994.0,
            1e300,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            0.1,
            -2.5,
        ];
        let mut p = Packed::default();
        for (i, &v) in odd.iter().enumerate() {
            p.push_signed(-(i as i64));
            p.push_varint(u64::from(u32::MAX - i as u32));
            p.push_number(v);
            p.push_stddev((i % 3 != 0).then_some(v));
        }
        let mut r = Unpack(&p.0);
        for (i, &v) in odd.iter().enumerate() {
            assert_eq!(r.signed(), Some(-(i as i64)));
            assert_eq!(r.varint(), Some(u64::from(u32::MAX - i as u32)));
            assert_eq!(r.number().flatten().map(f64::to_bits), Some(v.to_bits()));
            let want = (i % 3 != 0).then_some(v.to_bits());
            assert_eq!(r.number().map(|s| s.map(f64::to_bits)), Some(want));
        }
        assert!(r.0.is_empty());
        assert_eq!(Unpack(&[0x80; 11]).varint(), None);
        assert_eq!(Unpack(&[7]).number(), None);
    }

    #[test]
    fn compress_reads_back() {
        let bytes: Vec<u8> = (0..10_000u32).flat_map(|i| (i % 97).to_le_bytes()).collect();
        let d = compress(&bytes).expect("compresses");
        assert!(d.len() < bytes.len() / 3, "{} of {}", d.len(), bytes.len());
        assert_eq!(decompress(&d), Some(bytes));
        assert_eq!(decompress(&d[..d.len() / 2]), None);
    }

    /// Frames whose first records only its own size, or none at all, read
    /// back whole through the stream.
    #[test]
    fn two_frames_or_no_size_read_back_whole() {
        let a: Vec<u8> = (0..50_000u32).flat_map(|i| (i % 251).to_le_bytes()).collect();
        let b: Vec<u8> = (0..20_000u32).flat_map(|i| (i % 13).to_le_bytes()).collect();
        let two = [compress(&a).unwrap(), compress(&b).unwrap()].concat();
        assert_eq!(decompress(&two), Some([a.clone(), b].concat()));
        let mut stream = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
        std::io::Write::write_all(&mut stream, &a).unwrap();
        let unsized_frame = stream.finish().unwrap();
        assert_eq!(zstd::zstd_safe::get_frame_content_size(&unsized_frame).ok().flatten(), None);
        assert_eq!(decompress(&unsized_frame), Some(a));
    }
}
