//! kernbench averages set out by a poster's script as `mean +- spread (
//! +- pct% )` columns, one per kernel or set-up (Ankur Arora's PREEMPT_AUTO
//! letters, LKML 2024):
//!
//! ```text
//!   # Half load (-j 32)
//!                          PREEMPT_AUTO                           PREEMPT_DYNAMIC
//!
//!   wall            74.41 +-     0.45 ( +-  0.60% )         74.20 +-    0.33 sec ( +- 0.45% )
//!   utime         1419.78 +-     2.04 ( +-  0.14% )       1416.40 +-    6.07 sec ( +- 0.42% )
//!   %cpu          2240.20 +-    16.03 ( +-  0.71% )       2240.20 +-   19.34     ( +- 0.86% )
//!   inv-csw      13056.00 +-   427.58 ( +-  3.27% )      18750.60 +-  771.21     ( +- 4.11% )
//! ```
//!
//! The title (`# Half load (-j 32)`, `# Optimal load (-j 256)`, `#
//! Maximal load (-j 0)`) gives the `load` parameter as kernbench's own
//! headers do (`half`, `optimal`, `maximal`) and `jobs` = N where N is
//! above 0. The line of names over the figures names the columns (cells
//! apart by two spaces or more, or a tab): a kernel's release is the
//! samples' kernel, any other name a `label` parameter. The rows are kernbench's
//! figures under the script's names: `wall` is `Elapsed Time`, `utime`
//! `User Time`, `stime` `System Time` (seconds, lower is better), `%cpu`
//! `Percent CPU`, `inv-csw` `Context Switches` (kernbench's `%c`, the
//! involuntary ones) and `vol-csw` `Sleeps` (its `%w`, the voluntary
//! ones), informational. A unit after the spread (`sec`) is passed over.
//!
//! Each figure is a mean with its spread: the script prints neither how
//! many runs nor whether `+-` is the runs' standard deviation (its
//! percentage is the spread over the mean). It is read as a summary of an
//! unstated number of runs with the spread as its deviation (`n` 1: never
//! tested), said once a file. A row of another name, or with a cell that
//! is no `mean +- spread ( +- pct% )`, or with fewer or more cells than the
//! names over it, is noted at its line, not read; so is any other line of
//! the table that holds a figure (a row a mail wrapped), and the rows under
//! it are still read. A table with no line of names over its columns is
//! noted at its title.

use super::table::ROWS;
use crate::model::{Metric, ParsedFile, Sample};
use crate::parse::Input;
use crate::parse::labels::is_kernel_name;
use crate::parse::num::plain;

/// The script's row names and the index of kernbench's row in [`ROWS`].
const NAMES: [(&str, usize); 6] =
    [("wall", 0), ("utime", 1), ("stime", 2), ("%cpu", 3), ("inv-csw", 4), ("vol-csw", 5)];

/// A title `# Half load (-j 32)` → (load, jobs).
fn title(line: &str) -> Option<(&'static str, Option<u32>)> {
    let rest = line.trim().strip_prefix('#')?.trim();
    let (name, paren) = rest.split_once('(')?;
    let mut words = name.split_whitespace();
    let load = match words.next()?.to_ascii_lowercase().as_str() {
        "half" => "half",
        "optimal" => "optimal",
        "maximal" => "maximal",
        _ => return None,
    };
    if !words.next()?.eq_ignore_ascii_case("load") || words.next().is_some() {
        return None;
    }
    let jobs = paren.trim().strip_suffix(')')?.trim().strip_prefix("-j")?.trim();
    let jobs: u32 = jobs.parse().ok()?;
    Some((load, (jobs > 0).then_some(jobs)))
}

/// The cells of a row after its name: each `mean +- spread [unit] ( +-
/// pct% )` as (mean, spread); `None` when one is not so.
fn cells(rest: &str) -> Option<Vec<(f64, f64)>> {
    let toks: Vec<&str> = rest.split_whitespace().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let mean = plain(toks[i])?;
        if toks.get(i + 1) != Some(&"+-") {
            return None;
        }
        let spread = plain(toks.get(i + 2)?)?;
        i += 3;
        if toks.get(i).is_some_and(|t| t.chars().all(|c| c.is_ascii_alphabetic())) {
            i += 1;
        }
        // `( +- 0.60% )`, or `(+- 0.60%)`.
        let mut paren = String::new();
        while let Some(t) = toks.get(i) {
            paren.push_str(t);
            i += 1;
            if t.ends_with(')') {
                break;
            }
        }
        let pct = paren.strip_prefix("(+-")?.strip_suffix("%)")?;
        plain(pct)?;
        out.push((mean, spread));
    }
    (!out.is_empty()).then_some(out)
}

/// A row: its name and the rest of the line; `None` when the line's
/// second word is no figure followed by `+-`.
fn row(line: &str) -> Option<(&str, &str)> {
    let t = line.trim();
    let (name, rest) = t.split_once(char::is_whitespace)?;
    let mut words = rest.split_whitespace();
    (words.next().and_then(plain).is_some() && words.next() == Some("+-")).then_some((name, rest))
}

/// True when `input` holds such a table: a title with a row under it.
pub(super) fn present(input: &Input) -> bool {
    if !input.has("+-") || !input.has(" load (-j") {
        return false;
    }
    // Lines a quoted-printable soft break emptied are passed over, as in
    // [`tables`].
    let lines: Vec<&str> = input.numbered().map(|(_, l)| l).collect();
    lines.iter().enumerate().any(|(i, l)| {
        title(l).is_some()
            && lines[i + 1..]
                .iter()
                .take(6)
                .any(|r| row(r).is_some_and(|(name, _)| NAMES.iter().any(|(n, _)| *n == name)))
    })
}

/// Reads every such table of the file into `out`.
pub(super) fn tables(input: &Input, out: &mut ParsedFile) {
    if !input.has("+-") || !input.has(" load (-j") {
        return;
    }
    // The lines but those a quoted-printable soft break emptied, each with
    // its number: as empty lines they ended the table after its names and
    // after its first row (the names and every row broken at 76 columns,
    // `PREEMPT_DYN=` / `AMIC`, `74.20 +-    0.33 =` / `sec ( +- 0.45% )`:
    // Ankur Arora's PREEMPT_AUTO kernbench tables, LKML 2024-02, 36
    // figures and their note lost with no word).
    let (numbers, lines): (Vec<usize>, Vec<&str>) = input.numbered().unzip();
    let mut noted = false;
    let mut i = 0;
    while i < lines.len() {
        let Some((load, jobs)) = title(lines[i]) else {
            i += 1;
            continue;
        };
        let (at, titled) = (numbers[i], lines[i]);
        i += 1;
        // The names over the columns: the first line that is not blank.
        while i < lines.len() && lines[i].trim().is_empty() {
            i += 1;
        }
        let Some(names) = lines.get(i).filter(|l| row(l).is_none()) else {
            out.notes.push((
                at,
                format!(
                    "kernbench table under `{}` has no line of names over its columns (which kernel or set-up each \
                     is): not read",
                    titled.trim()
                ),
            ));
            continue;
        };
        // Apart by two spaces or more, or by a tab (a paste that turned
        // the spaces into tabs: attack49 F14, every row noted).
        let mut spaced = names.replace('\t', "  ");
        // The last name a mailer wrapped onto a line of its own
        // (`PREEMPT_AUTO` over `PREEMPT_DYNAMIC` at 72 and 76): a line of
        // words, no figure, right under the names.
        if let Some(&more) = lines.get(i + 1).filter(|l| {
            let t = l.trim();
            !t.is_empty() && row(l).is_none() && title(l).is_none() && !t.bytes().any(|b| b.is_ascii_digit())
        }) {
            out.notes.push((
                numbers[i + 1],
                format!(
                    "`{}` is the rest of the kernbench table's names above, wrapped by a mailer: rejoined",
                    more.trim()
                ),
            ));
            spaced = format!("{spaced}  {}", more.trim());
            i += 1;
        }
        let names: Vec<&str> = spaced.trim().split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
        i += 1;
        while i < lines.len() && lines[i].trim().is_empty() {
            i += 1;
        }
        while let Some(&line) = lines.get(i).filter(|l| !l.trim().is_empty() && title(l).is_none()) {
            let n = numbers[i];
            i += 1;
            // A row a mailer broke (`wall  74.41 +- 0.45 ( +- 0.60% )
            // 74.20 +-` over `0.33 sec ( +- 0.45% )`, at 72 and 76): its
            // cells short of the names, the next line no row: joined.
            let joined;
            let line = match (row(line), lines.get(i)) {
                (Some((_, rest)), Some(next))
                    if cells(rest).is_none_or(|c| c.len() < names.len())
                        && !next.trim().is_empty()
                        && row(next).is_none()
                        && title(next).is_none()
                        && row(&format!("{line} {next}"))
                            .and_then(|(_, r)| cells(r))
                            .is_some_and(|c| c.len() == names.len()) =>
                {
                    out.notes.push((
                        numbers[i],
                        format!(
                            "`{}` is the rest of the kernbench table row above, wrapped by a mailer: rejoined",
                            next.trim()
                        ),
                    ));
                    i += 1;
                    joined = format!("{line} {}", next.trim());
                    joined.as_str()
                }
                _ => line,
            };
            // A line of other words inside the table (`(lower is better)`,
            // a row a mail wrapped): the rows under it are still the
            // table's (they were dropped without a word); one that holds
            // a figure is said.
            let Some((name, rest)) = row(line) else {
                if line.bytes().any(|b| b.is_ascii_digit()) {
                    out.notes.push((
                        n,
                        format!(
                            "kernbench table line `{}` is no row `name  mean +- spread ( +- pct% ) …`: not read",
                            line.trim()
                        ),
                    ));
                }
                continue;
            };
            let Some(&(_, k)) = NAMES.iter().find(|(r, _)| *r == name) else {
                out.notes.push((n, format!("kernbench table row `{name}` is no kernbench figure: not read")));
                continue;
            };
            let Some(figures) = cells(rest).filter(|c| c.len() == names.len()) else {
                out.notes.push((
                    n,
                    format!(
                        "kernbench table row `{name}`: expected {} cells `mean +- spread ( +- pct% )` under the \
                         names {names:?}: not read",
                        names.len()
                    ),
                ));
                continue;
            };
            if !noted {
                noted = true;
                out.notes.push((
                    at,
                    "kernbench `mean +- spread ( +- pct% )` tables (a script's, not kernbench's own output): neither \
                     the run count nor the kind of spread is printed; each figure read as a mean with the spread as \
                     its deviation over an unstated number of runs (counted as one, so not tested)"
                        .to_string(),
                ));
            }
            for (&column, (mean, spread)) in names.iter().zip(figures) {
                let (metric, unit, better) = ROWS[k];
                let mut s = Sample::new(Metric::new(metric, unit, better), mean, n).with_param("load", load);
                if let Some(j) = jobs {
                    s = s.with_param("jobs", j);
                }
                s = if is_kernel_name(column) { s.with_kernel(column) } else { s.with_param("label", column) };
                out.samples.push(s.with_summary(mean, Some(spread), 1));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_columns_under_a_load_title() {
        let text = "  # Half load (-j 32)\n\n                         PREEMPT_AUTO                           \
                    PREEMPT_DYNAMIC\n\n  wall            74.41 +-     0.45 ( +-  0.60% )         74.20 +-    0.33 \
                    sec ( +- 0.45% )\n  %cpu          2240.20 +-    16.03 ( +-  0.71% )       2240.20 +-   19.34     \
                    ( +- 0.86% )\n  bogus  1.0 +- 2.0 ( +- 3.00% )\n";
        let input = Input::from_text(text);
        assert!(present(&input));
        let mut out = ParsedFile::default();
        tables(&input, &mut out);
        let got: Vec<(usize, &str, &str, f64)> = out
            .samples
            .iter()
            .map(|s| (s.line, s.metric.name.as_str(), s.params[2].value.as_str(), s.value.mean()))
            .collect();
        assert_eq!(
            got,
            [
                (5, "Elapsed Time", "PREEMPT_AUTO", 74.41),
                (5, "Elapsed Time", "PREEMPT_DYNAMIC", 74.20),
                (6, "Percent CPU", "PREEMPT_AUTO", 2240.20),
                (6, "Percent CPU", "PREEMPT_DYNAMIC", 2240.20)
            ]
        );
        assert!(matches!(out.samples[1].value, crate::model::Value::Summary { stddev: Some(0.33), n: 1, .. }));
        assert_eq!(out.samples[0].params[1].value, "32");
        assert!(out.notes.iter().any(|(l, m)| *l == 7 && m.contains("`bogus`")));
        assert_eq!(title("# Maximal load (-j 0)"), Some(("maximal", None)));
    }

    /// A line that is no row inside a table (attack49 F5) ended it, and
    /// the rows under it were dropped without a word; a table with no
    /// names over its columns was too.
    #[test]
    fn rows_under_a_line_of_other_words_are_read() {
        let text = "  # Half load (-j 32)\n                 A        B\n  wall   74.41 +- 0.45 ( +-  0.60% )   74.20 +- \
                    0.33 ( +- 0.45% )\n  (lower is better)\n  utime  1419.78 +- 2.04 ( +- 0.14% )  1416.40 +- 6.07 ( +- \
                    0.42% )\n  stime  n/a 1.0\n  %cpu   2240.20 +- 16.03 ( +- 0.71% )  2240.20 +- 19.34 ( +- 0.86% )\n\n  \
                    # Optimal load (-j 64)\n  wall   65.15 +- 0.08 ( +- 0.12% )\n";
        let mut out = ParsedFile::default();
        tables(&Input::from_text(text), &mut out);
        let rows: Vec<usize> = out.samples.iter().map(|s| s.line).collect();
        assert_eq!(rows, [3, 3, 5, 5, 7, 7]);
        assert!(out.notes.iter().any(|(l, m)| *l == 6 && m.contains("`stime  n/a 1.0`")), "{:?}", out.notes);
        assert!(out.notes.iter().any(|(l, m)| *l == 9 && m.contains("no line of names")), "{:?}", out.notes);
        // Names apart by a tab.
        let tabbed =
            "  # Half load (-j 32)\n\t\tA\tB\n  wall\t74.41 +- 0.45 ( +- 0.60% )\t74.20 +- 0.33 ( +- 0.45% )\n";
        let mut out = ParsedFile::default();
        tables(&Input::from_text(tabbed), &mut out);
        let labels: Vec<&str> = out.samples.iter().map(|s| s.params[2].value.as_str()).collect();
        assert_eq!(labels, ["A", "B"]);
    }
}
