//! Runs a label line puts under another kernel of the class than the
//! directory their file sits in: `6.1:` above some runs of
//! `6.1-patched/mail.txt` and `6.1-patched:` above the others. The labels
//! part the two as rows, but a file in a kernel's directory is that
//! kernel's, so 6.1's numbers were counted as 6.1-patched's without a word.
//! The runs stay where they are (the file proves nothing about which
//! kernel ran them); a warning at the label line names both kernels.

use super::{Kernel, ResultFile};
use crate::diag::{Diagnostic, Kind};
use std::collections::BTreeSet;

/// Runs filed under their directory's kernel below a label line that
/// names another kernel of the class exactly, as its directory is named
/// (`6.1:` above runs of `6.1-patched/mail.txt`, whose other runs are
/// under `6.1-patched:`): the labels could not file them under 6.1 (the
/// two names agree, [`crate::check::kernel_names_agree`], and a label parted them only
/// as a row), so 6.1's numbers may be counted as 6.1-patched's. Not moved:
/// which kernel ran them the file does not prove. One warning per label
/// line, at it, naming both kernels and the runs' lines.
pub(super) fn warn_of_labels_naming_other_kernels(
    results: &[ResultFile],
    kernels: &[Kernel],
    diags: &mut Vec<Diagnostic>,
) {
    let names: BTreeSet<&str> = kernels.iter().map(|k| k.name.as_str()).collect();
    let longest = names.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut i = 0;
    while i < results.len() {
        // A file's segments are side by side, in path order.
        let end = i + results[i..].iter().take_while(|rf| rf.rel_path == results[i].rel_path).count();
        let file = &results[i..end];
        i = end;
        let Some(dir) = file[0].kernel_dir.as_deref() else { continue };
        if names.len() < 2 {
            continue;
        }
        // Each run's line, benchmark and label, if any: a run under a
        // later label line that names no kernel (`with the patch:`) is
        // that label's, not the kernel's above it.
        let mut filed: Vec<(usize, &str, Option<&str>)> = file
            .iter()
            .flat_map(|rf| rf.parsed.samples.iter().map(move |s| (s, rf.parsed.benchmark.as_str())))
            .filter(|(s, _)| s.kernel.as_deref() == Some(dir))
            .map(|(s, b)| (s.line, b, s.params.iter().find(|p| p.name == "label").map(|p| p.value.as_str())))
            .collect();
        if filed.is_empty() {
            continue;
        }
        filed.sort_unstable();
        filed.dedup_by_key(|(n, _, _)| *n);
        // Valid UTF-8 (nearly every file) is checked a word at a time;
        // `from_utf8_lossy` goes byte by byte.
        let text = match std::str::from_utf8(&file[0].raw) {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(_) => String::from_utf8_lossy(&file[0].raw),
        };
        let last = filed.last().map_or(0, |(n, _, _)| *n);
        // The label line in force (the nearest above naming a kernel of
        // the class), and the runs under each that name another kernel.
        let mut current: Option<(usize, &str, &str)> = None;
        let mut found: Vec<(usize, &str, &str, Vec<usize>, &str)> = Vec::new();
        let mut next = filed.iter().peekable();
        for (n, line) in crate::lines::lines(&text).enumerate().map(|(j, l)| (j + 1, l)).take(last) {
            if next.peek().is_some_and(|(r, _, _)| *r == n) {
                let (bench, own) = next.next().map_or(("", None), |(_, b, l)| (*b, *l));
                let under = |named: &str| own.is_none_or(|l| kernel_label(l) == Some(named));
                if let Some((at, label, named)) = current.filter(|c| c.2 != dir && under(c.2)) {
                    match found.last_mut() {
                        Some(f) if f.0 == at => f.3.push(n),
                        _ => found.push((at, label, named, vec![n], bench)),
                    }
                }
                continue;
            }
            if line.len() > longest + 12 {
                continue;
            }
            if let Some(named) = kernel_label(line).and_then(|k| names.get(k)) {
                current = Some((n, line.trim(), named));
            }
        }
        for (at, label, named, runs, bench) in found {
            // The first six lines, and how many more (a mail of dozens of runs).
            let mut lines = runs.iter().take(6).map(usize::to_string).collect::<Vec<_>>().join(", ");
            if runs.len() > 6 {
                lines.push_str(&format!(" and {} more", runs.len() - 6));
            }
            diags.push(
                Diagnostic::warning(
                    &file[0].path,
                    Some(at),
                    format!(
                        "{bench}: label line {at} (`{label}`) names kernel {named:?} of this class, but the runs below it (line{} {lines}) sit in kernel directory {dir:?} and are filed under {dir:?}, not {named:?}; if they are {named}'s runs, move them to a file in {named}/",
                        if runs.len() == 1 { "" } else { "s" }
                    ),
                )
                .of_kind(Kind::KernelName),
            );
        }
    }
}

/// The kernel name a label line is, alone: `6.1:`, `## 6.1`, `**6.1**`,
/// `[6.1]`, `linux-6.1:` give `6.1`; `None` for a line of other words
/// (`6.1 with the patch:`, `Results on 6.1:`) or a quoted one (`> 6.1:`).
fn kernel_label(line: &str) -> Option<&str> {
    let t = line.trim().trim_start_matches('#').trim();
    let t = t.strip_suffix(':').unwrap_or(t).trim();
    let t = ["**", "__", "*", "_"].iter().find_map(|m| t.strip_prefix(m)?.strip_suffix(m)).unwrap_or(t);
    let t = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')).unwrap_or(t);
    let t = t.strip_suffix(':').unwrap_or(t).trim();
    let t = crate::parse::labels::bare_kernel(t);
    (!t.is_empty() && !t.contains(char::is_whitespace)).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_line_alone_names_its_kernel() {
        for (line, k) in [
            ("6.1:", Some("6.1")),
            ("## 6.1", Some("6.1")),
            ("**6.1**", Some("6.1")),
            ("**6.1:**", Some("6.1")),
            ("[6.1]", Some("6.1")),
            ("linux-6.1:", Some("6.1")),
            ("  6.1-patched: ", Some("6.1-patched")),
            ("6.1 with the patch:", None),
            ("Results on 6.1:", None),
            ("> 6.1:", None),
            (":", None),
        ] {
            assert_eq!(kernel_label(line), k, "{line:?}");
        }
    }
}
