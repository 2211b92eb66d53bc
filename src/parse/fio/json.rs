//! fio's JSON and JSON+ reports (`--output-format=json`, `json+`), read
//! with `serde_json`. JSON+ adds latency histograms (`bins`), which are
//! not read.
//!
//! A file may hold several documents (LKP iterations, a loop of runs) with
//! other lines around them (LKP's timestamped command line, fio's own
//! warnings, a normal text report of the same run). A document starts on a
//! line that begins with `{`; it is fio's when it holds `"fio version"` or
//! a `"jobs"` list. `serde_json` gives numbers, not places: each sample's
//! line is found by following fio's key order forward from the job's
//! `"jobname"` line (one key a line, as fio prints it); in a document all
//! on one line every sample names that line.

use super::{JobParams, JsonJob, bw_metric, iops_metric, lat_metric, percentile_name};
use crate::model::ParsedFile;
use crate::parse::{Input, ParseError};
use serde_json::{Map, Value};

/// One JSON document of a file ([`crate::parse::json_docs`]).
pub use crate::parse::json_docs::JsonDoc as Doc;

/// True when a document is fio's: it has `"fio version"` or a `"jobs"` list.
fn is_fio_doc(v: &Value) -> bool {
    v.get("fio version").is_some() || ["jobs", "client_stats"].iter().any(|k| v.get(k).is_some_and(Value::is_array))
}

/// Every complete fio JSON document in `input`, in file order, and the
/// one the file ends inside, if any (a run killed, a disk filled): its
/// first line and the error naming it incomplete at the file's last line
/// ([`crate::parse::json_docs::json_documents_to_cut`]).
///
/// # Errors
/// A document that names fio (`"fio version"` within its first lines) but
/// that `serde_json` cannot read (damaged) is an error at the line
/// `serde_json` stopped on.
pub fn documents(input: &Input) -> Result<crate::parse::json_docs::DocsToCut, ParseError> {
    crate::parse::json_docs::json_documents_to_cut(input, is_fio_doc, names_fio, "fio JSON")
}

/// True when one of the 5 lines from index `i` names fio's JSON.
fn names_fio(input: &Input, i: usize) -> bool {
    input.lines[i..].iter().take(5).any(|l| l.contains("\"fio version\"") || l.contains("\"jobname\""))
}

/// Finds the lines of keys in a pretty-printed document.
struct Locator<'a> {
    lines: &'a [String],
    /// 1-based last line of the document.
    last: usize,
}

impl Locator<'_> {
    /// True when line `n` (1-based) starts with `"key"` and a colon.
    fn is_key(&self, n: usize, key: &str) -> bool {
        self.lines.get(n - 1).is_some_and(|l| {
            l.trim_start()
                .strip_prefix('"')
                .and_then(|r| r.strip_prefix(key))
                .and_then(|r| r.strip_prefix('"'))
                .is_some_and(|r| r.trim_start().starts_with(':'))
        })
    }

    /// The first line at or after `from` (1-based) whose text starts with
    /// `"key"` and a colon; `from` when there is none (a document on one
    /// line).
    fn find(&self, from: usize, key: &str) -> usize {
        (from..=self.last).find(|&n| self.is_key(n, key)).unwrap_or(from)
    }
}

/// A number at `key` of `obj`: `Ok(None)` when the key is absent; an error
/// at `line` when it holds something else.
fn number(obj: &Map<String, Value>, key: &str, line: usize, found: &str) -> Result<Option<f64>, ParseError> {
    match obj.get(key) {
        None => Ok(None),
        Some(v) => v
            .as_f64()
            .filter(|x| x.is_finite())
            .map(Some)
            .ok_or_else(|| ParseError::malformed(line, format!("a number for fio's `{key}`"), found)),
    }
}

/// A job option as printed: the job's own `job options`, else the
/// document's `global options`.
fn option(job: &Map<String, Value>, global: Option<&Map<String, Value>>, key: &str) -> Option<String> {
    let from_job = job.get("job options").and_then(|o| o.get(key));
    let v = from_job.or_else(|| global.and_then(|g| g.get(key)))?;
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Options no parameter reads ([`super::JsonJob::options`]): the
/// document's `global options`, the job's own over them, by name; the
/// options read as parameters, the job's name and log files' names left
/// out.
fn unread_options(job: &Map<String, Value>, global: Option<&Map<String, Value>>) -> Vec<(String, String)> {
    const READ: &[&str] = &[
        "rw",
        "readwrite",
        "bs",
        "blocksize",
        "bsrange",
        "blocksize_range",
        "ioengine",
        "iodepth",
        "numjobs",
        "kb_base",
        "name",
        "output",
        "group_reporting",
        // Where a run does its I/O or which seed it draws: a script gives
        // each run a file or directory of its own; still runs of one set-up.
        "filename",
        "directory",
        "filename_format",
        "opendir",
        "randseed",
    ];
    let mut options: std::collections::BTreeMap<&str, String> = std::collections::BTreeMap::new();
    for obj in [global, job.get("job options").and_then(Value::as_object)].into_iter().flatten() {
        for (k, v) in obj {
            if READ.contains(&k.as_str()) || k.ends_with("_log") || k.starts_with("log_") {
                continue;
            }
            let v = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            options.insert(k, v);
        }
    }
    options.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// A failed job's error number: fio's JSON job `"error" : 5` (EIO), with
/// the I/O it did before failing; `None` for `"error" : 0` or none.
fn job_error(job: &Map<String, Value>) -> Option<u64> {
    job.get("error").and_then(Value::as_u64).filter(|&e| e != 0)
}

/// Reads one document's jobs into `out`; each job's name and figures go to
/// `names` ([`JsonJob`]).
///
/// # Errors
/// A document without a `jobs` list, a job without a name, or a figure
/// that is not a number.
pub fn read_document(
    input: &Input,
    doc: &Doc,
    out: &mut ParsedFile,
    names: &mut Vec<JsonJob>,
) -> Result<(), ParseError> {
    let loc = Locator { lines: &input.lines, last: doc.last };
    let start = out.samples.len();
    if out.version.is_none()
        && let Some(v) = doc.value.get("fio version").and_then(Value::as_str)
    {
        out.version = Some(v.strip_prefix("fio-").unwrap_or(v).to_string());
    }
    let global = doc.value.get("global options").and_then(Value::as_object);
    // fio's client/server mode reports `client_stats` in place of `jobs`.
    let jobs = doc.value.get("jobs").or_else(|| doc.value.get("client_stats"));
    let Some(jobs) = jobs.and_then(Value::as_array) else {
        let found = input.lines[doc.first - 1].trim();
        return Err(ParseError::malformed(doc.first, "a `jobs` list in fio's JSON", found));
    };
    // Each job's lines: from its `"jobname"` line to the next one's, so that
    // every key is looked for among its own job's lines only.
    let job_lines: Vec<usize> = (doc.first..=doc.last).filter(|&n| loc.is_key(n, "jobname")).collect();
    let pretty = job_lines.len() == jobs.len();
    // The entries read of each job with clones, by (name, group, its
    // `job options` as printed): numjobs clones print the same options;
    // two definitions of one name (`[randread]` twice, `bs=4k` and
    // `bs=64k`) are two set-ups, not one run's clones.
    type JobKey<'a> = (&'a str, Option<u64>, String);
    let key_of = |name, job: &Map<String, Value>| -> JobKey {
        let options = job.get("job options").map(Value::to_string).unwrap_or_default();
        (name, job.get("groupid").and_then(Value::as_u64), options)
    };
    let mut clones: Vec<(JobKey, Vec<super::CloneSpan>)> = Vec::new();
    // How many entries each key has: more than one are numjobs clones
    // without group_reporting, one thread each.
    let mut entries: rustc_hash::FxHashMap<JobKey, usize> = rustc_hash::FxHashMap::default();
    for job in jobs.iter().filter_map(Value::as_object) {
        if let Some(name) = job.get("jobname").and_then(Value::as_str) {
            *entries.entry(key_of(name, job)).or_default() += 1;
        }
    }
    // Each (name, group)'s set-ups read: (options, parameters, line), to
    // warn of two set-ups the parameters read do not tell apart.
    type Setup<'a> = (&'a str, Option<u64>, String, Vec<(&'static str, String)>, usize);
    let mut setups: Vec<Setup> = Vec::new();
    for (k, job) in jobs.iter().enumerate() {
        let (job_line, end) = if pretty {
            (job_lines[k], job_lines.get(k + 1).map_or(doc.last, |n| n - 1))
        } else {
            (doc.first, doc.last)
        };
        let loc = Locator { lines: &input.lines, last: end };
        let found = input.lines[job_line - 1].trim();
        let Some(job) = job.as_object() else {
            return Err(ParseError::malformed(job_line, "a job object in fio's `jobs`", found));
        };
        let Some(name) = job.get("jobname").and_then(Value::as_str) else {
            return Err(ParseError::malformed(job_line, "a `jobname` in a fio job", found));
        };
        let key = key_of(name, job);
        if let Some(e) = job_error(job) {
            let msg = format!("fio job {name:?} failed (`\"error\" : {e}`): its figures are a failed run's, not read");
            out.notes.push((job_line, msg));
            // A failed clone makes its clones' run a failed one.
            if entries[&key] > 1 {
                let at = out.samples.len();
                let span = super::CloneSpan { line: job_line, samples: at..at, dirs: Vec::new(), failed: true };
                match clones.iter_mut().find(|c| c.0 == key) {
                    Some(c) => c.1.push(span),
                    None => clones.push((key, vec![span])),
                }
            }
            continue;
        }
        let start = out.samples.len();
        let mut dirs = Vec::new();
        let mut params = JobParams { job: name.to_string(), rest: Vec::new() };
        // fio's rules for a size option: `k` is a power of `kb_base` (1024
        // unless set), `kib` of the other base.
        let kb_base = if option(job, global, "kb_base").as_deref() == Some("1000") { 1000 } else { 1024 };
        let opt = |key: &str, alias: &str| option(job, global, key).or_else(|| option(job, global, alias));
        if let Some(rw) = opt("rw", "readwrite") {
            // The text report prints fio's name of the mode: `rw`.
            params.rest.push(("rw", if rw == "readwrite" { "rw".to_string() } else { rw }));
        }
        // `bsrange` gives the sizes when `bs` is not set; with both set,
        // which fio took is not said: no `bs`.
        let bs = match (opt("bs", "blocksize"), opt("bsrange", "blocksize_range")) {
            (Some(bs), None) => Some(super::block_size::from_option(&bs, kb_base)),
            (None, Some(range)) => Some(super::block_size::from_range_option(&range, kb_base)),
            _ => None,
        };
        if let Some(bs) = bs {
            params.rest.push(("bs", bs));
        }
        for key in ["ioengine", "iodepth"] {
            if let Some(v) = option(job, global, key) {
                params.rest.push((key, v));
            }
        }
        if let Some(jobs) = jobs_of(job, global, entries[&key]) {
            params.rest.push(("jobs", jobs));
        }
        if let Some(host) = job.get("hostname").and_then(Value::as_str) {
            params.rest.push(("host", host.to_string()));
        }
        if let Some(other) = setups.iter().find(|u| u.0 == name && u.1 == key.1 && u.2 != key.2 && u.3 == params.rest) {
            let msg = format!(
                "fio job {name:?} is defined again with other options (line {}: {}; here: {}) that the parameters \
                 read do not tell apart: its two set-ups' figures are read as runs of one; check the job file",
                other.4, other.2, key.2
            );
            out.notes.push((job_line, msg));
        } else if !setups.iter().any(|u| u.0 == name && u.1 == key.1 && u.2 == key.2) {
            setups.push((name, key.1, key.2.clone(), params.rest.clone(), job_line));
        }
        let mut reported = JsonJob {
            job: name.to_string(),
            options: unread_options(job, global),
            lines: (job_line, end),
            ..Default::default()
        };
        let mut dir_from = job_line;
        for dir in ["read", "write", "trim", "mixed"] {
            let Some(d) = job.get(dir).and_then(Value::as_object) else { continue };
            let figure = |k: &str| d.get(k).and_then(Value::as_f64).filter(|v| v.is_finite());
            if did_io(d)
                && let (Some(iops), Some(bw)) = (figure("iops"), figure("bw"))
            {
                reported.dirs.push((dir, iops, bw));
                let n = ["clat_ns", "clat"].iter().find_map(|k| d.get(*k)?.get("N")?.as_f64());
                dirs.push((dir, figure("runtime"), n.or_else(|| figure("total_ios"))));
            }
            let dir_line = loc.find(dir_from, dir);
            dir_from = dir_line;
            read_direction(input, &loc, dir, d, dir_line, &params, out)?;
        }
        names.push(reported);
        if entries[&key] > 1 {
            let entry = super::CloneSpan { line: job_line, samples: start..out.samples.len(), dirs, failed: false };
            match clones.iter_mut().find(|c| c.0 == key) {
                Some(c) => c.1.push(entry),
                None => clones.push((key, vec![entry])),
            }
        }
    }
    let sets: Vec<(String, Vec<super::CloneSpan>)> =
        clones.into_iter().filter(|c| c.1.len() > 1).map(|((name, _, _), spans)| (name.to_string(), spans)).collect();
    super::replace_clones(&sets, None, out);
    shown_steps(&mut out.samples[start..]);
    Ok(())
}

/// Sets the step a JSON document's IOPS and latency means and stdevs are
/// shown to, after its clones are combined: fio writes every float with
/// C's `%f` (json.c `json_print_value`), six decimals whatever was
/// measured (`"iops" : 29330065.629016`), so a figure with a fraction is
/// shown to the text report's step ([`FLOAT_LATENCY_STEP`],
/// [`iops_step`]), never finer than its own. The value is kept as written
/// (a combined one as combined); only its shown decimals, and the step
/// below which a change is not tested, change. A figure without a fraction
/// (`"bw" : 117320262`, percentiles) keeps its own.
fn shown_steps(samples: &mut [crate::model::Sample]) {
    for s in samples {
        let v = s.value.mean();
        if v.fract() == 0.0 {
            continue;
        }
        let name = s.metric.name.as_str();
        let shown = if name.ends_with(": IOPS") {
            iops_step(v)
        } else if name.ends_with(" mean") || name.ends_with(" stdev") {
            FLOAT_LATENCY_STEP
        } else {
            continue;
        };
        s.step = Some(s.step.map_or(shown, |own| own.max(shown)));
    }
}

/// `jobs`, the threads a job's entry reports, as the text report's
/// `name: (groupid=0, jobs=4)` says it: the job's `numjobs` option when it
/// is its group's one entry (`group_reporting`, or `numjobs` 1), 1 for
/// each of `entries` > 1 entries of one name and group (`numjobs` clones
/// without `group_reporting`, each one thread). `None` when the options
/// do not set `numjobs` (fio prints only options set), and for
/// client/server mode's `All clients` sum: not guessed. Not told apart: a group of
/// several job definitions under `group_reporting` (one entry, named
/// after its first job, of all their threads, which the text report's
/// `jobs=` counts); JSON prints no count of them, and its `jobs` is the
/// first job's `numjobs`.
fn jobs_of(job: &Map<String, Value>, global: Option<&Map<String, Value>>, entries: usize) -> Option<String> {
    let numjobs = option(job, global, "numjobs")?;
    if job.get("jobname").and_then(Value::as_str) == Some("All clients") {
        return None;
    }
    Some(if entries > 1 { "1".to_string() } else { numjobs })
}

/// The note on a job whose sections of more than one thread each are
/// printed several times in one report, with no definition line between
/// them (two reports pasted without it): each read as a run.
pub fn repeated_job_note(name: &str, n: usize) -> String {
    format!(
        "fio job {name:?} is reported {n} times in one report, each section of more than one job (not numjobs \
         clones): each section's figures are read as one run"
    )
}

/// True when a direction did any I/O: fio prints zeros for one it did not do.
fn did_io(d: &Map<String, Value>) -> bool {
    ["io_bytes", "io_kbytes", "total_ios", "bw", "iops"]
        .iter()
        .any(|k| d.get(*k).and_then(Value::as_f64).is_some_and(|v| v > 0.0))
}

/// The step a latency mean or stdev fio's JSON writes as a float is shown
/// to: fio writes every float with C's `%f` (json.c `json_print_value`),
/// six decimals whatever was measured (`"mean" : 1321.865086` nsec), where
/// its text report prints the same figure with two (stat.c `avg=%5.02f`:
/// `avg=1321.87`). See [`shown_steps`].
const FLOAT_LATENCY_STEP: f64 = 0.01;

/// The step an IOPS figure fio's JSON writes as a float (`"iops" :
/// 29330065.629016`, C's `%f`: six decimals of a count over a runtime in
/// msec) is shown to: whole I/Os per second, finer below 100 IOPS so that
/// three significant digits stay (`0.523` IOPS of a stalled device:
/// 0.001). fio's text report prints fewer (`IOPS=29.3M`).
fn iops_step(iops: f64) -> f64 {
    let a = iops.abs();
    if a >= 100.0 || a == 0.0 { 1.0 } else { super::super::num::pow10(a.log10().floor() as i32 - 2).min(1.0) }
}

/// Reads one direction (`read`, `write`, `trim`) of a job.
fn read_direction(
    input: &Input,
    loc: &Locator<'_>,
    dir: &str,
    d: &Map<String, Value>,
    dir_line: usize,
    params: &JobParams,
    out: &mut ParsedFile,
) -> Result<(), ParseError> {
    if !did_io(d) {
        let msg = format!("fio job {:?} did no {dir} I/O: its zero figures are not results", params.job);
        out.notes.push((dir_line, msg));
        return Ok(());
    }
    let text = |n: usize| input.lines[n - 1].trim().to_string();
    if d.contains_key("bw") {
        let line = loc.find(dir_line, "bw");
        if let Some(bw) = number(d, "bw", line, &text(line))? {
            out.samples.push(params.sample(bw_metric(dir, "KiB/s"), bw, line));
        }
    }
    if d.contains_key("iops") {
        let line = loc.find(dir_line, "iops");
        if let Some(iops) = number(d, "iops", line, &text(line))? {
            out.samples.push(params.sample(iops_metric(dir), iops, line));
        }
    }
    // fio 3.x prints nanoseconds (`clat_ns`), fio 2.x microseconds (`clat`).
    let (suffix, unit) =
        if d.contains_key("clat_ns") || d.contains_key("lat_ns") { ("_ns", "nsec") } else { ("", "usec") };
    for kind in ["slat", "clat", "lat"] {
        let stats = ["mean", "stddev"];
        let key = format!("{kind}{suffix}");
        let Some(obj) = d.get(&key).and_then(Value::as_object) else { continue };
        let obj_line = loc.find(dir_line, &key);
        if !measured(obj) {
            continue;
        }
        for stat in stats.iter().filter(|s| obj.contains_key(**s)) {
            let line = loc.find(obj_line, stat);
            if let Some(v) = number(obj, stat, line, &text(line))? {
                let what = if *stat == "stddev" { format!("{kind} stdev") } else { format!("{kind} mean") };
                out.samples.push(params.sample(lat_metric(dir, &what, unit), v, line));
            }
        }
        // fio prints the percentiles under `clat_ns`, or under `lat_ns`
        // with `lat_percentiles=1` (fio 3.16, superbenchmark's
        // disk_performance.log: `"99.900000" : 3620864,`), or under
        // `slat_ns` with `slat_percentiles=1`: each read as its kind's.
        if let Some(pct) = obj.get("percentile").and_then(Value::as_object) {
            let pct_line = loc.find(obj_line, "percentile");
            let mut cells = Vec::with_capacity(pct.len());
            for (k, v) in pct {
                let line = loc.find(pct_line, k);
                let at = super::super::num::plain(k).zip(percentile_name(k));
                let (at, name) =
                    at.ok_or_else(|| ParseError::malformed(line, "a percentile such as `99.000000`", text(line)))?;
                let v = v.as_f64().ok_or_else(|| ParseError::malformed(line, "a number", text(line)))?;
                if at == 0.0 {
                    // fio 2.x prints its unused percentile slots as `"0.00" : 0`.
                    let msg = format!(
                        "fio job {:?}: unused {dir} percentile slot `{k}` (fio 2.x): zero figures are not results",
                        params.job
                    );
                    out.notes.push((line, msg));
                    continue;
                }
                cells.push((at, name, v, line));
            }
            // serde_json's map is ordered by key text ("10.000000" before "5.000000").
            cells.sort_by(|a, b| a.0.total_cmp(&b.0));
            for (_, name, v, line) in cells {
                out.samples.push(params.sample(lat_metric(dir, &format!("{kind} {name}"), unit), v, line));
            }
        }
    }
    Ok(())
}

/// True when a latency statistic was measured: its `N` is above 0, or,
/// when fio did not print `N` (3.15 and earlier), its mean is.
fn measured(obj: &Map<String, Value>) -> bool {
    match obj.get("N").and_then(Value::as_f64) {
        Some(n) => n > 0.0,
        None => obj.get("mean").and_then(Value::as_f64).is_some_and(|m| m > 0.0),
    }
}

/// True when line `n` (1-based) of a pretty-printed fio JSON report is a
/// zero figure of a latency object fio did not measure (`measured`'s
/// test on its own lines: its `"N"` 0, or no `"N"` and a `"mean"` of 0),
/// fio 3's `slat_ns`, `clat_ns`, `lat_ns` or fio 2's `slat`, `clat`,
/// `lat`, as fio 3.19 prints `slat_ns` under the mmap engine:
///
/// ```text
///         "slat_ns" : {
///           "min" : 0,
///           "max" : 0,
///           "mean" : 0.000000,
///           "stddev" : 0.000000,
///           "N" : 0
///         },
/// ```
pub fn unmeasured_line(lines: &[String], n: usize) -> bool {
    /// The most lines looked at above and below `n`: fio prints five.
    const REACH: usize = 16;
    let key_value = |l: &str| -> Option<(String, f64)> {
        let (k, v) = l.trim().trim_end_matches(',').split_once(':')?;
        let k = k.trim().strip_prefix('"')?.strip_suffix('"')?;
        Some((k.to_string(), crate::parse::num::plain(v.trim())?))
    };
    let Some(i) = n.checked_sub(1) else { return false };
    if !lines.get(i).and_then(|l| key_value(l)).is_some_and(|(_, v)| v == 0.0) {
        return false;
    }
    // The object's opening line, with no other object between.
    let mut open = None;
    for j in (i.saturating_sub(REACH)..i).rev() {
        let l = lines[j].trim();
        if l.ends_with('{') {
            open = Some(j);
            break;
        }
        if l.starts_with('}') || l.ends_with('[') || key_value(l).is_none() {
            return false;
        }
    }
    let Some(open) = open else { return false };
    let key = lines[open].trim().trim_end_matches('{').trim().trim_end_matches(':').trim().trim_matches('"');
    if !matches!(key, "slat_ns" | "clat_ns" | "lat_ns" | "slat" | "clat" | "lat") {
        return false;
    }
    // Its own `N` and `mean`, up to its closing line, past nested objects.
    let (mut count, mut mean, mut depth) = (None, None, 0usize);
    for l in lines.iter().skip(open + 1).take(4 * REACH) {
        let t = l.trim();
        if t.starts_with('}') {
            if depth == 0 {
                return match count {
                    Some(c) => c == 0.0,
                    None => mean == Some(0.0),
                };
            }
            depth -= 1;
        } else if t.ends_with('{') {
            depth += 1;
        } else if depth == 0
            && let Some((k, v)) = key_value(t)
        {
            match k.as_str() {
                "N" => count = Some(v),
                "mean" => mean = Some(v),
                _ => {}
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::Fio;
    use crate::parse::{BenchParser, Input};

    const DOC: &str = "2020-03-19 10:47:29 fio --output-format=json job.fio\n{\n  \"fio version\" : \"fio-3.19\",\n  \"jobs\" : [\n    {\n      \"jobname\" : \"a\",\n      \"job options\" : {\n        \"rw\" : \"read\"\n      },\n      \"read\" : {\n        \"bw\" : 1024,\n        \"iops\" : 256.5,\n        \"slat_ns\" : {\n          \"mean\" : 0.000000,\n          \"N\" : 0\n        },\n        \"clat_ns\" : {\n          \"mean\" : 1000.5,\n          \"stddev\" : 50,\n          \"N\" : 10,\n          \"percentile\" : {\n            \"99.000000\" : 2000\n          }\n        }\n      },\n      \"write\" : {\n        \"bw\" : 0,\n        \"iops\" : 0.0\n      }\n    }\n  ]\n}\n";

    #[test]
    fn values_and_lines() {
        let f = Fio.parse(&Input::from_text(DOC)).unwrap();
        let got: Vec<(String, f64, usize)> =
            f.samples.iter().map(|s| (s.metric.name.to_string(), s.value.mean(), s.line)).collect();
        assert_eq!(
            got,
            vec![
                ("read: bw".into(), 1024.0, 11),
                ("read: IOPS".into(), 256.5, 12),
                ("read: clat mean".into(), 1000.5, 18),
                ("read: clat stdev".into(), 50.0, 19),
                ("read: clat 99.00th".into(), 2000.0, 22),
            ]
        );
        assert_eq!(f.version.as_deref(), Some("3.19"));
        let p: Vec<String> = f.samples[0].params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        assert_eq!(p, vec!["job=a", "rw=read"]);
    }

    /// fio writes every JSON float with C's `%f` (corpus-modern fio/01.txt,
    /// fio-3.19: `"iops" : 29330065.629016`, `"mean" : 1321.865086`): the
    /// value is kept as written, its step is the text report's (latency to
    /// 0.01, IOPS whole, three significant digits below 100); a figure
    /// written as an integer keeps its own step.
    #[test]
    fn json_floats_are_shown_to_the_text_reports_step() {
        let f = Fio.parse(&Input::from_text(DOC)).unwrap();
        let got: Vec<(&str, f64, Option<f64>)> =
            f.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean(), s.step)).collect();
        assert_eq!(
            got,
            vec![
                ("read: bw", 1024.0, None),
                ("read: IOPS", 256.5, Some(1.0)),
                ("read: clat mean", 1000.5, Some(0.01)),
                ("read: clat stdev", 50.0, None),
                ("read: clat 99.00th", 2000.0, None),
            ]
        );
        assert_eq!(super::iops_step(29330065.629016), 1.0);
        assert!((super::iops_step(0.523) - 0.001).abs() < 1e-12);
        assert!((super::iops_step(15.5) - 0.1).abs() < 1e-12);
        assert_eq!(super::iops_step(0.0), 1.0);
    }

    fn params(f: &crate::model::ParsedFile, i: usize) -> String {
        let p: Vec<String> = f.samples[i].params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        p.join(" ")
    }

    /// One job's set-up as the text report names and spells it: `readwrite`
    /// is fio's alias of `rw` (value `readwrite` its `rw`), `4k` 4 KiB,
    /// `numjobs` the `jobs=` of `(groupid=0, jobs=4)`.
    #[test]
    fn options_named_and_spelt_as_the_text_report() {
        let doc = |opts: &str| {
            format!(
                "{{\"fio version\":\"fio-3.36\",\"global options\":{{{opts}}},\"jobs\":[{{\"jobname\":\"j\",\"groupid\":0,\"read\":{{\"bw\":5,\"iops\":1}}}}]}}\n"
            )
        };
        let f = Fio.parse(&Input::from_text(&doc(
            "\"readwrite\":\"readwrite\",\"bs\":\"4k\",\"ioengine\":\"libaio\",\"iodepth\":\"32\",\"numjobs\":\"4\"",
        )))
        .unwrap();
        assert_eq!(params(&f, 0), "job=j rw=rw bs=4KiB ioengine=libaio iodepth=32 jobs=4");
        // kb_base=1000: `4k` is 4000 bytes, `4KiB` 4096 (fio's HOWTO).
        let f = Fio.parse(&Input::from_text(&doc("\"bs\":\"4k\",\"kb_base\":\"1000\""))).unwrap();
        assert_eq!(params(&f, 0), "job=j bs=4000B");
        // bsrange, as the text report's (R) 1024B-4096B, …; with bs too, no bs.
        let f = Fio.parse(&Input::from_text(&doc("\"bsrange\":\"1k-4k\""))).unwrap();
        assert_eq!(params(&f, 0), "job=j bs=1KiB-4KiB");
        let f = Fio.parse(&Input::from_text(&doc("\"bs\":\"4k\",\"bsrange\":\"1k-4k\""))).unwrap();
        assert_eq!(params(&f, 0), "job=j");
        // No numjobs printed: no jobs guessed.
        let f = Fio.parse(&Input::from_text(&doc("\"bs\":\"16k\""))).unwrap();
        assert_eq!(params(&f, 0), "job=j bs=16KiB");
    }

    /// numjobs=2 without group_reporting: two entries of one name and
    /// group, each one thread, are one run of 2 jobs, as the text report's
    /// two `jobs=1` sections and `group_reporting`'s one entry: bandwidth
    /// and IOPS their I/O over the longer runtime, clat mean over both
    /// clones' I/Os (`N`).
    #[test]
    fn clones_are_one_run_of_their_jobs() {
        let job = |bw: u32, iops: u32, rt: u32, n: u32, clat: f64| {
            format!(
                "{{\"jobname\":\"c\",\"groupid\":0,\"job options\":{{\"numjobs\":\"2\"}},\"read\":{{\"bw\":{bw},\"iops\":{iops},\"runtime\":{rt},\"clat_ns\":{{\"mean\":{clat},\"stddev\":0,\"N\":{n},\"percentile\":{{\"99.000000\":7}}}}}}}}"
            )
        };
        let (a, b) = (job(100, 10, 1000, 10, 5.0), job(150, 20, 500, 10, 8.0));
        let doc = format!("{{\"fio version\":\"fio-3.36\",\"jobs\":[{a},{b}]}}\n");
        let f = Fio.parse(&Input::from_text(&doc)).unwrap();
        let got: Vec<(String, f64)> = f.samples.iter().map(|s| (s.metric.name.to_string(), s.value.mean())).collect();
        // (100×1000 + 150×500) / 1000 = 175 KiB/s; (10×1000 + 20×500) / 1000 = 20 IOPS;
        // clat (5×10 + 8×10) / 20 = 6.5; stdev √((0 + 0 + 10×1.5² + 10×1.5²) / 19).
        let sd = (45.0f64 / 19.0).sqrt();
        let want = [("read: bw", 175.0), ("read: IOPS", 20.0), ("read: clat mean", 6.5), ("read: clat stdev", sd)];
        assert_eq!(got.len(), 4, "{got:?}");
        for ((m, v), (wm, wv)) in got.iter().zip(want) {
            assert_eq!(m, wm);
            // A mean is kept to two decimals past its clones' (here whole).
            assert!((v - wv).abs() < 0.005, "{m}: {v} against {wv}");
        }
        assert_eq!(params(&f, 0), "job=c jobs=2");
        assert!(f.notes.iter().any(|(l, m)| *l == 1 && m.contains("clat percentiles")), "{:?}", f.notes);
        let one = format!("{{\"fio version\":\"fio-3.36\",\"jobs\":[{a}]}}\n");
        assert_eq!(params(&Fio.parse(&Input::from_text(&one)).unwrap(), 0), "job=c jobs=2");
    }

    /// `[randread]` defined twice in one job file, `bs=4k` and `bs=64k`:
    /// two entries of one name and group with other `job options` are two
    /// set-ups told apart by `bs`, not numjobs clones combined into one
    /// run of 2 jobs. Options the parameters do not show (`size`) are
    /// a note: the two are read as runs of one set-up.
    #[test]
    fn two_definitions_of_one_name_are_not_clones() {
        let job = |opts: &str, bw: u32| {
            format!(
                "{{\"jobname\":\"randread\",\"groupid\":0,\"job options\":{{\"rw\":\"randread\",{opts}}},\"read\":{{\"bw\":{bw},\"iops\":10,\"runtime\":1000,\"clat_ns\":{{\"mean\":5.0,\"stddev\":0,\"N\":10}}}}}}"
            )
        };
        let doc = |a: &str, b: &str| format!("{{\"fio version\":\"fio-3.36\",\"jobs\":[{a},{b}]}}\n");
        let f = Fio.parse(&Input::from_text(&doc(&job("\"bs\":\"4k\"", 40), &job("\"bs\":\"64k\"", 640)))).unwrap();
        let bw: Vec<(String, f64)> = f
            .samples
            .iter()
            .filter(|s| s.metric.name == "read: bw")
            .map(|s| {
                (
                    s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" "),
                    s.value.mean(),
                )
            })
            .collect();
        assert_eq!(
            bw,
            [
                ("job=randread rw=randread bs=4KiB".to_string(), 40.0),
                ("job=randread rw=randread bs=64KiB".to_string(), 640.0)
            ]
        );
        assert!(!f.notes.iter().any(|(_, m)| m.contains("clones")), "{:?}", f.notes);
        let f = Fio.parse(&Input::from_text(&doc(&job("\"size\":\"1G\"", 40), &job("\"size\":\"2G\"", 80)))).unwrap();
        assert_eq!(f.samples.iter().filter(|s| s.metric.name == "read: bw").count(), 2);
        assert!(f.notes.iter().any(|(_, m)| m.contains("defined again with other options")), "{:?}", f.notes);
    }

    #[test]
    fn two_documents_are_two_runs_and_compact_json_reads() {
        let one = "{\"fio version\":\"fio-3.1\",\"jobs\":[{\"jobname\":\"j\",\"read\":{\"bw\":5,\"iops\":1}}]}";
        let f = Fio.parse(&Input::from_text(&format!("{one}\n{one}\n"))).unwrap();
        assert_eq!(f.samples.len(), 4);
        assert_eq!(f.samples[2].line, 2);
    }

    /// attack24's fio/err5.json: a job with `"error" : 5` (EIO) is a failed
    /// run's; the document after it, with `"error" : 0`, is read.
    #[test]
    fn a_job_with_an_error_is_not_read() {
        let bad =
            "{\"fio version\":\"fio-3.19\",\"jobs\":[{\"jobname\":\"j\",\"error\":5,\"read\":{\"bw\":5,\"iops\":1}}]}";
        let good =
            "{\"fio version\":\"fio-3.19\",\"jobs\":[{\"jobname\":\"j\",\"error\":0,\"read\":{\"bw\":7,\"iops\":2}}]}";
        let f = Fio.parse(&Input::from_text(&format!("{bad}\n{good}\n"))).unwrap();
        assert_eq!(f.samples.len(), 2);
        assert!(f.samples.iter().all(|s| s.line == 2));
        assert!(f.notes.iter().any(|(l, m)| *l == 1 && m.contains("`\"error\" : 5`")), "{:?}", f.notes);
        let e = Fio.parse(&Input::from_text(&format!("{bad}\n"))).unwrap_err();
        assert!(e.to_string().contains("failed"), "{e}");
        // One of two clones failed: their run of 2 jobs is a failed one.
        let ok = "{\"jobname\":\"j\",\"error\":0,\"read\":{\"bw\":7,\"iops\":2}}";
        let failed = "{\"jobname\":\"j\",\"error\":5,\"read\":{\"bw\":5,\"iops\":1}}";
        let clones = format!("{{\"fio version\":\"fio-3.19\",\"jobs\":[{ok},{failed}]}}\n{good}\n");
        let f = Fio.parse(&Input::from_text(&clones)).unwrap();
        assert!(f.samples.iter().all(|s| s.line == 2), "{:?}", f.samples);
        assert!(f.notes.iter().any(|(_, m)| m.contains("clone at line 1 failed")), "{:?}", f.notes);
    }

    #[test]
    fn client_stats_and_mixed_direction() {
        let doc = "{\n  \"fio version\" : \"fio-2.6\",\n  \"client_stats\" : [\n    {\n      \"jobname\" : \"All clients\",\n      \"mixed\" : {\n        \"bw\" : 16653,\n        \"iops\" : 2252.49\n      }\n    },\n    {\n      \"jobname\" : \"w\",\n      \"hostname\" : \"node1\",\n      \"mixed\" : {\n        \"bw\" : 8000,\n        \"iops\" : 1000\n      }\n    }\n  ]\n}\n";
        let f = Fio.parse(&Input::from_text(doc)).unwrap();
        let got: Vec<(String, String, usize)> = f
            .samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                (s.metric.name.to_string(), p.join(" "), s.line)
            })
            .collect();
        assert_eq!(got[0], ("mixed: bw".into(), "job=All clients".into(), 7));
        assert_eq!(got[3], ("mixed: IOPS".into(), "job=w host=node1".into(), 16));
    }

    #[test]
    fn a_cut_document_is_an_error_at_its_line() {
        let cut = &DOC[..DOC.find("\"iops\"").unwrap()];
        let e = Fio.parse(&Input::from_text(cut)).unwrap_err();
        assert!(e.line().is_some_and(|l| l >= 11), "{e}");
        assert!(e.to_string().contains("the document opened on line 2 is incomplete"), "{e}");
        // A complete document before the cut one is read, the cut one a warning.
        let two = format!("{DOC}{cut}");
        let f = Fio.parse(&Input::from_text(&two)).unwrap();
        assert_eq!(f.samples.len(), 5);
        assert!(f.notes.iter().any(|(_, m)| m.contains("fio JSON from line 34 is incomplete")), "{:?}", f.notes);
        let bad = DOC.replace("\"bw\" : 1024", "\"bw\" : \"x\"");
        assert_eq!(Fio.parse(&Input::from_text(&bad)).unwrap_err().line(), Some(11));
    }
}
