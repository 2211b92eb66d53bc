//! Comparison tables a person typed into a mail, one column per kernel,
//! in the two layouts of Shrikanth Hegde's (IBM Power10) scheduler
//! letters on LKML (2023 on). Neither prints a run count: each figure is
//! a single value.
//!
//! **Bars** (`|` between the kernels' columns), under a title between
//! `===` rules; `N Threads` lines over schbench's percentiles:
//!
//! ```text
//! ===========
//! schbench
//! ===========
//!          v6.2        |  v6.2+LN=0    |  v6.2+LN=-20 |  v6.2+LN=19
//! 1 Thread
//!   50.0th:    10.50       |   10.00       |   10.00      |   11.00
//! Type          groups    v6.2      | v6.2+LN=0  | v6.2+LN=-20 | v6.2+LN=19
//! Process       10        0.33      |   0.33     |   0.33      |   0.33
//! ```
//!
//! The header's cells are the kernels; words before the first kernel
//! (`Type groups`) name the row's words before its first figure
//! (`Process 10`: parameters `type`, `groups`); a row's words with no
//! such names (`50.0th:`) are the metric.
//!
//! **Colons and commas** (`label : base, value(change), …`) between
//! dashed rules over and under a header naming the benchmark and the
//! kernels (`lmbench  tip/master  eevdf(LN=0) …`):
//!
//! ```text
//! -------------------------------------------------------------------
//! lmbench                          tip/master      eevdf
//! -------------------------------------------------------------------
//! latency process fork       :     120.56,     120.32(+0.20)
//! ```
//!
//! The change in parentheses is derived from the two values, never a
//! sample; one whose size is not the one the values give is a note
//! naming the line. Its sign gives no direction: the same letter's
//! lmbench table marks a fall of latency `(+0.20)` on one row and
//! `(-0.46)` on another. A `Method N:` heading between `===` rules over the tables is a
//! set-up: parameter `setup`. Words after a row's cells (`<<<<< This is
//! a concerning one.`) are the author's, passed over.
//!
//! The 2024 letters (PREEMPT_AUTO on Power10) type the colon form's header
//! with tabs and no rules: one line of the title and the kernels, a
//! kernel's name may hold a space, a parenthesised line under it saying
//! how it was run (parameter `setup`; a tab shown as `\t`):
//!
//! ```text
//! Hackbench \t\t\t6.9\t\t+preempt_auto (=none)
//! (10 iterations, 10000 loops)
//!
//! Process 10 groups          :       3.00,       3.07(  -2.33)
//! ```
//!
//! or two indented lines with no title, read down the columns (kernels
//! `6.9 preempt=none` and `preempt_auto preempt=none`):
//!
//! ```text
//! \t\t\t\t6.9 \t\tpreempt_auto
//! \t\t\t\tpreempt=none\tpreempt=none
//! ```
//!
//! Such a line is a header only when its table's first row has a cell
//! for each of its kernels. A row's label is its words, however many
//! spaces the author typed between them (`Thread  10 groups` is
//! `Thread 10 groups`).
//!
//! **Sample.** Group: the table's title (`schbench`, `Hackbench`,
//! `lmbench`); metric: the row's label (`50.0th`, `copy bandwidth`) or
//! the title where the row's words are parameters; parameter `threads`
//! from an `N Threads` line; unit: `usec` for schbench's percentiles and
//! `s` for hackbench's times (what those benchmarks print), else none
//! (the tables print none); kernel: the column's name. Rows of figures
//! under no header naming kernels are a note, not read. Direction:
//! schbench's and hackbench's lower is better; else none. A line inside a table that
//! is no row is a note, never dropped silently.

use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// The parser id.
pub const ID: &str = "column-mail";

/// The tables of the module docs.
pub struct ColumnMail;

/// A line of `-` or `=` or `+` only (a rule), at least 5 long.
fn rule(t: &str, c: char) -> bool {
    t.len() >= 5 && t.chars().all(|x| x == c)
}

/// `1 Thread`, `16 Threads` → 16.
fn threads(t: &str) -> Option<u32> {
    let (n, w) = t.split_once(' ')?;
    matches!(w.trim(), "Thread" | "Threads" | "thread" | "threads").then(|| n.parse().ok())?
}

/// A figure as typed: digits, one dot at most, a sign.
fn number(w: &str) -> Option<f64> {
    let w = w.trim();
    if !w.trim_start_matches(['+', '-']).starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    super::num::plain(w)
}

/// The bar form's header: cells split at `|`, none a figure, 2 or more;
/// → (case words, kernels).
fn bar_header(t: &str) -> Option<(Vec<String>, Vec<String>)> {
    if !t.contains('|') {
        return None;
    }
    let cells: Vec<&str> = t.split('|').map(str::trim).collect();
    if cells.len() < 2 || cells.iter().any(|c| c.is_empty() || c.split_whitespace().any(|w| number(w).is_some())) {
        return None;
    }
    let first: Vec<&str> = cells[0].split_whitespace().collect();
    let mut kernels = vec![first.last()?.to_string()];
    for c in &cells[1..] {
        if c.split_whitespace().count() != 1 {
            return None;
        }
        kernels.push(c.to_string());
    }
    let cases = first[..first.len() - 1].iter().map(|w| w.to_lowercase()).collect();
    Some((cases, kernels))
}

/// The bar form's row: (label words, figures), the first cell's last
/// word a figure, every other cell one figure.
fn bar_row(t: &str) -> Option<(Vec<String>, Vec<f64>)> {
    if !t.contains('|') {
        return None;
    }
    let mut cells = t.split('|');
    let first: Vec<&str> = cells.next()?.split_whitespace().collect();
    let mut values = vec![number(first.last()?)?];
    for c in cells {
        values.push(number(c)?);
    }
    let label = first[..first.len() - 1].iter().map(|w| w.trim_end_matches(':').to_string()).collect();
    Some((label, values))
}

/// One cell of the colon form: a value and, but in the first, its change.
type Cell = (f64, Option<f64>);

/// The colon form's row `label : 120.56,  120.32(+0.20)  <<<<< words`
/// → (label, cells); `Err` with why for a line of its shape that is no
/// row; `Ok(None)` for another line.
fn colon_row(t: &str) -> Result<Option<(String, Vec<Cell>)>, String> {
    let Some((label, rest)) = t.rsplit_once(':') else { return Ok(None) };
    if label.trim().is_empty() || !rest.contains(',') {
        return Ok(None);
    }
    let label = label.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut cells = Vec::new();
    let parts: Vec<&str> = rest.split(',').collect();
    for (i, p) in parts.iter().enumerate() {
        let p = p.trim();
        if i == 0 {
            let Some(v) = number(p) else { return Ok(None) };
            cells.push((v, None));
            continue;
        }
        let Some((v, after)) = p.split_once('(') else {
            return Err(format!("cell `{p}` has no change in parentheses"));
        };
        let (pct, after) = after.split_once(')').ok_or_else(|| format!("cell `{p}` has no `)`"))?;
        let (Some(v), Some(pct)) = (number(v), number(pct)) else {
            return Err(format!("cell `{p}` is no value with its change"));
        };
        let after = after.trim();
        if !(after.is_empty() || (i + 1 == parts.len() && after.starts_with(['<', '*']))) {
            return Err(format!("words `{after}` after cell {}", i + 1));
        }
        cells.push((v, Some(pct)));
    }
    Ok((cells.len() >= 2).then_some((label, cells)))
}

/// A colon table's header between dashed rules: the title (first word)
/// and two or more kernels.
fn colon_header(t: &str) -> Option<(String, Vec<String>)> {
    let words: Vec<&str> = t.split_whitespace().collect();
    if words.len() < 3 || words.iter().any(|w| number(w).is_some() || w.contains(':')) {
        return None;
    }
    Some((words[0].to_string(), words[1..].iter().map(|w| w.to_string()).collect()))
}

/// The cells of a header typed with tabs or runs of spaces: split at a
/// tab or at two spaces or more, so that a cell may hold one space
/// (`Hackbench \t\t\t6.9\t\t+preempt_auto (=none)` → `Hackbench`,
/// `6.9`, `+preempt_auto (=none)`).
fn wide_cells(l: &str) -> Vec<&str> {
    l.split('\t').flat_map(|p| p.split("  ")).map(str::trim).filter(|c| !c.is_empty()).collect()
}

/// A line that may be part of a header typed with no rules: not blank,
/// no `:` or `,` (a row's), two cells or more.
fn loose_line(l: &str) -> Option<Vec<&str>> {
    if l.trim().is_empty() || l.contains([':', ',']) {
        return None;
    }
    let cells = wide_cells(l);
    (cells.len() >= 2).then_some(cells)
}

/// A header of the colon form typed with no rules around it (the module
/// docs' 2024 form) on line `i`: a title at the line's start and two
/// kernels or more, or two indented lines of as many cells each, read
/// down the columns, with no title. A parenthesised line under it is a
/// set-up; blank lines may follow. It is a header only when the first
/// line after those is a row with a cell for each kernel.
/// → (title, kernels, set-up, index of that first row).
fn loose_header(lines: &[String], i: usize) -> Option<(String, Vec<String>, Option<String>, usize)> {
    let l = lines.get(i)?;
    let cells = loose_line(l)?;
    let (title, kernels, mut j) = if !l.starts_with([' ', '\t']) {
        if cells.len() < 3 || number(cells[0]).is_some() {
            return None;
        }
        (cells[0].to_string(), cells[1..].iter().map(|c| c.to_string()).collect::<Vec<_>>(), i + 1)
    } else if let Some(next) = lines.get(i + 1).filter(|n| n.starts_with([' ', '\t']))
        && let Some(below) = loose_line(next)
        && below.len() == cells.len()
    {
        (String::new(), cells.iter().zip(&below).map(|(a, b)| format!("{a} {b}")).collect(), i + 2)
    } else {
        (String::new(), cells.iter().map(|c| c.to_string()).collect(), i + 1)
    };
    let mut setup = None;
    if let Some(p) = lines.get(j).map(|p| p.trim()).and_then(|p| p.strip_prefix('(')).and_then(|p| p.strip_suffix(')'))
    {
        setup = Some(p.trim().to_string());
        j += 1;
    }
    while lines.get(j).is_some_and(|b| b.trim().is_empty()) && j <= i + 4 {
        j += 1;
    }
    let row = lines.get(j)?.trim();
    matches!(colon_row(row), Ok(Some((_, c))) if c.len() == kernels.len()).then_some((title, kernels, setup, j))
}

/// schbench's percentiles are microseconds, hackbench's times seconds:
/// what they print; other titles' tables print no unit.
fn unit_of(title: &str) -> &'static str {
    match title.to_ascii_lowercase().as_str() {
        "schbench" => "usec",
        "hackbench" => "s",
        _ => "",
    }
}

/// A heading between rules of `c`: lines `i-1` and `i+1` rules, `i` text.
fn ruled_heading(lines: &[String], i: usize, c: char) -> Option<&str> {
    let t = lines.get(i)?.trim();
    (i >= 1 && !t.is_empty() && rule(lines[i - 1].trim(), c) && lines.get(i + 1).is_some_and(|l| rule(l.trim(), c)))
        .then_some(t)
}

/// Half a unit of the last printed decimal of `v` (`120.56` → 0.005).
fn half_ulp(v: f64) -> f64 {
    0.5 * 10f64.powi(-super::num::decimals_of(v))
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let lines = &input.lines;
    // (title, cases, kernels, colon form)
    let mut table: Option<(String, Vec<String>, Vec<String>, bool)> = None;
    let mut title: Option<String> = None;
    let mut setup: Option<String> = None;
    // A loose header's parenthesised set-up line, for its table only.
    let mut run: Option<String> = None;
    let mut thr: Option<u32> = None;
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        let n = i + 1;
        if let Some(h) = ruled_heading(lines, i, '=') {
            let h = h.to_string();
            if h.to_ascii_lowercase().starts_with("method") {
                setup = Some(h.trim_end_matches(':').to_string());
            } else {
                title = Some(h);
            }
            table = None;
            i += 2;
            continue;
        }
        if t.is_empty() || rule(t, '=') || rule(t, '+') {
            // A table, of either form, ends at a blank line (not one whose
            // text the line above took: [`rewrapped`]).
            if t.is_empty() && !input.joined_away(i) {
                table = None;
            }
            i += 1;
            continue;
        }
        if rule(t, '-') {
            // (The header's next line may be one its wrapped rest left.)
            let below = i + 2 + usize::from(input.joined_away(i + 2));
            if let Some(h) = lines.get(i + 1).map(|l| l.trim())
                && lines.get(below).is_some_and(|l| rule(l.trim(), '-'))
                && let Some((ti, kernels)) = colon_header(h)
            {
                table = Some((ti, Vec::new(), kernels, true));
                run = None;
                thr = None;
                i = below + 1;
                continue;
            }
            i += 1;
            continue;
        }
        if let Some((ti, kernels, su, first)) = loose_header(lines, i) {
            table = Some((ti, Vec::new(), kernels, true));
            run = su;
            thr = None;
            i = first;
            continue;
        }
        if let Some((cases, kernels)) = bar_header(t)
            && let Some(ti) = &title
        {
            table = Some((ti.clone(), cases, kernels, false));
            thr = None;
            i += 1;
            continue;
        }
        let Some((ti, cases, kernels, colon)) = &table else {
            // Rows of figures with no header naming their kernels (the
            // 480-CPU letter's hackbench, right under its title): said,
            // one note for each run of them, never dropped silently.
            let unheaded = bar_row(t).is_some_and(|(_, v)| v.len() >= 2) || matches!(colon_row(t), Ok(Some(_)));
            if unheaded {
                let start = n;
                let mut end = n;
                while lines.get(end).is_some_and(|l| {
                    let l = l.trim();
                    bar_row(l).is_some_and(|(_, v)| v.len() >= 2) || matches!(colon_row(l), Ok(Some(_)))
                }) {
                    end += 1;
                }
                out.notes.push((
                    start,
                    format!(
                        "{} row(s) of figures (lines {start}-{end}) under no header naming their kernels: not read",
                        end - start + 1
                    ),
                ));
                i = end;
                continue;
            }
            i += 1;
            continue;
        };
        if let Some(k) = threads(t) {
            thr = Some(k);
            i += 1;
            continue;
        }
        let unit = unit_of(ti);
        let fixed = if unit.is_empty() { Better::Neither } else { Better::Lower };
        if *colon {
            match colon_row(t) {
                Ok(Some((label, cells))) if cells.len() == kernels.len() => {
                    let base = cells[0].0;
                    for (c, (v, pct)) in cells.iter().enumerate() {
                        if let Some(p) = pct {
                            let d = v - base;
                            let change = if base != 0.0 { 100.0 * d / base } else { 0.0 };
                            let tol = 100.0 * (half_ulp(*v) + half_ulp(base)) / base.abs().max(f64::MIN_POSITIVE)
                                + half_ulp(*p)
                                + 0.01;
                            if (change.abs() - p.abs()).abs() > tol {
                                out.notes.push((
                                    n,
                                    format!(
                                        "the change `{p}` of `{}`'s {label} is not the {change:.2}% its value {v} and the \
                                         base {base} give; the row is read as the values say",
                                        kernels[c]
                                    ),
                                ));
                            }
                        }
                        let metric = Metric::new(label.as_str(), unit, fixed);
                        let mut s = Sample::new(metric, *v, n).with_group(ti.as_str()).with_kernel(kernels[c].as_str());
                        if let Some(k) = thr {
                            s = s.with_param("threads", k);
                        }
                        match (&setup, &run) {
                            (Some(m), Some(r)) => s = s.with_param("setup", format!("{m}; {r}")),
                            (Some(m), None) | (None, Some(m)) => s = s.with_param("setup", m),
                            (None, None) => {}
                        }
                        out.samples.push(s);
                    }
                }
                Ok(Some((_, cells))) => out.notes.push((
                    n,
                    format!(
                        "a row of {} cells under a header of {} kernels ({}): not read",
                        cells.len(),
                        kernels.len(),
                        kernels.join(", ")
                    ),
                )),
                Err(why) => {
                    out.notes.push((n, format!("looks like a row of the `{ti}` table and was not read: {why}")))
                }
                Ok(None) => out.notes.push((n, format!("a line inside the `{ti}` table that is no row: not read"))),
            }
        } else {
            match bar_row(t) {
                Some((label, values)) if values.len() == kernels.len() => {
                    let named = !cases.is_empty() && cases.len() == label.len();
                    let metric = if named || label.is_empty() { ti.clone() } else { label.join(" ") };
                    for (c, v) in values.iter().enumerate() {
                        let m = Metric::new(metric.as_str(), unit, fixed);
                        let mut s = Sample::new(m, *v, n).with_group(ti.as_str()).with_kernel(kernels[c].as_str());
                        if named {
                            for (name, w) in cases.iter().zip(&label) {
                                s = s.with_param(name.as_str(), w);
                            }
                        }
                        if let Some(k) = thr {
                            s = s.with_param("threads", k);
                        }
                        if let Some(m) = &setup {
                            s = s.with_param("setup", m);
                        }
                        out.samples.push(s);
                    }
                }
                Some((_, values)) => out.notes.push((
                    n,
                    format!(
                        "a row of {} figures under a header of {} kernels ({}): not read",
                        values.len(),
                        kernels.len(),
                        kernels.join(", ")
                    ),
                )),
                None => out.notes.push((n, format!("a line inside the `{ti}` table that is no row: not read"))),
            }
        }
        for k in kernels {
            if !out.kernel_order.contains(k) {
                out.kernel_order.push(k.clone());
            }
        }
        i += 1;
    }
    out.notes.sort_by_key(|n| n.0);
    if out.samples.is_empty() {
        let unheaded: Vec<&str> =
            out.notes.iter().map(|(_, w)| w.as_str()).filter(|w| w.contains("under no header")).collect();
        let reason = if unheaded.is_empty() {
            "no table of a header naming kernels and rows of figures".to_string()
        } else {
            unheaded.join("; ")
        };
        return Err(ParseError::NoResults { benchmark: ID, reason });
    }
    Ok(out)
}

impl BenchParser for ColumnMail {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "comparison tables typed into a mail, a column per kernel: `v | v | v` rows, or `label : v, v(change)` rows \
         between dashed rules (IBM Power10 scheduler letters on LKML)"
    }

    /// Its first test: `),` or ` :  ` (`colon`), or `=====` (`bar`).
    fn literals(&self) -> &'static [&'static str] {
        &["),", " :  ", "====="]
    }

    fn detect(&self, input: &Input) -> u8 {
        // `),` between cells, or, with two kernels (no cell after the
        // change), the colon typed with spaces around it (`groups  :  3.00,`).
        let colon = input.has("),") || input.has(" :  ");
        let bar = input.has("|") && input.has("=====");
        if !colon && !bar {
            return 0;
        }
        let mut rows = 0;
        let mut headed = false;
        for (i, l) in input.lines.iter().enumerate() {
            let t = l.trim();
            let row = colon && matches!(colon_row(t), Ok(Some(_)));
            if row {
                rows += 1;
            }
            if bar && bar_row(t).is_some_and(|(_, v)| v.len() >= 2) {
                rows += 1;
            }
            // A loose header is looked for only right over a row or the
            // parenthesised and blank lines before one: never on every line.
            if !headed
                && ((colon && rule(t, '-') && input.lines.get(i + 1).is_some_and(|h| colon_header(h.trim()).is_some()))
                    || (bar && bar_header(t).is_some())
                    || (row && (i.saturating_sub(4)..i).any(|h| loose_header(&input.lines, h).is_some())))
            {
                headed = true;
            }
        }
        // Rows of the colon form with no header naming their kernels are
        // still claimed, weakly, so that the warning says why they are
        // not read rather than "unrecognised file".
        if headed && rows >= 3 {
            40
        } else if colon && rows >= 3 {
            10
        } else {
            0
        }
    }

    fn max_score(&self) -> u8 {
        40
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        super::read_rejoined(input, rewrapped, parse_all, |line| {
            format!("this line is the rest of line {line}, wrapped by a mail's line length: read as one line")
        })
    }
}

/// The input with the colon tables' lines a mailer's wrap at 72 columns
/// broke rejoined (IBM's EEVDF letter of 2023-04 on a 480-CPU POWER10,
/// re-wrapped: `lmbench  tip/master  eevdf(LN=0)  eevdf(LN=-20)` /
/// `eevdf(LN=19)` between the rules, and every row's last cell alone,
/// `… :152.98,   158.34(-3.50),  155.07(-1.36),` / `157.57(-3.00)`: the
/// tables' 168 figures were lost with no word). A row ending in a comma
/// goes on (no row ends so) when the next line is the cells it lacks; a
/// header between its rules, the one line before the closing rule its
/// last kernels'. The line taken is left empty, as a soft break leaves it
/// ([`Input::joined_away`]). With the (line, rest) numbers of each join;
/// `None` where nothing was wrapped.
fn rewrapped(input: &Input) -> Option<(Input, Vec<(usize, usize)>)> {
    if !input.has(",") {
        return None;
    }
    let mut r = input.rejoining();
    for i in 0..r.lines.len().saturating_sub(1) {
        let (t, next) = (r.lines[i].trim_end(), r.lines[i + 1].trim());
        if r.is_away(i) || next.is_empty() {
            continue;
        }
        let row = (t.ends_with(',') && next.starts_with(|c: char| c.is_ascii_digit() || c == '-'))
            .then(|| format!("{t} {next}"))
            .filter(|whole| matches!(colon_row(whole), Ok(Some(_))));
        let header = i > 0
            && rule(r.lines[i - 1].trim(), '-')
            && r.lines.get(i + 2).is_some_and(|l| rule(l.trim(), '-'))
            && !rule(next, '-')
            && colon_header(t.trim()).is_some()
            && colon_header(&format!("{} {next}", t.trim())).is_some();
        if let Some(whole) = row.or_else(|| header.then(|| format!("{t} {next}"))) {
            r.join(i, i + 1, whole);
        }
    }
    r.finish_with_joins()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<ParsedFile, ParseError> {
        parse_all(&Input::from_text(text))
    }

    fn s_param<'a>(s: &'a crate::model::Sample, name: &str) -> Option<&'a str> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
    }

    fn kernels_of(f: &ParsedFile) -> Vec<String> {
        f.samples.iter().map(|s| s.kernel.as_deref().unwrap_or("-").to_string()).collect()
    }

    /// archive47: Shrikanth Hegde's 2024-04-23 letter types the header
    /// with tabs and no rules, one kernel's name holding a space, a
    /// parenthesised line under it; it was an unrecognised file.
    #[test]
    fn a_tab_typed_header_names_its_kernels_whole() {
        let text = "Hackbench \t\t\t6.9\t\t+preempt_auto (=none)\n(10 iterations, 10000 loops)\n\n\
                    Process 10 groups          :       3.00,       3.07(  -2.33)\n\
                    Thread  10 groups          :       3.24,       3.28(  -1.23)\n\
                    Process(Pipe) 60 groups    :       7.88,      16.69(-111.80)\n";
        assert_eq!(ColumnMail.detect(&Input::from_text(text)), 40);
        let f = read(text).unwrap();
        assert_eq!(kernels_of(&f)[..2], ["6.9", "+preempt_auto (=none)"]);
        let s = &f.samples[2];
        assert_eq!((s.metric.name.as_str(), s.value.mean(), s.line), ("Thread 10 groups", 3.24, 5));
        assert_eq!((s.group.as_str(), s.metric.unit.as_str()), ("Hackbench", "s"));
        assert_eq!(s_param(s, "setup"), Some("10 iterations, 10000 loops"));
        assert_eq!(f.samples.len(), 6);
    }

    /// archive47: the 2024-05-15 letter's two-line header, read down its
    /// columns; the quoted table above it, which no header names, stays
    /// unread with its note.
    #[test]
    fn a_two_line_header_is_read_down_its_columns() {
        let text = "Process 10 groups          :       9.85,       9.87(-0.20)\n\
                    Process 20 groups          :      17.69,      17.32(2.09)\n\
                    \n\
                    \t\t\t\t6.9 \t\tpreempt_auto\n\
                    \t\t\t\tpreempt=none\tpreempt=none\n\
                    \n\
                    Process 10 groups          :       9.66,       9.75(-0.93)\n\
                    thread 20 groups           :      18.00,      18.39(-2.17)\n";
        let f = read(text).unwrap();
        assert_eq!(
            kernels_of(&f),
            ["6.9 preempt=none", "preempt_auto preempt=none", "6.9 preempt=none", "preempt_auto preempt=none"]
        );
        assert_eq!(f.samples[0].line, 7);
        assert!(f.samples.iter().all(|s| s.group.is_empty() && s.metric.unit.is_empty()));
        assert!(f.notes.iter().any(|(n, w)| *n == 1 && w.contains("under no header")), "{:?}", f.notes);
    }

    /// A line of tab-separated words is no header when no row with a cell
    /// for each of its words follows; rows under no header are claimed
    /// weakly, and the error says which lines were not read.
    #[test]
    fn rows_under_no_header_are_said_not_read() {
        let text = "1L ops.\n\
                    Process 10 groups          :       9.85,       9.87(-0.20)\n\
                    Process 20 groups          :      17.69,      17.32(2.09)\n\
                    Process 30 groups          :      25.89,      25.96(-0.27)\n";
        assert_eq!(ColumnMail.detect(&Input::from_text(text)), 10);
        let e = read(text).unwrap_err().to_string();
        assert!(e.contains("3 row(s) of figures (lines 2-4) under no header naming their kernels"), "{e}");
        let prose = "Hackbench\tx\ty\tz\n\nProcess 10 groups : 9.85, 9.87(-0.20)\n";
        assert!(loose_header(&Input::from_text(prose).lines, 0).is_none());
    }
}
