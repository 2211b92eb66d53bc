//! bonnie++ 1.02–2.00 results: text report and CSV lines.
//!
//! **Text report** (1.0x; 1.9x adds `Latency` rows; 2.00 heads the size column
//! `Name:Size etc` and prints rates with a `k`/`m`/`g` suffix):
//!
//! ```text
//! Version  1.03       ------Sequential Output------ --Sequential Input- --Random-
//!                     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
//! Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
//! access1        256M 10564  96 18951  24  6687   7 10030  88 15949   6 153.8   0
//! Latency              9007us    1179ms    1203ms    9234us     107ms    1219ms
//!                     ------Sequential Create------ --------Random Create--------
//!                     -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
//!               files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
//!                  16   489  99 +++++ +++ +++++ +++   509  98 +++++ +++  1695  97
//! Latency               154us     396us    1047us     100us      14us      49us
//! ```
//!
//! `+++++ +++` (a test too quick to time) and blank cells (a test skipped,
//! as `-f` skips both Per Chr tests) give no sample. A row of 12 cells is
//! split on whitespace (wide numbers overflow their columns). A row with
//! blank cells is read by position: each cell goes under the column of the
//! header line (`K/sec`, `/sec`, `%CP`) it overlaps most, or touches (wide
//! numbers spill a character right), and each `Latency` cell under its
//! test (a rate column and its `%CP`); a cell under no single column, two
//! cells under one, or a row without its last test is an error at its
//! line. Without a header on one line (a mail client wrapped it), rows are
//! placed on bonnie++'s fixed 10-character columns. `bon_csv2txt` tables
//! with one row per machine (each followed by its `Latency` row, the create
//! table's rows naming their machines again) are read too.
//!
//! **CSV lines**: 1.02/1.03 (27 fields: `name,size,putc,putc_cpu,…,seeks,
//! seeks_cpu,files,seq_create,…,ran_del_cpu`) and format version 2 (first
//! fields `format_version,bonnie_version,name,…`): 45 fields (1.93), 46
//! fields (1.92a: `…,name,seed,size,putc,…`, a `file_chunk_size` field
//! after `num_dirs`), 48 fields
//! (1.96/1.97: `…,name,concurrency,seed,file_size,chunk_size,putc,…`) and 50
//! fields (format 1.98, bonnie++ 1.98/2.00: `…,chunk_size,seeks,
//! seek_proc_count,putc,…`), the last twelve being latencies (`9007us`,
//! `1179ms`, `12s`). Header lines (`format_version,bonnie_version,…`) are
//! skipped. A record without an I/O part (`-s 0`) is read from its end
//! (twelve latencies, twelve file-test fields, `num_files,max_size,
//! min_size,num_dirs,file_chunk_size`), as bonnie++ 1.96 wrote one empty
//! field fewer there (47 fields) than later versions. A CSV record that a
//! mail client split over several lines is rejoined when every break falls
//! at a comma (the field count then matches exactly); otherwise (a break
//! inside a field, a record cut short) it is a warning at its line and is
//! not read, while the text reports around it are (it most often repeats
//! one); the file's error only when nothing else is read.
//!
//! **Text and CSV of one run**: bonnie++ prints both, and posts paste both,
//! in either order. A CSV record with the machine name and size of a text
//! report and the same values (within the text's rounding: `1.1g`) is that
//! run again: one run, with the CSV's exact values where the text rounds
//! (and the text's cells the CSV lacks), and a note. A value both print
//! alike is read at the text report's line, where a reader finds it. Same
//! machine and size with other values stays a second run, with a note.
//!
//! **Mail wrapping**: a text row cut short whose next line holds exactly the
//! missing cells (starting in column 0) is rejoined, with a note.
//!
//! Metrics:
//!
//! | group                                 | name                          | unit      | better  |
//! |---------------------------------------|-------------------------------|-----------|---------|
//! | `Sequential Output`                   | `Per Char`, `Block`, `Rewrite`| `KB/s`    | Higher  |
//! | `Sequential Input`                    | `Per Char`, `Block`           | `KB/s`    | Higher  |
//! | `Random`                              | `Seeks`                       | `seeks/s` | Higher  |
//! | `Sequential Create`, `Random Create`  | `Create`, `Read`, `Delete`    | `files/s` | Higher  |
//! | (each of the above)                   | `<name> %CPU`                 | `%`       | Neither |
//! | (each of the above)                   | `<name> Latency`              | `µs`      | Lower   |
//!
//! Rates with a suffix are converted to KB/s (`12.3m` = 12.3 × 1024 KB/s,
//! `1.2g` = 1.2 × 1024² KB/s); latencies to µs (`1179ms` = 1 179 000 µs).
//! The names follow Bonnie's (`Per Char` for bonnie++'s `Per Chr`) so both
//! benchmarks' tables read alike.
//!
//! Params: I/O results carry `size` as printed (`256M`, `4G`) and, when
//! printed, `chunk` and `concurrency` (≠ 1); file results carry `files` (in
//! units of 1024 files, as printed: `16`) and, when given, `max size`, `min
//! size` and `dirs`.
//!
//! Kernel and host rule: the machine name is usually a host name, and is
//! kept only when the file holds two or more runs with at least two
//! different machine names (then it is part of each run's identity, so
//! that two machines are never averaged): a name that is a kernel release
//! (`2.4.19`, as posts comparing kernels name the rows) becomes the kernel,
//! any other (`inez(old)`, `alpha`) the parameter `host`. Otherwise a run
//! takes the kernel from an underlined heading above it that is just a
//! kernel version (`2.4.19` over `========`, `Kernel 2.5.43`); else `None`.
//! Any other underlined title (`libata-dev-2.6<TAB>P3 800, Sil3112`: its
//! part up to a tab or two spaces) is the parameter `label` of the reports
//! below it, when the file has two or more such titles.
//!
//! Rows under a `Version` line whose `Machine  Size K/sec %CP` header line
//! is missing (an author deleted it) are a warning and are not read.

use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::bonnie::{IO_TESTS, cpu_metric, rate_metric};
use crate::parse::labels::is_kernel_name;
use crate::parse::num::plain;
use crate::parse::{BenchParser, Input, ParseError};

/// The bonnie++ parser (registry id `"bonnie++"`).
pub struct BonniePp;

/// The six file tests, in column order.
const FILE_TESTS: [(&str, &str); 6] = [
    ("Sequential Create", "Create"),
    ("Sequential Create", "Read"),
    ("Sequential Create", "Delete"),
    ("Random Create", "Create"),
    ("Random Create", "Read"),
    ("Random Create", "Delete"),
];

fn files_metric(name: &str) -> Metric {
    Metric::new(name, "files/s", Better::Higher)
}

fn latency_metric(name: &str) -> Metric {
    Metric::new(format!("{name} Latency"), "µs", Better::Lower)
}

/// A whitespace-separated token with its byte span and 1-based line.
#[derive(Debug, Clone, Copy)]
struct Tok<'a> {
    s: &'a str,
    end: usize,
    line: usize,
}

fn tokens(line: &str, ln: usize) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push(Tok { s: &line[s..i], end: i, line: ln });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(Tok { s: &line[s..], end: line.len(), line: ln });
    }
    out
}

/// Byte spans of a table's 12 cells, from its column header: the
/// `K/sec`/`/sec` and `%CP` words of `Machine        Size K/sec %CP …` or
/// `              files  /sec %CP …`. `None` unless one line holds all
/// 12 (a header a mail client wrapped gives no positions).
type Spans = Vec<(usize, usize)>;

fn header_spans(line: &str) -> Option<Spans> {
    if !line.is_ascii() || line.contains('\t') {
        return None;
    }
    let spans: Spans = tokens(line, 0)
        .iter()
        .filter(|t| matches!(t.s, "K/sec" | "/sec" | "%CP"))
        .map(|t| (t.end - t.s.len(), t.end))
        .collect();
    (spans.len() == 12).then_some(spans)
}

/// The spans of a table's 6 tests (a rate and its %CP each), where its
/// `Latency` row prints one cell per test.
fn test_spans(cells: &[(usize, usize)]) -> Spans {
    cells.chunks(2).map(|c| (c[0].0, c[c.len() - 1].1)).collect()
}

/// The column a cell at `start..end` sits under: the one it overlaps most,
/// else the one it touches (bonnie++ lets wide numbers spill a character
/// to the right: `6` just after `%CP`). `None` when two columns are equally
/// near or none overlaps or touches it.
fn column_of(start: usize, end: usize, spans: &[(usize, usize)]) -> Option<usize> {
    let score = |&(cs, ce): &(usize, usize)| end.min(ce) as i64 - start.max(cs) as i64;
    let best = spans.iter().map(score).max().filter(|b| *b >= 0)?;
    let mut hits = spans.iter().enumerate().filter(|(_, sp)| score(sp) == best);
    let (k, _) = hits.next()?;
    hits.next().is_none().then_some(k)
}

/// Places the cells of a row with blank cells under the columns `spans`:
/// one slot each, left to right. `None` when a cell sits under no single
/// column or two cells under one.
fn place<'a>(vals: &[Tok<'a>], spans: &[(usize, usize)]) -> Option<Slots<'a>> {
    let mut slots = vec![None; spans.len()];
    let mut last: Option<usize> = None;
    for t in vals {
        let k = column_of(t.end - t.s.len(), t.end, spans)?;
        if last.is_some_and(|l| k <= l) {
            return None;
        }
        slots[k] = Some(*t);
        last = Some(k);
    }
    Some(slots)
}

/// `+++++` / `+++`: too quick to measure.
fn placeholder(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b == b'+')
}

/// A rate cell in KB/s (or files/s, seeks/s): plain, or with a `k`/`m`/`g`
/// suffix. `Some(None)` for a placeholder, `None` when not a cell.
fn rate_cell(t: &str) -> Option<Option<f64>> {
    if placeholder(t) {
        return Some(None);
    }
    if let Some(v) = plain(t) {
        return Some(Some(v));
    }
    let (head, mult) = match t.as_bytes().last()? {
        b'k' | b'K' => (&t[..t.len() - 1], 1.0),
        b'm' | b'M' => (&t[..t.len() - 1], 1024.0),
        b'g' | b'G' => (&t[..t.len() - 1], 1024.0 * 1024.0),
        _ => return None,
    };
    plain(head).filter(|v| *v >= 0.0).map(|v| Some(v * mult))
}

/// A %CPU cell: a plain number or a placeholder.
fn cpu_cell(t: &str) -> Option<Option<f64>> {
    if placeholder(t) {
        return Some(None);
    }
    plain(t).map(Some)
}

/// A latency cell in µs: `154us`, `1179ms`, `12s`.
fn lat_cell(t: &str) -> Option<Option<f64>> {
    if placeholder(t) {
        return Some(None);
    }
    let (head, mult) = if let Some(h) = t.strip_suffix("us") {
        (h, 1.0)
    } else if let Some(h) = t.strip_suffix("ms") {
        (h, 1000.0)
    } else if let Some(h) = t.strip_suffix('s') {
        (h, 1_000_000.0)
    } else {
        return None;
    };
    plain(head).filter(|v| *v >= 0.0).map(|v| Some(v * mult))
}

fn value_tok(t: &str) -> bool {
    rate_cell(t).is_some()
}

/// A file size as bonnie++ prints it: `256M`, `4G`, `256M:8k`, `4G::2`.
fn is_size(t: &str) -> bool {
    let head = t.split(':').next().unwrap_or("");
    let digits = head.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &head[digits.len()..];
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && matches!(suffix, "M" | "G" | "T" | "K" | "m" | "g" | "k")
        && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b':')
}

/// A file-test spec: `16`, `16:100000:16/64`, `16:link`, `128:1000`.
fn is_files_spec(t: &str) -> bool {
    let (main, dirs) = t.split_once('/').unwrap_or((t, "1"));
    if dirs.is_empty() || !dirs.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let mut parts = main.split(':');
    let n = parts.next().unwrap_or("");
    !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
        && parts.all(|p| p == "link" || p == "symlink" || (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
}

/// Version-like CSV field: `1.97`, `1.93c`, `2.00a`.
fn is_ver(t: &str) -> bool {
    let Some((a, b)) = t.split_once('.') else { return false };
    !a.is_empty()
        && a.bytes().all(|c| c.is_ascii_digit())
        && b.len() >= 2
        && b.bytes().take(2).all(|c| c.is_ascii_digit())
        && b.bytes().skip(2).all(|c| c.is_ascii_lowercase())
        && b.len() <= 3
}

/// Cells of a text row by column slot; `None` for a blank cell.
type Slots<'a> = Vec<Option<Tok<'a>>>;

/// CSV fields with the 1-based line each starts on.
type Fields = Vec<(String, usize)>;

/// One measured number of a run.
#[derive(Debug, Clone)]
struct Cell {
    group: &'static str,
    metric: Metric,
    value: f64,
    line: usize,
    file_part: bool,
}

/// One bonnie++ run: an I/O result and/or a file result.
#[derive(Debug, Clone, Default)]
struct Run {
    label: String,
    io_params: Vec<(&'static str, String)>,
    file_params: Vec<(&'static str, String)>,
    cells: Vec<Cell>,
    line: usize,
    csv: bool,
    heading: Heading,
    has_files: bool,
}

/// What the underlined title above a run says: a kernel (`Kernel 2.5.43`
/// over `=====`) or a label (`libata-dev-2.6 w/ workaround`).
#[derive(Debug, Clone, Default, PartialEq)]
struct Heading {
    kernel: Option<String>,
    label: Option<String>,
}

impl Run {
    /// True when this run has cells of the file part (`files`) or I/O part.
    fn has_part(&self, files: bool) -> bool {
        self.cells.iter().any(|c| c.file_part == files)
    }

    /// Does `csv` repeat this text run (same machine, and for every part this
    /// run has, the same results; text cells may be rounded: `1.2g`)?
    fn repeated_by(&self, csv: &Run) -> bool {
        if self.csv || self.label != csv.label || self.cells.is_empty() {
            return false;
        }
        [false, true].iter().filter(|&&part| self.has_part(part)).all(|&part| {
            let mine: Vec<&Cell> = self.cells.iter().filter(|c| c.file_part == part).collect();
            let theirs: Vec<&Cell> = csv.cells.iter().filter(|c| c.file_part == part).collect();
            mine.len() == theirs.len()
                && mine.iter().all(|c| {
                    theirs.iter().any(|o| {
                        o.group == c.group && o.metric == c.metric && {
                            let tol = (0.05 * c.value.abs().max(o.value.abs())).max(0.5);
                            (o.value - c.value).abs() <= tol
                        }
                    })
                })
        })
    }

    /// The `size` this run's I/O part was run with, if any.
    fn size(&self) -> Option<&str> {
        self.io_params.iter().find(|p| p.0 == "size").map(|p| p.1.as_str())
    }

    /// Could `csv` be this text run printed again: same machine name, and
    /// the same size when both have an I/O part?
    fn same_run_as(&self, csv: &Run) -> bool {
        !self.csv
            && csv.csv
            && self.label == csv.label
            && match (self.size(), csv.size()) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            }
    }

    /// Becomes one run with the CSV record that repeats it: the CSV's exact
    /// values where the text rounds (`1.1g`), its parameters for the parts
    /// it has, and the text's cells the CSV lacks (1.0x CSV has no
    /// latencies). A value the text prints exactly stays the text's, read
    /// at its line in the report.
    fn take_csv(&mut self, csv: Run) {
        let mut cells = csv.cells;
        for c in self.cells.drain(..) {
            match cells.iter_mut().find(|o| o.group == c.group && o.metric.name == c.metric.name) {
                Some(o) if o.value == c.value => *o = c,
                Some(_) => {}
                None => cells.push(c),
            }
        }
        self.cells = cells;
        if csv.has_files {
            self.file_params = csv.file_params;
            self.has_files = true;
        }
        if !csv.io_params.is_empty() {
            self.io_params = csv.io_params;
        }
        if self.heading == Heading::default() {
            self.heading = csv.heading;
        }
    }
}

/// bonnie++ prints a run both as its text report and as a CSV line (and
/// posts paste both, in either order, several runs' texts before their CSV
/// lines): each CSV run that repeats a text run of the same machine and
/// size becomes one run with it, with the CSV's exact values. A CSV run
/// with a text run's machine and size but other values stays a run of its
/// own, with a note.
fn merge_text_and_csv(runs: Vec<Run>, notes: &mut Vec<(usize, String)>) -> Vec<Run> {
    let mut merged: Vec<Option<Run>> = runs.into_iter().map(Some).collect();
    let mut taken = vec![false; merged.len()];
    for c in 0..merged.len() {
        let Some(csv) = merged[c].as_ref().filter(|r| r.csv) else { continue };
        let candidates: Vec<usize> = (0..merged.len())
            .filter(|&t| !taken[t] && merged[t].as_ref().is_some_and(|r| r.same_run_as(csv)))
            .collect();
        let Some(&t) = candidates.iter().find(|&&t| merged[t].as_ref().is_some_and(|r| r.repeated_by(csv))) else {
            if let Some(&t) = candidates.first() {
                let at = merged[t].as_ref().map_or(0, |r| r.line);
                notes.push((csv.line, format!("CSV record has the machine and size of the report at line {at} but other values; read as another run")));
            }
            continue;
        };
        let csv = merged[c].take().expect("checked above");
        let text = merged[t].as_mut().expect("candidate");
        notes.push((
            csv.line,
            format!("CSV record repeats the report at line {}; one run, with the CSV's exact values", text.line),
        ));
        text.take_csv(csv);
        taken[t] = true;
    }
    merged.into_iter().flatten().collect()
}

/// Size spec (`4G:8k:2`) → params `size`, `chunk`, `concurrency`.
fn size_params(spec: &str) -> Vec<(&'static str, String)> {
    let mut parts = spec.split(':');
    let mut out = vec![("size", parts.next().unwrap_or("").to_string())];
    if let Some(c) = parts.next().filter(|c| !c.is_empty()) {
        out.push(("chunk", c.to_string()));
    }
    if let Some(c) = parts.next().filter(|c| !c.is_empty() && *c != "1") {
        out.push(("concurrency", c.to_string()));
    }
    out
}

/// Files spec (`16:100000:16/64`) → params `files`, `max size`, `min size`, `dirs`.
fn files_params(spec: &str) -> Vec<(&'static str, String)> {
    let (main, dirs) = spec.split_once('/').unwrap_or((spec, ""));
    let mut parts = main.split(':');
    let mut out = vec![("files", parts.next().unwrap_or("").to_string())];
    if let Some(m) = parts.next().filter(|m| !m.is_empty()) {
        out.push(("max size", m.to_string()));
    }
    if let Some(m) = parts.next().filter(|m| !m.is_empty()) {
        out.push(("min size", m.to_string()));
    }
    if !dirs.is_empty() && dirs != "1" {
        out.push(("dirs", dirs.to_string()));
    }
    out
}

/// A text row: label, key (size or files spec) and 12 slots.
struct TextRow<'a> {
    label: String,
    key: String,
    key_line: usize,
    slots: Vec<Option<Tok<'a>>>,
}

/// Reads a 12-cell text row at line index `i` whose key token (size or
/// files spec) satisfies `is_key`. `Ok(None)` when line `i` is not such a
/// row. Returns the row and the index of its last line.
fn text_row<'a>(
    lines: &'a [String],
    i: usize,
    is_key: fn(&str) -> bool,
    what: &str,
    spans: Option<&[(usize, usize)]>,
    notes: &mut Vec<(usize, String)>,
) -> Result<Option<(TextRow<'a>, usize)>, ParseError> {
    let Some(line) = lines.get(i) else { return Ok(None) };
    let toks = tokens(line, i + 1);
    let len = toks.len();
    let j = if len >= 13 && is_key(toks[len - 13].s) && toks[len - 12..].iter().all(|t| value_tok(t.s)) {
        len - 13
    } else {
        match (0..len).find(|&j| {
            is_key(toks[j].s) && j + 1 < len && len - j - 1 <= 12 && toks[j + 1..].iter().all(|t| value_tok(t.s))
        }) {
            Some(j) => j,
            None => return Ok(None),
        }
    };
    let label = toks[..j].iter().map(|t| t.s).collect::<Vec<_>>().join(" ");
    let key = toks[j];
    let vals = &toks[j + 1..];
    let mut row = TextRow { label, key: key.s.to_string(), key_line: i + 1, slots: vec![None; 12] };
    if vals.len() == 12 {
        for (k, t) in vals.iter().enumerate() {
            row.slots[k] = Some(*t);
        }
        return Ok(Some((row, i)));
    }
    // Wrapped by a mail client: the next line holds exactly the rest.
    if let Some(next) = lines.get(i + 1) {
        let nt = tokens(next, i + 2);
        if !next.starts_with(char::is_whitespace)
            && !nt.is_empty()
            && vals.len() + nt.len() == 12
            && nt.iter().all(|t| value_tok(t.s))
        {
            for (k, t) in vals.iter().chain(nt.iter()).enumerate() {
                row.slots[k] = Some(*t);
            }
            notes.push((i + 1, format!("{what} row wrapped onto line {}; rejoined", i + 2)));
            return Ok(Some((row, i + 1)));
        }
    }
    // Blank cells: place each cell under its column of the header, or
    // without one, on bonnie++'s fixed columns (10 characters per test).
    let bad = || {
        ParseError::malformed(
            i + 1,
            format!("a bonnie++ {what} row: 12 cells, or cells under the header's columns"),
            line.trim(),
        )
    };
    if !line.is_ascii() || line.contains('\t') {
        return Err(bad());
    }
    if let Some(spans) = spans {
        row.slots = place(vals, spans).ok_or_else(bad)?;
        // The last test (seeks, random delete) always runs: a row without
        // it is cut short, not a row with skipped tests.
        if row.slots[11].is_none() {
            return Err(bad());
        }
        return Ok(Some((row, i)));
    }
    let mut last: Option<usize> = None;
    for t in vals {
        let rel = t.end.checked_sub(key.end).ok_or_else(bad)?;
        let idx = if rel >= 6 && (rel - 6) % 10 == 0 {
            2 * ((rel - 6) / 10)
        } else if rel >= 10 && rel % 10 == 0 {
            2 * (rel / 10 - 1) + 1
        } else {
            return Err(bad());
        };
        if idx >= 12 || last.is_some_and(|l| idx <= l) {
            return Err(bad());
        }
        row.slots[idx] = Some(*t);
        last = Some(idx);
    }
    // The last test (seeks, random delete) always runs: a row without it is
    // cut short, not a row with skipped tests.
    if last != Some(11) {
        return Err(bad());
    }
    Ok(Some((row, i)))
}

/// Reads a `Latency` row at line index `i` (6 cells). Returns the cells by
/// slot and the index of its last line.
fn latency_row<'a>(
    lines: &'a [String],
    i: usize,
    spans: Option<&[(usize, usize)]>,
    notes: &mut Vec<(usize, String)>,
) -> Result<Option<(Slots<'a>, usize)>, ParseError> {
    let Some(line) = lines.get(i) else { return Ok(None) };
    let toks = tokens(line, i + 1);
    if toks.first().map(|t| t.s) != Some("Latency") {
        return Ok(None);
    }
    let vals = &toks[1..];
    let bad =
        || ParseError::malformed(i + 1, "a bonnie++ Latency row: up to 6 latencies (154us, 12ms, 3s)", line.trim());
    if !vals.iter().all(|t| lat_cell(t.s).is_some()) {
        return Err(bad());
    }
    let mut slots = vec![None; 6];
    if vals.len() == 6 {
        for (k, t) in vals.iter().enumerate() {
            slots[k] = Some(*t);
        }
        return Ok(Some((slots, i)));
    }
    if vals.len() > 6 {
        return Err(bad());
    }
    if let Some(next) = lines.get(i + 1) {
        let nt = tokens(next, i + 2);
        if !next.starts_with(char::is_whitespace)
            && !nt.is_empty()
            && vals.len() + nt.len() == 6
            && nt.iter().all(|t| lat_cell(t.s).is_some())
        {
            for (k, t) in vals.iter().chain(nt.iter()).enumerate() {
                slots[k] = Some(*t);
            }
            notes.push((i + 1, format!("Latency row wrapped onto line {}; rejoined", i + 2)));
            return Ok(Some((slots, i + 1)));
        }
    }
    if vals.is_empty() {
        return Ok(Some((slots, i)));
    }
    if !line.is_ascii() || line.contains('\t') {
        return Err(bad());
    }
    if let Some(spans) = spans {
        return place(vals, &test_spans(spans)).map(|slots| Some((slots, i))).ok_or_else(bad);
    }
    // `Latency` + padding to column 17, then 10 characters per cell.
    let mut last: Option<usize> = None;
    for t in vals {
        if t.end < 27 || (t.end - 27) % 10 != 0 {
            return Err(bad());
        }
        let idx = (t.end - 27) / 10;
        if idx >= 6 || last.is_some_and(|l| idx <= l) {
            return Err(bad());
        }
        slots[idx] = Some(*t);
        last = Some(idx);
    }
    Ok(Some((slots, i)))
}

/// Turns the 12 slots of a text row into cells.
fn row_cells(
    slots: &[Option<Tok<'_>>],
    tests: &[(&'static str, &'static str); 6],
    files: bool,
) -> Result<Vec<Cell>, ParseError> {
    let mut out = Vec::new();
    for (k, (group, name)) in tests.iter().enumerate() {
        if let Some(t) = slots.get(2 * k).copied().flatten() {
            let v = rate_cell(t.s).ok_or_else(|| ParseError::malformed(t.line, "a rate", t.s))?;
            if let Some(v) = v {
                let metric = if files { files_metric(name) } else { rate_metric(name) };
                out.push(Cell { group, metric, value: v, line: t.line, file_part: files });
            }
        }
        if let Some(t) = slots.get(2 * k + 1).copied().flatten() {
            let v = cpu_cell(t.s).ok_or_else(|| ParseError::malformed(t.line, "a %CPU number or +++", t.s))?;
            if let Some(v) = v {
                out.push(Cell { group, metric: cpu_metric(name), value: v, line: t.line, file_part: files });
            }
        }
    }
    Ok(out)
}

fn latency_cells(slots: &[Option<Tok<'_>>], tests: &[(&'static str, &'static str); 6], files: bool) -> Vec<Cell> {
    let mut out = Vec::new();
    for ((group, name), t) in tests.iter().zip(slots) {
        if let Some(t) = t
            && let Some(Some(v)) = lat_cell(t.s)
        {
            out.push(Cell { group, metric: latency_metric(name), value: v, line: t.line, file_part: files });
        }
    }
    out
}

/// Column header of the I/O table: `Machine        Size K/sec %CP …` or
/// `Name:Size etc        /sec %CP …` (also when wrapped).
fn is_io_header(line: &str) -> bool {
    let t = line.trim_start();
    if !(t.starts_with("Machine") || t.starts_with("Name:Size")) {
        return false;
    }
    let toks: Vec<&str> = t.split_whitespace().collect();
    toks.contains(&"%CP") && toks.iter().any(|x| x.ends_with("/sec"))
}

/// Column header of the file table: `              files  /sec %CP …`.
fn is_files_header(line: &str) -> bool {
    if !(line.contains("files") && line.contains("%CP")) {
        return false;
    }
    let toks: Vec<&str> = line.split_whitespace().collect();
    toks.first().is_some_and(|f| *f == "files" || f.starts_with("files:")) && toks.contains(&"%CP")
}

/// The wrapped rest of a column header: only `/sec`, `K/sec`, `%CP` tokens.
fn is_header_rest(line: &str) -> bool {
    let toks: Vec<&str> = line.split_whitespace().collect();
    !toks.is_empty() && toks.iter().all(|t| matches!(*t, "/sec" | "K/sec" | "%CP"))
}

/// Line indexes of the I/O rows right under a `Version` line (from index
/// `i`, past its `-Per Chr- --Block--` lines) when the table's `Machine
/// Size K/sec %CP` header line is missing (an author deleted it): rows
/// that are not read, as nothing says the report is bonnie++'s own.
fn headerless_rows(lines: &[String], mut i: usize) -> Vec<usize> {
    while lines.get(i).is_some_and(|l| l.trim_start().starts_with('-')) {
        i += 1;
    }
    let mut out = Vec::new();
    while let Some(l) = lines.get(i) {
        let toks: Vec<&str> = l.split_whitespace().collect();
        let n = toks.len();
        if n < 13 || !is_size(toks[n - 13]) || !toks[n - 12..].iter().all(|t| value_tok(t)) {
            break;
        }
        out.push(i);
        i += 1;
    }
    out
}

/// An underlined title (`=====` or `-----` on the next line) above a
/// report: a kernel version ([`kernel_heading`]), or else a label, the
/// title's first part (up to a tab or two spaces: `libata-dev-2.6` of
/// `libata-dev-2.6<TAB>P3 800, Sil3112`), when it is short and has a
/// letter. A version in that first part is the kernel (`linux-2.6.11`).
fn title_heading(line: &str, next: Option<&String>) -> Option<Heading> {
    let underlined = next.is_some_and(|n| {
        let n = n.trim();
        n.len() >= 3 && (n.bytes().all(|b| b == b'=') || n.bytes().all(|b| b == b'-'))
    });
    let t = line.trim();
    if !underlined || t.is_empty() {
        return None;
    }
    let first = t.split('\t').next().unwrap_or(t);
    let first = first.split("  ").next().unwrap_or(first).trim().trim_end_matches(':').trim();
    if let Some(k) = kernel_heading(first, next) {
        return Some(Heading { kernel: Some(k), label: None });
    }
    let ok = first.chars().count() <= 48
        && first.chars().any(char::is_alphabetic)
        && !first.starts_with("Version")
        && !first.ends_with(['.', ',', ';', '!', '?']);
    ok.then(|| Heading { kernel: None, label: Some(first.to_string()) })
}

/// A heading that is just a kernel version (`2.4.19`, `Linux 2.5.59-mm2`),
/// underlined on the next line.
fn kernel_heading(line: &str, next: Option<&String>) -> Option<String> {
    let underlined = next.is_some_and(|n| {
        let n = n.trim();
        n.len() >= 3 && (n.bytes().all(|b| b == b'=') || n.bytes().all(|b| b == b'-'))
    });
    if !underlined {
        return None;
    }
    let t = line.trim().trim_end_matches(':');
    let t = t
        .strip_prefix("Linux ")
        .or_else(|| t.strip_prefix("linux-"))
        .or_else(|| t.strip_prefix("Kernel "))
        .unwrap_or(t);
    if t.contains(char::is_whitespace) || t.is_empty() {
        return None;
    }
    let mut parts = t.splitn(3, '.');
    let a = parts.next()?;
    let b = parts.next()?;
    let c = parts.next()?;
    let num = |s: &str| !s.is_empty() && s.bytes().all(|x| x.is_ascii_digit());
    let c_head: String = c.chars().take_while(|x| x.is_ascii_digit()).collect();
    (num(a)
        && num(b)
        && !c_head.is_empty()
        && t.bytes().all(|x| x.is_ascii_alphanumeric() || matches!(x, b'.' | b'-' | b'_' | b'+')))
    .then(|| t.to_string())
}

/// Field positions of one CSV layout.
struct CsvLayout {
    name: usize,
    size: usize,
    chunk: Option<usize>,
    concurrency: Option<usize>,
    io: usize,
    files: usize,
    /// `Some((max, min, dirs))` when the file spec is split over fields.
    file_fields: Option<(usize, usize, usize)>,
    file_tests: usize,
    latency: Option<usize>,
    version: Option<usize>,
}

fn csv_layout(n: usize) -> Option<CsvLayout> {
    Some(match n {
        27 => CsvLayout {
            name: 0,
            size: 1,
            chunk: None,
            concurrency: None,
            io: 2,
            files: 14,
            file_fields: None,
            file_tests: 15,
            latency: None,
            version: None,
        },
        45 => CsvLayout {
            name: 2,
            size: 3,
            chunk: Some(4),
            concurrency: None,
            io: 5,
            files: 17,
            file_fields: Some((18, 19, 20)),
            file_tests: 21,
            latency: Some(33),
            version: Some(1),
        },
        // bonnie++ 1.92a: `1.92a,1.92a,name,seed,size,putc,…,seeks_cpu,
        // num_files,max_size,min_size,num_dirs,file_chunk_size,seq_create,…,
        // ran_del_cpu`, then twelve latencies.
        46 => CsvLayout {
            name: 2,
            size: 4,
            chunk: None,
            concurrency: None,
            io: 5,
            files: 17,
            file_fields: Some((18, 19, 20)),
            file_tests: 22,
            latency: Some(34),
            version: Some(1),
        },
        48 => CsvLayout {
            name: 2,
            size: 5,
            chunk: Some(6),
            concurrency: Some(3),
            io: 7,
            files: 19,
            file_fields: Some((20, 21, 22)),
            file_tests: 24,
            latency: Some(36),
            version: Some(1),
        },
        50 => CsvLayout {
            name: 2,
            size: 5,
            chunk: Some(6),
            concurrency: Some(3),
            io: 9,
            files: 21,
            file_fields: Some((22, 23, 24)),
            file_tests: 26,
            latency: Some(38),
            version: Some(1),
        },
        _ => return None,
    })
}

/// The layout of a format-2 record (1.96 and later) whose I/O part was not
/// run (`-s 0`), found from the record's end: the last twelve fields are
/// latencies, the twelve before them the file tests, and before those
/// `num_files,max_size,min_size,num_dirs,file_chunk_size`. bonnie++ 1.96
/// wrote one empty field fewer for the skipped I/O part than 1.97 (47
/// fields instead of 48), so the count alone does not place them. `None`
/// unless every field between the seed and `num_files` is empty.
fn io_skipped_layout(fields: &[&str]) -> Option<CsvLayout> {
    let n = fields.len();
    let files = n.checked_sub(29).filter(|&f| f >= 5)?;
    if csv_targets(fields).is_none_or(|t| t.contains(&45))
        || !fields[5..files].iter().all(|f| f.is_empty())
        || fields[files].is_empty()
    {
        return None;
    }
    Some(CsvLayout {
        name: 2,
        size: 5,
        chunk: None,
        concurrency: Some(3),
        io: 5,
        files,
        file_fields: Some((files + 1, files + 2, files + 3)),
        file_tests: n - 24,
        latency: Some(n - 12),
        version: Some(1),
    })
}

/// The field counts a CSV record starting with `fields` may have, or `None`
/// when the line is not the start of a bonnie++ CSV record.
fn csv_targets(fields: &[&str]) -> Option<&'static [usize]> {
    if fields.len() >= 3 && is_ver(fields[0]) && is_ver(fields[1]) {
        // Format 1.98 (bonnie++ 1.98, 2.00) added seeks and seek_proc_count;
        // 1.96 added concurrency and seed.
        let (major, minor) = fields[0]
            .split_once('.')
            .map(|(a, b)| (a.parse::<u32>().unwrap_or(0), b.get(..2).and_then(|x| x.parse::<u32>().ok()).unwrap_or(0)))
            .unwrap_or((0, 0));
        return Some(if major >= 2 || minor >= 98 {
            &[50]
        } else if minor >= 96 {
            &[48]
        } else {
            // 1.92a wrote a `file_chunk_size` field 1.93 does not.
            &[45, 46]
        });
    }
    if fields.len() >= 4
        && !fields[0].is_empty()
        && is_size(fields[1])
        && (fields[2].is_empty() || rate_cell(fields[2]).is_some())
    {
        return Some(&[27]);
    }
    None
}

/// True when `fields` are a whole format-2 record with its I/O part skipped.
fn io_skipped(fields: &[(String, usize)]) -> bool {
    let f: Vec<&str> = fields.iter().map(|x| x.0.as_str()).collect();
    f.len() >= 34 && is_ver(f[0]) && is_ver(f[1]) && io_skipped_layout(&f).is_some()
}

/// A CSV record that could not be read whole: a mail client broke it
/// inside a field, or lines are missing.
struct BrokenCsv {
    /// The error naming the record's first line.
    error: ParseError,
    /// The index of the record's last line (with the piece after a break
    /// inside a field).
    last: usize,
    /// The warning for the record: where it broke, what it lacks.
    note: String,
}

/// Reads a CSV record starting at line index `i`, rejoining a record split
/// over several lines when every break is at a comma. Returns the fields with
/// their lines and the index of the record's last line; a record broken
/// otherwise is a [`BrokenCsv`].
fn csv_record(
    lines: &[String],
    i: usize,
    notes: &mut Vec<(usize, String)>,
) -> Result<Option<(Fields, usize)>, BrokenCsv> {
    let Some(line) = lines.get(i) else { return Ok(None) };
    let first = line.trim();
    if first.contains(char::is_whitespace) || first.matches(',').count() < 3 {
        return Ok(None);
    }
    let fields: Vec<&str> = first.split(',').collect();
    let Some(targets) = csv_targets(&fields) else { return Ok(None) };
    let max = targets.iter().copied().max().unwrap_or(0);
    let mut out: Vec<(String, usize)> = fields.iter().map(|f| (f.to_string(), i + 1)).collect();
    let mut text = first.to_string();
    let mut last = i;
    loop {
        let next = lines.get(last + 1).map(|l| l.trim()).unwrap_or("");
        let at_comma = text.ends_with(',') || next.starts_with(',');
        let continues = !next.is_empty() && !next.contains(char::is_whitespace) && at_comma;
        if targets.contains(&out.len()) || (!continues && io_skipped(&out)) {
            break;
        }
        if out.len() > max || next.is_empty() || next.contains(char::is_whitespace) || !at_comma {
            let want = targets.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" or ");
            // A piece of the record after a break inside a field belongs to it.
            let piece = !next.is_empty() && !next.contains(char::is_whitespace) && next.contains(',');
            let end = if piece { last + 1 } else { last };
            let how = if piece && out.len() <= max { "broken inside a field" } else { "cut short" };
            return Err(BrokenCsv {
                error: ParseError::malformed(i + 1, format!("a bonnie++ CSV record of {want} fields"), first),
                last: end,
                note: format!(
                    "CSV record (lines {}-{}) {how}: {} fields where a record has {want}; not read",
                    i + 1,
                    end + 1,
                    out.len()
                ),
            });
        }
        // Join: the first field of the next line continues the last field
        // (empty when the break was at a comma).
        let mut parts = next.split(',');
        let head = parts.next().unwrap_or("");
        if let Some(lastf) = out.last_mut() {
            lastf.0.push_str(head);
            if lastf.0.len() == head.len() {
                lastf.1 = last + 2;
            }
        }
        out.extend(parts.map(|p| (p.to_string(), last + 2)));
        text.push_str(next);
        last += 1;
    }
    if last != i {
        notes.push((i + 1, format!("CSV record split over lines {}-{}; rejoined", i + 1, last + 1)));
    }
    Ok(Some((out, last)))
}

/// Builds a run from CSV fields.
fn csv_run(
    fields: &[(String, usize)],
    version: &mut Option<String>,
    notes: &mut Vec<(usize, String)>,
) -> Result<Run, ParseError> {
    let strs: Vec<&str> = fields.iter().map(|x| x.0.as_str()).collect();
    let at = fields.first().map(|f| f.1).unwrap_or(0);
    let expected = csv_targets(&strs).is_some_and(|t| t.contains(&fields.len()));
    let lay = match io_skipped_layout(&strs) {
        Some(l) if !expected => {
            notes.push((
                at,
                format!(
                    "CSV record of {} fields without an I/O part (`-s 0`): file tests read from the record's end",
                    fields.len()
                ),
            ));
            l
        }
        _ => csv_layout(fields.len())
            .ok_or_else(|| ParseError::malformed(at, "a bonnie++ CSV record", format!("{} fields", fields.len())))?,
    };
    let f = |k: usize| fields.get(k).map(|x| x.0.as_str()).unwrap_or("");
    let ln = |k: usize| fields.get(k).map(|x| x.1).unwrap_or(0);
    if let Some(v) = lay.version
        && version.is_none()
        && !f(v).is_empty()
    {
        *version = Some(f(v).to_string());
    }
    let mut run = Run { label: f(lay.name).to_string(), line: ln(0), csv: true, ..Default::default() };
    if !f(lay.size).is_empty() {
        run.io_params = size_params(f(lay.size));
        if let Some(c) = lay.chunk.filter(|c| !f(*c).is_empty()) {
            run.io_params.retain(|p| p.0 != "chunk");
            run.io_params.push(("chunk", f(c).to_string()));
        }
        if let Some(c) = lay.concurrency.filter(|c| !f(*c).is_empty() && f(*c) != "1") {
            run.io_params.push(("concurrency", f(c).to_string()));
        }
    }
    if !f(lay.files).is_empty() {
        run.has_files = true;
        match lay.file_fields {
            None => run.file_params = files_params(f(lay.files)),
            Some((mx, mn, dirs)) => {
                run.file_params.push(("files", f(lay.files).to_string()));
                for (name, k) in [("max size", mx), ("min size", mn)] {
                    if !f(k).is_empty() {
                        run.file_params.push((name, f(k).to_string()));
                    }
                }
                if !f(dirs).is_empty() && f(dirs) != "1" {
                    run.file_params.push(("dirs", f(dirs).to_string()));
                }
            }
        }
    }
    let mut cells = |base: usize, tests: &[(&'static str, &'static str); 6], files: bool| -> Result<(), ParseError> {
        for (k, (group, name)) in tests.iter().enumerate() {
            let (rate, cpu) = (base + 2 * k, base + 2 * k + 1);
            if !f(rate).is_empty() {
                let v = rate_cell(f(rate)).ok_or_else(|| ParseError::malformed(ln(rate), "a rate", f(rate)))?;
                if let Some(v) = v {
                    let metric = if files { files_metric(name) } else { rate_metric(name) };
                    run.cells.push(Cell { group, metric, value: v, line: ln(rate), file_part: files });
                }
            }
            if !f(cpu).is_empty() {
                let v = cpu_cell(f(cpu)).ok_or_else(|| ParseError::malformed(ln(cpu), "a %CPU number", f(cpu)))?;
                if let Some(v) = v {
                    run.cells.push(Cell { group, metric: cpu_metric(name), value: v, line: ln(cpu), file_part: files });
                }
            }
        }
        Ok(())
    };
    cells(lay.io, &IO_TESTS, false)?;
    cells(lay.file_tests, &FILE_TESTS, true)?;
    if let Some(lat) = lay.latency {
        for (k, (group, name)) in IO_TESTS.iter().chain(FILE_TESTS.iter()).enumerate() {
            let s = f(lat + k);
            if s.is_empty() {
                continue;
            }
            let v = lat_cell(s).ok_or_else(|| ParseError::malformed(ln(lat + k), "a latency (154us, 12ms, 3s)", s))?;
            if let Some(v) = v {
                run.cells.push(Cell {
                    group,
                    metric: latency_metric(name),
                    value: v,
                    line: ln(lat + k),
                    file_part: k >= 6,
                });
            }
        }
    }
    Ok(run)
}

impl BenchParser for BonniePp {
    fn id(&self) -> &'static str {
        "bonnie++"
    }

    fn describe(&self) -> &'static str {
        "bonnie++ 1.02-2.00 (text report and CSV)"
    }

    fn detect(&self, input: &Input) -> u8 {
        let mut score = 0;
        for l in &input.lines {
            let t = l.trim_start();
            if t.starts_with("Version") && (t.contains("Sequential Output") || t.contains("Sequential Create")) {
                // Posts also head hand-made tables with this line.
                score = score.max(80);
            }
            if is_io_header(l) && (l.contains("K/sec %CP") || l.contains("/sec %CP")) {
                return 95;
            }
            if is_files_header(l) {
                score = score.max(90);
            }
            if t.contains(',') && !t.contains(' ') {
                let fields: Vec<&str> = t.split(',').collect();
                match csv_targets(&fields) {
                    Some(&[27]) if fields.len() >= 8 => score = score.max(75),
                    Some(_) if fields.len() >= 20 => score = score.max(85),
                    _ => {}
                }
            }
            if t.starts_with("Create files in sequential order") || t.starts_with("Delete files in random order") {
                score = score.max(60);
            }
        }
        score
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let lines = &input.lines;
        let mut out = ParsedFile { benchmark: "bonnie++".into(), ..Default::default() };
        let mut runs: Vec<Run> = Vec::new();
        let mut heading = Heading::default();
        // Runs of the latest I/O table still waiting for their file results.
        let mut pending: Vec<usize> = Vec::new();
        // The first damaged CSV record: the file's error when nothing else is read.
        let mut first_broken: Option<ParseError> = None;
        let mut i = 0;
        while i < lines.len() {
            let line = &lines[i];
            let t = line.trim_start();
            if let Some(h) = title_heading(line, lines.get(i + 1)) {
                heading = h;
                i += 2;
                continue;
            }
            if t.starts_with("Version") && (t.contains("Sequential") || t.contains("----")) {
                if out.version.is_none() {
                    out.version = t.split_whitespace().nth(1).map(str::to_string);
                }
                for row in headerless_rows(lines, i + 1) {
                    out.notes.push((
                        row + 1,
                        "result row of a table without its `Machine  Size K/sec %CP` header line; not read".into(),
                    ));
                }
                i += 1;
                continue;
            }
            if is_io_header(line) {
                let spans = header_spans(line);
                i += 1;
                if lines.get(i).is_some_and(|l| is_header_rest(l)) {
                    i += 1;
                }
                pending.clear();
                let mut last_run = None;
                loop {
                    if let Some((row, last)) = text_row(lines, i, is_size, "I/O", spans.as_deref(), &mut out.notes)? {
                        let run = Run {
                            label: row.label,
                            io_params: size_params(&row.key),
                            cells: row_cells(&row.slots, &IO_TESTS, false)?,
                            line: row.key_line,
                            heading: heading.clone(),
                            ..Default::default()
                        };
                        runs.push(run);
                        pending.push(runs.len() - 1);
                        last_run = Some(runs.len() - 1);
                        i = last + 1;
                    } else if let Some((slots, last)) = latency_row(lines, i, spans.as_deref(), &mut out.notes)? {
                        let Some(r) = last_run else {
                            return Err(ParseError::malformed(
                                i + 1,
                                "a bonnie++ result row before Latency",
                                line.trim(),
                            ));
                        };
                        let cells = latency_cells(&slots, &IO_TESTS, false);
                        runs[r].cells.extend(cells);
                        i = last + 1;
                    } else {
                        break;
                    }
                }
                if last_run.is_none() {
                    out.notes.push((i, "bonnie++ I/O header without a result row".into()));
                }
                continue;
            }
            if is_files_header(line) {
                // `machine             -Create-- --Read--- …` names the machine
                // when the file test ran alone.
                let files_machine: Option<String> = i
                    .checked_sub(1)
                    .and_then(|j| lines.get(j))
                    .filter(|p| p.contains("-Create--"))
                    .and_then(|p| p.split_whitespace().next())
                    .filter(|w| !w.starts_with('-'))
                    .map(str::to_string);
                let spans = header_spans(line);
                i += 1;
                if lines.get(i).is_some_and(|l| is_header_rest(l)) {
                    i += 1;
                }
                let mut last_run = None;
                loop {
                    if let Some((row, last)) =
                        text_row(lines, i, is_files_spec, "file", spans.as_deref(), &mut out.notes)?
                    {
                        let cells = row_cells(&row.slots, &FILE_TESTS, true)?;
                        // Attach to the waiting I/O run of the same machine.
                        let pos = pending
                            .iter()
                            .position(|&r| !runs[r].has_files && (row.label.is_empty() || runs[r].label == row.label));
                        let r = match pos {
                            Some(p) => pending[p],
                            None => {
                                let label = if row.label.is_empty() {
                                    files_machine.clone().unwrap_or_default()
                                } else {
                                    row.label.clone()
                                };
                                runs.push(Run {
                                    label,
                                    line: row.key_line,
                                    heading: heading.clone(),
                                    ..Default::default()
                                });
                                runs.len() - 1
                            }
                        };
                        runs[r].has_files = true;
                        runs[r].file_params = files_params(&row.key);
                        runs[r].cells.extend(cells);
                        last_run = Some(r);
                        i = last + 1;
                    } else if let Some((slots, last)) = latency_row(lines, i, spans.as_deref(), &mut out.notes)? {
                        let Some(r) = last_run else {
                            return Err(ParseError::malformed(
                                i + 1,
                                "a bonnie++ result row before Latency",
                                line.trim(),
                            ));
                        };
                        runs[r].cells.extend(latency_cells(&slots, &FILE_TESTS, true));
                        i = last + 1;
                    } else {
                        break;
                    }
                }
                if last_run.is_none() {
                    out.notes.push((i, "bonnie++ file-test header without a result row".into()));
                }
                pending.clear();
                continue;
            }
            match csv_record(lines, i, &mut out.notes) {
                Ok(Some((fields, last))) => {
                    let mut run = csv_run(&fields, &mut out.version, &mut out.notes)?;
                    run.heading = heading.clone();
                    runs.push(run);
                    pending.clear();
                    i = last + 1;
                    continue;
                }
                Ok(None) => {}
                // A damaged record is a warning: the text reports around it
                // (which it most often repeats) are still read.
                Err(broken) => {
                    out.notes.push((i + 1, broken.note));
                    first_broken.get_or_insert(broken.error);
                    pending.clear();
                    i = broken.last + 1;
                    continue;
                }
            }
            i += 1;
        }
        if runs.iter().all(|r| r.cells.is_empty()) {
            if let Some(e) = first_broken {
                return Err(e);
            }
            return Err(ParseError::NoResults {
                benchmark: "bonnie++",
                reason: "no bonnie++ report or CSV record with a result".into(),
            });
        }
        let runs = merge_text_and_csv(runs, &mut out.notes);
        let mut labels: Vec<&str> = runs.iter().map(|r| r.label.as_str()).filter(|l| !l.is_empty()).collect();
        labels.sort_unstable();
        labels.dedup();
        let several_machines = runs.len() >= 2 && labels.len() >= 2;
        // Titles over the reports (`libata-dev-2.6`, `… w/ workaround`) tell
        // runs apart only when there are two or more of them.
        let mut titles: Vec<&str> = runs.iter().filter_map(|r| r.heading.label.as_deref()).collect();
        titles.sort_unstable();
        titles.dedup();
        let titled = titles.len() >= 2;
        for run in &runs {
            // With several machines, the machine name is part of a run's
            // identity: its kernel when it is a release, else its host.
            let name = Some(run.label.as_str()).filter(|l| several_machines && !l.is_empty());
            let (kernel, host) = match name {
                Some(l) if is_kernel_name(l) => (Some(l.to_string()), None),
                Some(l) => (run.heading.kernel.clone(), Some(l)),
                None => (run.heading.kernel.clone(), None),
            };
            for c in &run.cells {
                let mut s = Sample::new(c.metric.clone(), c.value, c.line).with_group(c.group);
                let params = if c.file_part { &run.file_params } else { &run.io_params };
                for (name, v) in params {
                    s = s.with_param(*name, v);
                }
                if let Some(h) = host {
                    s = s.with_param("host", h);
                }
                if let Some(l) = run.heading.label.as_deref().filter(|_| titled) {
                    s = s.with_param("label", l);
                }
                if let Some(k) = &kernel {
                    s = s.with_kernel(k.clone());
                }
                out.samples.push(s);
            }
        }
        // bon_csv2txt tables interleave runs: keep file order.
        out.samples.sort_by_key(|s| s.line);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        BonniePp.parse(&Input::from_text(text))
    }

    fn find<'a>(p: &'a ParsedFile, group: &str, name: &str) -> Vec<&'a Sample> {
        p.samples.iter().filter(|s| s.group == group && s.metric.name == name).collect()
    }

    const V103: &str = "\
Version  1.03       ------Sequential Output------ --Sequential Input- --Random-
                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
access1        256M 10564  96 18951  24  6687   7 10030  88 15949   6 153.8   0
                    ------Sequential Create------ --------Random Create--------
                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
                 16   489  99 +++++ +++ +++++ +++   509  98 +++++ +++  1695  97
access1,256M,10564,96,18951,24,6687,7,10030,88,15949,6,153.8,0,16,489,99,+++++,+++,+++++,+++,509,98,+++++,+++,1695,97
";

    #[test]
    fn text_103_with_duplicate_csv() {
        let p = parse(V103).unwrap();
        assert_eq!(p.version.as_deref(), Some("1.03"));
        // 12 I/O cells + 6 file cells (3 tests timed) = 18; the CSV repeats them.
        assert_eq!(p.samples.len(), 18, "{:#?}", p.notes);
        assert_eq!(p.notes.len(), 1);
        let s = find(&p, "Sequential Output", "Per Char")[0];
        assert_eq!(s.value.mean(), 10564.0);
        assert_eq!(s.params[0].name, "size");
        assert_eq!(s.params[0].value, "256M");
        assert_eq!(s.kernel, None);
        let seeks = find(&p, "Random", "Seeks")[0];
        assert_eq!((seeks.value.mean(), seeks.metric.unit.as_str()), (153.8, "seeks/s"));
        let del = find(&p, "Random Create", "Delete")[0];
        assert_eq!(del.value.mean(), 1695.0);
        assert_eq!(del.metric.unit, "files/s");
        assert_eq!(del.params[0].name, "files");
        assert_eq!(del.params[0].value, "16");
        assert!(find(&p, "Sequential Create", "Read").is_empty());
        assert_eq!(BonniePp.detect(&Input::from_text(V103)), 95);
    }

    #[test]
    fn csv_only_old_format_is_read() {
        let csv = V103.lines().last().unwrap();
        let p = parse(csv).unwrap();
        assert_eq!(p.samples.len(), 18);
        assert_eq!(p.samples[0].line, 1);
        assert!(BonniePp.detect(&Input::from_text(csv)) >= 70);
    }

    const V197: &str = "\
Version  1.97       ------Sequential Output------ --Sequential Input- --Random-
Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
ubuntu           2G   600  99 126063  20 59427   9  2859  99 143588   9 358.6   7
Latency             14019us     228ms     225ms    6137us   52327us     215ms
Version  1.97       ------Sequential Create------ --------Random Create--------
ubuntu              -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
                 16  8556  25 +++++ +++ 14813  23 11637  31 +++++ +++ 11030  24
Latency             35596us     557us     594us     362us      62us       2s
";

    #[test]
    fn text_197_latencies() {
        let p = parse(V197).unwrap();
        assert_eq!(p.version.as_deref(), Some("1.97"));
        assert_eq!(find(&p, "Sequential Output", "Block")[0].value.mean(), 126063.0);
        let lat = find(&p, "Sequential Output", "Block Latency")[0];
        assert_eq!((lat.value.mean(), lat.metric.unit.as_str(), lat.metric.better), (228_000.0, "µs", Better::Lower));
        assert_eq!(find(&p, "Random", "Seeks Latency")[0].value.mean(), 215_000.0);
        assert_eq!(find(&p, "Random Create", "Delete Latency")[0].value.mean(), 2_000_000.0);
        assert_eq!(find(&p, "Sequential Create", "Create Latency")[0].value.mean(), 35596.0);
        // 12 + 6 latencies + 8 file cells + 6 file latencies
        assert_eq!(p.samples.len(), 32);
    }

    #[test]
    fn csv_197_and_198_formats() {
        let c197 = "1.97,1.97,hostname,1,1340185522,4G,,1093,99,94792,13,45476,6,3950,92,107612,7,220.4,5,16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,9007us,1179ms,1203ms,9234us,107ms,1219ms,154us,396us,1047us,100us,14us,49us";
        let p = parse(c197).unwrap();
        assert_eq!(p.version.as_deref(), Some("1.97"));
        assert_eq!(p.samples.len(), 12 + 12);
        assert_eq!(find(&p, "Sequential Output", "Per Char")[0].value.mean(), 1093.0);
        assert_eq!(find(&p, "Random", "Seeks")[0].value.mean(), 220.4);
        assert_eq!(find(&p, "Sequential Output", "Rewrite Latency")[0].value.mean(), 1_203_000.0);
        assert_eq!(find(&p, "Random Create", "Delete Latency")[0].value.mean(), 49.0);
        assert_eq!(find(&p, "Random Create", "Delete Latency")[0].params[0].value, "16");
        let c198 = "1.98,2.00a,box,1,1591882323,4G,,8192,5,1143,99,1143563,40,500000,30,2000,95,2000000,60,5000,80,16,,,,,1000,10,2000,20,3000,30,4000,40,5000,50,6000,60,10us,20us,30us,40us,50us,60us,1ms,2ms,3ms,4ms,5ms,6ms";
        let p = parse(c198).unwrap();
        assert_eq!(p.version.as_deref(), Some("2.00a"));
        assert_eq!(p.samples.len(), 24 + 12);
        assert_eq!(find(&p, "Sequential Output", "Block")[0].value.mean(), 1143563.0);
        assert_eq!(find(&p, "Random", "Seeks")[0].value.mean(), 5000.0);
        assert_eq!(find(&p, "Random Create", "Delete %CPU")[0].value.mean(), 60.0);
        assert!(BonniePp.detect(&Input::from_text(c198)) >= 85);
    }

    #[test]
    fn suffixed_rates_of_200() {
        let text = "\
Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-
                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
box                4G 1116k  99  1.1g  40  488m  30 1954k  95 12.5m  60  5000  80
";
        let p = parse(text).unwrap();
        assert_eq!(find(&p, "Sequential Output", "Per Char")[0].value.mean(), 1116.0);
        assert_eq!(find(&p, "Sequential Output", "Block")[0].value.mean(), 1.1 * 1024.0 * 1024.0);
        assert_eq!(find(&p, "Sequential Output", "Rewrite")[0].value.mean(), 488.0 * 1024.0);
        assert_eq!(find(&p, "Sequential Input", "Block")[0].value.mean(), 12.5 * 1024.0);
    }

    #[test]
    fn blank_cells_by_position() {
        let text = "\
Version  1.03       ------Sequential Output------ --Sequential Input- --Random-
                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
fast             1G           18951  24  6687   7           15949   6 153.8   0
";
        let p = parse(text).unwrap();
        assert_eq!(p.samples.len(), 8);
        assert!(find(&p, "Sequential Output", "Per Char").is_empty());
        assert_eq!(find(&p, "Sequential Input", "Block")[0].value.mean(), 15949.0);
        // cut short: the last test is missing
        let cut = text.replace(" 153.8   0", "");
        assert_eq!(parse(&cut).unwrap_err().line(), Some(4));
    }

    #[test]
    fn wrapped_text_and_split_csv() {
        let text = "\
2.5.59
======
Version  1.03       ------Sequential Output------ --Sequential Input-
--Random-
                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block--
--Seeks--
Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP
/sec %CP
access1        256M 10739  97 18386  25  6526   7 10736  94 16701   6
74.2   0
access1,256M,10739,97,18386,25,6526,7,10736,94,16701,6,74.2,0,16,499,99,
+++++,+++,19938,99,489,99,+++++,+++,1672,96
";
        let p = parse(text).unwrap();
        // the CSV repeats the I/O row: one run; the values the text prints
        // exactly stay at the report's line, the file tests come from the CSV
        assert_eq!(p.samples.len(), 12 + 8);
        assert_eq!(p.notes.len(), 3);
        let seeks = find(&p, "Random", "Seeks");
        assert_eq!(seeks[0].value.mean(), 74.2);
        assert_eq!(seeks[0].line, 10);
        assert_eq!(seeks[0].kernel.as_deref(), Some("2.5.59"));
        let del = find(&p, "Random Create", "Delete");
        assert_eq!((del[0].value.mean(), del[0].line), (1672.0, 12));
        assert_eq!(find(&p, "Sequential Create", "Create")[0].line, 11);
        assert_eq!(find(&p, "Sequential Create", "Delete %CPU")[0].line, 12);
        assert!(find(&p, "Sequential Create", "Read %CPU").is_empty());
    }

    #[test]
    fn split_csv_mid_number_is_an_error() {
        let text = "access1,256M,10739,97,18386,25,6526,7,10736,94,16701,6,74\n.2,0,16,499,99,+++++,+++,19938,99,489,99,+++++,+++,1672,96\n";
        assert_eq!(parse(text).unwrap_err().line(), Some(1));
    }

    #[test]
    fn a_broken_csv_record_beside_text_reports_is_a_warning() {
        let report = |k: &str, seeks: &str| {
            format!(
                "Kernel {k}\n=============\nVersion 1.02c       ------Sequential Output------ --Sequential Input- --Random-\n\
                 \x20                   -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n\
                 Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n\
                 box            128M  5267  96  7851  13  4311   8  5004  94 10199  12 {seeks}   1\n"
            )
        };
        let text = format!(
            "{}\n{}box,128M,4565,79,9733,8,3709,5,3653,68,9391,6,10\n2.1,1,16,280,83,+++++,+++,+++++,+++,281,83,+++++,+++,1047,83\n",
            report("2.5.43", " 44.4"),
            report("2.4.19", "102.1")
        );
        let p = parse(&text).unwrap();
        let seeks = find(&p, "Random", "Seeks");
        let got: Vec<(f64, Option<&str>)> = seeks.iter().map(|s| (s.value.mean(), s.kernel.as_deref())).collect();
        assert_eq!(got, vec![(44.4, Some("2.5.43")), (102.1, Some("2.4.19"))]);
        let (line, note) = p.notes.last().unwrap();
        assert_eq!(*line, 14);
        assert!(note.contains("lines 14-15") && note.contains("not read") && !note.contains("rejoined"), "{note}");
    }

    #[test]
    fn underlined_titles_label_reports_of_one_machine() {
        let report = |title: &str, block: &str| {
            format!(
                "{title}\t\tP3 800, disk\n==============\nVersion  1.03       ------Sequential Output------ --Sequential Input- --Random-\n\
                 \x20                   -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n\
                 Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n\
                 \x20                2G  9633  95 {block}  24  6135  10  9975  87 14536  12 215.8   1\n\n"
            )
        };
        let text = report("dev-tree", "15101") + &report("dev-tree w/ fix", "23736") + &report("linux-2.6.11", "60133");
        let p = parse(&text).unwrap();
        let got: Vec<(Option<&str>, Option<&str>)> = find(&p, "Sequential Output", "Block")
            .iter()
            .map(|s| (s.kernel.as_deref(), s.params.iter().find(|x| x.name == "label").map(|x| x.value.as_str())))
            .collect();
        assert_eq!(got, vec![(None, Some("dev-tree")), (None, Some("dev-tree w/ fix")), (Some("2.6.11"), None)]);
    }

    #[test]
    fn rows_without_their_machine_header_are_a_warning() {
        let text = "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n\
                    \x20                   -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n\
                    A             100M  7735  99 127068  98 63048  84  7890  98 +++++ +++ +++++ +++\n\n\
                    Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n\
                    \x20                   -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n\
                    Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n\
                    A              100M 13070 100 +++++ +++ 14141   4 13099 100 +++++ +++ +++++ +++\n";
        let p = parse(text).unwrap();
        assert!(p.samples.iter().all(|s| s.line == 8));
        assert!(p.notes.iter().any(|(l, n)| *l == 3 && n.contains("not read")), "{:?}", p.notes);
    }

    #[test]
    fn several_machines_become_kernels() {
        let text = "\
Version  1.03       ------Sequential Output------ --Sequential Input- --Random-
                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
2.4.19         256M 10564  96 18951  24  6687   7 10030  88 15949   6 153.8   0
2.5.59         256M 10739  97 18386  25  6526   7 10736  94 16701   6  74.2   0
                    ------Sequential Create------ --------Random Create--------
                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
2.4.19           16   489  99 +++++ +++ +++++ +++   509  98 +++++ +++  1695  97
2.5.59           16   499  99 +++++ +++ 19938  99   489  99 +++++ +++  1672  96
";
        let p = parse(text).unwrap();
        let del = find(&p, "Random Create", "Delete");
        assert_eq!(del[0].kernel.as_deref(), Some("2.4.19"));
        assert_eq!(del[1].kernel.as_deref(), Some("2.5.59"));
        assert_eq!(del[1].value.mean(), 1672.0);
        assert_eq!(find(&p, "Random", "Seeks")[1].kernel.as_deref(), Some("2.5.59"));
    }

    #[test]
    fn cells_under_header_columns() {
        let spans =
            header_spans("Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP").unwrap();
        assert_eq!((spans[0], spans[11]), ((20, 25), (76, 79)));
        assert_eq!(column_of(60, 66, &spans), Some(8), "`102046` spills right of K/sec");
        assert_eq!(column_of(79, 80, &spans), Some(11), "`6` just after %CP");
        assert_eq!(column_of(63, 68, &spans), None, "two columns equally near");
        assert_eq!(column_of(81, 84, &spans), None, "right of every column");
        assert_eq!(test_spans(&spans)[5], (71, 79));
        assert!(header_spans("Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP").is_none());
    }

    #[test]
    fn helpers() {
        assert!(is_size("256M") && is_size("4G:8k") && is_size("1G::2") && !is_size("256") && !is_size("2.4.19"));
        assert!(
            is_files_spec("16")
                && is_files_spec("16:100000:16/64")
                && is_files_spec("16:link")
                && !is_files_spec("1.5")
        );
        assert_eq!(lat_cell("1179ms"), Some(Some(1_179_000.0)));
        assert_eq!(rate_cell("+++++"), Some(None));
        assert_eq!(rate_cell("1.5m"), Some(Some(1536.0)));
        assert_eq!(rate_cell("abc"), None);
        assert!(is_ver("1.97") && is_ver("1.93c") && is_ver("2.00a") && !is_ver("256M"));
        assert_eq!(kernel_heading("2.4.19", Some(&"========".to_string())).as_deref(), Some("2.4.19"));
        assert_eq!(kernel_heading("2.4.19", Some(&"text".to_string())), None);
        assert_eq!(kernel_heading("Results", Some(&"=======".to_string())), None);
    }
}
