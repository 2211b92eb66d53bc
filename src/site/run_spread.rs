//! Runs of one timed job that differ too much to be runs of one job.
//!
//! A shell's `time` (or GNU time) around a build prints no set-up: files
//! `log0 log1 log2` holding `make -j1`, `-j2` and `-j4` (or a kernel, a
//! perl and a gcc build) read as three runs of one cell, and were averaged
//! without a word (attack39 #16: `350 ±229`, a spread of 65%; three
//! builds of 900, 120 and 2400 s hid a 25% regression of one). Runs of one
//! timed job differ by a few percent; a cell of [`TIMED`] benchmarks
//! whose slowest run took more than [`SPREAD`] times its fastest is warned
//! of, naming both runs' files and lines. The runs are still averaged: the
//! warning says what may be wrong, nothing is hidden.

use super::{CellKey, ResultFile};
use crate::diag::Diagnostic;
use rustc_hash::FxHashMap;

/// The benchmarks whose runs are timed jobs with no set-up printed.
const TIMED: [&str; 2] = ["bash-time", "gnu-time"];

/// How many times its fastest run a cell's slowest may take and still be
/// runs of one job: a cold cache or a busy machine makes a run some tens
/// of percent slower, not twice as slow.
pub const SPREAD: f64 = 2.0;

/// The wall-clock metrics a job is judged by: `real` (a shell's `time`)
/// and `elapsed` (GNU time's). `user` and `sys` of one job vary more
/// (attack41 F15: `sys` 10, 25, 12 s of runs whose `real` agreed within
/// 1 % was warned of as different jobs), and follow `real` where the jobs
/// do differ.
const WALL_CLOCK: [&str; 2] = ["real", "elapsed"];

/// How many seconds a cell's slowest run must take more than its fastest
/// to be warned of: below it, twice is a timer's and a scheduler's noise
/// (attack41 F15: `./hello`'s 4 and 11 ms were "different jobs").
pub const FLOOR_S: f64 = 0.1;

/// A run's value (s), its file's index and its line.
type Run = (f64, usize, usize);

/// Warns, per benchmark of [`TIMED`], of the first cell (in file order)
/// whose runs (of at least two) differ more than [`SPREAD`] times, and
/// counts the others alike.
pub fn warn_of_spread_runs(results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
    for bench in TIMED {
        // Cell → (fastest, slowest), each (value, file index, line).
        let mut cells: FxHashMap<CellKey<'_>, (Run, Run, usize)> = FxHashMap::default();
        let mut order: Vec<CellKey<'_>> = Vec::new();
        for (i, rf) in results.iter().enumerate().filter(|(_, rf)| rf.parsed.benchmark == bench) {
            for s in rf
                .parsed
                .samples
                .iter()
                .filter(|s| s.metric.unit == "s" && WALL_CLOCK.contains(&s.metric.name.as_str()))
            {
                let v = s.value.mean();
                if !v.is_finite() {
                    continue;
                }
                let key = super::cell_of(s);
                let run = (v, i, s.line);
                match cells.get_mut(&key) {
                    Some((lo, hi, n)) => {
                        if v < lo.0 {
                            *lo = run;
                        }
                        if v > hi.0 {
                            *hi = run;
                        }
                        *n += 1;
                    }
                    None => {
                        order.push(key);
                        cells.insert(key, (run, run, 1));
                    }
                }
            }
        }
        let spread: Vec<&CellKey<'_>> = order
            .iter()
            .filter(|k| {
                let (lo, hi, n) = cells[*k];
                n >= 2 && lo.0 > 0.0 && hi.0 > SPREAD * lo.0 && hi.0 - lo.0 >= FLOOR_S
            })
            .collect();
        let Some(first) = spread.first() else { continue };
        let ((lo, li, ll), (hi, hi_i, hl), n) = cells[*first];
        let more = match spread.len() - 1 {
            0 => String::new(),
            1 => " (and 1 more cell alike)".to_string(),
            m => format!(" (and {m} more cells alike)"),
        };
        let &&(kernel, _, _, metric) = first;
        let metric = &metric.0.name;
        diags.push(Diagnostic::warning(
            &results[hi_i].path,
            Some(hl),
            format!(
                "{bench}: the {n} runs of {metric} of {} differ more than {SPREAD}× ({lo} s at {}:{ll} to {hi} s at \
                 {}:{hl}){more}: runs of one timed job differ by some percent, so these may be different jobs (`make \
                 -j1` and `-j4`, or other programs) averaged as runs; if so, give each its own set-up (a directory \
                 or file name per job)",
                if kernel.is_empty() { "no kernel" } else { kernel },
                results[li].rel_path,
                results[hi_i].rel_path,
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Better, Metric, Sample};

    fn files(reals: &[f64]) -> Vec<ResultFile> {
        reals
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                let s = Sample::new(Metric::new("real", "s", Better::Lower), v, 2);
                let mut rf = crate::site::testing::result_file(&format!("6.1/log{i}.txt"), "bash-time", vec![s]);
                rf.path = format!("/c/6.1/log{i}.txt").into();
                rf
            })
            .collect()
    }

    /// attack39 #16 (c01: `log0 log1 log2` of `make -j1 -j2 -j4`, 600,
    /// 300 and 150 s; c17: three builds of 900, 120 and 2400 s): warned at
    /// the slowest run's line, naming the fastest. Must not fire on runs
    /// some tens of percent apart (600 and 630 s; a cold first run of 1.8×),
    /// on one run, or on another benchmark.
    #[test]
    fn timed_runs_more_than_twice_apart_are_warned_of() {
        let mut diags = Vec::new();
        warn_of_spread_runs(&files(&[600.0, 300.0, 150.0]), &mut diags);
        assert_eq!(diags.len(), 1);
        assert!(
            diags[0].message.contains(
                "the 3 runs of real of 6.1 differ more than 2× (150 s at 6.1/log2.txt:2 to 600 s at 6.1/log0.txt:2)"
            ),
            "{}",
            diags[0].message
        );
        assert_eq!(diags[0].line, Some(2));
        for quiet in [&[600.0, 630.0][..], &[100.0, 180.0, 101.0], &[600.0]] {
            let mut diags = Vec::new();
            warn_of_spread_runs(&files(quiet), &mut diags);
            assert!(diags.is_empty(), "{quiet:?}: {diags:?}");
        }
        let mut other = files(&[600.0, 150.0]);
        for rf in &mut other {
            rf.parsed.benchmark = "kernbench".into();
        }
        let mut diags = Vec::new();
        warn_of_spread_runs(&other, &mut diags);
        assert!(diags.is_empty());
    }

    /// attack41 F15: `sys` alone apart (the runs' `real` agree) and
    /// millisecond runs 2.75× apart are no different jobs; `elapsed` (GNU
    /// time's) 3× apart is still warned of (must fire).
    #[test]
    fn cpu_times_and_millisecond_runs_are_not_judged() {
        let with = |name: &str, reals: &[f64]| {
            let mut fs = files(reals);
            for rf in &mut fs {
                for s in &mut rf.parsed.samples {
                    s.metric = Metric::new(name, "s", Better::Lower);
                }
            }
            let mut diags = Vec::new();
            warn_of_spread_runs(&fs, &mut diags);
            diags
        };
        assert!(with("sys", &[10.0, 25.0, 12.0]).is_empty());
        assert!(with("user", &[100.0, 300.0]).is_empty());
        assert!(with("real", &[0.004, 0.011, 0.005]).is_empty());
        assert_eq!(with("elapsed", &[100.0, 300.0]).len(), 1);
        assert_eq!(with("real", &[0.2, 0.9]).len(), 1);
    }
}
