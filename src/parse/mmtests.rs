//! mmtests' comparison tables: the output of `compare-kernels.sh` /
//! `bin/compare-mmtests.pl` (github.com/gormanm/mmtests,
//! `bin/lib/MMTests/Compare.pm`), the most common benchmark table in
//! LKML and linux-mm cover letters since about 2013 (Mel Gorman's, and
//! many others' who run mmtests).
//!
//! ```text
//! hackbench-process-pipes
//!                                5.6.0-rc1              5.6.0-rc1              5.6.0-rc1
//!                              baseline-v3             loadavg-v3              lbidle-v3
//! Hmean     tput-1     43593.49 (   0.00%)    41616.85 (  -4.53%)    43657.25 (   0.15%)
//! Hmean     tput-2     95692.84 (   0.00%)    93196.89 *  -2.61%*    92287.78 *  -3.56%*
//!
//!                                       5.6.0-rc1      5.6.0-rc1      5.6.0-rc1
//!                                     baseline-v3     loadavg-v3      lbidle-v3
//! Ops NUMA alloc hit                    878062.00      882981.00      957762.00
//! ```
//!
//! **Rows.** `<statistic> <operation>` (`Hmean tput-1`, `Amean 1`,
//! `BAmean-99 send-64`, `Stddev fault-both-1`, `Lat 99.9th-qrtle-32`), then
//! per column a value (`%{width}.{precision}f`) and its change against the
//! first column, `(%7.2f%)`: `( -4.53%)`, or `*…*` in place of the
//! brackets where mmtests found the difference significant. The first
//! column is the baseline (`(   0.00%)`). mmtests signs each change so
//! that a negative one is worse: `pdiff` (`v*100/base - 100`) for a
//! higher-is-better operation, `pndiff` (`100 - v*100/base`) for a
//! lower-is-better one (`Stat.pm`; `Stddev` and `CoeffVar` always
//! `pndiff`).
//!
//! **Header.** One or two lines right above the rows (one blank line
//! between allowed), each with one word per column, right-aligned over
//! it: the first line each column's kernel version, the second its run's
//! name (mmtests cuts each run's name at its first `-` after any `-rcN`:
//! `5.6.0-rc1-baseline-v3` prints `5.6.0-rc1` over `baseline-v3`; a name
//! with no `-` prints itself less its last letter over itself, `baselin`
//! over `baseline`: the whole name, the line under it). A header word must end over its column (past the row's name, or
//! past the change of the column before; further right where a wide name
//! pushed it): a title or a sentence of as many words as there are columns
//! (`netperf UDP`, `Netperf results:`) is not a header. mmtests pads each name to its column's width and prints a wider
//! one whole, so a name as wide as its column is glued to the one before
//! it (`vanillasched-scalewakegran-v2r5`): such a line is cut at the
//! widths the line of versions over it gives. A header line of names
//! holding a blank, two blanks or more apart (`6.9-rc2(with ">")
//! 6.9.0-rc2(with ">=")`: a poster's own run names), has one name a
//! column, each whole. A title line right above the header (`netperf-udp`,
//! `hackbench-process-pipes`: at most six words) is the table's group.
//!
//! **Sample.** Group: the title, or empty; metric: `<statistic>
//! <operation>` as printed (`Hmean tput-1`), no unit (mmtests prints
//! none); kernel: the column's run as mmtests named it, its version (the
//! first header line, `./` dropped) and its run name (the second) joined
//! again by the `-` mmtests cut them at: `5.6.0-rc1` over `baseline-v3` is
//! the kernel `5.6.0-rc1-baseline-v3` ([`build`]). A column is a kernel
//! BUILD (a patched kernel is another kernel, as `2.5.33-mm1` is), so the
//! site compares what the table compares: its columns, mostly run names of
//! one version, the first (mmtests' `0.00%`) the file's base
//! (`kernel_order`), `vanilla` of `4.19.0` apart from `vanilla` of
//! `4.20.0-rc1`. A header of one line names each column's
//! kernel, as `pct-table` reads its one header line (`nouclamp  uclamp`,
//! `base  shared_runq`: the file goes in the class's directory), but where
//! its names are the run names of a two-line header above in the file
//! (`vanilla  sched-numaimb-v5r12` under `5.17.0-rc0` over `vanilla
//! sched-numaimb-v5`, a revision suffix `rN` allowed): then its columns take
//! those runs' kernel and label, with a note (`runs_named_again`). So does
//! a header whose first line is one word over every column that is no
//! kernel version (`thp  thp  thp  thp` over `base1  base2  lru1  lru2`:
//! runs named `thp-base1` …, the configuration's name before the `-`):
//! that word names no kernel, the run names
//! are the columns' kernels, and the file goes in the machine class's
//! directory, not a kernel's (one version repeated, `5.6.0-rc1` ×3, is
//! that kernel's, the run names its labels). First-line words none of
//! which is a kernel version (`initial  last  penup` over `good-v5.8
//! bad-v5.9 …`, a bisection's run names cut at their first `-`) name no
//! kernel either: each column is filed under its run's whole name
//! (`initial-good-v5.8`). Each
//! value is a statistic mmtests printed over runs it does not count here
//! (a harmonic or arithmetic mean, a deviation, a minimum): read as a
//! single value.
//!
//! **Direction.** From the changes: where a column's value differs from
//! the baseline's, a change of its sign says higher is better, of the
//! other sign lower; a row whose columns disagree, or equal the
//! baseline, has none (a note). mmtests' `*` (its own significance test)
//! is not ours and is not read, but counted in an information note.
//!
//! **Tables without changes** (`Ops NUMA alloc hit  878062.00 …`,
//! `Duration User  1234.56 …`, under their own header) are read as
//! informational (no direction), their name whole (`Ops NUMA alloc hit`).
//!
//! **No data.** Where mmtests has no result for a column (or the
//! baseline), `Compare.pm` prints the value 0 and the change 0: `0.00 (
//! 0.00%)`. Such a cell over a baseline that is not 0 (no data, or a real
//! 0 of a higher-is-better figure, which `pdiff` also gives 0%: the
//! table does not say which), or a baseline `0.00` under other columns'
//! values with `0.00%` (a real 0 baseline gives them 100% or -99%), is
//! not read, with a warning naming line and column; a row of zeros
//! throughout is read as zeros. So is `0.00 (100.00%)` over a baseline
//! that is not 0 (`pndiff` gives a 0 100%: no data, or a real 0 of a
//! lower-is-better figure), and a baseline `0.00` under a column's value
//! (its change 100% or -99% over either): [`no_data`].
//!
//! **Configurations.** A line naming an mmtests configuration
//! (`config-global-dhp__workload_thpfioscale XFS (no special madvise)`)
//! puts the tables below it in a group of that name ([`config_name`]).
//! Rows of figures a blank line under a table, with no header of their
//! own, continue a table without changes and are not read under one with
//! changes, each with a warning ([`headerless_block`]).
//!
//! **Posters' additions.** A caption word over the rows' names in a
//! one-line header (`kernel  good  good + series`) names no column
//! ([`captioned_names`]); a title underlined by a rule (`tbench4
//! Throughput` over `=====`) is the group as a title is; a set-up line in
//! brackets over a block of rows (`(SNC on)` under the header, `(SNC off)`
//! right under the block's last row) labels the block's values with its
//! words (`label`), the second block under the first's header, with a
//! warning naming the line ([`setup_line`]).
//!
//! **Damage.** A row with changes that does not read (a cell that is not
//! a number, fewer cells than the header names), a row without changes
//! inside a table with them, and a row of a table without changes that
//! does not read (`Ops NUMA alloc miss  nan  0.00`) are each a warning
//! naming the line, never a silent drop, and the rows below are still
//! read under the table's header. A header whose word count is not the
//! table's column count names no column: each is labelled `column N`,
//! with a warning. A column naming the same kernel and run as an earlier
//! one is not read (a warning). Each value is a statistic over runs, so
//! nothing is averaged: a row printed twice in one table keeps its second
//! copy apart with a `row` parameter (`line N`), and a block after a blank
//! line that names the table's rows again is a table of its own under the
//! same header (a `table` parameter), each with a warning; a block of new
//! rows after one blank line continues the table.
//!
//! **Quoted-printable.** A mail saved in its transfer encoding breaks a
//! long line with a soft break (`=`); [`Input`] joins it and leaves the
//! line under it empty. Such a line is no line of the table: no blank
//! line between a header and its rows, between a table's blocks or above
//! a title ([`above`]), so a header whose lines the encoder broke
//! (`6.2.0-rc4 =` over `6.2.0-rc4`, Punit Agrawal's per-VMA locks tests,
//! 2023-02) names its columns as it does decoded.

use super::labels::is_kernel_name;
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};
use std::collections::{HashMap, HashSet};

/// mmtests' compare-kernels tables; registry id `"mmtests"`.
pub struct Mmtests;

const ID: &str = "mmtests";

/// The most words a title line over a header has.
const MAX_TITLE_WORDS: usize = 6;

/// One cell of a row with changes.
#[derive(Debug, Clone, Copy)]
struct Cell {
    value: f64,
    pct: f64,
    starred: bool,
}

/// What a line reads as.
enum Line {
    /// `Hmean  tput-1  43593.49 (   0.00%)  41616.85 (  -4.53%)`.
    Pct(String, Vec<Cell>),
    /// A line with a change cell that does not read: why.
    Bad(&'static str),
    /// Anything else.
    Other,
}

impl BenchParser for Mmtests {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "mmtests' compare-kernels tables (`Hmean  tput-1  43593.49 (   0.00%)  41616.85 (  -4.53%)`)"
    }

    /// The literals its first test asks for.
    fn literals(&self) -> &'static [&'static str] {
        &["0.00%)", "0.00%*"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has("0.00%)") && !input.has("0.00%*") {
            return 0;
        }
        let base_row = |l: &str| matches!(pct_line(l), Line::Pct(_, ref c) if c[0].pct == 0.0);
        if input.numbered().any(|(_, l)| base_row(l)) {
            return 85;
        }
        match rewrapped(input) {
            Some((input, _)) if input.numbered().any(|(_, l)| base_row(l)) => 85,
            _ => 0,
        }
    }

    /// 85, pct-table's: a mail with both tables is detected as the one
    /// registered first (pct-table); each table is read by its parser.
    fn max_score(&self) -> u8 {
        85
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        super::read_rejoined(input, rewrapped, parse_all, |row| {
            format!(
                "the change on this line is the rest of line {row}'s row, wrapped by a mail's line length: read as one row"
            )
        })
    }

    /// A row with changes ends in `%)` or `%*`: its last figure is whole.
    fn last_figure_complete(&self, input: &Input) -> bool {
        input.lines.last().is_some_and(|l| {
            let t = l.trim_end();
            t.ends_with("%)") || t.ends_with("%*")
        })
    }
}

/// The input with each row a mailer's wrap at 72 or 76 columns broke
/// inside a change rejoined (linux-mm 2024-08, Suren's per-VMA lock RFC
/// re-wrapped: `Hmean  faults/cpu-4  434571.7116 (   0.00%)  431214.3974 *`
/// / `-0.77%*`; no row read whole, the 32 figures were lost with no
/// word): a line that is no row alone, whose next line begins with no
/// letter (no row's name) and completes it as a row of the same name.
/// The next line is left empty, as a soft break leaves it
/// ([`Input::joined_away`]). With the (row, rest) line numbers of each
/// rejoined; `None` where no row was wrapped.
fn rewrapped(input: &Input) -> Option<(Input, Vec<(usize, usize)>)> {
    if !input.has("%*") && !input.has("%)") {
        return None;
    }
    let mut r = input.rejoining();
    for i in 0..r.lines.len().saturating_sub(1) {
        let (t, next) = (r.lines[i].trim_end(), r.lines[i + 1].trim());
        if r.is_away(i)
            || !matches!(pct_line(t), Line::Bad(_))
            || next.is_empty()
            || next.starts_with(|c: char| c.is_alphabetic())
        {
            continue;
        }
        let joined = format!("{t} {next}");
        if let (Line::Pct(name, _), Some(first)) = (pct_line(&joined), t.split_whitespace().next())
            && name.starts_with(first)
        {
            r.join(i, i + 1, joined);
        }
    }
    r.finish_with_joins()
}

/// Reads a line as a row with changes ([`Line`]).
fn pct_line(t: &str) -> Line {
    let t = t.trim();
    if !t.contains("%)") && !t.contains("%*") {
        return Line::Other;
    }
    let Some(mark) = t.find(['(', '*']) else { return Line::Other };
    let before = t[..mark].trim_end();
    // After the last blank, whatever its width (a U+2008 in junk is 3 bytes).
    let Some(value_at) = before.char_indices().rev().find(|(_, c)| c.is_whitespace()).map(|(i, c)| i + c.len_utf8())
    else {
        return Line::Other;
    };
    let name_words: Vec<&str> = before[..value_at].split_whitespace().collect();
    if name_words.len() < 2 || !name_words[0].starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Line::Other;
    }
    let mut rest = &t[value_at..];
    let mut cells = Vec::new();
    loop {
        rest = rest.trim_start();
        // A poster's own `*` after the cells (AMD's EEVDF mail, LKML
        // 2023-03-22, marks its regressions so): passed over, as
        // `pct-table` passes it over (archive46 R2: such rows were not read).
        if rest.is_empty() || (cells.len() >= 2 && rest == "*") {
            break;
        }
        let end = rest.find(|c: char| c.is_whitespace() || c == '(' || c == '*').unwrap_or(rest.len());
        let Some(value) = plain(&rest[..end]) else { return Line::Bad("a value before its change") };
        rest = rest[end..].trim_start();
        let (open, close) = match rest.chars().next() {
            Some('(') => ('(', ')'),
            Some('*') => ('*', '*'),
            _ => return Line::Bad("a change after the value, `(  -4.53%)` or `*  -2.61%*`"),
        };
        rest = &rest[open.len_utf8()..];
        let Some(shut) = rest.find(close) else { return Line::Bad("a change closed by `)` or `*`") };
        let Some(pct) = rest[..shut].trim().strip_suffix('%').and_then(plain) else {
            return Line::Bad("a change in percent, `-4.53%`");
        };
        cells.push(Cell { value, pct, starred: open == '*' });
        rest = &rest[shut + close.len_utf8()..];
    }
    Line::Pct(name_words.join(" "), cells)
}

/// A row of a table without changes: a name and `columns` figures. A
/// name with a word ending in a comma is prose, no row (aim9's banner
/// `AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996`
/// under its `kernel-2.6.1-rc1` line, read as a one-column table of
/// 1996, seg54), and one ending in a colon is a key and its value
/// (pgbench's `number of clients: 24`, stress-ng's YAML `epoch-secs:
/// 1522903341`, read as rows under another output's lines, glued55). A
/// name holding a question or an exclamation is prose too (`Maybe it
/// has something to do with NUMA? The system I'm running has 2`, a line
/// of a reply wrapped at 72 columns before its `NUMA nodes`, read as a
/// one-column table under GNU time's lines above).
fn plain_line(t: &str, columns: usize) -> Option<(String, Vec<f64>)> {
    let words: Vec<&str> = t.split_whitespace().collect();
    if words.len() <= columns || !words[0].starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let name = &words[..words.len() - columns];
    if name.iter().any(|w| w.ends_with([',', '?', '!'])) || name.last().is_some_and(|w| w.ends_with(':')) {
        return None;
    }
    let (name, figures) = words.split_at(words.len() - columns);
    if name.iter().any(|w| plain(w).is_some()) && plain(name[name.len() - 1]).is_some() {
        return None;
    }
    let values: Option<Vec<f64>> = figures.iter().map(|w| plain(w)).collect();
    Some((name.join(" "), values?))
}

/// A header line of `columns` words (none a figure or in brackets).
fn header_words(t: &str, columns: usize) -> Option<Vec<String>> {
    let words: Vec<&str> = t.split_whitespace().collect();
    let ok = words.len() == columns
        && !words.iter().all(|w| plain(w).is_some())
        && words.iter().all(|w| !w.contains(['(', ')', '%']))
        && pct_line(t).is_other();
    ok.then(|| words.iter().map(|w| w.trim_start_matches("./").to_string()).collect())
}

/// The names of a header line whose names hold a blank, each apart from
/// the next by two blanks or more (`6.9-rc2(with ">")      6.9.0-rc2(with
/// ">=")` over hackbench's rows, a linux-mm patch of 2024-04: a poster's
/// own run names, typed in mmtests' header): one name a column, of at most
/// three words, the line no title (no `%`, not every name a figure), each
/// name ending past the column's bound in the rows below. `None` unless
/// the line so cut has `columns` names and some name holds a blank (else
/// [`header_words`] read it).
fn spaced_names(t: &str, row: &str, columns: usize) -> Option<Vec<String>> {
    if t.contains('\t') || t.contains('%') || !pct_line(t).is_other() {
        return None;
    }
    let lead = t.len() - t.trim_start().len();
    // Each name with the byte offset of its end.
    let mut names: Vec<(usize, &str)> = Vec::new();
    let mut at = lead;
    for part in t[lead..].trim_end().split("  ") {
        if !part.trim().is_empty() {
            let start = at + (part.len() - part.trim_start().len());
            names.push((start + part.trim().len(), part.trim()));
        }
        at += part.len() + 2;
    }
    let ok = names.len() == columns
        && names.iter().any(|(_, n)| n.contains(' '))
        && names.iter().all(|(_, n)| n.split_whitespace().count() <= 3)
        && !names.iter().all(|(_, n)| plain(n).is_some());
    if !ok {
        return None;
    }
    // Aligned over the columns: each name ends past its column's bound.
    if let Some(bounds) = column_bounds(row, columns) {
        let chars = |b: usize| t[..b].chars().count();
        if !names.iter().zip(&bounds).all(|((end, _), b)| chars(*end) > *b) {
            return None;
        }
    }
    Some(names.iter().map(|(_, n)| n.to_string()).collect())
}

/// The run names of a header line that first titles the row's name
/// (`Test  Metric  Parallelism  tip  eevdf` over `unixbench-dhry2reg
/// Hmean  unixbench-dhry2reg-1  49077561.21 (   0.00%) …`, AMD's EEVDF
/// mail, LKML 2023-03-22; archive46 R2: its columns were labelled
/// `column N` and filed under no kernel): its last `columns` words, where
/// its first are as many as the words of `row`'s name, each capitalized
/// and no kernel's name. `None` otherwise.
fn titled_names(t: &str, row: &str, columns: usize) -> Option<Vec<String>> {
    let Line::Pct(name, _) = pct_line(row) else { return None };
    let words: Vec<&str> = t.split_whitespace().collect();
    let lead = name.split_whitespace().count();
    if words.len() != lead + columns
        || !words[..lead].iter().all(|w| w.starts_with(|c: char| c.is_ascii_uppercase()) && !is_kernel_name(w))
    {
        return None;
    }
    header_words(&words[lead..].join(" "), columns)
}

/// The names of a header line whose first word is a caption over the
/// rows' names (`kernel  good  good + series` over `Hmean  send-64
/// 346.45 (   0.00%)  346.53 (   0.02%)`, K Prateek Nayak's netperf tables
/// in a netdev mail of 2022-10: the columns were labelled `column N`,
/// wildmod55): the word `kernel` (or `kernels`, any case), ending over the
/// row's name (left of the first column's bound); the rest of the line
/// names the columns as [`header_words`] (aligned) or [`spaced_names`]
/// read a header. `None` otherwise: any word of letters was too many, and
/// uperf's `Completed handshake phase 1` over `Starting handshake phase 2`
/// below an mmtests table made a table of one column `handshake phase 1`
/// (the pairs harness, the lead in session 55).
fn captioned_names(t: &str, row: &str, columns: usize) -> Option<Vec<String>> {
    let bounds = column_bounds(row, columns)?;
    let lead = t.len() - t.trim_start().len();
    let first = t[lead..].split_whitespace().next()?;
    let end = lead + first.len();
    let width = t[..end].chars().count();
    let caption = first.eq_ignore_ascii_case("kernel") || first.eq_ignore_ascii_case("kernels");
    if width > bounds[0] || !caption {
        return None;
    }
    let rest = format!("{}{}", " ".repeat(width), &t[end..]);
    header_words(&rest, columns).filter(|_| aligned(&rest, row, columns)).or_else(|| spaced_names(&rest, row, columns))
}

/// A set-up line in brackets over a block of rows (`(SNC on)` between a
/// header and its rows, `(SNC off)` between two blocks of the same rows,
/// Abel Wu's hackbench and tbench tables, LKML 2022-09: the blocks were
/// read as two tables without a header, `column N`, wildmod55): the words
/// inside, at most four, a letter among them, no bracket or `%` inside.
fn setup_line(t: &str) -> Option<String> {
    let inner = t.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
    let ok = !inner.is_empty()
        && inner.split_whitespace().count() <= 4
        && inner.chars().any(char::is_alphabetic)
        && !inner.contains(['(', ')', '%']);
    ok.then(|| inner.to_string())
}

/// A rule under a title (`=========` under `kernbench`, `-----`): one
/// character, `=`, `-` or `~`, three times or more, nothing else.
fn is_underline(t: &str) -> bool {
    let t = t.trim();
    t.len() >= 3 && ['=', '-', '~'].iter().any(|&c| t.chars().all(|x| x == c))
}

/// The run names of a header line that has fewer words than `columns`
/// because a name as wide as its column or wider was glued to the one
/// before it (`vanillasched-scalewakegran-v2r5 sched-moveforward-v1r1`
/// under three `5.15.0-rc1`, Mel Gorman's LKML mail of 2021-10): mmtests
/// prints each name right-aligned in its column's width (`%{w}s`), a name
/// wider than that in full, pushing the rest right. The widths are those
/// of the `versions` line over it (each version's end less the one
/// before's). Cut so, each name fills its column from its first letter to
/// the column's end, or, where it starts at the column's start (no room
/// to pad: as wide or wider), runs to the next blank, at least the
/// column's width. `None` unless every
/// column gets one name of no blank, figure, bracket or `%`, and nothing
/// is left after the last. With the names, whether the cut is in doubt: a
/// padded name starting left of its version's first letter is wider than
/// the version and may be wider than its column too (`mmotm-20181210`
/// over `4.20.0-rc6`, glued to `noremote-v2r14` under Duration's narrower
/// columns, Mel Gorman's linux-mm mail of 2018-12-22: cut so,
/// `mmotm-201812` and `10noremote-v2r14`).
fn glued_names(versions: &str, names: &str, columns: usize) -> Option<(Vec<String>, bool)> {
    if versions.contains('\t') || names.contains('\t') {
        return None;
    }
    let v: Vec<char> = versions.trim_end().chars().collect();
    let ends: Vec<usize> =
        (1..=v.len()).filter(|&k| !v[k - 1].is_whitespace() && v.get(k).is_none_or(|c| c.is_whitespace())).collect();
    if ends.len() != columns {
        return None;
    }
    let line: Vec<char> = names.trim_end().chars().collect();
    let mut at = 0;
    let mut out = Vec::with_capacity(columns);
    let mut doubtful = false;
    for (c, &end) in ends.iter().enumerate() {
        let width = end - if c == 0 { 0 } else { ends[c - 1] };
        let start = (at..line.len()).find(|&k| !line[k].is_whitespace())?;
        let stop = if start > at {
            // Padded: the name ends at the column's end.
            let stop = at + width;
            if stop <= start || stop > line.len() || line[start..stop].iter().any(|c| c.is_whitespace()) {
                return None;
            }
            // The version's first letter: the first non-blank of its column.
            // The first column's width holds the rows' names too: a name
            // there starting left of its version may be wider than its
            // value's column (a later column's long name is padded so).
            let version_start = (end - width..end).find(|&k| !v[k].is_whitespace()).unwrap_or(end);
            doubtful |= c == 0 && start < version_start;
            stop
        } else {
            // Unpadded: as wide as its column or wider (`%{w}s` pads a
            // narrower name).
            let stop = (start..line.len()).find(|&k| line[k].is_whitespace()).unwrap_or(line.len());
            if stop - start < width {
                return None;
            }
            stop
        };
        let name: String = line[start..stop].iter().collect();
        if plain(&name).is_some() || name.contains(['(', ')', '%']) {
            return None;
        }
        out.push(name.trim_start_matches("./").to_string());
        at = stop;
    }
    (at == line.len()).then_some((out, doubtful))
}

/// Whether each of a header line's words ends over its column of `row`
/// (or right of it: mmtests prints a name wider than its column whole,
/// pushing the rest right), as mmtests right-aligns a header word over its
/// cell (`%{w}s`): the word's end past the end of what stands before the
/// column's value (the row's name, the change before). A title or a
/// sentence of as many words as there are columns (`netperf UDP`,
/// `Netperf results:`) ends its first word over the row's name. Lines
/// with tabs are not measured (true).
fn aligned(header: &str, row: &str, columns: usize) -> bool {
    if header.contains('\t') || row.contains('\t') {
        return true;
    }
    let Some(bounds) = column_bounds(row, columns) else { return true };
    let h: Vec<char> = header.chars().collect();
    let ends: Vec<usize> =
        (1..=h.len()).filter(|&k| !h[k - 1].is_whitespace() && h.get(k).is_none_or(|c| c.is_whitespace())).collect();
    ends.len() == columns && ends.iter().zip(&bounds).all(|(e, b)| e > b)
}

/// Where (in characters) each column of a row begins: the end of what
/// stands before its value (the row's name, or the change of the column
/// before), on a row with changes (each value before its `(` or `*`) or
/// without (its last `columns` words).
fn column_bounds(row: &str, columns: usize) -> Option<Vec<usize>> {
    let r: Vec<char> = row.chars().collect();
    let starts: Vec<usize> =
        (0..r.len()).filter(|&k| !r[k].is_whitespace() && (k == 0 || r[k - 1].is_whitespace())).collect();
    let is_value = |k: usize| {
        let word: String = r[k..].iter().take_while(|c| !c.is_whitespace() && **c != '(' && **c != '*').collect();
        plain(&word).is_some()
    };
    let picked: Vec<usize> = if pct_line(row).is_other() {
        starts.iter().rev().take(columns).rev().copied().collect()
    } else {
        // A value is a figure word followed (after blanks) by `(` or `*`.
        starts
            .iter()
            .copied()
            .filter(|&k| {
                is_value(k) && {
                    let mut j = k;
                    while j < r.len() && !r[j].is_whitespace() && r[j] != '(' && r[j] != '*' {
                        j += 1;
                    }
                    while j < r.len() && r[j].is_whitespace() {
                        j += 1;
                    }
                    j < r.len() && (r[j] == '(' || r[j] == '*')
                }
            })
            .collect()
    };
    // Each column's bound: the end of what stands before its value (the
    // row's name, or the change of the column before).
    let bounds = picked.iter().map(|&k| (0..k).rev().find(|&j| !r[j].is_whitespace()).map_or(0, |j| j + 1)).collect();
    (picked.len() == columns).then_some(bounds)
}

impl Line {
    fn is_other(&self) -> bool {
        matches!(self, Line::Other)
    }
}

/// The nearest line above `lines[i]` (0-based) that is a line of the
/// file as printed: not one a quoted-printable soft break emptied
/// ([`Input::joined_away`]; `joined` is [`Input::soft_joined`]). `None`
/// at the top.
fn above(joined: &[bool], i: usize) -> Option<usize> {
    (0..i).rev().find(|&k| !joined.get(k).copied().unwrap_or(false))
}

/// Each column's kernel and label.
type Columns = Vec<(Option<String>, Option<String>)>;

/// Where a header line glued run names ([`glued_names`]): the line as
/// printed (trimmed) and whether the cut at the versions' widths is in doubt.
type Glued = Option<(String, bool)>;

/// A table's header as [`header`] finds it: its columns, its title if
/// any, the header's first line (0-based), whether its run names were
/// glued ([`Glued`]), and the set-up line in brackets below it if any.
type Header = (Columns, Option<String>, usize, Glued, Option<String>);

/// The header over the rows starting at `lines[at]` (0-based): its
/// columns, the title if any, the header's first line, whether its run
/// names were glued ([`Glued`]) and a set-up line between it and the rows
/// ([`Header`]). Lines a soft break emptied (`joined`, [`above`]) are
/// passed over.
fn header(lines: &[String], joined: &[bool], at: usize, columns: usize) -> Option<Header> {
    let mut i = at;
    // A set-up line in brackets between the header and the rows.
    let setup = above(joined, i).and_then(|b| setup_line(&lines[b]).map(|s| (b, s)));
    if let Some((b, _)) = &setup {
        i = *b;
    }
    // One blank line between the header and the rows is allowed.
    if let Some(b) = above(joined, i).filter(|&b| lines[b].trim().is_empty()) {
        i = b;
    }
    let row = &lines[at];
    let over = |l: &str| {
        header_words(l, columns)
            .filter(|_| aligned(l, row, columns))
            .or_else(|| spaced_names(l, row, columns))
            .or_else(|| titled_names(l, row, columns))
            .or_else(|| captioned_names(l, row, columns))
    };
    let names_at = above(joined, i)?;
    let names_line = &lines[names_at];
    let mut glued: Glued = None;
    let names = over(names_line).or_else(|| {
        let versions = &lines[above(joined, names_at)?];
        over(versions)?;
        let (names, doubtful) = glued_names(versions, names_line, columns)?;
        glued = Some((names_line.trim().to_string(), doubtful));
        Some(names)
    })?;
    i = names_at;
    let versions_at = above(joined, i);
    let versions = versions_at.and_then(|j| over(&lines[j]));
    let cols: Columns = match &versions {
        // One word over every column that is no kernel version (`thp thp
        // thp thp`): the mmtests configuration's name, which names no
        // kernel; the run names under it are the columns, as one line's.
        // Or each word over a column its run name under it less its end
        // (`baselin` over `baseline`, `sched_cach` over `sched_cache`: a
        // run name with no `-` to cut it at, as `--names
        // baseline,sched_cache` gives, Chen Yu's LKML 2025 schbench table):
        // the name under it is the whole run name; joined, they named
        // kernels `baselin-baseline` no run had (wildmod56).
        Some(v)
            if (v.iter().all(|w| *w == v[0]) && !is_kernel_name(&v[0]))
                || v.iter().zip(&names).all(|(k, l)| l.len() == k.len() + 1 && l.starts_with(k.as_str())) =>
        {
            i = versions_at.unwrap_or(i);
            names.iter().map(|k| (Some(k.clone()), None)).collect()
        }
        // Words over the columns none of which is a kernel version (`initial
        // last penup first` over `good-v5.8 bad-v5.9 …`: a bisection's runs
        // named `initial-good-v5.8` …, mmtests cutting each at its first
        // `-`): no kernel either; each column is its run's whole name (the
        // roles were read as kernels, `good-v5.8` and `bad-v5.9` both filed
        // under a kernel `initial`, Mel Gorman's 2021 bisection, wildmod40).
        Some(v) if !v.iter().any(|w| is_kernel_name(w)) => {
            i = versions_at.unwrap_or(i);
            v.iter().zip(&names).map(|(k, l)| (Some(format!("{k}-{l}")), None)).collect()
        }
        Some(v) => {
            i = versions_at.unwrap_or(i);
            v.iter().zip(&names).map(|(k, l)| (Some(k.clone()), Some(l.clone()))).collect()
        }
        // One line: each name is its column's kernel, as `pct-table` files a
        // column (`base`, `shared_runq`) under the name over it.
        None => names.iter().map(|k| (Some(k.clone()), None)).collect(),
    };
    // The title, or the title over a rule right above the header.
    let title_at = above(joined, i).map(|j| match above(joined, j) {
        Some(k) if is_underline(&lines[j]) => k,
        _ => j,
    });
    let title = title_at.map(|j| unlisted(lines[j].trim())).filter(|t| is_title(t));
    Some((cols, title.map(str::to_string), i, glued, setup.map(|(_, s)| s)))
}

/// A title line (at most [`MAX_TITLE_WORDS`] words) over the rows at
/// `lines[at]` of a table without a header, one blank line between
/// allowed (`netperf-tcp`, a blank line, then the rows); lines a soft
/// break emptied are passed over ([`above`]).
fn headerless_title(lines: &[String], joined: &[bool], at: usize) -> Option<String> {
    let mut i = above(joined, at)?;
    if lines[i].trim().is_empty() {
        i = above(joined, i)?;
    }
    // A title underlined by a rule (`tbench4 Throughput` over `=====`).
    if is_underline(&lines[i]) {
        return above(joined, i).map(|j| unlisted(lines[j].trim()).to_string()).filter(|t| is_title(t));
    }
    // A column-aligned line right above is a header that names no column
    // (`6.9-rc2(with ">")      6.9.0-rc2(with ">=")`): the title is over it.
    if lines[i].trim().contains("  ") || lines[i].contains('\t') {
        i = above(joined, i)?;
    } else if lines[i].starts_with(' ')
        && let Some(j) = above(joined, i)
        && !lines[j].starts_with(char::is_whitespace)
        && is_title(lines[j].trim())
    {
        // An indented line under a title at the margin is a header (its
        // names one blank apart, so it names no column: `          6.9-rc2
        // with gt 6.9.0-rc2 with ge` under `hackbench-process-pipes`,
        // attack38 #23): the title is the benchmark line above it.
        i = j;
    }
    Some(unlisted(lines[i].trim()).to_string()).filter(|t| is_title(t))
}

/// A title without the list mark a poster put before it (`a)
/// hackbench-process-pipes` … `g) tbench4 Throughput`, Abel Wu's LKML
/// reply of 2022-06: the groups were `a) hackbench-process-pipes`,
/// wildmod55; `- netperf-udp`): one letter or digit and `)`, or `-`, then
/// a blank.
fn unlisted(t: &str) -> &str {
    let mut c = t.chars();
    match (c.next(), c.next(), c.next()) {
        (Some(m), Some(')'), Some(' ')) if m.is_ascii_alphanumeric() => t[3..].trim_start(),
        (Some('-'), Some(' '), _) => t[2..].trim_start(),
        _ => t,
    }
}

/// A title over a table: one to [`MAX_TITLE_WORDS`] words, a letter among
/// them, one space between each (not a column-aligned header), no row.
fn is_title(t: &str) -> bool {
    let n = t.split_whitespace().count();
    n > 0
        && n <= MAX_TITLE_WORDS
        && !t.contains("  ")
        && !t.contains('\t')
        && t.chars().any(char::is_alphabetic)
        && pct_line(t).is_other()
}

/// One table's rows before they become samples.
struct Table {
    /// 1-based line of the header (or first row).
    line: usize,
    columns: Columns,
    group: String,
    /// (line, name, values, changes): changes empty for a table without.
    rows: Vec<(usize, String, Vec<f64>, Vec<Cell>)>,
    /// The mmtests configuration a line above names ([`config_name`]).
    config: Option<String>,
    /// Its header's run names as glued ([`Glued`]).
    glued: Glued,
    /// The set-up a bracketed line over its rows names ([`setup_line`]):
    /// each value's `label`.
    setup: Option<String>,
    /// The last line of a block of rows without changes under it that was
    /// warned of and not read ([`headerless_block`]): a next such block a
    /// blank line under that one is its continuation (0: none).
    tail: usize,
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    // Read with its tabs expanded to the file's stops: mmtests prints
    // spaces, and a table whose spaces an editor or a mailer turned to tabs
    // (`unexpand -a`) lined up no more, its title read as the header naming
    // its columns (`dbench4 Latency`: the runs filed under kernels `dbench4`
    // and `Latency`, Bharata's IBS numbers quoted by Huang, LKML 2023-02).
    let expanded: Vec<String>;
    let lines: &[String] = if input.has("\t") {
        expanded = (0..input.lines.len()).map(|i| input.expanded(i).into_owned()).collect();
        &expanded
    } else {
        &input.lines
    };
    let joined = input.soft_joined.as_slice();
    let mut out = ParsedFile { benchmark: ID.to_string(), ..Default::default() };
    let mut tables: Vec<Table> = Vec::new();
    // The configuration the last line naming one named ([`config_name`]).
    let mut config: Option<String> = None;
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        let n = i + 1;
        if let Some(name) = config_name(t) {
            config = Some(name);
            i += 1;
            continue;
        }
        let start = match pct_line(t) {
            Line::Pct(name, cells) if cells[0].pct == 0.0 => Some((name, cells)),
            Line::Bad(why) => {
                // The row quoted as the file has it, tabs and all.
                let t = input.lines[i].trim();
                out.notes
                    .push((n, format!("an mmtests row that does not read: expected {why}, found `{t}`; not read")));
                i += 1;
                continue;
            }
            _ => None,
        };
        if let Some((name, cells)) = start {
            let columns = cells.len();
            let continues = tables.last().is_some_and(|last| {
                let ended = last.rows.last().map_or(0, |r| r.0);
                // At most one blank line between, not counting the lines
                // a soft break emptied ([`above`]).
                let mut between = (ended + 1..n).filter(|&k| !input.joined_away(k - 1));
                let one_blank = match (between.next(), between.next()) {
                    (None, _) => true,
                    (Some(k), None) => lines[k - 1].trim().is_empty(),
                    _ => false,
                };
                last.columns.len() == columns && !last.rows.last().is_some_and(|r| r.3.is_empty()) && one_blank
            });
            // A block after a blank line naming a row of the table above
            // again is not its continuation: a table of its own under the
            // same header (kept apart by `emit`'s `table` parameter).
            let repeats = continues && tables.last().is_some_and(|last| last.rows.iter().any(|r| r.1 == name));
            if repeats {
                let last = tables.last().expect("a table");
                let (columns, group) = (last.columns.clone(), last.group.clone());
                out.notes.push((
                    n,
                    format!(
                        "an mmtests block after a blank line names rows of the table above again (`{name}`): read as a table of its own under the same header"
                    ),
                ));
                let (config, glued, setup) = (last.config.clone(), last.glued.clone(), last.setup.clone());
                tables.push(Table { line: n, columns, group, rows: Vec::new(), config, glued, setup, tail: 0 });
            } else if let Some(setup) = (!continues).then(|| setup_block(lines, joined, i, &tables, columns)).flatten()
            {
                // Rows under a set-up line right under the table above:
                // that table's next set-up, under its header.
                let last = tables.last().expect("a table");
                out.notes.push((
                    above(joined, i).map_or(n, |b| b + 1),
                    format!(
                        "mmtests rows under the set-up line `({setup})` go on the table of line {} under its header: their values carry the label `{setup}`",
                        last.line
                    ),
                ));
                let (columns, group, config, glued) =
                    (last.columns.clone(), last.group.clone(), last.config.clone(), last.glued.clone());
                tables.push(Table {
                    line: n,
                    columns,
                    group,
                    rows: Vec::new(),
                    config,
                    glued,
                    setup: Some(setup),
                    tail: 0,
                });
            } else if !continues {
                let table = match header(lines, joined, i, columns) {
                    Some((cols, title, h, glued, setup)) => Table {
                        line: h + 1,
                        columns: cols,
                        group: title.unwrap_or_default(),
                        rows: Vec::new(),
                        config: config.clone(),
                        glued,
                        setup,
                        tail: 0,
                    },
                    None => {
                        out.notes.push((
                            n,
                            format!(
                                "an mmtests table of {columns} column(s) without a header line of {columns} word(s) right above it naming them: each is labelled `column N`"
                            ),
                        ));
                        let cols = (1..=columns).map(|c| (None, Some(format!("column {c}")))).collect();
                        let group = headerless_title(lines, joined, i).unwrap_or_default();
                        Table {
                            line: n,
                            columns: cols,
                            group,
                            rows: Vec::new(),
                            config: config.clone(),
                            glued: None,
                            setup: None,
                            tail: 0,
                        }
                    }
                };
                tables.push(table);
            }
            let table = tables.last_mut().expect("a table");
            let values = cells.iter().map(|c| c.value).collect();
            table.rows.push((n, name, values, cells));
            i += 1;
            // The rest of the table.
            while i < lines.len() {
                let t = lines[i].trim();
                let n = i + 1;
                if input.joined_away(i) {
                    // Emptied by a soft break: the row above took its text.
                    i += 1;
                    continue;
                }
                if t.is_empty() {
                    break;
                }
                match pct_line(t) {
                    Line::Pct(name, cells) if cells.len() == columns && cells[0].pct == 0.0 => {
                        let values = cells.iter().map(|c| c.value).collect();
                        table.rows.push((n, name, values, cells));
                    }
                    Line::Pct(_, cells) => out.notes.push((
                        n,
                        format!(
                            "an mmtests row of {} value(s) in a table of {columns} (its first `0.00%` the baseline's): not read: `{t}`",
                            cells.len()
                        ),
                    )),
                    Line::Bad(why) => out.notes.push((
                        n,
                        format!("an mmtests row that does not read: expected {why}, found `{t}`; not read"),
                    )),
                    Line::Other if row_shaped(t) => out.notes.push((
                        n,
                        format!(
                            "an mmtests row without its changes (`(  -4.53%)` after each value) inside a table with them: not read: `{t}`"
                        ),
                    )),
                    Line::Other => break,
                }
                i += 1;
            }
            continue;
        }
        // A table without changes (`Ops …`, `Duration User …`) under its
        // own header, in a file of mmtests tables.
        if let Some((mut table, end)) = plain_table(lines, joined, i, &mut out.notes).filter(|_| !tables.is_empty()) {
            i = end;
            table.config = config.clone();
            tables.push(table);
            continue;
        }
        if let Some(end) = headerless_block(lines, i, &mut tables, &mut out.notes) {
            i = end;
            continue;
        }
        i += 1;
    }
    runs_named_again(&mut tables, &mut out.notes);
    glued_runs_named_elsewhere(&mut tables, &mut out.notes);
    emit(tables, &mut out);
    if out.samples.is_empty() {
        return Err(ParseError::NoResults {
            benchmark: ID,
            reason: "no mmtests row (`Hmean  tput-1  43593.49 (   0.00%)  41616.85 (  -4.53%)`) read".into(),
        });
    }
    Ok(out)
}

/// The set-up a bracketed line right above the rows at `lines[at]`
/// names ([`setup_line`]) where the line above it is the last row of the
/// last table, of `columns` columns with changes: the rows go on under
/// that table's header (`(SNC off)` under the `(SNC on)` block). `None`
/// otherwise.
fn setup_block(lines: &[String], joined: &[bool], at: usize, tables: &[Table], columns: usize) -> Option<String> {
    let last = tables.last()?;
    let b = above(joined, at)?;
    let setup = setup_line(&lines[b])?;
    let (ended, _, _, cells) = last.rows.last()?;
    let prev = above(joined, b)?;
    (prev + 1 == *ended && last.columns.len() == columns && !cells.is_empty()).then_some(setup)
}

/// The mmtests configuration a line names: a line whose first word is
/// a configuration's name (`config-global-dhp__workload_thpfioscale XFS (no
/// special madvise)`, or without `config-`, `global-dhp__workload_thpfioscale-madvhugepage-xfs
/// (MADV_HUGEPAGE)`: Mel Gorman's fragmentation-avoidance series, linux-mm
/// 2018-10/11, over each set-up's tables, whose rows, kernels and runs are
/// the same in both set-ups). The name without `config-`; the tables below,
/// to the next such line, carry it in their group (`thpfioscale Fault
/// Latencies, global-dhp__workload_thpfioscale`; the name alone where no
/// title is over the table), so two set-ups' tables of one mail, or of
/// two, are never averaged (a parameter's column made the mail's tables
/// too wide for 72 columns). Not a path
/// (`configs/config-…`, a command's argument) or a word of prose
/// (`config-dependent`: a name is `config-` and two parts or more, or
/// `global-dhp__…`), lower case, digits, `-`, `_`, `.` only.
fn config_name(t: &str) -> Option<String> {
    let word = t.split_whitespace().next()?;
    let name = word.strip_prefix("config-").unwrap_or(word);
    let chars_ok = name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_.".contains(&b));
    let named = name.starts_with("global-dhp__")
        || (word.starts_with("config-") && name.split(['-', '_']).filter(|p| !p.is_empty()).count() >= 2);
    (chars_ok && named && !name.ends_with(['-', '_', '.'])).then(|| name.to_string())
}

/// Rows of figures without changes under no header of their own, one
/// blank line under the last table's last row, with as many figures as it
/// has columns (`Compaction migrate scanned  3860713  3294284` under a
/// two-column table with changes; `THP fault alloc  77804.00  84618.00`
/// under the two-column `Allocation stalls` table: the vmstat extracts of
/// Mel Gorman's linux-mm mails of 2018-12, whose header he cut or whose
/// rows he parted with his prose). Under a table without changes they
/// continue it (mmtests prints one table of them), with a warning; under
/// one with changes they are not read, with a warning (mmtests prints such
/// rows under a header of their own: which columns they are, the mail does
/// not say). Returns the index of the line after the block.
fn headerless_block(
    lines: &[String],
    at: usize,
    tables: &mut [Table],
    notes: &mut Vec<(usize, String)>,
) -> Option<usize> {
    let last = tables.last_mut()?;
    let ended = last.rows.last()?.0.max(last.tail);
    let columns = last.columns.len();
    // One blank line between: the block's first line is `ended + 2`.
    if at + 1 != ended + 2 || !lines.get(ended)?.trim().is_empty() {
        return None;
    }
    let mut rows = Vec::new();
    for (k, l) in lines.iter().enumerate().skip(at) {
        let t = l.trim();
        match plain_line(t, columns) {
            Some((name, values)) if pct_line(t).is_other() && row_shaped(t) => rows.push((k + 1, name, values)),
            _ => break,
        }
    }
    let (first, end) = (rows.first()?.0, rows.last()?.0);
    if last.rows.last().is_some_and(|r| r.3.is_empty()) {
        notes.push((
            first,
            format!(
                "lines {first}-{end}: rows of {columns} figure(s) after a blank line under the mmtests table of line {} (no header of their own): read as that table's rows",
                last.line
            ),
        ));
        last.rows.extend(rows.into_iter().map(|(n, name, values)| (n, name, values, Vec::new())));
    } else {
        notes.push((
            first,
            format!(
                "lines {first}-{end}: rows of {columns} figure(s) without changes and without a header of their own, a blank line under the mmtests table of line {} (with changes): not read (mmtests prints them under their own header, which names their columns)",
                last.line
            ),
        ));
        last.tail = end;
    }
    Some(end)
}

/// A header whose run names were glued ([`glued_names`]) and cut at the
/// widths of the versions over them, where another table of the file names
/// runs of the same kernels whose names, put together, are the glued line
/// (`mmotm-20181210noremote-v2r14` under Duration's narrower columns, the
/// rows above under `mmotm-20181210` and `noremote-v2r14`, Mel Gorman's
/// linux-mm mail of 2018-12-22): its columns are those runs, with a
/// warning. A cut in doubt that no other header names is a warning.
fn glued_runs_named_elsewhere(tables: &mut [Table], notes: &mut Vec<(usize, String)>) {
    for t in 0..tables.len() {
        let Some((text, doubtful)) = tables[t].glued.clone() else { continue };
        let glued: String = text.split_whitespace().collect();
        let cut: Vec<String> = tables[t].columns.iter().map(|(_, l)| l.clone().unwrap_or_default()).collect();
        let kernels: Vec<Option<String>> = tables[t].columns.iter().map(|(k, _)| k.clone()).collect();
        let named = tables.iter().enumerate().find_map(|(o, other)| {
            let labels: Vec<String> = other.columns.iter().map(|(_, l)| l.clone().unwrap_or_default()).collect();
            let same_kernels = other.columns.iter().map(|(k, _)| k.clone()).eq(kernels.iter().cloned());
            (o != t && other.glued.is_none() && same_kernels && labels.concat() == glued && labels != cut)
                .then(|| (other.line, other.columns.clone(), labels))
        });
        if let Some((line, columns, labels)) = named {
            notes.push((
                tables[t].line,
                format!(
                    "this mmtests table's header glues its run names (`{text}`): read as the runs the header of line {line} names (`{}`), not as cut at the widths of the versions over it (`{}`)",
                    labels.join("`, `"),
                    cut.join("`, `")
                ),
            ));
            tables[t].columns = columns;
        } else if doubtful {
            notes.push((
                tables[t].line,
                format!(
                    "this mmtests table's header glues its run names (`{text}`), a name wider than the version over it: cut at the versions' widths as `{}`, which may cut a name in two (no other header of the file names these runs)",
                    cut.join("`, `")
                ),
            ));
        }
    }
}

/// True when run name `name` is `label` with mmtests' revision suffix
/// after it (`sched-numaimb-v5r12` of `sched-numaimb-v5`: a series' v5,
/// its author's 12th revision of it).
fn revision_of(name: &str, label: &str) -> bool {
    name.strip_prefix(label)
        .and_then(|r| r.strip_prefix('r'))
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// A one-line header after two-line ones in one file (Mel Gorman's
/// sched-numaimb-v5 mail, wild36a file 23: `5.17.0-rc0  5.17.0-rc0` over
/// `vanilla  sched-numaimb-v5` for two tables, then `vanilla
/// sched-numaimb-v5r12` alone over a third): when each of its names is the
/// run name of a column above (the same, or with mmtests' revision suffix,
/// [`revision_of`]), each a different column, it names those runs, and
/// its columns take their kernel and label, with a note; filed as kernels
/// of their own names, the third table's runs were never compared with the
/// first two's. Names that are no run above are left as the kernels they
/// name, with a warning that the file names its runs two ways.
fn runs_named_again(tables: &mut [Table], notes: &mut Vec<(usize, String)>) {
    for t in 1..tables.len() {
        let (before, rest) = tables.split_at_mut(t);
        let table = &mut rest[0];
        if !table.columns.iter().all(|(k, l)| k.is_some() && l.is_none()) {
            continue;
        }
        let runs: Vec<&(Option<String>, Option<String>)> =
            before.iter().flat_map(|b| b.columns.iter()).filter(|(k, l)| k.is_some() && l.is_some()).collect();
        let Some(first_run) = runs.first() else { continue };
        let label = |c: &(Option<String>, Option<String>)| c.1.clone().unwrap_or_default();
        let names: Vec<String> = table.columns.iter().map(|(k, _)| k.clone().unwrap_or_default()).collect();
        let found: Vec<Option<&(Option<String>, Option<String>)>> = names
            .iter()
            .map(|n| {
                runs.iter()
                    .find(|c| c.1.as_deref() == Some(n.as_str()))
                    .or_else(|| runs.iter().find(|c| revision_of(n, &label(c))))
                    .copied()
            })
            .collect();
        let mapped: Vec<&(Option<String>, Option<String>)> = found.iter().flatten().copied().collect();
        let distinct = mapped.iter().enumerate().all(|(i, c)| !mapped[..i].contains(c));
        if mapped.len() == names.len() && distinct {
            let said: Vec<String> = names
                .iter()
                .zip(&mapped)
                .map(|(n, c)| format!("`{n}` as {} `{}`", c.0.as_deref().unwrap_or(""), label(c)))
                .collect();
            notes.push((
                table.line,
                format!(
                    "this mmtests table's one-line header names the runs of the two-line header(s) above: read {}",
                    said.join(", ")
                ),
            ));
            table.columns = mapped.into_iter().cloned().collect();
        } else {
            notes.push((
                table.line,
                format!(
                    "this mmtests table's one-line header (`{}`) names no run of the two-line header(s) above (`{}` under `{}` …): its columns are filed as kernels of those names, apart from the tables above",
                    names.join("  "),
                    label(first_run),
                    first_run.0.as_deref().unwrap_or("")
                ),
            ));
        }
    }
}

/// A line shaped as a row (a name of two words or more, then figures; the
/// last one a figure or mmtests' `nan`) that does not read as one: inside
/// a table, a warning rather than the table's end.
fn row_shaped(t: &str) -> bool {
    let words: Vec<&str> = t.split_whitespace().collect();
    words.len() >= 3
        && words[0].starts_with(|c: char| c.is_ascii_alphabetic())
        && words.last().is_some_and(|w| plain(w).is_some() || w.eq_ignore_ascii_case("nan") || *w == "-nan")
}

/// A table without changes starting at `lines[at]`, under a header of one
/// or two lines, and the index of the line after it. A row inside it that
/// does not read (`nan`, a cell missing) is a warning in `notes`, and the
/// rows after it are read.
fn plain_table(
    lines: &[String],
    joined: &[bool],
    at: usize,
    notes: &mut Vec<(usize, String)>,
) -> Option<(Table, usize)> {
    let t = lines[at].trim();
    let words = t.split_whitespace().count();
    // The most columns: every word but one a figure.
    let most = words.checked_sub(1)?;
    let columns = (1..=most).rev().find(|&c| plain_line(t, c).is_some() && header(lines, joined, at, c).is_some())?;
    let (cols, title, h, glued, setup) = header(lines, joined, at, columns)?;
    let mut rows = Vec::new();
    let mut bad = Vec::new();
    let mut end = lines.len();
    for (k, l) in lines.iter().enumerate().skip(at) {
        if joined.get(k).copied().unwrap_or(false) {
            // Emptied by a soft break: the row above took its text.
            continue;
        }
        let t = l.trim();
        match plain_line(t, columns) {
            Some((name, values)) => rows.push((k + 1, name, values, Vec::new())),
            None if row_shaped(t) && pct_line(t).is_other() => bad.push((k + 1, t.to_string())),
            None => {
                end = k;
                break;
            }
        }
    }
    for (n, t) in bad {
        notes.push((
            n,
            format!("an mmtests row of a table without changes that does not read ({columns} figure(s) after its name expected): not read: `{t}`"),
        ));
    }
    Some((
        Table {
            line: h + 1,
            columns: cols,
            group: title.unwrap_or_default(),
            rows,
            config: None,
            glued,
            setup,
            tail: 0,
        },
        end,
    ))
}

/// Which cells of a row with changes may be mmtests' "no data": where a
/// column's result is missing, `Compare.pm` prints the value 0 and the
/// change 0 (`0.00 (   0.00%)`). A cell `0.00` with a change of `0.00%`
/// over a baseline that is not 0 is one, or a real 0 that `Stat.pm`'s
/// `pdiff` (higher is better) also gives a 0% change (`pndiff` would give
/// 100%): not sure, so not read. A baseline of `0.00` where another column
/// has a value that is not 0 and a change of `0.00%` is no real 0 either
/// (`pdiff`/`pndiff` give 100% / -99% over a 0). A row of zeros throughout
/// (`fault-base-1  0.00 (0.00%) …`) is read as zeros.
///
/// `pndiff` (lower is better) gives a 0 a change of 100% (`Stat.pm`: `if
/// ($_[0] == 0) return 100`), so a cell `0.00 (100.00%)` over a baseline
/// that is not 0 is mmtests' "no data" or a real 0 of a lower-is-better
/// figure (`Amean fault-base-1  43404.60 (0.00%)  0.00 (100.00%)`: no
/// base-page fault to time, Mel Gorman's fragmentation series, 2018): not
/// read either. And a baseline `0.00` under a column that is not 0, whose
/// change is then 100% (`pdiff` over a 0) or -99% (`pndiff`), is mmtests'
/// "no data" or a real 0 (`Amean fault-huge-1  0.00 (0.00%)  172.19
/// *-99.00%*`: no huge page allocated to time; `Percentage huge-1  0.00`:
/// a real 0%): not read.
fn no_data(cells: &[Cell]) -> Vec<Option<NoData>> {
    let Some(base) = cells.first() else { return Vec::new() };
    let base_missing = if base.value != 0.0 {
        None
    } else if cells[1..].iter().any(|c| c.value != 0.0 && c.pct == 0.0) {
        Some(NoData::BaseZeroChange)
    } else if cells[1..].iter().any(|c| c.value != 0.0 && (c.pct == 100.0 || c.pct == -99.0)) {
        Some(NoData::BaseZero)
    } else {
        None
    };
    let mut out = vec![base_missing];
    out.extend(cells[1..].iter().map(|c| {
        let zero = base.value != 0.0 && c.value == 0.0;
        if zero && c.pct == 0.0 {
            Some(NoData::ZeroZero)
        } else if zero && c.pct == 100.0 {
            Some(NoData::ZeroHundred)
        } else {
            None
        }
    }));
    out
}

/// Why [`no_data`] leaves a cell out.
#[derive(Debug, Clone, Copy, PartialEq)]
enum NoData {
    /// A baseline `0.00` under a column's value with a 0.00% change.
    BaseZeroChange,
    /// A baseline `0.00` under a column's value with 100% or -99%.
    BaseZero,
    /// `0.00 (0.00%)` over a baseline that is not 0.
    ZeroZero,
    /// `0.00 (100.00%)` over a baseline that is not 0.
    ZeroHundred,
}

impl NoData {
    fn why(self) -> &'static str {
        match self {
            NoData::BaseZeroChange => {
                "a baseline `0.00` under other columns' values with a 0.00% change (a real 0 baseline gives them 100% or -99%): read as mmtests' \"no data\""
            }
            NoData::BaseZero => {
                "a baseline `0.00` under a column's value is mmtests' \"no data\" (Compare.pm prints a missing result as 0) or a real 0: `pdiff` gives the column over either 100%, `pndiff` -99%: which, the table does not say"
            }
            NoData::ZeroZero => {
                "`0.00 (0.00%)` against a baseline that is not 0 is mmtests' \"no data\" (Compare.pm prints a missing result so), or a real 0 of a higher-is-better figure (its `pdiff` gives a 0 a 0% change): which, the table does not say"
            }
            NoData::ZeroHundred => {
                "`0.00 (100.00%)` against a baseline that is not 0 is mmtests' \"no data\" (Compare.pm prints a missing result as 0, which `pndiff` gives a 100% change), or a real 0 of a lower-is-better figure: which, the table does not say"
            }
        }
    }
}

/// The direction a row's changes give, or why none: `cells` are the cells
/// read (the baseline's first unless `no_base`, mmtests had no data for it).
fn direction(name: &str, cells: &[Cell], no_base: bool) -> Result<Better, &'static str> {
    let stat = name.split_whitespace().next().unwrap_or_default();
    if ["Stddev", "HStddev", "CoeffVar", "HCoeffVar"].contains(&stat) {
        // mmtests compares deviations with `pndiff` whatever the operation.
        return Ok(Better::Lower);
    }
    if no_base || cells.is_empty() {
        return Err("no column differs from the baseline");
    }
    let base = cells[0].value;
    let mut got: Option<Better> = None;
    for c in &cells[1..] {
        if c.pct == 0.0 || c.value == base {
            continue;
        }
        let d = if (c.value > base) == (c.pct > 0.0) { Better::Higher } else { Better::Lower };
        match got {
            Some(g) if g != d => return Err("its columns' changes disagree"),
            _ => got = Some(d),
        }
    }
    got.ok_or("no column differs from the baseline")
}

/// The kernel a column is filed under: mmtests' own name for the run,
/// its version and its run name joined again by the `-` mmtests cut them
/// at (`4.19.0` over `lowzone-v1r1` is the run `4.19.0-lowzone-v1r1`, a
/// kernel BUILD, as `2.5.33-mm1` is a kernel of its own: a patched kernel
/// is another kernel, and every mmtests table compares the run names of
/// its columns, mostly of one version); a column of no run name, its
/// kernel alone. `None` where the header names no kernel (`column N`).
fn build((kernel, label): &(Option<String>, Option<String>)) -> Option<String> {
    match (kernel, label) {
        (Some(k), Some(l)) => Some(format!("{k}-{l}")),
        (Some(k), None) => Some(k.clone()),
        (None, _) => None,
    }
}

/// Turns the tables into samples.
fn emit(tables: Vec<Table>, out: &mut ParsedFile) {
    // (group, metric, kernel, label, config) of every sample so far.
    type Seen = (String, String, Option<String>, Option<String>, Option<String>, Option<String>);
    let mut seen: HashSet<Seen> = HashSet::new();
    for mut table in tables {
        let read: Vec<bool> =
            (0..table.columns.len()).map(|c| !table.columns[..c].contains(&table.columns[c])).collect();
        for c in (0..table.columns.len()).filter(|c| !read[*c]) {
            out.notes.push((
                table.line,
                format!("mmtests column {} names the same kernel and run as an earlier one: not read", c + 1),
            ));
        }
        if let Some(c) = &table.config {
            table.group = if table.group.is_empty() { c.clone() } else { format!("{}, {c}", table.group) };
        }
        let key = |name: &str, c: usize| {
            let (k, l) = &table.columns[c];
            (table.group.clone(), name.to_string(), k.clone(), l.clone(), table.config.clone(), table.setup.clone())
        };
        let again = table.rows.iter().any(|r| (0..table.columns.len()).any(|c| seen.contains(&key(&r.1, c))));
        if again {
            out.notes.push((
                table.line,
                format!(
                    "this mmtests table names the rows, kernels and runs of one above it: its values carry a `table` parameter (line {}) so the two are not averaged as runs of one set-up",
                    table.line
                ),
            ));
        }
        for (k, l) in table.columns.iter().map(build).zip(&read) {
            if let (Some(k), true) = (k, l)
                && !out.kernel_order.contains(&k)
            {
                out.kernel_order.push(k);
            }
        }
        let (mut starred, mut undirected, mut disagree) = (0usize, Vec::new(), Vec::new());
        // Each row name's first line in this table.
        let mut first: HashMap<&str, usize> = HashMap::new();
        for (n, name, values, cells) in &table.rows {
            let twice = match first.get(name.as_str()) {
                Some(&was) => {
                    out.notes.push((
                        *n,
                        format!(
                            "mmtests row `{name}` on line {n} repeats line {was}'s in one table: each is a statistic over runs, not a run; its values carry a `row` parameter (line {n}) so the two are not averaged"
                        ),
                    ));
                    true
                }
                None => {
                    first.insert(name.as_str(), *n);
                    false
                }
            };
            let why = no_data(cells);
            let missing: Vec<bool> = why.iter().map(Option::is_some).collect();
            for (c, w) in why.iter().enumerate().filter(|(c, _)| read[*c]) {
                if let Some(w) = w {
                    out.notes.push((*n, format!("mmtests row `{name}`, column {}: {}: not read", c + 1, w.why())));
                }
            }
            let kept: Vec<Cell> = cells.iter().zip(&missing).filter(|(_, m)| !**m).map(|(c, _)| *c).collect();
            let better = if cells.is_empty() {
                Better::Neither
            } else {
                starred += cells.iter().filter(|c| c.starred).count();
                match direction(name, &kept, missing.first().copied().unwrap_or(false)) {
                    Ok(b) => b,
                    Err(why) => {
                        if why.contains("disagree") {
                            disagree.push(*n)
                        } else {
                            undirected.push(*n)
                        }
                        Better::Neither
                    }
                }
            };
            for (c, v) in
                values.iter().enumerate().filter(|(c, _)| read[*c] && !missing.get(*c).copied().unwrap_or(false))
            {
                seen.insert(key(name, c));
                let mut s =
                    Sample::new(Metric::new(name.as_str(), "", better), *v, *n).with_group(table.group.as_str());
                let (kernel, label) = &table.columns[c];
                if let Some(k) = build(&table.columns[c]) {
                    s = s.with_kernel(k.as_str());
                } else if let (None, Some(l)) = (kernel, label) {
                    let l = table.setup.as_ref().map_or_else(|| l.clone(), |u| format!("{l}, {u}"));
                    s = s.with_param("label", l);
                }
                if let (Some(u), Some(_)) = (&table.setup, kernel) {
                    s = s.with_param("label", u);
                }
                if again {
                    s = s.with_param("table", format!("line {}", table.line));
                }
                if twice {
                    s = s.with_param("row", format!("line {n}"));
                }
                out.samples.push(s);
            }
        }
        if starred > 0 {
            out.notes.push((
                table.line,
                format!(
                    "mmtests marked {starred} change(s) significant (`*…*`): mmtests' own significance marks, not read as benchsite's test"
                ),
            ));
        }
        let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        if !undirected.is_empty() {
            out.notes.push((
                undirected[0],
                format!(
                    "mmtests row(s) on line(s) {}: no column differs from the baseline, no direction to read from their changes",
                    list(&undirected)
                ),
            ));
        }
        if !disagree.is_empty() {
            out.notes.push((
                disagree[0],
                format!(
                    "mmtests row(s) on line(s) {}: the columns' changes disagree on which way is better: shown without a direction",
                    list(&disagree)
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "\
hackbench-process-pipes
                               5.6.0-rc1              5.6.0-rc1
                             baseline-v3             loadavg-v3
Amean     1        0.4380 (   0.00%)      0.4250 *   2.97%*
Amean     4        0.6123 (   0.00%)      0.6153 (  -0.49%)
Stddev    4        0.0100 (   0.00%)      0.0200 (-100.00%)

                      5.6.0-rc1   5.6.0-rc1
                    baseline-v3  loadavg-v3
Ops NUMA alloc hit    878062.00   882981.00
";

    fn parse(text: &str) -> ParsedFile {
        Mmtests.parse(&Input::from_text(text)).unwrap()
    }

    /// archive48 R1: a mail saved in its quoted-printable encoding (Punit
    /// Agrawal's per-VMA locks tests, LKML 2023-02-15) breaks the header's
    /// two lines and every row at 76 columns; the lines a soft break
    /// emptied are no blank lines: the header names the columns (they were
    /// `column N`, with a false warning), and the block after the one blank
    /// line continues the table as it does decoded.
    #[test]
    fn a_header_broken_by_soft_breaks_names_its_columns() {
        let text = concat!(
            "                                        6.2.0-rc4                6.2.0-rc4 =\n",
            "               6.2.0-rc4\n",
            "                             mm-unstable-20230210                   pvl-v2 =\n",
            "              pvl-v2+opt\n",
            "\n",
            "Hmean     faults/cpu-1     898792.9338 (   0.00%)   894597.0474 *  -0.47%* =\n",
            "  895933.2782 *  -0.32%*\n",
            "Hmean     faults/cpu-4     751903.9803 (   0.00%)   677764.2975 *  -9.86%* =\n",
            "  688643.8163 *  -8.41%*\n",
            "\n",
            "Hmean     faults/sec-1     898781.7694 (   0.00%)   894247.3174 *  -0.50%* =\n",
            "  894440.3118 *  -0.48%*\n",
        );
        let input = Input::from_text(text);
        assert!(input.qp, "the soft breaks are read as quoted-printable");
        let p = Mmtests.parse(&input).unwrap();
        assert!(!p.notes.iter().any(|(_, n)| n.contains("without a header")), "{:?}", p.notes);
        let at = |line: usize, kernel: &str| {
            p.samples.iter().find(|s| s.line == line && s.kernel.as_deref() == Some(kernel)).map(|s| s.value.mean())
        };
        assert_eq!(at(6, "6.2.0-rc4-mm-unstable-20230210"), Some(898792.9338));
        assert_eq!(at(6, "6.2.0-rc4-pvl-v2+opt"), Some(895933.2782));
        assert_eq!(at(11, "6.2.0-rc4-pvl-v2"), Some(894247.3174));
        assert!(p.samples.iter().all(|s| s.params.is_empty()), "one table: no `table` parameter");
        assert_eq!(p.samples.len(), 9);
    }

    /// archive46 R2: AMD's EEVDF mail (LKML 2023-03-22) prints mmtests'
    /// unixbench rows under a header that titles the row's three name
    /// columns before the kernels (`Test  Metric  Parallelism  tip  eevdf`)
    /// and marks some rows with a `*` of its own after the cells: the
    /// columns were labelled `column N` (filed under no kernel) and the
    /// marked rows not read. Now both read.
    #[test]
    fn a_header_titling_the_rows_names_and_a_posters_star_after_the_cells() {
        let text = "Test\t\t\tMetric\t  Parallelism\t\t\ttip\t\t          eevdf\n\
unixbench-dhry2reg      Hmean     unixbench-dhry2reg-1      49077561.21 (   0.00%)    49144835.64 (   0.14%)\n\
unixbench-spawn         Hmean     unixbench-spawn-1             5141.40 (   0.00%)        4862.78 (  -5.42%)    *\n\
unixbench-spawn         Hmean     unixbench-spawn-512          82993.79 (   0.00%)       79139.42 *  -4.64%*    *\n";
        let p = parse(text);
        let got: Vec<(usize, &str, f64)> =
            p.samples.iter().map(|s| (s.line, s.kernel.as_deref().unwrap_or("-"), s.value.mean())).collect();
        assert_eq!(
            got,
            [
                (2, "tip", 49077561.21),
                (2, "eevdf", 49144835.64),
                (3, "tip", 5141.4),
                (3, "eevdf", 4862.78),
                (4, "tip", 82993.79),
                (4, "eevdf", 79139.42),
            ]
        );
        assert!(p.notes.iter().all(|(_, n)| !n.contains("column N") && !n.contains("does not read")), "{:?}", p.notes);
    }

    #[test]
    fn each_column_is_its_kernel_and_run_and_the_changes_give_the_direction() {
        assert_eq!(Mmtests.detect(&Input::from_text(TWO)), 85);
        let p = parse(TWO);
        let got: Vec<(&str, &str, f64, Better)> = p
            .samples
            .iter()
            .map(|s| (s.kernel.as_deref().unwrap(), s.metric.name.as_str(), s.value.mean(), s.metric.better))
            .collect();
        assert_eq!(got.len(), 8);
        // The run is the kernel (a build: version and run name), no label.
        assert!(p.samples.iter().all(|s| s.params.iter().all(|q| q.name != "label")));
        assert_eq!(got[0], ("5.6.0-rc1-baseline-v3", "Amean 1", 0.438, Better::Lower));
        assert_eq!(got[1], ("5.6.0-rc1-loadavg-v3", "Amean 1", 0.425, Better::Lower));
        assert_eq!(got[3].3, Better::Lower, "Amean 4: up, and worse");
        assert_eq!(got[4].3, Better::Lower, "a deviation is lower-better");
        assert_eq!(got[6], ("5.6.0-rc1-baseline-v3", "Ops NUMA alloc hit", 878062.0, Better::Neither));
        assert!(p.samples.iter().take(6).all(|s| s.group == "hackbench-process-pipes"));
        assert!(p.notes.iter().any(|(_, n)| n.contains("1 change(s) significant")));
        // The letter's order, its first column (mmtests' 0.00%) first.
        assert_eq!(p.kernel_order, ["5.6.0-rc1-baseline-v3", "5.6.0-rc1-loadavg-v3"]);
    }

    #[test]
    fn a_row_that_does_not_read_is_a_warning_naming_its_line() {
        let text = TWO.replace("0.6153 (  -0.49%)", "0.6153 (  -0.49");
        let p = parse(&text);
        assert!(p.notes.iter().any(|(l, n)| *l == 5 && n.contains("not read")), "{:?}", p.notes);
        assert!(!p.samples.iter().any(|s| s.line == 5));
        let text = TWO.replace("      0.6153 (  -0.49%)", "");
        let p = parse(&text);
        assert!(p.notes.iter().any(|(l, n)| *l == 5 && n.contains("1 value(s) in a table of 2")), "{:?}", p.notes);
    }

    #[test]
    fn a_header_that_does_not_name_every_column_labels_them_by_number() {
        let text =
            TWO.replace("                             baseline-v3             loadavg-v3\n", "  vanillaloadavg\n");
        let p = parse(&text);
        assert!(p.notes.iter().any(|(_, n)| n.contains("labelled `column N`")), "{:?}", p.notes);
        assert!(p.samples[1].params.iter().any(|q| q.name == "label" && q.value == "column 2"));
        assert!(p.samples[1].kernel.is_none());
    }

    /// attack38 #23 (c26 h3): the linux-mm 2024-04 slub table with its
    /// header's names one blank apart (`6.9-rc2 with gt 6.9.0-rc2 with
    /// ge`): no column named, so each is `column N` with a warning, and the
    /// benchmark line above the header stays the group.
    #[test]
    fn a_header_of_names_one_blank_apart_warns_and_keeps_the_title_above() {
        let table = |title: &str| {
            format!(
                "{title}\n          6.9-rc2 with gt 6.9.0-rc2 with ge\n\
                 Amean     1       0.0373 (   0.00%)      0.0356 *   4.60%*\n\
                 Amean     4       0.0984 (   0.00%)      0.1014 *  -3.05%*\n"
            )
        };
        let text = format!("{}\n{}", table("hackbench-process-pipes"), table("hackbench-process-sockets"));
        let p = parse(&text);
        assert_eq!(p.samples.len(), 8);
        assert!(p.samples[..4].iter().all(|s| s.group == "hackbench-process-pipes"), "{:?}", p.samples[0].group);
        assert!(p.samples[4..].iter().all(|s| s.group == "hackbench-process-sockets"));
        assert!(note_on(&p, 3, "labelled `column N`"), "{:?}", p.notes);
        assert!(note_on(&p, 8, "labelled `column N`"), "{:?}", p.notes);
        assert!(p.samples[1].params.iter().any(|q| q.name == "label" && q.value == "column 2"));
    }

    /// wildmod56 (Chen Yu, LKML 2025, `--names baseline,sched_cache`): a
    /// run name with no `-` prints itself less its last letter over
    /// itself; the columns were filed under `baselin-baseline`. Now the
    /// line under it, the whole name.
    #[test]
    fn a_name_less_its_last_letter_over_itself_is_the_name_under_it() {
        let text = "\
                                     baselin             sched_cach
                                    baseline            sched_cache
Lat 90.0th-qrtle-1         10.00 (   0.00%)        9.00 (  10.00%)
";
        let p = parse(text);
        let kernels: Vec<&str> = p.samples.iter().filter_map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, ["baseline", "sched_cache"]);
    }

    #[test]
    fn names_holding_a_blank_are_cut_at_two_blanks_over_their_columns() {
        let row = "Amean     1       0.0373 (   0.00%)      0.0356 *   4.60%*";
        let header = "                  6.9-rc2(with \">\")      6.9.0-rc2(with \">=\")";
        assert_eq!(
            spaced_names(header, row, 2).as_deref(),
            Some(&["6.9-rc2(with \">\")".to_string(), "6.9.0-rc2(with \">=\")".to_string()][..])
        );
        // Names without a blank are `header_words`' to read; a sentence of
        // as many parts is no header: its first part ends before a column.
        assert_eq!(spaced_names("       vanilla      patched", row, 2), None);
        assert_eq!(spaced_names("The runs  were these", row, 2), None);
    }

    #[test]
    fn run_names_glued_in_the_header_are_cut_at_the_columns_widths() {
        let versions = "                              5.15.0-rc1             5.15.0-rc1             5.15.0-rc1";
        let names = "                                 vanillasched-scalewakegran-v2r5 sched-moveforward-v1r1";
        assert_eq!(
            glued_names(versions, names, 3),
            Some((
                vec!["vanilla".to_string(), "sched-scalewakegran-v2r5".into(), "sched-moveforward-v1r1".into()],
                false
            ))
        );
        // Shifted left, the first column takes `vanillasched-sc` and the
        // second `alewakegran-v2r5`, narrower than its column unpadded:
        // no line mmtests prints, not cut by guess.
        let off = "                         vanillasched-scalewakegran-v2r5 sched-moveforward-v1r1";
        assert_eq!(glued_names(versions, off, 3), None);
        assert_eq!(glued_names(versions, &format!("{names} extra"), 3), None);
        // Padding past the column's end (the proptest's junk): no name, no panic.
        assert_eq!(glued_names("   a b", "      x", 2), None);
        assert_eq!(glued_names(versions, "  vanilla", 3), None);
    }

    #[test]
    fn two_tables_of_the_same_rows_are_kept_apart() {
        // (No `\` continuation: it would eat the header's leading blanks.)
        let table = "                               vanilla      patched
Amean     1        0.4380 (   0.00%)      0.4250 *   2.97%*
";
        let p = parse(&format!("{table}\nprose\n\n{table}"));
        assert_eq!(p.samples.len(), 4);
        assert!(p.samples[2].params.iter().any(|q| q.name == "table"));
        assert_eq!(p.samples[0].kernel.as_deref(), Some("vanilla"), "one header line names kernels");
    }

    /// Mel Gorman's sched-numaimb-v5 mail (wild36a file 23): a one-line
    /// header after a two-line one names the same runs (`vanilla`, the
    /// series with its revision `r12`): filed under the kernel and label
    /// above, with a note; names of no run above stay kernels, warned.
    #[test]
    fn a_one_line_header_naming_the_runs_above_takes_their_kernel_and_label() {
        let two = "                               5.17.0-rc0             5.17.0-rc0
                                  vanilla       sched-numaimb-v5
Hmean     Score-16   388607.33 (   0.00%)   441447.30 *  13.60%*
";
        let one = "                              vanilla    sched-numaimb-v5r12
Amean     ep.D       31.86 (   0.00%)       26.26 *  17.58%*
";
        let p = parse(&format!("{two}\nprose\n\n{one}"));
        let got: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        let v5 = Some("5.17.0-rc0-sched-numaimb-v5");
        assert_eq!(got, [Some("5.17.0-rc0-vanilla"), v5, Some("5.17.0-rc0-vanilla"), v5]);
        assert!(note_on(&p, 7, "`sched-numaimb-v5r12` as 5.17.0-rc0 `sched-numaimb-v5`"), "{:?}", p.notes);
        let other = one.replace("vanilla    sched-numaimb-v5r12", "  nouclamp             uclamp");
        let p = parse(&format!("{two}\nprose\n\n{other}"));
        assert_eq!(p.samples[2].kernel.as_deref(), Some("nouclamp"));
        assert!(note_on(&p, 7, "names no run of the two-line header"), "{:?}", p.notes);
    }

    fn note_on(p: &ParsedFile, line: usize, says: &str) -> bool {
        p.notes.iter().any(|(l, n)| *l == line && n.contains(says))
    }

    #[test]
    fn a_zero_with_no_change_over_a_baseline_that_is_not_zero_is_mmtests_no_data() {
        // reader34 F18: Compare.pm prints a result it has no data for as `0.00 (0.00%)`.
        let p = parse(
            "\
specjbb
                               5.6.0-rc1              5.6.0-rc1
                             baseline-v3             loadavg-v3
Hmean     tput-1     43593.49 (   0.00%)    41616.85 (  -4.53%)
Hmean     tput-40   668074.80 (   0.00%)        0.00 (   0.00%)
",
        );
        let tput40: Vec<f64> = p.samples.iter().filter(|s| s.line == 5).map(|s| s.value.mean()).collect();
        assert_eq!(tput40, [668074.8], "the 0.00 not read");
        assert!(note_on(&p, 5, "column 2: `0.00 (0.00%)`"), "{:?}", p.notes);
        // The baseline missing: its 0.00 under a column's value with 0.00%.
        let p =
            parse(&TWO.replace("0.6123 (   0.00%)      0.6153 (  -0.49%)", "0.0000 (   0.00%)      0.6153 (   0.00%)"));
        let row: Vec<f64> = p.samples.iter().filter(|s| s.line == 5).map(|s| s.value.mean()).collect();
        assert_eq!(row, [0.6153]);
        assert!(note_on(&p, 5, "column 1"), "{:?}", p.notes);
        // Zeros throughout are zeros.
        let p =
            parse(&TWO.replace("0.6123 (   0.00%)      0.6153 (  -0.49%)", "0.0000 (   0.00%)      0.0000 (   0.00%)"));
        assert_eq!(p.samples.iter().filter(|s| s.line == 5).count(), 2);
    }

    #[test]
    fn a_row_twice_in_one_table_or_a_block_repeating_it_is_kept_apart_and_warned() {
        // reader34 F1: the same row twice in one table.
        let p = parse(
            &TWO.replace("Amean     4 ", "Amean     1        0.5000 (   0.00%)      0.5100 (  -2.00%)\nAmean     4 "),
        );
        let again: Vec<&Sample> = p.samples.iter().filter(|s| s.line == 5).collect();
        assert_eq!(again.len(), 2);
        assert!(again.iter().all(|s| s.params.iter().any(|q| q.name == "row" && q.value == "line 5")));
        assert!(!p.samples.iter().filter(|s| s.line == 4).any(|s| s.params.iter().any(|q| q.name == "row")));
        assert!(note_on(&p, 5, "repeats line 4's"), "{:?}", p.notes);
        // A block after a blank line repeating the table's rows.
        let p = parse(
            "\
netperf-udp
                         vanilla      patched
Hmean     send-64         297.58 (   0.00%)      301.27 (   1.24%)

Hmean     send-64         597.58 (   0.00%)      601.27 (   0.62%)
",
        );
        let second: Vec<(&str, bool)> = p
            .samples
            .iter()
            .map(|s| (s.kernel.as_deref().unwrap(), s.params.iter().any(|q| q.name == "table")))
            .collect();
        assert_eq!(second, [("vanilla", false), ("patched", false), ("vanilla", true), ("patched", true)]);
        assert!(p.samples.iter().all(|s| s.group == "netperf-udp"));
        assert!(note_on(&p, 5, "names rows of the table above again"), "{:?}", p.notes);
        // A block of new rows after a blank line still continues the table.
        let p = parse(&TWO.replace("Amean     4 ", "\nAmean     4 "));
        assert!(p.samples.iter().all(|s| !s.params.iter().any(|q| q.name == "table")));
    }

    #[test]
    fn a_row_that_does_not_read_inside_a_table_is_warned_and_the_table_goes_on() {
        // reader34 F3: a `nan` row of a table without changes.
        let text =
            format!("{TWO}Ops NUMA alloc miss         nan        0.00\nOps NUMA interleave hit    1234.00   1240.00\n");
        let p = parse(&text);
        assert!(note_on(&p, 11, "does not read"), "{:?}", p.notes);
        let hit: Vec<f64> = p.samples.iter().filter(|s| s.line == 12).map(|s| s.value.mean()).collect();
        assert_eq!(hit, [1234.0, 1240.0]);
        assert!(
            p.samples.iter().filter(|s| s.line == 12).all(|s| s.kernel.as_deref().unwrap().starts_with("5.6.0-rc1-"))
        );
        // reader34 F3b: a row without changes inside a table with them.
        let p = parse(&TWO.replace("0.6123 (   0.00%)      0.6153 (  -0.49%)", "0.6123                0.6153"));
        assert!(note_on(&p, 5, "without its changes"), "{:?}", p.notes);
        assert!(!p.samples.iter().any(|s| s.line == 5));
        let stddev: Vec<(&str, &str)> = p
            .samples
            .iter()
            .filter(|s| s.line == 6)
            .map(|s| (s.kernel.as_deref().unwrap(), s.group.as_str()))
            .collect();
        assert_eq!(
            stddev,
            [("5.6.0-rc1-baseline-v3", "hackbench-process-pipes"), ("5.6.0-rc1-loadavg-v3", "hackbench-process-pipes")],
            "the table goes on under its header"
        );
    }

    #[test]
    fn a_title_of_as_many_words_as_columns_is_no_header() {
        // reader34 F2: `netperf UDP` over a one-line header.
        let p = parse(
            "\
netperf UDP
                         vanilla      patched
Hmean     send-64         297.58 (   0.00%)      301.27 (   1.24%)
",
        );
        let got: Vec<(&str, &str)> =
            p.samples.iter().map(|s| (s.kernel.as_deref().unwrap(), s.group.as_str())).collect();
        assert_eq!(got, [("vanilla", "netperf UDP"), ("patched", "netperf UDP")]);
        // A sentence right above the rows, no header: no kernels.
        let p = parse(
            "\
Netperf results:
Hmean     send-64         297.58 (   0.00%)      301.27 (   1.24%)
",
        );
        assert!(p.samples.iter().all(|s| s.kernel.is_none()), "{:?}", p.samples);
        assert!(note_on(&p, 2, "labelled `column N`"));
    }

    #[test]
    fn a_config_name_over_every_column_names_no_kernel() {
        // wild34 file 17: `thp` ×2 over the run names.
        let p = parse(
            "\
thpscale Fault Latencies
                                          thp                    thp
                                        base1                   lru1
Amean     fault-huge-1     1549.55 (   0.00%)     1361.50 *  12.14%*
",
        );
        let got: Vec<(&str, bool)> = p
            .samples
            .iter()
            .map(|s| (s.kernel.as_deref().unwrap(), s.params.iter().any(|q| q.name == "label")))
            .collect();
        assert_eq!(got, [("base1", false), ("lru1", false)]);
        assert_eq!(p.kernel_order, ["base1", "lru1"]);
    }

    /// A bisection's run names cut at their first `-` (`initial` over
    /// `good-v5.8`): the first line's words are no kernels, each column
    /// its whole run name; a first line of kernel versions is still read
    /// as kernels over labels.
    #[test]
    fn roles_over_run_names_name_no_kernel() {
        let roles = "\
workload-kerndevel
                                  initial                initial                   last
                                good-v5.8               bad-v5.9           bad-58934356
Amean     elsp-2        489.41 (   0.00%)      542.92 * -10.93%*      548.96 * -12.17%*
";
        let p = parse(roles);
        let got: Vec<(&str, bool)> = p
            .samples
            .iter()
            .map(|s| (s.kernel.as_deref().unwrap(), s.params.iter().any(|q| q.name == "label")))
            .collect();
        assert_eq!(got, [("initial-good-v5.8", false), ("initial-bad-v5.9", false), ("last-bad-58934356", false)]);
        let versions = roles.replacen(
            "initial                initial                   last",
            "  5.8.0                  5.9.0                  5.9.0",
            1,
        );
        let p = parse(&versions);
        let kernels: Vec<&str> = p.samples.iter().map(|s| s.kernel.as_deref().unwrap()).collect();
        assert_eq!(kernels, ["5.8.0-good-v5.8", "5.9.0-bad-v5.9", "5.9.0-bad-58934356"]);
    }

    #[test]
    fn damaged_text_is_no_panic() {
        for t in ["Hmean a 1 (", "Hmean a 1 *%*", "x y 0.00%) (", "Amean 1 1.0 (0.00%) 2 * 3%", "  *  0.00%*"] {
            let _ = Mmtests.parse(&Input::from_text(t));
            let _ = Mmtests.detect(&Input::from_text(t));
        }
    }

    /// Mel Gorman's fragmentation-avoidance series (linux-mm, 2018-10):
    /// one set-up's tables under `config-global-dhp__workload_thpfioscale
    /// XFS (no special madvise)`, the other's under
    /// `global-dhp__workload_thpfioscale-madvhugepage-xfs (MADV_HUGEPAGE)`,
    /// with the same rows, kernels and runs: each in its config's group, so
    /// the two are never averaged (archive44 N1).
    const CONFIGS: &str = "\
1-socket Skylake machine
config-global-dhp__workload_thpfioscale XFS (no special madvise)
4 fio threads, 1 THP allocating thread
--------------------------------------

thpfioscale Fault Latencies
                                       4.19.0                 4.19.0
                                      vanilla           lowzone-v1r1
Amean     fault-base-1      605.84 (   0.00%)      599.92 *   0.98%*

1-socket Skylake machine
global-dhp__workload_thpfioscale-madvhugepage-xfs (MADV_HUGEPAGE)
-----------------------------------------------------------------

thpfioscale Fault Latencies
                                       4.19.0                 4.19.0
                                      vanilla           lowzone-v1r1
Amean     fault-base-1     1938.77 (   0.00%)     1938.47 (   0.02%)
";

    #[test]
    fn a_config_line_names_the_group_of_the_tables_below_it() {
        let p = parse(CONFIGS);
        let groups: Vec<&str> = p.samples.iter().map(|s| s.group.as_str()).collect();
        assert_eq!(
            groups,
            [
                "thpfioscale Fault Latencies, global-dhp__workload_thpfioscale",
                "thpfioscale Fault Latencies, global-dhp__workload_thpfioscale",
                "thpfioscale Fault Latencies, global-dhp__workload_thpfioscale-madvhugepage-xfs",
                "thpfioscale Fault Latencies, global-dhp__workload_thpfioscale-madvhugepage-xfs",
            ]
        );
        assert!(!p.samples.iter().any(|s| s.params.iter().any(|q| q.name == "table")), "{:?}", p.samples);
        assert!(!p.notes.iter().any(|(_, n)| n.contains("`table` parameter")), "{:?}", p.notes);
    }

    /// Not a configuration line: a path, a command, a word of prose.
    #[test]
    fn a_path_a_command_or_a_word_of_prose_names_no_config() {
        for t in [
            "configs/config-global-dhp__workload_thpfioscale",
            "./run-mmtests.sh --run-monitor --config configs/config-global-dhp__workload_thpfioscale test-run-1",
            "config-dependent figures follow",
            "Config-Global-Dhp__workload",
            "config-",
            "global-dhp__",
        ] {
            assert_eq!(config_name(t), None, "{t}");
        }
        assert_eq!(config_name("config-workload-thpscale").as_deref(), Some("workload-thpscale"));
        // The config list of the mail's prose changes no table's group.
        let p = parse(&CONFIGS.replace(
            "config-global-dhp__workload_thpfioscale XFS (no special madvise)",
            "configs/config-global-dhp__workload_thpfioscale",
        ));
        assert_eq!(p.samples[0].group, "thpfioscale Fault Latencies");
        assert!(p.samples[2].group.ends_with("madvhugepage-xfs"));
    }

    /// `pndiff` gives a 0 a change of 100%: `0.00 (100.00%)` over a
    /// baseline that is not 0 is no data or a real 0: not read; so is a
    /// baseline `0.00` under a value with `-99.00%` or `100.00%`. A value
    /// that is not 0 with a change of 100% is read (archive44 N4).
    #[test]
    fn a_zero_with_pndiffs_hundred_percent_or_a_zero_baseline_under_a_value_is_not_read() {
        let p = parse(&TWO.replace("0.4250 *   2.97%*", "0.0000 * 100.00%*"));
        assert!(!p.samples.iter().any(|s| s.line == 4 && s.value.mean() == 0.0), "{:?}", p.samples);
        assert!(p.notes.iter().any(|(l, n)| *l == 4 && n.contains("`0.00 (100.00%)`")), "{:?}", p.notes);
        let p =
            parse(&TWO.replace("0.4380 (   0.00%)      0.4250 *   2.97%*", "0.0000 (   0.00%)      0.4250 * -99.00%*"));
        assert_eq!(p.samples.iter().filter(|s| s.line == 4).count(), 1, "{:?}", p.samples);
        assert!(p.notes.iter().any(|(l, n)| *l == 4 && n.contains("or a real 0: `pdiff`")), "{:?}", p.notes);
        // Not fired: a value that is not 0 with a change of 100%.
        let p = parse(&TWO.replace("0.4250 *   2.97%*", "0.8760 * 100.00%*"));
        assert_eq!(p.samples.iter().filter(|s| s.line == 4).count(), 2);
        assert!(!p.notes.iter().any(|(_, n)| n.contains("no data")), "{:?}", p.notes);
    }

    /// Rows of figures under no header of their own, a blank line under a
    /// table: after one without changes they continue it; after one with
    /// changes they are not read; both warned. Two blank lines, or another
    /// count of figures, leave them alone (archive44 N3).
    #[test]
    fn rows_without_a_header_a_blank_line_under_a_table_continue_it_or_are_warned_of() {
        let ops = format!("{TWO}\nOps NUMA alloc miss   1.00   2.00\n");
        let p = parse(&ops);
        assert!(p.samples.iter().any(|s| s.line == 12 && s.metric.name == "Ops NUMA alloc miss"), "{:?}", p.samples);
        assert!(p.notes.iter().any(|(l, n)| *l == 12 && n.contains("read as that table's rows")), "{:?}", p.notes);
        let under_changes = TWO.replace("Stddev    4        0.0100 (   0.00%)      0.0200 (-100.00%)\n", "Stddev    4        0.0100 (   0.00%)      0.0200 (-100.00%)\n\nCompaction migrate scanned     3860713     3294284\n");
        let p = parse(&under_changes);
        assert!(!p.samples.iter().any(|s| s.line == 8), "{:?}", p.samples);
        assert!(p.notes.iter().any(|(l, n)| *l == 8 && n.contains("not read")), "{:?}", p.notes);
        // Not fired: two blank lines between, or three figures under two columns.
        for text in [
            format!("{TWO}\n\nOps NUMA alloc miss   1.00   2.00\n"),
            format!("{TWO}\nOps NUMA alloc miss   1.00   2.00   3.00\n"),
        ] {
            let p = parse(&text);
            assert!(!p.samples.iter().any(|s| s.metric.name == "Ops NUMA alloc miss"), "{:?}", p.samples);
            assert!(
                !p.notes
                    .iter()
                    .any(|(_, n)| n.contains("no header of their own") || n.contains("without a header of their own")),
                "{:?}",
                p.notes
            );
        }
    }

    /// Mel Gorman's linux-mm mail of 2018-12-22: Duration's header glues
    /// `mmotm-20181210noremote-v2r14` under narrower versions, which the
    /// widths cut as `mmotm-201812` and `10noremote-v2r14`; the table above
    /// names the runs whole, so they are read (archive44 N2). Alone, the
    /// cut is a warning.
    #[test]
    fn glued_run_names_that_another_header_names_are_read_as_those_runs() {
        let above = "\
thpscale Fault Latencies
                                    4.20.0-rc6             4.20.0-rc6
                                mmotm-20181210         noremote-v2r14
Amean     fault-both-1       864.83 (   0.00%)     1006.88 * -16.43%*

";
        let duration =
            "         4.20.0-rc6  4.20.0-rc6\n       mmotm-20181210noremote-v2r14\nUser          27.30       27.86\n";
        let p = parse(&format!("{above}{duration}"));
        let kernels: Vec<&str> =
            p.samples.iter().filter(|s| s.metric.name == "User").map(|s| s.kernel.as_deref().unwrap()).collect();
        assert_eq!(kernels, ["4.20.0-rc6-mmotm-20181210", "4.20.0-rc6-noremote-v2r14"], "{:?}", p.notes);
        assert!(
            p.notes.iter().any(|(l, n)| *l == 6 && n.contains("read as the runs the header of line 2")),
            "{:?}",
            p.notes
        );
        // Without the table above naming them: the cut, with a warning.
        let alone = format!("{}\n{duration}", above.replace("mmotm-20181210 ", "mmotm-20181211 "));
        let p = parse(&alone);
        assert!(p.notes.iter().any(|(_, n)| n.contains("may cut a name in two")), "{:?}", p.notes);
    }

    #[test]
    fn a_caption_over_the_row_names_is_no_column() {
        // K Prateek Nayak's netperf tables, netdev 2022-10 (wildmod55).
        let text = "\
kernel                good                   good + series
Hmean     64        1846.16 (   0.00%)     1795.84 *  -2.73%*
Hmean     128       3583.91 (   0.00%)     3448.49 *  -3.78%*
";
        let p = parse(text);
        assert!(!p.notes.iter().any(|(_, n)| n.contains("column N")), "{:?}", p.notes);
        let kernels: Vec<_> = p.samples.iter().map(|s| s.kernel.as_deref().unwrap_or("")).collect();
        assert_eq!(kernels, ["good", "good + series", "good", "good + series"]);
        // A kernel's name over the rows' names is no caption.
        let p = parse(&text.replacen("kernel", "5.19.0", 1));
        assert!(p.samples.iter().all(|s| s.kernel.is_none()), "{:?}", p.samples);
    }

    #[test]
    fn set_up_lines_in_brackets_label_the_blocks_under_one_header() {
        // Abel Wu's hackbench table, LKML 2022-09 (wildmod55).
        let text = "\
hackbench-process-pipes
                          unpatched\t\t  patched
(SNC on)
Amean     1        0.4470 (   0.00%)      0.4557 (  -1.94%)
Amean     4        0.5947 (   0.00%)      0.6033 (  -1.46%)
(SNC off)
Amean     1        0.2717 (   0.00%)      0.3143 ( -15.71%)
Amean     4        0.6257 (   0.00%)      0.6070 (   2.98%)
";
        let p = parse(text);
        let got: Vec<_> = p
            .samples
            .iter()
            .map(|s| {
                let label = s.params.iter().find(|q| q.name == "label").map_or("", |q| q.value.as_str());
                (s.line, s.kernel.clone().unwrap_or_default(), s.group.clone(), label.to_string())
            })
            .collect();
        assert_eq!(got.len(), 8);
        assert_eq!(got[0], (4, "unpatched".into(), "hackbench-process-pipes".into(), "SNC on".into()));
        assert_eq!(got[5], (7, "patched".into(), "hackbench-process-pipes".into(), "SNC off".into()));
        assert!(p.notes.iter().any(|(l, n)| *l == 6 && n.contains("set-up line `(SNC off)`")), "{:?}", p.notes);
        assert!(!p.notes.iter().any(|(_, n)| n.contains("column N") || n.contains("`table` parameter")));
    }

    #[test]
    fn a_title_underlined_by_a_rule_names_the_group() {
        // Bharata B Rao's mmtests tables, LKML 2023-02 (wildmod55).
        let text = "\
kernbench
=========
                                6.2.0-rc5              6.2.0-rc5-ibs
Amean     user-512    19385.27 (   0.00%)    18140.69 *   6.42%*

tbench4 Throughput
==================
Hmean     1         504.57 (   0.00%)      496.80 *  -1.54%*
";
        let p = parse(text);
        let groups: Vec<_> = p.samples.iter().map(|s| s.group.as_str()).collect();
        assert_eq!(groups, ["kernbench", "kernbench", "tbench4 Throughput", "tbench4 Throughput"]);
        assert_eq!(unlisted("a) hackbench-process-pipes"), "hackbench-process-pipes");
        assert_eq!(unlisted("- netperf-udp"), "netperf-udp");
        assert_eq!(unlisted("dbench4 Latency"), "dbench4 Latency");
    }
}
