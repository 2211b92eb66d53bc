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
//! its numbers.

use super::Input;

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
/// (`384624k`, `5.72%`, `14.9`), or a comma after it (`8.4,`).
fn figure(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit())
        && word.chars().filter(char::is_ascii_digit).count() * 2 >= word.len()
}

/// A row of a hand table: a kernel's name first, then one figure or more
/// and at most three other words (units, `-`), star bars aside; the
/// kernel's name, or `None`.
fn kernel_row<'a>(line: &'a str, known: &[&str]) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    let first = words.next()?;
    if !kernel_word(first, known) {
        return None;
    }
    let (mut figures, mut others) = (0, 0);
    for w in words {
        if figure(w) {
            figures += 1;
        } else if !w.chars().all(|c| c == '*') {
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
    let after: Vec<&str> = line[close + 1..].split_whitespace().collect();
    let figures = after.iter().filter(|w| figure(w)).count();
    (figures >= 1 && after.len() <= 3).then_some(name)
}

/// A heading naming a kernel per column: two kernel names or more, and
/// nothing else but one title word or phrase before them (`Unixbench-4.2.0
/// 2.4.18rc2aa2  2.4.18-rc2  2.4.18-rc2-jam1`, or the kernels alone, tab-separated);
/// the kernels, or `None`.
fn kernel_heading<'a>(line: &'a str, known: &[&str]) -> Option<Vec<&'a str>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let kernels = words.iter().rev().take_while(|w| kernel_word(w, known)).count();
    (kernels >= 2 && words.len() - kernels <= 1).then(|| words[words.len() - kernels..].to_vec())
}

/// Rows of two figures or more (a column per kernel).
fn figures_row(line: &str) -> bool {
    line.split_whitespace().filter(|w| figure(w)).count() >= 2
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
    // Each table found: first and last line (0-based), kernels, title.
    let mut tables: Vec<(usize, usize, Vec<String>, Option<String>)> = Vec::new();
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
        // A heading of kernel columns over rows of figures below it (in
        // this paragraph or the next ones, before a blank-ended prose).
        if let Some((h, kernels)) = (start..=end).find_map(|k| kernel_heading(lines[k], known).map(|ks| (k, ks))) {
            let mut last = None;
            let mut k = h + 1;
            // Until two blank lines, a line read, prose or rows of another
            // form (a kernel's name first).
            while k < n && k <= h + 40 && !is_read(k) {
                let two_blank = lines[k].is_empty() && lines.get(k + 1).is_some_and(|l| l.is_empty());
                if two_blank || kernel_row(lines[k], known).is_some() || lines[k].split_whitespace().count() > 12 {
                    break;
                }
                if figures_row(lines[k]) {
                    last = Some(k);
                }
                k += 1;
            }
            if let Some(last) = last {
                let title = title_of(&lines[start..h]);
                tables.push((h, last, kernels.iter().map(|k| k.to_string()).collect(), title));
                while i < n && i <= last {
                    i += 1;
                }
                continue;
            }
        }
        let rows: Vec<(usize, &str)> = (start..=end)
            .filter_map(|k| {
                kernel_row(lines[k], known).or_else(|| bracketed_kernel_row(lines[k], known)).map(|name| (k, name))
            })
            .collect();
        if rows.len() < 2 {
            continue;
        }
        let first = rows[0].0;
        let title = title_of(&lines[start..first]);
        let mut kernels: Vec<String> = Vec::new();
        for (_, k) in &rows {
            if !kernels.iter().any(|x| x == k) {
                kernels.push(k.to_string());
            }
        }
        // A table right under the last one (blank lines between): one block.
        if let Some(prev) = tables.last_mut()
            && prev.1 < first
            && (prev.1 + 1..start).all(|k| lines[k].is_empty())
            && prev.2 == kernels
        {
            prev.1 = rows[rows.len() - 1].0;
            continue;
        }
        tables.push((first, rows[rows.len() - 1].0, kernels, title));
    }
    tables
        .into_iter()
        .map(|(a, b, kernels, title)| {
            let under = title.map(|t| format!(" under `{t}`")).unwrap_or_default();
            (
                a + 1,
                format!(
                    "lines {}-{}: a table typed by hand naming kernels ({}){under} was not read (no parser reads \
                     this form)",
                    a + 1,
                    b + 1,
                    kernels.join(", ")
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_headings_naming_kernels() {
        assert_eq!(kernel_row("2.4.18-rc2       0.72  3.10  4.78   39.0", &[]), Some("2.4.18-rc2"));
        assert_eq!(kernel_row("2.4.18-rc2-jam1      *****************  14.9  MB/sec", &[]), Some("2.4.18-rc2-jam1"));
        assert_eq!(kernel_row("TEST8       8.4, 8.3, 9.2 MB/sec", &["TEST8"]), Some("TEST8"));
        assert_eq!(kernel_row("2.4.18-rc2-jam1 was the only kernel of these three", &[]), None);
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
}
