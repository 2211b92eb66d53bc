//! AIM Multiuser Benchmark - Suite VII (AIM7) and OSDL re-aim-7 (reaim).
//!
//! AIM7 writes its results twice. The spreadsheet file (`suite7.ss`) is
//! TAB-separated (`\t` below), with an empty cell after Jobs/Min:
//!
//! ```text
//! Benchmark\tVersion\tMachine\tRun Date
//! AIM Multiuser Benchmark - Suite VII\t"1.1"\textreme\tJun  1 07:17:24 2007
//!
//! Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task
//! 1\t98.9\t\t100\t58.9\t1.3\t1.6482
//! ```
//!
//! (1.0 adds `J/S/T user sys idle/wait` columns). The console output is
//! space-aligned and ends each row with a date:
//!
//! ```text
//! AIM Multiuser Benchmark - Suite VII Run Beginning
//! Tasks    jobs/min  jti  jobs/min/task      real       cpu
//!   100   178784.27   94      1787.8427      3.36      7.08   Mon Sep  4 10:17:58 2006
//! ```
//!
//! re-aim-7 prints:
//!
//! ```text
//! REAIM Workload
//! Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI
//! Forked  Time     SysTime UTime   Minute     Child      Time     Percent
//! 100     118.90   21.17   214.03  5197.78    51.98      4.52     3.98     96
//! Crossover achieved
//! Max Jobs per Minute 5223.34
//! ```
//!
//! # Metrics
//!
//! AIM7 tables, parameter `tasks`:
//! `"Jobs/Min"` jobs/min Higher, `"JTI"` % Higher (job timing index: 100 =
//! every task took as long), `"Real"` s Lower, `"CPU"` s Lower,
//! `"Jobs/sec/task"` (also headed `J/S/T`) jobs/s Higher, console
//! `"Jobs/min/task"` jobs/min Higher, 1.0's `"user"`/`"sys"` s Lower and
//! `"idle/wait"` s Neither. Console headers (`jobs/min`, `jti`, `real`,
//! `cpu`) get the same names as the spreadsheet's.
//!
//! re-aim-7 tables, parameter `forked` (Num Forked): `"Parent Time"`,
//! `"Child SysTime"`, `"Child UTime"`, `"Std_dev Time"` s Lower,
//! `"Jobs per Minute"`, `"Jobs/min/Child"` jobs/min Higher, `"Std_dev
//! Percent"` % Lower, `"JTI"` % Higher; and `"Max Jobs per Minute"`
//! jobs/min Higher without parameter.
//!
//! OSDL STP's summaries of re-aim-7 runs, as posted to LKML in 2004-2005
//! (`kernel: patch-2.6.10-rc2` above `Peak load Test: Maximum Jobs per
//! Minute 8491.96 (average of 3 runs)` and `Quick Convergence Test: …`),
//! give `"Max Jobs per Minute"` with parameter `test` (`peak load`, `quick
//! convergence`), a summary of the runs stated, and the `kernel:` line's
//! release as kernel (any other name as `label`), or the kernel of a
//! `<kernel> <address>` line above (`2.6.4 http://khack.osdl.org/stp/290462/`);
//! a `reaim -w compute …` title above names the group. A summary a mail
//! wrapped (`Peak load Test: Maximum Jobs per Minute` / `8248.40 (average
//! of 3 runs)`, `… Maximum Jobs per` / `Minute 7723.62 …`, `… (average of
//! 3` / `runs)`) is rejoined with a note; one whose figure is on none of
//! its lines is warned of, never dropped without a word.
//!
//! OSDL STP's tables of re-aim-7 maxima, as Cliff White posted them to
//! LKML (2003-2004: `STP id PLM# Kernel Name  Workfile  MaxJPM MaxUser
//! Host  Change` rows, or `Kernel  JPM  Lusers Pct Change` typed once over
//! tables under `Database load` / `Compute load` headings), give each
//! row's `"Max Jobs per Minute"` and `"Max Jobs per Minute users"` (the
//! users it was reached at), the CPU count of a `2-CPU` / `4-way` heading
//! as `cpus` (see `stp_tables`).
//!
//! The group is the workload when the output names a workfile
//! (`reaim -f …/workfile.new_dbase` → `"new_dbase"`), else `""`. AIM7's
//! Machine field (a label the tester typed) is kept in a note, as is each
//! run's date. Both parsers read both table kinds, so a post holding AIM7
//! and re-aim-7 tables loses nothing whichever wins detection.
//!
//! A posted summary may put the kernel first (`kernel  Tasks  Jobs/Min
//! Real  CPU`, rows `2.4.20-pre5  256\t769.1\t\t1977.0 1048.5`, blank lines
//! between task counts, an `AIM7 database workload` title naming the group):
//! each row's kernel becomes [`Sample::kernel`].
//!
//! # Damaged input
//!
//! Cells are found from the rows, not from where the header words sit. A
//! TAB-separated row's cells are its TAB fields. A space-aligned row with a
//! cell left blank is placed by the columns its cells start or end in (AIM7's
//! console right-aligns its numbers, re-aim left-aligns them), compared with
//! the last full row above; when a cell lines up with no column, or there is
//! no full row above, the row is not read and a note names it. A row with no
//! value at all (a run that stopped) is a note. A re-aim row whose JTI was
//! wrapped onto the next line by a mail client (`… 9.99` / `  90`) is
//! rejoined when the next line is one integer from 0 to 100 (printed `nan`,
//! its other cells are read and a warning names the `nan`); one wrapped
//! further (`… 0.00` / `0.00  100`, its header's `JTI` on a line of its
//! own) is rejoined when the two lines hold its values, else is a note. A row with more
//! numbers than its header has columns, or a cell that is not one number
//! (two run together, `1210.987649.55`), is an error naming the line. A
//! row's last cell that ends its line (no run date after it) with fewer
//! decimals than the other cells of its column (one `printf` format a
//! column: `0` for `0.03`) was cut mid-row: a note, not read.

use crate::lines::SplitWords as _;
use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::input::expand_tabs;
use crate::parse::{BenchParser, Input, ParseError, num};

/// Reads AIM7 Suite VII multiuser output (registry id `"aim7"`).
pub struct Aim7;

/// Reads OSDL re-aim-7 output (registry id `"reaim"`).
pub struct Reaim;

const AIM7_BANNER: &str = "AIM Multiuser Benchmark - Suite VII";

impl BenchParser for Aim7 {
    fn id(&self) -> &'static str {
        "aim7"
    }

    fn own_title(&self, line: &str) -> bool {
        workload_title(line).is_some()
    }

    fn describe(&self) -> &'static str {
        "aim7 (AIM Multiuser Benchmark - Suite VII, spreadsheet and console output)"
    }

    /// The banner, or (its first test) `jobs/min` in any case.
    fn literals(&self) -> &'static [&'static str] {
        &[AIM7_BANNER]
    }

    fn literals_any_case(&self) -> &'static [&'static str] {
        &["jobs/min"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // Both ways to score need one of these literals somewhere.
        let banner = input.has(AIM7_BANNER);
        if !banner && !input.has_ignore_ascii_case("jobs/min") {
            return 0;
        }
        let mut score = 0u8;
        for line in &input.lines {
            if aim7_header(line).is_some() {
                return 95;
            }
            if let Some(at) = line.find(AIM7_BANNER) {
                let rest = &line[at + AIM7_BANNER.len()..];
                if rest.starts_with('\t') || rest.trim_start().starts_with("Run Beginning") {
                    score = score.max(90);
                } else {
                    score = score.max(30);
                }
            }
        }
        score
    }

    fn max_score(&self) -> u8 {
        95
    }

    /// See `last_figure_whole`.
    fn last_figure_complete(&self, input: &Input) -> bool {
        last_figure_whole(input)
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_any(input, "aim7")
    }
}

impl BenchParser for Reaim {
    fn id(&self) -> &'static str {
        "reaim"
    }

    fn describe(&self) -> &'static str {
        "reaim (OSDL re-aim-7)"
    }

    /// `reaim_detect_needles`, its first test.
    fn literals(&self) -> &'static [&'static str] {
        static LITERALS: std::sync::LazyLock<Vec<&'static str>> =
            std::sync::LazyLock::new(|| reaim_detect_needles().collect());
        LITERALS.as_slice()
    }

    fn detect(&self, input: &Input) -> u8 {
        // Asked of every file: one holding none of the words a line scored
        // below must hold (nearly all) scores 0 without its lines walked.
        if !reaim_detect_needles().any(|w| input.has(w)) {
            return 0;
        }
        let mut score = 0u8;
        for (i, line) in input.lines.iter().enumerate() {
            if line.trim_start().starts_with(REAIM_TITLE) {
                return 95;
            }
            if reaim_header(line) && input.lines.get(i + 1).is_some_and(|l| l.trim_start().starts_with("Forked")) {
                score = score.max(92);
            }
            if line.trim_start().starts_with(MAX_JPM) {
                score = score.max(60);
            }
            if stp_table_header(line.trim()).is_some() {
                score = score.max(90);
            }
            // Both start with a test's name (`Peak load Test:`): a line
            // that does not is neither, without trimming it twice more.
            if stp_named(line) && (stp_summary(line).is_some() || stp_wrapped(input, i).is_some()) {
                score = score.max(90);
            }
        }
        score
    }

    fn max_score(&self) -> u8 {
        95
    }

    /// See `last_figure_whole`: AIM7 and re-aim-7 share their readers.
    fn last_figure_complete(&self, input: &Input) -> bool {
        last_figure_whole(input)
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_any(input, "reaim")
    }
}

/// re-aim-7's title over its table (`REAIM Workload`).
const REAIM_TITLE: &str = "REAIM Workload";

/// The word of re-aim-7's first header line ([`reaim_header`]) that
/// [`Reaim::detect`] looks for in a file before walking it.
const REAIM_HEADER_WORD: &str = "Parent";

/// re-aim-7's summary line (`Max Jobs per Minute 5223.34`).
const MAX_JPM: &str = "Max Jobs per Minute";

/// The words [`Reaim::detect`] looks for in a file before walking its
/// lines, one for each line it scores: its title ([`REAIM_TITLE`]), its
/// header's [`REAIM_HEADER_WORD`], its summary ([`MAX_JPM`]), each STP
/// table header's word ([`STP_HEADERS`]) and each STP summary's test name
/// ([`STP_TESTS`], which [`stp_named`] asks of a line before
/// [`stp_summary`] or [`stp_wrapped`] reads it). Made of those lists, so
/// that a header added to them is looked for too.
fn reaim_detect_needles() -> impl Iterator<Item = &'static str> {
    [REAIM_TITLE, REAIM_HEADER_WORD, MAX_JPM]
        .into_iter()
        .chain(STP_HEADERS.iter().map(|(.., word)| *word))
        .chain(STP_TESTS.iter().map(|(name, _)| *name))
}

/// True when the last line of `input` ends in what AIM7 or re-aim-7
/// print whole there, so that a file saved without its final line break
/// keeps it: the console's date (`200  180113.02  89 …  Tue Mar  4
/// 09:12:51 2003`: a cut inside the year, which is not read, left the
/// row's figures whole); the spreadsheet's `Jobs/sec/task` with its four
/// decimals (`%.4f`: `101\t5600.0\t\t96\t108.2\t79.0\t0.9241`) under a
/// header ending in that column; re-aim-7's `Max Jobs per Minute 4376.69`
/// (`%.2f`); an OSDL STP table row's `Change` (`%.2f`, see `stp_tables`).
/// A cut one has fewer decimals, or no clock before its year.
fn last_figure_whole(input: &Input) -> bool {
    let Some((last, above)) = input.lines.split_last() else { return false };
    if let Some(v) = last.trim().strip_prefix("Max Jobs per Minute") {
        return super::num::decimals(v) == Some(2);
    }
    let cells: Vec<&str> = last.words().collect();
    let clock = |c: &str| c.len() == 8 && c.split(':').all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()));
    if let [.., time, year] = cells[..]
        && clock(time)
        && year.len() == 4
        && year.bytes().all(|b| b.is_ascii_digit())
    {
        return true;
    }
    // An OSDL STP table's row ends in its `Change` percent, `%.2f`
    // (`linux-2.6.2  9711.96  160  0.63`).
    if above.iter().any(|l| stp_table_header(l.trim()).is_some()) {
        let change = cells.last().map(|c| c.trim_start_matches('-'));
        return (cells.len() == 4 || (7..=8).contains(&cells.len()))
            && change.and_then(super::num::decimals) == Some(2);
    }
    let header = above.iter().rev().take(60).map(|l| l.trim()).find(|l| l.starts_with("Tasks"));
    header.is_some_and(|h| h.ends_with("Jobs/sec/task"))
        && cells.last().copied().and_then(super::num::decimals) == Some(4)
}

/// re-aim-7's columns after Num Forked, in order.
const REAIM_COLUMNS: [(&str, &str, Better); 8] = [
    ("Parent Time", "s", Better::Lower),
    ("Child SysTime", "s", Better::Lower),
    ("Child UTime", "s", Better::Lower),
    ("Jobs per Minute", "jobs/min", Better::Higher),
    ("Jobs/min/Child", "jobs/min", Better::Higher),
    ("Std_dev Time", "s", Better::Lower),
    ("Std_dev Percent", "%", Better::Lower),
    ("JTI", "%", Better::Higher),
];

/// The metric of an AIM7 column header cell.
fn aim7_metric(header: &str) -> Metric {
    let (name, unit, better) = match header.to_ascii_lowercase().as_str() {
        "jobs/min" => ("Jobs/Min", "jobs/min", Better::Higher),
        "jti" => ("JTI", "%", Better::Higher),
        "real" => ("Real", "s", Better::Lower),
        "cpu" => ("CPU", "s", Better::Lower),
        "jobs/sec/task" | "j/s/t" => ("Jobs/sec/task", "jobs/s", Better::Higher),
        "jobs/min/task" => ("Jobs/min/task", "jobs/min", Better::Higher),
        "user" => ("user", "s", Better::Lower),
        "sys" => ("sys", "s", Better::Lower),
        "idle/wait" => ("idle/wait", "s", Better::Neither),
        _ => return Metric::new(header, "", Better::Neither),
    };
    Metric::new(name, unit, better)
}

/// An AIM7 header (`Tasks  Jobs/Min  JTI …`, or a posted summary's `kernel
/// Tasks Jobs/Min Real CPU`): the column names after Tasks, and whether rows
/// start with a kernel.
fn aim7_header(line: &str) -> Option<(Vec<&str>, bool)> {
    let mut words = line.words().peekable();
    let kernel_col = words.next_if(|w| w.eq_ignore_ascii_case("kernel")).is_some();
    if !words.next()?.eq_ignore_ascii_case("Tasks") {
        return None;
    }
    let cols: Vec<&str> = words.collect();
    cols.first().filter(|c| c.eq_ignore_ascii_case("jobs/min"))?;
    Some((cols, kernel_col))
}

/// `AIM7 database workload` (a posted summary's title) → `database`.
/// Kept for AIM7's segment when it stands in another output's paragraph
/// ([`super::segment`]).
pub(super) fn workload_title(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("AIM7 ")?.strip_suffix(" workload")?.trim();
    (!rest.is_empty() && rest.words().count() <= 3).then(|| rest.to_string())
}

/// A cell's span: its first column and the column just past its end.
type Span = (usize, usize);

/// The whitespace-separated words of `line`, each with its [`Span`], TABs
/// expanded to 8-column stops.
fn words_with_ends(line: &str) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    let mut col = 0usize;
    let mut start: Option<(usize, usize)> = None;
    for (at, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some((b, first)) = start.take() {
                out.push((&line[b..at], (first, col)));
            }
            col = if c == '\t' { (col / 8 + 1) * 8 } else { col + 1 };
        } else {
            start.get_or_insert((at, col));
            col += 1;
        }
    }
    if let Some((b, first)) = start {
        out.push((&line[b..], (first, col)));
    }
    out
}

/// Places the cells of a short space-aligned row by where they sit: each
/// must start or end in the same column as one cell of `full` (the spans of
/// the last full row: AIM7's console prints numbers right-aligned, re-aim
/// left-aligned), in order, and not start under one cell and end under
/// another. `None` when any cell does not line up: then which column it
/// belongs to is not known.
fn place_by_edges(cells: &[(&str, Span)], full: &[Span]) -> Option<Vec<usize>> {
    let mut placed = Vec::new();
    let mut from = 0;
    for (_, (start, end)) in cells {
        let rest = full.get(from..)?;
        let by_start = rest.iter().position(|f| f.0 == *start);
        let by_end = rest.iter().position(|f| f.1 == *end);
        let j = match (by_start, by_end) {
            (Some(a), Some(b)) if a != b => return None,
            (Some(a), _) | (None, Some(a)) => from + a,
            (None, None) => return None,
        };
        placed.push(j);
        from = j + 1;
    }
    Some(placed)
}

/// The first line of re-aim-7's two-line header.
fn reaim_header(line: &str) -> bool {
    // The first word must be `Num`: test that before splitting the line.
    if !line.trim_start().starts_with("Num") {
        return false;
    }
    let words: Vec<&str> = line.words().collect();
    words.first() == Some(&"Num") && words.contains(&REAIM_HEADER_WORD) && words.contains(&"JTI")
}

/// re-aim-7's first header line wrapped before its last word, `JTI`
/// (`Num  Parent  Child  Child  Jobs per  Jobs/min/  Std_dev  Std_dev`).
fn reaim_header_without_jti(line: &str) -> bool {
    if !line.trim_start().starts_with("Num") {
        return false;
    }
    let words: Vec<&str> = line.words().collect();
    words.first() == Some(&"Num") && words.contains(&"Parent") && words.last() == Some(&"Std_dev")
}

/// `reaim -f /usr/local/share/reaim/workfile.new_dbase …` → `new_dbase`.
fn workfile(line: &str) -> Option<String> {
    let at = line.rfind("workfile.")?;
    let name: String = line[at + "workfile.".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The two tests OSDL STP sums up a re-aim-7 run by, as it names them
/// before `Maximum Jobs per Minute`, and their `test` parameter.
const STP_TESTS: [(&str, &str); 2] =
    [("Peak load Test:", "peak load"), ("Quick Convergence Test:", "quick convergence")];

/// The words STP prints between a test's name and its figure.
const STP_METRIC: &str = "Maximum Jobs per Minute";

/// OSDL STP's summary of a re-aim-7 run (LKML 2004-2005 posts):
/// `Peak load Test: Maximum Jobs per Minute 8491.96 (average of 3 runs)`
/// or `Quick Convergence Test: …`: the test (`peak load`, `quick
/// convergence`), the figure and the number of runs it averages (1 when
/// not said).
fn stp_summary(line: &str) -> Option<(&'static str, f64, u32)> {
    stp_parts(line).map(|(test, value, runs, _)| (test, value, runs))
}

/// [`stp_summary`]'s parts, and whether the run count after the figure is
/// begun and not ended (`… 8326.23 (average of 3`: a mail wrapped it).
fn stp_parts(line: &str) -> Option<(&'static str, f64, u32, bool)> {
    let t = line.trim();
    let (test, rest) = STP_TESTS.iter().find_map(|(name, test)| t.strip_prefix(name).map(|r| (*test, r)))?;
    let rest = rest.trim_start().strip_prefix(STP_METRIC)?.trim();
    let (figure, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let value = num::plain(figure)?;
    let count = after.trim().strip_prefix("(average of");
    let runs = count.and_then(|r| r.split_once("runs)")).and_then(|(n, _)| n.trim().parse().ok()).unwrap_or(1);
    let open = count.is_some_and(|r| !r.contains(')'));
    Some((test, value, runs, open))
}

/// Whether `line`, its indent aside, starts with an STP test's name
/// (`Peak load Test:`, [`STP_TESTS`]): a line [`stp_summary`] or
/// [`stp_wrapped`] may read; any other line neither reads.
fn stp_named(line: &str) -> bool {
    let t = line.trim_start();
    STP_TESTS.iter().any(|(name, _)| t.starts_with(name))
}

/// Whether `t` starts an STP summary: a test's name (`Peak load Test:`),
/// then nothing or the first words of `Maximum Jobs per Minute`, then
/// anything (`Peak load Test: Maximum Jobs per` is one a mail wrapped).
fn stp_start(t: &str) -> bool {
    let t = t.trim();
    let Some(rest) = STP_TESTS.iter().find_map(|(name, _)| t.strip_prefix(name)) else { return false };
    let words: Vec<&str> = rest.words().collect();
    let metric: Vec<&str> = STP_METRIC.words().collect();
    words.iter().zip(&metric).all(|(w, m)| w == m)
}

/// An STP summary a mail wrapped over two to [`STP_WRAP`] + 1 lines from
/// `at` (0-based): `Peak load Test: Maximum Jobs per Minute` / `8248.40
/// (average of 3 runs)`, `Quick Convergence Test: Maximum Jobs per` /
/// `Minute 7723.62 (average of 3 runs)` (format=flowed, LKML 2004), `…
/// 8326.23 (average of 3` / `runs)`, `Peak load Test:` / `Maximum` / `Jobs
/// per` / `Minute` / `8248.40 (average of 3 runs)`: the summary rejoined,
/// how many lines below `at` it took, and how many below `at` its figure
/// is printed. `None` when line `at` holds it whole, starts none, or the
/// lines below do not end it (a blank line, another summary, a line of
/// another quote depth: `>> … Maximum Jobs per` / `> Minute 7723.62 …`
/// are two messages' lines).
/// The most lines below its first an STP summary is rejoined from
/// ([`stp_wrapped`]).
const STP_WRAP: usize = 4;

fn stp_wrapped(input: &Input, at: usize) -> Option<(String, usize, usize)> {
    let lines = &input.lines;
    let first = lines.get(at)?.trim();
    if !stp_start(first) || stp_parts(first).is_some_and(|(.., open)| !open) {
        return None;
    }
    let mut joined = first.to_string();
    let mut figure_at = 0;
    for k in 1..=STP_WRAP {
        let next = lines.get(at + k)?.trim();
        // A run count's tail alone (`3 runs)`) under a count begun and not
        // ended is that count's, whatever its quote depth: a mailer that
        // re-wrapped a quoted line leaves its tail unquoted (`> > … (average
        // of` / `3 runs)`; attack57 F10: each mean was read as one run).
        let tail = k == 1 && stp_parts(first).is_some_and(|(.., open)| open) && count_tail(next);
        if next.is_empty() || stp_start(next) || (input.quote_depth(at + k) != input.quote_depth(at) && !tail) {
            return None;
        }
        if stp_parts(&joined).is_none() {
            figure_at = k;
        }
        joined.push(' ');
        joined.push_str(next);
        if stp_parts(&joined).is_some_and(|(.., open)| !open) {
            return Some((joined, k, figure_at));
        }
    }
    None
}

/// Whether `t` is the tail of an STP run count a mail wrapped: `3 runs)`
/// or `runs)` alone.
fn count_tail(t: &str) -> bool {
    let t = t.trim();
    let Some(head) = t.strip_suffix("runs)") else { return false };
    head.trim().bytes().all(|b| b.is_ascii_digit())
}

/// The name on an STP `kernel: <name>` line (`kernel: patch-2.6.10-rc2`,
/// `kernel: nikita-b2`); not its plmid (`kernel: 3304`) and not a line
/// naming two kernels side by side.
fn stp_kernel_line(t: &str) -> Option<&str> {
    let (head, name) = t.split_once(':')?;
    let name = name.trim();
    let one = !name.is_empty() && !name.contains("  ") && !name.contains('\t');
    (head.eq_ignore_ascii_case("kernel") && one && !name.bytes().all(|b| b.is_ascii_digit())).then_some(name)
}

/// A kernel's name and the address of its results, alone on a line
/// (`2.6.4-s http://khack.osdl.org/stp/290536/`: Con Kolivas' LKML posts
/// of 2004 name each kernel so above its OSDL STP re-aim summaries, its
/// kernbench blocks and its hackbench table): the kernel's name, a
/// release (`2.6.4`, `2.6.8-rc2-mm2`) or `linux-`/`patch-` before one.
/// The address is no label; it may stand in parentheses (`2.6.4-s4.2
/// (http://khack.osdl.org/stp/290536/)`).
pub(crate) fn kernel_over_url(t: &str) -> Option<&str> {
    let mut words = t.words();
    let (name, url) = (words.next()?, words.next()?);
    let url = url.strip_prefix('(').and_then(|u| u.strip_suffix(')')).unwrap_or(url);
    let bare = name.strip_prefix("patch-").or_else(|| name.strip_prefix("linux-")).unwrap_or(name);
    let is_url = url.starts_with("http://") || url.starts_with("https://");
    (words.next().is_none() && is_url && super::labels::is_kernel_name(bare)).then_some(name)
}

/// A person's words before the address of the results below, alone on a
/// line (`With the staircase patch, http://khack.osdl.org/stp/290536/`,
/// over OSDL STP summaries beside a `<kernel> <address>` line): the words,
/// without the comma or colon after them, as the label of the summaries
/// right under it. Two words at least (`see http://…` names nothing).
fn words_over_url(t: &str) -> Option<&str> {
    let (words, url) = t.rsplit_once(char::is_whitespace)?;
    let url = url.strip_prefix('(').and_then(|u| u.strip_suffix(')')).unwrap_or(url);
    let words = words.trim().trim_end_matches([',', ':', ';', '-']).trim_end();
    let is_url = url.starts_with("http://") || url.starts_with("https://");
    let n = words.words().count();
    (is_url && n >= 2 && !words.contains("://") && words.chars().count() <= 48).then_some(words)
}

/// A title naming re-aim-7's workload above STP summaries: `reaim -w
/// compute (compute intensive load), …` → `compute`; `reaim default
/// (database IO intensive load)` → `` (the default workfile).
fn reaim_title(t: &str) -> Option<String> {
    let rest = t.strip_prefix("reaim ")?;
    let mut words = rest.words();
    match words.next()? {
        "-w" => words.next().map(|w| w.trim_end_matches([',', ':']).to_string()),
        "default" => Some(String::new()),
        _ => None,
    }
}

/// A wrapped console date continuation: `10:17:44 2006`.
fn date_tail(line: &str) -> bool {
    let mut words = line.words();
    let Some(first) = words.next() else { return false };
    first.contains(':') && first.chars().all(|c| c.is_ascii_digit() || c == ':')
}

enum Table {
    None,
    /// AIM7: column metrics; whether the header was TAB-separated and
    /// whether rows start with a kernel; the spans of the cells of the last full
    /// space-aligned row (to place the cells of a short one).
    Aim7 {
        cols: Vec<Metric>,
        tabs: bool,
        kernel_col: bool,
        edges: Option<(usize, Vec<Span>)>,
    },
    /// re-aim-7, after its two header lines; spans as for AIM7.
    Reaim {
        edges: Option<(usize, Vec<Span>)>,
    },
}

fn parse_any(input: &Input, id: &'static str) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: id.to_string(), ..ParsedFile::default() };
    let lines = &input.lines;
    let mut group = String::new();
    let mut table = Table::None;
    // The decimals of each table cell read: (sample index, decimals).
    let mut decs: Vec<(usize, usize)> = Vec::new();
    // The set-up of OSDL STP's summary lines: the last `kernel: <name>`
    // line above them (its plmid, `kernel: 3304`, is no name).
    let mut stp_kernel: Option<String> = None;
    // The kernel of a `<kernel> <address>` line (`2.6.4
    // http://khack.osdl.org/…`): the summaries right under it only, up to
    // a blank line or any other line (attack36: it went to every later
    // summary, over the nearer `2.6.4-s4.2 (http://…)` heading).
    let mut url_kernel: Option<String> = None;
    // The same for a person's words before an address: a label.
    let mut url_label: Option<String> = None;
    // Each spreadsheet banner's machine, from the sample it heads on.
    let mut machines: super::varying::Starts = Vec::new();
    let mut i = 0usize;
    while i < lines.len() {
        let line = lines[i].as_str();
        let lineno = i + 1;
        i += 1;
        let trimmed = line.trim();

        if let Some(k) = stp_kernel_line(trimmed) {
            stp_kernel = Some(k.to_string());
            url_kernel = None;
            continue;
        }
        if let Some(k) = kernel_over_url(trimmed) {
            url_kernel = Some(k.to_string());
            url_label = None;
            continue;
        }
        if let Some(w) = words_over_url(trimmed) {
            url_kernel = None;
            url_label = Some(w.to_string());
            continue;
        }
        if let Some(w) = reaim_title(trimmed) {
            url_kernel = None;
            url_label = None;
            group = w;
            table = Table::None;
            continue;
        }
        // `… (average of 3` / `runs)`, `… Maximum Jobs per Minute` /
        // `8248.40 (average of 3 runs)`: a mail wrapped the summary.
        let wrapped = stp_wrapped(input, i - 1);
        // The summary's line is its figure's (`8248.40 (average of 3 runs)`
        // under `Peak load Test: Maximum Jobs per Minute`).
        let figure_line = lineno + wrapped.as_ref().map_or(0, |w| w.2);
        if let Some((_, took, _)) = &wrapped {
            let only_count = stp_summary(line).is_some();
            let msg = if only_count {
                format!("run count wrapped onto line {}; rejoined", lineno + took)
            } else {
                format!("OSDL STP summary wrapped over lines {lineno}-{}; rejoined", lineno + took)
            };
            out.notes.push((lineno, msg));
            i += took;
        }
        let wrapped = wrapped.map(|(joined, ..)| joined);
        if wrapped.is_none() && stp_start(trimmed) && stp_summary(line).is_none() {
            // Where it looked: the next lines up to a blank one, another
            // summary or another message's (quote depth).
            let depth = input.quote_depth(lineno - 1);
            let other = (lineno..(lineno + STP_WRAP).min(lines.len()))
                .take_while(|&k| !lines[k].trim().is_empty() && !stp_start(lines[k].trim()))
                .find(|&k| input.quote_depth(k) != depth);
            let why = match other {
                Some(k) => format!(
                    "line {} below it is of another quote depth ({} `>`, this line {depth}: another message's), so \
                     the two are not read as one",
                    k + 1,
                    input.quote_depth(k)
                ),
                None => format!(
                    "its figure is neither on this line nor on the {STP_WRAP} lines below it (a summary wrapped \
                     further is not joined)"
                ),
            };
            out.notes.push((lineno, format!("`{trimmed}` starts an OSDL STP re-aim summary, but {why}: not read")));
            table = Table::None;
            continue;
        }
        if let Some((test, value, runs)) = stp_summary(wrapped.as_deref().unwrap_or(line)) {
            let mut s = Sample::new(Metric::new("Max Jobs per Minute", "jobs/min", Better::Higher), value, figure_line)
                .with_group(group.clone())
                .with_param("test", test);
            if runs > 1 {
                s = s.with_summary(value, None, runs);
            }
            if let Some(l) = &url_label {
                s = s.with_param("label", l.as_str());
            }
            // STP's `kernel:` line names the kernel the run booted, a
            // release (`patch-2.6.10-rc2` is 2.6.10-rc2) or a patched
            // kernel's own name (`nikita-b2`): a kernel either way. Read as
            // a label, `nikita-b2`'s runs sat unlabelled-beside in a
            // `nikita-b2/` directory under the baseline's (linux-mm 2004).
            if let Some(k) = url_kernel.as_ref().or(stp_kernel.as_ref()) {
                let bare = k.strip_prefix("patch-").or_else(|| k.strip_prefix("linux-")).unwrap_or(k);
                s = if super::labels::is_kernel_name(bare) { s.with_kernel(bare) } else { s.with_kernel(k.as_str()) };
            }
            out.samples.push(s);
            table = Table::None;
            continue;
        }
        url_kernel = None;
        url_label = None;
        if let Some(w) = workfile(line) {
            group = w;
        }
        if let Some(at) = line.find(AIM7_BANNER) {
            if let Some(machine) = read_banner(&line[at..], lineno, &mut out) {
                machines.push((out.samples.len(), machine));
            }
            table = Table::None;
            continue;
        }
        if let Some(w) = workload_title(line) {
            group = w;
            table = Table::None;
            continue;
        }
        if let Some((cols, kernel_col)) = aim7_header(line) {
            let cols = cols.into_iter().map(aim7_metric).collect();
            table = Table::Aim7 { cols, tabs: line.contains('\t'), kernel_col, edges: None };
            continue;
        }
        // A header a mail wrapped before its last word (`… Std_dev
        // Std_dev` / `JTI` / `Forked …`): its JTI line is skipped.
        if reaim_header_without_jti(line) && lines.get(i).is_some_and(|l| l.trim() == "JTI") {
            i += 1;
        }
        if reaim_header(line) || (reaim_header_without_jti(line) && lines.get(i - 1).is_some_and(|l| l.trim() == "JTI"))
        {
            match lines.get(i) {
                Some(next) if next.trim_start().starts_with("Forked") => {
                    table = Table::Reaim { edges: None };
                    i += 1;
                    // Its last word wrapped onto a line of its own (`Forked
                    // … Time` / `Percent`, LKML 2003 reaim re-wrapped at 72:
                    // the line ended the table, its 80 figures lost with no
                    // word): skipped.
                    if !next.trim_end().ends_with("Percent") && lines.get(i).is_some_and(|l| l.trim() == "Percent") {
                        out.notes.push((
                            i + 1,
                            format!("`Percent` of the re-aim header line {i} wrapped onto this line; rejoined"),
                        ));
                        i += 1;
                    }
                }
                _ => {
                    return Err(ParseError::malformed(
                        lineno + 1,
                        "the second re-aim header line (Forked  Time  SysTime …)",
                        lines.get(i).cloned().unwrap_or_default(),
                    ));
                }
            }
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("Max Jobs per Minute") {
            let value = num::plain(rest)
                .ok_or_else(|| ParseError::malformed(lineno, "a number after \"Max Jobs per Minute\"", line))?;
            out.samples.push(
                Sample::new(Metric::new("Max Jobs per Minute", "jobs/min", Better::Higher), value, lineno)
                    .with_group(group.clone()),
            );
            table = Table::None;
            continue;
        }
        if trimmed.starts_with("Crossover achieved") {
            out.notes.push((lineno, "re-aim ran to crossover (fewer than 1 job/min per child)".into()));
            continue;
        }
        if trimmed.is_empty() {
            // A posted summary (rows start with a kernel) puts a blank line
            // between task counts; benchmark output ends its table there.
            if !matches!(table, Table::Aim7 { kernel_col: true, .. }) {
                table = Table::None;
            }
            continue;
        }
        let ctx = RowCtx { lines, lineno, group: &group };
        let more = match &mut table {
            Table::None => true,
            Table::Aim7 { cols, tabs, kernel_col, edges } => {
                aim7_row(&ctx, cols, *tabs, *kernel_col, edges, &mut out, &mut decs)?
            }
            Table::Reaim { edges } => match reaim_row(&ctx, edges, &mut out, &mut decs)? {
                Some(consumed) => {
                    i += consumed;
                    true
                }
                None => false,
            },
        };
        if !more {
            table = Table::None;
        }
    }
    // Spreadsheets of two or more machines in one file (Andy Whitcroft's
    // linux-mm 2007 post: `extreme` and `vmemmap`, the set-ups compared,
    // typed as the machine) are no runs of one set-up: each run's machine
    // is a parameter, as bonnie++'s is. One machine throughout adds none.
    super::varying::tag_varying(&mut out, &machines, super::identity::HOST_PARAM);
    cut_rows(input, &decs, &mut out);
    stp_tables(input, &mut out);
    out.notes.sort_by_key(|(line, _)| *line);
    if out.samples.is_empty() {
        return Err(ParseError::NoResults { benchmark: id, reason: "no AIM7 or re-aim result table".into() });
    }
    Ok(out)
}

/// Leaves out the last cell of a row cut mid-row: the row's line ends in
/// that cell (no run date after it) and it has fewer decimals than the
/// other cells of its column (AIM7 and re-aim print each column with one
/// `printf` format: `0` for the `0.03` of a `cpu` column of `3.61`,
/// `7.42`, a log cut, then appended to). `decs` holds each table cell's
/// sample index and decimals.
fn cut_rows(input: &Input, decs: &[(usize, usize)], out: &mut ParsedFile) {
    let column = |i: usize| (out.samples[i].group.clone(), out.samples[i].metric.name.clone());
    // Each column's most decimals (and the line of a cell with them), and
    // its most on any other line: one pass, not one a cell.
    let mut most: rustc_hash::FxHashMap<_, (usize, usize, Option<usize>)> = rustc_hash::FxHashMap::default();
    for &(i, d) in decs {
        let line = out.samples[i].line;
        let e = most.entry(column(i)).or_insert((d, line, None));
        if d > e.0 {
            if line != e.1 {
                e.2 = Some(e.0);
            }
            (e.0, e.1) = (d, line);
        } else if line != e.1 && e.2.is_none_or(|d2| d > d2) {
            e.2 = Some(d);
        }
    }
    let mut cut: Vec<usize> = Vec::new();
    for (k, &(i, d)) in decs.iter().enumerate() {
        let line = out.samples[i].line;
        // The row's last cell: no later cell on its line.
        let last = decs.get(k + 1).is_none_or(|&(j, _)| out.samples[j].line != line);
        let text = input.lines[line - 1].trim();
        if !last || !super::cut::ends_in_figure(text) {
            continue;
        }
        let printed = most.get(&column(i)).and_then(|&(d1, l1, d2)| if l1 == line { d2 } else { Some(d1) });
        if printed.is_some_and(|p| d < p) {
            cut.push(i);
        }
    }
    for &i in cut.iter().rev() {
        let s = out.samples.remove(i);
        let msg = format!(
            "a row whose last cell ({}: {}) has fewer decimals than the other cells of its column (the row looks cut \
             short): that cell not read",
            s.metric.name,
            s.value.mean()
        );
        out.notes.push((s.line, msg));
    }
}

/// Reads an AIM7 banner `banner` (from `AIM Multiuser Benchmark - Suite VII` on) at
/// line `lineno`: a spreadsheet's tab-separated name, "version", machine
/// and run date give the version (the first one's) and a note; the
/// machine is returned (`None`: a console banner; empty: none typed).
/// A spreadsheet whose tabs a mailer or an editor expanded to spaces
/// (`… Suite VII    "1.1"   extreme Jun  1 07:17:24 2007`) is read by
/// [`spaced_banner`]: its machine was lost, and the runs of two machines
/// compared (linux-mm 2007-07's `extreme` and `vmemmap`) were averaged as
/// runs of one (attack57 F2).
fn read_banner(banner: &str, lineno: usize, out: &mut ParsedFile) -> Option<String> {
    let fields: Vec<&str> = banner.split('\t').collect();
    let (version, machine, date) = if fields.len() >= 4 {
        // Spreadsheet: name, "version", machine, run date.
        (fields[1].trim().trim_matches('"'), fields[2].trim(), fields[3].trim())
    } else {
        spaced_banner(banner)?
    };
    if out.version.is_none() && !version.is_empty() {
        out.version = Some(version.to_string());
    }
    out.notes.push((lineno, format!("AIM7 run: machine {machine:?}, run date {date:?}")));
    Some(machine.to_string())
}

/// A spreadsheet banner whose tabs became spaces: [`AIM7_BANNER`], the
/// version in double quotes (`"1.1"`), the machine, and the run date `Mon DD HH:MM:SS YYYY` (`Jun  1 07:17:24 2007`) ending the
/// line: the version, the machine (the words between; empty when none was
/// typed) and the date. `None` for any other line (the console's `… Suite
/// VII Run Beginning`).
fn spaced_banner(banner: &str) -> Option<(&str, &str, &str)> {
    let rest = banner.strip_prefix(AIM7_BANNER)?.trim_start();
    let rest = rest.strip_prefix('"')?;
    let (version, rest) = rest.split_once('"')?;
    let rest = rest.trim();
    let words: Vec<&str> = rest.words().collect();
    let [.., month, day, time, year] = words.as_slice() else { return None };
    let digits =
        |w: &str, len: std::ops::RangeInclusive<usize>| len.contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit());
    let time_ok = time.split(':').count() == 3 && time.split(':').all(|p| digits(p, 2..=2));
    if !(super::MONTHS.contains(month) && digits(day, 1..=2) && time_ok && digits(year, 4..=4)) {
        return None;
    }
    // The month's place in `rest` (a word of `rest`, so inside it).
    let at = month.as_ptr() as usize - rest.as_ptr() as usize;
    Some((version, rest[..at].trim(), &rest[at..]))
}

/// Where a table row is: the file's lines, its 1-based number, the group.
struct RowCtx<'a> {
    lines: &'a [String],
    lineno: usize,
    group: &'a str,
}

/// The numeric cells of a space-aligned row after its first `skip` words,
/// up to the console's run date (the first word starting with a letter),
/// with their spans. A cell that is not one number (two cells run
/// together, `1787.84273.36`) is an error naming the line.
fn spaced_values(line: &str, lineno: usize, skip: usize) -> Result<Vec<(&str, Span)>, ParseError> {
    let cells: Vec<(&str, Span)> = words_with_ends(line)
        .into_iter()
        .skip(skip)
        .take_while(|(w, _)| !w.starts_with(|c: char| c.is_ascii_alphabetic()))
        .collect();
    if let Some((bad, _)) = cells.iter().find(|(w, _)| num::plain(w).is_none()) {
        return Err(ParseError::malformed(
            lineno,
            format!("a row of numbers; {bad:?} is not one number (two cells run together?)"),
            line.trim(),
        ));
    }
    Ok(cells)
}

/// The column of each cell of a space-aligned row with `n` columns: all of
/// them in order for a full row (whose spans are then remembered in
/// `edges`), those found by [`place_by_edges`] for a short one. `Err` holds
/// the note for a short row that cannot be placed with certainty.
fn columns_of(
    cells: &[(&str, Span)],
    n: usize,
    lineno: usize,
    edges: &mut Option<(usize, Vec<Span>)>,
) -> Result<Vec<usize>, String> {
    if cells.len() == n {
        *edges = Some((lineno, cells.iter().map(|c| c.1).collect()));
        return Ok((0..n).collect());
    }
    match edges {
        Some((full, ends)) => place_by_edges(cells, ends).ok_or_else(|| {
            format!(
                "has {} of {n} values, which do not line up with the columns of the full row at line {full}: not read",
                cells.len()
            )
        }),
        None => Err(format!(
            "has {} of {n} values and no full row above shows which columns they are in: not read",
            cells.len()
        )),
    }
}

/// Reads one row of an AIM7 table at `ctx.lineno`. Returns whether the
/// table goes on (a wrapped run date does not end it; other text does).
fn aim7_row(
    ctx: &RowCtx,
    cols: &[Metric],
    tabs: bool,
    kernel_col: bool,
    edges: &mut Option<(usize, Vec<Span>)>,
    out: &mut ParsedFile,
    decs: &mut Vec<(usize, usize)>,
) -> Result<bool, ParseError> {
    let (line, lineno) = (ctx.lines[ctx.lineno - 1].as_str(), ctx.lineno);
    let mut words = line.words();
    let kernel = if kernel_col { words.next() } else { None };
    let Some(Ok(tasks)) = words.next().map(str::parse::<u32>) else {
        return Ok(date_tail(line));
    };
    // A diff hunk's `-`/`+` before the kernel (`-2.4.20-pre5 32 470.7 …`
    // over `+2.4.20-pre5 32 490.2 …`, seed 002's table posted as a patch:
    // two kernels `-2.4.20-pre5` and `+2.4.20-pre5`, no word; attack62):
    // the kernel is the name, and the two sides stay apart as set-ups.
    let side = kernel.and_then(|k| {
        let rest = k.strip_prefix(['-', '+'])?;
        super::labels::is_kernel_name(rest).then(|| (rest, if k.starts_with('-') { "removed" } else { "added" }))
    });
    let kernel = side.map(|(k, _)| k).or(kernel);
    if let Some((k, side)) = side {
        out.notes.push((
            lineno,
            format!(
                "a diff's {side} line (`{}` before kernel {k}): read as the {side} side, kept apart from the other \
                 side by `diff={side}`",
                if side == "removed" { '-' } else { '+' }
            ),
        ));
    }
    let skip = 1 + usize::from(kernel_col);
    // Tabs an editor put for runs of spaces (`unexpand -a`: `\t\t\t\t1\t\t\t\t\t2400.00\t\t100…`)
    // are no spreadsheet's cells, one a tab: more cells than the table has
    // columns, or a cell of two figures (`2400.00  100`). Such a row is
    // read as printed, its tabs expanded to every eighth column (attack47
    // F8: the whole report was skipped at its first row).
    let expanded;
    let spaced_tabs = || {
        let cells = aim7_cells(line, skip);
        cells.len() > cols.len() || cells.iter().any(|c| c.contains(char::is_whitespace))
    };
    let (line, tabs) = if tabs && line.contains('\t') && spaced_tabs() {
        expanded = expand_tabs(line);
        (expanded.as_str(), false)
    } else {
        (line, tabs)
    };
    let placed: Vec<(&str, usize)> = if tabs && line.contains('\t') {
        aim7_cells(line, skip).into_iter().enumerate().map(|(j, c)| (c, j)).collect()
    } else {
        let cells = spaced_values(line, lineno, skip)?;
        if cells.len() > cols.len() || cells.is_empty() {
            cells.iter().enumerate().map(|(j, c)| (c.0, j)).collect()
        } else {
            match columns_of(&cells, cols.len(), lineno, edges) {
                Ok(at) => cells.iter().map(|c| c.0).zip(at).collect(),
                Err(note) => {
                    out.notes.push((lineno, format!("row for {tasks} tasks {note}")));
                    return Ok(true);
                }
            }
        }
    };
    if placed.len() > cols.len() {
        return Err(ParseError::malformed(
            lineno,
            format!("an AIM7 row of Tasks and at most {} values", cols.len()),
            line,
        ));
    }
    let present = placed.iter().filter(|(c, _)| !c.is_empty()).count();
    if present < cols.len() {
        out.notes.push((lineno, format!("row for {tasks} tasks has {present} of {} values", cols.len())));
    }
    for (cell, j) in placed {
        if cell.is_empty() {
            continue;
        }
        let metric = &cols[j];
        let value = num::plain(cell)
            .ok_or_else(|| ParseError::malformed(lineno, format!("a number for {}", metric.name), cell))?;
        let mut s = Sample::new(metric.clone(), value, lineno).with_group(ctx.group).with_param("tasks", tasks);
        if let Some(k) = kernel {
            s = s.with_kernel(k);
        }
        if let Some((_, side)) = side {
            s = s.with_param("diff", side);
        }
        decs.push((out.samples.len(), num::decimals(cell).unwrap_or(0)));
        out.samples.push(s);
    }
    Ok(true)
}

/// Reads one row of a re-aim table at `ctx.lineno`, rejoining a JTI wrapped
/// onto the next line. Returns how many further lines it took, or `None`
/// when the line is not a row (the table is over).
fn reaim_row(
    ctx: &RowCtx,
    edges: &mut Option<(usize, Vec<Span>)>,
    out: &mut ParsedFile,
    decs: &mut Vec<(usize, usize)>,
) -> Result<Option<usize>, ParseError> {
    let (line, lineno) = (ctx.lines[ctx.lineno - 1].as_str(), ctx.lineno);
    let Some(Ok(forked)) = line.words().next().map(str::parse::<u32>) else {
        return Ok(None);
    };
    let cells = words_with_ends(line).into_iter().skip(1).collect::<Vec<_>>();
    if cells.iter().any(|(w, _)| num::plain(w).is_none()) {
        return Err(ParseError::malformed(lineno, "a re-aim row of numbers", line));
    }
    let n = REAIM_COLUMNS.len();
    if cells.len() > n {
        return Err(ParseError::malformed(lineno, "a re-aim row of Num Forked and 8 values", line));
    }
    let mut values: Vec<(&str, usize, usize)> = Vec::new();
    let mut consumed = 0;
    let lined_up = |c: &[(&str, Span)], e: &Option<(usize, Vec<Span>)>| {
        e.as_ref().is_none_or(|(_, full)| place_by_edges(c, full).is_some_and(|at| at.iter().copied().eq(0..c.len())))
    };
    if cells.len() + 1 == n
        && ctx.lines.get(lineno).is_some_and(|l| lone_percent(l).is_some())
        && lined_up(&cells, edges)
    {
        // JTI wrapped onto the next line by a mail client.
        out.notes.push((lineno + 1, format!("JTI of line {lineno} wrapped onto this line; rejoined")));
        values.extend(cells.iter().enumerate().map(|(j, c)| (c.0, j, lineno)));
        values.push((ctx.lines[lineno].trim(), n - 1, lineno + 1));
        consumed = 1;
    } else if cells.len() + 1 == n
        && let Some(word) = ctx.lines.get(lineno).map(|l| l.trim()).filter(|w| num::non_finite(w))
        && lined_up(&cells, edges)
    {
        // JTI wrapped onto the next line, printed as `nan` (re-aim divides
        // by a spread of nothing): the row's 7 cells are read, the JTI is
        // not, and the rows below are the same table.
        let msg = format!("JTI of line {lineno} wrapped onto this line is {word:?}, not a number: not read");
        out.notes.push((lineno + 1, msg));
        values.extend(cells.iter().enumerate().map(|(j, c)| (c.0, j, lineno)));
        return Ok(Some(push_reaim_values(ctx, forked, values, out, decs).map(|()| 1)?));
    } else if let Some(rest) = ctx.lines.get(lineno).map(|l| continuation(l)).filter(|r| !r.is_empty())
        && cells.len() < n
    {
        // A row a mail wrapped further (`1  1.33 … 0.00` / `0.00  100`):
        // rejoined when the two lines hold the row's values; else its
        // cells cannot be placed (a blank cell among them), a note.
        if cells.len() + rest.len() == n {
            out.notes.push((lineno + 1, format!("row of line {lineno} wrapped onto this line; rejoined")));
            values.extend(cells.iter().enumerate().map(|(j, c)| (c.0, j, lineno)));
            values.extend(rest.iter().enumerate().map(|(j, c)| (*c, cells.len() + j, lineno + 1)));
        } else {
            let msg = format!(
                "row for {forked} forked wrapped onto line {} with {} of its {n} values (a cell left blank?): not read",
                lineno + 1,
                cells.len() + rest.len()
            );
            out.notes.push((lineno, msg));
            return Ok(Some(1));
        }
        consumed = 1;
    } else {
        match columns_of(&cells, n, lineno, edges) {
            Ok(at) => values.extend(cells.iter().zip(at).map(|(c, j)| (c.0, j, lineno))),
            Err(note) => {
                out.notes.push((lineno, format!("row for {forked} forked {note}")));
                return Ok(Some(0));
            }
        }
    }
    if values.len() < n {
        out.notes.push((lineno, format!("row for {forked} forked has {} of {n} values", values.len())));
    }
    push_reaim_values(ctx, forked, values, out, decs)?;
    Ok(Some(consumed))
}

/// Adds the cells of a re-aim row for `forked` children as samples:
/// `values` holds each cell's text, its column in [`REAIM_COLUMNS`] and
/// its line. A cell that is no number is an error naming its line.
fn push_reaim_values(
    ctx: &RowCtx,
    forked: u32,
    values: Vec<(&str, usize, usize)>,
    out: &mut ParsedFile,
    decs: &mut Vec<(usize, usize)>,
) -> Result<(), ParseError> {
    for (cell, j, at) in values {
        let (name, unit, better) = REAIM_COLUMNS[j];
        let value = num::plain(cell).ok_or_else(|| ParseError::malformed(at, "a number", cell))?;
        decs.push((out.samples.len(), num::decimals(cell).unwrap_or(0)));
        out.samples.push(
            Sample::new(Metric::new(name, unit, better), value, at).with_group(ctx.group).with_param("forked", forked),
        );
    }
    Ok(())
}

/// The value cells of a TAB-separated AIM7 row after its first `skip`
/// cells (Tasks, and a kernel when the table has one). The spreadsheet's
/// empty cell after Jobs/Min (`98.9\t\t100`) is dropped; other empty cells
/// stay empty.
fn aim7_cells(line: &str, skip: usize) -> Vec<&str> {
    let mut cells: Vec<&str> = line.trim().split('\t').map(str::trim).skip(skip).collect();
    if cells.len() >= 2 && cells[1].is_empty() {
        cells.remove(1);
    }
    while cells.last().is_some_and(|c| c.is_empty()) {
        cells.pop();
    }
    cells
}

/// A line holding one integer from 0 to 100 (a wrapped JTI).
/// The cells of a line that continues a wrapped re-aim row: numbers only,
/// the first no whole number (a row starts with its Num Forked). Empty for
/// any other line.
fn continuation(line: &str) -> Vec<&str> {
    let cells: Vec<&str> = line.words().collect();
    let numbers = !cells.is_empty() && cells.iter().all(|c| num::plain(c).is_some());
    if numbers && cells[0].parse::<u32>().is_err() { cells } else { Vec::new() }
}

fn lone_percent(line: &str) -> Option<f64> {
    let mut words = line.words();
    let w = words.next()?;
    if words.next().is_some() {
        return None;
    }
    let v = w.parse::<u32>().ok()?;
    (v <= 100).then_some(f64::from(v))
}

/// The two header lines of OSDL STP's posted tables of re-aim-7 maxima
/// (Cliff White's LKML posts, 2003-2004): `STP id PLM# Kernel Name
/// Workfile  MaxJPM MaxUser Host  Change` (rows `278204 2070
/// 2.6.0-test4-mm1   new_dbase 988.42   17  stp1-001 0.00`) and `Kernel  JPM
/// Lusers Pct Change` (rows `patch-2.6.3-rc2  1001.21   17  0.00` under
/// workload headings `Database load`, `Compute load`).
#[derive(Clone, Copy, PartialEq, Debug)]
enum StpTable {
    Plm,
    Lusers,
    /// `Kernel  Peak Load` over `2.5.69 - base  5216.68 Jobs/Minute` and
    /// `2.5.69-mm6(AS)  4963.36 JPM` (Cliff White, LKML 2003-05).
    Peak,
    /// `STP id PLM# Kernel Name Scheduler MaxJPM MaxUser Host Change`
    /// (TABs) over `278804 2084 2.6.0-test4-mm4 deadline  5289.15  88
    /// stp4-002 0.00`: one kernel under several I/O schedulers (Cliff White,
    /// LKML 2003-09); the scheduler is the row's `label`.
    PlmScheduler,
}

/// Each [`StpTable`]'s header: its words (more may follow where the flag
/// says so) and the one word of them [`stp_tables`] looks for in a file
/// before walking it. One list, so that a header is never read without
/// its file being walked (a guard naming `STP` and `Lusers` only, written
/// before the `Peak` header, once skipped Cliff White's 2003-05 table).
const STP_HEADERS: [(StpTable, &[&str], bool, &str); 4] = [
    (StpTable::Plm, &["STP", "id", "PLM#", "Kernel", "Name", "Workfile", "MaxJPM", "MaxUser"], true, "STP"),
    (
        StpTable::PlmScheduler,
        &["STP", "id", "PLM#", "Kernel", "Name", "Scheduler", "MaxJPM", "MaxUser"],
        true,
        "Scheduler",
    ),
    (StpTable::Lusers, &["Kernel", "JPM", "Lusers", "Pct", "Change"], false, "Lusers"),
    (StpTable::Peak, &["Kernel", "Peak", "Load"], false, "Peak"),
];

fn stp_table_header(t: &str) -> Option<StpTable> {
    // Asked of every line of every file `Reaim::detect` reads: one not
    // starting with a header's first word (nearly all) is none, without
    // its words collected (the same answer: `t` is trimmed).
    if !STP_HEADERS.iter().any(|(_, words, ..)| t.starts_with(words[0])) {
        return None;
    }
    let words: Vec<&str> = t.words().collect();
    STP_HEADERS
        .iter()
        .find(|(_, header, more, _)| {
            words.len() >= header.len() && (*more || words.len() == header.len()) && words[..header.len()] == **header
        })
        .map(|(table, ..)| *table)
}

/// A heading naming the CPU count of the machines below: `1-CPU`, `2-way`
/// alone on its line, or a sentence ending in `:` holding one such word
/// (`Running on the 8-cpu machines, delta is larger:`).
fn stp_cpus_heading(t: &str) -> Option<u32> {
    let count = |w: &str| -> Option<u32> {
        let w = w.trim_end_matches([':', ',']);
        let (n, what) = w.split_once('-')?;
        (what.eq_ignore_ascii_case("cpu") || what.eq_ignore_ascii_case("way")).then_some(())?;
        n.parse().ok().filter(|&n| n > 0)
    };
    if let Some(n) = count(t) {
        return Some(n);
    }
    if !t.ends_with(':') {
        return None;
    }
    let found: Vec<u32> = t.words().filter_map(count).collect();
    (found.len() == 1).then(|| found[0])
}

/// A workload heading of the `Kernel JPM Lusers` tables: `Database load`,
/// `Fileserver  load`, `Compute`, `Database load ( Deadline scheduler )`
/// → (`database`, Some(`Deadline scheduler`)).
fn stp_workload_heading(t: &str) -> Option<(String, Option<String>)> {
    let (head, aside) = match t.split_once('(') {
        Some((h, a)) => (h, Some(a.trim().strip_suffix(')')?.trim().to_string())),
        None => (t, None),
    };
    let words: Vec<&str> = head.words().collect();
    let name = match words.as_slice() {
        [w] | [w, "load"] => *w,
        _ => return None,
    };
    let lower = name.to_ascii_lowercase();
    matches!(lower.as_str(), "database" | "compute" | "fileserver" | "shared" | "dbase" | "new_dbase")
        .then_some((lower, aside.filter(|a| !a.is_empty())))
}

/// Reads OSDL STP's posted re-aim-7 tables ([`stp_table_header`]): each
/// row's `"Max Jobs per Minute"` (jobs/min, higher is better) and the users
/// it was reached at, `"Max Jobs per Minute users"` (neither), with the
/// row's kernel (`linux-`/`patch-` taken off a release), the workfile or
/// workload heading as group, `cpus` from the heading above (`2-CPU`,
/// `4-way`; none when no heading came since the last table's rows) and a
/// heading's aside as `label`. The `Change`/`Pct Change` column is
/// derived (percent from the first row) and not read; nor are the STP id
/// and PLM#. A row that does not fit its header ends the table with a
/// note.
fn stp_tables(input: &Input, out: &mut ParsedFile) {
    // Only a row under a header is read or noted, and each header holds
    // its word of [`STP_HEADERS`]: a file holding none (every AIM7 and
    // re-aim output) is not walked (the same answer).
    if !STP_HEADERS.iter().any(|(.., word)| input.has(word)) {
        return;
    }
    let mut table: Option<StpTable> = None;
    // An STP table's header was read above.
    let mut seen = false;
    let mut cpus: Option<u32> = None;
    let mut cpus_used = false;
    let mut group = String::new();
    let mut label: Option<String> = None;
    // The Peak Load rows read under the header above (group, name, line):
    // a row typed twice is no second run (attack42 F4).
    let mut peak_rows: Vec<(String, String, usize)> = Vec::new();
    for (i, line) in input.lines.iter().enumerate() {
        let t = line.trim();
        if let Some(n) = stp_cpus_heading(t) {
            cpus = Some(n);
            cpus_used = false;
            continue;
        }
        if let Some(kind) = stp_table_header(t) {
            seen = true;
            if cpus_used {
                cpus = None;
            }
            table = Some(kind);
            peak_rows.clear();
            continue;
        }
        // Another header of re-aim figures typed by hand (Cliff White's
        // `Kernel  Children  JPM  RunTime  c_utime  c_systime`, LKML
        // 2003-05) under one of the tables above: its rows are not read,
        // and that is said.
        if seen && t.starts_with("Kernel ") && t.words().any(|w| w == "JPM") {
            out.notes
                .push((i + 1, format!("`{t}`: a re-aim table of this header is not read (its rows below neither)")));
            table = None;
            continue;
        }
        // A workload heading may come before the header (`1-way` /
        // `Database load` / `Kernel  JPM  Lusers …`).
        if let Some((g, aside)) = stp_workload_heading(t) {
            group = g;
            label = aside;
            continue;
        }
        let Some(kind) = table else { continue };
        if t.is_empty() {
            continue;
        }
        let w: Vec<&str> = t.words().collect();
        let int = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let row = match kind {
            StpTable::Plm | StpTable::PlmScheduler
                if (7..=8).contains(&w.len()) && int(w[0]) && int(w[1]) && int(w[5]) =>
            {
                num::plain(w[4]).zip(w[5].parse::<f64>().ok()).map(|v| (w[2], Some(w[3]), v))
            }
            StpTable::Lusers if w.len() == 4 && int(w[2]) && num::plain(w[3].trim_start_matches('-')).is_some() => {
                num::plain(w[1]).zip(w[2].parse::<f64>().ok()).map(|v| (w[0], None, v))
            }
            _ => None,
        };
        if kind == StpTable::Peak
            && let Some((name, jpm)) = stp_peak_row(&w)
        {
            let (kernel, aside) = stp_peak_name(&name);
            let mut s = Sample::new(Metric::new("Max Jobs per Minute", "jobs/min", Better::Higher), jpm, i + 1)
                .with_group(group.as_str())
                .with_kernel(kernel);
            if let Some(n) = cpus {
                s = s.with_param("cpus", n);
            }
            if let Some(l) = aside.or(label.as_deref()) {
                s = s.with_param("label", l);
            }
            // The same kernel's row typed twice under one header (attack42
            // F4, `2.5.69 - base` 5216.68 then 5016.68): a rerun or a
            // paste, not a second run; a row of its own, said.
            match peak_rows.iter().find(|(g, k, _)| *g == group && *k == name) {
                Some(&(_, _, first)) => {
                    s = super::repeats::printed_again(s);
                    out.notes.push((
                        i + 1,
                        format!(
                            "`{name}` printed again under the `Kernel  Peak Load` header (first on line {first}): a \
                             rerun or the row pasted twice, not another run; read as a row of its own (`rerun \
                             printed again`), not averaged with it"
                        ),
                    ));
                }
                None => peak_rows.push((group.clone(), name.clone(), i + 1)),
            }
            cpus_used = true;
            out.samples.push(s);
            continue;
        }
        let Some((kernel, workfile, (jpm, users))) = row else {
            // A damaged cell (`4,963.36`) ends the table too: the rows
            // below it in its paragraph are lost with it, said (attack59 F9).
            let lost = match t.words().find(|w| super::segment::bad_cell(w)) {
                Some(cell) => {
                    let below = input.lines[i + 1..].iter().take_while(|l| !l.trim().is_empty()).count();
                    match below {
                        0 => format!(": `{cell}` is no figure"),
                        1 => format!(": `{cell}` is no figure, and the line below it (line {}) is not read", i + 2),
                        n => format!(
                            ": `{cell}` is no figure, and the {n} lines below it (lines {}-{}) are not read",
                            i + 2,
                            i + 1 + n
                        ),
                    }
                }
                None => String::new(),
            };
            out.notes.push((i + 1, format!("`{t}` ends the OSDL STP re-aim table above it{lost}")));
            table = None;
            continue;
        };
        cpus_used = true;
        let bare = kernel.strip_prefix("patch-").or_else(|| kernel.strip_prefix("linux-")).unwrap_or(kernel);
        let kernel = if super::labels::is_kernel_name(bare) { bare } else { kernel };
        // Under a `Scheduler` header the fourth cell is the row's I/O
        // scheduler (a set-up, its label), not a workfile.
        let (g, row_label) = match (kind, workfile) {
            (StpTable::PlmScheduler, Some(sched)) => (group.as_str(), Some(sched)),
            (_, w) => (w.unwrap_or(group.as_str()), label.as_deref()),
        };
        for (metric, v) in [
            (Metric::new("Max Jobs per Minute", "jobs/min", Better::Higher), jpm),
            (Metric::new("Max Jobs per Minute users", "", Better::Neither), users),
        ] {
            let mut s = Sample::new(metric, v, i + 1).with_group(g).with_kernel(kernel);
            if let Some(n) = cpus {
                s = s.with_param("cpus", n);
            }
            if let Some(l) = row_label {
                s = s.with_param("label", l);
            }
            out.samples.push(s);
        }
    }
}

/// A `Kernel  Peak Load` row's name (its words before the figure, joined
/// by one blank) and its jobs per minute: `2.5.69 - base  5216.68
/// Jobs/Minute`, `2.5.69-mm6(AS)  4963.36 JPM`. The unit word is required.
fn stp_peak_row(w: &[&str]) -> Option<(String, f64)> {
    let [name @ .., figure, unit] = w else { return None };
    if name.is_empty() || !(*unit == "JPM" || *unit == "Jobs/Minute") {
        return None;
    }
    Some((name.join(" "), num::plain(figure)?))
}

/// A Peak Load row's name as its kernel and the set-up beside it:
/// `2.5.69 - base` → (`2.5.69`, `base`), `2.5.69-mm6(AS)` →
/// (`2.5.69-mm6`, `AS`), `2.5.69` → (`2.5.69`, none); a name that holds
/// no kernel's is the kernel as written.
fn stp_peak_name(name: &str) -> (&str, Option<&str>) {
    if let Some((k, aside)) = name.split_once(" - ")
        && super::labels::is_kernel_name(k)
        && !aside.trim().is_empty()
    {
        return (k, Some(aside.trim()));
    }
    if let Some(k) = name.strip_suffix(')')
        && let Some((k, aside)) = k.split_once('(')
        && super::labels::is_kernel_name(k)
        && !aside.is_empty()
    {
        return (k, Some(aside));
    }
    (name, None)
}

#[cfg(test)]
mod tests {
    /// Cliff White's `Kernel  Peak Load` rows (LKML 2003-05): the kernel
    /// and the set-up beside it; a name with no kernel stays whole, and
    /// a row without its unit word is none.
    #[test]
    fn stp_peak_rows_and_names() {
        use super::{stp_peak_name, stp_peak_row};
        let row = |t: &str| stp_peak_row(&t.words().collect::<Vec<_>>());
        assert_eq!(row("2.5.69 - base         5216.68 Jobs/Minute"), Some(("2.5.69 - base".into(), 5216.68)));
        assert_eq!(row("2.5.69-mm6(AS)        4963.36 JPM"), Some(("2.5.69-mm6(AS)".into(), 4963.36)));
        assert_eq!(row("2.5.69-mm6(AS)        4963.36"), None);
        assert_eq!(row("Load when JPS/child < 1.0"), None);
        assert_eq!(stp_peak_name("2.5.69 - base"), ("2.5.69", Some("base")));
        assert_eq!(stp_peak_name("2.5.69-mm6(deadline)"), ("2.5.69-mm6", Some("deadline")));
        assert_eq!(stp_peak_name("2.5.69-mm7"), ("2.5.69-mm7", None));
        assert_eq!(stp_peak_name("tuned - base"), ("tuned - base", None));
    }

    /// Seed 002's AIM7 table posted as a diff hunk (attack62): the rows
    /// `-2.4.20-pre5 …` and `+2.4.20-pre5 …` were two kernels of those
    /// names, no word. Kernel 2.4.20-pre5 on both, each side its own set-up.
    #[test]
    fn a_diff_hunks_sides_are_one_kernel_two_set_ups() {
        let text = "\
--- a/results/aim7.txt
+++ b/results/aim7.txt
@@ -10,5 +10,5 @@
 kernel Tasks Jobs/Min Real CPU
 2.4.19-rc5-aa1 32 555.4 342.2 146.1
-2.4.20-pre5 32 470.7 403.8 147.2
+2.4.20-pre5 32 490.2 403.8 147.2
 2.4.20-pre4-ac1 32 472.0 402.7 142.4
 2.5.33-mm5 32 474.4 400.7 144.2
";
        let f = Aim7.parse(&Input::from_text(text)).unwrap();
        assert!(f.samples.iter().all(|s| !s.kernel.as_deref().unwrap_or("").starts_with(['-', '+'])));
        let side = |l: usize| {
            f.samples
                .iter()
                .find(|s| s.line == l)
                .and_then(|s| s.params.iter().find(|p| p.name == "diff"))
                .map(|p| p.value.clone())
        };
        assert_eq!(side(6).as_deref(), Some("removed"));
        assert_eq!(side(7).as_deref(), Some("added"));
        assert!(f.notes.iter().any(|(l, n)| *l == 6 && n.contains("a diff's removed line")));
    }

    /// attack42 F4 (its r/r03-same-kernel-twice.txt: Cliff White's Peak
    /// Load table with `2.5.69 - base` typed again as 5016.68): the two
    /// were averaged as runs of 2.5.69 base, silently; the second is now a
    /// row of its own (`rerun printed again`), said at its line. Rows of
    /// one kernel with other set-ups beside it (`(AS)`, `(deadline)`) are
    /// not (must not fire).
    #[test]
    fn a_peak_load_row_typed_twice_is_a_row_of_its_own() {
        let text = "Kernel                Peak Load\n2.5.69 - base         5216.68 Jobs/Minute\n\
                    2.5.69-mm6(AS)        4963.36 JPM\n2.5.69-mm6(deadline)  4966.71 JPM\n\
                    2.5.69-mm7(AS)        4966.86 JPM\n2.5.69 - base         5016.68 Jobs/Minute\n";
        let mut out = crate::model::ParsedFile::default();
        super::stp_tables(&super::Input::from_text(text), &mut out);
        assert_eq!(out.samples.len(), 5);
        let again = crate::parse::repeats::printed_again_lines(&out);
        assert_eq!(again, [6]);
        assert_eq!(out.notes.len(), 1, "{:?}", out.notes);
        assert!(out.notes[0].0 == 6 && out.notes[0].1.contains("first on line 2"), "{:?}", out.notes);
    }

    #[test]
    fn stp_table_words_fire_narrowly() {
        use super::{StpTable, stp_cpus_heading, stp_table_header, stp_workload_heading};
        assert_eq!(stp_table_header("Kernel                    JPM     Lusers Pct Change"), Some(StpTable::Lusers));
        assert_eq!(stp_table_header("Kernel  JPM  Users"), None);
        assert_eq!(stp_table_header("Kernel JPM Lusers Pct Change extra"), None);
        assert_eq!(stp_table_header("Kernel  Peak Load"), Some(StpTable::Peak));
        assert_eq!(
            stp_table_header("STP id PLM# Kernel Name Workfile  MaxJPM MaxUser Host  Change"),
            Some(StpTable::Plm)
        );
        // The word the walk's guard looks for is one of its header's.
        for (_, words, _, word) in super::STP_HEADERS {
            assert!(words.contains(&word), "{words:?}");
        }
        assert_eq!(stp_cpus_heading("2-CPU"), Some(2));
        assert_eq!(stp_cpus_heading("Running on the 8-cpu machines, delta is larger:"), Some(8));
        // A sentence not ending a heading's colon, or naming two counts, is none.
        assert_eq!(stp_cpus_heading("On the 1-cpu and 2-cpu machines, very little delta"), None);
        assert_eq!(stp_cpus_heading("compare the 1-cpu and 2-cpu boxes:"), None);
        assert_eq!(stp_cpus_heading("0-cpu"), None);
        assert_eq!(stp_cpus_heading("x86-64"), None);
        assert_eq!(
            stp_workload_heading("Database load ( Deadline scheduler )"),
            Some(("database".into(), Some("Deadline scheduler".into())))
        );
        assert_eq!(stp_workload_heading("Fileserver  load").map(|w| w.0), Some("fileserver".into()));
        assert_eq!(stp_workload_heading("Database load is heavier"), None);
        assert_eq!(stp_workload_heading("Kernel compute"), None);
    }

    use super::*;

    #[test]
    fn a_reaim_table_wrapped_by_a_mail_is_rejoined_or_warned() {
        let text = "Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev\n\
            JTI\n\
            Forked  Time     SysTime UTime   Minute     Child      Time     Percent\n\
            1          1.33     0.04      0.35    4376.69    4376.69     0.00\n\
            0.00  100\n\
            21         4.91     1.12      7.03               1187.15     0.27\n\
            5.68   94\n";
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        assert_eq!(values(&f, "JTI"), [("1".to_string(), 100.0)]);
        assert_eq!(values(&f, "Jobs per Minute"), [("1".to_string(), 4376.69)]);
        // The second row left a cell blank: not placed, warned of.
        assert!(f.notes.iter().any(|(l, n)| *l == 6 && n.contains("7 of its 8 values")), "{:?}", f.notes);
    }

    /// LKML 2003 reaim (wild/aim7 `…-define-lines-as-labels-…`) re-wrapped
    /// at 72: both header lines broken, `JTI` and `Percent` alone; the
    /// table was not read (80 figures), with no word.
    #[test]
    fn a_reaim_header_wrapped_before_percent_is_rejoined() {
        let text = "Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev\n \
            JTI\n\
            Forked  Time     SysTime UTime   Minute     Child      Time\n\
            Percent \n\
            100     110.25   12.67   206.35  5605.19    56.05      3.48     3.29\n  \
            96   \n";
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        assert_eq!(values(&f, "Parent Time"), [("100".to_string(), 110.25)]);
        assert_eq!(values(&f, "JTI"), [("100".to_string(), 96.0)]);
        assert!(f.notes.iter().any(|(l, n)| *l == 4 && n.contains("`Percent`")), "{:?}", f.notes);
    }

    fn values(f: &ParsedFile, metric: &str) -> Vec<(String, f64)> {
        f.samples
            .iter()
            .filter(|s| s.metric.name == metric)
            .map(|s| (s.params.first().map(|p| p.value.to_string()).unwrap_or_default(), s.value.mean()))
            .collect()
    }

    #[test]
    fn spreadsheet_tabs_with_double_tab() {
        let text = "Benchmark\tVersion\tMachine\tRun Date\n\
AIM Multiuser Benchmark - Suite VII\t\"1.1\"\textreme\tJun  1 07:17:24 2007\n\
\n\
Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n\
1\t98.9\t\t100\t58.9\t1.3\t1.6482\n\
101\t5547.1\t\t95\t106.0\t79.4\t0.9154\n";
        let f = Aim7.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.version.as_deref(), Some("1.1"));
        assert_eq!(f.samples.len(), 10);
        assert_eq!(values(&f, "JTI"), vec![("1".into(), 100.0), ("101".into(), 95.0)]);
        assert_eq!(values(&f, "Jobs/sec/task")[1].1, 0.9154);
        let real = f.samples.iter().find(|s| s.metric.name == "Real").unwrap();
        assert_eq!((real.metric.unit.as_str(), real.metric.better), ("s", Better::Lower));
        assert!(f.notes.iter().any(|(_, n)| n.contains("extreme")));
    }

    /// Andy Whitcroft (linux-mm 2007-07): spreadsheets of `extreme` and
    /// `vmemmap`, the two set-ups compared, were averaged as runs of one;
    /// each run's machine is now a parameter. Must not: spreadsheets of
    /// one machine (three kernels on `sundown2`) get none.
    #[test]
    fn spreadsheets_of_two_machines_are_kept_apart() {
        let sheet = |machine: &str, jobs: &str| {
            format!(
                "Benchmark\tVersion\tMachine\tRun Date\n\
                 AIM Multiuser Benchmark - Suite VII\t\"1.1\"\t{machine}\tJun  1 07:17:24 2007\n\n\
                 Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n\
                 1\t{jobs}\t\t100\t58.9\t1.3\t1.6482\n\n"
            )
        };
        let host = |s: &Sample| s.params.iter().find(|p| p.name == "host").map(|p| p.value.to_string());
        let two = format!("{}{}", sheet("extreme", "98.9"), sheet("vmemmap", "99.1"));
        let f = Aim7.parse(&Input::from_text(&two)).unwrap();
        let jobs: Vec<_> = f.samples.iter().filter(|s| s.metric.name == "Jobs/Min").collect();
        assert_eq!(jobs.iter().map(|s| host(s)).collect::<Vec<_>>(), [Some("extreme".into()), Some("vmemmap".into())]);
        let one = format!("{}{}", sheet("sundown2", "40.3"), sheet("sundown2", "41.0"));
        let f = Aim7.parse(&Input::from_text(&one)).unwrap();
        assert!(f.samples.iter().all(|s| host(s).is_none()));
    }

    /// attack57 F2: the same spreadsheets with their tabs expanded to
    /// spaces (a mail, an editor) keep each run's machine; the console's
    /// `… Suite VII Run Beginning` names none.
    #[test]
    fn spreadsheet_banners_with_tabs_expanded_keep_their_machines() {
        assert_eq!(
            spaced_banner("AIM Multiuser Benchmark - Suite VII     \"1.1\"   extreme Jun  1 07:17:24 2007"),
            Some(("1.1", "extreme", "Jun  1 07:17:24 2007"))
        );
        assert_eq!(
            spaced_banner("AIM Multiuser Benchmark - Suite VII     \"1.1\"           May 29 15:42:53 2007"),
            Some(("1.1", "", "May 29 15:42:53 2007"))
        );
        assert_eq!(spaced_banner("AIM Multiuser Benchmark - Suite VII Run Beginning"), None);
        assert_eq!(spaced_banner("AIM Multiuser Benchmark - Suite VII     \"1.1\"   extreme yesterday"), None);
        let sheet = |machine: &str, jobs: &str| {
            format!(
                "Benchmark       Version Machine Run Date\n\
                 AIM Multiuser Benchmark - Suite VII     \"1.1\"   {machine}  Jun  1 07:17:24 2007\n\n\
                 Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n\
                 1\t{jobs}\t\t100\t58.9\t1.3\t1.6482\n\n"
            )
        };
        let host = |s: &Sample| s.params.iter().find(|p| p.name == "host").map(|p| p.value.to_string());
        let two = format!("{}{}", sheet("extreme", "98.9"), sheet("vmemmap", "99.1"));
        let f = Aim7.parse(&Input::from_text(&two)).unwrap();
        assert_eq!(f.version.as_deref(), Some("1.1"));
        let jobs: Vec<_> = f.samples.iter().filter(|s| s.metric.name == "Jobs/Min").collect();
        assert_eq!(jobs.iter().map(|s| host(s)).collect::<Vec<_>>(), [Some("extreme".into()), Some("vmemmap".into())]);
    }

    #[test]
    fn short_rows_give_present_cells() {
        let text = "Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n1\t98.9\t\t100\t58.9\n";
        let f = Aim7.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 3);
        assert_eq!(f.notes.len(), 1);
    }

    #[test]
    fn console_rows_with_wrapped_dates() {
        let text = "AIM Multiuser Benchmark - Suite VII Run Beginning\n\n\
Tasks    jobs/min  jti  jobs/min/task      real       cpu\n\
    1     2435.06  100      2435.0649      2.46      0.02   Mon Sep  4 \n\
10:17:44 2006\n\
  100   178784.27   94      1787.8427      3.36      7.08   Mon Sep  4 \n\
10:17:58 2006\n\
  700\n\
Fatal error 98 at\n";
        let f = Aim7.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 10);
        assert_eq!(values(&f, "Jobs/Min"), vec![("1".into(), 2435.06), ("100".into(), 178784.27)]);
        assert_eq!(values(&f, "Jobs/min/task")[0].1, 2435.0649);
        assert!(f.notes.iter().any(|(l, n)| *l == 8 && n.contains("700")));
    }

    /// Cliff White's 2003-09 table (TABs): one kernel under three I/O
    /// schedulers; each row's scheduler is its label, so the three are not
    /// averaged as runs of one, and no workfile group is made of it. A
    /// `Workfile` header keeps its fourth cell as the group.
    #[test]
    fn an_stp_table_by_scheduler_labels_its_rows() {
        use super::{Reaim, StpTable, stp_table_header};
        let text = "STP id\tPLM#\tKernel Name \tScheduler\tMaxJPM\tMaxUser\tHost\t  Change\n\
278804\t2084\t2.6.0-test4-mm4 deadline \t5289.15\t 88\t stp4-002 0.00\n\
278803\t2084\t2.6.0-test4-mm4 AS \t        5650.16\t 96\t stp4-001 +6.82\n";
        assert_eq!(
            stp_table_header("STP id\tPLM#\tKernel Name \tScheduler\tMaxJPM\tMaxUser"),
            Some(StpTable::PlmScheduler)
        );
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(Option<&str>, &str, String, f64)> = f
            .samples
            .iter()
            .filter(|s| s.metric.name == "Max Jobs per Minute")
            .map(|s| {
                let l = s.params.iter().find(|p| p.name == "label").map(|p| p.value.to_string()).unwrap_or_default();
                (s.kernel.as_deref(), s.group.as_str(), l, s.value.mean())
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (Some("2.6.0-test4-mm4"), "", "deadline".to_string(), 5289.15),
                (Some("2.6.0-test4-mm4"), "", "AS".to_string(), 5650.16),
            ]
        );
        let plm = "STP id PLM# Kernel Name Workfile  MaxJPM MaxUser Host  Change\n\
278204 2070 2.6.0-test4-mm1   new_dbase 988.42   17      stp1-001 0.00\n";
        let f = Reaim.parse(&Input::from_text(plm)).unwrap();
        assert_eq!(f.samples[0].group, "new_dbase");
        assert!(f.samples[0].params.iter().all(|p| p.name != "label"));
    }

    #[test]
    fn stp_reaim_summaries_per_kernel_and_workload() {
        let text = "reaim -w compute (compute intensive load), decreases performance:\n\
kernel: patch-2.6.10-rc2\nplmid: 3304\nkernel: 3304\n\
Peak load Test: Maximum Jobs per Minute 9591.82 (average of 3 runs)\n\
Quick Convergence Test: Maximum Jobs per Minute 9359.76 (average of 3 runs)\n\n\
kernel: nikita-b2\nPeak load Test: Maximum Jobs per Minute 9533.34\n";
        let input = Input::from_text(text);
        assert_eq!(Reaim.detect(&input), 90);
        let f = Reaim.parse(&input).unwrap();
        let got: Vec<(usize, Option<&str>, &str, f64, u32)> = f
            .samples
            .iter()
            .map(|s| (s.line, s.kernel.as_deref(), s.group.as_str(), s.value.mean(), s.value.runs()))
            .collect();
        assert_eq!(
            got,
            vec![
                (5, Some("2.6.10-rc2"), "compute", 9591.82, 3),
                (6, Some("2.6.10-rc2"), "compute", 9359.76, 3),
                (9, Some("nikita-b2"), "compute", 9533.34, 1)
            ]
        );
        assert!(f.samples[2].params.iter().all(|p| p.name != "label"));
    }

    #[test]
    fn reaim_wrapped_jti_and_max() {
        let text = "reaim -f /usr/local/share/reaim/workfile.new_dbase -s100 -e 500 -i 100\n\
Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI\n\
Forked  Time     SysTime UTime   Minute     Child      Time     Percent\n\
4000    119.97   432.86  47.17   204051.01  51.01      11.52    9.99 \n\
  90\n\
100     118.90   21.17   214.03  5197.78    51.98      4.52     3.98     96     \n\
Crossover achieved\n\
Max Jobs per Minute 204051.01\n";
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.benchmark, "reaim");
        assert_eq!(f.samples.len(), 17);
        assert!(f.samples.iter().all(|s| s.group == "new_dbase"));
        let jti = values(&f, "JTI");
        assert_eq!(jti, vec![("4000".into(), 90.0), ("100".into(), 96.0)]);
        let j = f.samples.iter().find(|s| s.metric.name == "JTI").unwrap();
        assert_eq!(j.line, 5);
        assert_eq!(values(&f, "Max Jobs per Minute"), vec![(String::new(), 204051.01)]);
    }

    /// attack32 F5 (case 05, the two-workfile fixture with line 8's JTI
    /// `  96` made `  nan`): the table ended at the `nan`, its complete
    /// rows for 200 and 300 forked went with no word, and the labeller
    /// split the run in two so the second run's rows lost their label.
    /// Now: the 7 cells of line 7 read, the `nan` a warning naming line 8,
    /// the rows below read, every row labelled by its command line.
    #[test]
    fn a_wrapped_jti_printed_nan_is_warned_of_and_the_rows_below_read() {
        let run = |config: &str, jti: &str| {
            format!(
                "$ reaim -c ./{config} -s100 -e 300 -i 100\n\
                 REAIM Workload\n\
                 Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI     \n\
                 Forked  Time     SysTime UTime   Minute     Child      Time     Percent         \n\
                 100     118.90   21.17   214.03  5200.00    52.00      4.52     3.98 \n\
                 \x20 {jti}\n\
                 200     236.75   42.54   429.94  5220.00    26.10      9.43     4.16     95     \n\
                 Max Jobs per Minute 5220.00\n"
            )
        };
        let text = run("reaim-dbase.config", "nan") + &run("reaim-shared.config", "96");
        let input = Input::from_text(&text);
        let mut f = Reaim.parse(&input).unwrap();
        assert_eq!(values(&f, "JTI"), [("200".into(), 95.0), ("100".into(), 96.0), ("200".into(), 95.0)]);
        assert_eq!(values(&f, "Parent Time").len(), 4);
        assert!(f.notes.iter().any(|(l, n)| *l == 6 && n.contains("\"nan\", not a number: not read")), "{:?}", f.notes);
        super::super::labels::apply(&input, &mut f);
        for s in &f.samples {
            let want = if s.line < 9 { "-c reaim-dbase.config" } else { "-c reaim-shared.config" };
            let label = s.params.iter().find(|p| p.name == "label").map(|p| p.value.as_str());
            assert_eq!(label, Some(want), "line {}: {s:?}", s.line);
        }
    }

    /// Two re-aim-7 runs, each under the `#define` the kernel was built
    /// with (LKML 2003, an ia64 IOMMU merge boundary): the first define,
    /// a comment after it and right over the command line, labelled
    /// nothing, and its run stood unlabelled beside the second's. Each run
    /// is now its define's, the comment left out.
    #[test]
    fn a_define_over_each_run_labels_it() {
        let run = |define: &str, jpm: &str| {
            format!(
                "{define}
                 iota:/mnt# reaim -f /mnt/workfile.new_dbase -s100 -e 200 -i 100

                 REAIM Workload
                 Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI
                 Forked  Time     SysTime UTime   Minute     Child      Time     Percent 
                 100     110.25   12.67   206.35  {jpm}    56.05      3.48     3.29     96   
                 Max Jobs per Minute {jpm}


"
            )
        };
        let text = run("#define BIO_VMERGE_BOUNDARY     0 /* (mask + 1) */", "5605.19")
            + &run("#define BIO_VMERGE_BOUNDARY     (mask + 1)", "5684.17");
        let input = Input::from_text(&text);
        let mut f = Reaim.parse(&input).unwrap();
        super::super::labels::apply(&input, &mut f);
        for s in &f.samples {
            let want = if s.line < 10 {
                "#define BIO_VMERGE_BOUNDARY     0"
            } else {
                "#define BIO_VMERGE_BOUNDARY     (mask + 1)"
            };
            let label = s.params.iter().find(|p| p.name == "label").map(|p| p.value.as_str());
            assert_eq!(label, Some(want), "line {}: {s:?}", s.line);
        }
    }

    /// attack32 F10 (case 10): a mail wrapped STP's `(average of 3` /
    /// `runs)`; the summary of 3 runs was read as a single value.
    #[test]
    fn an_stp_run_count_wrapped_by_a_mail_is_rejoined() {
        let text = "kernel: patch-2.6.10-rc2\n\
            Peak load Test: Maximum Jobs per Minute 8491.96 (average of 3 runs)\n\
            Quick Convergence Test: Maximum Jobs per Minute 8326.23 (average of 3\n\
            runs)\n";
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        let runs: Vec<(usize, u32)> = f.samples.iter().map(|s| (s.line, s.value.runs())).collect();
        assert_eq!(runs, [(2, 3), (3, 3)]);
        assert!(f.notes.iter().any(|n| n.0 == 3 && n.1.contains("run count wrapped onto line 4")), "{:?}", f.notes);
    }

    /// attack57 F10: a reply's mailer re-wrapped the quoted summaries and
    /// left the run count's tail unquoted (`> > … (average of` / `3
    /// runs)`): rejoined all the same; other text of another depth is not.
    #[test]
    fn an_stp_run_count_tail_left_unquoted_is_rejoined() {
        let text = "> > Peak load Test: Maximum Jobs per Minute 4144.44 (average of 3 runs)\n\
            > > Quick Convergence Test: Maximum Jobs per Minute 4007.86 (average of\n\
            3 runs)\n";
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        let runs: Vec<(usize, u32)> = f.samples.iter().map(|s| (s.line, s.value.runs())).collect();
        assert_eq!(runs, [(1, 3), (2, 3)]);
        assert!(count_tail("3 runs)") && count_tail("runs)") && !count_tail("I think 3 runs)"));
    }

    /// wild36b file 09 (LKML 2004-08, format=flowed): the mail wrapped
    /// STP's summaries before the figure and inside `Maximum Jobs per
    /// Minute`; four of six figures were dropped without a word. Each is
    /// read on its figure's line; a summary whose figure is nowhere is
    /// warned of. wild36b file 10: `<kernel> <address>` names the kernel,
    /// and the address is no label.
    #[test]
    fn an_stp_summary_wrapped_before_its_figure_is_rejoined() {
        let text = "Peak load Test: Maximum Jobs per Minute \n8248.40 (average of 3 runs) \n\
            Quick Convergence Test: Maximum Jobs per \nMinute 7723.62 (average of 3 runs) \n\
            http://khack.osdl.org/stp/295657/ \n\n\
            2.6.4-s http://khack.osdl.org/stp/290536/\n\
            Peak load Test: Maximum Jobs per Minute 9492.30 (average of 3 runs)\n\
            Quick Convergence Test: Maximum Jobs per Minute\n\n";
        let input = Input::from_text(text);
        assert_eq!(Reaim.detect(&input), 90);
        let f = Reaim.parse(&input).unwrap();
        let got: Vec<(usize, Option<&str>, f64, usize)> =
            f.samples.iter().map(|s| (s.line, s.kernel.as_deref(), s.value.mean(), s.params.len())).collect();
        assert_eq!(got, [(2, None, 8248.40, 1), (4, None, 7723.62, 1), (8, Some("2.6.4-s"), 9492.30, 1)]);
        let notes: Vec<&(usize, String)> = f.notes.iter().collect();
        assert!(notes.iter().any(|n| n.0 == 1 && n.1.contains("wrapped over lines 1-2; rejoined")), "{notes:?}");
        assert!(notes.iter().any(|n| n.0 == 3 && n.1.contains("wrapped over lines 3-4; rejoined")), "{notes:?}");
        // attack36 rk4/rk3: such a line names the summaries right under it
        // only; a nearer `<kernel> (<address>)` names its own, and
        // summaries under no such line keep no kernel.
        let text = "2.6.4 http://k/stp/290462/\nPeak load Test: Maximum Jobs per Minute 7482.37 (average of 3 runs)\n\n\
            2.6.4-s4.2 (http://k/stp/290536/)\nPeak load Test: Maximum Jobs per Minute 9492.30 (average of 3 runs)\n\n\
            Peak load Test: Maximum Jobs per Minute 9037.34 (average of 3 runs)\n";
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        let got: Vec<Option<&str>> = f.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(got, [Some("2.6.4"), Some("2.6.4-s4.2"), None]);
        // rk5: a person's words before the address label the summaries under it.
        let text = "With the staircase patch, http://k/stp/290536/\n\
            Peak load Test: Maximum Jobs per Minute 9492.30 (average of 3 runs)\n";
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        assert_eq!(
            f.samples[0].params.iter().find(|p| p.name == "label").map(|p| p.value.as_str()),
            Some("With the staircase patch")
        );
        assert_eq!(words_over_url("see http://k/stp/290536/"), None);
        assert!(notes.iter().any(|n| n.0 == 9 && n.1.contains("its figure is neither")), "{notes:?}");
        assert!(!crate::parse::note_is_info(&notes.iter().find(|n| n.0 == 9).unwrap().1));
        assert_eq!(kernel_over_url("2.6.4 http://khack.osdl.org/stp/290462/"), Some("2.6.4"));
        assert_eq!(kernel_over_url("see http://khack.osdl.org/stp/290462/"), None);
        assert_eq!(kernel_over_url("2.6.4 http://a/ and more"), None);
        assert_eq!(kernel_over_url("2.6.4-s4.2 (http://khack.osdl.org/stp/290536/)"), Some("2.6.4-s4.2"));
        assert!(stp_start("Peak load Test:") && stp_start("Quick Convergence Test: Maximum Jobs"));
        assert!(!stp_start("Peak load Test: was fine"));
    }

    #[test]
    fn damaged_rows_are_errors() {
        let text =
            "Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n1\t98.9\t\t100\t58.9\t1.3\t1.6482\n101\t55x7.1\t\t95\n";
        assert_eq!(Aim7.parse(&Input::from_text(text)).unwrap_err().line(), Some(3));
        let text = "Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI\nbogus\n";
        assert_eq!(Reaim.parse(&Input::from_text(text)).unwrap_err().line(), Some(2));
        let text = "Max Jobs per Minute\n";
        assert_eq!(Reaim.parse(&Input::from_text(text)).unwrap_err().line(), Some(1));
    }

    #[test]
    fn detect_scores() {
        let header = Input::from_text("Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n");
        assert!(Aim7.detect(&header) >= 90);
        assert_eq!(Reaim.detect(&header), 0);
        let prose = Input::from_text("I am using AIM7 since it is a memory heavy workload\n");
        assert_eq!(Aim7.detect(&prose), 0);
        let reaim = Input::from_text(
            "Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI\nForked  Time     SysTime UTime\n",
        );
        assert!(Reaim.detect(&reaim) >= 90);
        // Each line form Reaim::detect scores, alone in a file, gets past
        // its guard (reaim_detect_needles): each STP header as the list
        // spells it, the title, the summary, each STP summary, whole and
        // wrapped.
        let mut scored: Vec<String> = super::STP_HEADERS.iter().map(|(_, words, ..)| words.join("  ")).collect();
        scored.extend(
            [
                "REAIM Workload",
                "Max Jobs per Minute 5223.34",
                "Peak load Test: Maximum Jobs per Minute 8491.96 (average of 3 runs)",
                "  Quick Convergence Test: Maximum Jobs per Minute 7723.62",
                "Quick Convergence Test: Maximum Jobs per\nMinute 7723.62 (average of 3 runs)",
            ]
            .map(String::from),
        );
        for text in &scored {
            assert!(Reaim.detect(&Input::from_text(text)) > 0, "{text:?}");
        }
        // It must not score a file holding a needle but no such line.
        let prose = Input::from_text("Parent process waits; Max Jobs was 5\nPeak load: high\n");
        assert_eq!(Reaim.detect(&prose), 0);
    }
}
