//! The text above a kernbench block: the kernel kernbench's own preamble
//! names (`date` then `uname -r`), `Kernel:` lines, and the label naming a
//! block (a `label:` line, a list item, a comment or an underlined title).

use super::table::{column_names, header_name};
use crate::parse::Input;
use crate::parse::aim7::kernel_over_url;
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
/// (`Wed Aug 23 15:47:33 UTC 2017` over `4.13.0-rc5+`), or the 0.4x
/// console's `Kernel 2.6.16` line (its `echo Kernel $(uname -r)`) right
/// above `Performing 5 runs of`.
pub(super) fn preamble_kernel(input: &Input, from: usize, to: usize) -> Option<String> {
    let lines = &input.lines;
    (from..to.saturating_sub(1)).rev().find_map(|j| {
        let next = lines[j + 1].trim();
        if is_date_line(&lines[j]) && is_kernel_name(next) {
            return Some(next.to_string());
        }
        let name = lines[j].trim().strip_prefix("Kernel ")?.trim();
        (is_performing_line(next) && is_kernel_name(name)).then(|| name.to_string())
    })
}

/// `Performing 5 runs of`: kernbench 0.4x's console, above the `make`
/// lines of its loads.
fn is_performing_line(line: &str) -> bool {
    line.trim()
        .strip_prefix("Performing ")
        .and_then(|r| r.strip_suffix(" runs of"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A line kernbench 0.4x prints on the console before and between its
/// blocks (`16 cpus found`, `Cleaning source tree...`, `Kernel 2.6.16`,
/// `Performing 5 runs of`, `make -j 8`, `Warmup run...`, `Half load -j 8
/// run number 1...`), or a blank one. `true` for the lines that start a
/// run of kernbench (the first four kinds) in `.1`.
fn console_line(line: &str) -> Option<bool> {
    let t = line.trim();
    let starts = t.strip_suffix(" cpus found").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        || matches!(t, "Cleaning source tree..." | "Caching kernel source in ram..." | "Making mrproper")
        || t.starts_with("Making defconfig")
        || t.starts_with("No old config found")
        || is_performing_line(t)
        || t.strip_prefix("Kernel ").is_some_and(|k| is_kernel_name(k.trim()));
    if starts {
        return Some(true);
    }
    let make = t == "make" || t.strip_prefix("make -j").is_some_and(|n| n.trim().bytes().all(|b| b.is_ascii_digit()));
    let chatter = t.is_empty()
        || make
        || t == "Warmup run..."
        || t.starts_with("All data logged to ")
        || super::table::run_number(t).is_some();
    chatter.then_some(false)
}

/// The first line (0-based) of kernbench 0.4x's console output that starts
/// a run of kernbench (`16 cpus found`, `Kernel 2.6.16`, `Performing 5 runs
/// of`) among lines `from` to `to`, when there is one.
pub(super) fn console_start(input: &Input, from: usize, to: usize) -> Option<usize> {
    (from..to).find(|&j| console_line(&input.lines[j]) == Some(true))
}

/// The label a person wrote above kernbench 0.4x's console output, when the
/// lines between `from` and the header on line `to` (0-based) end in that
/// output from its start (`16 cpus found` … `Half load -j 8 run number
/// 5...`): the nearest line above them that is no sentence, without its
/// decoration and colon (`***** With percpu_counter:` is `With
/// percpu_counter`; LKML 2006, two console runs on one kernel told apart
/// by these lines only).
fn label_above_console(input: &Input, from: usize, to: usize) -> Option<String> {
    let lines = &input.lines;
    let mut j = to;
    let mut started = false;
    while j > from {
        match console_line(&lines[j - 1]) {
            Some(s) => started |= s,
            None => break,
        }
        j -= 1;
    }
    if !started || j == from {
        return None;
    }
    let t = lines[j - 1].trim();
    let label = t.trim_matches(|c: char| "*#=-_ ".contains(c)).trim_end_matches(':').trim();
    let sentence = label.ends_with(['.', '?', '!']) || label.chars().count() > 60;
    (!label.is_empty() && !sentence && header_name(t).is_none() && column_names(t).is_none()).then(|| label.to_string())
}

/// A line of `===` or `---` underlining the title above it.
fn is_underline(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3 && (t.bytes().all(|b| b == b'=') || t.bytes().all(|b| b == b'-'))
}

/// The text naming the block whose header is on line `to` (0-based), from
/// the lines since the previous block (`from`): a `label:` line or a list
/// item (`- 16 CPUs x86 VM`) directly above the header; else the last of a
/// `# <text>` comment line or an underlined title (`Base` over `====`).
/// Headings of side-by-side columns are no label, and neither is a
/// `Kernel:` line (that is the kernel, release or not).
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
        let text = if kernel_line(t).is_some() || kernel_over_url(t).is_some() {
            // A `Kernel:` line names the kernel, never the set-up.
            continue;
        } else if let Some(c) = t.strip_prefix("# ") {
            c
        } else if lines.get(j + 1).is_some_and(|n| is_underline(n)) && !is_underline(t) {
            t
        } else {
            continue;
        };
        // A title's own colon is no part of its name (`Vanilla 3.9-rc5:`
        // over its dashes, linux-mm 2013-04: the set-up read `Vanilla
        // 3.9-rc5:`, not the `Vanilla 3.9-rc5` a `label:` line gives).
        let text = text.trim().trim_end_matches(':').trim_end();
        if !text.is_empty() {
            found = Some(text.to_string());
        }
    }
    found.or_else(|| label_above_console(input, from, to))
}

/// The name on a `Kernel: <name>` line (any case: `kernel: staircase6.2`).
/// A line of side-by-side columns (`kernel: nikita-b2` then, after a run
/// of spaces, `kernel: patch-2.6.10-rc2`) names no one kernel: `None`
/// ([`side_by_side_kernels`] reads it).
/// Nor does a line naming two kernels one space apart ([`several_kernels`]).
fn kernel_line(line: &str) -> Option<&str> {
    let (head, name) = line.trim().split_once(':')?;
    let name = name.trim();
    let columns = name.contains('\t') || name.contains("  ");
    (head.eq_ignore_ascii_case("kernel") && !name.is_empty() && !columns && !several_kernels(name)).then_some(name)
}

/// A `Kernel:` cell naming two kernels or more (`2.6.3-rc2 2.6.3-rc3-mm1`,
/// `2.6.3-rc2 vs 2.6.3-rc3-mm1`): a summary's header of two columns whose
/// TAB a mail client collapsed to one space (LKML 2004-02, the quoted
/// `> >Kernel: 2.6.3-rc2 2.6.3-rc3-mm1` named all 24 samples below it
/// `2.6.3-rc2 2.6.3-rc3-mm1`; attack62).
fn several_kernels(name: &str) -> bool {
    // Cells apart by a TAB or two spaces are columns ([`side_by_side_kernels`]).
    if name.trim().contains('\t') || name.trim().contains("  ") {
        return false;
    }
    let words = || name.split_whitespace();
    words().filter(|w| kernel_release(w).is_some()).count() >= 2 || words().any(|w| w == "vs" || w == "vs.")
}

/// The last `Kernel:` line between lines `from` and `to` (0-based), when
/// it names several kernels one space apart ([`several_kernels`]): its line
/// (0-based) and its cell, for a note (no kernel is taken from it).
pub(super) fn several_kernels_line(input: &Input, from: usize, to: usize) -> Option<(usize, &str)> {
    // The nearest `Kernel:` line of either kind above `to`.
    let j = (from..to).rev().find(|&j| {
        kernel_line(&input.lines[j]).is_some()
            || input.lines[j]
                .trim()
                .split_once(':')
                .is_some_and(|(h, n)| h.eq_ignore_ascii_case("kernel") && several_kernels(n))
    })?;
    let name = input.lines[j].trim().split_once(':')?.1.trim();
    several_kernels(name).then_some((j, name))
}

/// The kernels of `n` side-by-side columns, from the last line between
/// lines `from` and `to` (0-based) that holds `n` `Kernel: <name>` cells
/// apart by a TAB or two spaces or more (STP's kernbench of two kernels,
/// LKML 2004: `kernel: nikita-b2` … `kernel: patch-2.6.10-rc2` above
/// `Host: stp8-002` … `Host: stp8-003`): that line (0-based) and each
/// column's release (`2.6.10-rc2`), else its name as written.
pub(super) fn side_by_side_kernels(input: &Input, from: usize, to: usize, n: usize) -> Option<(usize, Vec<String>)> {
    side_by_side_cells(input, from, to, n, |c| {
        kernel_line(c).map(|k| kernel_release(k).unwrap_or_else(|| k.to_string()))
    })
}

/// The hosts of `n` side-by-side columns, from the last line between lines
/// `from` and `to` (0-based) that holds `n` `Host: <name>` cells apart by a
/// TAB or two spaces or more (STP's `Host: stp8-002` … `Host: stp8-003`
/// under the columns' `kernel:` cells, LKML 2004: each column ran on its
/// own machine): that line (0-based) and each column's host.
pub(super) fn side_by_side_hosts(input: &Input, from: usize, to: usize, n: usize) -> Option<(usize, Vec<String>)> {
    side_by_side_cells(input, from, to, n, |c| host_line(c).map(str::to_string))
}

/// The last line between lines `from` and `to` (0-based) whose `n` cells,
/// apart by a TAB or two spaces or more, each give a name by `name`: that
/// line and the names.
fn side_by_side_cells(
    input: &Input,
    from: usize,
    to: usize,
    n: usize,
    name: impl Fn(&str) -> Option<String>,
) -> Option<(usize, Vec<String>)> {
    (from..to).rev().find_map(|j| {
        let l = &input.lines[j];
        let cells: Vec<&str> =
            l.split('\t').flat_map(|p| p.split("  ")).map(str::trim).filter(|c| !c.is_empty()).collect();
        let names: Vec<String> = cells.iter().map(|c| name(c)).collect::<Option<_>>()?;
        (names.len() == n).then_some((j, names))
    })
}

/// The machine on a `Host: <name>` line (any case), as OSDL's STP reports
/// print it under `kernel:` and `plmid:` (`Host: stp8-002`): one word. A
/// line of side-by-side cells names no one host: `None`.
fn host_line(line: &str) -> Option<&str> {
    let (head, name) = line.trim().split_once(':')?;
    let name = name.trim();
    let one_word = !name.is_empty() && !name.contains(char::is_whitespace);
    (head.eq_ignore_ascii_case("host") && one_word).then_some(name)
}

/// The host on the last `Host:` line between lines `from` and `to`
/// (0-based), with that line (0-based).
pub(super) fn last_host_line(input: &Input, from: usize, to: usize) -> Option<(usize, &str)> {
    (from..to).rev().find_map(|j| host_line(&input.lines[j]).map(|h| (j, h)))
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

/// The kernel a `<kernel> <address>` line right above the block header on
/// line `to` (0-based) names (`2.6.4-s
/// http://www.osdl.org/projects/kernbench/results/results.2.6.4-s4.2`,
/// LKML 2004: two kernels' blocks under such lines were averaged as runs
/// of one set-up, with no kernel): only when nothing but column headings
/// stands between the two, since `from`. A heading nearer the block
/// (`2.6.4-s4.2 (http://…)`) or a blank line ends its reach: such a line
/// names only the blocks right under it (attack36: its kernel went to
/// every later block and beat the nearer heading).
pub(super) fn kernel_over_url_above(input: &Input, from: usize, to: usize) -> Option<&str> {
    let lines = &input.lines[from..to];
    let j = lines.iter().rposition(|l| column_names(l).is_none())?;
    kernel_over_url(lines[j].trim())
}
