//! fio (Jens Axboe's flexible I/O tester) output: its JSON and JSON+
//! reports (`--output-format=json`, `json+`), its normal text report,
//! fio 2.0 to 3.38, and its terse (`--minimal`) lines of versions 3, 4
//! and 5 ([`terse`]).
//!
//! JSON (fio 3.x; LKP saves it as `fio.output`, sometimes after its own
//! timestamped command line), read with `serde_json` ([`json`]):
//!
//! ```text
//! {
//!   "fio version" : "fio-3.19-10-g3bd2",
//!   "global options" : { "bs" : "4k", "iodepth" : "32", ... },
//!   "jobs" : [
//!     {
//!       "jobname" : "task_0",
//!       "job options" : { "rw" : "randread", "numjobs" : "24" },
//!       "read" : {
//!         "bw" : 117320262,
//!         "iops" : 29330065.629016,
//!         "slat_ns" : { "mean" : 0.000000, ... },
//!         "clat_ns" : { "mean" : 1321.865086, "stddev" : 1038.766358,
//!                       "percentile" : { "99.000000" : 2544, ... } },
//!         "lat_ns" : { "mean" : 1350.855684, ... },
//! ```
//!
//! The normal text report ([`text`]), fio 3.x and the 2.x form:
//!
//! ```text
//! rawstor: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=1
//! rawstor: (groupid=0, jobs=1): err= 0: pid=11375: Mon Sep 22 11:50:58 2025
//!   read: IOPS=5604, BW=21.9MiB/s (23.0MB/s)(219MiB/10001msec)
//!     slat (nsec): min=49, max=21670, avg=183.82, stdev=223.87
//!     clat (usec): min=41, max=30964, avg=75.25, stdev=202.27
//!      lat (usec): min=41, max=30965, avg=75.43, stdev=202.27
//!     clat percentiles (usec):
//!      |  1.00th=[   55],  5.00th=[   60], 10.00th=[   62], 20.00th=[   66],
//! Run status group 0 (all jobs):
//!    READ: bw=21.9MiB/s (23.0MB/s), 21.9MiB/s-21.9MiB/s (23.0MB/s-23.0MB/s), io=219MiB (230MB), run=10001-10001msec
//!
//!   read : io=326081KB, bw=1023.3KB/s, iops=170 , runt=318686msec       (fio 2.x)
//!    READ: io=326080KB, aggrb=1023KB/s, minb=1023KB/s, maxb=1023KB/s, ...  (fio 2.x)
//! ```
//!
//! Metrics, per direction `<d>` = `read`, `write`, `trim`, or `mixed` with
//! `unified_rw_reporting` (fio's own words), each job's in group `""`:
//!
//! | name                | unit                                   | better |
//! |---------------------|----------------------------------------|--------|
//! | `<d>: bw`           | as printed: JSON `KiB/s`; text `KiB/s`, `MiB/s` (fio 3's binary figure, bracketed after a `kb_base=1000` decimal one), 2.x `KB/s`, `B/s` … | Higher |
//! | `<d>: IOPS`         | `IOPS`                                 | Higher |
//! | `<d>: slat mean`    | JSON `nsec` (`*_ns`; fio 2.x JSON `usec`); text as printed (`nsec`, `usec`, `msec`) | Lower |
//! | `<d>: clat mean`    | same                                   | Lower  |
//! | `<d>: slat stdev`, `clat stdev`, `lat stdev` | same: each printed latency's standard deviation (`stdev=`, JSON `stddev`) | Lower |
//! | `<d>: lat mean`     | same                                   | Lower  |
//! | `<d>: clat 99.00th` | same (one metric per printed percentile, named as the text report names it) | Lower |
//! | `<d>: clat prio 0/0 mean`, `stdev`, `99.00th` | text as printed: an I/O priority class's completion latency (`clat prio 1/0 (msec): …`, `clat prio 1/0 (10.01% of IOs) percentiles (msec):`) | Lower |
//! | `<d>: share of IOs`, parameter `prio` (`1/0`) | `%`, text: the class's share of the direction's I/Os (`clat prio 1/0 (10.01% of IOs) percentiles`) | Neither |
//!
//! and, from the text report's `Run status group N (all jobs):` block, in
//! group `Run status group N`: `READ: bw` (3.x) or `READ: aggrb` (2.x), unit
//! as printed, Higher (likewise `WRITE`, `TRIM`, and `MIXED` under
//! `unified_rw_reporting`).
//!
//! Units are kept as fio printed them, so a text report that printed one
//! run's bandwidth in `KiB/s` and another's in `MiB/s` gives two metrics.
//!
//! Parameters (as far as the output says them), named and spelt as the
//! text report does whatever form fio printed, so that one job's rows
//! meet: `job` (the job name), `rw` (JSON's `readwrite` alias and value
//! read as `rw`), `bs` (`4KiB` for JSON's `4k` and text's `4096B`, JSON's
//! `bsrange` when `bs` is not set, none when both are: [`block_size`]),
//! `ioengine`, `iodepth`, and `jobs`, the threads an
//! entry reports: the text report's `(groupid=0, jobs=N)`, JSON's
//! `numjobs` option; a `Run status group N` line's `jobs` is the sum over
//! its group's sections (`groupid=N`), the threads its total is of (four
//! clones' `jobs=1` sections: `jobs 4`); a group whose job reports a post
//! left out (`...` between the `name: (g=N): rw=…` lines and the status
//! blocks) takes its definition lines' parameters, without `jobs`. The `numjobs` clones of a job
//! without `group_reporting` (N `jobs=1` sections or JSON entries of one
//! name and group in one run) are one run of `jobs N`, combined as
//! `group_reporting` would print it ([`combine_clones`]: bandwidth and
//! IOPS summed, latency means and stdevs over all the clones' I/Os,
//! percentiles left out) with a note, never N runs of `jobs 1`; `host` for the per-host
//! entries of client/server mode's JSON (`client_stats`, whose `All
//! clients` entry is fio's own sum, read as a job of that name). The text report takes `rw`,
//! `bs`, `ioengine` and `iodepth` from the job's `name: (g=0): rw=…` line;
//! JSON from the job's or global options, which print only the options
//! set (fio's default engine is then not named, nor `jobs` when `numjobs`
//! is not set: neither is guessed); the terse line prints
//! none of them. A job's definition line opens a new run of it: two runs
//! of one job in one file are not its `numjobs` clones.
//!
//! A direction a job did not do (JSON prints zeros for it: no I/O done, no
//! `total_ios`) is not read: its zeros are no measurement; nor are fio
//! 2.x's unused percentile slots (`"0.00" : 0`), nor a latency statistic
//! fio did not measure (`N` 0, or no `N` and a zero mean: `slat` under a
//! synchronous engine). The text report prints only the directions a job
//! ran: one printed with `IOPS=0`, bandwidth 0 and io 0 (`read: IOPS=0,
//! BW=0B/s (0B/s)(0B/60001msec)`) ran and did nothing, a failed run's: a
//! warning, not read. A JSON document
//! and a text report of the same run in one file (`--output-format=
//! normal,json`) are read once: a text job section's direction whose job
//! name, IOPS (to the step printed) and bandwidth (to 1%) are a JSON job's
//! is skipped with a note. A text job of a JSON job's name with other
//! figures is another run (two reports pasted together): it is read, with
//! a note. Several documents or reports in one file (LKP's iterations,
//! a loop of runs) are runs of one sample set. The text report's
//! sampled-bandwidth lines (`bw (  KiB/s): min=…, avg=…`), `iops : min=…`,
//! latency buckets (`lat (usec) : 50=0.11%`), cpu, IO depth and disk stats
//! lines are not results here and are not read. A direction line outside a
//! job section (`read: IOPS=…` with no `name: (groupid=…)` line above) is
//! a note, not a sample: its job is unknown; unless `grep` printed it from
//! one of several result files, its file name before it in every line of
//! its block (`fio_write-1-16-4096k.out:  write: io=10240MB, bw=405921KB/s,
//! iops=99, runt= 25832msec`): the prefix is stripped and the line read,
//! its file name the parameter `label` (the run it is of; the workers or
//! block size the name spells are no parameter fio printed), with a note.
//! A quoted report a mail client
//! reflowed (linux-bcache 2019: `--- fiojob: (groupid=0, …`, `2019 write:
//! IOPS=1000, …`, `resets slat (usec): …`) is read with a note per glued
//! line: a job header after a separator of punctuation, a direction or
//! latency line after the previous line's wrapped words; a latency line in
//! a job's section before any direction line is a note, not a sample.
//! A figure cut short (a log truncated mid-line) is a note naming its line
//! and is not read: a latency avg or stdev with fewer than the two
//! decimals fio prints (`stdev=202.`), a percentile cell without its
//! closing `]`.
//!
//! A JSON report the file ends inside (a run killed, a disk filled) is a
//! warning naming its first line and the line the file ends on; what is
//! complete before it (a text report, earlier documents) is read, and
//! when nothing is, the file is an error saying the JSON is incomplete.
//!
//! A file holding only fio's command line (LKP's `fio` file beside its
//! `fio.output`) is recognised and has no results.

pub mod block_size;
pub mod json;
pub mod terse;
pub mod text;

use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// fio; registry id `"fio"`.
pub struct Fio;

/// The parameters of one job, in the order they are attached.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JobParams {
    /// `job`: the job's name.
    pub job: String,
    /// `(name, value)` pairs after `job`: `rw`, `bs`, `ioengine`, `iodepth`,
    /// `jobs`, those the output prints.
    pub rest: Vec<(&'static str, String)>,
}

impl JobParams {
    /// A sample of this job: its parameters attached.
    pub fn sample(&self, metric: Metric, value: f64, line: usize) -> Sample {
        let mut s = Sample::new(metric, value, line).with_param("job", &self.job);
        for (n, v) in &self.rest {
            s = s.with_param(*n, v);
        }
        s
    }
}

/// One job of a JSON report, with what its text report would print: per
/// direction with I/O done, `(direction, IOPS, bandwidth in KiB/s)`. A
/// text report's job section is the same run only when its figures are
/// these ([`text::read`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JsonJob {
    /// The job's name (`"jobname"`).
    pub job: String,
    /// `(read|write|trim|mixed, IOPS, KiB/s)` of each direction with I/O.
    pub dirs: Vec<(&'static str, f64, f64)>,
    /// Its options as its document prints them (`global options`, then its
    /// own `job options` over them), by name, that no parameter reads
    /// (`direct`, `size`, `filename`; not `rw`, `bs`, `ioengine`,
    /// `iodepth`, `numjobs`, nor a log file's name).
    pub options: Vec<(String, String)>,
    /// Its entry's first and last line.
    pub lines: (usize, usize),
}

/// Options of a JSON job no parameter reads ([`JsonJob::options`]) that
/// differ between entries of one job name in a file (two documents of
/// `direct=1` and `direct=0`, IOPS 95000 and 250000) become a parameter
/// `options` of each entry's samples (`direct=1`): they are two set-ups,
/// never runs of one.
fn label_differing_options(jobs: &[JsonJob], out: &mut ParsedFile) {
    let mut names: Vec<&str> = jobs.iter().map(|j| j.job.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        let entries: Vec<&JsonJob> = jobs.iter().filter(|j| j.job == name).collect();
        if entries.len() < 2 {
            continue;
        }
        let mut keys: Vec<&str> = entries.iter().flat_map(|j| j.options.iter().map(|(k, _)| k.as_str())).collect();
        keys.sort_unstable();
        keys.dedup();
        let value =
            |j: &JsonJob, k: &str| j.options.iter().find(|(o, _)| o == k).map_or("", |(_, v)| v.as_str()).to_string();
        let differ: Vec<&str> =
            keys.into_iter().filter(|k| entries.iter().any(|j| value(j, k) != value(entries[0], k))).collect();
        if differ.is_empty() {
            continue;
        }
        for j in entries {
            let label = differ.iter().map(|k| format!("{k}={}", value(j, k))).collect::<Vec<_>>().join(" ");
            let of_job = |s: &Sample| {
                (j.lines.0..=j.lines.1).contains(&s.line) && s.params.iter().any(|p| p.name == "job" && p.value == name)
            };
            for s in out.samples.iter_mut().filter(|s| of_job(s)) {
                s.params.push(crate::model::Param::new("options", label.as_str()));
            }
        }
    }
}

/// The set-up of a file's JSON jobs for comparing it with other files
/// ([`crate::model::FileSetup::command`]): where every job of the file has
/// the same options no parameter reads ([`JsonJob::options`]), and has
/// some, `fio direct=1 size=4g` at the first job's line. Two kernels' files
/// of one job, `direct=1` in one and `direct=0` in the other, were
/// compared as one set-up (+99.5%*, attacker 28). `None` where jobs
/// differ (their samples carry `options`, [`label_differing_options`]) or
/// there are none.
fn json_setup(jobs: &[JsonJob]) -> Option<(usize, String)> {
    let first = jobs.first()?;
    if first.options.is_empty() || jobs.iter().any(|j| j.options != first.options) {
        return None;
    }
    let words: Vec<String> = first.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    Some((first.lines.0, format!("fio {}", words.join(" "))))
}

/// One `numjobs` clone's report of a job (fio without `group_reporting`
/// prints each clone's own section or JSON entry): its samples, and per
/// direction its runtime in msec and its I/O count where printed.
#[derive(Debug, Clone, Default)]
pub struct CloneReport {
    /// The clone's samples, in the order read.
    pub samples: Vec<Sample>,
    /// `(read|write|trim|mixed, runtime msec, I/Os)`: JSON's `runtime` and
    /// `clat_ns.N` (else `total_ios`); the text report's `(…/10003msec)`
    /// (2.x `runt=`) and its `issued rwts: total=` count (else IOPS ×
    /// runtime: `IOPS=15.5k` is three digits).
    pub dirs: Vec<(&'static str, Option<f64>, Option<f64>)>,
}

/// Units per base unit of a figure's unit: bandwidth in KiB/s, latency
/// in nsec, `IOPS` 1; `None` for a unit not known.
fn per_base(unit: &str) -> Option<f64> {
    if unit == "IOPS" {
        return Some(1.0);
    }
    text::kib_per(unit).or_else(|| text::ns_per(unit))
}

/// A job figure of fio's in its base unit (bandwidth `KiB/s`, latency
/// `nsec`, `IOPS`), with the step it was printed to in that unit: text's
/// `BW=21.9MiB/s` is 22425.6 KiB/s to 102.4, terse's clat mean
/// `62.555513` usec is 62555.513 nsec to 0.001. `None` for a unit not known.
pub fn in_base_unit(s: &Sample) -> Option<(f64, f64)> {
    let f = per_base(&s.metric.unit)?;
    Some((s.value.mean() * f, step_of(s) * f))
}

/// The step a value was printed to: its own, else its last printed decimal.
fn step_of(s: &Sample) -> f64 {
    s.step.unwrap_or_else(|| super::num::pow10(-super::num::decimals_of(s.value.mean())))
}

/// `v` rounded to the decimals of `step` and `more` (a sum of figures
/// printed to 0.1 is printed to 0.1: 48.400000000000006 is 48.4; a mean
/// keeps two more).
fn round_to(v: f64, step: f64, more: i32) -> f64 {
    let d = super::num::decimals_of(step) + more;
    let k = super::num::pow10(d);
    (v * k).round() / k
}

/// The clones of one job in one fio run as the one run they are, as fio's
/// `group_reporting` would print it (stat.c `sum_thread_stats`): `bw` and
/// `IOPS` the clones' I/O over the longest runtime (Σ figure × runtime ÷
/// longest; their sum when a runtime is not printed), latency means the
/// mean over all the clones' I/Os (each clone's weighted by its I/O
/// count), the `slat`/`clat`/`lat` stdevs pooled likewise (fio's parallel
/// variance). Each
/// figure in the first clone's unit, at its line, with `jobs` the sum of
/// the clones' `jobs` (none when one has none). A figure some clone lacks,
/// a latency figure of a direction whose I/O counts are not all known, and
/// the percentiles (fio merges its latency histograms, which the report
/// does not print) are left out: their names are returned, once each.
pub fn combine_clones(clones: &[CloneReport]) -> (Vec<Sample>, Vec<String>) {
    let mut out = Vec::new();
    let mut left: Vec<String> = Vec::new();
    let Some(first) = clones.first() else { return (out, left) };
    let jobs: Option<u64> = clones
        .iter()
        .map(|c| c.samples.first()?.params.iter().find(|p| p.name == "jobs")?.value.parse::<u64>().ok())
        .sum();
    let mut leave = |what: String| {
        if !left.contains(&what) {
            left.push(what);
        }
    };
    for (k, s0) in first.samples.iter().enumerate() {
        let name = s0.metric.name.as_str();
        if first.samples[..k].iter().any(|s| s.metric.name == s0.metric.name) {
            continue;
        }
        let (dir, what) = name.split_once(": ").unwrap_or(("", name));
        let Some(base0) = per_base(&s0.metric.unit) else {
            leave(name.to_string());
            continue;
        };
        // Each clone's figure in the first clone's unit, with its step.
        let figures: Option<Vec<(f64, f64)>> = clones
            .iter()
            .map(|c| {
                let s = c.samples.iter().find(|s| s.metric.name == s0.metric.name)?;
                let f = per_base(&s.metric.unit)? / base0;
                Some((s.value.mean() * f, step_of(s) * f))
            })
            .collect();
        let Some(figures) = figures else {
            leave(name.to_string());
            continue;
        };
        let dir_of = |c: &CloneReport| c.dirs.iter().find(|d| d.0 == dir).copied();
        let runtimes: Option<Vec<f64>> = clones.iter().map(|c| dir_of(c).and_then(|d| d.1)).collect();
        let ios: Option<Vec<f64>> = clones.iter().map(|c| dir_of(c).and_then(|d| d.2)).collect();
        let (value, step, more) = match what {
            "bw" | "IOPS" => {
                let step: f64 = figures.iter().map(|f| f.1).sum();
                match runtimes {
                    Some(rt) if rt.iter().all(|&r| r > 0.0) => {
                        let longest = rt.iter().copied().fold(0.0, f64::max);
                        (figures.iter().zip(&rt).map(|(f, r)| f.0 * r).sum::<f64>() / longest, step, 0)
                    }
                    _ => (figures.iter().map(|f| f.0).sum(), step, 0),
                }
            }
            // A priority class's mean (`clat prio 0/0 mean`) is over that
            // class's I/Os, which no line counts per clone: left out below.
            _ if (what.ends_with(" mean") || what.ends_with(" stdev")) && !what.starts_with("clat prio ") => {
                let Some(w) = ios.filter(|w| w.iter().all(|&x| x > 0.0)) else {
                    leave(name.to_string());
                    continue;
                };
                let step = figures.iter().map(|f| f.1).fold(0.0, f64::max);
                let total: f64 = w.iter().sum();
                let mean_of = |f: &[(f64, f64)]| f.iter().zip(&w).map(|(f, w)| f.0 * w).sum::<f64>() / total;
                if what.ends_with(" mean") {
                    (mean_of(&figures), step, 2)
                } else {
                    // The kind's means beside the stdevs (`clat mean` beside
                    // `clat stdev`), in the stdev's unit.
                    let mean_name = format!("{dir}: {} mean", what.trim_end_matches(" stdev"));
                    let means: Option<Vec<(f64, f64)>> = clones
                        .iter()
                        .map(|c| {
                            let s = c.samples.iter().find(|s| s.metric.name == mean_name)?;
                            Some((s.value.mean() * per_base(&s.metric.unit)? / base0, 0.0))
                        })
                        .collect();
                    let Some(means) = means else {
                        leave(name.to_string());
                        continue;
                    };
                    let m = mean_of(&means);
                    let ss: f64 = figures
                        .iter()
                        .zip(&means)
                        .zip(&w)
                        .map(|((sd, mi), n)| sd.0 * sd.0 * (n - 1.0) + n * (mi.0 - m) * (mi.0 - m))
                        .sum();
                    ((ss / (total - 1.0).max(1.0)).sqrt(), step, 2)
                }
            }
            _ => {
                // `clat 99.00th`, `lat 99.00th` (lat_percentiles=1), … → one
                // `clat percentiles` entry each.
                let pct = ["clat", "lat", "slat"]
                    .into_iter()
                    .find(|k| what.strip_prefix(k).is_some_and(|r| r.starts_with(' ') && r.ends_with("th")));
                let what = pct.map_or_else(|| what.to_string(), |k| format!("{k} percentiles"));
                leave(format!("{dir}: {what}"));
                continue;
            }
        };
        let mut s = s0.clone();
        s.value = crate::model::Value::single(round_to(value, step, more));
        s.step = Some(step);
        s.params.retain(|p| p.name != "jobs");
        if let Some(j) = jobs {
            s.params.push(crate::model::Param::new("jobs", j));
        }
        out.push(s);
    }
    (out, left)
}

/// The note on the clones of a job read as one run ([`combine_clones`]):
/// where they are, what was combined and how, and what was left out.
pub fn clones_note(name: &str, lines: &[usize], jobs: usize, left: &[String]) -> String {
    let at: Vec<String> = lines.iter().map(usize::to_string).collect();
    let left = if left.is_empty() {
        String::new()
    } else {
        format!("; left out, not combinable from the clones' figures: {}", left.join(", "))
    };
    format!(
        "fio job {name:?} is reported {n} times in one report (numjobs clones without group_reporting, lines {at}): \
         read as one run of its {jobs} jobs, as group_reporting prints it: bandwidth and IOPS summed (the clones' I/O \
         over the longest runtime), latency means and stdevs over all the clones' I/Os{left}",
        n = lines.len(),
        at = at.join(", "),
    )
}

/// Where one clone of a job was read: its section's header (or JSON
/// entry's `jobname`) line, its samples' range in
/// [`ParsedFile::samples`], and per direction its runtime (msec) and I/O
/// count ([`CloneReport::dirs`]).
#[derive(Debug, Clone)]
pub struct CloneSpan {
    /// The clone's header or `jobname` line.
    pub line: usize,
    /// Its samples in `out.samples`.
    pub samples: std::ops::Range<usize>,
    /// `(direction, runtime msec, I/Os)`.
    pub dirs: Vec<(&'static str, Option<f64>, Option<f64>)>,
    /// The clone failed (its header's `err= 5`): the run is a failed one.
    pub failed: bool,
}

/// Replaces each job's clones (`(job name, spans)`) by the one run they
/// are ([`combine_clones`]), at the first clone's place, with a note
/// ([`clones_note`]) at its line. Clones one of which failed are a
/// failed run: none of their figures is read, with a note.
///
/// `short`: (processes reported, processes started, the `Starting N
/// processes` line) where the report holds fewer of the processes than fio
/// started (a log cut short): a job's clones are then not all there, their
/// sum is not the job's, and none of their figures is read, with a note
/// (attack32 F21: 2 of 4 clones summed as the job's 24.2 MiB/s).
pub fn replace_clones(sets: &[(String, Vec<CloneSpan>)], short: Option<(usize, usize, usize)>, out: &mut ParsedFile) {
    if sets.is_empty() {
        return;
    }
    let mut gone = vec![false; out.samples.len()];
    let mut combined: Vec<(usize, Vec<Sample>)> = Vec::new();
    for (name, spans) in sets {
        let Some(first) = spans.first() else { continue };
        let reports: Vec<CloneReport> = spans
            .iter()
            .map(|c| CloneReport { samples: out.samples[c.samples.clone()].to_vec(), dirs: c.dirs.clone() })
            .collect();
        for c in spans {
            gone[c.samples.clone()].iter_mut().for_each(|g| *g = true);
        }
        let lines: Vec<usize> = spans.iter().map(|c| c.line).collect();
        if let Some((reported, started, at)) = short {
            let at_lines: Vec<String> = lines.iter().map(usize::to_string).collect();
            out.notes.push((
                first.line,
                format!(
                    "fio job {name:?} is reported {} times in one report (numjobs clones without group_reporting, lines {}), \
                     but fio started {started} processes (line {at}) and the report holds {reported}: cut short, the job's \
                     other clones are missing and the sum of these is not the job's; none of their figures read",
                    spans.len(),
                    at_lines.join(", ")
                ),
            ));
            continue;
        }
        if let Some(bad) = spans.iter().find(|c| c.failed) {
            let at: Vec<String> = lines.iter().map(usize::to_string).collect();
            let msg = format!(
                "fio job {name:?} is reported {} times in one report (numjobs clones without group_reporting, lines {}): \
                 one run of its {} jobs, and its clone at line {} failed: a failed run's, none of its figures read",
                spans.len(),
                at.join(", "),
                spans.len(),
                bad.line
            );
            out.notes.push((first.line, msg));
            continue;
        }
        let (samples, left) = combine_clones(&reports);
        out.notes.push((first.line, clones_note(name, &lines, spans.len(), &left)));
        combined.push((first.samples.start, samples));
    }
    combined.sort_by_key(|c| c.0);
    let old = std::mem::take(&mut out.samples);
    let mut next = combined.into_iter().peekable();
    for (i, s) in old.into_iter().enumerate() {
        while let Some((_, c)) = next.next_if(|c| c.0 <= i) {
            out.samples.extend(c);
        }
        if !gone[i] {
            out.samples.push(s);
        }
    }
    for (_, c) in next {
        out.samples.extend(c);
    }
}

/// `<d>: bw` in `unit`, higher is better.
pub fn bw_metric(dir: &str, unit: &str) -> Metric {
    Metric::new(format!("{dir}: bw"), unit, Better::Higher)
}

/// `<d>: IOPS`, higher is better.
pub fn iops_metric(dir: &str) -> Metric {
    Metric::new(format!("{dir}: IOPS"), "IOPS", Better::Higher)
}

/// A latency statistic `<d>: <what>` (`clat mean`, `clat 99.00th`) in
/// `unit`, lower is better.
pub fn lat_metric(dir: &str, what: &str, unit: &str) -> Metric {
    Metric::new(format!("{dir}: {what}"), unit, Better::Lower)
}

/// A percentile as the text report names it: `99.000000` → `99.00th`,
/// `99.990000` → `99.99th`, `99.999000` → `99.999th`. `None` when the key
/// is not a number between 0 and 100.
pub fn percentile_name(key: &str) -> Option<String> {
    let v: f64 = super::num::plain(key)?;
    if !(0.0..=100.0).contains(&v) {
        return None;
    }
    let (int, frac) = key.trim().split_once('.').unwrap_or((key.trim(), ""));
    let frac = frac.trim_end_matches('0');
    let frac = if frac.len() < 2 { format!("{frac:0<2}") } else { frac.to_string() };
    let int = int.trim_start_matches('0');
    let int = if int.is_empty() { "0" } else { int };
    Some(format!("{int}.{frac}th"))
}

/// True when a line is a fio command: `fio` (or a path ending in `/fio`)
/// as a word, followed by an option or a job file, with only a prompt, a
/// pipe, `sudo`/`time` or LKP's timestamp before it.
fn is_command_line(line: &str) -> bool {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let Some(j) = toks.iter().position(|t| *t == "fio" || t.ends_with("/fio")) else {
        return false;
    };
    let next_ok = toks.get(j + 1).is_some_and(|t| t.starts_with('-') || t.ends_with(".fio") || t.ends_with(".job"));
    next_ok
        && toks[..j].iter().all(|t| {
            !t.chars().any(char::is_alphabetic)
                || matches!(*t, "sudo" | "time" | "|" | "$" | "#")
                || t.ends_with('#')
                || t.ends_with('$')
                || t.ends_with("'")
                || t.ends_with("-")
        })
}

impl BenchParser for Fio {
    fn id(&self) -> &'static str {
        "fio"
    }

    fn describe(&self) -> &'static str {
        "fio 2.x-3.x JSON, JSON+, normal text and terse (v3-v5) reports"
    }

    /// JSON's `"fio version"` or `"jobname"`, a terse line's `;`, a job's
    /// `(groupid=`, the summary's `Run status group `, a direction line's
    /// `IOPS=` or `iops=`, or a command line's `fio`.
    fn literals(&self) -> &'static [&'static str] {
        &["\"fio version\"", "\"jobname\"", ";", "(groupid=", "Run status group ", "IOPS=", "iops=", "fio"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if input.has("\"fio version\"") || (input.has("\"jobname\"") && input.has("\"clat")) {
            return 95;
        }
        if input.lines.iter().any(|l| {
            l.trim_start().starts_with(['2', '3', '4', '5']) && (terse::version(l).is_some() || terse::cut_short(l))
        }) {
            return 90;
        }
        if input.has("(groupid=") && input.lines.iter().any(|l| text::result_header(l).is_some()) {
            return 92;
        }
        if input.has("Run status group ") && input.has("(all jobs):") {
            return 85;
        }
        // A direction line, or one `grep` printed with its file's name
        // before it (`fio_write-1-16-4096k.out:  write: io=…`).
        let direction = |l: &str| text::direction_line(l).is_some_and(|d| d.is_ok());
        if (input.has("IOPS=") || input.has("iops="))
            && input
                .lines
                .iter()
                .any(|l| direction(l) || text::grep_prefix(l).is_some_and(|(_, at)| direction(&l[at..])))
        {
            return 60;
        }
        if input.has("fio") && input.lines.iter().any(|l| is_command_line(l)) {
            return 20;
        }
        0
    }

    fn max_score(&self) -> u8 {
        95
    }

    /// A last terse line without a line break is whole in every figure
    /// read when it goes on past the fields read (disk entries, a job
    /// description: `…;0.00%;4k random rw; queue depth 64; run 2`,
    /// [`terse::read_fields_whole`]): the `2` it ends in is no figure
    /// read.
    fn last_figure_complete(&self, input: &Input) -> bool {
        // A latency line's `stdev=41.70`: fio prints it with two decimals
        // (`%5.02f`), so a cut one has fewer.
        let latency_stdev = |l: &str| {
            let t = l.trim();
            ["clat", "slat", "lat"].iter().any(|k| t.starts_with(k))
                && t.rsplit_once("stdev=").is_some_and(|(_, v)| super::num::decimals(v) == Some(2))
        };
        input.lines.last().is_some_and(|l| terse::read_fields_whole(l) || latency_stdev(l))
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let (docs, cut) = json::documents(input)?;
        let mut out = ParsedFile { benchmark: "fio".into(), ..ParsedFile::default() };
        let mut json_jobs: Vec<JsonJob> = Vec::new();
        // One run's document pasted again (the same `timestamp_ms`) is read once.
        let stamp = |v: &serde_json::Value| {
            v.get("timestamp_ms").and_then(serde_json::Value::as_u64).map(|ms| format!("`timestamp_ms` {ms}"))
        };
        for doc in crate::parse::json_docs::first_of_each_run(&docs, stamp, &mut out.notes) {
            json::read_document(input, doc, &mut out, &mut json_jobs)?;
        }
        label_differing_options(&json_jobs, &mut out);
        out.setup.command = json_setup(&json_jobs);
        let mut skip: Vec<(usize, usize)> = docs.iter().map(|d| (d.first, d.last)).collect();
        // A JSON document the file ends inside: what is complete before it
        // (a text report, documents) is read; it is a warning, or the
        // error when nothing else is.
        if let Some((first, _)) = &cut {
            skip.push((*first, input.lines.len()));
        }
        text::read(input, &skip, &json_jobs, &mut out)?;
        text::drop_failed_runs(input, &mut out);
        client_hosts(input, &mut out);
        let text_end = out.samples.len();
        let terse_lines = terse::read(input, &mut out)?;
        drop_terse_repeats(&mut out, text_end);
        if let Some((first, e)) = cut {
            if out.samples.is_empty() {
                return Err(e);
            }
            let line = e.line().unwrap_or(first);
            out.notes.push((
                line,
                format!(
                    "fio JSON from line {first} is incomplete: the file ends inside it at line {line} (the run killed or the disk full?): not read; what is complete before it is read"
                ),
            ));
        }
        if out.samples.is_empty() && terse_lines > 0 {
            let failed = out.notes.iter().find(|(_, m)| m.contains("a failed run's"));
            let version = out.notes.iter().find(|(_, m)| m.starts_with("fio terse version"));
            let reason = match failed.or(version) {
                Some((n, m)) if failed.is_some() => format!("line {n}: {m}"),
                Some((n, m)) if !input.lines.iter().any(|l| terse::version(l).is_some_and(|v| v >= 3)) => {
                    format!("line {n}: {m}")
                }
                _ => "no fio terse line of version 3 to 5 with I/O done".into(),
            };
            return Err(ParseError::NoResults { benchmark: "fio", reason });
        }
        if out.samples.is_empty() {
            let failed = out
                .notes
                .iter()
                .find(|(_, m)| m.contains("a failed run's") || m.contains("the job's other clones are missing"));
            let reason = if let Some((n, m)) = failed {
                format!("line {n}: {m}")
            } else if input.lines.iter().any(|l| is_command_line(l)) {
                // Not "only fio's command line": a person's mail shows the
                // command under a table of the figures typed by hand (Yu
                // Zhao's multi-gen LRU patches, LKML 2022), which the file's
                // other warnings name; fio's own report is what is missing.
                "fio's command line but no job report (LKP keeps fio's report in `fio.output`)".to_string()
            } else {
                let reason = "no job report (JSON `jobs` or a `name: (groupid=…)` section)".to_string();
                // fio's direction lines with no job section above them
                // (`grep -h IOPS *.fio`, no file names): the warning is at
                // the first (it had no line, closing-40).
                if let Some(at) =
                    input.lines.iter().position(|l| text::direction_line(l.trim()).is_some_and(|d| d.is_ok()))
                {
                    return Err(ParseError::NoResultsAt { benchmark: "fio", reason, at: at + 1 });
                }
                reason
            };
            return Err(ParseError::NoResults { benchmark: "fio", reason });
        }
        Ok(out)
    }

    /// A `Run status group N (all jobs):` block sums its run's job
    /// sections ([`text::run_of_status_block`]).
    fn summed_lines(&self, input: &Input, first: usize) -> Option<(usize, usize)> {
        text::run_of_status_block(input, first)
    }

    /// A line of a JSON latency object fio did not measure
    /// ([`json::unmeasured_line`]).
    fn unmeasured(&self, input: &Input, n: usize) -> bool {
        json::unmeasured_line(&input.lines, n)
    }

    /// Latency percentiles but the median (`50.00th`) and the 99th
    /// (`99.00th`), and the standard deviations, are detail: the mail
    /// keeps bandwidth, IOPS, the means and those two percentiles.
    fn mail_detail(&self, _group: &str, metric: &str) -> bool {
        let last = metric.rsplit(' ').next().unwrap_or_default();
        let percentile = last
            .strip_suffix("th")
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
        (percentile && last != "50.00th" && last != "99.00th") || last == "stdev"
    }
}

/// Leaves out the directions of terse lines (the samples from `from` on)
/// that repeat a job section of the text report read before them: fio
/// run with `--minimal` and the normal output too (`--output-format=
/// terse,normal`, or a garbled command line: a Chinese cloud-disk note
/// of 2019, fio 3.1) prints both for one run. A terse direction is the
/// same run when a text section of its job name (and group) prints that
/// direction with the same IOPS, to the step printed, and the same
/// bandwidth to 1%; it is left out with a note at its line, and the text
/// report, which also names the job's set-up, is read. A terse line of
/// the same job name with other figures is another run: read.
fn drop_terse_repeats(out: &mut ParsedFile, from: usize) {
    let job = |s: &Sample| s.params.iter().find(|p| p.name == "job").map(|p| p.value.clone());
    let dir_of = |s: &Sample| s.metric.name.split_once(": ").map(|(d, _)| d.to_string());
    let close = |a: &Sample, b: &Sample, rel: Option<f64>| match (in_base_unit(a), in_base_unit(b)) {
        (Some((x, sx)), Some((y, sy))) => match rel {
            Some(r) => (x - y).abs() <= r * x.abs().max(y.abs()) + sx.max(sy),
            None => (x - y).abs() <= sx.max(sy),
        },
        _ => false,
    };
    // (line, direction, job, text line) of each terse direction repeated.
    let mut repeated: Vec<(usize, String, String, usize)> = Vec::new();
    for t in &out.samples[from..] {
        let (Some(j), Some(d)) = (job(t), dir_of(t)) else { continue };
        if !t.metric.name.ends_with(": IOPS") || repeated.iter().any(|r| r.0 == t.line && r.1 == d) {
            continue;
        }
        let text = &out.samples[..from];
        let same = |name: &str, rel: Option<f64>| {
            let mine = out.samples[from..].iter().find(|s| s.line == t.line && s.metric.name == name);
            text.iter().find(|s| {
                s.group == t.group
                    && s.metric.name == name
                    && job(s).as_deref() == Some(j.as_str())
                    && mine.is_some_and(|m| close(s, m, rel))
            })
        };
        let bw = format!("{d}: bw");
        if let (Some(iops), Some(_)) = (same(&t.metric.name, None), same(&bw, Some(0.01))) {
            repeated.push((t.line, d, j.to_string(), iops.line));
        }
    }
    for (n, d, j, at) in repeated {
        out.samples.retain(|s| !(s.line == n && dir_of(s).as_deref() == Some(d.as_str())));
        out.notes.push((
            n,
            format!(
                "fio terse line of job {j:?}: its {d} figures (IOPS, bandwidth) are the same run's as the normal \
                 report's section at line {at} (it repeats the report): read once, from the report"
            ),
        ));
    }
}

/// `hostname=rhel7.5-2, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.6,
/// flags=1`, fio's greeting of each server in client/server mode (`fio
/// --client=host.list job.fio`) → `rhel7.5-2`.
fn client_hostname(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("hostname=")?;
    let (name, rest) = rest.split_once(", ")?;
    (!name.is_empty() && !name.contains(char::is_whitespace) && rest.starts_with("be=")).then_some(name)
}

/// The host a text report of fio's client/server mode is from: its
/// `<rhel7.5-2>` prefix, on a line alone above the report's `job1:
/// (groupid=0, …)` line or before it on that line.
fn report_host<'a>(input: &'a Input, header: usize, hosts: &[&str]) -> Option<&'a str> {
    let own = |t: &'a str| t.strip_prefix('<').and_then(|r| r.split_once('>')).map(|(h, rest)| (h, rest.trim()));
    let named = |h: &str| hosts.contains(&h);
    if let Some((h, _)) = own(input.lines[header].trim()).filter(|(h, _)| named(h)) {
        return Some(h);
    }
    let above = input.lines[..header].iter().rev().map(|l| l.trim()).find(|l| !l.is_empty())?;
    own(above).filter(|(h, rest)| rest.is_empty() && named(h)).map(|(h, _)| h)
}

/// fio in client/server mode with two servers or more (`hostname=a, be=0,
/// …` greeting each): each text report is one host's, and the hosts' runs
/// of one job were averaged as runs of one set-up (axboe/fio #300, four
/// hosts' `job1` reports of 827732 and 759505 IOPS, no word). Each report's
/// samples get the parameter `host` from its `<host>` prefix; a report with
/// none is said at its line (read without a host, so never averaged with a
/// named host's).
fn client_hosts(input: &Input, out: &mut ParsedFile) {
    if !input.has("hostname=") {
        return;
    }
    let mut hosts: Vec<&str> = Vec::new();
    let mut first = 0;
    for (n, l) in input.numbered() {
        if let Some(h) = client_hostname(l) {
            if hosts.is_empty() {
                first = n;
            }
            if !hosts.contains(&h) {
                hosts.push(h);
            }
        }
    }
    if hosts.len() < 2 {
        return;
    }
    // Each report's first line (1-based) and host.
    let reports: Vec<(usize, Option<&str>)> = (0..input.lines.len())
        .filter(|&i| {
            let t = input.lines[i].trim();
            let t = t.strip_prefix('<').and_then(|r| r.split_once('>')).map_or(t, |(_, rest)| rest.trim_start());
            text::result_header(t).is_some()
        })
        .map(|i| (i + 1, report_host(input, i, &hosts)))
        .collect();
    for s in &mut out.samples {
        let Some(&(_, Some(h))) = reports.iter().rev().find(|(at, _)| *at <= s.line) else { continue };
        if s.params.iter().all(|p| p.name != super::HOST_PARAM) {
            s.params.push(crate::model::Param::new(super::HOST_PARAM, h));
        }
    }
    let read: Vec<usize> = out.samples.iter().map(|s| s.line).collect();
    for &(at, host) in &reports {
        let next = reports.iter().map(|r| r.0).find(|&n| n > at).unwrap_or(usize::MAX);
        if host.is_none() && read.iter().any(|&l| l >= at && l < next) {
            out.notes.push((
                at,
                format!(
                    "fio client/server output of {} hosts (line {first}: `hostname={}`, …): this report names no \
                     host (no `<host>` before it): read without one, apart from the named hosts' reports",
                    hosts.len(),
                    hosts[0]
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// attack61 (repro fioj-twice): corpus-modern/fio/01.txt's JSON pasted
    /// twice with `bw` edited in the second was read as two runs; the same
    /// `timestamp_ms` is one run: the second document is a note.
    #[test]
    fn a_json_document_of_the_same_timestamp_twice_is_one_run() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus-modern/fio/01.txt");
        let Ok(one) = std::fs::read_to_string(&path) else {
            eprintln!("skipped: {} absent", path.display());
            return;
        };
        let clean = Fio.parse(&Input::from_text(&one)).unwrap();
        let twice = format!("{one}\n{}", one.replacen("\"bw\" : 117320262,", "\"bw\" : 117320000,", 1));
        let f = Fio.parse(&Input::from_text(&twice)).unwrap();
        let got: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
        let want: Vec<f64> = clean.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(got, want);
        assert!(f.notes.iter().any(|n| n.1.contains("same `timestamp_ms`")), "{:?}", f.notes);
    }

    #[test]
    fn a_terse_line_of_the_run_the_text_report_prints_is_read_once() {
        // fio 3.1 printing the terse line and the normal output of one run
        // (a Chinese cloud-disk note, 2019).
        let terse = "3;fio-3.1;j;0;0;2097152;14790;3697;141787;2;108;8.432369;3.213270;311;35648;525.634168;809.391753;1.000000%=354;5.000000%=366;10.000000%=378;20.000000%=395;30.000000%=407;40.000000%=419;50.000000%=428;60.000000%=440;70.000000%=452;80.000000%=473;90.000000%=518;95.000000%=643;99.000000%=2211;99.500000%=8224;99.900000%=10944;99.950000%=11075;99.990000%=16449;0%=0;0%=0;0%=0;328;35667;534.512884;810.705574;383;8944;50.317445%;7441.950178;2275.304448;0;0;0;0;0;0;0.000000;0.000000;0;0;0.000000;0.000000;1.000000%=0;5.000000%=0;10.000000%=0;20.000000%=0;30.000000%=0;40.000000%=0;50.000000%=0;60.000000%=0;70.000000%=0;80.000000%=0;90.000000%=0;95.000000%=0;99.000000%=0;99.500000%=0;99.900000%=0;99.950000%=0;99.990000%=0;0%=0;0%=0;0%=0;0;0;0.000000;0.000000;0;0;0.000000%;0.000000;0.000000;0.998455%;2.910505%;524312;0;64;100.0%;0.0%;0.0%;0.0%;0.0%;0.0%;0.0%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;87.09%;9.09%;1.48%;1.24%;0.36%;0.36%;0.38%;0.01%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;vdc;523946;3;0;1;243086;1;243008;89.18%";
        let report = |iops: &str| {
            format!(
                "j: (groupid=0, jobs=2): err= 0: pid=12354: Mon Jul  8 11:11:56 2019\n   read: IOPS={iops}, BW=14.4MiB/s (15.1MB/s)(2048MiB/141787msec)\n    clat (usec): min=311, max=35648, avg=525.63, stdev=809.39\n"
            )
        };
        let f = Fio.parse(&Input::from_text(&format!("{terse}\n\n{}", report("3697")))).unwrap();
        assert!(f.samples.iter().all(|s| s.line != 1), "the terse line's figures are left out");
        assert!(f.samples.iter().any(|s| s.line == 4 && s.metric.name == "read: IOPS"));
        assert!(f.notes.iter().any(|(n, m)| *n == 1 && m.contains("line 4")));
        // Other figures: another run of the job, read.
        let f = Fio.parse(&Input::from_text(&format!("{terse}\n\n{}", report("2100")))).unwrap();
        assert!(f.samples.iter().any(|s| s.line == 1 && s.metric.name == "read: IOPS"));
    }

    #[test]
    fn percentile_names() {
        assert_eq!(percentile_name("99.000000").as_deref(), Some("99.00th"));
        assert_eq!(percentile_name("99.950000").as_deref(), Some("99.95th"));
        assert_eq!(percentile_name("99.999000").as_deref(), Some("99.999th"));
        assert_eq!(percentile_name("5.000000").as_deref(), Some("5.00th"));
        assert_eq!(percentile_name("1.00").as_deref(), Some("1.00th"));
        assert_eq!(percentile_name("101"), None);
        assert_eq!(percentile_name("x"), None);
    }

    /// Two clones of the cbt fixture's job (numjobs=2 without
    /// group_reporting), its real write section (clat avg=2250.43 usec,
    /// `issued rwts: total=0,30961,0,0`) and one of 10000 I/Os at 2000.00
    /// usec, as text and as JSON (`clat_ns` mean and `N`): the combined
    /// clat mean is one figure, (2250.43 × 30961 + 2000 × 10000) / 40961 =
    /// 2189.29 usec, weighted by the I/O count in both (the text's was by
    /// IOPS × runtime, 3095 × 10.003 s each: 2125.2, the plain mean).
    #[test]
    fn text_and_json_clones_of_one_run_combine_alike() {
        let section = |pid: u32, iops: u32, clat: &str, ios: u32| {
            format!(
                "/dev/nvme8n4: (groupid=0, jobs=1): err= 0: pid={pid}: Wed Jul  8 09:10:50 2026\n  write: IOPS={iops}, BW=12.1MiB/s (12.7MB/s)(121MiB/10003msec)\n    clat (usec): min=692, max=10144, avg={clat}, stdev=687.75\n     issued rwts: total=0,{ios},0,0 short=0,0,0,0 dropped=0,0,0,0\n"
            )
        };
        let text = format!(
            "/dev/nvme8n4: (g=0): rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=7\n{}{}",
            section(470419, 3095, "2250.43", 30961),
            section(470420, 3095, "2000.00", 10000)
        );
        let entry = |clat: f64, n: u32| {
            format!(
                "{{\"jobname\" : \"/dev/nvme8n4\", \"groupid\" : 0, \"write\" : {{\"bw\" : 12383, \"iops\" : 3095.171449, \"runtime\" : 10003, \"total_ios\" : {n}, \"clat_ns\" : {{\"mean\" : {clat}, \"stddev\" : 687750.0, \"N\" : {n}}}}}}}"
            )
        };
        let json = format!(
            "{{\"fio version\" : \"fio-3.42\", \"jobs\" : [{}, {}]}}\n",
            entry(2250430.0, 30961),
            entry(2000000.0, 10000)
        );
        let clat = |f: &ParsedFile| {
            let s = f.samples.iter().find(|s| s.metric.name == "write: clat mean").unwrap();
            s.value.mean() * text::ns_per(&s.metric.unit).unwrap()
        };
        let t = clat(&Fio.parse(&Input::from_text(&text)).unwrap());
        let j = clat(&Fio.parse(&Input::from_text(&json)).unwrap());
        let want = (2250430.0 * 30961.0 + 2000000.0 * 10000.0) / 40961.0;
        // The text's to the 0.01 usec it prints (2189.29), the JSON's to 1 ns.
        assert!((t - want).abs() <= 10.0, "text {t} want {want}");
        assert!((j - want).abs() < 1.0, "json {j} want {want}");
    }

    #[test]
    fn command_lines() {
        assert!(is_command_line("ioengine=mmap' | fio --output-format=json -"));
        assert!(is_command_line("2020-03-19 10:47:29 fio --name=x"));
        assert!(is_command_line("# fio job.fio"));
        assert!(!is_command_line("I ran fio --name=x yesterday"));
        assert!(!is_command_line("fio version 3"));
    }

    /// Many jobs in one document, and many documents, read in linear time:
    /// each key is looked for among its own job's lines only.
    /// Read for correctness only: a quadratic read of this size takes
    /// minutes; the time is measured by `cargo bench --bench parse --
    /// large_inputs`, never asserted by a test.
    #[test]
    fn many_jobs_and_documents_read_in_linear_time() {
        let job = |i: usize| {
            format!(
                "    {{\n      \"jobname\" : \"j{i}\",\n      \"read\" : {{\n        \"io_kbytes\" : 4,\n        \"iops\" : 1.5\n      }}\n    }}"
            )
        };
        let jobs: Vec<String> = (0..20_000).map(job).collect();
        let doc = format!("{{\n  \"fio version\" : \"fio-3.1\",\n  \"jobs\" : [\n{}\n  ]\n}}\n", jobs.join(",\n"));
        let f = Fio.parse(&Input::from_text(&doc)).unwrap();
        assert_eq!(f.samples.len(), 20_000);
        assert_eq!(f.samples[19_999].line, doc.lines().count() - 4);
        let small = "{\"fio version\":\"fio-3.1\",\"jobs\":[{\"jobname\":\"j\",\"read\":{\"bw\":5,\"iops\":1}}]}\n";
        let f = Fio.parse(&Input::from_text(&small.repeat(20_000))).unwrap();
        assert_eq!(f.samples.len(), 40_000);
    }

    #[test]
    fn a_command_alone_has_no_results() {
        let i = Input::from_text(
            "2020-03-19 10:47:29 echo '[global]\nbs=4k\nioengine=mmap' | fio --output-format=json -\n",
        );
        assert!(Fio.detect(&i) > 0);
        assert!(matches!(Fio.parse(&i), Err(ParseError::NoResults { .. })));
    }

    /// attack40 y/fio01 (`grep -h IOPS *brd*fio`: direction lines with no
    /// file names and no job section): still no result, but the warning
    /// names the first direction line (it had no line, closing-40). The
    /// line is no break in the format (`line()` stays `None`, so nothing
    /// is cut there). Must not fire: a command line alone (above) has no
    /// line to name.
    #[test]
    fn direction_lines_without_a_job_are_no_results_at_the_first() {
        let text = "linux-block (brd-memcpy) # grep -h IOPS *brd*fio\n\
                    read: IOPS=7504k, BW=28.6GiB/s (30.7GB/s)(1717GiB/60001msec)\n\
                    read: IOPS=7525k, BW=28.7GiB/s (30.8GB/s)(1722GiB/60002msec)\n";
        let e = Fio.parse(&Input::from_text(text)).unwrap_err();
        assert!(matches!(e, ParseError::NoResultsAt { at: 2, .. }), "{e:?}");
        assert_eq!((e.line(), e.about()), (None, Some(2)));
        assert!(e.to_string().starts_with("no fio results found: no job report"), "{e}");
    }
}
