//! Which row of the baseline kernel a table row is compared with.
//!
//! A row meets the baseline's row of the same parameters, but for the two
//! identity columns (`crate::parse::identity`):
//!
//! * `kernel build` keeps apart the runs of one kernel built twice
//!   (`#1 SMP … Sat Mar 21 10:00` and `#2 SMP … 12:00`, both `3.10.64`);
//!   across kernels a build is always another, so it is no part of the
//!   match: each build's row meets the baseline's row of its set-up, and
//!   where the baseline was built twice, the first of its rows (attack37
//!   finding 2: one rebuilt kernel left every other kernel of the section
//!   uncompared).
//! * `host` keeps apart two machines' runs; a row meets the baseline's row
//!   of its own host, or, where one side names no host (the host is
//!   unknown there, or that kernel's runs never met another host's), the
//!   baseline's one row of its set-up whatever its host. Two baseline rows
//!   of two hosts and a row naming neither: no match (which machine's is
//!   no guess to make). Nor where the host named cannot be the other
//!   side's machine: another system's (`Johns-MBP (Darwin 24.1.0)`,
//!   [`crate::parse::is_other_system_host`]), or one of two hosts a
//!   kernel's rows of that set-up name (which of them is the baseline's
//!   machine is no guess either): attack39 finding 19, a macOS run and two
//!   Linux hosts' runs "kept apart by a host parameter" were each compared
//!   with the host-less baseline (`alpha 3000 +197.0%`, `beta 1020
//!   +1.0%`). A host renamed between kernels is compared, as the rename
//!   note says (attack37 finding 3).
//!
//! Every page that pairs a row with a baseline row asks here: the class
//! table (`section`), regressions, compare, the uncompared note, the
//! mail's star bars ([`BaseRows::block_keys`], `headline`), and the
//! cross-class page, whose rows are machines and whose "baseline" is the
//! reference machine ([`BaseRows::find_across`]).

use super::RowView;
use crate::parse::{HOST_PARAM, KERNEL_BUILD_PARAM, is_other_system_host, same_host};

/// The parameter that keeps apart copies of a run quoted at different
/// depths in a mail (`labels::part_quote_depths`), and its value for the
/// writer's own.
const QUOTING_PARAM: &str = "quoting";
const UNQUOTED: &str = "unquoted";
use rustc_hash::{FxHashMap, FxHashSet};

/// The baseline's rows of one table, by their parameters without the
/// identity columns (module docs).
pub struct BaseRows {
    /// The `kernel build` column, if the table has one.
    build: Option<usize>,
    /// The `host` column, if the table has one.
    host: Option<usize>,
    /// The `quoting` column (`labels::part_quote_depths`), if the table
    /// has one: its `unquoted` is a writer's own run, as a row naming no
    /// quoting is (attack41 F20, afix40's open #12: a reply's own run,
    /// `unquoted` beside a quoted writer's in its file, never met the
    /// baseline's plain file's row, and nothing said why).
    quoting: Option<usize>,
    /// Each key's baseline rows (indices into the table's rows), in row
    /// order.
    by_key: FxHashMap<Vec<String>, Vec<(usize, String)>>,
    /// The kernels and keys whose rows name two hosts or more.
    two_hosts: FxHashSet<(String, Vec<String>)>,
    /// Each kernel's hosts named at each key, as written.
    hosts: FxHashMap<(String, Vec<String>), Vec<String>>,
}

impl BaseRows {
    /// The rows of `rows` (parameters aligned with `headers`) whose kernel
    /// is `base`.
    pub fn new(headers: &[String], rows: &[RowView], base: &str) -> BaseRows {
        let col = |name: &str| headers.iter().position(|h| h == name);
        let mut me = BaseRows {
            build: col(KERNEL_BUILD_PARAM),
            host: col(HOST_PARAM),
            quoting: col(QUOTING_PARAM),
            by_key: FxHashMap::default(),
            two_hosts: FxHashSet::default(),
            hosts: FxHashMap::default(),
        };
        for (i, r) in rows.iter().enumerate().filter(|(_, r)| r.kernel == base) {
            let host = me.host.and_then(|h| r.params.get(h)).cloned().unwrap_or_default();
            me.by_key.entry(me.key(&r.params)).or_default().push((i, host));
        }
        if let Some(h) = me.host {
            // Each kernel's first host named at each key; a second makes
            // the pair one of `two_hosts`.
            let mut first: FxHashMap<(&str, Vec<String>), &str> = FxHashMap::default();
            for r in rows.iter().filter(|r| r.kernel != base) {
                let Some(host) = r.params.get(h).filter(|v| !v.is_empty()) else { continue };
                let key = me.key(&r.params);
                let named = me.hosts.entry((r.kernel.clone(), key.clone())).or_default();
                if !named.contains(host) {
                    named.push(host.clone());
                }
                match first.get(&(r.kernel.as_str(), key.clone())) {
                    Some(f) if !same_host(f, host) => {
                        me.two_hosts.insert((r.kernel.clone(), key));
                    }
                    Some(_) => {}
                    None => {
                        first.insert((r.kernel.as_str(), key), host);
                    }
                }
            }
        }
        me
    }

    /// `params` without the identity columns' values.
    fn key(&self, params: &[String]) -> Vec<String> {
        let mut key = params.to_vec();
        for c in [self.build, self.host].into_iter().flatten() {
            if let Some(v) = key.get_mut(c) {
                v.clear();
            }
        }
        if let Some(v) = self.quoting.and_then(|c| key.get_mut(c)).filter(|v| *v == UNQUOTED) {
            v.clear();
        }
        key
    }

    /// The baseline row (index into the table's rows) row `row` is
    /// compared with (module docs), `None` where none is.
    pub fn find(&self, row: &RowView) -> Option<usize> {
        self.find_of(Some(&row.kernel), &row.params)
    }

    /// [`BaseRows::find`] of a row of parameters `params`, of kernel
    /// `kernel` where it is one of this table's (`None`: another class's).
    fn find_of(&self, kernel: Option<&str>, params: &[String]) -> Option<usize> {
        let key = self.key(params);
        let candidates = self.by_key.get(&key)?;
        let Some(h) = self.host else { return candidates.first().map(|c| c.0) };
        let host = params.get(h).map_or("", String::as_str);
        if let Some(c) = candidates.iter().find(|c| c.1 == host) {
            return Some(c.0);
        }
        // A full name and the short one are one host (`beta` and
        // `beta.lab.example.com`, [`same_host`]: attack40 F7, the rows of
        // two kernels were shown with no change and no reason); not where
        // the short name is as much another host of the row's kernel
        // (`web1` beside `web1.dc1…` and `web1.dc2…`: which machine the
        // short name is, is no guess; attack41 F14).
        if !host.is_empty()
            && !is_other_system_host(host)
            && let Some(c) = candidates.iter().find(|c| !is_other_system_host(&c.1) && same_host(&c.1, host))
        {
            // The baseline's `web1.dc1…` and `web1.dc2…` beside a row's
            // `web1`, or the baseline's `web1` beside its kernel's two.
            let base_two = candidates.iter().any(|o| o.1 != c.1 && same_host(&o.1, host));
            let kernel_two = kernel
                .and_then(|k| self.hosts.get(&(k.to_string(), key.clone())))
                .is_some_and(|hs| hs.iter().filter(|h| same_host(&c.1, h)).count() > 1 && !hs.contains(&c.1));
            return (!base_two && !kernel_two).then_some(c.0);
        }
        let first = &candidates.first()?.1;
        let one_host = candidates.iter().all(|c| c.1 == *first);
        if !one_host || !(host.is_empty() || first.is_empty()) {
            return None;
        }
        // One side names no host: the other's may be that side's machine,
        // unless it is another system's, or one of two hosts of its kernel.
        let named = if host.is_empty() { first.as_str() } else { host };
        let of_two = !host.is_empty() && kernel.is_some_and(|k| self.two_hosts.contains(&(k.to_string(), key)));
        (!is_other_system_host(named) && !of_two).then(|| candidates[0].0)
    }

    /// The reference machine's row a row of another machine class (the
    /// cross-class page, `across`) is compared with: as [`BaseRows::find`],
    /// but the row's own host says nothing of which of the reference's
    /// rows it meets (another class is another machine, whatever its
    /// hosts are called): it meets the reference's one row of its set-up,
    /// the first build's where the reference's kernel was built twice, and
    /// none where the reference's runs name two hosts at that set-up.
    pub fn find_across(&self, params: &[String]) -> Option<usize> {
        match self.host.filter(|&h| h < params.len()) {
            Some(h) => {
                let mut params = params.to_vec();
                params[h].clear();
                self.find_of(None, &params)
            }
            None => self.find_of(None, params),
        }
    }

    /// Each row's block for the star bars (`headline::bar_blocks`): the
    /// parameters of the baseline row it is compared with, else its own,
    /// so that a row and the baseline row its change is against are drawn
    /// in one block (a host renamed, one of two builds of a kernel: its
    /// parameters differ from the baseline's in an identity column only).
    pub fn block_keys<'a>(&self, rows: &'a [RowView]) -> Vec<&'a [String]> {
        rows.iter().map(|r| self.find(r).map_or(r.params.as_slice(), |b| rows[b].params.as_slice())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(kernel: &str, params: &[&str]) -> RowView {
        RowView::new(kernel.to_string(), params.iter().map(|p| p.to_string()).collect(), Vec::new())
    }

    #[test]
    fn builds_never_and_hosts_only_where_both_name_one_part_the_match() {
        let headers: Vec<String> = ["copies", "host", "kernel build"].map(String::from).to_vec();
        let rows = [r("base", &["1", "a", "#1"]), r("base", &["1", "a", "#2"]), r("base", &["4", "a", ""])];
        let base = BaseRows::new(&headers, &rows, "base");
        assert_eq!(base.find(&r("new", &["1", "a", "#7"])), Some(0), "the first build's row");
        assert_eq!(base.find(&r("new", &["1", "", ""])), Some(0), "no host named: the one host's");
        assert_eq!(base.find(&r("new", &["1", "b", ""])), None, "another host");
        assert_eq!(base.find(&r("new", &["8", "a", ""])), None);
        let rows = [r("base", &["1", "a", ""]), r("base", &["1", "b", ""])];
        let base = BaseRows::new(&headers, &rows, "base");
        assert_eq!(base.find(&r("new", &["1", "b", ""])), Some(1));
        assert_eq!(base.find(&r("new", &["1", "", ""])), None, "which host's: no guess");
        assert_eq!(base.find_across(&["1".into(), "a".into(), String::new()]), None, "which host's: no guess");
    }

    #[test]
    fn across_classes_a_host_is_no_part_of_the_match_but_two_reference_hosts_are_no_guess() {
        let headers: Vec<String> = ["copies", "host", "kernel build"].map(String::from).to_vec();
        let rows = [r("ref", &["1", "a", "#1"]), r("ref", &["1", "a", "#2"])];
        let base = BaseRows::new(&headers, &rows, "ref");
        assert_eq!(base.find(&r("new", &["1", "x", ""])), None, "in a class: another host");
        assert_eq!(base.find_across(&["1".into(), "x".into(), String::new()]), Some(0), "another class");
        assert_eq!(base.find_across(&["1".into(), String::new(), "#9".into()]), Some(0), "first build");
    }

    #[test]
    fn a_row_is_drawn_in_the_block_of_the_baseline_row_it_meets() {
        let headers: Vec<String> = ["host"].map(String::from).to_vec();
        let rows = [r("base", &["opi"]), r("new", &[""]), r("new", &["opi"]), r("new", &["opi2"])];
        let base = BaseRows::new(&headers, &rows, "base");
        let keys: Vec<&[String]> = base.block_keys(&rows);
        let want: [&[String]; 4] =
            [&["opi".to_string()], &["opi".to_string()], &["opi".to_string()], &["opi2".to_string()]];
        assert_eq!(keys, want);
    }

    /// attack39 finding 19: a host the baseline's host-less rows cannot
    /// be of (another system's; one of two hosts of its kernel) meets no
    /// row; one Linux host alone still meets it (the rename rule's case).
    #[test]
    fn a_host_the_host_less_baseline_cannot_be_meets_nothing() {
        let headers: Vec<String> = ["host"].map(String::from).to_vec();
        let rows = [
            r("base", &[""]),
            r("two", &["alpha"]),
            r("two", &["beta"]),
            r("one", &["alpha"]),
            r("mac", &["Johns-MBP (Darwin 24.1.0)"]),
            r("mixed", &[""]),
            r("mixed", &["bsdbox (FreeBSD 14.0-RELEASE)"]),
        ];
        let base = BaseRows::new(&headers, &rows, "base");
        let met: Vec<Option<usize>> = rows.iter().map(|row| base.find(row)).collect();
        assert_eq!(met, [Some(0), None, None, Some(0), None, Some(0), None]);
        // Nor does a host-less row meet a baseline of another system.
        let rows = [r("base", &["Johns-MBP (Darwin 24.1.0)"]), r("new", &[""])];
        assert_eq!(BaseRows::new(&headers, &rows, "base").find(&rows[1]), None);
    }

    /// attack40 F7: a row of `beta.lab.example.com` meets the baseline's
    /// `beta` row (and the reverse); `beta2`, `gamma`, or another system's
    /// host of a like name meet nothing.
    #[test]
    fn a_hosts_full_name_meets_its_short_names_row() {
        let headers: Vec<String> = ["host"].map(String::from).to_vec();
        let rows = [
            r("base", &["alpha"]),
            r("base", &["beta"]),
            r("new", &["alpha"]),
            r("new", &["beta.lab.example.com"]),
            r("other", &["beta2.lab.example.com"]),
            r("other", &["gamma"]),
            r("mac", &["beta.local (Darwin 24.1.0)"]),
        ];
        let base = BaseRows::new(&headers, &rows, "base");
        let met: Vec<Option<usize>> = rows.iter().map(|row| base.find(row)).collect();
        assert_eq!(met, [Some(0), Some(1), Some(0), Some(1), None, None, None]);
        let rows = [r("base", &["beta.lab.example.com"]), r("new", &["beta"])];
        assert_eq!(BaseRows::new(&headers, &rows, "base").find(&rows[1]), Some(0));
    }

    /// attack41 F20: a reply's own run (`quoting unquoted`) meets the
    /// baseline's plain row; a quoted copy does not (must not fire).
    #[test]
    fn a_writers_own_unquoted_run_meets_a_plain_baseline_row() {
        let headers: Vec<String> = ["quoting", "clients"].map(String::from).to_vec();
        let rows = [
            r("base", &["", "128"]),
            r("base", &["quoted twice", "128"]),
            r("new", &["unquoted", "128"]),
            r("new", &["quoted", "128"]),
            r("new", &["unquoted", "64"]),
        ];
        let base = BaseRows::new(&headers, &rows, "base");
        let met: Vec<Option<usize>> = rows.iter().map(|row| base.find(row)).collect();
        assert_eq!(met, [Some(0), Some(1), Some(0), None, None]);
    }

    /// attack41 F14: a short name two full names of the other side share
    /// is neither's row (which machine it is, is no guess); one full name
    /// beside it still meets it (must not fire).
    #[test]
    fn a_short_name_of_two_full_names_meets_neither() {
        let headers: Vec<String> = ["host"].map(String::from).to_vec();
        let rows = [
            r("base", &["web1"]),
            r("new", &["web1.dc1.example.com"]),
            r("new", &["web1.dc2.example.com"]),
            r("one", &["web1.dc2.example.com"]),
        ];
        let base = BaseRows::new(&headers, &rows, "base");
        let met: Vec<Option<usize>> = rows.iter().map(|row| base.find(row)).collect();
        assert_eq!(met, [Some(0), None, None, Some(0)]);
        let rows = [
            r("base", &["web1.dc1.example.com"]),
            r("base", &["web1.dc2.example.com"]),
            r("new", &["web1"]),
            r("new", &["web1.dc2.example.com"]),
        ];
        let base = BaseRows::new(&headers, &rows, "base");
        let met: Vec<Option<usize>> = rows.iter().map(|row| base.find(row)).collect();
        assert_eq!(met, [Some(0), Some(1), None, Some(1)]);
    }
}
