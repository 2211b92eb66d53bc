//! `perf bench` output: the sched, mem, futex, syscall, numa and breakpoint
//! suites.
//!
//! One parser reads every suite, a file per suite beside this one
//! (`sched`, `mem`, `futex`, `syscall`, `numa`, `breakpoint`): every suite
//! prints under the same `# Running 'SUITE/NAME' benchmark:` header, `sched
//! pipe` and the `syscall` benchmarks end in the same `Total time` /
//! `usecs/op` / `ops/sec` lines, and `perf bench all` (or a post) prints
//! several suites in one file, which one pass reads with one header each.
//! Parsers per suite would each claim those shared lines, and the segment
//! rounds would need them to be one family anyway.
//!
//! ```text
//! # Running 'sched/pipe' benchmark:
//! # Executed 1000000 pipe operations between two processes
//!
//!      Total time: 8.425 [sec]
//!
//!        8.425402 usecs/op
//!          118688 ops/sec
//! ```
//!
//! `perf bench SUITE all`, and perf 3.4 for every benchmark, print the
//! header as `# Running mem/memcpy benchmark...`, which reads the same.
//!
//! Each benchmark's samples have the group `SUITE/NAME` (`sched/pipe`,
//! `mem/memcpy`, `futex/hash`, `numa/mem`, `syscall/basic`,
//! `breakpoint/thread`; a syscall run
//! printed without its header gets the group its header would name, see
//! `syscall`). The lines every suite may end with:
//!
//! | name         | unit     | better |
//! |--------------|----------|--------|
//! | `Total time` | s        | Lower  |
//! | `usecs/op`   | usecs/op | Lower  |
//! | `ops/sec`    | ops/sec  | Higher |
//!
//! Each suite's own metrics and parameters are in its module. A `perf
//! bench` command line above a run (`$ perf bench sched messaging -p -l
//! 1000`, LKP's `2023-07-09 10:22:46 /lkp/benchmarks/perf/perf bench futex
//! hash …`) gives the options its module reads, and names the benchmark of
//! result lines printed without a header under it (perf bench run by `perf
//! stat --repeat 5`, five bare `6.854731 usecs/op` lines, LKML 2025); such
//! lines under no header and no such command are warned of by segmentation
//! (`segment::note_unread_perf_bench`), not read. A header naming a benchmark
//! not read here (`epoll/wait`, `internals/synthesize`) is noted, and its
//! lines are not read (its result lines, `1,053.963 usecs/op` of uprobe's, are
//! passed over, not the end of its output). Figures with perf's `%'`
//! thousands separators (`3,428,179 ops/sec`) are read. A `Total time` line under no header is noted and not
//! read, nor is one after a line of prose or another command that ended
//! the benchmark's output (`$ cat upstream.log | grep Total`). Text a
//! post added after `[sec]` (`Total time: 3.972 [sec] (*)`) is noted and
//! not read. A `Total time:` without the `[sec]` after its figure (a log
//! cut short inside it) is noted and not read. A poster's comment after a
//! line (`969.932105 MB/Sec   # 表示该系统memcpy…`, a Chinese blog) is
//! passed over with a note, the figure before it read (it was dropped, and
//! ended the section). A result line whose number is damaged is an error
//! at its line.
//!
//! `perf bench -f simple` (`--format=simple`) prints no header and, for
//! sched messaging and pipe, the total time alone on a line (`16.135`):
//! under such a command line, that line is read as `Total time` (s) with
//! the command's parameters; the other suites' simple output is not read.

mod breakpoint;
mod futex;
mod mem;
mod numa;
mod sched;
mod syscall;

use super::cmdline::args_of;
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// The suites this parser reads (`perf bench SUITE NAME`, `# Running
/// 'SUITE/NAME' benchmark:`); another suite's run is noted as not read.
const SUITES: [&str; 6] = ["sched", "mem", "futex", "numa", "syscall", "breakpoint"];

/// `perf bench`; registry id `"perf-bench"`.
pub struct PerfBench;

/// The benchmark being read and what its header lines said.
#[derive(Default)]
struct Section {
    /// `SUITE/NAME` as the header names it; empty before any header.
    group: String,
    /// Parameters read so far, in the order the output prints them.
    params: Vec<(&'static str, String)>,
    /// The options of the `perf bench` command line above the header.
    args: Vec<String>,
    /// How many per-run lines (futex's `[Run N]:`) were read, so
    /// that the average after them is not read again.
    runs: usize,
    /// False for a benchmark this parser does not read.
    known: bool,
    /// A futex `Run summary` line without the `.` perf ends it with (a
    /// mail wrapped it): its text, for the next line that ends it.
    summary_head: Option<String>,
    /// The command line asked for `-f simple` (`--format=simple`): perf
    /// prints no header, and sched messaging and pipe their total time
    /// alone on a line (`16.135`).
    simple: bool,
    /// perf printed `cannot enter to cgroup:` under the header: the run
    /// went on outside the cgroups its `-G` named (no `cgroups`
    /// parameter).
    cgroup_failed: bool,
}

impl Section {
    /// A sample of this section with its group and parameters.
    fn sample(&self, metric: Metric, value: f64, n: usize) -> Sample {
        let mut s = Sample::new(metric, value, n).with_group(self.group.as_str());
        for (k, v) in &self.params {
            s = s.with_param(*k, v);
        }
        s
    }

    /// True when a parameter `name` is set.
    fn has(&self, name: &str) -> bool {
        self.params.iter().any(|(k, _)| *k == name)
    }

    /// Sets a parameter, replacing an earlier value of the same name.
    fn set(&mut self, name: &'static str, value: impl ToString) {
        let value = value.to_string();
        match self.params.iter_mut().find(|(k, _)| *k == name) {
            Some(p) => p.1 = value,
            None => self.params.push((name, value)),
        }
    }

    /// The value after option `short` or `long` on the command line
    /// (`-l 1000`, `--nr_loops=1000`, `--nr_loops 1000`).
    fn option(&self, short: &str, long: &str) -> Option<&str> {
        let a = &self.args;
        a.iter().enumerate().find_map(|(i, x)| {
            if x == short || x == long {
                a.get(i + 1).map(String::as_str)
            } else {
                x.strip_prefix(long).and_then(|r| r.strip_prefix('='))
            }
        })
    }

    /// True when a flag without a value is on the command line.
    fn flag(&self, short: &str, long: &str) -> bool {
        self.args.iter().any(|x| x == short || x == long)
    }
}

/// `# Running 'sched/pipe' benchmark:` → `sched/pipe`; `perf bench SUITE
/// all` (and perf 3.4) print `# Running mem/memcpy benchmark...`. Text
/// after `benchmark:` is a terminal's echo of a long command line written
/// over the header (`# Running 'sched/messaging' benchmark:0-31,32-63 perf
/// bench sched`, a QEMU guest's log on LKML, 2024, wildmod46): the quoted
/// name still names the run.
fn header(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("# Running ")?;
    let name = match rest.strip_prefix('\'') {
        Some(quoted) => {
            let (name, tail) = quoted.split_once('\'')?;
            tail.trim_start().starts_with("benchmark:").then_some(name)?
        }
        None => rest.strip_suffix(" benchmark...")?,
    };
    (name.contains('/') && !name.contains(char::is_whitespace)).then_some(name)
}

/// The shared result lines: `Total time: 8.425 [sec]`, `8.425402
/// usecs/op`, `118688 ops/sec`, with the text a post added after `[sec]`
/// (`(*)`), if any, and whether the line was cut short: a `Total time:`
/// without the `[sec]` perf always prints after it (`Total time: 6.`, a
/// truncated log's last line). `Ok(None)` for any other line.
fn shared_line(n: usize, t: &str) -> Result<Option<(Metric, f64, &str, bool)>, ParseError> {
    if let Some(rest) = t.strip_prefix("Total time:") {
        let (v, tail, cut) = match rest.split_once("[sec]") {
            Some((v, tail)) => (v, tail, false),
            None => (rest, "", true),
        };
        // perf prints `%lu.%03lu` here, never grouped: `5,210` is a
        // decimal comma (a locale's or a hand's), not 5210 (attack61).
        let v = plain(v.trim()).ok_or_else(|| ParseError::malformed(n, "`Total time: SECONDS [sec]`", t))?;
        return Ok(Some((Metric::new("Total time", "s", Better::Lower), v, tail.trim(), cut)));
    }
    for (unit, better) in [("usecs/op", Better::Lower), ("ops/sec", Better::Higher)] {
        if let Some(v) = t.strip_suffix(unit).filter(|v| v.ends_with(' ')) {
            let v = number(v).ok_or_else(|| ParseError::malformed(n, format!("a number before `{unit}`"), t))?;
            return Ok(Some((Metric::new(unit, unit, better), v, "", false)));
        }
    }
    Ok(None)
}

/// The error at a `Total time:` whose figure is a placeholder a poster
/// typed (`Total time: 10X.XXX [sec]`, LKML 2021, wild32 file 10) says
/// so, and names the figures in `[sec]` the poster typed by hand below it
/// (`Baseline (no perf-stat)                 104.873 [sec]`, seven
/// conditions' medians): the warning named only the placeholder, and a
/// reader took the file for holding nothing else. Any other error as it is.
fn with_hand_figures(input: &Input, e: ParseError) -> ParseError {
    let ParseError::Malformed { line, expected, found } = &e else { return e };
    let placeholder =
        found.strip_prefix("Total time:").and_then(|r| r.split_once("[sec]")).map(|(v, _)| v.trim()).is_some_and(|v| {
            v.contains(['X', 'x']) && v.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'X' | 'x'))
        });
    if !placeholder {
        return e;
    }
    // `Baseline (no perf-stat)   104.873 [sec]`: words, then a figure in seconds.
    let hand = |t: &str| {
        let Some(rest) = t.strip_suffix("[sec]") else { return false };
        let mut words = rest.split_whitespace().rev();
        let figure = words.next().is_some_and(|v| plain(v).is_some());
        figure && words.next().is_some() && !t.starts_with("Total time:")
    };
    let rows: Vec<(usize, &str)> = input.numbered().map(|(n, l)| (n, l.trim())).filter(|(_, t)| hand(t)).collect();
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else { return e };
    let expected = format!(
        "{expected} (a placeholder is no run's figure; the {} figure(s) in `[sec]` typed by hand at lines {}-{}, `{}` …, are not read either)",
        rows.len(),
        first.0,
        last.0,
        first.1.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    ParseError::malformed(*line, expected, found.clone())
}

/// A figure as perf prints it: plain (`8.425402`), or with the thousands
/// separators of the `%'` format in a locale that has them (`1,053.963`,
/// `2,330,445`: syscall's `ops/sec`, uprobe's figures): groups of three
/// digits after the first, before any decimal point.
pub(crate) fn number(v: &str) -> Option<f64> {
    let v = v.trim();
    if let Some(x) = plain(v) {
        return Some(x);
    }
    let (whole, frac) = v.split_once('.').map_or((v, None), |(w, f)| (w, Some(f)));
    let ok =
        thousands_grouped(whole, ',') && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
    if !ok {
        return None;
    }
    plain(&v.replace(',', ""))
}

/// True when `whole` is digits in groups of three parted by `sep`, after
/// a first group of one to three (`1,053,963` with `,`, `1.487.148` with
/// `.`), with at least one `sep`: an integer perf printed with a locale's
/// thousands separators (`futex`'s mean, [`number`]'s whole part).
fn thousands_grouped(whole: &str, sep: char) -> bool {
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    let mut groups = whole.split(sep);
    let first = groups.next().unwrap_or_default();
    let mut rest = groups.peekable();
    // A first group `0` is no grouping (`0,162`: a decimal comma).
    (1..=3).contains(&first.len())
        && digits(first)
        && !first.starts_with('0')
        && rest.peek().is_some()
        && rest.all(|g| g.len() == 3 && digits(g))
}

/// A line that is one of perf bench's result lines and nothing more
/// (trimmed): `6.854731 usecs/op`, `144110 ops/sec`, `Total time: 6.939
/// [sec]`; and whether it is one only perf bench prints (`usecs/op`, `Total
/// time: … [sec]`; a bare `N ops/sec` may be another tool's). `None` for
/// any other line. For segmentation's note on such lines no parser read
/// (`segment::note_unread_perf_bench`).
pub(crate) fn bare_result(t: &str) -> Option<bool> {
    match shared_line(0, t) {
        Ok(Some((metric, _, "", false))) => Some(metric.name != "ops/sec"),
        _ => None,
    }
}

/// A line shaped as a perf bench result (`Total time: …`, `… usecs/op …`,
/// `… ops/sec`), whatever its figures: a benchmark's own output line.
fn result_like(t: &str) -> bool {
    t.starts_with("Total time:") || t.contains(" usecs/op") || t.ends_with(" ops/sec")
}

/// The options of a `perf bench` command line, from after `bench`.
fn bench_args(line: &str) -> Option<Vec<String>> {
    let args = args_of(line, "perf")?;
    let i = args.iter().position(|a| *a == "bench")?;
    Some(args[i + 1..].iter().map(|a| a.to_string()).collect())
}

/// `perf bench`'s own output format option before the suite (`-f simple`,
/// `--format=simple`, `--format simple`) taken out of `args`: whether it
/// asked for `simple`.
fn take_format(args: &mut Vec<String>) -> bool {
    match args.first().map(String::as_str) {
        Some("-f" | "--format") if args.len() >= 2 => {
            let v = args.remove(1);
            args.remove(0);
            v == "simple"
        }
        Some(a) if a.starts_with("--format=") => args.remove(0) == "--format=simple",
        _ => false,
    }
}

/// A `perf bench -f simple sched messaging …` command line (or `sched
/// pipe`) and the line after it that is no blank: its total time alone
/// (`16.135`), when it is one.
fn simple_run(line: &str, next: &str) -> bool {
    let Some(mut args) = bench_args(line) else { return false };
    take_format(&mut args)
        && matches!(command_group(&args).as_deref(), Some("sched/messaging" | "sched/pipe"))
        && plain(next).is_some()
}

/// A `perf bench` command line naming a benchmark read here (`perf stat
/// --null --repeat 5 perf bench sched pipe`) and, as the next line that is
/// not blank, one of perf bench's result lines (`6.854731 usecs/op`,
/// `Total time: 0.055 [sec]`): the benchmark the lines are of is certain
/// without its `# Running` header.
fn under_command(line: &str, next: &str) -> bool {
    result_like(next) && bench_args(line).as_deref().and_then(command_group).is_some()
}

/// The options of a `perf bench` command on the line that carries on a
/// wrapper's command line ended with `\` (`perf record -e cycles … \` /
/// `-e iTLB-load-misses -c 10000 perf bench sched messaging -g 1 -l 10`, a
/// riscv PMU cover letter, 2022): the line starts with an option and names
/// `perf bench` after it. `None` for any other line (`continued` false: a
/// line of prose naming `perf bench` is no command).
fn continued_bench_args(t: &str, continued: bool) -> Option<Vec<String>> {
    if !continued || !t.starts_with('-') {
        return None;
    }
    let at = t.find(" perf bench ")?;
    bench_args(&t[at + 1..])
}

/// The options of a `perf bench` command that prose quotes rather than
/// runs: `For comparison, results of "perf bench futex hash -s":` (a
/// linux-kernel 2025 mail, whose result lines carry no header and no
/// command line) gives `futex hash -s`. The command must be whole inside
/// `"…"` or `` `…` `` and name a benchmark read here.
fn quoted_command(line: &str) -> Option<Vec<String>> {
    let at = line.find("\"perf bench ").or_else(|| line.find("`perf bench "))?;
    let quote = line[at..].chars().next()?;
    let inner = &line[at + 1..];
    let (command, _) = inner.split_once(quote)?;
    let args = bench_args(command)?;
    command_group(&args).map(|_| args)
}

/// The `perf bench` command perf stat ran, from its `Performance counter
/// stats for 'perf bench sched messaging -l 100000':` line.
/// A line a mail's re-wrap broke inside the quotes (`… messaging -l` /
/// `100000':`, the bpf list mail at 72: the second and third runs lost
/// `loops` again) is read with `next`, the file's next line, when that
/// closes the quote and ends the line as perf stat does (`':`).
fn perf_stat_command(line: &str, next: Option<&str>) -> Option<Vec<String>> {
    let rest = line.strip_prefix("Performance counter stats for '")?;
    if let Some((command, _)) = rest.split_once('\'') {
        return bench_args(command);
    }
    let tail = next?.trim().strip_suffix("':")?;
    (!tail.contains('\'') && tail.split_whitespace().count() <= 4).then(|| bench_args(&format!("{rest} {tail}")))?
}

/// `futex/hash` for the options of `perf bench futex hash -b 512`: the
/// benchmark a command line names, when its suite is one read here and
/// both words are there (`perf bench all`, `perf bench futex` name none).
fn command_group(args: &[String]) -> Option<String> {
    // perf bench's own `-r 30` / `--repeat=56` before the suite (perf
    // 5.19+, used by the breakpoint benchmarks): no suite.
    let mut at = 0;
    while let Some(a) = args.get(at) {
        match a.as_str() {
            "-r" | "--repeat" => at += 2,
            a if a.starts_with("--repeat=") => at += 1,
            _ => break,
        }
    }
    let (suite, name) = (args.get(at)?, args.get(at + 1)?);
    let known = SUITES.contains(&suite.as_str());
    let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    (known && word(name) && name != "all").then(|| format!("{suite}/{name}"))
}

/// Why a perf bench `Total time` of `0.000` (default format or `-f
/// simple`) is not read.
const ZERO_TOTAL_TIME: &str =
    "a run shorter than the millisecond perf prints its time to; a time of 0 is no measurement: not read";

/// Reads one line of the current section; a line no suite reads that is
/// not blank, a `#` comment or a `[…]` per-thread line ends the section.
fn line(sec: &mut Section, n: usize, t: &str, out: &mut ParsedFile) -> Result<(), ParseError> {
    if !sec.known {
        // The not-read benchmark's own result lines (`Total time: 1,053,963
        // usecs +2,330 to baseline`, `1,053.963 usecs/op`, perf bench
        // uprobe, 2023) are its, not the end of its output: the note at its
        // header says it is not read (they ended it, and a `usecs/op` with
        // thousands separators was an error that lost the whole file).
        if result_like(t) {
            return Ok(());
        }
        if !t.is_empty() && !t.starts_with(['#', '[']) {
            *sec = Section { known: true, ..Section::default() };
        }
        return Ok(());
    }
    // `-f simple`: sched messaging's and pipe's total time alone on the
    // first line (a sched-ext PR's `❯ run0 perf bench -f simple sched
    // messaging -t -g 24 -l 10000` / `16.135`, wildmod48: left out without
    // a word). Anything else ends the wait for it.
    if sec.simple && !t.is_empty() {
        sec.simple = false;
        if let Some(v) = plain(t)
            && matches!(sec.group.as_str(), "sched/messaging" | "sched/pipe")
        {
            if v == 0.0 {
                // `0.000`, as the default format's `Total time: 0.000
                // [sec]` below (review61 parse #4: read as 0 s).
                out.notes.push((n, format!("`{t}`: {ZERO_TOTAL_TIME}")));
                return Ok(());
            }
            let mut s = sec.sample(Metric::new("Total time", "s", Better::Lower), v, n);
            // No header lines: messaging's mode and groups as the
            // command gives them (`-t`, `-g 24`).
            if sec.group == "sched/messaging" {
                s = s.with_param("mode", if sec.flag("-t", "--thread") { "thread" } else { "process" });
                if let Some(g) = sec.option("-g", "--group").and_then(|g| g.parse::<u32>().ok()) {
                    s = s.with_param("groups", g.to_string());
                }
            }
            for (k, v) in sched::command_params(sec) {
                s = s.with_param(k, v);
            }
            out.samples.push(s);
            return Ok(());
        }
    }
    let suite = sec.group.split('/').next().unwrap_or("").to_string();
    let took = match suite.as_str() {
        "sched" => sched::line(sec, n, t, out)?,
        "mem" => mem::line(sec, n, t, out)?,
        "futex" => futex::line(sec, n, t, out)?,
        "numa" => numa::line(sec, n, t, out)?,
        "breakpoint" => breakpoint::line(sec, n, t, out)?,
        _ => false,
    };
    if took {
        return Ok(());
    }
    // perf prints ops/sec whole (`%14d`, `%'14d` in a locale grouping
    // thousands): a `.` there is a de_DE thousands point (`175.279
    // ops/sec`, attack61's de_DE sched pipe: read as 175.279, not 175279).
    // Grouped in threes it is read whole, with a note; any other fraction
    // is no figure perf prints: warned, not read.
    if !sec.group.is_empty()
        && let Some(v) = t.strip_suffix(" ops/sec").map(str::trim).filter(|v| v.contains('.'))
    {
        match plain(&v.replace('.', "")).filter(|_| thousands_grouped(v, '.')) {
            Some(whole) => {
                out.samples.push(sec.sample(Metric::new("ops/sec", "ops/sec", Better::Higher), whole, n));
                out.notes.push((
                    n,
                    format!(
                        "`{t}` read as {whole} ops/sec: perf prints ops/sec whole, its `.` a locale's thousands point"
                    ),
                ));
            }
            None => {
                out.notes.push((n, format!("`{t}`: perf prints ops/sec whole, a fraction is none of its: not read")))
            }
        }
        return Ok(());
    }
    if let Some((metric, v, tail, cut)) = shared_line(n, t)? {
        if sec.group.is_empty() {
            out.notes
                .push((n, "a perf bench result with no `# Running '…' benchmark:` header above it: not read".into()));
        } else if cut {
            let msg = "a `Total time:` without the `[sec]` perf prints after it (the line looks cut short): not read";
            out.notes.push((n, msg.into()));
        } else if metric.name == "Total time" && v == 0.0 {
            // `Total time: 0.000 [sec]` (acme's Ryzen `perf bench
            // breakpoint all`, LKML 2022-05): a run shorter than the
            // millisecond perf prints to. No time was measured; read as
            // 0 s it was the best of any run, compared as such.
            out.notes.push((n, format!("`{t}`: {ZERO_TOTAL_TIME}")));
        } else {
            out.samples.push(sec.sample(metric, v, n));
            if !tail.is_empty() {
                out.notes.push((n, format!("text after the value not read: {tail:?}")));
            }
        }
    } else if let Some(cgroup) = t.strip_prefix("cannot enter to cgroup:") {
        // `perf bench sched pipe -G AAA,BBB`'s failure to move a task into
        // a cgroup (`cannot enter to cgroup: AAA (written=-1, len=6,
        // errno=Operation not supported)`, LKML 2023-10): perf runs on
        // outside it. It was passed over as prose, ending the section; the
        // run below read as any other.
        sec.cgroup_failed = true;
        let name = cgroup.split_whitespace().next().unwrap_or("").to_string();
        let msg = format!(
            "perf could not enter cgroup {name} (`{t}`): the run below ran outside the cgroups its command asked for"
        );
        out.notes.push((n, msg));
    } else if !t.is_empty() && !t.starts_with(['#', '[']) {
        // Prose or another command (`$ cat upstream.log | grep Total`):
        // what follows is no longer this benchmark's output.
        *sec = Section { known: true, ..Section::default() };
    }
    Ok(())
}

/// A `# Running '…' benchmark:` header still waiting for its result.
struct Pending {
    /// The header's line and benchmark name.
    line: usize,
    name: String,
    /// How many samples had been read, and notes made, before it (a
    /// note under it already says what became of its run).
    samples: usize,
    notes: usize,
    /// The first line after it that is no `#` comment, when it is no
    /// prompt or per-thread `[…]` line: perf's error when the run failed
    /// (`no access to cgroup /sys/fs/cgroup/AAA`).
    said: Option<(usize, String)>,
    looked: bool,
}

/// A header whose run gave no result: the header's line and name, and
/// what perf printed instead.
type Failed = (usize, String, Option<(usize, String)>);

/// Ends `pending`: a header under which nothing was read is a run that
/// failed.
fn close(pending: &mut Option<Pending>, out: &ParsedFile, failed: &mut Vec<Failed>) {
    if let Some(p) = pending.take()
        && out.samples.len() == p.samples
        && out.notes.len() == p.notes
    {
        failed.push((p.line, p.name, p.said));
    }
}

/// Reads every benchmark in `input`.
fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "perf-bench".into(), ..ParsedFile::default() };
    let mut sec = Section { known: true, ..Section::default() };
    let mut args: Vec<String> = Vec::new();
    // Lines a poster commented, with the text before the comment.
    let mut commented: Vec<(usize, String)> = Vec::new();
    let mut pending: Option<Pending> = None;
    let mut failed: Vec<Failed> = Vec::new();
    let mut quoted: Option<Vec<String>> = None;
    // The last line that was not blank ended with `\` (a command carried on).
    let mut carried = false;
    // The header line just read carried a terminal's echo after it, and
    // the last `perf bench` command line.
    let mut echoed = false;
    let mut typed: Option<String> = None;
    // A futex hash `Run summary` under no header was met (noted once).
    let mut headerless = false;
    for (n, raw) in input.numbered() {
        // A poster's comment after perf's text (`969.932105 MB/Sec  #
        // 表示…`, `perf bench mem memcpy  # 对memcpy…`): the text before it.
        let t = match super::num::poster_comment(raw.trim()) {
            Some(before) => {
                commented.push((n, before.to_string()));
                before
            }
            None => raw.trim(),
        };
        let continued = carried;
        if !t.is_empty() {
            carried = t.ends_with('\\');
        }
        // The rest of a terminal's echo written over the header line
        // above (`messaging -p -t -l 100000 -g 2`, see [`header`]): the
        // end of the command line typed above it, no output of the run.
        if std::mem::take(&mut echoed) && !t.is_empty() && typed.as_deref().is_some_and(|c| c.ends_with(t)) {
            continue;
        }
        if let Some(p) = pending.as_mut()
            && !p.looked
            && !t.is_empty()
            && !t.starts_with('#')
        {
            p.looked = true;
            if !t.starts_with('[') && bench_args(t).is_none() && header(t).is_none() {
                p.said = Some((n, t.to_string()));
            }
        }
        if let Some(a) = quoted_command(t) {
            // Prose naming the command its results below were run with
            // (`For comparison, results of "perf bench futex hash -s":`):
            // kept for result lines that name their set-up themselves. The
            // line is read on as before (numa's `# Running main, "perf
            // bench numa mem …"` gives its options).
            quoted = Some(a);
        }
        if let Some(a) = perf_stat_command(t, input.lines.get(n).map(String::as_str))
            && sec.args.is_empty()
            && command_group(&a).as_deref() == Some(sec.group.as_str())
            && let Some(p) = pending.as_ref()
        {
            // perf stat's `Performance counter stats for 'perf bench sched
            // messaging -l 100000':` under a run with no command line of its
            // own (a bpf list mail, 2024: one command over three labelled
            // runs, each in perf stat): the command perf stat ran is this
            // run's, and its options are read for the run's samples (the
            // second and third runs had lost `loops`, so the three no longer
            // compared as one set-up).
            sec.args = a;
            let extra = sched::command_params(&sec);
            let mut added = false;
            for s in out.samples[p.samples..].iter_mut().filter(|s| s.group.as_str() == sec.group) {
                for (k, v) in &extra {
                    if !s.params.iter().any(|q| q.name == *k) {
                        s.params.push(crate::model::Param::new(*k, v));
                        added = true;
                    }
                }
            }
            for (k, v) in extra {
                sec.set(k, v);
            }
            if added {
                let msg = format!("the run's options are read from perf stat's line naming its command: `{t}`");
                out.notes.push((n, msg));
            }
        }
        if bench_args(t).is_some() {
            typed = Some(t.to_string());
        }
        if let Some(mut a) = bench_args(t).or_else(|| continued_bench_args(t, continued)) {
            let simple = take_format(&mut a);
            // A post that kept the command but not perf's header under it
            // (`./perf bench futex hash` / `Averaged 1559643 operations/sec
            // …`): the result below is read under the group the command
            // names; a header that follows takes the command's options as
            // before.
            if let Some(group) = command_group(&a) {
                close(&mut pending, &out, &mut failed);
                sec = Section { group, args: a.clone(), known: true, simple, ..Section::default() };
            }
            args = a;
        } else if let Some(name) = header(t) {
            let known = name.split('/').next().is_some_and(|s| SUITES.contains(&s));
            close(&mut pending, &out, &mut failed);
            if known {
                let (samples, notes) = (out.samples.len(), out.notes.len());
                pending = Some(Pending { line: n, name: name.to_string(), samples, notes, said: None, looked: false });
                echoed = t.contains("benchmark:") && !t.ends_with("benchmark:");
            }
            if !known {
                out.notes.push((n, format!("perf bench {name} is not read by benchsite")));
            }
            sec = Section { group: name.to_string(), args: std::mem::take(&mut args), known, ..Section::default() };
        } else if let Some((word, summary)) = futex::glued(t)
            && let Some(a) = quoted.as_ref()
            && let Some(group) = command_group(a).filter(|g| matches!(g.as_str(), "futex/hash" | "futex/lock-pi"))
        {
            // `shared  Averaged 1.487.148 operations/sec (+- 0,53%), total
            // secs = 10`: a post's own set-up word glued before perf's
            // summary, under prose naming the command (no header, no
            // command line above it).
            close(&mut pending, &out, &mut failed);
            sec = Section { group, args: a.clone(), known: true, ..Section::default() };
            futex::glued_setup(&mut sec, word);
            line(&mut sec, n, summary, &mut out)?;
            sec = Section { known: true, ..Section::default() };
        } else if sec.group.is_empty() && futex::hash_summary(t) {
            // futex hash's own `Run summary [PID 6247]: 240 threads, hash
            // slots: 2 each operating on 1024 [private] futexes for 10
            // secs.` with its `Averaged …` lines under it and no header (a
            // post's `RAW numbers:`, linux-kernel 2024-10): the summary
            // names the benchmark. Its 15 runs were warned of and not read;
            // and the command line typed far above them (`perf bench futex
            // hash -t 240 … -b $hb`) waited for the next header, four
            // screens below, whose run it made one of 240 threads.
            close(&mut pending, &out, &mut failed);
            args.clear();
            sec = Section { group: "futex/hash".into(), known: true, ..Section::default() };
            if !std::mem::replace(&mut headerless, true) {
                let msg = "a futex hash `Run summary` with no `# Running 'futex/hash' benchmark:` header above it \
                           (here and at any below): the runs under it are read as futex/hash";
                out.notes.push((n, msg.into()));
            }
            line(&mut sec, n, t, &mut out)?;
        } else if syscall::executed(&mut sec, t) {
            // A syscall or sched/pipe run's `# Executed …` line.
        } else {
            line(&mut sec, n, t, &mut out)?;
        }
    }
    close(&mut pending, &out, &mut failed);
    if out.samples.is_empty()
        && let Some((line, name, said)) = failed.first()
    {
        let expected = format!("a result under line {line}'s `# Running '{name}' benchmark:` (the run failed?)");
        return Err(match said {
            Some((n, text)) => ParseError::malformed(*n, expected, text.as_str()),
            None => ParseError::malformed(*line, expected, "nothing after it"),
        });
    }
    for (line, name, said) in failed {
        let msg = match said {
            Some((n, text)) => format!("perf bench {name} gave no result: perf printed `{text}` (line {n}) instead"),
            None => format!("perf bench {name} gave no result under this header"),
        };
        out.notes.push((line, msg));
    }
    // Only a comment after perf's own text counts: after a figure read, a
    // `perf bench` command or a `Run summary`. A busybox prompt (`/ #
    // /host/apps/perf stat …`) and perf stat's own `#` column (`37209585734
    // instructions  #  1.00 insn per cycle`) are no poster's comments
    // (wild36a file 01 was told of both).
    commented.retain(|(n, before)| {
        out.samples.iter().any(|s| s.line == *n) || bench_args(before).is_some() || before.starts_with("Run summary")
    });
    if let Some((first, _)) = commented.first() {
        let lines: Vec<String> = commented.iter().map(|(n, _)| n.to_string()).collect();
        let lines = match lines.len() {
            1 => format!("line {}", lines[0]),
            2..=6 => format!("lines {}", lines.join(", ")),
            k => format!("{k} lines, {}-{}", lines[0], lines[k - 1]),
        };
        let what = format!(
            "a poster's comments after perf's text (`  # …`, `  << …`, {lines}) passed over: the figures before them read"
        );
        out.notes.push((*first, what));
    }
    futex::note_runs_cut_short(input, &mut out);
    if out.samples.is_empty() {
        // Only benchmarks not read here (`perf bench uprobe all`): say which.
        let skipped: Vec<&(usize, String)> =
            out.notes.iter().filter(|(_, m)| m.ends_with("is not read by benchsite")).collect();
        // Or only a `Total time` of 0 (review61 parse #4): say so.
        let zero = out.notes.iter().find(|(_, m)| m.ends_with(ZERO_TOTAL_TIME));
        let reason = match (skipped.first(), zero) {
            (Some((n, m)), _) => format!("line {n}: {m} (and {} more such header(s))", skipped.len() - 1),
            (None, Some((n, m))) => format!("line {n}: {m}"),
            (None, None) => "no result under a `# Running '…' benchmark:` header".into(),
        };
        return Err(ParseError::NoResults { benchmark: "perf-bench", reason });
    }
    Ok(out)
}

impl BenchParser for PerfBench {
    fn id(&self) -> &'static str {
        "perf-bench"
    }

    fn describe(&self) -> &'static str {
        "perf bench sched, mem, futex, syscall and numa suites"
    }

    /// A header's `# Running `, futex's `operations/sec`, `-f simple`,
    /// a command's `bench`, or syscall's `# Executed `.
    fn literals(&self) -> &'static [&'static str] {
        &["# Running ", "operations/sec", "simple", "bench", "# Executed "]
    }

    fn detect(&self, input: &Input) -> u8 {
        if input.has("# Running ") && input.lines.iter().any(|l| header(l.trim()).is_some()) {
            return 95;
        }
        // A `perf bench futex hash` command line and perf's summary under
        // it, the header between them left out of a post.
        if input.has("operations/sec")
            && input.lines.iter().any(|l| futex::summary_whole(l.trim()))
            && input.lines.iter().any(|l| bench_args(l.trim()).as_deref().and_then(command_group).is_some())
        {
            return 85;
        }
        // Prose quoting the command and result lines with the post's own
        // set-up glued before perf's summary (`shared  Averaged …`).
        if input.has("operations/sec")
            && input.lines.iter().any(|l| futex::glued(l.trim()).is_some())
            && input.lines.iter().any(|l| quoted_command(l).is_some())
        {
            return 85;
        }
        // `perf bench -f simple sched messaging …` and its total time alone
        // on the next line.
        if input.has("simple") && input.has("perf") {
            let lines: Vec<&str> = input.lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
            if lines.windows(2).any(|w| simple_run(w[0], w[1])) {
                return 85;
            }
        }
        // A `perf bench` command naming a benchmark read here with perf
        // bench's result lines right under it, its header left out: perf
        // bench under `perf stat --repeat 5` (`starship:~> perf stat --null
        // --repeat 5 perf bench sched pipe` / `6.854731 usecs/op` five times,
        // Ingo Molnar, LKML 2025-03), or a poster who cut the header lines.
        // Such a file was left to perf-stat, and the runs' own figures were
        // dropped without a word (wildmod53).
        if (input.has("usecs/op") || input.has("ops/sec") || input.has("Total time:")) && input.has("bench") {
            let lines: Vec<&str> = input.lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
            if lines.windows(2).any(|w| under_command(w[0], w[1])) {
                return 85;
            }
        }
        if input.has("# Executed ") && input.has("Total time:") {
            let mut sec = Section::default();
            if input.lines.iter().any(|l| syscall::executed(&mut sec, l.trim())) {
                return 85;
            }
        }
        0
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input).map_err(|e| with_hand_figures(input, e))
    }

    /// A last line `Averaged 491926 operations/sec (+- 0.19%), total secs =
    /// 300` (perf bench futex hash and lock-pi) is whole: the mean read
    /// from it is followed by its unit; the figure it ends in, the run's
    /// length, is not read (`futex::summary_whole`).
    fn last_figure_complete(&self, input: &Input) -> bool {
        input.lines.last().is_some_and(|l| futex::summary_whole(l.trim()))
    }
}

#[cfg(test)]
mod tests;
