//! The one-line results lmbench's tools print (`Simple syscall: 0.2 microseconds`,
//! `Pipe latency: …`, `AF_UNIX sock stream bandwidth: …`).

use super::{FILE_VM, LOCAL_BW, LOCAL_LAT, OPS, PROC, REMOTE_BW, REMOTE_LAT, SYS};
use crate::lines::SplitWords as _;
use crate::model::{Better, Param};
use crate::parse::num;

/// A `label: value unit` tool line read into a metric.
pub(super) struct ToolMetric {
    pub(super) name: String,
    pub(super) unit: &'static str,
    pub(super) better: Better,
    pub(super) group: &'static str,
    pub(super) params: Vec<Param>,
    pub(super) value: f64,
    /// The label is one of lmbench's own (not a generic `label: value unit`).
    pub(super) known: bool,
    /// A poster's change figure after the unit (`+4.1%`), not read.
    pub(super) aside: Option<String>,
}

/// A set-up a poster typed before a tool's line, apart from it by a TAB:
/// `randomize_kstack_offset=y<TAB>Simple syscall: 0.7082 microseconds`
/// (Kees Cook's kernel stack offset randomization, LKML 2021: the two
/// set-ups' lines were no tool line, and the file was not read). The
/// set-up (one word, no colon) and the tool's line.
fn setup_before_tool(t: &str) -> Option<(&str, &str)> {
    let (setup, tool) = t.split_once('\t')?;
    let (setup, tool) = (setup.trim(), tool.trim());
    let one_word = !setup.is_empty() && !setup.contains(char::is_whitespace) && !setup.contains(':');
    (one_word && tool.starts_with(|c: char| c.is_ascii_alphabetic())).then_some((setup, tool))
}

/// A poster's change figure typed after a tool line's unit: `+4.1%`,
/// `-0.5%`, `(+4.1%)` (Barry Song's `STREAM copy bandwidth: 59338.60
/// MB/sec  +4.1%`, LKML 2021).
fn is_change_figure(word: &str) -> bool {
    let w = word.strip_prefix('(').and_then(|w| w.strip_suffix(')')).unwrap_or(word);
    w.strip_suffix('%').and_then(|w| w.strip_prefix(['+', '-'])).is_some_and(|n| num::plain(n).is_some())
}

/// lat_http's line (lmbench 2 and 3: the script runs `lat_http localhost
/// 8008 < webpage-lm/URLS`, fetching lmbench's fixed page list from its
/// own `lmhttp` server): `Avg xfer: 3.2KB, 41.8KB in 1.3340 millisecs,
/// 31.31 MB/sec` (`Avg xfer 512, …` when the average file is under
/// 1,000 bytes; `… KB/sec` under 1 MB/s). Its last figure is the
/// transfer rate of the whole list, read as `HTTP bandwidth` (MB/s or
/// KB/s, higher is better, Local Communication bandwidths); the average
/// and total size (the page list's, the same in every run) and the time
/// (the total over the rate) are not kept. Every kylin-lmbench host file
/// has it (archive37 F11: it was neither read nor noted).
fn http_line(t: &str) -> Option<ToolMetric> {
    let rest = t.strip_prefix("Avg xfer")?;
    let (_, rate) = rest.rsplit_once(", ")?;
    let (value, unit) = rate.trim().split_once(' ')?;
    let unit = match unit.trim() {
        "MB/sec" => "MB/s",
        "KB/sec" => "KB/s",
        _ => return None,
    };
    Some(ToolMetric {
        name: "HTTP bandwidth".to_string(),
        unit,
        better: Better::Higher,
        group: LOCAL_BW,
        params: Vec::new(),
        value: num::plain(value)?,
        known: true,
        aside: None,
    })
}

/// A tool's one-line result (`Simple syscall: 0.2 microseconds`, lat_http's
/// `Avg xfer: …, 31.31 MB/sec`) read into a metric; `None` for any other line.
pub(super) fn tool_line(t: &str) -> Option<ToolMetric> {
    if let Some(m) = http_line(t) {
        return Some(m);
    }
    if let Some((setup, tool)) = setup_before_tool(t) {
        let mut m = tool_line(tool).filter(|m| m.known)?;
        m.params.push(Param::new("label", setup));
        return Some(m);
    }
    // `t.rsplit_once(": ")`, from a byte search for the colon (most lines
    // have none; the substring searcher was set up for every line).
    let b = t.as_bytes();
    let colon = memchr::memrchr_iter(b':', b).find(|&p| b.get(p + 1) == Some(&b' '))?;
    let (label, rest) = (&t[..colon], &t[colon + 2..]);
    let label = label.trim();
    if !label.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    // One or two words: the value and its unit (no list collected: most
    // lines with a colon are not tool lines).
    let mut w = rest.words();
    let mut aside = None;
    let (value, unit_word) = match (w.next(), w.next(), w.next()) {
        (Some(v), Some(u), None) => (num::plain(v)?, u),
        (Some(v), Some(u), Some(c)) if w.next().is_none() && is_change_figure(c) => {
            aside = Some(c.to_string());
            (num::plain(v)?, u)
        }
        (Some(v), None, None) if label.ends_with("parallelism") => (num::plain(v)?, ""),
        _ => return None,
    };
    let (unit, better) = match unit_word {
        // lmbench 2.0's lat_pagefault prints `Pagefaults on FILE: 4 usecs`.
        "microseconds" | "usecs" => ("µs", Better::Lower),
        "nanoseconds" => ("ns", Better::Lower),
        "milliseconds" => ("ms", Better::Lower),
        "MB/sec" => ("MB/s", Better::Higher),
        "KB/sec" => ("KB/s", Better::Higher),
        "pages" => ("pages", Better::Neither),
        "" => ("", Better::Neither),
        _ => return None,
    };
    let mut m =
        ToolMetric { name: label.to_string(), unit, better, group: "", params: Vec::new(), value, known: true, aside };
    let local = |host: &str| host.trim() == "localhost";
    let simple = |name: &str, group: &'static str| (name.to_string(), group);
    let (name, group) = match label {
        "Simple syscall" => simple("syscall", PROC),
        "Simple read" => simple("read", PROC),
        "Simple write" => simple("write", PROC),
        "Simple stat" => simple("stat", PROC),
        "Simple fstat" => simple("fstat", PROC),
        "Simple open/close" => simple("open/close", PROC),
        "Null syscall" => simple("null syscall", PROC),
        "Signal handler installation" => simple("sig install", PROC),
        "Signal handler overhead" => simple("sig handler", PROC),
        "Protection fault" => simple("prot fault", FILE_VM),
        "Process fork+exit" => simple("fork+exit", PROC),
        "Process fork+execve" => simple("fork+execve", PROC),
        "Process fork+/bin/sh -c" => simple("fork+/bin/sh -c", PROC),
        "Pipe latency" => simple("Pipe latency", LOCAL_LAT),
        "AF_UNIX sock stream latency" => simple("AF_UNIX latency", LOCAL_LAT),
        "Pipe bandwidth" => simple("Pipe bandwidth", LOCAL_BW),
        "AF_UNIX sock stream bandwidth" => simple("AF_UNIX bandwidth", LOCAL_BW),
        "tlb" => simple("tlb", SYS),
        _ => {
            if let Some(host) = label.strip_prefix("UDP latency using ") {
                simple("UDP latency", if local(host) { LOCAL_LAT } else { REMOTE_LAT })
            } else if let Some(host) = label.strip_prefix("TCP latency using ") {
                simple("TCP latency", if local(host) { LOCAL_LAT } else { REMOTE_LAT })
            } else if let Some(host) = label.strip_prefix("RPC/udp latency using ") {
                simple("RPC/UDP latency", if local(host) { LOCAL_LAT } else { REMOTE_LAT })
            } else if let Some(host) = label.strip_prefix("RPC/tcp latency using ") {
                simple("RPC/TCP latency", if local(host) { LOCAL_LAT } else { REMOTE_LAT })
            } else if let Some(host) = label.strip_prefix("TCP/IP connection cost to ") {
                simple("TCP conn", if local(host) { LOCAL_LAT } else { REMOTE_LAT })
            } else if let Some(host) = label.strip_prefix("Socket bandwidth using ") {
                simple("TCP bandwidth", if local(host) { LOCAL_BW } else { REMOTE_BW })
            } else if label.starts_with("Pagefaults on ") {
                simple("Pagefaults", FILE_VM)
            } else if let Some(rest) = label.strip_prefix("Select on ") {
                let mut w = rest.words();
                let fds = w.next().filter(|n| n.bytes().all(|b| b.is_ascii_digit()))?;
                let kind = w.collect::<Vec<_>>().join(" ");
                let name = match kind.as_str() {
                    "fd's" => "Select fd's",
                    "tcp fd's" => "Select tcp fd's",
                    _ => return None,
                };
                m.params.push(Param::new("fds", fds));
                simple(name, PROC)
            } else if label.starts_with("File ") && label.ends_with(" write bandwidth") {
                simple("File write bandwidth", LOCAL_BW)
            } else if ["integer ", "int64 ", "uint64 ", "float ", "double "].iter().any(|p| label.starts_with(p)) {
                (label.to_string(), OPS)
            } else if label.starts_with("STREAM") {
                (label.to_string(), "STREAM")
            } else {
                m.known = false;
                (label.to_string(), "")
            }
        }
    };
    if m.unit.is_empty() && !label.ends_with("parallelism") {
        return None;
    }
    m.name = name;
    m.group = group;
    Some(m)
}
