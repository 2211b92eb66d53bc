//! The kernel test robot's comparison tables: lkp-tests' `compare` output
//! (`lib/compare.rb`, `show_group`), the body of every "`[linus:master]
//! [mm] 1234abcd: will-it-scale.per_process_ops -12.6% regression`" mail on
//! LKML and of the robot's replies with re-tests.
//!
//! ```text
//! =========================================================================================
//! compiler/cpufreq_governor/kconfig/mode/nr_task/rootfs/tbox_group/test/testcase:
//!   gcc-12/performance/x86_64-rhel-9.4/process/100%/debian-12-x86_64-20240206.cgz/lkp-skl-fpga01/poll2/will-it-scale
//!
//! commit:
//!   d000e073ca ("convert do_select()")
//!   8935989798 ("do_pollfd(): convert to CLASS(fd)")
//!
//! d000e073ca2a08ab 89359897983825dbfc08578e7ee
//! ---------------- ---------------------------
//!          %stddev     %change         %stddev
//!              \          |                \
//!   27370126           -11.7%   24170828        will-it-scale.104.processes
//!     263173           -11.7%     232411        will-it-scale.per_process_ops
//!      21281 ±147%    +197.5%      63313 ± 84%  numa-meminfo.node0.Shmem
//!       7.61            -0.6        7.03        perf-profile.calltrace.cycles-pp.syscall_return_via_sysret.__poll
//! ```
//!
//! **Columns.** Each value column is one kernel, named by the first word
//! of its line in the `commit:` list, as printed (`d000e073ca`, `v5.7`,
//! `9f68395333ad7f5bfe2f83473fed363d4229f11c`, `4605212a16` of
//! `4605212a16  <--- your patch`): the n-th commit names the n-th column.
//! The row of ids above the dashes is LKP's cut of the same names (16 or 27
//! characters) and is not read; but a table with no `commit:` list whose
//! line over the dashes names its columns in words, one over each rule
//! (`base             base+patchset`, a patch mail's own run), is named
//! by them, with a note; so is one whose line over the dashes is LKP's
//! commit ids alone under the table's own parameter line (the robot's
//! re-tests print no `commit:` list: `59142d87ab03b8ff
//! a94032b35e5f97dc1023030d929`), each column by its cut id, which the
//! site files under the commit's shortest id of the class
//! (`site::commits`). A file whose tables are of several test boxes
//! (`tbox_group`) is a warning: a class is one machine's. A table of three or more commits (`%stddev
//! %change %stddev %change %stddev`) reads every value column. The
//! `%change` column between two values (`-11.7%`, `+2.1e+05%`, or `-0.6`,
//! an absolute difference LKP prints for metrics that are percentages
//! already) is derived from the means and is never read; it is checked to
//! be a signed figure, which keeps every value in its column. The `±` of
//! a deviation may reach us as `ą` (ISO-8859-2) or `Â±`/`A+-` (its UTF-8
//! bytes read as Latin-1, then made ASCII by an archive): each is read as
//! `±`.
//!
//! **Values.** Each value is the mean LKP printed (`%.2f` below 1000,
//! `%d` up to 10⁸, `%.4g` above: `2.9e+11`), in the metric's own unit,
//! which the table does not print: the unit is empty but for
//! `*.time.elapsed_time` (seconds). The `± N%` after a mean is its
//! standard deviation relative to the mean, in whole percent; the table
//! does not print how many runs it is over (the robot runs each commit
//! several times, "≥ 3" by its maintainers' word, and says how many only
//! in the full result), and a [`crate::model::Value::Summary`] without
//! its run count would be weighed wrong, so each mean is read as a single
//! value and the deviation is left out. A blank deviation is not zero:
//! LKP leaves small ones blank.
//!
//! **Rows read.** A mail's table has a few rows of the testcase itself
//! (`will-it-scale.per_process_ops`, `vm-scalability.throughput`,
//! `stress-ng.pagemove.ops_per_sec`, the testcase's own
//! `aim7.time.elapsed_time`) and tens to hundreds of LKP's monitors of the
//! machine during the run (`perf-profile.*`, `perf-stat.*`,
//! `proc-vmstat.*`, `meminfo.*`, `sched_debug.*`, `time.*`). Only the
//! testcase's rows are read: the part of the name before the first dot is
//! the `testcase` of the parameter line (or, for a table with no parameter
//! line, one of LKP's benchmark names). The monitors are left out with one
//! information note per table saying how many. The failure section
//! (`fail:runs  %reproduction  fail:runs`: counts of runs that hit a
//! kernel message) holds no measurement and is left out the same way.
//!
//! LKP's per-run values pasted under a table from a result's stats JSON
//! (`"stress-ng.pagemove.ops": [` over one figure a line, under a `for
//! <commit>` line of prose) are not read: each list is a warning naming
//! its lines ([`per_run_list`]).
//!
//! **Sample.** Group: the testcase (`will-it-scale`); metric: the row's
//! name as LKP prints it (`will-it-scale.per_process_ops`); kernel: the
//! column's commit ([`Sample::with_kernel`]); parameters: every key of the
//! parameter line above the table (`compiler gcc-12`, `mode process`,
//! `nr_task 100%`, `test poll2`, …) but `testcase`, sorted by key (one
//! mail prints one set-up's keys in two orders), so that two tables of one
//! mail (two set-ups) never mix. Direction: the robot's own, from the
//! lists it judges a change a regression or an improvement by (lkp-tests
//! `etc/index-perf-all.yaml` and `etc/index-latency-all.yaml`, for the
//! benchmarks benchsite reads: `DIRECTIONS` below): higher for
//! `will-it-scale.*_ops`, `*.throughput` (`hackbench.throughput`),
//! `stress-ng.*_per_sec`, `reaim.jobs_per_min`, `aim7.jobs-per-min`,
//! lower for `fsmark.app_overhead`, `kernbench.elapsed_time`, the
//! latencies. A row the robot gives no direction (`will-it-scale.workload`,
//! `will-it-scale.104.processes`, `stress-ng.pagemove.ops`, the test
//! process's `*.time.elapsed_time`, which is the run's fixed length in
//! will-it-scale and stress-ng) has none here either: shown without a
//! better or worse word, never guessed.
//!
//! **Order.** The file's [`ParsedFile::kernel_order`] is its tables'
//! commits as the `commit:` lists give them (the base commit, the one
//! every `%change` is against, first; a later table's new commits after
//! the earlier tables'): the class's kernel order and baseline unless its
//! `machine.yaml` sets them.
//!
//! The parameter line and the `commit:` list are those above the table,
//! never an earlier table's: a table without its own list is left out
//! with a warning at its header, and the file's other tables are read (a
//! reply that quoted a table and cut its list lost the complete table
//! below it, wild33 file 05); a file with no other table is an error.
//!
//! A row whose set-up, commits, name and figures repeat a row of a table
//! above (the robot's re-test replies print the headline row alone, then
//! the full table with it) is skipped with an information note.
//!
//! In a mail, the testcase's `*.time.*` rows but the elapsed time are
//! detail ([`BenchParser::mail_detail`]).
//!
//! **Damage.** A table wrapped by a mail client (a row's name, or its
//! `± N%`, pushed to the next line; the header split over two lines) is
//! read back when the joined lines make exactly one whole row, with a
//! warning naming the table; a row that does not complete is an error at
//! its line, unless it is a monitor's (not read anyway: skipped). A
//! table that ends at a line of text rather than a blank line is a
//! warning (LKP ends every table with one). A `commit:` list whose length is not the table's column count
//! names no column (no column is named by a guess): the table is left out
//! as one without a list is.

use super::num::plain;
use super::{BenchParser, Input, ParseError, cut};
use crate::model::{Better, Metric, ParsedFile, Sample};
use std::collections::HashSet;

/// lkp-tests' comparison table; registry id `"lkp-compare"`.
pub struct LkpCompare;

const ID: &str = "lkp-compare";

/// The header line's first word.
const STDDEV: &str = "%stddev";

/// The most lines one wrapped row is read from.
const MAX_ROW_LINES: usize = 3;

/// LKP's benchmark names (lkp-tests `lib/stats.rb`, the performance and
/// functional test cases that print numbers), for a table with no
/// parameter line naming its testcase.
const LKP_TESTCASES: &[&str] = &[
    "aim7",
    "aim9",
    "autonuma-benchmark",
    "blogbench",
    "dbench",
    "ebizzy",
    "fileio",
    "fio-basic",
    "fsmark",
    "fxmark",
    "hackbench",
    "kbuild",
    "lmbench3",
    "netperf",
    "pft",
    "pgbench",
    "phoronix-test-suite",
    "reaim",
    "redis",
    "schbench",
    "stream",
    "stress-ng",
    "sysbench-cpu",
    "sysbench-memory",
    "tbench",
    "unixbench",
    "vm-scalability",
    "will-it-scale",
];

/// The warning for a file that ends inside its last row read
/// ([`Input::unterminated`]), when that row's metric name is named on no
/// other line of the file: LKP's names are words of letters, digits, `_`,
/// `.` and `-`, and any of them cut short reads as another
/// (`will-it-scale.wo` for `will-it-scale.workload`: attack57 found
/// 362500000 and 384200000 filed under it, no word). `None` when the file
/// ends with a line break, the last line gave no sample, or its name is
/// proven whole elsewhere.
fn unproven_last_name(input: &Input, out: &ParsedFile) -> Option<(usize, String)> {
    let n = input.lines.len();
    if !input.unterminated || n == 0 || !out.samples.iter().any(|s| s.line == n) {
        return None;
    }
    let name = input.lines[n - 1].split_whitespace().last()?;
    let named_above = input.lines[..n - 1].iter().any(|l| l.split_whitespace().any(|w| w == name));
    (!named_above).then(|| {
        (
            n,
            format!(
                "the file ends mid-line, inside or after the row's name `{name}` (named on no other line): the name \
                 may be cut short; its figures are read under it as printed"
            ),
        )
    })
}

impl BenchParser for LkpCompare {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "the kernel test robot's comparison tables (lkp-tests `compare`: %stddev %change %stddev)"
    }

    /// Its first test asks for both.
    fn literals(&self) -> &'static [&'static str] {
        &["%change"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has(STDDEV) || !input.has("%change") {
            return 0;
        }
        if input.numbered().any(|(_, l)| is_header(l.trim())) { 95 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        95
    }

    /// A last row without its line break whose metric name ends in `_`,
    /// `.` or `-` (`will-it-scale.per_`, no name LKP gives) was cut inside
    /// its name: left out with a warning ([`cut::last_line_cut_in_name`]).
    ///
    /// A last row without its line break whose name ends otherwise
    /// (`will-it-scale.wo`, cut inside `will-it-scale.workload`) cannot be
    /// proven whole unless another line of the file names it: its figures,
    /// printed before the name, are kept, with a warning that the name may
    /// be cut ([`unproven_last_name`]).
    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut out = parse_all(input)?;
        cut::last_line_cut_in_name(input, &mut out, |l| l.ends_with(['_', '.', '-']));
        if let Some(note) = unproven_last_name(input, &out) {
            out.notes.push(note);
        }
        Ok(out)
    }

    /// LKP's `time` of the test process (`reaim.time.minor_page_faults`,
    /// `aim7.time.voluntary_context_switches`: ten rows a table) is detail;
    /// the elapsed time is not.
    fn mail_detail(&self, _group: &str, metric: &str) -> bool {
        metric.contains(".time.") && !metric.contains(".time.elapsed_time")
    }

    /// The robot prints a number's decimals by its size (`7072`,
    /// `554.83`, `2.177e+09`), not by its row.
    fn prints_shortest(&self) -> bool {
        true
    }
}

/// `%stddev     %change         %stddev`: the header of a table's values.
fn is_header(t: &str) -> bool {
    t.starts_with(STDDEV) && t.contains("%change")
}

/// The set-up a parameter line gives, for the tables below it.
#[derive(Default, Clone)]
struct Setup {
    /// `(key, value)` of the parameter line, sorted by key, `testcase` left out.
    params: Vec<(String, String)>,
    /// The `testcase` value, when the line names it.
    testcase: Option<String>,
}

/// What one row of values read as.
enum Row {
    /// A whole row: one mean per column and the metric's name.
    Whole(Vec<f64>, String),
    /// Every figure so far is right but the row ends early (a mail client
    /// wrapped it): the next line may hold the rest.
    Short,
    /// No row of this table: what was expected where.
    Bad(&'static str),
}

/// A `%change` cell: a sign, a number, an optional `%` (`-11.7%`, `+0.0`,
/// `+2.1e+05%`).
fn is_change(t: &str) -> bool {
    let body = t.strip_suffix('%').unwrap_or(t);
    (body.starts_with('+') || body.starts_with('-')) && plain(&body[1..]).is_some()
}

/// The `N%` of a `± N%`.
fn is_percent(t: &str) -> bool {
    t.strip_suffix('%').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The deviation's sign, `±`, and what a mail client's charset mix-up
/// makes of it: `ą`, the character of its byte (0xB1) in ISO-8859-2, in
/// an LKML reply of 2022-12 (`110582 ą  3%`, wild33 file 06; its rows
/// were refused). Only the sign's place in a row is read so: the
/// deviation itself is never read (module docs).
const PLUS_MINUS: [char; 2] = ['±', 'ą'];

/// The deviation's sign at the start of `w` and its length in bytes: `±`
/// ([`PLUS_MINUS`]), or what a mail archive's transliteration makes of
/// its UTF-8 bytes read as Latin-1 (`Â±`, then `A+-` in ASCII: linux-mm
/// 2016, `1118821 A+-  0%`, wild35a file 09: the whole table was refused).
fn plus_minus(w: &str) -> Option<usize> {
    if w.starts_with(PLUS_MINUS) {
        // Both signs are two bytes in UTF-8.
        return Some(2);
    }
    ["A+-", "Â±"].iter().find(|m| w.starts_with(**m)).map(|m| m.len())
}

/// Reads one row of `columns` value columns from its words.
fn row(words: &[&str], columns: usize) -> Row {
    let mut means = Vec::with_capacity(columns);
    let mut i = 0;
    for col in 0..columns {
        if col > 0 {
            let Some(w) = words.get(i) else { return Row::Short };
            if !is_change(w) {
                return Row::Bad("a %change between two means (`-11.7%`, `+0.0`)");
            }
            i += 1;
        }
        let Some(w) = words.get(i) else { return Row::Short };
        let Some(v) = plain(w) else { return Row::Bad("a mean") };
        means.push(v);
        i += 1;
        match words.get(i).and_then(|w| plus_minus(w).map(|len| (w, len))) {
            Some((w, len)) if w.len() == len => match words.get(i + 1) {
                None => return Row::Short,
                Some(p) if is_percent(p) => i += 2,
                Some(_) => return Row::Bad("`± N%` after a mean"),
            },
            Some((w, len)) => {
                if is_percent(&w[len..]) {
                    i += 1;
                } else {
                    return Row::Bad("`± N%` after a mean");
                }
            }
            None => {}
        }
    }
    match &words[i..] {
        [] => Row::Short,
        [name]
            if !is_change(name)
                && plain(name).is_none()
                && plus_minus(name).is_none()
                && !name.contains(PLUS_MINUS) =>
        {
            Row::Whole(means, (*name).to_string())
        }
        _ => Row::Bad("one metric name after the last mean"),
    }
}

/// The robot's own directions, for the benchmarks benchsite also reads:
/// lkp-tests `etc/index-perf-all.yaml` (`1`: higher is better, `-1`:
/// lower) then `etc/index-latency-all.yaml` (every entry negative: lower),
/// at commit bbbc29c495d9617f28dbc8b799cf0dac9a1ca54e (2026-07-22), as its
/// `kpi_stat_direction` (`lib/stats.rb`) reads them: the first pattern
/// matching the whole name gives the direction; a name none matches is
/// "undefined" to the robot, and [`Better::Neither`] here. Each pattern is
/// the robot's regular expression written as a glob: `.+` is `*`, escaped
/// characters as themselves (`will-it-scale\..+_ops` is
/// `will-it-scale.*_ops`).
const DIRECTIONS: &[(&str, Better)] = &[
    // index-perf-all.yaml
    ("*.throughput", Better::Higher),
    ("aim7.jobs-per-min", Better::Higher),
    ("aim9.*.ops_per_sec", Better::Higher),
    ("coremark.iterations_per_sec", Better::Higher),
    ("dbench.throughput-MB/sec", Better::Higher),
    ("dbench.throughput_MB/s", Better::Higher),
    ("fio.*_bw_MBps", Better::Higher),
    ("fio.*_iops", Better::Higher),
    ("fsmark.app_overhead", Better::Lower),
    ("fsmark.files_per_sec", Better::Higher),
    ("iperf.*.bps", Better::Higher),
    ("kbuild.*_per_iteration", Better::Lower),
    ("kernbench.elapsed_time", Better::Lower),
    ("lmbench3.*.MB/sec", Better::Higher),
    ("lmbench3.Pagefaults.ms", Better::Lower),
    ("memtier.*_ops/s", Better::Higher),
    ("netperf.Throughput_Mbps", Better::Higher),
    ("netperf.Throughput_tps", Better::Higher),
    ("openssl-speed.*_per_sec", Better::Higher),
    ("openssl-speed.*_size_block_Kbps", Better::Higher),
    ("perf-bench-futex.ops/s", Better::Higher),
    ("perf-bench-futex.requeued_time_ms", Better::Lower),
    ("perf-bench-futex.wokeup_time_ms", Better::Lower),
    ("perf-bench-numa-mem.GB_sec_thread", Better::Higher),
    ("perf-bench-numa-mem.GB_sec_total", Better::Higher),
    ("perf-bench-sched-pipe.ops_per_sec", Better::Higher),
    ("pgbench.tps", Better::Higher),
    ("reaim.jobs_per_min", Better::Higher),
    ("redis.*_throughput_rps", Better::Higher),
    ("stream.*_bandwidth_MBps", Better::Higher),
    ("stress-ng.*_per_item", Better::Higher),
    ("stress-ng.*_per_sec", Better::Higher),
    ("stress-ng.*_per_seek", Better::Higher),
    ("sysbench-fileio.*_operations/s", Better::Higher),
    ("sysbench-*.throughput_events/s", Better::Higher),
    ("sysbench-*.throughput_MB/s", Better::Higher),
    ("sysbench-*.throughput_ops/s", Better::Higher),
    ("tbench.throughput_MB/s", Better::Higher),
    ("unixbench.score", Better::Higher),
    ("uperf.*bps", Better::Higher),
    ("vm-scalability.median", Better::Higher),
    ("will-it-scale.*_ops", Better::Higher),
    ("will-it-scale.scalability", Better::Higher),
    ("ycsb.*_throughput_ops/s", Better::Higher),
    // index-latency-all.yaml
    ("dbench.max_latency", Better::Lower),
    ("ebizzy.throughput.per_thread.stddev_percent", Better::Lower),
    ("lmbench3.*.latency.ns", Better::Lower),
    ("lmbench3.*.latency.us", Better::Lower),
    ("lmbench3.*.latency", Better::Lower),
    ("perf-bench-futex.avg_per_thread_latency_ms", Better::Lower),
    ("pgbench.latency_ms", Better::Lower),
    ("schbench.request_latency_max_us", Better::Lower),
    ("schbench.request_latency_min_us", Better::Lower),
    ("schbench.wakeup_latency_max_us", Better::Lower),
    ("schbench.wakeup_latency_min_us", Better::Lower),
    ("sysbench-fileio.latency_95th_ms", Better::Lower),
    ("sysbench-fileio.latency_max_ms", Better::Lower),
    ("tbench.max_latency", Better::Lower),
    ("vm-scalability.stddev", Better::Lower),
];

/// [`DIRECTIONS`], compiled once.
static DIRECTION_GLOBS: std::sync::LazyLock<Vec<(glob::Pattern, Better)>> = std::sync::LazyLock::new(|| {
    DIRECTIONS.iter().filter_map(|(g, b)| glob::Pattern::new(g).ok().map(|p| (p, *b))).collect()
});

/// The direction the robot gives metric `name` ([`DIRECTIONS`]); none
/// when it gives none.
fn better(name: &str) -> Better {
    DIRECTION_GLOBS.iter().find(|(p, _)| p.matches(name)).map_or(Better::Neither, |(_, b)| *b)
}

/// The metric of row `name`.
fn metric(name: &str) -> Metric {
    let unit = if name.contains(".time.elapsed_time") { "s" } else { "" };
    Metric::new(name, unit, better(name))
}

/// Reads the parameter line's keys and values from the lines after a
/// `=====` rule at `lines[at]`; returns the set-up and the index of the
/// values line.
fn setup(lines: &[(usize, &str)], at: usize, out: &mut ParsedFile) -> Option<(Setup, usize)> {
    let mut rest = lines.iter().enumerate().skip(at + 1).filter(|(_, (_, l))| !l.trim().is_empty());
    let (_, (kn, keys)) = rest.next()?;
    let keys = keys.trim().strip_suffix(':')?;
    if !keys.contains('/') && !keys.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let (vi, (_, values)) = rest.next()?;
    let keys: Vec<&str> = keys.split('/').collect();
    let values: Vec<&str> = values.trim().split('/').collect();
    let mut s = Setup::default();
    if keys.len() != values.len() {
        out.notes.push((
            *kn,
            format!(
                "parameter line names {} keys but gives {} values: its set-up is kept whole as `setup`",
                keys.len(),
                values.len()
            ),
        ));
        s.params.push(("setup".into(), values.join("/")));
        return Some((s, vi));
    }
    for (k, v) in keys.into_iter().zip(values) {
        if k == "testcase" {
            s.testcase = Some(v.to_string());
        } else {
            s.params.push((k.to_string(), v.to_string()));
        }
    }
    // One mail prints the same set-up's keys in two orders (a re-test
    // above, the quoted report below): sorted, they are one set-up.
    s.params.sort();
    Some((s, vi))
}

/// Whether a row named `name` is the testcase's own (read) or a monitor's.
fn testcase_row(name: &str, setup: &Setup) -> Option<String> {
    let group = name.split_once('.').map(|(g, _)| g)?;
    let ours = match &setup.testcase {
        Some(t) => group == t,
        None => LKP_TESTCASES.contains(&group),
    };
    ours.then(|| group.to_string())
}

/// The metric of a line opening a list of LKP's per-run values, as the
/// robot pastes them from a result's stats JSON (`"stress-ng.pagemove.ops":
/// [` over one figure a line, Oliver Sang's re-test for Jeff Xu, linux-mm
/// 2024-08: 60 figures under three `for <commit>` lines were passed over
/// without a word, wildmod55): a quoted metric name of LKP's form (a dot,
/// no blank) and `: [` closing the line. `None` otherwise.
fn per_run_list(t: &str) -> Option<&str> {
    let key = t.strip_prefix('"')?.strip_suffix("\": [")?;
    (key.contains('.') && !key.contains([' ', '"'])).then_some(key)
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    // `numbered()` passes over the lines a quoted-printable soft break
    // emptied: no blank line, they end no table (a mail whose every row
    // the encoder wrapped kept its first row only, wild33 file 06).
    // Each line with its tabs to the file's stops ([`Input::expanded`]):
    // LKP prints blanks, and a mail whose blanks an editor turned to tabs
    // (`unexpand -a`: `^I %stddev     %change^I     %stddev`) had its
    // columns no more, every row refused and the file skipped (damage58,
    // 14 wild files).
    let expanded: Vec<(usize, std::borrow::Cow<'_, str>)> =
        input.numbered().map(|(n, _)| (n, input.expanded(n - 1))).collect();
    let lines: Vec<(usize, &str)> = expanded.iter().map(|(n, l)| (*n, l.as_ref())).collect();
    let mut setup_now = Setup::default();
    let mut commits: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    let mut unnamed: Option<ParseError> = None;
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = lines[i];
        let t = line.trim();
        if t.len() >= 20 && t.bytes().all(|b| b == b'=') {
            if let Some((s, vi)) = setup(&lines, i, &mut out) {
                setup_now = s;
                commits.clear();
                i = vi + 1;
                continue;
            }
        } else if t == "commit:" {
            commits.clear();
            i += 1;
            while i < lines.len() && !lines[i].1.trim().is_empty() {
                if let Some(w) = lines[i].1.split_whitespace().next() {
                    commits.push(w.to_string());
                }
                i += 1;
            }
            continue;
        } else if t.starts_with("fail:runs") {
            i = failure_section(&lines, i + 1, n, &mut out);
            continue;
        } else if let Some(key) = per_run_list(t) {
            // The list's values, to its closing `]`.
            let from = n;
            let mut runs = 0;
            i += 1;
            while i < lines.len() && !lines[i].1.trim().starts_with(']') {
                runs += usize::from(plain(lines[i].1.trim().trim_end_matches(',')).is_some());
                i += 1;
            }
            let to = lines.get(i).map_or(from, |l| l.0);
            out.notes.push((
                from,
                format!(
                    "LKP's per-run values of `{key}` (lines {from}-{to}, {runs} run(s), a list of its stats JSON): not read; the commit they belong to is named only in prose, and a table's mean of them is read where the mail prints one"
                ),
            ));
            i += 1;
            continue;
        } else if t.starts_with(STDDEV) {
            i = table(&lines, i, &setup_now, &commits, &mut seen, &mut out, &mut unnamed)?;
            // The parameter line and the commits belong to the table below
            // them: a later table without its own is not given them.
            setup_now = Setup::default();
            commits.clear();
            continue;
        }
        i += 1;
    }
    several_boxes(&mut out);
    if out.samples.is_empty() {
        // Every table without its `commit:` list: the first one's is the
        // file's error, as before.
        if let Some(e) = unnamed {
            return Err(e);
        }
        return Err(ParseError::NoResults {
            benchmark: ID,
            reason: "no row of a `%stddev %change %stddev` table names the testcase's own metric".into(),
        });
    }
    Ok(out)
}

/// A warning at the first table of a second test box when the file's
/// tables read are of several (`tbox_group` of their parameter lines):
/// the robot's re-test of one patch on five machines, a report's table of
/// another box's benchmark (archive43). Each box's figures stay apart by
/// their `tbox_group` parameter, but the class they are put in is one
/// machine's, and nothing else says the file holds others.
fn several_boxes(out: &mut ParsedFile) {
    let mut boxes: Vec<(&str, usize)> = Vec::new();
    for s in &out.samples {
        if let Some(b) = s.params.iter().find(|p| p.name == "tbox_group")
            && !boxes.iter().any(|(seen, _)| *seen == b.value.as_str())
        {
            boxes.push((b.value.as_str(), s.line));
        }
    }
    if let [_, (_, at), ..] = boxes[..] {
        let names: Vec<&str> = boxes.iter().map(|(b, _)| *b).collect();
        let note = format!(
            "the file's tables are of {} test boxes ({}): each box's figures are kept apart by `tbox_group`, \
             but a machine class is one machine's: put each box's tables in a class of its own",
            boxes.len(),
            names.join(", ")
        );
        out.notes.push((at, note));
    }
}

/// Skips a `fail:runs  %reproduction  fail:runs` section from `lines[i]`
/// (rows of failure counts, no measurement), with one note at its
/// header, line `header`; returns the
/// index of the line after it (a `%stddev` header or a blank line).
fn failure_section(lines: &[(usize, &str)], mut i: usize, header: usize, out: &mut ParsedFile) -> usize {
    let mut rows = 0;
    while let Some((_, l)) = lines.get(i) {
        let t = l.trim();
        if t.is_empty() || t.starts_with(STDDEV) {
            break;
        }
        if t.contains(':') {
            rows += 1;
        }
        i += 1;
    }
    if rows > 0 {
        out.notes.push((
            header,
            format!(
                "{rows} fail:runs row(s) of LKP's monitors (runs that hit a kernel message, no measurement): not read"
            ),
        ));
    }
    i
}

/// One column's rule under LKP's table header: 8 or more dashes
/// (`----------------`), as every rule of its tables is.
fn is_dash_rule(w: &str) -> bool {
    w.len() >= 8 && w.bytes().all(|b| b == b'-')
}

/// How the line over a table's dashes named its columns.
#[derive(Clone, Copy, PartialEq, Debug)]
enum OverTheDashes {
    /// Words a person wrote (`base             base+patchset`).
    Words,
    /// LKP's own commit ids, cut to 16 and 27 characters.
    CommitIds,
}

/// Whether `w` is a commit id as git prints it: 7 to 40 lower-case
/// hexadecimal digits (LKP's cut over a table's dashes: 16 for the base,
/// 27 for the others; `v5.7` and six digits are no ids). Also the test of
/// `site::commits`, which files the robot's ids of one commit together.
pub fn is_commit_id(w: &str) -> bool {
    (7..=40).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The column names of the line over a table's dashes (`lines[at - 2]`,
/// the `%stddev` header at `lines[at]`), for a table with no `commit:`
/// list: one word a column, each over its rule. Either a person wrote
/// them in words (`base             base+patchset` over `---------------- ----…`),
/// or they are LKP's cut of commit ids (`59142d87ab03b8ff
/// a94032b35e5f97dc1023030d929`, the robot's re-tests print no
/// `commit:` list) and `own_setup` (the table has its own parameter line
/// above it: a re-test's table, not a quoted one whose list the reply
/// cut): each id is the start of its commit's sha, which
/// `site::commits` files under the commit's shortest id of the class
/// (the report's `59142d87ab`). `None` when the counts differ, the words
/// mix ids and other words, or ids stand over a table of no parameter
/// line.
fn id_line_names(
    lines: &[(usize, &str)],
    at: usize,
    columns: usize,
    own_setup: bool,
) -> Option<(Vec<String>, OverTheDashes)> {
    let rule = lines.get(at.checked_sub(1)?)?.1;
    let names = lines.get(at.checked_sub(2)?)?.1;
    let rules: Vec<&str> = rule.split_whitespace().collect();
    if rules.len() != columns || !rules.iter().all(|r| is_dash_rule(r)) {
        return None;
    }
    let words: Vec<&str> = names.split_whitespace().collect();
    if words.len() != columns {
        return None;
    }
    let named = || words.iter().map(|w| w.to_string()).collect();
    if words.iter().all(|w| is_commit_id(w)) {
        return own_setup.then(|| (named(), OverTheDashes::CommitIds));
    }
    let hex = |w: &&str| w.len() >= 7 && w.bytes().all(|b| b.is_ascii_hexdigit());
    let ok =
        !words.iter().any(hex) && words.iter().all(|w| plain(w).is_none() && w.len() <= 40 && !w.contains(PLUS_MINUS));
    ok.then(|| (named(), OverTheDashes::Words))
}

/// Reads one table from its `%stddev` header at `lines[at]`; returns the
/// index of the first line after it. A table whose `commit:` list does
/// not name its columns is left out with a warning; the first such one's
/// error is kept in `unnamed` (the file's error if no table is read).
fn table(
    lines: &[(usize, &str)],
    at: usize,
    setup: &Setup,
    commits: &[String],
    seen: &mut HashSet<String>,
    out: &mut ParsedFile,
    unnamed: &mut Option<ParseError>,
) -> Result<usize, ParseError> {
    let (hn, header) = lines[at];
    let mut words: Vec<&str> = header.split_whitespace().collect();
    let mut i = at + 1;
    let mut wrapped = false;
    // A header wrapped by a mail client goes on with `%stddev`/`%change` words.
    while let Some((_, l)) = lines.get(i) {
        let w: Vec<&str> = l.split_whitespace().collect();
        if !w.is_empty() && w.iter().all(|w| *w == STDDEV || *w == "%change") {
            words.extend(w);
            wrapped = true;
            i += 1;
        } else {
            break;
        }
    }
    let columns = words.iter().filter(|w| **w == STDDEV).count();
    let alternate = words.iter().enumerate().all(|(k, w)| *w == if k % 2 == 0 { STDDEV } else { "%change" });
    if columns == 0 || !alternate || words.len() != 2 * columns - 1 {
        return Err(ParseError::malformed(
            hn,
            "`%stddev     %change         %stddev` (a %change between two %stddev)",
            header,
        ));
    }
    // No `commit:` list, but the line over the table's dashes names its
    // columns in words (`base             base+patchset`, linux-mm 2016,
    // wild35a file 09), or by LKP's commit ids under the table's own
    // parameter line (the robot's re-tests, archive43): the columns are
    // named so.
    let named;
    let commits = match id_line_names(lines, at, columns, setup.testcase.is_some()) {
        Some((names, how)) if commits.is_empty() => {
            let by = match how {
                OverTheDashes::Words => "the line over its dashes",
                OverTheDashes::CommitIds => {
                    "the commit ids over its dashes, cut as LKP prints them (a commit's shorter id elsewhere in the class is the same kernel)"
                }
            };
            out.notes.push((
                lines[at - 2].0,
                format!(
                    "no `commit:` list above the table: its {columns} column(s) named by {by} ({})",
                    names.join(", ")
                ),
            ));
            named = names;
            &named[..]
        }
        _ => commits,
    };
    // A line over the dashes of one word a column that names them
    // neither all by commit ids nor all by words (`v6.8-rc1` beside ids,
    // ids in capitals: attack44 F15, whose warning quoted "0 commit(s)
    // listed: ", no text of the file, at the `%stddev` line): quoted, with
    // its line.
    let mixed = (commits.is_empty() && at >= 2)
        .then(|| (lines[at - 2], lines[at - 1].1))
        .filter(|((_, row), rule)| {
            let rules: Vec<&str> = rule.split_whitespace().collect();
            rules.len() == columns
                && rules.iter().all(|r| is_dash_rule(r))
                && row.split_whitespace().count() == columns
                && !row.split_whitespace().all(is_commit_id)
        })
        .map(|(row, _)| row);
    if let Some((rn, row)) = mixed {
        let row = row.split_whitespace().collect::<Vec<_>>().join(" ");
        out.notes.push((
            rn,
            format!(
                "the line over this table's dashes (`{row}`) names its {columns} column(s) neither all by commit ids \
                 (lower-case hex) nor all by words: the table's rows are not read; add a `commit:` list above it, \
                 one commit a line"
            ),
        ));
        if unnamed.is_none() {
            *unnamed = Some(ParseError::malformed(
                rn,
                format!("a `commit:` list above the table naming its {columns} column(s), one commit a line"),
                row,
            ));
        }
        while lines.get(i).is_some_and(|(_, l)| !l.trim().is_empty()) {
            i += 1;
        }
        return Ok(i);
    }
    if commits.len() != columns {
        // A table whose `commit:` list is not above it (a reply that
        // quoted the table and cut the list, wild33 file 05, LKML 2020-10)
        // names no column: it is left out with a warning, up to its first
        // blank line, and the file's other tables are read (the whole file
        // was skipped, a complete table below with it).
        out.notes.push((
            hn,
            format!(
                "expected a `commit:` list above this table naming its {columns} column(s), one commit a line, \
                 found {} commit(s) listed{}: the table's rows are not read",
                commits.len(),
                if commits.is_empty() { String::new() } else { format!(" ({})", commits.join(", ")) }
            ),
        ));
        if unnamed.is_none() {
            *unnamed = Some(ParseError::malformed(
                hn,
                format!("a `commit:` list above the table naming its {columns} column(s), one commit a line"),
                format!("{} commit(s) listed: {}", commits.len(), commits.join(", ")),
            ));
        }
        while lines.get(i).is_some_and(|(_, l)| !l.trim().is_empty()) {
            i += 1;
        }
        return Ok(i);
    }
    // The id row over the dashes (`9f68395333ad7f5b 070f5e860ee2bf588c99ef7b4c2
    // v5.7`) and its tail a mail wrapped onto a line of its own
    // (`63a5d0fbb5ec62f5148c251c01e`): the columns' names, read with the
    // table. As a label the tail named some of the table's rows only
    // (LKML 2020-06, Guittot quoting Xing's reaim tables: wildmod55).
    let rule = |t: &str| t.split_whitespace().all(is_dash_rule);
    let mut k = at;
    while k > 0 && !lines[k - 1].1.trim().is_empty() && rule(lines[k - 1].1) {
        k -= 1;
    }
    let named = |w: &str| commits.iter().any(|c| c == w || (w.len() >= 7 && c.starts_with(w)));
    let before = out.merged_lines.len();
    while k < at && k > 0 && {
        let t = lines[k - 1].1;
        !t.trim().is_empty() && t.split_whitespace().all(named)
    } {
        out.merged_lines.push(lines[k - 1].0);
        k -= 1;
    }
    if out.merged_lines.len() > before {
        out.merged_lines.sort_unstable();
    }
    let mut read_col = vec![true; columns];
    for c in 1..columns {
        if commits[..c].contains(&commits[c]) {
            read_col[c] = false;
            out.notes
                .push((hn, format!("column {} names commit {} again: its values are not read", c + 1, commits[c])));
        }
    }
    // The table's order, base first, is the file's (a later table's new
    // commits after the earlier tables').
    for (name, _) in commits.iter().zip(&read_col).filter(|(_, read)| **read) {
        if !out.kernel_order.contains(name) {
            out.kernel_order.push(name.clone());
        }
    }
    let (mut monitors, mut joined, mut repeated) = (0usize, 0usize, 0usize);
    while i < lines.len() {
        let (n, l) = lines[i];
        let t = l.trim();
        if t.is_empty() {
            break;
        }
        if t.bytes().all(|b| matches!(b, b'\\' | b'|' | b' ')) {
            i += 1;
            continue;
        }
        let mut words: Vec<&str> = t.split_whitespace().collect();
        let mut used = 1;
        let got = loop {
            match row(&words, columns) {
                Row::Short if used < MAX_ROW_LINES && i + used < lines.len() => {
                    let next = lines[i + used].1.trim();
                    if next.is_empty() {
                        break Row::Short;
                    }
                    words.extend(next.split_whitespace());
                    used += 1;
                }
                r => break r,
            }
        };
        match got {
            Row::Whole(means, name) => {
                if used > 1 {
                    joined += 1;
                    wrapped = true;
                }
                // The robot's re-test replies print the headline row alone, then
                // the full table with it again: the same figures of the same
                // set-up and commits are one measurement, not two runs.
                let key = format!("{:?}|{commits:?}|{name}|{means:?}", setup.params);
                match testcase_row(&name, setup) {
                    Some(_) if !seen.insert(key) => repeated += 1,
                    Some(group) => {
                        for (c, v) in means.into_iter().enumerate().filter(|(c, _)| read_col[*c]) {
                            let mut s = Sample::new(metric(&name), v, n)
                                .with_group(group.as_str())
                                .with_kernel(commits[c].as_str());
                            for (k, pv) in &setup.params {
                                s = s.with_param(k.as_str(), pv);
                            }
                            out.samples.push(s);
                        }
                    }
                    None => monitors += 1,
                }
                i += used;
            }
            Row::Short => {
                return Err(ParseError::malformed(n, format!("a row of {columns} mean(s) and a metric name"), t));
            }
            Row::Bad(expected) => {
                // A line that does not start with a figure ends the table
                // (the mail's text goes on; LKP ends a table with a blank
                // line, so this one may have lost rows); one that does is a
                // damaged row: a monitor's, not read anyway, is skipped; the
                // testcase's is an error.
                if plain(words[0]).is_none() {
                    out.notes.push((
                        n,
                        format!("the table above ends at a line that is no row of it (`{t}`), not at a blank line: any rows after it are not read"),
                    ));
                    break;
                }
                let last = t.split_whitespace().last().unwrap_or_default();
                let monitor =
                    used == 1 && last.contains('.') && plain(last).is_none() && testcase_row(last, setup).is_none();
                if !monitor {
                    return Err(ParseError::malformed(n, expected, t));
                }
                monitors += 1;
                i += 1;
            }
        }
    }
    if monitors > 0 {
        let which = setup.testcase.as_deref().map_or_else(|| "LKP's benchmarks'".to_string(), |t| format!("`{t}.*`"));
        out.notes.push((
            hn,
            format!(
                "{monitors} row(s) of LKP's monitors (perf-profile, proc-vmstat, …) not read: only {which} rows are"
            ),
        ));
    }
    if repeated > 0 {
        out.notes.push((
            hn,
            format!("skipped repeated row(s): {repeated} row(s) of this table repeat the same set-up's, commits' and figures of a table above"),
        ));
    }
    if wrapped {
        out.notes.push((
            hn,
            format!(
                "table wrapped by a mail client: {joined} row(s) read from two or more lines (its header too, when split); check them against the mail"
            ),
        ));
    }
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// linux-mm 2016 (wild35a file 09): a patch mail's own compare table,
    /// its columns named by the line over the dashes (no `commit:` list),
    /// every `±` turned into `A+-` by the archive. The whole table was
    /// refused.
    #[test]
    fn columns_named_over_the_dashes_and_a_mangled_plus_minus() {
        let text = "base             base+patchset\n\
                    ---------------- --------------------------\n\
                    \x20        %stddev     %change         %stddev\n\
                    \x20            \\          |                \\\n\
                    \x20  1118821 A+-  0%     +12.1%    1254241 A+-  1%  vmstat.swap.so\n\
                    \x20  2460636 A+-  1%     +10.6%    2720983 Â±1%  vm-scalability.throughput\n";
        let f = LkpCompare.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, &str, f64)> =
            f.samples.iter().map(|s| (s.line, s.kernel.as_deref().unwrap_or(""), s.value.mean())).collect();
        assert_eq!(got, [(6, "base", 2460636.0), (6, "base+patchset", 2720983.0)]);
        assert_eq!(f.kernel_order, ["base", "base+patchset"]);
        assert!(
            f.notes.iter().any(|(n, m)| *n == 1 && m.contains("named by the line over its dashes")),
            "{:?}",
            f.notes
        );
        // LKP's own cut of commit ids there names nothing: a `commit:`
        // list must.
        let ids = text.replace("base             base+patchset", "f3b92176f4f7100f c2f6ea38fc1b640aa7a2e155cc1");
        assert!(LkpCompare.parse(&Input::from_text(&ids)).is_err());
    }

    const TWO: &str = "\
=========================================================================================
compiler/cpufreq_governor/kconfig/mode/nr_task/rootfs/tbox_group/test/testcase:
  gcc-12/performance/x86_64-rhel-9.4/process/100%/debian-12-x86_64-20240206.cgz/lkp-skl-fpga01/poll2/will-it-scale

commit: 
  d000e073ca (\"convert do_select()\")
  8935989798 (\"do_pollfd(): convert to CLASS(fd)\")

d000e073ca2a08ab 89359897983825dbfc08578e7ee 
---------------- --------------------------- 
         %stddev     %change         %stddev
             \\          |                \\  
     21281 ±147%    +197.5%      63313 ± 84%  numa-meminfo.node0.Shmem
  27370126           -11.7%   24170828        will-it-scale.104.processes
    263173 ±  2%     -11.7%     232411        will-it-scale.per_process_ops
      7.61            -0.6        7.03        perf-profile.calltrace.cycles-pp.syscall_return_via_sysret.__poll
";

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        LkpCompare.parse(&Input::from_text(text))
    }

    /// wild33 file 06 (LKML 2022-12): a reply in quoted-printable whose
    /// encoder soft-broke every row of the quoted table kept its first
    /// row only (the broken-off tail's line ended the table), and `ą`
    /// for `±` (`=C4=85`) refused the rows.
    #[test]
    fn soft_broken_rows_and_a_mangled_plus_minus_are_read() {
        let text = "Content-Type: text/plain; charset=\"UTF-8\"\nContent-Transfer-Encoding: quoted-printable\n\n\
                    > commit:\n>   23393c6461 (\"char: tpm\")\n>   0ba09b1733 (\"Revert\")\n>\n\
                    > 23393c6461422df5 0ba09b1733878afe838fe35c310\n> ---------------- ---------------------------\n\
                    >          %stddev     %change         %stddev\n>              \\          |                \\\n\
                    >     140227           -21.1%     110582 =C4=85  3%  will-it-scale.52.threa=\nds\n\
                    >       2696           -21.1%       2126 =C4=85  3%  will-it-scale.per_thre=\nad_ops\n\
                    >       3.67 =C4=85 71%     -22.7%       2.83 =C4=85 47%  will-it-scale.tim=\ne.user_time\n";
        let p = parse(text).expect("reads");
        let got: Vec<(usize, &str, f64)> =
            p.samples.iter().map(|s| (s.line, s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(
            got,
            [
                (12, "will-it-scale.52.threads", 140227.0),
                (12, "will-it-scale.52.threads", 110582.0),
                (14, "will-it-scale.per_thread_ops", 2696.0),
                (14, "will-it-scale.per_thread_ops", 2126.0),
                (16, "will-it-scale.time.user_time", 3.67),
                (16, "will-it-scale.time.user_time", 2.83),
            ]
        );
    }

    #[test]
    fn each_column_is_its_commit_and_the_change_and_deviation_are_not_values() {
        let input = Input::from_text(TWO);
        assert_eq!(LkpCompare.detect(&input), 95);
        let p = parse(TWO).unwrap();
        let got: Vec<(&str, &str, f64)> =
            p.samples.iter().map(|s| (s.kernel.as_deref().unwrap(), s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(
            got,
            [
                ("d000e073ca", "will-it-scale.104.processes", 27370126.0),
                ("8935989798", "will-it-scale.104.processes", 24170828.0),
                ("d000e073ca", "will-it-scale.per_process_ops", 263173.0),
                ("8935989798", "will-it-scale.per_process_ops", 232411.0),
            ]
        );
        let s = &p.samples[2];
        assert_eq!(s.group, "will-it-scale");
        assert_eq!(s.metric.better, Better::Higher);
        assert_eq!(p.samples[0].metric.better, Better::Neither);
        let params: Vec<String> = s.params.iter().map(|p| format!("{} {}", p.name, p.value)).collect();
        assert!(params.contains(&"mode process".to_string()) && params.contains(&"nr_task 100%".to_string()));
        assert!(!params.iter().any(|p| p.starts_with("testcase")));
        assert!(p.notes.iter().any(|(l, n)| *l == 11 && n.contains("2 row(s) of LKP's monitors")));
    }

    #[test]
    fn a_row_wrapped_by_a_mail_client_is_read_with_a_warning() {
        let text = TWO.replace(
            "    263173 ±  2%     -11.7%     232411        will-it-scale.per_process_ops",
            "    263173 ± \n2%     -11.7%     232411\n   will-it-scale.per_process_ops",
        );
        let p = parse(&text).unwrap();
        assert_eq!(p.samples.iter().filter(|s| s.metric.name == "will-it-scale.per_process_ops").count(), 2);
        assert!(p.notes.iter().any(|(_, n)| n.contains("wrapped by a mail client")));
        assert!(!crate::parse::note_is_info(&p.notes.iter().find(|(_, n)| n.contains("wrapped")).unwrap().1));
    }

    #[test]
    fn a_commit_list_that_is_not_the_column_count_is_an_error() {
        let text = TWO.replace("  8935989798 (\"do_pollfd(): convert to CLASS(fd)\")\n", "");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line(), Some(10), "the header, one line up");
    }

    /// attack25's lk3/cut.txt: the file ends inside its last row's name,
    /// `will-it-scale.per_` with no line break: that row is left out with a
    /// warning at its line; the same row ending in a line break is read.
    #[test]
    fn a_last_row_cut_inside_its_name_is_left_out() {
        // TWO up to its will-it-scale rows, cut inside the last one's name.
        let end = TWO.find("_process_ops").unwrap() + 1;
        let table = &TWO[..end];
        let n = table.lines().count();
        let input = Input::from_text(table);
        let p = LkpCompare.parse(&input).unwrap();
        assert!(p.samples.iter().all(|s| s.line < n), "{:?}", p.samples);
        assert!(p.samples.iter().any(|s| s.line == n - 1));
        assert!(p.notes.iter().any(|(l, m)| *l == n && m.contains("the file ends mid-line")), "{:?}", p.notes);
        let p = LkpCompare.parse(&Input::from_text(&format!("{table}\n"))).unwrap();
        assert!(p.samples.iter().any(|s| s.line == n));
    }

    #[test]
    fn a_cut_row_is_an_error_at_its_line() {
        let text = TWO.replace("   24170828        will-it-scale.104.processes", "\n");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line(), Some(14), "{e}");
    }

    #[test]
    fn a_header_word_that_only_starts_with_stddev_is_an_error_not_a_panic() {
        let e = parse("commit:\n  a\n\n%stddevx %change\n").unwrap_err();
        assert_eq!(e.line(), Some(4));
    }

    #[test]
    fn a_second_table_without_its_own_commit_list_is_not_given_the_first_tables() {
        let text = format!(
            "{TWO}\n         %stddev     %change         %stddev\n    263173           -11.7%     232411        will-it-scale.per_process_ops\n"
        );
        // Left out with a warning at its header; the first table is read
        // (the whole file was an error, wild33 file 05).
        let p = parse(&text).unwrap();
        assert!(p.samples.iter().all(|s| s.line < 18) && !p.samples.is_empty(), "{:?}", p.samples);
        assert!(
            p.notes
                .iter()
                .any(|(l, m)| *l == 18 && m.contains("found 0 commit(s) listed: the table's rows are not read")),
            "{:?}",
            p.notes
        );
    }

    /// attack44 F15: an id row mixing a tag and ids (or ids in capitals)
    /// is quoted at its own line, not "0 commit(s) listed: " at the
    /// `%stddev` line. Must not fire: a row of words is read.
    #[test]
    fn an_id_row_mixing_a_tag_and_ids_is_quoted_at_its_line() {
        let table = |row: &str| {
            format!(
                "compiler/testcase:\n  gcc-13/will-it-scale\n\n{row}\n---------------- ---------------------------\n         \
                 %stddev     %change         %stddev\n             \\          |                \\\n     91713           \
                 -11.9%      80789        will-it-scale.per_process_ops\n"
            )
        };
        let e = parse(&table("v6.8-rc1         70a64b7919cbd6c12306051ff28")).unwrap_err();
        assert_eq!(e.line(), Some(4), "{e}");
        assert!(e.to_string().contains("v6.8-rc1 70a64b7919cbd6c12306051ff28"), "{e}");
        let e = parse(&table("59142D87AB03B8FF 70A64B7919CBD6C12306051FF28")).unwrap_err();
        assert_eq!(e.line(), Some(4), "{e}");
        let p = parse(&table("baseline         patched")).unwrap();
        assert_eq!(p.samples.len(), 2, "{:?}", p.notes);
    }

    #[test]
    fn a_monitor_row_of_unknown_shape_is_skipped_and_a_table_cut_by_text_is_a_warning() {
        let text = TWO.replace(
            "     21281 ±147%    +197.5%      63313 ± 84%  numa-meminfo.node0.Shmem",
            "     21281 ±147%    +Inf%      63313 ± 84%  numa-meminfo.node0.Shmem",
        ) + "> a reply\n";
        let p = parse(&text).unwrap();
        assert_eq!(p.samples.len(), 4);
        assert!(p.notes.iter().any(|(l, n)| *l == 11 && n.contains("2 row(s) of LKP's monitors")));
        let cut = p.notes.iter().find(|(_, n)| n.contains("not at a blank line")).expect("a note");
        assert!(!crate::parse::note_is_info(&cut.1));
        let bad = TWO.replace("  27370126           -11.7%   24170828 ", "  27370126           +Inf%   24170828 ");
        assert_eq!(parse(&bad).unwrap_err().line(), Some(14), "the testcase's own row is an error");
    }

    #[test]
    fn the_test_process_time_rows_but_the_elapsed_time_are_mail_detail() {
        assert!(LkpCompare.mail_detail("reaim", "reaim.time.minor_page_faults"));
        assert!(!LkpCompare.mail_detail("aim7", "aim7.time.elapsed_time"));
        assert!(!LkpCompare.mail_detail("will-it-scale", "will-it-scale.per_process_ops"));
    }

    #[test]
    fn the_direction_is_the_robots_and_none_where_it_gives_none() {
        for (name, want) in [
            ("will-it-scale.per_thread_ops", Better::Higher),
            ("will-it-scale.per_process_ops", Better::Higher),
            ("hackbench.throughput", Better::Higher),
            ("stress-ng.pagemove.page_remaps_per_sec", Better::Higher),
            ("aim7.jobs-per-min", Better::Higher),
            ("netperf.Throughput_Mbps", Better::Higher),
            ("fsmark.app_overhead", Better::Lower),
            ("schbench.wakeup_latency_max_us", Better::Lower),
            ("lmbench3.PIPE.latency.us", Better::Lower),
            ("will-it-scale.workload", Better::Neither),
            ("will-it-scale.104.processes", Better::Neither),
            ("stress-ng.pagemove.ops", Better::Neither),
            ("will-it-scale.time.elapsed_time", Better::Neither),
            ("ebizzy.throughput.per_thread.stddev_percent", Better::Lower),
        ] {
            assert_eq!(better(name), want, "{name}");
        }
        assert_eq!(DIRECTION_GLOBS.len(), DIRECTIONS.len(), "every pattern compiles");
    }

    /// archive43: the robot's re-test (Oliver Sang, linux-mm 2024-05)
    /// prints each table under its parameter line with no `commit:` list,
    /// its columns named by LKP's cut ids only; the file was skipped.
    const RETEST: &str = "\
=========================================================================================
compiler/cpufreq_governor/kconfig/mode/nr_task/rootfs/tbox_group/test/testcase:
  gcc-13/performance/x86_64-rhel-8.3/process/100%/debian-12-x86_64-20240206.cgz/lkp-skl-fpga01/page_fault2/will-it-scale

59142d87ab03b8ff a94032b35e5f97dc1023030d929 fd2296741e2686ed6ecd05187e4
---------------- --------------------------- ---------------------------
         %stddev     %change         %stddev     %change         %stddev
             \\          |                \\          |                \\
     91713           -13.0%      79833            -4.5%      87614        will-it-scale.per_process_ops
";

    #[test]
    fn a_retest_table_under_its_parameter_line_is_named_by_the_commit_ids_over_its_dashes() {
        let p = parse(RETEST).unwrap();
        let got: Vec<(&str, f64)> = p.samples.iter().map(|s| (s.kernel.as_deref().unwrap(), s.value.mean())).collect();
        assert_eq!(
            got,
            [
                ("59142d87ab03b8ff", 91713.0),
                ("a94032b35e5f97dc1023030d929", 79833.0),
                ("fd2296741e2686ed6ecd05187e4", 87614.0)
            ]
        );
        assert_eq!(p.kernel_order[0], "59142d87ab03b8ff");
        assert!(
            p.notes.iter().any(|(l, m)| *l == 5 && m.contains("named by the commit ids over its dashes")),
            "{:?}",
            p.notes
        );
        // Must not fire: a commit list above names the columns, whatever the ids say.
        let listed = RETEST.replace(
            "\n59142d87ab03b8ff",
            "\ncommit:\n  59142d87ab (\"a\")\n  a94032b35e (\"b\")\n  fd2296741e (\"c\")\n\n59142d87ab03b8ff",
        );
        let p = parse(&listed).unwrap();
        assert_eq!(p.kernel_order, ["59142d87ab", "a94032b35e", "fd2296741e"]);
        assert!(!p.notes.iter().any(|(_, m)| m.contains("over its dashes")));
        // Nor ids mixed with a tag (LKP's `v6.12-rc1` over the base), nor
        // ids over a table with no parameter line (a quoted table whose
        // list the reply cut: the existing test above).
        let mixed = RETEST.replace("59142d87ab03b8ff a94032b35e", "       v6.12-rc1 a94032b35e");
        assert!(parse(&mixed).is_err());
    }

    #[test]
    fn a_file_of_several_test_boxes_is_a_warning_and_one_boxs_two_tables_are_not() {
        let other = RETEST.replace("lkp-skl-fpga01", "lkp-icl-2sp9").replace("91713 ", "240373");
        let p = parse(&format!("{RETEST}\n{other}")).unwrap();
        let w: Vec<&(usize, String)> = p.notes.iter().filter(|(_, m)| m.contains("test boxes")).collect();
        assert_eq!(w.len(), 1, "{:?}", p.notes);
        assert_eq!(w[0].0, 19);
        assert!(w[0].1.contains("2 test boxes (lkp-skl-fpga01, lkp-icl-2sp9)"), "{}", w[0].1);
        assert!(!crate::parse::note_is_info(&w[0].1));
        // Must not fire: two tables of one box (a headline, then the full table).
        let again = RETEST.replace("91713 ", "91714 ");
        let p = parse(&format!("{RETEST}\n{again}")).unwrap();
        assert!(!p.notes.iter().any(|(_, m)| m.contains("test boxes")), "{:?}", p.notes);
        assert!(!parse(TWO).unwrap().notes.iter().any(|(_, m)| m.contains("test boxes")));
    }

    #[test]
    fn three_commits_read_three_columns() {
        let text = "\
commit:
  a (\"x\")
  b (\"y\")
  v5.7

         %stddev     %change         %stddev     %change         %stddev
             \\          |                \\          |                \\
     66870           -10.0%      60187            -7.6%      61787        reaim.jobs_per_min
      -6.88          +120.6%     -15.17 ±  3%     +0.0      1.2e+05        reaim.odd
";
        let p = parse(text).unwrap();
        let got: Vec<(&str, f64)> = p.samples.iter().map(|s| (s.kernel.as_deref().unwrap(), s.value.mean())).collect();
        assert_eq!(
            got,
            [("a", 66870.0), ("b", 60187.0), ("v5.7", 61787.0), ("a", -6.88), ("b", -15.17), ("v5.7", 1.2e5)]
        );
        assert!(p.samples[0].params.is_empty());
    }

    #[test]
    fn lkps_per_run_lists_under_a_table_are_warned_of_not_read() {
        let text = format!(
            "{TWO}\nfor\nd000e073ca (\"convert do_select()\")\n\n  \"will-it-scale.per_process_ops\": [\n    263170,\n    263176\n  ],\n"
        );
        let p = parse(&text).unwrap();
        let n = text.lines().position(|l| l.ends_with("\": [")).expect("the list") + 1;
        assert!(
            p.notes.iter().any(|(l, m)| *l == n
                && m.contains("per-run values of `will-it-scale.per_process_ops`")
                && m.contains("2 run(s)")),
            "{:?}",
            p.notes
        );
        assert!(!p.samples.iter().any(|s| s.line > n), "{:?}", p.samples);
        assert_eq!(per_run_list("\"a b\": ["), None);
    }
}
