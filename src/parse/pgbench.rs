//! pgbench (PostgreSQL's benchmark client): the summary it prints after a
//! run.
//!
//! ```text
//! pgbench (15.3 (Ubuntu 15.3-1.pgdg22.04+1))
//! transaction type: <builtin: TPC-B (sort of)>
//! scaling factor: 1
//! query mode: simple
//! number of clients: 50
//! number of threads: 2
//! duration: 30 s
//! number of transactions actually processed: 12221
//! latency average = 122.818 ms
//! latency stddev = 126.226 ms
//! initial connection time = 59.010 ms
//! tps = 406.261459 (without initial connection time)
//! ```
//!
//! pgbench before 14 prints two tps lines, `(including connections
//! establishing)` and `(excluding connections establishing)`; 9.5 prints
//! `latency average: 3.949 ms`; older ones no latency at all. All read.
//!
//! Metrics (group empty):
//! * `tps`, transactions per second without the connections' set-up
//!   (`without initial connection time`, before 14 `excluding connections
//!   establishing`), higher is better;
//! * `tps incl. connections` (before 14's `including connections
//!   establishing`), higher is better;
//! * with `-C` (a new connection per transaction), `tps incl.
//!   reconnections` (`including reconnection times`), higher is better;
//! * `latency average` and `latency stddev`, in the unit printed (ms),
//!   lower is better. The latency average is the clients over the tps
//!   (`number of clients: 50`, `tps = 406.26` → 123 ms): a page tests
//!   the change of tps alone, its latency average column left out of the
//!   significance family ([`crate::derive::restates`]).
//!
//! Parameters, from the summary's lines: `type` (the transaction type:
//! `TPC-B (sort of)`, `select only`, a script's path), `scale` (scaling
//! factor), `mode` (query mode), `clients`, `threads`, `duration` (`-T`'s
//! `duration: 30 s`, as printed: runs of 60 s and 600 s are not averaged;
//! a site drops it where every run of a cell has one length, see
//! [`DURATION_PARAM`]); and `connect` =
//! `per-transaction` for a run that printed `including reconnection
//! times` or whose command line right above has `-C`/`--connect` (its
//! latencies include the connecting; before 14 its tps lines do not say);
//! `transactions` (`-t`'s `number of transactions per client: 1000`, a
//! run length like `duration`, see [`TRANSACTIONS_PARAM`]); and `rate`
//! for a rate-limited run: `-R`/`--rate`'s target from the command line
//! right above, else, where the run printed `rate limit schedule lag:`,
//! `about 25000`, the rate its counts give (`about_rate`: pgbench never
//! prints the rate, and runs of two rates at one `-L` were one set-up),
//! or `limited` where they give none (its latency average is measured, not clients / tps; never one
//! set-up with an unlimited run, see [`RATE_PARAM`]). pgbench prints that
//! line for every run with `-R`: a run whose summary has its `latency
//! average` and its tps but no lag line ran with no rate limit, whatever a
//! line above says (`Note: pgbench -R 1000 was tried before; …`, attack42
//! F13), said where a line above named a rate; and, for a rate-limited
//! run, `latency limit` (`-L`'s limit as `number of transactions above
//! the 21.0 ms latency limit: …` prints it, `21.0 ms`: with `-R` the late
//! transactions are skipped, so two limits are two set-ups, see
//! [`LATENCY_LIMIT_PARAM`]). A run is everything from
//! its `transaction type:` line to the next; its figures are kept until
//! the run ends, so that a `-C` run's latencies get its `connect`.
//!
//! A run that pgbench ends with `pgbench: error: Run was aborted; the
//! above results are incomplete.` (15 and later: clients aborted, as a
//! database node failing makes them) is a warning at that line, and its
//! summary is not read: its tps counts what the clients left did. So is a
//! run above whose summary pgbench 10 to 14 reports `client 3 aborted in
//! command 4 (SQL) of script 0; ERROR: …` (the warning at that line),
//! and a run of `-t` that did fewer transactions than planned, failed
//! ones (15+, `--max-tries`) counted as done: `number of transactions
//! actually processed: 12000/80000` (the warning at that line).
//!
//! A file of `progress:` lines only under pgbench's banner (a page's
//! example cut with `...` before the summary) is an error at the last of
//! them naming what is missing, not a file no parser claims.
//! `progress:` lines (`-P`) and per-statement latencies (`-r`) are not
//! read. A tps or latency line whose value is no number is an error at its
//! line; a tps line of another kind is a note.

use super::cmdline::args_of;
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// The parameter of a run's length as `duration: 600 s` prints it (`-T`):
/// every run carries it; the site drops it where every run of a table cell
/// has the same ([`crate::site`]'s `run_lengths`), so it shows only where
/// runs of different lengths would have been averaged.
pub const DURATION_PARAM: &str = "duration";

/// The parameter of a `-t` run's length as `number of transactions per
/// client: 1000` prints it: a run length like [`DURATION_PARAM`] (runs of
/// 1000 and 100000 transactions are not averaged; a site drops it where
/// every run of a cell has one, attack40 F2).
pub const TRANSACTIONS_PARAM: &str = "transactions";

/// The parameter of a rate-limited run (`-R 1000`, `--rate=1000`): the
/// target rate in transactions per second as the command line gives it,
/// or `limited` where only the summary's `rate limit schedule lag:` line
/// says the run had one. Such a run's latency is measured from each
/// transaction's scheduled start (no restatement of its tps), and it is
/// another set-up than a run without a limit (attack40 F1, F22).
pub const RATE_PARAM: &str = "rate";

/// The parameter of a rate-limited run's latency limit (`-L 21`), as its
/// summary prints it: `number of transactions above the 21.0 ms latency
/// limit: 21789/10787632 (0.202%)` → `21.0 ms`. With `-R`, pgbench skips
/// the transactions already later than the limit (`number of transactions
/// skipped`), so the limit is part of the set-up: rate-limited runs whose
/// summaries print no target rate (`rate` is `limited`) but different
/// limits are not one set-up (archive53: `-R 3000 -L 21` on zfs beside
/// `-R 25000 -L 2` on ext4, both `limited`, compared as −6.73×). Without
/// `-R` the limit only counts late transactions and is not read.
pub const LATENCY_LIMIT_PARAM: &str = "latency limit";

/// The start of the note that says a rate-limited run's rate was taken
/// from its counts ([`about_rate`]): information (`parse::note_is_info`).
pub const RATE_NOT_PRINTED: &str = "pgbench prints no target rate of a rate-limited run and no command line names it";

/// pgbench; registry id `"pgbench"`.
pub struct Pgbench;

/// One run: its set-up and its figures (metric, value, line), kept until
/// the run ends.
#[derive(Default)]
struct Run {
    params: Vec<(&'static str, String)>,
    figures: Vec<(Metric, f64, usize)>,
    reconnect: bool,
    /// The line of a client's abort above this run's summary (`client 3
    /// aborted in command 4 …`): its summary is not read.
    aborted: Option<usize>,
    /// `number of transactions actually processed: 12000/80000` (a run
    /// of `-t`): (done, planned, line).
    processed: Option<(u64, u64, usize)>,
    /// `number of failed transactions: 10 (0.100%)` (pgbench 15+, a run
    /// with `--max-tries`): failed transactions are part of a whole run.
    failed: u64,
    /// The `number of failed transactions:` line's number and text.
    failed_line: Option<(usize, String)>,
    /// The target rate of the command line right above (`-R 1000`).
    rate: Option<String>,
    /// The run length of the command line right above (`-T 60`, seconds):
    /// the run's `duration` when its summary prints none (a post that cut
    /// the summary to its figures, `...` for the rest).
    time: Option<String>,
    /// The run printed `rate limit schedule lag:` (it ran with `-R`).
    rate_limited: bool,
    /// `-L`'s limit as the summary prints it (`21.0 ms`): a parameter of a
    /// rate-limited run ([`LATENCY_LIMIT_PARAM`]).
    latency_limit: Option<String>,
    /// The run printed its `latency average` (the lag line, when there is
    /// one, comes between it and the tps).
    latency: bool,
    /// `number of transactions actually processed: 72593890` (a run of
    /// `-T`) and `number of transactions skipped: 17390482 (19.326%)`:
    /// with the duration, what a rate-limited run's target rate was
    /// ([`about_rate`]).
    done: Option<u64>,
    skipped: u64,
    /// The lag line's `(max 2.845)`, in ms.
    max_lag_ms: Option<f64>,
}

/// `rate limit schedule lag: avg 0.120 (max 2.845) ms` → 2.845.
fn max_lag(t: &str) -> Option<f64> {
    let (_, rest) = t.split_once("(max ")?;
    let (v, unit) = rest.split_once(')')?;
    (unit.trim() == "ms").then_some(())?;
    v.trim().parse().ok()
}

/// `number of transactions actually processed: 72593890` (a run of `-T`,
/// no planned count) → 72593890.
fn processed_of_duration(t: &str) -> Option<u64> {
    t.strip_prefix("number of transactions actually processed:")?.trim().parse().ok()
}

/// `number of transactions skipped: 17390482 (19.326%)` → 17390482.
fn skipped_transactions(t: &str) -> Option<u64> {
    t.strip_prefix("number of transactions skipped:")?.split_whitespace().next()?.parse().ok()
}

/// The target rate (`-R`) of a rate-limited run of `-T` whose file names
/// none, from what its summary counts: pgbench schedules `-R` transactions
/// a second, and each is processed, skipped (later than `-L`'s limit) or
/// failed, so (processed + skipped + failed) / duration is the rate
/// (tvondra/pg-fs-benchmark's `-R 25000 -L 2` ext4 run: (72593890 +
/// 17390482 + 0) / 3600 s = 24995.7), to two significant digits as a rate
/// is set (`25000`). `None` without the counts or a duration in seconds,
/// or for a run that fell behind without `-L` (then nothing is skipped and
/// fewer were processed: the estimate would be its throughput): only where
/// some were skipped, or the schedule's largest lag (`rate limit schedule
/// lag: avg 0.120 (max 2.845) ms`, how far behind it ever fell) is under
/// 1% of the duration, so that at most 1% of the schedule is missing.
/// archive53: runs of `-R 3000` and `-R 25000` at one `-L` were one
/// set-up `limited`, compared as one.
fn about_rate(done: u64, skipped: u64, failed: u64, duration: &str, max_lag_ms: Option<f64>) -> Option<u64> {
    let secs: f64 = duration.strip_suffix(" s")?.trim().parse().ok()?;
    if secs <= 0.0 {
        return None;
    }
    let rate = (done + skipped + failed) as f64 / secs;
    if !(rate.is_finite() && rate >= 1.0) {
        return None;
    }
    let step = 10f64.powi(rate.log10().floor() as i32 - 1);
    let round = (rate / step).round() * step;
    (skipped > 0 || max_lag_ms.is_some_and(|l| l / 1000.0 <= secs * 0.01)).then_some(round as u64)
}

/// `number of transactions actually processed: 12000/80000` → (12000,
/// 80000); a run of `-T` prints no planned count (`: 12221`): `None`.
fn processed(t: &str) -> Option<(u64, u64)> {
    let (done, planned) = t.strip_prefix("number of transactions actually processed:")?.trim().split_once('/')?;
    Some((done.trim().parse().ok()?, planned.trim().parse().ok()?))
}

/// `number of failed transactions: 10 (0.100%)` → 10.
fn failed_transactions(t: &str) -> Option<u64> {
    t.strip_prefix("number of failed transactions:")?.split_whitespace().next()?.parse().ok()
}

/// pgbench 10 to 14's report of a client that gave up during the run,
/// above the summary: `client 3 aborted in command 4 (SQL) of script 0;
/// ERROR:  could not extend file …` (9.x: `client 3 aborted in state 4:
/// ERROR: …`).
fn client_aborted(t: &str) -> bool {
    let Some(rest) = t.strip_prefix("client ") else { return false };
    let Some((n, rest)) = rest.split_once(' ') else { return false };
    n.bytes().all(|b| b.is_ascii_digit())
        && (rest.starts_with("aborted in command") || rest.starts_with("aborted in state"))
}

impl Run {
    /// Moves the run's figures into `out` as samples; a run a client
    /// aborted in leaves them out, with a note at the abort's line.
    fn finish(&mut self, out: &mut ParsedFile) {
        if let Some(t) = self.time.take()
            && !self.figures.is_empty()
            && !self.params.iter().any(|(name, _)| *name == DURATION_PARAM)
        {
            self.params.push((DURATION_PARAM, format!("{t} s")));
        }
        if let Some(at) = self.aborted.take()
            && !self.figures.is_empty()
        {
            self.figures.clear();
            let msg = "a pgbench client aborted (a failed query): the run's summary below is not read";
            out.notes.push((at, msg.into()));
        }
        let processed = self.processed.take();
        if let Some((done, planned, at)) = processed
            && done.saturating_add(self.failed) < planned
            && !self.figures.is_empty()
        {
            // Transactions neither done nor failed: the run stopped early
            // (clients aborted, the server went away) and its tps counts
            // what was done before.
            self.figures.clear();
            let msg = format!(
                "pgbench processed {done} of the {planned} transactions planned{}: the run stopped early, its \
                 summary is not read",
                if self.failed > 0 { format!(" ({} failed)", self.failed) } else { String::new() }
            );
            out.notes.push((at, msg));
        }
        // Transactions that failed (pgbench 15+ with `--max-tries`: a
        // serialization or deadlock error retried that many times): the
        // run is whole, but its tps counts only those that succeeded, a
        // fifth fewer at `1000000 (20.000%)` (attack61's pg-failed: read
        // with no word). Read, with a note.
        if let Some((at, line)) = self.failed_line.take()
            && self.failed > 0
            && !self.figures.is_empty()
        {
            let msg = format!(
                "`{line}`: the run's tps and latency count only the transactions that succeeded; read as they are"
            );
            out.notes.push((at, msg));
        }
        // pgbench prints `rate limit schedule lag:` for every `-R` run,
        // between its latency average and its tps: a whole summary without
        // it is of an unlimited run, whatever the line above said.
        if let Some(r) = &self.rate
            && !self.rate_limited
            && self.latency
            && let Some(&(_, _, at)) = self.figures.iter().find(|(m, _, _)| m.name.starts_with("tps"))
        {
            let msg = format!(
                "a line above names a rate (`-R {r}`), but this run printed no `rate limit schedule lag:` line, which \
                 pgbench prints for every run with -R: read as a run with no rate limit"
            );
            out.notes.push((at, msg));
            self.rate = None;
        }
        // A rate-limited run whose file names no rate: the rate its counts
        // give ([`about_rate`]), said once at its tps.
        let mut duration = self.params.iter().find(|(name, _)| *name == DURATION_PARAM).map(|(_, v)| v.to_string());
        let mut done = self.done;
        // A run of `-t` prints no duration: its length is what it processed
        // over its tps (10000 at 1000.0 a second: 10 s). Its `-R` runs
        // stayed `limited` (session 55).
        let tps = self.figures.iter().find(|(m, _, _)| m.name.starts_with("tps")).map(|(_, v, _)| *v);
        if let (None, None, Some((processed, _, _)), Some(tps)) = (&duration, done, processed, tps)
            && tps > 0.0
        {
            duration = Some(format!("{} s", processed as f64 / tps));
            done = Some(processed);
        }
        let duration = duration.as_deref();
        let about = match (self.rate.is_none() && self.rate_limited, done, duration) {
            (true, Some(done), Some(d)) => about_rate(done, self.skipped, self.failed, d, self.max_lag_ms),
            _ => None,
        };
        if let (Some(a), Some(&(_, _, at))) = (about, self.figures.iter().find(|(m, _, _)| m.name.starts_with("tps"))) {
            let msg = format!(
                "{RATE_NOT_PRINTED} (-R): read as about {a} a second, (processed {} + skipped {} + failed {}) / {}; \
                 runs of another rate are not compared with it",
                done.unwrap_or(0),
                self.skipped,
                self.failed,
                duration.map_or(String::new(), |d| match self.done {
                    Some(_) => d.to_string(),
                    // The length a `-t` run took, from its tps.
                    None =>
                        format!("{:.1} s (processed / tps)", d.trim_end_matches(" s").parse::<f64>().unwrap_or(0.0)),
                })
            );
            out.notes.push((at, msg));
        }
        for (metric, value, n) in self.figures.drain(..) {
            let mut s = Sample::new(metric, value, n);
            for (name, v) in &self.params {
                s = s.with_param(*name, v);
            }
            if self.reconnect {
                s = s.with_param("connect", "per-transaction");
            }
            match (&self.rate, &about) {
                (Some(r), _) => s = s.with_param(RATE_PARAM, r),
                (None, Some(a)) if self.rate_limited => s = s.with_param(RATE_PARAM, format!("about {a}")),
                (None, None) if self.rate_limited => s = s.with_param(RATE_PARAM, "limited"),
                _ => {}
            }
            if let Some(limit) = self.latency_limit.as_ref().filter(|_| self.rate.is_some() || self.rate_limited) {
                s = s.with_param(LATENCY_LIMIT_PARAM, limit);
            }
            out.samples.push(s);
        }
    }
}

/// A set-up line → (parameter, value): `number of clients: 10`, also as a
/// Markdown list item (`- number of clients: 10`).
fn setup(t: &str) -> Option<(&'static str, String)> {
    let (name, v) = t.split_once(':')?;
    // A Markdown page's list item (`- number of clients: 10`: a README
    // that turned some of pgbench's lines into bullets) says the same.
    let name = name.strip_prefix("- ").unwrap_or(name);
    let param = match name {
        "scaling factor" => "scale",
        "query mode" => "mode",
        "number of clients" => "clients",
        "number of threads" => "threads",
        "duration" => DURATION_PARAM,
        "number of transactions per client" => TRANSACTIONS_PARAM,
        _ => return None,
    };
    let v = v.trim();
    (!v.is_empty() && v.len() <= 40).then(|| (param, v.to_string()))
}

/// `<builtin: TPC-B (sort of)>` → `TPC-B (sort of)`; a script path as is.
fn transaction_type(v: &str) -> String {
    let v = v.trim();
    v.strip_prefix("<builtin: ").and_then(|r| r.strip_suffix('>')).unwrap_or(v).to_string()
}

/// `number of transactions above the 21.0 ms latency limit: 21789/10787632
/// (0.202%)` (9.5: `…: 21789 (0.202 %)`) → `21.0 ms`.
fn latency_limit(t: &str) -> Option<String> {
    let (v, _) = t.strip_prefix("number of transactions above the ")?.split_once(" ms latency limit")?;
    plain(v).is_some().then(|| format!("{v} ms"))
}

/// `tps = 406.26 (without initial connection time)` → (metric name or
/// `None` for an unknown kind, value text, kind text).
fn tps(t: &str) -> Option<(Option<&'static str>, &str, &str)> {
    let rest = t.strip_prefix("tps = ")?;
    let (v, kind) = rest.split_once(' ').unwrap_or((rest, ""));
    let kind = kind.trim();
    let name = match kind.trim_start_matches('(').trim_end_matches(')') {
        "without initial connection time" | "excluding connections establishing" => Some("tps"),
        "including connections establishing" => Some("tps incl. connections"),
        "including reconnection times" => Some("tps incl. reconnections"),
        _ => None,
    };
    Some((name, v, kind))
}

/// `latency average = 1.23 ms` (or 9.5's `latency average: 1.23 ms`,
/// 15's `latency average = 2.000 ms (including failures)`) → (name, value
/// text, unit, the words a person typed after the unit: empty for
/// pgbench's own line).
fn latency(t: &str) -> Option<(&'static str, &str, &str, &str)> {
    let (name, rest) = if let Some(r) = t.strip_prefix("latency average") {
        ("latency average", r)
    } else {
        ("latency stddev", t.strip_prefix("latency stddev")?)
    };
    let rest = rest.trim_start().strip_prefix(['=', ':'])?.trim();
    let (v, rest) = rest.split_once(' ')?;
    let rest = rest.trim();
    let (unit, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let after = after.trim();
    let after = if after == "(including failures)" { "" } else { after };
    Some((name, v, unit, after))
}

/// Reads one summary line `t` (line `n`) into `run`; `Ok(false)` when it
/// is none.
fn read_line(out: &mut ParsedFile, run: &mut Run, n: usize, t: &str) -> Result<bool, ParseError> {
    if let Some((name, v, kind)) = tps(t) {
        let value = plain(v).ok_or_else(|| ParseError::malformed(n, "a number of transactions per second", t))?;
        match name {
            Some(name) => {
                run.reconnect |= name == "tps incl. reconnections";
                run.figures.push((Metric::new(name, "tps", Better::Higher), value, n));
            }
            None => out.notes.push((n, format!("a pgbench tps of an unknown kind `{kind}`: not read"))),
        }
        return Ok(true);
    }
    if let Some((name, v, unit, after)) = latency(t) {
        // `latency average = 50.689 ms  - time of 1 transactions => …`: a
        // person's line below the summary, quoting its figure with a
        // remark (a KBTU homework, wild40) was read as a second run of
        // the summary's set-up, its unit `ms  - time of 1 transactions …`.
        if !after.is_empty() {
            let msg = format!("`{name}` with words after its unit (`{after}`) is no line pgbench prints: not read");
            out.notes.push((n, msg));
            return Ok(true);
        }
        let value = plain(v).ok_or_else(|| ParseError::malformed(n, format!("a number after `{name}`"), t))?;
        run.latency |= name == "latency average";
        run.figures.push((Metric::new(name, unit, Better::Lower), value, n));
        return Ok(true);
    }
    if t.starts_with("rate limit schedule lag:") {
        run.rate_limited = true;
        run.max_lag_ms = max_lag(t);
        return Ok(true);
    }
    if let Some(limit) = latency_limit(t) {
        run.latency_limit = Some(limit);
        return Ok(true);
    }
    if let Some(p) = setup(t) {
        run.params.retain(|(name, _)| *name != p.0);
        run.params.push(p);
        return Ok(true);
    }
    Ok(false)
}

/// The arguments of a pgbench command line behind a shell prompt
/// [`args_of`] does not know (`☁  dir [master] ⚡  pgbench -c 10 -C …`):
/// the words after a `pgbench` word that has an option after it.
/// Words of a sentence before it (`Earlier I tried pgbench -R 1000 but
/// this run is unlimited:`, attack41 F4: the unlimited run below got
/// `rate 1000`) are no prompt: no command line.
fn after_prompt(t: &str) -> Option<Vec<&str>> {
    let words: Vec<&str> = t.split_whitespace().collect();
    let i = words.iter().position(|w| super::cmdline::base(w) == "pgbench")?;
    // Also a note's or a list's lead (`Note:`, `1.`: attack42 F13).
    let prose = |w: &&str| {
        let w = w.trim_end_matches([':', '.', ',', ';']);
        !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '\'')
    };
    if i > 0 && words[..i].iter().all(prose) {
        return None;
    }
    let args = words[i + 1..].to_vec();
    args.first().is_some_and(|a| a.starts_with('-')).then_some(args)
}

/// The target rate of a pgbench command line's `-R 1000`, `-R1000`,
/// `--rate=1000` or `--rate 1000` (transactions per second).
fn rate_of(args: &[&str]) -> Option<String> {
    super::cmdline::option_values(args, "-R", "--rate")
        .into_iter()
        .find(|v| v.parse::<f64>().is_ok())
        .map(str::to_string)
}

/// The run length of a pgbench command line's `-T 60`, `-T60`,
/// `--time=60` or `--time 60` (seconds).
fn time_of(args: &[&str]) -> Option<String> {
    super::cmdline::option_values(args, "-T", "--time")
        .into_iter()
        .find(|v| v.parse::<u64>().is_ok())
        .map(str::to_string)
}

/// The first and last line (1-based) of `-P`'s progress lines
/// (`progress: 10.0 s, 4.0 tps, lat 1246.290 ms stddev 3.253, 0 failed`),
/// when the file has two or more.
fn progress_lines(input: &Input) -> Option<(usize, usize)> {
    let progress = |l: &str| {
        let t = l.trim();
        t.strip_prefix("progress: ").is_some_and(|r| r.contains(" s, ") && r.contains(" tps"))
    };
    let first = input.lines.iter().position(|l| progress(l))?;
    let last = input.lines.iter().rposition(|l| progress(l))?;
    (last > first).then_some((first + 1, last + 1))
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "pgbench".into(), ..ParsedFile::default() };
    // The run being read; before its figures, the pending run a command
    // line above it set up (its `-C`, `-R` and `-T`), which its
    // `transaction type:` line takes over: once, so that no earlier
    // command's options land on a later run printed without its command
    // line (review61 parse #2).
    let mut run = Run::default();
    // A client's abort above the next run's summary.
    let mut aborted: Option<usize> = None;
    for (n, line) in input.numbered() {
        let t = line.trim();
        if let Some(v) = t.strip_prefix("transaction type:") {
            let (reconnect, rate, time) = if run.figures.is_empty() {
                (std::mem::take(&mut run.reconnect), run.rate.take(), run.time.take())
            } else {
                (false, None, None)
            };
            run.finish(&mut out);
            run = Run {
                params: vec![("type", transaction_type(v))],
                reconnect,
                aborted: aborted.take(),
                rate,
                time,
                ..Run::default()
            };
        } else if client_aborted(t) {
            aborted.get_or_insert(n);
        } else if let Some((done, planned)) = processed(t) {
            run.processed = Some((done, planned, n));
        } else if let Some(failed) = failed_transactions(t) {
            run.failed = failed;
            run.failed_line = Some((n, t.to_string()));
        } else if let Some(done) = processed_of_duration(t) {
            run.done = Some(done);
        } else if let Some(skipped) = skipped_transactions(t) {
            run.skipped = skipped;
        } else if let Some(v) = t.strip_prefix("pgbench (") {
            // Another run's banner after a run's figures: that run ended,
            // even where the post cut this one's summary to its figures
            // (`...` for its `transaction type:` … lines: a Russian course
            // note, pgbench 15.10, wildmod61, whose two `-T 60` runs were
            // read under the `-T 600` run's type, scale and 600 s).
            if !run.figures.is_empty() {
                run.finish(&mut out);
                run = Run::default();
            }
            // `pgbench (18.3, server 15.12-YB-2025.2.2.2-b0)`: the client's.
            let v = v.split([' ', ')', ',']).next().unwrap_or("");
            if out.version.is_none() && v.starts_with(|c: char| c.is_ascii_digit()) {
                out.version = Some(v.to_string());
            }
        } else if t.contains("Run was aborted") {
            // pgbench 15+: clients aborted (a failed server, a query
            // error); the summary above counts only what the others did.
            if !run.figures.is_empty() {
                run.figures.clear();
                let msg = "pgbench says the run was aborted and its results are incomplete: its summary is not read";
                out.notes.push((n, msg.into()));
            }
        } else if let Some(args) = args_of(t, "pgbench").or_else(|| after_prompt(t)) {
            let reconnect = args
                .iter()
                .any(|a| *a == "--connect" || (a.starts_with('-') && !a.starts_with("--") && a.contains('C')));
            // A command line after a run's figures: that run ended (its
            // summary cut, as above); the next is this command's.
            if !run.figures.is_empty() {
                run.finish(&mut out);
                run = Run::default();
            }
            (run.reconnect, run.rate, run.time) = (reconnect, rate_of(&args), time_of(&args));
        } else {
            read_line(&mut out, &mut run, n, t)?;
        }
    }
    run.finish(&mut out);
    if out.samples.is_empty() {
        let stopped =
            |m: &str| m.contains("was aborted") || m.contains("client aborted") || m.contains("stopped early");
        let reason = match out.notes.iter().find(|(_, m)| stopped(m)) {
            Some((n, _)) if input.lines[n - 1].contains("Run was aborted") => {
                format!("line {n}: pgbench says the run was aborted and its results are incomplete")
            }
            Some((n, m)) if m.contains("stopped early") => format!("line {n}: {m}"),
            Some((n, _)) => {
                format!("line {n}: a pgbench client aborted (`{}`)", super::failed::quote(&input.lines[n - 1]))
            }
            // Only `-P`'s progress lines (interim rates, not read): the
            // run was cut, or its summary not pasted, after the last.
            None if let Some((first, last)) = progress_lines(input) => {
                let expected = format!(
                    "pgbench's summary (`transaction type:` … `tps = …`) after the `progress:` lines {first}-{last} \
                     (interim rates every `-P` seconds, not read): the run was cut, or its summary not pasted"
                );
                return Err(ParseError::malformed(last, expected, input.lines[last - 1].trim()));
            }
            None => "no `tps = …` or `latency average` line".into(),
        };
        return Err(ParseError::NoResults { benchmark: "pgbench", reason });
    }
    Ok(out)
}

impl BenchParser for Pgbench {
    fn id(&self) -> &'static str {
        "pgbench"
    }

    fn describe(&self) -> &'static str {
        "pgbench (PostgreSQL 8.x-17 summaries)"
    }

    /// `tps = `, or `-P`'s lines under the banner.
    fn literals(&self) -> &'static [&'static str] {
        &["tps = ", "pgbench ("]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has("tps = ") {
            // Only `-P`'s progress lines under pgbench's banner (a page's
            // example cut with `...` before the summary): pgbench's, which
            // says what is missing rather than no parser claiming it.
            // `has` first (one search of the whole text, the same answer for
            // the files that hold no banner anywhere): the line scan only where
            // one may start a line (speed39: 18.4 M of the medium build).
            let banner = input.has("pgbench (") && input.lines.iter().any(|l| l.trim().starts_with("pgbench ("));
            return if banner && progress_lines(input).is_some() { 60 } else { 0 };
        }
        let tps_line = input.lines.iter().any(|l| tps(l.trim()).is_some_and(|(name, _, _)| name.is_some()));
        let summary = input.has("number of clients:") || input.has("scaling factor:") || input.has("pgbench");
        match (tps_line, summary) {
            (true, true) => 90,
            (true, false) => 60,
            _ => 0,
        }
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A README's Markdown turned some of pgbench's lines into list items
    /// (`- number of clients: 10`): still its set-up (session 29, a
    /// GitHub page's GET/POST/PUT runs lost their client count).
    #[test]
    fn set_up_lines_as_markdown_list_items() {
        assert_eq!(setup("- number of clients: 10"), Some(("clients", "10".to_string())));
        assert_eq!(setup("number of threads: 1"), Some(("threads", "1".to_string())));
        assert_eq!(setup("- duration: 10 s"), Some(("duration", "10 s".to_string())));
        assert_eq!(setup("latency average: 3.949 ms"), None);
    }

    /// A Russian course note (pgbench 15.10, wildmod61): a whole `-T 600`
    /// run, then two `-T 60` runs cut to their figures (`...`): each is a
    /// run of its own, of 60 s, not more figures of the 600 s run.
    #[test]
    fn runs_cut_to_their_figures_are_runs_of_their_own_command() {
        let text = "# pgbench -P 10 -T 600 postgres\npgbench (15.10)\ntransaction type: <builtin: TPC-B (sort of)>\n\
                    scaling factor: 1\nduration: 600 s\nlatency average = 1.348 ms\n\
                    tps = 741.433828 (without initial connection time)\n\
                    # pgbench -T 60 postgres\npgbench (15.10)\n...\nlatency average = 1.314 ms\n\
                    tps = 761.155095 (without initial connection time)\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let tps: Vec<(usize, Vec<String>)> = f
            .samples
            .iter()
            .filter(|s| s.metric.name.starts_with("tps"))
            .map(|s| (s.line, s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect()))
            .collect();
        assert_eq!(tps.len(), 2);
        assert!(tps[0].1.contains(&"duration=600 s".to_string()), "{tps:?}");
        assert_eq!(tps[1], (12, vec!["duration=60 s".to_string()]));
    }

    /// review61 parse #2: a `-T 60` run cut to its figures, then a whole
    /// `-t` run printed without its command line: the second is no run of
    /// 60 s (it was `duration=60 s`, its `-t` length skipped). And the
    /// first cut run after `pgbench -R 1000 -C` keeps its `-R` and `-C`.
    #[test]
    fn a_command_lines_options_go_to_its_own_run_only() {
        let text = "$ pgbench -T 60 postgres\npgbench (15.10)\n...\nlatency average = 1.314 ms\n\
                    tps = 761.155095 (without initial connection time)\npgbench (15.10)\n\
                    transaction type: <builtin: TPC-B (sort of)>\nscaling factor: 1\nnumber of clients: 1\n\
                    number of threads: 1\nnumber of transactions per client: 1000\n\
                    number of transactions actually processed: 1000/1000\nlatency average = 1.000 ms\n\
                    tps = 1000.000000 (without initial connection time)\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let tps: Vec<&crate::model::Sample> = f.samples.iter().filter(|s| s.metric.name.starts_with("tps")).collect();
        assert_eq!(tps.len(), 2, "{:?}", show(&f));
        let params =
            |s: &crate::model::Sample| s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>();
        assert!(params(tps[0]).contains(&"duration=60 s".to_string()), "{:?}", show(&f));
        assert!(!params(tps[1]).iter().any(|p| p.starts_with("duration=")), "{:?}", show(&f));

        let text = "$ pgbench -R 1000 -C -T 60 postgres\npgbench (15.10)\n...\nlatency average = 1.314 ms\n\
                    rate limit schedule lag: avg 0.120 (max 2.845) ms\ntps = 761.155095 (without initial connection time)\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let tps = f.samples.iter().find(|s| s.metric.name.starts_with("tps")).expect("tps");
        let p = params(tps);
        assert!(p.iter().any(|p| p.starts_with("rate=")) && p.iter().any(|p| p.starts_with("connect")), "{p:?}");
    }

    fn show(f: &ParsedFile) -> Vec<String> {
        f.samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {} {} {}", s.line, s.metric.name, p.join(" "), s.value.mean())
            })
            .collect()
    }

    #[test]
    fn new_and_old_forms_and_reconnect() {
        let text = "pgbench (16.14 (Debian 16.14-1.pgdg13+1))\ntransaction type: /tmp/select1.sql\nscaling factor: 1\n\
            query mode: simple\nnumber of clients: 10\nnumber of threads: 4\nlatency average = 2.968 ms\n\
            average connection time = 1.180 ms\ntps = 3369.004756 (including reconnection times)\n\
            transaction type: TPC-B (sort of)\nscaling factor: 10\nnumber of clients: 8\n\
            latency average: 3.949 ms\ntps = 1234.5 (including connections establishing)\n\
            tps = 1240.0 (excluding connections establishing)\n";
        let f = Pgbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.version.as_deref(), Some("16.14"));
        assert_eq!(
            show(&f),
            [
                "7 latency average type=/tmp/select1.sql scale=1 mode=simple clients=10 threads=4 connect=per-transaction 2.968",
                "9 tps incl. reconnections type=/tmp/select1.sql scale=1 mode=simple clients=10 threads=4 connect=per-transaction 3369.004756",
                "13 latency average type=TPC-B (sort of) scale=10 clients=8 3.949",
                "14 tps incl. connections type=TPC-B (sort of) scale=10 clients=8 1234.5",
                "15 tps type=TPC-B (sort of) scale=10 clients=8 1240",
            ]
        );
    }

    /// attack40 F1/F22: a rate-limited run (`rate limit schedule lag:`
    /// printed, or `-R` on its command line) carries a `rate`; a run
    /// without one (the next, under no command line) carries none; F2: a
    /// `-t` run carries its `transactions`.
    #[test]
    fn rate_limited_and_transaction_count_runs_carry_their_set_up() {
        let run = |lag: bool| {
            format!(
                "transaction type: <builtin: TPC-B (sort of)>\nnumber of clients: 4\n\
                 number of transactions per client: 1000\nlatency average = 3.811 ms\n{}\
                 tps = 1000.01 (without initial connection time)\n",
                if lag { "rate limit schedule lag: avg 0.101 (max 12.334) ms\n" } else { "" }
            )
        };
        let rate = |text: &str| -> Vec<String> {
            let f = Pgbench.parse(&Input::from_text(text)).unwrap();
            f.samples
                .iter()
                .map(|s| {
                    let p = |n: &str| s.params.iter().find(|p| p.name == n).map_or("-".into(), |p| p.value.to_string());
                    format!("{} {}", p(RATE_PARAM), p(TRANSACTIONS_PARAM))
                })
                .collect()
        };
        assert_eq!(
            rate(&format!("{}{}", run(true), run(false))),
            ["limited 1000"; 2].iter().chain(&["- 1000"; 2]).copied().collect::<Vec<_>>()
        );
        // A `-t` run that printed what it processed: its length is that over
        // its tps (4000 / 1000.01: 4 s), and the rate its counts give, 1000
        // a second (its largest lag, 12.3 ms, under 1% of 4 s), is read.
        let counted = run(true)
            .replace("latency average", "number of transactions actually processed: 4000/4000\nlatency average");
        assert_eq!(rate(&counted), ["about 1000 1000"; 2]);
        for cmd in [
            "$ pgbench -c 4 -j 4 -R 1000 -T 60 bench",
            "pgbench -R1000 -c 4 bench",
            "pgbench --rate=1000 bench",
            "pgbench --rate 1000 bench",
        ] {
            assert_eq!(
                rate(&format!("{cmd}\n{}{}", run(true), run(false))),
                ["1000 1000", "1000 1000", "- 1000", "- 1000"],
                "{cmd}"
            );
        }
        // Must not fire: `-r` (per-statement latencies), `-c 1000`, no lag line.
        assert_eq!(rate(&format!("pgbench -r -c 1000 -T 60 bench\n{}", run(false))), ["- 1000"; 2]);
        // attack41 F4 (its q04): prose naming `-R` over an unlimited run
        // is no command line; a prompt of symbols before it still is.
        assert_eq!(
            rate(&format!("Earlier I tried pgbench -R 1000 but this run is unlimited:\n{}", run(false))),
            ["- 1000"; 2]
        );
        assert_eq!(rate(&format!("☁  dir [master] ⚡  pgbench -R 1000 -c 4 bench\n{}", run(true))), ["1000 1000"; 2]);
        // attack42 F13 (its pg/pg01): `Note:` or `1.` before `pgbench -R`
        // is prose too, and whatever the line above says, a whole summary
        // with no `rate limit schedule lag:` is an unlimited run, said.
        for above in
            ["Note: pgbench -R 1000 was tried before; this run is unlimited:", "1. pgbench -R 1000 (tried before)"]
        {
            assert_eq!(rate(&format!("{above}\n{}", run(false))), ["- 1000"; 2], "{above}");
        }
        let text = format!("☁  dir [master] ⚡  pgbench -R 1000 -c 4 bench\n{}", run(false));
        assert_eq!(rate(&text), ["- 1000"; 2]);
        let f = Pgbench.parse(&Input::from_text(&text)).unwrap();
        assert!(f.notes.iter().any(|(l, m)| *l == 6 && m.contains("no `rate limit schedule lag:`")), "{:?}", f.notes);
    }

    /// archive53 (tvondra/pg-fs-benchmark, xeon): `-R 3000 -L 21` on zfs
    /// and `-R 25000 -L 2` on ext4 print no rate, only their lag lines, and
    /// were one set-up, `rate limited`; each summary prints its `-L`
    /// limit, a parameter of a rate-limited run. Without a lag line the
    /// limit only counts late transactions: not read.
    #[test]
    fn a_rate_limited_run_carries_its_latency_limit() {
        let run = |limit: &str, lag: bool| {
            format!(
                "transaction type: <builtin: simple update>\nnumber of clients: 32\n\
                 number of transactions skipped: 8284 (0.077%)\n\
                 number of transactions above the {limit} ms latency limit: 21789/10787632 (0.202%)\n\
                 latency average = 1.516 ms\n{}tps = 2996.568877 (without initial connection time)\n",
                if lag { "rate limit schedule lag: avg 0.158 (max 75.809) ms\n" } else { "" }
            )
        };
        let limits = |text: &str| -> Vec<String> {
            let f = Pgbench.parse(&Input::from_text(text)).unwrap();
            assert!(f.notes.is_empty(), "{:?}", f.notes);
            f.samples
                .iter()
                .map(|s| {
                    let p = |n: &str| s.params.iter().find(|p| p.name == n).map_or("-".into(), |p| p.value.to_string());
                    format!("{} {}", p(RATE_PARAM), p(LATENCY_LIMIT_PARAM))
                })
                .collect()
        };
        let text = format!("{}{}{}", run("21.0", true), run("2.0", true), run("2.0", false));
        assert_eq!(
            limits(&text),
            ["limited 21.0 ms", "limited 21.0 ms", "limited 2.0 ms", "limited 2.0 ms", "- -", "- -"]
        );
        // With the command line's rate, the limit is still its own.
        assert_eq!(limits(&format!("pgbench -N -R 3000 -L 21 -c 32 test\n{}", run("21.0", true))), ["3000 21.0 ms"; 2]);
        // pgbench 9.5's form: `…: 21789 (0.202 %)`.
        assert_eq!(
            latency_limit("number of transactions above the 6.0 ms latency limit: 21789 (0.202 %)"),
            Some("6.0 ms".into())
        );
        assert_eq!(latency_limit("number of transactions above the x ms latency limit: 1/2 (50%)"), None);
    }

    /// archive53's open finding: rate-limited runs with the same `-L` and
    /// another `-R`, no command line, were one set-up `limited` (the logs
    /// never print the rate). tvondra/pg-fs-benchmark's ext4 run of `-R
    /// 25000 -L 2` and zfs run of `-R 3000 -L 21` (wild fixtures): their
    /// counts give the rates, (72593890 + 17390482) / 3600 s = 24995.7 and
    /// the zfs run's, to two digits; said once, as information.
    #[test]
    fn a_rate_limited_runs_rate_is_read_from_its_counts() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/wild/pgbench/");
        for (file, rate) in [
            ("gh-results-pg-fs-benchmark-16devel-R-L-no-command-line-19pct-skipped-ext4.txt", "about 25000"),
            (
                "gh-results-pg-fs-benchmark-16devel-R-L-no-command-line-lag-and-latency-limit-lines-zfs.txt",
                "about 3000",
            ),
        ] {
            let text = std::fs::read_to_string(format!("{dir}{file}")).expect("fixture");
            let f = Pgbench.parse(&Input::from_text(&text)).unwrap();
            for s in &f.samples {
                let r = s.params.iter().find(|p| p.name == RATE_PARAM).map(|p| p.value.to_string());
                assert_eq!(r.as_deref(), Some(rate), "{file}");
            }
            assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
            assert!(f.notes[0].1.starts_with(RATE_NOT_PRINTED), "{:?}", f.notes);
            assert!(crate::parse::note_is_info(&f.notes[0].1));
        }
        assert_eq!(about_rate(72593890, 17390482, 0, "3600 s", Some(2.845)), Some(25000));
        // Behind its schedule with nothing skipped (no `-L`): the counts
        // are its throughput, no rate.
        assert_eq!(about_rate(8_280_000, 0, 0, "3600 s", Some(900_000.0)), None);
        assert_eq!(about_rate(10_796_000, 0, 0, "3600 s", Some(12.0)), Some(3000));
        assert_eq!(about_rate(10_796_000, 0, 0, "3600 s", None), None);
        assert_eq!(max_lag("rate limit schedule lag: avg 0.120 (max 2.845) ms"), Some(2.845));
    }

    #[test]
    fn damage_and_unknown_kinds() {
        let bad = "transaction type: x\ntps = abc (without initial connection time)\n";
        assert_eq!(Pgbench.parse(&Input::from_text(bad)).unwrap_err().line(), Some(2));
        let odd = "number of clients: 1\ntps = 5.0 (something new)\nlatency average = 1.0 ms\n";
        let f = Pgbench.parse(&Input::from_text(odd)).unwrap();
        assert_eq!((f.samples.len(), f.notes.len()), (1, 1));
    }

    /// A person's line quoting a summary's latency with a remark after its
    /// unit is not read (it was a second run, unit `ms  - time of …`);
    /// pgbench 15's own `(including failures)` after the unit is, in ms.
    #[test]
    fn words_after_the_latency_unit() {
        let text = "transaction type: device.sql\nnumber of clients: 50\nlatency average = 50.689 ms\n\
                    tps = 986.400915 (without initial connection time)\n\
                    latency average = 50.689 ms  - time of 1 transactions => average time for 1 query = 25,34\n\
                    transaction type: x.sql\nnumber of clients: 5\n\
                    latency average = 2.000 ms (including failures)\nlatency stddev = 1.000 ms\n\
                    tps = 190.000000 (without initial connection time)\n";
        let f = Pgbench.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, &str, &str, f64)> = f
            .samples
            .iter()
            .map(|s| (s.line, s.metric.name.as_str(), s.metric.unit.as_str(), s.value.mean()))
            .collect();
        assert_eq!(
            got,
            [
                (3, "latency average", "ms", 50.689),
                (4, "tps", "tps", 986.400915),
                (8, "latency average", "ms", 2.0),
                (9, "latency stddev", "ms", 1.0),
                (10, "tps", "tps", 190.0),
            ]
        );
        let note = f.notes.iter().find(|(n, _)| *n == 5).expect("a note on line 5");
        assert!(note.1.contains("no line pgbench prints"), "{note:?}");
    }

    /// Attacker 27, finding 2: a run of `-t` that processed 12000 of
    /// 80000 transactions (its tps 150.2 of what was done) was averaged
    /// with a whole run; failed transactions of a run with retries make a
    /// whole run.
    #[test]
    fn a_run_that_did_fewer_transactions_than_planned_is_left_out() {
        let run = |done: &str, failed: &str, tps: &str| {
            format!(
                "pgbench (16.2)\ntransaction type: <builtin: TPC-B (sort of)>\nscaling factor: 100\n\
                 number of clients: 8\nnumber of transactions per client: 10000\n\
                 number of transactions actually processed: {done}/80000\n\
                 number of failed transactions: {failed} (0.000%)\nlatency average = 8.0 ms\ntps = {tps} (without \
                 initial connection time)\n"
            )
        };
        let text =
            format!("{}{}{}", run("80000", "0", "1001.1"), run("12000", "0", "150.2"), run("79990", "10", "998.3"));
        let parsed = Pgbench.parse(&Input::from_text(&text)).expect("two whole runs");
        let tps: Vec<f64> = parsed.samples.iter().filter(|s| s.metric.name == "tps").map(|s| s.value.mean()).collect();
        assert_eq!(tps, [1001.1, 998.3]);
        let (line, note) = &parsed.notes[0];
        assert_eq!(*line, 15, "{note}");
        assert!(note.contains("processed 12000 of the 80000 transactions planned"), "{note}");
        let only = Pgbench.parse(&Input::from_text(&run("12000", "0", "150.2"))).unwrap_err().to_string();
        assert!(only.contains("line 6: pgbench processed 12000 of the 80000"), "{only}");
    }

    /// attack61 pg-failed: pgbench 15+'s `number of failed transactions:
    /// 1000000 (20.000%)` in a whole run was read without a word: noted at
    /// its line, the run read. A run with none failed has no note.
    #[test]
    fn failed_transactions_are_noted() {
        let run = |done: &str, failed: &str| {
            format!(
                "pgbench (16.2)\ntransaction type: <builtin: TPC-B (sort of)>\nscaling factor: 100\n\
                 number of clients: 8\nnumber of transactions per client: 625000\n\
                 number of transactions actually processed: {done}/5000000\n\
                 number of failed transactions: {failed}\nlatency average = 8.0 ms\ntps = 1001.1 (without \
                 initial connection time)\n"
            )
        };
        let f = Pgbench.parse(&Input::from_text(&run("4000000", "1000000 (20.000%)"))).unwrap();
        assert_eq!(f.samples.iter().filter(|s| s.metric.name == "tps").count(), 1);
        assert!(
            f.notes.iter().any(|(n, m)| *n == 7 && m.contains("1000000 (20.000%)") && m.contains("succeeded")),
            "{:?}",
            f.notes
        );
        let f = Pgbench.parse(&Input::from_text(&run("5000000", "0 (0.000%)"))).unwrap();
        assert!(f.notes.is_empty(), "{:?}", f.notes);
    }

    #[test]
    fn an_aborted_run_is_a_warning_not_a_result() {
        let run = |tps: &str| {
            format!(
                "transaction type: <builtin: TPC-B (sort of)>\nnumber of clients: 20\n\
                 latency average = 79.502 ms\ntps = {tps} (without initial connection time)\n"
            )
        };
        let text = format!(
            "{}pgbench: error: Run was aborted; the above results are incomplete.\n{}",
            run("206.725596"),
            run("1271.318979")
        );
        let f = Pgbench.parse(&Input::from_text(&text)).unwrap();
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(8, 79.502), (9, 1271.318979)]);
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 5);
        assert!(!crate::parse::note_is_info(&f.notes[0].1));
    }
}
