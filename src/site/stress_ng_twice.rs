//! One stress-ng run saved twice: its `--metrics-brief` log (the table,
//! `stress-ng: info:  [2714] matrix  47382  10.00  9.96  0.02  4737.96
//! 4747.70`) and its `-Y` YAML report (`bogo-ops: 47382`,
//! `bogo-ops-per-second-real-time: 4737.958375`, …) as two files of one
//! kernel. No line of one repeats a line of the other (the table prints
//! two decimals, the YAML six), so [`super::copies`] reads them as two
//! runs: two rows of one kernel (the log's with `instances`, which the
//! YAML does not print), or one mean of two "runs" with a spread of
//! rounding only.
//!
//! A log and a YAML report of one kernel are one run when they name the
//! same stressors, once each, with the same bogo ops (a whole count: two
//! runs do not agree to the op) and every other figure both give the
//! same to the table's two decimals. The YAML's figures are kept (more
//! digits), with the log's set-up parameters (`instances`, `timeout`,
//! which the YAML does not print); the log's are dropped with a note at
//! the log naming the YAML file kept. A log and a YAML of two runs (other
//! bogo ops) are both read, as two runs.

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::model::Sample;
use rustc_hash::FxHashMap;

/// The table's figures are printed with two decimals (`%9.2f`, `%12.2f`):
/// a YAML figure within half a hundredth is the same figure.
const TABLE_STEP: f64 = 0.005 + 1e-9;

/// Drops a stress-ng log's figures of a kernel that the kernel's `-Y`
/// YAML report gives too (module docs), with a note naming the YAML file
/// kept. `results` are in path order.
pub(super) fn keep_yaml_of_logged_run(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    // kernel → stress-ng files holding its figures, in path order.
    let mut holders: FxHashMap<String, Vec<usize>> = FxHashMap::default();
    for (i, rf) in results.iter().enumerate().filter(|(_, rf)| rf.parsed.benchmark == "stress-ng") {
        let mut kernels: Vec<&str> = rf.parsed.samples.iter().filter_map(|s| s.kernel.as_deref()).collect();
        kernels.sort_unstable();
        kernels.dedup();
        for k in kernels {
            holders.entry(k.to_string()).or_default().push(i);
        }
    }
    let mut holders: Vec<(String, Vec<usize>)> = holders.into_iter().filter(|(_, f)| f.len() > 1).collect();
    holders.sort();
    for (kernel, files) in holders {
        let (yamls, logs): (Vec<usize>, Vec<usize>) =
            files.iter().partition(|&&i| is_yaml_report(&results[i], &kernel));
        for &y in &yamls {
            for &l in &logs {
                let Some(params) = same_run(&results[y].parsed.samples, &results[l].parsed.samples, &kernel) else {
                    continue;
                };
                let first = results[l]
                    .parsed
                    .samples
                    .iter()
                    .filter(|s| s.kernel.as_deref() == Some(kernel.as_str()))
                    .map(|s| s.line)
                    .min();
                let msg = format!(
                    "stress-ng: {kernel}'s figures here are those of the `-Y` YAML report {} (the same bogo ops, the \
                     rest to the table's two decimals): one run saved twice, counted once, from the YAML (more digits)",
                    results[y].rel_path,
                );
                diags.push(Diagnostic::note(&results[l].path, first, msg));
                results[l].parsed.samples.retain(|s| s.kernel.as_deref() != Some(kernel.as_str()));
                for s in results[y].parsed.samples.iter_mut().filter(|s| s.kernel.as_deref() == Some(kernel.as_str())) {
                    if let Some(p) = params.get(stressor(s)) {
                        s.params.clone_from(p);
                    }
                }
            }
        }
    }
}

/// The `stressor` parameter of a stress-ng sample.
fn stressor(s: &Sample) -> &str {
    s.params.iter().find(|p| p.name == "stressor").map_or("", |p| p.value.as_str())
}

/// Whether every figure of `kernel` in `rf` was read from a YAML line
/// (`      bogo-ops: 47382`: a key without spaces, a colon, a number).
fn is_yaml_report(rf: &ResultFile, kernel: &str) -> bool {
    let text = String::from_utf8_lossy(&rf.raw);
    let lines: Vec<&str> = text.lines().collect();
    let mut any = false;
    for s in rf.parsed.samples.iter().filter(|s| s.kernel.as_deref() == Some(kernel)) {
        let Some(line) = s.line.checked_sub(1).and_then(|i| lines.get(i)) else { return false };
        let t = line.trim_start().trim_start_matches("- ");
        let Some((key, value)) = t.split_once(':') else { return false };
        if key.is_empty() || key.contains(char::is_whitespace) || value.trim().parse::<f64>().is_err() {
            return false;
        }
        any = true;
    }
    any
}

/// When a YAML report's figures of `kernel` (`yaml`) and a log's (`log`)
/// are one run (module docs): the log's parameters of each stressor, to
/// give the YAML's figures. `None` when they are not, or when the YAML
/// gives a parameter the log does not.
fn same_run(yaml: &[Sample], log: &[Sample], kernel: &str) -> Option<FxHashMap<String, Vec<crate::model::Param>>> {
    let (y, l) = (by_stressor(yaml, kernel), by_stressor(log, kernel));
    if y.is_empty() || y.len() != l.len() {
        return None;
    }
    let mut params = FxHashMap::default();
    for (name, ys) in &y {
        let ls = l.get(name)?;
        let bogo = |ss: &[&Sample]| {
            let b: Vec<f64> = ss.iter().filter(|s| s.metric.name == "bogo ops").map(|s| s.value.mean()).collect();
            (b.len() == 1).then(|| b[0])
        };
        // Once each (one run), with the same whole count of bogo ops.
        if bogo(ys)? != bogo(ls)? {
            return None;
        }
        for ys in ys {
            let same_name: Vec<&&Sample> = ls.iter().filter(|s| s.metric.name == ys.metric.name).collect();
            if same_name.len() > 1 {
                return None;
            }
            if let Some(ls) = same_name.first()
                && (ls.metric.unit != ys.metric.unit || (ls.value.mean() - ys.value.mean()).abs() > TABLE_STEP)
            {
                return None;
            }
            if !ys.params.iter().all(|p| ls[0].params.contains(p)) {
                return None;
            }
        }
        params.insert(name.clone(), ls[0].params.clone());
    }
    Some(params)
}

/// `kernel`'s samples by stressor.
fn by_stressor<'a>(samples: &'a [Sample], kernel: &str) -> FxHashMap<String, Vec<&'a Sample>> {
    let mut by: FxHashMap<String, Vec<&Sample>> = FxHashMap::default();
    for s in samples.iter().filter(|s| s.kernel.as_deref() == Some(kernel)) {
        by.entry(stressor(s).to_string()).or_default().push(s);
    }
    by
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{BenchParser, Input};
    use std::path::PathBuf;

    const ONE_RUN: &str = include_str!("../../tests/fixtures/stress_ng/ghdoc-0.09.23-log-then-yaml-one-run.txt");

    fn read(rel: &str, text: &str) -> ResultFile {
        let mut parsed = crate::parse::stress_ng::StressNg.parse(&Input::from_text(text)).unwrap();
        parsed.samples = std::mem::take(&mut parsed.samples).into_iter().map(|s| s.with_kernel("6.1")).collect();
        ResultFile { kernel_dir: Some("6.1".into()), ..crate::site::testing::read_file(rel, text, parsed) }
    }

    /// The fixture's log (lines 1-13) and its YAML (lines 14-30) as two
    /// files of 6.1: one run, the YAML's figures kept with the log's
    /// `instances=1`, a note at the log naming the YAML. The YAML of
    /// another run (bogo ops 47012) beside the log: both read.
    #[test]
    fn a_log_and_its_yaml_are_one_run() {
        let lines: Vec<&str> = ONE_RUN.lines().collect();
        let log = lines[..13].join("\n") + "\n";
        let yaml = lines[13..].join("\n") + "\n";
        let mut results = vec![read("6.1/stress.log", &log), read("6.1/stress.yaml", &yaml)];
        let mut diags = Vec::new();
        keep_yaml_of_logged_run(&mut results, &mut diags);
        assert!(results[0].parsed.samples.is_empty());
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].file, PathBuf::from("6.1/stress.log"));
        assert_eq!(diags[0].line, Some(13));
        assert!(diags[0].message.contains("those of the `-Y` YAML report 6.1/stress.yaml"), "{}", diags[0].message);
        let kept = &results[1].parsed.samples;
        let ops_s = kept.iter().find(|s| s.metric.name == "bogo ops/s (real time)").unwrap();
        assert_eq!(ops_s.value.mean(), 4737.958375);
        let p: Vec<String> = ops_s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        assert_eq!(p, ["stressor=matrix", "instances=1"]);

        let other = yaml.replace("bogo-ops: 47382", "bogo-ops: 47012");
        let mut results = vec![read("6.1/stress.log", &log), read("6.1/stress.yaml", &other)];
        let mut diags = Vec::new();
        keep_yaml_of_logged_run(&mut results, &mut diags);
        assert_eq!(results[0].parsed.samples.len(), 6);
        assert_eq!(results[1].parsed.samples.len(), 6);
        assert!(diags.is_empty(), "{diags:?}");
    }
}
