//! A file cut inside its last line.
//!
//! A truncated log is the common damaged file: the benchmark was stopped,
//! the disk filled, a paste was cut. Its last line then ends without a line
//! break, often inside a figure: `Elapsed Time 41` for `412.87`,
//! `Iterations/Sec : 38` for `3811.2`, `max=118` for `1185`. A whole number
//! cut short reads as a whole number, so no parser can tell it from a
//! complete one by its digits alone.
//!
//! [`last_line`] is the one check every parser's result goes through
//! ([`super::segment::segments`] calls it after each parse). When the
//! file's last line has no line break ([`Input::unterminated`]), ends in a
//! figure (a digit or a point: a cut after a space or a unit left every
//! figure whole) and gave a number, the numbers read from that line are
//! left out with a warning naming the line, unless the format itself
//! proves its last figure complete ([`BenchParser::last_figure_complete`]:
//! the decimals the benchmark always prints, a cell that ends where the
//! benchmark right-aligns it). A file that is complete but was saved
//! without its final newline loses that line's numbers to the warning,
//! which says how to keep them: end the file with a line break.

use super::{BenchParser, Input, ParseError};
use crate::model::{ParsedFile, Sample};

/// The most characters of the last line the warning quotes (its end, where
/// the cut is).
const QUOTED_CHARS: usize = 60;

/// Leaves out the numbers `parser` read from the last line of `input` when
/// that line has no line break and ends in a figure the format does not
/// prove complete (see the module docs), with a note on that line in
/// `parsed.notes`: "the file ends mid-line: `Elapsed Time 41` may be cut;
/// left out — if the file is complete, end it with a line break". The
/// numbers left out are those whose value is the last figure as written
/// (the rest of the row is whole), or every number of the line when none
/// is (the figure was scaled, or is a parameter). On a line the parser
/// already warned about (its own check of a cut figure) only a number
/// that is the last figure as written is left out. Does nothing to a file that ends with a line break.
pub fn last_line(parser: &dyn BenchParser, input: &Input, parsed: &mut ParsedFile) {
    let mut n = input.lines.len();
    // A last line a quoted-printable soft break joined to the line above
    // (`3440,98,…,780,99` after `…,+++,1=`) is cut there: its figures are
    // read on that line.
    while n > 1 && input.joined_away(n - 1) {
        n -= 1;
    }
    if !input.unterminated || n == 0 {
        return;
    }
    if !parsed.samples.iter().any(|s| s.line == n) {
        unread_cut_line(input, n, parsed);
        return;
    }
    let text = input.lines[n - 1].as_str();
    // A parser that warned about the line (its own cut check: `iops=17`
    // without fio's `runt=`) read it as possibly cut, and kept only what
    // it was sure of.
    let warned = parsed.notes.iter().any(|(l, note)| *l == n && !super::note_is_info(note));
    if !ends_in_figure(text) || parser.last_figure_complete(input) {
        return;
    }
    // The numbers read from the last figure, when some are that figure as
    // written; otherwise (a figure scaled, or a parameter: `20 procs` cut
    // to `2`) every number of the line. A warning of the parser's own on
    // the line does not keep a number that is the last figure as written:
    // it may be about something else (bonnie++'s CSV record differing
    // from its report, `…,8592,9` for `…,8592,97`).
    let figure = super::num::plain(last_figure(text));
    let is_figure = |s: &Sample| figure.is_some_and(|f| s.value.mean() == f);
    if parsed.samples.iter().any(|s| s.line == n && is_figure(s)) {
        parsed.samples.retain(|s| s.line != n || !is_figure(s));
        // The rest of the row is read: the warning says which figure went
        // (attack32 F17: tiobench's row said "left out" and was read).
        if parsed.samples.iter().any(|s| s.line == n) {
            parsed.notes.push((n, last_figure_note(text, input)));
            return;
        }
    } else if warned {
        return;
    } else {
        parsed.samples.retain(|s| s.line != n);
    }
    parsed.notes.push((n, note(text, input)));
}

/// Whether `note` is the warning [`last_line`] gives a last line that may
/// be cut: the figures left on that line are a row without its last cell
/// (a figure computed from them, tiobench's `CPU Eff`, would stand for
/// the cell the file printed and the cut lost).
pub fn is_cut_note(note: &str) -> bool {
    note.starts_with(CUT_NOTE_START)
}

/// How [`note`] and [`last_figure_note`] begin.
const CUT_NOTE_START: &str = "the file ends mid-line: `";

/// Leaves out the numbers read from the file's last line when that line has
/// no line break and `cut_in_name` says its text ends inside a name (a
/// lkp-compare row `263173  -11.7%  232411  will-it-scale.per_`, cut
/// inside `per_process_ops`: its figures would be read under the cut
/// name), with the note [`last_line`] gives a cut line. Does nothing to a
/// file that ends with a line break.
pub fn last_line_cut_in_name(input: &Input, parsed: &mut ParsedFile, cut_in_name: impl Fn(&str) -> bool) {
    let n = input.lines.len();
    if !input.unterminated || n == 0 || !cut_in_name(&input.lines[n - 1]) {
        return;
    }
    if parsed.samples.iter().any(|s| s.line == n) {
        parsed.samples.retain(|s| s.line != n);
        parsed.notes.push((n, note(&input.lines[n - 1], input)));
    }
}

/// A parse that failed at the file's last line when that line has no line
/// break and ends in a figure (`Throughput 46.20`, cut before dbench's
/// `MB/sec`): for a parser whose every result line is a run of its own
/// (dbench, will-it-scale), and a cut line that starts as a line read does,
/// the file is read again without it and the complete runs above it are
/// kept, with the note [`last_line`] gives a cut line. Any other outcome
/// is returned as is.
///
/// # Errors
/// `result`'s error, when it is not at such a line or the file without
/// that line fails too.
pub fn retry_without_last_line(
    parser: &dyn BenchParser,
    input: &Input,
    result: Result<ParsedFile, ParseError>,
) -> Result<ParsedFile, ParseError> {
    let n = input.lines.len();
    let Err(e) = &result else { return result };
    if !input.unterminated || n == 0 || e.line() != Some(n) || !ends_in_figure(input.lines[n - 1].trim_end()) {
        return result;
    }
    if !ONE_LINE_RUNS.contains(&parser.id()) {
        return result;
    }
    let mut blank = vec![false; n];
    blank[n - 1] = true;
    // The cut line must be another of the lines read (another run's
    // `Throughput`, another row of tasks): never a block's later line, whose
    // block would be read half.
    let kind = |l: &str| -> String {
        let t = l.trim_start();
        if t.starts_with(|c: char| c.is_ascii_digit()) {
            "#".into()
        } else {
            t.split_whitespace().next().unwrap_or("").into()
        }
    };
    let cut_kind = kind(&input.lines[n - 1]);
    match parser.parse(&input.blanked(&blank)) {
        Ok(mut parsed)
            if parsed.samples.iter().any(|s| input.lines.get(s.line - 1).is_some_and(|l| kind(l) == cut_kind)) =>
        {
            parsed.notes.push((n, note(&input.lines[n - 1], input)));
            Ok(parsed)
        }
        _ => result,
    }
}

/// Parsers each of whose result lines is a whole run: dbench's `Throughput
/// 45.1023 MB/sec 16 procs`, will-it-scale's `52,1200363,48.0,…` row.
const ONE_LINE_RUNS: &[&str] = &["dbench", "will-it-scale"];

/// A last line with no line break that ends in a figure, gave no number
/// and sits at most [`NEAR`] lines below the last line read
/// (`perf bench mem`'s `      15` for `15.258789 GB/sec`, redis' `99` for
/// `99.95% <= 1 milliseconds`): the parser could not read a line cut before
/// its words, so the cut result is warned of, not dropped unsaid.
fn unread_cut_line(input: &Input, n: usize, parsed: &mut ParsedFile) {
    const NEAR: usize = 6;
    let text = input.lines[n - 1].as_str();
    let last_read = parsed.read_lines().max().unwrap_or(0);
    if !ends_in_figure(text) || last_read == 0 || n > last_read + NEAR || parsed.notes.iter().any(|(l, _)| *l == n) {
        return;
    }
    let text = text.trim();
    parsed.notes.push((n, format!("the file ends mid-line: `{text}` may be a result cut short; not read")));
}

/// The figure `line` ends in: its last run of digits and points (`41` of
/// `Elapsed Time 41`, `0.55` of `"0.431","0.55`).
fn last_figure(line: &str) -> &str {
    // Past the last other character whole: `读取8` ends in `8`, the byte
    // after `取`'s first one is inside it (a panic, attack32 F0).
    let start =
        line.char_indices().rev().find(|&(_, c)| !c.is_ascii_digit() && c != '.').map_or(0, |(i, c)| i + c.len_utf8());
    &line[start..]
}

/// True when `line` ends in a digit or a decimal point: a figure a cut may
/// have shortened (`41` of `412.87`, `372.`).
pub fn ends_in_figure(line: &str) -> bool {
    line.as_bytes().last().is_some_and(|b| b.is_ascii_digit() || *b == b'.')
}

/// The end of a last line the warnings quote.
fn quoted(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().rev().nth(QUOTED_CHARS - 1) {
        Some((i, _)) if i > 0 => format!("…{}", &text[i..]),
        _ => text.to_string(),
    }
}

/// What makes a complete file's last line read: a line break after it,
/// or, where a quoted-printable soft break ends the file
/// ([`Input::soft_break_at_end`]: `Max: 410=`, its figure's other digits
/// on a line the file does not have), the rest of the mail.
fn advice(input: &Input) -> &'static str {
    if input.soft_break_at_end {
        "its quoted-printable soft break `=` says the line goes on, on a line the file does not have: if the file \
         is complete, remove that `=`"
    } else {
        "if the file is complete, end it with a line break"
    }
}

/// The warning on a last line whose figure is read whole but whose
/// spread, printed after it, the cut may have taken (perf stat's
/// `32,244,691,275      instructions` with no `( +- 0.21% )` after it,
/// in a block of 5 runs): `what` says what was read and what was not.
pub fn spread_cut_note(text: &str, input: &Input, what: &str) -> String {
    format!("{CUT_NOTE_START}{}` may be cut before its spread; {what} — {}", quoted(text), advice(input))
}

/// The warning on a last line cut inside a figure, quoting its end.
fn note(text: &str, input: &Input) -> String {
    format!("{CUT_NOTE_START}{}` may be cut; left out — {}", quoted(text), advice(input))
}

/// The warning on a last line cut inside its last figure, whose other
/// figures are read: names the figure left out.
fn last_figure_note(text: &str, input: &Input) -> String {
    format!(
        "{CUT_NOTE_START}{}` may be cut; its last figure `{}` left out, the line's other figures read — {}",
        quoted(text),
        last_figure(text.trim()),
        advice(input)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Metric;

    struct Any;

    impl BenchParser for Any {
        fn id(&self) -> &'static str {
            "any"
        }
        fn describe(&self) -> &'static str {
            "any"
        }
        fn detect(&self, _: &Input) -> u8 {
            1
        }
        fn parse(&self, input: &Input) -> Result<ParsedFile, super::super::ParseError> {
            // Every figure of every line; a figure in brackets (`[41]`)
            // scaled, as a parser converting units does.
            let samples = input
                .numbered()
                .flat_map(|(n, l)| {
                    l.split_whitespace().filter_map(move |w| {
                        let (w, scale) = w.strip_prefix('[').map_or((w, 1.0), |w| (w, 1000.0));
                        let v: f64 = w.parse().ok()?;
                        Some(Sample::new(Metric::new("Elapsed", "s", crate::model::Better::Lower), v * scale, n))
                    })
                })
                .collect();
            Ok(ParsedFile { samples, ..ParsedFile::default() })
        }
    }

    fn read(text: &str) -> ParsedFile {
        let input = Input::from_text(text);
        let mut parsed = Any.parse(&input).unwrap();
        last_line(&Any, &input, &mut parsed);
        parsed
    }

    /// attack51 F14: a quoted-printable soft break ending the file
    /// (`Elapsed Time 41=`, `2.87` on the line the cut lost) leaves the
    /// figure out, and the warning says the `=` is what goes on.
    #[test]
    fn a_figure_before_a_soft_break_ending_the_file_is_left_out() {
        // attack53 F1: a blank line saved after the cut (`41=` then an
        // empty line) was read as 41, silently.
        for end in ["\n", "\n\n", "\n\n\n"] {
            let f = read(&format!("runs=3D2\nElapsed Time 4=\n12.87\nElapsed Time 41={end}"));
            assert_eq!(f.samples.iter().map(|s| (s.line, s.value.mean())).collect::<Vec<_>>(), [(2, 412.87)]);
            assert_eq!(f.notes.len(), 1, "{end:?}");
            assert_eq!(f.notes[0].0, 4);
            assert!(f.notes[0].1.starts_with("the file ends mid-line: `Elapsed Time 41` may be cut"), "{:?}", f.notes);
            assert!(f.notes[0].1.ends_with("if the file is complete, remove that `=`"), "{:?}", f.notes);
        }
    }

    #[test]
    fn a_figure_on_a_last_line_without_a_line_break_is_left_out() {
        for cut in ["Elapsed Time 412.87\nElapsed Time 41", "Elapsed Time 412.87\nElapsed Time 372."] {
            let f = read(cut);
            assert_eq!(f.samples.len(), 1, "{cut:?}");
            assert_eq!(f.notes.len(), 1, "{cut:?}");
            assert_eq!(f.notes[0].0, 2);
            assert!(f.notes[0].1.starts_with("the file ends mid-line: `Elapsed Time "), "{}", f.notes[0].1);
            assert!(f.notes[0].1.ends_with("end it with a line break"), "{}", f.notes[0].1);
        }
        // A line break of any kind ends the line: nothing is cut.
        for whole in ["Elapsed Time 412.87\nElapsed Time 41\n", "Elapsed Time 41\r\n", "Elapsed Time 41\r"] {
            let f = read(whole);
            assert!(f.notes.is_empty() && f.samples.iter().any(|s| s.line == f.samples.len()), "{whole:?}");
        }
        // A cut after a space or a word left the figure whole.
        assert_eq!(read("Elapsed Time 41 ").samples.len(), 1);
        // Only the last figure of a row is left out, and the warning says
        // so (attack32 F17: tiobench's row was said "left out" and read).
        let row = read("row 1.5 2.5 41");
        assert_eq!(row.samples.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), [1.5, 2.5]);
        assert!(
            row.notes[0].1.contains("its last figure `41` left out, the line's other figures read"),
            "{:?}",
            row.notes
        );
        assert!(is_cut_note(&row.notes[0].1) && is_cut_note(&read("Elapsed Time 41").notes[0].1));
        assert!(!read("Elapsed Time 41").notes[0].1.contains("other figures"));
        // No number is the figure as written (scaled): the whole line.
        assert!(read("row 1.5 2.5 [41").samples.is_empty());
        // A long line is quoted by its end.
        let long = format!("{} 41", "x".repeat(200));
        let note = &read(&long).notes[0].1;
        assert!(note.contains(&format!("`…{} 41`", "x".repeat(QUOTED_CHARS - 3))), "{note}");
    }

    /// A figure right after a character of several bytes (`读取8`, `±2`,
    /// `—8`) on a last line with no line break: the figure is found, not a
    /// panic (attack32 F0: a cut Chinese sysbench blog post).
    #[test]
    fn a_cut_figure_after_a_wide_character_is_found() {
        assert_eq!(last_figure("1 procs # 读取8"), "8");
        assert_eq!(last_figure("procs ±2"), "2");
        assert_eq!(last_figure("procs—8"), "8");
        assert_eq!(last_figure("41"), "41");
        let f = read("Elapsed Time 412.87\nElapsed Time 9 # 读取8");
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
    }
}
