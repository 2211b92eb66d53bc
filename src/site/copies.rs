//! Runs read twice: the same figures of one kernel in two raw files of a
//! class. An lmbench `make see` summary names every kernel it ran on in
//! its rows; a poster who puts a copy of it in each kernel's directory
//! gives each kernel's rows twice, and a file saved twice under two names
//! (`dbench.txt`, `dbench (copy).txt`) gives its whole run twice. Averaged,
//! each such cell was a mean of two "runs" with no spread at all, and its
//! comparisons were tested as if twice as many runs backed them.
//!
//! A file's figures of kernel K are a copy when every line that gave them
//! gives, figure for figure (group, parameters, metric, unit, value), a
//! line of another file of the same benchmark and kernel, and they hold at
//! least [`MIN_COPIED`] distinct values printed with [`MIN_DIGITS`]
//! significant digits or more: two runs print the same `Throughput 12.5
//! MB/sec` or `Time: 0.440`, not three four-digit figures alike, line for
//! line (three dbench runs' `45.1023`, `46.2034`, `45.8001`; a build's
//! `real`, `user` and `sys`). Inside one file, where a run's lines may
//! repeat in a summary, [`crate::parse::repeats`] asks for four. The copy is dropped with a warning; the
//! figures are kept in the file of K's own directory where one holds them
//! (its raw link then leads there), else in the first file in path order.
//! A file repeating only some lines of another is read as it is: rows
//! alike in two runs (fio's bucketed clat percentiles) are common.
//!
//! The kernel test robot's comparison tables (files giving their own
//! kernel order, [`crate::model::ParsedFile::kernel_order`]) print each
//! commit's mean over its runs, to four significant digits and more,
//! and compare every commit tested with the base's stored result: a
//! report and its re-test print the base's (and the reported commit's)
//! figures again, row for row. There, one figure of [`MIN_DIGITS`] digits
//! repeated with its set-up and row name is the same result shown twice
//! (two runs do not agree to four digits and more), and the table with
//! the most rows of the commit keeps them, wherever it is in path order.
//!
//! One fio run saved in two formats (`a.json` and `a.terse` of
//! `--output-format=json,terse`) gives no line alike (JSON prints ns and
//! decimals, terse usec and whole IOPS): when every job's bandwidth and
//! IOPS of one file are the other's to the units printed, both are still
//! read, and a warning names the two files.

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::model::Sample;
use crate::parse::repeats::{MIN_DIGITS, digits};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// The fewest distinct figures of [`MIN_DIGITS`] significant digits or more
/// that a file's copy of another's must hold to be taken for one.
pub const MIN_COPIED: usize = 3;

/// One file's figures of one kernel, by line: (line, the hash of the
/// figures it gave, in order), in line order.
type Lines = Vec<(usize, u64)>;

/// Drops the figures of a kernel that a raw file repeats, line for line,
/// from another file of the class (module docs), with a warning at the
/// copy naming the file it repeats. `results` are in path order.
pub(super) fn drop_copied_runs(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    // (kernel, benchmark) → the results holding its figures. Nearly every
    // pair has one file (a kernel's dbench, its lmbench): nothing hashed.
    let mut holders: FxHashMap<(&str, &str), Vec<usize>> = FxHashMap::default();
    for (i, rf) in results.iter().enumerate() {
        let mut last: Option<&str> = None;
        for s in &rf.parsed.samples {
            let k = s.kernel.as_deref();
            if k == last {
                continue;
            }
            last = k;
            if let Some(k) = k {
                // Files come in order: one already holding `i` has it last.
                let files = holders.entry((k, rf.parsed.benchmark.as_str())).or_default();
                if files.last() != Some(&i) {
                    files.push(i);
                }
            }
        }
    }
    let mut copies: Vec<(usize, String)> = Vec::new();
    let mut warnings: Vec<(usize, Diagnostic)> = Vec::new();
    for ((kernel, benchmark), files) in &holders {
        if *benchmark == "fio" && files.len() > 1 {
            warn_fio_run_in_two_formats(results, kernel, files, &mut warnings);
        }
    }
    for ((kernel, benchmark), mut files) in holders {
        if files.len() < 2 {
            continue;
        }
        // K's own directory's files first, then the robot's tables with
        // the most rows of K (one repeating only some of another's rows
        // is found after it), then path order.
        files.sort_by_key(|&i| {
            let rows = if is_table(&results[i]) { lines_of(&results[i].parsed.samples, kernel).len() } else { 0 };
            (results[i].kernel_dir.as_deref() != Some(kernel), std::cmp::Reverse(rows), i)
        });
        // Line hash → (file, line) of the first file giving it.
        let mut seen: FxHashMap<u64, (usize, usize)> = FxHashMap::default();
        for &i in &files {
            let rf = &results[i];
            let lines = lines_of(&rf.parsed.samples, kernel);
            // Lines another file gave first: (that file, its line).
            let found: Vec<(usize, usize)> = lines
                .iter()
                .filter_map(|(_, h)| seen.get(h).copied())
                .filter(|&(f, _)| results[f].path != rf.path)
                .collect();
            let least = if is_table(rf) { 1 } else { MIN_COPIED };
            if found.len() == lines.len() && strong_figures(&rf.parsed.samples, kernel) >= least {
                let of = found[0].0;
                let of_lines = found.iter().filter(|&&(f, _)| f == of).map(|&(_, l)| l);
                let (oa, ob) = (of_lines.clone().min().unwrap_or(0), of_lines.max().unwrap_or(0));
                let (a, b) = (lines[0].0, lines[lines.len() - 1].0);
                warnings.push((
                    i,
                    Diagnostic::warning(
                        &rf.path,
                        Some(a),
                        format!(
                            "{benchmark}: the figures of {kernel} on {} are those of {} {}, figure for figure: the \
                             same run read twice, counted once (from {1})",
                            span(a, b),
                            results[of].rel_path,
                            span(oa, ob)
                        ),
                    ),
                ));
                copies.push((i, kernel.to_string()));
                continue;
            }
            for (line, h) in lines {
                seen.entry(h).or_insert((i, line));
            }
        }
    }
    for (i, kernel) in &copies {
        results[*i].parsed.samples.retain(|s| s.kernel.as_deref() != Some(kernel.as_str()));
    }
    warn_copied_across_kernels(results, &mut warnings);
    // In path order, as every other warning of the class.
    warnings.sort_by_key(|(i, d)| (*i, d.line));
    diags.extend(warnings.into_iter().map(|(_, d)| d));
}

/// fio's bandwidth (KiB/s) and IOPS of `kernel` in a file, by job name and
/// metric (`read: bw`), in line order.
fn fio_rates(samples: &[Sample], kernel: &str) -> Vec<(String, String, f64)> {
    samples
        .iter()
        .filter(|s| s.kernel.as_deref() == Some(kernel) && s.group.is_empty())
        .filter(|s| s.metric.unit == "KiB/s" || s.metric.name.ends_with(": IOPS"))
        .filter_map(|s| {
            let job = s.params.iter().find(|p| p.name == "job")?;
            Some((job.value.to_string(), s.metric.name.to_string(), s.value.mean()))
        })
        .collect()
}

/// Which of fio's output formats a raw file holds: `'j'` JSON (its first
/// non-blank byte `{`), `'t'` terse (a first line
/// [`crate::parse::fio::terse::version`] reads as one), else `'n'`
/// (normal text).
fn fio_format(raw: &[u8]) -> char {
    let start = raw.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(raw.len());
    let first = &raw[start..];
    let line = first.split(|&b| b == b'\n').next().unwrap_or_default();
    if first.starts_with(b"{") {
        'j'
    } else if std::str::from_utf8(line).ok().and_then(crate::parse::fio::terse::version).is_some() {
        't'
    } else {
        'n'
    }
}

/// Warns of two fio files of one kernel that hold one run in two formats
/// (fio's `--output-format=json,terse` saved as `a.json` and `a.terse`):
/// every job's bandwidth (KiB/s, printed whole in both) and IOPS (JSON's
/// decimals, terse's whole count: to 1) in one is the other's, job for
/// job, with at least one job and no other, the two files of different
/// formats ([`fio_format`]: three text runs alike to the units printed are
/// runs). The figures are not the same
/// line for line (JSON's ns and decimals, terse's usec and whole IOPS), so
/// both are read, averaged as two runs with a spread of rounding only:
/// the warning names both files.
fn warn_fio_run_in_two_formats(
    results: &[ResultFile],
    kernel: &str,
    files: &[usize],
    warnings: &mut Vec<(usize, Diagnostic)>,
) {
    let rates: Vec<Vec<(String, String, f64)>> =
        files.iter().map(|&i| fio_rates(&results[i].parsed.samples, kernel)).collect();
    let alike = |a: &[(String, String, f64)], b: &[(String, String, f64)]| {
        let same = |x: &(String, String, f64), y: &(String, String, f64)| {
            let tol = if x.1.ends_with(": IOPS") { 1.0 } else { 0.5 };
            x.0 == y.0 && x.1 == y.1 && (x.2 - y.2).abs() <= tol
        };
        !a.is_empty() && a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| same(x, y)))
    };
    for (k, &i) in files.iter().enumerate() {
        for (m, &j) in files.iter().enumerate().take(k) {
            // Three text runs of a saturated device may print the same
            // `IOPS=256k` each: only two formats of one run are one run.
            let formats_differ = fio_format(&results[i].raw) != fio_format(&results[j].raw);
            if formats_differ && alike(&rates[k], &rates[m]) && results[i].path != results[j].path {
                let line =
                    results[i].parsed.samples.iter().find(|s| s.kernel.as_deref() == Some(kernel)).map(|s| s.line);
                let msg = format!(
                    "fio: the bandwidth and IOPS of every job of {kernel} here are those of {}, job for job (to the \
                     units each prints): the same fio run in two formats (JSON and terse?), read twice as two runs \
                     of {kernel}; keep one of the two files",
                    results[j].rel_path
                );
                warnings.push((i, Diagnostic::warning(&results[i].path, line, msg)));
                break;
            }
        }
    }
}

/// Warns of a raw file whose figures are another kernel's file's, figure
/// for figure (the same dbench log in `6.1/` and `6.2/`: 6.2 shown as
/// `+0.0%`, its change 6.1's runs against themselves). Both are read as
/// they are: which directory is wrong, the file does not say. One hash of
/// the values a file: linear in samples.
fn warn_copied_across_kernels(results: &[ResultFile], warnings: &mut Vec<(usize, Diagnostic)>) {
    let mut first: FxHashMap<(&str, usize, u64), usize> = FxHashMap::default();
    for (i, rf) in results.iter().enumerate() {
        let samples = &rf.parsed.samples;
        let Some(kernel) = samples.first().and_then(|s| s.kernel.as_deref()) else { continue };
        if samples.iter().any(|s| s.kernel.as_deref() != Some(kernel)) {
            continue;
        }
        let mut h = FxHasher::default();
        for s in samples {
            s.metric.name.hash(&mut h);
            s.value.mean().to_bits().hash(&mut h);
        }
        let key = (rf.parsed.benchmark.as_str(), samples.len(), h.finish());
        match first.get(&key) {
            None => {
                first.insert(key, i);
            }
            Some(&j) => {
                let other = &results[j];
                let theirs = other.parsed.samples.first().and_then(|s| s.kernel.as_deref()).unwrap_or_default();
                if theirs != kernel && strong_figures(samples, kernel) >= MIN_COPIED {
                    warnings.push((
                        i,
                        Diagnostic::warning(
                            &rf.path,
                            samples.iter().map(|s| s.line).min(),
                            format!(
                                "{}: its {} figures are those of {} (kernel {theirs}), figure for figure: the same \
                                 output in two kernels' directories? Both are read as they are, so {kernel} is \
                                 compared with {theirs}'s runs",
                                rf.parsed.benchmark,
                                samples.len(),
                                other.rel_path
                            ),
                        ),
                    ));
                }
            }
        }
    }
}

/// Whether `rf` is a comparison table giving its own kernel order (the
/// kernel test robot's: see the module docs).
fn is_table(rf: &ResultFile) -> bool {
    !rf.parsed.kernel_order.is_empty()
}

/// The lines giving `kernel`'s figures in `samples`, each with the hash of
/// what its figures say (group, parameters, metric, unit, value).
fn lines_of(samples: &[Sample], kernel: &str) -> Lines {
    let mut by_line: std::collections::BTreeMap<usize, FxHasher> = std::collections::BTreeMap::new();
    for s in samples.iter().filter(|s| s.kernel.as_deref() == Some(kernel)) {
        let h = by_line.entry(s.line).or_default();
        s.group.hash(h);
        for p in &s.params {
            p.name.hash(h);
            p.value.hash(h);
        }
        s.metric.name.hash(h);
        s.metric.unit.hash(h);
        s.value.mean().to_bits().hash(h);
        if let crate::model::Value::Summary { stddev, n, .. } = s.value {
            stddev.map(f64::to_bits).hash(h);
            n.hash(h);
        }
    }
    by_line.into_iter().map(|(line, h)| (line, h.finish())).collect()
}

/// `line 7` or `lines 7-9`.
fn span(a: usize, b: usize) -> String {
    if a == b { format!("line {a}") } else { format!("lines {a}-{b}") }
}

/// Distinct values of `kernel`'s figures printed with [`MIN_DIGITS`]
/// significant digits or more.
fn strong_figures(samples: &[Sample], kernel: &str) -> usize {
    samples
        .iter()
        .filter(|s| s.kernel.as_deref() == Some(kernel))
        .map(|s| s.value.mean())
        .filter(|&v| digits(v) >= MIN_DIGITS)
        .map(f64::to_bits)
        .collect::<FxHashSet<u64>>()
        .len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Better, Metric, ParsedFile};
    use std::path::PathBuf;

    fn row(kernel: &str, line: usize, values: &[f64]) -> Vec<Sample> {
        values
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                Sample::new(Metric::new(format!("m{i}"), "us", Better::Lower), v, line)
                    .with_group("Context switching")
                    .with_kernel(kernel)
            })
            .collect()
    }

    fn file(rel: &str, dir: Option<&str>, samples: Vec<Sample>) -> ResultFile {
        ResultFile {
            rel_path: rel.into(),
            path: PathBuf::from(rel),
            kernel_dir: dir.map(str::to_string),
            named_kernel: None,
            parsed: ParsedFile { benchmark: "lmbench".into(), samples, ..ParsedFile::default() },
            raw: std::sync::Arc::from(&b""[..]),
        }
    }

    const A: [f64; 5] = [1.20, 24.07, 188.7, 209.1, 223.3];
    const B: [f64; 5] = [1.21, 22.93, 187.9, 208.8, 226.4];

    /// The demo's k6 summary copied into both kernels' directories: each
    /// kernel's row counted once, from its own directory's file.
    #[test]
    fn a_summary_in_each_kernels_directory_counts_each_row_once() {
        let both = |k_a: usize| [row("2.4.17", k_a, &A), row("2.4.17rat", k_a + 1, &B)].concat();
        let mut results = vec![
            file("2.4.17/lmbench.txt", Some("2.4.17"), both(10)),
            file("2.4.17rat/lmbench.txt", Some("2.4.17rat"), both(12)),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        let kernels = |rf: &ResultFile| {
            let mut k: Vec<String> =
                rf.parsed.samples.iter().filter_map(|s| s.kernel.as_deref().map(str::to_string)).collect();
            k.dedup();
            k
        };
        assert_eq!(kernels(&results[0]), ["2.4.17"]);
        assert_eq!(kernels(&results[1]), ["2.4.17rat"]);
        assert_eq!(diags.len(), 2, "{diags:?}");
        assert!(
            diags[0].message.contains("the figures of 2.4.17rat on line 11 are those of 2.4.17rat/lmbench.txt line 13"),
            "{}",
            diags[0].message
        );
    }

    /// The same output in two kernels' directories: warned, both read.
    #[test]
    fn the_same_output_under_two_kernels_is_warned_of() {
        let runs = [45.1023, 46.2034, 45.8001];
        let mut results = vec![
            file("6.1/dbench.txt", Some("6.1"), row("6.1", 2, &runs)),
            file("6.2/dbench.txt", Some("6.2"), row("6.2", 2, &runs)),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(results[1].parsed.samples.len(), 3);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0].message.contains("its 3 figures are those of 6.1/dbench.txt (kernel 6.1)"),
            "{}",
            diags[0].message
        );
    }

    /// A dbench log of three runs saved twice in one kernel's directory:
    /// three four-digit figures, line for line, are one run read twice.
    #[test]
    fn three_runs_saved_twice_count_once() {
        let runs = [45.1023, 46.2034, 45.8001];
        let mut results = vec![
            file("6.1/dbench.txt", Some("6.1"), row("6.1", 2, &runs)),
            file("6.1/dbench-copy.txt", Some("6.1"), row("6.1", 2, &runs)),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert!(results[1].parsed.samples.is_empty());
        assert_eq!(diags.len(), 1, "{diags:?}");
    }

    /// Two real runs printing short figures alike are runs.
    #[test]
    fn short_figures_alike_are_runs() {
        let short = [12.5, 64.0];
        let mut results = vec![
            file("2.4.17/dbench-1.txt", Some("2.4.17"), row("2.4.17", 3, &short)),
            file("2.4.17/dbench-2.txt", Some("2.4.17"), row("2.4.17", 3, &short)),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(results[1].parsed.samples.len(), 2);
        assert!(diags.is_empty(), "{diags:?}");
    }

    /// fio's JSON and terse outputs of one run (fixture
    /// rust-src-fio-3.36-terse-v3-randrw-4k-probe's terse line, and a JSON
    /// of its figures: bw 62125 and 65875 KiB/s, IOPS 15531.25 and
    /// 16468.75 against terse's whole 15531 and 16468, latencies in ns) in
    /// one kernel's directory: warned, naming the other file. Another run
    /// (IOPS 15000) is not.
    #[test]
    fn one_fio_run_in_json_and_terse_is_warned_of() {
        use crate::parse::{BenchParser, Input};
        let terse = include_str!("../../tests/fixtures/fio/rust-src-fio-3.36-terse-v3-randrw-4k-probe.txt");
        let json = "{\"fio version\" : \"fio-3.36\", \"jobs\" : [{\"jobname\" : \"probe\", \"groupid\" : 0, \
                    \"read\" : {\"bw\" : 62125, \"iops\" : 15531.25, \"runtime\" : 64, \"clat_ns\" : {\"mean\" : 62555.513, \"N\" : 994}}, \
                    \"write\" : {\"bw\" : 65875, \"iops\" : 16468.75, \"runtime\" : 64}}]}\n";
        let other = terse.replace(";15531;", ";15000;");
        let read = |rel: &str, text: &str| {
            let mut f = file(rel, Some("6.1"), Vec::new());
            f.parsed = crate::parse::fio::Fio.parse(&Input::from_text(text)).unwrap();
            f.parsed.samples =
                std::mem::take(&mut f.parsed.samples).into_iter().map(|s| s.with_kernel("6.1")).collect();
            f.raw = std::sync::Arc::from(text.as_bytes());
            f
        };
        let mut results = vec![read("6.1/a.json", json), read("6.1/a.terse", terse), read("6.1/b.terse", &other)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].file, PathBuf::from("6.1/a.terse"));
        assert!(diags[0].message.contains("those of 6.1/a.json"), "{}", diags[0].message);
        // Two terse runs alike to the units printed are runs, not one run twice.
        let mut results = vec![read("6.1/a.terse", terse), read("6.1/c.terse", terse)];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert!(!diags.iter().any(|d| d.message.contains("two formats")), "{diags:?}");
    }

    /// A file repeating some lines of another: kept.
    #[test]
    fn some_lines_repeated_are_kept() {
        let mut results = vec![
            file("k/a.txt", Some("k"), [row("k", 3, &A), row("k", 4, &B)].concat()),
            file("k/b.txt", Some("k"), [row("k", 7, &A), row("k", 8, &B), row("k", 9, &[9.0; 5])].concat()),
        ];
        let mut diags = Vec::new();
        drop_copied_runs(&mut results, &mut diags);
        assert_eq!(results[1].parsed.samples.len(), 15);
        assert!(diags.is_empty(), "{diags:?}");
    }
}
