//! IRMAN, the interactive response measurement tool by Bob Matthews
//! (`http://people.redhat.com/bmatthews/irman/`, 2001-2002).
//!
//! IRMAN times a tiny "interactive" operation over and over while a
//! background load runs, and reports the response times of four tests:
//! `NULL` (no load), `MEMORY`, `FILE_IO` and `PROCESS`. Each test's result is
//! a table with the columns `Max Min Avg StdDev`, in milliseconds.
//!
//! Three layouts are read:
//!
//! * the table posted per test with one row per kernel (Randy Hron's reports,
//!   LKML September 2002), test name in front of the title line:
//!
//!   ```text
//!   FILE_IO Response time measurements (milliseconds)
//!   Max Min Avg StdDev
//!   2.4.20-pre4-ac1 40.603 0.008 0.009 0.043
//!   ```
//!
//! * the same with a `Test:` line and a `Kernel` header column (LKML August
//!   2002):
//!
//!   ```text
//!   Test: NULL
//!   Kernel                         max       min       avg    stddev
//!   2.4.18                      45.955     0.004     0.005     0.061
//!   ```
//!
//! * the plain output of one irman run, rows without a kernel column
//!   (`40.603 0.008 0.009 0.043`). The original irman source could not be
//!   found to check its exact layout, so any row of bare numbers under a
//!   recognised header is read by the header's column order (the first
//!   number is `Max` when the header is `Max Min Avg StdDev`).
//!
//! Columns are taken from the header line, in its order; the header names
//! `max`, `min`, `avg` (`average`, `mean`) and `stddev` (`stdev`, `std`) are
//! accepted in any case.
//!
//! Metrics (all in the unit of the title line, `ms` by default, smaller is
//! better): `Max`, `Min`, `Avg`, `StdDev`. Group: the test name (`NULL`,
//! `MEMORY`, `FILE_IO`, `PROCESS`), empty when the table names none. Kernel:
//! the row label when the row has one. No parameters.
//!
//! Quirks handled:
//!
//! * tables quoted again in mail replies: a table identical to one already
//!   read (same test, same rows and values) is skipped with a note, so a
//!   thread quoting a post twice does not count as three runs;
//! * a kernel label alone on a line with its numbers on the next line (a
//!   wrapped row) is rejoined when the table has labelled rows;
//! * a cell printed `nan` or `inf` is not read, with a warning naming its
//!   line and column; the row's other cells and the rows below are read;
//! * a row with the wrong number of values (a truncated row), or with two
//!   cells run together (`40.6030.008`), is an error naming its line;
//! * cells are counted from the right, so a kernel label of any width, or
//!   of several words (`2.4.19 ck3`), moves nothing.

use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::{BenchParser, Input, ParseError, num};

/// The four IRMAN tests.
const TESTS: [&str; 4] = ["NULL", "MEMORY", "FILE_IO", "PROCESS"];

/// Reads IRMAN response time tables.
pub struct Irman;

/// A column of an IRMAN table, as named by the header line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Col {
    Max,
    Min,
    Avg,
    StdDev,
}

impl Col {
    fn from_header(word: &str) -> Option<Col> {
        match word.to_ascii_lowercase().as_str() {
            "max" | "maximum" => Some(Col::Max),
            "min" | "minimum" => Some(Col::Min),
            "avg" | "average" | "mean" => Some(Col::Avg),
            "stddev" | "stdev" | "std" | "sdev" | "std.dev" | "std.dev." => Some(Col::StdDev),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Col::Max => "Max",
            Col::Min => "Min",
            Col::Avg => "Avg",
            Col::StdDev => "StdDev",
        }
    }
}

/// A header line: its columns and whether it starts with a `Kernel`
/// column, or with irman's own `Load` column (the test name per row).
struct Header {
    cols: Vec<Col>,
    kernel_col: bool,
    load_col: bool,
}

/// Parses a header line such as `Max Min Avg StdDev` or
/// `Kernel  max  min  avg  stddev`.
fn header(line: &str) -> Option<Header> {
    // irman itself heads the deviation column `Std. Dev.`.
    let line = line.replace("Std. Dev.", "StdDev").replace("Std.Dev.", "StdDev");
    let mut words = line.split_whitespace().peekable();
    let kernel_col = words.peek().is_some_and(|w| w.eq_ignore_ascii_case("kernel"));
    let load_col = words.peek().is_some_and(|w| w.eq_ignore_ascii_case("load"));
    if kernel_col || load_col {
        words.next();
    }
    let mut cols = Vec::new();
    for w in words {
        let c = Col::from_header(w)?;
        if cols.contains(&c) {
            return None;
        }
        cols.push(c);
    }
    (cols.len() >= 3).then_some(Header { cols, kernel_col, load_col })
}

/// The test named by a `Test: NAME` line.
fn test_line(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("Test:")?.trim();
    let name = rest.split_whitespace().next()?;
    (rest.split_whitespace().count() == 1).then(|| name.to_string())
}

/// A `[NAME] Response time measurements (UNIT) [for: KERNEL]` title line:
/// the test name (if any), the unit text inside the parentheses (if any)
/// and the kernel irman names after `for:` (if any).
fn title_line(line: &str) -> Option<(Option<String>, Option<String>, Option<String>)> {
    let pos = line.find("Response time measurements")?;
    let before = line[..pos].trim();
    let after = line[pos + "Response time measurements".len()..].trim();
    let test = match before.split_whitespace().collect::<Vec<_>>().as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        _ => return None,
    };
    let unit = after.strip_prefix('(').and_then(|r| r.split(')').next()).map(|u| u.trim().to_string());
    let kernel = after
        .split_once("for:")
        .map(|(_, k)| k.trim().to_string())
        .filter(|k| !k.is_empty() && !k.contains(char::is_whitespace));
    Some((test, unit, kernel))
}

/// Maps the unit words irman and posters use to benchsite spellings.
fn unit_spelling(word: &str) -> Option<&'static str> {
    match word.to_ascii_lowercase().as_str() {
        "milliseconds" | "millisecond" | "msec" | "msecs" | "ms" => Some("ms"),
        "microseconds" | "microsecond" | "usec" | "usecs" | "us" | "µs" => Some("µs"),
        "seconds" | "second" | "sec" | "secs" | "s" => Some("s"),
        _ => None,
    }
}

/// What a line inside a table turned out to be.
enum RowKind {
    /// `label n n n n` or `n n n n`.
    Row(Option<String>, Vec<f64>),
    /// Only numbers, but not as many as the header has columns.
    Truncated,
    /// A single non-numeric word: possibly a label whose numbers wrapped.
    LabelOnly(String),
    /// A full-width row with a damaged value (`0,011`, `6O.2`): the cell.
    Damaged(String),
    /// Anything else: the table is over.
    End,
}

fn classify(line: &str, ncols: usize) -> RowKind {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() {
        return RowKind::End;
    }
    // A cell printed `nan` or `inf` (an average of no sample) keeps the
    // row's shape: NaN here, left out with a warning by [`read_rows`].
    let nums: Vec<Option<f64>> =
        words.iter().map(|w| num::plain(w).or_else(|| num::non_finite(w).then_some(f64::NAN))).collect();
    if words.len() == ncols + 1 && nums[1..].iter().all(Option::is_some) {
        let values = nums[1..].iter().flatten().copied().collect();
        return RowKind::Row(Some(words[0].to_string()), values);
    }
    if words.len() == ncols && nums.iter().all(Option::is_some) {
        return RowKind::Row(None, nums.iter().flatten().copied().collect());
    }
    // A label of several words (`2.4.19 ck3`): the cells are the last
    // `ncols` words, and no word of the label may be a number.
    let split = words.len().saturating_sub(ncols);
    if split > 1 && nums[split..].iter().all(Option::is_some) && nums[..split].iter().all(Option::is_none) {
        return RowKind::Row(Some(words[..split].join(" ")), nums[split..].iter().flatten().copied().collect());
    }
    // A label and cells of digits and dots only, one not a number: two
    // cells run together (`40.6030.008`).
    let numberish = |w: &&str| w.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    if words.len() >= 3
        && words[1..].iter().all(numberish)
        && let Some(bad) = words[1..].iter().find(|w| num::plain(w).is_none())
    {
        return RowKind::Damaged(bad.to_string());
    }
    // Fewer numbers than columns (but at least two): a row cut short. A
    // label with one number is another table (`kernel seconds`), and more
    // numbers than columns is another, wider table: both end this one.
    let all_numbers = nums.iter().all(Option::is_some);
    let numbers_after_label = nums[1..].iter().all(Option::is_some);
    if (all_numbers && (2..ncols).contains(&words.len()))
        || (!all_numbers && numbers_after_label && (3..=ncols).contains(&words.len()))
    {
        return RowKind::Truncated;
    }
    if words.len() == 1 {
        return RowKind::LabelOnly(words[0].to_string());
    }
    // As many cells as a row, some numbers, and every other cell a number
    // with a stray character: a damaged row, not the end of the table.
    let cells = if words.len() == ncols + 1 {
        &words[1..]
    } else if words.len() == ncols {
        &words[..]
    } else {
        &[][..]
    };
    let bad: Vec<&str> = cells.iter().copied().filter(|w| num::plain(w).is_none()).collect();
    if !bad.is_empty()
        && bad.len() < cells.len()
        && bad.iter().all(|w| w.starts_with(|c: char| c.is_ascii_digit()) || w.ends_with(|c: char| c.is_ascii_digit()))
    {
        return RowKind::Damaged(bad[0].to_string());
    }
    RowKind::End
}

/// What identifies a table repeated by mail quoting: test, unit, and the
/// rows' kernels and exact values.
type Fingerprint = (String, &'static str, Vec<(Option<String>, Vec<u64>)>);

/// One table as read, before deduplication.
struct Table {
    group: String,
    unit: &'static str,
    cols: Vec<Col>,
    /// (line, kernel, values)
    rows: Vec<(usize, Option<String>, Vec<f64>)>,
}

impl Table {
    /// The content that identifies a table repeated by mail quoting.
    fn fingerprint(&self) -> Fingerprint {
        let rows = self.rows.iter().map(|(_, k, v)| (k.clone(), v.iter().map(|x| x.to_bits()).collect())).collect();
        (self.group.clone(), self.unit, rows)
    }
}

impl BenchParser for Irman {
    fn id(&self) -> &'static str {
        "irman"
    }

    fn describe(&self) -> &'static str {
        "IRMAN interactive response measurement (per-test Max/Min/Avg/StdDev tables)"
    }

    /// The literals its first test asks for.
    fn literals(&self) -> &'static [&'static str] {
        &["Response time measurements", "Test:"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // Both tests need a literal on the line: a title or `Test:`.
        let titles = input.has("Response time measurements");
        if !titles && !input.has("Test:") {
            return 0;
        }
        let lines = &input.lines;
        let mut best = 0u8;
        for (i, line) in lines.iter().enumerate() {
            // Looked at only for a title or a test line (it allocates).
            let next_is_header = || lines.iter().skip(i + 1).take(2).any(|l| header(l).is_some());
            if titles && line.contains("Response time measurements") {
                best = best.max(if next_is_header() { 90 } else { 60 });
            } else if let Some(t) = test_line(line)
                && next_is_header()
            {
                best = best.max(if TESTS.contains(&t.as_str()) { 85 } else { 50 });
            }
        }
        best
    }

    fn max_score(&self) -> u8 {
        90
    }

    /// A last row without a line break is whole when its last cell, the
    /// standard deviation, has three decimals: IRMAN prints its Max, Min,
    /// Avg and StdDev columns `%10.3f` (`   301.772      0.005      0.070
    /// 2.610`, a poster's kernel rows `2.5.33  456.061  0.012  0.034
    /// 3.077`); a cut one has fewer.
    fn last_figure_complete(&self, input: &Input) -> bool {
        input.lines.last().and_then(|l| l.split_whitespace().last()).and_then(super::num::decimals) == Some(3)
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let lines = &input.lines;
        let mut out = ParsedFile { benchmark: self.id().to_string(), ..Default::default() };
        let mut tables: Vec<Table> = Vec::new();
        // Context set by `Test:` / title lines, consumed by the next table.
        let mut test: Option<String> = None;
        let mut unit: &'static str = "ms";
        // The kernel a title line names (`… for: 2.5.64bk5`).
        let mut title_kernel: Option<String> = None;
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].as_str();
            if let Some(t) = test_line(line) {
                test = Some(t);
                unit = "ms";
                i += 1;
                continue;
            }
            if let Some((t, u, k)) = title_line(line) {
                if t.is_some() {
                    test = t;
                }
                title_kernel = k;
                unit = match u {
                    None => "ms",
                    Some(u) => unit_spelling(&u).ok_or_else(|| {
                        ParseError::malformed(i + 1, "a time unit (milliseconds, microseconds, seconds)", u.clone())
                    })?,
                };
                i += 1;
                continue;
            }
            let Some(h) = header(line) else {
                i += 1;
                continue;
            };
            let mut table = Table { group: test.take().unwrap_or_default(), unit, cols: h.cols, rows: Vec::new() };
            unit = "ms";
            i = read_rows(lines, i + 1, h.kernel_col, &mut table, &mut out.notes)?;
            if table.rows.is_empty() {
                out.notes.push((i, "irman header without rows".to_string()));
            } else if h.load_col {
                // irman's own layout: one row per test (`Load`), the kernel from the title.
                for (line, label, values) in table.rows {
                    tables.push(Table {
                        group: label.unwrap_or_default(),
                        unit: table.unit,
                        cols: table.cols.clone(),
                        rows: vec![(line, title_kernel.clone(), values)],
                    });
                }
            } else {
                tables.push(table);
            }
        }

        push_samples(tables, &mut out);
        if out.samples.is_empty() {
            return Err(ParseError::NoResults {
                benchmark: "irman",
                reason: "no `Max Min Avg StdDev` table with rows".to_string(),
            });
        }
        Ok(out)
    }
}

/// Reads the rows of `table` from line index `i` (just under its header;
/// `kernel_col` when the header has a Kernel column), rejoining a kernel
/// label whose values wrapped onto the next line (with a note). Returns
/// the index of the first line after the rows; an error for a row cut
/// short or a cell that is no number.
fn read_rows(
    lines: &[String],
    mut i: usize,
    kernel_col: bool,
    table: &mut Table,
    notes: &mut Vec<(usize, String)>,
) -> Result<usize, ParseError> {
    let ncols = table.cols.len();
    while i < lines.len() {
        let row_line = lines[i].as_str();
        match classify(row_line, ncols) {
            RowKind::Row(kernel, values) => {
                warn_of_non_finite(i + 1, &table.cols, &values, notes);
                table.rows.push((i + 1, kernel, values));
                i += 1;
            }
            RowKind::Truncated => {
                return Err(ParseError::malformed(
                    i + 1,
                    format!("an irman row: kernel and {ncols} numbers"),
                    row_line.trim(),
                ));
            }
            RowKind::LabelOnly(label) => {
                let labelled = kernel_col || table.rows.last().is_some_and(|r| r.1.is_some());
                let next = lines.get(i + 1).map(|l| classify(l, ncols));
                match next {
                    Some(RowKind::Row(None, values)) if labelled => {
                        notes.push((i + 1, format!("rejoined kernel {label:?} with its wrapped values")));
                        warn_of_non_finite(i + 2, &table.cols, &values, notes);
                        table.rows.push((i + 2, Some(label), values));
                        i += 2;
                    }
                    _ => break,
                }
            }
            RowKind::Damaged(cell) => {
                return Err(ParseError::malformed(i + 1, "a number", cell));
            }
            RowKind::End => break,
        }
    }
    Ok(i)
}

/// A warning at `line` naming each cell of a row that irman printed as
/// `nan` or `inf` (NaN in `values`, in the order of `cols`): no figure,
/// not read; the row's other cells are.
fn warn_of_non_finite(line: usize, cols: &[Col], values: &[f64], notes: &mut Vec<(usize, String)>) {
    let bad: Vec<&str> = cols.iter().zip(values).filter(|(_, v)| v.is_nan()).map(|(c, _)| c.name()).collect();
    if !bad.is_empty() {
        let msg = format!("{} printed as nan or inf, no number: not read", bad.join(", "));
        notes.push((line, msg));
    }
}

/// Pushes the samples of `tables` onto `out`, one per cell, skipping a
/// table that repeats an earlier one (a quote; with a note) and a cell
/// printed as `nan` or `inf` (NaN; warned of by [`read_rows`]).
fn push_samples(tables: Vec<Table>, out: &mut ParsedFile) {
    let mut seen = Vec::new();
    for table in tables {
        let fp = table.fingerprint();
        if seen.contains(&fp) {
            let first = table.rows.first().map_or(0, |r| r.0);
            out.notes.push((first, format!("skipped repeated (quoted) irman table {:?}", table.group)));
            continue;
        }
        seen.push(fp);
        for (line, kernel, values) in &table.rows {
            for (col, v) in table.cols.iter().zip(values).filter(|(_, v)| !v.is_nan()) {
                let mut s = Sample::new(Metric::new(col.name(), table.unit, Better::Lower), *v, *line)
                    .with_group(table.group.clone());
                if let Some(k) = kernel {
                    s = s.with_kernel(k.clone());
                }
                out.samples.push(s);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        Irman.parse(&Input::from_text(text))
    }

    fn value(p: &ParsedFile, group: &str, kernel: Option<&str>, metric: &str) -> Vec<f64> {
        p.samples
            .iter()
            .filter(|s| s.group == group && s.kernel.as_deref() == kernel && s.metric.name == metric)
            .map(|s| s.value.mean())
            .collect()
    }

    #[test]
    fn damaged_value_is_an_error() {
        let text = "MEMORY Response time measurements (milliseconds)\nMax Min Avg StdDev\n\
2.6.0-test5 69.471 0.005 0.010 0.554\n2.4.22 60.058 0.005 0,011 0.558\n";
        let e = Irman.parse(&Input::from_text(text)).unwrap_err();
        assert_eq!(e.line(), Some(4), "{e}");
        assert!(e.to_string().contains("0,011"), "{e}");
    }

    /// attack32 F3 (case 03, posted-kernel-table.txt's `890.410` made
    /// `nan`): the table ended at the row, its 3 figures gone with no
    /// word. Now the 3 are read and a warning names line 6 and `Max`.
    #[test]
    fn a_nan_cell_is_warned_of_and_the_rest_of_its_row_read() {
        let text = "Test: PROCESS\n\
            Kernel                         max       min       avg    stddev\n\
            2.6.0-test5                210.008     0.005     0.030     2.200\n\
            2.6.0-test5-mm2\n\
            \x20                           nan     0.005     0.028     1.750\n\
            2.4.22                     -nan     0.006     0.061     3.902\n\
            2.4.23                     1.000     0.006     0.061     3.902\n";
        let p = parse(text).unwrap();
        assert_eq!(value(&p, "PROCESS", Some("2.4.22"), "Max"), [] as [f64; 0]);
        assert_eq!(value(&p, "PROCESS", Some("2.4.22"), "Min"), [0.006]);
        assert_eq!(value(&p, "PROCESS", Some("2.6.0-test5-mm2"), "StdDev"), [1.75]);
        assert_eq!(value(&p, "PROCESS", Some("2.4.23"), "Max"), [1.0]);
        assert_eq!(p.samples.len(), 14);
        for line in [5, 6] {
            assert!(p.notes.iter().any(|(l, n)| *l == line && n.contains("Max printed as nan")), "{:?}", p.notes);
        }
    }

    #[test]
    fn irman_own_layout_with_load_column() {
        let p = parse(
            "Response time measurements (milliseconds) for: 2.5.33-mm5\n\
             \x20     Load       Max       Min       Avg Std. Dev.\n\
             \x20  FILE_IO     2.955     0.008     0.010     0.004\n\
             \x20     NULL     0.100     0.001     0.002     0.003\n",
        )
        .unwrap();
        assert_eq!(value(&p, "FILE_IO", Some("2.5.33-mm5"), "Max"), vec![2.955]);
        assert_eq!(value(&p, "FILE_IO", Some("2.5.33-mm5"), "StdDev"), vec![0.004]);
        assert_eq!(value(&p, "NULL", Some("2.5.33-mm5"), "Avg"), vec![0.002]);
    }

    #[test]
    fn seed_layout_title_then_header() {
        let text = "IRMAN - interactive response measurement.\n\
                    FILE_IO Response time measurements (milliseconds)\n\
                    Max Min Avg StdDev\n\
                    2.4.20-pre4-ac1 40.603 0.008 0.009 0.043\n\
                    2.5.33-mm5 2.955 0.008 0.010 0.004\n\
                    autoconf-2.53 build (12 times) creates about 1.2 million processes.\n\
                    kernel seconds (smaller is better)\n\
                    2.4.20-pre4-ac1 856.4\n";
        let input = Input::from_text(text);
        assert_eq!(Irman.detect(&input), 90);
        let p = Irman.parse(&input).unwrap();
        assert_eq!(p.samples.len(), 8);
        assert_eq!(value(&p, "FILE_IO", Some("2.4.20-pre4-ac1"), "Max"), vec![40.603]);
        assert_eq!(value(&p, "FILE_IO", Some("2.5.33-mm5"), "StdDev"), vec![0.004]);
        let s = &p.samples[0];
        assert_eq!(s.metric, Metric::new("Max", "ms", Better::Lower));
        assert_eq!(s.line, 4);
    }

    #[test]
    fn test_line_and_kernel_header() {
        let text = "Test: NULL\nKernel   max   min   avg  stddev\n2.4.18  45.955  0.004  0.005  0.061\n\n\
                    Test: MEMORY\nKernel   max   min   avg  stddev\n2.4.18  69.471  0.005  0.010  0.554\n";
        let input = Input::from_text(text);
        assert_eq!(Irman.detect(&input), 85);
        let p = Irman.parse(&input).unwrap();
        assert_eq!(value(&p, "NULL", Some("2.4.18"), "Max"), vec![45.955]);
        assert_eq!(value(&p, "MEMORY", Some("2.4.18"), "StdDev"), vec![0.554]);
    }

    #[test]
    fn plain_rows_without_kernel_use_header_order() {
        let text = "PROCESS Response time measurements (milliseconds)\n\
                    \x20      Max        Min        Avg     StdDev\n\
                    \x20  350.056      0.005      0.068      2.548\n";
        let p = parse(text).unwrap();
        assert_eq!(value(&p, "PROCESS", None, "Max"), vec![350.056]);
        assert_eq!(value(&p, "PROCESS", None, "Avg"), vec![0.068]);
        assert!(p.samples.iter().all(|s| s.kernel.is_none()));
    }

    #[test]
    fn other_column_order_and_unit() {
        let text = "MEMORY Response time measurements (microseconds)\nAvg Max Min\n5.0 70.0 1.0\n";
        let p = parse(text).unwrap();
        assert_eq!(value(&p, "MEMORY", None, "Avg"), vec![5.0]);
        assert_eq!(value(&p, "MEMORY", None, "Max"), vec![70.0]);
        assert_eq!(p.samples[0].metric.unit, "µs");
    }

    #[test]
    fn unknown_unit_is_an_error() {
        let err = parse("NULL Response time measurements (jiffies)\nMax Min Avg StdDev\n1 2 3 4\n").unwrap_err();
        assert_eq!(err.line(), Some(1));
    }

    #[test]
    fn quoted_repeat_is_skipped() {
        let table = "FILE_IO Response time measurements (milliseconds)\nMax Min Avg StdDev\n2.5.33-mm5 2.955 0.008 0.010 0.004\n";
        let text = format!("{table}\nsome reply text\n> {}", table.replace('\n', "\n> "));
        let p = parse(&text).unwrap();
        assert_eq!(p.samples.len(), 4);
        assert!(p.notes.iter().any(|(_, n)| n.contains("repeated")));
    }

    #[test]
    fn truncated_row_is_an_error_with_line() {
        let text = "Test: NULL\nKernel max min avg stddev\n2.4.18 45.955 0.004 0.005 0.061\n2.4.19 1.683 0.005\n";
        let err = parse(text).unwrap_err();
        assert_eq!(err.line(), Some(4));
    }

    #[test]
    fn wrapped_label_is_rejoined() {
        let text = "Test: NULL\nKernel max min avg stddev\n2.4.18 45.955 0.004 0.005 0.061\n\
                    2.4.19-ck3-rmap-very-long-name\n    1.628 0.005 0.005 0.002\n";
        let p = parse(text).unwrap();
        assert_eq!(value(&p, "NULL", Some("2.4.19-ck3-rmap-very-long-name"), "Max"), vec![1.628]);
        assert_eq!(p.samples.last().map(|s| s.line), Some(5));
    }

    #[test]
    fn no_table_is_no_results() {
        assert!(matches!(parse("hello\nworld\n"), Err(ParseError::NoResults { .. })));
        assert_eq!(Irman.detect(&Input::from_text("Test: foo bar\n")), 0);
    }

    #[test]
    fn wide_and_multi_word_labels_and_glued_cells() {
        let text = "\
Test: FILE_IO
Kernel             max       min       avg    stddev
2.4.19-pre10-ac2-rmap13b-preempt   190.042     0.005     0.019     1.452
2.4.19 ck3\t1050.048\t0.005\t0.015\t2.196
";
        let p = parse(text).unwrap();
        assert_eq!(value(&p, "FILE_IO", Some("2.4.19-pre10-ac2-rmap13b-preempt"), "StdDev"), vec![1.452]);
        assert_eq!(value(&p, "FILE_IO", Some("2.4.19 ck3"), "Max"), vec![1050.048]);
        let glued = format!("{text}rmap14b     1363.1530.005     0.014     2.177\n");
        let err = parse(&glued).unwrap_err();
        assert_eq!(err.line(), Some(5));
        assert!(err.to_string().contains("1363.1530.005"), "{err}");
    }
}
