//! dbench/tbench result lines (`Throughput 260.498 MB/sec 16 procs`, with
//! their wrapped tails, labels and latencies), operation table rows, and
//! the `time` record after a run.

use super::{clients_started, command_count, is_table_header};
use crate::lines::SplitWords as _;
use crate::model::Sample;
use crate::parse::failed::command_failed;
use crate::parse::num::{plain, scaled_step};
use crate::parse::time::{bash_record_at, gnu_record_at};
use crate::parse::{Input, ParseError};

/// A token carrying the word `Throughput`, possibly glued after progress
/// characters (`****Throughput`).
pub(super) fn is_throughput_tok(t: &str) -> bool {
    t.strip_suffix("Throughput").is_some_and(|p| p.chars().all(|c| matches!(c, '*' | '+' | '.' | '^')))
}

/// Cheap check that a line may carry a result line.
pub(super) fn may_have_result(line: &str) -> bool {
    line.contains("Throughput")
}

struct Tok<'a> {
    pub(super) text: &'a str,
    pub(super) idx: usize,
}

/// What one result line said.
pub(super) struct Result4 {
    pub(super) throughput: f64,
    /// The step the throughput was printed to: dbench and tbench print it
    /// `%g` (`135.02` beside `67.3949`, LKML 2002), so each its own, not
    /// padded to a neighbour's (`135.0200`).
    pub(super) throughput_step: Option<f64>,
    pub(super) line: usize,
    pub(super) params: Vec<(&'static str, u32)>,
    pub(super) max_latency: Option<(f64, usize)>,
    /// The step `max_latency=` was printed to (`%.3f`: `53.130` shows as
    /// printed, not `53.13`).
    pub(super) max_latency_step: Option<f64>,
    pub(super) last_idx: usize,
    /// `Before:` in `Before: Throughput 260.498 MB/sec …`.
    pub(super) prefix_label: Option<String>,
    /// Free text after the result on its own line (`16 procs    ext2`).
    pub(super) trailing: Option<String>,
    /// `max_latency=3D3.481`: quoted-printable `=3D` read as `=`.
    pub(super) qp_latency: bool,
    /// dbench 4's ` (sync open)` / ` (sync dirs)` after `MB/sec` (`-s`,
    /// `-S`): `open`, `dirs`, in the order printed.
    pub(super) sync: Vec<&'static str>,
}

/// True when a line may be the wrapped tail of the result line above it:
/// not a line of its own kind (the next run's `N clients started`, a
/// command, another result line, a table header).
fn may_continue_result(next: &str) -> bool {
    !next.trim().is_empty()
        && clients_started(next).is_none()
        && command_count(next).is_none()
        && !next.words().any(is_throughput_tok)
        && !is_table_header(next)
}

/// `Before:` / `with patch:` before the `Throughput` word on its line; or,
/// without the colon, a set-up's name written there (Steve French's dbench
/// 3.03 runs, LKML Apr 2005: `JFS Throughput 52.6572 MB/sec 20 procs`,
/// `nfs mounted to ext3 Throughput 13.5945 MB/sec 20 procs`), a run count
/// in parentheses after it left off (`ext3 (2nd run) Throughput …` is a run
/// of `ext3`). A bare kernel name there is left to the kernel reading
/// (`2.4.18pre3ll  Throughput …`), and a shell prompt, a time of day or a
/// long sentence is no label.
fn prefix_label(toks: &[Tok<'_>], s: usize) -> Option<String> {
    let pre: Vec<&str> = toks[..s].iter().map(|t| t.text).collect();
    let joined = pre.join(" ");
    if let Some(text) = joined.strip_suffix(':') {
        let text = text.trim();
        // `Run 1:` / `Run 2:` before each result: runs of one set-up
        // counted, no set-up (afix46b: three `Run N: Throughput …` lines
        // under a uname were three set-ups `6.2.0 / Run 1` …); `ext3 run
        // 2:` is a run of `ext3`.
        use super::labels::PROGRAMS;
        // `best of 3: Throughput …`: the labeller files it (`stat`).
        if crate::parse::labels::is_counter_beside_program(text, &PROGRAMS)
            || crate::parse::labels::picked_heading(text).is_some()
        {
            return None;
        }
        if let Some(setup) = crate::parse::labels::setup_beside_counter(text, &PROGRAMS) {
            return Some(setup);
        }
        return (!text.is_empty() && text.chars().any(|c| c.is_alphabetic())).then(|| text.to_string());
    }
    let text = without_run_count(joined.trim());
    let prompt_or_clock = pre
        .iter()
        .any(|t| t.ends_with(['$', '#', '%', '>', ']']) || (t.contains(':') && t.chars().any(|c| c.is_ascii_digit())));
    let ok = !text.is_empty()
        && pre.len() <= 8
        && text.starts_with(|c: char| c.is_alphanumeric())
        && text.chars().any(|c| c.is_alphabetic())
        && !prompt_or_clock
        && !crate::parse::labels::is_kernel_name(text);
    ok.then(|| text.to_string())
}

/// `ext3 (2nd run)` → `ext3`: a run count in parentheses at the end of a
/// set-up's name (`(2nd run)`, `(run 2)`, `(second run)`) counts runs of
/// that set-up, it names none.
pub(super) fn without_run_count(text: &str) -> &str {
    let Some(head) = text.strip_suffix(')') else { return text };
    let Some((name, inner)) = head.rsplit_once('(') else { return text };
    let words: Vec<String> = inner.words().map(str::to_ascii_lowercase).collect();
    let ordinal = |w: &str| {
        matches!(w, "first" | "second" | "third" | "fourth" | "fifth" | "last")
            || (w.len() > 2
                && w.get(..w.len() - 2).is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
                && matches!(w.get(w.len() - 2..), Some("st" | "nd" | "rd" | "th")))
    };
    let is_count = match words.as_slice() {
        [a, r] if r == "run" => ordinal(a),
        [r, n] if r == "run" => n.bytes().all(|b| b.is_ascii_digit()),
        _ => false,
    };
    if is_count { name.trim_end() } else { text }
}

/// `max_latency=53.132` → 53.132; `max_latency=3D53.132` (quoted-printable
/// damage) → 53.132 with `true`.
fn latency_value(v: &str) -> Option<(f64, bool)> {
    if let Some(x) = plain(v).filter(|x| *x >= 0.0) {
        return Some((x, false));
    }
    plain(v.strip_prefix("3D")?).filter(|x| *x >= 0.0).map(|x| (x, true))
}

/// The words dbench prints after a result's figure, which a file cut on
/// its last line may end inside (`16 pr` for `16 procs`).
const RESULT_WORDS: [&str; 7] = ["MB/sec", "procs", "clients", "max_latency=", "ms", "(NB=", "MBit/sec)"];

/// Why the result line `idx` (0-based) of `input` is cut and not read,
/// when it is: a copy cut inside its figure with the next result glued
/// after it (`Throughput 11Throughput 119.52 MB/sec 16 procs`: a paste or
/// log that lost the rest of the first line), or the file's last line
/// ending, without a line break, inside a word dbench prints after the
/// figure (`Throughput 118.52 MB/sec 16 pr`, `Throughput 118.52 MB/s`),
/// which read as it is would lose its `procs` and stand as a row of its
/// own; or a 1.x line cut inside its `(NB=…` group. `None` for any other
/// line.
pub(super) fn cut_result(input: &Input, idx: usize) -> Option<String> {
    let line = input.lines.get(idx)?.trim();
    let glued = line.match_indices("Throughput").any(|(at, _)| {
        line[..at].ends_with(|c: char| c.is_ascii_digit() || c == '.')
            && line[..at].rsplit(char::is_whitespace).next().is_some_and(|w| plain(w).is_some())
    });
    if glued {
        return Some(format!(
            "a dbench result cut inside its figure with the next one glued after it (`{line}`): neither is read"
        ));
    }
    // dbench 1.x's `(NB=19.7107 MB/sec  157.686 MBit/sec)` group never
    // closed, on this line or a wrapped tail below: the line was cut
    // after it, its `N procs` lost (LKML 2002: read as a row of no procs).
    let toks: Vec<&str> = line.words().collect();
    if let Some(nb) = toks.iter().position(|t| t.starts_with("(NB=")) {
        let next: Vec<&str> = input
            .lines
            .get(idx + 1)
            .filter(|n| may_continue_result(n))
            .map(|n| n.words().collect())
            .unwrap_or_default();
        let closed = toks[nb..].iter().chain(&next).take(4).any(|t| t.ends_with(')'));
        if !closed {
            return Some(format!(
                "a dbench result cut inside its `(NB=…` group, before `MBit/sec)` and its `N procs` \
                 (`{line}`): its run is not read"
            ));
        }
    }
    let last = idx + 1 == input.lines.len() && input.unterminated;
    let word = line.words().last()?;
    let cut = last && RESULT_WORDS.iter().any(|w| w.len() > word.len() && w.starts_with(word));
    cut.then(|| {
        format!(
            "the file ends mid-line inside `{word}` (dbench prints `MB/sec`, `N procs`, `N clients`, \
             `max_latency=… ms` there): `{line}` is cut; not read"
        )
    })
}

/// Why the result line `idx` (0-based) of `input` is not read when its
/// figure is in another unit than dbench's `MB/sec` (`Throughput 312.5
/// GB/sec 8 procs`, `Throughput 118.52 MB/s`: an edited or converted
/// copy): read as prose it was dropped without a word. `None` for any
/// other line.
pub(super) fn other_unit(input: &Input, idx: usize) -> Option<String> {
    let line = input.lines.get(idx)?.trim();
    let mut toks = line.words().skip_while(|t| !is_throughput_tok(t));
    toks.next()?;
    let (figure, unit) = (toks.next()?, toks.next()?);
    let rate = unit.ends_with("/sec") || unit.ends_with("/s") || unit.ends_with("bit/sec");
    (plain(figure).is_some() && rate && unit != "MB/sec" && !(input.unterminated && idx + 1 == input.lines.len()))
        .then(|| format!("a dbench result in `{unit}` (dbench and tbench print `MB/sec`): `{line}` not read"))
}

/// `Throughput 12` over `2.60 MB/sec 16 procs`: a figure a mail broke
/// across two lines (122.60, or 12 and a stray 2.60). No number to be sure
/// of: the note that it is not read, never a silent skip (attacker 27,
/// finding 7). `None` for any other line.
pub(super) fn broken_figure(input: &Input, idx: usize) -> Option<String> {
    let line = input.lines.get(idx)?.trim();
    let toks: Vec<&str> = line.words().collect();
    let at = toks.iter().position(|t| is_throughput_tok(t))?;
    let head = toks.get(at + 1)?;
    plain(head)?;
    if toks.len() > at + 2 {
        return None;
    }
    let next: Vec<&str> = input.lines.get(idx + 1)?.words().collect();
    let tail = next.first()?;
    (plain(tail).is_some() && next.get(1) == Some(&"MB/sec")).then(|| {
        format!(
            "a throughput figure the mail broke across two lines (`{head}` / `{tail} MB/sec`): its digits may be one \
             number; not read"
        )
    })
}

/// Why the result line `idx` (0-based) of `input` is not read when its
/// figure stands before the `Throughput` word, which `MB/sec` follows
/// (`cifs mounted to samba/JFS 9.67401 Throughput MB/sec 20 procs`, a line
/// edited by hand in Steve French's LKML post of Apr 2005): read as prose
/// it was dropped without a word. `None` for any other line.
pub(super) fn figure_before_word(input: &Input, idx: usize) -> Option<String> {
    let line = input.lines.get(idx)?.trim();
    let toks: Vec<&str> = line.words().collect();
    let at = toks.iter().position(|t| is_throughput_tok(t))?;
    let moved = at > 0 && toks.get(at + 1) == Some(&"MB/sec") && plain(toks[at - 1]).is_some();
    moved.then(|| {
        format!("a dbench result with its figure before `Throughput` (dbench prints `Throughput N MB/sec`): `{line}` not read")
    })
}

/// Reads a result line starting on line `idx` (0-based). `Ok(None)` when the
/// line carries no result (prose mentioning throughput).
pub(super) fn read_result(input: &Input, idx: usize) -> Result<Option<Result4>, ParseError> {
    let Some(line) = input.lines.get(idx) else { return Ok(None) };
    let mut toks: Vec<Tok<'_>> = line.words().map(|text| Tok { text, idx }).collect();
    // The next line of the file: a line a quoted-printable soft break
    // emptied (its text joined to the line above) is none, and a mail's
    // wrap of the decoded line (`… max_latency=0.104` / `> > ms`, LKML
    // 2023-05) comes after it.
    let mut after = idx + 1;
    while after < idx + 3 && input.joined_away(after) {
        after += 1;
    }
    if let Some(next) = input.lines.get(after)
        && may_continue_result(next)
    {
        toks.extend(next.words().map(|text| Tok { text, idx: after }));
    }
    let Some(s) = toks.iter().position(|t| t.idx == idx && is_throughput_tok(t.text)) else {
        return Ok(None);
    };
    let Some(vt) = toks.get(s + 1) else {
        return Ok(None);
    };
    let Some(value) = plain(vt.text).filter(|v| *v >= 0.0) else {
        // `Throughput 12x.45 MB/sec`: a result line whose number is damaged.
        if toks.get(s + 2).is_some_and(|t| t.text == "MB/sec") {
            return Err(ParseError::malformed(vt.idx + 1, "a throughput number before `MB/sec`", vt.text));
        }
        return Ok(None);
    };
    match toks.get(s + 2) {
        Some(t) if t.text == "MB/sec" => {}
        Some(_) => return Ok(None),
        None => {
            return Err(ParseError::malformed(vt.idx + 1, "`MB/sec` after the throughput value", line.trim()));
        }
    }
    let mut res = Result4 {
        throughput: value,
        throughput_step: crate::parse::num::scaled_step(vt.text, 1.0),
        line: vt.idx + 1,
        params: Vec::new(),
        max_latency: None,
        max_latency_step: None,
        last_idx: toks[s + 2].idx,
        prefix_label: prefix_label(&toks, s),
        trailing: None,
        qp_latency: false,
        sync: Vec::new(),
    };
    let mut k = s + 3;
    while let Some(t) = toks.get(k) {
        if t.text.starts_with("(NB=") {
            // Skip the NB=… MB/sec … MBit/sec) group.
            let end = (k..toks.len()).take(4).find(|&e| toks[e].text.ends_with(')'));
            match end {
                Some(e) => {
                    res.last_idx = toks[e].idx;
                    k = e + 1;
                    continue;
                }
                None => break,
            }
        }
        // `Throughput 481.002 MB/sec (sync open)  32 clients …`: dbench -s
        // (and -S, `(sync dirs)`) runs, a set-up of their own; the counts
        // and max_latency follow.
        if t.text == "(sync"
            && let Some(mode) = toks.get(k + 1).and_then(|u| match u.text {
                "open)" => Some("open"),
                "dirs)" => Some("dirs"),
                _ => None,
            })
        {
            res.sync.push(mode);
            res.last_idx = toks[k + 1].idx;
            k += 2;
            continue;
        }
        if let Some(v) = t.text.strip_prefix("max_latency=") {
            match (latency_value(v), toks.get(k + 1)) {
                (Some((lat, qp)), Some(u)) if u.text == "ms" => {
                    res.max_latency = Some((lat, t.idx + 1));
                    res.max_latency_step = scaled_step(v.strip_prefix("3D").unwrap_or(v), 1.0);
                    res.qp_latency = qp;
                    res.last_idx = u.idx;
                    k += 2;
                    continue;
                }
                _ => {
                    return Err(ParseError::malformed(
                        t.idx + 1,
                        "`max_latency=<number> ms`",
                        input.lines[t.idx].trim(),
                    ));
                }
            }
        }
        if t.text.bytes().all(|b| b.is_ascii_digit())
            && let Some(word) = toks.get(k + 1)
        {
            let name = match word.text {
                "procs" => Some("procs"),
                "clients" => Some("clients"),
                _ => None,
            };
            // dbench 4 prints `N clients` before `N procs`: after `16
            // procs`, a next line's `32 clients` is a set-up's label line
            // (it gave the run above it the next set-up's client count).
            let after_procs = name == Some("clients") && res.params.iter().any(|(p, _)| *p == "procs");
            let again = res.params.iter().any(|(p, _)| Some(*p) == name);
            if let (Some(name), Ok(n), false, false) = (name, t.text.parse::<u32>(), after_procs, again) {
                res.params.push((name, n));
                res.last_idx = word.idx;
                k += 2;
                continue;
            }
        }
        break;
    }
    let rest: Vec<&str> = toks[k.min(toks.len())..].iter().filter(|t| t.idx == idx).map(|t| t.text).collect();
    if rest.first().is_some_and(|t| t.starts_with(|c: char| c.is_alphabetic())) {
        let mut text = rest.join(" ");
        // A label whose parenthesis the mail's wrap left open: its close
        // is the next line (LKML 2003-08, `16 procs    ext3-extents
        // (definitely` / `enabled)` re-wrapped at 72): read apart, the
        // rest became a label line over every later run (one set-up in
        // two).
        if let Some(close) = label_close(&toks, idx, &text) {
            text.push(' ');
            text.push_str(&close.iter().map(|t| t.text).collect::<Vec<_>>().join(" "));
            res.last_idx = close[0].idx;
        }
        res.trailing = Some(text);
    }
    command_prefix_as_count(&mut res);
    Ok(Some(res))
}

/// The next line's words when they close a parenthesis `text` (a result
/// line's trailing label, on line `idx`) left open: a line of at most four
/// words, ending with `)`, opening none (`ext3-extents (definitely` /
/// `enabled)`). `None` otherwise.
fn label_close<'a, 't>(toks: &'t [Tok<'a>], idx: usize, text: &str) -> Option<&'t [Tok<'a>]> {
    let open = text.matches('(').count() > text.matches(')').count();
    let at = toks.iter().position(|t| t.idx != idx)?;
    let next = &toks[at..];
    let ok = open
        && next.len() <= 4
        && next.last().is_some_and(|t| t.text.ends_with(')'))
        && !next.iter().any(|t| t.text.contains('('));
    ok.then_some(next)
}

/// `dbench 16: Throughput 67.8566 MB/sec (…)  16 procs` (Martin Mokrejs,
/// LKML Sep 2001, under a `linux-2.4.10-pre12` line): the prefix is the
/// command that ran, the benchmark's name and its client count, not a
/// set-up's name. As a label it hid the kernel line above it (the run was
/// labelled `linux-2.4.10-pre12 / dbench 16`, with no kernel). The count is
/// the run's: it agrees with the line's own `procs`, or is that count
/// where the line gives none. A count that disagrees leaves the prefix a
/// label.
fn command_prefix_as_count(res: &mut Result4) {
    let Some(prefix) = res.prefix_label.as_deref() else { return };
    let words: Vec<&str> = prefix.words().collect();
    let [program, count] = words.as_slice() else { return };
    if !super::labels::PROGRAMS.iter().any(|p| program.eq_ignore_ascii_case(p)) {
        return;
    }
    let Ok(n) = count.parse::<u32>() else { return };
    match res.params.iter().find(|(p, _)| matches!(*p, "procs" | "clients")) {
        Some(&(_, own)) if own != n => return,
        Some(_) => {}
        None => res.params.push(("procs", n)),
    }
    res.prefix_label = None;
}

/// One row of dbench 4's operation table ` NTCreateX   1234567   0.123
/// 45.678`: the operation, its count and its mean and highest latency in
/// ms (smaller is better), each latency with the step it was printed to
/// (`12.800` → 0.001: the figure shown keeps the decimals dbench printed,
/// which the value alone, 12.8, does not).
pub(super) struct OpRow<'a> {
    /// The operation as printed (`WriteX`, `QUERY_FILE_INFORMATION`).
    pub(super) name: &'a str,
    /// How many times it ran.
    pub(super) count: f64,
    /// Mean latency in ms, and its printed step.
    pub(super) avg: (f64, Option<f64>),
    /// Highest latency in ms, and its printed step.
    pub(super) max: (f64, Option<f64>),
}

/// Reads one operation table row ` NTCreateX   1234567   0.123   45.678`.
pub(super) fn table_row(line: &str) -> Option<OpRow<'_>> {
    let toks: Vec<&str> = line.words().collect();
    let [name, count, avg, max] = toks.as_slice() else { return None };
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        || !name.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return None;
    }
    if !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let printed = |t: &str| Some((plain(t)?, scaled_step(t, 1.0)));
    Some(OpRow { name, count: plain(count)?, avg: printed(avg)?, max: printed(max)? })
}

pub(super) fn with_params(mut s: Sample, params: &[(&'static str, u32)]) -> Sample {
    for (n, v) in params {
        s = s.with_param(*n, v);
    }
    s
}

/// A `time` record read after a run's result line.
pub(super) struct TimeAfter {
    /// The record's values, without group or parameters.
    pub(super) samples: Vec<Sample>,
    /// 0-based index of the record's last line.
    pub(super) last_idx: usize,
    /// 1-based line of a failure report between the result and the record
    /// (GNU time's `Command exited with non-zero status 1` or `Command
    /// terminated by signal 9`, a shell's `Killed`; see
    /// [`crate::parse::failed::command_failed`]): the command timed, the
    /// dbench run, failed.
    pub(super) failed: Option<usize>,
}

/// Reads a time report right after a result that ended on line `last_idx`
/// (searching from `first_idx`, the result line itself, for a glued one).
/// GNU time prints `Command exited with non-zero status 1` above its
/// record when dbench exited with an error; such a line (or any other
/// [`crate::parse::failed::command_failed`] line) directly above the
/// record is returned as [`TimeAfter::failed`].
pub(super) fn time_after(input: &Input, first_idx: usize, last_idx: usize) -> Result<Option<TimeAfter>, ParseError> {
    let ok = |samples, last_idx, failed| Ok(Some(TimeAfter { samples, last_idx, failed }));
    for i in first_idx..=last_idx + 1 {
        if let Some(rec) = gnu_record_at(input, i)? {
            return ok(rec.samples, rec.last_idx, None);
        }
    }
    // `Command exited with non-zero status N` may sit between.
    let mut j = last_idx + 1;
    let mut failed = None;
    if input.lines.get(j).is_some_and(|l| command_failed(l)) {
        if let Some(rec) = gnu_record_at(input, j + 1)? {
            return ok(rec.samples, rec.last_idx, Some(j + 1));
        }
        failed = Some(j + 1);
        j += 1;
    }
    // bash prints a blank line before `real`.
    if input.lines.get(j).is_some_and(|l| l.trim().is_empty()) {
        j += 1;
    }
    Ok(bash_record_at(input, j).map(|rec| TimeAfter { samples: rec.samples, last_idx: rec.last_idx, failed }))
}
