//! A table's columns: tokens and their positions, the dashed rule, and the
//! column header read into a [`Table`] (aligned, or collapsed and matched
//! against lmbench's own column names).

use super::names;

/// A column rule: two or more runs of dashes separated by spaces. Returns
/// each run's first and last character column.
pub(super) fn dash_groups(line: &str) -> Option<Vec<(usize, usize)>> {
    let t = line.trim_end();
    if t.is_empty() || !t.chars().all(|c| c == '-' || c == ' ') {
        return None;
    }
    let toks = tokens(t);
    (toks.len() >= 2).then(|| toks.iter().map(|k| (k.start, k.end)).collect())
}

/// A whitespace-separated token with its first and last character column.
#[derive(Debug, Clone)]
pub(super) struct Tok<'a> {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) text: &'a str,
}

pub(super) fn tokens(line: &str) -> Vec<Tok<'_>> {
    if line.is_ascii() {
        // Nearly every line: a byte is a column, and the whitespace is
        // `char::is_whitespace`'s ASCII part (which has the vertical tab).
        let bytes = line.bytes().enumerate();
        split_tokens(line, bytes.map(|(i, b)| (i, i, matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r'))))
    } else {
        split_tokens(line, line.char_indices().enumerate().map(|(col, (byte, c))| (col, byte, c.is_whitespace())))
    }
}

/// [`tokens`] over `(column, byte offset, is whitespace)` of each character.
fn split_tokens(line: &str, chars: impl Iterator<Item = (usize, usize, bool)>) -> Vec<Tok<'_>> {
    let mut out = Vec::with_capacity(16);
    // The token being read: its first and last column, its first byte.
    let mut cur: Option<(usize, usize, usize)> = None;
    for (col, byte, space) in chars {
        if space {
            if let Some((start, end, first)) = cur.take() {
                out.push(Tok { start, end, text: &line[first..byte] });
            }
        } else {
            match cur.as_mut() {
                Some(t) => t.1 = col,
                None => cur = Some((col, col, byte)),
            }
        }
    }
    if let Some((start, end, first)) = cur {
        out.push(Tok { start, end, text: &line[first..] });
    }
    out
}

fn overlap(t: &Tok<'_>, c: (usize, usize)) -> usize {
    let lo = t.start.max(c.0);
    let hi = t.end.min(c.1);
    if hi >= lo { hi - lo + 1 } else { 0 }
}

pub(super) fn gap(t: &Tok<'_>, c: (usize, usize)) -> usize {
    c.0.saturating_sub(t.end).max(t.start.saturating_sub(c.1))
}

/// The column (index into `cols`) a token belongs to: the one it overlaps
/// most (ties: the one whose right edge is nearest the token's, since values
/// are right-aligned), else the nearest one at most `slack` columns away.
fn best_col(t: &Tok<'_>, cols: &[(usize, usize)], slack: usize) -> Option<usize> {
    let mut best: Option<(usize, usize, usize)> = None; // (overlap, -edge distance, idx)
    for (i, &c) in cols.iter().enumerate() {
        let ov = overlap(t, c);
        if ov == 0 {
            continue;
        }
        let edge = t.end.abs_diff(c.1);
        let better = match best {
            None => true,
            Some((bo, be, _)) => ov > bo || (ov == bo && edge < be),
        };
        if better {
            best = Some((ov, edge, i));
        }
    }
    if let Some((_, _, i)) = best {
        return Some(i);
    }
    cols.iter().enumerate().map(|(i, &c)| (gap(t, c), i)).filter(|&(g, _)| g <= slack).min().map(|(_, i)| i)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Layout {
    /// Column positions intact: cells are found by the column rule.
    Aligned,
    /// Whitespace collapsed: cells are taken in order.
    Collapsed,
}

#[derive(Debug, Clone)]
pub(super) struct Column {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) name: String,
    /// `Description`, `Guesses`: text, never a sample.
    pub(super) text: bool,
}

#[derive(Debug, Clone)]
pub(super) struct Table {
    pub(super) layout: Layout,
    /// True when the first column is `Host` (then `OS`), false when `OS` alone.
    pub(super) host: bool,
    /// Extent of the label columns (Host and/or OS): last character column.
    pub(super) label_end: usize,
    /// The value columns, left to right.
    pub(super) cols: Vec<Column>,
}

pub(super) fn join_words(parts: &[String]) -> String {
    let mut out = String::new();
    for p in parts {
        if p.is_empty() {
            continue;
        }
        if !out.is_empty() && !out.ends_with('/') {
            out.push(' ');
        }
        out.push_str(p);
    }
    out
}

pub(super) fn is_text_column(name: &str) -> bool {
    matches!(name, "Description" | "Guesses")
}

/// Reads headers whose words still sit over their columns.
pub(super) fn aligned_header(header: &[(usize, &str)], rule: &[(usize, usize)]) -> Option<Table> {
    let first = tokens(header.first()?.1);
    let lead = first.first()?;
    let host = match lead.text {
        "Host" => true,
        "OS" => false,
        _ => return None,
    };
    let nlabel = if host { 2 } else { 1 };
    if rule.len() <= nlabel {
        return None;
    }
    let label_end = rule.get(nlabel - 1)?.1;
    let values: Vec<(usize, usize)> = rule.get(nlabel..)?.to_vec();
    // parts[col][line] = words
    let mut parts: Vec<Vec<Vec<String>>> = vec![vec![Vec::new(); header.len()]; values.len()];
    for (li, (_, text)) in header.iter().enumerate() {
        let toks = tokens(text);
        // Phrases: tokens separated by exactly one space.
        let mut phrases: Vec<Vec<Tok>> = Vec::new();
        for t in toks {
            match phrases.last_mut() {
                Some(p) if p.last().is_some_and(|l| l.end + 2 == t.start) => p.push(t),
                _ => phrases.push(vec![t]),
            }
        }
        for phrase in phrases {
            let mut words: Vec<Tok> = Vec::new();
            for t in phrase {
                if t.end <= label_end {
                    if !matches!(t.text, "Host" | "OS") {
                        return None;
                    }
                    continue;
                }
                if t.start <= label_end {
                    return None;
                }
                words.push(t);
            }
            if words.is_empty() {
                continue;
            }
            let spans: Vec<Vec<usize>> =
                words.iter().map(|w| (0..values.len()).filter(|&c| overlap(w, values[c]) > 0).collect()).collect();
            if spans.iter().any(|s| s.len() >= 2) {
                // A header over several columns: it prefixes each of them.
                let mut over: Vec<usize> = spans.into_iter().flatten().collect();
                over.sort_unstable();
                over.dedup();
                let text = words.iter().map(|w| w.text).collect::<Vec<_>>().join(" ");
                for c in over {
                    parts[c][li].push(text.clone());
                }
            } else {
                for w in &words {
                    let c = best_col(w, &values, 1)?;
                    parts[c][li].push(w.text.to_string());
                }
            }
        }
    }
    let mut cols = Vec::with_capacity(values.len());
    for (c, &(start, end)) in values.iter().enumerate() {
        let per_line: Vec<String> = parts[c].iter().map(|ws| ws.join(" ")).collect();
        let name = join_words(&per_line);
        if name.is_empty() {
            return None;
        }
        cols.push(Column { start, end, text: is_text_column(&name), name });
    }
    Some(Table { layout: Layout::Aligned, host, label_end, cols })
}

/// The header words of each header line with the label words removed
/// (`Host` first on the first line, then `OS` there or first on the
/// second), and whether the table has a Host column.
pub(super) fn header_words<'a>(header: &[(usize, &'a str)]) -> Option<(bool, Vec<Vec<&'a str>>)> {
    let mut lines: Vec<Vec<&str>> = header.iter().map(|(_, l)| l.split_whitespace().collect()).collect();
    let first = lines.first_mut()?;
    let host = match first.first().copied() {
        Some("Host") => {
            first.remove(0);
            if first.first() == Some(&"OS") {
                first.remove(0);
            } else if lines.get(1).and_then(|l| l.first()) == Some(&"OS") {
                lines[1].remove(0);
            }
            true
        }
        Some("OS") => {
            first.remove(0);
            false
        }
        _ => return None,
    };
    if lines.iter().map(Vec::len).sum::<usize>() > 40 {
        return None; // no lmbench header has that many words
    }
    Some((host, lines))
}

/// Reads headers whose whitespace was collapsed, by matching the header
/// words against lmbench's own column names in order.
pub(super) fn collapsed_header(group: &str, header: &[(usize, &str)], ncols: usize) -> Option<Table> {
    if header.len() > 2 {
        return None;
    }
    let (host, lines) = header_words(header)?;
    let n = ncols.checked_sub(if host { 2 } else { 1 }).filter(|&n| n > 0)?;
    // With one header line the split between the stacked lines may have
    // been lost (a flattened table): try every split, demand one answer.
    let names = if let [only] = lines.as_slice() {
        let mut found: Option<Vec<String>> = None;
        for k in (0..=only.len()).rev() {
            let split = vec![only[..k].to_vec(), only[k..].to_vec()];
            match (names::match_names(group, &split, n), &found) {
                (Some(h), Some(f)) if h != *f => return None,
                (Some(h), None) => found = Some(h),
                _ => {}
            }
        }
        found?
    } else {
        names::match_names(group, &lines, n)?
    };
    let cols = names.into_iter().map(|name| Column { start: 0, end: 0, text: is_text_column(&name), name }).collect();
    Some(Table { layout: Layout::Collapsed, host, label_end: 0, cols })
}

/// Which lmbench version a table's layout shows, if any.
pub(super) fn layout_hint(group: &str, table: &Table) -> Option<&'static str> {
    if group.starts_with("Basic integer")
        || group.starts_with("Basic uint64")
        || group.starts_with("Remote")
        || table.cols.iter().any(|c| c.name == "slct TCP" || c.name == "100fd selct")
    {
        return Some("3.0");
    }
    if table.cols.iter().any(|c| c.name == "selct TCP") {
        return Some("2.0");
    }
    None
}
