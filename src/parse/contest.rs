//! contest (Con Kolivas's kernel responsiveness benchmark, 2002–2004:
//! a kernel compile timed alone and beside each of a set of loads): the
//! tables its results script prints and its posts to LKML paste, one table
//! per load, one row per kernel.
//!
//! ```text
//! process_load:
//! Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio
//! 2.5.73-mm1          2   108     67.6    67.0    29.6    1.40
//! 2.5.74              2   109     67.9    65.0    28.4    1.38
//! ```
//!
//! The forms read: contest 0.61 on (`Kernel [runs]` with the run count
//! in a column of its own, spaces or TABs, `Kernel[runs]`), 0.5x
//! (`2.5.53 [7]`, the run count in brackets after the kernel) and the
//! early 0.3x–0.4x (`Kernel  Time  CPU  Ratio`, `67.71  98%  1.00*`).
//!
//! Each load is a group, named as printed (`noload` before 0.61,
//! `no_load` after; `cacherun`, `process_load`, `ctar_load`, `xtar_load`,
//! `io_load`, `io_other`, `read_load`, `list_load`, `mem_load`,
//! `dbench_load`, …): the line `name:` over the table. A load's table may
//! come without its header when one above named the columns (Con's 2004
//! posts: `cacherun:` right over its row). Each row's first cell is its
//! kernel when it names one (`2.5.74-mm2`, `2.5.60-cfq16`); else (a
//! tunable's setting, `max_tim100`, LKML 2002-12) it is the row's `label`
//! and the kernel is the directory's, with a warning naming such rows.
//!
//! Metrics: `Time` (s, the compile's elapsed time, lower is better),
//! `CPU%` (the compile's CPU share, %), `Loads` (the load's iterations
//! done while the compile ran) and `LCPU%` (the load's CPU share, %), the
//! last three with no direction. `no_load` (`noload`) and `cacherun`
//! run no load: their `Loads` and `LCPU%` zeros are left out (an info
//! note), a figure other than 0 there is read. `[runs]` is the number of
//! runs each row's figures are the mean of (contest averages them
//! itself): a row of more than one run is a summary of that count with no
//! deviation, of one a single value. `Ratio` is not read: it is the row's
//! Time over a `no_load` Time (the same kernel's since 0.61, a reference
//! kernel's before, `1.00*` on the reference's row), a figure derived from
//! another; an info note says so once. The early form's `*` after a Ratio is
//! passed over with it.
//!
//! A row whose cells do not match its header in number (a row a mail
//! wrapped) is a warning, not read; a line of words ends the table (a
//! post's comment under it), and a row typed under such words, with no
//! header above it (`2.5.41-mm2v [2]  114.6 …`, LKML 2002-10: the kernel
//! with the poster's patch, set under his comment), is a warning, not
//! read; so is a row of figures typed there in another shape (`2.4.20-rl2
//! 321.44  147%  96  24%`, LKML 2002-12: a replier's own run, no run
//! count, no Ratio). A post of two machines (`Uniprocessor:` and `SMP:`, each a word
//! alone with its colon right above a load's `name:` line, LKML 2002-12)
//! labels each half's rows by its word, with a warning: a machine class
//! is one machine. contest's own `SYSTEM ERROR` lines (a load it
//! could not stop) are warnings: the runs of that load may be fewer.
//! A last line saved without its line break is whole when it ends in a
//! Ratio of two decimals.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// contest; registry id `"contest"`.
pub struct Contest;

/// The parser's registry id.
pub const ID: &str = "contest";

/// The note made once at the first `Ratio` header.
const RATIO_NOTE: &str = "contest's Ratio column (Time over a no_load Time) is derived from Time: not read";

/// The runs with no load beside the compile: their `Loads` and `LCPU%`
/// cells are contest's zeros.
const IDLE: &[&str] = &["no_load", "noload", "cacherun"];

/// The note made once at the first zero of an [`IDLE`] run left out.
const IDLE_NOTE: &str =
    "contest's no_load and cacherun run no load: their Loads and LCPU% zero figures are not results";

/// A column of a table's header after the kernel (and run count).
#[derive(Clone, Copy, PartialEq)]
enum Col {
    Time,
    Cpu,
    Loads,
    Lcpu,
    Ratio,
}

impl Col {
    fn of(word: &str) -> Option<Col> {
        Some(match word {
            "Time" => Col::Time,
            "CPU%" | "CPU" => Col::Cpu,
            "Loads" => Col::Loads,
            "LCPU%" => Col::Lcpu,
            "Ratio" => Col::Ratio,
            _ => return None,
        })
    }

    fn metric(self) -> Option<Metric> {
        Some(match self {
            Col::Time => Metric::new("Time", "s", Better::Lower),
            Col::Cpu => Metric::new("CPU%", "%", Better::Neither),
            Col::Loads => Metric::new("Loads", "", Better::Neither),
            Col::Lcpu => Metric::new("LCPU%", "%", Better::Neither),
            Col::Ratio => return None,
        })
    }

    /// The cell's figure: a `%` is allowed after a share, a `*` after a
    /// ratio.
    fn figure(self, cell: &str) -> Option<f64> {
        let c = match self {
            Col::Cpu | Col::Lcpu => cell.strip_suffix('%').unwrap_or(cell),
            Col::Ratio => cell.strip_suffix('*').unwrap_or(cell),
            _ => cell,
        };
        plain(c)
    }
}

/// A table header: whether it has a `[runs]` column, and the columns after.
#[derive(Clone, PartialEq)]
struct Header {
    runs: bool,
    cols: Vec<Col>,
}

/// `Kernel [runs]  Time  CPU%  Loads  LCPU%  Ratio` (or `Kernel[runs]`,
/// or the early `Kernel  Time  CPU  Ratio`).
fn header(t: &str) -> Option<Header> {
    let mut words = t.split_whitespace().peekable();
    let first = words.next()?;
    let mut runs = match first {
        "Kernel" => false,
        "Kernel[runs]" => true,
        _ => return None,
    };
    if words.peek() == Some(&"[runs]") {
        runs = true;
        words.next();
    }
    let cols: Option<Vec<Col>> = words.map(Col::of).collect();
    let cols = cols?;
    (cols.first() == Some(&Col::Time)).then_some(Header { runs, cols })
}

/// `process_load:`: a load's name alone on its line.
fn heading(t: &str) -> Option<&str> {
    let name = t.strip_suffix(':')?;
    let ok = name.len() >= 4
        && name.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    ok.then_some(name)
}

/// `Uniprocessor:` or `SMP:` (Con Kolivas's 2002-12 posts of the OSDL
/// machines, one half of the post each): one word of letters and figures
/// opening with a capital, alone with its colon on line `n`, right above a
/// load's `name:` line of the same quote depth. A reply's own `Regressions:`
/// over a quoted `> cacherun:` is the replier's word, not a machine.
fn machine_line(input: &Input, n: usize) -> Option<&str> {
    let t = input.lines.get(n - 1)?.trim();
    let name = t.strip_suffix(':')?;
    let ok = (2..=20).contains(&name.len())
        && name.bytes().next().is_some_and(|b| b.is_ascii_uppercase())
        && name.bytes().all(|b| b.is_ascii_alphanumeric());
    let below = input.lines.get(n)?;
    (ok && heading(below.trim()).is_some() && input.quote_depth(n) == input.quote_depth(n - 1)).then_some(name)
}

/// A row as read: its kernel (or label) cell, its run count (when the
/// header has one) and its figures in the header's order.
type Row<'a> = (&'a str, Option<u32>, Vec<f64>);

/// A row's kernel, run count (when the header has one) and figures, or
/// `None` when the line is no row (words); `Err` with the count of cells
/// when it looks like a row of another width.
fn row<'a>(t: &'a str, h: &Header) -> Result<Option<Row<'a>>, usize> {
    let mut cells: Vec<&str> = t.split_whitespace().collect();
    if cells.len() < 2 {
        return Ok(None);
    }
    let mut kernel = cells.remove(0);
    let mut runs = None;
    if h.runs {
        // `2.5.53 [7]`, `2.5.53[7]` or `2.5.74   2`.
        if let Some(open) = kernel.find('[').filter(|_| kernel.ends_with(']')) {
            runs = kernel[open + 1..kernel.len() - 1].parse::<u32>().ok();
            kernel = &kernel[..open];
        } else if let Some(n) = cells.first().and_then(|c| c.strip_prefix('[')).and_then(|c| c.strip_suffix(']')) {
            runs = n.parse::<u32>().ok();
            cells.remove(0);
        } else if let Some(n) = cells.first().and_then(|c| c.parse::<u32>().ok()) {
            runs = Some(n);
            cells.remove(0);
        }
    }
    // Words: no row (a post's comment).
    let numeric = |c: &&str| {
        let c = c.trim_end_matches(['%', '*']);
        plain(c).is_some()
    };
    if kernel.is_empty() || cells.is_empty() || !cells.iter().all(numeric) {
        return Ok(None);
    }
    if (h.runs && runs.is_none()) || cells.len() != h.cols.len() {
        return Err(cells.len() + 1 + usize::from(h.runs));
    }
    let mut figures = Vec::with_capacity(cells.len());
    for (c, col) in cells.iter().zip(&h.cols) {
        match col.figure(c) {
            Some(v) => figures.push(v),
            None => return Err(cells.len() + 1 + usize::from(h.runs)),
        }
    }
    Ok(Some((kernel, runs, figures)))
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let mut header_now: Option<Header> = None;
    let mut load: Option<String> = None;
    let mut ratio_noted = false;
    let mut idle_noted = false;
    // Rows named by no kernel (`max_tim100`, a tunable's setting) and the
    // line of the first.
    let mut labels: Vec<String> = Vec::new();
    let mut first_label = 0;
    // The load and header of a table that words ended, until the next
    // heading or header: a row under the words is no row of it said.
    let mut ended: Option<(String, Header)> = None;
    // The machine a `Uniprocessor:` / `SMP:` line names for the tables
    // below it, and the lines of each such line.
    let mut machine: Option<String> = None;
    let mut machine_lines: Vec<(usize, String)> = Vec::new();
    // Rows typed under words (line, load, kernel cell).
    let mut orphans: Vec<(usize, String, String)> = Vec::new();
    // Rows of figures typed under words in another shape than the table
    // above (line, load, kernel cell, cells).
    let mut odd: Vec<(usize, String, String, usize)> = Vec::new();
    // The rows read under the load's `name:` above (kernel, line): a row
    // typed twice is not a second run (attack42 F3).
    let mut read: Vec<(String, usize)> = Vec::new();
    // A kernel name alone on its line (a row wrapped after it) and its line.
    let mut wrapped: Option<(String, usize)> = None;
    for (n, line) in input.numbered() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        // The row a mail wrapped after its kernel name (attack42 F11):
        // read joined, said.
        let joined;
        let t = match wrapped.take() {
            Some((k, at)) => {
                joined = format!("{k} {t}");
                let whole =
                    matches!((&header_now, &load), (Some(h), Some(_)) if matches!(row(&joined, h), Ok(Some(_))));
                if whole {
                    out.notes.push((n, format!("a row wrapped after its kernel name `{k}` on line {at}: read joined")));
                    joined.as_str()
                } else {
                    out.notes.push((at, format!("`{k}` alone on its line, the line below no row of it: not read")));
                    t
                }
            }
            None => t,
        };
        if let Some(name) = machine_line(input, n) {
            machine = Some(name.to_string());
            machine_lines.push((n, name.to_string()));
            continue;
        }
        if t.contains("SYSTEM ERROR") {
            out.notes
                .push((n, format!("contest reported an error (`{t}`): the runs of the load it names may be fewer")));
            continue;
        }
        if let Some(name) = heading(t) {
            load = Some(name.to_string());
            ended = None;
            read.clear();
            continue;
        }
        if let Some(h) = header(t) {
            ended = None;
            if h.cols.contains(&Col::Ratio) && !ratio_noted {
                out.notes.push((n, RATIO_NOTE.into()));
                ratio_noted = true;
            }
            header_now = Some(h);
            continue;
        }
        let (Some(group), Some(h)) = (&load, &header_now) else {
            if let Some((group, h)) = &ended {
                match row(t, h) {
                    Ok(Some((kernel, ..))) => orphans.push((n, group.clone(), kernel.to_string())),
                    // A row of figures in another shape than the table's
                    // (`2.4.20-rl2  321.44  147%  96  24%`: a replier's own
                    // run, no run count, no Ratio, LKML 2002-12), typed
                    // under the words: said, not read.
                    Err(_) => {
                        let kernel = t.split_whitespace().next().unwrap_or_default();
                        if super::labels::is_kernel_name(kernel) {
                            odd.push((n, group.clone(), kernel.to_string(), t.split_whitespace().count()));
                        }
                    }
                    Ok(None) => {}
                }
            }
            continue;
        };
        match row(t, h) {
            Ok(Some((kernel, runs, figures))) => {
                if !super::labels::is_kernel_name(kernel) && !labels.iter().any(|l| l == kernel) {
                    if labels.is_empty() {
                        first_label = n;
                    }
                    labels.push(kernel.to_string());
                }
                // The same kernel's row again under one load (a rerun or a
                // paste: `2.5.74  4  331` then `2.5.74  4  131` were
                // averaged as 8 runs): a row of its own, said.
                let again = read.iter().find(|(k, _)| k == kernel).map(|&(_, at)| at);
                match again {
                    Some(first) => out.notes.push((
                        n,
                        format!(
                            "`{kernel}` printed again under `{group}:` (first on line {first}): a rerun or the row \
                             pasted twice, not more runs; read as a row of its own (`rerun printed again`), not \
                             averaged with it"
                        ),
                    )),
                    None => read.push((kernel.to_string(), n)),
                }
                let idle = IDLE.contains(&group.as_str());
                for (v, col) in figures.iter().zip(&h.cols) {
                    let Some(metric) = col.metric() else { continue };
                    if idle && matches!(col, Col::Loads | Col::Lcpu) && *v == 0.0 {
                        if !idle_noted {
                            out.notes.push((n, IDLE_NOTE.into()));
                            idle_noted = true;
                        }
                        continue;
                    }
                    let mut s = Sample::new(metric, *v, n).with_group(group.as_str());
                    let named = super::labels::is_kernel_name(kernel);
                    if named {
                        s = s.with_kernel(kernel);
                    }
                    // `SMP / 1d3`: the machine's line, then the row's name.
                    match (&machine, named) {
                        (Some(m), true) => s = s.with_param("label", m.as_str()),
                        (Some(m), false) => s = s.with_param("label", format!("{m} / {kernel}")),
                        (None, false) => s = s.with_param("label", kernel),
                        (None, true) => {}
                    }
                    if again.is_some() {
                        s = super::repeats::printed_again(s);
                    }
                    if let Some(r) = runs.filter(|r| *r > 1) {
                        s = s.with_summary(*v, None, r);
                    }
                    out.samples.push(s);
                }
            }
            Ok(None) => {
                let cells: Vec<&str> = t.split_whitespace().collect();
                let figures =
                    cells.iter().rev().take_while(|c| plain(c.trim_end_matches(['%', '*'])).is_some()).count();
                if cells.len() == 1 && super::labels::is_kernel_name(cells[0]) {
                    // Its figures may be on the next line.
                    wrapped = Some((cells[0].to_string(), n));
                } else if figures + 1 >= h.cols.len() && cells.len() > figures {
                    // A row of the table's figures whose first cells are
                    // not a kernel and a run count (attack42 F11: a runs
                    // cell `-`, `2.5.74 mm1`): said, the rows below read.
                    out.notes.push((
                        n,
                        format!(
                            "a `{group}` row whose cells before its figures ({}) are not a kernel name{}: not read",
                            cells[..cells.len() - figures].join(" "),
                            if h.runs { " and a run count" } else { "" }
                        ),
                    ));
                } else {
                    if let (Some(group), Some(h)) = (load.take(), &header_now) {
                        ended = Some((group, h.clone()));
                    }
                    read.clear();
                }
            }
            Err(cells) => {
                let runs_bad = h.runs
                    && !t.split_whitespace().next().is_some_and(|k| k.ends_with(']'))
                    && t.split_whitespace().nth(1).is_some_and(|c| c.parse::<u32>().is_err() && !c.starts_with('['));
                out.notes.push((
                    n,
                    if runs_bad {
                        format!("a `{group}` row whose runs cell is no whole count: not read")
                    } else {
                        format!(
                            "a `{group}` row of {cells} cells where its header names {}: not read",
                            h.cols.len() + 1 + usize::from(h.runs)
                        )
                    },
                ))
            }
        }
    }
    if let Some((k, at)) = wrapped {
        out.notes.push((at, format!("`{k}` alone on the file's last line, its figures not there: not read")));
    }
    if !labels.is_empty() {
        let msg = format!(
            "rows named by no kernel ({}): read as a `label`, the kernel is the directory's",
            labels.join(", ")
        );
        out.notes.push((first_label, msg));
    }
    for (n, group, kernel) in orphans {
        out.notes.push((
            n,
            format!(
                "a row (`{kernel}`) under words after the `{group}` table, no header right above it: not read (which load it \
                 is, only the words say)"
            ),
        ));
    }
    for (n, group, kernel, cells) in odd {
        out.notes.push((
            n,
            format!(
                "a row (`{kernel}`, {cells} cells) typed under words after the `{group}` table, in no shape of its \
                 header (no run count, or other columns): not read (whose run it is and which load, only the words \
                 say)"
            ),
        ));
    }
    if machine_lines.len() > 1 {
        let names: Vec<String> = machine_lines.iter().map(|(n, m)| format!("`{m}:` (line {n})")).collect();
        out.notes.push((
            machine_lines[0].0,
            format!(
                "tables under {}: two machines' (or set-ups') runs in one file, kept apart by a `label`; a \
                 machine class is one machine: cut the file, one part in each machine's class",
                names.join(" and ")
            ),
        ));
    }
    if out.samples.is_empty() {
        return Err(ParseError::NoResults {
            benchmark: ID,
            reason: "no row under a `Kernel … Time …` header after a load's `name:` line".into(),
        });
    }
    Ok(out)
}

impl BenchParser for Contest {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "contest 0.3x-0.61+ load tables (Con Kolivas, 2002-2004)"
    }

    /// Its second test asks for one of these.
    fn literals(&self) -> &'static [&'static str] {
        &["load:", "cacherun:", "io_other:"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !(input.has("Kernel") && input.has("Time")) {
            return 0;
        }
        if !(input.has("load:") || input.has("cacherun:") || input.has("io_other:")) {
            return 0;
        }
        // A load's `name:` line right over a header.
        let mut last_heading = false;
        for line in &input.lines {
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if last_heading && header(t).is_some() {
                return 80;
            }
            last_heading = heading(t).is_some();
        }
        0
    }

    fn max_score(&self) -> u8 {
        80
    }

    /// A row's last cell is its Ratio, which contest prints with two
    /// decimals (`1.00`, the early form's `1.00*`): a row ending so is
    /// whole.
    fn last_figure_complete(&self, input: &Input) -> bool {
        let Some(line) = input.lines.last() else { return false };
        let cells: Vec<&str> = line.split_whitespace().collect();
        cells.len() >= 4
            && cells.last().is_some_and(|c| super::num::decimals(c.strip_suffix('*').unwrap_or(c)) == Some(2))
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<String> {
        let f = Contest.parse(&Input::from_text(text)).unwrap();
        f.samples
            .iter()
            .map(|s| {
                let n = s.value.runs();
                format!(
                    "{} {} {} {} {} n={n}",
                    s.line,
                    s.kernel.as_deref().unwrap_or("-"),
                    s.group,
                    s.metric.name,
                    s.value.mean()
                )
            })
            .collect()
    }

    #[test]
    fn the_three_forms_of_the_run_count() {
        let got = read(
            "no_load:\nKernel [runs]   Time    CPU%    Loads   LCPU%   Ratio\n2.5.54      2   79      94.9    0       0.0     1.00\n\
             noload:\nKernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n2.5.53 [7]              70.1    96      0       0       1.05\n\
             cacherun:\nKernel[runs]\tTime\tCPU%\tLoads\tLCPU%\tRatio\n2.6.4      1\t100\t99.0\t0.0\t0.0\t0.97\n",
        );
        assert_eq!(got[0], "3 2.5.54 no_load Time 79 n=2");
        assert_eq!(got[2], "6 2.5.53 noload Time 70.1 n=7");
        assert_eq!(got[4], "9 2.6.4 cacherun Time 100 n=1");
        // The idle runs' zero Loads and LCPU% are no results.
        assert_eq!(got.len(), 6, "{got:?}");
    }

    #[test]
    fn the_early_form_with_percent_and_star() {
        let got = read(
            "io_load:\nKernel                  Time            CPU             Ratio\n2.5.38                  887.76          8%              13.11*\n",
        );
        assert_eq!(got, ["3 2.5.38 io_load Time 887.76 n=1", "3 2.5.38 io_load CPU% 8 n=1"]);
    }

    #[test]
    fn a_row_of_another_width_is_a_warning_and_words_end_the_table() {
        let text = "mem_load:\nKernel [runs]   Time    CPU%    Loads   LCPU%   Ratio\n2.5.60   2   50   116.0   75\n\
                    speedup here\n2.5.61   2   50   116.0   75   10.0   1.61\n";
        let f = Contest.parse(&Input::from_text(text)).unwrap_err();
        assert!(matches!(f, ParseError::NoResults { .. }));
        let text = "mem_load:\nKernel [runs]   Time    CPU%    Loads   LCPU%   Ratio\n2.5.60   2   50   116.0   75\n\
                    2.5.61   2   50   116.0   75   10.0   1.61\n";
        let f = Contest.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 4);
        assert!(f.notes.iter().any(|(n, m)| *n == 3 && m.contains("not read")), "{:?}", f.notes);
    }

    /// LKML 2002-12 (Con Kolivas, scheduler tunables): rows named by a
    /// tunable's setting are labels, not kernels; a kernel's row stays one.
    #[test]
    fn a_row_named_by_no_kernel_is_a_label() {
        let text = "process_load:\nKernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.5.52-mm1 [7]          49.0    144     10      50      1.35\n\
                    max_tim100 [3]          52.5    133     14      60      1.45\n";
        let f = Contest.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples[0].kernel.as_deref(), Some("2.5.52-mm1"));
        assert!(f.samples[0].params.is_empty());
        assert_eq!(f.samples[4].kernel, None);
        assert_eq!(f.samples[4].params[0].value.as_str(), "max_tim100");
        assert!(f.notes.iter().any(|(n, m)| *n == 4 && m.contains("max_tim100")), "{:?}", f.notes);
    }

    /// LKML 2002-12 (Con Kolivas, 2.5.53 on the OSDL machines): the
    /// `Uniprocessor:` and `SMP:` halves of one post are two machines'
    /// tables: each row is labelled by its half (not by the first load's
    /// name), with a warning; a row named by no kernel keeps its name too.
    #[test]
    fn machine_lines_label_their_halves() {
        let text = "Uniprocessor:\nnoload:\nKernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.5.49 [5]              70.0    96      0       0       1.05\n\nctar_load:\n\
                    Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.5.49 [5]              106.1   82      2       9       1.59\n\nSMP:\nnoload:\n\
                    Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.5.49 [6]              39.3    181     0       0       1.09\n\nctar_load:\n\
                    Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    1d3 [1]                 57.3    164     1       10      1.58\n";
        let f = Contest.parse(&Input::from_text(text)).unwrap();
        let labels: Vec<(usize, &str)> = f
            .samples
            .iter()
            .map(|s| (s.line, s.params.iter().find(|p| p.name == "label").unwrap().value.as_str()))
            .collect();
        assert_eq!(labels[0], (4, "Uniprocessor"));
        assert!(labels.contains(&(8, "Uniprocessor")), "{labels:?}");
        assert!(labels.contains(&(13, "SMP")), "{labels:?}");
        assert!(labels.contains(&(17, "SMP / 1d3")), "{labels:?}");
        assert!(f.notes.iter().any(|(n, m)| *n == 1 && m.contains("`SMP:` (line 10)")), "{:?}", f.notes);
    }

    /// A reply's own word over a quoted table (Mike Fedyk, 2003-09:
    /// `Regressions:` over `> cacherun:`), a sentence over a load, and a
    /// one-word line over a blank line are no machine lines.
    #[test]
    fn a_word_over_a_quoted_load_is_no_machine() {
        let text = "Regressions:\n> cacherun:\n> Kernel          [runs]  Time    CPU%    Loads   LCPU%   Ratio\n\
                    > 2.6.0-test4          1  75      100.0   0.0     0.0     0.94\n\
                    Here are also the experimental loads:\ntarc_load:\n\
                    Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n2.4.19 [2]              106.5   70      1       8       1.59\n\
                    Summary:\n\nio_load:\nKernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.4.19 [3]              492.6   14      38      10      7.33\n";
        let f = Contest.parse(&Input::from_text(text)).unwrap();
        assert!(f.samples.iter().all(|s| s.params.is_empty()), "{:?}", f.samples);
        assert!(!f.notes.iter().any(|(_, m)| m.contains("two machines")), "{:?}", f.notes);
    }

    /// LKML 2002-10 (Con Kolivas, 2.5.41-mm2): a row typed under the
    /// words below a table (`2.5.41-mm2v [2]`, the kernel with his patch)
    /// is said, not read and not dropped silently; words with figures in
    /// them, and a new load's table after the words, are not such rows.
    #[test]
    fn a_row_under_words_is_a_warning() {
        let text = "mem_load:\nKernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.5.41-mm2 [3]          139.2   52      36      2       2.07\n\n\
                    You can see clearly how 2.5.41-mm1 has made it slower in 2 of 3 runs:\n\n\
                    2.5.41-mm2v [2]         114.6   64      29      2       1.71\n\n\
                    read_load:\nKernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.4.19 [2]              134.1   54      14      5       2.00\n";
        let f = Contest.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 8, "{:?}", f.samples);
        assert!(f.samples.iter().all(|s| s.line != 7));
        let said: Vec<&(usize, String)> = f.notes.iter().filter(|(_, m)| m.contains("under words")).collect();
        assert_eq!(said.len(), 1, "{:?}", f.notes);
        assert_eq!(said[0].0, 7);
        assert!(said[0].1.contains("`2.5.41-mm2v`") && said[0].1.contains("`mem_load`"), "{said:?}");
    }

    /// LKML 2002-12 (Andrew Morton's reply quoted by Con Kolivas): the
    /// replier's own runs typed under his words below a quoted table, with
    /// no run count and no Ratio (`2.4.20-rl2  321.44  147%  96  24%`),
    /// were passed over without a word; each is a warning now, not read.
    #[test]
    fn a_row_of_another_shape_under_words_is_a_warning() {
        let text = ">> io_load:\n>> Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n\
                    >> 2.4.20 [5]              203.4   33      40      15      3.07\n>\n\
                    >Umm, quick sanity check:\n>\n\
                    >2.4.20-rl2      321.44  147%    96      24%\n\
                    >2.4.20          361.70  130%    108     24%\n>\n\
                    >2.4.20 in this test.\n";
        let f = Contest.parse(&Input::from_text(text)).unwrap();
        assert!(f.samples.iter().all(|s| s.line == 3), "{:?}", f.samples);
        let said: Vec<&(usize, String)> = f.notes.iter().filter(|(_, m)| m.contains("typed under words")).collect();
        assert_eq!(said.iter().map(|(n, _)| *n).collect::<Vec<_>>(), [7, 8], "{:?}", f.notes);
        assert!(said[0].1.contains("`2.4.20-rl2`, 5 cells") && said[0].1.contains("`io_load`"), "{said:?}");
    }

    /// A `name:` line over no contest header (a YAML key, a label) is no
    /// contest table: not detected.
    #[test]
    fn a_heading_over_another_table_is_not_contest() {
        let text = "results_load:\nKernel   Elapsed   Time\n2.6.4   103   1.0\n";
        assert_eq!(Contest.detect(&Input::from_text(text)), 0);
        let text = "io_load:\nKernel  Time  CPU  Ratio\n2.5.38  887.76  8%  13.11*\n";
        assert_eq!(Contest.detect(&Input::from_text(text)), 80);
    }

    /// attack42 F3 and F11 (its c/c07, c02, c06, c03: the 2003-07 tables
    /// with `2.5.74  4  331` typed again as 131, a runs cell `-` or `1.5`,
    /// `2.5.74 mm1`, a row wrapped after `2.5.74-mm2`): the first was
    /// averaged as 8 runs, the others ended the table with the rows below
    /// it going with no word (or said for the wrong reason). The row typed
    /// again is a row of its own (`rerun printed again`); the others are
    /// said at their lines and the rows below read; the wrapped row is read
    /// joined. Another load's row of the same kernel is no second print,
    /// and a line of words still ends the table (must not fire).
    #[test]
    fn a_row_typed_twice_odd_cells_or_wrapped_are_said() {
        let head = "io_load:\nKernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.5.74              4   331     23.9    117.5   18.7    4.19\n";
        let tail = "2.5.74-mm2          4   163     47.2    59.9    20.1    2.12\n\
                    io_other:\nKernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n\
                    2.5.74              2   121     64.5    50.8    22.1    1.53\n";
        let parse = |mid: &str| Contest.parse(&Input::from_text(&format!("{head}{mid}{tail}"))).unwrap();
        let f = parse("2.5.74              4   131     23.9    117.5   18.7    4.19\n");
        let again = crate::parse::repeats::printed_again_lines(&f);
        assert_eq!(again, [4; 4]);
        assert_eq!(f.notes.iter().filter(|(_, m)| m.contains("printed again")).count(), 1, "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, m)| *l == 4 && m.contains("first on line 3")), "{:?}", f.notes);
        for (mid, said) in [
            ("2.5.74-mm1          -   122     63.1    44.6    19.7    1.54\n", "(2.5.74-mm1 -) are not"),
            ("2.5.74 mm1          4   122     63.1    44.6    19.7    1.54\n", "(2.5.74 mm1) are not"),
            ("2.5.74-mm1        1.5   122     63.1    44.6    19.7    1.54\n", "runs cell is no whole count"),
        ] {
            let f = parse(mid);
            assert_eq!(f.samples.len(), 12, "{mid}");
            assert!(f.notes.iter().any(|(l, m)| *l == 4 && m.contains(said)), "{mid}: {:?}", f.notes);
        }
        let f = parse("2.5.74-mm1\n                    4   122     63.1    44.6    19.7    1.54\n");
        assert_eq!(f.samples.len(), 16);
        assert!(f.samples.iter().any(|s| s.line == 5 && s.kernel.as_deref() == Some("2.5.74-mm1")));
        assert!(f.notes.iter().any(|(l, m)| *l == 5 && m.contains("wrapped after its kernel name")), "{:?}", f.notes);
        assert!(!f.notes.iter().any(|(_, m)| m.contains("printed again")), "{:?}", f.notes);
        let f = parse("it was slow\n");
        assert_eq!(f.samples.len(), 8);
    }
}
