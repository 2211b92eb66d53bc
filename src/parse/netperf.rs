//! netperf 2.x (`netperf -t TCP_STREAM|UDP_STREAM|TCP_RR|TCP_CRR|SCTP_…`),
//! its classic (non-omni) result tables, and the LKP logs of it.
//!
//! Each test prints a banner, a header and one result row (two for UDP
//! and the request/response tests); LKP starts many copies at once and
//! prints their tables one after the other:
//!
//! ```text
//! MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to localhost () port 0 AF_INET : demo
//! Recv   Send    Send                          Utilization       Service Demand
//! Socket Socket  Message  Elapsed              Send     Recv     Send    Recv
//! Size   Size    Size     Time     Throughput  local    remote   local   remote
//! bytes  bytes   bytes    secs.    10^6bits/s  % S      % S      us/KB   us/KB
//!
//! 212992 212992  10240    300.00     7572.02   32.07    32.07    44.406  44.406
//!
//! MIGRATED UDP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to 127.0.0.1 () port 0 AF_INET : demo
//! Socket  Message  Elapsed      Messages                   CPU      Service
//! Size    Size     Time         Okay Errors   Throughput   Util     Demand
//! bytes   bytes    secs            #      #   10^6bits/sec % SS     us/KB
//!
//! 212992   65507   300.00    36395320      0    63577.2     24.11    3.977
//! 212992           300.00    35314623           61689.4     24.11    3.977
//!
//! MIGRATED TCP REQUEST/RESPONSE TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to localhost () port 0 AF_INET : demo : first burst 0
//! Local /Remote
//! Socket Size   Request  Resp.   Elapsed  Trans.
//! Send   Recv   Size     Size    Time     Rate
//! bytes  Bytes  bytes    bytes   secs.    per sec
//!
//! 16384  87380  1        1       10.00    27814.43
//! 16384  87380
//! ```
//!
//! Metrics (group empty), all higher is better:
//!
//! * `Throughput` of a stream test, in the unit its header prints
//!   (`10^6bits/s`, `10^6bits/sec`, or another with `-f`), the sender's
//!   figure for TCP and SCTP; for UDP the first row's (what the sender
//!   sent);
//! * `Recv Throughput` of a UDP stream test: its second row, what the
//!   receiver got (datagrams are dropped, so it is less);
//! * `Trans. Rate`, in `per sec` (transactions), of a request/response test
//!   (`TCP_RR`, `TCP_CRR`, `UDP_RR`, `SCTP_RR`…); the row below it (the
//!   remote socket sizes) holds no result.
//!
//! Parameters: `test`, netperf's `-t` name for the banner's words
//! (`TCP STREAM` → `TCP_STREAM`, `SCTP 1-TO-MANY STREAM` →
//! `SCTP_STREAM_MANY`, `TCP Connect/Request/Response` → `TCP_CRR`; an
//! unknown banner's words as they are); `message` (send message size, in
//! bytes) for stream tests; `request` and `response` (bytes) for
//! request/response tests. Several tables of one set-up (LKP's copies) are
//! runs of one sample set. The CPU utilisation and service demand columns
//! (with `-c -C`) are not read; nor are omni output (`-O`/`-o`) or tables
//! printed without headers (`-P 0`).
//!
//! A banner with no result row below it (the test failed) is a note. A
//! result row with too few columns, or a cell that is no number, is an
//! error at its line.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// netperf; registry id `"netperf"`.
pub struct Netperf;

/// The banner's words → netperf's `-t` name.
const TESTS: &[(&str, &str)] = &[
    ("TCP STREAM", "TCP_STREAM"),
    ("TCP MAERTS", "TCP_MAERTS"),
    ("TCP SENDFILE", "TCP_SENDFILE"),
    ("UDP STREAM", "UDP_STREAM"),
    ("TCP REQUEST/RESPONSE", "TCP_RR"),
    ("UDP REQUEST/RESPONSE", "UDP_RR"),
    ("TCP Connect/Request/Response", "TCP_CRR"),
    ("TCP Connect/Close", "TCP_CC"),
    ("SCTP STREAM", "SCTP_STREAM"),
    ("SCTP 1-TO-MANY STREAM", "SCTP_STREAM_MANY"),
    ("SCTP REQUEST/RESPONSE", "SCTP_RR"),
    ("SCTP 1-TO-MANY REQUEST/RESPONSE", "SCTP_RR_MANY"),
];

/// A test banner (`MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0
/// AF_INET to …`) → the test's name.
fn banner(line: &str) -> Option<String> {
    let (words, rest) = line.split_once(" TEST from ")?;
    // A mail client may wrap the banner after its `… port 0 AF_INET`.
    if !rest.contains(" port ") {
        return None;
    }
    let words = words.trim();
    let words = words.strip_prefix("MIGRATED ").unwrap_or(words).trim();
    if words.is_empty() || words.len() > 60 {
        return None;
    }
    let name = TESTS.iter().find(|(w, _)| *w == words).map_or(words, |(_, n)| n);
    Some(name.to_string())
}

/// The kind of table under a banner, from its header.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    /// TCP/SCTP stream: recv socket, send socket, message, elapsed, throughput.
    Stream,
    /// UDP stream: socket, message, elapsed, okay, errors, throughput; then
    /// the receiver's socket, elapsed, okay, throughput.
    Udp,
    /// Request/response: send socket, recv socket, request, response,
    /// elapsed, rate.
    Rr,
}

/// The table a banner started: its test, header lines read so far, and
/// where it is in its rows.
struct Block {
    test: String,
    at: usize,
    header: Vec<String>,
    /// The UDP send row read, waiting for the receiver's row.
    udp_pending: bool,
}

impl Block {
    fn kind(&self) -> Option<Kind> {
        let h = self.header.join(" ");
        if h.contains("Trans.") {
            Some(Kind::Rr)
        } else if h.contains("Okay") && h.contains("Throughput") {
            Some(Kind::Udp)
        } else if h.contains("Throughput") {
            Some(Kind::Stream)
        } else {
            None
        }
    }

    /// The throughput unit: the header's last line (units), at `col`.
    fn unit(&self, col: usize) -> Option<String> {
        let units = self.header.iter().rev().find(|l| !l.trim().is_empty())?;
        let u = units.split_whitespace().nth(col)?;
        u.contains("bits").then(|| u.to_string()).or_else(|| u.contains("Bytes").then(|| u.to_string()))
    }
}

/// The numbers of a result row, or `None` when its first cell is no number
/// (a header line).
fn numbers(line: &str) -> Option<Vec<Option<f64>>> {
    let cells: Vec<&str> = line.split_whitespace().collect();
    plain(cells.first()?)?;
    Some(cells.iter().map(|c| plain(c)).collect())
}

/// The cell at `col`, or an error naming the line.
fn cell(cells: &[Option<f64>], col: usize, n: usize, line: &str, what: &str) -> Result<f64, ParseError> {
    cells.get(col).copied().flatten().ok_or_else(|| {
        ParseError::malformed(n, format!("a netperf result row with its {what} in column {}", col + 1), line)
    })
}

/// Reads the first result row of `b` (line `n`).
fn first_row(
    b: &mut Block,
    kind: Kind,
    cells: &[Option<f64>],
    n: usize,
    line: &str,
) -> Result<Vec<Sample>, ParseError> {
    let t = b.test.as_str();
    let (col, unit_col) = match kind {
        Kind::Stream => (4, 4),
        Kind::Udp => (5, 5),
        Kind::Rr => (5, 5),
    };
    let value = cell(cells, col, n, line, if kind == Kind::Rr { "transaction rate" } else { "throughput" })?;
    let sample = match kind {
        Kind::Rr => {
            let req = cell(cells, 2, n, line, "request size")?;
            let resp = cell(cells, 3, n, line, "response size")?;
            Sample::new(Metric::new("Trans. Rate", "per sec", Better::Higher), value, n)
                .with_param("test", t)
                .with_param("request", req)
                .with_param("response", resp)
        }
        Kind::Stream | Kind::Udp => {
            let unit = b.unit(unit_col).ok_or_else(|| {
                ParseError::malformed(b.at, "a netperf header whose last line gives the throughput's unit", &b.test)
            })?;
            let msg = cell(cells, if kind == Kind::Udp { 1 } else { 2 }, n, line, "message size")?;
            b.udp_pending = kind == Kind::Udp;
            Sample::new(Metric::new("Throughput", unit, Better::Higher), value, n)
                .with_param("test", t)
                .with_param("message", msg)
        }
    };
    Ok(vec![sample])
}

/// Reads every table in `input`.
fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "netperf".into(), ..ParsedFile::default() };
    let mut block: Option<Block> = None;
    let mut last: Option<Sample> = None;
    let lost = |b: &Block, out: &mut ParsedFile| {
        out.notes.push((b.at, format!("a netperf {} banner with no result row below it: not read", b.test)));
    };
    for (n, line) in input.numbered() {
        let t = line.trim();
        if let Some(test) = banner(t) {
            if let Some(b) = block.take() {
                if b.udp_pending {
                    out.notes.push((
                        b.at,
                        "a UDP_STREAM table with no receiver row: its receive throughput not read".into(),
                    ));
                } else {
                    lost(&b, &mut out);
                }
            }
            block = Some(Block { test, at: n, header: Vec::new(), udp_pending: false });
            continue;
        }
        let Some(b) = block.as_mut() else { continue };
        let Some(cells) = numbers(t) else {
            if !b.udp_pending && !t.is_empty() {
                b.header.push(t.to_string());
            }
            continue;
        };
        let kind = b.kind().ok_or_else(|| {
            ParseError::malformed(n, "a netperf header naming `Throughput` or `Trans. Rate` above the row", t)
        })?;
        if b.udp_pending {
            let value = cell(&cells, 3, n, t, "receive throughput")?;
            // `udp_pending` is set only with the send row kept in `last`.
            if let Some(sent) = last.take() {
                let metric = Metric::new("Recv Throughput", sent.metric.unit.clone(), Better::Higher);
                let mut s = Sample::new(metric, value, n);
                s.params = sent.params;
                out.samples.push(s);
            }
            block = None;
            continue;
        }
        let samples = first_row(b, kind, &cells, n, t)?;
        last = samples.last().cloned();
        out.samples.extend(samples);
        if !b.udp_pending {
            block = None;
        }
    }
    if let Some(b) = block {
        if b.udp_pending {
            out.notes.push((b.at, "a UDP_STREAM table with no receiver row: its receive throughput not read".into()));
        } else {
            lost(&b, &mut out);
        }
    }
    if out.samples.is_empty() {
        return Err(ParseError::NoResults {
            benchmark: "netperf",
            reason: "no result row under a `… TEST from …` banner and its header".into(),
        });
    }
    Ok(out)
}

impl BenchParser for Netperf {
    fn id(&self) -> &'static str {
        "netperf"
    }

    fn describe(&self) -> &'static str {
        "netperf 2.x result tables (stream and request/response tests; LKP logs)"
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has(" TEST from ") {
            return 0;
        }
        let banners = input.lines.iter().any(|l| banner(l.trim()).is_some());
        let header = input.has("Throughput") || input.has("Trans.");
        if banners && header { 90 } else { 0 }
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

    fn params(s: &Sample) -> String {
        s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" ")
    }

    const RR: &str = "MIGRATED TCP REQUEST/RESPONSE TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to localhost () port 0 AF_INET : demo : first burst 0\n\
        Local /Remote\nSocket Size   Request  Resp.   Elapsed  Trans.\nSend   Recv   Size     Size    Time     Rate\n\
        bytes  Bytes  bytes    bytes   secs.    per sec\n\n16384  87380  1        1       10.00    27814.43\n16384  87380\n";

    #[test]
    fn stream_udp_and_rr_tables() {
        let text = format!(
            "MIGRATED UDP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to 127.0.0.1 () port 0 AF_INET : demo\n\
            Socket  Message  Elapsed      Messages                   CPU      Service\n\
            Size    Size     Time         Okay Errors   Throughput   Util     Demand\n\
            bytes   bytes    secs            #      #   10^6bits/sec % SS     us/KB\n\n\
            212992   65507   300.00    36395320      0    63577.2     24.11    3.977\n\
            212992           300.00    35314623           61689.4     24.11    3.977\n\n{RR}"
        );
        let f = Netperf.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(f.samples.len(), 3);
        assert_eq!((f.samples[0].metric.name.as_str(), f.samples[0].value.mean()), ("Throughput", 63577.2));
        assert_eq!(f.samples[0].metric.unit, "10^6bits/sec");
        assert_eq!(params(&f.samples[0]), "test=UDP_STREAM message=65507");
        assert_eq!((f.samples[1].metric.name.as_str(), f.samples[1].value.mean()), ("Recv Throughput", 61689.4));
        assert_eq!(f.samples[1].line, 7);
        assert_eq!((f.samples[2].metric.name.as_str(), f.samples[2].value.mean()), ("Trans. Rate", 27814.43));
        assert_eq!(params(&f.samples[2]), "test=TCP_RR request=1 response=1");
        assert!(f.notes.is_empty(), "{:?}", f.notes);
    }

    #[test]
    fn failed_test_is_a_note_and_a_short_row_an_error() {
        let text = format!(
            "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to x () port 0 AF_INET\n\
            recv_response: partial response received: 0 bytes\n{RR}"
        );
        let f = Netperf.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 1);
        let short = RR.replace("10.00    27814.43", "10.00");
        assert_eq!(Netperf.parse(&Input::from_text(&short)).unwrap_err().line(), Some(7));
    }
}
