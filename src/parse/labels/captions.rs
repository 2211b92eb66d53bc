//! Captions: a line of prose a person wrote right above a result, or
//! above the code fence it is pasted in, that no label was taken from
//! (too long, a sentence, a colon inside it). A blog post on WSL (2024-11,
//! bonnie++ 2.00a) captioned two reports of one machine `… 第一組
//! 測試存取 ~/temp 目錄的讀寫效能` and `第二組, 一樣 WSL 下，只是測試的目錄是
//! /mnt/c/temp 的讀寫效能`: two directories, averaged as runs of one
//! set-up (Block output 745124 and 51776 K/s, one mean) with no word.
//!
//! Copies of one output still averaged as runs once every other label is
//! applied, each under a caption, two or more of them different, are two
//! set-ups: where each caption holds a path the others do not (`~/temp`,
//! `/mnt/c/temp`), its copies are labelled by it ([`label_by_captions`]);
//! otherwise each caption's line gets a warning that the copies were
//! averaged although captioned differently ([`warn_of_captions`]).
//! Captions that only count runs (`Run 2:`, `again`, `second run`) or
//! differ only in a figure are no set-ups.

use super::{Identity, Merged, command_words, is_rule, is_run_marker, is_tool_chatter};
use crate::lines::SplitWords as _;
use crate::parse::Input;

/// Each line's caption (index *n* for line *n*, `input.lines.len() + 1`
/// long): the nearest line at or above it that reads as one
/// ([`caption_line`]), passing over blank lines, code fences, lines that
/// gave a number (`read`), lines the file holds more than once (a
/// benchmark's banner over each run: aim7's `AIM Multiuser Benchmark -
/// Suite VII Run Beginning`) and lines of columns or without letters (a
/// report's headers: bonnie++'s `Version 2.00a
/// ------Sequential Output------`). Not the lines [`super::output_lines`]
/// calls the benchmark's: it takes every unread line inside a copy for
/// one, and a copy may run across a caption (bonnie++'s file-creation rows
/// of one report with the next report's first rows). Any
/// other line (a command line, a line of prose with figures) ends the
/// caption above it: `None` below it. One pass down the file.
/// Made once a file and shared by [`label_by_captions`] and
/// [`warn_of_captions`] (`read` does not change between them). `None`
/// where no two results can stand under captions that differ: fewer than
/// two forms among the lines that could be one (most files: one caption
/// or none, or lines alike but in a figure), found in one pass that builds
/// no map ([`two_captions`]).
pub(super) fn captions(input: &Input, read: &[bool]) -> Option<Vec<Option<usize>>> {
    if !two_captions(input, read) {
        return None;
    }
    // Whether a line's text alone lets it be a caption: lines of the same
    // text are all such or none, so only those are counted.
    let texts: Vec<&str> = input.lines.iter().map(|l| l.trim()).collect();
    let prose: Vec<bool> = texts
        .iter()
        .map(|t| !(t.is_empty() || is_fence(t) || is_columns(t) || !t.contains(char::is_alphabetic)))
        .collect();
    let mut times: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    for (t, _) in texts.iter().zip(&prose).filter(|(_, p)| **p) {
        *times.entry(t).or_default() += 1;
    }
    let mut caption = vec![None; input.lines.len() + 1];
    for n in 1..=input.lines.len() {
        let t = texts[n - 1];
        let passed = !prose[n - 1] || read.get(n).copied().unwrap_or(false) || times[t] > 1;
        caption[n] = if passed { caption[n - 1] } else { caption_line(t).then_some(n) };
    }
    Some(caption)
}

/// True when two lines could each caption results ([`captions`]) and
/// differ in more than run counts and figures ([`without_counting`]) or in
/// a figure no run word counts ([`setup_figures`]):
/// lines not `read` whose text [`caption_line`] takes and that are no code
/// fence and no line of columns. A caption of [`captions`] is always such
/// a line (it also passes over those the file holds more than once), and
/// [`captioned_groups`] parts or warns of results only under captions of
/// two forms or of one form with other set-up figures, so without two such
/// lines no results stand under captions that differ (`Run 1`, `Run 2`
/// are one form and count no set-up). A line of the first one's text is
/// passed over before its form is made.
fn two_captions(input: &Input, read: &[bool]) -> bool {
    let mut first: Option<(&str, Vec<String>)> = None;
    for (n, l) in input.lines.iter().enumerate() {
        if read.get(n + 1).copied().unwrap_or(false) {
            continue;
        }
        let t = l.trim();
        // `caption_line` asks a letter or figure first: no blank line, no
        // fence, and (more letters than figures) a letter.
        if !t.starts_with(char::is_alphanumeric) || is_columns(t) || !caption_line(t) {
            continue;
        }
        match &first {
            None => first = Some((t, without_counting(t))),
            // Another form, or one form with other set-up figures
            // (`ext4, 4 disks` / `ext4, 8 disks`: warned of by
            // [`captioned_groups`], `by_figures`).
            Some((f, form)) if *f != t && (*form != without_counting(t) || setup_figures(f) != setup_figures(t)) => {
                return true;
            }
            Some(_) => {}
        }
    }
    false
}

/// A code fence's line (```` ``` ````, ```` ```text ````, `~~~`).
fn is_fence(t: &str) -> bool {
    t.starts_with("```") || t.starts_with("~~~")
}

/// A table's header or row: tabs, `|`, or columns set apart by two spaces.
fn is_columns(t: &str) -> bool {
    t.contains('\t') || t.contains('|') || t.contains("  ")
}

/// A line that may caption the output below it: it starts with a letter
/// or figure, holds more letters than figures and is no rule, no
/// benchmark's chatter, no mail's attribution, no shell prompt. (Lines of
/// columns are passed over before this is asked: [`captions`].)
fn caption_line(t: &str) -> bool {
    t.starts_with(char::is_alphanumeric)
        && t.words().count() >= 3
        // A program's own lines: `name=value` fields (fio's `groupid=0`,
        // `total=7655,…`), a syslog tag (`bench[4242]:`), progress dots
        // (Bonnie's `Seeker 1...Seeker 2...start 'em...done`).
        && !t.contains(['=', '[', ']'])
        && !t.contains("...")
        && t.chars().count() <= 200
        && t.chars().filter(|c| c.is_alphabetic()).count() > t.bytes().filter(u8::is_ascii_digit).count()
        && !is_rule(t)
        && !is_tool_chatter(t)
        && !super::is_prompt_line(t)
}

/// Words a caption counts runs or joins by (lower case): captions that
/// differ only in these and in figures are one set-up's runs (`Run 1:` /
/// `Run 2, again:`).
const COUNTING: [&str; 31] = [
    "run", "runs", "try", "pass", "iteration", "round", "again", "rerun", "re-run", "more", "once", "another", "time",
    "one", "two", "three", "four", "five", "first", "second", "third", "fourth", "fifth", "next", "then", "and", "the",
    "a", "same", "repeat", "repeated",
];

/// `t`'s words but figures, ordinals, [`COUNTING`] words and the words of
/// a date or time ([`is_date_word`]), lower case, their punctuation off:
/// what is left when the run's count and when it ran are.
fn without_counting(t: &str) -> Vec<String> {
    let words: Vec<String> = t.words().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()).collect();
    let dated = words.iter().any(|w| is_date_word(w, false));
    // `linux-next 2024-11-05`: the date names the tree's snapshot, a
    // kernel of its own ([`super::names_a_dated_tree`]), and stays.
    let tree_date = |k: usize| k > 0 && super::names_a_dated_tree(&words[k - 1]) && is_date_word(&words[k], false);
    let kept: Vec<bool> = (0..words.len()).map(tree_date).collect();
    words
        .into_iter()
        .zip(kept)
        .filter(|(w, tree_date)| {
            let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            // An ordinal (`2nd`, `3rd`): figures, then letters.
            let ordinal = digits.len() < w.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            *tree_date
                || (!w.is_empty()
                    && !COUNTING.contains(&w.as_str())
                    && !ordinal
                    && !w.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'#')
                    && !is_date_word(w, dated))
        })
        .map(|(w, _)| w)
        .collect()
}

/// Month and weekday names (lower case, full or cut to three letters;
/// not `may`, a word of prose as often), the months' first.
const CALENDAR: [&str; 37] = [
    "jan", "january", "feb", "february", "mar", "march", "apr", "april", "june", "jun", "july", "jul", "aug", "august",
    "sep", "sept", "september", "oct", "october", "nov", "november", "dec", "december", "mon", "monday", "tue",
    "tuesday", "wed", "wednesday", "thu", "thursday", "fri", "friday", "sat", "saturday", "sun", "sunday",
];

/// How many of [`CALENDAR`]'s names are months'.
const MONTHS: usize = 23;

/// A word (lower case, punctuation off) that tells when a run ran, never
/// its set-up (attack50 F7: `Results from 2024-11-05 on the box` / `…
/// 2024-11-06 …` were warned of as set-ups averaged, four times): a date
/// (`2024-11-05`, `2024/11/05`, `05.11.2024`, `11/05/2024`, ISO's
/// `2024-11-05t10:00:00z`), a clock to the second (`10:58:36`), a month's
/// or weekday's name ([`CALENDAR`]), and with `dated` (the caption holds a
/// date) a clock to the minute (`10:58`; alone it may be a mix, `70:30`).
pub(super) fn is_date_word(w: &str, dated: bool) -> bool {
    if CALENDAR.contains(&w) {
        return true;
    }
    let (date, clock) = w.split_once('t').filter(|(d, _)| d.len() >= 8).unwrap_or((w, ""));
    let parts: Vec<&str> = date.split(['-', '/', '.']).collect();
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    let year_first = parts.len() == 3 && parts[0].len() == 4 && parts[1..].iter().all(|p| p.len() <= 2);
    let year_last = parts.len() == 3 && parts[2].len() == 4 && parts[..2].iter().all(|p| p.len() <= 2);
    let is_date = parts.iter().all(|p| digits(p)) && (year_first || year_last);
    let clock_ok = |c: &str| {
        let c = c.trim_end_matches('z');
        let fields: Vec<&str> = c.split(':').collect();
        (2..=3).contains(&fields.len())
            && fields.iter().all(|f| digits(f.split('.').next().unwrap_or("")) && f.len() <= 9)
            && (fields.len() == 3 || dated)
    };
    (is_date && (clock.is_empty() || clock_ok(clock))) || (clock.is_empty() && !is_date && clock_ok(w))
}

/// Words that count a run when a figure follows them (`Run 2`, `pass 3`,
/// `try #2`): the figure is the run's count, no set-up's.
/// Also a process's number (`pid 4242`: another each run).
const RUN_WORDS: [&str; 14] = [
    "run", "runs", "try", "pass", "iteration", "round", "rerun", "re-run", "repeat", "attempt", "trial", "loop", "no",
    "pid",
];

/// The figures of `t` that count no run (lower case, their punctuation
/// off): each word of figures alone (`4`, `5.15`, `1000`) but one after a
/// [`RUN_WORDS`] word or written `#2`. [`without_counting`] leaves all
/// figures out, so `ext4, 4 disks` and `ext4, 8 disks` have one form:
/// these tell such captions apart, set-ups (disks, a kernel's version,
/// `HZ` 250 and 1000), not runs.
fn setup_figures(t: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut after_run_word = false;
    let words: Vec<String> = t.words().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()).collect();
    // A day or year beside a month's name (`Nov 5 2024`, `5 Nov`) dates a
    // run ([`is_date_word`]): no set-up's figure.
    // (Months only: `Sun 4 CPUs` names a machine.)
    let month = |k: usize| words.get(k).is_some_and(|w| CALENDAR[..MONTHS].contains(&w.as_str()));
    let day = |k: usize| words[k].len() <= 2 && (month(k + 1) || (k > 0 && month(k - 1)));
    for (k, raw) in t.words().enumerate() {
        let w = words[k].clone();
        let dated = words[k].bytes().all(|b| b.is_ascii_digit())
            && (day(k) || (k > 0 && (month(k - 1) || day(k - 1) && words[k - 1].bytes().all(|b| b.is_ascii_digit()))));
        if dated || is_date_word(&w, false) {
            after_run_word = false;
            continue;
        }
        let figure = !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        // A set-up's figure is short (`4`, `1000`, `5.15`, `2.6.32`); a
        // count or a measure a program prints in its banner is not
        // (schbench's `(434591 total samples)`, `15.494459`).
        let groups: Vec<&str> = w.split('.').collect();
        let short = groups.iter().all(|g| g.len() <= 4) && (groups.len() != 2 || groups[1].len() <= 2);
        let hashed = raw.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '#').starts_with('#');
        if figure && short && !after_run_word && !hashed {
            out.push(w.trim_end_matches('.').to_string());
        }
        after_run_word = RUN_WORDS.contains(&w.as_str());
    }
    out
}

/// True when the captions' figures ([`setup_figures`], one vector each, in
/// line order) count the copies in order: alike but in one place, which
/// holds 1, 2, 3 … (`1) ext4`, `2) ext4`; `number 1 of 2`, `number 2 of
/// 2`), a numbered run's, no set-up's.
fn counts_in_order(figures: &[Vec<String>]) -> bool {
    let Some(first) = figures.first() else { return false };
    if figures.iter().any(|f| f.len() != first.len()) {
        return false;
    }
    let differing: Vec<usize> = (0..first.len()).filter(|&k| figures.iter().any(|f| f[k] != first[k])).collect();
    let [at] = differing[..] else { return false };
    figures.iter().enumerate().all(|(i, f)| f[at].parse::<usize>().ok() == Some(i + 1))
}

/// The paths `t` names (`~/temp`, `/mnt/c/temp`, `./out`, `/dev/sdb1`), as
/// written, their punctuation (ASCII and CJK) off; not URLs.
fn paths(t: &str) -> Vec<&str> {
    t.words()
        .map(|w| w.trim_matches(|c: char| ",.;:()[]\"'`，。：；（）「」、".contains(c)))
        .filter(|w| {
            (w.starts_with('/') || w.starts_with("~/") || w.starts_with("./"))
                && w.len() > 1
                && !w.contains("://")
                && w.chars().all(|c| !c.is_whitespace())
        })
        .collect()
}

/// A group of copies averaged as runs whose samples' captions differ:
/// each sample's index and caption line (1-based), and the distinct
/// caption lines in line order.
struct Captioned {
    of_sample: Vec<(usize, usize)>,
    lines: Vec<usize>,
    /// Whether the captions differ only in figures that count no run
    /// ([`setup_figures`]): `ext4, 4 disks` / `ext4, 8 disks`. No path
    /// labels them: only warned of.
    by_figures: bool,
}

/// The groups of `merged` whose every sample has a caption ([`captions`]
/// of its line: a copy [`super::copies`] found may run across a caption,
/// bonnie++'s file-creation rows of one report with the next report's
/// first rows) and whose captions are not all alike, nor differ only in
/// run counts ([`without_counting`], [`is_run_marker`]) for any one key,
/// nor are the benchmark's command lines (`name`). `keys`: each sample's
/// line, key hash and identity.
fn captioned_groups(
    input: &Input,
    name: &str,
    merged: &Merged,
    keys: (&[usize], &[u64], &[Identity]),
    caption: &[Option<usize>],
) -> Vec<Captioned> {
    let (at, hashes, ids) = keys;
    let text = |n: usize| input.lines[n - 1].trim();
    let mut group_of = vec![usize::MAX; merged.copies.len()];
    for (g, members) in merged.groups.iter().enumerate() {
        for &k in members {
            group_of[k] = g;
        }
    }
    let mut of_group: Vec<Option<Vec<(usize, usize)>>> = vec![Some(Vec::new()); merged.groups.len()];
    // A group's first sample's quoting depth: a mail's quoted runs and its
    // writer's are parted by [`super::part_quote_depths`], no merge.
    let mut depth: Vec<Option<u8>> = vec![None; merged.groups.len()];
    for (i, &c) in merged.copy_of.iter().enumerate() {
        let Some(&g) = group_of.get(c).filter(|&&g| g != usize::MAX) else { continue };
        let d = input.quote_depth(at[i].saturating_sub(1));
        // Only samples no label line named (a label the lines gave is the
        // labeller's word on them), at one quoting depth.
        if ids[i] != Identity::default() || *depth[g].get_or_insert(d) != d {
            of_group[g] = None;
        }
        let Some(list) = of_group[g].as_mut() else { continue };
        match caption.get(at[i]).copied().flatten() {
            Some(n) => list.push((i, n)),
            None => of_group[g] = None,
        }
    }
    let mut out = Vec::new();
    for of_sample in of_group.into_iter().flatten() {
        // The distinct captions, each at its first line.
        let mut lines: Vec<usize> = of_sample.iter().map(|&(_, n)| n).collect();
        lines.sort_unstable();
        let mut seen = rustc_hash::FxHashSet::default();
        lines.retain(|&n| seen.insert(text(n)));
        if lines.len() < 2 || lines.iter().any(|&n| is_run_marker(text(n)) || command_words(text(n), name).is_some()) {
            continue;
        }
        // Only where one key's samples stand under captions that differ
        // (more than in run counts): captions over other keys' results
        // (schbench's `Wakeup Latencies percentiles …` over its wakeup
        // rows, `RPS percentiles …` over its rps rows) part nothing.
        let forms: Vec<Vec<String>> = lines.iter().map(|&n| without_counting(text(n))).collect();
        let form_of = |n: usize| {
            let c = lines.iter().position(|&m| text(m) == text(n)).unwrap_or(0);
            forms.iter().position(|f| *f == forms[c]).unwrap_or(c)
        };
        let mut first_form: rustc_hash::FxHashMap<(u64, &Identity), usize> = rustc_hash::FxHashMap::default();
        let apart = of_sample.iter().any(|&(i, n)| {
            let f = form_of(n);
            *first_form.entry((hashes[i], &ids[i])).or_insert(f) != f
        });
        // Else captions of one form that differ in a figure no run word
        // counts, for one key (`Results on kernel 5.15` / `… 6.1`: two
        // set-ups averaged without a word before).
        // Not a program's reading, `name: value` (pgbench's `number of
        // transactions actually processed: 14614`, CoreMark's `Total time
        // (secs): 15.494459`), which differs run to run.
        let reading = |n: usize| text(n).trim_end_matches(':').contains(':');
        let by_figures = !apart && !lines.iter().any(|&n| reading(n)) && {
            let figures: Vec<Vec<String>> = lines.iter().map(|&n| setup_figures(text(n))).collect();
            let figures_of = |n: usize| lines.iter().position(|&m| text(m) == text(n)).unwrap_or(0);
            let mut first: rustc_hash::FxHashMap<(u64, &Identity), usize> = rustc_hash::FxHashMap::default();
            !counts_in_order(&figures)
                && of_sample.iter().any(|&(i, n)| {
                    let c = figures_of(n);
                    let f = *first.entry((hashes[i], &ids[i])).or_insert(c);
                    forms[f] == forms[c] && figures[f] != figures[c]
                })
        };
        if !apart && !by_figures {
            continue;
        }
        out.push(Captioned { of_sample, lines, by_figures });
    }
    out
}

/// Labels the samples of `merged`'s groups under different captions (see
/// the module docs) by the path their caption names and no other caption
/// of the group does, where every caption names exactly one such path and
/// no two the same. `keys`: each sample's line and key hash; `read`: the
/// lines that gave a number. Returns whether a label was added.
pub(super) fn label_by_captions(
    input: &Input,
    name: &str,
    merged: &Merged,
    keys: (&[usize], &[u64]),
    caption: &[Option<usize>],
    ids: &mut [Identity],
) -> bool {
    let text = |n: usize| input.lines[n - 1].trim();
    let mut added = false;
    for g in captioned_groups(input, name, merged, (keys.0, keys.1, &*ids), caption) {
        if g.by_figures {
            continue;
        }
        let all: Vec<Vec<&str>> = g.lines.iter().map(|&n| paths(text(n))).collect();
        let own: Vec<Vec<&str>> = all
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.iter().copied().filter(|w| all.iter().enumerate().all(|(j, q)| i == j || !q.contains(w))).collect()
            })
            .collect();
        if own.iter().any(|p| p.len() != 1) {
            continue;
        }
        for &(i, n) in &g.of_sample {
            let Some(c) = g.lines.iter().position(|&m| text(m) == text(n)) else { continue };
            let part = own[c][0];
            ids[i].label = Some(match ids[i].label.take() {
                Some(l) => format!("{l} / {part}"),
                None => part.to_string(),
            });
            added = true;
        }
    }
    added
}

/// Warns, at each caption's line, of samples of `merged`'s groups
/// averaged as runs of one set-up under different captions (see the
/// module docs): never one mean of two captioned set-ups without a word.
/// `keys`: each sample's line, key hash and identity.
pub(super) fn warn_of_captions(
    input: &Input,
    name: &str,
    merged: &Merged,
    keys: (&[usize], &[u64], &[Identity]),
    caption: &[Option<usize>],
    notes: &mut Vec<(usize, String)>,
) {
    let text = |n: usize| input.lines[n - 1].trim();
    let at = keys.0;
    for g in captioned_groups(input, name, merged, keys, caption) {
        for &n in &g.lines {
            let first = g.of_sample.iter().filter(|&&(_, m)| text(m) == text(n)).map(|&(i, _)| at[i]).min();
            let others: Vec<String> =
                g.lines.iter().filter(|&&m| m != n).map(|&m| format!("line {m}: `{}`", text(m))).collect();
            let message = if g.by_figures {
                format!(
                    "the results captioned `{}` (from line {}) were averaged as runs of one set-up with results \
                     captioned alike but for a number ({}): if the number is a set-up's (disks, threads, a kernel's \
                     version), a short label line above each (`4 disks:`, `6.2:`) keeps them apart",
                    text(n),
                    first.unwrap_or(n),
                    others.join("; ")
                )
            } else {
                format!(
                    "the results captioned `{}` (from line {}) were averaged as runs of one set-up with results \
                     captioned otherwise ({}): if they are different set-ups, a short label line above each \
                     (`before:`, `6.2:`) keeps them apart",
                    text(n),
                    first.unwrap_or(n),
                    others.join("; ")
                )
            };
            notes.push((n, message));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_words_are_no_setup() {
        assert_eq!(without_counting("Run 1 (cold cache):"), without_counting("Run 2 (cold cache):"));
        assert_eq!(without_counting("And again, the same:"), without_counting("the same:"));
        assert_ne!(without_counting("Run 1 on ext4"), without_counting("Run 2 on xfs"));
    }

    /// The blog post itself: both directories' reports, labelled apart.
    #[test]
    fn the_wsl_blog_posts_two_directories() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/wild/bonnie_pp/blog-zh-2024-bonnie++200a-wsl-home-vs-mnt-c-suffixed-cells-report-0-files-csv-793.txt"
        );
        let input = Input::from_bytes(&std::fs::read(path).expect("fixture"));
        let mut p = crate::parse::by_id("bonnie++").expect("bonnie++").parse(&input).expect("parsed");
        let read: Vec<bool> = (0..input.lines.len() + 2).map(|n| p.samples.iter().any(|s| s.line == n)).collect();
        let c = captions(&input, &read).expect("two captions");
        assert_eq!((c[7], c[14], c[23], c[30]), (Some(1), Some(1), Some(17), Some(17)));
        super::super::apply(&input, &mut p);
        let label = |line: usize| {
            let s = p.samples.iter().find(|s| s.line == line).expect("a sample");
            s.params.iter().find(|q| q.name == "label").map(|q| q.value.to_string())
        };
        assert_eq!(label(14).as_deref(), Some("~/temp"), "{:?}", p.notes);
        assert_eq!(label(30).as_deref(), Some("/mnt/c/temp"));
    }

    /// Most files whose copies stay averaged have one caption's text or
    /// none: no caption is made (the gate of [`captions`]); two texts that
    /// could caption results, or one passed over as repeated beside
    /// another, make them.
    #[test]
    fn captions_are_made_only_where_two_texts_could_be_one() {
        let made = |text: &str, read: &[usize]| {
            let input = Input::from_text(text);
            let r: Vec<bool> = (0..input.lines.len() + 2).map(|n| read.contains(&n)).collect();
            captions(&input, &r).is_some()
        };
        assert!(!made("Throughput 1\n\nThroughput 2\n", &[1, 3]));
        assert!(!made("The runs on my laptop:\nThroughput 1\n\nThroughput 2\n", &[2, 4]));
        assert!(!made("The runs on my laptop:\nThroughput 1\n\nThe runs on my laptop:\nThroughput 2\n", &[2, 5]));
        assert!(made("The runs on my laptop:\nThroughput 1\n\nThe runs on the server:\nThroughput 2\n", &[2, 5]));
        // Lines alike but in a run's count: one form, no set-up figure.
        assert!(!made("Run 1 on my laptop:\nThroughput 1\n\nRun 2 on my laptop:\nThroughput 2\n", &[2, 5]));
        // Alike but in a figure no run word counts: made, for
        // `captioned_groups` to warn of set-ups told apart by a figure
        // (`4 disks` / `8 disks`) or pass over copies counted in order
        // (dbench's `1 clients started`, `2 clients started`).
        assert!(made("ext4, 4 disks in RAID0\nThroughput 1\n\next4, 8 disks in RAID0\nThroughput 2\n", &[2, 5]));
        assert!(made("1 clients started\nThroughput 1\n\n2 clients started\nThroughput 2\n", &[2, 5]));
        // A read line, a fence, a row of columns: no caption.
        assert!(!made("The runs on my laptop:\n```\nA  B  C\nThroughput 1\n", &[4]));
    }

    /// The fallback: copies under captions that differ but name no path
    /// each (the WSL post's captions, their directories left out) are not
    /// labelled; each caption's line says they were averaged.
    #[test]
    fn captions_naming_no_path_are_warned_of() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/wild/bonnie_pp/blog-zh-2024-bonnie++200a-wsl-home-vs-mnt-c-suffixed-cells-report-0-files-csv-793.txt"
        );
        let text = std::fs::read_to_string(path)
            .expect("fixture")
            .replace(" ~/temp ", " 家目錄 ")
            .replace(" /mnt/c/temp ", " C 槽 ");
        let input = Input::from_text(&text);
        let mut p = crate::parse::by_id("bonnie++").expect("bonnie++").parse(&input).expect("parsed");
        super::super::apply(&input, &mut p);
        assert!(p.samples.iter().all(|s| s.params.iter().all(|q| q.name != "label")), "{:?}", p.notes);
        for (line, other) in [(1, "line 17:"), (17, "line 1:")] {
            assert!(
                p.notes.iter().any(|(l, m)| *l == line
                    && m.contains("were averaged as runs of one set-up with results captioned otherwise")
                    && m.contains(other)),
                "{:?}",
                p.notes
            );
        }
    }

    #[test]
    fn figures_a_run_word_counts_are_no_setup() {
        assert_eq!(setup_figures("Bonnie++ on ext4 with 4 disks in RAID0"), vec!["4"]);
        assert_eq!(setup_figures("Results on kernel 5.15 here."), vec!["5.15"]);
        assert!(setup_figures("Run 2 (cold cache):").is_empty());
        assert!(setup_figures("Try #3 on ext4, pass 2").is_empty());
        assert!(setup_figures("the 2nd run").is_empty());
        assert!(setup_figures("ext4 pid 4242").is_empty());
        assert!(setup_figures("Wakeup Latencies percentiles (usec) (434591 total samples)").is_empty());
        assert_eq!(setup_figures("took 15.494459 s on 2.6.32"), vec!["2.6.32"]);
        assert!(counts_in_order(&[vec!["1".into()], vec!["2".into()], vec!["3".into()]]));
        assert!(!counts_in_order(&[vec!["4".into()], vec!["8".into()]]));
        let of_two = |n: &str| vec![n.to_string(), "2".to_string()];
        assert!(counts_in_order(&[of_two("1"), of_two("2")]));
    }

    /// attack50 F1: the WSL post's two reports under captions that differ
    /// only in a figure (`4 disks` / `8 disks`, a kernel's version) were one
    /// mean with no word; now warned at both captions. Under `Run 1` / `Run
    /// 2` they are runs, said nothing of.
    #[test]
    fn captions_alike_but_for_a_figure_are_warned_of() {
        let notes = |first: &str, second: &str| {
            let (input, mut p) = wsl_post_under(first, second);
            super::super::apply(&input, &mut p);
            p.notes
                .iter()
                .filter(|(_, m)| m.contains("captioned alike but for a number"))
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
        };
        let warned = notes("Bonnie++ on ext4 with 4 disks in RAID0", "Bonnie++ on ext4 with 8 disks in RAID0");
        assert!(warned.contains(&1) && warned.contains(&17), "{warned:?}");
        assert!(!notes("Results on kernel 5.15 here", "Results on kernel 6.1 here").is_empty());
        assert!(notes("Bonnie++ run 1 on ext4 here", "Bonnie++ run 2 on ext4 here").is_empty());
        assert!(notes("Bonnie++ number 1 of 2 on ext4", "Bonnie++ number 2 of 2 on ext4").is_empty());
    }

    /// The WSL bonnie++ post (two reports, lines 1 and 17 their captions)
    /// with `first` and `second` as the captions, and bonnie++'s parse of
    /// it before the labels.
    fn wsl_post_under(first: &str, second: &str) -> (Input, crate::model::ParsedFile) {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/wild/bonnie_pp/blog-zh-2024-bonnie++200a-wsl-home-vs-mnt-c-suffixed-cells-report-0-files-csv-793.txt"
        );
        let text = std::fs::read_to_string(path).expect("fixture");
        let lines: Vec<&str> = text.lines().collect();
        let mut t = vec![first];
        t.extend_from_slice(&lines[1..16]);
        t.push(second);
        t.extend_from_slice(&lines[17..]);
        let input = Input::from_text(&(t.join("\n") + "\n"));
        let p = crate::parse::by_id("bonnie++").expect("bonnie++").parse(&input).expect("parsed");
        (input, p)
    }

    /// The WSL post's two reports under the attacker's captions (attack50
    /// F2, F7): all notes and the labels of the two copies' first rows.
    fn two_reports_under(first: &str, second: &str) -> (Vec<(usize, String)>, Option<String>, Option<String>) {
        let (input, mut p) = wsl_post_under(first, second);
        super::super::apply(&input, &mut p);
        let label = |line: usize| {
            let s = p.samples.iter().find(|s| s.line == line).expect("a sample");
            s.params.iter().find(|q| q.name == "label").map(|q| q.value.to_string())
        };
        let (a, b) = (label(14), label(30));
        (p.notes, a, b)
    }

    /// attack50 F7: captions alike but for a date (`2024-11-05` /
    /// `2024-11-06`) were warned of four times as set-ups averaged; a date
    /// or clock tells when a run ran, no set-up. A figure beside it still
    /// does.
    #[test]
    fn captions_alike_but_for_a_date_are_runs() {
        let averaged = |n: &[(usize, String)]| n.iter().filter(|(_, m)| m.contains("were averaged as runs")).count();
        for (a, b) in [
            ("Results from 2024-11-05 on the box", "Results from 2024-11-06 on the box"),
            ("Results from 05.11.2024 on the box", "Results from 06.11.2024 on the box"),
            ("Results of Nov 5 2024 on the box", "Results of Nov 6 2024 on the box"),
            ("Results at 2024-11-05 10:58 on the box", "Results at 2024-11-06 11:02 on the box"),
            ("Results on Tue 10:58:36 on the box", "Results on Wed 11:02:07 on the box"),
        ] {
            let (notes, x, y) = two_reports_under(a, b);
            assert_eq!((averaged(&notes), x, y), (0, None, None), "{a}: {notes:?}");
        }
        let (notes, _, _) =
            two_reports_under("Results from 2024-11-05 with 4 disks", "Results from 2024-11-06 with 8 disks");
        assert_eq!(averaged(&notes), 2, "{notes:?}");
        // A mix is no clock where no date is.
        assert_ne!(without_counting("read/write mix 70:30"), without_counting("read/write mix 50:50"));
        assert!(setup_figures("Sun 4 CPUs") == vec!["4"]);
    }

    /// attack52: two reports under `linux-next 2024-11-05:` and
    /// `linux-next 2024-11-12:` were averaged as two runs of one set-up
    /// with no word (the dates taken for when each ran, as afix51 had
    /// decided). A linux-next date (or mmotm's) names the tree: two kernels,
    /// kept apart. Dates beside anything else still date runs.
    #[test]
    fn a_linux_next_date_names_the_tree() {
        for (a, b) in [
            ("linux-next 2024-11-05:", "linux-next 2024-11-12:"),
            ("linux-next 20241105:", "linux-next 20241112:"),
            ("mmotm 2024-11-05:", "mmotm 2024-11-12:"),
            ("2024-11-05 linux-next:", "2024-11-12 linux-next:"),
            // attack56 F1: a month and day read as `11 of 12` runs.
            ("linux-next 11/12:", "linux-next 11/19:"),
            ("mmotm 3/4:", "mmotm 3/11:"),
            ("linux-next 12/3:", "linux-next 19/11:"),
        ] {
            let (notes, x, y) = two_reports_under(a, b);
            assert!(x.is_some() && y.is_some() && x != y, "{a}: {x:?} {y:?} {notes:?}");
        }
        // In a longer caption: said, not averaged silently.
        let averaged = |n: &[(usize, String)]| n.iter().filter(|(_, m)| m.contains("were averaged as runs")).count();
        let (notes, x, y) = two_reports_under(
            "Results from linux-next 2024-11-05 on the box",
            "Results from linux-next 2024-11-12 on the box",
        );
        assert!(averaged(&notes) > 0 || (x.is_some() && x != y), "{notes:?} {x:?} {y:?}");
        // Run dates stay runs.
        let (notes, x, y) = two_reports_under("2024-11-05:", "2024-11-12:");
        assert_eq!((averaged(&notes), x, y), (0, None, None), "{notes:?}");
        let (notes, x, y) = two_reports_under("Run on 2024-11-05:", "Run on 2024-11-12:");
        assert_eq!((averaged(&notes), x, y), (0, None, None), "{notes:?}");
        // A run counter beside another name stays one (runs, no label).
        let (notes, x, y) = two_reports_under("ext4 1/2:", "ext4 2/2:");
        assert_eq!((averaged(&notes), x, y), (0, None, None), "{notes:?}");
    }

    /// attack50 F2: `Testing directory ~/temp now` over the first report,
    /// `Run #2: testing directory ~/temp now` (or `…, run #2`) over the
    /// second: the second alone was labelled, two runs of one set-up
    /// split. A run counter in a caption counts a run of it.
    #[test]
    fn a_caption_again_with_a_run_counter_is_a_run() {
        for second in ["Run #2: testing directory ~/temp now", "Testing directory ~/temp now, run #2"] {
            let (notes, x, y) = two_reports_under("Testing directory ~/temp now", second);
            assert_eq!((x, y), (None, None), "{second}: {notes:?}");
            // No word that the two lines above them differ.
            assert!(!notes.iter().any(|(_, m)| m.contains("different text above them")), "{second}: {notes:?}");
        }
        // Another set-up beside the counter is still one.
        let (_, x, y) = two_reports_under("Testing directory ~/temp now", "Run #2: testing directory /mnt/c/temp now");
        assert!(x != y, "{x:?} {y:?}");
    }

    #[test]
    fn paths_of_captions() {
        assert_eq!(paths("第一組 測試存取 ~/temp 目錄的讀寫效能"), vec!["~/temp"]);
        assert_eq!(paths("只是測試的目錄是 /mnt/c/temp 的讀寫效能"), vec!["/mnt/c/temp"]);
        assert_eq!(paths("see https://example.org/x and (/dev/sdb1)."), vec!["/dev/sdb1"]);
    }
}
