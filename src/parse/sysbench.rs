//! sysbench 1.0.x text reports (cpu, memory, fileio, threads, mutex and the
//! OLTP Lua tests).
//!
//! Each run prints a banner, its options, then its figures:
//!
//! ```text
//! sysbench cpu --threads=8 run
//! sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)
//! Number of threads: 8
//! CPU speed:
//!     events per second: 22878757.01
//! General statistics:
//!     total time:                          10.0001s
//! Latency (ms):
//!          avg:                                    0.00
//!          95th percentile:                        0.00
//! ```
//!
//! The test is named by the command line above the banner (`sysbench cpu
//! run`, `sysbench --test=mutex run`, `sysbench
//! /usr/share/sysbench/oltp_read_write.lua … run` → `oltp_read_write`), else
//! by the lines a test prints (`Prime numbers limit:`, 0.4's `Maximum
//! prime number checked in CPU test:` or `CPU speed:` →
//! `cpu`; `Running memory speed test` → `memory`; `File operations:` →
//! `fileio`; `SQL statistics:`, 0.4's `OLTP test statistics:` → `oltp`).
//! Such a line tells the test of its own report only: a report pasted
//! right after a whole one (no banner, no command line between) without
//! such a line (`sysbench threads` prints none) is of no known test.
//!
//! Metrics, each in the group of its test (the test's name), higher is
//! better unless said:
//! * cpu: `events per second` (events/s);
//! * memory: `operations` (`Total operations: N (X per second)`, ops/s) and
//!   `transferred` (`… MiB transferred (X MiB/sec)`, MiB/s); 0.4/0.5's
//!   `Operations performed: N (X ops/sec)` and `… MB transferred (X
//!   MB/sec)` the same (its `MB` is 2^20 bytes);
//! * fileio: `reads/s`, `writes/s`, `fsyncs/s` (ops/s) and `read` /
//!   `written` (`read, MiB/s:`, MiB/s); 1.1 prints them as `read:  IOPS=X
//!   Y MiB/s (Z MB/s)`, `write: …`, `fsync: IOPS=X`;
//! * oltp: `transactions` and `queries` (per s, from `(X per sec.)`), and
//!   0.4/0.5's `requests` (`read/write requests: N (X per sec.)`, per s:
//!   the result of 0.5's `oltp_simple` and `select` tests, which do no
//!   transactions; a `transactions: 0 (0.00 per sec.)` is a note, not a
//!   result of 0);
//! * threads and mutex: `total time` (s, lower is better): mutex does a
//!   fixed amount of work. For the others the run's length is a setting
//!   and `total time` is not read. threads also gets `events` (`total
//!   number of events`, higher is better): 1.0 runs it for `--time`
//!   (10 s by default) and its events are the result, 0.4 and a 1.0 run
//!   with `--events=N --time=0` do a fixed number and the time is; the
//!   output does not say which, so both are read, unless a 1.0 run's
//!   command line is there to say it (no `--events=N --time=0`: the
//!   total time is the `--time` setting, not read); the other tests'
//!   `total number of events` is the count behind the rate read, not read
//!   (an info note says so at its line, as at each total time passed
//!   over); a `total number of events:` equal to the run's limit (the
//!   command line's `--events=N` / `--max-requests=N`, or 0.4/0.5's
//!   default 10000 for a threads run whose command line sets no time
//!   limit) is that setting, reached: not read, a note;
//! * sysbench 1.1 prints a `Throughput:` block for 1.0's `General
//!   statistics:`: its `time elapsed:` is read as `total time:`, its
//!   `events/s (eps):` (the events over the time) is a note;
//! * a 0.5 cpu run (banner `sysbench 0.5:`) prints no rate, as 0.4: its
//!   `total time` is its result;
//! * every test: `latency avg` and `latency 95th percentile` (the
//!   percentile as printed, `--percentile` can change it), in the unit of
//!   the `Latency (ms):` header, lower is better; also from the block a
//!   poster condensed onto one line (`min: 5.37   avg: 5.47   max: 10.31
//!   95th: 5.99   sum: 9997.81`, an info note).
//!
//! Parameters: `threads` (`Number of threads: N`); cpu's `max_prime`
//! (`Prime numbers limit:`, 0.4's `Maximum prime number checked in CPU
//! test:`, or the command line's `--cpu-max-prime=N` when the output's
//! line was elided); memory's `block_size`, `operation`, `scope` and
//! `access_mode` (its option lines); fileio's `mode` (its `Doing random
//! r/w test` line → `rndrw`, as `--file-test-mode=` spells it, or that
//! option of the command line), `block_size` (`Block size 16KiB`, as
//! printed), `io_mode` (`Using asynchronous I/O mode` → `async`, `mmap`;
//! or `--file-io-mode=`; none for sync, the default) and `extra_flags`
//! (`Extra file open flags: directio`, as printed; none for `(none)`
//! or `0`), and, but for sysbench's defaults, `fsync_freq` (`Periodic
//! FSYNC enabled, calling fsync() each N requests.`; `0` where the whole
//! option block leaves it out), `fsync_end` (`off` where the block leaves
//! out `Calling fsync() at the end of test, Enabled.`), `fsync_all`
//! (`on`), `files` (`128 files, 16MiB each`), `total_size` (`2GiB total
//! file size`) and `rw_ratio` (`Read/Write ratio for combined random IO
//! test: 1.50`), or the command line's `--file-fsync-freq=` and the like
//! ([`fileio_setting`]); 0.4/0.5 OLTP's `mode`
//! (`--oltp-test-mode=`) and `read_only` (`--oltp-read-only`, `=on`);
//! `threads` also from the command line's `--num-threads=N` /
//! `--threads=N` when the output leaves out `Number of threads:`. Several runs of one test
//! and threads are runs of one sample set.
//!
//! A poster's comment after sysbench's text (`read, MiB/s:  87.89  #
//! 吞吐量…`: a blank, then `#`; or an arrow, `45526 << higher is better`,
//! `<-- this`; or words in parentheses after a figure, `114.02   (초당 …)`,
//! not a number as sysbench's own `(381.31 per sec.)`) is passed over and the figure before it
//! read; one note names the lines. A figure whose test is not known (no
//! command line, no telling line) is not read; a note says so. A figure line whose value is no number, or
//! was cut short (fewer decimals than sysbench prints: `%.2f` rates and
//! latencies, a `%.4fs` total time, or the total time without its `s`), is
//! an error at its line. Of sysbench 0.4/0.5's forms only the OLTP
//! `transactions` and `read/write requests` lines read the same; 0.5's
//! interim reports (`[  10s] threads: 8, tps: 1111.51, reads/s: 15568.42,
//! writes/s: 4446.13, response time: 9.95ms (99%)`) are not results, and
//! their tail cut onto a line of its own by a mail or a blog (`writes/s:
//! 4487.80`) is a note, never fileio's `writes/s` (fileio's figures are read
//! only in a fileio run or one whose test is unknown); 0.4's `per-request statistics`
//! and `response time:` block (0.4.12+/0.5 OLTP) give `latency avg` and
//! `latency 95th percentile` (`avg:  13.00ms`, `approx.  95 percentile:
//! 16.56ms`: the unit glued on, as printed), as 1.0's `Latency` block does
//! (not those of reports set side by side: a note); its memory figures are
//! not read; its fileio `Total transferred … (X
//! Mb/sec)` and `X Requests/sec executed` are read as `transferred`
//! (MiB/s) and `requests/s`, and its cpu run's `total time` (a fixed
//! number of events unless `--max-time` is set) as `total time` (s,
//! lower is better); a cpu run with a time limit (the command line's
//! `--max-time=N`, or, without it, 0.4's own `Time limit exceeded,
//! exiting...`) gives its `total number of events` as `events` (higher is
//! better), its time being the setting. A checkpoint report of
//! `--report-checkpoints` (`[ 20ms ] Checkpoint report:` and the figures
//! down to its `execution time (avg/stddev):` line, sysbench 1.x) is the
//! run so far, not a run: a note, not read.
//!
//! Two reports a poster set side by side (sysbench 0.4 OLTP re-typed in a
//! mail, `8880(2.47 per sec.)    11924(3.31 per sec.) (+34%)`) under
//! column headers right above the test's figures (`Without zcache
//! With zcache`, `column_headers`) give each column's rate under its
//! header, a `label` parameter; a column the mail wrapped onto the next
//! line is rejoined (a note). Rates not one a header, or two rates on a
//! line with no headers (the first is read), are a warning at the line.

use super::cmdline::{args_of, base};
use super::num::{plain, poster_comment};
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// sysbench; registry id `"sysbench"`.
pub struct Sysbench;

/// The run being read.
#[derive(Default, Clone)]
struct Run {
    test: Option<String>,
    threads: Option<u64>,
    /// Set-up the run prints or its command line gives, beside threads.
    params: Vec<(&'static str, String)>,
    latency_unit: Option<String>,
    /// The command line set a time limit (`--max-time=N`, `--time=N`, N >
    /// 0), or sysbench 0.4 said it reached one (`Time limit exceeded,
    /// exiting...`, printed only when `--max-time` ends the run).
    timed: bool,
    /// The command line's limits, when there is one: whether it asks for
    /// a fixed number of events and no time limit (`--events=N --time=0`;
    /// sysbench 1.0 runs for `--time`, 10 s by default, otherwise).
    fixed_events: Option<bool>,
    /// The run printed sysbench 0.4's `Test execution summary:`.
    form04: bool,
    /// The run's banner is sysbench 0.x's (`sysbench 0.5:  multi-threaded
    /// system evaluation benchmark`): 0.5 prints 1.0's `General
    /// statistics:` but, as 0.4, no cpu rate, so a cpu run's total time is
    /// its result ([`form04_figure`]).
    old: bool,
    /// The command line's `--events=N` (`--max-requests=N`), N > 0: a
    /// `total number of events:` equal to it is the limit the run reached,
    /// not its result.
    events_limit: Option<f64>,
    /// `events_limit` is 0.4/0.5's default (`--max-requests`, 10000), not
    /// the command line's.
    events_by_default: bool,
    /// The column headers a poster set over two or more copies of the
    /// report side by side (`Without zcache   With zcache`, see
    /// [`column_headers`]).
    columns: Option<Vec<String>>,
    /// Inside sysbench 0.4's `per-request statistics:` (or 0.4.12+/0.5's
    /// `response time:`) block, its lines `min:` … `approx.  95
    /// percentile:` next.
    old_latency: bool,
    /// Inside fileio's option block (its `Block size 16KiB` line seen, its
    /// `Using … I/O mode` line not yet): whether it printed `Periodic
    /// FSYNC enabled, …` and `Calling fsync() at the end of test,
    /// Enabled.`, lines sysbench leaves out when the option is off.
    fsync_lines: Option<(bool, bool)>,
    /// The command line's `--file-block-size=` and `--file-total-size=` in
    /// bytes, spelt as the banner's version prints them once it is known
    /// ([`size_as_printed`]); the report's own lines replace them.
    sizes: Vec<(&'static str, u64)>,
}

/// What the note on an event count passed over says of it
/// (`total number of events: 117871` of a cpu run whose `events per
/// second` is read; memory's, fileio's, OLTP's alike): an info note
/// ([`super::note_is_info`]).
pub const EVENTS_OF_A_RATE: &str = "the count behind the rate read";

/// What the warning on a figure whose test is not known says after the
/// figure's name: why, and what would name it (archive56: 48 warnings
/// "of an unknown test" on six files' `sysbench mutex` and `threads`
/// reports, which print no line naming their test, under a poster's
/// `MUTEX BENCHMARKS` heading; nothing said what was missing).
const UNKNOWN_TEST: &str = "of an unknown test (no `sysbench TEST … run` command line above its banner, and no line of \
                            its report names the test, as sysbench's threads and mutex reports print none): not read";

/// sysbench 0.4's cpu option line: `Maximum prime number checked in CPU
/// test: 20000`.
const MAX_PRIME_04: &str = "Maximum prime number checked in CPU test:";

/// A set-up line of a test's options: `Prime numbers limit: 10000` →
/// (`max_prime`, `10000`); memory's `block size: 1KiB`, `operation: write`,
/// `scope: global`.
fn option_line(t: &str, test: Option<&str>) -> Option<(&'static str, String)> {
    // 1.0's `Prime numbers limit: 10000`, 0.4's `Maximum prime number
    // checked in CPU test: 20000`: one setting, `--cpu-max-prime`.
    if let Some(v) = t.strip_prefix("Prime numbers limit:").or_else(|| t.strip_prefix(MAX_PRIME_04)) {
        return Some(("max_prime", v.trim().to_string()));
    }
    if let Some(mode) = fileio_mode(t) {
        return Some(("mode", mode.to_string()));
    }
    if let Some(io) = fileio_io_mode(t) {
        return Some(("io_mode", io.to_string()));
    }
    // fileio's `Extra file open flags: directio` (`--file-extra-flags`;
    // 1.0.12 and 0.4 print the flags as a number, `3`, `16384`): the
    // first word as printed, none for `(none)` or `0`, sysbench's default.
    if let Some(v) = t.strip_prefix("Extra file open flags:") {
        let v = v.split_whitespace().next()?;
        return (!matches!(v, "(none)" | "0") && v.len() <= 40).then(|| ("extra_flags", v.to_string()));
    }
    // fileio's `Block size 16KiB` (1.0; 0.4 prints `Block size 16Kb`), as
    // printed: memory's option is `block size: 1KiB`, with a colon.
    if let Some(v) = t.strip_prefix("Block size ") {
        let v = v.trim();
        return (!v.is_empty() && v.len() <= 20 && v.starts_with(|c: char| c.is_ascii_digit()))
            .then(|| ("block_size", v.to_string()));
    }
    if test != Some("memory") {
        return None;
    }
    let (name, v) = t.split_once(':')?;
    let name = match name {
        "block size" => "block_size",
        "operation" => "operation",
        "access mode" => "access_mode",
        // `--memory-scope`: `global` (one buffer shared by the threads)
        // or `local` (one each), which on a NUMA machine can differ 4×
        // (attack38 #5).
        "scope" => "scope",
        _ => return None,
    };
    let v = v.trim();
    (!v.is_empty() && v.len() <= 40).then(|| (name, v.to_string()))
}

/// The `--file-test-mode` of the line fileio (0.4 and 1.0) prints before
/// its run, whether or not a command line was kept: `Doing random r/w
/// test` → `rndrw`, the option's own spelling.
fn fileio_mode(t: &str) -> Option<&'static str> {
    Some(match t {
        "Doing sequential write (creation) test" => "seqwr",
        "Doing sequential rewrite test" => "seqrewr",
        "Doing sequential read test" => "seqrd",
        "Doing random read test" => "rndrd",
        "Doing random write test" => "rndwr",
        "Doing random r/w test" => "rndrw",
        _ => return None,
    })
}

/// The `--file-io-mode` of the line fileio prints before its run, but for
/// the default: `Using asynchronous I/O mode` → `async`, `Using mmap'ed
/// I/O mode` → `mmap`; `Using synchronous I/O mode` gives none, as a
/// report trimmed of the line does (archive56: a `--file-io-mode=async
/// --file-extra-flags=direct` run and a sync one of the same file were
/// one row, told apart only by the poster's heading above the second).
fn fileio_io_mode(t: &str) -> Option<&'static str> {
    match t {
        "Using asynchronous I/O mode" => Some("async"),
        // 0.4's `Using mmap'ed I/O mode`, 1.0's `Using fast mmaped I/O
        // mode` (64-bit) or `Using slow mmaped I/O mode` (archive57: a
        // 1.0.20 log's mmap runs had no io_mode).
        _ if t.starts_with("Using mmap'ed I/O mode")
            || matches!(t, "Using fast mmaped I/O mode" | "Using slow mmaped I/O mode") =>
        {
            Some("mmap")
        }
        _ => None,
    }
}

/// A fileio option line that changes its figures, beside its mode, block
/// size, I/O mode and open flags: (parameter, value), the value `None`
/// for sysbench's default (no parameter, as a report that leaves the line
/// out):
///
/// * `Periodic FSYNC enabled, calling fsync() each 100 requests.` →
///   `fsync_freq` (`--file-fsync-freq`, 100 by default; a whole option
///   block without the line is `0`, see [`Run::fsync_lines`]);
/// * `Calling fsync() after each write operation.` → `fsync_all` `on`
///   (`--file-fsync-all`; a whole block without the line is
///   `fsync_end` `off`);
/// * `128 files, 16MiB each` → `files` (`--file-num`, 128 by default);
/// * `2GiB total file size` → `total_size` (`--file-total-size`, 2G by
///   default; 0.4 prints `2Gb`), as printed;
/// * `Read/Write ratio for combined random IO test: 1.50` → `rw_ratio`
///   (`--file-rw-ratio`, 1.5 by default).
///
/// archive57 (00sapo/Container-benchmarks' native run): a sync run of
/// fsync every 100 requests (`fsyncs/s: 1000.69`) and an async one of
/// none (`0.43`) told apart only by their I/O modes; two runs differing
/// only in these were one row's runs, averaged.
fn fileio_setting(t: &str) -> Option<(&'static str, Option<String>)> {
    let not = |v: &str, default: &str| (v != default).then(|| v.to_string());
    if let Some(v) = t
        .strip_prefix("Periodic FSYNC enabled, calling fsync() each ")
        .and_then(|r| r.strip_suffix(" requests."))
        .filter(|v| v.parse::<u64>().is_ok())
    {
        return Some(("fsync_freq", not(v, "100")));
    }
    if t == "Calling fsync() after each write operation." {
        return Some(("fsync_all", Some("on".into())));
    }
    if let Some((n, each)) = t.split_once(" files, ")
        && n.parse::<u64>().is_ok()
        && each.strip_suffix(" each").is_some_and(|s| !s.contains(' '))
    {
        return Some(("files", not(n, "128")));
    }
    if let Some(v) = t
        .strip_suffix(" total file size")
        .filter(|v| !v.is_empty() && !v.contains(' ') && v.starts_with(|c: char| c.is_ascii_digit()) && v.len() <= 20)
    {
        return Some(("total_size", (!matches!(v, "2GiB" | "2Gb")).then(|| v.to_string())));
    }
    if let Some(v) = t.strip_prefix("Read/Write ratio for combined random IO test:").map(str::trim)
        && plain(v).is_some()
    {
        return Some(("rw_ratio", not(v, "1.50")));
    }
    None
}

/// The fileio settings of a command line that change its figures (see
/// [`fileio_setting`]), but for sysbench's defaults: `--file-fsync-freq=0`
/// → `fsync_freq` `0`, `--file-fsync-all=on` → `fsync_all` `on`,
/// `--file-fsync-end=off` → `fsync_end` `off`, `--file-num=16` → `files`
/// `16`, `--file-rw-ratio=4` → `rw_ratio` `4.00` (as sysbench prints it).
/// The report's own lines, when kept, say the same and replace these.
fn fileio_command_settings(args: &[&str]) -> Vec<(&'static str, String)> {
    let value = |key: &str| args.iter().find_map(|a| a.strip_prefix(key));
    let switch = |key: &str| -> Option<bool> {
        let bare = key.trim_end_matches('=');
        match value(key) {
            Some("on" | "true" | "yes" | "1") => Some(true),
            Some("off" | "false" | "no" | "0") => Some(false),
            _ => args.contains(&bare).then_some(true),
        }
    };
    let mut out = Vec::new();
    if let Some(n) = value("--file-fsync-freq=").and_then(|v| v.parse::<u64>().ok()).filter(|n| *n != 100) {
        out.push(("fsync_freq", n.to_string()));
    }
    if switch("--file-fsync-all=") == Some(true) {
        out.push(("fsync_all", "on".to_string()));
    }
    if switch("--file-fsync-end=") == Some(false) {
        out.push(("fsync_end", "off".to_string()));
    }
    if let Some(n) = value("--file-num=").and_then(|v| v.parse::<u64>().ok()).filter(|n| *n != 128) {
        out.push(("files", n.to_string()));
    }
    if let Some(r) = value("--file-rw-ratio=").and_then(|v| v.parse::<f64>().ok()).filter(|r| *r != 1.5) {
        out.push(("rw_ratio", format!("{r:.2}")));
    }
    out
}

/// A size option's value as sysbench reads it (`16384`, `4K`, `2M`,
/// `150G`: binary multiples), in bytes.
fn size_option(v: &str) -> Option<u64> {
    let digits = v.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let n: u64 = digits.parse().ok()?;
    let shift = match v[digits.len()..].to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" => 10,
        "m" | "mb" => 20,
        "g" | "gb" => 30,
        "t" | "tb" => 40,
        _ => return None,
    };
    n.checked_mul(1 << shift)
}

/// `bytes` as sysbench prints a size (`Block size 16KiB`, `150GiB total
/// file size`; 0.4: `16Kb`, `2Gb`): the largest binary unit under it, up
/// to four decimals without trailing zeros.
fn size_as_printed(bytes: u64, version: Option<&str>) -> String {
    let old = version.is_some_and(|v| v.starts_with("0."));
    let units: [&str; 5] = if old { ["b", "Kb", "Mb", "Gb", "Tb"] } else { ["B", "KiB", "MiB", "GiB", "TiB"] };
    let (mut v, mut i) = (bytes as f64, 0);
    while v >= 1024.0 && i + 1 < units.len() {
        v /= 1024.0;
        i += 1;
    }
    let figure = format!("{v:.4}");
    format!("{}{}", figure.trim_end_matches('0').trim_end_matches('.'), units[i])
}

/// A `sysbench` command line `t` (line `n`, 1-based) naming no test that a
/// mail wrapped over up to six more lines: each next line carries options
/// on (`--tables=32 …`), or goes on from an option cut at a `-`
/// (`--mysql-` / `host=mysql80 …`), until one ending the command as
/// sysbench's do (`oltp_read_only run`). The lines joined, when they name
/// a test; else `None`.
fn wrapped_over(input: &Input, n: usize, t: &str) -> Option<String> {
    let args = args_of(t, "sysbench")?;
    if command_test(&args).is_some() {
        return None;
    }
    let mut joined = t.to_string();
    let mut k = n;
    for _ in 0..6 {
        k = (k..input.lines.len()).find(|&j| !input.joined_away(j))?;
        let next = input.lines[k].trim();
        k += 1;
        if next.is_empty() || next.contains("sysbench") {
            return None;
        }
        let cut = joined.ends_with('-');
        let ends = matches!(next.split_whitespace().last(), Some("run" | "prepare" | "cleanup"));
        if !(cut || ends || super::cmdline::continues_options(next)) {
            return None;
        }
        joined.push_str(if cut { "" } else { " " });
        joined.push_str(next);
        if ends {
            let names_test = args_of(&joined, "sysbench").is_some_and(|a| command_test(&a).is_some());
            return names_test.then_some(joined);
        }
    }
    None
}

/// The test a sysbench command line runs: `cpu`, `oltp_read_write`.
fn command_test(args: &[&str]) -> Option<String> {
    let name = args.iter().find_map(|a| a.strip_prefix("--test=")).or_else(|| {
        args.iter().find(|a| !a.starts_with('-') && !matches!(**a, "run" | "prepare" | "cleanup")).copied()
    })?;
    let name = base(name);
    let name = name.strip_suffix(".lua").unwrap_or(name);
    let ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (ok && !name.starts_with(|c: char| c.is_ascii_digit())).then(|| name.to_string())
}

/// The sysbench command a poster quoted as a Markdown code span in a
/// sentence above the output (`i did a cpu test with \`sysbench
/// --test=cpu --cpu-max-prime=100000 --num-threads=12 run\` and i know…`,
/// sysbench issue #231, over two 0.4 reports with no banner): the span,
/// read as the command line, when it runs a test (`run`, `prepare`,
/// `cleanup` last). The reports under it name no test, and were skipped.
fn prose_command(t: &str) -> Option<&str> {
    let (_, rest) = t.split_once('`')?;
    let (span, _) = rest.split_once('`')?;
    let span = span.trim();
    let ends = matches!(span.split_whitespace().last(), Some("run" | "prepare" | "cleanup"));
    (span.starts_with("sysbench ") && ends && args_of(span, "sysbench").is_some_and(|a| command_test(&a).is_some()))
        .then_some(span)
}

/// `sysbench 1.0.20 (using …)` → `1.0.20`.
fn banner(t: &str) -> Option<&str> {
    let v = t.strip_prefix("sysbench ")?.split_whitespace().next()?.trim_end_matches(':');
    (v.starts_with(|c: char| c.is_ascii_digit()) && v.contains('.')).then_some(v)
}

/// `N (X per sec.)` / `N (X per second)` → X.
fn per_sec(rest: &str) -> Option<f64> {
    let inner = rest.split_once('(')?.1.split_once(')')?.0;
    let x = inner.strip_suffix(" per sec.").or_else(|| inner.strip_suffix(" per second"))?;
    plain(x.trim())
}

/// Every `(X per sec.)` / `(X per second)` of a line, in order: the
/// rates of reports set side by side (`8880(2.47 per sec.)
/// 11924(3.31 per sec.) (+34%)`); `None` for one whose X is no number.
fn rates(t: &str) -> Vec<Option<f64>> {
    let mut out = Vec::new();
    let mut rest = t;
    while let Some((_, after)) = rest.split_once('(') {
        let Some((inner, tail)) = after.split_once(')') else { break };
        if let Some(x) = inner.strip_suffix(" per sec.").or_else(|| inner.strip_suffix(" per second")) {
            out.push(plain(x.trim()));
        }
        rest = tail;
    }
    out
}

/// A poster's column headers over copies of a report set side by side
/// (Bob Liu's zcache mail, linux-mm 2013: `Without zcache          With
/// zcache` over sysbench 0.4's `OLTP test statistics:`): a line indented
/// as the figures are (eight spaces or more), two to four headers apart by
/// three spaces or more, each of letters (not a figure, no colon), at
/// most 40 characters, right above (`next`, trimmed) the heading of a
/// test's figures (`OLTP test statistics:`, `SQL statistics:`, `General
/// statistics:`, a line naming the test).
fn column_headers(line: &str, next: &str) -> Option<Vec<String>> {
    let indent = line.len() - line.trim_start().len();
    let above = next.ends_with("statistics:") || telling(next).is_some();
    if indent < 8 || !above || line.contains('\t') {
        return None;
    }
    let parts: Vec<String> = line
        .trim()
        .split("   ")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let ok = (2..=4).contains(&parts.len())
        && parts.iter().all(|p| p.chars().count() <= 40 && p.chars().any(char::is_alphabetic) && !p.contains(':'));
    ok.then_some(parts)
}

/// The unit of a fileio `Throughput:` line printed in a unit other than
/// sysbench 1.0's `MiB/s` (`read, MB/s:   7.33`, `written, KiB/s: …`),
/// which [`figure`] does not read: a figure not to drop unsaid.
fn other_throughput_unit<'a>(t: &'a str, test: Option<&str>) -> Option<&'a str> {
    if test.is_some_and(|t| t != "fileio") {
        return None;
    }
    let rest = t.strip_prefix("read, ").or_else(|| t.strip_prefix("written, "))?;
    let (unit, value) = rest.split_once(':')?;
    let unit = unit.trim();
    (unit != "MiB/s" && unit.ends_with("/s") && !unit.contains(' ') && plain(value.trim()).is_some()).then_some(unit)
}

/// What one line of a run is: (metric, unit, better, value text or parsed value).
enum Figure<'a> {
    /// A `name: value` figure, value not parsed yet.
    Text(&'static str, &'static str, Better, &'a str),
    /// A figure inside a line (`(X per sec.)`), parsed or not.
    Inner(&'static str, &'static str, Option<f64>),
}

/// The figure `t` prints, if any (latency figures are read apart).
fn figure<'a>(t: &'a str, test: Option<&str>) -> Option<Figure<'a>> {
    use Better::{Higher, Lower};
    let pairs: [(&str, &str, &str, Better); 6] = [
        ("events per second:", "events per second", "events/s", Higher),
        ("reads/s:", "reads/s", "ops/s", Higher),
        ("writes/s:", "writes/s", "ops/s", Higher),
        ("fsyncs/s:", "fsyncs/s", "ops/s", Higher),
        ("read, MiB/s:", "read", "MiB/s", Higher),
        ("written, MiB/s:", "written", "MiB/s", Higher),
    ];
    for (prefix, name, unit, better) in pairs {
        // fileio's figures: in another test a line starting so is the
        // tail of a 0.5 interim report cut onto a line of its own
        // ([`interim_tail`]).
        if prefix != "events per second:" && test.is_some_and(|t| t != "fileio") {
            continue;
        }
        if let Some(v) = t.strip_prefix(prefix) {
            return Some(Figure::Text(name, unit, better, v.trim()));
        }
    }
    if let Some(v) = t.strip_prefix("total number of events:")
        && test == Some("threads")
    {
        return Some(Figure::Text("events", "events", Higher, v.trim()));
    }
    if let Some(v) = t.strip_prefix("total time:")
        && matches!(test, Some("threads" | "mutex"))
    {
        return Some(Figure::Text("total time", "s", Lower, v.trim()));
    }
    if let Some(rest) = t.strip_prefix("transactions:") {
        return Some(Figure::Inner("transactions", "per s", per_sec(rest)));
    }
    if let Some(rest) = t.strip_prefix("queries:") {
        return Some(Figure::Inner("queries", "per s", per_sec(rest)));
    }
    if let Some(rest) = t.strip_prefix("read/write requests:") {
        return Some(Figure::Inner("requests", "per s", per_sec(rest)));
    }
    if let Some(rest) = t.strip_prefix("Total operations:") {
        return Some(Figure::Inner("operations", "ops/s", per_sec(rest)));
    }
    // sysbench 0.4/0.5 memory: `Operations performed: 262144 (1436157.48
    // ops/sec)` and `2048.00 MB transferred (11219.98 MB/sec)`, its `MB`
    // 2^20 bytes (it divides by 1024 * 1024), 1.0's MiB.
    if test == Some("memory") {
        if let Some(rest) = t.strip_prefix("Operations performed:") {
            let x = rest.split_once('(').and_then(|(_, r)| r.strip_suffix(" ops/sec)"));
            return Some(Figure::Inner("operations", "ops/s", x.and_then(|x| plain(x.trim()))));
        }
        if let Some((_, r)) = t.split_once(" MB transferred (") {
            return Some(Figure::Inner(
                "transferred",
                "MiB/s",
                r.strip_suffix(" MB/sec)").and_then(|x| plain(x.trim())),
            ));
        }
    }
    if t.contains(" MiB transferred (") {
        let x = t.split_once(" MiB transferred (")?.1.strip_suffix(" MiB/sec)");
        return Some(Figure::Inner("transferred", "MiB/s", x.and_then(|x| plain(x.trim()))));
    }
    None
}

/// A figure of sysbench 0.4's form that 1.0 prints otherwise: fileio's
/// `Total transferred 156.36Mb  (8.7984Mb/sec)` (`transferred`, MiB/s:
/// 0.4 writes `Mb` for 2^20 bytes) and `  563.10 Requests/sec executed`
/// (`requests/s`, ops/s); and a cpu run's `total time:` under `Test
/// execution summary:` (s, lower is better) when no time limit was set:
/// 0.4 runs cpu for a number of events (`--max-requests`, 10000 by
/// default) and prints no rate, so its time is the result; or, when a
/// time limit was set ([`Run::timed`]), its `total number of events:`
/// (`events`, higher is better), the time being the setting.
fn form04_figure<'a>(t: &'a str, run: &Run) -> Option<Figure<'a>> {
    match run.test.as_deref() {
        Some("fileio") => {
            if let Some(rest) = t.strip_prefix("Read ").filter(|r| r.contains("Total transferred")) {
                let x = rest.rsplit_once('(')?.1.strip_suffix("/sec)");
                return Some(Figure::Inner("transferred", "MiB/s", x.and_then(mib04)));
            }
            let x = t.strip_suffix(" Requests/sec executed")?;
            Some(Figure::Inner("requests/s", "ops/s", plain(x.trim())))
        }
        Some("cpu") if (run.form04 || run.old) && !run.timed => {
            Some(Figure::Text("total time", "s", Better::Lower, t.strip_prefix("total time:")?.trim()))
        }
        // A cpu run `--max-time` ended (`--max-requests=0`): its time is the
        // setting, and the events it ran in it are its result (attack45
        // F19: under a command line saying `--max-time=30` this count, the
        // run's only result, was left out without a word).
        Some("cpu") if (run.form04 || run.old) && run.timed => {
            Some(Figure::Text("events", "events", Better::Higher, t.strip_prefix("total number of events:")?.trim()))
        }
        _ => None,
    }
}

/// sysbench 0.4's size with its binary unit (`8.7984Mb`, `512.5Kb`,
/// `1.2Gb`, `0b`: it picks the unit by the size) in MiB. A run that
/// failed at once prints `Total transferred 0b  (0b/sec)` (archive54: a
/// VPS's fileio runs under `FATAL: Failed to read file!`): read as 0, so
/// that the failure is said at its `FATAL:` line, not as damage that
/// skipped the file; only `Mb` was read before.
fn mib04(size: &str) -> Option<f64> {
    let size = size.trim();
    let (figure, scale) = if let Some(f) = size.strip_suffix("Tb") {
        (f, 1024.0 * 1024.0)
    } else if let Some(f) = size.strip_suffix("Gb") {
        (f, 1024.0)
    } else if let Some(f) = size.strip_suffix("Mb") {
        (f, 1.0)
    } else if let Some(f) = size.strip_suffix("Kb") {
        (f, 1.0 / 1024.0)
    } else {
        (size.strip_suffix('b')?, 1.0 / (1024.0 * 1024.0))
    };
    plain(figure.trim()).map(|v| v * scale)
}

/// sysbench 1.1 fileio's `Throughput:` lines, `read:  IOPS=1853.25 28.96
/// MiB/s (30.36 MB/s)`, `write: IOPS=1235.50 19.30 MiB/s (20.24 MB/s)`,
/// `fsync: IOPS=4020.99`: 1.0's `reads/s` / `writes/s` / `fsyncs/s`
/// (ops/s) and `read` / `written` (MiB/s; the decimal `MB/s` after them is
/// the same rate). `None` for any other line.
fn fileio11_rates(t: &str, run: &Run) -> Option<Vec<(&'static str, &'static str, f64)>> {
    if run.test.as_deref() != Some("fileio") {
        return None;
    }
    let (op, rest) = t.split_once(':')?;
    let (ops, bytes) = match op {
        "read" => ("reads/s", Some("read")),
        "write" => ("writes/s", Some("written")),
        "fsync" => ("fsyncs/s", None),
        _ => return None,
    };
    let mut toks = rest.split_whitespace();
    let iops = plain(toks.next()?.strip_prefix("IOPS=")?)?;
    let mut out = vec![(ops, "ops/s", iops)];
    if let Some(name) = bytes {
        let mib = plain(toks.next()?)?;
        (toks.next()? == "MiB/s").then_some(())?;
        out.push((name, "MiB/s", mib));
    }
    Some(out)
}

/// `(7.2762Mb/sec) 465.67 Requests/sec executed` in a fileio run:
/// sysbench 0.4's transferred rate (MiB/s) and request rate, joined on
/// one line by a page's reflow (an IBM wiki converted to Markdown). `None`
/// for any other line.
fn reflowed_fileio_rates(t: &str, run: &Run) -> Option<(f64, f64)> {
    if run.test.as_deref() != Some("fileio") {
        return None;
    }
    let (mb, rest) = t.strip_prefix('(')?.split_once("Mb/sec)")?;
    let req = rest.trim().strip_suffix(" Requests/sec executed")?;
    Some((plain(mb.trim())?, plain(req.trim())?))
}

/// sysbench 1.0 memory's own result line, `Total operations: 93129278
/// (9311302.73 per second)`: no other test prints it, so a report a post
/// trimmed to it (a Korean page on AWS t3/t3a/t4g, its three memory runs
/// cut to this line and `MiB transferred`) is of the memory test. The
/// count alone (`Total operations: 1000`) tells nothing.
fn memory_total(t: &str) -> bool {
    t.strip_prefix("Total operations:").is_some_and(|rest| per_sec(rest).is_some())
}

/// A test named by a line it prints.
fn telling(t: &str) -> Option<&'static str> {
    if t.starts_with("Prime numbers limit:") || t.starts_with(MAX_PRIME_04) || t == "CPU speed:" {
        Some("cpu")
    } else if t.starts_with("Running memory speed test") {
        Some("memory")
    } else if t == "File operations:" || fileio_mode(t).is_some() {
        Some("fileio")
    } else if t == "SQL statistics:" || t == "OLTP test statistics:" {
        Some("oltp")
    } else {
        None
    }
}

impl Run {
    fn push(&self, out: &mut ParsedFile, n: usize, metric: Metric, value: f64) {
        let Some(test) = &self.test else {
            out.notes.push((n, format!("a sysbench `{}` {UNKNOWN_TEST}", metric.name)));
            return;
        };
        let mut s = Sample::new(metric, value, n).with_group(test.as_str());
        if let Some(t) = self.threads {
            s = s.with_param("threads", t);
        }
        for (name, v) in &self.params {
            s = s.with_param(*name, v);
        }
        out.samples.push(s);
    }

    /// Reads a line of sysbench 0.4's `per-request statistics:` block (or
    /// 0.4.12+/0.5's `response time:`), each value with its unit glued on:
    ///
    /// ```text
    ///     per-request statistics:
    ///          min:                                  9.12ms
    ///          avg:                                 13.00ms
    ///          max:                                158.15ms
    ///          approx.  95 percentile:              16.56ms
    /// ```
    ///
    /// `avg` and the percentile are read as 1.0's are (`latency avg`,
    /// `latency 95th percentile`: sysbench's own `approx.` is its
    /// histogram's estimate, as 1.0's is), in the unit printed (`ms`; older
    /// 0.4 prints seconds, `0.0130s`), lower is better; `min` and `max`
    /// are passed over as 1.0's. `Ok(false)` for a line of no such form (the
    /// block is over).
    fn old_latency(&self, out: &mut ParsedFile, n: usize, t: &str) -> Result<bool, ParseError> {
        let Some((name, v)) = t.split_once(':') else { return Ok(false) };
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        let metric = match name.as_str() {
            "min" | "max" => return Ok(true),
            "avg" => "latency avg".to_string(),
            _ => match name.strip_prefix("approx. ").and_then(|p| p.strip_suffix(" percentile")) {
                Some(pct) if plain(pct).is_some() => format!("latency {pct}th percentile"),
                _ => return Ok(false),
            },
        };
        let v = v.trim();
        let unit = ["ms", "us", "s"].into_iter().find(|u| v.ends_with(u));
        let number = unit.map_or(v, |u| &v[..v.len() - u.len()]);
        let (Some(unit), Some(value)) = (unit, plain(number)) else {
            return Err(ParseError::malformed(n, format!("a latency with its unit after `{name}:` (`13.00ms`)"), t));
        };
        whole(number, 2, n, t)?;
        self.push(out, n, Metric::new(metric, unit, Better::Lower), value);
        Ok(true)
    }

    /// Reads a line inside a `Latency (…):` section.
    fn latency(&self, out: &mut ParsedFile, n: usize, t: &str) -> Result<bool, ParseError> {
        let Some(unit) = &self.latency_unit else { return Ok(false) };
        if let Some(pairs) = condensed_latency(t) {
            // A poster put the block on one line (a French course's `min:
            // 5.37   avg: 5.47   max: 10.31   95th: 5.99   sum: 9997.81`):
            // it was taken for the `min:` line, its avg and percentile
            // dropped without a word.
            for (name, v) in pairs {
                let name = match name {
                    "avg" => "avg".to_string(),
                    p if p.ends_with("th percentile") => p.to_string(),
                    p if p
                        .strip_suffix("th")
                        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) =>
                    {
                        format!("{p} percentile")
                    }
                    _ => continue,
                };
                let value =
                    plain(v).ok_or_else(|| ParseError::malformed(n, format!("a latency after `{name}:`"), t))?;
                whole(v, 2, n, t)?;
                self.push(out, n, Metric::new(format!("latency {name}"), unit.as_str(), Better::Lower), value);
            }
            out.notes.push((n, CONDENSED_LATENCY.into()));
            return Ok(true);
        }
        let Some((name, v)) = t.split_once(':') else { return Ok(false) };
        let name = name.trim();
        if name != "avg" && !name.ends_with("th percentile") {
            return Ok(name == "min" || name == "max" || name == "sum");
        }
        let v = v.trim();
        let value = plain(v).ok_or_else(|| ParseError::malformed(n, format!("a latency after `{name}:`"), t))?;
        whole(v, 2, n, t)?;
        self.push(out, n, Metric::new(format!("latency {name}"), unit.as_str(), Better::Lower), value);
        Ok(true)
    }
}

/// The note on a latency block a poster condensed onto one line: an info
/// note ([`super::note_is_info`]).
pub const CONDENSED_LATENCY: &str = "sysbench's latency block on one line (`min: … avg: … max: … 95th: …`, as a poster condensed it): its avg and percentile read";

/// The `name: value` pairs of a latency block a poster condensed onto
/// one line (`min: 5.37   avg: 5.47   max: 10.31   95th: 5.99   sum:
/// 9997.81`): two or more pairs of a one-word name and a number, the
/// first `min`.
/// `None` for a line of one figure.
fn condensed_latency(t: &str) -> Option<Vec<(&str, &str)>> {
    let toks: Vec<&str> = t.split_whitespace().collect();
    if !toks.len().is_multiple_of(2) {
        return None;
    }
    let pairs: Vec<(&str, &str)> = toks
        .chunks_exact(2)
        .map(|pair| Some((pair[0].strip_suffix(':')?, plain(pair[1]).map(|_| pair[1])?)))
        .collect::<Option<_>>()?;
    (pairs.len() >= 2 && pairs[0].0 == "min").then_some(pairs)
}

/// Reads every run in `input`.
fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "sysbench".into(), ..ParsedFile::default() };
    let mut run = Run::default();
    // A command line's run, until its banner.
    let mut next: Option<Run> = None;
    // Inside a `--report-checkpoints` report (`[ 20ms ] Checkpoint
    // report:` down to its `execution time (avg/stddev):` line).
    let mut checkpoint: Option<usize> = None;
    let mut after_blank = false;
    // Lines a poster commented (`read, MiB/s:   87.89  # 吞吐量…`).
    let mut commented: Vec<usize> = Vec::new();
    // The line of sysbench's first banner or command line.
    let mut first_run: Option<usize> = None;
    // The run being read: its first sample, its command line's `--time=`,
    // and the first sign that it failed (a `FATAL:` line, a total time
    // short of `--time`).
    let mut run_start = 0;
    let mut time_setting: Option<f64> = None;
    let mut failed: Option<(usize, String)> = None;
    // Whether the run's test was told by a report's own line (`CPU
    // speed:`), not a command line; and, when a report of it ended (its
    // `execution time (avg/stddev):` line) with no banner or command line
    // since, the count of samples then: the next report tells its own
    // test, or shows it by its figures (fileio's `reads/s:` under a
    // damaged `- resaults: File operations:`), or none is known.
    let (mut told, mut report_ended): (bool, Option<usize>) = (false, None);
    // Whether the told report's `Latency (ms):` block was read: the last
    // of a report's blocks but `Threads fairness:`, which a poster may
    // trim (attack41 F28).
    let mut latency_seen = false;
    for (n, line) in input.numbered() {
        // sysbench's own error lines are no figures a poster commented
        // (archive56: `FATAL: Failed to write file! errno = 28 (No space
        // left on device)` was said to be a poster's comment).
        let own_error = line.trim().starts_with("FATAL: ");
        let t = match poster_comment(line.trim())
            .or_else(|| paren_comment(line.trim()))
            .or_else(|| dash_comment(line.trim()))
            .filter(|_| !own_error)
        {
            Some(before) => {
                commented.push(n);
                before
            }
            None => line.trim(),
        };
        let paragraph_starts = std::mem::replace(&mut after_blank, t.is_empty()) && !t.is_empty();
        if checkpoint.is_none() && t.starts_with("execution time (avg/stddev):") {
            report_ended = Some(out.samples.len());
        }
        // sysbench 0.4's `per-request statistics:` block, to its last line.
        if run.old_latency {
            if run.old_latency(&mut out, n, t)? {
                continue;
            }
            run.old_latency = false;
        }
        if is_checkpoint(t) {
            checkpoint = Some(n);
            out.notes
                .push((n, "a sysbench checkpoint report (`--report-checkpoints`), the run so far: not read".into()));
            continue;
        }
        if let Some(at) = checkpoint {
            // Each paragraph of it noted, so that none looks forgotten.
            if paragraph_starts {
                out.notes.push((n, format!("part of the sysbench checkpoint report of line {at}: not read")));
            }
            if t.starts_with("execution time (avg/stddev):") || banner(t).is_some() {
                checkpoint = None;
            }
            continue;
        }
        // sysbench 1.1 prints its run's length as `time elapsed:` in a
        // `Throughput:` block where 1.0 prints `total time:` under `General
        // statistics:` (a Chinese Aliyun report's threads and mutex runs:
        // their only results were left out without a word).
        let elapsed = t.strip_prefix("time elapsed:").map(|v| format!("total time:{v}"));
        let t = elapsed.as_deref().unwrap_or(t);
        let t = prose_command(t).unwrap_or(t);
        if t.starts_with("FATAL: ") {
            failed.get_or_insert((n, format!("`{}`", super::failed::quote(t))));
        }
        if let Some(total) = t.strip_prefix("total time:").and_then(|v| plain(v.trim().trim_end_matches('s')))
            && let Some(setting) = time_setting
            && total < 0.9 * setting
        {
            failed.get_or_insert((n, format!("a total time of {total} s, short of the command's --time={setting}")));
        }
        // `total number of events: 0` (sysbench 1.0.20 memory with a 2G
        // block on 16 threads, issue #545): the run did nothing, and its
        // `0.00 MiB/sec` and 0.00 ms latencies are no measurement.
        if t.strip_prefix("total number of events:").and_then(|v| plain(v.trim())) == Some(0.0) {
            failed.get_or_insert((n, "`total number of events: 0` (the run did no event)".to_string()));
        }
        // A command line a mail or terminal wrapped before its test name
        // (`… --threads=1 --time=120 --mysql-` / `host=mysql80 …
        // oltp_read_only run`, sysbench issue #311): read with the next
        // line joined on (without a blank after a `-`, cut inside an option)
        // when that line ends the command as sysbench's do (`run`,
        // `prepare`, `cleanup`) and is no sysbench line of its own (`sysbench
        // --version` over the banner names no test).
        // The line below is the next of the file's text, past lines a
        // quoted-printable soft break emptied (the command saved encoded,
        // broken at 76 columns: the test name and `--threads` were lost).
        let below = (n..input.lines.len()).find(|&k| !input.joined_away(k)).map_or("", |k| input.lines[k].trim());
        let ends_command = matches!(below.split_whitespace().last(), Some("run" | "prepare" | "cleanup"));
        // A command naming its test wrapped before its last options
        // (`# sysbench --test=fileio … --file-fsync-freq=0` / `--file-num=1
        // --file-block-size=2M run`, sysbench issue #229 re-wrapped at 72:
        // the rest labelled the run and its files and block size were
        // lost) takes them back the same way.
        let ended = matches!(t.split_whitespace().last(), Some("run" | "prepare" | "cleanup"));
        let wrapped = (ends_command
            && !below.contains("sysbench")
            && args_of(t, "sysbench")
                .is_some_and(|a| command_test(&a).is_none() || (!ended && super::cmdline::continues_options(below))))
        .then(|| {
            let glue = if t.ends_with('-') { "" } else { " " };
            format!("{t}{glue}{below}")
        });
        let wrapped = wrapped.filter(|w| args_of(w, "sysbench").is_some_and(|a| command_test(&a).is_some()));
        // Wrapped over more lines (issue #311's command re-wrapped at 76:
        // five lines, its test name alone on the last): [`wrapped_over`].
        let wrapped = wrapped.or_else(|| (!ended).then(|| wrapped_over(input, n, t)).flatten());
        let t = wrapped.as_deref().unwrap_or(t);
        let starts_run = banner(t).is_some() || args_of(t, "sysbench").is_some_and(|a| command_test(&a).is_some());
        if starts_run {
            first_run.get_or_insert(n);
            leave_out_failed(&mut out, run_start, failed.take());
            run_start = out.samples.len();
            if let Some(args) = args_of(t, "sysbench").filter(|a| command_test(a).is_some()) {
                time_setting = args
                    .iter()
                    .find_map(|a| a.strip_prefix("--time=").or_else(|| a.strip_prefix("--max-time=")))
                    .and_then(|v| v.parse::<f64>().ok())
                    .filter(|v| *v > 0.0);
                // A run that may end at its `--events` ends early by design.
                let events = args.iter().any(|a| {
                    a.strip_prefix("--events=")
                        .or_else(|| a.strip_prefix("--max-requests="))
                        .is_some_and(|v| v.parse::<f64>().is_ok_and(|e| e > 0.0))
                });
                if events {
                    time_setting = None;
                }
            }
        }
        if let Some(v) = banner(t) {
            out.version.get_or_insert_with(|| v.to_string());
            run = next.take().unwrap_or_default();
            // The command line's sizes, spelt as this version prints them
            // (the defaults, 16KiB blocks and 2GiB in all, add nothing).
            for (name, bytes) in std::mem::take(&mut run.sizes) {
                let default = if name == "block_size" { 16 << 10 } else { 2 << 30 };
                if bytes != default || name == "block_size" {
                    run.params.retain(|(p, _)| *p != name);
                    run.params.push((name, size_as_printed(bytes, Some(v))));
                }
            }
            run.old = v.starts_with("0.");
            // A 0.4/0.5 threads run whose command line sets no time limit
            // does `--max-requests` events, 10000 unless set: that count
            // is the setting, its total time the result (an Aliyun report's
            // `sysbench --test=threads --num-threads=64 run`: `total number
            // of events: 10000` was read as a result, higher is better).
            if run.old
                && run.test.as_deref() == Some("threads")
                && run.fixed_events.is_some()
                && !run.timed
                && run.events_limit.is_none()
            {
                run.events_limit = Some(10_000.0);
                run.events_by_default = true;
            }
            (told, report_ended, latency_seen) = (false, None, false);
            continue;
        }
        if let Some(args) = args_of(t, "sysbench") {
            if let Some(test) = command_test(&args) {
                let mut r = Run { test: Some(test), ..Run::default() };
                if let Some(mode) = args.iter().find_map(|a| a.strip_prefix("--file-test-mode=")) {
                    r.params.push(("mode", mode.to_string()));
                }
                if let Some(io) = args.iter().find_map(|a| a.strip_prefix("--file-io-mode=")).filter(|m| *m != "sync") {
                    r.params.push(("io_mode", io.to_string()));
                }
                if r.test.as_deref() == Some("fileio") {
                    r.params.extend(fileio_command_settings(&args));
                    for (key, name) in [("--file-block-size=", "block_size"), ("--file-total-size=", "total_size")] {
                        if let Some(b) = args.iter().find_map(|a| a.strip_prefix(key)).and_then(size_option) {
                            r.sizes.push((name, b));
                        }
                    }
                }
                // The set-up a command line gives that the output may not
                // print (a blog keeps only the figures): its threads, and
                // an OLTP run's read-only or test mode (0.4/0.5).
                r.threads = args
                    .iter()
                    .find_map(|a| a.strip_prefix("--num-threads=").or_else(|| a.strip_prefix("--threads=")))
                    .and_then(|v| v.parse().ok());
                // cpu's `--cpu-max-prime=N`, for an output whose `Prime
                // numbers limit:` a post elided (`...`, a French course's
                // `sysbench cpu --cpu-max-prime=20000 run`: its rate stood
                // with no max_prime beside runs of the default 10000).
                if let Some(max) = args.iter().find_map(|a| a.strip_prefix("--cpu-max-prime=")) {
                    r.params.push(("max_prime", max.to_string()));
                }
                if let Some(mode) = args.iter().find_map(|a| a.strip_prefix("--oltp-test-mode=")) {
                    r.params.push(("mode", mode.to_string()));
                }
                if args.iter().any(|a| matches!(*a, "--oltp-read-only" | "--oltp-read-only=on")) {
                    r.params.push(("read_only", "on".to_string()));
                }
                r.timed = args
                    .iter()
                    .filter_map(|a| a.strip_prefix("--max-time=").or_else(|| a.strip_prefix("--time=")))
                    .any(|v| v.parse::<f64>().is_ok_and(|x| x > 0.0));
                let value = |keys: &[&str]| -> Option<f64> {
                    args.iter().find_map(|a| keys.iter().find_map(|k| a.strip_prefix(k))).and_then(|v| v.parse().ok())
                };
                let events = value(&["--events=", "--max-requests="]).is_some_and(|e| e > 0.0);
                let untimed = value(&["--time=", "--max-time="]) == Some(0.0);
                r.fixed_events = Some(events && untimed);
                r.events_limit = value(&["--events=", "--max-requests="]).filter(|e| *e > 0.0);
                run = r.clone();
                next = Some(r);
                (told, report_ended, latency_seen) = (false, None, false);
            }
            continue;
        }
        // A poster's headers over reports set side by side: each
        // column's rates are read under its header (a `label`).
        let next = input.lines.get(n).map_or("", |l| l.trim());
        if let Some(cols) = column_headers(line, next) {
            run.columns = Some(cols);
            continue;
        }
        // A report right after a whole one, no banner or command line
        // between, whose test a line told (`CPU speed:`): it tells its own
        // test, or its test is not known (an Asterinas RFC's `sysbench
        // threads` reports under two `cpu` ones were read as cpu's,
        // wildmod40).
        // A report's own first lines after its latency block (its
        // `Threads fairness:` block trimmed, so no `execution time` line
        // ended it): another report (attack41 F28: an Asterinas RFC's
        // `threads` report read as cpu's).
        if told && latency_seen && report_ended.is_none() && (t == "General statistics:" || telling(t).is_some()) {
            report_ended = Some(out.samples.len());
        }
        if told && t == "Latency (ms):" {
            latency_seen = true;
        }
        let shown = report_ended.is_some_and(|at| out.samples.len() > at);
        if told && report_ended.is_some() && (telling(t).is_some() || (t == "General statistics:" && !shown)) {
            run.test = None;
            (told, report_ended, latency_seen) = (false, None, false);
            if t == "General statistics:" {
                out.notes.push((
                    n,
                    "a sysbench report with no line telling its test (`CPU speed:`, `File operations:`, …) and no \
                     command line, after another test's report: its test is not known"
                        .into(),
                ));
            }
        }
        if let Some(test) = telling(t)
            && run.test.is_none()
        {
            run.test = Some(test.into());
            told = true;
        }
        // A memory report trimmed to its result lines: its `Total
        // operations: … (… per second)` tells its test, and is read.
        if run.test.is_none() && memory_total(t) {
            run.test = Some("memory".into());
            told = true;
        }
        // sysbench 0.4 says so when `--max-time` ended the run (its
        // command line may not be there to say it: attack45 F19).
        if t.starts_with("Time limit exceeded, exiting") {
            run.timed = true;
        }
        // A cpu report with no banner (a poster's paste kept from `General
        // statistics:` on, sysbench issue #231's VM run) printing `total
        // time taken by event execution:` two lines below its total time:
        // 0.4/0.5's words (1.0 prints no such line), and those print no cpu
        // rate, so its total time is its result ([`form04_figure`]).
        if t.starts_with("total time:")
            && out.version.is_none()
            && !run.old
            && !run.form04
            && run.test.as_deref() == Some("cpu")
            && input.lines.iter().skip(n).take(3).any(|l| l.trim().starts_with("total time taken by event execution:"))
        {
            run.old = true;
        }
        if t == "Test execution summary:" {
            run.form04 = true;
        } else if t.starts_with("Test execution summary: total time:") {
            // A page's reflow ran the 0.4 summary into a paragraph: its
            // figures are not told apart safely (wild36c F7).
            out.notes.push((
                n,
                "a sysbench 0.4 `Test execution summary:` reflowed into a paragraph (`… total time: …s total number \
                 of events: …` on one line): its figures not read"
                    .into(),
            ));
        }
        let fileio_or_unknown = run.test.as_deref().is_none_or(|t| t == "fileio");
        // The end of fileio's option block: a setting whose line it left
        // out is off, when the block is whole: the line above is one
        // sysbench prints last before it (a random mode's `Read/Write
        // ratio`, a sequential one's `Block size`, an fsync line), not
        // one a poster's trimming left there (`Number of IO requests`).
        let whole = || {
            let above = n.checked_sub(2).and_then(|i| input.lines.get(i)).map_or("", |l| l.trim());
            ["Read/Write ratio for combined random IO test:", "Block size ", "Periodic FSYNC", "Calling fsync()"]
                .iter()
                .any(|p| above.starts_with(p))
        };
        if t.starts_with("Using ")
            && t.contains(" I/O mode")
            && let Some((periodic, end)) = run.fsync_lines.take()
            && whole()
        {
            for (name, v, printed) in [("fsync_freq", "0", periodic), ("fsync_end", "off", end)] {
                if !printed {
                    run.params.retain(|(p, _)| *p != name);
                    run.params.push((name, v.to_string()));
                }
            }
        }
        if let Some(rest) = t.strip_prefix("Number of threads:") {
            run.threads = rest.trim().parse().ok();
        } else if t == "Calling fsync() at the end of test, Enabled." {
            if let Some(f) = &mut run.fsync_lines {
                f.1 = true;
            }
            run.params.retain(|(p, _)| *p != "fsync_end");
        } else if let Some((name, v)) = fileio_setting(t).filter(|_| fileio_or_unknown) {
            if name == "fsync_freq"
                && let Some(f) = &mut run.fsync_lines
            {
                f.0 = true;
            }
            run.params.retain(|(p, _)| *p != name);
            run.params.extend(v.map(|v| (name, v)));
        } else if let Some(figures) = fileio11_rates(t, &run) {
            for (name, unit, value) in figures {
                if value == 0.0 && not_done(&run, name) {
                    continue;
                }
                run.push(&mut out, n, Metric::new(name, unit, Better::Higher), value);
            }
        } else if t.starts_with("events/s (eps):") && run.test.is_some() {
            // 1.1's `Throughput:` rate of its events: the rate its test's
            // own lines give (`events per second`, `Total operations (…
            // per second)`, `transactions (… per sec.)`), or its events
            // over its time, both read or passed over themselves.
            let what = "sysbench 1.1's `events/s (eps)`, the events over the time of the run: not read";
            out.notes.push((n, what.into()));
        } else if let Some(limit) = run.events_limit
            && t.strip_prefix("total number of events:").and_then(|v| plain(v.trim())) == Some(limit)
        {
            // `--events=10000` reached (a threads run of 3.43 s under 1.1's
            // 10 s default time): the count is the command line's, and
            // the time the result.
            let whose = if run.events_by_default {
                "sysbench 0.4/0.5's default `--max-requests`, no time limit set"
            } else {
                "the command line's `--events` / `--max-requests`"
            };
            let what = format!(
                "an event count equal to the run's limit ({limit}, {whose}), the limit the run reached: not read"
            );
            out.notes.push((n, what));
        } else if let Some((mb, req)) = reflowed_fileio_rates(t, &run) {
            // `(7.2762Mb/sec) 465.67 Requests/sec executed`: a page's
            // reflow put the transferred rate before the request rate
            // (wild36c F7); both read, with a note.
            run.push(&mut out, n, Metric::new("transferred", "MiB/s", Better::Higher), mb);
            run.push(&mut out, n, Metric::new("requests/s", "ops/s", Better::Higher), req);
            out.notes.push((
                n,
                "sysbench 0.4 fileio's `Total transferred` rate and `Requests/sec executed` on one line (the text \
                 reflowed): both read"
                    .into(),
            ));
        } else if let Some(f) = form04_figure(t, &run) {
            read_figure(&mut out, &run, n, t, f)?;
        } else if let Some(p) = option_line(t, run.test.as_deref()) {
            if p.0 == "block_size" && fileio_or_unknown {
                run.fsync_lines = Some((false, false));
            }
            run.params.retain(|(name, _)| *name != p.0);
            run.params.push(p);
        } else if telling(t).is_some() {
        } else if let Some(unit) = t.strip_prefix("Latency (").and_then(|r| r.strip_suffix("):")) {
            run.latency_unit = Some(unit.to_string());
        } else if run.latency(&mut out, n, t)? {
        } else if t.starts_with("total time:")
            && run.test.as_deref() == Some("threads")
            && run.fixed_events == Some(false)
            && run.events_limit.is_none()
            && out.version.as_deref().is_some_and(|v| v.starts_with("1."))
        {
            // sysbench 1.0 ran for its `--time` (10 s unless the command
            // line asks for `--events=N --time=0`): the time is the setting.
            let what = "the total time of a run whose length is a setting (`--time`, 10 s by default in sysbench 1.0; no `--events=N --time=0` on the command line): not read";
            out.notes.push((n, what.into()));
        } else if let Some(f) = figure(t, run.test.as_deref()) {
            match (&f, &run.columns) {
                (Figure::Inner(name, unit, _), Some(cols)) => {
                    read_columns(&mut out, &run, input, n, t, (name, unit), cols)
                }
                _ => read_figure(&mut out, &run, n, t, f)?,
            }
        } else if let Some(unit) = other_throughput_unit(t, run.test.as_deref()) {
            // attack61: `read, MB/s:` (an edited or unknown build) was
            // passed over silently, the run's read figure gone.
            out.notes.push((
                n,
                format!(
                    "a fileio throughput in `{unit}`, not the `MiB/s` sysbench 1.0 prints (`read, MiB/s:`, \
                     `written, MiB/s:`): not read, its unit uncertain"
                ),
            ));
        } else if interim_tail(t) {
            let what =
                "the tail of a sysbench 0.5 interim report (`[  10s] threads: …`) on a line of its own: not read";
            out.notes.push((n, what.into()));
        } else if t.starts_with("total number of events:")
            && run.test.as_deref() == Some("cpu")
            && (run.form04 || run.old)
            && !run.timed
        {
            // Its total time is the result: the events are the count it ran
            // (`--max-requests`, 10000 by default).
            out.notes.push((n, "sysbench 0.4/0.5 cpu's event count is the count it was set to run: not read".into()));
        } else if t.starts_with("total number of events:") && run.test.as_deref() == Some("mutex") {
            out.notes.push((n, "mutex's event count is its thread count, not a result: not read".into()));
        } else if t.starts_with("total number of events:") && run.test.is_none() {
            // A report trimmed to `General statistics:` (a Korean AWS page
            // kept only each cpu run's total time and event count): every
            // test prints the count, and nothing here tells which test ran.
            // Worded as the unknown test's other figures ([`Run::push`]).
            out.notes.push((n, format!("a sysbench `total number of events` {UNKNOWN_TEST}")));
        } else if t.starts_with("total number of events:") {
            // cpu's (1.0), memory's, fileio's and OLTP's count: the rate
            // beside it is read (attack45 F19: left out without a word).
            let test = run.test.as_deref().unwrap_or_default();
            out.notes.push((n, format!("the event count of a sysbench `{test}` run, {EVENTS_OF_A_RATE}: not read")));
        } else if t.starts_with("total time:") && run.test.is_some() {
            let what = "the total time of a run whose length is a setting (`--time`, `--events`) or whose rate is read: not read";
            out.notes.push((n, what.into()));
        } else if t.starts_with("total time:") && plain(t["total time:".len()..].trim().trim_end_matches('s')).is_some()
        {
            // Worded as the unknown test's other figures ([`Run::push`]).
            out.notes.push((n, format!("a sysbench `total time` {UNKNOWN_TEST}")));
        } else if (t == "per-request statistics:" || is_heading(t, "response time:")) && run.columns.is_none() {
            run.old_latency = true;
            continue;
        } else if t == "per-request statistics:" {
            out.notes.push((n, "sysbench 0.4's per-request latencies of reports side by side: not read".into()));
        } else if is_heading(t, "response time:") {
            out.notes.push((
                n,
                "sysbench's older response time block (0.4, 0.5, the 1.0 of 2016: min/avg/max/percentile) of \
                 reports side by side: not read"
                    .into(),
            ));
        } else if run.latency_unit.is_some() && !t.is_empty() {
            run.latency_unit = None;
        }
    }
    leave_out_failed(&mut out, run_start, failed);
    leave_out_zeros_of_a_one_way_run(&mut out);
    // Only sysbench's text has a poster's comments: a line above its
    // first banner or command that gave no figure is another program's
    // (Phoronix's `Kernel:  6.8.0-1020-raspi (aarch64)`, 45 lines above a
    // Pi 5 note's sysbench runs, was warned of as one).
    // Nor is a line of another program's below its last figure (iperf 2's
    // `TCP window size: 85.3 KByte (default)` under a note's sysbench runs,
    // wild32 file 11), unless it is one of sysbench's keys (its last run's
    // `events (avg/stddev):` with a comment).
    let last_figure = out.samples.iter().map(|s| s.line).max().unwrap_or(0);
    commented.retain(|&n| {
        out.samples.iter().any(|s| s.line == n)
            || (first_run.is_some_and(|f| n >= f) && (n <= last_figure || sysbench_key(&input.lines[n - 1])))
    });
    if let (Some(first), Some(last)) = (commented.first(), commented.last()) {
        let lines = if first == last { format!("line {first}") } else { format!("lines {first}-{last}") };
        let what = format!(
            "a poster's comments after sysbench's text (`  # …`, `  << …`, {} line(s), {lines}) passed over: the figures before them read",
            commented.len()
        );
        out.notes.push((*first, what));
    }
    if out.samples.is_empty() {
        let reason = match out.notes.iter().find(|(_, m)| m.starts_with("this sysbench run failed")) {
            Some((n, m)) => format!("line {n}: {m}"),
            // The first figure passed over for its unknown test names the
            // line (sysbench issue #286: reports posted from `General
            // statistics:` down, no line telling the test).
            None => match out.notes.iter().find(|(_, m)| m.contains(UNKNOWN_TEST)) {
                Some((n, m)) => format!("no sysbench 1.0 figure of a known test (line {n}: {m})"),
                None => "no sysbench 1.0 figure of a known test".into(),
            },
        };
        return Err(ParseError::NoResults { benchmark: "sysbench", reason });
    }
    Ok(out)
}

/// Leaves out the figures of a run from its first sample `start` on when
/// it failed: sysbench printed `FATAL: mysql_drv_query() returned error
/// 2013 …` (a lost connection; the threads stop, the report is printed
/// anyway) or its total time is short of the command line's `--time=`
/// (under 90 %). A note at the failure's line says so, also when the run
/// printed no figure to leave out.
fn leave_out_failed(out: &mut ParsedFile, start: usize, failed: Option<(usize, String)>) {
    let Some((at, what)) = failed else { return };
    if out.samples.len() <= start {
        // A run that printed no figure failed all the same: said, so that
        // its missing row has a cause (archive56: `FATAL: Size of file
        // 'test_file.9' is 203.7MiB, but at least 1.1719GiB is expected.`,
        // a fileio run after a `prepare` that ran out of disk, left no
        // word).
        out.notes.push((at, format!("this sysbench run failed ({what}): it printed no figures")));
        return;
    }
    let dropped = out.samples.len() - start;
    let mut lines: Vec<usize> = out.samples.drain(start..).map(|s| s.line).collect();
    lines.dedup();
    out.notes.push((at, format!("this sysbench run failed ({what}): its {dropped} figures are not read")));
    // Each line left out said so (an info note), so that none looks
    // forgotten.
    out.notes.extend(lines.into_iter().map(|n| (n, format!("part of the failed run of line {at}: not read"))));
}

/// True for a line that starts with a key as sysbench writes those below
/// its figures: words in lower case (`events (avg/stddev):`, `execution
/// time (avg/stddev):`, `sum:`), then a colon. Another program's `TCP
/// window size:` is none.
fn sysbench_key(line: &str) -> bool {
    let Some((key, _)) = line.trim().split_once(':') else { return false };
    let key = key.trim();
    !key.is_empty() && !key.chars().any(char::is_uppercase)
}

/// A figure line with a poster's words in parentheses after the figure
/// (`events per second:   114.02     (초당 10만개의 …)`, `time elapsed:
/// 87.7069s    (총 소요시간)`, a Korean post): the text before them.
/// sysbench's own parentheses after a figure open with a number (`19447
/// (381.31 per sec.)`, `(0b/sec)`, `9.95ms (99%)`); its keys' (`events
/// (avg/stddev):`, `Latency (ms):`) stand before the colon.
fn paren_comment(t: &str) -> Option<&str> {
    let colon = t.find(':')?;
    let at = colon + t[colon..].find(" (")? + 1;
    let before = t[colon + 1..at].trim();
    // sysbench pads a small rate to its width: `Total operations: 0 (
    // 0.00 per second)` (`%8.2f`, sysbench 1.0 memory) opens with spaces.
    let opens_number =
        t[at + 1..].trim_start().starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+' | '.'));
    (!opens_number && t.ends_with(')') && before.bytes().any(|b| b.is_ascii_digit())).then(|| t[..at].trim_end())
}

/// A poster's words after a figure, set off by a dash: `95th percentile:
/// 292.60 - 95% запросов к БД имеют задержку меньше 292 ms` (a Russian
/// course report, 2023) → `95th percentile:  292.60`. sysbench prints
/// nothing after a figure; the words must hold a letter, so that no range
/// or figure is cut.
fn dash_comment(t: &str) -> Option<&str> {
    let colon = t.find(':')?;
    let after = &t[colon + 1..];
    let number = after.trim_start();
    if !number.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let end = colon + 1 + (after.len() - number.len()) + number.find(char::is_whitespace)?;
    let rest = t[end..].trim_start();
    // `--` too (`avg:   7.16ms    -- 平均耗时`, a Chinese blog's 0.5 run).
    let words = rest.strip_prefix("--").or_else(|| rest.strip_prefix(['-', '–', '—']))?;
    (words.starts_with(char::is_whitespace) && words.chars().any(char::is_alphabetic)).then(|| t[..end].trim_end())
}

/// `[ 20ms ] Checkpoint report:`, `[ 10s ] Checkpoint report:`: the
/// header of a report `--report-checkpoints` prints during a run.
fn is_checkpoint(t: &str) -> bool {
    t.strip_prefix('[')
        .and_then(|r| r.split_once(']'))
        .is_some_and(|(at, rest)| at.trim().ends_with('s') && rest.trim() == "Checkpoint report:")
}

/// The count before a figure's rate (`transactions:  19447  (381.31 per
/// sec.)` → 19447).
fn count(t: &str) -> Option<f64> {
    plain(t.split_once(':')?.1.split_once('(')?.0.trim())
}

/// A line that is the tail of a sysbench 0.5 interim report (`[  10s]
/// threads: 8, tps: 1111.51, reads/s: 15568.42, writes/s: 4446.13,
/// response time: 9.95ms (99%)`) which a mail or a blog cut onto a line of
/// its own: it starts with one of the report's later fields and holds a
/// `, ` or nothing after the number (`reads/s: 15568.42, writes/s: …`).
fn interim_tail(t: &str) -> bool {
    ["tps:", "reads/s:", "writes/s:", "reads:", "writes:", "response time:"].iter().any(|p| {
        t.strip_prefix(p)
            .is_some_and(|rest| rest.starts_with(' ') && rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// `t` is the heading `h` alone, or followed by a poster's annotation
/// (`response time:    -- 响应时长统计`).
fn is_heading(t: &str, h: &str) -> bool {
    t.strip_prefix(h).is_some_and(|rest| rest.trim().is_empty() || rest.trim_start().starts_with("--"))
}

/// Reads the rates of line `n` (text `t`, figure `name` in `unit`) of
/// reports set side by side under `columns` (see [`column_headers`]):
/// each column's rate under its header, a `label` (`Without zcache`,
/// `With zcache`). A second column a mail wrapped onto the next line
/// (`171598(23.83` / `per sec.) (+7%)`, or the whole `3260362(452.70 per
/// sec.)` on a line of its own) is rejoined (a note says so). Where the
/// rates are not one a column, none is read and a warning names the line:
/// which rate is whose, the line does not say.
fn read_columns(
    out: &mut ParsedFile,
    run: &Run,
    input: &Input,
    n: usize,
    t: &str,
    (name, unit): (&str, &str),
    columns: &[String],
) {
    let mut found = rates(t);
    // Each rate's line: a whole figure wrapped onto the next line is there.
    let mut lines = vec![n; columns.len()];
    if found.len() < columns.len()
        && let Some(next) = input.lines.get(n).map(|l| l.trim())
        && next.contains("per sec.)")
        && !next.contains(':')
        && next.starts_with(|c: char| c.is_ascii_digit() || c == 'p')
    {
        let joined = rates(&format!("{t} {next}"));
        if joined.len() == columns.len() {
            if next.starts_with(|c: char| c.is_ascii_digit()) {
                lines[found.len()..].fill(n + 1);
            }
            found = joined;
            out.notes
                .push((n, format!("the rate of line {} (a column wrapped by the mail) rejoined to line {n}", n + 1)));
        }
    }
    if found.len() != columns.len() || found.iter().any(Option::is_none) {
        out.notes.push((
            n,
            format!(
                "{} sysbench rate(s) `(X per sec.)` on a line under {} column headers ({}): `{name}` not read, \
                 which rate is whose the line does not say",
                found.len(),
                columns.len(),
                columns.join(" / ")
            ),
        ));
        return;
    }
    for ((value, column), at) in found.into_iter().flatten().zip(columns).zip(lines) {
        if value == 0.0 {
            out.notes.push((n, format!("no {name} done (`0 (0.00 per sec.)`): its zero figures are not results")));
            continue;
        }
        let mut r = run.clone();
        r.params.retain(|(p, _)| *p != "label");
        r.params.push(("label", column.clone()));
        r.push(out, at, Metric::new(name, unit, Better::Higher), value);
    }
}

/// Reads figure `f` of line `n` (text `t`) into `out`.
fn read_figure(out: &mut ParsedFile, run: &Run, n: usize, t: &str, f: Figure) -> Result<(), ParseError> {
    match f {
        Figure::Text(name, unit, better, v) => {
            // sysbench prints the total time as `10.0001s`: without its
            // `s` the line was cut.
            let v = match name {
                "total time" => v.strip_suffix('s').ok_or_else(|| {
                    ParseError::malformed(n, "a total time in seconds (`10.0001s`; the line looks cut short)", t)
                })?,
                _ => v,
            };
            let value = plain(v).ok_or_else(|| ParseError::malformed(n, format!("a number for `{name}`"), t))?;
            whole(v, printed_decimals(name), n, t)?;
            if value == 0.0 && not_done(run, name) {
                let mode = run.params.iter().find(|(p, _)| *p == "mode").map_or("", |(_, m)| m.as_str());
                out.notes.push((
                    n,
                    format!("`{name}` of a fileio `{mode}` run, which does none: its zero figures are not results"),
                ));
                return Ok(());
            }
            run.push(out, n, Metric::new(name, unit, better), value);
        }
        Figure::Inner(name, _, Some(value)) if value == 0.0 && count(t) == Some(0.0) => {
            // `transactions: 0 (0.00 per sec.)`: a test that does none
            // (0.5's oltp_simple and select tests count requests only).
            out.notes.push((n, format!("no {name} done (`0 (0.00 per sec.)`): its zero figures are not results")));
        }
        Figure::Inner(name, unit, Some(value)) => {
            run.push(out, n, Metric::new(name, unit, Better::Higher), value);
            // sysbench prints one rate a line: more are a poster's copies
            // set side by side, with no headers to name them.
            let more = rates(t).len();
            if more > 1 {
                out.notes.push((
                    n,
                    format!(
                        "{more} sysbench rates `(X per sec.)` on one line, reports set side by side with no column \
                         headers above them: only the first ({value}) is read as `{name}`, the others not"
                    ),
                ));
            }
        }
        Figure::Inner(name, _, None) => {
            return Err(ParseError::malformed(n, format!("`{name}` with a rate in brackets"), t));
        }
    }
    Ok(())
}

/// True when fileio figure `name` counts an operation the run's mode
/// does not do: `writes/s`, `fsyncs/s` and `written` of a read test
/// (`seqrd`, `rndrd`), `reads/s` and `read` of a write test (`seqwr`,
/// `seqrewr`, `rndwr`). sysbench prints them as `0.00` all the same.
fn not_done(run: &Run, name: &str) -> bool {
    let Some((_, mode)) = run.params.iter().find(|(p, _)| *p == "mode") else { return false };
    if run.test.as_deref() != Some("fileio") {
        return false;
    }
    match mode.as_str() {
        "seqrd" | "rndrd" => matches!(name, "writes/s" | "fsyncs/s" | "written"),
        "seqwr" | "seqrewr" | "rndwr" => matches!(name, "reads/s" | "read"),
        _ => false,
    }
}

/// The zero figures of the direction a fileio run with no mode read did
/// not do (its `Doing … test` line or command line cut off; wild36a file
/// 08): `reads/s: 0.00` above a non-zero `writes/s:` (and `read, MiB/s:
/// 0.00` above a non-zero `written, MiB/s:`), or the reverse, are left
/// out with a note, as [`not_done`] leaves them out of a run whose mode
/// says it. sysbench prints each pair on consecutive lines (`fsyncs/s` on
/// the line after `writes/s`, left out with it when it is zero too).
fn leave_out_zeros_of_a_one_way_run(out: &mut ParsedFile) {
    let unmoded = |s: &Sample| !s.params.iter().any(|p| p.name == "mode");
    let at = |out: &ParsedFile, line: usize, name: &str| {
        out.samples.iter().position(|s| s.line == line && s.metric.name == name && unmoded(s))
    };
    let mut gone: Vec<usize> = Vec::new();
    for (i, s) in out.samples.iter().enumerate() {
        let pair = match s.metric.name.as_str() {
            "reads/s" => "writes/s",
            "read" => "written",
            _ => continue,
        };
        if !unmoded(s) {
            continue;
        }
        let Some(j) = at(out, s.line + 1, pair) else { continue };
        let (a, b) = (s.value.mean(), out.samples[j].value.mean());
        if a == 0.0 && b > 0.0 {
            gone.push(i);
        } else if a > 0.0 && b == 0.0 {
            gone.push(j);
            if pair == "writes/s"
                && let Some(k) = at(out, s.line + 2, "fsyncs/s")
                && out.samples[k].value.mean() == 0.0
            {
                gone.push(k);
            }
        }
    }
    gone.sort_unstable();
    gone.dedup();
    for &i in gone.iter().rev() {
        let s = out.samples.remove(i);
        out.notes.push((
            s.line,
            format!(
                "`{}` 0 of a fileio run that did only the other direction (no mode line above it): its zero figures are not results",
                s.metric.name
            ),
        ));
    }
}

/// sysbench's report pasted into a shell script's head comment (a
/// converter script of 2018: `# sysbench 1.0.12 (using bundled LuaJIT
/// 2.1.0-beta2)`, `#    reads/s:   121340.74`): every line of the block
/// from a `#`-commented banner on, while lines start with `#`, with the
/// `#` and one blank after it taken off; `None` when no banner is so
/// commented or one is printed plainly. Line numbers do not change.
fn uncommented(input: &Input) -> Option<(usize, Input)> {
    if input.lines.iter().any(|l| banner(l.trim()).is_some()) {
        return None;
    }
    let strip = |l: &str| -> Option<String> {
        let rest = l.trim_start().strip_prefix('#')?;
        Some(rest.strip_prefix(' ').unwrap_or(rest).to_string())
    };
    let first = input.lines.iter().position(|l| strip(l).is_some_and(|r| banner(r.trim()).is_some()))?;
    let mut lines = input.lines.clone();
    for l in lines[first..].iter_mut() {
        match strip(l) {
            Some(r) => *l = r,
            None => break,
        }
    }
    Some((first + 1, input.with_lines(lines)))
}

/// The decimals sysbench 1.0 prints figure `name` with: `%.4f` for the
/// total time, none for a count of events, `%.2f` for the rest (rates,
/// MiB/s, latencies).
fn printed_decimals(name: &str) -> usize {
    match name {
        "total time" => 4,
        "events" => 0,
        _ => 2,
    }
}

/// A figure `v` with fewer than the `decimals` sysbench prints was cut
/// short (a truncated file's last line: `22878` of `22878757.01`): an error
/// at line `n`, not a number read.
fn whole(v: &str, decimals: usize, n: usize, t: &str) -> Result<(), ParseError> {
    let has = super::num::decimals(v).unwrap_or(0);
    if has < decimals {
        let want = format!("a sysbench figure with its {decimals} decimals (the line looks cut short)");
        return Err(ParseError::malformed(n, want, t));
    }
    Ok(())
}

impl BenchParser for Sysbench {
    fn id(&self) -> &'static str {
        "sysbench"
    }

    fn describe(&self) -> &'static str {
        "sysbench 1.0.x (cpu, memory, fileio, threads, mutex, OLTP; 0.4/0.5 cpu, memory, fileio and OLTP; 1.1 Throughput blocks)"
    }

    /// Its first test (`figures`).
    fn literals(&self) -> &'static [&'static str] {
        &[
            "events per second:",
            "MiB transferred (",
            "per sec.)",
            "read, MiB/s:",
            "total time:",
            "Total transferred ",
            "Requests/sec executed",
        ]
    }

    fn detect(&self, input: &Input) -> u8 {
        // The cheap substring tests first: every raw file of a site is
        // offered to every parser, and few are sysbench's.
        let figures = input.has("events per second:")
            || input.has("MiB transferred (")
            || input.has("per sec.)")
            || input.has("read, MiB/s:")
            || input.has("total time:")
            // 0.4's fileio: `Read 0b  Written 2Gb  Total transferred 2Gb
            // (177.56Mb/sec)`, `  1165.50 Requests/sec executed` (a post
            // that elided the rest with `...`, sysbench issue #229).
            || input.has("Total transferred ")
            || input.has("Requests/sec executed");
        if !figures {
            return 0;
        }
        // `Running memory speed test with the following options:`: the
        // memory test's own heading, above its figures when a post left
        // out the banner (a GitHub report of 2025 beside stress-ng
        // tables, wild32 file 11: its 4 figures were lost without a word).
        let stats = input.has("General statistics:")
            || input.has("CPU speed:")
            || input.has("SQL statistics:")
            || input.has("Test execution summary:")
            || (input.has("Running memory speed test with the following options:") && input.has("MiB transferred ("));
        let banner = input.lines.iter().any(|l| banner(l.trim()).is_some());
        match (banner, stats, figures) {
            (true, _, true) => 90,
            (false, true, true) => 80,
            _ => 0,
        }
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let Some((at, plain_text)) = uncommented(input) else { return parse_all(input) };
        let mut out = parse_all(&plain_text)?;
        out.notes.push((
            at,
            "sysbench's report with a `#` before every line (pasted into a script's comment): read with the `#` taken \
             off"
            .into(),
        ));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    /// archive57: fileio runs differing only in `--file-fsync-freq`,
    /// `--file-fsync-end`, `--file-fsync-all`, `--file-num`,
    /// `--file-total-size` or `--file-rw-ratio` were one row's runs,
    /// averaged. Each is a parameter, but for sysbench's default; a whole
    /// option block without its fsync lines is fsync off (the
    /// Container-benchmarks async run, `fsyncs/s: 0.43`).
    #[test]
    fn fileio_fsync_and_file_settings_are_parameters() {
        use crate::parse::{BenchParser, Input};
        let report = |files: &str, size: &str, ratio: &str, fsync: &str, reads: &str| {
            format!(
                "sysbench 1.0.20 (using system LuaJIT 2.0.5)\n\nExtra file open flags: (none)\n{files} files, 16MiB \
                 each\n{size} total file size\nBlock size 16KiB\nNumber of IO requests: 0\nRead/Write ratio for \
                 combined random IO test: {ratio}\n{fsync}Using synchronous I/O mode\nDoing random r/w test\n\n\
                 File operations:\n    reads/s:    {reads}\n\n"
            )
        };
        let every = "Periodic FSYNC enabled, calling fsync() each 100 requests.\n\
                     Calling fsync() at the end of test, Enabled.\n";
        let text = report("128", "2GiB", "1.50", every, "468.89")
            + &report("128", "2GiB", "1.50", "", "63712.53")
            + &report("16", "8GiB", "4.00", "Periodic FSYNC enabled, calling fsync() each 1 requests.\n", "1.00")
            + &report("128", "2GiB", "1.50", "Calling fsync() after each write operation.\n", "2.00");
        let f = super::Sysbench.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(
            show(&f),
            vec![
                "15 fileio reads/s block_size=16KiB mode=rndrw 468.89",
                "29 fileio reads/s block_size=16KiB fsync_freq=0 fsync_end=off mode=rndrw 63712.53",
                "44 fileio reads/s files=16 total_size=8GiB block_size=16KiB rw_ratio=4.00 fsync_freq=1 fsync_end=off \
                 mode=rndrw 1",
                "59 fileio reads/s block_size=16KiB fsync_all=on fsync_freq=0 fsync_end=off mode=rndrw 2",
            ]
        );
        // The command line's settings, the report's lines trimmed.
        let cmd = "sysbench fileio --file-total-size=150G --file-test-mode=rndrw --file-fsync-freq=0 \
                   --file-fsync-end=off --file-num=16 --file-rw-ratio=4 --file-fsync-all run\n\
                   sysbench 1.0.20 (using system LuaJIT 2.0.5)\n\nFile operations:\n    reads/s:    5.00\n";
        let f = super::Sysbench.parse(&Input::from_text(cmd)).unwrap();
        let p: Vec<String> = f.samples[0].params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        assert_eq!(
            p.join(" "),
            "mode=rndrw fsync_freq=0 fsync_all=on fsync_end=off files=16 rw_ratio=4.00 total_size=150GiB"
        );
        // Sizes as the version prints them (sysbench issue #229's 0.4.12
        // `--file-block-size=2M` over `Total transferred 2Gb`).
        assert_eq!(super::size_option("2M"), Some(2 << 20));
        assert_eq!(super::size_option("16384"), Some(16384));
        assert_eq!(super::size_option("fast"), None);
        assert_eq!(super::size_as_printed(2 << 20, Some("0.4.12")), "2Mb");
        assert_eq!(super::size_as_printed(16384, Some("1.0.20")), "16KiB");
        assert_eq!(super::size_as_printed(1_258_291_200, Some("1.0.20")), "1.1719GiB");
        assert_eq!(super::size_as_printed(512, None), "512B");
    }

    /// wildmod43: a page trimmed each memory run to `Total operations: …
    /// (… per second)` and `… MiB transferred (…)`: nothing was read (test
    /// unknown). That line is the memory test's own.
    /// sysbench 0.4's fileio sizes in their units, in MiB; a failed
    /// run's `0b` is 0 (its `FATAL:` line says the failure).
    #[test]
    fn fileio_04_sizes_in_their_units() {
        assert_eq!(mib04("8.7984Mb"), Some(8.7984));
        assert_eq!(mib04("512Kb"), Some(0.5));
        assert_eq!(mib04("2Gb"), Some(2048.0));
        assert_eq!(mib04("0b"), Some(0.0));
        assert_eq!(mib04("fast"), None);
    }

    /// archive56 (00sapo/Container-benchmarks): a sync fileio run and a
    /// `--file-io-mode=async --file-extra-flags=direct` one of the same
    /// file, without the poster's heading between them, were one row's
    /// two runs (reads/s 468.89 and 63712.53 averaged). Their set-up lines
    /// tell them apart; sync and `(none)`, the defaults, add nothing.
    #[test]
    fn fileio_io_mode_and_extra_flags_are_parameters() {
        use crate::parse::{BenchParser, Input};
        let report = |flags: &str, mode: &str, reads: &str| {
            format!(
                "sysbench 1.0.20 (using system LuaJIT 2.0.5)\n\nExtra file open flags: {flags}\nBlock size 16KiB\n\
                 Periodic FSYNC enabled, calling fsync() each 100 requests.\n\
                 Calling fsync() at the end of test, Enabled.\nUsing {mode} I/O mode\nDoing random r/w test\n\n\
                 File operations:\n    reads/s:    {reads}\n\n"
            )
        };
        let text = report("(none)", "synchronous", "468.89") + &report("directio", "asynchronous", "63712.53");
        let f = super::Sysbench.parse(&Input::from_text(&text)).unwrap();
        let params: Vec<String> = f
            .samples
            .iter()
            .map(|s| s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(
            params,
            vec![
                "block_size=16KiB mode=rndrw".to_string(),
                "extra_flags=directio block_size=16KiB io_mode=async mode=rndrw".to_string()
            ]
        );
        assert_eq!(super::option_line("Extra file open flags: 0", Some("fileio")), None);
        assert_eq!(super::option_line("Extra file open flags: 3", None), Some(("extra_flags", "3".to_string())));
        assert_eq!(super::option_line("Using mmap'ed I/O mode", None), Some(("io_mode", "mmap".to_string())));
        assert_eq!(super::option_line("Using fast mmaped I/O mode", None), Some(("io_mode", "mmap".to_string())));
    }

    #[test]
    fn a_memory_report_trimmed_to_its_totals_is_of_the_memory_test() {
        use crate::parse::{BenchParser, Input};
        let text = "### t3.xlarge\n\n```\nTotal operations: 93129278 (9311302.73 per second)\n\n\
                    90946.56 MiB transferred (9093.07 MiB/sec)\n```\n";
        let f = super::Sysbench.parse(&Input::from_text(text)).unwrap();
        let got: Vec<_> =
            f.samples.iter().map(|s| (s.group.to_string(), s.metric.name.to_string(), s.value.mean())).collect();
        assert_eq!(
            got,
            vec![
                ("memory".to_string(), "operations".to_string(), 9311302.73),
                ("memory".to_string(), "transferred".to_string(), 9093.07)
            ]
        );
        // What must NOT tell the memory test: a count without its rate,
        // another wording.
        assert!(!super::memory_total("Total operations: 1000"));
        assert!(!super::memory_total("Total operations performed: 10 (1.00 per second)"));
        assert!(!super::memory_total("Operations performed: 104857600 (3286473.17 ops/sec)"));
    }

    /// wildmod44: the same page trimmed each cpu run to `General
    /// statistics:` (total time, event count): the count was passed over
    /// silently. Its test is not known: a warning at the line, no number.
    #[test]
    fn an_event_count_of_a_report_telling_no_test_is_warned_of() {
        use crate::parse::{BenchParser, Input};
        let says = "`total number of events` of an unknown test";
        let text = "### t3.xlarge\n\n```\nGeneral statistics:\n    total time:                          10.0008s\n\
                    \x20   total number of events:              32591\n```\n\n```\n\
                    Total operations: 93129278 (9311302.73 per second)\n```\n";
        let f = super::Sysbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert!(f.notes.iter().any(|(n, m)| *n == 6 && m.contains(says)), "{:?}", f.notes);
        // With no figure read at all, the error names the first such line
        // (afix46: the total time above the count, passed over silently
        // before, is said too).
        let alone = "General statistics:\n    total time:   10.0052s\n    total number of events:   32189\n";
        let e = super::Sysbench.parse(&Input::from_text(alone)).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("`total time` of an unknown test"), "{e}");
        // Where it must NOT fire: a report whose test a line or command
        // tells (cpu's rate read, threads' count read, mutex's noted as
        // its thread count, its time read).
        for (text, samples) in [
            (
                "CPU speed:\n    events per second:  6957.97\nGeneral statistics:\n    total time: 10.0001s\n    total number of events: 69586\n",
                1,
            ),
            (
                "sysbench threads run\nsysbench 1.0.20\nGeneral statistics:\n    total time: 10.0001s\n    total number of events: 4000\n",
                1,
            ),
            (
                "sysbench mutex run\nsysbench 1.0.20\nGeneral statistics:\n    total time: 0.1742s\n    total number of events: 4\n",
                1,
            ),
        ] {
            match super::Sysbench.parse(&Input::from_text(text)) {
                Ok(f) => {
                    assert_eq!(f.samples.len(), samples, "{text}");
                    assert!(!f.notes.iter().any(|(_, m)| m.contains(says)), "{text}: {:?}", f.notes);
                }
                Err(e) => assert_eq!(samples, 0, "{text}: {e}"),
            }
        }
    }

    use super::*;

    #[test]
    fn a_posters_comment_after_a_figure_is_passed_over() {
        assert_eq!(
            poster_comment("read, MiB/s:                  87.89  # 吞吐量"),
            Some("read, MiB/s:                  87.89")
        );
        assert_eq!(poster_comment("Number of threads: 20  # 线程数"), Some("Number of threads: 20"));
        assert_eq!(poster_comment("[root@db ~]# sysbench cpu run"), None);
        assert_eq!(poster_comment("# sysbench cpu run"), None);
        assert_eq!(
            poster_comment("total number of events:              45526 << higher is better"),
            Some("total number of events:              45526")
        );
        assert_eq!(poster_comment("total time:     0.9209s  <-- lower"), Some("total time:     0.9209s"));
        assert_eq!(
            dash_comment("95th percentile:                      292.60 - 95% запросов к БД"),
            Some("95th percentile:                      292.60")
        );
        assert_eq!(dash_comment("95th percentile:   292.60  - 95 % апросов"), Some("95th percentile:   292.60"));
        assert_eq!(dash_comment("events (avg/stddev):   2630.4000/49.80"), None);
        assert_eq!(dash_comment("threads:  4 - 8"), None);
        assert_eq!(paren_comment("events per second:   114.02     (초당 …)"), Some("events per second:   114.02"));
        assert_eq!(paren_comment("time elapsed:   87.7069s       (총 소요시간)"), Some("time elapsed:   87.7069s"));
        assert_eq!(paren_comment("transactions:    19447  (381.31 per sec.)"), None);
        assert_eq!(paren_comment("events (avg/stddev):   10000.0000/0.00"), None);
        assert_eq!(paren_comment("Latency (ms):"), None);
        let text = "sysbench fileio --file-test-mode=rndrw run\nsysbench 1.0.17 (using system LuaJIT 2.0.4)\n\
            Number of threads: 20  # threads\nFile operations:\n    reads/s:   5625.14\n\
            Throughput:\n    read, MiB/s:                  87.89  # MB/s read\n";
        let f = parse_all(&Input::from_text(text)).unwrap();
        let read: Vec<(String, f64)> = f.samples.iter().map(|s| (s.metric.name.to_string(), s.value.mean())).collect();
        assert_eq!(read, [("reads/s".to_string(), 5625.14), ("read".to_string(), 87.89)]);
        assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "threads" && p.value == "20")));
        assert!(f.notes.iter().any(|(n, s)| *n == 3 && s.contains("poster's comments")));
        // Another program's line below the last figure is no comment of a
        // poster's (iperf 2's `(default)`, wild32 file 11); a sysbench key
        // there is.
        let iperf = "TCP window size: 85.3 KByte (default)\n[  3]  0.0-10.0 sec  1.05 GBytes  903 Mbits/sec\n";
        let plain = text.replace("  # threads", "").replace("  # MB/s read", "");
        let f = parse_all(&Input::from_text(&format!("{plain}\n{iperf}"))).unwrap();
        assert!(!f.notes.iter().any(|(_, s)| s.contains("poster's comments")), "{:?}", f.notes);
        let fair = format!("{plain}    events (avg/stddev):   10698.9000/647.23  # per thread\n");
        let f = parse_all(&Input::from_text(&fair)).unwrap();
        assert!(f.notes.iter().any(|(n, s)| *n == 8 && s.contains("poster's comments")), "{:?}", f.notes);
    }

    fn show(f: &ParsedFile) -> Vec<String> {
        f.samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {} {} {} {}", s.line, s.group, s.metric.name, p.join(" "), s.value.mean())
            })
            .collect()
    }

    /// attack61 (repro sb-fio-mb, sb-fio-kib): the Container-benchmarks
    /// fileio run's `read, MiB/s:  7.33` edited to `MB/s` or `KiB/s` lost
    /// its read figure silently; now a note at its line says it is not read.
    #[test]
    fn a_fileio_throughput_in_another_unit_is_a_note_at_its_line() {
        let text = "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nFile operations:\n    reads/s:                      468.89\n    writes/s:                     312.60\n    fsyncs/s:                     1000.69\n\nThroughput:\n    read, MiB/s:                  7.33\n    written, MiB/s:               4.88\n";
        let clean = Sysbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(clean.samples.len(), 5, "{:?}", show(&clean));
        assert!(clean.notes.iter().all(|n| n.0 != 9), "{:?}", clean.notes);
        for unit in ["MB/s", "KiB/s"] {
            let bad = text.replace("read, MiB/s:", &format!("read, {unit}:"));
            let f = Sysbench.parse(&Input::from_text(&bad)).unwrap();
            assert_eq!(f.samples.len(), 4, "{:?}", show(&f));
            let note = f.notes.iter().find(|n| n.0 == 9).unwrap_or_else(|| panic!("{:?}", f.notes));
            assert!(note.1.contains(unit) && note.1.contains("not read"), "{note:?}");
        }
    }

    /// A fileio report cut above its mode line (kellabyte/go-benchmarks#18):
    /// the zero reads beside non-zero writes are notes, not results of 0;
    /// a read-only run's zero writes and fsyncs likewise.
    #[test]
    fn a_fileio_runs_zero_direction_without_a_mode_line_is_no_result() {
        let text = "File operations:\n    reads/s:                      0.00\n    writes/s:                     15273.00\n\
                    \x20   fsyncs/s:                     19538.85\n\nThroughput:\n    read, MiB/s:                  0.00\n\
                    \x20   written, MiB/s:               238.64\n\nGeneral statistics:\n    total time:      10.0030s\n";
        let f = Sysbench.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> = f.samples.iter().map(|s| format!("{} {}", s.line, s.metric.name)).collect();
        assert_eq!(got, ["3 writes/s", "4 fsyncs/s", "8 written"]);
        assert_eq!(f.notes.iter().filter(|(_, m)| m.contains("did only the other direction")).count(), 2);
        let reads = text.replace(
            "0.00\n    writes/s:                     15273.00",
            "15273.00\n    writes/s:                     0.00",
        );
        let reads = reads
            .replace("19538.85", "0.00")
            .replace("238.64", "0.00")
            .replace("read, MiB/s:                  0.00", "read, MiB/s:                  59.66");
        let f = Sysbench.parse(&Input::from_text(&reads)).unwrap();
        let got: Vec<String> = f.samples.iter().map(|s| format!("{} {}", s.line, s.metric.name)).collect();
        assert_eq!(got, ["2 reads/s", "7 read"]);
    }

    /// Issue #311's command re-wrapped at 76 columns (rewrap58): five
    /// lines, the last `oltp_read_only run`; before, the run was read as
    /// test `oltp` with no threads.
    #[test]
    fn a_command_line_wrapped_over_five_lines_is_joined() {
        let text = "sysbench --db-driver=mysql --report-interval=3 --warmup-time=120\n\
            --mysql-storage-engine=innodb --table-size=5000000 --tables=32\n\
            --rand-type=uniform --db-ps-mode=disable --threads=1 --time=120 --mysql-\n\
            host=mysql80 --mysql-port=3306 --mysql-user=sbtest --mysql-password=xxx\n\
            oltp_read_only run\n\
            sysbench 1.1.0-faaff4f (using bundled LuaJIT 2.1.0-beta3)\nSQL statistics:\n\
            \x20   transactions:                        31128  (259.39 per sec.)\n";
        let f = Sysbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(show(&f), ["8 oltp_read_only transactions threads=1 259.39"]);
        // A blank line ends the command: what is under it is not taken.
        let text = "sysbench --threads=1 --time=120\n--tables=32\n\noltp_read_only run\n\
            sysbench 1.1.0-faaff4f (using bundled LuaJIT 2.1.0-beta3)\nSQL statistics:\n\
            \x20   transactions:                        31128  (259.39 per sec.)\n";
        let f = Sysbench.parse(&Input::from_text(text)).unwrap();
        assert!(show(&f).iter().all(|s| !s.contains("threads=1")), "{:?}", show(&f));
    }

    /// A command line wrapped inside an option before its test name
    /// (sysbench issue #311) gives its threads; `sysbench --version` over a
    /// banner names no test, and the line after it is not joined on.
    #[test]
    fn a_command_line_wrapped_before_its_test_name_is_joined_to_the_next_line() {
        let report = "SQL statistics:\n    transactions:                        31128  (259.39 per sec.)\n";
        let text = format!(
            "sysbench --db-driver=mysql --threads=1 --time=120 --mysql-\nhost=mysql80 --mysql-port=3306 oltp_read_only run\n\
             sysbench 1.1.0-faaff4f (using bundled LuaJIT 2.1.0-beta3)\n{report}"
        );
        let f = Sysbench.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(show(&f), ["5 oltp_read_only transactions threads=1 259.39"]);
        let text = format!("$ sysbench --version\nsysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n{report}");
        let f = Sysbench.parse(&Input::from_text(&text)).unwrap();
        assert!(f.samples.iter().all(|s| s.group != "sysbench"), "{:?}", show(&f));
    }

    /// fileio's mode and block size are read from the lines it prints,
    /// with no command line (attacker's sbC/ and sbB/: a random r/w run
    /// of 16 KiB blocks, a sequential read one, a 4 KiB one).
    #[test]
    fn a_report_commented_with_hash_is_read_and_a_read_tests_zero_writes_are_not() {
        // A converter script's head comment (sysbench 1.0.12 fileio rndrd).
        let text = "#!/bin/bash\n\n# sysbench 1.0.12 (using bundled LuaJIT 2.1.0-beta2)\n#\n\
            # Number of threads: 1\n# Block size 4KiB\n# Doing random read test\n#\n# File operations:\n\
            #    reads/s:                      121340.74\n#    writes/s:                     0.00\n\
            #    fsyncs/s:                     0.00\n#\n# Throughput:\n#    read, MiB/s:                  473.99\n\
            #    written, MiB/s:               0.00\n#\n# Latency (ms):\n#         avg:                                  0.01\n\
            #         99th percentile:                      0.02\n";
        let f = Sysbench.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> =
            f.samples.iter().map(|s| format!("{} {} {}", s.line, s.metric.name, s.value.mean())).collect();
        assert_eq!(
            got,
            ["10 reads/s 121340.74", "15 read 473.99", "19 latency avg 0.01", "20 latency 99th percentile 0.02"]
        );
        assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "mode" && p.value == "rndrd")));
        assert!(f.notes.iter().any(|(n, m)| *n == 3 && m.contains("`#` taken off")));
        assert_eq!(f.notes.iter().filter(|(_, m)| m.contains("which does none")).count(), 3);
        // A write test's zero reads, likewise; a read test's non-zero write is read.
        let w = "sysbench 1.0.12 (using bundled LuaJIT 2.1.0-beta2)\nDoing random write test\nFile operations:\n\
            \x20   reads/s:                      0.00\n    writes/s:                     500.00\n";
        let f = Sysbench.parse(&Input::from_text(w)).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert_eq!(f.samples[0].metric.name, "writes/s");
    }

    #[test]
    fn fileio_mode_and_block_size_from_its_output() {
        let run = |block: &str, doing: &str, reads: &str| {
            format!(
                "sysbench 1.0.17 (using system LuaJIT 2.0.4)\n\nRunning the test with following options:\n\
                Number of threads: 20\n\nExtra file open flags: (none)\n128 files, 16MiB each\n2GiB total file size\n\
                Block size {block}\nNumber of IO requests: 0\nUsing synchronous I/O mode\n{doing}\n\
                Initializing worker threads...\n\nThreads started!\n\nFile operations:\n    reads/s:   {reads}\n"
            )
        };
        let rndrw = parse_all(&Input::from_text(&run("16KiB", "Doing random r/w test", "5625.14"))).unwrap();
        assert_eq!(show(&rndrw), ["18 fileio reads/s threads=20 block_size=16KiB mode=rndrw 5625.14"]);
        let seqrd = parse_all(&Input::from_text(&run("16KiB", "Doing sequential read test", "42311.07"))).unwrap();
        assert_eq!(show(&seqrd), ["18 fileio reads/s threads=20 block_size=16KiB mode=seqrd 42311.07"]);
        let small = parse_all(&Input::from_text(&run("4KiB", "Doing random r/w test", "7690.52"))).unwrap();
        assert_eq!(show(&small), ["18 fileio reads/s threads=20 block_size=4KiB mode=rndrw 7690.52"]);
        // The command line's mode and the printed one are one parameter.
        let both = format!(
            "sysbench --test=fileio --file-test-mode=rndrw run\n{}",
            run("16KiB", "Doing random r/w test", "1.00")
        );
        let f = parse_all(&Input::from_text(&both)).unwrap();
        assert_eq!(show(&f), ["19 fileio reads/s threads=20 block_size=16KiB mode=rndrw 1"]);
    }

    /// sysbench 0.4's `per-request statistics:` (wild35a file 02, an RDS
    /// note) and 0.5's `response time:` block: avg and the percentile are
    /// results, read as 1.0's `Latency` block is; they were a note.
    #[test]
    fn old_per_request_latencies_are_read() {
        let text = "sysbench 0.4.12:  multi-threaded system evaluation benchmark\n\nNumber of threads: 8\n\n\
            OLTP test statistics:\n    transactions:                        36914  (615.19 per sec.)\n\
            \x20   per-request statistics:\n         min:                                  9.12ms\n\
            \x20        avg:                                 13.00ms\n         max:                                158.15ms\n\
            \x20        approx.  95 percentile:              16.56ms\n\nThreads fairness:\n";
        let f = Sysbench.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, String, f64, String)> = f
            .samples
            .iter()
            .map(|s| (s.line, s.metric.name.to_string(), s.value.mean(), s.metric.unit.to_string()))
            .collect();
        assert_eq!(
            got,
            [
                (6, "transactions".into(), 615.19, "per s".into()),
                (9, "latency avg".into(), 13.0, "ms".into()),
                (11, "latency 95th percentile".into(), 16.56, "ms".into())
            ]
        );
        assert_eq!(f.samples[1].metric.better, Better::Lower);
        // 0.5's block, a percentile set by `--percentile`; a value cut
        // short of its unit is an error at its line.
        let v05 = text.replace("per-request statistics:", "response time:").replace("approx.  95", "approx.  99");
        let f = Sysbench.parse(&Input::from_text(&v05)).unwrap();
        assert_eq!(f.samples[2].metric.name, "latency 99th percentile");
        let cut = text.replace("13.00ms", "13.0");
        assert_eq!(Sysbench.parse(&Input::from_text(&cut)).unwrap_err().line(), Some(9));
    }

    /// sysbench 0.4's cpu prime limit is the parameter 1.0's is, with no
    /// command line (attacker's sbA/: 2000 on one kernel, 20000 on the
    /// other, were one row).
    #[test]
    fn cpu_04_prime_limit_is_max_prime() {
        let text = "Maximum prime number checked in CPU test: 20000\nTest execution summary:\n\
            total time:                          28.1253s\n";
        let f = parse_all(&Input::from_text(text)).unwrap();
        assert_eq!(show(&f), ["3 cpu total time max_prime=20000 28.1253"]);
    }

    #[test]
    fn cpu_memory_oltp_and_mutex() {
        let text = "sysbench cpu --threads=8 run\nsysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\
            Number of threads: 8\nCPU speed:\n    events per second:  6957.97\nGeneral statistics:\n\
            total time:  10.0001s\nLatency (ms):\n  min: 0.82\n  avg: 1.15\n  95th percentile: 1.27\n  sum: 5.0\n\n\
            Threads fairness:\n  events (avg/stddev):  6262177.8750/675.80\n\
            sysbench 1.0.20 (using bundled LuaJIT)\nRunning memory speed test with the following options:\n\
            Total operations: 51830906 (5182547.80 per second)\n50616.12 MiB transferred (5061.08 MiB/sec)\n\
            $ sysbench --test=mutex run\nsysbench 1.0.9 (x)\nGeneral statistics:\n total time: 0.2000s\n\
            sysbench /usr/share/sysbench/oltp_read_write.lua --threads=4 run\nsysbench 1.0.20\n\
            Number of threads: 4\nSQL statistics:\n  queries: 1000 (99.5 per sec.)\n\
            transactions: 50 (4.97 per sec.)\n";
        let f = Sysbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.version.as_deref(), Some("1.0.20"));
        assert_eq!(
            show(&f),
            [
                "5 cpu events per second threads=8 6957.97",
                "10 cpu latency avg threads=8 1.15",
                "11 cpu latency 95th percentile threads=8 1.27",
                "18 memory operations  5182547.8",
                "19 memory transferred  5061.08",
                "23 mutex total time  0.2",
                "28 oltp_read_write queries threads=4 99.5",
                "29 oltp_read_write transactions threads=4 4.97",
            ]
        );
    }

    /// Memory's printed `scope: global` / `scope: local` is a set-up, as
    /// `block size:` and `operation:` are: two runs of different scopes
    /// (the report of tests/fixtures/sysbench/blog-zh-…macbook…txt, as
    /// attack38 #5 set it in `log1.txt` … `log4.txt`) are never averaged.
    #[test]
    fn memory_scope_is_a_parameter() {
        let run = |scope: &str| {
            format!(
                "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning memory speed test with the following options:\n\
                 \x20 block size: 1KiB\n  total size: 102400MiB\n  operation: write\n  scope: {scope}\n\n\
                 Total operations: 104857600 (12661502.57 per second)\n\n102400.00 MiB transferred (12364.75 MiB/sec)\n"
            )
        };
        for scope in ["global", "local"] {
            let f = Sysbench.parse(&Input::from_text(&run(scope))).unwrap();
            let got = show(&f);
            assert_eq!(got.len(), 2, "{got:?}");
            assert!(got.iter().all(|l| l.contains(&format!("scope={scope}"))), "{got:?}");
        }
    }

    /// `--report-checkpoints` prints the run so far at each checkpoint
    /// (a GitHub note on CPU quota, sysbench 1.1.0): only the final report
    /// is the run's.
    #[test]
    fn checkpoint_reports_are_no_runs() {
        let t = "sysbench cpu --threads=8 --report-checkpoints=20 run\nsysbench 1.1.0-df89d34c410a (using bundled LuaJIT 2.1.0-beta3)\n\
                 Number of threads: 8\n\
                 [ 20ms ] Checkpoint report:\nCPU speed:\n    events per second:    10.95\n\nLatency (ms):\n         avg:     0.72\n\n\
                 Threads fairness:\n    events (avg/stddev):           29.0000/4.00\n    execution time (avg/stddev):   0.0207/0.00\n\n\
                 CPU speed:\n    events per second:  6481.13\n\nLatency (ms):\n         avg:      1.23\n";
        let f = Sysbench.parse(&Input::from_text(t)).unwrap();
        let got: Vec<(f64, usize)> = f.samples.iter().map(|s| (s.value.mean(), s.line)).collect();
        assert_eq!(got, vec![(6481.13, 16), (1.23, 19)]);
        assert!(f.notes.iter().any(|n| n.0 == 4 && n.1.contains("checkpoint")), "{:?}", f.notes);
    }

    #[test]
    fn unknown_test_and_damage() {
        let f = Sysbench.parse(&Input::from_text("sysbench 1.0.20\nGeneral statistics:\n total time: 1.0001s\nLatency (ms):\n avg: 1.00\nCPU speed:\n events per second: 5.00\n")).unwrap();
        assert_eq!(f.samples.len(), 1);
        // The total time and the latency of the report of no known test
        // (afix46: the total time was passed over silently).
        let lines: Vec<usize> = f.notes.iter().map(|n| n.0).collect();
        assert_eq!(lines, [3, 5], "{:?}", f.notes);
        let bad = "sysbench 1.0.20\nCPU speed:\n events per second: x\n";
        assert_eq!(Sysbench.parse(&Input::from_text(bad)).unwrap_err().line(), Some(3));
    }

    /// A file cut inside its last figure: sysbench prints `%.2f` rates and
    /// latencies and a `%.4fs` total time, so fewer decimals, or a total
    /// time without its `s`, is an error at its line, not a number read.
    #[test]
    fn a_figure_cut_short_is_an_error_at_its_line() {
        let head = "sysbench cpu --threads=8 run\nsysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\nNumber of threads: 8\nCPU speed:\n";
        for cut in ["    events per second: 22878", "    events per second: 22878757.0"] {
            let err = Sysbench.parse(&Input::from_text(&format!("{head}{cut}"))).unwrap_err();
            assert_eq!(err.line(), Some(5), "{cut}");
            assert!(err.to_string().contains("cut short"), "{err}");
        }
        let whole = format!("{head}    events per second: 22878757.01\nLatency (ms):\n         avg:    0.3");
        assert_eq!(Sysbench.parse(&Input::from_text(&whole)).unwrap_err().line(), Some(7));
        let mutex = "sysbench mutex run\nsysbench 1.0.20\nGeneral statistics:\n    total time:   0.1742";
        assert_eq!(Sysbench.parse(&Input::from_text(mutex)).unwrap_err().line(), Some(4));
        let mutex_whole = "sysbench mutex run\nsysbench 1.0.20\nGeneral statistics:\n    total time:   0.1742s\n";
        assert_eq!(show(&Sysbench.parse(&Input::from_text(mutex_whole)).unwrap()), ["4 mutex total time  0.1742"]);
    }

    /// From wild28's zcache mail (linux-mm 2013): a poster set two sysbench
    /// 0.4 OLTP reports side by side under `Without zcache  With zcache`;
    /// only the first `(X per sec.)` of each line was read, the second
    /// dropped silently.
    #[test]
    fn reports_side_by_side_are_read_under_their_column_headers() {
        let head = "sysbench --test=oltp --num-threads=16 run\n\n\
                    \x20                               Without zcache          With zcache\n\
                    OLTP test statistics:\n";
        let rows = "    transactions:                 8880(2.47 per sec.)    11924(3.31 per sec.) (+34%)\n\
                    \x20   read/write requests:        168720(46.86 per sec.)  226556(62.91 per sec.)(+34%)\n\
                    Test execution summary:\n";
        let f = parse_all(&Input::from_text(&format!("{head}{rows}"))).unwrap();
        assert_eq!(
            show(&f),
            [
                "5 oltp transactions threads=16 label=Without zcache 2.47",
                "5 oltp transactions threads=16 label=With zcache 3.31",
                "6 oltp requests threads=16 label=Without zcache 46.86",
                "6 oltp requests threads=16 label=With zcache 62.91",
            ]
        );
        assert!(f.notes.is_empty(), "{:?}", f.notes);
        // The second column wrapped by the mail: rejoined, each rate on
        // the line it is printed on.
        let wrapped = "    transactions:               159889(22.20 per sec.)    171598(23.83\n\
                       per sec.) (+7%)\n\
                       \x20   read/write requests:       3037891(421.87 per sec.)\n\
                       3260362(452.70 per sec.)(+7%)\n";
        let f = parse_all(&Input::from_text(&format!("{head}{wrapped}"))).unwrap();
        assert_eq!(
            show(&f),
            [
                "5 oltp transactions threads=16 label=Without zcache 22.2",
                "5 oltp transactions threads=16 label=With zcache 23.83",
                "7 oltp requests threads=16 label=Without zcache 421.87",
                "8 oltp requests threads=16 label=With zcache 452.7",
            ]
        );
        assert!(f.notes.iter().all(|(_, m)| m.contains("rejoined")), "{:?}", f.notes);
        // Three rates under two headers: which is whose? None read, a warning.
        let three = "    transactions:   8880(2.47 per sec.)  11924(3.31 per sec.)  1(0.01 per sec.)\n\
                     \x20   read/write requests:        168720(46.86 per sec.)  226556(62.91 per sec.)\n";
        let f = parse_all(&Input::from_text(&format!("{head}{three}"))).unwrap();
        assert_eq!(show(&f).len(), 2);
        assert!(f.notes.iter().any(|(n, m)| *n == 5 && m.contains("not read")), "{:?}", f.notes);
        // Side by side with no headers: the first read, the line warned of.
        let bare = format!("sysbench --test=oltp --num-threads=16 run\nOLTP test statistics:\n{rows}");
        let f = parse_all(&Input::from_text(&bare)).unwrap();
        assert_eq!(show(&f), ["3 oltp transactions threads=16 2.47", "4 oltp requests threads=16 46.86"]);
        let warned: Vec<usize> =
            f.notes.iter().filter(|(_, m)| m.contains("only the first")).map(|(n, _)| *n).collect();
        assert_eq!(warned, [3, 4]);
        // A sentence or a figure line is no header row.
        assert_eq!(column_headers("        total:   186480   250404", "OLTP test statistics:"), None);
        assert_eq!(column_headers("Without zcache          With zcache", "OLTP test statistics:"), None);
        assert_eq!(column_headers("        Without zcache          With zcache", "read: 1"), None);
    }
    /// Reports pasted one after another with no banner or command line:
    /// each `cpu` report tells its test (`CPU speed:`); a report after them
    /// without such a line (`sysbench threads`' own) is of no known test,
    /// its figures not read, not filed as cpu's.
    #[test]
    fn a_report_after_another_tests_tells_its_own_test_or_none() {
        let cpu = |eps: &str| {
            format!(
                "CPU speed:\n    events per second:  {eps}\n\nGeneral statistics:\n    total time:   60.0013s\n\n\
                 Latency (ms):\n         avg:   1.35\n\nThreads fairness:\n    events (avg/stddev):   44592.2500/20.47\n\
                 \x20   execution time (avg/stddev):   59.9923/0.00\n\n"
            )
        };
        let threads = "General statistics:\n    total time:   60.0045s\n\nLatency (ms):\n         avg:   2.49\n\n\
                       Threads fairness:\n    execution time (avg/stddev):   59.9979/0.00\n";
        let text = format!("{}{}{threads}", cpu("2972.72"), cpu("2951.09"));
        let f = parse_all(&Input::from_text(&text)).unwrap();
        let got: Vec<(usize, &str, &str)> =
            f.samples.iter().map(|s| (s.line, s.group.as_str(), s.metric.name.as_str())).collect();
        assert_eq!(
            got,
            [
                (2, "cpu", "events per second"),
                (8, "cpu", "latency avg"),
                (15, "cpu", "events per second"),
                (21, "cpu", "latency avg"),
            ]
        );
        assert!(f.notes.iter().any(|(n, m)| *n == 27 && m.contains("its test is not known")), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(n, m)| *n == 31 && m.contains("unknown test")), "{:?}", f.notes);
        // A report whose telling line a page damaged (`- resaults: File
        // operations:`) but whose figures show its test: still fileio's.
        let fileio = "File operations:\n    reads/s:   469.62\n\nGeneral statistics:\n    total time:   300.1051s\n\n\
                      Threads fairness:\n    execution time (avg/stddev):   299.1391/0.00\n\
                      - resaults: File operations:\n    reads/s:   973.22\n\nGeneral statistics:\n";
        let f = parse_all(&Input::from_text(fileio)).unwrap();
        let got: Vec<(usize, &str)> = f.samples.iter().map(|s| (s.line, s.group.as_str())).collect();
        assert_eq!(got, [(2, "fileio"), (10, "fileio")]);
        assert!(!f.notes.iter().any(|(_, m)| m.contains("not known")), "{:?}", f.notes);
    }

    /// attack41 F28 (its sb/s02: wildmod40's Asterinas reports with each
    /// `Threads fairness:` block trimmed): with no `execution time` line
    /// to end the cpu report, the `threads` report after it was read as
    /// cpu's, silently. A report's `General statistics:` after the
    /// latency block of the report before now starts another report; two
    /// cpu reports trimmed alike stay cpu's (must not fire).
    #[test]
    fn a_report_after_a_trimmed_one_still_tells_its_own_test_or_none() {
        let cpu = |eps: &str| {
            format!(
                "CPU speed:\n    events per second:  {eps}\n\nGeneral statistics:\n    total time:   60.0013s\n\n\
                 Latency (ms):\n         avg:   1.35\n\n"
            )
        };
        let threads = "General statistics:\n    total time:   60.0045s\n\nLatency (ms):\n         avg:   2.49\n\n";
        let text = format!("{}{}{threads}", cpu("2972.72"), cpu("2951.09"));
        let f = parse_all(&Input::from_text(&text)).unwrap();
        let got: Vec<(usize, &str, &str)> =
            f.samples.iter().map(|s| (s.line, s.group.as_str(), s.metric.name.as_str())).collect();
        assert_eq!(
            got,
            [
                (2, "cpu", "events per second"),
                (8, "cpu", "latency avg"),
                (11, "cpu", "events per second"),
                (17, "cpu", "latency avg"),
            ]
        );
        assert!(f.notes.iter().any(|(n, m)| *n == 19 && m.contains("its test is not known")), "{:?}", f.notes);
        let f = parse_all(&Input::from_text(&format!("{}{}", cpu("2972.72"), cpu("2951.09")))).unwrap();
        assert_eq!(f.samples.iter().filter(|s| s.group == "cpu").count(), 4);
        assert!(!f.notes.iter().any(|(_, m)| m.contains("not known")), "{:?}", f.notes);
    }
}
