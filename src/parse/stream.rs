//! STREAM (John McCalpin's `stream.c`, and the LKP logs of it).
//!
//! Each run prints its set-up, then one table of the four kernels:
//!
//! ```text
//! STREAM version $Revision: 5.10 $
//! Array size = 10000000 (elements), Offset = 0 (elements)
//! Number of Threads requested = 4
//! Number of Threads counted = 4
//! Function    Best Rate MB/s  Avg time     Min time     Max time
//! Copy:           25956.9     0.006271     0.006164     0.006907
//! Scale:          19288.6     0.008348     0.008295     0.008594
//! Add:            27675.3     0.008780     0.008672     0.009130
//! Triad:          28701.1     0.008413     0.008362     0.008684
//! ```
//!
//! STREAM 5.9 and older print `Function      Rate (MB/s)   Avg time …`
//! (some `RMS time`) and `Array size = 2000000, Offset = 0`, which read the
//! same. The file's version is the first `STREAM version $Revision: N $`.
//! The `Number of Threads` lines are printed only by an OpenMP build.
//!
//! Metrics (group empty): `Copy`, `Scale`, `Add`, `Triad`, the best rate
//! of each kernel, in MB/s (10^6 bytes per second, as STREAM counts),
//! higher is better. The times beside it are not read: the rate is the
//! figure STREAM reports, and it is computed from the minimum time.
//!
//! Parameters, from the lines above the table: `array_size` (elements;
//! stream_mpi's `Total Aggregate Array size`), `threads` (`Number of
//! Threads counted`, else `requested`) and stream_mpi's `ranks` (`Data is
//! distributed across 16 MPI ranks`: 16 and 64 ranks are two set-ups). A
//! parameter a run does not print is absent. A table with no set-up line
//! between it and the table before (a board's docs give a bare
//! single-thread table under `Single-thread comparison
//! (OMP_NUM_THREADS=1):` after a full 18-thread run) has none: it does not
//! inherit the earlier table's; one with some (stream-scaling prints its
//! array size once, then `Number of Threads requested = N` above each
//! table) keeps what it does not print anew. LKP's iterations are runs of
//! one sample set.
//!
//! A table in GB/s (`Function    Best Rate GB/s  Avg time …`, which a
//! port prints: STREAM-python's README, wildmod46) is read in MB/s, each
//! rate times 1000 with the step it was printed to (`0.1` GB/s is 100
//! MB/s, known to 100); a row of another kernel (a fork's `Fill:`,
//! `Daxpy:`) and a table in any other unit are not read; a note says so.
//! A table with two or more rows of other kernels that lacks one of the four
//! is another benchmark in STREAM's layout
//! (TheBandwidthBenchmark prints `Init`, `Sum`, `Copy`, `Update`, `Triad`,
//! `Daxpy`…): none of its rows is read, a note says so. A known kernel's row whose
//! rate is no number is an error at its line. A row cut short (a truncated
//! log's last line: fewer than its four figures, a rate without decimals,
//! a max time with fewer decimals than the avg time) is a note, not read.
//! A blank or separator line inside a table (` ---` between `Scale:` and
//! `Add:`) does not end it when the rows below it are kernels the table
//! has not read yet; a kernel's full row under no header is a note, not
//! read.
//!
//! A run that failed its validation (STREAM prints `Failed Validation on
//! array a[] …` below its table: the kernels computed wrong results, as a
//! QEMU sam460ex's broken TLB made them in a qemu-ppc mail, wild28) is left
//! out, as every parser leaves out a failed run: its table's rates are
//! taken back with one warning at the first such line, naming the table's
//! lines. They were read and averaged as any run's, a note beside them
//! only; kept apart (a `validation=failed` row) they would still be
//! compared with another file's runs of that name, and a wrong result's
//! time says nothing of the kernel's memory bandwidth.

use super::num::{self, plain};
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// STREAM; registry id `"stream"`.
pub struct Stream;

/// The four kernels STREAM reports, as its rows name them.
const KERNELS: [&str; 4] = ["Copy", "Scale", "Add", "Triad"];

/// One run's set-up, as the lines above its table print it.
#[derive(Default, Clone, Copy)]
struct Setup {
    array_size: Option<u64>,
    threads_requested: Option<u64>,
    threads_counted: Option<u64>,
    /// stream_mpi's `Data is distributed across 16 MPI ranks`.
    ranks: Option<u64>,
}

impl Setup {
    fn sample(&self, kernel: &str, value: f64, n: usize) -> Sample {
        let mut s = Sample::new(Metric::new(kernel, "MB/s", Better::Higher), value, n);
        if let Some(a) = self.array_size {
            s = s.with_param("array_size", a);
        }
        if let Some(t) = self.threads_counted.or(self.threads_requested) {
            s = s.with_param("threads", t);
        }
        if let Some(r) = self.ranks {
            s = s.with_param("ranks", r);
        }
        s
    }
}

/// The leading integer of `s` (`10000000 (elements), …` → 10000000).
fn leading_int(s: &str) -> Option<u64> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s[..end].parse().ok()
}

/// `$Revision: 5.10 $` → `5.10`.
fn revision(rest: &str) -> Option<String> {
    let v = rest.trim().strip_prefix("$Revision:")?.trim().trim_end_matches('$').trim();
    (!v.is_empty() && v.len() <= 20).then(|| v.to_string())
}

/// What a table header line says: `Some(Some(factor))` for a header in
/// MB/s (1) or GB/s (1000, the factor to MB/s), `Some(None)` for a STREAM
/// header in another unit, `None` for no header.
fn header(t: &str) -> Option<Option<f64>> {
    let rest = t.strip_prefix("Function")?.trim_start();
    if !rest.contains("time") {
        return None;
    }
    let unit = rest.strip_prefix("Best Rate ").or_else(|| rest.strip_prefix("Rate (")).unwrap_or(rest);
    Some(if unit.starts_with("MB/s") {
        Some(1.0)
    } else if unit.starts_with("GB/s") {
        Some(1000.0)
    } else {
        None
    })
}

/// A header line as a terminal shows it when STREAM ran in the
/// background (`./stream &`) and printed its table after the shell's next
/// prompt: `root@target:~/devfreq# Function    Best Rate MB/s  Avg time …`
/// (an Exynos devfreq letter, 2020, wildmod53: the table was warned of as
/// one no parser reads, and nothing was read). The prompt is one a
/// terminal prints (`user@host:dir#`, `[user@host dir]$`, tcsh's
/// `user@host:dir >`); [`header`] of what follows it.
fn prompted_header(t: &str) -> Option<Option<f64>> {
    super::cmdline::prompt_directory(t)?;
    let t = t.trim_start();
    let rest = match t.strip_prefix('[') {
        Some(r) => r.split_once(']')?.1,
        None => t.split_once(char::is_whitespace)?.1,
    };
    let rest = rest.trim_start();
    let rest = rest.strip_prefix(['#', '$', '>']).unwrap_or(rest).trim_start();
    header(rest)
}

/// A table row `Copy:  25956.9  0.006271 …` → (name, rate text).
fn row(t: &str) -> Option<(&str, &str)> {
    let (name, rest) = t.split_once(':')?;
    let name = name.trim();
    if name.is_empty() || name.contains(char::is_whitespace) || !name.chars().all(char::is_alphanumeric) {
        return None;
    }
    let rate = rest.split_whitespace().next()?;
    Some((name, rate))
}

/// Reads every run in `input`.
fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "stream".into(), ..ParsedFile::default() };
    let mut setup = Setup::default();
    // Inside a table: its factor to MB/s (`None` for a unit not read),
    // and where it starts.
    let mut table: Option<Option<f64>> = None;
    let mut open = Table::default();
    // Whether a table came before, and a set-up line since it.
    let (mut read_before, mut fresh) = (false, false);
    // The last table read, for a `Failed Validation` line below it.
    let mut last: Option<Ran> = None;
    for (n, line) in input.numbered() {
        let t = line.trim();
        if let Some(factor) = header(t).or_else(|| prompted_header(t)) {
            close_table(&mut out, &open);
            // A table with no set-up line since the table before it was
            // posted without its own (`Single-thread comparison
            // (OMP_NUM_THREADS=1):` over a bare table): it does not inherit
            // the earlier one's. stream-scaling prints a `Number of Threads`
            // line above each table, and its array size once.
            if read_before && !fresh {
                setup = Setup::default();
            }
            (read_before, fresh) = (true, false);
            if factor.is_none() {
                out.notes.push((n, "a STREAM table in another unit than MB/s or GB/s: not read".into()));
            }
            table = Some(factor);
            open = Table { header: n, first_sample: out.samples.len(), foreign: 0 };
            last = Some(Ran { header: n, first_sample: out.samples.len(), failed: false });
            continue;
        }
        if let Some(factor) = table {
            if let Some((name, rate)) = row(t) {
                if factor.is_some() && !KERNELS.contains(&name) {
                    open.foreign += 1;
                }
                read_row(&mut out, &setup, factor, (n, t), name, rate)?;
                continue;
            }
            // A separator or blank line a post put inside the table (` ---`
            // between `Scale:` and `Add:`): the rows below it are still
            // this table's when they are kernels it has not read yet.
            if separator(t) && rest_of_table(input, n, &out.samples[open.first_sample.min(out.samples.len())..]) {
                continue;
            }
            close_table(&mut out, &open);
            open = Table::default();
            table = None;
        }
        if let Some((name, _)) = row(t).filter(|(name, _)| KERNELS.contains(name) && !cut_row(t)) {
            // A kernel's full row under no header (its table ended above
            // it, or none began): not read, said.
            let msg = format!(
                "a STREAM `{name}:` row under no `Function … Rate MB/s` header (its table ended above it, or none \
                 began): not read"
            );
            out.notes.push((n, msg));
        } else if failed_validation(t) {
            fail_validation(&mut out, &mut last, (n, t));
        } else if let Some(rest) = t.strip_prefix("STREAM version") {
            setup = Setup::default();
            fresh = true;
            if out.version.is_none() {
                out.version = revision(rest);
            }
        } else if let Some(rest) =
            t.strip_prefix("Array size = ").or_else(|| t.strip_prefix("Total Aggregate Array size = "))
        {
            // stream_mpi prints the whole array (`Total Aggregate Array
            // size = 10000000 (elements)`), then each rank's share.
            setup.array_size = leading_int(rest);
            fresh = true;
        } else if let Some(rest) = t.strip_prefix("Data is distributed across ") {
            setup.ranks = rest.strip_suffix(" MPI ranks").and_then(leading_int);
            fresh = true;
        } else if let Some(rest) = t.strip_prefix("Number of Threads requested = ") {
            setup.threads_requested = leading_int(rest);
            setup.threads_counted = None;
            fresh = true;
        } else if let Some(rest) = t.strip_prefix("Number of Threads counted = ") {
            setup.threads_counted = leading_int(rest);
            fresh = true;
        }
    }
    close_table(&mut out, &open);
    if out.samples.is_empty() {
        let other = out.notes.iter().find(|(_, m)| m.contains("another benchmark") || m.contains(FAILED));
        let reason = match other {
            Some((n, m)) => format!("line {n}: {m}"),
            None => "no `Copy:`/`Scale:`/`Add:`/`Triad:` row under a `Function … Rate MB/s` header".into(),
        };
        return Err(ParseError::NoResults { benchmark: "stream", reason });
    }
    Ok(out)
}

/// True for STREAM's `Failed Validation on array a[] …` line, in any case
/// (`FAILED VALIDATION …`, `failed validation …`: a post retyped or a
/// tool's log shouted it; attack32 found the check matched one spelling
/// only, and a run that failed must never be averaged).
pub(crate) fn failed_validation(t: &str) -> bool {
    t.get(..17).is_some_and(|head| head.eq_ignore_ascii_case("Failed Validation"))
}

/// The words of the warning at a run that failed its validation.
const FAILED: &str = "STREAM says the run failed its validation";

/// The last table read: its header's line, the index of its first sample
/// in `out.samples`, and whether a `Failed Validation` line took it back.
struct Ran {
    header: usize,
    first_sample: usize,
    failed: bool,
}

/// A `Failed Validation` line (line `n`, text `t`): the run of the table
/// above it (`last`) computed wrong results, and its rates are taken back,
/// with a warning at the first such line naming the table's lines (the
/// lines for the other arrays of that run add nothing). With no table
/// above, the warning says there was none to leave out.
fn fail_validation(out: &mut ParsedFile, last: &mut Option<Ran>, (n, t): (usize, &str)) {
    let Some(ran) = last.as_mut() else {
        let msg = format!("{FAILED} (`{t}`), with no table of its rates above: none is read for it");
        out.notes.push((n, msg));
        return;
    };
    if ran.failed {
        return;
    }
    ran.failed = true;
    let lines: Vec<usize> = out.samples.get(ran.first_sample..).unwrap_or_default().iter().map(|s| s.line).collect();
    let msg = match (lines.first(), lines.last()) {
        (Some(a), Some(b)) => format!(
            "{FAILED} (`{t}`): the rates of its table (line {}, rows on lines {a}-{b}) are wrong results' times, \
             left out",
            ran.header
        ),
        _ => format!("{FAILED} (`{t}`): its table (line {}) gave no rate to leave out", ran.header),
    };
    out.samples.truncate(ran.first_sample.min(out.samples.len()));
    out.notes.push((n, msg));
}

/// A table being read: its header's line, the index of its first sample
/// in `out.samples`, and how many rows of other kernels it has.
#[derive(Default)]
struct Table {
    header: usize,
    first_sample: usize,
    foreign: usize,
}

/// Ends table `t`: when it has two or more rows of other kernels and lacks some of
/// STREAM's four, it is another benchmark in STREAM's layout
/// (TheBandwidthBenchmark's `Init/Sum/Copy/Update/Triad/Daxpy`): its
/// `Copy`/`Triad` are not STREAM's figures, and are taken back with a note.
fn close_table(out: &mut ParsedFile, t: &Table) {
    // One odd row (a fork's `Fill:`) is a note of its own; a table of
    // several other kernels is another benchmark.
    if t.foreign < 2 || t.first_sample > out.samples.len() {
        return;
    }
    let read: Vec<&str> = out.samples[t.first_sample..].iter().map(|s| s.metric.name.as_str()).collect();
    let missing: Vec<&str> = KERNELS.iter().copied().filter(|k| !read.contains(k)).collect();
    if missing.is_empty() {
        return;
    }
    let msg = format!(
        "a table in STREAM's layout with {} row(s) of other kernels and no {}: another benchmark \
         (TheBandwidthBenchmark, a STREAM variant?), not read",
        t.foreign,
        missing.join("/")
    );
    out.samples.truncate(t.first_sample);
    out.notes.push((t.header, msg));
}

/// Reads one table row (line `n`, text `t`) into `out`: a known kernel's
/// rate in an MB/s or GB/s table (`factor` to MB/s, 1 or 1000) is a
/// sample in MB/s, anything else a note.
fn read_row(
    out: &mut ParsedFile,
    setup: &Setup,
    factor: Option<f64>,
    (n, t): (usize, &str),
    name: &str,
    rate: &str,
) -> Result<(), ParseError> {
    let Some(factor) = factor else {
        return Ok(());
    };
    let Some(kernel) = KERNELS.iter().find(|k| **k == name) else {
        out.notes.push((n, format!("a STREAM row of kernel `{name}` (not one of STREAM's four): not read")));
        return Ok(());
    };
    let value = plain(rate).ok_or_else(|| ParseError::malformed(n, format!("a rate in MB/s after `{name}:`"), t))?;
    if cut_row(t) {
        let msg = format!(
            "a STREAM `{name}:` row without all four figures as STREAM prints them (rate, avg, min and max time, \
             each with its decimals): the line looks cut short, not read"
        );
        out.notes.push((n, msg));
        return Ok(());
    }
    let sample = if factor == 1.0 {
        setup.sample(kernel, value, n)
    } else {
        // `0.1` GB/s is 100 MB/s, not 100.00000000000001, and is known to
        // 100 MB/s only; `1.2345` GB/s is 1234.5 MB/s.
        let step = num::scaled_step(rate, factor).unwrap_or(factor);
        let keep = num::pow10(i32::try_from(num::decimals(rate).unwrap_or(0).saturating_sub(3)).unwrap_or(0));
        let value = (value * factor * keep).round() / keep;
        setup.sample(kernel, value, n).with_step(step)
    };
    out.samples.push(sample);
    Ok(())
}

/// True for a line of no words inside a table: blank, or only dashes,
/// `=`, `*` or `_` (` ---`, a post's mark between rows).
fn separator(t: &str) -> bool {
    t.chars().all(|c| matches!(c, '-' | '=' | '*' | '_' | ' ' | '\t'))
}

/// Whether the first line below line `n` (1-based) that is no
/// [`separator`] is a row of one of STREAM's kernels not among `read` (the
/// samples of the table above): the rest of that table (` ---` between
/// `Scale:` and `Add:` ended it, and Add and Triad were not read, no word:
/// labels55).
fn rest_of_table(input: &Input, n: usize, read: &[Sample]) -> bool {
    let next = input.lines[n..].iter().map(|l| l.trim()).find(|t| !separator(t));
    next.and_then(row).is_some_and(|(name, _)| KERNELS.contains(&name) && !read.iter().any(|s| s.metric.name == name))
}

/// Whether the row `Copy:  25956.9  0.006271  0.006164  0.006907` was cut
/// short (a truncated log's last line). Every STREAM version prints the
/// rate with a point and decimals (`%12.1f` in 5.10, `%11.4f` in 5.9) and
/// the three times in one format (`%11.6f`, `%11.4f`): a row with fewer
/// than four figures, a rate without decimals (`25956.`), or a max time
/// with fewer decimals than the avg time (`0.0069`) is cut.
fn cut_row(t: &str) -> bool {
    let Some((_, rest)) = t.split_once(':') else { return true };
    let cells: Vec<&str> = rest.split_whitespace().collect();
    let decimals: Vec<Option<usize>> = cells.iter().map(|c| super::num::decimals(c)).collect();
    match decimals[..] {
        [Some(rate), Some(avg), Some(_), Some(max), ..] => rate == 0 || max < avg,
        _ => true,
    }
}

impl BenchParser for Stream {
    fn id(&self) -> &'static str {
        "stream"
    }

    fn describe(&self) -> &'static str {
        "STREAM (stream.c 5.x; LKP logs)"
    }

    /// Its first test asks for all three.
    fn literals(&self) -> &'static [&'static str] {
        &["Triad:"]
    }

    fn detect(&self, input: &Input) -> u8 {
        if !input.has("Function") || !input.has("Triad:") || !input.has("Copy:") {
            return 0;
        }
        if input.lines.iter().any(|l| header(l.trim()).or_else(|| prompted_header(l.trim())).is_some()) {
            90
        } else {
            0
        }
    }

    fn max_score(&self) -> u8 {
        90
    }

    /// A last result row without a line break is whole when its time
    /// cells share their decimals, four at least: STREAM prints the three
    /// times with one conversion, `%11.4f` up to 5.9 (`Triad:
    /// 13230.8312       0.0575       0.0573       0.0583`), `%11.6f` in
    /// 5.10 (`Triad:          28561.0     0.008514     0.008403
    /// 0.009137`); a row cut inside its last time has fewer there.
    fn last_figure_complete(&self, input: &Input) -> bool {
        let Some(last) = input.lines.last() else { return false };
        let cells: Vec<&str> = last.split_whitespace().collect();
        let [label, _, avg, min, max] = cells[..] else { return false };
        let times: Vec<Option<usize>> = [avg, min, max].into_iter().map(super::num::decimals).collect();
        ["Copy:", "Scale:", "Add:", "Triad:"].contains(&label)
            && times[0].is_some_and(|d| d >= 4)
            && times.iter().all(|d| *d == times[0])
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(s: &Sample) -> String {
        s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" ")
    }

    /// stream_mpi 1.8 (a README's 16- and 64-rank runs, wild36a file 19):
    /// the aggregate array size and the ranks are parameters, so the two
    /// runs are two set-ups; the per-rank array size is not read.
    #[test]
    fn stream_mpi_ranks_and_aggregate_array_size() {
        let run = |ranks: u32, copy: &str| {
            format!(
                "STREAM version $Revision: 1.8 $\nTotal Aggregate Array size = 10000000 (elements)\n\
                 Data is distributed across {ranks} MPI ranks\n   Array size per MPI rank = 625000 (elements)\n\
                 Function    Best Rate MB/s  Avg time     Min time     Max time\n\
                 Copy:         {copy}     0.001662     0.001616     0.001692\n"
            )
        };
        let f = Stream.parse(&Input::from_text(&(run(16, "99010.0") + &run(64, "275647.3")))).unwrap();
        let got: Vec<String> = f.samples.iter().map(|s| format!("{} {}", params(s), s.value.mean())).collect();
        assert_eq!(got, ["array_size=10000000 ranks=16 99010", "array_size=10000000 ranks=64 275647.3"]);
    }

    /// wildmod53: a table printed after the shell's prompt (STREAM run in
    /// the background) is read; the prompt is no part of the header.
    #[test]
    fn header_after_a_prompt() {
        let text = "root@target:~/devfreq# Function    Best Rate MB/s  Avg time     Min time     Max time\n\
                    Copy:            4797.5     0.041159     0.033351     0.051780\n\
                    Triad:            670.2     0.374949     0.358115     0.407750\n";
        let input = Input::from_text(text);
        assert_eq!(Stream.detect(&input), 90);
        let f = parse_all(&input).expect("read");
        assert_eq!(f.samples.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), [4797.5, 670.2]);
        assert!(prompted_header("Function is a word: user@host:~# no").is_none());
    }

    #[test]
    fn openmp_run_and_old_header() {
        let text = "STREAM version $Revision: 5.10 $\n\
            Array size = 10000000 (elements), Offset = 0 (elements)\n\
            Number of Threads requested = 8\nNumber of Threads counted = 4\n\
            Function    Best Rate MB/s  Avg time     Min time     Max time\n\
            Copy:           25956.9     0.006271     0.006164     0.006907\n\
            Scale:          19288.6     0.008348     0.008295     0.008594\n\
            Add:            27675.3     0.008780     0.008672     0.009130\n\
            Triad:          28701.1     0.008413     0.008362     0.008684\n\
            ----\nSTREAM version $Revision: 5.8 $\nArray size = 2000000, Offset = 0\n\
            Function      Rate (MB/s)   Avg time     Min time     Max time\n\
            Copy:        4000.1234       0.0081       0.0080       0.0083\n\
            Fill:        1.0       0.0081       0.0080       0.0083\n";
        let f = Stream.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 5);
        assert_eq!(f.samples[3].metric.name, "Triad");
        assert_eq!(f.samples[3].value.mean(), 28701.1);
        assert_eq!(params(&f.samples[0]), "array_size=10000000 threads=4");
        assert_eq!(params(&f.samples[4]), "array_size=2000000");
        assert_eq!(f.samples[4].line, 14);
        assert_eq!(f.notes.len(), 1);
    }

    #[test]
    fn another_benchmark_in_streams_layout_is_not_read() {
        let bw = " Function      Rate (MB/s)   Avg time     Min time     Max time\n Init:         15068.23      0.0123       0.0106       0.0112\n\
                  \x20Sum:          21384.63      0.0088       0.0075       0.0082\n\
                  \x20Copy:         18854.08      0.0190       0.0170       0.0174\n Triad:        19215.55      0.0281       0.0250       0.0263\n";
        let e = Stream.parse(&Input::from_text(bw)).unwrap_err();
        assert!(e.to_string().contains("line 1: a table in STREAM's layout"), "{e}");
        // A fork with all four kernels and more rows is STREAM: its four are read.
        let fork = bw.replacen(" Triad:", " Scale: 1.5 1 1 1\n Add: 2.5 1 1 1\n Triad:", 1);
        assert_eq!(Stream.parse(&Input::from_text(&fork)).unwrap().samples.len(), 4);
    }

    #[test]
    fn damage_and_other_units() {
        let bad = "Function    Best Rate MB/s  Avg time     Min time     Max time\nCopy:  x 0.1 0.1 0.1\n";
        assert_eq!(Stream.parse(&Input::from_text(bad)).unwrap_err().line(), Some(2));
        // A port's GB/s table (STREAM-python): read in MB/s, with its step.
        let gb = "Function    Best Rate GB/s  Avg time     Min time     Max time\nCopy:  0.1 0.1 0.1 0.1\nTriad: 19.7 0.013359 0.012155 0.017599\n";
        let f = Stream.parse(&Input::from_text(gb)).unwrap();
        let got: Vec<(f64, Option<f64>)> = f.samples.iter().map(|s| (s.value.mean(), s.step)).collect();
        assert_eq!(got, [(100.0, Some(100.0)), (19700.0, Some(100.0))]);
        let gib = "Function    Best Rate GiB/s  Avg time     Min time     Max time\nCopy:  1.0 0.1 0.1 0.1\n";
        assert!(Stream.parse(&Input::from_text(gib)).is_err());
    }

    #[test]
    fn a_run_that_failed_validation_is_left_out() {
        let table = |copy: &str| {
            format!(
                "Function    Best Rate MB/s  Avg time     Min time     Max time\n\
                 Copy:            {copy}     0.095517     0.092821     0.103645\n\
                 Triad:            763.2     0.323731     0.314454     0.343873\n---\n"
            )
        };
        let text = format!(
            "{}Failed Validation on array a[], AvgRelAbsErr > epsilon (1.000000e-13)\n\
             Failed Validation on array b[], AvgRelAbsErr > epsilon (1.000000e-13)\n{}\
             Solution Validates: avg error less than 1.000000e-13 on all three arrays\n",
            table("1723.8"),
            table("3191.5")
        );
        let f = Stream.parse(&Input::from_text(&text)).unwrap();
        let read: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(read, [(8, 3191.5), (9, 763.2)]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 5);
        assert!(f.notes[0].1.contains("table (line 1, rows on lines 2-3)"), "{:?}", f.notes);
        // In any case (attack32: the check matched `Failed Validation` only).
        for shouted in [text.replace("Failed Validation", "FAILED VALIDATION"), text.replace("Failed V", "failed v")] {
            let g = Stream.parse(&Input::from_text(&shouted)).unwrap();
            assert_eq!(g.samples, f.samples);
            assert_eq!(g.notes.len(), f.notes.len());
        }
        assert!(!failed_validation("Failed Valid") && !failed_validation("Failed to validate"));
        // Only a failed run: no result, the error says why.
        let e = Stream.parse(&Input::from_text(&text[..text.find("Failed Validation on array b").unwrap()]));
        assert!(e.unwrap_err().to_string().contains("failed its validation"));
        // A failure line with no table above leaves nothing out.
        let f = Stream.parse(&Input::from_text(&format!("Failed Validation on array a[]\n{}", table("1.5")))).unwrap();
        assert_eq!((f.samples.len(), f.notes[0].0), (2, 1));
    }

    /// labels55: ` ---` between `Scale:` and `Add:` ended the table, and
    /// Add and Triad were not read, no word.
    #[test]
    fn a_separator_inside_the_table_does_not_end_it() {
        let text = "Function    Best Rate MB/s  Avg time     Min time     Max time\n\
                    Copy:           12345.6     0.013034     0.012960     0.013200\n\
                    Scale:          12000.1     0.013400     0.013300     0.013500\n ---\n\
                    Add:            13000.2     0.018500     0.018400     0.018600\n\
                    Triad:          13100.3     0.018400     0.018300     0.018500\n\
                    ---\n\
                    Copy:           12345.6     0.013034     0.012960     0.013200\n";
        let p = Stream.parse(&Input::from_text(text)).unwrap();
        let read: Vec<(&str, f64, usize)> =
            p.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean(), s.line)).collect();
        assert_eq!(read, [("Copy", 12345.6, 2), ("Scale", 12000.1, 3), ("Add", 13000.2, 5), ("Triad", 13100.3, 6)]);
        // A row of a kernel read already is no part of that table: said.
        assert!(p.notes.iter().any(|(n, m)| *n == 8 && m.contains("under no `Function")), "{:?}", p.notes);
    }

    #[test]
    fn a_table_without_its_set_up_has_no_parameters() {
        let text = "Number of Threads requested = 18\nNumber of Threads counted = 18\n\
            Array size = 10000000 (elements), Offset = 0 (elements)\n\
            Function    Best Rate MB/s  Avg time     Min time     Max time\n\
            Copy:           89633.9     0.001952     0.001785     0.002350\n\
            Triad:          72859.9     0.003479     0.003294     0.004133\n\
            ---\nSingle-thread comparison (`OMP_NUM_THREADS=1`):\n\
            Function    Best Rate MB/s  Avg time     Min time     Max time\n\
            Copy:           30389.4     0.005385     0.005265     0.005763\n";
        let f = Stream.parse(&Input::from_text(text)).unwrap();
        assert_eq!(params(&f.samples[0]), "array_size=10000000 threads=18");
        assert_eq!(params(&f.samples[2]), "");
    }
}
