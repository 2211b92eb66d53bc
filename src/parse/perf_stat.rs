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
//! count perf scaled up to the whole run: the count is read as printed,
//! and a note on the paragraph says it is perf's estimate. `<not counted>`
//! and `<not supported>` are noted, with no figure. The elapsed time of a `perf stat
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
//! `perf stat --table` prints each run's elapsed time above the summary
//! (`# Table of individual measurements:`, rows `37.61 (-12.20) #######`,
//! then `# Final result:`): each row is read as one run (a sample of
//! `time elapsed` at its line), and the summary is their mean, not read
//! again, with a note saying whether the runs' mean agrees with it.
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
//! said once. A block printed in a locale with a decimal comma and `.`
//! between thousands (`3,4814 +- 0,0128 seconds time elapsed ( +- 0,37% )`,
//! `#  1,534 CPUs utilized`, `15.433.140.732 cycles`, a `(99,63%)` share)
//! is read in that locale, every figure of it from its header to its last
//! line (its `1.188` is 1188: perf 6.x sets a blank line between the
//! counts and the elapsed time, and a count under a million may show no
//! sign of the locale), with a note. A block whose counts are grouped by
//! spaces (`12 662 context-switches`, `53 065,07 msec task-clock`) is
//! noted whole, not read. A count or time no locale of perf prints
//! (`1'234'567`), an elapsed time with `+-` and no mean before it, and a
//! percentage with no figure are noted at their line. The command of a
//! `perf stat … CMD > /dev/null 2>&1` line is CMD without the
//! redirections. Interval
//! (`-I`), per-CPU (`-A`) and CSV (`-x,`) output are not read.

use super::cmdline::{args_of, option_values};
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample, Value};

/// perf stat's summary; registry id `"perf-stat"`.
pub struct PerfStat;

/// Registry id.
pub const ID: &str = "perf-stat";

/// Words of the note that says perf's `+-` (the standard error of the
/// mean) was read as a deviation √N times it: how the text was read, every
/// number certain ([`super::note_is_info`]).
pub const SEM_READ_AS_SD: &str = "is the standard error of the mean of its";

/// Words of the note on a paragraph read in a decimal-comma locale (every
/// figure certain: [`super::note_is_info`]).
pub const COMMA_LOCALE_READ: &str = "read in that locale";

/// Words of the note on multiplexed counters (perf's own estimates, read
/// as printed: [`super::note_is_info`]).
pub const SCALED_COUNTS: &str = "each count is perf's estimate, scaled up from that share to the whole run";

/// Words of the note on `--table` runs whose mean is the summary's
/// ([`super::note_is_info`]).
pub const TABLE_RUNS_AGREE: &str = "read as those runs, not as one more sample; their mean agrees";

/// What a line of perf stat's output is.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    /// `Performance counter stats for 'CMD' (N runs):`: the command and N.
    Header(String, Option<u32>),
    /// A `perf stat …` command line: the command it counts and `-r N`.
    Command(String, Option<u32>),
    /// `[label] mean [+- sem] seconds time elapsed [( +- p% )]`.
    /// `odd`: what stands before the mean is no prefix (`+-`: the mean
    /// cut off; a bare figure).
    Elapsed { label: Option<String>, mean: String, sem: Option<String>, pct: Option<String>, rest: String, odd: bool },
    /// `X seconds user` / `X seconds sys`.
    CpuTime(&'static str, String),
    /// `value [unit] event [# comment] [( +- p% )] [(share%)]`: `share`,
    /// the share of the run a multiplexed counter ran (`(50.00%)`).
    Counter { value: String, unit: Option<String>, event: String, pct: Option<String>, share: Option<String> },
    /// `# Table of individual measurements:` (`perf stat --table`).
    TableHead,
    /// A row of that table, one run's elapsed seconds and its difference
    /// from the mean, then a bar: `37.61 (-12.20) #######`.
    TableRun(String),
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

/// perf's generic events (`perf list` hw, sw and cache events) whose
/// start alone is no event of its own: [`cut_event`].
const GENERIC_EVENTS: [&str; 30] = [
    "context-switches",
    "cpu-migrations",
    "page-faults",
    "minor-faults",
    "major-faults",
    "alignment-faults",
    "emulation-faults",
    "task-clock",
    "cpu-clock",
    "instructions",
    "branch-instructions",
    "branch-misses",
    "branch-loads",
    "branch-load-misses",
    "cache-references",
    "cache-misses",
    "bus-cycles",
    "ref-cycles",
    "stalled-cycles-frontend",
    "stalled-cycles-backend",
    "L1-dcache-loads",
    "L1-dcache-load-misses",
    "L1-dcache-stores",
    "L1-icache-load-misses",
    "LLC-loads",
    "LLC-load-misses",
    "dTLB-loads",
    "dTLB-load-misses",
    "iTLB-loads",
    "iTLB-load-misses",
];

/// The generic event `event` is the cut start of (`context-swi`: a file
/// or a paste cut mid-name, attack49 F12; it was read as an event of that
/// name), `None` for any other. Only names of at least four characters
/// that are no generic event themselves nor perf's short aliases.
fn cut_event(event: &str) -> Option<&'static str> {
    const ALIASES: [&str; 6] = ["cycles", "branches", "faults", "migrations", "cs", "instructions"];
    if event.len() < 4 || ALIASES.contains(&event) || GENERIC_EVENTS.contains(&event) {
        return None;
    }
    GENERIC_EVENTS.iter().copied().find(|g| g.len() > event.len() && g.starts_with(event))
}

/// A unit perf prints in the column before the event (perf 5.x on).
fn is_unit(w: &str) -> bool {
    matches!(w, "msec" | "ns" | "us" | "Joules" | "MiB" | "MB" | "W" | "%")
}

/// True when line `t` (trimmed) is one quoted word a mailer carried off
/// the command line above (`'kfunc:__x64_sys_s* { } … exit();}'`): it
/// begins and ends with the same quote, with none of it inside.
fn quoted_whole(t: &str) -> bool {
    let Some(q) = t.chars().next().filter(|c| matches!(c, '\'' | '"')) else { return false };
    t.len() > 2 && t.ends_with(q) && !t[1..t.len() - 1].contains(q)
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
    let cmd = without_redirections(args.get(i..).unwrap_or_default()).join(" ");
    let cmd = if cmd.is_empty() && system_wide { "system wide".to_string() } else { cmd };
    (cmd, runs)
}

/// A command's words without the shell's redirections of its output to
/// nowhere (`> /dev/null`, `2>/dev/null`, `&>/dev/null`) or to another of
/// its descriptors (`2>&1`), which are no part of what perf stat counted
/// (perf prints the command without them in its `Performance counter
/// stats for '…'` header). A redirection to a file stays: it may be the
/// workload (`echo REFCOUNT_TIMING >/sys/kernel/debug/provoke-crash/DIRECT`,
/// Will Deacon's lkdtm runs). Words inside quotes are kept (`'i > 5'`).
fn without_redirections<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut kept = Vec::with_capacity(words.len());
    let mut quote: Option<char> = None;
    let mut k = 0;
    while k < words.len() {
        let w = words[k];
        k += 1;
        if quote.is_none() {
            let op = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '&');
            if op.starts_with('>') {
                // The target in the word (`>/dev/null`, `>&1`) or the next
                // one (`> /dev/null`).
                let target = op.trim_start_matches('>');
                let (target, next) = if target.is_empty() { (words.get(k).copied(), 1) } else { (Some(target), 0) };
                let to_fd =
                    target.is_some_and(|t| t.strip_prefix('&').is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit())));
                if to_fd || target == Some("/dev/null") {
                    k += next;
                    continue;
                }
            }
        }
        for c in w.chars() {
            match quote {
                Some(q) if c == q => quote = None,
                None if c == '\'' || c == '"' => quote = Some(c),
                _ => {}
            }
        }
        kept.push(w);
    }
    kept
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
        let odd = label.split_whitespace().any(|w| w == "+-") || super::num::plain(&label).is_some();
        let label = label.trim_end_matches(':').trim();
        let pct = noise(after).map(str::to_string);
        let rest = if pct.is_some() { "" } else { after.trim() };
        return Kind::Elapsed {
            label: (!label.is_empty()).then(|| label.to_string()),
            mean: mean.to_string(),
            sem: sem.map(str::to_string),
            pct,
            rest: rest.to_string(),
            odd,
        };
    }
    for (suffix, name) in [(" seconds user", "user"), (" seconds sys", "sys")] {
        if let Some(v) = t.strip_suffix(suffix)
            && !v.contains(char::is_whitespace)
        {
            return Kind::CpuTime(name, v.to_string());
        }
    }
    if t == "# Table of individual measurements:" {
        return Kind::TableHead;
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
    if let Some(v) = table_run(&toks) {
        return Kind::TableRun(v.to_string());
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
    // A page converted to Markdown escapes each `_` of an event's name
    // (`29 cci\_snoop\_stall\_tt\_full`, a Rockchip perf guide, wildmod53:
    // the count was left out without a word): the name is perf's without
    // the escapes.
    let unescaped = event.replace("\\_", "_");
    let event = unescaped.as_str();
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
        share: share(t).map(str::to_string),
    }
}

/// The share of the run a multiplexed counter ran, as printed: the `50.00`
/// of a counter line's last `(50.00%)` (perf's `(%.2f%%)` after the
/// noise, when perf counted events by turns and scaled each count up to
/// the whole run). `None` when the line has none.
fn share(t: &str) -> Option<&str> {
    // perf 3.x printed it in brackets, after the comment: `42238237278
    // cycles # 1.637 GHz [64.17%]` (a Rockchip perf guide, wildmod53).
    let (open, close) = if t.trim_end().ends_with(']') { ('[', ']') } else { ('(', ')') };
    let at = t.rfind(open)?;
    let inner = t[at + 1..].trim_end().strip_suffix(close)?.trim();
    let p = inner.strip_suffix('%')?;
    (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b',')).then_some(p)
}

/// A row of `perf stat --table`'s `# Table of individual measurements:`
/// (`builtin-stat.c` `print_table`: `" %17.*f (%+.*f) "` and a bar of
/// `#`): the run's figure as printed. `toks`: the line's words. Also
/// without its bar (a person's paste that left the bars out: the rows
/// were no table, the block's counters above them, with no header, were
/// dropped without a word, attack50 F3).
fn table_run<'a>(toks: &[&'a str]) -> Option<&'a str> {
    let deviation = |d: &str| {
        d.strip_prefix("(+")
            .or_else(|| d.strip_prefix("(-"))
            .and_then(|d| d.strip_suffix(')'))
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b','))
    };
    match toks {
        [v, d, bar] if deviation(d) && bar.bytes().all(|b| b == b'#') => Some(v),
        [v, d] if deviation(d) => Some(v),
        _ => None,
    }
}

/// A figure printed in a locale with a decimal comma and `.` between
/// groups of three (`15.433.140.732`, `3,4814`, `0,37`): its value.
/// `None` for any other shape.
fn comma_number(v: &str) -> Option<f64> {
    let v = v.trim();
    let (whole, frac) = v.split_once(',').map_or((v, None), |(w, f)| (w, Some(f)));
    let digits = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
    let mut groups = whole.split('.');
    let first = groups.next().unwrap_or_default();
    let grouped = whole.contains('.');
    let whole_ok = digits(first) && (!grouped || first.len() <= 3) && groups.all(|g| g.len() == 3 && digits(g));
    if !whole_ok || frac.is_some_and(|f| !digits(f)) {
        return None;
    }
    super::num::plain(&v.replace('.', "").replace(',', "."))
}

/// A figure printed with a decimal comma (`3,4814`, `0,37`) or a point
/// between groups of three (`15.433.140.732`): a locale whose `1.188` is
/// 1188.
fn comma_locale(v: &str) -> bool {
    (v.contains(',') && super::perf_bench::number(v).is_none()) || v.matches('.').count() > 1
}

/// True for `1.234`: digits, one point, exactly three digits after it
/// (a count grouped by a de_DE thousands point, or a decimal: not sure).
fn grouped_by_point(v: &str) -> bool {
    let digits = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
    v.split_once('.').is_some_and(|(w, f)| w.len() <= 3 && digits(w) && f.len() == 3 && digits(f))
}

/// True for a counter line of a count (`526743764 faults`, no unit, no
/// clock): perf prints counts with `%.0f`, so a comma inside one is never a
/// decimal comma (attack59: `526743,764 faults` turned its block's
/// figures to a decimal-comma locale and read 526743.764 faults).
fn is_count(unit: Option<&str>, event: &str) -> bool {
    unit.is_none() && !event.contains("clock") && !event.contains("msec")
}

/// True when line `t` (of kind `k`, in a perf stat paragraph) shows perf
/// printed it in a locale's format: a decimal comma (`0,52 msec
/// task-clock`, `5,003493176 seconds time elapsed`, `( +-  0,22% )`, a
/// `#` comment's `1,534 CPUs utilized`: perf prints those figures without
/// thousands separators, so their comma is a decimal one), a count
/// grouped by points (`15.433.140.732 cycles`) or by spaces (`12 662
/// context-switches`, `53 065,07 msec task-clock`). In such a locale a
/// count `1.188` is 1188: no figure of the block is sure.
fn localized(k: &Kind, t: &str) -> bool {
    let comment_comma = t.split_once('#').is_some_and(|(_, c)| {
        c.split_whitespace()
            .next()
            .is_some_and(|w| w.contains(',') && w.bytes().all(|b| b.is_ascii_digit() || b == b',' || b == b'%'))
    });
    comment_comma
        || match k {
            Kind::Elapsed { mean, sem, pct, .. } => {
                comma_locale(mean)
                    || sem.as_deref().is_some_and(comma_locale)
                    || pct.as_deref().is_some_and(|p| p.contains(','))
            }
            Kind::Counter { value, unit, event, pct, share } => {
                value.matches('.').count() > 1
                    || (value.contains(',')
                        && !is_count(unit.as_deref(), event)
                        && super::perf_bench::number(value).is_none())
                    || pct.as_deref().is_some_and(|p| p.contains(','))
                    || share.as_deref().is_some_and(|p| p.contains(','))
            }
            Kind::CpuTime(_, v) => v.contains(','),
            Kind::TableRun(v) => comma_locale(v),
            Kind::Other => {
                // `12 662  context-switches`: a group of one to three
                // digits, then one of three (and a decimal comma's part).
                let mut w = t.split_whitespace();
                let digits = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
                w.next().is_some_and(|a| a.len() <= 3 && digits(a))
                    && w.next().is_some_and(|b| {
                        let whole = b.split_once(',').map_or(b, |(x, _)| x);
                        whole.len() == 3 && digits(whole)
                    })
            }
            _ => false,
        }
}

/// The blocks of perf stat's lines (from a header or the first line
/// read after other text, to the last line read before other text or the
/// next header; blank lines inside), each as (first line, last line,
/// whether any line of it shows a locale's format, [`localized`]), 0-based.
/// A locale's output is read in it, or noted, whole: its elapsed time
/// shows the decimal comma, its counts of under a million may not (`1.188
/// cycles`, perf 6.x sets a blank line between them).
fn localized_blocks(input: &Input, kinds: &[Kind], inside: &[bool]) -> Vec<(usize, usize, bool)> {
    let mut blocks: Vec<(usize, usize, bool)> = Vec::new();
    let mut open = false;
    for (i, k) in kinds.iter().enumerate() {
        let t = input.lines[i].trim();
        if t.is_empty() {
            continue;
        }
        if matches!(k, Kind::Header(..) | Kind::Command(..)) || !inside[i] {
            open = false;
            continue;
        }
        let loc = localized(k, t);
        match blocks.last_mut() {
            Some(b) if open => {
                b.1 = i;
                b.2 |= loc;
            }
            _ => blocks.push((i, i, loc)),
        }
        open = true;
    }
    blocks
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
    /// The rows of a `# Table of individual measurements:` read since the
    /// last elapsed time: (line, figure; `None`: no number).
    table: Option<Vec<(usize, Option<f64>)>>,
    /// The line of a stress-ng run's `successful run completed in 120.04s`
    /// the file prints between the last block and this one's header: the
    /// workload, which ran for the length it was set to ([`runs_for_a_set_time`]).
    stress_ng: Option<usize>,
}

/// True where the command perf stat counted over runs for a length it was
/// set to, not until its work is done: stress-ng, unless an
/// `--<stressor>-ops N` limit may stop it first (`stress-ng --cpu 4 -t
/// 2m`; without `-t` it runs to its default timeout). Its elapsed time is
/// that length, a setting like a `sleep`'s: archive55's `perf stat -a`
/// around `stress-ng --cpu 4 -t 2m` made `120.088` against `120.049`
/// seconds (-0.03%) a notable change.
///
/// So is sysbench given a length, `--time=N` (1.0; no `--events=M` to
/// stop it first) or `--max-time=N` with `--max-requests=0` (0.4 stops at
/// 10000 requests otherwise), but for its memory test, which stops at its
/// `--memory-total-size` first, and mutex, a fixed amount of work
/// (archive57: a THP investigation's `perf stat` around `sysbench fileio
/// … --time=5 run` read `5.008398862` and `5.008091487` seconds as the
/// run's result). The program's name: what the note says was set.
fn runs_for_a_set_time(cmd: &str) -> Option<&'static str> {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let named = |name: &str| words.iter().any(|w| w.rsplit('/').next() == Some(name));
    if named("stress-ng") {
        let limited = words.iter().any(|w| w.starts_with("--") && (w.ends_with("-ops") || w.contains("-ops=")));
        return (!limited).then_some("stress-ng");
    }
    if !named("sysbench") || words.iter().any(|w| matches!(*w, "memory" | "mutex" | "--test=memory" | "--test=mutex")) {
        return None;
    }
    let value = |key: &str| words.iter().find_map(|w| w.strip_prefix(key)).and_then(|v| v.parse::<f64>().ok());
    let events = value("--events=").or_else(|| value("--max-requests="));
    let timed = match (value("--time="), value("--max-time=")) {
        (Some(t), _) => t > 0.0 && events.is_none_or(|e| e == 0.0),
        (None, Some(t)) => t > 0.0 && events == Some(0.0),
        (None, None) => false,
    };
    timed.then_some("sysbench")
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
    /// `perf stat --table`'s runs under their `# Table of individual
    /// measurements:` line.
    Table,
    Other,
}

/// Every perf stat paragraph's lines: the one under a header, every one
/// that holds a header or an elapsed-time line, the paragraphs of counts
/// between a header and the elapsed time (perf 6.x and posts set blank
/// lines between them; a double-spaced paste, one between every line),
/// the `seconds user` / `sys` paragraph under the elapsed time, and a
/// paragraph of a script's `+-` counts. `tails` marks the lines that are
/// the end of the counter line above them, wrapped by a mailer (its
/// comment, noise or share): part of a paragraph of counts.
fn perf_paragraphs(input: &Input, kinds: &[Kind], tails: &[bool]) -> Vec<bool> {
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
                    || (kinds[k] == Kind::Other && (wrapped_comment(k) || tails[k]))
                    || fence(k)
            })
        {
            Para::Counts
        } else if ks.iter().any(|k| matches!(k, Kind::CpuTime(..)))
            && (start..i).all(|k| matches!(kinds[k], Kind::CpuTime(..)) || fence(k))
        {
            Para::CpuTimes
        } else if ks.iter().any(|k| matches!(k, Kind::PlusMinus { .. }))
            && (start..i).all(|k| matches!(kinds[k], Kind::PlusMinus { .. }) || tails[k])
        {
            Para::PlusMinus
        } else if ks.iter().any(|k| matches!(k, Kind::TableRun(..)))
            && ks.iter().all(|k| matches!(k, Kind::TableRun(..) | Kind::TableHead))
        {
            Para::Table
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
    // Counts, and `--table`'s runs, right above the elapsed time (counts
    // above the table too: perf prints counts, table, `# Final result:`).
    for k in (0..paras.len().saturating_sub(1)).rev() {
        let next = inside[k + 1].then_some(paras[k + 1].2);
        let above = match paras[k].2 {
            Para::Counts => matches!(next, Some(Para::Elapsed | Para::Counts | Para::Table)),
            Para::Table => next == Some(Para::Elapsed),
            _ => false,
        };
        if above {
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

/// True when sample `s`, read from a last line with no line break, shows
/// that line was cut inside its name: an event named by the start of
/// `seconds` (`seco`: perf's `seconds time elapsed`, `seconds user`,
/// `seconds sys`, cut). ([`cut_event`] knows the generic events' names.)
fn cut_in_name(s: &Sample) -> bool {
    let name = s.metric.name.as_str();
    !name.is_empty() && "seconds".starts_with(name)
}

/// True when sample `s`, read from the file's last line, which has no
/// line break and ends right after the event's name (no blank after it,
/// where perf pads its names or prints a comment or the noise), is
/// counted under the start of an event the file names elsewhere (the `-e`
/// list of its command line, another counter line): `29 cci\_snoop\_s`
/// cut from `29 cci\_snoop\_stall\_tt\_full`, a Rockchip guide whose
/// command names `cci\_snoop\_stall\_tt\_full` (attack54 F6: the count was
/// read under the event `cci_snoop_s`). A name perf gives an event of
/// its own ([`cut_event`]'s aliases, the generic events) is no cut.
fn named_longer_above(input: &Input, s: &Sample) -> bool {
    let n = s.line;
    let event = s.metric.name.as_str();
    let Some(text) = n.checked_sub(1).and_then(|i| input.lines.get(i)) else { return false };
    // A counter's line only (`2425.314753000 seconds sys` is no event
    // `sys`, the start of `system wide`). However short: `88,957 b` cut
    // from `branch-misses:u` under `branches:u` was read as an event `b`
    // (attack57 F6; perf's own short names, `cs`, are kept below).
    if event.is_empty()
        || text.ends_with(char::is_whitespace)
        || !text.replace("\\_", "_").ends_with(event)
        || !matches!(kind(text.trim()), Kind::Counter { .. })
    {
        return false;
    }
    if GENERIC_EVENTS.contains(&event) || ["cycles", "branches", "faults", "migrations", "cs"].contains(&event) {
        return false;
    }
    input.lines.iter().take(n - 1).any(|l| {
        l.replace("\\_", "_")
            .split(|c: char| c.is_whitespace() || c == ',' || c == '\'' || c == '"')
            .any(|w| w.len() > event.len() && w.starts_with(event) && is_event(w))
    })
}

/// Warns of the file's last line, with no line break, read as a count of
/// a `(N runs)` block without the `( +- p% )` perf prints after every
/// such count: the file was cut after the count (attack54 F6, Dieter
/// Gouders' quote of Ingo Molnar's runs ending in `32,244,691,275
/// instructions`): its mean is read, its deviation is not, and the
/// warning says so (it was lost without a word).
///
/// A block a mailer folded (`fold -s -w 72`: a count's `( +- 0.59% )`
/// wrapped onto the line under it, [`Read::folded`]) may be cut at a line break
/// too: its last count, the file's last line but blanks, with its
/// comment and no spread, may have lost the line its spread was on
/// (archive57: the folded transformer-deploy post cut after `3
/// context-switches  #  0.462 K/sec` read a mean of 50 runs with no
/// deviation, without a word). The same warning, saying the spread may
/// be on a line the file does not have.
fn warn_of_a_cut_spread(input: &Input, out: &mut ParsedFile, folded: bool) {
    let Some(n) = input.lines.iter().rposition(|l| !l.trim().is_empty()).map(|i| i + 1) else { return };
    let at_end = input.unterminated && n == input.lines.len();
    let folded_cut = !at_end && input.lines[n - 1].contains('#') && folded;
    if !(at_end || folded_cut) || out.notes.iter().any(|(l, m)| *l == n && super::cut::is_cut_note(m)) {
        return;
    }
    let text = input.lines[n - 1].as_str();
    if text.contains("+-") {
        return;
    }
    let runs = out.samples.iter().find_map(|s| match s.value {
        Value::Summary { stddev: None, n: runs, .. } if s.line == n && runs >= 2 => Some(runs),
        _ => None,
    });
    if let Some(runs) = runs {
        let what = format!("the mean of its {runs} runs read, their deviation (perf's `( +- p% )`) not");
        let note = if folded_cut {
            format!(
                "the file may be cut after its last line `{}`, before the line its spread was folded onto: the \
                 block's counts have their `( +- p% )` on the line under them (a mailer folded the output) and \
                 this one has none; {what} — if the file is complete, its runs did not differ (perf prints no \
                 spread of zero)",
                text.trim()
            )
        } else {
            super::cut::spread_cut_note(text, input, &what)
        };
        out.notes.push((n, note));
    }
}

/// `first` (a line's text) joined, a blank between, with the lines
/// `below` it (trimmed, each as `piece` gives it) up to the first that
/// `ends` the join: a header a mailer wrapped inside its command (up to
/// the line ending in `:`), a command continued by the shell's `\`. `None`
/// where a blank line, or the end of `below`, comes first.
fn joined_below(
    input: &Input,
    first: &str,
    below: impl Iterator<Item = usize>,
    piece: impl Fn(&str) -> &str,
    ends: impl Fn(&str) -> bool,
) -> Option<String> {
    let mut joined = first.to_string();
    for j in below {
        let next = input.lines[j].trim();
        if next.is_empty() {
            return None;
        }
        joined.push(' ');
        joined.push_str(piece(next));
        if ends(next) {
            return Some(joined);
        }
    }
    None
}

/// What [`parse_all`] read: the file's results, and whether a count's `(
/// +- p% )` is on the line under it anywhere in the file (the output was
/// folded by a mailer: `#    0.462 K/sec` over `( +-  1.84% )`, or `#
/// 0.494 CPUs` over `utilized   ( +-  0.59% )`), for
/// [`warn_of_a_cut_spread`].
struct Read {
    out: ParsedFile,
    folded: bool,
}

fn parse_all(input: &Input) -> Result<Read, ParseError> {
    let mut out = ParsedFile { benchmark: ID.to_string(), ..ParsedFile::default() };
    let mut kinds: Vec<Kind> = input.lines.iter().map(|l| kind(l.trim())).collect();
    // A `#` comment's text a mail wrapped onto the next line (`… edge/u #`
    // over `10.044 M/sec`) is no count of an event `M/sec`.
    for (k, above) in kinds.iter_mut().skip(1).zip(&input.lines) {
        if matches!(k, Kind::Counter { .. }) && above.trim_end().ends_with('#') {
            *k = Kind::Other;
        }
    }
    // A header a mailer wrapped inside its command, perf's header always
    // ending in `:` (`Performance counter stats for 'curl -G … live` /
    // `event is great. … localhost:8000/predict'` / `(50 runs):`, attack54
    // F5: the run count was lost, each mean read as one value and its
    // `+-` not read, the group a cut command): the header is its line
    // joined with the lines below it up to the one ending in `:`.
    for i in 0..kinds.len() {
        let t = input.lines[i].trim();
        if !matches!(kinds[i], Kind::Header(_, None)) || t.ends_with(':') {
            continue;
        }
        let below = (i + 1..kinds.len().min(i + 4)).take_while(|&j| kinds[j] == Kind::Other);
        if let Some(joined) = joined_below(input, t, below, |l| l, |l| l.ends_with(':')) {
            kinds[i] = kind(&joined);
        }
    }
    // A `perf stat` command continued over lines by the shell's `\`
    // (`perf stat -a \` / `-e access_mmu_stlb \` / … / `-- openssl speed
    // rsa2048`, a LKML 2023 StarFive patch, wildmod56: the group was the
    // `\` itself): the command is its line joined with those below it up
    // to the first that does not end in `\`.
    fn unescaped(l: &str) -> &str {
        l.trim_end_matches('\\').trim_end()
    }
    for (i, k) in kinds.iter_mut().enumerate() {
        let t = input.lines[i].trim();
        if !matches!(k, Kind::Command(..)) || !t.ends_with('\\') {
            continue;
        }
        let below = (i + 1..input.lines.len()).take(64);
        if let Some(joined) = joined_below(input, unescaped(t), below, unescaped, |l| !l.ends_with('\\')) {
            *k = kind(&joined);
        }
    }
    // A `perf stat` command a mailer wrapped at 72/76 columns, the rest
    // of its counted command on the next line: options (`… messaging -g
    // 20` over `-t -l 5000`, LKML 2024 PREEMPT_AUTO at 72 and 76) or a
    // quoted argument (`… bpftrace -ve` over `'kfunc:… exit();}'`,
    // netdev 2020 at 72 and 76). Left apart, the group was the cut
    // command (its options lost; at 72 each label above the blocks too:
    // two set-ups averaged as one). Joined, warned at the rest's line.
    for i in 0..kinds.len().saturating_sub(1) {
        let t = input.lines[i].trim();
        if !matches!(kinds[i], Kind::Command(..)) || t.ends_with('\\') || kinds[i + 1] != Kind::Other {
            continue;
        }
        let next = input.lines[i + 1].trim();
        // (Or the value alone of the option ending the line: `… -g 20 -t
        // -l` over `5000`, the same at 76.)
        let value = super::num::plain(next).is_some()
            && t.rsplit(' ').next().is_some_and(|w| w.len() > 1 && w.starts_with('-') && w != "--");
        // (Or a subcommand's word and its options: `… -- perf bench sched` /
        // `messaging -g 20 -t -l 5000`, Peter Zijlstra's EEVDF mail at 72:
        // the group was `perf bench sched`.)
        let subcommand = next.split_once(' ').is_some_and(|(w, rest)| {
            !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase()) && super::cmdline::continues_options(rest)
        });
        if !(super::cmdline::continues_options(next) || quoted_whole(next) || value || subcommand) {
            continue;
        }
        let joined = kind(&format!("{t} {next}"));
        if let Kind::Command(c, _) = &joined {
            out.notes.push((
                i + 2,
                format!(
                    "`{next}` is the rest of the perf stat command line above, wrapped by a mailer: rejoined, the \
                     command counted read as `{c}`"
                ),
            ));
            kinds[i] = joined;
        }
    }
    // The lines that end the counter line above them, a mailer's wrap of
    // its `#` comment, noise or share: no line of a person's text, so a
    // paragraph of counts holding them is still one (attack54: after a
    // blank line, `577 page-faults # 0.094 M/sec` over `( +- 0.06% )`
    // made its paragraph no perf output, and its counts were dropped
    // without a word).
    let mut tails = vec![false; kinds.len()];
    for i in 1..kinds.len() {
        let above = input.lines[i - 1].trim_end();
        let t = input.lines[i].trim();
        tails[i] = kinds[i] == Kind::Other
            && matches!(kinds[i - 1], Kind::Counter { .. })
            && above.contains('#')
            && !above.contains('(')
            && !t.is_empty()
            && !t.starts_with('#');
    }
    // A `#` comment a mail wrapped with the noise after it (`#    6.938
    // CPUs ` over `utilized        ( +-  1.75% )`, LKML 2024's `perf stat
    // -r 32` of hackbench): the counter's `( +- p% )` is on the tail.
    // The mailer may break the line anywhere in its tail (attack53 F2):
    // right after the `#` (`0.002 M/sec  ( +-  1.58% )`, `1.23% of all
    // L1-dcache accesses  ( +- 0.50% )` below it), before the noise (`(
    // +-  1.75% )` alone), or inside it (`( +-` over `1.75% )`).
    // A script's `mean +- spread event ( +- p% )` line a mailer broke
    // inside its noise (`2049027.10 +- 35237.10 voluntary
    // context-switches   ( +-` over `1.710% )`, LKML 2024 PREEMPT_AUTO
    // at 72): the line joined with its tail. Left apart, neither was
    // read, the count under it not either, and its label line stood over
    // nothing: every label of the file's blocks was lost, the two
    // set-ups averaged as one.
    for i in 0..kinds.len().saturating_sub(1) {
        let t = input.lines[i].trim();
        if kinds[i] != Kind::Other || kinds[i + 1] != Kind::Other || !t.ends_with("+-") {
            continue;
        }
        let next = input.lines[i + 1].trim();
        let closes =
            next.split_once('%').is_some_and(|(p, after)| after.trim() == ")" && super::num::plain(p.trim()).is_some());
        if !closes {
            continue;
        }
        let joined = kind(&format!("{t} {next}"));
        if matches!(joined, Kind::PlusMinus { .. }) {
            out.notes.push((
                i + 2,
                format!("`{next}` is the rest of the line above, wrapped by a mailer inside its `( +- p% )`: rejoined"),
            ));
            kinds[i] = joined;
            tails[i + 1] = true;
        }
    }
    let mut folded = false;
    for i in 1..kinds.len() {
        if kinds[i] != Kind::Other {
            continue;
        }
        let tail = input.lines[i].trim();
        let above = input.lines[i - 1].trim_end();
        let Kind::Counter { pct: pct @ None, .. } = &mut kinds[i - 1] else { continue };
        // A count's `( +- p% )` on the line under it: the output was
        // folded by a mailer ([`Read::folded`]).
        folded |= above.contains('#') && noise(tail).is_some();
        let found = if let Some(head) = above.strip_suffix("+-").filter(|h| h.trim_end().ends_with('(')) {
            // `( +-` over `1.75% )`: the figure before the `%`, then `)`.
            let opened = head.trim_end().strip_suffix('(').unwrap_or(head);
            tail.split_once('%')
                .filter(|(p, after)| {
                    !opened.contains('(')
                        && after.trim_start().starts_with(')')
                        && super::num::plain(p.trim()).is_some()
                })
                .map(|(p, _)| p.trim())
        } else if above.contains('(') {
            None
        } else if tail.starts_with('(') {
            // The noise alone: `(` is where it starts.
            noise(tail).filter(|_| tail[1..].trim_start().starts_with("+-"))
        } else if (tail.starts_with(|c: char| c.is_ascii_alphabetic()) && above.contains('#')) || above.ends_with('#') {
            noise(tail)
        } else {
            None
        };
        if let Some(p) = found {
            *pct = Some(p.to_string());
            tails[i] = true;
        }
    }
    // A counter's share of the run a mailer or a page's converter wrapped
    // onto a line of its own (`1688410875 cpu_cycles` over `(50.00%)`, a
    // Rockchip perf guide, wildmod53: the count was read without the note
    // that it is perf's estimate): the counter's share.
    for i in 1..kinds.len() {
        let t = input.lines[i].trim();
        if kinds[i] != Kind::Other || !t.starts_with('(') {
            continue;
        }
        let Some(p) = share(t).filter(|_| t.rfind('(') == Some(0)) else { continue };
        if let Kind::Counter { share: share @ None, .. } = &mut kinds[i - 1] {
            *share = Some(p.to_string());
            tails[i] = true;
        }
    }
    let inside = perf_paragraphs(input, &kinds, &tails);
    let mut block = Block::default();
    // The paragraph being read (its first line), for the note on
    // multiplexed counts.
    let mut para: Option<usize> = None;
    let blocks = localized_blocks(input, &kinds, &inside);
    // Whether each block can be read in a decimal-comma locale: no count
    // of it grouped by spaces, which perf's parse of a line leaves `Other`.
    let readable: Vec<bool> = blocks
        .iter()
        .map(|&(first, last, _)| {
            (first..=last)
                .all(|j| !inside[j] || !matches!(kinds[j], Kind::Other) || !localized(&kinds[j], input.lines[j].trim()))
        })
        .collect();
    let mut at_block = 0;
    let mut noted_plus_minus = false;
    // The last stress-ng run's completion line since the last block's
    // header: the workload of a block with no command line.
    // Read in the file's lines as printed: where stress-ng's runs were
    // read first, their lines are blank in `input`.
    let mut stress_ng: Option<usize> = None;
    // The elapsed times of set length, each with what ran: one note for
    // the file (a loop of ten runs said it ten times).
    let mut set_time: Vec<(usize, String, &str)> = Vec::new();
    let as_read = input.file_lines();
    for (i, k) in kinds.iter().enumerate() {
        let line = i + 1;
        if matches!(k, Kind::Other) {
            let l = as_read.get(i).map_or("", String::as_str);
            if l.contains("successful run completed in") && l.contains("stress-ng") {
                stress_ng = Some(line);
            }
        }
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
                block = Block { group, counted, runs: *runs, stress_ng: stress_ng.take(), ..Block::default() };
                continue;
            }
            Kind::Command(cmd, runs) => {
                stress_ng = None;
                block = Block { group: cmd.clone(), counted: cmd.clone(), runs: *runs, ..Block::default() };
                continue;
            }
            _ => {}
        }
        if !inside[i] {
            continue;
        }
        // A block printed in a locale's format ([`localized_blocks`]):
        // read in it where every figure has a decimal-comma locale's
        // shapes; a block grouped by spaces is noted once, not read.
        while at_block < blocks.len() && blocks[at_block].1 < i {
            at_block += 1;
        }
        let localized_block = blocks.get(at_block).filter(|b| b.0 <= i && b.2).map(|b| (b.0, b.1));
        // Whether the block being read is in a decimal-comma locale.
        let mut comma = false;
        if let Some((first, last)) = localized_block {
            if !readable[at_block] {
                if first == i {
                    out.notes.push((
                        first + 1,
                        format!(
                            "perf stat's figures at lines {}-{} are printed in a locale's format (thousands grouped \
                             by spaces, a decimal comma), where `1.188` may be a thousand and more: not read",
                            first + 1,
                            last + 1
                        ),
                    ));
                }
                continue;
            }
            comma = true;
            if first == i {
                let at = if first == last {
                    format!("line {}", first + 1)
                } else {
                    format!("lines {}-{}", first + 1, last + 1)
                };
                out.notes.push((
                    first + 1,
                    format!(
                        "perf stat's figures at {at} are printed in a locale with a decimal comma and `.` between \
                         thousands (`3,4814` is 3.4814, `15.433.140.732` is 15433140732): {COMMA_LOCALE_READ}"
                    ),
                ));
            }
        }
        // Counters perf ran by turns (multiplexed, `(50.00%)` after
        // the noise): each count is perf's estimate, scaled up from
        // that share of the run to the whole run. Said once a paragraph.
        // (`inside` lines are never blank: each is in a paragraph.)
        let (para_start, last) = input.paragraph_at(i);
        if para != Some(para_start) {
            para = Some(para_start);
            let end = last + 1;
            let scaled: Vec<usize> = (para_start..end)
                .filter(|&j| match &kinds[j] {
                    Kind::Counter { share: Some(p), .. } => {
                        p.trim_end_matches('0').trim_end_matches(['.', ',']) != "100"
                    }
                    _ => false,
                })
                .map(|j| j + 1)
                .collect();
            if let (Some(&first), Some(&end)) = (scaled.first(), scaled.last()) {
                let Kind::Counter { share: Some(p), .. } = &kinds[first - 1] else { unreachable!() };
                let at = if first == end { format!("line {first}") } else { format!("lines {first}-{end}") };
                // Quoted as the line printed it: perf 3.x's `[64.17%]`, later
                // perfs' `(64.17%)` (wildmod53: the note said `(64.17%)` of a
                // file printing `[64.17%]`).
                let (open, close) =
                    if input.lines[first - 1].trim_end().ends_with(']') { ('[', ']') } else { ('(', ')') };
                out.notes.push((
                    first,
                    format!(
                        "perf stat counted the events of {at} by turns (multiplexed: `{open}{p}%{close}` and alike, \
                         the share of the run each was counted): {SCALED_COUNTS}"
                    ),
                ));
            }
        }
        let number = |v: &str| if comma { comma_number(v) } else { super::perf_bench::number(v) };
        let percent = |v: &str| if comma { comma_number(v) } else { super::num::plain(v) };
        match k {
            Kind::TableHead => block.table = Some(Vec::new()),
            Kind::TableRun(v) => {
                if let Some(rows) = block.table.as_mut() {
                    rows.push((line, number(v)));
                }
            }
            Kind::Elapsed { label, mean, sem, pct, rest, odd } => {
                let rows = block.table.take().unwrap_or_default();
                let Some(v) = number(mean) else {
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
                // `+- 0.00494 seconds time elapsed` (its mean cut off), or a
                // figure before the mean: the figure read would be another.
                if let Some(l) = label.as_deref().filter(|_| *odd) {
                    out.notes.push((
                        line,
                        format!(
                            "perf stat's elapsed time line has `{l}` before its mean `{mean}` (perf prints `mean +- \
                             sd`, a prefix ends in `:`): not read"
                        ),
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
                let set_cmd = [&block.counted, &block.group]
                    .into_iter()
                    .find_map(|c| runs_for_a_set_time(c).map(|prog| (c, prog)));
                let around_stress =
                    block.counted.is_empty() && block.group == "system wide" && block.stress_ng.is_some();
                if set_cmd.is_some() || around_stress {
                    let (what, prog) = match (set_cmd, block.stress_ng) {
                        (Some((c, prog)), _) => (format!("`{c}`"), prog),
                        (None, at) => (format!("the stress-ng run of line {}", at.unwrap_or_default()), "stress-ng"),
                    };
                    set_time.push((line, what, prog));
                    continue;
                }
                // `perf stat --table`: the runs themselves are printed
                // above; the summary is their mean, not one more sample.
                if let Some(runs) = table_runs(&rows, mean, v, block.runs, line, &mut out) {
                    for (at, x) in runs {
                        let mut s = Sample::new(Metric::new("time elapsed", "s", Better::Lower), x, at);
                        if let Some(l) = label {
                            s = s.with_param("label", l);
                        }
                        out.samples.push(s.with_group(block.group.as_str()));
                    }
                    continue;
                }
                let sem = match sem {
                    Some(s) => match number(s) {
                        Some(x) => Some(x),
                        None => {
                            out.notes.push((line, format!("perf stat's `+- {s}` is no number: the line is not read")));
                            continue;
                        }
                    },
                    None => pct.as_deref().and_then(percent).map(|p| p * v / 100.0),
                };
                let mut s = Sample::new(Metric::new("time elapsed", "s", Better::Lower), v, line);
                s = with_spread(s, v, sem, pct.is_some() || sem.is_some(), &mut block, line, &mut out);
                if let Some(l) = label {
                    s = s.with_param("label", l);
                }
                out.samples.push(s.with_group(block.group.as_str()));
            }
            Kind::CpuTime(name, v) => {
                let Some(x) = percent(v) else {
                    out.notes.push((line, format!("perf stat's `{v} seconds {name}` is no number: not read")));
                    continue;
                };
                let s = Sample::new(Metric::new(*name, "s", Better::Lower), x, line);
                out.samples.push(s.with_group(block.group.as_str()));
            }
            Kind::Counter { value, unit, event, pct, .. } => {
                if let Some(whole) = cut_event(event) {
                    out.notes.push((
                        line,
                        format!(
                            "perf stat's counter line ends in `{event}`, the start of perf's `{whole}`: the line was \
                             cut, its count not read"
                        ),
                    ));
                    continue;
                }
                // A count is an integer: in a decimal-comma locale its
                // comma is no decimal point (`1,210 faults` read as 1.21).
                let miscounted = comma && value.contains(',') && is_count(unit.as_deref(), event);
                // attack61 (repro perfstat-de/h.txt): a de_DE block whose
                // tell-tale lines were trimmed read `1.234 context-switches`
                // as 1.234. perf prints counts whole: a point with exactly
                // three digits after it is a locale's thousands point, or
                // no figure of perf's; which, the block does not say.
                if !comma && is_count(unit.as_deref(), event) && grouped_by_point(value) {
                    out.notes.push((
                        line,
                        format!(
                            "perf stat's count `{value}` of `{event}` has a point and three digits after it: perf \
                             prints counts whole, so this is a locale's thousands point ({}?) and no line says \
                             which locale: not read",
                            value.replace('.', "")
                        ),
                    ));
                    continue;
                }
                let Some(v) = number(value).filter(|_| !miscounted) else {
                    out.notes.push((
                        line,
                        format!("perf stat's count `{value}` of `{event}` is no figure perf prints: not read"),
                    ));
                    continue;
                };
                let sem = match pct.as_deref() {
                    Some(p) => match percent(p) {
                        Some(p) => Some(p * v / 100.0),
                        None => {
                            out.notes.push((
                                line,
                                format!(
                                    "perf stat's `( +- {p}% )` of `{event}` is no percentage: the line is not read"
                                ),
                            ));
                            continue;
                        }
                    },
                    None => None,
                };
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
    if let Some((first, what, prog)) = set_time.first() {
        let text = match &set_time[1..] {
            [] => {
                format!("perf stat's elapsed time of {what} is the length {prog} was set to run, a setting: not read")
            }
            // Said once, with where the others are: a loop of runs
            // listed each one's line ("above lines 102, 130, 158, …").
            [(at, ..)] => format!(
                "perf stat's elapsed times of {what} and of one more {prog} run (line {at}) are the length \
                 {prog} was set to run, a setting: not read"
            ),
            [(from, ..), .., (to, ..)] => format!(
                "perf stat's elapsed times of {what} and of {} more {prog} runs (lines {from} to {to}) are the \
                 length {prog} was set to run, a setting: not read",
                set_time.len() - 1
            ),
        };
        out.notes.push((*first, text));
    }
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
    Ok(Read { out, folded })
}

/// Means of one key (kernel, command, metric, parameters: the prefix and
/// the label the labeller read) in two paragraphs or more, once the labels
/// are set ([`BenchParser::after_labels`]): runs of one set-up, or two
/// set-ups no line tells apart (Peter Zijlstra's doit-hackbench-series.sh
/// under `echo NO_FAIR_SLEEPERS > /debug/sched/features`, then under
/// `echo FAIR_SLEEPERS`, LKML 2023-03: the set-up lines sat in schbench's
/// paragraph, and each `1:` mean was averaged with the other's with no
/// word). Means of `(10 runs)` too: two such blocks under one `perf stat
/// -r 10` line were one mean of 20 runs, without a word (attack49 F4).
/// Warned once per earlier block, at the first later paragraph's first
/// such line, naming the earlier one and the other later ones (`counts`
/// where no block is a mean: one `perf stat` per run); once for
/// paragraphs that follow one another (a block's counts and its elapsed
/// time). Checked before the labels were set, the warning
/// also fired where `Before:` / `After:` kept the blocks apart.
/// Not where a set-up command ([`super::labels::is_setup_command`]) above
/// each differs: the labeller labels them by it.
fn warn_of_repeated_means(input: &Input, out: &mut ParsedFile) {
    // A sample's line holds its figure: never blank, always in a paragraph.
    let para_of = |line: usize| input.paragraph_at(line - 1).0;
    // The paragraph before the one starting at `start`, over blank lines.
    let para_before = |start: usize| {
        let above = (0..start).rev().find(|&k| !input.lines[k].trim().is_empty())?;
        Some(input.paragraph_at(above).0)
    };
    let mut first: rustc_hash::FxHashMap<String, (usize, usize)> = rustc_hash::FxHashMap::default();
    let mut repeating: rustc_hash::FxHashSet<usize> = rustc_hash::FxHashSet::default();
    // Per earlier block (its line): the later blocks' first lines, and
    // whether the blocks are means (`-r`) or one run's counts.
    let mut repeats: Vec<(usize, Vec<usize>, bool)> = Vec::new();
    // `perf stat --table`'s rows are runs, each one, never a mean.
    let table_run =
        |line: usize| input.lines.get(line - 1).is_some_and(|l| matches!(kind(l.trim()), Kind::TableRun(_)));
    for s in out.samples.iter().filter(|s| !table_run(s.line)) {
        let key = format!("{:?}\u{1}{}\u{1}{}\u{1}{:?}", s.kernel, s.group, s.metric.name, s.params);
        let para = para_of(s.line);
        match first.get(&key) {
            Some(&(p, at)) if p != para && !repeating.contains(&para) => {
                // Under different set-up commands (`echo NO_FAIR_SLEEPERS >
                // /debug/sched/features`, then `echo FAIR_SLEEPERS > …`):
                // two set-ups, which the labeller labels by them.
                let setup_above = |line: usize| {
                    (1..line).rev().map(|n| input.lines[n - 1].trim()).find(|t| super::labels::is_setup_command(t))
                };
                if setup_above(s.line).is_some_and(|b| setup_above(at).is_some_and(|a| a != b)) {
                    continue;
                }
                // Said once for a block's paragraphs one after another,
                // and once for every later block of one earlier block (a
                // log of ten `perf stat -a stress-ng …` runs: one warning,
                // not nine).
                if !para_before(para).is_some_and(|q| repeating.contains(&q)) {
                    // A mean: `-r`'s, or a `+-` over runs no header counts.
                    let mean = !matches!(s.value, crate::model::Value::Single { .. })
                        || input.lines.get(s.line - 1).is_some_and(|l| l.contains("+-"));
                    match repeats.iter_mut().find(|r| r.0 == at) {
                        Some(r) => {
                            r.1.push(s.line);
                            r.2 |= mean;
                        }
                        None => repeats.push((at, vec![s.line], mean)),
                    }
                }
                repeating.insert(para);
            }
            Some(_) => {}
            None => {
                first.insert(key, (para, s.line));
            }
        }
    }
    if repeats.is_empty() {
        return;
    }
    for (at, lines, mean) in repeats {
        let what = if mean { "means" } else { "counts" };
        let others = match &lines[1..] {
            [] => String::new(),
            [one] => format!(" and from line {one} on"),
            more if more.len() <= 4 => {
                let list: Vec<String> = more.iter().map(usize::to_string).collect();
                format!(" and from lines {} on", list.join(", "))
            }
            more => format!(" and from lines {}, {}, {} and {} more on", more[0], more[1], more[2], more.len() - 3),
        };
        out.notes.push((
            lines[0],
            format!(
                "perf stat's {what} from line {}{others} repeat those of line {at} (the same command, metric and \
                 label), no label line between them: averaged as runs of one set-up; a label line above each keeps \
                 two set-ups apart",
                lines[0]
            ),
        ));
    }
    out.notes.sort_by_key(|n| n.0);
}

/// The runs of a `perf stat --table` (`rows`, each (line, figure)) whose
/// summary, `mean` as printed (`v` its value), is on line `line`: each
/// run as one sample, the summary their mean (perf's `Final result`),
/// with a note that says so and whether their mean, to the summary's
/// decimals, agrees with it (a warning when it does not, or when the
/// rows are not the `(N runs)` / `-r N` of the block, `runs`). `None`
/// (the summary read as before) when there are no rows, or a row is no
/// number (noted).
fn table_runs(
    rows: &[(usize, Option<f64>)],
    mean: &str,
    v: f64,
    runs: Option<u32>,
    line: usize,
    out: &mut ParsedFile,
) -> Option<Vec<(usize, f64)>> {
    let (&(first, _), &(last, _)) = (rows.first()?, rows.last()?);
    let Some(read) = rows.iter().map(|&(at, x)| x.map(|x| (at, x))).collect::<Option<Vec<_>>>() else {
        out.notes.push((
            line,
            format!(
                "perf stat --table's runs at lines {first}-{last}: a row is no number; the runs are not read, \
                 the summary is read as their mean"
            ),
        ));
        return None;
    };
    let n = read.len();
    let places = mean.rsplit_once(['.', ',']).map_or(0, |(_, d)| d.len());
    let ours = read.iter().map(|r| r.1).sum::<f64>() / n as f64;
    let ours = format!("{ours:.places$}");
    let printed = format!("{v:.places$}");
    let count = match runs {
        Some(r) if r as usize != n => format!("; the block says {r} runs, the table has {n}: check it"),
        _ => String::new(),
    };
    let msg = if ours == printed && count.is_empty() {
        format!(
            "perf stat --table: the elapsed time {mean} is the mean of the {n} runs of lines {first}-{last}: \
             {TABLE_RUNS_AGREE} ({ours})"
        )
    } else {
        format!(
            "perf stat --table: the elapsed time {mean} is the mean of the {n} runs of lines {first}-{last}, read as \
             those runs, not as one more sample; their mean is {ours}{count}"
        )
    };
    out.notes.push((line, msg));
    Some(read)
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
                // A header of `(1 runs)` or `(0 runs)` is there, yet the
                // lines show a spread perf prints only over two runs or
                // more (attack49 F11: it was said to be absent).
                let why = match block.runs {
                    Some(n) => format!("the header's `({n} runs)`, yet a `+-` perf prints only over two runs or more"),
                    None => "no `(N runs)` header, no `-r N` shown".to_string(),
                };
                out.notes.push((
                    line,
                    format!(
                        "perf stat's means of an unstated number of runs ({why}): each read as one value, its `+-` \
                         (the standard error of the mean) not read"
                    ),
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

    /// The literals its first test asks for.
    fn literals(&self) -> &'static [&'static str] {
        &[" seconds time elapsed", "Performance counter stats for"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has(" seconds time elapsed") && !input.has("Performance counter stats for") {
            return 0;
        }
        let read = input.lines.iter().any(|l| {
            let t = l.trim();
            match kind(t) {
                Kind::Header(..) => true,
                // `5,003493176 seconds time elapsed`: a locale's, claimed
                // to be said ([`localized`]), not left unrecognised.
                Kind::Elapsed { mean, .. } => {
                    super::perf_bench::number(&mean).is_some()
                        || super::num::plain(&mean.replacen(',', ".", 1)).is_some()
                }
                _ => false,
            }
        });
        if read { 40 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        40
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let Read { mut out, folded } = parse_all(input)?;
        // A file cut inside its last line after the figure: perf prints
        // the name after it, and a cut there named a count after what was
        // left of it (attack54 F6: `4.512917370 seconds time elapsed` cut
        // to `4.512917370 seco`, read as an event `seco`): left out.
        let last = input.lines.len();
        let cut = out.samples.iter().any(|s| s.line == last && (cut_in_name(s) || named_longer_above(input, s)));
        super::cut::last_line_cut_in_name(input, &mut out, |_| cut);
        warn_of_a_cut_spread(input, &mut out, folded);
        Ok(out)
    }

    fn after_labels(&self, input: &Input, parsed: &mut ParsedFile) {
        warn_of_repeated_means(input, parsed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// attack61 (repro perfstat-de/h.txt): a de_DE block with its
    /// `0,123456789 seconds time elapsed` line trimmed read `1.234
    /// context-switches` and `2.345 page-faults` as 1.234 and 2.345; now
    /// each is a note, not read; the whole `12` still is.
    #[test]
    fn a_count_with_a_point_and_three_digits_is_not_read_unsaid() {
        use crate::parse::{BenchParser, Input};
        let text = "\n Performance counter stats for 'hackbench -g 10':\n\n             1.234      context-switches\n                12      cpu-migrations\n             2.345      page-faults\n";
        let f = PerfStat.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(5, 12.0)]);
        let lines: Vec<usize> = f.notes.iter().filter(|n| n.1.contains("thousands point")).map(|n| n.0).collect();
        assert_eq!(lines, [4, 6], "{:?}", f.notes);
    }

    fn read(text: &str) -> ParsedFile {
        parse_all(&Input::from_text(text)).expect("read").out
    }

    /// What the segmenter makes of `text`: read, labelled, checked.
    fn segmented(text: &str) -> ParsedFile {
        let segs = crate::parse::segment::segments(&Input::from_text(text), None);
        assert_eq!(segs.len(), 1);
        assert_eq!(segs[0].parser.id(), ID);
        segs.into_iter().next().expect("a segment").outcome.expect("read")
    }

    /// archive55 (hamadmarri's notes, 2020): `perf stat -a` around
    /// `stress-ng --cpu 4 -t 2m`, the stress-ng run printed above each
    /// block and no command line. The elapsed time is the length stress-ng
    /// was set to (120.051 s; a -0.03% change of it was a notable one):
    /// not read, one note for the file; the counts are read. A stress-ng
    /// command stopped by an `-ops` limit is timed.
    #[test]
    fn the_elapsed_time_of_a_stress_ng_run_is_its_set_length() {
        let block = |pid: u32, secs: &str| {
            format!(
                "stress-ng: info:  [{pid}] dispatching hogs: 4 cpu\n\
                 stress-ng: info:  [{pid}] successful run completed in 120.04s (2 mins, 0.04 secs)\n\
                 \n Performance counter stats for 'system wide':\n\n\
                 \x20          132,413      context-switches\n\n\
                 \x20    {secs} seconds time elapsed\n\n"
            )
        };
        let out = read(&format!("{}{}", block(2500, "120.051122106"), block(2779, "120.054281844")));
        let names: Vec<&str> = out.samples.iter().map(|s| s.metric.name.as_str()).collect();
        assert_eq!(names, ["context-switches", "context-switches"], "{:?}", out.samples);
        let said: Vec<&(usize, String)> = out.notes.iter().filter(|(_, n)| n.contains("elapsed")).collect();
        assert_eq!(said.len(), 1, "{:?}", out.notes);
        assert!(said[0].1.contains("the length stress-ng was set to run"), "{}", said[0].1);
        // Ten runs of a loop: said once, the others counted, not listed.
        let ten: String = (0..10).map(|i| block(2500 + i, "120.051122106")).collect();
        let out = read(&ten);
        let said: Vec<&(usize, String)> = out.notes.iter().filter(|(_, n)| n.contains("elapsed")).collect();
        assert_eq!(said.len(), 1, "{:?}", out.notes);
        assert!(said[0].1.contains("and of 9 more stress-ng runs (lines 17 to 89) are"), "{}", said[0].1);
        assert!(runs_for_a_set_time("stress-ng --cpu 4 -t 2m --metrics-brief").is_some());
        assert!(runs_for_a_set_time("/usr/bin/stress-ng --cpu 4").is_some());
        assert!(runs_for_a_set_time("stress-ng --cpu 4 --cpu-ops 100000").is_none());
        assert!(runs_for_a_set_time("./hackbench -g 10").is_none());
        // archive57: sysbench given a length; not one given a count of
        // events, nor memory (its total size) or mutex (fixed work).
        let fileio = "sysbench fileio --file-num=1 --file-total-size=64M --file-test-mode=rndrd --time=5 run";
        assert_eq!(runs_for_a_set_time(fileio), Some("sysbench"));
        assert_eq!(runs_for_a_set_time("sysbench --test=cpu --max-time=30 --max-requests=0 run"), Some("sysbench"));
        for fixed in [
            "sysbench cpu --time=10 --events=20000 run",
            "sysbench --test=cpu --max-time=30 run",
            "sysbench memory --memory-total-size=1000G --time=500 run",
            "sysbench mutex --threads=512 --time=300 run",
            "sysbench cpu run",
        ] {
            assert_eq!(runs_for_a_set_time(fixed), None, "{fixed}");
        }
    }

    /// Yongqiang Liu's slub letter (LKML 2024-08): each counter's `#`
    /// comment wrapped by the mailer, its `( +- 1.75% )` on the next line.
    /// The noise is the counter's (it was dropped without a word); a line
    /// whose own noise is printed keeps it.
    #[test]
    fn a_wrapped_comments_noise_on_the_next_line_is_the_counters() {
        let f = read(
            "Performance counter stats for './hackbench 50 process 4000' (32 runs):\n\n\
             \x20                2545.28 msec task-clock                #    6.938 CPUs \n\
             utilized        ( +-  1.75% )\n\
             \x20         1120091414 cache-misses                 ( +-  0.08% )\n\
             L1-dcache hits    ( +-  9.99% )\n\n\
             \x20           0.36688 +- 0.00595 seconds time elapsed  ( +-  1.62% )\n",
        );
        let sds: Vec<(usize, f64)> = f
            .samples
            .iter()
            .map(|s| match s.value {
                crate::model::Value::Summary { stddev: Some(sd), n: 32, .. } => (s.line, sd),
                ref v => panic!("{v:?}"),
            })
            .collect();
        assert_eq!(sds.len(), 3);
        assert_eq!(sds[0].0, 3);
        assert!((sds[0].1 - 2545.28 * 0.0175 * 32f64.sqrt()).abs() < 1e-6, "{sds:?}");
        // Must NOT fire: cache-misses printed its own 0.08%, no comment.
        assert!((sds[1].1 - 1120091414.0 * 0.0008 * 32f64.sqrt()).abs() < 1e-3, "{sds:?}");
    }

    /// attack53 F2: the mailer broke the line elsewhere in its tail: right
    /// after the `#` (the comment's figure starts the next line), before
    /// the noise (the noise alone), inside the noise (`( +-` over `1.58%
    /// )`). Each counter's deviation was dropped without a word.
    #[test]
    fn noise_wrapped_after_the_hash_alone_or_split_is_the_counters() {
        let f = read(
            "Performance counter stats for './hackbench 50 process 4000' (32 runs):\n\n\
             \x20                     6166     context-switches          #\n\
             0.002 M/sec                    ( +-  1.58% )\n\
             \x20     1,234,567,890      L1-dcache-load-misses            #\n\
             1.23% of all L1-dcache accesses  ( +-  0.50% )\n\
             \x20                2545.28 msec task-clock                #    6.938 CPUs utilized\n\
             ( +-  1.75% )\n\
             \x20                    1129      cpu-migrations            #    0.444 K/sec    ( +-\n\
             2.16% )\n\
             \x20                    1000      page-faults               #    0.444 K/sec    ( +-  3.00% )\n\
             other words    ( +-  9.99% )\n\n\
             \x20           0.36688 +- 0.00595 seconds time elapsed  ( +-  1.62% )\n",
        );
        let got: Vec<(usize, Option<f64>)> = f
            .samples
            .iter()
            .map(|s| match s.value {
                crate::model::Value::Summary { stddev, n: 32, .. } => (s.line, stddev.map(|sd| sd / s.value.mean())),
                ref v => panic!("{v:?}"),
            })
            .collect();
        let root = 32f64.sqrt();
        let want = [(3, 0.0158), (5, 0.0050), (7, 0.0175), (9, 0.0216), (11, 0.0300)];
        // The elapsed time's own `+- 0.00595` last.
        assert_eq!(got.len(), want.len() + 1, "{got:?}");
        assert!(got[5].0 == 14 && got[5].1.is_some(), "{got:?}");
        for ((line, rel), (l, p)) in got.iter().zip(want) {
            assert_eq!(*line, l, "{got:?}");
            assert!(rel.is_some_and(|r| (r - p * root).abs() < 1e-9), "line {l}: {got:?}");
        }
    }

    /// attack54: after a blank line inside the block (perf 6.x sets them,
    /// a post may), a paragraph of counts holding a counter's tail that a
    /// mailer wrapped (`( +-  0.06% )` alone, `utilized` alone, `M/sec`
    /// after a lone `#`) was no perf paragraph: its counts were dropped
    /// without a word.
    #[test]
    fn a_wrapped_tail_after_a_blank_line_keeps_its_paragraph() {
        let text = "Performance counter stats for 'curl localhost:8000' (50 runs):\n\n\
                    \x20             6.14 msec task-clock                #    0.494 CPUs utilized            ( +-  0.59% )\n\
                    \x20                0      cpu-migrations            #    0.000 K/sec\n\n\
                    \x20              577      page-faults               #    0.094 M/sec\n\
                    \x20             ( +-  0.06% )\n\
                    \x20              3      context-switches          #    0.462\n\
                    K/sec\n\
                    \x20            12      branch-misses     #\n\
                    0.002 M/sec\n\n\
                    \x20        0.0124429 +- 0.0000547 seconds time elapsed  ( +-  0.44% )\n";
        let f = read(text);
        let got: Vec<(usize, &str)> = f.samples.iter().map(|s| (s.line, s.metric.name.as_str())).collect();
        assert_eq!(
            got,
            [
                (3, "task-clock"),
                (4, "cpu-migrations"),
                (6, "page-faults"),
                (8, "context-switches"),
                (10, "branch-misses"),
                (13, "time elapsed")
            ]
        );
        assert!(matches!(f.samples[2].value, crate::model::Value::Summary { stddev: Some(_), n: 50, .. }));
    }

    /// attack54 F6: a file cut inside its last line after the figure. The
    /// Rockchip guide cut inside `seconds time elapsed` read an event
    /// `seco`: left out with the cut line's warning. A complete last line
    /// is read without a word.
    #[test]
    fn a_last_line_cut_inside_seconds_is_left_out() {
        let head = "Performance counter stats for 'system wide' (5 runs):\n\n\
                    \x20    32,244,691,275      instructions       ( +-  0.21% )\n";
        for (tail, kept, cut) in [
            ("\n       4.512917370 seco", 1, true),
            ("\n       4.512917370 +- 0.0123 seconds time elapsed  ( +-  0.27% )", 2, false),
        ] {
            let input = Input::from_text(&format!("{head}{tail}"));
            assert!(input.unterminated);
            let f = PerfStat.parse(&input).unwrap();
            assert_eq!(f.samples.len(), kept, "{tail}: {:?}", f.samples);
            assert!(f.samples.iter().all(|s| s.metric.name != "seco"), "{tail}");
            assert_eq!(f.notes.iter().any(|(_, m)| crate::parse::cut::is_cut_note(m)), cut, "{tail}: {:?}", f.notes);
        }
    }

    /// attack54 F5: a header a mailer wrapped inside its command keeps
    /// its run count and its whole command.
    #[test]
    fn a_header_wrapped_inside_its_command_keeps_its_run_count() {
        let f = read(
            "Performance counter stats for 'curl -G --data-urlencode query=This live\n\
             event is great. localhost:8000/predict'\n(50 runs):\n\n\
             \x20             6.14 msec task-clock                #    0.494 CPUs utilized            ( +-  0.59% )\n\n\
             \x20      0.012429 +- 0.000055 seconds time elapsed  ( +-  0.44% )\n",
        );
        assert_eq!(f.samples.len(), 2, "{:?}", f.samples);
        for s in &f.samples {
            assert!(matches!(s.value, Value::Summary { n: 50, stddev: Some(_), .. }), "{s:?}");
            assert_eq!(
                s.group.as_str(),
                "curl -G --data-urlencode query=This live event is great. localhost:8000/predict"
            );
        }
        assert!(f.notes.iter().all(|(_, m)| !m.contains("unstated")), "{:?}", f.notes);
    }

    /// archive57: a folded block (each count's `( +- p% )` on the line
    /// under it) cut at a line break after a count: the count's spread
    /// may be on the line cut away, warned. An unfolded block's last
    /// count with its line break is whole (perf prints no spread of 0).
    #[test]
    fn a_folded_blocks_last_count_without_its_spread_is_warned() {
        let head = "Performance counter stats for 'true' (50 runs):\n\n";
        let folded = format!(
            "{head}              6.14 msec task-clock                #    0.494 CPUs\nutilized            ( +-  0.59% \
             )\n                 3      context-switches          #    0.462 K/sec\n\n"
        );
        let f = PerfStat.parse(&Input::from_text(&folded)).unwrap();
        assert_eq!(f.samples[1].value, Value::Summary { mean: 3.0, stddev: None, n: 50 });
        assert!(f.notes.iter().any(|(l, m)| *l == 5 && m.contains("may be cut after its last line")), "{:?}", f.notes);
        let whole = format!(
            "{head}              6.14 msec task-clock   #    0.494 CPUs utilized   ( +-  0.59% )\n\
             \x20                0      cpu-migrations            #    0.000 K/sec\n"
        );
        let f = PerfStat.parse(&Input::from_text(&whole)).unwrap();
        assert!(f.notes.iter().all(|(_, m)| !m.contains("may be cut")), "{:?}", f.notes);
    }

    /// attack54 F6's rest (attack55): a file cut after a count of a `(5
    /// runs)` block, before its `( +- p% )`, keeps the mean and warns that
    /// the deviation is lost (it was lost without a word); a count cut
    /// inside an event's name the file names whole above (`-e
    /// cci_snoop_stall_tt_full`) is left out with the cut warning.
    #[test]
    fn a_last_line_cut_before_its_noise_or_inside_a_named_event_is_warned() {
        let head = "Performance counter stats for 'system wide' (5 runs):\n\n";
        let input = Input::from_text(&format!("{head}    32,244,691,275      instructions                "));
        let f = PerfStat.parse(&input).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert_eq!(f.samples[0].value, Value::Summary { mean: 32_244_691_275.0, stddev: None, n: 5 });
        assert!(
            f.notes.iter().any(|(l, m)| *l == 3 && m.contains("may be cut before its spread") && m.contains("5 runs")),
            "{:?}",
            f.notes
        );
        // With its line break, or with its noise, no such warning.
        for whole in ["    32,244,691,275      instructions\n", "    32,244,691,275  instructions  ( +-  0.21% )"] {
            let f = PerfStat.parse(&Input::from_text(&format!("{head}{whole}"))).unwrap();
            assert!(f.notes.iter().all(|(_, m)| !m.contains("may be cut")), "{whole}: {:?}", f.notes);
        }
        let named = "# perf stat -e cci\\_snoop\\_stall\\_tt\\_full -a\n\n\
                     Performance counter stats for 'system wide':\n\n";
        for (tail, read) in [("29 cci\\_snoop\\_s", false), ("29 cci\\_snoop\\_stall\\_tt\\_full", true)] {
            let f = PerfStat.parse(&Input::from_text(&format!("{named}{tail}"))).unwrap_or_default();
            assert_eq!(f.samples.iter().any(|s| s.line == 5), read, "{tail}: {:?}", f.samples);
            assert_eq!(f.notes.iter().any(|(_, m)| crate::parse::cut::is_cut_note(m)), !read, "{tail}: {:?}", f.notes);
        }
        // `seconds sys` is no event `sys` cut from `system wide` above.
        let sys = "Performance counter stats for 'system wide':\n\n     157.900787760 seconds time elapsed\n\n\
                   \x20     2425.314753000 seconds sys";
        let f = PerfStat.parse(&Input::from_text(sys)).unwrap();
        assert!(f.samples.iter().any(|s| s.line == 5 && s.metric.name == "sys"), "{:?}", f.samples);
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
        let text = "1:  0.55355 +- 0.00290 seconds time elapsed  ( +-  0.52% )\nx\n\n1:  0.59076 +- 0.00577 seconds \
                    time elapsed  ( +-  0.98% )\n";
        let mut f = read(text);
        warn_of_repeated_means(&Input::from_text(text), &mut f);
        assert!(f.notes.iter().any(|(l, m)| *l == 4 && m.contains("repeat those of line 1")), "{:?}", f.notes);
    }

    /// Under two set-up commands that differ: two set-ups, no warning (the
    /// labeller labels them by the commands).
    #[test]
    fn means_under_two_setup_commands_are_not_warned() {
        let text = "# echo NO_FAIR_SLEEPERS > /debug/sched/features\n1:  0.55355 +- 0.00290 seconds time elapsed  \
                    ( +-  0.52% )\n\n# echo FAIR_SLEEPERS > /debug/sched/features\n1:  0.59076 +- 0.00577 seconds \
                    time elapsed  ( +-  0.98% )\n";
        let mut f = read(text);
        warn_of_repeated_means(&Input::from_text(text), &mut f);
        assert!(!f.notes.iter().any(|(_, m)| m.contains("repeat those of line")), "{:?}", f.notes);
    }

    /// Two `(N runs)` blocks under one command, nothing between them: one
    /// mean of 20 runs, once without a word (attack49 F4); said once, at
    /// the later block's first paragraph. Labelled blocks are not.
    #[test]
    fn two_repeat_blocks_of_one_command_are_warned_once_unless_labelled() {
        let two = " # perf stat -e cs --repeat 10 -- hackbench\n\n 3,074,466  context-switches  ( +-  0.34% )\n\n   \
                   3.66437 +- 0.00494 seconds time elapsed  ( +-  0.13% )\n\n 2,954,976  context-switches  ( +-  \
                   0.70% )\n\n   3.62855 +- 0.00708 seconds time elapsed  ( +-  0.20% )\n";
        let f = segmented(two);
        let notes: Vec<&(usize, String)> = f.notes.iter().filter(|(_, m)| m.contains("repeat those of line")).collect();
        assert_eq!(notes.len(), 1, "{:?}", f.notes);
        assert_eq!(notes[0].0, 7);
        let labelled = format!("Before:\n\n{}", two.replace("\n 2,954,976", "\nAfter:\n\n 2,954,976"));
        let f = segmented(&labelled);
        assert!(!f.notes.iter().any(|(_, m)| m.contains("repeat those of line")), "{:?}", f.notes);
        assert_eq!(f.samples.iter().filter(|s| s.params.iter().any(|p| p.value == "After")).count(), 2);
    }

    /// A count is an integer: a comma inside one is no decimal comma. One
    /// `526743,764 faults` turned its block to a decimal-comma locale and
    /// read 526743.764 faults; `1,210 faults` in a decimal-comma block
    /// read 1.21 (attack59).
    #[test]
    fn a_comma_in_a_count_is_no_decimal_comma() {
        let block = |count: &str| {
            format!(
                " Performance counter stats for 'ls':\n\n  {count}      faults\n               210      spf\n\n       \
                 0.001234 seconds time elapsed\n"
            )
        };
        let f = read(&block("526743,764"));
        assert!(!f.notes.iter().any(|(_, m)| m.contains(COMMA_LOCALE_READ)), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains("`526743,764` of `faults` is no figure")));
        assert_eq!(f.samples.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), [210.0, 0.001234]);
        let f = read(&block("1,210").replace("0.001234", "0,001234"));
        assert!(f.notes.iter().any(|(_, m)| m.contains(COMMA_LOCALE_READ)), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains("`1,210` of `faults` is no figure")));
        assert!(!f.samples.iter().any(|s| s.line == 3), "{:?}", f.samples);
    }

    /// A decimal-comma locale's figures are read in it, never as others'
    /// (`1.188` beside `0,22%` is 1188), with a note on each paragraph;
    /// the gh-md-rust-perf-comp fixture was "file skipped" (afix49b).
    #[test]
    fn a_decimal_comma_locale_is_read_in_it() {
        let f = read(
            " Performance counter stats for 'x' (5 runs):\n\n     1.188      cpu_core/cycles:u/  ( +-  0,22% )  \
             (99,63%)\n\n   3,4814 +- 0,0128 seconds time elapsed  ( +-  0,37% )\n",
        );
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(3, 1188.0), (5, 3.4814)]);
        let crate::model::Value::Summary { stddev: Some(sd), n: 5, .. } = f.samples[1].value else { panic!() };
        assert!((sd - 0.0128 * 5f64.sqrt()).abs() < 1e-12);
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains(COMMA_LOCALE_READ)), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains(SCALED_COUNTS)), "{:?}", f.notes);
        assert_eq!(comma_number("15.433.140.732"), Some(15_433_140_732.0));
        assert_eq!(comma_number("974"), Some(974.0));
        assert_eq!(comma_number("1.18"), None);
        assert_eq!(comma_number("1,2,3"), None);
    }

    /// `perf stat --table -r 10` (Jiri Olsa, netdev 2020-10): each row a
    /// run, the `Final result` their mean, not an eleventh sample.
    /// attack50 F3: Jiri Olsa's `--table` block (netdev 2020-10, no
    /// header) with its rows' `#` bars left out: the rows are still the
    /// runs, the counters above them still read.
    #[test]
    fn table_rows_without_their_bars_are_the_runs() {
        let f = read(
            "     3,463,157,566      cycles:k      ( +-  0.14% )\n\n             # Table of individual \
             measurements:\n             37.61 (-2.20)\n             41.35 (+1.54)\n             40.47 \
             (+0.66)\n\n             # Final result:\n             39.81 +- 1.13 seconds time elapsed  ( +-  \
             2.84% )\n",
        );
        let got: Vec<(usize, &str)> = f.samples.iter().map(|s| (s.line, s.metric.name.as_str())).collect();
        assert_eq!(got, [(1, "cycles:k"), (4, "time elapsed"), (5, "time elapsed"), (6, "time elapsed")]);
    }

    /// attack49 F11: a `(1 runs)` header is no absent one.
    #[test]
    fn a_one_run_header_with_a_spread_is_said_as_it_is() {
        let p = read(
            " Performance counter stats for 'hackbench 10' (1 runs):\n\n         3,074,466      context-switches   \
                    ( +-  0.34% )\n\n       3.66437 +- 0.00494 seconds time elapsed  ( +-  0.13% )\n",
        );
        assert_eq!(p.samples.len(), 2);
        assert!(p.notes.iter().any(|(n, m)| *n == 3 && m.contains("the header's `(1 runs)`")), "{:?}", p.notes);
        assert!(!p.notes.iter().any(|(_, m)| m.contains("no `(N runs)` header")), "{:?}", p.notes);
    }

    /// attack49 F12: a counter line cut mid-name at a file's end.
    #[test]
    fn a_counter_cut_mid_name_is_not_read() {
        assert_eq!(cut_event("context-swi"), Some("context-switches"));
        assert_eq!(cut_event("LLC-load"), Some("LLC-loads"));
        assert_eq!(cut_event("cycles"), None);
        assert_eq!(cut_event("cycles:u"), None);
        assert_eq!(cut_event("context-switches"), None);
        assert_eq!(cut_event("branches"), None);
        let text = " Performance counter stats for 'hackbench 10' (5 runs):\n\n         3,074,466      \
                    context-switches          ( +-  0.34% )\n             4,122      cpu-migr";
        let p = read(text);
        assert_eq!(p.samples.len(), 1, "{:?}", p.samples);
        assert!(p.notes.iter().any(|(n, m)| *n == 4 && m.contains("`cpu-migrations`")), "{:?}", p.notes);
    }

    #[test]
    fn table_rows_are_the_runs() {
        let f = read(
            "  # perf stat --table -e cycles:k -r 3 ./x > /dev/null 2>&1\n\n     3,463,157,566      cycles:k   \
             ( +-  0.14% )  (50.00%)\n\n             # Table of individual measurements:\n             37.61 \
             (-2.20) #\n             41.35 (+1.54) #\n             40.47 (+0.66) #\n\n             # Final \
             result:\n             39.81 +- 1.13 seconds time elapsed  ( +-  2.84% )\n",
        );
        let got: Vec<(usize, &str, f64)> =
            f.samples.iter().map(|s| (s.line, s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(
            got,
            [
                (3, "cycles:k", 3_463_157_566.0),
                (6, "time elapsed", 37.61),
                (7, "time elapsed", 41.35),
                (8, "time elapsed", 40.47)
            ]
        );
        assert!(f.samples[1..].iter().all(|s| matches!(s.value, crate::model::Value::Single { .. })));
        assert!(f.samples.iter().all(|s| s.group == "./x"), "{:?}", f.samples[0].group);
        assert!(f.notes.iter().any(|(l, m)| *l == 11 && m.contains(TABLE_RUNS_AGREE)), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains("by turns")), "{:?}", f.notes);
        // A mean the runs do not give is said, not hidden.
        let off = read(
            "# Table of individual measurements:\n 1.00 (-0.5) #\n 2.00 (+0.5) #\n\n # Final result:\n 1.75 +- 0.5 seconds time elapsed\n",
        );
        assert_eq!(off.samples.len(), 2);
        assert!(off.notes.iter().any(|(_, m)| m.contains("their mean is 1.50")), "{:?}", off.notes);
    }

    #[test]
    fn redirections_are_no_part_of_the_command() {
        let w = |c: &str| without_redirections(&c.split_whitespace().collect::<Vec<_>>()).join(" ");
        assert_eq!(w("./hackbench 10 > /dev/null 2>&1"), "./hackbench 10");
        assert_eq!(w("make -j8 >/dev/null"), "make -j8");
        assert_eq!(w("./a &> /dev/null"), "./a");
        assert_eq!(w("bpftrace -e 'i > 5' < in 2>/dev/null"), "bpftrace -e 'i > 5' < in");
        // A redirection to a file may be the workload (lkdtm): kept.
        assert_eq!(
            w("echo X >/sys/kernel/debug/provoke-crash/DIRECT"),
            "echo X >/sys/kernel/debug/provoke-crash/DIRECT"
        );
    }

    /// A locale's output without `--repeat` (attack49 F1): perf 6.x sets
    /// a blank line between the counts and the elapsed time, and only the
    /// latter shows the decimal comma; `1.188 cycles` is 1188 there, and
    /// was read as 1.188 (`0,523 msec` as 523 ms). The whole block is
    /// read in its locale. A block grouped by spaces (the CERN ROOT tutorial's README,
    /// `181 519  page-faults`) is too; a C locale's block beside one
    /// (a reply quoting another's) is read.
    #[test]
    fn a_locales_block_is_noted_whole() {
        let de = " Performance counter stats for './a.out':\n\n     0,523 msec task-clock:u  #    0,001 CPUs utilized\n\
                  \x20       0      context-switches:u     #    0,000 /sec\n     1.188      cycles:u  #    2,285 GHz\n\n\
                  \x20  1,001234567 seconds time elapsed\n\n   0,000000000 seconds user\n   0,001234000 seconds sys\n";
        let f = read(de);
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(3, 0.523), (4, 0.0), (5, 1188.0), (7, 1.001234567), (9, 0.0), (10, 0.001234)]);
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains("lines 3-10") && m.contains(COMMA_LOCALE_READ)));
        let fr = " Performance counter stats for './rdf':\n\n   53 065,07 msec task-clock   #    1,000 CPUs utilized\n\
                  \x20     233      context-switches     #    4,391 /sec\n   181 519      page-faults  #    3,421 K/sec\n\n\
                  \x20     53,068551395 seconds time elapsed\n";
        let c = " Performance counter stats for './a':\n\n        20,812      context-switches\n\n    \
                 5.001931983 seconds time elapsed\n\n";
        let f = read(&format!("{c}{fr}"));
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(3, 20_812.0), (5, 5.001931983)]);
        assert!(f.notes.iter().any(|(l, m)| *l == 9 && m.contains("lines 9-13")), "{:?}", f.notes);
        // The quoted LKML reply (Vincent Guittot, 2022-08): claimed, said.
        let quoted = "tip kernel:\n           7 673,15 msec task-clock                #    1,534 CPUs\nutilized\n   \
                      \x20         12 662      context-switches          #    1,650 K/sec\n        5,003493176 seconds \
                      time elapsed\n";
        assert_eq!(PerfStat.detect(&Input::from_text(quoted)), 40);
    }

    /// A count no locale of perf prints, in a C locale's block, and an
    /// elapsed-time line whose mean was cut off: said, not read (the
    /// latter read its `+-` figure as the mean, labelled `+-`).
    #[test]
    fn unreadable_counts_and_a_cut_mean_are_said() {
        let f = read(
            " Performance counter stats for 'x' (5 runs):\n\n     1'234'567      branches\n     3,074,466      \
             context-switches   ( +-  % )\n     4,151      cycles\n\n       +- 0.00494 seconds time elapsed  ( +-  \
             0.13% )\n",
        );
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(5, 4151.0)]);
        for (at, what) in [(3, "`1'234'567` of `branches`"), (4, "`( +- % )`"), (7, "`+-` before its mean")] {
            assert!(f.notes.iter().any(|(l, m)| *l == at && m.contains(what)), "{at}: {:?}", f.notes);
        }
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
