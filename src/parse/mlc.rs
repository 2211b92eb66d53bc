//! Intel Memory Latency Checker (`mlc`, v3.x): its idle-latency and
//! bandwidth matrices, peak-bandwidth lines, loaded-latency table,
//! cache-to-cache latencies and `--idle_latency`'s one figure.
//!
//! ```text
//! Intel(R) Memory Latency Checker - v3.9   (its tabs shown as blanks)
//! Measuring idle latencies (in ns)...
//!       Numa node
//! Numa node       0       1
//!        0    85.0   136.3
//!        1   137.2    84.2
//!
//! Measuring Peak Injection Memory Bandwidths for the system
//! Bandwidths are in MB/sec (1 MB/sec = 1,000,000 Bytes/sec)
//! ALL Reads        :  101491.2
//! 3:1 Reads-Writes :  96604.5
//!
//! Measuring Loaded Latencies for the system
//! Inject  Latency  Bandwidth
//! Delay  (ns)  MB/sec
//! ==========================
//!  00000  295.67   124989.0
//!
//! Measuring cache-to-cache transfer latency (in ns)...
//! Local Socket L2->L2 HIT  latency  42.1
//! Remote Socket L2->L2 HITM latency (data address homed in writer socket)
//!         Reader Numa Node
//! Writer Numa Node     0       1
//!             0       -   108.6
//!             1   108.8       -
//! ```
//!
//! Metrics (MLC's MB/sec is 10^6 bytes per second: `MB/s` here):
//! * group `Idle latency`: `latency` in ns, lower is better, with the
//!   parameters `from` (the row: the node or socket whose threads read)
//!   and `to` (the column: the memory node), and `access` (`sequential`,
//!   `random`) when the heading names it (v3.10 on); `--idle_latency`'s
//!   `Each iteration took 186.5 base frequency clocks ( 89.0 ns)` gives
//!   `latency` (ns) and `clocks` (base frequency clocks), lower is better;
//! * groups `Peak injection bandwidth`, `Maximum bandwidth` (`--max_bandwidth`)
//!   and `Peak bandwidth` (v2's `Measuring Peak Memory Bandwidths`):
//!   `bandwidth` in MB/s, higher is better, with the parameter `traffic`,
//!   the line's name (`ALL Reads`, `3:1 Reads-Writes`, `Stream-triad
//!   like`, `All NT writes`). Such lines with no `Measuring …` heading
//!   above (a post that starts below it, `grep "ALL Reads"`) are read in
//!   group `Read-write bandwidth`, with a note that MLC's heading is not
//!   in the file;
//! * group `Bandwidth matrix`: `bandwidth` in MB/s, `from` and `to`; also
//!   a matrix with no `Measuring …` heading right under MLC's `Using
//!   Read-only traffic type` (and its `Numa node` title), which the idle
//!   latency matrix does not print (a warning says the heading is not in
//!   the file; any other matrix without its heading is a warning, not
//!   read);
//! * group `Loaded latency`: `latency` (ns, lower is better) and
//!   `bandwidth` (MB/s, higher is better) per `inject delay` (as printed,
//!   `00000` … `20000`), also under its `Inject  Latency  Bandwidth`
//!   columns alone, the heading cut (a warning);
//! * group `Cache-to-cache latency`: `latency` in ns, lower is better, with
//!   the parameter `transfer` (`Local Socket L2->L2 HITM`, or the remote
//!   matrix's heading without its word `latency`) and, in a remote matrix,
//!   `writer` and `reader` (a `-` cell is no measurement and is not read).
//!
//! `Command line parameters: --idle_latency -b30` gives every figure of
//! that command the parameter `options` (`--idle_latency -b30`): the
//! options change what is measured (buffer size, threads, CPUs), so runs
//! of different options are not runs of one sample set. A line running
//! `mlc` (`$ sudo ./mlc --max_bandwidth`, `#./mlc`, a post's comment `#
//! mlc --c2c_latency`) ends the options and heading read above it, and
//! its own options (`--max_bandwidth -m2`, redirections left out; none
//! from a `# ` comment, which may say how to run a section alone) are the
//! `options` of what it prints until MLC's echo says otherwise: MLC before
//! v3.10 echoes none, and two runs of different options must not be one
//! sample set. Traffic lines with no `Measuring …` heading under a command
//! naming `--max_bandwidth` or `--peak_injection_bandwidth` are read in
//! that test's group.
//!
//! A row of a matrix or table whose cells are not one figure per column
//! (a line cut or wrapped by a mailer) is an error at its line. A remote
//! cache-to-cache matrix printed twice under one `Measuring
//! cache-to-cache` heading (a post pasting a block twice, with other
//! figures) is read as a transfer of its own, `NAME #2`, with a note: its
//! figures are not merged with the first's as runs. Any other cell MLC
//! prints once a run (a matrix's `from`/`to` cell, a loaded-latency
//! table's inject delay) printed again under one heading (a table pasted
//! twice, or its rows again with other figures and no heading of their
//! own) is not read: MLC prints each once under its heading, so the second
//! is no run of it and its figures would be averaged with the first's as
//! if it were. A note names the rows not read and the rows they repeat.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::lines::SplitWords as _;
use crate::model::{Better, Metric, ParsedFile, Sample};

/// Intel MLC; registry id `"mlc"`.
pub struct Mlc;

const ID: &str = "mlc";

const LATENCY: &str = "latency";
const BANDWIDTH: &str = "bandwidth";

/// What the lines below a `Measuring …` heading are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Section {
    None,
    IdleMatrix,
    PeakLines(&'static str),
    BandwidthMatrix,
    Loaded,
    CacheToCache,
}

/// `Measuring …` heading → its section and, for idle latencies, the
/// access pattern it names.
fn heading(t: &str) -> Option<(Section, Option<&'static str>)> {
    let rest = t.strip_prefix("Measuring ")?;
    if rest.starts_with("idle latencies") {
        let access = if rest.contains("sequential access") {
            Some("sequential")
        } else if rest.contains("random access") {
            Some("random")
        } else {
            None
        };
        return Some((Section::IdleMatrix, access));
    }
    let section = if rest.starts_with("Peak Injection Memory Bandwidths") {
        Section::PeakLines("Peak injection bandwidth")
    } else if rest.starts_with("Maximum Memory Bandwidths") {
        Section::PeakLines("Maximum bandwidth")
    } else if rest.starts_with("Peak Memory Bandwidths") {
        Section::PeakLines("Peak bandwidth")
    } else if rest.starts_with("Memory Bandwidths between nodes") {
        Section::BandwidthMatrix
    } else if rest.starts_with("Loaded Latencies") {
        Section::Loaded
    } else if rest.starts_with("cache-to-cache transfer latency") {
        Section::CacheToCache
    } else {
        return None;
    };
    Some((section, None))
}

/// `ALL Reads        :  101491.2` → (name, figure text); the name is one
/// of MLC's traffic types (reads, writes, the triad).
fn traffic_line(t: &str) -> Option<(&str, &str)> {
    let (name, figure) = t.rsplit_once(':')?;
    let name = name.trim();
    let typed = name.starts_with("ALL Reads")
        || name.starts_with("All NT")
        || name.starts_with("Stream-triad")
        || name.contains("Reads-Writes")
        || name.contains("Read-NT");
    typed.then_some((name, figure.trim()))
}

/// A matrix's column header: words then node numbers (`Numa node   0   1`,
/// `Socket       0       1`, `Writer Numa Node     0       1`) → the
/// columns.
fn column_header(t: &str) -> Option<Vec<&str>> {
    let words: Vec<&str> = t.words().collect();
    let first_num = words.iter().position(|w| w.bytes().all(|b| b.is_ascii_digit()))?;
    if first_num == 0 || !words[first_num..].iter().all(|w| w.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    if !words[..first_num].iter().all(|w| w.chars().all(char::is_alphabetic)) {
        return None;
    }
    Some(words[first_num..].to_vec())
}

/// The row label of a matrix or table row: its first cell, all digits.
fn row_label(t: &str) -> Option<&str> {
    let first = t.words().next()?;
    first.bytes().all(|b| b.is_ascii_digit()).then_some(first)
}

/// `Each iteration took 186.5 base frequency clocks (  89.0  ns)` →
/// (clocks, ns) as text.
fn iteration_line(t: &str) -> Option<(&str, &str)> {
    let rest = t.strip_prefix("Each iteration took ")?;
    let (clocks, ns) = rest.split_once(" base frequency clocks (")?;
    let ns = ns.trim_end().strip_suffix(')')?.trim_end().strip_suffix("ns")?;
    Some((clocks.trim(), ns.trim()))
}

/// A command line that runs MLC (`$ sudo ./mlc --max_bandwidth`,
/// `#./mlc`, `# mlc/Linux/mlc`, `> mlc --loaded_latency -t4`, a post's
/// comment `# mlc --c2c_latency`): a word whose last path part is `mlc`.
/// What it prints comes below it; the options and heading read above it
/// end there (its own options, when MLC echoes them, come with its
/// `Command line parameters:` line).
fn is_command(t: &str) -> bool {
    t.contains("mlc") && !t.starts_with("Intel(R)") && t.words().any(|w| w.rsplit('/').next() == Some("mlc"))
}

/// A cache-to-cache line of MLC's: `Local Socket L2->L2 HIT  latency
/// 42.1`, or a remote matrix's heading `Remote Socket L2->L2 HITM latency
/// (data address homed in writer socket)`: `Local`/`Remote`, a transfer
/// (`->`) and `latency`. The section runs past blank lines to the next
/// heading, and a post's prose below it (`Local socket access is faster by
/// 30`) was read as a latency of 30 ns (attack52 F4).
fn is_cache_to_cache(t: &str) -> bool {
    (t.starts_with("Remote ") || t.starts_with("Local "))
        && t.split_once(" latency").is_some_and(|(before, _)| before.contains("->"))
}

/// The options of a command line running MLC (`sudo mlc --max_bandwidth
/// -m2` → `--max_bandwidth -m2`), its redirections and what follows a
/// shell separator left out: MLC before v3.10 echoes none (no `Command
/// line parameters:` line), so a post's two runs of different options are
/// told apart by their commands alone. A shell comment after the command
/// (`$ ./mlc --max_bandwidth -m2  # one core only`) ends its options (the
/// whole line was refused, `#` being no option, and the run's options were
/// lost: attack53 F7). `None` where it gives none, or where a word after
/// `mlc` is no option (`mlc shows …`: words, not a command), or on a `# `
/// line that is a post's comment (`comment`, [`hash_comments`]: `# mlc
/// --peak_injection_bandwidth` over a default run's section: how to run it
/// alone, not what ran). A root prompt's `# ./mlc --max_bandwidth -m2` is a
/// command.
fn command_options(t: &str, comment: bool) -> Option<String> {
    if let Some(rest) = t.strip_prefix('#').filter(|r| r.starts_with(char::is_whitespace)) {
        // `# ` and a command: only a root prompt's, whose first word is MLC
        // itself (`# 可以用 ./mlc --latency_matrix …` is prose naming it).
        if comment || !rest.words().next().is_some_and(is_mlc) {
            return None;
        }
    }
    let segment = super::cmdline::shell_segments(t).into_iter().find(|(seg, _)| is_command(seg))?.0;
    let words = super::cmdline::words_after(segment, "mlc")?;
    let mut options = Vec::new();
    let mut file_next = false;
    for w in words {
        if std::mem::take(&mut file_next) {
            continue;
        }
        match super::cmdline::redirection(w) {
            Some(takes_file) => file_next = takes_file,
            None if w.starts_with('#') => break,
            None if w.starts_with('-') => options.push(w),
            None => return None,
        }
    }
    (!options.is_empty()).then(|| options.join(" "))
}

/// A word that runs MLC: its last path part is `mlc` (`mlc`, `./mlc`,
/// `/opt/mlc/Linux/mlc`).
fn is_mlc(w: &str) -> bool {
    w.rsplit('/').next() == Some("mlc")
}

/// The lines (1-based) of `# mlc …` lines that are a post's comments, not
/// a root prompt's commands: `# ` and MLC as the first word, right under a
/// `#` line that runs nothing (the post's prose, `# 2. 不同读写比下的内存带宽`)
/// and not over MLC's banner (`Intel(R) Memory Latency Checker - v3.10`,
/// the first line every run prints). A v3.10 blog puts such a line
/// (`# mlc --peak_injection_bandwidth`) over each section of one default
/// run: how to run that section alone, not what ran. A root prompt's `#
/// ./mlc --max_bandwidth -m2` stands under the last run's figures or
/// another command, and its options are the run's (attack53 F7: read as a
/// comment, they were lost).
fn hash_comments(input: &Input) -> Vec<usize> {
    let lines: Vec<(usize, &str)> =
        input.numbered().map(|(n, l)| (n, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
    let hash_mlc = |t: &str| {
        t.strip_prefix('#')
            .filter(|r| r.starts_with(char::is_whitespace))
            .is_some_and(|r| r.words().next().is_some_and(is_mlc))
    };
    let mut out = Vec::new();
    for (k, &(n, t)) in lines.iter().enumerate() {
        if !hash_mlc(t) {
            continue;
        }
        let under_prose = k > 0 && lines[k - 1].1.starts_with('#') && !is_command(lines[k - 1].1);
        let over_banner = lines.get(k + 1).is_some_and(|(_, l)| l.starts_with("Intel(R) Memory Latency Checker"));
        if under_prose && !over_banner {
            out.push(n);
        }
    }
    out
}

/// MLC's loaded-latency column heading, either line (`Inject  Latency
/// Bandwidth`, `Delay  (ns)  MB/sec`; tabs or spaces): the program's
/// own, never a label of the rows below it ([`super::labels`]).
pub fn is_column_heading(text: &str) -> bool {
    let mut words = text.words();
    let (a, b, c, d) = (words.next(), words.next(), words.next(), words.next());
    d.is_none()
        && matches!(
            (a, b, c),
            (Some("Inject"), Some("Latency"), Some("Bandwidth")) | (Some("Delay"), Some("(ns)"), Some("MB/sec"))
        )
}

/// The figures of a figure cell, or of MLC's `-` (not measured).
fn cell(c: &str) -> Option<Option<f64>> {
    if c == "-" { Some(None) } else { plain(c).map(Some) }
}

struct Reader {
    out: ParsedFile,
    section: Section,
    access: Option<&'static str>,
    options: Option<String>,
    /// The matrix being read: its columns, and for a cache-to-cache matrix
    /// its transfer.
    columns: Option<Vec<String>>,
    transfer: Option<String>,
    /// Remote transfers read under this `Measuring cache-to-cache` heading.
    transfers: Vec<(String, usize)>,
    /// The first traffic line read with no heading above it.
    headless: Option<usize>,
    /// The `# mlc …` lines that are a post's comments ([`hash_comments`]).
    comments: Vec<usize>,
    /// The cells read under the current heading (a matrix's transfer, row
    /// and column; a loaded-latency table's inject delay) and the line of
    /// each.
    cells_read: std::collections::HashMap<String, usize>,
    /// Rows under the current heading that print a cell again, with the
    /// line first printing it: not read, said when the heading ends.
    again: Vec<(usize, usize)>,
    /// The command line whose options the runs below carry (none once
    /// MLC's banner or its own echo of them is read), and the traffic lines
    /// read under it, each with its first line: a traffic line printed
    /// again under it is a second run whose own command line is not in the
    /// file ([`Reader::traffic`]).
    command_at: Option<usize>,
    /// The line of a `Using Read-only traffic type` (any `Using … traffic
    /// type`) under no `Measuring …` heading, when it is the line above:
    /// a matrix header right below it is the bandwidth matrix's, whose
    /// heading a post left out.
    traffic_type_at: Option<usize>,
    traffic_read: std::collections::HashMap<(String, String), usize>,
}

impl Reader {
    fn sample(&self, name: &str, unit: &str, better: Better, v: f64, n: usize, group: &str) -> Sample {
        let s = Sample::new(Metric::new(name, unit, better), v, n).with_group(group);
        match &self.options {
            Some(o) => s.with_param("options", o),
            None => s,
        }
    }

    fn matrix_row(&mut self, n: usize, t: &str, row: &str) -> Result<(), ParseError> {
        let columns = self.columns.clone().unwrap_or_default();
        let cells: Vec<&str> = t.words().skip(1).collect();
        let expected = format!("a figure (or `-`) for each of the {} columns {}", columns.len(), columns.join(" "));
        if cells.len() != columns.len() {
            return Err(ParseError::malformed(n, expected, t));
        }
        let transfer = self.transfer.clone().unwrap_or_default();
        if self.seen_before(n, &format!("{transfer}\u{0}{row}\u{0}{}", columns.join(" "))) {
            return Ok(());
        }
        for (col, c) in columns.iter().zip(cells) {
            let Some(v) = cell(c).ok_or_else(|| ParseError::malformed(n, expected.clone(), t))? else { continue };
            let s = match self.section {
                Section::IdleMatrix => {
                    let s = self.sample(LATENCY, "ns", Better::Lower, v, n, "Idle latency");
                    let s = s.with_param("from", row).with_param("to", col);
                    match self.access {
                        Some(a) => s.with_param("access", a),
                        None => s,
                    }
                }
                Section::BandwidthMatrix => self
                    .sample(BANDWIDTH, "MB/s", Better::Higher, v, n, "Bandwidth matrix")
                    .with_param("from", row)
                    .with_param("to", col),
                _ => {
                    let transfer = self.transfer.clone().unwrap_or_default();
                    self.sample(LATENCY, "ns", Better::Lower, v, n, "Cache-to-cache latency")
                        .with_param("transfer", transfer)
                        .with_param("writer", row)
                        .with_param("reader", col)
                }
            };
            self.out.samples.push(s);
        }
        Ok(())
    }

    fn loaded_row(&mut self, n: usize, t: &str, delay: &str) -> Result<(), ParseError> {
        let cells: Vec<&str> = t.words().collect();
        let figures = match cells.as_slice() {
            [_, l, b] => plain(l).zip(plain(b)),
            _ => None,
        };
        let (l, b) = figures
            .ok_or_else(|| ParseError::malformed(n, "an inject delay, a latency in ns and a bandwidth in MB/sec", t))?;
        if self.seen_before(n, delay) {
            return Ok(());
        }
        let s = self.sample(LATENCY, "ns", Better::Lower, l, n, "Loaded latency").with_param("inject delay", delay);
        self.out.samples.push(s);
        let s =
            self.sample(BANDWIDTH, "MB/s", Better::Higher, b, n, "Loaded latency").with_param("inject delay", delay);
        self.out.samples.push(s);
        Ok(())
    }

    /// Whether the row on line `n` of cell `key` prints again a cell read
    /// under this heading (then kept in [`Reader::again`], not read).
    fn seen_before(&mut self, n: usize, key: &str) -> bool {
        match self.cells_read.get(key) {
            Some(&first) => {
                self.again.push((n, first));
                true
            }
            None => {
                self.cells_read.insert(key.to_string(), n);
                false
            }
        }
    }

    /// A heading (or a run) ends: the rows it printed again are said, and
    /// the cells read under it forgotten.
    fn end_heading(&mut self) {
        self.cells_read.clear();
        let again = std::mem::take(&mut self.again);
        let Some(&(at, _)) = again.first() else { return };
        let rows: Vec<usize> = again.iter().map(|a| a.0).collect();
        let mut firsts: Vec<usize> = again.iter().map(|a| a.1).collect();
        firsts.sort_unstable();
        firsts.dedup();
        self.out.notes.push((
            at,
            format!(
                "{} {} again the cells of {} under one heading (MLC prints each once a run: a table pasted \
                 twice, or rows of another run with no heading of their own): not read, not averaged with them as \
                 runs",
                line_spans(&rows),
                if rows.len() == 1 { "prints" } else { "print" },
                line_spans(&firsts)
            ),
        ));
    }

    fn line(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        if let Some(rest) = t.strip_prefix("Intel(R) Memory Latency Checker - v") {
            self.end_heading();
            let v = rest.words().next().unwrap_or("");
            self.out.version.get_or_insert_with(|| v.to_string());
            self.options = None;
            self.under_command(None);
            self.section = Section::None;
            return Ok(());
        }
        if let Some(o) = t.strip_prefix("Command line parameters:") {
            let o = o.trim();
            self.options = (!o.is_empty()).then(|| o.to_string());
            self.under_command(None);
            return Ok(());
        }
        if let Some((section, access)) = heading(t) {
            self.end_heading();
            self.section = section;
            self.access = access;
            self.columns = None;
            self.transfer = None;
            if section == Section::CacheToCache {
                self.transfers.clear();
            }
            return Ok(());
        }
        if let Some((clocks, ns)) = iteration_line(t) {
            let expected = "`Each iteration took N base frequency clocks ( N ns)`";
            let c = plain(clocks).ok_or_else(|| ParseError::malformed(n, expected, t))?;
            let v = plain(ns).ok_or_else(|| ParseError::malformed(n, expected, t))?;
            let s = self.sample(LATENCY, "ns", Better::Lower, v, n, "Idle latency");
            self.out.samples.push(s);
            let s = self.sample("clocks", "clocks", Better::Lower, c, n, "Idle latency");
            self.out.samples.push(s);
            return Ok(());
        }
        if is_command(t) {
            self.end_heading();
            self.options = command_options(t, self.comments.contains(&n));
            self.under_command(Some(n));
            self.section = Section::None;
            self.columns = None;
            self.transfer = None;
            return Ok(());
        }
        if !matches!(self.section, Section::PeakLines(_)) && traffic_line(t).is_some() {
            // The command line above names the test its heading would.
            let words = self.options.as_deref().unwrap_or_default().words();
            let group = words.fold(None, |g, w| match w {
                "--max_bandwidth" => Some("Maximum bandwidth"),
                "--peak_injection_bandwidth" => Some("Peak injection bandwidth"),
                _ => g,
            });
            let group = group.unwrap_or_else(|| {
                self.headless.get_or_insert(n);
                "Read-write bandwidth"
            });
            return self.traffic(n, t, group);
        }
        if t.is_empty() {
            self.columns = None;
            if self.section != Section::CacheToCache {
                self.section = Section::None;
            }
            return Ok(());
        }
        match self.section {
            Section::IdleMatrix | Section::BandwidthMatrix | Section::CacheToCache => {
                if self.section == Section::CacheToCache {
                    if is_cache_to_cache(t) {
                        return self.cache_to_cache(n, t);
                    }
                    if self.transfer.is_none() {
                        return Ok(());
                    }
                }
                if self.columns.is_some() {
                    if let Some(row) = row_label(t) {
                        return self.matrix_row(n, t, row);
                    }
                    self.columns = None;
                }
                if let Some(cols) = column_header(t) {
                    self.columns = Some(cols.into_iter().map(str::to_string).collect());
                }
                Ok(())
            }
            Section::Loaded => match row_label(t) {
                Some(delay) => self.loaded_row(n, t, delay),
                None => Ok(()),
            },
            Section::PeakLines(group) => self.traffic(n, t, group),
            Section::None => {
                self.headless_section(n, t);
                Ok(())
            }
        }
    }

    /// A table MLC prints under a `Measuring …` heading a post left out
    /// (a Chinese note on a 2-socket EPYC 7H12 kept `Using Read-only
    /// traffic type` and the tables, not the headings: the bandwidth matrix
    /// and the nine loaded-latency rows were passed over without a word).
    /// The loaded-latency column heading (`Inject  Latency  Bandwidth`) is
    /// that table's alone: its rows are read, with a note. A matrix header
    /// right under `Using … traffic type` is the bandwidth matrix's (the
    /// idle-latency matrix prints no traffic type): read, with a note. Any
    /// other matrix header with no heading is a warning: which matrix it
    /// is, the file does not say.
    fn headless_section(&mut self, n: usize, t: &str) {
        let after_traffic_type = self.traffic_type_at.take().is_some_and(|at| at + 1 == n);
        if t.starts_with("Using ") && t.ends_with(" traffic type") {
            self.traffic_type_at = Some(n);
            return;
        }
        if is_column_heading(t) && t.starts_with("Inject") {
            self.section = Section::Loaded;
            self.out.notes.push((
                n,
                format!("{HEADLESS}: MLC's loaded-latency table (its `Inject  Latency  Bandwidth` columns), read in group `Loaded latency`"),
            ));
            return;
        }
        let Some(cols) = column_header(t) else {
            // The matrix's own title line over its header (`Numa node`).
            if after_traffic_type && t.words().eq(["Numa", "node"]) {
                self.traffic_type_at = Some(n);
            }
            return;
        };
        if after_traffic_type {
            self.section = Section::BandwidthMatrix;
            self.columns = Some(cols.into_iter().map(str::to_string).collect());
            self.out.notes.push((
                n,
                format!(
                    "{HEADLESS}: a matrix under `Using … traffic type`, MLC's bandwidth matrix (the idle-latency \
                     matrix prints no traffic type), read in group `Bandwidth matrix`"
                ),
            ));
        } else {
            self.out.notes.push((
                n,
                format!("{HEADLESS}: a matrix, which MLC matrix (idle latencies, bandwidths) the file does not say: not read"),
            ));
        }
    }

    fn traffic(&mut self, n: usize, t: &str, group: &str) -> Result<(), ParseError> {
        let Some((name, figure)) = traffic_line(t) else { return Ok(()) };
        let v =
            plain(figure).ok_or_else(|| ParseError::malformed(n, format!("a bandwidth in MB/sec for `{name}`"), t))?;
        let s = self.sample(BANDWIDTH, "MB/s", Better::Higher, v, n, group).with_param("traffic", name);
        self.out.samples.push(s);
        // MLC prints each traffic line once a run: printed again under one
        // command line, it is another run whose command line the post left
        // out (attack55 F2: `# ./mlc --max_bandwidth -m2`, its one-core
        // run, then an all-core run's lines pasted with no prompt above
        // them: 12784.90 and 105708.75 MB/s averaged as two runs of `-m2`,
        // without a word). Read as a run of the options above, and said.
        if let Some(c) = self.command_at {
            let key = (group.to_string(), name.to_string());
            match self.traffic_read.get(&key) {
                Some(&first) if first != usize::MAX => {
                    self.traffic_read.values_mut().for_each(|f| *f = usize::MAX);
                    let options = self.options.as_deref().unwrap_or("none");
                    self.out.notes.push((
                        n,
                        format!(
                            "MLC's `{name}` printed again (first on line {first}) under the one command line of \
                             line {c}: MLC prints it once a run, so this is another run, whose command line is not \
                             in the file; read with line {c}'s options (`{options}`), as another run of them — if it \
                             ran with other options, put its command line above it"
                        ),
                    ));
                }
                Some(_) => {}
                None => {
                    self.traffic_read.insert(key, n);
                }
            }
        }
        Ok(())
    }

    /// Runs below carry the options of the command line at line `at`
    /// (`None`: of MLC's banner or echo): the traffic lines read under the
    /// one before are forgotten.
    fn under_command(&mut self, at: Option<usize>) {
        self.command_at = at;
        self.traffic_read.clear();
    }

    /// `Local Socket L2->L2 HIT  latency  42.1`, or a remote matrix's
    /// heading `Remote Socket L2->L2 HITM latency (data address homed in
    /// writer socket)`.
    fn cache_to_cache(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        self.columns = None;
        let (name, last) = t.rsplit_once(char::is_whitespace).unwrap_or((t, ""));
        if let Some(v) = plain(last) {
            let name = name.trim().trim_end_matches("latency").trim_end();
            let s =
                self.sample(LATENCY, "ns", Better::Lower, v, n, "Cache-to-cache latency").with_param("transfer", name);
            self.out.samples.push(s);
            self.transfer = None;
            return Ok(());
        }
        let Some((before, after)) = t.split_once(" latency") else {
            return Err(ParseError::malformed(n, "a cache-to-cache latency in ns, or a remote matrix's heading", t));
        };
        let name = format!("{before}{after}");
        let before_n = self.transfers.iter().filter(|(t, _)| *t == name).count();
        let transfer = match self.transfers.iter().find(|(t, _)| *t == name) {
            Some((_, first)) => {
                let again = format!("{name} #{}", before_n + 1);
                self.out.notes.push((
                    n,
                    format!(
                        "`{t}` printed a second time under one cache-to-cache heading (first on line {first}): read as the transfer `{again}`, not as a second run"
                    ),
                ));
                again
            }
            None => name.clone(),
        };
        self.transfers.push((name, n));
        self.transfer = Some(transfer);
        Ok(())
    }
}

/// The start of the note on a table whose `Measuring …` heading a post
/// left out.
const HEADLESS: &str = "no `Measuring …` heading above this table";

/// Lines as runs of consecutive numbers: `line 7`, `lines 44-48, 51`.
fn line_spans(lines: &[usize]) -> String {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for &l in lines {
        match spans.last_mut() {
            Some(s) if l == s.1 + 1 => s.1 = l,
            _ => spans.push((l, l)),
        }
    }
    let one = lines.len() == 1;
    let text: Vec<String> =
        spans.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
    format!("{} {}", if one { "line" } else { "lines" }, text.join(", "))
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut r = Reader {
        out: ParsedFile { benchmark: ID.into(), ..ParsedFile::default() },
        section: Section::None,
        access: None,
        options: None,
        columns: None,
        transfer: None,
        transfers: Vec::new(),
        headless: None,
        comments: hash_comments(input),
        cells_read: std::collections::HashMap::new(),
        again: Vec::new(),
        command_at: None,
        traffic_type_at: None,
        traffic_read: std::collections::HashMap::new(),
    };
    for (n, line) in input.numbered() {
        r.line(n, line.trim())?;
    }
    r.end_heading();
    if let Some(at) = r.headless {
        r.out.notes.push((
            at,
            "MLC's traffic lines with no `Measuring …` heading above them: which test printed them (peak injection \
             or maximum bandwidth) is not in the file; read in group `Read-write bandwidth`"
                .to_string(),
        ));
    }
    if r.out.samples.is_empty() {
        return Err(ParseError::NoResults { benchmark: ID, reason: "no MLC matrix, traffic line or table row".into() });
    }
    Ok(r.out)
}

impl BenchParser for Mlc {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "Intel Memory Latency Checker v3.x (latency and bandwidth matrices, traffic lines, loaded latencies, cache-to-cache)"
    }

    /// The banner, a heading (`Measuring …`), or the loaded-latency table.
    fn literals(&self) -> &'static [&'static str] {
        &["Memory Latency Checker - v", "Measuring ", "Reads-Writes :"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if input.has("Memory Latency Checker - v") {
            return 90;
        }
        let heading = input.has("Measuring idle latencies")
            || input.has("Measuring Peak Injection Memory Bandwidths")
            || input.has("Measuring Maximum Memory Bandwidths")
            || input.has("Measuring Memory Bandwidths between nodes")
            || input.has("Measuring Loaded Latencies for the system")
            || input.has("Measuring cache-to-cache transfer latency");
        if heading {
            return 85;
        }
        if input.has("Reads-Writes :") && input.has("ALL Reads") {
            return 60;
        }
        0
    }

    fn max_score(&self) -> u8 {
        90
    }

    /// A traffic line's figure has as many decimals as every other of its
    /// run (one in a default run's, `101491.2`; two under
    /// `--max_bandwidth`, `222587.27`): the last line's is whole when an
    /// earlier traffic line's has as many.
    fn last_figure_complete(&self, input: &Input) -> bool {
        let decimals = |l: &str| traffic_line(l.trim()).and_then(|(_, f)| super::num::decimals(f));
        let Some((last, earlier)) = input.lines.split_last() else { return false };
        let Some(d) = decimals(last).filter(|&d| d >= 1) else { return false };
        earlier.iter().rev().filter_map(|l| decimals(l)).next() == Some(d)
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(f: &ParsedFile) -> Vec<String> {
        f.samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {}|{} {} [{}]", s.line, s.group, s.metric.name, s.value.mean(), p.join(" "))
            })
            .collect()
    }

    /// attack53 F7: a shell comment after the command ends its options; a
    /// root prompt's `# ./mlc …` is a command, a post's `# mlc …` comment
    /// (under its prose) and prose naming MLC are none.
    #[test]
    fn command_options_of_root_prompts_and_commented_commands() {
        let o = |t: &str, comment: bool| command_options(t, comment);
        assert_eq!(o("$ ./mlc --max_bandwidth -m2  # one core only", false).as_deref(), Some("--max_bandwidth -m2"));
        assert_eq!(o("# ./mlc --max_bandwidth -m2", false).as_deref(), Some("--max_bandwidth -m2"));
        assert_eq!(o("# mlc --peak_injection_bandwidth", true), None);
        assert_eq!(o("# 可以用 ./mlc --latency_matrix 单独执行", false), None);
        let text = "# 2. 不同读写比下的内存带宽\n# mlc --peak_injection_bandwidth\nMeasuring Peak Injection Memory Bandwidths for the system\n\n\
                    # ./mlc --max_bandwidth\nIntel(R) Memory Latency Checker - v3.8\n";
        assert_eq!(hash_comments(&Input::from_text(text)), [2]);
    }

    #[test]
    fn a_default_run() {
        let text = "Intel(R) Memory Latency Checker - v3.9\n\
            Measuring idle latencies (in ns)...\n\
            \x20   \tNuma node\n\
            Numa node\t     0\t     1\n\
            \x20      0\t  85.0\t 136.3\n\
            \x20      1\t 137.2\t  84.2\n\n\
            Measuring Peak Injection Memory Bandwidths for the system\n\
            ALL Reads        :\t101491.2\n\
            Stream-triad like:\t106032.5\n\n\
            Measuring Loaded Latencies for the system\n\
            Inject\tLatency\tBandwidth\nDelay\t(ns)\tMB/sec\n==========================\n\
            \x2000000\t295.67\t 124989.0\n\n\
            Measuring cache-to-cache transfer latency (in ns)...\n\
            Local Socket L2->L2 HIT  latency\t42.1\n\
            Remote Socket L2->L2 HITM latency (data address homed in writer socket)\n\
            \x20   \t\tReader Numa Node\n\
            Writer Numa Node     0\t     1\n\
            \x20           0\t     -\t 108.6\n";
        let f = Mlc.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.version.as_deref(), Some("3.9"));
        let got = rows(&f);
        assert_eq!(got[0], "5 Idle latency|latency 85 [from=0 to=0]");
        assert_eq!(got[3], "6 Idle latency|latency 84.2 [from=1 to=1]");
        assert_eq!(got[4], "9 Peak injection bandwidth|bandwidth 101491.2 [traffic=ALL Reads]");
        assert_eq!(got[6], "16 Loaded latency|latency 295.67 [inject delay=00000]");
        assert_eq!(got[7], "16 Loaded latency|bandwidth 124989 [inject delay=00000]");
        assert_eq!(got[8], "19 Cache-to-cache latency|latency 42.1 [transfer=Local Socket L2->L2 HIT]");
        assert_eq!(
            got[9],
            "23 Cache-to-cache latency|latency 108.6 [transfer=Remote Socket L2->L2 HITM (data address homed in writer socket) writer=0 reader=1]"
        );
        assert_eq!(got.len(), 10);
    }

    #[test]
    fn a_row_of_too_few_cells_is_an_error() {
        let text = "Measuring idle latencies (in ns)...\nNuma node  0  1\n  0  85.0\n";
        assert_eq!(Mlc.parse(&Input::from_text(text)).unwrap_err().line(), Some(3));
    }

    /// attack55 F2: a run's traffic lines pasted under the run above,
    /// its command line left out, carry the options above and are said;
    /// each under a command line of its own, or the same line printed under
    /// MLC's banner, is not.
    #[test]
    fn traffic_printed_again_under_one_command_line_is_warned() {
        let two = "# ./mlc --max_bandwidth -m2\nALL Reads        :      12784.90\n\n\
                   Bandwidths are in MB/sec (1 MB/sec = 1,000,000 Bytes/sec)\nALL Reads        :      105708.75\n";
        let f = parse_all(&Input::from_text(two)).unwrap();
        assert_eq!(f.samples.len(), 2);
        assert!(
            f.notes.iter().any(|(n, m)| *n == 5 && m.contains("printed again (first on line 2)") && m.contains("-m2")),
            "{:?}",
            f.notes
        );
        let apart = "# ./mlc --max_bandwidth -m2\nALL Reads        :      12784.90\n\n\
                     # ./mlc --max_bandwidth\nALL Reads        :      105708.75\n";
        let banner = "Intel(R) Memory Latency Checker - v3.9\nCommand line parameters: --max_bandwidth\n\
                      ALL Reads        :      1.0\nIntel(R) Memory Latency Checker - v3.9\nALL Reads        :      2.0\n";
        for text in [apart, banner] {
            let f = parse_all(&Input::from_text(text)).unwrap();
            assert!(f.notes.iter().all(|(_, m)| !m.contains("printed again")), "{text}: {:?}", f.notes);
        }
    }

    #[test]
    fn command_line_options_keep_runs_apart_where_mlc_echoes_none() {
        let text = "$ sudo mlc --max_bandwidth -m2 > one.txt\nALL Reads        :      12784.90\n\
                    $: ./mlc --max_bandwidth\nALL Reads        :      105708.75\n\
                    # mlc shows this\nALL Reads        :      1.5\n\
                    # mlc --peak_injection_bandwidth\nALL Reads        :      2.5\n\
                    # how to run the next test alone:\n# mlc --max_bandwidth\nALL Reads        :      3.5\n";
        let f = parse_all(&Input::from_text(text)).unwrap();
        let got = rows(&f);
        assert_eq!(got[0], "2 Maximum bandwidth|bandwidth 12784.9 [options=--max_bandwidth -m2 traffic=ALL Reads]");
        assert_eq!(got[1], "4 Maximum bandwidth|bandwidth 105708.75 [options=--max_bandwidth traffic=ALL Reads]");
        // Must NOT fire: words after `mlc` are no options.
        assert_eq!(got[2], "6 Read-write bandwidth|bandwidth 1.5 [traffic=ALL Reads]");
        // A root prompt's `# mlc …` under the last run's output is a command
        // (attack53 F7: it was taken for a comment, its options lost).
        assert_eq!(
            got[3],
            "8 Peak injection bandwidth|bandwidth 2.5 [options=--peak_injection_bandwidth traffic=ALL Reads]"
        );
        // Nor a `# ` comment's options, under the post's prose.
        assert_eq!(got[4], "11 Read-write bandwidth|bandwidth 3.5 [traffic=ALL Reads]");
        assert!(f.notes.iter().any(|(n, m)| *n == 6 && m.contains("no `Measuring")), "{:?}", f.notes);
    }

    #[test]
    fn idle_latency_options_keep_runs_apart() {
        let text = "Command line parameters: --idle_latency -b30 \n\
            Each iteration took 3.2 base frequency clocks ( 1.7     ns)\n\
            Command line parameters: --idle_latency -b250 \n\
            Each iteration took 15.2 base frequency clocks (        8.0     ns)\n";
        let got = rows(&Mlc.parse(&Input::from_text(text)).unwrap());
        assert_eq!(got[0], "2 Idle latency|latency 1.7 [options=--idle_latency -b30]");
        assert_eq!(got[3], "4 Idle latency|clocks 15.2 [options=--idle_latency -b250]");
    }

    /// attack52 F1: rows printed again under one heading (a loaded-latency
    /// table's first rows pasted again below it, an idle matrix's rows
    /// again with other figures) were read as second runs of their cells
    /// and averaged with the first; now they are not read, and said.
    #[test]
    fn cells_printed_again_under_one_heading_are_not_runs() {
        let text = "Measuring idle latencies (in ns)...\n\
            Numa node  0  1\n\
            \x20 0  69.6  141.4\n\
            \x20 1  139.4  70.7\n\
            \x20 0  75.1  150.2\n\
            \x20 1  149.9  76.0\n\n\
            Measuring Loaded Latencies for the system\n\
            Inject  Latency  Bandwidth\nDelay  (ns)  MB/sec\n==========================\n\
            \x2000000  448.15  162864.7\n\
            \x2000002  259.96  163163.8\n\
            \x2000000  460.15  160864.7\n\n\
            Measuring Loaded Latencies for the system\n\
            \x2000000  450.00  161000.0\n";
        let f = Mlc.parse(&Input::from_text(text)).unwrap();
        let got = rows(&f);
        assert_eq!(got.len(), 4 + 4 + 2, "{got:#?}");
        assert!(got.iter().all(|r| !r.starts_with("5 ") && !r.starts_with("6 ") && !r.starts_with("14 ")));
        // A heading of its own is another run: read.
        assert!(got.contains(&"17 Loaded latency|latency 450 [inject delay=00000]".to_string()));
        let notes: Vec<&(usize, String)> = f.notes.iter().filter(|(_, m)| m.contains(" again the cells of ")).collect();
        assert_eq!(notes.len(), 2, "{:?}", f.notes);
        assert_eq!(notes[0].0, 5);
        assert!(notes[0].1.starts_with("lines 5-6 print again the cells of lines 3-4"), "{}", notes[0].1);
        assert!(notes[1].1.starts_with("line 14 prints again the cells of line 12"), "{}", notes[1].1);
    }

    /// attack52 F4: prose below the cache-to-cache section that starts
    /// `Local`/`Remote` and ends in a figure is no latency.
    #[test]
    fn prose_below_cache_to_cache_is_not_read() {
        let text = "Measuring cache-to-cache transfer latency (in ns)...\n\
            Local Socket L2->L2 HIT  latency\t42.1\n\n\
            So the remote access is slow.\n\
            Local socket access is faster by 30\n\
            Remote socket access costs 116\n";
        let got = rows(&Mlc.parse(&Input::from_text(text)).unwrap());
        assert_eq!(got, ["2 Cache-to-cache latency|latency 42.1 [transfer=Local Socket L2->L2 HIT]"]);
    }
}
