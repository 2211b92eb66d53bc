//! A generic results file, for any benchmark benchsite has no parser for.
//!
//! Write the numbers yourself, in YAML or CSV, and drop the file next to
//! the raw output like any other result file.
//!
//! # YAML
//!
//! ```yaml
//! benchmark: osdb           # free name shown as the section's benchmark
//! version: "0.21"           # optional: the benchmark's version
//! results:
//!   - kernel: 2.4.20-pre5   # optional when the file sits in a kernel directory
//!     metric: Throughput
//!     value: 145.00          # or values: [1, 2, 3] for several runs
//!     unit: MB/s             # optional, empty for a pure number (an index)
//!     better: higher         # higher | lower | neither
//!     group: ext2            # optional: the table inside the benchmark
//!     params: {procs: 64}    # optional: what the result scales over
//!     n: 5                   # optional: value is a mean over n runs…
//!     stddev: 1.2            # …with this standard deviation (optional)
//! ```
//!
//! Top-level keys: `benchmark` (optional, default `generic`), `version`
//! (optional) and `results` (required, a list). Per result, `metric`,
//! `better` and exactly one of `value` / `values` are required; `values`
//! gives one sample per run, `value` with `n` gives one summary
//! ([`crate::model::Value::Summary`]) over `n` runs, and `stddev` needs `n`.
//! `kernel`, `metric`, `unit` and `group` must be strings: quote a kernel
//! that YAML would read as a number (`kernel: "3.10"`). Parameter values
//! are strings or numbers, kept in the file's order.
//!
//! # CSV
//!
//! A header row names the columns, then one row per value:
//!
//! ```text
//! # benchmark: osdb
//! kernel,group,procs,metric,value,unit,better
//! 2.4.20-pre5,ext2,64,Throughput,145.00,MB/s,higher
//! 2.5.33,ext2,64,Throughput,220.54,MB/s,higher
//! ```
//!
//! Known columns are `kernel`, `group`, `metric`, `value`, `unit`,
//! `better`, `n` and `stddev` (any case); `metric`, `value` and `better` are
//! required. Every other column is a parameter, named by its header (here
//! `procs`); an empty cell leaves the parameter out. Fields are separated by
//! commas (or tabs when the header has no comma) and may be quoted with
//! `"` (`""` inside quotes is a quote). Blank lines and lines starting with
//! `#` are skipped; a leading `# benchmark: NAME` comment names the
//! benchmark. A row with `n` is a summary over `n` runs with the optional
//! `stddev`.
//!
//! # Errors
//!
//! Every problem is a [`ParseError::Malformed`] naming the line, and the
//! column where there is one: YAML syntax errors, unknown keys (a typo such
//! as `vaule:` is not silently ignored), values that are not numbers, a
//! missing `better`, `stddev` without `n`, CSV rows with the wrong number
//! of fields.
//!
//! # Detection
//!
//! Score 90 for YAML with a top-level `results:` key and `metric:` and
//! `value:`/`values:` entries (50 when other top-level keys are present and
//! 40 when no `value` key is, so that a misspelt key gets its parse error
//! when no other parser claims the file), and for CSV whose first row names
//! both `metric` and `value` columns; 0 otherwise. The site's own
//! annotation files (`site.yaml`, `machine.yaml`, `kernel.yaml`) carry no
//! `results:` list and are never claimed.

use crate::model::{Better, Metric, Param, ParsedFile, Sample};
use crate::parse::{BenchParser, Input, ParseError, num};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::fmt;

/// Reads generic YAML or CSV results files.
pub struct Generic;

/// Top-level keys a generic YAML file may have.
const TOP_KEYS: [&str; 3] = ["benchmark", "version", "results"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct YamlFile {
    #[serde(default, deserialize_with = "opt_string")]
    benchmark: Option<String>,
    #[serde(default, deserialize_with = "opt_string")]
    version: Option<String>,
    results: Vec<YamlResult>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct YamlResult {
    #[serde(default, deserialize_with = "opt_string")]
    kernel: Option<String>,
    #[serde(deserialize_with = "string")]
    metric: String,
    #[serde(default)]
    value: Option<f64>,
    #[serde(default)]
    values: Option<Vec<f64>>,
    #[serde(default, deserialize_with = "opt_string")]
    unit: Option<String>,
    better: Better,
    #[serde(default, deserialize_with = "opt_string")]
    group: Option<String>,
    #[serde(default)]
    params: Option<serde_yaml::Mapping>,
    #[serde(default)]
    n: Option<u32>,
    #[serde(default)]
    stddev: Option<f64>,
}

/// Accepts a YAML string only (not a number YAML would turn `3.10` into
/// `3.1` for), and `~`/`null` as "absent".
struct StringOnly;

impl<'de> Visitor<'de> for StringOnly {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string (quote numbers, e.g. \"3.10\")")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
}

fn opt_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    d.deserialize_any(StringOnly)
}

fn string<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    d.deserialize_any(StringOnly)?.ok_or_else(|| de::Error::custom("expected a string, found null"))
}

/// Where each result entry sits in the YAML text (1-based lines).
#[derive(Debug, Default)]
struct EntryLines {
    /// Line of the entry's `- ` and of its `value:`/`values:` key, and the
    /// lines of block-style `values` items.
    entries: Vec<(usize, Option<usize>, Vec<usize>)>,
    /// Line of `results:`.
    results: usize,
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// A top-level `key:` of a YAML line, if the line is one.
fn top_key(line: &str) -> Option<&str> {
    if line.starts_with([' ', '\t', '-', '#']) || line.starts_with("---") || line.starts_with("...") {
        return None;
    }
    let colon = line.find(':')?;
    let key = line[..colon].trim().trim_matches(['"', '\'']);
    (!key.is_empty() && !key.contains(' ')).then_some(key)
}

/// Finds the result entries in block-style YAML, for sample line numbers.
fn entry_lines(lines: &[String]) -> EntryLines {
    let mut el = EntryLines::default();
    let Some(r) = lines.iter().position(|l| top_key(l) == Some("results")) else {
        return el;
    };
    el.results = r + 1;
    let mut entry_indent: Option<usize> = None;
    let mut i = r + 1;
    while i < lines.len() {
        let line = &lines[i];
        let t = line.trim_start();
        if t.is_empty() || t.starts_with('#') {
            i += 1;
            continue;
        }
        if top_key(line).is_some() {
            break;
        }
        let ind = indent(line);
        let is_dash = t == "-" || t.starts_with("- ");
        if is_dash && entry_indent.is_none_or(|e| e == ind) {
            entry_indent = Some(ind);
            el.entries.push((i + 1, None, Vec::new()));
        }
        // The key on this line: after the entry's `- ` or on its own.
        let key_text = if is_dash && Some(ind) == entry_indent { t[1..].trim_start() } else { t };
        if let Some(entry) = el.entries.last_mut() {
            if key_text.starts_with("value:") {
                entry.1 = Some(i + 1);
            } else if let Some(rest) = key_text.strip_prefix("values:") {
                entry.1 = Some(i + 1);
                let rest = rest.trim();
                if rest.is_empty() || rest.starts_with('#') {
                    let key_indent = ind + (t.len() - key_text.len());
                    let mut j = i + 1;
                    while j < lines.len() {
                        let item = lines[j].trim_start();
                        if item.is_empty() || item.starts_with('#') {
                            j += 1;
                            continue;
                        }
                        if (item == "-" || item.starts_with("- ")) && indent(&lines[j]) >= key_indent {
                            entry.2.push(j + 1);
                            j += 1;
                        } else {
                            break;
                        }
                    }
                }
            }
        }
        i += 1;
    }
    el
}

/// Turns a serde_yaml error into a [`ParseError`] with its line and column.
fn yaml_error(err: serde_yaml::Error) -> ParseError {
    let mut msg = err.to_string();
    match err.location() {
        Some(loc) => {
            // The line goes into the error itself: drop serde_yaml's suffix.
            let suffix = format!(" at line {} column {}", loc.line(), loc.column());
            if msg.ends_with(&suffix) {
                msg.truncate(msg.len() - suffix.len());
            }
            ParseError::malformed(
                loc.line(),
                "a generic results YAML file (see benchsite::parse::generic)",
                format!("column {}: {msg}", loc.column()),
            )
        }
        None => ParseError::malformed(1, "a generic results YAML file (see benchsite::parse::generic)", msg),
    }
}

fn scalar_text(v: &serde_yaml::Value) -> Option<String> {
    match v {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        serde_yaml::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// How deep YAML text may nest flow collections (`[`, `{`) before it is
/// refused unread: no benchsite file needs more than a few levels, and the
/// YAML library takes time quadratic in the depth (200 KB of `[[[…` took
/// 27 s) before its own recursion limit stops it.
pub const MAX_YAML_DEPTH: usize = 32;

/// The 1-based line where `text` opens a flow collection (`[` or `{`)
/// deeper than [`MAX_YAML_DEPTH`], outside quotes and comments; `None` when
/// it does not.
pub fn too_deeply_nested(text: &str) -> Option<usize> {
    let (mut depth, mut line) = (0usize, 1usize);
    let mut quote: Option<char> = None;
    let mut chars = text.chars().peekable();
    let mut after_space = true;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\n') => {
                line += 1;
                // Plain YAML quotes do not span lines in what we read; a
                // stray quote must not hide the rest of the file.
                if quote == Some('\'') {
                    quote = None;
                }
            }
            (Some('"'), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') if after_space || depth > 0 => quote = Some(c),
            (None, '#') if after_space => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            (None, '[' | '{') => {
                depth += 1;
                if depth > MAX_YAML_DEPTH {
                    return Some(line);
                }
            }
            (None, ']' | '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
        after_space = c.is_whitespace() || matches!(c, '[' | '{' | ',' | ':');
    }
    None
}

fn parse_yaml(input: &Input) -> Result<ParsedFile, ParseError> {
    let text = input.text();
    if let Some(line) = too_deeply_nested(text) {
        return Err(ParseError::malformed(
            line,
            "a generic results YAML file (see benchsite::parse::generic)",
            format!("lists or maps nested more than {MAX_YAML_DEPTH} deep"),
        ));
    }
    let file: YamlFile = serde_yaml::from_str(text).map_err(yaml_error)?;
    let places = entry_lines(&input.lines);
    let located = places.entries.len() == file.results.len();
    let fallback = places.results.max(1);
    let mut out = ParsedFile {
        benchmark: file.benchmark.unwrap_or_else(|| "generic".to_string()),
        version: file.version,
        ..Default::default()
    };
    if !located {
        out.notes.push((fallback, "could not place each result on its line; lines point at `results:`".into()));
    }
    for (idx, r) in file.results.into_iter().enumerate() {
        let (entry_line, value_line, item_lines) = match places.entries.get(idx) {
            Some((e, v, items)) if located => (*e, v.unwrap_or(*e), items.clone()),
            _ => (fallback, fallback, Vec::new()),
        };
        let bad = |line: usize, expected: &str, found: String| {
            ParseError::malformed(line, format!("result {}: {expected}", idx + 1), found)
        };
        let metric = Metric::new(r.metric.clone(), r.unit.unwrap_or_default(), r.better);
        let mut params = Vec::new();
        if let Some(map) = &r.params {
            for (k, v) in map {
                let (Some(name), Some(val)) = (scalar_text(k), scalar_text(v)) else {
                    return Err(bad(entry_line, "params as `name: value` scalars", format!("{k:?}: {v:?}")));
                };
                params.push(Param::new(name, val));
            }
        }
        let template = |value: f64, line: usize| {
            let mut s = Sample::new(metric.clone(), value, line).with_group(r.group.clone().unwrap_or_default());
            s.kernel = r.kernel.as_deref().map(Into::into);
            s.params = params.clone();
            s
        };
        let check = |v: f64, line: usize| {
            if v.is_finite() { Ok(v) } else { Err(bad(line, "a finite number", v.to_string())) }
        };
        match (r.value, &r.values) {
            (Some(_), Some(_)) => {
                return Err(bad(entry_line, "either `value` or `values`, not both", r.metric.clone()));
            }
            (None, None) => {
                return Err(bad(entry_line, "a `value` or `values` key", r.metric.clone()));
            }
            (None, Some(values)) => {
                if r.n.is_some() || r.stddev.is_some() {
                    return Err(bad(entry_line, "`n`/`stddev` only with a single `value`", r.metric.clone()));
                }
                if values.is_empty() {
                    return Err(bad(value_line, "at least one number in `values`", "[]".into()));
                }
                for (k, v) in values.iter().enumerate() {
                    let line = item_lines.get(k).copied().unwrap_or(value_line);
                    out.samples.push(template(check(*v, line)?, line));
                }
            }
            (Some(v), None) => {
                let v = check(v, value_line)?;
                let mut s = template(v, value_line);
                match (r.n, r.stddev) {
                    (Some(0), _) => return Err(bad(entry_line, "`n` of at least 1", "0".into())),
                    (Some(n), sd) => {
                        if let Some(sd) = sd {
                            check(sd, entry_line)?;
                        }
                        s = s.with_summary(v, sd, n);
                    }
                    (None, Some(_)) => {
                        return Err(bad(entry_line, "`n` (the number of runs) with `stddev`", r.metric.clone()));
                    }
                    (None, None) => {}
                }
                out.samples.push(s);
            }
        }
    }
    if out.samples.is_empty() {
        return Err(ParseError::NoResults { benchmark: "generic", reason: "`results:` is empty".into() });
    }
    Ok(out)
}

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
fn parse_csv(input: &Input) -> Result<ParsedFile, ParseError> {
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
        out.samples.push(csv_row(n, line, delim, &names, &cols)?);
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
    let (mut kernel, mut group, mut metric, mut value, mut unit, mut better, mut runs, mut sd) =
        (None, String::new(), String::new(), None, String::new(), None, None, None);
    let mut params = Vec::new();
    for (i, (col, cell)) in cols.iter().zip(&cells).enumerate() {
        match col {
            CsvCol::Kernel => kernel = (!cell.is_empty()).then(|| cell.clone()),
            CsvCol::Group => group = cell.clone(),
            CsvCol::Metric => metric = cell.clone(),
            CsvCol::Unit => unit = cell.clone(),
            CsvCol::Value => value = Some(num::plain(cell).ok_or_else(|| cell_err(i, "a number"))?),
            CsvCol::Better => {
                better = Some(better_word(cell).ok_or_else(|| cell_err(i, "higher, lower or neither"))?);
            }
            CsvCol::N if !cell.is_empty() => {
                runs = Some(
                    cell.parse::<u32>()
                        .ok()
                        .filter(|&k| k > 0)
                        .ok_or_else(|| cell_err(i, "a run count of at least 1"))?,
                );
            }
            CsvCol::Stddev if !cell.is_empty() => {
                sd = Some(num::plain(cell).ok_or_else(|| cell_err(i, "a number"))?);
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

/// Score for YAML: 90 for `results:` + metric/value keys and known
/// top-level keys only, 50 with unknown top-level keys, 0 otherwise.
fn yaml_score(input: &Input) -> u8 {
    let mut results = false;
    let mut unknown_top = false;
    for l in &input.lines {
        if let Some(k) = top_key(l) {
            if k == "results" {
                results = true;
            } else if !TOP_KEYS.contains(&k) {
                unknown_top = true;
            }
        }
    }
    if !results {
        return 0;
    }
    let key_at = |key: &str| {
        input.lines.iter().any(|l| {
            let t = l.trim_start().trim_start_matches('-').trim_start();
            t.starts_with(key) || l.contains(&format!("{{{key}")) || l.contains(&format!(", {key}"))
        })
    };
    if !key_at("metric:") {
        return 0;
    }
    if !(key_at("value:") || key_at("values:")) {
        return 40; // perhaps a misspelt `value:`: let the parse say so
    }
    if unknown_top { 50 } else { 90 }
}

fn csv_score(input: &Input) -> u8 {
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

impl BenchParser for Generic {
    fn id(&self) -> &'static str {
        "generic"
    }

    fn describe(&self) -> &'static str {
        "generic results file (YAML with `results:` or CSV with metric,value columns)"
    }

    fn detect(&self, input: &Input) -> u8 {
        yaml_score(input).max(csv_score(input))
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        if yaml_score(input) > 0 {
            parse_yaml(input)
        } else if csv_score(input) > 0 {
            parse_csv(input)
        } else {
            Err(ParseError::NoResults {
                benchmark: "generic",
                reason: "neither YAML with a `results:` list nor CSV with metric and value columns".into(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Value;

    #[test]
    fn deep_nesting_is_refused_before_the_yaml_library_reads_it() {
        let deep = format!(
            "benchmark: x\nresults:\n  - metric: m\n    better: higher\n    value: 1\n    params: {}{}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        let err = Generic.parse(&Input::from_bytes(deep.as_bytes())).unwrap_err();
        assert!(err.to_string().contains("nested more than 32 deep"), "{err}");
        // Brackets in quotes and comments are text; ordinary nesting is fine.
        assert_eq!(
            too_deeply_nested(&format!("a: \"{}\" # {}\nb: [[1], {{c: [2]}}]", "[".repeat(50), "{".repeat(50))),
            None
        );
        assert_eq!(too_deeply_nested(&format!("a: 1\nb: {}", "[".repeat(33))), Some(2));
    }

    const YAML: &str = "benchmark: osdb           # free name
results:
  - kernel: 2.4.20-pre5
    metric: Throughput
    value: 145.00
    unit: MB/s
    better: higher
    group: ext2
    params: {procs: 64}
    n: 5
    stddev: 1.2
  - metric: real
    values: [1, 2.5, 3]
    unit: s
    better: lower
  - metric: index
    better: neither
    values:
      - 10
      - 11
";

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        Generic.parse(&Input::from_text(text))
    }

    #[test]
    fn yaml_example() {
        let input = Input::from_text(YAML);
        assert_eq!(Generic.detect(&input), 90);
        let p = Generic.parse(&input).unwrap();
        assert_eq!(p.benchmark, "osdb");
        assert_eq!(p.samples.len(), 6);
        let s = &p.samples[0];
        assert_eq!(s.kernel.as_deref(), Some("2.4.20-pre5"));
        assert_eq!(s.metric, Metric::new("Throughput", "MB/s", Better::Higher));
        assert_eq!(s.group, "ext2");
        assert_eq!(s.params, vec![Param::new("procs", "64")]);
        assert_eq!(s.value, Value::Summary { mean: 145.0, stddev: Some(1.2), n: 5 });
        assert_eq!(s.line, 5);
        let runs: Vec<(f64, usize)> = p.samples[1..4].iter().map(|s| (s.value.mean(), s.line)).collect();
        assert_eq!(runs, vec![(1.0, 13), (2.5, 13), (3.0, 13)]);
        assert_eq!(p.samples[4].line, 19);
        assert_eq!(p.samples[5].line, 20);
        assert_eq!(p.samples[5].metric.unit, "");
    }

    #[test]
    fn unknown_key_names_its_line_and_column() {
        let err = parse("results:\n  - metric: a\n    vaule: 1\n    better: higher\n").unwrap_err();
        assert_eq!(err.line(), Some(3));
        assert!(err.to_string().contains("vaule"), "{err}");
        assert!(err.to_string().contains("column"), "{err}");
    }

    #[test]
    fn yaml_value_errors() {
        let e = parse("results:\n  - metric: a\n    value: fast\n    better: higher\n").unwrap_err();
        assert_eq!(e.line(), Some(3));
        let e = parse("results:\n  - metric: a\n    value: 1\n    better: up\n").unwrap_err();
        assert_eq!(e.line(), Some(4));
        let e = parse("results:\n  - metric: a\n    value: 1\n").unwrap_err();
        assert!(e.to_string().contains("better"), "{e}");
        let e = parse("results:\n  - metric: a\n    value: 1\n    stddev: 2\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("results:\n  - metric: a\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("results:\n  - metric: a\n    value: 1\n    values: [2]\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("results:\n  - kernel: 3.10\n    metric: a\n    value: 1\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2), "{e}");
        let e = parse("results:\n  - metric: a\n    value: .nan\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(3));
        let e = parse("results: [\n  {metric: a, value: 1, better: lower\n").unwrap_err();
        assert!(e.line().is_some());
    }

    #[test]
    fn flow_style_falls_back_to_results_line() {
        let p = parse("benchmark: x\nresults: [{metric: a, value: 1, better: higher}]\n").unwrap();
        assert_eq!(p.samples[0].line, 2);
        assert_eq!(p.benchmark, "x");
    }

    #[test]
    fn annotation_files_are_not_claimed() {
        for text in [
            "title: My kernels\ndescription: results\n",
            "machine: quad xeon\ncpus: 4\nresults: see below\n",
            "kernel: 2.5.33\nnotes: |\n  results:\n",
        ] {
            assert_eq!(Generic.detect(&Input::from_text(text)), 0, "{text}");
        }
        let typo = "benchmark: a\nresultz: 1\nresults:\n  - metric: a\n    value: 1\n    better: lower\n";
        assert_eq!(Generic.detect(&Input::from_text(typo)), 50);
        assert_eq!(parse(typo).unwrap_err().line(), Some(2));
    }

    #[test]
    fn csv_example() {
        let text = "# benchmark: osdb\nkernel,group,procs,metric,value,unit,better,n,stddev\n\
                    2.4.20-pre5,ext2,64,Throughput,145.00,MB/s,higher,,\n\
                    \"2.5.33, patched\",ext2,,Throughput,220.54,MB/s,higher,5,1.5\n";
        let input = Input::from_text(text);
        assert_eq!(Generic.detect(&input), 90);
        let p = Generic.parse(&input).unwrap();
        assert_eq!(p.benchmark, "osdb");
        assert_eq!(p.samples.len(), 2);
        assert_eq!(p.samples[0].params, vec![Param::new("procs", "64")]);
        assert_eq!(p.samples[0].line, 3);
        assert_eq!(p.samples[1].kernel.as_deref(), Some("2.5.33, patched"));
        assert!(p.samples[1].params.is_empty());
        assert_eq!(p.samples[1].value, Value::Summary { mean: 220.54, stddev: Some(1.5), n: 5 });
    }

    #[test]
    fn csv_errors() {
        let e = parse("metric,value,better\na,1.0\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("metric,value,better\na,x,higher\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("column 2"), "{e}");
        let e = parse("metric,value\na,1\n").unwrap_err();
        assert_eq!(e.line(), Some(1));
        let e = parse("metric,value,better,stddev\na,1,lower,2\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("metric,value,better\n\"a,1,lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("metric,value,better,Metric\na,1,lower,b\n").unwrap_err();
        assert_eq!(e.line(), Some(1));
    }

    #[test]
    fn tab_separated_csv() {
        let p = parse("metric\tvalue\tbetter\tthreads\nSeeks/sec\t153.8\thigher\t4\n").unwrap();
        assert_eq!(p.samples[0].params, vec![Param::new("threads", "4")]);
        assert_eq!(p.samples[0].value.mean(), 153.8);
    }
}
