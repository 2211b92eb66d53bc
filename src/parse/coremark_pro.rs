//! CoreMark-PRO (EEMBC, `make certify-all`): its two result tables, the
//! workloads' rates and the mark.
//!
//! ```text
//! WORKLOAD RESULTS TABLE
//!
//!                                                  MultiCore SingleCore
//! Workload Name                                     (iter/s)   (iter/s)    Scaling
//! ----------------------------------------------- ---------- ---------- ----------
//! cjpeg-rose7-preset                                   46.08      11.95       3.86
//! core                                                  0.29       0.07       4.14
//!
//! MARK RESULTS TABLE
//!
//! Mark Name                                        MultiCore SingleCore    Scaling
//! ----------------------------------------------- ---------- ---------- ----------
//! CoreMark-PRO                                       1059.61     305.59       3.47
//! ```
//!
//! Metrics, each higher is better: `MultiCore` and `SingleCore` of each
//! workload (unit `iter/s`, group `workloads`, parameter `workload` = the
//! row's name) and of the mark (unit empty: a score, group `mark`,
//! parameter `mark` = the row's name, `CoreMark-PRO`). `Scaling` is the
//! MultiCore figure over the SingleCore one: derived, not read (said once,
//! as information). A table's title with no row under its rule, or a row
//! whose figures are not three numbers, is noted at its line, not read. A
//! double-spaced paste (each row a paragraph of its own, a web page's) is
//! read row by row.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// CoreMark-PRO; registry id `"coremark-pro"`.
pub struct CoremarkPro;

/// Registry id.
pub const ID: &str = "coremark-pro";

/// The note that says `Scaling` is not read (information).
pub const SCALING_DERIVED: &str = "CoreMark-PRO's `Scaling` column is MultiCore over SingleCore: derived, not read";

/// The two tables: title, group, parameter, unit.
const TABLES: [(&str, &str, &str, &str); 2] =
    [("WORKLOAD RESULTS TABLE", "workloads", "workload", "iter/s"), ("MARK RESULTS TABLE", "mark", "mark", "")];

/// A rule of dashes parted by spaces (`------ ---------- ----------`).
fn is_rule(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b == b'-' || b == b' ') && t.contains("--")
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.to_string(), ..ParsedFile::default() };
    let lines = &input.lines;
    let mut noted_scaling = false;
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        let Some(&(title, group, param, unit)) = TABLES.iter().find(|(title, ..)| t == *title) else {
            i += 1;
            continue;
        };
        let at = i + 1;
        // The rule under the header, within a few lines.
        let Some(rule) = (i + 1..lines.len().min(i + 6)).find(|&k| is_rule(lines[k].trim())) else {
            out.notes.push((at, format!("CoreMark-PRO's `{title}` with no `----` rule under its header: not read")));
            i += 1;
            continue;
        };
        i = rule + 1;
        let mut rows = 0;
        // Rows read since the last blank line.
        let mut run = 0;
        while let Some(line) = lines.get(i) {
            if line.trim().is_empty() {
                // A double-spaced paste (a web page's rows, each a
                // paragraph): one row, a blank line, the next row of one
                // name and three figures. The rows under the first blank
                // line were dropped without a word (attack49 F6).
                let next_row = lines.get(i + 1).is_some_and(|l| {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    w.len() == 4 && w[1..].iter().all(|x| plain(x).is_some())
                });
                if run == 1 && next_row {
                    run = 0;
                    i += 1;
                    continue;
                }
                break;
            }
            let n = i + 1;
            i += 1;
            run += 1;
            let words: Vec<&str> = line.split_whitespace().collect();
            let figures: Option<Vec<f64>> =
                (words.len() >= 4).then(|| words[words.len() - 3..].iter().map(|w| plain(w)).collect()).flatten();
            let Some(figures) = figures else {
                out.notes.push((
                    n,
                    format!(
                        "CoreMark-PRO's `{title}` row is no name and three figures (MultiCore, SingleCore, \
                         Scaling): not read"
                    ),
                ));
                continue;
            };
            let name = words[..words.len() - 3].join(" ");
            for (metric, v) in [("MultiCore", figures[0]), ("SingleCore", figures[1])] {
                let s = Sample::new(Metric::new(metric, unit, Better::Higher), v, n);
                out.samples.push(s.with_group(group).with_param(param, &name));
            }
            if !noted_scaling {
                noted_scaling = true;
                out.notes.push((n, SCALING_DERIVED.to_string()));
            }
            rows += 1;
        }
        if rows == 0 {
            out.notes.push((at, format!("CoreMark-PRO's `{title}` has no row under its header: nothing read")));
        }
    }
    if out.samples.is_empty() {
        // A table noted (no rule, no row read): its line says why.
        return Err(match out.notes.first() {
            Some((at, why)) => ParseError::NoResultsAt { benchmark: ID, reason: why.clone(), at: *at },
            None => ParseError::NoResults { benchmark: ID, reason: "no CoreMark-PRO result table row".into() },
        });
    }
    Ok(out)
}

impl BenchParser for CoremarkPro {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "CoreMark-PRO result tables (WORKLOAD RESULTS and MARK RESULTS; EEMBC coremark-pro 1.x)"
    }

    /// Its first test.
    fn literals(&self) -> &'static [&'static str] {
        &[" RESULTS TABLE"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has(" RESULTS TABLE") {
            return 0;
        }
        let title = input.lines.iter().any(|l| TABLES.iter().any(|(t, ..)| l.trim() == *t));
        if title { 90 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_tables_one_row_mark_included() {
        let text = "WORKLOAD RESULTS TABLE\n\n                  MultiCore SingleCore\nWorkload Name   (iter/s)   (iter/s)    \
                    Scaling\n--------------- ---------- ---------- ----------\ncjpeg-rose7-preset   46.08      11.95       \
                    3.86\n\nMARK RESULTS TABLE\n\nMark Name   MultiCore SingleCore    Scaling\n--------------- ---------- \
                    ---------- ----------\nCoreMark-PRO   1059.61     305.59       3.47\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let got: Vec<(usize, &str, &str, &str, f64)> = f
            .samples
            .iter()
            .map(|s| (s.line, s.group.as_str(), s.metric.name.as_str(), s.params[0].value.as_str(), s.value.mean()))
            .collect();
        assert_eq!(
            got,
            [
                (6, "workloads", "MultiCore", "cjpeg-rose7-preset", 46.08),
                (6, "workloads", "SingleCore", "cjpeg-rose7-preset", 11.95),
                (12, "mark", "MultiCore", "CoreMark-PRO", 1059.61),
                (12, "mark", "SingleCore", "CoreMark-PRO", 305.59)
            ]
        );
        assert!(crate::parse::note_is_info(&f.notes[0].1));
        assert_eq!(CoremarkPro.detect(&Input::from_text(text)), 90);
    }

    /// A double-spaced paste: each row a paragraph. Only the first row was
    /// read, the others dropped without a word (attack49 F6).
    #[test]
    fn double_spaced_rows_are_read() {
        let text = "WORKLOAD RESULTS TABLE\n\nWorkload Name   (iter/s)   (iter/s)    Scaling\n--------------- ---------- \
                    ---------- ----------\ncjpeg-rose7-preset   46.08      11.95       3.86\n\ncore    0.29    0.07    \
                    4.14\n\nzip-test   30.77    7.87    3.91\n\nMARK RESULTS TABLE\n";
        let f = parse_all(&Input::from_text(text)).expect("read");
        let lines: Vec<usize> = f.samples.iter().map(|s| s.line).collect();
        assert_eq!(lines, [5, 5, 7, 7, 9, 9]);
        // The mark table's title with no rule: said at its line.
        assert!(f.notes.iter().any(|(l, m)| *l == 11 && m.contains("no `----` rule")), "{:?}", f.notes);
        let e = parse_all(&Input::from_text("MARK RESULTS TABLE\n\nMark Name  MultiCore\n"));
        assert!(matches!(e, Err(ParseError::NoResultsAt { at: 1, .. })), "{e:?}");
    }
}
