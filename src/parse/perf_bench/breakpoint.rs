//! `perf bench breakpoint` (`thread` and `enable`, perf 5.19+): the cost
//! of inheritable hardware breakpoints to creating threads, and of
//! enabling a breakpoint while threads run.
//!
//! ```text
//! # Running 'breakpoint/thread' benchmark:
//! # Created/joined 30 threads with 4 breakpoints and 64 parallelism
//!      Total time: 236.418 [sec]
//!
//!    123134.794271 usecs/op
//!   7880626.833333 usecs/op/cpu
//!
//! # Running 'breakpoint/enable' benchmark:
//! # Enabled/disabled breakpoint 20000 time with 224 passive and 0 active threads
//!      Total time: 8.933 [sec]
//!
//!      446.674950 usecs/op
//! ```
//!
//! Metrics: `Total time` and `usecs/op` (see [`super`]), and thread's
//! `usecs/op/cpu` (usecs, lower is better: `usecs/op` times the
//! parallelism). Parameters: `repeat` (perf bench's `-r`/`--repeat`, which
//! the header line's first figure prints), thread's `breakpoints`
//! (`-b`), `parallelism` (`-p`) and `threads` (`-t`, printed nowhere:
//! from the command line only), enable's `passive` (`-p`) and `active`
//! (`-a`). A run printed without its header under its command line
//! (`perf bench --repeat=56 breakpoint thread --breakpoints=0
//! --parallelism=56 --threads=20` / `78.675000 usecs/op`, Dmitry Vyukov's
//! commit message, LKML 2022-05) takes them from the command; no default
//! is filled in for an option the command leaves out.

use super::Section;
use crate::model::{Better, Metric, ParsedFile};
use crate::parse::ParseError;
use crate::parse::num::plain;

/// Sets the parameters the command line gives and the section has not
/// read yet (the header's figures, when they come, replace them).
fn from_command(sec: &mut Section) {
    let enable = sec.group == "breakpoint/enable";
    let options: &[(&'static str, &str, &str)] = if enable {
        &[("repeat", "-r", "--repeat"), ("passive", "-p", "--passive"), ("active", "-a", "--active")]
    } else {
        &[
            ("repeat", "-r", "--repeat"),
            ("breakpoints", "-b", "--breakpoints"),
            ("parallelism", "-p", "--parallelism"),
            ("threads", "-t", "--threads"),
        ]
    };
    for &(name, short, long) in options {
        if !sec.has(name)
            && let Some(v) = sec.option(short, long).filter(|v| v.parse::<u64>().is_ok())
        {
            let v = v.to_string();
            sec.set(name, v);
        }
    }
}

/// The figures after the words of a header line (`# Created/joined 30
/// threads with 4 breakpoints and 64 parallelism`): each word that is a
/// whole number, in order.
fn counts(rest: &str) -> Vec<u64> {
    rest.split_whitespace().filter_map(|w| w.parse::<u64>().ok()).collect()
}

/// Reads a breakpoint header or result line; true when it was one (the
/// shared `Total time` and `usecs/op` lines are left to [`super`]).
pub(super) fn line(sec: &mut Section, n: usize, t: &str, out: &mut ParsedFile) -> Result<bool, ParseError> {
    from_command(sec);
    if let Some(rest) = t.strip_prefix("# Created/joined ")
        && let [repeat, breakpoints, parallelism] = counts(rest)[..]
    {
        sec.set("repeat", repeat);
        sec.set("breakpoints", breakpoints);
        sec.set("parallelism", parallelism);
        return Ok(true);
    }
    if let Some(rest) = t.strip_prefix("# Enabled/disabled breakpoint ")
        && let [repeat, passive, active] = counts(rest)[..]
    {
        sec.set("repeat", repeat);
        sec.set("passive", passive);
        sec.set("active", active);
        return Ok(true);
    }
    if let Some(num) = t.strip_suffix("usecs/op/cpu").filter(|v| v.ends_with(' ')) {
        let v = plain(num.trim()).ok_or_else(|| ParseError::malformed(n, "a number before `usecs/op/cpu`", t))?;
        out.samples.push(sec.sample(Metric::new("usecs/op/cpu", "usecs/op/cpu", Better::Lower), v, n));
        return Ok(true);
    }
    Ok(false)
}
