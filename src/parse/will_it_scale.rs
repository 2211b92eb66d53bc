//! will-it-scale (Anton Blanchard's scalability tests) as `runtest.py`
//! prints it, with or without LKP's timestamped command line.
//!
//! `runtest.py TEST [DURATION MODE TASKS…]` runs one test at a growing
//! number of tasks and prints one CSV row per task count:
//!
//! ```text
//! 2020-01-31 08:12:43 python2 ./runtest.py mmap2 295 process 104
//! tasks,processes,processes_idle,threads,threads_idle,linear
//! 0,0,100,0,100,0
//! 104,1200363,0.04,0,0.00,0
//! ```
//!
//! `processes` and `threads` are the operations per second summed over the
//! copies of the test run as processes or as threads; `processes_idle` and
//! `threads_idle` the machine's idle time meanwhile, in percent; `linear`
//! is the first row's result times the task count, a figure derived from
//! the others, and is not read. The first row, `0,0,100,0,100,0`, is the
//! idle machine before the test: no result (an info note says so).
//!
//! Metrics (group empty):
//!
//! | name   | unit  | better  |
//! |--------|-------|---------|
//! | `ops`  | ops/s | Higher  |
//! | `idle` | %     | Neither |
//!
//! Parameters: `test` (the command line's first argument, when a command
//! line is above the table), `mode` (`process` for the `processes` and
//! `processes_idle` columns, `thread` for the others, as runtest.py's mode
//! argument spells them) and `tasks`, so that a file gives a scaling
//! series over tasks for each mode.
//!
//! A mode that was not run prints zeros: when the command line's mode is
//! `process` or `thread`, the other mode's columns are not read; without a
//! mode on the command line (runtest.py's default runs both) a mode whose
//! ops and idle are both 0 is not read either.
//!
//! Posts annotate rows (`1,729990,95.68,725437,95.66,725437 (Single
//! process)`, `… (-8.63%)`) and elide them (`...`): the row's figures are
//! read and a note names the text after them. A row with a cell that is no
//! number, or with fewer than six cells, is an error at its line.
//!
//! A poster may leave out the header of a second table (`With Hinting:` /
//! `0,0,100,0,100,0` / …, linux-mm 2019): the idle baseline row outside a
//! table starts one, read with runtest.py's columns (they never change).
//!
//! Set-ups: posts introduce each table with a phrase; one ending in `:`
//! or a kernel's name is found by [`super::labels`], but one ending in a
//! comma (`Before commit a983b5ebee57,` / `After commit,` / `This patch
//! could fix the performance regression,` above `#./runtest.py
//! page_fault3`) is read here, and so is a title between two dashes (`--
//! baseline --` / `-- modified rh patchset --`, linux-mm 2019): when the
//! file's tables are under two or more such phrases, each sample gets its
//! table's as a `label` parameter,
//! so that set-ups are not averaged as runs. A table under none, or under
//! the same one as the table before, has no label of its own.
//!
//! A test's own binary (`./mmap1_processes -t 96 -s 5`) prints a second
//! a line, the warm-up's then the measurement's, and with `-s` their mean:
//!
//! ```text
//! testcase:Anonymous memory mmap/munmap of 128MB
//! warmup
//! min:9032 max:16299 total:1203113
//! measurement
//! min:7864 max:13726 total:1005918
//! average:1008730
//! ```
//!
//! Each measurement line's `total` (operations in that second, summed over
//! the tasks) is one sample of `ops`, the seconds runs of one set-up; its
//! `min` and `max` (the slowest and fastest task) and the warm-up lines
//! are not read, and neither is `average:` (the mean of the lines above)
//! unless the file shows no measurement line (a post's `...`): then it is
//! read as one value, with a note. Parameters from the binary's command
//! line: `test` and `mode` from its name (`mmap1`, `process`), `tasks`
//! from `-t` (1 without it).
//!
//! LKP's `stats.json` of a will-it-scale job (a poster's "raw data",
//! linux-mm 2026) holds the same figures as JSON keys, one per task count
//! and mode, beside LKP's own (`time.*`, `will-it-scale.time.*`):
//!
//! ```text
//! {
//!   "will-it-scale.64.processes": 15645502,
//!   "will-it-scale.64.processes_idle": 66.75,
//!   "will-it-scale.per_process_ops": 224832,
//!   "will-it-scale.workload": 83990194
//! }
//! ```
//!
//! `will-it-scale.N.processes` / `.threads` are read as `ops` and
//! `…_idle` as `idle` with `mode` and `tasks` = N (and `test` from a
//! `runtest.py` command line above), each at its key's line; a mean of
//! several iterations (`38223543.333333336`) is read as it is.
//! `per_process_ops` / `per_thread_ops` (the mean over the task counts of
//! ops per task) and `workload` (their sum) are derived from those, and
//! the `time.*` figures are the harness's: none is read (a note says so).
//!
//! A test that fails prints its assertion
//! (`context_switch1_threads: tests/context_switch1.c:33: child: Assertion
//! `ret == 1' failed.`) and no table: such a file is recognised, and reading
//! it is [`ParseError::NoResults`] naming the failure.

use super::cmdline::args_of;
use super::json_docs::json_documents;
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// will-it-scale; registry id `"will-it-scale"`.
pub struct WillItScale;

/// The CSV header runtest.py prints.
const HEADER: &str = "tasks,processes,processes_idle,threads,threads_idle,linear";

/// The idle baseline row runtest.py prints first under its header.
const BASELINE: &str = "0,0,100,0,100,0";

/// A failing test's assertion: `context_switch1_threads:
/// tests/context_switch1.c:33: child: Assertion …` → the test's name with
/// its mode suffix.
fn assertion(line: &str) -> Option<&str> {
    let (who, rest) = line.split_once(": tests/")?;
    let test = who.strip_suffix("_threads").or_else(|| who.strip_suffix("_processes"))?;
    (rest.starts_with(test) && rest.contains(".c:") && line.contains("Assertion")).then_some(who)
}

/// A test binary's command line: `./mmap1_processes -t 96 -s 5` (after a
/// prompt, `# ./stat2_processes -t 60`) → (test, mode, tasks). The binary
/// is written with its `./` or opens the line.
fn binary_command(line: &str) -> Option<(String, &'static str, u64)> {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let (i, name) = toks.iter().enumerate().find_map(|(i, t)| {
        let bare = t.trim_start_matches(['#', '$']);
        (bare.starts_with("./") || (i == 0 && !bare.is_empty()) || (i == 1 && matches!(toks[0], "#" | "$")))
            .then(|| (i, super::cmdline::base(bare)))
            .filter(|(_, b)| b.ends_with("_processes") || b.ends_with("_threads"))
    })?;
    let (test, mode) = match name.strip_suffix("_processes") {
        Some(t) => (t, "process"),
        None => (name.strip_suffix("_threads")?, "thread"),
    };
    if test.is_empty() || !test.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let args = &toks[i + 1..];
    let tasks = match args.iter().position(|a| *a == "-t") {
        Some(k) => args.get(k + 1)?.parse().ok()?,
        None => 1,
    };
    Some((test.to_string(), mode, tasks))
}

/// A test binary's line for a second: `min:7864 max:13726 total:1005918`
/// → its total.
fn second_total(t: &str) -> Option<f64> {
    let rest = t.strip_prefix("min:")?;
    let (min, rest) = rest.split_once(" max:")?;
    let (max, total) = rest.split_once(" total:")?;
    plain(min)?;
    plain(max)?;
    plain(total)
}

/// The note on a binary's second read under no `warmup` or `measurement` line.
const NO_PHASE: &str =
    "a will-it-scale second of no known phase (warm-up or measurement: the lines above it were left out): not read";

/// What the test binary's lines being read are.
#[derive(Clone, Copy, PartialEq)]
enum Phase {
    /// Before any `warmup` / `measurement` line (or after a `...`).
    Unknown,
    Warmup,
    Measurement,
}

/// What the latest command line above a table said: test and mode.
#[derive(Default, Clone)]
struct Run {
    test: Option<String>,
    mode: Option<String>,
}

/// `runtest.py TEST [DURATION MODE …]`: the test, and the mode when one of
/// runtest.py's modes is among the arguments.
fn command(line: &str) -> Option<Run> {
    let args = args_of(line, "runtest.py")?;
    let test = args.first().filter(|t| !t.starts_with('-'))?.to_string();
    let mode = args.iter().find(|a| matches!(**a, "process" | "thread" | "both")).map(|m| m.to_string());
    Some(Run { test: Some(test), mode })
}

/// One row: tasks, the (ops, idle) of the process and thread modes, and
/// the text after the row (`(Single process)`).
type Row<'a> = (u64, [(f64, f64); 2], &'a str);

/// One row's cells (see [`Row`]), or an error naming the line.
fn row(n: usize, line: &str) -> Result<Row<'_>, ParseError> {
    let cells: Vec<&str> = line.trim().splitn(6, ',').collect();
    let bad = || ParseError::malformed(n, "a will-it-scale row: tasks and five numbers, comma-separated", line);
    if cells.len() < 6 {
        return Err(bad());
    }
    // The last cell is `linear`, perhaps followed by a post's annotation.
    let last = cells[5].trim_start();
    let end = last.find(|c: char| c.is_whitespace()).unwrap_or(last.len());
    let tail = last[end..].trim();
    if plain(&last[..end]).is_none() {
        return Err(bad());
    }
    let tasks = cells[0].trim().parse::<u64>().map_err(|_| bad())?;
    let num = |i: usize| plain(cells[i]).ok_or_else(bad);
    Ok((tasks, [(num(1)?, num(2)?), (num(3)?, num(4)?)], tail))
}

/// The prefix of every will-it-scale key in LKP's `stats.json`.
const STATS_PREFIX: &str = "will-it-scale.";

/// A `stats.json` key of a task count's figure: `will-it-scale.64.processes`
/// → (64, `process`, false), `will-it-scale.8.threads_idle` → (8, `thread`,
/// true); any other key (`will-it-scale.per_process_ops`,
/// `will-it-scale.time.elapsed_time`) → `None`.
fn stats_key(key: &str) -> Option<(u64, &'static str, bool)> {
    let (n, what) = key.strip_prefix(STATS_PREFIX)?.split_once('.')?;
    let tasks = n.parse::<u64>().ok().filter(|t| *t > 0)?;
    match what {
        "processes" => Some((tasks, "process", false)),
        "processes_idle" => Some((tasks, "process", true)),
        "threads" => Some((tasks, "thread", false)),
        "threads_idle" => Some((tasks, "thread", true)),
        _ => None,
    }
}

/// A line opening with a task count's `stats.json` key (`  "will-it-scale.64.processes": 15645502,`).
fn is_stats_line(line: &str) -> bool {
    let t = line.trim_start();
    t.strip_prefix('"').and_then(|k| k.split_once('"')).is_some_and(|(k, _)| stats_key(k).is_some())
}

/// The samples of LKP `stats.json` documents (see the module docs), with
/// notes naming the derived figures not read.
fn stats_samples(input: &Input, out: &mut ParsedFile) -> Result<(), ParseError> {
    let is_ours = |v: &serde_json::Value| v.as_object().is_some_and(|o| o.keys().any(|k| stats_key(k).is_some()));
    let names_ours = |inp: &Input, i: usize| inp.lines.iter().skip(i).take(64).any(|l| is_stats_line(l));
    for doc in json_documents(input, is_ours, names_ours, "LKP stats.json of will-it-scale")? {
        let Some(obj) = doc.value.as_object() else { continue };
        // The test, from the latest runtest.py command line above.
        let test = input.lines[..doc.first - 1].iter().rev().find_map(|l| command(l.trim())).and_then(|r| r.test);
        // A key's line: the first of the document's lines holding it.
        let line_of = |key: &str| {
            let quoted = format!("\"{key}\"");
            (doc.first..=doc.last).find(|&n| input.lines[n - 1].contains(&quoted)).unwrap_or(doc.first)
        };
        let (mut derived, mut samples) = (Vec::new(), Vec::new());
        for (key, v) in obj {
            // LKP's matrix.json form: a task count's figure as an array,
            // one value per run (attack43 F8's j01: the arrays were
            // skipped without a word, only the idle figures read). Each
            // value is a run of its key; anything else under the key is
            // said, not read.
            let values: Vec<f64> = match v {
                serde_json::Value::Array(a) if stats_key(key).is_some() => {
                    let nums: Vec<f64> = a.iter().filter_map(serde_json::Value::as_f64).collect();
                    if nums.len() != a.len() || nums.is_empty() {
                        out.notes.push((
                            line_of(key),
                            format!("LKP's `{key}` is an array that is not all numbers: not read"),
                        ));
                        continue;
                    }
                    if nums.len() > 1 {
                        out.notes.push((
                            line_of(key),
                            format!(
                                "LKP's `{key}` is an array of {} values (matrix.json's form, one per run): each read \
                                 as a run",
                                nums.len()
                            ),
                        ));
                    }
                    nums
                }
                _ => match v.as_f64() {
                    Some(x) => vec![x],
                    None => continue,
                },
            };
            let Some((tasks, mode, idle)) = stats_key(key) else {
                if matches!(key.strip_prefix(STATS_PREFIX), Some("per_process_ops" | "per_thread_ops" | "workload")) {
                    derived.push(key.as_str());
                }
                continue;
            };
            let metric = if idle {
                Metric::new("idle", "%", Better::Neither)
            } else {
                Metric::new("ops", "ops/s", Better::Higher)
            };
            for v in values {
                let mut s = Sample::new(metric.clone(), v, line_of(key));
                if let Some(t) = &test {
                    s = s.with_param("test", t);
                }
                samples.push(s.with_param("mode", mode).with_param("tasks", tasks));
            }
        }
        // serde_json's map is in key order; the file's is the reader's.
        samples.sort_by_key(|s| s.line);
        out.samples.extend(samples);
        derived.sort_by_key(|k| line_of(k));
        for key in derived {
            out.notes.push((
                line_of(key),
                format!(
                    "LKP's `{key}` is derived from the task counts' figures (a mean per task, or their sum): not read"
                ),
            ));
        }
        if obj.keys().any(|k| k.starts_with("time.") || k.starts_with("will-it-scale.time.")) {
            out.notes.push((doc.first, "LKP stats.json: its `time.*` figures (the harness's) are not read".into()));
        }
    }
    Ok(())
}

/// The samples of one row (see the module docs for which modes are read).
fn row_samples(n: usize, run: &Run, tasks: u64, modes: [(f64, f64); 2]) -> Vec<Sample> {
    let mut out = Vec::new();
    for ((ops, idle), mode) in modes.into_iter().zip(["process", "thread"]) {
        let skipped = match run.mode.as_deref() {
            Some("process") => mode == "thread",
            Some("thread") => mode == "process",
            _ => ops == 0.0 && idle == 0.0,
        };
        if skipped {
            continue;
        }
        for (metric, v) in
            [(Metric::new("ops", "ops/s", Better::Higher), ops), (Metric::new("idle", "%", Better::Neither), idle)]
        {
            let mut s = Sample::new(metric, v, n);
            if let Some(t) = &run.test {
                s = s.with_param("test", t);
            }
            out.push(s.with_param("mode", mode).with_param("tasks", tasks));
        }
    }
    out
}

/// A post's phrase introducing a table, ending in a comma (`Before commit
/// a983b5ebee57,`, `After commit,`), without the comma.
fn comma_label(t: &str) -> Option<&str> {
    let bare = t.strip_suffix(',')?.trim();
    let ok = !bare.is_empty() && bare.chars().count() <= 80 && bare.chars().any(char::is_alphabetic);
    ok.then_some(bare)
}

/// A post's title of a table between dashes and spaces (`-- baseline --`,
/// `--- patched ---`), without them.
fn dashed_title(t: &str) -> Option<&str> {
    let inner = t.strip_prefix("--")?.strip_suffix("--")?.trim_matches('-');
    let ok = inner.starts_with(' ') && inner.ends_with(' ');
    let bare = inner.trim();
    let ok = ok && !bare.is_empty() && bare.chars().count() <= 80 && bare.chars().any(char::is_alphabetic);
    ok.then_some(bare)
}

/// Gives every sample its table's comma label as a `label` parameter, when
/// the file's tables have two different ones (see the module docs).
fn apply_comma_labels(out: &mut ParsedFile, labels: &[Option<String>]) {
    let mut distinct: Vec<&String> = labels.iter().flatten().collect();
    distinct.sort();
    distinct.dedup();
    if distinct.len() < 2 {
        return;
    }
    for (s, l) in out.samples.iter_mut().zip(labels) {
        if let Some(l) = l {
            s.params.push(crate::model::Param::new("label", l));
        }
    }
}

/// Reads every table in `input`.
fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "will-it-scale".into(), ..ParsedFile::default() };
    let mut run = Run::default();
    let mut in_table = false;
    let mut failure: Option<(usize, String)> = None;
    // The latest comma label, the current table's, and each sample's.
    let (mut pending, mut label): (Option<String>, Option<String>) = (None, None);
    let mut labels: Vec<Option<String>> = Vec::new();
    // The test binary's set-up, phase, and how many of its measurement
    // seconds were read since its command line.
    let mut binary: Option<(String, &'static str, u64)> = None;
    let (mut phase, mut seconds, mut warmup_noted) = (Phase::Unknown, 0usize, false);
    // The line holding a binary's options a mailer wrapped off its command
    // line (0: none).
    let mut rest_at = 0;
    // The task count of the table's last row read.
    let mut last_tasks: Option<u64> = None;
    for (n, line) in input.numbered() {
        let t = line.trim();
        if n == rest_at {
            continue;
        }
        if let Some(b) = binary_command(t) {
            // `… ./page_fault4_processes` / `-t 96 -s 5` (a blog's prompt
            // re-wrapped at 72): the options on the next line are the
            // command's; read alone, the 96 tasks were 1, silently.
            let next = input.lines.get(n).map_or("", |l| l.trim());
            let joined =
                super::cmdline::continues_options(next).then(|| binary_command(&format!("{t} {next}"))).flatten();
            let b = match joined {
                Some(j) => {
                    rest_at = n + 1;
                    out.notes.push((
                        n + 1,
                        format!("`{next}` is the rest of the will-it-scale command line above, wrapped by a mailer: rejoined"),
                    ));
                    j
                }
                None => b,
            };
            (binary, phase, seconds, warmup_noted) = (Some(b), Phase::Unknown, 0, false);
            in_table = false;
            continue;
        }
        // A poster's paste of a binary's seconds without its command line
        // (`will-it-scale mmap1_process[1] -t 1 results:` in prose, then
        // `measurement` and its seconds, LKML 2024): read, the set-up not
        // known (said at its first second read).
        if binary.is_none() && matches!(t, "warmup" | "measurement") {
            (binary, seconds, warmup_noted) = (Some((String::new(), "", 0)), 0, false);
            // Its seconds right above (the `warmup` word left out) are of
            // no known phase, as under a command line.
            let above = input.lines[..n - 1].iter().rev().take_while(|l| second_total(l.trim()).is_some()).count();
            for k in n - above..n {
                out.notes.push((k, NO_PHASE.into()));
            }
        }
        if binary.is_some() {
            match t {
                "warmup" => {
                    phase = Phase::Warmup;
                    continue;
                }
                "measurement" => {
                    phase = Phase::Measurement;
                    continue;
                }
                "..." | "…" | "[...]" | "[snip]" => {
                    phase = Phase::Unknown;
                    continue;
                }
                _ => {}
            }
            let (test, mode, tasks) = binary.clone().unwrap_or_default();
            let sample = |v: f64| {
                let s = Sample::new(Metric::new("ops", "ops/s", Better::Higher), v, n);
                if test.is_empty() {
                    return s;
                }
                s.with_param("test", test.as_str()).with_param("mode", mode).with_param("tasks", tasks)
            };
            if let Some(total) = second_total(t) {
                if phase == Phase::Measurement {
                    if test.is_empty() && seconds == 0 {
                        let msg = "will-it-scale seconds with no test binary's command line above them: read, their \
                                   test, mode and task count not known";
                        out.notes.push((n, msg.into()));
                    }
                    seconds += 1;
                    labels.push(label.clone());
                    out.samples.push(sample(total));
                } else if phase == Phase::Warmup && !warmup_noted {
                    warmup_noted = true;
                    out.notes.push((n, "will-it-scale's warm-up seconds: no result".into()));
                } else if phase == Phase::Unknown {
                    out.notes.push((n, NO_PHASE.into()));
                }
                continue;
            }
            // attack61 (repro wis-bin-nan, wis-bin-trunc): a second printed
            // `total:nan`, or cut short (`min:460846336 max:460846336 tot`),
            // was passed over unsaid (3 measured seconds read as 2) and
            // ended the phase. Said at its line; the phase goes on.
            if t.starts_with("min:") {
                if phase == Phase::Measurement {
                    let msg = "a will-it-scale measurement second that is not `min:N max:N total:N` in numbers (cut \
                               short, or not a number): not read";
                    out.notes.push((n, msg.into()));
                }
                continue;
            }
            if let Some(avg) = t.strip_prefix("average:").and_then(plain) {
                if seconds == 0 {
                    labels.push(label.clone());
                    out.samples.push(sample(avg));
                    out.notes.push((
                        n,
                        "will-it-scale's mean over measurement seconds the file does not show: read as one value"
                            .into(),
                    ));
                }
                continue;
            }
            // Any other line (prose, a blank, a trace) ends the phase: lines
            // of seconds after it (`things scale fine on ext4:` and four of
            // them, LKML 2025) are another set-up's, of no known phase.
            phase = Phase::Unknown;
        }
        if let Some(r) = command(t) {
            run = r;
            in_table = false;
        } else if t == HEADER || (!in_table && t == BASELINE) {
            // A baseline row outside a table: the poster left the header
            // out (runtest.py's columns are always these).
            in_table = true;
            last_tasks = None;
            label.clone_from(&pending);
            if t == BASELINE {
                out.notes.push((n, "will-it-scale's idle baseline row (0 tasks) is no result".into()));
            }
        } else if let Some(l) = comma_label(t).or_else(|| dashed_title(t)).filter(|_| !in_table) {
            pending = Some(l.to_string());
        } else if let Some(who) = assertion(t) {
            failure.get_or_insert((n, who.to_string()));
            out.notes.push((n, format!("{who} failed its assertion: no result")));
        } else if in_table && t.starts_with(|c: char| c.is_ascii_digit()) {
            let (tasks, modes, tail) = row(n, t)?;
            if tasks == 0 {
                out.notes.push((n, "will-it-scale's idle baseline row (0 tasks) is no result".into()));
                continue;
            }
            if !tail.is_empty() {
                out.notes.push((n, format!("text after the row not read: {tail:?}")));
            }
            let samples = row_samples(n, &run, tasks, modes);
            labels.extend(samples.iter().map(|_| label.clone()));
            out.samples.extend(samples);
            last_tasks = Some(tasks);
        } else if in_table && !matches!(t, "..." | "…") {
            // One foreign line between rows N and N+1 (a blank quote line,
            // a kernel log line): the table goes on, said (attack61: a `>`
            // line after row 9 of LKML 2019-04's Baseline dropped rows
            // 10-16, 28 figures, no word).
            let next = input.lines.get(n).map(|l| l.trim()).filter(|l| l.starts_with(|c: char| c.is_ascii_digit()));
            let goes_on =
                next.and_then(|l| row(n + 1, l).ok()).is_some_and(|(k, ..)| Some(k) == last_tasks.map(|t| t + 1));
            if goes_on {
                out.notes.push((
                    n,
                    format!(
                        "line {n} stands between two rows of a will-it-scale table and is none of them: read through it"
                    ),
                ));
                continue;
            }
            in_table = false;
        }
    }
    apply_comma_labels(&mut out, &labels);
    if input.has(STATS_PREFIX) && input.has("{") {
        stats_samples(input, &mut out)?;
    }
    if out.samples.is_empty() {
        let reason = match failure {
            Some((n, who)) => format!("line {n}: {who} failed its assertion"),
            None => format!(
                "no `{HEADER}` table with a row above 0 tasks, nor a test binary's measurement, nor LKP stats.json keys"
            ),
        };
        return Err(ParseError::NoResults { benchmark: "will-it-scale", reason });
    }
    Ok(out)
}

impl BenchParser for WillItScale {
    fn id(&self) -> &'static str {
        "will-it-scale"
    }

    fn describe(&self) -> &'static str {
        "will-it-scale runtest.py CSV (LKP logs and plain) and test binaries' output"
    }

    /// The header, a run's ` total:`, the statistics line's prefix, or an
    /// assertion's `: tests/`.
    fn literals(&self) -> &'static [&'static str] {
        const LITERALS: [&str; 4] = [HEADER, " total:", STATS_PREFIX, ": tests/"];
        &LITERALS
    }

    fn detect(&self, input: &Input) -> u8 {
        if input.has(HEADER) {
            return 95;
        }
        if input.has(" total:") && input.lines.iter().any(|l| second_total(l.trim()).is_some()) {
            let binary = input.lines.iter().any(|l| binary_command(l.trim()).is_some());
            let phases = input.lines.iter().any(|l| matches!(l.trim(), "warmup" | "measurement"));
            if binary || phases {
                return 90;
            }
        }
        if input.has(STATS_PREFIX) && input.lines.iter().any(|l| is_stats_line(l)) {
            return 90;
        }
        if input.has(": tests/") && input.has("Assertion") && input.lines.iter().any(|l| assertion(l.trim()).is_some())
        {
            return 70;
        }
        0
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
    }

    /// A test binary's own output (a FreeBSD blog, 2018): the measurement
    /// seconds' totals are runs; warm-up not read; `average:` only when no
    /// measurement line is shown.
    #[test]
    fn a_test_binarys_measurement_seconds() {
        let text = "host [~/w|22:11|4] ./mmap1_processes -t 96 -s 5\ntestcase:x\nwarmup\nmin:9032 max:16299 total:1203113\n\
                    measurement\nmin:7864 max:13726 total:1005918\nmin:7876 max:14460 total:1006319\naverage:1006118\n\
                    # ./statneg_threads\n...\nmin:1 max:2 total:3\naverage:1719430\n";
        let input = Input::from_text(text);
        assert_eq!(WillItScale.detect(&input), 90);
        let f = WillItScale.parse(&input).unwrap();
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(6, 1005918.0), (7, 1006319.0), (12, 1719430.0)]);
        let p = |s: &Sample| -> String {
            ["test", "mode", "tasks"].iter().map(|n| param(s, n).unwrap_or("-")).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(p(&f.samples[0]), "mmap1 process 96");
        assert_eq!(p(&f.samples[2]), "statneg thread 1");
        assert_eq!(binary_command("I ran mmap1_processes twice"), None);
    }

    /// Seconds pasted without the binary's command line (LKML 2024, the
    /// `warmup` word left out too): the measurement seconds are read with
    /// no test, mode or tasks, said once; the unphased ones above are said,
    /// not read. A `measurement` word over no second reads nothing.
    #[test]
    fn seconds_without_a_command_line_are_read_with_the_set_up_unknown() {
        let text = "commit abc:\n\nmin:5 max:5 total:5\nmeasurement\nmin:7 max:7 total:7\nmin:8 max:8 total:8\n";
        let f = WillItScale.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(5, 7.0), (6, 8.0)]);
        assert!(f.samples.iter().all(|s| param(s, "test").is_none() && param(s, "tasks").is_none()));
        let lines: Vec<usize> = f.notes.iter().map(|n| n.0).collect();
        assert_eq!(lines, [3, 5]);
        assert!(f.notes[1].1.contains("no test binary's command line"));
        // Not: a `measurement` word with no second under it, nor prose.
        let prose = "measurement\nthe totals were 5 and 7\nmin: 5 max: 7\n";
        assert!(WillItScale.parse(&Input::from_text(prose)).is_err());
        // Not: under a command line, the set-up stays the command's.
        let named = "# ./stat2_processes -t 60\nmeasurement\nmin:1 max:2 total:3\n";
        let f = WillItScale.parse(&Input::from_text(named)).unwrap();
        assert_eq!(param(&f.samples[0], "test"), Some("stat2"));
        assert!(f.notes.is_empty());
    }

    /// attack61 (repro wis-bin-nan, wis-bin-trunc): the cmpxchg8 run's
    /// third measured second edited to `total:nan`, or cut inside `total`,
    /// was dropped unsaid (3 seconds read as 2): now a note at its line,
    /// and the seconds after it are still the measurement's.
    #[test]
    fn a_second_not_in_numbers_is_a_note_at_its_line() {
        let text = "# ./cmpxchg8_processes\nwarmup\nmin:481465497 max:481465497 total:481465497\nmeasurement\n\
                    min:461317703 max:461317703 total:461317703\nmin:458608942 max:458608942 total:458608942\n\
                    min:460846336 max:460846336 total:460846336\nmin:460850043 max:460850043 total:460850043\n";
        let clean = WillItScale.parse(&Input::from_text(text)).unwrap();
        assert_eq!(clean.samples.len(), 4);
        for bad in ["min:460846336 max:460846336 total:nan", "min:460846336 max:460846336 tot"] {
            let f = WillItScale
                .parse(&Input::from_text(&text.replace("min:460846336 max:460846336 total:460846336", bad)))
                .unwrap();
            let got: Vec<usize> = f.samples.iter().map(|s| s.line).collect();
            assert_eq!(got, [5, 6, 8], "{bad}");
            let notes: Vec<usize> = f.notes.iter().filter(|n| n.1.contains("not read")).map(|n| n.0).collect();
            assert_eq!(notes, [7], "{bad}: {:?}", f.notes);
        }
    }

    /// Each binary's warm-up is said once (a blog's second page_fault1
    /// run's warm-up seconds were warned of as results not read).
    #[test]
    fn each_runs_warm_up_is_noted() {
        let run = "# ./page_fault1_processes -t 96\nwarmup\nmin:1 max:2 total:3\nmin:1 max:2 total:4\nmeasurement\nmin:1 max:2 total:5\n";
        let f = WillItScale.parse(&Input::from_text(&format!("{run}\n{run}"))).unwrap();
        let warm: Vec<usize> = f.notes.iter().filter(|n| n.1.contains("warm-up")).map(|n| n.0).collect();
        assert_eq!(warm, [3, 10]);
    }

    #[test]
    fn lkp_process_mode_reads_processes_only() {
        let text = "2020-01-31 08:12:43 python2 ./runtest.py mmap2 295 process 104\n\
                    tasks,processes,processes_idle,threads,threads_idle,linear\n0,0,100,0,100,0\n\
                    104,1200363,0.04,0,0.00,0\n";
        let f = WillItScale.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 2);
        let ops = &f.samples[0];
        assert_eq!((ops.metric.name.as_str(), ops.value.mean(), ops.line), ("ops", 1200363.0, 4));
        assert_eq!(
            (param(ops, "test"), param(ops, "mode"), param(ops, "tasks")),
            (Some("mmap2"), Some("process"), Some("104"))
        );
        assert_eq!(f.samples[1].value.mean(), 0.04);
        assert_eq!(f.notes.len(), 1);
        assert!(crate::parse::note_is_info(&f.notes[0].1));
    }

    #[test]
    fn dashed_titles_label_their_tables() {
        let table = "./runtest.py page_fault1\ntasks,processes,processes_idle,threads,threads_idle,linear\n\
                     0,0,100,0,100,0\n1,522242,93.73,514965,93.74,522242\n";
        let text =
            format!("-- baseline --\n{table}\n-- modified rh patchset --\n{}", table.replace("522242", "527216"));
        let f = WillItScale.parse(&Input::from_text(&text)).unwrap();
        let labels: Vec<_> = f.samples.iter().map(|s| param(s, "label")).collect();
        assert_eq!(labels[0], Some("baseline"));
        assert_eq!(labels[labels.len() - 1], Some("modified rh patchset"));
        for t in ["-- ", "--baseline--", "-- 12 --", "--- a/mm/page_alloc.c"] {
            assert_eq!(dashed_title(t), None, "{t}");
        }
        assert_eq!(dashed_title("--- patched ---"), Some("patched"));
    }

    #[test]
    fn plain_both_modes_with_annotations() {
        let text = "#./runtest.py page_fault3\n\
                    tasks,processes,processes_idle,threads,threads_idle,linear\n0,0,100,0,100,0\n\
                    1,729990,95.68,725437,95.66,725437 (Single process)\n...\n\
                    24,11476599,0.18,2185947,32.67,17410488 (24 processes for 24 cores)\n";
        let f = WillItScale.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 8);
        let threads: Vec<f64> = f
            .samples
            .iter()
            .filter(|s| param(s, "mode") == Some("thread") && s.metric.name == "ops")
            .map(|s| s.value.mean())
            .collect();
        assert_eq!(threads, vec![725437.0, 2185947.0]);
        assert_eq!(f.notes.iter().filter(|n| n.1.contains("not read")).count(), 2);
    }

    #[test]
    fn failures_and_damage() {
        let fail = "context_switch1_threads: tests/context_switch1.c:33: child: Assertion `ret == 1' failed.\n";
        let input = Input::from_text(fail);
        assert_eq!(WillItScale.detect(&input), 70);
        assert!(matches!(WillItScale.parse(&input), Err(ParseError::NoResults { .. })));
        let cut = format!("{HEADER}\n0,0,100,0,100,0\n8,1200363,0.04\n");
        assert_eq!(WillItScale.parse(&Input::from_text(&cut)).unwrap_err().line(), Some(3));
        let bad = format!("{HEADER}\n8,12x0363,0.04,0,0.00,0\n");
        assert_eq!(WillItScale.parse(&Input::from_text(&bad)).unwrap_err().line(), Some(2));
    }

    /// attack61 F4: LKML 2019-04 (Duyck's page_fault1 tables, quoted) with
    /// a blank quote line `>` after row 9 of "Baseline": rows 10-16 (28
    /// figures) were dropped, no word. Read through, said at the line.
    #[test]
    fn one_foreign_line_between_rows_is_read_through() {
        let text = "> Baseline\n> [root@localhost ~]# cd ~/will-it-scale/; ./runtest.py page_fault1\n\
                    > tasks,processes,processes_idle,threads,threads_idle,linear\n> 0,0,100,0,100,0\n\
                    > 8,2705883,50.07,1913416,57.45,4008008\n> 9,2738392,43.84,2017198,51.24,4509009\n>\n\
                    > 10,2913739,37.63,1906649,48.65,5010010\n> 11,2996000,31.41,1973332,41.86,5511011\n>\n\
                    > My Patch Set\n";
        let f = WillItScale.parse(&Input::from_text(text)).unwrap();
        let mut lines: Vec<usize> = f.samples.iter().map(|s| s.line).collect();
        lines.dedup();
        assert_eq!(lines, [5, 6, 8, 9], "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, n)| *l == 7 && n.contains("read through it")), "{:?}", f.notes);
        assert!(!f.notes.iter().any(|(l, _)| *l == 10), "{:?}", f.notes);
    }

    #[test]
    fn a_table_without_its_header_starts_at_its_baseline_row() {
        let text = "Without Hinting:\ntasks,processes,processes_idle,threads,threads_idle,linear\n0,0,100,0,100,0\n\
                    1,315890,95.82,317633,95.83,317633\n\nWith Hinting:\n0,0,100,0,100,0\n\
                    1,306737,95.82,305130,95.78,306737\n\nnot a table: 2,1,100,0,100,0\n";
        let f = WillItScale.parse(&Input::from_text(text)).unwrap();
        let ops: Vec<(usize, f64)> =
            f.samples.iter().filter(|s| s.metric.name == "ops").map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(ops, [(4, 315890.0), (4, 317633.0), (8, 306737.0), (8, 305130.0)]);
        let baselines: Vec<usize> = f.notes.iter().filter(|(_, n)| n.contains("baseline")).map(|(l, _)| *l).collect();
        assert_eq!(baselines, [3, 7]);
    }

    /// attack43 F8 (j01, made valid): LKP's matrix.json form, each task
    /// count's figure an array of one value per run, was skipped without a
    /// word (only the scalar idle figures read). Each value is a run, with
    /// a note; an array of other things is said, not read. Must not fire:
    /// a scalar figure is one sample, no note.
    #[test]
    fn lkp_matrix_json_arrays_are_runs() {
        let text = "python3 ./runtest.py mmap2 25 process 0 0 64 128\n\n{\n  \
                    \"will-it-scale.128.processes\": [\n    38223543,\n    38224543\n  ],\n  \
                    \"will-it-scale.128.processes_idle\": 33.8,\n  \"will-it-scale.64.processes\": [\"x\"]\n}\n";
        let f = WillItScale.parse(&Input::from_text(text)).unwrap();
        let ops: Vec<(usize, f64)> =
            f.samples.iter().filter(|s| s.metric.name == "ops").map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(ops, [(4, 38223543.0), (4, 38224543.0)]);
        assert_eq!(f.samples.iter().filter(|s| s.metric.name == "idle").count(), 1);
        assert!(f.notes.iter().any(|(l, m)| *l == 4 && m.contains("array of 2 values")), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, m)| *l == 9 && m.contains("not all numbers")), "{:?}", f.notes);
        assert!(!f.notes.iter().any(|(l, _)| *l == 8), "{:?}", f.notes);
    }

    /// LKP's stats.json of a will-it-scale job (linux-mm 2026, wildmod42):
    /// the task counts' figures are read at their keys' lines in file order,
    /// with `test` from the runtest.py line above; the derived
    /// `per_process_ops` / `workload` and the `time.*` keys are not (notes).
    #[test]
    fn lkp_stats_json_task_counts_are_read() {
        let text = "python3 ./runtest.py mmap2 25 process 0 0 64 128\n\n{\n  \"time.elapsed_time\": 93.88,\n  \
                    \"will-it-scale.128.processes\": 28445014,\n  \"will-it-scale.128.processes_idle\": 33.89,\n  \
                    \"will-it-scale.64.threads\": 15645502.5,\n  \"will-it-scale.per_process_ops\": 224832,\n  \
                    \"will-it-scale.workload\": 83990194\n}\n";
        let input = Input::from_text(text);
        assert_eq!(WillItScale.detect(&input), 90);
        let f = WillItScale.parse(&input).unwrap();
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| {
                let p = |n| param(s, n).unwrap_or("-");
                format!("{} {} {} {} {} {}", s.line, s.metric.name, s.value.mean(), p("test"), p("mode"), p("tasks"))
            })
            .collect();
        assert_eq!(
            got,
            ["5 ops 28445014 mmap2 process 128", "6 idle 33.89 mmap2 process 128", "7 ops 15645502.5 mmap2 thread 64"]
        );
        assert!(f.notes.iter().any(|(l, m)| *l == 8 && m.contains("per_process_ops") && m.contains("derived")));
        assert!(f.notes.iter().any(|(l, m)| *l == 9 && m.contains("workload")));
    }

    /// Keys that are no task count's figure, and an lkp-compare row naming
    /// one (no JSON key: not quoted), are not stats.json lines (must not
    /// fire).
    #[test]
    fn other_will_it_scale_keys_and_compare_rows_are_no_stats_lines() {
        assert_eq!(stats_key("will-it-scale.per_process_ops"), None);
        assert_eq!(stats_key("will-it-scale.time.elapsed_time"), None);
        assert_eq!(stats_key("will-it-scale.0.processes"), None);
        assert_eq!(stats_key("will-it-scale.64.processes_busy"), None);
        assert!(!is_stats_line("   28445014   +34.3%   38223543   will-it-scale.128.processes"));
        assert!(!is_stats_line("0/stats.json:  \"will-it-scale.per_thread_ops\": 105228,"));
        let compare = Input::from_text("     28445014   +34.3%   38223543   will-it-scale.128.processes\n");
        assert_eq!(WillItScale.detect(&compare), 0);
    }
}
