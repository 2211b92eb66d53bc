//! Machine-readable exports: `data.json` files and one CSV per section.
//!
//! `output/<machine>/data.json` holds every parsed sample and every summary
//! of one machine class, as compact JSON (layout [`DATA_FORMAT`] 3). Each
//! metric (name, unit, better direction) is listed once in `metrics`;
//! samples and summary rows give its index there. A sample and a summary
//! row are arrays whose fields are named, in order, by `sample_fields` and
//! `row_fields` ([`SAMPLE_FIELDS`], [`ROW_FIELDS`]): a script turns one into
//! an object with `dict(zip(data["row_fields"], row))`. Every field is
//! always there and of one type, but for `kernel` (`null` for a sample no
//! kernel claimed) and `value`: a single measurement is a number, a summary
//! the file printed itself is `{"mean", "stddev", "n"}`. A sample without a
//! group has `""`, one without parameters `{}`:
//!
//! ```json
//! { "format": 3, "slug": "dbench32-384m", "name": "…", "baseline": "2.4.7",
//!   "metrics": [ {"name": "Throughput", "unit": "MB/s", "better": "higher"} ],
//!   "sample_fields": ["kernel", "group", "params", "metric", "value", "line"],
//!   "row_fields": ["kernel", "params", "metric", "n", "mean", "stddev", "cv", "min", "max",
//!                  "median", "diff", "pct_better", "p", "significant", "p_adjusted"],
//!   "files": [ { "path": "2.4.7/dbench-32.txt", "benchmark": "dbench", "version": null,
//!                "samples": [ ["2.4.7", "", {"procs": "32"}, 0, 9.2929, 3] ] } ],
//!   "sections": [ { "id": "…", "title": "…",
//!                   "rows": [ ["2.4.7", {"procs": "32"}, 0, 3, 9.3422, 0.2, 0.02, 9.1, 9.6, 9.3,
//!                              null, null, null, false, null] ] } ] }
//! ```
//!
//! Earlier layouts: format 2 (fourth session) gave each sample and row as
//! an object, its field names repeated in every one of them (a class's
//! file was 1.7 times as large, and writing it cost twice as much), and
//! left out an empty `group` or `params`; the first layout (no `format`
//! field) also repeated each metric's name, unit and direction in every
//! sample and row, and gave a single measurement as
//! `{"kind": "single", "value": …}`.
//!
//! `output/data.json` lists the machine classes and where their data is:
//!
//! ```json
//! { "title": "…",
//!   "machines": [ { "slug": "dbench32-384m", "name": "…", "baseline": "2.4.7", "data": "dbench32-384m/data.json" } ] }
//! ```
//!
//! One data file per machine class keeps each file a size a host accepts (a
//! results archive of hundreds of kernels holds millions of samples;
//! GitHub refuses files over 100 MB) and lets a rebuild rewrite only the
//! classes that changed.
//!
//! `output/<machine>/csv/<section-id>.csv` has one line per kernel ×
//! parameters × metric with the columns `kernel`, each parameter (those
//! that vary, then those with one value on every line), `metric`,
//! `unit`, `better`, `n`, `mean`, `stddev`, `min`, `max`, `median`, `diff`,
//! `pct_better`, `p`, `significant`, `p_adjusted`. Text fields that a spreadsheet would
//! read as a formula get a leading `'` ([`csv_text`]).

use crate::model::{Better, Sample, Value};
use crate::render::OutputFile;
use crate::report::{MachinePage, MachineSummary, SectionView, SiteView};
use crate::site::{MachineClass, Site};
use rayon::prelude::*;
use serde::Serialize;

#[derive(Serialize)]
struct Index<'a> {
    title: &'a str,
    machines: Vec<IndexEntry<'a>>,
}

#[derive(Serialize)]
struct IndexEntry<'a> {
    slug: &'a str,
    name: &'a str,
    baseline: Option<&'a str>,
    data: String,
}

/// The version of the per-class `data.json` layout, its `format` field.
/// 3: samples and summary rows are arrays, their fields named once in
/// `sample_fields` and `row_fields`. 2: they were objects; metrics listed
/// once per class and referred to by index, a single measurement as a
/// plain number (as in 3).
pub const DATA_FORMAT: u32 = 3;

/// The names of a sample's fields in `data.json`, in the order of its
/// array: the kernel (`null` if none), the group (`""` if none), the
/// parameters as an object (`{}` if none), the metric's index in
/// `metrics`, the value (a number in the metric's unit, or `{"mean",
/// "stddev", "n"}` for a summary the file printed), and the raw file's
/// line (1-based).
pub const SAMPLE_FIELDS: [&str; 6] = ["kernel", "group", "params", "metric", "value", "line"];

/// The names of a summary row's fields in `data.json`, in the order of its
/// array: the kernel, the parameters (an object of all of them, also
/// those the table states once above its columns; `{}` if none), the
/// metric's index in `metrics`, the number of runs `n`, then `mean`,
/// `stddev`, `min`, `max` and `median` in the metric's unit, `cv` (the
/// coefficient of variation, a fraction), and against the baseline: `diff`
/// (mean minus the baseline's mean, in the metric's unit), `pct_better`
/// (percent, positive when better; the plain relative change for a metric
/// with no better direction), `p` (Welch's test, `null` when the change
/// is not tested: a single run, no spread on either side, or a difference
/// below the printed resolution), `significant` (a boolean: the adjusted
/// p-value is below α) and `p_adjusted` (`p` after the Benjamini–Hochberg
/// correction over every test of the machine class's page; `null` for a
/// column with no better direction, which is not part of that family).
/// Statistics that do not exist for the row are `null`. (`p_adjusted` came
/// last, after `significant`, so that the fields before it kept their
/// places.)
pub const ROW_FIELDS: [&str; 15] = [
    "kernel", "params", "metric", "n", "mean", "stddev", "cv", "min", "max", "median", "diff", "pct_better", "p",
    "significant", "p_adjusted",
];

#[derive(Serialize)]
struct MachineData<'a> {
    format: u32,
    slug: &'a str,
    name: &'a str,
    baseline: Option<&'a str>,
    metrics: &'a Metrics<'a>,
    sample_fields: [&'static str; 6],
    row_fields: [&'static str; 15],
    files: Vec<FileData<'a>>,
    sections: Vec<SectionData<'a>>,
}

/// One entry of the class's metric table.
#[derive(Serialize, Clone, Copy, PartialEq, Eq, Hash)]
struct MetricData<'a> {
    name: &'a str,
    unit: &'a str,
    better: Better,
}

/// The class's metrics, each once, in order of first use; samples and rows
/// refer to them by index (`insert_full`).
type Metrics<'a> = indexmap::IndexSet<MetricData<'a>, rustc_hash::FxBuildHasher>;

#[derive(Serialize)]
struct FileData<'a> {
    path: &'a str,
    benchmark: &'a str,
    version: Option<&'a str>,
    samples: Samples<'a>,
}

/// A file's samples with their metric indices (in the same order).
struct Samples<'a>(&'a [Sample], &'a [u32]);

impl Serialize for Samples<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().zip(self.1).map(|(s, &metric)| {
            SampleData(
                s.kernel.as_deref(),
                &s.group,
                Params(&s.params),
                metric,
                match s.value {
                    Value::Single { value } => ValueData::Single(value),
                    Value::Summary { mean, stddev, n } => ValueData::Summary { mean, stddev, n },
                },
                s.line,
            )
        }))
    }
}

/// One sample as an array, its fields in the order of [`SAMPLE_FIELDS`]:
/// `["2.4.7", "", {"procs": "32"}, 0, 9.2929, 3]`.
#[derive(Serialize)]
struct SampleData<'a>(Option<&'a str>, &'a str, Params<'a>, u32, ValueData, usize);

/// Parameters as an object, in the benchmark's order: `{"procs": "32"}`
/// (loading keeps only the first of two parameters with one name, so the
/// object's names differ).
struct Params<'a>(&'a [crate::model::Param]);

impl Serialize for Params<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|p| (p.name.as_str(), p.value.as_str())))
    }
}

/// A single measurement as a number; a summary the file printed itself as
/// `{"mean": …, "stddev": …, "n": …}`.
#[derive(Serialize)]
#[serde(untagged)]
enum ValueData {
    Single(f64),
    Summary { mean: f64, stddev: Option<f64>, n: u32 },
}

#[derive(Serialize)]
struct SectionData<'a> {
    id: &'a str,
    title: &'a str,
    rows: Rows<'a>,
}

/// A section's rows, serialised one by one as [`RowData`] without
/// collecting them first (a large class has hundreds of thousands), with
/// the metric index of each column.
struct Rows<'a>(&'a SectionView, Vec<u32>);

impl Serialize for Rows<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Each row's parameters (name, value), sorted by name, made once
        // for all its cells.
        let params: Vec<Vec<(&str, &str)>> = self
            .0
            .table
            .rows
            .iter()
            .map(|r| {
                let t = &self.0.table;
                let mut p: Vec<(&str, &str)> = t
                    .param_headers
                    .iter()
                    .zip(&r.params)
                    .filter(|(_, v)| !v.is_empty())
                    .map(|(h, v)| (h.as_str(), v.as_str()))
                    // The parameters the table states once (`procs 32` for
                    // every row) belong to every row too.
                    .chain(t.fixed_param_values.iter().map(|(h, v)| (h.as_str(), v.as_str())))
                    .collect();
                p.sort_unstable_by_key(|&(h, _)| h);
                p.dedup_by_key(|&mut (h, _)| h);
                p
            })
            .collect();
        serializer.collect_seq(rows(self.0, &self.1, &params))
    }
}

/// A row's parameters as an object, `{"procs": "32"}`, in name order.
struct RowParams<'a>(&'a [(&'a str, &'a str)]);

impl Serialize for RowParams<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().copied())
    }
}

/// One summarised cell as an array, its fields in the order of
/// [`ROW_FIELDS`]: kernel, params, metric, n, mean, stddev, cv, min, max,
/// median, diff, pct_better, p, significant, p_adjusted.
#[derive(Serialize)]
struct RowData<'a>(
    &'a str,
    RowParams<'a>,
    u32,
    u32,
    f64,
    Option<f64>,
    Option<f64>,
    f64,
    f64,
    f64,
    Option<f64>,
    Option<f64>,
    Option<f64>,
    bool,
    Option<f64>,
);

fn rows<'a>(
    s: &'a SectionView,
    metrics: &'a [u32],
    params: &'a [Vec<(&'a str, &'a str)>],
) -> impl Iterator<Item = RowData<'a>> {
    s.table.rows.iter().zip(params).flat_map(move |(r, params)| {
        r.cells.iter().zip(metrics).filter_map(move |(c, &metric)| {
            let c = c.as_ref()?;
            Some(RowData(
                &r.kernel,
                RowParams(params),
                metric,
                c.summary.n,
                c.summary.mean,
                c.summary.stddev,
                c.summary.cv,
                c.summary.min,
                c.summary.max,
                c.summary.median,
                c.comparison.map(|x| x.diff),
                c.comparison.and_then(|x| x.pct_better),
                c.comparison.and_then(|x| x.welch).map(|w| w.p),
                c.comparison.is_some_and(|x| x.significant),
                c.comparison.and_then(|x| x.p_adjusted),
            ))
        })
    })
}

/// A text field as a spreadsheet may safely open it: a value starting with
/// `=`, `+`, `-`, `@`, tab or carriage return that is not a number (a
/// kernel directory named `=HYPERLINK(…)`) gets a leading `'`, so that
/// Excel or LibreOffice show it as text instead of running it as a formula
/// (OWASP's advice for CSV injection). Numbers such as `-0.5` are left as
/// they are.
pub fn csv_text(v: &str) -> std::borrow::Cow<'_, str> {
    let risky = v.starts_with(['=', '+', '-', '@', '\t', '\r']) && v.trim().parse::<f64>().is_err();
    if risky { format!("'{v}").into() } else { v.into() }
}

/// Appends `v` to `out` as `format!("{v}")` prints an `f64`: the shortest
/// decimal that reads back as `v`, never in exponent notation (`3`, `-0.5`,
/// `0.0000001`, `100000000000000000000`, `-0`, `NaN`, `inf`).
///
/// The digits come from `zmij` (the shortest-digits printer serde_json
/// uses), laid out as the standard library lays them out; it is several
/// times faster than `Display` (and than `ryu`, used before), which matters
/// for the millions of numbers in a large archive's CSV files. The one
/// difference: when `v` lies exactly halfway between two shortest decimals
/// (a 16- or 17-digit number such as `-568633283.14453125`), zmij rounds
/// the last digit to even where `Display` rounds it up. Both read back as
/// `v`.
pub fn push_f64(out: &mut String, v: f64) {
    if !v.is_finite() {
        use std::fmt::Write as _;
        let _ = write!(out, "{v}");
        return;
    }
    let mut buf = zmij::Buffer::new();
    let printed = buf.format_finite(v);
    let Some((mantissa, exp)) = printed.split_once('e') else {
        // `123.456`, `0.001`, `3.0`: as Display prints it, but `3` for `3.0`.
        out.push_str(printed.strip_suffix(".0").unwrap_or(printed));
        return;
    };
    // `-1.2345e-7`, `1e20`: one digit before the point, no trailing zeros.
    let (negative, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa),
    };
    let (first, rest) = mantissa.split_at(1);
    let rest = rest.strip_prefix('.').unwrap_or(rest);
    let exp: i64 = exp.parse().unwrap_or(0);
    if negative {
        out.push('-');
    }
    if exp < 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
        out.push_str(first);
        out.push_str(rest);
    } else if exp as usize >= rest.len() {
        out.push_str(first);
        out.push_str(rest);
        out.extend(std::iter::repeat_n('0', exp as usize - rest.len()));
    } else {
        out.push_str(first);
        out.push_str(&rest[..exp as usize]);
        out.push('.');
        out.push_str(&rest[exp as usize..]);
    }
}

fn section_csv(s: &SectionView) -> String {
    use compact_str::ToCompactString as _;
    let mut w = csv::Writer::from_writer(Vec::with_capacity(s.table.rows.len() * s.table.columns.len() * 96 + 256));
    // Writing to a Vec cannot fail.
    let _ = w.write_field("kernel");
    // Every parameter is a column: those that vary, then those the table
    // states once (the same value on every line).
    for h in s.table.param_headers.iter().chain(s.table.fixed_param_values.iter().map(|(h, _)| h)) {
        let _ = w.write_field(csv_text(h).as_ref());
    }
    for h in [
        "metric", "unit", "better", "n", "mean", "stddev", "min", "max", "median", "diff", "pct_better", "p",
        "significant", "p_adjusted",
    ] {
        let _ = w.write_field(h);
    }
    let _ = w.write_record(None::<&[u8]>);
    // Numbers are printed into one buffer, reused for every field.
    let mut buf = String::new();
    let mut num = |w: &mut csv::Writer<Vec<u8>>, v: Option<f64>| {
        buf.clear();
        if let Some(v) = v {
            push_f64(&mut buf, v);
        }
        let _ = w.write_field(&buf);
    };
    for r in &s.table.rows {
        for (c, col) in r.cells.iter().zip(&s.table.columns) {
            let Some(c) = c else { continue };
            let _ = w.write_field(csv_text(&r.kernel).as_ref());
            for p in r.params.iter().chain(s.table.fixed_param_values.iter().map(|(_, v)| v)) {
                let _ = w.write_field(csv_text(p).as_ref());
            }
            let _ = w.write_field(csv_text(&col.name).as_ref());
            let _ = w.write_field(csv_text(&col.unit).as_ref());
            let _ = w.write_field(col.better.id());
            let cmp = c.comparison;
            let _ = w.write_field(c.summary.n.to_compact_string());
            num(&mut w, Some(c.summary.mean));
            num(&mut w, c.summary.stddev);
            num(&mut w, Some(c.summary.min));
            num(&mut w, Some(c.summary.max));
            num(&mut w, Some(c.summary.median));
            num(&mut w, cmp.map(|x| x.diff));
            num(&mut w, cmp.and_then(|x| x.pct_better));
            num(&mut w, cmp.and_then(|x| x.welch).map(|w| w.p));
            let _ = w.write_field(if cmp.is_some_and(|x| x.significant) { "true" } else { "false" });
            num(&mut w, cmp.and_then(|x| x.p_adjusted));
            let _ = w.write_record(None::<&[u8]>);
        }
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// `<machine>/data.json` and the machine's per-section CSV files.
pub fn machine_files(m: &MachineClass, page: &MachinePage) -> Vec<OutputFile> {
    // The metric table: every sample's metric and every column, in order.
    let mut metrics = Metrics::default();
    let sample_metrics: Vec<Vec<u32>> = m
        .results
        .iter()
        .map(|rf| {
            rf.parsed
                .samples
                .iter()
                .map(|s| {
                    metrics
                        .insert_full(MetricData { name: &s.metric.name, unit: &s.metric.unit, better: s.metric.better })
                        .0 as u32
                })
                .collect()
        })
        .collect();
    let column_metrics: Vec<Vec<u32>> = page
        .sections
        .iter()
        .map(|s| {
            s.table
                .columns
                .iter()
                .map(|c| metrics.insert_full(MetricData { name: &c.name, unit: &c.unit, better: c.better }).0 as u32)
                .collect()
        })
        .collect();
    let data = MachineData {
        format: DATA_FORMAT,
        slug: &m.slug,
        name: &m.config.name,
        baseline: m.config.baseline.as_deref(),
        metrics: &metrics,
        sample_fields: SAMPLE_FIELDS,
        row_fields: ROW_FIELDS,
        files: m
            .results
            .iter()
            .zip(&sample_metrics)
            .map(|(rf, ms)| FileData {
                path: &rf.rel_path,
                benchmark: &rf.parsed.benchmark,
                version: rf.parsed.version.as_deref(),
                samples: Samples(&rf.parsed.samples, ms),
            })
            .collect(),
        sections: page
            .sections
            .iter()
            .zip(column_metrics)
            .map(|(s, ms)| SectionData { id: &s.id, title: &s.title, rows: Rows(s, ms) })
            .collect(),
    };
    // About what each sample and each summarised cell take as JSON, so the
    // buffer is not grown (and copied) a dozen times on a large class.
    let samples: usize = m.results.iter().map(|rf| rf.parsed.samples.len()).sum();
    let cells: usize = page.sections.iter().map(|s| s.table.rows.len() * s.table.columns.len()).sum();
    let estimate = samples * 64 + cells * 136 + 4096;
    // The data file and the CSV files side by side.
    let (json, csvs) = rayon::join(
        || {
            let mut json = Vec::with_capacity(estimate);
            // Serialising plain data into a Vec cannot fail.
            let _ = serde_json::to_writer(&mut json, &data);
            json
        },
        || {
            page.sections
                .par_iter()
                .map(|s| OutputFile::text(format!("{}/csv/{}.csv", page.slug, s.id), section_csv(s)))
                .collect::<Vec<_>>()
        },
    );
    let mut files = vec![OutputFile { path: format!("{}/data.json", m.slug), contents: json }];
    files.extend(csvs);
    files
}

/// The top-level `data.json`: the site title and each machine class with
/// the path of its data file.
pub fn index_file(title: &str, machines: &[MachineSummary]) -> OutputFile {
    let index = Index {
        title,
        machines: machines
            .iter()
            .map(|m| IndexEntry {
                slug: &m.slug,
                name: &m.name,
                baseline: m.baseline.as_deref(),
                data: format!("{}/data.json", m.slug),
            })
            .collect(),
    };
    OutputFile::text("data.json", serde_json::to_string_pretty(&index).unwrap_or_default())
}

/// Every data file and CSV of a loaded site and its view.
pub fn data_files(site: &Site, view: &SiteView) -> Vec<OutputFile> {
    let summaries: Vec<MachineSummary> = view.machines.iter().map(MachineSummary::of).collect();
    let mut files = vec![index_file(&site.config.title, &summaries)];
    for (m, page) in site.machines.iter().zip(&view.machines) {
        files.extend(machine_files(m, page));
    }
    files
}

#[cfg(test)]
mod tests {
    use super::push_f64;
    use proptest::prelude::*;

    fn shown(v: f64) -> String {
        let mut s = String::new();
        push_f64(&mut s, v);
        s
    }

    #[test]
    fn push_f64_prints_as_display() {
        for v in [
            0.0,
            -0.0,
            1.0,
            -1.0,
            3.0,
            0.5,
            -0.5,
            9.2929,
            1e-7,
            1.5e-7,
            1e20,
            1e21,
            1.2345e22,
            123456.0,
            0.1 + 0.2,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            100.0,
            1e15,
            1e16,
            1.5e16,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            assert_eq!(shown(v), format!("{v}"), "{v:e}");
        }
    }

    #[test]
    fn push_f64_rounds_a_tie_to_even() {
        // -568633283.14453125, exactly halfway between ...312 and ...313:
        // Display rounds up.
        let tie = -(568633283.0 + 37.0 / 256.0);
        assert_eq!(shown(tie), "-568633283.1445312");
        assert_eq!(format!("{tie}"), "-568633283.1445313");
    }

    /// The same as `Display`, but for the last digit of an exact tie.
    fn check(v: f64) -> Result<(), TestCaseError> {
        let (ours, std) = (shown(v), format!("{v}"));
        if ours != std {
            prop_assert_eq!(ours.len(), std.len(), "{} vs {}", ours, std);
            prop_assert_eq!(&ours[..ours.len() - 1], &std[..std.len() - 1]);
            prop_assert_eq!(ours.parse::<f64>().ok(), Some(v));
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn push_f64_prints_any_bits_as_display(bits in any::<u64>()) {
            check(f64::from_bits(bits))?;
        }

        #[test]
        fn push_f64_prints_measurements_as_display(v in -1e9f64..1e9) {
            check(v)?;
        }
    }
}
