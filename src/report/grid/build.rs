//! Laying a [`TableView`] out as a [`Grid`] of one shape: its blocks, rows,
//! columns and cells, before the plaintext plan.

use super::*;
use plan::plan_text;

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
pub(super) fn kernels(t: &TableView) -> impl Iterator<Item = &str> {
    distinct(t.rows.iter().map(|r| r.kernel.as_str()))
}

/// True when `t`'s distinct kernels, six places each, fit `width` (a
/// 300-kernel table stops counting at the width's worth).
pub(super) fn fits_kernel_columns(t: &TableView, width: usize) -> bool {
    kernels(t).take(width / 6 + 1).count() * 6 <= width
}

/// What only the shape chosen for `t` needs, not each one tried: the runs
/// under each row of `g` ([`GridRow::runs`], but for a brief grid) and the
/// kernels `t` compares with nothing ([`Grid::uncompared`]).
pub(super) fn unfold(t: &TableView, g: &mut Grid, opts: &GridOptions) {
    g.uncompared = t.uncompared().cloned();
    g.within_step = within_step(t);
    g.setups.clone_from(&t.setup_note);
    g.skipped.clone_from(&t.skipped);
    g.gave_nothing = crate::report::gave_nothing_note(&t.axis, &t.gave_nothing);
    if !opts.brief {
        for b in &mut g.blocks {
            crate::report::runs::unfold_block(t, b);
        }
    }
}

/// The values of `t` whose change is not shown for being below the step
/// one side was printed to ([`Grid::within_step`]); `None` when none is.
fn within_step(t: &TableView) -> Option<(String, Vec<(String, String)>)> {
    let base = t.baseline.clone()?;
    let mut values: Vec<(String, String)> = Vec::new();
    // A kernel's rows at several parameters name a column once.
    let mut seen: rustc_hash::FxHashSet<(&str, usize)> = rustc_hash::FxHashSet::default();
    for r in &t.rows {
        for (ci, (c, col)) in r.cells.iter().zip(&t.columns).enumerate() {
            let within = c.as_ref().and_then(|c| c.comparison).is_some_and(|x| x.within_step);
            if within && col.better != Better::Neither && seen.insert((r.kernel.as_str(), ci)) {
                values.push((r.kernel.clone(), col.name.clone()));
            }
        }
    }
    (!values.is_empty()).then_some((base, values))
}

/// [`grid_of`] without the runs unfolded.
pub(super) fn folded_grid(t: &TableView, shape: Shape, opts: &GridOptions) -> Grid {
    shaped_grid(t, shape, opts, grid_cells(t, opts))
}

/// The cells of `t`'s grid, by table row and column, as every shape lays
/// them out (moved into its rows): [`super::grid`] makes them once and
/// gives each shape it tries a copy.
pub(super) fn grid_cells(t: &TableView, opts: &GridOptions) -> Vec<Vec<Option<GridCell>>> {
    t.rows
        .iter()
        .enumerate()
        .map(|(ri, r)| {
            r.cells
                .iter()
                .enumerate()
                .map(|(ci, c)| match c {
                    Some(c) => {
                        let mut cell = grid_cell(c, opts, (ri, ci), t.columns[ci].better);
                        // The mean of the timed runs only: it understates
                        // the test ([`super::AT_LEAST`], the note under the table).
                        if r.part_untimed.contains(&(ci as u32)) {
                            let mark = if opts.ascii { ">=" } else { super::AT_LEAST };
                            cell.value = compact_str::format_compact!("{mark}{}", cell.value);
                        }
                        Some(cell)
                    }
                    // A test too fast to time in every run: `+++++`, as
                    // the benchmark printed it, and the note under the
                    // table ([`Grid::untimed_note`]).
                    None if r.untimed.contains(&(ci as u32)) => {
                        Some(GridCell { value: UNTIMED.into(), origin: (ri as u32, ci as u32), ..GridCell::default() })
                    }
                    None => None,
                })
                .collect()
        })
        .collect()
}

/// [`folded_grid`] of `t`'s cells ([`grid_cells`]).
pub(super) fn shaped_grid(t: &TableView, shape: Shape, opts: &GridOptions, cells: Vec<Vec<Option<GridCell>>>) -> Grid {
    let unit = shared_unit(t);
    let runs = run_range(t);
    let (lifted, fixed) = if shape == Shape::ParamsAsColumns { (Vec::new(), Vec::new()) } else { block_settings(t) };
    let mut blocks = match shape {
        Shape::MetricsAsColumns => column_blocks(t, cells, unit.is_some(), false, &lifted),
        Shape::ChangeRows => column_blocks(t, cells, unit.is_some(), true, &lifted),
        Shape::MetricsAsRows => vec![row_block(t, cells, unit.is_some(), &lifted)],
        Shape::ParamsAsColumns => vec![param_block(t, cells, unit.is_some())],
    };
    let metric = (shape == Shape::ParamsAsColumns).then(|| t.columns[0].label().to_string());
    blocks.retain(|b| !b.rows.is_empty());
    for b in &mut blocks {
        mark_kernels(b, shape, &t.marks);
    }
    // Long kernel names' short names, the same in each block.
    let keys = KernelKeys::of(&blocks, opts.width);
    for b in &mut blocks {
        b.text = plan_text(b, opts.width, keys.as_ref());
    }
    Grid {
        shape,
        unit,
        runs,
        blocks,
        metric,
        uncompared: None,
        within_step: None,
        setups: None,
        skipped: Vec::new(),
        gave_nothing: None,
        fixed,
        kernel_rows: OnceLock::new(),
    }
}

/// The parameters of `t` that are a setting of some of its metrics, said
/// once in the caption ([`Grid::fixed`], returned as `"block_size 1KiB"`)
/// rather than in a label column of every row of those metrics: each has
/// one value wherever it has one, some rows lack it, and each column's
/// rows all have it or all lack it. sysbench's memory rows carry
/// `block_size 1KiB`, `operation write`, `scope global`, its cpu rows
/// none: the three columns stood in every memory row, and the table was
/// 84 columns wide in a mail of 72 (archive55), where a setting of every
/// row goes into the caption ([`TableView::fixed_params`]). Blocks are
/// still made by the parameters each column's values have, so no row is
/// printed without a value. A parameter some rows of one metric have and
/// others lack stays a column (those rows are set-ups apart); so do the
/// set-up columns the build adds (file, directory, set-up), which say
/// where rows come from.
pub(super) fn block_settings(t: &TableView) -> (Vec<usize>, Vec<String>) {
    let special = [
        crate::site::FILE_PARAM,
        crate::site::FILE_PARAM_APART,
        crate::site::DIR_PARAM,
        crate::site::DIR_PARAM_APART,
        crate::site::SETUP_PARAM,
        crate::site::SETUP_PARAM_APART,
    ];
    let mut lifted = Vec::new();
    let mut texts = Vec::new();
    for p in 0..t.param_headers.len() {
        if special.contains(&t.param_headers[p].as_str()) {
            continue;
        }
        let mut values = t.rows.iter().map(|r| r.params[p].as_str());
        let mut one: Option<&str> = None;
        let mut lacking = false;
        let same = values.all(|v| {
            if v.is_empty() {
                lacking = true;
                return true;
            }
            *one.get_or_insert(v) == v
        });
        let Some(value) = one.filter(|_| same && lacking) else { continue };
        // Each column's rows all have the parameter or all lack it.
        let by_column = (0..t.columns.len()).all(|ci| {
            let mut with = t.rows.iter().filter(|r| r.cells[ci].is_some()).map(|r| r.params[p].is_empty());
            with.next().is_none_or(|empty| with.all(|e| e == empty))
        });
        if by_column {
            lifted.push(p);
            texts.push(t.param_text(&t.param_headers[p], value));
        }
    }
    (lifted, texts)
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
    // in the table's form ([`crate::report::format::fmt_change_cell`]).
    // No factor where the means have no ratio: the prose's percentage.
    let pct = c.comparison.as_ref().and_then(|cmp| cmp.pct_better);
    let (delta, mark) = match (&c.delta_text, pct, opts.compare) {
        (Some(prose), Some(p), true) => (crate::report::format::change_cell_of(prose, p, better, opts.ascii), c.mark),
        // A change from 0 ("from 0"), which has no percentage.
        (Some(prose), None, true) => (prose.clone(), c.mark),
        _ => (CompactString::default(), Mark::None),
    };
    let value = c.marked_text();
    GridCell {
        value,
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
pub(super) fn link_sources(t: &TableView, b: &mut GridBlock, by_column: bool) {
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
pub(in crate::report) fn view_cell<'t>(t: &'t TableView, c: &GridCell) -> Option<&'t CellView> {
    t.rows.get(c.origin.0 as usize)?.cells.get(c.origin.1 as usize)?.as_ref()
}

/// The view's cell of the first of `cells` when every one of them comes
/// from the same raw files, or `None`.
fn shared_sources<'t, 'a>(t: &'t TableView, mut cells: impl Iterator<Item = &'a GridCell>) -> Option<&'t CellView> {
    let first = view_cell(t, cells.next()?)?;
    cells.all(|c| view_cell(t, c).is_some_and(|v| v.raw == first.raw)).then_some(first)
}

/// The unit every column shares (and it is not empty), leaving out
/// informational columns whose names say their unit (`Mhz`, `CPU%`)
/// where the heading names them as informational beside the columns
/// with a better direction ("µs, smaller is better; Mhz
/// informational"). Where no column has a direction nothing says so:
/// lmbench's Basic system parameters, `Mhz 1900` beside `tlb 48`, read
/// "(pages)" and so "Mhz 1900 pages" (archive37 F3): every column counts.
fn shared_unit(t: &TableView) -> Option<String> {
    let directed = t.columns.iter().any(|c| c.better != Better::Neither);
    let mut units = t
        .columns
        .iter()
        .filter(|c| !directed || c.better != Better::Neither || !own_unit(c).is_empty())
        .map(ColumnView::unit_label);
    let first = units.next().filter(|u| !u.is_empty())?;
    units.all(|u| u == first).then(|| first.to_string())
}

/// The unit a column's header must show: none when its name already says
/// it ([`names_its_unit`]: `CPU%` in %, `Mhz` in MHz).
fn own_unit(c: &ColumnView) -> &str {
    let (name, unit) = (c.label(), c.unit_label());
    if unit.is_empty() || names_its_unit(name, unit) { "" } else { unit }
}

/// True when a metric's name ends with its unit as a word of its own
/// (`Mhz` in MHz, `CPU MHz`, `bw_MB/s`) or a sign (`CPU%` in %), case
/// aside: not where the unit's letters only end a word (bash `time`'s
/// `sys` in s, `Requests` in s, `items` in ms: the header lost its `(s)`,
/// wild36c F4).
///
/// A note in parentheses after the unit does not hide it: stress-ng's
/// `write64 MB per sec (geometric mean)` says its `MB per sec` as
/// `write128 MB/sec` says `MB/sec`, and one table gave the one no unit
/// and the other its unit again (newcomer43 N5).
fn names_its_unit(name: &str, unit: &str) -> bool {
    let (name, unit) = (name.to_lowercase(), unit.to_lowercase());
    let ends = |name: &str| {
        name.strip_suffix(&unit)
            .is_some_and(|before| !unit.starts_with(char::is_alphanumeric) || !before.ends_with(char::is_alphanumeric))
    };
    let noted = name.strip_suffix(')').and_then(|n| n.rsplit_once(" (")).map(|(before, _)| before);
    ends(&name) || noted.is_some_and(|before| !unit.ends_with(')') && ends(before))
}

/// The fewest and most runs behind a value of more than one run.
fn run_range(t: &TableView) -> Option<(u32, u32)> {
    range_over_one(t.rows.iter().flat_map(|r| r.cells.iter().flatten()).map(|c| c.summary.n))
}

/// The fewest and most of `ns` where some is above 1: a single run among
/// means of five makes it 1 to 5, so the note under the table ("means of
/// 1 to 5 runs") does not call a lone run a mean of five, and each mean
/// says its `n`. `None` when every value is one run.
pub(super) fn range_over_one(ns: impl Iterator<Item = u32>) -> Option<(u32, u32)> {
    let (lo, hi) = ns.fold((u32::MAX, 0), |(lo, hi), n| (lo.min(n), hi.max(n)));
    (hi > 1).then_some((lo, hi))
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
    lifted: &[usize],
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
            // The block's label columns: the caption says the lifted ones.
            let params: Vec<usize> = (0..t.param_headers.len()).filter(|&p| sig[p] && !lifted.contains(&p)).collect();
            let mut label_headers = vec![t.axis.one.clone()];
            let mut label_right = vec![false];
            for &p in &params {
                label_headers.push(t.param_header(&t.param_headers[p]));
                label_right.push(numeric_param(t, p));
            }
            let overs = part_labels(t);
            let columns = cols
                .iter()
                .map(|&ci| {
                    let over = overs[ci].clone();
                    let label = t.columns[ci].label();
                    let name = label.strip_prefix(&format!("{over} ")).unwrap_or(label);
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
            GridBlock::new(label_headers, label_right, columns, rows)
        })
        .collect()
}

/// The label of each column's part, where a table of several parts has a
/// part of several columns named "label metric" (`parts:`, whose columns
/// [`crate::report::section`] names so): the words all the part's names begin
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
fn row_block(t: &TableView, mut cells: Vec<Vec<Option<GridCell>>>, shared_unit: bool, lifted: &[usize]) -> GridBlock {
    let kernels: Vec<&str> = kernels(t).collect();
    // Each kernel's first place among `kernels`.
    let mut kernel_at: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, k) in kernels.iter().enumerate() {
        kernel_at.entry(k).or_insert(i);
    }
    // A lifted parameter is one value in each column's rows, or none: no
    // two rows of a metric differ in it alone.
    let params: Vec<usize> = (0..t.param_headers.len())
        .filter(|&p| !lifted.contains(&p) && t.rows.iter().any(|r| !r.params[p].is_empty()))
        .collect();
    let units = !shared_unit && t.columns.iter().any(|c| !own_unit(c).is_empty());
    let mut label_headers = vec!["test".to_string()];
    let mut label_right = vec![false];
    for &p in &params {
        label_headers.push(t.param_header(&t.param_headers[p]));
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
        // Each key's place in `by_params`, found by hashing: a search of the
        // list for each row took a 5,000-row will-it-scale CSV's check 7 s
        // and a 20,000-row one's 75 s (newcomer30 P2-2).
        let mut slot_of: FxHashMap<Vec<&str>, usize> = FxHashMap::default();
        for (r, rc) in t.rows.iter().zip(&mut cells) {
            // Each cell goes to one row of the block: moved, not copied.
            let Some(cell) = rc[ci].take() else { continue };
            let key: Vec<&str> = params.iter().map(|&p| r.params[p].as_str()).collect();
            let k = kernel_at.get(r.kernel.as_str()).copied().unwrap_or(0);
            let slot = *slot_of.entry(key).or_insert_with_key(|key| {
                by_params.push((key.clone(), vec![None; kernels.len()]));
                by_params.len() - 1
            });
            by_params[slot].1[k] = Some(cell);
        }
        for (key, cells) in by_params {
            let mut labels = vec![col.label().to_string()];
            labels.extend(key.iter().map(|s| s.to_string()));
            // The unit column says every row's unit, one its name ends
            // with too: schbench's `average rps` stood with an empty unit
            // cell among rows of rps (newcomer42 N14); not a name that is
            // the unit (AIM7's `Jobs/Min` in jobs/min).
            if units {
                let unit = if col.label().eq_ignore_ascii_case(col.unit_label()) { "" } else { col.unit_label() };
                labels.push(unit.to_string());
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
    GridBlock::new(label_headers, label_right, columns, rows)
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
/// column per parameter value (table order), headed "procs 32"; the
/// column of rows whose output printed no value for it "no procs"
/// (CoreMark prints `Parallel PThreads : 64` for a run of 64 threads and
/// nothing for a single-thread run, whose column read "parallel" as if
/// it were a parallel one).
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
            name: if v.is_empty() {
                format!("no {}", t.param_headers[0])
            } else {
                t.param_text(&t.param_headers[0], v)
            },
            over: String::new(),
            unit: unit.clone(),
            better: Some(t.columns[0].better),
            raw: RawFiles::default(),
            flag: None,
        })
        .collect();
    GridBlock::new(vec![t.axis.one.clone()], vec![false], columns, rows)
}

#[cfg(test)]
mod tests {
    use super::names_its_unit;

    /// wild36c F4: bash `time`'s `sys` is in s, its name no unit.
    #[test]
    fn a_name_says_its_unit_only_as_a_word_or_sign() {
        assert!(names_its_unit("CPU%", "%"));
        assert!(names_its_unit("Mhz", "MHz"));
        assert!(names_its_unit("CPU MHz", "MHz"));
        assert!(names_its_unit("bw_MB/s", "MB/s"));
        assert!(!names_its_unit("sys", "s"));
        assert!(!names_its_unit("items", "ms"));
        assert!(!names_its_unit("real", "s"));
        assert!(!names_its_unit("lat 100ms", "ms"));
        // A note after the unit (stress-ng's statistic, newcomer43 N5).
        assert!(names_its_unit("write64 MB per sec (geometric mean)", "MB per sec"));
        assert!(names_its_unit("bogo ops/s (real time)", "bogo ops/s"));
        // Not a unit inside the note, nor a word ending in its letters.
        assert!(!names_its_unit("read (MB per sec)", "sec"));
        assert!(!names_its_unit("sys (total)", "s"));
    }
}
