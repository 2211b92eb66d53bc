//! redis-benchmark (Redis' own load generator, and valkey-benchmark, its
//! fork): the full report per test, the quiet (`-q`) lines and the `--csv`
//! rows.
//!
//! The full report, one block per test. Redis 6.2 and later (HdrHistogram
//! latencies and a summary):
//!
//! ```text
//! ====== SET ======
//!   1000000 requests completed in 13.37 seconds
//!   50 parallel clients
//!   1000 bytes payload
//!   keep alive: 1
//!   multi-thread: yes
//!   threads: 8
//!
//! Latency by percentile distribution:
//! 50.000% <= 0.359 milliseconds (cumulative count 519203)
//! …
//! Summary:
//!   throughput summary: 74771.95 requests per second
//!   latency summary (msec):
//!           avg       min       p50       p95       p99       max
//!         0.377     0.120     0.359     0.519     0.703    85.695
//! ```
//!
//! Redis before 6.2 prints the share of requests answered within each
//! whole millisecond, then the rate:
//!
//! ```text
//! ====== GET ======
//!   100000 requests completed in 1.05 seconds
//!   50 parallel clients
//!   10 bytes payload
//!   keep alive: 1
//!
//! 99.99% <= 1 milliseconds
//! 100.00% <= 1 milliseconds
//! 95602.30 requests per second
//! ```
//!
//! `-q` prints one line per test, `SET: 102669.41 requests per second`
//! (6.2+: `…, p50=0.183 msec`, some builds `p99=… msec` too); a command
//! typed on the command line (`redis-benchmark -n 100000 -P 50 -q incr
//! foo`) is a test named as typed (`incr foo: 2173913.00 requests per
//! second`): such a line is taken for redis-benchmark's when a command
//! line above it typed that command. One test's `-q` lines with a `p50=`
//! and without one are two redis-benchmark generations' (6.2+ and
//! before), two builds run (redis PR #4557's before-and-after): they are
//! kept apart by a parameter `redis` (`6.2+`, `before 6.2`), with a note,
//! never averaged as runs of one set-up. `--csv`
//! prints `"SET","113895.21"` (before 6.2) or, under a `"test","rps",
//! "avg_latency_ms",…` header, one row of rate and latencies per test;
//! every cell quoted, so a row whose last cell has no closing quote was
//! cut inside it: that cell is a note, not read; a row short of cells with
//! no quoted line after it (`"SET","38124.29","1.201","0.256",`, a
//! paste's last line) was cut: a note, not read, and the rows above are.
//! LKP's logs hold `-q` lines and full blocks (its own fixtures drop the
//! request count: `requests completed in 2.00 seconds`); all are read. A
//! `throughput summary: N requests per second` line outside a `======
//! TEST ======` block names no test: it is not a `-q` line of a test called
//! `throughput summary` (redisgraph-benchmark-go prints `Throughput
//! summary: 18868 requests per second` under its own report), and is a
//! note, not read. A poster's `# comment` after a line (`100 parallel
//! clients   # 100 个并发`, a Chinese blog) is passed over.
//!
//! Metrics (group empty), each with the parameter `test` (the test's name
//! as printed: `SET`, `PING_INLINE`, `LRANGE_100 (first 100 elements)`):
//! * `requests per second` (unit `requests/s`), higher is better;
//! * `latency avg`, `latency min`, `latency p50`, `latency p95`, `latency
//!   p99`, `latency max` from the summary, the `-q` line's `pN=` or the CSV's
//!   `X_latency_ms` columns, in ms, lower is better;
//! * `completed in`, the seconds the test's requests took, lower is better
//!   (`0.00 seconds`, below the print's resolution, is a note, not read);
//! * before 6.2, `<= N milliseconds`: the % of requests answered within N
//!   ms, as printed, higher is better. A bucket printed twice in one test
//!   is read once, the first time; a note names the repeat;
//! * before 6.2, `all requests within` (ms, lower is better): the N of the
//!   test's first `100.00% <= N milliseconds` line, the bucket of its
//!   slowest requests. redis-benchmark closes each test's buckets with
//!   that line, most often after a line of the same bucket with a smaller
//!   share (`99.97% <= 2 milliseconds` / `100.00% <= 2 milliseconds`: the
//!   share at the bucket's first request, then at the test's last); that
//!   closing line is read so, not as a repeat.
//!
//! Parameters, after `test`, as far as the output or the command line
//! right above it (`redis-benchmark -c 100 -P 16 …`, or valkey-benchmark)
//! says: `clients` (`N parallel clients`, `-c`), `payload` (bytes, `N bytes
//! payload`, `-d`), `requests` (`N requests completed`, `-n`), `keepalive`
//! (`keep alive: N`, `-k`), `threads` (`threads: N`, `--threads`) and
//! `pipeline` (`-P`; the report never prints it), and `appendonly` (7.x's
//! `host configuration "appendonly": no`: the server's persistence, which
//! alone took 40% off SET). What the report prints
//! wins over the command line. A test run again (LKP's iterations) gives
//! more samples of the same key: runs.
//!
//! Not read: the 6.2+ percentile and cumulative distributions (the
//! summary holds their percentiles), the progress lines (`SET: rps=…`),
//! the other `host configuration` lines (`"save": 3600 1 …`). A `-q` line whose rate is no number
//! (`SET: -nan`, an old redis' division by zero) is a note. A latency of
//! the summary with fewer than the three decimals redis-benchmark prints
//! (`%9.3f`: `85` for `85.695`, a log cut, then appended to) is a note and
//! is not read; the row's other latencies are.

use super::cmdline::args_of;
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// redis-benchmark; registry id `"redis-benchmark"`.
pub struct RedisBenchmark;

const ID: &str = "redis-benchmark";

/// The set-up a result is read under: from the command line, then from the
/// test block's own lines.
#[derive(Default, Clone)]
struct Setup {
    clients: Option<String>,
    payload: Option<String>,
    requests: Option<String>,
    keepalive: Option<String>,
    threads: Option<String>,
    pipeline: Option<String>,
    /// `host configuration "appendonly": yes` (redis-benchmark 7): the
    /// server logs every write to its append-only file, a set-up of its own.
    appendonly: Option<String>,
    /// The output's place (1, 2, …) below command lines listed together
    /// that differ ([`Together`]): which command's it is is not known,
    /// but two outputs are two set-ups, never one's runs.
    output: Option<String>,
}

/// Command lines listed together above their outputs, differing in an
/// option (jaldis' README: `… --csv` and `… -P 16 --csv`, then both
/// outputs): the outputs below are numbered by their order. An output
/// starts at a `--csv` header or where a test already met comes again.
struct Together {
    /// The output being read (1-based; 0 before the first).
    count: usize,
    /// The tests met in the output being read.
    seen: Vec<String>,
    /// The line of the last command listed together, and of its note.
    commands: usize,
    /// Each output's first line and first sample (index).
    starts: Vec<(usize, usize)>,
}

impl Together {
    /// True when a line of text stands above every output, between the
    /// commands and the first and between two (`#### Pipelined Mode (-P
    /// 16)`): the
    /// labels' passes name the outputs by it ([`crate::parse::labels`]),
    /// better than by their order.
    fn headed(&self, lines: &[String], samples: &[Sample]) -> bool {
        // Every output under text of its own: not a Markdown fence, a CSV
        // header, a test's title.
        let text = |t: &str| !t.is_empty() && !t.starts_with('"') && !t.starts_with("```") && block_title(t).is_none();
        let mut from = self.commands;
        for (k, &(start, first)) in self.starts.iter().enumerate() {
            let gap = lines.get(from..start.saturating_sub(1)).unwrap_or(&[]);
            if !gap.iter().any(|l| text(uncomment(l).trim())) {
                return false;
            }
            let end = self.starts.get(k + 1).map_or(samples.len(), |s| s.1);
            from = samples[first..end].iter().map(|s| s.line).max().unwrap_or(start);
        }
        true
    }
}

impl Setup {
    /// The set-up a `redis-benchmark`/`valkey-benchmark` command line gives.
    fn from_args(args: &[&str]) -> Setup {
        let mut s = Setup::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let slot = match *a {
                "-c" => &mut s.clients,
                "-d" => &mut s.payload,
                "-n" => &mut s.requests,
                "-k" => &mut s.keepalive,
                "-P" => &mut s.pipeline,
                "--threads" => &mut s.threads,
                _ => continue,
            };
            if let Some(v) = it.next().filter(|v| v.bytes().all(|b| b.is_ascii_digit())) {
                *slot = Some((*v).to_string());
            }
        }
        s
    }

    /// The set-up `self` and `other` agree on: each option both give alike,
    /// and the names of those they give otherwise (one says `-P 16`, the
    /// other nothing: redis-benchmark's default 1).
    fn common(&self, other: &Setup) -> (Setup, Vec<&'static str>) {
        let mut differ = Vec::new();
        let mut keep = |name: &'static str, a: &Option<String>, b: &Option<String>| {
            if a == b {
                a.clone()
            } else {
                differ.push(name);
                None
            }
        };
        let s = Setup {
            clients: keep("clients", &self.clients, &other.clients),
            payload: keep("payload", &self.payload, &other.payload),
            requests: keep("requests", &self.requests, &other.requests),
            keepalive: keep("keepalive", &self.keepalive, &other.keepalive),
            threads: keep("threads", &self.threads, &other.threads),
            pipeline: keep("pipeline", &self.pipeline, &other.pipeline),
            appendonly: keep("appendonly", &self.appendonly, &other.appendonly),
            output: None,
        };
        (s, differ)
    }

    fn sample(&self, test: &str, metric: Metric, value: f64, n: usize) -> Sample {
        let mut s = Sample::new(metric, value, n).with_param("test", test);
        let params = [
            ("clients", &self.clients),
            ("payload", &self.payload),
            ("requests", &self.requests),
            ("keepalive", &self.keepalive),
            ("threads", &self.threads),
            ("pipeline", &self.pipeline),
            ("appendonly", &self.appendonly),
            ("output", &self.output),
        ];
        for (name, v) in params {
            if let Some(v) = v {
                s = s.with_param(name, v);
            }
        }
        s
    }
}

fn rate() -> Metric {
    Metric::new("requests per second", "requests/s", Better::Higher)
}

fn latency(which: &str) -> Metric {
    Metric::new(format!("latency {which}"), "ms", Better::Lower)
}

/// `====== SET ======` → `SET`.
fn block_title(t: &str) -> Option<&str> {
    let name = t.strip_prefix("======")?.strip_suffix("======")?.trim();
    (!name.is_empty() && !name.contains("======")).then_some(name)
}

/// The number before `rest` at the start of `t`: `50 parallel clients` →
/// `50` for `" parallel clients"`.
fn count_before<'a>(t: &'a str, rest: &str) -> Option<&'a str> {
    let head = t.strip_suffix(rest)?.trim();
    (!head.is_empty() && head.bytes().all(|b| b.is_ascii_digit())).then_some(head)
}

/// A test block being read.
struct Block {
    test: String,
    setup: Setup,
    /// Old-form buckets already read in this block.
    buckets: Vec<String>,
    /// The block's first `100.00% <= N milliseconds` line was read (as
    /// `all requests within`).
    all_within: bool,
    /// Inside `latency summary (msec):`: the header's column names.
    summary: Option<Vec<String>>,
    /// Lines of a latency summary in a unit other than `msec` still to
    /// pass over (its header and values; see [`Reader::block_figure`]).
    summary_skip: u8,
    /// The block's figures (metric, value, line), kept until the block
    /// ends so that each gets the set-up the whole block prints.
    figures: Vec<(Metric, f64, usize)>,
}

/// What the file holds so far, and where the reading is.
struct Reader {
    out: ParsedFile,
    cmdline: Setup,
    /// The samples read when the last command line was: a command line
    /// with none read since is listed with it, above outputs of both.
    samples_at_command: Option<usize>,
    block: Option<Block>,
    /// The `--csv` header's column names, once seen.
    csv: Option<Vec<String>>,
    /// Whether the next line that is not blank starts with `"` (a CSV row
    /// or the rest of one a mail wrapped), for the line being read.
    next_quoted: bool,
    /// Below command lines listed together that differ: the outputs' count.
    together: Option<Together>,
    /// Such lists already read past.
    finished: Vec<Together>,
    /// Each `-q` line read: its line, its test, and whether it printed a
    /// latency (`, p50=…`: redis-benchmark 6.2+).
    quiet: Vec<(usize, String, bool)>,
}

impl Reader {
    fn push(&mut self, test: &str, setup: &Setup, metric: Metric, value: f64, n: usize) {
        self.out.samples.push(setup.sample(test, metric, value, n));
    }

    /// The set-up of test `test`'s figures about to be read: the command
    /// line's, and below command lines listed together that differ, the
    /// output's place (a test met again starts the next output).
    fn setup_for(&mut self, test: &str, n: usize) -> Setup {
        let mut setup = self.cmdline.clone();
        let at = self.out.samples.len();
        if let Some(t) = self.together.as_mut() {
            if t.count == 0 || t.seen.iter().any(|s| s == test) {
                t.count += 1;
                t.seen.clear();
            }
            if t.starts.len() < t.count {
                t.starts.push((n, at));
            }
            t.seen.push(test.to_string());
            setup.output = Some(t.count.to_string());
        }
        setup
    }

    /// Ends the test block being read: its figures become samples.
    fn flush(&mut self) {
        if let Some(b) = self.block.take() {
            for (metric, value, n) in b.figures {
                self.out.samples.push(b.setup.sample(&b.test, metric, value, n));
            }
        }
    }

    fn line(&mut self, n: usize, raw: &str) -> Result<(), ParseError> {
        let t = raw.trim();
        if let Some(args) = args_of(t, "redis-benchmark").or_else(|| args_of(t, "valkey-benchmark")) {
            self.flush();
            let setup = Setup::from_args(&args);
            // `redis-benchmark … --csv` over `redis-benchmark … -P 16 --csv`
            // in one block, both outputs further down (a README, jaldis): the
            // second's `-P 16` is not the first output's; only what both
            // commands say alike is known of the outputs below.
            self.cmdline = match self.samples_at_command {
                Some(at) if at == self.out.samples.len() => {
                    let (common, differ) = self.cmdline.common(&setup);
                    if !differ.is_empty() {
                        self.out.notes.push((
                            n,
                            format!(
                                "redis-benchmark command lines listed together above their outputs give {} otherwise: \
                                 which output is whose is not known, so that is not read from them",
                                differ.join(", ")
                            ),
                        ));
                        match self.together.as_mut() {
                            // A third command listed with the two.
                            Some(t) if t.count == 0 => t.commands = n,
                            _ => {
                                self.finished.extend(self.together.take());
                                let t = Together { count: 0, seen: Vec::new(), commands: n, starts: Vec::new() };
                                self.together = Some(t);
                            }
                        }
                    }
                    common
                }
                _ => {
                    self.finished.extend(self.together.take());
                    setup
                }
            };
            self.samples_at_command = Some(self.out.samples.len());
            self.csv = None;
            return Ok(());
        }
        if let Some(name) = block_title(t) {
            self.flush();
            let setup = self.setup_for(name, n);
            self.block = Some(Block {
                test: name.into(),
                setup,
                buckets: vec![],
                all_within: false,
                summary: None,
                summary_skip: 0,
                figures: vec![],
            });
            return Ok(());
        }
        // redis-benchmark quotes every cell of its `--csv` rows: a quoted
        // word alone (lmbench's `"stride=128` title above its own figures,
        // attack34 10) is no row of ours.
        if t.starts_with('"') && t.contains("\",") {
            self.flush();
            return self.csv_row(n, t);
        }
        if self.block.is_some() && self.block_line(n, t)? {
            return Ok(());
        }
        self.quiet_line(n, t)
    }

    /// A line inside a test block; false when it is none of the block's.
    fn block_line(&mut self, n: usize, t: &str) -> Result<bool, ParseError> {
        let Some(mut b) = self.block.take() else { return Ok(false) };
        let read = self.block_figure(&mut b, n, t);
        self.block = Some(b);
        read
    }

    /// Reads line `n` (`t`) into block `b`; false when it is none of a
    /// block's lines.
    fn block_figure(&mut self, b: &mut Block, n: usize, t: &str) -> Result<bool, ParseError> {
        if let Some(cols) = b.summary.take() {
            return Self::summary_line(b, &mut self.out.notes, cols, n, t);
        }
        if b.summary_skip > 0 && !t.is_empty() {
            b.summary_skip -= 1;
            return Ok(true);
        }
        if let Some((count, secs)) = t.split_once("requests completed in ") {
            let count = count.trim();
            if !count.is_empty() {
                b.setup.requests = Some(count.to_string());
            }
            let v = secs.strip_suffix("seconds").and_then(plain);
            let v = v.ok_or_else(|| ParseError::malformed(n, "`… requests completed in N seconds`", t))?;
            if v == 0.0 {
                // `10 requests completed in 0.00 seconds` (redis issue
                // #3159): under the 0.01 s it prints, no time of 0.
                let msg = "`completed in 0.00 seconds`: a time below the 0.01 s redis-benchmark prints, not a result";
                self.out.notes.push((n, msg.into()));
                return Ok(true);
            }
            b.figures.push((Metric::new("completed in", "s", Better::Lower), v, n));
            return Ok(true);
        }
        let slots = [(" parallel clients", &mut b.setup.clients), (" bytes payload", &mut b.setup.payload)];
        for (suffix, slot) in slots {
            if let Some(c) = count_before(t, suffix) {
                *slot = Some(c.to_string());
                return Ok(true);
            }
        }
        if let Some(v) = t.strip_prefix("keep alive:") {
            b.setup.keepalive = Some(v.trim().to_string());
            return Ok(true);
        }
        if let Some(v) = t.strip_prefix("threads:") {
            b.setup.threads = Some(v.trim().to_string());
            return Ok(true);
        }
        if let Some(v) = t.strip_prefix("host configuration \"appendonly\":") {
            b.setup.appendonly = Some(v.trim().to_string());
            return Ok(true);
        }
        if let Some(unit) = t.strip_prefix("latency summary (").and_then(|r| r.strip_suffix("):")) {
            if unit != "msec" {
                // redis-benchmark prints `(msec)` only (redis-benchmark.c,
                // 6.2–7.x): another unit is an edit whose figures' scale
                // is not known (attack32 F12: `(usec)` over ms values).
                let msg = format!(
                    "test {}: `latency summary ({unit})`, not the `(msec)` redis-benchmark prints: its latencies \
                     (next two lines) not read",
                    b.test
                );
                self.out.notes.push((n, msg));
                b.summary_skip = 2;
                return Ok(true);
            }
            b.summary = Some(Vec::new());
            return Ok(true);
        }
        let summary = t.strip_prefix("throughput summary:");
        if let Some(v) = summary.or(Some(t)).and_then(|r| r.strip_suffix(" requests per second")) {
            if summary.is_none() && (v.contains(':') || v.trim().contains(char::is_whitespace)) {
                return Ok(false);
            }
            // `inf requests per second` (redis issue #2016, 2014: 100
            // requests pipelined by 10 `completed in 0.00 seconds`): the
            // run was too short to time, no rate; said, the rest read (the
            // whole file was skipped).
            if super::num::non_finite(v) {
                let msg = format!(
                    "test {}: `{}` printed for the rate (the test ran too short for redis-benchmark's timer): no \
                     rate, not read",
                    b.test,
                    t.trim()
                );
                self.out.notes.push((n, msg));
                return Ok(true);
            }
            let v = plain(v).ok_or_else(|| ParseError::malformed(n, "`N requests per second`", t))?;
            b.figures.push((rate(), v, n));
            return Ok(true);
        }
        if let Some((pct, ms)) = t.split_once("% <= ") {
            if ms.contains("cumulative count") {
                return Ok(true);
            }
            // A poster's words after the line (`82.75% <= 2.1 milliseconds
            // <----- This guy being here makes the below one wrong`, redis
            // PR #5873): the line is read, the words said (it was passed
            // over without a word).
            let (ms, after) = match ms.split_once(" milliseconds ") {
                Some((m, rest)) if !rest.trim().is_empty() => (m, Some(rest.trim())),
                _ => (ms.strip_suffix(" milliseconds").unwrap_or(""), None),
            };
            if plain(ms).is_none() {
                return Ok(false);
            }
            if let Some(after) = after {
                self.out.notes.push((n, format!("text after the latency line not read: {after:?}")));
            }
            let pct = plain(pct).ok_or_else(|| ParseError::malformed(n, "`P% <= N milliseconds`", t))?;
            let name = format!("<= {ms} milliseconds");
            // The first `100.00% <= N` line: every request was answered
            // within N ms. Redis before 6.2 prints it last, most often
            // after a line of the same bucket with a smaller share (`99.97%
            // <= 2` / `100.00% <= 2`: the share at the bucket's first
            // request, then at the test's last): read as its own metric,
            // not passed over as a repeat (wild34 file 15: the slowest
            // requests' bucket was lost, with an untrue note).
            if pct == 100.0 && !b.all_within {
                b.all_within = true;
                let within = plain(ms).unwrap_or_default();
                b.figures.push((Metric::new("all requests within", "ms", Better::Lower), within, n));
                if b.buckets.contains(&name) {
                    return Ok(true);
                }
            }
            if b.buckets.contains(&name) {
                // The closing `100.00% <= N` line again after a bucket
                // that already reached 100%: information, not a number
                // left unread.
                let note = if pct == 100.0 {
                    format!("`{name}` again in test {}: repeats the closing 100% bucket, read once", b.test)
                } else {
                    format!("`{name}` again in test {}: the first is read, this one not", b.test)
                };
                self.out.notes.push((n, note));
            } else {
                b.figures.push((Metric::new(name.as_str(), "%", Better::Higher), pct, n));
                b.buckets.push(name);
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// A line under `latency summary (msec):`: the header, then the values.
    fn summary_line(
        b: &mut Block,
        notes: &mut Vec<(usize, String)>,
        cols: Vec<String>,
        n: usize,
        t: &str,
    ) -> Result<bool, ParseError> {
        let cells: Vec<&str> = t.split_whitespace().collect();
        if cols.is_empty() {
            if cells.is_empty() || cells.iter().any(|c| plain(c).is_some()) {
                return Err(ParseError::malformed(n, "the latency summary's column names (avg min p50 …)", t));
            }
            b.summary = Some(cells.iter().map(|c| c.to_string()).collect());
            return Ok(true);
        }
        if cells.len() != cols.len() {
            return Err(ParseError::malformed(n, format!("{} latencies in ms", cols.len()), t));
        }
        for (col, cell) in cols.iter().zip(&cells) {
            let v = plain(cell).ok_or_else(|| ParseError::malformed(n, format!("a latency in ms for `{col}`"), t))?;
            // redis-benchmark prints each with `%9.3f`: fewer decimals
            // were cut (`85` for `85.695`, a log cut, then appended to).
            if super::num::fewer_decimals(cell, 3) {
                let msg = format!(
                    "the latency summary's `{col}` without the three decimals redis-benchmark prints (the line looks \
                     cut short): not read"
                );
                notes.push((n, msg));
                continue;
            }
            b.figures.push((latency(col), v, n));
        }
        Ok(true)
    }

    /// `SET: 102669.41 requests per second[, p50=0.183 msec…]`.
    fn quiet_line(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        let Some((test, rest)) = t.split_once(": ") else { return Ok(()) };
        let test = test.trim();
        if test.is_empty() || test.starts_with(|c: char| c.is_ascii_digit()) {
            return Ok(());
        }
        if test.eq_ignore_ascii_case("throughput summary") {
            let msg = "a `throughput summary` with no `====== TEST ======` title above it (cut off, or another tool's: redisgraph-benchmark-go prints one): not read";
            self.out.notes.push((n, msg.into()));
            return Ok(());
        }
        let rest = rest.trim();
        if rest == "-nan" || rest == "nan" {
            self.out.notes.push((n, format!("test {test} printed no rate (`{rest}`): not read")));
            return Ok(());
        }
        let mut parts = rest.split(", ");
        let Some(v) = parts.next().and_then(|p| p.strip_suffix(" requests per second")) else { return Ok(()) };
        if v.trim().contains(char::is_whitespace) {
            return Ok(());
        }
        let v = plain(v).ok_or_else(|| ParseError::malformed(n, "`TEST: N requests per second`", t))?;
        self.flush();
        let setup = self.setup_for(test, n);
        self.push(test, &setup, rate(), v, n);
        self.quiet.push((n, test.to_string(), rest.contains(", ")));
        for p in parts {
            let (which, ms) = p.split_once('=').unwrap_or((p, ""));
            let v = ms.strip_suffix(" msec").and_then(plain);
            let v = v.ok_or_else(|| ParseError::malformed(n, "`pN=X msec` after the rate", t))?;
            self.push(test, &setup, latency(which.trim()), v, n);
        }
        Ok(())
    }

    /// A `--csv` line: the 6.2+ header, or a row `"SET","113895.21",…`.
    fn csv_row(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        let cells: Vec<&str> = t.split(',').map(|c| c.trim().trim_matches('"')).collect();
        if cells.first() == Some(&"test") {
            self.csv = Some(cells.iter().skip(1).map(|c| c.to_string()).collect());
            // A header starts an output.
            if let Some(t) = self.together.as_mut().filter(|t| !t.seen.is_empty()) {
                t.count += 1;
                t.seen.clear();
            }
            return Ok(());
        }
        let cols = self.csv.clone().unwrap_or_else(|| vec!["rps".to_string()]);
        if cells.len() < cols.len() + 1 && !self.next_quoted {
            // A row short of cells with no row (or rest of it) after it:
            // the paste ends inside it (`"SET","38124.29","1.201","0.256",`,
            // a tutorial's last line). The whole rows above are read.
            let msg = format!(
                "CSV row of {} of the {} cells the header names (the line looks cut short): not read",
                cells.iter().filter(|c| !c.is_empty()).count(),
                cols.len() + 1
            );
            self.out.notes.push((n, msg));
            return Ok(());
        }
        if cells.len() != cols.len() + 1 {
            return Err(ParseError::malformed(n, format!("a CSV row of a test name and {} numbers", cols.len()), t));
        }
        let test = cells[0];
        let setup = self.setup_for(test, n);
        // redis-benchmark quotes every CSV cell: a row whose last cell has
        // no closing quote was cut inside it (a truncated log's last line).
        let cut = t.split(',').next_back().is_some_and(|c| {
            let c = c.trim();
            c.len() < 2 || !(c.starts_with('"') && c.ends_with('"'))
        });
        let last = cols.len().saturating_sub(1);
        for (i, (col, cell)) in cols.iter().zip(&cells[1..]).enumerate() {
            if cut && i == last {
                let msg = format!("CSV cell `{col}` without its closing quote (the line looks cut short): not read");
                self.out.notes.push((n, msg));
                break;
            }
            let v = plain(cell).ok_or_else(|| ParseError::malformed(n, format!("a number for `{col}`"), t))?;
            let metric = match col.as_str() {
                "rps" => rate(),
                c => match c.strip_suffix("_latency_ms") {
                    Some(which) => latency(which),
                    None => {
                        self.out.notes.push((n, format!("CSV column `{c}`: not read")));
                        continue;
                    }
                },
            };
            self.push(test, &setup, metric, v, n);
        }
        Ok(())
    }
}

/// A line without a poster's `# comment` after it (`100000 requests
/// completed in 2.64 seconds   # 100000 个请求`); a line that is only a
/// comment, or has none, as it is. redis-benchmark prints no `#`.
fn uncomment(line: &str) -> &str {
    let found = line
        .char_indices()
        .find(|&(i, c)| c == '#' && i > 0 && line[..i].ends_with([' ', '\t']) && !line[..i].trim().is_empty());
    match found {
        Some((i, _)) => line[..i].trim_end(),
        None => line,
    }
}

/// A `--csv` row a mailer's wrap at 72 columns broke inside its quoted
/// test name (`"LPUSH (needed to benchmark` / `LRANGE)","292397.66",…`,
/// a 2024 README re-wrapped: the rows of the long-named tests, 84
/// figures, were lost with no word): `t` opens a quote it does not close,
/// `next` closes it and goes on with the row's cells. The row whole, the
/// blank the wrap took put back; `None` for any other pair.
fn wrapped_csv(t: &str, next: &str) -> Option<String> {
    let t = t.trim();
    let odd = |s: &str| s.bytes().filter(|&b| b == b'"').count() % 2 == 1;
    if !t.starts_with('"') || !odd(t) || t.contains("\",") {
        return None;
    }
    let next = next.trim();
    let (_, rest) = next.split_once('"')?;
    (odd(next) && rest.starts_with(",\"")).then(|| format!("{t} {next}"))
}

/// True for a line only redis-benchmark prints: a block title followed
/// elsewhere by a rate, a `-q` line, or the 6.2+ CSV header.
fn is_redis_line(t: &str) -> bool {
    if t.starts_with("\"test\",\"rps\"") || old_csv_test(t).is_some() {
        return true;
    }
    let Some((test, rest)) = t.split_once(": ") else { return false };
    let test = test.trim();
    !test.eq_ignore_ascii_case("throughput summary")
        && test.starts_with(|c: char| c.is_ascii_uppercase())
        && rest.split(", ").next().and_then(|r| r.trim().strip_suffix(" requests per second")).and_then(plain).is_some()
}

/// The command typed at the end of a `redis-benchmark` command line's
/// arguments `args` (`-n 100000 -P 50 -q incr foo;redis-cli get foo` →
/// `incr foo`; `-q script load "redis.call('set','foo','bar')"` → `script
/// load redis.call('set','foo','bar')`), as redis-benchmark names its test:
/// the words after the options, their quotes off, up to a shell's `;`,
/// `|`, `&` or `>`. `None` when no command was typed (`-t set,get -q`).
fn typed_command(args: &[&str]) -> Option<String> {
    // The options that take a value (redis-benchmark 2.x to 7.x).
    const VALUED: &[&str] = &[
        "-h",
        "-p",
        "-s",
        "-a",
        "-u",
        "-c",
        "-n",
        "-d",
        "-k",
        "-r",
        "-P",
        "-t",
        "--threads",
        "--user",
        "--dbnum",
        "--precision",
        "--seed",
        "--cacert",
        "--cacertdir",
        "--cert",
        "--key",
        "--sni",
        "--tls-ciphers",
        "--tls-ciphersuites",
    ];
    let mut words: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if words.is_empty() && a.starts_with('-') {
            if VALUED.contains(a) {
                it.next();
            }
            continue;
        }
        let end = a.find([';', '|', '&', '>']);
        let word = a[..end.unwrap_or(a.len())].trim_matches(['"', '\'']);
        if !word.is_empty() {
            words.push(word);
        }
        if end.is_some() {
            break;
        }
    }
    (!words.is_empty()).then(|| words.join(" "))
}

/// True when `t` is the `-q` line of the command `typed`
/// (`incr foo: 442477.88 requests per second, p50=4.511 msec`).
fn is_typed_line(t: &str, typed: &str) -> bool {
    t.strip_prefix(typed)
        .and_then(|r| r.strip_prefix(": "))
        .and_then(|r| r.split(", ").next())
        .and_then(|r| r.trim().strip_suffix(" requests per second"))
        .and_then(plain)
        .is_some()
}

/// The tests redis-benchmark runs by default (`-t` picks among them),
/// as its titles name them.
const DEFAULT_TESTS: &[&str] = &[
    "PING_INLINE", "PING_BULK", "PING_MBULK", "SET", "GET", "INCR", "LPUSH", "RPUSH", "LPOP", "RPOP", "SADD", "HSET",
    "SPOP", "ZADD", "ZPOPMIN", "LRANGE_100", "LRANGE_300", "LRANGE_500", "LRANGE_600", "MSET", "XADD",
];

/// The test of a `--csv` row before 6.2, which prints no header: two
/// quoted cells, the test's title (upper case first: `"PING_INLINE"`,
/// `"LRANGE_100 (first 100 elements)"`) and its rate
/// (`"PING_INLINE","31055.90"`). `None` for any other line.
fn old_csv_test(t: &str) -> Option<&str> {
    let (test, rate) = t.strip_prefix('"')?.strip_suffix('"')?.split_once("\",\"")?;
    (test.starts_with(|c: char| c.is_ascii_uppercase()) && !test.contains('"') && plain(rate).is_some()).then_some(test)
}

/// One test's `-q` lines (`quiet`: line, test, whether it printed a
/// latency) with a `p50=` and without: redis-benchmark 6.2+ prints one on
/// every `-q` line and older ones none, so they are two builds' outputs
/// (redis PR #4557: `incr foo` before the fix, 2017, and after, 2021),
/// not runs of one set-up. Their samples get a parameter `redis` (`6.2+`,
/// `before 6.2`) and a note at the first line of the second kind says so.
fn split_generations(out: &mut ParsedFile, quiet: &[(usize, String, bool)]) {
    let mut mixed: Vec<&str> = Vec::new();
    for (_, test, _) in quiet {
        let shapes = quiet.iter().filter(|(_, t, _)| t == test).map(|(_, _, p)| *p);
        let (with, without) = shapes.fold((false, false), |(w, wo), p| (w || p, wo || !p));
        if with && without && !mixed.contains(&test.as_str()) {
            mixed.push(test);
        }
    }
    for test in mixed {
        let lines: Vec<(usize, bool)> = quiet.iter().filter(|(_, t, _)| t == test).map(|(n, _, p)| (*n, *p)).collect();
        for s in &mut out.samples {
            if let Some((_, p)) = lines.iter().find(|(n, _)| *n == s.line) {
                s.params.push(crate::model::Param::new("redis", if *p { "6.2+" } else { "before 6.2" }));
            }
        }
        let first = lines[0].1;
        if let Some((n, _)) = lines.iter().find(|(_, p)| *p != first) {
            let with: Vec<String> = lines.iter().filter(|(_, p)| *p).map(|(n, _)| n.to_string()).collect();
            let without: Vec<String> = lines.iter().filter(|(_, p)| !*p).map(|(n, _)| n.to_string()).collect();
            out.notes.push((
                *n,
                format!(
                    "test `{test}` is printed with a `p50=` latency (redis-benchmark 6.2+) on line(s) {} and without \
                     one (before 6.2) on line(s) {}: two builds' outputs, kept apart by a parameter `redis`, not \
                     averaged as runs of one set-up",
                    with.join(", "),
                    without.join(", ")
                ),
            ));
        }
    }
}

impl BenchParser for RedisBenchmark {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "redis-benchmark / valkey-benchmark (full, -q and --csv reports; Redis 2.x-7.x)"
    }

    /// `requests per second`, or `--csv`'s rows (`"PING_INLINE","31055.90"`,
    /// `old_csv_test`; the 6.2+ header `"test","rps"`).
    fn literals(&self) -> &'static [&'static str] {
        &["requests per second", "\",\""]
    }

    fn detect(&self, input: &Input) -> u8 {
        // Before 6.2 `--csv` prints no header: a row of a default test
        // (`"PING_INLINE","31055.90"`) says whose rows they are.
        let csv = input.has("\"test\",\"rps\"")
            || input
                .lines
                .iter()
                .filter_map(|l| old_csv_test(l.trim()))
                .any(|t| DEFAULT_TESTS.contains(&t.split(' ').next().unwrap_or(t)));
        if !input.has("requests per second") && !csv {
            return 0;
        }
        let titled = input.has("====== ") && input.lines.iter().any(|l| block_title(l.trim()).is_some());
        if titled
            && (input.has("parallel clients") || input.has("throughput summary:") || input.has("requests completed in"))
        {
            return 90;
        }
        if input.lines.iter().any(|l| is_redis_line(l.trim())) {
            return 80;
        }
        // A `-q` line of a command typed on the command line above it
        // (`incr foo: 2173913.00 requests per second`), lower case as
        // typed: taken only below a command line that typed it.
        if !input.has("redis-benchmark") && !input.has("valkey-benchmark") {
            return 0;
        }
        let mut typed: Option<String> = None;
        for l in &input.lines {
            let t = l.trim();
            if let Some(args) = args_of(t, "redis-benchmark").or_else(|| args_of(t, "valkey-benchmark")) {
                typed = typed_command(&args);
            } else if typed.as_deref().is_some_and(|c| is_typed_line(t, c)) {
                return 80;
            }
        }
        0
    }

    fn max_score(&self) -> u8 {
        90
    }

    /// A last latency summary row without a line break is whole when each
    /// of its cells has three decimals: Redis 6.2+ prints them `%9.3f`
    /// under `avg min p50 p95 p99 max` (`0.363     0.104     0.351
    /// 0.503     0.607     2.895`). The other lines a report ends with
    /// end in words (`75866.78 requests per second`) or a quote (`--csv`).
    fn last_figure_complete(&self, input: &Input) -> bool {
        let Some((last, above)) = input.lines.split_last() else { return false };
        let header = above.iter().rev().map(|l| l.trim()).find(|l| !l.is_empty());
        let cells: Vec<&str> = last.split_whitespace().collect();
        header.is_some_and(|h| h.starts_with("avg ") && h.ends_with(" max"))
            && !cells.is_empty()
            && cells.iter().all(|c| super::num::decimals(c) == Some(3))
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut r = Reader {
            out: ParsedFile { benchmark: ID.into(), ..ParsedFile::default() },
            cmdline: Setup::default(),
            samples_at_command: None,
            block: None,
            csv: None,
            next_quoted: false,
            together: None,
            finished: Vec::new(),
            quiet: Vec::new(),
        };
        // For each line, whether the next non-blank line starts with `"`.
        let mut next_quoted = vec![false; input.lines.len()];
        let mut quoted = false;
        for (i, l) in input.lines.iter().enumerate().rev() {
            next_quoted[i] = quoted;
            if !l.trim().is_empty() {
                quoted = l.trim_start().starts_with('"');
            }
        }
        let lines: Vec<(usize, &str)> = input.numbered().collect();
        let mut k = 0;
        while k < lines.len() {
            let (n, line) = lines[k];
            let t = uncomment(line);
            if let Some(&(m, next)) = lines.get(k + 1)
                && let Some(joined) = wrapped_csv(t, next)
            {
                r.out.notes.push((
                    m,
                    format!("line {n}'s `--csv` row, its quoted test name broken by a mail's line length, ends on this line: read as one row"),
                ));
                r.next_quoted = next_quoted[m - 1];
                r.line(n, &joined)?;
                k += 2;
                continue;
            }
            r.next_quoted = next_quoted[n - 1];
            r.line(n, t)?;
            k += 1;
        }
        r.flush();
        // Outputs under headings of their own: the labels name them (the
        // `output` parameter would keep the headings from doing so), and
        // the note says only what it said before.
        r.finished.extend(r.together.take());
        for (i, t) in r.finished.iter().enumerate() {
            if t.starts.is_empty() {
                continue;
            }
            if t.headed(&input.lines, &r.out.samples) {
                let end =
                    r.finished[i + 1..].iter().find_map(|t| t.starts.first()).map_or(r.out.samples.len(), |s| s.1);
                for s in &mut r.out.samples[t.starts[0].1..end] {
                    s.params.retain(|p| p.name != "output");
                }
            } else if let Some(note) = r.out.notes.iter_mut().find(|(l, _)| *l == t.commands) {
                note.1.push_str(&format!(
                    "; the {} outputs below are kept apart by their order (an `output` parameter 1, 2, …), never \
                     averaged as runs of one set-up",
                    t.starts.len()
                ));
            }
        }
        split_generations(&mut r.out, &r.quiet);
        if r.out.samples.is_empty() {
            return Err(ParseError::NoResults {
                benchmark: ID,
                reason: "no `requests per second` line of a test".into(),
            });
        }
        Ok(r.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(s: &Sample) -> String {
        s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" ")
    }

    /// attack34 10: lmbench's raw `"stride=128` title (a quoted word
    /// alone) above a redis report in one file was taken for a `--csv`
    /// row: an error at line 1, and the report below it never read.
    #[test]
    fn a_quoted_word_alone_is_no_csv_row() {
        let text = "\"stride=128\n0.00049 1.186\n\n====== SET ======\n  100000 requests completed in 1.00 seconds\n\
                    \n  throughput summary: 50000.00 requests per second\n";
        let f = RedisBenchmark.parse(&Input::from_text(text)).unwrap();
        assert!(f.samples.iter().any(|s| s.value.mean() == 50000.0), "{:?}", f.notes);
        // A real row still is one, and a cut one still says so.
        let f = RedisBenchmark.parse(&Input::from_text("\"SET\",\"113895.21\"\n")).unwrap();
        assert_eq!(f.samples[0].value.mean(), 113895.21);
    }

    /// jaldis' README: `… --csv` and `… -P 16 --csv` listed together in
    /// one block above both CSV outputs; the `-P 16` was every output's
    /// pipeline. Each command right above its own output keeps its own.
    #[test]
    fn commands_listed_together_give_only_what_they_share() {
        let csv = "\"test\",\"rps\"\n\"SET\",\"108026.36\"\n";
        let text = format!(
            "redis-benchmark -n 1000000 -c 100 -t set --csv\nredis-benchmark -n 1000000 -c 100 -t set -P 16 --csv\n\n{csv}\n{csv}"
        );
        let f = RedisBenchmark.parse(&Input::from_text(&text)).unwrap();
        let params =
            |s: &Sample| s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" ");
        // attack40 F14: the two outputs (`-P 1`'s and `-P 16`'s, 108k and
        // 245k) were averaged as runs; kept apart by their order now.
        assert_eq!(
            f.samples.iter().map(params).collect::<Vec<_>>(),
            ["test=SET clients=100 requests=1000000 output=1", "test=SET clients=100 requests=1000000 output=2"]
        );
        assert!(f.notes.iter().any(|n| n.0 == 2 && n.1.contains("pipeline") && n.1.contains("never averaged")));
        // Headerless CSV rows and `-q` lines: a test met again starts the
        // next output.
        let rows = "redis-benchmark -t set,get -q\nredis-benchmark -t set,get -P 16 -q\n\
                    SET: 100.0 requests per second\nGET: 110.0 requests per second\n\
                    SET: 900.0 requests per second\nGET: 990.0 requests per second\n";
        let f = RedisBenchmark.parse(&Input::from_text(rows)).unwrap();
        let outputs: Vec<String> =
            f.samples.iter().map(|s| params(s).rsplit(' ').next().unwrap().to_string()).collect();
        assert_eq!(outputs, ["output=1", "output=1", "output=2", "output=2"]);
        let apart =
            format!("redis-benchmark -c 100 -t set --csv\n{csv}redis-benchmark -c 100 -t set -P 16 --csv\n{csv}");
        let f = RedisBenchmark.parse(&Input::from_text(&apart)).unwrap();
        assert_eq!(
            f.samples.iter().map(params).collect::<Vec<_>>(),
            ["test=SET clients=100", "test=SET clients=100 pipeline=16"]
        );
        assert!(f.notes.is_empty());
    }

    /// redis-benchmark 7 prints the server's `appendonly` (fixture
    /// redis7-set-get-d1000-percentiles; the attacker's rdA/ set it to
    /// `yes` on one kernel, and SET's 74771.95 requests per second were
    /// compared with the other's as one set-up): a parameter.
    #[test]
    fn appendonly_is_a_parameter() {
        let path =
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/redis-benchmark/redis7-set-get-d1000-percentiles.txt");
        let text = std::fs::read_to_string(path).unwrap();
        for (file, want) in [(text.clone(), "no"), (text.replace("\"appendonly\": no", "\"appendonly\": yes"), "yes")] {
            let f = RedisBenchmark.parse(&Input::from_text(&file)).unwrap();
            let set = f.samples.iter().find(|s| s.metric.name == "requests per second").unwrap();
            assert_eq!(set.value.mean(), 74771.95);
            assert_eq!(
                params(set),
                format!("test=SET clients=50 payload=1000 requests=1000000 keepalive=1 appendonly={want}")
            );
        }
    }

    /// `inf requests per second` (redis #2016): no rate, said; the file's
    /// other test still read. A finite rate is read as before.
    #[test]
    fn an_inf_rate_is_said_not_read() {
        let block = |p: u32, rate: &str| {
            format!(
                "$ ./redis-benchmark -t set -n 100 -P {p}\n====== SET ======\n  100 requests completed in 0.00 seconds\n\
                 \x20 50 parallel clients\n  3 bytes payload\n  keep alive: 1\n\n100.00% <= 0 milliseconds\n{rate} requests per second\n\n"
            )
        };
        let text = format!("{}{}", block(1, "50000.00"), block(10, "inf"));
        let f = RedisBenchmark.parse(&Input::from_text(&text)).unwrap();
        let rates: Vec<(usize, f64)> = f
            .samples
            .iter()
            .filter(|s| s.metric.name == "requests per second")
            .map(|s| (s.line, s.value.mean()))
            .collect();
        assert_eq!(rates, [(9, 50000.0)]);
        assert!(f.notes.iter().any(|(n, m)| *n == 19 && m.contains("no rate")));
        assert!(!f.notes.iter().any(|(n, _)| *n == 9));
    }

    /// A poster's words after a latency line (redis #5873): read, the words
    /// said; a line without them, or with redis' own `(cumulative count
    /// N)`, gets no such note.
    #[test]
    fn words_after_a_latency_line_are_said() {
        let text = "====== SET ======\n  1000 requests completed in 4.09 seconds\n  100 parallel clients\n\
                    \x20 3 bytes payload\n  keep alive: 1\n\n78.13% <= 2.0 milliseconds\n\
                    82.75% <= 2.1 milliseconds <----- This guy\n100.00% <= 19 milliseconds\n244498.77 requests per second\n";
        let f = RedisBenchmark.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, f64)> =
            f.samples.iter().filter(|s| s.metric.unit == "%").map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(7, 78.13), (8, 82.75), (9, 100.0)]);
        let said: Vec<usize> = f.notes.iter().filter(|n| n.1.contains("text after")).map(|n| n.0).collect();
        assert_eq!(said, [8]);
    }

    #[test]
    fn old_and_new_blocks_quiet_and_csv() {
        let text = "$ redis-benchmark -t set,get -P 16 -c 20\n\
            ====== SET ======\n  100000 requests completed in 1.07 seconds\n  50 parallel clients\n\
            \x20 10 bytes payload\n  keep alive: 1\n\n99.98% <= 1 milliseconds\n100.00% <= 1 milliseconds\n\
            93457.94 requests per second\n\n\
            ====== GET ======\n  1000 requests completed in 4.26 seconds\n  200 parallel clients\n  threads: 8\n\
            Latency by percentile distribution:\n0.000% <= 0.127 milliseconds (cumulative count 2)\n\
            Summary:\n  throughput summary: 234962.41 requests per second\n  latency summary (msec):\n\
            \x20         avg       min       p50       p95       p99       max\n\
            \x20       0.823     0.040     0.783     1.247     1.623     8.407\n\
            SET: 102669.41 requests per second, p50=0.183 msec\nSET: -nan\n\
            \"test\",\"rps\",\"avg_latency_ms\"\n\"GET\",\"1.5\",\"0.2\"\n";
        let f = RedisBenchmark.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| format!("{} {} {} [{}]", s.line, s.metric.name, s.value.mean(), params(s)))
            .collect();
        assert_eq!(
            got[0],
            "3 completed in 1.07 [test=SET clients=50 payload=10 requests=100000 keepalive=1 pipeline=16]"
        );
        assert_eq!(
            got[1],
            "8 <= 1 milliseconds 99.98 [test=SET clients=50 payload=10 requests=100000 keepalive=1 pipeline=16]"
        );
        // The closing `100.00% <= 1` line: every request within 1 ms.
        assert_eq!(
            got[2],
            "9 all requests within 1 [test=SET clients=50 payload=10 requests=100000 keepalive=1 pipeline=16]"
        );
        assert_eq!(
            got[3],
            "10 requests per second 93457.94 [test=SET clients=50 payload=10 requests=100000 keepalive=1 pipeline=16]"
        );
        assert_eq!(
            got[5],
            "19 requests per second 234962.41 [test=GET clients=200 requests=1000 threads=8 pipeline=16]"
        );
        assert_eq!(got[8], "22 latency p50 0.783 [test=GET clients=200 requests=1000 threads=8 pipeline=16]");
        assert_eq!(got[12], "23 requests per second 102669.41 [test=SET clients=20 pipeline=16]");
        assert_eq!(got[13], "23 latency p50 0.183 [test=SET clients=20 pipeline=16]");
        assert_eq!(got[15], "26 latency avg 0.2 [test=GET clients=20 pipeline=16]");
        assert_eq!(f.samples.len(), 16);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(RedisBenchmark.detect(&Input::from_text(text)), 90);
    }

    /// attack32 F12 (case 12: fixture
    /// blog-zh-redis7-set-annotated-hash-comments-tabs.txt with `(msec)`
    /// made `(usec)`): the latency summary's six figures went unread with
    /// nothing said. Now a note at the header's line names the unit; the
    /// rate is still read and no latency is read in the wrong scale.
    #[test]
    fn a_latency_summary_in_another_unit_is_a_note() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/redis-benchmark/blog-zh-redis7-set-annotated-hash-comments-tabs.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let ms = RedisBenchmark.parse(&Input::from_text(&text)).unwrap();
        let n_ms = ms.samples.iter().filter(|s| s.metric.name.starts_with("latency ")).count();
        assert_eq!(n_ms, 6);
        assert!(text.contains("latency summary (msec):"));
        let us = RedisBenchmark.parse(&Input::from_text(&text.replace("(msec)", "(usec)"))).unwrap();
        assert!(us.samples.iter().all(|s| !s.metric.name.starts_with("latency ")));
        assert_eq!(us.samples.len(), ms.samples.len() - 6);
        let line = text.lines().position(|l| l.contains("latency summary")).unwrap() + 1;
        assert!(
            us.notes.iter().any(|(n, m)| *n == line && m.contains("latency summary (usec)") && m.contains("not read")),
            "{:?}",
            us.notes
        );
    }

    #[test]
    fn damage_is_an_error_at_its_line() {
        let bad = "====== SET ======\n  50 parallel clients\nx.5 requests per second\n";
        assert_eq!(RedisBenchmark.parse(&Input::from_text(bad)).unwrap_err().line(), Some(3));
        let short = "====== SET ======\n  latency summary (msec):\n  avg min\n  0.1\n";
        assert_eq!(RedisBenchmark.parse(&Input::from_text(short)).unwrap_err().line(), Some(4));
        assert_eq!(RedisBenchmark.detect(&Input::from_text("Requests per second: 5\n")), 0);
    }

    #[test]
    fn a_throughput_summary_outside_a_test_block_is_no_test() {
        let other = "  Total Errors 0 ( 0.000 %)\n  Throughput summary: 18868 requests per second\n";
        assert_eq!(RedisBenchmark.detect(&Input::from_text(other)), 0);
        let text = format!("SET: 102669.41 requests per second\n{other}");
        let f = RedisBenchmark.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 3);
    }

    #[test]
    fn a_posters_hash_comment_after_a_line_is_passed_over() {
        assert_eq!(uncomment("  100 parallel clients\t\t # 100 个并发"), "  100 parallel clients");
        assert_eq!(uncomment("#1.开启 redis-server"), "#1.开启 redis-server");
        assert_eq!(uncomment("  keep alive: 1"), "  keep alive: 1");
    }

    #[test]
    fn a_typed_command_is_named_as_typed() {
        let typed = |l: &str| typed_command(&args_of(l, "redis-benchmark").unwrap());
        assert_eq!(
            typed("$redis-benchmark -n 100000 -P 50 -q incr foo;redis-cli get foo").as_deref(),
            Some("incr foo")
        );
        assert_eq!(
            typed("redis-benchmark -n 100000 -q script load \"redis.call('set','foo','bar')\"").as_deref(),
            Some("script load redis.call('set','foo','bar')")
        );
        assert_eq!(typed("redis-benchmark -t set,get -n 100000 -q"), None);
        assert!(is_typed_line("incr foo: 442477.88 requests per second, p50=4.511 msec", "incr foo"));
        assert!(!is_typed_line("incr foo: fast", "incr foo"));
    }

    /// redis PR #4557 (wild): one typed command run before the fix
    /// (no `p50`) and after it (6.2+), prose only between: recognised, and
    /// the two kept apart, not averaged as runs of one set-up.
    #[test]
    fn typed_command_runs_of_two_generations_are_kept_apart() {
        let text = "Before commit there are redundant requests.\n\n    $redis-benchmark -n 100000 -P 50 -q incr foo;redis-cli get foo\n\
                    \x20   incr foo: 2173913.00 requests per second\n    \"102450\"\n\nFixed, as visible here:\n\
                    $ redis-benchmark -n 100000 -P 50 -q incr foo;redis-cli get foo\n\
                    incr foo: 442477.88 requests per second, p50=4.511 msec        \n\"100000\"\n";
        let input = Input::from_text(text);
        assert_eq!(RedisBenchmark.detect(&input), 80);
        let f = RedisBenchmark.parse(&input).unwrap();
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| format!("{} {} {} [{}]", s.line, s.metric.name, s.value.mean(), params(s)))
            .collect();
        assert_eq!(
            got,
            [
                "4 requests per second 2173913 [test=incr foo requests=100000 pipeline=50 redis=before 6.2]",
                "9 requests per second 442477.88 [test=incr foo requests=100000 pipeline=50 redis=6.2+]",
                "9 latency p50 4.511 [test=incr foo requests=100000 pipeline=50 redis=6.2+]",
            ]
        );
        assert!(f.notes.iter().any(|(n, m)| *n == 9 && m.contains("two builds")));
        // The same line with no command typing it above is no one's.
        assert_eq!(RedisBenchmark.detect(&Input::from_text("incr foo: 442477.88 requests per second\n")), 0);
    }
}
