//! Machine-readable exports: `data.json` files and one CSV per section.
//!
//! `output/<machine>/data.json` holds every parsed sample of one machine
//! class, as compact columnar JSON (layout [`DATA_FORMAT`] 5); the class's
//! summaries (the tables' numbers and their statistics) are in its CSV
//! files, one per section, and nowhere else. Each thing a sample refers to
//! is listed once, in a table of the class: `metrics` (name, unit, better
//! direction), `kernels`, `groups` (`""` for none) and `params` (each
//! distinct set of parameters as an object, `{}` for none). `files` and
//! `samples` are tables of columns: an object of columns, one per field,
//! each with one entry per file or sample ([`SAMPLE_COLUMNS`]). A column of
//! `files` and the samples' `metric` and `value` are plain arrays; the
//! samples' `file`, `kernel`, `group`, `params` and `line`
//! ([`RUN_COLUMNS`]) are run-length encoded, `{"values": […], "counts":
//! […]}`: each value and how many samples in a row have it. A sample's
//! `file`, `kernel`, `group`, `params` and `metric` are indices into those
//! tables (`kernel` is `null` for a sample no kernel claimed); its `value`
//! is a number in the metric's unit, or `{"mean", "stddev", "n"}` for a
//! summary the file printed itself; `line` is its line in the raw file.
//! `sections` names each section's CSV file:
//!
//! ```json
//! { "format": 5, "slug": "dbench32-384m", "name": "…", "baseline": "2.4.7",
//!   "metrics": [ {"name": "Throughput", "unit": "MB/s", "better": "higher"} ],
//!   "kernels": ["2.4.7", "2.4.8-pre1"], "groups": [""], "params": [ {"procs": "32"} ],
//!   (and, where a parameter has a unit, "param_units": [ {"size": "MB"} ], one per set),
//!   "files": { "path": ["2.4.7/dbench-32.txt", "2.4.8-pre1/dbench-32.txt"],
//!              "benchmark": ["dbench", "dbench"], "version": [null, null] },
//!   "samples": { "file": {"values": [0, 1], "counts": [1, 1]},
//!                "kernel": {"values": [0, 1], "counts": [1, 1]},
//!                "group": {"values": [0], "counts": [2]}, "params": {"values": [0], "counts": [2]},
//!                "metric": [0, 0], "value": [9.2929, 6.8078], "line": {"values": [2], "counts": [2]} },
//!   "sections": [ { "id": "dbench-32", "title": "dbench 32", "csv": "csv/dbench-32.csv" } ] }
//! ```
//!
//! A section whose `baseline:` is not the class's says so:
//! `{ "id": "hackbench", …, "baseline": "2.6.0" }`.
//!
//! A class one of whose kernels has a dmesg showing a problem (an oops,
//! BUG or WARNING, which the pages mark with `!`) also has
//! `"dmesg_problems": [ {"kernel", "file", "line", "text"} ]`, each problem
//! once: the same message of one kernel's log, on whichever CPU and PID,
//! is one entry with `"count"` (how many times) and `"last_line"` (of its
//! last time), its text with the CPU and PID left out (`CPU: … PID: …`);
//! every line is in the log file itself (its path relative to the class
//! directory). A class without one has no such key.
//!
//! A script expands the columns with
//! `s = {k: c if isinstance(c, list) else [v for v, n in zip(c["values"], c["counts"]) for _ in range(n)] for k, c in data["samples"].items()}`,
//! then reads the samples as objects with
//! `[dict(zip(s, r)) for r in zip(*s.values())]`, or as a table with
//! `pandas.DataFrame(s)`.
//!
//! Why run-length encoded (format 5): a raw file's samples are written
//! together, so the file's index, its kernel's, and mostly its group and
//! parameter set repeat from one sample to the next, and a line printing
//! several figures gives each of them its number. As plain arrays those
//! five columns took 19 of the 33 MB of `data.json` in the large generated
//! archive; as runs, 4. Each column stays an array of the same values in
//! the same order, one comprehension away from format 4's, where a
//! delta or binary form would need a decoder; `metric` and `value` stay
//! plain, since their runs would be longer than they are.
//!
//! Why columnar, and why the summaries left: a class of 300 kernels has
//! about 120,000 samples and 65,000 summarised cells. Format 3 wrote each
//! sample as an array (`["2.4.10", "", {"tasks": "1"}, 0, 13.7, 5]`: the
//! kernel's name and the parameter object again in every one, 56 bytes a
//! sample) and each summary row as an array of 15 numbers at full
//! precision (147 bytes a row, the same numbers as the CSV files): 16 MB a
//! class, 181 MB for the large generated archive of 49.5 MB, more than the
//! HTML pages. With every name listed once and the samples as columns of
//! small integers and the numbers as the files print them, a sample takes
//! about 25 bytes, and the summaries are written once, in the CSV files a
//! spreadsheet opens. Columns are also what analysis tools read directly
//! (`pandas.DataFrame`, R's `as.data.frame`, Arrow) and compress well when
//! a host gzips the file. Whole numbers are written without a fraction
//! (`1008`, not `1008.0`); every other number as the shortest decimal that
//! reads back as the same `f64`, so a reader gets exactly the values
//! parsed.
//!
//! Earlier layouts: format 4 (fourteenth session to thirtieth) wrote every
//! column of `samples` as a plain array; format 3 (fourth session to thirteenth) gave each
//! sample and summary row as an array, fields named once in
//! `sample_fields` and `row_fields`, samples inside their file's entry of
//! `files`, and the summaries in `sections[].rows`; format 2 gave each
//! sample and row as an object, its field names repeated in every one,
//! and left out an empty `group` or `params`; the first layout (no `format`
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
//! `output/<machine>/csv/<section-id>.csv` holds a section's summaries in
//! wide form, one line per row of the section's table (a kernel ×
//! parameters), with the columns `kernel`, each parameter (those that vary,
//! then those with one value on every line), `dmesg` (`!` for a kernel
//! whose dmesg shows a problem, the mark the pages put after its name; else
//! empty), then for each metric of the table (each column; in a section
//! mixing a benchmark's groups its name starts with the group, `time
//! elapsed`) a group of the [`CSV_STATS`], named `<metric> (<unit>)
//! <statistic>` ([`csv_stat_header`]): `n`, `mean`, `stddev`,
//! `pct_better`, `p`, `significant`, `p_adjusted`, `at_least` (`true` for
//! a mean of only the runs that timed the test, bonnie++'s `+++++` in the
//! others; else empty). It is the one place the table's statistics are
//! written for a program or a spreadsheet. Wide, not long (a line per
//! cell, until the forty-fourth session), because the long form of the
//! data is `data.json`'s samples and the long CSV repeated a line's kernel,
//! parameters, metric and unit for every cell (more than half its bytes);
//! a line is what a row of the page's table shows. What `data.json`
//! holds is not written again: the metric's direction (a `better` column
//! until the thirty-first session; `pct_better` is signed so that positive
//! is better), the runs' smallest, largest and median
//! values (format 3 wrote them in both files; in the large generated
//! archive half the cells are a single run, whose mean, min, max and
//! median were four copies of its one sample), nor what the line's own
//! columns give (the difference in the metric's unit, the mean minus the
//! baseline's; the coefficient of variation, `stddev / |mean|`). `n` is
//! exact and `mean` too but for the float noise of averaging (twelve
//! significant digits, [`MEAN_DIGITS`]); the statistics (`stddev`, `pct_better`, `p`, `p_adjusted`) have
//! four significant digits ([`CSV_DIGITS`] says why), and `significant` is
//! empty where nothing was tested. Text fields that a spreadsheet would read as a formula get a
//! leading `'` ([`csv_text`]).

use crate::model::{Better, Number, Sample, Value};
use crate::render::OutputFile;
use crate::report::{MachinePage, MachineSummary, SectionView, SiteView};
use crate::site::{MachineClass, ResultFile, Site};
use rayon::prelude::*;
use serde::Serialize;

mod sig;
pub use sig::push_sig;

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
/// 5: as 4, but the samples' columns that repeat in runs ([`RUN_COLUMNS`])
/// written run-length encoded, `{"values": […], "counts": […]}`. 4: columnar — the class's kernels, groups, parameter sets and metrics
/// listed once, the files and samples as one array per field, and the
/// summaries in the sections' CSV files only. 3: each sample and summary
/// row an array, their fields named once in `sample_fields` and
/// `row_fields`. 2: they were objects; metrics listed once per class and
/// referred to by index, a single measurement as a plain number (as in 3
/// and 4).
pub const DATA_FORMAT: u32 = 5;

/// The columns of `samples` in `data.json`, in order, each an array with
/// one entry per sample: `file` (index in `files`), `kernel` (index in
/// `kernels`, `null` for a sample no kernel claimed), `group` (index in
/// `groups`, whose entry is `""` for a sample without one), `params`
/// (index in `params`, whose entry is an object, `{}` for none), `metric`
/// (index in `metrics`), `value` (a number in the metric's unit, or
/// `{"mean", "stddev", "n"}` for a summary the file printed) and `line`
/// (the raw file's line, 1-based).
pub const SAMPLE_COLUMNS: [&str; 7] = ["file", "kernel", "group", "params", "metric", "value", "line"];

/// The columns of [`SAMPLE_COLUMNS`] that `data.json` writes run-length
/// encoded, `{"values": […], "counts": […]}` (format 5): a value and how
/// many samples in a row have it. The others (`metric`, `value`) are plain
/// arrays.
pub const RUN_COLUMNS: [&str; 5] = ["file", "kernel", "group", "params", "line"];

/// The statistics a section's CSV file gives for each metric (each table
/// column), in order: a group of columns per metric, each named
/// `<metric> (<unit>) <statistic>` ([`csv_stat_header`]; `<metric> ()
/// <statistic>` for a metric without a unit), after `kernel`, the
/// parameters and `dmesg`.
///
/// The number of runs `n`, `mean` and `stddev` in the metric's unit, and
/// against the baseline: `pct_better` (the change in percent, positive
/// when better; empty for a metric with no better direction, whose change
/// is not better or worse), `p` (Welch's test, empty when the change is not
/// tested: a single run, no spread on either side, or a difference below
/// the printed resolution), `significant` (`true` when the adjusted p-value
/// is below α) and `p_adjusted` (`p` after the Benjamini–Hochberg
/// correction over every test of the machine class's page; empty for a
/// column with no better direction, which is not part of that family).
/// Statistics that do not exist for the line are empty, and all of a
/// metric's are where the table has no cell (the kernel did not run it
/// with these parameters); `significant` is empty where `p_adjusted` is
/// (nothing was tested), else `true` or `false`.
///
/// `n` is exact, `mean` a whole number as it is and any other to
/// [`MEAN_DIGITS`] significant digits; `stddev`, `pct_better`, `p` and
/// `p_adjusted` are given to [`CSV_DIGITS`] significant digits
/// ([`push_sig`]).
///
/// What the runs themselves give (their smallest, largest and median
/// value, which format 3 wrote here and in `data.json`) is in `data.json`,
/// and the difference in the metric's unit is the line's mean minus the
/// baseline kernel's line's: neither is written again. Nor is the metric's
/// better direction (a `better` column, `higher`, `lower` or `neither`,
/// until the thirty-first session: 5.1 of the large generated archive's
/// 51.4 MB of CSV): `pct_better` is signed so that positive is better and
/// is empty where the metric has neither direction; `data.json`'s
/// `metrics` give each metric's direction. The plain change of a metric
/// with no direction is `mean` over the baseline's line's.
///
/// `at_least` is `true` where the `mean` is the mean of only the runs that
/// timed the test, its other runs having printed it as too fast to time
/// (bonnie++'s `+++++`; the tables mark it `≥`): the test ran faster than
/// that mean says, and a change from it (this cell's or, where the
/// baseline's cell is one, every cell compared with it) is not tested (`p`
/// empty); else empty.
///
/// Every metric has all eight, so that a program finds a statistic by its
/// name without knowing the data; a statistic's name has no space, so a
/// header splits at its last space into the metric (with its unit) and the
/// statistic ([`csv_stat_header`] says how the unit splits off).
pub const CSV_STATS: [&str; 8] = ["n", "mean", "stddev", "pct_better", "p", "significant", "p_adjusted", "at_least"];

/// The name of the CSV column holding statistic `stat` (one of
/// [`CSV_STATS`]) of the table column `metric`, measured in `unit`:
/// `Throughput (MB/s) mean`, and `ops () mean` for a metric without a
/// unit. The unit is in the name because nothing else in the file says it.
///
/// The parentheses are there also when the unit is empty, so that a name
/// always splits the same way: the statistic after the last space, the
/// unit in the parentheses that close before it (matched from the end, so
/// that AIM9's unit `Random Disk Writes (K)/second` stays whole), the
/// metric before them (UnixBench's `Shell Scripts (1 concurrent)` has no
/// unit: `Shell Scripts (1 concurrent) () mean`). Without them a metric
/// whose name ends in parentheses read as a metric with a unit.
pub fn csv_stat_header(metric: &str, unit: &str, stat: &str) -> String {
    format!("{metric} ({unit}) {stat}")
}

/// The significant digits of a CSV file's statistics (`stddev`,
/// `pct_better`, `p`, `p_adjusted`); see [`push_sig`].
///
/// Why four: a benchmark prints its values with three to six significant
/// digits, and what is derived from a few runs is known to fewer: the
/// standard deviation of n runs is uncertain by about 1/√(2(n−1)) of
/// itself (half of it for 3 runs), a p-value is read against α = 0.05,
/// and a change in percent to four digits (+2.267, −0.2215, +0.0012)
/// keeps its sign and is finer than the page's one decimal. The 17 digits
/// of the `f64` (`0.13610914071746497`) were a third of a 300-kernel
/// class's CSV bytes and told a reader nothing more; the means give the
/// change more precisely where wanted (`(mean − baseline) / |baseline|`).
pub const CSV_DIGITS: usize = 4;

/// The significant digits of a CSV file's `mean` when it is not a whole
/// number (a whole number is written as it is, every digit). Twelve is more
/// than any benchmark prints ([`crate::stats::resolution`] counts digits
/// past the ninth or tenth as noise) and drops the noise of averaging in
/// binary: a mean of three runs the page shows as 33.75 may be
/// `33.74999999999999` as an `f64` (one of the demo's), written `33.75`.
pub const MEAN_DIGITS: usize = 12;

/// The per-class `data.json`, columnar ([`DATA_FORMAT`] 5).
#[derive(Serialize)]
struct MachineData<'a> {
    format: u32,
    slug: &'a str,
    name: &'a str,
    baseline: Option<&'a str>,
    metrics: Vec<MetricData<'a>>,
    kernels: Vec<&'a str>,
    groups: Vec<&'a str>,
    params: Vec<Params<'a>>,
    /// The units of `params`' sets, one object each in the same order
    /// ([`crate::model::Param::unit`]): `[{}, {"file size": "MB", "blk
    /// size": "bytes"}]`; `params` keeps the values as printed. Left out
    /// when no parameter has one (the key is new and optional: no format
    /// change).
    #[serde(skip_serializing_if = "ParamUnits::is_empty")]
    param_units: ParamUnits<'a>,
    files: FileColumns<'a>,
    samples: SampleColumns<'a>,
    sections: Vec<SectionData<'a>>,
    /// The kernels whose dmesg shows a problem, each problem once (the
    /// pages mark their results with `!`); left out when there is none,
    /// so a class without one is written as before (no format change:
    /// the key is new and optional).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    dmesg_problems: Vec<ProblemData<'a>>,
}

/// A kernel log problem of `data.json`'s `dmesg_problems`: the kernel's
/// name, the log file (relative to the class directory), its 1-based line
/// and the message.
#[derive(Serialize)]
struct ProblemData<'a> {
    kernel: &'a str,
    file: &'a str,
    line: usize,
    text: &'a str,
    /// How many times the log says it: written when more than once (135
    /// copies of one WARNING were 135 entries, 24 KB of the archive's
    /// i5-2500k `data.json`).
    #[serde(skip_serializing_if = "is_once")]
    count: usize,
    /// The line of its last time: written with `count`.
    #[serde(skip_serializing_if = "Option::is_none")]
    last_line: Option<usize>,
}

/// True for a problem said once ([`ProblemData::count`] 1).
fn is_once(count: &usize) -> bool {
    *count <= 1
}

/// One entry of the class's metric table.
#[derive(Serialize, Clone, Copy, PartialEq, Eq, Hash)]
struct MetricData<'a> {
    name: &'a str,
    unit: &'a str,
    better: Better,
    /// The name and unit as the file printed them, where the key
    /// corrects them ([`crate::model::Metric::printed_name`]: stress-ng
    /// 0.14's `(geometic mean)`, dbench's `MB/sec`); left out otherwise
    /// (new and optional keys: no format change).
    #[serde(skip_serializing_if = "str::is_empty")]
    printed_name: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    printed_unit: &'a str,
}

/// An interning table: each distinct entry once, in order of first use,
/// referred to by its index (`insert_full`).
type Table<T> = indexmap::IndexSet<T, rustc_hash::FxBuildHasher>;

/// Index `i` of an interning table as stored (a class has far fewer than
/// 2³² metrics, kernels, groups, parameter sets or files).
fn idx(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// A JSON array of the items `.0` makes (called once per serialisation),
/// written as they come, without collecting them first (a large class has
/// hundreds of thousands of samples): every column of `data.json`.
struct Column<F>(F);

impl<F: Fn() -> I, I: Iterator<Item: Serialize>> Serialize for Column<F> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

/// A run-length encoded column of `data.json`: `{"values": [0, 1],
/// "counts": [35, 23]}` for thirty-five `0`s then twenty-three `1`s (each
/// value differs from the one before it; every count is at least 1). The
/// column is the values, each repeated its count of times, in order:
/// `[v for v, n in zip(c["values"], c["counts"]) for _ in range(n)]`.
///
/// The samples' `file`, `kernel`, `group`, `params` and `line` columns
/// ([`RUN_COLUMNS`]) are written so: a raw file's samples come together, so
/// its index, its kernel's, and mostly its group and parameter set repeat
/// from sample to sample, and the several figures of one line share it (in
/// the large generated archive a run of `file` is 34 samples on average,
/// of `kernel` 405, of `group` 7.6, of `params` 10.6, of `line` 2.3). Where that does not pay, a column stays a plain array: `metric`
/// changes with nearly every sample (its runs would take 1.6 times its
/// plain array) and `value` with every one.
#[derive(Serialize)]
struct Runs<T> {
    values: Vec<T>,
    counts: Vec<u32>,
}

impl<T: PartialEq> Runs<T> {
    /// The runs of `items`, in order.
    fn of(items: impl Iterator<Item = T>) -> Self {
        let (mut values, mut counts) = (Vec::new(), Vec::<u32>::new());
        for item in items {
            match (values.last(), counts.last_mut()) {
                (Some(last), Some(count)) if *last == item => *count += 1,
                _ => {
                    values.push(item);
                    counts.push(1);
                }
            }
        }
        Runs { values, counts }
    }
}

/// The raw files as columns, one entry per file: `path` (relative to the
/// class directory), `benchmark` (the parser's id), `version` (`null` when
/// the output does not say).
struct FileColumns<'a>(&'a [ResultFile]);

impl Serialize for FileColumns<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut s = serializer.serialize_struct("files", 3)?;
        let files = self.0;
        s.serialize_field("path", &Column(|| files.iter().map(|f| f.rel_path.as_str())))?;
        s.serialize_field("benchmark", &Column(|| files.iter().map(|f| f.parsed.benchmark.as_str())))?;
        s.serialize_field("version", &Column(|| files.iter().map(|f| f.parsed.version.as_deref())))?;
        s.end()
    }
}

/// Every sample of the class as columns, named by [`SAMPLE_COLUMNS`]: each
/// column written from the samples themselves, beside the indices
/// ([`Refs`]) of what each refers to in the class's tables (16 bytes a
/// sample; a list of samples with their indices took 32).
struct SampleColumns<'a> {
    results: &'a [ResultFile],
    refs: Vec<Refs>,
}

/// A sample's indices into the class's tables: its kernel ([`NO_KERNEL`]
/// when it names none), group, parameters and metric.
type Refs = [u32; 4];

/// [`Refs`]' kernel index of a sample that names no kernel (`null`).
const NO_KERNEL: u32 = u32::MAX;

impl<'a> SampleColumns<'a> {
    /// Every sample with the index of its file and its [`Refs`], in file order.
    fn samples(&self) -> impl Iterator<Item = (&Refs, u32, &'a Sample)> + '_ {
        let results: &'a [ResultFile] = self.results;
        let samples =
            results.iter().enumerate().flat_map(|(fi, rf)| rf.parsed.samples.iter().map(move |s| (idx(fi), s)));
        self.refs.iter().zip(samples).map(|(r, (fi, s))| (r, fi, s))
    }
}

impl Serialize for SampleColumns<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut s = serializer.serialize_struct("samples", SAMPLE_COLUMNS.len())?;
        s.serialize_field("file", &Runs::of(self.samples().map(|(_, fi, _)| fi)))?;
        s.serialize_field("kernel", &Runs::of(self.samples().map(|(r, _, _)| (r[0] != NO_KERNEL).then_some(r[0]))))?;
        s.serialize_field("group", &Runs::of(self.samples().map(|(r, _, _)| r[1])))?;
        s.serialize_field("params", &Runs::of(self.samples().map(|(r, _, _)| r[2])))?;
        s.serialize_field("metric", &Column(|| self.samples().map(|(r, _, _)| r[3])))?;
        s.serialize_field(
            "value",
            &Column(|| {
                self.samples().map(|(_, _, s)| match s.value {
                    Value::Single { value } => ValueData::Single(Number(value)),
                    Value::Summary { mean, stddev, n } => {
                        ValueData::Summary { mean: Number(mean), stddev: stddev.map(Number), n }
                    }
                })
            }),
        )?;
        s.serialize_field("line", &Runs::of(self.samples().map(|(_, _, s)| s.line)))?;
        s.end()
    }
}

/// A sample's entry of the class's metric table.
fn metric_data(s: &Sample) -> MetricData<'_> {
    MetricData {
        name: &s.metric.name,
        unit: &s.metric.unit,
        better: s.metric.better,
        printed_name: &s.metric.printed_name,
        printed_unit: &s.metric.printed_unit,
    }
}

/// Parameters as an object, in the benchmark's order: `{"procs": "32"}`
/// (loading keeps only the first of two parameters with one name, so the
/// object's names differ).
struct Params<'a>(&'a [crate::model::Param]);

impl Serialize for Params<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|p| (p.name.as_str(), p.value.as_str())))
    }
}

/// The units of each parameter set of `params`, in the same order: for
/// each set an object of its parameters that have a unit (`{"size":
/// "MB"}`; `{}` for a set without one). Per set, not per name: hackbench's
/// `size` is in bytes and LMbench's in MB in one class.
struct ParamUnits<'a>(Vec<&'a [crate::model::Param]>);

impl ParamUnits<'_> {
    fn is_empty(&self) -> bool {
        self.0.iter().all(|set| set.iter().all(|p| p.unit.is_empty()))
    }
}

impl<'a> ParamUnits<'a> {
    fn of(params: &[Params<'a>]) -> Self {
        ParamUnits(params.iter().map(|p| p.0).collect())
    }
}

impl Serialize for ParamUnits<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|set| SetUnits(set)))
    }
}

/// One parameter set's units as an object.
struct SetUnits<'a>(&'a [crate::model::Param]);

impl Serialize for SetUnits<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().filter(|p| !p.unit.is_empty()).map(|p| (p.name.as_str(), p.unit.as_str())))
    }
}

/// A single measurement as a number; a summary the file printed itself as
/// `{"mean": …, "stddev": …, "n": …}`.
#[derive(Serialize)]
#[serde(untagged)]
enum ValueData {
    Single(Number),
    Summary { mean: Number, stddev: Option<Number>, n: u32 },
}

/// A section: its anchor id and title on the class page, and the path of
/// its CSV file (relative to the class directory), which holds its
/// summaries.
#[derive(Serialize)]
struct SectionData<'a> {
    id: &'a str,
    title: &'a str,
    csv: String,
    /// The section's own `baseline:`, where it is not the class's: its
    /// changes are against this kernel. Left out otherwise (no format
    /// change: the key is new and optional).
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<&'a str>,
}

/// Each configured section's own `baseline:` where it is not the class's,
/// in page order (the sections no configured one claims come after them,
/// with none: [`crate::report::section_heads`]).
fn own_baselines(m: &MachineClass) -> impl Iterator<Item = Option<&str>> {
    let class = m.config.baseline.as_deref();
    m.config.sections.iter().map(move |sc| sc.baseline.as_deref().filter(|b| Some(*b) != class))
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

/// A section's CSV file, wide: one line per row of its table (a kernel ×
/// parameters), with the columns `kernel`, every parameter (those that
/// vary, then those the table states once), `dmesg` and then, for each
/// table column (metric), its [`CSV_STATS`] named by [`csv_stat_header`].
///
/// `dmesg` is [`crate::report::environment::DMESG_MARK`] (`!`) on the lines
/// of a kernel whose dmesg shows a problem (an oops, BUG or WARNING; the
/// pages mark its name with it, `data.json`'s `dmesg_problems` says what),
/// else empty: a column of its own, so that `kernel` stays the kernel's
/// name a program joins on.
///
/// Wide rather than one line per cell (the long form, until the
/// forty-fourth session): the long form repeated the kernel, parameters,
/// metric and unit on every line, more than half of its bytes (25.1 of the
/// large generated archive's 45.9 MB), and the long form of the data is
/// `data.json`'s samples. A line is now what the section's table shows in
/// one row, which is also what a spreadsheet opens.
fn section_csv(s: &SectionView) -> String {
    use compact_str::ToCompactString as _;
    let cols = &s.table.columns;
    let mut w = csv::Writer::from_writer(Vec::with_capacity(s.table.rows.len() * (cols.len() * 40 + 40) + 256));
    // Writing to a Vec cannot fail.
    let _ = w.write_field("kernel");
    // Every parameter is a column: those that vary, then those the table
    // states once (the same value on every line).
    for h in s.table.param_headers.iter().chain(s.table.fixed_param_values.iter().map(|(h, _)| h)) {
        let _ = w.write_field(csv_text(&s.table.param_header(h)).as_ref());
    }
    let _ = w.write_field("dmesg");
    for col in cols {
        for stat in CSV_STATS {
            let _ = w.write_field(csv_text(&csv_stat_header(&col.name, &col.unit, stat)).as_ref());
        }
    }
    let _ = w.write_record(None::<&[u8]>);
    // Numbers are printed into one buffer, reused for every field.
    let mut buf = String::new();
    // `digits`: 0 for exact, else significant digits.
    let mut num = |w: &mut csv::Writer<Vec<u8>>, v: Option<f64>, digits: usize| {
        buf.clear();
        // A change of -0.0 (no change, of a lower-is-better metric) is
        // printed `0`, not `-0`: adding +0.0 makes a negative zero positive
        // and leaves every other number as it is.
        match v.map(|v| v + 0.0) {
            Some(v) if digits > 0 => push_sig(&mut buf, v, digits),
            Some(v) => push_f64(&mut buf, v),
            None => {}
        }
        let _ = w.write_field(&buf);
    };
    for r in &s.table.rows {
        // A row with no cell at all says nothing: not written (the long
        // form had no line for it either).
        if r.cells.iter().all(Option::is_none) {
            continue;
        }
        let _ = w.write_field(csv_text(&r.kernel).as_ref());
        for p in r.params.iter().chain(s.table.fixed_param_values.iter().map(|(_, v)| v)) {
            let _ = w.write_field(csv_text(p).as_ref());
        }
        let _ = w.write_field(crate::report::environment::dmesg_mark_of(&s.table.marks, &r.kernel));
        for (ci, (c, col)) in r.cells.iter().zip(cols).enumerate() {
            let Some(c) = c else {
                for _ in CSV_STATS {
                    let _ = w.write_field("");
                }
                continue;
            };
            let cmp = c.comparison;
            let _ = w.write_field(c.summary.n.to_compact_string());
            let mean = c.summary.mean;
            num(&mut w, Some(mean), if mean.fract() == 0.0 { 0 } else { MEAN_DIGITS });
            num(&mut w, c.summary.stddev, CSV_DIGITS);
            // Better-signed only: none for a metric with no better direction.
            let pct_better = cmp.and_then(|x| x.pct_better).filter(|_| col.better != Better::Neither);
            num(&mut w, pct_better, CSV_DIGITS);
            num(&mut w, cmp.and_then(|x| x.welch).map(|w| w.p), CSV_DIGITS);
            let p_adjusted = cmp.and_then(|x| x.p_adjusted);
            let significant = match p_adjusted {
                None => "",
                Some(_) if cmp.is_some_and(|x| x.significant) => "true",
                Some(_) => "false",
            };
            let _ = w.write_field(significant);
            num(&mut w, p_adjusted, CSV_DIGITS);
            let _ = w.write_field(if r.part_untimed.contains(&(ci as u32)) { "true" } else { "" });
        }
        let _ = w.write_record(None::<&[u8]>);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// The class's tables (each in order of first use) and its samples as
/// columns that refer to them.
fn flatten(m: &MachineClass) -> (Vec<MetricData<'_>>, Vec<&str>, Vec<&str>, Vec<Params<'_>>, SampleColumns<'_>) {
    let mut metrics: Table<MetricData> = Table::default();
    let mut kernels: Table<&str> = Table::default();
    let mut groups: Table<&str> = Table::default();
    let mut params: Table<&[crate::model::Param]> = Table::default();
    let count = m.results.iter().map(|rf| rf.parsed.samples.len()).sum();
    let mut refs: Vec<Refs> = Vec::with_capacity(count);
    for rf in &m.results {
        // A file's samples mostly share their kernel, group and parameters
        // with the sample before: an entry equal to the last sample's has
        // its index, without hashing it again (interning each of the four
        // for every sample was most of `flatten`'s cost).
        let mut last: Option<(&Sample, Refs)> = None;
        for s in &rf.parsed.samples {
            let same = |f: fn(&Sample, &Sample) -> bool, k: usize| last.filter(|(p, _)| f(p, s)).map(|(_, r)| r[k]);
            let r = [
                same(|p, s| p.kernel == s.kernel, 0)
                    .unwrap_or_else(|| s.kernel.as_deref().map_or(NO_KERNEL, |k| idx(kernels.insert_full(k).0))),
                same(|p, s| p.group == s.group, 1).unwrap_or_else(|| idx(groups.insert_full(&s.group).0)),
                same(|p, s| p.params == s.params, 2).unwrap_or_else(|| idx(params.insert_full(&s.params).0)),
                same(|p, s| p.metric == s.metric, 3).unwrap_or_else(|| idx(metrics.insert_full(metric_data(s)).0)),
            ];
            refs.push(r);
            last = Some((s, r));
        }
    }
    (
        metrics.into_iter().collect(),
        kernels.into_iter().collect(),
        groups.into_iter().collect(),
        params.into_iter().map(Params).collect(),
        SampleColumns { results: &m.results, refs },
    )
}

/// `<machine>/data.json` and the machine's per-section CSV files, in path
/// order: [`machine_files_to`]'s files, collected.
pub fn machine_files(m: &MachineClass, page: &MachinePage) -> Vec<OutputFile> {
    let files = std::sync::Mutex::new(Vec::new());
    let collected = machine_files_to(m, page, |f| {
        files.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(f);
        Ok::<(), std::convert::Infallible>(())
    });
    let Ok(()) = collected;
    let mut files = files.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// [`machine_files`], each handed to `put` as soon as it is made (the CSV
/// files in no set order) instead of all returned together: a
/// 3,000-kernel class's CSV files are about 70 MB. Stops at `put`'s first
/// error and returns it.
///
/// # Errors
/// `put`'s.
pub fn machine_files_to<E: Send>(
    m: &MachineClass,
    page: &MachinePage,
    put: impl Fn(OutputFile) -> Result<(), E> + Sync,
) -> Result<(), E> {
    let (json, csvs) = rayon::join(|| put(data_json(m, page)), || csv_files_to(page, &put));
    json.and(csvs)
}

/// The class's per-section CSV files alone (`<machine>/csv/<section>.csv`),
/// each handed to `put` as it is made, in no set order; with
/// [`data_json`], [`machine_files_to`]'s files. Stops at `put`'s first
/// error and returns it.
///
/// # Errors
/// `put`'s.
pub fn csv_files_to<E: Send>(page: &MachinePage, put: impl Fn(OutputFile) -> Result<(), E> + Sync) -> Result<(), E> {
    page.sections
        .par_iter()
        .try_for_each(|s| put(OutputFile::text(format!("{}/csv/{}.csv", page.slug, s.id), section_csv(s))))
}

/// `<machine>/data.json`: the class's samples (from `m`) and its sections
/// (from `page`, which may be laid out without its grids:
/// [`crate::report::machine_page_without_grids`]), so that it can be
/// written before the samples are freed and the grids laid out.
pub fn data_json(m: &MachineClass, page: &MachinePage) -> OutputFile {
    data_json_of(m, page.sections.iter().map(|s| (s.id.as_str(), s.title.as_str())))
}

/// [`data_json`] with the page's sections as (anchor id, title), in page
/// order ([`crate::report::section_heads`]): a build writes it before the
/// page is laid out, so that a large class's `data.json` (tens of MB while
/// it is made) and its laid-out page are not held together.
pub fn data_json_of<'a>(m: &MachineClass, sections: impl Iterator<Item = (&'a str, &'a str)>) -> OutputFile {
    let (metrics, kernels, groups, params, samples) = flatten(m);
    let problems = crate::report::environment::kernel_problems(&m.kernels);
    // About what each sample takes as JSON (its value and metric, and its
    // share of the run-length encoded columns), so the buffer is not grown
    // (and copied) a dozen times on a large class.
    let estimate = samples.refs.len() * 16 + m.results.len() * 64 + 4096;
    let data = MachineData {
        format: DATA_FORMAT,
        slug: &m.slug,
        name: &m.config.name,
        baseline: m.config.baseline.as_deref(),
        metrics,
        kernels,
        groups,
        param_units: ParamUnits::of(&params),
        params,
        files: FileColumns(&m.results),
        samples,
        sections: sections
            .zip(own_baselines(m).chain(std::iter::repeat(None)))
            .map(|((id, title), baseline)| SectionData { id, title, csv: format!("csv/{id}.csv"), baseline })
            .collect(),
        dmesg_problems: problems
            .iter()
            .map(|p| ProblemData {
                kernel: &p.kernel,
                file: &p.file,
                line: p.line,
                text: &p.text,
                count: p.count,
                last_line: (p.count > 1).then_some(p.last_line),
            })
            .collect(),
    };
    let mut json = Vec::with_capacity(estimate);
    // Serialising plain data into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut json, &data);
    OutputFile { path: format!("{}/data.json", m.slug), contents: json }
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
    use super::{push_f64, push_sig};
    use proptest::prelude::*;

    #[test]
    fn push_sig_rounds_to_significant_digits() {
        let sig = |v: f64| {
            let mut s = String::new();
            push_sig(&mut s, v, 4);
            s
        };
        for (v, want) in [
            (0.13610914071746497, "0.1361"),
            (2.266533949056011, "2.267"),
            (-0.221537303791186, "-0.2215"),
            (123456.789, "123500"),
            (0.00012346, "0.0001235"),
            (1.2345678e-12, "1.235e-12"),
            (-3.0e-7, "-3e-7"),
            (0.05, "0.05"),
            (1.0, "1"),
            (0.0, "0"),
            (-0.0, "-0"),
            (f64::NAN, "NaN"),
        ] {
            assert_eq!(sig(v), want, "{v:e}");
        }
    }

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
