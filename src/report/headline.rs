//! The headline column of a table (the metric that matters most: the
//! mail's star bars draw it, the charts draw it or put it first) and the
//! parameter sets its star bars show.

use super::TableView;
use crate::model::Better;

/// Which tables of a page get the mail's star bars, by index into
/// `tables`: those whose section names its `headline:`
/// ([`TableView::headline_named`]) where any does, else the one table
/// with the largest significant change of the page (none when nothing
/// changed significantly). A hand-made post draws bars for the table its
/// text is about, not for every table: bars under each would repeat the
/// tables' numbers and double the mail.
pub fn star_tables<'a>(tables: impl Iterator<Item = &'a TableView>) -> Vec<usize> {
    let tables: Vec<&TableView> = tables.collect();
    let named: Vec<usize> = (0..tables.len()).filter(|&i| tables[i].headline_named).collect();
    if !named.is_empty() {
        return named;
    }
    let mut best: Option<(usize, f64)> = None;
    for (i, t) in tables.iter().enumerate() {
        if let Some((_, p)) = largest_change(t)
            && best.is_none_or(|(_, b)| p > b)
        {
            best = Some((i, p));
        }
    }
    best.map(|(i, _)| vec![i]).unwrap_or_default()
}

/// Most parameter sets (blocks) the star bars of one table show.
pub const MAX_BAR_BLOCKS: usize = 4;

/// The headline column of `t`, or `None` when it has none worth a star
/// chart. In this order:
///
/// 1. the column its section's configuration names
///    ([`TableView::configured_headline`]: `headline:`, else the first of
///    `metrics:`);
/// 2. the column holding the largest significant change against the
///    baseline (by |% change|, after the page's correction,
///    [`super::correct_page`]);
/// 3. the only column of a one-column table (dbench's Throughput, a
///    build's time), which a post draws as bars whatever changed.
///
/// A table of several columns where nothing changed significantly has
/// none: its star bars would only repeat the table.
pub fn headline(t: &TableView) -> Option<usize> {
    if let Some(c) = t.configured_headline.filter(|&c| c < t.columns.len()) {
        return Some(c);
    }
    largest_change(t).map(|(c, _)| c).or_else(|| (t.columns.len() == 1).then_some(0))
}

/// The column the mail's star bars draw, or `None` for no star bars: the
/// section's `headline:` metric ([`TableView::headline_named`]), else the
/// column of the largest significant change against the baseline. A table
/// whose author named no headline and where nothing changed significantly
/// gets no bars: they would repeat its numbers and double its length in
/// the mail (the posts draw bars for one table, the one their text is
/// about).
pub fn star_headline(t: &TableView) -> Option<usize> {
    if t.headline_named
        && let Some(c) = t.configured_headline.filter(|&c| c < t.columns.len())
    {
        return Some(c);
    }
    largest_change(t).map(|(c, _)| c)
}

/// The column the charts draw (a scaling or trend line) or put first (bar
/// panels): [`headline`] when it has a better direction, else the first
/// column with one; `None` when no column has one. Informational columns
/// (MHz, %CPU, counts) are not results: a table of only those gets no
/// chart and no trend panel (the page says so under the table).
pub fn chart_headline(t: &TableView) -> Option<usize> {
    let ranked = |c: usize| t.columns.get(c).is_some_and(|c| c.better != Better::Neither);
    headline(t).filter(|&c| ranked(c)).or_else(|| (0..t.columns.len()).find(|&c| ranked(c)))
}

/// The column and |% change| of the largest significant change of `t`,
/// in a column with a better direction.
pub fn largest_change(t: &TableView) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (_, ci, x) in super::notable::significant_changes(t) {
        let Some(p) = x.pct_better.map(f64::abs).filter(|p| p.is_finite()) else { continue };
        if best.is_none_or(|(_, b)| p > b) {
            best = Some((ci, p));
        }
    }
    best
}

/// The parameter sets (rows' `params`, in table order) whose star bars of
/// column `col` are shown, and how many there are in all. Only sets of
/// two bars or more are shown (one bar compares nothing); of those, every
/// set when there are at most [`MAX_BAR_BLOCKS`]; else the first and the last
/// (the smallest and largest thread or process count), the sets with the
/// largest significant changes in `col`, then sets evenly spaced between,
/// up to [`MAX_BAR_BLOCKS`] in all, in table order. The table itself
/// shows every set.
///
/// A row is drawn in the block of the baseline row it is compared with
/// ([`block_keys`]), so a kernel whose host was renamed, or one of two
/// builds of a kernel, stands beside the baseline bar its change is
/// against (it made a block of its own, its change beside no baseline).
pub fn bar_blocks(t: &TableView, col: usize) -> (Vec<Vec<String>>, usize) {
    let keys = block_keys(t);
    let mut counted: Vec<(&[String], usize)> = Vec::new();
    for (r, k) in t.rows.iter().zip(&keys) {
        if r.cells.get(col).is_some_and(Option::is_some) {
            match counted.iter_mut().find(|(set, _)| set == k) {
                Some((_, n)) => *n += 1,
                None => counted.push((k, 1)),
            }
        }
    }
    let total = counted.len();
    // A block of one bar says nothing (its one bar fills the width,
    // whatever its value) and is left to the table: btrfs's and zfs's
    // rate-limited pgbench runs (a latency limit no other filesystem ran)
    // were a block of one full bar each in tests/sites/pgfs's mail.
    let sets: Vec<&[String]> = counted.into_iter().filter(|&(_, n)| n > 1).map(|(set, _)| set).collect();
    let many = sets.len();
    if many <= MAX_BAR_BLOCKS {
        return (sets.into_iter().map(<[String]>::to_vec).collect(), total);
    }
    let mut keep = vec![0, many - 1];
    let mut changes: Vec<(usize, f64)> = (1..many - 1)
        .filter_map(|i| {
            let biggest = t
                .rows
                .iter()
                .zip(&keys)
                .filter(|(_, k)| **k == sets[i])
                .map(|(r, _)| r)
                .filter_map(|r| r.cells[col].as_ref()?.comparison.filter(|x| x.significant)?.pct_better)
                .map(f64::abs)
                .filter(|p| p.is_finite())
                .fold(None, |m: Option<f64>, p| Some(m.map_or(p, |m| m.max(p))));
            biggest.map(|p| (i, p))
        })
        .collect();
    changes.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    keep.extend(changes.iter().take(MAX_BAR_BLOCKS - 2).map(|(i, _)| *i));
    // Evenly spaced sets fill what significant changes left free.
    for k in 1..MAX_BAR_BLOCKS - 1 {
        let i = (k * (many - 1) + (MAX_BAR_BLOCKS - 1) / 2) / (MAX_BAR_BLOCKS - 1);
        if keep.len() < MAX_BAR_BLOCKS && !keep.contains(&i) {
            keep.push(i);
        }
    }
    keep.sort_unstable();
    (keep.into_iter().map(|i| sets[i].to_vec()).collect(), total)
}

/// Each row's star-bar block, in row order: the parameters of the
/// baseline row it is compared with (`base_rows`, the class table's
/// rule), else its own.
pub fn block_keys(t: &TableView) -> Vec<&[String]> {
    match &t.baseline {
        Some(base) => super::base_rows::BaseRows::new(&t.param_headers, &t.rows, base).block_keys(&t.rows),
        None => t.rows.iter().map(|r| r.params.as_slice()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CellView, ColumnView, RowView};
    use crate::stats::Comparison;

    fn col(name: &str) -> ColumnView {
        ColumnView {
            name: name.into(),
            unit: "µs".into(),
            better: Better::Lower,
            precision: 2,
            runs_precision: 2,
            part: 0,
            detail: false,
            mail_change_noise: false,
            of_others: false,
            shown_name: String::new(),
            shown_unit: String::new(),
        }
    }

    /// A cell changed by `pct` % against the baseline, significant or not.
    fn cell(pct: Option<(f64, bool)>) -> Option<CellView> {
        let comparison = pct.map(|(p, significant)| Comparison {
            diff: 0.0,
            pct_better: Some(p),
            welch: None,
            p_adjusted: None,
            significant,
            within_step: false,
            no_ratio: false,
            baseline: 0.0,
        });
        Some(CellView { comparison, ..CellView::default() })
    }

    fn table(rows: Vec<(&str, &str, Vec<Option<CellView>>)>, ncols: usize) -> TableView {
        TableView {
            param_headers: vec!["threads".into()],
            columns: ["null call", "stat", "selct TCP"].iter().take(ncols).map(|n| col(n)).collect(),
            rows: rows.into_iter().map(|(k, p, c)| RowView::new(k.into(), vec![p.into()], c)).collect(),
            ..TableView::default()
        }
    }

    #[test]
    fn the_headline_is_configured_else_the_largest_significant_change_else_none() {
        let mut t = table(
            vec![
                ("2.4.17", "1", vec![cell(None), cell(None), cell(None)]),
                (
                    "2.4.17rat",
                    "1",
                    vec![cell(Some((0.0, false))), cell(Some((-33.7, true))), cell(Some((-50.5, false)))],
                ),
            ],
            3,
        );
        // selct TCP changed most, but not significantly: stat is the headline.
        assert_eq!(headline(&t), Some(1));
        t.configured_headline = Some(2);
        assert_eq!(headline(&t), Some(2));
        // Nothing significant, nothing configured: no headline, but the
        // charts still draw the first ranked column.
        t.configured_headline = None;
        t.rows[1].cells[1] = cell(Some((-33.7, false)));
        assert_eq!(headline(&t), None);
        assert_eq!(chart_headline(&t), Some(0));
        // A one-column table always has its column.
        let one =
            table(vec![("2.4.17", "1", vec![cell(None)]), ("2.4.17rat", "1", vec![cell(Some((-3.2, false)))])], 1);
        assert_eq!(headline(&one), Some(0));
        // A configured column out of range is ignored.
        t.configured_headline = Some(9);
        assert_eq!(headline(&t), None);
    }

    #[test]
    fn bar_blocks_keep_the_ends_and_the_largest_significant_changes() {
        let threads = ["1", "2", "4", "8", "16", "32", "64"];
        let mut rows = Vec::new();
        for (i, th) in threads.iter().enumerate() {
            rows.push(("base", *th, vec![cell(None)]));
            let change = match i {
                2 => Some((-40.0, true)),
                3 => Some((-90.0, false)),
                4 => Some((12.0, true)),
                5 => Some((5.0, true)),
                _ => Some((1.0, false)),
            };
            rows.push(("new", *th, vec![cell(change)]));
        }
        let t = table(rows, 1);
        let (shown, total) = bar_blocks(&t, 0);
        let shown: Vec<&str> = shown.iter().map(|p| p[0].as_str()).collect();
        assert_eq!((shown, total), (vec!["1", "4", "16", "64"], 7));
        // Without significant changes, evenly spaced sets.
        let two = |th: &'static str| [("base", th, vec![cell(None)]), ("new", th, vec![cell(Some((1.0, false)))])];
        let even = table(threads.iter().flat_map(|th| two(th)).collect(), 1);
        let shown: Vec<String> = bar_blocks(&even, 0).0.into_iter().map(|p| p[0].clone()).collect();
        assert_eq!(shown, ["1", "4", "16", "64"]);
        let few = table(["1", "2"].into_iter().flat_map(two).collect(), 1);
        assert_eq!(bar_blocks(&few, 0).0.len(), 2);
        // A set of one bar is left out (a bar chart of one bar says
        // nothing), and counted: the chart says the table has it.
        let mut one_bar: Vec<_> = ["1", "2"].into_iter().flat_map(two).collect();
        one_bar.push(("base", "4", vec![cell(None)]));
        let (shown, total) = bar_blocks(&table(one_bar, 1), 0);
        assert_eq!((shown.iter().map(|p| p[0].as_str()).collect::<Vec<_>>(), total), (vec!["1", "2"], 3));
        let alone = table(vec![("base", "1", vec![cell(None)]), ("base", "2", vec![cell(None)])], 1);
        assert_eq!(bar_blocks(&alone, 0), (Vec::<Vec<String>>::new(), 2));
    }
}
