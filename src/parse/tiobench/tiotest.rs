//! tiotest's own boxed output: the C program that tiobench.pl runs,
//! as posted raw (tiobench 0.3.x and later, 2000-2013).
//!
//! ```text
//! Tiotest results for 4 concurrent io threads:
//! ,----------------------------------------------------------------------.
//! | Item                  | Time     | Rate         | Usr CPU  | Sys CPU |
//! +-----------------------+----------+--------------+----------+---------+
//! | Write          40 MBs |    1.2 s |  33.521 MB/s |   5.4 %  |  61.1 % |
//! | Random Write   16 MBs |   19.5 s |   0.802 MB/s |   0.0 %  |   1.4 % |
//! `----------------------------------------------------------------------'
//! Tiotest latency results:
//! ,-------------------------------------------------------------------------.
//! | Item         | Average latency | Maximum latency | % >2 sec | % >10 sec |
//! +--------------+-----------------+-----------------+----------+-----------+
//! | Write        |        2.144 ms |     3340.874 ms |  0.02930 |   0.00000 |
//! |--------------+-----------------+-----------------+----------+-----------|
//! | Total        |        7.737 ms |     8241.095 ms |  0.02458 |   0.00000 |
//! `--------------+-----------------+-----------------+----------+-----------'
//! ```
//!
//! Group: the Item (`Write`, `Random Write`, `Read`, `Random Read`, and the
//! latency box's `Total`). Params: `threads`, from the `Tiotest results for
//! N concurrent io threads:` line above the box (the latency box belongs to
//! the results box above it), and in the results box `MBs`, the amount of
//! data the item moved (`Write 40 MBs`).
//!
//! | metric            | unit   | better  |
//! |-------------------|--------|---------|
//! | `Rate`            | `MB/s` | Higher  |
//! | `Time`            | `s`    | Lower   |
//! | `Usr CPU`         | `%`    | Neither |
//! | `Sys CPU`         | `%`    | Neither |
//! | `Average latency` | `ms`   | Lower   |
//! | `Maximum latency` | `ms`   | Lower   |
//! | `% >2 sec`        | `%`    | Neither |
//! | `% >10 sec`       | `%`    | Neither |
//!
//! Cells are split on `|`, never on columns: a rate of 10000 MB/s or more,
//! or CPU of 1000 % or more (many threads, ramfs), pushes the separators
//! right. A cell that is not one number and its column's unit (`#####`,
//! `*****`, two cells run together when a `|` was lost) is a note and is
//! not read; a row with more or fewer cells than its header is a note and
//! none of it is read.

use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::num::plain;

/// One value column of a tiotest box: the header's name for it, the unit
/// printed after each number, and the metric.
struct Column {
    name: String,
    unit: &'static str,
    metric: Metric,
}

/// The column a header cell names, or `None` for a header cell tiotest
/// does not print.
fn column(name: &str) -> Option<Column> {
    let (unit, metric_unit, better) = match name {
        "Time" => ("s", "s", Better::Lower),
        "Rate" => ("MB/s", "MB/s", Better::Higher),
        "Usr CPU" | "Sys CPU" => ("%", "%", Better::Neither),
        "Average latency" | "Maximum latency" => ("ms", "ms", Better::Lower),
        n if n.starts_with("% >") && n.ends_with(" sec") => ("", "%", Better::Neither),
        _ => return None,
    };
    Some(Column { name: name.to_string(), unit, metric: Metric::new(name, metric_unit, better) })
}

/// The cells of a boxed line (`| a | b |`), trimmed, without the outer
/// bars; `None` when the line is no box row.
fn cells(line: &str) -> Option<Vec<&str>> {
    let t = line.trim();
    let inner = t.strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(str::trim).collect())
}

/// A rule inside a box: `+----+----+`, `|----+----|`.
fn is_box_rule(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.chars().all(|c| matches!(c, '|' | '+' | '-'))
}

/// `Tiotest results for 16 concurrent io threads:` → `16`.
fn threads_line(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("Tiotest results for ")?;
    let n = rest.strip_suffix(" concurrent io threads:")?.trim();
    n.bytes().all(|b| b.is_ascii_digit()).then_some(n)
}

/// `Write        2048 MBs` → (`Write`, `Some("2048")`); `Total` → (`Total`, `None`).
fn item(cell: &str) -> (String, Option<&str>) {
    let words: Vec<&str> = cell.split_whitespace().collect();
    if let [name @ .., n, "MBs"] = words.as_slice()
        && plain(n).is_some()
    {
        return (name.join(" "), Some(n));
    }
    (words.join(" "), None)
}

/// One value cell: the number before the column's unit.
fn value(cell: &str, col: &Column) -> Option<f64> {
    let num = cell.strip_suffix(col.unit)?.trim();
    if num.contains(char::is_whitespace) {
        return None;
    }
    plain(num)
}

/// A box (table) being read: its columns, and the header's line.
struct Table {
    cols: Vec<Column>,
    header: usize,
}

/// Reads every tiotest box in `lines` into `out` (samples and notes).
pub(super) fn read(lines: &[String], out: &mut ParsedFile) {
    let mut threads: Option<String> = None;
    let mut current: Option<Table> = None;
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        if let Some(t) = threads_line(line) {
            threads = Some(t.to_string());
            current = None;
            continue;
        }
        let t = line.trim();
        if t.starts_with('`') || t.is_empty() {
            current = None;
            continue;
        }
        if is_box_rule(t) {
            continue;
        }
        let Some(cells) = cells(t) else { continue };
        if cells.first() == Some(&"Item") {
            current = header(&cells, n, out);
            continue;
        }
        if let Some(b) = &current {
            row(&cells, n, b, threads.as_deref(), out);
        }
    }
}

/// A box header (`| Item | Time | Rate | …`): its columns, or a note when
/// it names a column tiotest does not print.
fn header(cells: &[&str], n: usize, out: &mut ParsedFile) -> Option<Table> {
    let mut cols = Vec::new();
    for c in &cells[1..] {
        match column(c) {
            Some(col) => cols.push(col),
            None => {
                out.notes.push((n, format!("tiotest box header names an unknown column {c:?}; box not read")));
                return None;
            }
        }
    }
    Some(Table { cols, header: n })
}

/// One row of a box: a sample per readable cell, a note per cell that is
/// not one number and its unit.
fn row(cells: &[&str], n: usize, b: &Table, threads: Option<&str>, out: &mut ParsedFile) {
    if cells.len() != b.cols.len() + 1 {
        out.notes.push((
            n,
            format!(
                "not read: a tiotest row has an item and {} cells (header at line {}), this one {} (a `|` lost, or cells run together?)",
                b.cols.len(),
                b.header,
                cells.len().saturating_sub(1)
            ),
        ));
        return;
    }
    let (name, mbs) = item(cells[0]);
    for (cell, col) in cells[1..].iter().zip(&b.cols) {
        let Some(v) = value(cell, col) else {
            let unit = if col.unit.is_empty() { String::new() } else { format!(" and {:?}", col.unit) };
            out.notes.push((
                n,
                format!("tiotest {name} {:?} cell {cell:?} is not one number{unit} (overflowed?); not read", col.name),
            ));
            continue;
        };
        let mut s = Sample::new(col.metric.clone(), v, n).with_group(name.clone());
        if let Some(m) = mbs {
            s = s.with_param("MBs", m);
        }
        if let Some(t) = threads {
            s = s.with_param("threads", t);
        }
        out.samples.push(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str) -> ParsedFile {
        let lines: Vec<String> = text.lines().map(String::from).collect();
        let mut out = ParsedFile::default();
        read(&lines, &mut out);
        out
    }

    #[test]
    fn overflowed_rate_moves_the_bars_and_is_read() {
        let p = read_text(
            "Tiotest results for 8 concurrent io threads:\n\
             | Item                  | Time     | Rate         | Usr CPU  | Sys CPU |\n\
             | Read         1600 MBs |    0.3 s | 14682.758 MB/s | 222.4 %  | 5104.2 % |\n",
        );
        let got: Vec<(&str, f64)> = p.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(got, vec![("Time", 0.3), ("Rate", 14682.758), ("Usr CPU", 222.4), ("Sys CPU", 5104.2)]);
        assert_eq!(p.samples[1].group, "Read");
        let params: Vec<_> = p.samples[1].params.iter().map(|p| (p.name.as_str(), p.value.as_str())).collect();
        assert_eq!(params, vec![("MBs", "1600"), ("threads", "8")]);
    }

    #[test]
    fn stars_and_lost_bars_are_notes() {
        let p = read_text(
            "| Item                  | Time     | Rate         | Usr CPU  | Sys CPU |\n\
             | Write          40 MBs |    1.2 s | ###### MB/s |   5.4 %  |  61.1 % |\n\
             | Read           40 MBs |    1.2 s |  33.521 MB/s   5.4 %  |  61.1 % |\n",
        );
        assert_eq!(p.samples.len(), 3);
        assert_eq!(p.notes.len(), 2);
        assert_eq!(p.notes[0].0, 2);
        assert!(p.notes[1].1.contains("4 cells"), "{:?}", p.notes);
    }
}
