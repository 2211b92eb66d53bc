//! `pct-table` files are mails' tables, each column a kernel as the mail
//! names it; the first is most often the mail's own `tip` (tip/sched/core
//! on the day its writer tested: K Prateek Nayak's 2022 replies name
//! 5.18-rc1's and 5.19-rc2's tips alike `tip`). A writer's series laid
//! out as one class (the files in its directory, as the README says)
//! averages two mails' `tip` values of one case as runs of one kernel.
//! `check` says so for the class as a whole ("averaged into one cell as
//! if they were runs"), on the lint page only; the class page's table
//! showed `tip 4.64 ±0 ▸ 2 runs` and nothing else (archive40 F7).
//!
//! Each file whose kernel gives a value of a case (group, metric and
//! parameters) another `pct-table` file of the class gives too is warned
//! of at its first such line, once per kernel and benchmark (group),
//! naming the other file: the warning is a file's, so it is also under
//! each table it concerns.

use super::ResultFile;
use crate::diag::Diagnostic;
use rustc_hash::FxHashMap;

/// A kernel's case: kernel, group, metric and parameters (name, value).
type Case<'a> = (&'a str, &'a str, &'a str, Vec<(&'a str, &'a str)>);

/// Warns (see the module docs) of each `pct-table` file's kernel whose
/// values of a case another `pct-table` file of the class gives too
/// (`results` in path order: the later file is warned at).
pub(super) fn warn_of_names_in_two_files(results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
    // Each kernel's case: the first file giving it, and its line.
    let mut first: FxHashMap<Case<'_>, (&ResultFile, usize)> = FxHashMap::default();
    // schedtests' report.py tables likewise (archive41): each column a kernel
    // as the mail's legend names it, or `baseline` / `compare` where none does.
    for rf in results.iter().filter(|rf| crate::parse::names_columns_by_mail(&rf.parsed.benchmark)) {
        let mut warned: Vec<(&str, &str)> = Vec::new();
        for s in &rf.parsed.samples {
            let Some(kernel) = s.kernel.as_deref() else { continue };
            let params: Vec<(&str, &str)> = s.params.iter().map(|p| (p.name.as_str(), p.value.as_str())).collect();
            let key = (kernel, s.group.as_str(), s.metric.name.as_str(), params);
            let &mut (other, line) = first.entry(key).or_insert((rf, s.line));
            if std::ptr::eq(other, rf) || warned.contains(&(kernel, s.group.as_str())) {
                continue;
            }
            warned.push((kernel, s.group.as_str()));
            diags.push(Diagnostic::warning(
                &rf.path,
                Some(s.line),
                format!(
                    "{bench} {group:?}: kernel {kernel:?} is also a column of {} (line {line}), whose values of the same cases \
                     are averaged with these as runs of one kernel; if each mail's {kernel:?} is a kernel of its own \
                     (its tip on the day it was tested), keep the mails' files in classes of their own",
                    other.rel_path,
                    group = s.group,
                    bench = rf.parsed.benchmark
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn read(rel: &str, text: &str) -> ResultFile {
        crate::site::testing::pct_table_file(rel, text)
    }

    const SIS: &str = "~~~~~~~~~\nhackbench\n~~~~~~~~~\n\nNPS1\n\nTest:   tip   SIS_UTIL\n \
                       1-groups:  4.64 (0.00 pct)  4.77 (-2.80 pct)\n \
                       2-groups:  5.22 (0.00 pct)  5.17 (0.95 pct)\n";
    const NUMA: &str = "~~~~~~~~~\nhackbench\n~~~~~~~~~\n\nNPS1\n\nTest:   tip   NUMA Bal\n \
                        1-groups:  4.64 (0.00 pct)  4.67 (-0.64 pct)\n \
                        2-groups:  5.38 (0.00 pct)  5.47 (-1.67 pct)\n";

    /// Two mails' `tip` of the same cases: warned once per benchmark, at
    /// the later file's first such line, naming the other file.
    #[test]
    fn one_name_in_two_files_of_the_same_cases_is_warned_of() {
        let mut diags = Vec::new();
        warn_of_names_in_two_files(&[read("a.txt", SIS), read("b.txt", NUMA)], &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].file, PathBuf::from("b.txt"));
        assert_eq!(diags[0].line, Some(8));
        assert!(
            diags[0].message.contains("\"hackbench\": kernel \"tip\" is also a column of a.txt (line 8)"),
            "{}",
            diags[0].message
        );
    }

    /// What is no warning: one file (its rows of one case are its own
    /// business), two files of other kernels, and one kernel in two files
    /// of different cases (another mode: nothing is averaged).
    #[test]
    fn other_kernels_or_other_cases_are_no_warning() {
        let mut diags = Vec::new();
        warn_of_names_in_two_files(&[read("a.txt", SIS)], &mut diags);
        let other_kernels = NUMA.replace("tip ", "base ");
        warn_of_names_in_two_files(&[read("a.txt", SIS), read("b.txt", &other_kernels)], &mut diags);
        let other_mode = NUMA.replace("NPS1", "NPS2");
        warn_of_names_in_two_files(&[read("a.txt", SIS), read("b.txt", &other_mode)], &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
    }
}
