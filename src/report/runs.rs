//! The runs behind a table's rows, unfolded under them: HTML's
//! `<details>` of a row and Markdown's runs table of a section list every
//! recorded run with its value and the raw file it came from.
//!
//! A row's runs are lined up by their order in each cell: the first run
//! of every column, then the second, … (a raw file per run, or a file
//! holding the runs in order, as LMbench's summary prints a row per run).
//! A run whose values all come from one file names that file (and the
//! line, where the row has several runs of the file); otherwise it is
//! "run K" and each value names its own file.

use super::grid::{GridBlock, GridCell, GridRow};
use super::{CellView, RunView, TableView};
use compact_str::CompactString;
use serde::Serialize;
use std::sync::Arc;

/// One recorded run of a grid row: a line of its unfolded runs table.
#[derive(Debug, Clone, Serialize)]
pub struct GridRun {
    /// What names the run: the raw file's path relative to the machine
    /// directory ("ac12/test-a-run1.txt"), followed by " line N" when the
    /// row has several runs of that file; "run K" (1-based) when the run's
    /// values come from different files (each value then names its own).
    pub label: String,
    /// The raw file's link relative to the machine page
    /// (`raw/ac12/test-a-run1.txt`), or with site.yaml's `raw_url` its URL
    /// in the repository, at the run's line (`…/test-a.txt#L11`) where the
    /// label names one, when one file holds the run; else "".
    pub link: Arc<str>,
    /// One per value column of the block; `None` where the column's cell
    /// has no such run.
    pub values: Vec<Option<GridRunValue>>,
}

/// One value of a run.
#[derive(Debug, Clone, Serialize)]
pub struct GridRunValue {
    /// The value with its column's precision: "63.10".
    pub value: CompactString,
    /// Runs the benchmark summarised in this value (1 for a single run;
    /// more for a mean the benchmark printed).
    pub n: u32,
    /// True when the section's `trim` left the run out of the mean.
    pub trimmed: bool,
    /// The raw file's link when the run names no single file
    /// ([`GridRun::link`] empty); else empty. Not serialised when empty.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub link: Arc<str>,
    /// The raw file's path relative to the machine directory, with the
    /// link; else empty. Not serialised when empty.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub source: Arc<str>,
}

/// The runs of every value row of block `b` of a grid of `t`
/// ([`GridRow::runs`]), and whether any row has runs ([`GridBlock::unfolds`]).
pub(super) fn unfold_block(t: &TableView, b: &mut GridBlock) {
    for r in b.rows.iter_mut().filter(|r| !r.change) {
        r.runs = row_runs(t, &r.cells);
    }
    b.unfolds = b.rows.iter().any(|r| !r.runs.is_empty());
}

/// The runs of a row of `cells` (each pointing at its view cell of `t`),
/// or none when no cell has two runs or more.
pub(super) fn row_runs(t: &TableView, cells: &[Option<GridCell>]) -> Vec<GridRun> {
    let views: Vec<Option<&CellView>> =
        cells.iter().map(|c| c.as_ref().and_then(|c| super::grid::view_cell(t, c))).collect();
    // Each run printed as the benchmark printed it ([`RunView::decimals`],
    // else its column's runs' precision; the cell's mean may have one
    // decimal more).
    let precision: Vec<usize> = cells
        .iter()
        .map(|c| c.as_ref().and_then(|c| t.columns.get(c.origin.1 as usize)).map_or(0, |col| col.runs_precision))
        .collect();
    let lines = views.iter().flatten().map(|v| v.runs.len()).max().unwrap_or(0);
    if lines < 2 {
        return Vec::new();
    }
    // The row's cells are of one row of the table (a kernel's metrics),
    // not of several (a metric's kernels, the grid turned).
    let mut origins = cells.iter().flatten().map(|c| c.origin.0);
    let one_row = origins.next().is_none_or(|r| origins.all(|o| o == r));
    // Each run with the file and line it names, if one file holds it.
    let runs: Vec<(GridRun, Option<FileLine>)> = (0..lines)
        .map(|k| {
            let at: Vec<Option<(&CellView, &RunView)>> =
                views.iter().map(|v| v.and_then(|v| Some((v, v.runs.get(k)?)))).collect();
            let mut present = at.iter().flatten();
            let first = present.next();
            // One run when its values come from one file and, where they
            // are of different table rows (kernels as columns: the k-th
            // runs of several kernels), from one line of it. A mail's
            // Bonnie table holds each kernel's runs on lines of its own:
            // they were all named and linked by the first kernel's line.
            let shared =
                first.is_some_and(|f| present.all(|x| file(x) == file(f) && (one_row || x.1.line == f.1.line)));
            // How many of the run's values each file gives (counted once,
            // not asked again of every value: a section page turned has
            // hundreds of kernels as columns).
            let mut of_file: rustc_hash::FxHashMap<&str, u32> = rustc_hash::FxHashMap::default();
            if !shared {
                for x in at.iter().flatten() {
                    *of_file.entry(file(x)).or_default() += 1;
                }
            }
            let values = at
                .iter()
                .zip(&precision)
                .map(|(x, &precision)| {
                    x.map(|(v, run)| {
                        let (link, source) = if shared {
                            (no_file(), no_file())
                        } else {
                            own_source(v, run, of_file.get(file(&(v, run))).is_some_and(|&n| n > 1))
                        };
                        GridRunValue {
                            value: super::fmt_fixed(run.value, run.decimals.map_or(precision, usize::from)),
                            n: run.n,
                            trimmed: run.trimmed,
                            link,
                            source,
                        }
                    })
                })
                .collect();
            match at.iter().flatten().next().filter(|_| shared) {
                Some((v, first)) => {
                    let run =
                        GridRun { label: String::new(), link: v.raw.links()[first.source as usize].clone(), values };
                    (run, Some((&v.raw.paths()[first.source as usize], first.line)))
                }
                None => (GridRun { label: format!("run {}", k + 1), link: no_file(), values }, None),
            }
        })
        .collect();
    // The line is said only where the row has several runs of one file
    // (counted once per file: a row of 5,000 runs asked each run's file of
    // every run, most of a large table's layout).
    let mut of_file: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    for (path, _) in runs.iter().filter_map(|(_, f)| *f) {
        *of_file.entry(path).or_default() += 1;
    }
    let several: Vec<bool> = runs
        .iter()
        .map(|(_, file)| file.is_some_and(|(path, _)| of_file.get(&**path).is_some_and(|&n| n > 1)))
        .collect();
    runs.into_iter()
        .zip(several)
        .map(|((mut run, file), several)| {
            match file {
                Some((path, line)) if several => {
                    run.label = format!("{path} line {line}");
                    // In a repository, the link goes to the line (`#L11`).
                    if super::is_absolute_link(&run.link) {
                        run.link = Arc::from(super::raw_line_link(&run.link, line));
                    }
                }
                Some((path, _)) => run.label = path.to_string(),
                None => {}
            }
            run
        })
        .collect()
}

/// The raw file (path) a run of a cell was read from.
fn file<'a>((v, run): &(&'a CellView, &RunView)) -> &'a str {
    &v.raw.paths()[run.source as usize]
}

/// The link and path of one value of a run whose values name no one file
/// and line: its file's, and where another value of the run is of the
/// same file (`several`), at its own line ("bonnie.txt line 46", a
/// repository's link to `#L46`).
fn own_source(v: &CellView, run: &RunView, several: bool) -> (Arc<str>, Arc<str>) {
    let (link, path) = (&v.raw.links()[run.source as usize], &v.raw.paths()[run.source as usize]);
    if !several {
        return (link.clone(), path.clone());
    }
    let link =
        if super::is_absolute_link(link) { Arc::from(super::raw_line_link(link, run.line)) } else { link.clone() };
    (link, Arc::from(format!("{path} line {}", run.line)))
}

/// The empty path or link of a run or value that names no file of its
/// own, shared: `Arc::from("")` allocates anew each time, and a large
/// class's grids hold millions of them.
fn no_file() -> Arc<str> {
    static NONE: std::sync::OnceLock<Arc<str>> = std::sync::OnceLock::new();
    NONE.get_or_init(|| Arc::from("")).clone()
}

/// The raw file (path) and line a run's values all come from.
type FileLine<'a> = (&'a Arc<str>, u32);

/// The runs of `r` reduced to its value column `ci` (a kernel's page of a
/// table with kernels as columns); none when fewer than two are left. A
/// run that named no single file is then named by its value's file, when
/// each of the runs left has a file of its own.
pub(super) fn only_column(r: &GridRow, ci: usize) -> Vec<GridRun> {
    let mut runs: Vec<GridRun> = r
        .runs
        .iter()
        .filter_map(|run| {
            let v = run.values.get(ci)?.clone()?;
            Some(GridRun { label: run.label.clone(), link: run.link.clone(), values: vec![Some(v)] })
        })
        .collect();
    if runs.len() < 2 {
        return Vec::new();
    }
    let source = |run: &GridRun| run.values[0].as_ref().map(|v| v.source.clone()).filter(|s| !s.is_empty());
    let own: Vec<Option<Arc<str>>> = runs.iter().map(source).collect();
    let distinct = own.iter().enumerate().all(|(i, s)| s.is_some() && !own[..i].contains(s));
    if distinct {
        for run in &mut runs {
            if let Some(v) = run.values[0].as_mut() {
                run.label = v.source.to_string();
                run.link = std::mem::replace(&mut v.link, no_file());
                v.source = no_file();
            }
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::grid::{GridOptions, Shape, grid_of};
    use crate::report::{ColumnView, RawFiles, RowView, RunView};
    use crate::stats::Summary;

    /// A cell of `runs` (value, source index, line) read from `files`.
    fn cell(runs: &[(f64, u32, u32)], files: &[&str]) -> Option<CellView> {
        // A single recorded value (no runs to unfold) is 9.0.
        let values: Vec<f64> = if runs.is_empty() { vec![9.0] } else { runs.iter().map(|r| r.0).collect() };
        let summary = Summary::of_samples(&values);
        Some(CellView {
            text: format!("{:.1}", summary.mean).into(),
            summary,
            raw: RawFiles::new(
                files.iter().map(|f| Arc::from(*f)).collect(),
                files.iter().map(|f| Arc::from(format!("raw/{f}"))).collect(),
            ),
            runs: runs
                .iter()
                .map(|&(value, source, line)| RunView { value, n: 1, source, line, trimmed: false, decimals: None })
                .collect(),
            ..Default::default()
        })
    }

    fn table(rows: Vec<RowView>) -> TableView {
        let col = |name: &str| ColumnView {
            name: name.into(),
            unit: "s".into(),
            precision: 1,
            runs_precision: 1,
            ..Default::default()
        };
        TableView { columns: vec![col("real"), col("sys")], rows, ..Default::default() }
    }

    #[test]
    fn a_run_of_one_file_is_named_by_it_and_a_file_of_several_runs_by_its_lines() {
        let per_file = |k: &str| {
            let files = [format!("{k}/run1.txt"), format!("{k}/run2.txt")];
            let files: Vec<&str> = files.iter().map(String::as_str).collect();
            RowView::new(
                k.into(),
                Vec::new(),
                vec![cell(&[(1.0, 0, 1), (2.0, 1, 1)], &files), cell(&[(3.0, 0, 2), (4.0, 1, 2)], &files)],
            )
        };
        let one_file = RowView::new(
            "b".into(),
            Vec::new(),
            vec![cell(&[(5.0, 0, 3), (6.0, 0, 4)], &["all.txt"]), cell(&[(7.0, 0, 3), (8.0, 0, 4)], &["all.txt"])],
        );
        let single = RowView::new("c".into(), Vec::new(), vec![cell(&[], &["c.txt"]), None]);
        let t = table(vec![per_file("a"), one_file, single]);
        let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
        let rows = &g.blocks[0].rows;
        assert!(g.blocks[0].unfolds);
        let labels = |r: &GridRow| r.runs.iter().map(|x| x.label.clone()).collect::<Vec<_>>();
        assert_eq!(labels(&rows[0]), ["a/run1.txt", "a/run2.txt"]);
        assert_eq!(&*rows[0].runs[1].link, "raw/a/run2.txt");
        let values: Vec<&str> = rows[0].runs[1].values.iter().flatten().map(|v| v.value.as_str()).collect();
        assert_eq!(values, ["2.0", "4.0"]);
        assert_eq!(labels(&rows[1]), ["all.txt line 3", "all.txt line 4"]);
        assert!(rows[2].runs.is_empty());
        // b's page: b's row and runs alone (a's are on a's page).
        let mine = g.only_kernel("b");
        let rows = &mine.blocks[0].rows;
        assert_eq!(rows.iter().map(|r| r.labels[0].as_str()).collect::<Vec<_>>(), ["b"]);
        assert_eq!(labels(&rows[0]), ["all.txt line 3", "all.txt line 4"]);
        // a's own page keeps its runs.
        assert_eq!(labels(&g.only_kernel("a").blocks[0].rows[0]), ["a/run1.txt", "a/run2.txt"]);
        // Kernels as columns: a run's values come from each kernel's file.
        let g = grid_of(&t, Shape::MetricsAsRows, &GridOptions::default());
        let real = &g.blocks[0].rows[0];
        assert_eq!(labels(real), ["run 1", "run 2"]);
        let links: Vec<&str> = real.runs[0].values.iter().flatten().map(|v| &*v.link).collect();
        assert_eq!(links, ["raw/a/run1.txt", "raw/all.txt"]);
        // One kernel's column: each run named by its file again.
        let mine = g.only_kernel("a");
        assert_eq!(labels(&mine.blocks[0].rows[0]), ["a/run1.txt", "a/run2.txt"]);
    }

    /// Kernels as columns, every kernel's runs on lines of their own of
    /// one file (a mail's Bonnie table, TEST4's rows 46-48 above TEST1's
    /// 54-56): the k-th runs are not one run; each value names and links
    /// its own line, and one kernel's column is named by its lines.
    #[test]
    fn kernels_runs_on_lines_of_one_file_each_name_their_own_line() {
        let kernel = |k: &str, first: u32| {
            RowView::new(
                k.into(),
                Vec::new(),
                vec![
                    cell(&[(1.0, 0, first), (2.0, 0, first + 1)], &["mail.txt"]),
                    cell(&[(3.0, 0, first), (4.0, 0, first + 1)], &["mail.txt"]),
                ],
            )
        };
        let t = table(vec![kernel("TEST4", 46), kernel("TEST1", 54)]);
        let g = grid_of(&t, Shape::MetricsAsRows, &GridOptions::default());
        let real = &g.blocks[0].rows[0];
        let labels = |r: &GridRow| r.runs.iter().map(|x| x.label.clone()).collect::<Vec<_>>();
        assert_eq!(labels(real), ["run 1", "run 2"]);
        let sources: Vec<&str> = real.runs[0].values.iter().flatten().map(|v| &*v.source).collect();
        assert_eq!(sources, ["mail.txt line 46", "mail.txt line 54"]);
        assert_eq!(labels(&g.only_kernel("TEST1").blocks[0].rows[0]), ["mail.txt line 54", "mail.txt line 55"]);
        // Kernels as rows: a kernel's metrics of a run come from one line
        // each (or nearby lines of one run): still one run, named by its line.
        let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
        assert_eq!(labels(&g.blocks[0].rows[1]), ["mail.txt line 54", "mail.txt line 55"]);
    }

    /// grid51: a kernel page's grid folded as it is cut
    /// ([`Grid::only_kernel_folded`]) is the grid cut and then folded
    /// ([`Grid::fold_runs`]), for either shape, any rule of which runs
    /// fold, and rows that say their runs or not.
    #[test]
    fn a_grid_folded_as_it_is_cut_is_the_grid_cut_then_folded() {
        use crate::report::grid::Grid;
        let files = |k: &str| [format!("{k}/run1.txt"), format!("{k}/run2.txt"), format!("{k}/run3.txt")];
        let row = |k: &str, runs: [&[(f64, u32, u32)]; 2]| {
            let files = files(k);
            let files: Vec<&str> = files.iter().map(String::as_str).collect();
            RowView::new(k.into(), Vec::new(), vec![cell(runs[0], &files), cell(runs[1], &files)])
        };
        let t = table(vec![
            row("a", [&[(1.0, 0, 1), (2.0, 1, 1)], &[(3.0, 0, 2), (4.0, 1, 2)]]),
            row("b", [&[(5.0, 0, 3), (6.0, 0, 4)], &[(7.0, 0, 3), (8.0, 0, 4)]]),
            row("c", [&[], &[]]),
            // Values of two and of three runs: the row says no one number.
            row("d", [&[(1.0, 0, 1), (2.0, 0, 2)], &[(3.0, 0, 1), (4.0, 0, 2), (5.0, 0, 3)]]),
            row("e", [&[(1.0, 0, 1), (2.0, 1, 1), (3.0, 2, 1)], &[(3.0, 0, 2), (4.0, 1, 2), (5.0, 2, 2)]]),
        ]);
        let every = |_: &GridRow, _: &GridRun| true;
        let none = |_: &GridRow, _: &GridRun| false;
        let by_line = |_: &GridRow, run: &GridRun| run.label.contains(" line ");
        let one_file = |r: &GridRow, run: &GridRun| r.raw.paths().len() == 1 && !run.link.is_empty();
        let rules: [&crate::report::grid::RunFolds; 4] = [&every, &none, &by_line, &one_file];
        let json = |g: &Grid| serde_json::to_string(g).expect("a grid serialises");
        let (mut some_folded, mut some_kept) = (false, false);
        for shape in [Shape::MetricsAsColumns, Shape::MetricsAsRows] {
            let g = grid_of(&t, shape, &GridOptions::default());
            for k in ["a", "b", "c", "d", "e", "none"] {
                for (i, rule) in rules.iter().enumerate() {
                    let mut cut = g.only_kernel(k);
                    let folded = cut.fold_runs(*rule);
                    let (at_once, at_once_folded) = g.only_kernel_folded(k, *rule);
                    assert_eq!(json(&at_once), json(&cut), "{shape:?} {k} rule {i}");
                    assert_eq!(at_once_folded, folded, "{shape:?} {k} rule {i}");
                    some_folded |= folded;
                    some_kept |= at_once.blocks.iter().any(|b| b.unfolds);
                    let units = |g: &Grid| g.blocks.iter().map(|b| (b.unfolds, b.runs_column)).collect::<Vec<_>>();
                    assert_eq!(units(&at_once), units(&cut), "{shape:?} {k} rule {i}");
                }
            }
        }
        assert!(some_folded && some_kept);
    }
}
