//! The compact forms a cache entry stores: a class summary's cross-class
//! cells ([`StoredCells`], their numbers as [`crate::model::Number`]), and
//! the deflated body ([`deflate`], [`inflate`]).
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
//! integers, and the entry as a whole is deflated (its raw files' and
//! outputs' paths share their directories, its stats their times).

use crate::model::{Better, Number};
use crate::report::{AcrossCells, AcrossColumn};
use serde::{Deserialize, Serialize};
use std::io::{Read as _, Write as _};

/// One [`AcrossColumn`], its texts as indices into [`StoredCells::strings`]
/// and its values as four columns.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredColumn {
    benchmark: u32,
    metric: u32,
    unit: u32,
    better: Better,
    precision: usize,
    /// (name, value) of each parameter.
    params: Vec<(u32, u32)>,
    /// Each value's kernel, as the step from the previous value's kernel
    /// index in [`StoredCells::kernels`] (the first from 0).
    kernel_steps: Vec<i64>,
    n: Vec<u32>,
    mean: Vec<Number>,
    stddev: Vec<Option<Number>>,
}

/// A class summary's cells ([`crate::report::MachineSummary::cells`]) as a
/// cache entry stores them: every text once, in `strings`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct StoredCells {
    strings: Vec<String>,
    /// The class's kernels ([`AcrossCells::kernels`]), as indices in
    /// `strings`.
    kernels: Vec<u32>,
    columns: Vec<StoredColumn>,
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
        let kernels = cells.kernels.iter().map(|k| index_of(&mut strings, k)).collect();
        let columns = cells
            .columns
            .iter()
            .map(|c| {
                let mut last = 0i64;
                let mut kernel_steps = Vec::with_capacity(c.values.len());
                for &(kernel, ..) in &c.values {
                    let k = i64::from(kernel);
                    kernel_steps.push(k - last);
                    last = k;
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
                    kernel_steps,
                    n: c.values.iter().map(|v| v.1).collect(),
                    mean: c.values.iter().map(|v| Number(v.2)).collect(),
                    stddev: c.values.iter().map(|v| v.3.map(Number)).collect(),
                }
            })
            .collect();
        StoredCells { strings: strings.into_iter().map(str::to_string).collect(), kernels, columns }
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
                let len = c.kernel_steps.len();
                if c.n.len() != len || c.mean.len() != len || c.stddev.len() != len {
                    return None;
                }
                let mut k = 0i64;
                let mut values = Vec::with_capacity(len);
                for (((step, n), mean), stddev) in c.kernel_steps.iter().zip(&c.n).zip(&c.mean).zip(&c.stddev) {
                    k = k.checked_add(*step)?;
                    let kernel = u32::try_from(k).ok().filter(|&k| (k as usize) < kernels.len())?;
                    values.push((kernel, *n, mean.0, stddev.map(|s| s.0)));
                }
                Some(AcrossColumn {
                    benchmark: text(c.benchmark)?,
                    metric: text(c.metric)?,
                    unit: text(c.unit)?,
                    better: c.better,
                    precision: c.precision,
                    params: c.params.iter().map(|&(n, v)| Some((text(n)?, text(v)?))).collect::<Option<_>>()?,
                    values,
                })
            })
            .collect::<Option<_>>()?;
        Some(AcrossCells { kernels, columns })
    }
}

/// `bytes` deflated (raw DEFLATE, RFC 1951, by `flate2` at its fast
/// level: an entry is written after every build that changed its class).
pub(super) fn deflate(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut e = flate2::write::DeflateEncoder::new(Vec::with_capacity(bytes.len() / 4), flate2::Compression::fast());
    e.write_all(bytes)?;
    e.finish()
}

/// `bytes` inflated; `None` when they are not a whole DEFLATE stream.
pub(super) fn inflate(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len() * 4);
    flate2::read::DeflateDecoder::new(bytes).read_to_end(&mut out).ok()?;
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
            AcrossColumn { values: vec![(3, 1, -0.0, Some(f64::MIN_POSITIVE))], ..column(&[], &[("a", "")]) },
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
        stored.columns[0].kernel_steps[0] = 4;
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0], &[])]));
        stored.kernels[0] = 99;
        assert!(stored.cells().is_none());
        let mut stored = StoredCells::of(&cells(vec![column(&[0], &[])]));
        stored.columns[0].n.clear();
        assert!(stored.cells().is_none());
    }

    #[test]
    fn deflate_reads_back() {
        let bytes: Vec<u8> = (0..10_000u32).flat_map(|i| (i % 97).to_le_bytes()).collect();
        let d = deflate(&bytes).expect("deflates");
        assert!(d.len() < bytes.len() / 4);
        assert_eq!(inflate(&d), Some(bytes));
        assert_eq!(inflate(&d[..d.len() / 2]), None);
    }
}
