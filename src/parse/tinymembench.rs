//! tinymembench (Siarhei Siamashka's memory benchmark, 0.3–0.4.x): its
//! bandwidth lines and latency table.
//!
//! ```text
//! tinymembench v0.4.9 (simple benchmark for memory throughput and latency)
//! == Memory bandwidth tests                                               ==
//!  C copy backwards                                     :  13496.9 MB/s (1.3%)
//!  standard memcpy                                      :  24135.2 MB/s (0.7%)
//!  SSE2 2-pass copy prefetched (32 bytes step)          :  12669.0 MB/s
//! == Framebuffer read tests.                                              ==
//!  MOVSD copy (from framebuffer)                        :  35898.9 MB/s (0.1%)
//! == Memory latency test                                                  ==
//! block size : single random read / dual random read, [MADV_NOHUGEPAGE]
//!       1024 :    0.0 ns          /     0.0 ns
//!   67108864 :   73.3 ns          /    94.6 ns
//! ```
//!
//! Metrics:
//! * groups `Memory bandwidth` and `Framebuffer read` (the banner above the
//!   lines): `bandwidth`, in MB/s (10^6 bytes per second, as the banner's
//!   note says), higher is better, with the parameter `test`, the line's
//!   name as printed (`C copy backwards`, `NEON LDP/STP copy`, `SSE2 fill`);
//!   the deviation in brackets (printed when above 0.1%) is not read;
//! * group `Memory latency`: `single random read` and `dual random read`,
//!   in ns (the extra time over an L1 hit), lower is better, with the
//!   parameters `block` (the buffer's size in bytes) and, when the table's
//!   header names it, `madvise` (`MADV_NOHUGEPAGE`, `MADV_HUGEPAGE`).
//!
//! Several runs in one file are runs of one sample set. A bandwidth or
//! latency line whose figure is no number is an error at its line.
//!
//! A file of no such line whose Markdown table holds `| NAME | N MB/s |`
//! rows (a person's copy of a run's figures) is not read: the warning
//! names the table's first row.
//!
//! sbc-bench before 0.8.6 runs tinymembench on a little and on a big core
//! of a big.LITTLE board, each under `Executing tinymembench on a little
//! core:` (`big core`): the run's samples have the parameter `cluster`
//! (`little core`, `big core`), never averaged with the other cluster's
//! (ODROID-XU4, 4.9: a C copy of 271 MB/s on a Cortex-A7 and 2455.1 MB/s
//! on a Cortex-A15 were one row of 1363 ±1544, archive54). Later versions
//! name the cores (`Executing benchmark on cpu4 (Cortex-A15):`): the
//! labeller's `machine`. Where 0.9.x names none (`Executing benchmark on
//! cpu0:`, `cpu2:`, `cpu6:` on an M1 Pro under Asahi), the CPU is the
//! run's `cluster` (`cpu2`): the three clusters' runs (C copy backwards
//! 13232.6 MB/s on cpu0, 24635.1 on cpu2) were averaged, the number taken
//! for a run counter (labels55).
//!
//! A `...` (or `…`) line between latency rows, a poster's mark for rows
//! left out, does not end the table: the rows below it are read.
//!
//! A test name printed twice in one run (after one `Memory bandwidth`
//! banner) names two tests: the rojaster/tinymembench fork (v0.4.10, aarch64)
//! prints `NEON 64x2x4 COPY prefetch x1` for two different routines, with
//! `NEON 64x2 COPY prefetch x1` between them. Read as runs of one test they
//! would be merged, so the second is read as a test of its own, `NAME #2`,
//! and a warning at its line says so.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// tinymembench; registry id `"tinymembench"`.
pub struct Tinymembench;

const ID: &str = "tinymembench";

/// The parameter of a run sbc-bench says it made on a little or a big
/// core of a big.LITTLE board (`cluster` = `little core`).
const CLUSTER_PARAM: &str = "cluster";

/// `NAME   :  13496.9 MB/s (1.3%)` → (name, figure text). A test's name
/// starts with a letter or digit (`C copy`, `NEON LDP/STP copy`,
/// `standard memcpy`): a line drawn in a box (`╟─ COPY:  101153.8 MB/s`,
/// Julia's STREAMBenchmark beside it in a log) is not tinymembench's.
///
/// tinymembench pads its names to a ` : ` column. A line without one
/// (`NAME: 2945.8 MB/s`, a post that collapsed the padding) is a test's
/// only when its figure is a number: a kernel's boot message quoted
/// further down a log (`raid6: neonx8   gen()  2786 MB/s` in sbc-bench's
/// kernel report) is none, not a damaged test that stops the parse
/// (archive54: it dropped both clusters' 200 figures of an ODROID-N2+
/// log, 570 lines above it).
///
/// The unit is `MB/s` as a word: lmbench's `Socket bandwidth using
/// localhost: 166.08 MB/sec` beside it in a file is no test of
/// tinymembench's (it took lmbench's figure and cost lmbench two rows).
fn bandwidth_line(t: &str) -> Option<(&str, &str)> {
    let padded = t.rsplit_once(" : ");
    let (name, rest) = padded.or_else(|| t.rsplit_once(":"))?;
    let rest = rest.trim();
    let figure = rest
        .strip_suffix("MB/s")
        .or_else(|| rest.split_once(" MB/s ").map(|(f, _)| f))
        .or_else(|| rest.split_once(" MB/s\t").map(|(f, _)| f))?
        .trim();
    let name = name.trim();
    if padded.is_none() && plain(figure).is_none() {
        return None;
    }
    name.starts_with(|c: char| c.is_ascii_alphanumeric()).then_some((name, figure))
}

/// `block size : single random read / dual random read, [MADV_HUGEPAGE]`
/// → the madvise label, if any.
fn latency_header(t: &str) -> Option<Option<&str>> {
    let rest = t.strip_prefix("block size :")?;
    if !rest.contains("random read") {
        return None;
    }
    Some(rest.split_once('[').and_then(|(_, m)| m.split_once(']')).map(|(m, _)| m.trim()))
}

/// Reads a latency row `  1024 :  0.0 ns  /  0.0 ns` into `out`; false
/// when the line is no row.
fn latency_row(out: &mut ParsedFile, madvise: Option<&str>, n: usize, t: &str) -> Result<bool, ParseError> {
    let Some((block, rest)) = t.split_once(':') else { return Ok(false) };
    let block = block.trim();
    if block.is_empty() || !block.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(false);
    }
    for (name, cell) in ["single random read", "dual random read"].iter().zip(rest.split('/')) {
        let cell = cell.trim();
        let v = cell.strip_suffix("ns").and_then(plain);
        let v = v.ok_or_else(|| ParseError::malformed(n, format!("a {name} time in ns"), t))?;
        let mut s = Sample::new(Metric::new(*name, "ns", Better::Lower), v, n).with_group("Memory latency");
        s = s.with_param("block", block);
        if let Some(m) = madvise {
            s = s.with_param("madvise", m);
        }
        out.samples.push(s);
    }
    Ok(true)
}

/// sbc-bench's line over a tinymembench run: before 0.8.6 `Executing
/// tinymembench on a little core:` → `little core` (`big core`); 0.9.x
/// where it names no cores, `Executing benchmark on cpu2:` → `cpu2` (the
/// first CPU of the cluster it ran on: an M1 Pro's `cpu0`, `cpu2`, `cpu6`).
/// A line naming the cores (`… on cpu4 (Cortex-A15):`) is the labeller's.
fn sbc_bench_core(t: &str) -> Option<&str> {
    if let Some(cpu) = t.strip_prefix("Executing benchmark on ").and_then(|r| r.strip_suffix(':')) {
        let number = cpu.strip_prefix("cpu")?;
        return (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some(cpu);
    }
    let core = t.strip_prefix("Executing tinymembench on a ")?.strip_suffix(':')?;
    matches!(core, "little core" | "big core" | "middle core").then_some(core)
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let mut group = "Memory bandwidth";
    let mut latency: Option<Option<String>> = None;
    // The tests read since the run's banner: (group, name) → its line.
    let mut seen: Vec<(&str, String, usize)> = Vec::new();
    // sbc-bench before 0.8.6 over each run: `Executing tinymembench on a
    // little core:` (or `big`): the run's cluster.
    let mut cluster: Option<String> = None;
    for (n, line) in input.numbered() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("tinymembench v") {
            let v = rest.split_whitespace().next().unwrap_or("");
            out.version.get_or_insert_with(|| v.to_string());
            seen.clear();
            let above = input.lines[..n - 1].iter().rev().map(|l| l.trim()).find(|l| !l.is_empty());
            cluster = above.and_then(sbc_bench_core).map(str::to_string);
            continue;
        }
        if let Some(banner) = t.strip_prefix("== ") {
            let banner = banner.trim_end_matches('=').trim();
            if banner.starts_with("Memory bandwidth") {
                seen.clear();
                group = "Memory bandwidth";
            } else if banner.starts_with("Framebuffer read") {
                group = "Framebuffer read";
            }
            continue;
        }
        if let Some(madvise) = latency_header(t) {
            latency = Some(madvise.map(str::to_string));
            continue;
        }
        if let Some(madvise) = &latency {
            // A poster's `...` for rows left out: the table goes on below.
            if matches!(t, "..." | "…") {
                continue;
            }
            let before = out.samples.len();
            if latency_row(&mut out, madvise.as_deref(), n, t)? {
                if let Some(c) = &cluster {
                    for s in &mut out.samples[before..] {
                        s.params.push(crate::model::Param::new(CLUSTER_PARAM, c.as_str()));
                    }
                }
                continue;
            }
            latency = None;
        }
        if let Some((name, figure)) = bandwidth_line(t) {
            let v = plain(figure)
                .ok_or_else(|| ParseError::malformed(n, format!("a bandwidth in MB/s for `{name}`"), t))?;
            let s = Sample::new(Metric::new("bandwidth", "MB/s", Better::Higher), v, n).with_group(group);
            let before = seen.iter().filter(|(g, t, _)| *g == group && t == name).count();
            let test = match seen.iter().find(|(g, t, _)| *g == group && t == name) {
                Some((_, _, first)) => {
                    let again = format!("{name} #{}", before + 1);
                    out.notes.push((
                        n,
                        format!(
                            "`{name}` printed a second time in one run (first on line {first}): read as the test `{again}`, not as a second run"
                        ),
                    ));
                    again
                }
                None => name.to_string(),
            };
            seen.push((group, name.to_string(), n));
            let s = s.with_param("test", test);
            out.samples.push(match &cluster {
                Some(c) => s.with_param(CLUSTER_PARAM, c.as_str()),
                None => s,
            });
        }
    }
    if out.samples.is_empty() {
        // A person's Markdown table of a run's figures (a Korean paper's
        // notes, Rock 5B+: `| C copy | 12263.4 MB/s |`, `| C 2-pass copy
        // prefetched | 10419.0 MB/s |` with the step size dropped) is no
        // output of tinymembench's: the warning names its first row.
        // A table of a column per machine (a cluster's guide: `| C copy |
        // 5994.4 | 6671.2 | …` under `| … | lnnode | bm0 | …`) is one too:
        // whose each column is, only its header says.
        if let Some((at, columns)) = input.numbered().find_map(|(n, l)| md_table_row(l.trim()).map(|c| (n, c))) {
            let reason = if columns == 1 {
                "a Markdown table of test names and MB/s figures (`| C copy | 12263.4 MB/s |`), typed from a run, not \
                 tinymembench's `NAME : N MB/s` lines: not read (a person's names, maybe edited)"
                    .to_string()
            } else {
                format!(
                    "a Markdown table of test names and {columns} columns of figures (a column per machine or run, \
                     named only by its header), typed from runs, not tinymembench's `NAME : N MB/s` lines: not read"
                )
            };
            return Err(ParseError::NoResultsAt { benchmark: ID, reason, at });
        }
        return Err(ParseError::NoResults { benchmark: ID, reason: "no `NAME : N MB/s` line or latency row".into() });
    }
    Ok(out)
}

/// `| C copy | 12263.4 MB/s |`: a Markdown table row of a name and a
/// figure in MB/s; or of a name and a figure per column (`| C copy |
/// 5994.4  | 6671.2  | 5938.8 |`, a column per machine under a header
/// `| tinymembench-v0.4 (result in MB/s) | lnnode | bm0 |`): the number
/// of figures, `None` for any other line.
fn md_table_row(t: &str) -> Option<usize> {
    let inner = t.strip_prefix('|').and_then(|r| r.strip_suffix('|'))?;
    let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
    let (name, figures) = cells.split_first()?;
    if name.is_empty() || plain(name).is_some() || figures.is_empty() {
        return None;
    }
    let figure = |f: &str| f.strip_suffix("MB/s").map_or(f, str::trim_end).parse::<f64>().is_ok();
    let typed = match figures {
        [one] => one.strip_suffix("MB/s").is_some_and(|f| plain(f.trim()).is_some()),
        many => many.iter().all(|f| figure(f)),
    };
    typed.then_some(figures.len())
}

impl BenchParser for Tinymembench {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "tinymembench 0.3-0.4.x (bandwidth tests, latency table)"
    }

    /// The version line, or a banner.
    fn literals(&self) -> &'static [&'static str] {
        &["tinymembench v", "== Memory bandwidth tests", "== Memory latency test"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if input.has("tinymembench v") && (input.has(" MB/s") || input.has("random read")) {
            return 90;
        }
        let banner = input.has("== Memory bandwidth tests") || input.has("== Memory latency test");
        if banner
            && input.lines.iter().any(|l| latency_header(l.trim()).is_some() || bandwidth_line(l.trim()).is_some())
        {
            85
        } else {
            0
        }
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

    /// A person's Markdown table of tinymembench figures is not read: the
    /// warning names its first row.
    #[test]
    fn a_markdown_table_of_figures_is_named_not_read() {
        let text = "## tinymembench v0.4.9\n\n| 측정 항목 | 값 |\n|---|---:|\n| C copy | 12263.4 MB/s |\n";
        match parse_all(&Input::from_text(text)) {
            Err(ParseError::NoResultsAt { at, reason, .. }) => {
                assert_eq!(at, 5);
                assert!(reason.contains("Markdown table"), "{reason}");
            }
            other => panic!("expected a warning at line 5, got {other:?}"),
        }
        assert_eq!(md_table_row("| C copy | fast |"), None);
        assert_eq!(md_table_row("| a | b | 1.0 MB/s |"), None);
        assert_eq!(md_table_row("| C copy   | 5994.4  | 6671.2  | 18383   |"), Some(3));
        assert_eq!(md_table_row("|---------|---------|"), None);
    }

    #[test]
    fn bandwidth_and_latency() {
        let text = "tinymembench v0.4.9 (simple benchmark for memory throughput and latency)\n\
            == Memory bandwidth tests                                               ==\n\
            \x20C copy backwards                                     :  13496.9 MB/s (1.3%)\n\
            \x20NEON LDP/STP copy                                    :   2945.8 MB/s\n\
            == Framebuffer read tests.                                              ==\n\
            \x20MOVSD copy (from framebuffer)                        :  35898.9 MB/s (0.1%)\n\
            block size : single random read / dual random read, [MADV_HUGEPAGE]\n\
            \x20     1024 :    0.0 ns          /     0.0 ns \n\
            \x20 67108864 :   59.4 ns          /    83.4 ns \n\n\
            block size : single random read / dual random read\n\
            \x20    65536 :    4.5 ns          /     7.2 ns \n";
        let f = Tinymembench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.version.as_deref(), Some("0.4.9"));
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {}|{} {} [{}]", s.line, s.group, s.metric.name, s.value.mean(), p.join(" "))
            })
            .collect();
        assert_eq!(got[0], "3 Memory bandwidth|bandwidth 13496.9 [test=C copy backwards]");
        assert_eq!(got[1], "4 Memory bandwidth|bandwidth 2945.8 [test=NEON LDP/STP copy]");
        assert_eq!(got[2], "6 Framebuffer read|bandwidth 35898.9 [test=MOVSD copy (from framebuffer)]");
        assert_eq!(got[6], "9 Memory latency|dual random read 83.4 [block=67108864 madvise=MADV_HUGEPAGE]");
        assert_eq!(got[7], "12 Memory latency|single random read 4.5 [block=65536]");
        assert_eq!(got.len(), 9);
        let bad = "tinymembench v0.4.9\n C copy    :  x MB/s\n";
        assert_eq!(Tinymembench.parse(&Input::from_text(bad)).unwrap_err().line(), Some(2));
    }

    /// A kernel's `raid6:` boot lines far below the runs (sbc-bench's
    /// kernel report) are no tests: the runs above them are read.
    #[test]
    fn a_boot_message_in_mb_s_is_no_test() {
        let text = "tinymembench v0.4.9\n\
            \x20C copy                                               :   2010.7 MB/s (2.0%)\n\
            \x20          raid6: neonx8   gen()  2786 MB/s\n";
        let f = Tinymembench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert_eq!(bandwidth_line("raid6: neonx8   gen()  2786 MB/s"), None);
        assert_eq!(bandwidth_line("NEON copy: 2945.8 MB/s"), Some(("NEON copy", "2945.8")));
        assert_eq!(bandwidth_line("Socket bandwidth using localhost: 166.08 MB/sec"), None);
        assert_eq!(bandwidth_line("C copy   :   1178.7 MB/s (0.4%)"), Some(("C copy", "1178.7")));
    }

    #[test]
    fn lines_drawn_in_a_box_are_not_tests() {
        // Julia's STREAMBenchmark beside tinymembench in one log.
        let text = "tinymembench v0.4.9\n\
            ╟─ COPY:  101153.8 MB/s\n║ Median: 100728.8 MB/s\n\
            \x20C copy                                               :   7153.3 MB/s (3.7%)\n";
        let f = Tinymembench.parse(&Input::from_text(text)).unwrap();
        let tests: Vec<&str> = f.samples.iter().map(|s| s.params[0].value.as_str()).collect();
        assert_eq!(tests, ["C copy"]);
    }

    #[test]
    fn rows_below_an_ellipsis_are_read() {
        let text = "block size : single random read / dual random read\n\
            \x20     1024 :    0.1 ns          /     0.1 ns\n...\n\
            \x20 67108864 :   69.4 ns          /    94.7 ns\n…\n\
            \x20134217728 :   70.0 ns          /    95.0 ns\n";
        let f = Tinymembench.parse(&Input::from_text(text)).unwrap();
        let lines: Vec<usize> = f.samples.iter().map(|s| s.line).collect();
        assert_eq!(lines, [2, 2, 4, 4, 6, 6]);
    }

    #[test]
    fn a_name_twice_in_one_run_is_two_tests() {
        let run = "tinymembench v0.4.10 (simple benchmark for memory throughput and latency)\n\
            == Memory bandwidth tests                                               ==\n\
            \x20NEON 64x2x4 COPY prefetch x1                         :   2481.2 MB/s (0.9%)\n\
            \x20NEON 64x2 COPY prefetch x1                           :   2398.8 MB/s (0.7%)\n\
            \x20NEON 64x2x4 COPY prefetch x1                         :   2480.8 MB/s (0.7%)\n";
        let f = Tinymembench.parse(&Input::from_text(&format!("{run}{run}"))).unwrap();
        let tests: Vec<String> = f.samples.iter().map(|s| s.params[0].value.to_string()).collect();
        let twice = ["NEON 64x2x4 COPY prefetch x1", "NEON 64x2 COPY prefetch x1", "NEON 64x2x4 COPY prefetch x1 #2"];
        assert_eq!(tests, [twice, twice].concat());
        let lines: Vec<usize> = f.notes.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [5, 10]);
        assert!(f.notes[0].1.contains("(first on line 3)"), "{:?}", f.notes);
    }
}
