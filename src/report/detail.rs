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
    let trimmed = |s: &SectionView| {
        !said_params(&s.table).is_empty()
            || !noisy_changes(&s.table).is_empty()
            || !setup_implied(&s.table).is_empty()
            || crossed_groups(&s.table).is_some()
    };
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
            if let Some(crossed) = crossed_groups(&kept.table) {
                by_groups(&mut kept, &crossed);
            }
            Some(kept)
        })
        .collect();
    // A change left out (noise) is no reason a test was not made.
    super::untested_again(&mut page.sections);
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

/// The set-up column of `t` ([`crate::site::SETUP_PARAM`], or
/// [`crate::site::SETUP_PARAM_APART`] where the files give a `set-up` of
/// their own) first, then the other parameter columns whose value each
/// set-up gives: every row of one set-up has the same value there (the empty
/// one included), every row has a set-up, and some row a value. Empty
/// when there is no such column. The newcomer's fio rows repeated `rw
/// randread, bs 4KiB, ioengine mmap, iodepth 32, jobs 24` beside set-up A
/// on every row of each of three stacked tables (newcomer59b 6); a mail
/// says them once, in the caption ([`trim_for_mail`]).
fn setup_implied(t: &super::TableView) -> Vec<usize> {
    let site = |h: &str| h == crate::site::SETUP_PARAM_APART;
    let Some(i) = t
        .param_headers
        .iter()
        .position(|h| site(h))
        .or_else(|| t.param_headers.iter().position(|h| h == crate::site::SETUP_PARAM))
    else {
        return Vec::new();
    };
    fn value(r: &super::RowView, p: usize) -> &str {
        r.params.get(p).map_or("", String::as_str)
    }
    if t.rows.iter().any(|r| value(r, i).is_empty()) {
        return Vec::new();
    }
    let given: Vec<usize> = (0..t.param_headers.len())
        .filter(|&p| p != i)
        .filter(|&p| {
            t.rows.iter().any(|r| !value(r, p).is_empty())
                && t.rows.iter().all(|r| {
                    let first = t.rows.iter().find(|f| value(f, i) == value(r, i)).map_or("", |f| value(f, p));
                    value(r, p) == first
                })
        })
        .collect();
    // The set-up column first, then the columns it gives; none without one.
    if given.is_empty() { given } else { std::iter::once(i).chain(given).collect() }
}

/// The caption items of `t`'s set-ups ([`setup_implied`]: its set-up
/// column `at[0]` and the columns it gives, `at[1..]`), one a set-up in
/// row order, each by its key where it has one ([`super::TableView::setup_keys`]):
/// "set-up A: rw randread, bs 4KiB, ioengine mmap, iodepth 32, jobs 24".
fn setup_items(t: &super::TableView, at: &[usize]) -> Vec<String> {
    let (i, implied) = (at[0], &at[1..]);
    let mut seen: Vec<&str> = Vec::new();
    let mut items = Vec::new();
    for r in &t.rows {
        let v = r.params.get(i).map_or("", String::as_str);
        if seen.contains(&v) {
            continue;
        }
        seen.push(v);
        let key = t.setup_keys.iter().find(|(s, _)| s == v).map_or(v, |(_, k)| k.as_str());
        let given: Vec<String> = implied
            .iter()
            .filter_map(|&p| {
                let x = r.params.get(p).map_or("", String::as_str);
                (!x.is_empty()).then(|| format!("{} {x}", t.param_headers[p]))
            })
            .collect();
        if !given.is_empty() {
            items.push(format!("{} {key}: {}", t.param_headers[i], given.join(", ")));
        }
    }
    items
}

/// The columns of a one-kernel table named as a cross of groups and
/// metrics ([`crossed_groups`]).
struct Crossed {
    /// The groups, in column order ("Sequential Reads", …).
    groups: Vec<String>,
    /// The metrics' names, in the first group's order ("Rate", "CPU%", …).
    metrics: Vec<String>,
    /// Per group, the column index of each metric.
    at: Vec<Vec<usize>>,
}

/// The columns of one-kernel table `t` named as a cross of groups and
/// metrics ("Sequential Reads Rate", "Sequential Reads CPU%", …, "Random
/// Writes CPU Eff": tiobench's four tests by seven metrics), every metric
/// of one unit and one direction in each group. `None` for a table of
/// several kernels (its metrics as rows, a column a kernel, is the posts'
/// shape: the seeds' tiobench), of fewer than two groups or metrics, or
/// with any column outside the cross.
fn crossed_groups(t: &super::TableView) -> Option<Crossed> {
    let first = t.rows.first()?;
    let labelled = t.param_headers.iter().any(|h| h == GROUP_HEADER);
    if labelled || t.rows.iter().any(|r| r.kernel != first.kernel) || t.columns.len() < 4 {
        return None;
    }
    let names: Vec<&str> = t.columns.iter().map(|c| c.name.as_str()).collect();
    // Each split of the first name after a word: its head is a group, the
    // names under that head its metrics.
    // The longest head first: "Sequential Reads" of "Sequential Reads
    // Rate", not "Sequential" (of both Reads and Writes).
    for head in names[0].rmatch_indices(' ').map(|(i, _)| &names[0][..i]) {
        let metrics: Vec<&str> = names.iter().filter_map(|n| n.strip_prefix(head)?.strip_prefix(' ')).collect();
        if metrics.len() < 2 || !names.len().is_multiple_of(metrics.len()) {
            continue;
        }
        let mut groups: Vec<String> = Vec::new();
        let mut at: Vec<Vec<usize>> = Vec::new();
        let whole = names.iter().enumerate().all(|(ci, n)| {
            let Some((g, m)) = metrics.iter().enumerate().find_map(|(mi, m)| {
                let g = n.strip_suffix(m)?.strip_suffix(' ')?;
                (!g.is_empty()).then_some((g, mi))
            }) else {
                return false;
            };
            let gi = groups.iter().position(|x| x == g).unwrap_or_else(|| {
                groups.push(g.to_string());
                at.push(vec![usize::MAX; metrics.len()]);
                groups.len() - 1
            });
            let free = at[gi][m] == usize::MAX;
            at[gi][m] = ci;
            free && t.columns[ci].part == t.columns[0].part
        });
        let full = at.iter().all(|row| row.iter().all(|&c| c != usize::MAX));
        if !(whole && full && groups.len() >= 2) {
            continue;
        }
        let alike = (0..metrics.len()).all(|m| {
            let c0 = &t.columns[at[0][m]];
            at.iter().all(|r| t.columns[r[m]].unit == c0.unit && t.columns[r[m]].better == c0.better)
        });
        if alike {
            return Some(Crossed { groups, metrics: metrics.iter().map(|m| m.to_string()).collect(), at });
        }
    }
    None
}

/// Section `s` drawn as its benchmark's own table where its one kernel's
/// columns cross groups and metrics ([`crossed_groups`]): a row per group
/// (a `test` label), a column per metric. The newcomer's one-kernel
/// tiobench was a list of 28 rows, metric by metric, for the four rows of
/// the file (newcomer59b 6). Every cell stays as it was, with its change
/// and mark; a row of no value is left out.
fn by_groups(s: &mut SectionView, crossed: &Crossed) {
    let t = &mut s.table;
    let columns: Vec<super::ColumnView> = (0..crossed.metrics.len())
        .map(|m| {
            let of = |f: fn(&super::ColumnView) -> bool| crossed.at.iter().any(|r| f(&t.columns[r[m]]));
            let mut c = t.columns[crossed.at[0][m]].clone();
            c.name.clone_from(&crossed.metrics[m]);
            c.precision = crossed.at.iter().map(|r| t.columns[r[m]].precision).max().unwrap_or(c.precision);
            c.runs_precision = crossed.at.iter().map(|r| t.columns[r[m]].runs_precision).max().unwrap_or(0);
            c.detail = of(|c| c.detail);
            c.mail_change_noise = of(|c| c.mail_change_noise);
            c.of_others = of(|c| c.of_others);
            c
        })
        .collect();
    let mut rows = Vec::new();
    for r in &t.rows {
        for (g, at) in crossed.groups.iter().zip(&crossed.at) {
            let cells: Vec<_> = at.iter().map(|&c| r.cells.get(c).cloned().flatten()).collect();
            if cells.iter().all(Option::is_none) {
                continue;
            }
            let remap = |cols: &[u32]| -> Vec<u32> {
                let hit = |c: usize| cols.iter().any(|&x| x as usize == c);
                at.iter().enumerate().filter(|&(_, &c)| hit(c)).map(|(m, _)| m as u32).collect()
            };
            let mut row = r.clone();
            row.params.push(g.clone());
            row.cells = cells;
            row.untimed = remap(&r.untimed);
            row.part_untimed = remap(&r.part_untimed);
            rows.push(row);
        }
    }
    t.param_headers.push(GROUP_HEADER.to_string());
    t.rows = rows;
    t.columns = columns;
    t.direction = direction_label(&t.columns);
    t.configured_headline = None;
    t.headline_named = false;
    t.forget_uncompared();
    s.grid = None;
}

/// The header of the row label [`by_groups`] makes of a table's groups.
const GROUP_HEADER: &str = "test";

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
    let mut said = said_params(&s.table);
    let noisy = noisy_changes(&s.table);
    // The parameters each set-up gives, said once in the caption.
    let implied = setup_implied(&s.table);
    if let Some((_, given)) = implied.split_first() {
        let given: Vec<usize> = given.iter().copied().filter(|p| !said.contains(p)).collect();
        if !given.is_empty() {
            let at: Vec<usize> = std::iter::once(implied[0]).chain(given.iter().copied()).collect();
            s.table.fixed_params.extend(setup_items(&s.table, &at));
            said.extend(given);
            s.table.forget_uncompared();
        }
    }
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
