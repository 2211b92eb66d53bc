//! memtier_benchmark (Redis Labs' load generator for Redis and memcached,
//! 1.2–2.x): its result tables.
//!
//! ```text
//! 1         Threads
//! 3         Connections per thread
//! 65000000  Requests per client
//!
//! ALL STATS
//! ==================================================================================
//! Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency     p99 Latency   p99.9 Latency       KB/sec
//! ----------------------------------------------------------------------------------
//! Sets        21659.56          ---          ---         1.72237         1.68700         2.99100         4.28700     22716.77
//! Gets        86638.24     13005.02     73633.22         1.72807         1.69500         3.00700         4.31900     16523.21
//! Waits           0.00          ---          ---             ---             ---             ---             ---          ---
//! Totals     108297.80     13005.02     73633.22         1.72693         1.69500         3.00700         4.31900     39239.98
//! ```
//!
//! Groups: the row's type as printed (`Sets`, `Gets`, `Totals`, a
//! `--command`'s name). Metrics: the header's columns as printed:
//! `Ops/sec` (ops/s) and `KB/sec` (KB/s), higher is better; `Hits/sec` and
//! `Misses/sec` (per s), neither (they follow the key pattern);
//! `Latency` (memtier 1.2), `Avg. Latency`, `p50 Latency`, `p99 Latency`,
//! `p99.9 Latency` … in ms, lower is better. A `---` cell is no figure; a
//! row whose every figure is zero or `---` (the `Waits` of a run without
//! WAIT commands) is a note, not read. A row whose `Ops/sec` is 0.00 but
//! whose latency is not (`Sets 0.00 --- --- 19.71200 0.00`, a memtier build
//! whose counters failed, issue #128) counted no operation it timed: a
//! warning, not read (0 ops/s read as a rate was a false -100%). A row's last figure without the
//! decimals memtier prints (`326` for `326.88`: a log cut inside it) is a
//! note, not read.
//!
//! Parameters, when the output or the `memtier_benchmark` command line
//! above it says: `threads` (`N Threads`, `-t`), `connections` (`N
//! Connections per thread`, `-c`), `requests` (`N Requests per client`,
//! `-n`), `pipeline` (`--pipeline`), `data_size` (`-d`, `--data-size`,
//! bytes) and `ratio` (`--ratio`, SET:GET). Where a file's command lines
//! name more than one server or port (`-s`, `--server`; `-p`, `--port`),
//! each table also carries that of the command above it, `server` and
//! `port`: LKP starts one instance per Redis server at once
//! (`memtier_benchmark … -p 6380` … `-p 6383`), and each instance is a
//! set-up of its own, compared with the same port's instance of another
//! kernel, never averaged with the others as runs. How many instances
//! LKP started at once (command lines stamped with the same second,
//! `2020-10-27 10:59:50 … memtier_benchmark …`) is a set-up too,
//! `instances`: several clients of one server and port share it, never
//! compared with one client alone; and the instances of one launch are
//! ONE run, each figure the mean per instance (`parse::instances::
//! one_run_per_launch`; LKP's `stats/memtier` reports that mean,
//! `avg_totals_ops/s`, beside the sum, `total_totals_ops/s`), never runs
//! of their set-up to test against each other. An `Instance: N` line
//! (LKP's header) ends a table. The latency histogram
//! below each table (`GET     348.159       100.00`) is memtier's, never a
//! label.
//!
//! Tables: each `ALL STATS` and `RUN #N RESULTS` table is one run (the
//! tables of one server and port in a file are runs of one sample set;
//! LKP's instances on several ports are set-ups, above). With
//! `--run-count`, memtier prints the `BEST RUN RESULTS` and `WORST RUN
//! RESULTS` (notes, not read: a pick among the runs) and `AGGREGATED AVERAGE
//! RESULTS (N runs)`, read as a summary over N runs when the file holds no
//! per-run table (else a note: the runs are read). The latency
//! distribution (`Request Latency Distribution`) and the progress lines
//! (`[RUN #1 100%, 216 secs] …`) are not read.
//!
//! A table posted without its title (`ALL STATS`), from its `====` rule
//! or its header down, is read as a run's table as well; so is memtier
//! 1.x's, which printed neither title nor rules (`N Requests per thread`
//! over it: `requests`).
//!
//! A table copied double-spaced (an empty line after each of its lines,
//! as some terminals paste it) is read as printed: an empty line does not
//! end a table. A table a mail client wrapped (memtier's lines are 124
//! columns wide: `Type … Avg. Latency     p50` / `Latency     p99 Latency
//! …`, each row's last figures alone on the next line, as in a
//! linuxppc-dev reply of 2024 on MGLRU aging, wildmod46) is read as
//! printed before the wrap: a header line followed by a line of its
//! column names only is one header, and a row short of figures followed
//! by a line of exactly the figures it lacks is one row, read at its
//! first line. A row of a table whose cells are not as many as the
//! header's columns, or a cell that is neither a number nor `---`, is an
//! error at its line.

use super::cmdline::args_of;
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// memtier_benchmark; registry id `"memtier"`.
pub struct Memtier;

const ID: &str = "memtier";

/// The parameters, in the order samples carry them.
const PARAMS: [&str; 6] = ["threads", "connections", "requests", "pipeline", "data_size", "ratio"];

/// What the table being read is.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// One run's table (`ALL STATS`, `RUN #N RESULTS`).
    Run,
    /// memtier's average over N runs.
    Aggregated(u32),
    /// The best or worst run, not read.
    Pick,
}

/// A table title line → its kind.
fn title(t: &str) -> Option<Kind> {
    if t == "ALL STATS" || (t.starts_with("RUN #") && t.ends_with(" RESULTS")) {
        return Some(Kind::Run);
    }
    if t == "BEST RUN RESULTS" || t == "WORST RUN RESULTS" {
        return Some(Kind::Pick);
    }
    let n = t.strip_prefix("AGGREGATED AVERAGE RESULTS (")?.strip_suffix(" runs)")?;
    n.parse().ok().map(Kind::Aggregated)
}

/// The result table's header → its column names (`Avg. Latency` one name).
fn header(t: &str) -> Option<Vec<String>> {
    // A tab after `Type` too: a file whose spaces an editor turned into
    // tabs (`unexpand -a`) was "unrecognised" (attack47 F8).
    let rest = t.strip_prefix("Type").filter(|r| r.starts_with([' ', '\t']))?;
    if !rest.contains("Ops/sec") {
        return None;
    }
    let mut cols: Vec<String> = Vec::new();
    for tok in rest.split_whitespace() {
        match cols.last_mut() {
            Some(prev) if tok == "Latency" && !prev.ends_with("/sec") => {
                prev.push_str(" Latency");
            }
            _ => cols.push(tok.to_string()),
        }
    }
    Some(cols)
}

/// True for the rest of a header a mail client wrapped (`Latency     p99
/// Latency   p99.9 Latency       KB/sec`): memtier's column names only.
fn header_rest(t: &str) -> bool {
    let name = |w: &str| {
        w == "Latency"
            || w == "Avg."
            || w.ends_with("/sec")
            || w.strip_prefix('p').is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
    };
    t.split_whitespace().next().is_some() && t.split_whitespace().all(name)
}

fn metric(col: &str) -> Metric {
    match col {
        "Ops/sec" => Metric::new(col, "ops/s", Better::Higher),
        "KB/sec" => Metric::new(col, "KB/s", Better::Higher),
        c if c.ends_with("Latency") => Metric::new(c, "ms", Better::Lower),
        c => Metric::new(c, "per s", Better::Neither),
    }
}

#[derive(Default)]
struct Reader {
    out: ParsedFile,
    params: Vec<(&'static str, String)>,
    /// The kind of the table whose header is awaited or whose rows are read.
    kind: Option<Kind>,
    cols: Option<Vec<String>>,
    /// Samples of `AGGREGATED AVERAGE` tables, with their line: kept until
    /// the end, read only when no run's table was.
    aggregated: Vec<Sample>,
    runs_read: bool,
    /// Each command line's server and port (`-s`, `-p`) where it names
    /// them, with its line and the second LKP started it: the tables below
    /// it are that instance's.
    targets: Vec<Target>,
    /// Each command line's `--test-time` (seconds), where it gives one.
    test_times: Vec<Option<f64>>,
}

/// A command line's line, the server and port it names (`-s`, `-p`), and
/// the second it started when LKP's log stamps it (`2020-10-27
/// 10:59:50`).
type Target = (usize, Option<String>, Option<String>, Option<String>);

/// LKP's stamp before a command it starts (`2020-10-27 10:59:50
/// /usr/bin/numactl … memtier_benchmark …`): the second it started.
fn start_stamp(line: &str) -> Option<&str> {
    let stamp = line.trim_start().get(..19)?;
    let shape = stamp.bytes().enumerate().all(|(i, c)| match i {
        4 | 7 => c == b'-',
        10 => c == b' ',
        13 | 16 => c == b':',
        _ => c.is_ascii_digit(),
    });
    shape.then_some(stamp)
}

impl Reader {
    /// Sets parameter `name`, keeping [`PARAMS`]' order.
    fn set(&mut self, name: &'static str, value: &str) {
        self.params.retain(|(n, _)| *n != name);
        self.params.push((name, value.to_string()));
        self.params.sort_by_key(|(n, _)| PARAMS.iter().position(|p| p == n));
    }

    fn command(&mut self, args: &[&str]) {
        self.params.clear();
        let mut it = args.iter().peekable();
        while let Some(a) = it.next() {
            let (opt, inline) = match a.split_once('=') {
                Some((o, v)) if o.starts_with("--") => (o, Some(v)),
                _ => (*a, None),
            };
            let name = match opt {
                "-t" | "--threads" => "threads",
                "-c" | "--clients" => "connections",
                "-n" | "--requests" => "requests",
                "--pipeline" => "pipeline",
                "-d" | "--data-size" => "data_size",
                "--ratio" => "ratio",
                _ => continue,
            };
            let value = match inline {
                Some(v) => Some(v),
                None => it.next().copied(),
            };
            // memtier's first progress line glued to the command when
            // its line break was lost (`-d 32768[RUN #1] Preparing
            // benchmark client...`, memtier issue #8): the value ends
            // there. A count that is still no number (but `-n allkeys`)
            // is not taken.
            let value = value.map(|v| v.trim_matches(['\'', '"'])).map(|v| v.split_once("[RUN").map_or(v, |(v, _)| v));
            if let Some(v) = value
                && (name == "ratio"
                    || (name == "requests" && v == "allkeys")
                    || (!v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())))
            {
                self.set(name, v);
            }
        }
    }

    fn row(&mut self, kind: Kind, cols: &[String], n: usize, t: &str) -> Result<(), ParseError> {
        let cells: Vec<&str> = t.split_whitespace().collect();
        if cells.len() != cols.len() + 1 {
            return Err(ParseError::malformed(n, format!("a row of a type and {} figures", cols.len()), t));
        }
        let mut figures = Vec::new();
        for (i, (col, cell)) in cols.iter().zip(&cells[1..]).enumerate() {
            if *cell == "---" {
                continue;
            }
            // memtier prints every figure with decimals (`%.2f`, `%.5f`):
            // the row's last without them was cut there (a truncated log).
            if i + 1 == cols.len() && plain(cell).is_some() && super::num::fewer_decimals(cell, 2) {
                let msg =
                    format!("memtier's `{col}` {cell:?} without its decimals (the line looks cut short): not read");
                self.out.notes.push((n, msg));
                continue;
            }
            let v = plain(cell).ok_or_else(|| ParseError::malformed(n, format!("a number or `---` for `{col}`"), t))?;
            figures.push((metric(col), v));
        }
        if figures.iter().all(|(_, v)| *v == 0.0) {
            self.out.notes.push((n, format!("memtier row `{}`: zero figures are not results", cells[0])));
            return Ok(());
        }
        // `Sets  0.00  ---  ---  19.71200  0.00`: no operation counted, yet
        // a latency measured over them: the run's counters failed (memtier
        // issue #128, a 2020 build), and its 0 ops/s is no rate.
        let ops_zero = figures.iter().any(|(m, v)| m.name == "Ops/sec" && *v == 0.0);
        if let Some((m, v)) = figures.iter().find(|(m, v)| ops_zero && m.name.contains("Latency") && *v != 0.0) {
            let msg = format!(
                "memtier row `{}`: Ops/sec 0.00 yet {} {v}: no operation counted where some were timed (memtier's counters failed): the row is not read",
                cells[0], m.name
            );
            self.out.notes.push((n, msg));
            return Ok(());
        }
        for (m, v) in figures {
            let mut s = Sample::new(m, v, n).with_group(cells[0]);
            for (name, value) in &self.params {
                s = s.with_param(*name, value);
            }
            match kind {
                Kind::Aggregated(runs) => self.aggregated.push(s.with_summary(v, None, runs)),
                _ => {
                    self.runs_read = true;
                    self.out.samples.push(s);
                }
            }
        }
        Ok(())
    }

    /// Line `t` and the `next` as one, when a mail client wrapped one
    /// line of memtier's in two: a header whose next line holds only
    /// column names ([`header_rest`]), or, inside a table, a row short of
    /// figures whose next line holds exactly the figures it lacks.
    fn unwrapped(&self, t: &str, next: &str) -> Option<String> {
        if header(t).is_some() && header_rest(next) {
            return Some(format!("{t} {next}"));
        }
        let cols = self.cols.as_ref()?;
        let cells = t.split_whitespace().count();
        let figure = |c: &str| c == "---" || plain(c).is_some();
        let row = t.starts_with(|c: char| c.is_ascii_alphabetic()) && t.split_whitespace().nth(1).is_some_and(figure);
        let rest: Vec<&str> = next.split_whitespace().collect();
        (row && cells <= cols.len()
            && !rest.is_empty()
            && cells + rest.len() == cols.len() + 1
            && rest.iter().all(|c| figure(c)))
        .then(|| format!("{t} {next}"))
    }

    fn line(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        if let Some(kind) = title(t) {
            if kind == Kind::Pick {
                self.out.notes.push((n, format!("memtier's `{t}`: a pick among the runs, not read")));
            }
            self.kind = Some(kind);
            self.cols = None;
            return Ok(());
        }
        if let Some(cols) = header(t) {
            if self.kind.is_none() {
                self.kind = Some(Kind::Run);
            }
            self.cols = Some(cols);
            return Ok(());
        }
        if let (Some(kind), Some(cols)) = (self.kind, self.cols.clone()) {
            // A blank line inside a table is a terminal copy's double
            // spacing (every line of the table followed by an empty one),
            // not its end: the next line that is no row ends it.
            if t.starts_with('-') || t.starts_with('=') || t.is_empty() {
                return Ok(());
            }
            let second = t.split_whitespace().nth(1);
            let figure = second.is_some_and(|c| c == "---" || plain(c).is_some());
            // LKP's `Instance: 2` header below an instance's table is no
            // row of it (attack43 F8: the whole file was skipped).
            let label = t.split_whitespace().next().is_some_and(|w| w.ends_with(':'));
            if t.starts_with(|c: char| c.is_ascii_alphabetic()) && figure && !label {
                if kind != Kind::Pick {
                    self.row(kind, &cols, n, t)?;
                }
                return Ok(());
            }
            self.kind = None;
            self.cols = None;
        }
        if let Some(args) = args_of(t, "memtier_benchmark") {
            self.command(&args);
            let stamp = start_stamp(t).map(str::to_string);
            self.targets.push((n, option(&args, "-s", "--server"), option(&args, "-p", "--port"), stamp));
            self.test_times.push(option(&args, "--test-time", "--test-time").and_then(|v| v.parse().ok()));
            return Ok(());
        }
        let mut words = t.split_whitespace();
        if let (Some(count), Some(rest)) = (words.next(), t.split_once(char::is_whitespace).map(|(_, r)| r.trim()))
            && count.bytes().all(|b| b.is_ascii_digit())
        {
            match rest {
                "Threads" => self.set("threads", count),
                "Connections per thread" => self.set("connections", count),
                // memtier 1.x's words for the same `-n` (a 2014 issue).
                "Requests per client" | "Requests per thread" => self.set("requests", count),
                _ => {}
            }
        }
        Ok(())
    }
}

/// The value of option `short` or `long` among a command's `args` (`-p
/// 6380`, `--port=6380`, `--port 6380`), unquoted.
fn option(args: &[&str], short: &str, long: &str) -> Option<String> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = match a.split_once('=') {
            Some((o, v)) if o == long => Some(v),
            _ if *a == short || *a == long => it.next().copied(),
            _ => None,
        };
        if let Some(v) = value {
            return Some(v.trim_matches(['\'', '"']).to_string());
        }
    }
    None
}

/// The seconds from LKP stamp `a` to stamp `b` (`2020-10-27 10:59:50`,
/// one machine's clock, no time zone), negative when `b` is earlier;
/// `None` when either is no calendar time (`2020-13-27 …`).
fn stamp_gap_seconds(a: &str, b: &str) -> Option<i64> {
    let (a, b) = (a.parse::<jiff::civil::DateTime>().ok()?, b.parse::<jiff::civil::DateTime>().ok()?);
    Some(b.duration_since(a).as_secs())
}

/// How long the run below command line `i` took, where the file tells:
/// its `--test-time`, or its requests (`N Requests per client` ×
/// connections × threads, all clients' operations) over its `Totals`
/// rate (`Ops/sec`).
fn run_seconds(i: usize, samples: &[Sample], targets: &[Target], test_times: &[Option<f64>]) -> Option<f64> {
    if let Some(t) = test_times.get(i).copied().flatten() {
        return Some(t);
    }
    let end = targets.get(i + 1).map_or(usize::MAX, |t| t.0);
    let s = samples
        .iter()
        .find(|s| s.line > targets[i].0 && s.line < end && &*s.group == "Totals" && s.metric.name == "Ops/sec")?;
    let param = |name: &str| s.params.iter().find(|p| p.name == name)?.value.parse::<f64>().ok();
    let ops = param("requests")? * param("connections")? * param("threads").unwrap_or(1.0);
    let rate = s.value.mean();
    (rate > 0.0).then(|| ops / rate)
}

/// Which command lines LKP started at once (attack43 F2, attack44 F2):
/// each command line's launch (the index of its first), and notes. A
/// command line is of its predecessor's launch when both are stamped
/// with one second, or when it started (by its stamp) while its
/// predecessor's run was still going by that run's own length (its
/// `--test-time`, or its requests over its rate: LKP's four instances of
/// 65,000,000 requests each, stamped `10:59:50`, `:50`, `:51`, `:51`,
/// ran for half an hour each, so they ran at once, not one after the
/// other, and are no two "runs" split at a second's boundary). Where the
/// file does not tell a run's length and the next stamp is a few seconds
/// later, which it was is not known: read as runs, warned.
fn launches(samples: &[Sample], targets: &[Target], test_times: &[Option<f64>]) -> (Vec<usize>, Vec<(usize, String)>) {
    let mut launch: Vec<usize> = (0..targets.len()).collect();
    let mut notes = Vec::new();
    for i in 1..targets.len() {
        let (Some(a), Some(b)) = (targets[i - 1].3.as_deref(), targets[i].3.as_deref()) else { continue };
        if a == b {
            launch[i] = launch[i - 1];
            continue;
        }
        let Some(gap) = stamp_gap_seconds(a, b) else { continue };
        if gap <= 0 {
            continue;
        }
        match run_seconds(i - 1, samples, targets, test_times) {
            // Started while the run above was still going (a second of the
            // stamps' rounding either way).
            Some(len) if ((gap + 1) as f64) < len => launch[i] = launch[i - 1],
            Some(_) => {}
            None if gap < 10 => notes.push((
                targets[i].0,
                format!(
                    "this memtier_benchmark command was started {gap} s after the one on line {}, whose run's \
                     length the file does not show (no `--test-time`, no requests and rate): whether they ran \
                     at once (one run of instances) or one after the other (runs) is not known; read as runs",
                    targets[i - 1].0
                ),
            )),
            None => {}
        }
    }
    // A launch whose instances were started with different options (one
    // `--ratio=1:1` beside three `1:4`, attack44 F2): each set-up's row is
    // the mean over its own instances, said (`instances` counts them all).
    for first in 0..targets.len() {
        let members: Vec<usize> = (0..targets.len()).filter(|&i| launch[i] == first).collect();
        if members.len() < 2 {
            continue;
        }
        let mut setups: Vec<String> = members
            .iter()
            .filter_map(|&i| {
                let end = targets.get(i + 1).map_or(usize::MAX, |t| t.0);
                let s = samples.iter().find(|s| s.line > targets[i].0 && s.line < end)?;
                Some(s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" "))
            })
            .collect();
        setups.sort();
        setups.dedup();
        if setups.len() > 1 {
            notes.push((
                targets[first].0,
                format!(
                    "the {} memtier instances started at once here ran with different options ({}): each \
                     set-up's figures are the mean over its own instances only, and `instances={}` counts all \
                     the instances that shared the server",
                    members.len(),
                    setups.join("; "),
                    members.len()
                ),
            ));
        }
    }
    (launch, notes)
}

/// Gives each sample the `server` and `port` of the command line above it
/// (see the module docs), each only where the file's command lines name
/// more than one: the instances LKP runs at once, one per port, are
/// set-ups of their own; and `instances`, how many command lines LKP
/// started at once with its own ([`launches`]), where more than one.
fn tag_instances(samples: &mut [Sample], targets: &[Target], launch: &[usize]) {
    let named = |pick: fn(&Target) -> &Option<String>| {
        let mut values: Vec<&Option<String>> = targets.iter().map(pick).collect();
        values.sort();
        values.dedup();
        values.len() > 1
    };
    let (servers, ports) = (named(|t| &t.1), named(|t| &t.2));
    // Command lines LKP started at once: instances run at once.
    let at_once = |i: usize| launch.iter().filter(|&&l| l == launch[i]).count();
    for s in samples {
        let Some(i) = targets.iter().rposition(|t| t.0 < s.line) else { continue };
        let (_, server, port, _) = &targets[i];
        if let (true, Some(v)) = (servers, server) {
            s.params.push(crate::model::Param::new("server", v));
        }
        if let (true, Some(v)) = (ports, port) {
            s.params.push(crate::model::Param::new("port", v));
        }
        let k = at_once(i);
        if k > 1 {
            s.params.push(crate::model::Param::new("instances", k.to_string()));
        }
    }
}

/// Each sample's launch and instance where LKP started its instances at
/// once ([`launches`]): the
/// launch is its first command line's index, the instance the command
/// line above the sample; and each launch's count of instances. The
/// instances of one port and set-up are ONE run, the mean per instance
/// (LKP's own `stats/memtier` reports `avg_totals_ops/s`, the mean over
/// instances, beside `total_…`, their sum), never runs of their set-up.
/// (Not `instances::instance_slots`, which reads LKP's `Instance: N`
/// headers: memtier's instances are told by their command lines' stamps.)
fn same_second_slots(
    samples: &[Sample],
    targets: &[Target],
    launch: &[usize],
) -> (Vec<Option<super::instances::Slot>>, Vec<usize>) {
    let mut started = vec![0; targets.len()];
    let slots = samples
        .iter()
        .map(|s| {
            let i = targets.iter().rposition(|t| t.0 < s.line)?;
            let first = launch[i];
            let k = launch.iter().filter(|&&l| l == first).count();
            started[first] = k;
            (k > 1).then_some(super::instances::Slot { launch: first, copy: Some(i) })
        })
        .collect();
    (slots, started)
}

impl BenchParser for Memtier {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "memtier_benchmark result tables (ALL STATS, runs, aggregated average)"
    }

    /// Its first test.
    fn literals(&self) -> &'static [&'static str] {
        &["Ops/sec"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has("Ops/sec") || !(input.has("Type ") || input.has("Type\t")) {
            return 0;
        }
        let titled = input.has("ALL STATS") || input.has(" RUN RESULTS") || input.has("AGGREGATED AVERAGE RESULTS");
        if titled && input.lines.iter().any(|l| header(l.trim()).is_some()) {
            return 90;
        }
        // A table posted without its title (from its `====` rule down, or
        // from its header): its header, its dashed rule, then memtier's
        // own rows (a blog's Bitcask vs Redis tables were "unrecognised").
        // A row of memtier's: `Sets`, `Gets` or `Totals`, then a figure or `---`.
        let memtier_row = |row: &str| {
            let mut cells = row.split_whitespace();
            cells.next().is_some_and(|t| ["Sets", "Gets", "Totals"].contains(&t))
                && cells.next().is_some_and(|c| c == "---" || plain(c).is_some())
        };
        let table = |head: &str, rule: &str, row: &str| {
            header(head.trim()).is_some() && rule.trim().starts_with("---") && memtier_row(row)
        };
        // A header a mail client wrapped is one header (see `unwrapped`);
        // a quoted-printable soft break leaves an empty line where the
        // rule's second half was joined: empty lines do not count.
        let lines: Vec<&str> = input.lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
        // memtier 1.x printed no rule under its header (`Type  Ops/sec …`
        // then `Sets  5689.69 …`, memtier issues #7 and #8, 2014-2016:
        // "unrecognised"): its header and two of its rows right under it.
        let untitled = lines.windows(3).any(|w| table(w[0], w[1], w[2]))
            || lines.windows(4).any(|w| header_rest(w[1]) && table(w[0], w[2], w[3]))
            || lines.windows(3).any(|w| header(w[0]).is_some() && memtier_row(w[1]) && memtier_row(w[2]));
        if untitled { 90 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        90
    }

    /// A last row of a result table without a line break is whole when
    /// its last cell, `KB/sec` (the table's last column in memtier 1.2 and
    /// 2.x, printed `%12.2f`), has two decimals: `Totals     375029.89
    /// 187514.94         0.00         1.33595 …     61711.46`. One cut
    /// inside it has fewer.
    fn last_figure_complete(&self, input: &Input) -> bool {
        let Some((last, above)) = input.lines.split_last() else { return false };
        let row = last.split_whitespace().next().is_some_and(|w| ["Sets", "Gets", "Waits", "Totals"].contains(&w));
        let header = above.iter().rev().take(12).map(|l| l.trim()).find(|l| l.starts_with("Type "));
        row && header.is_some_and(|h| h.ends_with("KB/sec"))
            && last.split_whitespace().last().and_then(super::num::decimals) == Some(2)
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut r = Reader { out: ParsedFile { benchmark: ID.into(), ..ParsedFile::default() }, ..Reader::default() };
        let lines: Vec<(usize, &str)> = input.numbered().map(|(n, l)| (n, l.trim())).collect();
        let texts: Vec<&str> = lines.iter().map(|(_, l)| *l).collect();
        let mut i = 0;
        while i < lines.len() {
            let (n, t) = lines[i];
            // A command line a mailer wrapped (or its author continued
            // with `\`), its options on the lines below: one command (its
            // `--pipeline`, `-d`, `--ratio`, `-p` once lost, set-ups met as
            // one).
            if let Some((joined, last)) = super::cmdline::wrapped_command(&texts, i, "memtier_benchmark") {
                if !super::cmdline::backslashed(t) {
                    r.out.notes.push((
                        n,
                        format!(
                            "the memtier_benchmark command on lines {n}-{} was wrapped by a mail's line length: read \
                             as one line",
                            lines[last].0
                        ),
                    ));
                }
                r.line(n, &joined)?;
                i = last + 1;
                continue;
            }
            let next = lines.get(i + 1).map(|(_, l)| *l);
            match next.and_then(|next| r.unwrapped(t, next)) {
                Some(joined) => {
                    r.line(n, &joined)?;
                    i += 2;
                }
                None => {
                    r.line(n, t)?;
                    i += 1;
                }
            }
        }
        if !r.aggregated.is_empty() {
            if r.runs_read {
                let n = r.aggregated[0].line;
                r.out.notes.push((n, "memtier's AGGREGATED AVERAGE: not read, its runs' tables are".into()));
            } else {
                r.out.samples.append(&mut r.aggregated);
                r.out.samples.sort_by_key(|s| s.line);
            }
        }
        let (launch, notes) = launches(&r.out.samples, &r.targets, &r.test_times);
        r.out.notes.extend(notes);
        r.out.notes.sort_by_key(|n| n.0);
        tag_instances(&mut r.out.samples, &r.targets, &launch);
        let (slots, started) = same_second_slots(&r.out.samples, &r.targets, &launch);
        if slots.iter().any(Option::is_some) {
            super::instances::one_run_per_launch(&mut r.out, &slots, "memtier instances", &started);
        }
        if r.out.samples.is_empty()
            && let Some((n, note)) = r.out.notes.iter().find(|(_, m)| m.contains("memtier's counters failed"))
        {
            let expected = "a table whose rows counted the operations they timed";
            return Err(ParseError::malformed(*n, expected, note.as_str()));
        }
        if r.out.samples.is_empty() {
            return Err(ParseError::NoResults {
                benchmark: ID,
                reason: "no row under a `Type Ops/sec …` header".into(),
            });
        }
        Ok(r.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A blog's tables posted from their `====` rule down, no `ALL STATS`
    /// (Bitcask vs Redis): no parser claimed the file.
    #[test]
    fn a_table_without_its_title_is_claimed() {
        let text = "Write Benchmarks for Redis:\n=====\n\
            Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency       KB/sec\n-----\n\
            Sets        95774.35          ---          ---         2.10580     16170.14\n";
        let input = Input::from_text(text);
        assert_eq!(Memtier.detect(&input), 90);
        let f = Memtier.parse(&input).unwrap();
        assert_eq!(f.samples[0].value.mean(), 95774.35);
        let prose = "Type Ops/sec is what we print\n---\nSets are faster\n";
        assert_eq!(Memtier.detect(&Input::from_text(prose)), 0);
    }

    /// memtier 1.x (issues #7 and #8, 2014-2016): no title, no rules, its
    /// `Requests per thread`, and a command line its first progress line
    /// was glued to (`-d 32768[RUN #1] Preparing …`): "unrecognised".
    #[test]
    fn memtier_1x_tables_without_title_or_rules_are_claimed() {
        let text = "$ ./memtier_benchmark -s h -p 6379 -c 4 -n 15000 -d 32768[RUN #1] Preparing benchmark client...
            4         Threads
32        Connections per thread
5000      Requests per thread
            Type        Ops/sec     Hits/sec   Misses/sec      Latency       KB/sec
            Sets        5689.69          ---          ---      0.70000       438.33
            Totals     62524.06         0.00     56834.37      0.69700      2375.17
";
        let input = Input::from_text(text);
        assert_eq!(Memtier.detect(&input), 90);
        let f = Memtier.parse(&input).unwrap();
        assert_eq!(
            show(&f.samples[0]),
            "6 Sets|Ops/sec Single { value: 5689.69 } [threads=4 connections=32 requests=5000 data_size=32768]"
        );
        // Prose and a lone row under a header are no table.
        let one = "Type        Ops/sec     Hits/sec   Misses/sec      Latency       KB/sec
Sets are faster
";
        assert_eq!(Memtier.detect(&Input::from_text(one)), 0);
    }

    #[test]
    fn a_double_spaced_table_is_read() {
        let text = "ALL STATS\n\n=====\n\nType         Ops/sec     Hits/sec   Misses/sec       KB/sec\n\n-----\n\n\
            Sets       127458.17          ---          ---      9570.45\n\n\
            Totals     254914.94     26634.24    100822.53     15170.64\n\n";
        let f = Memtier.parse(&Input::from_text(text)).unwrap();
        let ops: Vec<f64> = f.samples.iter().filter(|s| s.metric.name == "Ops/sec").map(|s| s.value.mean()).collect();
        assert_eq!(ops, [127458.17, 254914.94]);
    }

    fn show(s: &Sample) -> String {
        let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        format!("{} {}|{} {:?} [{}]", s.line, s.group, s.metric.name, s.value, p.join(" "))
    }

    /// attack43 F2 (smt4, i13): LKP's instances of one port started in
    /// one second are ONE run, the mean per instance (LKP's
    /// `avg_totals_ops/s`), under `Instance: N` headers too (the file was
    /// skipped at `Instance: 2`); commands started in different seconds
    /// stay runs, and instances on different ports stay set-ups.
    /// Each `Ops/sec` sample's (value, parameters) and the file's notes.
    type Read = (Vec<(f64, String)>, Vec<(usize, String)>);
    fn ops_and_notes(text: &str) -> Read {
        let f = Memtier.parse(&Input::from_text(text)).unwrap();
        let got = f.samples.iter().filter(|s| s.metric.name == "Ops/sec").map(|s| (s.value.mean(), show(s))).collect();
        (got, f.notes)
    }

    #[test]
    fn instances_started_at_once_are_one_run() {
        let table = |stamp: &str, port: u32, ops: &str| {
            format!(
                "{stamp} memtier_benchmark --threads=1 -c 3 -p {port}\nALL STATS\n=====\n\
                 Type         Ops/sec       KB/sec\n-----\nSets        {ops}     22716.77\n\n"
            )
        };
        let ops = ops_and_notes;
        let at = "2020-10-27 10:59:50";
        let text = format!("Instance: 1\n{}Instance: 2\n{}", table(at, 6380, "100.00"), table(at, 6380, "300.00"));
        let (got, notes) = ops(&text);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0, 200.0);
        assert!(got[0].1.ends_with("instances=2]"), "{got:?}");
        assert!(notes.iter().any(|(_, m)| m.starts_with("2 memtier instances ran at once")), "{notes:?}");
        // Not at once: two runs.
        let text = format!("{}{}", table(at, 6380, "100.00"), table("2020-10-27 11:05:12", 6380, "300.00"));
        let (got, _) = ops(&text);
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [100.0, 300.0]);
        // At once on two ports: each port a set-up of its own, not averaged.
        let text = format!("{}{}", table(at, 6380, "100.00"), table(at, 6381, "300.00"));
        let (got, _) = ops(&text);
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [100.0, 300.0]);
    }

    /// attack44 F2 (mt01, mt02, mt05): LKP's instances of 65,000,000
    /// requests each (half an hour's run) stamped a second apart ran at
    /// once: ONE run, never split at a second's boundary; runs one after
    /// the other (the gap longer than the run) stay runs; a gap the file
    /// cannot measure against a run's length is warned; instances of
    /// different options in one launch are said.
    #[test]
    fn instances_started_while_the_others_ran_are_one_run() {
        let mt01 = "2020-10-27 10:59:50 /usr/bin/numactl  --all -- numactl --cpunodebind=N -- memtier_benchmark \
                    --key-minimum=1 --threads=1 -d 1024 -c 3 --pipeline=64 --key-maximum=65000000 -n 65000000 \
                    --ratio=1:4 --key-pattern=G:G -p 6380";
        let table = |cmd: &str, stamp: &str, node: u32, ops: &str| {
            format!(
                "{}\n1         Threads\n3         Connections per thread\n65000000  Requests per client\n\n\
                 ALL STATS\n=====\nType         Ops/sec       KB/sec\n-----\nTotals     {ops}     39239.98\n\n",
                cmd.replace("10:59:50", stamp).replace("=N", &format!("={node}"))
            )
        };
        let ops = ops_and_notes;
        let figures = ["108297.80", "109380.78", "107214.82", "108839.29"];
        for stamps in
            [["10:59:50", "10:59:50", "10:59:51", "10:59:51"], ["10:59:50", "10:59:51", "10:59:52", "10:59:53"]]
        {
            let text: String = (0..4).map(|i| table(mt01, stamps[i], i as u32, figures[i])).collect();
            let (got, notes) = ops(&text);
            assert_eq!(got.len(), 1, "{stamps:?}: {got:?}");
            assert!((got[0].0 - 108433.1725).abs() < 1e-6, "{got:?}");
            assert!(got[0].1.ends_with("instances=4]"), "{got:?}");
            assert!(notes.iter().any(|(_, m)| m.starts_with("4 memtier instances ran at once")), "{notes:?}");
        }
        // Must not fire: runs of 60 s (`--test-time`) started 61 s apart,
        // and the half-hour runs started an hour apart, are runs.
        let timed = mt01.replace("-n 65000000", "--test-time=60");
        let text = format!("{}{}", table(&timed, "10:59:50", 0, "100.00"), table(&timed, "11:00:51", 0, "300.00"));
        let (got, notes) = ops(&text);
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [100.0, 300.0]);
        assert!(notes.is_empty(), "{notes:?}");
        let text = format!("{}{}", table(mt01, "10:59:50", 0, "100000.00"), table(mt01, "11:59:50", 0, "300000.00"));
        let (got, _) = ops(&text);
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [100000.0, 300000.0]);
        // No length shown, 2 s apart: runs, warned.
        let bare = |stamp: &str, ops: &str| {
            format!(
                "2020-10-27 {stamp} memtier_benchmark -p 6380\nALL STATS\n=====\nType         Ops/sec       KB/sec\n-----\nTotals     {ops}     1.00\n\n"
            )
        };
        let (got, notes) = ops(&format!("{}{}", bare("10:59:50", "100.00"), bare("10:59:52", "300.00")));
        assert_eq!(got.len(), 2);
        assert!(notes.iter().any(|(_, m)| m.contains("2 s after the one on line 1")), "{notes:?}");
        // mt05: one of the four with `--ratio=1:1`.
        let text: String = (0..4)
            .map(|i| {
                let cmd = if i == 3 { mt01.replace("--ratio=1:4", "--ratio=1:1") } else { mt01.to_string() };
                table(&cmd, "10:59:50", i as u32, figures[i as usize])
            })
            .collect();
        let (got, notes) = ops(&text);
        assert_eq!(got.len(), 2);
        assert!(notes.iter().any(|(l, m)| *l == 1 && m.contains("ran with different options")), "{notes:?}");
        assert_eq!(stamp_gap_seconds("1970-01-01 23:59:59", "1970-01-02 00:00:01"), Some(2));
        assert_eq!(stamp_gap_seconds("2020-10-27 10:59:51", "2020-10-27 10:59:50"), Some(-1));
        assert_eq!(stamp_gap_seconds("2020-10-27 10:59:50", "2020-13-27 10:59:50"), None);
    }

    /// LKP's instances run at once, one per port (`-p 6380` … `-p 6383`),
    /// each with its latency histogram below its table: each instance is
    /// told by its port, none by a histogram row.
    #[test]
    fn instances_on_several_ports_are_told_by_port() {
        let instance = |port: u32, ops: &str, tail: &str| {
            format!(
                "2020-10-27 10:59:50 /usr/bin/numactl  --all -- numactl --cpunodebind=0 -- memtier_benchmark \
                 --threads=1 -d 1024 -c 3 --pipeline=64 -p {port}\nALL STATS\n=====\n\
                 Type         Ops/sec       KB/sec\n-----\nSets        {ops}     22716.77\n\n\
                 Request Latency Distribution\nType     <= msec         Percent\n-----\n\
                 GET     {tail}       100.00\n---\nWAIT      0.000       100.00\n"
            )
        };
        let text: String =
            [(6380, "21659.56", "346.111"), (6381, "21725.83", "348.159"), (6382, "21348.27", "352.255")]
                .iter()
                .map(|&(p, ops, tail)| instance(p, ops, tail))
                .collect();
        let input = Input::from_text(&text);
        let mut f = Memtier.parse(&input).unwrap();
        crate::parse::labels::apply(&input, &mut f);
        let got: Vec<String> = f.samples.iter().filter(|s| s.metric.name == "Ops/sec").map(show).collect();
        assert_eq!(got.len(), 3);
        assert!(
            got[1].ends_with(
                "Single { value: 21725.83 } [threads=1 connections=3 pipeline=64 data_size=1024 port=6381 instances=3]"
            ),
            "{got:?}"
        );
        assert!(got.iter().all(|g| !g.contains("label")), "{got:?}");
        // Two runs on one port, their histograms' last rows different:
        // runs of one set-up, no row of a histogram their label.
        let twice = format!("{}{}", instance(6380, "21659.56", "346.111"), instance(6380, "21725.83", "348.159"));
        let input = Input::from_text(&twice);
        let mut f = Memtier.parse(&input).unwrap();
        crate::parse::labels::apply(&input, &mut f);
        assert!(f.samples.iter().all(|s| s.params.iter().all(|p| p.name != "label" && p.name != "port")));
        // Started in one second (LKP's stamp), they ran at once: two
        // clients of one server, runs of the set-up `instances=2`.
        assert!(
            f.samples.iter().all(|s| show(s).ends_with("instances=2]")),
            "{:?}",
            f.samples.iter().map(show).collect::<Vec<_>>()
        );
        // One after the other: runs, no `instances`.
        let after = twice.replacen("10:59:50", "11:09:50", 2).replacen("11:09:50", "10:59:50", 1);
        let f = Memtier.parse(&Input::from_text(&after)).unwrap();
        assert!(f.samples.iter().all(|s| !show(s).contains("instances")));
        assert_eq!(start_stamp("2020-10-27 10:59:50 /usr/bin/numactl"), Some("2020-10-27 10:59:50"));
        assert_eq!(start_stamp("memtier_benchmark -p 6380"), None);
        // One port in the file: no `port`.
        let f = Memtier.parse(&Input::from_text(&instance(6380, "21659.56", "346.111"))).unwrap();
        assert!(!show(&f.samples[0]).contains("port"));
        assert_eq!(option(&["-s", "'HOST'", "--port=6380"], "-s", "--server").as_deref(), Some("HOST"));
        // Two servers on one port: told by `server`, not `port`.
        let servers = format!(
            "{}{}",
            instance(6379, "21659.56", "346.111").replace("-p 6379", "-s 10.0.0.1 -p 6379"),
            instance(6379, "21725.83", "348.159").replace("-p 6379", "--server=10.0.0.2 -p 6379")
        );
        let f = Memtier.parse(&Input::from_text(&servers)).unwrap();
        let ops: Vec<String> = f.samples.iter().filter(|s| s.metric.name == "Ops/sec").map(show).collect();
        assert!(ops[0].ends_with("server=10.0.0.1 instances=2]"), "{ops:?}");
        assert!(ops[1].ends_with("server=10.0.0.2 instances=2]"), "{ops:?}");
    }

    #[test]
    fn all_stats_and_aggregated() {
        let text = "2020-10-27 10:59:50 memtier_benchmark --threads=1 -d 1024 -c 3 --pipeline=64 --ratio=1:4\n\
            1         Threads\n3         Connections per thread\n\nALL STATS\n=====\n\
            Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency       KB/sec\n-----\n\
            Sets        21659.56          ---          ---         1.72237         1.68700     22716.77\n\
            Waits           0.00          ---          ---             ---             ---          ---\n\n\
            Request Latency Distribution\nType     <= msec         Percent\nSET       0.279         0.00\n";
        let f = Memtier.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> = f.samples.iter().map(show).collect();
        assert_eq!(
            got[0],
            "9 Sets|Ops/sec Single { value: 21659.56 } [threads=1 connections=3 pipeline=64 data_size=1024 ratio=1:4]"
        );
        assert_eq!(
            got[2],
            "9 Sets|p50 Latency Single { value: 1.687 } [threads=1 connections=3 pipeline=64 data_size=1024 ratio=1:4]"
        );
        assert_eq!(got.len(), 4);
        assert_eq!(f.notes.len(), 1);
        let agg = "AGGREGATED AVERAGE RESULTS (20 runs)\n====\n\
            Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency       KB/sec\n---\n\
            Gets       187514.94    187514.94         0.00         1.33374     32046.01\nBEST RUN RESULTS\n";
        let f = Memtier.parse(&Input::from_text(agg)).unwrap();
        assert_eq!(f.samples[0].value, crate::model::Value::Summary { mean: 187514.94, stddev: None, n: 20 });
        assert_eq!(f.samples.len(), 5);
        let bad = "ALL STATS\nType         Ops/sec     KB/sec\nSets 1.0 2.0 3.0\n";
        assert_eq!(Memtier.parse(&Input::from_text(bad)).unwrap_err().line(), Some(3));
    }

    #[test]
    fn ops_zero_with_a_latency_is_a_failed_row() {
        // memtier issue #128: a build whose counters failed.
        let bad = "Type         Ops/sec     Hits/sec   Misses/sec      Latency       KB/sec\n\
                   Sets            0.00          ---          ---     19.71200         0.00\n\
                   Totals          0.00         0.00         0.00     19.72300         0.00\n";
        let err = Memtier.parse(&Input::from_text(bad)).unwrap_err().to_string();
        assert!(err.contains("line 2"), "{err}");
        let good = format!(
            "{bad}Type         Ops/sec     Hits/sec   Misses/sec      Latency       KB/sec\n\
                            Sets        21536.09          ---          ---      0.23100     22561.95\n"
        );
        let got = Memtier.parse(&Input::from_text(&good)).unwrap();
        assert_eq!(got.samples.len(), 3);
        assert!(got.samples.iter().all(|s| s.line == 5));
        assert!(got.notes.iter().any(|(n, m)| *n == 2 && m.contains("counters failed")));
    }
}
