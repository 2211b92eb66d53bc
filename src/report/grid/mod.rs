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
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;
use std::borrow::Cow;
use std::sync::OnceLock;
use unicode_width::UnicodeWidthStr;

mod build;
mod plan;
#[cfg(test)]
mod tests;

pub(in crate::report) use build::view_cell;
use build::{fits_kernel_columns, folded_grid, grid_cells, kernels, link_sources, range_over_one, shaped_grid, unfold};
pub use plan::{
    ColumnPlan, FOLDED_HEADER, FoldedLabels, KernelKeys, Labels, TextPlan, over_runs, pad_left, pad_right, wrap_label,
};

/// What a cell shows where every run printed its test as too fast to time
/// ([`super::RowView::untimed`]): bonnie++'s own `+++++`, explained under
/// the table ([`Grid::untimed_note`]). No number: it takes no part in a
/// comparison, a mean or a chart.
pub const UNTIMED: &str = "+++++";

/// What goes before a value that is the mean of only the runs that
/// timed its test, the others having printed it as too fast to time
/// ([`super::RowView::part_untimed`]): the test ran at least that fast,
/// explained under the table ([`Grid::untimed_note`]). `>=` in ASCII.
pub const AT_LEAST: &str = "≥";

/// A label column's header and a value as a caption says them: `threads
/// 10`; a header giving its parameter's unit ([`crate::model::Param::header`],
/// `file size (MB)`) puts the unit after the value: `file size 252 MB`.
fn header_text(header: &str, value: &str) -> String {
    match header.strip_suffix(')').and_then(|h| h.rsplit_once(" (")) {
        Some((name, unit)) if !unit.is_empty() && !unit.contains('(') => format!("{name} {value} {unit}"),
        _ => format!("{header} {value}"),
    }
}

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
    /// The fewest and most runs behind a value, where some value has more
    /// than one run (`None` when every value is one run).
    pub runs: Option<(u32, u32)>,
    /// Blocks of rows sharing label columns; most tables have one.
    pub blocks: Vec<GridBlock>,
    /// The metric's name when no header says it ([`Shape::ParamsAsColumns`]):
    /// the caption says it.
    pub metric: Option<String>,
    /// The kernels the table compares with nothing, and why
    /// ([`super::uncompared`]): [`Grid::uncompared_note`] says so under
    /// the table.
    #[serde(skip)]
    pub uncompared: Option<super::Uncompared>,
    /// The values whose change is not shown because their printed value
    /// and the baseline's overlap, each standing for anything within half
    /// a unit of its last printed digit
    /// ([`crate::stats::Comparison::within_step`]): the baseline, and each
    /// (row's kernel, column) in table order. [`Grid::uncompared_note`]
    /// says so under the table.
    #[serde(skip)]
    pub within_step: Option<(String, Vec<(String, String)>)>,
    /// The set-ups the table's files show apart and where they were read
    /// ([`TableView::setup_note`]): [`Grid::uncompared_note`] says it
    /// under the table.
    #[serde(skip)]
    pub setups: Option<crate::site::SetupNote>,
    /// The files the table's benchmark recognised and read nothing of, of
    /// kernels without a row ([`TableView::skipped`]): [`Grid::uncompared_note`]
    /// says them last.
    #[serde(skip)]
    pub skipped: Vec<(String, String)>,
    /// The line naming the class's items with no row here
    /// ([`TableView::gave_nothing`], [`crate::report::gave_nothing_note`]):
    /// [`Grid::uncompared_note`] says it last.
    #[serde(skip)]
    pub gave_nothing: Option<String>,
    /// Settings every row of a kernel's page shares (`instances 128`),
    /// moved from their label columns into the caption by
    /// [`Grid::only_kernel`]: on a phone the columns pushed the numbers
    /// off-screen (newcomer43 N6). For a whole table, the settings of some
    /// of its metrics ([`build::block_settings`]: sysbench memory's
    /// `block_size 1KiB` beside its cpu rows); those of every row are its
    /// [`TableView::fixed_params`].
    #[serde(skip)]
    pub fixed: Vec<String>,
    /// Each block's rows by kernel (a kernel's rows and the change rows
    /// under them, in order), made on the first [`Grid::only_kernel`] and
    /// kept: every kernel page of a class asks each section's grid for one
    /// kernel, and scanning every row for each made them quadratic.
    #[serde(skip)]
    kernel_rows: OnceLock<Vec<FxHashMap<String, Vec<usize>>>>,
}

/// Which runs of a kernel page's row fold ([`Grid::only_kernel_folded`],
/// [`Grid::fold_runs`]): given the page's row and one of its runs.
pub type RunFolds = dyn Fn(&GridRow, &GridRun) -> bool;

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
    /// True when HTML gives the block a runs column: some row unfolds its
    /// runs ([`GridBlock::unfolds`]) or says its values' runs once
    /// ([`GridRow::n`]).
    pub runs_column: bool,
    /// Plaintext layout at [`GridOptions::width`]: column widths and the
    /// groups of value columns printed side by side. Not serialised.
    #[serde(skip)]
    pub text: TextPlan,
}

impl GridBlock {
    /// A block of `rows` under `columns`, labelled by `label_headers`
    /// (right-aligned where `label_right` says), with no runs to unfold and
    /// no runs column yet (set once the rows' runs are known) and no
    /// plaintext layout yet ([`GridBlock::text`]).
    pub fn new(
        label_headers: Vec<String>,
        label_right: Vec<bool>,
        columns: Vec<GridColumn>,
        rows: Vec<GridRow>,
    ) -> Self {
        GridBlock {
            label_headers,
            label_right,
            columns,
            rows,
            unfolds: false,
            runs_column: false,
            text: TextPlan::default(),
        }
    }
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
    /// The runs behind every value of the row, said once in HTML's runs
    /// column ("3 runs") instead of `n=3` on each value, where the grid's
    /// values differ in runs (else the note under the table says their one
    /// count) and all of this row's values have the same number, two or
    /// more (and, where it unfolds its runs, that many): a value with
    /// another count says its own. 0 otherwise, and on a change row
    /// (set when the grid is laid out or cut down).
    pub n: u32,
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
        GridRow { change: false, labels, cells, raw: RawFiles::default(), runs: Vec::new(), n: 0, flag: None }
    }

    /// The row without its cells.
    fn clone_labels(&self) -> GridRow {
        GridRow {
            change: self.change,
            labels: self.labels.clone(),
            cells: Vec::new(),
            raw: self.raw.clone(),
            runs: self.runs.clone(),
            n: self.n,
            flag: self.flag.clone(),
        }
    }

    /// The runs behind every value of the row with a number of runs (a
    /// `+++++` cell has none), where they are the same two or more and,
    /// where the row unfolds its runs, that many; else 0.
    fn common_n(&self) -> u32 {
        self.common_n_with(self.runs.len())
    }

    /// [`GridRow::common_n`] of the row with `runs` runs unfolded.
    fn common_n_with(&self, runs: usize) -> u32 {
        let mut ns = self.cells.iter().flatten().map(|c| c.n).filter(|&n| n > 0);
        let Some(n) = ns.next() else { return 0 };
        if n < 2 || ns.any(|m| m != n) || !(runs == 0 || runs == n as usize) {
            return 0;
        }
        n
    }

    /// Label `i` as plaintext and Markdown print it: the first followed by
    /// the row's mark ([`GridRow::flag`]), where it has one.
    pub fn label_text(&self, i: usize) -> Cow<'_, str> {
        match self.labels.get(i) {
            Some(l) if i == 0 => marked(l, self.flag.as_ref()),
            Some(l) => Cow::Borrowed(l.as_str()),
            None => Cow::Borrowed(""),
        }
    }
}

/// A kernel's `name` followed by its mark ([`KernelMark`]), where it has
/// one, as plaintext and Markdown print it ([`GridRow::label_text`],
/// [`GridColumn::name_text`], a long name's short name).
fn marked<'a>(name: &'a str, flag: Option<&KernelMark>) -> Cow<'a, str> {
    match flag {
        Some(f) => Cow::Owned(format!("{name}{}", f.mark)),
        None => Cow::Borrowed(name),
    }
}

impl GridColumn {
    /// The column's name as plaintext and Markdown print it: followed by
    /// the kernel's mark ([`GridColumn::flag`]), where it has one.
    pub fn name_text(&self) -> Cow<'_, str> {
        marked(&self.name, self.flag.as_ref())
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
        // The metrics the direction calls informational are rows here.
        let direction = match self.shape {
            Shape::MetricsAsRows => super::section::rows_informational(direction),
            _ => Cow::Borrowed(direction),
        };
        let direction = direction.as_ref();
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
        parts.extend(self.fixed.iter().cloned());
        parts.join("; ")
    }

    /// The line under the table about runs: "means of 5 runs, ± standard
    /// deviation" (or "of 3 to 5 runs"; without the deviation when no
    /// value shows one); `None` when every value is one run.
    pub fn runs_note(&self) -> Option<String> {
        let runs = self.runs_count_note()?;
        let spread = self
            .blocks
            .iter()
            .flat_map(|b| &b.rows)
            .flat_map(|r| r.cells.iter().flatten())
            .any(|c| !c.spread.is_empty());
        Some(if spread { format!("{runs}, ± standard deviation") } else { runs })
    }

    /// [`Grid::runs_note`] as HTML prints it. Where values say their runs
    /// ([`Grid::show_n`]), a row whose values share a count says it once,
    /// "3 runs" in its runs column ([`GridRow::n`]), which needs no word
    /// more; where some value says its own (`n=2` beside its row's others)
    /// the note says what that is: "means of 1 to 3 runs (n=N: a value's
    /// own number of runs), ± standard deviation". Kernel pages hold a
    /// table or two of two rows each per section: a word more on every
    /// note cost more than the `n=` it explained.
    pub fn runs_note_html(&self) -> Option<String> {
        let note = self.runs_note()?;
        let own_n = self.show_n()
            && self
                .blocks
                .iter()
                .flat_map(|b| &b.rows)
                .filter(|r| !r.change)
                .any(|r| r.cells.iter().flatten().any(|c| c.n > 1 && c.n != r.n));
        if !own_n {
            return Some(note);
        }
        let runs = self.runs_count_note()?;
        let rest = &note[runs.len()..];
        Some(format!("{runs} (n=N: a value's own number of runs){rest}"))
    }

    /// True when the runs note under the table says nothing its rows and
    /// a page's legend do not: some value is of several runs, each row
    /// (but change rows) says its values' number in its runs column (its
    /// runs unfolded, "▸ 2 runs", or "3 runs": [`GridRow::n`]), and no value
    /// says another (`n=2`, or a single run beside them). A kernel page, whose
    /// legend says once what a value and its ± are, then leaves the note
    /// out: 62 bytes under each of its tables, the same sentence on 300
    /// pages of a class, which the runs column beside it already said.
    pub fn rows_say_runs(&self) -> bool {
        self.runs.is_some()
            && self.blocks.iter().all(|b| {
                b.runs_column
                    && b.rows.iter().filter(|r| !r.change).all(|r| {
                        // What its runs cell says: "3 runs", or its unfolded runs.
                        let said = if r.n > 0 { r.n as usize } else { r.runs.len() };
                        said > 0 && r.cells.iter().flatten().all(|c| c.n as usize == said)
                    })
            })
    }

    /// The runs note without the spread (`means of 3 runs`), the head of
    /// [`Grid::runs_note`].
    pub fn runs_count_note(&self) -> Option<String> {
        let (lo, hi) = self.runs?;
        Some(if lo == hi { format!("means of {lo} runs") } else { format!("means of {lo} to {hi} runs") })
    }

    /// The line under the table naming the kernels compared with nothing
    /// and why ([`super::Uncompared::note`]): "not compared with 6.1: 6.2
    /// (no row with 6.1's set-up, loadfile client.txt, timelimit 60)";
    /// `None` when every kernel is compared.
    /// A value whose change is not shown for being below a printed step
    /// ([`Grid::within_step`]) is named there too, with the rule in a
    /// reader's words: "not compared: 6.2 95thPercentileLatency (its
    /// printed value and 6.1's overlap: each stands for anything within
    /// half a unit of its last printed digit, so the two could be the
    /// same number)" (a whole 0 ms, anything from −0.5 to 0.5, beside
    /// 0.152 ms is no −100%). So are the set-ups its files show apart
    /// ([`Grid::setups`]).
    pub fn uncompared_note(&self) -> Option<String> {
        self.uncompared_note_with(crate::site::SetupNote::text)
    }

    /// [`Grid::uncompared_note`] as a mail's reader needs it: its set-ups
    /// without the advice to the author ([`crate::site::SetupNote::mail_text`],
    /// newcomer44 N1).
    pub fn mail_uncompared_note(&self) -> Option<String> {
        self.uncompared_note_with(crate::site::SetupNote::mail_text)
    }

    /// [`Grid::uncompared_note`] with the set-ups said by `setups`.
    fn uncompared_note_with(&self, setups: fn(&crate::site::SetupNote) -> String) -> Option<String> {
        let within = self.within_step.as_ref().filter(|(_, v)| !v.is_empty()).map(|(base, values)| {
            let named: Vec<String> = values.iter().map(|(k, c)| format!("{k} {c}")).collect();
            format!(
                "not compared: {} ({})",
                super::uncompared::some_of(&named, 5, "values"),
                super::within_step_reason(values.len(), base)
            )
        });
        let notes: Vec<String> = self
            .uncompared
            .as_ref()
            .map(super::Uncompared::note)
            .into_iter()
            .chain(within)
            .chain(self.setups.as_ref().map(setups))
            .chain(super::skipped_note(&self.skipped))
            .chain(self.gave_nothing.clone())
            .collect();
        (!notes.is_empty()).then(|| notes.join("; "))
    }

    /// The line under a table with a [`UNTIMED`] cell: "+++++: the test
    /// ran too fast to time, so the benchmark printed no figure for it
    /// (bonnie++'s +++++); it was run, and is not a zero"; `None` when no
    /// cell shows one.
    /// A value marked [`AT_LEAST`] (`≥27500`, or `>=27500` in ASCII) is
    /// said there too: "≥: the mean of only the runs that timed the test;
    /// its other runs printed +++++ (too fast to time), so the test ran
    /// faster than this mean says, and a change from it is not tested".
    pub fn untimed_note(&self) -> Option<String> {
        let cells = || self.blocks.iter().flat_map(|b| &b.rows).flat_map(|r| r.cells.iter().flatten());
        let all = cells().any(|c| c.value == UNTIMED && c.n == 0);
        let at_least = cells().find_map(|c| {
            [AT_LEAST, ">="].into_iter().find(|m| {
                c.n > 0
                    && c.value.starts_with(m)
                    && c.value[m.len()..].starts_with(|d: char| d.is_ascii_digit() || d == '-')
            })
        });
        let mut notes = Vec::new();
        if all {
            notes.push(format!(
                "{UNTIMED}: the test ran too fast to time, so the benchmark printed no figure for it (bonnie++'s {UNTIMED}); it was run, and is not a zero"
            ));
        }
        if let Some(m) = at_least {
            notes.push(format!(
                "{m}: the mean of only the runs that timed the test; its other runs printed {UNTIMED} (too fast to time), so the test ran faster than this mean says, and a change from it is not tested"
            ));
        }
        (!notes.is_empty()).then(|| notes.join("; "))
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
    /// columns, and the runs range of what is left; a block where `kernel`
    /// has nothing is left out. The baseline's rows are not kept beside
    /// them: each change says what it is against (the page's legend names
    /// the baseline and links its page, which lists its figures), and the
    /// class and section pages set both side by side; a class of 300
    /// kernels repeated the baseline's rows on 299 pages (about 14 MB of
    /// the large generated archive's 101 MB of kernel pages). The shape
    /// stays the one chosen for every kernel; the plaintext plans are left
    /// empty (kernel pages are HTML).
    pub fn only_kernel(&self, kernel: &str) -> Grid {
        self.only_kernel_with(kernel, None).0
    }

    /// [`Grid::only_kernel`] with its runs folded where `folds` says: a
    /// row whose every run `folds` (given the kernel page's row and the
    /// run) keeps none of them, where it says its number of runs
    /// ([`GridRow::n`] set) or every value of the grid is of as many runs
    /// ([`Grid::show_n`] false); a row with no runs, or one of whose runs
    /// does not fold, keeps them all. Each block's
    /// [`GridBlock::unfolds`] and [`GridBlock::runs_column`] are as the
    /// rows left say. Whether any row's runs were folded.
    ///
    /// The same grid as [`Grid::only_kernel`] and folding its rows after,
    /// without copying the runs of a row that folds (where kernels are
    /// rows, most of a large class's: 45 M instructions of the 301 kernel
    /// pages of the generated large archive's class copied runs only to
    /// drop them). A row's [`GridRow::n`] is counted with its runs, as
    /// [`Grid::settle_runs`] counts it before they are dropped.
    pub fn only_kernel_folded(&self, kernel: &str, folds: &RunFolds) -> (Grid, bool) {
        self.only_kernel_with(kernel, Some(folds))
    }

    /// [`Grid::only_kernel`], and with `folds` [`Grid::only_kernel_folded`].
    fn only_kernel_with(&self, kernel: &str, folds: Option<&RunFolds>) -> (Grid, bool) {
        // Each block kept, and where kernels are rows and runs fold, the
        // rows of the grid's block its rows are of: their runs are copied
        // only where they do not fold.
        type Kept<'a> = (GridBlock, Option<(&'a GridBlock, &'a [usize])>);
        let kept: Vec<Kept> = self
            .blocks
            .iter()
            .enumerate()
            .filter_map(|(bi, b)| {
                let (columns, rows, from): (Vec<GridColumn>, Vec<GridRow>, _) = if self.shape == Shape::MetricsAsRows {
                    let own = b.columns.iter().position(|c| c.name == kernel)?;
                    // The kernel's own column and runs.
                    let rows = b
                        .rows
                        .iter()
                        .filter(|r| r.cells[own].is_some())
                        .map(|r| GridRow {
                            cells: vec![r.cells[own].clone()],
                            runs: super::runs::only_column(r, own),
                            ..r.clone_labels()
                        })
                        .collect();
                    (vec![b.columns[own].clone()], rows, None)
                } else {
                    let by_kernel = &self.kernel_rows()[bi];
                    let own = by_kernel.get(kernel).map_or(&[][..], Vec::as_slice);
                    if own.is_empty() {
                        return None;
                    }
                    let rows: Vec<GridRow> = own
                        .iter()
                        .map(|&i| &b.rows[i])
                        .map(|r| GridRow {
                            change: r.change,
                            labels: r.labels.clone(),
                            cells: r.cells.clone(),
                            raw: r.raw.clone(),
                            // Copied below where they do not fold.
                            runs: if folds.is_some() { Vec::new() } else { r.runs.clone() },
                            n: 0,
                            flag: r.flag.clone(),
                        })
                        .collect();
                    (b.columns.clone(), rows, folds.map(|_| (b, own)))
                };
                let unfolds = match from {
                    Some((b, own)) => own.iter().any(|&i| !b.rows[i].runs.is_empty()),
                    None => rows.iter().any(|r| !r.runs.is_empty()),
                };
                let block = GridBlock {
                    label_headers: b.label_headers.clone(),
                    label_right: b.label_right.clone(),
                    columns,
                    unfolds,
                    runs_column: false,
                    rows,
                    text: TextPlan::default(),
                };
                Some((block, from))
            })
            .filter(|(b, _)| !b.rows.is_empty())
            .collect();
        let (blocks, from): (Vec<GridBlock>, Vec<_>) = kept.into_iter().unzip();
        let runs = self.runs.and_then(|_| {
            let cells =
                blocks.iter().flat_map(|b| &b.rows).filter(|r| !r.change).flat_map(|r| r.cells.iter().flatten());
            range_over_one(cells.map(|c| c.n))
        });
        // The set-ups the kept rows show, keys or values (afix43c's
        // leftover: 6.9.0's page described the baseline's set-up B too);
        // the whole note where no block has a set-up column.
        let setups = self.setups.as_ref().and_then(|note| {
            let mut shown: Vec<&str> = Vec::new();
            let mut any = false;
            for b in &blocks {
                let Some(at) = b
                    .label_headers
                    .iter()
                    .position(|h| h == crate::site::SETUP_PARAM_APART || h == crate::site::SETUP_PARAM)
                else {
                    continue;
                };
                any = true;
                shown.extend(b.rows.iter().filter(|r| !r.change).filter_map(|r| r.labels.get(at)).map(String::as_str));
            }
            if any { note.for_page(&shown, kernel) } else { Some(note.clone()) }
        });
        let mut g = Grid {
            shape: self.shape,
            unit: self.unit.clone(),
            runs,
            blocks,
            metric: self.metric.clone(),
            uncompared: self.uncompared.as_ref().and_then(|u| u.only(kernel)),
            within_step: self
                .within_step
                .as_ref()
                .map(|(base, v)| (base.clone(), v.iter().filter(|(k, _)| k == kernel).cloned().collect())),
            setups,
            skipped: self.skipped.iter().filter(|(k, _)| k == kernel).cloned().collect(),
            gave_nothing: None,
            fixed: self.fixed.clone(),
            kernel_rows: OnceLock::new(),
        };
        g.fix_label_columns();
        let Some(folds) = folds else {
            g.settle_runs();
            return (g, false);
        };
        // `settle_runs`, each row's number counted with the runs it has
        // in the grid (its own, or those of the row it is of), then the
        // rows whose every run folds left without them.
        let (show, one_count) = (g.show_n(), !g.show_n());
        let mut folded = false;
        for (b, from) in g.blocks.iter_mut().zip(from) {
            for (i, r) in b.rows.iter_mut().enumerate() {
                let runs = match from {
                    Some((src, own)) => &src.rows[own[i]].runs,
                    None => &r.runs,
                };
                r.n = if show && !r.change { r.common_n_with(runs.len()) } else { 0 };
                if row_folds(r, runs, one_count, folds) {
                    r.runs = Vec::new();
                    folded = true;
                } else if from.is_some() {
                    r.runs = runs.clone();
                }
            }
            b.unfolds = b.rows.iter().any(|r| !r.runs.is_empty());
            b.runs_column = b.unfolds || b.rows.iter().any(|r| r.n > 0);
        }
        (g, folded)
    }

    /// Folds the runs of this kernel page's grid (a [`Grid::only_kernel`])
    /// where `folds` says, as [`Grid::only_kernel_folded`] does: a row
    /// whose every run `folds` loses them where it says its number of
    /// runs ([`GridRow::n`]) or every value is of as many runs; each
    /// block's [`GridBlock::unfolds`] and [`GridBlock::runs_column`] as the
    /// rows left say. Whether any row was folded.
    pub fn fold_runs(&mut self, folds: &RunFolds) -> bool {
        let (mut folded, one_count) = (false, !self.show_n());
        for b in &mut self.blocks {
            for r in &mut b.rows {
                if row_folds(r, &r.runs, one_count, folds) {
                    r.runs.clear();
                    folded = true;
                }
            }
            b.unfolds = b.rows.iter().any(|r| !r.runs.is_empty());
            b.runs_column = b.unfolds || b.rows.iter().any(|r| r.n > 0);
        }
        folded
    }

    /// Moves the label columns after the first (parameters: `instances`,
    /// `rw`, `bs`) that show one value on every row of every block into
    /// [`Grid::fixed`] (`instances 128`), where the grid has one block:
    /// a kernel's page. The first column (the kernel, or the test) stays,
    /// and so does a column a row leaves blank.
    fn fix_label_columns(&mut self) {
        let [b] = self.blocks.as_mut_slice() else { return };
        let mut i = 1;
        while i < b.label_headers.len() {
            let mut values = b.rows.iter().filter(|r| !r.change).map(|r| r.labels.get(i).map(String::as_str));
            let first = values.next().flatten().filter(|v| !v.is_empty());
            let same = first.is_some() && values.all(|v| v == first);
            let change_blank = b
                .rows
                .iter()
                .filter(|r| r.change)
                .all(|r| r.labels.get(i).is_none_or(|v| v.is_empty() || Some(v.as_str()) == first));
            if !(same && change_blank) {
                i += 1;
                continue;
            }
            let value = first.unwrap_or_default().to_string();
            self.fixed.push(header_text(&b.label_headers[i], &value));
            b.label_headers.remove(i);
            b.label_right.remove(i);
            for r in &mut b.rows {
                if i < r.labels.len() {
                    r.labels.remove(i);
                }
            }
        }
    }

    /// True when values say their number of runs (`n=3`, or a row's in its
    /// runs column): the grid's values differ in runs; where they all have
    /// the same number the note under the table says it.
    pub fn show_n(&self) -> bool {
        self.runs.is_some_and(|(lo, hi)| lo != hi)
    }

    /// Sets each row's [`GridRow::n`] and each block's
    /// [`GridBlock::runs_column`] from the cells and runs as they are now:
    /// called last wherever a grid is laid out or cut down.
    ///
    /// Kernel pages and section pages are most of a site's bytes; a row of
    /// ten values of three runs each said ` n=3` ten times.
    pub(crate) fn settle_runs(&mut self) {
        let show = self.show_n();
        for b in &mut self.blocks {
            for r in &mut b.rows {
                r.n = if show && !r.change { r.common_n() } else { 0 };
            }
            b.runs_column = b.unfolds || b.rows.iter().any(|r| r.n > 0);
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
        self.blocks.iter().map(|b| b.text.overflow(width)).max().unwrap_or(0)
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
    let t = &*keyed(t);
    // The cells are made once: where another shape may be tried (the
    // conditions below), each shape is laid out from a copy of them.
    let deltas = opts.compare && t.rows.iter().any(|r| r.cells.iter().flatten().any(|c| c.delta_text.is_some()));
    let mut cells = Some(grid_cells(t, opts));
    // Metrics as rows and parameter values as columns (never both: one
    // needs several columns, the other one) are tried after change rows.
    let later =
        t.columns.len() > 1 && fits_kernel_columns(t, opts.width) || t.columns.len() == 1 && t.param_headers.len() == 1;
    let others = deltas || later;
    let first = if others { cells.clone() } else { cells.take() };
    // The shapes are ranked by their plaintext layout; only the one chosen
    // has its runs unfolded.
    let mut best = shaped_grid(t, Shape::MetricsAsColumns, opts, first.unwrap_or_default());
    // A shape whose lines fit the width beats one that does not, whatever
    // their lengths; between two that do not, the one less over.
    let rank = |g: &Grid| (g.text_overflow(opts.width), g.text_lines());
    // The last shape that may be tried takes the cells themselves, not a
    // copy (`cells`: `None` once taken, or where no other shape is tried).
    let consider = |shape: Shape, floor: usize, best: &mut Grid, cells: Option<Vec<Vec<Option<GridCell>>>>| {
        let other = shaped_grid(t, shape, opts, cells.unwrap_or_else(|| grid_cells(t, opts)));
        // A floor below is the fewest lines the shape can take (the tests
        // check it on every grid they lay out).
        debug_assert!(other.text_lines() >= floor, "{shape:?}: {} lines, floor {floor}", other.text_lines());
        if rank(&other) < rank(best) {
            *best = other;
        }
    };
    // Each other shape is laid out only where it could take fewer lines.
    // A shape at least `floor` lines long cannot beat a best whose lines
    // all fit the width and are no more than that (a tie keeps the
    // first): it is not laid out.
    let beaten = |best: &Grid, floor: usize| best.text_overflow(opts.width) == 0 && floor >= best.text_lines();
    // Change rows: only where a block needs more than one group of columns.
    let over = best.text_overflow(opts.width) > 0;
    if deltas && (over || best.blocks.iter().any(|b| b.text.groups.len() > 1)) {
        let floor = change_rows_floor(&best);
        if !beaten(&best, floor) {
            let cells = if later { cells.clone() } else { cells.take() };
            consider(Shape::ChangeRows, floor, &mut best, cells);
        }
    }
    // Metrics as rows take a line per metric at least, and a column per
    // kernel (six places at least) must fit.
    let over = best.text_overflow(opts.width) > 0;
    if t.columns.len() > 1 && (over || t.columns.len() + 2 < best.text_lines()) && fits_kernel_columns(t, opts.width) {
        let floor = metric_rows_floor(t);
        if !beaten(&best, floor) {
            consider(Shape::MetricsAsRows, floor, &mut best, cells.take());
        }
    }
    // Parameter values as columns take a line per kernel at least.
    if t.columns.len() == 1 && t.param_headers.len() == 1 && kernels(t).count() + 2 < best.text_lines() {
        consider(Shape::ParamsAsColumns, 0, &mut best, cells.take());
    }
    unfold(t, &mut best, opts);
    best.settle_runs();
    best
}

/// The fewest plaintext lines the change rows' shape of a table can take,
/// from `g`, its metrics-as-columns grid: the same blocks of the same rows
/// ([`build::folded_grid`]), each row that has a change followed by its
/// change row, and each block a header and a rule at least.
fn change_rows_floor(g: &Grid) -> usize {
    let blocks = g.blocks.iter().map(|b| {
        let changes = b.rows.iter().filter(|r| r.cells.iter().flatten().any(|c| !c.delta.is_empty())).count();
        2 + b.rows.len() + changes
    });
    blocks.sum::<usize>() + g.blocks.len().saturating_sub(1)
}

/// The fewest plaintext lines the metrics-as-rows shape of `t` can take:
/// one row per metric and set of parameter values it has a value at
/// ([`build::folded_grid`]), under a header and a rule; none without rows.
fn metric_rows_floor(t: &TableView) -> usize {
    // Each row's values of the parameters some row has, numbered (the
    // rows' key in `row_block`).
    let params: Vec<usize> =
        (0..t.param_headers.len()).filter(|&p| t.rows.iter().any(|r| !r.params[p].is_empty())).collect();
    let mut ids: FxHashMap<Vec<&str>, usize> = FxHashMap::default();
    let row_ids: Vec<usize> = t
        .rows
        .iter()
        .map(|r| {
            let next = ids.len();
            *ids.entry(params.iter().map(|&p| r.params[p].as_str()).collect()).or_insert(next)
        })
        .collect();
    let mut seen = vec![false; ids.len()];
    let rows: usize = (0..t.columns.len())
        .map(|ci| {
            seen.fill(false);
            t.rows
                .iter()
                .zip(&row_ids)
                .filter(|(r, id)| {
                    let cell = r.cells.get(ci).is_some_and(Option::is_some) || r.untimed.contains(&(ci as u32));
                    cell && !std::mem::replace(&mut seen[**id], true)
                })
                .count()
        })
        .sum();
    if rows == 0 { 0 } else { 2 + rows }
}

/// `t` as its grids and charts show it: each `set-up` cell showing its
/// set-up's key ([`TableView::setup_keys`]: `A` where the set-up is a fio
/// job's dozen options, named once in the note under the table), and
/// without a set-up directory column ([`crate::site::DIR_PARAM`]) that
/// [`repeats`] another column in every row (pgbench's `dir` of `30/`,
/// `2500/` beside `scale 30`, `scale 2500`: "scale 30, dir 30" said the
/// scale twice). `t` itself where nothing changes. The rows stay as they
/// are, in order; `data.json` and the CSV files keep every column.
pub fn keyed(t: &TableView) -> Cow<'_, TableView> {
    let mut out = Cow::Borrowed(t);
    let site_column = |h: &String| h == crate::site::SETUP_PARAM_APART;
    if let Some(i) = t
        .param_headers
        .iter()
        .position(site_column)
        .or_else(|| t.param_headers.iter().position(|h| h == crate::site::SETUP_PARAM))
        .filter(|_| !t.setup_keys.is_empty())
    {
        for r in &mut out.to_mut().rows {
            if let Some(v) = r.params.get_mut(i)
                && let Some((_, key)) = t.setup_keys.iter().find(|(s, _)| s == v)
            {
                v.clone_from(key);
            }
        }
    }
    let repeated = repeated_dirs(t);
    if !repeated.is_empty() {
        let k = out.to_mut();
        for &b in repeated.iter().rev() {
            k.param_headers.remove(b);
            for r in &mut k.rows {
                if b < r.params.len() {
                    r.params.remove(b);
                }
            }
        }
    }
    drop_restated_dir_parts(&mut out);
    out
}

/// Leaves out of each set-up directory cell of `t` ([`crate::site::DIR_PARAM`])
/// the path parts that are another column's value in its row: pgbench's
/// `default/10000/run-rw` beside `scale 10000` shows as `default/run-rw`
/// (archive53: the scale said twice in every row, and the dir column
/// alone 31 characters of a mail table that no longer fit 72). Done only
/// where every cell keeps a part and no two rows become alike; a whole
/// directory naming a value is [`repeated_dirs`]' case.
fn drop_restated_dir_parts(t: &mut Cow<'_, TableView>) {
    let is_dir = |h: &str| h == crate::site::DIR_PARAM || h == crate::site::DIR_PARAM_APART;
    let np = t.param_headers.len();
    let dirs: Vec<usize> = (0..np).filter(|&b| is_dir(&t.param_headers[b])).collect();
    for b in dirs {
        let shown: Vec<Option<String>> = t
            .rows
            .iter()
            .map(|r| {
                let dir = r.params.get(b)?;
                let parts: Vec<&str> = dir.split('/').collect();
                let restated = |p: &&str| {
                    (0..np).any(|a| a != b && !is_dir(&t.param_headers[a]) && r.params.get(a).is_some_and(|v| v == p))
                };
                let kept: Vec<&str> = parts.iter().filter(|p| !restated(p)).copied().collect();
                (kept.len() < parts.len() && !kept.is_empty()).then(|| kept.join("/"))
            })
            .collect();
        if shown.iter().all(Option::is_none) {
            continue;
        }
        let key = |r: &crate::report::RowView, dir: Option<&String>| {
            let mut k = r.params.clone();
            if let Some(d) = dir {
                k[b].clone_from(d);
            }
            (r.kernel.clone(), k)
        };
        let before: FxHashSet<_> = t.rows.iter().map(|r| key(r, None)).collect();
        let after: FxHashSet<_> = t.rows.iter().zip(&shown).map(|(r, s)| key(r, s.as_ref())).collect();
        if after.len() != before.len() {
            continue;
        }
        for (r, s) in t.to_mut().rows.iter_mut().zip(shown) {
            if let Some(s) = s {
                r.params[b] = s;
            }
        }
    }
}

/// The set-up directory columns of `t` ([`crate::site::DIR_PARAM`]) that
/// [`repeat`](repeats) another, non-directory column in every row, by
/// index: a grid, a chart and a row's label leave them out ([`keyed`]).
pub fn repeated_dirs(t: &TableView) -> Vec<usize> {
    let is_dir = |h: &str| h == crate::site::DIR_PARAM || h == crate::site::DIR_PARAM_APART;
    let np = t.param_headers.len();
    (0..np)
        .filter(|&b| is_dir(&t.param_headers[b]))
        .filter(|&b| (0..np).any(|a| !is_dir(&t.param_headers[a]) && repeats(t, a, b)))
        .collect()
}

/// Whether parameter column `b` of `table` repeats column `a`: the same
/// value in every row (a `dir` set-up named by the pgbench scale its runs
/// used, `30/`, `300/`, beside `scale 30`, `scale 300`), or, for a set-up
/// directory `b`, a name of `a`'s value in every row, one name to a value
/// (`bench100/`, `bench1000/`, `bench10000/` beside `scale 100`, `1000`,
/// `10000`: archive38b F2; see [`names_value`]). Such a column is no
/// dimension of its own: a scaling chart over `a` does not split its
/// groups by it, and [`keyed`] leaves a set-up directory's out.
pub fn repeats(table: &TableView, a: usize, b: usize) -> bool {
    if a == b || table.rows.is_empty() {
        return false;
    }
    let is_dir =
        |h: Option<&String>| h.is_some_and(|h| h == crate::site::DIR_PARAM || h == crate::site::DIR_PARAM_APART);
    let naming = is_dir(table.param_headers.get(b));
    let (mut to_b, mut to_a) = (FxHashMap::default(), FxHashMap::default());
    // What each directory name says besides the value: the same in every
    // row (`bench` of `bench100`, `bench1000`), or the directory says more
    // than the value (`nvme-100`, `hdd-10000`: the disk, attack39 #15).
    let mut rest: Option<String> = None;
    table.rows.iter().all(|r| {
        let (Some(x), Some(y)) = (r.params.get(a), r.params.get(b)) else { return false };
        if x.is_empty() {
            return false;
        }
        let besides = if x == y {
            String::new()
        } else {
            match naming.then(|| names_value(y, x)).flatten() {
                Some(other) => other,
                None => return false,
            }
        };
        if *rest.get_or_insert_with(|| besides.clone()) != besides {
            return false;
        }
        // One name to a value and one value to a name: otherwise the
        // directory tells apart rows the value does not.
        *to_b.entry(x.as_str()).or_insert(y.as_str()) == y.as_str()
            && *to_a.entry(y.as_str()).or_insert(x.as_str()) == x.as_str()
    }) && (rest.as_deref().is_none_or(str::is_empty) || to_b.len() >= 2)
}

/// What the directory name `dir` says besides `value` when it names
/// `value` as a whole word or number inside it: `bench100` names `100`
/// (`bench` besides; not `10`, nor does `bench1000` name `100`),
/// `scale-30` names `30` (`scale-`), `ext4` names no `4k` (`None`).
/// [`repeats`] asks that to be the same in every row, and a word said
/// beside two values or more: `hdd-10000` beside `nvme-100` names the disk
/// too, and a directory alone (`hdd-10000`) may.
fn names_value(dir: &str, value: &str) -> Option<String> {
    let kind = |c: char| {
        if c.is_ascii_digit() {
            1
        } else if c.is_alphabetic() {
            2
        } else {
            0
        }
    };
    let (Some(first), Some(last)) = (value.chars().next(), value.chars().last()) else { return None };
    dir.match_indices(value)
        .find(|&(i, _)| {
            let before = dir[..i].chars().next_back();
            let after = dir[i + value.len()..].chars().next();
            before.is_none_or(|c| kind(c) == 0 || kind(c) != kind(first))
                && after.is_none_or(|c| kind(c) == 0 || kind(c) != kind(last))
        })
        .map(|(i, _)| format!("{}\u{0}{}", &dir[..i], &dir[i + value.len()..]))
}

/// Lays out `t` in `shape`. The raw files behind the numbers are not
/// named until [`Grid::link_sources`].
pub fn grid_of(t: &TableView, shape: Shape, opts: &GridOptions) -> Grid {
    let t = &*keyed(t);
    let mut g = folded_grid(t, shape, opts);
    unfold(t, &mut g, opts);
    g.settle_runs();
    g
}

/// Whether kernel page row `r` with `runs` (its own, or those of the class
/// grid's row it is cut from) folds them: it has some, every one `folds`,
/// and it says their number ([`GridRow::n`] set) or every value of its grid
/// is of as many runs (`one_count`, [`Grid::show_n`] false). The one rule of
/// [`Grid::only_kernel_folded`] and [`Grid::fold_runs`].
fn row_folds(r: &GridRow, runs: &[GridRun], one_count: bool, folds: &RunFolds) -> bool {
    !runs.is_empty() && (r.n > 0 || one_count) && runs.iter().all(|run| folds(r, run))
}
