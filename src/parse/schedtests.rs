//! The comparison tables of Intel's schedtests `report.py` (Chen Yu and
//! others reply on LKML with them; seen 2022 to 2024):
//! per benchmark a title over a rule, then rows of a case, a load, the
//! baseline normalized to 1.00 with its std% and the compared kernel's
//! change in percent with its std%, tab- or space-aligned, often quoted.
//!
//! ```text
//! hackbench
//! =========
//! case              load      baseline(std%)  compare%( std%)
//! process-pipe      1-groups   1.00 (  2.66)  +13.84 ( 12.80)
//! ```
//!
//! **What the figures are** (report.py, `yu-chen-surf/tools`,
//! `sched_scripts/schedtests/report.py`): each kernel's runs give a mean
//! and `std% = 100 × np.std / mean`; the baseline prints as `1.00` with
//! its std%, the compared kernel as `compare%`, which is the change **in
//! the direction of better**: for a benchmark whose metric is higher-better
//! (netperf `Trans/s`, tbench `Tput/s`) `(c/b − 1) × 100`, for one whose
//! metric is lower-better (hackbench `Time`, schbench `Lat_99th`) `(1 −
//! c/b) × 100`; a positive `compare%` is always better ("Positive %compare
//! stands for better performance", Chen Yu, LKML 2022). So the compared
//! kernel's normalized value is `1 + pct/100` for a higher-better
//! benchmark and `1 − pct/100` for a lower-better one, and its spread `std%
//! × value / 100`.
//!
//! **Sample.** Group and metric: the benchmark, the first word of the
//! title over the table's rule (`hackbench throughput` → `hackbench`), or
//! `results` where none is; unit `normalized`; parameters: `case` (the
//! first column) and the load in the benchmark's own word (`1-groups` →
//! `groups` 1, `thread-24` → `thread` 24, `1-mthreads` → `mthreads` 1,
//! `25%` → the load column's header, `nr_instance` 25%); kernel: the
//! legend's (`./report.py -b 5.19.0+ -c 5.19.0-skip-sis-util+`, `baseline:
//! net-next c639a708a0b8` / `compare: baseline + patchset`, `Baseline vs
//! Baseline+patch0:`), for the tables below it; where none names them,
//! `baseline` and `compare`, with a warning. Each value is a summary of a
//! number of runs the table does not print: mean and spread with `n` 1
//! (an unstated count, never tested as more than one run).
//!
//! **Direction.** The title's own words where it says (`hackbench
//! (throughput, higher is better)`); else report.py's for its four
//! benchmarks (hackbench and schbench lower, netperf and tbench higher).
//! A table of neither (no title, `TCP_RR` rows under a mail's prose) gets
//! no direction, its compared value read as `1 + pct/100` with a warning
//! (right for a higher-better metric, not for a lower-better one). A table
//! whose figures carry `%` (`1.00  (2.49%)  -81.2%  (4.27%)`) is not
//! report.py's output: its lower-better tables are not read (whether its
//! `compare%` is report.py's improvement or the metric's change is not
//! known), each said. **Marks.** A std% written `(<2%)` is a bound, not a
//! figure: the value is read without a spread, said once per table; the
//! writer's `*` after a row is kept as a note of the table's lines.
//!
//! No significance is computed from these tables: the run counts are not
//! printed.

use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// The parser id.
pub const ID: &str = "schedtests";

/// The schedtests `report.py` tables (module docs).
pub struct Schedtests;

/// report.py's benchmarks and their better direction (its `bmk_list`).
const KNOWN: [(&str, Better); 4] = [
    ("hackbench", Better::Lower),
    ("netperf", Better::Higher),
    ("tbench", Better::Higher),
    ("schbench", Better::Lower),
];

/// A std% cell: a figure, or a bound (`<2%`).
#[derive(Debug, Clone, PartialEq)]
enum Spread {
    Figure(f64),
    Bound(String),
    /// No std% column: report.py's table of a benchmark it prints without
    /// one (`case  load  baseline  compare%`, will-it-scale).
    Absent,
}

/// One row: case, load, baseline value and spread, compare% and spread,
/// whether the figures carry `%`, the writer's mark.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    case: String,
    load: String,
    base: f64,
    base_sd: Spread,
    pct: f64,
    cmp_sd: Spread,
    percent: bool,
    /// The decimals `compare%` is printed with (`+13.84`: 2).
    decimals: i32,
    mark: Option<String>,
}

/// `case  load  baseline(std%)  compare%( std%)` (also `baseline (std%)
/// compare% ( std%)`) → the load column's name; `None` for any other line.
fn header(t: &str) -> Option<String> {
    let mut words = t.split_whitespace();
    if words.next()? != "case" {
        return None;
    }
    let load = words.next()?;
    // `Baseline(std%)` too (attack42 F16: a header written so was not read).
    let rest: String = words.collect::<Vec<_>>().concat().to_ascii_lowercase();
    (rest == "baseline(std%)compare%(std%)").then(|| load.to_string())
}

/// `case  load  baseline  compare%`: report.py's header of a table with no
/// std% columns (will-it-scale in Chen Yu's SIS_SHORT v6, LKML 2023-02:
/// `context_switch1  224 groups  1.00  +946.68%`, the letter's headline,
/// left out without a word, archive45 N5) → the load column's name.
fn bare_header(t: &str) -> Option<String> {
    let words: Vec<&str> = t.split_whitespace().collect();
    (words.len() == 4 && words[0] == "case" && words[2] == "baseline" && words[3] == "compare%")
        .then(|| words[1].to_string())
}

/// A row under [`bare_header`]: case, load (one or two words), the
/// baseline's value, `compare%` with its `%` glued (`+946.68%`), the
/// writer's `*` after it or nothing; `None` for any other line.
fn bare_row(t: &str) -> Option<Row> {
    let words: Vec<&str> = t.split_whitespace().collect();
    // The baseline's value: the number right before the signed `N%` cell
    // (the load may start with one: `224 groups`).
    let at = (1..words.len().saturating_sub(1)).find(|&k| {
        super::num::plain(words[k]).is_some() && words[k + 1].starts_with(['+', '-']) && words[k + 1].ends_with('%')
    })?;
    let load = &words[1..at];
    if load.is_empty() || load.len() > 2 {
        return None;
    }
    let base = super::num::plain(words[at])?;
    let pct_word = *words.get(at + 1)?;
    let pct_text = pct_word.strip_suffix('%')?;
    if !pct_text.starts_with(['+', '-']) {
        return None;
    }
    let pct = super::num::plain(pct_text.trim_start_matches('+'))?;
    let mark = words.get(at + 2).map(|m| m.to_string());
    if words.len() > at + 3 || mark.as_deref().is_some_and(|m| !m.starts_with('*')) {
        return None;
    }
    let decimals = pct_text.split_once('.').map_or(0, |(_, d)| d.len() as i32);
    Some(Row {
        case: words[0].to_string(),
        load: load.join(" "),
        base,
        base_sd: Spread::Absent,
        pct,
        cmp_sd: Spread::Absent,
        percent: false,
        decimals,
        mark,
    })
}

/// `( 2.66)`, `(2.49%)`, `(<2%)` at the start of `s` → (spread, had `%`,
/// the rest).
fn spread(s: &str) -> Option<(Spread, bool, &str)> {
    let (inner, rest) = s.strip_prefix('(')?.split_once(')')?;
    let inner = inner.trim();
    if let Some(b) = inner.strip_prefix('<') {
        let n = b.strip_suffix('%').unwrap_or(b);
        super::num::plain(n)?;
        return Some((Spread::Bound(inner.to_string()), true, rest.trim_start()));
    }
    let (n, percent) = match inner.strip_suffix('%') {
        Some(n) => (n, true),
        None => (inner, false),
    };
    Some((Spread::Figure(super::num::plain(n.trim())?), percent, rest.trim_start()))
}

/// A row of the table (module docs); `None` for any other line.
fn row(t: &str) -> Option<Row> {
    let mut words = t.split_whitespace();
    let case = words.next()?.to_string();
    // The load: the words up to the first number followed by `(` (`1 group`
    // and `28 threads` are loads of two words in some mails).
    let mut rest = t[case.len()..].trim_start();
    let mut load: Vec<&str> = Vec::new();
    let base = loop {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        let after = rest[end..].trim_start();
        if !load.is_empty()
            && after.starts_with('(')
            && let Some(v) = super::num::plain(word)
        {
            rest = after;
            break v;
        }
        if word.is_empty() || load.len() >= 2 || word.contains('(') {
            return None;
        }
        load.push(word);
        rest = after;
    };
    let (base_sd, p1, rest) = spread(rest)?;
    let end = rest.find(|c: char| c.is_whitespace() || c == '(').unwrap_or(rest.len());
    let word = &rest[..end];
    let (pct_text, p2) = match word.strip_suffix('%') {
        Some(w) => (w, true),
        None => (word, false),
    };
    if !pct_text.starts_with(['+', '-']) && pct_text.parse::<f64>().is_err() {
        return None;
    }
    let pct = super::num::plain(pct_text.trim_start_matches('+'))?;
    let (cmp_sd, p3, rest) = spread(rest[end..].trim_start())?;
    let mark = (!rest.is_empty()).then(|| rest.trim().to_string());
    if mark.as_deref().is_some_and(|m| !m.starts_with('*')) {
        return None;
    }
    let decimals = pct_text.split_once('.').map_or(0, |(_, d)| d.len() as i32);
    Some(Row { case, load: load.join(" "), base, base_sd, pct, cmp_sd, percent: p1 || p2 || p3, decimals, mark })
}

/// The load as a parameter in the benchmark's own word: `1-groups` →
/// (`groups`, `1`), `thread-24` → (`thread`, `24`), `28 threads` →
/// (`threads`, `28`); anything else (`25%`) under the column's name.
fn load_param(column: &str, load: &str) -> (String, String) {
    let parts: Option<(&str, &str)> = load.split_once(['-', ' ']);
    if let Some((a, b)) = parts {
        let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphabetic() || c == '_');
        if super::num::plain(a).is_some() && word(b) {
            return (b.to_string(), a.to_string());
        }
        if word(a) && super::num::plain(b).is_some() {
            return (a.to_string(), b.to_string());
        }
    }
    (column.to_string(), load.to_string())
}

/// A legend naming the two columns' kernels for the tables below it:
/// `./report.py -b 5.19.0+ -c 5.19.0-skip-sis-util+ …` → both;
/// `baseline:  net-next c639a708a0b8` → the first; `compare:  baseline +
/// patchset` → the second; `Baseline vs Baseline+patch0:` (one word each
/// side) → both.
fn legend(t: &str) -> Option<(Option<String>, Option<String>)> {
    let words: Vec<&str> = t.split_whitespace().collect();
    if let Some(at) = words.iter().position(|w| w.ends_with("report.py")) {
        let after = &words[at..];
        let opt = |o: &str| after.windows(2).find(|w| w[0] == o).map(|w| w[1].to_string());
        let (b, c) = (opt("-b"), opt("-c"));
        return (b.is_some() && c.is_some()).then_some((b, c));
    }
    if words.len() == 3 && words[1] == "vs" && words[2].len() > 1 && words[2].ends_with(':') {
        return Some((Some(words[0].to_string()), Some(words[2].trim_end_matches(':').to_string())));
    }
    // `Baseline + patch1 vs Baseline + patch0 + patch1:` (attack42 F10):
    // each side names joined by ` + `, read as `Baseline+patch1`.
    if let Some((a, b)) = plus_sides(&words) {
        return Some((Some(a), Some(b)));
    }
    let (key, value) = t.split_once(':')?;
    let value = value.trim();
    if value.is_empty() || value.chars().count() > 60 {
        return None;
    }
    match key.trim() {
        "baseline" => Some((Some(value.to_string()), None)),
        "compare" => Some((None, Some(value.to_string()))),
        _ => None,
    }
}

/// `A + b vs A + c + d:` → (`A+b`, `A+c+d`): each side single words
/// joined by `+` alone (at least one `+`), the line ending in `:`.
fn plus_sides(words: &[&str]) -> Option<(String, String)> {
    let last = words.last()?.strip_suffix(':')?;
    let at = words.iter().position(|w| *w == "vs")?;
    let mut right: Vec<&str> = words[at + 1..].to_vec();
    *right.last_mut()? = last;
    let side = |ws: &[&str]| -> Option<String> {
        // word (+ word)*, with at most one `+` between names.
        if ws.is_empty() || ws.len().is_multiple_of(2) {
            return None;
        }
        for (k, w) in ws.iter().enumerate() {
            let plus = *w == "+";
            if (k % 2 == 1) != plus || w.is_empty() || (!plus && w.contains(['+', ':', ','])) {
                return None;
            }
        }
        Some(ws.concat())
    };
    let (a, b) = (side(&words[..at])?, side(&right)?);
    (words.contains(&"+")).then_some((a, b))
}

/// A line that sets out to name a comparison (`… vs …:`) but that
/// [`legend`] cannot read (attack42 F10: `Baseline + patch1 vs Baseline
/// + patch0 + patch1` in other words): the legend above no longer holds.
fn unread_legend(t: &str) -> bool {
    t.ends_with(':') && t.split_whitespace().any(|w| w == "vs" || w == "vs.")
}

/// True for a rule under a title (`=========`).
fn is_rule(t: &str) -> bool {
    t.len() >= 3 && t.bytes().all(|b| b == b'=')
}

/// A table being read: its header's line, title, load column, kernels.
struct Table {
    line: usize,
    depth: u8,
    /// Under a header of no std% columns ([`bare_header`]).
    bare: bool,
    bench: String,
    better: Better,
    /// +1 where `compare%` is the change (`1 + pct/100`), −1 where it is
    /// report.py's improvement of a lower-better metric (`1 − pct/100`).
    sign: f64,
    /// Why a table's direction or sign is in doubt (said once, at its
    /// first row), and whether its rows are read at all.
    doubt: Option<String>,
    read: bool,
    stated_lower: bool,
    /// Whether the `%` figures' reading was said.
    percent_said: bool,
    title_words: String,
    load_column: String,
    kernels: (String, String),
    bounds: Vec<usize>,
    marks: Vec<usize>,
    /// The legend names one kernel for both columns: the compare column
    /// is not read.
    same: bool,
    /// Each (case, load) read and its line: a row printed again is not a
    /// second run.
    seen: Vec<(String, String, usize)>,
    /// The line of the header or of the last row read (a line right under
    /// it that is no row is a row cut).
    last: usize,
}

/// The direction of a table titled `title` (its first word, lower case,
/// and the title's own words): (better, sign, a doubt to say, stated lower).
fn direction(bench: &str, title: &str) -> (Better, f64, Option<String>, bool) {
    let lower = title.to_ascii_lowercase();
    if lower.contains("higher is better") {
        return (Better::Higher, 1.0, None, false);
    }
    let known = KNOWN.iter().find(|(b, _)| *b == bench).map(|&(_, b)| b);
    if lower.contains("lower is better") {
        return (Better::Lower, -1.0, None, true);
    }
    match known {
        Some(Better::Lower) => {
            let doubt = lower.contains("throughput").then(|| {
                format!(
                    "the title says throughput, but report.py's {bench} compares its time (a positive compare% is a \
                     shorter time): read as time normalized to the baseline, lower is better"
                )
            });
            (Better::Lower, -1.0, doubt, false)
        }
        Some(b) => (b, 1.0, None, false),
        None => (
            Better::Neither,
            1.0,
            Some(format!(
                "a report.py table of no benchmark report.py knows (`{}`): its direction is not known, and its \
                 compare% is read as the change, 1 + compare%/100 (report.py's value for a higher-is-better metric; \
                 for a lower-is-better one it would be 1 - compare%/100)",
                if title.is_empty() { "no title" } else { title }
            )),
            false,
        ),
    }
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let lines: Vec<&str> = input.lines.iter().map(|l| l.trim()).collect();
    let mut kernels: (Option<String>, Option<String>) = (None, None);
    let mut title: Option<(String, usize)> = None;
    let mut open: Option<Table> = None;
    let mut unnamed_said = false;
    // Each benchmark's first table's baseline kernel and line.
    let mut bases: Vec<(String, String, usize)> = Vec::new();
    let mut tables: Vec<Table> = Vec::new();
    // The line of the legend in force, the benchmarks of the tables read
    // under it (and their header lines), and a legend naming one kernel
    // twice said.
    let mut legend_line = 0;
    let mut under_legend: Vec<(String, usize)> = Vec::new();
    let mut same_said = 0;
    for (i, &t) in lines.iter().enumerate() {
        let n = i + 1;
        let depth = input.quote_depth(i);
        if let Some((b, c)) = legend(t) {
            if b.is_some() {
                kernels.0 = b;
            }
            if c.is_some() {
                kernels.1 = c;
            }
            legend_line = n;
            under_legend.clear();
            continue;
        }
        // A `… vs …:` line not read as a legend: the tables below compare
        // other kernels than the legend above names (attack42 F10).
        if unread_legend(t) {
            kernels = (None, None);
            unnamed_said = false;
            legend_line = n;
            under_legend.clear();
            continue;
        }
        // `hackbench` / `=========`: the next table's title (a rule under a
        // row, the EEVDF tables' closing rule, is none).
        if is_rule(t) {
            if let Some(prev) = lines[..i].iter().rposition(|l| !l.is_empty())
                && row(lines[prev]).is_none()
                && header(lines[prev]).is_none()
                && !is_rule(lines[prev])
                && lines[prev].chars().count() <= 80
            {
                title = Some((lines[prev].to_string(), prev + 1));
            }
            continue;
        }
        if let Some((load_column, bare)) = header(t).map(|c| (c, false)).or_else(|| bare_header(t).map(|c| (c, true))) {
            if let Some(tb) = open.take() {
                tables.push(tb);
            }
            let (title_text, _) = title.take().unwrap_or_default();
            let bench = title_text
                .split_whitespace()
                .next()
                .map(|w| {
                    w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_').to_ascii_lowercase()
                })
                .filter(|w| !w.is_empty())
                .unwrap_or_else(|| "results".to_string());
            let (better, sign, doubt, stated_lower) = direction(&bench, &title_text);
            let mut named = (kernels.0.clone(), kernels.1.clone());
            // A second table of one benchmark under one legend (attack42
            // F10: a second comparison under a legend of prose): which
            // kernels it compares is not known.
            if named.0.is_some()
                && named.1.is_some()
                && let Some((_, first)) = under_legend.iter().find(|(b, _)| *b == bench)
            {
                out.notes.push((
                    n,
                    format!(
                        "a second {bench} table under the legend of line {legend_line} (the first on line {first}): \
                         if it compares other kernels, no legend names them (`A vs B:`); its columns are read as \
                         kernels `baseline` and `compare`, not as the legend's"
                    ),
                ));
                named = (None, None);
                unnamed_said = true;
            }
            under_legend.push((bench.clone(), n));
            if (named.0.is_none() || named.1.is_none()) && !unnamed_said {
                unnamed_said = true;
                out.notes.push((
                    n,
                    "no legend names this table's kernels (`./report.py -b A -c B`, `baseline: A` and `compare: B`, \
                     or `A vs B:`): its columns are read as kernels `baseline` and `compare` of this file alone: \
                     where another file of the class has such a table too, each file's are named after it, as \
                     `baseline (dir/file.txt)`, never averaged with another file's"
                        .to_string(),
                ));
            }
            // The names given by default are this file's alone
            // (`ParsedFile::default_kernels`): two letters' `baseline`
            // columns are two trees (archive45 R1).
            for (name, default) in [(&named.0, "baseline"), (&named.1, "compare")] {
                if name.is_none() && !out.default_kernels.iter().any(|d| d == default) {
                    out.default_kernels.push(default.to_string());
                }
            }
            let kernels =
                (named.0.unwrap_or_else(|| "baseline".to_string()), named.1.unwrap_or_else(|| "compare".to_string()));
            // `./report.py -b X -c X` (attack42 F2): the baseline's 1.00
            // and the compared value would be averaged as two runs of X.
            let same = kernels.0 == kernels.1;
            if same && same_said != legend_line.max(1) {
                same_said = legend_line.max(1);
                out.notes.push((
                    legend_line.max(1),
                    format!(
                        "the legend names the same kernel `{}` for the baseline and the compared column: the \
                         compared column is not read (two kernels' figures averaged as runs would hide the change): \
                         name them apart",
                        kernels.0
                    ),
                ));
            }
            match bases.iter().find(|(b, _, _)| *b == bench) {
                Some((_, k, at)) if *k != kernels.0 => out.notes.push((
                    n,
                    format!(
                        "{bench}: this table's baseline ({}) is another kernel than the table's of line {at} ({k}); \
                         each table's values are normalized to its own baseline and do not compare across the two",
                        kernels.0
                    ),
                )),
                Some(_) => {}
                None => bases.push((bench.clone(), kernels.0.clone(), n)),
            }
            open = Some(Table {
                line: n,
                depth,
                bare,
                bench,
                better,
                sign,
                doubt,
                read: true,
                stated_lower,
                percent_said: false,
                title_words: title_text,
                load_column,
                kernels,
                bounds: Vec::new(),
                marks: Vec::new(),
                same,
                seen: Vec::new(),
                last: n,
            });
            continue;
        }
        let bare = open.as_ref().is_some_and(|tb| tb.bare && tb.depth == depth);
        let Some(r) = (if bare { bare_row(t) } else { row(t) }) else {
            // A line right under the table's header or last row, of its
            // depth, with figures but no whole row (attack42 F11: a last
            // row cut in its cells, a figure without its `( std%)`).
            if let Some(tb) = open.as_ref().filter(|tb| tb.depth == depth)
                && !t.is_empty()
                && !is_rule(t)
                && tb.last + 1 == n
                && t.split_whitespace().count() >= 3
                && t.bytes().any(|b| b.is_ascii_digit())
            {
                out.notes.push((
                    n,
                    format!(
                        "{}: a line under the table of line {} that is no whole row (`case  load  1.00 ( std)  \
                         +pct ( std)`: a cell cut or without its `( std%)`): not read",
                        tb.bench, tb.line
                    ),
                ));
            }
            continue;
        };
        let Some(tb) = open.as_mut().filter(|tb| tb.depth == depth) else {
            out.notes.push((n, "a row of a report.py table under no `case  load  baseline(std%)  compare%( std%)` header of its quote depth: not read".to_string()));
            continue;
        };
        tb.last = n;
        if let Some(doubt) = tb.doubt.take() {
            out.notes.push((n, format!("{}: {doubt}", tb.bench)));
        }
        // A table of `%` figures is not report.py's: a lower-better one's
        // compare% may be a change or an improvement.
        if r.percent && tb.stated_lower && tb.read {
            tb.read = false;
            out.notes.push((
                n,
                format!(
                    "{}: figures with `%` are not report.py's output, and whether this lower-is-better table's \
                     compare% is report.py's improvement (1 - compare%/100) or the change (1 + compare%/100) is not \
                     known: the table is not read ({})",
                    tb.bench, tb.title_words
                ),
            ));
        }
        if !tb.read {
            continue;
        }
        // Read as the change of the metric the title names: said once.
        if r.percent && !tb.stated_lower && !tb.percent_said {
            tb.percent_said = true;
            out.notes.push((
                n,
                format!(
                    "{}: figures with `%` are not report.py's output: compare% is read as {}",
                    tb.bench,
                    if tb.sign < 0.0 {
                        "report.py's improvement of a lower-is-better metric (1 - compare%/100); had it been the \
                         change of the metric, the values would differ"
                    } else {
                        "the change of the metric the title names (1 + compare%/100); had it been computed as \
                         report.py does from a time, the values would differ"
                    }
                ),
            ));
        }
        // To the figures' own precision (`+13.84` → 4 decimals: 0.8616,
        // not 0.8615999999999999).
        let scale = 10f64.powi(r.decimals + 2);
        let value = ((100.0 + tb.sign * r.pct) / 100.0 * scale).round() / scale;
        if value < 0.0 {
            out.notes
                .push((n, format!("{}: compare% {} gives a negative value: the row is not read", tb.bench, r.pct)));
            continue;
        }
        let (lp, lv) = load_param(&tb.load_column, &r.load);
        // A row printed again under its header (attack42 F2): a rerun or
        // the row pasted twice, not a second run (as pct_table's).
        let again = tb.seen.iter().find(|(c, l, _)| *c == r.case && *l == r.load).map(|&(_, _, at)| at);
        if let Some(first) = again {
            out.notes.push((
                n,
                format!(
                    "{}: `{} {}` printed again under the header of line {} (first on line {first}): a rerun or the \
                     row pasted twice, not another run; read as a row of its own (`rerun printed again`), not \
                     averaged with it",
                    tb.bench, r.case, r.load, tb.line
                ),
            ));
        } else {
            tb.seen.push((r.case.clone(), r.load.clone(), n));
        }
        for (k, (v, sd)) in [(&tb.kernels.0, (r.base, &r.base_sd)), (&tb.kernels.1, (value, &r.cmp_sd))] {
            if tb.same && std::ptr::eq(k, &tb.kernels.1) {
                continue;
            }
            let metric = Metric::new(tb.bench.as_str(), "normalized", tb.better);
            let mut s = Sample::new(metric, v, n).with_group(tb.bench.as_str()).with_kernel(k.as_str());
            s = s.with_param("case", &r.case).with_param(lp.as_str(), &lv);
            if again.is_some() {
                s = super::repeats::printed_again(s);
            }
            // n unknown: a summary of one run's weight, never tested.
            if let Spread::Figure(p) = sd {
                s = s.with_summary(v, Some(p * v / 100.0), 1);
            }
            out.samples.push(s);
        }
        if matches!(r.base_sd, Spread::Bound(_)) || matches!(r.cmp_sd, Spread::Bound(_)) {
            tb.bounds.push(n);
        }
        if r.mark.is_some() {
            tb.marks.push(n);
        }
        for k in [&tb.kernels.0, &tb.kernels.1] {
            if !out.kernel_order.contains(k) {
                out.kernel_order.push(k.clone());
            }
        }
    }
    tables.extend(open);
    for tb in &tables {
        if let Some(&first) = tb.bounds.first() {
            out.notes.push((
                first,
                format!(
                    "{}: a std% written as a bound (`(<2%)`) is no figure: {} row(s) of the table of line {} read \
                     without a spread (lines {})",
                    tb.bench,
                    tb.bounds.len(),
                    tb.line,
                    lines_list(&tb.bounds)
                ),
            ));
        }
        if let Some(&first) = tb.marks.first() {
            out.notes.push((
                first,
                format!(
                    "{}: the writer marks {} row(s) of the table of line {} with `*` (lines {}); the mark is kept \
                     here, the figures read as printed",
                    tb.bench,
                    tb.marks.len(),
                    tb.line,
                    lines_list(&tb.marks)
                ),
            ));
        }
    }
    out.notes.sort_by_key(|(l, _)| *l);
    if out.samples.is_empty() {
        return Err(ParseError::NoResults {
            benchmark: ID,
            reason: "no row `case  load  1.00 ( std)  +pct ( std)` under a `case  load  baseline(std%)  compare%( std%)` header"
                .into(),
        });
    }
    Ok(out)
}

/// `10, 11, 14`: a list of lines, the first 10.
fn lines_list(lines: &[usize]) -> String {
    let mut s: Vec<String> = lines.iter().take(10).map(usize::to_string).collect();
    if lines.len() > 10 {
        s.push("…".to_string());
    }
    s.join(", ")
}

impl BenchParser for Schedtests {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "schedtests report.py comparison tables (`case load baseline(std%) compare%( std%)`, Intel's scheduler results on LKML)"
    }

    /// Its first test asks for both.
    fn literals(&self) -> &'static [&'static str] {
        &["compare%"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has("compare%") || !input.has("std%)") {
            return 0;
        }
        let headed = input.lines.iter().any(|l| header(l.trim()).is_some());
        let rows = input.lines.iter().filter(|l| row(l.trim()).is_some()).take(1).count();
        if headed && rows >= 1 { 85 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        85
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Value;

    fn read(text: &str) -> ParsedFile {
        Schedtests.parse(&Input::from_text(text)).expect("reads")
    }

    /// (kernel, case, load param, mean, sd, better) of each sample.
    fn got(f: &ParsedFile) -> Vec<(String, String, f64, Option<f64>, Better)> {
        f.samples
            .iter()
            .map(|s| {
                let params: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                let sd = match s.value {
                    Value::Summary { stddev, .. } => stddev,
                    Value::Single { .. } => None,
                };
                (
                    format!("{} {}", s.kernel.as_deref().unwrap_or(""), s.group),
                    params.join(" "),
                    (s.value.mean() * 1e6).round() / 1e6,
                    sd.map(|d| (d * 1e8).round() / 1e8),
                    s.metric.better,
                )
            })
            .collect()
    }

    /// archive45 N5: report.py's will-it-scale table of no std% columns
    /// (Chen Yu, SIS_SHORT v6, LKML 2023-02) above the std% tables: read,
    /// no spread; its direction not known (report.py's list has no
    /// will-it-scale), said.
    #[test]
    fn a_table_without_std_columns_is_read() {
        let f = read(
            "will-it-scale\n=============\ncase\t\t\tload\t\tbaseline\tcompare%\n\
             context_switch1\t\t224 groups\t1.00\t\t+946.68%\n\nnetperf\n=======\n\
             case            \tload    \tbaseline(std%)\tcompare%( std%)\n\
             TCP_RR          \t56-threads\t 1.00 (  1.12)\t -0.05 (  0.97)\n",
        );
        let g = got(&f);
        assert_eq!(
            g[0],
            ("baseline will-it-scale".into(), "case=context_switch1 groups=224".into(), 1.0, None, Better::Neither)
        );
        assert_eq!(g[1].2, 10.4668);
        assert_eq!(g[3].2, 0.9995);
        assert!(f.notes.iter().any(|(l, m)| *l == 4 && m.contains("direction is not known")), "{:?}", f.notes);
        // Must not fire: a std% row is no bare row, a header of more words
        // no bare header, a compare% without its `%` or sign no bare cell.
        assert_eq!(bare_row("TCP_RR 56-threads 1.00 ( 1.12) -0.05 ( 0.97)"), None);
        assert_eq!(bare_header("case load baseline compare% ( std%)"), None);
        assert_eq!(bare_row("context_switch1 224 groups 1.00 946.68"), None);
        assert_eq!(bare_row("context_switch1 224 groups 1.00 +946.68% more words"), None);
    }

    /// The tab form with a `report.py -b/-c` legend (Chen Yu, LKML 2022):
    /// schbench (lower is better: the compared value 1 - pct/100) and
    /// netperf (higher: 1 + pct/100), each std% a spread of its own value.
    #[test]
    fn a_report_py_table_with_its_legend() {
        let text = " ./report.py -b 5.19.0+ -c 5.19.0-skip-sis-util+ -t schbench\n\nschbench\n========\n\
                    case            load    baseline(std%) compare%( std%)\n\
                    normal          mthread-1 1.00 (  0.00) +7.69 (  0.00)\n\n\
                    netperf\n=======\n\
                    case            \tload    \tbaseline(std%)\tcompare%( std%)\n\
                    TCP_RR          \t224-threads\t 1.00 (  0.70)\t+119.95 ( 34.26)\n";
        let input = Input::from_text(text);
        assert_eq!(Schedtests.detect(&input), 85);
        let f = read(text);
        let row = |k: &str, p: &str, v: f64, sd: f64, b: Better| (k.to_string(), p.to_string(), v, Some(sd), b);
        assert_eq!(
            got(&f),
            vec![
                row("5.19.0+ schbench", "case=normal mthread=1", 1.0, 0.0, Better::Lower),
                row("5.19.0-skip-sis-util+ schbench", "case=normal mthread=1", 0.9231, 0.0, Better::Lower),
                row("5.19.0+ netperf", "case=TCP_RR threads=224", 1.0, 0.007, Better::Higher),
                row("5.19.0-skip-sis-util+ netperf", "case=TCP_RR threads=224", 2.1995, 0.75354870, Better::Higher),
            ]
        );
        assert_eq!(f.kernel_order, ["5.19.0+", "5.19.0-skip-sis-util+"]);
        assert!(f.notes.is_empty(), "{:?}", f.notes);
        // n unknown: a summary of one (never tested as more runs).
        assert!(matches!(f.samples[1].value, Value::Summary { n: 1, .. }));
    }

    /// No legend: `baseline` / `compare`, said; no title: no direction,
    /// said; quoted rows read at their depth; a writer's `*` kept as a note.
    #[test]
    fn unnamed_columns_and_an_untitled_table_are_said() {
        let text = "> case            \tload    \tbaseline(std%)\tcompare%( std%)\n\
                    > TCP_RR          \t60-threads\t 1.00 (  1.60)\t +0.35 (  1.73)\n\
                    > TCP_RR          \t180-threads\t 1.00 (  1.59)\t+92.20 (  4.24)*\n";
        let f = read(text);
        assert_eq!(f.kernel_order, ["baseline", "compare"]);
        assert_eq!(f.samples.len(), 4);
        assert!(f.samples.iter().all(|s| s.metric.better == Better::Neither && s.group == "results"));
        assert_eq!(f.samples[3].value.mean(), 1.922);
        let said: Vec<usize> = f.notes.iter().map(|(l, _)| *l).collect();
        assert_eq!(said, [1, 2, 3], "{:?}", f.notes);
        assert!(f.notes[0].1.contains("no legend"), "{:?}", f.notes);
        assert!(f.notes[1].1.contains("direction is not known"), "{:?}", f.notes);
        assert!(f.notes[2].1.contains("`*` (lines 3)"), "{:?}", f.notes);
    }

    /// The `%` form with stated directions and `(<2%)` bounds (Chen Yu's
    /// EEVDF numbers as quoted, LKML 2023): the higher-is-better table read
    /// without spreads (said), the lower-is-better one not read (said).
    #[test]
    fn bounds_and_a_percent_form_lower_table() {
        let text = ">   schbench  (95% tail latency, lower is better)\n\
                    >   ==========\n\
                    >   case                    nr_instance            baseline (std%)    compare% ( std%)\n\
                    >   normal                   25%                     1.00  (2.49%)    -81.2%   (4.27%)\n\
                    >   ==========\n>\n\
                    >   hackbench (throughput, higher is better)\n\
                    >   ==========\n\
                    >   case                    nr_instance            baseline(std%)  compare%( std%)\n\
                    >   threads-pipe              25%                      1.00 (<2%)    -17.5 (<2%)\n\
                    >   threads-pipe              100%                     1.00 (3%)     +110.1 (3%)\n";
        let f = read(text);
        assert_eq!(
            got(&f),
            vec![
                ("baseline hackbench".into(), "case=threads-pipe nr_instance=25%".into(), 1.0, None, Better::Higher),
                ("compare hackbench".into(), "case=threads-pipe nr_instance=25%".into(), 0.825, None, Better::Higher),
                (
                    "baseline hackbench".into(),
                    "case=threads-pipe nr_instance=100%".into(),
                    1.0,
                    Some(0.03),
                    Better::Higher
                ),
                (
                    "compare hackbench".into(),
                    "case=threads-pipe nr_instance=100%".into(),
                    2.101,
                    Some(0.06303),
                    Better::Higher
                ),
            ]
        );
        assert!(f.notes.iter().any(|(l, m)| *l == 4 && m.contains("not read")), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, m)| *l == 10 && m.contains("(lines 10)")), "{:?}", f.notes);
    }

    /// `A vs B:` legends name each part's kernels; a second hackbench table
    /// of another baseline is said (different bases); a `hackbench
    /// throughput` title over report.py's time is said.
    #[test]
    fn vs_legends_and_two_bases() {
        let text = "Baseline vs Baseline+patch0:\n\nhackbench throughput\n=========\n\
                    case            \tload    \tbaseline(std%)\tcompare%( std%)\n\
                    process-pipe    \t1-groups\t 1.00 (  2.66)\t+13.84 ( 12.80)\n\n\
                    Baseline+patch1    vs    Baseline+patch0+patch1:\n\nhackbench\n=========\n\
                    case            \tload    \tbaseline(std%)\tcompare%( std%)\n\
                    process-pipe    \t1-groups\t 1.00 (  0.25)\t+31.65 (  6.77)\n";
        let f = read(text);
        assert_eq!(f.kernel_order, ["Baseline", "Baseline+patch0", "Baseline+patch1", "Baseline+patch0+patch1"]);
        assert_eq!(f.samples[1].value.mean(), 0.8616);
        assert!(f.samples.iter().all(|s| s.metric.better == Better::Lower));
        assert!(f.notes.iter().any(|(l, m)| *l == 6 && m.contains("title says throughput")), "{:?}", f.notes);
        assert!(
            f.notes.iter().any(|(l, m)| *l == 12 && m.contains("another kernel than the table's of line 5")),
            "{:?}",
            f.notes
        );
    }

    /// What the legend and row rules must not take: prose with `vs` or a
    /// `baseline:` of many words, AMD's `pct` rows, mmtests' and LKP's
    /// compare rows, a row without its compare cell.
    #[test]
    fn what_is_no_legend_and_no_row() {
        assert_eq!(legend("Baseline vs Baseline+patch0 shows no difference:"), None);
        assert_eq!(legend("hackbench vs netperf"), None);
        assert_eq!(legend("The baseline is v6.4-rc1 tip:sched/core, on top of"), None);
        assert_eq!(legend("  baseline:\tnet-next c639a708a0b8"), Some((Some("net-next c639a708a0b8".into()), None)));
        assert_eq!(row("1-groups:         5.05 (0.00 pct)         5.00 (0.99 pct)"), None);
        assert_eq!(row("Hmean     tput-2     95692.84 (   0.00%)    93196.89 *  -2.61%*"), None);
        assert_eq!(row("      7072            +1.0%       7142        will-it-scale.per_process_ops"), None);
        assert_eq!(row("process-pipe    \t1-groups\t 1.00 (  2.66)"), None);
        assert_eq!(header("case            load    baseline  compare%"), None);
        // attack42 F16 (its s/s02): `Baseline(std%)` is the header too.
        assert_eq!(header("case            load    Baseline(std%) compare%( std%)"), Some("load".into()));
        assert_eq!(header("case            load    Baseline(std%) compare"), None);
        assert!(row("process-pipe    \t1 group \t 1.00 (  0.59)\t -1.35 (  0.88)").is_some());
        // The AMD pct table is not claimed.
        let amd = "Test:   tip   v1\n 1-groups:  4.23 (0.00 pct)  4.21 (0.47 pct)\n";
        assert_eq!(Schedtests.detect(&Input::from_text(amd)), 0);
    }

    /// attack42 F2 (its s/s12-row-twice.txt, the 2022-08 fixture with
    /// `normal mthread-4` printed twice, -5.88 then +25.00): the two were
    /// averaged as runs, silently; the second is now a row of its own
    /// (`rerun printed again`), said at its line. Another load of the same
    /// case is no second print (must not fire).
    #[test]
    fn a_row_printed_again_is_a_row_of_its_own() {
        let text = " ./report.py -b 5.19.0+ -c 5.19.0-skip-sis-util+ -t schbench\n\nschbench\n========\n\
                    case            load    baseline(std%) compare%( std%)\n\
                    normal          mthread-2 1.00 (  0.00) +13.24 (  0.00)\n\
                    normal          mthread-4 1.00 (  0.00) -5.88 (  0.00)\n\
                    normal          mthread-4 1.00 (  0.00) +25.00 (  0.00)\n\
                    normal          mthread-8 1.00 (  0.00) -0.25 (  0.00)\n";
        let f = read(text);
        let again = crate::parse::repeats::printed_again_lines(&f);
        assert_eq!(again, [8, 8]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert!(f.notes[0].0 == 8 && f.notes[0].1.contains("first on line 7"), "{:?}", f.notes);
        assert_eq!(f.samples.len(), 8);
    }

    /// attack42 F2 (its s/s13-same-kernel.txt: `./report.py -b 5.19.0+ -c
    /// 5.19.0+`): the baseline's 1.00 and the compared value were averaged
    /// as two runs of 5.19.0+; the compared column is now not read, said
    /// once at the legend. Two kernels named apart are read (must not fire:
    /// `a_report_py_table_with_its_legend`).
    #[test]
    fn one_kernel_named_for_both_columns_reads_the_baseline_only() {
        let text = " ./report.py -b 5.19.0+ -c 5.19.0+ -t schbench\n\nschbench\n========\n\
                    case            load    baseline(std%) compare%( std%)\n\
                    normal          mthread-1 1.00 (  0.00) +7.69 (  0.00)\n\n\
                    ./report.py -b 5.19.0+ -c 5.19.0+ -t netperf\nnetperf\n=======\n\
                    case            load    baseline(std%) compare%( std%)\n\
                    TCP_RR          thread-28 1.00 (  0.62) +0.15 (  0.55)\n";
        let f = read(text);
        let values: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(values, [1.0, 1.0]);
        let said: Vec<usize> = f.notes.iter().map(|(l, _)| *l).collect();
        assert_eq!(said, [1, 8], "{:?}", f.notes);
        assert!(f.notes.iter().all(|(_, m)| m.contains("same kernel `5.19.0+`")), "{:?}", f.notes);
    }

    /// attack42 F10 (its s/s20 and s/s21, the 2023-07 fixture's second
    /// legend `Baseline+patch1 vs Baseline+patch0+patch1:` written with
    /// blanks, or as prose): the second comparison's tables took the first
    /// legend's names and were averaged with its tables. `A + b vs A + c:`
    /// is now read as `A+b` / `A+c`; a second table of a benchmark under
    /// one legend is `baseline` / `compare`, said. A second table under a
    /// new legend is no second one (must not fire: `vs_legends_and_two_bases`).
    #[test]
    fn a_second_comparison_never_takes_the_first_legend() {
        let first = "Baseline vs Baseline+patch0:\n\nhackbench\n=========\n\
                     case            \tload    \tbaseline(std%)\tcompare%( std%)\n\
                     process-pipe    \t1-groups\t 1.00 (  2.66)\t+13.84 ( 12.80)\n\n";
        let second = "hackbench\n=========\n\
                      case            \tload    \tbaseline(std%)\tcompare%( std%)\n\
                      process-pipe    \t1-groups\t 1.00 (  0.25)\t+31.65 (  6.77)\n";
        let f = read(&format!("{first}Baseline + patch1 vs Baseline + patch0 + patch1:\n\n{second}"));
        assert_eq!(f.kernel_order, ["Baseline", "Baseline+patch0", "Baseline+patch1", "Baseline+patch0+patch1"]);
        let f = read(&format!("{first}Now the patch1 runs, which compare patch1 with patch0 plus patch1:\n\n{second}"));
        assert_eq!(f.kernel_order, ["Baseline", "Baseline+patch0", "baseline", "compare"]);
        assert!(
            f.notes.iter().any(|(l, m)| *l == 12 && m.contains("second hackbench table under the legend of line 1")),
            "{:?}",
            f.notes
        );
        let f = read(&format!("{first}Baseline and patch1 vs the rest:\n\n{second}"));
        assert_eq!(f.kernel_order, ["Baseline", "Baseline+patch0", "baseline", "compare"]);
        assert_eq!(plus_sides(&["A", "+", "b", "vs", "A", "+", "c:"]), Some(("A+b".into(), "A+c".into())));
        assert_eq!(plus_sides(&["A", "vs", "B", "and", "C:"]), None);
    }

    /// attack42 F11 (its s/s04, s04b, s05, s05b: the last row cut to `+0.7`
    /// or `( 18.`, a compare or baseline cell without its `( std%)`): the
    /// row went with no word; now each is said at its line. A line of prose
    /// with figures after the table's blank line is not (must not fire).
    #[test]
    fn a_row_cut_or_without_its_std_is_said() {
        let head = "schbench\n========\ncase            load    baseline(std%) compare%( std%)\n\
                    normal          mthread-1 1.00 (  0.00) +7.69 (  0.00)\n";
        for bad in [
            "UDP_RR          thread-224 1.00 ( 18.68) +0.7",
            "UDP_RR          thread-224 1.00 ( 18.68) +0.72 ( 18.",
            "normal          mthread-2 1.00 (  0.00) +13.24",
            "normal          mthread-2 1.00 +13.24 (  0.00)",
        ] {
            let f = read(&format!("{head}{bad}\nnormal          mthread-4 1.00 (  0.00) -5.88 (  0.00)\n"));
            assert_eq!(f.samples.len(), 4, "{bad}");
            let cut: Vec<usize> = f.notes.iter().filter(|(_, m)| m.contains("no whole row")).map(|(l, _)| *l).collect();
            assert_eq!(cut, [5], "{bad}: {:?}", f.notes);
        }
        let f = read(&format!("{head}\nThe 2 runs of 8 threads were noisy.\n"));
        assert!(!f.notes.iter().any(|(_, m)| m.contains("no whole row")), "{:?}", f.notes);
    }

    /// attack42 F15 (its s/s06b: `(<2%)` in a schbench table): the `%`
    /// warning said `1 + compare%/100` where 1 − compare%/100 is read, with
    /// runs of blanks in its text; it now states what is read.
    #[test]
    fn the_percent_warning_states_the_value_read() {
        let text = "schbench\n========\ncase            load    baseline(std%) compare%( std%)\n\
                    normal          mthread-1 1.00 (<2%) +7.69 (<2%)\n";
        let f = read(text);
        assert_eq!(f.samples[1].value.mean(), 0.9231);
        let m = &f.notes.iter().find(|(_, m)| m.contains("not report.py's output")).expect("said").1;
        assert!(m.contains("(1 - compare%/100)") && !m.contains("  "), "{m}");
    }
}
