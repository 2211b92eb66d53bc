//! tiobench table headers: the columns (`File Blk Num … Rate (CPU%) Avg
//! Latency …`, wrapped or condensed with operations side by side), the
//! section titles above tables, and the rules under them.

use crate::model::{Better, Metric};

/// One column of a tiobench table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Col {
    FileSize,
    BlkSize,
    Threads,
    Rate,
    Cpu,
    AvgLat,
    MaxLat,
    Lat2,
    Lat10,
    Eff,
}

impl Col {
    /// The parameter name, for columns that are parameters.
    pub(super) fn param(self) -> Option<&'static str> {
        match self {
            Col::FileSize => Some("file size"),
            Col::BlkSize => Some("blk size"),
            Col::Threads => Some("threads"),
            _ => None,
        }
    }

    /// The unit of a parameter column, as tiobench's legend gives it
    /// (`File size = megabytes`, `Blk Size  = bytes`, lkml-2003-01
    /// tiobench-raw line 33): `MB`, `bytes`; empty for `Num Thr`.
    pub(super) fn param_unit(self) -> &'static str {
        match self {
            Col::FileSize => "MB",
            Col::BlkSize => "bytes",
            _ => "",
        }
    }

    /// The metric, for columns that are measurements.
    pub(super) fn metric(self) -> Option<Metric> {
        let (name, unit, better) = match self {
            Col::Rate => ("Rate", "MB/s", Better::Higher),
            Col::Cpu => ("CPU%", "%", Better::Neither),
            Col::AvgLat => ("Avg Latency", "ms", Better::Lower),
            Col::MaxLat => ("Max Latency", "ms", Better::Lower),
            Col::Lat2 => ("Lat% >2s", "%", Better::Lower),
            Col::Lat10 => ("Lat% >10s", "%", Better::Lower),
            Col::Eff => ("CPU Eff", "", Better::Higher),
            _ => return None,
        };
        Some(Metric::new(name, unit, better))
    }
}

/// A recognised table header: the value columns after the label column,
/// each tagged with the operation (index into `groups`) it belongs to.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    pub(super) cols: Vec<(Col, usize)>,
    /// Group per operation; `None` means "the current section title".
    pub(super) groups: Vec<Option<String>>,
    /// Whether the label column names the kernel (`Identifier`, `Kernel`,
    /// `Machine`, or no header word) or the directory tested (`Dir`, old
    /// tiobench.pl: `.` in every row).
    pub(super) label_is_kernel: bool,
    pub(super) line: usize,
}

/// The four operations and the words that name them in titles and in
/// condensed headers.
const OPS: [(&str, &str, &str); 4] = [
    ("Sequential Reads", "Seq", "Read"),
    ("Sequential Writes", "Seq", "Write"),
    ("Random Reads", "Rand", "Read"),
    ("Random Writes", "Rand", "Write"),
];

/// File systems a title's suffix names in tiobench posts.
const FILE_SYSTEMS: [&str; 10] = ["ext2", "ext3", "ext4", "xfs", "jfs", "reiserfs", "reiser4", "btrfs", "tmpfs", "nfs"];

/// A section title: `Sequential Reads`, `Random Writes ext3`, … in any
/// case (`Sequential reads`, a title a poster retyped over a diff of two
/// runs, LKML 2003). Returns the group name (the operation as tiobench
/// prints it, plus cleaned suffix).
pub(super) fn section_title(line: &str) -> Option<String> {
    let t = line.trim();
    // Every operation's name starts with `S` or `R` (in any case): most
    // lines are no title, and are not compared with the four names.
    if !t.as_bytes().first().is_some_and(|b| matches!(b.to_ascii_lowercase(), b's' | b'r')) {
        return None;
    }
    // A title alone in another case (`Sequential reads`, wild34 file 09's
    // first table; its group was left empty) is the operation's.
    if let Some((name, _, _)) = OPS.iter().find(|(name, _, _)| t.eq_ignore_ascii_case(name)) {
        return Some(name.to_string());
    }
    for (name, _, _) in OPS {
        let rest = t.get(..name.len()).filter(|head| head.eq_ignore_ascii_case(name)).map(|_| &t[name.len()..]);
        if let Some(rest) = rest {
            if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
                continue;
            }
            let mut suffix = rest.trim();
            for cut in [" - ", ",", ":", ";", "(", "."] {
                if let Some(p) = suffix.find(cut) {
                    suffix = &suffix[..p];
                }
            }
            let mut words: Vec<&str> = suffix.split_whitespace().collect();
            if words.first().is_some_and(|w| w.eq_ignore_ascii_case("on")) {
                words.remove(0);
            }
            // A sentence starting with the words (`Random Reads throughput
            // on ext2 is a lot higher on 2.5.68.`, over an untitled table,
            // wild31 02): only the file system it names, if one, is a title's
            // suffix; its first words (`throughput on ext2`) are none.
            if words.len() > 3 || t.ends_with('.') {
                words.retain(|w| FILE_SYSTEMS.iter().any(|f| w.eq_ignore_ascii_case(f)));
                words.dedup();
                if words.len() > 1 {
                    words.clear();
                }
            }
            words.truncate(3);
            if words.is_empty() {
                return Some(name.to_string());
            }
            return Some(format!("{name} {}", words.join(" ")));
        }
    }
    None
}

/// The test a line of prose names anywhere in it (`For tiobench sequential
/// reads on ext2, 2.5.68-mm2 with deadline has higher`, Randy Hron, LKML
/// 2003-04: the only words telling which of three kernel-row tables is
/// which): the operation, singular or plural, in any case, plus the one
/// file system the line names (`Sequential Reads ext2`). `None` when the
/// line names no operation, or two (`random reads beat sequential reads`:
/// no one test).
pub(super) fn prose_operation(line: &str) -> Option<String> {
    let lower = line.to_ascii_lowercase();
    if !(lower.contains("sequential") || lower.contains("random")) {
        return None;
    }
    let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_ascii_alphanumeric());
    let mut named: Option<&str> = None;
    for (name, _, _) in OPS {
        // `sequential reads` → `sequential read`: the plural's `s` optional.
        let stem = name.to_ascii_lowercase();
        let stem = &stem[..stem.len() - 1];
        let found = lower.match_indices(stem).any(|(p, _)| {
            let after = &lower[p + stem.len()..];
            let after = after.strip_prefix('s').unwrap_or(after);
            boundary(lower[..p].chars().next_back()) && boundary(after.chars().next())
        });
        if found {
            if named.is_some_and(|n| n != name) {
                return None;
            }
            named = Some(name);
        }
    }
    let name = named?;
    let mut fs: Vec<&str> = line
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
        .filter_map(|w| FILE_SYSTEMS.iter().find(|f| w.eq_ignore_ascii_case(f)).copied())
        .collect();
    fs.sort_unstable();
    fs.dedup();
    Some(match fs.as_slice() {
        [one] => format!("{name} {one}"),
        _ => name.to_string(),
    })
}

/// Operations named in a condensed header's first line (`Num Seq Read CPU
/// Rand Read CPU`), in order.
fn condensed_ops(line: &str) -> Vec<String> {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let mut ops = Vec::new();
    for w in toks.windows(2) {
        let a = w[0].to_ascii_lowercase();
        let b = w[1].to_ascii_lowercase();
        let seq = a == "seq" || a == "sequential";
        let rand = a == "rand" || a == "random";
        let read = b == "read" || b == "reads";
        let write = b == "write" || b == "writes";
        if (seq || rand) && (read || write) {
            let op = OPS
                .iter()
                .find(|(_, s, r)| (s.eq_ignore_ascii_case("seq") == seq) && (r.eq_ignore_ascii_case("read") == read))
                .map(|(n, _, _)| n.to_string());
            if let Some(op) = op {
                ops.push(op);
            }
        }
    }
    ops
}

/// The operations the line above header line `i` names (`Seq Read`,
/// `Rand Read`, …), or, where that line is the rest a mail's re-wrap broke
/// off (`… Seq Write  Rand` / `Write` over `Dir Size …`, LKML 2002-12 at 72
/// columns) and the two lines joined name `n_rate` operations, theirs (read
/// alone, `Write` named one of four, and the table was not found: 48
/// figures lost, the segment gone).
fn ops_above(lines: &[String], i: usize, n_rate: usize) -> Vec<String> {
    let ops = i.checked_sub(1).and_then(|j| lines.get(j)).map(|l| condensed_ops(l)).unwrap_or_default();
    if ops.len() != n_rate
        && let (Some(above), Some(rest)) =
            (i.checked_sub(2).and_then(|j| lines.get(j)), i.checked_sub(1).and_then(|j| lines.get(j)))
        && !above.trim().is_empty()
        && rest.split_whitespace().count() <= 2
        && rest.split_whitespace().all(is_col_word_or_op)
    {
        let joined = condensed_ops(&format!("{above} {rest}"));
        if joined.len() == n_rate {
            return joined;
        }
    }
    ops
}

/// A word of a header's first line: a column's (`Latency`) or an
/// operation's (`Write`, `Rand`).
fn is_col_word_or_op(t: &str) -> bool {
    is_col_word(t) || ["seq", "rand", "read", "write", "reads", "writes"].iter().any(|w| t.eq_ignore_ascii_case(w))
}

/// Is `line` a rule of dashes (and spaces)?
pub(super) fn is_rule(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.chars().all(|c| c == '-' || c.is_whitespace())
}

/// Column tokens that may follow a wrapped header's second line.
fn is_col_word(t: &str) -> bool {
    matches!(t, "Size" | "Thr" | "Rate" | "(CPU%)" | "Latency" | ">2s" | ">10s" | "Eff") || lat_share(t).is_some()
}

/// The `Lat%` columns' second header words as a web page's text export
/// left them: `&2s` / `&10s` (the `&gt;` of `>2s` cut to its `&`; Xose
/// Vazquez Perez re-posting Randy Hron's tables, LKML 2003-12) and
/// `&gt;2s` itself; a page escaped twice (`&amp;gt;2s`), the numeric
/// entity (`&#62;2s`, `&#x3e;2s`), or the `>` dropped by an HTML-to-text
/// step (`2s`, `10s`; attack38 #21: all three lost every figure of Randy
/// Hron's tables). The column, or `None`.
fn lat_share(t: &str) -> Option<Col> {
    let rest =
        ["&amp;gt;", "&gt;", "&#62;", "&#x3e;", "&#x3E;", "&"].iter().find_map(|p| t.strip_prefix(p)).unwrap_or(t);
    match rest {
        "2s" => Some(Col::Lat2),
        "10s" => Some(Col::Lat10),
        _ => None,
    }
}

/// Tries to read a table header whose second line is line `i` (0-based).
/// Returns the layout and the index of the last header line.
pub(super) fn header_at(lines: &[String], i: usize) -> Option<(Layout, usize)> {
    let l2 = lines.get(i)?;
    let mut toks: Vec<&str> = l2.split_whitespace().collect();
    let first = *toks.first()?;
    let labelled = matches!(first, "Identifier" | "Kernel" | "kernel" | "Machine" | "Dir");
    let label_is_kernel = first != "Dir";
    if labelled {
        toks.remove(0);
    }
    if toks.first() == Some(&"Thr") && !labelled {
        // condensed layout: no label header, rows still start with a label
    } else if !labelled {
        return None;
    }
    if !toks.contains(&"Rate") || !toks.contains(&"(CPU%)") {
        return None;
    }
    // A wrapped second header line continues on the next line: with a
    // `Rate` in it only where the first line names as many operations as
    // the joined line has rates (`… Rate (CPU%)` / `Rate (CPU%)` under
    // `… Seq Write` / `Rand Write`, a triple-quoted table re-wrapped at 72).
    let mut last = i;
    if let Some(next) = lines.get(i + 1) {
        let nt: Vec<&str> = next.split_whitespace().collect();
        let rates = |ts: &[&str]| ts.iter().filter(|t| **t == "Rate").count();
        if !nt.is_empty()
            && nt.iter().all(|t| is_col_word(t))
            && (!nt.contains(&"Rate") || (nt.len() <= 4 && ops_above(lines, i, rates(&toks) + rates(&nt)).len() > 1))
        {
            toks.extend(nt);
            last = i + 1;
        }
    }
    if !toks.iter().all(|t| is_col_word(t)) {
        return None;
    }
    let l1 = first_header_line(lines, i);
    let l1_words: Vec<&str> = l1.split_whitespace().collect();

    let n_rate = toks.iter().filter(|t| **t == "Rate").count();
    // Operations are named only in the line right above (not in a title).
    let ops = ops_above(lines, i, n_rate);
    let condensed = n_rate >= 2 || (!ops.is_empty() && ops.len() == n_rate && toks.first() == Some(&"Thr"));
    if condensed && ops.len() != n_rate {
        return None;
    }

    let n_size = toks.iter().filter(|t| **t == "Size").count();
    let n_lat = toks.iter().filter(|t| **t == "Latency").count();
    let cols = header_columns(&toks, &l1_words, condensed)?;
    if n_size > 2 || (!condensed && (n_lat > 2 || n_rate != 1)) {
        return None;
    }
    let groups = if condensed { ops.into_iter().map(Some).collect() } else { vec![None] };
    Some((Layout { cols, groups, label_is_kernel, line: i + 1 }, last))
}

/// The first line of the table header whose second line is line `i`
/// (and a wrapped part of it above), joined with spaces: the lines above
/// `i`, up to two and up to a blank line.
fn first_header_line(lines: &[String], i: usize) -> String {
    let mut l1 = String::new();
    for back in 1..=2 {
        if let Some(prev) = i.checked_sub(back).and_then(|j| lines.get(j)) {
            if prev.trim().is_empty() {
                break;
            }
            l1.push(' ');
            l1.push_str(prev);
        }
    }
    l1
}

/// The columns of a header's second line `toks` (with their operation's
/// index in a condensed table), named with the help of the first line's
/// words `l1_words` (`File`/`Blk` over `Size`, `Avg`/`Maximum` over
/// `Latency`). `None` when a token is no column.
fn header_columns(toks: &[&str], l1_words: &[&str], condensed: bool) -> Option<Vec<(Col, usize)>> {
    let has = |w: &str| l1_words.contains(&w);
    let n_size = toks.iter().filter(|t| **t == "Size").count();
    let n_lat = toks.iter().filter(|t| **t == "Latency").count();
    let mut seen_size = 0;
    let mut seen_lat = 0;
    let mut op = 0usize;
    let mut seen_rate = 0;
    let mut cols = Vec::new();
    for t in toks {
        let col = match *t {
            "Size" => {
                seen_size += 1;
                if n_size >= 2 {
                    if seen_size == 1 { Col::FileSize } else { Col::BlkSize }
                } else if has("Blk") && !has("File") {
                    Col::BlkSize
                } else {
                    Col::FileSize
                }
            }
            "Thr" => Col::Threads,
            "Rate" => {
                seen_rate += 1;
                if condensed && seen_rate > 1 {
                    op += 1;
                }
                Col::Rate
            }
            "(CPU%)" => Col::Cpu,
            "Latency" => {
                seen_lat += 1;
                if n_lat >= 2 {
                    if seen_lat == 1 { Col::AvgLat } else { Col::MaxLat }
                } else if has("Maximum") && !has("Avg") {
                    Col::MaxLat
                } else {
                    Col::AvgLat
                }
            }
            ">2s" => Col::Lat2,
            ">10s" => Col::Lat10,
            "Eff" => Col::Eff,
            other => lat_share(other)?,
        };
        cols.push((col, op));
    }
    Some(cols)
}
