//! interbench, Con Kolivas' interactivity benchmark (0.2x–0.31,
//! 2005–2009; `http://interbench.kolivas.org`).
//!
//! interbench runs a simulated interactive task (Audio, Video, X, Gaming,
//! Custom) in the presence of each simulated background load (None, Video,
//! X, Burn, Write, Read, Compile, Memload) in turn, and prints one table a
//! task, each row one load (columns separated by tabs and spaces):
//!
//! ```text
//! Using 1844991 loops per ms, running every load for 30 seconds
//! Benchmarking kernel 2.6.13-rc6-2 at datestamp 200508181941
//!
//! --- Benchmarking simulated cpu of Audio in the presence of simulated ---
//! Load    Latency +/- SD (ms)  Max Latency   % Desired CPU  % Deadlines Met
//! None      0.017 +/- 0.0267     0.458             100            100
//! Burn      0.199 +/- 1.17          16             100            100
//! ```
//!
//! Gaming has no `% Deadlines Met` column. With `-r` (real time) the
//! latencies are in `(us)` and the title says `real time`; with `-B N` /
//! `-N N` it says `nice N` of the task / of the loads. Versions 0.20–0.22
//! title a table `--- Benchmarking Audio real time in the presence of
//! loads ---`, head it without the word `Load` (a tab, then `Latency +/-
//! SD (us) …`) and may say `Benchmarking kernel NAME with datestamp …`:
//! read alike.
//!
//! Metrics, in the unit the header gives (`ms` or `µs`), smaller is
//! better: `Latency` (the mean latency of the run), `Latency SD` (its
//! standard deviation within the run, a figure of its own: not a spread
//! over runs), `Max Latency`; in `%`, bigger is better: `% Desired CPU`,
//! `% Deadlines Met`. Group: the simulated task as the title names it
//! (`Audio`, `Audio real time`, `Video nice 19`; a load's nice is added as
//! `/ loads nice N`). Parameter: `load` (the row's load). Kernel: the
//! `Benchmarking kernel NAME at datestamp …` line above the tables.
//!
//! Quirks handled:
//!
//! * `*` after a cell (a poster's mark of the better kernel, Con Kolivas'
//!   2.6.16-ck1/mm1 letter) is no figure and is left out;
//! * a deviation printed `nan` (interbench 0.26's bug, `2.44 +/- nan`) is
//!   not read, with a warning at its line; the row's other figures are;
//! * 0.26 prints its title without a blank before the closing dashes
//!   (`simulated---`); a mail that wrapped the title after `in the
//!   presence of` and glued the header to its tail (`> > >> simulated---
//!   Load  Latency +/- SD (ms) …`) is read, with a note;
//! * a row whose figures are not all there, or a cell that is no number,
//!   is an error naming its line.

use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::{BenchParser, Input, ParseError, num};

/// Registry id.
pub const ID: &str = "interbench";

/// What every interbench table's title line holds.
const TITLE: &str = "Benchmarking simulated cpu of";
/// What 0.20–0.22 print in each table's title instead of [`TITLE`].
const TITLE_OLD: &str = "in the presence of loads";
/// What every interbench header line holds.
const HEADER: &str = "Latency +/- SD";

/// Reads interbench's per-task latency tables.
pub struct Interbench;

/// The simulated task a title line names, with its qualifiers
/// (`Audio`, `Audio real time`, `Video / loads nice 19`).
fn title_group(line: &str) -> Option<String> {
    const OLD_HEAD: &str = "--- Benchmarking ";
    let rest = match line.find(TITLE) {
        Some(at) => &line[at + TITLE.len()..],
        // `--- Benchmarking Audio real time in the presence of loads ---`.
        None if line.contains(TITLE_OLD) => {
            let rest = &line[line.find(OLD_HEAD)? + OLD_HEAD.len()..];
            rest.split(TITLE_OLD).next().map(|b| b.trim_end().strip_suffix("in the presence of").unwrap_or(b))?
        }
        None => return None,
    };
    let (bench, loads) = match rest.split_once("in the presence of") {
        Some((b, l)) => (b, l),
        None => (rest, ""),
    };
    let bench = bench.split_whitespace().collect::<Vec<_>>().join(" ");
    if bench.is_empty() {
        return None;
    }
    // `simulated nice 5 ---`, `simulated---`, `simulated ---`.
    let loads = loads.replace("---", " ");
    let loads: Vec<&str> = loads.split_whitespace().filter(|w| *w != "simulated").collect();
    Some(if loads.is_empty() { bench } else { format!("{bench} / loads {}", loads.join(" ")) })
}

/// A header line: the latency unit and whether it has `% Deadlines Met`.
fn header(line: &str) -> Option<(&'static str, bool)> {
    let at = line.find(HEADER)?;
    let rest = &line[at + HEADER.len()..];
    let unit = if rest.trim_start().starts_with("(us)") {
        "µs"
    } else if rest.trim_start().starts_with("(ms)") {
        "ms"
    } else {
        return None;
    };
    rest.contains("Desired CPU").then_some((unit, rest.contains("Deadlines")))
}

/// The kernel a `Benchmarking kernel NAME at datestamp …` line names.
fn kernel_line(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("Benchmarking kernel ")?;
    let name = rest.split_whitespace().next()?;
    rest.contains("datestamp").then_some(name)
}

/// A row's words without the marks between and after its figures
/// (`+/-`, `±`, a lone run of `*`).
fn cells(line: &str) -> Vec<&str> {
    line.split_whitespace().filter(|w| !super::hand_tables::mark_cell(w)).collect()
}

/// True when `line` starts as an interbench row: a load's name, then a
/// figure (or `nan`) and `+/-`.
fn looks_like_row(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() >= 3
        && num::plain(words[0]).is_none()
        && (num::plain(words[1]).is_some() || num::non_finite(words[1]))
        && (words[2] == "+/-" || words[2] == "±")
}

impl BenchParser for Interbench {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "interbench interactivity latency tables (Latency +/- SD, Max Latency, % Desired CPU, % Deadlines Met)"
    }

    fn literals(&self) -> &'static [&'static str] {
        &[TITLE, TITLE_OLD]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has(TITLE) && !input.has(TITLE_OLD) {
            return 0;
        }
        if input.has(HEADER) { 95 } else { 40 }
    }

    fn max_score(&self) -> u8 {
        95
    }

    /// interbench prints `%g`-like figures: `0.0267` beside `100` and
    /// `105484` in one column.
    fn prints_shortest(&self) -> bool {
        true
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let lines = &input.lines;
        let mut out = ParsedFile { benchmark: ID.to_string(), ..Default::default() };
        let mut kernel: Option<String> = None;
        // The group of the last title line, and its (0-based) line.
        let mut group: Option<(String, usize)> = None;
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].as_str();
            if let Some(k) = kernel_line(line) {
                kernel = Some(k.to_string());
                i += 1;
                continue;
            }
            let title = title_group(line);
            let head = header(line);
            if let Some(g) = title.clone()
                && head.is_none()
            {
                group = Some((g, i));
                i += 1;
                continue;
            }
            let Some((unit, deadlines)) = head else {
                i += 1;
                continue;
            };
            // The header's own line may carry the title too, or the tail of
            // a title a mail wrapped (`simulated--- Load  Latency …`).
            let name = match (title, group.take()) {
                (Some(g), _) => g,
                (None, Some((g, at))) if at + 1 == i => {
                    // Text before the header but `Load` (0.20–0.22 print none).
                    let before = line[..line.find(HEADER).unwrap_or(0)].trim();
                    if !before.is_empty() && before != "Load" {
                        out.notes.push((
                            i + 1,
                            format!("interbench header read after the tail of its wrapped title (line {})", at + 1),
                        ));
                    }
                    g
                }
                (None, Some((g, _))) => g,
                (None, None) => {
                    out.notes.push((
                        i + 1,
                        "interbench table without its `--- Benchmarking simulated cpu of …` title: task unnamed"
                            .to_string(),
                    ));
                    String::new()
                }
            };
            let ncells = if deadlines { 6 } else { 5 };
            let mut j = i + 1;
            let mut rows = 0;
            while j < lines.len() && looks_like_row(&lines[j]) {
                let row = cells(&lines[j]);
                if row.len() != ncells {
                    return Err(ParseError::malformed(
                        j + 1,
                        format!(
                            "an interbench row: load, latency +/- SD, max latency, % desired CPU{}",
                            if deadlines { ", % deadlines met" } else { "" }
                        ),
                        lines[j].trim(),
                    ));
                }
                self.push_row(&mut out, j + 1, &row, &name, unit, kernel.as_deref())?;
                rows += 1;
                j += 1;
            }
            if rows == 0 {
                out.notes.push((i + 1, "interbench header without rows".to_string()));
            }
            i = j;
        }
        if out.samples.is_empty() {
            return Err(ParseError::NoResults {
                benchmark: ID,
                reason: "no `Load  Latency +/- SD (ms) …` table with rows".to_string(),
            });
        }
        Ok(out)
    }
}

impl Interbench {
    /// Pushes the samples of one row (`row` its cells without marks: load,
    /// latency, SD, max, desired CPU and, when there, deadlines met) read
    /// at 1-based line `n`.
    fn push_row(
        &self,
        out: &mut ParsedFile,
        n: usize,
        row: &[&str],
        group: &str,
        unit: &'static str,
        kernel: Option<&str>,
    ) -> Result<(), ParseError> {
        const COLS: [(&str, bool); 5] = [
            ("Latency", false),
            ("Latency SD", false),
            ("Max Latency", false),
            ("% Desired CPU", true),
            ("% Deadlines Met", true),
        ];
        let load = row[0];
        for ((name, pct), cell) in COLS.iter().zip(&row[1..]) {
            let value = match num::plain(cell) {
                Some(v) => v,
                None if num::non_finite(cell) => {
                    out.notes.push((n, format!("interbench {group} under {load}: {name} printed `{cell}`, not read")));
                    continue;
                }
                None => return Err(ParseError::malformed(n, format!("a number ({name})"), *cell)),
            };
            let (unit, better) = if *pct { ("%", Better::Higher) } else { (unit, Better::Lower) };
            let mut s = Sample::new(Metric::new(*name, unit, better), value, n)
                .with_group(group.to_string())
                .with_param("load", load);
            if let Some(k) = kernel {
                s = s.with_kernel(k.to_string());
            }
            out.samples.push(s);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        Interbench.parse(&Input::from_text(text))
    }

    const TWO: &str = "Benchmarking kernel 2.6.16-ck1 at datestamp 200603250244\n\n\
--- Benchmarking simulated cpu of Audio in the presence of simulated ---\n\
Load\tLatency +/- SD (ms)  Max Latency   % Desired CPU  % Deadlines Met\n\
None\t  0.015 +/- 0.0159     0.023 \t\t 100\t        100\n\
Burn\t  0.019 +/- 0.0201     0.056 *\t\t 100 \t        100 *\n\n\
--- Benchmarking simulated cpu of Gaming in the presence of simulated ---\n\
Load\tLatency +/- SD (ms)  Max Latency   % Desired CPU\n\
None\t   1.49 +/- 6.03        34.8 *\t\t98.5 *\n";

    #[test]
    fn reads_every_cell_with_kernel_group_and_load() {
        let p = parse(TWO).expect("parses");
        assert_eq!(p.samples.len(), 5 + 5 + 4);
        let burn: Vec<_> = p.samples.iter().filter(|s| s.line == 6).collect();
        assert_eq!(burn.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), vec![0.019, 0.0201, 0.056, 100.0, 100.0]);
        assert!(burn.iter().all(|s| s.group == "Audio" && s.kernel.as_deref() == Some("2.6.16-ck1")));
        let gaming: Vec<_> = p.samples.iter().filter(|s| s.group == "Gaming").collect();
        assert_eq!(gaming.len(), 4);
        assert_eq!(gaming[3].metric.name, "% Desired CPU");
        assert_eq!(gaming[3].value.mean(), 98.5);
    }

    #[test]
    fn nan_deviation_is_left_out_with_a_note() {
        let text = "--- Benchmarking simulated cpu of Gaming in the presence of simulated---\n\
Load    Latency +/- SD (ms)  Max Latency   % Desired CPU\n\
None       2.44 +/- nan         48.6            98.7\n";
        let p = parse(text).expect("parses");
        assert_eq!(p.samples.len(), 3);
        assert!(p.samples.iter().all(|s| s.metric.name != "Latency SD" && s.group == "Gaming"));
        assert!(p.notes.iter().any(|(l, m)| *l == 3 && m.contains("nan")));
    }

    #[test]
    fn wrapped_title_with_glued_header_is_read_with_a_note() {
        let text = "--- Benchmarking simulated cpu of Gaming in the presence of\n\
 simulated--- Load    Latency +/- SD (ms)  Max Latency   % Desired CPU\n\
None       2.44 +/- 1.5         48.6            98.7\n";
        let p = parse(text).expect("parses");
        assert_eq!(p.samples.len(), 4);
        assert!(p.samples.iter().all(|s| s.group == "Gaming"));
        assert!(p.notes.iter().any(|(l, _)| *l == 2));
    }

    #[test]
    fn real_time_title_and_microseconds() {
        let text = "--- Benchmarking simulated cpu of Audio real time in the presence of simulated nice 19 ---\n\
Load\tLatency +/- SD (us)  Max Latency   % Desired CPU  % Deadlines Met\n\
None\t  4.5 +/- 1.2     20 \t\t 100\t        100\n";
        let p = parse(text).expect("parses");
        assert_eq!(p.samples[0].group, "Audio real time / loads nice 19");
        assert_eq!(p.samples[0].metric.unit, "µs");
    }

    /// Lee Revell's interbench 0.21 run (LKML 2005-07): the old title and a
    /// header without `Load`.
    #[test]
    fn old_title_and_header_without_load() {
        let text = "Benchmarking kernel 2.6.12-RT-V0.7.51-28 at datestamp 200507160215\n\n\
--- Benchmarking Audio real time in the presence of loads ---\n\
        Latency +/- SD (us)  Max Latency   % Desired CPU  % Deadlines Met\n\
None         35 +/- 3.85          41             100            100\n";
        let p = parse(text).expect("parses");
        assert_eq!(p.samples.len(), 5);
        assert_eq!(p.samples[0].group, "Audio real time");
        assert_eq!(p.samples[0].metric.unit, "µs");
        assert_eq!(p.samples[0].kernel.as_deref(), Some("2.6.12-RT-V0.7.51-28"));
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    #[test]
    fn a_row_cut_short_is_an_error_at_its_line() {
        let text = "--- Benchmarking simulated cpu of X in the presence of simulated ---\n\
Load    Latency +/- SD (ms)  Max Latency   % Desired CPU  % Deadlines Met\n\
None       1.64 +/- 8.06          52            86.8\n";
        let err = parse(text).unwrap_err();
        assert_eq!(err.line(), Some(3));
    }
}
