//! `perf bench numa mem`: its result rows.
//!
//! ```text
//!  # Running main, "perf bench numa numa-mem -p 128 -t 2 -m -0 -P 300"
//!  main,                                    6.801, secs,           NUMA-convergence-latency
//!  main,                                   31.463, GB/sec,         total-speed
//! ```
//!
//! Each row is `TEST, VALUE, UNIT, NAME`: the metric is NAME in UNIT as
//! printed; `secs` and `nsecs` are lower-better (runtimes and latencies),
//! `GB/sec` higher-better, the rest (`%` spread, `GB` of data) neither.
//! Parameters: `test` (the row's first cell) and `options` (the quoted
//! command's options after `numa-mem` or `numa mem` on the `# Running
//! TEST, "…"` line, when there is one). The kernel of a `perf bench numa
//! mem -a` dump is its own ` # Running test on: Linux HOST RELEASE …` line
//! (`uname -a`), read by the labeller.

use super::Section;
use crate::model::{Better, Metric, ParsedFile};
use crate::parse::ParseError;
use crate::parse::num::plain;

/// Reads a numa `# Running` or result row; true when it was one.
pub(super) fn line(sec: &mut Section, n: usize, t: &str, out: &mut ParsedFile) -> Result<bool, ParseError> {
    if let Some(rest) = t.strip_prefix("# Running ")
        && let Some((_, cmd)) = rest.split_once(", \"")
    {
        let cmd = cmd.trim_end_matches('"');
        // `perf bench numa numa-mem -p 128 …`, and `perf bench numa mem
        // -p 1 …` as `-a` names its tests (linux-mm 2012-12): the options.
        let opts = cmd.split_once("numa-mem").or_else(|| cmd.split_once("numa mem")).map_or(cmd, |(_, o)| o).trim();
        sec.set("options", opts);
        return Ok(true);
    }
    let cells: Vec<&str> = t.split(',').map(str::trim).collect();
    let [test, value, unit, name] = cells[..] else { return Ok(false) };
    if test.is_empty() || test.contains(' ') || name.is_empty() || name.contains(' ') || unit.is_empty() {
        return Ok(false);
    }
    let v = plain(value).ok_or_else(|| ParseError::malformed(n, "`TEST, VALUE, UNIT, NAME` with a number", t))?;
    let better = match unit {
        "secs" | "nsecs" | "usecs" | "msecs" => Better::Lower,
        "GB/sec" | "MB/sec" => Better::Higher,
        _ => Better::Neither,
    };
    let mut s = sec.sample(Metric::new(name, unit, better), v, n);
    // `test` goes before the options: it names the row.
    s.params.insert(0, crate::model::Param::new("test", test));
    out.samples.push(s);
    Ok(true)
}
