//! OSDB, the Open Source Database Benchmark (`osdb-pg` for PostgreSQL,
//! `osdb-my` for MySQL; osdb.sourceforge.net, 0.1x releases, 2001-2003),
//! an implementation of the AS3AP database benchmark.
//!
//! OSDB writes one log per invocation: a banner, the timed steps that build
//! the database, the single-user tests and (unless `--nomulti`) the
//! multi-user tests. Every timed step is one line, the test name right
//! aligned, then a tab, the elapsed seconds and the test's return value
//! (tabs shown as spaces here):
//!
//! ```text
//! "osdb"
//! "Invoked: ./bin/osdb-pg --nomulti --logfile /var/lib/pgsql/2.4.19-nomulti-40M.log"
//!                  create_tables()    0.10 seconds    return value = 0
//!               populateDataBase()    355.06 seconds    return value = 0
//!
//! "Logical database size 40MB"
//!
//!                       sel_1_cl()    0.24 seconds    return value = 1
//!              agg_simple_report()    66.67 seconds    return value = 990009900
//!
//! "Single User Test"    806.78 seconds    (0:13:26.78)
//! ```
//!
//! Later versions print `"Logical database size 40.0000MB (38.1470MiB,
//! 100000 tuples/relation)"`. The multi-user part, as OSDB and its AS3AP
//! ports log it:
//!
//! ```text
//! "Executing multi-user tests with 10 user tasks"
//! Mixed IR (tup/sec)    123.4567    returned in 5.0012 minutes
//! Mixed OLTP (tup/sec)    98.7654    returned in 5.0008 minutes
//! "Multi-User Test"    3620.15 seconds    (1:00:20.15)
//! ```
//!
//! Posters summarise runs with the kernel in front of the total:
//! `2.4.19 "Single User Test"    806.78 seconds    (0:13:26.78)`.
//!
//! Metrics produced:
//!
//! * every timed step, named as printed without the `()` (`sel_1_cl`,
//!   `bulk_modify`, `populateDataBase`), in `s`, smaller is better. The
//!   return value is a result count, not a measurement, and is not kept;
//! * the totals `Single User Test` and `Multi-User Test` (`"Multi user
//!   test"`, `"Multi-User Test"` … spellings are normalised), in `s`,
//!   smaller is better;
//! * throughput lines `NAME (tup/sec)    VALUE …` as `NAME` (`Mixed IR`,
//!   `Mixed OLTP`) and `NAME    VALUE tuples/sec` as `NAME`, in `tuples/s`,
//!   bigger is better;
//! * `CrossSectionTests(Mixed IR)    12.3456` (AS3AP ports) in `s`, smaller is
//!   better.
//!
//! Groups: `Database creation` (steps before the "Logical database size"
//! line), `Single User`, `Multi-User`. Parameters: `size` (the logical
//! database size, e.g. `40MB`, on every sample of the invocation that
//! printed it), in the multi-user group `users` (the user tasks), and
//! `occurrence` on a step that one log runs again: osdb-pg's single-user
//! part times `upd_app_t_mid()` three times (before and after indexes
//! change the table), different steps under one name. The first time keeps
//! the plain name's key; the second and third get `occurrence = 2`, `3`,
//! so that they are compared with the same step of another log, not
//! averaged with the first as if they were repeated runs.
//!
//! Kernels: a total labelled with a kernel (`2.4.19 "Single User Test" …`)
//! whose value equals the unlabelled total of exactly one full log in the
//! file names that log's kernel: every sample of the log gets it and the
//! summary line, the same figure copied, is not counted twice (a note on
//! it says where it is counted). Labelled totals matching no log are
//! kept as samples of their own. A labelled total repeated verbatim (quoted
//! in a reply) is counted once.
//!
//! A step line whose time is not a number or lacks its `seconds` (cut off)
//! is an error naming the line.

use crate::model::{Better, Metric, Param, ParsedFile, Sample};
use crate::parse::{BenchParser, Input, ParseError, num};
use compact_str::CompactString;
use rustc_hash::FxHashMap;

/// Reads OSDB (osdb-pg, osdb-my) logs.
pub struct Osdb;

const GROUP_CREATE: &str = "Database creation";
const GROUP_SINGLE: &str = "Single User";
const GROUP_MULTI: &str = "Multi-User";

/// One OSDB invocation's samples, before kernels are assigned.
#[derive(Default)]
struct Run {
    samples: Vec<Sample>,
    size: Option<String>,
    /// Value and line of the unlabelled `"Single User Test"` total.
    single_total: Option<(f64, usize)>,
}

/// A kernel-labelled total line.
struct Summary {
    kernel: String,
    metric: &'static str,
    value: f64,
    line: usize,
}

/// A quoted total such as `"Single User Test"    806.78 seconds    (0:13:26.78)`,
/// optionally preceded by a kernel label. Returns (label, metric, rest).
fn total_line(line: &str) -> Option<(Option<&str>, &'static str, &str)> {
    let open = line.find('"')?;
    let close = open + 1 + line[open + 1..].find('"')?;
    let name = &line[open + 1..close];
    let norm: String = name.to_ascii_lowercase().chars().filter(|c| c.is_ascii_alphabetic()).collect();
    let metric = match norm.as_str() {
        "singleusertest" => "Single User Test",
        "multiusertest" => "Multi-User Test",
        _ => return None,
    };
    let label = line[..open].trim();
    let label = if label.is_empty() {
        None
    } else if label.split_whitespace().count() == 1 {
        Some(label)
    } else {
        return None;
    };
    Some((label, metric, &line[close + 1..]))
}

/// Reads `806.78 seconds    (0:13:26.78)`: the seconds.
fn seconds_field(rest: &str) -> Option<f64> {
    let mut words = rest.split_whitespace();
    let v = num::plain(words.next()?)?;
    matches!(words.next(), Some("seconds" | "secs" | "sec")).then_some(v)
}

/// A timed step `   name()    0.10 seconds    return value = 0`: (name, rest).
fn step_line(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let paren = t.find("()")?;
    let name = &t[..paren];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let rest = &t[paren + 2..];
    // The name must be followed by whitespace and something else.
    if !rest.starts_with(char::is_whitespace) || rest.trim().is_empty() {
        return None;
    }
    Some((name, rest.trim()))
}

/// `"Logical database size 40.0000MB (…)"` → `40MB`.
fn size_line(line: &str) -> Option<String> {
    let t = line.trim().trim_matches('"');
    let rest = t.strip_prefix("Logical database size")?.trim();
    let word = rest.split_whitespace().next()?;
    let digits_end = word.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(word.len());
    let v = num::plain(&word[..digits_end])?;
    let unit = &word[digits_end..];
    Some(format!("{v}{unit}"))
}

/// `"Executing multi-user tests with 10 user tasks"` → 10.
fn users_line(line: &str) -> Option<u32> {
    let t = line.trim().trim_matches('"');
    let rest = t.strip_prefix("Executing multi-user tests with")?;
    rest.split_whitespace().next()?.parse().ok()
}

/// `Mixed IR (tup/sec)    123.4567    returned in 5 minutes` → (name, value text),
/// or `Name    123.4 tuples/sec`.
fn throughput_line(line: &str) -> Option<(String, &str)> {
    let t = line.trim();
    if let Some(pos) = t.find("(tup/sec)") {
        let name = t[..pos].trim();
        let value = t[pos + "(tup/sec)".len()..].split_whitespace().next().unwrap_or("");
        return (!name.is_empty()).then(|| (name.to_string(), value));
    }
    let pos = t.find("tuples/sec")?;
    let head = t[..pos].trim_end();
    let split = head.rfind(char::is_whitespace)?;
    let name = head[..split].trim().trim_end_matches(':').trim();
    let value = head[split..].trim();
    (!name.is_empty() && num::plain(value).is_some()).then(|| (name.to_string(), value))
}

/// `CrossSectionTests(Mixed IR)    12.3456` → (metric, value).
fn cross_section_line(line: &str) -> Option<(&str, &str)> {
    let t = line.trim();
    if !t.starts_with("CrossSectionTests(") {
        return None;
    }
    let close = t.find(')')?;
    Some((&t[..=close], t[close + 1..].trim()))
}

fn banner_line(line: &str) -> bool {
    let t = line.trim();
    t == "\"osdb\"" || (t.starts_with("\"Invoked:") && t.contains("osdb"))
}

impl BenchParser for Osdb {
    fn id(&self) -> &'static str {
        "osdb"
    }

    fn describe(&self) -> &'static str {
        "OSDB Open Source Database Benchmark (osdb-pg, osdb-my) logs"
    }

    /// The literals its first test asks for.
    fn literals(&self) -> &'static [&'static str] {
        &["(tup/sec)", "osdb", "\"", "return value"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // Every score needs one of these literals: a banner names `osdb`, a
        // total is quoted, a step reports its `return value`.
        let tuples = input.has("(tup/sec)");
        if !tuples && !input.has("osdb") && !input.has("\"") && !input.has("return value") {
            return 0;
        }
        let mut steps = 0usize;
        let mut best = 0u8;
        for line in &input.lines {
            if banner_line(line) {
                return 95;
            }
            if let Some((_, _, rest)) = total_line(line)
                && seconds_field(rest).is_some()
            {
                best = best.max(85);
            }
            if let Some((_, rest)) = step_line(line)
                && rest.contains("seconds")
                && rest.contains("return value")
            {
                steps += 1;
            }
            if tuples && line.contains("(tup/sec)") {
                best = best.max(60);
            }
        }
        if steps >= 3 {
            best = best.max(80);
        }
        best
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut out = ParsedFile { benchmark: self.id().to_string(), ..Default::default() };
        let mut st = State::default();
        let mut summaries: Vec<Summary> = Vec::new();

        for (n, line) in input.numbered() {
            if line.trim() == "\"osdb\"" {
                st.start_run();
                continue;
            }
            if banner_line(line) {
                // `"Invoked: …"` follows `"osdb"`: one log, not two.
                if !st.fresh {
                    st.start_run();
                }
                continue;
            }
            if let Some(size) = size_line(line) {
                st.current().size = Some(size);
                st.group = GROUP_SINGLE;
                continue;
            }
            if let Some(u) = users_line(line) {
                st.current();
                st.users = Some(u);
                st.group = GROUP_MULTI;
                continue;
            }
            if let Some((label, metric, rest)) = total_line(line) {
                let value = seconds_field(rest).ok_or_else(|| {
                    ParseError::malformed(n, format!("\"{metric}\" followed by its seconds"), line.trim())
                })?;
                match label {
                    Some(kernel) => add_summary(&mut summaries, &mut out.notes, kernel, metric, value, n),
                    None => st.push_total(metric, value, n),
                }
                continue;
            }
            if let Some((name, rest)) = step_line(line) {
                st.read_step(name, rest, n, line)?;
                continue;
            }
            if let Some((name, value_text)) = throughput_line(line) {
                let value = num::plain(value_text).ok_or_else(|| {
                    ParseError::malformed(n, format!("{name} (tup/sec) followed by a number"), line.trim())
                })?;
                let s = Sample::new(Metric::new(name, "tuples/s", Better::Higher), value, n).with_group(GROUP_MULTI);
                let s = st.with_users(s);
                st.push(s);
                continue;
            }
            if let Some((name, value_text)) = cross_section_line(line) {
                let value = num::plain(value_text)
                    .ok_or_else(|| ParseError::malformed(n, format!("{name} followed by its seconds"), line.trim()))?;
                let s = Sample::new(Metric::new(name, "s", Better::Lower), value, n).with_group(GROUP_MULTI);
                let s = st.with_users(s);
                st.push(s);
            }
        }

        let runs = st.runs;
        let (kernels, used) = name_kernels(&runs, &summaries, &mut out.notes);
        push_run_samples(runs, kernels, &mut out.samples);
        push_unused_summaries(&summaries, &used, &mut out.samples);
        out.samples.sort_by_key(|s| s.line);
        if out.samples.is_empty() {
            return Err(ParseError::NoResults { benchmark: "osdb", reason: "no timed OSDB step or total".to_string() });
        }
        Ok(out)
    }
}

/// Records the total `metric` = `value` seconds a line `n` labels with
/// `kernel` (a summary of several logs), unless a quoted repeat of one
/// already recorded (then a note).
fn add_summary(
    summaries: &mut Vec<Summary>,
    notes: &mut Vec<(usize, String)>,
    kernel: &str,
    metric: &'static str,
    value: f64,
    n: usize,
) {
    let dup = summaries.iter().any(|s| s.kernel == kernel && s.metric == metric && s.value == value);
    if dup {
        notes.push((n, format!("skipped repeated (quoted) total for {kernel}")));
    } else {
        summaries.push(Summary { kernel: kernel.to_string(), metric, value, line: n });
    }
}

/// Names the kernel of each full log in `runs` from a labelled total equal
/// to its single-user total, when exactly one kernel has that value and no
/// other log has the same total (with notes). Returns each run's kernel and
/// which summaries named one.
fn name_kernels(
    runs: &[Run],
    summaries: &[Summary],
    notes: &mut Vec<(usize, String)>,
) -> (Vec<Option<String>>, Vec<bool>) {
    let mut used = vec![false; summaries.len()];
    let mut kernels: Vec<Option<String>> = vec![None; runs.len()];
    for (ri, run) in runs.iter().enumerate() {
        let Some((total, tline)) = run.single_total else {
            continue;
        };
        let same_total = runs.iter().filter(|r| r.single_total.is_some_and(|(t, _)| t == total)).count();
        let matching: Vec<usize> = (0..summaries.len())
            .filter(|&i| summaries[i].metric == "Single User Test" && summaries[i].value == total)
            .collect();
        let first = matching.first().map(|&i| summaries[i].kernel.clone());
        let one_kernel = matching.iter().all(|&i| Some(&summaries[i].kernel) == first.as_ref());
        if let (1, Some(k), true) = (same_total, first, one_kernel) {
            for &i in &matching {
                used[i] = true;
                notes.push((
                    summaries[i].line,
                    format!(
                        "{k} \"Single User Test\" repeats the total of log {} (line {tline}), naming its kernel; counted once there",
                        ri + 1
                    ),
                ));
            }
            notes.push((tline, format!("log {} is kernel {k}: its total matches the summary line", ri + 1)));
            kernels[ri] = Some(k);
        }
    }
    (kernels, used)
}

/// Pushes the samples of each run onto `samples`, with its size, its
/// kernel (when named) and an `occurrence` for a repeated step.
fn push_run_samples(runs: Vec<Run>, kernels: Vec<Option<String>>, samples: &mut Vec<Sample>) {
    for (run, kernel) in runs.into_iter().zip(kernels) {
        let mut seen: FxHashMap<(CompactString, CompactString), usize> = FxHashMap::default();
        for mut s in run.samples {
            let nth = seen.entry((s.group.clone(), s.metric.name.clone())).or_default();
            *nth += 1;
            if *nth > 1 {
                s.params.push(Param::new("occurrence", *nth));
            }
            if let Some(size) = &run.size {
                s.params.insert(0, Param::new("size", size));
            }
            if kernel.is_some() {
                s.kernel = kernel.as_deref().map(Into::into);
            }
            samples.push(s);
        }
    }
}

/// Pushes the labelled totals that named no log's kernel onto `samples`,
/// as samples of their kernel.
fn push_unused_summaries(summaries: &[Summary], used: &[bool], samples: &mut Vec<Sample>) {
    for (s, u) in summaries.iter().zip(used) {
        if !u {
            let group = if s.metric == "Single User Test" { GROUP_SINGLE } else { GROUP_MULTI };
            samples.push(
                Sample::new(Metric::new(s.metric, "s", Better::Lower), s.value, s.line)
                    .with_group(group)
                    .with_kernel(s.kernel.clone()),
            );
        }
    }
}

/// Parser state while reading the lines.
struct State {
    runs: Vec<Run>,
    group: &'static str,
    users: Option<u32>,
    /// The last log was just started by a banner line and holds nothing.
    fresh: bool,
    /// The last log printed its single-user total.
    single_done: bool,
    /// The last log printed its multi-user total: it is over.
    closed: bool,
}

impl Default for State {
    fn default() -> Self {
        State { runs: Vec::new(), group: GROUP_CREATE, users: None, fresh: false, single_done: false, closed: false }
    }
}

impl State {
    fn start_run(&mut self) {
        self.runs.push(Run::default());
        self.group = GROUP_CREATE;
        self.users = None;
        self.fresh = true;
        self.single_done = false;
        self.closed = false;
    }

    /// The log being read, starting one when there is none or the last is over.
    fn current(&mut self) -> &mut Run {
        if self.runs.is_empty() || self.closed {
            self.start_run();
        }
        self.fresh = false;
        let last = self.runs.len() - 1;
        &mut self.runs[last]
    }

    fn push(&mut self, s: Sample) {
        self.current().samples.push(s);
    }

    fn with_users(&self, s: Sample) -> Sample {
        match self.users {
            Some(u) => s.with_param("users", u),
            None => s,
        }
    }

    /// Adds the unlabelled total `metric` = `value` seconds of line `n`: the
    /// single-user total (a second one starts another log) or a multi-user
    /// total (which closes the multi-user part).
    fn push_total(&mut self, metric: &'static str, value: f64, n: usize) {
        if metric == "Single User Test" {
            if self.single_done {
                self.start_run(); // a second total: another log
            }
            self.push(Sample::new(Metric::new(metric, "s", Better::Lower), value, n).with_group(GROUP_SINGLE));
            self.current().single_total = Some((value, n));
            self.single_done = true;
        } else {
            let s = self.with_users(Sample::new(Metric::new(metric, "s", Better::Lower), value, n));
            self.push(s.with_group(GROUP_MULTI));
            self.closed = true;
        }
    }

    /// Adds the step `name()` of `line` (number `n`) whose text after the
    /// name is `rest`: `<seconds> seconds …`. Prose (`main() is …`) is
    /// skipped; a step without its seconds is an error.
    fn read_step(&mut self, name: &str, rest: &str, n: usize, line: &str) -> Result<(), ParseError> {
        let mut words = rest.split_whitespace();
        let first = words.next().unwrap_or("");
        let first_num = num::plain(first);
        if first_num.is_none() && !rest.contains("seconds") {
            return Ok(()); // prose such as `main() is ...`
        }
        let value = match (first_num, words.next()) {
            (Some(v), Some("seconds")) => v,
            _ => {
                return Err(ParseError::malformed(n, format!("{name}() followed by `<seconds> seconds`"), line.trim()));
            }
        };
        // A step after a finished single-user total and no
        // multi-user marker starts the next (banner-less) log.
        if self.single_done && self.users.is_none() {
            self.start_run();
        }
        let s = Sample::new(Metric::new(name, "s", Better::Lower), value, n).with_group(self.group);
        let s = if self.group == GROUP_MULTI { self.with_users(s) } else { s };
        self.push(s);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "\"osdb\"\n\
\"Invoked: ./bin/osdb-pg --nomulti\"\n\
                 create_tables()\t0.10 seconds\treturn value = 0\n\
              populateDataBase()\t355.06 seconds\treturn value = 0\n\
\n\
\"Logical database size 40MB\"\n\
\n\
                      sel_1_cl()\t0.24 seconds\treturn value = 1\n\
                 upd_app_t_mid()\t0.00 seconds\treturn value = 1\n\
                 upd_app_t_mid()\t0.07 seconds\treturn value = 1\n\
\n\
\"Single User Test\"\t806.78 seconds\t(0:13:26.78)\n";

    fn get<'a>(p: &'a ParsedFile, group: &str, metric: &str) -> Vec<&'a Sample> {
        p.samples.iter().filter(|s| s.group == group && s.metric.name == metric).collect()
    }

    #[test]
    fn single_user_log() {
        let input = Input::from_text(LOG);
        assert_eq!(Osdb.detect(&input), 95);
        let p = Osdb.parse(&input).unwrap();
        assert_eq!(p.samples.len(), 6);
        let pop = get(&p, GROUP_CREATE, "populateDataBase");
        assert_eq!(pop[0].value.mean(), 355.06);
        assert_eq!(pop[0].params, vec![Param::new("size", "40MB")]);
        assert_eq!(pop[0].line, 4);
        let upd = get(&p, GROUP_SINGLE, "upd_app_t_mid");
        assert_eq!(upd.len(), 2);
        // The step run again is another step: its own key, not a second run.
        assert_eq!(upd[0].params, vec![Param::new("size", "40MB")]);
        assert_eq!(upd[1].params, vec![Param::new("size", "40MB"), Param::new("occurrence", 2)]);
        let total = get(&p, GROUP_SINGLE, "Single User Test");
        assert_eq!(total[0].value.mean(), 806.78);
        assert_eq!(total[0].metric, Metric::new("Single User Test", "s", Better::Lower));
        assert!(total[0].kernel.is_none());
    }

    #[test]
    fn summary_lines_name_the_logs() {
        let text = format!(
            "2.4.19 \"Single User Test\"\t806.78 seconds\t(0:13:26.78)\n\
             2.5.52 \"Single User Test\"\t3771.85 seconds\t(1:02:51.85)\n\n{LOG}\n{}",
            LOG.replace("806.78", "3771.85").replace("355.06", "3518.83")
        );
        let p = Osdb.parse(&Input::from_text(&text)).unwrap();
        let pops = get(&p, GROUP_CREATE, "populateDataBase");
        assert_eq!(pops.len(), 2);
        assert_eq!(pops[0].kernel.as_deref(), Some("2.4.19"));
        assert_eq!(pops[1].kernel.as_deref(), Some("2.5.52"));
        assert_eq!(pops[1].value.mean(), 3518.83);
        // the summaries are not counted again
        assert_eq!(get(&p, GROUP_SINGLE, "Single User Test").len(), 2);
    }

    #[test]
    fn unmatched_and_quoted_summaries() {
        let text = "> 2.4.19 \"Single User Test\"\t806.78 seconds\t(0:13:26.78)\n\
                    2.4.19 \"Single User Test\"\t806.78 seconds\t(0:13:26.78)\n\
                    2.4.19(mem=24M) \"Single User Test\"\t3371.98 seconds\t(0:56:11.98)\n";
        let input = Input::from_text(text);
        assert_eq!(Osdb.detect(&input), 85);
        let p = Osdb.parse(&input).unwrap();
        assert_eq!(p.samples.len(), 2);
        assert_eq!(p.samples[1].kernel.as_deref(), Some("2.4.19(mem=24M)"));
        assert_eq!(p.samples[1].value.mean(), 3371.98);
    }

    #[test]
    fn new_size_line_and_multi_user() {
        let text = "\"osdb\"\n\"Invoked: ./osdb-pg\"\n\
\"Logical database size 40.0000MB (38.1470MiB, 100000 tuples/relation)\"\n\
                      sel_1_cl()\t0.31 seconds\treturn value = 1\n\
\"Single User Test\"\t1787.62 seconds\t(0:29:47.62)\n\
\"Executing multi-user tests with 10 user tasks\"\n\
Mixed IR (tup/sec)\t123.4567\treturned in 5.0012 minutes\n\
CrossSectionTests(Mixed IR)\t12.5\n\
             mu_checkmod_100_seq()\t0.02 seconds\treturn value = 0\n\
Mixed OLTP (tup/sec)\t98.7654\treturned in 5.0008 minutes\n\
\"Multi-User Test\"\t3620.15 seconds\t(1:00:20.15)\n";
        let p = Osdb.parse(&Input::from_text(text)).unwrap();
        let ir = get(&p, GROUP_MULTI, "Mixed IR");
        assert_eq!(ir[0].value.mean(), 123.4567);
        assert_eq!(ir[0].metric, Metric::new("Mixed IR", "tuples/s", Better::Higher));
        assert_eq!(ir[0].params, vec![Param::new("size", "40MB"), Param::new("users", 10)]);
        assert_eq!(get(&p, GROUP_MULTI, "mu_checkmod_100_seq")[0].value.mean(), 0.02);
        assert_eq!(get(&p, GROUP_MULTI, "CrossSectionTests(Mixed IR)")[0].value.mean(), 12.5);
        assert_eq!(get(&p, GROUP_MULTI, "Multi-User Test")[0].value.mean(), 3620.15);
        assert_eq!(get(&p, GROUP_MULTI, "Mixed OLTP")[0].value.mean(), 98.7654);
    }

    #[test]
    fn cut_step_is_an_error() {
        let text = "\"osdb\"\n                      agg_func()\t16.\n";
        let err = Osdb.parse(&Input::from_text(text)).unwrap_err();
        assert_eq!(err.line(), Some(2));
        let text = "\"osdb\"\n                      agg_func()\tx.5 seconds\treturn value = 100\n";
        assert_eq!(Osdb.parse(&Input::from_text(text)).unwrap_err().line(), Some(2));
    }

    #[test]
    fn bad_total_is_an_error() {
        let err = Osdb.parse(&Input::from_text("\"Single User Test\"\tabc seconds\n")).unwrap_err();
        assert_eq!(err.line(), Some(1));
    }

    #[test]
    fn prose_is_not_osdb() {
        let input = Input::from_text("I ran printf() and main() today.\nThe Open Source database benchmark\n");
        assert_eq!(Osdb.detect(&input), 0);
        assert!(matches!(Osdb.parse(&input), Err(ParseError::NoResults { .. })));
    }
}
