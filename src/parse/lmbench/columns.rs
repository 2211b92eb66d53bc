//! Where a summary table's value columns are: from the dashed rule under
//! the headers, checked against the rows.
//!
//! getsummary right-aligns each value in a fixed-width field under its run
//! of dashes. Mail damage and edited getsummary scripts break this in two
//! ways seen in real files: two runs of dashes merged into one
//! (`--------------` over `7.93000 4.36000`) and the last runs wrapped onto
//! a line of their own (the rows then reach past the rule). Both are
//! recovered from the rows; nothing else is.

use super::num;
use super::table::{Tok, tokens};

/// A cell-like token: a number (`0.40`, `13.K`, `115.`) or `-`.
pub(super) fn is_cell(t: &str) -> bool {
    t == "-" || num::k_suffixed(t).is_some()
}

/// The value tokens of a row: the cell-like tokens right of the label
/// columns (words of a `Description` or `Guesses` text are left out).
fn value_tokens(line: &str, label_end: usize) -> Vec<(usize, usize)> {
    value_tokens_of(&tokens(line), label_end)
}

/// [`value_tokens`] of a row's tokens.
fn value_tokens_of(toks: &[Tok<'_>], label_end: usize) -> Vec<(usize, usize)> {
    toks.iter().skip_while(|t| t.start <= label_end).filter(|t| is_cell(t.text)).map(|t| (t.start, t.end)).collect()
}

/// What [`refine`] and [`rows_fit`] read of one row, split into tokens
/// once for both: its value tokens, and whether a token straddles the end
/// of the label columns.
pub(super) struct RowCells {
    cells: Vec<(usize, usize)>,
    straddles: bool,
}

/// The [`RowCells`] of each row for label columns ending at `label_end`.
pub(super) fn row_cells(rows: &[&str], label_end: usize) -> Vec<RowCells> {
    rows.iter()
        .map(|r| {
            let toks = tokens(r);
            RowCells {
                cells: value_tokens_of(&toks, label_end),
                straddles: toks.iter().any(|t| t.start <= label_end && t.end > label_end),
            }
        })
        .collect()
}

fn overlaps(t: (usize, usize), c: (usize, usize)) -> bool {
    t.0 <= c.1 && c.0 <= t.1
}

/// The value columns: the rule's runs of dashes (`values`, after the label
/// runs ending at `label_end`), a run split where some row has two cells
/// under it, and columns added for cells some row has right of the rule.
/// `rows` are the table's row lines (other lines give no cells).
pub(super) fn refine(values: &[(usize, usize)], rows: &[&str], label_end: usize) -> Vec<(usize, usize)> {
    refine_cells(values, &row_cells(rows, label_end), label_end)
}

/// [`refine`] of rows already split ([`row_cells`] for `label_end`).
pub(super) fn refine_cells(values: &[(usize, usize)], rows: &[RowCells], label_end: usize) -> Vec<(usize, usize)> {
    let cells: Vec<&[(usize, usize)]> = rows.iter().map(|r| r.cells.as_slice()).collect();
    let mut out = Vec::with_capacity(values.len());
    for &g in values {
        // Cells under this run and no other, in the row with the most.
        let under = cells
            .iter()
            .map(|r| {
                r.iter().copied().filter(|&t| overlaps(t, g) && values.iter().filter(|&&v| overlaps(t, v)).count() == 1)
            })
            .map(Iterator::collect::<Vec<_>>)
            .max_by_key(Vec::len)
            .unwrap_or_default();
        if under.len() < 2 {
            out.push(g);
            continue;
        }
        // Right-aligned cells: each sub-column ends where its cell ends.
        let mut from = g.0;
        for (k, t) in under.iter().enumerate() {
            let end = if k + 1 == under.len() { g.1.max(t.1) } else { t.1 };
            out.push((from, end));
            from = t.1 + 2;
        }
    }
    let rule_end = values.last().map_or(label_end, |c| c.1);
    let beyond = cells
        .iter()
        .map(|r| r.iter().copied().filter(|t| t.0 > rule_end + 1).collect::<Vec<_>>())
        .max_by_key(Vec::len)
        .unwrap_or_default();
    let mut from = rule_end + 2;
    for t in beyond {
        out.push((from.min(t.0), t.1));
        from = t.1 + 2;
    }
    out
}

/// True when most rows with cells have every cell under one column, left
/// to right: the rows are aligned under the rule (the rows of a table
/// whose spacing was collapsed are not).
pub(super) fn rows_fit(cols: &[(usize, usize)], rows: &[&str], label_end: usize) -> bool {
    rows_fit_cells(cols, &row_cells(rows, label_end))
}

/// [`rows_fit`] of rows already split ([`row_cells`]).
pub(super) fn rows_fit_cells(cols: &[(usize, usize)], rows: &[RowCells]) -> bool {
    let (mut fit, mut misfit) = (0usize, 0usize);
    for r in rows {
        let cells = &r.cells;
        if cells.is_empty() {
            continue;
        }
        let mut last: Option<usize> = None;
        let ok = !r.straddles
            && cells.iter().all(|&(start, end)| match place(&Tok { start, end, text: "" }, cols, 2) {
                Place::One(c) if last.is_none_or(|l| c > l) => {
                    last = Some(c);
                    true
                }
                _ => false,
            });
        if ok { fit += 1 } else { misfit += 1 }
    }
    fit > misfit
}

/// How far every row sits right of the rule because its host name is
/// longer than the Host column (`example-vm` over `---------`): getsummary
/// prints the host in full and everything after it moves. Some only when
/// every row that starts in column 0 with a word overruns the Host column's
/// end (`host_end`) by the same 1 to 4 characters.
pub(super) fn host_shift(host_end: usize, rows: &[&str]) -> Option<usize> {
    let mut shift = None;
    for r in rows {
        let Some(first) = tokens(r).into_iter().next() else { continue };
        if first.start != 0 || is_cell(first.text) {
            continue;
        }
        let s = first.end.checked_sub(host_end).filter(|s| (1..=4).contains(s))?;
        if shift.is_some_and(|x| x != s) {
            return None;
        }
        shift = Some(s);
    }
    shift
}

/// True when every row with cells has every cell under one column, left
/// to right (stricter than [`rows_fit`]: for columns moved by a shift).
pub(super) fn all_rows_fit(cols: &[(usize, usize)], rows: &[&str], label_end: usize) -> bool {
    rows.iter().all(|r| value_tokens(r, label_end).is_empty() || rows_fit(cols, &[r], label_end))
}

/// Where a token falls among the value columns.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// Under exactly this column (or, under none, within `slack` of it alone).
    One(usize),
    /// Under (or equally near) two columns: which one cannot be told.
    Two(usize, usize),
    /// Under no column.
    None,
}

/// The column a token belongs to, when that is certain.
pub(super) fn place(t: &Tok<'_>, cols: &[(usize, usize)], slack: usize) -> Place {
    // The first two columns that `hit` (no list of them all is needed).
    let first_two = |hit: &dyn Fn((usize, usize)) -> bool| {
        let mut found = (0..cols.len()).filter(|&c| hit(cols[c]));
        (found.next(), found.next())
    };
    match first_two(&|c| overlaps((t.start, t.end), c)) {
        (Some(c), None) => return Place::One(c),
        (Some(a), Some(b)) => return Place::Two(a, b),
        _ => {}
    }
    let gap = |c: (usize, usize)| c.0.saturating_sub(t.end).max(t.start.saturating_sub(c.1));
    match first_two(&|c| gap(c) <= slack) {
        (Some(c), None) => Place::One(c),
        (Some(a), Some(b)) => Place::Two(a, b),
        _ => Place::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_run_is_split_by_the_rows() {
        // "--------- ------------- ------ ------- -------------- "
        let rule = [(24, 29), (31, 37), (39, 52)];
        let rows = [
            "nosoftlim Linux 2.6.29-   2.19  9.2300 7.93000 4.36000",
            "softlimit Linux 2.6.29-   0.97  4.8200 8.82000 10.7",
        ];
        assert_eq!(refine(&rule, &rows, 22), vec![(24, 29), (31, 37), (39, 45), (47, 52)]);
    }

    #[test]
    fn cells_past_the_rule_add_columns() {
        let rule = [(24, 27), (29, 32)];
        let rows = ["nosoftlim Linux 2.6.29- 2131 0.67 1708 6281", "softlimit Linux 2.6.29- 2131 0.66  983"];
        assert_eq!(refine(&rule, &rows, 22), vec![(24, 27), (29, 32), (34, 37), (39, 42)]);
    }

    #[test]
    fn ordinary_rows_keep_the_rule() {
        let rule = [(24, 27), (29, 32)];
        let rows = ["frodo     Linux 2.4.18    797 0.40", "frodo     Linux 2.4.18    797", "x"];
        assert_eq!(refine(&rule, &rows, 22), rule.to_vec());
    }

    #[test]
    fn a_long_host_shifts_every_row_by_a_constant() {
        let rows = [
            "example-vm Linux 3.10.0- 6.020  16.2 12.4  16.2        17.3        14.",
            "example-vm Linux 3.10.0- 6.110  16.9 12.8  16.4        17.1        15.",
        ];
        assert_eq!(host_shift(8, &rows), Some(1));
        // One row in place, one shifted: no constant shift.
        let mixed = [rows[0], "frodo     Linux 2.4.18    6.020  16.2"];
        assert_eq!(host_shift(8, &mixed), None);
        // Hosts that fit: no shift.
        assert_eq!(host_shift(8, &["frodo     Linux 2.4.18    797 0.40"]), None);
    }

    #[test]
    fn places() {
        let cols = [(10, 13), (15, 18)];
        let tok = |start, end| Tok { start, end, text: "" };
        assert_eq!(place(&tok(11, 13), &cols, 2), Place::One(0));
        assert_eq!(place(&tok(12, 16), &cols, 2), Place::Two(0, 1));
        assert_eq!(place(&tok(20, 22), &cols, 2), Place::One(1));
        assert_eq!(place(&tok(30, 32), &cols, 2), Place::None);
    }
}
