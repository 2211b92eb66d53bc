//! dbench 1.x–4.x and tbench output.
//!
//! Two parsers share this code: [`Dbench`] (registry id `"dbench"`) and
//! [`Tbench`] (id `"tbench"`). tbench prints exactly what dbench prints; the
//! file is called tbench when it shows tbench itself (a `tbench` or
//! `tbench_srv` command, e.g. in lkp logs), and then the tbench parser
//! outbids the dbench one.
//!
//! Result lines read:
//!
//! ```text
//! Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)            dbench 1.x
//! Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)  32 procs  dbench 1.x
//! Throughput 123.45 MB/sec 32 procs                                        dbench 2.x/3.x
//! Throughput 13563.9 MB/sec  128 clients  128 procs  max_latency=53.132 ms dbench/tbench 4.x
//! ```
//!
//! and dbench 4.x's operation table, with the long operation names
//! (`SET_FILE_INFORMATION`, `QUERY_PATH_INFORMATION`, …) or the short ones
//! (`NTCreateX`, `Qpathinfo`, `Find`, …):
//!
//! ```text
//!  Operation                Count    AvgLat    MaxLat
//!  --------------------------------------------------
//!  NTCreateX              259219016     0.014    13.511
//! ```
//!
//! Metrics:
//!
//! | group        | name            | unit | better  |
//! |--------------|-----------------|------|---------|
//! | (none)       | `Throughput`    | MB/s | Higher  |
//! | (none)       | `max_latency`   | ms   | Lower   |
//! | `operations` | `<Op> Count`    |      | Neither |
//! | `operations` | `<Op> AvgLat`   | ms   | Lower   |
//! | `operations` | `<Op> MaxLat`   | ms   | Lower   |
//! | `time`       | see [`super::time`] (`elapsed`, `user`, `system`, `CPU`, faults; or `real`, `user`, `sys`) | | |
//!
//! Parameters: `clients` and `procs` as the 4.x result line prints them (in
//! that order); for 1.x–3.x `procs`, from the result line's `N procs`, or
//! else from the latest earlier command line (`dbench 32`, `./dbench 48`,
//! `time ./dbench 32`, `2023-10-30 16:13:09 tbench -t 30 128 127.0.0.1`) or
//! `N clients started` line. The operation table, printed before its result
//! line, takes that result line's parameters.
//!
//! The `NB=` and `MBit/sec` figures of 1.x are fixed multiples of the
//! throughput (×1.25 and ×10) and are not returned.
//!
//! When a `time` report directly follows a run's result line (GNU time's
//! default format, possibly glued onto the result line's wrapped tail; a
//! csh/tcsh time line; or bash's `real`/`user`/`sys` lines after at most one
//! blank line), its values are returned too, in group `time` with the run's
//! parameters.
//!
//! Each run is one set of samples: several runs in a file give several
//! samples with the same key. Progress output (`****`, `+++`, `N clients
//! started`, 4.x warmup/execute/cleanup lines, `^^^^` runs) is skipped.
//! Result lines wrapped by a mail client are rejoined when the next line
//! continues the known pattern (`MB/sec`, `(NB=…`, `MBit/sec)`, `N procs`,
//! `max_latency=…`); a result line cut after its number, or an operation
//! table row cut short, is an error.

use super::num::plain;
use super::time::{bash_record_at, gnu_record_at};
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// dbench 1.x–4.x; registry id `"dbench"`.
pub struct Dbench;

/// tbench (the dbench suite's network benchmark); registry id `"tbench"`.
pub struct Tbench;

/// Base name of a command token: `./dbench` → `dbench`.
fn base(tok: &str) -> &str {
    tok.rsplit('/').next().unwrap_or(tok)
}

/// True when the file shows tbench itself.
fn shows_tbench(input: &Input) -> bool {
    input.has("tbench")
        && input
            .lines
            .iter()
            .filter(|l| l.contains("tbench"))
            .any(|l| l.split_whitespace().any(|t| matches!(base(t), "tbench" | "tbench_srv")))
}

/// Options of dbench/tbench that take no argument.
const NOARG: &[&str] = &[
    "-S",
    "-s",
    "-F",
    "-x",
    "-X",
    "--sync",
    "--fsync",
    "--xattr",
    "--sync-dir",
    "--no-resolve",
    "--skip-cleanup",
    "--per-client-results",
    "--one-byte-write-fix",
    "--stat-check",
    "--fake-io",
    "--show-execute-time",
    "--run-once",
];

/// A dbench/tbench command line: returns the client count it asks for.
///
/// The command may be preceded only by `time`, `sudo`, `nice`, a shell
/// prompt or an lkp timestamp, so that prose ("I ran dbench 32 twice") is
/// not taken for a command.
pub fn command_count(line: &str) -> Option<u32> {
    if !line.contains("bench") {
        return None;
    }
    let toks: Vec<&str> = line.split_whitespace().collect();
    let j = toks.iter().position(|t| matches!(base(t), "dbench" | "tbench"))?;
    let prefix_ok = toks[..j].iter().all(|t| {
        matches!(*t, "time" | "sudo" | "nice" | "$" | "#" | "%" | ">")
            || t.ends_with("/time")
            || t.ends_with('$')
            || t.ends_with('#')
            || t.ends_with(']')
            || (t.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'-' | b':' | b'.')))
    });
    if !prefix_ok {
        return None;
    }
    let mut k = j + 1;
    while let Some(t) = toks.get(k) {
        if t.starts_with('-') && t.len() > 1 {
            let takes_arg = !t.contains('=') && !NOARG.contains(t);
            let next_is_opt = toks.get(k + 1).is_some_and(|n| n.starts_with('-'));
            k += if takes_arg && !next_is_opt { 2 } else { 1 };
            continue;
        }
        if t.bytes().all(|b| b.is_ascii_digit()) {
            return t.parse().ok();
        }
        return None;
    }
    None
}

/// `16 clients started` → 16.
fn clients_started(line: &str) -> Option<u32> {
    let mut it = line.split_whitespace();
    let n = it.next()?.parse().ok()?;
    (it.next()? == "clients" && it.next()? == "started").then_some(n)
}

/// The operation table header ` Operation  Count  AvgLat  MaxLat`.
fn is_table_header(line: &str) -> bool {
    let toks: Vec<&str> = line.split_whitespace().collect();
    toks == ["Operation", "Count", "AvgLat", "MaxLat"]
}

/// A token carrying the word `Throughput`, possibly glued after progress
/// characters (`****Throughput`).
fn is_throughput_tok(t: &str) -> bool {
    t.strip_suffix("Throughput").is_some_and(|p| p.chars().all(|c| matches!(c, '*' | '+' | '.' | '^')))
}

/// Cheap check that a line may carry a result line.
fn may_have_result(line: &str) -> bool {
    line.contains("Throughput")
}

struct Tok<'a> {
    text: &'a str,
    idx: usize,
}

/// What one result line said.
struct Result4 {
    throughput: f64,
    line: usize,
    params: Vec<(&'static str, u32)>,
    max_latency: Option<(f64, usize)>,
    last_idx: usize,
}

/// Reads a result line starting on line `idx` (0-based). `Ok(None)` when the
/// line carries no result (prose mentioning throughput).
fn read_result(input: &Input, idx: usize) -> Result<Option<Result4>, ParseError> {
    let Some(line) = input.lines.get(idx) else { return Ok(None) };
    let mut toks: Vec<Tok<'_>> = line.split_whitespace().map(|text| Tok { text, idx }).collect();
    if let Some(next) = input.lines.get(idx + 1)
        && !next.trim().is_empty()
    {
        toks.extend(next.split_whitespace().map(|text| Tok { text, idx: idx + 1 }));
    }
    let Some(s) = toks.iter().position(|t| t.idx == idx && is_throughput_tok(t.text)) else {
        return Ok(None);
    };
    let Some(vt) = toks.get(s + 1) else {
        return Ok(None);
    };
    let Some(value) = plain(vt.text).filter(|v| *v >= 0.0) else {
        // `Throughput 12x.45 MB/sec`: a result line whose number is damaged.
        if toks.get(s + 2).is_some_and(|t| t.text == "MB/sec") {
            return Err(ParseError::malformed(vt.idx + 1, "a throughput number before `MB/sec`", vt.text));
        }
        return Ok(None);
    };
    match toks.get(s + 2) {
        Some(t) if t.text == "MB/sec" => {}
        Some(_) => return Ok(None),
        None => {
            return Err(ParseError::malformed(vt.idx + 1, "`MB/sec` after the throughput value", line.trim()));
        }
    }
    let mut res = Result4 {
        throughput: value,
        line: vt.idx + 1,
        params: Vec::new(),
        max_latency: None,
        last_idx: toks[s + 2].idx,
    };
    let mut k = s + 3;
    while let Some(t) = toks.get(k) {
        if t.text.starts_with("(NB=") {
            // Skip the NB=… MB/sec … MBit/sec) group.
            let end = (k..toks.len()).take(4).find(|&e| toks[e].text.ends_with(')'));
            match end {
                Some(e) => {
                    res.last_idx = toks[e].idx;
                    k = e + 1;
                    continue;
                }
                None => break,
            }
        }
        if let Some(v) = t.text.strip_prefix("max_latency=") {
            let lat = plain(v).filter(|x| *x >= 0.0);
            match (lat, toks.get(k + 1)) {
                (Some(lat), Some(u)) if u.text == "ms" => {
                    res.max_latency = Some((lat, t.idx + 1));
                    res.last_idx = u.idx;
                    k += 2;
                    continue;
                }
                _ => {
                    return Err(ParseError::malformed(
                        t.idx + 1,
                        "`max_latency=<number> ms`",
                        input.lines[t.idx].trim(),
                    ));
                }
            }
        }
        if t.text.bytes().all(|b| b.is_ascii_digit())
            && let Some(word) = toks.get(k + 1)
        {
            let name = match word.text {
                "procs" => Some("procs"),
                "clients" => Some("clients"),
                _ => None,
            };
            if let (Some(name), Ok(n)) = (name, t.text.parse::<u32>()) {
                res.params.push((name, n));
                res.last_idx = word.idx;
                k += 2;
                continue;
            }
        }
        break;
    }
    Ok(Some(res))
}

/// Reads one operation table row ` NTCreateX   1234567   0.123   45.678`.
fn table_row(line: &str) -> Option<(&str, f64, f64, f64)> {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let [name, count, avg, max] = toks.as_slice() else { return None };
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        || !name.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return None;
    }
    if !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((name, plain(count)?, plain(avg)?, plain(max)?))
}

fn with_params(mut s: Sample, params: &[(&'static str, u32)]) -> Sample {
    for (n, v) in params {
        s = s.with_param(*n, v);
    }
    s
}

/// Reads a time report right after a result that ended on line `last_idx`
/// (searching from `first_idx`, the result line itself, for a glued one).
fn time_after(input: &Input, first_idx: usize, last_idx: usize) -> Result<Option<(Vec<Sample>, usize)>, ParseError> {
    for i in first_idx..=last_idx + 1 {
        if let Some(rec) = gnu_record_at(input, i)? {
            return Ok(Some((rec.samples, rec.last_idx)));
        }
    }
    // `Command exited with non-zero status N` may sit between.
    let mut j = last_idx + 1;
    if input.lines.get(j).is_some_and(|l| l.trim_start().starts_with("Command exited with non-zero status"))
        && let Some(rec) = gnu_record_at(input, j + 1)?
    {
        return Ok(Some((rec.samples, rec.last_idx)));
    }
    // bash prints a blank line before `real`.
    if input.lines.get(j).is_some_and(|l| l.trim().is_empty()) {
        j += 1;
    }
    Ok(bash_record_at(input, j).map(|rec| (rec.samples, rec.last_idx)))
}

fn parse_common(input: &Input, id: &'static str) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: id.to_string(), ..Default::default() };
    let mut cmd_procs: Option<u32> = None;
    let mut pending: Vec<Sample> = Vec::new();
    let mut pending_line = 0;
    let mut in_table = false;
    let mut i = 0;
    let flush = |out: &mut ParsedFile, pending: &mut Vec<Sample>, at: usize, cmd: Option<u32>| {
        if !pending.is_empty() {
            out.notes.push((at, "operation table without a Throughput line after it".to_string()));
            for s in pending.drain(..) {
                let s = match cmd {
                    Some(n) => s.with_param("procs", n),
                    None => s,
                };
                out.samples.push(s);
            }
        }
    };
    while i < input.lines.len() {
        let line = input.lines[i].as_str();
        if in_table {
            let t = line.trim();
            if t.is_empty() {
                in_table = false;
                i += 1;
                continue;
            }
            if t.bytes().all(|b| b == b'-') {
                i += 1;
                continue;
            }
            if !t.starts_with("Throughput") {
                let Some((name, count, avg, max)) = table_row(line) else {
                    return Err(ParseError::malformed(i + 1, "an operation row `Name Count AvgLat MaxLat`", t));
                };
                let g = |m: String, unit: &str, b: Better, v: f64| {
                    Sample::new(Metric::new(m, unit, b), v, i + 1).with_group("operations")
                };
                pending.push(g(format!("{name} Count"), "", Better::Neither, count));
                pending.push(g(format!("{name} AvgLat"), "ms", Better::Lower, avg));
                pending.push(g(format!("{name} MaxLat"), "ms", Better::Lower, max));
                i += 1;
                continue;
            }
            in_table = false;
        }
        if out.version.is_none()
            && let Some(rest) = line.trim().strip_prefix("dbench version ")
        {
            out.version = rest.split_whitespace().next().map(str::to_string);
        }
        if let Some(n) = command_count(line) {
            flush(&mut out, &mut pending, pending_line, cmd_procs);
            cmd_procs = Some(n);
            i += 1;
            continue;
        }
        if let Some(n) = clients_started(line) {
            cmd_procs = Some(n);
            i += 1;
            continue;
        }
        if is_table_header(line) {
            flush(&mut out, &mut pending, pending_line, cmd_procs);
            in_table = true;
            pending_line = i + 1;
            i += 1;
            continue;
        }
        if may_have_result(line)
            && let Some(r) = read_result(input, i)?
        {
            let mut params = r.params.clone();
            if !params.iter().any(|(n, _)| *n == "procs" || *n == "clients")
                && let Some(n) = cmd_procs
            {
                params.push(("procs", n));
            }
            let tm = Metric::new("Throughput", "MB/s", Better::Higher);
            out.samples.push(with_params(Sample::new(tm, r.throughput, r.line), &params));
            if let Some((lat, l)) = r.max_latency {
                let m = Metric::new("max_latency", "ms", Better::Lower);
                out.samples.push(with_params(Sample::new(m, lat, l), &params));
            }
            for s in pending.drain(..) {
                out.samples.push(with_params(s, &params));
            }
            let mut last = r.last_idx;
            if let Some((samples, end)) = time_after(input, i, r.last_idx)? {
                for s in samples {
                    out.samples.push(with_params(s.with_group("time"), &params));
                }
                last = last.max(end);
            }
            i = last + 1;
            continue;
        }
        i += 1;
    }
    flush(&mut out, &mut pending, pending_line, cmd_procs);
    if out.samples.is_empty() {
        return Err(ParseError::NoResults {
            benchmark: id,
            reason: "no `Throughput … MB/sec` line or operation table".into(),
        });
    }
    Ok(out)
}

/// How strongly the file looks like dbench-suite output, before choosing
/// between dbench and tbench.
fn base_score(input: &Input) -> u8 {
    // Each literal is looked for once in the whole text; a line can hold
    // it only if the text does (no needle holds a newline).
    let banner = input.has("dbench version") || input.has("Copyright Andrew Tridgell");
    let (may_result, may_table, may_command) = (input.has("MB/sec"), input.has("AvgLat"), input.has("bench"));
    let (mut result, mut table, mut command) = (false, false, false);
    if may_result || may_table || may_command {
        for line in &input.lines {
            if may_result
                && !result
                && may_have_result(line)
                && line.contains("MB/sec")
                && line.split_whitespace().any(is_throughput_tok)
            {
                result = true;
            }
            if may_table && !table && line.contains("AvgLat") && is_table_header(line) {
                table = true;
            }
            if may_command && !command && command_count(line).is_some() {
                command = true;
            }
        }
    }
    match (banner, result || table) {
        (true, true) => 98,
        (true, false) => 90,
        (false, true) => 80,
        (false, false) if command => 20,
        _ => 0,
    }
}

impl BenchParser for Dbench {
    fn id(&self) -> &'static str {
        "dbench"
    }

    fn describe(&self) -> &'static str {
        "dbench (1.x-4.x Throughput lines and 4.x operation table)"
    }

    fn detect(&self, input: &Input) -> u8 {
        let s = base_score(input);
        if s > 0 && shows_tbench(input) { s.saturating_sub(10).max(1) } else { s }
    }

    fn max_score(&self) -> u8 {
        98
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_common(input, "dbench")
    }
}

impl BenchParser for Tbench {
    fn id(&self) -> &'static str {
        "tbench"
    }

    fn describe(&self) -> &'static str {
        "tbench (dbench suite network benchmark)"
    }

    fn detect(&self, input: &Input) -> u8 {
        if shows_tbench(input) { base_score(input) } else { 0 }
    }

    fn max_score(&self) -> u8 {
        98
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_common(input, "tbench")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vals(f: &ParsedFile, group: &str, name: &str) -> Vec<f64> {
        f.samples.iter().filter(|s| s.group == group && s.metric.name == name).map(|s| s.value.mean()).collect()
    }

    fn param(s: &Sample, name: &str) -> Option<String> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.to_string())
    }

    #[test]
    fn command_lines() {
        assert_eq!(command_count("dbench 32"), Some(32));
        assert_eq!(command_count("time ./dbench 32"), Some(32));
        assert_eq!(command_count("$ /usr/bin/time ./dbench 48"), Some(48));
        assert_eq!(command_count("2023-10-30 16:13:09 dbench 128 -c /usr/local/share/client.txt"), Some(128));
        assert_eq!(command_count("2023-10-30 16:04:30 tbench -t 30 128 127.0.0.1"), Some(128));
        assert_eq!(command_count("dbench -S -t 60 16"), Some(16));
        assert_eq!(command_count("I used time ./dbench 32 and"), None);
        assert_eq!(command_count("dbench version 4.00 - Copyright Andrew Tridgell 1999-2004"), None);
        assert_eq!(command_count("2023-10-30 16:04:30 command -v tbench"), None);
    }

    #[test]
    fn v1_with_gnu_time_and_command_procs() {
        let i = Input::from_text(
            "time ./dbench 32\n\
             Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n\
             34.11user 238.89system 7:34.59elapsed 60%CPU (0avgtext+0avgdata 0maxresident)k\n\
             0inputs+0outputs (1008major+1402minor)pagefaults 0swaps\n\
             Throughput 9.56338 MB/sec (NB=11.9542 MB/sec  95.6338 MBit/sec)\n\
             34.07user 262.44system 7:22.72elapsed 66%CPU (0avgtext+0avgdata 0maxresident)k\n\
             0inputs+0outputs (1008major+1402minor)pagefaults 0swaps\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![9.2929, 9.56338]);
        assert_eq!(vals(&f, "time", "user"), vec![34.11, 34.07]);
        let t = &f.samples[0];
        assert_eq!(t.line, 2);
        assert_eq!(param(t, "procs").as_deref(), Some("32"));
        let tm = f.samples.iter().find(|s| s.group == "time").unwrap();
        assert_eq!(param(tm, "procs").as_deref(), Some("32"));
    }

    #[test]
    fn v1_procs_on_line_and_clients_started() {
        let i = Input::from_text(
            "16 clients started\n****+++\nThroughput 37.7 MB/sec (NB=47.1 MB/sec  377.3 MBit/sec)\n\
             Throughput 9.29 MB/sec (NB=11.6 MB/sec  92.9 MBit/sec)  32 procs\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(param(&f.samples[0], "procs").as_deref(), Some("16"));
        assert_eq!(param(&f.samples[1], "procs").as_deref(), Some("32"));
    }

    #[test]
    fn v2_and_csh_time() {
        let i = Input::from_text(
            "Throughput 123.45 MB/sec 32 procs\n37.580u 115.730s 3:51.30 66.2%  0+0k 0+0io 1310pf+0w\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![123.45]);
        assert_eq!(vals(&f, "time", "system"), vec![115.73]);
        assert_eq!(param(&f.samples[0], "procs").as_deref(), Some("32"));
    }

    #[test]
    fn v1_wrapped_and_glued_time() {
        let i = Input::from_text(
            "******** Throughput 15.8859 MB/sec (NB=19.8573 MB/sec  158.859\n\
             MBit/sec) 14.74user 22.92system 4:26.91elapsed 14%CPU\n\
             (0avgtext+0avgdata 0maxresident)k 0inputs+0outputs\n(912major+1430minor)pagefaults 0swaps\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "", "Throughput"), vec![15.8859]);
        assert_eq!(vals(&f, "time", "user"), vec![14.74]);
        assert_eq!(vals(&f, "time", "major faults"), vec![912.0]);
    }

    #[test]
    fn bash_time_after_run() {
        let i = Input::from_text("Throughput 10 MB/sec 4 procs\n\nreal\t0m30.5s\nuser\t0m1.0s\nsys\t0m5.0s\n");
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(vals(&f, "time", "real"), vec![30.5]);
        assert_eq!(vals(&f, "time", "sys"), vec![5.0]);
    }

    #[test]
    fn v4_table_and_result() {
        let i = Input::from_text(
            "dbench version 4.00 - Copyright Andrew Tridgell 1999-2004\n\
             ^^^^^^^^127 of 128 processes prepared for launch   0 sec\n\
              128     18384  14924.44 MB/sec  warmup   1 sec  latency 45.920 ms\n\n\
              Operation      Count    AvgLat    MaxLat\n ----------------------------------------\n\
              NTCreateX    7236851     0.039     0.303\n SET_FILE_INFORMATION   21117853     0.016    10.719\n\n\
             Throughput 3789.19 MB/sec  32 clients  32 procs  max_latency=0.470 ms\n",
        );
        let f = Dbench.parse(&i).unwrap();
        assert_eq!(f.version.as_deref(), Some("4.00"));
        assert_eq!(vals(&f, "", "Throughput"), vec![3789.19]);
        assert_eq!(vals(&f, "", "max_latency"), vec![0.47]);
        assert_eq!(vals(&f, "operations", "NTCreateX Count"), vec![7236851.0]);
        assert_eq!(vals(&f, "operations", "SET_FILE_INFORMATION MaxLat"), vec![10.719]);
        let op = f.samples.iter().find(|s| s.group == "operations").unwrap();
        assert_eq!(op.line, 7);
        assert_eq!(param(op, "clients").as_deref(), Some("32"));
        assert_eq!(param(op, "procs").as_deref(), Some("32"));
        assert_eq!(f.samples.len(), 2 + 6);
    }

    #[test]
    fn truncated_row_is_error() {
        let i = Input::from_text(" Operation      Count    AvgLat    MaxLat\n NTCreateX    7236851     0.039\n");
        let e = Dbench.parse(&i).unwrap_err();
        assert_eq!(e.line(), Some(2));
    }

    #[test]
    fn cut_result_is_error_and_prose_is_not() {
        let i = Input::from_text("Throughput 9.2929\n");
        assert_eq!(Dbench.parse(&i).unwrap_err().line(), Some(1));
        let i = Input::from_text("Throughput 9.2929\nMB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n");
        assert_eq!(vals(&Dbench.parse(&i).unwrap(), "", "Throughput"), vec![9.2929]);
        let i = Input::from_text("Throughput 3 times better than before\n");
        assert!(Dbench.parse(&i).is_err());
        let i = Input::from_text("Throughput 10 MB/sec 4 procs\nThroughput 12x.45 MB/sec 32 procs\n");
        let e = Dbench.parse(&i).unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("12x.45"), "{e}");
        let i = Input::from_text("Throughput 13563.9 MB/sec  128 clients  128 procs  max_latency=\n");
        assert_eq!(Dbench.parse(&i).unwrap_err().line(), Some(1));
    }

    #[test]
    fn detect_dbench_vs_tbench() {
        let d = Input::from_text("dbench 32\nThroughput 9.2 MB/sec (NB=1 MB/sec  1 MBit/sec)\n");
        assert!(Dbench.detect(&d) >= 60);
        assert_eq!(Tbench.detect(&d), 0);
        let t = Input::from_text(
            "tbench_srv &\ndbench version 4.00 - Copyright Andrew Tridgell 1999-2004\nThroughput 9.2 MB/sec  1 clients  1 procs  max_latency=1 ms\n",
        );
        assert!(Tbench.detect(&t) > Dbench.detect(&t));
        assert_eq!(Tbench.parse(&t).unwrap().benchmark, "tbench");
        assert_eq!(Dbench.detect(&Input::from_text("hello")), 0);
    }
}
