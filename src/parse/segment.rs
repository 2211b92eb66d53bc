//! Files that hold several benchmarks' outputs: a mail with dbench
//! `Throughput` lines and a Bonnie table, a script log with a kernel build's
//! `time` lines after a tiobench run.
//!
//! [`segments`] reads such a file in rounds. The first round is what a file
//! of one benchmark gets: the surest parser ([`super::detect`], or the one
//! a `formats:` entry forces) reads the whole file. Each later round blanks
//! the lines the earlier rounds took (every paragraph, that is every run of
//! non-blank lines, that holds a number they read) and asks the parsers of
//! the benchmarks not read yet whether what is left is theirs. Line numbers
//! never change: a blanked line is an empty line, so every sample and
//! every error still names its line in the file.
//!
//! A parser's *family* ([`family`]) is read once per file: the two `time`
//! formats' parsers print the same lines,
//! so once one of a family has read a file the chatter it left is never
//! read a second time by a sibling. Bonnie 1.x and bonnie++ are apart: a
//! mail may well hold both, and the bonnie++ parser reads its own text
//! tables and CSV lines together (a CSV line repeating a text table is one
//! run, not two). dbench and tbench are apart too: each reads only the
//! lines under its own command (see the dbench module); so are lmbench's
//! summary tables and its raw results (a mail may paste both, and neither
//! parser reads the other's lines).
//!
//! A round whose parser fails keeps its error as that segment's outcome and
//! blanks nothing; the rounds after it still read the rest of the file, so a
//! damaged Bonnie table never discards the dbench lines beside it. In the
//! rounds after the first, a parser that finds no result at all in what is
//! left ([`ParseError::NoResults`]) is not a segment: the prose around a
//! result often looks a little like some benchmark; unless it is sure the
//! text left is its benchmark's (`SURE`): then its failure is a warning
//! naming the lines left.

use super::{BenchParser, Input, ParseError};
use crate::lines::SplitWords as _;
use crate::model::ParsedFile;
use rustc_hash::FxHashMap;

/// One benchmark's output inside a file.
pub struct Segment {
    /// The parser that read it.
    pub parser: &'static dyn BenchParser,
    /// What it read, or why it could not.
    pub outcome: Result<ParsedFile, ParseError>,
    /// First and last line (1-based, inclusive) of the paragraphs that hold
    /// the segment's numbers; for a failed segment, from the first line
    /// its parser read a number from above its error (`read_before`) to
    /// the line of its error (the whole file when the error names none):
    /// every number of that block is lost, not one line's. When the parser
    /// reads figures below its error too (with the bad line blanked), the
    /// span runs to the last of them.
    pub lines: (usize, usize),
    /// For a failed segment whose parser reads figures once the bad
    /// line(s) are blanked: how many figures the one bad line cost (an
    /// fs_mark table's `262,602.4` cell lost its 128 figures under a warning
    /// of "lines 40-40 (1 lines)", attack59). `None` otherwise.
    pub lost: Option<usize>,
}

/// The family a parser belongs to: parsers of one family read the same
/// kind of output, and only one of them reads a file.
pub fn family(id: &str) -> &str {
    match id {
        "bash-time" => "gnu-time",
        "reaim" => "aim7",
        other => other,
    }
}

/// The two `time` parsers: bash's `real`/`user`/`sys` lines and zsh's,
/// csh's or GNU time's one-line records are different lines, so a log
/// holding both (an openSUSE box's notes, 2020: nine bash records of a
/// script's runs above zsh's `./unzip_7z.sh  1511.76s user …` and `make
/// -j5  4575.76s user …` lines) is read by each in a round of its own;
/// the family kept the second parser out and its 27 figures were lost
/// with no word. Elsewhere they stay one family (a time segment's lines,
/// its unread rates).
fn is_time(id: &str) -> bool {
    matches!(id, "gnu-time" | "bash-time")
}

/// A later round's parser whose [`BenchParser::detect`] gives at least
/// this for what is left, and which reads no result there, is warned of
/// (its output is there and was lost: a Bonnie table wrapped by a mail
/// client past reading); below it, the prose around a result that looks a
/// little like some benchmark is no segment.
const SURE: u8 = 70;

/// At most this many segments are read from one file (one per family is
/// the natural limit; this bounds the work on a hostile file).
const MAX_SEGMENTS: usize = 8;

/// Every benchmark output in `input`, in the order they were found (the
/// surest first). `forced` is the parser a `formats:` entry names for the
/// file: it reads the first round. Empty when no parser claims the file.
pub fn segments(input: &Input, forced: Option<&'static dyn BenchParser>) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::new();
    let mut families: Vec<&'static str> = Vec::new();
    // The parsers that read a round: of the `time` family, the one that
    // has not read the file yet still may (see [`is_time`]).
    let mut read_ids: Vec<&'static str> = Vec::new();
    // The lines left for later rounds; `None` until a round blanks one.
    let mut rest: Option<Input> = None;
    // The paragraphs each segment took (by its index in `out`).
    let mut took: Vec<(usize, Vec<bool>)> = Vec::new();
    // The lines of outputs pasted twice whose second copy was not read.
    let mut copied: Vec<usize> = Vec::new();
    // The file's bad cells, found once: a round's text holds each of its
    // lines as the file's or blanked ([`read_past_bad_cells`]).
    let bad = bad_cells_by_line(input);
    while out.len() < MAX_SEGMENTS {
        let current = rest.as_ref().unwrap_or(input);
        let parser = if out.is_empty() {
            forced.or_else(|| super::detect(current))
        } else {
            super::detect_among(current, |p| {
                !families.contains(&family(p.id())) || (is_time(p.id()) && !read_ids.contains(&p.id()))
            })
        };
        let Some(parser) = parser else { break };
        families.push(family(parser.id()));
        read_ids.push(parser.id());
        let spans: Vec<(usize, usize, &str)> =
            out.iter().filter(|s| s.outcome.is_ok()).map(|s| (s.lines.0, s.lines.1, s.parser.id())).collect();
        let outcome = read_round(current, current, parser, &spans);
        let outcome = read_past_bad_cells(current, &bad, parser, outcome, &spans);
        match outcome {
            Ok(mut parsed) if !parsed.samples.is_empty() => {
                let pasted = super::repeats::drop_pasted_twice(input, &mut parsed);
                let repeats = drop_repeated_paragraphs(parser, input, &mut parsed);
                super::repeats::drop_repeated_figures(input, &mut parsed);
                super::labels::apply(input, &mut parsed);
                parser.after_labels(input, &mut parsed);
                super::repeats::warn_near_copies(input, &mut parsed);
                super::repeats::drop_quoted_lmbench_rows(input, &mut parsed);
                // A paragraph skipped as a repeat is still this segment's:
                // no later round reads its figures as another output's (a
                // harness log's second dbench run, its `time` lines alike
                // to the first's, was read as a bash-time run of its own
                // and averaged with a kernel build's time).
                let mut taken = paragraphs_of(
                    current,
                    parsed.read_lines().chain(repeats.iter().map(|&(a, _)| a)).chain(pasted.iter().copied()),
                );
                copied.extend(pasted);
                let mut offers = 0;
                leave_tails(current, &mut taken, &parsed, &families, &mut offers);
                leave_timed_heads(current, &mut taken, &parsed, &families);
                leave_heads(current, &mut taken, &parsed, parser, &families, &mut offers);
                let lines = (
                    taken.iter().position(|&t| t).map_or(1, |i| i + 1),
                    taken.iter().rposition(|&t| t).map_or(current.lines.len(), |i| i + 1),
                );
                // The lines of its own output the parser passed over
                // (uperf's `Txn2 … op/s` progress) are its too, line by
                // line (a paragraph may run on into another output): an
                // AIM7 or memtier table above a uperf run read them as its
                // rows, failed, and lost every figure.
                for &n in &parsed.passed_lines {
                    if let Some(t) = n.checked_sub(1).and_then(|i| taken.get_mut(i)) {
                        *t = true;
                    }
                }
                // Nothing with a number left: no other benchmark's output.
                let left = current.lines.iter().zip(&taken).any(|(l, &t)| !t && l.bytes().any(|b| b.is_ascii_digit()));
                let next = left.then(|| current.blanked(&keep_failures(current, &taken)));
                took.push((out.len(), taken));
                out.push(Segment { parser, outcome: Ok(parsed), lines, lost: None });
                if next.is_none() {
                    break;
                }
                rest = next;
            }
            Ok(_) if !out.is_empty() => {}
            // What is left is surely this benchmark's output (a Bonnie
            // table's header) and gave nothing: a block lost, said with
            // the lines it spans.
            Err(e @ (ParseError::NoResults { .. } | ParseError::NoResultsAt { .. }))
                if !out.is_empty() && parser.detect(current) >= SURE =>
            {
                // From the first paragraph that alone looks like its
                // output to the last line with a digit before the next
                // segment read (a table under its banner: the banner alone
                // looks like it, the rows do not).
                let n = current.lines.len();
                let mut first = None;
                let mut i = 0;
                while i < n && first.is_none() {
                    if current.lines[i].trim().is_empty() {
                        i += 1;
                        continue;
                    }
                    let (start, end) = current.paragraph_at(i);
                    let outside: Vec<bool> = (0..n).map(|k| k < start || k > end).collect();
                    if parser.detect(&current.blanked(&outside)) > 0 {
                        first = Some(start);
                    }
                    i = end + 1;
                }
                let from = first.unwrap_or(0);
                let limit = out
                    .iter()
                    .filter(|s| s.outcome.is_ok() && s.lines.0 > from + 1)
                    .map(|s| s.lines.0 - 1)
                    .min()
                    .unwrap_or(n);
                let to = (from..limit).rev().find(|&k| current.lines[k].bytes().any(|b| b.is_ascii_digit()));
                let lines = (from + 1, to.map_or(from + 1, |k| k + 1));
                out.push(Segment { parser, outcome: Err(e), lines, lost: None });
            }
            Err(ParseError::NoResults { .. } | ParseError::NoResultsAt { .. }) if !out.is_empty() => {}
            outcome => {
                let (lines, lost) = match &outcome {
                    Err(e) => match e.line() {
                        Some(l) => {
                            let before = read_before(current, parser, l);
                            match lost_around(current, parser, l) {
                                Some((a, b, n)) => ((before.min(a), b.max(l)), Some(n)),
                                None => ((before, l), None),
                            }
                        }
                        None => ((1, input.lines.len()), None),
                    },
                    Ok(_) => ((1, input.lines.len()), None),
                };
                out.push(Segment { parser, outcome, lines, lost });
            }
        }
    }
    reread_alone(input, &mut out, &took, &mut copied);
    // Every line a segment read a number from, in order.
    let mut read: Vec<usize> =
        out.iter().filter_map(|s| s.outcome.as_ref().ok()).flat_map(|p| p.read_lines()).collect();
    read.sort_unstable();
    read.dedup();
    note_hidden_results(input, &mut out, &took, &families, &read);
    // File order, so that `parse` and the warnings read top to bottom.
    out.sort_by_key(|s| s.lines.0);
    // A copy's lines were read, as its first copy's.
    let read_or_copied = if copied.is_empty() {
        std::borrow::Cow::Borrowed(&read)
    } else {
        let mut all = read.clone();
        all.extend(copied);
        all.sort_unstable();
        all.dedup();
        std::borrow::Cow::Owned(all)
    };
    note_unread_lookalikes(input, &mut out, &read_or_copied);
    note_bad_cells(input, &bad, &mut out, &read_or_copied);
    note_unread_rates(input, &mut out, &read);
    note_unread_perf_stat(input, &mut out, &read);
    note_unread_perf_bench(input, &mut out, &read);
    note_unread_phoronix(input, &mut out, &read);
    note_hand_averages(input, &mut out, &read);
    out
}

/// A person's average of a benchmark's runs, typed on a line of its own
/// (`>>    average time cost of 'hackbench -g 100 -l 1000': 17.068`, quoted
/// twice in Yongqiang Liu's slub reply, LKML 2024-08, under `Before:` and
/// `Afther:`, while the perf stat summaries below it were read): the runs
/// it averages are not shown, and no parser reads it. It was left out
/// without a word (wildmod52). Each line no segment read or noted that
/// names a benchmark the registry knows (its id as a word: `hackbench`,
/// `dbench`), says `average`, `avg` or `mean`, and ends in a figure is
/// noted, not read, on the segment whose lines hold it (else the nearest
/// above, else the first). `read`: every line a segment read a number
/// from, in order.
fn note_hand_averages(input: &Input, out: &mut [Segment], read: &[usize]) {
    if !(input.has("average") || input.has("Average") || input.has("avg") || input.has("mean")) {
        return;
    }
    let names: Vec<&str> = super::registry()
        .iter()
        .map(|p| p.id())
        .filter(|id| id.bytes().all(|b| b.is_ascii_lowercase()) && *id != "generic")
        .collect();
    let noted = noted_lines(out);
    for (i, line) in input.lines.iter().enumerate() {
        let n = i + 1;
        if read.binary_search(&n).is_ok() || noted.contains(&n) {
            continue;
        }
        let text = line.trim_start_matches(|c: char| c == '>' || c.is_whitespace()).trim_end();
        // Most lines end otherwise: asked first, before any word is made.
        if !text.as_bytes().last().is_some_and(u8::is_ascii_digit) {
            continue;
        }
        let words: Vec<String> = text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect();
        let says_average = words.iter().any(|w| matches!(w.as_str(), "average" | "avg" | "mean"));
        let figure = text.words().next_back().is_some_and(|w| super::num::plain(w).is_some());
        if !says_average || !figure || !words.iter().any(|w| names.contains(&w.as_str())) {
            continue;
        }
        let holder = segment_at(out, n).or_else(|| out.iter().position(|s| s.outcome.is_ok()));
        let Some(Ok(p)) = holder.map(|k| &mut out[k].outcome) else { continue };
        p.notes.push((
            n,
            format!(
                "`{text}`: an average typed by hand, of runs the file does not show: not read (put the runs' own \
                 output in the file to compare them)"
            ),
        ));
        p.notes.sort_by_key(|x| x.0);
    }
}

/// The index of the segment read (its outcome `Ok`) whose lines hold
/// line `n` (1-based), else of the nearest read segment starting above
/// it: where a note on a line no segment read belongs.
fn segment_at(out: &[Segment], n: usize) -> Option<usize> {
    out.iter()
        .position(|s| s.outcome.is_ok() && s.lines.0 <= n && n <= s.lines.1)
        .or_else(|| out.iter().rposition(|s| s.outcome.is_ok() && s.lines.0 <= n))
}

/// The Phoronix Test Suite's results (`    Test: Compression Rating:`, its
/// runs' figures one a line, `    Average: 10696 MIPS`, `    Deviation:
/// 0.92%`): no parser reads them, and a Raspberry Pi 5 report's two
/// compress-7zip results (six runs) were lost with no word beside the
/// sysbench runs read below them (wild30, file 15). Each result no segment
/// read is noted once, on its `Test:` line (else its `Average:` line), on
/// the segment whose lines hold it (else the nearest). `read`: every line
/// a segment read a number from, in order.
fn note_unread_phoronix(input: &Input, out: &mut [Segment], read: &[usize]) {
    if !input.has("Average:") || !input.has("Deviation:") {
        return;
    }
    let text = |i: usize| input.lines[i].trim();
    let figure = |t: &str| t.words().next().is_some_and(|v| super::num::plain(v).is_some());
    for i in 0..input.lines.len() {
        let Some(average) = text(i).strip_prefix("Average:").map(str::trim) else { continue };
        // `Deviation:` on the next line that is not blank.
        let next = (i + 1..input.lines.len()).find(|&k| !text(k).is_empty());
        if !figure(average) || !next.is_some_and(|k| text(k).starts_with("Deviation:")) {
            continue;
        }
        // Its `Test:` line: above its runs' figures and blank lines.
        let mut top = i;
        while top > 0 && (text(top - 1).is_empty() || figure(text(top - 1))) {
            top -= 1;
        }
        let first = if top > 0 && text(top - 1).starts_with("Test:") { top } else { i + 1 };
        if (first..=i + 1).any(|n| read.binary_search(&n).is_ok()) {
            continue;
        }
        let holder = segment_at(out, first).or_else(|| out.iter().position(|s| s.outcome.is_ok()));
        let Some(Ok(p)) = holder.map(|k| &mut out[k].outcome) else { continue };
        p.notes.push((
            first,
            format!(
                "the Phoronix Test Suite's result `{}` (`Average: {average}`, line {}) not read: no parser reads \
                 the Phoronix Test Suite's output",
                text(first - 1),
                i + 1
            ),
        ));
        p.notes.sort_by_key(|n| n.0);
    }
}

/// perf stat's summary of repeated runs (`perf stat -r 5`), `0.55355 +-
/// 0.00290 seconds time elapsed  ( +-  0.52% )`, also after a script's
/// prefix (`1:` the hackbench group count of Peter Zijlstra's
/// doit-hackbench-series.sh, LKML 2023-03), that no segment read
/// ([`super::perf_stat`] reads perf stat's own paragraphs; one inside
/// another output's paragraph may be left unread): twelve such means in a
/// file whose schbench reports were read were once lost with no word. Each run of such lines that no segment read is noted once,
/// on its first line, on the segment whose lines hold it (else the one
/// nearest above). `read`: every line a segment read a number from, in
/// order.
fn note_unread_perf_stat(input: &Input, out: &mut [Segment], read: &[usize]) {
    // Most files hold no such line: one search of the whole text tells,
    // instead of a `str` search of each line.
    if !input.has(" seconds time elapsed") {
        return;
    }
    let elapsed = |l: &str| {
        // The repeat form only (`+-`): one run's elapsed time is often a
        // `perf stat -a -- sleep 10`'s, no result.
        l.split_once(" seconds time elapsed").and_then(|(before, _)| before.split_once(" +- ")).is_some_and(
            |(mean, sd)| {
                mean.words().next_back().is_some_and(|v| super::num::plain(v).is_some())
                    && super::num::plain(sd.trim()).is_some()
            },
        )
    };
    // Lines a segment noted (perf-stat's own reasons) are said already.
    let noted = noted_lines(out);
    let mut i = 0;
    while i < input.lines.len() {
        if !elapsed(&input.lines[i]) || read.binary_search(&(i + 1)).is_ok() || noted.contains(&(i + 1)) {
            i += 1;
            continue;
        }
        let first = i + 1;
        while i < input.lines.len() && elapsed(&input.lines[i]) && read.binary_search(&(i + 1)).is_err() {
            i += 1;
        }
        let last = i;
        let Some(Ok(p)) = segment_at(out, first).map(|k| &mut out[k].outcome) else { continue };
        let span = if last > first { format!("lines {first}-{last}") } else { format!("line {first}") };
        p.notes.push((
            first,
            format!(
                "perf stat's `… seconds time elapsed` ({span}) not read: inside another output's paragraph, where \
                 perf-stat does not read"
            ),
        ));
        p.notes.sort_by_key(|n| n.0);
    }
}

/// perf bench's result lines (`6.854731 usecs/op`, `Total time: 6.939
/// [sec]`) that no segment read nor noted, outside every perf-bench segment
/// (which says itself what it passed over): lines of a run whose header
/// (`# Running 'sched/pipe' benchmark:`) and command line were both left
/// out of the file, so that the benchmark they are of is not sure (`sched
/// pipe` or a `syscall` benchmark print the same lines). Five such lines
/// above perf stat's `--repeat 5` summary were dropped without a word,
/// perf-stat reading the summary alone (wildmod53). Each run of them
/// (blank lines between allowed) holding one line only perf bench prints
/// (`usecs/op`, `Total time: … [sec]`; not `ops/sec` alone) is noted once,
/// on its first line, on the segment whose lines hold it (else the nearest
/// above, else the first read). `read`: every line a segment read a number
/// from, in order.
fn note_unread_perf_bench(input: &Input, out: &mut [Segment], read: &[usize]) {
    if !input.has("usecs/op") && !input.has("Total time:") {
        return;
    }
    let benched: Vec<(usize, usize)> =
        out.iter().filter(|s| family(s.parser.id()) == "perf-bench").map(|s| s.lines).collect();
    let noted = noted_lines(out);
    let bare = |i: usize| {
        let n = i + 1;
        if read.binary_search(&n).is_ok() || noted.contains(&n) || benched.iter().any(|&(a, b)| a <= n && n <= b) {
            return None;
        }
        super::perf_bench::bare_result(input.lines[i].trim())
    };
    let mut i = 0;
    while i < input.lines.len() {
        if bare(i).is_none() {
            i += 1;
            continue;
        }
        let first = i + 1;
        let (mut last, mut own) = (first, false);
        while i < input.lines.len() {
            if input.lines[i].trim().is_empty() {
                i += 1;
                continue;
            }
            let Some(only_perf_bench) = bare(i) else { break };
            own |= only_perf_bench;
            last = i + 1;
            i += 1;
        }
        if !own {
            continue;
        }
        let holder = segment_at(out, first).or_else(|| out.iter().position(|s| s.outcome.is_ok()));
        let Some(Ok(p)) = holder.map(|k| &mut out[k].outcome) else { continue };
        let span = if last > first { format!("lines {first}-{last}") } else { format!("line {first}") };
        p.notes.push((
            first,
            format!(
                "perf bench's result lines (`{}`, {span}) not read: no `# Running '…' benchmark:` header nor \
                 `perf bench` command line above them names the benchmark they are of",
                input.lines[first - 1].trim()
            ),
        ));
        p.notes.sort_by_key(|n| n.0);
    }
}

/// `taken` (the lines a segment read, blanked for the later rounds) less
/// the lines where a command said it failed, without a digit (`^C`,
/// `Killed`, `Terminated`; [`super::failed::not_a_run`]), when no command
/// line ([`super::failed::is_command_line`]) follows one before the taken
/// lines end: the `time` record under it, read in a later round, timed
/// that failed command. A schbench report's paragraph held `time taskset
/// -c 3 ./starve/starve 1000000` and its `^C` (Peter Zijlstra, LKML
/// 2023-03); the `real 0m32.999s` under the blank line was read as a run
/// and averaged with the good 5.651 s.
fn keep_failures(input: &Input, taken: &[bool]) -> Vec<bool> {
    let mut blank = taken.to_vec();
    for (i, line) in input.lines.iter().enumerate() {
        if !taken[i] || line.bytes().any(|b| b.is_ascii_digit()) || super::failed::not_a_run(line).is_none() {
            continue;
        }
        let run_end = (i + 1..input.lines.len()).find(|&k| !taken[k]).unwrap_or(input.lines.len());
        if !input.lines[i + 1..run_end].iter().any(|l| super::failed::is_command_line(l)) {
            blank[i] = false;
        }
    }
    blank
}

/// A figure of a rate (`12345 records/s`, `= 511.69 MB/sec`, `506 MB/s`):
/// a number, then a unit per second.
fn has_rate(line: &str) -> bool {
    let words: Vec<&str> = line.words().collect();
    words.windows(2).any(|w| {
        let number = w[0].trim_start_matches('=');
        let unit = w[1].trim_end_matches([',', ';', '.', ')']);
        !number.is_empty()
            && number.starts_with(|c: char| c.is_ascii_digit())
            && number.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
            && unit.split_once('/').is_some_and(|(what, per)| {
                !what.is_empty()
                    && what.bytes().all(|b| b.is_ascii_alphabetic())
                    && matches!(per, "s" | "sec" | "second" | "secs")
            })
    })
}

/// A benchmark no parser knows, run under `time` (ebizzy's `12345
/// records/s` above `real 10.00 s`, `time hdparm -t`'s `… = 511.69 MB/sec`,
/// `time dd`'s `… copied, 2.12345 s, 506 MB/s`): the file was read as the
/// `time` lines only, and the benchmark's own figure was lost with no
/// word. Each line outside every other benchmark's output (its segment's
/// lines) that gives a rate ([`has_rate`]) and that no segment read is
/// noted on the `time` segment: "a figure no parser read". `read`: every
/// line a segment read a number from, in order.
fn note_unread_rates(input: &Input, out: &mut [Segment], read: &[usize]) {
    let Some(timed) = out.iter().position(|s| family(s.parser.id()) == "gnu-time" && s.outcome.is_ok()) else {
        return;
    };
    let others: Vec<(usize, usize)> =
        out.iter().filter(|s| family(s.parser.id()) != "gnu-time").map(|s| s.lines).collect();
    // Lines a note already names (a lookalike of a result not read).
    let noted = noted_lines(out);
    let notes: Vec<(usize, String)> = input
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|&(n, l)| {
            read.binary_search(&n).is_err()
                && !noted.contains(&n)
                && !others.iter().any(|&(a, b)| a <= n && n <= b)
                && has_rate(l)
        })
        .map(|(n, l)| (n, format!("`{l}` gives a figure no parser read (only the `time` lines were read): not read")))
        .collect();
    if let Ok(parsed) = &mut out[timed].outcome {
        parsed.notes.extend(notes);
    }
}

/// The paragraphs holding `taken` lines, in order: their first and last
/// lines (0-based) and the lines in them (1-based, ascending) `parsed`
/// read a number from.
fn read_paragraphs(input: &Input, taken: &[bool], parsed: &ParsedFile) -> Vec<(usize, usize, Vec<usize>)> {
    let mut read: Vec<usize> = parsed.read_lines().filter(|&l| l >= 1).collect();
    read.sort_unstable();
    read.dedup();
    let mut out = Vec::new();
    let mut i = 0;
    while i < input.lines.len() {
        if !taken[i] {
            i += 1;
            continue;
        }
        let (start, end) = input.paragraph_at(i);
        i = end + 1;
        // `read` is sorted: the lines in (start, end + 1], by two searches.
        let (a, b) = (read.partition_point(|&l| l <= start), read.partition_point(|&l| l <= end + 1));
        out.push((start, end, read[a..b].to_vec()));
    }
    out
}

/// At most this many offers of a paragraph's tail or head together with
/// the text beside it ([`leave_tails`], [`leave_heads`]) per segment: each
/// blanks and reads over the whole file, and a loop's log repeats its
/// paragraphs (each distinct tail or head is asked once; past this many,
/// [`note_hidden_results`] still says what another parser reads there).
const MAX_BESIDE_OFFERS: usize = 16;

/// Leaves to the later rounds the tail of a taken paragraph, the lines
/// after the last one the segment read a number from, when a parser of a
/// benchmark not read yet reads a result there: two outputs printed with
/// no blank line between (a hackbench run's `Time: 9.541`, then `./schbench
/// -m 1 -t 128 -r 30` and its tables) are one paragraph, and the second
/// was only warned of, line by line. A tail that heads a result below it,
/// out of the paragraph (netperf's command line, banner and header glued
/// under an AIM7 table, its figures after the next blank line: alone,
/// neither the tail nor the figures read as a result, and the figure was
/// lost without a word, seg54; an AIM7 table's title `AIM7 compute
/// workload`, its group), is left when a parser reads from the tail and the
/// untaken lines below it (to this segment's next paragraph) other samples
/// than from those lines alone. Only the lines from the first one the
/// other reading needs are left (its samples the same without the lines
/// above it). `done` are the families read so far (this segment's among
/// them); `offers` counts the offers with the text beside
/// ([`MAX_BESIDE_OFFERS`]).
fn leave_tails(input: &Input, taken: &mut [bool], parsed: &ParsedFile, done: &[&str], offers: &mut usize) {
    let n = input.lines.len();
    // Each distinct tail is offered once: a loop's log repeats one tail
    // per run (`perf bench sched messaging`'s `# Running …` header under
    // the previous run's `Total time`, no blank line between), and each
    // offer blanks and detects over the whole file, so a 4,000-run log took
    // 10 s and a 20,000-run one hung (a newcomer's trial). The answer is
    // the tail's: its text alone is what the other parsers are shown.
    let mut answered: FxHashMap<&[String], Option<usize>> = FxHashMap::default();
    // The lines noted, asked once each: looking through every note for each
    // line took a log of 200,000 bare `Time:` lines, each noted, 14 s, and
    // a 48 MB one hung (newcomer30 P2-1).
    let noted: rustc_hash::FxHashSet<usize> = parsed.notes.iter().map(|n| n.0).collect();
    for (_, end, read) in read_paragraphs(input, taken, parsed) {
        let Some(&last) = read.last() else { continue };
        // The lines right after the last one read that the segment said it
        // did not read (a dbench run cut short, the `time` record under
        // it) are its own too: another parser read that record as a
        // build's time. A noted line after one it neither read nor noted
        // (dbench's line between kernbench's rows) is left as before.
        let mut last = last;
        while last <= end && noted.contains(&(last + 1)) {
            last += 1;
        }
        let tail = last..=end; // 0-based: the lines after `last` (1-based)
        // Lines quoted deeper than the last one read start a quote, another
        // writer's text, whatever they hold: left to the later rounds (an
        // OSDB log's last line glued above a quoted pct-table's `~~~
        // hackbench ~~~` title took the title, and the table was named
        // `results`, attack32 F8). A line quoted less is most often the
        // quoted line's tail a mail client wrapped (`procs` under `>
        // Throughput 18.4511 MB/sec … 16`): still this output's.
        if let Some(k) = tail.clone().find(|&k| input.quote_depth(k) > input.quote_depth(last - 1)) {
            taken[k..=end].fill(false);
        }
        // perf stat's header ending the paragraph (`Performance counter
        // stats for 'perf bench sched pipe' (5 runs):`, glued under perf
        // bench's runs by a poster's ` ...`): it heads the counts of the
        // paragraph below it, never the lines above, and alone it reads
        // nothing. Taken, perf stat's means under it were read as of an
        // unstated run count (Ingo Molnar's mail, LKML 2025-03, drops54).
        if !tail.is_empty()
            && !done.contains(&"perf-stat")
            && input.lines[end].trim_start().starts_with("Performance counter stats for ")
        {
            taken[end] = false;
        }
        if tail.is_empty() || !input.lines[tail.clone()].iter().any(|l| l.bytes().any(|b| b.is_ascii_digit())) {
            continue;
        }
        let below_end = (end + 1..n).find(|&k| taken[k]).unwrap_or(n);
        let t0 = *tail.start();
        let from = *answered.entry(&input.lines[tail.clone()]).or_insert_with(|| {
            // Lines `from..=end`, and the untaken lines below when `below`.
            let region = |from: usize, below: bool| {
                input.blanked(&(0..n).map(|k| !(from <= k && (k <= end || below && k < below_end))).collect::<Vec<_>>())
            };
            let alone = region(t0, false);
            let (other, below) =
                match detect_among(&alone, done).filter(|o| o.parse(&alone).is_ok_and(|p| !p.samples.is_empty())) {
                    Some(other) => (other, false),
                    // With the untaken lines below (none: nothing to head).
                    None if below_end > end + 1 && *offers < MAX_BESIDE_OFFERS => {
                        *offers += 1;
                        (detect_among(&region(t0, true), done)?, true)
                    }
                    None => return None,
                };
            let samples_from =
                |from: usize| other.parse(&region(from, below)).map_or_else(|_| Vec::new(), |p| p.samples);
            let all = samples_from(t0);
            // A tail that changes nothing of what is read below is not that
            // output's.
            if all.is_empty() || below && samples_from(end + 1) == all {
                return None;
            }
            // The first line from which on the tail reads as the whole of it:
            // the lines above it (CoreMark's closing `CoreMark 1.0 : 660.72 /
            // GCC8.2.0 … / 2:FreeRTOS`, its compiler and threads, over an
            // OSDB log's first lines) stay this segment's.
            // Only lines from which on the other output is still told
            // apart (its banner left with it): MLC's `Intel(R) Memory Latency
            // Checker - v3.10` under a stress-ng YAML report, no blank line
            // between, stayed the YAML's, the three lines below it read the
            // same figures but were detected as nothing, and MLC's 12.5 ns
            // were lost with no word (attack56 F4).
            let told = |from: usize| detect_among(&region(from, below), done).is_some_and(|p| p.id() == other.id());
            let (mut lo, mut hi) = (t0, end);
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if samples_from(mid) == all && told(mid) { lo = mid } else { hi = mid - 1 }
            }
            Some(lo - t0)
        });
        if let Some(from) = from {
            taken[t0 + from..=end].fill(false);
        }
    }
}

/// Leaves to the later rounds the head of a taken paragraph, the lines
/// before the first one the segment read a number from, when a `time`
/// parser (not read yet) reads a result there: a harness log's `time make`
/// report printed right above the next benchmark's command (`sys
/// 0m30.123s` / `+ hackbench -g 10` / its output, no blank line between)
/// was in that benchmark's paragraph, warned of and never read: every
/// build's time but the last was lost. `done` are the families read so
/// far (this segment's among them).
fn leave_timed_heads(input: &Input, taken: &mut [bool], parsed: &ParsedFile, done: &[&str]) {
    if done.contains(&"gnu-time") {
        return;
    }
    let n = input.lines.len();
    for (start, _, read) in read_paragraphs(input, taken, parsed) {
        // 1-based `first` is the 0-based index after the head.
        let Some(&first) = read.first() else { continue };
        let head = start..first - 1;
        // Only a head with a line a `time` parser could read is offered to
        // them (every table's header would be, and each offer detects every
        // parser over the whole file): bash's `real`/`user`/`sys`, GNU
        // time's `elapsed`, `time -v`'s `Elapsed (wall clock)`, csh's
        // `0:01.23 80.1%`.
        let timed = |l: &str| {
            let t = l.trim_start();
            (t.starts_with("real") || t.starts_with("user") || t.starts_with("sys"))
                || l.contains("elapsed")
                || l.contains("Elapsed")
                || (l.contains(':') && l.contains('%'))
        };
        if head.is_empty()
            || !input.lines[head.clone()].iter().any(|l| timed(l) && l.bytes().any(|b| b.is_ascii_digit()))
        {
            continue;
        }
        let outside: Vec<bool> = (0..n).map(|k| !head.contains(&k)).collect();
        let alone = input.blanked(&outside);
        let Some(other) = detect_among(&alone, done) else { continue };
        if family(other.id()) != "gnu-time" {
            continue;
        }
        // Up to the last line the time parser reads: the benchmark's own
        // lines under it (`+ dbench 16`, `16 clients started`) stay its.
        let last = other.parse(&alone).ok().and_then(|p| p.read_lines().max());
        if let Some(last) = last.filter(|&l| l > start && l <= head.end) {
            taken[start..last].fill(false);
        }
    }
}

/// Leaves to the later rounds the head of a taken paragraph, the lines
/// before the first one the segment read a number from, up to the last
/// line of it a parser of a benchmark not read yet needs (its samples the
/// same without the lines below) when it reads a result in the head, given
/// the head and the untaken lines above it (to this segment's paragraph
/// above; on a line of the head where it fails, without that line and
/// those below): two outputs glued with no blank line between are one
/// paragraph, and the second's parser may take it whole (an AIM7 table's
/// last rows under a bonnie++ report's command line, its header at the
/// top of the file: 6 of AIM7's figures lost; an openssl speed report
/// above a bonnie++ one, 49 figures lost, without a word, seg54). `done`
/// are the families read so far (this segment's among them); `offers`
/// counts the offers ([`MAX_BESIDE_OFFERS`]). A head whose lines change
/// what `parser` (this segment's) reads is left to none.
fn leave_heads(
    input: &Input,
    taken: &mut [bool],
    parsed: &ParsedFile,
    parser: &'static dyn BenchParser,
    done: &[&str],
    offers: &mut usize,
) {
    let n = input.lines.len();
    // This segment's reading of the whole text, made for the first head
    // left: a head it needs (pgbench's `number of clients: 24`, its
    // parameters, over its figures) stays its, whatever else reads there.
    let own: std::cell::OnceCell<Vec<crate::model::Sample>> = std::cell::OnceCell::new();
    let needs = |from: usize, to: usize| {
        let all = own.get_or_init(|| parser.parse(input).map_or_else(|_| Vec::new(), |p| p.samples));
        let without = input.blanked(&(0..n).map(|k| from <= k && k < to).collect::<Vec<_>>());
        parser.parse(&without).map_or_else(|_| Vec::new(), |p| p.samples) != *all
    };
    // Each distinct head asked once: its answer, how many of its lines
    // (from the paragraph's first) another parser reads.
    let mut answered: FxHashMap<&[String], Option<usize>> = FxHashMap::default();
    for (start, _, read) in read_paragraphs(input, taken, parsed) {
        // 1-based `first` is the 0-based index after the head.
        let Some(&first) = read.first() else { continue };
        let head = start..first - 1;
        if head.is_empty() || !input.lines[head.clone()].iter().any(|l| l.bytes().any(|b| b.is_ascii_digit())) {
            continue;
        }
        let above = (0..start).rev().find(|&k| taken[k]).map_or(0, |k| k + 1);
        let lines = *answered.entry(&input.lines[head.clone()]).or_insert_with(|| {
            if *offers >= MAX_BESIDE_OFFERS {
                return None;
            }
            *offers += 1;
            let upto = |end: usize| input.blanked(&(0..n).map(|k| k < above || k >= end).collect::<Vec<_>>());
            let other = detect_among(&upto(head.end), done)?;
            // A parser that reads on into the segment's own lines and fails
            // there (an openssl speed table over bonnie++'s command line and
            // header) is asked again without them.
            let mut end = head.end;
            let theirs = loop {
                match other.parse(&upto(end)) {
                    Ok(theirs) => break theirs,
                    Err(ParseError::Malformed { line, .. }) if line > start + 1 && line <= end => end = line - 1,
                    // Surely the other's output, and nothing it reads there
                    // (`perf bench -f simple …` / `0.000`: a time of 0 is no
                    // measurement): the fewest head lines it is sure of are
                    // left, for its round to say so. Kept, they were this
                    // segment's and went unsaid (mend61: the scx-cosmos
                    // mail with 16.135 made 0.000).
                    Err(ParseError::NoResults { .. } | ParseError::NoResultsAt { .. })
                        if other.detect(&upto(head.end)) >= SURE =>
                    {
                        let sure = (start + 1..=head.end).find(|&e| other.detect(&upto(e)) >= SURE)?;
                        return Some(sure - start);
                    }
                    Err(_) => return None,
                }
            };
            // None of it read in the head: not that output's.
            if !theirs.read_lines().any(|l| l > start && l <= end) {
                return None;
            }
            // The fewest head lines that read as all of them: the lines below
            // stay this segment's (its command line and header under the
            // other output's last line, or a line the other parser takes a
            // parameter from: CoreMark's closing `CoreMark 1.0 : 660.72 /
            // GCC8.2.0 … / 2:FreeRTOS` above an OSDB log).
            let all = theirs.samples;
            let (mut lo, mut hi) = (start + 1, end);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if other.parse(&upto(mid)).is_ok_and(|p| p.samples == all) { hi = mid } else { lo = mid + 1 }
            }
            Some(lo - start)
        });
        if let Some(k) = lines.filter(|&k| !needs(start, start + k)) {
            taken[start..start + k].fill(false);
        }
    }
}

/// A parser that stopped at another benchmark's result line read again
/// without it. A parser reads to the end of the file and refuses a line it
/// cannot place: an AIM9 report followed by dbench's `Throughput 120.114
/// MB/sec 16 procs` failed at that line, and all five AIM9 results were
/// lost under a warning that named one line. When the line of a
/// [`ParseError::Malformed`] is one another benchmark's parser reads as a
/// result, from its paragraph alone, the result lines it reads there are
/// blanked and the parser asked again (a few times: the next such
/// paragraph may stop it too); those lines are left for the later rounds.
/// Where the paragraph alone shows no result (uperf's progress lines, its
/// tables further down), the surest other parser over the whole text is
/// asked: when it reads or passes over that line
/// ([`ParsedFile::passed_lines`]), every line it reads or passes over is
/// blanked the same way. So is a line inside the output an earlier round read (`earlier`: its
/// first and last line and its parser), which that parser left unread
/// (osdb's `"Logical database size 40MB"` refused by redis-benchmark's CSV
/// reader): its paragraph is blanked, with a note naming the lines not
/// read and why. A line of neither kind (a damaged row, a cut table) keeps
/// its error.
fn around_others(
    input: &Input,
    parser: &'static dyn BenchParser,
    first: Result<ParsedFile, ParseError>,
    earlier: &[(usize, usize, &str)],
) -> Result<ParsedFile, ParseError> {
    let n = input.lines.len();
    let mut blank = vec![false; n];
    let mut outcome = first;
    let mut first_error = None;
    let mut notes: Vec<(usize, String)> = Vec::new();
    for _ in 0..MAX_SEGMENTS {
        let Err(e @ ParseError::Malformed { line, .. }) = &outcome else { break };
        let line = *line;
        let Some(i) = line.checked_sub(1).filter(|&i| i < n && !blank[i]) else { break };
        first_error.get_or_insert_with(|| e.clone());
        let (start, end) = input.paragraph_at(i);
        if let Some(&(a, b, id)) = earlier.iter().find(|&&(a, b, _)| a <= start + 1 && end < b) {
            let lines =
                if start == end { format!("line {}", start + 1) } else { format!("lines {}-{}", start + 1, end + 1) };
            notes.push((
                line,
                format!(
                    "{lines}, inside the {id} output of lines {a}-{b}, not read as {}: {}",
                    parser.id(),
                    e.message()
                ),
            ));
            blank[start..=end].fill(true);
            outcome = parser.parse(&input.blanked(&blank));
            continue;
        }
        let outside: Vec<bool> = (0..n).map(|k| k < start || k > end || blank[k]).collect();
        let alone = input.blanked(&outside);
        let own = [family(parser.id())];
        let from_paragraph = detect_among(&alone, &own)
            .and_then(|other| other.parse(&alone).ok())
            .filter(|theirs| theirs.samples.iter().any(|s| s.line == line))
            .map(|theirs| theirs.samples.iter().map(|s| s.line).collect::<Vec<usize>>());
        // A line of another benchmark's output that its paragraph alone
        // does not show as such (uperf's `Txn1 0 / 0.00(s) = 0 0op/s`
        // progress, under its `Starting … profile:` line, its tables far
        // below): the surest other parser over what is left reads or
        // passes over that line; every line it reads or passes over is
        // left to the later rounds. An AIM7 table above a uperf run read
        // the progress as its rows and lost its 12 figures.
        let theirs = from_paragraph.or_else(|| {
            let rest = input.blanked(&blank);
            let theirs = detect_among(&rest, &own)?.parse(&rest).ok()?;
            let lines: Vec<usize> = theirs.read_lines().chain(theirs.passed_lines.iter().copied()).collect();
            lines.contains(&line).then_some(lines)
        });
        let Some(theirs) = theirs else { break };
        for l in theirs {
            if let Some(b) = l.checked_sub(1).and_then(|k| blank.get_mut(k)) {
                *b = true;
            }
        }
        outcome = parser.parse(&input.blanked(&blank));
    }
    match (outcome, first_error) {
        (Ok(mut p), _) if !p.samples.is_empty() => {
            p.notes.extend(notes);
            Ok(p)
        }
        (outcome, None) => outcome,
        (_, Some(e)) => Err(e),
    }
}

/// What `parser` reads of `text` (the round's lines, or them with bad
/// cells mended, [`read_past_bad_cells`]) beside the `spans` other
/// segments read: the last line cut, figures past a double's digits noted
/// (of `current`'s text), figures no metric can take dropped.
fn read_round(
    current: &Input,
    text: &Input,
    parser: &'static dyn BenchParser,
    spans: &[(usize, usize, &str)],
) -> Result<ParsedFile, ParseError> {
    let first = super::cut::retry_without_last_line(parser, text, parser.parse(text));
    let mut outcome = around_others(text, parser, first, spans);
    if let Ok(parsed) = &mut outcome {
        super::cut::last_line(parser, text, parsed);
        super::num::note_inexact(current, parsed);
        super::num::drop_impossible_negatives(parsed);
    }
    outcome
}

/// Each line of `input` (0-based) holding a cell no number is made of
/// ([`bad_cell`], in [`cells_of`] the line's cells), with those cells.
fn bad_cells_by_line(input: &Input) -> Vec<(usize, Vec<&str>)> {
    input
        .lines
        .iter()
        .enumerate()
        .filter(|(_, line)| may_hold_bad_cell(line))
        .filter_map(|(i, line)| {
            let cells: Vec<&str> = crate::lines::words(cells_of(line)).filter(|w| bad_cell(w)).collect();
            (!cells.is_empty()).then_some((i, cells))
        })
        .collect()
}

/// False only when no word of `line` can be a [`bad_cell`], told from its
/// bytes in one pass, no word split off: a bad cell is a `nan`, `inf` or
/// `infinity` (any case), or a figure with a `,` (grouped), or one whose
/// `e` or `E` follows a digit or `.` (the exponent: the text before it is
/// the figure's digits), or one over 308 bytes. Most lines of a file have
/// none of these (bad_cells_by_line asked every word of every line: 100 M
/// instructions of a debug build of ten kernels).
fn may_hold_bad_cell(line: &str) -> bool {
    let b = line.as_bytes();
    if b.len() > 308 {
        return true;
    }
    let mut prev = b' ';
    for (i, &c) in b.iter().enumerate() {
        match c {
            b',' => return true,
            b'e' | b'E' if prev.is_ascii_digit() || prev == b'.' => return true,
            b'n' | b'N' | b'i' | b'I' => {
                let rest = &b[i + 1..];
                let tail: &[u8] = if c == b'n' || c == b'N' { b"an" } else { b"nf" };
                if rest.len() >= 2 && rest[..2].eq_ignore_ascii_case(tail) {
                    return true;
                }
            }
            _ => {}
        }
        prev = c;
    }
    false
}

/// Reads past the cells of `current` no number is made of ([`bad_cell`]:
/// `NaN`, `inf`, `262,602.4`, `1e309`): a parser that refuses one refuses
/// more than its line (an fs_mark table's 128 figures, a UnixBench
/// report's 51, a stress-ng run, a schbench column, a tiobench table, a
/// lat_mem_rd series: attack59 F1/F2). Each such cell is made a figure
/// twice over, once 987654321 and once 123456789 (else 98765.4321 and
/// 12345.6789, for a parser that wants decimals), and read: where both
/// readings agree on every figure of every other line (no other figure
/// was made of the stand-in: no mean, no parameter, no label), what they
/// read of the bad cells' lines is dropped, each such line warned of, and
/// the reading is kept if it holds more figures than `outcome` did.
/// Otherwise `outcome` stays (and [`note_bad_cells`] says what it cost).
/// `file_bad` is the file's [`bad_cells_by_line`]; the round's text
/// holds each line as the file's or blanked, so its own are those not
/// blanked.
fn read_past_bad_cells(
    current: &Input,
    file_bad: &[(usize, Vec<&str>)],
    parser: &'static dyn BenchParser,
    outcome: Result<ParsedFile, ParseError>,
    spans: &[(usize, usize, &str)],
) -> Result<ParsedFile, ParseError> {
    // Each line of this round with a bad cell, and its bad cells.
    let bad: Vec<&(usize, Vec<&str>)> =
        file_bad.iter().filter(|(i, _)| current.lines.get(*i).is_some_and(|l| !l.is_empty())).collect();
    if bad.is_empty() {
        return outcome;
    }
    let had = outcome.as_ref().map_or(0, |p| p.samples.len());
    let on_bad = |l: usize| bad.iter().any(|(i, _)| i + 1 == l);
    let mended = |stand_in: &str| {
        let mut lines = current.lines.clone();
        for (i, cells) in &bad {
            for cell in cells {
                let bare = cell_core(cell);
                // The cell's printed decimals kept (`NaN.0` as
                // `987654321.0`: UnixBench wants its one decimal).
                let frac = bare
                    .rsplit_once('.')
                    .map(|(_, f)| f)
                    .filter(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) && !stand_in.contains('.'));
                let figure = match frac {
                    Some(f) => format!("{stand_in}.{f}"),
                    None => stand_in.to_string(),
                };
                lines[*i] = lines[*i].replacen(bare, &figure, 1);
            }
        }
        read_round(current, &current.with_lines(lines), parser, spans)
    };
    for (a, b) in [("987654321", "123456789"), ("1", "2"), ("98765.4321", "12345.6789")] {
        let (Ok(mut x), Ok(y)) = (mended(a), mended(b)) else { continue };
        fn rest(p: &ParsedFile, on_bad: impl Fn(usize) -> bool) -> (Vec<&crate::model::Sample>, Vec<&(usize, String)>) {
            (
                p.samples.iter().filter(|s| !on_bad(s.line)).collect(),
                p.notes.iter().filter(|(l, _)| !on_bad(*l)).collect(),
            )
        }
        if rest(&x, on_bad) != rest(&y, on_bad) {
            continue;
        }
        // The bad lines the stand-ins were read from (not lines of
        // another output the cell happened to be on).
        let read: Vec<usize> = x.samples.iter().map(|s| s.line).filter(|&l| on_bad(l)).collect();
        // Of a bad line, what both readings read alike: the line's other
        // cells (a tiobench row's 11 other figures), never the stand-in
        // nor what is worked out from it.
        x.samples.retain(|s| !on_bad(s.line) || y.samples.contains(s));
        x.notes.retain(|n| !on_bad(n.0) || y.notes.contains(n));
        if x.samples.len() <= had {
            continue;
        }
        for (i, cells) in &bad {
            let n = i + 1;
            if !read.contains(&n) {
                continue;
            }
            let cells: Vec<String> = cells.iter().map(|c| format!("`{c}`")).collect();
            let rest =
                if x.samples.iter().any(|s| s.line == n) { "the rest of the line and of" } else { "the rest of" };
            x.notes.push((
                n,
                format!(
                    "{} is no figure: not read, nor what {} works out from it; {rest} the {} output was read",
                    cells.join(", "),
                    parser.id(),
                    parser.id()
                ),
            ));
        }
        x.notes.sort_by_key(|n| n.0);
        return Ok(x);
    }
    outcome
}

/// The first line `parser` reads a number from above `line`, where it
/// failed (its paragraph and all below blanked); `line` itself when it
/// reads none there. An AIM9 report of lines 1-31 that fails at line 35
/// loses lines 1-35, which the warning must say, not "line 35".
fn read_before(input: &Input, parser: &'static dyn BenchParser, line: usize) -> usize {
    let Some(i) = line.checked_sub(1).filter(|&i| i < input.lines.len()) else { return line };
    let (start, _) = input.paragraph_at(i);
    let below: Vec<bool> = (0..input.lines.len()).map(|k| k >= start).collect();
    match parser.parse(&input.blanked(&below)) {
        Ok(p) => p.read_lines().filter(|&l| l >= 1).min().map_or(line, |l| l.min(line)),
        Err(_) => line,
    }
}

/// What a parser that failed at `line` reads once that line is blanked
/// (and, a few times, the next line it then fails at): the first and last
/// line it reads a figure from and how many figures, all of them lost with
/// the segment. `None` when it still reads nothing. One `NaN.0` cell in a
/// UnixBench index table cost its 51 figures, and the warning spoke of
/// "lines 11-11 (1 lines)" (attack59).
fn lost_around(input: &Input, parser: &'static dyn BenchParser, line: usize) -> Option<(usize, usize, usize)> {
    let n = input.lines.len();
    // The bad cell made a figure (`262,602.4`, `NaN.0` as `1`): what the
    // parser reads then is what the segment held, the line's own aside.
    if let Some(text) = line.checked_sub(1).and_then(|i| input.lines.get(i))
        && let Some(cell) = text.words().find(|w| bad_cell(w))
    {
        let mut lines = input.lines.clone();
        lines[line - 1] = text.replacen(cell, "1", 1);
        if let Ok(p) = parser.parse(&input.with_lines(lines))
            && p.samples.iter().any(|s| s.line != line)
        {
            let others = p.samples.iter().filter(|s| s.line != line).count();
            let first = p.read_lines().filter(|&l| l >= 1).min()?;
            let last = p.read_lines().max()?;
            return Some((first, last, others));
        }
    }
    let mut blank = vec![false; n];
    let mut at = line;
    for _ in 0..8 {
        *blank.get_mut(at.checked_sub(1)?)? = true;
        match parser.parse(&input.blanked(&blank)) {
            Ok(p) if !p.samples.is_empty() => {
                let first = p.read_lines().filter(|&l| l >= 1).min()?;
                let last = p.read_lines().max()?;
                return Some((first, last, p.samples.len()));
            }
            Err(ParseError::Malformed { line: next, .. }) if next != at => at = next,
            _ => return None,
        }
    }
    None
}

/// Reads each segment of a file holding several again, with the paragraphs
/// the other segments took blanked, and the text above the end of the
/// segment wholly above it and below the start of the one wholly below it
/// (a title printed over another benchmark's output, an `lmbench` banner,
/// a Markdown heading 120 lines up): what a parser takes from the lines
/// above a result (a `# hackbench …` comment or a Markdown heading as the
/// group of a kernbench block, a command line's parameters, a label) must
/// come from its own benchmark's output, never from another's. The first
/// round read the whole file; a kernbench block under a hackbench run got
/// the hackbench comment as its group. The reading alone is kept when it
/// reads numbers from the same lines as before; otherwise (a parser that
/// needs a line another segment took) the first reading stays. The lines
/// of a copy the kept reading left out as pasted twice are added to
/// `copied`.
fn reread_alone(input: &Input, segments: &mut [Segment], took: &[(usize, Vec<bool>)], copied: &mut Vec<usize>) {
    if took.len() < 2 {
        return;
    }
    // First and last line index (0-based) of each segment's paragraphs.
    let spans: Vec<(usize, usize)> = took
        .iter()
        .map(|(_, t)| (t.iter().position(|&x| x).unwrap_or(0), t.iter().rposition(|&x| x).unwrap_or(0)))
        .collect();
    // Every line a segment read a number from.
    let mut read: Vec<usize> =
        segments.iter().filter_map(|s| s.outcome.as_ref().ok()).flat_map(|p| p.read_lines()).collect();
    read.sort_unstable();
    read.dedup();
    // A command that changes the system's set-up (`echo NO_FAIR_SLEEPERS >
    // /debug/sched/features` over `./doit-schbench.sh ;
    // ./doit-hackbench-series.sh`) sets up every output below it, not only
    // the benchmark whose paragraph holds it: kept for every segment. Peter
    // Zijlstra's schbench mail (LKML 2023-03) had its two settings'
    // perf-stat means averaged, the `echo` lines blanked with schbench's
    // paragraph.
    // So does sbc-bench's `Executing benchmark on cpu2 (Cortex-A73):` over
    // each cluster's tinymembench run: openssl's rows of each cluster, far
    // below in their own segment, are told apart by the cores it names
    // (blanked as the text above the nearest other segment, they were
    // `cluster` 1, 2: archive54 O2, an ODROID-N2+ log of sbc-bench 0.9.3).
    let setup: Vec<bool> = input
        .lines
        .iter()
        .map(|l| super::labels::is_setup_command(l) || super::openssl_speed::cluster_line(l.trim()).is_some())
        .collect();
    for (n, (k, taken)) in took.iter().enumerate() {
        let seg = &mut segments[*k];
        let (start, end) = spans[n];
        // The end of the nearest other segment wholly above this one, and
        // the start of the nearest wholly below: the text beyond them is
        // that other benchmark's (its title, its headings).
        let floor = spans.iter().enumerate().filter(|&(m, s)| m != n && s.1 < start).map(|(_, s)| s.1).max();
        let ceiling = spans.iter().enumerate().filter(|&(m, s)| m != n && s.0 > end).map(|(_, s)| s.0).min();
        // A command line that runs this segment's program is its own,
        // in whichever other segment's paragraph it stands: `taskset 4 perf
        // stat --null --repeat 5 perf bench sched pipe` heads perf bench's
        // runs and sets up perf stat's means below them (Ingo Molnar's
        // three set-ups' means, LKML 2025-03, were averaged with a warning:
        // perf stat saw none of the command lines).
        // Only inside another's paragraph: above the nearest other
        // segment, a command line is of the text that segment heads (a
        // script's `perf bench sched messaging -g 40 -l 12000 &` over
        // cyclictest's runs, whose perf bench result is read from its
        // own lines below them).
        let program = seg.parser.id();
        // So is AIM7's own title (`AIM7 compute workload`, its group) glued
        // under another output with no blank line (19 pairs of
        // tests/segments.rs, glued55: AIM7 read alone lost its group).
        let parser = seg.parser;
        let own_title = |i: usize| parser.own_title(&input.lines[i]);
        let others: Vec<bool> = (0..input.lines.len())
            .map(|i| {
                let theirs = took.iter().any(|(j, t)| j != k && t.get(i).copied().unwrap_or(false));
                !taken[i]
                    && !setup[i]
                    && !(theirs && (super::labels::runs_program(&input.lines[i], program) || own_title(i)))
                    && (floor.is_some_and(|f| i <= f) || ceiling.is_some_and(|c| i >= c) || theirs)
            })
            .collect();
        // Such a command line's own continuation lines (its `\` at the end,
        // `perf stat -a \` over `-e event \` … `-- openssl speed rsa2048`
        // inside openssl's paragraph, wildmod56) are the command's too.
        let mut others = others;
        for i in 1..others.len() {
            let above = &input.lines[i - 1];
            if others[i]
                && !others[i - 1]
                && !taken[i - 1]
                && !setup[i - 1]
                && above.trim_end().ends_with('\\')
                && !input.lines[i].trim().is_empty()
            {
                others[i] = false;
            }
        }
        let alone = input.blanked(&others);
        let Ok(before) = &seg.outcome else { continue };
        let Ok(mut parsed) = seg.parser.parse(&alone) else { continue };
        super::cut::last_line(seg.parser, &alone, &mut parsed);
        super::num::note_inexact(&alone, &mut parsed);
        let pasted = super::repeats::drop_pasted_twice(&alone, &mut parsed);
        let _ = drop_repeated_paragraphs(seg.parser, &alone, &mut parsed);
        super::repeats::drop_repeated_figures(&alone, &mut parsed);
        super::labels::apply(&alone, &mut parsed);
        seg.parser.after_labels(&alone, &mut parsed);
        super::repeats::warn_near_copies(&alone, &mut parsed);
        super::repeats::drop_quoted_lmbench_rows(&alone, &mut parsed);
        let lines = |p: &ParsedFile| {
            let mut l: Vec<usize> = p.read_lines().collect();
            l.sort_unstable();
            l
        };
        if lines(&parsed) == lines(before) {
            // What the first reading said of lines beyond this segment that
            // no segment read (`looks like a kernbench result and was not
            // read` under a dbench line that cut its block) still holds.
            let kept: Vec<(usize, String)> = before
                .notes
                .iter()
                .filter(|(l, _)| {
                    (*l < start + 1 || *l > end + 1)
                        && read.binary_search(l).is_err()
                        && !parsed.notes.iter().any(|(m, _)| m == l)
                })
                .cloned()
                .collect();
            parsed.notes.extend(kept);
            parsed.notes.sort_by_key(|n| n.0);
            seg.outcome = Ok(parsed);
            copied.extend(pasted);
        }
    }
}

/// The note on a line that looks like `id`'s result and gave no number,
/// with "a" or "an" as the id is said ("an aim9", "an lmbench", "a dbench").
fn unread_note(id: &str) -> String {
    let article = if id.starts_with(['a', 'e', 'i', 'o', 'u']) || id.starts_with("lmbench") { "an" } else { "a" };
    format!("looks like {article} {id} result and was not read")
}

/// A cell no number is made of: `NaN`, `inf` (any case, a sign or a tail
/// like `NaN.0` after it), a figure grouped by commas with a decimal point
/// (`262,602.4`: no benchmark prints one; a hand or a locale wrote it), or
/// one too large for a double (`1e309`).
pub(crate) fn bad_cell(word: &str) -> bool {
    let w = cell_core(word);
    // (Asked of every word of every file: compared in place, no lowered
    // copy of each word.)
    let bare = w.trim_start_matches(['-', '+']);
    let named = |k: &str| {
        bare.get(..k.len()).is_some_and(|head| head.eq_ignore_ascii_case(k))
            && (bare.len() == k.len() || bare[k.len()..].starts_with('.'))
    };
    if ["nan", "inf", "infinity"].into_iter().any(named) {
        return true;
    }
    let grouped = w.split_once('.').is_some_and(|(int, frac)| {
        let mut groups = int.trim_start_matches(['-', '+']).split(',');
        let head = groups.next().unwrap_or("");
        let rest: Vec<&str> = groups.collect();
        !rest.is_empty()
            && (1..=3).contains(&head.len())
            && head.bytes().all(|b| b.is_ascii_digit())
            && rest.iter().all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()))
            && !frac.is_empty()
            && frac.bytes().all(|b| b.is_ascii_digit())
    });
    // Past a double only with an exponent or over 308 digits: other
    // figures are not parsed a second time here.
    grouped
        || (w.bytes().next().is_some_and(|b| b.is_ascii_digit())
            && (w.len() > 308 || w.bytes().any(|b| b == b'e' || b == b'E'))
            && w.parse::<f64>().is_ok_and(|v| v.is_infinite()))
}

/// A word without the punctuation around a cell (`(NaN)`, `1e309,`,
/// `[inf]`): what [`bad_cell`] judges, and what [`read_past_bad_cells`]
/// replaces by a stand-in.
fn cell_core(word: &str) -> &str {
    word.trim_matches(|c: char| matches!(c, ',' | ';' | '(' | ')' | '|' | '[' | ']'))
}

/// The part of `line` that holds cells: up to a comment (perf stat's
/// `#  -nan% of all branches`), unless the line starts with it (PostMark's
/// report, every line of which starts with `#`: `#  NaN seconds of
/// transactions (272.88 per second)`, attack59).
fn cells_of(line: &str) -> &str {
    let t = line.trim_start();
    let t = t.strip_prefix('#').unwrap_or(t);
    t.split('#').next().unwrap_or("")
}

/// The safety net for a damaged figure: a line no segment read, inside or
/// beside (same paragraph) the lines a segment read, holding a cell no
/// number is made of ([`bad_cell`]), is noted on that segment at its line.
/// A parser refusing such a row often drops more than the row (a stress-ng
/// run, a schbench column, a tiobench table): one `NaN` in an AIM9 row or
/// a schbench table cost its figures with no word at all (attack59).
/// `bad` is the file's [`bad_cells_by_line`] (a perf stat comment,
/// `#  -nan% of all branches`, holds no cell).
fn note_bad_cells(input: &Input, bad: &[(usize, Vec<&str>)], segments: &mut [Segment], read_lines: &[usize]) {
    let noted = noted_lines(segments);
    for (i, cells) in bad {
        let (i, line) = (*i, &input.lines[*i]);
        let n = i + 1;
        if noted.contains(&n) {
            continue;
        }
        // A figure grouped by commas that repeats one read (a report's
        // hand summary, `Operations/sec (real): 6,466.63`, of the run read
        // above it) lost nothing.
        let repeats = |w: &str| {
            let bare = w.trim_matches(|c: char| !c.is_ascii_digit()).replace(',', "");
            bare.parse::<f64>().is_ok_and(|v| {
                segments
                    .iter()
                    .filter_map(|s| s.outcome.as_ref().ok())
                    .flat_map(|p| &p.samples)
                    .any(|x| x.value.mean() == v)
            })
        };
        let Some(cell) = cells.iter().copied().find(|w| !repeats(w)) else { continue };
        let k = if read_lines.binary_search(&n).is_ok() {
            // Read for another cell of the line (a side-by-side table's
            // other column): the segment that read it.
            segments.iter().position(|s| s.outcome.as_ref().is_ok_and(|p| p.read_lines().any(|l| l == n)))
        } else {
            let (start, end) = input.paragraph_at(i);
            segments.iter().position(|s| s.outcome.is_ok() && s.lines.0 <= end + 1 && start < s.lines.1).or_else(|| {
                // A run or table the parser dropped whole: the parser
                // that reads the line with the cell a figure.
                let mut lines = input.lines.clone();
                lines[i] = line.replacen(cell, "1", 1);
                let mended = input.with_lines(lines);
                segments.iter().position(|s| {
                    s.outcome.is_ok() && s.parser.parse(&mended).is_ok_and(|p| p.samples.iter().any(|x| x.line == n))
                })
            })
        };
        let Some(seg) = k.map(|k| &mut segments[k]) else { continue };
        let id = seg.parser.id();
        if let Ok(p) = &mut seg.outcome {
            p.notes.push((
                n,
                format!(
                    "`{cell}` is no figure: it was not read, nor what {id} reads with it (a row, a run, a \
                     column or a table may be missing)"
                ),
            ));
            p.notes.sort_by_key(|x| x.0);
        }
    }
}

/// The safety net under every parser: a line of the file that reads like
/// one a segment took a number from (the same words, with other numbers:
/// `Elapsed Time 28.09 (0.18)` beside the `Elapsed Time 27.85 (0.12)` that
/// was read) but gave no number itself is noted on its segment, "looks like
/// a kernbench result and was not read". A paragraph a parser already said
/// something about (a quoted repeat skipped, a row it could not place) is
/// taken as accounted for.
fn note_unread_lookalikes(input: &Input, segments: &mut [Segment], read_lines: &[usize]) {
    if read_lines.is_empty() {
        return;
    }
    let noted = noted_lines(segments);
    let accounted = paragraphs_of(input, noted.into_iter());
    // Each segment's shapes of the lines it read, made for the first line
    // that needs them (most files have none).
    let shapes_of = |segments: &[Segment]| -> Vec<rustc_hash::FxHashSet<u64>> {
        segments
            .iter()
            .map(|s| match &s.outcome {
                Ok(p) => {
                    let mut lines: Vec<usize> = p.samples.iter().map(|x| x.line).collect();
                    lines.dedup();
                    lines.iter().filter_map(|&n| input.lines.get(n.wrapping_sub(1))).map(|l| shape_hash(l)).collect()
                }
                Err(_) => Default::default(),
            })
            .collect()
    };
    let mut shapes: Option<Vec<rustc_hash::FxHashSet<u64>>> = None;
    // The first word of every read line: a line starting otherwise cannot
    // have a read line's shape, and is not hashed.
    let firsts: rustc_hash::FxHashSet<&str> =
        read_lines.iter().filter_map(|&n| input.lines.get(n - 1)).map(|l| first_word(l)).collect();
    for (i, line) in input.lines.iter().enumerate() {
        let n = i + 1;
        if accounted[i]
            || read_lines.binary_search(&n).is_ok()
            || !firsts.contains(first_word(line))
            || !line.bytes().any(|b| b.is_ascii_digit())
        {
            continue;
        }
        let sh = shape_hash(line);
        let shapes = shapes.get_or_insert_with(|| shapes_of(segments));
        if let Some(k) = shapes.iter().position(|set| set.contains(&sh))
            && !segments[k].parser.unmeasured(input, n)
            && let Ok(p) = &mut segments[k].outcome
        {
            p.notes.push((n, unread_note(segments[k].parser.id())));
        }
    }
    for s in segments.iter_mut() {
        if let Ok(p) = &mut s.outcome {
            p.notes.sort_by_key(|n| n.0);
        }
    }
}

/// The safety net under the paragraph blanking: two outputs printed with no
/// blank line between them (a script log's dbench `Throughput` lines right
/// under a kernbench block) are one paragraph, which the first segment
/// takes whole, so the second benchmark's lines are never read. The lines
/// of the taken paragraphs that no segment read are offered to the parsers
/// of the benchmarks not read yet, and to those of the segments read (the
/// lines they read in a paragraph of another family's); each line one of
/// them would read is noted on the segment that took its paragraph, "looks
/// like a dbench result and was not read".
fn note_hidden_results(
    input: &Input,
    segments: &mut [Segment],
    took: &[(usize, Vec<bool>)],
    families: &[&str],
    read: &[usize],
) {
    // Blanked: every line but the unread ones of taken paragraphs.
    let blank: Vec<bool> = (0..input.lines.len())
        .map(|i| read.binary_search(&(i + 1)).is_ok() || !took.iter().any(|(_, t)| t[i]))
        .collect();
    // No number left unread in those paragraphs: nothing to find.
    if input.lines.iter().zip(&blank).all(|(l, &b)| b || !l.bytes().any(|c| c.is_ascii_digit())) {
        return;
    }
    let hidden = input.blanked(&blank);
    let mut done: Vec<&str> = families.to_vec();
    while let Some(parser) = detect_among(&hidden, &done) {
        done.push(family(parser.id()));
        let Ok(parsed) = parser.parse(&hidden) else { continue };
        let mut lines: Vec<usize> = parsed.read_lines().collect();
        lines.sort_unstable();
        lines.dedup();
        for n in lines {
            let Some((k, _)) = took.iter().find(|(_, t)| t.get(n.wrapping_sub(1)).copied().unwrap_or(false)) else {
                continue;
            };
            let by = segments[*k].parser.id();
            // A line the segment said why it did not read (a dbench run's
            // `time` record, the run cut short) needs no second word.
            if let Ok(p) = &mut segments[*k].outcome
                && !p.notes.iter().any(|x| x.0 == n)
            {
                p.notes.push((n, format!("{} (its paragraph was read as {by})", unread_note(parser.id()))));
            }
        }
    }
    // The benchmarks read elsewhere in the file are asked too: lines of
    // their output in a paragraph another benchmark took (a tinymembench
    // latency table glued above a CoreMark report, taken whole by CoreMark,
    // tinymembench's bandwidth tests read above it: 8 figures lost without
    // a word, seg54) are noted where another family's segment took them.
    for k in 0..segments.len() {
        let parser = segments[k].parser;
        if segments[k].outcome.is_err() {
            continue;
        }
        // A line is noted only where a segment of another family took its
        // paragraph: where every taken paragraph is this family's (a file
        // of one benchmark, most files), its reading can note nothing and
        // is not made (a kernbench file's progress lines and headers,
        // read again as a file of their own, cost more than its whole
        // reading, session 56).
        if took.iter().all(|(j, _)| family(segments[*j].parser.id()) == family(parser.id())) {
            continue;
        }
        let Ok(parsed) = parser.parse(&hidden) else { continue };
        let mut lines: Vec<usize> = parsed.read_lines().collect();
        lines.sort_unstable();
        lines.dedup();
        for n in lines {
            let Some(&(j, _)) = took.iter().find(|(_, t)| t.get(n.wrapping_sub(1)).copied().unwrap_or(false)) else {
                continue;
            };
            let by = segments[j].parser.id();
            if family(by) == family(parser.id()) {
                continue;
            }
            if let Ok(p) = &mut segments[j].outcome
                && !p.notes.iter().any(|x| x.0 == n)
            {
                p.notes.push((n, format!("{} (its paragraph was read as {by})", unread_note(parser.id()))));
            }
        }
    }
}

/// A line's first word, up to white space or a digit (`Throughput`, `#`
/// for a line starting with a number).
fn first_word(line: &str) -> &str {
    let t = line.trim_start();
    // Byte by byte while the text is ASCII (what `char::is_whitespace`
    // says of an ASCII byte is `is_char_space`'s); by character from the
    // first other byte on.
    let ascii_end = t.bytes().position(|b| !b.is_ascii() || is_char_space(b) || b.is_ascii_digit()).unwrap_or(t.len());
    let end = if t.as_bytes().get(ascii_end).is_some_and(|b| !b.is_ascii()) {
        ascii_end
            + t[ascii_end..].find(|c: char| c.is_whitespace() || c.is_ascii_digit()).unwrap_or(t.len() - ascii_end)
    } else {
        ascii_end
    };
    if end == 0 && !t.is_empty() { "#" } else { &t[..end] }
}

/// True for the ASCII bytes [`char::is_whitespace`] holds white space:
/// space, tab, line feed, vertical tab, form feed, carriage return
/// (`u8::is_ascii_whitespace` leaves out the vertical tab).
fn is_char_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// A hash of a line's shape: its words with every number as `#` and white
/// space folded (`Throughput 12.3 MB/sec  8 procs` reads as `Throughput #
/// MB/sec # procs`), made without building that text.
pub(crate) fn shape_hash(line: &str) -> u64 {
    let t = line.trim();
    if t.is_ascii() { shape_hash_ascii(t.as_bytes()) } else { shape_hash_chars(t) }
}

/// [`shape_hash`] of a trimmed line, character by character.
fn shape_hash_chars(t: &str) -> u64 {
    shape_hash_of(t.chars().map(u32::from), |u| char::from_u32(u).is_some_and(char::is_whitespace))
}

/// [`shape_hash`] of an ASCII line, byte by byte: the same hash (each
/// byte is written as the `char` it is).
fn shape_hash_ascii(line: &[u8]) -> u64 {
    shape_hash_of(line.iter().map(|&b| u32::from(b)), |u| u8::try_from(u).is_ok_and(is_char_space))
}

/// [`shape_hash`] of a line given as its characters' code points, white
/// space told by `is_space` (each caller's own test, made for its kind of
/// text: the one loop is built twice, for bytes and for characters).
fn shape_hash_of(units: impl Iterator<Item = u32>, is_space: impl Fn(u32) -> bool) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    let mut in_number = false;
    let mut space = false;
    for u in units {
        if (u32::from(b'0')..=u32::from(b'9')).contains(&u) || (in_number && u == u32::from(b'.')) {
            if !in_number {
                if space {
                    h.write_u8(b' ');
                }
                h.write_u8(b'#');
            }
            in_number = true;
            space = false;
        } else if is_space(u) {
            in_number = false;
            space = true;
        } else {
            if space {
                h.write_u8(b' ');
            }
            h.write_u32(u);
            in_number = false;
            space = false;
        }
    }
    h.finish()
}

/// The surest parser for `input` among those whose family has not read
/// the file yet (every one of them is asked: this runs only on what
/// earlier rounds left).
fn detect_among(input: &Input, done: &[&str]) -> Option<&'static dyn BenchParser> {
    super::detect_among(input, |p| !done.contains(&family(p.id())))
}

/// Drops the samples of a paragraph that repeats an earlier one of the file
/// word for word (white space aside), with a warning: a reply quoting the
/// results again, a post pasting one table twice. Only paragraphs with two
/// or more lines that gave numbers count: two runs of a benchmark can print
/// the same single line (`Throughput 12.3 MB/sec 8 procs`), but not the same
/// table. A paragraph whose read lines are all a shell's `time` lines
/// (`real\t0m47.112s`, `user 0.50`, `sys 0.10`) never counts: two runs can
/// time alike to the millisecond. A parser's own finer check (bonnie++'s CSV line repeating its
/// text report) is left to it. A paragraph that sums up the results above
/// it ([`BenchParser::summed_lines`]: fio's `Run status group` block)
/// repeats an earlier one only when those results repeat too: a second run
/// of other job figures whose totals round alike prints the same block,
/// which is that run's own (read, with a note). Returns the paragraphs
/// dropped (first and last line, 1-based).
#[must_use]
fn drop_repeated_paragraphs(parser: &dyn BenchParser, input: &Input, parsed: &mut ParsedFile) -> Vec<(usize, usize)> {
    let mut read: Vec<usize> = parsed.read_lines().filter(|&l| (1..=input.lines.len()).contains(&l)).collect();
    read.sort_unstable();
    read.dedup();
    // (first line, last line, hash of the words) of each paragraph with
    // two read lines and at least six numbers on them.
    let mut paragraphs: Vec<(usize, usize, u64)> = Vec::new();
    let mut i = 0;
    while i < read.len() {
        let (start, end) = input.paragraph_at(read[i] - 1);
        let inside = read[i..].iter().take_while(|&&l| l - 1 <= end).count();
        let lines = || read[i..i + inside].iter().map(|&l| input.lines[l - 1].as_str());
        if inside >= 2
            && lines().map(count_numbers).sum::<usize>() >= MIN_REPEATED_NUMBERS
            && !lines().all(is_shell_time_line)
        {
            paragraphs.push((start + 1, end + 1, 0));
        }
        i += inside.max(1);
    }
    // One such paragraph (a file's one table) repeats nothing: no hashing.
    if paragraphs.len() < 2 {
        return Vec::new();
    }
    for p in &mut paragraphs {
        p.2 = words_hash(&input.lines[p.0 - 1..p.1]);
    }
    let mut dropped: Vec<(usize, usize)> = Vec::new();
    let mut first: rustc_hash::FxHashMap<u64, (usize, usize)> = rustc_hash::FxHashMap::default();
    for &(a, b, hash) in &paragraphs {
        match first.get(&hash) {
            // The hash found a candidate: the words decide.
            Some(&(fa, fb)) if same_words(&input.lines[fa - 1..fb], &input.lines[a - 1..b]) => {
                if let (Some((sa, sb)), Some((ra, rb))) =
                    (parser.summed_lines(input, fa), parser.summed_lines(input, a))
                    && !same_words(&input.lines[sa - 1..sb], &input.lines[ra - 1..rb])
                {
                    let msg = format!(
                        "lines {a}-{b} print what lines {fa}-{fb} print, but sum up results of their own (lines {ra}-{rb}, not those of lines {sa}-{sb}): another run's totals, read"
                    );
                    parsed.notes.push((a, msg));
                    continue;
                }
                // A warning: a second run printing the very same figures
                // would be lost here (rare for a table, never impossible).
                let msg =
                    format!("lines {a}-{b} repeat lines {fa}-{fb}, every word and figure: taken for a quote, not read");
                parsed.notes.push((a, msg));
                dropped.push((a, b));
            }
            Some(_) => {}
            None => {
                first.insert(hash, (a, b));
            }
        }
    }
    if !dropped.is_empty() {
        let mut gone = vec![false; input.lines.len() + 1];
        for &(a, b) in &dropped {
            gone[a..=b].fill(true);
        }
        parsed.samples.retain(|s| !gone.get(s.line).copied().unwrap_or(false));
    }
    dropped
}

/// A repeated paragraph must hold at least this many numbers on its read
/// lines to count as a repeat: two runs can print the same three `time -p`
/// lines (`real 1.00`, `user 0.50`, `sys 0.10`), not the same table.
const MIN_REPEATED_NUMBERS: usize = 6;

/// How many numbers a line holds (runs of digits, with their dots); bash's
/// `0m47.112s` (minutes and seconds) is one.
fn count_numbers(line: &str) -> usize {
    let b = line.as_bytes();
    let minutes = |i: usize| i >= 2 && b[i - 1] == b'm' && b[i - 2].is_ascii_digit();
    (0..b.len())
        .filter(|&i| {
            b[i].is_ascii_digit() && (i == 0 || !(b[i - 1].is_ascii_digit() || b[i - 1] == b'.' || minutes(i)))
        })
        .count()
}

/// True for a shell's `time` line: `real`, `user` or `sys` and one
/// duration (bash `real\t0m47.112s`, POSIX `time -p` `real 47.11`).
pub(crate) fn is_shell_time_line(line: &str) -> bool {
    let mut words = line.words();
    matches!(words.next(), Some("real" | "user" | "sys"))
        && words.next().is_some_and(|d| d.starts_with(|c: char| c.is_ascii_digit()))
        && words.next().is_none()
}

/// A hash of `lines`' words, white space aside.
fn words_hash(lines: &[String]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    for l in lines {
        for w in crate::lines::words(l) {
            w.hash(&mut h);
        }
        0xffu8.hash(&mut h);
    }
    h.finish()
}

/// True when two runs of lines hold the same words, line by line.
fn same_words(a: &[String], b: &[String]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| crate::lines::words(x).eq(crate::lines::words(y)))
}

/// The lines (1-based) the notes of every segment read name, segment by
/// segment: lines already said, which a later check does not say again.
fn noted_lines(segments: &[Segment]) -> Vec<usize> {
    segments.iter().filter_map(|s| s.outcome.as_ref().ok()).flat_map(|p| p.notes.iter().map(|n| n.0)).collect()
}

/// Marks, per line, the paragraphs (runs of non-blank lines) that hold one
/// of `lines` (1-based).
fn paragraphs_of(input: &Input, lines: impl Iterator<Item = usize>) -> Vec<bool> {
    let n = input.lines.len();
    let mut taken = vec![false; n];
    for line in lines {
        let Some(i) = line.checked_sub(1).filter(|&i| i < n) else { continue };
        if taken[i] {
            continue;
        }
        let (start, end) = input.paragraph_at(i);
        taken[start..=end].fill(true);
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_cells_are_nan_inf_grouped_decimals_and_overflows() {
        let long = format!("{}.5", "9".repeat(309));
        for w in ["NaN", "-nan", "NaN.0", "inf", "-Infinity", "262,602.4", "(1,002.8)", "1e309", "1E400", &long] {
            assert!(bad_cell(w), "{w}");
        }
        for w in ["1,234", "526,743,764", "1.5", "nano", "info:", "12,5", "1,2345.6", "262602.4", "x1e309"] {
            assert!(!bad_cell(w), "{w}");
        }
    }

    proptest::proptest! {
        /// [`may_hold_bad_cell`] says false of no line with a [`bad_cell`]:
        /// lines of figures, signs, punctuation around cells, exponents,
        /// `nan`/`inf` in any case and white space of every kind.
        #[test]
        fn no_bad_cell_where_none_may_be(
            line in "([ \t\u{a0}]|[-+(\\[|;,.#]|[0-9]{1,3}|[eE]|nan|NaN|inf|INF|Infinity|[a-z]{1,4}|é){0,14}"
        ) {
            let bad = crate::lines::words(cells_of(&line)).any(bad_cell);
            proptest::prop_assert!(!bad || may_hold_bad_cell(&line), "{line:?}");
        }
    }

    #[test]
    fn bad_cells_only_on_lines_that_may_hold_them() {
        let long = format!("x {}", "9".repeat(309));
        for l in ["NaN", "a -nan b", "(1,002.8)", "x 1e309", "1.E400 y", "[inf]", "INFINITY", &long] {
            assert!(may_hold_bad_cell(l), "{l}");
        }
        for l in ["Throughput 12.3 MB/sec 64 procs", "real 1m2.5s", "", "x1f", "Elapsed Time 28.09"] {
            assert!(!may_hold_bad_cell(l), "{l}");
        }
        // Files of the corpus: every line with a bad cell is one that may hold one.
        let dirs = ["../shared/corpus", "../shared/corpus-modern", "tests/fixtures"];
        let mut seen = 0;
        for dir in dirs {
            let Ok(walk) = std::fs::read_dir(dir) else {
                eprintln!("{dir} absent: its files skipped");
                continue;
            };
            let mut stack: Vec<std::path::PathBuf> = walk.flatten().map(|e| e.path()).collect();
            while let Some(p) = stack.pop() {
                if p.is_dir() {
                    stack.extend(std::fs::read_dir(&p).into_iter().flatten().flatten().map(|e| e.path()));
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&p) else { continue };
                for line in text.lines() {
                    if cells_of(line).split_whitespace().any(bad_cell) {
                        seen += 1;
                        assert!(may_hold_bad_cell(line), "{}: {line:?}", p.display());
                    }
                }
            }
        }
        eprintln!("{seen} lines with a bad cell, each one that may hold one");
    }

    #[test]
    fn ascii_lines_hash_and_split_as_by_character() {
        let lines = [
            "Throughput 12.3 MB/sec  8 procs",
            "  \x0bElapsed\tTime 28.09 (0.18)\x0c ",
            "1.2.3 x..4 .5 a1b2",
            "",
            "   ",
            "#",
            "x\x0by",
        ];
        for l in lines {
            let t = l.trim();
            assert_eq!(shape_hash_ascii(t.as_bytes()), shape_hash_chars(t), "{l:?}");
            let by_char = {
                let t = l.trim_start();
                let end = t.find(|c: char| c.is_whitespace() || c.is_ascii_digit()).unwrap_or(t.len());
                if end == 0 && !t.is_empty() { "#" } else { &t[..end] }
            };
            assert_eq!(first_word(l), by_char, "{l:?}");
        }
        assert_eq!(first_word("Durchsatz\u{a0}12 MB/s"), "Durchsatz");
        assert_eq!(first_word("Größe 12"), "Größe");
        assert_eq!(first_word("Größe"), "Größe");
    }

    fn ids(input: &str) -> Vec<(String, bool, (usize, usize))> {
        segments(&Input::from_text(input), None)
            .into_iter()
            .map(|s| (s.parser.id().to_string(), s.outcome.is_ok(), s.lines))
            .collect()
    }

    #[test]
    fn one_benchmark_is_one_segment() {
        let text = "32 clients started\nThroughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n";
        assert_eq!(ids(text), vec![("dbench".to_string(), true, (1, 2))]);
    }

    #[test]
    fn nothing_claimed_is_no_segment() {
        assert!(ids("hello\nworld\n").is_empty());
    }

    #[test]
    fn shapes_fold_numbers_and_spaces() {
        assert_eq!(shape_hash("Throughput 12.3 MB/sec  8 procs"), shape_hash(" Throughput 1 MB/sec 16   procs"));
        assert_eq!(shape_hash("  Elapsed Time 28.094 (0.182565)"), shape_hash("Elapsed Time 1 (2)"));
        assert_ne!(shape_hash("Elapsed Time 28.094 (0.182565)"), shape_hash("Elapsed Time 28.094"));
        assert_ne!(shape_hash("User Time 1"), shape_hash("Elapsed Time 1"));
        assert_eq!(shape_hash("2.4.19-rc5"), shape_hash("2.6.0-rc1"));
    }

    #[test]
    fn a_line_shaped_like_a_read_one_and_not_read_is_noted() {
        // kernbench reads its Half load block; a block it does not know
        // (here under a header it cannot read) has lines of the same shape.
        let text = "Average Half Load -j 4 Run:\nElapsed Time 28.09\nUser Time 40.12\n\nAverage Strange Run:\nElapsed Time 29.01\n";
        let segs = segments(&Input::from_text(text), None);
        let notes = &segs[0].outcome.as_ref().expect("kernbench reads").notes;
        assert!(notes.iter().any(|(l, m)| *l == 6 && m.contains("looks like a kernbench result")), "{notes:?}");
    }

    /// fio 3.19's JSON of a `unified_rw_reporting` job (the job of
    /// corpus-modern/fio/01.txt, its `read` printed as `mixed`: no idle
    /// direction, whose note would cover the document): the mmap engine's
    /// unmeasured `slat_ns` and `sync` zeros (`"N" : 0`) are shaped like the
    /// clat `mean` and `stddev` read, and are no result not read.
    #[test]
    fn fio_json_unmeasured_latency_zeros_are_not_noted() {
        let text = r#"{
  "fio version" : "fio-3.19-10-g3bd2",
  "jobs" : [
    {
      "jobname" : "task_0",
      "groupid" : 0,
      "mixed" : {
        "bw" : 117320262,
        "iops" : 29330065.629016,
        "runtime" : 200003,
        "total_ios" : 5866101116,
        "slat_ns" : {
          "min" : 0,
          "max" : 0,
          "mean" : 0.000000,
          "stddev" : 0.000000,
          "N" : 0
        },
        "clat_ns" : {
          "min" : 104,
          "max" : 18898532,
          "mean" : 1321.865086,
          "stddev" : 1038.766358,
          "N" : 5866101116
        }
      },
      "sync" : {
        "total_ios" : 0,
        "lat_ns" : {
          "min" : 0,
          "max" : 0,
          "mean" : 0.000000,
          "stddev" : 0.000000,
          "N" : 0
        }
      }
    }
  ]
}
"#;
        let segs = segments(&Input::from_text(text), None);
        let parsed = segs[0].outcome.as_ref().expect("fio reads");
        assert_eq!(parsed.samples.len(), 4, "{:?}", parsed.samples);
        assert!(parsed.notes.is_empty(), "{:?}", parsed.notes);
        let unmeasured = |t: &str, n| crate::parse::fio::json::unmeasured_line(&Input::from_text(t).lines, n);
        assert!(unmeasured(text, 15) && unmeasured(text, 16) && !unmeasured(text, 20));
        // A zero mean of a latency with I/Os counted is a measurement.
        let counted = text.replacen("\"N\" : 0\n", "\"N\" : 7\n", 1);
        assert!(!unmeasured(&counted, 15));
    }

    #[test]
    fn another_benchmark_under_a_segment_without_a_blank_line_is_read() {
        // No blank line between kernbench's block and dbench's lines: the
        // lines after kernbench's last row are dbench's segment.
        let text = "Average Half Load -j 4 Run:\nElapsed Time 28.09\nUser Time 40.12\nSystem Time 5.1\n\
                    Percent CPU 160\nContext Switches 1000\nSleeps 200\nThroughput 41.3 MB/sec 16 procs\n";
        assert_eq!(ids(text), vec![("kernbench".to_string(), true, (1, 7)), ("dbench".to_string(), true, (8, 8))],);
    }

    #[test]
    fn rows_cut_off_by_another_benchmark_stay_noted() {
        // dbench's line between kernbench's rows: dbench reads it, and
        // the kernbench rows below it, cut off from their header, are
        // still noted (the reading without dbench's lines keeps the note).
        let text = "Average Half Load -j 4 Run:\nElapsed Time 28.09\nThroughput 41.3 MB/sec 16 procs\n\
                    User Time 40.12\nSystem Time 5.1\nPercent CPU 160\nContext Switches 1000\nSleeps 200\n";
        let segs = segments(&Input::from_text(text), None);
        let notes: Vec<&(usize, String)> =
            segs.iter().filter_map(|s| s.outcome.as_ref().ok()).flat_map(|p| &p.notes).collect();
        assert!(notes.iter().any(|(l, m)| *l == 4 && m.contains("was not read")), "{notes:?}");
        assert_eq!(segs.len(), 2);
    }

    #[test]
    fn a_table_pasted_twice_is_read_once() {
        let runs = "Throughput 1.5 MB/sec 8 procs\nThroughput 1.6 MB/sec 16 procs\nThroughput 1.7 MB/sec 32 procs\n";
        let text = format!("{runs}\nagain:\n\n{runs}");
        let segs = segments(&Input::from_text(&text), None);
        let p = segs[0].outcome.as_ref().expect("dbench reads");
        assert_eq!(p.samples.len(), 3, "{:?}", p.samples);
        assert!(p.notes.iter().any(|(l, m)| *l == 7 && m.contains("repeat lines 1-3")), "{:?}", p.notes);
        // One line printed twice is two runs; so are two runs of three
        // numbers (`time -p`) that print alike.
        let segs =
            segments(&Input::from_text("Throughput 1.5 MB/sec 8 procs\n\nThroughput 1.5 MB/sec 8 procs\n"), None);
        assert_eq!(segs[0].outcome.as_ref().expect("dbench reads").samples.len(), 2);
        let time = "real 1.00\nuser 0.50\nsys 0.10\n";
        let segs = segments(&Input::from_text(&format!("{time}\n{time}")), None);
        assert_eq!(segs[0].outcome.as_ref().expect("time reads").samples.len(), 6);
        // Nor bash's, whose `0m47.112s` is one number, not two (and a
        // paragraph of time lines is never taken for a quote).
        let time = "real\t0m47.112s\nuser\t0m3.020s\nsys\t0m21.880s\n";
        let segs = segments(&Input::from_text(&format!("{time}\n{time}")), None);
        assert_eq!(segs[0].outcome.as_ref().expect("time reads").samples.len(), 6);
        assert_eq!(count_numbers("real\t0m47.112s"), 1);
        assert_eq!(count_numbers("bench Linux 2.6.8 797 0.40"), 3);
        assert!(is_shell_time_line("real\t0m47.112s") && !is_shell_time_line("real time 5"));
    }

    /// fio prints one status block for two runs whose totals round alike:
    /// the second closes job figures of its own and is read; a report
    /// pasted twice whole (its job section too) is read once.
    #[test]
    fn a_summary_alike_to_another_runs_is_read_when_what_it_sums_differs() {
        let run = |iops: u32| {
            format!(
                "j: (groupid=0, jobs=1): err= 0: pid=1: Mon\n  read: IOPS={iops}, BW=21.9MiB/s (23.0MB/s)(219MiB/10001msec)\n    clat (usec): min=41, max=30964, avg=75.25, stdev=202.27\n\nRun status group 0 (all jobs):\n   READ: bw=21.9MiB/s (23.0MB/s), 21.9MiB/s-21.9MiB/s (23.0MB/s-23.0MB/s), io=219MiB (230MB), run=10001-10001msec\n  WRITE: bw=21.8MiB/s (22.8MB/s), 21.8MiB/s-21.8MiB/s (22.8MB/s-22.8MB/s), io=218MiB (228MB), run=10001-10001msec\n\n"
            )
        };
        let group_runs = |text: &str| {
            let segs = segments(&Input::from_text(text), None);
            let p = segs[0].outcome.as_ref().expect("fio reads").clone();
            (p.samples.iter().filter(|s| s.metric.name == "READ: bw").count(), p.notes)
        };
        let (n, notes) = group_runs(&format!("{}{}", run(5604), run(5611)));
        assert_eq!(n, 2, "{notes:?}");
        assert!(notes.iter().any(|(l, m)| *l == 13 && m.contains("another run's totals, read")), "{notes:?}");
        let (n, notes) = group_runs(&format!("{}{}", run(5604), run(5604)));
        assert_eq!(n, 1, "{notes:?}");
        assert!(notes.iter().any(|(_, m)| m.contains("the same output appears twice")), "{notes:?}");
    }

    /// attack32 F8: an OSDB log's last line glued, no blank line, above a
    /// quoted pct table's `~~~ hackbench ~~~` title took the title into
    /// its paragraph, and the table was named `results`; the quote's lines
    /// are the table's.
    #[test]
    fn a_quote_glued_under_another_output_keeps_its_title() {
        let text = "\"Single User Test\"\t1790.05 seconds\t(0:29:50.05)\n> ~~~~~~~~~\n> hackbench\n> ~~~~~~~~~\n>\n\
                    > Test:                   sched-tip              v2_sis_prop\n\
                    >  1-groups:         5.05 (0.00 pct)         5.00 (0.99 pct)\n\
                    >  2-groups:         5.72 (0.00 pct)         5.63 (1.57 pct)\n";
        let segs = segments(&Input::from_text(text), None);
        let pct = segs.iter().find(|s| s.parser.id() == "pct-table").expect("a pct table");
        let p = pct.outcome.as_ref().expect("read");
        assert_eq!(p.samples.len(), 4);
        assert!(p.samples.iter().all(|s| s.metric.name == "hackbench"), "{:?}", p.samples[0]);
    }

    /// attack56 F4: MLC's prompt and banner glued under a stress-ng YAML
    /// report (a terminal log, no blank line). MLC reads the same figures
    /// from its `Command line parameters:` line on, but is detected only
    /// with its banner: the banner stayed the YAML's, and MLC's 31.1 clocks
    /// and 12.5 ns were lost with no word.
    #[test]
    fn a_tail_left_to_another_output_keeps_what_tells_it_apart() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/");
        let yaml = std::fs::read_to_string(format!("{dir}stress_ng/ghdoc-0.09.23-data-yaml.txt")).expect("fixture");
        let mlc = std::fs::read_to_string(format!(
            "{dir}wild/mlc/gh-book-zh-v3.10-idle-latency-c0-b10m-tabs-in-brackets.txt"
        ))
        .expect("fixture");
        let text = format!("{}\n{mlc}", yaml.trim_end());
        let segs = segments(&Input::from_text(&text), None);
        let read = |id: &str| {
            segs.iter()
                .filter(|s| s.parser.id() == id)
                .filter_map(|s| s.outcome.as_ref().ok())
                .map(|p| p.samples.len())
                .sum::<usize>()
        };
        assert_eq!((read("stress-ng"), read("mlc")), (6, 2));
    }

    #[test]
    fn paragraphs_are_runs_of_non_blank_lines() {
        let input = Input::from_text("a\nb\n\nc 1\nd\n\ne\n");
        assert_eq!(paragraphs_of(&input, [4].into_iter()), vec![false, false, false, true, true, false, false]);
        assert_eq!(paragraphs_of(&input, [99, 0].into_iter()), vec![false; 7]);
    }
}
