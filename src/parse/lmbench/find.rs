//! Finding lmbench tables in a file: the lines to read (tables pasted
//! flattened onto one line split back), where a table starts, and the
//! section titles and banners above tables (with the lmbench version).

use super::rows::OS_NAMES;
use super::table::dash_groups;
use crate::model::Better;
use crate::parse::Input;
use crate::parse::input::contains_ignore_ascii_case;
use crate::parse::input::expand_tabs;

/// The input as (line number, text) with tabs expanded; a table flattened
/// onto one line (title, rules, headers and rows run together, as some
/// archives show mail) is split into the lines it was, all numbered with
/// the physical line.
pub(super) fn virtual_lines(input: &Input) -> Vec<(usize, String)> {
    let mut out = Vec::with_capacity(input.lines.len());
    for (n, raw) in input.numbered() {
        let line = expand_tabs(raw);
        match split_flattened(&line) {
            Some(parts) => out.extend(parts.into_iter().map(|p| (n, p))),
            None => out.push((n, line)),
        }
    }
    out
}

fn is_dash_token(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b == b'-')
}

/// Splits `Title - smaller is better ----- Host OS … ---- ---- row row …`
/// into its lines; `None` when the line is not such a flattened table.
fn split_flattened(line: &str) -> Option<Vec<String>> {
    let t = line.trim();
    // Two searchers made once for every line of every file.
    static BETTER: std::sync::LazyLock<[memchr::memmem::Finder<'static>; 2]> = std::sync::LazyLock::new(|| {
        [memchr::memmem::Finder::new("smaller is better"), memchr::memmem::Finder::new("bigger is better")]
    });
    let end = BETTER.iter().filter_map(|f| f.find(t.as_bytes()).map(|i| i + f.needle().len())).min()?;
    let title = t.get(..end)?;
    parse_title(title)?;
    let mut rest = t.get(end..)?.trim_start();
    if rest.is_empty() {
        return None;
    }
    let mut out = vec![title.to_string()];
    if rest.starts_with("(WARNING") {
        let close = rest.find(')')?;
        out.push(rest.get(..=close)?.to_string());
        rest = rest.get(close + 1..)?.trim_start();
    }
    let toks: Vec<&str> = rest.split_whitespace().collect();
    let rule = toks.first().filter(|r| r.len() >= 10 && is_dash_token(r))?;
    out.push(rule.to_string());
    let mut i = 1;
    let mut header = Vec::new();
    while i < toks.len() && !is_dash_token(toks[i]) {
        header.push(toks[i]);
        i += 1;
    }
    let mut col_rule = Vec::new();
    while i < toks.len() && is_dash_token(toks[i]) {
        col_rule.push(toks[i]);
        i += 1;
    }
    if header.is_empty() || col_rule.len() < 2 {
        return None;
    }
    out.push(header.join(" "));
    out.push(col_rule.join(" "));
    let host = header.first() == Some(&"Host");
    let rows = &toks[i..];
    let starts: Vec<usize> = (0..rows.len())
        .filter(
            |&k| if host { rows.get(k + 1).is_some_and(|w| OS_NAMES.contains(w)) } else { OS_NAMES.contains(&rows[k]) },
        )
        .collect();
    let mut prev = 0;
    for &s in starts.iter().chain(std::iter::once(&rows.len())) {
        if s > prev {
            out.push(rows[prev..s].join(" "));
        }
        prev = s;
    }
    Some(out)
}

/// A section found at a title line: its title rule, header lines and column rule.
pub(super) struct Found {
    pub(super) title: Title,
    pub(super) rule: usize,
    /// Indices of the non-blank header lines.
    pub(super) header: Vec<usize>,
    /// Index of the column rule (or the last line looked at).
    pub(super) next: usize,
    pub(super) cols: Option<Vec<(usize, usize)>>,
    pub(super) first_word: Option<String>,
}

impl Found {
    /// The headers start with `Host` or `OS`, as getsummary prints them.
    pub(super) fn lmbench_header(&self) -> bool {
        self.cols.is_some() && !self.header.is_empty() && matches!(self.first_word.as_deref(), Some("Host" | "OS"))
    }
}

pub(super) fn table_at(lines: &[(usize, String)], i: usize) -> Option<Found> {
    let title = parse_title(&lines.get(i)?.1)?;
    let rule = title_rule_at(lines, i)?;
    let mut header = Vec::new();
    let mut k = rule + 1;
    let mut cols = None;
    while k < lines.len() && k <= rule + 6 {
        let l = lines[k].1.as_str();
        if let Some(groups) = dash_groups(l) {
            cols = Some(groups);
            break;
        }
        if !l.trim().is_empty() {
            header.push(k);
        }
        k += 1;
    }
    let first_word = header.first().and_then(|&h| lines[h].1.split_whitespace().next()).map(str::to_string);
    Some(Found { title, rule, header, next: k, cols, first_word })
}

/// False only when no line [`virtual_lines`] makes of the raw `line` can be
/// a title [`parse_title`] accepts: each of those lines is part of the
/// line with tabs expanded, and a title holds a unit word, or is "Basic
/// system parameters" in any case. A cheap test that lets
/// [`Lmbench::detect`](super::Lmbench::detect) skip building the virtual lines of files that are
/// no lmbench summary. `units` are the [`UNIT_WORDS`] the whole text holds
/// and `basic` whether it holds `basic` in any case (a line holds only
/// what its text holds: the answer is the same as testing every word on
/// every line, without searching each line for words the text lacks).
pub(super) fn may_hold_title(line: &str, units: &[&str], basic: bool) -> bool {
    // A title with a unit is cut at " - " or " in ": spaces here, or
    // other whitespace (a tab) that expansion or re-joining makes spaces.
    (units.iter().any(|w| line.contains(w))
        && (line.contains(" - ") || line.contains(" in ") || line.chars().any(|c| c.is_whitespace() && c != ' ')))
        || (basic && contains_ignore_ascii_case(line, "basic"))
}

/// The unit words of section titles.
pub(super) const UNIT_WORDS: [&str; 5] = ["microseconds", "nanoseconds", "milliseconds", "MB/s", "megabytes/second"];

/// A section title: "Context switching - times in microseconds - smaller is better".
#[derive(Debug, Clone)]
pub(super) struct Title {
    pub(super) group: String,
    pub(super) unit: &'static str,
    pub(super) better: Better,
}

pub(super) fn is_banner(line: &str) -> bool {
    // The spaced-out banner is required below: test it before squeezing.
    if !line.contains("L M B E N C H") {
        return false;
    }
    let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed.contains("LMBENCH") && squeezed.contains("SUMMARY") && line.contains("L M B E N C H")
}

/// `L M B E N C H  2 . 0   S U M M A R Y` → `2.0`.
pub(super) fn banner_version(line: &str) -> Option<String> {
    if !is_banner(line) {
        return None;
    }
    let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let start = squeezed.find("LMBENCH")? + "LMBENCH".len();
    let end = squeezed.find("SUMMARY")?;
    let v = squeezed.get(start..end)?;
    (!v.is_empty() && v.bytes().all(|b| b.is_ascii_digit() || b == b'.')).then(|| v.to_string())
}

/// `LMbench 2.0p2`, `lmbench3`, `[lmbench2.0 results …` → major.minor.
pub(super) fn mention_version(input: &Input) -> Option<String> {
    for line in &input.lines {
        let lower = line.to_ascii_lowercase();
        let mut from = 0;
        while let Some(p) = lower.get(from..).and_then(|s| s.find("lmbench")) {
            let at = from + p + "lmbench".len();
            let rest = lower.get(at..).unwrap_or("").trim_start_matches([' ', '-']);
            let v: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let v = v.trim_end_matches('.');
            if let Some(major) = v.chars().next().filter(char::is_ascii_digit) {
                let minor = v.split('.').nth(1).and_then(|m| m.chars().next()).unwrap_or('0');
                return Some(format!("{major}.{minor}"));
            }
            from = at;
        }
    }
    None
}

pub(super) fn parse_title(line: &str) -> Option<Title> {
    let t = line.trim();
    if t.eq_ignore_ascii_case("Basic system parameters") {
        return Some(Title { group: "Basic system parameters".into(), unit: "", better: Better::Neither });
    }
    let unit = if t.contains("microseconds") {
        "µs"
    } else if t.contains("nanoseconds") {
        "ns"
    } else if t.contains("milliseconds") {
        "ms"
    } else if t.contains("MB/s") || t.contains("megabytes/second") {
        // lmbench 1.0: "*Local* Communication bandwidths in megabytes/second"
        "MB/s"
    } else {
        return None;
    };
    let cut = [" - ", " in "].iter().filter_map(|p| t.find(p)).min()?;
    let group: String = t.get(..cut)?.replace('*', "").trim().to_string();
    if group.is_empty() || !group.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let better = if t.contains("smaller is better") {
        Better::Lower
    } else if t.contains("bigger is better") || t.contains("larger is better") {
        Better::Higher
    } else {
        Better::Neither
    };
    Some(Title { group, unit, better })
}

/// The line index of the all-dashes rule under the title at `i` (allowing
/// one "(WARNING …)" line in between), if there is one.
fn title_rule_at(lines: &[(usize, String)], i: usize) -> Option<usize> {
    let mut j = i + 1;
    if lines.get(j).is_some_and(|l| l.1.trim_start().starts_with("(WARNING")) {
        j += 1;
    }
    let l = lines.get(j)?.1.trim();
    (l.len() >= 10 && l.bytes().all(|b| b == b'-')).then_some(j)
}
