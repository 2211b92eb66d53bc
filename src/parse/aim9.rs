//! AIM Independent Resource Benchmark - Suite IX (AIM9, "singleuser").
//!
//! One row per test: an optional test number, the test's name, then timing
//! columns and the operation rate, then a free-text unit:
//!
//! ```text
//! AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996
//!  Test        Test        Elapsed  Iteration    Iteration          Operation
//! Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)
//!      1 add_double           5.05        110   21.78218       392079.21 Thousand Double Precision Additions/second
//!     54 tcp_test        Skipping to next test.
//! ```
//!
//! Older output and hand-trimmed posts have fewer timing columns
//! (` 1 add_double   2000  1234  61700.00 Thousand …`, `add_double 10010
//! 29.4705  530469.53 Thousand …`): the operation rate is always the last
//! number before the unit text. Every row of a file has as many numbers as
//! the header announces (four under `Rate (loops/sec)  Rate (ops/sec)`), or
//! else as many as the first row (at least three); a row with another count
//! is cut short or damaged and is an error.
//!
//! # Metrics
//!
//! One sample per row: metric = the test's name (`"add_double"`,
//! `"tcp_test"`), unit = the free-text unit as printed (`"Thousand Double
//! Precision Additions/second"`), [`Better::Higher`], no group, no
//! parameters. The elapsed time, iteration count and iteration rate columns
//! only describe how the rate was measured and are not repeated as samples.
//!
//! `Skipping to next test.` rows give no sample, only a note.
//!
//! # Damaged input
//!
//! Mail clients wrap the unit onto the next line (`… 214728.42` /
//! `Thousand Double Precision Additions/second`), or cut it (`… 19016.39
//! File` / `Creations and Closes/second`); some posts put the unit line
//! before the row. A unit line is a line of text ending in `/second`; it is
//! joined to the row when it is adjacent (after the row, or before every row
//! when the first unit-less row has one just above it). A row whose unit
//! text is nowhere to be found gives no sample, only a note (a row of
//! numbers without a unit may be anything).

use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::{BenchParser, Input, ParseError, num};

/// Reads AIM Suite IX output (registry id `"aim9"`).
pub struct Aim9;

const ID: &str = "aim9";

impl BenchParser for Aim9 {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "aim9 (AIM Independent Resource Benchmark - Suite IX)"
    }

    fn detect(&self, input: &Input) -> u8 {
        let mut score = 0u8;
        let mut rows = 0usize;
        // Literals looked for once in the whole text, not line by line.
        let banner = input.has("AIM Independent Resource Benchmark");
        let per_second = input.has("/second");
        for line in &input.lines {
            if banner && line.contains("AIM Independent Resource Benchmark") {
                return 95;
            }
            // Both need a `(`; squeeze out the spaces only then.
            if line.contains('(') {
                let compact: String = line.split_whitespace().collect();
                if compact.contains("Rate(ops/sec)") || compact.contains("Rate(loops/sec)") {
                    score = score.max(85);
                }
            }
            // The unit is part of the line.
            if rows < 3
                && per_second
                && line.contains("/second")
                && row(line).is_some_and(|r| r.numbers >= 3 && r.unit.ends_with("/second"))
            {
                rows += 1;
            }
        }
        match rows {
            0 => score,
            1 => score.max(50),
            2 => score.max(60),
            _ => score.max(70),
        }
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut out = ParsedFile { benchmark: ID.to_string(), ..ParsedFile::default() };
        let lines = &input.lines;
        // Decided at the first unit-less row: does the unit line come before rows?
        let mut unit_before: Option<bool> = None;
        // Lines already used as a unit line.
        let mut used = vec![false; lines.len()];
        // How many numbers a row has: from the header, else from the first row.
        let mut columns: Option<usize> = None;
        for (idx, line) in lines.iter().enumerate() {
            let lineno = idx + 1;
            if out.version.is_none()
                && let Some(at) = line.find("Suite IX v")
            {
                let v: String =
                    line[at + "Suite IX v".len()..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
                if !v.is_empty() {
                    out.version = Some(v);
                }
            }
            if let Some(name) = skipped(line) {
                out.notes.push((lineno, format!("{name}: skipped by the benchmark (\"Skipping to next test.\")")));
                continue;
            }
            let compact: String = line.split_whitespace().collect();
            if compact.contains("Rate(loops/sec)") && compact.contains("Rate(ops/sec)") {
                // Elapsed time, iteration count, iteration rate, operation rate.
                columns = Some(4);
                continue;
            }
            let Some(r) = row(line) else {
                if let Some(bad) = columns.and_then(|c| damaged_row(line, c)) {
                    return Err(ParseError::malformed(lineno, "a number", bad));
                }
                continue;
            };
            let n = r.numbers;
            match columns {
                Some(c) if c != n => {
                    return Err(ParseError::malformed(
                        lineno,
                        format!("a test row with {c} numbers (name, timing columns, operation rate, unit)"),
                        line.as_str(),
                    ));
                }
                None if n < 3 => continue,
                None => columns = Some(n),
                _ => {}
            }
            let mut unit = r.unit.to_string();
            let next_is_unit = lines.get(idx + 1).is_some_and(|l| unit_line(l));
            if unit.is_empty() {
                let prev_is_unit = idx > 0 && lines.get(idx - 1).is_some_and(|l| unit_line(l)) && !used[idx - 1];
                let before = *unit_before.get_or_insert(prev_is_unit);
                let pick = if before && prev_is_unit {
                    Some(idx - 1)
                } else if !before && next_is_unit {
                    Some(idx + 1)
                } else {
                    None
                };
                match pick {
                    Some(j) => {
                        if let (Some(u), Some(flag)) = (lines.get(j), used.get_mut(j)) {
                            unit = u.trim().to_string();
                            *flag = true;
                            out.notes.push((
                                j + 1,
                                format!("unit of {} (line {lineno}) on a line of its own; joined", r.name),
                            ));
                        }
                    }
                    None => {
                        out.notes.push((lineno, format!("{}: row without its unit text; skipped", r.name)));
                        continue;
                    }
                }
            } else if !unit.ends_with("/second") && next_is_unit {
                // `… 19016.39 File` / `Creations and Closes/second`.
                if let (Some(u), Some(flag)) = (lines.get(idx + 1), used.get_mut(idx + 1)) {
                    unit = format!("{unit} {}", u.trim());
                    *flag = true;
                    out.notes.push((
                        idx + 2,
                        format!("unit of {} (line {lineno}) wrapped onto this line; rejoined", r.name),
                    ));
                }
            }
            out.samples.push(Sample::new(Metric::new(r.name, unit, Better::Higher), r.rate, lineno));
        }
        out.notes.sort_by_key(|(line, _)| *line);
        if out.samples.is_empty() {
            return Err(ParseError::NoResults { benchmark: ID, reason: "no test row with an operation rate".into() });
        }
        Ok(out)
    }
}

/// One test row.
#[derive(Debug, PartialEq)]
struct Row<'a> {
    name: &'a str,
    /// Operation rate, the last number of the row.
    rate: f64,
    /// How many numbers the row has.
    numbers: usize,
    /// The free text after the numbers, possibly empty.
    unit: &'a str,
}

/// A test name as AIM9 prints it: `add_double`, `creat-clo`, `fun_cal15`.
fn is_test_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Reads `[N] name  num num [num …] rate  unit text`.
fn row(line: &str) -> Option<Row<'_>> {
    let mut rest = line.trim_start();
    let mut word = next_word(rest);
    if word.0.parse::<u32>().is_ok() {
        rest = word.1;
        word = next_word(rest);
    }
    let name = word.0;
    if !is_test_name(name) {
        return None;
    }
    rest = word.1;
    let mut numbers = 0usize;
    let mut rate = None;
    loop {
        let (w, after) = next_word(rest);
        match num::plain(w) {
            Some(v) => {
                numbers += 1;
                rate = Some(v);
                rest = after;
            }
            None => break,
        }
    }
    let unit = rest.trim();
    if unit.starts_with(|c: char| !c.is_ascii_alphabetic()) {
        return None;
    }
    Some(Row { name, rate: rate?, numbers, unit })
}

/// In a table of rows with `columns` numbers: a row whose numbers run into
/// a damaged one (`3x8000.00`) where a number belongs, followed by its unit
/// text or nothing. Returns the damaged cell.
fn damaged_row(line: &str, columns: usize) -> Option<&str> {
    let mut rest = line.trim_start();
    let mut word = next_word(rest);
    if word.0.parse::<u32>().is_ok() {
        rest = word.1;
        word = next_word(rest);
    }
    if !is_test_name(word.0) {
        return None;
    }
    rest = word.1;
    let mut numbers = 0usize;
    loop {
        let (w, after) = next_word(rest);
        if num::plain(w).is_some() {
            numbers += 1;
            rest = after;
            continue;
        }
        let tail = after.trim_start();
        let damaged = numbers >= 1
            && numbers < columns
            && w.starts_with(|c: char| c.is_ascii_digit())
            && !w.ends_with('%')
            && (tail.is_empty() || tail.starts_with(|c: char| c.is_ascii_alphabetic()))
            && after.split_whitespace().take_while(|t| num::plain(t).is_some()).count() + numbers + 1 == columns;
        return damaged.then_some(w);
    }
}

/// The first whitespace-separated word and the text after it.
fn next_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    let end = s.find(char::is_whitespace).unwrap_or(s.len());
    (&s[..end], &s[end..])
}

/// A line holding only a unit: text ending in `/second`, not a row.
fn unit_line(line: &str) -> bool {
    let t = line.trim();
    t.ends_with("/second") && t.starts_with(|c: char| c.is_ascii_alphabetic()) && row(line).is_none()
}

/// `    54 tcp_test        Skipping to next test.` → `tcp_test`.
fn skipped(line: &str) -> Option<&str> {
    if !line.contains("Skipping to next test") {
        return None;
    }
    let mut words = line.split_whitespace();
    let mut w = words.next()?;
    if w.parse::<u32>().is_ok() {
        w = words.next()?;
    }
    is_test_name(w).then_some(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        Aim9.parse(&Input::from_text(text))
    }

    #[test]
    fn damaged_rate_is_an_error() {
        let text = "AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996\n\
 Test        Test        Elapsed  Iteration    Iteration          Operation\n\
Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)\n\
     1 add_double           5.00        100   20.00000       360000.00 Thousand Double Precision Additions/second\n\
     2 add_float            5.00        155   31.00000       3x8000.00 Thousand Single Precision Additions/second\n";
        let e = parse(text).unwrap_err();
        assert_eq!(e.line(), Some(5), "{e}");
        assert!(e.to_string().contains("3x8000.00"), "{e}");
        // A percentage column (a comparison table) is not a damaged number.
        assert!(damaged_row(" 1 add_double   1096039.60 1096039.60       0.00  0.00% Thousand", 4).is_none());
    }

    #[test]
    fn lkp_row_and_skip() {
        let text = "AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996\n\
     1 add_double           5.05        110   21.78218       392079.21 Thousand Double Precision Additions/second\n\
    54 tcp_test        Skipping to next test.\n\
    14 disk_rr              5.28         18    3.40909        17454.55 Random Disk Reads (K)/second\n";
        let f = parse(text).unwrap();
        assert_eq!(f.version.as_deref(), Some("1.1"));
        assert_eq!(f.samples.len(), 2);
        assert_eq!(f.samples[0].metric.name, "add_double");
        assert_eq!(f.samples[0].metric.unit, "Thousand Double Precision Additions/second");
        assert_eq!(f.samples[0].value.mean(), 392079.21);
        assert_eq!(f.samples[1].metric.unit, "Random Disk Reads (K)/second");
        assert_eq!(f.notes[0].0, 3);
    }

    #[test]
    fn short_forms() {
        let f = parse(" 1 add_double   2000  1234  61700.00 Thousand Double Precision Additions/second\n").unwrap();
        assert_eq!(f.samples[0].value.mean(), 61700.0);
        let f = parse("add_float 10000 44.2       530400.00 Thousand Single Precision Additions/second\n").unwrap();
        assert_eq!(f.samples[0].value.mean(), 530400.0);
    }

    #[test]
    fn unit_after_row_and_cut_unit() {
        let text = "1 add_double     60.02      716         11.92936         214728.42\n\
Thousand Double Precision Additions/second\n\
     6 creat-clo            3.05         58   19.01639        19016.39 File\n\
Creations and Closes/second\n\
2 add_float      60.01      1074        17.89702         214764.21 \n\
Thousand Single Precision Additions/second\n";
        let f = parse(text).unwrap();
        assert_eq!(f.samples.len(), 3);
        assert_eq!(f.samples[0].metric.unit, "Thousand Double Precision Additions/second");
        assert_eq!(f.samples[1].metric.unit, "File Creations and Closes/second");
        assert_eq!(f.samples[2].metric.unit, "Thousand Single Precision Additions/second");
        assert_eq!(f.samples[2].line, 5);
    }

    #[test]
    fn unit_before_row() {
        let text = "Thousand Double Precision Additions/second\n\
1 add_double       60.02        716     11.92936      214728.42 \n\
\n\
Thousand Single Precision Additions/second\n\
2 add_float        60.05        1075    17.90175      214820.98 \n";
        let f = parse(text).unwrap();
        assert_eq!(f.samples[0].metric.unit, "Thousand Double Precision Additions/second");
        assert_eq!(f.samples[1].metric.unit, "Thousand Single Precision Additions/second");
    }

    #[test]
    fn comparison_tables_are_not_rows() {
        // A post comparing two kernels: the last number is a difference, not a rate.
        assert!(
            row(" 1 add_double   1096039.60 1096039.60       0.00  0.00% Thousand Double Precision Additions/second")
                .is_none()
        );
        assert!(matches!(parse("hello 1 2 3\n"), Err(ParseError::NoResults { .. })));
        assert!(matches!(parse("nothing here\n"), Err(ParseError::NoResults { .. })));
    }

    #[test]
    fn truncated_row_is_an_error() {
        let text = " Test        Test        Elapsed  Iteration    Iteration          Operation\n\
Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)\n\
     1 add_double           5.05        110   21.78218       392079.21 Thousand Double Precision Additions/second\n\
     2 add_float            5.00        155   31.00000\n";
        assert_eq!(parse(text).unwrap_err().line(), Some(4));
    }

    #[test]
    fn detect_scores() {
        assert!(Aim9.detect(&Input::from_text("AIM Independent Resource Benchmark - Suite IX v1.1")) >= 90);
        assert_eq!(Aim9.detect(&Input::from_text("Throughput 12 MB/sec 4 procs")), 0);
    }
}
