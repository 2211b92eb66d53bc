//! PostMark (Jeffrey Katcher's file system benchmark for Network
//! Appliance, 1997–2001; 1.5 and 1.51 are the versions Linux
//! distributions packaged): its verbose report, one per `run` command.
//!
//! Its report, with PostMark's tabs shown as four spaces:
//!
//! ```text
//! PostMark v1.5 : 3/27/01
//! pm>set size 4096 102400
//! pm>set number 4500
//! pm>run
//! Creating files...Done
//! Performing transactions..........Done
//! Deleting files...Done
//! Time:
//!     112 seconds total
//!     112 seconds of transactions (13392 per second)
//!
//! Files:
//!     753706 created (6729 per second)
//!         Creation alone: 4500 files (4500 per second)
//!         Mixed with transactions: 749206 files (6689 per second)
//!     750908 read (6704 per second)
//!     746403 appended (6664 per second)
//!     753706 deleted (6729 per second)
//!         Deletion alone: 2912 files (2912 per second)
//!         Mixed with transactions: 750794 files (6703 per second)
//!
//! Data:
//!     49757.63 megabytes read (444.26 megabytes per second)
//!     49956.56 megabytes written (446.04 megabytes per second)
//! ```
//!
//! Metrics (group empty), one sample per report:
//! * `total time` (`N seconds total`) and `transaction time` (`N seconds
//!   of transactions`), in s, lower is better;
//! * `transactions` (the rate beside the transaction time), and the
//!   files' rates, `created`, `created alone`, `created in transactions`,
//!   `read`, `appended`, `deleted`, `deleted alone`, `deleted in
//!   transactions` (the `Creation alone:`, `Deletion alone:` and `Mixed
//!   with transactions:` lines under `created` and `deleted`), in
//!   per second, higher is better;
//! * `data read` and `data written`, the rates of the `Data:` lines, in
//!   KiB/s or MiB/s as printed (`kilobytes`, `megabytes`: PostMark 1.5
//!   made its megabyte 1024 kilobytes, so `site::units` converts one to
//!   the other; a banner older than 1.5 gives `KB/s`/`MB/s`, which are
//!   not converted), higher is better. A file with no banner (a post's
//!   report pasted without it) is read as 1.5x, the version every
//!   distribution packaged, with a warning at its first rate in megabytes
//!   read: an older version's megabyte was 1000 kilobytes, 2.3% less, and
//!   nothing shows which printed it (its kilobyte is 1024 bytes in every
//!   version: no warning for those).
//!
//! The counts beside the rates (`753706 created`, `49757.63 megabytes
//! read`) are the workload, the same for every run of one set-up (PostMark
//! draws its files from a seeded generator): they are not read (said once
//! a file, an information). They name each report's workload instead, the
//! parameter `workload` (`753706 files, 49956.56 megabytes written`): a
//! post's reports of two file size ranges with no `set` line shown (a
//! README's "with default settings" and then "with file size set to range
//! between 1,000,000 and 10,000,000 bytes") are no runs of one set-up.
//! The `set` commands above a report (`pm>set size 4096 102400`, or the
//! lines of a configuration file shown bare, `set number 5000`) are its
//! parameters, by the words after `set` (`size` = `4096 102400`, `bias
//! read` = `5`); a banner (`PostMark v1.51 : 8/14/01`, a new process)
//! forgets the ones typed at a `pm>` prompt above it, and keeps the bare
//! ones shown since the last report (a configuration file's, `cat >
//! pm.conf <<EOF` / `set read 4096` / … / `$ postmark pm.conf`: that
//! process reads them). The banner's version is the file's.
//!
//! PostMark times with `time()`, in whole seconds, and takes a phase
//! timed 0 seconds as 1 (its guard against a division by zero): a phase
//! printed as 1 second (`1 seconds of transactions (500 per second)`, a
//! `Creation alone:` rate equal to its count) has figures that are its
//! counts, not rates, and a time of 0 to 2 s. Those are warned, naming
//! their lines, and not read. A rate over a count of 0 (`0 appended (0
//! per second)`: nothing of that kind was done) is not read either.
//! PostMark 1.51 divides whole numbers (1.53 rounds to two decimals):
//! a rate printed 0 over a count above 0 (`1229 read (0 per second)` in
//! 1370 s, `0.24 kilobytes read (0.00 kilobytes per second)`) is no rate
//! of nothing but one under 1 (under 0.005): warned, naming its lines,
//! and not read.
//!
//! A report pasted into a forum with its lines in bold (`[B]6337.51
//! megabytes read (…)`, `…(84.09 megabytes per second)[/B]`, the tags
//! alone on a line) is read without the tags; a report shown as shell
//! comments (`# Time:`, `#       74.3768 seconds total`, a guide's output
//! under the command that printed it) is read without its `#`, the
//! commented lines from `# Time:` to the report's last line only (a
//! commented `# set size …` is no set-up the run had).
//! PostMark's terse report (`set report terse`: one line of fifteen
//! figures with no names) is not read.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// PostMark; registry id `"postmark"`.
pub struct Postmark;

const ID: &str = "postmark";

/// The note said once a file at its first report: an information (the
/// counts are the workload, named by the `workload` parameter).
pub const COUNTS_ARE_THE_WORKLOAD: &str = "PostMark's counts (files created, read, appended, deleted; data read \
     and written) are the workload, the same for every run of one set-up: not read, the rates beside them are \
     (the files created and data written name the run's `workload`)";

/// The `set` commands PostMark 1.5x knows, by their words after `set`.
const SET_NAMES: &[&str] = &[
    "size", "number", "seed", "transactions", "location", "subdirectories", "read", "write", "buffering", "bias read",
    "bias create", "report",
];

/// Which clock a figure's rate is over: the whole run's seconds, the
/// transactions' seconds (both printed), or a phase's own (not printed:
/// the `alone` lines).
#[derive(Clone, Copy, PartialEq)]
enum Over {
    Total,
    Transactions,
    Alone,
}

/// One figure of a report: its line, metric, rate (or time), the count
/// beside it, and the clock it is over.
struct Figure {
    line: usize,
    name: &'static str,
    unit: String,
    better: Better,
    value: f64,
    count: Option<f64>,
    over: Over,
}

/// A report being read.
#[derive(Default)]
struct Report {
    figures: Vec<Figure>,
    total: Option<(usize, f64, bool)>,
    transactions: Option<(usize, f64, bool)>,
    created: Option<String>,
    written: Option<String>,
    /// The last file line read at depth one (`created`, `deleted`): the
    /// `Mixed with transactions:` line under it is its own.
    last_main: &'static str,
    /// True when the report's lines are shell comments (`# Time:`).
    commented: bool,
}

/// `set size 4096 102400` → (`size`, `4096 102400`), for the names
/// PostMark knows; `None` for any other line, and for a help line's
/// `set size - Sets low and high bounds of files`.
fn set_line(t: &str) -> Option<(&'static str, String)> {
    let rest = t.strip_prefix("set ")?.trim_start();
    let name = SET_NAMES
        .iter()
        .find(|n| rest.strip_prefix(**n).is_some_and(|after| after.starts_with(' ') || after.starts_with('\t')))?;
    let value = rest[name.len()..].split_whitespace().collect::<Vec<_>>().join(" ");
    ((!value.is_empty() && !value.starts_with('-')) || value.parse::<i64>().is_ok()).then_some((name, value))
}

/// The line without a forum's bold, italic or underline tags (`[B]`,
/// `[/b]`, `[I]`, `[U]`), which a post set around a report's lines.
fn untagged(t: &str) -> std::borrow::Cow<'_, str> {
    if !t.contains('[') {
        return t.into();
    }
    let mut out = String::with_capacity(t.len());
    let mut rest = t;
    while let Some(i) = rest.find('[') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let tag = ["[b]", "[/b]", "[i]", "[/i]", "[u]", "[/u]"]
            .iter()
            .find(|g| tail.get(..g.len()).is_some_and(|h| h.eq_ignore_ascii_case(g)));
        match tag {
            Some(g) => rest = &tail[g.len()..],
            None => {
                out.push('[');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out.trim().to_string().into()
}

/// True for a `set` line PostMark does not know ([`set_line`] gave none),
/// at its prompt (`pm>set numbers 100000`) or bare with a number for its
/// value (`set numbers 100000`): [`Input`] takes a prompt with a space
/// after it, `pm> `, for a mail's supercite quote marker and removes it,
/// and Laurent Vivier's retyped `pm> set numbers 100000` (LKML 2006-04)
/// was passed over without a word (afix52 read it as a note lost on its
/// way to the site). `set up the disk` is prose.
fn unknown_set_line(t: &str, command: &str) -> bool {
    let Some(rest) = command.strip_prefix("set ") else { return false };
    if t.starts_with("pm>") {
        return true;
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let Some((value, names)) = words.split_last() else { return false };
    (1..=2).contains(&names.len())
        && names.iter().all(|w| w.bytes().all(|b| b.is_ascii_alphabetic()))
        && plain(value).is_some()
}

/// `49757.63 megabytes` → (49757.63, `megabytes`), as printed.
fn amount(s: &str) -> Option<(f64, &str)> {
    let (n, unit) = s.trim().split_once(' ')?;
    Some((plain(n)?, unit.trim()))
}

/// The unit of PostMark's `kilobytes`/`megabytes` per second; its
/// megabyte is 1024 kilobytes from 1.5 on (`binary`).
fn rate_unit(word: &str, binary: bool) -> Option<&'static str> {
    Some(match (word, binary) {
        ("bytes", _) => "B/s",
        ("kilobytes", true) => "KiB/s",
        ("megabytes", true) => "MiB/s",
        ("gigabytes", true) => "GiB/s",
        ("kilobytes", false) => "KB/s",
        ("megabytes", false) => "MB/s",
        ("gigabytes", false) => "GB/s",
        _ => return None,
    })
}

/// `753706 created (6729 per second)` → (`753706 created`, 6729): the
/// words before the rate, as printed, and the rate (NaN where it has a
/// unit: a data line's).
fn count_and_rate(t: &str) -> Option<(&str, f64)> {
    let (head, tail) = t.split_once(" (")?;
    // A data line's rate has a unit (`444.26 megabytes per second`): its
    // rate is read below, from the text after its own ` (`.
    let rate = tail.strip_suffix(" per second)")?.trim();
    Some((head, plain(rate).unwrap_or(f64::NAN)))
}

/// The banner's version, `PostMark v1.51 : 8/14/01` → `1.51`.
fn banner(t: &str) -> Option<&str> {
    let v = t.strip_prefix("PostMark v")?;
    let v = v.split_whitespace().next()?;
    (v.bytes().next().is_some_and(|b| b.is_ascii_digit())).then_some(v)
}

/// True when the banner's version is 1.5 or later (PostMark 1.5 made a
/// megabyte 1024 kilobytes); a file without a banner is read as 1.5x, the
/// version every distribution packaged ([`parse_all`]'s starting value).
fn binary_megabytes(v: &str) -> bool {
    let mut parts = v.split('.');
    let major: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(1);
    let minor = parts.next().unwrap_or("5");
    // `1.14` < `1.5`: compare the first digit after the dot.
    let first = minor.bytes().next().map_or(5, |b| b.wrapping_sub(b'0'));
    major > 1 || first >= 5
}

/// `112 seconds total` → (112, true when printed as a whole number).
fn seconds(s: &str) -> Option<(f64, bool)> {
    let s = s.trim();
    Some((plain(s)?, !s.contains('.')))
}

/// Reads one line of a report into `r`; false when the line is none of a
/// report's.
fn report_line(r: &mut Report, n: usize, t: &str, binary: bool) -> bool {
    if t == "Files:" || t == "Data:" {
        return true;
    }
    if let Some(s) = t.strip_suffix(" seconds total") {
        let Some((v, whole)) = seconds(s) else { return false };
        r.total = Some((n, v, whole));
        r.figures.push(Figure {
            line: n,
            name: "total time",
            unit: "s".into(),
            better: Better::Lower,
            value: v,
            count: None,
            over: Over::Total,
        });
        return true;
    }
    if let Some((secs, rest)) = t.split_once(" seconds of transactions (") {
        let Some((v, whole)) = seconds(secs) else { return false };
        let Some(rate) = rest.strip_suffix(" per second)").and_then(|x| plain(x.trim())) else { return false };
        r.transactions = Some((n, v, whole));
        r.figures.push(Figure {
            line: n,
            name: "transaction time",
            unit: "s".into(),
            better: Better::Lower,
            value: v,
            count: None,
            over: Over::Transactions,
        });
        r.figures.push(Figure {
            line: n,
            name: "transactions",
            unit: "/s".into(),
            better: Better::Higher,
            value: rate,
            count: None,
            over: Over::Transactions,
        });
        return true;
    }
    let Some((head, rate)) = count_and_rate(t) else { return false };
    let files = |name: &'static str, count: &str, over: Over| -> Option<Figure> {
        if !rate.is_finite() {
            return None;
        }
        Some(Figure {
            line: n,
            name,
            unit: "files/s".into(),
            better: Better::Higher,
            value: rate,
            count: Some(plain(count)?),
            over,
        })
    };
    let figure = if let Some(c) = head.strip_prefix("Creation alone: ").and_then(|h| h.strip_suffix(" files")) {
        files("created alone", c, Over::Alone)
    } else if let Some(c) = head.strip_prefix("Deletion alone: ").and_then(|h| h.strip_suffix(" files")) {
        files("deleted alone", c, Over::Alone)
    } else if let Some(c) = head.strip_prefix("Mixed with transactions: ").and_then(|h| h.strip_suffix(" files")) {
        match r.last_main {
            "created" => files("created in transactions", c, Over::Transactions),
            "deleted" => files("deleted in transactions", c, Over::Transactions),
            _ => None,
        }
    } else if let Some((count, what)) = head.split_once(' ') {
        match what {
            "created" | "deleted" => {
                r.last_main = if what == "created" { "created" } else { "deleted" };
                if what == "created" {
                    r.created = Some(count.to_string());
                }
                files(if what == "created" { "created" } else { "deleted" }, count, Over::Total)
            }
            "read" => files("read", count, Over::Transactions),
            "appended" => files("appended", count, Over::Transactions),
            _ => {
                // `49757.63 megabytes read (444.26 megabytes per second)`
                let (amount_text, which) = match head.rsplit_once(' ') {
                    Some((a, "read")) => (a, "data read"),
                    Some((a, "written")) => (a, "data written"),
                    _ => return false,
                };
                let Some((count, _)) = amount(amount_text) else { return false };
                let Some(rate_text) = t.rsplit_once(" (").map(|(_, r)| r.trim_end_matches(')')) else {
                    return false;
                };
                let Some((rate, word)) = rate_text.strip_suffix(" per second").and_then(amount) else { return false };
                let Some(unit) = rate_unit(word, binary) else { return false };
                if which == "data written" {
                    r.written = Some(amount_text.to_string());
                }
                r.figures.push(Figure {
                    line: n,
                    name: which,
                    unit: unit.into(),
                    better: Better::Higher,
                    value: rate,
                    count: Some(count),
                    over: Over::Total,
                });
                return true;
            }
        }
    } else {
        None
    };
    match figure {
        Some(f) => {
            r.figures.push(f);
            true
        }
        None => false,
    }
}

/// The warning at the first data rate in megabytes (or gigabytes) read
/// from a file with no banner: PostMark 1.5 made its megabyte 1024
/// kilobytes, and which version printed the report is not shown.
pub const MEGABYTE_OF_NO_VERSION: &str = "no PostMark banner (`PostMark v1.51 : 8/14/01`) above this report: its \
     megabytes per second are read as PostMark 1.5's and 1.51's (1024 kilobytes, MiB/s); a version before 1.5 \
     printed megabytes of 1000 kilobytes (2.3% less), which nothing in the file rules out";

/// A report's samples, with its warnings: a phase PostMark timed as one
/// second gives counts, not rates. `unversioned`: no banner above the
/// report, and the megabyte warning ([`MEGABYTE_OF_NO_VERSION`]) not said
/// yet (it is said once a file, at the first such rate read).
fn finish(out: &mut ParsedFile, r: Report, params: &[(&'static str, String)], unversioned: &mut bool) {
    if r.figures.is_empty() {
        return;
    }
    let workload = match (&r.created, &r.written) {
        (Some(c), Some(w)) => Some(format!("{c} files, {w} written")),
        _ => None,
    };
    let one_second = |clock: Option<(usize, f64, bool)>| clock.is_some_and(|(_, v, whole)| whole && v == 1.0);
    let total_clamped = one_second(r.total);
    let trans_clamped = one_second(r.transactions);
    // The lines of each phase timed as 1 second: the whole run's, the
    // transactions', and each `alone` line's own.
    let mut clamped: Vec<(&'static str, Vec<usize>)> = Vec::new();
    let mut zero: Vec<usize> = Vec::new();
    let mut under_one: Vec<usize> = Vec::new();
    let whole_clock = r.total.is_some_and(|t| t.2);
    for f in r.figures {
        let phase = match f.over {
            Over::Total if total_clamped => Some("the whole run"),
            Over::Transactions if trans_clamped => Some("the transactions"),
            // A phase's rate equal to its count: its own clock read 1.
            Over::Alone if whole_clock && f.count.is_some_and(|c| c > 0.0 && c == f.value) => {
                Some(if f.name == "created alone" { "the creation alone" } else { "the deletion alone" })
            }
            _ => None,
        };
        if let Some(phase) = phase {
            match clamped.iter_mut().find(|(p, _)| *p == phase) {
                Some((_, lines)) if !lines.contains(&f.line) => lines.push(f.line),
                Some(_) => {}
                None => clamped.push((phase, vec![f.line])),
            }
            continue;
        }
        if f.count == Some(0.0) {
            zero.push(f.line);
            continue;
        }
        // A rate printed 0 of a count above 0 (or of the transactions,
        // which are never none): under 1 per second, cut to 0.
        if f.value == 0.0 && (f.count.is_some_and(|c| c > 0.0) || f.name == "transactions") {
            under_one.push(f.line);
            continue;
        }
        if *unversioned && matches!(f.unit.as_str(), "MiB/s" | "GiB/s") {
            *unversioned = false;
            out.notes.push((f.line, MEGABYTE_OF_NO_VERSION.into()));
        }
        let mut s = Sample::new(Metric::new(f.name, f.unit.as_str(), f.better), f.value, f.line);
        for (name, value) in params {
            s = s.with_param(*name, value);
        }
        if let Some(w) = &workload {
            s = s.with_param("workload", w);
        }
        out.samples.push(s);
    }
    for (phase, lines) in clamped {
        let list = lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        let what = if lines.len() == 1 {
            format!("line {list}'s figure is its count")
        } else {
            format!("the figures of lines {list} are its counts")
        };
        out.notes.push((
            lines[0],
            format!(
                "PostMark's whole-second clock timed {phase} as 1 second (it takes 0 s as 1 against a division by \
                 zero): {what}, not a rate, and its time 0 to 2 s; not read"
            ),
        ));
        // Each other line of the phase says so where it stands (a `Data:`
        // paragraph's figures are a paragraph away from the note above).
        for &l in &lines[1..] {
            out.notes.push((l, format!("a count over {phase}, timed as 1 second (line {}): not read", lines[0])));
        }
    }
    if let Some(&first) = under_one.first() {
        let list = under_one.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        out.notes.push((
            first,
            format!(
                "PostMark printed a rate of 0 over a count above 0 (line{} {list}): it divides whole numbers, so the \
                 rate is above 0 and under 1 per second (1.53 rounds to 2 decimals: under 0.005), no rate of \
                 nothing; not read",
                if under_one.len() == 1 { "" } else { "s" }
            ),
        ));
        for &l in &under_one[1..] {
            out.notes.push((
                l,
                format!("a rate of 0 over a count above 0, cut by PostMark's division (line {first}): not read"),
            ));
        }
    }
    if let Some(&first) = zero.first() {
        out.notes.push((
            first,
            "PostMark's rate of a count of 0 (nothing of that kind was done): zero figures are not results, not read"
                .into(),
        ));
    }
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let mut params: Vec<(&'static str, String)> = Vec::new();
    // The names of the `set` lines shown bare (no `pm>` prompt) since the
    // last report: a configuration file's, which the next banner's process
    // reads (`cat > pm.conf <<EOF` / `set read 4096` / … / `$ postmark
    // pm.conf`, then the banner): kept at the banner.
    let mut bare_since_report: Vec<&'static str> = Vec::new();
    let mut report: Option<Report> = None;
    let mut said_counts = false;
    let mut binary = true;
    // No banner seen yet: its megabyte is 1.5x's by guess, said once.
    let mut unversioned = true;
    // The line that ended a report before its last figure (none of a
    // report's lines), until a report's line below it says so.
    let mut broken: Option<(usize, &str)> = None;
    // The line below, rejoined to the one above it.
    let mut skip = false;
    for (n, line) in input.numbered() {
        if std::mem::take(&mut skip) {
            continue;
        }
        let t = line.trim();
        if let Some(r) = report.as_mut() {
            // A commented report's lines carry their `#`: a line without
            // one ends it; a forum's bold tags are no part of a line.
            let commented = r.commented;
            // A blank line is the report's own (between its paragraphs) in
            // a commented report too: a guide that typed `# ` before each
            // line but left the blank ones blank had its `Files:` and
            // `Data:` figures dropped, unsaid (attack54).
            let bare = move |l: &str| -> Option<String> {
                let l = if commented && !l.is_empty() { l.strip_prefix('#').map(str::trim)? } else { l };
                Some(untagged(l).into_owned())
            };
            let b = bare(t);
            let mut joined: Option<String> = None;
            let read = b.as_deref().is_some_and(|b| b.is_empty() || report_line(r, n, b, binary)) || {
                // A line a mailer wrapped (`750908 read (6704 per` over
                // `second)`): read whole (attack53 F3: the report ended
                // there and its figures below were dropped, unsaid).
                let next = input.lines.get(n).map(|l| l.trim()).filter(|l| !l.is_empty()).and_then(bare);
                let whole = b.as_deref().zip(next).map(|(b, next)| format!("{b} {next}"));
                let rejoined = whole.as_deref().is_some_and(|w| report_line(r, n, w, binary));
                if rejoined {
                    out.notes.push((n, format!("PostMark's line wrapped onto line {} (by a mailer): rejoined", n + 1)));
                    skip = true;
                    joined = whole;
                }
                rejoined
            };
            if read {
                let text = joined.as_deref().or(b.as_deref()).unwrap_or(t);
                if text.ends_with(" written") || text.contains(" written (") {
                    finish(&mut out, report.take().unwrap_or_default(), &params, &mut unversioned);
                }
                continue;
            }
            finish(&mut out, report.take().unwrap_or_default(), &params, &mut unversioned);
            broken = Some((n, t));
        } else if let Some((at, what)) = broken
            && let b = untagged(t.strip_prefix('#').map_or(t, str::trim))
            && b != "Files:"
            && b != "Data:"
            && report_line(&mut Report::default(), n, &b, binary)
        {
            // A report's line below the line that ended its report (a
            // line typed or pasted into it): said, not read.
            out.notes.push((
                n,
                format!(
                    "a PostMark report's line, below line {at} (`{what}`), which is none of a report's and ended \
                     the report above it: this line and the report's others below it not read"
                ),
            ));
            broken = None;
        }
        // The banner as printed, or in a forum's bold tags, or as a
        // shell comment (`# PostMark v1.51 : 8/14/01` above a report shown
        // as comments): the version either way (attack54: a tagged or
        // commented banner was warned of as missing, its version lost).
        let shown = untagged(t.strip_prefix('#').map_or(t, str::trim));
        if t == "Time:" || t.ends_with(">Time:") || banner(&shown).is_some() {
            broken = None;
        }
        if let Some(v) = banner(&shown) {
            // A commented banner is a guide's copy of the output: the
            // `set` lines it shows above (a configuration file's) stay.
            // A banner under a configuration file's bare `set` lines is the
            // process that reads that file: those lines are its set-up
            // (attack54 F7: two block sizes' reports under `cat > pm.conf
            // <<EOF` heredocs lost `read`/`write`, told apart only by the
            // labeller's warning of text above them). Lines typed at a `pm>`
            // prompt were an earlier process's: forgotten.
            if !t.starts_with('#') {
                params.retain(|(p, _)| bare_since_report.contains(p));
            }
            if out.version.is_none() {
                out.version = Some(v.to_string());
            }
            binary = binary_megabytes(v);
            unversioned = false;
            continue;
        }
        let command = t.strip_prefix("pm>").map(str::trim_start).unwrap_or(t);
        if let Some((name, value)) = set_line(command) {
            params.retain(|(p, _)| *p != name);
            params.push((name, value));
            if command.len() == t.len() {
                bare_since_report.push(name);
            } else {
                bare_since_report.retain(|p| *p != name);
            }
            continue;
        }
        if unknown_set_line(t, command) {
            // `pm> set numbers 100000` (a poster's retyping): no `set`
            // command PostMark knows; what it set is not known.
            out.notes.push((
                n,
                format!("`{command}` is no `set` command PostMark 1.5x knows: not a parameter of the runs below"),
            ));
            continue;
        }
        let commented = t.strip_prefix('#').map(str::trim) == Some("Time:");
        let tagged = untagged(t);
        if tagged == "Time:" || tagged.ends_with(">Time:") || commented {
            if !said_counts {
                said_counts = true;
                out.notes.push((n, COUNTS_ARE_THE_WORKLOAD.into()));
            }
            report = Some(Report { commented, ..Report::default() });
            bare_since_report.clear();
        }
    }
    if let Some(r) = report.take() {
        finish(&mut out, r, &params, &mut unversioned);
    }
    if out.samples.is_empty() {
        return Err(ParseError::NoResults {
            benchmark: ID,
            reason: "no PostMark report (`Time:` then `N seconds total`) with a figure to read".into(),
        });
    }
    Ok(out)
}

impl BenchParser for Postmark {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "PostMark 1.1x-1.51 verbose reports (Time:, Files:, Data:)"
    }

    /// Its test asks for both.
    fn literals(&self) -> &'static [&'static str] {
        &[" seconds of transactions ("]
    }

    fn detect(&self, input: &Input) -> u8 {
        // Every verbose report prints both lines, and nothing else does.
        if input.has(" seconds of transactions (") && input.has(" seconds total") { 90 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }

    fn after_labels(&self, _input: &Input, parsed: &mut ParsedFile) {
        one_identity_per_report(parsed);
        warn_of_prose_labels(parsed);
    }
}

/// The label a sample carries, if any.
fn label_of(s: &Sample) -> Option<&str> {
    s.params.iter().find(|p| p.name == "label").map(|p| p.value.as_str())
}

/// Each report's figures are one run: they take the kernel and `label` of
/// the report's first figure. The labeller gave the HDRFS README's first
/// report `label=filesystem` (the wrapped last word of the prose above it)
/// on its times and files but kernels `1.36` and `4.45` on its `Data:`
/// rows (`1.36 megabytes read …`): one run's rows under three keys.
/// A report starts where a metric comes again or the workload changes
/// (each report gives each metric once).
fn one_identity_per_report(parsed: &mut ParsedFile) {
    let workload = |s: &Sample| s.params.iter().find(|p| p.name == "workload").map(|p| p.value.clone());
    let mut first = 0;
    let mut seen: Vec<String> = Vec::new();
    for i in 0..parsed.samples.len() {
        let name = parsed.samples[i].metric.name.to_string();
        if i == 0 || seen.contains(&name) || workload(&parsed.samples[i]) != workload(&parsed.samples[first]) {
            first = i;
            seen.clear();
            seen.push(name);
            continue;
        }
        seen.push(name);
        let (kernel, label) =
            (parsed.samples[first].kernel.clone(), label_of(&parsed.samples[first]).map(str::to_string));
        let s = &mut parsed.samples[i];
        s.kernel = kernel;
        s.params.retain(|p| p.name != "label");
        if let Some(l) = label {
            s.params.push(crate::model::Param::new("label", l.as_str()));
        }
    }
}

/// The warning where reports of one workload are told apart only by their
/// labels, the text a person wrote above each (`With atomic_t:`, `And for
/// comparison on ext4:`; a report with none beside one with one): PostMark
/// prints nothing of the file system or kernel it ran on, so those words
/// are all that keeps the runs apart, and nothing checks them (the HDRFS
/// README's first report was labelled `filesystem`, a wrapped sentence's
/// last word). Said once, at the first such report's first figure.
fn warn_of_prose_labels(parsed: &mut ParsedFile) {
    let workload = |s: &Sample| s.params.iter().find(|p| p.name == "workload").map(|p| p.value.to_string());
    // Each report's first figure: its line, workload and label.
    let starts: Vec<(usize, Option<String>, Option<String>)> = parsed
        .samples
        .iter()
        .filter(|s| s.metric.name == "total time")
        .map(|s| (s.line, workload(s), label_of(s).map(str::to_string)))
        .collect();
    for (k, (line, w, l)) in starts.iter().enumerate() {
        let others: Vec<&Option<String>> =
            starts.iter().skip(k + 1).filter(|o| o.1 == *w && o.2 != *l).map(|o| &o.2).collect();
        if w.is_none() || others.is_empty() {
            continue;
        }
        let name = |x: &Option<String>| x.as_ref().map_or("none".to_string(), |l| format!("`{l}`"));
        let mut names = vec![name(l)];
        names.extend(others.iter().map(|o| name(o)));
        names.dedup();
        parsed.notes.push((
            *line,
            format!(
                "reports of one workload ({}) are told apart only by the words above them (labels {}): PostMark \
                 prints nothing of the file system or kernel it ran on, so check that those words name the set-ups \
                 (a kernel directory or a file per set-up is surer)",
                w.as_deref().unwrap_or_default(),
                names.join(", ")
            ),
        ));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPORT: &str = "PostMark v1.5 : 3/27/01\n\
pm>set size 4096 102400\n\
pm>set number 4500\n\
pm>run\n\
Time:\n\
\t112 seconds total\n\
\t112 seconds of transactions (13392 per second)\n\
\n\
Files:\n\
\t753706 created (6729 per second)\n\
\t\tCreation alone: 4500 files (4500 per second)\n\
\t\tMixed with transactions: 749206 files (6689 per second)\n\
\t750908 read (6704 per second)\n\
\t746403 appended (6664 per second)\n\
\t753706 deleted (6729 per second)\n\
\t\tDeletion alone: 2912 files (1456 per second)\n\
\t\tMixed with transactions: 750794 files (6703 per second)\n\
\n\
Data:\n\
\t49757.63 megabytes read (444.26 megabytes per second)\n\
\t49956.56 megabytes written (446.04 kilobytes per second)\n";

    fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
    }

    fn values(f: &ParsedFile) -> Vec<(&str, f64, usize)> {
        f.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean(), s.line)).collect()
    }

    #[test]
    fn a_report_gives_times_and_rates_with_set_lines_and_workload() {
        let input = Input::from_text(REPORT);
        assert_eq!(Postmark.detect(&input), 90);
        let f = Postmark.parse(&input).unwrap();
        assert_eq!(f.version.as_deref(), Some("1.5"));
        assert_eq!(
            values(&f),
            [
                ("total time", 112.0, 6),
                ("transaction time", 112.0, 7),
                ("transactions", 13392.0, 7),
                ("created", 6729.0, 10),
                // `Creation alone:` 4500 at 4500 per second: timed as 1 s.
                ("created in transactions", 6689.0, 12),
                ("read", 6704.0, 13),
                ("appended", 6664.0, 14),
                ("deleted", 6729.0, 15),
                ("deleted alone", 1456.0, 16),
                ("deleted in transactions", 6703.0, 17),
                ("data read", 444.26, 20),
                ("data written", 446.04, 21),
            ]
        );
        let s = &f.samples[0];
        assert_eq!(param(s, "size"), Some("4096 102400"));
        assert_eq!(param(s, "number"), Some("4500"));
        assert_eq!(param(s, "workload"), Some("753706 files, 49956.56 megabytes written"));
        assert_eq!(f.samples[10].metric.unit, "MiB/s");
        assert_eq!(f.samples[11].metric.unit, "KiB/s");
        assert!(f.notes.iter().any(|(n, m)| *n == 11 && m.contains("timed the creation alone as 1 second")));
    }

    #[test]
    fn a_one_second_run_gives_counts_not_rates() {
        let text = "Time:\n        1 seconds total\n        1 seconds of transactions (500 per second)\n\nFiles:\n\
                    \x20       764 created (764 per second)\n\
                    \x20           Creation alone: 500 files (500 per second)\n\
                    \x20       0 appended (0 per second)\n\nData:\n\
                    \x20       1.36 megabytes read (1.36 megabytes per second)\n";
        let err = Postmark.parse(&Input::from_text(text));
        assert!(err.is_err(), "every figure of a 1-second run is a count");
    }

    #[test]
    fn a_banner_forgets_the_set_lines_above_it_and_old_versions_keep_mb() {
        let text = format!("pm>set number 9\n{}", REPORT.replace("v1.5 ", "v1.14 "));
        let f = Postmark.parse(&Input::from_text(&text)).unwrap();
        assert!(f.samples.iter().all(|s| param(s, "number") == Some("4500")));
        assert_eq!(f.samples.last().unwrap().metric.unit, "KB/s");
    }

    /// attack54 F7: a configuration file's `set` lines shown in a heredoc
    /// above `$ postmark pm.conf` are the set-up of the process whose
    /// banner follows; two block sizes' reports were told apart only by
    /// the labeller's warning of different text above them.
    #[test]
    fn a_configuration_files_set_lines_above_the_banner_are_kept() {
        let run = |size: &str| {
            format!(
                "$ cat > pm.conf <<EOF\nset number 4500\nset read {size}\nset write {size}\nrun\nquit\nEOF\n$ postmark \
                 pm.conf\n{}\n\n",
                REPORT.replace("v1.5 ", "v1.51 ")
            )
        };
        let f = Postmark.parse(&Input::from_text(&format!("{}{}", run("512"), run("4096")))).unwrap();
        let reads: Vec<Option<&str>> = f.samples.iter().map(|s| param(s, "read")).collect();
        assert!(reads.contains(&Some("512")) && reads.contains(&Some("4096")), "{reads:?}");
        assert!(reads.iter().all(Option::is_some), "{reads:?}");
        assert!(f.samples.iter().all(|s| param(s, "number") == Some("4500")));
    }

    /// ubuntuforums 2008-12: the `Data:` lines in bold (`[B]6337.51
    /// megabytes read (…)`, `…(84.09 megabytes per second)[/B]`) ended the
    /// report: both data rates were dropped without a word, and the
    /// `workload` with them. And a rate printed 0 over 1229 files read in
    /// 1370 s (PostMark divides whole numbers) was read as a rate of 0.
    #[test]
    fn forum_bold_tags_are_passed_over_and_a_rate_cut_to_0_is_no_rate() {
        let text = REPORT
            .replace("\t49757.63", "\t[B]49757.63")
            .replace("(446.04 kilobytes per second)", "(446.04 kilobytes per second)[/B]")
            .replace("750908 read (6704 per second)", "750908 read (0 per second)");
        let f = Postmark.parse(&Input::from_text(&text)).unwrap();
        let v = values(&f);
        assert!(v.contains(&("data read", 444.26, 20)) && v.contains(&("data written", 446.04, 21)), "{v:?}");
        assert!(v.iter().all(|(name, ..)| *name != "read"), "{v:?}");
        assert_eq!(param(&f.samples[0], "workload"), Some("753706 files, 49956.56 megabytes written"));
        assert!(f.notes.iter().any(|(n, m)| *n == 13 && m.contains("rate of 0 over a count above 0")), "{:?}", f.notes);
    }

    /// A guide's report shown as shell comments under `cat 60` (PostMark
    /// 1.53, floating-point clock): unread before. The `#` lines from `#
    /// Time:` on are the report; a commented `set` line is no set-up.
    #[test]
    fn a_report_shown_as_shell_comments_is_read_without_its_marks() {
        let text = "# set number 5\nset number 10000\n#----\n# Time:\n#       74.3768 seconds total\n\
                    #       1.8323 seconds of transactions (272.88 per second)\n#\n# Files:\n\
                    #       10258 created (137.92 per second)\n#\n# Data:\n\
                    #       0.24 kilobytes read (0.00 kilobytes per second)\n\
                    #       10.02 kilobytes written (0.13 kilobytes per second)\n#----\n";
        let f = Postmark.parse(&Input::from_text(text)).unwrap();
        assert_eq!(
            values(&f),
            [
                ("total time", 74.3768, 5),
                ("transaction time", 1.8323, 6),
                ("transactions", 272.88, 6),
                ("created", 137.92, 9),
                ("data written", 0.13, 13)
            ]
        );
        assert!(f.samples.iter().all(|s| param(s, "number") == Some("10000")));
        assert!(f.notes.iter().any(|(n, m)| *n == 12 && m.contains("rate of 0")), "{:?}", f.notes);
    }

    /// attack54: a report shown as shell comments whose blank lines were
    /// left blank (no `#`) ended at its first blank line, and its `Files:`
    /// and `Data:` figures were dropped without a word; a banner in a
    /// forum's bold tags or commented was warned of as missing, its
    /// version lost. A line typed into a commented report is said as an
    /// uncommented one is.
    #[test]
    fn a_commented_report_keeps_its_blank_lines_and_a_tagged_banner_is_one() {
        let commented: String =
            REPORT.lines().skip(3).map(|l| if l.is_empty() { "\n".into() } else { format!("# {l}\n") }).collect();
        let f = Postmark.parse(&Input::from_text(&commented)).unwrap();
        let whole = Postmark.parse(&Input::from_text(REPORT)).unwrap();
        let shifted: Vec<(&str, f64, usize)> = values(&whole).into_iter().map(|(m, v, l)| (m, v, l - 3)).collect();
        assert_eq!(values(&f), shifted);
        let typed = commented.replace("# \t746403 appended", "(the disk was busy here)\n# \t746403 appended");
        let f = Postmark.parse(&Input::from_text(&typed)).unwrap();
        assert!(
            f.notes.iter().any(|(n, m)| *n == 12 && m.starts_with("a PostMark report's line, below line 11")),
            "{:?}",
            f.notes
        );
        for banner in ["[B]PostMark v1.5 : 3/27/01[/B]", "# PostMark v1.5 : 3/27/01"] {
            let f = Postmark.parse(&Input::from_text(&REPORT.replace("PostMark v1.5 : 3/27/01", banner))).unwrap();
            assert_eq!(f.version.as_deref(), Some("1.5"), "{banner}");
            assert!(!f.notes.iter().any(|(_, m)| m == MEGABYTE_OF_NO_VERSION), "{banner}: {:?}", f.notes);
        }
    }

    /// The HDRFS README's reports have no banner: their megabytes may be
    /// 1.5's or an older version's, said once, at the first one read;
    /// kilobytes are 1024 bytes in every version, said of none.
    #[test]
    fn megabytes_without_a_banner_are_warned_once() {
        let text = REPORT.replace("PostMark v1.5 : 3/27/01\n", "");
        let f = Postmark.parse(&Input::from_text(&text)).unwrap();
        let said: Vec<usize> = f.notes.iter().filter(|(_, m)| *m == MEGABYTE_OF_NO_VERSION).map(|(n, _)| *n).collect();
        assert_eq!(said, [19], "{:?}", f.notes);
        assert_eq!(f.samples[10].metric.unit, "MiB/s");
        assert!(!crate::parse::note_is_info(MEGABYTE_OF_NO_VERSION));
        let kilobytes = text.replace("444.26 megabytes per", "444.26 kilobytes per");
        let f = Postmark.parse(&Input::from_text(&kilobytes)).unwrap();
        assert!(!f.notes.iter().any(|(_, m)| m == MEGABYTE_OF_NO_VERSION), "{:?}", f.notes);
        let f = Postmark.parse(&Input::from_text(REPORT)).unwrap();
        assert!(!f.notes.iter().any(|(_, m)| m == MEGABYTE_OF_NO_VERSION), "{:?}", f.notes);
    }

    /// attack53 F3: a line a mailer wrapped inside a report ended it, and
    /// every figure below was dropped without a word. A wrapped line is
    /// rejoined and read; a line of no report's form (typed into it) ends
    /// the report, and the report's next line says what was not read.
    #[test]
    fn a_wrapped_line_is_rejoined_and_a_line_typed_into_a_report_is_said() {
        let wrapped = REPORT.replace("\t750908 read (6704 per second)", "\t750908 read (6704 per\nsecond)");
        let f = Postmark.parse(&Input::from_text(&wrapped)).unwrap();
        let whole = Postmark.parse(&Input::from_text(REPORT)).unwrap();
        assert_eq!(f.samples.len(), whole.samples.len());
        assert!(f.samples.iter().any(|s| s.metric.name == "read" && s.value.mean() == 6704.0 && s.line == 13));
        assert_eq!(f.samples.last().map(|s| (s.value.mean(), s.line)), Some((446.04, 22)));
        assert!(f.notes.iter().any(|(n, m)| *n == 13 && m.contains("rejoined")), "{:?}", f.notes);
        let typed = REPORT.replace("\t746403 appended", "\t(the disk was busy here)\n\t746403 appended");
        let f = Postmark.parse(&Input::from_text(&typed)).unwrap();
        assert_eq!(f.samples.iter().map(|s| s.line).max(), Some(13), "{:?}", values(&f));
        assert!(
            f.notes.iter().any(|(n, m)| *n == 15
                && m.starts_with("a PostMark report's line, below line 14 (`(the disk was busy here)`)")),
            "{:?}",
            f.notes
        );
        assert!(!crate::parse::note_is_info(&f.notes.iter().find(|(n, _)| *n == 15).unwrap().1));
    }

    #[test]
    fn help_lines_and_prose_are_not_set_lines() {
        assert_eq!(set_line("set size - Sets low and high bounds of files"), None);
        assert_eq!(set_line("set bias read 5"), Some(("bias read", "5".into())));
        assert_eq!(set_line("set bias create -1"), Some(("bias create", "-1".into())));
        assert_eq!(set_line("set up the disk"), None);
        // Laurent Vivier's retyped line, its `pm> ` taken for a quote
        // marker by `Input`: noted as no PostMark command.
        assert!(unknown_set_line("set numbers 100000", "set numbers 100000"));
        assert!(unknown_set_line("pm>set sizes big", "set sizes big"));
        assert!(!unknown_set_line("set up the disk", "set up the disk"));
        assert!(!unknown_set_line("set the number to 5 and run", "set the number to 5 and run"));
        let f = Postmark.parse(&Input::from_text(&format!("pm> set numbers 100000\n{}", REPORT))).unwrap();
        assert!(f.notes.iter().any(|(n, m)| *n == 1 && m.contains("`set numbers 100000` is no `set` command")));
        let rate = "FakeRAID1: 164 seconds of transactions (30 per second)\n";
        assert_eq!(Postmark.detect(&Input::from_text(rate)), 0);
    }
}
