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
//!   no guess to make). A host renamed between kernels is compared, as
//!   the rename note says (attack37 finding 3).

use super::RowView;
use crate::parse::{HOST_PARAM, KERNEL_BUILD_PARAM};
use rustc_hash::FxHashMap;

/// The baseline's rows of one table, by their parameters without the
/// identity columns (module docs).
pub struct BaseRows {
    /// The `kernel build` column, if the table has one.
    build: Option<usize>,
    /// The `host` column, if the table has one.
    host: Option<usize>,
    /// Each key's baseline rows (indices into the table's rows), in row
    /// order.
    by_key: FxHashMap<Vec<String>, Vec<(usize, String)>>,
}

impl BaseRows {
    /// The rows of `rows` (parameters aligned with `headers`) whose kernel
    /// is `base`.
    pub fn new(headers: &[String], rows: &[RowView], base: &str) -> BaseRows {
        let col = |name: &str| headers.iter().position(|h| h == name);
        let mut me = BaseRows { build: col(KERNEL_BUILD_PARAM), host: col(HOST_PARAM), by_key: FxHashMap::default() };
        for (i, r) in rows.iter().enumerate().filter(|(_, r)| r.kernel == base) {
            let host = me.host.and_then(|h| r.params.get(h)).cloned().unwrap_or_default();
            me.by_key.entry(me.key(&r.params)).or_default().push((i, host));
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
        key
    }

    /// The baseline row (index into the table's rows) a row of parameters
    /// `params` is compared with (module docs), `None` where none is.
    pub fn find(&self, params: &[String]) -> Option<usize> {
        let candidates = self.by_key.get(&self.key(params))?;
        let Some(h) = self.host else { return candidates.first().map(|c| c.0) };
        let host = params.get(h).map_or("", String::as_str);
        if let Some(c) = candidates.iter().find(|c| c.1 == host) {
            return Some(c.0);
        }
        let first = &candidates.first()?.1;
        let one_host = candidates.iter().all(|c| c.1 == *first);
        (one_host && (host.is_empty() || first.is_empty())).then(|| candidates[0].0)
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
        assert_eq!(base.find(&["1".into(), "a".into(), "#7".into()]), Some(0), "the first build's row");
        assert_eq!(base.find(&["1".into(), String::new(), String::new()]), Some(0), "no host named: the one host's");
        assert_eq!(base.find(&["1".into(), "b".into(), String::new()]), None, "another host");
        assert_eq!(base.find(&["8".into(), "a".into(), String::new()]), None);
        let rows = [r("base", &["1", "a", ""]), r("base", &["1", "b", ""])];
        let base = BaseRows::new(&headers, &rows, "base");
        assert_eq!(base.find(&["1".into(), "b".into(), String::new()]), Some(1));
        assert_eq!(base.find(&["1".into(), String::new(), String::new()]), None, "which host's: no guess");
    }
}
