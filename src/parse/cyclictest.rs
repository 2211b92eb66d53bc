//! cyclictest (rt-tests 0.x–2.x): wakeup latencies per measuring thread,
//! in its three printed forms and a person's table of them.
//!
//! **Thread lines**, one per thread at the end of a run (`-q`) or the last
//! refresh of its live display:
//!
//! ```text
//! T: 0 ( 2475) P:99 I:1000 C: 599944 Min:      2 Act:    3 Avg:    5 Max:    3059
//! T: 1 (  640) P:99 I:1500 C:      7 Min: 139402 Act:190924 Avg:166973 Max:  209477
//! ```
//!
//! **The histogram's footer** (`-h`/`-H`, `--histfile`), one figure per
//! thread, each after one space (cyclictest's `" %05lu"`); with `-H`
//! (`--histofall`) `# Max Latencies:` holds one more, the maximum over all
//! threads:
//!
//! ```text
//! # Min Latencies: 00010 00012
//! # Avg Latencies: 00010 00013
//! # Max Latencies: 00016 00021
//! ```
//!
//! Metrics `Min`, `Avg` and `Max` (unit `usec`; `nsec` when a cyclictest
//! command line of the file gives `-N`/`--nsecs`), lower is better;
//! parameters `thread` (the `T:` number or the footer's column, `all` for
//! `-H`'s extra maximum) and `threads` (how many threads the run printed:
//! the thread lines of one block, the footer's columns). `Act` (the last
//! latency measured), `C` (cycles), `I` (interval) and the histogram's
//! buckets are no result: not read. A thread line whose `Max:` figure a
//! mailer wrapped onto the next line alone (`Max:` then `    3516`) is
//! read with that figure, noted. A test harness's banner over a run
//! (`====== cyclictest NO_STRESS_P8 begin ======`, the OS-competition
//! test suites') names it: parameter `case`; its other lines (`end:
//! success`, `#### OS COMP TEST GROUP …`) are passed over.
//!
//! **A typed table** of footers, kernels in columns and a label beside
//! each block (LKML's scheduler letters), its figures parted by tabs or
//! several spaces, which cyclictest never prints:
//!
//! ```text
//!                         EEVDF      PATCH
//!
//!               # Min Latencies: 00006      00006
//!   LNICE(-19)  # Avg Latencies: 00191      00122
//! ```
//!
//! The header's names are the kernels ([`Sample::with_kernel`]), read in
//! order; the label is parameter `case`. A row of more or fewer figures
//! than the header has names cannot tell which kernel each figure is:
//! warned at its line, not read.
//!
//! Several runs of one set-up in a file are averaged as runs; the labeller
//! keeps set-ups a caption or a command line tells apart. Runs alike in
//! every label are warned at the later run's first line
//! ([`BenchParser::after_labels`]): cyclictest's output says nothing of
//! its set-up, and a poster's script often ran each run differently.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// cyclictest; registry id `"cyclictest"`.
pub struct Cyclictest;

/// Registry id.
pub const ID: &str = "cyclictest";

/// The note for a figure a mailer wrapped onto the next line (information).
pub const WRAPPED_MAX_READ: &str = "cyclictest's `Max:` figure wrapped by the mailer onto the next line: read there";

/// The note at a histogram footer whose figures are those of the thread
/// lines right above it, one run's (information).
pub const FOOTER_OF_RUN_READ: &str = "the same figures, read once";

/// The three latencies of a footer line, by the word before `Latencies:`.
const FOOTER: [&str; 3] = ["Min", "Avg", "Max"];

/// The metric of one latency.
fn metric(name: &str, unit: &str) -> Metric {
    Metric::new(name, unit, Better::Lower)
}

/// The figure after `key` on `line` (`Max:` → `3059`, also glued:
/// `Act:190473`), as text: up to the next space.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(key)?;
    line[at + key.len()..].split_whitespace().next()
}

/// A thread line: `T: N (` at its start, its priority `P:` and interval
/// `I:`, `Min:` … `Max:` after. rt-tests' signaltest prints the same line
/// without `I:` (`T: 0 ( 2475) P:99 C: 100000 Min: 12 Act: 13 Avg: 15 Max:
/// 59`, a signal's round trip, not a timer's wakeup) and cyclicdeadline
/// without `P:` (`T: 0 (163306) I:1000 C: 60001 Min: 1 Act: 4 Avg: 2 Max:
/// 33`, SCHED_DEADLINE tasks' latencies): neither is cyclictest's
/// ([`is_signaltest_line`], [`is_cyclicdeadline_line`]).
fn is_thread_line(t: &str) -> bool {
    t.starts_with("T:")
        && t.contains(" Min:")
        && t.contains(" Max:")
        && t.contains("Avg:")
        && t.contains(" I:")
        && t.contains(" P:")
}

/// cyclicdeadline's thread line ([`is_thread_line`]): an interval `I:` and
/// no priority `P:` (a SCHED_DEADLINE task has none). wildmod53: an
/// openEuler guide's `cyclicdeadline -t 4 -i 1000 -s 500` runs were read as
/// cyclictest's latencies, and two of them averaged as runs of one set-up.
fn is_cyclicdeadline_line(t: &str) -> bool {
    t.starts_with("T:") && t.contains(" Min:") && t.contains(" Max:") && t.contains(" I:") && !t.contains(" P:")
}

/// The note at a cyclicdeadline thread line.
const CYCLICDEADLINE: &str = "a thread line with an interval `I:` and no priority `P:`, as rt-tests' cyclicdeadline \
                              prints it (SCHED_DEADLINE tasks' latencies, not cyclictest's timer wakeups): not \
                              read as cyclictest's";

/// signaltest's thread line ([`is_thread_line`]): no `I:` (attack51 F4:
/// read as cyclictest's latencies before).
fn is_signaltest_line(t: &str) -> bool {
    t.starts_with("T:") && t.contains(" Min:") && t.contains(" Max:") && !t.contains(" I:")
}

/// The note at a signaltest thread line.
const SIGNALTEST: &str = "a thread line without cyclictest's interval `I:`, as rt-tests' signaltest prints it (a \
                          signal's round trip, not a timer's wakeup): not read as cyclictest's";

/// A thread line cut before its `Avg:` or `Max:` (`T: 1 ( 2476) P:99
/// I:1500 C: 6667 Min: 3 Act: 4 Avg: 6`, a paste or a log cut short): one
/// of its run's threads, whose figures are not all there.
fn is_cut_thread_line(t: &str) -> bool {
    t.starts_with("T:")
        && t.contains(" P:")
        && thread_number(t).is_some()
        && !is_thread_line(t)
        && !is_signaltest_line(t)
}

/// The thread's id (`T: 0 ( 2475)` → `2475`) and cycle count (`C:  10000`)
/// of a thread line, for telling a live display's refresh from another run.
fn tid_and_cycles(t: &str) -> Option<(&str, u64)> {
    let tid = t.split_once('(')?.1.split_once(')')?.0.trim();
    Some((tid, field(t, "C:")?.parse().ok()?))
}

/// The thread number of a thread line (`T: 3 ( 7599)` → 3).
fn thread_number(t: &str) -> Option<u32> {
    t.strip_prefix("T:")?.split_whitespace().next()?.parse().ok()
}

/// A footer line: which latency, what stands before its `#` (a typed
/// table's label, trimmed) and the text after `Latencies:`.
fn footer_line(line: &str) -> Option<(&'static str, &str, &str)> {
    let hash = line.find("# ")?;
    let rest = line[hash + 2..].trim_start();
    let which = FOOTER.iter().find(|w| rest.starts_with(**w) && rest[w.len()..].starts_with(" Latencies:"))?;
    let figures = &rest[which.len() + " Latencies:".len()..];
    // A writer's `#` comment after the figures (`# Min Latencies: 00010
    // 00010           # 每个线程的最小延迟`, an openEuler guide, wildmod53:
    // the spaces before it made the line a typed table's, not read) is no
    // part of them.
    let figures = match figures.find('#') {
        Some(at) if figures[..at].split_whitespace().all(|w| w.bytes().all(|b| b.is_ascii_digit())) => {
            figures[..at].trim_end()
        }
        _ => figures,
    };
    // Markdown's escape of the `#` (`>\# Min Latencies: 00014`, a Chinese
    // README's 24-hour run in a blockquote, wildmod60): no label before
    // it (the `\` was taken for a typed table's label, and the footer was
    // not read).
    let before = line[..hash].trim_end();
    let before = before.strip_suffix('\\').unwrap_or(before);
    Some((which, before.trim(), figures))
}

/// True when `figures` is parted as cyclictest prints a footer: one space
/// before each figure, no tab.
fn printed_by_cyclictest(figures: &str) -> bool {
    !figures.contains('\t') && !figures.trim_end().contains("  ") && figures.starts_with(' ')
}

/// The name a test harness's banner gives the run under it:
/// `====== cyclictest NO_STRESS_P1 begin ======` → `NO_STRESS_P1`.
fn banner_case(t: &str) -> Option<&str> {
    let inner = t.strip_prefix("==")?.trim_start_matches('=').trim_end_matches('=').trim();
    let rest = inner.strip_prefix("cyclictest ")?;
    let name = rest.strip_suffix(" begin")?.trim();
    (!name.is_empty() && !name.contains(' ')).then_some(name)
}

/// Whether a cyclictest command line of the file asks for nanoseconds.
fn nanoseconds(input: &Input) -> bool {
    if !input.has("N") && !input.has("--nsecs") {
        return false;
    }
    // `-N` alone or among other flags (`-mSN`: attack61, the figures were
    // read as usec, 1000x), `--nsecs`, `--nsecs=…`.
    let nsecs = |w: &str| {
        let cluster = w.strip_prefix('-').filter(|f| !f.starts_with('-') && !f.is_empty());
        cluster.is_some_and(|f| f.bytes().all(|b| b.is_ascii_alphabetic()) && f.contains('N'))
            || w == "--nsecs"
            || w.starts_with("--nsecs=")
    };
    input.lines.iter().any(|l| {
        let mut words = l.split_whitespace();
        words.any(|w| w.ends_with("cyclictest")) && l.split_whitespace().any(nsecs)
    })
}

/// The next line after `i` that is not a quoted-printable line left empty.
fn next_line(input: &Input, i: usize) -> Option<usize> {
    (i + 1..input.lines.len()).find(|&k| !input.joined_away(k))
}

/// A run of thread lines read: each thread's number, id and cycles, its
/// samples' range in the parsed file's samples and its first and last line
/// (1-based).
type LastRun = (Vec<(u32, String, u64)>, std::ops::Range<usize>, (usize, usize));

struct Reader<'a> {
    input: &'a Input,
    unit: &'static str,
    out: ParsedFile,
    /// The harness's case name of the run being read.
    case: Option<String>,
    noted_wrap: bool,
    /// The last run of thread lines read ([`LastRun`]).
    last_run: Option<LastRun>,
    noted_refresh: bool,
}

impl Reader<'_> {
    fn push(&mut self, s: Sample) {
        let s = match &self.case {
            Some(c) => s.with_param("case", c),
            None => s,
        };
        self.out.samples.push(s);
    }

    /// Reads the block of thread lines starting at index `i`; returns the
    /// index after it.
    fn thread_block(&mut self, i: usize) -> usize {
        let lines = &self.input.lines;
        // The block: thread lines, each maybe followed by its wrapped Max
        // figure, and quoted-printable lines left empty.
        let mut rows: Vec<(usize, Option<usize>)> = Vec::new();
        let mut k = i;
        while k < lines.len() {
            if self.input.joined_away(k) {
                k += 1;
                continue;
            }
            let t = lines[k].trim();
            if !is_thread_line(t) && !is_cut_thread_line(t) {
                // One foreign line between a thread and the next one's
                // (`T: 5` … a kernel log line, a blank, a prompt … `T: 6`):
                // still the run's block, read through and said (attack61:
                // a dmesg line in the 8 threads of LKML's "Without the
                // patches" made runs of 6 and 2, its label lost, no word).
                let number = |r: usize| thread_number(lines[r].trim());
                let next = next_line(self.input, k).filter(|&w| is_thread_line(lines[w].trim()));
                let through = rows.last().and_then(|r| number(r.0)).zip(next.and_then(number));
                if let (Some(w), Some((a, b))) = (next, through)
                    && b == a + 1
                {
                    self.out.notes.push((
                        k + 1,
                        format!(
                            "line {} stands between cyclictest's thread lines T: {a} and T: {b} and is none of them: \
                             read through it, as one run",
                            k + 1
                        ),
                    ));
                    k = w;
                    continue;
                }
                break;
            }
            let wrapped = if t.ends_with("Max:") {
                next_line(self.input, k).filter(|&w| {
                    let x = lines[w].trim();
                    !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit())
                })
            } else {
                None
            };
            rows.push((k, wrapped));
            k = wrapped.map_or(k, |w| w) + 1;
        }
        // A run's threads print in order (`T: 0`, `T: 1` …): a number no
        // higher than the one before starts another run (a loop of `-q`
        // runs pasted with nothing between, attack51 F1).
        let mut runs: Vec<&[(usize, Option<usize>)]> = Vec::new();
        let mut from = 0;
        for j in 1..rows.len() {
            let number = |r: usize| thread_number(lines[rows[r].0].trim());
            if let (Some(a), Some(b)) = (number(j - 1), number(j))
                && b <= a
            {
                runs.push(&rows[from..j]);
                from = j;
            }
        }
        runs.push(&rows[from..]);
        for run in runs {
            self.run(run);
        }
        k
    }

    /// Reads one run's thread lines (`rows`: each line's index and that of
    /// its Max figure wrapped onto a line of its own). A run whose threads
    /// are the last run's (same numbers and ids, no fewer cycles each) is a
    /// later refresh of cyclictest's live display (without `-q` it prints
    /// its threads again every interval, `\033[NA` moving the cursor up):
    /// the earlier refresh is the run so far, not another run, and is
    /// dropped (attack51 F2).
    fn run(&mut self, rows: &[(usize, Option<usize>)]) {
        let lines = &self.input.lines;
        let ids: Option<Vec<(u32, String, u64)>> = rows
            .iter()
            .map(|&(r, _)| {
                let t = lines[r].trim();
                let (tid, cycles) = tid_and_cycles(t)?;
                Some((thread_number(t)?, tid.to_string(), cycles))
            })
            .collect();
        let start = self.out.samples.len();
        if let (Some(ids), Some((last, range, (from, to)))) = (&ids, &self.last_run)
            && range.end == start
            && last.len() == ids.len()
            && last.iter().zip(ids).all(|(a, b)| a.0 == b.0 && a.1 == b.1 && a.2 <= b.2)
        {
            self.out.samples.truncate(range.start);
            // Read: their figures are the run's so far, superseded.
            self.out.merged_lines.extend(*from..=*to);
            if !self.noted_refresh {
                self.noted_refresh = true;
                self.out.notes.push((
                    rows[0].0 + 1,
                    format!(
                        "cyclictest's live display refreshed: the threads of lines {from}-{to} (same thread ids, \
                         fewer cycles) are the run so far, not another run; its last refresh is read"
                    ),
                ));
            }
        }
        let start = self.out.samples.len();
        let threads = rows.len();
        for &(r, wrapped) in rows {
            let n = r + 1;
            let t = lines[r].trim();
            let Some(thread) = thread_number(t) else {
                self.out.notes.push((n, "cyclictest thread line with no thread number after `T:`: not read".into()));
                continue;
            };
            let max_text = match wrapped {
                Some(w) => Some(lines[w].trim()),
                None => field(t, "Max:"),
            };
            let figures = [field(t, "Min:"), field(t, "Avg:"), max_text].map(|f| f.and_then(plain));
            let [Some(min), Some(avg), Some(max)] = figures else {
                let why = if is_cut_thread_line(t) {
                    format!(
                        "cyclictest thread line cut before its `Avg:` or `Max:` (thread {thread} of {threads}): not read"
                    )
                } else {
                    "cyclictest thread line whose `Min:`, `Avg:` or `Max:` is no figure: not read".into()
                };
                self.out.notes.push((n, why));
                continue;
            };
            for (name, v) in [("Min", min), ("Avg", avg)] {
                let s = Sample::new(metric(name, self.unit), v, n);
                self.push(s.with_param("thread", thread).with_param("threads", threads));
            }
            let max_line = wrapped.map_or(n, |w| w + 1);
            let s = Sample::new(metric("Max", self.unit), max, max_line);
            self.push(s.with_param("thread", thread).with_param("threads", threads));
            if wrapped.is_some() && !self.noted_wrap {
                self.noted_wrap = true;
                self.out.notes.push((max_line, WRAPPED_MAX_READ.to_string()));
            }
        }
        let last = rows.last().map_or(0, |&(r, w)| w.unwrap_or(r) + 1);
        self.last_run = ids.map(|ids| (ids, start..self.out.samples.len(), (rows[0].0 + 1, last)));
    }

    /// Reads cyclictest's own footer lines from index `i` (one or more in
    /// a row); returns the index after them.
    fn footer(&mut self, i: usize) -> usize {
        let lines = &self.input.lines;
        let mut k = i;
        let mut rows: Vec<(usize, &'static str, Vec<f64>)> = Vec::new();
        while k < lines.len() {
            let Some((which, label, figs)) = footer_line(&lines[k]) else {
                // `# Total:` and `# Histogram Overflows:` lines between.
                let t = lines[k].trim_start();
                if t.starts_with("# Total:") || t.starts_with("# Histogram Overflows:") {
                    k += 1;
                    continue;
                }
                break;
            };
            if !label.is_empty() || !printed_by_cyclictest(figs) {
                break;
            }
            let values: Option<Vec<f64>> = figs.split_whitespace().map(plain).collect();
            // cyclictest prints each figure to five digits at least
            // (`" %05lu"`): a shorter one is cut (a log or a paste cut
            // short, `00021` left as `000`: attack51 F7).
            if let Some(short) = figs.split_whitespace().find(|w| w.len() < 5) {
                self.out.notes.push((
                    k + 1,
                    format!(
                        "cyclictest `{which} Latencies:` figure `{short}` is shorter than the five digits cyclictest \
                         prints (cut?): the line not read"
                    ),
                ));
                k += 1;
                continue;
            }
            match values {
                Some(v) if !v.is_empty() => rows.push((k + 1, which, v)),
                _ => self.out.notes.push((k + 1, format!("cyclictest `{which} Latencies:` with no figures: not read"))),
            }
            k += 1;
        }
        let threads = rows.iter().filter(|(_, w, _)| *w != "Max").map(|(_, _, v)| v.len()).max();
        // `-H`'s Max line holds one figure more, the maximum over all
        // threads; without a Min or Avg line to count the threads by, a last
        // figure that is the others' maximum may be that one or a thread's
        // (a `grep "Max Latencies"` of an `-H` run: attack51 F6).
        if threads.is_none() {
            rows.retain(|(n, which, v)| {
                let Some((last, others)) = v.split_last() else { return true };
                let unsure = !others.is_empty() && others.iter().all(|o| o <= last) && others.contains(last);
                if unsure {
                    self.out.notes.push((
                        *n,
                        format!(
                            "cyclictest `{which} Latencies:` without its Min and Avg lines: whether its last figure is \
                             `-H`'s maximum over all threads or a thread's cannot be told: not read"
                        ),
                    ));
                }
                !unsure
            });
        }
        if self.footer_of_run_above(i, &rows, threads) {
            return k;
        }
        for (n, which, values) in rows {
            let threads = threads.unwrap_or(values.len());
            for (j, v) in values.iter().enumerate() {
                let thread = if which == "Max" && j == threads && values.len() == threads + 1 {
                    "all".to_string()
                } else if j >= threads {
                    self.out.notes.push((
                        n,
                        format!(
                            "cyclictest `{which} Latencies:` has {} figures where the footer's other lines have \
                             {threads}: the rest not read",
                            values.len()
                        ),
                    ));
                    break;
                } else {
                    j.to_string()
                };
                let s = Sample::new(metric(which, self.unit), *v, n);
                self.push(s.with_param("thread", thread).with_param("threads", threads));
            }
        }
        k
    }

    /// Whether the footer starting at index `i` is the histogram footer of
    /// the run whose thread lines were read right above it (only the
    /// histogram's `#` and bucket lines, or blank ones, between): with `-h`
    /// cyclictest prints both for one run, so the footer's figures are
    /// that run's again, not a second run's (wildmod53: an openEuler
    /// guide's `-h 1000` run was read twice and averaged with itself). Its
    /// figures are then not read, with a note; where they differ from the
    /// thread lines' (a live display's earlier refresh pasted), a warning.
    fn footer_of_run_above(
        &mut self,
        i: usize,
        rows: &[(usize, &'static str, Vec<f64>)],
        threads: Option<usize>,
    ) -> bool {
        let Some((ids, range, (from, to))) = &self.last_run else { return false };
        let lines = &self.input.lines;
        let between = |l: &String| {
            let t = l.trim();
            t.is_empty() || t.starts_with('#') || t.split_whitespace().all(|w| w.bytes().all(|b| b.is_ascii_digit()))
        };
        if *to > i || !lines[*to..i].iter().all(between) || threads != Some(ids.len()) || rows.is_empty() {
            return false;
        }
        let printed = |which: &str, j: usize| {
            self.out.samples[range.clone()].iter().filter(|s| s.metric.name == which).nth(j).map(|s| s.value.mean())
        };
        let same = rows
            .iter()
            .all(|(_, which, v)| v.iter().enumerate().all(|(j, x)| j >= ids.len() || printed(which, j) == Some(*x)));
        let (from, last) = (*from, *to);
        let msg = if same {
            format!(
                "cyclictest's histogram footer of the run whose thread lines are at lines {from}-{last}: {FOOTER_OF_RUN_READ}"
            )
        } else {
            format!(
                "cyclictest's histogram footer of the run whose thread lines are at lines {from}-{last}, with other \
                 figures than they show (a live display's earlier refresh?): the thread lines read, the footer not"
            )
        };
        self.out.notes.push((rows[0].0, msg));
        true
    }

    /// Reads a typed table of footers from index `i`: rows and blank lines
    /// until another line; returns the index after them.
    fn typed_table(&mut self, i: usize) -> usize {
        let lines = &self.input.lines;
        // The header: the nearest line above that is not blank.
        let header: Option<Vec<String>> = (0..i).rev().find(|&k| !lines[k].trim().is_empty()).and_then(|k| {
            let names: Vec<String> = lines[k].split_whitespace().map(str::to_string).collect();
            let names_only = !names.is_empty() && names.iter().all(|w| plain(w).is_none() && !w.contains('#'));
            // Names parted as a table's columns are (a tab or several
            // spaces): a line of prose, one space between its words, names
            // no kernels (`Results look good here` over four figures:
            // attack51 F5).
            let t = lines[k].trim();
            let columns = names.len() == 1 || t.contains('\t') || t.contains("  ");
            (names_only && columns && !lines[k].trim_end().ends_with(':')).then_some(names)
        });
        let mut k = i;
        while k < lines.len() {
            let t = lines[k].trim();
            if t.is_empty() || self.input.joined_away(k) {
                k += 1;
                continue;
            }
            if footer_line(&lines[k]).is_none() {
                break;
            }
            // One block: the rows of this paragraph, its label on one.
            // A quoted-printable soft break's emptied line inside a row's
            // block does not end it (Zang's v2 reply, LKML 2024-06: every
            // row's last figure wrapped with `=`, the label's block read
            // on its middle row only: wildmod61).
            let first = k;
            while k < lines.len() && (footer_line(&lines[k]).is_some() || self.input.joined_away(k)) {
                k += 1;
            }
            let block = &lines[first..k];
            let label = block.iter().filter_map(|l| footer_line(l)).map(|(_, l, _)| l).find(|l| !l.is_empty());
            let label = label.map(str::to_string);
            for (r, line) in block.iter().enumerate().map(|(j, l)| (first + j, l)) {
                let Some((which, _, figs)) = footer_line(line) else { continue };
                let n = r + 1;
                let values: Option<Vec<f64>> = figs.split_whitespace().map(plain).collect();
                let (Some(values), Some(names)) = (values, header.as_ref()) else {
                    self.out.notes.push((
                        n,
                        format!(
                            "cyclictest `{which} Latencies:` typed into a table (figures parted by tabs or several \
                             spaces), with no line of column names above it: whose each figure is cannot be told: \
                             not read"
                        ),
                    ));
                    continue;
                };
                if values.len() != names.len() {
                    self.out.notes.push((
                        n,
                        format!(
                            "cyclictest `{which} Latencies:` typed into a table: {} figure(s) under {} column names \
                             ({}): which column each is cannot be told: not read",
                            values.len(),
                            names.len(),
                            names.join(", ")
                        ),
                    ));
                    continue;
                }
                for (v, kernel) in values.iter().zip(names) {
                    let mut s = Sample::new(metric(which, self.unit), *v, n).with_kernel(kernel.as_str());
                    if let Some(l) = &label {
                        s = s.with_param("case", l);
                    }
                    self.out.samples.push(s);
                    if !self.out.kernel_order.contains(kernel) {
                        self.out.kernel_order.push(kernel.clone());
                    }
                }
            }
        }
        k
    }
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let unit = if nanoseconds(input) { "nsec" } else { "usec" };
    let mut r = Reader {
        input,
        unit,
        out: ParsedFile { benchmark: ID.to_string(), ..ParsedFile::default() },
        case: None,
        noted_wrap: false,
        last_run: None,
        noted_refresh: false,
    };
    let lines = &input.lines;
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        if let Some(case) = banner_case(t) {
            r.case = Some(case.to_string());
            i += 1;
            continue;
        }
        if t.starts_with("====") && t.contains("cyclictest ") && t.contains(" end") {
            r.case = None;
            i += 1;
            continue;
        }
        if is_thread_line(t) || is_cut_thread_line(t) {
            i = r.thread_block(i);
            continue;
        }
        if is_signaltest_line(t) {
            if !r.out.notes.iter().any(|(_, m)| m == SIGNALTEST) {
                r.out.notes.push((i + 1, SIGNALTEST.to_string()));
            }
            i += 1;
            continue;
        }
        if is_cyclicdeadline_line(t) {
            if !r.out.notes.iter().any(|(_, m)| m == CYCLICDEADLINE) {
                r.out.notes.push((i + 1, CYCLICDEADLINE.to_string()));
            }
            i += 1;
            continue;
        }
        if footer_line(&lines[i]).is_some() {
            // A typed table's block: a label beside one of its lines (the
            // others may look as cyclictest prints them: one figure each).
            let typed = lines[i..]
                .iter()
                .map_while(|l| footer_line(l))
                .any(|(_, label, figs)| !label.is_empty() || !printed_by_cyclictest(figs));
            i = if typed { r.typed_table(i) } else { r.footer(i) };
            continue;
        }
        i += 1;
    }
    let out = r.out;
    if out.samples.is_empty() {
        return Err(match out.notes.first() {
            Some((at, why)) => ParseError::NoResultsAt { benchmark: ID, reason: why.clone(), at: *at },
            None => ParseError::NoResults { benchmark: ID, reason: "no cyclictest thread line or footer".into() },
        });
    }
    Ok(out)
}

/// The key two runs of one set-up share: everything but the line.
fn key(s: &Sample) -> String {
    let params: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
    format!("{:?}|{}|{}|{}", s.kernel, s.group, s.metric.name, params.join(" "))
}

/// True when line index `k` belongs to a run's block: a thread line, a
/// figure wrapped off one, a footer line of cyclictest's own or a
/// quoted-printable line left empty.
fn in_block(input: &Input, k: usize) -> bool {
    let l = &input.lines[k];
    let t = l.trim();
    input.joined_away(k)
        || is_thread_line(t)
        || is_cut_thread_line(t)
        || (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        || t.starts_with("# Total:")
        || t.starts_with("# Histogram Overflows:")
        || footer_line(l).is_some_and(|(_, label, figs)| label.is_empty() && printed_by_cyclictest(figs))
}

/// The first line (1-based) of the run's block that holds line `n`: the
/// block's lines above it, up to a thread line whose number is no lower
/// than the next thread line's (another run's threads, printed right
/// above: attack51 F1).
fn block_start(input: &Input, n: usize) -> usize {
    let mut k = n.saturating_sub(1).min(input.lines.len().saturating_sub(1));
    let number = |k: usize| thread_number(input.lines[k].trim());
    let mut below = number(k);
    while k > 0 && in_block(input, k - 1) {
        if let Some(above) = number(k - 1) {
            if below.is_some_and(|b| above >= b) {
                break;
            }
            below = Some(above);
        }
        k -= 1;
    }
    k + 1
}

/// Warns at the first line of each run that repeats an earlier run's keys
/// (same kernel, labels and thread): averaged as runs of one set-up, which
/// cyclictest's output cannot confirm.
fn warn_runs_alike(input: &Input, parsed: &mut ParsedFile) {
    let mut first: rustc_hash::FxHashMap<String, usize> = rustc_hash::FxHashMap::default();
    // (the later run's first line, the earlier run's first line)
    let mut alike: Vec<(usize, usize)> = Vec::new();
    for s in &parsed.samples {
        if input.lines.is_empty() {
            break;
        }
        let start = block_start(input, s.line);
        match first.get(&key(s)) {
            Some(&earlier) if earlier != start => {
                if !alike.iter().any(|(l, _)| *l == start) {
                    alike.push((start, earlier));
                }
            }
            Some(_) => {}
            None => {
                first.insert(key(s), start);
            }
        }
    }
    for (l, earlier) in alike {
        parsed.notes.push((
            l,
            format!(
                "cyclictest run alike in every label to the one at line {earlier} (same kernel, thread and case): \
                 averaged with it as runs of one set-up; cyclictest prints nothing of how it was run, so if they \
                 are two set-ups, label them apart"
            ),
        ));
    }
}

impl BenchParser for Cyclictest {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "cyclictest (rt-tests) thread lines, histogram footers and typed tables of them"
    }

    /// A footer's ` Latencies: `, or a thread line's ` Max:`.
    fn literals(&self) -> &'static [&'static str] {
        &[" Latencies: ", " Max:"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if input.has(" Latencies: ") && input.lines.iter().any(|l| footer_line(l).is_some()) {
            return 80;
        }
        if input.has(" Max:") && input.has("T:") && input.lines.iter().any(|l| is_thread_line(l.trim())) {
            return 80;
        }
        // rt-tests' signaltest and cyclicdeadline print cyclictest's thread
        // line without a field of it: claimed (below any parser that
        // reads the file) to say at the line that they are not read,
        // rather than leave the file unrecognised without a line.
        let kin = |l: &String| is_signaltest_line(l.trim()) || is_cyclicdeadline_line(l.trim());
        if input.has(" Max:") && input.has("T:") && input.lines.iter().any(kin) {
            return 20;
        }
        0
    }

    fn max_score(&self) -> u8 {
        80
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }

    fn after_labels(&self, input: &Input, parsed: &mut ParsedFile) {
        warn_runs_alike(input, parsed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn got(f: &ParsedFile) -> Vec<(usize, String, String, f64)> {
        f.samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                (s.line, s.metric.name.to_string(), p.join(" "), s.value.mean())
            })
            .collect()
    }

    #[test]
    fn thread_lines_of_one_block_and_a_banner() {
        let text = "====== cyclictest NO_STRESS_P8 begin ======\n\
                    T: 0 (  639) P:99 I:1000 C:     11 Min:     31 Act:190473 Avg:106056 Max:  209679\n\
                    T: 1 (  640) P:99 I:1500 C:      7 Min: 139402 Act:190924 Avg:166973 Max:  209477\n\
                    ====== cyclictest NO_STRESS_P8 end: success ======\n\
                    T: 0 ( 2475) P:99 I:1000 C: 599944 Min:      2 Act:    3 Avg:    5 Max:    3059\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let g = got(&f);
        assert_eq!(g.len(), 9);
        assert_eq!(g[0], (2, "Min".into(), "thread=0 threads=2 case=NO_STRESS_P8".into(), 31.0));
        assert_eq!(g[5], (3, "Max".into(), "thread=1 threads=2 case=NO_STRESS_P8".into(), 209477.0));
        assert_eq!(g[8], (5, "Max".into(), "thread=0 threads=1".into(), 3059.0));
        assert_eq!(f.samples[0].metric.unit, "usec");
        assert_eq!(Cyclictest.detect(&Input::from_text(text)), 80);
    }

    /// A mailer wrapped the Max figure onto a line of its own.
    #[test]
    fn a_wrapped_max_is_read_on_its_line() {
        let text = "T: 0 (  245) P:99 I:1000 C:  11203 Min:     92 Act:  623 Avg:  775 Max:\n    3516\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        assert_eq!(got(&f)[2], (2, "Max".into(), "thread=0 threads=1".into(), 3516.0));
        assert!(f.notes.iter().any(|(l, m)| *l == 2 && m == WRAPPED_MAX_READ));
        assert!(crate::parse::note_is_info(WRAPPED_MAX_READ));
    }

    #[test]
    fn footer_with_histofall_maximum() {
        let text = "# Total: 001999931 001999931\n# Min Latencies: 00010 00011\n# Avg Latencies: 00010 00012\n\
                    # Max Latencies: 00016 00019 00019\n# Histogram Overflows: 00000 00000 00000\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let g = got(&f);
        assert_eq!(g.len(), 7);
        assert_eq!(g[6], (4, "Max".into(), "thread=all threads=2".into(), 19.0));
        assert!(f.notes.is_empty(), "{:?}", f.notes);
    }

    /// A person's table: kernels in columns; a row short of a figure is
    /// not read.
    #[test]
    fn typed_table_columns_are_kernels() {
        let text = "\t\t\tEEVDF\t\t\t CFS\n\n\t\t# Min Latencies: 00053\n  LNICE(19)\t# Avg Latencies: 04350\n\n\
                    \t\t# Min Latencies: 00052\t\t00053\n  LNICE(0)\t# Avg Latencies: 00690\t\t00687\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let g: Vec<(usize, Option<String>, f64)> =
            f.samples.iter().map(|s| (s.line, s.kernel.as_ref().map(|k| k.to_string()), s.value.mean())).collect();
        assert_eq!(
            g,
            [
                (6, Some("EEVDF".into()), 52.0),
                (6, Some("CFS".into()), 53.0),
                (7, Some("EEVDF".into()), 690.0),
                (7, Some("CFS".into()), 687.0)
            ]
        );
        assert!(f.samples.iter().all(|s| s.params[0].value == "LNICE(0)"));
        let lines: Vec<usize> = f.notes.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [3, 4]);
        assert_eq!(f.kernel_order, ["EEVDF", "CFS"]);
    }

    /// Zang's v2 reply (LKML 2024-06, wildmod61): every row's last figure
    /// wrapped by a quoted-printable soft break; the label on the middle
    /// row still names all three rows of its block.
    #[test]
    fn a_soft_broken_block_keeps_its_label_on_every_row() {
        let text = "Content-Transfer-Encoding: quoted-printable\n\n\
                    >      EEVDF      PATCH\n>=20\n\
                    >      # Min Latencies: 00006      =\n00010\n\
                    > LNICE(0)  # Avg Latencies: 00466      =\n00326\n\
                    >      # Max Latencies: 38917      =\n13945\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        assert_eq!(f.samples.len(), 6, "{:?}", got(&f));
        assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "case" && p.value == "LNICE(0)")));
    }

    /// attack61 F5: `-N` clustered with other flags (`-mSN`) or spelled
    /// `--nsecs=1` was missed and the figures read as usec (1000x).
    #[test]
    fn nsecs_clustered_or_long_is_nanoseconds() {
        let body = "# /dev/cpu_dma_latency set to 0us\n\
            policy: fifo: loadavg: 0.08 0.05 0.01 1/180 2331\n\n\
            T: 0 ( 2324) P:99 I:1000 C: 100000 Min:   1843 Act:   2750 Avg:   2868 Max:   14872\n";
        for (cmd, unit) in [
            ("# cyclictest -N -m -S -p99 -i1000 -l100000", "nsec"),
            ("# cyclictest -mSN -p99 -i1000 -l100000", "nsec"),
            ("# cyclictest --nsecs=1 -m -S -p99 -i1000 -l100000", "nsec"),
            ("# cyclictest --nsecs -m -S -p99 -i1000 -l100000", "nsec"),
            ("# cyclictest -mnq -p99 -i1000 -l100000", "usec"),
            ("# cyclictest -Smp99 -i1000 -l100000", "usec"),
        ] {
            let f = Cyclictest.parse(&Input::from_text(&format!("{cmd}\n{body}"))).unwrap();
            assert_eq!(f.samples[0].metric.unit, unit, "{cmd}");
        }
    }

    /// attack61 F4: LKML 2022-10's "Without the patches" run (8 threads,
    /// quoted-printable wraps) with a kernel log line after `T: 5`: read
    /// as runs of 6 and 2 threads, the label lost, no word. Read through,
    /// said at the line.
    #[test]
    fn one_foreign_line_between_two_threads_is_read_through_and_said() {
        let text = "Without the patches:\n\
            T: 4 ( 7600) P:99 I:3000 C:  19995 Min:      8 Act:   22 Avg:   38 Max: 10510\n\
            T: 5 ( 7601) P:99 I:3500 C:  17135 Min:      7 Act:   26 Avg:   39 Max: 13194\n\
            [ 1234.567890] perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79000\n\
            T: 6 ( 7602) P:99 I:4000 C:  14990 Min:      7 Act:   26 Avg:   40 Max: 9470\n\
            T: 7 ( 7603) P:99 I:4500 C:  13318 Min:      8 Act:   29 Avg:   44 Max: 20101\n";
        let f = Cyclictest.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 12);
        assert!(got(&f).iter().all(|g| g.2.ends_with("threads=4")), "{:?}", got(&f));
        assert!(f.notes.iter().any(|(l, n)| *l == 4 && n.contains("read through it")), "{:?}", f.notes);
        // Thread numbers starting again after the line: another run, as before.
        let again = text.replace("T: 6 (", "T: 0 (").replace("T: 7 (", "T: 1 (");
        let f = Cyclictest.parse(&Input::from_text(&again)).unwrap();
        assert!(!f.notes.iter().any(|(_, n)| n.contains("read through it")), "{:?}", f.notes);
    }

    /// attack51 F1: two `-q` runs' threads printed back to back are two
    /// runs of 2 threads (warned alike), not one run of 4 averaged silently.
    #[test]
    fn thread_numbers_starting_again_are_another_run() {
        let text = "T: 0 ( 2475) P:99 I:1000 C:  10000 Min:      2 Act:    3 Avg:    5 Max:    3059\n\
                    T: 1 ( 2476) P:99 I:1500 C:   6667 Min:      3 Act:    4 Avg:    6 Max:    1200\n\
                    T: 0 ( 2501) P:99 I:1000 C:  10000 Min:      2 Act:    3 Avg:    7 Max:    4001\n\
                    T: 1 ( 2502) P:99 I:1500 C:   6667 Min:      3 Act:    4 Avg:    8 Max:    1500\n";
        let input = Input::from_text(text);
        let mut f = parse_all(&input).expect("read");
        assert_eq!(f.samples.len(), 12);
        assert!(got(&f).iter().all(|g| g.2.ends_with("threads=2")), "{:?}", got(&f));
        warn_runs_alike(&input, &mut f);
        assert_eq!(f.notes.iter().map(|n| n.0).collect::<Vec<_>>(), [3], "{:?}", f.notes);
    }

    /// attack51 F2: the live display's refreshes (same thread ids, more
    /// cycles) are one run: the last refresh is read, not a mean of them.
    #[test]
    fn a_live_display_refresh_is_the_run_so_far() {
        let text = "policy: fifo: loadavg: 0.05 0.04 0.00 1/123 456\n\n\
                    T: 0 ( 2475) P:99 I:1000 C:   1000 Min:      2 Act:    3 Avg:    5 Max:      90\n\
                    T: 1 ( 2476) P:99 I:1500 C:    667 Min:      3 Act:    4 Avg:    6 Max:      80\n\
                    \x1b[4Apolicy: fifo: loadavg: 0.05 0.04 0.00 1/123 456\n\n\
                    T: 0 ( 2475) P:99 I:1000 C:   2000 Min:      2 Act:    3 Avg:    4 Max:     190\n\
                    T: 1 ( 2476) P:99 I:1500 C:   1333 Min:      2 Act:    4 Avg:    5 Max:      95\n";
        let input = Input::from_text(text);
        let mut f = parse_all(&input).expect("read");
        let g = got(&f);
        assert_eq!(g.len(), 6, "{g:?}");
        assert!(g.iter().all(|s| s.0 >= 7), "{g:?}");
        assert_eq!(g[2], (7, "Max".into(), "thread=0 threads=2".into(), 190.0));
        assert!(f.notes[0].1.contains("lines 3-4") && crate::parse::note_is_info(&f.notes[0].1), "{:?}", f.notes);
        assert_eq!(f.merged_lines, [3, 4]);
        warn_runs_alike(&input, &mut f);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        // Other thread ids: another run, both read.
        let other = text.replace("( 2475) P:99 I:1000 C:   2000", "( 2601) P:99 I:1000 C:   2000");
        assert_eq!(parse_all(&Input::from_text(&other)).expect("read").samples.len(), 12);
    }

    /// attack51 F3: a thread line cut before its `Max:` is said, and still
    /// counts among its run's threads.
    #[test]
    fn a_thread_line_cut_short_is_said() {
        let text = "T: 0 ( 2475) P:99 I:1000 C:  10000 Min:      2 Act:    3 Avg:    5 Max:    3059\n\
                    T: 1 ( 2476) P:99 I:1500 C:   6667 Min:      3 Act:    4 Avg:    6\n\
                    T: 2 ( 2477) P:99 I:1500 C:   6667 Min:      3 Act:    4 Avg:    6 Max:    1200\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        assert_eq!(f.samples.len(), 6);
        assert!(got(&f).iter().all(|g| g.2.ends_with("threads=3")), "{:?}", got(&f));
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 2);
        assert!(f.notes[0].1.contains("cut before") && !crate::parse::note_is_info(&f.notes[0].1));
    }

    /// attack51 F5-F7: a prose line names no kernels; a Max line alone
    /// whose last figure may be `-H`'s over all threads; a figure cut short.
    #[test]
    fn footers_that_cannot_be_told_are_said_not_read() {
        // F5: one space between a prose line's words: no column names.
        let prose = "Results look good here\n\n\t\t# Min Latencies: 00006\t00007\t00005\t00006\n\
                     \x20 LNICE(0)\t# Avg Latencies: 00191\t00122\t00120\t00119\n";
        let Err(ParseError::NoResultsAt { reason, at, .. }) = parse_all(&Input::from_text(prose)) else {
            panic!("prose read as kernels")
        };
        assert!(reason.contains("no line of column names") && at == 3, "{reason}");
        // F6: `-H`'s extra maximum cannot be told from a thread's.
        let f = parse_all(&Input::from_text("# Max Latencies: 00016 00021 00021\n"));
        assert!(matches!(f, Err(ParseError::NoResultsAt { at: 1, .. })), "{f:?}");
        let f = parse_all(&Input::from_text("# Max Latencies: 00016 00021 00025\n")).expect("read");
        assert_eq!(got(&f)[2], (1, "Max".into(), "thread=2 threads=3".into(), 25.0));
        // F7: `00021` cut to `000`.
        let text = "# Min Latencies: 00010 00012\n# Avg Latencies: 00010 00013\n# Max Latencies: 00016 000\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        assert_eq!(f.samples.len(), 4);
        assert_eq!(f.notes.len(), 1);
        assert!(f.notes[0].0 == 3 && f.notes[0].1.contains("`000` is shorter"), "{:?}", f.notes);
    }

    /// attack51 F4: signaltest's thread lines (no `I:`) are not read as
    /// cyclictest's; beside cyclictest's they are said.
    #[test]
    fn signaltest_lines_are_not_cyclictest_s() {
        let sig = "T: 0 ( 2475) P:99 C: 100000 Min:     12 Act:   13 Avg:   15 Max:      59\n";
        assert_eq!(Cyclictest.detect(&Input::from_text(sig)), 20);
        let text = format!("{sig}T: 0 ( 2500) P:99 I:1000 C:  10000 Min:      2 Act:    3 Avg:    5 Max:    3059\n");
        let f = parse_all(&Input::from_text(&text)).expect("read");
        assert_eq!(got(&f).iter().map(|g| g.0).collect::<Vec<_>>(), [2, 2, 2]);
        assert_eq!(f.notes, [(1, SIGNALTEST.to_string())]);
    }

    /// wildmod53: an `-h` run prints its thread lines and then the
    /// histogram's footer of the same figures: one run, read once; a
    /// writer's `#` comment after a footer's figures is no part of them.
    #[test]
    fn an_h_run_s_footer_is_its_thread_lines_again() {
        let text = "T: 0 (148604) P:98 I:1000 C:  59998 Min:     10 Act:   17 Avg:   16 Max:      27\n\
                    T: 1 (148605) P:98 I:1000 C:  59997 Min:     10 Act:   14 Avg:   14 Max:      31\n\
                    # Histogram\n000010 000111   000005\n\
                    # Min Latencies: 00010 00010           # min\n\
                    # Avg Latencies: 00016 00014\n# Max Latencies: 00027 00031\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        assert_eq!(f.samples.len(), 6);
        assert!(f.notes.len() == 1 && f.notes[0].1.ends_with(FOOTER_OF_RUN_READ), "{:?}", f.notes);
        let other = text.replace("00027 00031", "00027 00099");
        let f = parse_all(&Input::from_text(&other)).expect("read");
        assert_eq!(f.samples.len(), 6);
        assert!(f.notes[0].1.contains("other figures"), "{:?}", f.notes);
    }

    /// wildmod53: cyclicdeadline's thread lines (`I:`, no `P:`) are not
    /// read as cyclictest's (an openEuler guide's runs were); beside
    /// cyclictest's they are said.
    #[test]
    fn cyclicdeadline_lines_are_not_cyclictest_s() {
        let dl = "T: 0 (163306) I:1000 C:  60001 Min:      1 Act:    4 Avg:    2 Max:      33\n";
        assert_eq!(Cyclictest.detect(&Input::from_text(dl)), 20);
        let err = parse_all(&Input::from_text(dl)).expect_err("nothing read");
        assert!(matches!(err, ParseError::NoResultsAt { at: 1, .. }), "{err:?}");
        let text = format!("{dl}T: 0 ( 2500) P:99 I:1000 C:  10000 Min:      2 Act:    3 Avg:    5 Max:    3059\n");
        let f = parse_all(&Input::from_text(&text)).expect("read");
        assert_eq!(got(&f).iter().map(|g| g.0).collect::<Vec<_>>(), [2, 2, 2]);
        assert_eq!(f.notes, [(1, CYCLICDEADLINE.to_string())]);
    }

    #[test]
    fn nanoseconds_from_the_command_line_and_runs_alike_warned() {
        let text = "# cyclictest -N -p99 -t1 -q\nT: 0 ( 1) P:99 I:1000 C: 10 Min: 1500 Act: 2000 Avg: 1800 Max: 9000\n\
                    # cyclictest -N -p99 -t1 -q\nT: 0 ( 2) P:99 I:1000 C: 10 Min: 1400 Act: 2000 Avg: 1700 Max: 8000\n";
        let input = Input::from_text(text);
        let mut f = parse_all(&input).expect("read");
        assert_eq!(f.samples[0].metric.unit, "nsec");
        warn_runs_alike(&input, &mut f);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 4);
    }
}
