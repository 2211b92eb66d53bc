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
    /// (`raw/ac12/test-a-run1.txt`) when one file holds the run; else "".
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
    let lines = views.iter().flatten().map(|v| v.runs.len()).max().unwrap_or(0);
    if lines < 2 {
        return Vec::new();
    }
    // Each run with the file and line it names, if one file holds it.
    let runs: Vec<(GridRun, Option<FileLine>)> = (0..lines)
        .map(|k| {
            let at: Vec<Option<(&CellView, &RunView)>> =
                views.iter().map(|v| v.and_then(|v| Some((v, v.runs.get(k)?)))).collect();
            let mut present = at.iter().flatten().map(|(v, run)| &v.sources[run.source]);
            let first = present.next();
            let shared = first.is_some_and(|f| present.all(|s| s == f));
            let values = at
                .iter()
                .map(|x| {
                    x.map(|(v, run)| GridRunValue {
                        value: run.text.clone(),
                        n: run.n,
                        trimmed: run.trimmed,
                        link: if shared { Arc::from("") } else { v.source_links[run.source].clone() },
                        source: if shared { Arc::from("") } else { v.sources[run.source].clone() },
                    })
                })
                .collect();
            match at.iter().flatten().next().filter(|_| shared) {
                Some((v, first)) => {
                    let run = GridRun { label: String::new(), link: v.source_links[first.source].clone(), values };
                    (run, Some((&v.sources[first.source], first.line)))
                }
                None => (GridRun { label: format!("run {}", k + 1), link: Arc::from(""), values }, None),
            }
        })
        .collect();
    // The line is said only where the row has several runs of one file.
    let of_file = |path: &Arc<str>| runs.iter().filter(|(_, f)| f.is_some_and(|(p, _)| p == path)).count();
    runs.iter()
        .map(|(run, file)| match file {
            Some((path, line)) if of_file(path) > 1 => GridRun { label: format!("{path} line {line}"), ..run.clone() },
            Some((path, _)) => GridRun { label: path.to_string(), ..run.clone() },
            None => run.clone(),
        })
        .collect()
}

/// The raw file (path) and line a run's values all come from.
type FileLine<'a> = (&'a Arc<str>, usize);

/// The runs of `r` reduced to its value column `ci` (a kernel's page of a
/// table with kernels as columns); none when fewer than two are left.
pub(super) fn only_column(r: &GridRow, ci: usize) -> Vec<GridRun> {
    let runs: Vec<GridRun> = r
        .runs
        .iter()
        .filter_map(|run| {
            let v = run.values.get(ci)?.clone()?;
            Some(GridRun { label: run.label.clone(), link: run.link.clone(), values: vec![Some(v)] })
        })
        .collect();
    if runs.len() < 2 { Vec::new() } else { runs }
}
