//! One section's table: its columns, rows and cells, each cell summarised
//! and compared with the baseline's.
//!
//! [`section_view`] runs the steps in order: [`choose_columns`],
//! [`gather_rows`], [`fill_cells`], [`compare_cells`], [`fix_params`], then
//! [`column_views`]. Every lookup goes through a hash map, so a section is
//! linear in its samples.

use super::format::{fmt_cell_spread, fmt_cell_value, fmt_change, slugify};
use super::{
    CellView, ColumnView, DeltaClass, Entry, Mark, Policy, RawFiles, RowView, RunView, SectionView, TableView,
};
use crate::markdown;
use crate::model::{Better, Sample, Value};
use crate::stats::{PrintedStep, Summary, compare_printed, decimals_needed, trimmed};
use compact_str::CompactString;
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::sync::Arc;

/// One part of a section (`parts:` in `machine.yaml`): the label its
/// columns carry and their order. A section without parts is one part
/// without a label.
#[derive(Debug, Clone, Copy)]
pub(super) struct Part<'a> {
    /// The part's label (`perl_build`); `None` for a section without `parts:`.
    pub label: Option<&'a str>,
    /// Its metrics in column order (`metrics:`); others follow in first appearance.
    pub metric_order: &'a [String],
    /// True for a part of a section `machine.yaml` configures; false for
    /// the section of results no configured section showed. A configured
    /// section whose every column is detail chose them: none is detail.
    pub configured: bool,
    /// True when the part (or its section) names a `group:`: none of its
    /// columns is detail, the person chose that table.
    pub group_named: bool,
}

/// A column: the part it belongs to (two parts never share a column, even
/// for the same metric), and the metric name, unit and direction within a
/// group, borrowed from the samples.
#[derive(PartialEq, Eq, Hash, Clone, Copy)]
struct ColKey<'a> {
    part: usize,
    group: &'a str,
    name: &'a str,
    unit: &'a str,
    better: Better,
}

/// The columns of a section, in display order.
struct Columns<'a> {
    /// Every column, configured metrics first, then in first appearance.
    cols: Vec<ColKey<'a>>,
    /// The display column of each entry.
    entry_col: Vec<usize>,
    /// Parameter names in first appearance.
    param_names: Vec<String>,
    /// The units the files give parameters ([`TableView::param_units`]).
    param_units: Vec<(String, String)>,
    /// Each column's name and unit as its first entry's file printed them
    /// ([`crate::model::Metric::printed_name`], `printed_unit`; empty where
    /// they are the key's), in display order.
    printed: Vec<(&'a str, &'a str)>,
    /// Parser ids, in first appearance.
    benchmarks: Vec<String>,
    /// For each part, true when its columns come from more than one group
    /// (their names then carry the group).
    mixed_groups: Vec<bool>,
    /// For each column, true when every benchmark behind it calls it
    /// detail ([`crate::parse::mail_detail`]) and its part's `metrics:`
    /// does not name it.
    detail: Vec<bool>,
}

/// The rows of a section: each distinct kernel and parameter values.
struct Rows<'a> {
    /// (kernel, parameter values aligned with the parameter names), in
    /// first appearance.
    rows: Vec<(&'a str, Vec<&'a str>)>,
    /// The row of each entry.
    entry_row: Vec<usize>,
    /// Display order: indexes into `rows`, by parameters, then kernel order.
    order: Vec<usize>,
}

/// The rows laid out with their cells, before any comparison.
struct Cells {
    /// Rows in display order.
    rows: Vec<RowView>,
    /// Decimals of each display column's means: the most of its cells'
    /// ([`cell_decimals`]).
    precision: Vec<usize>,
    /// Decimals each display column's runs were printed with.
    printed: Vec<usize>,
    /// The cells `trim` left whole for a summary among their values
    /// (row index in display order, column, and the summary's file, line
    /// and run count).
    untrimmed: Vec<(usize, usize, Arc<str>, usize, u32)>,
    /// True when some cell has more than one run.
    has_spread: bool,
}

/// How a section orders its rows and names its headline.
pub(super) struct Order<'a> {
    /// Its `headline:` metric, if set.
    pub headline: Option<&'a str>,
    /// Kernel order of the machine class.
    pub kernels: &'a [String],
}

/// Builds one section: its table of `entries` (each of the part
/// `entry_part` gives, an index into `parts`; columns part by part, each
/// part's in its `metric_order` first; rows in `order.kernels` within
/// equal parameters; the headline column when configured or listed:
/// [`configured_headline`]), each cell compared with the baseline's
/// (marks wait for [`super::correct_page`]).
pub(super) fn section_view(
    title: &str,
    commentary: &str,
    parts: &[Part],
    (entries, entry_part, marks): (&[Entry], &[usize], &[u8]),
    order: &Order,
    policy: &Policy,
) -> SectionView {
    let Columns {
        cols,
        entry_col,
        mut param_names,
        param_units,
        printed: printed_as,
        benchmarks,
        mixed_groups,
        detail,
    } = choose_columns(entries, entry_part, parts, order.kernels);
    // A section of two benchmarks' files (dbench's and tbench's, each a
    // `Throughput`) names each row's benchmark in a column of its own, its
    // values in the kernels' order (the baseline's first): a dbench row of
    // 6.9.0 and a tbench row of 6.10.0 read as one benchmark's, sorted by
    // their timelimit, the baseline's last (newcomer59b item 3), and rows
    // of equal parameters would have been compared across benchmarks.
    let by_benchmark = names_benchmarks(&benchmarks, &param_names);
    if by_benchmark {
        param_names.insert(0, BENCHMARK_PARAM.to_string());
    }
    let mut rows = gather_rows(entries, &param_names, order.kernels, by_benchmark);
    if let Some(b) = policy.baseline.as_deref() {
        baseline_leads(&mut rows, &param_names, b);
    }
    let Cells { rows: mut row_views, precision, printed, has_spread, untrimmed } =
        fill_cells(entries, marks, &rows, &entry_col, cols.len(), policy.trim, &policy.raw);
    mark_untimed(entries, &rows, &cols, &mut row_views);
    let baseline = policy.baseline.clone().filter(|b| row_views.iter().any(|r| &r.kernel == b));
    if let Some(b) = &baseline {
        compare_cells(&mut row_views, &cols, &param_names, b);
    }
    let (fixed_params, fixed_param_values) = fix_params(&mut row_views, &mut param_names, &param_units);
    let mut columns = column_views(&cols, &precision, &printed, parts, &mixed_groups);
    for ((c, key), (name, unit)) in columns.iter_mut().zip(&cols).zip(&printed_as) {
        if !name.is_empty() {
            c.shown_name = match c.name.strip_suffix(key.name) {
                Some(head) => format!("{head}{name}"),
                None => c.name.clone(),
            };
        }
        c.shown_unit = unit.to_string();
    }
    if !(detail.iter().all(|&d| d) && parts.iter().any(|p| p.configured)) {
        for (c, d) in columns.iter_mut().zip(detail) {
            c.detail = d;
        }
    }
    for (c, key) in columns.iter_mut().zip(&cols) {
        c.mail_change_noise = benchmarks.iter().any(|b| crate::parse::mail_change_noise(b, key.group, key.name));
        c.of_others = benchmarks.iter().any(|b| crate::derive::of_others(b, key.group, key.name));
    }
    let headline = configured_headline(&cols, &columns, parts, order.headline);
    let headline_named = order.headline.is_some() && headline.is_some();
    let direction = direction_label(&columns);
    let untrimmed = untrimmed
        .into_iter()
        .map(|(row, ci, path, line, n)| super::Untrimmed {
            kernel: row_views[row].kernel.clone(),
            column: columns.get(ci).map(|c| c.name.clone()).unwrap_or_default(),
            path,
            line,
            n,
            trim: policy.trim,
        })
        .collect();
    SectionView {
        id: slugify(title),
        title: title.to_string(),
        benchmarks,
        commentary_md: commentary.to_string(),
        commentary_html: markdown::html(commentary, policy.allow_remote),
        notes_md: String::new(),
        notes_html: String::new(),
        charts: Vec::new(),
        chart_note: String::new(),
        grid: None,
        shown_note: String::new(),
        shown_link: String::new(),
        shown_pages: Vec::new(),
        warnings: Vec::new(),
        warning_groups: Vec::new(),
        warnings_more: 0,
        table: TableView {
            param_headers: param_names,
            param_units,
            fixed_params,
            fixed_param_values,
            columns,
            rows: row_views,
            direction,
            has_spread,
            baseline_absent: policy.baseline.clone().filter(|_| baseline.is_none()),
            baseline,
            alpha: policy.alpha,
            regression_threshold: policy.regression_threshold,
            tests: 0,
            configured_headline: headline,
            headline_named,
            legend: None,
            untested: None,
            merged_legend: None,
            copied_legend: None,
            axis: Default::default(),
            marks: Vec::new(),
            setup_note: None,
            setup_keys: Vec::new(),
            uncompared_memo: Default::default(),
            untrimmed,
            skipped: Vec::new(),
            gave_nothing: Vec::new(),
        },
    }
}

/// The headline column the section's configuration names: its
/// `headline:` metric (by the benchmark's name, its shown name with a part
/// label or group, or with its group), else the first column when it is
/// one of the first part's `metrics:`. `None` when neither is set or present.
fn configured_headline(
    cols: &[ColKey],
    columns: &[ColumnView],
    parts: &[Part],
    headline: Option<&str>,
) -> Option<usize> {
    let named = headline.and_then(|h| {
        (0..cols.len()).find(|&i| {
            let c = &cols[i];
            columns[i].name == h || crate::model::headline_names(h, c.group, c.name)
        })
    });
    let metrics = parts.first().map_or(&[][..], |p| p.metric_order);
    named.or_else(|| cols.first().filter(|c| metrics.iter().any(|m| m == c.name)).map(|_| 0))
}

/// The columns of `entries`: part by part (`entry_part` is each entry's),
/// each part's in its configured order (`metric_order`), then first
/// appearance in the first of `kernels` whose files give it; with the
/// parameter names and benchmarks met.
fn choose_columns<'a>(entries: &[Entry<'a>], entry_part: &[usize], parts: &[Part], kernels: &[String]) -> Columns<'a> {
    let mut cols: Vec<ColKey> = Vec::new();
    let mut col_index: FxHashMap<ColKey, usize> = FxHashMap::default();
    let mut param_names: Vec<String> = Vec::new();
    let mut param_units: Vec<(String, String)> = Vec::new();
    let mut benchmarks: Vec<String> = Vec::new();
    let mut entry_col: Vec<usize> = Vec::with_capacity(entries.len());
    // Each column's first benchmark and whether it is detail so far: asked
    // again only of an entry from another benchmark.
    let mut detail: Vec<(&str, bool)> = Vec::new();
    // The column of the entry before, and of each column the column of
    // the entry that followed it last (`usize::MAX` for none yet): a
    // benchmark's files print their metrics in one order, so the entry
    // after is mostly that one, found without a hash of three names.
    let mut before: Option<usize> = None;
    let mut follows: Vec<usize> = Vec::new();
    let mut printed: Vec<(&str, &str)> = Vec::new();
    for ((rf, s), &part) in entries.iter().zip(entry_part) {
        let m = &s.metric;
        let key = ColKey { part, group: &s.group, name: &m.name, unit: &m.unit, better: m.better };
        let bench = rf.parsed.benchmark.as_str();
        let guess = before.map(|b| follows[b]).filter(|&g| g != usize::MAX && cols[g] == key);
        let ci = match guess {
            Some(g) => g,
            None => *col_index.entry(key).or_insert_with(|| {
                cols.push(key);
                printed.push((m.printed_name.as_str(), m.printed_unit.as_str()));
                follows.push(usize::MAX);
                let named =
                    parts.get(part).is_some_and(|p| p.group_named || p.metric_order.iter().any(|n| *n == m.name));
                detail.push((bench, !named && crate::parse::mail_detail(bench, &s.group, &m.name)));
                cols.len() - 1
            }),
        };
        if let Some(b) = before {
            follows[b] = ci;
        }
        before = Some(ci);
        if detail[ci].1 && detail[ci].0 != bench {
            detail[ci].1 = crate::parse::mail_detail(bench, &s.group, &m.name);
        }
        entry_col.push(ci);
        for p in &s.params {
            if !param_names.iter().any(|n| *n == p.name) {
                param_names.push(p.name.to_string());
            }
            if !p.unit.is_empty() {
                add_unit(&mut param_units, &p.name, &p.unit);
            }
        }
        if !benchmarks.contains(&rf.parsed.benchmark) {
            benchmarks.push(rf.parsed.benchmark.clone());
        }
    }
    // Each column's first appearance in the files of the first kernel (in
    // `kernels`' order) that gives it: columns in the order the kernels'
    // files print them, the first kernel's first, as the parameters'
    // values are (`gather_rows`). By path, 6.10.0's schbench report, which
    // prints no RPS 20.0th or 90.0th, set `rps 50.0th, min, max, average
    // rps` before the baseline 6.9.0's `20.0th` and `90.0th` (newcomer42 N14).
    let kpos: FxHashMap<&str, usize> = kernels.iter().enumerate().map(|(i, k)| (k.as_str(), i)).collect();
    let mut seen: Vec<(usize, usize)> = vec![(usize::MAX, usize::MAX); cols.len()];
    // The kernel's place, looked up where it changes (a file's samples are one kernel's, mostly).
    let mut last: Option<(Option<&str>, usize)> = None;
    for (ei, ((_, s), &ci)) in entries.iter().zip(&entry_col).enumerate() {
        let kernel = s.kernel.as_deref();
        let k = match last {
            Some((at, k)) if at == kernel => k,
            _ => {
                let k = kernel.and_then(|k| kpos.get(k).copied()).unwrap_or(usize::MAX);
                last = Some((kernel, k));
                k
            }
        };
        seen[ci] = seen[ci].min((k, ei));
    }
    // Display order of the columns: by part, configured metrics first (a
    // stable sort keeps that first appearance among the rest).
    let mut order: Vec<usize> = (0..cols.len()).collect();
    order.sort_by_key(|&c| {
        let key = &cols[c];
        let configured = parts.get(key.part).map_or(&[][..], |p| p.metric_order);
        (key.part, configured.iter().position(|m| *m == key.name).unwrap_or(usize::MAX), seen[c])
    });
    let mut display_of = vec![0usize; cols.len()];
    for (d, &c) in order.iter().enumerate() {
        display_of[c] = d;
    }
    let cols: Vec<ColKey> = order.iter().map(|&c| cols[c]).collect();
    let detail: Vec<bool> = order.iter().map(|&c| detail[c].1).collect();
    let printed: Vec<(&str, &str)> = order.iter().map(|&c| printed[c]).collect();
    let entry_col: Vec<usize> = entry_col.iter().map(|&c| display_of[c]).collect();
    // Each part's first group, and whether another follows.
    let mut first_group: Vec<Option<&str>> = vec![None; parts.len().max(1)];
    let mut mixed_groups = vec![false; first_group.len()];
    for c in &cols {
        match first_group[c.part] {
            None => first_group[c.part] = Some(c.group),
            Some(g) if g != c.group => mixed_groups[c.part] = true,
            Some(_) => {}
        }
    }
    Columns { cols, entry_col, param_names, param_units, printed, benchmarks, mixed_groups, detail }
}

/// Adds `unit` to parameter `name`'s units: a section of two benchmarks
/// whose `size` is in MB in one and bytes in the other says both (`MB or
/// bytes`): no value is shown in a unit it was not printed in.
fn add_unit(units: &mut Vec<(String, String)>, name: &str, unit: &str) {
    match units.iter_mut().find(|(n, _)| n == name) {
        None => units.push((name.to_string(), unit.to_string())),
        Some((_, u)) => {
            if !u.split(" or ").any(|x| x == unit) {
                u.push_str(" or ");
                u.push_str(unit);
            }
        }
    }
}

/// The name of the column that tells apart the rows of a section's
/// benchmarks ([`names_benchmarks`]).
pub(crate) const BENCHMARK_PARAM: &str = "benchmark";

/// Whether a section's rows name their benchmark: where its files are of
/// more than one benchmark, not counting parsers of one family
/// ([`crate::parse::segment::family`]) nor one benchmark's forms
/// (`lmbench` and `lmbench-raw`, `bash-time` and `gnu-time`: the same
/// name before the first `-`), and no parameter of its own is named
/// `benchmark`.
fn names_benchmarks(benchmarks: &[String], param_names: &[String]) -> bool {
    let root = |b: &str| -> String {
        let f = crate::parse::segment::family(b);
        f.split('-').next().unwrap_or(f).to_string()
    };
    let Some(first) = benchmarks.first().map(|b| root(b)) else { return false };
    benchmarks.iter().any(|b| root(b) != first) && !param_names.iter().any(|n| n == BENCHMARK_PARAM)
}

/// The rows of `entries`, keyed by kernel and parameter values, and their
/// display order: by parameters (numerically where both are numbers, else
/// in the order the kernels' entries first show them, `kernel_order`'s
/// first kernel first), then by `kernel_order`, then by version.
/// With `by_benchmark`, the first parameter is [`BENCHMARK_PARAM`], each
/// entry's benchmark.
fn gather_rows<'a>(
    entries: &[Entry<'a>],
    param_names: &[String],
    kernel_order: &[String],
    by_benchmark: bool,
) -> Rows<'a> {
    let mut rows: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut row_index: FxHashMap<(&str, Vec<&str>), usize> = FxHashMap::default();
    let mut entry_row: Vec<usize> = Vec::with_capacity(entries.len());
    // The sample before, when it has the same kernel and parameters (the
    // metrics of one table row, the runs of one file), has the same row.
    let mut last: Option<(&Sample, &str, usize)> = None;
    for (rf, s) in entries {
        let bench = rf.parsed.benchmark.as_str();
        if let Some((prev, prev_bench, ri)) = last
            && prev.kernel == s.kernel
            && prev.params == s.params
            && (!by_benchmark || prev_bench == bench)
        {
            entry_row.push(ri);
            continue;
        }
        let kernel = s.kernel.as_deref().unwrap_or_default();
        let params: Vec<&str> = param_names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if by_benchmark && i == 0 {
                    return bench;
                }
                s.params.iter().find(|p| p.name == *n).map_or("", |p| p.value.as_str())
            })
            .collect();
        let key = (kernel, params);
        let ri = match row_index.get(&key) {
            Some(&ri) => ri,
            None => {
                rows.push(key.clone());
                row_index.insert(key, rows.len() - 1);
                rows.len() - 1
            }
        };
        entry_row.push(ri);
        last = Some((s, bench, ri));
    }
    let kpos: FxHashMap<&str, usize> = kernel_order.iter().enumerate().map(|(i, k)| (k.as_str(), i)).collect();
    let kpos = |k: &str| kpos.get(k).copied().unwrap_or(usize::MAX);
    // A word's place is where the files first show it (`before patch` over
    // `after patch`, as the mail sets them; the alphabet put `after` first),
    // the kernels' files read in the kernels' order, the baseline's first:
    // the files come in their directories' order, and 6.10.0's `thread` and
    // `schbench -r 10` were put before the baseline 6.9.0's `process` and
    // `-r 30` (newcomer30 P1-4).
    // Each row's kernel key (its place in `kernel_order`, then its
    // version), made once per row; the comparisons below read only
    // ranks and numbers, never a hash map or a version again. Each kernel
    // of `kernel_order` has a place of its own, so its version never
    // decides (two rows of one place are one kernel): only a kernel
    // outside the order (placed last) has its version parsed.
    let kernel_key: Vec<(usize, Option<crate::version::KernelVersion>)> = rows
        .iter()
        .map(|(k, _)| {
            let at = kpos(k);
            (at, (at == usize::MAX).then(|| crate::version::KernelVersion::parse(k)))
        })
        .collect();
    let mut by_kernel: Vec<usize> = (0..rows.len()).collect();
    by_kernel.sort_by(|&a, &b| kernel_key[a].cmp(&kernel_key[b]));
    // Each row's place in that order, rows of equal keys at one place.
    let mut kernel_rank = vec![0usize; rows.len()];
    for (i, w) in by_kernel.windows(2).enumerate() {
        let same = kernel_key[w[0]].cmp(&kernel_key[w[1]]) == std::cmp::Ordering::Equal;
        kernel_rank[w[1]] = if same { kernel_rank[w[0]] } else { i + 1 };
    }
    let mut first_seen: Vec<FxHashMap<&str, usize>> = vec![FxHashMap::default(); param_names.len()];
    for (_, params) in by_kernel.iter().map(|&r| &rows[r]) {
        for (seen, x) in first_seen.iter_mut().zip(params) {
            let next = seen.len();
            seen.entry(x).or_insert(next);
        }
    }
    // Each row's parameter values by their place ([`param_ranks`]).
    let ranks: Vec<FxHashMap<&str, usize>> = first_seen.iter().map(param_ranks).collect();
    let seen_rank: Vec<Vec<usize>> =
        rows.iter().map(|(_, params)| params.iter().zip(&ranks).map(|(x, rank)| rank[x]).collect()).collect();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&ai, &bi| seen_rank[ai].cmp(&seen_rank[bi]).then(kernel_rank[ai].cmp(&kernel_rank[bi])));
    Rows { rows, entry_row, order }
}

/// The place of each value of one parameter column, from the place the
/// files first show it (`seen`: value → first-seen index): the values in
/// that order, but the numbers among them sorted by value into the places
/// numbers take (equal numbers, `1` and `1.0`, one place). Where every
/// number seen before a word is below every number seen after it, this is
/// the order of comparing two numbers by value and anything else by first
/// sight; where not (`4`, `x`, `2`: 2 < 4, 4 before `x`, `x` before 2)
/// that comparison was no order at all, and the sort panicked ("does not
/// correctly implement a total order") on a class of 400 kernels of every
/// fixture (glued55). A total order, always.
fn param_ranks<'a>(seen: &FxHashMap<&'a str, usize>) -> FxHashMap<&'a str, usize> {
    use std::cmp::Ordering;
    let mut values: Vec<(&str, usize)> = seen.iter().map(|(&v, &i)| (v, i)).collect();
    values.sort_unstable_by_key(|&(_, i)| i);
    let numbers: Vec<Option<f64>> = values.iter().map(|(v, _)| v.parse::<f64>().ok()).collect();
    let slots: Vec<usize> = (0..values.len()).filter(|&i| numbers[i].is_some()).collect();
    let mut sorted: Vec<f64> = numbers.iter().flatten().copied().collect();
    sorted.sort_by(f64::total_cmp);
    // The k-th smallest number takes the k-th numeric slot; equal numbers
    // the first of theirs.
    let mut places: Vec<usize> = Vec::with_capacity(sorted.len());
    for (k, x) in sorted.iter().enumerate() {
        let same = k > 0 && sorted[k - 1].total_cmp(x) == Ordering::Equal;
        places.push(if same { places[k - 1] } else { slots[k] });
    }
    let mut rank = FxHashMap::default();
    for (slot, ((v, _), n)) in values.iter().zip(&numbers).enumerate() {
        let place = match n {
            None => slot,
            Some(n) => places[sorted.partition_point(|x| x.total_cmp(n) == Ordering::Less)],
        };
        rank.insert(*v, place);
    }
    rank
}

/// Moves each row of the baseline `base` to lead the rows compared with it
/// ([`BaseRows::find`](super::base_rows::BaseRows::find)): just above the
/// first of them in [`Rows::order`], which otherwise stays (parameters,
/// then kernel order). The kernels' order put the baseline below another
/// kernel of its parameters where it is not the first kernel, and a
/// row that finds it across an identity column (another host, another
/// build) sorted apart from it (newcomer42 N3). The seeds' tables (LKML
/// 2002, `../shared/seeds`, tiobench by threads) group rows by parameter,
/// each group in one kernel order, its first kernel leading every group:
/// this keeps their grouping and makes the baseline that first kernel.
/// A baseline row nothing is compared with stays where it sorts.
fn baseline_leads(rows: &mut Rows, param_names: &[String], base: &str) {
    if !rows.rows.iter().any(|(k, _)| *k == base) {
        return;
    }
    let views: Vec<RowView> = rows
        .order
        .iter()
        .map(|&r| {
            let (k, params) = &rows.rows[r];
            RowView::new(k.to_string(), params.iter().map(|p| p.to_string()).collect(), Vec::new())
        })
        .collect();
    let base_rows = super::base_rows::BaseRows::new(param_names, &views, base);
    // Each baseline row (display index) whose group's first row is above it: that row's display index.
    let mut leads_at: FxHashMap<usize, usize> = FxHashMap::default();
    for (d, v) in views.iter().enumerate().filter(|(_, v)| v.kernel != base) {
        if let Some(b) = base_rows.find(v).filter(|&b| d < b) {
            leads_at.entry(b).or_insert(d);
        }
    }
    if leads_at.is_empty() {
        return;
    }
    let mut before: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    for (&b, &d) in &leads_at {
        before.entry(d).or_default().push(b);
    }
    let old = std::mem::take(&mut rows.order);
    for (d, &r) in old.iter().enumerate() {
        if leads_at.contains_key(&d) {
            continue;
        }
        if let Some(bs) = before.get_mut(&d) {
            bs.sort_unstable();
            rows.order.extend(bs.iter().map(|&b| old[b]));
        }
        rows.order.push(r);
    }
}

/// Every row's cells in display order: the runs behind each cell summarised
/// (after trimming `trim` at each end), the mean printed with its column's
/// precision, and the raw files it came from, linked by `raw`.
fn fill_cells(
    entries: &[Entry],
    marks: &[u8],
    rows: &Rows,
    entry_col: &[usize],
    ncols: usize,
    trim: usize,
    raw: &super::RawLinks,
) -> Cells {
    // Samples per cell, by row and column: each cell's entries in entry
    // order, one slice of `cell_flat` (a counting sort, not a map of
    // vectors: a hash and an allocation per cell), and raw values per column.
    let ncells = rows.rows.len() * ncols;
    let cell_of = |ei: usize| rows.entry_row[ei] * ncols + entry_col[ei];
    let mut cell_start = vec![0usize; ncells + 1];
    for ei in 0..entries.len() {
        cell_start[cell_of(ei) + 1] += 1;
    }
    for i in 0..ncells {
        cell_start[i + 1] += cell_start[i];
    }
    let mut cell_flat = vec![0usize; entries.len()];
    let mut next = cell_start.clone();
    for ei in 0..entries.len() {
        let c = cell_of(ei);
        cell_flat[next[c]] = ei;
        next[c] += 1;
    }
    drop(next);
    // Where the entries of cell (row, column) are in `cell_flat`.
    let cell_entries = |ri: usize, ci: usize| {
        let c = ri * ncols + ci;
        cell_start[c]..cell_start[c + 1]
    };
    let mut col_values: Vec<Vec<f64>> = vec![Vec::new(); ncols];
    // A value scaled from the unit it was printed in shows the decimals
    // of its printed step, not the quotient's (1031 KiB/s is 1.0068 MiB/s,
    // not 1.006836). A derived efficiency shows the two decimals it is
    // rounded to, as the posts print it: its step is only what rounding
    // of its inputs can move it by. A value its benchmark printed in its
    // shortest form ([`crate::parse::prints_shortest`]) shows its own
    // decimals: the column's gave kernbench's `199 (0)` beside
    // `386.333 (2.08167)` as `199.000`, and the robot's `7072` beside
    // `554.83` as `7072.00`. `None`: read back from the column's values.
    let mut step_decimals: Vec<Option<usize>> = Vec::with_capacity(entries.len());
    let mut shortest: FxHashMap<&str, bool> = FxHashMap::default();
    for (ei, (rf, s)) in entries.iter().enumerate() {
        let benchmark = rf.parsed.benchmark.as_str();
        let own = *shortest.entry(benchmark).or_insert_with(|| crate::parse::prints_shortest(benchmark));
        match s.step.filter(|_| !crate::derive::is_derived(benchmark, &s.metric.name)) {
            // A mean per copy of copies whose figures differ falls between
            // their printed steps as a mean of runs does ([`mean_decimals`]):
            // schbench's two instances' `9` and `90` usec are 49.5, shown
            // `50` before, a figure neither copy printed (newcomer44 N7).
            Some(step) if s.copies.is_some() => {
                step_decimals.push(Some(mean_decimals(s.value.mean(), decimals_of_step(step))));
            }
            Some(step) => step_decimals.push(Some(decimals_of_step(step))),
            None if own => step_decimals.push(Some(decimals_needed(&[s.value.mean()]))),
            None => {
                col_values[entry_col[ei]].push(s.value.mean());
                step_decimals.push(None);
            }
        }
    }
    // The decimals of a column's values printed in its unit, read back
    // over the whole column: a benchmark prints a column with one format,
    // and a `2.0` reads back as 2 (the cells printed `2.5` tell).
    let read_back: Vec<usize> = col_values.iter().map(|v| decimals_needed(v)).collect();
    // A cell's printed decimals: the most of its runs' (a scaled run's
    // from its step), not the column's finest (a kernel that printed a
    // whole `0` ms beside one converted from 152 us is `0`, not `0.000`).
    let cell_printed = |ri: usize, ci: usize| {
        let mine = &cell_flat[cell_entries(ri, ci)];
        mine.iter().map(|&ei| step_decimals[ei].unwrap_or(read_back[ci])).max().unwrap_or(read_back[ci])
    };

    let mut has_spread = false;
    // Each raw file's path and link, made once (a file gives many cells),
    // and each list of them, made once (its cells share it).
    let mut links: FxHashMap<&str, (Arc<str>, Arc<str>)> = FxHashMap::default();
    let mut lists: FxHashMap<Vec<Arc<str>>, RawFiles> = FxHashMap::default();
    // The file looked up last (its path as the entries hold it, its path
    // and link as the cells share them) and the list made or found last.
    let mut last_file: Option<(&str, Arc<str>, Arc<str>)> = None;
    let mut last_list = RawFiles::default();
    // A cell's files and their links, in one buffer each for every cell.
    let (mut sources, mut source_links): (Vec<Arc<str>>, Vec<Arc<str>>) = (Vec::new(), Vec::new());
    // A cell's runs' values, in one buffer for every cell.
    let mut values: Vec<Value> = Vec::new();
    let mut untrimmed: Vec<(usize, usize, usize)> = Vec::new();
    let mut row_views: Vec<RowView> = rows
        .order
        .iter()
        .enumerate()
        .map(|(shown, &ri)| {
            let (kernel, params) = &rows.rows[ri];
            let cells = (0..ncols)
                .map(|ci| {
                    let mine = &cell_flat[cell_entries(ri, ci)];
                    values.clear();
                    values.extend(mine.iter().map(|&ei| entries[ei].1.value));
                    let summary = Summary::of(&trimmed(&values, trim))?;
                    // A summary's runs are not there to drop: `trim` leaves
                    // the cell whole, said (not passed for trimmed) where
                    // its runs would have been enough to trim.
                    if trim > 0 {
                        let runs: u64 = values.iter().map(|v| u64::from(v.runs())).sum();
                        let summary_at =
                            mine.iter().position(|&ei| matches!(entries[ei].1.value, Value::Summary { .. }));
                        if let Some(k) = summary_at.filter(|_| runs > 2 * trim as u64) {
                            untrimmed.push((shown, ci, mine[k]));
                        }
                    }
                    if summary.n > 1 {
                        has_spread = true;
                    }
                    sources.clear();
                    source_links.clear();
                    let mut runs = Vec::with_capacity(if mine.len() > 1 { mine.len() } else { 0 });
                    for &ei in mine {
                        let path = entries[ei].0.rel_path.as_str();
                        // The file of the entry before, mostly (a cell's
                        // runs, a row's cells): not looked up again.
                        if !last_file.as_ref().is_some_and(|(p, _, _)| std::ptr::eq(*p, path)) {
                            let (s, link) = links.entry(path).or_insert_with(|| (path.into(), raw.link(path).into()));
                            last_file = Some((path, s.clone(), link.clone()));
                        }
                        if let Some((_, s, link)) = &last_file
                            // Runs of one file are next to each other: one entry.
                            && sources.last() != Some(s)
                        {
                            sources.push(s.clone());
                            source_links.push(link.clone());
                        }
                        if mine.len() > 1 {
                            let decimals = step_decimals[ei].unwrap_or(read_back[ci]);
                            runs.push(run_view(entries[ei].1, sources.len() - 1, decimals));
                        }
                    }
                    mark_trimmed(&mut runs, &values, trim);
                    // The list of the cell before, mostly (a row's cells
                    // come from one file): not looked up again.
                    if last_list.paths() != sources.as_slice() {
                        last_list = match lists.get(sources.as_slice()) {
                            Some(raw) => raw.clone(),
                            None => {
                                let raw = RawFiles::new(sources.clone(), source_links.clone());
                                lists.insert(sources.clone(), raw.clone());
                                raw
                            }
                        };
                    }
                    let raw = last_list.clone();
                    Some(CellView {
                        // Printed below, once the column's precision is known.
                        text: CompactString::default(),
                        // Printed below, in the notation of the text.
                        stddev_text: None,
                        summary,
                        raw,
                        comparison: None,
                        delta_text: None,
                        delta_class: DeltaClass::None,
                        mark: Mark::None,
                        runs,
                        printed: PrintedStep::of(
                            mine.iter().map(|&ei| (entries[ei].1.value.mean(), entries[ei].1.step)),
                        )
                        .with_means(mine.iter().any(|&ei| matches!(entries[ei].1.value, Value::Summary { .. })))
                        .with_derived(mine.iter().any(|&ei| {
                            crate::derive::is_derived(&entries[ei].0.parsed.benchmark, &entries[ei].1.metric.name)
                        })),
                        // Set below, with the text.
                        printed_decimals: 0,
                        // Its own files, as `site::select` decided for its
                        // warning; its baseline cell's are added by the page
                        // (`report::mark_merged_changes`).
                        merged: mine.iter().any(|&ei| marks.get(ei).is_some_and(|m| m & super::MARK_MERGED != 0)),
                        // Its own files only, as `site::select` found them
                        // (`Selection::copied`).
                        copied: mine.iter().any(|&ei| marks.get(ei).is_some_and(|m| m & super::MARK_COPIED != 0)),
                    })
                })
                .collect();
            RowView::new(kernel.to_string(), params.iter().map(|p| p.to_string()).collect(), cells)
        })
        .collect();
    // Each cell printed with its own decimals ([`cell_decimals`]); a
    // column's precision is the most of its cells' (its differences are
    // printed with it), and its runs' the most they were printed with.
    let mut precision = vec![0; ncols];
    let mut printed = vec![0; ncols];
    for (row, &ri) in row_views.iter_mut().zip(&rows.order) {
        for (ci, cell) in row.cells.iter_mut().enumerate() {
            if let Some(c) = cell {
                let p = cell_printed(ri, ci);
                let d = cell_decimals(&c.summary, p);
                let sd = c.summary.stddev.filter(|_| c.summary.n > 1);
                c.text = fmt_cell_value(c.summary.mean, d, sd);
                c.stddev_text = sd.map(|sd| fmt_cell_spread(sd, &c.text));
                c.printed_decimals = u8::try_from(p).unwrap_or(u8::MAX);
                precision[ci] = precision[ci].max(d);
                printed[ci] = printed[ci].max(p);
            }
        }
    }
    let untrimmed = untrimmed
        .into_iter()
        .map(|(row, ci, ei)| {
            let (rf, s) = &entries[ei];
            (row, ci, rf.rel_path.as_str().into(), s.line, s.value.runs())
        })
        .collect();
    Cells { rows: row_views, precision, printed, has_spread, untrimmed }
}

/// Records on each of `row_views` (in `rows.order`) the columns of `cols`
/// it has no value in because every run printed the test as too fast to
/// time ([`crate::model::Untimed`], bonnie++'s `+++++`):
/// [`RowView::untimed`]. A test's row is the row of a sample of the same
/// file read from the same line with the same parameters (its timed
/// neighbours: `16   489  99 +++++ +++` gives `Create` 489 beside
/// `Read`'s `+++++`), so it has whatever kernel the site gave the file;
/// its column the one of the test's group and metric name. A test with
/// no such sample, or no such column, is left to the parser's warning. A
/// cell another run timed keeps its value, the mean of the timed runs,
/// and is marked as understating the test ([`RowView::part_untimed`]):
/// its row is found as above, or, where the run printed every test of
/// its part as `+++++` (no timed neighbour on its line), as the one row
/// the file's samples of the same parameters are in. A sample "of the
/// same parameters" has every parameter of the untimed test, and may have
/// more (a `label` given to its run after parsing): where those set it
/// apart from other rows, the line finds the row, and with no timed
/// neighbour two such rows leave the test to the parser's warning.
fn mark_untimed(entries: &[Entry], rows: &Rows, cols: &[ColKey], row_views: &mut [RowView]) {
    let mut display_row = vec![0usize; rows.rows.len()];
    for (d, &ri) in rows.order.iter().enumerate() {
        display_row[ri] = d;
    }
    // The entries of each file that printed `+++++`, by the file's address.
    let mut files: FxHashMap<*const crate::site::ResultFile, Vec<usize>> = FxHashMap::default();
    for (ei, (rf, _)) in entries.iter().enumerate().filter(|(_, (rf, _))| !rf.parsed.untimed.is_empty()) {
        files.entry(*rf as *const _).or_default().push(ei);
    }
    for mine in files.values() {
        for u in &entries[mine[0]].0.parsed.untimed {
            // A sample's parameters hold the untimed test's, and perhaps a
            // `label` the set-up labeller gave its run after parsing (`---
            // ext3` above a report): the runs of other labels are no
            // neighbours of it (a test timed under reiserfs was marked `≥`
            // for ext3's `+++++`, wild35b F8).
            let same = |ei: &&usize| u.params.iter().all(|p| entries[**ei].1.params.contains(p));
            let ri = match mine.iter().filter(same).find(|&&ei| entries[ei].1.line == u.line) {
                Some(&ei) => rows.entry_row[ei],
                None => {
                    let mut of = mine.iter().filter(same).map(|&ei| rows.entry_row[ei]);
                    let Some(first) = of.next() else { continue };
                    if of.any(|r| r != first) {
                        continue;
                    }
                    first
                }
            };
            let row = &mut row_views[display_row[ri]];
            for (ci, c) in cols.iter().enumerate() {
                let ci32 = u32::try_from(ci).unwrap_or(u32::MAX);
                if c.group != u.group || c.name != u.metric {
                    continue;
                }
                let marks = if row.cells[ci].is_none() { &mut row.untimed } else { &mut row.part_untimed };
                if !marks.contains(&ci32) {
                    marks.push(ci32);
                }
            }
        }
    }
}

/// The decimals that show a printed step `step` (a positive number):
/// 0.01 → 2, 1/1024 → 4, 10 → 0; at most 6, as [`decimals_needed`].
fn decimals_of_step(step: f64) -> usize {
    (0..6).find(|&d| crate::stats::step(d as i32) <= step * (1.0 + 1e-9)).unwrap_or(6)
}

/// The decimals a cell's mean is shown with, from the decimals its runs
/// were printed with (`printed`): those, and one more where a mean of
/// several runs falls between two printed steps that are coarse for it
/// (a step over a thousandth of the mean). Two dbench runs of 136 and 137
/// processes-per-flush average 136.5: printed at the runs' precision it
/// would read 136 (rounded half to even), a number no run gave and the
/// mean is not. A mean of 1258 and 1259 stays 1258 (a step of 0.08%), as
/// a finer digit would only be noise. A mean with a spread shows no more
/// decimals than its spread ([`super::format::fmt_spread`]'s two
/// significant digits): `45.6±2.3`, not `45.607022±2.3` (perf bench's
/// usecs/op, printed with six). At most 6 decimals, as
/// [`decimals_needed`].
pub(crate) fn cell_decimals(summary: &Summary, printed: usize) -> usize {
    let d = if summary.n > 1 { mean_decimals(summary.mean, printed) } else { printed };
    match summary.stddev.filter(|sd| summary.n > 1 && *sd > 0.0 && sd.is_finite()) {
        Some(sd) => d.min(super::format::spread_decimals(sd)),
        None => d,
    }
}

/// The decimals a mean of figures printed with `printed` decimals is
/// shown with: those, and one more where it falls between two printed
/// steps that are coarse for it (a step over a thousandth of the mean):
/// a mean of runs ([`cell_decimals`]) or of copies of one run
/// ([`crate::model::Sample::copies`]). At most 6.
fn mean_decimals(mean: f64, printed: usize) -> usize {
    let coarse = crate::stats::step(printed as i32) > 1e-3 * mean.abs();
    if coarse && decimals_needed(&[mean]) > printed && printed < 6 { printed + 1 } else { printed }
}

/// One recorded run of a cell: sample `s`, read from the cell's source
/// `source`, printed with `decimals`.
fn run_view(s: &Sample, source: usize, decimals: usize) -> RunView {
    let n = s.value.runs();
    let value = s.value.mean();
    // A cell has fewer than 2^32 files (a class has 36,000).
    let source = u32::try_from(source).unwrap_or(u32::MAX);
    let decimals = u8::try_from(decimals).ok();
    RunView { value, n, source, line: u32::try_from(s.line).unwrap_or(u32::MAX), trimmed: false, decimals }
}

/// Marks the runs [`trimmed`] leaves out of a cell's summary of `values`
/// (the `trim` lowest and highest, ties in file order, as it sorts them).
fn mark_trimmed(runs: &mut [RunView], values: &[Value], trim: usize) {
    if runs.len() != values.len() || trimmed(values, trim).len() == values.len() {
        return;
    }
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].mean().total_cmp(&values[b].mean()));
    for &i in order[..trim].iter().chain(&order[order.len() - trim..]) {
        runs[i].trimmed = true;
    }
}

/// Compares every cell with the cell of the baseline kernel `base` in the
/// row of the same parameters ([`super::base_rows`]: a `kernel build`
/// is no part of the match, a `host` only where both sides name one) and
/// column: its comparison, change text and
/// class. The printed step of the values behind both cells
/// ([`CellView::printed`]) bounds what a test can tell apart. The
/// significance mark waits for the page's correction
/// ([`super::correct_page`]).
fn compare_cells(rows: &mut [RowView], cols: &[ColKey], headers: &[String], base: &str) {
    let base_rows = super::base_rows::BaseRows::new(headers, rows, base);
    for ri in 0..rows.len() {
        if rows[ri].kernel == base {
            continue;
        }
        let Some(bi) = base_rows.find(&rows[ri]) else {
            continue;
        };
        for (ci, col) in cols.iter().enumerate() {
            let base = rows[bi].cells[ci].as_ref().map(|c| (c.summary, c.printed));
            let better = col.better;
            let understated = {
                let ci32 = u32::try_from(ci).unwrap_or(u32::MAX);
                rows[ri].part_untimed.contains(&ci32) || rows[bi].part_untimed.contains(&ci32)
            };
            if let (Some((base, of_base)), Some(cell)) = (base, rows[ri].cells[ci].as_mut()) {
                let mut cmp = compare_printed(&cell.summary, &base, better, (cell.printed, of_base));
                // A mean of only the runs that timed the test (bonnie++'s
                // `+++++` in the others, [`RowView::part_untimed`]) on
                // either side understates that side: the difference is
                // not what the kernels did, so it is not tested and makes
                // no claim (no star, no notable change, no regression).
                if understated {
                    cmp.welch = None;
                }
                // No better direction, no verdict: informational columns
                // (MHz, %CPU, counts) show no change marks.
                (cell.delta_text, cell.delta_class) = change_of(&cmp, better, col.unit);
                cell.comparison = Some(cmp);
            }
        }
    }
}

/// A cell's change against its baseline cell as the tables show it, from
/// their comparison `cmp` in a column whose better direction is `better`
/// and unit `unit`: the change text ([`fmt_change`]: "+12.3%", "3.06×
/// slower") and its class. A change from a baseline of 0, which has no
/// percentage, is "from 0" (its class by the direction of the
/// difference), so that a tested change keeps its mark beside it. No
/// change for a column without a better direction (MHz, counts: no
/// verdict) or two sides alike.
pub(super) fn change_of(
    cmp: &crate::stats::Comparison,
    better: Better,
    unit: &str,
) -> (Option<CompactString>, DeltaClass) {
    // A difference below the coarser side's printed step has no change
    // to show (the note under the table says why:
    // [`super::grid::Grid::uncompared_note`]).
    if better == Better::Neither || cmp.within_step {
        return (None, DeltaClass::None);
    }
    // Positive is better, as `pct_better`.
    let (text, better_by) = match cmp.pct_better {
        Some(p) => (fmt_change(p, better, unit), p),
        None if cmp.diff.is_finite() && cmp.diff != 0.0 => {
            (no_ratio_text(cmp, unit), if better == Better::Lower { -cmp.diff } else { cmp.diff })
        }
        None => return (None, DeltaClass::None),
    };
    let class = if better_by > 0.0 {
        DeltaClass::Better
    } else if better_by < 0.0 {
        DeltaClass::Worse
    } else {
        DeltaClass::None
    };
    (Some(text), class)
}

/// The change `cmp` shows where its means have no ratio
/// ([`crate::stats::Comparison::no_ratio`]): "from 0" from a baseline of
/// 0, "to 0" to a value of 0, else the difference itself in `unit`
/// ("+12 ms": a latency of −6 ms against 6 ms, which no percentage
/// measures).
fn no_ratio_text(cmp: &crate::stats::Comparison, unit: &str) -> CompactString {
    if cmp.baseline == 0.0 {
        "from 0".into()
    } else if cmp.baseline + cmp.diff == 0.0 {
        "to 0".into()
    } else {
        let sep = if unit.is_empty() { "" } else { " " };
        // Four significant digits, as a percentage shows (a difference of
        // means of runs, −10.0067 − −5.0067, is −5.000, not −5.000000).
        let scale = 10f64.powi(3 - cmp.diff.abs().log10().floor() as i32);
        let diff = (cmp.diff * scale).round() / scale;
        let sign = if diff > 0.0 { "+" } else { "" };
        compact_str::format_compact!(
            "{sign}{}{sep}{unit}",
            fmt_cell_value(diff, crate::stats::decimals_needed(&[diff]), None)
        )
    }
}

/// How much better `cmp` is, in percent (positive is better), in a column
/// whose better direction is `better`: [`crate::stats::Comparison::pct_better`],
/// or, for a change from a baseline of 0 (uperf's `Errors` 0 → 12, which
/// no percentage measures), `±f64::MAX`: larger than any percentage, so
/// that it counts as a regression or an improvement past every threshold
/// and leads the notable changes. `None` without a direction or a change.
pub fn better_by(cmp: &crate::stats::Comparison, better: Better) -> Option<f64> {
    if better == Better::Neither || cmp.within_step {
        return None;
    }
    match cmp.pct_better {
        Some(p) => Some(p),
        None if cmp.diff.is_finite() && cmp.diff != 0.0 => {
            Some(f64::MAX.copysign(if better == Better::Lower { -cmp.diff } else { cmp.diff }))
        }
        None => None,
    }
}

/// A parameter with the same value in every row is a setting, not a
/// dimension: said once instead of repeated in a column. Removes such
/// parameters from `param_names` and the rows, and returns them as text
/// (`["blk size 4096"]`) and as (name, value) pairs. A set-up the file
/// names gave ([`crate::site::FILE_PARAM`]: `file ext2` of
/// `dbench-ext2-64.txt`) is no setting worth a word when every row has it:
/// the section's files say it; it is left out of the text, as is a set-up
/// directory ([`crate::site::DIR_PARAM`]) whose name is another setting's
/// value (`dir 30` beside `scale 30`).
pub(super) fn fix_params(
    rows: &mut [RowView],
    param_names: &mut Vec<String>,
    units: &[(String, String)],
) -> (Vec<String>, Vec<(String, String)>) {
    let mut fixed_params = Vec::new();
    let mut fixed_param_values = Vec::new();
    if !rows.is_empty() {
        let mut i = 0;
        while i < param_names.len() {
            let first = &rows[0].params[i];
            if !first.is_empty() && rows.iter().all(|r| &r.params[i] == first) {
                fixed_param_values.push((param_names[i].clone(), first.clone()));
                param_names.remove(i);
                for r in rows.iter_mut() {
                    r.params.remove(i);
                }
            } else {
                i += 1;
            }
        }
    }
    // A set-up directory named as another setting's value (`dir 30` of
    // `scale 30`) says nothing twice: the other says it.
    let is_dir = |n: &str| n == crate::site::DIR_PARAM || n == crate::site::DIR_PARAM_APART;
    for (n, v) in &fixed_param_values {
        let file = n == crate::site::FILE_PARAM || n == crate::site::FILE_PARAM_APART;
        let repeated = is_dir(n) && fixed_param_values.iter().any(|(m, w)| !is_dir(m) && w == v);
        if !file && !repeated {
            fixed_params.push(super::views::param_text(units, n, v));
        }
    }
    (fixed_params, fixed_param_values)
}

/// The metric columns as shown, each with its precision: named by the
/// metric, prefixed by its group when its part mixes groups, and by its
/// part's label when it has one. A part that gives one column is named by
/// its label alone (`perl_build`); a part of several columns gives "label
/// metric" (`Seq Read Rate`, `Seq Read CPU Eff`): the label first, as a
/// post's two-line header reads down (`Seq Read` over `Rate`), keeps the
/// part's columns together by name and wraps at its spaces.
fn column_views(
    cols: &[ColKey],
    precision: &[usize],
    printed: &[usize],
    parts: &[Part],
    mixed_groups: &[bool],
) -> Vec<ColumnView> {
    let mut per_part = vec![0usize; parts.len().max(1)];
    for c in cols {
        per_part[c.part] += 1;
    }
    cols.iter()
        .zip(precision.iter().zip(printed))
        .map(|(c, (&precision, &runs_precision))| {
            let mixed = mixed_groups.get(c.part).copied().unwrap_or(false);
            // A name that already begins with its group ("Index Score" of
            // UnixBench's "index") is not prefixed again.
            let named = c.name.get(..c.group.len()).is_some_and(|head| head.eq_ignore_ascii_case(c.group));
            let metric = if mixed && !c.group.is_empty() && !named {
                format!("{} {}", c.group, c.name)
            } else {
                c.name.to_string()
            };
            let name = match parts.get(c.part).and_then(|p| p.label) {
                Some(label) if per_part[c.part] == 1 => label.to_string(),
                Some(label) => format!("{label} {metric}"),
                None => metric,
            };
            ColumnView {
                name,
                unit: c.unit.to_string(),
                better: c.better,
                precision,
                runs_precision,
                part: c.part,
                detail: false,
                mail_change_noise: false,
                of_others: false,
                shown_name: String::new(),
                shown_unit: String::new(),
            }
        })
        .collect()
}

/// "smaller is better" when every column with a direction agrees, with
/// the columns that have none named after it ("bigger is better; CPU%
/// informational"); otherwise a list such as "bigger is better: Rate, CPU
/// Eff; smaller is better: Max Latency", and past six columns only the
/// fewer named: "bigger is better: read: bw, read: IOPS; smaller is
/// better: the rest".
pub(super) fn direction_label(columns: &[ColumnView]) -> String {
    let of = |b: Better| columns.iter().filter(|c| c.better == b).map(|c| c.label().to_string()).collect::<Vec<_>>();
    let (hi, lo, neither) = (of(Better::Higher), of(Better::Lower), of(Better::Neither));
    let informational = || informational_note(&neither);
    match (hi.is_empty(), lo.is_empty()) {
        (false, true) => format!("{}{}", Better::Higher.phrase(), informational()),
        (true, false) => format!("{}{}", Better::Lower.phrase(), informational()),
        (true, true) => String::new(),
        _ if hi.len() + lo.len() <= 6 => format!(
            "{}: {}; {}: {}{}",
            Better::Higher.phrase(),
            hi.join(", "),
            Better::Lower.phrase(),
            lo.join(", "),
            informational()
        ),
        // Many columns (fio's 48): name the fewer, the others are "the rest".
        _ => {
            let ((few, few_dir), rest_dir) = if hi.len() <= lo.len() {
                ((&hi, Better::Higher), Better::Lower)
            } else {
                ((&lo, Better::Lower), Better::Higher)
            };
            let few = grouped(few).join(", ");
            format!("{}: {few}; {}: the rest{}", few_dir.phrase(), rest_dir.phrase(), informational())
        }
    }
}

/// The words [`informational_note`] writes after the shared last word of
/// several metrics named alike ("%CPU columns informational"): a table
/// laid out with its metrics as rows says rows ([`rows_informational`]).
const COLUMNS_INFORMATIONAL: &str = " columns informational";

/// `direction` ([`direction_label`]) for a table laid out with its
/// metrics as rows: "time rows informational", not "columns", over
/// stress-ng's test-per-row table where real/usr/sys time are rows
/// (newcomer58).
pub(super) fn rows_informational(direction: &str) -> Cow<'_, str> {
    if direction.contains(COLUMNS_INFORMATIONAL) {
        Cow::Owned(direction.replace(COLUMNS_INFORMATIONAL, " rows informational"))
    } else {
        Cow::Borrowed(direction)
    }
}

/// "; CPU% informational", "; Mhz, CPU% informational", or for several
/// columns named alike ("Per Char %CPU", "Block %CPU", "Rewrite %CPU")
/// "; %CPU columns informational"; empty for none.
fn informational_note(neither: &[String]) -> String {
    let last = |n: &String| n.split_whitespace().last().map(str::to_string).unwrap_or_default();
    match neither {
        [] => String::new(),
        [first, rest @ ..]
            if !rest.is_empty() && first.contains(' ') && rest.iter().all(|n| last(n) == last(first)) =>
        {
            format!("; {}{COLUMNS_INFORMATIONAL}", last(first))
        }
        // Past three names, the list after its word, as the directions'
        // (`smaller is better: the rest; Mhz, tlb pages, … informational`
        // read as one run-on list, newcomer34 F7).
        [_, _, _, _, ..] => format!("; informational: {}", grouped(neither).join(", ")),
        _ => format!("; {} informational", neither.join(", ")),
    }
}

/// `names` with each run of three or more in a row that begin with the
/// same words (two or more: a table's group, as LMbench's `Local
/// Communication bandwidths Pipe`, `… AF UNIX`, …) written once, the
/// rest in brackets: `Local Communication bandwidths (Pipe, AF UNIX,
/// TCP)`. A caption repeated the group nine times.
fn grouped(names: &[String]) -> Vec<String> {
    let words = |n: &str| n.split(' ').map(str::to_string).collect::<Vec<_>>();
    // The words all of `run` begin with, each keeping one word at least.
    let common = |run: &[String]| -> usize {
        let first = words(&run[0]);
        let mut k = first.len().saturating_sub(1);
        for n in &run[1..] {
            let w = words(n);
            let same = first.iter().zip(&w).take_while(|(a, b)| a == b).count();
            k = k.min(same).min(w.len().saturating_sub(1));
        }
        k
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < names.len() {
        // The longest run from `i` sharing two words or more.
        let mut j = i + 1;
        while j < names.len() && common(&names[i..=j]) >= 2 {
            j += 1;
        }
        if j - i >= 3 {
            let k = common(&names[i..j]);
            let head = words(&names[i])[..k].join(" ");
            let tails: Vec<String> = names[i..j].iter().map(|n| words(n)[k..].join(" ")).collect();
            out.push(format!("{head} ({})", tails.join(", ")));
        } else {
            out.extend(names[i..j].iter().cloned());
        }
        i = j;
    }
    out
}

#[cfg(test)]
mod run_tests {
    use super::*;

    /// glued55: `4`, `x`, `2` first seen in that order. Comparing numbers
    /// by value and anything else by first sight made 2 < 4 < `x` < 2 (no
    /// order: the sort panicked on a class of 400 kernels); the numbers now
    /// take the numbers' places sorted, the word keeps its own.
    #[test]
    fn a_parameter_column_of_numbers_and_words_sorts_in_one_order() {
        let seen: FxHashMap<&str, usize> =
            [("4", 0), ("x", 1), ("2", 2), ("", 3), ("1.0", 4), ("1", 5)].into_iter().collect();
        let rank = param_ranks(&seen);
        let mut values: Vec<&str> = seen.keys().copied().collect();
        values.sort_by_key(|v| (rank[v], seen[v]));
        assert_eq!(values, ["1.0", "1", "x", "", "2", "4"]);
        assert_eq!(rank["1"], rank["1.0"]);
        // Numbers seen in order, words between: as first seen.
        let seen: FxHashMap<&str, usize> = [("", 0), ("1", 1), ("2", 2), ("all", 3), ("8", 4)].into_iter().collect();
        let rank = param_ranks(&seen);
        let mut values: Vec<&str> = seen.keys().copied().collect();
        values.sort_by_key(|v| rank[v]);
        assert_eq!(values, ["", "1", "2", "all", "8"]);
    }

    /// newcomer34 F7: LMbench's caption named its group with each of nine
    /// columns, and its informational list ran on after "the rest".
    #[test]
    fn a_caption_names_a_group_once() {
        let col = |name: &str, better: Better| ColumnView { name: name.into(), better, ..Default::default() };
        let mut cols: Vec<ColumnView> = ["Pipe", "AF UNIX", "TCP", "Mem read"]
            .iter()
            .map(|n| col(&format!("Local Communication bandwidths {n}"), Better::Higher))
            .collect();
        cols.extend((0..5).map(|i| col(&format!("Processor, Processes lat {i}"), Better::Lower)));
        cols.extend(
            ["Mhz", "tlb pages", "mem par"]
                .iter()
                .map(|n| col(&format!("Basic system parameters {n}"), Better::Neither)),
        );
        cols.push(col("Memory latencies Mhz", Better::Neither));
        assert_eq!(
            direction_label(&cols),
            "bigger is better: Local Communication bandwidths (Pipe, AF UNIX, TCP, Mem read); smaller is better: \
             the rest; informational: Basic system parameters (Mhz, tlb pages, mem par), Memory latencies Mhz"
        );
        // Two alike stay as they are; short lists keep their old words.
        assert_eq!(grouped(&["read: bw".into(), "read: IOPS".into()]), ["read: bw", "read: IOPS"]);
        assert_eq!(informational_note(&["Mhz".into(), "CPU%".into()]), "; Mhz, CPU% informational");
        // Laid out with metrics as rows, the same note says rows.
        let time = ["real time".to_string(), "usr time".into(), "sys time".into()];
        let note = format!("bigger is better{}", informational_note(&time));
        assert_eq!(note, "bigger is better; time columns informational");
        assert_eq!(rows_informational(&note), "bigger is better; time rows informational");
        assert_eq!(rows_informational("bigger is better; Mhz informational"), "bigger is better; Mhz informational");
    }

    #[test]
    fn the_runs_trim_leaves_out_are_marked() {
        let values: Vec<Value> = [3.0, 1.0, 5.0, 9.0, 2.0].iter().map(|&v| Value::single(v)).collect();
        let mut runs: Vec<RunView> = values.iter().map(|v| RunView { value: v.mean(), ..Default::default() }).collect();
        mark_trimmed(&mut runs, &values, 1);
        let left_out: Vec<f64> = runs.iter().filter(|r| r.trimmed).map(|r| r.value).collect();
        assert_eq!(left_out, [1.0, 9.0]);
        // Too few runs to trim: none left out.
        let mut two = runs[..2].to_vec();
        two.iter_mut().for_each(|r| r.trimmed = false);
        mark_trimmed(&mut two, &values[..2], 1);
        assert!(two.iter().all(|r| !r.trimmed));
    }

    #[test]
    fn a_change_from_a_zero_baseline_is_from_0_in_its_direction() {
        let zeros = Summary::of_samples(&[0.0, 0.0, 0.0]);
        let some = Summary::of_samples(&[5.0, 6.0, 7.0]);
        // A rate from 0 is better; a latency from 0 worse; no verdict for
        // a column without a direction; none for 0 against 0.
        let change = |v: &Summary, better| change_of(&crate::stats::compare(v, &zeros, better, 1.0), better, "ops");
        assert_eq!(change(&some, Better::Higher), (Some("from 0".into()), DeltaClass::Better));
        assert_eq!(change(&some, Better::Lower), (Some("from 0".into()), DeltaClass::Worse));
        assert_eq!(change(&some, Better::Neither), (None, DeltaClass::None));
        assert_eq!(change(&zeros, Better::Higher), (None, DeltaClass::None));
        // A baseline above 0 keeps its percentage.
        let c = crate::stats::compare(
            &Summary::of_samples(&[12.0, 12.0]),
            &Summary::of_samples(&[10.0, 10.0]),
            Better::Higher,
            1.0,
        );
        assert_eq!(change_of(&c, Better::Higher, "ops"), (Some("+20.0%".into()), DeltaClass::Better));
    }

    /// attack26 gs/: `better: higher`, 6.1 [-5.01, -5.02, -4.99, -5.00]
    /// against 6.2 [-10.01, -10.02, -9.99, -10.00] read "1001× worse" (the
    /// factor of −99.9%), then "-99.9%"; attack59 F8: a latency of −6 ms
    /// against 6 ms read "-200.0%". A side at 0 or below has no ratio to
    /// the other: no percentage, no factor, but the difference, `to 0` or
    /// `from 0`. Two positive means keep the factor past −50%.
    #[test]
    fn a_side_at_or_below_zero_shows_no_percentage_nor_factor() {
        let base = Summary::of_samples(&[-5.01, -5.02, -4.99, -5.00]);
        let new = Summary::of_samples(&[-10.01, -10.02, -9.99, -10.00]);
        let c = crate::stats::compare(&new, &base, Better::Higher, 0.01);
        assert!(c.no_ratio);
        assert_eq!(c.pct_better, None);
        assert_eq!(change_of(&c, Better::Higher, ""), (Some("-5".into()), DeltaClass::Worse));
        // A sign that flips: −6 → 6 ms, smaller is better, is 12 ms worse.
        let c = crate::stats::compare(
            &Summary::of_samples(&[5.0, 6.0, 7.0]),
            &Summary::of_samples(&[-5.0, -6.0, -7.0]),
            Better::Lower,
            1.0,
        );
        assert_eq!(c.pct_better, None);
        assert_eq!(change_of(&c, Better::Lower, "ms"), (Some("+12 ms".into()), DeltaClass::Worse));
        // A rate that fell to 0, and one from 0.
        let c = crate::stats::compare(&Summary::of_samples(&[0.0]), &Summary::of_samples(&[10.0]), Better::Higher, 1.0);
        assert_eq!(change_of(&c, Better::Higher, "MB/s"), (Some("to 0".into()), DeltaClass::Worse));
        let c = crate::stats::compare(&Summary::of_samples(&[10.0]), &Summary::of_samples(&[0.0]), Better::Higher, 1.0);
        assert_eq!(change_of(&c, Better::Higher, "MB/s"), (Some("from 0".into()), DeltaClass::Better));
        let c = crate::stats::compare(&Summary::of_samples(&[2.5]), &Summary::of_samples(&[10.0]), Better::Higher, 0.1);
        assert!(!c.no_ratio);
        assert_eq!(change_of(&c, Better::Higher, "").0.as_deref(), Some("4.00× worse"));
    }
}
