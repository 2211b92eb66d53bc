//! lmbench summary tables: the report `make see` / `make summary` /
//! `make summary percent` prints from `results/` with `scripts/getsummary`.
//!
//! Reads lmbench 1.x (1.9), 2.0 (2.0p2 …) and 3.0 summaries:
//!
//! ```text
//!                  L M B E N C H  2 . 0   S U M M A R Y
//!                  ------------------------------------
//!
//! Processor, Processes - times in microseconds - smaller is better
//! ----------------------------------------------------------------
//! Host                 OS  Mhz null null      open selct sig  sig  fork exec sh
//!                              call  I/O stat clos TCP   inst hndl proc proc proc
//! --------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----
//! frodo      Linux 2.4.18  797 0.40 0.56 3.18 3.97       1.00 3.18 115. 1231 13.K
//! ```
//!
//! # What it produces
//!
//! One [`Sample`] per non-blank value cell. The *group* is the section title
//! without its unit part and without asterisks; the *metric name* is the
//! column header, its stacked words joined with a space (a word ending in `/`
//! is joined without one: `RPC/` + `UDP` → `RPC/UDP`); a header spanning two
//! columns (`0K File` over `Create` and `Delete`) prefixes both. The unit
//! comes from the title (`microseconds` → `µs`, `nanoseconds` → `ns`,
//! `MB/s` → `MB/s`), the direction from `smaller is better` (Lower) or
//! `bigger is better` (Higher). `Mhz` columns are `MHz`, [`Better::Neither`].
//! Every value column of "Basic system parameters" is informational
//! (Neither, unit "" except `Mhz`). Text columns (`Description`, `Guesses`)
//! give no samples. The kernel is the OS column with a leading `Linux `
//! removed (`Linux 2.4.17rat` → `2.4.17rat`); other systems keep the whole
//! OS string (`IRIX 6.2`). Rows with the same host and OS are several runs
//! of the same key. When the file's rows name more than one host, every
//! sample gets a `host` parameter (the Host column), so different machines
//! never average; with one host there is none. A `-1` cell is lmbench's
//! "not measured": no sample, and a note.
//!
//! | group | metrics (as the headers name them) | unit | better |
//! |---|---|---|---|
//! | Basic system parameters | `Mhz`, `tlb pages`, `cache line bytes`, `mem par`, `scal load` | MHz / "" | Neither |
//! | Processor, Processes | `Mhz`, `null call`, `null I/O`, `stat`, `open clos`, `selct` (1.9) / `selct TCP` (2.0) / `slct TCP` (3.0), `sig inst`, `sig hndl`, `fork proc`, `exec proc`, `sh proc` | µs | Lower |
//! | Basic integer operations | `intgr bit`, `intgr add`, `intgr mul`, `intgr div`, `intgr mod` | ns | Lower |
//! | Basic uint64 operations | `int64 bit`, `int64 add`, … (`uint64 …` in some 3.0 builds) | ns | Lower |
//! | Basic float operations | `float add`, `float mul`, `float div`, `float bogo` | ns | Lower |
//! | Basic double operations | `double add`, `double mul`, `double div`, `double bogo` | ns | Lower |
//! | Context switching | `2p/0K ctxsw`, `2p/16K ctxsw`, `2p/64K ctxsw`, `8p/16K ctxsw`, `8p/64K ctxsw`, `16p/16K ctxsw`, `16p/64K ctxsw` | µs | Lower |
//! | Local Communication latencies | `2p/0K ctxsw`, `Pipe`, `AF UNIX`, `UDP`, `RPC/UDP`, `TCP`, `RPC/TCP`, `TCP conn` | µs | Lower |
//! | Remote Communication latencies | `UDP`, `RPC/UDP`, `TCP`, `RPC/TCP`, `TCP conn` | µs | Lower |
//! | File & VM system latencies | `0K File Create`, `0K File Delete`, `10K File Create`, `10K File Delete`, `Mmap Latency`, `Prot Fault`, `Page Fault`, `100fd selct` | µs | Lower |
//! | Local Communication bandwidths | `Pipe`, `AF UNIX`, `TCP`, `File reread`, `Mmap reread`, `Bcopy (libc)`, `Bcopy (hand)`, `Mem read`, `Mem write` | MB/s | Higher |
//! | Memory latencies | `Mhz` (MHz, Neither), `L1 $`, `L2 $`, `Main mem`, `Rand mem`, `TLB` (1.0) | ns | Lower |
//!
//! lmbench 1.0 prints `Null Syscall`, `Null Process`, `Simple Process`,
//! `/bin/sh Process`, `Mmap lat`, `2-proc ctxsw`, `8-proc ctxsw` in its
//! processor table, titles without a direction (those samples are
//! Neither), and its bandwidth table "in megabytes/second" (MB/s).
//!
//! # How cells are found
//!
//! Columns come from the dashed rule under the headers, checked against
//! the rows (module `columns`): a run of dashes over two cells of some row is
//! split, cells right of a wrapped rule add columns. Names come from the
//! header words matched, in order, against lmbench's own column names
//! (module `names`), never from where the words sit (an edited getsummary with
//! a wider Host or OS column prints its headers a column or more left of
//! their data); a section lmbench's names do not cover is named by where
//! its words sit only when every column gets a name of its own, else the
//! table is a note. A cell is the token under exactly one column (under
//! none: within two characters of exactly one); a row with a cell under two
//! columns, under none, or two cells under one column is a note, not a
//! guess, and so is every other line of a table that looks like a result
//! row and gives no samples. Values may carry a `K` suffix (`0.11K`,
//! `13.K`, `3549.8K` → ×1000), be cut to a
//! trailing dot (`115.`) or be `-` (no value). Rows may stop right after the
//! OS column (no samples). The lines `make summary percent` adds after each
//! table (indented variation percentages) are skipped.
//!
//! A host name longer than the Host column (`example-vm` over `---------`)
//! moves its whole row right by the overrun. When every row of a table
//! overruns by the same 1 to 4 characters and all its cells then lie under
//! the rule moved by that much, the table is read against the moved rule
//! (blank cells included); a table whose rows are moved by different
//! amounts is not. A markdown code fence ends a table.
//!
//! Tables pasted with collapsed whitespace (no column positions left, as in
//! some mail archives) are read when their header words match lmbench's own
//! column names in order; a row of such a table must then have either every
//! cell or none, since a blank cell cannot be placed: otherwise the row is a
//! [`ParseError::Malformed`].
//!
//! `version` is `1.9`, `2.0` or `3.0` from the banner, an `LMbench 2.0p2`
//! mention, or the layout (3.0 alone has "Basic integer operations",
//! "*Remote*" and `slct`; 2.0 has `selct TCP`).

use crate::model::{Better, Metric, Param, ParsedFile, Sample};
use crate::parse::num;
use crate::parse::{BenchParser, Input, ParseError};

mod columns;
mod names;

/// The lmbench summary-table parser (registry id `lmbench`).
pub struct Lmbench;

const ID: &str = "lmbench";

impl BenchParser for Lmbench {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "lmbench 1.9/2.0/3.0 summary tables (make see / make summary)"
    }

    fn detect(&self, input: &Input) -> u8 {
        // Literals looked for once in the whole text: a line can hold one
        // only if the text does.
        if input.has("L M B E N C H") && input.lines.iter().any(|l| is_banner(l)) {
            return 95;
        }
        let unit_word = UNIT_WORDS.iter().any(|w| input.has(w));
        let may_have_title =
            (unit_word || input.has_ignore_ascii_case("basic")) && input.lines.iter().any(|l| may_hold_title(l));
        if !may_have_title {
            return 0;
        }
        let lines = virtual_lines(input);
        let titles = (0..lines.len()).filter(|&i| table_at(&lines, i).is_some_and(|t| t.lmbench_header())).count();
        let mention = titles > 0 && input.has_ignore_ascii_case("lmbench");
        match titles {
            0 => 0,
            1 if mention => 85,
            1 => 70,
            _ if mention => 90,
            _ => 85,
        }
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let lines = virtual_lines(input);
        let mut out = ParsedFile { benchmark: ID.to_string(), ..Default::default() };
        let mut tables = 0usize;
        let mut layout_version: Option<&'static str> = None;
        // A thread quoting the same collapsed table again and again asks
        // the same question of lmbench's column names each time.
        let mut collapsed_cache: CollapsedCache = std::collections::HashMap::new();
        // (sample index, Host column) of every sample read from a Host/OS row.
        let mut hosts: Vec<(usize, String)> = Vec::new();
        let mut i = 0usize;
        while i < lines.len() {
            if out.version.is_none() {
                out.version = banner_version(&lines[i].1);
            }
            let Some(found) = table_at(&lines, i) else {
                i += 1;
                continue;
            };
            let title_line = lines[i].0;
            let group = found.title.group.clone();
            let Some(cols) = found.cols.clone() else {
                out.notes.push((title_line, format!("section {group:?} has no column rule; skipped")));
                i = found.rule + 1;
                continue;
            };
            if !found.lmbench_header() {
                out.notes.push((title_line, format!("section {group:?} is not an lmbench Host/OS table; skipped")));
                i = found.next + 1;
                continue;
            }
            let header: Vec<(usize, &str)> = found.header.iter().map(|&k| (lines[k].0, lines[k].1.as_str())).collect();
            let (body, body_end) = table_body(&lines, found.next + 1);
            let rows: Vec<&str> = body.iter().map(|&k| lines[k].1.as_str()).collect();
            let Some(table) = read_header(&group, &header, &cols, &rows, &mut collapsed_cache) else {
                let (hl, ht) = header[0];
                out.notes.push((
                    hl,
                    format!(
                        "column headers of lmbench section {group:?} do not name its columns ({:?}); table not read",
                        ht.trim_end()
                    ),
                ));
                for &k in &body {
                    if looks_like_row(&lines[k].1) {
                        out.notes.push((lines[k].0, not_read("its table's columns have no names")));
                    }
                }
                i = body_end;
                continue;
            };
            tables += 1;
            if let Some(v) = layout_hint(&group, &table)
                && (layout_version.is_none() || v == "3.0")
            {
                layout_version = Some(v);
            }
            let stop = read_rows(&table, &found.title, &lines, &body, &mut out, &mut hosts)?;
            i = stop.unwrap_or(body_end);
        }
        if out.version.is_none() {
            out.version = mention_version(input).or(layout_version.map(str::to_string));
        }
        if tables == 0 {
            return Err(ParseError::NoResults {
                benchmark: ID,
                reason: "no lmbench summary table (section title, dashed rule, Host/OS headers, column rule)".into(),
            });
        }
        tag_hosts(&mut out, &hosts);
        Ok(out)
    }
}

/// Answers of [`collapsed_header`] by (section, header lines, rule columns).
type CollapsedCache = std::collections::HashMap<(String, Vec<String>, usize), Option<Table>>;

/// The note (shown as `line N: …`) for a line that looks like a result row
/// and gave no samples.
fn not_read(why: &str) -> String {
    format!("looks like an lmbench result row and was not read: {why}")
}

/// Two or more number (or `-`) cells: what a result row has and prose lacks.
fn looks_like_row(line: &str) -> bool {
    !is_percent_line(line) && line.split_whitespace().filter(|w| columns::is_cell(w)).count() >= 2
}

/// The line indices of a table's body, from `from` up to a blank line, a
/// `make` line, a markdown code fence (`` ``` ``) or the next section
/// title; and the index after it.
fn table_body(lines: &[(usize, String)], from: usize) -> (Vec<usize>, usize) {
    let mut r = from;
    while r < lines.len() {
        let l = lines[r].1.as_str();
        let fence = l.trim_start().starts_with("```") || l.trim_start().starts_with("~~~");
        if l.trim().is_empty()
            || fence
            || l.starts_with("make")
            || l.starts_with("gmake")
            || table_at(lines, r).is_some()
        {
            break;
        }
        r += 1;
    }
    ((from..r).collect(), r)
}

/// The table's columns and their names: aligned ([`aligned_table`]) when
/// the rows' cells lie under the rule's columns; else collapsed (the
/// spacing was lost: named by lmbench's own column names in order, cells
/// taken in order) when the header words match those names; else aligned
/// if it can be named (its rows then become notes one by one). `None` when
/// the columns cannot be named with certainty.
fn read_header(
    group: &str,
    header: &[(usize, &str)],
    rule: &[(usize, usize)],
    rows: &[&str],
    cache: &mut CollapsedCache,
) -> Option<Table> {
    let rows: Vec<&str> = rows.iter().copied().filter(|l| !is_percent_line(l)).collect();
    let aligned = aligned_table(group, header, rule, &rows);
    if aligned.as_ref().is_some_and(|(_, fit)| *fit) {
        return aligned.map(|(t, _)| t);
    }
    let key = (group.to_string(), header.iter().map(|(_, l)| l.to_string()).collect(), rule.len());
    let collapsed = cache.entry(key).or_insert_with(|| collapsed_header(group, header, rule.len())).clone();
    collapsed.or(aligned.map(|(t, _)| t))
}

/// The table read as aligned: columns from the rule and the rows
/// ([`columns::refine`]), names from [`catalog_names`] or else from where
/// the header words sit when every column gets a name of its own; and
/// whether the rows' cells all lie under those columns.
fn aligned_table(
    group: &str,
    header: &[(usize, &str)],
    rule: &[(usize, usize)],
    rows: &[&str],
) -> Option<(Table, bool)> {
    let (host, lines) = header_words(header)?;
    let nlabel = if host { 2 } else { 1 };
    let label_end = rule.get(nlabel - 1)?.1;
    let ruled = rule.get(nlabel..)?;
    let mut values = columns::refine(ruled, rows, label_end);
    let names = match catalog_names(group, &lines, values.len()) {
        Some(n) => n,
        // A row with cells past the rule that are no column of lmbench's:
        // the rule's columns (that row will be a note).
        None if values.len() > ruled.len() && catalog_names(group, &lines, ruled.len()).is_some() => {
            values = ruled.to_vec();
            catalog_names(group, &lines, ruled.len())?
        }
        None => {
            let refined: Vec<(usize, usize)> = rule[..nlabel].iter().chain(&values).copied().collect();
            let names: Vec<String> = aligned_header(header, &refined)?.cols.into_iter().map(|c| c.name).collect();
            let distinct: std::collections::BTreeSet<&String> = names.iter().collect();
            (distinct.len() == names.len()).then_some(names)?
        }
    };
    let (values, label_end, fit) = match columns::rows_fit(&values, rows, label_end) {
        true => (values, label_end, true),
        false => match host.then(|| shifted(ruled, rows, rule[0].1, label_end, values.len())).flatten() {
            Some((moved, end)) => (moved, end, true),
            None => (values, label_end, false),
        },
    };
    let cols = names
        .into_iter()
        .zip(&values)
        .map(|(name, &(start, end))| Column { start, end, text: is_text_column(&name), name })
        .collect();
    Some((Table { layout: Layout::Aligned, host, label_end, cols }, fit))
}

/// The value columns and label end moved right by a long host name
/// ([`columns::host_shift`]; `host_end` is the Host column's last
/// character), when every row's cells then lie under them, as many (`n`)
/// as the unshifted columns had names.
fn shifted(
    ruled: &[(usize, usize)],
    rows: &[&str],
    host_end: usize,
    label_end: usize,
    n: usize,
) -> Option<(Vec<(usize, usize)>, usize)> {
    let s = columns::host_shift(host_end, rows)?;
    let moved: Vec<(usize, usize)> = ruled.iter().map(|&(a, b)| (a + s, b + s)).collect();
    let values = columns::refine(&moved, rows, label_end + s);
    (values.len() == n && columns::all_rows_fit(&values, rows, label_end + s)).then_some((values, label_end + s))
}

/// Reads a table's rows into `out`: samples, and a note for every line
/// that is not read. Returns the index of the line that ended the table
/// before the end of `body`, if one did.
fn read_rows(
    table: &Table,
    title: &Title,
    lines: &[(usize, String)],
    body: &[usize],
    out: &mut ParsedFile,
    hosts: &mut Vec<(usize, String)>,
) -> Result<Option<usize>, ParseError> {
    for (idx, &k) in body.iter().enumerate() {
        let (n, l) = (lines[k].0, lines[k].1.as_str());
        if is_percent_line(l) {
            out.notes.push((n, "skipped `make percent` variation line".to_string()));
            return Ok(Some(k + 1));
        }
        if idx == 0 && dash_groups(l).is_some() {
            out.notes.push((n, "a wrapped piece of the column rule; the columns are taken from the rows".into()));
            continue;
        }
        // Only numbers, after a row: the tail of that row, wrapped by a
        // mail client (a real row starts with its host or OS name).
        if idx > 0 && l.split_whitespace().all(columns::is_cell) {
            return Err(ParseError::malformed(
                n,
                "a row starting with its host and OS (a line of numbers only is the wrapped tail of the row above)",
                l.trim(),
            ));
        }
        let read = match table.layout {
            Layout::Aligned => aligned_row(table, l, n)?,
            Layout::Collapsed => collapsed_row(table, l, n)?,
        };
        let row = match read {
            RowRead::Row(row) => row,
            RowRead::Unreadable(why) if looks_like_row(l) => {
                out.notes.push((n, not_read(&why)));
                continue;
            }
            RowRead::NotARow if looks_like_row(l) => {
                out.notes.push((n, not_read("it does not start with a host and OS name under the rule")));
                continue;
            }
            RowRead::NotARow | RowRead::Unreadable(_) => {
                out.notes.push((n, format!("table {:?} ends at a line that is not a row", title.group)));
                return Ok(Some(k));
            }
        };
        out.notes.extend(row.notes.into_iter().map(|m| (n, m)));
        for (c, value) in row.cells {
            let Some(col) = table.cols.get(c) else { continue };
            let mut s = Sample::new(column_metric(title, col), value, n).with_group(title.group.clone());
            if let Some(kern) = kernel_of(&row.os) {
                s = s.with_kernel(kern);
            }
            if let Some(h) = &row.host {
                hosts.push((out.samples.len(), h.clone()));
            }
            out.samples.push(s);
        }
    }
    Ok(None)
}

/// Gives every sample of a Host/OS row a `host` parameter when the file's
/// rows name more than one host, so that rows of different machines (same
/// OS or not) never average; rows of one host and OS stay runs.
fn tag_hosts(out: &mut ParsedFile, hosts: &[(usize, String)]) {
    let distinct: std::collections::BTreeSet<&str> = hosts.iter().map(|(_, h)| h.as_str()).collect();
    if distinct.len() < 2 {
        return;
    }
    for (k, h) in hosts {
        if let Some(s) = out.samples.get_mut(*k) {
            s.params.push(Param::new("host", h));
        }
    }
}

/// The input as (line number, text) with tabs expanded; a table flattened
/// onto one line (title, rules, headers and rows run together, as some
/// archives show mail) is split into the lines it was, all numbered with
/// the physical line.
fn virtual_lines(input: &Input) -> Vec<(usize, String)> {
    let mut out = Vec::with_capacity(input.lines.len());
    for (n, raw) in input.numbered() {
        let line = expand_tabs(raw);
        match split_flattened(&line) {
            Some(parts) => out.extend(parts.into_iter().map(|p| (n, p))),
            None => out.push((n, line)),
        }
    }
    out
}

fn is_dash_token(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b == b'-')
}

/// Splits `Title - smaller is better ----- Host OS … ---- ---- row row …`
/// into its lines; `None` when the line is not such a flattened table.
fn split_flattened(line: &str) -> Option<Vec<String>> {
    let t = line.trim();
    // Two searchers made once for every line of every file.
    static BETTER: std::sync::LazyLock<[memchr::memmem::Finder<'static>; 2]> = std::sync::LazyLock::new(|| {
        [memchr::memmem::Finder::new("smaller is better"), memchr::memmem::Finder::new("bigger is better")]
    });
    let end = BETTER.iter().filter_map(|f| f.find(t.as_bytes()).map(|i| i + f.needle().len())).min()?;
    let title = t.get(..end)?;
    parse_title(title)?;
    let mut rest = t.get(end..)?.trim_start();
    if rest.is_empty() {
        return None;
    }
    let mut out = vec![title.to_string()];
    if rest.starts_with("(WARNING") {
        let close = rest.find(')')?;
        out.push(rest.get(..=close)?.to_string());
        rest = rest.get(close + 1..)?.trim_start();
    }
    let toks: Vec<&str> = rest.split_whitespace().collect();
    let rule = toks.first().filter(|r| r.len() >= 10 && is_dash_token(r))?;
    out.push(rule.to_string());
    let mut i = 1;
    let mut header = Vec::new();
    while i < toks.len() && !is_dash_token(toks[i]) {
        header.push(toks[i]);
        i += 1;
    }
    let mut col_rule = Vec::new();
    while i < toks.len() && is_dash_token(toks[i]) {
        col_rule.push(toks[i]);
        i += 1;
    }
    if header.is_empty() || col_rule.len() < 2 {
        return None;
    }
    out.push(header.join(" "));
    out.push(col_rule.join(" "));
    let host = header.first() == Some(&"Host");
    let rows = &toks[i..];
    let starts: Vec<usize> = (0..rows.len())
        .filter(
            |&k| if host { rows.get(k + 1).is_some_and(|w| OS_NAMES.contains(w)) } else { OS_NAMES.contains(&rows[k]) },
        )
        .collect();
    let mut prev = 0;
    for &s in starts.iter().chain(std::iter::once(&rows.len())) {
        if s > prev {
            out.push(rows[prev..s].join(" "));
        }
        prev = s;
    }
    Some(out)
}

/// A section found at a title line: its title rule, header lines and column rule.
struct Found {
    title: Title,
    rule: usize,
    /// Indices of the non-blank header lines.
    header: Vec<usize>,
    /// Index of the column rule (or the last line looked at).
    next: usize,
    cols: Option<Vec<(usize, usize)>>,
    first_word: Option<String>,
}

impl Found {
    /// The headers start with `Host` or `OS`, as getsummary prints them.
    fn lmbench_header(&self) -> bool {
        self.cols.is_some() && !self.header.is_empty() && matches!(self.first_word.as_deref(), Some("Host" | "OS"))
    }
}

fn table_at(lines: &[(usize, String)], i: usize) -> Option<Found> {
    let title = parse_title(&lines.get(i)?.1)?;
    let rule = title_rule_at(lines, i)?;
    let mut header = Vec::new();
    let mut k = rule + 1;
    let mut cols = None;
    while k < lines.len() && k <= rule + 6 {
        let l = lines[k].1.as_str();
        if let Some(groups) = dash_groups(l) {
            cols = Some(groups);
            break;
        }
        if !l.trim().is_empty() {
            header.push(k);
        }
        k += 1;
    }
    let first_word = header.first().and_then(|&h| lines[h].1.split_whitespace().next()).map(str::to_string);
    Some(Found { title, rule, header, next: k, cols, first_word })
}

/// True when `haystack` contains `needle` (ASCII letters compared without
/// case), without lowering a copy of it.
fn contains_ignore_ascii_case(haystack: &str, needle: &str) -> bool {
    let n = needle.len();
    n == 0 || haystack.as_bytes().windows(n).any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// False only when no line [`virtual_lines`] makes of the raw `line` can be
/// a title [`parse_title`] accepts: each of those lines is part of the
/// line with tabs expanded, and a title holds a unit word, or is "Basic
/// system parameters" in any case. A cheap test that lets
/// [`Lmbench::detect`] skip building the virtual lines of files that are
/// no lmbench summary.
fn may_hold_title(line: &str) -> bool {
    // A title with a unit is cut at " - " or " in ": spaces here, or
    // other whitespace (a tab) that expansion or re-joining makes spaces.
    (UNIT_WORDS.iter().any(|w| line.contains(w))
        && (line.contains(" - ") || line.contains(" in ") || line.chars().any(|c| c.is_whitespace() && c != ' ')))
        || contains_ignore_ascii_case(line, "basic")
}

/// The unit words of section titles.
const UNIT_WORDS: [&str; 5] = ["microseconds", "nanoseconds", "milliseconds", "MB/s", "megabytes/second"];

/// A section title: "Context switching - times in microseconds - smaller is better".
#[derive(Debug, Clone)]
struct Title {
    group: String,
    unit: &'static str,
    better: Better,
}

fn is_banner(line: &str) -> bool {
    // The spaced-out banner is required below: test it before squeezing.
    if !line.contains("L M B E N C H") {
        return false;
    }
    let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed.contains("LMBENCH") && squeezed.contains("SUMMARY") && line.contains("L M B E N C H")
}

/// `L M B E N C H  2 . 0   S U M M A R Y` → `2.0`.
fn banner_version(line: &str) -> Option<String> {
    if !is_banner(line) {
        return None;
    }
    let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let start = squeezed.find("LMBENCH")? + "LMBENCH".len();
    let end = squeezed.find("SUMMARY")?;
    let v = squeezed.get(start..end)?;
    (!v.is_empty() && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')).then(|| v.to_string())
}

/// `LMbench 2.0p2`, `lmbench3`, `[lmbench2.0 results …` → major.minor.
fn mention_version(input: &Input) -> Option<String> {
    for line in &input.lines {
        let lower = line.to_ascii_lowercase();
        let mut from = 0;
        while let Some(p) = lower.get(from..).and_then(|s| s.find("lmbench")) {
            let at = from + p + "lmbench".len();
            let rest = lower.get(at..).unwrap_or("").trim_start_matches([' ', '-']);
            let v: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let v = v.trim_end_matches('.');
            if let Some(major) = v.chars().next().filter(char::is_ascii_digit) {
                let minor = v.split('.').nth(1).and_then(|m| m.chars().next()).unwrap_or('0');
                return Some(format!("{major}.{minor}"));
            }
            from = at;
        }
    }
    None
}

fn parse_title(line: &str) -> Option<Title> {
    let t = line.trim();
    if t.eq_ignore_ascii_case("Basic system parameters") {
        return Some(Title { group: "Basic system parameters".into(), unit: "", better: Better::Neither });
    }
    let unit = if t.contains("microseconds") {
        "µs"
    } else if t.contains("nanoseconds") {
        "ns"
    } else if t.contains("milliseconds") {
        "ms"
    } else if t.contains("MB/s") || t.contains("megabytes/second") {
        // lmbench 1.0: "*Local* Communication bandwidths in megabytes/second"
        "MB/s"
    } else {
        return None;
    };
    let cut = [" - ", " in "].iter().filter_map(|p| t.find(p)).min()?;
    let group: String = t.get(..cut)?.replace('*', "").trim().to_string();
    if group.is_empty() || !group.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let better = if t.contains("smaller is better") {
        Better::Lower
    } else if t.contains("bigger is better") || t.contains("larger is better") {
        Better::Higher
    } else {
        Better::Neither
    };
    Some(Title { group, unit, better })
}

/// The line index of the all-dashes rule under the title at `i` (allowing
/// one "(WARNING …)" line in between), if there is one.
fn title_rule_at(lines: &[(usize, String)], i: usize) -> Option<usize> {
    let mut j = i + 1;
    if lines.get(j).is_some_and(|l| l.1.trim_start().starts_with("(WARNING")) {
        j += 1;
    }
    let l = lines.get(j)?.1.trim();
    (l.len() >= 10 && l.bytes().all(|b| b == b'-')).then_some(j)
}

/// A column rule: two or more runs of dashes separated by spaces. Returns
/// each run's first and last character column.
fn dash_groups(line: &str) -> Option<Vec<(usize, usize)>> {
    let t = line.trim_end();
    if t.is_empty() || !t.chars().all(|c| c == '-' || c == ' ') {
        return None;
    }
    let toks = tokens(t);
    (toks.len() >= 2).then(|| toks.iter().map(|k| (k.start, k.end)).collect())
}

/// Tabs to spaces at 8-column stops, so positions match what a terminal showed.
fn expand_tabs(line: &str) -> String {
    if !line.contains('\t') {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 16);
    let mut col = 0usize;
    for c in line.chars() {
        if c == '\t' {
            let n = 8 - col % 8;
            out.extend(std::iter::repeat_n(' ', n));
            col += n;
        } else {
            out.push(c);
            col += 1;
        }
    }
    out
}

/// A whitespace-separated token with its first and last character column.
#[derive(Debug, Clone)]
struct Tok<'a> {
    start: usize,
    end: usize,
    text: &'a str,
}

fn tokens(line: &str) -> Vec<Tok<'_>> {
    if line.is_ascii() {
        // Nearly every line: a byte is a column, and the whitespace is
        // `char::is_whitespace`'s ASCII part (which has the vertical tab).
        let bytes = line.bytes().enumerate();
        split_tokens(line, bytes.map(|(i, b)| (i, i, matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r'))))
    } else {
        split_tokens(line, line.char_indices().enumerate().map(|(col, (byte, c))| (col, byte, c.is_whitespace())))
    }
}

/// [`tokens`] over `(column, byte offset, is whitespace)` of each character.
fn split_tokens(line: &str, chars: impl Iterator<Item = (usize, usize, bool)>) -> Vec<Tok<'_>> {
    let mut out = Vec::with_capacity(16);
    // The token being read: its first and last column, its first byte.
    let mut cur: Option<(usize, usize, usize)> = None;
    for (col, byte, space) in chars {
        if space {
            if let Some((start, end, first)) = cur.take() {
                out.push(Tok { start, end, text: &line[first..byte] });
            }
        } else {
            match cur.as_mut() {
                Some(t) => t.1 = col,
                None => cur = Some((col, col, byte)),
            }
        }
    }
    if let Some((start, end, first)) = cur {
        out.push(Tok { start, end, text: &line[first..] });
    }
    out
}

fn overlap(t: &Tok<'_>, c: (usize, usize)) -> usize {
    let lo = t.start.max(c.0);
    let hi = t.end.min(c.1);
    if hi >= lo { hi - lo + 1 } else { 0 }
}

fn gap(t: &Tok<'_>, c: (usize, usize)) -> usize {
    c.0.saturating_sub(t.end).max(t.start.saturating_sub(c.1))
}

/// The column (index into `cols`) a token belongs to: the one it overlaps
/// most (ties: the one whose right edge is nearest the token's, since values
/// are right-aligned), else the nearest one at most `slack` columns away.
fn best_col(t: &Tok<'_>, cols: &[(usize, usize)], slack: usize) -> Option<usize> {
    let mut best: Option<(usize, usize, usize)> = None; // (overlap, -edge distance, idx)
    for (i, &c) in cols.iter().enumerate() {
        let ov = overlap(t, c);
        if ov == 0 {
            continue;
        }
        let edge = t.end.abs_diff(c.1);
        let better = match best {
            None => true,
            Some((bo, be, _)) => ov > bo || (ov == bo && edge < be),
        };
        if better {
            best = Some((ov, edge, i));
        }
    }
    if let Some((_, _, i)) = best {
        return Some(i);
    }
    cols.iter().enumerate().map(|(i, &c)| (gap(t, c), i)).filter(|&(g, _)| g <= slack).min().map(|(_, i)| i)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// Column positions intact: cells are found by the column rule.
    Aligned,
    /// Whitespace collapsed: cells are taken in order.
    Collapsed,
}

#[derive(Debug, Clone)]
struct Column {
    start: usize,
    end: usize,
    name: String,
    /// `Description`, `Guesses`: text, never a sample.
    text: bool,
}

#[derive(Debug, Clone)]
struct Table {
    layout: Layout,
    /// True when the first column is `Host` (then `OS`), false when `OS` alone.
    host: bool,
    /// Extent of the label columns (Host and/or OS): last character column.
    label_end: usize,
    /// The value columns, left to right.
    cols: Vec<Column>,
}

fn join_words(parts: &[String]) -> String {
    let mut out = String::new();
    for p in parts {
        if p.is_empty() {
            continue;
        }
        if !out.is_empty() && !out.ends_with('/') {
            out.push(' ');
        }
        out.push_str(p);
    }
    out
}

fn is_text_column(name: &str) -> bool {
    matches!(name, "Description" | "Guesses")
}

/// Reads headers whose words still sit over their columns.
fn aligned_header(header: &[(usize, &str)], rule: &[(usize, usize)]) -> Option<Table> {
    let first = tokens(header.first()?.1);
    let lead = first.first()?;
    let host = match lead.text {
        "Host" => true,
        "OS" => false,
        _ => return None,
    };
    let nlabel = if host { 2 } else { 1 };
    if rule.len() <= nlabel {
        return None;
    }
    let label_end = rule.get(nlabel - 1)?.1;
    let values: Vec<(usize, usize)> = rule.get(nlabel..)?.to_vec();
    // parts[col][line] = words
    let mut parts: Vec<Vec<Vec<String>>> = vec![vec![Vec::new(); header.len()]; values.len()];
    for (li, (_, text)) in header.iter().enumerate() {
        let toks = tokens(text);
        // Phrases: tokens separated by exactly one space.
        let mut phrases: Vec<Vec<Tok>> = Vec::new();
        for t in toks {
            match phrases.last_mut() {
                Some(p) if p.last().is_some_and(|l| l.end + 2 == t.start) => p.push(t),
                _ => phrases.push(vec![t]),
            }
        }
        for phrase in phrases {
            let mut words: Vec<Tok> = Vec::new();
            for t in phrase {
                if t.end <= label_end {
                    if !matches!(t.text, "Host" | "OS") {
                        return None;
                    }
                    continue;
                }
                if t.start <= label_end {
                    return None;
                }
                words.push(t);
            }
            if words.is_empty() {
                continue;
            }
            let spans: Vec<Vec<usize>> =
                words.iter().map(|w| (0..values.len()).filter(|&c| overlap(w, values[c]) > 0).collect()).collect();
            if spans.iter().any(|s| s.len() >= 2) {
                // A header over several columns: it prefixes each of them.
                let mut over: Vec<usize> = spans.into_iter().flatten().collect();
                over.sort_unstable();
                over.dedup();
                let text = words.iter().map(|w| w.text).collect::<Vec<_>>().join(" ");
                for c in over {
                    parts[c][li].push(text.clone());
                }
            } else {
                for w in &words {
                    let c = best_col(w, &values, 1)?;
                    parts[c][li].push(w.text.to_string());
                }
            }
        }
    }
    let mut cols = Vec::with_capacity(values.len());
    for (c, &(start, end)) in values.iter().enumerate() {
        let per_line: Vec<String> = parts[c].iter().map(|ws| ws.join(" ")).collect();
        let name = join_words(&per_line);
        if name.is_empty() {
            return None;
        }
        cols.push(Column { start, end, text: is_text_column(&name), name });
    }
    Some(Table { layout: Layout::Aligned, host, label_end, cols })
}

/// The header words of each header line with the label words removed
/// (`Host` first on the first line, then `OS` there or first on the
/// second), and whether the table has a Host column.
fn header_words<'a>(header: &[(usize, &'a str)]) -> Option<(bool, Vec<Vec<&'a str>>)> {
    let mut lines: Vec<Vec<&str>> = header.iter().map(|(_, l)| l.split_whitespace().collect()).collect();
    let first = lines.first_mut()?;
    let host = match first.first().copied() {
        Some("Host") => {
            first.remove(0);
            if first.first() == Some(&"OS") {
                first.remove(0);
            } else if lines.get(1).and_then(|l| l.first()) == Some(&"OS") {
                lines[1].remove(0);
            }
            true
        }
        Some("OS") => {
            first.remove(0);
            false
        }
        _ => return None,
    };
    if lines.iter().map(Vec::len).sum::<usize>() > 40 {
        return None; // no lmbench header has that many words
    }
    Some((host, lines))
}

/// Reads headers whose whitespace was collapsed, by matching the header
/// words against lmbench's own column names in order.
fn collapsed_header(group: &str, header: &[(usize, &str)], ncols: usize) -> Option<Table> {
    if header.len() > 2 {
        return None;
    }
    let (host, lines) = header_words(header)?;
    let n = ncols.checked_sub(if host { 2 } else { 1 }).filter(|&n| n > 0)?;
    // With one header line the split between the stacked lines may have
    // been lost (a flattened table): try every split, demand one answer.
    let names = if let [only] = lines.as_slice() {
        let mut found: Option<Vec<String>> = None;
        for k in (0..=only.len()).rev() {
            let split = vec![only[..k].to_vec(), only[k..].to_vec()];
            match (names::match_names(group, &split, n), &found) {
                (Some(h), Some(f)) if h != *f => return None,
                (Some(h), None) => found = Some(h),
                _ => {}
            }
        }
        found?
    } else {
        names::match_names(group, &lines, n)?
    };
    let cols = names.into_iter().map(|name| Column { start: 0, end: 0, text: is_text_column(&name), name }).collect();
    Some(Table { layout: Layout::Collapsed, host, label_end: 0, cols })
}

/// Which lmbench version a table's layout shows, if any.
fn layout_hint(group: &str, table: &Table) -> Option<&'static str> {
    if group.starts_with("Basic integer")
        || group.starts_with("Basic uint64")
        || group.starts_with("Remote")
        || table.cols.iter().any(|c| c.name == "slct TCP" || c.name == "100fd selct")
    {
        return Some("3.0");
    }
    if table.cols.iter().any(|c| c.name == "selct TCP") {
        return Some("2.0");
    }
    None
}

struct Row {
    /// The Host column, in tables that have one.
    host: Option<String>,
    os: String,
    /// Notes about cells that gave no sample (`-1`).
    notes: Vec<String>,
    /// (value column index, value)
    cells: Vec<(usize, f64)>,
}

/// What a line of a table's body is.
enum RowRead {
    Row(Row),
    /// A row whose cells cannot be placed with certainty: why.
    Unreadable(String),
    NotARow,
}

/// A cell's value: `None` for a blank (`-`) and for lmbench's `-1` (not
/// measured, with a note in `notes`), an error for anything that is not an
/// lmbench number.
fn cell_value(cell: &str, col: &Column, line: usize, notes: &mut Vec<String>) -> Result<Option<f64>, ParseError> {
    if cell == "-" {
        return Ok(None);
    }
    match num::k_suffixed(cell) {
        Some(-1.0) => {
            notes.push(format!("{:?} is -1 (lmbench's \"not measured\"); no sample", col.name));
            Ok(None)
        }
        Some(v) => Ok(Some(v)),
        None => Err(ParseError::malformed(line, format!("a number in column {:?}", col.name), cell)),
    }
}

/// The host and OS words of an aligned row and how many tokens they take:
/// the host starts in column 0, the OS words end by the OS column's rule.
/// `Ok(None)` when the line does not start like a row; an error message
/// when a word runs over the OS column's edge (which column it is in
/// cannot be told).
fn row_labels(table: &Table, toks: &[Tok<'_>]) -> Result<Option<(Option<String>, String, usize)>, String> {
    let Some(first) = toks.first() else { return Ok(None) };
    if table.host {
        if first.start != 0 || first.end >= table.label_end || columns::is_cell(first.text) {
            return Ok(None);
        }
    } else if first.start > table.label_end {
        return Ok(None);
    }
    let skip = usize::from(table.host);
    let os_words: Vec<&Tok> = toks.iter().skip(skip).take_while(|t| t.start <= table.label_end).collect();
    if os_words.is_empty() {
        return Ok(None);
    }
    if let Some(w) = os_words.iter().find(|t| t.end > table.label_end) {
        return Err(format!("{:?} runs past the end of the OS column", w.text));
    }
    let os = os_words.iter().map(|t| t.text).collect::<Vec<_>>().join(" ");
    let host = table.host.then(|| first.text.to_string());
    Ok(Some((host, os, skip + os_words.len())))
}

/// Reads one row of an aligned table. Each cell must lie under exactly one
/// column (or, under none, within two characters of exactly one), in
/// column order; otherwise the row is [`RowRead::Unreadable`].
fn aligned_row(table: &Table, line: &str, lineno: usize) -> Result<RowRead, ParseError> {
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
        if let Some(v) = cell_value(t.text, col, lineno, &mut row.notes)? {
            row.cells.push((c, v));
        }
    }
    Ok(RowRead::Row(row))
}

/// OS names that are printed with a version after them.
const OS_NAMES: &[&str] = &[
    "Linux", "IRIX", "IRIX64", "SunOS", "FreeBSD", "NetBSD", "OpenBSD", "HP-UX", "AIX", "OSF1", "Darwin", "ULTRIX",
    "BSD/OS", "SCO_SV", "UnixWare",
];

/// [`names::match_names`] of the header lines, or, when they do not match,
/// of the header lines with one line joined to the one above (the tail of
/// a header line that a mail client wrapped), when exactly one join matches.
fn catalog_names(group: &str, lines: &[Vec<&str>], n: usize) -> Option<Vec<String>> {
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
fn collapsed_row(table: &Table, line: &str, lineno: usize) -> Result<RowRead, ParseError> {
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
        if let Some(v) = cell_value(toks[label_n + k], &table.cols[c], lineno, &mut row.notes)? {
            row.cells.push((c, v));
        }
    }
    Ok(RowRead::Row(row))
}

/// An indented `make percent` line: variation percentages such as `0 `,
/// `1.2%`, `5%`.
fn is_percent_line(line: &str) -> bool {
    line.starts_with(char::is_whitespace)
        && line.split_whitespace().all(|t| t == "0" || t.strip_suffix('%').is_some_and(|p| num::plain(p).is_some()))
}

fn column_metric(title: &Title, col: &Column) -> Metric {
    if col.name == "Mhz" {
        return Metric::new("Mhz", "MHz", Better::Neither);
    }
    if title.group == "Basic system parameters" {
        return Metric::new(col.name.clone(), "", Better::Neither);
    }
    Metric::new(col.name.clone(), title.unit, title.better)
}

/// The kernel an OS cell names: `Linux 2.4.17rat` → `2.4.17rat`, others whole.
fn kernel_of(os: &str) -> Option<String> {
    let os = os.trim();
    if os.is_empty() {
        return None;
    }
    match os.strip_prefix("Linux ") {
        Some(k) if !k.trim().is_empty() => Some(k.trim().to_string()),
        _ => Some(os.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ASCII path of [`tokens`] splits as `char::is_whitespace` does.
    #[test]
    fn tokens_of_ascii_lines_split_on_every_ascii_whitespace() {
        for line in ["a b", " Host  OS\tMhz ", "x\x0By\x0Cz\rw", "", "   ", "-  3.1K  \n"] {
            let toks: Vec<(usize, usize, &str)> = tokens(line).iter().map(|t| (t.start, t.end, t.text)).collect();
            let mut expected = Vec::new();
            let mut start = None;
            // ASCII: a byte is a column.
            for (i, c) in line.bytes().map(char::from).enumerate() {
                match (c.is_whitespace(), start) {
                    (true, Some(s)) => {
                        expected.push((s, i - 1, &line[s..i]));
                        start = None;
                    }
                    (false, None) => start = Some(i),
                    _ => {}
                }
            }
            if let Some(s) = start {
                expected.push((s, line.len() - 1, &line[s..]));
            }
            assert_eq!(toks, expected, "{line:?}");
        }
    }

    fn parse(text: &str) -> ParsedFile {
        Lmbench.parse(&Input::from_text(text)).expect("parses")
    }

    fn find<'a>(p: &'a ParsedFile, group: &str, name: &str) -> Vec<&'a Sample> {
        p.samples.iter().filter(|s| s.group == group && s.metric.name == name).collect()
    }

    const PROC20: &str = "\
                 L M B E N C H  2 . 0   S U M M A R Y
                 ------------------------------------

Processor, Processes - times in microseconds - smaller is better
----------------------------------------------------------------
Host                 OS  Mhz null null      open selct sig  sig  fork exec sh  
                             call  I/O stat clos TCP   inst hndl proc proc proc
--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----
frodo      Linux 2.4.18  797 0.40 0.56 3.18 3.97       1.00 3.18 115. 1231 13.K
frodo     Linux 2.5.33M  797 0.40 0.59 3.48 4.37       1.01 3.35 170. 1455 14.K
";

    #[test]
    fn repeated_collapsed_tables_are_matched_once() {
        // A flattened table quoted 100 times: each header match used to take
        // ~0.1 s in a debug build (26 s for 200 copies).
        let table = "Processor, Processes - times in microseconds - smaller is better\n\
----------------------------------------------------------------\n\
OS null open selct sig sig fork exec sh call stat clos TCP inst hndl proc proc proc\n\
--------------- ---- ---- ---- ----- ---- ---- ----- ----- -----\n\
Linux 2.4.17 0.43 3.41 6.16 36.8 1.43 3.26 932 3717 13612\n\n";
        let started = std::time::Instant::now();
        let f = Lmbench.parse(&Input::from_text(&table.repeat(100))).unwrap();
        assert_eq!(f.samples.len(), 900);
        assert!(started.elapsed().as_secs() < 5, "took {:?}", started.elapsed());
    }

    #[test]
    fn wrapped_row_tail_is_an_error() {
        let text = "Context switching - times in microseconds - smaller is better\n\
-------------------------------------------------------------\n\
Host                 OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K\n\
                        ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw\n\
--------- ------------- ----- ------ ------ ------ ------ ------- -------\n\
frodo      Linux 2.4.18 0.990 4.4200   13.8 6.2700\n\
309.8    58.6   310.5\n\
frodo      Linux 2.4.19 0.900 4.2900   15.3 5.9100  309.6    57.7   309.9\n";
        let e = Lmbench.parse(&Input::from_text(text)).unwrap_err();
        assert_eq!(e.line(), Some(7), "{e}");
        assert!(e.to_string().contains("wrapped tail"), "{e}");
    }

    #[test]
    fn header_words_stack_and_cells_follow_columns() {
        let p = parse(PROC20);
        assert_eq!(p.version.as_deref(), Some("2.0"));
        let g = "Processor, Processes";
        let fork = find(&p, g, "fork proc");
        assert_eq!(fork.len(), 2);
        assert_eq!(fork[0].value.mean(), 115.0);
        assert_eq!(fork[0].kernel.as_deref(), Some("2.4.18"));
        assert_eq!(fork[1].kernel.as_deref(), Some("2.5.33M"));
        assert_eq!(find(&p, g, "sh proc")[0].value.mean(), 13000.0);
        assert_eq!(find(&p, g, "sh proc")[1].value.mean(), 14000.0);
        // The blank "selct TCP" cell gives nothing and shifts nothing.
        assert!(find(&p, g, "selct TCP").is_empty());
        assert_eq!(find(&p, g, "sig inst")[0].value.mean(), 1.0);
        assert_eq!(find(&p, g, "open clos")[0].value.mean(), 3.97);
        let mhz = &find(&p, g, "Mhz")[0].metric;
        assert_eq!((mhz.unit.as_str(), mhz.better), ("MHz", Better::Neither));
        let call = &find(&p, g, "null call")[0];
        assert_eq!((call.metric.unit.as_str(), call.metric.better), ("µs", Better::Lower));
        assert_eq!(call.line, 9);
        assert_eq!(p.samples.len(), 2 * 10);
    }

    #[test]
    fn spanning_header_and_tab() {
        let text = "\
File & VM system latencies in microseconds - smaller is better
--------------------------------------------------------------
Host                 OS   0K File      10K File      Mmap    Prot    Page\t
                        Create Delete Create Delete  Latency Fault   Fault 
--------- ------------- ------ ------ ------ ------  ------- -----   ----- 
indy           IRIX 6.2    450    813   1694   2325     3317         23.0K
indy.wald  Linux 2.1.90                                11000     2    0.3K";
        let p = parse(text);
        let g = "File & VM system latencies";
        assert_eq!(find(&p, g, "0K File Create")[0].value.mean(), 450.0);
        assert_eq!(find(&p, g, "10K File Delete")[0].value.mean(), 2325.0);
        assert_eq!(find(&p, g, "Page Fault")[0].value.mean(), 23000.0);
        assert_eq!(find(&p, g, "0K File Create")[0].kernel.as_deref(), Some("IRIX 6.2"));
        assert_eq!(find(&p, g, "Prot Fault").len(), 1);
        assert_eq!(find(&p, g, "Mmap Latency")[1].value.mean(), 11000.0);
        assert_eq!(find(&p, g, "Mmap Latency")[1].kernel.as_deref(), Some("2.1.90"));
        assert_eq!(find(&p, g, "0K File Create").len(), 1);
    }

    #[test]
    fn rpc_headers_join_without_space_and_asterisks_go() {
        let text = "\
*Local* Communication latencies in microseconds - smaller is better
-------------------------------------------------------------------
Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP
                        ctxsw       UNIX         UDP         TCP conn
--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----
E450        SunOS 5.5.1    12    48   70   130         118        840
";
        let p = parse(text);
        let g = "Local Communication latencies";
        assert_eq!(find(&p, g, "UDP")[0].value.mean(), 130.0);
        assert!(find(&p, g, "RPC/UDP").is_empty());
        assert_eq!(find(&p, g, "TCP")[0].value.mean(), 118.0);
        assert_eq!(find(&p, g, "TCP conn")[0].value.mean(), 840.0);
        assert_eq!(find(&p, g, "AF UNIX")[0].value.mean(), 70.0);
        assert_eq!(p.samples.len(), 6);
        assert_eq!(p.version, None);
    }

    #[test]
    fn rows_without_values_and_guesses() {
        let text = "\
Memory latencies in nanoseconds - smaller is better
    (WARNING - may not be correct, check graphs)
---------------------------------------------------
Host                 OS   Mhz  L1 $   L2 $    Main mem    Guesses
--------- -------------  ---- ----- ------    --------    -------
frodo      Linux 2.4.18   797 3.767 8.7890  158.9    No L2 cache?
frodo      Linux 2.4.19   797      -      -           -    Bad mhz?
rhel-vm01 Linux 4.18.0-
make[1]: Leaving directory `/usr/src/LMbench/results'
";
        let p = parse(text);
        let g = "Memory latencies";
        assert_eq!(find(&p, g, "Main mem")[0].value.mean(), 158.9);
        assert_eq!(find(&p, g, "L2 $")[0].value.mean(), 8.789);
        assert_eq!(find(&p, g, "Mhz").len(), 2);
        assert_eq!(p.samples.len(), 5);
    }

    #[test]
    fn collapsed_tables_use_lmbench_names() {
        let text = "\
LMbench 2.0p2
Processor, Processes - times in microseconds - smaller is better
----------------------------------------------------------------
OS null open selct sig sig fork exec sh
call stat clos TCP inst hndl proc proc proc
--------------- ---- ---- ---- ----- ---- ---- ----- ----- -----
Linux 2.4.17 0.43 3.41 6.16 36.8 1.43 3.26 932 3717 13612
Linux 2.4.17rat 0.43 4.56 7.80 55.4 1.45 3.17 901 3580 13239
*Local* Communication latencies in microseconds - smaller is better
-------------------------------------------------------------------
OS 2p/0K Pipe AF TCP TCP
ctxsw UNIX conn
--------------- ----- ----- ----- ----- -----
Linux 2.4.17 2.04 10.17 21.21 65.82 288.2
Memory latencies in nanoseconds - smaller is better
---------------------------------------------------
OS Mhz L1 $ L2 $ Main mem
----------------- ---- ----- ------ --------
Linux 2.4.17rat 501 4.2 195.4 262.0
Threaded I/O Bench
";
        let p = parse(text);
        assert_eq!(p.version.as_deref(), Some("2.0"));
        let g = "Processor, Processes";
        assert_eq!(find(&p, g, "null call")[1].value.mean(), 0.43);
        assert_eq!(find(&p, g, "stat")[1].value.mean(), 4.56);
        assert_eq!(find(&p, g, "open clos")[0].value.mean(), 6.16);
        assert_eq!(find(&p, g, "selct TCP")[0].value.mean(), 36.8);
        assert_eq!(find(&p, g, "sh proc")[1].value.mean(), 13239.0);
        assert_eq!(find(&p, g, "sh proc")[1].kernel.as_deref(), Some("2.4.17rat"));
        let l = "Local Communication latencies";
        assert_eq!(find(&p, l, "TCP")[0].value.mean(), 65.82);
        assert_eq!(find(&p, l, "TCP conn")[0].value.mean(), 288.2);
        assert_eq!(find(&p, "Memory latencies", "Main mem")[0].value.mean(), 262.0);
        assert_eq!(find(&p, "Memory latencies", "L1 $")[0].value.mean(), 4.2);
    }

    #[test]
    fn collapsed_row_with_missing_cell_is_skipped_with_a_note() {
        let text = "\
Context switching - times in microseconds - smaller is better
-------------------------------------------------------------
OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K
ctxsw ctxsw ctxsw ctxsw ctxsw ctxsw ctxsw
---------------- ----- ------ ------ ------ ------ ------ ------
Linux 2.4.17 1.20 24.07 188.7 56.5 209.0 59.2
Linux 2.4.17rat 1.21 22.93 187.9 58.0 208.8 61.8 226.4
Linux 2.4.17rat 1.21 22.93 187.9 58.0 208.8 61.8 226.4 1.0
";
        let err = Lmbench.parse(&Input::from_text(text)).unwrap_err();
        assert_eq!(err.line(), Some(8));
        let ok = Lmbench.parse(&Input::from_text(text.rsplit_once("Linux").unwrap().0)).unwrap();
        assert_eq!(ok.samples.len(), 7);
        assert!(ok.notes.iter().any(|(l, n)| *l == 6 && n.contains("6 of 7")));
    }

    #[test]
    fn garbage_cell_is_an_error() {
        let text = "\
Context switching - times in microseconds - smaller is better
-------------------------------------------------------------
Host                 OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K
                        ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw
--------- ------------- ----- ------ ------ ------ ------ ------- -------
dull.coba  Linux 2.0.27    5     52    1x1    64    244      75     325
";
        let err = Lmbench.parse(&Input::from_text(text)).unwrap_err();
        assert_eq!(err.line(), Some(6));
    }

    #[test]
    fn percent_lines_are_skipped() {
        let text = "\
Context switching - times in microseconds - smaller is better
-------------------------------------------------------------
Host                 OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K
                        ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw
--------- ------------- ----- ------ ------ ------ ------ ------- -------
dull.coba  Linux 2.0.27    5     52    171    64    244      75     325
dull.coba  Linux 2.0.27    6     50    170    63    240      74     320
                          0    1.2%    5%     0     1%      0      2%
";
        let p = parse(text);
        assert_eq!(p.samples.len(), 14);
        assert_eq!(p.notes.len(), 1);
    }

    #[test]
    fn titles() {
        let t = parse_title("*Local* Communication bandwidths in MB/s - bigger is better").unwrap();
        assert_eq!((t.group.as_str(), t.unit, t.better), ("Local Communication bandwidths", "MB/s", Better::Higher));
        let t = parse_title("Basic uint64 operations - times in nanoseconds - smaller is better").unwrap();
        assert_eq!((t.group.as_str(), t.unit), ("Basic uint64 operations", "ns"));
        assert!(parse_title("Ok, somebody sent me 1.3us per syscall in microseconds").is_some());
        assert!(parse_title("just text").is_none());
    }

    #[test]
    fn kernels() {
        assert_eq!(kernel_of("Linux 2.4.17rat").as_deref(), Some("2.4.17rat"));
        assert_eq!(kernel_of("SunOS 5.5.1").as_deref(), Some("SunOS 5.5.1"));
        assert_eq!(kernel_of("").as_deref(), None);
    }

    #[test]
    fn detect_scores() {
        assert_eq!(Lmbench.detect(&Input::from_text(PROC20)), 95);
        assert_eq!(Lmbench.detect(&Input::from_text("hello\nworld")), 0);
    }
}
