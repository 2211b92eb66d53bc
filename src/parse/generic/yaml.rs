//! Generic YAML results files: the schema (`benchmark`, `version`,
//! `results:` entries), the line of each entry, the nesting limit shared
//! with the site's YAML files, and detection.

use crate::model::{Better, Metric, Param, ParsedFile, Sample};
use crate::parse::{Input, ParseError};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::fmt;

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
    #[serde(default, deserialize_with = "opt_runs")]
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

/// Accepts a summary's run count: a whole number from 1 to 4294967295
/// written as YAML reads a number (`5`, `5.0`, `1e3`), `~` as absent;
/// an error in plain words otherwise (`0`, `-3`, `2.5`, `1e12`: it said
/// "expected u32").
struct Runs;

impl<'de> Visitor<'de> for Runs {
    type Value = Option<u32>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a whole number of runs, at least 1")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        super::run_count(&v.to_string()).map(Some).map_err(|why| E::custom(format!("`{v}` is not {why}")))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        super::run_count(&v.to_string()).map(Some).map_err(|why| E::custom(format!("`{v}` is not {why}")))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        super::run_count(&format!("{v:e}")).map(Some).map_err(|why| E::custom(format!("`{v}` is not {why}")))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
}

fn opt_runs<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    d.deserialize_any(Runs)
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

/// The 1-based line of the second `key:` of the map that starts at
/// `line`, `column` (1-based, where serde_yaml reports a duplicate key):
/// the keys of that map start in that column, after spaces or a list's
/// `- `; the map ends at a line with text left of that column. `None`
/// when no second key is found there (a flow map, `{a: 1, a: 2}`).
pub fn second_key_line(text: &str, line: usize, column: usize, key: &str) -> Option<usize> {
    let col = column.checked_sub(1)?;
    let is_key = |l: &str| {
        let Some((head, rest)) = l.split_at_checked(col) else { return false };
        let rest = rest.strip_prefix('"').and_then(|r| r.strip_prefix(key)).and_then(|r| r.strip_prefix('"'));
        let rest = rest.or_else(|| l.get(col..)?.strip_prefix(key));
        head.chars().all(|c| c == ' ' || c == '-') && rest.is_some_and(|r| r.trim_start().starts_with(':'))
    };
    let mut seen = false;
    for (i, l) in text.lines().enumerate().skip(line.checked_sub(1)?) {
        let ends_map = i + 1 > line
            && !l.trim().is_empty()
            && !l.trim_start().starts_with('#')
            && l.len() - l.trim_start().len() < col;
        if ends_map {
            return None;
        }
        if is_key(l) {
            if seen {
                return Some(i + 1);
            }
            seen = true;
        }
    }
    None
}

/// What a generic YAML file should be, for its errors: the README's section.
const EXPECTED: &str = "a generic results YAML file (README: \"Your own numbers: the generic format\")";

/// Turns a serde_yaml error on `text` into a [`ParseError`] with its line
/// and column: a key given twice at the second key's line (serde_yaml
/// gives its map's first line), and `results[0]` as `result 1`.
fn yaml_error(text: &str, err: serde_yaml::Error) -> ParseError {
    let mut msg = err.to_string();
    match err.location() {
        Some(loc) => {
            // The line goes into the error itself: drop serde_yaml's suffix.
            let suffix = format!(" at line {} column {}", loc.line(), loc.column());
            if msg.ends_with(&suffix) {
                msg.truncate(msg.len() - suffix.len());
            }
            let mut line = loc.line();
            if let Some(key) = msg.split_once("duplicate field `").and_then(|(_, r)| r.split('`').next()) {
                line = second_key_line(text, loc.line(), loc.column(), key).unwrap_or(line);
            }
            // `results[0]: …` → `result 1: …`.
            if let Some((n, rest)) = msg.strip_prefix("results[").and_then(|r| r.split_once(']'))
                && let Ok(n) = n.parse::<usize>()
            {
                let rest = rest.strip_prefix(": ").or_else(|| rest.strip_prefix('.')).unwrap_or(rest);
                msg = format!("result {}: {rest}", n + 1);
            }
            // `value: 0x1F` (or `0o17`, `0b101`): YAML reads an integer the f64 does
            // not take; it said "invalid type: integer `31`, expected f64"
            // (attacker 59).
            if let Some((head, rest)) = msg.split_once("invalid type: integer `")
                && let Some((n, tail)) = rest.split_once("`, expected f64")
                && tail.is_empty()
            {
                msg = format!(
                    "{head}`{}` is an integer written in hexadecimal (`0x…`), octal (`0o…`) or binary (`0b…`), which YAML reads as {n}: write the number in decimal, as the benchmark printed it",
                    written_at(text, loc.line(), loc.column()).unwrap_or_else(|| n.to_string())
                );
            }
            // `value: 1_000`: YAML 1.1 reads 1000, YAML 1.2 (this reader)
            // text; it said "invalid type: string \"1_000\", expected f64".
            if let Some((head, rest)) = msg.split_once("invalid type: string \"")
                && let Some((word, tail)) = rest.split_once("\", expected f64")
                && tail.is_empty()
                && word.contains('_')
                && word.replace('_', "").parse::<f64>().is_ok()
            {
                msg = format!(
                    "{head}`{word}` is a number with `_` between its digits, which a YAML 1.1 reader reads as {} and YAML 1.2 (benchsite's reader) as text: write it without `_`",
                    word.replace('_', "")
                );
            }
            // A duplicate key is in its map's column, as the first.
            ParseError::malformed(line, EXPECTED, format!("column {}: {msg}", loc.column()))
        }
        None => ParseError::malformed(1, EXPECTED, msg),
    }
}

/// `017`: digits after a leading zero (a sign aside), which YAML 1.2 (the
/// reader benchsite uses) and a person read as decimal 17, but a YAML 1.1
/// reader (PyYAML, Ruby's Psych: most tools that write YAML) as octal 15,
/// or as text when a digit is 8 or 9.
fn zero_led(word: &str) -> bool {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    digits.len() > 1 && digits.starts_with('0') && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A note for each number of a `value:`, `values:` or `stddev:` written
/// with a leading zero ([`zero_led`]: `value: 017`), on its line: it was
/// read as 17 without a word, where a YAML 1.1 reader reads 15 (review of
/// session 61). `items` are the lines of block-style `values` items
/// (`- 017`). A name (`kernel: 017`, a parameter) is kept as written and
/// not looked at.
fn zero_led_numbers(lines: &[String], items: &[usize]) -> Vec<(usize, String)> {
    let mut notes = Vec::new();
    let say = |line: usize, word: &str, notes: &mut Vec<(usize, String)>| {
        let digits = word.trim_start_matches(['-', '+']);
        let read: f64 = word.parse().unwrap_or(f64::NAN);
        let other = match u64::from_str_radix(digits, 8) {
            // `00`…`07`: the same number either way (review62 parse #4).
            Ok(n) if n as f64 == read.abs() => return,
            Ok(n) => format!("as octal: {}{n}", if word.starts_with('-') { "-" } else { "" }),
            Err(_) => "as text, no number at all".to_string(),
        };
        notes.push((
            line,
            format!(
                "`{word}` is written with a leading zero: read as {read} (YAML 1.2, and decimal as a person reads it), but a YAML 1.1 reader (PyYAML, Ruby) reads it {other}; write {read} without the leading zero"
            ),
        ));
    };
    for (i, line) in lines.iter().enumerate() {
        let code = line.split(" #").next().unwrap_or("");
        let t = code.trim_start();
        // A block-style `values` item: `- 017`.
        if items.contains(&(i + 1)) {
            let word = t.trim_start_matches('-').trim();
            if zero_led(word) {
                say(i + 1, word, &mut notes);
            }
            continue;
        }
        for key in ["value:", "values:", "stddev:"] {
            let mut from = 0;
            while let Some(at) = code[from..].find(key).map(|p| p + from) {
                from = at + key.len();
                let before = code[..at].chars().next_back();
                if !before.is_none_or(|c| matches!(c, ' ' | '\t' | '{' | ',' | '-')) {
                    continue;
                }
                let rest = code[from..].trim_start();
                let words: Vec<&str> = match rest.strip_prefix('[') {
                    Some(list) => list.split(']').next().unwrap_or("").split(',').map(str::trim).collect(),
                    None => vec![rest.split([',', '}', ' ', '\t']).next().unwrap_or("")],
                };
                for w in words.into_iter().filter(|w| zero_led(w)) {
                    say(i + 1, w, &mut notes);
                }
            }
        }
    }
    notes
}

/// The plain scalar of `text` at 1-based `line` and `column` (as a
/// serde_yaml error locates it; the column in characters), up to the next `,`, `}`, `]`, blank or
/// comment: `0x1F`.
fn written_at(text: &str, line: usize, column: usize) -> Option<String> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    // libyaml counts the column in characters, not bytes (review61 parse
    // #5: `{metric: Débit, value: 0x1F}` named `31` as written).
    let word: String = l
        .chars()
        .skip(column.checked_sub(1)?)
        .take_while(|c| !matches!(c, ',' | '}' | ']' | ' ' | '\t' | '#'))
        .collect();
    (!word.is_empty()).then_some(word)
}

/// A YAML value as a reader names it in a message: a scalar as written,
/// a list or map by its kind (not the library's Rust text,
/// `Mapping {"c": Number(1)}`).
fn described(v: &serde_yaml::Value) -> String {
    match v {
        serde_yaml::Value::Null => "nothing (null)".into(),
        serde_yaml::Value::Sequence(_) => "a list".into(),
        serde_yaml::Value::Mapping(_) => "a map".into(),
        serde_yaml::Value::Tagged(t) => format!("a value tagged {}", t.tag),
        other => scalar_text(other).unwrap_or_default(),
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

/// What an alias in benchsite's YAML is told: [`first_alias`].
pub const ALIAS_REFUSED: &str = "a YAML alias (`*name`), which benchsite does not read: a few lines of aliases can stand for gigabytes; write the values out";

/// The 1-based line and column of the first alias (`*name`, the use of an
/// anchor `&name`) in YAML `text`, as the YAML library's own scanner
/// (libyaml's, which `serde_yaml` parses with) finds it: never one inside a
/// quoted or block scalar or a comment. `None` when there is none, or
/// when the text does not scan before one (the parse then says why).
///
/// The YAML library expands every alias where it is used, and bounds that
/// only by 100 expansions per event: a 25 KB `machine.yaml` of aliases to
/// a 1,000-name list took 4.9 GB and 90 s (attack34 #1), a 6 KB results
/// file gave 300,000 samples. No file benchsite reads needs one, so an
/// alias is an error at its line ([`ALIAS_REFUSED`]) before the library
/// reads the text.
pub fn first_alias(text: &str) -> Option<(usize, usize)> {
    use libyaml_rs as sys;
    use std::mem::MaybeUninit;
    // An alias starts with `*`: most text holds none.
    if !text.contains('*') {
        return None;
    }
    let mut parser = MaybeUninit::<sys::yaml_parser_t>::uninit();
    // SAFETY: the parser is initialised before any other use and deleted
    // once, after the last; it reads `text` (which outlives it) as a
    // string of `text.len()` bytes; each token is filled by
    // `yaml_parser_scan` before it is read, and deleted once.
    unsafe {
        if sys::yaml_parser_initialize(parser.as_mut_ptr()).fail {
            return None;
        }
        let parser = parser.as_mut_ptr();
        sys::yaml_parser_set_encoding(parser, sys::YAML_UTF8_ENCODING);
        sys::yaml_parser_set_input_string(parser, text.as_ptr(), text.len() as u64);
        let mut found = None;
        loop {
            let mut token = MaybeUninit::<sys::yaml_token_t>::uninit();
            if sys::yaml_parser_scan(parser, token.as_mut_ptr()).fail {
                break;
            }
            let token = token.as_mut_ptr();
            let kind = (*token).type_;
            if kind == sys::YAML_ALIAS_TOKEN {
                let mark = (*token).start_mark;
                found = Some((mark.line as usize + 1, mark.column as usize + 1));
            }
            sys::yaml_token_delete(token);
            if found.is_some() || kind == sys::YAML_STREAM_END_TOKEN || kind == sys::YAML_NO_TOKEN {
                break;
            }
        }
        sys::yaml_parser_delete(parser);
        found
    }
}

pub(super) fn parse_yaml(input: &Input) -> Result<ParsedFile, ParseError> {
    let text = input.text();
    if let Some(line) = too_deeply_nested(text) {
        return Err(ParseError::malformed(
            line,
            EXPECTED,
            format!("lists or maps nested more than {MAX_YAML_DEPTH} deep"),
        ));
    }
    if let Some((line, column)) = first_alias(text) {
        return Err(ParseError::malformed(line, EXPECTED, format!("column {column}: {ALIAS_REFUSED}")));
    }
    let file: YamlFile = serde_yaml::from_str(text).map_err(|e| yaml_error(text, e))?;
    // A number a double cannot hold as written: serde_yaml reads
    // `1.0e-400` as 0 without a word (attack59), the CSV reader refuses it.
    for (i, line) in input.lines.iter().enumerate() {
        let code = line.split(" #").next().unwrap_or("");
        for word in code.split(|c: char| c.is_whitespace() || matches!(c, ',' | '{' | '}' | '[' | ']' | ':')) {
            if let Some(why) =
                crate::parse::num::out_of_range(word).filter(|_| word.bytes().any(|b| b.is_ascii_digit()))
            {
                return Err(ParseError::malformed(i + 1, "a number a double holds", format!("`{word}` {why}")));
            }
        }
    }
    let places = entry_lines(&input.lines);
    let located = places.entries.len() == file.results.len();
    let fallback = places.results.max(1);
    let mut out = ParsedFile {
        benchmark: file.benchmark.unwrap_or_else(|| "generic".to_string()),
        version: file.version,
        ..Default::default()
    };
    let items: Vec<usize> = places.entries.iter().flat_map(|e| e.2.iter().copied()).collect();
    out.notes.extend(zero_led_numbers(&input.lines, &items));
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
                    let found = if k.as_str() == Some("<<") {
                        "a YAML merge key (`<<: *anchor`), which is not read: write the parameters out".to_string()
                    } else {
                        format!("{}: {}", described(k), described(v))
                    };
                    return Err(bad(entry_line, "params as `name: value` scalars", found));
                };
                // `bs: 1.10` unquoted is the float 1.1: its printed text is
                // lost and it meets `bs: 1.1` as one set-up (attack59).
                if v.as_f64().is_some() && !v.is_i64() && !v.is_u64() {
                    out.notes.push((
                        entry_line,
                        format!(
                            "parameter `{name}: {val}` is an unquoted YAML float: its printed text (`1.10`, `1e3`) is \
                             not kept, so set-ups that differ only in how it was written are one; quote it \
                             (`{name}: \"…\"`) to keep it as written"
                        ),
                    ));
                }
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
                        if n > super::MAX_PLAUSIBLE_RUNS {
                            out.notes.push((value_line, super::many_runs_note(n)));
                        }
                        if let Some(sd) = sd {
                            check(sd, entry_line)?;
                            if sd < 0.0 {
                                return Err(bad(entry_line, "a `stddev` of 0 or more", sd.to_string()));
                            }
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

/// Score for YAML: 90 for `results:` + metric/value keys and known
/// top-level keys only, 50 with unknown top-level keys, 0 otherwise.
pub(super) fn yaml_score(input: &Input) -> u8 {
    // A `results:` key is required below: a text without the word has none.
    if !input.has("results") {
        return 0;
    }
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
