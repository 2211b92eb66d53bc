//! A generic results file, for any benchmark benchsite has no parser for.
//!
//! Write the numbers yourself, in YAML or CSV, and drop the file next to
//! the raw output like any other result file.
//!
//! # YAML
//!
//! ```yaml
//! benchmark: osdb           # free name shown as the section's benchmark
//! version: "0.21"           # optional: the benchmark's version
//! results:
//!   - kernel: 2.4.20-pre5   # optional when the file sits in a kernel directory
//!     metric: Throughput
//!     value: 145.00          # or values: [1, 2, 3] for several runs
//!     unit: MB/s             # optional, empty for a pure number (an index)
//!     better: higher         # higher | lower | neither
//!     group: ext2            # optional: the table inside the benchmark
//!     params: {procs: 64}    # optional: what the result scales over
//!     n: 5                   # optional: value is a mean over n runs…
//!     stddev: 1.2            # …with this standard deviation (optional)
//! ```
//!
//! Top-level keys: `benchmark` (optional, default `generic`), `version`
//! (optional) and `results` (required, a list). Per result, `metric`,
//! `better` and exactly one of `value` / `values` are required; `values`
//! gives one sample per run, `value` with `n` gives one summary
//! ([`crate::model::Value::Summary`]) over `n` runs, and `stddev` needs `n`.
//! `kernel`, `metric`, `unit` and `group` must be strings: quote a kernel
//! that YAML would read as a number (`kernel: "3.10"`). Parameter values
//! are strings or numbers, kept in the file's order.
//!
//! # CSV
//!
//! A header row names the columns, then one row per value:
//!
//! ```text
//! # benchmark: osdb
//! kernel,group,procs,metric,value,unit,better
//! 2.4.20-pre5,ext2,64,Throughput,145.00,MB/s,higher
//! 2.5.33,ext2,64,Throughput,220.54,MB/s,higher
//! ```
//!
//! Known columns are `kernel`, `group`, `metric`, `value`, `unit`,
//! `better`, `n` and `stddev` (any case); `metric`, `value` and `better` are
//! required. Every other column is a parameter, named by its header (here
//! `procs`); an empty cell leaves the parameter out. Fields are separated by
//! commas (or tabs when the header has no comma) and may be quoted with
//! `"` (`""` inside quotes is a quote). Blank lines and lines starting with
//! `#` are skipped; a leading `# benchmark: NAME` comment names the
//! benchmark. A row with `n` is a summary over `n` runs with the optional
//! `stddev`.
//!
//! # Errors
//!
//! Every problem is a [`ParseError::Malformed`] naming the line, and the
//! column where there is one: YAML syntax errors, unknown keys (a typo such
//! as `vaule:` is not silently ignored), values that are not numbers, a
//! missing `better`, `stddev` without `n`, CSV rows with the wrong number
//! of fields.
//!
//! # Detection
//!
//! Score 90 for YAML with a top-level `results:` key and `metric:` and
//! `value:`/`values:` entries (50 when other top-level keys are present and
//! 40 when no `value` key is, so that a misspelt key gets its parse error
//! when no other parser claims the file), and for CSV whose first row names
//! both `metric` and `value` columns; 0 otherwise. The site's own
//! annotation files (`site.yaml`, `machine.yaml`, `kernel.yaml`) carry no
//! `results:` list and are never claimed.

mod csv;
mod yaml;

/// The most runs a summary's `n` is taken for without a word: no
/// benchmark a person ran reports a mean over more than a million runs,
/// and a larger `n` (`4000000000`) is more likely another count (ops,
/// bytes) in the wrong column, and would weigh the summary as that many
/// runs in every test of it. A larger `n` is kept with a warning.
pub const MAX_PLAUSIBLE_RUNS: u32 = 1_000_000;

/// The warning for a summary's run count `n` over [`MAX_PLAUSIBLE_RUNS`].
fn many_runs_note(n: u32) -> String {
    format!(
        "`n: {n}`: a mean over more than {MAX_PLAUSIBLE_RUNS} runs (is it another count, ops or bytes?); read as {n} runs, weighing the result as that many in every test of it"
    )
}

/// The run count `n` of a summary written `text`: a whole number from 1
/// to 4294967295 (`5`, `5.0`, `1e3`); an error saying what is expected
/// otherwise (`0`, `-3`, `2.5`, `1e12`).
fn run_count(text: &str) -> Result<u32, &'static str> {
    let v = num::plain(text).ok_or("a whole number of runs, at least 1")?;
    if v.fract() != 0.0 || v < 1.0 {
        return Err("a whole number of runs, at least 1");
    }
    if v > f64::from(u32::MAX) {
        return Err("a run count of at most 4294967295");
    }
    Ok(v as u32)
}

use crate::model::ParsedFile;
use crate::parse::{BenchParser, Input, ParseError, num};
use csv::{csv_score, parse_csv};
pub use yaml::{ALIAS_REFUSED, MAX_YAML_DEPTH, first_alias, second_key_line, too_deeply_nested};
use yaml::{parse_yaml, yaml_score};

/// Reads generic YAML or CSV results files.
pub struct Generic;

impl BenchParser for Generic {
    fn id(&self) -> &'static str {
        "generic"
    }

    fn describe(&self) -> &'static str {
        "generic results file (YAML with `results:` or CSV with metric,value columns)"
    }

    fn detect(&self, input: &Input) -> u8 {
        yaml_score(input).max(csv_score(input))
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        if yaml_score(input) > 0 {
            parse_yaml(input)
        } else if csv_score(input) > 0 {
            parse_csv(input)
        } else {
            Err(ParseError::NoResults {
                benchmark: "generic",
                reason: "neither YAML with a `results:` list nor CSV with metric and value columns".into(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Value;
    use crate::model::{Better, Metric, Param};

    #[test]
    fn deep_nesting_is_refused_before_the_yaml_library_reads_it() {
        let deep = format!(
            "benchmark: x\nresults:\n  - metric: m\n    better: higher\n    value: 1\n    params: {}{}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        let err = Generic.parse(&Input::from_bytes(deep.as_bytes())).unwrap_err();
        assert!(err.to_string().contains("nested more than 32 deep"), "{err}");
        // Brackets in quotes and comments are text; ordinary nesting is fine.
        assert_eq!(
            too_deeply_nested(&format!("a: \"{}\" # {}\nb: [[1], {{c: [2]}}]", "[".repeat(50), "{".repeat(50))),
            None
        );
        assert_eq!(too_deeply_nested(&format!("a: 1\nb: {}", "[".repeat(33))), Some(2));
    }

    const YAML: &str = "benchmark: osdb           # free name
results:
  - kernel: 2.4.20-pre5
    metric: Throughput
    value: 145.00
    unit: MB/s
    better: higher
    group: ext2
    params: {procs: 64}
    n: 5
    stddev: 1.2
  - metric: real
    values: [1, 2.5, 3]
    unit: s
    better: lower
  - metric: index
    better: neither
    values:
      - 10
      - 11
";

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        Generic.parse(&Input::from_text(text))
    }

    #[test]
    fn yaml_example() {
        let input = Input::from_text(YAML);
        assert_eq!(Generic.detect(&input), 90);
        let p = Generic.parse(&input).unwrap();
        assert_eq!(p.benchmark, "osdb");
        assert_eq!(p.samples.len(), 6);
        let s = &p.samples[0];
        assert_eq!(s.kernel.as_deref(), Some("2.4.20-pre5"));
        assert_eq!(s.metric, Metric::new("Throughput", "MB/s", Better::Higher));
        assert_eq!(s.group, "ext2");
        assert_eq!(s.params, vec![Param::new("procs", "64")]);
        assert_eq!(s.value, Value::Summary { mean: 145.0, stddev: Some(1.2), n: 5 });
        assert_eq!(s.line, 5);
        let runs: Vec<(f64, usize)> = p.samples[1..4].iter().map(|s| (s.value.mean(), s.line)).collect();
        assert_eq!(runs, vec![(1.0, 13), (2.5, 13), (3.0, 13)]);
        assert_eq!(p.samples[4].line, 19);
        assert_eq!(p.samples[5].line, 20);
        assert_eq!(p.samples[5].metric.unit, "");
    }

    #[test]
    fn unknown_key_names_its_line_and_column() {
        let err = parse("results:\n  - metric: a\n    vaule: 1\n    better: higher\n").unwrap_err();
        assert_eq!(err.line(), Some(3));
        assert!(err.to_string().contains("vaule"), "{err}");
        assert!(err.to_string().contains("column"), "{err}");
    }

    /// Attacker 59 (R/gen-hex.yaml): `value: 0x1F` said "invalid type:
    /// integer `31`, expected f64"; it now names what was written and why.
    #[test]
    fn a_hexadecimal_value_is_named_as_written() {
        for (text, written) in [
            ("results:\n  - {metric: T, value: 0x1F, better: higher}\n", "`0x1F`"),
            ("results:\n  - metric: T\n    value: 0o17\n    better: higher\n", "`0o17`"),
            // A non-ASCII character before it (review61 parse #5: the
            // column, counted in characters, was taken as a byte offset).
            ("results:\n  - {metric: Débit, value: 0x1F, better: higher}\n", "`0x1F`"),
            ("results:\n  - {metric: Débit, value: 0b101, better: higher}\n", "`0b101`"),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(
                e.contains(written) && e.contains("hexadecimal") && e.contains("write the number in decimal"),
                "{e}"
            );
            assert!(!e.contains("expected f64"), "{e}");
        }
    }

    /// `value: 017` was read as 17 without a word, where a YAML 1.1 reader
    /// (PyYAML) reads 15: each such number is noted on its line, saying
    /// both; `1_000` (YAML 1.1: 1000, YAML 1.2: text) is named as written.
    /// `.5`, `1e3`, `0.50`, `01` (1 to both readers) and a kernel `017` (kept as written) are read as
    /// a person reads them, and not noted (must not fire).
    #[test]
    fn numbers_yaml_readers_disagree_on_are_said() {
        let text = "results:\n  - {kernel: 017, metric: T, value: 017, better: higher}\n  - metric: U\n    values: [08, 5]\n    better: higher\n  - metric: V\n    values:\n      - -012\n      - 3\n    better: lower\n  - metric: W\n    value: 7\n    n: 3\n    stddev: 01\n    better: lower\n";
        let f = parse(text).expect("parses");
        let values: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(values, vec![17.0, 8.0, 5.0, -12.0, 3.0, 7.0]);
        let notes: Vec<(usize, &str)> = f.notes.iter().map(|(l, n)| (*l, n.as_str())).collect();
        // `stddev: 01` is 1 to both readers (review62 parse #4): quiet.
        assert_eq!(notes.len(), 3, "{notes:#?}");
        assert!(
            notes[0].0 == 2
                && notes[0].1.contains("`017`")
                && notes[0].1.contains("read as 17")
                && notes[0].1.contains("as octal: 15"),
            "{notes:#?}"
        );
        assert!(notes[1].0 == 4 && notes[1].1.contains("`08`") && notes[1].1.contains("as text"), "{notes:#?}");
        assert!(notes[2].0 == 8 && notes[2].1.contains("`-012`") && notes[2].1.contains("as octal: -10"), "{notes:#?}");
        assert_eq!(f.samples[0].kernel.as_deref(), Some("017"));
        let quiet = parse("results:\n  - {metric: T, values: [.5, 1e3, 0.50, 0], better: higher}\n").expect("parses");
        assert!(quiet.notes.is_empty(), "{:?}", quiet.notes);
        let e = parse("results:\n  - {metric: T, value: 1_000, better: higher}\n").unwrap_err().to_string();
        assert!(e.contains("`1_000`") && e.contains("reads as 1000") && !e.contains("expected f64"), "{e}");
    }

    #[test]
    fn yaml_value_errors() {
        let e = parse("results:\n  - metric: a\n    value: fast\n    better: higher\n").unwrap_err();
        assert_eq!(e.line(), Some(3));
        let e = parse("results:\n  - metric: a\n    value: 1\n    better: up\n").unwrap_err();
        assert_eq!(e.line(), Some(4));
        let e = parse("results:\n  - metric: a\n    value: 1\n").unwrap_err();
        assert!(e.to_string().contains("better"), "{e}");
        let e = parse("results:\n  - metric: a\n    value: 1\n    stddev: 2\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("results:\n  - metric: a\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("results:\n  - metric: a\n    value: 1\n    values: [2]\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("results:\n  - kernel: 3.10\n    metric: a\n    value: 1\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2), "{e}");
        let e = parse("results:\n  - metric: a\n    value: .nan\n    better: lower\n").unwrap_err();
        assert_eq!(e.line(), Some(3));
        let e = parse("results: [\n  {metric: a, value: 1, better: lower\n").unwrap_err();
        assert!(e.line().is_some());
    }

    #[test]
    fn flow_style_falls_back_to_results_line() {
        let p = parse("benchmark: x\nresults: [{metric: a, value: 1, better: higher}]\n").unwrap();
        assert_eq!(p.samples[0].line, 2);
        assert_eq!(p.benchmark, "x");
    }

    #[test]
    fn annotation_files_are_not_claimed() {
        for text in [
            "title: My kernels\ndescription: results\n",
            "machine: quad xeon\ncpus: 4\nresults: see below\n",
            "kernel: 2.5.33\nnotes: |\n  results:\n",
        ] {
            assert_eq!(Generic.detect(&Input::from_text(text)), 0, "{text}");
        }
        let typo = "benchmark: a\nresultz: 1\nresults:\n  - metric: a\n    value: 1\n    better: lower\n";
        assert_eq!(Generic.detect(&Input::from_text(typo)), 50);
        assert_eq!(parse(typo).unwrap_err().line(), Some(2));
    }

    #[test]
    fn csv_example() {
        let text = "# benchmark: osdb\nkernel,group,procs,metric,value,unit,better,n,stddev\n\
                    2.4.20-pre5,ext2,64,Throughput,145.00,MB/s,higher,,\n\
                    \"2.5.33, patched\",ext2,,Throughput,220.54,MB/s,higher,5,1.5\n";
        let input = Input::from_text(text);
        assert_eq!(Generic.detect(&input), 90);
        let p = Generic.parse(&input).unwrap();
        assert_eq!(p.benchmark, "osdb");
        assert_eq!(p.samples.len(), 2);
        assert_eq!(p.samples[0].params, vec![Param::new("procs", "64")]);
        assert_eq!(p.samples[0].line, 3);
        assert_eq!(p.samples[1].kernel.as_deref(), Some("2.5.33, patched"));
        assert!(p.samples[1].params.is_empty());
        assert_eq!(p.samples[1].value, Value::Summary { mean: 220.54, stddev: Some(1.5), n: 5 });
    }

    #[test]
    fn csv_errors() {
        let e = parse("metric,value,better\na,1.0\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("metric,value,better\na,x,higher\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("column 2"), "{e}");
        let e = parse("metric,value\na,1\n").unwrap_err();
        assert_eq!(e.line(), Some(1));
        let e = parse("metric,value,better,stddev\na,1,lower,2\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("metric,value,better\n\"a,1,lower\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("metric,value,better,Metric\na,1,lower,b\n").unwrap_err();
        assert_eq!(e.line(), Some(1));
    }

    /// attack34 14: a negative `stddev` was accepted (data.json kept −1,
    /// the pages and CSV showed ±0): an error naming the cell or entry.
    #[test]
    fn a_negative_stddev_is_an_error() {
        let e = parse("metric,value,better,n,stddev\nm,10,higher,3,-1\n").unwrap_err();
        assert!(e.to_string().contains("a standard deviation of 0 or more"), "{e}");
        let e = parse("results:\n  - metric: a\n    value: 1\n    n: 3\n    stddev: -2.5\n    better: lower\n")
            .unwrap_err();
        assert!(e.to_string().contains("`stddev` of 0 or more"), "{e}");
        assert!(parse("metric,value,better,n,stddev\nm,10,higher,3,0\n").is_ok());
    }

    /// `1.0e-400` was read as 0 and `-0` as -0.0 (printed `-0`), without
    /// a word: a value or stddev a double cannot hold is an error naming
    /// its line and column; `-0` is 0.
    #[test]
    fn csv_values_a_double_cannot_hold_are_errors_and_minus_zero_is_zero() {
        let e = parse("metric,value,better\na,2,lower\na,1.0e-400,lower\n").unwrap_err();
        assert_eq!(e.line(), Some(3));
        assert!(e.to_string().contains("column 2 (value)") && e.to_string().contains("underflows to 0"), "{e}");
        let e = parse("metric,value,better\na,1e400,lower\n").unwrap_err();
        assert!(e.to_string().contains("overflows"), "{e}");
        let e = parse("metric,value,better,n,stddev\na,2,lower,3,1e-999\n").unwrap_err();
        assert!(e.to_string().contains("column 5 (stddev)") && e.to_string().contains("underflows"), "{e}");
        let p = parse("metric,value,better\na,-0,lower\na,0.0e-400,lower\n").unwrap();
        assert!(p.samples.iter().all(|s| s.value.mean().to_bits() == 0f64.to_bits()));
    }

    /// YAML read `value: 1.0e-400` as 0 and an unquoted `bs: 1.10` as the
    /// parameter `1.1`, without a word (attack59): the first is refused at
    /// its line as in CSV, the second warned of.
    #[test]
    fn yaml_values_a_double_cannot_hold_are_errors_and_float_params_warned() {
        for (text, line) in [
            ("results:\n  - {metric: T, value: 1.0e-400, better: higher}\n", 2),
            ("results:\n  - metric: T\n    better: higher\n    values:\n      - 2\n      - 1e-400\n", 6),
            ("results:\n  - {metric: T, value: 2, n: 3, stddev: 1e-400, better: higher}\n", 2),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!(e.line(), Some(line), "{text}");
            assert!(e.to_string().contains("underflows to 0"), "{e}");
        }
        let p = parse(
            "results:\n  - {metric: T, value: 5, better: higher, params: {bs: 1.10}}\n  - {metric: T, value: 7, \
             better: higher, params: {bs: \"1.10\", n: 4}}\n",
        )
        .unwrap();
        assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
        assert_eq!(p.notes[0].0, 2);
        assert!(p.notes[0].1.contains("unquoted YAML float") && p.notes[0].1.contains("quote it"), "{:?}", p.notes);
        let p = parse("results:\n  - {metric: T, value: 0.0e-400, better: higher}  # 1e-400 in a comment\n").unwrap();
        assert_eq!(p.samples[0].value.mean(), 0.0);
    }

    /// A summary's `n` had no sensible bound: `n: 4000000000` was taken
    /// as four billion runs without a word, a CSV's `5000000000` said "a
    /// run count of at least 1" and YAML's `2.5` "expected u32". A whole
    /// number from 1 is read, over a million with a warning at its line;
    /// anything else is an error saying what is expected.
    #[test]
    fn a_summarys_run_count_is_whole_and_plausible() {
        for (n, runs) in [("5", 5), ("5.0", 5), ("1e3", 1000), ("1000000", 1_000_000)] {
            let p = parse(&format!("metric,value,better,n\na,3,higher,{n}\n")).unwrap();
            assert_eq!(p.samples[0].value, Value::Summary { mean: 3.0, stddev: None, n: runs }, "{n}");
            assert!(p.notes.is_empty(), "{n}: {:?}", p.notes);
            let p = parse(&format!("results:\n  - metric: a\n    better: higher\n    value: 3\n    n: {n}\n")).unwrap();
            assert_eq!(p.samples[0].value, Value::Summary { mean: 3.0, stddev: None, n: runs }, "{n}");
            assert!(p.notes.is_empty(), "{n}: {:?}", p.notes);
        }
        let p = parse("metric,value,better,n\na,3,higher,4000000000\n").unwrap();
        assert_eq!(p.notes.len(), 1);
        assert_eq!(p.notes[0].0, 2);
        assert!(p.notes[0].1.contains("more than 1000000 runs"), "{:?}", p.notes);
        assert!(!crate::parse::note_is_info(&p.notes[0].1));
        let p = parse("results:\n  - metric: a\n    better: higher\n    value: 3\n    n: 1000001\n").unwrap();
        assert_eq!(p.notes.len(), 1);
        assert_eq!(p.notes[0].0, 4);
        for (n, why) in [
            ("0", "a whole number of runs"),
            ("-3", "a whole number of runs"),
            ("2.5", "a whole number of runs"),
            ("1e12", "at most 4294967295"),
            ("5000000000", "at most 4294967295"),
        ] {
            let e = parse(&format!("metric,value,better,n\na,3,higher,{n}\n")).unwrap_err();
            assert!(e.to_string().contains(why) && e.line() == Some(2), "{n}: {e}");
            let e =
                parse(&format!("results:\n  - metric: a\n    better: higher\n    value: 3\n    n: {n}\n")).unwrap_err();
            assert!(e.to_string().contains(why) && !e.to_string().contains("u32"), "{n}: {e}");
        }
    }

    #[test]
    fn tab_separated_csv() {
        let p = parse("metric\tvalue\tbetter\tthreads\nSeeks/sec\t153.8\thigher\t4\n").unwrap();
        assert_eq!(p.samples[0].params, vec![Param::new("threads", "4")]);
        assert_eq!(p.samples[0].value.mean(), 153.8);
    }
}
