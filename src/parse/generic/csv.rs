//! Generic CSV results files: fields (quoted, `,`/`;`/tab delimited), the
//! header's columns, one sample per row, and detection.

use crate::model::{Better, Metric, Param, ParsedFile, Sample};
use crate::parse::{Input, ParseError, num};

/// Splits one CSV line into fields; `None` when a quote is not closed.
fn split_csv(line: &str, delim: char) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars().peekable();
    let mut in_quotes = false;
    let mut at_start = true;
    while let Some(c) = chars.next() {
        if in_quotes {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    cur.push('"');
                } else {
                    in_quotes = false;
                }
            } else {
                cur.push(c);
            }
        } else if c == '"' && at_start && cur.trim().is_empty() {
            cur.clear();
            in_quotes = true;
            at_start = false;
        } else if c == delim {
            fields.push(std::mem::take(&mut cur).trim().to_string());
            at_start = true;
        } else {
            cur.push(c);
            if !c.is_whitespace() {
                at_start = false;
            }
        }
    }
    if in_quotes {
        return None;
    }
    fields.push(cur.trim().to_string());
    Some(fields)
}

/// The CSV header: first line that is not blank and not a `#` comment.
fn csv_header(input: &Input) -> Option<(usize, &str)> {
    input.numbered().find(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    })
}

fn csv_delim(header: &str) -> char {
    if header.contains(',') { ',' } else { '\t' }
}

#[derive(Clone, Copy, PartialEq)]
enum CsvCol {
    Kernel,
    Group,
    Metric,
    Value,
    Unit,
    Better,
    N,
    Stddev,
    Param,
}

fn csv_col(name: &str) -> CsvCol {
    match name.trim().to_ascii_lowercase().as_str() {
        "kernel" => CsvCol::Kernel,
        "group" => CsvCol::Group,
        "metric" => CsvCol::Metric,
        "value" => CsvCol::Value,
        "unit" => CsvCol::Unit,
        "better" => CsvCol::Better,
        "n" => CsvCol::N,
        "stddev" => CsvCol::Stddev,
        _ => CsvCol::Param,
    }
}

fn better_word(s: &str) -> Option<Better> {
    match s.trim().to_ascii_lowercase().as_str() {
        "higher" => Some(Better::Higher),
        "lower" => Some(Better::Lower),
        "neither" => Some(Better::Neither),
        _ => None,
    }
}

/// Reads a generic CSV file: optional `# benchmark: NAME` / `# version: V`
/// lines, a header row naming the columns (`metric`, `value` and `better`
/// required), then one sample per row. An error for a malformed header or
/// row, or when there is no row.
pub(super) fn parse_csv(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "generic".to_string(), ..Default::default() };
    let Some((hline, header)) = csv_header(input) else {
        return Err(ParseError::NoResults { benchmark: "generic", reason: "empty CSV file".into() });
    };
    read_csv_preamble(input, hline, &mut out);
    let delim = csv_delim(header);
    let (names, cols) = csv_columns(header, hline, delim)?;
    for (n, line) in input.numbered().skip(hline) {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let s = csv_row(n, line, delim, &names, &cols)?;
        if let crate::model::Value::Summary { n: runs, .. } = s.value
            && runs > super::MAX_PLAUSIBLE_RUNS
        {
            out.notes.push((n, super::many_runs_note(runs)));
        }
        out.samples.push(s);
    }
    if out.samples.is_empty() {
        return Err(ParseError::NoResults { benchmark: "generic", reason: "CSV header without rows".into() });
    }
    Ok(out)
}

/// Reads the `benchmark:` and `version:` comment lines above the header
/// row (at line `hline`) into `out`.
fn read_csv_preamble(input: &Input, hline: usize, out: &mut ParsedFile) {
    for (_, l) in input.numbered().take(hline.saturating_sub(1)) {
        let t = l.trim().trim_start_matches('#').trim();
        if let Some(name) = t.strip_prefix("benchmark:") {
            if !name.trim().is_empty() {
                out.benchmark = name.trim().to_string();
            }
        } else if let Some(v) = t.strip_prefix("version:")
            && !v.trim().is_empty()
        {
            out.version = Some(v.trim().to_string());
        }
    }
}

/// The column names of the header row `header` (at line `hline`) and what
/// each column holds. An error for an unnamed or repeated column, or when
/// `metric`, `value` or `better` is missing.
fn csv_columns(header: &str, hline: usize, delim: char) -> Result<(Vec<String>, Vec<CsvCol>), ParseError> {
    let names =
        split_csv(header, delim).ok_or_else(|| ParseError::malformed(hline, "a CSV header row", header.to_string()))?;
    let cols: Vec<CsvCol> = names.iter().map(|n| csv_col(n)).collect();
    for (i, n) in names.iter().enumerate() {
        if n.is_empty() {
            return Err(ParseError::malformed(hline, format!("a name for column {}", i + 1), header.to_string()));
        }
        let dup = names.iter().take(i).any(|m| m.eq_ignore_ascii_case(n));
        if dup {
            return Err(ParseError::malformed(
                hline,
                "distinct column names",
                format!("column {}: {n:?} twice", i + 1),
            ));
        }
    }
    for (need, name) in [(CsvCol::Metric, "metric"), (CsvCol::Value, "value"), (CsvCol::Better, "better")] {
        if !cols.contains(&need) {
            return Err(ParseError::malformed(hline, format!("a `{name}` column"), header.to_string()));
        }
    }
    Ok((names, cols))
}

/// The sample of the CSV row `line` (number `n`) under the columns `names`
/// / `cols`. An error for a row with another number of fields or a cell
/// that does not read as its column's.
fn csv_row(n: usize, line: &str, delim: char, names: &[String], cols: &[CsvCol]) -> Result<Sample, ParseError> {
    let t = line.trim();
    let cells = split_csv(line, delim)
        .ok_or_else(|| ParseError::malformed(n, "a CSV row with closed quotes", t.to_string()))?;
    if cells.len() != names.len() {
        return Err(ParseError::malformed(
            n,
            format!("{} fields, as many as the header has", names.len()),
            format!("{} fields: {t}", cells.len()),
        ));
    }
    let cell_err = |i: usize, expected: &str| {
        ParseError::malformed(n, expected.to_string(), format!("column {} ({}): {:?}", i + 1, names[i], cells[i]))
    };
    // A number a double cannot hold as written (`1.0e-400` read as 0,
    // `1e400`) is an error naming why, not a 0 in the tables.
    let number = |i: usize| match num::out_of_range(&cells[i]) {
        Some(why) => Err(ParseError::malformed(
            n,
            "a number a double holds",
            format!("column {} ({}): {:?} {why}", i + 1, names[i], cells[i]),
        )),
        None => num::plain(&cells[i]).ok_or_else(|| cell_err(i, "a number")),
    };
    let (mut kernel, mut group, mut metric, mut value, mut unit, mut better, mut runs, mut sd) =
        (None, String::new(), String::new(), None, String::new(), None, None, None);
    let mut params = Vec::new();
    for (i, (col, cell)) in cols.iter().zip(&cells).enumerate() {
        match col {
            CsvCol::Kernel => kernel = (!cell.is_empty()).then(|| cell.clone()),
            CsvCol::Group => group = cell.clone(),
            CsvCol::Metric => metric = cell.clone(),
            CsvCol::Unit => unit = cell.clone(),
            CsvCol::Value => value = Some(number(i)?),
            CsvCol::Better => {
                better = Some(better_word(cell).ok_or_else(|| cell_err(i, "higher, lower or neither"))?);
            }
            CsvCol::N if !cell.is_empty() => {
                runs = Some(super::run_count(cell).map_err(|why| cell_err(i, why))?);
            }
            CsvCol::Stddev if !cell.is_empty() => {
                // A spread below 0 is no standard deviation (attack34 14:
                // `-1` was kept in data.json and shown ±0 on the pages).
                let v = number(i)?;
                if v < 0.0 {
                    return Err(cell_err(i, "a standard deviation of 0 or more"));
                }
                sd = Some(v);
            }
            CsvCol::N | CsvCol::Stddev => {}
            CsvCol::Param => {
                if !cell.is_empty() {
                    params.push(Param::new(names[i].clone(), cell));
                }
            }
        }
    }
    let metric_col = cols.iter().position(|c| *c == CsvCol::Metric).unwrap_or(0);
    if metric.is_empty() {
        return Err(cell_err(metric_col, "a metric name"));
    }
    let (Some(v), Some(b)) = (value, better) else {
        return Err(ParseError::malformed(n, "a value and a better direction", t.to_string()));
    };
    let mut s = Sample::new(Metric::new(metric, unit, b), v, n).with_group(group);
    s.kernel = kernel.map(Into::into);
    s.params = params;
    match (runs, sd) {
        (Some(k), sd) => s = s.with_summary(v, sd, k),
        (None, Some(_)) => {
            let i = cols.iter().position(|c| *c == CsvCol::Stddev).unwrap_or(0);
            return Err(cell_err(i, "a stddev only together with n (the number of runs)"));
        }
        (None, None) => {}
    }
    Ok(s)
}

pub(super) fn csv_score(input: &Input) -> u8 {
    let Some((_, header)) = csv_header(input) else {
        return 0;
    };
    let Some(names) = split_csv(header, csv_delim(header)) else {
        return 0;
    };
    if names.len() < 2 {
        return 0;
    }
    let cols: Vec<CsvCol> = names.iter().map(|n| csv_col(n)).collect();
    if cols.contains(&CsvCol::Metric) && cols.contains(&CsvCol::Value) { 90 } else { 0 }
}
