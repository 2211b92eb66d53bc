//! stress-ng (Colin Ian King's stress tester) metrics: the `--metrics-brief`
//! and `--metrics` tables, the extra metric lines some stressors print, and
//! the `-Y`/`--yaml` report; stress-ng 0.05 to 0.17.
//!
//! The table, as stress-ng logs it (LKP saves it after its timestamped
//! command line):
//!
//! ```text
//! stress-ng: info:  [2759] dispatching hogs: 24 atomic, 24 bad-altstack, ...
//! stress-ng: info:  [2759] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
//! stress-ng: info:  [2759]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
//! stress-ng: info:  [2759] memrate             218      5.00    116.28      1.78        43.58           1.85
//! stress-ng: info:  [2759] memrate         4640.01 write128 MB/sec (average per stressor)
//! stress-ng: metrc: [4382] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s CPU used per       RSS Max
//! stress-ng: metrc: [4382]                           (secs)    (secs)    (secs)   (real time) (usr+sys time) instance (%)          (KB)
//! stress-ng: metrc: [4382] flock         171659332     60.00     44.80    771.49   2860967.69      210292.23       226.75          2564
//! stress-ng: metrc: [4382] miscellaneous metrics:
//! stress-ng: metrc: [4382] flock               5678.91 nanosecs per flock lock call (harmonic mean of 6 instances)
//! ```
//!
//! The `stress-ng: <level>: [pid] ` prefix is optional (posts strip it, or
//! keep only `stress-ng: `); a journal's or syslog's prefix before it
//! (`Jul 28 16:19:31 localhost stress-ng[1310]: stress-ng: metrc: …`, a run
//! under `systemd-run` read back with `journalctl`), or the kernel log's
//! (`user  :notice: [  109.859859] stress-ng: metrc: …`, LKP's dmesg of a
//! run, the kernel's own lines between), is passed over. A
//! poster's arrow after a line (`… 84.05   1548  <--- (1)`) is a note, and
//! the line before it is read. Metrics, in group `""`:
//!
//! | name                         | unit         | better  |
//! |------------------------------|--------------|---------|
//! | `bogo ops`                   | `bogo ops`   | Higher  |
//! | `real time`                  | s            | Neither |
//! | `usr time`, `sys time`       | s            | Neither |
//! | `bogo ops/s (real time)`     | `bogo ops/s` | Higher  |
//! | `bogo ops/s (usr+sys time)`  | `bogo ops/s` | Higher  |
//! | `CPU used per instance`      | %            | Neither |
//! | `RSS Max`                    | KB           | Neither |
//!
//! and each extra metric line's description as the metric's name, without
//! stress-ng's note of how it averaged the instances where that is the
//! plain mean (`write128 MB/sec` of `(average per stressor)`, `memory rate
//! (MB per sec)`), with the statistic where it is another
//! (`write64 MB per sec (geometric mean)` of `(geometic mean)`, `nanosecs
//! per flock lock call (harmonic mean)` of `(harmonic mean of 6
//! instances)`: the instances are a parameter); its unit is
//! the unit the description starts or ends with (`MB/sec`, `MB per sec`,
//! `nanosecs`, `%`, else none) and its direction: a time per operation
//! (`nanosecs per …`) lower is better, a data or operation rate (`MB per
//! sec`, `Mflop per sec`, `… calls per sec`) and `% … succeeded` higher,
//! anything else (`context switches per bogo op`) neither.
//!
//! Parameters: `stressor`, and `instances` when the output says how many
//! were run (`dispatching hogs: 24 atomic, …`, or the stress-ng command line's
//! `--<stressor> N` or `--sequential N` / `--all N` when no `dispatching`
//! line is printed), and `timeout` (`60s`) wherever the output or its
//! command line gives a run's length (`setting to a 60 second run per
//! stressor`, 0.16's `setting to a 10 mins, 0 secs run`, the command
//! line's `--timeout 60` / `-t 1m`): bogo ops and times grow with the
//! length, so a 60 s run and a 10 s one, in one file or two, are no runs of
//! one set-up. A run with neither runs to stress-ng's default and has no
//! `timeout`. The per-second rates (`bogo ops/s`, an extra metric's `MB per
//! sec`) carry no `timeout`: a rate does not grow with the length, and a
//! length one file's command line gives and another's does not kept
//! their rates from being compared at all.
//!
//! The YAML report (`-Y file`) has one `metrics:` item per stressor, read
//! with `serde_yaml`: `bogo-ops`, `bogo-ops-per-second-real-time`,
//! `bogo-ops-per-second-usr-sys-time`, `wall-clock-time`, `user-time`,
//! `system-time`, `cpu-usage-per-instance`, `max-rss` are the metrics
//! above; any other key is an extra metric named by its key as printed
//! (stress-ng writes the description with `-` for spaces). A YAML report of
//! stressors the text table in the same file already gave is the same run,
//! not read again (a note says so). Its last line cut inside a number
//! (fewer than the six decimals stress-ng writes) is an error at its line.
//!
//! Several runs in one file (LKP iterations, a loop, two stress-ng
//! processes whose lines interleave) are runs of one sample set. stress-ng's
//! run summary (`for a 60.00s run time:`, `available CPU time`, load
//! average, `--perf` counters, `--tz` temperatures) is not read (the
//! `--times` summary with an information note at its `for a … run time:`
//! line: its user and system times repeat the table's); a table's rows
//! after a blank line without the header again (`x Disabled …` / header /
//! rows, then `+ Enabled …` / rows: a post trims the repeat) are read
//! under the last header when they have its figures and stress-ng's
//! prefix, with a note. ministat-style legend lines over the tables
//! (`x Disabled vcpu_is_preempted()`, `+ Enabled vcpu_is_preempted()`, two
//! or more with different marks) label the rows below each (`label`); a line
//! shaped like an extra metric whose name is no stressor of the table
//! (`x86_pkg_temp   45.00 C`) is a note. A row of the table cut short or
//! with a damaged figure is an error at its line (a note when the line has
//! no `stress-ng:` prefix, where it may be a post's prose), but a row a
//! mail wrapped (its last figures alone on the next line, no prefix, as
//! `format=flowed` mail breaks a 100-column row) is read as one row at its
//! first line, with a note, when its two halves make the header's columns
//! (a header wrapped alike is joined first: its second half names the
//! 8-column form's `CPU used per … RSS Max`); an extra metric's line
//! wrapped inside its description is joined with the rest (`… read/write`
//! / `combined rate (harmonic mean of 4 instances)`); a row wrapped into
//! halves that do not make the columns is an error at its line that says
//! so; stress-ng's own
//! `fail:` lines, a `metrics-check` warning and `metrics untrustworthy: N`
//! are notes; a file holding only failures has no results. A stressor
//! stress-ng reports failed (`vm: child died: signal 9`, `vm: killed by
//! the OOM killer`, `vm: terminated with an error`) has its row below not
//! read, and `[PID] unsuccessful run completed` leaves out that process's
//! rows, each with a note naming the failure's line. A row of 0 bogo ops
//! (a stressor that did no work: `inode-flags  0  60.15  0.00 …`, LKP
//! 2023) is a warning, not read: its 0 is no rate. A row whose usr and sys
//! time are both 0.00 has its `bogo ops/s (usr+sys time)` (stress-ng's
//! 0.00 for a division by zero) left out with a warning, the rest read.
//! `metrics-check: all stressor metrics validated and sane` is no warning.
//!
//! The `--cyclic` stressor's latency report (`info` level, before its
//! table row, if any) is read too:
//!
//! ```text
//! stress-ng: info:  [8828] cyclic: sched SCHED_DEADLINE: 100000 ns delay, 10000 samples
//! stress-ng: info:  [8828] cyclic:   mean: 23829.70 ns, mode: 3317 ns
//! stress-ng: info:  [8828] cyclic:   min: 2688 ns, max: 5701735 ns, std.dev. 123502.57
//! stress-ng: info:  [8828] cyclic: latency percentiles:
//! stress-ng: info:  [8828] cyclic:   25.00%:       6289 ns
//! ```
//!
//! Metrics `latency mean`, `latency mode`, `latency min`, `latency max`,
//! `latency std.dev` and `latency 25.00%` (a percentile as printed), in
//! ns, lower better, stressor `cyclic`, with parameters `policy`
//! (`SCHED_DEADLINE`) and `delay` (`100000 ns`) from the `sched` line
//! (Ankur Arora's PREEMPT_AUTO patches, LKML 2024, post four runs of it).
//! A `cyclic:` line of another shape is a note, not read.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};
use serde_yaml::Value;

/// stress-ng; registry id `"stress-ng"`.
pub struct StressNg;

/// The table's columns: name, unit, better.
const COLUMNS: [(&str, &str, Better); 8] = [
    ("bogo ops", "bogo ops", Better::Higher),
    ("real time", "s", Better::Neither),
    ("usr time", "s", Better::Neither),
    ("sys time", "s", Better::Neither),
    ("bogo ops/s (real time)", "bogo ops/s", Better::Higher),
    ("bogo ops/s (usr+sys time)", "bogo ops/s", Better::Higher),
    ("CPU used per instance", "%", Better::Neither),
    ("RSS Max", "KB", Better::Neither),
];

/// YAML keys of the table's columns, in [`COLUMNS`] order.
const YAML_KEYS: [&str; 8] = [
    "bogo-ops",
    "wall-clock-time",
    "user-time",
    "system-time",
    "bogo-ops-per-second-real-time",
    "bogo-ops-per-second-usr-sys-time",
    "cpu-usage-per-instance",
    "max-rss",
];

/// A line without a viewer's line-number gutter before stress-ng's prefix
/// (`106 stress-ng: metrc: [1892] cpu …`, `106:stress-ng: …` from `grep
/// -n`), trimmed at the start; any other line trimmed at the start.
fn ungutter(line: &str) -> &str {
    let t = unjournal(line.trim_start());
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=7).contains(&digits) {
        let rest = &t[digits..];
        let rest = rest.strip_prefix(':').unwrap_or(rest);
        let body = rest.trim_start();
        if body.starts_with("stress-ng:") && (body.len() < rest.len() || rest.len() < t.len() - digits) {
            return body;
        }
    }
    t
}

/// A line without the journal's or syslog's prefix before stress-ng's own
/// (`Jul 28 16:19:31 localhost stress-ng[1310]: stress-ng: metrc: …`, a
/// run under `systemd-run` read back with `journalctl`); any other line as
/// it is.
fn unjournal(t: &str) -> &str {
    if let Some(at) = t.find("]: stress-ng:") {
        let head = &t[..at];
        if let Some(p) = head.rfind("stress-ng[")
            && head[p + "stress-ng[".len()..].bytes().all(|b| b.is_ascii_digit())
        {
            return &t[at + 3..];
        }
    }
    // The kernel log's time stamp, as dmesg prints a line a program wrote
    // to /dev/kmsg (LKP's `user  :notice: [  109.859859] stress-ng: metrc:
    // …`, `[  109.859859] stress-ng: …`): its figures were "unrecognised".
    match kernel_log_text(t) {
        Some(rest) if rest.starts_with("stress-ng:") => rest,
        _ => t,
    }
}

/// The text after the kernel log's prefix (`kern  :warn  : [  109.888492]
/// CPU: 84 …`, `user  :notice: [  109.859859] stress-ng: …`, dmesg's
/// `[  109.859859] …`): the facility and level as `dmesg -x` prints them,
/// if any, then the time stamp in brackets. `None` for a line without one.
fn kernel_log_text(t: &str) -> Option<&str> {
    let open = t.find('[')?;
    let (level, rest) = t.split_at(open);
    let (stamp, text) = rest[1..].split_once(']')?;
    let stamp = stamp.trim();
    let is_stamp = stamp.contains('.') && stamp.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let level = level.trim();
    let is_level = level.is_empty()
        || (level.ends_with(':') && level.bytes().all(|b| b.is_ascii_lowercase() || b == b' ' || b == b':'));
    (is_stamp && is_level).then(|| text.trim_start())
}

/// A line without stress-ng's log prefix: `stress-ng: info:  [2759] x` →
/// (level, `x`); `stress-ng: x` → ("", `x`); a bare line → ("", line).
fn strip_prefix(line: &str) -> (&str, &str) {
    let t = ungutter(line).trim_end();
    // A shell prompt glued before the line (`root@ubuntu:~# stress-ng: metrc: …`).
    let t = match t.find("# stress-ng: ").or_else(|| t.find("$ stress-ng: ")) {
        Some(at) if !t.starts_with("stress-ng:") => &t[at + 2..],
        _ => t,
    };
    let Some(rest) = t.strip_prefix("stress-ng:") else { return ("", t) };
    let rest = rest.trim_start();
    // `--timestamp`'s time of day before the level (`stress-ng: 10:48:33.34
    // metrc: [1858952] flock …`, stress-ng issue #580).
    let rest = match rest.split_once(char::is_whitespace) {
        Some((stamp, r)) if is_time_of_day(stamp) => r.trim_start(),
        _ => rest,
    };
    let (level, rest) = match rest.split_once(':') {
        Some((lvl, r)) if matches!(lvl, "info" | "metrc" | "warn" | "fail" | "debug" | "error") => {
            (lvl, r.trim_start())
        }
        _ => ("", rest),
    };
    let rest = match rest.strip_prefix('[').and_then(|r| r.split_once(']')) {
        Some((pid, r)) if pid.bytes().all(|b| b.is_ascii_digit()) => r.trim_start(),
        _ => rest,
    };
    (level, rest)
}

/// The process id of a stress-ng line (`stress-ng: info:  [27983] …`,
/// quoted or after a time of day), or `None`.
fn pid_of(line: &str) -> Option<String> {
    let t = ungutter(line);
    let at = t.find("stress-ng:")?;
    let rest = &t[at..];
    let open = rest.find('[')?;
    let (pid, _) = rest[open + 1..].split_once(']')?;
    (!pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit())).then(|| pid.to_string())
}

/// True for `--timestamp`'s `HH:MM:SS.ss` (`10:48:33.34`).
fn is_time_of_day(w: &str) -> bool {
    let (hms, frac) = w.split_once('.').unwrap_or((w, "0"));
    let parts: Vec<&str> = hms.split(':').collect();
    parts.len() == 3
        && parts.iter().all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()))
        && !frac.is_empty()
        && frac.bytes().all(|b| b.is_ascii_digit())
}

/// The stressor stress-ng reports failed in a line's body (after the
/// `[pid]`): `vm: child died: signal 9 'SIGKILL' (instance 1)`, `vm: killed
/// by the OOM killer`, `vm: terminated with an error, exit status=2
/// (stressor failed)` → `vm`.
fn stressor_failed(body: &str) -> Option<&str> {
    let (name, rest) = body.split_once(": ")?;
    let failed = rest.starts_with("child died")
        || rest.starts_with("killed by the OOM killer")
        || rest.starts_with("terminated with an error")
        || rest.starts_with("terminated on signal");
    (failed && is_stressor_name(name)).then_some(name)
}

/// The stressors a `skipped:` line names (`skipped: 3: binderfs (1) fsize
/// (1) verity (1)`, stress-ng 0.15+), each with how many of its instances
/// were skipped (the number in parentheses; `None` where it does not
/// read); none for `skipped: 0`.
fn skipped_stressors(body: &str) -> Vec<(&str, Option<u32>)> {
    let Some(rest) = body.strip_prefix("skipped:") else { return Vec::new() };
    let Some((count, names)) = rest.split_once(':') else { return Vec::new() };
    if plain(count.trim()).is_none_or(|c| c <= 0.0) {
        return Vec::new();
    }
    let toks: Vec<&str> = names.split_whitespace().collect();
    toks.chunks(2)
        .filter(|c| c.len() == 2 && c[1].starts_with('(') && c[1].ends_with(')') && is_stressor_name(c[0]))
        .map(|c| (c[0], c[1][1..c[1].len() - 1].parse().ok()))
        .collect()
}

/// Leaves out the rows of stressors stress-ng reports failed (stress-ng
/// 0.13 on prints its table anyway; attack25 f/sng.txt): a stressor named
/// by [`stressor_failed`] loses its next row below that line; `[PID]
/// unsuccessful run completed` loses every row of that process above it.
/// A stressor a `skipped: 3: binderfs (1) fsize (1) verity (1)` line names
/// (`process [7093] (fsize) aborted early, out of system resources`: 751
/// bogo ops in 11.72 s of a 60 s run, ktest 2023) loses its row and extra
/// metrics above that line and below the run before's `successful run
/// completed`, of the same `[PID]` when both lines give one: stress-ng
/// counts no result of it. Unless fewer of its instances were skipped than
/// ran (`fsize (1)` of `--all 4`'s 4 instances: attack40 F15, the 3 that
/// ran were dropped): its row is then read, with a note. Each row left out
/// is a note at its line naming the failure's.
fn drop_failed_stressors(input: &Input, out: &mut ParsedFile) {
    // (row line, failure line, skipped, what the file says of its
    // instances where the command line says otherwise) of each row to
    // leave out.
    let mut drop: Vec<(usize, usize, bool, String)> = Vec::new();
    let stressor_of = |s: &Sample| s.params.iter().find(|p| p.name == "stressor").map(|p| p.value.clone());
    // The line of the last `… run completed` above: a skipped stressor's
    // rows are below it.
    let mut run_start = 0;
    // Rows of stressors some of whose instances were skipped: read, noted once.
    let mut partly: Vec<usize> = Vec::new();
    // The instances of stress-ng's `-v` line `invoked with 'stress-ng …
    // --all 4' by user 0 'root'` (the ktest run's only statement of them),
    // for the skipped count only: no parameter is made of them here.
    let mut invoked: Vec<(String, u32)> = Vec::new();
    for (i, line) in input.lines.iter().enumerate() {
        let (_, body) = strip_prefix(line);
        if let Some(cmd) = body.strip_prefix("invoked with '").and_then(|r| r.split_once('\'')) {
            invoked = command_instances(cmd.0);
        }
        if let Some(name) = stressor_failed(body) {
            let row = out
                .samples
                .iter()
                .filter(|s| s.line > i + 1 && stressor_of(s).as_deref() == Some(name))
                .map(|s| s.line)
                .min();
            if let Some(row) = row {
                drop.push((row, i + 1, false, String::new()));
            }
        } else if body.starts_with("unsuccessful run completed") {
            let t = ungutter(line);
            let Some(pid) = t.split_once('[').and_then(|(_, r)| r.split_once(']')).map(|(p, _)| format!("[{p}]"))
            else {
                continue;
            };
            let before = drop.len();
            for s in out.samples.iter().filter(|s| s.line <= i) {
                if input.lines.get(s.line - 1).is_some_and(|l| l.contains(&pid)) {
                    drop.push((s.line, i + 1, false, String::new()));
                }
            }
            // stress-ng 0.12 on prints its table below this line: those
            // rows are read, but not unsaid (attack61 sng-unsucc: the
            // 2021 memory-class run's `successful` edited to
            // `unsuccessful`, 194 figures read with no word).
            let below = out
                .samples
                .iter()
                .any(|s| s.line > i + 1 && input.lines.get(s.line - 1).is_some_and(|l| l.contains(&pid)));
            if drop.len() == before && below {
                let msg = format!(
                    "stress-ng says process {pid}'s run was unsuccessful (a stressor failed, or its checks did): \
                     its rows below are read, but see stress-ng's messages"
                );
                out.notes.push((i + 1, msg));
            }
        } else {
            let skipped = skipped_stressors(body);
            if !skipped.is_empty() {
                let pid = pid_of(line);
                for s in out.samples.iter().filter(|s| s.line > run_start && s.line <= i) {
                    let same_run = match (&pid, input.lines.get(s.line - 1).and_then(|l| pid_of(l))) {
                        (Some(a), Some(b)) => *a == b,
                        _ => true,
                    };
                    let Some(&(_, count)) = stressor_of(s).and_then(|n| skipped.iter().find(|(k, _)| *k == n.as_str()))
                    else {
                        continue;
                    };
                    let name = stressor_of(s).unwrap_or_default();
                    let asked: Option<u32> =
                        s.params.iter().find(|p| p.name == "instances").and_then(|p| p.value.parse().ok()).or_else(
                            || {
                                // `--all 4 --fsize 2`: the stressor's own option before `--all`'s.
                                let own = invoked.iter().find(|(k, _)| *k == name);
                                own.or_else(|| invoked.iter().find(|(k, _)| k == "*")).map(|(_, n)| *n)
                            },
                        );
                    // What the file itself prints of this stressor's
                    // instances wins over the option (attack41 F22:
                    // `--all 4` over `(geometric mean of 1 instances)`).
                    let printed = printed_instances(input, &name, pid.as_deref(), run_start, i);
                    let (instances, told) = match (printed, asked) {
                        (Some((n, at)), Some(a)) if n != a => (
                            Some(n),
                            format!(
                                "; the command line asks {a} instances but stress-ng's line {at} says {n} (`{}`), which is taken",
                                super::failed::quote(&input.lines[at - 1])
                            ),
                        ),
                        (Some((n, _)), _) => (Some(n), String::new()),
                        (None, a) => (a, String::new()),
                    };
                    if let (Some(count), Some(instances)) = (count, instances)
                        && count < instances
                    {
                        if same_run && !partly.contains(&s.line) {
                            partly.push(s.line);
                            let what = super::failed::quote(line);
                            out.notes.push((
                                s.line,
                                format!(
                                    "stress-ng counted {count} of this stressor's {instances} instances as skipped (line {}: `{what}`): its figures are of the {} that ran, read{told}",
                                    i + 1,
                                    instances - count
                                ),
                            ));
                        }
                        continue;
                    }
                    if same_run {
                        drop.push((s.line, i + 1, true, told));
                    }
                }
            }
        }
        if body.contains("run completed") {
            run_start = i + 1;
        }
    }
    if drop.is_empty() {
        return;
    }
    drop.sort_unstable();
    drop.dedup_by_key(|d| d.0);
    for (row, at, skipped, told) in &drop {
        let (row, at) = (*row, *at);
        let what = super::failed::quote(&input.lines[at - 1]);
        let msg = if *skipped {
            format!(
                "stress-ng counted this stressor as skipped (line {at}: `{what}`): its figures are no result, not read{told}"
            )
        } else {
            format!("stress-ng reported this run failed (line {at}: `{what}`): this row is not read")
        };
        out.notes.push((row, msg));
    }
    out.samples.retain(|s| !drop.iter().any(|d| d.0 == s.line));
}

/// How many instances of `stressor` the file itself says ran, and the
/// line saying it, between lines `from` (0-based, exclusive of the run
/// before) and `to`: `dispatching hogs: 4 fsize` or an extra metric's
/// `fsize  4103.66 SIGXFSZ signals per sec (geometric mean of 1
/// instances)`, of process `pid` where both give one; the last one read.
fn printed_instances(input: &Input, stressor: &str, pid: Option<&str>, from: usize, to: usize) -> Option<(u32, usize)> {
    let mut found = None;
    for (i, line) in input.lines.iter().enumerate().take(to + 1).skip(from) {
        if let (Some(a), Some(b)) = (pid, pid_of(line))
            && a != b
        {
            continue;
        }
        let (_, body) = strip_prefix(line);
        if let Some(&(_, n)) = dispatching(body).iter().find(|(k, _)| k == stressor) {
            found = Some((n, i + 1));
            continue;
        }
        let Some(rest) = body.strip_prefix(stressor).filter(|r| r.starts_with(char::is_whitespace)) else {
            continue;
        };
        let Some(inner) = rest.trim_end().strip_suffix(" instances)") else { continue };
        let Some((_, n)) = inner.rsplit_once(" mean of ") else { continue };
        if let Ok(n) = n.trim().parse::<u32>()
            && n > 0
        {
            found = Some((n, i + 1));
        }
    }
    found
}

/// The table's header: how many figure columns its rows have: 6, 7 with
/// `CPU used per` (`instance (%)`, stress-ng 0.13 to 0.15's `--metrics`),
/// 8 with `RSS Max` after it (0.16 on).
fn header_columns(body: &str) -> Option<usize> {
    let words: Vec<&str> = body.split_whitespace().collect();
    let starts = words.starts_with(&["stressor", "bogo", "ops", "real", "time"]);
    starts.then(|| match (body.contains("CPU used per"), body.contains("RSS Max")) {
        (true, false) => 7,
        (false, false) => 6,
        _ => 8,
    })
}

/// A run's length from stress-ng's `setting to a … run per stressor` line,
/// as `60s`, in each form stress-ng has printed it: `setting to a 60
/// second run per stressor` (to 0.13), `setting to a 120 second (2 mins,
/// 0.00 secs) run` (0.14, 0.15), `setting to a 30 secs run` and `setting to
/// a 10 mins, 0 secs run` (0.16 on: days, hours, mins, secs as needed).
fn run_length(body: &str) -> Option<String> {
    let text = body.strip_prefix("setting to a ")?.split_once(" run per stressor")?.0.trim();
    if let Some((secs, _)) = text.split_once(" second") {
        return plain(secs).map(|_| format!("{}s", secs.trim()));
    }
    let mut total = 0.0;
    for part in text.split(',') {
        let (n, unit) = part.trim().split_once(' ')?;
        let scale = match unit.trim() {
            "day" | "days" => 86_400.0,
            "hour" | "hours" => 3_600.0,
            "min" | "mins" => 60.0,
            "sec" | "secs" => 1.0,
            _ => return None,
        };
        total += plain(n)? * scale;
    }
    Some(format!("{total}s"))
}

/// A stressor's name as stress-ng prints it: `vm-rw`, `tlb-shootdown`, `af-alg`.
fn is_stressor_name(s: &str) -> bool {
    !s.is_empty()
        && s.starts_with(|c: char| c.is_ascii_alphabetic())
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'+'))
}

/// How stress-ng said it averaged an extra metric over the instances:
/// `(average per stressor)`, `(geometic mean)`, `(harmonic mean of 6
/// instances)`. Returns the description without it.
fn strip_averaging(desc: &str) -> &str {
    if let Some(open) = desc.rfind(" (")
        && desc.ends_with(')')
    {
        let inner = &desc[open + 2..desc.len() - 1];
        if inner.contains("mean") || inner.starts_with("average") {
            return desc[..open].trim_end();
        }
    }
    desc
}

/// The statistic an extra metric's averaging note names where it is not
/// the plain mean: `geometric mean` of `(geometic mean)` (stress-ng 0.14's
/// spelling) and `(geometric mean of 128 instances)`, `harmonic mean` of
/// `(harmonic mean of 6 instances)`; `None` for `(average per stressor)`
/// or no note. Kept in the metric's name (`write64 MB per sec (geometric
/// mean)`): 0.12's `write64 MB/sec (average per stressor)` and 0.14's
/// `write64 MB per sec (geometic mean)` were told apart by the unit's
/// spelling alone, and a user took them for one metric (newcomer30 P1-17).
fn statistic_named(desc: &str) -> Option<&'static str> {
    let (_, inner) = desc.strip_suffix(')')?.rsplit_once(" (")?;
    if inner.starts_with("geometic mean") || inner.starts_with("geometric mean") {
        Some("geometric mean")
    } else if inner.starts_with("harmonic mean") {
        Some("harmonic mean")
    } else {
        None
    }
}

/// An extra metric's unit and direction from its description (see the
/// module docs).
fn extra_metric(desc: &str) -> Metric {
    let lower = desc.to_ascii_lowercase();
    let first = lower.split([' ', '-']).next().unwrap_or("");
    let time_per = matches!(
        first,
        "nanosecs"
            | "nanoseconds"
            | "nsecs"
            | "ns"
            | "microsecs"
            | "microseconds"
            | "usecs"
            | "millisecs"
            | "ms"
            | "seconds"
    ) && (lower.contains(" per ") || lower.contains("-per-"));
    let unit = ["MB/sec", "MB per sec", "GB per sec", "Mflop per sec", "Mflop/sec"]
        .iter()
        .find(|u| desc.contains(*u))
        .map(|u| u.to_string())
        .unwrap_or_else(|| {
            if time_per {
                first.to_string()
            } else if desc.starts_with('%') {
                "%".into()
            } else {
                String::new()
            }
        });
    let rate = ["mb per sec", "mb/sec", "gb per sec", "mflop per sec", "mflop/sec", "calls per sec", "ops per sec"]
        .iter()
        .any(|r| lower.contains(r))
        || ["mb-per-sec", "calls-per-sec", "ops-per-sec"].iter().any(|r| lower.contains(r));
    let better = if time_per {
        Better::Lower
    } else if rate || (desc.starts_with('%') && lower.contains("succeeded")) {
        Better::Higher
    } else {
        Better::Neither
    };
    Metric::new(desc, unit, better)
}

/// True for a metric that is a rate per second (`bogo ops/s (real
/// time)`, an extra metric's `MB per sec`, `calls per sec`): what a run
/// did over its own time, which does not grow with the run's length as
/// its bogo ops and times do.
fn per_second(m: &Metric) -> bool {
    let name = m.name.to_ascii_lowercase();
    m.unit == "bogo ops/s" || ["per sec", "/sec", "-per-sec"].iter().any(|r| name.contains(r))
}

/// Takes `timeout` off the per-second rates ([`per_second`]): a run's
/// length is a set-up of its bogo ops and times, not of its rates. A run
/// whose length only one file's command line gives (`stress-ng --cpu 4
/// -t 2m` above some kernels' runs, none above others', archive55's
/// suse-4c) was compared with nothing, rates and all, and `same_setup:`
/// could not help (a parameter is no set-up): its bogo ops/s now are.
fn untimed_rates(out: &mut ParsedFile) {
    for s in out.samples.iter_mut().filter(|s| per_second(&s.metric)) {
        s.params.retain(|p| p.name != "timeout");
    }
}

/// `dispatching hogs: 24 atomic, 24 bad-altstack` → [(atomic, 24), …].
fn dispatching(body: &str) -> Vec<(String, u32)> {
    let Some(list) = body.strip_prefix("dispatching hogs:") else { return Vec::new() };
    list.split(',')
        .filter_map(|p| {
            let mut w = p.split_whitespace();
            let n = w.next()?.parse().ok()?;
            Some((w.next()?.to_string(), n))
        })
        .collect()
}

/// A stress-ng command line's instance counts: `--memrate 96` → memrate
/// 96; `--sequential 24` / `--all 24` → every stressor 24 (`*`).
fn command_instances(line: &str) -> Vec<(String, u32)> {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let Some(j) = toks.iter().position(|t| *t == "stress-ng" || t.ends_with("/stress-ng")) else { return Vec::new() };
    let mut out = Vec::new();
    for w in toks[j + 1..].windows(2) {
        if let (Some(name), Ok(n)) = (w[0].strip_prefix("--"), w[1].parse::<u32>()) {
            let name = if matches!(name, "sequential" | "seq" | "all" | "parallel") { "*" } else { name };
            // `--cpu 0`: one per online CPU, a count the command does not say.
            if n > 0 && (is_stressor_name(name) || name == "*") {
                out.push((name.to_string(), n));
            }
        }
    }
    out
}

/// The run length a stress-ng command line sets, as `60s`: `--timeout 60`,
/// `--timeout=60`, `-t 60`, with stress-ng's suffixes (`90s`, `1m`, `2h`,
/// `1d`, `1y`). A command line without one runs to stress-ng's documented
/// default (a day) and is left without a `timeout`: not guessed.
fn command_timeout(line: &str) -> Option<String> {
    // LKP's quoted form: `stress-ng "--timeout" "100" "--times"`.
    let toks: Vec<&str> = line.split_whitespace().map(|t| t.trim_matches(|c| c == '"' || c == '\'')).collect();
    let j = toks.iter().position(|t| *t == "stress-ng" || t.ends_with("/stress-ng"))?;
    let rest = &toks[j + 1..];
    let value = rest.iter().enumerate().find_map(|(i, t)| match *t {
        "--timeout" | "-t" => rest.get(i + 1).copied(),
        _ => t.strip_prefix("--timeout="),
    })?;
    let (digits, scale) = match value.char_indices().last()? {
        (at, 's') => (&value[..at], 1.0),
        (at, 'm') => (&value[..at], 60.0),
        (at, 'h') => (&value[..at], 3_600.0),
        (at, 'd') => (&value[..at], 86_400.0),
        (at, 'y') => (&value[..at], 31_556_926.0),
        _ => (value, 1.0),
    };
    let secs = digits.parse::<f64>().ok().filter(|v| v.is_finite() && *v > 0.0)? * scale;
    Some(format!("{secs}s"))
}

/// The metrics of [`instance_rates`]' two figures: name and unit.
const INSTANCE_RATES: [(&str, &str); 2] =
    [("memory rate (MB/sec)", "MB/sec"), ("memory rate (Mflop/sec)", "Mflop/sec")];

/// The rates one instance of the `stream` stressor prints before the
/// table in stress-ng of about 2017-2019 (0.07 to 0.10), higher is better:
/// `stress-ng-stream: memory rate: 10455.21 MB/sec, 4182.08 Mflop/sec
/// (instance 0)` → `("stream", [10455.21, 4182.08], 0)`. Later versions
/// print their mean as an extra metric under the table instead. The
/// instances ran at once: their figures are one run
/// ([`super::instances::one_run_per_launch`]). `None` for any other line.
fn instance_rates(body: &str) -> Option<(&str, [f64; 2], usize)> {
    let (stressor, rest) = body.strip_prefix("stress-ng-")?.split_once(": memory rate: ")?;
    let (rates, copy) = rest.trim_end().strip_suffix(')')?.rsplit_once(" (instance ")?;
    let (mb, mflop) = rates.split_once(", ")?;
    let mb = plain(mb.strip_suffix(" MB/sec")?)?;
    let mflop = plain(mflop.strip_suffix(" Mflop/sec")?)?;
    (is_stressor_name(stressor)).then_some((stressor, [mb, mflop], copy.parse().ok()?))
}

/// What the reader keeps between lines.
#[derive(Default)]
struct State {
    /// Instances per stressor, from the latest `dispatching hogs` line or
    /// command line (`*` for every stressor).
    instances: rustc_hash::FxHashMap<String, u32>,
    /// Figure columns of the table being read (after its header).
    columns: Option<usize>,
    /// The last table header's line and columns: a post's second block of
    /// rows without the header again is read under it.
    last_header: Option<(usize, usize)>,
    /// Stressors the text table gave.
    seen: rustc_hash::FxHashSet<String>,
    /// Stressors whose latest row was 0 bogo ops (not read): their extra
    /// metrics below (`binderfs  0.00 microsecs per mount`) are no result
    /// either.
    idle: rustc_hash::FxHashSet<String>,
    /// Each run's length, from its `setting to a 60 second run per
    /// stressor` line: runs of different lengths are different set-ups
    /// (bogo ops and times grow with the length).
    run_lengths: super::varying::Starts,
    /// The pids (`[27983]`) of the set-up lines read (`setting to a … run`,
    /// `dispatching hogs`), and whether a command line (no pid) gave one:
    /// a table header of another pid, where none came from a command line,
    /// heads a run whose set-up lines were not pasted, which the other
    /// runs' instances and length do not describe.
    setup_pids: rustc_hash::FxHashSet<String>,
    command_setup: bool,
    /// stress-ng's lines came through the kernel log (LKP's dmesg): the
    /// kernel's own lines and the blank lines between them are not
    /// stress-ng's and end no table.
    kmsg: bool,
    /// Tables headed so far: the launch the instance lines above the next
    /// table belong to ([`instance_rates`]).
    tables: usize,
    /// Samples read from one instance's line (`… (instance 0)`): index
    /// and where it ran, merged into one run per launch at the end.
    slots: Vec<(usize, super::instances::Slot)>,
    /// The `--cyclic` stressor's policy and delay, from its latest `sched`
    /// line ([`cyclic_line`]).
    cyclic: Option<(String, String)>,
}

impl State {
    /// A sample of `stressor` with its parameters.
    fn sample(&self, stressor: &str, metric: Metric, value: f64, line: usize) -> Sample {
        let mut s = Sample::new(metric, value, line).with_param("stressor", stressor);
        if let Some(n) = self.instances.get(stressor).or_else(|| self.instances.get("*")) {
            s = s.with_param("instances", n);
        }
        s
    }
}

/// A poster's arrow after a line (`… 84.05  1548  <--- (1)`, an LKP
/// reply): the line before it and the annotation.
fn annotation(body: &str) -> Option<(&str, &str)> {
    let at = body.find(" <-").or_else(|| body.find(" <="))?;
    Some((body[..at].trim_end(), body[at..].trim()))
}

/// One line of the `--cyclic` stressor's latency report, after its
/// `cyclic:` (the module docs): its `sched` line sets the policy and
/// delay of the figures below; `mean: 23829.70 ns, mode: 3317 ns`, `min:
/// 2688 ns, max: 5701735 ns, std.dev. 123502.57` and `25.00%:  6289 ns`
/// are samples (ns, lower better); `latency percentiles:` heads them.
fn cyclic_line(st: &mut State, n: usize, rest: &str, out: &mut ParsedFile) {
    if let Some(set) = rest.strip_prefix("sched ") {
        // `SCHED_DEADLINE: 100000 ns delay, 10000 samples`
        if let Some((policy, d)) = set.split_once(':') {
            let delay = d.split(',').next().unwrap_or("").trim().trim_end_matches("delay").trim();
            st.cyclic = Some((policy.trim().to_string(), delay.to_string()));
        }
        return;
    }
    if rest == "latency percentiles:" || rest.is_empty() {
        return;
    }
    let mut read = Vec::new();
    for item in rest.split(',') {
        let item = item.trim();
        let (name, figure) = match item.strip_prefix("std.dev.") {
            Some(v) => ("std.dev", v),
            None => match item.split_once(':') {
                Some((name, v)) => (name.trim(), v),
                None => ("", ""),
            },
        };
        let figure = figure.trim();
        let figure = figure.strip_suffix("ns").map_or(figure, str::trim_end);
        let known = matches!(name, "mean" | "mode" | "min" | "max" | "std.dev")
            || name.strip_suffix('%').is_some_and(|p| plain(p).is_some());
        match plain(figure) {
            Some(v) if known => read.push((name, v)),
            _ => {
                out.notes.push((n, format!("a line of the cyclic stressor's report, not read: `{rest}`")));
                return;
            }
        }
    }
    for (name, v) in read {
        let metric = Metric::new(format!("latency {name}"), "ns", Better::Lower);
        let mut s = st.sample("cyclic", metric, v, n);
        if let Some((policy, delay)) = &st.cyclic {
            s = s.with_param("policy", policy.as_str()).with_param("delay", delay.as_str());
        }
        out.samples.push(s);
    }
}

/// Reads one line of the text form ([`read_text_line`]), with a note of
/// the poster's arrow after it (`… 84.05  1548  <--- (1)`) where the line
/// is stress-ng's: it has stress-ng's prefix, or a figure of it was read.
/// An arrow after another line (`9f0124114f  <--- a914bd93f3 + patch` in
/// the commit list of an LKP comparison quoted below a run, LKML 2025-04)
/// is no stress-ng line's, and was noted as one.
fn text_line(st: &mut State, n: usize, line: &str, out: &mut ParsedFile) -> Result<(), ParseError> {
    let before = out.samples.len();
    let mut arrow = None;
    let read = read_text_line(st, n, line, out, &mut arrow);
    if let Some(note) = arrow
        && (out.samples.len() > before || !strip_prefix(line).0.is_empty() || ungutter(line).starts_with("stress-ng:"))
    {
        out.notes.push((n, format!("a poster's annotation after the line, not read: {note:?}")));
    }
    read
}

/// Reads one line of the text form; a poster's arrow after it is left
/// in `arrow` for [`text_line`] to note.
fn read_text_line(
    st: &mut State,
    n: usize,
    line: &str,
    out: &mut ParsedFile,
    arrow: &mut Option<String>,
) -> Result<(), ParseError> {
    if let Some(text) = kernel_log_text(line.trim_start()) {
        if !text.starts_with("stress-ng:") {
            // The kernel's own line (a warning's trace between the rows).
            return Ok(());
        }
        st.kmsg = true;
    }
    if st.kmsg && line.trim().is_empty() {
        return Ok(());
    }
    let (level, body) = strip_prefix(line);
    let body = match annotation(body) {
        Some((before, note)) => {
            *arrow = Some(note.to_string());
            before
        }
        None => body,
    };
    if line.contains("stress-ng") && !ungutter(line).starts_with("stress-ng:") {
        let found = command_instances(line);
        if !found.is_empty() {
            st.instances = found.into_iter().collect();
            st.command_setup = true;
        }
        if let Some(secs) = command_timeout(line) {
            st.run_lengths.push((out.samples.len(), secs));
            st.command_setup = true;
        }
    }
    if let Some(secs) = run_length(body) {
        st.run_lengths.push((out.samples.len(), secs));
        st.setup_pids.extend(pid_of(line));
        return Ok(());
    }
    // `--times`' summary (`for a 60.03s run time:` over the CPU time
    // available, user, system and total time with their share of it, and
    // the load average): no figure of it is read, said once per summary
    // in a note (wild34 file 02's two summaries, 24 figures, were passed
    // over without a word).
    if body.starts_with("for a ") && body.ends_with(" run time:") {
        out.notes.push((
            n,
            "stress-ng's `--times` summary below is not read: it repeats the table's usr and sys time (summed \
             over its rows) and adds the machine's CPU time and load average, no stressor's result"
                .to_string(),
        ));
        return Ok(());
    }
    if let Some(rest) = body.strip_prefix("cyclic:") {
        cyclic_line(st, n, rest.trim(), out);
        return Ok(());
    }
    let hogs = dispatching(body);
    if !hogs.is_empty() {
        st.instances = hogs.into_iter().collect();
        st.setup_pids.extend(pid_of(line));
        return Ok(());
    }
    if let Some(c) = header_columns(body) {
        // The header of a process whose set-up lines were not pasted (a
        // post's `## VMS` run `[1404]` pasted from its table on, under a
        // `## HOST` run `[27983]`'s `dispatching hogs: 2 cpu` and `1 min
        // run`): the other run's instances and length are not this run's,
        // and are not carried over (an empty length ends the other's).
        if let Some(pid) = pid_of(line)
            && !st.command_setup
            && !st.setup_pids.is_empty()
            && !st.setup_pids.contains(&pid)
        {
            st.instances.clear();
            if st.run_lengths.last().is_some_and(|(_, v)| !v.is_empty()) {
                st.run_lengths.push((out.samples.len(), String::new()));
            }
        }
        st.columns = Some(c);
        st.last_header = Some((n, c));
        st.tables += 1;
        return Ok(());
    }
    if let Some((stressor, rates, copy)) = instance_rates(body) {
        for (value, (name, unit)) in rates.into_iter().zip(INSTANCE_RATES) {
            let slot = super::instances::Slot { launch: st.tables, copy: Some(copy) };
            st.slots.push((out.samples.len(), slot));
            out.samples.push(st.sample(stressor, Metric::new(name, unit, Better::Higher), value, n));
        }
        return Ok(());
    }
    let untrustworthy = body.strip_prefix("metrics untrustworthy:").and_then(plain).is_some_and(|v| v > 0.0);
    // `metrics-check: all stressor metrics validated and sane` (debug
    // level, -v) is stress-ng saying all is well: nothing to warn of.
    if body.starts_with("metrics-check:") && body.contains("validated and sane") {
        return Ok(());
    }
    if level == "fail" || body.starts_with("metrics-check:") || untrustworthy {
        out.notes.push((n, format!("stress-ng reported: {body}")));
        return Ok(());
    }
    if body.is_empty() {
        st.columns = None;
        return Ok(());
    }
    // `+ Enabled vcpu_is_preempted()` over three `stress-ng: info:  [100]
    // aio  432750  10.00 …` rows without the header again (a post trims
    // the repeat; wild34 file 01): a row of stress-ng's prefix and exactly
    // the last header's figures is read under that header, said once.
    if st.columns.is_none()
        && let Some((at, cols)) = st.last_header
        && matches!(level, "info" | "metrc")
        && is_headerless_row(body, cols)
    {
        st.columns = Some(cols);
        out.notes.push((
            n,
            format!(
                "stress-ng rows from line {n} on have no table header above them (a post left out the repeat): \
                 read under the header of line {at}"
            ),
        ));
    }
    // `stress-ng: 10:48:33.34 metrc: [1858952] flock  293388215356
    // 257398.99 …` with no header anywhere above (a post starts below it,
    // stress-ng issue #580): a `metrc:` row of a stressor and 8 figures is
    // a row of the 8-column `--metrics` table, the only one stress-ng logs
    // at that level with 8 figures; read under it, said once.
    if st.columns.is_none() && st.last_header.is_none() && level == "metrc" && is_headerless_row(body, COLUMNS.len()) {
        st.columns = Some(COLUMNS.len());
        st.last_header = Some((n, COLUMNS.len()));
        out.notes.push((
            n,
            format!(
                "stress-ng `metrc:` rows from line {n} on have no table header above them (the post starts below it): \
                 read as the 8 columns of the `--metrics` table (bogo ops, real time, usr time, sys time, bogo ops/s \
                 (real time), bogo ops/s (usr+sys time), CPU used per instance, RSS Max)"
            ),
        ));
    }
    let Some(cols) = st.columns else {
        // `stress-ng: metrc: [1892] crypt  20138.58 MD5 encrypts per sec (…)`
        // posted apart from its table (a blank line between): its stressor's
        // row is not known here.
        let toks: Vec<&str> = body.split_whitespace().collect();
        if level == "metrc" && toks.len() > 2 && is_stressor_name(toks[0]) && plain(toks[1]).is_some() {
            out.notes.push((
                n,
                format!("a stress-ng metrics line of {:?} with no table header above it (an extra metric posted apart from its table?): not read", toks[0]),
            ));
        }
        return Ok(());
    };
    let toks: Vec<&str> = body.split_whitespace().collect();
    let Some((&name, rest)) = toks.split_first() else { return Ok(()) };
    if !is_stressor_name(name) || rest.is_empty() || plain(rest[0]).is_none() {
        // `(secs) (secs)`, `miscellaneous metrics:`, the run summary.
        return Ok(());
    }
    let numeric = rest.iter().take_while(|t| plain(t).is_some()).count();
    if numeric == 1 && rest.len() > 1 {
        // `body` starts with the name, then the value, then the description.
        let after_name = body[name.len()..].trim_start();
        let full = after_name[rest[0].len()..].trim();
        let desc = strip_averaging(full);
        let statistic = statistic_named(full);
        // A bare line (no `stress-ng:` prefix) is an extra metric only with
        // stress-ng's averaging note: prose after a posted table is not.
        if desc.len() == full.len() && !ungutter(line).starts_with("stress-ng:") {
            return Ok(());
        }
        // Only a stressor of the table has extra metrics: `--tz` prints
        // `x86_pkg_temp   45.00 C (318.15 K)` in the same shape. A `metrc:`
        // line with stress-ng's averaging note (`matrix  352460.80 add
        // matrix ops per sec (harmonic mean of 99 instances)`) is one
        // whose table row a post cut off.
        let noted_metric = level == "metrc" && desc.len() != full.len();
        // `binderfs  0.00 microsecs per mount (geometric mean of 1
        // instances)` under binderfs' row of 0 bogo ops (a skipped
        // stressor, ktest 2023): its 0.00 is no time, the best a
        // smaller-is-better metric could show.
        if st.idle.contains(name) {
            out.notes.push((
                n,
                format!(
                    "stress-ng extra metric of stressor {name:?}, whose row did no work (0 bogo ops, not read): not read"
                ),
            ));
            return Ok(());
        }
        if !st.seen.contains(name) && !noted_metric {
            let msg = format!(
                "line {n} has the shape of a stress-ng extra metric, but {name:?} is no stressor of the table above; not read"
            );
            out.notes.push((n, msg));
            return Ok(());
        }
        let v = plain(rest[0]).unwrap_or_default();
        let mut metric = extra_metric(desc);
        if let Some(statistic) = statistic {
            metric.name = compact_str::format_compact!("{} ({statistic})", metric.name);
            // stress-ng 0.14 spells it `(geometic mean)`: compared as
            // `geometric mean` with other versions' runs, shown as printed.
            if full.contains("(geometic mean") {
                let printed = format!("{desc} (geometic mean)");
                metric = metric.printed_as(&printed);
            }
        }
        // The step it was printed to (`1510.90`: 0.01): read back from
        // the value, `1510.9` lost its printed zero beside `27.70` of a
        // column other kernels printed to 0.01 (newcomer43 N5), and the
        // step used for "not tested" was 0.1.
        let mut sample = st.sample(name, metric, v, n);
        if let Some(step) = super::num::scaled_step(rest[0], 1.0) {
            sample = sample.with_step(step);
        }
        out.samples.push(sample);
        return Ok(());
    }
    if numeric != cols || rest.len() != cols {
        // A line without stress-ng's prefix may be a post's prose: a note.
        if level.is_empty() && !line.contains("stress-ng:") {
            let msg = format!("line {n} looks like a stress-ng metrics row but has not {cols} figures; not read");
            out.notes.push((n, msg));
            return Ok(());
        }
        let what = format!("a stress-ng metrics row: a stressor and {cols} figures");
        return Err(ParseError::malformed(n, what, line.trim()));
    }
    let figures: Vec<f64> = rest.iter().map(|t| plain(t).unwrap_or_default()).collect();
    st.seen.insert(name.to_string());
    st.idle.remove(name);
    // `inode-flags  0  60.15  0.00  0.00  0.00  0.00` (LKP, 2023): a
    // stressor that did no work in its run; its 0 is no rate (stress-ng
    // 0.15+ says `all bogo-op counters are zero, data may be incorrect`).
    if figures.first() == Some(&0.0) {
        let msg = format!(
            "stress-ng stressor {name:?}: 0 bogo ops in {} s, it did no work (its counters were never bumped): this row is not read",
            rest.get(1).unwrap_or(&"?")
        );
        out.notes.push((n, msg));
        st.idle.insert(name.to_string());
        return Ok(());
    }
    // `clone  49271  29.00  0.00  0.00  1698.98  0.00`: no CPU time was
    // accounted to it, and stress-ng prints 0.00 for the ops per usr+sys
    // second it could not divide by: that figure is no rate.
    let no_cpu_time = figures.len() > 5 && figures[2] == 0.0 && figures[3] == 0.0;
    for (k, &v) in figures.iter().enumerate() {
        let (mname, unit, better) = COLUMNS[k];
        if k == 5 && no_cpu_time {
            let msg = format!(
                "stress-ng stressor {name:?}: usr and sys time 0.00, so its `bogo ops/s (usr+sys time)` {v} is a division by zero, not a rate: not read"
            );
            out.notes.push((n, msg));
            continue;
        }
        out.samples.push(st.sample(name, Metric::new(mname, unit, better), v, n));
    }
    Ok(())
}

/// The set-up a ministat-style legend line names (`x Disabled
/// vcpu_is_preempted()`, `+ Enabled vcpu_is_preempted()`: ministat's marks
/// `x`, `+`, `*`, `%`, `#`, `@`, `O`, a space, the set-up's words): its
/// words, at most 48 characters. `None` for any other line.
fn marker_label(line: &str) -> Option<(char, &str)> {
    let t = line.trim();
    let mut chars = t.chars();
    let mark = chars.next().filter(|c| "x+*%#@O".contains(*c))?;
    let words = chars.as_str().strip_prefix(' ')?.trim();
    let ok = words.starts_with(char::is_alphanumeric) && words.chars().count() <= 48 && !words.contains("stress-ng");
    ok.then_some((mark, words))
}

/// stress-ng processes run at once (attack43 F10: `cgexec -g memory:low
/// stress-ng … & cgexec -g memory:high stress-ng …`, their lines
/// interleaved by pid) are no runs of one set-up: 21,033,377 and 11,568
/// bogo ops of two cgroups were averaged as two runs. Where the lines of
/// two processes that printed results interleave (one's lines between the
/// other's first and last), each process's figures carry its `cgroup`
/// (the `cgexec -g` of its command, where the command line and the
/// shell's `[1] PID` job line tell which process is which) or else its
/// order in the file (`process` 1, 2: never its pid, which no other
/// kernel's run shares, attack44 F7), a set-up of its own, with a
/// warning; where their commands are alike (one cgroup, or none), they
/// are copies of one launch: `copies` N, ONE run, the mean per process
/// ([`copies_are_one_run`]). The shell's lines say so too where the
/// lines do not interleave (attack44 F6: `stress-ng … &`, `[1] 1075`, a
/// second `stress-ng …` in the foreground, then each block whole).
/// Processes one after the
/// other (each one's lines together) are runs, as before; so are rows
/// of one header that carry other pids (no header of their own).
fn concurrent_processes(input: &Input, out: &mut ParsedFile) {
    let pid_at = |line: usize| input.lines.get(line.wrapping_sub(1)).and_then(|l| pid_of(l));
    let mut pids: Vec<String> = out.samples.iter().filter_map(|s| pid_at(s.line)).collect();
    pids.sort_unstable();
    pids.dedup();
    if pids.len() < 2 {
        return;
    }
    // Each result-printing process's first and last line; only processes
    // that printed a table header of their own (a post's rows of one
    // header with the pids of other runs, edited or pasted, are no
    // processes of their own: the ministat aio post's `[139]` rows).
    let spans: Vec<(String, usize, usize)> = pids
        .iter()
        .filter(|p| {
            input
                .lines
                .iter()
                .any(|l| pid_of(l).as_ref() == Some(*p) && l.contains("stressor") && l.contains("bogo ops"))
        })
        .filter_map(|p| {
            let at: Vec<usize> = input
                .lines
                .iter()
                .enumerate()
                .filter(|(_, l)| pid_of(l).as_ref() == Some(p))
                .map(|(i, _)| i + 1)
                .collect();
            Some((p.clone(), *at.first()?, *at.last()?))
        })
        .collect();
    let mut at_once: Vec<&(String, usize, usize)> =
        spans.iter().filter(|a| spans.iter().any(|b| b.0 != a.0 && b.1 < a.2 && a.1 < b.2)).collect();
    // attack44 F6: `stress-ng … &`, `[1] 1075`, `stress-ng …` (in the
    // foreground) right above the processes' output, one process's block
    // after the other's (`--log-file`, `-q`, a capture per process): the
    // shell's lines say they ran at once. Only where the commands right
    // above are as many as the processes, the job lines' pids are theirs
    // and one job line a command sent to the background.
    let mut launch_lines: Vec<&str> = Vec::new();
    if at_once.len() < 2 {
        // Decided per launch (attack45 F4: one more sequential run after
        // the launch made its copies runs): the commands right above the
        // first output are the launch, its processes the first as many
        // blocks; a script's `… &` lines and its `wait` (no job lines) are
        // one launch too, and so are two `&` and a foreground command
        // with one job line shown.
        let mut ordered: Vec<&(String, usize, usize)> = spans.iter().collect();
        ordered.sort_by_key(|s| s.1);
        let start = ordered.first().map_or(1, |s| s.1);
        let (mut commands, mut background, mut job_pids, mut waited) = (Vec::new(), 0, Vec::new(), false);
        for line in input.lines[..start.saturating_sub(1)].iter().rev().map(|l| l.trim()).filter(|l| !l.is_empty()) {
            if let Some(pid) = job_pid(line) {
                job_pids.push(pid);
            } else if !line.starts_with("stress-ng:") && super::cmdline::args_of(line, "stress-ng").is_some() {
                commands.push(line);
                background += usize::from(line.ends_with('&'));
            } else if commands.is_empty() && line.split_whitespace().last() == Some("wait") && !waited {
                waited = true;
            } else {
                break;
            }
        }
        let k = commands.len();
        let launch: Vec<&(String, usize, usize)> = ordered.iter().take(k).copied().collect();
        let theirs = job_pids.iter().all(|p| launch.iter().any(|s| &s.0 == p));
        let script = waited && job_pids.is_empty() && background == k;
        let shown = background >= 1 && !job_pids.is_empty() && job_pids.len() <= background;
        if k >= 2 && k <= ordered.len() && theirs && (shown || script) {
            at_once = launch;
            commands.reverse();
            launch_lines = commands;
        } else if k >= 2 && k <= ordered.len() && background >= 1 && job_pids.is_empty() {
            out.notes.push((
                start,
                format!(
                    "{k} stress-ng commands above this output, {background} of them started in the background \
                     (`… &`), but no job line (`[1] 1075`) or `wait` shows whether they ran at once: read as \
                     runs, one after the other"
                ),
            ));
        }
    }
    if at_once.len() < 2 {
        return;
    }
    let first = at_once.iter().map(|a| a.1).min().unwrap_or(1);
    // The command above them, its `\` continuations joined; the shell's
    // job lines (`[1] 1075`) give the pids of the commands sent to the
    // background, in order; the one left is the foreground command's.
    let mut command = String::new();
    let mut jobs: Vec<String> = Vec::new();
    for line in &input.lines[..first.saturating_sub(1)] {
        let t = line.trim();
        if let Some(pid) = job_pid(t) {
            jobs.push(pid);
        } else if t.contains("stress-ng") || command.ends_with('\\') {
            // (A command left in the background, `… &`, and the next
            // line's: one launch, attack45 F1's `cgexec` copies.)
            if !command.ends_with('\\') && !command.ends_with('&') {
                command.clear();
            }
            command = format!("{} {t}", command.trim_end_matches('\\'));
        }
    }
    let cgroups: Vec<Option<String>> = command
        .split(" & ")
        .flat_map(|c| c.split("& "))
        .filter(|c| c.contains("stress-ng"))
        .map(|c| {
            let words: Vec<&str> = c.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "cgexec")?;
            let g = words[at..].iter().position(|w| *w == "-g")?;
            words.get(at + g + 1).map(|g| g.to_string())
        })
        .collect();
    let ours: Vec<&String> = at_once.iter().map(|a| &a.0).collect();
    let mut named: Vec<(String, String)> = Vec::new();
    if cgroups.len() == ours.len() && cgroups.iter().all(Option::is_some) && jobs.len() + 1 == ours.len() {
        let fg: Vec<&&String> = ours.iter().filter(|p| !jobs.contains(p)).collect();
        if fg.len() == 1 && jobs.iter().all(|j| ours.contains(&j)) {
            let order: Vec<String> = jobs.iter().cloned().chain(std::iter::once(fg[0].to_string())).collect();
            named = order.into_iter().zip(cgroups.into_iter().flatten()).collect();
            let mut values: Vec<&String> = named.iter().map(|n| &n.1).collect();
            values.sort_unstable();
            values.dedup();
            if values.len() < named.len() {
                named.clear();
            }
        }
    }
    // The commands of the processes: one command line each (the `&`
    // joined line cut at its `&`s), with their output's redirection left
    // out; alike, the processes are copies of one launch.
    let shown: Vec<&str> = if launch_lines.is_empty() {
        command.split(" & ").flat_map(|c| c.split("& ")).filter(|c| c.contains("stress-ng")).collect()
    } else {
        launch_lines.clone()
    };
    let commands: Vec<String> = shown
        .iter()
        .map(|c| {
            // From the word before `stress-ng` that is no prompt: a
            // `cgexec -g memory:low` is part of the set-up.
            let words: Vec<&str> = c.trim().trim_end_matches('&').split_whitespace().collect();
            let at = words.iter().position(|w| *w == "cgexec" || super::cmdline::base(w) == "stress-ng").unwrap_or(0);
            let mut kept = Vec::new();
            let mut it = words[at..].iter();
            while let Some(a) = it.next() {
                match super::cmdline::redirection(a) {
                    Some(true) => _ = it.next(),
                    Some(false) => {}
                    None => kept.push(*a),
                }
            }
            kept.join(" ")
        })
        .collect();
    let mut distinct = commands.clone();
    distinct.sort();
    distinct.dedup();
    let copies = named.is_empty() && distinct.len() == 1 && commands.len() == ours.len();
    // Each process by its order in the file (its first line), never by
    // its pid, which no other kernel's run shares (attack44 F7: nothing
    // was compared).
    let mut order: Vec<&(String, usize, usize)> = at_once.clone();
    order.sort_by_key(|a| a.1);
    let param = if !named.is_empty() {
        "cgroup"
    } else if copies {
        "copies"
    } else {
        "process"
    };
    for s in &mut out.samples {
        let Some(pid) = pid_at(s.line).filter(|p| ours.contains(&p)) else { continue };
        let value = match param {
            "cgroup" => named.iter().find(|n| n.0 == pid).map_or(pid.clone(), |n| n.1.clone()),
            "copies" => ours.len().to_string(),
            _ => (order.iter().position(|a| a.0 == pid).unwrap_or(0) + 1).to_string(),
        };
        s.params.push(crate::model::Param::new(param, value));
    }
    if copies {
        // Copies of one command: ONE run, the mean per process (as
        // netperf's copies), after each process's instances are merged.
        return;
    }
    let list: Vec<String> = if named.is_empty() {
        order.iter().enumerate().map(|(k, p)| format!("[{}] process {}", p.0, k + 1)).collect()
    } else {
        named.iter().map(|(p, g)| format!("[{p}] in `{g}`")).collect()
    };
    out.notes.push((
        first,
        format!(
            "{} stress-ng processes ran at once ({}: {}): no runs of one set-up, each process's figures kept \
             apart by its `{param}`",
            ours.len(),
            if launch_lines.is_empty() { "their lines interleave" } else { "started together by the shell" },
            list.join(", ")
        ),
    ));
    out.notes.sort_by_key(|n| n.0);
}

/// The pid of the shell's job line (`[1] 1075`), `None` for any other.
fn job_pid(t: &str) -> Option<String> {
    let (job, pid) = t.split_once(']').filter(|(j, _)| j.starts_with('['))?;
    let pid = pid.trim();
    (job[1..].bytes().all(|b| b.is_ascii_digit()) && !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        .then(|| pid.to_string())
}

/// The processes [`concurrent_processes`] found to be copies of one
/// command (`copies=N` on their figures) are ONE run: each figure the mean
/// per process (`parse::instances::one_run_per_launch`).
fn copies_are_one_run(input: &Input, out: &mut ParsedFile) {
    let pid_at = |line: usize| input.lines.get(line.wrapping_sub(1)).and_then(|l| pid_of(l));
    let mut pids: Vec<String> = Vec::new();
    let slots: Vec<Option<super::instances::Slot>> = out
        .samples
        .iter()
        .map(|s| {
            s.params.iter().find(|p| p.name == "copies")?;
            let pid = pid_at(s.line)?;
            let copy = pids.iter().position(|p| *p == pid).unwrap_or_else(|| {
                pids.push(pid);
                pids.len() - 1
            });
            Some(super::instances::Slot { launch: 0, copy: Some(copy) })
        })
        .collect();
    if slots.iter().any(Option::is_some) {
        let started = [pids.len()];
        super::instances::one_run_per_launch(out, &slots, "stress-ng processes", &started);
    }
}

/// Labels the rows under ministat-style legend lines (`x Disabled
/// vcpu_is_preempted()` over a table, `+ Enabled vcpu_is_preempted()` over
/// the next one's rows, wild34 file 01): each such line right above
/// stress-ng's lines (the next non-blank line has stress-ng's prefix) is
/// the `label` of the rows below it, up to the next. Only where two such
/// lines with different marks head tables (one alone is a list item, not
/// a legend); rows a label already names are left as they are.
fn label_by_markers(input: &Input, out: &mut ParsedFile) {
    let mut legends: Vec<(usize, char, &str)> = Vec::new();
    for (i, line) in input.lines.iter().enumerate() {
        let Some((mark, words)) = marker_label(line) else { continue };
        let next = input.lines[i + 1..].iter().find(|l| !l.trim().is_empty());
        if next.is_some_and(|l| ungutter(l).starts_with("stress-ng:")) {
            legends.push((i + 1, mark, words));
        }
    }
    if legends.len() < 2 || legends.iter().all(|l| l.1 == legends[0].1) {
        return;
    }
    for s in &mut out.samples {
        if s.params.iter().any(|p| p.name == "label") {
            continue;
        }
        if let Some(&(_, _, words)) = legends.iter().rev().find(|l| l.0 < s.line) {
            s.params.push(crate::model::Param::new("label", words));
        }
    }
}

/// A table row's body (after stress-ng's prefix): a stressor's name and
/// exactly `cols` figures (`aio  432750  10.00  1.14  19.03  43264.33
/// 21455.13` for 6).
fn is_headerless_row(body: &str, cols: usize) -> bool {
    let toks: Vec<&str> = body.split_whitespace().collect();
    toks.len() == cols + 1 && is_stressor_name(toks[0]) && toks[1..].iter().all(|t| plain(t).is_some())
}

/// A metrics row a mail wrapped (`format=flowed`, or a client's 72
/// columns) onto the next line: `stress-ng: info:  [2765] tmpfs  363
/// 103.02 622.07` then `7289.85  3.52  0.05` alone. Returns the row
/// joined when `line` is a stressor with fewer figures than the table's
/// columns and `next` is a bare line (no `stress-ng:` prefix) of figures
/// only, the two together exactly the columns.
fn wrapped_row(st: &State, line: &str, next: Option<&str>) -> Option<String> {
    let cols = st.columns?;
    let next = next?.trim();
    if next.starts_with("stress-ng") || next.is_empty() {
        return None;
    }
    let (_, body) = strip_prefix(line);
    let toks: Vec<&str> = body.split_whitespace().collect();
    let (&name, rest) = toks.split_first()?;
    let more: Vec<&str> = next.split_whitespace().collect();
    let figures = |t: &[&str]| t.iter().all(|x| plain(x).is_some());
    let fits = is_stressor_name(name)
        && !rest.is_empty()
        && rest.len() < cols
        && figures(rest)
        && figures(&more)
        && rest.len() + more.len() == cols;
    fits.then(|| format!("{} {next}", line.trim_end()))
}

/// A stress-ng line a person wrapped by hand with a continuation mark, a
/// lone `/` (or `\\`) at its end, its tail on the next line alone (a
/// docstring of Intel's workload-collocation-agent quoting a stress-ng
/// 0.10.08 log: `… stream  2623  10.00  49.82  0.10  262.18  /` then
/// `52.54`; `… memory rate: 3852.67 MB/sec, 1541.07 Mflop/sec /` then
/// `(instance 0)`). Returns the two joined, the mark dropped: before, the
/// mark was no figure and the row an error that skipped the file, and the
/// instances' rates were passed over without a word.
fn marked_continuation(line: &str, next: Option<&str>) -> Option<String> {
    let next = next?.trim();
    if next.is_empty() || next.starts_with("stress-ng") || !line.trim_start().starts_with("stress-ng") {
        return None;
    }
    let t = line.trim_end();
    let before = t.strip_suffix(" /").or_else(|| t.strip_suffix(" \\"))?.trim_end();
    Some(format!("{before} {next}"))
}

/// A table header a mail wrapped (a Gmail mail's 72 columns, wild28's
/// linux-block report of stress-ng 0.17.07): `stress-ng: metrc: [230]
/// stressor       bogo ops real time  usr time` then `sys time   bogo
/// ops/s     bogo ops/s CPU used per       RSS Max` alone. Returns the
/// header joined when `line` starts a header ([`header_columns`]) without
/// its `bogo ops/s` columns and `next` is a bare line (no `stress-ng`
/// prefix) that gives them: the joined header tells the table's columns
/// (8 here; the first line alone read as the 6 of an old table, and the
/// wrapped row, 3 and 5 figures, was an error that skipped the file).
fn wrapped_header(line: &str, next: Option<&str>) -> Option<String> {
    let (_, body) = strip_prefix(line);
    header_columns(body)?;
    let next = next?.trim();
    if body.contains("bogo ops/s") || next.is_empty() || next.starts_with("stress-ng") || !next.contains("bogo ops/s") {
        return None;
    }
    Some(format!("{} {next}", line.trim_end()))
}

/// An extra metric's line a mail wrapped inside its description: `…
/// [230] hdd  2.96 MB/sec read/write` then `combined rate (harmonic mean
/// of 4 instances)` alone. Returns the line joined when `line` is a
/// stressor's extra metric (a stressor of a table being read, one figure,
/// words without stress-ng's averaging note) and `next` is a bare line
/// (no `stress-ng` prefix, no figure first) that ends with that note: the
/// metric's name is the whole description (`MB/sec read/write combined
/// rate`), as in an unwrapped log, not its first half.
fn wrapped_extra(st: &State, line: &str, next: Option<&str>) -> Option<String> {
    st.columns?;
    let next = next?.trim();
    if next.is_empty() || next.starts_with("stress-ng") || next.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let (_, body) = strip_prefix(line);
    let toks: Vec<&str> = body.split_whitespace().collect();
    let [name, value, _, ..] = toks[..] else { return None };
    let desc = body[name.len()..].trim_start()[value.len()..].trim();
    let fits = is_stressor_name(name)
        && plain(value).is_some()
        && plain(toks[2]).is_none()
        && strip_averaging(desc).len() == desc.len()
        && {
            let whole = format!("{desc} {next}");
            strip_averaging(&whole).len() < whole.len()
        };
    fits.then(|| format!("{} {next}", line.trim_end()))
}

/// The error `e` of a metrics row (line `n`, text `line`), saying why it
/// was not joined with `next` where a mail seems to have wrapped it (its
/// figures go on alone on the next line, but the two together are not the
/// header's columns): the row is not guessed at.
fn why_not_joined(st: &State, e: ParseError, (n, line): (usize, &str), next: Option<&str>) -> ParseError {
    let (Some(cols), Some(next)) = (st.columns, next.map(str::trim)) else { return e };
    if e.line() != Some(n) || next.is_empty() || next.starts_with("stress-ng") {
        return e;
    }
    let (_, body) = strip_prefix(line);
    let rest = body.split_whitespace().skip(1).filter(|t| plain(t).is_some()).count();
    let more = next.split_whitespace().count();
    if !next.split_whitespace().all(|t| plain(t).is_some()) {
        return e;
    }
    let what = format!(
        "a stress-ng metrics row: a stressor and {cols} figures (the row looks wrapped by a mail, its figures going \
         on on line {}, but {rest} and {more} figures are not the header's {cols}: not joined)",
        n + 1
    );
    ParseError::malformed(n, what, line.trim())
}

/// The 0-based line ranges of YAML `metrics:` blocks: the `metrics:` line
/// at the start of a line and the indented (or blank) lines after it.
fn yaml_blocks(input: &Input) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < input.lines.len() {
        if input.lines[i].trim_end() == "metrics:" {
            let mut end = i + 1;
            while end < input.lines.len()
                && (input.lines[end].starts_with([' ', '\t']) || input.lines[end].trim().is_empty())
            {
                end += 1;
            }
            out.push((i, end));
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// Reads one YAML `metrics:` block (lines `a..b`, 0-based).
fn read_yaml(st: &State, input: &Input, (a, b): (usize, usize), out: &mut ParsedFile) -> Result<(), ParseError> {
    let text = input.lines[a..b].join("\n");
    let doc: Value = serde_yaml::from_str(&text).map_err(|e| {
        // At the end of a block cut short, serde_yaml names the line after it.
        let line = (a + e.location().map_or(1, |l| l.line())).clamp(a + 1, b.max(a + 1));
        ParseError::malformed(line, format!("stress-ng YAML ({e})"), input.lines.get(line - 1).map_or("", |l| l.trim()))
    })?;
    let Some(items) = doc.get("metrics").and_then(Value::as_sequence) else {
        return Err(ParseError::malformed(a + 1, "a list of stressors under `metrics:`", input.lines[a].trim()));
    };
    // The file's last line, where a file cut short was cut.
    let last = input.lines.iter().rposition(|l| !l.trim().is_empty()).unwrap_or(0);
    let mut from = a;
    let mut repeated = Vec::new();
    for item in items {
        let Some(name) = item.get("stressor").and_then(Value::as_str) else {
            return Err(ParseError::malformed(
                from + 1,
                "`- stressor: <name>` in stress-ng's YAML",
                input.lines[from].trim(),
            ));
        };
        let at = (from..b).find(|&i| input.lines[i].trim_start().starts_with("- stressor:")).unwrap_or(from);
        from = at + 1;
        if st.seen.contains(name) {
            repeated.push(name.to_string());
            continue;
        }
        let Some(map) = item.as_mapping() else { continue };
        // The item's lines: `key:` → line index, first one kept.
        let mut key_lines: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
        for i in (at..b).take_while(|&i| i == at || !input.lines[i].trim_start().starts_with("- ")) {
            let t = input.lines[i].trim_start().trim_start_matches("- ");
            if let Some((k, _)) = t.split_once(':') {
                key_lines.entry(k.trim_end()).or_insert(i);
            }
        }
        for (k, v) in map {
            let Some(key) = k.as_str().filter(|k| *k != "stressor") else { continue };
            let line = key_lines.get(key).copied().unwrap_or(at);
            let Some(x) = v.as_f64().filter(|x| x.is_finite()) else {
                return Err(ParseError::malformed(line + 1, format!("a number for `{key}`"), input.lines[line].trim()));
            };
            if line == last && cut_short(key, &input.lines[line]) {
                let want = format!("`{key}` as stress-ng writes it (`%f`, six decimals; the file looks cut short)");
                return Err(ParseError::malformed(line + 1, want, input.lines[line].trim()));
            }
            let metric = match YAML_KEYS.iter().position(|y| *y == key) {
                Some(c) => Metric::new(COLUMNS[c].0, COLUMNS[c].1, COLUMNS[c].2),
                None => extra_metric(key),
            };
            out.samples.push(st.sample(name, metric, x, line + 1));
        }
    }
    // attack61 (repro sng-yaml-trunc, -trunc2): a report cut inside its
    // last stressor (no `...` end, that stressor's `system-time` or more
    // gone) was read with no word. stress-ng writes these six of every
    // stressor and ends its report with `...`.
    let ended = input.lines[b..].iter().any(|l| l.trim_end() == "...");
    if let (false, Some(item)) = (ended, items.last()) {
        let missing: Vec<&str> = YAML_KEYS[..6].iter().copied().filter(|k| item.get(*k).is_none()).collect();
        if !missing.is_empty() {
            let name = item.get("stressor").and_then(Value::as_str).unwrap_or("");
            let msg = format!(
                "stress-ng YAML report with no `...` end, its last stressor `{name}` without {}: the file looks cut \
                 short; its figures above are read",
                missing.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
            );
            out.notes.push((last + 1, msg));
        }
    }
    if !repeated.is_empty() {
        let msg =
            format!("stress-ng YAML report repeats the table's stressors ({}); not read again", repeated.join(", "));
        out.notes.push((a + 1, msg));
    }
    Ok(())
}

/// stress-ng writes a YAML report's fractional values with `%f` (six
/// decimals: `user-time: 9.960000`) and its counts (`bogo-ops`, `max-rss`)
/// as integers: a last line whose value has a point and fewer decimals, or
/// none where a fraction is written, was cut inside the number.
fn cut_short(key: &str, line: &str) -> bool {
    let v = line.split_once(':').map_or("", |(_, v)| v.trim());
    if v.contains('.') {
        super::num::fewer_decimals(v, 6)
    } else {
        !matches!(key, "bogo-ops" | "max-rss") && YAML_KEYS.contains(&key)
    }
}

impl BenchParser for StressNg {
    fn id(&self) -> &'static str {
        "stress-ng"
    }

    fn describe(&self) -> &'static str {
        "stress-ng --metrics/--metrics-brief tables, extra metrics and YAML report"
    }

    /// Each score asks for one of these first.
    fn literals(&self) -> &'static [&'static str] {
        &["bogo ops", "bogo-ops", "stress-ng: "]
    }

    fn detect(&self, input: &Input) -> u8 {
        let table = input.has("bogo ops") && input.lines.iter().any(|l| header_columns(strip_prefix(l).1).is_some());
        if table {
            return 95;
        }
        if input.has("bogo-ops") && input.has("- stressor:") {
            return 90;
        }
        if input.has("stress-ng: ") && input.lines.iter().any(|l| ungutter(l).starts_with("stress-ng: ")) {
            return 40;
        }
        0
    }

    fn max_score(&self) -> u8 {
        95
    }

    /// A last line of a YAML report without a line break is whole when
    /// its value has six decimals: stress-ng writes fractions `%f`
    /// (`system-time: 0.020000`); fewer are refused as cut (`cut_short`).
    /// Its counts (`bogo-ops: 1234`) are whole numbers, which nothing
    /// proves whole.
    fn last_figure_complete(&self, input: &Input) -> bool {
        input
            .lines
            .last()
            .and_then(|l| l.split_once(": "))
            .is_some_and(|(k, v)| YAML_KEYS.contains(&k.trim()) && super::num::decimals(v) == Some(6))
            // A `--metrics(-brief)` row: stress-ng prints its rates with
            // two decimals (`%12.2f`), so a cut one has fewer.
            || input.lines.last().is_some_and(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                l.contains("stress-ng: ")
                    && words.len() >= 9
                    && words[words.len() - 2..].iter().all(|w| super::num::decimals(w) == Some(2))
            })
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut out = ParsedFile { benchmark: "stress-ng".into(), ..ParsedFile::default() };
        let blocks = yaml_blocks(input);
        let mut in_yaml = vec![false; input.lines.len()];
        for &(a, b) in &blocks {
            in_yaml[a..b].fill(true);
        }
        let mut st = State::default();
        let mut skip = None;
        for (i, line) in input.lines.iter().enumerate() {
            // A line a quoted-printable soft break emptied is no blank line
            // ending the table.
            if in_yaml[i] || input.joined_away(i) || skip == Some(i) {
                continue;
            }
            let next = input.lines.get(i + 1).map(String::as_str);
            // A line continued on the next, rejoined: (what, how it was
            // wrapped) for the note.
            let rejoined = wrapped_header(line, next)
                .or_else(|| wrapped_extra(&st, line, next))
                .map(|j| (j, "line", "(a mail's wrapping): rejoined"))
                .or_else(|| {
                    marked_continuation(line, next)
                        .map(|j| (j, "line", "(a `/` at its end, as a person wraps a line): rejoined"))
                })
                .or_else(|| {
                    wrapped_row(&st, line, next).map(|j| (j, "row of line", "(a mail's wrapping): read as one row"))
                });
            if let Some((joined, what, how)) = rejoined {
                out.notes.push((i + 1, format!("stress-ng {what} {} continues on line {} {how}", i + 1, i + 2)));
                skip = Some(i + 1);
                text_line(&mut st, i + 1, &joined, &mut out)?;
                continue;
            }
            text_line(&mut st, i + 1, line, &mut out).map_err(|e| why_not_joined(&st, e, (i + 1, line), next))?;
            if out.version.is_none()
                && let Some(v) =
                    line.trim().strip_prefix("stress-ng-version:").or_else(|| line.split("stress-ng, version ").nth(1))
            {
                out.version = v.split_whitespace().next().map(str::to_string);
            }
        }
        for b in blocks {
            read_yaml(&st, input, b, &mut out)?;
        }
        super::varying::tag_each(&mut out, &st.run_lengths, "timeout");
        untimed_rates(&mut out);
        label_by_markers(input, &mut out);
        // Processes run at once first (each keeps its own `cgroup`/`pid`
        // parameter), then each process's instances become one run.
        concurrent_processes(input, &mut out);
        if !st.slots.is_empty() {
            let mut slots = vec![None; out.samples.len()];
            // How many instances each launch started (its `instances`,
            // from `--stream 4` or `dispatching hogs`): one whose rate line
            // is missing is warned, as netperf's (attack44 F17: the mean
            // of 3 of 4 was only noted).
            let mut started = Vec::new();
            for &(i, slot) in &st.slots {
                slots[i] = Some(slot);
                let n = out.samples[i].params.iter().find(|p| p.name == "instances").and_then(|p| p.value.parse().ok());
                if started.len() <= slot.launch {
                    started.resize(slot.launch + 1, 0);
                }
                started[slot.launch] = started[slot.launch].max(n.unwrap_or(0));
            }
            super::instances::one_run_per_launch(&mut out, &slots, "stress-ng instances", &started);
        }
        copies_are_one_run(input, &mut out);
        drop_failed_stressors(input, &mut out);
        if out.samples.is_empty()
            && let Some((n, note)) = out.notes.iter().find(|n| n.1.contains("it did no work"))
        {
            return Err(ParseError::malformed(*n, "a stressor row of more than 0 bogo ops", note.as_str()));
        }
        if out.samples.is_empty() {
            let fail = out.notes.iter().find(|n| n.1.contains("reported: ")).map(|n| n.0);
            let dropped = out.notes.iter().find(|n| {
                n.1.starts_with("stress-ng reported this run failed")
                    || n.1.starts_with("stress-ng counted this stressor")
            });
            let reason = match (dropped, fail) {
                (Some((_, m)), _) => format!("every row's run failed: {m}"),
                (None, Some(l)) => format!("stress-ng failed (line {l}) and printed no metrics"),
                (None, None) => "no metrics table (`stressor  bogo ops real time …`) or YAML `metrics:`".into(),
            };
            return Err(ParseError::NoResults { benchmark: "stress-ng", reason });
        }
        // A last line cut inside the words after its figure (`… flock
        // 5678.91 nan` for `nanosecs per flock lock call (harmonic mean of
        // 6 instances)`) would file a whole figure under a made-up metric
        // (`nan`, `M`, `%`; attack34 12): stress-ng's metric lines end in
        // a figure or in their `(…)` note, so one ending otherwise, with
        // no line break after it, is left out with the cut warning.
        super::cut::last_line_cut_in_name(input, &mut out, |l| {
            let t = l.trim_end();
            l.contains("stress-ng") && !t.ends_with(')') && !t.ends_with(|c: char| c.is_ascii_digit() || c == '.')
        });
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    fn s_param<'a>(s: &'a crate::model::Sample, name: &str) -> Option<&'a str> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
    }

    /// attack61 (repro sng-unsucc): corpus-modern/stress-ng/01.txt (2021,
    /// the table printed below `[2759] successful run completed`) with
    /// `successful` edited to `unsuccessful` was read whole, no word; now
    /// a note at that line says the rows below are of an unsuccessful run.
    #[test]
    fn an_unsuccessful_run_above_its_table_is_a_note_at_its_line() {
        use crate::parse::{BenchParser, Input};
        let text = "stress-ng: info:  [2759] successful run completed in 247.66s (4 mins, 7.66 secs)\n\
            stress-ng: info:  [2759] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
            stress-ng: info:  [2759]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
            stress-ng: info:  [2759] memrate             218      5.00    116.28      1.78        43.58           1.85\n\
            stress-ng: info:  [2759] memrate         4640.01 write128 MB/sec (average per stressor)\n";
        let clean = StressNg.parse(&Input::from_text(text)).unwrap();
        assert!(clean.notes.iter().all(|n| n.0 != 1), "{:?}", clean.notes);
        let bad = text.replace("] successful", "] unsuccessful");
        let f = StressNg.parse(&Input::from_text(&bad)).unwrap();
        assert_eq!(f.samples.len(), clean.samples.len());
        let note = f.notes.iter().find(|n| n.0 == 1).unwrap_or_else(|| panic!("{:?}", f.notes));
        assert!(note.1.contains("unsuccessful"), "{note:?}");
    }

    /// archive47: the `--cyclic` stressor's latency report (Ankur Arora's
    /// PREEMPT_AUTO patch 26, LKML 2024) was warned of as "a table typed by
    /// hand" and nothing read; each figure is read now, a line of another
    /// shape is a note, and the `sched` line's policy and delay are
    /// parameters.
    #[test]
    fn the_cyclic_stressors_latency_report_is_read() {
        use crate::parse::{BenchParser, Input};
        let text = "stress-ng: info:  [8827] dispatching hogs: 1 cyclic\n\
                    stress-ng: info:  [8828] cyclic: sched SCHED_DEADLINE: 100000 ns delay, 10000 samples\n\
                    stress-ng: info:  [8828] cyclic:   mean: 23829.70 ns, mode: 3317 ns\n\
                    stress-ng: info:  [8828] cyclic:   min: 2688 ns, max: 5701735 ns, std.dev. 123502.57\n\
                    stress-ng: info:  [8828] cyclic: latency percentiles:\n\
                    stress-ng: info:  [8828] cyclic:   99.99%:    5701735 ns\n\
                    stress-ng: info:  [8828] cyclic:   median: about 14 us\n";
        let f = super::StressNg.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(String, f64, usize)> =
            f.samples.iter().map(|s| (s.metric.name.to_string(), s.value.mean(), s.line)).collect();
        assert_eq!(
            got,
            [
                ("latency mean".to_string(), 23829.70, 3),
                ("latency mode".to_string(), 3317.0, 3),
                ("latency min".to_string(), 2688.0, 4),
                ("latency max".to_string(), 5701735.0, 4),
                ("latency std.dev".to_string(), 123502.57, 4),
                ("latency 99.99%".to_string(), 5701735.0, 6),
            ]
        );
        let s = &f.samples[0];
        assert_eq!(s.metric.unit, "ns");
        assert_eq!(s_param(s, "policy"), Some("SCHED_DEADLINE"));
        assert_eq!(s_param(s, "delay"), Some("100000 ns"));
        assert_eq!(s_param(s, "stressor"), Some("cyclic"));
        assert!(f.notes.iter().any(|(n, w)| *n == 7 && w.contains("not read")), "{:?}", f.notes);
    }

    /// wildmod43: stress-ng 0.09's `--stream 4` prints each instance's
    /// memory rate before the table (a Kata VM note): they were dropped
    /// without a word. The four instances ran at once: one run, the mean.
    #[test]
    fn the_stream_stressors_instance_rates_are_one_run() {
        use crate::parse::{BenchParser, Input};
        let text = "stress-ng: info:  [19127] dispatching hogs: 4 stream\n\
                    stress-ng: info:  [19128] stress-ng-stream: Using CPU cache size of 16384K\n\
                    stress-ng: info:  [19128] stress-ng-stream: memory rate: 10455.21 MB/sec, 4182.08 Mflop/sec (instance 0)\n\
                    stress-ng: info:  [19129] stress-ng-stream: memory rate: 10390.62 MB/sec, 4156.25 Mflop/sec (instance 1)\n\
                    stress-ng: info:  [19130] stress-ng-stream: memory rate: 9508.33 MB/sec, 3803.33 Mflop/sec (instance 2)\n\
                    stress-ng: info:  [19131] stress-ng-stream: memory rate: 9189.77 MB/sec, 3675.91 Mflop/sec (instance 3)\n\
                    stress-ng: info:  [19127] stressor       bogo ops real time  usr time  sys time   bogo ops/s   bogo ops/s\n\
                    stress-ng: info:  [19127]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                    stress-ng: info:  [19127] stream            14805     60.01    238.47      0.24       246.69        62.02\n";
        let f = super::StressNg.parse(&Input::from_text(text)).unwrap();
        let rate: Vec<_> = f.samples.iter().filter(|s| s.metric.name == "memory rate (MB/sec)").collect();
        assert_eq!(rate.len(), 1);
        assert_eq!(rate[0].line, 3);
        assert!((rate[0].value.mean() - 9885.9825).abs() < 1e-6);
        assert!(rate[0].params.iter().any(|p| p.name == "instances" && p.value == "4"));
        assert_eq!(f.samples.iter().filter(|s| s.metric.name == "memory rate (Mflop/sec)").count(), 1);
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.starts_with("4 stress-ng instances ran at once")));
        assert!(f.notes.iter().all(|(_, m)| !m.contains("only")), "{:?}", f.notes);
        assert_eq!(f.samples.len(), 8);
        // attack44 F17 (s01): instance 2's line missing: the mean of 3,
        // warned as netperf's missing copy is.
        let cut: String = text.lines().filter(|l| !l.contains("(instance 2)")).map(|l| format!("{l}\n")).collect();
        let f = super::StressNg.parse(&Input::from_text(&cut)).unwrap();
        assert!(
            f.notes
                .iter()
                .any(|(_, m)| m.starts_with("4 stress-ng instances were started at once, but only 3 printed")),
            "{:?}",
            f.notes
        );
    }

    /// What the instance-rate rule must NOT read: other per-instance
    /// lines, a rate without its instance, the later extra metric's form.
    #[test]
    fn other_instance_lines_are_no_instance_rates() {
        use super::instance_rates;
        assert_eq!(instance_rates("stress-ng-stream: Using CPU cache size of 16384K"), None);
        assert_eq!(instance_rates("stress-ng-stream: memory rate: 10455.21 MB/sec, 4182.08 Mflop/sec"), None);
        assert_eq!(instance_rates("stress-ng-vm: child died: signal 9 'SIGKILL' (instance 1)"), None);
        assert_eq!(instance_rates("stream  6548.41 memory rate (MB per sec) (harmonic mean of 4 instances)"), None);
        assert_eq!(instance_rates("stress-ng-stream: memory rate: n/a MB/sec, 4182.08 Mflop/sec (instance 0)"), None);
        assert_eq!(
            instance_rates("stress-ng-stream: memory rate: 10455.21 MB/sec, 4182.08 Mflop/sec (instance 0)"),
            Some(("stream", [10455.21, 4182.08], 0))
        );
    }

    /// attack34 12: a log cut inside the words after its last figure
    /// (`… flock  5678.91 nan`) filed the figure under the metric `nan`.
    #[test]
    fn a_last_line_cut_inside_its_metric_name_is_left_out() {
        use crate::parse::{BenchParser, Input};
        let head = "stress-ng: metrc: [4382] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                    stress-ng: metrc: [4382]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                    stress-ng: metrc: [4382] flock         171659332     60.00     44.80    771.49   2860967.69      210292.23\n\
                    stress-ng: metrc: [4382] miscellaneous metrics:\n";
        let whole = "stress-ng: metrc: [4382] flock               5678.91 nanosecs per flock lock call (harmonic mean of 6 instances)";
        let read = |text: &str| super::StressNg.parse(&Input::from_text(text)).unwrap();
        let f = read(&format!("{head}{whole}\n"));
        assert!(f.samples.iter().any(|s| s.value.mean() == 5678.91));
        let f = read(&format!("{head}{}", &whole[..whole.find(" nan").unwrap() + 4]));
        assert!(!f.samples.iter().any(|s| s.value.mean() == 5678.91), "{:?}", f.samples);
        assert!(f.notes.iter().any(|(l, m)| *l == 5 && m.contains("the file ends mid-line")), "{:?}", f.notes);
        // Whole but for its line break: still read.
        let f = read(&format!("{head}{whole}"));
        assert!(f.samples.iter().any(|s| s.value.mean() == 5678.91));
    }

    #[test]
    fn runs_of_different_lengths_are_apart_by_timeout() {
        let run = |pid: u32, secs: u32, ops: u32| {
            format!(
                "stress-ng: info:  [{pid}] setting to a {secs} second run per stressor\n\
                 stress-ng: info:  [{pid}] dispatching hogs: 48 longjmp\n\
                 stress-ng: info:  [{pid}] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: info:  [{pid}]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                 stress-ng: info:  [{pid}] longjmp        {ops}     {secs}.01   2800.27     17.81    99983.34        2129.42\n"
            )
        };
        let timeout = |text: &str| -> Vec<String> {
            let p = super::StressNg.parse(&super::Input::from_text(text)).unwrap();
            p.samples
                .iter()
                .filter(|s| s.metric.name == "bogo ops")
                .map(|s| s.params.iter().find(|p| p.name == "timeout").map_or("-".into(), |p| p.value.to_string()))
                .collect()
        };
        assert_eq!(timeout(&format!("{}{}", run(1, 60, 6000000), run(2, 10, 1000000))), ["60s", "10s"]);
        // Runs of one length are runs of one set-up, which another file's
        // 10 s runs are not: the length is a parameter here too.
        assert_eq!(timeout(&format!("{}{}", run(1, 60, 6000000), run(2, 60, 6000100))), ["60s", "60s"]);
        // The command line's `--timeout` when stress-ng prints no length
        // (attacker's snA/: LKP's stress-ng/02.txt, 3151 bogo ops in 60 s
        // were compared with 521 in 10 s, "6.04× worse").
        let lkp = |secs: u32, ops: u32| {
            format!(
                "2021-06-03 18:06:32 stress-ng --timeout {secs} --times --verify --metrics-brief --memrate 96
                 stress-ng: info:  [2680] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
                 stress-ng: info:  [2680]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
                 stress-ng: info:  [2680] memrate            {ops}     {secs}.01   5597.27     17.81        52.64           0.56
"
            )
        };
        assert_eq!(timeout(&lkp(60, 3151)), ["60s"]);
        assert_eq!(timeout(&lkp(10, 521)), ["10s"]);
        assert_eq!(timeout(&lkp(60, 3151).replace("--timeout 60 --times", "--times")), ["-"]);
        for (line, want) in [
            ("stress-ng --timeout=1m --cpu 4", Some("60s")),
            ("stress-ng -t 90s --cpu 4", Some("90s")),
            ("sudo /usr/bin/stress-ng --cpu 4 -t 2h", Some("7200s")),
            ("> # stress-ng \"--timeout\" \"100\" \"--times\"", Some("100s")),
            ("stress-ng --timeout --cpu 4", None),
            ("stress-ng --cpu 4", None),
        ] {
            assert_eq!(command_timeout(line).as_deref(), want, "{line}");
        }
        // 0.14's and 0.16's forms of the line (were read as no length:
        // a 1 and a 10 minute run averaged).
        let newer = format!("{}{}", run(1, 60, 6000000), run(2, 600, 60000000))
            .replacen("a 60 second run", "a 1 min, 0.00 secs run", 1)
            .replacen("a 600 second run", "a 600 second (10 mins, 0.00 secs) run", 1);
        assert_eq!(timeout(&newer), ["60s", "600s"]);
        for (line, want) in [
            ("setting to a 30 secs run per stressor", Some("30s")),
            ("setting to a 10 mins, 0 secs run per stressor", Some("600s")),
            ("setting to a 1 hour, 0 mins, 0 secs run per stressor", Some("3600s")),
            ("setting to a 120 second (2 mins, 0.00 secs) run per stressor", Some("120s")),
            ("setting to a 60 second run per stressor", Some("60s")),
            ("setting to a long run per stressor", None),
        ] {
            assert_eq!(run_length(line).as_deref(), want, "{line}");
        }
    }

    use super::*;

    /// attack43 F10: two stress-ng processes whose lines interleave ran at
    /// once: each kept apart (by its `cgroup` where the command and the
    /// job line tell it, else by `pid`), warned; two processes one after
    /// the other stay runs of one set-up, unwarned.
    /// attack45 F4 (sg/k07, k08, k06, k03, k02: their shell lines): a
    /// launch of `&` + foreground copies is decided per launch: one more
    /// sequential run after it stays a run; a script's `… &` ×2 + `wait`
    /// and two `&` + one foreground with one job line shown are one
    /// launch; no job line and no `wait` is warned, read as runs (the
    /// must-not-fire case, with two foreground commands: runs, no word).
    #[test]
    fn copies_decided_per_launch() {
        let block = |pid: u32, ops: u32| {
            format!(
                "stress-ng: info:  [{pid}] dispatching hogs: 4 vm\n\
                 stress-ng: metrc: [{pid}] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: metrc: [{pid}]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                 stress-ng: metrc: [{pid}] vm             {ops}     60.47    158.04      3.66    347825.55      130076.67\n\
                 stress-ng: info:  [{pid}] successful run completed in 1 min, 0.72 secs\n"
            )
        };
        // (value, its parameters), (line, note).
        type Read = (Vec<(f64, String)>, Vec<(usize, String)>);
        let read = |text: &str| -> Read {
            let p = StressNg.parse(&Input::from_text(text)).unwrap();
            let got = p
                .samples
                .iter()
                .filter(|s| s.metric.name == "bogo ops")
                .map(|s| {
                    let params = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>();
                    (s.value.mean(), params.join(" "))
                })
                .collect();
            (got, p.notes)
        };
        let cmd = "stress-ng --vm 4 --metrics -t 60";
        let copies = |got: &[(f64, String)]| got.iter().filter(|g| g.1.contains("copies=")).count();
        // k07: `&` + job line + foreground, then one more run.
        let k07 = format!("# {cmd} &\n[1] 1\n# {cmd}\n{}{}# {cmd}\n{}", block(1, 100), block(2, 200), block(3, 400));
        let (got, _) = read(&k07);
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [150.0, 400.0], "{got:?}");
        assert_eq!(copies(&got), 1, "{got:?}");
        // k06: a script's two `&` lines and `wait`.
        let (got, _) = read(&format!("{cmd} &\n{cmd} &\nwait\n{}{}", block(1, 100), block(2, 200)));
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].1.ends_with("copies=2"), "{got:?}");
        // k03: two `&`, one foreground, one job line shown.
        let (got, _) =
            read(&format!("# {cmd} &\n[1] 1\n# {cmd} &\n# {cmd}\n{}{}{}", block(1, 100), block(2, 200), block(3, 300)));
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].1.ends_with("copies=3"), "{got:?}");
        // k02: no job line, no `wait`: runs, warned.
        let (got, notes) = read(&format!("# {cmd} &\n# {cmd}\n{}{}", block(1, 100), block(2, 200)));
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(notes.iter().any(|(_, m)| m.contains("no job line")), "{notes:?}");
        // Must not fire: two foreground commands (k01): runs, no word.
        let (got, notes) = read(&format!("# {cmd}\n# {cmd}\n{}{}", block(1, 100), block(2, 200)));
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(copies(&got), 0);
        assert!(notes.iter().all(|(_, m)| !m.contains("job line") && !m.contains("at once")), "{notes:?}");
    }

    #[test]
    fn processes_run_at_once_are_kept_apart() {
        let head = |pid: u32| {
            format!(
                "stress-ng: info:  [{pid}] dispatching hogs: 4 vm\n\
                 stress-ng: metrc: [{pid}] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: metrc: [{pid}]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n"
            )
        };
        let row = |pid: u32, ops: u32| {
            format!(
                "stress-ng: metrc: [{pid}] vm             {ops}     60.47    158.04      3.66    347825.55      130076.67\n"
            )
        };
        let done = |pid: u32| format!("stress-ng: info:  [{pid}] successful run completed in 1 min, 0.72 secs\n");
        let read = |text: &str| -> (Vec<String>, Vec<(usize, String)>) {
            let p = StressNg.parse(&Input::from_text(text)).unwrap();
            let got = p
                .samples
                .iter()
                .filter(|s| s.metric.name == "bogo ops")
                .map(|s| s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" "))
                .collect();
            (got, p.notes)
        };
        // One after the other: runs.
        let one_then_other = format!("{}{}{}{}{}{}", head(1), row(1, 100), done(1), head(2), row(2, 200), done(2));
        let (got, notes) = read(&one_then_other);
        assert!(got.iter().all(|g| !g.contains("pid") && !g.contains("cgroup")), "{got:?}");
        assert!(notes.iter().all(|(_, m)| !m.contains("ran at once")), "{notes:?}");
        // Interleaved, no command: by their order (attack44 F7: never by
        // pid, which no other kernel's run shares).
        let at_once = format!("{}{}{}{}{}{}", head(1), head(2), row(2, 200), done(2), row(1, 100), done(1));
        let (got, notes) = read(&at_once);
        assert!(got[0].ends_with("process=2") && got[1].ends_with("process=1"), "{got:?}");
        assert!(notes.iter().any(|(_, m)| m.starts_with("2 stress-ng processes ran at once")), "{notes:?}");
        // The fixture's shape: `cgexec -g A … & cgexec -g B …`, `[1] 1`.
        let cmd = "# cgexec -g memory:low stress-ng --vm 4 \\\n& cgexec -g memory:high stress-ng --vm 4\n[1] 1\n";
        let (got, _) = read(&format!("{cmd}{at_once}"));
        assert!(got[0].ends_with("cgroup=memory:high") && got[1].ends_with("cgroup=memory:low"), "{got:?}");
        // attack44 F7 (sg05): the same command twice in one cgroup, lines
        // interleaved: copies of one launch, ONE run, the mean.
        let cmd = "# cgexec -g memory:low stress-ng --vm 4 & cgexec -g memory:low stress-ng --vm 4\n[1] 1\n";
        let bogo = |text: &str| -> Vec<(f64, String)> {
            let p = StressNg.parse(&Input::from_text(text)).unwrap();
            p.samples
                .iter()
                .filter(|s| s.metric.name == "bogo ops")
                .map(|s| {
                    (
                        s.value.mean(),
                        s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" "),
                    )
                })
                .collect()
        };
        let got = bogo(&format!("{cmd}{at_once}"));
        assert_eq!(got, [(150.0, "stressor=vm instances=4 copies=2".to_string())]);
        // attack44 F6 (sg06): one copy `&` (`[1] 1`), one in the
        // foreground, each process's block after the other's.
        let launch = "root@ubuntu:~# stress-ng --vm 4 -t 60 &\n[1] 1\nroot@ubuntu:~# stress-ng --vm 4 -t 60 > b.log\n";
        let f = StressNg.parse(&Input::from_text(&format!("{launch}{one_then_other}"))).unwrap();
        assert!(f.notes.iter().any(|(_, m)| m.starts_with("2 stress-ng processes ran at once")), "{:?}", f.notes);
        assert_eq!(
            bogo(&format!("{launch}{one_then_other}")),
            [(150.0, "stressor=vm instances=4 timeout=60s copies=2".to_string())]
        );
        // Must not fire: the same commands one after the other (no `&`),
        // or a job line of another pid (`[1] 999`).
        for shape in [
            "root@ubuntu:~# stress-ng --vm 4 -t 60\nroot@ubuntu:~# stress-ng --vm 4 -t 60\n",
            "root@ubuntu:~# stress-ng --vm 4 -t 60 &\n[1] 999\nroot@ubuntu:~# stress-ng --vm 4 -t 60\n",
        ] {
            let got = bogo(&format!("{shape}{one_then_other}"));
            assert_eq!(got.len(), 2, "{shape}: {got:?}");
            assert!(got.iter().all(|g| !g.1.contains("copies") && !g.1.contains("process")), "{got:?}");
        }
    }

    #[test]
    fn prefixes() {
        // LKP's dmesg (kernel test robot, 2024): stress-ng's lines through
        // /dev/kmsg, the kernel's between them.
        assert_eq!(
            strip_prefix("user  :notice: [  109.926459] stress-ng: metrc: [6575] sysfs  160196"),
            ("metrc", "sysfs  160196")
        );
        assert_eq!(strip_prefix("[  109.926459] stress-ng: metrc: [6575] x"), ("metrc", "x"));
        assert_eq!(kernel_log_text("kern  :warn  : [  109.888492] CPU: 84 PID: 1612"), Some("CPU: 84 PID: 1612"));
        assert_eq!(kernel_log_text("[READ], Operations, 496"), None);
        assert_eq!(kernel_log_text("stress-ng: metrc: [6575] sysfs 1"), None);
        assert_eq!(strip_prefix("stress-ng: info:  [2759] memrate  218"), ("info", "memrate  218"));
        assert_eq!(strip_prefix("stress-ng: metrc: [1] x"), ("metrc", "x"));
        assert_eq!(
            strip_prefix("stress-ng: 10:48:33.34 metrc: [1858952] fork  327751790"),
            ("metrc", "fork  327751790")
        );
        assert_eq!(strip_prefix("stress-ng: 10:48 metrc: x"), ("", "10:48 metrc: x"));
        assert_eq!(strip_prefix("stress-ng: cpu 1 2"), ("", "cpu 1 2"));
        assert_eq!(strip_prefix("106 stress-ng: metrc: [1] x"), ("metrc", "x"));
        assert_eq!(strip_prefix("106:stress-ng: metrc: [1] x"), ("metrc", "x"));
        assert_eq!(strip_prefix("106stress-ng: x"), ("", "106stress-ng: x"));
        assert_eq!(annotation("close  1568702  1548  <--- (1)"), Some(("close  1568702  1548", "<--- (1)")));
        assert_eq!(annotation("close  1568702  1548"), None);
        // The arrow is noted on stress-ng's row, not on a line of another
        // program's quoted below it (an LKP commit list, wildmod54).
        let text = "stress-ng: metrc: [6268] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                    stress-ng: metrc: [6268]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                    stress-ng: metrc: [6268] close           1568702     60.08    171.29   9524.58     26108.29         161.79  <--- (1)\n\
                    \n\
                    commit:\n\
                    \x20 9f0124114f  <--- a914bd93f3 + patch\n";
        let f = StressNg.parse(&Input::from_text(text)).unwrap();
        let arrows: Vec<usize> =
            f.notes.iter().filter(|(_, n)| n.contains("poster's annotation")).map(|(l, _)| *l).collect();
        assert_eq!(arrows, [3]);
        let journal = "Jul 28 16:19:31 localhost stress-ng[1310]: stress-ng: metrc: [1310] cpu  3181";
        assert_eq!(strip_prefix(journal), ("metrc", "cpu  3181"));
        let other = "Jul 28 16:58:33 localhost stress-ng[1420]: invoked with '/usr/bin/stress-ng --cpu 4'";
        assert_eq!(strip_prefix(other).0, "");
        assert_eq!(strip_prefix("ramfs  735238"), ("", "ramfs  735238"));
    }

    #[test]
    fn extra_metrics() {
        let m = extra_metric(
            strip_averaging("5678.91 nanosecs per flock lock call (harmonic mean of 6 instances)")[8..].trim(),
        );
        assert_eq!(
            (m.name.as_str(), m.unit.as_str(), m.better),
            ("nanosecs per flock lock call", "nanosecs", Better::Lower)
        );
        assert_eq!(statistic_named("write64 MB per sec (geometic mean)"), Some("geometric mean"));
        assert_eq!(statistic_named("sendto calls per sec (geometric mean of 128 instances)"), Some("geometric mean"));
        assert_eq!(
            statistic_named("nanosecs per flock lock call (harmonic mean of 6 instances)"),
            Some("harmonic mean")
        );
        assert_eq!(statistic_named("write128 MB/sec (average per stressor)"), None);
        assert_eq!(statistic_named("memory rate (MB per sec)"), None);
        let m = extra_metric(strip_averaging("write128 MB/sec (average per stressor)"));
        assert_eq!((m.name.as_str(), m.unit.as_str(), m.better), ("write128 MB/sec", "MB/sec", Better::Higher));
        let m = extra_metric(strip_averaging("memory rate (MB per sec) (average per stressor)"));
        assert_eq!(
            (m.name.as_str(), m.unit.as_str(), m.better),
            ("memory rate (MB per sec)", "MB per sec", Better::Higher)
        );
        let m = extra_metric("% sendto calls succeeded");
        assert_eq!((m.unit.as_str(), m.better), ("%", Better::Higher));
        assert_eq!(extra_metric("context switches per bogo op").better, Better::Neither);
        assert_eq!(extra_metric("nanosecs-per-context-switch-pipe-method").better, Better::Lower);
    }

    /// newcomer43 N5: an extra metric keeps the step it was printed to
    /// (`1510.90`: 0.01, not the 0.1 read back from 1510.9), so its page
    /// shows `1510.90` and "not tested" uses 0.01; `1510.9` printed so
    /// is 0.1 (must not fire: no decimal is made up).
    #[test]
    fn an_extra_metric_keeps_its_printed_step() {
        let t = |v: &str| {
            format!(
                "stress-ng: info:  [2680] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: info:  [2680]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                 stress-ng: info:  [2680] memrate            3159     60.01   5597.27     17.81        52.64           0.56\n\
                 stress-ng: info:  [2680] memrate         {v} write8 MB/sec (average per stressor)\n"
            )
        };
        for (v, step) in [("1510.90", 0.01), ("1510.9", 0.1), ("1510", 1.0)] {
            let f = StressNg.parse(&Input::from_text(&t(v))).unwrap();
            let s = f.samples.iter().find(|s| s.metric.name == "write8 MB/sec").expect("write8");
            assert_eq!(s.step, Some(step), "{v}");
        }
    }

    #[test]
    fn table_rows_and_damage() {
        let t = "stress-ng --cpu 4 --metrics-brief\nstress-ng: info:  [1] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: info:  [1]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                 stress-ng: info:  [1] cpu                1320      2.00      1.99      0.00       660.00         663.32\n";
        let f = StressNg.parse(&Input::from_text(t)).unwrap();
        assert_eq!(f.samples.len(), 6);
        assert_eq!(f.samples[4].metric.name, "bogo ops/s (real time)");
        assert_eq!(f.samples[4].value.mean(), 660.0);
        let p: Vec<String> = f.samples[0].params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        assert_eq!(p, vec!["stressor=cpu", "instances=4"]);
        let cut = t.replace("660.00         663.32", "660.00");
        assert_eq!(StressNg.parse(&Input::from_text(&cut)).unwrap_err().line(), Some(4));
        let bad = t.replace("660.00", "66O.00");
        assert_eq!(StressNg.parse(&Input::from_text(&bad)).unwrap_err().line(), Some(4));
    }

    /// attack40 F15 (y/sn05, the ktest 2023 run edited to `--all 4`):
    /// `fsize (1)` skipped of 4 instances leaves 3 that ran: its row is
    /// read, with a note; `fsize (4)` of 4, or a count with no instances
    /// known (the test above), still drops it.
    #[test]
    fn a_stressor_some_of_whose_instances_were_skipped_is_read_with_a_note() {
        let run = |skipped: &str| {
            format!(
                "00285 stress-ng: debug: [7064] invoked with 'stress-ng -v -t 60 --class filesystem --all 4' by user 0 'root'\n\
                 stress-ng: metrc: [7064] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: metrc: [7064]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                 stress-ng: metrc: [7064] chdir             10      0.06      0.00      0.01         0.00           0.00\n\
                 stress-ng: metrc: [7064] fsize               751     11.72      0.03      2.30        64.09         322.55\n\
                 stress-ng: info:  [7064] {skipped}\n\
                 stress-ng: info:  [7064] successful run completed in 62.21s\n"
            )
        };
        let f = StressNg.parse(&Input::from_text(&run("skipped: 1: fsize (1)"))).unwrap();
        let fsize: Vec<&Sample> = f.samples.iter().filter(|s| s.params.iter().any(|p| p.value == "fsize")).collect();
        assert!(!fsize.is_empty(), "{:?}", f.samples);
        assert!(
            f.notes
                .iter()
                .any(|n| n.0 == 5 && n.1.contains("1 of this stressor's 4 instances") && n.1.contains("3 that ran")),
            "{:?}",
            f.notes
        );
        let all = StressNg.parse(&Input::from_text(&run("skipped: 4: fsize (4)"))).unwrap();
        assert!(all.samples.iter().all(|s| !s.params.iter().any(|p| p.value == "fsize")), "{:?}", all.samples);
        assert!(all.notes.iter().any(|n| n.0 == 5 && n.1.contains("counted this stressor as skipped")));
    }

    /// attack41 F22 (y/sn03, the ktest run edited to `--all 4 --fsize 2`
    /// over its own `(geometric mean of 1 instances)`): the count the
    /// file prints is taken, not the option's, so `fsize (1)` of 1 is
    /// no result, and the warning names both counts; `--fsize 2` beats
    /// `--all 4`. Must not fire: no printed count (the option's 4 stays),
    /// or a printed count equal to the option's.
    #[test]
    fn a_skipped_stressor_takes_the_instance_count_the_file_prints() {
        let run = |cmd: &str, extra: &str, skipped: &str| {
            format!(
                "00285 stress-ng: debug: [7064] invoked with 'stress-ng -v -t 60 --class filesystem {cmd}' by user 0 'root'\n\
                 stress-ng: metrc: [7064] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: metrc: [7064]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                 stress-ng: metrc: [7064] chdir             10      0.06      0.00      0.01         0.00           0.00\n\
                 stress-ng: metrc: [7064] fsize               751     11.72      0.03      2.30        64.09         322.55\n\
                 stress-ng: metrc: [7064] miscellaneous metrics:\n\
                 stress-ng: metrc: [7064] fsize               4103.66 SIGXFSZ signals per sec (geometric mean of {extra} instances)\n\
                 stress-ng: info:  [7064] {skipped}\n\
                 stress-ng: info:  [7064] successful run completed in 62.21s\n"
            )
        };
        let has_fsize = |f: &ParsedFile| f.samples.iter().any(|s| s.params.iter().any(|p| p.value == "fsize"));
        for cmd in ["--all 4", "--all 4 --fsize 2"] {
            let f = StressNg.parse(&Input::from_text(&run(cmd, "1", "skipped: 1: fsize (1)"))).unwrap();
            assert!(!has_fsize(&f), "{cmd}: {:?}", f.samples);
            let asked = if cmd.contains("fsize") { 2 } else { 4 };
            let want = format!("the command line asks {asked} instances but stress-ng's line 7 says 1");
            assert!(
                f.notes
                    .iter()
                    .any(|n| n.0 == 5 && n.1.contains("counted this stressor as skipped") && n.1.contains(&want)),
                "{cmd}: {:?}",
                f.notes
            );
            assert!(f.notes.iter().all(|n| !n.1.contains("that ran")), "{:?}", f.notes);
        }
        // The file's own 2 of `--all 4 --fsize 2`: 1 of 2 ran, read.
        let f = StressNg.parse(&Input::from_text(&run("--all 4 --fsize 2", "2", "skipped: 1: fsize (1)"))).unwrap();
        assert!(has_fsize(&f));
        assert!(
            f.notes
                .iter()
                .any(|n| n.0 == 5 && n.1.contains("1 of this stressor's 2 instances") && !n.1.contains("asks")),
            "{:?}",
            f.notes
        );
        // Printed 4 as asked: 3 that ran, no word of the command line.
        let f = StressNg.parse(&Input::from_text(&run("--all 4", "4", "skipped: 1: fsize (1)"))).unwrap();
        assert!(has_fsize(&f));
        assert!(
            f.notes.iter().any(|n| n.0 == 5 && n.1.contains("3 that ran") && !n.1.contains("asks")),
            "{:?}",
            f.notes
        );
    }

    /// ktest 2023 (stress-ng 0.15.08, `--class filesystem`): a stressor
    /// of 0 bogo ops has its extra metrics left out too; one `skipped:`
    /// names loses its row and extra metrics of that run, not another
    /// run's (another pid), and `skipped: 0` names none.
    #[test]
    fn skipped_and_idle_stressors_lose_their_rows_and_extra_metrics() {
        let run = |pid: &str, skipped: &str| {
            format!(
                "stress-ng: metrc: [{pid}] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: metrc: [{pid}]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n\
                 stress-ng: metrc: [{pid}] binderfs              0      0.06      0.00      0.01         0.00           0.00\n\
                 stress-ng: metrc: [{pid}] fsize               751     11.72      0.03      2.30        64.09         322.55\n\
                 stress-ng: metrc: [{pid}] miscellaneous metrics:\n\
                 stress-ng: metrc: [{pid}] binderfs               0.00 microsecs per mount (geometric mean of 1 instances)\n\
                 stress-ng: metrc: [{pid}] fsize               4103.66 SIGXFSZ signals per sec (geometric mean of 1 instances)\n\
                 stress-ng: info:  [{pid}] {skipped}\n\
                 stress-ng: info:  [{pid}] successful run completed in 62.21s\n"
            )
        };
        let t = run("7064", "skipped: 3: binderfs (1) fsize (1) verity (1)");
        assert!(StressNg.parse(&Input::from_text(&t)).is_err());
        let worked = run("7064", "skipped: 1: fsize (1)").replace("binderfs              0", "binderfs             10");
        let e = StressNg.parse(&Input::from_text(&worked)).unwrap();
        assert!(e.samples.iter().all(|s| s.line == 3 || s.line == 6));
        let t = format!("{}{}", run("1", "skipped: 0"), run("2", "skipped: 1: fsize (1)"));
        let f = StressNg.parse(&Input::from_text(&t)).unwrap();
        let lines: Vec<usize> = f.samples.iter().map(|s| s.line).collect();
        assert!(lines.iter().all(|&l| l == 4 || l == 7), "{lines:?}");
        assert!(lines.contains(&4) && lines.contains(&7));
        assert!(f.notes.iter().any(|n| n.0 == 6 && n.1.contains("did no work")));
        assert!(f.notes.iter().any(|n| n.0 == 13 && n.1.contains("skipped (line 17")));
        assert!(f.notes.iter().any(|n| n.0 == 16 && n.1.contains("skipped (line 17")));
    }

    #[test]
    fn yaml_report() {
        let y = "---\nsystem-info:\n      stress-ng-version: 0.09.23\nmetrics:\n    - stressor: matrix\n      bogo-ops: 47382\n      bogo-ops-per-second-usr-sys-time: 4747.695391\n      bogo-ops-per-second-real-time: 4737.958375\n      nanosecs-per-op: 12.5\n...\n";
        let f = StressNg.parse(&Input::from_text(y)).unwrap();
        let got: Vec<(String, f64, usize)> =
            f.samples.iter().map(|s| (s.metric.name.to_string(), s.value.mean(), s.line)).collect();
        assert_eq!(
            got,
            vec![
                ("bogo ops".into(), 47382.0, 6),
                ("bogo ops/s (usr+sys time)".into(), 4747.695391, 7),
                ("bogo ops/s (real time)".into(), 4737.958375, 8),
                ("nanosecs-per-op".into(), 12.5, 9),
            ]
        );
        assert_eq!(f.version.as_deref(), Some("0.09.23"));
    }

    #[test]
    fn a_yaml_report_cut_mid_key_is_an_error_at_its_last_line_not_a_panic() {
        let y = "---\nmetrics:\n    - stressor: matrix\n      bogo-ops: 47382\n      bogo-ops-per-second";
        let err = StressNg.parse(&Input::from_text(y)).unwrap_err();
        assert_eq!(err.line(), Some(5));
    }

    /// The last figure cut inside its number (`9.96` of `9.960000`, `9` of
    /// it, `47` of a count cannot be told) is an error at its line.
    /// attack61 (repro sng-yaml-trunc, -trunc2): the wca-parser
    /// docstring's stress-ng 0.10.08 YAML report cut after a whole line
    /// inside its last stressor (no `...`) was read with no word; now a
    /// note at the last line names the keys missing.
    #[test]
    fn a_yaml_report_cut_between_lines_of_its_last_stressor_is_a_note() {
        use crate::parse::{BenchParser, Input};
        let text = "---\nmetrics:\n    - stressor: stream\n      bogo-ops: 2623\n      \
                    bogo-ops-per-second-usr-sys-time: 52.544071\n      bogo-ops-per-second-real-time: 262.179501\n      \
                    wall-clock-time: 10.004596\n      user-time: 49.820000\n      system-time: 0.100000\n...\n";
        let clean = StressNg.parse(&Input::from_text(text)).unwrap();
        assert!(clean.notes.iter().all(|n| !n.1.contains("cut")), "{:?}", clean.notes);
        let cut = text.replace("      system-time: 0.100000\n...\n", "");
        let f = StressNg.parse(&Input::from_text(&cut)).unwrap();
        assert_eq!(f.samples.len(), clean.samples.len() - 1);
        let note = f.notes.iter().find(|n| n.0 == 8).unwrap_or_else(|| panic!("{:?}", f.notes));
        assert!(note.1.contains("`system-time`") && note.1.contains("cut short"), "{note:?}");
        // Whole, but the poster left out the `...`: no note.
        let f = StressNg.parse(&Input::from_text(&text.replace("...\n", ""))).unwrap();
        assert!(f.notes.iter().all(|n| !n.1.contains("cut")), "{:?}", f.notes);
    }

    #[test]
    fn a_yaml_report_cut_mid_number_is_an_error_at_its_line() {
        let head = "---\nmetrics:\n    - stressor: matrix\n      bogo-ops: 47382\n";
        for cut in ["      user-time: 9.96", "      user-time: 9", "      bogo-ops-per-second-real-time: 4737.9"] {
            let err = StressNg.parse(&Input::from_text(&format!("{head}{cut}"))).unwrap_err();
            assert_eq!(err.line(), Some(5), "{cut}");
            assert!(err.to_string().contains("cut short"), "{err}");
        }
        let whole = StressNg.parse(&Input::from_text(&format!("{head}      user-time: 9.960000\n"))).unwrap();
        assert_eq!(whole.samples.len(), 2);
    }

    /// A row a mail wrapped at 72 columns: its last figures alone on the
    /// next line (LKML 2020, a `format=flowed` reply).
    #[test]
    fn a_wrapped_header_tells_the_columns_of_a_wrapped_row() {
        // wild28: stress-ng 0.17.07 --metrics in a Gmail mail, 8 figure
        // columns, both header lines, the row and the extra metrics wrapped.
        let t = "stress-ng: metrc: [230] stressor       bogo ops real time  usr time\n\
                 sys time   bogo ops/s     bogo ops/s CPU used per       RSS Max\n\
                 stress-ng: metrc: [230]                           (secs)    (secs)\n\
                 (secs)   (real time) (usr+sys time) instance (%)          (KB)\n\
                 stress-ng: metrc: [230] hdd               10839     61.51      2.14\n\
                 \x2094.28       176.20         112.41        39.19          2124\n\
                 stress-ng: metrc: [230] miscellaneous metrics:\n\
                 stress-ng: metrc: [230] hdd                    2.96 MB/sec read/write\n\
                 combined rate (harmonic mean of 4 instances)\n";
        let f = StressNg.parse(&Input::from_text(t)).unwrap();
        let got: Vec<(&str, f64, usize)> =
            f.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean(), s.line)).collect();
        assert_eq!(got.len(), 9, "{got:?}");
        assert_eq!(got[7], ("RSS Max", 2124.0, 5));
        assert_eq!(got[8], ("MB/sec read/write combined rate (harmonic mean)", 2.96, 8));
        // A row whose two halves are not the header's columns is an error
        // at its line that says so.
        let bad = t.replace("39.19          2124", "39.19");
        let e = StressNg.parse(&Input::from_text(&bad)).unwrap_err();
        assert_eq!(e.line(), Some(5));
        assert!(e.to_string().contains("3 and 4 figures are not the header's 8"), "{e}");
    }

    #[test]
    fn a_row_wrapped_onto_the_next_line_is_one_row() {
        let t = "stress-ng: info:  [2765] stressor       bogo ops real time  usr time  \nsys time   bogo ops/s   bogo ops/s\n\
                 stress-ng: info:  [2765] tmpfs               363    103.02 622.07   \n7289.85         3.52         0.05\n\
                 stress-ng: info:  [2765] for a 104.67s run time:\n";
        let f = StressNg.parse(&Input::from_text(t)).unwrap();
        let got: Vec<(f64, usize)> = f.samples.iter().map(|s| (s.value.mean(), s.line)).collect();
        assert_eq!(got, vec![(363.0, 3), (103.02, 3), (622.07, 3), (7289.85, 3), (3.52, 3), (0.05, 3)]);
        assert!(f.notes.iter().any(|n| n.0 == 3 && n.1.contains("continues on line 4")), "{:?}", f.notes);
        // A bare line of one figure too many is not the row's end.
        let long = t.replace("3.52         0.05", "3.52         0.05 9");
        assert_eq!(StressNg.parse(&Input::from_text(&long)).unwrap_err().line(), Some(3));
    }

    #[test]
    fn thermal_zone_lines_are_not_extra_metrics() {
        let t = "stress-ng: info:  [1] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 stress-ng: info:  [1] cpu                1320      2.00      1.99      0.00       660.00         663.32\n\
                 stress-ng: info:  [1] cpu:\n\
                 stress-ng: info:  [1]    x86_pkg_temp   45.00 C (318.15 K)\n";
        let f = StressNg.parse(&Input::from_text(t)).unwrap();
        assert_eq!(f.samples.len(), 6);
        assert!(f.notes.iter().any(|n| n.0 == 4), "{:?}", f.notes);
    }

    #[test]
    fn prose_after_a_bare_table_is_a_note() {
        let t = "stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n\
                 ramfs            735238     60.00     12.37    363.70     12253.05        1955.08\n\
                 ramfs 9 60 seconds each\n";
        let f = StressNg.parse(&Input::from_text(t)).unwrap();
        assert_eq!(f.samples.len(), 6);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 3);
    }

    /// Read for correctness only: a quadratic read of this size takes
    /// minutes; the time is measured by `cargo bench --bench parse --
    /// large_inputs`, never asserted by a test.
    #[test]
    fn many_rows_and_yaml_items_read_in_linear_time() {
        let mut t = String::from(
            "stress-ng: info:  [1] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n",
        );
        for i in 0..20_000 {
            t.push_str(&format!("stress-ng: info:  [1] s{i}   1  2.00  1.99  0.00  660.00  663.32\n"));
        }
        t.push_str("metrics:\n");
        for i in 0..20_000 {
            t.push_str(&format!("    - stressor: y{i}\n      bogo-ops: 5\n"));
        }
        let f = StressNg.parse(&Input::from_text(&t)).unwrap();
        assert_eq!(f.samples.len(), 140_000);
        assert_eq!(f.samples[139_999].line, 60_002);
    }

    #[test]
    fn failure_only_has_no_results() {
        let t = "2021-11-01 20:03:36 stress-ng --timeout 60 --vm-rw 9\nstress-ng: fail:  [5778] stress-ng: sigaction signal 6 'SIGABRT': errno=22 (Invalid argument)\n";
        let i = Input::from_text(t);
        assert!(StressNg.detect(&i) > 0);
        assert!(matches!(StressNg.parse(&i), Err(ParseError::NoResults { .. })));
    }
}
