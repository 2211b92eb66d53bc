//! A large class's regressions: past [`LARGE_CLASS`] kernels and
//! [`REGRESSIONS_SHOWN`] regressions, `regressions.html` (and
//! `regressions.md`, `benchsite text CLASS --regressions`) lists only the
//! latest kernel's regressions and the largest losses of the rest
//! ([`shown_note`]), and every regression goes onto pages of its own by
//! kernel, in kernel order, at most [`REGRESSION_PAGE_ROWS`] to a page
//! ([`plan`]), so that a class of 300 kernels and 1,600 regressions stays
//! pages a browser carries (under 10,000 DOM nodes each; a listed
//! regression costs about 23). The summary per kernel stays whole on
//! `regressions.html`.

use super::Regression;
use crate::report::{LARGE_CLASS, MachinePage, PageLink};
use std::collections::HashMap;

/// How many regressions `regressions.html` of a large class lists at
/// most: the latest kernel's (up to [`LATEST_SHOWN`]), then the largest
/// losses of the rest.
pub const REGRESSIONS_SHOWN: usize = 100;

/// How many of the latest kernel's regressions `regressions.html` of a
/// large class lists at most, largest loss first.
pub const LATEST_SHOWN: usize = 50;

/// How many regressions a page of a large class's regressions holds at
/// most (about 7,000 DOM nodes in Chromium); a kernel with more has pages
/// of its own.
pub const REGRESSION_PAGE_ROWS: usize = 300;

/// One page of a large class's regressions.
pub(super) struct Chunk {
    /// Its file and which kernels it holds ("1–62", by place in the
    /// class's kernel list).
    pub link: PageLink,
    /// Its regressions, as indexes into the class's (largest loss first),
    /// by kernel in kernel order, largest loss first within each.
    pub rows: Vec<usize>,
    /// The first and last kernel it covers, 0-based places in the class's
    /// kernel list.
    first: usize,
    last: usize,
}

/// How `regs` (largest loss first) of `m` go onto pages: every kernel's
/// regressions on one page where they fit, consecutive kernels together
/// up to [`REGRESSION_PAGE_ROWS`], the pages covering every kernel of the
/// class. `None` when `regressions.html` lists every one (a class of
/// [`LARGE_CLASS`] kernels or fewer, or [`REGRESSIONS_SHOWN`]
/// regressions or fewer). A regression of a kernel the list lacks (none
/// should) goes with the last kernel, never away.
pub(super) fn plan(m: &MachinePage, regs: &[Regression]) -> Option<Vec<Chunk>> {
    let n = m.kernels.len();
    if n <= LARGE_CLASS || regs.len() <= REGRESSIONS_SHOWN {
        return None;
    }
    let place: HashMap<&str, usize> = m.kernels.iter().enumerate().map(|(i, k)| (k.name.as_str(), i)).collect();
    let mut by_kernel: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, r) in regs.iter().enumerate() {
        by_kernel[place.get(r.kernel.as_str()).copied().unwrap_or(n - 1)].push(i);
    }
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut cur: Option<Chunk> = None;
    for (k, group) in by_kernel.iter().enumerate() {
        if cur.as_ref().is_some_and(|c| !c.rows.is_empty() && c.rows.len() + group.len() > REGRESSION_PAGE_ROWS) {
            chunks.extend(cur.take());
        }
        if group.len() > REGRESSION_PAGE_ROWS {
            // Pages of this kernel's own, the first also covering the
            // kernels without regressions before it.
            let first = cur.take().map_or(k, |c| c.first);
            for (j, part) in group.chunks(REGRESSION_PAGE_ROWS).enumerate() {
                let first = if j == 0 { first } else { k };
                chunks.push(Chunk { link: PageLink::default(), rows: part.to_vec(), first, last: k });
            }
            continue;
        }
        let c = cur.get_or_insert_with(|| Chunk { link: PageLink::default(), rows: Vec::new(), first: k, last: k });
        c.last = k;
        c.rows.extend(group);
    }
    match (cur, chunks.last_mut()) {
        (Some(c), Some(prev)) if c.rows.is_empty() => prev.last = c.last,
        (Some(c), _) => chunks.push(c),
        (None, _) => {}
    }
    for (i, c) in chunks.iter_mut().enumerate() {
        c.link = PageLink {
            link: format!("regressions-{}.html", i + 1),
            label: format!("{}–{}", c.first + 1, c.last + 1),
        };
    }
    Some(chunks)
}

/// The latest kernel of `m`: the last of its list that is not its
/// baseline.
fn latest(m: &MachinePage) -> Option<&str> {
    m.kernels.iter().rev().map(|k| k.name.as_str()).find(|k| m.baseline.as_deref() != Some(*k))
}

/// Keeps of `regs` (largest loss first) what `regressions.html` of a large
/// class lists: the latest kernel's largest [`LATEST_SHOWN`], then the
/// largest losses of the rest up to [`REGRESSIONS_SHOWN`] in all, still
/// largest loss first; and says so, and where every regression is (the
/// pages of `plan`, which the page links after this note).
pub(super) fn shown_note(m: &MachinePage, regs: &mut Vec<Regression>, plan: &[Chunk]) -> String {
    let total = regs.len();
    let latest = latest(m);
    let is_latest = |r: &Regression| Some(r.kernel.as_str()) == latest;
    let latest_total = regs.iter().filter(|r| is_latest(r)).count();
    let mut keep = vec![false; total];
    for (i, _) in regs.iter().enumerate().filter(|(_, r)| is_latest(r)).take(LATEST_SHOWN) {
        keep[i] = true;
    }
    let of_latest = latest_total.min(LATEST_SHOWN);
    let rest: Vec<usize> = (0..total).filter(|&i| !keep[i]).take(REGRESSIONS_SHOWN - of_latest).collect();
    for i in rest {
        keep[i] = true;
    }
    let mut flags = keep.into_iter();
    regs.retain(|_| flags.next().unwrap_or(false));
    let (one, many) = (&m.axis.one, &m.axis.many);
    let latest_part = match (latest, latest_total) {
        (Some(k), 0) => format!("the latest {one}, {k}, has none; "),
        (Some(k), t) if t <= LATEST_SHOWN => format!("the {t} of the latest {one}, {k}, and "),
        (Some(k), t) => format!("the {LATEST_SHOWN} largest of the {t} of the latest {one}, {k}, and "),
        (None, _) => String::new(),
    };
    format!(
        "This class has {} {many} and {total} regressions, more than one page lists: below are {} of them, {latest_part}the largest losses of the rest, largest loss first. Every regression is on the {} pages by {one} (these, by place in the list of {many}), in {one} order, largest loss first within each {one}; each {one}'s wins, losses and geometric mean in the summary at the end of this page.",
        m.kernels.len(),
        regs.len(),
        plan.len()
    )
}

/// What page `number` of `pages` (chunk `c`) of `total` regressions
/// holds: "Regressions of kernels 1–62 of the 300 (2.4.5 to 2.4.19), page
/// 1 of 6: 312 of the 1632, by kernel in kernel order, largest loss first
/// within each."
pub(super) fn page_note(m: &MachinePage, c: &Chunk, number: usize, pages: usize, total: usize) -> String {
    let (one, many) = (&m.axis.one, &m.axis.many);
    let name = |i: usize| m.kernels.get(i).map_or("", |k| k.name.as_str());
    let names =
        if c.first == c.last { name(c.first).to_string() } else { format!("{} to {}", name(c.first), name(c.last)) };
    format!(
        "Regressions of {many} {} of the {} ({names}), page {number} of {pages}: {} of the {total}, by {one} in {one} order, largest loss first within each {one}.",
        c.link.label,
        m.kernels.len(),
        c.rows.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::KernelView;

    fn page(kernels: usize) -> MachinePage {
        MachinePage {
            kernels: (0..kernels).map(|i| KernelView { name: format!("k{i}"), ..KernelView::default() }).collect(),
            baseline: Some("k0".to_string()),
            ..MachinePage::default()
        }
    }

    /// `n` regressions of each kernel of `counts` (kernel index, n), the
    /// largest loss first overall, losses falling with the order given.
    fn regs(counts: &[(usize, usize)]) -> Vec<Regression> {
        let mut out = Vec::new();
        for &(k, n) in counts {
            for _ in 0..n {
                let pct = -100.0 + out.len() as f64 * 0.01;
                out.push(Regression {
                    section: String::new(),
                    section_id: String::new(),
                    metric: String::new(),
                    unit: String::new(),
                    params: String::new(),
                    kernel: format!("k{k}"),
                    baseline: "k0".to_string(),
                    value: Default::default(),
                    baseline_value: Default::default(),
                    change: Default::default(),
                    pct_better: pct,
                    p_adjusted: 0.01,
                    p: Default::default(),
                    mark: None,
                    marks: "",
                });
            }
        }
        out
    }

    #[test]
    fn a_small_class_or_few_regressions_list_every_one() {
        assert!(plan(&page(LARGE_CLASS), &regs(&[(1, 500)])).is_none());
        assert!(plan(&page(300), &regs(&[(1, REGRESSIONS_SHOWN)])).is_none());
    }

    #[test]
    fn every_regression_goes_onto_one_page_the_pages_covering_every_kernel() {
        // 7 a kernel for 1..=299, a kernel of 700 (its own three pages) at 150.
        let mut counts: Vec<(usize, usize)> = (1..300).filter(|&k| k != 150).map(|k| (k, 7)).collect();
        counts.insert(100, (150, 700));
        let r = regs(&counts);
        let plan = plan(&page(300), &r).expect("paged");
        let mut seen: Vec<usize> = plan.iter().flat_map(|c| c.rows.iter().copied()).collect();
        assert!(plan.iter().all(|c| c.rows.len() <= REGRESSION_PAGE_ROWS));
        seen.sort_unstable();
        assert_eq!(seen, (0..r.len()).collect::<Vec<_>>(), "every regression once");
        assert_eq!((plan[0].first, plan.last().map(|c| c.last)), (0, Some(299)));
        for w in plan.windows(2) {
            let same_kernel = w[0].last == w[1].first && w[0].last == 150;
            assert!(same_kernel || w[1].first == w[0].last + 1, "{} then {}", w[0].link.label, w[1].link.label);
        }
        let own: Vec<&str> = plan
            .iter()
            .filter(|c| c.rows.iter().any(|&i| r[i].kernel == "k150"))
            .map(|c| c.link.label.as_str())
            .collect();
        assert_eq!(own.len(), 3, "{own:?}");
        assert!(own[1..].iter().all(|l| *l == "151–151"), "{own:?}");
        assert_eq!(plan[1].link.link, "regressions-2.html");
        // By kernel in kernel order on a page.
        let ks: Vec<&str> = plan[0].rows.iter().map(|&i| r[i].kernel.as_str()).collect();
        assert_eq!(&ks[..8], ["k1", "k1", "k1", "k1", "k1", "k1", "k1", "k2"]);
    }

    #[test]
    fn the_page_lists_the_latest_kernel_and_the_largest_losses_and_says_so() {
        let mut r = regs(&[(5, 150), (299, 60), (7, 10)]);
        let plan = plan(&page(300), &r).expect("paged");
        let note = shown_note(&page(300), &mut r, &plan);
        assert_eq!(r.len(), REGRESSIONS_SHOWN);
        assert_eq!(r.iter().filter(|x| x.kernel == "k299").count(), LATEST_SHOWN);
        assert!(r.windows(2).all(|w| w[0].pct_better <= w[1].pct_better), "largest loss first");
        assert!(note.contains("300 kernels and 220 regressions"), "{note}");
        assert!(
            note.contains(
                "below are 100 of them, the 50 largest of the 60 of the latest kernel, k299, and the largest losses"
            ),
            "{note}"
        );
        let text = page_note(&page(300), &plan[0], 1, plan.len(), 220);
        assert!(text.starts_with("Regressions of kernels 1–"), "{text}");
    }
}
