//! The one table layer: a section's table laid out once — its shape, which
//! rows exist, every cell's parts and, for plaintext, the column widths and
//! the blocks a page width allows — and drawn by every renderer
//! (plaintext, Markdown) without deciding anything of its own.
//!
//! A [`TableView`] holds kernels (and parameter values) as rows and metrics
//! as columns, as the benchmark printed them. [`grid`] turns it into a
//! [`Grid`] of one of two shapes ([`Shape`]), whichever takes fewer lines of
//! plaintext at the page width, as the hand-made posts do:
//!
//! - **metrics as columns**, one row per kernel (and parameter values), as
//!   the posts print LMbench and the build times:
//!
//!   ```text
//!   kernel     perl_build  kernel_build
//!   ---------  ----------  ------------
//!   2.4.17           1620          1347
//!   2.4.17rat  1629 -0.6%   1444 -7.2%
//!   ```
//!
//! - **metrics as rows**, one column per kernel, as the posts print
//!   UnixBench and MMTests' compare-kernels prints everything:
//!
//!   ```text
//!   test                                2.4.17     2.4.17rat
//!   ------------------------------  ----------  ------------
//!   Pipe Throughput                   387881.3   379702.9 -2.1%
//!   ```
//!
//! Parameters (threads, procs) are row labels in either shape. Metrics
//! whose values have different parameters (LMbench's `Select` at its fd
//! count beside the rest) make separate blocks, so no row is printed
//! without a value. A unit every value shares is said once, in the
//! caption line above the table ([`Grid::caption`]), not in every column.
//!
//! Numbers are right-aligned under their headers with their decimal
//! points lined up; the spread (`±0.12`), the change against the baseline
//! (`-3.2%`) and its significance mark (`*`, `~`) are separate parts of a
//! cell ([`GridCell`]), each aligned in its own sub-column.
//!
//! The raw files behind the numbers ride along for HTML's links, once
//! [`Grid::link_sources`] names them: on a row when all its numbers come
//! from the same files (kernels as rows), on a column likewise (kernels as
//! columns), else on each cell. A grid is
//! serialisable for templates (`s.grid` in `section.html`), less its
//! plaintext layout.

use super::environment::{KernelMark, mark_of};
pub use super::runs::{GridRun, GridRunValue};
use super::{CellView, ColumnView, DeltaClass, Mark, RawFiles, SectionView, TableView};
use crate::model::Better;
use compact_str::CompactString;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::borrow::Cow;
use std::sync::OnceLock;
use unicode_width::UnicodeWidthStr;

/// How a table is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridOptions {
    /// Page width in columns for plaintext (72 suits mail). The shape is
    /// chosen for this width; Markdown draws the same shape, unsplit.
    pub width: usize,
    /// Show the change against the baseline and its significance mark.
    pub compare: bool,
    /// Leave out the spread (`±`) and the number of runs.
    pub brief: bool,
    /// Pure ASCII: the spread's sign is `+-`, not `±` (the other texts
    /// of the table are made ASCII before it is laid out).
    pub ascii: bool,
}

impl Default for GridOptions {
    fn default() -> Self {
        GridOptions { width: 72, compare: true, brief: false, ascii: false }
    }
}

/// Which way a table is turned (serialised as `metrics_as_columns`,
/// `change_rows`, `metrics_as_rows`, `params_as_columns`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// One row per kernel and parameter values, one column per metric;
    /// each change against the baseline beside its value ("12.1 -3.2%").
    MetricsAsColumns,
    /// As [`Shape::MetricsAsColumns`], but the changes of a kernel's row
    /// on a row of their own under it, labelled `%`: narrower columns, so
    /// a wide table (LMbench's nine processor latencies) stays one block.
    ChangeRows,
    /// One row per metric and parameter values, one column per kernel.
    MetricsAsRows,
    /// For a table of one metric over one parameter: one row per kernel,
    /// one column per parameter value, as the posts print LMbench's
    /// context switching at 32, 64 and 96 processes (`32prc/32k`).
    ParamsAsColumns,
}

/// A table laid out: its shape, caption facts and blocks.
#[derive(Debug, Clone, Serialize)]
pub struct Grid {
    /// Which way the table is turned.
    pub shape: Shape,
    /// The unit every value shares ("µs"), said once in the caption; `None`
    /// when values differ in unit (each column, or each row, then says its own).
    pub unit: Option<String>,
    /// The fewest and most runs behind a value, over values of more than
    /// one run (`None` when every value is one run).
    pub runs: Option<(u32, u32)>,
    /// Blocks of rows sharing label columns; most tables have one.
    pub blocks: Vec<GridBlock>,
    /// The metric's name when no header says it ([`Shape::ParamsAsColumns`]):
    /// the caption says it.
    pub metric: Option<String>,
    /// Each block's rows by kernel (a kernel's rows and the change rows
    /// under them, in order), made on the first [`Grid::only_kernel`] and
    /// kept: every kernel page of a class asks each section's grid for one
    /// kernel, and scanning every row for each made them quadratic.
    #[serde(skip)]
    kernel_rows: OnceLock<Vec<FxHashMap<String, Vec<usize>>>>,
}

/// Rows that share label columns and value columns.
#[derive(Debug, Clone, Serialize)]
pub struct GridBlock {
    /// Headers of the label columns: `["kernel", "threads"]`, or
    /// `["test", "threads", "unit"]` with metrics as rows.
    pub label_headers: Vec<String>,
    /// Per label column: right-aligned (a number such as a thread count).
    pub label_right: Vec<bool>,
    /// Value columns.
    pub columns: Vec<GridColumn>,
    /// Rows, each with at least one value.
    pub rows: Vec<GridRow>,
    /// True when some row has runs to unfold ([`GridRow::runs`]): HTML
    /// gives the block a column of them.
    pub unfolds: bool,
    /// Plaintext layout at [`GridOptions::width`]: column widths and the
    /// groups of value columns printed side by side. Not serialised.
    #[serde(skip)]
    pub text: TextPlan,
}

/// A value column: a metric (metrics as columns), a kernel (metrics as
/// rows) or a parameter value (params as columns).
#[derive(Debug, Clone, Serialize)]
pub struct GridColumn {
    /// Header: the metric's name or the kernel's; without its part's
    /// label when [`GridColumn::over`] says it.
    pub name: String,
    /// The label of the part (`parts:`) the column belongs to, said once
    /// over all its columns ("Seq Read" over "Rate", "CPU%", "CPU Eff", as
    /// the posts print tiobench); empty when the name says it all.
    pub over: String,
    /// Unit of the column's values; empty when the grid's caption says it,
    /// or with metrics as rows (a unit label column says it).
    pub unit: String,
    /// The better direction of the column's metric; `None` for a kernel's
    /// column (metrics as rows).
    pub better: Option<Better>,
    /// Raw files behind every number of a kernel's column, when they are
    /// the same for all of them (metrics as rows); else empty, and each
    /// cell names its own ([`RawFiles`]: serialised as `sources` and
    /// `source_links`, left out when empty).
    #[serde(flatten)]
    pub raw: RawFiles,
    /// The mark of a kernel's column whose dmesg shows a problem
    /// ([`TableView::marks`]), drawn after its name; `None` for every
    /// other column (not serialised then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<KernelMark>,
}

/// A row: its labels and one cell per value column.
#[derive(Debug, Clone, Serialize)]
pub struct GridRow {
    /// True for a change row ([`Shape::ChangeRows`]): its cells' values
    /// are the changes of the row above ("-3.2%"), with their marks.
    pub change: bool,
    /// One per label column (kernel and parameter values, or metric,
    /// parameter values and unit); "" where a row has no such value.
    pub labels: Vec<String>,
    /// One per value column; `None` where there is no value.
    pub cells: Vec<Option<GridCell>>,
    /// Raw files behind every number of a kernel's row, when they are the
    /// same for all of them (kernels as rows, the common case: one file per
    /// kernel and benchmark); else empty, and each cell names its own. Not
    /// serialised when empty.
    #[serde(flatten)]
    pub raw: RawFiles,
    /// Every recorded run behind the row's values, where some value has
    /// two or more (`report::runs`); else empty (nothing to unfold). Not
    /// serialised when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<GridRun>,
    /// The mark of a kernel's row whose dmesg shows a problem
    /// ([`TableView::marks`]), drawn after its first label; `None` for
    /// every other row (not serialised then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<KernelMark>,
}

impl GridRow {
    /// A row of values (not a change row) with `labels` and `cells`, its
    /// sources not yet named.
    fn new(labels: Vec<String>, cells: Vec<Option<GridCell>>) -> GridRow {
        GridRow { change: false, labels, cells, raw: RawFiles::default(), runs: Vec::new(), flag: None }
    }

    /// The row without its cells.
    fn clone_labels(&self) -> GridRow {
        GridRow {
            change: self.change,
            labels: self.labels.clone(),
            cells: Vec::new(),
            raw: self.raw.clone(),
            runs: self.runs.clone(),
            flag: self.flag.clone(),
        }
    }

    /// Label `i` as plaintext and Markdown print it: the first followed by
    /// the row's mark ([`GridRow::flag`]), where it has one.
    pub fn label_text(&self, i: usize) -> Cow<'_, str> {
        match (&self.flag, self.labels.get(i)) {
            (Some(f), Some(l)) if i == 0 => Cow::Owned(format!("{l}{}", f.mark)),
            (_, Some(l)) => Cow::Borrowed(l.as_str()),
            (_, None) => Cow::Borrowed(""),
        }
    }
}

impl GridColumn {
    /// The column's name as plaintext and Markdown print it: followed by
    /// the kernel's mark ([`GridColumn::flag`]), where it has one.
    pub fn name_text(&self) -> Cow<'_, str> {
        match &self.flag {
            Some(f) => Cow::Owned(format!("{}{}", self.name, f.mark)),
            None => Cow::Borrowed(self.name.as_str()),
        }
    }
}

/// One number's parts, each already text.
#[derive(Debug, Clone, Default, Serialize)]
pub struct GridCell {
    /// The mean, with its column's (metric's) precision: "12.10".
    pub value: CompactString,
    /// The standard deviation, "±0.12", or "" (one run, or `brief`).
    pub spread: CompactString,
    /// Runs behind the value (1 for a single run).
    pub n: u32,
    /// Change against the baseline, positive = better: "-3.2%", or "".
    pub delta: CompactString,
    /// Significance mark after the change: "*", "~" or "".
    pub mark: Mark,
    /// "better", "worse" or "".
    pub class: DeltaClass,
    /// The raw files behind the number when neither its row nor its column
    /// names them ([`GridRow::raw`], [`GridColumn::raw`]); else
    /// empty. Not serialised when empty.
    #[serde(flatten)]
    pub raw: RawFiles,
    /// Where the number is in the table laid out: (row, column) of
    /// [`TableView::rows`] and [`TableView::columns`]. Not serialised.
    #[serde(skip)]
    pub origin: (u32, u32),
}

/// A block's plaintext layout.
#[derive(Debug, Clone, Default)]
pub struct TextPlan {
    /// Width of each label column.
    pub label_widths: Vec<usize>,
    /// Per value column: its width, its header wrapped onto lines, and the
    /// widths of its cells' parts.
    pub columns: Vec<ColumnPlan>,
    /// Value columns printed side by side, in order: more than one group
    /// when the columns do not fit the width.
    pub groups: Vec<Vec<usize>>,
    /// Lines the block takes (groups separated by one blank line).
    pub lines: usize,
    /// Spaces between columns: 2, or 1 where that keeps a block whole.
    pub gap: usize,
}

impl TextPlan {
    /// The width of the label columns with the gaps between them.
    pub fn labels_width(&self) -> usize {
        self.label_widths.iter().sum::<usize>() + self.gap * self.label_widths.len().saturating_sub(1)
    }
}

/// One value column's plaintext layout.
#[derive(Debug, Clone, Default)]
pub struct ColumnPlan {
    /// The column's width.
    pub width: usize,
    /// The header wrapped on spaces to the width (a word longer than the
    /// widest cell widens the column).
    pub header: Vec<String>,
    /// Widths of the value's integer part (up to the decimal point) and
    /// fraction part (from it), the spread, the change and the mark.
    pub int: usize,
    /// See [`ColumnPlan::int`].
    pub frac: usize,
    /// See [`ColumnPlan::int`].
    pub spread: usize,
    /// See [`ColumnPlan::int`].
    pub delta: usize,
    /// See [`ColumnPlan::int`].
    pub mark: usize,
    /// Width of the change rows' cells (change and mark).
    pub change: usize,
}

impl ColumnPlan {
    /// The cell drawn as plaintext, `width` wide: the value's decimal point
    /// at the column's, then the spread, the change and the mark in their
    /// sub-columns; a missing value is `-` where the number ends.
    pub fn cell_text(&self, cell: Option<&GridCell>, change: bool) -> String {
        let mut out = String::with_capacity(self.width + 4);
        if change {
            let mut s = String::new();
            if let Some(c) = cell {
                s.push_str(&c.value);
                s.push_str(&c.mark);
            }
            pad_left(&mut out, &s, self.width);
            return out;
        }
        let content = self.content_width();
        out.extend(std::iter::repeat_n(' ', self.width - content));
        let Some(c) = cell else {
            pad_left(&mut out, "-", self.int);
            out.extend(std::iter::repeat_n(' ', content - self.int));
            return out;
        };
        let (int, frac) = split_point(&c.value);
        pad_left(&mut out, int, self.int);
        pad_right(&mut out, frac, self.frac);
        pad_right(&mut out, &c.spread, self.spread);
        if self.delta > 0 {
            out.push(' ');
            pad_left(&mut out, &c.delta, self.delta);
        }
        pad_right(&mut out, &c.mark, self.mark);
        out
    }

    /// Width of the parts together.
    fn content_width(&self) -> usize {
        self.int + self.frac + self.spread + if self.delta > 0 { self.delta + 1 } else { 0 } + self.mark
    }

    /// Width of the widest cell, value or change.
    fn cells_width(&self) -> usize {
        self.content_width().max(self.change)
    }
}

/// Appends `s` right-aligned in `w` display columns.
pub fn pad_left(out: &mut String, s: &str, w: usize) {
    out.extend(std::iter::repeat_n(' ', w.saturating_sub(text_width(s))));
    out.push_str(s);
}

/// Appends `s` left-aligned in `w` display columns.
pub fn pad_right(out: &mut String, s: &str, w: usize) {
    out.push_str(s);
    out.extend(std::iter::repeat_n(' ', w.saturating_sub(text_width(s))));
}

/// Display columns of `s`: its length for ASCII (numbers, most names:
/// the common case, measured for every cell), else its Unicode width.
fn text_width(s: &str) -> usize {
    if s.is_ascii() { s.len() } else { s.width() }
}

/// A number's text split before its decimal point: ("12", ".10").
fn split_point(v: &str) -> (&str, &str) {
    v.find('.').map_or((v, ""), |i| v.split_at(i))
}

impl Grid {
    /// The line above the table: the shared unit, the better direction and
    /// the settings every row shares, "µs, smaller is better; blk size
    /// 4096"; empty when there is none.
    pub fn caption(&self, t: &TableView) -> String {
        self.caption_with(t, &t.direction)
    }

    /// [`Grid::caption`] with `direction` in place of the table's own
    /// better-direction text (the mail writes "directions as above" under
    /// a run of tables that share a long one).
    pub fn caption_with(&self, t: &TableView, direction: &str) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut head = String::new();
        if let Some(m) = &self.metric {
            head.push_str(m);
            // "Index Score, bigger is better" without a unit, not "Index Score , …".
            if self.unit.as_deref().is_some_and(|u| !u.is_empty()) {
                head.push_str(" in ");
            }
        }
        if let Some(u) = self.unit.as_deref().filter(|u| !u.is_empty()) {
            head.push_str(u);
        }
        if !direction.is_empty() {
            if !head.is_empty() {
                head.push_str(", ");
            }
            head.push_str(direction);
        }
        if !head.is_empty() {
            parts.push(head);
        }
        parts.extend(t.fixed_params.iter().cloned());
        parts.join("; ")
    }

    /// The line under the table about runs: "means of 5 runs, ± standard
    /// deviation" (or "of 3 to 5 runs"; without the deviation when no
    /// value shows one); `None` when every value is one run.
    pub fn runs_note(&self) -> Option<String> {
        let (lo, hi) = self.runs?;
        let runs = if lo == hi { format!("{lo}") } else { format!("{lo} to {hi}") };
        let spread = self
            .blocks
            .iter()
            .flat_map(|b| &b.rows)
            .flat_map(|r| r.cells.iter().flatten())
            .any(|c| !c.spread.is_empty());
        Some(if spread {
            format!("means of {runs} runs, ± standard deviation")
        } else {
            format!("means of {runs} runs")
        })
    }

    /// Names the raw files behind the numbers of this grid of `t` (for
    /// HTML's links; plaintext and Markdown need not): on each row whose
    /// numbers all come from the same files where kernels are rows, on
    /// each column likewise where they are columns, else on each cell.
    pub fn link_sources(&mut self, t: &TableView) {
        for b in &mut self.blocks {
            link_sources(t, b, self.shape == Shape::MetricsAsRows);
        }
    }

    /// The grid of one kernel's page: only `kernel`'s rows (and their
    /// change rows) where kernels are rows, only its column where they are
    /// columns, and the runs range of what is left. `baseline` (the
    /// section's, when it is another kernel) keeps its rows or column too,
    /// in the grid's order, so that each change stands beside the value it
    /// is against, but not its runs (they are on the baseline's own page,
    /// and a class of 300 kernels would repeat them on 299 pages); a block
    /// where `kernel` has nothing is left out. The
    /// shape stays the one chosen for every kernel; the plaintext plans are
    /// left empty (kernel pages are HTML).
    pub fn only_kernel(&self, kernel: &str, baseline: Option<&str>) -> Grid {
        let kept = |name: &str| name == kernel || baseline == Some(name);
        let blocks = self
            .blocks
            .iter()
            .enumerate()
            .filter_map(|(bi, b)| {
                let (columns, rows): (Vec<GridColumn>, Vec<GridRow>) = if self.shape == Shape::MetricsAsRows {
                    let own = b.columns.iter().position(|c| c.name == kernel)?;
                    let cis: Vec<usize> = (0..b.columns.len()).filter(|&ci| kept(&b.columns[ci].name)).collect();
                    // The kernel's own runs, each value under its column
                    // (the baseline's column, kept beside it, has none).
                    let at = cis.iter().position(|&ci| ci == own).unwrap_or(0);
                    let rows = b
                        .rows
                        .iter()
                        .filter(|r| r.cells[own].is_some())
                        .map(|r| GridRow {
                            cells: cis.iter().map(|&ci| r.cells[ci].clone()).collect(),
                            runs: super::runs::only_column(r, own)
                                .into_iter()
                                .map(|mut run| {
                                    let v = run.values.pop().flatten();
                                    run.values =
                                        (0..cis.len()).map(|i| if i == at { v.clone() } else { None }).collect();
                                    run
                                })
                                .collect(),
                            ..r.clone_labels()
                        })
                        .collect();
                    (cis.iter().map(|&ci| b.columns[ci].clone()).collect(), rows)
                } else {
                    let by_kernel = &self.kernel_rows()[bi];
                    let own = by_kernel.get(kernel).map_or(&[][..], Vec::as_slice);
                    if own.is_empty() {
                        return None;
                    }
                    let base =
                        baseline.filter(|b| *b != kernel).and_then(|b| by_kernel.get(b)).map_or(&[][..], Vec::as_slice);
                    let mut at: Vec<usize> = own.iter().chain(base).copied().collect();
                    at.sort_unstable();
                    let rows: Vec<GridRow> = at
                        .iter()
                        .map(|&i| &b.rows[i])
                        .map(|r| GridRow {
                            change: r.change,
                            labels: r.labels.clone(),
                            cells: r.cells.clone(),
                            raw: r.raw.clone(),
                            // The baseline's runs are on its own page.
                            runs: if r.labels[0] == kernel { r.runs.clone() } else { Vec::new() },
                            flag: r.flag.clone(),
                        })
                        .collect();
                    (b.columns.clone(), rows)
                };
                Some(GridBlock {
                    label_headers: b.label_headers.clone(),
                    label_right: b.label_right.clone(),
                    columns,
                    unfolds: rows.iter().any(|r| !r.runs.is_empty()),
                    rows,
                    text: TextPlan::default(),
                })
            })
            .filter(|b| !b.rows.is_empty())
            .collect::<Vec<_>>();
        let runs = self.runs.and_then(|_| {
            let cells =
                blocks.iter().flat_map(|b| &b.rows).filter(|r| !r.change).flat_map(|r| r.cells.iter().flatten());
            range_over_one(cells.map(|c| c.n))
        });
        Grid {
            shape: self.shape,
            unit: self.unit.clone(),
            runs,
            blocks,
            metric: self.metric.clone(),
            kernel_rows: OnceLock::new(),
        }
    }

    /// [`Grid::kernel_rows`], made on first use: per block, each kernel's
    /// rows with the change rows under them (a change row goes with the
    /// row above it).
    fn kernel_rows(&self) -> &[FxHashMap<String, Vec<usize>>] {
        self.kernel_rows.get_or_init(|| {
            self.blocks
                .iter()
                .map(|b| {
                    let mut by_kernel: FxHashMap<String, Vec<usize>> = FxHashMap::default();
                    let mut above: Option<&str> = None;
                    for (i, r) in b.rows.iter().enumerate() {
                        if !r.change {
                            above = r.labels.first().map(String::as_str);
                        }
                        if let Some(k) = above {
                            by_kernel.entry(k.to_string()).or_default().push(i);
                        }
                    }
                    by_kernel
                })
                .collect()
        })
    }

    /// Plaintext lines of the whole grid (blocks separated by a blank line).
    pub fn text_lines(&self) -> usize {
        self.blocks.iter().map(|b| b.text.lines).sum::<usize>() + self.blocks.len().saturating_sub(1)
    }

    /// How many columns its widest plaintext line takes past `width`
    /// (0 when every line fits): label columns that leave no room for one
    /// value column make a line that no grouping of columns shortens.
    pub fn text_overflow(&self, width: usize) -> usize {
        self.blocks
            .iter()
            .map(|b| {
                let t = &b.text;
                let labels = t.labels_width();
                let widest = t
                    .groups
                    .iter()
                    .map(|g| g.iter().map(|&ci| t.gap + t.columns.get(ci).map_or(0, |c| c.width)).sum::<usize>())
                    .max()
                    .unwrap_or(0);
                (labels + widest).saturating_sub(width)
            })
            .max()
            .unwrap_or(0)
    }
}

/// The grid of section `s` at `opts`: the one laid out with the page
/// ([`SectionView::grid`]) when `opts` are the default, else laid out now.
/// `None` for a table without rows.
pub fn section_grid<'a>(s: &'a SectionView, opts: &GridOptions) -> Option<Cow<'a, Grid>> {
    if s.table.rows.is_empty() {
        return None;
    }
    match &s.grid {
        Some(g) if *opts == GridOptions::default() => Some(Cow::Borrowed(&**g)),
        _ => Some(Cow::Owned(grid(&s.table, opts))),
    }
}

/// [`grid`] of `t` at the default [`GridOptions`], its raw files named
/// ([`Grid::link_sources`]): a page's [`SectionView::grid`], which HTML
/// draws as it is (the other renderers ignore the names).
pub fn linked_grid(t: &TableView) -> Grid {
    let mut g = grid(t, &GridOptions::default());
    g.link_sources(t);
    g
}

/// Lays out `t` in the shape that takes the fewest plaintext lines at
/// `opts.width`; on a tie the first of metrics as columns (as the
/// benchmark printed it), change rows, metrics as rows.
pub fn grid(t: &TableView, opts: &GridOptions) -> Grid {
    // The shapes are ranked by their plaintext layout; only the one chosen
    // has its runs unfolded.
    let mut best = folded_grid(t, Shape::MetricsAsColumns, opts);
    // A shape whose lines fit the width beats one that does not, whatever
    // their lengths; between two that do not, the one less over.
    let rank = |g: &Grid| (g.text_overflow(opts.width), g.text_lines());
    let consider = |shape: Shape, best: &mut Grid| {
        let other = folded_grid(t, shape, opts);
        if rank(&other) < rank(best) {
            *best = other;
        }
    };
    // Each other shape is laid out only where it could take fewer lines.
    // Change rows: only where a block needs more than one group of columns.
    let deltas = opts.compare && t.rows.iter().any(|r| r.cells.iter().flatten().any(|c| c.delta_text.is_some()));
    let over = best.text_overflow(opts.width) > 0;
    if deltas && (over || best.blocks.iter().any(|b| b.text.groups.len() > 1)) {
        consider(Shape::ChangeRows, &mut best);
    }
    // Metrics as rows take a line per metric at least, and a column per
    // kernel (six places at least) must fit.
    let over = best.text_overflow(opts.width) > 0;
    if t.columns.len() > 1 && (over || t.columns.len() + 2 < best.text_lines()) && fits_kernel_columns(t, opts.width) {
        consider(Shape::MetricsAsRows, &mut best);
    }
    // Parameter values as columns take a line per kernel at least.
    if t.columns.len() == 1 && t.param_headers.len() == 1 && kernels(t).count() + 2 < best.text_lines() {
        consider(Shape::ParamsAsColumns, &mut best);
    }
    unfold(t, &mut best, opts);
    best
}

/// Each of `items` once, in first appearance (a table's kernels, its
/// parameter values): a linear scan per item, as tables have few.
fn distinct<'a>(items: impl Iterator<Item = &'a str>) -> impl Iterator<Item = &'a str> {
    let mut seen: Vec<&str> = Vec::new();
    items.filter(move |x| {
        let new = !seen.contains(x);
        if new {
            seen.push(x);
        }
        new
    })
}

/// The kernels `t` has rows for, in table order.
fn kernels(t: &TableView) -> impl Iterator<Item = &str> {
    distinct(t.rows.iter().map(|r| r.kernel.as_str()))
}

/// True when `t`'s distinct kernels, six places each, fit `width` (a
/// 300-kernel table stops counting at the width's worth).
fn fits_kernel_columns(t: &TableView, width: usize) -> bool {
    kernels(t).take(width / 6 + 1).count() * 6 <= width
}

/// Lays out `t` in `shape`. The raw files behind the numbers are not
/// named until [`Grid::link_sources`].
pub fn grid_of(t: &TableView, shape: Shape, opts: &GridOptions) -> Grid {
    let mut g = folded_grid(t, shape, opts);
    unfold(t, &mut g, opts);
    g
}

/// The runs under each row of `g`, a grid of `t` ([`GridRow::runs`]), but
/// for a brief grid.
fn unfold(t: &TableView, g: &mut Grid, opts: &GridOptions) {
    if !opts.brief {
        for b in &mut g.blocks {
            super::runs::unfold_block(t, b);
        }
    }
}

/// [`grid_of`] without the runs unfolded.
fn folded_grid(t: &TableView, shape: Shape, opts: &GridOptions) -> Grid {
    let unit = shared_unit(t);
    let runs = run_range(t);
    let cells: Vec<Vec<Option<GridCell>>> = t
        .rows
        .iter()
        .enumerate()
        .map(|(ri, r)| {
            r.cells
                .iter()
                .enumerate()
                .map(|(ci, c)| c.as_ref().map(|c| grid_cell(c, opts, (ri, ci), t.columns[ci].better)))
                .collect()
        })
        .collect();
    let mut blocks = match shape {
        Shape::MetricsAsColumns => column_blocks(t, cells, unit.is_some(), false),
        Shape::ChangeRows => column_blocks(t, cells, unit.is_some(), true),
        Shape::MetricsAsRows => vec![row_block(t, cells, unit.is_some())],
        Shape::ParamsAsColumns => vec![param_block(t, cells, unit.is_some())],
    };
    let metric = (shape == Shape::ParamsAsColumns).then(|| t.columns[0].name.clone());
    blocks.retain(|b| !b.rows.is_empty());
    for b in &mut blocks {
        mark_kernels(b, shape, &t.marks);
        b.text = plan_text(b, opts.width);
    }
    Grid { shape, unit, runs, blocks, metric, kernel_rows: OnceLock::new() }
}

/// A cell's parts from the view's cell, at `origin` (row, column) of the
/// table, in a column whose better direction is `better`.
fn grid_cell(c: &CellView, opts: &GridOptions, origin: (usize, usize), better: Better) -> GridCell {
    let mut spread = CompactString::default();
    if !opts.brief
        && c.summary.n > 1
        && let Some(sd) = &c.stddev_text
    {
        spread.push_str(if opts.ascii { "+-" } else { "±" });
        spread.push_str(sd);
    }
    // The cell's change where the view has one ([`CellView::delta_text`]),
    // in the table's form ([`super::format::fmt_change_cell`]).
    let pct = c.comparison.as_ref().and_then(|cmp| cmp.pct_better);
    let (delta, mark) = match (&c.delta_text, pct, opts.compare) {
        (Some(prose), Some(p), true) => (super::format::change_cell_of(prose, p, better, opts.ascii), c.mark),
        _ => (CompactString::default(), Mark::None),
    };
    GridCell {
        value: c.text.clone(),
        spread,
        n: c.summary.n,
        delta,
        mark,
        class: c.delta_class,
        raw: RawFiles::default(),
        // A table has fewer than 2^32 rows and columns.
        origin: (origin.0 as u32, origin.1 as u32),
    }
}

/// Names the raw files behind the numbers of block `b` of a grid of `t`:
/// on each row (or, `by_column`, each column: kernels as columns) whose
/// numbers all come from the same files, else on each of its cells.
fn link_sources(t: &TableView, b: &mut GridBlock, by_column: bool) {
    let own = |c: &mut GridCell| {
        if let Some(v) = view_cell(t, c) {
            c.raw = v.raw.clone();
        }
    };
    if by_column {
        for ci in 0..b.columns.len() {
            let cells = b.rows.iter().filter(|r| !r.change).filter_map(|r| r.cells[ci].as_ref());
            match shared_sources(t, cells) {
                Some(v) => b.columns[ci].raw = v.raw.clone(),
                None => b.rows.iter_mut().filter(|r| !r.change).filter_map(|r| r.cells[ci].as_mut()).for_each(own),
            }
        }
        return;
    }
    for r in b.rows.iter_mut().filter(|r| !r.change) {
        match shared_sources(t, r.cells.iter().flatten()) {
            Some(v) => r.raw = v.raw.clone(),
            None => r.cells.iter_mut().flatten().for_each(own),
        }
    }
}

/// The view's cell a grid cell of `t` was made from.
pub(super) fn view_cell<'t>(t: &'t TableView, c: &GridCell) -> Option<&'t CellView> {
    t.rows.get(c.origin.0 as usize)?.cells.get(c.origin.1 as usize)?.as_ref()
}

/// The view's cell of the first of `cells` when every one of them comes
/// from the same raw files, or `None`.
fn shared_sources<'t, 'a>(t: &'t TableView, mut cells: impl Iterator<Item = &'a GridCell>) -> Option<&'t CellView> {
    let first = view_cell(t, cells.next()?)?;
    cells.all(|c| view_cell(t, c).is_some_and(|v| v.raw == first.raw)).then_some(first)
}

/// The unit every column shares (and it is not empty), leaving out
/// informational columns whose names say their unit (`Mhz`, `CPU%`).
fn shared_unit(t: &TableView) -> Option<String> {
    let mut units =
        t.columns.iter().filter(|c| c.better != Better::Neither || !own_unit(c).is_empty()).map(|c| c.unit.as_str());
    let first = units.next().filter(|u| !u.is_empty())?;
    units.all(|u| u == first).then(|| first.to_string())
}

/// The unit a column's header must show: none when its name already says
/// it (`CPU%` in %, `Mhz` in MHz).
fn own_unit(c: &ColumnView) -> &str {
    let (name, unit) = (c.name.to_lowercase(), c.unit.to_lowercase());
    if unit.is_empty() || name.ends_with(&unit) { "" } else { &c.unit }
}

/// The fewest and most runs behind a value of more than one run.
fn run_range(t: &TableView) -> Option<(u32, u32)> {
    range_over_one(t.rows.iter().flat_map(|r| r.cells.iter().flatten()).map(|c| c.summary.n))
}

/// The fewest and most of `ns` over those above 1.
fn range_over_one(ns: impl Iterator<Item = u32>) -> Option<(u32, u32)> {
    ns.filter(|&n| n > 1).fold(None, |acc, n| match acc {
        None => Some((n, n)),
        Some((lo, hi)) => Some((lo.min(n), hi.max(n))),
    })
}

/// True when every non-empty value of parameter `p` over `rows` reads as a number.
fn numeric_param(t: &TableView, p: usize) -> bool {
    t.rows.iter().map(|r| r.params[p].as_str()).filter(|v| !v.is_empty()).all(|v| v.parse::<f64>().is_ok())
}

/// Metrics as columns: one block per set of parameters the columns' values
/// have, each holding only rows with a value in its columns.
fn column_blocks(
    t: &TableView,
    mut cells: Vec<Vec<Option<GridCell>>>,
    shared_unit: bool,
    change_rows: bool,
) -> Vec<GridBlock> {
    // Which parameters each column's values carry.
    let signature = |ci: usize| -> Vec<bool> {
        (0..t.param_headers.len())
            .map(|p| t.rows.iter().any(|r| r.cells[ci].is_some() && !r.params[p].is_empty()))
            .collect()
    };
    let mut sigs: Vec<(Vec<bool>, Vec<usize>)> = Vec::new();
    for ci in 0..t.columns.len() {
        let s = signature(ci);
        match sigs.iter_mut().find(|(x, _)| *x == s) {
            Some((_, cols)) => cols.push(ci),
            None => sigs.push((s, vec![ci])),
        }
    }
    sigs.into_iter()
        .map(|(sig, cols)| {
            let params: Vec<usize> = (0..t.param_headers.len()).filter(|&p| sig[p]).collect();
            let mut label_headers = vec![t.axis.one.clone()];
            let mut label_right = vec![false];
            for &p in &params {
                label_headers.push(t.param_headers[p].clone());
                label_right.push(numeric_param(t, p));
            }
            let overs = part_labels(t);
            let columns = cols
                .iter()
                .map(|&ci| {
                    let over = overs[ci].clone();
                    let name = t.columns[ci].name.strip_prefix(&format!("{over} ")).unwrap_or(&t.columns[ci].name);
                    GridColumn {
                        name: name.to_string(),
                        over,
                        unit: if shared_unit { String::new() } else { own_unit(&t.columns[ci]).to_string() },
                        better: Some(t.columns[ci].better),
                        raw: RawFiles::default(),
                        flag: None,
                    }
                })
                .collect();
            // A block of every column (the common case) takes each row's
            // cells as they are, not a copy: a large class's biggest table
            // was held twice while its grid was laid out.
            let whole = cols.len() == t.columns.len();
            let kept = cells.iter().filter(|c| cols.iter().any(|&ci| c[ci].is_some())).count();
            let mut rows = Vec::with_capacity(if change_rows { 2 * kept } else { kept });
            for (r, c) in t.rows.iter().zip(cells.iter_mut()) {
                if !cols.iter().any(|&ci| c[ci].is_some()) {
                    continue;
                }
                let labels: Vec<String> =
                    std::iter::once(r.kernel.clone()).chain(params.iter().map(|&p| r.params[p].clone())).collect();
                let mut cells: Vec<Option<GridCell>> =
                    if whole { std::mem::take(c) } else { cols.iter().map(|&ci| c[ci].take()).collect() };
                let change = change_rows.then(|| change_row(&mut cells, labels.len())).flatten();
                rows.push(GridRow::new(labels, cells));
                rows.extend(change);
            }
            // Kept with the page: without the room left for change rows
            // (a copy: `shrink_to_fit` may leave it in place).
            let rows = crate::site::exact(rows);
            GridBlock { label_headers, label_right, columns, rows, unfolds: false, text: TextPlan::default() }
        })
        .collect()
}

/// The label of each column's part, where a table of several parts has a
/// part of several columns named "label metric" (`parts:`, whose columns
/// [`super::section`] names so): the words all the part's names begin
/// with; "" elsewhere.
fn part_labels(t: &TableView) -> Vec<String> {
    let mut labels = vec![String::new(); t.columns.len()];
    let parts = t.columns.iter().map(|c| c.part).max().unwrap_or(0) + 1;
    if parts < 2 {
        return labels;
    }
    for part in 0..parts {
        let of: Vec<usize> = (0..t.columns.len()).filter(|&i| t.columns[i].part == part).collect();
        if of.len() < 2 {
            continue;
        }
        // The words every name of the part begins with, leaving a word
        // of each name after them.
        let words: Vec<Vec<&str>> = of.iter().map(|&i| t.columns[i].name.split(' ').collect()).collect();
        let shortest = words.iter().map(Vec::len).min().unwrap_or(0);
        let common = (0..shortest.saturating_sub(1)).take_while(|&k| words.iter().all(|w| w[k] == words[0][k])).count();
        if common > 0 {
            let label = words[0][..common].join(" ");
            for &i in &of {
                labels[i].clone_from(&label);
            }
        }
    }
    labels
}

/// Metrics as rows: one row per metric and parameter values (metric
/// order, then the table's row order), one column per kernel in the
/// table's order.
fn row_block(t: &TableView, mut cells: Vec<Vec<Option<GridCell>>>, shared_unit: bool) -> GridBlock {
    let kernels: Vec<&str> = kernels(t).collect();
    let params: Vec<usize> =
        (0..t.param_headers.len()).filter(|&p| t.rows.iter().any(|r| !r.params[p].is_empty())).collect();
    let units = !shared_unit && t.columns.iter().any(|c| !own_unit(c).is_empty());
    let mut label_headers = vec!["test".to_string()];
    let mut label_right = vec![false];
    for &p in &params {
        label_headers.push(t.param_headers[p].clone());
        label_right.push(numeric_param(t, p));
    }
    if units {
        label_headers.push("unit".to_string());
        label_right.push(false);
    }
    let mut rows: Vec<GridRow> = Vec::new();
    for (ci, col) in t.columns.iter().enumerate() {
        // Rows of the table with the same parameter values, in table order.
        let mut by_params: Vec<(Vec<&str>, Vec<Option<GridCell>>)> = Vec::new();
        for (r, rc) in t.rows.iter().zip(&mut cells) {
            // Each cell goes to one row of the block: moved, not copied.
            let Some(cell) = rc[ci].take() else { continue };
            let key: Vec<&str> = params.iter().map(|&p| r.params[p].as_str()).collect();
            let k = kernels.iter().position(|k| *k == r.kernel).unwrap_or(0);
            let slot = match by_params.iter().position(|(x, _)| *x == key) {
                Some(i) => i,
                None => {
                    by_params.push((key, vec![None; kernels.len()]));
                    by_params.len() - 1
                }
            };
            by_params[slot].1[k] = Some(cell);
        }
        for (key, cells) in by_params {
            let mut labels = vec![col.name.clone()];
            labels.extend(key.iter().map(|s| s.to_string()));
            if units {
                labels.push(own_unit(col).to_string());
            }
            rows.push(GridRow::new(labels, cells));
        }
    }
    let columns = kernels
        .iter()
        .map(|k| GridColumn {
            name: k.to_string(),
            over: String::new(),
            unit: String::new(),
            better: None,
            raw: RawFiles::default(),
            flag: None,
        })
        .collect();
    GridBlock { label_headers, label_right, columns, rows, unfolds: false, text: TextPlan::default() }
}

/// Marks the rows (or, metrics as rows, the columns) of block `b` of the
/// kernels in `marks` ([`GridRow::flag`], [`GridColumn::flag`]).
fn mark_kernels(b: &mut GridBlock, shape: Shape, marks: &[KernelMark]) {
    if marks.is_empty() {
        return;
    }
    if shape == Shape::MetricsAsRows {
        for c in &mut b.columns {
            c.flag = mark_of(marks, &c.name).cloned();
        }
        return;
    }
    for r in b.rows.iter_mut().filter(|r| !r.change) {
        r.flag = mark_of(marks, &r.labels[0]).cloned();
    }
}

/// Moves the changes out of `cells` into a change row (`%`, then empty
/// labels up to `labels`); `None` when no cell has a change.
fn change_row(cells: &mut [Option<GridCell>], labels: usize) -> Option<GridRow> {
    if !cells.iter().flatten().any(|c| !c.delta.is_empty()) {
        return None;
    }
    let changes = cells
        .iter_mut()
        .map(|c| {
            let c = c.as_mut().filter(|c| !c.delta.is_empty())?;
            let value = std::mem::take(&mut c.delta);
            let mark = std::mem::take(&mut c.mark);
            Some(GridCell {
                value,
                n: c.n,
                mark,
                class: c.class,
                raw: RawFiles::default(),
                origin: c.origin,
                spread: CompactString::default(),
                delta: CompactString::default(),
            })
        })
        .collect();
    let mut row_labels = vec!["%".to_string()];
    row_labels.resize(labels, String::new());
    Some(GridRow { change: true, ..GridRow::new(row_labels, changes) })
}

/// One metric over one parameter: one row per kernel (table order), one
/// column per parameter value (table order), headed "procs 32".
fn param_block(t: &TableView, cells: Vec<Vec<Option<GridCell>>>, shared_unit: bool) -> GridBlock {
    let kernels: Vec<&str> = kernels(t).collect();
    let values: Vec<&str> = distinct(t.rows.iter().map(|r| r.params[0].as_str())).collect();
    let mut rows: Vec<GridRow> =
        kernels.iter().map(|k| GridRow::new(vec![k.to_string()], vec![None; values.len()])).collect();
    for (r, mut rc) in t.rows.iter().zip(cells) {
        let k = kernels.iter().position(|k| *k == r.kernel).unwrap_or(0);
        let v = values.iter().position(|v| *v == r.params[0]).unwrap_or(0);
        rows[k].cells[v] = rc[0].take();
    }
    let unit = if shared_unit { String::new() } else { own_unit(&t.columns[0]).to_string() };
    let columns = values
        .iter()
        .map(|v| GridColumn {
            name: format!("{} {v}", t.param_headers[0]),
            over: String::new(),
            unit: unit.clone(),
            better: Some(t.columns[0].better),
            raw: RawFiles::default(),
            flag: None,
        })
        .collect();
    GridBlock {
        label_headers: vec![t.axis.one.clone()],
        label_right: vec![false],
        columns,
        rows,
        unfolds: false,
        text: TextPlan::default(),
    }
}

/// The plaintext layout of block `b` within `width` columns: columns two
/// spaces apart, or one when that keeps the block in one group (as the
/// posts print LMbench).
fn plan_text(b: &GridBlock, width: usize) -> TextPlan {
    let label_widths: Vec<usize> = (0..b.label_headers.len())
        .map(|i| {
            b.rows
                .iter()
                .map(|r| text_width(&r.label_text(i)))
                .chain([text_width(&b.label_headers[i])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let fixed = |gap: usize| label_widths.iter().sum::<usize>() + gap * label_widths.len().saturating_sub(1);
    let mut columns: Vec<ColumnPlan> =
        (0..b.columns.len()).map(|ci| plan_column(b, ci, width.saturating_sub(fixed(2) + 2))).collect();
    // A part's label over its columns, with a dash each side: the last
    // column widens when the columns are narrower.
    for run in over_runs(b) {
        let span: usize = run.clone().map(|ci| columns[ci].width).sum::<usize>() + 2 * (run.len() - 1);
        let need = b.columns[run.start].over.width() + 2;
        if need > span {
            columns[run.end - 1].width += need - span;
        }
    }
    let mut gap = 2;
    let mut groups = fit_groups(&columns, fixed(2), 2, width);
    // One space apart only where a cell has no parts of its own (`12.1
    // -3.2%` one space from its neighbour would read as one cell).
    if groups.len() > 1 && columns.iter().all(|c| c.delta == 0 && c.spread == 0) {
        let tight = fit_groups(&columns, fixed(1), 1, width);
        if tight.len() == 1 {
            (gap, groups) = (1, tight);
        }
    }
    let lines = groups
        .iter()
        .map(|g| {
            let header = g.iter().map(|&ci| columns[ci].header.len()).max().unwrap_or(1).max(1);
            let units = usize::from(g.iter().any(|&ci| !b.columns[ci].unit.is_empty()));
            let rows = b.rows.iter().filter(|r| g.iter().any(|&ci| r.cells[ci].is_some())).count();
            let over = usize::from(g.iter().any(|&ci| !b.columns[ci].over.is_empty()));
            over + header + units + 1 + rows
        })
        .sum::<usize>()
        + groups.len().saturating_sub(1);
    TextPlan { label_widths, columns, groups, lines, gap }
}

/// The runs of consecutive columns of `b` under one part label
/// ([`GridColumn::over`]), as column index ranges.
pub fn over_runs(b: &GridBlock) -> Vec<std::ops::Range<usize>> {
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    for (ci, c) in b.columns.iter().enumerate() {
        if c.over.is_empty() {
            continue;
        }
        match runs.last_mut() {
            Some(r) if r.end == ci && b.columns[r.start].over == c.over => r.end = ci + 1,
            _ => runs.push(ci..ci + 1),
        }
    }
    runs
}

/// Value columns in groups that fit `width` beside `fixed` columns of
/// labels, `gap` spaces apart.
fn fit_groups(columns: &[ColumnPlan], fixed: usize, gap: usize, width: usize) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut used = fixed;
    for (ci, c) in columns.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if used + gap + c.width <= width => g.push(ci),
            _ => {
                groups.push(vec![ci]);
                used = fixed;
            }
        }
        used += gap + c.width;
    }
    groups
}

/// Value column `ci` of `b`: its parts' widths, and its header wrapped on
/// spaces to the content's width (at most `cap`, unless a word is wider).
fn plan_column(b: &GridBlock, ci: usize, cap: usize) -> ColumnPlan {
    let mut p = ColumnPlan::default();
    let mut any = false;
    for r in &b.rows {
        let Some(c) = r.cells[ci].as_ref() else { continue };
        any = true;
        if r.change {
            p.change = p.change.max(text_width(&c.value) + text_width(&c.mark));
            continue;
        }
        let (int, frac) = split_point(&c.value);
        p.int = p.int.max(text_width(int));
        p.frac = p.frac.max(text_width(frac));
        p.spread = p.spread.max(text_width(&c.spread));
        p.delta = p.delta.max(text_width(&c.delta));
        p.mark = p.mark.max(text_width(&c.mark));
    }
    if !any {
        p.int = 1;
    }
    let col = &b.columns[ci];
    let name = col.name_text();
    let content = p.cells_width().max(col.unit.width());
    let longest_word = name.split_whitespace().map(UnicodeWidthStr::width).max().unwrap_or(0);
    p.width = content.max(longest_word.min(cap.max(content)));
    p.header = if name.width() <= p.width {
        vec![name.into_owned()]
    } else {
        let opts = textwrap::Options::new(p.width).break_words(true);
        textwrap::wrap(&name, opts).into_iter().map(|l| l.into_owned()).collect()
    };
    p.width = p.width.max(p.header.iter().map(|h| h.width()).max().unwrap_or(0));
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::RowView;
    use crate::stats::Summary;

    /// A cell whose change (`delta`, "+800.0%") is also its comparison's
    /// `pct_better`, as [`super::super::section`] makes them.
    fn cell(text: &str, n: u32, sd: Option<&str>, delta: Option<&str>) -> Option<CellView> {
        let mean: f64 = text.parse().unwrap_or(0.0);
        let comparison = delta.map(|d| crate::stats::Comparison {
            diff: 0.0,
            pct_better: d.strip_suffix('%').and_then(|p| p.parse().ok()),
            welch: None,
            p_adjusted: None,
            significant: false,
        });
        Some(CellView {
            summary: Summary { n, mean, stddev: None, cv: None, min: mean, max: mean, median: mean },
            text: text.into(),
            stddev_text: sd.map(Into::into),
            delta_text: delta.map(Into::into),
            comparison,
            ..Default::default()
        })
    }

    /// A row: kernel, parameter values, cells.
    type Row<'a> = (&'a str, Vec<&'a str>, Vec<Option<CellView>>);

    fn table(columns: &[(&str, &str)], params: &[&str], rows: Vec<Row>) -> TableView {
        TableView {
            param_headers: params.iter().map(|p| p.to_string()).collect(),
            columns: columns
                .iter()
                .map(|(n, u)| ColumnView {
                    name: n.to_string(),
                    unit: u.to_string(),
                    better: Better::Lower,
                    precision: 2,
                    ..Default::default()
                })
                .collect(),
            rows: rows
                .into_iter()
                .map(|(k, p, c)| RowView::new(k.to_string(), p.into_iter().map(String::from).collect(), c))
                .collect(),
            direction: "smaller is better".to_string(),
            ..Default::default()
        }
    }

    /// UnixBench with 2 kernels and 7 tests: tests as rows, kernels as
    /// columns (9 lines, as the post), not two blocks of columns.
    #[test]
    fn many_metrics_few_kernels_become_rows() {
        let names = [
            "Pipe Throughput",
            "Pipe-based Context Switching",
            "Process Creation",
            "System Call Overhead",
            "Shell Scripts (1 concurrent)",
            "C Compiler Throughput",
            "Dc: sqrt(2) to 99 decimal places",
        ];
        let cols: Vec<(&str, &str)> = names.iter().map(|n| (*n, "lps")).collect();
        let t = table(
            &cols,
            &[],
            vec![
                ("2.4.17", vec![], (0..7).map(|i| cell(&format!("{}.3", 1000 + i), 1, None, None)).collect()),
                (
                    "2.4.17rat",
                    vec![],
                    (0..7).map(|i| cell(&format!("{}.9", 990 + i), 1, None, Some("-1.0%"))).collect(),
                ),
            ],
        );
        let g = grid(&t, &GridOptions::default());
        assert_eq!(g.shape, Shape::MetricsAsRows);
        assert_eq!(g.text_lines(), 9);
        assert_eq!(g.blocks[0].columns.len(), 2);
        assert_eq!(g.unit.as_deref(), Some("lps"));
    }

    /// A metric with a parameter the others lack (LMbench's Select at its
    /// fd count) makes a block of its own: no row without a value.
    #[test]
    fn a_parameter_of_one_metric_makes_its_own_block() {
        let t = table(
            &[("stat", "µs"), ("Select", "µs")],
            &["fds"],
            vec![
                ("a", vec![""], vec![cell("3.41", 1, None, None), None]),
                ("a", vec!["10"], vec![None, cell("36.80", 1, None, None)]),
                ("b", vec![""], vec![cell("4.56", 1, None, None), None]),
                ("b", vec!["10"], vec![None, cell("55.40", 1, None, None)]),
            ],
        );
        let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
        assert_eq!(g.blocks.len(), 2);
        for b in &g.blocks {
            assert_eq!(b.rows.len(), 2);
            assert!(b.rows.iter().all(|r| r.cells.iter().any(Option::is_some)));
        }
        assert_eq!(g.blocks[0].label_headers, ["kernel"]);
        assert_eq!(g.blocks[1].label_headers, ["kernel", "fds"]);
    }

    /// Decimal points line up; the change sits in its own sub-column.
    #[test]
    fn cells_line_up_on_the_decimal_point() {
        let t = table(
            &[("Throughput", "MB/s")],
            &[],
            vec![
                ("a", vec![], vec![cell("12.5", 1, None, None)]),
                ("b", vec![], vec![cell("112.25", 1, None, Some("+800.0%"))]),
            ],
        );
        let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
        let plan = &g.blocks[0].text.columns[0];
        let a = plan.cell_text(g.blocks[0].rows[0].cells[0].as_ref(), false);
        let b = plan.cell_text(g.blocks[0].rows[1].cells[0].as_ref(), false);
        assert_eq!(a.find('.'), b.find('.'), "{a:?} {b:?}");
        assert!(b.ends_with("+800.0%"));
        assert_eq!(a.len(), b.len());
    }

    /// Change rows keep a wide table in one block at 72 columns.
    #[test]
    fn change_rows_keep_a_wide_table_whole() {
        let names = [
            "null call", "stat", "open clos", "selct TCP", "sig inst", "sig hndl", "fork proc", "exec proc", "sh proc",
        ];
        let cols: Vec<(&str, &str)> = names.iter().map(|n| (*n, "µs")).collect();
        let t = table(
            &cols,
            &[],
            vec![
                ("2.4.17", vec![], (0..9).map(|_| cell("3.41", 1, None, None)).collect()),
                ("2.4.17rat", vec![], (0..9).map(|_| cell("4.56", 1, None, Some("-33.7%"))).collect()),
            ],
        );
        let g = grid(&t, &GridOptions::default());
        assert_eq!(g.shape, Shape::ChangeRows);
        assert_eq!(g.blocks[0].text.groups.len(), 1);
        let change = &g.blocks[0].rows[2];
        assert!(change.change);
        assert_eq!(change.labels[0], "%");
        assert_eq!(change.cells[1].as_ref().map(|c| c.value.as_str()), Some("-33.7%"));
    }

    /// One metric over one parameter: parameter values as columns.
    #[test]
    fn one_metric_over_a_parameter_turns_the_parameter() {
        let mut rows = Vec::new();
        for procs in ["32", "64", "96"] {
            for k in ["aa1", "pre4-ac1", "pre5", "mm5"] {
                rows.push((k, vec![procs], vec![cell("35.411", 1, None, None)]));
            }
        }
        let t = table(&[("ctxsw", "µs")], &["procs"], rows);
        let g = grid(&t, &GridOptions::default());
        assert_eq!(g.shape, Shape::ParamsAsColumns);
        assert_eq!(g.blocks[0].rows.len(), 4);
        assert_eq!(g.blocks[0].columns[2].name, "procs 96");
        assert_eq!(g.caption(&t), "ctxsw in µs, smaller is better");
    }

    /// Parts of several columns (`Seq Read Rate`, `Seq Read CPU%`) say
    /// their label once, over their columns.
    #[test]
    fn a_parts_label_is_said_over_its_columns() {
        let mut t = table(
            &[("Seq Read Rate", "MB/s"), ("Seq Read CPU%", "%"), ("Rand Read Rate", "MB/s"), ("Rand Read CPU%", "%")],
            &[],
            vec![("a", vec![], (0..4).map(|_| cell("12.5", 1, None, None)).collect())],
        );
        for (i, c) in t.columns.iter_mut().enumerate() {
            c.part = i / 2;
        }
        let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
        let b = &g.blocks[0];
        let names: Vec<(&str, &str)> = b.columns.iter().map(|c| (c.over.as_str(), c.name.as_str())).collect();
        assert_eq!(names, [("Seq Read", "Rate"), ("Seq Read", "CPU%"), ("Rand Read", "Rate"), ("Rand Read", "CPU%")]);
        assert_eq!(over_runs(b), [0..2, 2..4]);
        // The label line, the header, the units (MB/s; CPU% says its
        // own), the rule and the row.
        assert_eq!(b.text.lines, 5);
    }

    /// `brief` drops the spread, and its runs note says only how many runs
    /// each value is the mean of (a user's trial: without it nothing said
    /// that a value was a mean of eight runs beside single runs).
    #[test]
    fn brief_drops_spread_and_keeps_the_run_count() {
        let t = table(&[("Throughput", "MB/s")], &[], vec![("a", vec![], vec![cell("12.5", 5, Some("0.3"), None)])]);
        let full = grid(&t, &GridOptions::default());
        assert_eq!(full.blocks[0].rows[0].cells[0].as_ref().map(|c| c.spread.as_str()), Some("±0.3"));
        assert!(full.runs_note().is_some());
        let brief = grid(&t, &GridOptions { brief: true, ..GridOptions::default() });
        assert_eq!(brief.blocks[0].rows[0].cells[0].as_ref().map(|c| c.spread.as_str()), Some(""));
        assert_eq!(brief.runs_note().as_deref(), Some("means of 5 runs"));
    }
}
