//! uperf (the unified network performance tool, 1.0.x): its summary, the
//! NIC statistics and the run statistics.
//!
//! ```text
//! Starting 1 threads running profile:netperf ...   0.00 seconds
//! Txn2      197.80M /  30.23(s) =    54.89Mb/s      107204op/s
//! ---------------------------------------------------------------------
//! Total     197.80M /  32.33(s) =    51.32Mb/s      100228op/s
//!
//! Netstat statistics for this run
//! Nic       opkts/s     ipkts/s      obits/s      ibits/s
//! lo         100228      100228    93.01Mb/s    93.01Mb/s
//!
//! Run Statistics
//! Hostname            Time       Data   Throughput   Operations      Errors
//! 127.0.0.1         32.33s   197.80MB    51.32Mb/s      3240816        0.00
//! Difference(%)     -0.00%      0.00%        0.00%        0.00%       0.00%
//! ```
//!
//! Metrics:
//! * group `Total`: `Throughput` and `op/s` of the `Total` line, higher is
//!   better;
//! * group `Netstat`, parameter `nic`: `opkts/s` and `ipkts/s` (packets per
//!   second, neither) and `obits/s` and `ibits/s`, higher is better;
//! * group `Run Statistics`, parameter `host`: `Throughput` (higher is
//!   better), `Operations` (neither) and `Errors` (lower is better).
//!
//! Bit rates keep the unit uperf printed (`b/s`, `Kb/s`, `Mb/s`, `Gb/s`: it
//! picks the scale per figure), as lkp's names do (`Netstat_lo_out_Mbps`,
//! `Netstat_ens1_out_Kbps`); benchsite does not convert them, so runs that
//! printed another scale are another metric, not a wrong number. A bare `0`
//! (uperf prints zero without a unit) is not read. Parameters: `profile`
//! and `threads` from `Starting N threads running profile:NAME`. The
//! `TxnN` lines (per transaction, repeated as progress by some builds), the
//! data and time columns and the `Difference(%)` row are not read (they are
//! uperf's, passed over: no other benchmark's parser reads them as its
//! rows in a file holding both, [`ParsedFile::passed_lines`]); nor are
//! `-a`'s per-transaction and per-flowop latency tables (`Txn  Count  avg
//! cpu  max  min` over `Txn1  885914  67.25us  0.00ns  122.20ms  3.80us`),
//! each said once at its header, as uperf's, an information (they were
//! warned of as a table "typed by hand or of a program no parser reads",
//! or passed over without a word). Several runs of one profile in
//! a file are runs of one sample set.
//!
//! With `-R` (raw), uperf prints `timestamp_ms:… name:Total nr_bytes:N
//! nr_ops:N` for the `Total` line (and the same for each interval, group
//! and thread): bytes and operations with no rate or duration, so no
//! `Total` figure is read, and a warning at that line says so; the NIC and
//! run tables below are read as usual. The `Group Details` and `Strand
//! Details` lines of `-g`/`-t` (one group's or thread's rate) are not read.
//! A file of `Total` lines alone (`uperf -m p.xml | grep Total` in a
//! loop) is uperf's too: each line a run, told apart by the lines between
//! them: the nearest short line above a `Total` line with no `Starting …
//! profile:` above it (`Threads: 1, size: 64`, what the loop echoed) is
//! its `label`, so that alike labels are runs and others set-ups.
//!
//! A row of the NIC or run table whose cells are not as many as its
//! header's, or a figure that is no number, is an error at its line.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// The end of the note on an `-a` latency table: an information (uperf's
/// own table, by design not read; nothing read is in doubt).
pub const LATENCY_TABLE_NOT_READ: &str = "is not read: the Total, Netstat and Run Statistics figures are";

/// uperf; registry id `"uperf"`.
pub struct Uperf;

const ID: &str = "uperf";

/// `54.89Mb/s` → (54.89, `Mb/s`); `100228op/s` → (100228, `op/s`); a bare
/// number → (value, ""). `None` where what follows the number is none of
/// uperf's units (rates `b/s`…`Tb/s`, `op/s`; sizes `B`…`TB`; times `s`,
/// `(s)`, `ms`, `us`, `ns`): `3,752,501` was read as 3 in unit
/// `,752,501` (attack32 F16).
fn figure(cell: &str) -> Option<(f64, &str)> {
    const UNITS: &[&str] =
        &["", "b/s", "Kb/s", "Mb/s", "Gb/s", "Tb/s", "op/s", "B", "KB", "MB", "GB", "TB", "s", "(s)", "ms", "us", "ns"];
    let end = cell.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')).unwrap_or(cell.len());
    let v = plain(&cell[..end])?;
    UNITS.contains(&&cell[end..]).then_some((v, &cell[end..]))
}

/// True for uperf's `Total` line, `Total 3.55GB /  62.37(s) = 489.11Mb/s
/// 955302op/s`: a data size, ` / `, seconds with `(s)`, `=`, a rate and
/// the operations per second.
fn total_line(t: &str) -> bool {
    let Some(rest) = t.strip_prefix("Total ") else { return false };
    let Some((data_time, rates)) = rest.split_once('=') else { return false };
    let Some((_, time)) = data_time.split_once(" / ") else { return false };
    let cells: Vec<&str> = rates.split_whitespace().collect();
    time.trim().strip_suffix("(s)").and_then(plain).is_some()
        && cells.len() == 2
        && cells[1].strip_suffix("op/s").and_then(plain).is_some()
}

/// True for a `TxnN` progress or summary line, `Txn2  1.23GB /  1.02(s) =
/// 10.30Gb/s  78563op/s` (`Txn1  0 /  0.00(s) =  0  0op/s` before any
/// transfer): uperf's own, passed over
/// ([`crate::model::ParsedFile::passed_lines`]).
fn progress_line(t: &str) -> bool {
    t.strip_prefix("Txn").is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        && t.contains(" / ")
        && t.contains("(s)")
        && t.ends_with("op/s")
}

/// True for a short line a loop echoed above a grepped `Total` line
/// (`Threads: 1, size: 64`): not uperf's own (`TxnN`, `Starting`, a
/// `timestamp_ms:` line), no prompt or command (`sh-5.1# for …`, `$ …`),
/// no `...` a post put for lines left out.
fn echoed_setup(t: &str) -> bool {
    let uperf_own = t.starts_with("Txn") || t.starts_with("timestamp_ms:") || t.starts_with("Error");
    let command = t.contains("# ") || t.starts_with('$') || t.contains("uperf ");
    !t.is_empty() && t.len() <= 60 && !uperf_own && !command && t.chars().any(char::is_alphabetic) && t != "..."
}

#[derive(Clone, Copy, PartialEq)]
enum Table {
    Netstat,
    Run,
}

#[derive(Default)]
struct Reader {
    out: ParsedFile,
    profile: Option<(String, String)>,
    table: Option<Table>,
    /// The nearest line above that is none of uperf's and no command: what
    /// a loop echoed before each `… | grep Total` (`Threads: 1, size: 64`).
    echoed: Option<String>,
    /// The `-a` latency table being passed over: its header's line, its
    /// kind (`Txn` or `Flowop`), and its rows' names and last line.
    latency: Option<(usize, &'static str, Vec<String>, usize)>,
}

/// `Txn                Count         avg         cpu         max         min`
/// (and `Flowop …`), the header of uperf's `-a` latency tables: `Txn` or
/// `Flowop`.
fn latency_header(t: &str) -> Option<&'static str> {
    let mut words = t.split_whitespace();
    let kind = match words.next()? {
        "Txn" => "Txn",
        "Flowop" => "Flowop",
        _ => return None,
    };
    words.eq(["Count", "avg", "cpu", "max", "min"]).then_some(kind)
}

/// A row of an `-a` latency table, `write  14174608  4.19us  0.00ns
/// 122.20ms  14.10us`: a name, a count and four times; its name.
fn latency_row(t: &str) -> Option<&str> {
    let cells: Vec<&str> = t.split_whitespace().collect();
    let [name, count, times @ ..] = &cells[..] else { return None };
    let timed = |c: &&str| figure(c).is_some_and(|(_, u)| matches!(u, "s" | "ms" | "us" | "ns"));
    (times.len() == 4 && plain(count).is_some() && times.iter().all(timed)).then_some(*name)
}

impl Reader {
    fn push(&mut self, group: &str, metric: Metric, value: f64, n: usize, param: Option<(&str, &str)>) {
        let mut s = Sample::new(metric, value, n).with_group(group);
        if let Some((threads, profile)) = &self.profile {
            s = s.with_param("profile", profile).with_param("threads", threads);
        }
        if let Some((name, v)) = param {
            s = s.with_param(name, v);
        }
        self.out.samples.push(s);
    }

    /// `Total 197.80M / 32.33(s) = 51.32Mb/s 100228op/s`.
    fn total(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        let Some((_, rates)) = t.split_once('=') else {
            return Err(ParseError::malformed(n, "`Total DATA / TIME(s) = RATE OPS op/s`", t));
        };
        let cells: Vec<&str> = rates.split_whitespace().collect();
        let [bw, ops] = cells[..] else {
            return Err(ParseError::malformed(n, "a bit rate and an op/s rate after `=`", t));
        };
        let bad = || ParseError::malformed(n, "a rate such as `51.32Mb/s`", t);
        // A Total line with no `Starting … profile:` above it (`| grep
        // Total`): what the loop echoed above it is its set-up, kept as a
        // `label` so that `Threads: 1` and `Threads: 4` are not runs of one.
        let label = match (&self.profile, &self.echoed) {
            (None, Some(e)) => Some(e.clone()),
            _ => None,
        };
        let label = label.as_deref().map(|l| ("label", l));
        let (v, unit) = figure(bw).ok_or_else(bad)?;
        if !unit.is_empty() {
            self.push("Total", Metric::new("Throughput", unit, Better::Higher), v, n, label);
        }
        let (v, unit) = figure(ops).ok_or_else(bad)?;
        if unit != "op/s" {
            return Err(bad());
        }
        self.push("Total", Metric::new("op/s", "op/s", Better::Higher), v, n, label);
        Ok(())
    }

    fn row(&mut self, table: Table, n: usize, t: &str) -> Result<(), ParseError> {
        let cells: Vec<&str> = t.split_whitespace().collect();
        let cols: &[(&str, Better)] = match table {
            Table::Netstat => &[
                ("opkts/s", Better::Neither),
                ("ipkts/s", Better::Neither),
                ("obits/s", Better::Higher),
                ("ibits/s", Better::Higher),
            ],
            Table::Run => &[
                ("Time", Better::Neither),
                ("Data", Better::Neither),
                ("Throughput", Better::Higher),
                ("Operations", Better::Neither),
                ("Errors", Better::Lower),
            ],
        };
        // A name of more than one word before the figures: uperf's
        // Windows build glues a log word to the host (`[172.29.16.62]
        // Success172.29.16.62      62.05s   862.33MB …`, wild36c F2). The
        // last figures are the row's; the name is kept as printed.
        let split = cells.len().saturating_sub(cols.len());
        let glued =
            split > 1 && cells[split..].iter().all(|c| figure(c).is_some()) && figure(cells[split - 1]).is_none();
        if cells.len() != cols.len() + 1 && !glued {
            return Err(ParseError::malformed(n, format!("a name and {} figures", cols.len()), t));
        }
        let name_words = cells[..split].join(" ");
        if glued {
            self.out.notes.push((
                n,
                format!(
                    "a row named by more than one word (`{name_words}`, a log word glued to the host?): its last {} figures read, the name kept as printed",
                    cols.len()
                ),
            ));
        }
        let cells = &cells[split - 1..];
        let name = name_words.as_str();
        let (group, param) = match table {
            Table::Netstat => ("Netstat", "nic"),
            Table::Run => ("Run Statistics", "host"),
        };
        for ((col, better), cell) in cols.iter().zip(&cells[1..]) {
            if matches!(*col, "Time" | "Data") {
                continue;
            }
            let (v, unit) = figure(cell).ok_or_else(|| ParseError::malformed(n, format!("a figure for `{col}`"), t))?;
            let unit = match (*col, unit) {
                ("opkts/s" | "ipkts/s", "") => "pkts/s",
                ("Operations" | "Errors", "") => "",
                (_, "") => continue,
                (_, u) => u,
            };
            self.push(group, Metric::new(*col, unit, *better), v, n, Some((param, name)));
        }
        Ok(())
    }

    /// The note for the `-a` latency table passed over, if any: what it is,
    /// not read.
    fn end_latency(&mut self) {
        let Some((at, kind, names, last)) = self.latency.take() else { return };
        let what = if kind == "Txn" { "transaction" } else { "flowop" };
        let shown: Vec<String> = names.iter().take(4).map(|x| format!("`{x}`")).collect();
        let more = if names.len() > 4 { format!(", … ({} rows)", names.len()) } else { String::new() };
        self.out.notes.push((
            at,
            format!(
                "uperf's per-{what} latency table (`-a`; lines {at}-{last}, {}{more}: each {what}'s count and its \
                 avg, cpu, max and min times) {LATENCY_TABLE_NOT_READ}",
                shown.join(", ")
            ),
        ));
    }

    fn line(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        if let Some(kind) = latency_header(t) {
            self.end_latency();
            self.latency = Some((n, kind, Vec::new(), n));
            return Ok(());
        }
        if let Some((_, _, names, last)) = &mut self.latency {
            if t.starts_with("---") {
                return Ok(());
            }
            if let Some(name) = latency_row(t) {
                names.push(name.to_string());
                *last = n;
                self.out.passed_lines.push(n);
                return Ok(());
            }
            self.end_latency();
        }
        if t.starts_with("Nic ") && t.contains("obits/s") {
            self.table = Some(Table::Netstat);
            return Ok(());
        }
        if t.starts_with("Hostname ") && t.contains("Throughput") {
            self.table = Some(Table::Run);
            return Ok(());
        }
        if t.starts_with("---") {
            return Ok(());
        }
        if let Some(table) = self.table {
            if t.is_empty() || t.starts_with("Difference") || t.starts_with("**") {
                if t.starts_with("Difference") {
                    self.out.passed_lines.push(n);
                }
                self.table = None;
                return Ok(());
            }
            return self.row(table, n, t);
        }
        if let Some(rest) = t.strip_prefix("Starting ") {
            let threads = rest.split_whitespace().next().unwrap_or("");
            let profile = rest.split_once("profile:").map(|(_, p)| p.split_whitespace().next().unwrap_or(""));
            if let Some(p) = profile.filter(|p| !p.is_empty()) {
                self.profile = Some((threads.to_string(), p.to_string()));
                self.out.passed_lines.push(n);
            }
        } else if progress_line(t) {
            self.out.passed_lines.push(n);
        } else if t.starts_with("Total ") && t.contains("(s)") {
            self.total(n, t)?;
        } else if echoed_setup(t) {
            self.echoed = Some(t.to_string());
        } else if t.starts_with("timestamp_ms:") && t.contains(" name:Total ") {
            self.out.notes.push((
                n,
                "uperf -R's raw `name:Total` line gives bytes and operations, no rate: no Total throughput or op/s read (the Netstat and Run Statistics tables are)".into(),
            ));
        }
        Ok(())
    }
}

impl BenchParser for Uperf {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "uperf 1.0.x summaries (Total, Netstat and Run Statistics tables)"
    }

    /// A run table, the netstat table, or `op/s`.
    fn literals(&self) -> &'static [&'static str] {
        &["Run Statistics", "Netstat statistics for this run", "op/s"]
    }

    fn detect(&self, input: &Input) -> u8 {
        let run = input.has("Run Statistics") && input.has("Hostname ");
        let net = input.has("Netstat statistics for this run");
        // A run table over its `Difference(%)` row is uperf's too, when
        // nothing above names the profile (a Windows build's `-a` output,
        // wild36c F2).
        let difference = run && input.has("Difference(%)");
        if (run || net) && (input.has("op/s") || input.has("running profile:") || difference) {
            return 90;
        }
        // `uperf -m profile.xml | grep Total` in a loop: the Total lines
        // alone (a Submariner test guide), uperf's by their form.
        if input.has("op/s") && input.lines.iter().any(|l| total_line(l.trim())) { 80 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut r = Reader { out: ParsedFile { benchmark: ID.into(), ..ParsedFile::default() }, ..Reader::default() };
        for (n, line) in input.numbered() {
            r.line(n, line.trim())?;
        }
        r.end_latency();
        if r.out.samples.is_empty() {
            return Err(ParseError::NoResults { benchmark: ID, reason: "no `Total` line, NIC row or host row".into() });
        }
        Ok(r.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_netstat_and_run_statistics() {
        let text = "Starting 1 threads running profile:netperf ...   0.00 seconds\n\
            Txn2      197.80M /  30.23(s) =    54.89Mb/s      107204op/s\n---\n\
            Total     197.80M /  32.33(s) =    51.32Mb/s      100228op/s\n\n\
            Netstat statistics for this run\n---\nNic       opkts/s     ipkts/s      obits/s      ibits/s\n\
            lo         100228      100228    93.01Mb/s    93.01Mb/s\ntap0            0           0     17.32b/s            0\n---\n\n\
            Run Statistics\nHostname            Time       Data   Throughput   Operations      Errors\n---\n\
            127.0.0.1         32.33s   197.80MB    51.32Mb/s      3240816        0.00\n---\n\
            Difference(%)     -0.00%      0.00%        0.00%        0.00%       0.00%\n";
        let input = Input::from_text(text);
        assert_eq!(Uperf.detect(&input), 90);
        let f = Uperf.parse(&input).unwrap();
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!(
                    "{} {}|{} {} {} [{}]",
                    s.line,
                    s.group,
                    s.metric.name,
                    s.value.mean(),
                    s.metric.unit,
                    p.join(" ")
                )
            })
            .collect();
        assert_eq!(got[0], "4 Total|Throughput 51.32 Mb/s [profile=netperf threads=1]");
        assert_eq!(got[1], "4 Total|op/s 100228 op/s [profile=netperf threads=1]");
        assert_eq!(got[4], "9 Netstat|obits/s 93.01 Mb/s [profile=netperf threads=1 nic=lo]");
        assert_eq!(got[7], "10 Netstat|ipkts/s 0 pkts/s [profile=netperf threads=1 nic=tap0]");
        assert_eq!(got[8], "10 Netstat|obits/s 17.32 b/s [profile=netperf threads=1 nic=tap0]");
        assert_eq!(got[9], "16 Run Statistics|Throughput 51.32 Mb/s [profile=netperf threads=1 host=127.0.0.1]");
        assert_eq!(got.len(), 12);
        let bad = "Run Statistics\nHostname            Time       Data   Throughput   Operations      Errors\nmaster 1s 2MB x 4 0\n";
        assert_eq!(Uperf.parse(&Input::from_text(bad)).unwrap_err().line(), Some(3));
        // wild36c F2: a log word glued to the host: the last 5 figures
        // read, the name as printed, a note; no profile line above.
        let glued = "Run Statistics\nHostname            Time       Data   Throughput   Operations      Errors\n\
                     [172.29.16.62] Success172.29.16.62      62.05s   862.33MB   116.57Mb/s     14128483        0.00\n\
                     Difference(%)     -0.00%      0.33%        0.33%        0.33%       0.00%\n";
        let input = Input::from_text(glued);
        assert_eq!(Uperf.detect(&input), 90);
        let f = Uperf.parse(&input).unwrap();
        assert_eq!(f.samples[0].value.mean(), 116.57);
        assert_eq!(f.samples[0].params[0].value.to_string(), "[172.29.16.62] Success172.29.16.62");
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains("more than one word")), "{:?}", f.notes);
    }

    #[test]
    fn raw_total_is_a_warning() {
        let text = "Starting 1 threads running profile:iperf ...   0.00 seconds\n\
            timestamp_ms:1644254626729.0642 name:Total nr_bytes:79955230720 nr_ops:9760161\n\n\
            Netstat statistics for this run\n---\nNic       opkts/s     ipkts/s      obits/s      ibits/s\n\
            lo         307537      307537    20.22Gb/s    20.22Gb/s \n";
        let f = Uperf.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 4);
        assert!(f.samples.iter().all(|s| s.group == "Netstat"));
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 2);
        assert!(!crate::parse::note_is_info(&f.notes[0].1));
    }

    #[test]
    fn grepped_total_lines_take_the_echoed_set_up_as_label() {
        let text = "Threads: 1, size: 64\nTotal      3.55GB /  62.37(s) =   489.11Mb/s      955302op/s\n\
                    Threads: 1, size: 64\nTotal      3.57GB /  62.36(s) =   492.30Mb/s      961522op/s\n\
                    Threads: 4, size: 64\nTotal      8.31GB /  62.36(s) =     1.14Gb/s     2236111op/s\n";
        let input = Input::from_text(text);
        assert_eq!(Uperf.detect(&input), 80);
        let got = Uperf.parse(&input).unwrap();
        let labels: Vec<&str> = got.samples.iter().map(|s| s.params[0].value.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Threads: 1, size: 64",
                "Threads: 1, size: 64",
                "Threads: 1, size: 64",
                "Threads: 1, size: 64",
                "Threads: 4, size: 64",
                "Threads: 4, size: 64"
            ]
        );
        assert!(!total_line("Total time: 8.425 [sec]"));
    }

    /// A figure is its number and one of uperf's units; a thousands
    /// separator is no unit (attack32 F16: `3,752,501` was 3 `,752,501`).
    #[test]
    fn a_figure_takes_only_uperf_units() {
        assert_eq!(figure("54.89Mb/s"), Some((54.89, "Mb/s")));
        assert_eq!(figure("955302op/s"), Some((955302.0, "op/s")));
        assert_eq!(figure("62.37(s)"), Some((62.37, "(s)")));
        assert_eq!(figure("2575"), Some((2575.0, "")));
        assert_eq!(figure("3,752,501"), None);
        assert_eq!(figure("47,663"), None);
    }
}
