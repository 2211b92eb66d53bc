//! `perf bench futex`: hash, lock-pi, wake, wake-parallel and requeue.
//!
//! ```text
//! # Running 'futex/wake' benchmark:
//! Run summary [PID 3043]: blocking on 8 threads (at [shared] futex 0x5629850876d8), waking up 1 at a time.
//!
//! [Run 1]: Wokeup 8 of 8 threads in 0.0170 ms
//! …
//! Wokeup 8 of 8 threads in 0.0186 ms (+-3.12%)
//! ```
//!
//! Metrics:
//!
//! | benchmark          | name                     | unit    | better |
//! |--------------------|--------------------------|---------|--------|
//! | hash, lock-pi      | `operations`             | ops/sec | Higher |
//! | wake               | `wakeup`                 | ms      | Lower  |
//! | wake-parallel      | `avg per-thread latency` | ms      | Lower  |
//! | requeue            | `requeue`                | ms      | Lower  |
//!
//! hash and lock-pi: the `Averaged 491926 operations/sec (+- 0.19%), total
//! secs = 300` line, perf's mean over the threads of the run (the threads'
//! own `[thread N] … [ 490919 ops/sec ]` lines are parts of that run and
//! are not read; the ± is perf's standard error of that mean, not read).
//! perf prints that mean as an integer, so a locale's thousands separators
//! in it (`Averaged 1.487.148 operations/sec (+- 0,53%)`) are read as such.
//!
//! wake, wake-parallel and requeue repeat the measurement (10 runs by
//! default): each `[Run N]:` line is a run, read as one sample of the
//! set, and the closing line without `[Run N]` (perf's mean over those
//! runs, with its ±) is not read. When a file holds only that closing line
//! (`perf bench futex … --silent` prints no runs), it is read, as one
//! value, with a note that it is perf's mean over runs the file does not
//! show.
//!
//! Parameters from the `Run summary` line: `threads` (the first `N
//! threads`), `scope` (`shared` or `private`, from `[shared]` /
//! `[private]`) and, for hash, `futexes` (per thread). A mail may wrap
//! that line before its `(at [private] futex 0x…), waking up 1 at a
//! time.`: that line is the summary's too, as is the line after a summary
//! that lacks the `.` perf ends it with (hash's `Run summary [PID 78627]:
//! 8 threads, each operating on 1024 [private]` / `futexes for 2 secs.`).

use super::Section;
use crate::model::{Better, Metric, ParsedFile};
use crate::parse::ParseError;
use crate::parse::num::plain;

/// The run summary's parameters into `sec`.
fn summary(sec: &mut Section, t: &str) {
    let words: Vec<&str> = t.split_whitespace().collect();
    if let Some(w) = words.windows(2).find(|w| w[1].trim_end_matches(',') == "threads")
        && let Ok(k) = w[0].parse::<u32>()
    {
        sec.set("threads", k);
    }
    if let Some(w) = words.windows(3).find(|w| w[2] == "futexes")
        && let Ok(k) = w[0].parse::<u32>()
    {
        sec.set("futexes", k);
    }
    for scope in ["shared", "private"] {
        if t.contains(&format!("[{scope}]")) {
            sec.set("scope", scope);
        }
    }
    // The futex private-hash RFC's perf (linux-kernel 2024-10) prints the
    // process's hash size in the summary: `Run summary [PID 6247]: 240
    // threads, hash slots: 2 each operating on 1024 [private] futexes for 10
    // secs.`, `hash slots: -65536` for the global hash. Runs of 2 and 131072
    // slots (9158 and 2042571 ops/sec) were one set-up and averaged. A hash
    // summary without it (the global hash's, or perf's own) names none: a
    // size from an earlier summary is not this run's.
    if let Some(w) = words.windows(3).find(|w| w[0] == "hash" && w[1] == "slots:")
        && w[2].parse::<i64>().is_ok()
    {
        sec.set("hash slots", w[2]);
    } else if hash_summary(t) {
        sec.params.retain(|(k, _)| *k != "hash slots");
    }
}

/// True when `t` is futex hash's `Run summary` line (`Run summary [PID
/// 4541]: 240 threads, each operating on 1024 [private] futexes for 10
/// secs.`), which no other futex benchmark prints: its runs are futex/hash
/// ones with no `# Running 'futex/hash' benchmark:` header above them (a
/// post's `RAW numbers:`, linux-kernel 2024-10).
pub(super) fn hash_summary(t: &str) -> bool {
    t.starts_with("Run summary [PID ") && t.contains(" each operating on ")
}

/// The set-up a `perf bench futex hash|lock-pi` command line gives, for a
/// run whose `Run summary` line (which says threads and scope) a post left
/// out: `-t N` / `--threads N` (`threads`), `-f N` / `--futexes N`
/// (`futexes`), `-S` / `--shared` (`scope`), and perf 6.16's `-b N` /
/// `--buckets N` (`buckets`, the process's private hash size) and `-I` /
/// `--immutable` (`immutable`). Short options may be glued (`-Ib512`).
/// `./perf bench futex hash` and `… -b 512` on one kernel are two set-ups,
/// not two runs of one (a LKML 2025 futex-hash thread). What the run's
/// own `Run summary` line said (threads, futexes, scope) stands: the
/// command line is only asked for what the summary left out (a stale `-t
/// 240` above a `110 threads` summary made that run one of another
/// set-up, linux-kernel 2024-10). A value that is a shell variable (`-b
/// $hb`, a loop's) is no value: returned, not set.
fn command_options(sec: &mut Section) -> Vec<String> {
    let args = sec.args.clone();
    let mut unknown = Vec::new();
    let mut it = args.iter().skip(2).peekable();
    while let Some(a) = it.next() {
        let mut value_of = |key: &'static str, rest: &str, sec: &mut Section| {
            let v = if rest.is_empty() { it.next().cloned().unwrap_or_default() } else { rest.to_string() };
            if v.starts_with('$') {
                unknown.push(if rest.is_empty() { format!("{a} {v}") } else { a.to_string() });
            } else if !v.is_empty() && !sec.has(key) {
                sec.set(key, v);
            }
        };
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = long.split_once('=').unwrap_or((long, ""));
            match name {
                "threads" => value_of("threads", inline, sec),
                "futexes" => value_of("futexes", inline, sec),
                "buckets" => value_of("buckets", inline, sec),
                "shared" if !sec.has("scope") => sec.set("scope", "shared"),
                "immutable" => sec.set("immutable", "yes"),
                _ => {}
            }
        } else if let Some(short) = a.strip_prefix('-') {
            for (i, c) in short.char_indices() {
                let rest = &short[i + c.len_utf8()..];
                match c {
                    'S' if !sec.has("scope") => sec.set("scope", "shared"),
                    'I' => sec.set("immutable", "yes"),
                    't' | 'f' | 'b' => {
                        let key = match c {
                            't' => "threads",
                            'f' => "futexes",
                            _ => "buckets",
                        };
                        value_of(key, rest, sec);
                        break;
                    }
                    _ => {}
                }
            }
        }
    }
    unknown
}

/// Notes each `[Run N]:` of futex wake, wake-parallel or requeue read
/// whose next line of text is neither another run nor perf's closing mean
/// (`Wokeup 8 of 8 threads in 0.0186 ms (+-3.12%)`), which perf prints
/// after its last run: the output was cut there (attack61's
/// futex-wake-truncated, cut after `[Run 4]` of 10: four runs read with
/// no word). The runs shown are read.
pub(super) fn note_runs_cut_short(input: &crate::parse::Input, out: &mut ParsedFile) {
    let text = |l: &str| l.trim_start_matches(|c: char| c == '>' || c.is_whitespace()).trim_end().to_string();
    let mut notes = Vec::new();
    for s in out.samples.iter().filter(|s| s.group.starts_with("futex/") && s.metric.unit == "ms") {
        let Some(t) = s.line.checked_sub(1).and_then(|i| input.lines.get(i)).map(|l| text(l)) else { continue };
        let Some(run) = t.strip_prefix("[Run ").and_then(|r| r.split_once(']')).map(|(k, _)| k.to_string()) else {
            continue;
        };
        let next = input.lines.iter().skip(s.line).map(|l| text(l)).find(|l| !l.is_empty());
        let closed = next.as_deref().is_some_and(|n| n.starts_with("[Run ") || timed(n).is_some());
        if !closed {
            notes.push((
                s.line,
                format!(
                    "the runs of {} end at `[Run {run}]` without the mean line perf prints after its last run \
                     (`{} … ms (+-…%)`): the output looks cut short; the runs shown are read",
                    s.group,
                    t.strip_prefix(&format!("[Run {run}]: ")).and_then(|b| b.split(" in ").next()).unwrap_or("…")
                ),
            ));
        }
    }
    out.notes.extend(notes);
}

/// A timed line's metric and the text its value follows: `Wokeup 8 of 8
/// threads in 0.0170 ms`, `Requeued 8 of 8 threads in …`, `Avg per-thread
/// latency (waking 1/8 threads) in …`.
fn timed(body: &str) -> Option<(&'static str, &str)> {
    let name = if body.starts_with("Wokeup ") {
        "wakeup"
    } else if body.starts_with("Requeued ") {
        "requeue"
    } else if body.starts_with("Avg per-thread latency") {
        "avg per-thread latency"
    } else {
        return None;
    };
    let (_, rest) = body.rsplit_once(" in ")?;
    Some((name, rest))
}

/// `0.0054 ms (+-16.84%)` → 0.0054.
fn millis(rest: &str) -> Option<f64> {
    let (v, tail) = rest.split_once(" ms")?;
    (tail.is_empty() || tail.trim_start().starts_with("(+-")).then_some(())?;
    plain(v)
}

/// True when `t` is futex-hash's or lock-pi's whole summary line as perf
/// prints it (`"Averaged %ld operations/sec (+- %.2f%%), total secs =
/// %d"`): `Averaged 491926 operations/sec (+- 0.19%), total secs = 300`.
/// Its one figure read, the mean, is followed by its unit, so a cut inside
/// the last figure (`total secs = 30` for `300`, a figure not read) left
/// it whole.
pub(super) fn summary_whole(t: &str) -> bool {
    t.strip_prefix("Averaged ")
        .and_then(|rest| rest.split_once(" operations/sec (+- "))
        .and_then(|(_, tail)| tail.split_once("%), total secs = "))
        .is_some_and(|(_, secs)| secs.bytes().all(|b| b.is_ascii_digit()))
}

/// A post's own set-up word glued before perf's whole summary line
/// (`shared  Averaged 1.487.148 operations/sec (+- 0,53%), total secs =
/// 10`, `-Ib8192 Averaged …`): the word and the summary. `None` unless
/// the line is one word, spaces, and a summary `summary_whole` accepts
/// (after the locale's `=3D` is decoded, `total secs = 10`).
pub(super) fn glued(t: &str) -> Option<(&str, &str)> {
    let (word, rest) = t.split_once(char::is_whitespace)?;
    let summary = rest.trim_start();
    (!word.is_empty() && summary_whole(summary)).then_some((word, summary))
}

/// The set-up a word glued before a summary names: perf's own options
/// (`-b128`, `-Ib8192`: buckets, immutable) are added to the quoted
/// command's; `shared` and `private` are the futexes' scope perf's `Run
/// summary` would say; any other word is kept as the run's `setup`
/// parameter, so that runs of two such words are never averaged.
pub(super) fn glued_setup(sec: &mut Section, word: &str) {
    match word {
        "shared" | "private" => sec.set("scope", word),
        w if w.starts_with('-') => sec.args.push(w.to_string()),
        w => sec.set("setup", w),
    }
}

/// The mean of `Averaged %ld operations/sec` printed with a locale's
/// thousands separator (`1.487.148`, `42.410` in a German locale, whose
/// `(+- 0,53%)` has a decimal comma: linux-kernel 2025): perf prints an
/// integer there, so a `.`, `,`, `'` or space between groups of three
/// digits is a separator, never a decimal point. `None` unless every
/// group after the first has three digits and one separator is used.
fn grouped_integer(v: &str) -> Option<f64> {
    let v = v.trim();
    let sep = v.chars().find(|c| !c.is_ascii_digit())?;
    if !matches!(sep, '.' | ',' | '\'' | ' ' | '\u{a0}' | '\u{202f}') {
        return None;
    }
    super::thousands_grouped(v, sep).then(|| v.chars().filter(char::is_ascii_digit).collect::<String>().parse().ok())?
}

/// Reads a futex summary or result line; true when it was one.
pub(super) fn line(sec: &mut Section, n: usize, t: &str, out: &mut ParsedFile) -> Result<bool, ParseError> {
    // The summary's tail wrapped onto a line of its own by a mail (`Run
    // summary [PID 2414]: blocking on 128 threads` / `(at [private] futex
    // 0xaaaab663a154), waking up 1 at a time.`): it ended the section, and
    // the result below was lost.
    if t.starts_with("Run summary") || t.starts_with("(at [") {
        summary(sec, t);
        // perf ends every futex summary with `.`; one without it was
        // wrapped (`Run summary [PID 78627]: 8 threads, each operating on
        // 1024 [private]` / `futexes for 2 secs.`, a linux-kernel 2023
        // perf-test log): its tail is the next line.
        sec.summary_head = (t.starts_with("Run summary") && !t.ends_with('.')).then(|| t.to_string());
        return Ok(true);
    }
    if !t.is_empty()
        && let Some(head) = sec.summary_head.take()
        && t.ends_with('.')
        && !t.starts_with(['[', '#'])
        && !t.starts_with("Averaged ")
    {
        summary(sec, &format!("{head} {t}"));
        return Ok(true);
    }
    if let Some(rest) = t.strip_prefix("Averaged ") {
        let v = rest.split_once(" operations/sec").and_then(|(v, _)| grouped_integer(v).or_else(|| plain(v)));
        let v = v.ok_or_else(|| ParseError::malformed(n, "`Averaged N operations/sec …`", t))?;
        for u in command_options(sec) {
            out.notes.push((n, format!("the command's `{u}` is a shell variable: that option's value is not known")));
        }
        out.samples.push(sec.sample(Metric::new("operations", "ops/sec", Better::Higher), v, n));
        return Ok(true);
    }
    let (is_run, body) = match t.strip_prefix("[Run ").and_then(|r| r.split_once("]: ")) {
        Some((_, body)) => (true, body),
        None => (false, t),
    };
    let Some((name, rest)) = timed(body) else { return Ok(false) };
    let v = millis(rest).ok_or_else(|| ParseError::malformed(n, "a time in ms after `in`", t))?;
    let metric = Metric::new(name, "ms", Better::Lower);
    if is_run {
        sec.runs += 1;
        out.samples.push(sec.sample(metric, v, n));
    } else if sec.runs == 0 {
        out.samples.push(sec.sample(metric, v, n));
        out.notes.push((n, "perf's mean over runs the file does not show: read as one value".into()));
    }
    Ok(true)
}
