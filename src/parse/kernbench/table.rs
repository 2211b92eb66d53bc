//! kernbench's result tables: the header (`Average Half Load -j 4 Run`,
//! run numbers, side-by-side columns), the value rows (`Elapsed Time 115.7
//! (0.5)`) and the column names.

use crate::model::Better;
use crate::parse::num::plain;
use crate::parse::{Input, ParseError};

pub(super) const ROWS: [(&str, &str, Better); 6] = [
    ("Elapsed Time", "s", Better::Lower),
    ("User Time", "s", Better::Lower),
    ("System Time", "s", Better::Lower),
    ("Percent CPU", "%", Better::Neither),
    ("Context Switches", "", Better::Neither),
    ("Sleeps", "", Better::Neither),
];

/// A block header's run name: the text between `Average ` and `Run`, for
/// every ending kernbench printed (`Run (std deviation):`, `Run:`, and
/// posts that dropped the colon). `None` when the line is not a header.
pub(super) fn header_name(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("Average ")?;
    let name = rest
        .strip_suffix("Run (std deviation):")
        .or_else(|| rest.strip_suffix("Run (std deviation)"))
        .or_else(|| rest.strip_suffix("Run:"))
        .or_else(|| rest.strip_suffix("Run"))?
        .trim();
    (!name.is_empty()).then_some(name)
}

/// `Run    (std deviation)` (or with a colon) on a line of its own: the end
/// of a block header a post split over two lines, `Average Half load -j 8`
/// above it (LKML 2018, the speculative page fault series' kernbench).
pub(super) fn is_header_tail(line: &str) -> bool {
    let t = line.split_whitespace().collect::<Vec<_>>().join(" ");
    matches!(t.as_str(), "Run (std deviation)" | "Run (std deviation):")
}

/// A block header as read: run name, load, jobs.
pub(super) type Header = (String, &'static str, Option<u32>);

/// A block header: returns (run name, load, jobs).
///
/// Every form kernbench 0.20–0.50 prints: `Average Optimal load -j 8 Run (std
/// deviation):` → ("Optimal load -j 8", "optimal", Some(8)); `Average Half
/// Load Run:` → ("Half Load", "half", None); `Average Optimal -j 32 Load
/// Run:` → ("Optimal -j 32 Load", "optimal", Some(32)); `Average Maximal -j
/// Load Run:` → maximal; `Average Single Threaded Run:` → ("Single
/// Threaded", "single", None). A patched kernbench's `Custom load -j 32` is
/// read as load `custom`.
pub(super) fn header(line: &str) -> Option<(String, &'static str, Option<u32>)> {
    let name = header_name(line)?;
    let mut words = name.split_whitespace();
    let load = match words.next()?.to_ascii_lowercase().as_str() {
        "half" => "half",
        "optimal" | "optimum" => "optimal",
        "maximal" | "maximum" | "max" => "maximal",
        "single" => "single",
        "custom" => "custom",
        _ => return None,
    };
    let mut jobs = None;
    let mut words = words.peekable();
    while let Some(w) = words.next() {
        match w.to_ascii_lowercase().as_str() {
            "load" => {}
            "threaded" if load == "single" => {}
            "-j" => {
                if let Some(n) = words.peek().and_then(|n| n.parse::<u32>().ok()) {
                    jobs = Some(n);
                    words.next();
                }
            }
            _ => return None,
        }
    }
    Some((name.split_whitespace().collect::<Vec<_>>().join(" "), load, jobs))
}

/// A block header printed once over each side-by-side column, the same in
/// each (`Average Optimal -j 32 Load Run:` twice on one line, apart by
/// spaces: STP's kernbench of two kernels, LKML 2004): the header, and the
/// number of columns.
pub(super) fn side_by_side_header(line: &str) -> Option<(Header, usize)> {
    let cells: Vec<&str> =
        line.split('\t').flat_map(|p| p.split("  ")).map(str::trim).filter(|c| !c.is_empty()).collect();
    let first = header(cells.first()?)?;
    let same = cells.len() >= 2 && cells[1..].iter().all(|c| header(c).as_ref() == Some(&first));
    same.then_some((first, cells.len()))
}

/// A side-by-side block header ([`side_by_side_header`]) a mail wrapped
/// at 72 columns, at line `i` (0-based) of `lines`: the last column's
/// header ends on the next line, a few words alone (`Average Optimal -j
/// 32 Load Run:   Average Optimal -j 32` / `Load Run:`, attack32 F10 on
/// STP's 8-way post of LKML 2004). `None` when line `i` is a whole header
/// or the two lines are not one.
pub(super) fn wrapped_side_by_side_header(lines: &[String], i: usize) -> Option<(Header, usize)> {
    let line = &lines[i];
    if !line.trim_start().starts_with("Average ") || side_by_side_header(line).is_some() {
        return None;
    }
    let next = lines.get(i + 1)?;
    if next.trim().is_empty() || next.trim().contains("  ") || header_name(next).is_some() {
        return None;
    }
    side_by_side_header(&format!("{} {}", line.trim_end(), next.trim()))
}

/// `Optimal load -j 8 run number 5...` → ("Optimal load -j 8", 5).
pub(super) fn run_number(line: &str) -> Option<(String, u32)> {
    let t = line.trim();
    let (name, rest) = t.split_once(" run number ")?;
    let n = rest.trim_end_matches('.').trim().parse().ok()?;
    Some((name.split_whitespace().collect::<Vec<_>>().join(" "), n))
}

/// Run count hints valid for the whole file: `kernbench -n 5`, `5 runs`.
pub(super) fn global_runs(input: &Input) -> Option<u32> {
    for line in &input.lines {
        let toks: Vec<&str> = line.split_whitespace().collect();
        if let Some(k) = toks.iter().position(|t| t.rsplit('/').next() == Some("kernbench"))
            && let Some(p) = toks[k..].iter().position(|t| *t == "-n")
            && let Some(n) = toks.get(k + p + 1).and_then(|n| n.parse().ok())
        {
            return Some(n);
        }
        // A line with a figure besides the count is a result, perhaps
        // another benchmark's (reaim's `Peak load Test: Maximum Jobs per
        // Minute 8491.96 (average of 3 runs)`): not kernbench's run count.
        if toks.iter().filter(|t| plain(t.trim_start_matches('(')).is_some()).count() > 1 {
            continue;
        }
        for w in toks.windows(2) {
            if matches!(w[1].trim_end_matches([')', ',', '.', ':']), "runs")
                && let Ok(n) = w[0].trim_start_matches('(').parse::<u32>()
                && n > 0
            {
                return Some(n);
            }
        }
    }
    None
}

/// The run counts a person wrote in prose (`The build has been run 5
/// times each time.`, a linux-mm post over its kernbench blocks): `run`,
/// `ran`, `repeated`, `executed` or `rerun`, a count from 2 to 1000
/// ([`PROSE_RUNS`]), `times`; each count and its line (1-based), in file
/// order (`Kernel A was run 3 times.` … `Kernel B was rerun 7 times.`:
/// two, each of the blocks below it). A line with another figure is
/// skipped, as for [`global_runs`]; so is a count not yet done (`make
/// should be run 3 times`, `to be run`, `will run`: a plan, not what the
/// figures are of).
pub(super) fn prose_runs(input: &Input) -> Vec<(u32, usize)> {
    let mut out = Vec::new();
    for (i, line) in input.lines.iter().enumerate() {
        let toks: Vec<&str> = line.split_whitespace().collect();
        if toks.iter().filter(|t| plain(t.trim_start_matches('(')).is_some()).count() > 1 {
            continue;
        }
        for (k, w) in toks.windows(3).enumerate() {
            let verb = w[0].to_ascii_lowercase();
            let before = k.checked_sub(1).map(|b| toks[b].to_ascii_lowercase()).unwrap_or_default();
            let planned = matches!(
                before.as_str(),
                "be" | "to" | "will" | "would" | "should" | "shall" | "must" | "can" | "could" | "may" | "might"
            );
            if matches!(verb.as_str(), "run" | "ran" | "repeated" | "executed" | "rerun")
                && !planned
                && w[2].trim_end_matches([')', ',', '.', ':', ';']) == "times"
                && let Ok(n) = w[1].parse::<u32>()
                && PROSE_RUNS.contains(&n)
            {
                out.push((n, i + 1));
                break;
            }
        }
    }
    out
}

/// The run counts taken from prose ([`prose_runs`]): fewer than 2 is no
/// mean with a deviation; more than 1000 builds is no kernbench run a
/// post describes (`run 99999999999 times`).
pub(super) const PROSE_RUNS: std::ops::RangeInclusive<u32> = 2..=1000;

/// One column's figures on a block row: the value and its deviation.
pub(super) type Cell = (f64, Option<f64>);

/// A block row as read: metric index, one cell per column (one, or one per
/// set-up when a post prints set-ups side by side), and text a post added
/// after them in parentheses (`( + 2 % vs base)`), which is not read.
pub(super) type Row = (usize, Vec<Cell>, Option<String>);

/// `-12.5%`, `+0%`, `1.05x`: a column a post derived from the values
/// before it (a change or a ratio), not a result.
fn is_derived(tok: &str) -> bool {
    let t = tok.strip_prefix(['+', '-']).unwrap_or(tok);
    t.strip_suffix('%').or_else(|| t.strip_suffix('x')).and_then(plain).is_some_and(|v| v >= 0.0)
}

/// A row: which metric it is, and its value and deviation per column.
///
/// Reads kernbench's own row (`Elapsed Time 28.094 (0.182565)`) and the
/// side-by-side rows posts make of two set-ups' results: the metric name
/// repeated (`Elapsed Time 338.122 (0.869207)   Elapsed Time 336.404
/// (1.69196)`) or once (`Elapsed Time 166.574 (0.340779)\t145.754
/// (0.776325)`), optionally followed by a derived change column (`-12.5%`),
/// which is not read. Returns `Ok(None)` when the line is not a kernbench row.
pub(super) fn row(line: &str, lineno: usize) -> Result<Option<Row>, ParseError> {
    let t = line.trim();
    // The metric's words, however far apart a post aligned them (`User
    // Time` and `System  Time` under `Elapsed Time`, LKML 2018).
    let words: Vec<&str> = t.split_whitespace().collect();
    let Some((m, name)) = ROWS.iter().enumerate().find_map(|(m, (name, _, _))| {
        let name: Vec<&str> = name.split_whitespace().collect();
        words.starts_with(&name).then_some((m, name))
    }) else {
        return Ok(None);
    };
    let bad = || ParseError::malformed(lineno, format!("`{} <value> [(<std deviation>)]`", ROWS[m].0), t);
    let toks: Vec<&str> = words[name.len()..].to_vec();
    let mut cells: Vec<Cell> = Vec::new();
    let mut derived = false;
    let mut k = 0;
    while k < toks.len() {
        let tok = toks[k];
        if let Some(inner) = tok.strip_prefix('(').and_then(|s| s.strip_suffix(')'))
            && let Some(sd) = plain(inner)
        {
            // A deviation: right after its value only.
            match cells.last_mut() {
                Some((_, slot @ None)) if !derived && sd >= 0.0 => *slot = Some(sd),
                _ => return Err(bad()),
            }
        } else if tok.starts_with('(') {
            // A post's own annotation after the deviation: `( + 2 % vs base)`.
            let tail = toks[k..].join(" ");
            if cells.last().is_none_or(|c| c.1.is_none()) || !tail.ends_with(')') {
                return Err(bad());
            }
            return Ok(Some((m, cells, Some(tail))));
        } else if !cells.is_empty() && is_derived(tok) {
            derived = true;
        } else if let Some(v) = plain(tok).filter(|_| !derived) {
            cells.push((v, None));
        } else if !cells.is_empty() && !derived && toks[k..].starts_with(&name) {
            // The metric's name again: the next column of a side-by-side row.
            k += name.len();
            continue;
        } else {
            return Err(bad());
        }
        k += 1;
    }
    if cells.is_empty() {
        return Err(bad());
    }
    Ok(Some((m, cells, None)))
}

/// The headings of side-by-side columns: `With 'if':     Without 'if':`
/// above a block's header, or `4.13.0-rc5\t\t4.13.0-rc5-spf` right under
/// it. Cells are set apart by a TAB or two spaces or more; a trailing `:`
/// is dropped. `None` unless there are two cells or more, none a number.
pub(super) fn column_names(line: &str) -> Option<Vec<String>> {
    let t = line.trim();
    if t.is_empty() || header_name(t).is_some() {
        return None;
    }
    let names: Vec<String> = t
        .split('\t')
        .flat_map(|part| part.split("  "))
        .map(|c| c.trim().trim_end_matches(':').trim())
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect();
    let ok = names.len() >= 2 && names.iter().all(|n| n.chars().count() <= 40 && plain(n).is_none());
    ok.then_some(names)
}

/// A column heading naming a figure the post derived from the columns
/// before it, not a set-up: `delta %`, `delta`, `diff`, `change (%)`,
/// `ratio`, a lone `%` (the speculative page fault series' kernbench,
/// `4.13.0-mm1\t\t4.13.0-mm1-spf\t\tdelta %`, linux-mm 2017). Its cells
/// (`-0.22`, `+2.37`, with no `%` sign) are not read.
pub(super) fn is_derived_heading(name: &str) -> bool {
    let t = name.trim().to_ascii_lowercase();
    let t = t.trim_end_matches("(%)").trim_end_matches('%').trim_start_matches('%').trim();
    matches!(t, "" | "delta" | "diff" | "difference" | "change" | "ratio" | "speedup" | "gain" | "improvement")
}

/// Side-by-side column headings split into the set-ups' columns and the
/// derived columns that trail them ([`is_derived_heading`]):
/// `[4.13.0-mm1, 4.13.0-mm1-spf, delta %]` → (`[4.13.0-mm1,
/// 4.13.0-mm1-spf]`, `[delta %]`). A derived heading before a set-up's
/// is left in place (no post seen does that).
pub(super) fn split_derived(mut names: Vec<String>) -> (Vec<String>, Vec<String>) {
    let keep = names.iter().rposition(|n| !is_derived_heading(n)).map_or(0, |p| p + 1);
    let derived = names.split_off(keep);
    (names, derived)
}
