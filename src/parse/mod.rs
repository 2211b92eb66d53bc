//! Reading raw benchmark output.
//!
//! Every benchmark has one module here with one type implementing
//! [`BenchParser`]. The [`registry`] lists them all; [`detect`] asks each how
//! sure it is that it reads a file and takes the surest. Parsers see an
//! [`Input`]: the file already decoded (lossy UTF-8), with CRLF and lone CR
//! turned into LF and mail quoting (`> `, `>> `, `> > `) removed from the
//! start of every line, so that a result pasted into a reply reads the same as
//! the benchmark printed it. Line numbers are kept: line *n* of the input is
//! line *n* of the file.
//!
//! A parser either returns every number it read ([`ParsedFile`]) or a
//! [`ParseError`] naming the line and what it expected there. It never
//! returns a number it is not sure of: a row cut short by a mail client's
//! wrapping is rejoined when that is certain, and an error otherwise.

use crate::model::ParsedFile;
use thiserror::Error;

pub mod aim7;
pub mod aim9;
pub mod bonnie;
pub mod bonnie_pp;
pub mod cmdline;
pub mod column_mail;
pub mod contest;
pub mod coremark;
pub mod coremark_pro;
pub mod cut;
pub mod cyclictest;
pub mod dbench;
pub mod failed;
pub mod fio;
pub mod fsmark;
pub mod generic;
pub mod hackbench;
pub mod hand_rows;
pub mod hand_tables;
pub mod identity;
pub mod input;
pub mod instances;
pub mod interbench;
pub mod iperf3;
pub mod irman;
pub mod json_docs;
pub mod kbuild;
pub mod kcbench;
pub mod kernbench;
pub mod labels;
pub mod lkp_compare;
pub mod lmbench;
pub mod lmbench_raw;
pub mod memtier;
pub mod mlc;
pub mod mmtests;
pub mod netperf;
pub mod num;
pub mod openssl_speed;
pub mod osdb;
pub mod pct_table;
pub mod perf_bench;
pub mod perf_stat;
pub mod pgbench;
pub mod postmark;
pub mod redis_benchmark;
pub mod repeats;
pub mod schbench;
pub mod schedtests;
pub mod segment;
pub mod stream;
pub mod stress_ng;
pub mod sysbench;
pub mod time;
pub mod tinymembench;
pub mod tiobench;
pub mod unixbench;
pub mod uperf;
pub mod varying;
pub mod vm_scalability;
pub mod will_it_scale;
pub mod ycsb;

pub use identity::{
    HOST_PARAM, KERNEL_BUILD_PARAM, MACHINE_PARAM, PROCESSOR_MAX, is_other_system_host, other_system_host,
    processor_key, same_host, same_processor,
};
pub use input::Input;

/// The most characters of the offending text a [`ParseError::Malformed`]
/// quotes.
pub const MAX_FOUND_CHARS: usize = 200;

/// The months as C's `ctime`/`date` print them in the dates benchmarks
/// stamp their runs with (`Jun  1 07:17:24 2007`: AIM7's banner, fio's
/// `pid=710: Tue Aug 24 12:58:16 2021`), January first.
pub const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// How a parser's note that a run failed begins (lmbench-raw's
/// `bind: Address in use`): the result that run would have given is
/// missing, and `check`'s differing-run-counts warning names such notes'
/// lines for the kernels with fewer runs.
pub const FAILED_RUN_NOTE: &str = "a run failed";

/// Why a parser could not read a file it was given.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ParseError {
    /// A line was not what the format allows at that place.
    #[error("line {line}: expected {expected}, found {found:?}")]
    Malformed {
        /// 1-based line number in the file.
        line: usize,
        /// What the format allows there, in words.
        expected: String,
        /// The offending text (the line or the cell).
        found: String,
    },
    /// The file looked like this benchmark but held no result at all.
    #[error("no {benchmark} results found: {reason}")]
    NoResults {
        /// Registry id of the parser.
        benchmark: &'static str,
        /// What was missing, in words.
        reason: String,
    },
    /// As [`ParseError::NoResults`], about a line: the first line that
    /// looks like a result the parser could not read as one (fio's
    /// direction line with no job section above it, `grep -h`'s output).
    /// The line is no place the format broke ([`ParseError::line`] is
    /// `None`, so the file is not cut there); the warning names it
    /// ([`ParseError::about`]).
    #[error("no {benchmark} results found: {reason}")]
    NoResultsAt {
        /// Registry id of the parser.
        benchmark: &'static str,
        /// What was missing, in words.
        reason: String,
        /// 1-based line the warning is about.
        at: usize,
    },
}

impl ParseError {
    /// Shorthand for [`ParseError::Malformed`]. `found` is cut to
    /// [`MAX_FOUND_CHARS`] characters (with `…`): a line of a hostile or
    /// damaged file can be megabytes long, and the message names its line.
    pub fn malformed(line: usize, expected: impl Into<String>, found: impl Into<String>) -> Self {
        let mut found: String = found.into();
        if let Some((cut, _)) = found.char_indices().nth(MAX_FOUND_CHARS) {
            found.truncate(cut);
            found.push('…');
        }
        ParseError::Malformed { line, expected: expected.into(), found }
    }

    /// The message without its `line N:` (for a diagnostic that names the
    /// line itself).
    pub fn message(&self) -> String {
        match self {
            ParseError::Malformed { expected, found, .. } => format!("expected {expected}, found {found:?}"),
            other => other.to_string(),
        }
    }

    /// The 1-based line the error points at, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::Malformed { line, .. } => Some(*line),
            ParseError::NoResults { .. } | ParseError::NoResultsAt { .. } => None,
        }
    }

    /// The 1-based line a warning of this error names: [`Self::line`], or
    /// the line a [`ParseError::NoResultsAt`] is about.
    pub fn about(&self) -> Option<usize> {
        match self {
            ParseError::NoResultsAt { at, .. } => Some(*at),
            other => other.line(),
        }
    }
}

/// One benchmark's output format.
///
/// Implementors are unit structs registered in [`registry`]. Each module's
/// docs name the benchmark versions it reads and show sample lines.
pub trait BenchParser: Send + Sync {
    /// Registry id, lower case, used in YAML overrides and `data.json`:
    /// `"dbench"`, `"lmbench"`, `"gnu-time"`.
    fn id(&self) -> &'static str;

    /// What it reads, for messages: `"dbench 1.x-4.x and tbench"`.
    fn describe(&self) -> &'static str;

    /// How sure this parser is that `input` is its format: 0 means "not
    /// mine", 100 means certain. Must be cheap and must not panic on any
    /// input. When several parsers claim a file the highest score wins.
    /// Every raw file of a site is offered to every parser: test a
    /// substring the format always prints ([`Input::has`]) before any scan
    /// of the lines, so a file that is not this benchmark's costs one
    /// substring search.
    fn detect(&self, input: &Input) -> u8;

    /// Literals without which [`BenchParser::detect`] scores 0: when the
    /// text ([`Input::text`]) holds none of them (as they are, ASCII case
    /// and all, as [`Input::has`] looks) nor any of
    /// [`BenchParser::literals_any_case`], [`detect`] and [`detect_among`]
    /// do not ask this parser ([`may_score`]). Each must be non-empty and
    /// hold no line break, and every score above 0 must need one of them
    /// in the text: read from the parser's `detect`, and checked by
    /// `tests/corpus.rs` on every corpus and fixture file. The default,
    /// none (and none of `literals_any_case`), asks the parser of every
    /// text.
    fn literals(&self) -> &'static [&'static str] {
        &[]
    }

    /// [`BenchParser::literals`] that `detect` looks for in any ASCII case
    /// ([`Input::has_ignore_ascii_case`]), in lower case: lmbench's
    /// `basic`, tiobench's operation titles.
    fn literals_any_case(&self) -> &'static [&'static str] {
        &[]
    }

    /// The highest score [`BenchParser::detect`] can return. [`detect`]
    /// stops trying parsers once none of the rest could beat the best score
    /// so far (a tie goes to the earlier parser), so this must never be
    /// below a score `detect` returns (`tests/corpus.rs` checks it on every
    /// corpus and fixture file). The default, 100, never lets a parser be
    /// skipped.
    fn max_score(&self) -> u8 {
        100
    }

    /// Reads every result in `input`.
    ///
    /// # Errors
    /// [`ParseError::Malformed`] with the line when the file is damaged in a
    /// way that would make a number wrong; [`ParseError::NoResults`] when it
    /// holds no result.
    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError>;

    /// Whether a metric of this benchmark is *detail*: part of its full
    /// report, which the web pages show whole, but which a mail leaves
    /// out unless the section names the metric in `metrics:` (dbench's
    /// per-operation table, fio's latency percentiles but the median and
    /// the 99th). `group` is the sample's group, `metric` its metric's
    /// name. The default: nothing is detail.
    fn mail_detail(&self, group: &str, metric: &str) -> bool {
        let _ = (group, metric);
        false
    }

    /// Whether a metric's change against the baseline is noise in a mail:
    /// a share too small for its ratio to mean anything, which the mail's
    /// `%` rows would print beside every kernel (tiobench's `Lat% >10s`,
    /// 0.00009 against 0.91508: `-10168×`). The mail leaves its changes
    /// out; the web pages, `data.json` and the CSV files keep them. The
    /// default: none is.
    fn mail_change_noise(&self, group: &str, metric: &str) -> bool {
        let _ = (group, metric);
        false
    }

    /// True when the benchmark prints each number in its shortest form,
    /// its decimals depending on the number and not on a column's fixed
    /// format: kernbench's awk `%g` (`Percent CPU 199 (0)` beside
    /// `386.333 (2.08167)`), the LKP robot's compare table (`7072` beside
    /// `554.83`). A table then shows each value with its own decimals, not
    /// its column's (`199`, not `199.000`); for a fixed format, where
    /// `7.80` reads back as 7.8, the column's finest is taken (`7.80`
    /// beside `6.16`). The default: a fixed format.
    fn prints_shortest(&self) -> bool {
        false
    }

    /// True when the format itself proves the last figure of `input`'s
    /// last line complete, that line having no line break
    /// ([`Input::unterminated`]: the file may have been cut inside it). A
    /// proof is what the benchmark always prints: a fixed number of
    /// decimals the figure has, or a cell that ends where the benchmark
    /// right-aligns it. Without one, [`cut::last_line`] leaves out the
    /// numbers read from that line with a warning. The default: no proof.
    fn last_figure_complete(&self, input: &Input) -> bool {
        let _ = input;
        false
    }

    /// True when `line` is the benchmark's own title, naming what its
    /// results below are (AIM7's `AIM7 compute workload`, its group): a
    /// segment standing in another output's paragraph keeps it
    /// ([`segment`]). The default: no line is.
    fn own_title(&self, line: &str) -> bool {
        let _ = line;
        false
    }

    /// The lines (1-based, first and last) of the results that the
    /// paragraph starting on line `first` of `input` sums up, when it is
    /// such a summary: fio's `Run status group 0 (all jobs):` block totals
    /// the job sections printed above it. Two runs print one summary word
    /// for word when their totals round alike (fio's 3 digits:
    /// `READ: bw=21.9MiB/s`), so a summary repeating an earlier one is a
    /// quote only when the results it sums repeat those of the earlier one
    /// too (the segmenter's repeat check). The default: no paragraph is
    /// such a summary.
    fn summed_lines(&self, input: &Input, first: usize) -> Option<(usize, usize)> {
        let _ = (input, first);
        None
    }

    /// True when line `n` (1-based) of `input` is one the benchmark prints
    /// as no measurement, though it reads like a line a number was taken
    /// from: fio JSON's zeros of a latency it did not measure (`"mean" :
    /// 0.000000` in a `"slat_ns"` object whose `"N"` is 0, under a
    /// synchronous engine). The segmenter's look-alike check does not note
    /// it as a result not read. The default: no line is.
    fn unmeasured(&self, input: &Input, n: usize) -> bool {
        let _ = (input, n);
        false
    }

    /// Checks what [`BenchParser::parse`] read once the labeller has set
    /// the labels and kernels its lines name ([`labels::apply`]): where
    /// two blocks of one set-up's figures are still alike in everything
    /// but their line, the parser may say they are averaged as runs of one
    /// (perf stat's means, [`perf_stat`]). The default: nothing.
    fn after_labels(&self, input: &Input, parsed: &mut ParsedFile) {
        let _ = (input, parsed);
    }
}

/// [`BenchParser::mail_detail`] of the parser with registry id
/// `benchmark`; false for an id no parser has.
pub fn mail_detail(benchmark: &str, group: &str, metric: &str) -> bool {
    by_id(benchmark).is_some_and(|p| p.mail_detail(group, metric))
}

/// [`BenchParser::mail_change_noise`] of the parser with registry id
/// `benchmark`; false for an id no parser has.
pub fn mail_change_noise(benchmark: &str, group: &str, metric: &str) -> bool {
    by_id(benchmark).is_some_and(|p| p.mail_change_noise(group, metric))
}

/// [`BenchParser::prints_shortest`] of the parser with registry id
/// `benchmark`; false for an id no parser has.
pub fn prints_shortest(benchmark: &str) -> bool {
    by_id(benchmark).is_some_and(|p| p.prints_shortest())
}

/// True for the parsers of mails' comparison tables whose columns (or,
/// `hand-rows`', rows) are kernels as the mail names them (`pct-table`'s
/// `tip`, `schedtests`' legend or `baseline` / `compare`, `patch1-5:`),
/// each table normalized to or compared with its first column: the site warns of tables of different bases
/// (`site::normalized_bases`; one name in two files averaged into one
/// cell is `site::select`'s warning, under the later file's table, for
/// every benchmark), and `check` takes the names as whole.
pub fn names_columns_by_mail(benchmark: &str) -> bool {
    benchmark == pct_table::ID
        || benchmark == schedtests::ID
        || benchmark == column_mail::ID
        || benchmark == hand_rows::ID
}

/// Every parser benchsite knows, in the order they are tried.
pub fn registry() -> &'static [&'static dyn BenchParser] {
    &[
        &lmbench::Lmbench,
        &lmbench_raw::LmbenchRaw,
        &dbench::Dbench,
        &dbench::Tbench,
        &kernbench::Kernbench,
        &time::GnuTime,
        &time::BashTime,
        &tiobench::Tiobench,
        &bonnie::Bonnie,
        &bonnie_pp::BonniePp,
        &unixbench::UnixBench,
        &aim7::Aim7,
        &aim7::Reaim,
        &aim9::Aim9,
        &irman::Irman,
        &interbench::Interbench,
        &osdb::Osdb,
        &contest::Contest,
        &fio::Fio,
        &stress_ng::StressNg,
        &will_it_scale::WillItScale,
        &lkp_compare::LkpCompare,
        &pct_table::PctTable,
        &schedtests::Schedtests,
        &column_mail::ColumnMail,
        &hand_rows::HandRows,
        &mmtests::Mmtests,
        &hackbench::Hackbench,
        &perf_bench::PerfBench,
        &perf_stat::PerfStat,
        &schbench::Schbench,
        &netperf::Netperf,
        &iperf3::Iperf3,
        &vm_scalability::VmScalability,
        &stream::Stream,
        &sysbench::Sysbench,
        &pgbench::Pgbench,
        &redis_benchmark::RedisBenchmark,
        &kbuild::Kbuild,
        &kcbench::Kcbench,
        &postmark::Postmark,
        &coremark::Coremark,
        &coremark_pro::CoremarkPro,
        &fsmark::Fsmark,
        &openssl_speed::OpensslSpeed,
        &tinymembench::Tinymembench,
        &memtier::Memtier,
        &ycsb::Ycsb,
        &uperf::Uperf,
        &cyclictest::Cyclictest,
        &mlc::Mlc,
        &generic::Generic,
    ]
}

/// The parser with this registry id.
pub fn by_id(id: &str) -> Option<&'static dyn BenchParser> {
    registry().iter().copied().find(|p| p.id() == id)
}

/// The parser surest that it reads `input`, or `None` when none claims it.
///
/// The same as asking every parser in [`registry`] order and keeping the
/// first highest score ([`detect_exhaustive`]), but stops as soon as no
/// later parser's [`BenchParser::max_score`] could beat the best so far.
pub fn detect(input: &Input) -> Option<&'static dyn BenchParser> {
    static LATER_MAX: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let later_max = LATER_MAX.get_or_init(|| {
        let reg = registry();
        (0..reg.len()).map(|i| reg[i..].iter().map(|p| p.max_score()).max().unwrap_or(0)).collect()
    });
    let mut best: Option<(u8, &'static dyn BenchParser)> = None;
    for (i, p) in registry().iter().enumerate() {
        if best.is_some_and(|(s, _)| s >= later_max[i]) {
            break;
        }
        if !may_score(*p, input) {
            continue;
        }
        let score = p.detect(input);
        if score > 0 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, *p));
        }
    }
    best.map(|(_, p)| p)
}

/// [`detect`] without the early stop: every parser is asked. For tests
/// that check [`BenchParser::max_score`].
pub fn detect_exhaustive(input: &Input) -> Option<&'static dyn BenchParser> {
    detect_among(input, |_| true)
}

/// The surest of the parsers `asked` accepts, each asked in [`registry`]
/// order with no early stop (a tie goes to the earlier): [`segment`]'s
/// later rounds ask only the families that have not read the file yet.
pub fn detect_among(input: &Input, asked: impl Fn(&dyn BenchParser) -> bool) -> Option<&'static dyn BenchParser> {
    let mut best: Option<(u8, &'static dyn BenchParser)> = None;
    for p in registry().iter().filter(|p| asked(**p)) {
        if !may_score(*p, input) {
            continue;
        }
        let score = p.detect(input);
        if score > 0 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, *p));
        }
    }
    best.map(|(_, p)| p)
}

/// False when `p` declares [`BenchParser::literals`] (or
/// [`BenchParser::literals_any_case`]) and the text of `input` holds none
/// of them: its `detect` would score 0. [`detect`] and [`detect_among`]
/// ask a parser only when this is true. Each is looked for by [`Input::has`] (or
/// [`Input::has_ignore_ascii_case`]), whose filter of the text's byte
/// pairs rules most out without a search: a text of another benchmark
/// costs the parser a few lookups, not a `detect` that walks its lines.
///
/// One multi-pattern automaton over every parser's literals instead (the
/// `aho-corasick` crate, ASCII case ignored, overlapping matches: 124
/// literals) cost 28 (DFA) to 47 (NFA) instructions a byte of text, for
/// one class of the medium content 36 M to 55 M, where detection whole
/// costs 168 M (session 59).
pub fn may_score(p: &dyn BenchParser, input: &Input) -> bool {
    let (exact, any_case) = (p.literals(), p.literals_any_case());
    (exact.is_empty() && any_case.is_empty())
        || exact.iter().any(|l| input.has(l))
        || any_case.iter().any(|l| input.has_ignore_ascii_case(l))
}

/// True when a parser's note (see [`crate::model::ParsedFile::notes`]) only
/// says how the text was read, with every number certain: a wrapped line
/// rejoined, a repeated (quoted) table or `make percent` line a parser
/// skipped by its own check, a run's label (the segmenter's paragraph that
/// repeats another word for word, skipped on that alone, is a warning).
/// Every other note (a row, block or line not read, a value
/// whose meaning is uncertain) is a warning that `build`, `check` and
/// `parse` show with its line.
pub fn note_is_info(note: &str) -> bool {
    const INFO: &[&str] = &[
        "rejoined",
        "; joined",
        "repeats the",
        // cyclictest: a live display's earlier refresh of the run read.
        "are the run so far, not another run",
        // hand-rows: a column of the poster's changes between its rows.
        hand_rows::DERIVED_NOT_READ,
        // hand-rows: rows under `Run 1:` / `Run 2:` headings, runs of one set-up.
        hand_rows::RUNS_UNDER_COUNTERS,
        "skipped repeated",
        // pgbench: a rate-limited run's rate, from its counts.
        pgbench::RATE_NOT_PRINTED,
        "`make percent`",
        "AIM7 run:",
        "its total matches",
        "zero figures are not results",
        "idle baseline row",
        "interim report",
        // tiobench: a test's title between rows under one header.
        tiobench::TITLE_OVER_ROWS,
        // Copies of one launch read as one run (netperf, LKP's instances):
        // what was done, asking nothing (newcomer43 N4); a copy whose
        // report is missing or cut short is still a warning.
        "are read as ONE run, each the mean per copy",
        // netperf: a `!!! WARNING` whose throughput interval met `-I`'s.
        "the throughput met it",
        // will-it-scale's test binaries print a second a line before measuring.
        "warm-up seconds: no result",
        // will-it-scale: LKP's stats.json keys that are the harness's or
        // derived from the task counts' figures (wildmod42).
        "figures (the harness's) are not read",
        "is derived from the task counts' figures",
        // sysbench's total time of a `--time 5` run is the setting, not a result.
        "whose length is a setting",
        // sysbench: the event count beside the rate read of the same run.
        sysbench::EVENTS_OF_A_RATE,
        // sysbench 1.1: its `events/s (eps)` beside the figures read, and an
        // event count the command line's `--events=N` set.
        "the events over the time of the run",
        "the limit the run reached",
        sysbench::CONDENSED_LATENCY,
        iperf3::BYTES_RATES,
        // kcbench: kernels/hour, 3600 over the seconds read.
        kcbench::KERNELS_PER_HOUR_DERIVED,
        // kcbench of 2018: its points, a million over the elapsed seconds read.
        kcbench::POINTS_DERIVED,
        // PostMark: its counts, the workload beside the rates read.
        postmark::COUNTS_ARE_THE_WORKLOAD,
        // bonnie: `0.4</pre>`, a blog's closing tag glued to a row.
        "the page's markup",
        // lkp-compare: the robot's monitor rows beside the testcase's own.
        "of LKP's monitors",
        // bonnie++: a test no run timed (`+++++`) has no figure, said so.
        "not a test left out",
        // Bonnie, bonnie++: a %CPU of 0 or an integer one under 5 gives no
        // efficiency (derive.rs), said so.
        "gives no CPU Eff",
        // fio: a status block alike to another run's, its job sections not.
        "another run's totals, read",
        // sysbench: each figure line of a failed run, beside its warning.
        "part of the failed run of line",
        // hackbench: a post's row of changes under its hand table of means.
        "derived from the rows above it",
        // iperf3 before 3.2: the `0.00 bits/sec  sender` line of a side not measured.
        "the side it did not measure",
        // bonnie: `-v 3`'s `Start Date&Time` header column, without cells in the rows.
        "no row prints them",
        // mmtests: its own `*…*` marks, and rows no column of which differs.
        "mmtests' own significance marks",
        "no direction to read from their changes",
        // contest: its Ratio column, a Time over a no_load Time.
        "is derived from Time: not read",
        // dbench: a poster's `Average: Throughput …` that is our mean.
        dbench::AGREES_WITH_OUR_MEAN,
        // perf stat: its `+-` (the standard error of the mean) read as a
        // deviation √N times it; a counter it did not count.
        perf_stat::SEM_READ_AS_SD,
        // perf stat: a decimal-comma locale's figures, multiplexed counters'
        // scaled counts, `--table` runs whose mean is the summary's.
        perf_stat::COMMA_LOCALE_READ,
        perf_stat::SCALED_COUNTS,
        perf_stat::TABLE_RUNS_AGREE,
        // YCSB: the Java client's `-s` status lines, progress.
        ycsb::STATUS_LINES_NOT_RESULTS,
        // CoreMark-PRO: its `Scaling` column, MultiCore over SingleCore.
        coremark_pro::SCALING_DERIVED,
        // uperf: its own `-a` latency tables, said to be uperf's and not read.
        uperf::LATENCY_TABLE_NOT_READ,
        // cyclictest: a `Max:` figure a mailer wrapped onto the next line.
        cyclictest::WRAPPED_MAX_READ,
        // cyclictest: an `-h` run's footer, its thread lines' figures again.
        cyclictest::FOOTER_OF_RUN_READ,
        "no figure to read",
    ];
    INFO.iter().any(|p| note.contains(p))
}

/// Reads `input` with `read`, put back together first by `rejoin` where a
/// mailer's line length wrapped it (column-mail's and mmtests' tables:
/// `rejoin` gives the rejoined input and the (line, rest) numbers of each
/// join, [`input::Rejoining::finish_with_joins`], or `None` where nothing
/// was wrapped). Each rest is noted on its own line, `note(line)` saying
/// which line it went back on; the notes in line order (those of a line
/// `read` noted first).
pub fn read_rejoined(
    input: &Input,
    rejoin: impl FnOnce(&Input) -> Option<(Input, Vec<(usize, usize)>)>,
    read: impl Fn(&Input) -> Result<ParsedFile, ParseError>,
    note: impl Fn(usize) -> String,
) -> Result<ParsedFile, ParseError> {
    let Some((input, joins)) = rejoin(input) else { return read(input) };
    let mut out = read(&input)?;
    out.notes.extend(joins.into_iter().map(|(line, rest)| (rest, note(line))));
    out.notes.sort_by_key(|n| n.0);
    Ok(out)
}

/// Registry ids of every parser, for "formats tried" messages.
pub fn formats_tried() -> String {
    registry().iter().map(|p| p.id()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_malformed_line_is_quoted_at_most_200_characters() {
        let e = super::ParseError::malformed(3, "a number", "µ".repeat(5000));
        let super::ParseError::Malformed { found, .. } = e else { panic!("malformed") };
        assert_eq!(found.chars().count(), super::MAX_FOUND_CHARS + 1);
        assert!(found.ends_with('…'));
        let short = super::ParseError::malformed(3, "a number", "4.29=0");
        assert_eq!(
            short,
            super::ParseError::Malformed { line: 3, expected: "a number".into(), found: "4.29=0".into() }
        );
    }

    /// A parser none of whose literals a text holds (as they are, or those
    /// it looks for in any case in any case) is not asked; a blanked copy is
    /// asked by its own text.
    #[test]
    fn a_parser_is_asked_only_when_the_text_holds_one_of_its_literals() {
        use super::{Input, by_id, may_score, registry};
        let asked = |id: &str, input: &Input| may_score(by_id(id).expect("registered"), input);
        for p in registry() {
            assert!(p.literals().iter().all(|l| !l.is_empty() && !l.contains('\n')), "{}", p.id());
            assert!(p.literals_any_case().iter().all(|l| *l == l.to_ascii_lowercase()), "{}", p.id());
        }
        let text = Input::from_text("Throughput 61.2 MB/sec\n");
        assert!(asked("dbench", &text));
        assert!(!asked("stream", &text));
        // dbench's `MB/sec` is looked for as it is.
        assert!(!asked("dbench", &Input::from_text("THROUGHPUT 61.2 mb/sec\n")));
        // A parser that declares no literal is always asked.
        assert!(asked("generic", &text));
        // `Tiotest` inside a word; tiobench's titles in any case.
        assert!(asked("tiobench", &Input::from_text("xTiotestx\n")));
        assert!(asked("tiobench", &Input::from_text("SEQUENTIAL READS\n")));
        let stream = Input::from_text("Function    Best Rate MB/s\nTriad:  9000.1\n");
        assert!(asked("stream", &stream));
        assert!(!asked("stream", &stream.blanked(&[false, true])));
    }
}
