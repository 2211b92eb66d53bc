//! A table's result rows: their host and OS labels, their cells (by
//! position, or in order for a collapsed table), and each column's metric.

use super::find::Title;
use super::table::{Column, Table, Tok, tokens};
use super::{columns, names, num};
use crate::model::{Better, Metric};
use crate::parse::ParseError;

pub(super) struct Row {
    /// The Host column, in tables that have one.
    pub(super) host: Option<String>,
    pub(super) os: String,
    /// Notes about cells that gave no sample (`-1`).
    pub(super) notes: Vec<String>,
    /// (value column index, value, the step a `K`-suffixed value was
    /// printed to: [`crate::model::Sample::step`])
    pub(super) cells: Vec<(usize, f64, Option<f64>)>,
}

/// What a line of a table's body is.
pub(super) enum RowRead {
    Row(Row),
    /// A row whose cells cannot be placed with certainty: why.
    Unreadable(String),
    NotARow,
}

/// A cell's value: `None` for a blank (`-`) and for lmbench's `-1` (not
/// measured, with a note in `notes`), an error for anything that is not an
/// lmbench number.
/// With the step the value was printed to (`0.40`: 0.01; a `K`- or
/// `M`-suffixed value's scaled, `3549.8K`: 100, `18.M`: 1,000,000).
fn cell_value(
    cell: &str,
    col: &Column,
    line: usize,
    notes: &mut Vec<String>,
) -> Result<Option<(f64, Option<f64>)>, ParseError> {
    if cell == "-" {
        return Ok(None);
    }
    match num::k_suffixed(cell) {
        Some(-1.0) => {
            notes.push(format!("{:?} is -1 (lmbench's \"not measured\"); no sample", col.name));
            Ok(None)
        }
        Some(v) => {
            // A plain cell's own decimals too (`0.40`: 0.01): a column all
            // of `0.40` was shown `0.4`, its trailing zero lost (newcomer33).
            let step = match (cell.strip_suffix('M'), cell.strip_suffix('K')) {
                (Some(head), _) => num::scaled_step(head, 1_000_000.0),
                (_, Some(head)) => num::scaled_step(head, 1000.0),
                _ => num::scaled_step(cell, 1.0),
            };
            Ok(Some((v, step)))
        }
        None => Err(ParseError::malformed(line, format!("a number in column {:?}", col.name), cell)),
    }
}

/// The host and OS words of an aligned row and how many tokens they take:
/// the host starts in column 0, the OS words end by the OS column's rule.
/// A host that reads as a number is a host when an OS name follows it
/// (`800       Linux 2.6.22- 3597 0.18 …`: Balbir Singh's memory-controller
/// set-ups written in the Host cell, linux-mm 2007, `800` for "limited to
/// 800 MB" beside `disabled` and `unlimited`).
/// `Ok(None)` when the line does not start like a row; an error message
/// when a word runs over the OS column's edge (which column it is in
/// cannot be told).
fn row_labels(table: &Table, toks: &[Tok<'_>]) -> Result<Option<(Option<String>, String, usize)>, String> {
    let Some(os_words) = os_words(table, toks) else { return Ok(None) };
    if let Some(w) = os_words.iter().find(|t| t.end > table.label_end) {
        return Err(format!("{:?} runs past the end of the OS column", w.text));
    }
    if let Some(w) = glued_figure(&os_words) {
        return Err(glued_why(w));
    }
    let os = os_words.iter().map(|t| t.text).collect::<Vec<_>>().join(" ");
    let skip = usize::from(table.host);
    let host = table.host.then(|| toks[0].text.to_string());
    Ok(Some((host, os, skip + os_words.len())))
}

/// The OS words of a line that starts like a row ([`row_labels`]).
fn os_words<'a, 'b>(table: &Table, toks: &'b [Tok<'a>]) -> Option<Vec<&'b Tok<'a>>> {
    let first = toks.first()?;
    if table.host {
        let os_next = toks.get(1).is_some_and(|t| OS_NAMES.contains(&t.text));
        if first.start != 0 || first.end >= table.label_end || (columns::is_cell(first.text) && !os_next) {
            return None;
        }
    } else if first.start > table.label_end {
        return None;
    }
    let skip = usize::from(table.host);
    let os_words: Vec<&Tok> = toks.iter().skip(skip).take_while(|t| t.start <= table.label_end).collect();
    (!os_words.is_empty()).then_some(os_words)
}

/// A figure among a row's OS words after the OS name and version
/// (`tony Linux 2.4.18 0.850 1.7300 …` under `--------- -------------`):
/// getsummary prints the OS as two words, so a third that is a number is
/// the row's first cell, moved left into the OS column when a mail client
/// or an html-to-text conversion collapsed the spacing (LKML 2002-10,
/// Davidsen's quoted context-switch table: read by the rule's positions,
/// the kernel was `2.4.18 0.850` and every figure sat one column left).
fn glued_figure<'a, 'b>(os_words: &'b [&'b Tok<'a>]) -> Option<&'b Tok<'a>> {
    os_words.iter().skip(2).copied().find(|t| columns::is_cell(t.text))
}

fn glued_why(w: &Tok<'_>) -> String {
    format!(
        "{:?} is a figure inside the OS column (an OS is a name and a version): the row's spacing was collapsed, \
         so its cells do not lie under the dashed rule",
        w.text
    )
}

/// Why a row of an aligned table cannot be read by the rule's positions
/// although its cells may lie under columns: a figure inside the OS column
/// ([`glued_figure`]) or under a text column that is not the last
/// (`localhost Linux 2.6.27- ia64-linux-gnu 1600 128 1` under lmbench 3's
/// `Description`, collapsed: `1600` under Description, `1` under Mhz).
/// `None` for a row that is not one, or holds neither.
pub(super) fn collapsed_in_aligned(table: &Table, line: &str) -> Option<String> {
    let toks = tokens(line);
    let os = os_words(table, &toks)?;
    if let Some(w) = glued_figure(&os) {
        return Some(glued_why(w));
    }
    let extents: Vec<(usize, usize)> = table.cols.iter().map(|c| (c.start, c.end)).collect();
    toks[usize::from(table.host) + os.len()..].iter().find_map(|t| match columns::place(t, &extents, 2) {
        columns::Place::One(c) if table.cols[c].text && c + 1 < table.cols.len() && columns::is_cell(t.text) => {
            Some(figure_under_text(t, &table.cols[c].name))
        }
        _ => None,
    })
}

fn figure_under_text(t: &Tok<'_>, col: &str) -> String {
    format!(
        "{:?} is a figure under the text column {col:?}: the row's spacing was collapsed, so its cells do not \
         lie under the dashed rule",
        t.text
    )
}

/// Reads one row of an aligned table. Each cell must lie under exactly one
/// column (or, under none, within two characters of exactly one), in
/// column order; otherwise the row is [`RowRead::Unreadable`].
pub(super) fn aligned_row(table: &Table, line: &str, lineno: usize) -> Result<RowRead, ParseError> {
    if line.starts_with("make") || line.starts_with("gmake") {
        return Ok(RowRead::NotARow);
    }
    let toks = tokens(line);
    let (host, os, used) = match row_labels(table, &toks) {
        Ok(Some(l)) => l,
        Ok(None) => return Ok(RowRead::NotARow),
        Err(why) => return Ok(RowRead::Unreadable(why)),
    };
    let extents: Vec<(usize, usize)> = table.cols.iter().map(|c| (c.start, c.end)).collect();
    let guesses_last = table.cols.last().is_some_and(|c| c.text);
    let mut row = Row { host, os, notes: Vec::new(), cells: Vec::new() };
    let mut last_col: Option<usize> = None;
    for t in &toks[used..] {
        let is_number = columns::is_cell(t.text);
        let starts_alpha = t.text.chars().next().is_some_and(|c| c.is_alphabetic());
        let c = match columns::place(t, &extents, 2) {
            columns::Place::One(c) => Some(c),
            // A blank between two columns gives no sample wherever it is.
            _ if t.text == "-" => continue,
            _ if guesses_last && !is_number && starts_alpha && last_col.is_some() => None,
            columns::Place::Two(a, b) => {
                let (a, b) = (&table.cols[a].name, &table.cols[b].name);
                return Ok(RowRead::Unreadable(format!("{:?} lies under both {a:?} and {b:?}", t.text)));
            }
            columns::Place::None => {
                return Ok(RowRead::Unreadable(format!("{:?} lies under no column of the dashed rule", t.text)));
            }
        };
        let Some(c) = c else { break }; // "158.9    No L2 cache?": the guess may start under a value column
        let col = &table.cols[c];
        if col.text {
            if c + 1 == table.cols.len() {
                break; // free text (Guesses) runs to the end of the line
            }
            if is_number {
                return Ok(RowRead::Unreadable(figure_under_text(t, &col.name)));
            }
            last_col = Some(c);
            continue;
        }
        if !is_number && guesses_last && starts_alpha && last_col.is_some() {
            break;
        }
        if last_col.is_some_and(|l| c <= l) {
            return Ok(RowRead::Unreadable(format!("two cells fall under {:?}", col.name)));
        }
        last_col = Some(c);
        if let Some((v, step)) = cell_value(t.text, col, lineno, &mut row.notes)? {
            row.cells.push((c, v, step));
        }
    }
    Ok(RowRead::Row(row))
}

/// OS names that are printed with a version after them.
pub(super) const OS_NAMES: &[&str] = &[
    "Linux", "IRIX", "IRIX64", "SunOS", "FreeBSD", "NetBSD", "OpenBSD", "HP-UX", "AIX", "OSF1", "Darwin", "ULTRIX",
    "BSD/OS", "SCO_SV", "UnixWare",
];

/// [`names::match_names`] of the header lines, or, when they do not match,
/// of the header lines with one line joined to the one above (the tail of
/// a header line that a mail client wrapped), when exactly one join matches.
pub(super) fn catalog_names(group: &str, lines: &[Vec<&str>], n: usize) -> Option<Vec<String>> {
    if let Some(names) = names::match_names(group, lines, n) {
        return Some(names);
    }
    let mut found: Option<Vec<String>> = None;
    for k in 1..lines.len() {
        let mut joined = lines.to_vec();
        let tail = joined.remove(k);
        joined[k - 1].extend(tail);
        match (names::match_names(group, &joined, n), &found) {
            (Some(h), Some(f)) if h != *f => return None,
            (Some(h), None) => found = Some(h),
            _ => {}
        }
    }
    found
}

/// Reads one row of a whitespace-collapsed table. getsummary prints the OS
/// as two words (`uname -s` and `uname -r`: `Linux 2.4.17`, `IRIX 6.2`), so
/// a row is the host (when the table has a Host column), two OS words and
/// the cells; a row with some cells missing cannot be placed.
pub(super) fn collapsed_row(table: &Table, line: &str, lineno: usize) -> Result<RowRead, ParseError> {
    if line.starts_with(char::is_whitespace) || line.starts_with("make") || line.starts_with("gmake") {
        return Ok(RowRead::NotARow);
    }
    let mut toks: Vec<&str> = line.split_whitespace().collect();
    let host_n = usize::from(table.host);
    let label_n = host_n + 2;
    let os_ok = toks.get(host_n).is_some_and(|t| t.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
        && toks.get(host_n + 1).is_some_and(|t| t.chars().next().is_some_and(|c| c.is_ascii_digit()));
    if !os_ok {
        return Ok(RowRead::NotARow);
    }
    let os = toks[host_n..label_n].join(" ");
    let host = table.host.then(|| toks[0].to_string());
    let mut row = Row { host, os, notes: Vec::new(), cells: Vec::new() };
    if toks.len() == label_n {
        return Ok(RowRead::Row(row));
    }
    let text_last = table.cols.last().is_some_and(|c| c.text);
    if !toks.last().is_some_and(|t| columns::is_cell(t)) && !text_last {
        return Ok(RowRead::NotARow);
    }
    // Trailing guess text ("No L2 cache?").
    if text_last {
        while toks.len() > label_n && toks.last().is_some_and(|t| !columns::is_cell(t)) {
            toks.pop();
        }
    }
    let numeric_cols: Vec<usize> = (0..table.cols.len()).filter(|&c| !table.cols[c].text).collect();
    if table.cols.iter().rev().skip(1).any(|c| c.text) {
        return Ok(RowRead::Unreadable("a text column inside a table whose spacing was collapsed".into()));
    }
    let n = numeric_cols.len();
    let have = toks.len() - label_n;
    if have < n {
        return Ok(RowRead::Unreadable(format!(
            "{have} of {n} cells, and a blank cell cannot be placed in a table whose spacing was collapsed"
        )));
    }
    if have > n {
        return Err(ParseError::malformed(
            lineno,
            format!("host, OS name and version, and {n} cells"),
            line.trim_end(),
        ));
    }
    for (k, &c) in numeric_cols.iter().enumerate() {
        if let Some((v, step)) = cell_value(toks[label_n + k], &table.cols[c], lineno, &mut row.notes)? {
            row.cells.push((c, v, step));
        }
    }
    Ok(RowRead::Row(row))
}

/// An indented `make percent` line: variation percentages such as `0 `,
/// `1.2%`, `5%`.
pub(super) fn is_percent_line(line: &str) -> bool {
    line.starts_with(char::is_whitespace)
        && line.split_whitespace().all(|t| t == "0" || t.strip_suffix('%').is_some_and(|p| num::plain(p).is_some()))
}

pub(super) fn column_metric(title: &Title, col: &Column) -> Metric {
    if col.name == "Mhz" {
        return Metric::new("Mhz", "MHz", Better::Neither);
    }
    if title.group == "Basic system parameters" {
        return Metric::new(col.name.clone(), "", Better::Neither);
    }
    Metric::new(col.name.clone(), title.unit, title.better)
}

/// The kernel an OS cell names: `Linux 2.4.17rat` → `2.4.17rat`, others whole.
pub(super) fn kernel_of(os: &str) -> Option<String> {
    let os = os.trim();
    if os.is_empty() {
        return None;
    }
    match os.strip_prefix("Linux ") {
        Some(k) if !k.trim().is_empty() => Some(k.trim().to_string()),
        _ => Some(os.to_string()),
    }
}
