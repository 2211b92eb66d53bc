//! fs_mark (Ric Wheeler's file-creation benchmark, 3.x): its header
//! comment and one table row per loop.
//!
//! ```text
//! #  fs_mark  -d  /fs/sda1/1  …  -s  8192  -n  1600
//! #       Version 3.3, 32 thread(s) starting at Mon Jun  7 09:52:25 2021
//! #       Sync method: INBAND FSYNC: fsync() per file in write loop.
//! #       Directories:  Round Robin between directories across 16 subdirectories with 256 files per subdirectory.
//! #       File names: 40 bytes long, (16 initial bytes of time stamp with 24 random bytes at end of name)
//! #       Files info: size 8192 bytes, written with an IO size of 16384 bytes per write
//! #       App overhead is time in microseconds spent in the test not doing file writing related system calls.
//!
//! FSUse%        Count         Size    Files/sec     App Overhead
//!      5        51200         8192       8324.8           390190
//! ```
//!
//! Metrics (group empty), one sample per row (each row is one loop, `-L`;
//! the loops are runs of one sample set):
//! * `Files/sec` (unit `files/s`), files created per second, higher is
//!   better;
//! * `App Overhead` (unit `µs`), the time spent in the test outside the
//!   file system calls, lower is better.
//!
//! Parameters: `size` (the row's `Size`, bytes per file), `threads` (the
//! header's `N thread(s)`) and `sync` (the header's sync method, its name
//! before the explanation: `NO SYNC`, `INBAND FSYNC`), each when printed.
//! `FSUse%` and `Count` (the files so far) are not read; nor are the
//! per-call columns of `-v` (`CREAT (Min/Avg/Max)` …; a note says so) and
//! LKP's `Average Files/sec:` and `pNN Files/sec:` lines, its statistics of
//! the rows.
//!
//! A poster may leave out the `FSUse%` column, header and cells (`Count
//! Size Files/sec App Overhead`, an LKML post): the columns are then read
//! by that header. Inside a table, a line of dots (`......`, rows left out)
//! or a short label ending in a colon (`before:` / `after:` over single
//! rows) does not end it; the label names the rows below it as any label
//! does.
//!
//! fs_mark's own end-of-run line after `-L` loops, each column's
//! `min-max(mean+/-stddev)` over the rows (`0 1600000-51200000(2.64e+07+/-1.4e+07)
//! 0 184439.900000-262602.400000(225479+/-1.3e+04) …`), is a statistic of
//! the rows read, not a result: a note at its line, not read; it ends the
//! table.
//!
//! A row under the table's header with fewer than five numbers (four
//! without `FSUse%`), or a cell that is no number, is an error at its line.
//!
//! Each run is keyed by its own header: fs_mark echoes its options
//! (`#  ./fs_mark  -d  /mnt/scratch/1  -S0  -n  100000  -s  0  -L  32`)
//! above its `Version 3.3, N thread(s) starting at …` line. When a file
//! holds several runs whose option lines differ, the options that differ
//! are parameters of every run's rows (`files` for `-n`, `loops` for `-L`,
//! `dirs` for `-d`, … the option as written for others; `-s`, `-t` and
//! `-S` are the `size`, `threads` and `sync` already read): those runs are
//! set-ups, never averaged. Runs under identical option lines stay runs of
//! one set-up (the labeller warns when only prose tells them apart).

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, Param, ParsedFile, Sample};

/// fs_mark; registry id `"fsmark"`.
pub struct Fsmark;

const ID: &str = "fsmark";

/// The set-up of the tables that follow, from the header comment.
#[derive(Default, Clone)]
struct Setup {
    threads: Option<String>,
    sync: Option<String>,
}

/// `Version 3.3, 32 thread(s) starting at …` → (`3.3`, `32`).
fn version_line(t: &str) -> Option<(&str, &str)> {
    let rest = t.trim_start_matches('#').trim().strip_prefix("Version ")?;
    let (version, rest) = rest.split_once(',')?;
    let threads = rest.trim().split_once(" thread(s)")?.0.trim();
    (threads.bytes().all(|b| b.is_ascii_digit()) && !threads.is_empty()).then_some((version.trim(), threads))
}

/// `Sync method: INBAND FSYNC: fsync() per file…` → `INBAND FSYNC`.
fn sync_line(t: &str) -> Option<&str> {
    let rest = t.trim_start_matches('#').trim().strip_prefix("Sync method:")?;
    let name = rest.split_once(':').map_or(rest, |(name, _)| name).trim();
    (!name.is_empty()).then_some(name)
}

/// fs_mark's echo of its command line above its `Version` line,
/// `#  ./fs_mark  -d  /fs/1  -d  /fs/2  -n  1600  -s  8192  -S0` → each
/// option with its value(s), in the order first written (a repeated
/// option's values joined by a space; a glued short option `-S0` is `-S`
/// with value `0`; a flag without value has an empty one). `None` for a
/// line with a word outside the options (prose: `# fs_mark was run …`).
fn option_line(t: &str) -> Option<Vec<(String, String)>> {
    let rest = t.strip_prefix('#')?.trim_start();
    let mut words = rest.split_whitespace();
    let program = words.next()?;
    if program.rsplit('/').next() != Some("fs_mark") {
        return None;
    }
    let mut opts: Vec<(String, String)> = Vec::new();
    let mut words = words.peekable();
    while let Some(w) = words.next() {
        let (opt, value) = if w.starts_with('-') && w.len() > 2 && !w.starts_with("--") {
            // The option's letter may be any char (`-é`): split after it.
            let (opt, value) = w.split_at(w.char_indices().nth(2).map_or(w.len(), |(i, _)| i));
            (opt.to_string(), value.to_string())
        } else if w.starts_with('-') && w.len() > 1 {
            let value = match words.peek() {
                Some(v) if !v.starts_with('-') => words.next().unwrap_or_default().to_string(),
                // `-n  -L  1`: an option that takes a value echoed without
                // one (a cut or edited line): its value is not known.
                _ if VALUED.contains(&w) => NO_VALUE.to_string(),
                _ => String::new(),
            };
            (w.to_string(), value)
        } else {
            // A word with no option before it: prose, no echo.
            return None;
        };
        match opts.iter_mut().find(|(o, _)| *o == opt) {
            Some((_, v)) => {
                v.push(' ');
                v.push_str(&value);
            }
            None => opts.push((opt, value)),
        }
    }
    Some(opts)
}

/// fs_mark's options that take a value (`-n 256`, `-d /mnt`); the others
/// (`-k`, `-F`, `-v`) are flags.
const VALUED: [&str; 12] = ["-d", "-D", "-l", "-L", "-n", "-N", "-p", "-r", "-s", "-S", "-t", "-w"];

/// The value [`option_line`] gives an option of [`VALUED`] echoed without
/// its value: not known, so no run is told apart by it.
const NO_VALUE: &str = "\u{0}";

/// The value of an option a run's option line does not give (fs_mark's
/// default, or a flag left off), beside a run that gives it.
const NOT_GIVEN: &str = "not given";

/// The parameter name of an fs_mark option that tells runs apart; `None`
/// for the options whose value is already a parameter (`-s` → `size`,
/// `-t` → `threads`, `-S` → `sync`, read from the row and the header).
fn option_param(opt: &str) -> Option<&str> {
    Some(match opt {
        "-s" | "-t" | "-S" => return None,
        "-n" => "files",
        "-L" => "loops",
        "-d" => "dirs",
        "-D" => "subdirs",
        "-N" => "files_per_subdir",
        "-w" => "write_size",
        other => other,
    })
}

/// The options that differ between the runs' option lines (each run's
/// options, `None` for a run without one), as (option, each run's value):
/// empty when fewer than two runs have one, when any run with rows has
/// none, or when all are alike.
fn differing_options(runs: &[Option<Vec<(String, String)>>]) -> Vec<(&str, Vec<&str>)> {
    if runs.len() < 2 || runs.iter().any(Option::is_none) {
        return Vec::new();
    }
    let runs: Vec<&Vec<(String, String)>> = runs.iter().flatten().collect();
    let mut names: Vec<&str> = Vec::new();
    for r in &runs {
        for (o, _) in r.iter() {
            if !names.contains(&o.as_str()) {
                names.push(o);
            }
        }
    }
    fn value<'a>(r: &'a [(String, String)], o: &str) -> &'a str {
        r.iter().find(|(k, _)| k == o).map_or(NOT_GIVEN, |(_, v)| if v.is_empty() { "set" } else { v.as_str() })
    }
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for o in names {
        let values: Vec<&str> = runs.iter().map(|r| value(r, o)).collect();
        // A run whose line echoes the option without its value: whether
        // the runs differ in it is not known (a note said so).
        let unknown = values.iter().any(|v| v.contains(NO_VALUE));
        if !unknown && values.iter().any(|v| *v != values[0]) && option_param(o).is_some() {
            out.push((o, values));
        }
    }
    out
}

/// A table's header.
#[derive(Clone, Copy)]
struct Header {
    /// It has the `-v` per-call columns.
    verbose: bool,
    /// It starts with `FSUse%` (a poster may leave that column out).
    fsuse: bool,
}

/// The table's header, `FSUse% Count Size Files/sec App Overhead …`, or
/// the same without `FSUse%`. A first column cut at its start by the
/// poster's copy (`SUse%`, Dave Chinner's 2015 aio_fsync mail) is still
/// the `FSUse%` column: its rows have the cell.
fn header(t: &str) -> Option<Header> {
    let first = t.split_whitespace().next().unwrap_or("");
    let (fsuse, rest) =
        if first.ends_with("Use%") && "FSUse%".ends_with(first) { (true, &t[first.len()..]) } else { (false, t) };
    let cols: Vec<&str> = rest.split_whitespace().collect();
    (cols.starts_with(&["Count", "Size", "Files/sec", "App", "Overhead"]))
        .then_some(Header { verbose: cols.len() > 5, fsuse })
}

/// Reads one row (line `n`) of a table under `head` into `out`.
fn row(out: &mut ParsedFile, setup: &Setup, head: Header, n: usize, t: &str) -> Result<(), ParseError> {
    let cells: Vec<&str> = t.split_whitespace().collect();
    let names: &[&str] = if head.fsuse {
        &["FSUse%", "Count", "Size", "Files/sec", "App Overhead"]
    } else {
        &["Count", "Size", "Files/sec", "App Overhead"]
    };
    if cells.len() < names.len() {
        return Err(ParseError::malformed(n, format!("a row of {}", names.join(", ")), t));
    }
    let num =
        |i: usize| plain(cells[i]).ok_or_else(|| ParseError::malformed(n, format!("a number for {}", names[i]), t));
    let at = usize::from(head.fsuse);
    let (files, overhead) = (num(at + 2)?, num(at + 3)?);
    for i in 0..at + 2 {
        num(i)?;
    }
    for (metric, v) in [
        (Metric::new("Files/sec", "files/s", Better::Higher), files),
        (Metric::new("App Overhead", "µs", Better::Lower), overhead),
    ] {
        let mut s = Sample::new(metric, v, n).with_param("size", cells[at + 1]);
        if let Some(t) = &setup.threads {
            s = s.with_param("threads", t);
        }
        if let Some(m) = &setup.sync {
            s = s.with_param("sync", m);
        }
        out.samples.push(s);
    }
    Ok(())
}

/// fs_mark's end-of-run line after `-L` loops: every column as
/// `min-max(mean+/-stddev)` (`0 1600000-51200000(2.64e+07+/-1.4e+07)
/// 0 184439.900000-262602.400000(225479+/-1.3e+04) …`), or a lone number
/// where the column does not vary (`FSUse%` `0`, `Size` `0`); at least one
/// column in the first form.
fn is_summary_line(t: &str) -> bool {
    let stat = |c: &str| {
        let Some((range, rest)) = c.split_once('(') else { return false };
        let Some((mean, dev)) = rest.strip_suffix(')').and_then(|r| r.split_once("+/-")) else { return false };
        let Some((lo, hi)) = range.split_once('-') else { return false };
        [lo, hi, mean, dev].iter().all(|v| plain(v).is_some())
    };
    let cells: Vec<&str> = t.split_whitespace().collect();
    cells.len() >= 4 && cells.iter().any(|c| stat(c)) && cells.iter().all(|c| stat(c) || plain(c).is_some())
}

/// A short label line a poster put between a table's rows (`before:`,
/// `after:`): a few words ending in a colon, with no digit.
fn is_row_label(t: &str) -> bool {
    t.ends_with(':') && t.len() <= 40 && t.split_whitespace().count() <= 4 && !t.contains(|c: char| c.is_ascii_digit())
}

/// A run's option line, read as (name, value) pairs; `None` where no
/// option line stands above its `Version` line.
type RunOptions = Option<Vec<(String, String)>>;

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let mut setup = Setup::default();
    let mut table: Option<Header> = None;
    // The option line above the next `Version` line, and each run (from
    // its `Version` line) with its option line and its first sample.
    let mut options: RunOptions = None;
    let mut runs: Vec<(RunOptions, usize)> = Vec::new();
    // The row read on the line before, if the line before was one.
    let mut row_above: Option<(usize, &str)> = None;
    for (n, line) in input.numbered() {
        let t = line.trim();
        let above = row_above.take();
        if let Some(head) = header(t) {
            if head.verbose {
                out.notes.push((n, "fs_mark's per-call columns (-v: CREAT, WRITE, … Min/Avg/Max): not read".into()));
            }
            table = Some(head);
            continue;
        }
        if is_summary_line(t) {
            let msg = "fs_mark's end-of-run line, each column's min-max(mean+/-stddev) over its loops: derived from \
                       the rows above it, not read";
            out.notes.push((n, msg.into()));
            table = None;
            continue;
        }
        if let Some(head) = table {
            if t.starts_with(|c: char| c.is_ascii_digit()) {
                if let (Some((m, cut)), true) = (above, t.contains("fs_mark")) {
                    // LKP's `2016-04-15 15:59:19 ./fs_mark …` right under a
                    // row: another copy of the output starts there, and
                    // the row above it was cut (`… 169.3  1232` for
                    // `12321`, a log cut and another appended).
                    let want = format!(
                        "a whole row (the next line starts another copy of the output, `{}`: this row looks cut \
                         short)",
                        t.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
                    );
                    return Err(ParseError::malformed(m, want, cut));
                }
                row(&mut out, &setup, head, n, t)?;
                row_above = Some((n, t));
                continue;
            }
            // A poster's `......` for rows left out, or a label over the
            // next row (`before:`): the table goes on below.
            if (!t.is_empty() && t.chars().all(|c| c == '.' || c == '…')) || is_row_label(t) {
                continue;
            }
        }
        table = None;
        if let Some((version, threads)) = version_line(t) {
            setup = Setup { threads: Some(threads.to_string()), sync: None };
            out.version.get_or_insert_with(|| version.to_string());
            runs.push((options.take(), out.samples.len()));
        } else if let Some(opts) = option_line(t) {
            for (o, _) in opts.iter().filter(|(_, v)| v.contains(NO_VALUE)) {
                let msg = format!(
                    "fs_mark's option line echoes `{o}` without its value: its value is not known, so no run is told \
                     apart by it"
                );
                out.notes.push((n, msg));
            }
            options = Some(opts);
        } else if let Some(sync) = sync_line(t) {
            setup.sync = Some(sync.to_string());
        }
    }
    if out.samples.is_empty() {
        return Err(ParseError::NoResults {
            benchmark: ID,
            reason: "no row under an `FSUse% Count Size Files/sec` header".into(),
        });
    }
    key_runs_by_options(&mut out, &runs);
    Ok(out)
}

/// Gives every run's rows the options that differ between the runs'
/// option lines (see the module doc), when every run with rows has one.
/// Rows above the first `Version` line belong to no run: then nothing is
/// keyed.
fn key_runs_by_options(out: &mut ParsedFile, runs: &[(RunOptions, usize)]) {
    if runs.first().is_none_or(|(_, start)| *start > 0) {
        return;
    }
    // Runs with rows: (options, first sample, end).
    let ends: Vec<usize> = runs.iter().skip(1).map(|(_, s)| *s).chain([out.samples.len()]).collect();
    let with_rows: Vec<(RunOptions, usize, usize)> =
        runs.iter().zip(ends).filter(|((_, s), e)| e > s).map(|((o, s), e)| (o.clone(), *s, e)).collect();
    let opts: Vec<RunOptions> = with_rows.iter().map(|(o, _, _)| o.clone()).collect();
    let differ = differing_options(&opts);
    for (o, values) in &differ {
        let Some(name) = option_param(o) else { continue };
        for ((_, start, end), value) in with_rows.iter().zip(values) {
            for s in &mut out.samples[*start..*end] {
                s.params.push(Param::new(name, value));
            }
        }
    }
}

impl BenchParser for Fsmark {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "fs_mark 3.x tables (Files/sec, App Overhead per loop)"
    }

    /// Its first test asks for both.
    fn literals(&self) -> &'static [&'static str] {
        &["App Overhead"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has("Files/sec") || !input.has("App Overhead") {
            return 0;
        }
        if input.lines.iter().any(|l| header(l.trim()).is_some()) { 90 } else { 0 }
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
    fn rows_are_runs_with_the_header_set_up() {
        let text = "#       Version 3.3, 32 thread(s) starting at Mon Jun  7 09:52:25 2021\n\
            #       Sync method: INBAND FSYNC: fsync() per file in write loop.\n\n\
            FSUse%        Count         Size    Files/sec     App Overhead\n\
            \x20    5        51200         8192       8324.8           390190\n\
            \x20    6       102400         8192       8100.0           400000\n\
            Average Files/sec:       8324.0\n\
            FSUse%        Count         Size    Files/sec     App Overhead        CREAT (Min/Avg/Max)\n\
            \x20    0        10000         4096        507.5           184435     1 2 3\n";
        let f = Fsmark.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.version.as_deref(), Some("3.3"));
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {} {} {}", s.line, s.metric.name, s.value.mean(), p.join(" "))
            })
            .collect();
        assert_eq!(got[0], "5 Files/sec 8324.8 size=8192 threads=32 sync=INBAND FSYNC");
        assert_eq!(got[3], "6 App Overhead 400000 size=8192 threads=32 sync=INBAND FSYNC");
        assert_eq!(got[4], "9 Files/sec 507.5 size=4096 threads=32 sync=INBAND FSYNC");
        assert_eq!(f.notes.len(), 1);
        let bad = "FSUse%        Count         Size    Files/sec     App Overhead\n 5 51200 8192 x 1\n";
        assert_eq!(Fsmark.parse(&Input::from_text(bad)).unwrap_err().line(), Some(2));
        let short = "FSUse%        Count         Size    Files/sec     App Overhead\n 5 51200\n";
        assert_eq!(Fsmark.parse(&Input::from_text(short)).unwrap_err().line(), Some(2));
    }

    #[test]
    fn a_table_without_fsuse_with_labels_and_dots_between_rows() {
        let text = "Count          Size       Files/sec     App Overhead\n\
            before:\n10000          512        512.3           147715\n\
            after:\n10000          512        572.3            75141\n\n\
            FSUse%        Count         Size    Files/sec     App Overhead\n......\n\
            \x20    0      4320000         4096      51349.6          1370049\n.....\n";
        let input = Input::from_text(text);
        assert_eq!(Fsmark.detect(&input), 90);
        let f = Fsmark.parse(&input).unwrap();
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| format!("{} {} {} size={}", s.line, s.metric.name, s.value.mean(), s.params[0].value))
            .collect();
        assert_eq!(got[0], "3 Files/sec 512.3 size=512");
        assert_eq!(got[3], "5 App Overhead 75141 size=512");
        assert_eq!(got[4], "9 Files/sec 51349.6 size=4096");
        assert_eq!(got.len(), 6);
        // A long line ending in a colon is prose: it ends the table.
        let prose =
            "Count Size Files/sec App Overhead\nthe numbers after the patch went up a lot:\n10000 512 572.3 75141\n";
        assert!(Fsmark.parse(&Input::from_text(prose)).is_err());
    }

    #[test]
    fn the_end_of_run_min_max_mean_line_is_noted_not_read() {
        // Dave Chinner's linux-xfs mail (2020): fs_mark 3.3 -L 32 prints
        // this line after its rows; it made the whole table unread.
        let text = "FSUse%        Count         Size    Files/sec     App Overhead\n\
            \x20    0      1600000            0     262602.4         11654020\n\
            \x20    0      3200000            0     259664.3         11996380\n\
            \x20    0 1600000-3200000(2.4e+06+/-8e+05)            0 259664.300000-262602.400000(261133+/-1.5e+03) \
            11654020-11996380(1.18252e+07+/-1.7e+05)\n";
        let f = Fsmark.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> = f.samples.iter().map(|s| format!("{} {}", s.line, s.value.mean())).collect();
        assert_eq!(got, ["2 262602.4", "2 11654020", "3 259664.3", "3 11996380"]);
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 4);
        assert!(!is_summary_line("     0      1600000            0     262602.4         11654020"));
        // A row with a cell of the form but a word in it stays an error.
        assert!(!is_summary_line("0 1600000-3200000(2.4e+06+/-8e+05) x 1 2"));
    }

    #[test]
    fn a_header_cut_to_suse_still_has_the_fsuse_cell() {
        // Dave Chinner's 2015 aio_fsync mail: the last table's header lost its `F`.
        let text = "SUse%        Count         Size    Files/sec     App Overhead\n\
            \x20    0        40000         4096      18956.0           633011\n";
        let f = Fsmark.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> = f.samples.iter().map(|s| format!("{} {}", s.metric.name, s.value.mean())).collect();
        assert_eq!(got, ["Files/sec 18956", "App Overhead 633011"]);
        // A first word that is no cut of `FSUse%` is no header.
        assert!(header("XUse%        Count         Size    Files/sec     App Overhead").is_none());
    }

    #[test]
    fn runs_under_different_option_lines_are_set_ups() {
        let run = |opts: &str, files: &str| {
            format!(
                "#  ./fs_mark  -d  /mnt/1  {opts}\n#       Version 3.3, 4 thread(s) starting at Tue May 12 11:48:45 \
                 2020\n#       Sync method: NO SYNC: Test does not issue sync() or fsync() calls.\n\n\
                 FSUse%        Count         Size    Files/sec     App Overhead\n\
                 \x20    0        40000         4096      {files}           633011\n\n"
            )
        };
        let params = |f: &ParsedFile| -> Vec<String> {
            f.samples
                .iter()
                .filter(|s| s.metric.name == "Files/sec")
                .map(|s| {
                    let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                    format!("{} {}", s.value.mean(), p.join(" "))
                })
                .collect()
        };
        // `-n` and `-L` differ, `-s`, `-S0` and `-d` do not.
        let text = run("-S0  -n  10000  -s  4096  -L  1", "507.5") + &run("-S0  -n  20000  -s  4096  -L  2", "527.2");
        let f = Fsmark.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(
            params(&f),
            [
                "507.5 size=4096 threads=4 sync=NO SYNC files=10000 loops=1",
                "527.2 size=4096 threads=4 sync=NO SYNC files=20000 loops=2"
            ]
        );
        // Another `-d` (another file system), an option only one run has.
        let text = run("-S0  -n  10000", "507.5") + &run("-S0  -n  10000  -d  /mnt/2  -k", "527.2");
        let f = Fsmark.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(
            params(&f),
            [
                "507.5 size=4096 threads=4 sync=NO SYNC dirs=/mnt/1 -k=not given",
                "527.2 size=4096 threads=4 sync=NO SYNC dirs=/mnt/1 /mnt/2 -k=set"
            ]
        );
        // attack36 m4-option-novalue: `-n` echoed without its number on
        // one run's line: not `files=set`; not keyed by `-n`, with a note.
        let text = run("-n  -L  1", "507.5") + &run("-n  256  -L  2", "527.2");
        let f = Fsmark.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(
            params(&f),
            ["507.5 size=4096 threads=4 sync=NO SYNC loops=1", "527.2 size=4096 threads=4 sync=NO SYNC loops=2"]
        );
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert!(f.notes[0].1.contains("echoes `-n` without its value"), "{}", f.notes[0].1);
        // Identical option lines: runs of one set-up, no parameter added.
        let text = run("-S0  -n  10000", "507.5") + &run("-S0  -n  10000", "527.2");
        let f = Fsmark.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(params(&f), ["507.5 size=4096 threads=4 sync=NO SYNC", "527.2 size=4096 threads=4 sync=NO SYNC"]);
        // A run without an option line: nothing to compare, nothing keyed.
        let text = run("-S0  -n  10000", "507.5") + &run("-S0  -n  20000", "527.2").replacen("#  ./fs_mark", "#", 1);
        let f = Fsmark.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(params(&f), ["507.5 size=4096 threads=4 sync=NO SYNC", "527.2 size=4096 threads=4 sync=NO SYNC"]);
        assert_eq!(
            option_line("#  ./fs_mark  -D  10000  -S0  -n  100000  -d  /a  -d  /b"),
            Some(vec![
                ("-D".into(), "10000".into()),
                ("-S".into(), "0".into()),
                ("-n".into(), "100000".into()),
                ("-d".into(), "/a /b".into())
            ])
        );
        assert_eq!(option_line("# fs_mark was run with -n 10"), None);
    }
}
