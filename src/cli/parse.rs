//! `benchsite parse FILE`: one raw result file, and what was read from it.

use crate::parse::{self, Input};
use crate::report::grid::{pad_left, pad_right};
use crate::site;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use unicode_width::UnicodeWidthStr;

/// `parse`'s arguments.
#[derive(Args, Debug)]
pub struct ParseArgs {
    /// The file.
    pub file: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Use this parser instead of detecting one.
    #[arg(long)]
    pub format: Option<String>,
}

/// A value as `benchsite parse` prints it: `65.25`, `65.25 (summary of 3
/// runs, sd 1.2)`; a deviation over "1 run" is a count the output did not
/// print (kernbench's `Average … Run` block without its `run number N`
/// lines: at least 2), `65.25 (summary of an unstated number of runs, sd
/// 1.2)`, never "of 1 runs" (attack26 f/kbn.txt).
fn value_text(v: &crate::model::Value) -> String {
    match *v {
        crate::model::Value::Single { value } => short(value),
        crate::model::Value::Summary { mean, stddev: Some(sd), n: 1 } => {
            format!("{} (summary of an unstated number of runs, sd {})", short(mean), short(sd))
        }
        crate::model::Value::Summary { mean, stddev, n } => format!(
            "{} (summary of {n} runs{})",
            short(mean),
            stddev.map(|s| format!(", sd {}", short(s))).unwrap_or_default()
        ),
    }
}

/// A value for display: the shortest text of the value rounded to 15
/// significant digits (`7:34.59` → `454.59`, not `454.59000000000003`; a
/// double holds 15 digits of a decimal exactly), in e-notation from 10¹⁵
/// up and below 10⁻⁴ (`1.234e-9`, not `0` as six fixed decimals printed
/// it; `1.5e25`, not 26 digits the file never had).
fn short(v: f64) -> String {
    if !v.is_finite() {
        return v.to_string();
    }
    let r: f64 = format!("{v:.14e}").parse().unwrap_or(v);
    let a = r.abs();
    if a != 0.0 && !(1e-4..1e15).contains(&a) { format!("{r:e}") } else { format!("{r}") }
}

/// Runs `parse`: prints what was read (a table, or JSON) and the warnings;
/// exit status 1 when nothing was read, 2 for an unknown format.
pub fn run(args: &ParseArgs) -> ExitCode {
    let (file, json, format) = (args.file.as_path(), args.json, args.format.as_deref());
    // As `build` reads raw files: regular files only, at most 64 MiB (a
    // 200 MB file took 828 MB of memory).
    let bytes = match site::read_regular(file, site::MAX_RAW_FILE_SIZE) {
        Ok(Ok(b)) => b,
        Ok(Err(len)) => {
            errln!(
                "error: {}: {len} bytes; raw result files of at most {} bytes are read",
                file.display(),
                site::MAX_RAW_FILE_SIZE
            );
            return ExitCode::from(1);
        }
        Err(e) => {
            errln!("error: {}: cannot read: {e}", file.display());
            return ExitCode::from(1);
        }
    };
    if bytes.is_empty() {
        errln!("error: {}: empty file", file.display());
        return ExitCode::from(1);
    }
    let forced = match format {
        Some(id) => match parse::by_id(id) {
            Some(p) => Some(p),
            None => {
                let ids: Vec<&str> = parse::registry().iter().map(|p| p.id()).collect();
                errln!("error: unknown format {id:?}; known: {}", ids.join(", "));
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    // An environment file (a kernel config, dmesg, …) is what `build`
    // reads as environment, not results: say so and show its facts.
    if forced.is_none() {
        match site::env::read_file(&file.to_string_lossy(), &bytes) {
            // Told by its contents alone and holding results: results
            // (as `build` reads it).
            Some(Ok(_))
                if !site::env::named_as_env(&file.to_string_lossy())
                    && crate::site::parse_bytes(&bytes, None).parsed.iter().any(|p| !p.samples.is_empty()) => {}
            Some(Ok((kind, env))) => {
                outln!(
                    "{}: an environment file ({kind:?}): build reads it as environment, not as results",
                    file.display()
                );
                for f in &env.facts {
                    outln!("line {:>5}  {} = {}", f.line.unwrap_or(0), f.key, f.value);
                }
                for p in &env.problems {
                    outln!("line {:>5}  problem: {}", p.line, p.text);
                }
                return ExitCode::SUCCESS;
            }
            Some(Err(e)) => {
                errln!("error: {}: {e}", file.display());
                return ExitCode::from(1);
            }
            None => {}
        }
    }
    let mut outcome = crate::site::parse_bytes(&bytes, forced);
    // One metric read both bigger- and smaller-is-better in this file: as
    // `build` warns of it (it keeps the two apart under names saying their
    // direction), so does `parse`.
    for o in site::directions::opposite_directions(&outcome.parsed) {
        let (_, line, text) = site::directions::opposite_warning(&o, |_| String::new());
        outcome.warnings.push((Some(line), text));
    }
    // A file no parser claims but whose lines `build` names (an lmbench
    // table without its title, a table typed by hand: LKML 2005, where
    // `parse` said only "unrecognised file" and `build` said which lines
    // and why) gets those warnings, as `build` gives them.
    // So does an empty one (only whitespace or NUL bytes: "empty", not
    // "unrecognised" with every format listed, attack59).
    let named = outcome.warnings.iter().any(|(line, w)| line.is_some() || w.starts_with("empty file"));
    if outcome.parsed.is_empty() && forced.is_none() && !named && parse::detect(&Input::from_bytes(&bytes)).is_none() {
        errln!("error: {}: unrecognised file; no parser claimed it. Formats tried:", file.display());
        for p in parse::registry() {
            errln!("  {:<12} {}", p.id(), p.describe());
        }
        errln!("Use --format ID to force one, or add a glob for it to `ignore:` if it is not a result.");
        return ExitCode::from(1);
    }
    if json {
        #[derive(serde::Serialize)]
        struct Parsed<'a> {
            segments: &'a [crate::model::ParsedFile],
            warnings: Vec<serde_json::Value>,
        }
        let warnings = outcome
            .warnings
            .iter()
            .map(|(line, message)| serde_json::json!({ "line": line, "message": message }))
            .collect();
        match serde_json::to_string_pretty(&Parsed { segments: &outcome.parsed, warnings }) {
            Ok(s) => outln!("{s}"),
            Err(e) => {
                errln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        for parsed in &outcome.parsed {
            print_segment(file, parsed);
        }
        for (line, message) in &outcome.warnings {
            match line {
                Some(l) => outln!("warning: line {l}: {message}"),
                None => outln!("warning: {message}"),
            }
        }
    }
    if outcome.parsed.is_empty() {
        errln!("error: {}: nothing read (see the warnings above)", file.display());
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// Prints one segment of `parse`'s plain output: a heading naming the
/// benchmark, its lines and sample count, a header naming the columns,
/// then a line per sample. The group (schbench's `wakeup`, UnixBench's
/// `index`) has a column of its own: `machine.yaml` selects it with
/// `group:` and names the metric alone in `metrics:` and `headline:`
/// (a newcomer read `wakeup: 99.0th` as one metric's name).
fn print_segment(file: &std::path::Path, parsed: &crate::model::ParsedFile) {
    let describe = parse::by_id(&parsed.benchmark).map_or(parsed.benchmark.as_str(), |p| p.describe());
    outln!(
        "{}:{} {}{} ({} sample(s))",
        file.display(),
        parsed.lines.map(|(a, b)| format!(" lines {a}-{b}:")).unwrap_or_default(),
        describe,
        parsed.version.as_deref().map(|v| format!(", version {v}")).unwrap_or_default(),
        parsed.samples.len()
    );
    // Each column as wide as its widest cell (display width): a fixed
    // 22-column `parameters` pushed fio's value, unit and direction ~40
    // columns right of their headers (the newcomer's P1-12).
    let rows: Vec<[String; 7]> = parsed
        .samples
        .iter()
        .map(|s| {
            let params: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
            let cells: [String; 7] = [
                s.kernel.as_deref().unwrap_or("-").to_string(),
                if s.group.is_empty() { "-".to_string() } else { s.group.to_string() },
                s.metric.name.to_string(),
                params.join(" "),
                // A mean per copy of copies whose figures differ: their
                // lowest and highest too (newcomer44 N7: 49.5 of 9 and 90).
                match s.copies.as_deref() {
                    Some(c) => format!(
                        "{} (mean of {} copies, {} to {})",
                        value_text(&s.value),
                        c.n,
                        short(c.min),
                        short(c.max)
                    ),
                    None => value_text(&s.value),
                },
                s.metric.unit.to_string(),
                s.metric.better.phrase().to_string(),
            ];
            cells
        })
        .collect();
    const HEADERS: [&str; 7] = ["kernel", "group", "metric", "parameters", "value", "unit", "better"];
    let mut widths = HEADERS.map(UnicodeWidthStr::width);
    for r in &rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.width());
        }
    }
    // `value` right-aligned; the last column unpadded.
    let line = |first: &str, cells: [&str; 7]| {
        let mut out = String::with_capacity(128);
        pad_right(&mut out, first, 10);
        out.push(' ');
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            out.push(' ');
            match i {
                4 => pad_left(&mut out, cell, w),
                6 => out.push_str(cell),
                _ => pad_right(&mut out, cell, w),
            }
        }
        out
    };
    outln!("{}", line("line", HEADERS));
    for (s, r) in parsed.samples.iter().zip(&rows) {
        outln!(
            "{}",
            line(&format!("line {:>5}", s.line), [&r[0], &r[1], &r[2], &r[3], &r[4], &r[5], &r[6]].map(String::as_str))
        );
    }
    for (line, note) in parsed.notes.iter().filter(|(_, n)| parse::note_is_info(n)) {
        outln!("note: line {line}: {note}");
    }
}

#[cfg(test)]
mod value_text_tests {
    use super::value_text;
    use crate::model::Value;

    #[test]
    fn an_unprinted_run_count_is_said_to_be_unstated() {
        let v = |stddev, n| value_text(&Value::Summary { mean: 65.25, stddev, n });
        assert_eq!(v(Some(1.2), 1), "65.25 (summary of an unstated number of runs, sd 1.2)");
        assert_eq!(v(Some(1.2), 3), "65.25 (summary of 3 runs, sd 1.2)");
        assert_eq!(v(None, 5), "65.25 (summary of 5 runs)");
        assert_eq!(value_text(&Value::Single { value: 65.25 }), "65.25");
        // Small and large values as read, not six fixed decimals (a
        // newcomer's trial: 1.5e-12 printed `0`, 1.5e25 with 26 digits).
        for (v, want) in [(1.5e-12, "1.5e-12"), (0.0000012, "1.2e-6"), (0.00012, "0.00012"), (1.5e25, "1.5e25")] {
            assert_eq!(value_text(&Value::Single { value: v }), want);
        }
        assert_eq!(value_text(&Value::Single { value: 7.0 * 60.0 + 34.59 }), "454.59");
        assert_eq!(value_text(&Value::Single { value: -0.5 }), "-0.5");
    }
}
