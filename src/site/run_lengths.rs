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
//! apart). Runs of different lengths in different kernels are kept apart
//! the same way, with a warning (attack41 F30: tps is per second whatever
//! the length, but a 4 s run has no checkpoint, autovacuum or cold cache in
//! it that a 600 s run has; compared with a note only, the change led the
//! mail's notable changes).
//!
//! A `-t` run's length is its `number of transactions per client: 1000`
//! ([`crate::parse::pgbench::TRANSACTIONS_PARAM`]), kept and dropped the
//! same way: runs of 1000 and 100000 transactions, or a `-t` run and a
//! `-T` run, in one cell are two rows (attack40 F2: `900 ±141` of 1000
//! and 800 tps). A run that prints no length is unknown, never a
//! difference.

use super::ResultFile;
use crate::diag::Diagnostic;
use rustc_hash::FxHashMap;

/// Per benchmark, the parameters that each give a run's length (a run
/// has one of them), with how a value is said (`{}` the value).
const RUN_LENGTHS: [(&str, &[(&str, &str)]); 1] = [(
    "pgbench",
    &[
        (crate::parse::pgbench::DURATION_PARAM, "{}"),
        (crate::parse::pgbench::TRANSACTIONS_PARAM, "{} transactions per client"),
    ],
)];

/// A cell's key without its kernel: group, metric and the parameters but
/// the run length, as (name, value) text.
type Key = (String, String, Vec<(String, String)>);

/// The [`Key`] of sample `s`: its group, metric and parameters but the
/// run-length ones of `lengths` (a [`RUN_LENGTHS`] entry's list).
fn key_of(s: &crate::model::Sample, lengths: &[(&str, &str)]) -> Key {
    let rest = s
        .params
        .iter()
        .filter(|p| !lengths.iter().any(|(l, _)| *l == p.name))
        .map(|p| (p.name.to_string(), p.value.to_string()))
        .collect();
    (s.group.to_string(), s.metric.name.to_string(), rest)
}

/// The lengths met in a cell or row, each with the first file (index into
/// the results) and line that printed it.
type Met = Vec<(String, usize, usize)>;

/// Keeps the run-length parameter of [`RUN_LENGTHS`] where runs of two
/// lengths meet in one cell (warned, with the files and lines), drops it
/// elsewhere (noted where kernels' runs differ in length).
pub fn keep_run_lengths_apart(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    for (bench, params) in RUN_LENGTHS {
        let files: Vec<usize> = (0..results.len()).filter(|&i| results[i].parsed.benchmark == bench).collect();
        let is_length = |name: &str| params.iter().any(|(p, _)| *p == name);
        // (key, kernel) → every length met, with the first file and line.
        let mut cells: FxHashMap<(Key, Option<String>), Met> = FxHashMap::default();
        let mut keys: FxHashMap<Key, Met> = FxHashMap::default();
        // Each length as said → the parameter that gave it.
        let mut param_of: FxHashMap<String, &str> = FxHashMap::default();
        for &i in &files {
            for s in &results[i].parsed.samples {
                let Some(len) = s.params.iter().find(|p| is_length(&p.name)) else { continue };
                let said = params.iter().find(|(p, _)| *p == len.name).map_or("{}", |(_, how)| how);
                let (param, len) = (
                    params.iter().find(|(p, _)| *p == len.name).map_or("", |(p, _)| *p),
                    said.replace("{}", &len.value),
                );
                param_of.entry(len.clone()).or_insert(param);
                let key = key_of(s, params);
                let kernel = s.kernel.as_ref().map(|k| k.to_string());
                for list in [cells.entry((key.clone(), kernel)).or_default(), keys.entry(key).or_default()] {
                    if !list.iter().any(|(v, _, _)| *v == len) {
                        list.push((len.clone(), i, s.line));
                    }
                }
            }
        }
        let name = |i: usize| results[i].path.clone();
        let durations_only =
            |list: &[(String, usize, usize)]| list.iter().all(|(v, _, _)| param_of.get(v) == Some(&params[0].0));
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
            // The parameters that tell the cell's runs apart, and whether
            // every length is a duration (the message as it was before
            // `-t` runs had theirs).
            let by: Vec<String> = params
                .iter()
                .filter(|(p, _)| list.iter().any(|(v, _, _)| param_of.get(v) == Some(p)))
                .map(|(p, _)| format!("`{p}`"))
                .collect();
            let (many, one) = if durations_only(list) { ("durations", "duration") } else { ("lengths", "length") };
            let message = format!(
                "{bench}: runs of different {many} in one cell of {}: {}{more}: kept apart by {} {}, not averaged; \
                 to compare them as one set-up, run them for one {one}",
                kernel.as_deref().unwrap_or("no kernel"),
                said(list),
                if by.len() == 1 { "a" } else { "the" },
                if by.len() == 1 { format!("{} parameter", by[0]) } else { format!("{} parameters", by.join(" and ")) },
            );
            diags.push(Diagnostic::warning(name(list[1].1), Some(list[1].2), message));
            continue;
        }
        // Kernels' runs of different lengths (a 4 s `-t 1000` run and a
        // 600 s `-T 600` one: checkpoints, autovacuum and a warm cache
        // are what a long run has and a short one has not) are no runs of
        // one set-up either: kept apart as in a cell, never compared
        // (attack41 F30: compared with a note only, "Notable change +20 %"
        // in the mail).
        let mut across: Vec<(&Key, &Met)> = keys.iter().filter(|(_, l)| l.len() > 1).collect();
        across.sort_by_key(|(_, l)| (l[1].1, l[1].2));
        if let Some((_, list)) = across.first() {
            let more = match across.len() - 1 {
                0 => String::new(),
                1 => " (and 1 more row alike)".to_string(),
                n => format!(" (and {n} more rows alike)"),
            };
            let by: Vec<String> = params
                .iter()
                .filter(|(p, _)| list.iter().any(|(v, _, _)| param_of.get(v) == Some(p)))
                .map(|(p, _)| format!("`{p}`"))
                .collect();
            let message = format!(
                "{bench}: kernels' runs of different {}: {}{more}: kept apart by {} {}, not compared (a short run \
                 and a long one are no runs of one set-up); to compare them, run them for one {}",
                if durations_only(list) { "durations" } else { "lengths" },
                said(list),
                if by.len() == 1 { "a" } else { "the" },
                if by.len() == 1 { format!("{} parameter", by[0]) } else { format!("{} parameters", by.join(" and ")) },
                if durations_only(list) { "duration" } else { "length" },
            );
            diags.push(Diagnostic::warning(name(list[1].1), Some(list[1].2), message));
        }
        let apart: Vec<Key> = across.into_iter().map(|(k, _)| k.clone()).collect();
        for &i in &files {
            for s in &mut results[i].parsed.samples {
                if !s.params.iter().any(|p| is_length(&p.name)) {
                    continue;
                }
                if !apart.is_empty() && apart.contains(&key_of(s, params)) {
                    continue;
                }
                s.params.retain(|p| !is_length(&p.name));
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
        let mut r = vec![
            file("6.1/run1.txt", "6.1", &[("600 s", 406.0, 12)]),
            file("6.2/run1.txt", "6.2", &[("600 s", 410.0, 12)]),
        ];
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

    /// Kernels of different lengths but one length in each cell: kept
    /// apart (attack41 F30: compared with a note only, a 4 s run's tps
    /// against a 600 s run's in the mail's notable changes), warned; the
    /// rows of one length in both kernels still meet (must not fire).
    #[test]
    fn kernels_of_different_lengths_are_kept_apart() {
        let mut r = vec![
            file("6.1/run1.txt", "6.1", &[("600 s", 406.0, 12)]),
            file("6.2/run1.txt", "6.2", &[("300 s", 410.0, 12)]),
        ];
        let mut d = Vec::new();
        keep_run_lengths_apart(&mut r, &mut d);
        assert_eq!(durations(&r), [Some("600 s".into()), Some("300 s".into())]);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].severity, crate::diag::Severity::Warning);
        assert!(
            d[0].message.contains(
                "kernels' runs of different durations: 600 s (6.1/run1.txt:12), 300 s (6.2/run1.txt:12): kept apart \
                 by a `duration` parameter, not compared"
            ),
            "{d:?}"
        );
        let mut r = vec![
            file("6.1/run1.txt", "6.1", &[("600 s", 406.0, 12)]),
            file("6.2/run1.txt", "6.2", &[("600 s", 410.0, 12)]),
        ];
        let mut other = file("6.2/run2.txt", "6.2", &[("60 s", 410.0, 12)]);
        for s in &mut other.parsed.samples {
            s.params[0].value = "16".into();
        }
        r.push(other);
        let mut d = Vec::new();
        keep_run_lengths_apart(&mut r, &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(durations(&r), [None, None, None]);
    }

    /// attack40 F2: `-t 1000` and `-t 100000` runs in one cell, or a `-t`
    /// run and a `-T` run: kept apart, warned; one count everywhere (the
    /// must-not-fire case) dropped silently.
    #[test]
    fn transaction_counts_are_run_lengths() {
        let t = |rel: &str, kernel: &str, n: &str, line: usize| {
            let mut f = file(rel, kernel, &[("x", 1000.0, line)]);
            for s in &mut f.parsed.samples {
                s.params.retain(|p| p.name != "duration");
                *s = s.clone().with_param("transactions", n);
            }
            f
        };
        let counts = |r: &[ResultFile]| -> Vec<String> {
            r.iter()
                .flat_map(|r| &r.parsed.samples)
                .map(|s| {
                    let p: Vec<String> = s.params.iter().skip(1).map(|p| format!("{}={}", p.name, p.value)).collect();
                    p.join(" ")
                })
                .collect()
        };
        let mut r = vec![
            t("6.1/a.txt", "6.1", "1000", 9),
            t("6.1/b.txt", "6.1", "100000", 9),
            t("6.2/a.txt", "6.2", "1000", 9),
        ];
        let mut d = Vec::new();
        keep_run_lengths_apart(&mut r, &mut d);
        assert_eq!(counts(&r), ["transactions=1000", "transactions=100000", "transactions=1000"]);
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(
            d[0].message.contains(
                "runs of different lengths in one cell of 6.1: 1000 transactions per client (6.1/a.txt:9), 100000 \
                 transactions per client (6.1/b.txt:9): kept apart by a `transactions` parameter"
            ),
            "{d:?}"
        );
        // A `-t` run and a `-T` run in one cell.
        let mut r = vec![t("6.1/a.txt", "6.1", "1000", 9), file("6.1/b.txt", "6.1", &[("60 s", 900.0, 12)])];
        let mut d = Vec::new();
        keep_run_lengths_apart(&mut r, &mut d);
        assert_eq!(counts(&r), ["transactions=1000", "duration=60 s"]);
        assert!(d[0].message.contains("kept apart by the `duration` and `transactions` parameters"), "{d:?}");
        // One count everywhere: dropped, nothing said.
        let mut r = vec![t("6.1/a.txt", "6.1", "1000", 9), t("6.2/a.txt", "6.2", "1000", 9)];
        let mut d = Vec::new();
        keep_run_lengths_apart(&mut r, &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(counts(&r), ["", ""]);
    }
}
