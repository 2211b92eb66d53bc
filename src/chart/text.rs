//! Plaintext bar chart for mailing-list posts, in the style of the seed
//! posts:
//!
//! ```text
//! Throughput, bigger is better
//! 2.4.17    ************************* 12.5 MB/sec
//! 2.4.17rat ************************ 12.1 MB/sec
//! ```
//!
//! The first line names the metric drawn ([`crate::report::star_headline`]:
//! the section's `headline:`, else the largest significant change) and its
//! direction; a table with neither gets no chart (it would repeat the table
//! and double its length in the mail). The kernel
//! column is as wide as the longest name (names longer than half the width
//! are shortened in the middle with `...`); each bar is proportional to the
//! absolute value, one scale per block (a block is one set-up: blocks of
//! different set-ups are not compared, and one shared scale shrank a 10 s
//! block to one star beside an 804 s one), and a block's longest bar fills
//! the width left after the widest value text. With more than one block
//! the heading (or, without one, a line of its own) says the bars are to
//! scale only within a block. Negative
//! values are drawn with `-` instead of `*`. A table with parameters gets one
//! block per parameter combination, each under a heading such as
//! `procs 64` (wrapped, never cut, where it is wider than the page); only
//! blocks of two bars or more (one bar compares nothing: the table has
//! it), at most [`crate::report::MAX_BAR_BLOCKS`] of them (the first, the last and
//! the largest significant changes, [`crate::report::bar_blocks`]), with a
//! line saying how many when some are left out. No line is longer than the width, none ends in a space, and
//! only ASCII is added around the names and values the table holds.

use super::{finite, param_label, with_unit};
use crate::report::{SectionView, bar_blocks, star_headline};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// One line: kernel, value, value text with unit.
type Entry = (String, f64, String);

/// The plaintext `*` bar chart of a section's headline metric, at most
/// `width` columns wide.
///
/// Returns `None` when there is nothing to draw: no headline column, no
/// finite value, or a width too small to hold a name, a bar and a value.
pub fn text_bar_chart(section: &SectionView, width: usize) -> Option<String> {
    bar_chart(section, width, None)
}

/// [`text_bar_chart`] with each kernel's change against the baseline and
/// its significance mark after the value ("12.1 MB/s -3.2%"), and no
/// heading line, as the mail draws a one-column table: the bars then
/// carry all the table holds, and stand in for it under its title. With
/// `spread` (`"±"`, or `"+-"` for ASCII; `None` for a brief text), a
/// value averaged over runs carries its spread as the table's cell does
/// ("9.34±0.12 MB/sec -26.3%*"), so the line under the bars can say
/// "± standard deviation" as it does under a table.
pub fn text_bar_chart_with_changes(section: &SectionView, width: usize, spread: Option<&str>) -> Option<String> {
    bar_chart(section, width, Some(spread))
}

/// The bars; with `changes` (the stand-in for a one-column table), each
/// value's change, and its spread after the sign `changes` holds.
fn bar_chart(section: &SectionView, width: usize, changes: Option<Option<&str>>) -> Option<String> {
    let keyed = crate::report::grid::keyed(&section.table);
    let t = &*keyed;
    let col = star_headline(t)?;
    let column = &t.columns[col];
    // Blocks by parameter values, in table order.
    let (shown, total) = bar_blocks(t, col);
    let mut blocks: Vec<(Vec<String>, Vec<Entry>)> = shown.into_iter().map(|p| (p, Vec::new())).collect();
    // Each row in the block of the baseline row it is compared with.
    let keys = crate::report::block_keys(t);
    for (r, key) in t.rows.iter().zip(&keys) {
        let Some(cell) = r.cells.get(col).and_then(Option::as_ref) else { continue };
        let Some(v) = finite(cell.summary.mean) else { continue };
        // The cell's marks as the table shows them after its value
        // (attack45 F9: the bars standing in for a one-column table showed
        // a `^` cell unmarked under the mail's legend for it).
        let mut value = clean(&cell.marked_text());
        // The table's spread, as [`crate::report::grid`] shows it in a cell.
        if let (Some(Some(sign)), Some(sd), true) = (changes, &cell.stddev_text, cell.summary.n > 1) {
            value.push_str(sign);
            value.push_str(&clean(sd));
        }
        let mut text = with_unit(&value, &clean(&column.unit));
        if let Some(pct) = cell.comparison.as_ref().and_then(|c| c.pct_better).filter(|_| changes.is_some()) {
            // The table's own text (a significant `-0.004%`, not `+0.0%`).
            text.push(' ');
            match &cell.delta_text {
                Some(prose) => text.push_str(&crate::report::change_cell_of(prose, pct, column.better, false)),
                None => text.push_str(&crate::report::fmt_change_cell(pct, column.better, false)),
            }
            text.push_str(&cell.mark);
        } else if let Some(prose) = cell.delta_text.as_ref().filter(|_| changes.is_some()) {
            // No percentage where the means have no ratio (a side at or
            // below 0, [`crate::stats::Comparison::no_ratio`]): the grid's
            // own change text ("from 0", "to 0", "+12 ms"), which the bars
            // standing in for the table left out.
            text.push(' ');
            text.push_str(prose);
            text.push_str(&cell.mark);
        }
        // A kernel of another machine carries its mark, as in the tables
        // (attack37 finding 1).
        let other = crate::report::environment::mark_of(&t.marks, &r.kernel)
            .filter(|m| m.mark.contains(crate::report::environment::OTHER_MACHINE_MARK))
            .map_or("", |_| crate::report::environment::OTHER_MACHINE_MARK);
        let entry = (clean(&format!("{}{other}", r.kernel)), v, text);
        if let Some((_, e)) = blocks.iter_mut().find(|(p, _)| p.as_slice() == *key) {
            e.push(entry);
        }
    }
    blocks.retain(|(_, e)| !e.is_empty());
    if blocks.is_empty() || width < 12 {
        return None;
    }
    let all = blocks.iter().flat_map(|(_, e)| e);
    let vw = all.clone().map(|e| e.2.width()).max().unwrap_or(0);
    let longest = all.clone().map(|e| e.0.width()).max().unwrap_or(0);
    // Kernel column: as wide as the longest name, but leave room for a bar.
    let mut kw = longest.min((width / 2).max(6));
    if kw + 2 + vw + 1 > width {
        kw = width.saturating_sub(vw + 3).max(6).min(longest);
    }
    if kw + 2 + vw + 1 > width {
        return None;
    }
    let avail = width - kw - 2 - vw;
    let labels = distinct_labels(blocks.iter().flat_map(|(_, e)| e.iter().map(|e| e.0.as_str())), kw);

    let mut out: Vec<String> = Vec::new();
    let dir = crate::chart::draw::alt_direction(column.better);
    let heading = format!("{}{dir}", clean(&column.name));
    // Standing in for a one-column table, the bars go under the section's
    // title, which names the unit and direction already (as the post:
    // "dbench 64 processes", then the bars).
    // More than one block: their bars do not compare (a scale each); the
    // heading says so where it has room, else a line of its own.
    const PER_BLOCK: &str = "bars to scale within each block";
    let mut per_block = blocks.len() > 1;
    if !heading.trim().is_empty() && changes.is_none() {
        let with = format!("{}; {PER_BLOCK}", heading.trim());
        if per_block && with.width() <= width {
            out.push(with);
            per_block = false;
        } else {
            out.extend(wrapped(heading.trim(), width));
        }
    }
    if blocks.len() < total {
        // How many, not which: each block's heading below names its
        // set-up (the note listing them said every heading twice: 4 lines
        // over pgbench's blocks in a filesystem class's mail).
        let note = format!("({} of {total} set-ups shown; the table has them all)", blocks.len());
        out.extend(wrapped(&note, width));
    }
    let has_params =
        t.param_headers.iter().any(|h| !h.is_empty()) && blocks.iter().any(|(p, _)| p.iter().any(|v| !v.is_empty()));
    if per_block {
        out.extend(wrapped(&format!("({PER_BLOCK})"), width));
    }
    for (params, entries) in &blocks {
        // One scale per block: its set-up's kernels compare, other blocks' do not.
        let max_abs = entries.iter().map(|e| e.1.abs()).fold(0.0, f64::max);
        if has_params {
            if !out.is_empty() {
                out.push(String::new());
            }
            let label = clean(&param_label(&t.param_units, &t.param_headers, params));
            out.extend(wrapped(&label, width));
        }
        for (name, v, text) in entries {
            let name = labels.get(name.as_str()).cloned().unwrap_or_else(|| shorten_middle(name, kw));
            let len = if max_abs > 0.0 {
                let l = (v.abs() / max_abs * avail as f64).round() as usize;
                if *v != 0.0 { l.clamp(1, avail) } else { 0 }
            } else {
                0
            };
            let ch = if *v < 0.0 { "-" } else { "*" };
            let pad = " ".repeat(kw - name.width());
            let line =
                if len == 0 { format!("{name}{pad} {text}") } else { format!("{name}{pad} {} {text}", ch.repeat(len)) };
            out.push(line.trim_end().to_string());
        }
    }
    Some(out.join("\n"))
}

/// Removes control characters (tabs, newlines) and trims.
fn clean(s: &str) -> String {
    s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
}

/// `s` wrapped to `w` columns (textwrap), never cut: a block's heading
/// cut at the width lost its last parameter's value (`latency limit
/// 21...` for a pgbench block of `latency limit 21 ms, rate 1000, …`),
/// which told the block apart from the next. No line for an empty `s`.
fn wrapped(s: &str, w: usize) -> Vec<String> {
    if s.trim().is_empty() {
        // textwrap gives one empty line for "": no line, as `fit` gave.
        return Vec::new();
    }
    let opts = textwrap::Options::new(w.max(1)).word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(s, opts).into_iter().map(|l| l.trim_end().to_string()).collect()
}

/// Each name of `names` shortened to `w` columns ([`shorten_middle`]),
/// told apart where two would read alike: two CI kernels that differ in
/// their date (`6.3.0-rc1-next-20240116-…-from-ci`, `…-20240117-…`) both
/// read `6.3.0-rc1-next-20...n-string-from-ci`, so each such name keeps
/// its head up to where it first differs from the others
/// ([`shorten_from`]).
fn distinct_labels<'a>(names: impl Iterator<Item = &'a str>, w: usize) -> std::collections::HashMap<&'a str, String> {
    let mut names: Vec<&str> = names.collect();
    names.sort_unstable();
    names.dedup();
    let mut labels: std::collections::HashMap<&str, String> =
        names.iter().map(|&n| (n, shorten_middle(n, w))).collect();
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for n in &names {
        *seen.entry(labels[n].as_str()).or_default() += 1;
    }
    let alike: Vec<&str> = names.iter().copied().filter(|n| seen[labels[n].as_str()] > 1).collect();
    for &n in &alike {
        // Where `n` first differs from the most alike of the others.
        let from = alike
            .iter()
            .filter(|&&o| o != n)
            .map(|o| n.chars().zip(o.chars()).take_while(|(a, b)| a == b).count())
            .max()
            .unwrap_or(0);
        labels.insert(n, shorten_from(n, w, from));
    }
    labels
}

/// Shortens `s` to `w` columns keeping its character `from` (where it
/// differs from a name it would otherwise read like): its head up to
/// that character and its tail (`6.3.0-rc1-next-20240116...-from-ci`), or,
/// when that head is too long, its first characters and the part from
/// just before `from` (`6.3....20240116-00042-...`).
fn shorten_from(s: &str, w: usize, from: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    let width = |cs: &[char]| cs.iter().map(|c| c.width().unwrap_or(0)).sum::<usize>();
    if width(&chars) <= w || w < 12 {
        return shorten_middle(s, w);
    }
    let head_n = (from + 1).min(chars.len());
    if width(&chars[..head_n]) + 3 + 4 <= w {
        let mut tail_n = 0;
        while tail_n < chars.len() - head_n
            && width(&chars[..head_n]) + 3 + width(&chars[chars.len() - tail_n - 1..]) <= w
        {
            tail_n += 1;
        }
        let head: String = chars[..head_n].iter().collect();
        let tail: String = chars[chars.len() - tail_n..].iter().collect();
        return format!("{head}...{tail}");
    }
    let lead: String = chars[..4].iter().collect();
    let start = from.saturating_sub(2).max(4);
    let mut window = String::new();
    for &c in &chars[start..] {
        if width(&chars[..4]) + 3 + window.width() + c.width().unwrap_or(0) + 3 > w {
            break;
        }
        window.push(c);
    }
    format!("{lead}...{window}...")
}

/// Shortens `s` to `w` columns by replacing its middle with `...`, so both
/// the release and the patch suffix of a kernel name stay.
fn shorten_middle(s: &str, w: usize) -> String {
    if s.width() <= w {
        return s.to_string();
    }
    if w <= 3 {
        return ".".repeat(w);
    }
    let budget = w - 3;
    let (head_w, tail_w) = (budget.div_ceil(2), budget / 2);
    let mut head = String::new();
    for c in s.chars() {
        if head.width() + c.width().unwrap_or(0) > head_w {
            break;
        }
        head.push(c);
    }
    let mut tail: Vec<char> = Vec::new();
    let mut tw = 0;
    for c in s.chars().rev() {
        let cw = c.width().unwrap_or(0);
        if tw + cw > tail_w {
            break;
        }
        tw += cw;
        tail.push(c);
    }
    tail.reverse();
    format!("{head}...{}", tail.into_iter().collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two long CI names that differ in their date keep it in the bars.
    #[test]
    fn names_alike_once_shortened_are_told_apart() {
        let a = "6.3.0-rc1-next-20240116-00042-g1a2b3c4d5e6f-dirty-with-a-very-long-localversion-string-from-ci";
        let b = "6.3.0-rc1-next-20240117-00042-g1a2b3c4d5e6f-dirty-with-a-very-long-localversion-string-from-ci";
        let labels = distinct_labels([a, b, "6.1"].into_iter(), 36);
        assert_eq!(labels[a], "6.3.0-rc1-next-20240116...ng-from-ci");
        assert_eq!(labels[b], "6.3.0-rc1-next-20240117...ng-from-ci");
        assert_eq!(labels["6.1"], "6.1");
        // Alike for longer than the room: the part where they differ.
        let labels = distinct_labels([a, b].into_iter(), 16);
        assert_eq!((labels[a].as_str(), labels[b].as_str()), ("6.3....116-00...", "6.3....117-00..."));
        assert!(labels.values().all(|l| l.width() <= 16));
    }

    #[test]
    fn middle_shortening_fits() {
        let s = shorten_middle("2.4.19-pre10-aa1-with-a-long-suffix-17", 20);
        assert_eq!(s.width(), 20);
        assert_eq!(s, "2.4.19-pr...uffix-17");
        assert_eq!(shorten_middle("2.4.17", 20), "2.4.17");
    }

    #[test]
    fn wrapping_keeps_every_word() {
        let label = "latency limit 21 ms, rate 1000, scale 100, clients 16";
        let lines = wrapped(label, 20);
        assert_eq!(lines.join(" "), label, "every word kept");
        assert!(lines.len() == 3 && lines.iter().all(|l| l.width() <= 20), "{lines:?}");
        assert!(wrapped("", 20).is_empty());
        assert_eq!(wrapped("abc", 8), ["abc"]);
    }
}
