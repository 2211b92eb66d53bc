//! schbench (Chris Mason's scheduler wakeup-latency benchmark), every
//! form from 2016 to today, with or without LKP's framing.
//!
//! schbench 1.x (2023 on) prints wakeup and request latency percentiles,
//! cumulative, every interval (each followed by `current rps:`), then the
//! run's final report and its requests per second:
//!
//! ```text
//! Wakeup Latencies percentiles (usec) runtime 30 (s) (434591 total samples)
//!           50.0th: 6          (169879 samples)
//!         * 99.0th: 9          (14226 samples)
//!           min=1, max=119
//! Request Latencies percentiles (usec) runtime 30 (s) (437859 total samples)
//!           50.0th: 6008       (130576 samples)
//!           min=5698, max=17204
//! RPS percentiles (requests) runtime 30 (s) (3 total samples)
//!         * 50.0th: 17376      (1 samples)
//!           min=15869, max=18042
//! average rps: 17108.70
//! ```
//!
//! Older versions print one kind of report, `Latency percentiles (usec)`
//! (2016–2018: `*99.0000th: 52` rows, once at the end) or `Latency
//! percentiles (usec) runtime 30 (s) (1000 total samples)` (2019–2022:
//! cumulative every interval, the last one the run's). That latency is the
//! wakeup latency schbench 1.x calls by its name.
//!
//! Groups and metrics:
//!
//! | group     | names                              | unit | better |
//! |-----------|------------------------------------|------|--------|
//! | `wakeup`  | `50.0th` … `99.9th`, `min`, `max`  | usec | Lower  |
//! | `request` | `50.0th` … `99.9th`, `min`, `max`  | usec | Lower  |
//! | `rps`     | `20.0th` … `90.0th`, `min`, `max`, `average rps` | rps | Higher |
//! | `pipe`    | `avg worker transfer`              | ops/s | Higher |
//!
//! Pipe mode (`-p 512`, 2023 on) prints its result after the wakeup
//! report: `avg worker transfer: 28211.91 ops/sec 13.78MB/s`; the ops/sec
//! are read, the bytes per second (the same figure times `-p`) are not.
//! The wakeup report right above that line is pipe mode's: its figures and
//! the transfer figure carry a `mode=pipe` parameter, so they are never
//! averaged or compared with a normal run's; a `-p` on the command line
//! gives `mode=pipe` too (beside `pipe_size`).
//!
//! Percentiles are named with one decimal as schbench 1.x prints them
//! (`99.0000th` reads `99.0th`), so that versions compare. The sample
//! counts in parentheses are not read.
//!
//! Interim reports: within a stretch of report lines (header, rows,
//! `current rps:`, and the `sched delay: message 0 (usec) worker 3 (usec)`
//! line schbench prints in each report since 2024, not read), a report
//! followed by another of its kind whose runtime
//! is not shorter is an interim one, superseded by the cumulative report
//! after it; it is not read, and an info note says where the final report
//! is. The `current rps:` lines are not read either (the RPS percentiles
//! summarise them); a file with them and no final RPS figure (an `RPS
//! percentiles` report or `average rps:`) gets a note at the first. Anything else between reports (a label, a blank line,
//! LKP's `Iteration :` line) ends the stretch: both reports are runs.
//! A report whose runtime is short of the command line's `-r` (`runtime
//! 20 (s)` under `./schbench … -r 30`: a log cut after an interim report)
//! is no run either: not read, with a note, unless nothing else of the
//! file is read: then the file is one run cut short, its last reports
//! read with a warning that they are of its first seconds (attack40 F12).
//! Reports of an earlier time whose kind the later reports of their
//! stretch lack (a log cut inside the final report, after its wakeup and
//! request reports: the 10 s RPS report) are not read beside them, with a
//! warning: one run's figures are of one report time (F13). With no `-r` to measure it
//! against, a file whose last block of reports (an RPS report among them)
//! is closed by `current rps:` (or an interval's `sched delay:` line)
//! with no `average rps:` after it (schbench
//! prints that only after the run's final report) ends after an interval:
//! its reports are read, with a warning at the `current rps:` line that
//! they are of the run's first seconds (the run cut short, as under
//! `timeout`).
//!
//! Parameters, from a schbench command line above the run (`./schbench -m
//! 1 -t 128 -r 30 -R 2000 -p 1024`, or glued as getopt takes them:
//! `-m2 -r90`, `--threads=16`): `message_threads` (`-m`), `threads`
//! (`-t`, workers per message thread), `requested_rps` (`-R`, the rate
//! asked for) and `pipe_size` (`-p`, pipe mode's transfer size in bytes),
//! when given (long forms `--message-threads`, `--threads`, `--rps`,
//! `--pipe` too), and `mode=calibrate` for `-C` / `--calibrate`
//! (schbench 1.x's calibration run times the request's matrix math alone,
//! without its usleeps: not a normal run's request latencies, so never
//! averaged with them; its README's two runs `-F 256 -n 5 --calibrate -r
//! 10` and `-F 256 -n 5 -r 90` differed in nothing else). LKP's iterations of one set-up are runs of one sample
//! set; its concurrent instances (`Instance: 1`, `Instance: 2` above the
//! reports) are runs too, of a set-up `instances` (how many ran at once:
//! [`super::instances`]), never compared with a single instance as alike.
//!
//! An `average rps:` outside its RPS report's `min=…, max=…` (schbench
//! before April 2023: `average rps: 6195.77` under `max=6180`) is read,
//! with a note that the two disagree (fixed in schbench in April 2023).
//!
//! Reports a post pasted side by side in `|` columns (`50.0th: 56 (1301
//! samples)  |  50.0th: 49 (1309 samples)  | …`) are read column by
//! column, each under the name the line of `|` parts above them gives
//! (`label`), else `column N` with a note; the command a harness's banner
//! names (`======== Running schbench -m 3 -r 30 ====`) is the command line,
//! and a blank line between a report's heading and its rows is inside it.
//! A poster's summary table of schbench figures (`Wakeup  (usec): 99.0th:
//! 755  1,266` under `F128 N10  EEVDF  Linus`) is not read, with a
//! warning naming its lines. A row with several values (a post's own side-by-side table) is not
//! read, and text after a row's value (`741 (-71%) <-----`) or after
//! `average rps:`'s (`907530.10  <<< close to 40% drop`) neither: a note
//! names each. A row whose value is no number is an error at its line.
//! A figure cut short (a truncated log) is a note, not read: an `average
//! rps:` without the two decimals schbench prints, and the last row of a
//! report the file ends inside (before its `min=…, max=…` line), whose
//! whole number may have lost digits (unless its `(N samples)` closes it), and a `max=` below half the
//! report's highest percentile (`max=118` for `1185` under `99.9th:
//! 1186`: a max is about its highest percentile or above, a percentile
//! being its histogram bucket's bound). A request report's `min=0` under
//! percentiles above 0 is not read either, with a note: no request takes 0
//! usec (each sleeps and computes), and schbench 1.x prints it now and then.

use super::cmdline::args_of;
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// schbench; registry id `"schbench"`.
pub struct Schbench;

/// The parameter of the figures of a run cut short (`first 10 s` of a
/// `-r 15` run whose final report is missing, [`Reader::read_cut_run`]).
pub const CUT_PARAM: &str = "cut short";

/// One report: its group, header line, runtime and rows.
#[derive(Clone)]
struct Report {
    group: &'static str,
    line: usize,
    runtime: Option<u64>,
    rows: Vec<(usize, String, f64)>,
    /// The header's `(14898 total samples)`, when it prints one.
    total: Option<u64>,
    /// Whether the command line's parameters are this report's: the
    /// command was at the report's quote depth (see [`Reader::depth`]).
    own_params: bool,
}

/// Whether `later`, a report of the same runtime as `r`, is the same run's
/// cumulative report: it counts more samples (a 30 s run's interim report
/// at 30 s, then its final one, attack40's hackbench-then-schbench file).
/// The same count, or none printed, is no proof: two runs of one length
/// cut short and pasted one after the other were one run, the first
/// called superseded (attack61 sch-twice).
fn cumulative(r: &Report, later: &Report) -> bool {
    matches!((r.total, later.total), (Some(x), Some(y)) if y > x)
}

/// A report header → (group, runtime).
/// The program's name before it (`schbench RPS percentiles (requests)
/// runtime 60 (s) …`, a poster's paste, LKML 2025) is left out.
fn header(t: &str) -> Option<(&'static str, Option<u64>)> {
    let t = t.strip_prefix("schbench ").map_or(t, str::trim_start);
    let (group, rest) = if let Some(r) = t.strip_prefix("Wakeup Latencies percentiles (usec)") {
        ("wakeup", r)
    } else if let Some(r) = t.strip_prefix("Request Latencies percentiles (usec)") {
        ("request", r)
    } else if let Some(r) = t.strip_prefix("RPS percentiles (requests)") {
        ("rps", r)
    } else if let Some(r) = t.strip_prefix("Latency percentiles (usec)") {
        ("wakeup", r)
    } else {
        return None;
    };
    let rest = rest.trim().trim_start_matches(':').trim();
    if rest.is_empty() {
        return Some((group, None));
    }
    let runtime = rest.strip_prefix("runtime ")?.split_whitespace().next()?.parse().ok()?;
    Some((group, Some(runtime)))
}

/// A report heading (`t`) whose end a mailer's wrap at 72 columns carried
/// onto the next line (corpus-modern schbench `01.txt`: `Request Latencies
/// percentiles (usec) runtime 10 (s) (83326 total` / `samples)`; the lone
/// `samples)` ended the report before its rows, and 28 figures were lost
/// with no word): the heading whole, when `next` is the rest of its `(N
/// total samples)`. `None` for any other pair.
fn wrapped_header(t: &str, next: &str) -> Option<String> {
    if header(t).is_none() || (t.ends_with(')') && t.contains("total samples")) {
        return None;
    }
    let joined = format!("{t} {next}");
    let tail = joined.rsplit_once(" (")?.1;
    let count = tail.strip_suffix(" total samples)")?;
    (header(&joined).is_some() && !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit())).then_some(joined)
}

/// schbench's `sched delay: message 0 (usec) worker 3 (usec)` line (2024
/// on: the message and worker threads' scheduling delay over the interval),
/// printed inside each report. Not read.
fn sched_delay(t: &str) -> bool {
    t.strip_prefix("sched delay: message ").is_some_and(|r| r.contains(" (usec) worker ") && r.ends_with(" (usec)"))
}

/// The value part of `6.9: average rps: 2117400.22`: a poster's label of
/// one to three words, ending in a colon, glued before schbench's line
/// (LKML 2025). The label is left to the labels. `None` for other lines.
fn labelled_average(t: &str) -> Option<&str> {
    let at = t.find(" average rps:")?;
    let label = t[..at].trim_end();
    let ok = label.ends_with(':')
        && (1..=3).contains(&label.split_whitespace().count())
        && !label.contains("rps")
        && !label.contains(['=', '|']);
    ok.then(|| &t[at + " average rps:".len()..])
}

/// What a report row holds.
enum Row {
    /// Percentile or `min`/`max` values read, with text after them.
    Values(Vec<(String, f64)>, String),
    /// A row with several values: not read.
    Table,
}

/// `* 99.0th: 8 (2076 samples)`, `*99.0000th: 2572 <-----`, `min=1,
/// max=119`; `Ok(None)` for other lines.
fn row(n: usize, t: &str) -> Result<Option<Row>, ParseError> {
    if let Some(rest) = t.strip_prefix("min=") {
        let (min, max) = rest.split_once(", max=").ok_or_else(|| ParseError::malformed(n, "`min=N, max=N`", t))?;
        let bad = || ParseError::malformed(n, "`min=N, max=N` with numbers", t);
        let max = max.split_whitespace().next().unwrap_or("");
        return Ok(Some(Row::Values(
            vec![("min".into(), plain(min).ok_or_else(bad)?), ("max".into(), plain(max).ok_or_else(bad)?)],
            String::new(),
        )));
    }
    let t2 = t.trim_start_matches('*').trim_start();
    let Some((pct, rest)) = t2.split_once("th:") else { return Ok(None) };
    let Some(p) = plain(pct) else { return Ok(None) };
    let mut words = rest.split_whitespace();
    let value = words.next().and_then(plain).ok_or_else(|| ParseError::malformed(n, "a percentile's value", t))?;
    let tail: Vec<&str> = words.collect();
    if tail.first().is_some_and(|w| plain(w).is_some()) {
        return Ok(Some(Row::Table));
    }
    let tail = tail.join(" ");
    let counted = tail.starts_with('(') && tail.ends_with(" samples)");
    let tail = if tail.is_empty() || counted { String::new() } else { tail };
    Ok(Some(Row::Values(vec![(format!("{p:.1}th"), value)], tail)))
}

impl Report {
    /// The line a note on the whole report names: its heading's, or its
    /// first row's where a blank line parts the two (a post's spacing), so
    /// that the note covers the rows' paragraph.
    fn noted_at(&self) -> usize {
        match self.rows.first() {
            Some(&(first, _, _)) if first > self.line + 1 => first,
            _ => self.line,
        }
    }
}

/// Reads the whole file into samples.
struct Reader {
    out: ParsedFile,
    params: Vec<(&'static str, String)>,
    stretch: Vec<Report>,
    /// The run's length asked for on its command line (`-r 30`,
    /// `--runtime 30`), in seconds.
    runtime: Option<u64>,
    /// True when the command line read gave no `-r`: the run was of
    /// schbench's default length ([`DEFAULT_RUNTIME`]).
    default_runtime: bool,
    /// The last RPS report's `min=…, max=…`, for the `average rps:` after it.
    rps_range: Option<(f64, f64)>,
    /// The first `current rps:` line: where a file gives no final RPS
    /// figure, its rates are said not read there.
    current_rps: Option<usize>,
    /// A `current rps:` line closing a stretch that holds an RPS report
    /// (schbench 1.x's per-interval block), with the runtime of the
    /// stretch's last report, until a later report or `average rps:` (the
    /// run's final figure) comes: at the file's end, a run cut after an
    /// interval's report.
    interval_tail: Option<(usize, Option<u64>)>,
    /// The quote depth of the line being read, and of the command line
    /// `params` and `runtime` came from. A command at another depth is
    /// another mail's: `$ taskset -c 0-5 ./schbench -m 1 -t 10 -r 30 -R
    /// 100` over a reply's own table gave its parameters to the runs
    /// quoted six deep below, from an earlier mail that shows no command
    /// (LKML 2022-11, wild33 file 14).
    depth: u8,
    params_depth: u8,
    /// The first and last line of the typed table being passed over (see
    /// [`typed_summary_row`]).
    typed: Option<(usize, usize)>,
    /// The index in `out.samples` of the first sample of the last stretch
    /// of reports read: a pipe-mode result (`avg worker transfer:`) right
    /// after them marks them pipe mode.
    block_start: usize,
    /// The reports of the last stretch that had any left unread for being
    /// short of the command line's `-r`, each with the index of its note:
    /// where nothing else is read, they are a run cut short, read with a
    /// warning ([`Reader::read_cut_run`]).
    cut: Vec<(Report, usize)>,
}

/// A row of a poster's summary table of schbench figures, one column per
/// set-up: `Wakeup  (usec): 99.0th:\t\t6600\t6328`, `RPS    (count):
/// 50.0th: 4,280    4,376` (Chris Mason's and Peter Zijlstra's EEVDF
/// comparisons, LKML 2023-04, under `F128 N10  EEVDF  Linus` or `schbench
/// -m2 -F128 -n10 -r90 OTHER BATCH`). Not schbench's output: not read, a
/// warning names the table ([`Reader::note_typed`]).
fn typed_summary_row(t: &str) -> bool {
    let Some((name, rest)) = t.split_once("):") else { return false };
    let kind = name.split_whitespace().collect::<Vec<_>>();
    let known = matches!(kind.as_slice(), ["Wakeup" | "Request" | "RPS", "(usec" | "(count"]);
    let Some((pct, figures)) = rest.trim_start().split_once("th:") else { return false };
    let figure = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit() || b == b',' || b == b'.');
    known && figure(pct) && figures.split_whitespace().filter(|w| figure(w)).count() >= 2
}

/// The value of a command-line option: `-m 2`, or glued as getopt allows
/// (`-m2`, `--threads=16`). An option given twice takes its last value, as
/// schbench's getopt loop does (`case 't': worker_threads =
/// atoi(optarg)`: `-t 64 -n 0 -t 60` runs 60 threads; LKML 2025, wild35a
/// file 04, was read as 64).
fn option_value<'a>(args: &[&'a str], spellings: &[&str]) -> Option<&'a str> {
    // The last given, found from the end.
    args.iter().enumerate().rev().find_map(|(i, a)| {
        spellings.iter().find_map(|sp| {
            if a == sp {
                return args.get(i + 1).copied();
            }
            let rest = a.strip_prefix(sp)?;
            let glued = if sp.starts_with("--") { rest.strip_prefix('=') } else { Some(rest) };
            glued.filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
        })
    })
}

/// schbench 1.x's calibration flag among a command line's arguments:
/// `-C` or `--calibrate` given alone (not `-c`, 2016's `--cputime`, and
/// not a value of another option).
fn is_calibrate(args: &[&str]) -> bool {
    args.iter().any(|a| matches!(*a, "-C" | "--calibrate"))
}

/// schbench's run length when its command line gives no `-r`, in seconds
/// (`-r (--runtime)`: "How long to run before exiting (seconds, def: 30)",
/// its usage, 2016 to 1.x).
const DEFAULT_RUNTIME: u64 = 30;

impl Reader {
    /// The run's length the command line asked for: its `-r`, or
    /// schbench's default where a command line read gave none (a log cut
    /// after an interim `runtime 10 (s)` report of a default run was read
    /// as the run's figures, no word: attack57, the scx cosmos PR's file
    /// cut).
    fn asked_runtime(&self) -> Option<u64> {
        self.runtime.or(self.default_runtime.then_some(DEFAULT_RUNTIME))
    }

    /// The run's length as said in a note: `` `-r 30` `` or `default runtime
    /// of 30 s (no `-r`)`.
    fn asked(&self) -> String {
        match self.runtime {
            Some(r) => format!("`-r {r}`"),
            None => format!("default runtime of {DEFAULT_RUNTIME} s (no `-r` on its command line)"),
        }
    }

    fn sample(&self, group: &'static str, name: &str, value: f64, n: usize, own_params: bool) -> Sample {
        let (unit, better) = match group {
            "rps" => ("rps", Better::Higher),
            "pipe" => ("ops/s", Better::Higher),
            _ => ("usec", Better::Lower),
        };
        let mut s = Sample::new(Metric::new(name, unit, better), value, n).with_group(group);
        if own_params {
            for (k, v) in &self.params {
                s = s.with_param(*k, v);
            }
        }
        s
    }

    /// Says the typed table of [`typed_summary_row`]s last seen is not read.
    fn note_typed(&mut self) {
        if let Some((first, last)) = self.typed.take() {
            let msg = format!(
                "a typed table of schbench figures (lines {first}-{last}: `Wakeup  (usec): 99.0th:` rows under set-up columns) not read: a poster's summary of runs, not schbench's report"
            );
            self.out.notes.push((first, msg));
        }
    }

    /// Ends a stretch of reports: final ones are read, interim ones noted.
    fn flush(&mut self) {
        let reports = std::mem::take(&mut self.stretch);
        if !reports.is_empty() {
            self.block_start = self.out.samples.len();
        }
        // The runtime of the stretch's last reports: a group whose last
        // report is of a shorter time with a longer report after it lost
        // its report of that longer time to a cut (a log cut inside a
        // run's final report, after its wakeup and request reports: RPS of
        // 10 s beside latencies of 15 s, attack40 F13).
        let newest = reports.iter().filter_map(|r| r.runtime).max();
        let mut cut_now: Vec<(Report, usize)> = Vec::new();
        for (i, r) in reports.iter().enumerate() {
            let next = reports[i + 1..].iter().find(|x| x.group == r.group);
            if let Some(next) = next
                && let (Some(a), Some(b)) = (r.runtime, next.runtime)
                && (b > a || (b == a && cumulative(r, next)))
            {
                let msg = format!(
                    "interim report (runtime {a} s) not read: the cumulative report at line {} supersedes it",
                    next.line
                );
                self.out.notes.push((r.noted_at(), msg));
                continue;
            }
            if let (Some(a), Some(b)) = (r.runtime, newest)
                && a < b
                && let Some(later) = reports[i + 1..].iter().find(|x| x.runtime == Some(b))
            {
                let msg = format!(
                    "{} report of runtime {a} s not read: the reports after it (line {}) are of runtime {b} s and \
                     none of them is its kind (the file ends inside a report block: a run cut short?); figures of \
                     two report times are not mixed in one run",
                    r.group, later.line
                );
                self.out.notes.push((r.noted_at(), msg));
                continue;
            }
            // The last report of a run cut short (a log cut after `runtime
            // 20 (s)` of `-r 30`) is an interim one with no final after it.
            if let (Some(a), Some(asked)) = (r.runtime, self.asked_runtime())
                && r.own_params
                && a < asked
            {
                let msg = format!(
                    "report of runtime {a} s, short of the run's {}: an interim report or a run cut short, not read",
                    self.asked()
                );
                cut_now.push((r.clone(), self.out.notes.len()));
                self.out.notes.push((r.noted_at(), msg));
                continue;
            }
            self.read_report(r);
        }
        if !cut_now.is_empty() {
            self.cut = cut_now;
        }
    }

    /// Reads report `r`'s rows into samples (notes for the rows not read).
    fn read_report(&mut self, r: &Report) {
        // `max` is about every percentile or above (a percentile is
        // its histogram bucket's bound: `99.9th: 1186` over
        // `max=1185`). One below half the highest lost a digit or more
        // to a cut (`max=118` for `1185`, a log cut, then appended to).
        let highest = r.rows.iter().filter(|(_, name, _)| name.ends_with("th")).map(|(_, _, v)| *v).reduce(f64::max);
        if r.group == "rps" {
            let find = |k: &str| r.rows.iter().find(|(_, name, _)| name == k).map(|(_, _, v)| *v);
            self.rps_range = find("min").zip(find("max"));
        }
        let lowest = r.rows.iter().filter(|(_, name, _)| name.ends_with("th")).map(|(_, _, v)| *v).reduce(f64::min);
        for (n, name, v) in &r.rows {
            // A request sleeps and computes: none takes 0 usec. schbench
            // 1.x prints `min=0` under request percentiles of thousands
            // of usec now and then (sched-bench's runs: `min=0,
            // max=11227` under a 50.0th of 3924), which read as a
            // faster kernel's minimum (archive39 F3).
            if r.group == "request"
                && name == "min"
                && *v == 0.0
                && let Some(l) = lowest.filter(|l| *l > 0.0)
            {
                let msg = format!(
                    "request latency `min=0` under percentiles of {l} usec and more: no request takes 0 usec (each sleeps and computes), so this minimum is not read"
                );
                self.out.notes.push((*n, msg));
                continue;
            }
            if name == "max"
                && let Some(h) = highest.filter(|h| v * 2.0 < *h)
            {
                let msg = format!(
                    "`max={v}` below half the report's highest percentile ({h}): the line looks cut short, its max not read"
                );
                self.out.notes.push((*n, msg));
                continue;
            }
            let s = self.sample(r.group, name, *v, *n, r.own_params);
            self.out.samples.push(s);
        }
    }

    /// Where nothing was read but reports short of the command line's `-r`
    /// ([`Reader::cut`]: `runtime 10 (s)` under `./schbench … -r 15`, the
    /// file ending after them), they are a run cut short, as archive39 F2
    /// reads one with no `-r`: read, with a warning at the last of them
    /// that they are of the run's first seconds (attack40 F12: the file was
    /// skipped with "no percentile report", no line).
    fn read_cut_run(&mut self) {
        if !self.out.samples.is_empty() || self.cut.is_empty() {
            return;
        }
        let cut = std::mem::take(&mut self.cut);
        let dropped: Vec<usize> = cut.iter().map(|(_, k)| *k).collect();
        let mut k = 0;
        self.out.notes.retain(|_| {
            k += 1;
            !dropped.contains(&(k - 1))
        });
        let start = self.out.samples.len();
        for (r, _) in &cut {
            self.read_report(r);
        }
        let Some((last, _)) = cut.last() else { return };
        let secs = last.runtime.map_or_else(|| "first seconds".to_string(), |s| format!("first {s} s"));
        // Figures of a run's first seconds are no whole run's: kept apart
        // from whole runs, never compared with them (attack41 F21: a cut
        // run's 10 s figures were compared with another kernel's 15 s run,
        // `−97 %` on the page and in the mail, under a warning naming only
        // the file).
        for x in &mut self.out.samples[start..] {
            x.params.push(crate::model::Param::new(CUT_PARAM, &secs));
        }
        let asked = self.asked_runtime().map_or_else(String::new, |_| format!(" {}", self.asked()));
        let msg = format!(
            "the file's last reports are of runtime {} s, short of the run's{asked}, and no report of the \
             whole run follows: the run's final report is missing (a run cut short?); the figures read are of its \
             {secs}, not of the whole run: kept apart by a `{CUT_PARAM}` parameter, not compared with whole runs",
            last.runtime.unwrap_or_default()
        );
        self.out.notes.push((last.noted_at(), msg));
    }

    fn line(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        if typed_summary_row(t) {
            match &mut self.typed {
                Some((_, last)) if n <= *last + 1 => *last = n,
                _ => {
                    self.note_typed();
                    self.typed = Some((n, n));
                }
            }
            return Ok(());
        }
        if self.current_rps.is_none() && t.starts_with("current rps:") {
            self.current_rps = Some(n);
        }
        if t.starts_with("current rps:") && self.stretch.iter().any(|r| r.group == "rps") {
            self.interval_tail = Some((n, self.stretch.last().and_then(|r| r.runtime)));
        }
        if let Some((group, runtime)) = header(t) {
            self.interval_tail = None;
            let own_params = self.depth == self.params_depth;
            let total = t
                .rsplit_once('(')
                .and_then(|(_, r)| r.strip_suffix(" total samples)"))
                .and_then(|c| c.trim().parse().ok());
            self.stretch.push(Report { group, line: n, runtime, rows: Vec::new(), total, own_params });
            return Ok(());
        }
        // A blank line between a report's heading and its first row (a
        // post's spacing: `Latency percentiles (usec) runtime 20 (s) …`,
        // a blank, the rows; LKML 2021-04) is inside the report.
        if t.is_empty() && self.stretch.last().is_some_and(|r| r.rows.is_empty()) {
            return Ok(());
        }
        if !self.stretch.is_empty() {
            match row(n, t)? {
                Some(Row::Values(values, tail)) => {
                    if !tail.is_empty() {
                        self.out.notes.push((n, format!("text after the value not read: {tail:?}")));
                    }
                    if let Some(r) = self.stretch.last_mut() {
                        r.rows.extend(values.into_iter().map(|(k, v)| (n, k, v)));
                    }
                    return Ok(());
                }
                Some(Row::Table) => {
                    self.out.notes.push((n, "a row with several values (a table of set-ups?) not read".into()));
                    return Ok(());
                }
                // schbench since 2024 prints `sched delay: message 0 (usec)
                // worker 3 (usec)` after each report's RPS rows, before
                // `current rps:` (interim) or after `average rps:` (final):
                // part of the report, not read. Taken for the end of a
                // stretch, it had each interim report read as a run beside
                // the cumulative one after it (sched-bench, archive39 F1).
                None if t.starts_with("current rps:") || sched_delay(t) => {
                    // An interval's `sched delay:` comes before its
                    // `current rps:`, the final report's after `average
                    // rps:` (outside the stretch): one inside a stretch
                    // with an RPS report closes an interval's block too
                    // (attack40 F13: a log cut after it was read as the
                    // run, no word).
                    if sched_delay(t) && self.stretch.iter().any(|r| r.group == "rps") {
                        self.interval_tail = Some((n, self.stretch.last().and_then(|r| r.runtime)));
                    }
                    return Ok(());
                }
                None => self.flush(),
            }
        }
        if let Some(v) = t.strip_prefix("average rps:").or_else(|| labelled_average(t)) {
            self.interval_tail = None;
            // A poster's words after the value (`average rps: 907530.10
            // <<< close to 40% drop in RPS.`) are noted and the value is
            // not read, as a row's are.
            let (v, tail) = v.trim().split_once(char::is_whitespace).unwrap_or((v.trim(), ""));
            let value = plain(v).ok_or_else(|| ParseError::malformed(n, "a number after `average rps:`", t))?;
            if !tail.trim().is_empty() {
                self.out.notes.push((n, format!("text after the value not read: {:?}", tail.trim())));
                return Ok(());
            }
            // schbench prints it with two decimals (`%.2f`).
            if super::num::fewer_decimals(v, 2) {
                let msg =
                    "`average rps:` without the two decimals schbench prints (the line looks cut short): not read";
                self.out.notes.push((n, msg.into()));
                return Ok(());
            }
            // An average outside the RPS report's min and max cannot be
            // its samples' (schbench's RPS statistics before its April
            // 2023 fixes): read, with a note.
            if let Some((min, max)) = self.rps_range.take()
                && (value > max || value < min)
            {
                let msg = format!(
                    "`average rps: {v}` is outside the RPS report's min={min}, max={max}: schbench's RPS statistics disagree with each other (they were broken before schbench's April 2023 fixes)"
                );
                self.out.notes.push((n, msg));
            }
            let s = self.sample("rps", "average rps", value, n, self.depth == self.params_depth);
            self.out.samples.push(s);
            self.block_start = self.out.samples.len();
        } else if let Some(v) = t.strip_prefix("avg worker transfer:") {
            // Pipe mode's (`-p`) result: `avg worker transfer: 28211.91
            // ops/sec 13.78MB/s`. The rate in bytes is the same figure
            // times the transfer size (`-p`), so it is not read.
            let mut words = v.split_whitespace();
            let value = words.next().and_then(plain);
            let Some(value) = value.filter(|_| words.next() == Some("ops/sec")) else {
                return Err(ParseError::malformed(n, "`avg worker transfer: N ops/sec`", t));
            };
            let mut s = self.sample("pipe", "avg worker transfer", value, n, self.depth == self.params_depth);
            // The wakeup report just above is pipe mode's, not a request
            // run's: with no `-p` on a command line to say so, a `mode=pipe`
            // parameter keeps it from being averaged or compared with a
            // normal run's wakeup latencies (attack38 #16, #17). The
            // transfer figure is pipe mode's too: without the parameter, its
            // row met a normal run's row, and the reason the two were not
            // compared was "no figure of the same metric … another version
            // of the benchmark?" (attack39 #9).
            let start = self.block_start.min(self.out.samples.len());
            for x in self.out.samples[start..].iter_mut().chain(std::iter::once(&mut s)) {
                if !x.params.iter().any(|p| p.name == "mode") {
                    x.params.push(crate::model::Param::new("mode", "pipe"));
                }
            }
            self.out.samples.push(s);
            self.block_start = self.out.samples.len();
        } else if let Some(args) = args_of(t, "schbench").or_else(|| args_of(banner_command(t)?, "schbench")) {
            self.params.clear();
            self.params_depth = self.depth;
            let runtime = option_value(&args, &["-r", "--runtime"]);
            self.default_runtime = runtime.is_none();
            self.runtime = runtime.and_then(|v| v.parse().ok());
            // `-R` (`--rps`) asks for a rate, `-p` (`--pipe`) switches to
            // pipe mode with that transfer size: neither given is schbench's
            // plain run, which has neither parameter.
            let flags: [(&[&str], &str); 4] = [
                (&["-m", "--message-threads"], "message_threads"),
                (&["-t", "--threads"], "threads"),
                (&["-R", "--rps"], "requested_rps"),
                (&["-p", "--pipe"], "pipe_size"),
            ];
            for (spellings, name) in flags {
                if let Some(v) = option_value(&args, spellings) {
                    self.params.push((name, v.to_string()));
                }
            }
            // `-p N` is pipe mode: said as a block without the command line
            // says it (`mode=pipe`, from its `avg worker transfer` line), so
            // the two differ only in the size the other does not print.
            if self.params.iter().any(|(k, _)| *k == "pipe_size") {
                self.params.push(("mode", "pipe".to_string()));
            } else if is_calibrate(&args) {
                self.params.push(("mode", "calibrate".to_string()));
            }
        }
        Ok(())
    }
}

/// Gives `mode=pipe` to the figures of every wakeup report with a `20.0th`
/// row: schbench 1.x prints that row in pipe mode's wakeup report only
/// (`PLIST_20 | PLIST_FOR_LAT`; a normal run's wakeup and request reports
/// start at `50.0th`, its RPS report's `20.0th` is the rps group's). A
/// pipe block posted without its `avg worker transfer:` line (attack39 #9
/// s03) is so still pipe mode's, and meets a whole pipe block; before, it
/// was "another version of the benchmark" beside it. A report's figures
/// are the wakeup samples on consecutive lines.
fn mark_pipe_wakeup_reports(samples: &mut [Sample]) {
    let mut start = 0;
    while start < samples.len() {
        if samples[start].group != "wakeup" {
            start += 1;
            continue;
        }
        let mut end = start + 1;
        while end < samples.len()
            && samples[end].group == "wakeup"
            && samples[end].line <= samples[end - 1].line + 1
            && samples[end].line >= samples[end - 1].line
        {
            end += 1;
        }
        if samples[start..end].iter().any(|s| s.metric.name == "20.0th") {
            for s in &mut samples[start..end] {
                if !s.params.iter().any(|p| p.name == "mode") {
                    s.params.push(crate::model::Param::new("mode", "pipe"));
                }
            }
        }
        start = end;
    }
}

/// Every report ends with its `min=N, max=N` line. A report still open at
/// the file's end without one, whose last row is the file's last line, was
/// cut short there (a truncated log): that row's value may be cut
/// mid-number (`99.9th: 11` for `118`; schbench prints whole numbers, so
/// no decimals tell), and is not read; a note says so. A last row that
/// still shows its count after the value (1.x's `90.0th: 666624  (11
/// samples)`) is whole: a poster who left out the `min=…, max=…` lines
/// cut nothing in it.
fn cut_last_report(r: &mut Reader, input: &Input) {
    let last_line = input.lines.iter().rposition(|l| !l.trim().is_empty()).map_or(0, |i| i + 1);
    let Some(rep) = r.stretch.last_mut() else { return };
    if rep.rows.iter().any(|(_, name, _)| name == "max") {
        return;
    }
    if last_line > 0 && ends_with_sample_count(&input.lines[last_line - 1]) {
        return;
    }
    if rep.rows.last().is_some_and(|(n, _, _)| *n == last_line) {
        rep.rows.pop();
        let msg =
            "the file ends inside a schbench report (no `min=…, max=…` line): its last row may be cut short, not read";
        r.out.notes.push((last_line, msg.into()));
    }
}

/// A 1.x percentile row whose count closes it: `90.0th: 666624     (11
/// samples)`, so its value was printed whole before it.
fn ends_with_sample_count(line: &str) -> bool {
    let Some(rest) = line.trim_end().strip_suffix("samples)") else { return false };
    let Some((_, count)) = rest.rsplit_once('(') else { return false };
    let count = count.trim();
    !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit())
}

impl BenchParser for Schbench {
    fn id(&self) -> &'static str {
        "schbench"
    }

    fn describe(&self) -> &'static str {
        "schbench latency percentiles and RPS (2016 to 1.x)"
    }

    /// Its first test.
    fn literals(&self) -> &'static [&'static str] {
        &["percentiles ("]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has("percentiles (") {
            return 0;
        }
        let headers = input.lines.iter().any(|l| header(l.trim()).is_some());
        if headers && input.has("th:") { 90 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        90
    }

    /// A last line `average rps: 17007.27` without a line break is whole:
    /// schbench prints it `"average rps: %.2f"`, so a cut one has fewer
    /// decimals. Its percentile lines (`99.0th: 8432`, `min=44,
    /// max=13155`) are whole numbers, which nothing proves whole.
    /// A last percentile row closed by its count (`90.0th: 666624  (11
    /// samples)`) is whole too.
    fn last_figure_complete(&self, input: &Input) -> bool {
        let Some(last) = input.lines.last() else { return false };
        ends_with_sample_count(last)
            || last
                .trim()
                .trim_start_matches(['>', ' '])
                .strip_prefix("average rps:")
                .is_some_and(|v| super::num::decimals(v) == Some(2))
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        if let Some(side) = read_side_by_side(self, input) {
            return side;
        }
        let mut r = Reader {
            out: ParsedFile { benchmark: "schbench".into(), ..ParsedFile::default() },
            params: Vec::new(),
            stretch: Vec::new(),
            runtime: None,
            default_runtime: false,
            rps_range: None,
            current_rps: None,
            interval_tail: None,
            depth: 0,
            params_depth: 0,
            typed: None,
            block_start: 0,
            cut: Vec::new(),
        };
        let lines: Vec<(usize, &str)> = input.numbered().map(|(n, l)| (n, l.trim())).collect();
        let mut i = 0;
        while i < lines.len() {
            let (n, t) = lines[i];
            r.depth = input.quote_depth(n - 1);
            if let Some(joined) = lines.get(i + 1).and_then(|&(_, next)| wrapped_header(t, next)) {
                r.out.notes.push((
                    n + 1,
                    format!(
                        "`{}` is the rest of line {n}'s report heading, wrapped by a mail's line length",
                        lines[i + 1].1
                    ),
                ));
                r.line(n, &joined)?;
                i += 2;
                continue;
            }
            // One foreign line between two rows of a report (`99.0th` … a
            // kernel log line, a blank, a prompt … `99.9th`): read through,
            // said (attack61: a dmesg line in a wakeup report dropped its
            // 99.9th, min and max, no word). A percentile row above it, a
            // row below: nothing but a report prints those.
            let percentile = |t: &str| !t.starts_with("min=") && matches!(row(0, t), Ok(Some(Row::Values(..))));
            let any_row = |t: &str| matches!(row(0, t), Ok(Some(Row::Values(..))));
            if i > 0
                && !r.stretch.is_empty()
                && percentile(lines[i - 1].1)
                && matches!(row(n, t), Ok(None))
                && header(t).is_none()
                && lines.get(i + 1).is_some_and(|&(_, next)| any_row(next))
            {
                r.out.notes.push((
                    n,
                    format!(
                        "line {n} stands between two rows of a schbench report and is none of them: read through it"
                    ),
                ));
                i += 1;
                continue;
            }
            r.line(n, t)?;
            i += 1;
        }
        cut_last_report(&mut r, input);
        r.flush();
        r.read_cut_run();
        r.note_typed();
        mark_pipe_wakeup_reports(&mut r.out.samples);
        // The file ends after an interval's block (its reports, `current
        // rps:`) with no `average rps:`, which schbench prints after the
        // run's final report only: the run was cut short (sched-bench's
        // runs under `timeout`, archive39 F2). With no `-r` to measure it
        // against, the block is read, with a warning that its figures are
        // of the run's first seconds, not the whole run's.
        if let Some((n, runtime)) = r.interval_tail
            && r.runtime.is_none()
        {
            let secs = runtime.map_or_else(|| "first seconds".to_string(), |s| format!("first {s} s"));
            let closer = if input.lines.get(n - 1).is_some_and(|l| sched_delay(l.trim())) {
                "`sched delay:` (printed in an interval's report, before its `current rps:`)"
            } else {
                "`current rps:` (schbench's rate of one interval)"
            };
            let msg = format!(
                "{closer} closes the file's last reports, and no `average \
                 rps:` (printed after a run's final report) follows: the run's final report is missing (a run cut \
                 short?); the figures read are of its {secs}, not of the whole run"
            );
            r.out.notes.push((n, msg));
        }
        // A post that kept only the per-interval `current rps:` lines of a
        // run (no `RPS percentiles` report, no `average rps:`) loses its
        // rate: said at the first such line, not left silent.
        if let Some(n) = r.current_rps
            && !r.out.samples.iter().any(|s| s.group == "rps")
        {
            let msg = "`current rps:` lines (each interval's rate) are not read, and no final RPS figure (an `RPS \
                       percentiles` report or `average rps:`) follows: this file's requests per second are not read";
            r.out.notes.push((n, msg.into()));
        }
        if r.out.samples.is_empty() {
            let reason = match input.numbered().find_map(|(n, l)| side_by_side(l.trim()).map(|k| (n, k))) {
                Some((n, k)) => format!(
                    "no percentile report: the percentiles set side by side in {k} columns (line {n}, a poster's table) are not read"
                ),
                None => match input.numbered().find_map(|(n, l)| reports_side_by_side(l).map(|k| (n, k))) {
                    Some((n, k)) => format!(
                        "no percentile report read: {k} reports set side by side in `|` columns (line {n}, a \
                         poster's paste) are not read"
                    ),
                    None => "no percentile report".into(),
                },
            };
            return Err(ParseError::NoResults { benchmark: "schbench", reason });
        }
        if let Some(k) = super::instances::concurrent(input) {
            r.out.samples =
                std::mem::take(&mut r.out.samples).into_iter().map(|s| s.with_param("instances", k)).collect();
            let slots = super::instances::instance_slots(input, &r.out.samples);
            super::instances::one_run_per_launch(&mut r.out, &slots, "instances", &[k as usize]);
        }
        r.out.notes.sort_by_key(|n| n.0);
        Ok(r.out)
    }
}

/// The number of columns of a percentile row of a poster's side-by-side
/// table (`*99.0000th:  27  31  24`: one column per kernel, no sample
/// counts; Tianchen Ding's base / revert / patch runs, LKML 2022-11),
/// two or more; `None` for any other line.
fn side_by_side(t: &str) -> Option<usize> {
    let (head, rest) = t.split_once(':')?;
    let pct = head.trim_start_matches('*').strip_suffix("th")?;
    super::num::plain(pct)?;
    let cells: Vec<&str> = rest.split_whitespace().collect();
    (cells.len() >= 2 && cells.iter().all(|c| super::num::plain(c).is_some())).then_some(cells.len())
}

/// The command a harness's banner names between `=` rules (`========
/// Running schbench -m 3 -r 30 =================`, LKML 2021-04): the
/// words after `Running`; `None` for any other line.
fn banner_command(t: &str) -> Option<&str> {
    let inner = t.strip_prefix("==")?.strip_suffix("==")?.trim_matches('=').trim();
    inner.strip_prefix("Running ").map(str::trim)
}

/// Where each cell of a percentile row set side by side starts: at each
/// `50.0th:` / `*99.0th:` (its `*` with it) and `min=`. Byte offsets.
fn cell_starts(line: &str) -> Vec<usize> {
    let b = line.as_bytes();
    let mut starts = Vec::new();
    let mut k = 0;
    while k < b.len() {
        if b[k..].starts_with(b"min=") && (k == 0 || !b[k - 1].is_ascii_alphanumeric()) {
            starts.push(k);
            k += 4;
            continue;
        }
        if b[k..].starts_with(b"th:") {
            // Back over the percentile's figure and its `*`.
            let mut j = k;
            while j > 0 && (b[j - 1].is_ascii_digit() || b[j - 1] == b'.') {
                j -= 1;
            }
            if j < k && j > 0 && b[j - 1] == b'*' {
                j -= 1;
            }
            if j < k && (j == 0 || !b[j - 1].is_ascii_alphanumeric()) {
                starts.push(j);
            }
            k += 3;
            continue;
        }
        k += 1;
    }
    starts
}

/// Reads a file whose reports are pasted side by side in `|` columns
/// ([`reports_side_by_side`]: `50.0th: 56 (1301 samples)  |  50.0th: 49
/// (1309 samples)  | 50.0th: 53 (1285 samples)`, three kernels' runs, LKML
/// 2021-04), each column a set-up: every line holding `k` cells (each
/// starting at its percentile or `min=`, the `|` between them or not: a
/// wide cell pushed one bar out of a real post) gives each column its
/// cell; the other lines (the report's heading above the rows, blank
/// lines, prose) stay in every column as they are. The column's name is
/// the line of `k` parts between bars above the first row (`v5.12-rc5 |
/// v5.12-rc5 + mc-llc | v5.12-rc5 + patchset`), a `label` parameter; with
/// no such line, `column 1` … with a note. A line of percentile cells of
/// another count is not read in any column (a note). `None` where no line
/// sets reports side by side, or no column reads.
fn read_side_by_side(parser: &Schbench, input: &Input) -> Option<Result<ParsedFile, ParseError>> {
    let first = input.numbered().find_map(|(n, l)| reports_side_by_side(l).map(|_| n))?;
    let lines = &input.lines;
    // The columns: the count of cells most rows hold (a damaged row may
    // hold fewer), of equals the larger.
    let mut counts: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    for l in &lines[first - 1..] {
        let c = cell_starts(l).len();
        if c >= 2 {
            *counts.entry(c).or_default() += 1;
        }
    }
    let k = counts.iter().max_by_key(|&(c, times)| (*times, *c)).map(|(c, _)| *c)?;
    // The columns' names: a line of `k` parts between bars, no cell in it,
    // above the first row (blank lines between allowed).
    let names_at = (1..first)
        .rev()
        .take_while(|&n| {
            let t = lines[n - 1].trim();
            t.is_empty() || t.contains('|')
        })
        .find(|&n| {
            let t = lines[n - 1].trim();
            cell_starts(t).is_empty() && t.split('|').count() == k && t.split('|').all(|p| !p.trim().is_empty())
        });
    let names: Vec<String> = match names_at {
        Some(n) => lines[n - 1].split('|').map(|p| p.trim().to_string()).collect(),
        None => (1..=k).map(|c| format!("column {c}")).collect(),
    };
    let mut columns: Vec<Vec<String>> = vec![Vec::with_capacity(lines.len()); k];
    let mut notes: Vec<(usize, String)> = Vec::new();
    if names_at.is_none() {
        notes.push((
            first,
            format!("{k} schbench reports set side by side in `|` columns with no line naming them: each is labelled `column N`"),
        ));
    }
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        let starts = cell_starts(line);
        if Some(n) == names_at {
            columns.iter_mut().for_each(|c| c.push(String::new()));
        } else if starts.len() == k {
            for (c, col) in columns.iter_mut().enumerate() {
                let end = starts.get(c + 1).copied().unwrap_or(line.len());
                col.push(line[starts[c]..end].trim().trim_end_matches('|').trim_end().to_string());
            }
        } else if !starts.is_empty() && n >= first {
            notes.push((
                n,
                format!(
                    "a row of {} schbench cell(s) among reports set side by side in {k} columns: not read in any",
                    starts.len()
                ),
            ));
            columns.iter_mut().for_each(|c| c.push(String::new()));
        } else {
            columns.iter_mut().for_each(|c| c.push(line.clone()));
        }
    }
    let mut out = ParsedFile { benchmark: "schbench".into(), ..ParsedFile::default() };
    for (col, name) in columns.iter().zip(&names) {
        let Ok(part) = parser.parse(&Input::from_text(&col.join("\n"))) else { continue };
        out.samples.extend(part.samples.into_iter().map(|s| s.with_param("label", name.as_str())));
        for note in part.notes {
            if !out.notes.contains(&note) {
                out.notes.push(note);
            }
        }
    }
    if out.samples.is_empty() {
        return None;
    }
    out.notes.extend(notes);
    out.notes.sort_by_key(|n| n.0);
    Some(Ok(out))
}

/// How many percentile lines a line holds side by side between `|` bars
/// (`50.0th: 56 (1301 samples)  |  50.0th: 49 (1309 samples)  | 50.0th:
/// 53 (1285 samples)`: three kernels' reports pasted in columns, LKML
/// 2021-04, wild33 file 13), when two or more; else `None`.
fn reports_side_by_side(line: &str) -> Option<usize> {
    if !line.contains('|') {
        return None;
    }
    let percentile = |p: &str| {
        let (head, rest) = p.trim().trim_start_matches('*').split_once("th:")?;
        super::num::plain(head)?;
        rest.split_whitespace().next().and_then(super::num::plain)
    };
    let k = line.split('|').filter(|p| percentile(p).is_some()).count();
    (k >= 2).then_some(k)
}

#[cfg(test)]
mod tests;
