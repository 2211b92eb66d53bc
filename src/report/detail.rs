//! The mail's view of a page: a benchmark's detail columns left out.
//!
//! Some benchmarks print a full report around their result: dbench's
//! per-operation table (51 columns beside Throughput), fio's seventeen
//! latency percentiles. The web pages show all of it; a mail, like the
//! posts it stands for, keeps the result ([`crate::parse::mail_detail`]
//! says which metrics are detail; a section's `metrics:` keeps any it
//! names). [`without_detail`] makes that page, and says what it left out.
//! It also leaves out what a mail would say twice or say as noise: a
//! parameter column whose every value the row's column names already say
//! (fio's `job randread` and `rw randread` beside columns headed
//! `randread read: IOPS`), and the changes of a column whose ratios are
//! noise ([`crate::parse::mail_change_noise`]: tiobench's `Lat% >10s`).

use super::section::direction_label;
use super::{MachinePage, SectionView, notable_changes, notable_more_line};

/// What [`without_detail`] left out of a page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeftOutDetail {
    /// Detail columns left out, over all sections.
    pub columns: usize,
    /// The titles of the sections that lost some, in page order.
    pub sections: Vec<String>,
    /// The names of the columns whose changes were left out (their ratios
    /// noise: [`super::ColumnView::mail_change_noise`]), each once, in
    /// page order. The mail does not say them: their `%` cells are blank,
    /// as an informational column's are.
    pub changes: Vec<String>,
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
    let trimmed = |s: &SectionView| !said_params(&s.table).is_empty() || !noisy_changes(&s.table).is_empty();
    if m.sections.iter().all(|s| details(s) == 0 && !trimmed(s)) {
        return None;
    }
    let mut left = LeftOutDetail::default();
    let mut page = super::large::page_without_sections(m);
    page.sections = m
        .sections
        .iter()
        .filter_map(|s| {
            let n = details(s);
            let mut kept = if n == 0 {
                if !trimmed(s) {
                    return Some(s.clone());
                }
                s.clone()
            } else {
                left.sections.push(s.title.clone());
                left.columns += n;
                if n == s.table.columns.len() {
                    return None;
                }
                kept_columns(s)
            };
            for name in trim_for_mail(&mut kept) {
                if !left.changes.contains(&name) {
                    left.changes.push(name);
                }
            }
            Some(kept)
        })
        .collect();
    (page.notable, page.notable_more, page.notable_heading) = notable_changes(&page.sections, page.baseline.as_deref());
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

/// The parameter columns of `t` (indexes into
/// [`super::TableView::param_headers`]) whose every value the row's own
/// column names say: each row's value `v` heads the name of every column
/// it has a value in (`randread read: IOPS` for `job randread`; the
/// grid's heading over a part's columns says it once). A column of no
/// value at all is not one.
fn said_params(t: &super::TableView) -> Vec<usize> {
    let says = |name: &str, v: &str| name.strip_prefix(v).is_some_and(|rest| rest.is_empty() || rest.starts_with(' '));
    (0..t.param_headers.len())
        .filter(|&p| {
            let mut any = false;
            let all = t.rows.iter().all(|r| {
                let v = r.params.get(p).map_or("", String::as_str);
                if v.is_empty() {
                    return true;
                }
                any = true;
                r.cells.iter().zip(&t.columns).filter(|(c, _)| c.is_some()).all(|(_, col)| says(&col.name, v))
            });
            any && all
        })
        .collect()
}

/// The columns of `t` whose changes are noise in a mail
/// ([`super::ColumnView::mail_change_noise`]) and that have one.
fn noisy_changes(t: &super::TableView) -> Vec<usize> {
    (0..t.columns.len())
        .filter(|&ci| {
            t.columns[ci].mail_change_noise
                && t.rows
                    .iter()
                    .any(|r| r.cells.get(ci).and_then(Option::as_ref).is_some_and(|c| c.delta_text.is_some()))
        })
        .collect()
}

/// Leaves out of section `s` the parameter columns its column names say
/// ([`said_params`]) and the changes that are noise ([`noisy_changes`]):
/// the cells keep their values, without change, mark or comparison.
/// Returns the names of the columns whose changes it left out; the grid
/// is left to be laid out again.
fn trim_for_mail(s: &mut SectionView) -> Vec<String> {
    let said = said_params(&s.table);
    let noisy = noisy_changes(&s.table);
    if said.is_empty() && noisy.is_empty() {
        return Vec::new();
    }
    let t = &mut s.table;
    if !said.is_empty() {
        let keep = |i: usize| !said.contains(&i);
        t.param_headers =
            t.param_headers.iter().enumerate().filter(|(i, _)| keep(*i)).map(|(_, h)| h.clone()).collect();
        for r in &mut t.rows {
            r.params = r.params.iter().enumerate().filter(|(i, _)| keep(*i)).map(|(_, v)| v.clone()).collect();
        }
    }
    for &ci in &noisy {
        for r in &mut t.rows {
            if let Some(Some(c)) = r.cells.get_mut(ci) {
                c.delta_text = None;
                c.delta_class = Default::default();
                c.mark = Default::default();
                c.comparison = None;
            }
        }
    }
    s.grid = None;
    noisy.iter().map(|&ci| t.columns[ci].name.clone()).collect()
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
        assert_eq!(left, LeftOutDetail { columns: 2, sections: vec![String::new()], changes: vec![] });
        let t = &p.sections[0].table;
        assert_eq!(t.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Throughput", "max_latency"]);
        assert_eq!(t.rows.len(), 1);
        assert_eq!(t.rows[0].cells.iter().flatten().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["3", "4"]);
        assert_eq!((t.configured_headline, t.headline_named), (Some(0), true));
    }

    /// fio's `job randread`, `rw randread` beside columns headed
    /// `randread read: …` say the job three times in a mail: the
    /// parameter columns go; a parameter the names do not say stays.
    #[test]
    fn parameters_the_column_names_say_are_left_out() {
        let mut m = page(
            vec![col("randread read: IOPS", false), col("randwrite write: IOPS", false)],
            vec![vec![cell(1.0), None], vec![None, cell(2.0)]],
        );
        let t = &mut m.sections[0].table;
        t.param_headers = vec!["job".into(), "rw".into(), "bs".into()];
        t.rows[0].params = vec!["randread".into(), "randread".into(), "4k".into()];
        t.rows[1].params = vec!["randwrite".into(), "randwrite".into(), "4k".into()];
        let (p, left) = without_detail(&m).expect("something left out");
        assert_eq!(left, LeftOutDetail::default());
        let t = &p.sections[0].table;
        assert_eq!(t.param_headers, ["bs"]);
        assert!(t.rows.iter().all(|r| r.params == ["4k"]));
        // `randread` does not head `randwrite write: IOPS`: kept.
        let mut m = page(
            vec![col("randread read: IOPS", false), col("randwrite write: IOPS", false)],
            vec![vec![cell(1.0), cell(2.0)]],
        );
        m.sections[0].table.param_headers = vec!["job".into()];
        m.sections[0].table.rows[0].params = vec!["randread".into()];
        assert!(without_detail(&m).is_none());
    }

    /// tiobench's `Lat% >10s` changes (`-10168×`) are noise in a mail:
    /// left out with their marks, and said; the values stay.
    #[test]
    fn noisy_changes_are_left_out() {
        let mut lat = col("Lat% >10s", false);
        lat.mail_change_noise = true;
        let changed = |v: f64| {
            cell(v).map(|mut c| {
                c.delta_text = Some("-10168×".into());
                c.mark = crate::report::Mark::Significant;
                c
            })
        };
        let mut m = page(vec![col("Rate", false), lat], vec![vec![changed(1.0), changed(0.9)]]);
        m.sections[0].table.configured_headline = None;
        let (p, left) = without_detail(&m).expect("something left out");
        assert_eq!(left.changes, ["Lat% >10s"]);
        let cells: Vec<_> = p.sections[0].table.rows[0].cells.iter().flatten().collect();
        assert_eq!(cells[0].delta_text.as_deref(), Some("-10168×"));
        assert_eq!((cells[1].delta_text.as_deref(), cells[1].mark), (None, crate::report::Mark::None));
        assert_eq!(cells[1].text, "0.9");
    }

    #[test]
    fn a_section_of_only_detail_is_left_out_and_one_without_is_kept() {
        let all = page(vec![col("Close Count", true), col("Close AvgLat", true)], vec![vec![cell(1.0), cell(2.0)]]);
        let (p, left) = without_detail(&all).expect("something left out");
        assert!(p.sections.is_empty());
        assert_eq!(left, LeftOutDetail { columns: 2, sections: vec![String::new()], changes: vec![] });
        let none = page(vec![col("Throughput", false)], vec![vec![cell(1.0)]]);
        assert!(without_detail(&none).is_none());
    }
}
