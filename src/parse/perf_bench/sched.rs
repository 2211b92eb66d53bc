//! `perf bench sched messaging` (hackbench's port to perf) and `sched
//! pipe`.
//!
//! ```text
//! # Running 'sched/messaging' benchmark:
//! # 20 sender and receiver processes per group
//! # 10 groups == 400 processes run
//!
//!      Total time: 0.055 [sec]
//! ```
//!
//! messaging: `Total time` (s, lower is better), with parameters `mode`
//! (`process`, or `thread` for `-t`), `senders` (senders and receivers per
//! group) and `groups` from the header lines, then from a `perf bench`
//! command line above the header, when there is one: `ipc` (`pipe` with
//! `-p`/`--pipe`, else `socket`) and `loops` (`-l`/`--nr_loops`, when
//! given). Without one, perf stat's `Performance counter stats for 'perf
//! bench sched messaging -l 100000':` below the run names its command,
//! and gives the same (with a note).
//!
//! pipe: `Total time`, `usecs/op` and `ops/sec`, with `mode` (`# Executed
//! 1000000 pipe operations between two processes` or `threads`) and `loops`
//! (the operations executed), read by [`super::syscall::executed`]; from a
//! command line, `nonblocking` (`yes` for `-n`) and `cgroups` (`-G
//! AAA,BBB`, unless perf could not enter them).

use super::Section;
use crate::model::ParsedFile;
use crate::parse::ParseError;

/// `process` or `thread` for perf's plural `processes` / `threads`.
pub(super) fn mode(word: &str) -> Option<&'static str> {
    match word {
        "processes" => Some("process"),
        "threads" => Some("thread"),
        _ => None,
    }
}

/// Reads a messaging header line into `sec`; true when it was one.
pub(super) fn line(sec: &mut Section, _n: usize, t: &str, _out: &mut ParsedFile) -> Result<bool, ParseError> {
    if sec.group != "sched/messaging" {
        return Ok(false);
    }
    let Some(rest) = t.strip_prefix("# ") else { return Ok(false) };
    let words: Vec<&str> = rest.split_whitespace().collect();
    // `# 20 sender and receiver processes per group`
    if let [senders, "sender", "and", "receiver", kind, "per", "group"] = words[..]
        && let (Ok(senders), Some(mode)) = (senders.parse::<u32>(), mode(kind))
    {
        sec.set("mode", mode);
        sec.set("senders", senders);
        return Ok(true);
    }
    // `# 10 groups == 400 processes run`
    if let [groups, "groups", "==", _, _, "run"] = words[..]
        && let Ok(groups) = groups.parse::<u32>()
    {
        sec.set("groups", groups);
        for (k, v) in command_params(sec) {
            sec.set(k, v);
        }
        return Ok(true);
    }
    Ok(false)
}

/// The messaging parameters a `perf bench` command line gives (`ipc`, and
/// `loops` when `-l` is there); none without a command line, or for
/// another benchmark.
pub(super) fn command_params(sec: &Section) -> Vec<(&'static str, String)> {
    if sec.group != "sched/messaging" || sec.args.is_empty() {
        return Vec::new();
    }
    let pipe = sec.flag("-p", "--pipe");
    let mut out = vec![("ipc", if pipe { "pipe" } else { "socket" }.to_string())];
    if let Some(l) = sec.option("-l", "--nr_loops").and_then(|l| l.parse::<u64>().ok()) {
        out.push(("loops", l.to_string()));
    }
    out
}
