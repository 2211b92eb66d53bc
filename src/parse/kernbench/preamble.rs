//! The text above a kernbench block: the kernel kernbench's own preamble
//! names (`date` then `uname -r`), `Kernel:` lines, and the label naming a
//! block (a `label:` line, a list item, a comment or an underlined title).

use super::table::{column_names, header_name};
use crate::parse::Input;
use crate::parse::labels::is_kernel_name;

/// `Wed Aug 23 15:47:33 UTC 2017`: the `date` line kernbench prints before
/// the kernel's release (`uname -r`).
fn is_date_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    words.len() >= 5
        && DAYS.contains(&words[0])
        && words.last().is_some_and(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()))
}

/// The kernel kernbench names in its own preamble between lines `from` and
/// `to` (0-based): the `uname -r` line under its `date` line
/// (`Wed Aug 23 15:47:33 UTC 2017` over `4.13.0-rc5+`).
pub(super) fn preamble_kernel(input: &Input, from: usize, to: usize) -> Option<String> {
    let lines = &input.lines;
    (from..to.saturating_sub(1))
        .rev()
        .find(|&j| is_date_line(&lines[j]) && is_kernel_name(lines[j + 1].trim()))
        .map(|j| lines[j + 1].trim().to_string())
}

/// A line of `===` or `---` underlining the title above it.
fn is_underline(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3 && (t.bytes().all(|b| b == b'=') || t.bytes().all(|b| b == b'-'))
}

/// The text naming the block whose header is on line `to` (0-based), from
/// the lines since the previous block (`from`): a `label:` line or a list
/// item (`- 16 CPUs x86 VM`) directly above the header; else the last of a
/// `Kernel: <name>` line, a `# <text>` comment line or an underlined title
/// (`Base` over `====`). Headings of side-by-side columns are no label,
/// and neither is a `Kernel:` line naming a release (that is the kernel).
pub(super) fn preamble_label(input: &Input, from: usize, to: usize) -> Option<String> {
    let lines = &input.lines;
    if let Some(p) = to.checked_sub(1).map(|p| lines[p].trim())
        && p.len() > 1
        && (p.ends_with(':') || p.starts_with("- "))
        && header_name(p).is_none()
        && column_names(p).is_none()
    {
        let label = p.strip_prefix("- ").unwrap_or(p).trim_end_matches(':').trim();
        return Some(label.to_string());
    }
    let mut found = None;
    for j in from..to {
        let t = lines[j].trim();
        let text = if let Some(k) = kernel_line(t) {
            if kernel_release(k).is_some() {
                continue;
            }
            k
        } else if let Some(c) = t.strip_prefix("# ") {
            c
        } else if lines.get(j + 1).is_some_and(|n| is_underline(n)) && !is_underline(t) {
            t
        } else {
            continue;
        };
        if !text.trim().is_empty() {
            found = Some(text.trim().to_string());
        }
    }
    found
}

/// The name on a `Kernel: <name>` line (any case: `kernel: staircase6.2`).
/// A line of side-by-side columns (`kernel: nikita-b2` then, after a run
/// of spaces, `kernel: patch-2.6.10-rc2`) names no one kernel: `None`
/// ([`side_by_side_kernels`] reads it).
fn kernel_line(line: &str) -> Option<&str> {
    let (head, name) = line.trim().split_once(':')?;
    let name = name.trim();
    let columns = name.contains('\t') || name.contains("  ");
    (head.eq_ignore_ascii_case("kernel") && !name.is_empty() && !columns).then_some(name)
}

/// The kernels of `n` side-by-side columns, from the last line between
/// lines `from` and `to` (0-based) that holds `n` `Kernel: <name>` cells
/// apart by a TAB or two spaces or more (STP's kernbench of two kernels,
/// LKML 2004: `kernel: nikita-b2` … `kernel: patch-2.6.10-rc2` above
/// `Host: stp8-002` … `Host: stp8-003`): that line (0-based) and each
/// column's release (`2.6.10-rc2`), else its name as written.
pub(super) fn side_by_side_kernels(input: &Input, from: usize, to: usize, n: usize) -> Option<(usize, Vec<String>)> {
    (from..to).rev().find_map(|j| {
        let l = &input.lines[j];
        let cells: Vec<&str> =
            l.split('\t').flat_map(|p| p.split("  ")).map(str::trim).filter(|c| !c.is_empty()).collect();
        let names: Vec<String> = cells
            .iter()
            .map(|c| kernel_line(c).map(|k| kernel_release(k).unwrap_or_else(|| k.to_string())))
            .collect::<Option<_>>()?;
        (names.len() == n).then_some((j, names))
    })
}

/// The release a `Kernel:` line names, when it names one: `2.6.7-rc2` for
/// `patch-2.6.7-rc2` (the kernel.org patch's name), `3.7.0-rc3-vanilla`.
pub(super) fn kernel_release(name: &str) -> Option<String> {
    let bare = name.strip_prefix("patch-").or_else(|| name.strip_prefix("linux-")).unwrap_or(name);
    is_kernel_name(bare).then(|| bare.to_string())
}

/// The name on the last `Kernel:` line between lines `from` and `to`
/// (0-based).
pub(super) fn last_kernel_line(input: &Input, from: usize, to: usize) -> Option<&str> {
    input.lines[from..to].iter().rev().find_map(|l| kernel_line(l))
}
