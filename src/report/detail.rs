//! The mail's view of a page: a benchmark's detail columns left out.
//!
//! Some benchmarks print a full report around their result: dbench's
//! per-operation table (51 columns beside Throughput), fio's seventeen
//! latency percentiles. The web pages show all of it; a mail, like the
//! posts it stands for, keeps the result ([`crate::parse::mail_detail`]
//! says which metrics are detail; a section's `metrics:` keeps any it
//! names). [`without_detail`] makes that page, and says what it left out.

use super::section::direction_label;
use super::{MachinePage, SectionView, notable_changes, notable_more_line};

/// What [`without_detail`] left out of a page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeftOutDetail {
    /// Detail columns left out, over all sections.
    pub columns: usize,
    /// The titles of the sections that lost some, in page order.
    pub sections: Vec<String>,
}

/// Page `m` without its sections' detail columns
/// ([`super::ColumnView::detail`]), with what was left out; `None` when no
/// section has any to leave. A section whose every column is detail (the
/// section of a benchmark's per-operation table that no configured
/// section showed) is left out whole; a configured section never is
/// (its columns are not detail then). A row left without a cell is left
/// out. The direction caption, the headline column and the notable
/// changes are made again from what is kept; the grid is left to be laid
/// out again.
pub fn without_detail(m: &MachinePage) -> Option<(MachinePage, LeftOutDetail)> {
    let details = |s: &SectionView| s.table.columns.iter().filter(|c| c.detail).count();
    if m.sections.iter().all(|s| details(s) == 0) {
        return None;
    }
    let mut left = LeftOutDetail::default();
    let mut page = super::large::page_without_sections(m);
    page.sections = m
        .sections
        .iter()
        .filter_map(|s| {
            let n = details(s);
            if n == 0 {
                return Some(s.clone());
            }
            left.sections.push(s.title.clone());
            left.columns += n;
            (n < s.table.columns.len()).then(|| kept_columns(s))
        })
        .collect();
    (page.notable, page.notable_more) = notable_changes(&page.sections);
    page.notable_more_text = notable_more_line(page.notable_more);
    Some((page, left))
}

/// Section `s` with only its columns that are not detail.
fn kept_columns(s: &SectionView) -> SectionView {
    let keep: Vec<bool> = s.table.columns.iter().map(|c| !c.detail).collect();
    let mut out = super::large::section_with_rows(s, Vec::new());
    let t = &mut out.table;
    t.columns = s.table.columns.iter().filter(|c| !c.detail).cloned().collect();
    t.rows = s
        .table
        .rows
        .iter()
        .filter_map(|r| {
            let cells: Vec<_> = r.cells.iter().zip(&keep).filter(|&(_, &k)| k).map(|(c, _)| c.clone()).collect();
            // A row that had only detail values (a run that printed only
            // the per-operation table) is not a row of the kept table.
            cells.iter().any(Option::is_some).then(|| {
                let mut r = r.clone();
                r.cells = cells;
                r
            })
        })
        .collect();
    // The headline column's new index, when it is kept.
    t.configured_headline = s
        .table
        .configured_headline
        .and_then(|h| keep.get(h).copied().unwrap_or(false).then(|| keep[..h].iter().filter(|&&k| k).count()));
    t.headline_named &= t.configured_headline.is_some();
    t.direction = direction_label(&t.columns);
    out.grid = None;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Better;
    use crate::report::{CellView, ColumnView, RowView, TableView};

    fn col(name: &str, detail: bool) -> ColumnView {
        ColumnView { name: name.into(), unit: "ms".into(), better: Better::Lower, detail, ..Default::default() }
    }

    fn cell(v: f64) -> Option<CellView> {
        Some(CellView { text: v.to_string().into(), ..Default::default() })
    }

    fn page(columns: Vec<ColumnView>, rows: Vec<Vec<Option<CellView>>>) -> MachinePage {
        let rows =
            rows.into_iter().map(|cells| RowView { kernel: "6.9".into(), cells, ..Default::default() }).collect();
        let table =
            TableView { columns, rows, configured_headline: Some(2), headline_named: true, ..Default::default() };
        MachinePage { sections: vec![SectionView { table, ..Default::default() }], ..Default::default() }
    }

    #[test]
    fn detail_columns_and_rows_with_only_detail_are_left_out() {
        let m = page(
            vec![
                col("Close Count", true),
                col("Close AvgLat", true),
                col("Throughput", false),
                col("max_latency", false),
            ],
            vec![vec![cell(1.0), cell(2.0), cell(3.0), cell(4.0)], vec![cell(5.0), None, None, None]],
        );
        let (p, left) = without_detail(&m).expect("something left out");
        assert_eq!(left, LeftOutDetail { columns: 2, sections: vec![String::new()] });
        let t = &p.sections[0].table;
        assert_eq!(t.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Throughput", "max_latency"]);
        assert_eq!(t.rows.len(), 1);
        assert_eq!(t.rows[0].cells.iter().flatten().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["3", "4"]);
        assert_eq!((t.configured_headline, t.headline_named), (Some(0), true));
    }

    #[test]
    fn a_section_of_only_detail_is_left_out_and_one_without_is_kept() {
        let all = page(vec![col("Close Count", true), col("Close AvgLat", true)], vec![vec![cell(1.0), cell(2.0)]]);
        let (p, left) = without_detail(&all).expect("something left out");
        assert!(p.sections.is_empty());
        assert_eq!(left, LeftOutDetail { columns: 2, sections: vec![String::new()] });
        let none = page(vec![col("Throughput", false)], vec![vec![cell(1.0)]]);
        assert!(without_detail(&none).is_none());
    }
}
