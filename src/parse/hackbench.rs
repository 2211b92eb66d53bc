//! hackbench (rt-tests' and LTP's `hackbench.c`, and the LKP logs of it).
//!
//! Each run prints its set-up, then the time it took:
//!
//! ```text
//! 2026-07-19 18:06:13 hackbench -g 256 -f 20 --process --pipe -l 30000 -s 100
//! Running in process mode with 256 groups using 40 file descriptors each (== 10240 tasks)
//! Each sender will pass 30000 messages of 100 bytes
//! Time: 9.541
//! ```
//!
//! Older hackbench (LTP's still) printed `Running with 10*40 (== 400)
//! tasks.` instead of the first line and no `Each sender` line, and took
//! positional arguments (`hackbench [-pipe] 15 process 50`: groups, mode,
//! loops); posts wrap it (`… 40 file descriptors each` over `(==
//! 400 tasks)`), which reads the same. `perf bench sched messaging` is
//! hackbench's port to perf and is read by [`super::perf_bench`].
//!
//! Metric (group empty): `Time`, in s, lower is better.
//!
//! Parameters, from the `Running …` and `Each sender …` lines above the
//! time: `mode` (`process` or `thread`; for the old form, from its command
//! line when there is one), `ipc` (`pipe` or `socket`: the header does not say, so it is
//! read from a hackbench command line above the run, `-p`/`--pipe` meaning
//! pipe and anything else the default, socket; absent without a command
//! line), `groups`, `fds` (file descriptors per group), `loops` (messages
//! each sender passes; for the old form, from its command line) and `size`
//! (bytes per message). A command line's `mode` and `loops` count for the
//! run right below it only; its `ipc` for every run down to the next
//! hackbench command line (a post's `Before patch:` and `After patch:`
//! runs under one `hackbench … --pipe`, LKML 2022). LKP's several
//! iterations of one set-up are runs of one sample set. Its concurrent
//! instances (`Instance: 1`, `Instance: 2` … above the runs, started at
//! once) are runs too, of a set-up `instances` (how many ran at once:
//! [`super::instances`]), never compared with a single instance as alike;
//! its `Iterations:` lines are not read.
//!
//! Set-ups: a script's `#` comment right above a run (`# for 1 cpu`, or
//! above its command line: `# 4cpu` over `./hackbench 50 process 50`)
//! names it; when the file's runs are under two or more such comments, each
//! sample gets its run's as a `label` parameter, so that set-ups are not
//! averaged as runs. Other labels (`before:`, a kernel's name) are found by
//! [`super::labels`].
//!
//! A post's hand table of means over group counts (LKML 2021, Barry Song's
//! `g=    2      4     6 …` over `w/o: 1.8151 3.8499 …` and `w/ : 1.8428
//! …`, under the hackbench command and one run's banner) is read: each
//! row's figure per column a `Time` with `groups` the column's count and
//! `label` the row's name (`w/o`, `w/`), the other parameters the nearest
//! banner's above (the `-g` it shows is the table's), or, where a hackbench
//! command line comes after that banner (a second table under `hackbench
//! -p -T -l 2000 -g $1`), what that command line states (`ipc`, `mode`,
//! `loops`, `size`); each a mean of runs the table does not count, a
//! single value. A row of changes under it (`+4.1%  +8.3%`) is the poster's
//! arithmetic, a note, and so is a row with a negative figure or named
//! `diff` (differences with no `%`); a row pasted twice is a row of its own
//! (`rerun printed again`), said; a row of another number of figures ends
//! the table, a note naming it.
//!
//! A run stopped by a signal (rt-tests' `Signal 2 caught, longjmp'ing out!`
//! between its banner and its time: a background load killed by its
//! script) prints the time it ran until then: not read, with a note.
//!
//! A `Time:` line with no `Running …` line above it since the previous time
//! is not read (a note says so): its set-up is unknown. Nor is a time with
//! fewer than the three decimals hackbench prints (`Time: 0.`, `Time:
//! 12.3`: a log cut short) or a negative one: a note names its line. A
//! `Time:` line whose value is no number is an error at its line; a
//! poster's arrow or comment after the time (`Time: 101.285  <--- lower the
//! better`, LKML 2023) is passed over with a note, the time before it read.

use super::cmdline::args_of;
use super::labels::{is_counter_beside_program, setup_beside_counter};
use super::num::{plain, poster_comment};
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// hackbench; registry id `"hackbench"`.
pub struct Hackbench;

/// One run's set-up, as the lines above its time print it.
#[derive(Default, Clone)]
struct Setup {
    mode: Option<&'static str>,
    ipc: Option<&'static str>,
    groups: Option<u64>,
    fds: Option<u64>,
    loops: Option<u64>,
    size: Option<u64>,
}

/// `Running in process mode with 256 groups using 40 file descriptors
/// each (== 10240 tasks)` → (mode, groups, fds); the old `Running with
/// 10*40 (== 400) tasks.` → (None, 10, 40).
fn running(line: &str) -> Option<(Option<&'static str>, u64, u64)> {
    if let Some(rest) = line.strip_prefix("Running with ") {
        let (g, rest) = rest.split_once('*')?;
        let fds = rest.split_whitespace().next()?;
        return Some((None, g.parse().ok()?, fds.parse().ok()?));
    }
    let rest = line.strip_prefix("Running in ")?;
    let (mode, rest) = rest.split_once(" mode with ")?;
    let mode = match mode {
        "process" => "process",
        "threaded" | "thread" => "thread",
        _ => return None,
    };
    let (groups, rest) = rest.split_once(" groups using ")?;
    let fds = rest.strip_suffix(" file descriptors").or_else(|| rest.split(" file descriptors").next())?;
    Some((Some(mode), groups.trim().parse().ok()?, fds.trim().parse().ok()?))
}

/// `Each sender will pass 100 messages of 100 bytes` → (100, 100).
fn sender(line: &str) -> Option<(u64, u64)> {
    let rest = line.strip_prefix("Each sender will pass ")?;
    let (loops, rest) = rest.split_once(" messages of ")?;
    let size = rest.strip_suffix(" bytes")?;
    Some((loops.trim().parse().ok()?, size.trim().parse().ok()?))
}

/// What a hackbench command line says about the run it starts.
#[derive(Default, Clone, Copy)]
struct Command {
    ipc: Option<&'static str>,
    /// The old positional form's mode and loops: `hackbench 15 process 50`.
    mode: Option<&'static str>,
    loops: Option<u64>,
}

/// A hackbench command line: its transport, `pipe` with `-p`/`--pipe`/
/// the old `-pipe` (alone or among bundled short options, `-pT`), else
/// `socket`; and for the old positional form (`hackbench [-pipe] GROUPS
/// process|thread LOOPS`), the mode and loops its header does not print.
fn command(args: &[&str]) -> Command {
    let pipe = args
        .iter()
        .any(|a| *a == "--pipe" || (a.starts_with('-') && !a.starts_with("--") && a.len() > 1 && a[1..].contains('p')));
    let mut cmd = Command { ipc: Some(if pipe { "pipe" } else { "socket" }), ..Command::default() };
    if let Some(i) = args.iter().position(|a| matches!(*a, "process" | "thread")) {
        cmd.mode = Some(if args[i] == "process" { "process" } else { "thread" });
        cmd.loops = args.get(i + 1).and_then(|l| l.parse().ok());
    }
    cmd
}

/// The set-up a hackbench command line states for a hand table under it
/// (`hackbench -p -T -l 2000 -g $1`: `ipc` pipe, `mode` thread, `loops`
/// 2000; `-g $1` is the table's columns): what it does not state (the
/// file descriptors, the message size) stays unknown.
fn stated_setup(args: &[&str]) -> Setup {
    let c = command(args);
    let short = |a: &str, f: char| a.starts_with('-') && !a.starts_with("--") && a[1..].contains(f);
    let mode = if args.iter().any(|a| *a == "--threads" || short(a, 'T')) {
        Some("thread")
    } else if args.iter().any(|a| *a == "--process" || short(a, 'P')) {
        Some("process")
    } else {
        c.mode
    };
    let value = |names: [&str; 2]| {
        args.windows(2).find(|w| names.contains(&w[0])).and_then(|w| w[1].parse().ok()).or_else(|| {
            args.iter()
                .find_map(|a| a.strip_prefix(names[1]).and_then(|r| r.strip_prefix('=')).and_then(|v| v.parse().ok()))
        })
    };
    let loops = value(["-l", "--loops"]).or(c.loops);
    Setup { mode, ipc: c.ipc, loops, size: value(["-s", "--datasize"]), ..Setup::default() }
}

impl Setup {
    fn sample(&self, value: f64, n: usize) -> Sample {
        let mut s = Sample::new(Metric::new("Time", "s", Better::Lower), value, n);
        if let Some(m) = self.mode {
            s = s.with_param("mode", m);
        }
        if let Some(i) = self.ipc {
            s = s.with_param("ipc", i);
        }
        // hackbench's data size is in bytes (`Each sender will pass 100
        // messages of 100 bytes`).
        let numbers = [
            ("groups", self.groups, ""),
            ("fds", self.fds, ""),
            ("loops", self.loops, ""),
            ("size", self.size, "bytes"),
        ];
        for (name, v, unit) in numbers {
            if let Some(v) = v {
                s = s.with_param_in(name, v, unit);
            }
        }
        s
    }
}

/// A script's comment naming a run (`# for 1 cpu`, `# 4cpu`, `# for 2
/// cpu : ./hackbench 15 process 50` → `for 2 cpu`). A root prompt's
/// command line (`# hackbench process 10 1000 -s 16`, `# numactl -N 0
/// hackbench -p -T -g 10`) is no name: it is the same above the runs a
/// poster sets under `Without this change:` / `With this change:`. A
/// run's counter (`# run 2`, `# iteration 2 of 3`) names no set-up (as a
/// label it made each run one of its own, nothing averaged); beside a
/// set-up (`# 4cpu run 2`) the set-up is the name.
fn comment_label(t: &str) -> Option<String> {
    let rest = t.strip_prefix("# ")?.trim();
    let label = rest.split_once(" : ").map_or(rest, |(l, _)| l).trim();
    let command = label.split_whitespace().any(|w| w.rsplit('/').next() == Some("hackbench"));
    let ok = !label.is_empty() && !command && label.chars().count() <= 40 && label.chars().any(char::is_alphabetic);
    if !ok || is_counter_beside_program(label, &["hackbench"]) {
        return None;
    }
    Some(setup_beside_counter(label, &["hackbench"]).unwrap_or_else(|| label.to_string()))
}

/// Gives every sample its run's comment label as a `label` parameter, when
/// the file's runs have two different ones.
fn apply_comment_labels(out: &mut ParsedFile, labels: &[Option<String>]) {
    let mut distinct: Vec<&String> = labels.iter().flatten().collect();
    distinct.sort();
    distinct.dedup();
    if distinct.len() >= 2 {
        for (s, l) in out.samples.iter_mut().zip(labels) {
            if let Some(l) = l {
                s.params.push(crate::model::Param::new("label", l));
            }
        }
    }
}

/// Why a `Time:` figure is not read, if it is not: hackbench prints the
/// time with three decimals (`%.3f`; the old `%lu.%03lu`), so one with
/// fewer (`Time: 0.`, `Time: 12.3`: a log cut short) is cut, and a time is
/// never below zero.
fn refused(cell: &str, value: f64) -> Option<&'static str> {
    if super::num::fewer_decimals(cell, 3) {
        Some(
            "a hackbench time with fewer than the three decimals hackbench prints (`%.3f`): the line looks cut short; not read",
        )
    } else if value < 0.0 || cell.trim().starts_with('-') {
        Some("a negative hackbench time (hackbench never prints one): not read")
    } else {
        None
    }
}

/// A hand table's header of group counts, `g=    2      4     6 …` (a
/// post's table of means, one column per `-g`): the counts, two or more.
/// Also `g     1      2      3 …` with no `=` (Barry Song's cluster
/// scheduler RFC, 2021-01): [`bare_groups_header`], taken only over a row.
fn groups_header(t: &str) -> Option<Vec<u64>> {
    let rest = t.strip_prefix("g=").or_else(|| t.strip_prefix("g ="))?;
    let counts: Vec<u64> = rest.split_whitespace().map(|w| w.parse().ok()).collect::<Option<_>>()?;
    (counts.len() >= 2).then_some(counts)
}

/// `g     1      2      3 …` (no `=`): the group counts of a hand table
/// when the line below is one of its rows, as many figures as counts
/// (`w/o 1.4777 2.0112 …`). A `g` line over anything else is no header.
fn bare_groups_header(t: &str, next: Option<&str>, after: Option<&str>) -> Option<Vec<u64>> {
    let rest = t.strip_prefix("g ").or_else(|| t.strip_prefix("g\t"))?;
    let counts: Vec<u64> = rest.split_whitespace().map(|w| w.parse().ok()).collect::<Option<_>>()?;
    let row = hand_row(next?.trim())?;
    let whole = row.1.len() == counts.len() || wrapped_rest(row.1.len(), counts.len(), after).is_some();
    (counts.len() >= 2 && whole).then_some(counts)
}

/// The figures of `next` when they are the rest of a hand table's row of
/// `have` figures under `want` columns, a mailer's wrap at 72 columns
/// having carried them onto a line of their own (Barry Song's cluster
/// scheduler RFC, LKML 2021-01: `w/o 1.4777 … 9.7526` / `10.8987`; the
/// table was dropped with no word): figures only, exactly as many as the
/// row lacks. `None` for any other line.
fn wrapped_rest(have: usize, want: usize, next: Option<&str>) -> Option<Vec<(&str, f64)>> {
    let words: Vec<&str> = next?.split_whitespace().collect();
    let cells: Vec<(&str, f64)> = words.iter().map(|w| Some((*w, plain(w)?))).collect::<Option<_>>()?;
    (have < want && !cells.is_empty() && have + cells.len() == want).then_some(cells)
}

/// A hand table's row, `w/o: 1.8151 3.8499 …` or `w/ : 1.8428 …`: its
/// name (the words before the colon) and its figures. Also a row with no
/// colon, its name one word that is no number (`w/o 1.4777 2.0112 …`).
/// `None` for a line of another shape.
fn hand_row(t: &str) -> Option<(&str, Vec<(&str, f64)>)> {
    let (name, rest) = match t.split_once(':') {
        Some(split) => split,
        None => {
            let name = t.split_whitespace().next()?;
            if plain(name).is_some() || name.ends_with('%') {
                return None;
            }
            (name, &t[name.len()..])
        }
    };
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 24 {
        return None;
    }
    let cells: Vec<(&str, f64)> = rest.split_whitespace().map(|w| Some((w, plain(w)?))).collect::<Option<_>>()?;
    (!cells.is_empty()).then_some((name, cells))
}

/// A row of changes under a hand table (`+4.1%  +8.3%  +7.3%   +6.3%`):
/// the poster's, derived from the rows above it.
fn change_row(t: &str) -> bool {
    let words: Vec<&str> = t.split_whitespace().collect();
    !words.is_empty() && words.iter().all(|w| w.strip_suffix('%').and_then(plain).is_some())
}

/// Reads a hand table of hackbench means from line `at` (its `g=` header,
/// `counts` its group counts) on: each row below it of one figure per
/// count (`w/o: 1.8151 3.8499 …`, `w/ : 1.8428 …`) gives a `Time` per
/// count, `groups` the column's and `label` the row's name, the other
/// parameters those of the nearest run's banner above (`set_up`: a post
/// shows one run of the command, then the table of its means over `-g`).
/// A row of changes is a note; a row of other figures ends the table with
/// a note. Each figure is a mean of runs the table does not count: a
/// single value. Returns the index of the first line after the table.
/// `again_of`: the line of an earlier table under the same command line
/// or banner ([`parse_all`]): every row is then a row of its own
/// ([`super::repeats::printed_again`]), said once at the header.
fn hand_table(
    input: &Input,
    at: usize,
    counts: &[u64],
    set_up: &Setup,
    again_of: Option<usize>,
    out: &mut ParsedFile,
) -> usize {
    if let Some(first) = again_of {
        out.notes.push((
            at,
            format!(
                "a second hackbench table under the command line of the table of line {first}, no command line of \
                 its own: its rows are read as rows of their own (`rerun printed again`), not averaged with that \
                 table's as more runs; if it ran with other parameters, write its command line above it"
            ),
        ));
    }
    let mut n = at + 1;
    let mut rows: Vec<(&str, usize)> = Vec::new();
    while let Some(line) = input.lines.get(n - 1) {
        let t = line.trim();
        if change_row(t) {
            out.notes.push((
                n,
                "a row of changes under the hackbench table, derived from the rows above it: not read".into(),
            ));
            n += 1;
            continue;
        }
        let Some((name, mut cells)) = hand_row(t) else {
            // One foreign line between two rows (a kernel log line, a
            // blank quote line): the table goes on below it, said
            // (attack61: a dmesg line after `w/o` dropped the `w/` row of
            // LKML 2021-01's cluster table, 10 figures, no word).
            // Not a blank (tables stand apart by one) nor above another
            // table's `g` header.
            let below = input.lines.get(n).map_or("", |l| l.trim());
            let next = hand_row(below).filter(|_| groups_header(below).is_none());
            if !rows.is_empty() && !t.is_empty() && next.is_some_and(|(_, c)| c.len() == counts.len()) {
                out.notes.push((
                    n,
                    format!("line {n} stands between two rows of the hackbench table (line {at}) and is none of them: read through it"),
                ));
                n += 1;
                continue;
            }
            break;
        };
        let next = input.lines.get(n).map(|l| l.trim());
        let wrapped = wrapped_rest(cells.len(), counts.len(), next);
        let step = if wrapped.is_some() { 2 } else { 1 };
        if let Some(rest) = wrapped {
            out.notes.push((
                n + 1,
                format!("the figures on this line are the rest of line {n}'s row `{name}`, wrapped by a mail's line length: read as one row"),
            ));
            cells.extend(rest);
        }
        // A row of differences written without `%` (attack42 F9: `diff
        // -0.0016 0.0768 …` was read as set-up `diff` with a negative
        // time): no times; said, not read.
        let named_diff = matches!(name.to_ascii_lowercase().as_str(), "diff" | "delta" | "difference" | "change");
        if let Some(why) = cells
            .iter()
            .find(|(_, v)| *v < 0.0)
            .map(|(neg, _)| format!("a negative figure ({neg}): hackbench never prints a negative time"))
            .or_else(|| named_diff.then(|| "a name of differences".to_string()))
        {
            out.notes.push((
                n,
                format!("a row `{name}` under the hackbench table (line {at}) with {why}: no times; not read"),
            ));
            n += step;
            continue;
        }
        if cells.len() != counts.len() {
            let msg = format!(
                "a row of {} figures under the hackbench table of {} group counts (line {at}): not read",
                cells.len(),
                counts.len()
            );
            out.notes.push((n, msg));
            break;
        }
        // A row pasted twice (attack42 F16): a row of its own, said.
        let again = rows.iter().find(|(r, _)| *r == name).map(|&(_, at)| at);
        match again {
            Some(first) => out.notes.push((
                n,
                format!(
                    "`{name}` printed again under the hackbench table of line {at} (first on line {first}): a rerun \
                     or the row pasted twice, not another run; read as a row of its own (`rerun printed again`), \
                     not averaged with it"
                ),
            )),
            None => rows.push((name, n)),
        }
        for (&groups, &(_, value)) in counts.iter().zip(&cells) {
            let s = Setup { groups: Some(groups), ..set_up.clone() };
            let mut s = s.sample(value, n).with_param("label", name);
            if again.is_some() || again_of.is_some() {
                s = super::repeats::printed_again(s);
            }
            out.samples.push(s);
        }
        n += step;
    }
    n
}

/// Notes the `Time:` lines with no `Running …` line above them (`bare`,
/// in order): one note for each run of them on lines one after another,
/// on its first line. A script's log of bare `Time:` lines (a `grep Time:`
/// of hackbench's output) gave one warning per line: 200,000 of them for
/// a 2.4 MB file (newcomer30 P2-1).
fn note_bare_times(out: &mut ParsedFile, bare: &[usize]) {
    let mut k = 0;
    while k < bare.len() {
        let first = bare[k];
        let mut last = first;
        while k + 1 < bare.len() && bare[k + 1] == last + 1 {
            k += 1;
            last = bare[k];
        }
        k += 1;
        let note = if last == first {
            "a hackbench time with no `Running …` line above it: not read".to_string()
        } else {
            format!(
                "{} hackbench times with no `Running …` line above them (lines {first}-{last}): not read",
                last - first + 1
            )
        };
        out.notes.push((first, note));
    }
    out.notes.sort_by_key(|n| n.0);
}

/// Reads every run in `input`.
fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "hackbench".into(), ..ParsedFile::default() };
    let mut cmd = Command::default();
    let mut setup: Option<Setup> = None;
    // The latest `#` comment (line, text), the current run's, each sample's.
    let (mut comment, mut label): (Option<(usize, String)>, Option<String>) = (None, None);
    let mut labels: Vec<Option<String>> = Vec::new();
    // The latest banner's set-up (a hand table of means below takes its
    // parameters but for the groups), and the line a hand table ends at.
    let (mut banner, mut table_end): (Option<Setup>, usize) = (None, 0);
    // The latest banner's line, and the latest command line's (line, the
    // set-up it states): a table under a command line that comes after the
    // last banner takes the command's set-up, not the banner's (attack42
    // F9: a second table under `-l 2000` was read as the example's 20000).
    let mut banner_at = 0;
    let mut stated: Option<(usize, Setup)> = None;
    // The tables read: (the line of the command or banner whose set-up
    // each took, 0 for none, the table's line). A second table under one
    // command line (a shorter run pasted under the first's command,
    // attack43 F9) was averaged with the first as more runs.
    let mut tables: Vec<(usize, usize)> = Vec::new();
    // The `Time:` lines with no `Running …` line above them, noted below.
    let mut bare: Vec<usize> = Vec::new();
    // rt-tests hackbench's `Signal 2 caught, longjmp'ing out!` under the
    // current run's banner: the run was stopped, its time is no result.
    let mut interrupted: Option<(usize, String)> = None;
    for (n, line) in input.numbered() {
        if n < table_end {
            continue;
        }
        let t = line.trim();
        let header = groups_header(t).or_else(|| {
            bare_groups_header(t, input.lines.get(n).map(String::as_str), input.lines.get(n + 1).map(String::as_str))
        });
        if let Some(counts) = header {
            let (set_up, source) = match &stated {
                Some((at, s)) if *at > banner_at => (s.clone(), *at),
                _ => (banner.clone().unwrap_or(Setup { ipc: cmd.ipc, ..Setup::default() }), banner_at),
            };
            let again_of = tables.iter().find(|(from, _)| *from == source).map(|&(_, first)| first);
            tables.push((source, n));
            let before = out.samples.len();
            table_end = hand_table(input, n, &counts, &set_up, again_of, &mut out);
            labels.resize(labels.len() + out.samples.len() - before, None);
            continue;
        }
        if let Some(c) = comment_label(t) {
            comment = Some((n, c));
        }
        // A bare `hackbench` alone under a line of text: the tail of a
        // command line a mail wrapped (`# trace-cmd record -e … 'CPU &
        // CPUS{3}'` / `hackbench`, LKML 2023 re-wrapped at 72, rewrap58):
        // read with the line above, as the whole line reads (before, a
        // command of its own, the default `ipc=socket` set).
        let whole;
        let t_cmd = match n.checked_sub(2).and_then(|i| input.lines.get(i)).map(|l| l.trim_end()) {
            // Not under hackbench's own output (`Time: 0.396` / `hackbench`:
            // the next run's command, review62 parse #3).
            Some(above)
                if t == "hackbench"
                    && !above.trim().is_empty()
                    && running(above.trim()).is_none()
                    && sender(above.trim()).is_none()
                    && !above.trim().starts_with("Time:") =>
            {
                whole = format!("{above} {t}");
                whole.as_str()
            }
            _ => t,
        };
        if let Some(args) = args_of(t_cmd, "hackbench") {
            cmd = command(&args);
            stated = Some((n, stated_setup(&args)));
        } else if let Some((mode, groups, fds)) = running(t) {
            let c = std::mem::take(&mut cmd);
            // The transport holds for every run until the next command
            // line: the banner never says it, and a post's second run
            // under one command (`After patch:`) is the same transport.
            cmd.ipc = c.ipc;
            let (mode, loops) = if mode.is_some() { (mode, None) } else { (c.mode, c.loops) };
            setup = Some(Setup { mode, ipc: c.ipc, groups: Some(groups), fds: Some(fds), loops, size: None });
            banner.clone_from(&setup);
            banner_at = n;
            label = comment.take().filter(|(at, _)| n - at <= 2).map(|(_, l)| l);
            interrupted = None;
        } else if t.starts_with("Signal ") && t.contains(" caught, longjmp'ing out") {
            interrupted = Some((n, t.to_string()));
        } else if let Some((loops, size)) = sender(t) {
            if let Some(s) = &mut setup {
                (s.loops, s.size) = (Some(loops), Some(size));
                banner.clone_from(&setup);
            }
        } else if let Some(v) = t.strip_prefix("Time:") {
            // A poster's arrow after the time (`Time: 101.285  <--- lower
            // the better`): the figure before it.
            let v = match poster_comment(t) {
                Some(before) => {
                    out.notes
                        .push((n, "a poster's comment after the time passed over: the time before it read".into()));
                    before.strip_prefix("Time:").unwrap_or(v)
                }
                None => v,
            };
            let value = plain(v).ok_or_else(|| ParseError::malformed(n, "a time in seconds after `Time:`", t))?;
            if let Some((at, said)) = interrupted.take()
                && setup.take().is_some()
            {
                // A stress load killed by its script (an OS course's
                // cyclictest page: `Each sender will pass 100000000
                // messages`, killed after cyclictest, then `Time: 3.102`):
                // hackbench prints the time it ran until the signal.
                let msg = format!(
                    "hackbench was stopped by a signal (`{said}`, line {at}): the time it printed is of a run cut short; not read"
                );
                out.notes.push((n, msg));
                continue;
            }
            match (setup.take(), refused(v, value)) {
                (_, Some(why)) => out.notes.push((n, why.into())),
                (Some(s), None) => {
                    out.samples.push(s.sample(value, n));
                    labels.push(label.take());
                }
                (None, None) => bare.push(n),
            }
        }
    }
    note_bare_times(&mut out, &bare);
    apply_comment_labels(&mut out, &labels);
    if out.samples.is_empty() {
        // A `Time:` line that was refused says why, not that there is none
        // (`Time: 0.40`, cut from `0.402`).
        let reason = match out.notes.first() {
            Some((n, why)) => format!("line {n}: {why}"),
            None => "no `Time:` line under a `Running in … mode with N groups` line".into(),
        };
        return Err(ParseError::NoResults { benchmark: "hackbench", reason });
    }
    if let Some(k) = super::instances::concurrent(input) {
        out.samples = std::mem::take(&mut out.samples).into_iter().map(|s| s.with_param("instances", k)).collect();
        let slots = super::instances::instance_slots(input, &out.samples);
        super::instances::one_run_per_launch(&mut out, &slots, "instances", &[k as usize]);
    }
    Ok(out)
}

impl BenchParser for Hackbench {
    fn id(&self) -> &'static str {
        "hackbench"
    }

    fn describe(&self) -> &'static str {
        "hackbench (rt-tests, LTP, LKP logs)"
    }

    /// A last line `Time: 0.458` is whole: hackbench prints its time with
    /// three decimals (`%.3f`), and a cut one has fewer (refused above).
    fn last_figure_complete(&self, input: &Input) -> bool {
        input
            .lines
            .last()
            .and_then(|l| l.trim().strip_prefix("Time:"))
            .is_some_and(|v| !super::num::fewer_decimals(v.trim(), 3))
    }

    /// A hand table needs `hackbench`, a run `Time:`.
    fn literals(&self) -> &'static [&'static str] {
        &["hackbench", "Time:"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // A post's hand table of means (`g=  2  4 …` over `w/o: …`) under
        // a hackbench command line or banner.
        if (input.has("g=") || input.has("g ")) && input.has("hackbench") {
            let lines: Vec<&str> = input.lines.iter().map(|l| l.trim()).collect();
            let table = (0..lines.len().saturating_sub(1)).any(|i| {
                let after = lines.get(i + 2).copied();
                groups_header(lines[i]).is_some_and(|c| {
                    hand_row(lines[i + 1]).is_some_and(|(_, cells)| {
                        cells.len() == c.len() || wrapped_rest(cells.len(), c.len(), after).is_some()
                    })
                }) || bare_groups_header(lines[i], Some(lines[i + 1]), after).is_some()
            });
            if table {
                return 90;
            }
        }
        if !input.has("Running ") || !input.has("Time:") {
            return 0;
        }
        let header = input.lines.iter().any(|l| running(l.trim()).is_some());
        if header { 90 } else { 0 }
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

    /// A log of bare `Time:` lines (a script's `grep Time:`) under one run's
    /// banner: the first is read, the others are noted once for the run of
    /// them, not once a line (newcomer30 P2-1: 200,000 warnings).
    #[test]
    fn bare_times_in_a_row_are_one_note() {
        let text = "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                    Each sender will pass 100 messages of 100 bytes\nTime: 1.234\nTime: 1.240\nTime: 1.251\n\
                    Time: 1.262\n\nTime: 1.300\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        assert_eq!(f.samples.len(), 1);
        let notes: Vec<(usize, &str)> = f.notes.iter().map(|(n, m)| (*n, m.as_str())).collect();
        assert_eq!(
            notes,
            [
                (4, "3 hackbench times with no `Running …` line above them (lines 4-6): not read"),
                (8, "a hackbench time with no `Running …` line above it: not read"),
            ]
        );
    }

    /// wildmod41 (Barry Song's cluster scheduler RFC, LKML 2021-01): the
    /// header `g     1      2 …` with no `=`, the rows `w/o 1.4777 …` and
    /// `w/  1.4793 …` with no colon: read as the `g=` table. It must NOT
    /// fire for a `g` line over no row of as many figures.
    #[test]
    fn one_foreign_line_between_two_rows_of_a_hand_table_is_read_through() {
        // LKML 2021-01 (cluster scheduling), a dmesg line after `w/o`: the
        // `w/` row (10 figures) was dropped, no word (attack61 F4).
        let text = "$ numactl -N 0 hackbench -p -T -l 20000 -g 10\n\
            Running in threaded mode with 10 groups using 40 file descriptors each\n(== 400 tasks)\n\
            Each sender will pass 20000 messages of 100 bytes\nTime: 8.874\n\n\
            The below is the result of hackbench w/ and w/o the patch:\n\
            g     1      2      3      4      5      6      7      8      9      10\n\
            w/o 1.4777 2.0112 3.1919 4.2654 5.3246 6.4019 7.5939 8.7073 9.7526 10.8987\n\
            [ 1234.567890] perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79000\n\
            w/  1.4793 1.9344 2.9080 3.9267 4.8339 5.7186 6.6923 7.5088 8.3715 9.2173\n\
            \x20                 +8.9%  +7.9%  +9.3%  +10.7% +11.8% +13.8% +14.2% +15.5%\n";
        let f = Hackbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.iter().filter(|s| s.line == 11).count(), 10, "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, n)| *l == 10 && n.contains("read through it")), "{:?}", f.notes);
    }

    #[test]
    fn a_hand_table_with_no_equals_and_no_colons() {
        let text = "$ numactl -N 0 hackbench -p -T -l 20000 -g 10\n\
                    Running in threaded mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                    Each sender will pass 20000 messages of 100 bytes\nTime: 8.874\n\n\
                    g     1      2      3\n\
                    w/o 1.4777 2.0112 3.1919\n\
                    w/  1.4793 1.9344 2.9080\n\
                    \x20                +8.9%  +7.9%\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {} {}", s.line, s.value.mean(), p.join(" "))
            })
            .filter(|l| l.contains("label="))
            .collect();
        assert_eq!(got.len(), 6, "{got:?}");
        assert!(got[0].starts_with("7 1.4777 ") && got[0].contains("groups=1 ") && got[0].ends_with("label=w/o"));
        assert!(got[5].starts_with("8 2.908 ") && got[5].contains("groups=3 ") && got[5].ends_with("label=w/"));
        assert_eq!(bare_groups_header("g 1 2 3", Some("w/o 1.0 2.0"), None), None);
        assert_eq!(bare_groups_header("g 1 2", Some("some prose here"), None), None);
        assert_eq!(bare_groups_header("g 1 2", Some("w/o 1.0 2.0"), None), Some(vec![1, 2]));
        assert_eq!(bare_groups_header("g 1 2 3", Some("w/o 1.0 2.0"), Some("3.0")), Some(vec![1, 2, 3]));
        assert_eq!(bare_groups_header("g 1 2 3", Some("w/o 1.0 2.0"), Some("3.0 4.0")), None);
    }

    /// attack42 F9 (its hb/hb05b, hb03, hb08, from Barry Song's 2021-01
    /// table): a second table under `hackbench -p -T -l 2000 -g $1` took the
    /// example run's `loops=20000` and was averaged with the first; a `diff`
    /// row of differences with no `%` was read as a set-up with a negative
    /// time; a row pasted twice was averaged. The second table now takes its
    /// command line's set-up, the diff row is said and not read, the pasted
    /// row is a row of its own. The first table, under the example's banner
    /// after its command line, keeps the banner's set-up (must not fire).
    #[test]
    fn a_table_takes_the_command_line_above_it() {
        let text = "$ numactl -N 0 hackbench -p -T -l 20000 -g $1\n\
                    $ numactl -N 0 hackbench -p -T -l 20000 -g 10\n\
                    Running in threaded mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                    Each sender will pass 20000 messages of 100 bytes\nTime: 8.874\n\n\
                    g     1      2\nw/o 1.4777 2.0112\nw/  1.4793 1.9344\ndiff -0.0016 0.0768\nw/  1.4793 1.9344\n\n\
                    $ numactl -N 0 hackbench -p -T -l 2000 -g $1\n\
                    g     1      2\nw/o 0.1477 0.2011\nw/  0.1479 0.1934\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let got: Vec<String> = f.samples.iter().filter(|s| s.value.mean() < 1.0).map(params).collect();
        assert_eq!(got.len(), 4, "{got:?}");
        assert!(
            got.iter().all(|p| p.starts_with("mode=thread ipc=pipe groups=") && p.contains(" loops=2000 ")),
            "{got:?}"
        );
        let first: Vec<String> = f.samples.iter().filter(|s| s.line == 8).map(params).collect();
        assert_eq!(first[0], "mode=thread ipc=pipe groups=1 fds=40 loops=20000 size=100 label=w/o");
        assert!(!f.samples.iter().any(|s| s.line == 10), "the diff row is no times");
        assert!(f.notes.iter().any(|(l, m)| *l == 10 && m.contains("negative figure (-0.0016)")), "{:?}", f.notes);
        let again = crate::parse::repeats::printed_again_lines(&f);
        assert_eq!(again, [11, 11]);
        assert!(f.notes.iter().any(|(l, m)| *l == 11 && m.contains("first on line 9")), "{:?}", f.notes);
        let args = ["hackbench", "--threads", "--loops=500", "-s", "512"];
        let s = stated_setup(&args);
        assert_eq!((s.mode, s.loops, s.size, s.ipc), (Some("thread"), Some(500), Some(512), Some("socket")));
    }

    /// attack43 F9: two hand tables under one command line (a shorter run
    /// pasted under the first table, no command of its own) were averaged
    /// as runs of one set-up (1.4777 with 0.1477). The second table's rows
    /// are rows of their own, said at its header. Must not fire: a second
    /// table under a command line of its own (even one typed alike), and
    /// the first table.
    #[test]
    fn a_second_table_under_one_command_line_is_not_averaged_with_the_first() {
        let text = "$ numactl -N 0 hackbench -p -T -l 20000 -g $1\ng     1      2\nw/o 1.4777 2.0112\n\
                    w/  1.4793 1.9344\n\ng     1      2\nw/o 0.1477 0.2011\nw/  0.1479 0.1934\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        assert_eq!(crate::parse::repeats::printed_again_lines(&f), [7, 7, 8, 8]);
        assert!(
            f.notes.iter().any(|(l, m)| *l == 6
                && m.contains("a second hackbench table under the command line of the table of line 2")),
            "{:?}",
            f.notes
        );
        // A command line of its own above the second table (typed alike):
        // not this rule's.
        let own = text.replace("\n\ng ", "\n\n$ numactl -N 0 hackbench -p -T -l 20000 -g $1\ng ");
        let f = parse_all(&Input::from_text(&own)).expect("read");
        assert!(crate::parse::repeats::printed_again_lines(&f).is_empty());
        assert!(!f.notes.iter().any(|(_, m)| m.contains("a second hackbench table")), "{:?}", f.notes);
    }

    /// A post's hand table of means over `-g` (wild28: Barry Song's LKML
    /// mail, 2021): one `Time` per row and column, `groups` the column's,
    /// `label` the row's, the banner's other parameters; the row of changes
    /// and a row of other figures are not read.
    #[test]
    fn a_hand_table_of_means_over_group_counts() {
        let text = "$ numactl -N 0 hackbench -p -T -l 20000 -g 10\n\
                    Running in threaded mode with 10 groups using 40 file descriptors each\n(== 400 tasks)\n\
                    Each sender will pass 20000 messages of 100 bytes\n\n\
                    g=    2      4     6\n\
                    w/o: 1.8151 3.8499 5.5142\n\
                    w/ : 1.8428 3.7436 5.4501\n\
                    \x20                +1.2%\n\
                    new: 1.0 2.0\n";
        let input = Input::from_text(text);
        assert_eq!(Hackbench.detect(&input), 90);
        let f = Hackbench.parse(&input).unwrap();
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(7, 1.8151), (7, 3.8499), (7, 5.5142), (8, 1.8428), (8, 3.7436), (8, 5.4501)]);
        let params: Vec<String> = f.samples[4].params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        assert_eq!(params.join(" "), "mode=thread ipc=pipe groups=4 fds=40 loops=20000 size=100 label=w/");
        assert!(f.notes.iter().any(|(n, m)| *n == 9 && super::super::note_is_info(m)), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(n, m)| *n == 10 && m.contains("a row of 2 figures")), "{:?}", f.notes);
    }

    /// A complete report saved without its final line break keeps its
    /// time (three decimals prove it whole); a cut one is still refused.
    #[test]
    fn a_last_time_with_its_three_decimals_is_whole_without_a_line_break() {
        let head = "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\nEach sender will pass 100 messages of 16 bytes\n";
        let whole = Input::from_text(&format!("{head}Time: 0.458"));
        assert!(Hackbench.last_figure_complete(&whole));
        let segs = crate::parse::segment::segments(&whole, None);
        let values: Vec<f64> = segs
            .iter()
            .filter_map(|g| g.outcome.as_ref().ok())
            .flat_map(|p| p.samples.iter().map(|s| s.value.mean()))
            .collect();
        assert_eq!(values, [0.458]);
        assert!(!Hackbench.last_figure_complete(&Input::from_text(&format!("{head}Time: 0.45"))));
    }

    #[test]
    fn a_root_prompt_command_is_no_comment_label() {
        assert_eq!(comment_label("# for 1 cpu").as_deref(), Some("for 1 cpu"));
        assert_eq!(comment_label("# for 2 cpu : ./hackbench 15 process 50").as_deref(), Some("for 2 cpu"));
        assert_eq!(comment_label("# run 2"), None);
        assert_eq!(comment_label("# Run 2 of 3"), None);
        assert_eq!(comment_label("# 4cpu run 2").as_deref(), Some("4cpu"));
        assert_eq!(comment_label("# hackbench process 10 1000 -s 16"), None);
        assert_eq!(comment_label("# numactl -N 0 /usr/bin/hackbench -p -T -g 10"), None);
    }

    fn params(s: &Sample) -> String {
        s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" ")
    }

    /// `# trace-cmd record -e … hackbench` re-wrapped at 72 (wild fixture
    /// lkml-2023-hackbench-under-trace-cmd, rewrap58): `hackbench` alone
    /// on the next line is the command's tail; the run reads as unwrapped,
    /// with no `ipc` (trace-cmd is no wrapper the parser knows). A bare
    /// `hackbench` under a blank line is a command of its own.
    #[test]
    fn a_bare_hackbench_under_a_wrapped_command_is_its_tail() {
        let run = "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
            Each sender will pass 100 messages of 100 bytes\nTime: 0.396\n";
        let whole = format!("> >   # trace-cmd record -e 'call_function*' -f 'CPU & CPUS{{3}}' hackbench\n{run}");
        let wrapped = format!("> >   # trace-cmd record -e 'call_function*' -f 'CPU & CPUS{{3}}'\nhackbench\n{run}");
        let a = Hackbench.parse(&Input::from_text(&whole)).unwrap();
        let b = Hackbench.parse(&Input::from_text(&wrapped)).unwrap();
        assert_eq!(params(&a.samples[0]), "mode=process groups=10 fds=40 loops=100 size=100");
        assert_eq!(params(&b.samples[0]), params(&a.samples[0]));
        let alone = format!("\nhackbench\n{run}");
        let c = Hackbench.parse(&Input::from_text(&alone)).unwrap();
        assert_eq!(params(&c.samples[0]), "mode=process ipc=socket groups=10 fds=40 loops=100 size=100");
        // Under the previous run's `Time:` line: the next run's command,
        // the pipe of the first not carried over (review62 parse #3).
        let after = format!("hackbench -pipe\n{run}hackbench\n{run}");
        let d = Hackbench.parse(&Input::from_text(&after)).unwrap();
        assert_eq!(params(&d.samples[1]), "mode=process ipc=socket groups=10 fds=40 loops=100 size=100");
    }

    #[test]
    fn lkp_runs_and_plain_posts() {
        let text = "2026-07-19 18:06:13 hackbench -g 256 -f 20 --process --pipe -l 30000 -s 100\n\
            Running in process mode with 256 groups using 40 file descriptors each (== 10240 tasks)\n\
            Each sender will pass 30000 messages of 100 bytes\nperf version 7.2\nTime: 9.541\n\
            $ hackbench -l 2560 -g 1\nRunning in threaded mode with 1 groups using 40 file descriptors each\n\
            (== 40 tasks)\nEach sender will pass 2560 messages of 100 bytes\nTime: 2.953\n";
        let f = Hackbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 2);
        assert_eq!(f.samples[0].value.mean(), 9.541);
        assert_eq!(params(&f.samples[0]), "mode=process ipc=pipe groups=256 fds=40 loops=30000 size=100");
        assert_eq!(params(&f.samples[1]), "mode=thread ipc=socket groups=1 fds=40 loops=2560 size=100");
        assert_eq!(f.samples[1].line, 10);
    }

    #[test]
    fn old_form_orphan_time_and_damage() {
        let f =
            Hackbench.parse(&Input::from_text("Running with 10*40 (== 400) tasks.\nTime: 1.234\nTime: 2.0\n")).unwrap();
        assert_eq!(params(&f.samples[0]), "groups=10 fds=40");
        assert_eq!(f.notes.len(), 1);
        let bad = "Running in process mode with 1 groups using 40 file descriptors each (== 40 tasks)\nTime: x\n";
        assert_eq!(Hackbench.parse(&Input::from_text(bad)).unwrap_err().line(), Some(2));
    }
}
