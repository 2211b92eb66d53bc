//! Martin J. Bligh's kernbench tables (LKML and linux-mm, 2003-2004): his
//! own kernel-compile script's averages, one row per kernel under a title
//! naming the `make -j` load:
//!
//! ```text
//! Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)
//!                               Elapsed      System        User         CPU
//!                2.5.65-mm2       44.04       80.63      566.83     1469.25
//!                2.5.65-mm3       44.21       80.57      567.61     1466.00
//! ```
//!
//! Each row is the kernel's (its first word, as written), each figure a
//! kernbench metric: `Elapsed` is `Elapsed Time`, `System` `System Time`,
//! `User` `User Time` (seconds, lower is better) and `CPU` `Percent CPU`
//! (%, informational). The parameter `load` is the title's `N` (`2 x
//! num_cpus`, `16 x num_cpus`) or `maximal` for `(make -j vmlinux, maximal
//! tasks)`. The figures are averages over runs the table does not count:
//! single values, with a note at the title.

use super::table::ROWS;
use crate::model::{Metric, ParsedFile, Sample};
use crate::parse::Input;
use crate::parse::num::plain;

/// The load a table's title names: `Kernbench: (make -j N vmlinux, where N
/// = 2 x num_cpus)` → `2 x num_cpus`; `Kernbench: (make -j vmlinux,
/// maximal tasks)` → `maximal`. `None` for any other line.
pub(super) fn title_load(line: &str) -> Option<String> {
    let t = line.trim();
    let head = t.get(..10)?;
    if !head.eq_ignore_ascii_case("kernbench:") {
        return None;
    }
    let inner = t[10..].trim().strip_prefix('(')?.strip_suffix(')')?;
    if !inner.trim_start().starts_with("make -j") {
        return None;
    }
    if let Some((_, n)) = inner.split_once("where N =") {
        let n = n.split_whitespace().collect::<Vec<_>>().join(" ");
        return (!n.is_empty()).then_some(n);
    }
    inner.contains("maximal").then(|| "maximal".to_string())
}

/// The metric (index into [`ROWS`]) a header word names.
fn column(word: &str) -> Option<usize> {
    match word {
        "Elapsed" => Some(0),
        "User" => Some(1),
        "System" => Some(2),
        "CPU" => Some(3),
        _ => None,
    }
}

/// Whether the file holds one of these tables: a title with its header
/// line under it.
pub(super) fn present(input: &Input) -> bool {
    input.has_ignore_ascii_case("kernbench: (make")
        && input.lines.windows(2).any(|w| title_load(&w[0]).is_some() && header_columns(&w[1]).is_some())
}

/// The columns of a header line (`Elapsed System User CPU`, in the order
/// printed), or `None`.
fn header_columns(line: &str) -> Option<Vec<usize>> {
    let cols: Vec<usize> = line.split_whitespace().map(column).collect::<Option<_>>()?;
    (cols.len() >= 2 && cols.contains(&0)).then_some(cols)
}

/// Whether the file's last line is a whole row of such a table: a name
/// and four figures, each with the two decimals Bligh's tables print
/// (`2.6.9-rc1-mm4  46.93  108.91  593.19  1495.00`); a row cut inside its
/// last figure (`1495.0`, `149`) is not.
pub(super) fn last_row_complete(input: &Input) -> bool {
    let Some(last) = input.lines.last() else { return false };
    let words: Vec<&str> = last.split_whitespace().collect();
    words.len() == 5
        && plain(words[0]).is_none()
        && words[1..].iter().all(|w| plain(w).is_some() && crate::parse::num::decimals(w) == Some(2))
        && present(input)
}

/// Reads every such table of the file into `out`.
pub(super) fn tables(input: &Input, out: &mut ParsedFile) {
    let lines = &input.lines;
    let mut i = 0;
    while i + 1 < lines.len() {
        let (Some(load), Some(cols)) = (title_load(&lines[i]), header_columns(&lines[i + 1])) else {
            i += 1;
            continue;
        };
        out.notes.push((
            i + 1,
            "a kernbench table of averages over an unstated number of runs (Martin Bligh's form): read as single values"
                .into(),
        ));
        i += 2;
        while let Some(line) = lines.get(i).filter(|l| !l.trim().is_empty()) {
            let words: Vec<&str> = line.split_whitespace().collect();
            // Prose right under the table (`Quite a bit of extra sys
            // time. …`, no blank line between) ends it: no row of it.
            if words.last().is_none_or(|w| plain(w).is_none()) {
                break;
            }
            let figures: Option<Vec<f64>> = words.iter().skip(1).map(|w| plain(w)).collect();
            match figures {
                Some(f) if words.len() == cols.len() + 1 && plain(words[0]).is_none() => {
                    for (&c, v) in cols.iter().zip(f) {
                        let (name, unit, better) = ROWS[c];
                        out.samples.push(
                            Sample::new(Metric::new(name, unit, better), v, i + 1)
                                .with_kernel(words[0])
                                .with_param("load", &load),
                        );
                    }
                }
                _ => out
                    .notes
                    .push((i + 1, format!("expected a kernbench row `<kernel>` and {} figures; not read", cols.len()))),
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_last_row_with_two_decimals_is_whole() {
        let head = "Kernbench: (make -j vmlinux, maximal tasks)\n                 Elapsed      System        User         CPU\n";
        assert!(last_row_complete(&Input::from_text(&format!("{head}  2.6.0  45.87  116.92  571.10  1499.00"))));
        assert!(!last_row_complete(&Input::from_text(&format!("{head}  2.6.0  45.87  116.92  571.10  1499.0"))));
        assert!(!last_row_complete(&Input::from_text(&format!("{head}  2.6.0  45.87  116.92  571.10  149"))));
    }

    #[test]
    fn titles() {
        assert_eq!(
            title_load("Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)").as_deref(),
            Some("2 x num_cpus")
        );
        assert_eq!(title_load("Kernbench: (make -j vmlinux, maximal tasks)").as_deref(), Some("maximal"));
        assert_eq!(title_load("Kernbench: 2.6.0"), None);
        assert_eq!(title_load("Kernbench: (see disclaimer)"), None);
    }

    #[test]
    fn a_table_gives_one_sample_per_cell_under_its_kernel() {
        let text = "Kernbench: (make -j N vmlinux, where N = 16 x num_cpus)\n\
                    \x20                             Elapsed      System        User         CPU\n\
                    \x20             2.6.0-test9       46.17      122.20      571.58     1501.00\n\
                    \x20         2.6.0-test9-mm2       45.89      120.39      570.67     1504.25\n\
                    \x20                 (broken row) 1.0\n\
                    Quite a bit of extra sys time. I thought the suspected part\n\
                    \n\
                    SDET 1  (see disclaimer)\n";
        let input = Input::from_text(text);
        assert!(present(&input));
        let mut out = ParsedFile::default();
        tables(&input, &mut out);
        assert_eq!(out.samples.len(), 8);
        let s = &out.samples[5];
        assert_eq!((s.metric.name.as_str(), s.kernel.as_deref(), s.line), ("System Time", Some("2.6.0-test9-mm2"), 4));
        assert!(s.params.iter().any(|p| p.name == "load" && p.value == "16 x num_cpus"));
        assert!(out.notes.iter().any(|(l, m)| *l == 5 && m.contains("not read")));
        // A title without its header line is no table.
        assert!(!present(&Input::from_text("Kernbench: (make -j vmlinux, maximal tasks)\n  2.6.0  45.0\n")));
    }
}
