//! YCSB (the Yahoo! Cloud Serving Benchmark, 0.x; ycsb-rs; and go-ycsb):
//! its summary lines.
//!
//! ```text
//! [OVERALL], RunTime(ms), 10110
//! [OVERALL], Throughput(ops/sec), 98.91
//! [TOTAL_GCs], Count, 2
//! [READ], Operations, 496
//! [READ], AverageLatency(us), 562.3
//! [READ], 95thPercentileLatency(us), 1111
//! [READ], Return=OK, 496
//! ```
//!
//! Groups: the bracketed section as printed (`OVERALL`, `READ`, `UPDATE`,
//! `INSERT`, `CLEANUP`, `READ-FAILED`, `TOTAL_GCs` …). Metrics: the
//! measure's name, with the unit in its brackets (`RunTime` in ms,
//! `Throughput` in ops/sec, `AverageLatency` in us, `95thPercentileLatency`
//! in us or ms as printed), or without one (`Operations`, `Count`,
//! `Return=OK`). Better: `Throughput` higher; a latency and `RunTime` lower;
//! counts, return codes and the garbage collector's figures neither.
//!
//! Parameters, from the `ycsb` command line above the output when there is
//! one (`bin/ycsb run mongodb -P workloads/workloada -threads 16`; ycsb-rs'
//! `--database`, `--workload`, `--threads`): `phase` (`load`, `run`), `db`,
//! `workload` (the workload file's name), `threads` and `target`; and
//! `threads` from ycsb-rs' `[OVERALL], ThreadCount, N` line; the same
//! (but `db`) from the Java client's own `Command line: -db … -P
//! workloads/workloada -threads 16 -t` line. Several outputs
//! of one set-up in a file are runs. A load only inserts: a summary with
//! a read, update, scan or delete (`[READ]`, `[UPDATE-FAILED]`; go-ycsb's
//! `READ`, `UPDATE_ERROR`) under a command that said `load` (`bin/ycsb
//! load …`, `go-ycsb load …`, a post that pasted the wrong command) is
//! the run phase's, and a warning at its first such line says so; its
//! `INSERT`, `CLEANUP` and `OVERALL` lines alone leave it the load's. The histogram buckets (`[READ], 0,
//! 495`, `[READ], >1000, 0`) and the status lines of `-s` (`… 10 sec:
//! 726835 operations; 72683.5 current ops/sec; [READ: Count=…]`, progress
//! reports) are not read; a note on each run of status lines says so.
//! Nor is YCSB-C's HDR status line, one bracket per operation
//! (`[READ: Count=100000, Max=68, Min=1, Avg=4, 90=7, 99=13, …]
//! [UPDATE: Count=49826, …]`): its figures are rounded and its sections
//! may be the only ones of an operation a poster kept, so a note at its
//! line names the operations it holds.
//!
//! A run that failed (a `DBException` at its start) still prints its
//! summary, with `[OVERALL], Throughput(ops/sec), 0.0`, a `RunTime` of a
//! few ms and no operation: such a summary (the lines from its first to
//! the last in a row) is not read, and a warning at its `Throughput` line
//! says so. A summary whose `Return=ERROR` count is half or more of its
//! section's `Operations` (`[READ], Return=ERROR, 490` of 500) is a failed
//! run's, not read either (a warning at that line); fewer errors are a
//! warning, the summary read.
//!
//! go-ycsb (PingCAP's Go port) prints a line per operation once the run
//! is over, under `Run finished, takes 11m49.262264808s`:
//!
//! ```text
//! READ   - Takes(s): 709.3, Count: 5000195, OPS: 7049.9, Avg(us): 3066, Min(us): 1766, Max(us): 1185667, 99th(us): 10000, 99.9th(us): 29000, 99.99th(us): 329000
//! UPDATE_ERROR - Takes(s): 461.2, Count: 23, OPS: 0.0, Avg(us): 5312763, …
//! ```
//!
//! Groups: the operation as printed (`READ`, `UPDATE`, `INSERT`,
//! `UPDATE_ERROR` …). Metrics: each `Name(unit): value` as printed: `OPS`
//! in ops/sec (higher better; neither for an `_ERROR` operation, errors
//! a second), `Avg`, `Min`, `Max` and the percentiles (`50th`, `99.9th`)
//! in us (lower better), `Count` (neither). `Takes(s)`, the time the
//! operation ran, is not read. The same lines printed every 10 seconds
//! during the run (above `Run finished`) are interim reports, not results:
//! not read, and a note says so. Parameters from the `go-ycsb load|run DB
//! -P workloads/workloada --threads 128` command line (`-p
//! threadcount=N` too), and from the properties block go-ycsb prints
//! (`"threadcount"="8"`, `"dotransactions"="true"`: the run phase). A
//! thread count that is no number (`--threads xxx`, a post's placeholder)
//! is left out (a `load` above a summary of reads: as YCSB's, above).
//! go-tpc's lines of the same shape (`NEW_ORDER -
//! Takes(s): 9.7, Count: 691, TPM: 4274.7, …`), often beside go-ycsb's
//! in a TiDB post, are not go-ycsb's: a warning, not read.
//!
//! A summary line whose value is no number is an error at its line. A
//! value cut short (a truncated log's last line) is a note at its line and
//! is not read: one ending in a point (`199.`), or, from YCSB's Java
//! (which prints every double with a point), a `Throughput`,
//! `AverageLatency` or GC `Time(%)` without one (`199` for
//! `199.608766817038`). ycsb-rs (its `ThreadCount` line tells it) prints
//! a whole double without a point, so there only the first is told. An
//! `[OVERALL], RunTime(ms)` whose next line is not its
//! `Throughput(ops/sec)` (YCSB prints the two together) was cut there,
//! perhaps mid-number (`50` for `50098`, a log cut, then appended to): a
//! note, not read.

use super::cmdline::{args_of, base};
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// YCSB; registry id `"ycsb"`.
pub struct Ycsb;

const ID: &str = "ycsb";

/// The parameters, in the order samples carry them.
const PARAMS: [&str; 5] = ["phase", "db", "workload", "threads", "target"];

/// YCSB-C's HDR status line, `[READ: Count=100000, Max=68, Min=1, Avg=4,
/// 90=7, 99=13, 99.9=19, 99.99=38] [UPDATE: Count=49826, …]` → the
/// operations it holds (`READ`, `UPDATE`).
fn hdr_line(t: &str) -> Option<Vec<&str>> {
    let mut ops = Vec::new();
    for part in t.split('[').skip(1) {
        let (op, rest) = part.split_once(": Count=")?;
        rest.trim_end().strip_suffix(']')?;
        ops.push(op);
    }
    (t.starts_with('[') && !ops.is_empty()).then_some(ops)
}

/// The Java client's `-s` status line, every `status.interval` seconds:
/// `2022-07-06 15:50:18:917 1 sec: 1000 operations; 542.01 current
/// ops/sec; [INSERT: Count=1000, Max=134655, Min=561, Avg=8506.37, 90=…]`
/// (also `… 0 sec: 0 operations; est completion in 0 second`): the
/// seconds run, then the operations done so far.
fn status_line(t: &str) -> bool {
    let Some((head, rest)) = t.split_once(" sec: ") else { return false };
    let digits = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    let mut words = rest.split_whitespace();
    head.rsplit(' ').next().is_some_and(digits)
        && words.next().is_some_and(digits)
        && words.next().is_some_and(|w| w == "operations;")
}

/// Words of the note on the Java client's `-s` status lines (progress,
/// every figure of them certain to be no result: [`super::note_is_info`]).
pub const STATUS_LINES_NOT_RESULTS: &str = "progress reports, not results: not read";

/// `[READ], AverageLatency(us), 562.3` → (section, measure, value text).
fn summary_line(t: &str) -> Option<(&str, &str, &str)> {
    let rest = t.strip_prefix('[')?;
    let (section, rest) = rest.split_once("],")?;
    let (measure, value) = rest.split_once(',')?;
    let (section, measure) = (section.trim(), measure.trim());
    (!section.is_empty() && !measure.is_empty()).then_some((section, measure, value.trim()))
}

/// go-ycsb's line for an operation: `READ   - Takes(s): 10.0, Count: 125,
/// OPS: 12.5, Avg(us): 2282, …` → (`READ`, its `Name(unit): value` pairs
/// as printed). Not go-tpc's `[Summary] NEW_ORDER - Takes(s): …` (an
/// operation is one word of capitals, digits and `_`).
fn go_line(t: &str) -> Option<(&str, Vec<(&str, &str)>)> {
    let (op, rest) = t.split_once(" - ")?;
    let op = op.trim_end();
    let is_op = !op.is_empty() && op.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    if !is_op || !rest.starts_with("Takes(s): ") {
        return None;
    }
    let pairs: Option<Vec<(&str, &str)>> =
        rest.split(", ").map(|pair| pair.split_once(": ").map(|(k, v)| (k.trim(), v.trim()))).collect();
    pairs.filter(|p| p.len() > 1).map(|p| (op, p))
}

/// A go-ycsb measure → its metric: `Avg(us)` → `Avg` in us, lower better;
/// `OPS` in ops/sec; `Count`. `None` for `Takes(s)`.
fn go_metric(op: &str, key: &str) -> Option<Metric> {
    let (name, unit) = match key.split_once('(') {
        Some((n, u)) => (n.trim(), u.trim_end_matches(')')),
        None => (key, ""),
    };
    Some(match name {
        "Takes" => return None,
        "OPS" if op.ends_with("_ERROR") => Metric::new("OPS", "ops/sec", Better::Neither),
        "OPS" => Metric::new("OPS", "ops/sec", Better::Higher),
        "Count" => Metric::new("Count", "", Better::Neither),
        _ => Metric::new(name, unit, if unit.is_empty() { Better::Neither } else { Better::Lower }),
    })
}

/// A measure → its metric: `AverageLatency(us)` → `AverageLatency` in us.
fn metric(section: &str, measure: &str) -> Metric {
    let (name, unit) = match measure.split_once('(') {
        Some((n, u)) => (n.trim(), u.trim_end_matches(')')),
        None => (measure, ""),
    };
    let better = if section.starts_with("TOTAL_GC") {
        Better::Neither
    } else if name == "Throughput" {
        Better::Higher
    } else if name.contains("Latency") || name == "RunTime" {
        Better::Lower
    } else {
        Better::Neither
    };
    Metric::new(name, unit, better)
}

#[derive(Default)]
struct Reader {
    out: ParsedFile,
    params: Vec<(&'static str, String)>,
    /// YCSB's Java writes every double with a point (`Double.toString`:
    /// `98.91`, `0.0`); ycsb-rs (which prints `ThreadCount`) writes a
    /// whole one without.
    java: bool,
    /// Where the current output's summary began in `out.samples`, while
    /// its lines run on (`None` between outputs).
    block: Option<usize>,
    /// The current output did no operation: its lines are not read.
    failed: bool,
    /// The sample and line of an `[OVERALL], RunTime(ms)` not yet followed
    /// by its `Throughput(ops/sec)` line.
    runtime: Option<(usize, usize)>,
    /// go-ycsb's `Run finished` was the line above this run of its
    /// operation lines: they are the run's summary.
    go_summary: bool,
    /// Whether go-ycsb's interim lines were noted.
    go_interim_noted: bool,
    /// Where the current go-ycsb summary began in `out.samples`.
    go_start: usize,
    /// The line of the command (`bin/ycsb load …`, `go-ycsb load …`,
    /// the Java client's `Command line: … -load`) that set `phase=load`,
    /// while no other line set the phase.
    load_line: Option<usize>,
    /// Whether go-tpc's lines (`TPM:`) were warned of.
    go_tpc_noted: bool,
    /// The lines of the Java client's `-s` status lines ([`status_line`]).
    status: Vec<usize>,
}

/// Whether a summary's operation is one a load never does: a read,
/// update, scan, delete or read-modify-write, as YCSB's Java client
/// (`READ`, `UPDATE-FAILED`, `READ-MODIFY-WRITE`) or go-ycsb
/// (`UPDATE_ERROR`, `BATCH_READ`, `READ_MODIFY_WRITE`) names it. Not
/// `INSERT` (a load's own), `CLEANUP`, `OVERALL` nor the collector's
/// `TOTAL_GC…`.
fn is_transaction(op: &str) -> bool {
    let op = op.trim_end_matches("_ERROR").trim_end_matches("-FAILED");
    let op = op.strip_prefix("BATCH_").unwrap_or(op);
    matches!(op, "READ" | "UPDATE" | "SCAN" | "DELETE" | "READ-MODIFY-WRITE" | "READ_MODIFY_WRITE")
}

/// The measures YCSB computes as doubles: `Throughput(ops/sec)`,
/// `AverageLatency(us)`, the garbage collector's `Time(%)`. The others
/// (`RunTime(ms)`, `Operations`, `MaxLatency(us)`, percentiles, counts)
/// are whole numbers.
fn is_double(measure: &str) -> bool {
    measure.starts_with("Throughput") || measure.starts_with("AverageLatency") || measure == "Time(%)"
}

/// Whether `value`, printed for `measure`, was cut short (a truncated
/// log's last line): neither YCSB nor ycsb-rs ends a number with a point
/// (`199.` for `199.608766817038`), and YCSB's Java prints a double with
/// one (`199` for it).
fn cut(value: &str, measure: &str, java: bool) -> bool {
    value.ends_with('.') || (java && is_double(measure) && !value.contains(['.', 'E']))
}

impl Reader {
    fn set(&mut self, name: &'static str, value: &str) {
        self.params.retain(|(n, _)| *n != name);
        self.params.push((name, value.to_string()));
        self.params.sort_by_key(|(n, _)| PARAMS.iter().position(|p| p == n));
    }

    /// The thread count, when it is one (`--threads xxx`, a post's
    /// placeholder, is none).
    fn set_threads(&mut self, v: &str) {
        if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
            self.set("threads", v);
        }
    }

    /// go-ycsb's properties block: `"threadcount"="8"`,
    /// `"dotransactions"="true"` (the run phase; `false`, the load).
    fn go_property(&mut self, t: &str) -> bool {
        let Some((key, value)) = t.split_once("\"=\"") else { return false };
        let value = value.trim_end_matches('"');
        match key.trim_start_matches('"') {
            "threadcount" => self.set_threads(value),
            "dotransactions" if value == "true" => {
                self.load_line = None;
                self.set("phase", "run");
            }
            "dotransactions" if value == "false" => {
                self.load_line = None;
                self.set("phase", "load");
            }
            _ => {}
        }
        true
    }

    /// go-ycsb's operation line: read when it is the run's summary (below
    /// `Run finished`), noted once as an interim report when not.
    fn go(&mut self, n: usize, t: &str, op: &str, pairs: &[(&str, &str)]) -> Result<(), ParseError> {
        // go-tpc (PingCAP's TPC-C driver, often run beside go-ycsb) prints
        // lines of the same shape, with `TPM` (transactions a minute):
        // not go-ycsb's.
        if pairs.iter().any(|(k, _)| *k == "TPM") {
            if !self.go_tpc_noted {
                self.go_tpc_noted = true;
                let msg = "go-tpc's TPC-C lines (`NEW_ORDER - Takes(s): …, TPM: …`), not go-ycsb's: not read \
                           (benchsite has no go-tpc parser)";
                self.out.notes.push((n, msg.into()));
            }
            return Ok(());
        }
        if !self.go_summary {
            if !self.go_interim_noted {
                self.go_interim_noted = true;
                let msg =
                    "go-ycsb's interim reports (printed every 10 s during the run, above `Run finished`): not read";
                self.out.notes.push((n, msg.into()));
            }
            return Ok(());
        }
        if self.load_line.is_some() && is_transaction(op) {
            self.run_phase(n, op, self.go_start);
        }
        for (key, value) in pairs {
            let Some(metric) = go_metric(op, key) else { continue };
            let v = plain(value).ok_or_else(|| ParseError::malformed(n, format!("a number for `{key}`"), t))?;
            let mut s = Sample::new(metric, v, n).with_group(op);
            for (name, value) in &self.params {
                s = s.with_param(*name, value);
            }
            self.out.samples.push(s);
        }
        Ok(())
    }

    /// A load only inserts: a summary with a transaction's operation
    /// (`READ`, `UPDATE`, `UPDATE-FAILED` …; [`is_transaction`]) under a
    /// command that said `load` (`bin/ycsb load …`, `go-ycsb load …`: the
    /// poster pasted the wrong command) is a run's. Its samples, those of
    /// this summary (from `start` in `out.samples`) already read too, get
    /// `phase=run`, and a warning at the operation's line says so. Both
    /// clients' summaries come here, YCSB's Java one and go-ycsb's.
    fn run_phase(&mut self, n: usize, op: &str, start: usize) {
        let Some(at) = self.load_line.take() else { return };
        self.set("phase", "run");
        for s in &mut self.out.samples[start..] {
            for p in &mut s.params {
                if p.name == "phase" {
                    p.value = "run".into();
                }
            }
        }
        let msg = format!(
            "the YCSB command line (line {at}) says `load`, but a load only inserts and this summary has {op}: \
             read as the run phase (`phase=run`)"
        );
        self.out.notes.push((n, msg));
    }

    /// A `ycsb`/`go-ycsb` command line at line `n` (`bin/ycsb load mongodb
    /// -P workloads/workloada -threads 16`): its set-up replaces the last
    /// one's; `load` is remembered (see [`Reader::run_phase`]).
    fn command(&mut self, n: usize, args: &[&str]) {
        self.params.clear();
        self.load_line = None;
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let name = match *a {
                "load" | "run" => {
                    self.set("phase", a);
                    self.load_line = (*a == "load").then_some(n);
                    if let Some(db) = it.clone().next().filter(|d| !d.starts_with('-')) {
                        self.set("db", db);
                        it.next();
                    }
                    continue;
                }
                "-P" | "--workload" => "workload",
                "-threads" | "--threads" | "-T" => "threads",
                "-target" => "target",
                "--database" => "db",
                "-p" => {
                    if let Some(v) = it.clone().next().and_then(|v| v.strip_prefix("threadcount=")) {
                        self.set_threads(v);
                        it.next();
                    }
                    continue;
                }
                _ => continue,
            };
            if let Some(v) = it.next() {
                let v = if name == "workload" { base(v).trim_end_matches(".toml") } else { v };
                if name == "threads" {
                    self.set_threads(v);
                } else {
                    self.set(name, v);
                }
            }
        }
    }

    /// YCSB's Java client's own echo of its arguments, `Command line: -db
    /// site.ycsb.db.JdbcDBClient -P workloads/workloada -threads 16 -t -s`
    /// (printed whether or not the `bin/ycsb` line was kept): `-t` is the
    /// run phase, `-load` the load phase (neither: left unset), the first
    /// `-P` the workload (later ones are extra property files), `-threads`
    /// or `-p threadcount=N` the threads, `-target` the target. Its `-db`
    /// names a Java class, not the `bin/ycsb` binding (`jdbc`), so it is
    /// not read; a `db` of the `bin/ycsb` line above is kept.
    fn java_command(&mut self, n: usize, args: &str) {
        self.params.retain(|(n, _)| *n == "db");
        self.load_line = None;
        let args: Vec<&str> = args.split_whitespace().collect();
        let mut workload = false;
        let mut i = 0;
        while let Some(a) = args.get(i) {
            let next = args.get(i + 1).copied();
            match (*a, next) {
                ("-t", _) => {
                    self.load_line = None;
                    self.set("phase", "run");
                }
                ("-load", _) => {
                    self.load_line = Some(n);
                    self.set("phase", "load");
                }
                ("-P", Some(v)) if !workload => {
                    workload = true;
                    self.set("workload", base(v));
                }
                ("-threads", Some(v)) => self.set("threads", v),
                ("-target", Some(v)) => self.set("target", v),
                ("-p", Some(v)) if v.starts_with("threadcount=") => self.set("threads", &v["threadcount=".len()..]),
                _ => {}
            }
            i += 1;
        }
    }

    fn line(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        // YCSB prints `Throughput(ops/sec)` on the line after `RunTime(ms)`:
        // a `RunTime` followed by anything else was cut there, perhaps
        // mid-number (`50` for `50098`, a log cut, then appended to).
        if let Some((i, at)) = self.runtime.filter(|_| !t.is_empty()) {
            self.runtime = None;
            if !summary_line(t).is_some_and(|(s, m, _)| s == "OVERALL" && m.starts_with("Throughput")) {
                self.out.samples.remove(i);
                let msg = "YCSB's `RunTime(ms)` with no `Throughput(ops/sec)` line after it (YCSB prints one: the output \
                           looks cut there, then appended to): not read";
                self.out.notes.push((at, msg.into()));
            }
        }
        if let Some(args) = t.strip_prefix("Command line: -") {
            self.java_command(n, &format!("-{args}"));
            return Ok(());
        }
        if let Some(args) = args_of(t, "go-ycsb").or_else(|| args_of(t, "ycsb")).or_else(|| args_of(t, "ycsb.sh")) {
            self.command(n, &args);
            return Ok(());
        }
        if let Some((op, pairs)) = go_line(t) {
            return self.go(n, t, op, &pairs);
        }
        if status_line(t) {
            self.status.push(n);
            return Ok(());
        }
        if let Some(ops) = hdr_line(t) {
            let msg = format!(
                "YCSB-C's HDR status line ({}: Count, Max, Min, Avg, percentiles, rounded): not read; the `[OP], …` \
                 summary lines are",
                ops.join(", ")
            );
            self.out.notes.push((n, msg));
            return Ok(());
        }
        // go-ycsb's summary lines follow its `Run finished` line; any other
        // line ends them.
        self.go_summary = t.starts_with("Run finished, takes ");
        if self.go_summary {
            self.go_start = self.out.samples.len();
        }
        if t.starts_with('"') && self.go_property(t) {
            return Ok(());
        }
        let Some((section, measure, value)) = summary_line(t) else {
            (self.block, self.failed) = (None, false);
            return Ok(());
        };
        let start = *self.block.get_or_insert(self.out.samples.len());
        if self.failed || plain(measure).is_some() || measure.starts_with('>') {
            return Ok(());
        }
        let v = plain(value).ok_or_else(|| ParseError::malformed(n, format!("a number for `{measure}`"), t))?;
        if self.load_line.is_some() && is_transaction(section) {
            self.run_phase(n, section, start);
        }
        if cut(value, measure, self.java) {
            let msg = format!("YCSB's `{measure}` without its decimals (the line looks cut short): not read");
            self.out.notes.push((n, msg));
            return Ok(());
        }
        if section == "OVERALL" && measure.starts_with("Throughput") && v == 0.0 {
            self.out.samples.truncate(start);
            self.failed = true;
            let msg = "YCSB's run did no operation (`Throughput` 0: it failed, as the error above it says): none of its summary is read";
            self.out.notes.push((n, msg.into()));
            return Ok(());
        }
        if measure == "Return=ERROR" && v > 0.0 {
            let ops = self.out.samples[start..]
                .iter()
                .find(|s| s.group == section && s.metric.name == "Operations")
                .map(|s| s.value.mean());
            if ops.is_some_and(|o| 2.0 * v >= o) {
                // Most operations failed: the latencies and throughput
                // are a failing database's (errors return fast).
                self.out.samples.truncate(start);
                self.failed = true;
                let msg = format!(
                    "YCSB's run failed: {v} of its {} {section} operations returned ERROR; none of its summary is read",
                    ops.unwrap_or_default()
                );
                self.out.notes.push((n, msg));
                return Ok(());
            }
            let of = ops.map(|o| format!(" of {o}")).unwrap_or_default();
            self.out
                .notes
                .push((n, format!("{v}{of} {section} operations returned ERROR: the run's figures count them")));
        }
        if section == "OVERALL" && measure == "ThreadCount" {
            self.set("threads", value);
            return Ok(());
        }
        let mut s = Sample::new(metric(section, measure), v, n).with_group(section);
        for (name, value) in &self.params {
            s = s.with_param(*name, value);
        }
        // Some outputs print the Throughput first (a YCSB REST build's, in
        // a Russian post): its RunTime follows it, and is whole.
        let throughput_read = || {
            self.out.samples[start..].iter().any(|s| s.group == "OVERALL" && s.metric.name.starts_with("Throughput"))
        };
        if section == "OVERALL" && measure.starts_with("RunTime") && !throughput_read() {
            self.runtime = Some((self.out.samples.len(), n));
        }
        self.out.samples.push(s);
        Ok(())
    }
}

impl BenchParser for Ycsb {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "YCSB summary lines ([OVERALL], [READ] … ; YCSB 0.x, ycsb-rs, go-ycsb)"
    }

    /// Go YCSB's `Run finished, takes `, or `[OVERALL],`.
    fn literals(&self) -> &'static [&'static str] {
        &["Run finished, takes ", "[OVERALL],"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if input.has("Run finished, takes ") && input.has(" - Takes(s): ") {
            let go = |l: &String| go_line(l.trim()).is_some();
            if input.lines.iter().any(go) {
                return 90;
            }
        }
        if !input.has("[OVERALL],") {
            return 0;
        }
        let overall = |l: &String| summary_line(l.trim()).is_some_and(|(s, _, v)| s == "OVERALL" && plain(v).is_some());
        if input.lines.iter().any(overall) { 90 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut r = Reader {
            out: ParsedFile { benchmark: ID.into(), ..ParsedFile::default() },
            java: !input.has("ThreadCount"),
            ..Reader::default()
        };
        for (n, line) in input.numbered() {
            r.line(n, line.trim())?;
        }
        // The `-s` status lines, a note on each run of them (afix49b: they
        // were passed over without a word).
        let mut k = 0;
        while k < r.status.len() {
            let first = r.status[k];
            while k + 1 < r.status.len() && r.status[k + 1] == r.status[k] + 1 {
                k += 1;
            }
            let last = r.status[k];
            k += 1;
            let at = if first == last { format!("line {first}") } else { format!("lines {first}-{last}") };
            let msg = format!(
                "YCSB's `-s` status line(s) at {at} (the operations so far, each interval's ops/sec and \
                 latencies): {STATUS_LINES_NOT_RESULTS}; the `[OVERALL]`, `[OP], …` summary lines are"
            );
            let i = r.out.notes.partition_point(|(n, _)| *n <= first);
            r.out.notes.insert(i, (first, msg));
        }
        if r.out.samples.is_empty() {
            let reason = match r
                .out
                .notes
                .iter()
                .find(|(_, m)| m.contains("did no operation") || m.starts_with("YCSB's run failed"))
            {
                Some((n, m)) if m.starts_with("YCSB's run failed") => format!("line {n}: {m}"),
                Some((n, _)) => format!("line {n}: the run did no operation (`Throughput` 0: it failed)"),
                None => {
                    "no `[SECTION], Measure, value` line, nor go-ycsb's `OP - Takes(s): …` under `Run finished`".into()
                }
            };
            return Err(ParseError::NoResults { benchmark: ID, reason });
        }
        Ok(r.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Java client's `-s` status lines (Arm's learning path, YCSB
    /// 0.17): progress, noted once a run of them, never read.
    #[test]
    fn java_status_lines_are_noted_not_read() {
        let text = "2022-07-06 15:50:18:000 0 sec: 0 operations; est completion in 0 second\n\
                    2022-07-06 15:50:18:917 1 sec: 1000 operations; 542.01 current ops/sec; [INSERT: Count=1000, \
                    Max=134655, Min=561, Avg=8506.37, 90=10287, 99=39903, 99.9=134015, 99.99=134655]\n\
                    [OVERALL], RunTime(ms), 1849\n[OVERALL], Throughput(ops/sec), 540.8328826392644\n";
        let f = Ycsb.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 2);
        assert!(f.samples.iter().all(|s| s.line >= 3));
        let notes: Vec<&(usize, String)> =
            f.notes.iter().filter(|(_, m)| m.contains(STATUS_LINES_NOT_RESULTS)).collect();
        assert_eq!(notes.len(), 1, "{:?}", f.notes);
        assert_eq!(notes[0].0, 1);
        assert!(notes[0].1.contains("lines 1-2"));
        assert!(crate::parse::note_is_info(&notes[0].1));
        assert!(!status_line("[READ], Operations, 102"));
        assert!(!status_line("it ran 10 sec: 5 times faster"));
    }

    #[test]
    fn the_hdr_status_line_is_noted_not_read() {
        // YCSB-C's README: the HDR line holds the only UPDATE figures kept.
        let text = "[READ: Count=100000, Max=68, Min=1, Avg=4, 90=7, 99=13, 99.9=19, 99.99=38] [UPDATE: Count=49826, \
            Max=8391, Min=8, Avg=13, 90=16, 99=26, 99.9=38, 99.99=66] \n\
            [OVERALL], RunTime(ms), 1367.115696\n[OVERALL], Throughput(ops/sec), 73146.698771\n";
        let f = Ycsb.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 2);
        assert!(f.notes.iter().any(|(n, m)| *n == 1 && m.contains("READ, UPDATE")));
        assert_eq!(hdr_line("[READ], Operations, 100000"), None);
    }

    #[test]
    fn summary_and_command_line() {
        let text = "$ bin/ycsb run scylla -P workloads/workloada -target 10000 -threads 840 -p recordcount=1\n\
            \x20   [OVERALL], RunTime(ms), 1022705\n    [OVERALL], Throughput(ops/sec), 9777.99\n\
            [TOTAL_GCs], Count, 199\n[READ], 95thPercentileLatency(us), 133119\n[READ], Return=ERROR, 135846\n\
            [READ], 0, 495\n./target/release/ycsb --database sqlite --workload workloads/workloadc.toml load\n\
            [OVERALL], ThreadCount, 1\n[OVERALL], RunTime(ms), 3825\n";
        let input = Input::from_text(text);
        assert_eq!(Ycsb.detect(&input), 90);
        let f = Ycsb.parse(&input).unwrap();
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!(
                    "{} {}|{} {} {} {:?} [{}]",
                    s.line,
                    s.group,
                    s.metric.name,
                    s.metric.unit,
                    s.value.mean(),
                    s.metric.better,
                    p.join(" ")
                )
            })
            .collect();
        assert_eq!(
            got[0],
            "2 OVERALL|RunTime ms 1022705 Lower [phase=run db=scylla workload=workloada threads=840 target=10000]"
        );
        assert_eq!(
            got[1],
            "3 OVERALL|Throughput ops/sec 9777.99 Higher [phase=run db=scylla workload=workloada threads=840 target=10000]"
        );
        assert_eq!(
            got[2],
            "4 TOTAL_GCs|Count  199 Neither [phase=run db=scylla workload=workloada threads=840 target=10000]"
        );
        assert_eq!(
            got[3],
            "5 READ|95thPercentileLatency us 133119 Lower [phase=run db=scylla workload=workloada threads=840 target=10000]"
        );
        assert_eq!(
            got[4],
            "6 READ|Return=ERROR  135846 Neither [phase=run db=scylla workload=workloada threads=840 target=10000]"
        );
        assert_eq!(got[5], "10 OVERALL|RunTime ms 3825 Lower [phase=load db=sqlite workload=workloadc threads=1]");
        assert_eq!(got.len(), 6);
        let bad = "[OVERALL], RunTime(ms), 10\n[READ], Operations, x\n";
        assert_eq!(Ycsb.parse(&Input::from_text(bad)).unwrap_err().line(), Some(2));
    }

    /// The Java client's `Command line:` gives the set-up with no
    /// `bin/ycsb` line (attacker's yc/: workloada with 16 threads was
    /// compared with workloadc with 1, `Throughput -3.27×`).
    #[test]
    fn the_java_clients_command_line_gives_workload_threads_and_phase() {
        let params = |cmd: &str| -> String {
            let text = format!(
                "{cmd}\nYCSB Client 0.17.0\n\nLoading workload...\nStarting test.\n\
                 [OVERALL], RunTime(ms), 10110\n[OVERALL], Throughput(ops/sec), 199.608767\n"
            );
            let f = Ycsb.parse(&Input::from_text(&text)).unwrap();
            assert_eq!(f.samples[1].value.mean(), 199.608767);
            f.samples[1].params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(
            params("Command line: -db site.ycsb.db.JdbcDBClient -P workloads/workloada -threads 16 -t -s"),
            "phase=run workload=workloada threads=16"
        );
        assert_eq!(
            params("Command line: -db site.ycsb.db.JdbcDBClient -P workloads/workloadc -threads 1 -t -s"),
            "phase=run workload=workloadc threads=1"
        );
        // A later `-P` is a property file; `-p threadcount=` the threads.
        assert_eq!(
            params(
                "Command line: -db x.RocksDBClient -P /y/workloads/workloada -P /y/cache_512MB.properties -p threadcount=1 -load"
            ),
            "phase=load workload=workloada threads=1"
        );
        // The `bin/ycsb` line's db is kept, its other set-up the same.
        assert_eq!(
            params(
                "$ bin/ycsb run jdbc -P workloads/workloada -threads 16\nCommand line: -db site.ycsb.db.JdbcDBClient -P workloads/workloada -threads 16 -t"
            ),
            "phase=run db=jdbc workload=workloada threads=16"
        );
    }

    /// go-ycsb (a TiDB homework, 2020): interim lines every 10 s, then
    /// `Run finished` and the summary; go-tpc's `[Summary]` lines are not
    /// go-ycsb's.
    #[test]
    fn go_ycsb_summary_below_run_finished_not_the_interim_lines() {
        let text = "./bin/go-ycsb run mysql -P workloads/workloada --threads xxx\n\"threadcount\"=\"8\"\n\
            READ   - Takes(s): 10.0, Count: 125, OPS: 12.5, Avg(us): 2282, Min(us): 544, 99th(us): 5000\n\
            Run finished, takes 44.39704297s\n\
            READ   - Takes(s): 44.4, Count: 517, OPS: 11.6, Avg(us): 3331, Min(us): 455, 99th(us): 11000\n\
            UPDATE_ERROR - Takes(s): 461.2, Count: 23, OPS: 0.0, Avg(us): 5312763\n";
        let input = Input::from_text(text);
        assert_eq!(Ycsb.detect(&input), 90);
        let f = Ycsb.parse(&input).unwrap();
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| format!("{} {} {} {} {:?}", s.line, s.group, s.metric.name, s.value.mean(), s.metric.better))
            .collect();
        assert_eq!(
            got,
            [
                "5 READ Count 517 Neither",
                "5 READ OPS 11.6 Higher",
                "5 READ Avg 3331 Lower",
                "5 READ Min 455 Lower",
                "5 READ 99th 11000 Lower",
                "6 UPDATE_ERROR Count 23 Neither",
                "6 UPDATE_ERROR OPS 0 Neither",
                "6 UPDATE_ERROR Avg 5312763 Lower",
            ]
        );
        let params: Vec<String> = f.samples[0].params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        assert_eq!(params, ["phase=run", "db=mysql", "workload=workloada", "threads=8"]);
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 3);
        let tpc = "Finished\n[Summary] DELIVERY - Takes(s): 2.3, Count: 66, TPM: 1734.2, Avg(ms): 325\n";
        assert_eq!(Ycsb.detect(&Input::from_text(tpc)), 0);
        assert!(go_line("[Summary] DELIVERY - Takes(s): 2.3, Count: 66").is_none());
    }

    #[test]
    fn a_failed_run_with_throughput_zero_is_not_read() {
        let failed = "Caused by: org.rocksdb.RocksDBException: Unrecognized option DBOptions:: bloom_bits\n\
            [OVERALL], RunTime(ms), 66\n[OVERALL], Throughput(ops/sec), 0.0\n[TOTAL_GCs], Count, 0\n";
        let good = "Starting test.\n[OVERALL], RunTime(ms), 10110\n[OVERALL], Throughput(ops/sec), 98.91\n\
            [READ], Operations, 496\n";
        let f = Ycsb.parse(&Input::from_text(&format!("{failed}{good}"))).unwrap();
        let lines: Vec<usize> = f.samples.iter().map(|s| s.line).collect();
        assert_eq!(lines, [6, 7, 8]);
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 3);
        assert!(!crate::parse::note_is_info(&f.notes[0].1));
        let err = Ycsb.parse(&Input::from_text(failed)).unwrap_err();
        assert!(err.to_string().contains("line 3: the run did no operation"), "{err}");
    }

    /// A TiDB post (2020, `md-2020-tidb-tiup-go-ycsb-…` fixture): `go-ycsb
    /// load` pasted above a run's READ/UPDATE summary, then go-tpc's lines.
    #[test]
    fn go_ycsb_load_command_above_reads_is_the_run_phase_and_go_tpc_is_not_read() {
        let text = "# go-ycsb load mysql -P workloads/workloada --threads 16\n\
            Run finished, takes 517.175465ms\n\
            INSERT - Takes(s): 0.5, Count: 8, OPS: 16.0, Avg(us): 3518\n\
            READ   - Takes(s): 0.5, Count: 510, OPS: 1011.2, Avg(us): 3518\n\
            \n# go-tpc tpcc --warehouses 8 run --time 2m --threads 16\n\
            NEW_ORDER - Takes(s): 9.7, Count: 691, TPM: 4274.7, Sum(ms): 77505, Avg(ms): 112\n\
            Finished\nNEW_ORDER - Takes(s): 119.7, Count: 8358, TPM: 4188.7, Avg(ms): 111\n";
        let f = Ycsb.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 6);
        for s in &f.samples {
            assert!(s.params.iter().any(|p| p.name == "phase" && p.value == "run"), "{s:?}");
        }
        let notes: Vec<(usize, bool)> = f.notes.iter().map(|(n, m)| (*n, crate::parse::note_is_info(m))).collect();
        assert_eq!(notes, [(4, false), (7, false)], "{:?}", f.notes);
        assert!(f.notes[0].1.contains("(line 1) says `load`"), "{}", f.notes[0].1);
        assert!(f.notes[1].1.starts_with("go-tpc's"), "{}", f.notes[1].1);
        // A load's own summary (INSERT only) stays the load phase, unwarned.
        let load = "go-ycsb load mysql -P workloads/workloada\nRun finished, takes 1s\n\
            INSERT - Takes(s): 1.0, Count: 10, OPS: 10.0, Avg(us): 100\n";
        let f = Ycsb.parse(&Input::from_text(load)).unwrap();
        assert!(f.notes.is_empty(), "{:?}", f.notes);
        assert!(f.samples[0].params.iter().any(|p| p.name == "phase" && p.value == "load"));
    }

    /// YCSB issue #1271 (2019): `bin/ycsb load mongodb-async -s -P
    /// workloads/workloada` above a summary of READ and UPDATE-FAILED (the
    /// poster pasted it with `|` between the fields, which nothing reads;
    /// here as YCSB prints it). Main filed the reads under `phase=load`
    /// without a word.
    #[test]
    fn java_ycsb_load_command_above_reads_is_the_run_phase() {
        let text = "bin/ycsb load mongodb-async -s -P workloads/workloada > outputLoad.txt\n\n\
            mongo client connection created with   mongodb://localhost:27017/ycsb?w=1\n\
            [OVERALL], RunTime(ms), 3632\n[OVERALL], Throughput(ops/sec), 275.3303965\n\
            [TOTAL_GCs], Count, 3\n[READ], Operations, 102\n[READ], AverageLatency(us), 3149.284314\n\
            [UPDATE-FAILED], Operations, 55\n[CLEANUP], Operations, 1\n";
        let f = Ycsb.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 7);
        for s in &f.samples {
            assert!(s.params.iter().any(|p| p.name == "phase" && p.value == "run"), "{s:?}");
        }
        let notes: Vec<(usize, bool)> = f.notes.iter().map(|(n, m)| (*n, crate::parse::note_is_info(m))).collect();
        assert_eq!(notes, [(7, false)], "{:?}", f.notes);
        assert!(f.notes[0].1.contains("(line 1) says `load`") && f.notes[0].1.contains("READ"), "{}", f.notes[0].1);
        // A load's own summary (INSERT, CLEANUP, the collector) stays the
        // load phase, unwarned (a README's redis load, YCSB 0.12.0).
        let load = "./bin/ycsb load redis -s -P workloads/workloada -p redis.host=localhost\n\
            [OVERALL], RunTime(ms), 275.0\n[OVERALL], Throughput(ops/sec), 3636.3636363636365\n\
            [TOTAL_GCs], Count, 0.0\n[CLEANUP], Operations, 1.0\n[INSERT], Operations, 1000.0\n";
        let f = Ycsb.parse(&Input::from_text(load)).unwrap();
        assert!(f.notes.is_empty(), "{:?}", f.notes);
        assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "phase" && p.value == "load")));
        // The client's own `Command line: … -t` under the `load` line: the
        // run, said by the client, unwarned.
        let echoed = "bin/ycsb load basic -P workloads/workloada\n\
            Command line: -db site.ycsb.BasicDB -P workloads/workloada -t\n\
            [OVERALL], RunTime(ms), 10\n[OVERALL], Throughput(ops/sec), 98.91\n[READ], Operations, 496\n";
        let f = Ycsb.parse(&Input::from_text(echoed)).unwrap();
        assert!(f.notes.is_empty(), "{:?}", f.notes);
        assert!(
            is_transaction("READ-MODIFY-WRITE") && is_transaction("BATCH_UPDATE") && is_transaction("UPDATE_ERROR")
        );
        assert!(!is_transaction("INSERT") && !is_transaction("INSERT-FAILED") && !is_transaction("CLEANUP"));
        assert!(!is_transaction("BATCH_INSERT") && !is_transaction("TOTAL_GCs") && !is_transaction("OVERALL"));
    }
}
