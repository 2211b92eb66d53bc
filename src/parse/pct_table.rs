//! A poster's comparison table with each value's change in `pct` beside
//! it: the form AMD's scheduler testers have posted to LKML since about
//! 2021 for hackbench, schbench, tbench, STREAM, netperf and more, one
//! column per kernel, the first the baseline.
//!
//! ```text
//! ~~~~~~~~~
//! hackbench
//! ~~~~~~~~~
//!
//! NPS1
//!
//! Test:                   sched-tip              v2_sis_prop
//!  1-groups:         5.05 (0.00 pct)         5.00 (0.99 pct)
//!  2-groups:         5.72 (0.00 pct)         5.63 (1.57 pct)
//! ```
//!
//! **Header.** A line of a word ending in a colon (`Test:`, `#workers:`,
//! `Clients:`) and two or more kernels' names: each names the column
//! under it. A name may hold a space (`NUMA Bal`, `tip (91caa5ae2424)`):
//! where the header split at every space names more columns than its
//! rows have, it is split at runs of two or more spaces (or a tab). **Rows.** A case (`1-groups:`, `16:`, `4`, `Copy:`) and, per
//! kernel, a value and its change against the first column, `(-1.50
//! pct)`; a row of another number of columns ends the table. The
//! author's mark after a row's cells (`*`, `* (System overloaded)`, `^`)
//! is passed over; a row marked `[Verification Run]` is a rerun of the case
//! above it on every kernel, read as a row of its own (parameter `rerun
//! verification run`), never averaged with the run it checks; a case
//! printed again under its header with no mark, likewise (`rerun printed
//! again`, a warning). A header naming one kernel twice (`tip  tip`) has
//! its later column not read (a warning). A kernel's column printed
//! again under a later header, the same figure for every case (one base
//! for two comparisons: `tip-good  SIS_UTIL-good`, then `tip-good
//! SIS_UTIL-bad`), is not read again (a note): no second run; a column
//! of another name with an earlier column's figures case for case (a run
//! picked out, `tip-good` for `tip-r3`) is read as named, with a note. Rows after
//! a person's words (a reply's interjection inside the quoted table)
//! continue the last table of the same quote depth when their columns
//! agree, but not across a table quoted deeper that began below that
//! table's header (a reply's row after the next quoted table: which table
//! it goes with is not sure, not read, said; so is a row a mailer left one
//! level less quoted than the table it ends). A line of a row's shape that is no row (a
//! decimal comma, `5,63 (1.57 pct)`) is noted, never dropped silently.
//!
//! **Sample.** Group: the benchmark, from the title over the table (the
//! word between `~~~` rules, or a `Test: hackbench` line); metric: the
//! same word, as the table names nothing else; unit: none (the table
//! prints none); kernel: the column's name ([`Sample::with_kernel`]);
//! parameters: the case, named by the header's word (`groups` of
//! `1-groups`, `workers`, `clients`, `case`), the title block's whole
//! text where it says more than a name (`Stream with 16 threads; built
//! with -DSTREAM_ARRAY_SIZE=128000000, -DNTIMES=10`: two such blocks'
//! tables are two set-ups) as `title`, and the set-up line between the
//! title and the header (`NPS1`, `NPS Mode - NPS1`; `o NPS 1` without
//! its bullet, and an acronym and its number written together: `NPS1`) as `mode`;
//! a line led by `#` (perf bench's `# 16 groups == 640 threads run`) is none. A title written `~ Hackbench ~` between its
//! rules is `Hackbench`. A `- 10 runs` line (STREAM's run count, over
//! or under the NPS line) is no mode: the tables below it, to the next
//! title, get the `label` `10 runs`. Each
//! value is a mean of runs the table does not count: a single value.
//!
//! **Direction.** The table says it: a positive `pct` is an improvement.
//! Where a case's value went up with a positive change, higher is better;
//! down, lower is better; the table's cases must agree, or the metric is
//! given no direction (with a note). A `pct` that is not the change the
//! values give (within the rounding of both) is a note naming the line:
//! a column out of place would be a wrong number.
//!
//! The columns' order, first seen first, is the file's kernel order
//! ([`ParsedFile::kernel_order`]): the first column, the base, is the
//! class's baseline unless `machine.yaml` names one.
//!
//! **The newer form** (2023 on): a description over each table (`Test
//! : hackbench`, `Units : Normalized time in seconds`, `Interpretation:
//! Lower is better`, `Statistic : AMean`, sometimes `cmdline : perf bench
//! …`), a header `Case:  tip[pct imp](CV)  patched[pct imp](CV)` and
//! rows `1-groups  1.00 [ -0.00]( 2.08)  0.98 [  2.29]( 3.19)`: each
//! value normalized to the first column's (unit `normalized`), its
//! improvement in brackets, its coefficient of variation (not read: the
//! run count is not printed). The benchmark is the `Test` line's, the
//! direction the `Interpretation` line's, `cmdline` the `title`.

use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};
use std::borrow::Cow;

/// The parser id.
pub const ID: &str = "pct-table";

/// The `pct` comparison tables (module docs).
pub struct PctTable;

/// One value cell: the value and its `pct`.
type Cell = (f64, f64);

/// A table's header: its case word, its kernels, the line it is on.
#[derive(Clone)]
struct Header {
    case: String,
    kernels: Vec<String>,
    /// The header's names split at runs of two or more spaces (or a tab)
    /// where that gives other names than the split at every space: a
    /// kernel's name of two words (`NUMA Bal`, `tip (91caa5ae2424)`).
    /// Rows of as many cells take these (archive40 F1).
    wide: Option<Vec<String>>,
    benchmark: String,
    details: Option<String>,
    mode: Option<String>,
    /// The newer form's `Units` (`normalized`), else empty.
    unit: String,
    /// The newer form's `Interpretation` line's direction.
    interpretation: Option<Better>,
    /// Its line (1-based).
    line: usize,
}

/// `1-groups:  5.05 (0.00 pct)  5.00 (0.99 pct)` → (`1-groups`, cells,
/// mark); `None` for any other line. The mark is the author's words after
/// two or more cells that begin with `*`, `^` or `[` (`*`, `* (System
/// overloaded)`, `[Verification Run]`: archive40 F2; `^`, K Prateek
/// Nayak's EEVDF letter of 2023-03: archive46 R2), else `None`.
fn row(t: &str) -> Option<(String, Vec<Cell>, Option<String>)> {
    let first = t.find(|c: char| c.is_whitespace())?;
    let case = t[..first].trim_end_matches(':').to_string();
    if case.is_empty() {
        return None;
    }
    let mut rest = t[first..].trim_start();
    let mut cells = Vec::new();
    while !rest.is_empty() {
        if cells.len() >= 2 && rest.starts_with(['*', '[', '^']) {
            return Some((case, cells, Some(rest.to_string())));
        }
        let end = rest.find(|c: char| c.is_whitespace() || c == '[')?;
        let value = super::num::plain(&rest[..end])?;
        let after = rest[end..].trim_start();
        // `5.00 (0.99 pct)`, or the newer `0.98 [  2.29]( 3.19)`: the
        // change in brackets, the coefficient of variation after it.
        if let Some(after) = after.strip_prefix('(') {
            let (pct, after) = after.split_once(')')?;
            let pct = pct.trim().strip_suffix("pct")?.trim();
            cells.push((value, super::num::plain(pct)?));
            rest = after.trim_start();
        } else {
            let (pct, after) = after.strip_prefix('[')?.split_once(']')?;
            let (cv, after) = after.trim_start().strip_prefix('(')?.split_once(')')?;
            super::num::plain(cv.trim())?;
            cells.push((value, super::num::plain(pct.trim())?));
            rest = after.trim_start();
        }
    }
    (cells.len() >= 2).then_some((case, cells, None))
}

/// Row `above` and its mark wrapped onto line `t` by a mailer at 72
/// columns (the SIS_UTIL mail, LKML 2022-06: `16-groups: … 9.60 (-30.25
/// pct)    *` / `(System overloaded)`, the second line once read as a
/// header naming kernel `(System`; `… 7.99 (-8.26 pct)` / `[Verification
/// Run]`, the rerun read as a case printed again): the row with its whole
/// mark, one line. `t` holds no figure and is all in brackets (`(…)`,
/// `[…]`), nothing a table's line is; `None` for any other pair.
fn wrapped_mark(above: &str, t: &str) -> Option<String> {
    let bracketed = (t.starts_with('(') && t.ends_with(')')) || (t.starts_with('[') && t.ends_with(']'));
    if !bracketed || t.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let (_, _, mark) = row(above)?;
    // A `(…)` note only continues a mark (`*`), a `[…]` one starts it.
    if mark.is_none() && !t.starts_with('[') {
        return None;
    }
    let joined = format!("{above}    {t}");
    row(&joined).and_then(|(_, _, m)| m).map(|_| joined)
}

/// True when a row's mark says it is a rerun of the row above it
/// (`[Verification Run]`, `[Verification run]`).
fn is_rerun(mark: Option<&str>) -> bool {
    mark.is_some_and(|m| m.starts_with('[') && m.to_ascii_lowercase().contains("verification"))
}

/// The newer form's header, `Case:  tip[pct imp](CV)  patched[pct
/// imp](CV)` → (`Case`, kernels); `None` for any other line.
fn imp_header(t: &str) -> Option<(String, Vec<String>)> {
    const MARK: &str = "[pct imp](CV)";
    let (key, rest) = t.split_once(':')?;
    let key = key.trim();
    if key.is_empty() || key.contains(char::is_whitespace) || !rest.trim_end().ends_with(MARK) {
        return None;
    }
    let kernels: Vec<String> = rest.trim_end().strip_suffix(MARK)?.split(MARK).map(|k| k.trim().to_string()).collect();
    (kernels.len() >= 2 && kernels.iter().all(|k| !k.is_empty() && !k.contains(char::is_whitespace)))
        .then(|| (key.to_string(), kernels))
}

/// The newer form's `Key : value` lines above a table (`Test          :
/// hackbench`, `Units         : Normalized time in seconds`,
/// `Interpretation: Lower is better`, `cmdline : perf bench …`):
/// (key in lower case, value).
fn described(t: &str) -> Option<(String, &str)> {
    let (key, value) = t.split_once(':')?;
    let key = key.trim().to_ascii_lowercase();
    ["test", "units", "interpretation", "statistic", "cmdline"]
        .contains(&key.as_str())
        .then(|| (key, value.trim()))
        // `Test: sched-tip  v2_sis_prop` is the older form's header of
        // kernels, not a test's name (one word).
        .filter(|(k, v)| !v.is_empty() && !v.contains("[pct imp]") && (k != "test" || !v.contains(char::is_whitespace)))
}

/// `Test:   sched-tip   v2_sis_prop` → (`Test`, kernels); `None` for any
/// other line.
fn header(t: &str) -> Option<(String, Vec<String>)> {
    let mut words = t.split_whitespace();
    let key = words.next()?.strip_suffix(':')?;
    let kernels: Vec<String> = words.map(str::to_string).collect();
    (names_fit(&kernels) && !key.is_empty()).then(|| (key.to_string(), kernels))
}

/// A header of kernels' names only, no case word before them (`tip
/// eevdf` over netperf's `1-clients:` rows, LKML 2023-03-22): its names
/// when they fit ([`names_fit`]), none ends in `:`, and `next` (the next
/// line of its quote depth) is a row of as many columns; `None` otherwise.
fn bare_header(t: &str, next: &str) -> Option<Vec<String>> {
    let names: Vec<String> = t.split_whitespace().map(str::to_string).collect();
    let fits = names_fit(&names) && names.len() <= 8 && names.iter().all(|k| !k.ends_with(':'));
    (fits && row(t).is_none() && row(next).is_some_and(|(_, cells, _)| cells.len() == names.len())).then_some(names)
}

/// `10 runs`, `10 Runs:` (STREAM's run count under its bullet `- `) →
/// `10`; `None` for any other text.
fn run_count(r: &str) -> Option<&str> {
    let r = r.strip_suffix(':').unwrap_or(r);
    let (n, word) = r.split_once(' ')?;
    word.eq_ignore_ascii_case("runs").then_some(n)
}

/// True when `names` are two or more kernels' names: none long, none a
/// number or a `pct`.
fn names_fit(names: &[String]) -> bool {
    names.len() >= 2 && names.iter().all(|k| k.len() <= 40 && !k.contains("pct") && super::num::plain(k).is_none())
}

/// The older header's names split at runs of two or more spaces or at a
/// tab (`Test:   tip   NUMA Bal` → `tip`, `NUMA Bal`), where that differs
/// from the split at every space and still names two or more kernels;
/// `None` otherwise.
fn wide_names(t: &str) -> Option<Vec<String>> {
    let rest = t.split_once(':')?.1;
    let mut names = Vec::new();
    let mut name = String::new();
    let mut blanks = String::new();
    for c in rest.trim().chars() {
        if c.is_whitespace() {
            blanks.push(c);
            continue;
        }
        if blanks.chars().count() >= 2 || blanks.contains('\t') {
            names.push(std::mem::take(&mut name));
        } else if !blanks.is_empty() {
            name.push(' ');
        }
        blanks.clear();
        name.push(c);
    }
    names.push(name);
    (names.iter().any(|n| n.contains(' ')) && names_fit(&names)).then_some(names)
}

/// The names a row of `cells` cells takes under `h`: its names split at
/// every space, or at wide gaps ([`Header::wide`]), whichever are as many
/// as the cells.
fn columns(h: &Header, cells: usize) -> Option<&[String]> {
    if h.kernels.len() == cells {
        return Some(&h.kernels);
    }
    h.wide.as_deref().filter(|w| w.len() == cells)
}

/// The parameter a case is named by: `groups` for `1-groups`, else the
/// header's word (`#workers` → `workers`, `Clients` → `clients`, `Test`
/// → `case`).
fn case_param(key: &str, case: &str) -> (String, String) {
    if let Some((n, word)) = case.split_once('-')
        && super::num::plain(n).is_some()
        && word.chars().all(|c| c.is_ascii_alphabetic())
    {
        return (word.to_ascii_lowercase(), n.to_string());
    }
    let name = key.trim_start_matches('#').to_ascii_lowercase();
    let name = if name == "test" || name.is_empty() { "case".to_string() } else { name };
    (name, case.to_string())
}

/// True when `pct` is the change from `base` to `value`, up or down,
/// within the rounding of the printed figures (half a unit of the last
/// decimal of each, and 0.01 of the percentage).
fn pct_agrees(base: f64, value: f64, pct: f64) -> bool {
    if base == 0.0 {
        return true;
    }
    let change = (value - base) / base * 100.0;
    let slack = 0.011 + 100.0 * 0.006 * (1.0 / base.abs()).min(1.0) + change.abs() * 0.002;
    (change.abs() - pct.abs()).abs() <= slack.max(0.02)
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let mut title: Option<String> = None;
    // A title block's whole text where it says more than the name.
    let mut details: Option<String> = None;
    let mut mode: Option<String> = None;
    // STREAM's `- 10 runs` / `- 100 runs` sub-heading (archive40 F4).
    let mut runs: Option<String> = None;
    let mut unit = String::new();
    let mut interpretation: Option<Better> = None;
    // The line and quote depth of the last `Units` or `Interpretation`
    // line (the newer form's description).
    let mut described_on: Option<(usize, u8)> = None;
    // The table being read, and its quote depth.
    let mut open: Option<(u8, Header)> = None;
    // The last header of each quote depth, for rows a reply's words broke.
    let mut by_depth: Vec<(u8, Header)> = Vec::new();
    // Every header read so far: its line and quote depth.
    let mut headers_seen: Vec<(usize, u8)> = Vec::new();
    // Per (benchmark, table) the rows' votes: (higher, lower).
    // Each voting cell too: (its sample, its line, calls a rise better,
    // value, pct), to leave out a lone dissent (attack41 F18).
    #[allow(clippy::type_complexity)]
    let mut votes: Vec<(String, usize, usize, Vec<usize>, Vec<(Option<usize>, usize, bool, f64, f64)>)> = Vec::new();
    // The lines trimmed, only a row joined with its wrapped mark a copy.
    let mut trimmed: Vec<Cow<str>> = input.lines.iter().map(|l| Cow::Borrowed(l.trim())).collect();
    // A row's mark a mailer wrapped onto a line of its own: one line.
    for i in 1..trimmed.len() {
        if input.quote_depth(i) == input.quote_depth(i - 1)
            && let Some(joined) = wrapped_mark(&trimmed[i - 1], &trimmed[i])
        {
            out.notes.push((
                i + 1,
                format!(
                    "`{}` alone on this line is the mark of line {i}'s row, wrapped by a mail's line length: read as \
                     one line",
                    trimmed[i]
                ),
            ));
            trimmed[i - 1] = Cow::Owned(joined);
            trimmed[i] = Cow::Borrowed("");
        }
    }
    let lines: Vec<&str> = trimmed.iter().map(|l| l.as_ref()).collect();
    // The last line of a title's block (its closing rule).
    let mut skip_to = 0;
    // The last row read: the line index after it, its quote depth and
    // its header's line.
    let mut last_row: Option<(usize, u8, usize)> = None;
    // Headers already said to name one kernel twice (attack41 F16).
    let mut twice_said: Vec<usize> = Vec::new();
    // The cases read under each header: (header line, case, row line).
    let mut cases_read: Vec<(usize, String, usize)> = Vec::new();
    // The line of the header each sample was read under, index for index.
    let mut under: Vec<usize> = Vec::new();
    for (i, &t) in lines.iter().enumerate() {
        let n = i + 1;
        let depth = input.quote_depth(i);
        // `~~~~` / `hackbench` / `~~~~`: the benchmark's title; of a
        // block of up to three lines (`Stream with 16 threads.` / `built
        // with …`), the first line's first word.
        if i >= 1
            && is_rule(lines[i - 1])
            && !t.is_empty()
            && described(t).is_none()
            && let Some(end) = (i + 1..(i + 4).min(lines.len())).find(|&j| is_rule(lines[j]))
        {
            // `~ Hackbench ~` between the rules (archive40 F3): the name
            // without the rule's `~` around it.
            let t = undecorated(t);
            let words: Vec<&str> = t.split_whitespace().collect();
            let name = if words.len() <= 3 { t.trim_end_matches('.') } else { words[0] };
            title = Some(name.to_string());
            // The block's words beyond the name tell two tables of one
            // benchmark apart (`-DNTIMES=10` / `-DNTIMES=100`).
            let block: Vec<&str> = lines[i..end].iter().map(|l| undecorated(l).trim_end_matches('.')).collect();
            let block = block.join("; ");
            details = (block != name).then_some(block);
            mode = None;
            runs = None;
            open = None;
            // A new benchmark's title: no header above it is its tables'
            // (archive46 R1: AMD's EEVDF mail's netperf rows, under a
            // header of kernel names only, went under the STREAM table's
            // `Test:` header above, read as STREAM in NPS4).
            by_depth.retain(|(d, _)| *d != depth);
            skip_to = end;
            continue;
        }
        if skip_to > 0 && i <= skip_to {
            continue;
        }
        // The newer form's description over its table.
        if let Some((key, value)) = described(t) {
            match key.as_str() {
                "test" => {
                    title = Some(value.to_string());
                    (details, mode, unit, interpretation) = (None, None, String::new(), None);
                    described_on = None;
                }
                "units" => {
                    described_on = Some((n, depth));
                    unit = if value.to_ascii_lowercase().starts_with("normalized") {
                        "normalized".to_string()
                    } else {
                        value.to_string()
                    }
                }
                "interpretation" => {
                    described_on = Some((n, depth));
                    let v = value.to_ascii_lowercase();
                    interpretation = if v.starts_with("lower") {
                        Some(Better::Lower)
                    } else if v.starts_with("higher") {
                        Some(Better::Higher)
                    } else {
                        None
                    };
                }
                "cmdline" => details = Some(value.to_string()),
                _ => {}
            }
            continue;
        }
        // `tip   eevdf` alone over its rows (the netperf tables of AMD's
        // EEVDF mail, LKML 2023-03-22): a header with no case word, when
        // the next line of its quote depth is a row of as many columns.
        let bare = || {
            let next = (i + 1..lines.len()).find(|&j| !lines[j].is_empty() && input.quote_depth(j) == depth)?;
            bare_header(t, lines[next]).map(|k| (String::new(), k))
        };
        if let Some((key, kernels)) = header(t).or_else(|| imp_header(t)).or_else(bare) {
            // `Test: hackbench` alone is a title line, not a header.
            let wide = if t.contains("[pct imp]") { None } else { wide_names(t) };
            let h = Header {
                case: key,
                kernels,
                wide,
                benchmark: title.clone().unwrap_or_else(|| "results".to_string()),
                details: details.clone(),
                mode: mode.clone(),
                unit: unit.clone(),
                interpretation,
                line: n,
            };
            // A unit or direction described at another quote depth: not
            // sure it is this table's (attack32 F14: a quoted STREAM
            // table's header between an unquoted hackbench table's lines
            // took its `Units : Normalized time`, `Lower is better`).
            if let Some((at, d)) = described_on
                && d != depth
                && (!h.unit.is_empty() || h.interpretation.is_some())
            {
                out.notes.push((
                    n,
                    format!(
                        "the header (quoted {depth} deep) takes the unit and direction described on line {at}, \
                         quoted {d} deep: another table's, perhaps; read with them"
                    ),
                ));
            }
            by_depth.retain(|(d, _)| *d != depth);
            by_depth.push((depth, h.clone()));
            headers_seen.push((n, depth));
            open = Some((depth, h));
            continue;
        }
        if let Some((case, cells, mark)) = row(t) {
            let h: &Header = match &open {
                Some((d, h)) if *d == depth && columns(h, cells.len()).is_some() => h,
                _ => match by_depth.iter().find(|(d, h)| *d == depth && columns(h, cells.len()).is_some()) {
                    // A reply's row after a table quoted deeper than it
                    // began below its own header (wildmod56: the LKML 2022
                    // AMD NPS mail's unquoted `256  27654.49 (0.00 pct)
                    // 47126.18 (70.41 pct)` under `The result from v1
                    // patch:`, right after the quoted `NPS 2` table, went
                    // under the reply's `NPS Mode - NPS1` header fifteen
                    // lines up, an NPS2 figure filed under NPS1): which
                    // table it goes with is not sure; not read, said. A
                    // quoted row after a reply's own table (the quote going
                    // on) still continues its quoted header.
                    Some((_, h)) => {
                        if let Some(&(l, d)) = headers_seen.iter().rev().find(|&&(l, d)| l > h.line && d > depth) {
                            out.notes.push((
                                n,
                                format!(
                                    "a row quoted {depth} deep after the table of line {l} (quoted {d} deep): the \
                                     header of its depth (line {}, kernels {}) is above that table, so which table it \
                                     goes with is not sure: not read",
                                    h.line,
                                    h.kernels.join(", ")
                                ),
                            ));
                            continue;
                        }
                        h
                    }
                    None => {
                        out.notes.push((
                            n,
                            format!(
                                "a row of {} `pct` columns under no header of as many kernels: not read",
                                cells.len()
                            ),
                        ));
                        continue;
                    }
                },
            };
            // Right under a row quoted deeper, filed under another header
            // (attack32 F19: a depth-2 schbench table's rows 128-512 left
            // at depth 1 by the mailer went under the depth-1 table of
            // other kernels above): which table the row goes on is not
            // sure; said, naming both. A row quoted deeper than the one
            // above it is a quote going on under a reply's own rows (the
            // LKML 2022 AMD NPS mail's `>   512` under its writer's `256`
            // row): the usual shape of an inline reply, read as before.
            if let Some((next, d, above)) = last_row
                && next == i
                && depth < d
                && above != h.line
            {
                out.notes.push((
                    n,
                    format!(
                        "the quoting changes inside a table: this row (quoted {depth} deep) is read under the \
                         header of line {} (kernels {}), not the table of line {above} right above it (quoted {d} deep)",
                        h.line,
                        h.kernels.join(", ")
                    ),
                ));
            }
            let names = columns(h, cells.len()).unwrap_or(&h.kernels);
            // A header naming one kernel twice (`Test:  tip  tip`, a
            // retyped `tip (91caa5ae2424)  tip (14b3f2d9ee8d)`, attack41
            // F16): its columns are no runs of one kernel (a base and a
            // patched kernel averaged would hide the change); the later
            // column is not read, as mmtests does.
            let twice: Vec<usize> = (1..names.len()).filter(|&k| names[..k].contains(&names[k])).collect();
            if !twice.is_empty() && !twice_said.contains(&h.line) {
                twice_said.push(h.line);
                for &k in &twice {
                    let first = names.iter().position(|x| *x == names[k]).unwrap_or(0);
                    out.notes.push((
                        h.line,
                        format!(
                            "column {} names the same kernel `{}` as column {}: its rows' figures in it are not \
                             read (two kernels' columns averaged as runs would hide the change): name them apart",
                            k + 1,
                            names[k],
                            first + 1
                        ),
                    ));
                }
            }
            // A case printed again under its header with no rerun mark
            // (attack41 F17: an overloaded run and its rerun, their marks
            // trimmed, were averaged as two runs): a rerun or the row
            // pasted twice, no second run of a typed summary; read as a
            // row of its own, said.
            let again = match cases_read.iter().find(|(l, c, _)| *l == h.line && *c == case) {
                Some(&(_, _, first)) if !is_rerun(mark.as_deref()) => Some(first),
                _ => None,
            };
            let base = cells[0].0;
            let (param, value) = case_param(&h.case, &case);
            let at = out.samples.len();
            for (k, (kernel, &(v, pct))) in names.iter().zip(&cells).enumerate() {
                if k > 0 && !pct_agrees(base, v, pct) {
                    out.notes.push((
                        n,
                        format!("`{v} ({pct} pct)` is not the change from {base} the first column gives: the row is not read"),
                    ));
                    out.samples.truncate(at);
                    under.truncate(at);
                    break;
                }
                if twice.contains(&k) {
                    continue;
                }
                let metric = Metric::new(h.benchmark.as_str(), h.unit.as_str(), Better::Neither);
                let mut s = Sample::new(metric, v, n).with_group(h.benchmark.as_str()).with_kernel(kernel.as_str());
                s = s.with_param(param.as_str(), &value);
                if let Some(d) = &h.details {
                    s = s.with_param("title", d);
                }
                if let Some(m) = &h.mode {
                    s = s.with_param("mode", m);
                }
                // A rerun of the case above (its `*` row): its own row,
                // never averaged with the run it checks.
                if let Some(r) = &runs {
                    s = s.with_param("label", r);
                }
                if is_rerun(mark.as_deref()) {
                    s = s.with_param("rerun", "verification run");
                } else if again.is_some() {
                    s = super::repeats::printed_again(s);
                }
                out.samples.push(s);
                under.push(h.line);
            }
            if out.samples.len() == at {
                continue;
            }
            if let Some(first) = again {
                out.notes.push((
                    n,
                    format!(
                        "`{case}` printed again under the header of line {} (first on line {first}) with no mark: a \
                         rerun or the row pasted twice, not another run; read as a row of its own (`rerun printed \
                         again`), not averaged with it",
                        h.line
                    ),
                ));
            } else {
                cases_read.push((h.line, case.clone(), n));
            }
            // The kernels in the order of the first header that has a row
            // read under it: a line of the header's shape with no row under
            // it (a mail's `Subject: Re: [RFC PATCH 0/5] sched: …` above
            // the tables, wild34 16) names no kernels.
            for k in names {
                if !out.kernel_order.contains(k) {
                    out.kernel_order.push(k.clone());
                }
            }
            last_row = Some((i + 1, depth, h.line));
            if let Some(b) = h.interpretation {
                // The table says its direction: its pct only checked.
                for s in &mut out.samples[at..] {
                    s.metric.better = b;
                }
                continue;
            }
            let key = format!("{}\u{0}{}", h.benchmark, h.details.as_deref().unwrap_or(""));
            let vote = match votes.iter_mut().position(|v| v.0 == key) {
                Some(p) => p,
                None => {
                    votes.push((key, 0, 0, Vec::new(), Vec::new()));
                    votes.len() - 1
                }
            };
            votes[vote].3.extend(at..out.samples.len());
            for (k, &(v, pct)) in cells.iter().enumerate().skip(1) {
                // Its sample: the columns read before it, after the base.
                let sample = (!twice.contains(&k)).then(|| at + k - twice.iter().filter(|&&t| t < k).count());
                if pct > 0.0 && v > base || pct < 0.0 && v < base {
                    votes[vote].1 += 1;
                    votes[vote].4.push((sample, n, true, v, pct));
                } else if pct > 0.0 && v < base || pct < 0.0 && v > base {
                    votes[vote].2 += 1;
                    votes[vote].4.push((sample, n, false, v, pct));
                }
            }
            continue;
        }
        // `sched-tip:   301330.33 (var: 3.28)`: ycsb-mongodb's result a
        // line per kernel, a form of its own (archive40 F6: left out
        // without a word). Not read (its names are not the tables' own:
        // `sched-tip` over tables of `tip`), and said.
        if let Some(name) = var_line(t) {
            out.notes.push((
                n,
                format!("`{name}: … (var: …)`, a result a line per kernel (ycsb-mongodb's form), is not read"),
            ));
            continue;
        }
        // A line of the table's shape that is no row (attack32 F18:
        // `5,63 (1.57 pct)`, a decimal comma): said, not dropped silently.
        if !by_depth.is_empty() && (t.contains(" pct)") || t.contains("](")) {
            let bad = t
                .split_whitespace()
                .skip(1)
                .map(|w| w.trim_matches(['(', ')', '[', ']']))
                .find(|w| w.bytes().any(|b| b.is_ascii_digit()) && w != &"pct" && super::num::plain(w).is_none());
            // Cells whole, then words after them of no mark it knows
            // (`(rerun)`, `<-- system overloaded, rerun below`, attack41
            // F19: said to be no values with their pct).
            let tail = t.rsplit_once("pct)").map_or("", |(_, r)| r.trim());
            let why = if t.starts_with('>') {
                "its `>` under an indent on fewer than three lines is not read as quoting".to_string()
            } else if !tail.is_empty() && row(t[..t.len() - tail.len()].trim_end()).is_some() {
                format!(
                    "the words `{tail}` after its cells are no mark it knows (`*`, `^`, `* (System overloaded)`, \
                     `[Verification Run]`): what they say of the row is not known (a rerun? mark it `[Verification Run]`)"
                )
            } else {
                bad.map_or_else(
                    || "its cells are not values with their `pct`".to_string(),
                    |w| format!("`{w}` is no number"),
                )
            };
            out.notes.push((n, format!("looks like a row of the `pct` table above and was not read: {why}")));
            continue;
        }
        // A short line between the title and the header: the set-up
        // (`NPS1`, `NPS Mode - NPS1`).
        // `- 10 runs` over the NPS line or under it (archive40 F4): the
        // tables below, to the next title, are of that many runs; a label
        // of the parser's own, as the SIS_UTIL mail's was labelled.
        if let Some(n) = t.strip_prefix("- ").and_then(run_count)
            && n.bytes().all(|b| b.is_ascii_digit())
            && !n.is_empty()
        {
            runs = Some(format!("{n} runs"));
            open = None;
            continue;
        }
        // Figures under a benchmark's title on a line that is no row
        // (archive46 R3: AMD's EEVDF mail's DeathStarBench changes, `o
        // eevdf compared to tip  -10.93  -14.35  -9.74  -6.07`, were left
        // out without a word): said, not read.
        // (mmtests' rows, `49077561.21 (   0.00%)`, are mmtests' to read.)
        if let Some(name) = &title
            && t.chars().count() > 30
            && !t.contains("%)")
            && !t.contains("%*")
        {
            let figures = t
                .split_whitespace()
                .filter(|w| w.contains('.') && super::num::plain(w.trim_end_matches(['%', ','])).is_some())
                .count();
            if figures >= 2 {
                out.notes.push((
                    n,
                    format!(
                        "{name}: a line of {figures} figures that is no row of a `pct` table (a value and its `(N \
                         pct)` a column): not read"
                    ),
                ));
                open = None;
                continue;
            }
        }
        // A bullet `o ` before it is the mail's list mark (`o NPS1`); an
        // item of a `- ` list (`- 10 runs`, STREAM's run count over the
        // NPS line or under it) is a sub-heading, not the set-up
        // (archive40 F3, F4).
        // A line led by `#` is a comment or a tool's banner, no set-up
        // (wildmod48: perf bench's `# 16 groups == 640 threads run` over
        // a SIS_UTIL mail's hackbench tables was every row's `mode`).
        if !t.is_empty()
            && t.chars().count() <= 30
            && !t.ends_with(['.', ':', ','])
            && !is_rule(t)
            && !t.starts_with("- ")
            && !t.starts_with('#')
        {
            mode = Some(folded_mode(t.strip_prefix("o ").unwrap_or(t).trim_start()));
        }
        // A blank line or a person's words end the table; rows after
        // them continue the last of their quote depth (`by_depth`).
        open = None;
    }
    // Cells left out as a lone dissent from their table's direction.
    let mut dissent: Vec<usize> = Vec::new();
    for (key, higher, lower, samples, cells) in votes {
        let bench = key.split('\u{0}').next().unwrap_or_default();
        let better = match (higher, lower) {
            (h, 0) if h > 0 => Better::Higher,
            (0, l) if l > 0 => Better::Lower,
            (0, 0) => Better::Neither,
            // One cell in ten or fewer against the rest (attack41 F18: one
            // sign lost, `4.77 (2.80 pct)` for `-2.80`, made a table of 15
            // cases informational): the rest give the direction; the
            // dissenting cells, their value or sign mistyped, left out.
            (h, l) if h.min(l) * 10 <= h.max(l) => {
                let rise_better = h > l;
                for &(sample, line, _, v, pct) in cells.iter().filter(|c| c.2 != rise_better) {
                    dissent.extend(sample);
                    out.notes.push((
                        line,
                        format!(
                            "{bench}: `{v} ({pct} pct)` calls a rise {} where {} other cells of its table call it {}: \
                             its value or its sign is mistyped; not read",
                            if rise_better { "worse" } else { "better" },
                            h.max(l),
                            if rise_better { "better" } else { "worse" }
                        ),
                    ));
                }
                if rise_better { Better::Higher } else { Better::Lower }
            }
            _ => {
                let line = samples.first().map_or(1, |&i| out.samples[i].line);
                out.notes.push((
                    line,
                    format!("{bench}: the `pct` columns call a rise better in {higher} cases and worse in {lower}: no direction is given"),
                ));
                Better::Neither
            }
        };
        for i in samples {
            out.samples[i].metric.better = better;
        }
    }
    for (header, kernel, first, at) in repeated_columns(&out.samples, &under, &dissent) {
        out.notes.push((
            header,
            format!(
                "the column `{kernel}` of this header repeats, case for case, its column under the header of line \
                 {first}: the same figures printed again for another comparison, not another run; not read"
            ),
        ));
        dissent.extend(at);
    }
    // A column under another name with the same figures as an earlier
    // one (the SIS_UTIL mail's `tip-good`, its run `tip-r3` picked out):
    // read as the poster named it, said.
    for (header, kernel, first, earlier) in renamed_copies(&out.samples, &under, &dissent) {
        out.notes.push((
            header,
            format!(
                "the column `{kernel}` of this header holds, case for case, the figures of `{earlier}` under the \
                 header of line {first}: a run picked out and named again? read as named"
            ),
        ));
    }
    if !dissent.is_empty() {
        let mut i = 0;
        out.samples.retain(|_| {
            i += 1;
            !dissent.contains(&(i - 1))
        });
    }
    if out.samples.is_empty() {
        // Rows there were, under headers of another number of names
        // (archive40 F1: `NUMA Bal` split in two): say where, not "no row".
        let unmatched = out.notes.iter().filter(|(_, m)| m.contains("under no header of as many kernels")).count();
        let reason = match out.notes.iter().find(|(_, m)| m.contains("under no header of as many kernels")) {
            Some((line, _)) => format!(
                "{unmatched} row(s) of values with `(N pct)`, the first on line {line}, but no header above them \
                 names as many kernels as they have columns"
            ),
            None => "no row of values with `(N pct)` under a header of kernels".to_string(),
        };
        return Err(ParseError::NoResults { benchmark: ID, reason });
    }
    Ok(out)
}

/// The samples but those in `left_out` as columns: (the line of the
/// header they were read under, their kernel) and their indices, first
/// seen first. `under` holds each sample's header line, index for index.
fn columns_of<'a>(samples: &'a [Sample], under: &[usize], left_out: &[usize]) -> Vec<((usize, &'a str), Vec<usize>)> {
    let mut columns: Vec<((usize, &str), Vec<usize>)> = Vec::new();
    for (i, s) in samples.iter().enumerate().filter(|(i, _)| !left_out.contains(i)) {
        let key = (under[i], s.kernel.as_deref().unwrap_or(""));
        match columns.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(i),
            None => columns.push((key, vec![i])),
        }
    }
    columns
}

/// Whether two cells are one case's same figure: benchmark, parameters
/// and value alike (the kernel aside).
fn same_cell(a: &Sample, b: &Sample) -> bool {
    a.group == b.group && a.params == b.params && a.value.mean().to_bits() == b.value.mean().to_bits()
}

/// The columns of a kernel printed again under a later header with the
/// same figure for every case of an earlier column of it (same benchmark
/// and parameters; two cases or more): `tip-good  SIS_UTIL-good` then
/// `tip-good  SIS_UTIL-bad`, one base for two comparisons (LKML 2022,
/// the SIS_UTIL thread's hackbench tables, wildmod48). Read, the base
/// stood as two runs of itself. Each as (its header's line, the kernel,
/// the earlier header's line, its samples' indices), in file order;
/// the samples in `left_out` are no cells.
fn repeated_columns(
    samples: &[Sample],
    under: &[usize],
    left_out: &[usize],
) -> Vec<(usize, String, usize, Vec<usize>)> {
    let columns = columns_of(samples, under, left_out);
    let mut out = Vec::new();
    for (c, ((header, kernel), cells)) in columns.iter().enumerate() {
        if cells.len() < 2 {
            continue;
        }
        let earlier = columns[..c].iter().find(|((h, k), e)| {
            h != header
                && k == kernel
                && e.len() == cells.len()
                && cells.iter().all(|&i| e.iter().any(|&j| same_cell(&samples[i], &samples[j])))
        });
        if let Some(((first, _), _)) = earlier {
            out.push((*header, kernel.to_string(), *first, cells.clone()));
        }
    }
    out
}

/// The columns whose figures are, case for case (three or more), those
/// of an earlier column of another kernel's name under another header,
/// but for the samples in `left_out`: each as (its header's line, its
/// kernel, the earlier header's line, the earlier kernel), in file order.
/// A column repeated under its own name is [`repeated_columns`]'.
fn renamed_copies(samples: &[Sample], under: &[usize], left_out: &[usize]) -> Vec<(usize, String, usize, String)> {
    let columns = columns_of(samples, under, left_out);
    let mut out = Vec::new();
    for (c, ((header, kernel), cells)) in columns.iter().enumerate() {
        if cells.len() < 3 {
            continue;
        }
        let earlier = columns[..c].iter().find(|((h, k), e)| {
            h != header
                && k != kernel
                && e.len() == cells.len()
                && cells.iter().all(|&i| e.iter().any(|&j| same_cell(&samples[i], &samples[j])))
        });
        if let Some(((first, name), _)) = earlier {
            out.push((*header, kernel.to_string(), *first, name.to_string()));
        }
    }
    out
}

/// `sched-tip:      301330.33 (var: 3.28)` (and `… (var: 0.76)    (-1.98%)`
/// after it) → `sched-tip`; `None` for any other line.
fn var_line(t: &str) -> Option<&str> {
    let (name, rest) = t.split_once(": ")?;
    let (value, rest) = rest.trim_start().split_once(' ')?;
    super::num::plain(value)?;
    let var = rest.trim_start().strip_prefix("(var:")?.split_once(')')?.0;
    super::num::plain(var.trim())?;
    let name = name.trim();
    (!name.is_empty() && name.len() <= 40).then_some(name)
}

/// A title line without the `~` a rule of tildes puts around it in some
/// mails (`~ Hackbench ~` between `~~~~~~~~~~~~~` lines).
fn undecorated(t: &str) -> &str {
    t.trim_matches(|c: char| c == '~' || c.is_whitespace())
}

/// A line of `~`, `=` or `-` alone (3 or more).
fn is_rule(t: &str) -> bool {
    t.len() >= 3 && t.chars().all(|c| matches!(c, '~' | '=' | '-'))
}

impl BenchParser for PctTable {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "comparison tables of values with their change in `(N pct)` per kernel column (AMD's scheduler results on LKML)"
    }

    /// A benchmark's title block's lines: a rule of tildes (`~~~~~~~~~`),
    /// a name between tildes (`~ Hackbench ~`), or a name of one to three
    /// words with no digit (`hackbench`), which the reading takes for a
    /// title only between two rules. Glued under a `time` report with no
    /// blank line between, the block was the time report's paragraph, and
    /// the tables below it read as benchmark `results` (attack59 F11).
    fn own_title(&self, line: &str) -> bool {
        let t = line.trim();
        let tildes = t.len() >= 3 && t.chars().all(|c| c == '~');
        let name = undecorated(t);
        let words = name.split_whitespace().count();
        tildes || ((1..=3).contains(&words) && !name.bytes().any(|b| b.is_ascii_digit()) && !name.contains(':'))
    }

    /// The literals its first test asks for.
    fn literals(&self) -> &'static [&'static str] {
        &[" pct)", "[pct imp](CV)"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has(" pct)") && !input.has("[pct imp](CV)") {
            return 0;
        }
        let rows = input.lines.iter().filter(|l| row(l.trim()).is_some()).take(2).count();
        let headed = input.lines.iter().any(|l| header(l.trim()).is_some() || imp_header(l.trim()).is_some());
        if rows >= 2 && headed { 85 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        85
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

/// A mode as one spelling: an acronym and its number written apart
/// (`NPS 1`, the same writer's `NPS1` elsewhere: attack41 F26, two modes
/// whose tables never met) written together; any other mode as typed
/// (`NPS 1 4`, `nodes 2`, `NPS Mode - NPS1`).
fn folded_mode(mode: &str) -> String {
    if let Some((word, n)) = mode.split_once(' ')
        && (2..=5).contains(&word.len())
        && word.bytes().all(|b| b.is_ascii_uppercase())
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return format!("{word}{n}");
    }
    mode.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// wildmod48 (LKML 2022-05, the SIS_UTIL thread): one base column in
    /// two tables (`tip-good` against `SIS_UTIL-good`, then `SIS_UTIL-bad`)
    /// stood as two runs of itself; a `#` banner over the tables was their
    /// `mode`. Now the column printed again is noted and not read, a run
    /// renamed is noted and read, and the banner is no mode.
    #[test]
    fn a_column_printed_again_under_another_header_is_not_read_again() {
        let text = "# 16 groups == 640 threads run

                    Test:                   tip-r0                  tip-r1
                     1-groups:         4.64 (0.00 pct)         4.90 (-5.60 pct)
                     2-groups:         5.54 (0.00 pct)         5.56 (-0.36 pct)
                     4-groups:         6.24 (0.00 pct)         6.18 (0.96 pct)

                    Test:                   tip-good             SIS_UTIL-good
                     1-groups:         4.64 (0.00 pct)         4.80 (-3.45 pct)
                     2-groups:         5.54 (0.00 pct)         5.51 (0.54 pct)
                     4-groups:         6.24 (0.00 pct)         6.14 (1.60 pct)

                    Test:                   tip-good             SIS_UTIL-bad
                     1-groups:         4.64 (0.00 pct)         4.68 (-0.86 pct)
                     2-groups:         5.54 (0.00 pct)         5.45 (1.62 pct)
                     4-groups:         6.24 (0.00 pct)         6.10 (2.24 pct)
";
        let p = parse_all(&Input::from_text(text)).expect("reads");
        let read: Vec<(usize, &str)> =
            p.samples.iter().map(|s| (s.line, s.kernel.as_deref().unwrap_or(""))).filter(|(l, _)| *l == 14).collect();
        assert_eq!(read, [(14, "SIS_UTIL-bad")], "tip-good's second print is not read");
        assert_eq!(p.samples.len(), 6 + 6 + 3);
        assert!(p.samples.iter().all(|s| s.params.iter().all(|q| q.name != "mode")), "the banner is no mode");
        assert!(p.notes.iter().any(|(l, m)| *l == 13 && m.contains("repeats, case for case")), "{:?}", p.notes);
        assert!(p.notes.iter().any(|(l, m)| *l == 8 && m.contains("the figures of `tip-r0`")), "{:?}", p.notes);
    }

    /// attack32 F18: a decimal comma in one cell (`5,63`) left the row out
    /// with no word; now a note names the line and the cell.
    #[test]
    fn a_row_with_a_cell_that_is_no_number_is_said() {
        let text = "Test:                   sched-tip              v2_sis_prop\n \
                    1-groups:         5.05 (0.00 pct)         5.00 (0.99 pct)\n \
                    2-groups:         5.72 (0.00 pct)         5,63 (1.57 pct)\n \
                    4-groups:         6.34 (0.00 pct)         6.21 (2.05 pct)\n";
        let p = parse_all(&Input::from_text(text)).expect("reads");
        assert_eq!(p.samples.len(), 4);
        assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
        assert_eq!(p.notes[0].0, 3);
        assert!(p.notes[0].1.contains("`5,63` is no number"), "{:?}", p.notes);
    }

    /// attack32 F14: a quoted table's header under an unquoted newer-form
    /// description (`Units`, `Interpretation`) took its unit and direction
    /// with no word; now noted at the header.
    #[test]
    fn a_unit_described_at_another_quote_depth_is_said() {
        let text = "Test          : hackbench\nUnits         : Normalized time in seconds\n\
                    Interpretation: Lower is better\n\
                    > Test:                   sched-tip              v2_sis_prop\n\
                    > Copy:      204020.95 (0.00 pct)  211802.20 (3.81 pct)\n\
                    > Scale:     201031.86 (0.00 pct)  206000.00 (2.47 pct)\n";
        let p = parse_all(&Input::from_text(text)).expect("reads");
        assert!(
            p.notes.iter().any(|(l, m)| *l == 4 && m.contains("described on line 3, quoted 0 deep")),
            "{:?}",
            p.notes
        );
        // The same table unquoted: its own description, no note.
        let p = parse_all(&Input::from_text(&text.replace("> ", ""))).expect("reads");
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    /// attack32 F19: the quoting changing inside a table (its last rows
    /// one level less quoted than the rest) filed those rows under the
    /// table of other kernels above them at that depth, with no word:
    /// said, naming both headers.
    #[test]
    fn a_row_whose_quoting_changes_inside_a_table_is_said() {
        let text = "> #workers:       sched-tip                util-avg\n\
                    >   1:      13.00 (0.00 pct)        14.50 (-11.53 pct)\n\
                    > we still saw some downgradings.\n\
                    > > #workers:        sched-tip               v2_sis_prop\n\
                    > >  64:     195.00 (0.00 pct)       192.50 (1.28 pct)\n\
                    > 128:     395.50 (0.00 pct)       399.00 (-0.88 pct)\n";
        let p = parse_all(&Input::from_text(text)).expect("reads");
        // wildmod56: not read under the shallower header either (it was,
        // with this note, filing the depth-2 table's row under util-avg):
        // which table it goes with is not sure.
        assert_eq!(p.samples.len(), 4);
        let note = p.notes.iter().find(|(l, _)| *l == 6).map(|n| n.1.as_str()).unwrap_or_default();
        assert!(
            note.contains("the header of its depth (line 1, kernels sched-tip, util-avg)") && note.contains("not read"),
            "{:?}",
            p.notes
        );
        // Rows of one depth under their header: no note.
        assert!(p.notes.iter().all(|(l, _)| *l == 6), "{:?}", p.notes);
    }

    #[test]
    fn rows_headers_and_cases() {
        assert_eq!(
            row("1-groups:         5.05 (0.00 pct)         5.00 (0.99 pct)"),
            Some(("1-groups".into(), vec![(5.05, 0.0), (5.0, 0.99)], None))
        );
        assert_eq!(row("256    26726.29 (0.00 pct)     52502.83 (96.44 pct)").map(|r| r.1.len()), Some(2));
        assert_eq!(row("1-groups: 5.05 (0.00 pct)"), None);
        assert_eq!(row("we still saw (some) downgradings"), None);
        assert_eq!(
            header("Test:                   sched-tip              v2_sis_prop"),
            Some(("Test".into(), vec!["sched-tip".into(), "v2_sis_prop".into()]))
        );
        assert_eq!(header("Test: hackbench"), None);
        assert_eq!(case_param("Test", "1-groups"), ("groups".into(), "1".into()));
        assert_eq!(case_param("#workers", "16"), ("workers".into(), "16".into()));
        assert_eq!(case_param("Test", "Copy"), ("case".into(), "Copy".into()));
        assert!(
            pct_agrees(5.05, 5.00, 0.99) && pct_agrees(13.0, 14.5, -11.53) && pct_agrees(26726.29, 52502.83, 96.44)
        );
        assert!(!pct_agrees(5.05, 5.00, 9.9));
        // The newer form.
        assert_eq!(
            row("2-groups     1.00 [ -0.00]( 4.73)     2.88 [-188.25](63.11)"),
            Some(("2-groups".into(), vec![(1.0, -0.0), (2.88, -188.25)], None))
        );
        assert_eq!(
            imp_header("Case:           tip[pct imp](CV)    run-to-parity-wakeup[pct imp](CV)"),
            Some(("Case".into(), vec!["tip".into(), "run-to-parity-wakeup".into()]))
        );
        assert_eq!(described("Interpretation: Lower is better"), Some(("interpretation".into(), "Lower is better")));
        assert_eq!(described("Test          : hackbench"), Some(("test".into(), "hackbench")));
        assert_eq!(described("Test:   sched-tip   v2_sis_prop"), None);
    }

    /// From an LKML reply (AMD, 2022, hackbench and schbench under NPS
    /// modes, quoted, with the replier's own older table broken into the
    /// quoted one): each kernel's column read, the direction from the
    /// `pct` signs (hackbench's time and schbench's latency lower, tbench
    /// higher), the quoted rows after the interjection read under the
    /// quoted header.
    #[test]
    fn a_quoted_table_with_an_interjection() {
        let text = "\
> ~~~~~~~~~
> hackbench
> ~~~~~~~~~
>
> NPS1
>
> Test:                   sched-tip              v2_sis_prop
>  1-groups:         5.05 (0.00 pct)         5.00 (0.99 pct)
>  2-groups:         5.72 (0.00 pct)         5.63 (1.57 pct)
>
> ~~~~~~~~
> schbench
> ~~~~~~~~
>
> NPS 1
>
> #workers:        sched-tip               v2_sis_prop
>   1:      13.00 (0.00 pct)        14.50 (-11.53 pct)
It seems that in the old result:
NPS Mode - NPS1
#workers:       sched-tip                util-avg
  1:      13.00 (0.00 pct)        14.50 (-11.53 pct)
we still saw some downgradings.
>   4:      43.00 (0.00 pct)        44.50 (-3.48 pct)
>
> ~~~~~~
> tbench
> ~~~~~~
>
> Clients:          sched-tip              v2_sis_prop
>     1    477.85 (0.00 pct)       470.68 (-1.50 pct)
";
        let input = Input::from_text(text);
        assert!(PctTable.detect(&input) > 0);
        let f = PctTable.parse(&input).expect("reads");
        let got: Vec<(String, String, f64, String, Better)> = f
            .samples
            .iter()
            .map(|s| {
                let params = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" ");
                (
                    s.metric.name.to_string(),
                    s.kernel.as_deref().unwrap_or("").to_string(),
                    s.value.mean(),
                    params,
                    s.metric.better,
                )
            })
            .collect();
        let row = |m: &str, k: &str, v: f64, p: &str, b: Better| (m.to_string(), k.to_string(), v, p.to_string(), b);
        assert_eq!(
            got,
            vec![
                row("hackbench", "sched-tip", 5.05, "groups=1 mode=NPS1", Better::Lower),
                row("hackbench", "v2_sis_prop", 5.0, "groups=1 mode=NPS1", Better::Lower),
                row("hackbench", "sched-tip", 5.72, "groups=2 mode=NPS1", Better::Lower),
                row("hackbench", "v2_sis_prop", 5.63, "groups=2 mode=NPS1", Better::Lower),
                row("schbench", "sched-tip", 13.0, "workers=1 mode=NPS1", Better::Lower),
                row("schbench", "v2_sis_prop", 14.5, "workers=1 mode=NPS1", Better::Lower),
                row("schbench", "sched-tip", 13.0, "workers=1 mode=NPS Mode - NPS1", Better::Lower),
                row("schbench", "util-avg", 14.5, "workers=1 mode=NPS Mode - NPS1", Better::Lower),
                row("schbench", "sched-tip", 43.0, "workers=4 mode=NPS1", Better::Lower),
                row("schbench", "v2_sis_prop", 44.5, "workers=4 mode=NPS1", Better::Lower),
                row("tbench", "sched-tip", 477.85, "clients=1", Better::Higher),
                row("tbench", "v2_sis_prop", 470.68, "clients=1", Better::Higher),
            ]
        );
    }

    /// wildmod56 (the same mail, NPS2): the reply's `256` row after the
    /// quoted NPS 2 table went under the reply's NPS1 header above it, an
    /// NPS2 figure filed as an NPS1 rerun. Now not read, said; the quoted
    /// row after it still continues its quoted table.
    #[test]
    fn a_reply_row_after_a_later_quoted_table_is_not_read() {
        let text = "\
> Clients:          sched-tip              v2_sis_prop
>   256    35262.03 (0.00 pct)     34135.78 (-3.19 pct)
The result from v1 patch:
Clients:        sched-tip               util-avg
256    26726.29 (0.00 pct)     52502.83 (96.44 pct)
>   512    52459.78 (0.00 pct)     51630.53 (-1.58 pct)
> 
> NPS 2
> 
> Clients:          sched-tip              v2_sis_prop
>   256    27408.75 (0.00 pct)     33680.59 (22.88 pct)
The result from v1 patch:
256    27654.49 (0.00 pct)     47126.18 (70.41 pct)
>   512    51453.64 (0.00 pct)     47546.87 (-7.59 pct)
";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        let values: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(
            values,
            [35262.03, 34135.78, 26726.29, 52502.83, 52459.78, 51630.53, 27408.75, 33680.59, 51453.64, 47546.87]
        );
        assert!(f.notes.iter().any(|(l, m)| *l == 13 && m.contains("not sure")), "{:?}", f.notes);
    }

    /// A `pct` that is not the change between the values (a column out of
    /// place) leaves the row out with a note.
    #[test]
    fn a_pct_that_does_not_agree_leaves_its_row_out() {
        let text = "Test:   a   b\n 1-groups:  5.05 (0.00 pct)  5.00 (9.99 pct)\n 2-groups:  5.72 (0.00 pct)  5.63 (1.57 pct)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(f.samples.len(), 2);
        assert!(f.notes.iter().any(|(l, m)| *l == 2 && m.contains("not the change")), "{:?}", f.notes);
    }

    /// attack41 F16 (its pt/p05: archive40's SIS_UTIL mail with the
    /// header retyped `tip  tip`): the base and the patched column were
    /// averaged as two runs of `tip` with no word; the second column is
    /// now not read, said at the header. Two names that differ only after
    /// a space (`tip (91caa5ae2424)  tip (14b3f2d9ee8d)`) are two kernels.
    #[test]
    fn a_header_naming_one_kernel_twice_reads_its_first_column_only() {
        let text = "Test:                   tip                     tip
                     1-groups:         4.64 (0.00 pct)         4.77 (-2.80 pct)
                     2-groups:         5.22 (0.00 pct)         5.17 (0.95 pct)
";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        let values: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(values, [4.64, 5.22]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 1);
        assert!(f.notes[0].1.contains("column 2 names the same kernel `tip` as column 1"), "{:?}", f.notes);
        let text = "#workers: tip (91caa5ae2424)     tip (14b3f2d9ee8d)
  \
                    1:      22.00 (0.00 pct)        22.00 (0.00 pct)
";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(f.samples.len(), 2);
        assert!(f.notes.is_empty(), "{:?}", f.notes);
    }

    /// attack41 F17 (its pt/p02: the SIS_UTIL mail's overloaded
    /// `16-groups` row and its `[Verification Run]` with both marks
    /// trimmed): the two were averaged as runs, silently; the second is
    /// now a row of its own (`rerun printed again`), said. A marked
    /// verification run is not said (must not fire).
    #[test]
    fn a_case_printed_again_with_no_mark_is_a_row_of_its_own() {
        let rows = "Test:                   tip                     SIS_UTIL\n\
                    16-groups:         7.37 (0.00 pct)         9.60 (-30.25 pct)\n\
                    16-groups:         7.38 (0.00 pct)         7.99 (-8.26 pct)\n";
        let f = PctTable.parse(&Input::from_text(rows)).expect("reads");
        let reruns: Vec<(usize, Option<&str>)> = f
            .samples
            .iter()
            .map(|s| (s.line, s.params.iter().find(|p| p.name == "rerun").map(|p| p.value.as_str())))
            .collect();
        assert_eq!(reruns, [(2, None), (2, None), (3, Some("printed again")), (3, Some("printed again"))]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert!(f.notes[0].0 == 3 && f.notes[0].1.contains("first on line 2"), "{:?}", f.notes);
        let marked = rows.replacen("(-30.25 pct)", "(-30.25 pct)    * (System overloaded)", 1).replacen(
            "(-8.26 pct)",
            "(-8.26 pct)     [Verification Run]",
            1,
        );
        let f = PctTable.parse(&Input::from_text(&marked)).expect("reads");
        assert!(f.notes.is_empty(), "{:?}", f.notes);
    }

    /// attack41 F18 (its pt/p03: one sign lost, `4.77 (2.80 pct)` for
    /// `-2.80`): one dissenting cell made the whole benchmark's tables
    /// informational; now ten or more agreeing cells give the direction
    /// and the dissent is left out, said. A closer vote (3 to 1) still
    /// gives none (must not fire).
    #[test]
    fn a_lone_dissent_from_a_tables_direction_is_left_out() {
        let mut text = String::from("Test:   tip   SIS_UTIL\n 1-groups:  4.64 (0.00 pct)  4.77 (2.80 pct)\n");
        for g in 2..=11 {
            text.push_str(&format!(" {g}-groups:  5.00 (0.00 pct)  4.90 (2.00 pct)\n"));
        }
        let f = PctTable.parse(&Input::from_text(&text)).expect("reads");
        assert_eq!(f.samples.len(), 21);
        assert!(f.samples.iter().all(|s| s.metric.better == Better::Lower));
        assert!(!f.samples.iter().any(|s| s.line == 2 && s.kernel.as_deref() == Some("SIS_UTIL")));
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert!(f.notes[0].0 == 2 && f.notes[0].1.contains("10 other cells"), "{:?}", f.notes);
        let close: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
        let f = PctTable.parse(&Input::from_text(&close)).expect("reads");
        assert_eq!(f.samples.len(), 8);
        assert!(f.samples.iter().all(|s| s.metric.better == Better::Neither));
        assert!(f.notes[0].1.contains("better in 1 cases and worse in 3"), "{:?}", f.notes);
    }

    /// attack41 F19 (its pt/p01, p06): a row with an unknown mark after
    /// its cells was said to hold no values with their pct; the mark is
    /// now named as what was not known.
    #[test]
    fn an_unknown_mark_after_a_rows_cells_is_named() {
        let text = "Test:   tip   SIS_UTIL\n16-groups:  7.37 (0.00 pct)  9.60 (-30.25 pct)\n\
                    16-groups:  7.38 (0.00 pct)  7.99 (-8.26 pct)  (rerun)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(f.samples.len(), 2);
        assert!(
            f.notes.iter().any(|(l, m)| *l == 3 && m.contains("the words `(rerun)` after its cells")),
            "{:?}",
            f.notes
        );
        // A cell that is no number keeps its own reason (must not fire).
        let f = PctTable.parse(&Input::from_text(&text.replace("7.99 (-8.26", "7,99 (-8.26"))).expect("reads");
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains("`7,99` is no number")), "{:?}", f.notes);
    }

    fn kernels_of(f: &ParsedFile) -> Vec<String> {
        let mut ks: Vec<String> = Vec::new();
        for s in &f.samples {
            let k = s.kernel.as_deref().unwrap_or_default().to_string();
            if !ks.contains(&k) {
                ks.push(k);
            }
        }
        ks
    }

    /// archive40 F1: a kernel's name of two words in the header (`NUMA
    /// Bal`, `tip (91caa5ae2424)`, LKML 2022) split the header in three or
    /// four names over rows of two cells, and the whole file was skipped;
    /// the names are now the header's split at wide gaps.
    #[test]
    fn a_header_of_names_with_spaces_names_the_columns() {
        let text = "Test:                   tip                     NUMA Bal\n \
                    1-groups:         4.64 (0.00 pct)         4.67 (-0.64 pct)\n\n\
                    #workers: tip (91caa5ae2424)     tip (14b3f2d9ee8d)\n  \
                    1:      22.00 (0.00 pct)        22.00 (0.00 pct)\n\n \
                    Clients:       tip (91caa5ae2424)       tip (14b3f2d9ee8d)\n    \
                    1           131.56 (0.00 pct)        145.05 (10.25 pct)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(f.samples.len(), 6, "{:?}", f.notes);
        assert_eq!(kernels_of(&f), ["tip", "NUMA Bal", "tip (91caa5ae2424)", "tip (14b3f2d9ee8d)"]);
        assert_eq!(f.kernel_order, ["tip", "NUMA Bal", "tip (91caa5ae2424)", "tip (14b3f2d9ee8d)"]);
    }

    /// What the wide split must not change: names of one word each (every
    /// gap wide or not), and a header whose split at every space already
    /// names as many kernels as the rows have cells, wide gaps or not.
    #[test]
    fn names_of_one_word_are_split_at_every_space() {
        let text = "Test: tip v1 v2\n \
                    1-groups:  4.23 (0.00 pct)  4.21 (0.47 pct)  4.29 (-1.41 pct)\n\n\
                    Test:   base  patched   sched-tip\n \
                    2-groups:  4.93 (0.00 pct)  5.23 (-6.08 pct)  5.20 (-5.47 pct)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(kernels_of(&f), ["tip", "v1", "v2", "base", "patched", "sched-tip"]);
        // A header of two wide names (three words) over a row of four
        // cells: neither split fits, the row is not read (and said).
        let text = "Test:   tip   NUMA Bal\n \
                    1-groups:  4.23 (0.00 pct)  4.21 (0.47 pct)  4.29 (-1.41 pct)  4.2 (0.71 pct)\n \
                    2-groups:  4.93 (0.00 pct)  5.23 (-6.08 pct)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(f.samples.len(), 2);
        assert!(f.notes.iter().any(|(l, m)| *l == 2 && m.contains("under no header")), "{:?}", f.notes);
    }

    /// F1's message: a file whose rows fit no header says so, naming the
    /// first row's line, instead of "no row of values".
    #[test]
    fn rows_under_no_fitting_header_are_named_when_nothing_reads() {
        let text = "Test:   a b c\n \
                    1-groups:  4.23 (0.00 pct)  4.21 (0.47 pct)\n";
        let Err(ParseError::NoResults { reason, .. }) = PctTable.parse(&Input::from_text(text)) else {
            panic!("reads")
        };
        assert!(reason.contains("first on line 2") && reason.contains("names as many kernels"), "{reason}");
    }

    /// archive40 F2: a row with the author's mark after its cells (`*`,
    /// `* (System overloaded)`, `[Verification Run]`, LKML 2022) was left
    /// out with a warning that its cells were no values; now read, the
    /// verification row as a rerun of its own (`rerun`), never averaged
    /// with the starred row it checks.
    #[test]
    fn rows_with_a_mark_after_their_cells_are_read() {
        let text = "Test:                   tip                     SIS_UTIL\n\
                    16-groups:         7.37 (0.00 pct)         9.60 (-30.25 pct)    * (System overloaded)\n\
                    16-groups:         7.38 (0.00 pct)         7.99 (-8.26 pct)     [Verification Run]\n  \
                    2:      22.00 (0.00 pct)        27.00 (-22.72 pct)    * Known to have run to run\n    \
                    2           279.46 (0.00 pct)        245.94 (-11.99 pct)\t*\n\
                    256:\t 45632.00 (0.00 pct)\t 24992.00 (45.23 pct)\t^\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        // Nayak's `^` (EEVDF letter, 2023-03; archive46 R2: not read).
        assert_eq!(f.samples.len(), 10, "{:?}", f.notes);
        assert_eq!(f.samples[9].value.mean(), 24992.00);
        assert!(!f.notes.iter().any(|(_, m)| m.contains("not read")), "{:?}", f.notes);
        let rerun: Vec<usize> = f
            .samples
            .iter()
            .filter(|s| s.params.iter().any(|p| p.name == "rerun" && p.value == "verification run"))
            .map(|s| s.line)
            .collect();
        assert_eq!(rerun, [3, 3]);
        assert_eq!(f.samples[1].value.mean(), 9.60);
    }

    /// What a mark must not let through: a third figure without its `pct`
    /// (a column out of place), and a mark after a single cell.
    #[test]
    fn a_mark_does_not_excuse_a_cell_without_its_pct() {
        let text = "Test:   tip   v1\n \
                    1-groups:  4.23 (0.00 pct)  4.21 (0.47 pct)  4.3 *\n \
                    2-groups:  4.93 (0.00 pct)  *\n \
                    4-groups:  5.32 (0.00 pct)  5.64 (-6.01 pct)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(f.samples.iter().map(|s| s.line).collect::<Vec<_>>(), [4, 4]);
        assert!(f.notes.iter().any(|(l, _)| *l == 2), "{:?}", f.notes);
    }

    /// attack41 F26 (pt/p07): `o NPS 1` and a later mail's `NPS1` are one
    /// mode. Must stay apart (as typed): `NPS 1 4`, `nodes 2`, `NPS Mode -
    /// NPS1`, and `NPS 2` from `NPS 1`.
    #[test]
    fn an_acronym_and_its_number_apart_are_one_mode() {
        assert_eq!(folded_mode("NPS 1"), "NPS1");
        assert_eq!(folded_mode("NPS1"), "NPS1");
        assert_eq!(folded_mode("NPS 2"), "NPS2");
        for typed in ["NPS 1 4", "nodes 2", "NPS Mode - NPS1", "NPS 1 mode (10 runs)", "N 1", "ABCDEF 1"] {
            assert_eq!(folded_mode(typed), typed);
        }
    }

    /// archive40 F3-F5: a mail that writes its titles `~ Hackbench ~`
    /// between rules of tildes and its modes `o NPS 1` (a list's bullet),
    /// and STREAM's run counts as `- 10 runs` over or under the NPS line:
    /// the names were kept with their `~` and `o`, `- 10 runs` under `o NPS
    /// 1` was read as the mode (and the NPS line left to a label), and in
    /// another mail one table was labelled with a header line. Now the
    /// title is `Hackbench`, the mode `NPS1` (afix42: `NPS 1` folded), and `- N runs` labels the
    /// tables below it, to the next title.
    #[test]
    fn decorated_titles_bulleted_modes_and_run_counts_are_read_plainly() {
        let text = "~~~~~~~~~~~~~\n~ Hackbench ~\n~~~~~~~~~~~~~\n\no NPS1\n\n\
                    Test:                   tip                     v1\n \
                    1-groups:         4.23 (0.00 pct)         4.21 (0.47 pct)\n\n\
                    ~~~~~~~~~~\n~ stream ~\n~~~~~~~~~~\n\no NPS 1\n\n- 10 runs\n\n\
                    Test:            tip                     v1\n \
                    Copy:   335832.93 (0.00 pct)    338535.58 (0.80 pct)\n\n- 100 runs\n\n\
                    Test:            tip                     v1\n \
                    Copy:   335721.37 (0.00 pct)    337441.09 (0.51 pct)\n\n\
                    ~~~~~~\ntbench\n~~~~~~\n\nNPS1\n\n\
                    Clients:      tip                     v1\n    \
                    1    550.66 (0.00 pct)       582.73 (5.82 pct)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        let keys: Vec<String> = f
            .samples
            .iter()
            .filter(|s| s.kernel.as_deref() == Some("tip"))
            .map(|s| {
                let params: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {}", s.group, params.join(" "))
            })
            .collect();
        assert_eq!(
            keys,
            [
                "Hackbench groups=1 mode=NPS1",
                "stream case=Copy mode=NPS1 label=10 runs",
                "stream case=Copy mode=NPS1 label=100 runs",
                // A new title ends the run count; a plain mode is as before.
                "tbench clients=1 mode=NPS1",
            ]
        );
    }

    /// archive46 R1: AMD's EEVDF mail (LKML 2023-03-22) heads its netperf
    /// tables with the kernels' names alone (`tip   eevdf`, no `Clients:`):
    /// no header was read, and the rows went under the STREAM table's
    /// `Test:` header above the `~ netperf ~` title (group `stream`, mode
    /// `NPS4`), NPS2's rows said to be NPS1's "printed again". Now a new
    /// title ends the headers above it, the bare line heads its rows, and
    /// `- 10 Runs:` (capital, colon) is the run count as `- 10 runs` is.
    #[test]
    fn a_header_of_names_alone_heads_its_rows_under_a_new_title() {
        let text = "~~~~~~~~~~\n~ stream ~\n~~~~~~~~~~\n\no NPS4\n\n- 10 Runs:\n\n\
                    Test:\t\ttip\t\t\teevdf\n \
                    Copy:\t 356850.80 (0.00 pct)\t 371230.27 (4.02 pct)\n\n\
                    ~~~~~~~~~~~\n~ netperf ~\n~~~~~~~~~~~\n\no NPS1\n\n\
                    \x20                       tip                     eevdf\n \
                    1-clients:      107932.22 (0.00 pct)    106167.39 (-1.63 pct)\n\
                    16-clients:      88881.23 (0.00 pct)     86831.85 (-2.30 pct)\n\n\
                    o NPS2\n\n\
                    \x20                       tip                     eevdf\n \
                    1-clients:      106711.81 (0.00 pct)    108576.27 (1.74 pct)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        let keys: Vec<String> = f
            .samples
            .iter()
            .filter(|s| s.kernel.as_deref() == Some("tip"))
            .map(|s| {
                let params: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {} {}", s.line, s.group, params.join(" "))
            })
            .collect();
        assert_eq!(
            keys,
            [
                "10 stream case=Copy mode=NPS4 label=10 runs",
                "19 netperf clients=1 mode=NPS1",
                "20 netperf clients=16 mode=NPS1",
                "25 netperf clients=1 mode=NPS2",
            ]
        );
        assert!(f.notes.iter().all(|(_, m)| !m.contains("printed again")), "{:?}", f.notes);
    }

    /// archive46 R3: figures under a title on a line that is no row (AMD's
    /// EEVDF mail's DeathStarBench changes per CCX count) were left out
    /// without a word; now each such line is said. mmtests' rows in the
    /// same mail (`(   0.00%)`) are not said: mmtests reads them.
    #[test]
    fn figures_under_a_title_that_are_no_row_are_said() {
        let text = "~~~~~~~~~~~~~\n~ hackbench ~\n~~~~~~~~~~~~~\n\no NPS1\n\n\
                    Test:\t\t\ttip\t\t\teevdf\n \
                    1-groups:\t   4.63 (0.00 pct)\t   4.52 (2.37 pct)\n\n\
                    ~~~~~~~~~~~~~~~~~~\n~ DeathStarBench ~\n~~~~~~~~~~~~~~~~~~\n\no NPS1\n\n\
                    \x20 #CCX                      \t 1 CCX    2 CCX   3 CCX   4 CCX\n\
                    o eevdf compared to tip\t\t-10.93\t -14.35\t  -9.74\t  -6.07\n\
                    unixbench-pipe          Hmean     unixbench-pipe-1           2531131.89 (   0.00%)     2475863.05 *  -2.18%*\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(f.samples.len(), 2);
        let said: Vec<usize> =
            f.notes.iter().filter(|(_, m)| m.contains("no row of a `pct` table")).map(|n| n.0).collect();
        assert_eq!(said, [17], "{:?}", f.notes);
    }

    /// archive40 F6: ycsb-mongodb's lines (`sched-tip:  301330.33 (var:
    /// 3.28)`, `SIS_UTIL:  295360.33 (var: 0.76)    (-1.98%)`, `tip
    /// (14b3f2d9ee8d):  287361.67 (var: 0.80) (-1.07 pct)`) were left out
    /// without a word (or with "no number"); now each is said, not read.
    /// A row of `pct` cells is read as before.
    #[test]
    fn ycsb_lines_are_said_not_read() {
        let text = "Test:   tip   SIS_UTIL\n \
                    1-groups:  4.64 (0.00 pct)  4.77 (-2.80 pct)\n\n\
                    ~~~~~~~~~~~~\nycsb-mongodb\n~~~~~~~~~~~~\n\nNPS1\n\n\
                    sched-tip:      301330.33 (var: 3.28)\n\
                    SIS_UTIL:       295360.33 (var: 0.76)    (-1.98%)\n\
                    tip (14b3f2d9ee8d):   287361.67 (var: 0.80) (-1.07 pct)\n";
        let f = PctTable.parse(&Input::from_text(text)).expect("reads");
        assert_eq!(f.samples.len(), 2);
        let said: Vec<usize> = f.notes.iter().filter(|(_, m)| m.contains("(var: …)`")).map(|(l, _)| *l).collect();
        assert_eq!(said, [10, 11, 12], "{:?}", f.notes);
        assert!(f.notes.iter().any(|(_, m)| m.contains("`tip (14b3f2d9ee8d): … (var: …)`")), "{:?}", f.notes);
    }
}
