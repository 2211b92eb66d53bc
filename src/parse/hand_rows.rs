//! Tables a person typed into a mail as rows `label: figure figure …`
//! under a line naming the columns, one row per kernel: the "Server
//! benchmark results" of Yu Zhao's multi-gen LRU patches (LKML 2022,
//! `[PATCH v7 05/12]` to `[PATCH mm-unstable v15 09/14]`, and his replies
//! quoting them or answering with a table of the same form):
//!
//! ```text
//! Server benchmark results:
//!   Single workload:
//!     fio (buffered I/O): +[47, 49]%
//!                 IOPS         BW
//!       5.17-rc2: 2242k        8759MiB/s
//!       patch1-5: 3321k        12.7GiB/s
//! ```
//!
//! **What is read, and only when all of it is so.** A paragraph whose
//! lines from a *heading* to its end are two *rows* or more: the heading
//! two to eight column names, none a figure, none with a `:`; each row a
//! label with its `:` glued to it, then as many cells as the heading
//! names columns, each a figure ([`cell`]). The line right above the
//! heading is the table's *title* and must name the benchmark: one of
//! its words is a benchmark's name (`fio`, `hackbench`, `memtier` …) or a
//! server's a load generator measures (`memcached`, driven by
//! memtier_benchmark in those letters; `redis`, `mysql` …). A table whose
//! benchmark no line names is no result anyone can file. Every row's
//! label must name a kernel ([`kernel_label`]): a release (`5.17-rc2`), a
//! patch stack (`patch1-5`), a version of a series (`v7`) or a word
//! heading one side of a comparison (`base`, `patched`, `vanilla`,
//! `base+patch`): rows labelled `seq:`, `rand:` are cases, not kernels,
//! and filing them as kernels would be wrong. A table found but failing
//! one of these is a warning naming its lines and why, never read in
//! part.
//!
//! **Cells.** A plain figure (`476771.79`); a figure with `k` or `M`
//! glued to it (`2242k`), a count in thousands or millions, decimal as
//! fio prints IOPS (`IOPS=2242k`): 2242k is 2,242,000 (×1000; `M`
//! ×1,000,000), its printed step 1000 ([`Sample::step`]); not in a
//! column of bytes (`BW`, `KB/sec`, a cell's unit of bytes: there K may
//! be 1024), where the table is a warning; a figure with its unit glued
//! to it (`8759MiB/s`, `12.7GiB/s`, `5.2ms`), read in that unit. One
//! column's cells in two units of one metric (fio's `8759MiB/s` beside
//! `12.7GiB/s`) are each kept in the unit printed: the site converts a
//! metric's values to one unit where the conversion is exact, and says
//! which (`site::units`: 12.7 GiB/s is 13004.8 MiB/s), never averaging
//! two units; units it cannot convert stay apart, a column each. A
//! column mixing bare figures and figures with a unit is a warning.
//!
//! **Sample.** Kernel: the row's label ([`Sample::with_kernel`]: the file
//! goes in the machine class's directory, as other tables naming kernels
//! in their rows; README, "Content layout"); the labels' order, first
//! seen first, is the file's kernel order. Group: the title's words
//! before its `:` (`fio (buffered I/O)`, `memcached (anon)`); the change
//! after it (`+[47, 49]%`, `no change`) is the poster's, derived from
//! the rows, never a sample. Metric: the column's name (`IOPS`, `BW`,
//! `Ops/sec`); unit: the cell's glued unit, else the column's name where
//! it is one (`Ops/sec`, `KB/sec`, `IOPS`), else none. Set-up: the
//! heading of the block the title stands in, the nearest line above it
//! less indented, when that is one to four words ending in `:`, not a
//! kernel's name (`Single workload:`, `Mixed workloads:`, `numjobs=32:`):
//! parameter `setup`. A heading that counts runs (`Run 1:`, `Run 2:`,
//! [`super::labels::is_run_marker`]) names none: the rows under two such
//! headings are runs of the set-up the blocks share, each its own sample
//! (averaged, with a note), never one row printed again. A block's
//! heading or title typed right under the last row of the block before,
//! less indented than every row, ends that table (no blank line needed).
//! patch1-7's memcached Ops/sec is 1080856.82 under `Single workload`
//! and 563772.35 under `Mixed workloads`: two set-ups, never averaged.
//! Direction: higher is better for a rate (a column or unit per second,
//! `IOPS`, `BW`, `Ops/sec`), lower for a time or a latency, else none.
//! Each value is a single value: the tables print no run count.
//!
//! **A row printed again.** A letter comparing patch1-9 with patch1-8,
//! then with 5.19-rc1, prints patch1-9's row under both: one run shown
//! twice, not two runs. A cell whose row label, set-up, title and column
//! are an earlier cell's is counted once, at the earlier line; a row all
//! of whose cells are so is read into the earlier row's samples
//! ([`ParsedFile::merged_lines`]), with a note. A cell whose figure
//! differs from the earlier printing's is a warning and not read: which
//! printing is the run is not sure. Two printings under two block
//! headings of which no set-up is read (`With thirty two jobs running
//! now:`, five words) may be two set-ups' runs or one run: the second is
//! a warning naming both headings' lines, not read.
//!
//! **Cost.** Every raw file is offered to [`BenchParser::detect`]: a line
//! is looked at only when it has a `:` followed by a blank and a digit
//! ([`may_be_row`], one byte search), and a table only where the line
//! above such a line is a heading.

use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// The parser id.
pub const ID: &str = "hand-rows";

/// The tables of the module docs.
pub struct HandRows;

/// Servers a person names in a table's title for the load a benchmark
/// put on them (`memcached (anon)` over memtier_benchmark's Ops/sec and
/// KB/sec), lower case.
const SERVED: [&str; 8] = ["memcached", "redis", "mysql", "mariadb", "postgres", "postgresql", "mongodb", "nginx"];

/// True when the title's name (`fio (buffered I/O)`) names a benchmark:
/// one of its words is one of [`super::hand_tables::BENCHMARK_NAMES`] or
/// [`SERVED`], or it holds one of those names of two words (`perf bench`).
fn names_benchmark(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let names = &super::hand_tables::BENCHMARK_NAMES;
    lower
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .any(|w| names.contains(&w) || SERVED.contains(&w))
        || names.iter().filter(|b| b.contains(' ')).any(|b| lower.contains(b))
}

/// A patch stack or a version of a series: `patch1-5`, `patches1-9`,
/// `patch2`, `v7`, `v15`, `v1.2`.
fn series_word(l: &str) -> bool {
    let lower = l.to_ascii_lowercase();
    let tail =
        lower.strip_prefix("patches").or_else(|| lower.strip_prefix("patch")).or_else(|| lower.strip_prefix('v'));
    tail.is_some_and(|t| {
        t.starts_with(|c: char| c.is_ascii_digit()) && t.chars().all(|c| c.is_ascii_digit() || c == '-' || c == '.')
    })
}

/// A row's label that names a kernel: a release
/// ([`super::labels::is_kernel_name`]: `5.17-rc2`), a patch stack or a
/// series' version ([`series_word`]: `patch1-5`, `v7`), or a word heading
/// one side of a comparison ([`super::hand_tables::setup_word`]: `base`,
/// `patched`, `vanilla`, `base+patch`).
fn kernel_label(l: &str) -> bool {
    super::labels::is_kernel_name(l) || series_word(l) || super::hand_tables::setup_word(l)
}

/// One cell of a row, read: its value, the step it was printed to where
/// a `k` or `M` scaled it, its glued unit (empty for none).
#[derive(Debug, Clone, PartialEq)]
struct Cell {
    value: f64,
    step: Option<f64>,
    unit: String,
    /// Whether a `k` or `M` scaled it.
    scaled: bool,
}

/// A cell as typed (module docs): `476771.79`; `2242k` → 2,242,000
/// (step 1000), `1.5M` → 1,500,000 (step 100,000); `8759MiB/s` → 8759 in
/// `MiB/s`; `None` for anything else (a sign, a range, `~19`, `12.7GiB/s!`).
fn cell(w: &str) -> Option<Cell> {
    let end = w.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(w.len());
    let (num, suffix) = w.split_at(end);
    if !num.starts_with(|c: char| c.is_ascii_digit()) || num.ends_with('.') {
        return None;
    }
    let value = super::num::plain(num)?;
    let scale = match suffix {
        "k" => Some((1e3, "e3")),
        "M" => Some((1e6, "e6")),
        _ => None,
    };
    if let Some((scale, exponent)) = scale {
        // Read as the decimal typed (`12.7e3`), not a product's remainder.
        let value = super::num::plain(&format!("{num}{exponent}"))?;
        return Some(Cell { value, step: super::num::scaled_step(num, scale), unit: String::new(), scaled: true });
    }
    // `275K`, `1.2G`: a multiplier typed in capitals (fio prints `k`), no
    // unit; whether K is 1000 or 1024 the cell does not say (attack51 F12:
    // `275K` was read as 275 in unit `K`).
    if matches!(suffix, "K" | "G" | "T") {
        return None;
    }
    let unit_ok = suffix.is_empty()
        || (suffix.starts_with(|c: char| c.is_ascii_alphabetic() || c == '%')
            && suffix.chars().all(|c| c.is_ascii_alphabetic() || c == '/' || c == '%'));
    unit_ok.then(|| Cell { value, step: None, unit: suffix.to_string(), scaled: false })
}

/// The per-line gate: a `:` followed by blanks and a digit (`5.17-rc2:
/// 2242k`). One byte search rejects a line without a `:`.
fn may_be_row(t: &str) -> bool {
    memchr::memchr(b':', t.as_bytes()).is_some_and(|at| {
        let rest = &t[at + 1..];
        rest.starts_with([' ', '\t']) && rest.trim_start().starts_with(|c: char| c.is_ascii_digit())
    })
}

/// A row, `5.17-rc2: 2242k  8759MiB/s` (trimmed) → (`5.17-rc2`, its
/// cells as typed): a label of one word with its `:` glued to it, then
/// words each starting with a digit. `None` for another line.
fn row(t: &str) -> Option<(&str, Vec<&str>)> {
    let (label, rest) = t.split_once(':')?;
    if label.is_empty() || label.contains(char::is_whitespace) || !rest.starts_with([' ', '\t']) {
        return None;
    }
    let cells: Vec<&str> = rest.split_whitespace().collect();
    (!cells.is_empty() && cells.iter().all(|c| c.starts_with(|ch: char| ch.is_ascii_digit()))).then_some((label, cells))
}

/// A heading of column names (trimmed): two to eight words, none
/// starting with a digit, none holding a `:`.
fn heading(t: &str) -> Option<Vec<&str>> {
    let words: Vec<&str> = t.split_whitespace().collect();
    ((2..=8).contains(&words.len())
        && words.iter().all(|w| !w.contains(':') && !w.starts_with(|c: char| c.is_ascii_digit())))
    .then_some(words)
}

/// A table found ([`tables`]), 0-based line indexes.
struct Table<'a> {
    columns: Vec<&'a str>,
    /// Each row: its line, label and cells as typed.
    rows: Vec<(usize, &'a str, Vec<&'a str>)>,
    /// The line right above the heading, trimmed, when not blank.
    title: Option<&'a str>,
    /// The block heading the title stands under (`Single workload`).
    setup: Option<&'a str>,
    /// The line the title stands under, less indented (0-based, trimmed),
    /// whether or not it is a set-up: two printings of a row under two
    /// such lines are no row printed again.
    block: Option<(usize, &'a str)>,
}

impl Table<'_> {
    /// The title's name: its words before its first `:` (`fio (buffered
    /// I/O)` of `fio (buffered I/O): +[47, 49]%`).
    fn name(&self) -> Option<&str> {
        let t = self.title?;
        let name = t.split_once(':').map_or(t, |(n, _)| n).trim();
        (!name.is_empty()).then_some(name)
    }

    /// Why the table cannot be read (module docs), or `Ok`.
    fn check(&self) -> Result<Vec<Vec<Cell>>, String> {
        match self.name() {
            None => return Err("no title line right above its heading names its benchmark".into()),
            Some(name) if !names_benchmark(name) => return Err(format!("its title `{name}` names no benchmark")),
            Some(_) => {}
        }
        let odd: Vec<&str> = self.rows.iter().map(|r| r.1).filter(|l| !kernel_label(l)).collect();
        if !odd.is_empty() {
            let shown: Vec<String> = odd.iter().take(3).map(|l| format!("`{l}`")).collect();
            return Err(format!("its rows' labels {} name no kernel (cases, not kernels?)", shown.join(", ")));
        }
        let mut cells: Vec<Vec<Cell>> = Vec::with_capacity(self.rows.len());
        for (line, _, typed) in &self.rows {
            let mut read = Vec::with_capacity(typed.len());
            for w in typed {
                read.push(cell(w).ok_or_else(|| format!("cell `{w}` of line {} is no figure", line + 1))?);
            }
            cells.push(read);
        }
        for (c, column) in self.columns.iter().enumerate() {
            let with_unit = cells.iter().filter(|r| !r[c].unit.is_empty()).count();
            if with_unit != 0 && with_unit != cells.len() {
                return Err(format!("column `{column}` holds figures with a unit and without one"));
            }
            // A column named by its unit (`IOPS`, `Ops/sec`) whose cells carry
            // another (`1075MiB/s`): the figures stand under the wrong
            // column, or the heading is not theirs (attack51 F11).
            let named = column_unit(column);
            if let Some(other) =
                cells.iter().map(|r| &r[c].unit).find(|u| !u.is_empty() && !u.eq_ignore_ascii_case(named))
                && !named.is_empty()
            {
                return Err(format!("column `{column}` holds figures in `{other}`, another unit than its name"));
            }
            let bytes = bytes_unit(column) || cells.iter().any(|r| bytes_unit(&r[c].unit));
            if bytes && cells.iter().any(|r| r[c].scaled) {
                return Err(format!(
                    "column `{column}` is of bytes, where a `k` glued to a figure may be 1000 or 1024"
                ));
            }
        }
        Ok(cells)
    }

    /// The warning of a table not read: its lines, rows, columns, title.
    fn not_read(&self, why: &str) -> (usize, String) {
        let (first, last) = (self.rows[0].0 + 1, self.rows[self.rows.len() - 1].0 + 1);
        let shown =
            |names: &mut dyn Iterator<Item = &str>| names.map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", ");
        let under = self.title.map(|t| format!(" under `{t}`")).unwrap_or_default();
        (
            first,
            format!(
                "lines {first}-{last}: a table typed by hand (rows {}; columns {}){under} was not read: {why}",
                shown(&mut self.rows.iter().map(|r| r.1)),
                shown(&mut self.columns.iter().copied())
            ),
        )
    }
}

/// A column name or unit of bytes: `BW`, `bandwidth`, `KB/sec`, `MiB/s`,
/// `bytes`, `GB`.
fn bytes_unit(s: &str) -> bool {
    let l = s.to_ascii_lowercase();
    let amount = l.split('/').next().unwrap_or("");
    matches!(l.as_str(), "bw" | "bandwidth") || l.contains("byte") || (amount.ends_with('b') && amount.len() <= 3)
}

/// The direction of a column (module docs).
fn better(column: &str, unit: &str) -> Better {
    let (c, u) = (column.to_ascii_lowercase(), unit.to_ascii_lowercase());
    // A rate's name, or one prefixed `k`, `m` or `g` (`kiops`, `mbps`);
    // not any word ending so (`drops`, `loops`: attack51 F10).
    let rate = |s: &str| {
        s.ends_with("/s")
            || s.ends_with("/sec")
            || ["iops", "ops", "bps", "tps", "qps", "rps"]
                .iter()
                .any(|r| s.strip_suffix(r).is_some_and(|p| p.is_empty() || matches!(p, "k" | "m" | "g")))
    };
    let time = |s: &str| matches!(s, "ns" | "nsec" | "us" | "usec" | "µs" | "ms" | "msec" | "s" | "sec" | "secs");
    if rate(&c) || rate(&u) || matches!(c.as_str(), "bw" | "bandwidth" | "throughput" | "tput") {
        Better::Higher
    } else if c.contains("lat") || time(&u) || time(&c) {
        Better::Lower
    } else {
        Better::Neither
    }
}

/// A column of the poster's comparison of the rows (`change`, `diff`,
/// `delta`, `gain`, `speedup`: `0%`, `13%`), derived from the other
/// columns' figures as the title's `+[47, 49]%` is: never a sample
/// (attack51 F9).
fn derived_column(column: &str) -> bool {
    let c = column.to_ascii_lowercase();
    let c = c.trim_start_matches('%');
    matches!(c, "change" | "diff" | "delta" | "gain" | "improvement" | "speedup" | "chg") || column == "Δ"
}

/// The note of a table's derived columns, not read (information).
pub const DERIVED_NOT_READ: &str = "the poster's comparison of the rows, derived from their figures: not read";

/// The unit of a column whose cells carry none: the column's name where
/// it is one (`Ops/sec`, `KB/sec`, `IOPS`), else none.
fn column_unit(column: &str) -> &str {
    if column.contains('/') || column.eq_ignore_ascii_case("iops") { column } else { "" }
}

/// How far a line is indented: the columns its leading blanks take, a tab
/// to the next multiple of eight. A heading whose spaces an editor turned
/// to tabs (`unexpand -a`: `\t\tOps/sec`, two bytes for sixteen columns)
/// stood less indented than the title above it, and was taken for the
/// block heading naming the set-up: the rows' `setup` was lost.
fn indent(l: &str) -> usize {
    let lead = &l[..l.len() - l.trim_start().len()];
    super::input::expand_tabs(lead).chars().count()
}

/// The block heading over the title on line `title` (0-based): the
/// nearest line above it less indented (looked for at most 60 lines up),
/// its index; and the set-up it names, when it is one to four words
/// ending in `:`, not a kernel's name (`Single workload:`, `numjobs=32:`),
/// without its `:`.
fn setup_over(lines: &[String], title: usize) -> (Option<usize>, Option<&str>) {
    let own = indent(&lines[title]);
    let from = title.saturating_sub(60);
    let Some(at) = lines[from..title].iter().rposition(|l| !l.trim().is_empty() && indent(l) < own) else {
        return (None, None);
    };
    let t = lines[from + at].trim();
    let setup = t.strip_suffix(':').map(str::trim).filter(|name| {
        let words = name.split_whitespace().count();
        // A figure in it is a set-up's (`numjobs=32:`, attack51 F13); a
        // kernel's name (`5.17-rc3:`, `v7:`) is not one, nor a run's
        // counter (`Run 2:`, [`run_heading`]).
        (1..=4).contains(&words) && !name.contains(':') && !kernel_label(name) && !run_heading(t)
    });
    (Some(from + at), setup)
}

/// A block heading that counts runs (`Run 1:`, `Run 2:`, `Iteration 3:`,
/// [`super::labels::is_run_marker`]): the rows under it are a run of the
/// set-up the blocks share, never a set-up of their own (attack53 F10:
/// `Run 1` and `Run 2` were two set-ups, never averaged).
fn run_heading(heading: &str) -> bool {
    super::labels::is_run_marker(heading)
}

/// The note on tables under run headings read as runs (information:
/// [`super::note_is_info`]).
pub const RUNS_UNDER_COUNTERS: &str = "each heading counts a run, naming no set-up";

/// Every table of the module's form in `input`, read or not.
fn tables(input: &Input) -> Vec<Table<'_>> {
    let lines = &input.lines;
    let mut out = Vec::new();
    let mut i = 1;
    while i < lines.len() {
        if !may_be_row(lines[i].trim()) {
            i += 1;
            continue;
        }
        let Some(columns) = heading(lines[i - 1].trim()) else {
            i += 1;
            continue;
        };
        let mut rows = Vec::new();
        let mut k = i;
        let mut whole = true;
        while k < lines.len() && !lines[k].trim().is_empty() {
            match row(lines[k].trim()) {
                Some((label, cells)) if cells.len() == columns.len() => rows.push((k, label, cells)),
                // The next block's heading or title, typed with no blank
                // line between (`numjobs=64:`, `Run 2:` under the last row,
                // less indented than every row): the table ends above it.
                // It was taken for a row of no table's form, and the whole
                // block was not read (attack53 F9).
                None if rows.len() >= 2 && rows.iter().all(|r| indent(&lines[k]) < indent(&lines[r.0])) => break,
                _ => {
                    whole = false;
                    break;
                }
            }
            k += 1;
        }
        if whole && rows.len() >= 2 {
            let h = i - 1;
            let title = (h > 0).then(|| lines[h - 1].trim()).filter(|t| !t.is_empty());
            let (block, setup) = if title.is_some() { setup_over(lines, h - 1) } else { (None, None) };
            let block = block.map(|b| (b, lines[b].trim()));
            out.push(Table { columns, rows, title, setup, block });
        }
        i = k.max(i + 1);
    }
    out
}

/// Why the table of this module's form whose first row is on line
/// `first_row` (1-based) of `input` is not read ([`Table::check`]), for
/// `hand_tables`' warning of a table no parser read; `None` where no such
/// table starts there or it is one this module reads.
pub(crate) fn why_not_read(input: &Input, first_row: usize) -> Option<String> {
    tables(input).into_iter().find(|t| t.rows[0].0 + 1 == first_row).and_then(|t| t.check().err())
}

/// What makes two printed cells one: the set-up, the title's name, the
/// row's label and the column.
type CellKey<'a> = (Option<&'a str>, &'a str, &'a str, &'a str);

/// A cell read: its key, its line, its figure as typed and the block
/// heading its table stands under ([`Table::block`]).
type Printed<'a> = (CellKey<'a>, usize, &'a str, Option<(usize, &'a str)>);

impl BenchParser for HandRows {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "tables typed by hand into a mail, `label: figure figure …` rows (one per kernel) under a heading of column \
         names and a title naming the benchmark (Yu Zhao's multi-gen LRU letters, LKML 2022)"
    }

    /// Its first test.
    fn literals(&self) -> &'static [&'static str] {
        &[": "]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has(": ") {
            return 0;
        }
        if tables(input).iter().any(|t| t.check().is_ok()) { 50 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        50
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let found = tables(input);
        let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
        // Each cell read: its key, its line and its figure as typed.
        let mut printed: Vec<Printed> = Vec::new();
        // The run headings (`Run 2:`) whose rows were read as further runs
        // of rows read under another run heading: their line and text.
        let mut runs: Vec<(usize, &str)> = Vec::new();
        for t in &found {
            let cells = match t.check() {
                Ok(cells) => cells,
                Err(why) => {
                    out.notes.push(t.not_read(&why));
                    continue;
                }
            };
            let group = t.name().unwrap_or_default();
            if let Some(column) = t.columns.iter().find(|c| derived_column(c)) {
                let (first, last) = (t.rows[0].0 + 1, t.rows[t.rows.len() - 1].0 + 1);
                out.notes.push((first, format!("column `{column}` of lines {first}-{last} is {DERIVED_NOT_READ}")));
            }
            for ((line, label, typed), read) in t.rows.iter().zip(cells) {
                let mut again: Option<usize> = None;
                let mut differs: Vec<String> = Vec::new();
                // The block heading of an earlier printing under another one.
                let mut elsewhere: Option<Option<(usize, &str)>> = None;
                let mut fresh = 0;
                for ((column, w), c) in t.columns.iter().zip(typed).zip(read) {
                    if derived_column(column) {
                        continue;
                    }
                    let key = (t.setup, group, *label, *column);
                    // Under a run's heading, a printing under another run's
                    // heading is another run of the set-up, not this row again.
                    let other_run = |b: Option<(usize, &str)>| {
                        t.block.is_some_and(|(at, h)| {
                            run_heading(h) && b.is_some_and(|(bt, bh)| bt != at && run_heading(bh))
                        })
                    };
                    if let Some((_, first, was, block)) = printed.iter().find(|p| p.0 == key && !other_run(p.3)) {
                        again = Some(*first);
                        if block.map(|b| b.1) != t.block.map(|b| b.1) {
                            elsewhere = elsewhere.or(Some(*block));
                        }
                        if was != w {
                            differs.push(format!("{column} `{w}` here, `{was}` at line {}", first + 1));
                        }
                        continue;
                    }
                    if let Some((at, h)) = t.block.filter(|(_, h)| run_heading(h))
                        && printed.iter().any(|p| p.0 == key && other_run(p.3))
                        && !runs.iter().any(|r: &(usize, &str)| r.0 == at)
                    {
                        runs.push((at, h));
                    }
                    printed.push((key, *line, w, t.block));
                    fresh += 1;
                    let unit = if c.unit.is_empty() { column_unit(column).to_string() } else { c.unit };
                    let better = better(column, &unit);
                    let mut s = Sample::new(Metric::new(*column, unit, better), c.value, line + 1)
                        .with_group(group)
                        .with_kernel(*label);
                    if let Some(setup) = t.setup {
                        s = s.with_param("setup", setup);
                    }
                    if let Some(step) = c.step {
                        s = s.with_step(step);
                    }
                    out.samples.push(s);
                    if !out.kernel_order.iter().any(|k| k == label) {
                        out.kernel_order.push(label.to_string());
                    }
                }
                let Some(first) = again else { continue };
                if let Some(other) = elsewhere {
                    // Two block headings, one set-up read of them (none): the
                    // rows may be two set-ups' runs, or one run printed twice.
                    let under = |b: Option<(usize, &str)>| {
                        b.map_or_else(|| "no block heading".to_string(), |(at, h)| format!("`{h}` (line {})", at + 1))
                    };
                    out.notes.push((
                        line + 1,
                        format!(
                            "`{label}:` printed under {} and, at line {}, under {}: headings naming no set-up \
                             this parser reads, so whether the two rows are one run or two set-ups is not sure: \
                             line {} not read",
                            under(t.block),
                            first + 1,
                            under(other),
                            line + 1
                        ),
                    ));
                } else if !differs.is_empty() {
                    out.notes.push((
                        line + 1,
                        format!(
                            "`{label}:` printed again under `{}` with other figures ({}): not read, as which \
                             printing is the run is not sure",
                            t.title.unwrap_or_default(),
                            differs.join("; ")
                        ),
                    ));
                } else {
                    if fresh == 0 {
                        out.merged_lines.push(line + 1);
                    }
                    out.notes.push((
                        line + 1,
                        format!(
                            "`{label}:` repeats the row of line {} (one run printed again in a second \
                             comparison): counted once, at line {}",
                            first + 1,
                            first + 1
                        ),
                    ));
                }
            }
        }
        if !runs.is_empty() {
            // The first run's heading: the block whose rows the later runs repeat.
            let first = found
                .iter()
                .filter_map(|t| t.block)
                .find(|(_, h)| run_heading(h))
                .filter(|f| !runs.iter().any(|r| r.0 == f.0));
            let headings: Vec<String> =
                first.iter().chain(&runs).map(|(at, h)| format!("`{h}` (line {})", at + 1)).collect();
            let at = first.map_or(runs[0].0, |f| f.0) + 1;
            out.notes.push((
                at,
                format!(
                    "the rows under {} are read as runs of one set-up, averaged ({RUNS_UNDER_COUNTERS})",
                    headings.join(", ")
                ),
            ));
            out.notes.sort_by_key(|n| n.0);
        }
        if out.samples.is_empty() {
            let why = out.notes.first().map_or_else(
                || "no `label: figure …` rows under a heading of column names".to_string(),
                |(_, n)| n.clone(),
            );
            return Err(ParseError::NoResults { benchmark: ID, reason: why });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Yu Zhao's reply on v9 06/14 (LKML 2022-03-21), quoting the v7
    /// tables at depth 2: read 2242k as 2,242,000 (step 1000), each BW
    /// cell in its own unit, the set-up from `Single workload:`, the
    /// title's change never a sample.
    const QUOTED: &str = "> > Server benchmark results:\n> >   Single workload:\n\
                          > >     fio (buffered I/O): +[47, 49]%\n\
                          > >                 IOPS         BW\n\
                          > >       5.17-rc2: 2242k        8759MiB/s\n\
                          > >       patch1-5: 3321k        12.7GiB/s\n> >\n\
                          > >   Single workload:\n\
                          > >     memcached (anon): +[101, 105]%\n\
                          > >                 Ops/sec      KB/sec\n\
                          > >       5.17-rc2: 476771.79    18544.31\n\
                          > >       patch1-5: 972526.07    37826.95\n> >\n\
                          > >   Configurations:\n> >     CPU: two Xeon 6154\n> >     Mem: total 256G\n";

    fn read(text: &str) -> ParsedFile {
        HandRows.parse(&Input::from_text(text)).expect("read")
    }

    fn row_of(p: &ParsedFile, line: usize) -> Vec<(String, String, f64, String, Option<f64>)> {
        p.samples
            .iter()
            .filter(|s| s.line == line)
            .map(|s| {
                let setup = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(",");
                (
                    format!("{} {}", s.kernel.as_deref().unwrap_or("-"), s.group),
                    format!("{} {}", s.metric.name, s.metric.unit),
                    s.value.mean(),
                    setup,
                    s.step,
                )
            })
            .collect()
    }

    #[test]
    fn label_colon_rows_under_column_names_are_read_with_their_set_up() {
        let input = Input::from_text(QUOTED);
        assert_eq!(HandRows.detect(&input), 50);
        let p = read(QUOTED);
        assert_eq!(p.samples.len(), 8, "{:?}", p.samples);
        assert_eq!(p.kernel_order, ["5.17-rc2", "patch1-5"]);
        let fio = "fio (buffered I/O)".to_string();
        let single = "setup=Single workload".to_string();
        assert_eq!(
            row_of(&p, 5),
            [
                (format!("5.17-rc2 {fio}"), "IOPS IOPS".into(), 2_242_000.0, single.clone(), Some(1000.0)),
                (format!("5.17-rc2 {fio}"), "BW MiB/s".into(), 8759.0, single.clone(), None),
            ]
        );
        assert_eq!(row_of(&p, 6)[1], (format!("patch1-5 {fio}"), "BW GiB/s".into(), 12.7, single.clone(), None));
        assert_eq!(
            row_of(&p, 12)[0],
            ("patch1-5 memcached (anon)".into(), "Ops/sec Ops/sec".into(), 972526.07, single, None)
        );
        assert!(p.samples.iter().all(|s| s.metric.better == Better::Higher));
        // The title's range (line 3) and the configuration lines are no samples.
        assert!(p.samples.iter().all(|s| s.line != 3 && s.line < 13), "{:?}", p.samples);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    /// v7 08/12: two `Mixed workloads:` comparisons print patch1-8's
    /// rows twice: one run, counted once (the second printing read into
    /// the first's samples); with other figures, a warning, not read.
    /// patch1-7's memcached under `Mixed workloads` is a set-up of its own.
    #[test]
    fn a_row_printed_again_in_a_second_comparison_counts_once() {
        let text = "Server benchmark results:\n  Mixed workloads:\n    fio (buffered I/O): -[28, 30]%\n\
                    \x20               IOPS         BW\n      patch1-7: 3117k        11.9GiB/s\n\
                    \x20     patch1-8: 2217k        8661MiB/s\n\n  Mixed workloads:\n    fio (buffered I/O): -[4, 6]%\n\
                    \x20               IOPS         BW\n      5.17-rc2: 2338k        9133MiB/s\n\
                    \x20     patch1-8: 2217k        8661MiB/s\n";
        let p = read(text);
        assert_eq!(p.samples.iter().filter(|s| s.kernel.as_deref() == Some("patch1-8")).count(), 2);
        assert!(row_of(&p, 12).is_empty());
        assert_eq!(p.merged_lines, [12]);
        assert_eq!(p.notes.len(), 1);
        assert!(p.notes[0].1.contains("repeats the row of line 6"), "{:?}", p.notes);
        assert!(super::super::note_is_info(&p.notes[0].1));
        assert!(p.samples.iter().all(|s| s.params[0].value == "Mixed workloads"));
        // Other figures the second time: not read, a warning.
        let other = format!("{}2218k        8661MiB/s\n", text.rsplit_once("2217k        8661MiB/s\n").unwrap().0);
        let p = read(&other);
        assert!(row_of(&p, 12).is_empty() && p.merged_lines.is_empty());
        assert!(p.notes[0].1.contains("printed again") && p.notes[0].1.contains("`2218k` here, `2217k` at line 6"));
        assert!(!super::super::note_is_info(&p.notes[0].1), "{:?}", p.notes);
    }

    /// attack51 F13: block headings with a figure (`numjobs=32:`) are two
    /// set-ups, each row read under its own; headings of which no set-up
    /// is read (five words) are a warning naming both lines, never one run
    /// counted once.
    #[test]
    fn two_block_headings_are_two_set_ups_or_a_warning() {
        let block = |h: &str, v7: &str| {
            format!(
                "  {h}:\n    fio (buffered I/O): +13%\n                IOPS         BW\n\
                 \x20     5.17-rc3: 275k         1075MiB/s\n            v7: {v7}         1222MiB/s\n"
            )
        };
        let text = format!("Results:\n{}\n{}", block("numjobs=32", "313k"), block("numjobs=64", "333k"));
        let p = read(&text);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
        assert_eq!(p.samples.len(), 8);
        assert_eq!(row_of(&p, 11)[0].3, "setup=numjobs=64");
        assert_eq!(row_of(&p, 12)[0].2, 333_000.0);
        assert_eq!(row_of(&p, 5)[0].3, "setup=numjobs=32");
        // A kernel's name heading the block is no set-up.
        assert_eq!(setup_over(&["v7:".into(), "  fio:".into()], 1), (Some(0), None));
        let text = format!(
            "Results:\n{}\n{}",
            block("With thirty two jobs running now", "313k"),
            block("With sixty four jobs running now", "313k")
        );
        let p = read(&text);
        assert_eq!(p.samples.len(), 4, "{:?}", p.samples);
        assert_eq!(p.notes.len(), 2, "{:?}", p.notes);
        assert!(
            p.notes[0].1.starts_with(
                "`5.17-rc3:` printed under `With sixty four jobs running now:` (line 8) and, at line 5, under \
                 `With thirty two jobs running now:` (line 2)"
            ) && p.notes[0].1.ends_with("line 11 not read"),
            "{:?}",
            p.notes
        );
        assert!(!super::super::note_is_info(&p.notes[1].1));
    }

    /// Yu Zhao's answer to Alexey Avramov (LKML 2022-02-12): labels
    /// aligned right (`      v7: 313k`), a plain change in the title.
    #[test]
    fn labels_aligned_right_and_a_series_version_are_kernels() {
        let text = "  Mixed workloads:\n    fio (buffered I/O): +13%\n                IOPS         BW\n\
                    \x20     5.17-rc3: 275k         1075MiB/s\n            v7: 313k         1222MiB/s\n";
        let p = read(text);
        assert_eq!(p.kernel_order, ["5.17-rc3", "v7"]);
        assert_eq!(row_of(&p, 5)[0].2, 313_000.0);
    }

    /// Must NOT read: rows of cases (`seq:`), a title naming no benchmark,
    /// no title, `k` glued in a column of bytes, a column of figures
    /// with and without units, a configuration's `CPU: two Xeon 6154`.
    #[test]
    fn tables_it_cannot_file_are_warnings_never_read_in_part() {
        let cases = [
            ("fio randread:\n      IOPS   BW\nseq:  123k   456MiB/s\nrand: 78k    90MiB/s\n", "name no kernel"),
            ("Results:\n      IOPS   BW\n6.1:  123k   456MiB/s\n6.2:  78k    90MiB/s\n", "names no benchmark"),
            ("\n      IOPS   BW\n6.1:  123k   456MiB/s\n6.2:  78k    90MiB/s\n", "no title line"),
            ("fio:\n      IOPS   BW\n6.1:  123k   456k\n6.2:  78k    90k\n", "of bytes"),
            ("fio:\n      IOPS   BW\n6.1:  123k   456MiB/s\n6.2:  78k    90\n", "with a unit and without"),
        ];
        for (text, why) in cases {
            let input = Input::from_text(text);
            assert_eq!(HandRows.detect(&input), 0, "{text}");
            let Err(ParseError::NoResults { reason, .. }) = HandRows.parse(&input) else { panic!("{text}") };
            assert!(reason.contains(why) && reason.contains("lines 3-4: a table typed by hand"), "{reason}");
        }
        // Where no table of the file is read, `hand_tables` names it, and why.
        let warned = super::super::hand_tables::unread_tables(&Input::from_text(cases[0].0), &[], &[]);
        assert!(
            warned[0].1.ends_with("was not read: its rows' labels `seq`, `rand` name no kernel (cases, not kernels?)"),
            "{warned:?}"
        );
        // One table read, the other a warning naming its lines.
        let p =
            read(&format!("{QUOTED}\nfio randread:\n      IOPS   BW\nseq:  123k   456MiB/s\nrand: 78k    90MiB/s\n"));
        assert_eq!(p.samples.len(), 8);
        assert_eq!(p.notes.len(), 1);
        assert!(p.notes[0].1.starts_with("lines 20-21: a table typed by hand (rows `seq`, `rand`"), "{:?}", p.notes);
        // Configuration lines under no heading of columns.
        assert_eq!(HandRows.detect(&Input::from_text("Configurations:\n  CPU: two Xeon 6154\n  Mem: 256 GB\n")), 0);
    }

    /// attack51 F9-F12: a column of the poster's changes is not read; a
    /// `drops` column is no rate; a column named by its unit holding
    /// another's figures, and a capital `K`, are warnings.
    #[test]
    fn derived_columns_and_cells_in_another_unit() {
        let p = read("fio (buffered I/O): +13%\n      IOPS   change\n6.1:  275k   0%\n6.2:  313k   13%\n");
        assert_eq!(p.samples.iter().map(|s| s.metric.name.as_str()).collect::<Vec<_>>(), ["IOPS", "IOPS"]);
        assert!(p.notes[0].1.contains("column `change` of lines 3-4"), "{:?}", p.notes);
        assert!(super::super::note_is_info(&p.notes[0].1));
        assert_eq!(better("drops", ""), Better::Neither);
        assert_eq!(better("loops", ""), Better::Neither);
        assert_eq!(better("kiops", ""), Better::Higher);
        assert_eq!(better("Mbps", ""), Better::Higher);
        for (text, why) in [
            ("fio:\n      IOPS   BW\n6.1:  1075MiB/s   275\n6.2:  1222MiB/s   313\n", "holds figures in `MiB/s`"),
            ("fio:\n      IOPS   BW\n6.1:  275K   1075MiB/s\n6.2:  313K   1222MiB/s\n", "cell `275K` of line 3"),
        ] {
            let input = Input::from_text(text);
            assert_eq!(HandRows.detect(&input), 0, "{text}");
            let Err(ParseError::NoResults { reason, .. }) = HandRows.parse(&input) else { panic!("{text}") };
            assert!(reason.contains(why), "{reason}");
        }
    }

    #[test]
    fn cells_as_typed() {
        let c = cell("2242k").unwrap();
        assert_eq!((c.value, c.step, c.unit.as_str()), (2_242_000.0, Some(1000.0), ""));
        let c = cell("12.7GiB/s").unwrap();
        assert_eq!((c.value, c.step, c.unit.as_str()), (12.7, None, "GiB/s"));
        assert_eq!(cell("1.5M").map(|c| (c.value, c.step)), Some((1_500_000.0, Some(100_000.0))));
        assert_eq!(cell("12.7k").map(|c| c.value), Some(12_700.0));
        for no in ["-3", "~19", "10-11MB/s", "3.", "5/s", "12.7GiB/s!"] {
            assert_eq!(cell(no), None, "{no}");
        }
        assert!(series_word("patch1-5") && series_word("v7") && series_word("v1.2") && !series_word("vanilla"));
        assert!(kernel_label("5.17-rc2") && kernel_label("base+patch") && !kernel_label("seq"));
        assert_eq!(better("Lat", "ms"), Better::Lower);
        assert_eq!(better("Avg", ""), Better::Neither);
    }
}
