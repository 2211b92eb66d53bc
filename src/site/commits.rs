//! One commit under several names: the kernel test robot's tables
//! (files that give their own kernel order,
//! [`crate::model::ParsedFile::kernel_order`]) name a commit by the
//! robot's 10-character id (`9f68395333 ("sched/pelt: …")`), and the
//! re-test a developer asked for names it by its full sha
//! (`9f68395333ad7f5bfe2f83473fed363d4229f11c`): each was a kernel of its
//! own, its figures never beside the other's.
//!
//! Two names of such files that are both commit ids (7 to 40 hexadecimal
//! digits, lower case, as git prints them) and one the start of the other
//! are one commit: its figures go under the shortest name (the robot's
//! own), with a note at each file that named it otherwise. A tag
//! (`v5.7`) stays a kernel of its own: the table does not say which
//! commit it is. Two columns of one table (figures printed on one line)
//! are two commits whatever their ids: never joined, warned.

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::parse::lkp_compare::is_commit_id;
use rustc_hash::FxHashMap;

/// Files each commit id of the robot's tables to its shortest form
/// (module docs), renaming samples and kernel orders, with a note at each
/// file a name was changed in. `results` are in path order.
pub(super) fn unify_commit_ids(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    // Each id and the first file naming it.
    let mut ids: Vec<(&str, usize)> = Vec::new();
    for (i, rf) in results.iter().enumerate() {
        for k in rf.parsed.kernel_order.iter().filter(|k| is_commit_id(k)) {
            if !ids.iter().any(|(id, _)| id == k) {
                ids.push((k.as_str(), i));
            }
        }
    }
    if ids.len() < 2 {
        return;
    }
    // Sorted, a prefix comes right before the names it starts.
    ids.sort_unstable();
    let mut to: FxHashMap<String, (String, usize)> = FxHashMap::default();
    let mut root: Option<(&str, usize)> = None;
    for &(id, file) in &ids {
        match root {
            Some((r, rf)) if id.starts_with(r) => {
                to.insert(id.to_string(), (r.to_string(), rf));
            }
            _ => root = Some((id, file)),
        }
    }
    // Two columns of one table (figures printed on one line) are two
    // commits whatever their ids (a hand-typed 7-digit id can start
    // another commit's): never joined, anywhere, and said at the file
    // (attack44 F14). A file quoting a report below its re-test names one
    // commit both ways in two tables: those are still joined. Only the
    // files whose names are joined (those giving a kernel order) are
    // looked at, and only when some name is.
    if to.is_empty() {
        return;
    }
    // The name `k` is filed under.
    fn target<'a>(to: &'a FxHashMap<String, (String, usize)>, k: &'a str) -> &'a str {
        to.get(k).map_or(k, |(short, _)| short.as_str())
    }
    for rf in results.iter().filter(|rf| !rf.parsed.kernel_order.is_empty()) {
        let mut on_line: FxHashMap<usize, Vec<&str>> = FxHashMap::default();
        for s in &rf.parsed.samples {
            if let Some(k) = s.kernel.as_deref().filter(|k| is_commit_id(k)) {
                let ks = on_line.entry(s.line).or_default();
                if !ks.contains(&k) {
                    ks.push(k);
                }
            }
        }
        let mut apart: Vec<String> = Vec::new();
        for ks in on_line.values() {
            for (i, k) in ks.iter().enumerate() {
                let t = target(&to, k);
                if ks[..i].iter().any(|o| target(&to, o) == t) {
                    for o in ks.iter().filter(|o| target(&to, o) == t) {
                        if !apart.iter().any(|a| a == o) {
                            apart.push(o.to_string());
                        }
                    }
                }
            }
        }
        if apart.is_empty() {
            continue;
        }
        apart.sort_unstable();
        diags.push(Diagnostic::warning(
            &rf.path,
            rf.parsed.samples.iter().find(|s| s.kernel.as_deref() == Some(apart[0].as_str())).map(|s| s.line),
            format!(
                "commits {} are columns of one table though one id starts another: kept apart as kernels of \
                 their own (a longer id would tell them apart)",
                apart.join(", ")
            ),
        ));
        to.retain(|long, (short, _)| !apart.contains(long) && !apart.contains(short));
    }
    if to.is_empty() {
        return;
    }
    let names: Vec<String> = results.iter().map(|rf| rf.rel_path.clone()).collect();
    for rf in results.iter_mut().filter(|rf| !rf.parsed.kernel_order.is_empty()) {
        let mut renamed: Vec<(&str, &str, usize)> = Vec::new();
        for k in &rf.parsed.kernel_order {
            if let Some((short, first)) = to.get(k.as_str()) {
                renamed.push((k.as_str(), short.as_str(), *first));
            }
        }
        if renamed.is_empty() {
            continue;
        }
        for (long, short, first) in &renamed {
            diags.push(Diagnostic::note(
                &rf.path,
                rf.parsed.samples.iter().find(|s| s.kernel.as_deref() == Some(*long)).map(|s| s.line),
                format!(
                    "commit {long} is {short} of {}: one kernel, named {short} (the start of its id)",
                    names[*first]
                ),
            ));
        }
        let renamed: Vec<(String, String)> =
            renamed.into_iter().map(|(l, s, _)| (l.to_string(), s.to_string())).collect();
        for s in &mut rf.parsed.samples {
            if let Some((_, short)) = renamed.iter().find(|(l, _)| s.kernel.as_deref() == Some(l.as_str())) {
                s.kernel = Some(short.as_str().into());
            }
        }
        let mut order: Vec<String> = Vec::with_capacity(rf.parsed.kernel_order.len());
        for k in rf.parsed.kernel_order.drain(..) {
            let k = renamed.iter().find(|(l, _)| *l == k).map_or(k, |(_, s)| s.clone());
            if !order.contains(&k) {
                order.push(k);
            }
        }
        rf.parsed.kernel_order = order;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commit_ids_are_hex_of_git_lengths() {
        assert!(is_commit_id("9f68395333"));
        assert!(is_commit_id("9f68395333ad7f5bfe2f83473fed363d4229f11c"));
        assert!(!is_commit_id("v5.7"));
        assert!(!is_commit_id("123456"), "six digits: too short to be taken for an id");
        assert!(!is_commit_id("9F68395333"), "git prints ids in lower case");
    }
}
