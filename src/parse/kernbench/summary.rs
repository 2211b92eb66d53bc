//! Kernbench summary tables a person typed, one row per kernel: Martin J.
//! Bligh's LKML posts of 2003-2004 (16-way NUMA-Q), each row the mean of
//! kernbench's runs of that kernel:
//!
//! ```text
//! Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)
//!                               Elapsed      System        User         CPU
//!                    2.5.63       45.47      111.20      563.81     1483.50
//!                2.5.63-mm2       44.27       94.30      562.88     1484.00
//!
//! Kernbench: (make -j vmlinux, maximal tasks)
//! ```
//!
//! The title is `Kernbench` (or `Kernbench-2`, `Kernbench-16`), a colon
//! and the `make` command in parentheses; its load becomes the `load`
//! parameter: `2 x num_cpus` (the text after `where N =`), or `maximal`
//! for `make -j vmlinux, maximal tasks` (kernbench's own maximal load,
//! `make -j` with no limit). The header under it names the columns, in
//! the order of that post (`Elapsed User System CPU` in February 2003,
//! `Elapsed System User CPU` later): `Elapsed` is `Elapsed Time`,
//! `User` and `System` `User Time` and `System Time` (s, lower is
//! better), `CPU` `Percent CPU` (%, neither). Each row is a label and one
//! figure per column: a kernel's name is the row's kernel (the file goes
//! in the machine class's directory), any other label (`test`) a `label`
//! parameter. The figures are means; a run count the file prints
//! (`These are the averages of 5 runs`, [`super::table::global_runs`])
//! makes each a mean of that many runs without a deviation, else each is
//! read as a single value with a note. A table a reply quotes (`> `,
//! Andrew Morton quoting Martin's table) is read alike: the input's quote
//! marks are taken off before any parser reads a line, as for every other
//! benchmark's quoted output.

use super::table::ROWS;
use crate::model::Sample;
use crate::parse::Input;
use crate::parse::labels::is_kernel_name;
use crate::parse::num::plain;

/// The load a title line names: `Kernbench: (make -j N vmlinux, where N =
/// 2 x num_cpus)` → `2 x num_cpus`; `Kernbench-16: (…)` alike; `Kernbench:
/// (make -j vmlinux, maximal tasks)` → `maximal`. `None` for any other line.
pub(super) fn title(line: &str) -> Option<String> {
    let t = line.trim();
    let rest = t.strip_prefix("Kernbench").or_else(|| t.strip_prefix("kernbench"))?;
    let (before, after) = rest.split_once(':')?;
    let suffix_ok = before.is_empty()
        || before.strip_prefix('-').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
    if !suffix_ok {
        return None;
    }
    let inner = after.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
    if !inner.starts_with("make") {
        return None;
    }
    if let Some((_, n)) = inner.split_once("where N =") {
        let n = n.split_whitespace().collect::<Vec<_>>().join(" ");
        return (!n.is_empty()).then_some(n);
    }
    if inner.contains("maximal") {
        return Some("maximal".into());
    }
    None
}

/// The columns a header line names, as indexes into [`ROWS`]: every word
/// one of `Elapsed`, `User`, `System`, `CPU`, each once, `Elapsed` among
/// them.
pub(super) fn header(line: &str) -> Option<Vec<usize>> {
    let mut cols = Vec::new();
    for w in line.split_whitespace() {
        let m = match w.to_ascii_lowercase().as_str() {
            "elapsed" => 0,
            "user" => 1,
            "system" => 2,
            "cpu" => 3,
            _ => return None,
        };
        if cols.contains(&m) {
            return None;
        }
        cols.push(m);
    }
    (cols.len() >= 2 && cols.contains(&0)).then_some(cols)
}

/// A row under a header of `n` columns: its label and figures.
fn row(line: &str, n: usize) -> Option<(&str, Vec<f64>)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != n + 1 || plain(words[0]).is_some() {
        return None;
    }
    let figures: Option<Vec<f64>> = words[1..].iter().map(|w| plain(w)).collect();
    Some((words[0], figures?))
}

/// Whether the file holds a summary table: a title, its header right under it
/// and a row.
pub(super) fn present(input: &Input) -> bool {
    input
        .lines
        .windows(3)
        .any(|w| title(&w[0]).is_some() && header(&w[1]).is_some_and(|cols| row(&w[2], cols.len()).is_some()))
}

/// True when line `n` (1-based) is a row of this form (a label and
/// figures) under a header of words that is no kernbench header: Martin
/// Bligh's `NUMA schedbench 64:` table (`AvgUser  Elapsed  TotalUser
/// TotalSys` over `2.5.59  0.00  235.18  3632.73  15.45`) beside his
/// kernbench table. Its rows are another benchmark's, not kernbench
/// results left unread (the hand-table warning names them).
pub(super) fn under_another_header(input: &Input, n: usize) -> bool {
    let lines = &input.lines;
    let Some(line) = n.checked_sub(1).and_then(|i| lines.get(i)) else { return false };
    let cols = line.split_whitespace().count().saturating_sub(1);
    if cols == 0 || row(line, cols).is_none() {
        return false;
    }
    let mut j = n - 1;
    while j > 0 && row(&lines[j - 1], cols).is_some() {
        j -= 1;
    }
    let Some(above) = j.checked_sub(1).map(|k| lines[k].as_str()) else { return false };
    let words: Vec<&str> = above.split_whitespace().collect();
    words.len() == cols && header(above).is_none() && words.iter().all(|w| plain(w).is_none())
}

/// Reads every summary table of the file: the samples, and the notes to
/// add (line, text).
pub(super) fn read(input: &Input, runs: Option<u32>) -> (Vec<Sample>, Vec<(usize, String)>) {
    let mut samples = Vec::new();
    let mut notes = Vec::new();
    let lines = &input.lines;
    let mut i = 0;
    while i + 1 < lines.len() {
        let (Some(load), Some(cols)) = (title(&lines[i]), header(&lines[i + 1])) else {
            i += 1;
            continue;
        };
        let mut j = i + 2;
        while let Some((label, figures)) = lines.get(j).and_then(|l| row(l, cols.len())) {
            for (&m, &v) in cols.iter().zip(&figures) {
                let (name, unit, better) = ROWS[m];
                let mut s = Sample::new(crate::model::Metric::new(name, unit, better), v, j + 1)
                    .with_param("load", load.as_str());
                s = if is_kernel_name(label) { s.with_kernel(label) } else { s.with_param("label", label) };
                if let Some(n) = runs.filter(|n| *n > 1) {
                    s = s.with_summary(v, None, n);
                }
                samples.push(s);
            }
            j += 1;
        }
        if j > i + 2 && notes.is_empty() {
            let msg = match runs.filter(|n| *n > 1) {
                Some(n) => format!(
                    "a kernbench summary table typed by hand: each figure a mean of {n} runs (the count the \
                     file gives), without a deviation, so not tested"
                ),
                None => "a kernbench summary table typed by hand: each figure a mean over an unstated number of \
                         runs, read as a single value"
                    .into(),
            };
            notes.push((i + 1, msg));
        }
        i = j.max(i + 1);
    }
    (samples, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles() {
        assert_eq!(title("Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)").as_deref(), Some("2 x num_cpus"));
        assert_eq!(
            title("Kernbench-16: (make -j N vmlinux, where N = 16 x num_cpus)").as_deref(),
            Some("16 x num_cpus")
        );
        assert_eq!(title("Kernbench: (make -j vmlinux, maximal tasks)").as_deref(), Some("maximal"));
        // Not a title: prose, a title with text before it, another
        // benchmark's. (A mail's `> ` is off the line before a parser
        // reads it.)
        assert_eq!(title("Kernbench: seems to be really behaving itself"), None);
        assert_eq!(title("> Kernbench: (make -j vmlinux, maximal tasks)"), None);
        assert_eq!(title("Kernbench-two: (make -j vmlinux, maximal tasks)"), None);
        assert_eq!(title("SDET 32  (see disclaimer)"), None);
    }

    #[test]
    fn headers_in_either_order() {
        assert_eq!(header("      Elapsed      System        User         CPU"), Some(vec![0, 2, 1, 3]));
        assert_eq!(header("      Elapsed        User      System         CPU"), Some(vec![0, 1, 2, 3]));
        // SDET's and NUMA schedbench's headers are no kernbench header.
        assert_eq!(header("      Throughput    Std. Dev"), None);
        assert_eq!(header("   AvgUser     Elapsed   TotalUser    TotalSys"), None);
        assert_eq!(header("   Elapsed Elapsed"), None);
    }

    #[test]
    fn rows_under_their_columns() {
        let text = "Kernbench-2: (make -j N vmlinux, where N = 2 x num_cpus)\n\
                    \x20                 Elapsed        User      System         CPU\n\
                    \x20         2.5.59       46.08      563.88      118.38     1480.00\n\
                    \x20           test       45.99      566.45      111.98     1474.67\n\
                    \n\
                    SDET 1  (see disclaimer)\n\
                    \x20                 Throughput    Std. Dev\n\
                    \x20         2.5.59       100.0%         0.8%\n";
        let input = Input::from_text(text);
        assert!(present(&input));
        let (samples, notes) = read(&input, None);
        assert_eq!(samples.len(), 8);
        let s = &samples[2];
        assert_eq!((s.metric.name.as_str(), s.value.mean(), s.line), ("System Time", 118.38, 3));
        assert_eq!(s.kernel.as_deref(), Some("2.5.59"));
        assert_eq!(samples[4].kernel, None);
        assert!(samples[4].params.iter().any(|p| p.name == "label" && p.value == "test"));
        assert_eq!(notes.len(), 1);
        let (samples, notes) = read(&input, Some(5));
        assert!(notes[0].1.contains("mean of 5 runs"));
        assert!(matches!(samples[0].value, crate::model::Value::Summary { n: 5, stddev: None, .. }));
    }

    #[test]
    fn rows_under_another_benchmark_s_header_are_not_kernbench_s() {
        let input = Input::from_text(
            "Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)\n\
             \x20    Elapsed      System        User         CPU\n\
             \x20     2.5.63       45.47      111.20      563.81     1483.50\n\
             \n\
             NUMA schedbench 64:\n\
             \x20    AvgUser     Elapsed   TotalUser    TotalSys\n\
             \x20     2.5.59        0.00      235.18     3632.73       15.45\n\
             \x20     2.5.63        0.00      232.06     3658.60       15.38\n",
        );
        assert!(under_another_header(&input, 7));
        assert!(under_another_header(&input, 8));
        // Not so: the kernbench table's own row, its header, a title.
        assert!(!under_another_header(&input, 3));
        assert!(!under_another_header(&input, 2));
        assert!(!under_another_header(&input, 5));
        assert!(!under_another_header(&input, 99));
    }

    #[test]
    fn a_title_without_its_header_is_not_a_table() {
        let input = Input::from_text(
            "Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)\n\
             2.5.59       46.08      563.88      118.38     1480.00\n",
        );
        assert!(!present(&input));
        assert!(read(&input, None).0.is_empty());
    }
}
