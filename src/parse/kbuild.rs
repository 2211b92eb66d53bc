//! LKP's kbuild test: a kernel tree cleaned, configured and built again
//! and again, each build timed.
//!
//! LKP's log prints its commands with a timestamp, make's output, and
//! around each build its start and end as seconds since the epoch; newer
//! LKP prints the build's `real`/`user`/`sys` too:
//!
//! ```text
//! 2024-02-26 06:47:23 make mrproper
//! 2024-02-26 06:47:27 make defconfig
//!   HOSTCC  scripts/basic/fixdep
//! start time: 1708930050.011573855
//!
//! real: 33.544s
//! user: 910.672s
//! sys: 160.023s
//! end time: 1708930083.557520310
//! …
//! iterations: 8
//! runtime: 319
//! ```
//!
//! Metrics (group empty), one sample per build, each in seconds, lower is
//! better:
//! * `build time`: `end time` − `start time` of the build (the figure LKP
//!   reports as `buildtime_per_iteration`);
//! * `real`, `user`, `sys`, when printed.
//!
//! Parameters: `config`, the configuration target of the last `make
//! …config` command before the build (`allyesconfig`, `defconfig`), and
//! `compiler`, when the log links one as the system's `gcc` (`ln -s
//! /usr/bin/gcc-9 /usr/bin/gcc` → `gcc-9`). The builds of one file are runs
//! of one sample set. `iterations:` and `runtime:` (the whole test's
//! seconds, cleaning and configuring included) are not read.
//!
//! An `end time` without a `start time` before it, or a start, end or time
//! that is no number, is an error at its line; a start time with no end
//! (a build cut short) is a note. A build inside which make reports its
//! own failure (`make: *** [Makefile:1913: drivers] Error 2`) or the
//! harness's shell reports make killed (`/lkp/lkp/src/tests/kbuild: line
//! 87: 43210 Killed  make -j 256 vmlinux`; every form
//! [`super::failed::command_failed`] names) is left out, with a note at its
//! `end time` naming the failure's line: its times are a failure's, not a
//! build's.

use super::cmdline::args_of;
use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// LKP's kbuild; registry id `"kbuild"`.
pub struct Kbuild;

const ID: &str = "kbuild";

/// The set-up the log's commands give the builds that follow.
#[derive(Default, Clone)]
struct Setup {
    config: Option<String>,
    compiler: Option<String>,
}

impl Setup {
    fn sample(&self, name: &str, value: f64, n: usize) -> Sample {
        let mut s = Sample::new(Metric::new(name, "s", Better::Lower), value, n);
        if let Some(c) = &self.config {
            s = s.with_param("config", c);
        }
        if let Some(c) = &self.compiler {
            s = s.with_param("compiler", c);
        }
        s
    }

    /// Reads a command line of the log into the set-up.
    fn command(&mut self, t: &str) {
        if let Some(args) = args_of(t, "make") {
            if let Some(target) = args.iter().find(|a| a.ends_with("config") && !a.starts_with('-')) {
                self.config = Some((*target).to_string());
            }
        } else if let Some(args) = args_of(t, "ln") {
            let args: Vec<&str> = args.into_iter().filter(|a| !a.starts_with('-')).collect();
            if let [from, to] = args[..]
                && (super::cmdline::base(to) == "gcc" || super::cmdline::base(to) == "cc")
            {
                self.compiler = Some(super::cmdline::base(from).to_string());
            }
        }
    }
}

/// `label: 33.544s` → 33.544 (the `s` optional).
fn seconds(n: usize, t: &str, rest: &str) -> Result<f64, ParseError> {
    let v = rest.trim();
    plain(v.strip_suffix('s').unwrap_or(v)).ok_or_else(|| ParseError::malformed(n, "a time in seconds", t))
}

fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
    let mut setup = Setup::default();
    let mut start: Option<(usize, f64)> = None;
    // The build's `real`/`user`/`sys`, kept until its end time, and the
    // line of the first failure inside it (`make: *** [Makefile:1913:
    // drivers] Error 2`, `…/kbuild: line 87: 43210 Killed  make`): a failed
    // build is left out.
    let mut times: Vec<Sample> = Vec::new();
    let mut failed: Option<usize> = None;
    let mut first_failure: Option<(usize, String)> = None;
    // The (start, end) stamps of every build read so far.
    let mut stamps: Vec<(f64, f64)> = Vec::new();
    // The builds left out for their stamps: (line, why).
    let mut stamps_left_out: Vec<(usize, String)> = Vec::new();
    for (n, line) in input.numbered() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("start time:") {
            if let Some((m, _)) = start {
                out.notes.push((m, "a build's start time with no end time: the build is not read".into()));
            }
            start = Some((n, seconds(n, t, rest)?));
            times.clear();
            failed = None;
        } else if let Some(rest) = t.strip_prefix("end time:") {
            let end = seconds(n, t, rest)?;
            let (_, begin) = start.take().ok_or_else(|| ParseError::malformed(n, "a `start time:` line first", t))?;
            if let Some(at) = failed.take() {
                let what = super::failed::quote(&input.lines[at - 1]);
                out.notes.push((n, format!("this build failed (line {at}: `{what}`): its times are left out")));
                first_failure.get_or_insert((at, what));
                times.clear();
                continue;
            }
            // A build that ends before it starts, or whose start or end
            // stamp (to the nanosecond) an earlier build printed too, is
            // no build of its own: a paragraph of the log pasted again
            // pairs one build's end with the next one's start (attack34 6:
            // `build time -6.454053 s`, the fastest build of the class, and
            // a pasted build's real/user/sys read as a ninth).
            let again = stamps.iter().any(|&(b, e)| b == begin || e == end);
            if end < begin || again {
                let why = if end < begin {
                    "this build's end time is before its start time".to_string()
                } else {
                    "this build's start or end time repeats an earlier build's to the nanosecond (the log pasted again?)"
                        .to_string()
                };
                out.notes.push((n, format!("{why}: its times are left out")));
                stamps_left_out.push((n, why));
                times.clear();
                continue;
            }
            // To the microsecond: the difference of two nanosecond epochs
            // carries the doubles' remainder (151.8263578414917).
            let took = ((end - begin) * 1e6).round() / 1e6;
            stamps.push((begin, end));
            out.samples.append(&mut times);
            out.samples.push(setup.sample("build time", took, n));
        } else if let Some((name, rest)) = t.split_once(':').filter(|(k, _)| matches!(*k, "real" | "user" | "sys")) {
            if start.is_none() {
                out.notes.push((n, format!("`{name}:` outside a build's start and end: not read")));
                continue;
            }
            times.push(setup.sample(name, seconds(n, t, rest)?, n));
        } else if start.is_some() && super::failed::command_failed(t) {
            failed.get_or_insert(n);
        } else {
            setup.command(t);
        }
    }
    if let Some((m, _)) = start {
        out.notes.push((m, "a build's start time with no end time: the build is not read".into()));
    }
    if out.samples.is_empty() {
        let reason = match first_failure {
            Some((at, what)) => format!("every build failed (line {at}: `{what}`)"),
            None if !stamps_left_out.is_empty() => {
                format!("every build's times were left out (line {}: {})", stamps_left_out[0].0, stamps_left_out[0].1)
            }
            None => "no `start time:` / `end time:` pair".into(),
        };
        return Err(ParseError::NoResults { benchmark: ID, reason });
    }
    Ok(out)
}

impl BenchParser for Kbuild {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "LKP kbuild logs (start/end time and real/user/sys per build)"
    }

    /// Its first test asks for both.
    fn literals(&self) -> &'static [&'static str] {
        &["start time: "]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has("start time: ") || !input.has("end time: ") {
            return 0;
        }
        let epoch = |l: &String, key: &str| l.strip_prefix(key).and_then(plain).is_some_and(|v| v > 1.0e8);
        let starts = input.lines.iter().any(|l| epoch(l, "start time:"));
        let make = input.has(" make ") || input.has("iterations: ");
        if starts && make && input.lines.iter().any(|l| epoch(l, "end time:")) { 85 } else { 0 }
    }

    fn max_score(&self) -> u8 {
        85
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// attack34 6: a paragraph of the log pasted again (`real` … `end
    /// time` of build 1, `start time` of build 2) paired build 1's end with
    /// build 2's start (`build time -6.232507 s`); a build pasted whole
    /// was another run. Both are left out with a warning; the real builds
    /// are read.
    #[test]
    fn a_build_ending_before_it_starts_or_pasted_again_is_left_out() {
        let b1 = "start time: 1708930050.011573855\nreal: 33.544s\nend time: 1708930083.557520310\n";
        let b2 = "start time: 1708930089.790027934\nreal: 34.189s\nend time: 1708930123.979912732\n";
        let pasted = "real: 33.544s\nend time: 1708930083.557520310\nstart time: 1708930089.790027934\n";
        let text =
            format!("make -j8\n{b1}{}{pasted}{}", &b2[..b2.find('\n').unwrap() + 1], &b2[b2.find('\n').unwrap() + 1..]);
        let f = Kbuild.parse(&Input::from_text(&text)).unwrap();
        let builds: Vec<f64> =
            f.samples.iter().filter(|s| s.metric.name == "build time").map(|s| s.value.mean()).collect();
        assert_eq!(builds, [33.545947, 34.189885], "{:?}", f.notes);
        assert!(f.notes.iter().any(|(_, m)| m.contains("end time is before its start time")), "{:?}", f.notes);
        let twice = format!("make -j8\n{b1}{b1}");
        let f = Kbuild.parse(&Input::from_text(&twice)).unwrap();
        assert_eq!(f.samples.iter().filter(|s| s.metric.name == "build time").count(), 1);
        assert!(f.notes.iter().any(|(_, m)| m.contains("repeats an earlier build's")), "{:?}", f.notes);
    }

    /// attack24's kb/fail.txt, trimmed: make's `Error 2` between start and
    /// end time; the build after it succeeded.
    #[test]
    fn a_failed_build_is_left_out() {
        let text = "2023-09-22 06:45:32 make allyesconfig\nstart time: 1695365134.210934799\n\
            drivers/gpu/drm/foo.c:123:5: error: implicit declaration of function 'bar'\n\
            make[4]: *** [scripts/Makefile.build:243: drivers/gpu/drm/foo.o] Error 1\n\
            make: *** [Makefile:1913: drivers] Error 2\nreal: 6.800s\nend time: 1695365141.037292752\n\
            start time: 1695365200.5\nreal: 150.000s\nend time: 1695365351.0\niterations: 2\n";
        let f = Kbuild.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> =
            f.samples.iter().map(|s| format!("{} {} {}", s.line, s.metric.name, s.value.mean())).collect();
        assert_eq!(got, ["9 real 150", "10 build time 150.5"]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 7);
        assert!(f.notes[0].1.contains("line 4: `make[4]: *** [scripts/Makefile.build:243"), "{:?}", f.notes);
        let alone = "start time: 1695365134.2\nmake: *** [Makefile:1913: drivers] Error 2\nend time: 1695365141.0\n";
        let e = Kbuild.parse(&Input::from_text(alone)).unwrap_err();
        assert!(
            e.to_string().contains("every build failed (line 2: `make: *** [Makefile:1913: drivers] Error 2`)"),
            "{e}"
        );
    }

    /// attack25's f/kbkill.txt, trimmed: the harness's shell reports make
    /// killed (`…/kbuild: line 87: 43210 Killed  make -j 256 vmlinux`)
    /// between start and end time; LKP printed the times anyway.
    #[test]
    fn a_killed_build_is_left_out() {
        let text = "2024-02-26 06:47:27 make defconfig\nstart time: 1708930050.011573855\n\n\
            /lkp/lkp/src/tests/kbuild: line 87: 43210 Killed                  make -j 256 vmlinux\n\
            real: 33.544s\nuser: 910.672s\nsys: 160.023s\nend time: 1708930083.557520310\n\
            start time: 1708930089.790027934\n\nreal: 34.189s\nuser: 912.767s\nsys: 160.453s\n\
            end time: 1708930123.979912732\n";
        let f = Kbuild.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> =
            f.samples.iter().map(|s| format!("{} {} {}", s.line, s.metric.name, s.value.mean())).collect();
        assert_eq!(got, ["11 real 34.189", "12 user 912.767", "13 sys 160.453", "14 build time 34.189885"]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 8);
        assert!(
            f.notes[0].1.contains("line 4: `/lkp/lkp/src/tests/kbuild: line 87: 43210 Killed make"),
            "{:?}",
            f.notes
        );
    }

    #[test]
    fn builds_with_and_without_times() {
        let text = "2023-09-22 06:45:29 ln -s /usr/bin/gcc-9 /usr/bin/gcc\n2023-09-22 06:45:32 make allyesconfig\n\
            start time: 1695365134.25\nend time: 1695365286.0\n\
            2024-02-26 06:47:27 make defconfig\nstart time: 100000000.5\n\nreal: 33.544s\nuser: 910.672s\nsys: 160.023s\n\
            end time: 100000034.0\nstart time: 100000040\niterations: 2\n";
        let input = Input::from_text(text);
        assert_eq!(Kbuild.detect(&input), 85);
        let f = Kbuild.parse(&input).unwrap();
        let got: Vec<String> = f
            .samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {} {} {}", s.line, s.metric.name, s.value.mean(), p.join(" "))
            })
            .collect();
        assert_eq!(got[0], "4 build time 151.75 config=allyesconfig compiler=gcc-9");
        assert_eq!(got[1], "8 real 33.544 config=defconfig compiler=gcc-9");
        assert_eq!(got[4], "11 build time 33.5 config=defconfig compiler=gcc-9");
        assert_eq!(f.samples.len(), 5);
        assert_eq!(f.notes, vec![(12, "a build's start time with no end time: the build is not read".to_string())]);
    }

    #[test]
    fn damage() {
        let bad = "make defconfig\nstart time: 1708930050.0\nend time: x\n";
        assert_eq!(Kbuild.parse(&Input::from_text(bad)).unwrap_err().line(), Some(3));
        let orphan = "make defconfig\nend time: 1708930050.0\nstart time: 1708930050.0\n";
        assert_eq!(Kbuild.parse(&Input::from_text(orphan)).unwrap_err().line(), Some(2));
    }
}
