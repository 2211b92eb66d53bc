//! Runs of different lengths in one table cell.
//!
//! pgbench prints each run's length (`duration: 600 s`, its `-T`); the
//! parser gives every run a `duration` parameter
//! ([`crate::parse::pgbench::DURATION_PARAM`]). A parameter with one value
//! everywhere would only repeat it, so [`keep_run_lengths_apart`] drops it
//! where no table cell (one kernel, group, metric and the other
//! parameters) holds runs of two lengths, and keeps it, with a warning,
//! where one does: a 600 s run and a 1200 s run are then two rows, not one
//! mean said to be of "2 runs" (archive38b, noticed: nothing told them
//! apart). Runs of different lengths in different kernels stay compared
//! (tps is per second whatever the length), with a note naming them.
//!
//! A run that prints no length (pgbench before 9.x's `-t` runs: `number of
//! transactions per client`) is unknown, never a difference.

use super::ResultFile;
use crate::diag::Diagnostic;
use rustc_hash::FxHashMap;

/// (benchmark, parameter) pairs whose parameter is a run's length.
const RUN_LENGTHS: [(&str, &str); 1] = [("pgbench", crate::parse::pgbench::DURATION_PARAM)];

/// A cell's key without its kernel: group, metric and the parameters but
/// the run length, as (name, value) text.
type Key = (String, String, Vec<(String, String)>);

/// The lengths met in a cell or row, each with the first file (index into
/// the results) and line that printed it.
type Met = Vec<(String, usize, usize)>;

/// Keeps the run-length parameter of [`RUN_LENGTHS`] where runs of two
/// lengths meet in one cell (warned, with the files and lines), drops it
/// elsewhere (noted where kernels' runs differ in length).
pub fn keep_run_lengths_apart(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    for (bench, param) in RUN_LENGTHS {
        let files: Vec<usize> = (0..results.len()).filter(|&i| results[i].parsed.benchmark == bench).collect();
        // (key, kernel) → every length met, with the first file and line.
        let mut cells: FxHashMap<(Key, Option<String>), Met> = FxHashMap::default();
        let mut keys: FxHashMap<Key, Met> = FxHashMap::default();
        for &i in &files {
            for s in &results[i].parsed.samples {
                let Some(len) = s.params.iter().find(|p| p.name == param) else { continue };
                let rest = s
                    .params
                    .iter()
                    .filter(|p| p.name != param)
                    .map(|p| (p.name.to_string(), p.value.to_string()))
                    .collect();
                let key: Key = (s.group.to_string(), s.metric.name.to_string(), rest);
                let kernel = s.kernel.as_ref().map(|k| k.to_string());
                for list in [cells.entry((key.clone(), kernel)).or_default(), keys.entry(key).or_default()] {
                    if !list.iter().any(|(v, _, _)| *v == len.value) {
                        list.push((len.value.to_string(), i, s.line));
                    }
                }
            }
        }
        let name = |i: usize| results[i].path.clone();
        let said = |list: &[(String, usize, usize)]| {
            list.iter()
                .map(|(v, i, line)| format!("{v} ({}:{line})", results[*i].rel_path))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut mixed: Vec<_> = cells.iter().filter(|(_, l)| l.len() > 1).collect();
        mixed.sort_by_key(|(_, l)| (l[1].1, l[1].2));
        if let Some(((_, kernel), list)) = mixed.first() {
            let more = match mixed.len() - 1 {
                0 => String::new(),
                n => format!(" (and {n} more cells alike)"),
            };
            let message = format!(
                "{bench}: runs of different durations in one cell of {}: {}{more}: kept apart by a `{param}` \
                 parameter, not averaged; to compare them as one set-up, run them for one duration",
                kernel.as_deref().unwrap_or("no kernel"),
                said(list),
            );
            diags.push(Diagnostic::warning(name(list[1].1), Some(list[1].2), message));
            continue;
        }
        let mut across: Vec<_> = keys.values().filter(|l| l.len() > 1).collect();
        across.sort_by_key(|l| (l[1].1, l[1].2));
        if let Some(list) = across.first() {
            let more = match across.len() - 1 {
                0 => String::new(),
                n => format!(" (and {n} more rows alike)"),
            };
            let message = format!(
                "{bench}: kernels' runs of different durations are compared: {}{more}; each cell holds runs of \
                 one duration",
                said(list)
            );
            diags.push(Diagnostic::note(name(list[1].1), Some(list[1].2), message));
        }
        for &i in &files {
            for s in &mut results[i].parsed.samples {
                s.params.retain(|p| p.name != param);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Better, Metric, ParsedFile, Sample};

    fn file(rel: &str, kernel: &str, secs: &[(&str, f64, usize)]) -> ResultFile {
        let samples = secs
            .iter()
            .map(|&(d, v, line)| {
                Sample::new(Metric::new("tps", "tps", Better::Higher), v, line)
                    .with_kernel(kernel)
                    .with_param("clients", "8")
                    .with_param("duration", d)
            })
            .collect();
        ResultFile {
            rel_path: rel.into(),
            path: rel.into(),
            kernel_dir: Some(kernel.into()),
            named_kernel: None,
            unnamed_lines: Vec::new(),
            parsed: ParsedFile { benchmark: "pgbench".into(), samples, ..ParsedFile::default() },
            raw: std::sync::Arc::from(&b""[..]),
        }
    }

    fn durations(results: &[ResultFile]) -> Vec<Option<String>> {
        results
            .iter()
            .flat_map(|r| &r.parsed.samples)
            .map(|s| s.params.iter().find(|p| p.name == "duration").map(|p| p.value.to_string()))
            .collect()
    }

    /// Every run 600 s: no parameter is left (no column, no `duration
    /// 600 s` said on every table), and nothing is said.
    #[test]
    fn one_length_everywhere_is_dropped_silently() {
        let mut r = vec![file("6.1/run1.txt", "6.1", &[("600 s", 406.0, 12)]), file("6.2/run1.txt", "6.2", &[("600 s", 410.0, 12)])];
        let mut d = Vec::new();
        keep_run_lengths_apart(&mut r, &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(durations(&r), [None, None]);
    }

    /// A 600 s and a 1200 s run in 6.1's cell: kept apart, warned at the
    /// second, naming both files.
    #[test]
    fn two_lengths_in_one_cell_are_kept_apart() {
        let mut r = vec![
            file("6.1/run1.txt", "6.1", &[("600 s", 406.0, 12)]),
            file("6.1/run2.txt", "6.1", &[("1200 s", 380.0, 12)]),
            file("6.2/run1.txt", "6.2", &[("600 s", 410.0, 12)]),
        ];
        let mut d = Vec::new();
        keep_run_lengths_apart(&mut r, &mut d);
        assert_eq!(durations(&r), [Some("600 s".into()), Some("1200 s".into()), Some("600 s".into())]);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!((d[0].file.to_str(), d[0].line), (Some("6.1/run2.txt"), Some(12)));
        assert!(
            d[0].message.contains("one cell of 6.1: 600 s (6.1/run1.txt:12), 1200 s (6.1/run2.txt:12): kept apart"),
            "{d:?}"
        );
    }

    /// Kernels of different lengths but one length in each cell: compared,
    /// noted; the parameter dropped.
    #[test]
    fn kernels_of_different_lengths_are_compared_with_a_note() {
        let mut r = vec![file("6.1/run1.txt", "6.1", &[("600 s", 406.0, 12)]), file("6.2/run1.txt", "6.2", &[("300 s", 410.0, 12)])];
        let mut d = Vec::new();
        keep_run_lengths_apart(&mut r, &mut d);
        assert_eq!(durations(&r), [None, None]);
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("compared: 600 s (6.1/run1.txt:12), 300 s (6.2/run1.txt:12)"), "{d:?}");
    }
}
