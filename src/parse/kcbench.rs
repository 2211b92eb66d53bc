//! kcbench (Thorsten Leemhuis' kernel compile benchmark, 0.4 to 0.9.x, and
//! the older form of 2018 below): the
//! report it prints, a header of the system, then one line per timed
//! build.
//!
//! ```text
//! Processor:           AMD Ryzen 7 6800H with Radeon Graphics [16 threads]
//! Cpufreq; Memory:     powersave [amd-pstate-epp]; 27841 MiB
//! Linux running:       6.12.48+deb13-amd64 [x86_64]
//! Compiler:            gcc (Debian 14.2.0-19) 14.2.0
//! Linux compiled:      6.17.0 [/.../.cache/kcbench/linux-6.17]
//! Config; Environment: defconfig; CCACHE_DISABLE="1"
//! Build command:       make vmlinux
//! Filling caches:      This might take a while... Done
//! Run 1 (-j 16):       161.38 seconds / 22.31 kernels/hour [P:1440%, 134 maj. pagefaults]
//! Run 2 (-j 16):       162.53 seconds / 22.15 kernels/hour [P:1441%, 140 maj. pagefaults]
//! Run 3 (-j 19):       172.87 seconds / 20.82 kernels/hour [P:1366%, 266 maj. pagefaults]
//! ```
//!
//! Metrics (group empty), one sample per `Run N (-j J):` line:
//! * `build time`: the build's seconds, lower is better;
//! * `CPU`: the `P:` figure (the CPU share `time` gave the build, in %),
//!   informational;
//! * `major faults`: the `maj. pagefaults` count (kcbench 0.9.x),
//!   informational.
//!
//! The `kernels/hour` figure is 3600 over the seconds: derived, not read
//! (said once, at the first run). Parameters: `jobs`, the `-j` of the run
//! (kcbench runs each job count twice or more: those builds are runs of
//! one sample set, each job count a sample set of its own), and what the
//! header says every build compiled: `compiled` (the `Linux compiled:`
//! version), `config` (the first field of `Config; Environment:`) and
//! `compiler` (as printed): kcbench's own advice is to compare only builds
//! of one source, configuration and compiler. The kernel the builds ran
//! on, the first word of `Linux running:`, is each sample's kernel; the
//! `Processor:` model and its `[N threads]` / `[N CPUs]` count are the
//! file's identity. Each `Processor:` line starts a report anew (a post
//! that shows two machines' reports: a laptop's, then a VM's); reports of
//! two processors are no runs of one machine: each sample gets a
//! `machine` parameter, its report's processor, and the file no
//! identity. Older kcbench calls the compiler line `Compiler used:`.
//! Reports of one processor whose headers differ in what else they say
//! of the set-up (the `Cpufreq; Memory:` line's governor and memory, the
//! environment after `Config;`, the `Build command:`) are no runs of one
//! set-up either (a post comparing `powersave` with `performance`): each
//! such field that differs between two reports of one processor is a
//! parameter of every sample of each report, `cpufreq`, `memory`,
//! `environment`, `build command` (as printed), and never one where they
//! say the same (reports of two processors are kept apart by `machine`).
//! So is the count of one processor's reports (`[16 threads]`, then
//! `[8 threads]` with SMT off): `cpus`, as printed (`16 threads`), one
//! machine's two set-ups, not two machines.
//!
//! The older form (kcbench of 2018, its README's sample: `Processor
//! Cores:    4 -- Intel(R) Core(TM) i5-3350P CPU @ 3.10GHz`, `Linux
//! compiled:     4.14 (/home/thl/.cache/kcbench/linux-4.14)`) scores each
//! build in points, its figures in parentheses after them:
//!
//! ```text
//! Run 1 (-j 8):       3827 points  (e:261.30 sec  P:385% U:910.60 sec  S:97.84 sec)
//! ```
//!
//! `e:` is the build's elapsed seconds (`build time`), `P:` its CPU share
//! (`CPU`), `U:` and `S:` the user and system seconds (`user time`,
//! `system time`, s, lower is better). The points are a million over the
//! elapsed seconds, cut to a whole number (3827 for 261.30 s): derived,
//! not read (said once, at the first run). The `Processor Cores:` line
//! names the processor after ` -- ` and its count before it (`cpus` as `4
//! cores`).
//!
//! A `Run N (-j J):` line with no `seconds` figure (a build that failed,
//! a log cut inside it) is a note, not read. kcbenchrate's summary line
//! (`4 workers completed 8 kernels so far (avrg: 1100.75 s/run) with a
//! rate of 13.08 kernels/hour.`) is another benchmark's form: a note, not
//! read.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// The note said once a file at the first run line's `kernels/hour`: an
/// information, not a warning ([`super::note_is_info`]): a derived figure
/// left unread asks nothing of the reader, and every kcbench report
/// prints one.
pub const KERNELS_PER_HOUR_DERIVED: &str = "kcbench's kernels/hour is 3600 over the build's seconds: derived, not read";

/// The note said once a file at the first run line's points (the older
/// form): an information, as [`KERNELS_PER_HOUR_DERIVED`] is.
pub const POINTS_DERIVED: &str = "kcbench's points are a million over the build's elapsed seconds: derived, not read";

/// kcbench; registry id `"kcbench"`.
pub struct Kcbench;

const ID: &str = "kcbench";

/// What the report's header says of every build below it.
#[derive(Default, Clone)]
struct Header {
    kernel: Option<String>,
    compiled: Option<String>,
    config: Option<String>,
    compiler: Option<String>,
}

/// `Run 1 (-j 16):       161.38 seconds / …` → (job count, the text after
/// the colon), or `None` for any other line.
fn run_line(t: &str) -> Option<(&str, &str)> {
    let rest = t.strip_prefix("Run ")?;
    let (num, rest) = rest.split_once(' ')?;
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let jobs = rest.trim_start().strip_prefix("(-j")?;
    let (jobs, after) = jobs.split_once("):")?;
    let jobs = jobs.trim();
    (!jobs.is_empty() && jobs.bytes().all(|b| b.is_ascii_digit())).then_some((jobs, after.trim()))
}

/// The older form's figures after a run line's colon (`3827 points
/// (e:261.30 sec  P:385% U:910.60 sec  S:97.84 sec)`): each `key:` of the
/// parentheses and its figure (`e` → 261.30, `P` → 385, `U` → 910.60, `S`
/// → 97.84), or `None` for any other text.
fn points_form(after: &str) -> Option<Vec<(&str, f64)>> {
    let (points, rest) = after.split_once(" points")?;
    plain(points.trim())?;
    let inner = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
    let mut out = Vec::new();
    for word in inner.split_whitespace().filter(|w| *w != "sec") {
        let (key, figure) = word.split_once(':')?;
        out.push((key, plain(figure.trim_end_matches('%'))?));
    }
    out.iter().any(|(k, _)| *k == "e").then_some(out)
}

/// The figure before `key` inside the bracket of a run line (`[P:1440%,
/// 134 maj. pagefaults]`): `P:` → `1440`, `maj. pagefaults` → `134`.
fn bracket_figure(bracket: &str, key: &str) -> Option<f64> {
    bracket.split(',').map(str::trim).find_map(|part| {
        if key == "P:" {
            plain(part.strip_prefix("P:")?.trim_end_matches('%'))
        } else {
            plain(part.strip_suffix(key)?.trim())
        }
    })
}

/// A header field's value: `Linux running:       6.12.48 [x86_64]` with
/// `key` `Linux running:` → `6.12.48 [x86_64]`.
fn field<'a>(t: &'a str, key: &str) -> Option<&'a str> {
    t.strip_prefix(key).map(str::trim)
}

/// The text before a trailing ` [...]` aside (`6.17.0 [/…/linux-6.17]` →
/// `6.17.0`), and the aside's text.
fn before_bracket(v: &str) -> (&str, Option<&str>) {
    match v.rsplit_once(" [") {
        Some((head, tail)) => (head.trim(), tail.strip_suffix(']')),
        None => (v.trim(), None),
    }
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let mut header = Header::default();
    let mut said_derived = false;
    // Where each report's samples start, and its processor (`varying`).
    let mut machines: super::varying::Starts = Vec::new();
    let mut processors: Vec<(usize, String)> = Vec::new();
    let mut cpus: Vec<(usize, u32)> = Vec::new();
    // Each report's first sample, its processor and its set-up fields
    // (`SETUP_FIELDS`).
    let mut setups: Vec<Setup> = Vec::new();
    for (n, line) in input.numbered() {
        let t = line.trim();
        if let Some(v) = field(t, "Processor:") {
            // A new report: nothing of the one above holds for it.
            header = Header::default();
            let (model, aside) = before_bracket(v);
            setups.push((out.samples.len(), model.to_string(), Default::default()));
            let model = if model == "-" { "" } else { model };
            machines.push((out.samples.len(), model.to_string()));
            if !model.is_empty() {
                processors.push((n, model.to_string()));
            }
            let count = aside.and_then(|a| a.split_whitespace().next()).and_then(|w| w.parse::<u32>().ok());
            if let Some(c) = count {
                cpus.push((n, c));
            }
            // `[16 threads]` / `[8 threads]` of one processor: SMT on and
            // off, or CPUs taken offline; no two machines.
            set_up(&mut setups, out.samples.len(), 4, aside.unwrap_or(""));
        } else if let Some(v) = field(t, "Processor Cores:") {
            // The older form: `4 -- Intel(R) Core(TM) i5-3350P CPU @
            // 3.10GHz`, the count first. A new report, as above, but under
            // its `Linux running:` line (the older form prints that first):
            // the kernel and the report that line began are this one's.
            header = Header { kernel: header.kernel.take(), ..Header::default() };
            let (count, model) = v.split_once(" -- ").map_or(("", v), |(c, m)| (c.trim(), m.trim()));
            let running = match setups.last() {
                Some((at, key, _)) if *at == out.samples.len() && key.starts_with(" running ") => {
                    setups.pop().map(|(_, key, _)| key).unwrap_or_default()
                }
                _ => String::new(),
            };
            setups.push((out.samples.len(), format!("{model}{running}"), Default::default()));
            machines.push((out.samples.len(), model.to_string()));
            if !model.is_empty() {
                processors.push((n, model.to_string()));
            }
            if let Ok(c) = count.parse::<u32>() {
                cpus.push((n, c));
                set_up(&mut setups, out.samples.len(), 4, &format!("{c} cores"));
            }
        } else if let Some(v) = field(t, "Linux running:") {
            header.kernel = v.split_whitespace().next().map(str::to_string);
            // Reports of two kernels are never runs of one: their headers'
            // fields are compared only with their own kernel's reports
            // (attack53 F4: the memory two kernels leave free, 27841 and
            // 27839 MiB, parted them, and nothing was compared).
            // Builds above this line are another report's (the older form
            // starts a report with it, before its `Processor Cores:`).
            if setups.last().is_none_or(|(at, _, _)| *at < out.samples.len()) {
                setups.push((out.samples.len(), String::new(), Default::default()));
            }
            if let Some((_, key, _)) = setups.last_mut() {
                key.push_str(" running ");
                key.push_str(header.kernel.as_deref().unwrap_or(""));
            }
        } else if let Some(v) = field(t, "Linux compiled:") {
            let (version, _) = before_bracket(v);
            // The older form's aside is in parentheses: `4.14 (/home/…/linux-4.14)`.
            let version = version.split_once(" (").map_or(version, |(head, _)| head.trim());
            header.compiled = (!version.is_empty()).then(|| version.to_string());
        } else if let Some(v) = field(t, "Cpufreq; Memory:") {
            let (cpufreq, memory) = v.split_once(';').unwrap_or((v, ""));
            set_up(&mut setups, out.samples.len(), 0, cpufreq);
            set_up(&mut setups, out.samples.len(), 1, memory);
        } else if let Some(v) = field(t, "Build command:") {
            set_up(&mut setups, out.samples.len(), 3, v);
        } else if let Some(v) = field(t, "Config; Environment:") {
            let config = v.split(';').next().unwrap_or("").trim();
            header.config = (!config.is_empty()).then(|| config.to_string());
            set_up(&mut setups, out.samples.len(), 2, v.split_once(';').map_or("", |(_, e)| e));
        } else if let Some(v) = field(t, "Compiler:").or_else(|| field(t, "Compiler used:")) {
            header.compiler = (!v.is_empty()).then(|| v.to_string());
        } else if let Some((jobs, after)) = run_line(t) {
            let figures = if let Some(found) = points_form(after) {
                if !said_derived {
                    said_derived = true;
                    out.notes.push((n, POINTS_DERIVED.into()));
                }
                found
                    .into_iter()
                    .filter_map(|(key, v)| {
                        let metric = match key {
                            "e" => Metric::new("build time", "s", Better::Lower),
                            "P" => Metric::new("CPU", "%", Better::Neither),
                            "U" => Metric::new("user time", "s", Better::Lower),
                            "S" => Metric::new("system time", "s", Better::Lower),
                            _ => return None,
                        };
                        Some((metric, v))
                    })
                    .collect()
            } else {
                let Some(f) = seconds_form(&mut out, &mut said_derived, n, t, after) else { continue };
                f
            };
            for (metric, v) in figures {
                let mut s = Sample::new(metric, v, n).with_param("jobs", jobs);
                if let Some(c) = &header.compiled {
                    s = s.with_param("compiled", c);
                }
                if let Some(c) = &header.config {
                    s = s.with_param("config", c);
                }
                if let Some(c) = &header.compiler {
                    s = s.with_param("compiler", c);
                }
                if let Some(k) = &header.kernel
                    && super::labels::is_kernel_name(k)
                {
                    s = s.with_kernel(k.as_str());
                }
                out.samples.push(s);
            }
        } else if t.contains("workers completed") && t.contains("kernels/hour") {
            out.notes.push((n, format!("kcbenchrate's summary (`{t}`) is not read: only kcbench's run lines are")));
        }
    }
    if out.samples.is_empty() {
        return Err(ParseError::NoResults {
            benchmark: ID,
            reason: "no `Run N (-j J): … seconds` (or `… points  (e:…)`) line".into(),
        });
    }
    finish(out, &machines, &processors, &cpus, &setups)
}

/// The 0.4-0.9.x form's figures after a run line's colon (`161.38 seconds
/// / 22.31 kernels/hour [P:1440%, 134 maj. pagefaults]`) of line `n`
/// (its text `t`): the build time and what the bracket gives; `None`,
/// with a note, for a line without a `seconds` figure.
fn seconds_form(
    out: &mut ParsedFile,
    said_derived: &mut bool,
    n: usize,
    t: &str,
    after: &str,
) -> Option<Vec<(Metric, f64)>> {
    let Some((secs, rest)) = after.split_once(" seconds") else {
        out.notes.push((n, format!("kcbench run line with no `seconds` figure (`{t}`): not read")));
        return None;
    };
    let Some(value) = plain(secs) else {
        out.notes.push((n, format!("kcbench run line whose seconds `{secs}` are no number: not read")));
        return None;
    };
    if !*said_derived && rest.contains("kernels/hour") {
        *said_derived = true;
        out.notes.push((n, KERNELS_PER_HOUR_DERIVED.into()));
    }
    let open = rest.split_once('[').map(|(_, open)| open);
    let bracket = open.and_then(|o| o.split_once(']')).map(|(b, _)| b);
    if bracket.is_none()
        && let Some(open) = open
    {
        // `[P:925%, 46` / `maj. pagefaults]`: a mail wrapped the line
        // inside its bracket (attack57 F8: the CPU share and the faults
        // were dropped with no word).
        out.notes.push((
            n,
            format!(
                "kcbench run line whose bracket (`[{}`) does not close on it (a mail wrapped the line?): its CPU \
                 share and major faults not read, its seconds read",
                open.trim_end()
            ),
        ));
    }
    let mut figures = vec![(Metric::new("build time", "s", Better::Lower), value)];
    if let Some(b) = bracket {
        if let Some(p) = bracket_figure(b, "P:") {
            figures.push((Metric::new("CPU", "%", Better::Neither), p));
        }
        if let Some(f) = bracket_figure(b, "maj. pagefaults") {
            figures.push((Metric::new("major faults", "", Better::Neither), f));
        }
    }
    Some(figures)
}

/// The file's identity (one processor) or each report's `machine` (two or
/// more), and the set-up fields that differ between one processor's
/// reports of one kernel as parameters (see the module's documentation).
fn finish(
    mut out: ParsedFile,
    machines: &super::varying::Starts,
    processors: &[(usize, String)],
    cpus: &[(usize, u32)],
    setups: &[Setup],
) -> Result<ParsedFile, ParseError> {
    let named: Vec<&String> = machines.iter().map(|(_, m)| m).filter(|m| !m.is_empty()).collect();
    if named.iter().all(|m| *m == named[0]) {
        // One machine (or none named): the file's identity, when every
        // report says the same.
        out.identity.processor = processors.first().cloned();
        if cpus.iter().all(|c| c.1 == cpus[0].1) {
            out.identity.cpus = cpus.first().copied();
        }
    } else {
        super::varying::tag_varying(&mut out, machines, super::MACHINE_PARAM);
    }
    for (i, name) in SETUP_FIELDS.iter().enumerate() {
        // Reports of other processors are kept apart by their `machine`
        // already, of other kernels by their kernel: a field is a
        // parameter where one processor's reports of one kernel differ.
        let varies = setups.iter().enumerate().any(|(k, a)| setups[..k].iter().any(|b| b.1 == a.1 && b.2[i] != a.2[i]));
        if varies {
            let starts: super::varying::Starts = setups.iter().map(|(at, _, f)| (*at, f[i].clone())).collect();
            super::varying::tag_each(&mut out, &starts, name);
        }
    }
    Ok(out)
}

/// A report's first sample, its processor (as [`before_bracket`] gives
/// it) and the kernel it ran (`… running 6.12.48`: reports are compared
/// only with those of their processor and kernel), and its
/// [`SETUP_FIELDS`].
type Setup = (usize, String, [String; 5]);

/// The parameters a report's header gives its samples where a file's
/// reports differ in them (see the module's documentation): the
/// `Cpufreq; Memory:` line's two fields, the environment after `Config;`,
/// the `Build command:`, and the count after the processor's name as
/// printed (`cpus`: `16 threads`, `4 CPUs`).
const SETUP_FIELDS: [&str; 5] = ["cpufreq", "memory", "environment", "build command", "cpus"];

/// Sets field `i` of the current report's set-up to `v` (trimmed); a header
/// with no `Processor:` line above it starts a report at sample `at`.
fn set_up(setups: &mut Vec<Setup>, at: usize, i: usize, v: &str) {
    if setups.is_empty() {
        setups.push((at, String::new(), Default::default()));
    }
    if let Some((_, _, fields)) = setups.last_mut() {
        fields[i] = v.trim().to_string();
    }
}

impl BenchParser for Kcbench {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "kcbench kernel compile benchmark (Run N (-j J) lines: 0.4-0.9.x seconds, the 2018 form's points)"
    }

    /// Its first test.
    fn literals(&self) -> &'static [&'static str] {
        &["kernels/hour", "(e:"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // Every kcbench run line says `kernels/hour` (the older form's
        // `points  (e:`); a run line itself makes it kcbench's.
        let seconds = input.has("kernels/hour");
        let points = input.has(" points") && input.has("(e:");
        if !seconds && !points {
            return 0;
        }
        let run = |a: &str| (seconds && a.contains(" seconds")) || (points && points_form(a).is_some());
        if input.lines.iter().any(|l| run_line(l.trim()).is_some_and(|(_, a)| run(a))) { 90 } else { 0 }
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

    const REPORT: &str = "Processor:           AMD Ryzen 7 6800H with Radeon Graphics [16 threads]\n\
Linux running:       6.12.48+deb13-amd64 [x86_64]\n\
Compiler:            gcc (Debian 14.2.0-19) 14.2.0\n\
Linux compiled:      6.17.0 [/.../.cache/kcbench/linux-6.17]\n\
Config; Environment: defconfig; CCACHE_DISABLE=\"1\"\n\
Build command:       make vmlinux\n\
Run 1 (-j 16):       161.38 seconds / 22.31 kernels/hour [P:1440%, 134 maj. pagefaults]\n\
Run 2 (-j 8):        190.83 seconds / 18.86 kernels/hour [P:742%, 49 maj. pagefaults]\n";

    fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
    }

    #[test]
    fn run_lines_give_seconds_cpu_and_faults_per_job_count() {
        let input = Input::from_text(REPORT);
        assert_eq!(Kcbench.detect(&input), 90);
        let f = Kcbench.parse(&input).unwrap();
        let builds: Vec<_> = f.samples.iter().filter(|s| s.metric.name == "build time").collect();
        assert_eq!(builds.iter().map(|s| (s.value.mean(), s.line)).collect::<Vec<_>>(), [(161.38, 7), (190.83, 8)]);
        assert_eq!(builds.iter().map(|s| param(s, "jobs")).collect::<Vec<_>>(), [Some("16"), Some("8")]);
        let b = builds[0];
        assert_eq!(b.kernel.as_deref(), Some("6.12.48+deb13-amd64"));
        assert_eq!(param(b, "compiled"), Some("6.17.0"));
        assert_eq!(param(b, "config"), Some("defconfig"));
        assert_eq!(param(b, "compiler"), Some("gcc (Debian 14.2.0-19) 14.2.0"));
        let cpu: Vec<f64> = f.samples.iter().filter(|s| s.metric.name == "CPU").map(|s| s.value.mean()).collect();
        assert_eq!(cpu, [1440.0, 742.0]);
        let faults: Vec<f64> =
            f.samples.iter().filter(|s| s.metric.name == "major faults").map(|s| s.value.mean()).collect();
        assert_eq!(faults, [134.0, 49.0]);
        // kernels/hour is derived: no sample carries it, one note says so.
        assert!(f.samples.iter().all(|s| s.value.mean() != 22.31 && s.value.mean() != 18.86));
        assert_eq!(f.notes.iter().filter(|(_, n)| n.contains("kernels/hour")).count(), 1);
        assert_eq!(f.identity.processor.as_ref().map(|p| p.1.as_str()), Some("AMD Ryzen 7 6800H with Radeon Graphics"));
        assert_eq!(f.identity.cpus.map(|c| c.1), Some(16));
    }

    #[test]
    fn older_bracket_with_cpu_only_and_a_run_without_seconds() {
        let text = "Run 1 (-j 4):        288.16 seconds / 12.49 kernels/hour [P:384%]\nRun 2 (-j 4):        failed\n";
        let f = Kcbench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 2);
        assert!(f.samples.iter().all(|s| s.kernel.is_none()));
        assert!(f.notes.iter().any(|(n, m)| *n == 2 && m.contains("no `seconds`")));
    }

    /// A post with a laptop's report, then a VM's (SeongJae Park's blog,
    /// 2025): both run `-j 8`; the processor keeps them apart, and the
    /// second report's header is its own (`Compiler used:` of an older
    /// kcbench, no compiler carried over from the first).
    #[test]
    fn reports_of_two_processors_are_two_machines() {
        let text = format!(
            "{REPORT}Processor:           QEMU Virtual CPU version 2.5+ [8 threads]\n\
             Linux running:       6.18.0-rc1-mm-new-damon+ [x86_64]\n\
             Compiler used:       gcc (GCC) 9.2.1\n\
             Run 1 (-j 8):        209.24 seconds / 17.21 kernels/hour [P:742%, 33 maj. pagefaults]\n"
        );
        let f = Kcbench.parse(&Input::from_text(&text)).unwrap();
        let builds: Vec<_> = f.samples.iter().filter(|s| s.metric.name == "build time").collect();
        assert_eq!(
            builds.iter().map(|s| param(s, "machine")).collect::<Vec<_>>(),
            [
                Some("AMD Ryzen 7 6800H with Radeon Graphics"),
                Some("AMD Ryzen 7 6800H with Radeon Graphics"),
                Some("QEMU Virtual CPU version 2.5+")
            ]
        );
        assert_eq!(param(builds[2], "compiler"), Some("gcc (GCC) 9.2.1"));
        assert_eq!(param(builds[2], "compiled"), None);
        assert!(f.identity.processor.is_none());
    }

    /// Session 53: one processor's `[16 threads]` and `[8 threads]` (SMT
    /// turned off between the reports) are one machine's two set-ups: a
    /// `cpus` parameter each, as printed, and no `machine`.
    #[test]
    fn reports_of_one_processor_with_two_counts_are_two_set_ups() {
        let text = format!("{REPORT}{}", REPORT.replace("[16 threads]", "[8 threads]").replace("161.38", "170.02"));
        let f = Kcbench.parse(&Input::from_text(&text)).unwrap();
        let builds: Vec<_> = f.samples.iter().filter(|s| s.metric.name == "build time").collect();
        assert_eq!(
            builds.iter().map(|s| param(s, "cpus")).collect::<Vec<_>>(),
            [Some("16 threads"), Some("16 threads"), Some("8 threads"), Some("8 threads")]
        );
        assert!(builds.iter().all(|s| param(s, "machine").is_none()));
        assert!(f.identity.cpus.is_none());
    }

    #[test]
    fn other_files_are_not_claimed() {
        let rate = "4 workers completed 8 kernels so far (avrg: 1100.75 s/run) with a rate of 13.08 kernels/hour.\n";
        assert_eq!(Kcbench.detect(&Input::from_text(rate)), 0);
        assert_eq!(Kcbench.detect(&Input::from_text("Run 1 (-j 4): 12 seconds\n")), 0);
    }

    /// attack52 F2: two reports of one processor, one under `powersave`
    /// and one under `performance`, were runs of one set-up: each job
    /// count's builds of both averaged. The field that differs is a
    /// parameter; those alike are none.
    #[test]
    fn reports_of_one_processor_under_two_governors_are_two_setups() {
        let governed = |g: &str| {
            REPORT.replace(
                "Linux running:",
                &format!("Cpufreq; Memory:     {g} [amd-pstate-epp]; 27841 MiB\nLinux running:"),
            )
        };
        let (first, second) = (governed("powersave"), governed("performance"));
        let f = Kcbench.parse(&Input::from_text(&format!("{first}\n{second}"))).unwrap();
        let builds: Vec<_> = f.samples.iter().filter(|s| s.metric.name == "build time").collect();
        assert_eq!(
            builds.iter().map(|s| param(s, "cpufreq")).collect::<Vec<_>>(),
            [
                Some("powersave [amd-pstate-epp]"),
                Some("powersave [amd-pstate-epp]"),
                Some("performance [amd-pstate-epp]"),
                Some("performance [amd-pstate-epp]")
            ]
        );
        assert!(f.samples.iter().all(|s| param(s, "memory").is_none() && param(s, "environment").is_none()));
        assert!(f.samples.iter().all(|s| param(s, "machine").is_none()));
        // One report: no parameter of its header.
        let one = Kcbench.parse(&Input::from_text(&first)).unwrap();
        assert!(one.samples.iter().all(|s| param(s, "cpufreq").is_none()));
    }

    /// attack53 F4: one processor's reports of two kernels (a before and
    /// after) whose `Memory:` differs by what each kernel leaves free are
    /// two kernels, not two set-ups: a `memory` parameter parted them and
    /// no row of one was compared with the other's. Under one kernel it
    /// still parts them.
    #[test]
    fn two_kernels_memory_is_no_setup_of_theirs() {
        let report = |kernel: &str, mib: &str| {
            REPORT.replace("6.12.48+deb13-amd64", kernel).replace(
                "Linux running:",
                &format!("Cpufreq; Memory:     powersave [amd-pstate-epp]; {mib} MiB\nLinux running:"),
            )
        };
        let text = format!("{}\n{}", report("6.12.48", "27841"), report("6.17.1", "27839"));
        let f = Kcbench.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(f.samples.iter().filter(|s| s.kernel.as_deref() == Some("6.17.1")).count(), 6);
        assert!(f.samples.iter().all(|s| param(s, "memory").is_none()), "{:?}", f.samples[0].params);
        let text = format!("{}\n{}", report("6.12.48", "27841"), report("6.12.48", "13920"));
        let f = Kcbench.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(param(&f.samples[0], "memory"), Some("27841 MiB"));
        assert_eq!(param(f.samples.last().unwrap(), "memory"), Some("13920 MiB"));
    }
}
