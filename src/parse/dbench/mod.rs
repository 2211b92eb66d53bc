//! dbench 1.x–4.x and tbench output.
//!
//! Two parsers share this code: [`Dbench`] (registry id `"dbench"`) and
//! [`Tbench`] (id `"tbench"`). tbench prints exactly what dbench prints; the
//! output is tbench's when a `tbench`, `tbench_srv` or `tbench.sh` command
//! (lkp logs, `for i in 1 2 3; do tbench.sh 8 10; done`) or a heading
//! (`tbench 8:`, `30 sec tbench`) is above it, dbench's under a dbench command: a file
//! holding both is read as two segments, each program's lines by its own
//! parser (see `tbench_lines`). Prose naming tbench decides nothing.
//!
//! Result lines read:
//!
//! ```text
//! Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)            dbench 1.x
//! Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)  32 procs  dbench 1.x
//! Throughput 123.45 MB/sec 32 procs                                        dbench 2.x/3.x
//! Throughput 13563.9 MB/sec  128 clients  128 procs  max_latency=53.132 ms dbench/tbench 4.x
//! ```
//!
//! and dbench 4.x's operation table, with the long operation names
//! (`SET_FILE_INFORMATION`, `QUERY_PATH_INFORMATION`, …) or the short ones
//! (`NTCreateX`, `Qpathinfo`, `Find`, …):
//!
//! ```text
//!  Operation                Count    AvgLat    MaxLat
//!  --------------------------------------------------
//!  NTCreateX              259219016     0.014    13.511
//! ```
//!
//! An operation row whose name is one letter off one of dbench's own
//! (`lush  20563  0.128  52.014`: `Flush` quoted without its first letter)
//! is warned of and not read.
//!
//! Metrics:
//!
//! | group        | name            | unit | better  |
//! |--------------|-----------------|------|---------|
//! | (none)       | `Throughput`    | MB/s | Higher  |
//! | (none)       | `max_latency`   | ms   | Lower   |
//! | `operations` | `<Op> Count`    |      | Neither |
//! | `operations` | `<Op> AvgLat`   | ms   | Lower   |
//! | `operations` | `<Op> MaxLat`   | ms   | Lower   |
//! | `time`       | see [`super::time`] (`elapsed`, `user`, `system`, `CPU`, faults; or `real`, `user`, `sys`) | | |
//!
//! Parameters: `clients` and `procs` as the 4.x result line prints them (in
//! that order), and `sync` (`open`, `dirs`) for a 4.x run with `-s` / `-S`,
//! whose line says ` (sync open)` / ` (sync dirs)` after `MB/sec`; for 1.x–3.x `procs`, from the result line's `N procs`, or
//! else from the run's own `N clients started` line (the one since the
//! previous result), or else from the latest earlier command line (`dbench
//! 32`, `./dbench 48`, `time ./dbench 32`, `2023-10-30 16:13:09 tbench -t 30
//! 128 127.0.0.1`), or else from the zsh or csh `time` record under the
//! result, which starts with the command it timed (`./dbench 16  12.11s
//! user …`). A result's `N procs` that differs from its `N clients
//! started` is read as printed, with a note. The operation table, printed
//! before its result line, takes that result line's parameters. A table
//! whose `Throughput` line never comes (the next run's banner, `Running
//! for` line, command line or table, or the file's end, follows it, with
//! or without a blank line between) is a run cut short: its figures are
//! left out, with a note at its table, and the next run keeps its own
//! parameters. Then
//! `loadfile` and `timelimit`, from the run's own `Running for 60 seconds
//! with load '/usr/share/dbench/client.txt' …` line (3.x/4.x): the load
//! file's name and the seconds.
//!
//! `label`: posts put runs of different set-ups under label lines. A label
//! is a short line ending in `:` (or ` -`) above a run, with at most two
//! blank lines between (`before:`, `2.4.19:`, `with patch:`, `dbench with 8
//! clients, results before:`); or short bare lines directly above it
//! (`6.1.87-cfs`, `NO_DELAY_DEQUEUE`, `with the new patch`; not a sentence:
//! four or more plain words, none with a digit, a tag's punctuation or an
//! acronym, such as `went up by quite a bit`, are no label, and the results
//! under such a line are read without one, with a note; a bare line directly under a result
//! replaces the innermost label, so `kernel` / `NO_DELAY_DEQUEUE` then
//! `DELAY_DEQUEUE` gives `kernel / DELAY_DEQUEUE`); or a `Before:` before
//! `Throughput` on the result line; or free text after the result on its
//! line (`16 procs    ext2`). Labels found together are joined with ` / `.
//! When the file's results are under more than one label (two labels, or
//! labelled and unlabelled results) every labelled sample gets `label =
//! <text>`, so that different set-ups are not averaged as runs of one; with
//! one label, or none, there is no `label` parameter. When every label is a
//! kernel's name alone (`2.5.1:`, `2.5.23-rmap:`, also `2.4.25:  (dual
//! athlon …)` with an aside after its colon), they are the runs' kernels
//! instead. A count of runs after a label (`…, 32 clients, 3 runs`) is no
//! part of it.
//!
//! The `NB=` and `MBit/sec` figures of 1.x are fixed multiples of the
//! throughput (×1.25 and ×10) and are not returned.
//!
//! A run above whose result a client reports a failed operation (3.x
//! `[2345] write failed on handle 10006 (No space left on device)`, 4.x
//! `ERROR: child 3 failed at line 1234`) is not read, with a note at its
//! result line: its throughput is a failed run's. A throughput of 0 MB/sec
//! (`Throughput 0 MB/sec 16 procs`) is a run that did no work: not read,
//! with a note at its line.
//!
//! When a `time` report directly follows a run's result line (GNU time's
//! default format, possibly glued onto the result line's wrapped tail; a
//! csh/tcsh time line; or bash's `real`/`user`/`sys` lines after at most one
//! blank line), its values are returned too, in group `time` with the run's
//! parameters. A record under GNU time's `Command exited with non-zero
//! status 1` (or `Command terminated by signal 9`, or another line
//! [`super::failed::command_failed`] names, directly above it) timed a
//! dbench that failed: that run's throughput, latency, table and time are
//! not read, with a note at its result line naming the failure line.
//!
//! Each run is one set of samples: several runs in a file give several
//! samples with the same key. Progress output (`****`, `+++`, `N clients
//! started`, 4.x warmup/execute/cleanup lines, `^^^^` runs) is skipped.
//! Result lines wrapped by a mail client are rejoined when the next line
//! continues the known pattern (`MB/sec`, `(NB=…`, `MBit/sec)`, `N procs`,
//! `max_latency=…`); a result line cut after its number, or an operation
//! table row cut short, is an error. A 1.x line cut inside its `(NB=…`
//! group (`… 157.686 MBit/sec` without `)  8 procs`) is a note naming it,
//! and so is the `time` record under it: that run is not read.

mod labels;
mod result;

use super::num::{decimals_of, plain};
use super::time::gnu_record_at;
use super::{BenchParser, Input, ParseError};
use crate::lines::SplitWords as _;
use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::labels::is_kernel_name;
use labels::{Above, Headings, drop_single_label, kernels_of_labels, labels_above, prose_above, with_label};
use result::{
    OpRow, Result4, broken_figure, cut_result, figure_before_word, is_throughput_tok, may_have_result, other_unit,
    read_result, table_row, time_after, with_params,
};

/// dbench 1.x–4.x; registry id `"dbench"`.
pub struct Dbench;

/// tbench (the dbench suite's network benchmark); registry id `"tbench"`.
pub struct Tbench;

/// Base name of a command token: `./dbench` → `dbench`.
fn base(tok: &str) -> &str {
    tok.rsplit('/').next().unwrap_or(tok)
}

/// Which program printed each line, dbench (`false`) or tbench (`true`):
/// a mail may hold both (`$ dbench 8` and its `Throughput` line, then `$
/// tbench 8 localhost` and its own). The lines from a line naming one of
/// them ([`program_named`]: a command line, a `tbench_srv` or `tbench.sh`
/// command, a heading `tbench 8:` or `30 sec tbench`) down to the next
/// such line are that program's, and so is a `killall -KILL tbench_srv`
/// line (lkp's), which ends tbench's; the lines above the first and after
/// such an end are dbench's.
/// Prose naming tbench (`dbench on ext4; tbench numbers in the next
/// mail.`) decides nothing: tbench prints dbench's banner, so only a
/// command or a heading tells them apart.
fn tbench_lines(input: &Input) -> Vec<bool> {
    // Decided on the file as read: a copy whose earlier rounds blanked the
    // `killall -KILL tbench_srv` line still ends tbench's output there.
    let lines = input.file_lines();
    // Searched for in each line with a searcher made once.
    static TBENCH: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new("tbench"));
    static KILL: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new("kill"));
    let named = if input.file_lines.is_some() {
        lines.iter().any(|l| TBENCH.find(l.as_bytes()).is_some())
    } else {
        input.has("tbench")
    };
    if !named {
        return vec![false; input.lines.len()];
    }
    let mut current = false;
    lines
        .iter()
        .map(|l| {
            // `killall -KILL tbench_srv` (lkp's last line): tbench's output
            // ends there.
            if KILL.find(l.as_bytes()).is_some() && l.words().any(|t| matches!(t, "killall" | "pkill")) {
                current = false;
                return true;
            }
            if let Some(t) = program_named(l) {
                current = t;
            }
            current
        })
        .collect()
}

/// The program a line starts the output of ([`tbench_lines`]): `Some(true)`
/// for tbench, `Some(false)` for dbench, `None` for any other line. Such a
/// line is a command ([`command_count`]; `tbench_srv &`, `tbench.sh 8
/// 10`), a heading that starts with the name and ends in `:` (`tbench 8
/// on 2.6.20:`) or a summary table's title, or a short title of at most
/// four words naming one of them and not the other (`30 sec tbench`,
/// `Test : tbench`).
fn program_named(line: &str) -> Option<bool> {
    if !line.contains("bench") {
        return None;
    }
    let toks: Vec<&str> = line.words().collect();
    let named = |name: &str| {
        toks.iter().any(|t| {
            let t = base(t.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '.' && c != '/'));
            t == name || (name == "tbench" && matches!(t, "tbench_srv" | "tbench.sh"))
        })
    };
    if toks.iter().any(|t| matches!(base(t.trim_matches('"')), "tbench_srv" | "tbench.sh")) {
        return Some(true);
    }
    if command_count(line).is_some() {
        let j = toks.iter().position(|t| matches!(base(t), "dbench" | "tbench"))?;
        return Some(base(toks[j]) == "tbench");
    }
    let first = toks.first()?.trim_end_matches(':').to_ascii_lowercase();
    let heading = (line.trim_end().ends_with(':') && toks.len() <= 8) || summary_title(line).is_some();
    // A result line under the command that ran it, `tbench 16: Throughput
    // …` (the form of Martin Mokrejs's `dbench 16:` lines, LKML 2001-09):
    // the prefix is all that tells tbench's Throughput from dbench's.
    let prefixed = toks.get(1).and_then(|c| c.strip_suffix(':')).is_some_and(|c| c.parse::<u32>().is_ok())
        && toks.get(2) == Some(&"Throughput");
    match first.as_str() {
        "dbench" | "tbench" if heading || prefixed => return Some(first == "tbench"),
        _ => {}
    }
    let (d, t) = (named("dbench"), named("tbench"));
    (toks.len() <= 4 && d != t && !line.trim_end().ends_with('.')).then_some(t)
}

/// `input` with the lines of the other program blanked, when it holds
/// both dbench's and tbench's output ([`tbench_lines`]); `None` when all
/// of it is one program's.
fn part_of(input: &Input, tbench: bool) -> Option<Input> {
    part_of_lines(input, &tbench_lines(input), tbench)
}

/// [`part_of`] with `input`'s [`tbench_lines`] already found (`lines`).
fn part_of_lines(input: &Input, lines: &[bool], tbench: bool) -> Option<Input> {
    if lines.iter().all(|&t| t) || lines.iter().all(|&t| !t) {
        return None;
    }
    let other: Vec<bool> = lines.iter().map(|&t| t != tbench).collect();
    Some(input.blanked(&other))
}

/// Options of dbench/tbench that take no argument (`-s`, O_SYNC; `-S`,
/// `--sync-dirs`; `-F`, `--fsync`; `-x`, `--xattr`): in `dbench -s 16` the
/// `16` is the client count, not `-s`'s value.
pub const NOARG: &[&str] = &[
    "-S",
    "-s",
    "-F",
    "-x",
    "-X",
    "--sync",
    "--fsync",
    "--xattr",
    "--sync-dir",
    "--sync-dirs",
    "--no-resolve",
    "--skip-cleanup",
    "--per-client-results",
    "--one-byte-write-fix",
    "--stat-check",
    "--fake-io",
    "--show-execute-time",
    "--run-once",
];

/// dbench's and tbench's long options and the short ones they stand for
/// (dbench 4's `--timelimit` is `-t`, `--sync` is `-s`).
const LONG_OPTIONS: [(&str, &str); 11] = [
    ("--timelimit", "-t"),
    ("--loadfile", "-c"),
    ("--directory", "-D"),
    ("--target-rate", "-R"),
    ("--backend", "-B"),
    ("--tcp-options", "-T"),
    ("--sync", "-s"),
    ("--sync-dir", "-S"),
    ("--sync-dirs", "-S"),
    ("--fsync", "-F"),
    ("--xattr", "-x"),
];

/// True for a short option with its value glued on (`-t60`, dbench's run
/// length: `-t` and `60`, not an option taking the client count after it).
pub fn is_glued_option(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() > 2 && b[0] == b'-' && b[1].is_ascii_alphabetic() && b[2].is_ascii_digit()
}

/// True for a short option with a path glued on (`-D/mnt/x`, `-c./client.txt`).
fn is_glued_path(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() > 2 && b[0] == b'-' && b[1].is_ascii_alphabetic() && matches!(b[2], b'/' | b'.' | b'~')
}

/// A dbench or tbench command line's words with each option spelled one
/// way, so that the same set-up written two ways is one: a long option as
/// its short one (`--sync` → `-s`, `--timelimit=60` → `-t 60`), a value
/// glued on split off (`-t60` → `-t 60`, `-D/mnt/x` → `-D /mnt/x`), the directory of `-D` without a
/// trailing `/` (`-D /mnt/x/` → `-D /mnt/x`). The other words as they are.
/// (`dbench -s 16` against `dbench --sync 16`, or `-D /mnt/x` against `-D
/// /mnt/x/`, were two set-ups never compared; `-t60` was no option.)
pub fn option_spelling<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&'a str> = Vec::with_capacity(words.len() + 1);
    for &w in words {
        let (name, value) = w.split_once('=').filter(|_| w.starts_with("--")).map_or((w, None), |(n, v)| (n, Some(v)));
        if let Some(&(_, short)) = LONG_OPTIONS.iter().find(|(long, _)| *long == name) {
            out.push(short);
            out.extend(value);
        } else if is_glued_option(w) || is_glued_path(w) {
            out.push(&w[..2]);
            out.push(&w[2..]);
        } else {
            out.push(w);
        }
    }
    for k in 1..out.len() {
        if out[k - 1] == "-D" && out[k].len() > 1 {
            out[k] = out[k].trim_end_matches('/');
        }
    }
    out
}

/// A dbench/tbench command line: returns the client count it asks for.
///
/// The command may be preceded only by `time`, `sudo`, `nice`, a shell
/// prompt, `sh -x`'s trace mark (`+ dbench 16`) or an lkp timestamp, so that prose ("I ran dbench 32 twice") is
/// not taken for a command.
pub fn command_count(line: &str) -> Option<u32> {
    if !line.contains("bench") {
        return None;
    }
    let toks: Vec<&str> = line.words().collect();
    let j = toks.iter().position(|t| matches!(base(t), "dbench" | "tbench"))?;
    let prefix_ok = toks[..j].iter().all(|t| {
        matches!(*t, "time" | "sudo" | "nice" | "$" | "#" | "%" | ">")
            || (!t.is_empty() && t.bytes().all(|b| b == b'+'))
            || t.ends_with("/time")
            || t.ends_with('$')
            || t.ends_with('#')
            || t.ends_with(']')
            || (t.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'-' | b':' | b'.')))
    });
    if !prefix_ok {
        return None;
    }
    let mut k = j + 1;
    while let Some(t) = toks.get(k) {
        if t.starts_with('-') && t.len() > 1 {
            let takes_arg = !t.contains('=') && !NOARG.contains(t) && !is_glued_option(t);
            let next_is_opt = toks.get(k + 1).is_some_and(|n| n.starts_with('-'));
            k += if takes_arg && !next_is_opt { 2 } else { 1 };
            continue;
        }
        if t.bytes().all(|b| b.is_ascii_digit()) {
            return t.parse().ok();
        }
        return None;
    }
    None
}

/// dbench 3.x/4.x's `Running for 60 seconds with load
/// '/usr/share/dbench/client.txt' and minimum warmup 12 secs` →
/// `[("loadfile", "client.txt"), ("timelimit", "60")]`: the load file
/// (its name, not its directory) and the run's length are the run's
/// set-up (dbench's `--loadfile`, `--timelimit`); `nfs.txt` against
/// `client.txt` is another workload.
fn running_for(line: &str) -> Option<Vec<(&'static str, String)>> {
    let rest = line.trim().strip_prefix("Running for ")?;
    let (secs, rest) = rest.split_once(" seconds with load '")?;
    let (load, _) = rest.split_once('\'')?;
    if secs.is_empty() || !secs.bytes().all(|b| b.is_ascii_digit()) || load.is_empty() {
        return None;
    }
    let name = load.rsplit('/').next().unwrap_or(load);
    Some(vec![("loadfile", name.to_string()), ("timelimit", secs.to_string())])
}

/// `16 clients started` → 16.
fn clients_started(line: &str) -> Option<u32> {
    let mut it = line.words();
    let n = it.next()?.parse().ok()?;
    (it.next()? == "clients" && it.next()? == "started").then_some(n)
}

/// The operation table header ` Operation  Count  AvgLat  MaxLat`.
fn is_table_header(line: &str) -> bool {
    let toks: Vec<&str> = line.words().collect();
    toks == ["Operation", "Count", "AvgLat", "MaxLat"]
}

/// `** WriteX        429696     3.960  2239.973` → (`**`, `WriteX …`): a
/// run of `*` and a space before an operation row, a poster's emphasis
/// mark (linux-btrfs 2021-02). `None` for any other line.
fn marked_row(t: &str) -> Option<(&str, &str)> {
    let rest = t.trim_start_matches('*');
    let mark = &t[..t.len() - rest.len()];
    (!mark.is_empty() && rest.starts_with(char::is_whitespace)).then(|| (mark, rest.trim_start()))
}

/// Reading state over one file.
struct Reader<'a> {
    input: &'a Input,
    out: ParsedFile,
    /// Client count of the latest command line (`dbench 32`); kept for
    /// every later run.
    cmd_procs: Option<u32>,
    /// `N clients started` since the last result, with its line: the
    /// count of the next run only.
    started: Option<(u32, usize)>,
    /// The last `N clients started` a result took: the count, its line,
    /// and the result's line (1-based).
    last_started: Option<(u32, usize, usize)>,
    pending: Vec<Sample>,
    pending_line: usize,
    /// First line after the pending operation table (0-based).
    pending_end: usize,
    /// Labels of the current block, outermost first.
    label: Vec<String>,
    /// First line after the last result read (0-based).
    floor: usize,
    /// `loadfile` and `timelimit` of the run being read, from its
    /// `Running for 60 seconds with load '…/client.txt' …` line.
    setup: Vec<(&'static str, String)>,
    /// The Markdown headings over the label lines read so far.
    headings: Headings,
    /// The scene the last label chain with one set (`Tested on ext4` of
    /// `Tested on ext4. Before:`) and the chain's first line (0-based).
    scene: Option<(String, usize)>,
    /// Each poster's average read alone (no run above it): its samples
    /// (`from..to` of `out.samples`), its line, and its printed decimals;
    /// one with runs of its set-up below it is theirs ([`Reader::averages_above_runs`]).
    lone: Vec<(usize, usize, usize, usize)>,
}

impl<'a> Reader<'a> {
    fn new(input: &'a Input, id: &'static str) -> Self {
        Reader {
            input,
            out: ParsedFile { benchmark: id.to_string(), ..Default::default() },
            cmd_procs: None,
            started: None,
            last_started: None,
            pending: Vec::new(),
            pending_line: 0,
            pending_end: 0,
            label: Vec::new(),
            floor: 0,
            setup: Vec::new(),
            headings: Headings::default(),
            scene: None,
            lone: Vec::new(),
        }
    }

    /// A poster's `Average:` line read alone (no run above it) with runs
    /// of its set-up below it (its label; its procs where both print one)
    /// is their summary, printed above them: never a sample (attack50 F4:
    /// `Average: Throughput 120.5 MB/sec 4 procs` over three runs was read
    /// as a mean of its own and said "runs not shown"). Its samples are
    /// dropped and its note says so, with the runs' mean.
    fn averages_above_runs(&mut self) {
        let param = |s: &Sample, name: &str| s.params.iter().find(|p| p.name == name).map(|p| p.value.clone());
        let mut dropped = vec![false; self.out.samples.len()];
        for &(from, to, line, places) in &self.lone {
            let Some(avg) = self.out.samples.get(from) else { continue };
            let count = |s: &Sample| param(s, "procs").or_else(|| param(s, "clients"));
            let runs: Vec<(usize, f64)> = self
                .out
                .samples
                .iter()
                .enumerate()
                .filter(|&(i, s)| {
                    !dropped[i]
                        && s.line > line
                        && s.metric.name == "Throughput"
                        && param(s, "stat").is_none()
                        && param(s, "label") == param(avg, "label")
                        && (count(s).is_none() || count(avg).is_none() || count(s) == count(avg))
                })
                .map(|(_, s)| (s.line, s.value.mean()))
                .collect();
            let (Some(first), Some(last)) = (runs.first(), runs.last()) else { continue };
            let value = avg.value.mean();
            let mean = runs.iter().map(|r| r.1).sum::<f64>() / runs.len() as f64;
            let ours = format!("{mean:.places$}");
            let verdict = if ours == format!("{value:.places$}") {
                format!("{AGREES_WITH_OUR_MEAN} {} run(s) read below, {ours} MB/sec", runs.len())
            } else {
                format!("the mean of the {} run(s) read below is {ours} MB/sec: they do not agree", runs.len())
            };
            let msg = format!(
                "a poster's average above the runs it sums up (lines {}-{}): their summary, not a run; its \
                 {value:.places$} MB/sec is not read ({verdict})",
                first.0, last.0
            );
            let to = to.min(dropped.len());
            dropped[from..to].fill(true);
            if let Some(note) = self.out.notes.iter_mut().find(|(n, m)| *n == line && m.contains(LONE_AVERAGE_READ)) {
                note.1 = msg;
            }
        }
        let mut i = 0;
        self.out.samples.retain(|_| {
            i += 1;
            !dropped[i - 1]
        });
    }

    /// Takes the labels above line `i`, if any, as the current block's.
    fn take_labels(&mut self, i: usize) {
        if let Some(Above { labels: chain, replaces, top, scene }) = labels_above(self.input, i, self.floor) {
            if replaces {
                self.label.truncate(self.label.len().saturating_sub(chain.len()));
                self.label.extend(chain);
            } else {
                // Under the Markdown headings open above it (`### ext4`).
                self.label = self.headings.over(self.input, top);
                // Under the scene set above it (`Tested on ext4. Before:`
                // over `After:`: the two file systems' `After:` runs were
                // averaged), until the next scene or heading; a kernel's
                // runs are its own.
                if scene.is_none()
                    && let Some((set, at)) = &self.scene
                    && !self.headings.opened_below(*at)
                    && !chain.first().is_some_and(|l| is_kernel_name(l))
                {
                    self.label.push(set.clone());
                }
                self.label.extend(chain);
            }
            if let Some(set) = scene {
                self.scene = Some((set, top));
            }
        } else if let Some(j) = prose_above(self.input, i, self.floor) {
            // A sentence where a label would be: no label (the results are
            // not those of the label above it), and a note.
            self.label.clear();
            let msg = format!(
                "{:?} above a result reads as a sentence, not a label: its results are read without one",
                self.input.lines[j].trim()
            );
            self.out.notes.push((j + 1, msg));
        }
    }

    /// An operation table left without its result line when the next run
    /// starts (its banner, its `Running for …` line, a command line, the
    /// next table) or the file ends: dbench 4 prints `Throughput …` right
    /// after the table, so the run was cut (a paste that lost lines, a run
    /// killed after its table): its figures are left out, with a note at
    /// the table naming it. The run's `loadfile`/`timelimit` go with it,
    /// and the next run reads its own.
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let at = self.pending_line;
        let msg = format!(
            "the run of the operation table on line {at} has no `Throughput` line after it (cut short): \
             its {} figures are not read",
            self.pending.len()
        );
        self.out.notes.push((at, msg));
        self.pending.clear();
        self.setup.clear();
        // Its table's header is no label of the next run.
        self.floor = self.floor.max(self.pending_end);
    }

    fn label_text(&self, prefix: Option<&str>, trailing: Option<&str>) -> Option<String> {
        let parts: Vec<&str> = self.label.iter().map(String::as_str).chain(prefix).chain(trailing).collect();
        (!parts.is_empty()).then(|| parts.join(" / "))
    }

    /// The run's count parameters: its own result line's, else the `N
    /// clients started` of its own output, else the latest command line's.
    fn run_params(&mut self, r: &Result4) -> Vec<(&'static str, u32)> {
        let started = self.started.take();
        let mut params = r.params.clone();
        let own = params.iter().find(|(n, _)| *n == "procs").map(|(_, v)| *v);
        if let (Some(own), Some((n, at))) = (own, started)
            && own != n
        {
            let msg = format!("line {at} started {n} clients but the result on line {} says {own} procs", r.line);
            self.out.notes.push((r.line, msg));
        }
        if params.is_empty() {
            if let Some(n) = started.map(|(n, _)| n).or(self.cmd_procs) {
                params.push(("procs", n));
            } else if let Some((n, at, prev)) = self.last_started {
                // One `32 clients started` and two results under it (a
                // paste that lost the second run's line, attack59 F11): the
                // second run's count is not known, and it was a set-up of
                // its own with no word.
                let msg = format!(
                    "no `N clients started` line for this result: line {at}'s {n} clients were the result's on line {prev}, so this run's client count is not known (it is not compared with runs of a known count)"
                );
                self.out.notes.push((r.line, msg));
            }
        }
        if let Some((n, at)) = started {
            self.last_started = Some((n, at, r.line));
        }
        params
    }

    /// What the runs read above say of a poster's own average `value`
    /// (MB/sec, printed with `places` decimals): it agrees with their mean
    /// to those decimals ([`AGREES_WITH_OUR_MEAN`], an information), or
    /// their mean, or that no run was read above it. The runs are the
    /// Throughput samples of the current label.
    fn mean_of_runs_above(&self, value: f64, places: usize) -> String {
        let runs = self.runs_above();
        match runs.len() {
            0 => "no run read above it to check it against".to_string(),
            n => {
                let mean = runs.iter().sum::<f64>() / n as f64;
                let ours = format!("{mean:.places$}");
                if ours == format!("{value:.places$}") {
                    format!("{AGREES_WITH_OUR_MEAN} {n} run(s) read above, {ours} MB/sec")
                } else {
                    format!("the mean of the {n} run(s) read above is {ours} MB/sec: they do not agree")
                }
            }
        }
    }

    /// The Throughput figures read so far under the current label (the
    /// runs a poster's `Average:` line below them averages).
    fn runs_above(&self) -> Vec<f64> {
        let label = self.label_text(None, None);
        self.out
            .samples
            .iter()
            .filter(|s| {
                s.metric.name == "Throughput"
                    && s.params.iter().find(|p| p.name == "label").map(|p| p.value.as_str()) == label.as_deref()
            })
            .map(|s| s.value.mean())
            .collect()
    }

    /// Reads the result starting on line `i`; returns the index of its last
    /// line (with any time report after it).
    fn result(&mut self, i: usize, r: Result4) -> Result<usize, ParseError> {
        let params = self.run_params(&r);
        let mut last = r.last_idx;
        // `Average: Throughput 1234.82 MB/sec` under `Run 1: …` … `Run 3:
        // …`: the poster's own average of the runs above, no run (afix46b:
        // it was a set-up `Average` of its own). Passed over, said, with
        // the mean of the runs read above under the same label.
        // With no run read above it (runs trimmed away, or an average
        // typed by hand alone) it is the one figure of its set-up: read as
        // one sample of the poster's mean (`stat` mean, kept apart from
        // plain runs, as `best of 3` is), with a warning (afix49b: it was
        // warned of and not read).
        let lone_average = r.prefix_label.as_deref().is_some_and(is_hand_average) && self.runs_above().is_empty();
        if lone_average {
            let msg = format!(
                "`{}:` before this result, and no run read above it (runs trimmed away, or a hand-made average): \
                 {LONE_AVERAGE_READ}",
                r.prefix_label.as_deref().unwrap_or_default()
            );
            self.out.notes.push((r.line, msg));
        } else if r.prefix_label.as_deref().is_some_and(is_hand_average) {
            // To the poster's printed step (`1250.00` has two decimals;
            // the value alone, 1250, has none).
            let places = r.throughput_step.map_or_else(|| decimals_of(r.throughput), decimals_of);
            let places = usize::try_from(places).unwrap_or(0);
            let ours = self.mean_of_runs_above(r.throughput, places);
            let msg = format!(
                "`{}:` before this result: the poster's own average of the runs above, not a run; its {:.places$} \
                 MB/sec is not read ({ours})",
                r.prefix_label.as_deref().unwrap_or_default(),
                r.throughput
            );
            self.out.notes.push((r.line, msg));
            self.pending.clear();
            self.floor = last + 1;
            return Ok(last);
        }
        // `create 0 procs?  you must be kidding.` and then `Throughput 0
        // MB/sec 0 clients 0 procs`: a run of no client is no result.
        if params.iter().any(|(n, v)| *v == 0 && (*n == "procs" || *n == "clients")) && r.throughput == 0.0 {
            self.out.notes.push((r.line, "a run of 0 clients (dbench refused it) is no result; not read".to_string()));
            self.pending.clear();
            self.floor = last + 1;
            return Ok(last);
        }
        // dbench's clients report a failed operation (3.x `[2345] write
        // failed on handle 10006 (No space left on device)`; 4.x `ERROR:
        // child 3 failed at line 1234`) and run on: the throughput is a
        // failed run's.
        let top = self.floor.min(r.line.saturating_sub(1));
        if let Some(at) = (top..r.line.saturating_sub(1)).find(|&j| client_failed(&self.input.lines[j])) {
            let msg = format!(
                "a dbench client failed (line {}: `{}`): this run's result is not read",
                at + 1,
                self.input.lines[at].trim()
            );
            self.out.notes.push((r.line, msg));
            self.pending.clear();
            self.floor = last + 1;
            return Ok(last);
        }
        // `Throughput 0 MB/sec 16 procs` from clients that ran: a run that
        // moved no byte failed (attack25 f/db0.txt); 0 is no throughput.
        if r.throughput == 0.0 {
            let msg = "a throughput of 0 MB/sec: the run did no work (a failed run); not read".to_string();
            self.out.notes.push((r.line, msg));
            self.pending.clear();
            self.floor = last + 1;
            return Ok(last);
        }
        let timed = time_after(self.input, i, r.last_idx)?;
        // A result line without its count (1.x's `Throughput 135.02 MB/sec
        // (NB=…)`, the `16 procs` left off) timed by zsh or csh, whose
        // record starts with the command (`./dbench 16  12.11s user …`,
        // LKML 2002, wild32 file 05): its count is the run's.
        let mut params = params;
        if !params.iter().any(|(n, _)| matches!(*n, "procs" | "clients"))
            && let Some(first) = timed.as_ref().and_then(|t| t.samples.iter().map(|s| s.line).min())
            && let Some(n) = command_count(&self.input.lines[first - 1])
        {
            params.push(("procs", n));
        }
        // GNU time's `Command exited with non-zero status 1` above the
        // run's `time` record: dbench itself failed, and its throughput is
        // a failed run's.
        if let Some(t) = &timed
            && let Some(at) = t.failed
        {
            let msg = format!(
                "the `time` record after this run timed a command that failed (line {at}: `{}`): \
                 this run's result is not read",
                super::failed::quote(&self.input.lines[at - 1])
            );
            self.out.notes.push((r.line, msg));
            self.pending.clear();
            self.setup.clear();
            self.floor = t.last_idx.max(last) + 1;
            return Ok(t.last_idx.max(last));
        }
        let glued_time = timed.is_some() && gnu_record_at(self.input, i)?.is_some();
        let trailing = if glued_time { None } else { r.trailing.as_deref() };
        let prefix = if lone_average { None } else { r.prefix_label.as_deref() };
        let label = self.label_text(prefix, trailing);
        let setup = std::mem::take(&mut self.setup);
        let sync = (!r.sync.is_empty()).then(|| r.sync.join(", "));
        let push = |out: &mut ParsedFile, s: Sample| {
            let mut s = setup.iter().fold(with_params(s, &params), |s, (n, v)| s.with_param(*n, v));
            if let Some(sync) = &sync {
                s = s.with_param("sync", sync);
            }
            if lone_average {
                s = s.with_param("stat", "mean");
            }
            out.samples.push(with_label(s, label.as_deref()))
        };
        let from = self.out.samples.len();
        // A result line prints `MB/sec` (any other unit is refused,
        // `result::other_unit`): shown as printed, compared as `MB/s`.
        let tm = Metric::new("Throughput", "MB/s", Better::Higher).unit_printed_as("MB/sec");
        let mut throughput = Sample::new(tm, r.throughput, r.line);
        throughput.step = r.throughput_step;
        push(&mut self.out, throughput);
        if let Some((lat, l)) = r.max_latency {
            let mut s = Sample::new(Metric::new("max_latency", "ms", Better::Lower), lat, l);
            s.step = r.max_latency_step;
            push(&mut self.out, s);
            if r.qp_latency {
                self.out.notes.push((l, "`max_latency=3D…`: quoted-printable `=3D` read as `=`".to_string()));
            }
        }
        for s in std::mem::take(&mut self.pending) {
            push(&mut self.out, s);
        }
        if let Some(t) = timed {
            for s in t.samples {
                push(&mut self.out, s.with_group("time"));
            }
            last = last.max(t.last_idx);
        }
        if lone_average {
            let places = r.throughput_step.map_or_else(|| decimals_of(r.throughput), decimals_of);
            self.lone.push((from, self.out.samples.len(), r.line, usize::try_from(places).unwrap_or(0)));
        }
        self.floor = last + 1;
        Ok(last)
    }

    /// Reads operation table rows from line `i`; returns the first line
    /// after the table.
    fn table(&mut self, mut i: usize) -> Result<usize, ParseError> {
        while let Some(line) = self.input.lines.get(i) {
            let t = line.trim();
            if t.is_empty() {
                return Ok(i + 1);
            }
            // The result line, or the next run's start with the blank
            // line and `Throughput` line of this one cut (attack26
            // f/d4cut.txt): `line` reads it.
            if t.starts_with("Throughput")
                || t.starts_with("dbench version ")
                || running_for(line).is_some()
                || command_count(line).is_some()
                || is_table_header(line)
            {
                return Ok(i);
            }
            if !t.bytes().all(|b| b == b'-') {
                let row = table_row(line).or_else(|| {
                    // `** WriteX   429696   3.960  2239.973`: a poster's
                    // mark on a row they discuss (linux-btrfs 2021-02,
                    // wild36c F1), no part of the operation's name.
                    let (mark, rest) = marked_row(t)?;
                    let row = table_row(rest)?;
                    let msg = format!(
                        "`{mark}` before the {} row is the poster's mark, not part of the operation's name: the row read without it",
                        row.name
                    );
                    self.out.notes.push((i + 1, msg));
                    Some(row)
                });
                let Some(OpRow { name, count, avg, max }) = row else {
                    return Err(ParseError::malformed(i + 1, "an operation row `Name Count AvgLat MaxLat`", t));
                };
                // `lush  20563  0.128  52.014` under `WriteX` (linux-btrfs
                // 2021-02, wild: `Flush` lost its first letter in a quote):
                // read as an operation dbench never prints. Its figures
                // belong to an operation the name does not say for sure.
                if let Some(op) = op_one_letter_off(name) {
                    let msg = format!(
                        "operation row `{name}` is no operation dbench prints, one letter off `{op}` (a name cut or \
                         mistyped in the post): its figures are not read"
                    );
                    self.out.notes.push((i + 1, msg));
                    i += 1;
                    continue;
                }
                let g = |m: String, unit: &str, b: Better, v: f64| {
                    Sample::new(Metric::new(m, unit, b), v, i + 1).with_group("operations")
                };
                // Each latency keeps the step it was printed to: `12.800`
                // read back from its value alone showed as `12.8`
                // (newcomer58, lkp-dbench4-128procs.txt line 30).
                let lat = |m: String, (v, step): (f64, Option<f64>)| {
                    let mut s = g(m, "ms", Better::Lower, v);
                    s.step = step;
                    s
                };
                self.pending.push(g(format!("{name} Count"), "", Better::Neither, count));
                self.pending.push(lat(format!("{name} AvgLat"), avg));
                self.pending.push(lat(format!("{name} MaxLat"), max));
            }
            i += 1;
        }
        Ok(i)
    }

    /// Handles line `i`; returns the next line to read.
    fn line(&mut self, i: usize) -> Result<usize, ParseError> {
        let line = self.input.lines[i].as_str();
        if let Some(rest) = line.trim().strip_prefix("dbench version ") {
            // The next run's banner: a table still waiting for its result
            // line was a cut run's.
            self.flush();
            if self.out.version.is_none() {
                self.out.version = rest.words().next().map(str::to_string);
            }
        }
        if let Some(n) = command_count(line) {
            self.flush();
            self.take_labels(i);
            self.cmd_procs = Some(n);
            self.started = None;
            self.setup.clear();
            return Ok(i + 1);
        }
        if let Some(setup) = running_for(line) {
            self.flush();
            self.setup = setup;
            return Ok(i + 1);
        }
        if let Some(n) = clients_started(line) {
            self.take_labels(i);
            self.started = Some((n, i + 1));
            return Ok(i + 1);
        }
        if is_table_header(line) {
            self.flush();
            self.take_labels(i);
            self.pending_line = i + 1;
            self.pending_end = self.table(i + 1)?;
            return Ok(self.pending_end);
        }
        if may_have_result(line)
            && let Some(why) = cut_result(self.input, i)
                .or_else(|| other_unit(self.input, i))
                .or_else(|| figure_before_word(self.input, i))
                .or_else(|| broken_figure(self.input, i))
        {
            self.out.notes.push((i + 1, why));
            // The `time` record right under it timed that run: not read
            // either (alone, a later round read it as a build's time).
            if let Ok(Some(rec)) = time_after(self.input, i + 1, i)
                && let Some(first) = rec.samples.iter().map(|s| s.line).min()
            {
                let msg = format!("the `time` record of the dbench run on line {} (not read): not read", i + 1);
                self.out.notes.push((first, msg));
                return Ok(rec.last_idx + 1);
            }
            return Ok(i + 1);
        }
        if may_have_result(line)
            && let Some(r) = read_result(self.input, i)?
        {
            if self.pending.is_empty() {
                self.take_labels(i);
            }
            return Ok(self.result(i, r)? + 1);
        }
        // A poster's script's own average line without the word
        // `Throughput` (`awk … print "Average: " tot/NR " MB/sec"`, Paolo
        // Ciarrocchi's script, LKML 2002-11): not a run, and said, never
        // passed over without a word.
        if let Some((prefix, value, places)) = bare_hand_average(line) {
            // Alone (no run read above it under its label): the one figure
            // of its set-up, read as one sample of the poster's mean.
            if self.runs_above().is_empty() {
                let msg = format!(
                    "`{prefix}:` line with no run read above it (runs trimmed away, or a hand-made average): \
                     {LONE_AVERAGE_READ}"
                );
                self.out.notes.push((i + 1, msg));
                let mut s = Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), value, i + 1);
                s.step = Some(10f64.powi(-i32::try_from(places).unwrap_or(0)));
                let label = self.label_text(None, None);
                self.lone.push((self.out.samples.len(), self.out.samples.len() + 1, i + 1, places));
                self.out.samples.push(with_label(s.with_param("stat", "mean"), label.as_deref()));
                return Ok(i + 1);
            }
            let ours = self.mean_of_runs_above(value, places);
            let msg = format!(
                "`{prefix}:` line: the poster's own average of the runs above, not a run; its {value:.places$} MB/sec \
                 is not read ({ours})"
            );
            self.out.notes.push((i + 1, msg));
        }
        Ok(i + 1)
    }

    fn finish(mut self, id: &'static str) -> Result<ParsedFile, ParseError> {
        self.flush();
        self.averages_above_runs();
        if self.out.samples.is_empty() {
            let failed = |m: &str| {
                m.starts_with("a dbench client failed")
                    || m.starts_with("a throughput of 0 MB/sec")
                    || m.starts_with("the `time` record after this run timed a command that failed")
            };
            let reason = match self.out.notes.iter().find(|(_, m)| failed(m)) {
                Some((n, m)) => format!("line {n}: {m}"),
                None => "no `Throughput … MB/sec` line or operation table".into(),
            };
            return Err(ParseError::NoResults { benchmark: id, reason });
        }
        self.headings.drop_common(&mut self.out.samples);
        drop_single_label(&mut self.out.samples);
        kernels_of_labels(&mut self.out.samples);
        Ok(self.out)
    }
}

/// The words of the note on a poster's `Average: Throughput …` line whose
/// figure is the mean of the runs read above it (an information, no
/// warning: [`crate::parse::note_is_info`]).
pub(crate) const AGREES_WITH_OUR_MEAN: &str = "it agrees with the mean of the";

/// The words of the warning on a poster's `Average:` result with no run
/// read above it, read as one sample of `stat` mean.
pub(crate) const LONE_AVERAGE_READ: &str = "read as one sample, the poster's mean of runs not shown (stat mean), kept \
                                            apart from plain runs";

/// `Average`, `avg`, `Mean`, `Average of 3 runs`, `avg (3 runs)`: a
/// result line's prefix ([`Result4::prefix_label`]) that makes its figure
/// the poster's own average of the runs above it, not a run of a set-up
/// of that name.
fn is_hand_average(prefix: &str) -> bool {
    let lower = prefix.trim().to_ascii_lowercase();
    let Some(rest) = ["average", "avg", "mean"].iter().find_map(|w| lower.strip_prefix(w)) else {
        return false;
    };
    let rest = rest.trim().trim_start_matches(['(', '.']).trim_end_matches(')').trim();
    let rest = rest.strip_prefix("of ").unwrap_or(rest).trim();
    let rest = rest.trim_end_matches("runs").trim_end_matches("run").trim();
    rest.is_empty() || rest.bytes().all(|b| b.is_ascii_digit())
}

/// `Average: 1234.82 MB/sec` (a prefix [`is_hand_average`] takes, a colon,
/// one figure in `MB/sec` or `MB/s` and nothing else): the prefix, the
/// figure and its printed decimals. A line starting with another letter
/// than `A`, `a`, `M` or `m`, or without a colon, is none at once.
fn bare_hand_average(line: &str) -> Option<(&str, f64, usize)> {
    let line = line.trim();
    if !matches!(line.bytes().next(), Some(b'A' | b'a' | b'M' | b'm')) {
        return None;
    }
    let (prefix, rest) = line.split_once(':')?;
    if !is_hand_average(prefix) {
        return None;
    }
    let mut words = rest.words();
    let (figure, unit) = (words.next()?, words.next()?);
    if words.next().is_some() || !matches!(unit, "MB/sec" | "MB/s") {
        return None;
    }
    let value = plain(figure)?;
    let places = figure.split_once('.').map_or(0, |(_, d)| d.len());
    Some((prefix.trim(), value, places))
}

fn parse_common(input: &Input, id: &'static str) -> Result<ParsedFile, ParseError> {
    let mut r = Reader::new(input, id);
    let mut i = 0;
    while i < input.lines.len() {
        i = r.line(i)?;
    }
    summary_tables(input, &mut r.out);
    baseline_tables(input, &mut r.out);
    elapsed_tables(input, &mut r.out);
    r.finish(id)
}

/// The header of a post's table of dbench runs (Daniel Phillips, LKML
/// 2000-12): `Kernel  Throughput  Elapsed Time`.
fn elapsed_header(line: &str) -> bool {
    line.words().eq(["Kernel", "Throughput", "Elapsed", "Time"])
}

/// The process count of a `Test: dbench 48` line: the last word, after
/// `dbench`.
fn test_line_procs(line: &str) -> Option<u32> {
    match line.words().collect::<Vec<_>>().as_slice() {
        [.., "dbench", n] => n.parse().ok(),
        _ => None,
    }
}

/// A post's table under [`elapsed_header`] (a dashed rule under it, rows
/// `2.2.16  3.1 MB/sec  33 min 53 secs`): each row's Throughput (MB/s) of
/// its kernel, with `procs` from a `Test: dbench 48` line in the five
/// lines above the header (none: no `procs`); the Elapsed Time the poster
/// timed is not read (a note). A line of other words ends the table. In
/// such a file, a line starting with a figure in `MB/s` (a poster's own
/// summary of a run) is warned of, not read.
fn elapsed_tables(input: &Input, out: &mut ParsedFile) {
    if !(input.has("Elapsed") && input.has("dbench")) {
        return;
    }
    let mut inside: Option<Option<u32>> = None;
    for (i, line) in input.lines.iter().enumerate() {
        if elapsed_header(line) {
            let procs = input.lines[i.saturating_sub(5)..i].iter().rev().find_map(|l| test_line_procs(l));
            inside = Some(procs);
            let msg = "a table of dbench runs: Throughput read, the Elapsed Time column (timed by the poster) not read";
            out.notes.push((i + 1, msg.into()));
            continue;
        }
        let Some(procs) = inside else {
            // A poster's own line of a run (Ed Tomlinson's reply above the
            // quoted table: `7.3 MB/s  54.7s user  159.6s system …`).
            let w: Vec<&str> = line.words().take(2).collect();
            if let [v, "MB/s"] = w.as_slice()
                && plain(v).is_some()
            {
                let msg = format!("`{}`: a dbench figure typed by hand, not read", line.trim());
                out.notes.push((i + 1, msg));
            }
            continue;
        };
        let t = line.trim();
        if t.is_empty() || t.bytes().all(|b| b == b'-' || b == b' ') {
            continue;
        }
        let w: Vec<&str> = t.words().collect();
        let row = match w.as_slice() {
            [kernel, v, "MB/sec", .., "secs"] => plain(v).map(|v| (*kernel, v)),
            _ => None,
        };
        let Some((kernel, v)) = row else {
            inside = None;
            continue;
        };
        let mut s = Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), v, i + 1);
        if let Some(n) = procs {
            s = s.with_param("procs", n);
        }
        s = if is_kernel_name(kernel) { s.with_kernel(kernel) } else { s.with_param("label", kernel) };
        out.samples.push(s);
    }
}

/// The header of a post's table of dbench averages against a baseline
/// (Paolo Ciarrocchi, LKML 2002-11, TABs): `Kernel  N  Average  Baseline
/// Ratio`.
fn baseline_header(line: &str) -> bool {
    line.words().eq(["Kernel", "N", "Average", "Baseline", "Ratio"])
}

/// A post's table under [`baseline_header`] (rows `2.4.19\t\t2\t46.6689\t\t46.6689\t\t1.000`,
/// blank lines between process counts): each row's Average is its
/// kernel's Throughput (MB/s, the post's loop prints `MB/sec`) with `procs`
/// its N, a single value (a mean of runs the table does not count, with a
/// warning); Baseline (the first kernel's Average) and Ratio are derived
/// and not read. A line of other words ends the table; a line of a row's
/// figures that is no whole row (cut, a kernel name with a blank) is said
/// and the rows below it read. A kernel's row of one N typed again is a
/// row of its own (`rerun printed again`), said. Only in a file that names
/// dbench.
fn baseline_tables(input: &Input, out: &mut ParsedFile) {
    if !(input.has("Baseline") && input.has("dbench")) {
        return;
    }
    let mut inside = false;
    // The rows read under the header above: (kernel, N, line).
    let mut rows: Vec<(String, u32, usize)> = Vec::new();
    let mut header_line = 0;
    for (i, line) in input.lines.iter().enumerate() {
        if baseline_header(line) {
            inside = true;
            rows.clear();
            header_line = i + 1;
            let msg = "a table of dbench averages: each Average read as a single value (a mean of runs the table \
                       does not count); Baseline and Ratio, derived from the Averages, not read";
            out.notes.push((i + 1, msg.into()));
            continue;
        }
        if !inside || line.trim().is_empty() {
            continue;
        }
        let w: Vec<&str> = line.words().collect();
        let row = match w.as_slice() {
            [kernel, n, avg, base, ratio] if plain(base).is_some() && plain(ratio).is_some() => {
                n.parse::<u32>().ok().zip(plain(avg)).map(|(n, v)| (*kernel, n, v))
            }
            _ => None,
        };
        let Some((kernel, procs, v)) = row else {
            // Figures after one or two words (attack42 F11 and F15: a last
            // row cut in its Average, `2.5.45 mm1` with a blank): a row not
            // read, said; the table goes on.
            let figures = w.iter().rev().take_while(|c| plain(c).is_some()).count();
            if w.len() >= 3 && figures >= 2 && w.len() - figures <= 2 {
                out.notes.push((
                    i + 1,
                    format!(
                        "a row of the table of line {header_line} that is not `Kernel  N  Average  Baseline  Ratio` \
                         (cut, or a kernel name with a blank): not read"
                    ),
                ));
                continue;
            }
            inside = false;
            continue;
        };
        let mut s = Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), v, i + 1).with_param("procs", procs);
        s = if is_kernel_name(kernel) { s.with_kernel(kernel) } else { s.with_param("label", kernel) };
        // A kernel's row of one N typed twice (attack42 F5, `2.5.44  8`
        // 32.0691 then 12.0691): a rerun or a paste, not a second run.
        match rows.iter().find(|(k, n, _)| k == kernel && *n == procs) {
            Some(&(_, _, first)) => {
                s = crate::parse::repeats::printed_again(s);
                out.notes.push((
                    i + 1,
                    format!(
                        "`{kernel}` with N {procs} printed again in the table of line {header_line} (first on line \
                         {first}): a rerun or the row pasted twice, not another run; read as a row of its own \
                         (`rerun printed again`), not averaged with it"
                    ),
                ));
            }
            None => rows.push((kernel.to_string(), procs, i + 1)),
        }
        out.samples.push(s);
    }
}

/// Words before `of N runs` in a chart's title that make each figure one
/// run picked from N (`best of 3 runs`), not their mean.
const PICKED_OF_RUNS: [&str; 10] =
    ["best", "worst", "max", "maximum", "min", "minimum", "highest", "lowest", "peak", "median"];

/// Words before `N of M runs` in a chart's title that make each figure a
/// mean of N runs chosen from M (`average of best 3 of 5 runs`).
const CHOSEN_OF_RUNS: [&str; 5] = ["best", "top", "fastest", "worst", "last"];

/// `(average of best 3 of 5 runs)`: the words before the chosen count,
/// the count chosen (3) and the runs it was chosen from (5), from a title's
/// words (lower-cased, split at other characters than letters and digits).
fn chosen_of_runs<'a>(words: &[&'a str]) -> Option<(&'a str, u32, u32)> {
    words.windows(5).find_map(|w| match w {
        [pick, n, "of", m, "runs"] if CHOSEN_OF_RUNS.contains(pick) => {
            let (n, m) = (n.parse().ok()?, m.parse().ok()?);
            (n >= 1 && n < m).then_some((*pick, n, m))
        }
        _ => None,
    })
}

/// A posted summary table's title (Randy Hron's posts): `dbench reiserfs
/// 192 processes  average (5 runs)` → (`reiserfs`, 192, Some(5)); also
/// `tbench 32 processes (average of 3 runs)` → (``, 32, Some(3)).
fn summary_title(line: &str) -> Option<(String, u32, Option<u32>)> {
    title_parts(line).filter(|_| line.to_ascii_lowercase().contains("average"))
}

/// The parts of a title `dbench|tbench [<fs>] <N> processes|procs|clients
/// [ … (<runs> runs)]`, with or without `average` in it: (fs, N, runs).
fn title_parts(line: &str) -> Option<Title> {
    let t = line.trim();
    // Lowered only when it starts `dbench ` or `tbench `.
    let start = t.as_bytes().get(..7)?;
    if !(start.eq_ignore_ascii_case(b"dbench ") || start.eq_ignore_ascii_case(b"tbench ")) {
        return None;
    }
    let lower = t.to_ascii_lowercase();
    let rest = lower.strip_prefix("dbench ").or_else(|| lower.strip_prefix("tbench "))?;
    let words: Vec<&str> = rest.words().collect();
    let pos = words.iter().position(|w| matches!(*w, "processes" | "procs" | "clients"))?;
    let n: u32 = words.get(pos.checked_sub(1)?)?.parse().ok()?;
    let fs = words[..pos - 1].join(" ");
    // The count before `runs` in the parenthesis: `(5 runs)`, `(average
    // of 3 runs)`.
    let runs = rest.split_once('(').and_then(|(_, r)| {
        let w: Vec<&str> = r.words().collect();
        let k = w.iter().position(|w| w.trim_end_matches(')') == "runs")?;
        w.get(k.checked_sub(1)?)?.parse().ok()
    });
    Some((fs, n, runs))
}

/// A row of a bar chart typed by hand under a dbench/tbench title (Randy
/// Hron, LKML 2002): `2.4.17-rmap12f   **********   5.0  MB/sec` →
/// (kernel, MB/s). The bar is stars only; the unit `MB/sec` is required.
fn bar_row(line: &str) -> Option<(&str, f64)> {
    match line.words().collect::<Vec<_>>().as_slice() {
        [kernel, bar, v, "MB/sec"] if bar.bytes().all(|b| b == b'*') => plain(v).map(|v| (*kernel, v)),
        _ => None,
    }
}

/// A row of a list typed by hand: a kernel's name and one number
/// (`2.4.19-pre7-ac2          103.98`).
fn kernel_figure_row(line: &str) -> Option<(&str, f64)> {
    match line.words().collect::<Vec<_>>().as_slice() {
        [kernel, v] if is_kernel_name(kernel) => plain(v).map(|v| (*kernel, v)),
        _ => None,
    }
}

/// A title's parts, as [`title_parts`] gives them.
type Title = (String, u32, Option<u32>);

/// A bar chart's or a hand list's title: a title of [`title_parts`]
/// (`dbench 128 processes`, `tbench 192 processes`; no `average` needed)
/// right above a [`bar_row`] or a [`kernel_figure_row`]. The bool is true
/// for a bar chart.
fn bar_title(lines: &[String], i: usize) -> Option<(Title, bool)> {
    let title = title_parts(&lines[i])?;
    let next = lines.get(i + 1)?;
    let bars = bar_row(next).is_some();
    (bars || kernel_figure_row(next).is_some()).then_some((title, bars))
}

/// Reads posted summary tables: a [`summary_title`] line, then one row per
/// kernel, `<kernel>  <MB/s>`, up to a blank line. The title's `(5 runs)`
/// makes each value a summary of that many runs; without it the values are
/// averages over an unstated number of runs, read as single values with a
/// note. A row that is not a kernel and one number is a note.
///
/// Also a bar chart or a list typed by hand ([`bar_title`], rows
/// [`bar_row`] or [`kernel_figure_row`]): each row's figure is its
/// kernel's Throughput (MB/s); under a title that says `average of N runs`
/// a summary of N runs, else a single value with a note at the title. A
/// kernel listed twice under one title is a row of its own
/// ([`crate::parse::repeats::printed_again`], with a note at the second
/// row), never averaged with the first (afix43d F9).
fn summary_tables(input: &Input, out: &mut ParsedFile) {
    let mut i = 0;
    while i < input.lines.len() {
        let (title, bars) = match summary_title(&input.lines[i]) {
            Some(t) => (t, input.lines.get(i + 1).is_some_and(|l| bar_row(l).is_some())),
            None => match bar_title(&input.lines, i) {
                Some((t, bars)) => (t, bars),
                None => {
                    i += 1;
                    continue;
                }
            },
        };
        let (fs, procs, runs) = title;
        let lower = input.lines[i].to_ascii_lowercase();
        let title_words: Vec<&str> =
            lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
        let averaged = lower.contains("average") || title_words.contains(&"mean");
        // `(best of 3 runs)`, `(max of 3 runs)`, `(min of 3 runs)` (attack43
        // F6: read as means of 3 runs while the note said single values):
        // one figure of that kind, no mean, no spread; only `average of N`
        // or `mean of N` makes each figure a mean of N runs.
        // `(average of best 3 of 5 runs)` (attack44 F8: read as a mean of
        // 5): each figure a mean of the 3 chosen, said so.
        let chosen = chosen_of_runs(&title_words).filter(|_| averaged);
        let runs = match chosen {
            Some((p, n, m)) => {
                let msg = format!(
                    "each figure is the mean of the {p} {n} of {m} runs (the others left out): read as a mean of {n} \
                     runs, not {m}"
                );
                out.notes.push((i + 1, msg));
                Some(n)
            }
            None => runs,
        };
        let pick = title_words
            .windows(2)
            .find(|w| w[1] == "of" && PICKED_OF_RUNS.contains(&w[0]) && chosen.is_none())
            .map(|w| match w[0] {
                "maximum" | "highest" | "peak" => "max",
                "minimum" | "lowest" => "min",
                w => w,
            });
        let of = runs.map_or("several runs".to_string(), |n| format!("{n} runs"));
        let runs = runs.filter(|_| averaged);
        if averaged && runs.is_none() {
            out.notes.push((i + 1, "averages over an unstated number of runs, read as single values".into()));
        }
        if !averaged {
            let what = if bars { "a bar chart" } else { "a list" };
            let msg = match pick {
                Some(p) => format!(
                    "{what} typed by hand under a title naming the {p} of {of}: each figure read as a single \
                     value in MB/s, that {p} (no mean, no spread), kept apart from means by `stat={p}`"
                ),
                None => format!(
                    "{what} typed by hand under a title naming no average: each figure read as a single value in \
                     MB/s, as the program prints (whether it is one run or a mean is not said)"
                ),
            };
            out.notes.push((i + 1, msg));
        }
        // Hron's `tbench 192 processes  Average  High  Low` (LKML 2003-04):
        // each row's Average is read; High and Low, the best and the worst
        // of the runs averaged, are not.
        let title_words: Vec<String> = input.lines[i].words().map(str::to_ascii_lowercase).collect();
        let high_low = title_words.ends_with(&["average".to_string(), "high".to_string(), "low".to_string()]);
        if high_low {
            let msg = "the High and Low columns (the best and the worst of the runs averaged) are not read";
            out.notes.push((i + 1, msg.into()));
        }
        let title_line = i + 1;
        // Kernels listed under this title: (kernel, line).
        let mut listed: Vec<(String, usize)> = Vec::new();
        i += 1;
        while let Some(line) = input.lines.get(i).filter(|l| !l.trim().is_empty()) {
            let words: Vec<&str> = line.words().collect();
            let row = match (words.as_slice(), words.last().and_then(|w| plain(w))) {
                ([kernel, _], Some(v)) => Some((*kernel, v)),
                // The unit after the first row's figure only (`2.4.19-rc5-aa1
                // 179.61 MB/second`, Randy Hron, LKML 2002-09): that row was
                // left out, a warning said so.
                ([kernel, v, "MB/second" | "MB/sec" | "MB/s"], _) if !high_low => plain(v).map(|v| (*kernel, v)),
                ([kernel, avg, high, low] | [kernel, avg, high, low, "MB/sec"], _) if high_low => {
                    match (plain(avg), plain(high), plain(low)) {
                        (Some(a), Some(h), Some(l)) if l <= a && a <= h => Some((*kernel, a)),
                        _ => None,
                    }
                }
                _ => bar_row(line),
            };
            match row {
                Some((kernel, v)) => {
                    let mut s = Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), v, i + 1)
                        .with_kernel(kernel)
                        .with_param("procs", procs);
                    if !fs.is_empty() {
                        s = s.with_param("fs", &fs);
                    }
                    if let Some(p) = pick.filter(|_| !averaged) {
                        s = s.with_param("stat", p);
                    }
                    if let Some(n) = runs {
                        s = s.with_summary(v, None, n);
                    }
                    match listed.iter().find(|(k, _)| k == kernel) {
                        Some(&(_, first)) => {
                            s = crate::parse::repeats::printed_again(s);
                            out.notes.push((
                                i + 1,
                                format!(
                                    "`{kernel}` listed again under the title of line {title_line} (first on line \
                                     {first}): a rerun or the row typed twice, not another run; read as a row of its \
                                     own (`rerun printed again`), not averaged with it"
                                ),
                            ));
                        }
                        None => listed.push((kernel.to_string(), i + 1)),
                    }
                    out.samples.push(s);
                }
                None => out.notes.push((i + 1, "expected a summary row `<kernel>  <MB/s>`; not read".into())),
            }
            i += 1;
        }
    }
}

/// The literals `base_score` needs one of to score: the banner, a
/// result's `MB/sec`, the table's `AvgLat`, a summary's `processes`,
/// `Baseline` or `Elapsed`, a command line's `bench`
/// ([`BenchParser::literals`] of dbench and tbench).
const DBENCH_LITERALS: &[&str] =
    &["dbench version", "Copyright Andrew Tridgell", "MB/sec", "AvgLat", "processes", "Baseline", "Elapsed", "bench"];

/// How strongly the file looks like dbench-suite output, before choosing
/// between dbench and tbench.
fn base_score(input: &Input) -> u8 {
    // Each literal is looked for once in the whole text; a line can hold
    // it only if the text does (no needle holds a newline).
    let banner = input.has("dbench version") || input.has("Copyright Andrew Tridgell");
    let (may_result, may_table, may_command) = (input.has("MB/sec"), input.has("AvgLat"), input.has("bench"));
    let (mut result, mut table, mut command) = (false, false, false);
    if may_result || may_table || may_command {
        for line in &input.lines {
            if may_result
                && !result
                && may_have_result(line)
                && line.contains("MB/sec")
                && line.words().any(is_throughput_tok)
            {
                result = true;
            }
            if may_table && !table && line.contains("AvgLat") && is_table_header(line) {
                table = true;
            }
            if may_command && !command && command_count(line).is_some() {
                command = true;
            }
        }
    }
    // A posted summary table (`dbench ext3 64 processes  average`), or
    // a table of averages against a baseline in a file naming dbench.
    let summary = (input.has("processes")
        && (input.lines.iter().any(|l| summary_title(l).is_some())
            || (0..input.lines.len()).any(|i| bar_title(&input.lines, i).is_some())))
        || (input.has("Baseline") && input.has("dbench") && input.lines.iter().any(|l| baseline_header(l)))
        || (input.has("Elapsed") && input.has("dbench") && input.lines.iter().any(|l| elapsed_header(l)));
    match (banner, result || table || summary) {
        (true, true) => 98,
        (true, false) => 90,
        (false, true) => 80,
        (false, false) if command => 20,
        _ => 0,
    }
}

impl BenchParser for Dbench {
    fn id(&self) -> &'static str {
        "dbench"
    }

    fn describe(&self) -> &'static str {
        "dbench (1.x-4.x Throughput lines and 4.x operation table)"
    }

    /// [`DBENCH_LITERALS`]: `base_score` of the text is asked first.
    fn literals(&self) -> &'static [&'static str] {
        DBENCH_LITERALS
    }

    fn detect(&self, input: &Input) -> u8 {
        let s = base_score(input);
        if s == 0 {
            return s;
        }
        // The lines found once for both questions below.
        let tbench = tbench_lines(input);
        if !tbench.iter().any(|&t| t) {
            return s;
        }
        match part_of_lines(input, &tbench, false) {
            Some(part) => base_score(&part),
            None => 0,
        }
    }

    fn max_score(&self) -> u8 {
        98
    }

    /// A row of a table of averages against a baseline ends in its Ratio,
    /// printed with three decimals in every row (`1.000`, `0.614`): a last
    /// row ending so under [`baseline_header`] is whole; so is a row of
    /// [`elapsed_header`]'s table ending in the word `secs`.
    fn last_figure_complete(&self, input: &Input) -> bool {
        let Some((last, above)) = input.lines.split_last() else { return false };
        let cells: Vec<&str> = last.words().collect();
        // A table of runs' row ends in the word `secs` (`10.8 MB/sec  9 min
        // 48 secs`): its Throughput, before `MB/sec`, is whole.
        if cells.last() == Some(&"secs") && cells.contains(&"MB/sec") {
            return above.iter().any(|l| elapsed_header(l));
        }
        cells.len() == 5
            && cells.last().and_then(|c| super::num::decimals(c)) == Some(3)
            && above.iter().any(|l| baseline_header(l))
    }

    /// A file holding tbench's output too is read without it
    /// (`tbench_lines`); a file of tbench's only (forced by `formats:`)
    /// is read whole.
    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        match part_of(input, false) {
            Some(part) => parse_common(&part, "dbench"),
            None => parse_common(input, "dbench"),
        }
    }
    /// The per-operation table (`NTCreateX Count AvgLat MaxLat` …) is
    /// detail: the mail keeps Throughput and max_latency, as posts do.
    fn mail_detail(&self, group: &str, _metric: &str) -> bool {
        group == "operations"
    }
}

impl BenchParser for Tbench {
    fn id(&self) -> &'static str {
        "tbench"
    }

    fn describe(&self) -> &'static str {
        "tbench (dbench suite network benchmark)"
    }

    /// [`DBENCH_LITERALS`]: every score is `base_score` of the text or of
    /// a copy with some of its lines blanked.
    fn literals(&self) -> &'static [&'static str] {
        DBENCH_LITERALS
    }

    fn detect(&self, input: &Input) -> u8 {
        // The lines found once for the three questions below.
        let tbench = tbench_lines(input);
        if !tbench.iter().any(|&t| t) {
            return 0;
        }
        if tbench.iter().all(|&t| t) {
            return base_score(input);
        }
        part_of_lines(input, &tbench, true).map_or(0, |part| base_score(&part))
    }

    fn max_score(&self) -> u8 {
        98
    }

    /// A file holding dbench's output too is read without it
    /// (`tbench_lines`).
    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        match part_of(input, true) {
            Some(part) => parse_common(&part, "tbench"),
            None => parse_common(input, "tbench"),
        }
    }
    /// The per-operation table (`NTCreateX Count AvgLat MaxLat` …) is
    /// detail: the mail keeps Throughput and max_latency, as posts do.
    fn mail_detail(&self, group: &str, _metric: &str) -> bool {
        group == "operations"
    }
}

/// A dbench client's report of a failed operation: 3.x `[2345] write
/// failed on handle 10006 (No space left on device)`, 4.x `ERROR: child 3
/// failed at line 1234`.
fn client_failed(line: &str) -> bool {
    let t = line.trim();
    t.contains(" failed on handle ") || (t.starts_with("ERROR: child ") && t.contains(" failed"))
}

/// dbench 4's operation names for its SMB load files (`client.txt`), the
/// short ones and the long ones `-B smb` prints.
const OPERATIONS: [&str; 30] = [
    "NTCreateX",
    "Close",
    "Rename",
    "Unlink",
    "Deltree",
    "Mkdir",
    "Qpathinfo",
    "Qfileinfo",
    "Qfsinfo",
    "Sfileinfo",
    "Find",
    "WriteX",
    "ReadX",
    "LockX",
    "UnlockX",
    "Flush",
    "CREATE",
    "CLOSE",
    "RENAME",
    "UNLINK",
    "DELTREE",
    "MKDIR",
    "QUERY_PATH_INFORMATION",
    "QUERY_FILE_INFORMATION",
    "QUERY_FS_INFORMATION",
    "SET_FILE_INFORMATION",
    "FIND_FIRST",
    "WRITEX",
    "READX",
    "FLUSH",
];

/// The operation `name` is one letter short of or longer than, when it is
/// none of dbench's own ([`OPERATIONS`]): `lush` → `Flush`. Other names
/// (an NFS or iSCSI load file's `GETATTR3`, `READ10`) are `None`.
fn op_one_letter_off(name: &str) -> Option<&'static str> {
    if OPERATIONS.contains(&name) {
        return None;
    }
    // One letter left out or added: one edit apart, the lengths one apart.
    OPERATIONS
        .iter()
        .copied()
        .find(|op| op.chars().count().abs_diff(name.chars().count()) == 1 && strsim::levenshtein(op, name) == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_operation_one_letter_off_dbenchs_is_warned_not_read() {
        // linux-btrfs 2021-02: `Flush` quoted as `lush`.
        let f = Dbench
            .parse(&Input::from_text(
                " Operation      Count    AvgLat    MaxLat\n ----------------------------------------\n \
                 WriteX        144509     9.151   117.353\n lush          20563     0.128    52.014\n\
                 Throughput 153.707 MB/sec (sync open)  32 clients  32 procs  max_latency=117.379 ms\n",
            ))
            .unwrap();
        assert!(f.samples.iter().all(|s| !s.metric.name.starts_with("lush")), "{:?}", f.samples);
        assert!(f.samples.iter().any(|s| s.metric.name == "WriteX Count"));
        assert!(f.notes.iter().any(|(l, m)| *l == 4 && m.contains("one letter off `Flush`")), "{:?}", f.notes);
        assert_eq!(op_one_letter_off("GETATTR3"), None);
        assert_eq!(op_one_letter_off("Flush"), None);
    }

    /// The attacker's dbB/: dbench 4 runs with load `client.txt` for 60 s
    /// and `nfs.txt` for 600 s (Throughput 300.5 and 30.5, read by hand)
    /// were compared as one set-up; the load file's name and the seconds
    /// are parameters. A run whose own output has no such line (a dbench
    /// 2 after them) inherits neither.
    /// wild36c F1: a `**` mark before an operation row is stripped;
    /// anything else before it still is no row.
    #[test]
    fn a_posters_mark_before_a_row_is_stripped() {
        assert_eq!(marked_row("** WriteX  429696  3.960  2239.973"), Some(("**", "WriteX  429696  3.960  2239.973")));
        assert_eq!(marked_row("* Flush 60771 0.621 6.794"), Some(("*", "Flush 60771 0.621 6.794")));
        assert_eq!(marked_row("**WriteX 1 2 3"), None);
        assert_eq!(marked_row("WriteX 1 2 3"), None);
    }

    /// Martin Mokrejs (LKML 2001-09): `dbench 16: Throughput …  16 procs`
    /// under a `linux-2.4.10-pre12` line. The prefix is the command, its
    /// count the run's (added where the line gives none); a count other
    /// than the line's leaves the prefix a label.
    #[test]
    fn the_command_before_throughput_is_no_label() {
        let input = Input::from_text(
            "dbench 16: Throughput 67.8566 MB/sec (NB=84.8208 MB/sec  678.566 MBit/sec)  16 procs\n\
             dbench 32: Throughput 1.5 MB/sec\n\
             dbench 8: Throughput 2.5 MB/sec  16 procs\n",
        );
        let read = |i: usize| result::read_result(&input, i).unwrap().unwrap();
        let r = read(0);
        assert_eq!((r.prefix_label, r.params), (None, vec![("procs", 16)]));
        let r = read(1);
        assert_eq!((r.prefix_label, r.params), (None, vec![("procs", 32)]));
        assert_eq!(read(2).prefix_label.as_deref(), Some("dbench 8"));
    }

    /// attack51 F8: `tbench 16:` beside `dbench 16:` lines of one set-up
    /// were both read as dbench's Throughput (procs=16) and averaged: the
    /// prefix, dropped as the command, was all that told them apart. Each
    /// program now reads its own line.
    #[test]
    fn a_tbench_prefix_keeps_its_line_out_of_dbench() {
        let input = Input::from_text(
            "linux-2.4.10-pre12\n\
             dbench 16: Throughput 67.8566 MB/sec (NB=84.8208 MB/sec  678.566 MBit/sec)  16 procs\n\
             tbench 16: Throughput 27.8566 MB/sec (NB=34.8208 MB/sec  278.566 MBit/sec)  16 procs\n",
        );
        let values = |p: &dyn BenchParser| -> Vec<(usize, f64)> {
            p.parse(&input).expect("read").samples.iter().map(|s| (s.line, s.value.mean())).collect()
        };
        assert_eq!(values(&Dbench), [(2, 67.8566)]);
        assert_eq!(values(&Tbench), [(3, 27.8566)]);
    }

    #[test]
    fn the_load_file_and_run_length_are_parameters() {
        let run = |secs: u32, load: &str, tput: &str| {
            format!(
                "dbench version 4.00 - Copyright Andrew Tridgell 1999-2004\n\nRunning for {secs} seconds with load '{load}' and minimum warmup 12 secs\n32 clients started\nThroughput {tput} MB/sec  32 clients  32 procs  max_latency=12.345 ms\n"
            )
        };
        let text = format!(
            "{}{}$ dbench 32\nThroughput 123.45 MB/sec 32 procs\n",
            run(60, "/usr/share/dbench/client.txt", "300.5"),
            run(600, "/usr/share/dbench/nfs.txt", "30.5")
        );
        let f = Dbench.parse(&Input::from_text(&text)).unwrap();
        let got: Vec<(f64, String)> = f
            .samples
            .iter()
            .filter(|s| s.metric.name == "Throughput")
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                (s.value.mean(), p.join(" "))
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (300.5, "clients=32 procs=32 loadfile=client.txt timelimit=60".to_string()),
                (30.5, "clients=32 procs=32 loadfile=nfs.txt timelimit=600".to_string()),
                (123.45, "procs=32".to_string()),
            ]
        );
    }

    /// A poster's `Average:` result with no run above it (the runs
    /// trimmed away): one sample of `stat` mean, with a warning; with runs
    /// above, not read (the test below). Bare `Average: N MB/sec` alike.
    #[test]
    fn a_lone_hand_average_is_one_sample_of_its_mean() {
        let f = Dbench
            .parse(&Input::from_text(
                "$ uname -r\n6.2.0\nAverage: Throughput 1234.82 MB/sec  4 clients  4 procs  max_latency=12.345 ms\n",
            ))
            .unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![1234.82]);
        assert!(f.samples.iter().all(|s| param(s, "stat").as_deref() == Some("mean")), "{:?}", f.samples);
        assert!(f.samples.iter().all(|s| param(s, "label").is_none()), "{:?}", f.samples);
        let note = f.notes.iter().find(|(n, _)| *n == 3).map(|(_, m)| m.as_str()).unwrap();
        assert!(note.contains(LONE_AVERAGE_READ) && !crate::parse::note_is_info(note), "{note}");
        // Above a run of its set-up, it is no lone mean (attack50 F4): not
        // read, and said, with the runs' mean.
        let f =
            Dbench.parse(&Input::from_text("Average: 120.25 MB/sec\n\nThroughput 100.5 MB/sec  4 procs\n")).unwrap();
        let got: Vec<(f64, Option<String>)> = f.samples.iter().map(|s| (s.value.mean(), param(s, "stat"))).collect();
        assert_eq!(got, [(100.5, None)], "{:?}", f.notes);
        assert!(f.notes[0].1.contains("the mean of the 1 run(s) read below is 100.50 MB/sec"), "{:?}", f.notes);
    }

    /// attack50 F4: `Average: Throughput 120.5 MB/sec 4 procs` above its
    /// three runs was read as a lone mean (a row of its own, "runs not
    /// shown"); now it is their summary, not read, said agreeing. Runs of
    /// another count below it are not its runs.
    #[test]
    fn an_average_above_its_runs_is_their_summary() {
        let text = "dbench 4 runs on 2.6.9:\n\nAverage: Throughput 120.5 MB/sec 4 procs\n\n\
            Throughput 118.2 MB/sec 4 procs\nThroughput 121.9 MB/sec 4 procs\nThroughput 121.4 MB/sec 4 procs\n";
        let f = Dbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![118.2, 121.9, 121.4]);
        assert!(f.samples.iter().all(|s| param(s, "stat").is_none()), "{:?}", f.samples);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 3);
        assert!(f.notes[0].1.contains("(lines 5-7)") && f.notes[0].1.contains(AGREES_WITH_OUR_MEAN), "{:?}", f.notes);
        assert!(crate::parse::note_is_info(&f.notes[0].1));
        let other = "Average: Throughput 120.5 MB/sec 4 procs\n\nThroughput 118.2 MB/sec 8 procs\n";
        let f = Dbench.parse(&Input::from_text(other)).unwrap();
        assert!(f.samples.iter().any(|s| param(s, "stat").as_deref() == Some("mean")), "{other}");
    }

    /// afix46b's finding: `Run 1: Throughput …` … `Run 3: Throughput …`
    /// and `Average: Throughput …` under a uname were four set-ups
    /// (`6.2.0 / Run 1` … `6.2.0 / Average`). Now three runs of one
    /// set-up (the uname's kernel theirs), the hand average passed over
    /// with a note giving our mean; `ext3 run 2:` is a run of `ext3`.
    #[test]
    fn counted_runs_and_a_hand_average_before_results() {
        let f = Dbench
            .parse(&Input::from_text(
                "$ uname -r\n6.2.0\n\
                 Run 1: Throughput 1234.56 MB/sec  4 clients  4 procs  max_latency=12.345 ms\n\
                 Run 2: Throughput 1240.10 MB/sec  4 clients  4 procs  max_latency=11.001 ms\n\
                 Run 3: Throughput 1229.80 MB/sec  4 clients  4 procs  max_latency=13.200 ms\n\
                 Average: Throughput 1234.82 MB/sec\n",
            ))
            .unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![1234.56, 1240.1, 1229.8]);
        // No label (the uname's kernel is given them by the labeller).
        assert!(f.samples.iter().all(|s| param(s, "label").is_none()), "{:?}", f.samples);
        let note = f.notes.iter().find(|(n, _)| *n == 6).map(|(_, m)| m.as_str()).unwrap();
        assert!(
            note.contains("poster's own average")
                && note.contains("it agrees with the mean of the 3 run(s) read above, 1234.82")
        );
        // One that does not agree is said to the poster's decimals (`1250.00`, not `1250`).
        let f = Dbench
            .parse(&Input::from_text(
                "Run 1: Throughput 1234.56 MB/sec  4 procs\nRun 2: Throughput 1240.10 MB/sec  4 procs\n\
                 Average: Throughput 1250.00 MB/sec\n",
            ))
            .unwrap();
        let note = f.notes.iter().find(|(n, _)| *n == 3).map(|(_, m)| m.as_str()).unwrap();
        assert!(note.contains("its 1250.00 MB/sec") && note.contains("is 1237.33 MB/sec: they do not agree"), "{note}");
        let f = Dbench
            .parse(&Input::from_text(
                "ext3 run 1: Throughput 100.5 MB/sec  4 procs\n\
                 ext3 run 2: Throughput 101.5 MB/sec  4 procs\n\
                 xfs run 1: Throughput 90.5 MB/sec  4 procs\n",
            ))
            .unwrap();
        let labels: Vec<Option<String>> = f.samples.iter().map(|s| param(s, "label")).collect();
        assert_eq!(labels, [Some("ext3".into()), Some("ext3".into()), Some("xfs".into())]);
        for (prefix, is) in [("Average", true), ("avg", true), ("Average of 3 runs", true), ("Mean (5 runs)", true)] {
            assert_eq!(is_hand_average(prefix), is, "{prefix}");
        }
        for prefix in ["Averaged kernel", "mean patched", "Before"] {
            assert!(!is_hand_average(prefix), "{prefix}");
        }
    }

    /// The `Average: 1234.83 MB/sec` line a poster's script prints under
    /// its dbench runs (no `Throughput` word: Paolo Ciarrocchi's `awk …
    /// print "Average: " tot/NR " MB/sec"`, LKML 2002-11) was passed over
    /// without a word; now it is said, checked against our mean, not read.
    #[test]
    fn a_scripts_bare_average_line_is_said_not_read() {
        let f = Dbench
            .parse(&Input::from_text(
                "Throughput 1230.5 MB/sec (NB=1538.13 MB/sec  12305 MBit/sec)  8 procs\n\
                 Throughput 1240.1 MB/sec (NB=1550.13 MB/sec  12401 MBit/sec)  8 procs\n\
                 Throughput 1233.9 MB/sec (NB=1542.38 MB/sec  12339 MBit/sec)  8 procs\n\
                 Average: 1234.83 MB/sec\n\
                 avg: 1300 MB/s\n",
            ))
            .unwrap();
        assert_eq!(f.samples.len(), 3);
        let note = |line: usize| f.notes.iter().find(|(n, _)| *n == line).map(|(_, m)| m.as_str()).unwrap_or("");
        assert!(
            note(4).contains("its 1234.83 MB/sec is not read (it agrees with the mean of the 3 run(s)"),
            "{:?}",
            f.notes
        );
        assert!(note(5).contains("is 1235 MB/sec: they do not agree"), "{:?}", f.notes);
        assert_eq!(bare_hand_average("Average: 12.5 MB/sec"), Some(("Average", 12.5, 1)));
        for line in
            ["Average: 12.5 MB/sec 4 procs", "Averaged: 12.5 MB/sec", "Average: 12.5 ms", "Throughput: 1 MB/sec"]
        {
            assert_eq!(bare_hand_average(line), None, "{line}");
        }
    }

    fn vals(f: &ParsedFile, group: &str, name: &str) -> Vec<f64> {
        f.samples.iter().filter(|s| s.group == group && s.metric.name == name).map(|s| s.value.mean()).collect()
    }

    fn param(s: &Sample, name: &str) -> Option<String> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.to_string())
    }

    /// From linux-btrfs 2021 (Wang Yugui's dbench -s runs): `Throughput
    /// 481.002 MB/sec (sync open)  32 clients  32 procs  max_latency=…`.
    /// The counts and max_latency after ` (sync open)` were not read: a
    /// 16-client and a 32-client run were averaged as runs, max_latency
    /// dropped. Now both are read and the sync mode is a set-up.
    #[test]
    fn sync_open_runs_keep_their_counts_and_mode() {
        let f = Dbench
            .parse(&Input::from_text(
                " Operation      Count    AvgLat    MaxLat\n ----------------------------------------\n \
             WriteX        457376     3.665   957.922\n\n\
             Throughput 481.002 MB/sec (sync open)  32 clients  32 procs  max_latency=957.929 ms\n\n\
             Throughput 3789.19 MB/sec  32 clients  32 procs  max_latency=0.470 ms\n\n\
             Throughput 12.5 MB/sec (sync open) (sync dirs)  16 clients  16 procs  max_latency=9.5 ms\n",
            ))
            .unwrap();
        assert_eq!(vals(&f, "", "max_latency"), vec![957.929, 0.47, 9.5]);
        let tput: Vec<(Option<String>, Option<String>)> = f
            .samples
            .iter()
            .filter(|s| s.metric.name == "Throughput")
            .map(|s| (param(s, "clients"), param(s, "sync")))
            .collect();
        assert_eq!(
            tput,
            vec![
                (Some("32".into()), Some("open".into())),
                (Some("32".into()), None),
                (Some("16".into()), Some("open, dirs".into()))
            ]
        );
        let op = f.samples.iter().find(|s| s.metric.name == "WriteX MaxLat").unwrap();
        assert_eq!(param(op, "sync").as_deref(), Some("open"));
    }

    /// Attacker 27: a throughput figure a mail broke across two lines
    /// (`Throughput 12` / `2.60 MB/sec 16 procs`) was passed over without
    /// a word; it is a note naming the line (its digits may be one number,
    /// 122.60), and the file's other runs are read.
    #[test]
    fn a_throughput_figure_broken_across_lines_is_noted() {
        let text = "Throughput 12\n2.60 MB/sec 16 procs\n\nThroughput 45.1 MB/sec 16 procs\n";
        let f = Dbench.parse(&Input::from_text(text)).expect("reads the whole one");
        assert_eq!(vals(&f, "", "Throughput"), vec![45.1]);
        assert!(f.notes.iter().any(|(l, m)| *l == 1 && m.contains("`12` / `2.60 MB/sec`")), "{:?}", f.notes);
    }

    /// archive45: Mike Galbraith's reply (LKML 2023-05-01) quoting tbench
    /// lines quoted-printable, each broken by a soft break and its ` ms`
    /// then wrapped onto a quoted line of its own: the soft break's
    /// emptied line is no line between them, and `ms` ends the result.
    #[test]
    fn a_unit_wrapped_below_a_soft_break_ends_the_result() {
        let text = "> > Throughput=C2=A0 646.55 MB/sec=C2=A0=C2=A0 2 clients=C2=A0=C2=A0 2 pro=\n\
                    cs=C2=A0 max_latency=3D0.104\n> > ms\n\
                    > > Throughput 1361.06 MB/sec=C2=A0=C2=A0 5 clients=C2=A0=C2=A0 5 procs=C2=\n\
                    =A0 max_latency=3D0.100\n> > ms\n";
        let f = Dbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![646.55, 1361.06]);
        assert_eq!(vals(&f, "", "max_latency"), vec![0.104, 0.100]);
        // Must not fire: a plain file's blank line still ends the result.
        let plain = "Throughput 646.55 MB/sec 2 clients 2 procs max_latency=0.104\n\nms\n";
        assert!(Dbench.parse(&Input::from_text(plain)).is_err());
    }

    #[test]
    fn command_lines() {
        assert_eq!(command_count("dbench 32"), Some(32));
        assert_eq!(command_count("time ./dbench 32"), Some(32));
        assert_eq!(command_count("$ /usr/bin/time ./dbench 48"), Some(48));
        assert_eq!(command_count("2023-10-30 16:13:09 dbench 128 -c /usr/local/share/client.txt"), Some(128));
        assert_eq!(command_count("2023-10-30 16:04:30 tbench -t 30 128 127.0.0.1"), Some(128));
        assert_eq!(command_count("dbench -S -t 60 16"), Some(16));
        assert_eq!(command_count("dbench -t60 16"), Some(16));
        let spelled = |line: &str| option_spelling(&line.words().collect::<Vec<_>>()).join(" ");
        assert_eq!(spelled("dbench --sync --timelimit=60 16"), "dbench -s -t 60 16");
        assert_eq!(spelled("dbench -t60 --directory /mnt/x/ 16"), "dbench -t 60 -D /mnt/x 16");
        assert_eq!(spelled("dbench --directory=/mnt/x/ -D / 16"), "dbench -D /mnt/x -D / 16");
        assert_eq!(command_count("I used time ./dbench 32 and"), None);
        assert_eq!(command_count("dbench version 4.00 - Copyright Andrew Tridgell 1999-2004"), None);
        assert_eq!(command_count("2023-10-30 16:04:30 command -v tbench"), None);
    }

    #[test]
    fn v1_with_gnu_time_and_command_procs() {
        let i = Input::from_text(
            "time ./dbench 32\n\
             Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n\
             34.11user 238.89system 7:34.59elapsed 60%CPU (0avgtext+0avgdata 0maxresident)k\n\
             0inputs+0outputs (1008major+1402minor)pagefaults 0swaps\n\
             Throughput 9.56338 MB/sec (NB=11.9542 MB/sec  95.6338 MBit/sec)\n\
             34.07user 262.44system 7:22.72elapsed 66%CPU (0avgtext+0avgdata 0maxresident)k\n\
             0inputs+0outputs (1008major+1402minor)pagefaults 0swaps\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![9.2929, 9.56338]);
        assert_eq!(vals(&f, "time", "user"), vec![34.11, 34.07]);
        let t = &f.samples[0];
        assert_eq!(t.line, 2);
        assert_eq!(param(t, "procs").as_deref(), Some("32"));
        let tm = f.samples.iter().find(|s| s.group == "time").unwrap();
        assert_eq!(param(tm, "procs").as_deref(), Some("32"));
    }

    #[test]
    fn v1_procs_on_line_and_clients_started() {
        let i = Input::from_text(
            "16 clients started\n****+++\nThroughput 37.7 MB/sec (NB=47.1 MB/sec  377.3 MBit/sec)\n\
             Throughput 9.29 MB/sec (NB=11.6 MB/sec  92.9 MBit/sec)  32 procs\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(param(&f.samples[0], "procs").as_deref(), Some("16"));
        assert_eq!(param(&f.samples[1], "procs").as_deref(), Some("32"));
    }

    #[test]
    fn v2_and_csh_time() {
        let i = Input::from_text(
            "Throughput 123.45 MB/sec 32 procs\n37.580u 115.730s 3:51.30 66.2%  0+0k 0+0io 1310pf+0w\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![123.45]);
        assert_eq!(vals(&f, "time", "system"), vec![115.73]);
        assert_eq!(param(&f.samples[0], "procs").as_deref(), Some("32"));
    }

    #[test]
    fn v1_wrapped_and_glued_time() {
        let i = Input::from_text(
            "******** Throughput 15.8859 MB/sec (NB=19.8573 MB/sec  158.859\n\
             MBit/sec) 14.74user 22.92system 4:26.91elapsed 14%CPU\n\
             (0avgtext+0avgdata 0maxresident)k 0inputs+0outputs\n(912major+1430minor)pagefaults 0swaps\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![15.8859]);
        assert_eq!(vals(&f, "time", "user"), vec![14.74]);
        assert_eq!(vals(&f, "time", "major faults"), vec![912.0]);
    }

    #[test]
    fn bash_time_after_run() {
        let i = Input::from_text("Throughput 10 MB/sec 4 procs\n\nreal\t0m30.5s\nuser\t0m1.0s\nsys\t0m5.0s\n");
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "time", "real"), vec![30.5]);
        assert_eq!(vals(&f, "time", "sys"), vec![5.0]);
    }

    #[test]
    fn run_under_nonzero_exit_is_not_read() {
        // GNU time's non-zero exit above the record: dbench failed.
        let i = Input::from_text(
            "Throughput 10 MB/sec 4 procs\nCommand exited with non-zero status 1\n\
             1.00user 5.00system 0:30.50elapsed 19%CPU (0avgtext+0avgdata 0maxresident)k\n",
        );
        let e = Dbench.parse(&i).unwrap_err();
        assert!(e.to_string().contains("line 1: the `time` record after this run timed a command that failed"), "{e}");
        assert!(e.to_string().contains("(line 2: `Command exited with non-zero status 1`)"), "{e}");
        // Exit status 0 is no failure.
        let ok = Input::from_text(
            "Throughput 10 MB/sec 4 procs\nCommand exited with non-zero status 0\n\
             1.00user 5.00system 0:30.50elapsed 19%CPU (0avgtext+0avgdata 0maxresident)k\n",
        );
        assert_eq!(vals(&Dbench.parse(&ok).unwrap(), "", "Throughput"), vec![10.0]);
    }

    #[test]
    fn v4_table_and_result() {
        let i = Input::from_text(
            "dbench version 4.00 - Copyright Andrew Tridgell 1999-2004\n\
             ^^^^^^^^127 of 128 processes prepared for launch   0 sec\n\
              128     18384  14924.44 MB/sec  warmup   1 sec  latency 45.920 ms\n\n\
              Operation      Count    AvgLat    MaxLat\n ----------------------------------------\n\
              NTCreateX    7236851     0.039     0.303\n SET_FILE_INFORMATION   21117853     0.016    10.719\n\n\
             Throughput 3789.19 MB/sec  32 clients  32 procs  max_latency=0.470 ms\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(f.version.as_deref(), Some("4.00"));
        assert_eq!(vals(&f, "", "Throughput"), vec![3789.19]);
        assert_eq!(vals(&f, "", "max_latency"), vec![0.47]);
        assert_eq!(vals(&f, "operations", "NTCreateX Count"), vec![7236851.0]);
        assert_eq!(vals(&f, "operations", "SET_FILE_INFORMATION MaxLat"), vec![10.719]);
        let op = f.samples.iter().find(|s| s.group == "operations").unwrap();
        assert_eq!(op.line, 7);
        assert_eq!(param(op, "clients").as_deref(), Some("32"));
        assert_eq!(param(op, "procs").as_deref(), Some("32"));
        assert_eq!(f.samples.len(), 2 + 6);
    }

    #[test]
    fn truncated_row_is_error() {
        let i = Input::from_text(" Operation      Count    AvgLat    MaxLat\n NTCreateX    7236851     0.039\n");
        let e = Dbench.parse(&i).unwrap_err();
        assert_eq!(e.line(), Some(2));
    }

    #[test]
    fn cut_result_is_error_and_prose_is_not() {
        let i = Input::from_text("Throughput 9.2929\n");
        assert_eq!(Dbench.parse(&i).unwrap_err().line(), Some(1));
        let i = Input::from_text("Throughput 9.2929\nMB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n");
        assert_eq!(vals(&Dbench.parse(&i).unwrap(), "", "Throughput"), vec![9.2929]);
        let i = Input::from_text("Throughput 3 times better than before\n");
        assert!(Dbench.parse(&i).is_err());
        let i = Input::from_text("Throughput 10 MB/sec 4 procs\nThroughput 12x.45 MB/sec 32 procs\n");
        let e = Dbench.parse(&i).unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("12x.45"), "{e}");
        let i = Input::from_text("Throughput 13563.9 MB/sec  128 clients  128 procs  max_latency=\n");
        assert_eq!(Dbench.parse(&i).unwrap_err().line(), Some(1));
    }

    /// Kernels' names as headings (`2.5.1:`, `2.4.25:  (dual athlon …)`)
    /// are the runs' kernels; a 1.x line cut inside its `(NB=…` group is a
    /// note, and so is the `time` record of its run (LKML 2002: it was a
    /// row of no procs, its time a build's time of a segment of its own).
    #[test]
    fn kernel_headings_and_a_line_cut_inside_nb() {
        let text = "2.5.1:\n\
                    Throughput 31.8967 MB/sec (NB=39.8709 MB/sec  318.967 MBit/sec)  1 procs\n\
                    1.610u 2.120s 0:05.14 72.5%     0+0k 0+0io 129pf+0w\n\n\
                    2.5.23-rmap:  (the rmap patch)\n\
                    Throughput 34.9151 MB/sec (NB=43.6439 MB/sec  349.151 MBit/sec)  1 procs\n\
                    1.770u 1.940s 0:04.78 77.6%     0+0k 0+0io 133pf+0w\n\
                    Throughput 15.7686 MB/sec (NB=19.7107 MB/sec  157.686 MBit/sec\n\
                    14.060u 21.850s 1:07.97 52.8%   0+0k 0+0io 294pf+0w\n";
        let f = Dbench.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, Option<&str>, usize)> = f
            .samples
            .iter()
            .filter(|s| s.group.is_empty())
            .map(|s| (s.line, s.kernel.as_deref(), s.params.len()))
            .collect();
        assert_eq!(got, vec![(2, Some("2.5.1"), 1), (6, Some("2.5.23-rmap"), 1)]);
        assert!(f.samples.iter().all(|s| s.line < 8), "{:?}", f.samples);
        let noted: Vec<usize> = f.notes.iter().map(|n| n.0).collect();
        assert_eq!(noted, vec![8, 9], "{:?}", f.notes);
        // A wrapped tail that closes the group is the same line, read.
        let i = Input::from_text("Throughput 15.7686 MB/sec (NB=19.7107 MB/sec\n157.686 MBit/sec)  8 procs\n");
        assert_eq!(vals(&Dbench.parse(&i).unwrap(), "", "Throughput"), vec![15.7686]);
    }

    #[test]
    fn a_result_in_another_unit_is_warned_of_not_dropped() {
        let i = Input::from_text("Throughput 312.5 GB/sec 8 procs\nThroughput 118.52 MB/sec 8 procs\n");
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![118.52]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 1);
        assert!(f.notes[0].1.contains("in `GB/sec`"), "{}", f.notes[0].1);
        let i = Input::from_text("Throughput 3 times better than before\nThroughput 1 MB/sec 4 procs\n");
        assert!(Dbench.parse(&i).unwrap().notes.is_empty(), "prose is no result");
    }

    /// Set-ups named before `Throughput` on the result line (Steve French,
    /// LKML Apr 2005) are labels, a `(2nd run)` after the name a run of it;
    /// a line whose figure stands before `Throughput` is noted, not dropped.
    #[test]
    fn setup_names_before_throughput_are_labels() {
        let text = "JFS Throughput 52.6572 MB/sec 20 procs\n\
                    ext3 Throughput 179.726 MB/sec 20 procs\n\
                    ext3 (2nd run) Throughput 180.409 MB/sec 20 procs\n\
                    cifs mounted to samba/JFS 9.67401 Throughput MB/sec 20 procs\n\
                    nfs mounted to ext3 Throughput 13.5945 MB/sec 20 procs\n";
        let f = Dbench.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, String)> = f
            .samples
            .iter()
            .map(|s| {
                (s.line, s.params.iter().find(|p| p.name == "label").map(|p| p.value.to_string()).unwrap_or_default())
            })
            .collect();
        let want = [(1, "JFS"), (2, "ext3"), (3, "ext3"), (5, "nfs mounted to ext3")];
        assert_eq!(got, want.map(|(l, s)| (l, s.to_string())).to_vec());
        assert!(f.notes.iter().any(|(l, n)| *l == 4 && n.contains("figure before `Throughput`")), "{:?}", f.notes);
        assert_eq!(result::without_run_count("ext3 (run 2)"), "ext3");
        assert_eq!(result::without_run_count("cifs (to Samba/jfs)"), "cifs (to Samba/jfs)");
        assert_eq!(result::without_run_count("x (éa run)"), "x (éa run)");
    }

    /// attack45 F13 (its wc/c08, wildcls44's dbench 1.x mail with the
    /// kernels named `xfs:`, `ext3:`, `ext2: average  9.2181 MB/sec`): the
    /// last line heads the ext2 runs, which carried `ext3` before. Must not
    /// fire: `Overall: average …` after the runs heads nothing.
    #[test]
    fn a_label_with_a_typed_average_heads_its_runs() {
        let text = "I ran dbench 48 four times in  succession for the following\n\nxfs:\n\n\
                    Throughput 11.1771 MB/sec (NB=13.9714 MB/sec  111.771 MBit/sec)\n\
                    Throughput 10.7172 MB/sec (NB=13.3965 MB/sec  107.172 MBit/sec)\n\n\next3:\n\n\
                    Throughput 11.4646 MB/sec (NB=14.3307 MB/sec  114.646 MBit/sec)\n\
                    Throughput 13.3765 MB/sec (NB=16.7206 MB/sec  133.765 MBit/sec)\n\n\n\
                    ext2: average  9.2181 MB/sec\n\n\
                    Throughput 9.18921 MB/sec (NB=11.4865 MB/sec  91.8921 MBit/sec)\n\
                    Throughput 9.06864 MB/sec (NB=11.3358 MB/sec  90.6864 MBit/sec)\n\n\
                    Overall: average 9.1 MB/sec\n";
        let f = Dbench.parse(&Input::from_text(text)).unwrap();
        let labels: Vec<String> = f
            .samples
            .iter()
            .map(|s| s.params.iter().find(|p| p.name == "label").map(|p| p.value.to_string()).unwrap_or_default())
            .collect();
        assert_eq!(labels, ["xfs", "xfs", "ext3", "ext3", "ext2", "ext2"], "{:?}", f.notes);
    }

    #[test]
    fn a_baseline_table_is_read_only_in_a_file_naming_dbench() {
        let table = "Kernel\t\tN\tAverage\t\tBaseline\tRatio\n2.4.19\t\t2\t46.6689\t\t46.6689\t\t1.000\n\
                     2.5.34\t\t2\t28.675\t\t46.6689\t\t0.614\n\n2.4.19\t\t8\t25.5343\t\t25.5343\t\t1.000\n\
                     And that's all\n2.5.41\t\t8\t31.0\t\t25.5343\t\t1.2\n";
        // Not a word of dbench: another benchmark's table of this header.
        assert_eq!(Dbench.detect(&Input::from_text(table)), 0);
        let text = format!("./dbench $value |grep Th\n{table}");
        let input = Input::from_text(&text);
        assert_eq!(Dbench.detect(&input), 80);
        let f = Dbench.parse(&input).unwrap();
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        // The words on line 7 end the table: line 8 is not read.
        assert_eq!(got, [(3, 46.6689), (4, 28.675), (6, 25.5343)]);
        assert_eq!(f.samples[2].params[0].value.as_str(), "8");
    }

    /// attack42 F5, F11, F15 (its d/d04, d06c, d07: the 2002-11 table with
    /// `2.5.44  8` typed again as 12.0691, the last row cut to `2.5.46  32
    /// 21.5`, `2.5.45 mm1` with a blank): the first two were averaged or
    /// dropped silently, the third ended the table with 22 lines below it
    /// "not read". The row typed again is a row of its own, said; the cut
    /// and the blank-named rows are said at their lines and the rows below
    /// read. Words under the table still end it (must not fire: the test
    /// above, and line 9 here).
    #[test]
    fn a_baseline_table_row_twice_cut_or_named_with_a_blank_is_said() {
        let text = "dbench\nKernel\t\tN\tAverage\t\tBaseline\tRatio\n\
                    2.4.19\t\t8\t25.5343\t\t25.5343\t\t1.000\n2.5.44\t\t8\t32.0691\t\t25.5343\t\t1.256\n\
                    2.5.44\t\t8\t12.0691\t\t25.5343\t\t0.473\n2.5.45 mm1\t8\t30.7749\t\t25.5343\t\t1.205\n\
                    2.5.46\t\t8\t32.2306\t\t25.5343\t\t1.262\n2.5.46\t\t32\t21.5\nThe end of it\n\
                    2.5.47\t\t8\t32.2306\t\t25.5343\t\t1.262\n";
        let f = Dbench.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, f64, bool)> =
            f.samples.iter().map(|s| (s.line, s.value.mean(), s.params.iter().any(|p| p.name == "rerun"))).collect();
        assert_eq!(got, [(3, 25.5343, false), (4, 32.0691, false), (5, 12.0691, true), (7, 32.2306, false)]);
        let said = |n: usize, w: &str| f.notes.iter().any(|(l, m)| *l == n && m.contains(w));
        assert!(said(5, "first on line 4"), "{:?}", f.notes);
        assert!(said(6, "kernel name with a blank"), "{:?}", f.notes);
        assert!(said(8, "cut"), "{:?}", f.notes);
    }

    /// Daniel Phillips' table (LKML 2000-12): Throughput per kernel, the
    /// procs of the `Test: dbench 48` line above; none without the word
    /// dbench.
    #[test]
    fn an_elapsed_table_is_read_with_the_procs_of_its_test_line() {
        let table = "Kernel                 Throughput      Elapsed Time\n------                 ----------      ------------\n\
                     2.2.16                 3.1 MB/sec      33 min 53 secs\n\
                     2.4.0-test13-pre5     10.8 MB/sec       9 min 48 secs\n";
        assert_eq!(Dbench.detect(&Input::from_text(table)), 0);
        let text = format!("Test: dbench 48\n\n{table}");
        let input = Input::from_text(&text);
        assert_eq!(Dbench.detect(&input), 80);
        let f = Dbench.parse(&input).unwrap();
        let got: Vec<(usize, f64, &str)> =
            f.samples.iter().map(|s| (s.line, s.value.mean(), s.params[0].value.as_str())).collect();
        assert_eq!(got, [(5, 3.1, "48"), (6, 10.8, "48")]);
    }

    #[test]
    fn detect_dbench_vs_tbench() {
        let d = Input::from_text("dbench 32\nThroughput 9.2 MB/sec (NB=1 MB/sec  1 MBit/sec)\n");
        assert!(Dbench.detect(&d) >= 60);
        assert_eq!(Tbench.detect(&d), 0);
        let t = Input::from_text(
            "tbench_srv &\ndbench version 4.00 - Copyright Andrew Tridgell 1999-2004\nThroughput 9.2 MB/sec  1 clients  1 procs  max_latency=1 ms\n",
        );
        assert!(Tbench.detect(&t) > Dbench.detect(&t));
        assert_eq!(Tbench.parse(&t).unwrap().benchmark, "tbench");
        assert_eq!(Dbench.detect(&Input::from_text("hello")), 0);
    }

    #[test]
    fn each_program_reads_the_lines_under_its_own_command() {
        let both = Input::from_text(
            "$ dbench 8\n8 clients started\nThroughput 312.5 MB/sec 8 procs\n\n\
             $ tbench 8 localhost\n8 clients started\nThroughput 412.5 MB/sec 8 procs\n",
        );
        assert_eq!(tbench_lines(&both), vec![false, false, false, false, true, true, true]);
        assert_eq!(vals(&Dbench.parse(&both).unwrap(), "", "Throughput"), vec![312.5]);
        assert_eq!(vals(&Tbench.parse(&both).unwrap(), "", "Throughput"), vec![412.5]);
        // Prose naming both decides nothing; a short title naming tbench does.
        let prose =
            Input::from_text("dbench on ext4; tbench numbers in the next mail.\nThroughput 1.5 MB/sec 8 procs\n");
        assert_eq!(Tbench.detect(&prose), 0);
        assert!(Dbench.detect(&prose) > 0);
        let title = Input::from_text("30 sec tbench\nThroughput 1.5 MB/sec 8 procs\n");
        assert!(Tbench.detect(&title) > 0);
        assert_eq!(Dbench.detect(&title), 0);
        // lkp's `killall -KILL tbench_srv` ends tbench's output, also in a
        // copy whose earlier round blanked that line.
        let lkp = Input::from_text(
            "2025-03-18 05:11:30 tbench -t 60 32 127.0.0.1\nThroughput 3789.19 MB/sec  32 clients  32 procs  max_latency=0.470 ms\n\
             2025-03-18 05:12:42 killall -KILL tbench_srv\n\nresults on 2.6.8:\nThroughput 120.114 MB/sec 16 procs\n",
        );
        assert_eq!(tbench_lines(&lkp), vec![true, true, true, false, false, false]);
        let rest = lkp.blanked(&[true, true, true]);
        assert!(Dbench.detect(&rest) > 0);
        assert_eq!(Tbench.detect(&rest), 0);
    }

    #[test]
    fn hand_bar_charts_and_lists_under_a_bare_title_are_read() {
        // Randy Hron (LKML 2002): star bars with or without `average of N
        // runs`, and a list under `tbench 192 processes` with the unit in
        // prose.
        let text = "dbench 128 processes\n2.4.17-rmap12f       **********   5.0  MB/sec\n\
                    2.4.17-rmap12f-wli   **********   5.1  MB/sec\n\n\
                    tbench 32 processes (average of 3 runs)\n2.4.17-rmap12f   ********  16.3  MB/sec\n";
        let input = Input::from_text(text);
        let d = Dbench.parse(&input).expect("dbench bars");
        let got: Vec<(&str, f64)> =
            d.samples.iter().map(|s| (s.kernel.as_deref().unwrap_or("-"), s.value.mean())).collect();
        assert_eq!(got, vec![("2.4.17-rmap12f", 5.0), ("2.4.17-rmap12f-wli", 5.1)]);
        assert!(d.notes.iter().any(|(l, m)| *l == 1 && m.contains("bar chart typed by hand")));
        let t = Tbench.parse(&input).expect("tbench bars");
        assert_eq!(t.samples.len(), 1);
        assert!(matches!(t.samples[0].value, crate::model::Value::Summary { n: 3, .. }));
        assert_eq!(param(&t.samples[0], "procs").as_deref(), Some("32"));

        let list = Input::from_text(
            "tbench 192 processes\n2.4.16                    29.39\n2.4.19-pre7-ac2          103.98\n",
        );
        assert!(Tbench.detect(&list) >= 60);
        let p = Tbench.parse(&list).expect("tbench list");
        assert_eq!(vals(&p, "", "Throughput"), vec![29.39, 103.98]);
        assert!(p.notes.iter().any(|(l, m)| *l == 1 && m.contains("a list typed by hand")));
    }

    /// afix43d F9: a kernel listed twice under one star chart's or hand
    /// list's title was averaged as two runs. The second row is a row of
    /// its own (`rerun printed again`), with a note at its line. Must not
    /// fire: the same kernel under two titles (two process counts), and
    /// two kernels whose names share a start.
    #[test]
    fn a_kernel_listed_twice_under_one_chart_title_is_a_row_of_its_own() {
        let text = "dbench 128 processes\n2.4.17-rmap12f       **********   5.0  MB/sec\n\
                    2.4.17-rmap12f-wli   **********   5.1  MB/sec\n\
                    2.4.17-rmap12f       ***********  5.6  MB/sec\n\n\
                    dbench 64 processes\n2.4.17-rmap12f       **********   7.0  MB/sec\n";
        let d = Dbench.parse(&Input::from_text(text)).expect("dbench bars");
        assert_eq!(crate::parse::repeats::printed_again_lines(&d), vec![4]);
        assert!(
            d.notes.iter().any(|(l, m)| *l == 4
                && m.contains("`2.4.17-rmap12f` listed again under the title of line 1 (first on line 2)")),
            "{:?}",
            d.notes
        );
        let list = Input::from_text(
            "tbench 192 processes\n2.4.16                    29.39\n2.4.16                    30.12\n",
        );
        let t = Tbench.parse(&list).expect("tbench list");
        assert_eq!(crate::parse::repeats::printed_again_lines(&t), vec![3]);
        // Must not fire: one kernel under two titles, and kernels sharing a start.
        let two = "dbench 128 processes\n2.4.17   ****  5.0  MB/sec\n2.4.17-wli   ****  5.1  MB/sec\n\n\
                   dbench 64 processes\n2.4.17   ****  7.0  MB/sec\n";
        let d = Dbench.parse(&Input::from_text(two)).expect("dbench bars");
        assert!(crate::parse::repeats::printed_again_lines(&d).is_empty());
        assert!(!d.notes.iter().any(|(_, m)| m.contains("listed again")), "{:?}", d.notes);
    }

    /// attack43 F6 (w07, w08: Riel's quote of Hron's star bars retitled):
    /// `(best of 3 runs)`, `(max of 3 runs)`, `(min of 3 runs)` were read
    /// as means of 3 runs under a note calling them single values. Each
    /// figure is one value, `stat=best|max|min`. Must not fire: `(average
    /// of 3 runs)` and `(mean of 3 runs)` stay means of 3; a bare title
    /// stays a single value with no `stat`.
    #[test]
    fn best_max_min_of_n_runs_titles_are_single_values() {
        // attack44 F8 (w05): `(average of best 3 of 5 runs)` is a mean of
        // the 3 chosen runs, said so, not a mean of 5 (nor `stat=best`).
        let text = "> dbench 64 processes (average of best 3 of 5 runs)\n\
                    > 2.5.3-dj1rat         **************************  13.1  MB/sec\n";
        let d = Dbench.parse(&Input::from_text(text)).expect("dbench bars");
        assert!(matches!(d.samples[0].value, crate::model::Value::Summary { n: 3, .. }), "{:?}", d.samples[0].value);
        assert_eq!(param(&d.samples[0], "stat"), None);
        assert!(d.notes.iter().any(|(l, m)| *l == 1 && m.contains("the best 3 of 5 runs")), "{:?}", d.notes);
        assert_eq!(chosen_of_runs(&["average", "of", "best", "3", "of", "5", "runs"]), Some(("best", 3, 5)));
        // Must not fire: `best of 3 runs`, `3 of 3`, a count with no `runs`.
        assert_eq!(chosen_of_runs(&["best", "of", "3", "runs"]), None);
        assert_eq!(chosen_of_runs(&["best", "3", "of", "3", "runs"]), None);
        assert_eq!(chosen_of_runs(&["best", "3", "of", "5", "kernels"]), None);

        // attack44 F8 (w04): `(median of 3 runs)` is a median, not a bare value.
        for (title, stat) in [
            ("(best of 3 runs)", "best"),
            ("(max of 3 runs)", "max"),
            ("(min of 3 runs)", "min"),
            ("(median of 3 runs)", "median"),
        ] {
            let text = format!(
                "> dbench 64 processes {title}\n> 2.5.3-dj1rat         **************************  13.1  MB/sec\n\
                 > 2.5.3-dj1            **********************  11.1  MB/sec\n"
            );
            let d = Dbench.parse(&Input::from_text(&text)).expect("dbench bars");
            assert_eq!(d.samples.len(), 2, "{title}");
            for smp in &d.samples {
                assert!(matches!(smp.value, crate::model::Value::Single { .. }), "{title}: {:?}", smp.value);
                assert_eq!(param(smp, "stat").as_deref(), Some(stat), "{title}");
            }
            assert!(
                d.notes.iter().any(|(l, m)| *l == 1 && m.contains(&format!("the {stat} of 3 runs"))),
                "{title}: {:?}",
                d.notes
            );
            assert!(!d.notes.iter().any(|(_, m)| m.contains("naming no average")), "{title}: {:?}", d.notes);
        }
        for title in ["(average of 3 runs)", "(mean of 3 runs)"] {
            let text = format!("tbench 32 processes {title}\n2.4.17-rmap12f   ********  16.3  MB/sec\n");
            let t = Tbench.parse(&Input::from_text(&text)).expect("tbench bars");
            assert!(matches!(t.samples[0].value, crate::model::Value::Summary { n: 3, .. }), "{title}");
            assert_eq!(param(&t.samples[0], "stat"), None, "{title}");
        }
        let d = Dbench
            .parse(&Input::from_text("dbench 128 processes\n2.4.17-rmap12f   **********   5.0  MB/sec\n"))
            .expect("bare");
        assert_eq!(param(&d.samples[0], "stat"), None);
        assert!(matches!(d.samples[0].value, crate::model::Value::Single { .. }));
    }

    #[test]
    fn a_unit_after_the_first_rows_figure_only_is_read() {
        // Randy Hron quoted by Hans Reiser, LKML 2002-09 (TABs): `MB/second`
        // after the first row's figure; that row was left out.
        let text = "dbench ext2 64 processes\t\tAverage\t(5 runs)\n2.4.19-rc5-aa1 \t\t179.61\tMB/second\n\
                    2.4.20-pre5    \t\t145.00\t\n";
        let p = Dbench.parse(&Input::from_text(text)).expect("unit on the first row");
        assert_eq!(p.samples.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), vec![179.61, 145.0]);
        assert!(!p.notes.iter().any(|(_, m)| m.contains("summary row")), "{:?}", p.notes);
    }

    #[test]
    fn an_average_high_low_table_reads_the_average_only() {
        // Randy Hron, LKML 2003-04 (TABs): High and Low are not read; a row
        // whose Average is not between them, or a three-figure row under a
        // title without `High  Low`, is no row.
        let text = "tbench 192 processes\tAverage\t\tHigh\t\tLow\n2.5.68-mm2              139.44\t\t142.14\t\t136.77 MB/sec\n\
                    2.5.68                  118.78\t\t132.41\t\t111.45\n2.5.67   150.0  140.0  130.0\n\n\
                    tbench 64 processes  average (3 runs)\n2.5.68   114.30  116.88  111.33\n";
        let p = Tbench.parse(&Input::from_text(text)).expect("average column");
        assert_eq!(vals(&p, "", "Throughput"), vec![139.44, 118.78]);
        assert!(p.notes.iter().any(|(l, m)| *l == 1 && m.contains("High and Low")));
        assert!(p.notes.iter().any(|(l, m)| *l == 4 && m.contains("summary row")));
        assert!(p.notes.iter().any(|(l, m)| *l == 7 && m.contains("summary row")));
    }

    #[test]
    fn a_bare_title_over_no_kernel_row_is_no_list() {
        // A heading over dbench's own output, over rows naming no kernel,
        // or over prose, is no hand list: nothing is read from its rows.
        for text in [
            "dbench 32 processes\nThroughput 226.57 MB/sec 32 procs\n",
            "dbench 64 processes\next3     45.2\nreiserfs 51.0\n",
            "tbench 8 clients\nran it twice 3\n",
            "dbench 128 processes\n2.4.17-rmap12f  ###### 5.0 MB/sec\n",
        ] {
            let input = Input::from_text(text);
            // No result at all is an error naming the file: also fine.
            let Ok(p) = parse_common(&input, "dbench") else { continue };
            assert!(p.samples.iter().all(|s| s.line != 2 || text.contains("Throughput")), "{text:?}: {:?}", p.samples);
            assert!(!p.notes.iter().any(|(_, m)| m.contains("typed by hand under a title")), "{text:?}");
        }
    }

    #[test]
    fn posted_summary_tables_are_read_with_their_kernels() {
        let text = "dbench ext3 64 processes\t\taverage (5 runs)\n2.4.19-aa4     \t 91.68 \n2.4.19-oql\t 86.16\n\n\
                    dbench ext2 192 processes\tAverage\n2.4.19-aa4  153.43\nnot a row here\n";
        let input = Input::from_text(text);
        assert!(Dbench.detect(&input) >= 60);
        let p = Dbench.parse(&input).expect("summary tables");
        let got: Vec<(&str, String, f64)> = p
            .samples
            .iter()
            .map(|s| {
                let params: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                (s.kernel.as_deref().unwrap_or("-"), params.join(" "), s.value.mean())
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("2.4.19-aa4", "procs=64 fs=ext3".to_string(), 91.68),
                ("2.4.19-oql", "procs=64 fs=ext3".to_string(), 86.16),
                ("2.4.19-aa4", "procs=192 fs=ext2".to_string(), 153.43),
            ]
        );
        assert!(matches!(p.samples[0].value, crate::model::Value::Summary { n: 5, .. }));
        assert!(p.notes.iter().any(|(l, m)| *l == 5 && m.contains("unstated number of runs")));
        assert!(p.notes.iter().any(|(l, m)| *l == 7 && m.contains("summary row")));
    }
}
