//! Kernels a table compares with nothing, and why: rows whose set-up
//! (parameters) no row of the baseline has. A kernel whose dbench file
//! prints no load file against a baseline's `client.txt`, a fio job at
//! another block size, a run pasted without its job line: the table shows
//! their values without a change, which reads as "not tested" unless the
//! page says so. `check` warns of the same (`uncompared_kernels`), and
//! every renderer prints [`Uncompared::note`] under the table.

use super::TableView;
use serde::Serialize;

/// The kernels of one table compared with nothing, and the baseline's
/// set-up they lack.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Uncompared {
    /// The baseline kernel.
    pub baseline: String,
    /// Kernels none of whose rows has parameters a baseline's row has
    /// (every value of theirs is compared with nothing).
    pub apart: Vec<String>,
    /// The baseline's rows' set-ups, each parameter with the values they
    /// give it (`loadfile client.txt, timelimit 60`; `procs 8 or 16`), or
    /// `no threads` where the baseline's rows lack a parameter the others
    /// print.
    pub base_setup: String,
    /// Kernels with compared rows and also a row without a set-up the
    /// baseline's rows print, agreeing with one of them on the rest: a run
    /// whose file left out its set-up line, compared with nothing.
    pub lacking: Vec<String>,
    /// The parameters those rows lack (`loadfile`, `timelimit`).
    pub lacking_params: Vec<String>,
    /// Kernels with compared rows and also a row with a parameter the
    /// baseline's rows do not print, agreeing with one of them on the
    /// rest: sysbench's memory run under its own `Number of threads: 8`
    /// header beside three runs printed without it (archive55: the row
    /// stood in the table with no change and no word), compared with
    /// nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<String>,
    /// The parameters those rows give and the baseline's do not
    /// (`threads`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra_params: Vec<String>,
    /// Kernels none of whose rows is the baseline's, each of whose rows
    /// only lacks parameters a baseline's row has (fio's terse line prints
    /// no rw, bs or iodepth): (the parameters they lack, joined by `, `;
    /// the kernels), taken out of [`Uncompared::apart`].
    pub short: Vec<(String, Vec<String>)>,
    /// Kernels with rows of a baseline's set-up but no figure in a column
    /// the baseline's row of that set-up has (sysbench 0.4's cpu test
    /// prints `total time`, 1.0's `events per second` and latencies): each
    /// with the columns it gives, compared with nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unlike: Vec<(String, Vec<String>)>,
    /// The columns the baseline's rows give, where [`Uncompared::unlike`]
    /// has kernels.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub base_columns: Vec<String>,
    /// Kernels with compared rows and also a row of a baseline's set-up
    /// but of a host none of the baseline's rows of that set-up names
    /// (6.1's `alpha` and `beta` rows, 6.2's `alpha` and `gamma`): each
    /// with those hosts, and the hosts the baseline's rows name; compared
    /// with nothing (attack40 F7: the `gamma` row had no change and no
    /// reason).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_hosts: Vec<(String, Vec<String>)>,
    /// The hosts the baseline's rows name, where
    /// [`Uncompared::other_hosts`] has kernels.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub base_hosts: Vec<String>,
    /// Where the baseline's rows name none of the parameters: the values
    /// the [`Uncompared::apart`] kernels' rows give them (`procs 1–48`),
    /// so the note says which side has which; else empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub apart_setup: String,
    /// Where the baseline's rows name some parameters but not all: the
    /// parameters only the [`Uncompared::apart`] kernels' rows give, with
    /// their values (`label rv64gc or rv64gc_xtheadc`), what keeps them
    /// apart (a warning named `copies`, which both sides have: wild36c
    /// F5); else empty.
    #[serde(skip)]
    pub apart_extra: String,
    /// Where both sides name the same parameters: the parameters whose
    /// values keep the [`Uncompared::apart`] kernels' rows from the
    /// baseline's, each with the baseline's values and with theirs
    /// (`instances 96`, `instances 128`), leaving out those both sides'
    /// rows give one same value, wherever given (stress-ng's `timeout 60s`, which the
    /// note named as if it differed: newcomer58); both empty when none
    /// is left or the case is another.
    #[serde(skip)]
    pub differs: (String, String),
    /// How many rows the baseline has (its "row" or "rows").
    #[serde(skip)]
    pub base_rows: usize,
    /// How many rows the [`Uncompared::apart`] kernels have.
    #[serde(skip)]
    pub apart_rows: usize,
    /// What the rows are ("kernels", or the class's `compare:` plural).
    pub many: String,
    /// The baseline has no row in the table at all (a section of a
    /// benchmark the baseline did not run): nothing in it is compared.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_base: bool,
    /// Each [`Uncompared::apart`] kernel has a row that differs from a
    /// baseline's row only in the leading directories of its set-up
    /// directories (`dir`), their last names alike: archives unpacked as
    /// they were, `results/aws/bench100/` under one config and
    /// `root/results/serverscamp/bench100/` under the others (archive38b
    /// F5). Naming those directories alike compares them; `ext4/` against
    /// `xfs/` is no such case.
    #[serde(skip)]
    pub apart_by_dirs: bool,
}

/// [`uncompared`] of one table, worked out on the first ask
/// ([`TableView::uncompared`]) and kept with the table: the grid, the
/// checks and the regressions page each ask it of the same table. A clone
/// starts empty (a table cloned is usually cloned to be changed: a page's
/// cut of its rows, its set-ups keyed).
#[derive(Debug, Default)]
pub struct UncomparedMemo(std::sync::OnceLock<Option<Uncompared>>);

impl Clone for UncomparedMemo {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl TableView {
    /// [`uncompared`] of this table, worked out once. Not to be asked
    /// before the table's rows, parameters, columns, baseline and axis are
    /// final: the answer is kept (a table changed in place afterwards
    /// clears it with [`TableView::forget_uncompared`]).
    pub fn uncompared(&self) -> Option<&Uncompared> {
        self.uncompared_memo.0.get_or_init(|| uncompared(self)).as_ref()
    }

    /// Clears the answer [`TableView::uncompared`] kept: for a table
    /// changed in place after it was asked.
    pub fn forget_uncompared(&mut self) {
        self.uncompared_memo = UncomparedMemo::default();
    }
}

/// The kernels table `t` compares with nothing; `None` when it has no
/// baseline, or every kernel's rows meet a baseline's row.
/// [`TableView::uncompared`] keeps the answer.
pub fn uncompared(t: &TableView) -> Option<Uncompared> {
    if let (None, Some(base)) = (&t.baseline, &t.baseline_absent) {
        // Other kernels' rows, and no baseline's row to compare them with:
        // the table shows values without a change, and must say why.
        return (!t.rows.is_empty()).then(|| Uncompared {
            baseline: base.clone(),
            many: t.axis.many.clone(),
            no_base: true,
            ..Uncompared::default()
        });
    }
    let base = t.baseline.as_deref()?;
    let base_params: rustc_hash::FxHashSet<&[String]> =
        t.rows.iter().filter(|r| r.kernel == base).map(|r| r.params.as_slice()).collect();
    if base_params.is_empty() {
        return None;
    }
    // Which rows meet a baseline's row ([`super::base_rows`]).
    let matcher = super::base_rows::BaseRows::new(&t.param_headers, &t.rows, base);
    let met = |row: &super::RowView| matcher.find(row).is_some();
    // Each kernel's rows, kernels in the order of their first row: every
    // question below is asked of a kernel's rows, once (a scan of the
    // whole table for each row made this quadratic in rows).
    let by_kernel = rows_by_kernel(t);
    let mut apart: Vec<String> = Vec::new();
    for (kernel, rows) in &by_kernel {
        if *kernel != base && !rows.iter().any(|x| met(x)) {
            apart.push(kernel.to_string());
        }
    }
    // The parameters (indices) one side leaves empty where the other has
    // them, the two agreeing on every one both have: with `row_lacks`,
    // those row `params` lacks where a baseline's row has them; else those
    // it gives where a baseline's row has none.
    let one_sided = |params: &[String], row_lacks: bool| {
        base_params.iter().find_map(|b| {
            let sides = |x: &'_ String, y: &'_ String| {
                if row_lacks { (x.is_empty(), y.is_empty()) } else { (y.is_empty(), x.is_empty()) }
            };
            let agrees = b.len() == params.len() && params.iter().zip(b.iter()).all(|(x, y)| sides(x, y).0 || x == y);
            let idx: Vec<usize> = params
                .iter()
                .zip(b.iter())
                .enumerate()
                .filter(|(_, (x, y))| matches!(sides(x, y), (true, false)))
                .map(|(i, _)| i)
                .collect();
            (agrees && !idx.is_empty()).then_some(idx)
        })
    };
    let missing = |params: &[String]| one_sided(params, true);
    let names = |mut idx: Vec<usize>| {
        idx.sort_unstable();
        idx.dedup();
        idx.iter().filter_map(|&i| t.param_headers.get(i).cloned()).collect::<Vec<_>>()
    };
    // The kernels of rows (compared with nothing) that lack a parameter a
    // baseline's row has (`row_lacks`), or else give one it has not (a row
    // that lacks one is said there, not here), and those parameters' names.
    let one_sided_rows = |row_lacks: bool| {
        let mut kernels: Vec<String> = Vec::new();
        let mut idx: Vec<usize> = Vec::new();
        for r in t.rows.iter().filter(|r| r.kernel != base && !apart.contains(&r.kernel)) {
            if met(r) || (!row_lacks && missing(&r.params).is_some()) {
                continue;
            }
            if let Some(m) = one_sided(&r.params, row_lacks) {
                if !kernels.contains(&r.kernel) {
                    kernels.push(r.kernel.clone());
                }
                idx.extend(m);
            }
        }
        (kernels, names(idx))
    };
    let (lacking, lacking_params) = one_sided_rows(true);
    let (extra, extra_params) = one_sided_rows(false);
    let (other_hosts, base_hosts) = other_host_rows(t, base, &met, &apart, &lacking);
    let mut short: Vec<(String, Vec<String>)> = Vec::new();
    let rows_of: rustc_hash::FxHashMap<&str, &[&super::RowView]> =
        by_kernel.iter().map(|(k, rows)| (*k, rows.as_slice())).collect();
    apart.retain(|kernel| {
        let mut lacks: Vec<usize> = Vec::new();
        for r in rows_of.get(kernel.as_str()).copied().unwrap_or_default() {
            match missing(&r.params) {
                Some(m) => lacks.extend(m),
                None => return true,
            }
        }
        let key = names(lacks).join(", ");
        match short.iter_mut().find(|(k, _)| *k == key) {
            Some((_, ks)) => ks.push(kernel.clone()),
            None => short.push((key, vec![kernel.clone()])),
        }
        false
    });
    let apart_by_dirs = apart_only_by_dirs(t, base, &by_kernel, &apart);
    let (unlike, base_columns) = unlike_columns(t, &by_kernel, (base, &matcher), &apart);
    if apart.is_empty()
        && lacking.is_empty()
        && extra.is_empty()
        && short.is_empty()
        && unlike.is_empty()
        && other_hosts.is_empty()
    {
        return None;
    }
    // Each parameter with the values the baseline's rows give it, in
    // table order: `procs 8 or 16`, `loadfile client.txt, timelimit 60`.
    let base_rows: Vec<&[String]> = t.rows.iter().filter(|r| r.kernel == base).map(|r| r.params.as_slice()).collect();
    let set: Vec<String> = t
        .param_headers
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let values = given_values(&base_rows, i);
            (!values.is_empty()).then(|| format!("{h} {}", alternatives(&values)))
        })
        .collect();
    let mut base_setup = set.join(", ");
    let mut apart_setup = String::new();
    let apart_params: Vec<&[String]> =
        t.rows.iter().filter(|r| apart.contains(&r.kernel)).map(|r| r.params.as_slice()).collect();
    let apart_rows = apart_params.len();
    // The parameters the apart kernels' rows give and no baseline's row.
    let apart_extra = t
        .param_headers
        .iter()
        .enumerate()
        .filter(|(i, _)| base_rows.iter().all(|p| p.get(*i).is_none_or(String::is_empty)))
        .filter_map(|(i, h)| {
            let values = given_values(&apart_params, i);
            (!values.is_empty()).then(|| format!("{h} {}", alternatives(&values)))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let differs = {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for (i, h) in t.param_headers.iter().enumerate() {
            let (b, a) = (given_values(&base_rows, i), given_values(&apart_params, i));
            // One same value wherever either side gives it: shared, not
            // why they are apart.
            if b == a && b.len() == 1 {
                continue;
            }
            if b.is_empty() || a.is_empty() {
                // A parameter one side lacks: [`Uncompared::short`] and
                // `apart_extra` say those; this is not the plain case.
                ours.clear();
                break;
            }
            // Two set-ups of one program (fio's option strings, a dozen
            // options each): only the options that differ, not both
            // strings whole (newcomer59's fio warning quoted
            // `fallocate=posix file_service_type=roundrobin …` twice).
            let setup = h == crate::site::SETUP_PARAM || h == crate::site::SETUP_PARAM_APART;
            if let ([bv], [av], true) = (b.as_slice(), a.as_slice(), setup)
                && let Some((bo, ao)) = differing_options(bv, av)
            {
                ours.push(format!("{h} {bo}"));
                theirs.push(format!("{h} {ao}"));
                continue;
            }
            ours.push(format!("{h} {}", alternatives(&b)));
            theirs.push(format!("{h} {}", alternatives(&a)));
        }
        if ours.is_empty() || apart.is_empty() {
            (String::new(), String::new())
        } else {
            (ours.join(", "), theirs.join(", "))
        }
    };
    if base_setup.is_empty() {
        base_setup = format!("no {}", t.param_headers.join(" or "));
        // What the others' rows give instead: "TEST1 has no row with no
        // procs" read as if TEST1 lacked procs (newcomer34 F5).
        let apart_rows: Vec<&[String]> =
            t.rows.iter().filter(|r| apart.contains(&r.kernel)).map(|r| r.params.as_slice()).collect();
        apart_setup = t
            .param_headers
            .iter()
            .enumerate()
            .filter_map(|(i, h)| {
                let values: Vec<&str> =
                    apart_rows.iter().filter_map(|p| p.get(i)).map(|v| v.as_str()).filter(|v| !v.is_empty()).collect();
                (!values.is_empty()).then(|| format!("{h} {}", span(&values)))
            })
            .collect::<Vec<_>>()
            .join(", ");
    }
    Some(Uncompared {
        baseline: base.to_string(),
        apart,
        base_setup,
        apart_setup,
        apart_extra: if set.is_empty() { String::new() } else { apart_extra },
        differs,
        base_rows: base_rows.len(),
        apart_rows,
        lacking,
        lacking_params,
        extra,
        extra_params,
        short,
        unlike,
        base_columns,
        other_hosts,
        base_hosts,
        many: t.axis.many.clone(),
        no_base: false,
        apart_by_dirs,
    })
}

/// Whether each of the `apart` kernels has a row that a baseline's row
/// meets but for the leading directories of the set-up directory columns
/// (`dir`, `set-up dir`) of `t`, their last names alike: the directories
/// above the set-ups differ, and nothing else ([`Uncompared::apart_by_dirs`]).
/// `false` without such a column or without `apart` kernels.
fn apart_only_by_dirs(t: &TableView, base: &str, by_kernel: &[(&str, Vec<&super::RowView>)], apart: &[String]) -> bool {
    let is_dir = |h: &String| h == crate::site::DIR_PARAM || h == crate::site::DIR_PARAM_APART;
    if apart.is_empty() || !t.param_headers.iter().any(is_dir) {
        return false;
    }
    // Every parameter but the directories, and of those the last name:
    // `results/aws/bench100` and `root/results/serverscamp/bench100` meet,
    // `ext4` and `xfs` (two file systems, rightly apart) do not.
    let key = |params: &[String]| -> Vec<String> {
        params
            .iter()
            .zip(&t.param_headers)
            .map(|(v, h)| if is_dir(h) { v.rsplit('/').next().unwrap_or(v).to_string() } else { v.clone() })
            .collect()
    };
    let base_keys: rustc_hash::FxHashSet<Vec<String>> =
        t.rows.iter().filter(|r| r.kernel == base).map(|r| key(&r.params)).collect();
    apart.iter().all(|k| {
        by_kernel
            .iter()
            .find(|(kernel, _)| kernel == k)
            .is_some_and(|(_, rows)| rows.iter().any(|r| base_keys.contains(&key(&r.params))))
    })
}

/// The kernels of `t` (not `apart`) with rows of a baseline's set-up, none
/// of whose figures is in a column the baseline's row of that set-up has
/// a figure in (module docs: [`Uncompared::unlike`]), each with the
/// columns it gives; and the columns the baseline's rows give.
fn unlike_columns(
    t: &TableView,
    by_kernel: &[(&str, Vec<&super::RowView>)],
    (base, matcher): (&str, &super::base_rows::BaseRows),
    apart: &[String],
) -> (Vec<(String, Vec<String>)>, Vec<String>) {
    let names = |rows: &mut dyn Iterator<Item = &super::RowView>| {
        let mut idx: Vec<usize> =
            rows.flat_map(|r| r.cells.iter().enumerate().filter(|(_, c)| c.is_some()).map(|(i, _)| i)).collect();
        idx.sort_unstable();
        idx.dedup();
        idx.iter().filter_map(|&i| t.columns.get(i).map(|c| c.name.clone())).collect::<Vec<_>>()
    };
    let base_rows: Vec<&super::RowView> = t.rows.iter().filter(|r| r.kernel == base).collect();
    let mut unlike: Vec<(String, Vec<String>)> = Vec::new();
    for (kernel, mine) in by_kernel.iter().filter(|(k, _)| *k != base && !apart.iter().any(|a| a == k)) {
        let met = mine.iter().any(|m| matcher.find(m).is_some());
        let compared = mine.iter().any(|m| {
            matcher
                .find(m)
                .is_some_and(|b| m.cells.iter().zip(&t.rows[b].cells).any(|(x, y)| x.is_some() && y.is_some()))
        });
        if met && !compared {
            let columns = names(&mut mine.iter().copied());
            if !columns.is_empty() {
                unlike.push((kernel.to_string(), columns));
            }
        }
    }
    let base_columns = if unlike.is_empty() { Vec::new() } else { names(&mut base_rows.iter().copied()) };
    (unlike, base_columns)
}

/// The kernels of `t` (not `apart` nor `lacking`) with a row no baseline
/// row meets (`met`) whose parameters are a baseline row's but for the
/// host (and build), each with those rows' hosts; and the hosts the
/// baseline's rows name ([`Uncompared::other_hosts`]). Empty where the
/// table has no host column.
fn other_host_rows(
    t: &TableView,
    base: &str,
    met: &dyn Fn(&super::RowView) -> bool,
    apart: &[String],
    lacking: &[String],
) -> (Vec<(String, Vec<String>)>, Vec<String>) {
    let col = |name: &str| t.param_headers.iter().position(|h| h == name);
    let Some(h) = col(crate::parse::HOST_PARAM) else { return (Vec::new(), Vec::new()) };
    let build = col(crate::parse::KERNEL_BUILD_PARAM);
    let key = |params: &[String]| -> Vec<String> {
        let mut k = params.to_vec();
        for c in [Some(h), build].into_iter().flatten() {
            if let Some(v) = k.get_mut(c) {
                v.clear();
            }
        }
        k
    };
    let base_rows: Vec<&super::RowView> = t.rows.iter().filter(|r| r.kernel == base).collect();
    let base_keys: rustc_hash::FxHashSet<Vec<String>> = base_rows.iter().map(|r| key(&r.params)).collect();
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for r in t.rows.iter().filter(|r| r.kernel != base && !apart.contains(&r.kernel) && !lacking.contains(&r.kernel)) {
        let Some(host) = r.params.get(h).filter(|v| !v.is_empty()) else { continue };
        if met(r) || !base_keys.contains(&key(&r.params)) {
            continue;
        }
        let at = match out.iter().position(|(k, _)| *k == r.kernel) {
            Some(at) => at,
            None => {
                out.push((r.kernel.clone(), Vec::new()));
                out.len() - 1
            }
        };
        if !out[at].1.contains(host) {
            out[at].1.push(host.clone());
        }
    }
    let mut base_hosts: Vec<String> = Vec::new();
    if !out.is_empty() {
        for v in base_rows.iter().filter_map(|r| r.params.get(h)).filter(|v| !v.is_empty()) {
            if !base_hosts.contains(v) {
                base_hosts.push(v.clone());
            }
        }
    }
    (out, base_hosts)
}

/// The rows of `t` by kernel, each kernel once in the order of its first
/// row, its rows in table order.
fn rows_by_kernel(t: &TableView) -> Vec<(&str, Vec<&super::RowView>)> {
    let mut at: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    let mut out: Vec<(&str, Vec<&super::RowView>)> = Vec::new();
    for r in &t.rows {
        let k = *at.entry(r.kernel.as_str()).or_insert_with(|| {
            out.push((r.kernel.as_str(), Vec::new()));
            out.len() - 1
        });
        out[k].1.push(r);
    }
    out
}

/// The values rows give one parameter: `1–48` when all are numbers (of
/// more than two distinct values), else [`alternatives`] of the distinct
/// ones (`8 or 16`, `seq, rand`).
fn span(values: &[&str]) -> String {
    let mut distinct: Vec<&str> = Vec::new();
    for v in values {
        if !distinct.contains(v) {
            distinct.push(v);
        }
    }
    let numbers: Option<Vec<(f64, &str)>> =
        distinct.iter().map(|v| v.trim().parse::<f64>().ok().filter(|x| x.is_finite()).map(|x| (x, *v))).collect();
    match numbers {
        Some(mut n) if n.len() > 2 => {
            n.sort_by(|a, b| a.0.total_cmp(&b.0));
            format!("{}\u{2013}{}", n[0].1.trim(), n[n.len() - 1].1.trim())
        }
        _ => alternatives(&distinct),
    }
}

/// Two set-ups of one program less the `name=value` options both have:
/// `fio direct=0 fallocate=posix size=1G` and `fio direct=1
/// fallocate=posix size=1G` give `fio direct=0 (other options alike)` and
/// `fio direct=1 (…)`; `None` where they share no such option (short
/// set-ups, boot options) or are of different programs.
fn differing_options(a: &str, b: &str) -> Option<(String, String)> {
    let alike = crate::site::options_alike(&[a, b]);
    if alike.is_empty() {
        return None;
    }
    let kept = |v: &str| -> String {
        let words: Vec<&str> = v.split(' ').filter(|w| !alike.contains(w)).collect();
        format!("`{}` (other options alike)", words.join(" "))
    };
    Some((kept(a), kept(b)))
}

/// The values `rows` give parameter `i` (its index in the table's
/// `param_headers`), each once, in row order; a row without one gives none.
fn given_values<'a>(rows: &[&'a [String]], i: usize) -> Vec<&'a str> {
    let mut values: Vec<&str> = Vec::new();
    for v in rows.iter().filter_map(|p| p.get(i)).filter(|v| !v.is_empty()) {
        if !values.contains(&v.as_str()) {
            values.push(v);
        }
    }
    values
}

/// Values one of which a row has: `8`, `8 or 16`, `4, 8 or 16`; past
/// five, the first four and how many more.
fn alternatives(values: &[&str]) -> String {
    match values {
        [] => String::new(),
        [v] => (*v).to_string(),
        [rest @ .., last] if values.len() <= 5 => format!("{} or {last}", rest.join(", ")),
        _ => format!("{} or {} more", values[..4].join(", "), values.len() - 4),
    }
}

/// Why values are not compared for being within a printed step of the
/// baseline's ([`crate::stats::Comparison::within_step`]), in a reader's
/// words, for `values` named values (one: "its", more: "each one's") and
/// the baseline `base`: "its printed value and 6.1's overlap: each
/// stands for anything within half a unit of its last printed digit, so
/// the two could be the same number". The table's note and `check`'s
/// warning say it alike.
pub fn within_step_reason(values: usize, base: &str) -> String {
    let its = if values == 1 { "its" } else { "each one's" };
    format!(
        "{its} printed value and {base}'s overlap: each stands for anything within half a unit of its last printed digit, so the two could be the same number"
    )
}

/// The first `shown` of `names`, and how many more `what` there are:
/// "a, b, c and 12 more kernels"; all of them where one more is left.
pub fn some_of(names: &[impl AsRef<str>], shown: usize, what: &str) -> String {
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    if names.len() <= shown + 1 {
        return names.join(", ");
    }
    format!("{} and {} more {what}", names[..shown].join(", "), names.len() - shown)
}

impl Uncompared {
    /// The same, of `kernel` alone (its kernel page); `None` when it is
    /// compared.
    pub fn only(&self, kernel: &str) -> Option<Uncompared> {
        if self.no_base {
            return Some(self.clone());
        }
        let keep = |v: &[String]| v.iter().filter(|k| *k == kernel).cloned().collect::<Vec<_>>();
        let (apart, lacking, extra) = (keep(&self.apart), keep(&self.lacking), keep(&self.extra));
        let short: Vec<(String, Vec<String>)> =
            self.short.iter().map(|(p, ks)| (p.clone(), keep(ks))).filter(|(_, ks)| !ks.is_empty()).collect();
        let unlike: Vec<(String, Vec<String>)> = self.unlike.iter().filter(|(k, _)| k == kernel).cloned().collect();
        let other_hosts: Vec<(String, Vec<String>)> =
            self.other_hosts.iter().filter(|(k, _)| k == kernel).cloned().collect();
        if apart.is_empty()
            && lacking.is_empty()
            && extra.is_empty()
            && short.is_empty()
            && unlike.is_empty()
            && other_hosts.is_empty()
        {
            return None;
        }
        // The others' set-up was worked out over every kernel apart: one
        // kernel's page says it the plain way rather than name another's.
        let whole = apart.len() == self.apart.len();
        let apart_setup = if whole { self.apart_setup.clone() } else { String::new() };
        let apart_extra = if whole { self.apart_extra.clone() } else { String::new() };
        let differs = if whole { self.differs.clone() } else { Default::default() };
        Some(Uncompared {
            apart,
            lacking,
            extra,
            short,
            unlike,
            other_hosts,
            apart_setup,
            apart_extra,
            differs,
            ..self.clone()
        })
    }

    /// Where the baseline's rows name none of the parameters the
    /// [`Uncompared::apart`] kernels' rows give, which side has which:
    /// `TEST3's row names no procs; TEST1's rows have procs 1–48`; where
    /// both name the same parameters, those whose values differ:
    /// `6.9.0's row has instances 96; 6.10.0's row has instances 128`
    /// (not the `timeout 60s` both share). `None` otherwise.
    pub fn setups_apart(&self) -> Option<String> {
        if self.apart.is_empty() {
            return None;
        }
        let base = &self.baseline;
        if self.apart_setup.is_empty() && !self.apart_extra.is_empty() {
            // `copies 1 or 4` on both sides, `label …` on one only.
            let whose = match self.apart.as_slice() {
                [one] => format!("{one}'s"),
                _ => "their".to_string(),
            };
            let rows = if self.base_rows == 1 { "row has" } else { "rows have" };
            let theirs = if self.apart_rows == 1 { "row also has" } else { "rows also have" };
            return Some(format!(
                "{base}'s {rows} {}; {whose} {theirs} {}, which {base}'s do not",
                self.base_setup, self.apart_extra
            ));
        }
        let whose = match self.apart.as_slice() {
            [one] => format!("{one}'s"),
            _ => "their".to_string(),
        };
        if self.apart_setup.is_empty() && self.apart_extra.is_empty() && !self.differs.0.is_empty() {
            // Both sides name the same parameters: only those whose values
            // differ, not the ones every row shares (`timeout 60s`).
            let rows = if self.base_rows == 1 { "row has" } else { "rows have" };
            let theirs = if self.apart_rows == 1 { "row has" } else { "rows have" };
            return Some(format!("{base}'s {rows} {}; {whose} {theirs} {}", self.differs.0, self.differs.1));
        }
        if self.apart_setup.is_empty() {
            return None;
        }
        let (rows, name) = if self.base_rows == 1 { ("row", "names") } else { ("rows", "name") };
        let theirs = if self.apart_rows == 1 { "row has" } else { "rows have" };
        Some(format!("{base}'s {rows} {name} {}; {whose} {theirs} {}", self.base_setup, self.apart_setup))
    }

    /// Why `kernel`'s rows of `hosts` ([`Uncompared::other_hosts`]) are
    /// compared with nothing: `6.2: the row of host gamma, which no row of
    /// 6.1 names (6.1's rows have host alpha or beta), compared with
    /// nothing`. The table's note and `check`'s warning say it alike.
    pub fn other_host_note(&self, kernel: &str, hosts: &[String]) -> String {
        let base = &self.baseline;
        let hosts_of: Vec<&str> = hosts.iter().map(String::as_str).collect();
        let base_of: Vec<&str> = self.base_hosts.iter().map(String::as_str).collect();
        let (rows, which) = if hosts.len() == 1 { ("the row", "which") } else { ("the rows", "which") };
        let theirs = match self.base_hosts.len() {
            0 => format!("{base}'s rows name no host"),
            1 => format!("{base}'s row has host {}", alternatives(&base_of)),
            _ => format!("{base}'s rows have host {}", alternatives(&base_of)),
        };
        // A run of another system (`mbp (Darwin 23.1.0)`) is never a Linux
        // kernel's machine's, whatever the baseline names.
        let other = if hosts.iter().any(|h| crate::parse::is_other_system_host(h)) {
            "; another system's runs are never compared with a Linux kernel's"
        } else {
            ""
        };
        format!(
            "{kernel}: {rows} of host {}, {which} no row of {base} names ({theirs}{other}), compared with nothing",
            alternatives(&hosts_of),
        )
    }

    /// The line under the table: `not compared with 6.1: 6.2 (no row with
    /// 6.1's set-up, loadfile client.txt, timelimit 60)`, and `6.3: a row
    /// without timelimit, which 6.1's rows print, compared with nothing`.
    pub fn note(&self) -> String {
        let base = &self.baseline;
        if self.no_base {
            return format!("not compared: the baseline {base} has no result in this table");
        }
        let mut parts = Vec::new();
        if !self.apart.is_empty() {
            let why =
                self.setups_apart().unwrap_or_else(|| format!("no row with {base}'s set-up, {}", self.base_setup));
            parts.push(format!("not compared with {base}: {} ({why})", some_of(&self.apart, 5, &self.many)));
        }
        for (params, kernels) in &self.short {
            parts.push(format!(
                "not compared with {base}: {} (no row with {base}'s set-up, {}: {} files do not print {params})",
                some_of(kernels, 5, &self.many),
                self.base_setup,
                if kernels.len() == 1 { "its" } else { "their" }
            ));
        }
        for (kernel, columns) in &self.unlike {
            parts.push(format!(
                "not compared with {base}: {kernel} (no figure of the same metric: {base}'s rows give {}, \
                 {kernel}'s {}: other metrics, as another version of the benchmark may print)",
                self.base_columns.join(", "),
                columns.join(", ")
            ));
        }
        for (kernel, hosts) in &self.other_hosts {
            parts.push(self.other_host_note(kernel, hosts));
        }
        if !self.lacking.is_empty() {
            parts.push(format!(
                "{}: a row without {}, which {base}'s rows print, compared with nothing",
                some_of(&self.lacking, 5, &self.many),
                self.lacking_params.join(" or ")
            ));
        }
        if !self.extra.is_empty() {
            parts.push(format!(
                "{}: a row with {}, which {base}'s rows do not print, compared with nothing",
                some_of(&self.extra, 5, &self.many),
                self.extra_params.join(" or ")
            ));
        }
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CellView, RowView};

    fn row(kernel: &str, procs: &str) -> RowView {
        RowView::new(kernel.into(), vec![procs.into()], vec![Some(CellView::default())])
    }

    /// newcomer59's fio set-ups (corpus-modern fio 01.txt and 03.txt): the
    /// options both have alike are left out.
    #[test]
    fn two_fio_setups_differ_in_their_options_only() {
        let (a, b) = super::differing_options(
            "fio direct=0 fallocate=posix nrfiles=1 runtime=200",
            "fio buffered=0 direct=1 fallocate=posix nrfiles=1 runtime=60",
        )
        .expect("shared options");
        assert_eq!(a, "`fio direct=0 runtime=200` (other options alike)");
        assert_eq!(b, "`fio buffered=0 direct=1 runtime=60` (other options alike)");
        assert!(super::differing_options("dbench -D /mnt/ext4", "dbench -D /mnt/xfs").is_none());
        assert!(super::differing_options("fio direct=1", "stress-ng direct=1").is_none());
    }

    /// newcomer34 F5: the baseline's row names no procs (its quoted
    /// dbench printed no client count) and the other's rows all do: the
    /// note says which side has which, not "no row with …, no procs".
    #[test]
    fn a_baseline_without_the_parameter_says_which_side_has_it() {
        let t = TableView {
            param_headers: vec!["procs".into()],
            rows: vec![row("TEST1", "1"), row("TEST1", "2"), row("TEST1", "48"), row("TEST3", "")],
            baseline: Some("TEST3".into()),
            ..Default::default()
        };
        let u = uncompared(&t).expect("TEST1 is compared with nothing");
        assert_eq!(u.apart, ["TEST1"]);
        assert_eq!(
            u.note(),
            "not compared with TEST3: TEST1 (TEST3's row names no procs; TEST1's rows have procs 1\u{2013}48)"
        );
        // Words, not numbers: the distinct values.
        assert_eq!(span(&["seq", "rand", "seq"]), "seq or rand");
        assert_eq!(span(&["8", "16"]), "8 or 16");
    }

    /// wild36c F5: both sides have `copies 1`, only the other kernel's
    /// rows a `label`: the note names the label, not the copies.
    #[test]
    fn a_parameter_only_the_others_give_is_named() {
        let r = |k: &str, copies: &str, label: &str| {
            RowView::new(k.into(), vec![copies.into(), label.into()], vec![Some(CellView::default())])
        };
        let t = TableView {
            param_headers: vec!["copies".into(), "label".into()],
            rows: vec![r("6.6", "1", ""), r("6.6", "4", ""), r("6.15", "1", "rv64gc"), r("6.15", "1", "rv64gcv")],
            baseline: Some("6.6".into()),
            ..TableView::default()
        };
        let u = uncompared(&t).expect("6.15 is compared with nothing");
        assert_eq!(
            u.note(),
            "not compared with 6.6: 6.15 (6.6's rows have copies 1 or 4; 6.15's rows also have label rv64gc or \
             rv64gcv, which 6.6's do not)"
        );
    }

    /// archive55: SLAB's fourth sysbench memory run printed its own
    /// `Number of threads: 8` header, the other runs and the baseline's
    /// none: that row is compared with nothing, and the note says so.
    #[test]
    fn a_row_with_a_parameter_the_baseline_lacks_is_named() {
        let r = |k: &str, threads: &str| {
            RowView::new(k.into(), vec!["1KiB".into(), threads.into()], vec![Some(CellView::default())])
        };
        let t = TableView {
            param_headers: vec!["block_size".into(), "threads".into()],
            rows: vec![r("cfs", ""), r("SLAB", ""), r("SLAB", "8")],
            baseline: Some("cfs".into()),
            ..TableView::default()
        };
        let u = uncompared(&t).expect("SLAB's threads 8 row is compared with nothing");
        assert!(u.apart.is_empty() && u.lacking.is_empty());
        assert_eq!(u.extra, ["SLAB"]);
        assert_eq!(u.note(), "SLAB: a row with threads, which cfs's rows do not print, compared with nothing");
        assert!(u.only("SLAB").is_some() && u.only("cfs").is_none());
    }

    /// A baseline with two set-ups names both: `procs 8 or 16` (it named
    /// the first, as if 16 procs were no set-up of the baseline's).
    #[test]
    fn every_set_up_of_the_baseline_is_named() {
        let t = TableView {
            param_headers: vec!["procs".into()],
            rows: vec![row("6.2", "4"), row("6.1", "8"), row("6.1", "16")],
            baseline: Some("6.1".into()),
            ..TableView::default()
        };
        let u = uncompared(&t).expect("6.2 is compared with nothing");
        let no_base = TableView { baseline: None, baseline_absent: Some("6.4".into()), ..t.clone() };
        assert_eq!(
            uncompared(&no_base).map(|u| u.note()).as_deref(),
            Some("not compared: the baseline 6.4 has no result in this table")
        );
        // Which set-ups each side has (the plain "no row with 6.1's set-up"
        // said nothing of 6.2's).
        assert_eq!(u.note(), "not compared with 6.1: 6.2 (6.1's rows have procs 8 or 16; 6.2's row has procs 4)");
        assert_eq!(alternatives(&["1", "2", "3"]), "1, 2 or 3");
        // sysbench 0.4 cpu on 6.1 (total time) against 1.0 on 6.2 (events
        // per second) at 4 threads (attack sbc/): one set-up, no metric in
        // common.
        let col = |name: &str| crate::report::ColumnView { name: name.into(), ..Default::default() };
        let t = TableView {
            param_headers: vec!["threads".into()],
            columns: vec![col("total time"), col("events per second")],
            rows: vec![
                RowView::new("6.1".into(), vec!["4".into()], vec![Some(CellView::default()), None]),
                RowView::new("6.2".into(), vec!["4".into()], vec![None, Some(CellView::default())]),
            ],
            baseline: Some("6.1".into()),
            ..TableView::default()
        };
        assert_eq!(
            uncompared(&t).map(|u| u.note()).as_deref(),
            Some(
                "not compared with 6.1: 6.2 (no figure of the same metric: 6.1's rows give total time, 6.2's events \
                 per second: other metrics, as another version of the benchmark may print)"
            )
        );
        assert_eq!(alternatives(&["1", "2", "3", "4", "5", "6"]), "1, 2, 3, 4 or 2 more");
    }

    /// A kernel's rows scattered over the table are asked about together,
    /// once: kernels in the order of their first row, a kernel with one
    /// row of the baseline's set-up compared (each kernel's rows are
    /// gathered once, not scanned for again at each of its rows).
    #[test]
    fn kernels_whose_rows_are_scattered_are_named_once_in_table_order() {
        let t = TableView {
            param_headers: vec!["procs".into()],
            rows: vec![
                row("6.3", "4"),
                row("6.1", "8"),
                row("6.2", "4"),
                row("6.3", "2"),
                row("6.4", "4"),
                row("6.2", "2"),
                row("6.4", "8"),
            ],
            baseline: Some("6.1".into()),
            ..TableView::default()
        };
        let u = uncompared(&t).expect("6.3 and 6.2 are compared with nothing");
        assert_eq!(u.apart, ["6.3", "6.2"]);
        assert_eq!(u.note(), "not compared with 6.1: 6.3, 6.2 (6.1's row has procs 8; their rows have procs 4 or 2)");
        // One kernel's page says its own set-up only where it alone is apart.
        let one = u.only("6.3").expect("6.3 is apart");
        assert_eq!(one.note(), "not compared with 6.1: 6.3 (no row with 6.1's set-up, procs 8)");
    }

    /// newcomer58: stress-ng's memrate at 96 instances (6.9.0) and at 128
    /// (6.10.0), both `--timeout 60`: the note named `timeout 60s` as if
    /// it kept them apart. Only what differs is named.
    #[test]
    fn a_set_up_both_sides_share_is_not_named_as_a_difference() {
        let row2 =
            |k: &str, i: &str| RowView::new(k.into(), vec![i.into(), "60s".into()], vec![Some(CellView::default())]);
        let t = TableView {
            param_headers: vec!["instances".into(), "timeout".into()],
            rows: vec![row2("6.9.0", "96"), row2("6.10.0", "128")],
            baseline: Some("6.9.0".into()),
            ..TableView::default()
        };
        let u = uncompared(&t).expect("6.10.0 is apart");
        assert_eq!(
            u.note(),
            "not compared with 6.9.0: 6.10.0 (6.9.0's row has instances 96; 6.10.0's row has instances 128)"
        );
    }

    /// attack40 F7: a row of a host no baseline row names is said, with
    /// the baseline's hosts, or that it names none (a Darwin run beside a
    /// host-less Linux baseline).
    #[test]
    fn a_row_of_a_host_the_baseline_lacks_is_said() {
        let u = Uncompared {
            baseline: "6.1".into(),
            base_hosts: vec!["alpha".into(), "beta".into()],
            ..Default::default()
        };
        assert_eq!(
            u.other_host_note("6.2", &["gamma".to_string()]),
            "6.2: the row of host gamma, which no row of 6.1 names (6.1's rows have host alpha or beta), compared with nothing"
        );
        let u = Uncompared { baseline: "6.1".into(), ..Default::default() };
        assert_eq!(
            u.other_host_note("6.2", &["mbp (Darwin 23.1.0)".to_string()]),
            "6.2: the row of host mbp (Darwin 23.1.0), which no row of 6.1 names (6.1's rows name no host; another system's runs are never compared with a Linux kernel's), compared with nothing"
        );
    }
}
