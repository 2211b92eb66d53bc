//! Martin J. Bligh's kernbench tables (LKML and linux-mm, 2003-2004,
//! 16-way NUMA-Q): his own kernel-compile script's averages, one row per
//! kernel under a title naming the `make -j` load:
//!
//! ```text
//! Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)
//!                               Elapsed      System        User         CPU
//!                2.5.65-mm2       44.04       80.63      566.83     1469.25
//!                2.5.65-mm3       44.21       80.57      567.61     1466.00
//! ```
//!
//! The title is `Kernbench` (or `Kernbench-2`, `Kernbench-16`, February
//! 2003), a colon and the `make -j` command in parentheses. The header
//! under it names the columns in the order of that post (`Elapsed User
//! System CPU` in February 2003, `Elapsed System User CPU` later):
//! `Elapsed` is `Elapsed Time`, `System` `System Time`, `User` `User Time`
//! (seconds, lower is better) and `CPU` `Percent CPU` (%, informational).
//! Each row is a label and one figure per column: a kernel's name (its
//! first word, as written) is the row's kernel, any other label (`test`) a
//! `label` parameter. The parameter `load` is the title's `N` (`2 x
//! num_cpus`, `16 x num_cpus`) or `maximal` for `(make -j vmlinux, maximal
//! tasks)`. The figures are averages: a run count the file prints (`These
//! are the averages of 5 runs`, [`super::table::global_runs`]) makes each a
//! mean of that many runs without a deviation; else each is read as a
//! single value, with a note at the title. A quoted table (`> `) is read
//! alike: the input takes a mail's quote marks off before a parser reads a
//! line. Rows of the same shape under another benchmark's header beside
//! such a table (his `NUMA schedbench 64:` table, `AvgUser Elapsed
//! TotalUser TotalSys`) are no kernbench rows left unread
//! ([`under_another_header`]).

use super::table::ROWS;
use crate::model::{Metric, ParsedFile, Sample};
use crate::parse::Input;
use crate::parse::labels::is_kernel_name;
use crate::parse::num::plain;

/// The load a table's title names: `Kernbench: (make -j N vmlinux, where N
/// = 2 x num_cpus)` → `2 x num_cpus`; `Kernbench-16: (…)` alike;
/// `Kernbench: (make -j vmlinux, maximal tasks)` → `maximal`. `None` for
/// any other line (`Kernbench-two: (…)`, `Kernbench: 2.6.0`).
pub(super) fn title_load(line: &str) -> Option<String> {
    let t = line.trim();
    let head = t.get(..9)?;
    if !head.eq_ignore_ascii_case("kernbench") {
        return None;
    }
    let (suffix, after) = t[9..].split_once(':')?;
    let suffix_ok = suffix.is_empty()
        || suffix.strip_prefix('-').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
    if !suffix_ok {
        return None;
    }
    let inner = after.trim().strip_prefix('(')?.strip_suffix(')')?;
    if !inner.trim_start().starts_with("make -j") {
        return None;
    }
    if let Some((_, n)) = inner.split_once("where N =") {
        let n = n.split_whitespace().collect::<Vec<_>>().join(" ");
        return (!n.is_empty()).then_some(n);
    }
    inner.contains("maximal").then(|| "maximal".to_string())
}

/// A table's title at line `i` (0-based) of `lines` and its header's
/// columns: the load ([`title_load`]), the header's index and columns,
/// and whether a mail wrapped the title over two lines (`Kernbench: (make
/// -j N vmlinux, where N = 16 x` / `num_cpus)`, attack40 k06: the file was
/// "unrecognised", no line named). `None` for any other line.
fn title_at(lines: &[String], i: usize) -> Option<(String, usize, Vec<usize>, bool)> {
    // The title first: the header's words are lower-cased one by one
    // (a String each), and only the line under a title can be one.
    if let Some(load) = title_load(&lines[i]) {
        return Some((load, i + 1, header_columns(lines.get(i + 1)?)?, false));
    }
    let t = lines[i].trim();
    if !t.get(..9).is_some_and(|h| h.eq_ignore_ascii_case("kernbench")) || !t.contains('(') || t.contains(')') {
        return None;
    }
    let tail = lines.get(i + 1)?.trim();
    if tail.is_empty() || tail.contains('(') || !tail.ends_with(')') {
        return None;
    }
    let load = title_load(&format!("{t} {tail}"))?;
    Some((load, i + 2, header_columns(lines.get(i + 2)?)?, true))
}

/// The metric (index into [`ROWS`]) a header word names, in any case.
fn column(word: &str) -> Option<usize> {
    match word.to_ascii_lowercase().as_str() {
        "elapsed" => Some(0),
        "user" => Some(1),
        "system" => Some(2),
        "cpu" => Some(3),
        _ => None,
    }
}

/// Whether the file holds one of these tables: a title with its header
/// line under it.
pub(super) fn present(input: &Input) -> bool {
    input.has_ignore_ascii_case("kernbench") && (0..input.lines.len()).any(|i| title_at(&input.lines, i).is_some())
}

/// The columns of a header line (`Elapsed System User CPU`, in the order
/// printed; each once, `Elapsed` among them), or `None`.
fn header_columns(line: &str) -> Option<Vec<usize>> {
    let mut cols = Vec::new();
    for w in line.split_whitespace() {
        let c = column(w)?;
        if cols.contains(&c) {
            return None;
        }
        cols.push(c);
    }
    (cols.len() >= 2 && cols.contains(&0)).then_some(cols)
}

/// A row of `n` figures: its label (a word that is no number) and figures.
fn row(line: &str, n: usize) -> Option<(&str, Vec<f64>)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != n + 1 || plain(words[0]).is_some() {
        return None;
    }
    let figures: Option<Vec<f64>> = words[1..].iter().map(|w| plain(w)).collect();
    Some((words[0], figures?))
}

/// True when line `n` (1-based) is a row of this form (a label and
/// figures) under a header of as many words that is no kernbench header,
/// in a file holding such a table: Martin Bligh's `NUMA schedbench 64:`
/// table (`AvgUser  Elapsed  TotalUser  TotalSys` over `2.5.59  0.00
/// 235.18  3632.73  15.45`) beside his kernbench table. Its rows are
/// another benchmark's, not kernbench results left unread.
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
    words.len() == cols && header_columns(above).is_none() && words.iter().all(|w| plain(w).is_none()) && present(input)
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

/// The samples of one row `label` `figures` (at line `n`) of a table of
/// columns `cols` under load `load`, each a mean of `runs` where given.
fn push_row(
    out: &mut ParsedFile,
    cols: &[usize],
    load: &str,
    runs: Option<u32>,
    label: &str,
    figures: Vec<f64>,
    n: usize,
) {
    for (&c, v) in cols.iter().zip(figures) {
        let (name, unit, better) = ROWS[c];
        let mut s = Sample::new(Metric::new(name, unit, better), v, n).with_param("load", load);
        s = if is_kernel_name(label) { s.with_kernel(label) } else { s.with_param("label", label) };
        if let Some(n) = runs {
            s = s.with_summary(v, None, n);
        }
        out.samples.push(s);
    }
}

/// Reads every such table of the file into `out`; `runs` is the run count
/// the file states (`These are the averages of 5 runs`), if any.
pub(super) fn tables(input: &Input, runs: Option<u32>, out: &mut ParsedFile) {
    let runs = runs.filter(|n| *n > 1);
    let lines = &input.lines;
    let mut noted = false;
    let mut i = 0;
    while i + 1 < lines.len() {
        let Some((load, header, cols, wrapped)) = title_at(lines, i) else {
            i += 1;
            continue;
        };
        if wrapped {
            out.notes.push((
                i + 1,
                format!(
                    "a kernbench table's title wrapped by the mail over lines {} and {}: read as one",
                    i + 1,
                    i + 2
                ),
            ));
        }
        let note = match runs {
            Some(n) => format!(
                "a kernbench table of averages (Martin Bligh's form): each figure a mean of {n} runs (the count the \
                 file gives), without a deviation, so not tested"
            ),
            None => "a kernbench table of averages over an unstated number of runs (Martin Bligh's form): read as \
                     single values"
                .into(),
        };
        // One note a file, at its first table: a post's three tables
        // (three loads) are averages alike, and three same warnings are noise.
        if !noted {
            out.notes.push((i + 1, note));
            noted = true;
        }
        i = header + 1;
        while let Some(line) = lines.get(i).filter(|l| !l.trim().is_empty()) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let next_row = |k: usize| lines.get(k).is_some_and(|l| row(l, cols.len()).is_some());
            // A row whose long kernel name the mail wrapped: the name alone
            // on its line, its figures alone on the next (attack40 F6: the
            // table stopped there, its rows after it dropped, no word).
            let figures_below = lines.get(i + 1).is_some_and(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                w.len() == cols.len() && w.iter().all(|w| plain(w).is_some())
            });
            if words.len() == 1 && plain(words[0]).is_none() && figures_below {
                let joined = format!("{} {}", words[0], lines[i + 1].trim());
                if let Some((label, figures)) = row(&joined, cols.len()) {
                    out.notes.push((
                        i + 1,
                        format!(
                            "a kernbench row wrapped by the mail: `{label}` on line {} and its figures on line {}, \
                             read as one row",
                            i + 1,
                            i + 2
                        ),
                    ));
                    push_row(out, &cols, &load, runs, label, figures, i + 2);
                    i += 2;
                    continue;
                }
            }
            // Prose right under the table (`Quite a bit of extra sys
            // time. …`, no blank line between) ends it: no row of it.
            // Where rows of the table come right after it (`> and with my
            // patch:` between quoted rows, attack40 F6), the table goes
            // on: said at the line, and the rows after it read.
            if words.last().is_none_or(|w| plain(w).is_none()) {
                if next_row(i + 1) {
                    out.notes.push((
                        i + 1,
                        format!(
                            "a line that is no kernbench row between the rows of the table (`{}`): the rows after \
                             it read as the same table's",
                            line.trim()
                        ),
                    ));
                    i += 1;
                    continue;
                }
                break;
            }
            match row(line, cols.len()) {
                Some((label, figures)) => push_row(out, &cols, &load, runs, label, figures, i + 1),
                None => out
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

    /// attack40 k06: a title the mail wrapped (`… where N = 16 x` /
    /// `num_cpus)`) made the file "unrecognised" (no parser, no line): the
    /// table is read, with a note at the title. Must not fire: a title cut
    /// with no closing line, or a line under it that opens another
    /// parenthesis or is prose, is no title.
    #[test]
    fn a_title_wrapped_by_the_mail_is_read_as_one() {
        let rows = "        Elapsed      System        User         CPU\n\
                    2.6.9-rc1       44.97       98.66      576.77     1501.33\n\
                    2.6.9-rc1-mm1   46.92      107.27      594.10     1493.67\n";
        let read = |title: &str| {
            let input = Input::from_text(&format!("{title}\n{rows}"));
            let mut out = ParsedFile::default();
            tables(&input, None, &mut out);
            (present(&input), out)
        };
        let (found, out) = read("Kernbench: (make -j N vmlinux, where N = 16 x\nnum_cpus)");
        assert!(found);
        let loads: Vec<&str> = out.samples.iter().map(|s| s.params[0].value.as_str()).collect();
        assert_eq!(loads, ["16 x num_cpus"; 8]);
        assert_eq!(out.samples[0].line, 4);
        assert!(
            out.notes.iter().any(|(l, n)| *l == 1 && n.contains("title wrapped by the mail over lines 1 and 2")),
            "{:?}",
            out.notes
        );
        for title in [
            "Kernbench: (make -j N vmlinux, where N = 16 x",
            "Kernbench: (make -j N vmlinux, where N = 16 x\n(num_cpus)",
            "Kernbench: (make -j N vmlinux, where N = 16 x\nnum_cpus and more",
            "Kernbench: (see the table below\nfor the loads)",
        ] {
            let (found, out) = read(title);
            assert!(!found && out.samples.is_empty(), "{title}: {:?}", out.samples);
        }
    }

    /// attack40 F6: a row the mail wrapped (name alone, figures below) and
    /// a prose line between rows stopped the table, the rows after it
    /// dropped with no word. Now the wrapped row is read as one (noted)
    /// and the rows after the prose line are read (noted at it). Must not
    /// fire: prose right under the table's last row still ends it, silently.
    #[test]
    fn a_wrapped_row_or_a_line_between_rows_does_not_end_the_table() {
        let head = "Kernbench: (make -j N vmlinux, where N = 16 x num_cpus)\n        Elapsed      System        User         CPU\n\
                    2.6.9-rc1       44.97       98.66      576.77     1501.33\n";
        let read = |text: &str| {
            let mut out = ParsedFile::default();
            tables(&Input::from_text(text), None, &mut out);
            let rows: Vec<(usize, String)> = out
                .samples
                .iter()
                .filter(|s| s.metric.name == "Elapsed Time")
                .map(|s| (s.line, s.kernel.as_deref().unwrap_or("-").to_string()))
                .collect();
            (rows, out.notes.iter().skip(1).map(|n| n.0).collect::<Vec<_>>())
        };
        let wrapped = format!(
            "{head}    2.6.9-rc1-mm1-with-sched-domains-fix\n          46.92      107.27      594.10     1493.67\n\
             2.6.9-rc1-mm2       46.95      107.80      593.65     1493.33\n"
        );
        let (rows, notes) = read(&wrapped);
        let kernels: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
        assert_eq!(kernels, ["2.6.9-rc1", "2.6.9-rc1-mm1-with-sched-domains-fix", "2.6.9-rc1-mm2"]);
        assert_eq!(notes, [4]);
        let prose =
            format!("{head}and with my patch:\n2.6.9-rc1-mm2       46.95      107.80      593.65     1493.33\n");
        let (rows, notes) = read(&prose);
        assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), [3, 5]);
        assert_eq!(notes, [4]);
        // Must not fire: prose under the last row, nothing after it.
        let (rows, notes) = read(&format!("{head}Quite a bit of extra sys time.\n\nMore text 12\n"));
        assert_eq!((rows.len(), notes.len()), (1, 0));
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
        // February 2003's titles carry the CPU count.
        assert_eq!(
            title_load("Kernbench-16: (make -j N vmlinux, where N = 16 x num_cpus)").as_deref(),
            Some("16 x num_cpus")
        );
        assert_eq!(title_load("Kernbench-two: (make -j vmlinux, maximal tasks)"), None);
        assert_eq!(title_load("Kernbench-: (make -j vmlinux, maximal tasks)"), None);
        assert_eq!(title_load("Kernbench: seems to be really behaving itself"), None);
        assert_eq!(title_load("SDET 32  (see disclaimer)"), None);
    }

    #[test]
    fn headers_in_either_order() {
        assert_eq!(header_columns("      Elapsed      System        User         CPU"), Some(vec![0, 2, 1, 3]));
        assert_eq!(header_columns("      Elapsed        User      System         CPU"), Some(vec![0, 1, 2, 3]));
        // SDET's and NUMA schedbench's headers are no kernbench header;
        // nor is one naming a column twice.
        assert_eq!(header_columns("      Throughput    Std. Dev"), None);
        assert_eq!(header_columns("   AvgUser     Elapsed   TotalUser    TotalSys"), None);
        assert_eq!(header_columns("   Elapsed Elapsed"), None);
    }

    #[test]
    fn a_kernbench_n_table_by_its_columns_with_the_stated_run_count() {
        let text = "These are the averages of 5 runs.\n\
                    Kernbench-2: (make -j N vmlinux, where N = 2 x num_cpus)\n\
                    \x20                 Elapsed        User      System         CPU\n\
                    \x20         2.5.59       46.08      563.88      118.38     1480.00\n\
                    \x20           test       45.99      566.45      111.98     1474.67\n\
                    \n\
                    SDET 1  (see disclaimer)\n\
                    \x20                 Throughput    Std. Dev\n\
                    \x20         2.5.59       100.0%         0.8%\n";
        let input = Input::from_text(text);
        assert!(present(&input));
        let mut out = ParsedFile::default();
        tables(&input, None, &mut out);
        assert_eq!(out.samples.len(), 8);
        let s = &out.samples[2];
        assert_eq!((s.metric.name.as_str(), s.value.mean(), s.line), ("System Time", 118.38, 4));
        assert_eq!(s.kernel.as_deref(), Some("2.5.59"));
        // A label that is no kernel's name is a `label`, not a kernel.
        assert_eq!(out.samples[4].kernel, None);
        assert!(out.samples[4].params.iter().any(|p| p.name == "label" && p.value == "test"));
        assert!(out.notes.iter().any(|(l, m)| *l == 2 && m.contains("unstated number of runs")));
        let mut out = ParsedFile::default();
        tables(&input, Some(5), &mut out);
        assert!(out.notes.iter().any(|(l, m)| *l == 2 && m.contains("mean of 5 runs")));
        assert!(matches!(out.samples[0].value, crate::model::Value::Summary { n: 5, stddev: None, .. }));
        // A second table (another load) adds rows, not a second note.
        let two = Input::from_text(&format!(
            "{text}\nKernbench: (make -j vmlinux, maximal tasks)\n   Elapsed  User  System  CPU\n  2.5.59  45.00  560.00  110.00  1490.00\n"
        ));
        let mut out = ParsedFile::default();
        tables(&two, None, &mut out);
        assert_eq!(out.samples.len(), 12);
        assert_eq!(out.notes.iter().filter(|(_, m)| m.contains("table of averages")).count(), 1);
        // One run is no mean: single values.
        let mut out = ParsedFile::default();
        tables(&input, Some(1), &mut out);
        assert!(matches!(out.samples[0].value, crate::model::Value::Single { .. }));
    }

    #[test]
    fn rows_under_another_benchmark_s_header_are_not_kernbench_s() {
        let text = "Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)\n\
                    \x20    Elapsed      System        User         CPU\n\
                    \x20     2.5.63       45.47      111.20      563.81     1483.50\n\
                    \n\
                    NUMA schedbench 64:\n\
                    \x20    AvgUser     Elapsed   TotalUser    TotalSys\n\
                    \x20     2.5.59        0.00      235.18     3632.73       15.45\n\
                    \x20     2.5.63        0.00      232.06     3658.60       15.38\n";
        let input = Input::from_text(text);
        assert!(under_another_header(&input, 7));
        assert!(under_another_header(&input, 8));
        // Not so: the kernbench table's own row, its header, a title, no line.
        assert!(!under_another_header(&input, 3));
        assert!(!under_another_header(&input, 2));
        assert!(!under_another_header(&input, 5));
        assert!(!under_another_header(&input, 99));
        // Nor in a file without a Bligh kernbench table: the schedbench
        // table alone proves nothing.
        let alone = Input::from_text(&text.lines().skip(4).collect::<Vec<_>>().join("\n"));
        assert!(!under_another_header(&alone, 3));
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
        tables(&input, None, &mut out);
        assert_eq!(out.samples.len(), 8);
        let s = &out.samples[5];
        assert_eq!((s.metric.name.as_str(), s.kernel.as_deref(), s.line), ("System Time", Some("2.6.0-test9-mm2"), 4));
        assert!(s.params.iter().any(|p| p.name == "load" && p.value == "16 x num_cpus"));
        assert!(out.notes.iter().any(|(l, m)| *l == 5 && m.contains("not read")));
        // A title without its header line is no table.
        assert!(!present(&Input::from_text("Kernbench: (make -j vmlinux, maximal tasks)\n  2.6.0  45.0\n")));
    }
}
