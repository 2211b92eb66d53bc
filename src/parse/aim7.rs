//! AIM Multiuser Benchmark - Suite VII (AIM7) and OSDL re-aim-7 (reaim).
//!
//! AIM7 writes its results twice. The spreadsheet file (`suite7.ss`) is
//! TAB-separated (`\t` below), with an empty cell after Jobs/Min:
//!
//! ```text
//! Benchmark\tVersion\tMachine\tRun Date
//! AIM Multiuser Benchmark - Suite VII\t"1.1"\textreme\tJun  1 07:17:24 2007
//!
//! Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task
//! 1\t98.9\t\t100\t58.9\t1.3\t1.6482
//! ```
//!
//! (1.0 adds `J/S/T user sys idle/wait` columns). The console output is
//! space-aligned and ends each row with a date:
//!
//! ```text
//! AIM Multiuser Benchmark - Suite VII Run Beginning
//! Tasks    jobs/min  jti  jobs/min/task      real       cpu
//!   100   178784.27   94      1787.8427      3.36      7.08   Mon Sep  4 10:17:58 2006
//! ```
//!
//! re-aim-7 prints:
//!
//! ```text
//! REAIM Workload
//! Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI
//! Forked  Time     SysTime UTime   Minute     Child      Time     Percent
//! 100     118.90   21.17   214.03  5197.78    51.98      4.52     3.98     96
//! Crossover achieved
//! Max Jobs per Minute 5223.34
//! ```
//!
//! # Metrics
//!
//! AIM7 tables, parameter `tasks`:
//! `"Jobs/Min"` jobs/min Higher, `"JTI"` % Higher (job timing index: 100 =
//! every task took as long), `"Real"` s Lower, `"CPU"` s Lower,
//! `"Jobs/sec/task"` (also headed `J/S/T`) jobs/s Higher, console
//! `"Jobs/min/task"` jobs/min Higher, 1.0's `"user"`/`"sys"` s Lower and
//! `"idle/wait"` s Neither. Console headers (`jobs/min`, `jti`, `real`,
//! `cpu`) get the same names as the spreadsheet's.
//!
//! re-aim-7 tables, parameter `forked` (Num Forked): `"Parent Time"`,
//! `"Child SysTime"`, `"Child UTime"`, `"Std_dev Time"` s Lower,
//! `"Jobs per Minute"`, `"Jobs/min/Child"` jobs/min Higher, `"Std_dev
//! Percent"` % Lower, `"JTI"` % Higher; and `"Max Jobs per Minute"`
//! jobs/min Higher without parameter.
//!
//! The group is the workload when the output names a workfile
//! (`reaim -f …/workfile.new_dbase` → `"new_dbase"`), else `""`. AIM7's
//! Machine field (a label the tester typed) is kept in a note, as is each
//! run's date. Both parsers read both table kinds, so a post holding AIM7
//! and re-aim-7 tables loses nothing whichever wins detection.
//!
//! # Damaged input
//!
//! A row with fewer cells than its header (a run that stopped early) gives
//! samples for the cells present and a note. A re-aim row whose JTI was
//! wrapped onto the next line by a mail client (`… 9.99` / `  90`) is
//! rejoined when the next line is one integer from 0 to 100. A row with
//! more numbers than its header has columns, or a cell that is not a
//! number, is an error.

use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::{BenchParser, Input, ParseError, num};

/// Reads AIM7 Suite VII multiuser output (registry id `"aim7"`).
pub struct Aim7;

/// Reads OSDL re-aim-7 output (registry id `"reaim"`).
pub struct Reaim;

const AIM7_BANNER: &str = "AIM Multiuser Benchmark - Suite VII";

impl BenchParser for Aim7 {
    fn id(&self) -> &'static str {
        "aim7"
    }

    fn describe(&self) -> &'static str {
        "aim7 (AIM Multiuser Benchmark - Suite VII, spreadsheet and console output)"
    }

    fn detect(&self, input: &Input) -> u8 {
        // Both ways to score need one of these literals somewhere.
        let banner = input.has(AIM7_BANNER);
        if !banner && !input.has_ignore_ascii_case("jobs/min") {
            return 0;
        }
        let mut score = 0u8;
        for line in &input.lines {
            if aim7_header(line).is_some() {
                return 95;
            }
            if let Some(at) = line.find(AIM7_BANNER) {
                let rest = &line[at + AIM7_BANNER.len()..];
                if rest.starts_with('\t') || rest.trim_start().starts_with("Run Beginning") {
                    score = score.max(90);
                } else {
                    score = score.max(30);
                }
            }
        }
        score
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_any(input, "aim7")
    }
}

impl BenchParser for Reaim {
    fn id(&self) -> &'static str {
        "reaim"
    }

    fn describe(&self) -> &'static str {
        "reaim (OSDL re-aim-7)"
    }

    fn detect(&self, input: &Input) -> u8 {
        let mut score = 0u8;
        for (i, line) in input.lines.iter().enumerate() {
            if line.trim_start().starts_with("REAIM Workload") {
                return 95;
            }
            if reaim_header(line) && input.lines.get(i + 1).is_some_and(|l| l.trim_start().starts_with("Forked")) {
                score = score.max(92);
            }
            if line.trim_start().starts_with("Max Jobs per Minute") {
                score = score.max(60);
            }
        }
        score
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_any(input, "reaim")
    }
}

/// re-aim-7's columns after Num Forked, in order.
const REAIM_COLUMNS: [(&str, &str, Better); 8] = [
    ("Parent Time", "s", Better::Lower),
    ("Child SysTime", "s", Better::Lower),
    ("Child UTime", "s", Better::Lower),
    ("Jobs per Minute", "jobs/min", Better::Higher),
    ("Jobs/min/Child", "jobs/min", Better::Higher),
    ("Std_dev Time", "s", Better::Lower),
    ("Std_dev Percent", "%", Better::Lower),
    ("JTI", "%", Better::Higher),
];

/// The metric of an AIM7 column header cell.
fn aim7_metric(header: &str) -> Metric {
    let (name, unit, better) = match header.to_ascii_lowercase().as_str() {
        "jobs/min" => ("Jobs/Min", "jobs/min", Better::Higher),
        "jti" => ("JTI", "%", Better::Higher),
        "real" => ("Real", "s", Better::Lower),
        "cpu" => ("CPU", "s", Better::Lower),
        "jobs/sec/task" | "j/s/t" => ("Jobs/sec/task", "jobs/s", Better::Higher),
        "jobs/min/task" => ("Jobs/min/task", "jobs/min", Better::Higher),
        "user" => ("user", "s", Better::Lower),
        "sys" => ("sys", "s", Better::Lower),
        "idle/wait" => ("idle/wait", "s", Better::Neither),
        _ => return Metric::new(header, "", Better::Neither),
    };
    Metric::new(name, unit, better)
}

/// An AIM7 header (`Tasks  Jobs/Min  JTI …`): the column names after Tasks.
fn aim7_header(line: &str) -> Option<Vec<&str>> {
    let mut words = line.split_whitespace();
    if !words.next()?.eq_ignore_ascii_case("Tasks") {
        return None;
    }
    let cols: Vec<&str> = words.collect();
    cols.first().filter(|c| c.eq_ignore_ascii_case("jobs/min"))?;
    Some(cols)
}

/// The first line of re-aim-7's two-line header.
fn reaim_header(line: &str) -> bool {
    // The first word must be `Num`: test that before splitting the line.
    if !line.trim_start().starts_with("Num") {
        return false;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    words.first() == Some(&"Num") && words.contains(&"Parent") && words.contains(&"JTI")
}

/// `reaim -f /usr/local/share/reaim/workfile.new_dbase …` → `new_dbase`.
fn workfile(line: &str) -> Option<String> {
    let at = line.rfind("workfile.")?;
    let name: String = line[at + "workfile.".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// A wrapped console date continuation: `10:17:44 2006`.
fn date_tail(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else { return false };
    first.contains(':') && first.chars().all(|c| c.is_ascii_digit() || c == ':')
}

enum Table {
    None,
    /// AIM7: column metrics; whether the header was TAB-separated.
    Aim7 {
        cols: Vec<Metric>,
        tabs: bool,
    },
    /// re-aim-7, after its two header lines.
    Reaim,
}

fn parse_any(input: &Input, id: &'static str) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: id.to_string(), ..ParsedFile::default() };
    let lines = &input.lines;
    let mut group = String::new();
    let mut table = Table::None;
    let mut i = 0usize;
    while i < lines.len() {
        let line = lines[i].as_str();
        let lineno = i + 1;
        i += 1;
        let trimmed = line.trim();

        if let Some(w) = workfile(line) {
            group = w;
        }
        if let Some(at) = line.find(AIM7_BANNER) {
            let fields: Vec<&str> = line[at..].split('\t').collect();
            if fields.len() >= 4 {
                // Spreadsheet: name, "version", machine, run date.
                let version = fields[1].trim().trim_matches('"');
                if out.version.is_none() && !version.is_empty() {
                    out.version = Some(version.to_string());
                }
                out.notes.push((
                    lineno,
                    format!("AIM7 run: machine {:?}, run date {:?}", fields[2].trim(), fields[3].trim()),
                ));
            }
            table = Table::None;
            continue;
        }
        if let Some(cols) = aim7_header(line) {
            table = Table::Aim7 { cols: cols.into_iter().map(aim7_metric).collect(), tabs: line.contains('\t') };
            continue;
        }
        if reaim_header(line) {
            match lines.get(i) {
                Some(next) if next.trim_start().starts_with("Forked") => {
                    table = Table::Reaim;
                    i += 1;
                }
                _ => {
                    return Err(ParseError::malformed(
                        lineno + 1,
                        "the second re-aim header line (Forked  Time  SysTime …)",
                        lines.get(i).cloned().unwrap_or_default(),
                    ));
                }
            }
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("Max Jobs per Minute") {
            let value = num::plain(rest)
                .ok_or_else(|| ParseError::malformed(lineno, "a number after \"Max Jobs per Minute\"", line))?;
            out.samples.push(
                Sample::new(Metric::new("Max Jobs per Minute", "jobs/min", Better::Higher), value, lineno)
                    .with_group(group.clone()),
            );
            table = Table::None;
            continue;
        }
        if trimmed.starts_with("Crossover achieved") {
            out.notes.push((lineno, "re-aim ran to crossover (fewer than 1 job/min per child)".into()));
            continue;
        }
        if trimmed.is_empty() {
            table = Table::None;
            continue;
        }
        match &table {
            Table::None => {}
            Table::Aim7 { cols, tabs } => {
                let first = trimmed.split_whitespace().next().unwrap_or("");
                let Ok(tasks) = first.parse::<u32>() else {
                    if !date_tail(line) {
                        table = Table::None;
                    }
                    continue;
                };
                let cells = aim7_cells(line, *tabs);
                if cells.len() > cols.len() {
                    return Err(ParseError::malformed(
                        lineno,
                        format!("an AIM7 row of Tasks and at most {} values", cols.len()),
                        line,
                    ));
                }
                if cells.len() < cols.len() {
                    out.notes
                        .push((lineno, format!("row for {tasks} tasks has {} of {} values", cells.len(), cols.len())));
                }
                for (cell, metric) in cells.iter().zip(cols) {
                    if cell.is_empty() {
                        continue;
                    }
                    let value = num::plain(cell)
                        .ok_or_else(|| ParseError::malformed(lineno, format!("a number for {}", metric.name), *cell))?;
                    out.samples.push(
                        Sample::new(metric.clone(), value, lineno).with_group(group.clone()).with_param("tasks", tasks),
                    );
                }
            }
            Table::Reaim => {
                let mut words = trimmed.split_whitespace();
                let Some(Ok(forked)) = words.next().map(str::parse::<u32>) else {
                    table = Table::None;
                    continue;
                };
                let mut values: Vec<(f64, usize)> = Vec::new();
                for w in words {
                    match num::plain(w) {
                        Some(v) => values.push((v, lineno)),
                        None => {
                            return Err(ParseError::malformed(lineno, "a re-aim row of numbers", line));
                        }
                    }
                }
                if values.len() > REAIM_COLUMNS.len() {
                    return Err(ParseError::malformed(lineno, "a re-aim row of Num Forked and 8 values", line));
                }
                if values.len() + 1 == REAIM_COLUMNS.len() {
                    // JTI wrapped onto the next line by a mail client.
                    if let Some(jti) = lines.get(i).and_then(|l| lone_percent(l)) {
                        out.notes.push((i + 1, format!("JTI of line {lineno} wrapped onto this line; rejoined")));
                        i += 1;
                        values.push((jti, i));
                    }
                }
                if values.len() < REAIM_COLUMNS.len() {
                    out.notes.push((
                        lineno,
                        format!("row for {forked} forked has {} of {} values", values.len(), REAIM_COLUMNS.len()),
                    ));
                }
                for ((value, at), (name, unit, better)) in values.into_iter().zip(REAIM_COLUMNS) {
                    out.samples.push(
                        Sample::new(Metric::new(name, unit, better), value, at)
                            .with_group(group.clone())
                            .with_param("forked", forked),
                    );
                }
            }
        }
    }
    out.notes.sort_by_key(|(line, _)| *line);
    if out.samples.is_empty() {
        return Err(ParseError::NoResults { benchmark: id, reason: "no AIM7 or re-aim result table".into() });
    }
    Ok(out)
}

/// The value cells of an AIM7 row after Tasks. The spreadsheet's empty cell
/// after Jobs/Min (`98.9\t\t100`) is dropped; other empty cells stay empty.
/// Space-aligned rows stop at the first word that is not a number (the
/// console's run date).
fn aim7_cells(line: &str, tabs: bool) -> Vec<&str> {
    if tabs && line.contains('\t') {
        let mut cells: Vec<&str> = line.trim().split('\t').map(str::trim).skip(1).collect();
        if cells.len() >= 2 && cells[1].is_empty() {
            cells.remove(1);
        }
        while cells.last().is_some_and(|c| c.is_empty()) {
            cells.pop();
        }
        cells
    } else {
        line.split_whitespace().skip(1).take_while(|w| num::plain(w).is_some()).collect()
    }
}

/// A line holding one integer from 0 to 100 (a wrapped JTI).
fn lone_percent(line: &str) -> Option<f64> {
    let mut words = line.split_whitespace();
    let w = words.next()?;
    if words.next().is_some() {
        return None;
    }
    let v = w.parse::<u32>().ok()?;
    (v <= 100).then_some(f64::from(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(f: &ParsedFile, metric: &str) -> Vec<(String, f64)> {
        f.samples
            .iter()
            .filter(|s| s.metric.name == metric)
            .map(|s| (s.params.first().map(|p| p.value.to_string()).unwrap_or_default(), s.value.mean()))
            .collect()
    }

    #[test]
    fn spreadsheet_tabs_with_double_tab() {
        let text = "Benchmark\tVersion\tMachine\tRun Date\n\
AIM Multiuser Benchmark - Suite VII\t\"1.1\"\textreme\tJun  1 07:17:24 2007\n\
\n\
Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n\
1\t98.9\t\t100\t58.9\t1.3\t1.6482\n\
101\t5547.1\t\t95\t106.0\t79.4\t0.9154\n";
        let f = Aim7.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.version.as_deref(), Some("1.1"));
        assert_eq!(f.samples.len(), 10);
        assert_eq!(values(&f, "JTI"), vec![("1".into(), 100.0), ("101".into(), 95.0)]);
        assert_eq!(values(&f, "Jobs/sec/task")[1].1, 0.9154);
        let real = f.samples.iter().find(|s| s.metric.name == "Real").unwrap();
        assert_eq!((real.metric.unit.as_str(), real.metric.better), ("s", Better::Lower));
        assert!(f.notes.iter().any(|(_, n)| n.contains("extreme")));
    }

    #[test]
    fn short_rows_give_present_cells() {
        let text = "Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n1\t98.9\t\t100\t58.9\n";
        let f = Aim7.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 3);
        assert_eq!(f.notes.len(), 1);
    }

    #[test]
    fn console_rows_with_wrapped_dates() {
        let text = "AIM Multiuser Benchmark - Suite VII Run Beginning\n\n\
Tasks    jobs/min  jti  jobs/min/task      real       cpu\n\
    1     2435.06  100      2435.0649      2.46      0.02   Mon Sep  4 \n\
10:17:44 2006\n\
  100   178784.27   94      1787.8427      3.36      7.08   Mon Sep  4 \n\
10:17:58 2006\n\
  700\n\
Fatal error 98 at\n";
        let f = Aim7.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 10);
        assert_eq!(values(&f, "Jobs/Min"), vec![("1".into(), 2435.06), ("100".into(), 178784.27)]);
        assert_eq!(values(&f, "Jobs/min/task")[0].1, 2435.0649);
        assert!(f.notes.iter().any(|(l, n)| *l == 8 && n.contains("700")));
    }

    #[test]
    fn reaim_wrapped_jti_and_max() {
        let text = "reaim -f /usr/local/share/reaim/workfile.new_dbase -s100 -e 500 -i 100\n\
Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI\n\
Forked  Time     SysTime UTime   Minute     Child      Time     Percent\n\
4000    119.97   432.86  47.17   204051.01  51.01      11.52    9.99 \n\
  90\n\
100     118.90   21.17   214.03  5197.78    51.98      4.52     3.98     96     \n\
Crossover achieved\n\
Max Jobs per Minute 204051.01\n";
        let f = Reaim.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.benchmark, "reaim");
        assert_eq!(f.samples.len(), 17);
        assert!(f.samples.iter().all(|s| s.group == "new_dbase"));
        let jti = values(&f, "JTI");
        assert_eq!(jti, vec![("4000".into(), 90.0), ("100".into(), 96.0)]);
        let j = f.samples.iter().find(|s| s.metric.name == "JTI").unwrap();
        assert_eq!(j.line, 5);
        assert_eq!(values(&f, "Max Jobs per Minute"), vec![(String::new(), 204051.01)]);
    }

    #[test]
    fn damaged_rows_are_errors() {
        let text =
            "Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n1\t98.9\t\t100\t58.9\t1.3\t1.6482\n101\t55x7.1\t\t95\n";
        assert_eq!(Aim7.parse(&Input::from_text(text)).unwrap_err().line(), Some(3));
        let text = "Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI\nbogus\n";
        assert_eq!(Reaim.parse(&Input::from_text(text)).unwrap_err().line(), Some(2));
        let text = "Max Jobs per Minute\n";
        assert_eq!(Reaim.parse(&Input::from_text(text)).unwrap_err().line(), Some(1));
    }

    #[test]
    fn detect_scores() {
        let header = Input::from_text("Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n");
        assert!(Aim7.detect(&header) >= 90);
        assert_eq!(Reaim.detect(&header), 0);
        let prose = Input::from_text("I am using AIM7 since it is a memory heavy workload\n");
        assert_eq!(Aim7.detect(&prose), 0);
        let reaim = Input::from_text(
            "Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI\nForked  Time     SysTime UTime\n",
        );
        assert!(Reaim.detect(&reaim) >= 90);
    }
}
