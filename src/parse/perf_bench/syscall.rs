//! `perf bench syscall` (`basic`, `getpgid`, `fork`, `execve`) and the
//! `# Executed …` line `sched pipe` shares with it.
//!
//! ```text
//! # Running 'syscall/basic' benchmark:
//! # Executed 10000000 getppid() calls
//!      Total time: 1.234 [sec]
//!
//!        0.123400 usecs/op
//!      8103727 ops/sec
//! ```
//!
//! Metrics: `Total time`, `usecs/op`, `ops/sec` (see [`super`]), with
//! parameters `syscall` (the call executed) and `loops` (how many, as
//! executed: `# Executed 10,000 fork() calls`, with a locale's thousands
//! separators, under a command's `-l 100000` is 10000). A run
//! printed without its header (LKP keeps only the `# Executed` line) gets
//! the group its header would have named: `syscall/basic` for getppid (as
//! perf names that benchmark), `syscall/CALL` for the others
//! (`syscall/getpgid`, `syscall/fork`, `syscall/execve`, `syscall/close`).

use super::Section;
use super::sched::mode;

/// Reads `# Executed 10000000 getppid() calls` (a syscall run) or `#
/// Executed 1000000 pipe operations between two processes` (sched pipe)
/// into `sec`, starting the section when no header did; true when `t` was
/// such a line.
pub(super) fn executed(sec: &mut Section, t: &str) -> bool {
    let Some(rest) = t.strip_prefix("# Executed ") else { return false };
    let words: Vec<&str> = rest.split_whitespace().collect();
    // perf prints the count with `%'d` since 6.x: a locale's thousands
    // separators (`# Executed 10,000 fork() calls`, linux-s390 2025-03).
    // Such a line was not taken: its run lost `syscall` and `loops`, and a
    // run of 10,000 forks and one of 100,000 under the same `-l 100000`
    // command stood as one set-up but for the prose above them.
    let count = |w: &str| {
        w.parse::<u64>().ok().or_else(|| {
            super::number(w).filter(|v| v.fract() == 0.0 && *v >= 0.0 && !w.contains('.')).map(|v| v as u64)
        })
    };
    let Some(loops) = words.first().and_then(|w| count(w)) else { return false };
    match words[1..] {
        [call, "calls"] if call.ends_with("()") => {
            let call = call.trim_end_matches("()");
            // A header is followed by one run; a second `# Executed` is a run of its own.
            let under_header = sec.group.starts_with("syscall") && !sec.has("syscall");
            if !under_header {
                // perf names the getppid benchmark `basic`, the others after their call.
                let name = if call == "getppid" { "basic" } else { call };
                *sec = Section { group: format!("syscall/{name}"), known: true, ..Section::default() };
            }
            sec.params.clear();
            sec.set("syscall", call);
            sec.set("loops", loops);
            sec.runs = 0;
            true
        }
        ["pipe", "operations", "between", "two", kind] if mode(kind).is_some() => {
            if sec.group != "sched/pipe" {
                *sec = Section { group: "sched/pipe".into(), known: true, ..Section::default() };
            }
            sec.set("mode", mode(kind).unwrap_or("process"));
            sec.set("loops", loops);
            // The command's `-n` (perf 6.13+: non-blocking pipes under
            // epoll) and `-G SEND,RECV` (perf 6.7+: the two tasks in these
            // cgroups) are set-ups perf prints nowhere (two mails' runs of
            // each stood as plain pipe runs). A `-G` run whose tasks could
            // not enter its cgroups (`cannot enter to cgroup:`) ran
            // outside them: no `cgroups`.
            if sec.flag("-n", "--nonblocking") {
                sec.set("nonblocking", "yes");
            }
            if !sec.cgroup_failed
                && let Some(groups) = sec.option("-G", "--cgroups").map(str::to_string)
            {
                sec.set("cgroups", groups);
            }
            true
        }
        _ => false,
    }
}
