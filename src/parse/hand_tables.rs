//! Tables a person typed into a mail, one row or one column per kernel,
//! that no parser reads: Randy Hron's LKML posts of 2002 (`LMbench 2.0p2
//! average of 9 runs` over `2.4.18-rc2       0.72  3.10  4.78 …`, a
//! UnixBench comparison under `Unixbench-4.2.0  2.4.18rc2aa2  2.4.18-rc2
//! …`, dbench's star bars `2.4.18-rc2-jam1  *****  14.9  MB/sec`), a
//! tab-separated lmbench summary under `2.5.54mm2`/`2.5.54` columns, a dbench list
//! `TEST8  8.4, 8.3, 9.2 MB/sec`. The rest of such a file was read, so it
//! drew no "unrecognised" warning, and whole tables were left out without
//! a word (wild30: 129 LMbench figures of one post).
//!
//! [`unread_tables`] finds them among the lines no parser read, and says
//! so: a warning naming the table's lines and kernels, never a guess at
//! its numbers. A table whose rows name no kernel (`dd500/ext2  - 9.14
//! 2.33  19.03  2.50` under a heading line, two machines side by side) is
//! named too, by its rows' labels; so is one of figures only under the
//! kernel it ran on (`2.6.4 http://khack.osdl.org/stp/290460/` over `#
//! Processes | Ave Time(sec)` and `20 \t\t1.85`), by that kernel. Among
//! rows naming kernels, a row naming a patched kernel no release names
//! (`2.4.17rmap11c`) is the table's too: the warning covers the whole
//! table and names every kernel in it.

use super::Input;
use super::num;
use crate::lines::SplitWords as _;

/// A word that names a kernel: a release (`2.4.18-rc2`, `2.4.18rc2aa2`,
/// `2.5.54mm2`, `2.5.68`; not `6.1` alone) or a name the file's parsers read as a kernel (`TEST8`,
/// Bonnie's machine column), with a `:` after it or none.
fn kernel_word(word: &str, known: &[&str]) -> bool {
    let w = word.trim_end_matches(':');
    // A figure of one dot (`1.095`, `5.00`) is no kernel's name here: a
    // latency histogram's rows start so.
    let figure = w.bytes().all(|b| b.is_ascii_digit() || b == b'.') && w.matches('.').count() < 2;
    !w.is_empty() && ((super::labels::is_kernel_name(w) && !figure) || known.contains(&w))
}

/// A word that is a figure: a number, with a unit or `%` glued to it
/// (`384624k`, `5.72%`, `14.9`), or a comma after it (`8.4,`); also, as
/// a person types them, a range or an about with a unit glued on
/// (`10-11MB/s`, `~19MB/s`, `1.5-2MB/sec`: an SGI Bonnie mail's lmdd and
/// dbench summaries, skipped without a word).
fn figure(word: &str) -> bool {
    let plain = |w: &str| {
        w.starts_with(|c: char| c.is_ascii_digit()) && w.chars().filter(char::is_ascii_digit).count() * 2 >= w.len()
    };
    let w = word.strip_prefix('~').unwrap_or(word);
    plain(word) || rough_figure(w) || typed_duration(w)
}

/// A time a person typed in minutes and seconds with the units glued
/// on (`~1m.40s`, `~2m.15s`, `2m00s`, `1m30.5s`): Phy Prabab's build
/// times of ten kernels, LKML 2004-05 (`2.4.22         : ~1m.40s`),
/// quoted under a reply whose GNU time records were read; the ten
/// timings were passed over without a word, as `1m.40s` made no figure.
fn typed_duration(w: &str) -> bool {
    let Some((minutes, rest)) = w.split_once('m') else {
        return false;
    };
    let seconds = rest.strip_prefix('.').unwrap_or(rest).strip_suffix('s');
    !minutes.is_empty()
        && minutes.bytes().all(|b| b.is_ascii_digit())
        && seconds.is_some_and(|s| s.starts_with(|c: char| c.is_ascii_digit()) && num::decimals(s).is_some())
}

/// A cell a person's table holds where a test gave no figure: `na`,
/// `n/a`, `N/A` (Randy Hron's bonnie++ create table, LKML 2003-12: six
/// `na` cells a row under `Read`, which bonnie++ 1.02 does not time; its
/// seven kernel rows counted as prose, and the table was left out without
/// a word below the I/O table's warning).
fn no_figure_cell(w: &str) -> bool {
    ["na", "n/a"].iter().any(|n| w.eq_ignore_ascii_case(n))
}

/// A mark a program or a person sets between or after a row's figures
/// that is no cell of its own: `+/-` (or `±`) between a mean and its
/// deviation, and a lone run of `*` flagging the better of two kernels.
/// Con Kolivas' interbench letters (LKML 2006-03, 2.6.16-ck1 against
/// 2.6.16-mm1: `Burn  0.019 +/- 0.0201  0.056 *  100  100 *`): such a
/// row held three words besides its figures, so was no row, and six of
/// the eight interbench tables (and the last row of a seventh) went
/// unnamed beside the two a warning named.
pub(crate) fn mark_cell(w: &str) -> bool {
    w == "+/-" || w == "±" || (!w.is_empty() && w.bytes().all(|b| b == b'*'))
}

/// `10-11MB/s`, `19MB/s`, `6-7`: a number or a range of two, then a unit
/// of letters, `/` and `%` (or none).
fn rough_figure(w: &str) -> bool {
    let end = w.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')).unwrap_or(w.len());
    let (num, unit) = w.split_at(end);
    let number =
        |n: &str| n.starts_with(|c: char| c.is_ascii_digit()) && !n.ends_with('.') && num::decimals(n).is_some();
    let range = match num.split_once('-') {
        Some((a, b)) => number(a) && number(b),
        None => number(num),
    };
    range && unit.chars().all(|c| c.is_ascii_alphabetic() || c == '/' || c == '%')
}

/// A row of a hand table: a kernel's name first, then one figure or more
/// and at most three other words (units), star bars, dashes (a range typed
/// spaced out, `2.5 - 3.5 MB/s`, or a cell of no figure) and cells of no
/// figure ([`no_figure_cell`]) aside; the kernel's name, or `None`. The
/// spaced ranges of an SGI linux-mm post of 2000 (`TEST8-1MQ       2.5 -
/// 3.5 MB/s   14.5 - 17.7 MB/sec` under `lmdd (across blocksizes 1K to
/// 1024K)`) counted their dashes as words, and the table was left out
/// without a word.
fn kernel_row<'a>(line: &'a str, known: &[&str]) -> Option<&'a str> {
    let mut words = line.words().peekable();
    let mut first = words.next()?;
    // A distribution's tag of two to four capitals before the kernel
    // (`RH 2.4.20-13-7 : ~1m.10s` over `2.4.22  : ~1m.40s`, Phy
    // Prabab's build times, LKML 2004-05: the row was taken for the
    // table's title).
    let tag = (2..=4).contains(&first.len()) && first.bytes().all(|b| b.is_ascii_uppercase());
    if tag && !kernel_word(first, known) && words.peek().is_some_and(|w| kernel_word(w, known)) {
        first = words.next()?;
    }
    if !kernel_word(first, known) {
        return None;
    }
    let (mut figures, mut others) = (0, 0);
    for w in words {
        if figure(w) {
            figures += 1;
        } else if !w.chars().all(|c| c == '*' || c == '-') && !no_figure_cell(w) {
            others += 1;
        }
    }
    (figures >= 1 && others <= 3).then(|| first.trim_end_matches(':'))
}

/// A row of a hand comparison naming its kernel in brackets after the
/// test's name, then the figure (LKML 2003, UnixBench 4.1.0 2.5.54mm2 vs
/// 2.5.54: `File Copy 1024 bufsize 2000 maxblocks[2.5.54mm2]
/// 66095.0KBps`): the kernel's name, or `None`. At most three words
/// after the brackets, one figure or more among them.
fn bracketed_kernel_row<'a>(line: &'a str, known: &[&str]) -> Option<&'a str> {
    let open = line.rfind('[')?;
    let close = open + line[open..].find(']')?;
    let name = line[open + 1..close].trim();
    if !kernel_word(name, known) || line[..open].trim().is_empty() {
        return None;
    }
    let after: Vec<&str> = line[close + 1..].words().collect();
    let figures = after.iter().filter(|w| figure(w)).count();
    (figures >= 1 && after.len() <= 3).then_some(name)
}

/// A heading naming a kernel per column: two kernel names or more, and
/// nothing else but one title word or phrase before them (`Unixbench-4.2.0
/// 2.4.18rc2aa2  2.4.18-rc2  2.4.18-rc2-jam1`, or the kernels alone, tab-separated);
/// the kernels, or `None`.
fn kernel_heading<'a>(line: &'a str, known: &[&str]) -> Option<Vec<&'a str>> {
    let words: Vec<&str> = line.words().collect();
    let kernels = words.iter().rev().take_while(|w| kernel_word(w, known)).count();
    (kernels >= 2 && words.len() - kernels <= 1).then(|| words[words.len() - kernels..].to_vec())
}

/// A word heading a column of one set-up of a comparison: `before`,
/// `after`, `base`, `patched`, `vanilla`, … or one of them joined to more
/// (`base+revert_f3dd3f674555`, `base+this_patch`, `tip+patch`).
pub(crate) fn setup_word(word: &str) -> bool {
    const WORDS: [&str; 16] = [
        "before", "after", "base", "baseline", "patched", "unpatched", "patch", "vanilla", "orig", "original",
        "revert", "reverted", "tip", "mainline", "default", "tuned",
    ];
    let w = word.trim_end_matches(':').to_ascii_lowercase();
    let stem = w.split(['+', '-', '_']).next().unwrap_or("");
    WORDS.contains(&stem) && (stem.len() == w.len() || w.len() > stem.len() + 1)
}

/// A heading naming a set-up per column (wild31 file 16, LKML 2022:
/// `Latency percentiles (usec)             before         after` over
/// schbench's rows, `before        after` over UnixBench's; wild30 file
/// 11: `base      base+revert_f3dd3f674555   base+this_patch`): two
/// set-up words or more ([`setup_word`]) last, after at most six words of
/// a title and no figure; or a set-up word and the names of what it is
/// compared with alone ([`named_setups`]: `baseline  sis_short`), its
/// title then empty (`Some("")`: the line has none). The set-ups and the
/// title, or `None`.
fn setup_heading(line: &str) -> Option<(Vec<&str>, Option<String>)> {
    // A last column of the change between the set-ups (`Vanilla\t\tPatched
    // \t\tChange`, LKML 2025, wild35a file 10: a vm-scalability table left
    // out without a word) heads no set-up: the ones before it are the
    // table's.
    let line = line
        .trim_end()
        .rsplit_once(char::is_whitespace)
        .filter(|(_, last)| change_word(last))
        .map_or(line, |(before, _)| before.trim_end());
    if line.contains('\t')
        && let Some(found) = tab_setup_heading(line)
    {
        return Some(found);
    }
    let words: Vec<&str> = line.words().collect();
    let setups = words.iter().rev().take_while(|w| setup_word(w)).count();
    let title = &words[..words.len() - setups];
    if setups < 2 && named_setups(&words) {
        // No title: the line is the columns' names alone.
        return Some((words, Some(String::new())));
    }
    if setups < 2 || title.len() > 6 || title.iter().any(|w| figure(w)) {
        return None;
    }
    let title = (!title.is_empty()).then(|| title.join(" ").trim_end_matches(':').to_string());
    Some((words[words.len() - setups..].to_vec(), title))
}

/// A heading of a set-up word and the name of what it is compared with
/// (Chen Yu's SIS_SHORT/SIS_CURRENT letters, LKML 2023: `baseline
/// sis_short` over a Redis table typed by hand, `SET  115 ms  116 ms`,
/// its four figures left out without a word, archive45 R4): the line is
/// two to four words alone, the first a set-up word ([`setup_word`]), each
/// other one a set-up word or a name as a feature or patch is spelled, not
/// as prose is (`sis_short`, `SIS_CURRENT`, `patch+v2`, `v8`: an `_` or `+`
/// in it, a digit, or upper case letters only).
fn named_setups(words: &[&str]) -> bool {
    let name = |w: &str| {
        let w = w.trim_end_matches(':');
        w.len() >= 2
            && !figure(w)
            && w.chars().all(|c| c.is_ascii_alphanumeric() || "_+-.".contains(c))
            && (w.contains(['_', '+'])
                || w.bytes().any(|b| b.is_ascii_digit())
                || w.chars().all(|c| c.is_ascii_uppercase() || c == '-'))
    };
    (2..=4).contains(&words.len()) && setup_word(words[0]) && words[1..].iter().all(|w| setup_word(w) || name(w))
}

/// A column heading of the change from one set-up to the next: `Change`,
/// `%change`, `diff`, `delta`, `gain`, `improvement` (any case).
fn change_word(word: &str) -> bool {
    let w = word.trim_end_matches(':').trim_start_matches('%').to_ascii_lowercase();
    matches!(w.as_str(), "change" | "diff" | "difference" | "delta" | "gain" | "improvement")
}

/// A tab-separated heading naming a set-up per column, a column of more
/// than one word among them (LKML 2022-11, wild33 file 14: `Latency
/// percentiles (usec)\t\tBase\t\tBase + Patch` over schbench's rows, its
/// 14 figures left out unsaid): two set-up columns or more last, each of
/// set-up words ([`setup_word`]) joined by `+`, after at most one title
/// column of at most six words and no figure. The set-ups and the title,
/// or `None`.
fn tab_setup_heading(line: &str) -> Option<(Vec<&str>, Option<String>)> {
    let cols: Vec<&str> = line.split('\t').map(str::trim).filter(|c| !c.is_empty()).collect();
    let setup_col = |c: &&&str| {
        let words: Vec<&str> = c.words().collect();
        words.iter().any(|w| setup_word(w)) && words.iter().all(|w| setup_word(w) || *w == "+")
    };
    let setups = cols.iter().rev().take_while(setup_col).count();
    let title = &cols[..cols.len() - setups];
    let title_words: Vec<&str> = title.iter().flat_map(|c| c.words()).collect();
    if setups < 2 || title.len() > 1 || title_words.len() > 6 || title_words.iter().any(|w| figure(w)) {
        return None;
    }
    let title = title.first().map(|t| t.trim_end_matches(':').to_string());
    Some((cols[cols.len() - setups..].to_vec(), title))
}

/// Rows of two figures or more (a column per kernel).
fn figures_row(line: &str) -> bool {
    line.words().filter(|w| figure(w)).count() >= 2
}

/// The title of a table: the first line above its rows that is no rule
/// (`DBENCH (48 clients)` between `-----` rules).
/// A sentence of prose there (`Here are the unixbench result for kernel
/// 2.5.54mm2. Kernel 2.5.54mm2`, its full stop inside or at its end) is
/// no title: `None`.
fn title_of(above: &[&str]) -> Option<String> {
    let first = above.iter().find(|l| !l.chars().all(|c| matches!(c, '-' | '=' | '~' | ' ')))?;
    let sentence = first.ends_with(['.', '!', '?']) || first.contains(". ");
    (!sentence).then(|| first.to_string())
}

/// `text` with each run of TABs shown as two spaces (`dbench 192
/// processes\t\tAverage\t\tHigh\t\tLow`, a title over columns): a warning
/// shows no TAB, which a terminal or a page shows as anything.
fn without_tabs(text: &str) -> String {
    if !text.contains('\t') {
        return text.to_string();
    }
    text.split('\t').map(str::trim).filter(|c| !c.is_empty()).collect::<Vec<_>>().join("  ")
}

/// A word that may name a kernel a person patched, in a table whose other
/// rows name kernels: a release of three numbers or more with letters and
/// figures glued to it (`2.4.17rmap11a`, `2.4.17rmap11c`: Rik van Riel's
/// rmap patches, named so beside `2.4.18pre4aa1` in Randy Hron's dbench
/// tables, LKML 2002; not `2.4GHz`, `1.5x`, `2.4.18`).
fn patched_kernel_word(word: &str) -> bool {
    let w = word.trim_end_matches(':');
    let at = w.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(w.len());
    let (version, rest) = w.split_at(at);
    let numbers: Vec<&str> = version.split('.').collect();
    numbers.len() >= 3
        && numbers.iter().all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        && numbers[0].parse::<u32>().is_ok_and(|m| (1..=9).contains(&m))
        && rest.starts_with(|c: char| c.is_ascii_alphabetic())
        && rest.chars().all(|c| c.is_ascii_alphanumeric() || "-_.+~".contains(c))
}

/// A table under the kernel it ran on (wild36b file 10, LKML 2004:
/// hackbench's means typed under `2.6.4 http://khack.osdl.org/stp/290460/`
/// and `# Processes | Ave Time(sec)`, rows `20 \t\t1.85`, ten figures left
/// out without a word): in the paragraph `lines[start..=end]`, a first
/// line naming a kernel (alone, or before the address of its results),
/// at most one heading line of no figure, then two rows or more, each of
/// two figures or more and nothing else, to the paragraph's end. The
/// kernel and the heading.
fn table_under_kernel<'a>(
    lines: &[&'a str],
    start: usize,
    end: usize,
    known: &[&str],
) -> Option<(&'a str, Option<&'a str>)> {
    let first = lines[start];
    let alone = !first.contains(char::is_whitespace) && kernel_word(first, known);
    let kernel = super::aim7::kernel_over_url(first).or(alone.then_some(first.trim_end_matches(':')))?;
    let row = |k: usize| {
        let words: Vec<&str> = lines[k].words().collect();
        words.len() >= 2 && words.iter().all(|w| figure(w))
    };
    let heading = (start < end && !row(start + 1)).then(|| lines[start + 1]);
    if heading.is_some_and(|h| h.words().any(figure)) {
        return None;
    }
    let rows = start + 1 + usize::from(heading.is_some());
    (end > rows && (rows..=end).all(row)).then_some((kernel, heading))
}

/// lmbench's summary column header, `Host                 OS  Mhz null
/// null …` (the first two words `Host` and `OS`, then at least two more):
/// the line under every table title `make summary` prints.
fn lmbench_header(line: &str) -> bool {
    let mut words = line.words();
    words.next() == Some("Host") && words.next() == Some("OS") && words.count() >= 2
}

/// Rows of an lmbench summary table (`with wrmsr Linux 2.5.54 2.410 3.5600
/// …`) a blank line under its column header, the rule between them and the
/// title above gone (Linus quoting Andi Kleen, LKML 2003-01: two rows of
/// figures, their hosts of two words, passed over without a word): first
/// and last row (0-based) and each row's words before its figures.
fn lmbench_rows_under_header(lines: &[&str], start: usize, end: usize) -> Option<(usize, usize, Vec<String>)> {
    let header = (start.saturating_sub(4)..start).rev().find(|&k| lmbench_header(lines[k]))?;
    // Between the header and the rows: its second line, rules, blanks.
    let between_ok = (header + 1..start).all(|k| {
        lines[k].is_empty()
            || lines[k].bytes().all(|b| matches!(b, b'-' | b' '))
            || lines[k].words().all(|w| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '/'))
                && !lines[k].words().any(figure)
    });
    if !between_ok {
        return None;
    }
    let mut labels = Vec::new();
    for line in &lines[start..=end] {
        let words: Vec<&str> = line.words().collect();
        let first_figure = words.iter().rposition(|w| !figure(w)).map_or(0, |p| p + 1);
        if first_figure == 0 || words.len() - first_figure < 3 {
            return None;
        }
        labels.push(words[..first_figure].join(" "));
    }
    Some((start, end, labels))
}

/// True when the paragraph above line `start` (0-based; blank lines
/// between) has a line a parser read (`lines`: `input`'s, trimmed).
fn paragraph_above_read(input: &Input, lines: &[&str], start: usize, is_read: impl Fn(usize) -> bool) -> bool {
    let Some(last) = (0..start).rev().find(|&k| !lines[k].is_empty()) else { return false };
    let (first, _) = input.paragraph_at(last);
    (first..=last).any(is_read)
}

/// The warnings for the hand tables among `input`'s lines that no parser
/// read (`read`: the lines a number was read from, ascending; `known`: the
/// kernels the parsers read, to know `TEST8` for one): each block of
/// paragraphs whose rows name kernels (two rows or more), or a heading of
/// kernel columns over rows of figures, once, at its first line: its
/// lines, its kernels, the title above it. Paragraphs with a line read are
/// a parser's, and passed over.
pub fn unread_tables(input: &Input, read: &[usize], known: &[&str]) -> Vec<(usize, String)> {
    let lines: Vec<&str> = input.lines.iter().map(|l| l.trim()).collect();
    let n = lines.len();
    let is_read = |i: usize| read.binary_search(&(i + 1)).is_ok();
    // Each table found: first and last line (0-based), kernels (or set-ups,
    // when the last is true), titles (none, or each of the tables run
    // together under it).
    type Found = (usize, usize, Vec<String>, Vec<String>, bool);
    let mut tables: Vec<Found> = Vec::new();
    // Each table of rows naming no kernel found ([`label_table`]): first
    // and last line (0-based), the rows' labels.
    let mut labelled: Vec<(usize, usize, Vec<String>)> = Vec::new();
    // Each table of rows naming benchmarks found ([`benchmark_table`]).
    let mut columned: Vec<(usize, usize, Vec<String>)> = Vec::new();
    // Each table of `label:` rows under a heading of column names found
    // ([`colon_table`]): first and last row (0-based), labels, columns,
    // title.
    let mut colon: Vec<ColonTable> = Vec::new();
    // (Each table of figures under TAB-separated column names: [`tab_table`].)
    let mut benchmarks: Vec<(usize, usize, Vec<String>)> = Vec::new();
    // Each lmbench summary table under its title and header that no parser
    // read ([`lmbench_titled_table`]): first and last line, title.
    let mut titled: Vec<(usize, usize, String)> = Vec::new();
    // The first line of the last table found under its kernel
    // ([`table_under_kernel`]), which the next kernel's may go on.
    let mut under_kernel: Option<usize> = None;
    let mut i = 0;
    while i < n {
        if lines[i].is_empty() {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        while end + 1 < n && !lines[end + 1].is_empty() {
            end += 1;
        }
        i = end + 1;
        if (start..=end).any(is_read) {
            continue;
        }
        // cyclictest's `-h` histogram (`# Histogram`, then a bucket and a
        // count per thread on each row) parted by a blank line from the
        // footer read above it (TI's performance guide, am574x-idk:
        // wildmod61): bucket counts, no results; its run is read.
        if lines[start] == "# Histogram" && paragraph_above_read(input, &lines, start, is_read) {
            continue;
        }
        // A titled table whose rows a re-wrap broke; one whose rows read
        // as lmbench prints them under its header (one is enough) is named
        // with its rows' labels below (bjzhang's list-numbered title).
        if let Some(found) = lmbench_titled_table(&lines, start, end)
            && !(found.0..=found.1).any(is_read)
            && !(found.0 + 1..=found.1).any(|k| lmbench_rows_under_header(&lines, k, k).is_some())
        {
            i = i.max(found.1 + 1);
            titled.push(found);
            continue;
        }
        if let Some(found) = lmbench_rows_under_header(&lines, start, end) {
            labelled.push(found);
            continue;
        }
        // A heading of kernel columns over rows of figures below it (in
        // this paragraph or the next ones, before a blank-ended prose).
        let heading = |k: usize| {
            kernel_heading(lines[k], known)
                .map(|ks| (ks, None, false))
                .or_else(|| setup_heading(lines[k]).map(|(ss, title)| (ss, title, true)))
        };
        if let Some((h, (kernels, own_title, setups))) = (start..=end).find_map(|k| heading(k).map(|x| (k, x))) {
            let mut last = None;
            let mut k = h + 1;
            // Until two blank lines, a line read, prose, rows of another
            // form (a kernel's name first) or the next table's heading; a
            // table of set-up columns until its first blank line (under it,
            // `schbench -m 2 -t 8` over the next machine's table holds two
            // figures too).
            while k < n && k <= h + 40 && !is_read(k) {
                let two_blank = lines[k].is_empty() && lines.get(k + 1).is_some_and(|l| l.is_empty());
                if two_blank
                    || (setups && lines[k].is_empty())
                    || kernel_row(lines[k], known).is_some()
                    || lines[k].words().count() > 12
                    || heading(k).is_some()
                {
                    break;
                }
                if figures_row(lines[k]) {
                    last = Some(k);
                }
                k += 1;
            }
            if let Some(last) = last {
                // A heading of names alone ([`named_setups`]) says it has
                // no title (an empty one): the prose above it is none.
                let title = own_title.or_else(|| title_of(&lines[start..h])).filter(|t| !t.is_empty());
                let kernels = kernels.iter().map(|k| k.to_string()).collect();
                tables.push((h, last, kernels, title.into_iter().collect(), setups));
                while i < n && i <= last {
                    i += 1;
                }
                continue;
            }
        }
        if let Some((kernel, heading)) = table_under_kernel(&lines, start, end, known) {
            // The next kernel's table under the same heading (blank lines
            // between): one block.
            match tables.last_mut() {
                Some(prev)
                    if under_kernel == Some(prev.0)
                        && (prev.1 + 1..start).all(|k| lines[k].is_empty())
                        && prev.3.iter().map(String::as_str).eq(heading) =>
                {
                    prev.1 = end;
                    if !prev.2.iter().any(|k| k == kernel) {
                        prev.2.push(kernel.to_string());
                    }
                }
                _ => {
                    under_kernel = Some(start);
                    let titles = heading.map(str::to_string).into_iter().collect();
                    tables.push((start, end, vec![kernel.to_string()], titles, false));
                }
            }
            continue;
        }
        if let Some(found) = benchmark_table(&lines, start, end) {
            benchmarks.push(found);
            continue;
        }
        if let Some((first, last, columns)) = tab_table(&input.lines[start..=end]) {
            columned.push((start + first, start + last, columns));
            continue;
        }
        if let Some((first, last, columns)) = figures_table(&lines, start, end) {
            columned.push((first, last, columns));
            continue;
        }
        let rows_naming = |known: &[&str]| -> Vec<(usize, &str)> {
            (start..=end)
                .filter_map(|k| {
                    kernel_row(lines[k], known).or_else(|| bracketed_kernel_row(lines[k], known)).map(|name| (k, name))
                })
                .collect()
        };
        let mut rows = rows_naming(known);
        // Among rows naming kernels, a row naming a patched kernel
        // (`2.4.17rmap11c`) is one of them: the warning named rows 26-31 of
        // a table over 26-34, and no kernel posted twice (wild36b file 17).
        if rows.len() >= 2 {
            let patched: Vec<&str> = (start..=end)
                .filter_map(|k| lines[k].words().next())
                .filter(|w| patched_kernel_word(w))
                .map(|w| w.trim_end_matches(':'))
                .collect();
            if !patched.is_empty() {
                let more: Vec<&str> = known.iter().copied().chain(patched).collect();
                rows = rows_naming(&more);
            }
        }
        if rows.len() < 2 {
            if let Some(found) = pipe_table(&lines, start, end) {
                colon.push(found);
                continue;
            }
            if let Some(found) = colon_table(&lines, start, end) {
                colon.push(found);
                continue;
            }
            if let Some((first, last, names, numbered)) = label_table(&lines, start, end, known) {
                // The same table on after blank lines (`dbench1/…` rows, a
                // blank line, `dbench4/…` rows): one block.
                match labelled.last_mut() {
                    Some(prev) if first == start && (prev.1 + 1..start).all(|k| lines[k].is_empty()) => {
                        prev.1 = last;
                        prev.2.extend(names);
                    }
                    // Numbered rows need no heading: `1 add_double …` to
                    // `59 pipe_cpy …` are a table by their numbers.
                    _ if first > start || numbered => labelled.push((first, last, names)),
                    _ => {}
                }
            } else if let Some(found) = clock_list(&lines, start, end) {
                labelled.push(found);
            } else if let Some(found) = sized_table(&lines, start, end) {
                labelled.push(found);
            }
            continue;
        }
        let mut kernels: Vec<String> = Vec::new();
        for (_, k) in &rows {
            if !kernels.iter().any(|x| x == k) {
                kernels.push(k.to_string());
            }
        }
        // The paragraph's other lines that start with one of the rows'
        // kernels and hold figures are the table's too, however many words
        // between (`2.4.22-pre5 total io 2683.087 MB, 428.000 seconds 6.269
        // MB/s` over the rows `2.4.22-pre5 writes: 2683.087 MB, 6.269 MB/s`,
        // LKML 2003: the warning named only the rows below).
        let of_table = |k: usize| {
            let mut words = lines[k].words();
            words.next().is_some_and(|w| kernels.iter().any(|x| x == w.trim_end_matches(':'))) && words.any(figure)
        };
        let rows: Vec<(usize, &str)> =
            match ((start..=end).find(|&k| of_table(k)), (start..=end).rfind(|&k| of_table(k))) {
                (Some(a), Some(b)) => {
                    let mut r = rows;
                    if a < r[0].0 {
                        r.insert(0, (a, ""));
                    }
                    if b > r[r.len() - 1].0 {
                        r.push((b, ""));
                    }
                    r
                }
                _ => rows,
            };
        let first = rows[0].0;
        let title = title_of(&lines[start..first]);
        // A table right under the last one (blank lines between): one block.
        if let Some(prev) = tables.last_mut()
            && prev.1 < first
            && (prev.1 + 1..start).all(|k| lines[k].is_empty())
            && prev.2 == kernels
        {
            prev.1 = rows[rows.len() - 1].0;
            // Each table's own title is named (Con Kolivas' compile times
            // under `No Load`, `Memory Load`, `IO Load` and `Process Load`,
            // LKML 2002-09: one warning over the four said `under `No
            // Load`` alone).
            if let Some(own) = title
                && !prev.3.is_empty()
                && !prev.3.contains(&own)
            {
                prev.3.push(own);
            }
            continue;
        }
        tables.push((first, rows[rows.len() - 1].0, kernels, title.into_iter().collect(), false));
    }
    let labelled = labelled.into_iter().map(|(a, b, names)| {
        let more = if names.len() > 3 { format!(", … ({} rows)", names.len()) } else { String::new() };
        let shown: Vec<String> = names.iter().take(3).map(|l| format!("`{l}`")).collect();
        // lmbench's column header (`Host  OS  Mhz null null …`) right above
        // the rows, its title line gone (a reply cut it with `> > ...`,
        // LKML 2005): the lmbench parser finds its tables by their titles,
        // so that is why the rows were not read.
        if let Some(h) = (a.saturating_sub(4)..a).rev().find(|&k| lmbench_header(lines[k])) {
            // A title line is there but was not read as one (`3.  Context
            // switching - times in microseconds - smaller is better`: a
            // list's number before it, bjzhang's notes of 2017).
            if let Some(t) = (h.saturating_sub(3)..h)
                .rev()
                .find(|&k| lines[k].ends_with("smaller is better") || lines[k].ends_with("bigger is better"))
            {
                // A title the lmbench parser reads: it found the table and
                // its warnings say why the rows were not read.
                if super::lmbench::is_summary_title(lines[t]) {
                    return (
                        a + 1,
                        format!(
                            "lines {}-{}: an lmbench summary table (rows {}{more}) under its title (line {}) and column header (line {}) was not read (see the lmbench parser's warnings for this file)",
                            a + 1,
                            b + 1,
                            shown.join(", "),
                            t + 1,
                            h + 1
                        ),
                    );
                }
                return (
                    a + 1,
                    format!(
                        "lines {}-{}: an lmbench summary table (rows {}{more}) under its column header (line {}) and a title line lmbench's parser does not read as one (line {}: words before the title, or indented?), was not read: lmbench's tables are found by their titles",
                        a + 1,
                        b + 1,
                        shown.join(", "),
                        h + 1,
                        t + 1
                    ),
                );
            }
            return (
                a + 1,
                format!(
                    "lines {}-{}: an lmbench summary table (rows {}{more}) under its column header (line {}) but without its title line (`Processor, Processes - times in microseconds - smaller is better` or the like, cut from the file?), was not read: lmbench's tables are found by their titles",
                    a + 1,
                    b + 1,
                    shown.join(", "),
                    h + 1
                ),
            );
        }
        (
            a + 1,
            format!(
                "lines {}-{}: a table (rows {}{more}), typed by hand or of a program no parser reads, was not read",
                a + 1,
                b + 1,
                shown.join(", ")
            ),
        )
    });
    let mut out: Vec<(usize, String)> = tables
        .into_iter()
        .map(|(a, b, kernels, titles, setups)| {
            // Tables run together under one warning: four titles shown, or
            // three and their count.
            let under = if titles.is_empty() {
                String::new()
            } else {
                let shown = if titles.len() > 4 { 3 } else { titles.len() };
                let more =
                    if shown < titles.len() { format!(", … ({} titles)", titles.len()) } else { String::new() };
                format!(" under `{}`{more}", without_tabs(&titles[..shown].join("`, `")))
            };
            let naming = if setups { "with a column per set-up" } else { "naming kernels" };
            (
                a + 1,
                format!(
                    "lines {}-{}: a table typed by hand {naming} ({}){under} was not read (no parser reads \
                     this form)",
                    a + 1,
                    b + 1,
                    kernels.join(", ")
                ),
            )
        })
        .collect();
    out.extend(labelled);
    out.extend(colon.into_iter().map(|(a, b, labels, columns, title)| {
        let shown = |names: &[String]| names.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", ");
        let under = title.map(|t| format!(" under `{}`", without_tabs(&t))).unwrap_or_default();
        // A table with `|` between its cells may have no heading.
        let columns = if columns.is_empty() { String::new() } else { format!("; columns {}", shown(&columns)) };
        // `hand-rows` reads this form where it can file every figure; why
        // it did not read this one (rows of cases, no benchmark named …).
        let why = super::hand_rows::why_not_read(input, a + 1)
            .map_or_else(|| " (no parser reads this form)".to_string(), |why| format!(": {why}"));
        (
            a + 1,
            format!(
                "lines {}-{}: a table typed by hand (rows {}{columns}){under} was not read{why}",
                a + 1,
                b + 1,
                shown(&labels),
            ),
        )
    }));
    out.extend(columned.into_iter().map(|(a, b, columns)| {
        let shown: Vec<String> = columns.iter().map(|c| format!("`{c}`")).collect();
        (
            a + 1,
            format!(
                "lines {}-{}: a table typed by hand (columns {}) was not read (no parser reads this form)",
                a + 1,
                b + 1,
                shown.join(", ")
            ),
        )
    }));
    out.extend(benchmarks.into_iter().map(|(a, b, names)| {
        let more = if names.len() > 3 { format!(", … ({} rows)", names.len()) } else { String::new() };
        let shown: Vec<String> = names.iter().take(3).map(|l| format!("`{l}`")).collect();
        (
            a + 1,
            format!(
                "lines {}-{}: a table typed by hand of benchmarks' figures (rows {}{more}) was not read: no parser \
                 reads a summary a person made, only the benchmarks' own output",
                a + 1,
                b + 1,
                shown.join(", ")
            ),
        )
    }));
    out.extend(titled.into_iter().map(|(a, b, title)| {
        (
            a + 1,
            format!(
                "lines {}-{}: an lmbench summary table under `{}` was not read: its rows or header do not \
                 read as lmbench prints them (broken over lines by a mail's re-wrap?)",
                a + 1,
                b + 1,
                without_tabs(&title)
            ),
        )
    }));
    out.sort_by_key(|(line, _)| *line);
    out
}

/// The result lines of a program benchsite has no parser for, printed
/// beside a benchmark it reads (Dieter Nützel's LKML mail of 2002-04: a
/// `do_tests` run's x11perf lines, `3000 reps @   2.2644 msec (   442.0/sec):
/// Scroll 500x500 pixels`, and latencytest's `fragment latency = 1.451247
/// ms`, `1MS num_time_samples=63551 … factor=96.324212`, about 24 and 40
/// figures a run, under dbench results that were read): the program's name
/// for the kind of line.
fn program_line(t: &str) -> Option<&'static str> {
    let mut w = t.words();
    let x11perf = w.next().is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        && matches!(w.next(), Some("reps" | "trep"))
        && w.next() == Some("@")
        && t.contains(" msec (")
        && t.contains("/sec): ");
    if x11perf {
        return Some("x11perf");
    }
    let latency =
        ["fragment latency = ", "cpu latency = "].iter().any(|p| t.strip_prefix(p).is_some_and(|r| r.ends_with(" ms")));
    let samples = t.split_once("MS num_time_samples=").is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()));
    (latency || samples).then_some("latencytest")
}

/// Warnings for [`program_line`]s no parser read: each run of them (one
/// program's, fewer than ten other lines apart) once, at its first line,
/// with its lines and how many there are. They were passed over without a
/// word beside the results read.
///
/// `read`: the lines a figure was read from or a note names (1-based,
/// ascending), not a segment's whole span: the lines sit inside the span
/// of the benchmark read around them.
pub fn unread_program_lines(input: &Input, read: &[usize]) -> Vec<(usize, String)> {
    let lines: Vec<&str> = input.lines.iter().map(|l| l.trim()).collect();
    let is_read = |i: usize| read.binary_search(&(i + 1)).is_ok();
    let mut runs: Vec<(&str, usize, usize, usize)> = Vec::new();
    for (i, t) in lines.iter().enumerate() {
        let Some(program) = program_line(t).filter(|_| !is_read(i)) else { continue };
        match runs.last_mut() {
            Some((p, _, last, count)) if *p == program && i - *last <= 10 => {
                *last = i;
                *count += 1;
            }
            _ => runs.push((program, i, i, 1)),
        }
    }
    runs.into_iter()
        .filter(|r| r.3 >= 2)
        .map(|(program, a, b, count)| {
            (
                a + 1,
                format!(
                    "lines {}-{}: {count} {program} result lines (`{}`) were not read: benchsite has no parser \
                     for {program}",
                    a + 1,
                    b + 1,
                    lines[a]
                ),
            )
        })
        .collect()
}

/// An lmbench summary table's title (`Processor, Processes - times in
/// microseconds - smaller is better`) in the paragraph `lines[start..=end]`
/// over its `Host OS …` header, none of it read: a mail re-wrapped at 72
/// columns broke its header and rows (linux-mm 2009-01, `> > localhost
/// Linux 2.6.28D   1678 0.26 … 2.30` / `129. 494. 2172`), the lmbench
/// parser found no table, and 44 figures were lost without a word. The
/// title's and the table's last line (0-based: the header's paragraph's
/// last) and the title.
fn lmbench_titled_table(lines: &[&str], start: usize, end: usize) -> Option<(usize, usize, String)> {
    let title = (start..=end).find(|&k| {
        let t = lines[k];
        (t.ends_with("smaller is better") || t.ends_with("bigger is better"))
            && ["microseconds", "nanoseconds", "milliseconds", "MB/s"].iter().any(|u| t.contains(u))
    })?;
    // The header a few lines below (a blank line between: a quoted rule
    // re-wrapped leaves `> >` alone on a line), the table to the blank
    // line under it.
    let header = (title + 1..lines.len().min(title + 6)).find(|&k| lmbench_header(lines[k]))?;
    let last = (header..lines.len()).take_while(|&k| !lines[k].is_empty()).last().unwrap_or(header);
    Some((title, last.max(end), lines[title].to_string()))
}

/// A table [`colon_table`] found: its first and last row (0-based), the
/// rows' labels, the columns' names and the title above it.
type ColonTable = (usize, usize, Vec<String>, Vec<String>, Option<String>);

/// A table of rows each labelled by a word with a `:` glued to it, under
/// a heading of the columns' names (Yu Zhao's multi-gen LRU patches, LKML
/// 2022: `IOPS         BW` over `5.17-rc2: 2242k        8759MiB/s` and
/// `patch1-5: 3321k        12.7GiB/s`, under `fio (buffered I/O): +[47,
/// 49]%`; each such letter's 4 to 16 figures were only "unrecognised
/// file", or "only fio's command line", named at no line): in the
/// paragraph `lines[start..=end]`, a heading of two to eight words, no
/// figure and none ending in `:`, then two rows or more right under it to
/// the paragraph's end, each a label ending in `:` (a kernel's name, or
/// a letter in it and no figure) then as many figures as the heading
/// names columns, nothing else. The first and last row (0-based), the
/// rows' labels, the columns and the title right above the heading.
fn colon_table(lines: &[&str], start: usize, end: usize) -> Option<ColonTable> {
    let row = |k: usize, columns: usize| {
        let words: Vec<&str> = lines[k].words().collect();
        let label = words.first()?.strip_suffix(':')?;
        let ok = words.len() == columns + 1
            // `5.17-rc2` reads as a figure (more digits than letters).
            && (kernel_word(label, &[]) || (!figure(label) && label.chars().any(char::is_alphabetic)))
            && words[1..].iter().all(|w| figure(w));
        ok.then_some(label)
    };
    let heading = (start..end).find(|&k| {
        let words: Vec<&str> = lines[k].words().collect();
        (2..=8).contains(&words.len())
            && words.iter().all(|w| !figure(w) && !w.ends_with(':'))
            && row(k + 1, words.len()).is_some()
    })?;
    let columns: Vec<String> = lines[heading].words().map(str::to_string).collect();
    let labels: Vec<String> =
        (heading + 1..=end).map(|k| row(k, columns.len()).map(str::to_string)).collect::<Option<_>>()?;
    if labels.len() < 2 {
        return None;
    }
    // The line right above the heading (`fio (buffered I/O): +[47, 49]%`),
    // not the paragraph's first (`Server benchmark results:`).
    let title = (heading > start).then(|| title_of(&lines[heading - 1..heading])).flatten();
    Some((heading + 1, end, labels, columns, title))
}

/// A table a person typed with `|` between its cells, each row a label
/// then one figure a cell (Yufen Yu's fio comparison under two dbench
/// runs, linux-raid 2020-05: `4KB randwrite |     15MB/s        |
/// 100MB/s` between `+-----+` rules, under `| STRIPE_SIZE(64KB) |
/// STRIPE_SIZE(4KB)`: its four figures passed over without a word): in
/// the paragraph `lines[start..=end]`, two rows or more, each (its outer
/// `|` trimmed) one to three cells of words, one with a letter, none a
/// figure (`4KB randwrite`; `R9 | scratch as stack | U54_1`, a set-up
/// named over three cells), then two cells or more of one figure each (a unit
/// after it or not: `13.1 Gbit/sec`); every other line a rule (`-`, `=`,
/// `+`, `|`, blanks, and a Markdown rule's `:` only) or a heading of
/// `|`-separated names, no figure among them. The first line of the table
/// and its last row (0-based), the rows' labels, the columns' names (the
/// last heading's) and the title above the table in the paragraph.
fn pipe_table(lines: &[&str], start: usize, end: usize) -> Option<ColonTable> {
    // Most paragraphs have no `|` at all.
    if !(start..=end).any(|k| lines[k].contains('|')) {
        return None;
    }
    let cells = |k: usize| -> Vec<&str> { lines[k].trim_matches('|').split('|').map(str::trim).collect() };
    let row = |k: usize| -> Option<String> {
        if !lines[k].contains('|') {
            return None;
        }
        let mut c = cells(k);
        // Ingo Molnar's form (linux-mm 2012-12, perf bench numa over four
        // kernels): `numa01-bw-thread   :   5.834| 20.338: 248.6%| … |
        // GB/sec`, the label and the first figure in one cell set apart by
        // a colon, each other figure with its change after a colon, the
        // unit in a cell of its own at the end. Its 24 figures were passed
        // over without a word.
        if let Some((label, fig)) = c.first().and_then(|c0| c0.split_once(" :").or_else(|| c0.split_once(": ")))
            && figure(fig.trim())
            && label.chars().any(char::is_alphabetic)
        {
            let (label, fig) = (label.trim(), fig.trim());
            c.splice(0..1, [label, fig]);
            if c.len() > 3
                && c.last().is_some_and(|u| {
                    !u.is_empty() && u.len() <= 12 && !u.contains(' ') && !u.bytes().any(|b| b.is_ascii_digit())
                })
            {
                c.pop();
            }
        }
        // A figure, its unit after it or not (`13.1 Gbit/sec`), or a figure
        // and its change after a colon (`20.338: 248.6%`).
        let one_figure = |c: &&str| {
            let mut words = c.words();
            let first = words.next();
            let changed = first.and_then(|w| w.strip_suffix(':')).is_some_and(figure);
            (first.is_some_and(figure) || changed)
                && words.next().is_none_or(|u| if changed { figure(u) } else { !u.bytes().any(|b| b.is_ascii_digit()) })
                && words.next().is_none()
        };
        // The label: the first cell however it reads (`4KB randwrite`, a
        // figure and a word), and up to two more before the first figure
        // (`R9 | scratch as stack | U54_1` before `1874 | 3.12`: a
        // PolarFire CoreMark README's summary of set-ups, its 28 figures
        // passed over without a word).
        let at = 1 + c.get(1..)?.iter().position(one_figure)?;
        let (label, rest) = c.split_at(at);
        let label = label.join(" / ");
        (at <= 3
            && rest.len() >= 2
            && c[0].chars().any(char::is_alphabetic)
            && c[..at].iter().all(|l| !figure(l))
            && rest.iter().all(one_figure))
        .then_some(label)
    };
    let rule = |k: usize| {
        let l = lines[k];
        !l.is_empty()
            && l.contains(['-', '=', '+'])
            && l.chars().all(|c| matches!(c, '-' | '=' | '+' | '|' | ':' | ' '))
    };
    let heading = |k: usize| -> Option<Vec<String>> {
        if !lines[k].contains('|') {
            return None;
        }
        // (`[test unit]   :   v3.7`: the label column's name and the first
        // kernel's, set apart by a colon as the rows' label and figure are.)
        let names: Vec<String> = cells(k)
            .into_iter()
            .flat_map(|c| match c.split_once(" :") {
                Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => vec![a.trim(), b.trim()],
                _ => vec![c],
            })
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect();
        (names.len() >= 2 && names.iter().all(|c| !c.words().any(figure))).then_some(names)
    };
    let rows: Vec<(usize, String)> = (start..=end).filter_map(|k| row(k).map(|l| (k, l))).collect();
    let (first_row, last_row) = (rows.first()?.0, rows.last()?.0);
    if rows.len() < 2 {
        return None;
    }
    // The table's lines: from the first rule or heading above its rows.
    let mut top = first_row;
    while top > start && (rule(top - 1) || heading(top - 1).is_some()) {
        top -= 1;
    }
    let mut columns: Option<Vec<String>> = None;
    for k in top..=last_row {
        if row(k).is_some() || rule(k) {
            continue;
        }
        match heading(k) {
            Some(names) if k < first_row => columns = Some(names),
            _ => return None,
        }
    }
    let title = (top > start).then(|| title_of(&lines[start..top])).flatten();
    Some((top, last_row, rows.into_iter().map(|r| r.1).collect(), columns.unwrap_or_default(), title))
}

/// The benchmarks a person may name at the start of a table's row
/// (lower case, as typed), whose own output parsers here read.
pub(crate) const BENCHMARK_NAMES: [&str; 28] = [
    "perf bench",
    "hackbench",
    "schbench",
    "stress-ng",
    "sysbench",
    "fio",
    "netperf",
    "iperf3",
    "iperf",
    "redis-benchmark",
    "pgbench",
    "will-it-scale",
    "dbench",
    "tbench",
    "kernbench",
    "unixbench",
    "lmbench",
    "stream",
    "tiobench",
    "bonnie++",
    "bonnie",
    "aim7",
    "aim9",
    "reaim",
    "memtier",
    "ycsb",
    "coremark",
    "fs_mark",
];

/// A table a person typed whose rows each name a benchmark and give its
/// figures (`| perf bench sched pipe † | 1.60 µs | 1.54 µs | +4% |`, a
/// Markdown table of a kernel build's README, 2026; `perf bench sched
/// messaging   1.65 s   1.45 s` aligned): in the paragraph
/// `lines[start..=end]`, two rows or more whose first cell (a Markdown
/// row's, or the words before the first of two figures or more set apart
/// by runs of blanks, no more other words than figures) starts with one of
/// [`BENCHMARK_NAMES`] followed by a blank or the cell's end, then a
/// figure or more. Before, such a file was only "unrecognised", its
/// figures not named. The first and last row (0-based) and the rows' names.
fn benchmark_table(lines: &[&str], start: usize, end: usize) -> Option<(usize, usize, Vec<String>)> {
    let row = |k: usize| -> Option<String> {
        let t = lines[k];
        // The row's name starts the line (or its first cell): one whose
        // first letter starts no benchmark's name is none, and its words
        // are not split and tested as figures (an ASCII letter lower-cases
        // to itself; any other is left to the test below).
        let head = t.trim_start_matches('|').trim_start();
        if head.chars().next().is_none_or(|c| {
            c.is_ascii() && !BENCHMARK_NAMES.iter().any(|b| b.as_bytes()[0] == c.to_ascii_lowercase() as u8)
        }) {
            return None;
        }
        let (name, rest): (String, Vec<&str>) = if t.starts_with('|') {
            let mut cells = t.trim_matches('|').split('|');
            let name = cells.next()?.trim().to_string();
            (name, cells.flat_map(str::split_whitespace).collect())
        } else {
            // Aligned: columns set apart by runs of blanks, two figures or
            // more after the name, no more other words (units) than figures.
            let words: Vec<&str> = t.words().collect();
            let at = words.iter().position(|w| figure(w))?;
            let figures = words[at..].iter().filter(|w| figure(w)).count();
            // One figure after a label ending in `:`, alone at the line's
            // end (`bonnie++ write:    18.7Mb/sec`, a 2001 LKML summary of
            // dbench and bonnie++ runs: its bonnie++ rows were left out of
            // the warning that named the dbench ones).
            // The figure set apart by a run of blanks, as in a column (a
            // program's `stress-ng: info:  [2012] skipped: 0` is none).
            let spaced = t.trim_end().strip_suffix(words[at]).is_some_and(|l| l.ends_with("  ") || l.ends_with('\t'));
            let one = figures == 1 && at > 0 && words[at - 1].ends_with(':') && words.len() == at + 1 && spaced;
            if !(t.contains("  ") || t.contains('\t')) || (figures < 2 && !one) || words.len() - at - figures > figures
            {
                return None;
            }
            (words[..at].join(" "), words[at..].to_vec())
        };
        let lower = name.to_lowercase();
        let named = BENCHMARK_NAMES
            .iter()
            .any(|b| lower.strip_prefix(b).is_some_and(|after| after.is_empty() || after.starts_with([' ', ',', ':'])));
        (named && rest.iter().any(|w| figure(w))).then_some(name)
    };
    let rows: Vec<(usize, String)> = (start..=end).filter_map(|k| row(k).map(|n| (k, n))).collect();
    if rows.len() < 2 {
        return None;
    }
    let (mut first, mut last) = (rows[0].0, rows[rows.len() - 1].0);
    // A Markdown table is named whole, its header and other rows with it.
    if lines[first].starts_with('|') {
        while first > start && lines[first - 1].starts_with('|') {
            first -= 1;
        }
        while last < end && lines[last + 1].starts_with('|') {
            last += 1;
        }
    }
    Some((first, last, rows.into_iter().map(|r| r.1).collect()))
}

/// A table a person typed with TABs, column names over rows of figures
/// only (`threads\t\tfiles/s\t\tIOPS\t\tlog aggregation` over `  4\t\t24000
/// \t\t25000\t\t 35:1`, Dave Chinner's fs_mark summary under his fs_mark
/// tables, linux-mm 2015: passed over without a word): in the paragraph
/// `lines`, a heading of three TAB-separated columns or more, no figure
/// among them, then two rows or more, every line to the paragraph's end,
/// each of as many TAB-separated cells, each a figure or a ratio (`35:1`).
/// The heading's and last row's index in `lines`, and the column names.
fn tab_table(lines: &[String]) -> Option<(usize, usize, Vec<String>)> {
    let cells = |l: &str| -> Vec<String> {
        l.split('\t').map(str::trim).filter(|c| !c.is_empty()).map(str::to_string).collect()
    };
    let h = lines.iter().position(|l| l.contains('\t'))?;
    let heading = cells(&lines[h]);
    if heading.len() < 3 || heading.iter().any(|c| c.words().any(figure)) {
        return None;
    }
    let ratio = |c: &str| c.split_once(':').is_some_and(|(a, b)| figure(a) && figure(b));
    let rows = &lines[h + 1..];
    let ok = rows.len() >= 2
        && rows.iter().all(|r| {
            let c = cells(r);
            r.contains('\t') && c.len() == heading.len() && c.iter().all(|c| figure(c) || ratio(c))
        });
    ok.then(|| (h, lines.len() - 1, heading))
}

/// A table of figures a person typed under a heading of its columns'
/// names, each row starting with two figures (Sebastian Andrzej Siewior's
/// futex hash mail, LKML 2024-10: `buckets op/sec` over `      4
/// 21665.66\t+ ~136%`, 3-run means of the raw runs below, passed over
/// without a word): in the paragraph `lines[start..=end]`, a first line
/// of two to eight words, none a figure, then four lines or more, each
/// starting with a figure, three in four of them or more with two (an
/// aside may stand between: `1868129.33 (global hash, 65536 hash)`). The heading's and the
/// last row's index, and the heading's words.
fn figures_table(lines: &[&str], start: usize, end: usize) -> Option<(usize, usize, Vec<String>)> {
    let heading: Vec<&str> = lines[start].words().collect();
    if !(2..=8).contains(&heading.len())
        || heading.iter().any(|w| figure(w))
        || !heading.iter().any(|w| w.chars().any(char::is_alphabetic))
        || lines[start].ends_with(['.', ':', ',', '!', '?'])
        || end < start + 4
    {
        return None;
    }
    let row = |k: usize| {
        let mut words = lines[k].words();
        words.next().is_some_and(|w| num::plain(w).is_some()) && words.next().is_some_and(|w| num::plain(w).is_some())
    };
    // Every line under the heading starts with a figure: a program's
    // second heading line (vmstat's `r  b  w   swpd   free …` under `procs
    // memory …`, a monitor's output, no result) makes no such table.
    let leads = |k: usize| lines[k].words().next().is_some_and(|w| num::plain(w).is_some());
    let rows = (start + 1..=end).filter(|&k| row(k)).count();
    let last = (start + 1..=end).rfind(|&k| row(k))?;
    ((start + 1..=end).all(leads) && rows * 4 >= (end - start) * 3)
        .then(|| (start, last, heading.iter().map(|w| w.to_string()).collect()))
}

/// A table a person typed whose rows name no kernel (`dbench1/ext2    -
/// 5.87   1.43    63.7256        5.93   1.54    63.79`, two machines' columns
/// side by side, LKML 2005: 48 figures left out without a word): in the
/// paragraph `lines[start..=end]`, two rows or more of a label (a word with
/// a letter, no kernel's name) then three figures or more and at most one
/// other word (`-`), under a heading line of two words or more and no
/// figure (a table going on after a blank line has none: `start` is then
/// its first row). A row may start with its number and end with its
/// unit's words (AIM9's `1 add_double  1096039.60 1096039.60  0.00  0.00%
/// Thousand Double Precision Additions/second`). The first and last row
/// (0-based), the rows' labels, and whether every row is numbered (such
/// a table needs no heading over it).
fn label_table(lines: &[&str], start: usize, end: usize, known: &[&str]) -> Option<(usize, usize, Vec<String>, bool)> {
    let row = |k: usize| {
        let mut words: Vec<&str> = lines[k].words().collect();
        // `1 add_double   1096039.60 1096039.60   0.00  0.00% Thousand
        // Double Precision Additions/second`: AIM9's test number before
        // its name, the test's unit after the figures (a person's table of
        // two reports side by side, linux-mm 2007, wild34 file 18: 116
        // figures passed over without a word).
        let numbered = words.len() > 1 && words[0].len() <= 3 && words[0].bytes().all(|b| b.is_ascii_digit());
        if numbered {
            words.remove(0);
        }
        // A label of two to four words before a `:` of its own (`orig
        // disabled : 12.269  22.339 …`, James Morris's SELinux tables,
        // LKML 2004-08: three tables, 60 figures, left out without a word).
        let colon = if numbered { None } else { words.iter().position(|w| *w == ":") };
        // A label of three or four words and then figures only (`and with
        // requested change  22:23  378662  198194  51445`, Steve Bergman's
        // kernel-compile table, linux-mm 1999-01: the sentence-row kept
        // the whole table from being seen). Two words pass as a label and
        // one other word (`dd500/ext2  -  5.87 …`) as before.
        let lead = words.iter().take_while(|w| !figure(w) && !no_figure_cell(w)).count();
        // Two words, the second naming a kernel (`kernel 2.2.18/raid/ide`,
        // `kernel 2.4.0test12pre7`: Arjan van de Ven's build times, LKML
        // 2000-12, named `kernel` and `kernel` alone).
        let release = |w: &str| {
            let parts: Vec<&str> = w.splitn(3, '.').collect();
            parts.len() == 3
                && parts[..2].iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                && parts[2].starts_with(|c: char| c.is_ascii_digit())
        };
        let kernel_label = lead == 2 && (kernel_word(words[1], known) || release(words[1]));
        let worded = !numbered
            && ((3..=4).contains(&lead) || kernel_label)
            && words.len() > lead
            && words[lead..].iter().all(|w| figure(w) || no_figure_cell(w))
            && words[..lead].iter().all(|w| !w.contains(':'));
        let (label, rest) = match colon {
            Some(p) if (2..=4).contains(&p) && words[..p].iter().all(|w| !figure(w) && !w.contains(':')) => {
                let line = lines[k];
                (line[..line.find(" :")?].trim_end(), &words[p + 1..])
            }
            _ if colon.is_none() && worded => {
                // `words` are slices of the line: the first figure's offset.
                let line = lines[k];
                let at = words[lead].as_ptr() as usize - line.as_ptr() as usize;
                (line[..at].trim(), &words[lead..])
            }
            _ => {
                let (&label, rest) = words.split_first()?;
                (label, rest)
            }
        };
        let first_word = label.words().next()?;
        if figure(first_word) || !label.chars().any(char::is_alphabetic) || kernel_word(first_word, known) {
            return None;
        }
        // A numbered row's unit words after its last figure; its changes
        // may be negative (`-16789.81 -0.49%`).
        let figure = |w: &str| figure(w) || (numbered && w.strip_prefix('-').is_some_and(figure));
        let last_figure = rest.iter().rposition(|w| figure(w))?;
        let body = if numbered { &rest[..=last_figure] } else { rest };
        // A cell of no figure (`N/A`: the same table's `arcavm15  20:07
        // N/A  N/A  N/A`) is a cell, no other word.
        let (mut figures, mut blanks, mut others) = (0, 0, 0);
        for w in body {
            if figure(w) {
                figures += 1;
            } else if no_figure_cell(w) {
                blanks += 1;
            } else if !mark_cell(w) {
                others += 1;
            }
        }
        (figures >= 1 && figures + blanks >= 3 && others <= 1).then_some((label, numbered))
    };
    let mut rows: Vec<(usize, (&str, bool))> = (start..=end).filter_map(|k| row(k).map(|l| (k, l))).collect();
    // A dashed rule a person typed between heading and rows, or between
    // rows (`# procs  2  4  8  16` / `-----` / `control : 200.264 …`,
    // James Morris's dbench and Apachebench tables, LKML 2005-08: 24
    // figures left out without a word).
    let rule = |k: usize| !lines[k].is_empty() && lines[k].bytes().all(|b| matches!(b, b'-' | b'=' | b'+' | b'|'));
    // A heading that reads as a row (`#clients  1  2  4  8`) with a rule
    // under it, over the rows: the heading. The rule may be a column's
    // dashes each (`--------- ------------- ------`), with a second line
    // of the heading's words above it (lmbench's `Host  OS  2p/0K 2p/16K
    // 2p/64K 8p/16K …` over `ctxsw  ctxsw …`, its `16p/16K` read as
    // figures: a notes file of 2017 quoting three lmbench tables named
    // the two others and left the context-switch table out unnamed).
    let column_rule =
        |k: usize| lines[k].contains("--") && lines[k].bytes().all(|b| matches!(b, b'-' | b'=' | b'+' | b'|' | b' '));
    let words_only = |k: usize| !lines[k].is_empty() && !lines[k].words().any(|w| figure(w) || no_figure_cell(w));
    if rows.len() >= 3
        && rows[1].0 > rows[0].0 + 1
        && (rows[0].0 + 1..rows[1].0).any(column_rule)
        && (rows[0].0 + 1..rows[1].0).all(|k| column_rule(k) || words_only(k))
    {
        rows.remove(0);
    }
    let (first, last) = (rows.first()?.0, rows.last()?.0);
    // Every line from the first row down is a row (or a rule).
    if rows.len() < 2 || (first..=last).filter(|&k| !rule(k)).count() != rows.len() {
        return None;
    }
    // The heading: words and no figure, or words then the columns'
    // figures, as many as a row holds (`# procs  2  4  8  16`).
    let figures_of = |k: usize| lines[k].words().filter(|w| figure(w)).count();
    // A run's ordinal naming a column (`1st run  2nd  3rd` over `kernel
    // 2.2.18/raid/ide  3:28.909  3:28.819  3:28.840`, Arjan van de Ven's
    // kernel builds, LKML 2000-12) is a word of the heading, no figure:
    // `1st` read as 1 with a unit, and the table went unnamed.
    let ordinal = |w: &str| {
        let end = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
        end > 0 && ["st", "nd", "rd", "th"].contains(&w[end..].to_ascii_lowercase().as_str())
    };
    let heading = |k: usize| {
        let words: Vec<&str> = lines[k].words().collect();
        let figures = words.iter().filter(|w| figure(w) && !ordinal(w)).count();
        let columns = words
            .iter()
            .position(|w| figure(w))
            .is_some_and(|p| p > 0 && words[p..].iter().all(|w| figure(w)) && figures == figures_of(first));
        words.len() >= 2 && (figures == 0 || columns)
    };
    let mut top = first;
    while top > start && rule(top - 1) {
        top -= 1;
    }
    if first > start && (top == start || !heading(top - 1)) {
        return None;
    }
    let numbered = rows.iter().all(|r| r.1.1);
    Some((first, last, rows.iter().map(|r| r.1.0.to_string()).collect(), numbered))
}

/// A list a person typed of one time a row (`pre6+zlatko's_patch    2:35`
/// … `arcavm18\t\t\t1:57`, Steve Bergman's image test, linux-mm 1999-01:
/// nine timings under `116 Image test in 128MB:`, passed over without a
/// word): a whole paragraph of three rows or more, each a label of one to
/// four words (a letter in them, no figure) then one clock time (`2:35`,
/// `14:06.45`, `1:02:51.85`) and nothing else, right under a title line
/// ending in `:` (the paragraph's first line, or the line above the blank
/// line over it). The first and last row (0-based) and the rows' labels.
fn clock_list(lines: &[&str], start: usize, end: usize) -> Option<(usize, usize, Vec<String>)> {
    let clock = |w: &str| {
        let parts: Vec<&str> = w.split(':').collect();
        let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        (2..=3).contains(&parts.len())
            && digits(parts[0])
            && parts[1..].iter().all(|p| {
                let (int, frac) = p.split_once('.').unwrap_or((p, ""));
                int.len() == 2 && digits(int) && frac.bytes().all(|b| b.is_ascii_digit())
            })
    };
    let row = |k: usize| -> Option<String> {
        let words: Vec<&str> = lines[k].words().collect();
        let (last, label) = words.split_last()?;
        let ok = clock(last)
            && (1..=4).contains(&label.len())
            && label.iter().any(|w| w.chars().any(char::is_alphabetic))
            && label.iter().all(|w| !figure(w));
        ok.then(|| label.join(" "))
    };
    let titled = |k: usize| lines[k].ends_with(':') && row(k).is_none();
    let first = if titled(start) { start + 1 } else { start };
    let title_above = first > start || (start >= 2 && lines[start - 1].is_empty() && titled(start - 2));
    if !title_above || end < first + 2 {
        return None;
    }
    let names: Option<Vec<String>> = (first..=end).map(row).collect();
    Some((first, end, names?))
}

/// A table a person typed whose rows each start with a size (`16MB`,
/// `4096MB`, `4KB`, `1GiB`) and then hold two figures or more, under a
/// heading of words or a dashed rule at most two lines above it (a blank
/// line may part them): Ankur Arora's `perf bench mem memset` comparison
/// (LKML 2020-10, `[PATCH 4/8] x86/asm: add clear_page_nt()`: `16MB
/// 17.35 GB/s ( +- 9.27%)    11.83 GB/s ( +- 0.19%)     -31.81%` under
/// `size  BW ( pstdev)  BW ( pstdev)`), the means of five runs per size
/// and function: 16 figures passed over without a word while the raw
/// runs below them were read. Every line of the paragraph
/// `lines[start..=end]` is such a row, two rows or more; the first and
/// last row (0-based) and the rows' sizes.
fn sized_table(lines: &[&str], start: usize, end: usize) -> Option<(usize, usize, Vec<String>)> {
    let size = |w: &str| {
        let digits = w.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(w.len());
        let unit = w[digits..].to_ascii_uppercase();
        digits > 0
            && num::decimals(&w[..digits]).is_some()
            && matches!(
                unit.as_str(),
                "K" | "M" | "G" | "T" | "KB" | "MB" | "GB" | "TB" | "KIB" | "MIB" | "GIB" | "TIB"
            )
    };
    let row = |k: usize| -> Option<String> {
        let mut words = lines[k].words();
        let first = words.next().filter(|w| size(w))?;
        (words.filter(|w| figure(w)).count() >= 2).then(|| first.to_string())
    };
    if end == start {
        return None;
    }
    let sizes: Vec<String> = (start..=end).map(row).collect::<Option<_>>()?;
    let rule = |l: &str| l.contains("--") && l.bytes().all(|b| matches!(b, b'-' | b'=' | b'+' | b'|' | b' '));
    let words_only = |l: &str| l.words().count() >= 2 && l.chars().any(char::is_alphabetic) && !l.words().any(figure);
    let heading = (start.saturating_sub(2)..start).any(|k| rule(lines[k]) || words_only(lines[k]));
    heading.then_some((start, end, sizes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ankur Arora's memset table (LKML 2020-10): rows of a size then
    /// figures under a heading of words, a blank line between, are named;
    /// the same rows with no heading above are not (a program's output).
    #[test]
    fn rows_of_sizes_under_a_heading_are_a_table() {
        let text = "     size            BW   (   pstdev)          BW   (   pstdev)\n\
                    \n\
                    \x20    16MB      17.35 GB/s ( +- 9.27%)    11.83 GB/s ( +- 0.19%)     -31.81%\n\
                    \x20   128MB       5.31 GB/s ( +- 0.13%)    11.72 GB/s ( +- 0.44%)    +121.84%\n";
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        assert_eq!(sized_table(&lines, 2, 3), Some((2, 3, vec!["16MB".to_string(), "128MB".to_string()])));
        assert_eq!(sized_table(&lines[2..], 0, 1), None);
        // `du -h`'s sizes before paths hold no figures: no table.
        let du = ["total sizes here", "16M  ./a", "128M ./b"];
        assert_eq!(sized_table(&du, 1, 2), None);
    }

    /// TI's performance guide (am574x-idk, wildmod61): cyclictest's footer
    /// read, its `-h` histogram a blank line below is no hand table; the
    /// same histogram with nothing read above it still is said.
    #[test]
    fn a_cyclictest_histogram_below_its_read_footer_is_not_said() {
        let text = "# Min Latencies: 00007\n# Max Latencies: 00027\n\n# Histogram\n000000 000000\n000001 058012\n\
                    000002 2493021\n000003 332386\n";
        assert!(unread_tables(&Input::from_text(text), &[1, 2], &[]).is_empty());
        assert!(!unread_tables(&Input::from_text(text), &[], &[]).is_empty());
    }

    /// Steve Bergman's kernel-compile table (linux-mm 1999-01): a row
    /// whose label is a sentence (`and with requested change`) and rows
    /// of `N/A` cells, each figure a `m:ss` time or a count; the whole
    /// table had been passed over (alone in its file, "unrecognised";
    /// beside any result read, without a word).
    #[test]
    fn typed_build_times_an_ordinal_heading_and_one_figure_benchmark_rows_are_said() {
        // Phy Prabab's list (LKML 2004-05): `~1m.40s` a figure, `RH` a tag.
        assert!(figure("~1m.40s") && figure("2m00s") && figure("1m30.5s") && figure("~2m.80s"));
        assert!(!figure("m.40s") && !typed_duration("1m") && !typed_duration("1m.s") && !figure("1m.-4s"));
        let text = "RH 2.4.20-13-7 : ~1m.10s\n2.4.22         : ~1m.40s\n2.6.7-p1       : ~2m.80s\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].1.contains("lines 1-3: a table typed by hand naming kernels (2.4.20-13-7, 2.4.22, 2.6.7-p1)"),
            "{}",
            said[0].1
        );
        // Arjan van de Ven's builds (LKML 2000-12): ordinals head the columns.
        let text = "\t\t\t\t1st run\t\t2nd\t\t3rd\nkernel 2.2.18/raid/ide\t\t3:28.909\t3:28.819\t3:28.840\n\
kernel 2.4.0test12pre7\t\t3:28:520\t3:28.534\t3:28.546\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].1.contains("lines 2-3: a table (rows `kernel 2.2.18/raid/ide`, `kernel 2.4.0test12pre7`)"),
            "{}",
            said[0].1
        );
        // A summary of dbench and bonnie++ (LKML 2001-10): one figure after `write:`.
        let text = "dbench 8:          37Mb/sec\ndbench 32:         10Mb/sec\nbonnie++ write:    18.7Mb/sec\n\
bonnie++ seq.  create, read, del: 9800, 3600, 5700\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].1.contains("lines 1-4: a table typed by hand of benchmarks' figures"), "{}", said[0].1);
        // Con Kolivas' tables (LKML 2002-09), one per load: every title named.
        let text = "No Load\nKernel\t\t\tTime\t\t%CPU\n2.4.19\t\t\t1:49.17\t\t98%\n2.4.19-ck7\t\t1:47.66\t\t97%\n\
2.4.18-6mdk             1:48.18         98%\n\nMemory Load\nKernel\t\t\tTime\t\t%CPU\n2.4.19\t\t\t2:15.21\t\t78%\n\
2.4.19-ck7\t\t1:55.88\t\t92%\n2.4.18-6mdk             2:15.68         79%\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].1.contains("lines 3-11: a table typed by hand naming kernels (2.4.19, 2.4.19-ck7, 2.4.18-6mdk) under `No Load`, `Memory Load` was"), "{}", said[0].1);
        // stress-ng's own info lines (one blank before the figure) are no rows.
        let text = "stress-ng: info:  [2012] skipped: 0\nstress-ng: info:  [2012] failed: 0\n\
stress-ng: info:  [2012] metrics untrustworthy: 0\n";
        assert!(unread_tables(&Input::from_text(text), &[], &[]).is_empty());
    }

    /// Nützel's x11perf and latencytest lines beside dbench (LKML
    /// 2002-04): named, not read; one such line alone says nothing.
    #[test]
    fn x11perf_and_latencytest_lines_are_named() {
        let text = "   3000 reps @   2.2644 msec (   442.0/sec): Scroll 500x500 pixels\n\
                    \x20  15000 trep @   2.2662 msec (   441.0/sec): Scroll 500x500 pixels\n\n\
                    fragment latency = 1.451247 ms\ncpu latency = 1.160998 ms\n  4.2ms (  0)|\n\
                    1MS num_time_samples=63551 num_times_within_1ms=61215 factor=96.324212\n";
        let said = unread_program_lines(&Input::from_text(text), &[]);
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said[0].1.starts_with("lines 1-2: 2 x11perf result lines"), "{said:?}");
        assert!(said[1].1.starts_with("lines 4-7: 3 latencytest result lines"), "{said:?}");
        assert!(unread_program_lines(&Input::from_text("fragment latency = 1.45 ms\n"), &[]).is_empty());
        assert!(unread_program_lines(&Input::from_text(text), &[1, 2, 4, 5, 7]).is_empty());
    }

    /// Con Kolivas' interbench letter (LKML 2006-03): `+/-` between mean
    /// and deviation and `*` after the better kernel's cells are no words
    /// of a row; before, a table with a starred row was no table.
    #[test]
    fn interbench_rows_with_plus_minus_and_stars_are_a_table() {
        assert!(mark_cell("+/-") && mark_cell("±") && mark_cell("*") && mark_cell("**"));
        assert!(!mark_cell("") && !mark_cell("*5") && !mark_cell("+/") && !mark_cell("-"));
        let text = "--- Benchmarking simulated cpu of Audio in the presence of simulated ---\n\
Load\tLatency +/- SD (ms)  Max Latency   % Desired CPU  % Deadlines Met\n\
None\t  0.015 +/- 0.0159     0.023 \t\t 100\t        100\n\
Burn\t  0.019 +/- 0.0201     0.056 *\t\t 100 \t        100 *\n\
Memload\t  0.092 +/- 0.623         11 *\t \t 100 *\t        100 *\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].1.contains("lines 3-5: a table (rows `None`, `Burn`, `Memload`)"), "{}", said[0].1);
        // Two other words in a row still make it prose.
        let text = "Load  Latency  Max\nNone  0.015 foo 0.023 bar 100\nBurn  0.019 foo 0.056 bar 100\n";
        assert!(unread_tables(&Input::from_text(text), &[], &[]).is_empty());
    }

    /// bjzhang's notes (2017): lmbench's context-switch table under a
    /// list number (`3.  Context switching - …`, not read as lmbench's
    /// title), indented; its header's `2p/16K … 16p/64K` read as figures
    /// made the header a row, and the table went unnamed.
    #[test]
    fn lmbench_header_over_its_column_rule_is_no_row() {
        let text = "    3.  Context switching - times in microseconds - smaller is better\n\
        -------------------------------------------------------------------------\n\
        Host                 OS  2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K\n\
                                 ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw\n\
        --------- ------------- ------ ------ ------ ------ ------ ------- -------\n\
        localhost Linux 4.9.0-1 11.6 27.8500   24.0260 30.9   10.2 22.49200    31.0\n\
        localhost Linux 4.9.0-1 11.0360 6.4200   24.0 22.9880   21.3 28.08800    40.1\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].1.contains(
                "lines 6-7: an lmbench summary table (rows `localhost`, `localhost`) under its column header (line 3) and a title line lmbench's parser does not read as one (line 1:"
            ),
            "{}",
            said[0].1
        );
        // The same table unindented, its title one lmbench reads (the rows
        // left unread for another reason): the title is named as such.
        let text: String =
            text.lines().map(|l| l.trim_start().trim_start_matches("3.  ")).collect::<Vec<_>>().join("\n");
        let said = unread_tables(&Input::from_text(&text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].1.contains("under its title (line 1) and column header (line 3) was not read"),
            "{}",
            said[0].1
        );
        // A row of figures over a prose line and rows is still no heading.
        let text = "Load  Latency  Max\nfirst 1.0 2.0 3.0\nthen some words\nsecond 1.0 2.0 3.0\nthird 1.0 2.0 3.0\n";
        assert!(unread_tables(&Input::from_text(text), &[], &[]).is_empty());
    }

    #[test]
    fn a_table_with_a_sentence_label_and_n_a_cells_is_said() {
        let text = "For the kernel compile test in 12MB:\n\n\
                                Elapsed Maj.    Min.    Swaps\n\
                                -----   ------  ------  -----\n\
pre6+zlatko_patch               22:14   383206  204482  57823\n\
and with requested change       22:23   378662  198194  51445\n\
pre6                            20:54   352934  191210  48678\n\
arcavm15                        20:07   N/A     N/A     N/A\n\
arcavm18\t\t\t21:08\t363438\t190763\t48982\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert_eq!(said[0].0, 5, "{said:?}");
        assert!(said[0].1.contains("lines 5-9"), "{}", said[0].1);
        // Words alone, no figure: no row, no panic.
        assert!(unread_tables(&Input::from_text("hello world\nand again\n"), &[], &[]).is_empty());
        // The same post's image test: one time a row, under a title.
        let text = "116 Image test in 128MB:\n\npre6+zlatko's_patch             2:35\n\
and with requested change       3:09\npre6                            2:27\narcavm18\t\t\t1:57\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].1.contains("lines 3-6: a table (rows `pre6+zlatko's_patch`"), "{}", said[0].1);
        // No title over it: a list of times is not said to be a table.
        let untitled = "We ran it at\n\nfoo 2:35\nbar 3:09\nbaz 2:27\n";
        assert!(unread_tables(&Input::from_text(untitled), &[], &[]).is_empty());
    }

    /// lmbench rows under their column header but without the title line
    /// (LKML 2005, a reply's `> > ...` cut it) are said to be an lmbench
    /// table without its title, not a table typed by hand.
    #[test]
    fn lmbench_rows_without_their_title_are_said_so() {
        let text = "...\n\
Host                 OS  Mhz null null      open slct sig  sig  fork exec sh\n\
                             call  I/O stat clos TCP  inst hndl proc proc proc\n\
--------- ------------- ---- ---- ---- ---- ---- ---- ---- ---- ---- ---- ----\n\
account   Linux 2.6.11- 2765 0.17 0.26 3.57 4.19 16.9 0.51 2.31 162. 629. 2415\n\
account   Linux 2.6.11- 2765 0.16 0.26 3.56 4.17 17.6 0.50 2.30 163. 628. 2417\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert_eq!(said[0].0, 5);
        assert!(said[0].1.contains("an lmbench summary table (rows `account`, `account`)"), "{}", said[0].1);
        assert!(said[0].1.contains("column header (line 2) but without its title line"), "{}", said[0].1);
        assert!(lmbench_header("Host                 OS  2p/0K 2p/16K"));
        assert!(!lmbench_header("Host OS") && !lmbench_header("Hosting the OS and more"));
    }

    /// A person's table with `|` between its cells (linux-raid 2020-05, a
    /// fio comparison under dbench runs) is said to be unread, its rows
    /// and columns named; `|` in rows of words, or in one row, is no table.
    #[test]
    fn a_pipe_table_between_plus_rules_is_said_unread() {
        let text = "The result as follow:\n\n\
              +                   +\n\
              | STRIPE_SIZE(64KB) | STRIPE_SIZE(4KB)\n\
+----------------------------------------------------+\n\
4KB randwrite |     15MB/s        |      100MB/s\n\
+----------------------------------------------------+\n\
1MB write     |   1000MB/s        |      700MB/s\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert_eq!(said[0].0, 3);
        let rows = "rows `4KB randwrite`, `1MB write`; columns `STRIPE_SIZE(64KB)`, `STRIPE_SIZE(4KB)`";
        assert!(said[0].1.starts_with(&format!("lines 3-8: a table typed by hand ({rows})")), "{}", said[0].1);
        for text in [
            "DSK |      nvme0n1  | busy    101%  | read       0\nDSK |      nvme0n1  | busy      7%  | read       0\n",
            "| name | value |\n|---|---|\n| ext4 | 12.5 |\n",
        ] {
            assert!(unread_tables(&Input::from_text(text), &[], &[]).is_empty(), "{text}");
        }
    }

    /// A Markdown table whose set-ups are named over three cells before
    /// their figures (a PolarFire CoreMark README, wildmod54) is said to
    /// be unread, each row named by its label cells; four label cells are
    /// more than a set-up's name.
    #[test]
    fn a_pipe_table_of_set_ups_named_over_three_cells_is_said_unread() {
        let text = "| Ref  | Memory Configuration | Hart tested | Iter/Sec | Coremark |\n\
| :--: | :------------------: | :---------: | :------: | :------: |\n\
| R1   | LIM as stack         | U54_1       |  573     |    0.95  |\n\
| R9   | scratch as stack     | U54_1       |  1874    |    3.12  |\n";
        let said = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].1.contains("rows `R1 / LIM as stack / U54_1`, `R9 / scratch as stack / U54_1`"),
            "{}",
            said[0].1
        );
        let four = "| a | b | c | d | 1 | 2 |\n| e | f | g | h | 3 | 4 |\n";
        assert!(unread_tables(&Input::from_text(four), &[], &[]).is_empty());
    }

    #[test]
    fn lmbench_rows_a_blank_line_under_their_header_are_a_table() {
        // LKML 2003-01: Andi Kleen's two context-switch rows, hosts of two
        // words, the rule under the header gone.
        let lines = [
            "Host                 OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K",
            "ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw",
            "",
            "with wrmsr Linux 2.5.54 2.410 3.5600 6.0300 3.9900   34.8 8.59000    43.7",
            "no wrmsr   Linux 2.5.54 1.270 2.3300 4.7700 2.5100   29.5 4.16000    39.2",
        ];
        let (first, last, labels) = lmbench_rows_under_header(&lines, 3, 4).expect("rows");
        assert_eq!((first, last), (3, 4));
        assert_eq!(labels, ["with wrmsr Linux", "no wrmsr Linux"]);
        // Prose between the header and the figures: no table of its.
        let prose = [lines[0], "That looks more like between 10%-51%", "", lines[3]];
        assert_eq!(lmbench_rows_under_header(&prose, 3, 3), None);
    }

    #[test]
    fn a_tab_table_of_figures_under_column_names() {
        let lines = |t: &str| t.lines().map(str::to_string).collect::<Vec<_>>();
        let typed = lines(
            "threads\t\tfiles/s\t\tIOPS\t\tlog aggregation\n  1\t\t 7000\t\t 8000\t\t 10:1\n  4\t\t24000\t\t25000\t\t 35:1",
        );
        let (first, last, columns) = tab_table(&typed).expect("a table");
        assert_eq!((first, last), (0, 2));
        assert_eq!(columns, ["threads", "files/s", "IOPS", "log aggregation"]);
        // A row of words, or of another width, is no such table's.
        assert_eq!(tab_table(&lines("a\tb\tc\n1\t2\t3\nx\ty\tz")), None);
        assert_eq!(tab_table(&lines("a\tb\tc\n1\t2\t3\n1\t2")), None);
        assert_eq!(tab_table(&lines("a\tb\tc\n1\t2\t3")), None);
    }

    #[test]
    fn rows_and_headings_naming_kernels() {
        assert_eq!(kernel_row("2.4.18-rc2       0.72  3.10  4.78   39.0", &[]), Some("2.4.18-rc2"));
        assert_eq!(kernel_row("2.4.18-rc2-jam1      *****************  14.9  MB/sec", &[]), Some("2.4.18-rc2-jam1"));
        assert_eq!(kernel_row("TEST8       8.4, 8.3, 9.2 MB/sec", &["TEST8"]), Some("TEST8"));
        assert_eq!(kernel_row("2.4.18-rc2-jam1 was the only kernel of these three", &[]), None);
        // Ranges and abouts as a person types them (an SGI Bonnie mail, 2000).
        assert_eq!(kernel_row("TEST3\t\t10-11MB/s\t~19MB/s", &["TEST3"]), Some("TEST3"));
        assert_eq!(kernel_row("TEST1 - 1.5-2MB/sec", &["TEST1"]), Some("TEST1"));
        assert!(!figure("~") && !figure("-5MB") && !figure("~MB/s"));
        assert!(!rough_figure("2002-09-11") && !rough_figure("2.4.19-pre10") && !rough_figure("1.2.3MB"));
        let row = "File Copy 1024 bufsize 2000 maxblocks[2.5.54mm2]     66095.0KBps";
        assert_eq!(bracketed_kernel_row(row, &[]), Some("2.5.54mm2"));
        assert_eq!(bracketed_kernel_row("see [2.5.54] for 3 of the 12 tests we ran in all", &[]), None);
        assert_eq!(bracketed_kernel_row("[2.5.54] 66095.0KBps", &[]), None);
        assert_eq!(
            kernel_heading("Unixbench-4.2.0                 2.4.18rc2aa2  2.4.18-rc2  2.4.18-rc2-jam1", &[]),
            Some(vec!["2.4.18rc2aa2", "2.4.18-rc2", "2.4.18-rc2-jam1"])
        );
        assert_eq!(kernel_heading("\t\t\t2.5.54mm2\t2.5.54", &[]), Some(vec!["2.5.54mm2", "2.5.54"]));
        assert_eq!(kernel_heading("compared 2.5.54 and 2.5.55", &[]), None);
        // wildcls38 file 5 (Randy Hron's bonnie++ create table, LKML
        // 2003-12): `na` cells where bonnie++ times no figure are no words.
        let row = "2.4.18          65536    127  99.0    128     na   na    na 29074  97.0  2997    127  99.0   128      \
                   na    na    na   488  96.0   508";
        assert_eq!(kernel_row(row, &[]), Some("2.4.18"));
        assert_eq!(kernel_row("2.4.18  N/A  n/a  na  12.5", &[]), Some("2.4.18"));
        assert_eq!(kernel_row("2.4.18  na  na", &[]), None);
    }

    /// A kernel build's README (2026): stock against CachyOS kernels in a
    /// Markdown table of perf bench, stress-ng, sysbench and fio figures a
    /// person summed up; the file was only "unrecognised".
    #[test]
    fn a_table_of_rows_naming_benchmarks_is_named() {
        let text = "| Metric | Stock | CachyOS | Δ |\n|---|---|---|---|\n\
                    | openssl sha256 (userspace control) | 2445 MB/s | 2452 MB/s | +0.3% |\n\
                    | perf bench syscall | 0.0410 µs | 0.0397 µs | +3% |\n\
                    | perf bench sched pipe † | 1.60 µs | 1.54 µs | +4% |\n\
                    | perf bench sched messaging | 1.65 s | 1.45 s | **+12%** |\n\
                    | stress-ng pipe | 6.60 M/s | 12.46 M/s | **+89%** |\n";
        let found = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, 1);
        assert!(found[0].1.contains("lines 1-7: a table typed by hand of benchmarks' figures"), "{found:?}");
        assert!(
            found[0]
                .1
                .contains("`perf bench syscall`, `perf bench sched pipe †`, `perf bench sched messaging`, … (4 rows)")
        );
        // Aligned, and prose naming a benchmark is no row.
        let text = "perf bench sched pipe      1.60  1.54\nhackbench -g 4            0.52  0.50\n";
        assert_eq!(unread_tables(&Input::from_text(text), &[], &[]).len(), 1);
        let text = "fio is what we ran 3 times\nperf bench sched pipe ran 2 times too\n";
        assert_eq!(unread_tables(&Input::from_text(text), &[], &[]), [], "prose is no row");
        assert!(benchmark_table(&["fiona 3 4", "stream of 5"], 0, 1).is_none());
    }

    /// An SGI linux-mm post of 2000-09 (tests/fixtures/wild/mixed/linuxmm-
    /// 2000-09-bonnie-9char-machine-…): lmdd's rows with ranges typed
    /// spaced out (`2.5 - 3.5 MB/s`) are a table's rows, and the rows
    /// between them with asides in brackets are in its lines.
    #[test]
    fn rows_of_spaced_ranges_are_a_tables() {
        let text = "lmdd (across blocksizes 1K to 1024K)\n\
                    TEST8-1MQ       2.5 - 3.5 MB/s   14.5 - 17.7 MB/sec\n\
                    TEST8-1         10.8  MB/s       ~19   MB/sec [ blocksizes 1K -> 128 K ]\n\
                    TEST5           11.5  MB/s       ~19   MB/s\n";
        let known = ["TEST8-1MQ", "TEST8-1", "TEST5"];
        let notes = unread_tables(&Input::from_text(text), &[], &known);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].1.starts_with("lines 2-4: a table typed by hand naming kernels"), "{notes:?}");
        assert_eq!(kernel_row("2.6.9 - the 3 runs were slow", &[]), None);
    }

    /// wild31 file 04 (LKML 2005-02): dd and dbench tables of two machines
    /// side by side, rows naming tests, not kernels: 48 figures left out
    /// without a word. And file 05 (LKML 2003-07): rio's totals over the
    /// rows the warning named, left out of its range.
    #[test]
    fn tables_of_rows_naming_no_kernel_and_a_tables_other_lines_are_named() {
        let text = "                      SMP                    UP\nTEST / FS         real   sys             real   sys\n\
                    dd500/ext2      - 9.14   2.33            19.03  2.50\ndd500/ext3      - 12.23  4.06            18.99  4.19\n\n\
                    The next test is dbench:\n\nTEST / FS         real   sys     MB/s           real   sys     MB/s\n\
                    dbench1/ext2    - 5.87   1.43    63.7256        5.93   1.54    63.79\n\
                    dbench1/ext3    - 2.46   1.75    139.794        3.60   1.85    131.372\n\n\
                    dbench4/ext2    - 4.99   7.13    274.216        9.96   6.22    137.316\n\
                    dbench4/ext3    - 5.79   8.64    236.858        11.49  7.40    130.146\n";
        let notes = unread_tables(&Input::from_text(text), &[], &[]);
        let lines: Vec<usize> = notes.iter().map(|n| n.0).collect();
        assert_eq!(lines, vec![3, 9], "{notes:?}");
        assert!(notes[0].1.starts_with("lines 3-4: a table (rows `dd500/ext2`, `dd500/ext3`)"), "{notes:?}");
        assert!(
            notes[1]
                .1
                .starts_with("lines 9-13: a table (rows `dbench1/ext2`, `dbench1/ext3`, `dbench4/ext2`, … (4 rows))"),
            "{notes:?}"
        );
        let rio = "rio output:\n2.4.22-pre5 total io 2683.087 MB, 428.000 seconds 6.269 MB/s\n\
                   2.4.21      total io 3231.576 MB, 381.000 seconds 8.482 MB/s\n\
                   2.4.22-pre5 writes: 2683.087 MB, 6.269 MB/s\n2.4.21      writes: 3231.576 MB, 8.482 MB/s\n";
        let notes = unread_tables(&Input::from_text(rio), &[], &[]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].1.starts_with("lines 2-5: a table typed by hand naming kernels (2.4.22-pre5, 2.4.21)"),
            "{notes:?}"
        );
    }

    /// James Morris, LKML 2005-08: a dbench table of set-up rows under a
    /// heading of procs counts, dashed rules between: named.
    #[test]
    fn a_table_under_a_heading_of_column_figures_with_rules_between_is_named() {
        let text = "dbench\n\n-----------------------------------------------------\n\
                    # procs                 2        4        8       16\n\
                    -----------------------------------------------------\n\
                    control         : 200.264  351.135  514.327  483.085\n\
                    stacker_dynamic : 192.805  336.097  511.713  474.047\n\
                    -----------------------------------------------------\n";
        let notes = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].1.starts_with("lines 6-7: a table (rows `control`, `stacker_dynamic`)"), "{notes:?}");
        // A heading that reads as a row, a rule under it.
        let clients = text.replace("# procs   ", "#clients  ");
        let notes = unread_tables(&Input::from_text(&clients), &[], &[]);
        assert!(notes[0].1.starts_with("lines 6-7: a table (rows `control`, `stacker_dynamic`)"), "{notes:?}");
        // A heading of another count of figures is no heading of those rows.
        let other = text.replace("# procs                 2        4        8       16", "# procs  2  4");
        assert_eq!(unread_tables(&Input::from_text(&other), &[], &[]), [], "no heading");
    }

    /// James Morris, LKML 2004-08: rows labelled by two words before a
    /// `:` of their own (`orig disabled : 156.8 …`) were no rows, and three
    /// tables were left out without a word.
    #[test]
    fn rows_labelled_by_words_before_a_lone_colon_are_named() {
        let text = "dbench\n\n# Clients       1      2      3      4\n\
                    ----------------------------------------\n\
                    orig disabled : 156.8  279.2  383.7  470.0\n\
                    orig enabled  : 146.2  260.0  359.1  418.8\n\
                    nec1 enabled  : 146.1  261.7  356.9  451.1\n";
        let notes = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].1.starts_with("lines 5-7: a table (rows `orig disabled`, `orig enabled`, `nec1 enabled`)"),
            "{notes:?}"
        );
        // Five words before the colon are prose, not a label.
        let prose = text.replace("orig disabled :", "the orig kernel was disabled :");
        let notes = unread_tables(&Input::from_text(&prose), &[], &[]);
        assert!(notes.iter().all(|n| !n.1.contains("the orig")), "{notes:?}");
    }

    /// archive49 (Yu Zhao's multi-gen LRU patches, LKML 2022): `label:`
    /// rows of two figures under `IOPS  BW`, one row naming a release and
    /// one a patch stack (`patch1-5:`), quoted in a reply: the file drew
    /// only "unrecognised", naming no line. Each table is named at its
    /// rows, with its labels, columns and title. Must NOT name: a
    /// `CPU: two Xeon 6154` line under no heading, nor rows of another
    /// count of figures than the heading's columns.
    #[test]
    fn rows_labelled_with_a_colon_under_column_names_are_named() {
        let text = "> Server benchmark results:\n>   Single workload:\n\
                    >     fio (buffered I/O): +[47, 49]%\n\
                    >                 IOPS         BW\n\
                    >       5.17-rc2: 2242k        8759MiB/s\n\
                    >       patch1-5: 3321k        12.7GiB/s\n>\n\
                    >     memcached (anon): +[101, 105]%\n\
                    >                 Ops/sec      KB/sec\n\
                    >       5.17-rc2: 476771.79    18544.31\n\
                    >       patch1-5: 972526.07    37826.95\n>\n\
                    >   Configurations:\n>     CPU: two Xeon 6154\n>     Mem: total 256G\n";
        let notes = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert_eq!(
            notes[0],
            (
                5,
                "lines 5-6: a table typed by hand (rows `5.17-rc2`, `patch1-5`; columns `IOPS`, `BW`) under `fio \
                 (buffered I/O): +[47, 49]%` was not read (no parser reads this form)"
                    .to_string()
            )
        );
        assert!(notes[1].1.starts_with("lines 10-11: a table typed by hand (rows `5.17-rc2`, `patch1-5`; columns"));
        // A row of one figure under two columns is no row of the table.
        let short = text.replace("2242k        8759MiB/s", "2242k");
        let notes = unread_tables(&Input::from_text(&short), &[], &[]);
        assert!(notes.iter().all(|n| !n.1.starts_with("lines 5-")), "{notes:?}");
    }

    /// wild31 file 16 (LKML 2022): schbench percentiles and UnixBench
    /// scores typed in `before`/`after` columns, two machines one after
    /// the other: the file drew only "unrecognised"; each table is named
    /// by its lines and title. wild30 file 11's `base  base+revert_…
    /// base+this_patch` heading too.
    #[test]
    fn tables_with_a_column_per_set_up_are_named() {
        let text = "On x86 (Intel Xeon Platinum 8269CY):\n   schbench -m 2 -t 8\n\n\
                    \x20    Latency percentiles (usec)             before         after\n\
                    \x20        50.0000th:                            8             8\n\
                    \x20        *99.0000th:                          15            13\n\n\
                    \x20  Unixbench with full threads (104)\n\
                    \x20                                            before        after\n\
                    \x20    Dhrystone 2 using register variables  3004715731    3011862938   0.24%\n\
                    \x20    Execl Throughput                         27162.1       27667.3   1.86%\n\n\
                    On arm64 (Ampere Altra):\n   schbench -m 2 -t 8\n\n\
                    \x20    Latency percentiles (usec)             before         after\n\
                    \x20        50.0000th:                           14            14\n";
        let notes = unread_tables(&Input::from_text(text), &[], &[]);
        let got: Vec<&str> = notes.iter().map(|n| n.1.as_str()).collect();
        assert_eq!(
            got,
            vec![
                "lines 4-6: a table typed by hand with a column per set-up (before, after) under `Latency \
                 percentiles (usec)` was not read (no parser reads this form)",
                "lines 9-11: a table typed by hand with a column per set-up (before, after) under `Unixbench with \
                 full threads (104)` was not read (no parser reads this form)",
                "lines 16-17: a table typed by hand with a column per set-up (before, after) under `Latency \
                 percentiles (usec)` was not read (no parser reads this form)",
            ]
        );
        assert!(setup_heading("               base      base+revert_f3dd3f674555   base+this_patch").is_some());
        assert_eq!(setup_heading("we compared before and after"), None);
        assert_eq!(setup_heading("basement after"), None);
        // Tab-separated, a set-up of more than one word (wild33 file 14).
        assert_eq!(
            setup_heading("Latency percentiles (usec)\t\tBase\t\tBase + Patch"),
            Some((vec!["Base", "Base + Patch"], Some("Latency percentiles (usec)".to_string())))
        );
        assert_eq!(setup_heading("Base + Patch\t\tgives\t1734"), None);
        // A last column of the change between them (wild35a file 10).
        assert_eq!(setup_heading("\t\tVanilla\t\tPatched\t\tChange"), Some((vec!["Vanilla", "Patched"], None)));
        assert_eq!(setup_heading("before   after   %change"), Some((vec!["before", "after"], None)));
        assert_eq!(setup_heading("Change"), None);
    }

    /// archive45 R4: Chen Yu's SIS_SHORT letter (LKML 2023-02, v6 of the
    /// SIS_CURRENT series) typed a Redis table by hand under `baseline
    /// sis_short`, below its report.py tables: its four figures were
    /// neither read nor named. Must not fire: prose starting with a set-up
    /// word, a heading of plain words.
    #[test]
    fn a_set_up_word_beside_a_features_name_heads_a_table() {
        let text = "Redis\n=====\nLaunch 224 instances of redis-server on machine A, launch 224 instances\n\
                    of redis-benchmark on machine B, measure the SET/GET latency on B.\n\
                    did not change much.\n         baseline               sis_short\n\
                    SET      115 ms                   116 ms\nGET      225 ms                   228 ms\n\n\
                    Reaim was tested on a 2 x 8C Intel Xeon E-2278G, 16.48% jobs_per_min improvement\n";
        let got: Vec<String> = unread_tables(&Input::from_text(text), &[], &[]).into_iter().map(|(_, w)| w).collect();
        assert_eq!(
            got,
            ["lines 6-8: a table typed by hand with a column per set-up (baseline, sis_short) was not read (no \
              parser reads this form)"]
        );
        assert_eq!(
            setup_heading("baseline   SIS_CURRENT"),
            Some((vec!["baseline", "SIS_CURRENT"], Some(String::new())))
        );
        assert_eq!(setup_heading("vanilla  v8"), Some((vec!["vanilla", "v8"], Some(String::new()))));
        for prose in ["baseline kernel", "baseline is v6.2-rc6 tip:sched/core", "Baseline Results", "base 2.6"] {
            assert_eq!(setup_heading(prose), None, "{prose}");
        }
        let prose = "The numbers:\nbaseline kernel\nSET 115 ms 116 ms\n";
        assert_eq!(unread_tables(&Input::from_text(prose), &[], &[]).len(), 0);
    }

    /// wild36b file 10 (LKML 2004-03): hackbench's means typed under each
    /// kernel's `<kernel> <address>` line, rows of figures only, were
    /// neither read nor named; file 17 (LKML 2002-01): a dbench star-bar
    /// table's rows naming rmap kernels (`2.4.17rmap11c`) were left out of
    /// its range and kernels; file 16 (LKML 2003-04): a title's TABs.
    #[test]
    fn a_table_under_its_kernel_and_rows_of_patched_kernels_are_named() {
        let text = "Hackbench 8x (lower is better)\n------------------------------\n\n\
                    2.6.4 http://khack.osdl.org/stp/290460/\n# Processes | Ave Time(sec)\n20 \t\t1.85\n40 \t\t2.7742\n\n\
                    2.6.4-s http://khack.osdl.org/stp/290542/\n# Processes | Ave Time(sec)\n20 \t\t1.8894\n40 \t\t2.6808\n";
        let notes = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(
            notes,
            [(
                4,
                "lines 4-12: a table typed by hand naming kernels (2.6.4, 2.6.4-s) under `# Processes | Ave \
                 Time(sec)` was not read (no parser reads this form)"
                    .to_string()
            )]
        );
        let bars = "dbench 64 processes\n2.4.18pre4aa1      ***** 25.2 MB/sec\n2.4.17rmap11a      *** 14.2 MB/sec\n\
                    2.4.17rmap11a      *** 13.9 MB/sec\n2.4.17rmap12a      *** 13.7 MB/sec\n2.4.17rmap11c      ** 10.8 MB/sec\n";
        let notes = unread_tables(&Input::from_text(bars), &[], &["2.4.17rmap12a"]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].1.starts_with(
                "lines 2-6: a table typed by hand naming kernels (2.4.18pre4aa1, 2.4.17rmap11a, 2.4.17rmap12a, \
                 2.4.17rmap11c)"
            ),
            "{notes:?}"
        );
        assert!(
            patched_kernel_word("2.4.17rmap11c") && !patched_kernel_word("2.4GHz") && !patched_kernel_word("2.4.18")
        );
        let tabs = "dbench 192 processes\t\tAverage\t\tHigh\n2.5.68-mm2   \t203.79\t\t215.85\n\
                    2.5.68-mm2-dl\t198.72\t\t212.53\n";
        let notes = unread_tables(&Input::from_text(tabs), &[], &[]);
        assert!(notes[0].1.contains("under `dbench 192 processes  Average  High`"), "{notes:?}");
    }

    #[test]
    fn an_unread_lmbench_table_is_named() {
        let text = "LMbench 2.0p2 average of 9 runs\n---\nProcessor, Processes - times in microseconds\n\
                    \x20                null        open\n2.4.18-rc2       0.72  3.10  4.78\n\
                    2.4.18-rc2-jam1  0.78  3.05  4.46\n\nContext switching\n2.4.18-rc2        2.73   22.57\n\
                    2.4.18-rc2-jam1   1.21   18.68\n";
        let notes = unread_tables(&Input::from_text(text), &[], &[]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(notes[0].0, 5);
        assert!(
            notes[0].1.starts_with(
                "lines 5-10: a table typed by hand naming kernels (2.4.18-rc2, 2.4.18-rc2-jam1) under `LMbench 2.0p2"
            ),
            "{notes:?}"
        );
        assert!(unread_tables(&Input::from_text(text), &[5], &[]).len() == 1, "the second table is still unread");
    }

    /// wildmod58 files 1 and 4 (silent59): a futex hash mail's `buckets
    /// op/sec` table of 3-run means and Ingo Molnar's `label : v | v: +x%
    /// | … | GB/sec` tables were passed over without a word; vmstat's
    /// output under its two heading lines is no such table.
    #[test]
    fn figures_under_column_names_and_colon_pipe_rows_are_named() {
        let futex = "buckets op/sec\n      2     9158.33\n      4    21665.66\t+ ~136%\n      8    44686.66\t+ ~106\n\
                     \x20        1868129.33 (global hash, 65536 hash)\n   2048  1912071.33\t+ ~  4\n";
        let got: Vec<String> = unread_tables(&Input::from_text(futex), &[], &[]).into_iter().map(|(_, w)| w).collect();
        assert_eq!(
            got,
            ["lines 1-6: a table typed by hand (columns `buckets`, `op/sec`) was not read (no parser reads this form)"]
        );
        let vmstat = "   procs                      memory      swap\n r  b  w   swpd   free   buff\n 1  3  0 3126544   5444  75556\n\
                      1  3  1 3127780   5828  75832\n 4  3  0 3127676  11192  76252\n 3  3  0 3126180   5672  76220\n";
        assert_eq!(unread_tables(&Input::from_text(vmstat), &[], &[]), []);
        let molnar = " [test unit]            :   v3.7 |balancenuma-v10|  AutoNUMA-v28 |\n\
                      ------------------------------------------------------------\n\
                      \x20numa01-bw-thread       :   5.834| 20.338: 248.6%| 15.169: 160.0%|  GB/sec\n\
                      \x20numa01-bw-thread-NOTHP :   5.581| 18.528: 232.0%| 12.108: 117.0%|  GB/sec\n";
        let got: Vec<String> = unread_tables(&Input::from_text(molnar), &[], &[]).into_iter().map(|(_, w)| w).collect();
        assert_eq!(
            got,
            ["lines 1-4: a table typed by hand (rows `numa01-bw-thread`, `numa01-bw-thread-NOTHP`; columns `[test \
              unit]`, `v3.7`, `balancenuma-v10`, `AutoNUMA-v28`) was not read (no parser reads this form)"]
        );
    }
}
