//! A figure that stands for several runs, picked by the poster: `best of
//! 3:`, `median of 5 runs:`, `min of 3` on a line of its own above a run
//! (or before the result on its line, `best of 3: Throughput …`). The
//! figures below it are one sample each of that statistic, never the N
//! runs it names and never a run beside plain runs of the same set-up:
//! they get the parameter `stat` (`best`, `median`, `min` …, as the dbench
//! summary tables' `(best of 3 runs)` do), which keeps them apart, and a
//! note at the line says what they are (attack46 F7: read as a plain run,
//! no word).

use super::{command_name, copies, first_line_after_copy_before, key_hash};
use crate::lines::SplitWords as _;
use crate::model::ParsedFile;
use crate::parse::Input;
use crate::parse::input::contains_ignore_ascii_case;

/// The words of a pick (lower case) and the `stat` each is filed under.
const PICKS: [(&str, &str); 12] = [
    ("best", "best"),
    ("worst", "worst"),
    ("fastest", "best"),
    ("slowest", "worst"),
    ("max", "max"),
    ("maximum", "max"),
    ("highest", "max"),
    ("peak", "max"),
    ("min", "min"),
    ("minimum", "min"),
    ("lowest", "min"),
    ("median", "median"),
];

/// The words that may follow the count (`best of 3 runs`).
const RUN_WORDS: [&str; 10] =
    ["run", "runs", "try", "tries", "iteration", "iterations", "trial", "trials", "sample", "samples"];

/// `best of 3:`, `Median of 5 runs:`, `# min of 3 runs`, `(best of 5)`,
/// `- fastest of 3 tries:` → (`best`/`median`/`min`…, N, the words as
/// written); also the same words before a colon that ends a line's start
/// (`best of 3: Throughput …`). `None` for any other line, and for a count
/// under 2 (`best of 1` picks nothing).
pub(crate) fn picked_heading(line: &str) -> Option<(&'static str, u32, &str)> {
    let t = line.trim().trim_start_matches(['#', '-', '*', '>', '(', '[']).trim_start();
    // The words before a colon (or the whole line): short, always.
    let head = match t.split_once(':') {
        Some((h, _)) => h,
        None => t,
    };
    let head = head.trim().trim_end_matches([')', ']', '*', '#', '=']).trim_end();
    if head.len() > 40 || head.is_empty() {
        return None;
    }
    let first = head.words().next()?;
    let stat = PICKS.iter().find(|(w, _)| first.eq_ignore_ascii_case(w))?.1;
    let mut words = head.words().skip(1);
    if !words.next()?.eq_ignore_ascii_case("of") {
        return None;
    }
    let n: u32 = words.next()?.parse().ok()?;
    match words.next() {
        None => {}
        Some(w) if RUN_WORDS.iter().any(|r| w.eq_ignore_ascii_case(r)) && words.next().is_none() => {}
        Some(_) => return None,
    }
    (n >= 2).then_some((stat, n, head))
}

/// Gives the samples of each run under a [`picked_heading`] the parameter
/// `stat` and notes the heading's line. The run is the copy of the output
/// ([`copies`]) that starts at or below the heading, after the copy
/// before it; a heading with no run below it, before the next, is passed
/// over. Returns whether some sample was given `stat` (its key changed).
pub(super) fn mark_picked(input: &Input, parsed: &mut ParsedFile) -> bool {
    // Cheap gate: most files have no ` of ` at all.
    if parsed.samples.is_empty() || !input.has_ignore_ascii_case(" of ") {
        return false;
    }
    let headings: Vec<(usize, &'static str, u32, &str)> = input
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.len() < 200 && contains_ignore_ascii_case(l, " of "))
        .filter_map(|(i, l)| picked_heading(l).map(|(s, n, h)| (i + 1, s, n, h)))
        .collect();
    if headings.is_empty() {
        return false;
    }
    let mut changed = false;
    let hashes: Vec<u64> = parsed.samples.iter().map(key_hash).collect();
    let (found, copy_of) = copies(input, command_name(&parsed.benchmark), &parsed.samples, &hashes);
    for (h, stat, n, words) in headings {
        let Some(k) = found.iter().position(|c| c.0 >= h) else { continue };
        if first_line_after_copy_before(&found, k) > h {
            continue;
        }
        let mut marked = 0;
        for (s, _) in parsed.samples.iter_mut().zip(&copy_of).filter(|(_, c)| **c == k) {
            if s.params.iter().any(|p| p.name == "stat") {
                continue;
            }
            *s = s.clone().with_param("stat", stat);
            marked += 1;
        }
        changed |= marked > 0;
        if marked > 0 {
            let (a, b) = found[k];
            let lines = if a == b { format!("line {a}") } else { format!("lines {a}-{b}") };
            parsed.notes.push((
                h,
                format!(
                    "`{words}`: the figures of {lines} are each the {stat} of {n} runs, picked by the poster: read \
                     as one sample each (stat {stat}), not as {n} runs, and kept apart from plain runs"
                ),
            ));
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> ParsedFile {
        let input = Input::from_text(text);
        let mut segs = crate::parse::segment::segments(&input, None);
        segs.remove(0).outcome.expect("reads")
    }

    fn stat(f: &ParsedFile) -> Vec<(usize, Option<String>)> {
        let of = |s: &crate::model::Sample| s.params.iter().find(|p| p.name == "stat").map(|p| p.value.to_string());
        f.samples.iter().map(|s| (s.line, of(s))).collect()
    }

    /// attack46 F7: `median of 5 runs:` above one hackbench run, and a
    /// plain run below it, were two runs averaged, no word. Now the picked
    /// figure is `stat median`, the plain run none, and the heading's line
    /// says so. `best of 3: Throughput …` on dbench's line likewise.
    #[test]
    fn a_picked_figure_is_one_sample_of_its_statistic() {
        let run = "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                   Each sender will pass 100 messages of 100 bytes\n";
        let f = read(&format!("median of 5 runs:\n{run}Time: 1.234\n\nplain run:\n{run}Time: 1.300\n"));
        assert_eq!(stat(&f), [(4, Some("median".into())), (9, None)], "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, m)| *l == 1 && m.contains("each the median of 5 runs")), "{:?}", f.notes);
        let f = read(
            "best of 3: Throughput 1234.56 MB/sec  4 clients  4 procs  max_latency=12.345 ms\n\
             Throughput 1200.00 MB/sec  4 clients  4 procs  max_latency=12.000 ms\n",
        );
        assert_eq!(stat(&f)[0], (1, Some("best".into())), "{:?}", f.samples);
        assert!(stat(&f)[2..].iter().all(|(_, s)| s.is_none()), "{:?}", f.samples);
        assert!(f.samples.iter().all(|s| s.params.iter().all(|p| p.name != "label")), "{:?}", f.samples);
    }

    #[test]
    fn picked_headings() {
        for (line, want) in [
            ("best of 3:", Some(("best", 3))),
            ("median of 5 runs:", Some(("median", 5))),
            ("# Min of 3 runs", Some(("min", 3))),
            ("(best of 5)", Some(("best", 5))),
            ("- fastest of 3 tries:", Some(("best", 3))),
            ("best of 3: Throughput 1234.5 MB/sec 4 procs", Some(("best", 3))),
            // Must not fire.
            ("best of 1:", None),
            ("best of the three runs", None),
            ("the best of 3 runs was this one", None),
            ("best of 3 runs and then some more words", None),
            ("Maximum of 3 kernels tried", None),
            ("min latency of 3 us", None),
        ] {
            assert_eq!(picked_heading(line).map(|(s, n, _)| (s, n)), want, "{line}");
        }
    }
}
