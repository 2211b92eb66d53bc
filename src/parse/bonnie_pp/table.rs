//! The human-readable bonnie++ report: its tokens and cells, the column
//! header's positions, result rows (wrapped by mail clients or with blank
//! cells), `Latency` rows, and the underlined titles above a report.

use super::run::{Cell, Heading, TooFast};
use super::{files_metric, latency_metric};
use crate::parse::ParseError;
use crate::parse::bonnie::{cpu_metric, rate_metric};
use crate::parse::num::plain;

/// A whitespace-separated token with its byte span and 1-based line.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tok<'a> {
    pub(super) s: &'a str,
    pub(super) end: usize,
    pub(super) line: usize,
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
pub(super) type Spans = Vec<(usize, usize)>;

pub(super) fn header_spans(line: &str) -> Option<Spans> {
    rate_spans(line).filter(|spans| spans.len() == 12)
}

/// Byte spans of the `K/sec`, `/sec` and `%CP` words of a column header
/// (ASCII, no TAB, which would give no positions), however many.
fn rate_spans(line: &str) -> Option<Spans> {
    if !line.is_ascii() || line.contains('\t') {
        return None;
    }
    Some(
        tokens(line, 0)
            .iter()
            .filter(|t| matches!(t.s, "K/sec" | "/sec" | "%CP"))
            .map(|t| (t.end - t.s.len(), t.end))
            .collect(),
    )
}

/// Byte spans of a column header a poster cut on the right, dropping the
/// last tests' columns with their cells (`Size K/sec %CP` five times: no
/// `--Seeks--`): an even number of `K/sec`/`/sec`/`%CP` words, fewer than
/// 12. Only for a header not wrapped onto the next line (see
/// [`is_header_rest`]), whose rows then hold as many cells as it has columns.
pub(super) fn cut_header_spans(line: &str) -> Option<Spans> {
    rate_spans(line).filter(|spans| spans.len() >= 2 && spans.len() < 12 && spans.len().is_multiple_of(2))
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
pub(super) fn rate_cell(t: &str) -> Option<Option<f64>> {
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
pub(super) fn cpu_cell(t: &str) -> Option<Option<f64>> {
    if placeholder(t) {
        return Some(None);
    }
    plain(t).map(Some)
}

/// The step a rate or latency cell was printed to in the unit it is read
/// in, where bonnie++ scaled it: `1.1g` (K/sec) → 0.1 × 1024², `1179ms`
/// (µs) → 1000, `12s` → 10⁶; `None` for a cell in the unit itself
/// (`96402`, `154us`, `1.5k` files/sec, whose `k` is its unit's) or a
/// placeholder.
pub(super) fn scaled_step(t: &str) -> Option<f64> {
    let (head, mult) = if let Some(h) = t.strip_suffix("us") {
        (h, 1.0)
    } else if let Some(h) = t.strip_suffix("ms") {
        (h, 1000.0)
    } else if let Some(h) = t.strip_suffix(['s', 'k', 'K']) {
        (h, if t.ends_with('s') { 1_000_000.0 } else { 1.0 })
    } else if let Some(h) = t.strip_suffix(['m', 'M']) {
        (h, 1024.0)
    } else if let Some(h) = t.strip_suffix(['g', 'G']) {
        (h, 1024.0 * 1024.0)
    } else {
        return None;
    };
    (mult != 1.0).then(|| crate::parse::num::scaled_step(head, mult)).flatten()
}

/// A latency cell in µs: `154us`, `1179ms`, `12s`.
pub(super) fn lat_cell(t: &str) -> Option<Option<f64>> {
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

/// A figure written with a comma between digits (`1,320`, `21,5`): no
/// figure bonnie++ prints, a thousands separator or decimal comma typed
/// or edited in.
fn comma_figure(t: &str) -> bool {
    t.contains(',')
        && t.bytes().all(|b| b.is_ascii_digit() || b == b',' || b == b'.')
        && t.split(',').all(|p| !p.is_empty())
}

/// A cell in a figure's place that is no figure bonnie++ prints: a comma
/// in it ([`comma_figure`]: `10,801`), a second point (`141.7.2`), or C's
/// `nan` / `inf`. A row holding one (two at most) is still a row: the
/// cell is left out with a warning ([`leave_out_damaged`]), the others
/// read.
fn damaged_cell(t: &str) -> bool {
    !value_tok(t)
        && (comma_figure(t)
            || crate::parse::num::non_finite(t)
            || (t.bytes().filter(|b| *b == b'.').count() >= 2
                && t.bytes().any(|b| b.is_ascii_digit())
                && t.bytes().all(|b| b.is_ascii_digit() || b == b'.')))
}

/// A value cell of a text row, or a damaged one in its place.
fn cell_tok(t: &str) -> bool {
    value_tok(t) || damaged_cell(t)
}

/// At most two of `toks` are damaged cells: more is no row of figures.
fn few_damaged<'a>(toks: impl IntoIterator<Item = &'a Tok<'a>>) -> bool {
    toks.into_iter().filter(|t| damaged_cell(t.s)).count() <= 2
}

/// Blanks each damaged cell of `row` ([`damaged_cell`]) with a warning
/// naming its line and text: no figure is read from it.
fn leave_out_damaged<'a>(mut row: TextRow<'a>, what: &str, notes: &mut Vec<(usize, String)>) -> TextRow<'a> {
    for slot in &mut row.slots {
        if let Some(t) = slot
            && damaged_cell(t.s)
        {
            notes.push((t.line, format!("bonnie++ {what} row: {:?} is not one number: not read", t.s)));
            *slot = None;
        }
    }
    row
}

/// A file size as bonnie++ prints it: `256M`, `4G`, `256M:8k`, `4G::2`.
pub(super) fn is_size(t: &str) -> bool {
    let head = t.split(':').next().unwrap_or("");
    let digits = head.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &head[digits.len()..];
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && matches!(suffix, "M" | "G" | "T" | "K" | "m" | "g" | "k")
        && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b':')
}

/// A file-test spec: `16`, `16:100000:16/64`, `16:link`, `128:1000`.
pub(super) fn is_files_spec(t: &str) -> bool {
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

/// Cells of a text row by column slot; `None` for a blank cell.
pub(super) type Slots<'a> = Vec<Option<Tok<'a>>>;

/// A text row: label, key (size or files spec) and 12 slots.
pub(super) struct TextRow<'a> {
    pub(super) label: String,
    pub(super) key: String,
    pub(super) key_line: usize,
    pub(super) slots: Vec<Option<Tok<'a>>>,
}

/// Reads a 12-cell text row at line index `i` whose key token (size or
/// files spec) satisfies `is_key`. `Ok(None)` when line `i` is not such a
/// row. Returns the row and the index of its last line.
pub(super) fn text_row<'a>(
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
    let j = if len >= 13
        && is_key(toks[len - 13].s)
        && toks[len - 12..].iter().all(|t| cell_tok(t.s))
        && few_damaged(&toks[len - 12..])
    {
        len - 13
    } else {
        match (0..len).find(|&j| {
            is_key(toks[j].s)
                && j + 1 < len
                && len - j - 1 <= 12
                && toks[j + 1..].iter().all(|t| cell_tok(t.s))
                && few_damaged(&toks[j + 1..])
        }) {
            Some(j) => j,
            None => return Ok(None),
        }
    };
    // A figure with a thousands separator or decimal comma (`1,320`,
    // bonnie++ prints none) before the cells the row was read from: the
    // row was found past it, its label the figures before (`16 1,320`, a
    // host) and its files `98` (attack32 F2). The row is damaged.
    if let Some(t) = toks[..j].iter().find(|t| comma_figure(t.s)) {
        return Err(ParseError::malformed(
            i + 1,
            format!("a bonnie++ {what} row of plain figures (`{}` holds a comma bonnie++ never prints)", t.s),
            line.trim(),
        ));
    }
    let label = toks[..j].iter().map(|t| t.s).collect::<Vec<_>>().join(" ");
    let key = toks[j];
    let vals = &toks[j + 1..];
    let mut row = TextRow { label, key: key.s.to_string(), key_line: i + 1, slots: vec![None; 12] };
    if vals.len() == 12 {
        for (k, t) in vals.iter().enumerate() {
            row.slots[k] = Some(*t);
        }
        return Ok(Some((leave_out_damaged(row, what, notes), i)));
    }
    // Wrapped by a mail client: the next line holds exactly the rest.
    if let Some(next) = lines.get(i + 1) {
        let nt = tokens(next, i + 2);
        if !next.starts_with(char::is_whitespace)
            && !nt.is_empty()
            && vals.len() + nt.len() == 12
            && nt.iter().all(|t| cell_tok(t.s))
            && few_damaged(vals.iter().chain(&nt))
        {
            for (k, t) in vals.iter().chain(nt.iter()).enumerate() {
                row.slots[k] = Some(*t);
            }
            notes.push((i + 1, format!("{what} row wrapped onto line {}; rejoined", i + 2)));
            return Ok(Some((leave_out_damaged(row, what, notes), i + 1)));
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
        // The last test (seeks, random delete; the last column of a header
        // a poster cut, [`cut_header_spans`]) always runs: a row without
        // it is cut short, not a row with skipped tests.
        if row.slots.last().is_none_or(|s| s.is_none()) {
            return Err(bad());
        }
        return Ok(Some((leave_out_damaged(row, what, notes), i)));
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
    Ok(Some((leave_out_damaged(row, what, notes), i)))
}

/// A row of the 12 I/O figures alone, indented, with its machine and size
/// left blank (`                     58814  92 276803  47 110418  36 …`):
/// how posters print further runs of the machine and size of the row
/// above (LKML 2006, three bonnie++ 1.03 runs of `2.6.16.19 16G`, the
/// second and third dropped without a word). `None` for any other line:
/// one not indented, with a size or files count before its figures (13
/// tokens), or with fewer or more than 12 figures.
pub(super) fn continued_row<'a>(lines: &'a [String], i: usize) -> Option<Vec<Option<Tok<'a>>>> {
    let line = lines.get(i)?;
    if !line.starts_with(char::is_whitespace) {
        return None;
    }
    let toks = tokens(line, i + 1);
    (toks.len() == 12 && toks.iter().all(|t| value_tok(t.s))).then(|| toks.into_iter().map(Some).collect())
}

/// Reads a `Latency` row at line index `i` (6 cells). Returns the cells by
/// slot and the index of its last line.
pub(super) fn latency_row<'a>(
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
pub(super) fn row_cells(
    slots: &[Option<Tok<'_>>],
    tests: &[(&'static str, &'static str); 6],
    files: bool,
    too_fast: &mut Vec<TooFast>,
) -> Result<Vec<Cell>, ParseError> {
    let mut out = Vec::new();
    for (k, (group, name)) in tests.iter().enumerate() {
        if let Some(t) = slots.get(2 * k).copied().flatten() {
            let v = rate_cell(t.s).ok_or_else(|| ParseError::malformed(t.line, "a rate", t.s))?;
            match v {
                Some(v) => {
                    let metric = if files { files_metric(name) } else { rate_metric(name) };
                    let step = scaled_step(t.s);
                    out.push(Cell { group, metric, value: v, line: t.line, file_part: files, step });
                }
                None => too_fast.push(TooFast { group, name, line: t.line, file_part: files }),
            }
        }
        if let Some(t) = slots.get(2 * k + 1).copied().flatten() {
            let v = cpu_cell(t.s).ok_or_else(|| ParseError::malformed(t.line, "a %CPU number or +++", t.s))?;
            if let Some(v) = v {
                out.push(Cell {
                    group,
                    metric: cpu_metric(name),
                    value: v,
                    line: t.line,
                    file_part: files,
                    step: None,
                });
            }
        }
    }
    Ok(out)
}

pub(super) fn latency_cells(
    slots: &[Option<Tok<'_>>],
    tests: &[(&'static str, &'static str); 6],
    files: bool,
) -> Vec<Cell> {
    let mut out = Vec::new();
    for ((group, name), t) in tests.iter().zip(slots) {
        if let Some(t) = t
            && let Some(Some(v)) = lat_cell(t.s)
        {
            out.push(Cell {
                group,
                metric: latency_metric(name),
                value: v,
                line: t.line,
                file_part: files,
                step: scaled_step(t.s),
            });
        }
    }
    out
}

/// Column header of the I/O table: `Machine        Size K/sec %CP …` or
/// `Name:Size etc        /sec %CP …` (also when wrapped).
pub(super) fn is_io_header(line: &str) -> bool {
    let t = line.trim_start();
    // A poster may delete the `Machine` word with the rows' host names
    // (rows named by kernel: `2.4.20   1G 13001  97 …`).
    if !(t.starts_with("Machine") || t.starts_with("Name:Size") || t.starts_with("Size ")) {
        return false;
    }
    let toks: Vec<&str> = t.split_whitespace().collect();
    toks.contains(&"%CP") && toks.iter().any(|x| x.ends_with("/sec"))
}

/// Column header of the file table: `              files  /sec %CP …`.
pub(super) fn is_files_header(line: &str) -> bool {
    if !(line.contains("files") && line.contains("%CP")) {
        return false;
    }
    let toks: Vec<&str> = line.split_whitespace().collect();
    toks.first().is_some_and(|f| *f == "files" || f.starts_with("files:")) && toks.contains(&"%CP")
}

/// The wrapped rest of a column header: only `/sec`, `K/sec`, `%CP` tokens.
/// True for a line of column titles alone, each in its dashes
/// (`-Delete--`, `--Read--- -Delete--`): the rest of a title line a
/// mailer wrapped. No line of bonnie++'s own holds only these.
pub(super) fn is_title_rest(line: &str) -> bool {
    let toks: Vec<&str> = line.split_whitespace().collect();
    !toks.is_empty()
        && toks.iter().all(|t| {
            let word = t.trim_matches('-');
            t.starts_with('-') && t.ends_with('-') && !word.is_empty() && word.chars().all(char::is_alphabetic)
        })
}

pub(super) fn is_header_rest(line: &str) -> bool {
    let toks: Vec<&str> = line.split_whitespace().collect();
    !toks.is_empty() && toks.iter().all(|t| matches!(*t, "/sec" | "K/sec" | "%CP"))
}

/// Line indexes of the I/O rows right under a `Version` line (from index
/// `i`, past its `-Per Chr- --Block--` lines) when the table's `Machine
/// Size K/sec %CP` header line is missing (an author deleted it): rows
/// that are not read, as nothing says the report is bonnie++'s own.
pub(super) fn headerless_rows(lines: &[String], mut i: usize) -> Vec<usize> {
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
pub(super) fn title_heading(line: &str, next: Option<&String>) -> Option<Heading> {
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

#[cfg(test)]
mod tests {
    use super::super::csv::is_ver;
    use super::*;

    /// LKML 2006: a second run of `2.6.16.19 16G` with its name and size
    /// left blank is a row of 12 figures; the file table's row (13 tokens
    /// with its files count), a row naming its machine, and a `Latency`
    /// row are not.
    #[test]
    fn figures_alone_under_a_row_continue_it() {
        let lines: Vec<String> = [
            "                     58814  92 276803  47 110418  36 57105  99 317534  65  1525   5",
            "                 16 22330 100 +++++ +++ 17886 100 20147  93 +++++ +++ 15523  92",
            "2.6.16.19       16G 59223  91 264155  45 111459  36 57313  99 317944  63  1478   7",
            "Latency             15402us     346ms     324ms   11768us     111ms     279ms",
            "                     58814  92 276803  47 110418  36",
        ]
        .iter()
        .map(|l| l.to_string())
        .collect();
        assert_eq!(continued_row(&lines, 0).map(|s| s.len()), Some(12));
        for i in 1..lines.len() {
            assert!(continued_row(&lines, i).is_none(), "line {i}");
        }
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
        assert_eq!(scaled_step("1.1g"), Some(1024.0 * 1024.0 / 10.0));
        assert_eq!(scaled_step("1179ms"), Some(1000.0));
        assert_eq!(scaled_step("10s"), Some(1_000_000.0));
        assert_eq!(
            (scaled_step("96402"), scaled_step("154us"), scaled_step("1.5k"), scaled_step("+++++")),
            (None, None, None, None)
        );
        assert!(is_ver("1.97") && is_ver("1.93c") && is_ver("2.00a") && !is_ver("256M"));
        assert_eq!(kernel_heading("2.4.19", Some(&"========".to_string())).as_deref(), Some("2.4.19"));
        assert_eq!(kernel_heading("2.4.19", Some(&"text".to_string())), None);
        assert_eq!(kernel_heading("Results", Some(&"=======".to_string())), None);
    }

    /// A row with a comma inside a figure is damaged, not a row whose
    /// label is the figures before the comma (attack32 F2: `16  1,320  98
    /// …` read as host `16 1,320`, files 98). In its place among 12 cells
    /// the damaged cell is left out with a warning, the other 11 read
    /// (attack32 F11: the row was dropped with no word); with more than
    /// two, the row is an error.
    #[test]
    fn a_figure_with_a_comma_damages_its_row() {
        assert!(comma_figure("1,320") && comma_figure("21,5") && comma_figure("1,234,567"));
        assert!(!comma_figure("1320") && !comma_figure("pogo,1G") && !comma_figure("16,") && !comma_figure(","));
        assert!(damaged_cell("141.7.2") && damaged_cell("nan") && !damaged_cell("141.7") && !damaged_cell("+++"));
        let row = "                 16  1,320  98 +++++ +++  9870  96  1402  97 +++++ +++  4410  95";
        let mut notes = Vec::new();
        let lines = [row.to_string()];
        let (r, _) = text_row(&lines, 0, is_files_spec, "file", None, &mut notes).unwrap().unwrap();
        assert_eq!((r.key.as_str(), r.slots[0].is_none(), r.slots[1].map(|t| t.s)), ("16", true, Some("98")));
        assert_eq!(notes, [(1, "bonnie++ file row: \"1,320\" is not one number: not read".to_string())]);
        let three = row.replace("98 +", "9,8 +").replace("9870", "9,870");
        let e = text_row(&[three], 0, is_files_spec, "file", None, &mut Vec::new()).err().expect("damaged");
        assert!(e.to_string().contains("holds a comma"), "{e}");
    }
}
