//! The summary rows of the `netperf.sh` script scheduler people post on
//! LKML (Mike Galbraith's and Peter Zijlstra's, 2023-2024): one row per
//! test and number of concurrent instances, each figure the mean per
//! instance (`Avg:`) of netperf's own result, one column per set-up
//! under a header the writer typed:
//!
//! ```text
//! netperf           NO_WA_WEIGHT               NO_SIS_CURRENT
//!                                  NO_WA_BIAS             SIS_CURRENT
//! -------------------------------------------------------------------
//! TCP_SENDFILE-1  : Avg: 40495.7    41899.7    42001      40783.4
//! TCP_RR-10       : Avg: 71539.1    72099.5    71123.2    69447.9
//! ```
//!
//! (Peter Zijlstra, "Re: [PATCH v8 2/2] sched/fair: Introduce SIS_CURRENT",
//! LKML 2023-05-01; his header is staggered over two lines, each name
//! over its column.) Also `netperf  cfs +eevdf  vs cfs` over
//! `TCP_SENDFILE-1    Avg:  89258  92080   1.031` (Mike Galbraith, EEVDF,
//! 2023), and a row naming its own set-up with the instances' sum,
//! `TCP_RR-1        unbound    Avg:  31754  Sum:    31754` (2024).
//!
//! **Sample.** Parameters `test` (`TCP_SENDFILE`), `instances` (the
//! number after the test's name, netperf instances run at once: each
//! figure is one run's mean per instance, as LKP's copies are read) and
//! `label`, the column's name in the header as written (`NO_WA_BIAS`: a
//! name over a column says what that column ran with; what it leaves
//! unsaid is not guessed) or the row's own word (`unbound`). Metric as
//! netperf's tables give it: `Trans. Rate` in `per sec` for a
//! request/response test, `Throughput` in `10^6bits/s` for a stream test;
//! the rows print no unit, and netperf's default is assumed, said once.
//! Higher is better.
//!
//! **Not read, each said:** a column headed `%` or `vs …` (the change
//! between two columns, `-2.89898`, or their ratio, `1.031`: no figure of
//! a run); `Sum:` (the instances' total, the mean times their count); the
//! rows of a block whose figures are more or fewer than its header's
//! columns, or of several columns under no header: which figure is whose
//! is not known.

use super::super::Input;
use super::kind_of_test;
use crate::model::{Better, Metric, ParsedFile, Sample};

/// One summary row: the test, its instances, the row's own set-up word,
/// the `Avg:` figures (as printed) and whether a `Sum:` follows.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Row {
    pub test: String,
    pub instances: u32,
    pub label: Option<String>,
    pub values: Vec<f64>,
    pub sum: bool,
}

/// A figure as the script prints it: `40495.7`, `-2.89898`, `.939`.
fn figure(w: &str) -> Option<f64> {
    let digits = w.strip_prefix(['-', '+']).unwrap_or(w);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'.') || digits.matches('.').count() > 1
    {
        return None;
    }
    w.parse().ok()
}

/// `TCP_SENDFILE-1  : Avg: 40495.7 …`, `TCP_RR-1  unbound  Avg: 31754  Sum:
/// 31754` → the row; `None` for any other line (a test netperf does not
/// name, no `Avg:`, a word among the figures).
pub(super) fn row(line: &str) -> Option<Row> {
    let mut words = line.split_whitespace();
    let first = words.next()?.trim_end_matches(':');
    let (test, n) = first.rsplit_once('-')?;
    if !test.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_') || kind_of_test(test).is_none()
    {
        return None;
    }
    let instances: u32 = n.parse().ok()?;
    let mut label: Option<String> = None;
    let mut seen_avg = false;
    for w in words.by_ref() {
        if w == "Avg:" {
            seen_avg = true;
            break;
        }
        if w == ":" {
            continue;
        }
        // One word of the row's own before `Avg:` (`unbound`, `cross-core`).
        if label.is_some() || figure(w).is_some() {
            return None;
        }
        label = Some(w.to_string());
    }
    if !seen_avg {
        return None;
    }
    let (mut values, mut sum) = (Vec::new(), false);
    let rest: Vec<&str> = words.collect();
    let mut k = 0;
    while k < rest.len() {
        if rest[k] == "Sum:" {
            // The instances' total: one figure after it, and the row ends.
            if k + 2 != rest.len() || figure(rest[k + 1]).is_none() {
                return None;
            }
            sum = true;
            break;
        }
        values.push(figure(rest[k])?);
        k += 1;
    }
    (!values.is_empty()).then(|| Row { test: test.to_string(), instances, label, values, sum })
}

/// A rule under the header (`-------`, `--- ---`).
fn is_rule(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b == b'-' || b == b' ') && t.contains("---")
}

/// The column names of the header lines above a block's first row, in
/// column order (a staggered header's two lines merged by where each name
/// starts), `vs` joined to the word after it; `None` where the lines above
/// are no `netperf …` header. The flag: a staggered header whose names
/// on one line are one space apart, so where each starts no longer says
/// which column it names ([`staggered_collapsed`]).
fn header(input: &Input, first_row: usize) -> Option<(usize, Vec<String>, bool)> {
    let depth = input.quote_depth(first_row);
    let mut i = first_row;
    let mut found: Vec<usize> = Vec::new();
    while i > 0 && found.len() < 3 {
        i -= 1;
        let t = input.lines[i].trim();
        if t.is_empty() || input.quote_depth(i) != depth {
            break;
        }
        if is_rule(t) {
            if !found.is_empty() {
                break;
            }
            continue;
        }
        found.push(i);
        if t.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("netperf")) {
            break;
        }
    }
    let top = *found.last()?;
    if !input.lines[top].split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("netperf")) || found.len() > 2
    {
        return None;
    }
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut collapsed = false;
    for &j in &found {
        // Where each name starts is measured on the line as shown, its tabs
        // to the file's stops: an editor's `unexpand -a` turned the staggered
        // header's blanks to tabs, and the names counted by bytes fell in
        // another order, each run's figures filed under its neighbour's name
        // (Peter Zijlstra's four set-ups, LKML 2023-05; damage58).
        let expanded = input.expanded(j);
        let line = expanded.as_ref();
        let mut at = 0;
        let mut skip_first = j == top;
        for w in line.split_whitespace() {
            let start = at + line[at..].find(w).unwrap_or(0);
            at = start + w.len();
            if skip_first {
                skip_first = false;
                continue;
            }
            words.push((line[..start].chars().count(), w.to_string()));
        }
        collapsed |= found.len() == 2 && staggered_collapsed(line, j == top);
    }
    words.sort_by_key(|&(at, _)| at);
    let mut names: Vec<String> = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let w = words[k].1.as_str();
        if (w == "vs" || w == "vs.") && k + 1 < words.len() {
            names.push(format!("{w} {}", words[k + 1].1));
            k += 2;
            continue;
        }
        names.push(w.to_string());
        k += 1;
    }
    (!names.is_empty()).then_some((top + 1, names, collapsed))
}

/// One line of a header staggered over two lines whose spacing was
/// collapsed (html-to-text, a reflowing client): two of its names one
/// space apart (`netperf NO_WA_WEIGHT NO_SIS_CURRENT` over ` NO_WA_BIAS
/// SIS_CURRENT`). A staggered header's names stand apart to leave room for
/// the other line's, and their order is read from where each starts; once
/// collapsed, the lower line's names sort before the upper's and every
/// figure goes to another set-up (Peter Zijlstra's four set-ups, LKML
/// 2023-05: SIS_CURRENT and NO_SIS_CURRENT swapped; attack62). `vs X` is
/// one name.
fn staggered_collapsed(line: &str, top: bool) -> bool {
    let words: Vec<&str> = line.split_whitespace().skip(usize::from(top)).collect();
    let gaps = line.trim().split(|c: char| !c.is_whitespace()).filter(|g| !g.is_empty());
    // The gaps between this line's names (the one after `netperf` left out).
    let gaps: Vec<usize> = gaps.skip(usize::from(top)).map(|g| g.chars().count()).collect();
    words.windows(2).zip(&gaps).any(|(w, &g)| g < 2 && w[0] != "vs" && w[0] != "vs.")
}

/// A column that holds no run's figure: `%` (the change between two
/// columns) or `vs …` (their ratio).
fn is_ratio(name: &str) -> bool {
    name == "%" || name.starts_with("vs ") || name.starts_with("vs. ")
}

/// How many summary rows `input` holds (for detection).
pub(super) fn rows_in(input: &Input) -> usize {
    if !input.has("Avg:") {
        return 0;
    }
    input.lines.iter().filter(|l| row(l.trim()).is_some()).count()
}

/// Reads every block of summary rows of `input` into `out` (module docs).
pub(super) fn read(input: &Input, out: &mut ParsedFile) {
    if !input.has("Avg:") {
        return;
    }
    let mut unit_said = false;
    let mut i = 0;
    while i < input.lines.len() {
        let Some(first) = row(input.lines[i].trim()) else {
            i += 1;
            continue;
        };
        let depth = input.quote_depth(i);
        // The block: rows of one depth, blank lines between them allowed.
        let mut rows: Vec<(usize, Row)> = vec![(i + 1, first)];
        let mut j = i + 1;
        while j < input.lines.len() {
            let t = input.lines[j].trim();
            if t.is_empty() {
                j += 1;
                continue;
            }
            match row(t).filter(|_| input.quote_depth(j) == depth) {
                Some(r) => rows.push((j + 1, r)),
                None => break,
            }
            j += 1;
        }
        let names = header(input, i);
        let columns = rows[0].1.values.len();
        let at = rows[0].0;
        let fits = |n: usize| rows.iter().all(|(_, r)| r.values.len() == n);
        let named: Option<Vec<Option<String>>> = match &names {
            Some((h, names, true)) => {
                out.notes.push((
                    at,
                    format!(
                        "netperf.sh summary rows (lines {at}-{}): the header of lines {h}-{} is staggered over two \
                         lines and its spacing was collapsed ({}): which name is over which column is not known, \
                         the rows are not read",
                        rows.last().map_or(at, |r| r.0),
                        h + 1,
                        names.join(", ")
                    ),
                ));
                None
            }
            Some((_, names, _)) if fits(names.len()) => Some(names.iter().map(|n| Some(n.clone())).collect()),
            Some((h, names, _)) => {
                out.notes.push((
                    at,
                    format!(
                        "netperf.sh summary rows (lines {at}-{}): the header of line {h} names {} column(s) ({}), \
                         and not every row has as many figures: which figure is whose is not known, the rows are \
                         not read",
                        rows.last().map_or(at, |r| r.0),
                        names.len(),
                        names.join(", ")
                    ),
                ));
                None
            }
            None if fits(1) => Some(vec![None]),
            None => {
                out.notes.push((
                    at,
                    format!(
                        "netperf.sh summary rows (lines {at}-{}) of {columns} figures each under no `netperf  A  B` \
                         header naming their columns: which set-up each figure is of is not known, the rows are \
                         not read",
                        rows.last().map_or(at, |r| r.0)
                    ),
                ));
                None
            }
        };
        if let Some(named) = named {
            if let Some(k) = named.iter().position(|n| n.as_deref().is_some_and(is_ratio)) {
                out.notes.push((
                    at,
                    format!(
                        "netperf.sh summary rows: the `{}` column is the change or ratio between the columns, no \
                         figure of a run: not read",
                        named[k].as_deref().unwrap_or_default()
                    ),
                ));
            }
            if let Some((n, _)) = rows.iter().find(|(_, r)| r.sum) {
                out.notes.push((
                    *n,
                    "netperf.sh summary rows: `Sum:` (the instances' total, their mean times their count) is not \
                     read; the mean per instance is"
                        .into(),
                ));
            }
            if !unit_said {
                unit_said = true;
                out.notes.push((
                    at,
                    "netperf.sh summary rows (`TCP_RR-10 : Avg: …`) print no unit: each figure is read as the mean \
                     per instance in netperf's own (transactions per sec for request/response tests, 10^6bits/s, \
                     netperf's default, for stream tests)"
                        .into(),
                ));
            }
            for (n, r) in &rows {
                let rr = matches!(kind_of_test(&r.test), Some(super::Kind::Rr));
                for (v, name) in r.values.iter().zip(&named) {
                    if name.as_deref().is_some_and(is_ratio) {
                        continue;
                    }
                    let metric = if rr {
                        Metric::new("Trans. Rate", "per sec", Better::Higher)
                    } else {
                        Metric::new("Throughput", "10^6bits/s", Better::Higher)
                    };
                    let mut s =
                        Sample::new(metric, *v, *n).with_param("test", &r.test).with_param("instances", r.instances);
                    let label = match (name, &r.label) {
                        (Some(c), Some(l)) => Some(format!("{c} / {l}")),
                        (Some(c), None) => Some(c.clone()),
                        (None, l) => l.clone(),
                    };
                    if let Some(l) = label {
                        s = s.with_param("label", l);
                    }
                    out.samples.push(s);
                }
            }
        }
        i = j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
    }

    fn parsed(text: &str) -> ParsedFile {
        let input = Input::from_text(text);
        let mut out = ParsedFile::default();
        read(&input, &mut out);
        out
    }

    #[test]
    fn rows_of_the_three_writers() {
        let r = row("TCP_SENDFILE-10 : Avg: 37218.6    37200.1    37065.1    36604.4").unwrap();
        assert_eq!(
            (r.test.as_str(), r.instances, r.values.len(), r.label, r.sum),
            ("TCP_SENDFILE", 10, 4, None, false)
        );
        let r = row("TCP_SENDFILE-16   Avg:  10251  19590   1.911").unwrap();
        assert_eq!(r.values, vec![10251.0, 19590.0, 1.911]);
        let r = row("TCP_RR-1        cross-core Avg:  32325  Sum:    32325").unwrap();
        assert_eq!((r.label.as_deref(), r.values.clone(), r.sum), (Some("cross-core"), vec![32325.0], true));
    }

    /// Must not fire: prose, other tables, a test netperf does not name.
    #[test]
    fn other_lines_are_no_rows() {
        for l in [
            "TCP_RR results: Avg: 1234",
            "TCP_RR-1 Avg: about 1234",
            "FOO_BAR-1 : Avg: 12 13",
            "TCP_RR-x : Avg: 12",
            "TCP_RR 1.00 ( 1.12) -0.05 ( 0.97)",
            "Avg: 12 13",
            "TCP_RR-1 : Avg:",
            "TCP_RR-1 : Avg: 12 Sum: 12 13",
        ] {
            assert_eq!(row(l), None, "{l}");
        }
    }

    /// The same header and rows (wild netperf, LKML 2023-05) with their
    /// spacing collapsed: read by where each name starts, 40495.7 was
    /// NO_WA_BIAS's and 42001 SIS_CURRENT's (attack62). Not read, said.
    #[test]
    fn a_staggered_header_with_collapsed_spacing_is_not_read() {
        let out = parsed(
            "netperf NO_WA_WEIGHT NO_SIS_CURRENT\n\
             \x20NO_WA_BIAS SIS_CURRENT\n\
             -------------------------------------------------------------------\n\
             TCP_SENDFILE-1 : Avg: 40495.7 41899.7 42001 40783.4\n\
             TCP_RR-10 : Avg: 71539.1 72099.5 71123.2 69447.9\n",
        );
        assert!(out.samples.is_empty());
        assert!(out.notes.iter().any(|(l, n)| *l == 4 && n.contains("lines 1-2 is staggered")), "{:?}", out.notes);
    }

    #[test]
    fn a_staggered_header_names_each_column() {
        let out = parsed(
            "netperf           NO_WA_WEIGHT               NO_SIS_CURRENT\n\
             \x20                                NO_WA_BIAS             SIS_CURRENT\n\
             -------------------------------------------------------------------\n\
             TCP_SENDFILE-1  : Avg: 40495.7    41899.7    42001      40783.4\n\
             TCP_RR-10       : Avg: 71539.1    72099.5    71123.2    69447.9\n",
        );
        let got: Vec<String> = out
            .samples
            .iter()
            .map(|s| format!("{} {} {}", s.line, param(s, "label").unwrap_or_default(), s.value.mean()))
            .collect();
        assert_eq!(
            got,
            [
                "4 NO_WA_WEIGHT 40495.7",
                "4 NO_WA_BIAS 41899.7",
                "4 NO_SIS_CURRENT 42001",
                "4 SIS_CURRENT 40783.4",
                "5 NO_WA_WEIGHT 71539.1",
                "5 NO_WA_BIAS 72099.5",
                "5 NO_SIS_CURRENT 71123.2",
                "5 SIS_CURRENT 69447.9"
            ]
        );
        assert_eq!(out.samples[4].metric.name, "Trans. Rate");
        assert_eq!(out.samples[0].metric.unit, "10^6bits/s");
    }

    /// The `%` and `vs …` columns are no figures of a run; blank lines
    /// between groups keep one block under one header.
    #[test]
    fn a_change_column_is_not_read() {
        let out = parsed(
            "netperf                   NO_SIS_CURRENT          %\n\
             \x20                                    SIS_CURRENT\n\
             ----------------------- -------------------------------\n\
             TCP_SENDFILE-1  : Avg:    42001      40783.4   -2.89898\n\
             \n\
             TCP_STREAM-1    : Avg:    37134.5    35095.4   -5.49112\n",
        );
        assert_eq!(out.samples.len(), 4);
        assert!(out.samples.iter().all(|s| s.value.mean() > 0.0));
        assert!(out.notes.iter().any(|(_, m)| m.contains("the `%` column")));
        let out =
            parsed("netperf                   cfs +eevdf  vs cfs\nTCP_SENDFILE-1    Avg:  89258  92080   1.031\n");
        let labels: Vec<&str> = out.samples.iter().map(|s| param(s, "label").unwrap()).collect();
        assert_eq!(labels, ["cfs", "+eevdf"]);
    }

    /// Several figures under no header, or a header of another count: not
    /// read, said.
    #[test]
    fn columns_no_header_names_are_not_read() {
        let out = parsed("TCP_RR-1 : Avg: 12 13\nTCP_RR-2 : Avg: 14 15\n");
        assert!(out.samples.is_empty());
        assert!(out.notes[0].1.contains("under no `netperf  A  B` header"));
        let out = parsed("netperf  a  b  c\nTCP_RR-1 : Avg: 12 13\n");
        assert!(out.samples.is_empty());
        assert!(out.notes[0].1.contains("names 3 column(s)"));
        // One figure a row needs no header.
        let out = parsed("TCP_RR-1        unbound    Avg:  31754  Sum:    31754\n");
        assert_eq!(out.samples.len(), 1);
        assert_eq!(param(&out.samples[0], "label"), Some("unbound"));
        assert_eq!(param(&out.samples[0], "instances"), Some("1"));
    }
}
