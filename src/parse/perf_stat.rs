//! `perf stat`'s summary (Linux's perf tool, `tools/perf`): the counts of
//! the events it counted over a command's run and the run's elapsed time,
//! as mails paste them (perf 2.6.31 to 6.x, text output).
//!
//! ```text
//!  Performance counter stats for 'perf bench sched messaging -g 20' (10 runs):
//!
//!           1,234.56 msec task-clock                #    7.912 CPUs utilized      ( +-  0.12% )
//!          3,074,466      context-switches          #    2.490 M/sec              ( +-  0.34% )
//!    <not supported>      stalled-cycles-backend
//!      4,151,289,614      cycles                    #    3.363 GHz                ( +-  0.30% )  (83.33%)
//!
//!            3.66437 +- 0.00494 seconds time elapsed  ( +-  0.13% )
//! ```
//!
//! The layouts read: perf 5.x/6.x above (a unit column, `msec`, before the
//! event); perf 3.x/4.x's `1234.567890 task-clock (msec)`; 2.6.x's
//! `task-clock-msecs`; an elapsed time without its `+- sd` (perf before
//! 4.17: `3.664370000 seconds time elapsed ( +- 0.13% )`); a single run's
//! `1.002345678 seconds time elapsed` with 4.17's `0.001234 seconds user` /
//! `seconds sys` under it; and the lines a poster kept of it, with a prefix
//! naming what was run (`mm-unstable:  146.88 +- 6.54 seconds time elapsed`,
//! `1:  0.55355 +- 0.00290 seconds time elapsed`, a script's group count):
//! the prefix, without its colon, is the sample's `label` parameter, so
//! that two prefixes are never averaged as runs of one.
//!
//! Metrics (group: the command perf stat counted, from its own `Performance
//! counter stats for 'CMD'` header, else from the `perf stat … -- CMD`
//! command line above; `system wide` for `-a` with no command; empty when
//! the file shows neither):
//!
//! | name                  | unit | better  |
//! |-----------------------|------|---------|
//! | `time elapsed`        | s    | Lower   |
//! | `user`, `sys`         | s    | Lower   |
//! | `task-clock`, `cpu-clock` (any spelling) | ms | Neither |
//! | any other event, as printed (`context-switches`, `cs`, `cycles:u`, `cpu_core/instructions:u/`) | (none) | Neither |
//!
//! A counter has no direction: more context switches may be better or
//! worse, the event does not say. The `#` comments (`7.912 CPUs utilized`,
//! `3.363 GHz`, `insn per cycle`) are derived from the counts and not read;
//! nor is the share of time a multiplexed counter ran (`(83.33%)`), whose
//! count perf scaled up to the whole run. `<not counted>` and `<not
//! supported>` are noted, with no figure. The elapsed time of a `perf stat
//! -a sleep 10` is the length of the sleep, a setting: noted, not read.
//!
//! Spread: with `--repeat N` (`-r N`) each line is one summary of N runs,
//! read as their mean, never as N samples. perf's `+-` (and the percentage
//! in `( +- 0.34% )`) is the **standard error of the mean**, not the runs'
//! standard deviation (`tools/perf/util/stat.c`, `stddev_stats`:
//! √(variance / n)). The model holds a standard deviation
//! ([`crate::model::Value::Summary`]), so where N is known (the header's
//! `(10 runs)`, else `-r`/`--repeat` on the perf stat command line above)
//! the deviation read is √N times perf's figure (a counter's: its mean times
//! the percentage, times √N), with a note saying so. A percentage printed as
//! `0.00%` gives no deviation (it was rounded away); a counter perf prints
//! no percentage for under `(N runs)` (it omits one of zero) is a mean of N
//! runs without a deviation. Where N is not shown, a line with `+-` is a
//! mean of an unstated number of runs: read as one value, its spread not
//! read, with a note.
//!
//! Lines are read only in perf stat's own paragraphs: the one under a
//! `Performance counter stats` header, any that holds an elapsed-time
//! line, and counts alone in a paragraph right above one (a blank line
//! between them, Ankur Arora's PREEMPT_AUTO v2 letter, LKML 2024).
//!
//! A paragraph of a script's `2115660.30 +- 20442.34 voluntary
//! context-switches ( +- 0.960% )` lines beside perf stat's blocks (the
//! same letters) is no perf layout: perf prints a count's spread as a
//! percentage only. Each is read as a mean (metric: its words, no unit, no
//! direction, group empty: no command is shown for them) with the spread
//! as its deviation over an unstated number of runs (`n` 1, never tested),
//! said once. Figures printed in a locale with a decimal comma (`3,4814 +-
//! 0,0128 seconds time elapsed ( +- 0,37% )`, `15.433.140.732 cycles`),
//! where `1.188` is a thousand and more, are noted, not read. Interval
//! (`-I`), per-CPU (`-A`) and CSV (`-x,`) output are not read.

use super::cmdline::{args_of, option_values};
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// perf stat's summary; registry id `"perf-stat"`.
pub struct PerfStat;

/// Registry id.
pub const ID: &str = "perf-stat";

/// Words of the note that says perf's `+-` (the standard error of the
/// mean) was read as a deviation √N times it: how the text was read, every
/// number certain ([`super::note_is_info`]).
pub const SEM_READ_AS_SD: &str = "is the standard error of the mean of its";

/// What a line of perf stat's output is.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    /// `Performance counter stats for 'CMD' (N runs):`: the command and N.
    Header(String, Option<u32>),
    /// A `perf stat …` command line: the command it counts and `-r N`.
    Command(String, Option<u32>),
    /// `[label] mean [+- sem] seconds time elapsed [( +- p% )]`.
    Elapsed { label: Option<String>, mean: String, sem: Option<String>, pct: Option<String>, rest: String },
    /// `X seconds user` / `X seconds sys`.
    CpuTime(&'static str, String),
    /// `value [unit] event [# comment] [( +- p% )] [(scaled%)]`.
    Counter { value: String, unit: Option<String>, event: String, pct: Option<String> },
    /// `<not counted>` / `<not supported>` and the event.
    NotCounted(String, String),
    /// `2115660.30 +- 20442.34 voluntary context-switches ( +- 0.960% )`:
    /// a count with a `+-` spread, which perf never prints for a counter
    /// (a script's, beside perf stat's blocks).
    PlusMinus { mean: String, spread: String, name: String },
    /// Anything else.
    Other,
}

/// The percentage of `( +- 0.34% )` / `(+- 0.34%)` in `t`, as printed.
fn noise(t: &str) -> Option<&str> {
    t.match_indices("+-").find_map(|(at, _)| {
        if !t[..at].trim_end().ends_with('(') {
            return None;
        }
        let (p, after) = t[at + 2..].trim_start().split_once('%')?;
        after.trim_start().starts_with(')').then_some(p.trim())
    })
}

/// An event name as perf prints it: starts with a letter, then letters,
/// digits and `-_.:/=,@`.
fn is_event(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_alphabetic())
        && w.chars().all(|c| c.is_ascii_alphanumeric() || "-_.:/=,@".contains(c))
}

/// A unit perf prints in the column before the event (perf 5.x on).
fn is_unit(w: &str) -> bool {
    matches!(w, "msec" | "ns" | "us" | "Joules" | "MiB" | "MB" | "W" | "%")
}

/// Reads the run count and command of a `perf stat` command line's
/// arguments after `stat`.
fn stat_command(args: &[&str]) -> (String, Option<u32>) {
    const TAKES_VALUE: &[&str] = &[
        "-r",
        "--repeat",
        "-e",
        "--event",
        "-C",
        "--cpu",
        "-p",
        "--pid",
        "-t",
        "--tid",
        "-o",
        "--output",
        "-G",
        "--cgroup",
        "-I",
        "--interval-print",
        "-x",
        "--field-separator",
        "-M",
        "--metrics",
        "--pre",
        "--post",
        "-D",
        "--delay",
        "--for-each-cgroup",
        "--topdown-level",
        "-j",
        "--json",
    ];
    let runs = option_values(args, "-r", "--repeat").into_iter().find_map(|v| v.parse::<u32>().ok());
    let mut i = 0;
    let mut system_wide = false;
    while i < args.len() {
        let a = args[i];
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') {
            break;
        }
        if a == "-a" || a == "--all-cpus" {
            system_wide = true;
        }
        i += 1;
        if TAKES_VALUE.contains(&a) && i < args.len() {
            // A quoted value of several words (`--pre 'mount -t tmpfs
            // tmpfs /mnt'`): up to the word that closes the quote.
            match args[i].chars().next().filter(|c| *c == '\'' || *c == '"') {
                Some(q) => {
                    let mut j = i;
                    while j < args.len() && !(args[j].ends_with(q) && (j > i || args[j].len() > 1)) {
                        j += 1;
                    }
                    i = j + 1;
                }
                None => i += 1,
            }
        }
    }
    let cmd = args.get(i..).unwrap_or_default().join(" ");
    let cmd = if cmd.is_empty() && system_wide { "system wide".to_string() } else { cmd };
    (cmd, runs)
}

/// What line `t` (trimmed) is.
fn kind(t: &str) -> Kind {
    if let Some(rest) = t.strip_prefix("Performance counter stats for ") {
        let (name, after) = match (rest.find('\''), rest.rfind('\'')) {
            (Some(a), Some(b)) if b > a => (&rest[a + 1..b], &rest[b + 1..]),
            _ => (rest.trim_end_matches(':'), ""),
        };
        let runs = after
            .trim()
            .strip_prefix('(')
            .and_then(|r| r.split_once(" runs)"))
            .and_then(|(n, _)| n.trim().parse::<u32>().ok());
        return Kind::Header(name.to_string(), runs);
    }
    if t.contains("stat")
        && let Some(args) = args_of(t, "perf")
        && args.first() == Some(&"stat")
    {
        let (cmd, runs) = stat_command(&args[1..]);
        return Kind::Command(cmd, runs);
    }
    if let Some((before, after)) = t.split_once(" seconds time elapsed") {
        let toks: Vec<&str> = before.split_whitespace().collect();
        let (label, mean, sem) = match toks.len() {
            0 => return Kind::Other,
            n if n >= 3 && toks[n - 2] == "+-" => (&toks[..n - 3], toks[n - 3], Some(toks[n - 1])),
            n => (&toks[..n - 1], toks[n - 1], None),
        };
        let label = label.join(" ");
        let label = label.trim_end_matches(':').trim();
        let pct = noise(after).map(str::to_string);
        let rest = if pct.is_some() { "" } else { after.trim() };
        return Kind::Elapsed {
            label: (!label.is_empty()).then(|| label.to_string()),
            mean: mean.to_string(),
            sem: sem.map(str::to_string),
            pct,
            rest: rest.to_string(),
        };
    }
    for (suffix, name) in [(" seconds user", "user"), (" seconds sys", "sys")] {
        if let Some(v) = t.strip_suffix(suffix)
            && !v.contains(char::is_whitespace)
        {
            return Kind::CpuTime(name, v.to_string());
        }
    }
    for marker in ["<not counted>", "<not supported>"] {
        if let Some(rest) = t.strip_prefix(marker) {
            let event = rest.split_whitespace().find(|w| !is_unit(w)).unwrap_or_default();
            return Kind::NotCounted(marker.to_string(), event.to_string());
        }
    }
    let toks: Vec<&str> = t.split_whitespace().collect();
    let Some(&value) = toks.first() else { return Kind::Other };
    if !value.starts_with(|c: char| c.is_ascii_digit()) {
        return Kind::Other;
    }
    if toks.get(1) == Some(&"+-")
        && let Some(&spread) = toks.get(2)
        && noise(t).is_some()
    {
        let end = toks.iter().position(|w| w.starts_with('(')).unwrap_or(toks.len());
        let name = toks.get(3..end).unwrap_or_default().join(" ");
        if !name.is_empty() && name.split_whitespace().all(is_event) {
            return Kind::PlusMinus { mean: value.to_string(), spread: spread.to_string(), name };
        }
        return Kind::Other;
    }
    // The words before the comment, the percentages or the end.
    let end = toks.iter().position(|w| w.starts_with(['#', '(', '['])).unwrap_or(toks.len());
    let (unit, event) = match &toks[1..end] {
        [e] => (None, *e),
        [u, e] if is_unit(u) => (Some(*u), *e),
        _ => return Kind::Other,
    };
    // Not a `#` comment's unit a mail wrapped onto a line of its own with
    // its figure (`10.044 M/sec`, `1.355 GHz`).
    // Nor an undecoded quoted-printable line's tail (`faults=0A=`): no
    // event name ends in `=`.
    if !is_event(event) || event.ends_with("/sec") || event.ends_with('=') || matches!(event, "GHz" | "CPUs" | "insn") {
        return Kind::Other;
    }
    // perf 3.x/4.x: `task-clock (msec)`.
    let unit = unit.or_else(|| (toks.get(end) == Some(&"(msec)")).then_some("msec"));
    Kind::Counter {
        value: value.to_string(),
        unit: unit.map(str::to_string),
        event: event.to_string(),
        pct: noise(t).map(str::to_string),
    }
}

/// A figure printed with a decimal comma (`3,4814`, `0,37`) or a point
/// between groups of three (`15.433.140.732`): a locale whose `1.188` is
/// 1188.
fn comma_locale(v: &str) -> bool {
    (v.contains(',') && super::perf_bench::number(v).is_none()) || v.matches('.').count() > 1
}

/// A command that only sleeps (`sleep 10`): perf stat's way of counting
/// system-wide (`-a`) for a while.
fn is_sleep(cmd: &str) -> bool {
    cmd.split_whitespace().next().is_some_and(|w| w.rsplit('/').next() == Some("sleep"))
}

/// The run count, command and line a block's lines go by.
#[derive(Default, Clone)]
struct Block {
    group: String,
    /// The command a `perf stat` command line counted (a header's
    /// `'system wide'` under `perf stat -a -- CMD` keeps CMD).
    counted: String,
    runs: Option<u32>,
    /// The line of the note on the spread's reading, once made.
    noted_spread: bool,
    noted_unstated: bool,
}

fn metric_of(event: &str, unit: Option<&str>) -> Metric {
    let clock = event.starts_with("task-clock") || event.starts_with("cpu-clock");
    let unit = match unit {
        Some("msec") => "ms",
        Some(u) => u,
        None if clock => "ms",
        None => "",
    };
    Metric::new(event, unit, Better::Neither)
}

/// What a paragraph of the file is, for [`perf_paragraphs`].
#[derive(Clone, Copy, PartialEq)]
enum Para {
    /// Holds a `Performance counter stats` header.
    Header,
    /// Holds an elapsed-time line.
    Elapsed,
    /// Counts only (`<not counted>` too, and `#` comments a mail wrapped
    /// onto lines of their own).
    Counts,
    /// `seconds user` / `seconds sys` only.
    CpuTimes,
    /// A script's `mean +- spread name ( +- pct% )` lines only.
    PlusMinus,
    Other,
}

/// Every perf stat paragraph's lines: the one under a header, every one
/// that holds a header or an elapsed-time line, the paragraphs of counts
/// between a header and the elapsed time (perf 6.x and posts set blank
/// lines between them; a double-spaced paste, one between every line),
/// the `seconds user` / `sys` paragraph under the elapsed time, and a
/// paragraph of a script's `+-` counts.
fn perf_paragraphs(input: &Input, kinds: &[Kind]) -> Vec<bool> {
    let n = input.lines.len();
    let mut paras: Vec<(usize, usize, Para)> = Vec::new();
    let mut i = 0;
    while i < n {
        if input.lines[i].trim().is_empty() {
            i += 1;
            continue;
        }
        let start = i;
        while i < n && !input.lines[i].trim().is_empty() {
            i += 1;
        }
        let ks = &kinds[start..i];
        let wrapped_comment = |k: usize| input.lines[k].trim_start().starts_with('#');
        // A Markdown fence glued to the output (```` ``` ```` under `seconds sys`).
        let fence = |k: usize| kinds[k] == Kind::Other && input.lines[k].trim_start().starts_with("```");
        let class = if ks.iter().any(|k| matches!(k, Kind::Header(..))) {
            Para::Header
        } else if ks.iter().any(|k| matches!(k, Kind::Elapsed { .. })) {
            Para::Elapsed
        } else if ks.iter().any(|k| matches!(k, Kind::Counter { .. }))
            && (start..i).all(|k| {
                matches!(kinds[k], Kind::Counter { .. } | Kind::NotCounted(..))
                    || (kinds[k] == Kind::Other && wrapped_comment(k))
                    || fence(k)
            })
        {
            Para::Counts
        } else if ks.iter().any(|k| matches!(k, Kind::CpuTime(..)))
            && (start..i).all(|k| matches!(kinds[k], Kind::CpuTime(..)) || fence(k))
        {
            Para::CpuTimes
        } else if ks.iter().all(|k| matches!(k, Kind::PlusMinus { .. })) {
            Para::PlusMinus
        } else {
            Para::Other
        };
        paras.push((start, i, class));
    }
    let mut inside: Vec<bool> =
        paras.iter().map(|p| matches!(p.2, Para::Header | Para::Elapsed | Para::PlusMinus)).collect();
    for k in 1..paras.len() {
        let prev = paras[k - 1].2;
        // The paragraph right under a header alone: its counts, whatever
        // else a post put there.
        let under_header = prev == Para::Header
            && !kinds[paras[k - 1].0..paras[k - 1].1].iter().any(|x| matches!(x, Kind::Counter { .. }));
        let follows = inside[k - 1]
            && match paras[k].2 {
                Para::Counts => matches!(prev, Para::Header | Para::Counts),
                Para::CpuTimes => matches!(prev, Para::Elapsed | Para::CpuTimes),
                _ => false,
            };
        if under_header || follows {
            inside[k] = true;
        }
    }
    for k in (0..paras.len().saturating_sub(1)).rev() {
        if paras[k].2 == Para::Counts && inside[k + 1] && matches!(paras[k + 1].2, Para::Elapsed | Para::Counts) {
            inside[k] = true;
        }
    }
    let mut lines = vec![false; n];
    for (k, &(start, end, _)) in paras.iter().enumerate() {
        if inside[k] {
            lines[start..end].fill(true);
        }
    }
    lines
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.to_string(), ..ParsedFile::default() };
    let mut kinds: Vec<Kind> = input.lines.iter().map(|l| kind(l.trim())).collect();
    // A `#` comment's text a mail wrapped onto the next line (`… edge/u #`
    // over `10.044 M/sec`) is no count of an event `M/sec`.
    for (k, above) in kinds.iter_mut().skip(1).zip(&input.lines) {
        if matches!(k, Kind::Counter { .. }) && above.trim_end().ends_with('#') {
            *k = Kind::Other;
        }
    }
    let inside = perf_paragraphs(input, &kinds);
    let mut block = Block::default();
    // Whether the paragraph being read is in a decimal-comma locale.
    let mut comma_para: Option<usize> = None;
    let mut noted_plus_minus = false;
    for (i, k) in kinds.iter().enumerate() {
        let line = i + 1;
        match k {
            Kind::Header(cmd, runs) => {
                let counted = std::mem::take(&mut block.counted);
                // `perf stat -a -- CMD` prints `'system wide'`: CMD is what
                // ran (a sleep's length is no workload: `system wide` stays).
                let group = if cmd == "system wide" && !counted.is_empty() && !is_sleep(&counted) {
                    counted.clone()
                } else {
                    cmd.clone()
                };
                block = Block { group, counted, runs: *runs, ..Block::default() };
                continue;
            }
            Kind::Command(cmd, runs) => {
                block = Block { group: cmd.clone(), counted: cmd.clone(), runs: *runs, ..Block::default() };
                continue;
            }
            _ => {}
        }
        if !inside[i] {
            continue;
        }
        // A paragraph in a decimal-comma locale: noted once, not read.
        // (`inside` lines are never blank: each is in a paragraph.)
        let (para_start, last) = input.paragraph_at(i);
        if comma_para != Some(para_start) {
            let end = last + 1;
            let comma = kinds[para_start..end].iter().any(|k| match k {
                Kind::Elapsed { mean, sem, pct, .. } => {
                    comma_locale(mean)
                        || sem.as_deref().is_some_and(comma_locale)
                        || pct.as_deref().is_some_and(|p| p.contains(','))
                }
                Kind::Counter { value, pct, .. } => {
                    value.matches('.').count() > 1 || pct.as_deref().is_some_and(|p| p.contains(','))
                }
                _ => false,
            });
            if comma {
                out.notes.push((
                    para_start + 1,
                    format!(
                        "perf stat's figures at lines {}-{} are printed with a decimal comma (a locale's): not read",
                        para_start + 1,
                        end
                    ),
                ));
                comma_para = Some(para_start);
            } else {
                comma_para = None;
            }
        }
        if comma_para.is_some() {
            continue;
        }
        match k {
            Kind::Elapsed { label, mean, sem, pct, rest } => {
                let Some(v) = super::perf_bench::number(mean) else {
                    out.notes.push((line, format!("perf stat's elapsed time `{mean}` is no number: not read")));
                    continue;
                };
                if !rest.is_empty() {
                    out.notes.push((
                        line,
                        format!("perf stat's elapsed time line ends in `{rest}`, which perf does not print: not read"),
                    ));
                    continue;
                }
                if is_sleep(&block.counted) || is_sleep(&block.group) {
                    out.notes.push((
                        line,
                        format!(
                            "perf stat's elapsed time of `{}` is the length of the sleep, a setting: not read",
                            if is_sleep(&block.counted) { &block.counted } else { &block.group }
                        ),
                    ));
                    continue;
                }
                let sem = match sem {
                    Some(s) => match super::perf_bench::number(s) {
                        Some(x) => Some(x),
                        None => {
                            out.notes.push((line, format!("perf stat's `+- {s}` is no number: the line is not read")));
                            continue;
                        }
                    },
                    None => pct.as_deref().and_then(super::num::plain).map(|p| p * v / 100.0),
                };
                let mut s = Sample::new(Metric::new("time elapsed", "s", Better::Lower), v, line);
                s = with_spread(s, v, sem, pct.is_some() || sem.is_some(), &mut block, line, &mut out);
                if let Some(l) = label {
                    s = s.with_param("label", l);
                }
                out.samples.push(s.with_group(block.group.as_str()));
            }
            Kind::CpuTime(name, v) => {
                let Some(x) = super::num::plain(v) else { continue };
                let s = Sample::new(Metric::new(*name, "s", Better::Lower), x, line);
                out.samples.push(s.with_group(block.group.as_str()));
            }
            Kind::Counter { value, unit, event, pct } => {
                let Some(v) = super::perf_bench::number(value) else { continue };
                let sem = pct.as_deref().and_then(super::num::plain).map(|p| p * v / 100.0);
                let mut s = Sample::new(metric_of(event, unit.as_deref()), v, line);
                s = with_spread(s, v, sem, pct.is_some(), &mut block, line, &mut out);
                out.samples.push(s.with_group(block.group.as_str()));
            }
            Kind::PlusMinus { mean, spread, name } => {
                let (Some(v), Some(sd)) = (super::num::plain(mean), super::num::plain(spread)) else {
                    out.notes.push((line, format!("`{mean} +- {spread} {name}` is no pair of numbers: not read")));
                    continue;
                };
                if !noted_plus_minus {
                    noted_plus_minus = true;
                    out.notes.push((
                        line,
                        format!(
                            "`{mean} +- {spread} {name}` is no perf stat line (perf prints a count's spread as a \
                             percentage only): a script's mean with its spread, neither the run count nor the kind \
                             of spread printed; each such line read as a mean with the spread as its deviation over \
                             an unstated number of runs (counted as one, so not tested), under no command"
                        ),
                    ));
                }
                out.samples.push(Sample::new(metric_of(name, None), v, line).with_summary(v, Some(sd), 1));
            }
            Kind::NotCounted(marker, event) => {
                out.notes.push((line, format!("perf stat printed `{marker}` for `{event}`: no figure to read")));
            }
            _ => {}
        }
    }
    warn_of_repeated_means(input, &mut out);
    if out.samples.is_empty() {
        // Only blocks noted (a decimal-comma locale's): the first note says why.
        return Err(match out.notes.first() {
            Some((at, why)) => {
                let others: Vec<String> = out.notes[1..].iter().map(|(n, _)| n.to_string()).collect();
                let reason = if others.is_empty() {
                    why.clone()
                } else {
                    format!("{why}; so are the blocks of lines {}", others.join(", "))
                };
                ParseError::NoResultsAt { benchmark: ID, reason, at: *at }
            }
            None => ParseError::NoResults { benchmark: ID, reason: "no perf stat counter or elapsed-time line".into() },
        });
    }
    Ok(out)
}

/// Means of an unstated number of runs (single values: no `(N runs)`
/// header, no `-r N` shown) of one key (command, metric, prefix) in two
/// paragraphs or more: runs of one set-up, or two set-ups no line this
/// parser reads tells apart (Peter Zijlstra's doit-hackbench-series.sh
/// under `echo NO_FAIR_SLEEPERS > /debug/sched/features`, then under
/// `echo FAIR_SLEEPERS`, LKML 2023-03: the set-up lines sat in schbench's
/// paragraph, and each `1:` mean was averaged with the other's with no
/// word). Warned at the later paragraph's first such line, naming both;
/// not where a set-up command ([`super::labels::is_setup_command`]) above
/// each differs: the labeller labels them by it.
fn warn_of_repeated_means(input: &Input, out: &mut ParsedFile) {
    // A sample's line holds its figure: never blank, always in a paragraph.
    let para_of = |line: usize| input.paragraph_at(line - 1).0;
    let mut first: Vec<(String, usize, usize)> = Vec::new();
    let mut warned: Vec<usize> = Vec::new();
    for s in out.samples.iter().filter(|s| matches!(s.value, crate::model::Value::Single { .. })) {
        let key = format!("{}\u{1}{}\u{1}{:?}", s.group, s.metric.name, s.params);
        let para = para_of(s.line);
        match first.iter().find(|(k, _, _)| *k == key) {
            Some((_, p, at)) if *p != para && !warned.contains(&para) => {
                warned.push(para);
                // Under different set-up commands (`echo NO_FAIR_SLEEPERS >
                // /debug/sched/features`, then `echo FAIR_SLEEPERS > …`):
                // two set-ups, which the labeller labels by them.
                let setup_above = |line: usize| {
                    (1..line).rev().map(|n| input.lines[n - 1].trim()).find(|t| super::labels::is_setup_command(t))
                };
                if setup_above(s.line).is_some_and(|b| setup_above(*at).is_some_and(|a| a != b)) {
                    continue;
                }
                let msg = format!(
                    "perf stat's means from line {} on repeat those of line {at} (the same command, metric and \
                     prefix), no set-up line this parser reads between them: averaged as runs of one set-up; a \
                     label line above each keeps two set-ups apart",
                    s.line
                );
                out.notes.push((s.line, msg));
            }
            Some(_) => {}
            None => first.push((key, para, s.line)),
        }
    }
    out.notes.sort_by_key(|n| n.0);
}

/// `s` (of mean `v`) as a summary of the block's runs: `sem` is perf's
/// standard error of the mean (`None` when it printed none); `repeated`
/// is whether the line shows it is a mean of repeated runs (a `+-`).
fn with_spread(
    s: Sample,
    v: f64,
    sem: Option<f64>,
    repeated: bool,
    block: &mut Block,
    line: usize,
    out: &mut ParsedFile,
) -> Sample {
    match block.runs.filter(|&n| n >= 2) {
        Some(n) => {
            let sd = sem.filter(|&e| e > 0.0).map(|e| e * f64::from(n).sqrt());
            if sd.is_some() && !block.noted_spread {
                block.noted_spread = true;
                out.notes.push((
                    line,
                    format!(
                        "perf stat's `+-` {SEM_READ_AS_SD} {n} runs (perf's stddev_stats: √(variance/n)), not their \
                         standard deviation: read as a deviation √{n} times it"
                    ),
                ));
            }
            s.with_summary(v, sd, n)
        }
        None if repeated => {
            if !block.noted_unstated {
                block.noted_unstated = true;
                out.notes.push((
                    line,
                    "perf stat's means of an unstated number of runs (no `(N runs)` header, no `-r N` shown): each \
                     read as one value, its `+-` (the standard error of the mean) not read"
                        .to_string(),
                ));
            }
            s
        }
        None => s,
    }
}

impl BenchParser for PerfStat {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "perf stat summaries (counters, `seconds time elapsed`, `--repeat N` means; perf 2.6.31 to 6.x text output)"
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has(" seconds time elapsed") && !input.has("Performance counter stats for") {
            return 0;
        }
        let read = input.lines.iter().any(|l| {
            let t = l.trim();
            match kind(t) {
                Kind::Header(..) => true,
                Kind::Elapsed { mean, .. } => super::perf_bench::number(&mean).is_some(),
                _ => false,
            }
        });
        if read { 40 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        40
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> ParsedFile {
        parse_all(&Input::from_text(text)).expect("read")
    }

    /// Ankur Arora's PREEMPT_AUTO letter (LKML 2024-02): the command line
    /// gives the ten runs; perf's `+-` is the standard error of the mean.
    #[test]
    fn repeat_means_with_the_command_lines_run_count() {
        let f = read(
            " # perf stat -a -e cs --repeat 10 --  perf bench sched messaging -g 20 -t -l 5000\n\n \
             PREEMPT_AUTO, preempt=none\n\n\t 3,074,466            context-switches      ( +-  0.34% )\n\t   \
             3.66437 +- 0.00494 seconds time elapsed  ( +-  0.13% )\n",
        );
        assert_eq!(f.samples.len(), 2);
        let cs = &f.samples[0];
        assert_eq!(
            (cs.line, cs.metric.name.as_str(), cs.group.as_str()),
            (5, "context-switches", "perf bench sched messaging -g 20 -t -l 5000")
        );
        let crate::model::Value::Summary { mean, stddev: Some(sd), n: 10 } = cs.value else { panic!("{:?}", cs.value) };
        assert_eq!(mean, 3_074_466.0);
        assert!((sd - 3_074_466.0 * 0.0034 * 10f64.sqrt()).abs() < 1e-6);
        let el = &f.samples[1];
        assert_eq!(
            (el.metric.name.as_str(), el.metric.unit.as_str(), el.metric.better),
            ("time elapsed", "s", Better::Lower)
        );
        let crate::model::Value::Summary { mean, stddev: Some(sd), n: 10 } = el.value else { panic!() };
        assert_eq!(mean, 3.66437);
        assert!((sd - 0.00494 * 10f64.sqrt()).abs() < 1e-12);
        assert!(f.notes.iter().any(|(l, m)| *l == 5 && m.contains(SEM_READ_AS_SD)));
        assert!(crate::parse::note_is_info(&f.notes[0].1));
    }

    /// A header's `(5 runs)`, perf 5.x's unit column, `<not supported>`,
    /// a multiplexed counter's share and `#` comments.
    #[test]
    fn a_header_block() {
        let f = read(
            " Performance counter stats for './a.out --n 3' (5 runs):\n\n          8,926.13 msec task-clock:u   #    1.0 \
             CPUs  CPUs_utilized  ( +-  0.01% )\n                 0      context-switches:u    #  0.0 cs/sec\n   <not \
             supported>      L1-dcache-prefetch-misses\n    49,102,209,719      cpu-cycles:u   #  5.5 GHz  ( +-  \
             0.00% )  (50.00%)\n\n            1.7488 +- 0.0130 seconds time elapsed  ( +-  0.74% )\n",
        );
        let got: Vec<(usize, &str, &str, f64)> = f
            .samples
            .iter()
            .map(|s| (s.line, s.metric.name.as_str(), s.metric.unit.as_str(), s.value.mean()))
            .collect();
        assert_eq!(
            got,
            [
                (3, "task-clock:u", "ms", 8926.13),
                (4, "context-switches:u", "", 0.0),
                (6, "cpu-cycles:u", "", 49_102_209_719.0),
                (8, "time elapsed", "s", 1.7488)
            ]
        );
        assert!(f.samples.iter().all(|s| s.group == "./a.out --n 3"));
        // `0.00%` gives no deviation; no percentage printed, none either.
        assert!(matches!(f.samples[2].value, crate::model::Value::Summary { stddev: None, n: 5, .. }));
        assert!(matches!(f.samples[1].value, crate::model::Value::Summary { stddev: None, n: 5, .. }));
        assert!(f.notes.iter().any(|(l, m)| *l == 5 && m.contains("<not supported>")));
    }

    /// A poster's prefixes (David Hildenbrand, linux-mm 2022: `perf stat
    /// --null --repeat 10` on a line of its own, tab-indented) are labels.
    #[test]
    fn prefixed_elapsed_lines_are_labelled() {
        let f = read(
            "\tperf stat --null --repeat 10\n\nnuma01:\n\tmm-unstable:   146.88 +- 6.54 seconds time elapsed  ( +-  \
             4.45% )\n\tmm-unstable++: 147.45 +- 13.39 seconds time elapsed  ( +-  9.08% )\n",
        );
        let labels: Vec<&str> = f.samples.iter().map(|s| s.params[0].value.as_str()).collect();
        assert_eq!(labels, ["mm-unstable", "mm-unstable++"]);
        assert!(f.samples.iter().all(|s| matches!(s.value, crate::model::Value::Summary { n: 10, .. })));
    }

    /// No run count shown: one value each, the spread not read, said once.
    #[test]
    fn an_unstated_run_count() {
        let f = read(
            "1:            0.55355 +- 0.00290 seconds time elapsed  ( +-  0.52% )\n2:  0.79591 +- 0.00545 seconds time elapsed  ( +-  0.68% )\n",
        );
        assert_eq!(f.samples.len(), 2);
        assert!(f.samples.iter().all(|s| matches!(s.value, crate::model::Value::Single { .. })));
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.samples[1].params[0].value, "2");
    }

    /// The same prefix's mean in two paragraphs, no run count: warned.
    #[test]
    fn a_repeated_unstated_mean_is_warned() {
        let f = read(
            "1:  0.55355 +- 0.00290 seconds time elapsed  ( +-  0.52% )\nx\n\n1:  0.59076 +- 0.00577 seconds time elapsed  ( +-  0.98% )\n",
        );
        assert!(f.notes.iter().any(|(l, m)| *l == 4 && m.contains("repeat those of line 1")), "{:?}", f.notes);
    }

    /// Under two set-up commands that differ: two set-ups, no warning (the
    /// labeller labels them by the commands).
    #[test]
    fn means_under_two_setup_commands_are_not_warned() {
        let f = read(
            "# echo NO_FAIR_SLEEPERS > /debug/sched/features\n1:  0.55355 +- 0.00290 seconds time elapsed  ( +-  0.52% )\n\n# echo FAIR_SLEEPERS > /debug/sched/features\n1:  0.59076 +- 0.00577 seconds time elapsed  ( +-  0.98% )\n",
        );
        assert!(!f.notes.iter().any(|(_, m)| m.contains("repeat those of line")), "{:?}", f.notes);
    }

    /// A decimal-comma locale's figures are noted, never read as others.
    #[test]
    fn a_decimal_comma_locale_is_not_read() {
        let f = parse_all(&Input::from_text(
            " Performance counter stats for 'x' (5 runs):\n\n     1.188      cpu_core/cycles:u/  ( +-  0,22% )\n\n   \
             3,4814 +- 0,0128 seconds time elapsed  ( +-  0,37% )\n",
        ));
        let Err(ParseError::NoResultsAt { at: 3, reason, .. }) = f else { panic!("{f:?}") };
        assert!(reason.contains("decimal comma"), "{reason}");
    }

    /// Ankur Arora's v2 letter: a blank line between the count and the
    /// elapsed time; then his script's `mean +- spread` counts.
    #[test]
    fn counts_above_a_blank_line_and_a_scripts_plus_minus_counts() {
        let f = read(
            " # perf stat -a -e cs --repeat 10 -- perf bench sched messaging -g 20 -t -l 5000\n\n PREEMPT_AUTO, \
             preempt=none\n\n        3,173,961             context-switches      ( +-  0.60% )\n\n           3.03058 +- \
             0.00621 seconds time elapsed  ( +- 0.20% )\n\nDrilling down:\n\n          2286219.90 +- 39510.80 voluntary \
             context-switches   ( +- 1.72% )\n\t   887741.80 +- 20137.63 involuntary context-switches ( +- 2.26% )\n",
        );
        let got: Vec<(usize, &str)> = f.samples.iter().map(|s| (s.line, s.metric.name.as_str())).collect();
        assert_eq!(
            got,
            [
                (5, "context-switches"),
                (7, "time elapsed"),
                (11, "voluntary context-switches"),
                (12, "involuntary context-switches")
            ]
        );
        assert!(matches!(f.samples[3].value, crate::model::Value::Summary { stddev: Some(20137.63), n: 1, .. }));
        assert_eq!(f.samples[3].group, "");
        assert!(f.notes.iter().any(|(l, m)| *l == 11 && m.contains("no perf stat line")));
    }

    /// `perf stat -a sleep 10`: the elapsed time is the sleep's.
    #[test]
    fn a_sleeps_length_is_no_result() {
        let f = read(
            "# perf stat -a -e cycles sleep 10\n\n Performance counter stats for 'system wide':\n\n    \
             1,234,567      cycles\n\n      10.001234567 seconds time elapsed\n",
        );
        assert_eq!(f.samples.len(), 1);
        assert_eq!(f.samples[0].group, "system wide");
    }
}
