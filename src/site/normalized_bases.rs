//! `pct-table`'s normalized values (the newer AMD form, `Units :
//! Normalized time in seconds`: each value divided by its table's first
//! column's, `1.00 [ -0.00]`) are relative to that first column. Two
//! files whose tables have different first columns (one mail's `tip`,
//! another's `sched-tip` or `v6.5`) give normalized values of one
//! benchmark that are relative to two different bases: set in one section
//! side by side, or averaged as runs of one kernel, they look comparable
//! and are not. Nothing said so (session 28's note).
//!
//! A class whose files give normalized `pct-table` values of one benchmark
//! (one group) from tables of different first columns is warned of, once
//! per benchmark, naming two of the files and their bases.

use super::ResultFile;
use crate::diag::Diagnostic;

/// The unit `pct-table` gives a normalized value.
const NORMALIZED: &str = "normalized";

/// Warns (see the module docs) of each `pct-table` benchmark whose
/// normalized values come from files of different first columns
/// (`results` in path order; each file's first column is its
/// `kernel_order`'s first).
pub(super) fn warn_of_normalized_bases(results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
    // Each benchmark (group): the first file's base, and the file and line.
    let mut first: Vec<(&str, &str, &ResultFile, usize)> = Vec::new();
    let mut warned: Vec<&str> = Vec::new();
    // schedtests' report.py tables (archive41) are each normalized to their
    // baseline column (`1.00`) too.
    for rf in results.iter().filter(|rf| crate::parse::names_columns_by_mail(&rf.parsed.benchmark)) {
        let Some(base) = rf.parsed.kernel_order.first() else { continue };
        let mut groups: Vec<(&str, usize)> = Vec::new();
        for s in rf.parsed.samples.iter().filter(|s| s.metric.unit == NORMALIZED) {
            if !groups.iter().any(|(g, _)| *g == s.group) {
                groups.push((s.group.as_str(), s.line));
            }
        }
        for (group, line) in groups {
            match first.iter().find(|(g, ..)| *g == group) {
                None => first.push((group, base.as_str(), rf, line)),
                Some(&(_, other, other_rf, other_line)) if other != base && !warned.contains(&group) => {
                    warned.push(group);
                    diags.push(Diagnostic::warning(
                        &rf.path,
                        Some(line),
                        format!(
                            "{} {group:?}: normalized values (each relative to its table's first column) \
                             from tables of different first columns: {base} here, {other} in {} (line \
                             {other_line}); they are relative to different bases and do not compare with each \
                             other (keep the two mails' files in classes of their own)",
                            rf.parsed.benchmark, other_rf.rel_path
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    const NEWER: &str = include_str!(
        "../../tests/fixtures/pct-table/lkml-2023-10-prateek-tested-by-place-initial-fix-pct-imp-cv-hackbench-tbench-stream-netperf-schbench-ycsb.txt"
    );

    fn read(rel: &str, text: &str) -> ResultFile {
        crate::site::testing::pct_table_file(rel, text)
    }

    /// Two mails' normalized tables, one against `tip`, one against
    /// `v6.5`: warned of once per benchmark at the second file; the same
    /// base twice is no warning.
    #[test]
    fn normalized_values_of_two_bases_are_warned_of() {
        let other = NEWER.replace("tip[pct imp](CV)", "v6.5[pct imp](CV)");
        assert_ne!(other, NEWER);
        let mut diags = Vec::new();
        warn_of_normalized_bases(&[read("a.txt", NEWER), read("b.txt", NEWER)], &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        warn_of_normalized_bases(&[read("a.txt", NEWER), read("b.txt", &other)], &mut diags);
        let hackbench: Vec<&Diagnostic> = diags.iter().filter(|d| d.message.contains("\"hackbench\"")).collect();
        assert_eq!(hackbench.len(), 1, "{diags:?}");
        assert_eq!(hackbench[0].file, PathBuf::from("b.txt"));
        assert!(hackbench[0].message.contains("v6.5 here, tip in a.txt"), "{}", hackbench[0].message);
    }

    /// archive41: schedtests' report.py tables of two mails in one class,
    /// one against `Baseline`, the other against `baseline` (a mail with no
    /// legend): warned of, naming both; two files of the same baseline
    /// kernel (one writer's `./report.py -b 5.19.0+` twice) are not.
    #[test]
    fn report_py_tables_of_two_baselines_are_warned_of() {
        use crate::parse::{BenchParser, Input};
        let file = |rel: &str, text: &str| {
            crate::site::testing::read_file(
                rel,
                text,
                crate::parse::schedtests::Schedtests.parse(&Input::from_text(text)).expect("reads"),
            )
        };
        let table = "hackbench\n=========\ncase            \tload    \tbaseline(std%)\tcompare%( std%)\n\
                     process-pipe    \t1-groups\t 1.00 (  2.66)\t+13.84 ( 12.80)\n";
        let named = format!("Baseline vs Baseline+patch0:\n\n{table}");
        let same = format!("./report.py -b Baseline -c other\n\n{table}");
        let mut diags = Vec::new();
        warn_of_normalized_bases(&[file("a.txt", &named), file("b.txt", &same)], &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        warn_of_normalized_bases(&[file("a.txt", &named), file("b.txt", table)], &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0].message.starts_with("schedtests \"hackbench\": normalized values")
                && diags[0].message.contains("baseline here, Baseline in a.txt"),
            "{}",
            diags[0].message
        );
    }
}
