//! The one data model everything flows through.
//!
//! A parser turns one raw result file into [`Sample`]s. Each sample is one
//! number a benchmark printed (or a summary it printed, such as kernbench's
//! mean and standard deviation over N runs), tagged with:
//!
//! * the [`Metric`]: the benchmark's own name for it ("Throughput",
//!   "Jobs/Min", "2p/16K ctxsw"), its unit ("MB/s", "µs") and which
//!   direction is better;
//! * the *group* inside the benchmark's output it came from (lmbench's
//!   "Context switching" table, tiobench's "Sequential Reads", AIM7's
//!   workload), so that one file can fill several tables;
//! * the *parameters* the result scales over (dbench procs, tiobench
//!   threads, AIM7 tasks, UnixBench copies, bonnie file size), kept apart
//!   from the metric name so tables and charts can put them on an axis;
//! * the kernel, when the file itself names one (lmbench's OS column, the
//!   first column of a posted table). Files inside a kernel directory get
//!   that directory's kernel instead (see [`crate::site`]).
//!
//! Several samples with the same key (group, parameters, metric) for the same
//! kernel and machine class are *runs*; the statistics in [`crate::stats`]
//! aggregate them.

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which way a metric improves.
///
/// The seed posts label every table "smaller is better" (latencies, times)
/// or "bigger is better" (bandwidths, throughput, Jobs/Min).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Better {
    /// Bigger is better: throughput, bandwidth, Jobs/Min, index scores, CPU Eff.
    Higher,
    /// Smaller is better: latencies, elapsed times, CPU seconds.
    Lower,
    /// Neither: informational columns such as CPU MHz, %CPU or file counts.
    #[default]
    Neither,
}

impl Better {
    /// The direction as benchsite's outputs name it: "higher", "lower" or
    /// "neither" (the serde form, the CSV `better` column, the HTML class).
    pub fn id(self) -> &'static str {
        match self {
            Better::Higher => "higher",
            Better::Lower => "lower",
            Better::Neither => "neither",
        }
    }

    /// The phrase the seed posts use: "bigger is better", "smaller is better".
    pub fn phrase(self) -> &'static str {
        match self {
            Better::Higher => "bigger is better",
            Better::Lower => "smaller is better",
            Better::Neither => "informational",
        }
    }
}

/// A measured quantity: the benchmark's own name, its unit and direction.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub struct Metric {
    /// The benchmark's own name for the value, e.g. `"Throughput"`,
    /// `"Jobs/Min"`, `"2p/16K ctxsw"`, `"Seeks/sec"`, `"real"`.
    pub name: CompactString,
    /// Unit of every value of this metric, e.g. `"MB/s"`, `"µs"`, `"ns"`,
    /// `"s"`, `"%"`, `"jobs/min"`, `"lps"`; empty for a pure number (an index).
    pub unit: CompactString,
    /// Which direction is better.
    pub better: Better,
    /// The name as the file printed it, where the key [`Metric::name`]
    /// corrects it: stress-ng 0.14's `write64 MB per sec (geometic mean)`
    /// for the key `… (geometric mean)`, which compares it with the runs
    /// of other versions. Empty where the name is as printed. Display
    /// only ([`Metric::shown_name`]): tables and comparisons go by the key.
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub printed_name: CompactString,
    /// The unit as the file printed it, where the key [`Metric::unit`]
    /// spells it otherwise: dbench's and tbench's `MB/sec` for `MB/s`.
    /// Empty where the unit is as printed. Display only.
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub printed_unit: CompactString,
}

impl Metric {
    /// Builds a metric from its name, unit and direction.
    pub fn new(name: impl Into<CompactString>, unit: impl Into<CompactString>, better: Better) -> Self {
        Metric {
            name: name.into(),
            unit: unit.into(),
            better,
            printed_name: CompactString::default(),
            printed_unit: CompactString::default(),
        }
    }

    /// The same metric, which the file printed as `name` (see
    /// [`Metric::printed_name`]); nothing changes where it is the key.
    pub fn printed_as(mut self, name: &str) -> Self {
        self.printed_name = if name == self.name { CompactString::default() } else { name.into() };
        self
    }

    /// The same metric, whose unit the file printed as `unit` (see
    /// [`Metric::printed_unit`]).
    pub fn unit_printed_as(mut self, unit: &str) -> Self {
        self.printed_unit = if unit == self.unit { CompactString::default() } else { unit.into() };
        self
    }

    /// The name to show: as printed.
    pub fn shown_name(&self) -> &str {
        if self.printed_name.is_empty() { &self.name } else { &self.printed_name }
    }

    /// The unit to show: as printed.
    pub fn shown_unit(&self) -> &str {
        if self.printed_unit.is_empty() { &self.unit } else { &self.printed_unit }
    }
}

/// One parameter a result scales over, e.g. `procs = 32` for dbench,
/// `threads = 4` for tiobench, `tasks = 256` for AIM7, `copies = 8` for
/// UnixBench, `size = 1024` (MB) for bonnie++.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub struct Param {
    /// Parameter name in the benchmark's terms: `"procs"`, `"clients"`,
    /// `"threads"`, `"tasks"`, `"copies"`, `"size"`, `"stride"`.
    pub name: CompactString,
    /// The value as printed (`"32"`, `"1024M"`, `"0.00049"`). Ordering of
    /// numeric values is done by [`Param::numeric`].
    pub value: CompactString,
    /// The unit the benchmark gives the value in, where the value does
    /// not say it itself: `"MB"` for tiobench's `File size` (its legend:
    /// `File size = megabytes`) and LMbench's `size` column, `"bytes"`
    /// for tiobench's `Blk Size`; empty for a count (`threads`, `procs`)
    /// or a value carrying its own (`4KiB`). Shown beside the parameter's
    /// name (`file size (MB)`) by every rendering; last, and left out when
    /// empty, so a stored list without it reads as before.
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub unit: CompactString,
}

impl Param {
    /// Builds a parameter from its name and printed value.
    pub fn new(name: impl Into<CompactString>, value: impl fmt::Display) -> Self {
        // `format_compact!`, not `to_compact_string`: the latter prints
        // floats its own way, not as `Display` does.
        Param { name: name.into(), value: compact_str::format_compact!("{value}"), unit: CompactString::default() }
    }

    /// The same parameter in `unit` (see [`Param::unit`]).
    pub fn in_unit(mut self, unit: &str) -> Self {
        self.unit = unit.into();
        self
    }

    /// The name with its unit, as a column header says it: `file size
    /// (MB)`; the bare name without one.
    pub fn header(name: &str, unit: &str) -> String {
        if unit.is_empty() { name.to_string() } else { format!("{name} ({unit})") }
    }

    /// The value as a number, when it is one (`"32"` → 32.0).
    pub fn numeric(&self) -> Option<f64> {
        self.value.trim().parse::<f64>().ok()
    }
}

/// What a file reports for one metric: a single measurement, or a summary
/// over several runs that the benchmark (or the post) printed itself.
///
/// Serialised as `{"kind": "single", "value": 9.29}` or `{"kind":
/// "summary", "mean": 28.094, "stddev": 0.182565, "n": 5}` in human-readable
/// formats (JSON: `benchsite parse --json`), and as an array, `[9.29]` or
/// `[28.094, 0.182565, 5]`, in binary ones (the parse cache's
/// MessagePack): a tagged map is read through a buffer, several times
/// slower, and a rebuilt 300-kernel class reads 130,000 values back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// One measurement, in the metric's unit.
    Single { value: f64 },
    /// A summary printed by the benchmark: mean and (if given) standard
    /// deviation over `n` runs, in the metric's unit. kernbench prints
    /// `Elapsed Time 28.094 (0.182565)` over 5 runs; a post says "average of
    /// 5 runs". Never mistaken for one sample: statistics weigh it by `n`.
    /// A deviation with `n` 1 is a count the output did not print
    /// (kernbench's `Average … Run` block without its `run number N`
    /// lines): at least 2 runs, weighed as one so that it is never tested
    /// as more, and said to be unstated wherever the count is printed.
    Summary { mean: f64, stddev: Option<f64>, n: u32 },
}

/// [`Value`]'s human-readable serde form.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum TaggedValue {
    Single { value: f64 },
    Summary { mean: f64, stddev: Option<f64>, n: u32 },
}

impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple as _;
        match (*self, s.is_human_readable()) {
            (Value::Single { value }, true) => TaggedValue::Single { value }.serialize(s),
            (Value::Summary { mean, stddev, n }, true) => TaggedValue::Summary { mean, stddev, n }.serialize(s),
            (Value::Single { value }, false) => {
                let mut t = s.serialize_tuple(1)?;
                t.serialize_element(&value)?;
                t.end()
            }
            (Value::Summary { mean, stddev, n }, false) => {
                let mut t = s.serialize_tuple(3)?;
                t.serialize_element(&mean)?;
                t.serialize_element(&stddev)?;
                t.serialize_element(&n)?;
                t.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            return Ok(match TaggedValue::deserialize(d)? {
                TaggedValue::Single { value } => Value::Single { value },
                TaggedValue::Summary { mean, stddev, n } => Value::Summary { mean, stddev, n },
            });
        }
        struct Compact;
        impl<'de> serde::de::Visitor<'de> for Compact {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("[value] or [mean, stddev, n]")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
                use serde::de::Error as _;
                let first: f64 = seq.next_element()?.ok_or_else(|| A::Error::invalid_length(0, &self))?;
                let Some(stddev) = seq.next_element::<Option<f64>>()? else {
                    return Ok(Value::Single { value: first });
                };
                let n: u32 = seq.next_element()?.ok_or_else(|| A::Error::invalid_length(2, &self))?;
                Ok(Value::Summary { mean: first, stddev, n })
            }
        }
        d.deserialize_seq(Compact)
    }
}

impl Value {
    /// A single measurement.
    pub fn single(value: f64) -> Self {
        Value::Single { value }
    }

    /// The central value: the measurement itself or the summary's mean.
    pub fn mean(&self) -> f64 {
        match *self {
            Value::Single { value } => value,
            Value::Summary { mean, .. } => mean,
        }
    }

    /// How many runs the value stands for: 1 for a measurement, the
    /// summary's `n` (kernbench's `Elapsed Time 28.094 (0.182565)` over 5
    /// runs: 5).
    pub fn runs(&self) -> u32 {
        match *self {
            Value::Single { .. } => 1,
            Value::Summary { n, .. } => n,
        }
    }

    /// The value times `factor`, its deviation too (n unchanged).
    pub fn scaled(&self, factor: f64) -> Self {
        match *self {
            Value::Single { value } => Value::Single { value: value * factor },
            Value::Summary { mean, stddev, n } => {
                Value::Summary { mean: mean * factor, stddev: stddev.map(|sd| sd * factor), n }
            }
        }
    }
}

/// One number read from a raw result file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// The kernel the file names for this row (lmbench's OS column with the
    /// leading `Linux ` removed, the first column of a posted table), or
    /// `None` when the file does not say.
    pub kernel: Option<CompactString>,
    /// The table inside the benchmark's output, e.g. `"Context switching"`,
    /// `"Sequential Reads"`, `"File & VM system latencies"`; empty when the
    /// benchmark prints one kind of result only.
    pub group: CompactString,
    /// Parameters the result scales over, in the benchmark's order.
    pub params: Vec<Param>,
    /// What was measured.
    pub metric: Metric,
    /// The number(s).
    pub value: Value,
    /// 1-based line in the source file where the value was read.
    pub line: usize,
    /// The printed step of the value in [`Metric::unit`] where the value
    /// was printed in another unit and scaled (iperf3's `1.00 Gbits/sec`
    /// is 1000 Mbits/sec printed to 10 Mbits/sec; fio's `IOPS=67.4k` is
    /// 67400 printed to 100; `site::units` converting `1.01 MiB/s` to
    /// KiB/s): the last printed decimal place times the factor. `None`
    /// for a value in the unit it was printed in, whose step is read back
    /// from the value ([`crate::stats::resolution`]); a scaled value's
    /// digits say nothing of how it was printed (1.01 MiB/s is
    /// 1034.24 KiB/s, seemingly printed to a hundredth). Also the step of
    /// a mean of concurrent copies' figures (`parse::instances`): the
    /// copies' printed step, not the mean's digits. A difference below the
    /// coarser side's step is not tested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<f64>,
    /// Where the value is the mean per copy of copies of one run started
    /// at once whose figures differ (`parse::instances`: schbench's two
    /// LKP instances printing `99.0th: 9` and `99.0th: 90`, read as one
    /// run of 49.5): how many, and the lowest and highest figure, as
    /// printed ([`Copies`]). `None` for every other value (boxed: nearly
    /// every sample has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copies: Option<Box<Copies>>,
}

/// The copies of one run started at once that a sample's value is the
/// mean of ([`Sample::copies`]): their spread is within one run, not
/// between runs (no significance is drawn from it), but it is theirs to
/// show: a mean of 9 and 90 usec is no figure either printed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Copies {
    /// How many copies printed the figure (2 or more).
    pub n: u32,
    /// The lowest figure a copy printed, in the metric's unit.
    pub min: f64,
    /// The highest figure a copy printed, in the metric's unit.
    pub max: f64,
}

impl Sample {
    /// A single measurement with no kernel, group or parameters; chain the
    /// `with_*` builders to add them. A negative zero (`-0.00` printed)
    /// is 0: its sign would print in every table of it.
    pub fn new(metric: Metric, value: f64, line: usize) -> Self {
        Sample {
            kernel: None,
            group: CompactString::default(),
            params: Vec::new(),
            metric,
            value: Value::single(value + 0.0),
            line,
            step: None,
            copies: None,
        }
    }

    /// Sets the printed step ([`Sample::step`]) of a value scaled from the
    /// unit it was printed in.
    pub fn with_step(mut self, step: f64) -> Self {
        self.step = Some(step);
        self
    }

    /// Sets the group (the table inside the benchmark's output).
    pub fn with_group(mut self, group: impl Into<CompactString>) -> Self {
        self.group = group.into();
        self
    }

    /// Adds one parameter. The list grows by one, not by `Vec`'s doubling
    /// (a first push takes room for four): a sample has one to three
    /// parameters, and a 3,000-kernel class holds over a million samples.
    pub fn with_param(mut self, name: impl Into<CompactString>, value: impl fmt::Display) -> Self {
        self.params.reserve_exact(1);
        self.params.push(Param::new(name, value));
        self
    }

    /// Adds one parameter given in `unit` ([`Param::unit`]): LMbench's
    /// `size` in MB.
    pub fn with_param_in(mut self, name: impl Into<CompactString>, value: impl fmt::Display, unit: &str) -> Self {
        self.params.reserve_exact(1);
        self.params.push(Param::new(name, value).in_unit(unit));
        self
    }

    /// Sets the kernel named by the file.
    pub fn with_kernel(mut self, kernel: impl Into<CompactString>) -> Self {
        self.kernel = Some(kernel.into());
        self
    }

    /// Replaces the value with a summary over `n` runs (a negative zero
    /// read as 0, as in [`Sample::new`]).
    pub fn with_summary(mut self, mean: f64, stddev: Option<f64>, n: u32) -> Self {
        self.value = Value::Summary { mean: mean + 0.0, stddev: stddev.map(|sd| sd + 0.0), n };
        self
    }
}

/// True when `headline`, a section's `headline:` in `machine.yaml`, names
/// the column of metric `metric` (the benchmark's name for it, as in
/// [`Metric::name`]) in group `group` ([`Sample::group`]): by the metric's
/// name (`Max`), or, for a grouped metric, as `group metric` (IRMAN's
/// `FILE_IO Max`), as the column is headed. The one rule the site's check
/// of `headline:` (`site::config`) and the table finding its headline
/// column (`report::section`) both follow.
pub fn headline_names(headline: &str, group: &str, metric: &str) -> bool {
    headline == metric
        || (!group.is_empty()
            && headline.strip_prefix(group).and_then(|rest| rest.strip_prefix(' ')).is_some_and(|m| m == metric))
}

/// Everything one parser read from one file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct ParsedFile {
    /// Registry id of the parser that read it, e.g. `"dbench"`, `"lmbench"`.
    pub benchmark: String,
    /// Benchmark version when the output says it (`"2.0"`, `"1.03"`, `"5.1.3"`).
    pub version: Option<String>,
    /// Every number read, in file order.
    pub samples: Vec<Sample>,
    /// Things the parser noticed but could read past (skipped test rows,
    /// wrapped lines it rejoined, a line that looks like a result and was
    /// not read), with the 1-based line. Shown as warnings by `build`,
    /// `check` and `parse`.
    pub notes: Vec<(usize, String)>,
    /// First and last line (1-based, inclusive) of the part of the file this
    /// benchmark's output fills, when the file holds several benchmarks'
    /// outputs or prose around one (see [`crate::parse::segment`]); `None`
    /// from a parser called on its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<(usize, usize)>,
    /// The kernels the file names ([`Sample::kernel`]) in the file's own
    /// order, its base (what the file compares the others with) first,
    /// when the file gives one: the kernel test robot's table lists the
    /// base commit, then each commit tested. Empty for every other file.
    /// The site orders a class's kernels so when its `machine.yaml` sets
    /// no `kernel_order:`, and takes the base as the baseline when it sets
    /// no `baseline:`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kernel_order: Vec<String>,
    /// The kernel names the parser gave samples by default, that no line
    /// of the file names: Intel schedtests' report.py table with no
    /// legend reads its two columns as kernels `baseline` and `compare`.
    /// They are the file's own: where another file of the class gives
    /// the same name by default, the site files them under the name and
    /// the file's path (`baseline (v6.txt)`), so two files' defaults are
    /// never averaged as runs of one kernel (archive45 R1: two letters'
    /// `baseline` columns, different trees, were); a class with one such
    /// file keeps the plain name. Empty for every other file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub default_kernels: Vec<String>,
    /// The tests the benchmark ran but printed no number for, because
    /// each ran too fast to time: bonnie++ 1.03–2.00's `+++++` in place of
    /// a rate (`16  489  99 +++++ +++` gives Sequential Create's `Read`
    /// none). Never a number: a table shows `+++++` where the cell would
    /// be ([`Untimed`]). Empty for every other file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untimed: Vec<Untimed>,
    /// What the file shows of the set-up every one of its runs ran under
    /// ([`FileSetup`]): the command line, the set-up commands and the
    /// boot options above them. A fact of the file, not a parameter: the
    /// site gives its samples a `set-up` parameter only where two files of
    /// one benchmark show different set-ups (`dbench -D /mnt/ext4 16` in
    /// 6.1's file, `dbench -D /mnt/xfs 16` in 6.2's).
    #[serde(default, skip_serializing_if = "FileSetup::is_unknown")]
    pub setup: FileSetup,
    /// Which machine and which kernel build the file says every one of
    /// its runs ran on ([`Identity`]): UnixBench's `System:` host, `CPU 0:`
    /// processor, `N CPUs in system` and the `#342 SMP …` build of its
    /// `OS:` line. A fact of the file, not a parameter: the site gives its
    /// samples a `host`, `machine` or `kernel build` parameter only where
    /// two files feeding one table cell say different ones
    /// (`site::identities`).
    #[serde(default, skip_serializing_if = "Identity::is_unknown")]
    pub identity: Identity,
    /// Whether copies of an output in the file were averaged as runs of
    /// one set-up below a line a person wrote naming two kernels or more,
    /// no copy labelled with one: perhaps runs of different kernels (set
    /// with the note saying so, `parse::labels::DOUBTED_COPIES`). The site
    /// marks the file's cells (`site::Selection::doubted`, the `^` mark).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub doubted_copies: bool,
    /// Lines whose figures were read into another line's sample, in file
    /// order: the copies of one run started at once (LKP's 16 netperf
    /// copies, its `Instance: N` reports), whose figures are one run's,
    /// their mean per copy, at the first copy's line
    /// (`parse::instances::one_run_per_launch`); lines a mail wrapped off
    /// a line read whole (openssl speed's `(Cortex-A53)` cluster marker
    /// alone, lkp-compare's commit ids over the dashes). Read, though no
    /// sample names them, and so no label. Empty for most files. Used while the file
    /// is read (the segments' safety net), not kept: neither serialized
    /// nor cached.
    #[serde(skip)]
    pub merged_lines: Vec<usize>,
    /// Lines of the benchmark's own output that hold figures the parser
    /// passes over by design, no sample reading them, in file order:
    /// uperf's `Txn2  1.23GB / 1.02(s) = 10.30Gb/s  78563op/s` progress
    /// lines and its `Starting 2 threads running profile:…` line. The
    /// segmenter ([`crate::parse::segment`]) blanks them with the output's
    /// paragraphs, so that no later round reads them as another
    /// benchmark's rows (an AIM7 table above a uperf run failed at `Txn1
    /// 0 / 0.00(s) = 0 0op/s`, its 12 figures lost). Empty for most
    /// parsers. Used while the file is read, not kept: neither serialized
    /// nor cached.
    #[serde(skip)]
    pub passed_lines: Vec<usize>,
}

impl ParsedFile {
    /// Every line a number was read from: the samples' lines, then the
    /// [`ParsedFile::merged_lines`] (not sorted).
    pub fn read_lines(&self) -> impl Iterator<Item = usize> + '_ {
        self.samples.iter().map(|s| s.line).chain(self.merged_lines.iter().copied())
    }
}

/// What a raw file says of the machine and the kernel build all its runs
/// ran on, each fact with its 1-based line: read by the parser where the
/// output prints it (UnixBench's report header, lmbench's Host column,
/// kernbench's `Host:` lines) or by [`crate::parse::labels`] (a line
/// naming the one processor above the runs). A fact the runs of the file
/// do not share (two reports of two machines in one file) is `None` here:
/// the one-file rules label those runs instead (`host`, `machine`). A
/// fact the file does not print is unknown, never a difference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Identity {
    /// The machine's host name: `rpi5` of UnixBench's `   System: rpi5:
    /// GNU/Linux`, lmbench's Host column, kernbench's `Host: stp8-002`.
    pub host: Option<(usize, String)>,
    /// The processor model as printed: `Intel(R) Core(TM)2 Duo CPU L7300 @
    /// 1.40GHz` of UnixBench's `   CPU 0: Intel(R) Core(TM)2 Duo CPU L7300
    /// @ 1.40GHz (2794.6 bogomips)`, or a line naming one processor above
    /// the runs (`For Threadripper 1950X`).
    pub processor: Option<(usize, String)>,
    /// How many CPUs the system has: `2` of UnixBench's `2 CPUs in system;
    /// running 1 parallel copy of tests`.
    pub cpus: Option<(usize, u32)>,
    /// The kernel's build string, `uname -v`: `#342 SMP Wed Sep 13 20:25:43
    /// CST 2023` of UnixBench's `   OS: GNU/Linux -- 5.10.0+ -- #342 SMP Wed
    /// Sep 13 20:25:43 CST 2023`. Two builds under one release (`5.10.0+`)
    /// are two kernels a patch apart.
    pub build: Option<(usize, String)>,
}

impl Identity {
    /// True when the file says nothing of its machine or build.
    pub fn is_unknown(&self) -> bool {
        self.host.is_none() && self.processor.is_none() && self.cpus.is_none() && self.build.is_none()
    }
}

/// What a raw file shows of the set-up all its runs share, each part with
/// its 1-based line: read by [`crate::parse::labels`] where one set-up
/// covers the whole file (a set-up that differs inside the file labels
/// its runs instead). A part the file does not show is unknown, never
/// "none": a bare `Throughput 41.3 MB/sec` tells nothing of the command
/// that printed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct FileSetup {
    /// The command line that ran the benchmark, the same above every run
    /// that shows one: its words without the prompt, `sudo`, `time`,
    /// housekeeping (`sync;`, `cd /mnt &&`), what follows the benchmark's
    /// own command (`> log`, `| tee`) and the values the parser read into
    /// parameters (`dbench -D /mnt/xfs` of `$ dbench -D /mnt/xfs 16`, its
    /// 16 read as `procs`). `None` when no line shows it, or the runs'
    /// lines differ.
    pub command: Option<(usize, String)>,
    /// Commands above the first run that set the system up (`hdparm -W0
    /// /dev/sda`, `sysctl -w vm.swappiness=10`, `echo never >
    /// /sys/kernel/mm/transparent_hugepage/enabled`, `mount -t xfs`), each
    /// as the labeller names it; empty where the file shows the
    /// benchmark's command line and none above it (a transcript); `None`
    /// where it shows neither, or a set-up command between runs.
    pub commands: Option<Vec<(usize, String)>>,
    /// The options of the boot command line nearest above the first run
    /// (`/proc/cmdline`'s words but the image booted and `initrd=`:
    /// `root=/dev/sda1 ro mitigations=off`), joined by spaces; `None`
    /// when the file shows none.
    pub boot: Option<(usize, String)>,
    /// The host the shell prompt shows above every run that shows a
    /// command line (`boxA` of `root@boxA:~# dbench 16`), the same on
    /// each; `None` where no prompt shows one, or two lines show two (the
    /// labels tell those runs apart). Two files' hosts apart are two
    /// machines (attacker 28, p23: boxA's 6.1 against boxB's 6.2 read
    /// +9.9%, starred).
    #[serde(default)]
    pub host: Option<(usize, String)>,
}

impl FileSetup {
    /// True when the file shows nothing of its set-up.
    pub fn is_unknown(&self) -> bool {
        self.command.is_none() && self.commands.is_none() && self.boot.is_none() && self.host.is_none()
    }
}

/// A test printed without a number because it ran too fast to time
/// (bonnie++'s `+++++`): its group, metric name and parameters as the
/// parser read them, and the line. The table finds its row through a
/// sample of the same file read from the same line with the same
/// parameters (the timed tests beside it), so it follows whatever kernel
/// the site gives that file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Untimed {
    /// The table within the output (`Sequential Create`).
    pub group: CompactString,
    /// The metric the test would have given (`Read`), as [`Metric::name`].
    pub metric: CompactString,
    /// Parameters, as the samples of its row carry them (`files 16`).
    pub params: Vec<Param>,
    /// 1-based line of the `+++++`.
    pub line: usize,
}

/// A number as written to data.json and the build cache: an integral value
/// of at most 2⁵³ as an integer (`1203968`, not `1203968.0`: most raw files
/// print whole numbers; a JSON reader reads both as the same number, and
/// MessagePack writes a small integer in one to five bytes, a double in
/// nine), any other as an `f64` (serde_json's shortest decimal that reads
/// back as it). `-0.0` stays a float: as an integer it would lose its sign.
/// Read back from either form as the same `f64`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number(pub f64);

impl Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
        let v = self.0;
        if v.fract() == 0.0 && v.abs() <= EXACT && !(v == 0.0 && v.is_sign_negative()) {
            serializer.serialize_i64(v as i64)
        } else {
            serializer.serialize_f64(v)
        }
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // serde reads an integer into an `f64` too.
        f64::deserialize(d).map(Number)
    }
}

#[cfg(test)]
mod tests {
    use super::{Param, Value, headline_names};

    /// A headline names a metric by its name, or a grouped one as `group
    /// metric`; a group alone, another group's metric, or a name glued to
    /// its group without the space name nothing.
    #[test]
    fn a_headline_names_a_metric_or_its_group_and_metric() {
        assert!(headline_names("Max", "FILE_IO", "Max"));
        assert!(headline_names("FILE_IO Max", "FILE_IO", "Max"));
        assert!(headline_names("Throughput", "", "Throughput"));
        assert!(!headline_names(" Throughput", "", "Throughput"));
        assert!(!headline_names("FILE_IO", "FILE_IO", "Max"));
        assert!(!headline_names("FILE_IOMax", "FILE_IO", "Max"));
        assert!(!headline_names("MEM Max", "FILE_IO", "Max"));
    }

    /// A parameter's unit (FORMAT 33) is stored after its value, in JSON
    /// and in the parse cache's MessagePack arrays, and left out when
    /// empty: a count reads and writes as before.
    #[test]
    fn a_param_keeps_its_unit_and_a_count_has_none() {
        let size = Param::new("file size", 252).in_unit("MB");
        let threads = Param::new("threads", 10);
        assert_eq!(serde_json::to_string(&size).unwrap(), r#"{"name":"file size","value":"252","unit":"MB"}"#);
        assert_eq!(serde_json::to_string(&threads).unwrap(), r#"{"name":"threads","value":"10"}"#);
        for p in [&size, &threads] {
            let bytes = rmp_serde::to_vec(p).unwrap();
            assert_eq!(&rmp_serde::from_slice::<Param>(&bytes).unwrap(), p);
        }
        assert_eq!(Param::header("file size", "MB"), "file size (MB)");
        assert_eq!(Param::header("threads", ""), "threads");
    }

    #[test]
    fn value_is_a_tagged_object_in_json() {
        let single = Value::single(9.2929);
        let summary = Value::Summary { mean: 28.094, stddev: Some(0.182565), n: 5 };
        let bare = Value::Summary { mean: 1.5, stddev: None, n: 3 };
        assert_eq!(serde_json::to_string(&single).unwrap(), r#"{"kind":"single","value":9.2929}"#);
        assert_eq!(
            serde_json::to_string(&summary).unwrap(),
            r#"{"kind":"summary","mean":28.094,"stddev":0.182565,"n":5}"#
        );
        for v in [single, summary, bare] {
            let back: Value = serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap();
            assert_eq!(back, v);
        }
    }

    #[test]
    fn value_is_an_array_in_messagepack() {
        let cases = [
            (Value::single(9.2929), 1),
            (Value::Summary { mean: 28.094, stddev: Some(0.182565), n: 5 }, 3),
            (Value::Summary { mean: 1.5, stddev: None, n: 3 }, 3),
        ];
        for (v, len) in cases {
            let bytes = rmp_serde::to_vec(&v).unwrap();
            // A fixarray marker: 0x90 | length.
            assert_eq!(bytes[0], 0x90 | len, "{v:?}");
            assert_eq!(rmp_serde::from_slice::<Value>(&bytes).unwrap(), v);
        }
        assert!(rmp_serde::from_slice::<Value>(&rmp_serde::to_vec(&Vec::<f64>::new()).unwrap()).is_err());
        assert!(rmp_serde::from_slice::<Value>(&rmp_serde::to_vec(&(1.0, None::<f64>)).unwrap()).is_err());
    }
}
