//! Bonnie 1.x (Tim Bray's original) result tables.
//!
//! Reads the classic report (Bonnie 1.0–1.4 and variants):
//!
//! ```text
//!               -------Sequential Output-------- ---Sequential Input-- --Random--
//!               -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---
//! Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU
//! 2.4.0-test3  500  1853 86.4  4125 14.2  2581 14.4  1882 86.7  8053 32.5  51.5  3.7
//! ```
//!
//! and the Bonnie 1.2 variant with a `Bonnie 1.2: File './Bonnie.1557', size:
//! 268435456, volumes: 1` banner, a `---Sequential Output (nosync)---` /
//! `--Rnd Seek-` / `--04k (03)-` header and a machine column that runs the
//! volume count into the size (`localh 1* 256`, `localh 1*1024`). Its
//! per-phase progress lines (`done:  21846 kB/s  98.0 %CPU`) repeat the table
//! and are not read. Several result rows may follow one header (blank lines
//! between them are fine), and a file may hold several headers (runs). A
//! header and row flattened onto one line (`MB K/sec %CPU … /sec %CPU 500
//! 1853 86.4 …`, as web archives show them) are read too.
//!
//! Columns are not found from the header's words: cells are split on
//! whitespace (spaces or tabs) and counted from the right, twelve value
//! cells after the size, so a machine name wider than its `Machine` header
//! word (`raid5-ext3-ordered-8k`), a %CPU of `100.2` or a rate of `1940202`
//! that overflow their columns move nothing. A `+++++` / `+++` cell (the
//! test ran too fast to time) gives no sample and a note. A cell in its
//! place that is no number (`8,544`, `433.0.2`, `nan`; at most two a row)
//! gives no sample and a warning naming its line; the row's other cells
//! are read. A row whose cells
//! are not exactly label, size and twelve cells (one missing, two run
//! together as `97.121456`) is an error naming its line; a row cut in two
//! by a mail client is rejoined only when the next line is exactly the
//! missing cells; so is the column header, when the next line is exactly
//! the rest of it (`MB K/sec %CPU … K/sec %CPU` / `K/sec %CPU   /sec %CPU`,
//! a reply wrapped at 72 columns).
//!
//! Metrics, per group:
//!
//! | group               | name                                | unit      | better  |
//! |---------------------|-------------------------------------|-----------|---------|
//! | `Sequential Output` | `Per Char`, `Block`, `Rewrite`      | `KB/s`    | Higher  |
//! | `Sequential Output` | `Per Char %CPU`, `Block %CPU`, `Rewrite %CPU` | `%` | Neither |
//! | `Sequential Input`  | `Per Char`, `Block`                 | `KB/s`    | Higher  |
//! | `Sequential Input`  | `Per Char %CPU`, `Block %CPU`       | `%`       | Neither |
//! | `Random`            | `Seeks`                             | `seeks/s` | Higher  |
//! | `Random`            | `Seeks %CPU`                        | `%`       | Neither |
//!
//! Bonnie64's report (`Machine    GB M/sec %CPU M/sec %CPU … /sec %CPU`:
//! the size in GB, the rates in MB/s) is read the same way, each rate in
//! `MB/s` as printed and its size as `1G`.
//!
//! Params: `size`, the file size in MB as printed (Bonnie64's in GB, `1G`); `volumes`, Bonnie 1.2's
//! volume count where it is not 1 (`3` of `M1135- 3*1024`: three volumes
//! of 1024 MB); `sync` = `yes` under a `---Sequential Output (sync)---`
//! title (Bonnie 1.2/1.3 `-y`: fsync after each write phase) and `char` =
//! `unlocked` under `-CharUnlk-` titles (`-u`: putc_unlocked/getc_unlocked
//! for the Per Char tests), set-ups other than the default.
//!
//! Kernel rule: the Machine column is a label (`-m`), usually the host name.
//! When the file holds two or more result rows with at least two different
//! labels, each row keeps its own: as [`Sample::kernel`] where it names a
//! kernel (posts that compare kernels label each run with its kernel:
//! `2.4.0-test3`, or the short `TEST4`, `22pre6`), else as a `label`
//! parameter (`generic_file_write`, `SCSI`, `raid5-ext2-8k`: set-ups or
//! hosts). A single row, or rows that all carry one label, leave both out.

use crate::model::{Better, Metric, Param, ParsedFile, Sample, Untimed};
use crate::parse::num::plain;
use crate::parse::{BenchParser, Input, ParseError};

/// The unit of Bonnie's size column: its header says `MB` (`Machine    MB
/// K/sec %CPU …`), the file size of the run in megabytes.
const SIZE_UNIT: &str = "MB";

/// The Bonnie 1.x parser (registry id `"bonnie"`).
pub struct Bonnie;

/// The six tests of a Bonnie / bonnie++ I/O row, in column order: group and
/// metric name of the rate; each is followed by its %CPU column.
pub(crate) const IO_TESTS: [(&str, &str); 6] = [
    ("Sequential Output", "Per Char"),
    ("Sequential Output", "Block"),
    ("Sequential Output", "Rewrite"),
    ("Sequential Input", "Per Char"),
    ("Sequential Input", "Block"),
    ("Random", "Seeks"),
];

/// The rate metric of a Bonnie / bonnie++ I/O test: `KB/s`, or `seeks/s`
/// for `Seeks`; bigger is better.
pub(crate) fn rate_metric(name: &str) -> Metric {
    if name == "Seeks" {
        Metric::new("Seeks", "seeks/s", Better::Higher)
    } else {
        Metric::new(name, "KB/s", Better::Higher)
    }
}

/// The %CPU metric that goes with a test: `"<name> %CPU"`, `%`, informational.
pub(crate) fn cpu_metric(name: &str) -> Metric {
    Metric::new(format!("{name} %CPU"), "%", Better::Neither)
}

/// The header tokens of the classic Bonnie report's third line, after
/// `Machine`.
const HEADER: [&str; 13] =
    ["MB", "K/sec", "%CPU", "K/sec", "%CPU", "K/sec", "%CPU", "K/sec", "%CPU", "K/sec", "%CPU", "/sec", "%CPU"];

/// The header tokens of Bonnie64's third line, after `Machine` (a gist's
/// EC2 EBS report, 2009: `Machine    GB M/sec %CPU M/sec %CPU … /sec
/// %CPU` over `EBS-1GB     1  50.0 77.0 454.5 …`): the size in GB and
/// the rates in MB/s.
const HEADER64: [&str; 13] =
    ["GB", "M/sec", "%CPU", "M/sec", "%CPU", "M/sec", "%CPU", "M/sec", "%CPU", "M/sec", "%CPU", "/sec", "%CPU"];

/// Finds the Bonnie column header in `line`; returns the index of the first
/// token after it (for a row flattened onto the header line) and whether
/// it is Bonnie64's ([`HEADER64`]: sizes in GB, rates in MB/s).
fn header_end(toks: &[&str]) -> Option<(usize, bool)> {
    let at = |h: &[&str]| toks.windows(h.len()).position(|w| w == h).map(|p| p + h.len());
    at(&HEADER).map(|e| (e, false)).or_else(|| at(&HEADER64).map(|e| (e, true)))
}

/// The column header a mail client wrapped over lines `i` and `i + 1`
/// (0-based; reiserfs-dev 2004, Bonnie 1.2 quoted: `MB K/sec %CPU K/sec
/// %CPU K/sec %CPU K/sec %CPU` / `K/sec %CPU   /sec %CPU`): the two lines
/// hold the whole header and nothing after it, line `i` its start. The
/// index of the first line after it, where the rows start.
fn wrapped_header(lines: &[String], i: usize) -> Option<usize> {
    let first: Vec<&str> = lines[i].split_whitespace().collect();
    let start = first.iter().position(|t| *t == HEADER[0])?;
    let next = lines.get(i + 1)?;
    let rest: Vec<&str> = next.split_whitespace().collect();
    let seen = first.len() - start;
    if seen < 2 || rest.is_empty() || seen + rest.len() != HEADER.len() {
        return None;
    }
    (first[start..] == HEADER[..seen] && rest[..] == HEADER[seen..]).then_some(i + 2)
}

/// A result row: label, size, Bonnie 1.2's volume count (`3` of
/// `3*1024`), and twelve (token, line) cells.
#[derive(Debug, Clone)]
struct Row {
    label: String,
    size: String,
    volumes: Option<String>,
    cells: Vec<(String, usize)>,
    /// The set-up the table's titles name ([`titles_setup`]).
    setup: Vec<Param>,
    /// Under Bonnie64's header ([`HEADER64`]): the size is in GB, the
    /// rates in MB/s.
    gb: bool,
}

/// The set-up the titles above a Bonnie 1.2/1.3 header (the line at index
/// `header`) name, as parameters: `---Sequential Output (sync)-----` (its
/// `-y`: each write phase ends in fsync) gives `sync` = `yes`, and
/// `-CharUnlk-` over the Per Char columns (its `-u`: `Writing with
/// putc_unlocked()...`) gives `char` = `unlocked`. Either measures another
/// thing than the default (`(nosync)`, `-Per Char-`, which say nothing):
/// LKML 2002, Bonnie 1.3 `-y -u` over NFS, whose rows would have met
/// default runs' as runs of one set-up. The two title lines are the two
/// above the header that a quoted-printable soft break did not empty
/// ([`Input::joined_away`]): a mail that broke each title line in two
/// (`--Rnd =` / `Seek-`) lost `sync` = `yes` silently (attack57 F3).
/// A mail re-wrapped at 72 or 76 columns breaks each title line in two
/// (`---Sequential Output (sync)----- ---Sequential Input--` / `--Rnd
/// Seek-`, or at 76 `… --Rnd` / `Seek-`): up to four lines above the
/// header are the titles', while each holds a run of dashes or is a short
/// rest ending in one (rewrap58: `sync` = `yes` was lost on 36 figures,
/// silently).
fn titles_setup(input: &Input, header: usize) -> Vec<Param> {
    let mut above: Vec<&String> = (0..header)
        .rev()
        .filter(|&k| !input.joined_away(k))
        .take(4)
        .map(|k| &input.lines[k])
        .enumerate()
        .take_while(|(i, l)| *i < 2 || l.contains("--") || (l.trim().len() <= 12 && l.trim().ends_with('-')))
        .map(|(_, l)| l)
        .collect();
    above.reverse();
    let mut out = Vec::new();
    for l in above {
        if l.contains("Sequential Output (sync)") {
            out.push(Param::new("sync", "yes"));
        }
        if l.contains("-CharUnlk-") {
            out.push(Param::new("char", "unlocked"));
        }
    }
    out
}

/// Is this token a size / volumes cell (`256`, `1*`, `1*1024`)?
fn sizeish(t: &str) -> bool {
    let t = t.trim_end_matches('*');
    let mut parts = t.split('*');
    parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Reads label, size and Bonnie 1.2's volume count from the tokens
/// before the twelve values: `localh 1* 256` and `localh 1*1024` run the
/// count into the size, `M1135- 3*1024` is 3 volumes of 1024 MB.
fn label_and_size(prefix: &[&str]) -> Option<(String, String, Option<String>)> {
    let (&last, rest) = prefix.split_last()?;
    let (size, volumes, rest) = if let Some((v, s)) = last.split_once('*') {
        if s.is_empty() {
            return None;
        }
        (s, Some(v), rest)
    } else if last.bytes().all(|b| b.is_ascii_digit()) && !last.is_empty() {
        match rest.split_last() {
            Some((v, r)) if v.ends_with('*') && sizeish(v) => (last, Some(v.trim_end_matches('*')), r),
            _ => (last, None, rest),
        }
    } else {
        return None;
    };
    if !size.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // A label ending in a `1*1024` cell: that was the size, and the
    // "size" taken is the first figure (LKML 2001-12, a numbered list's
    // `21. ` before a row with an empty Machine cell, its last cell
    // wrapped: size 9854, every figure one column left; attack62).
    if rest.last().is_some_and(|t| t.contains('*') && sizeish(t)) {
        return None;
    }
    Some((rest.join(" "), size.to_string(), volumes.map(str::to_string)))
}

/// A `+++++` / `+++` cell: Bonnie's "too fast to measure" (the test ran
/// in less time than it can time), which has no value.
fn too_fast(t: &str) -> bool {
    t.len() >= 3 && t.bytes().all(|b| b == b'+')
}

/// An `xxxx` / `xxx` cell: a figure the poster blanked out by hand (LKML
/// 2001-04, Andrea Arcangeli's O_DIRECT Bonnie: "I cutted out the numbers
/// that aren't using O_DIRECT", `400  xxxx xxxx 12999 12.1 …   xxx  xxx`),
/// which has no value. Bonnie prints no such cell.
fn blanked(t: &str) -> bool {
    t.len() >= 2 && t.bytes().all(|b| b == b'x' || b == b'X')
}

/// A value cell: a number, a too-fast mark or a cell blanked out by hand.
fn cellish(t: &str) -> bool {
    plain(t).is_some() || too_fast(t) || blanked(t)
}

/// A cell in a value's place that is no number: a thousands separator
/// (`8,544`), a figure with a second point (`433.0.2`), or C's `nan` /
/// `inf`. Bonnie prints none of these; a row holding one in its place
/// (label, size and twelve cells) keeps its other cells, and the damaged
/// one is left out with a warning ([`row_samples`]).
fn damaged_cell(t: &str) -> bool {
    !cellish(t)
        && (super::num::non_finite(t)
            || (t.bytes().any(|b| b.is_ascii_digit())
                && t.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b','))))
}

/// A token made only of the characters number cells are made of (digits,
/// `.`, `+`, `*`, `-`): a cell, or two cells run together (`1234.5678.9`).
fn numberish(t: &str) -> bool {
    t.bytes().any(|b| b.is_ascii_digit() || b == b'+')
        && t.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'+' | b'*' | b'-'))
}

/// Builds a row from numbered tokens when they are a label, a size and
/// twelve value cells. The label may be any width (`raid5-ext3-ordered-8k`
/// runs far past the `Machine` header word): cells are counted from the
/// right, so its width moves nothing. Up to two cells may be damaged
/// ([`damaged_cell`]: `8,544`), each still in its place.
fn row_from(toks: &[(&str, usize)]) -> Option<Row> {
    if toks.len() < 13 {
        return None;
    }
    let split = toks.len() - 12;
    let damaged = toks[split..].iter().filter(|(t, _)| damaged_cell(t)).count();
    if damaged > 2 || !toks[split..].iter().all(|(t, _)| cellish(t) || damaged_cell(t)) {
        return None;
    }
    let prefix: Vec<&str> = toks[..split].iter().map(|(t, _)| *t).collect();
    let (label, size, volumes) = label_and_size(&prefix)?;
    let cells = toks[split..].iter().map(|(t, l)| (t.to_string(), *l)).collect();
    Some(Row { label, size, volumes, cells, setup: Vec::new(), gb: false })
}

/// A line that starts like a result row: an optional label, then at least
/// three cells and nothing else. A cell may be damaged (two run together,
/// `8,544`), so that such a row is reported instead of ending the table
/// unread.
fn row_like(toks: &[&str]) -> bool {
    let cell = |t: &&str| numberish(t) || damaged_cell(t);
    let Some(first_num) = toks.iter().position(cell) else {
        return false;
    };
    first_num <= 2 && toks.len() - first_num >= 3 && toks[first_num..].iter().all(cell)
}

/// The error for a row-like line that is not label, size and 12 cells:
/// names a cell that is not one number when there is one.
fn bad_row(line: &str, lineno: usize) -> ParseError {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let first = toks.iter().position(|t| numberish(t)).unwrap_or(0);
    if let Some(bad) = toks[first..].iter().skip(1).find(|t| !cellish(t)) {
        return ParseError::malformed(
            lineno,
            format!("a Bonnie result row of 12 value cells; {bad:?} is not one number (two cells run together?)"),
            line.trim(),
        );
    }
    ParseError::malformed(lineno, "a Bonnie result row: machine, size (MB) and 12 numbers", line.trim())
}

/// The names a file's Bonnie command lines give with `-m` (`nezumi / #
/// bonnie -s 2047 -m nezumi-raid1`): the label its Machine column prints.
fn m_names(lines: &[String]) -> Vec<String> {
    let mut names = Vec::new();
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(cmd) = words.iter().position(|w| w.rsplit('/').next() == Some("bonnie")) else { continue };
        if let Some(at) = words[cmd..].iter().position(|w| *w == "-m")
            && let Some(name) = words.get(cmd + at + 1)
        {
            names.push((*name).to_string());
        }
    }
    names
}

/// A row with a web page's closing tag glued to its last cell
/// (`nogitsun 16384 … 155.6  0.4</pre>`, a blog's preformatted block):
/// the line without it, and the tag.
fn without_closing_tag(line: &str) -> (&str, Option<&str>) {
    let t = line.trim_end();
    if let Some(at) = t.rfind("</")
        && t.ends_with('>')
        && at > 0
        && t[at + 2..t.len() - 1].bytes().all(|b| b.is_ascii_alphabetic())
        && t.len() - at > 3
    {
        return (&t[..at], Some(&t[at..]));
    }
    (line, None)
}

/// Reads the table rows that follow a header ending at line index `start`.
/// Returns the rows and the index of the first line after the table.
fn rows_after(
    lines: &[String],
    start: usize,
    notes: &mut Vec<(usize, String)>,
) -> Result<(Vec<Row>, usize), ParseError> {
    let mut rows = Vec::new();
    let mut i = start;
    while i < lines.len() {
        let (line, tag) = without_closing_tag(&lines[i]);
        let toks: Vec<&str> = line.split_whitespace().collect();
        if toks.is_empty() {
            i += 1;
            continue;
        }
        let numbered: Vec<(&str, usize)> = toks.iter().map(|t| (*t, i + 1)).collect();
        if let Some(r) = row_from(&numbered) {
            if let Some(tag) = tag {
                notes.push((i + 1, format!("`{tag}` after the row is the page's markup; left out")));
            }
            rows.push(r);
            i += 1;
            continue;
        }
        if !row_like(&toks) {
            break;
        }
        // Cut short: rejoin only when the next line is exactly the rest.
        // The rest may be indented (LKML 2001-12, `cat bonnie.hydra
        // bonnie.leo` wrapped at 72 columns: `\t  99.5 51920.4 196.5`)
        // when it is no row of its own (a row with an empty Machine cell
        // starts with spaces too).
        if let Some(next) = lines.get(i + 1) {
            let nt: Vec<&str> = next.split_whitespace().collect();
            let own_row = row_from(&nt.iter().map(|t| (*t, i + 2)).collect::<Vec<_>>()).is_some();
            if (!next.starts_with(char::is_whitespace) || !own_row)
                && !nt.is_empty()
                && nt.iter().all(|t| cellish(t) || damaged_cell(t))
            {
                let mut all = numbered.clone();
                all.extend(nt.iter().map(|t| (*t, i + 2)));
                if let Some(r) = row_from(&all)
                    && r.cells.first().is_some_and(|c| c.1 == i + 1)
                {
                    notes.push((i + 1, format!("row wrapped onto line {}; rejoined", i + 2)));
                    rows.push(r);
                    i += 2;
                    continue;
                }
            }
        }
        return Err(bad_row(line, i + 1));
    }
    Ok((rows, i))
}

/// The highest %CPU a Bonnie row may print for an I/O test (not Seeks):
/// one process, timed by the
/// clock, prints a little above 100 (`101.4`, rounding of the user and
/// system times); far above that the cells are out of place.
const MAX_CPU: f64 = 150.0;

/// Adds the samples of one result row to `out`. A `+++++` cell (too fast
/// to measure) gives no sample, a note naming the test and an
/// [`Untimed`] for the table; a damaged cell ([`damaged_cell`]: `8,544`)
/// gives no sample and a warning naming its line, test and text.
fn row_samples(r: &Row, kernel: Option<&str>, out: &mut ParsedFile) -> Result<(), ParseError> {
    // Bonnie runs one process for its five I/O tests: a %CPU far above
    // 100 there is no CPU share, and the row's cells are not under the
    // columns the header names. (Its seek test forks seekers: `196.5`,
    // LKML 2001-12, is a real Seeks %CPU.)
    let mut io_cpu = r.cells.iter().take(10).skip(1).step_by(2);
    if let Some((tok, ln)) = io_cpu.find(|(t, _)| plain(t).is_some_and(|v| v > MAX_CPU)) {
        out.notes.push((
            *ln,
            format!(
                "Bonnie result row not read: a %CPU of {tok} is no share of the one process Bonnie runs for its I/O \
                 tests (at most about 100), so its cells are not in the columns the header names"
            ),
        ));
        return Ok(());
    }
    let mut fast: Vec<String> = Vec::new();
    let mut cut: Vec<String> = Vec::new();
    // Bonnie64's size is in GB (`1`), its rates in MB/s.
    let size = if r.gb { format!("{}G", r.size) } else { r.size.clone() };
    let rate = |name: &str| {
        if r.gb && name != "Seeks" { Metric::new(name, "MB/s", Better::Higher) } else { rate_metric(name) }
    };
    for (k, (group, name)) in IO_TESTS.iter().enumerate() {
        for (idx, metric) in [(2 * k, rate(name)), (2 * k + 1, cpu_metric(name))] {
            let Some((tok, ln)) = r.cells.get(idx) else { continue };
            if blanked(tok) {
                cut.push(format!("{group} {}", metric.name));
                continue;
            }
            if too_fast(tok) {
                fast.push(format!("{group} {}", metric.name));
                // The rate's `+++++`; its `+++` %CPU is no test of its own.
                if idx % 2 == 0 {
                    out.untimed.push(Untimed {
                        group: (*group).into(),
                        metric: metric.name.clone(),
                        params: std::iter::once(Param::new("size", &size).in_unit(SIZE_UNIT))
                            .chain(r.volumes.as_deref().filter(|v| *v != "1").map(|v| Param::new("volumes", v)))
                            .chain(r.setup.iter().cloned())
                            .collect(),
                        line: *ln,
                    });
                }
                continue;
            }
            let Some(v) = plain(tok) else {
                if damaged_cell(tok) {
                    let msg = format!("{group} {}: {tok:?} is not one number: not read", metric.name);
                    out.notes.push((*ln, msg));
                    continue;
                }
                return Err(ParseError::malformed(*ln, "a number", tok.clone()));
            };
            let mut s = Sample::new(metric, v, *ln).with_group(*group).with_param_in("size", &size, SIZE_UNIT);
            // Bonnie 1.2's `3*1024`: three volumes of 1024 MB, another
            // set-up than one (`1*1024`, the default, said nothing).
            if let Some(v) = r.volumes.as_deref().filter(|v| *v != "1") {
                s = s.with_param("volumes", v);
            }
            s.params.extend(r.setup.iter().cloned());
            if let Some(k) = kernel {
                s = s.with_kernel(k);
            }
            out.samples.push(s);
        }
    }
    if !fast.is_empty() {
        let line = r.cells.first().map_or(0, |c| c.1);
        out.notes.push((line, format!("too fast to measure (+++++), no value: {}", fast.join(", "))));
    }
    if !cut.is_empty() {
        let line = r.cells.first().map_or(0, |c| c.1);
        out.notes.push((
            line,
            format!("`xxxx` in place of a figure (blanked out by the poster), no value: {}", cut.join(", ")),
        ));
    }
    Ok(())
}

/// The version a `Bonnie 1.2: File …` banner names.
fn banner_version(line: &str) -> Option<String> {
    let rest = line.trim_start().strip_prefix("Bonnie ")?;
    let (v, tail) = rest.split_once(':')?;
    (tail.trim_start().starts_with("File") && v.starts_with(|c: char| c.is_ascii_digit())).then(|| v.to_string())
}

/// Does a Machine cell name a kernel: a release (`2.4.0-test3`, `2.4.21`)
/// or the short names posts of the 2.4 days gave kernels in it (`TEST4`,
/// `TEST8-1MQ`, `t5` for 2.4.0-test4 …; `22pre6aa2` for 2.4.22-pre6aa2)?
/// Any other (`generic_file_write`, `SCSI`, `raid5-ext2-8k`, a host) is a
/// label, not a kernel (LKML 2005, reiserfs' two write paths were filed
/// as two kernels).
fn names_a_kernel(label: &str) -> bool {
    if crate::parse::labels::is_kernel_name(label) {
        return true;
    }
    let lower = label.to_ascii_lowercase();
    let after_test = lower.strip_prefix("test").or_else(|| lower.strip_prefix('t'));
    if after_test.is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit())) {
        return true;
    }
    lower.starts_with(|c: char| c.is_ascii_digit())
        && ["pre", "rc"].iter().any(|t| lower.contains(t))
        && lower.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
}

impl BenchParser for Bonnie {
    fn id(&self) -> &'static str {
        "bonnie"
    }

    fn describe(&self) -> &'static str {
        "Bonnie 1.x (Tim Bray) and its Bonnie 1.2 variant"
    }

    /// A last row without a line break is whole when its last cell, the
    /// random seeks' `%CPU`, has one decimal: Bonnie 1.x prints it `%4.1f`
    /// (`fileserv 2047  7012 97.0 … 142.0  1.8`, a wrapped row's tail
    /// `433.0  6.9`); a cut one has none (`1` for `1.8`) or ends in its
    /// point.
    fn last_figure_complete(&self, input: &Input) -> bool {
        input.lines.last().and_then(|l| l.split_whitespace().last()).and_then(super::num::decimals) == Some(1)
    }

    /// The literals its first test asks for.
    fn literals(&self) -> &'static [&'static str] {
        &["/sec %CPU", "K/sec  %CPU", "Bonnie ", "Sequential Output"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // The literals every score needs, looked for once in the whole text
        // (`K/sec %CPU` holds `/sec %CPU`; a banner starts `Bonnie `).
        let header = input.has("/sec %CPU") || input.has("K/sec  %CPU");
        let banner = input.has("Bonnie ");
        let sequential = input.has("Sequential Output");
        if !header && !banner && !sequential {
            return 0;
        }
        let mut score = 0;
        for l in &input.lines {
            if header && (l.contains("K/sec %CPU") || l.contains("K/sec  %CPU") || l.contains("/sec %CPU")) {
                let toks: Vec<&str> = l.split_whitespace().collect();
                if header_end(&toks).is_some() {
                    return 95;
                }
            }
            if banner && banner_version(l).is_some() {
                score = score.max(90);
            }
            // (bonnie++ and posts' hand-made tables start this line with `Version`)
            if sequential
                && (l.contains("-------Sequential Output--------") || l.contains("---Sequential Output (nosync)---"))
                && !l.trim_start().starts_with("Version")
            {
                score = score.max(70);
            }
        }
        score
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let lines = &input.lines;
        let mut out = ParsedFile { benchmark: "bonnie".into(), ..Default::default() };
        let mut rows: Vec<Row> = Vec::new();
        let mut i = 0;
        while i < lines.len() {
            let line = &lines[i];
            if out.version.is_none() {
                out.version = banner_version(line);
            }
            let toks: Vec<&str> = line.split_whitespace().collect();
            let Some((end, gb)) = header_end(&toks) else {
                if let Some(next) = wrapped_header(lines, i) {
                    out.notes.push((i + 1, format!("header wrapped onto line {}; rejoined", i + 2)));
                    let (mut found, after) = rows_after(lines, next, &mut out.notes)?;
                    let setup = titles_setup(input, i);
                    found.iter_mut().for_each(|r| r.setup.clone_from(&setup));
                    if found.is_empty() {
                        out.notes.push((i + 1, "Bonnie header without result rows".into()));
                    }
                    rows.append(&mut found);
                    i = after.max(next);
                    continue;
                }
                i += 1;
                continue;
            };
            if end < toks.len() && !toks[end..].iter().any(|t| numberish(t)) {
                // Words after the header, no figure: the names of columns
                // a variant adds (Bonnie 1.2 `-v 3`: `Iteration` / `Start
                // Date&Time`, LKML 2006). Rows carry no cells for them (a
                // row that does is not one of 12 cells: an error), so the
                // note is information.
                out.notes.push((
                    i + 1,
                    format!(
                        "`{}` after the header: columns this Bonnie's header names; no row prints them (a row that did \
                         would be no row of 12 cells)",
                        toks[end..].join(" ")
                    ),
                ));
            } else if end < toks.len() {
                // Header and row flattened onto one line.
                let numbered: Vec<(&str, usize)> = toks[end..].iter().map(|t| (*t, i + 1)).collect();
                match row_from(&numbered) {
                    Some(mut r) => {
                        r.setup = titles_setup(input, i);
                        r.gb = gb;
                        rows.push(r);
                    }
                    None => {
                        return Err(ParseError::malformed(
                            i + 1,
                            "a Bonnie result row after the header: size (MB) and 12 numbers",
                            toks[end..].join(" "),
                        ));
                    }
                }
                i += 1;
                continue;
            }
            let (mut found, next) = rows_after(lines, i + 1, &mut out.notes)?;
            let setup = titles_setup(input, i);
            found.iter_mut().for_each(|r| {
                r.setup.clone_from(&setup);
                r.gb = gb;
            });
            if found.is_empty() {
                out.notes.push((i + 1, "Bonnie header without result rows".into()));
            }
            rows.append(&mut found);
            i = next.max(i + 1);
        }
        if rows.is_empty() {
            return Err(ParseError::NoResults {
                benchmark: "bonnie",
                reason: "no Bonnie report (Machine MB K/sec %CPU … header and rows)".into(),
            });
        }
        let mut labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).filter(|l| !l.is_empty()).collect();
        labels.sort_unstable();
        labels.dedup();
        let labels_are_kernels = rows.len() >= 2 && labels.len() >= 2;
        // Labels the file's own `bonnie … -m NAME` lines gave (the Machine
        // column prints NAME's first 8 characters): set-ups, not kernels,
        // unless NAME is a kernel's (`-m nezumi-raid1`, `-m direct`).
        let named = m_names(lines);
        let m_name = |label: &str| named.iter().find(|n| n.as_str() == label || n.get(..8) == Some(label));
        let set_ups = labels_are_kernels
            && labels.iter().all(|l| m_name(l).is_some_and(|n| !crate::parse::labels::is_kernel_name(n)));
        let first = out.samples.len();
        for r in &rows {
            let named = labels_are_kernels && !set_ups && !r.label.is_empty();
            let kernel = (named && names_a_kernel(&r.label)).then_some(r.label.as_str());
            let from = out.samples.len();
            row_samples(r, kernel, &mut out)?;
            if named && kernel.is_none() {
                // A host or set-up (`generic_file_write`, `SCSI`,
                // `raid5-ext3-ordered-8k`): a row of its own, no kernel.
                for s in &mut out.samples[from..] {
                    *s = s.clone().with_param("label", r.label.as_str());
                }
            }
        }
        if set_ups {
            for s in &mut out.samples[first..] {
                let row = rows.iter().find(|r| r.cells.iter().any(|c| c.1 == s.line));
                if let Some(n) = row.filter(|r| !r.label.is_empty()).and_then(|r| m_name(&r.label)) {
                    *s = s.clone().with_param("label", n);
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        Bonnie.parse(&Input::from_text(text))
    }

    const CLASSIC: &str = "\
              -------Sequential Output-------- ---Sequential Input-- --Random--
              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---
Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU
2.4.0-test3  500  1853 86.4  4125 14.2  2581 14.4  1882 86.7  8053 32.5  51.5  3.7
";

    /// A Bonnie64 report (EC2 EBS gist, 2009): its `GB M/sec` header was
    /// "no Bonnie report"; its rates are MB/s and its size GB.
    #[test]
    fn bonnie64_rates_in_mb_per_second() {
        let text = "\
              -------Sequential Output-------- ---Sequential Input-- --Random--
              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---
Machine    GB M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU  /sec %CPU
EBS-1GB     1  50.0 77.0 454.5 75.9 155.8 19.6  58.0 77.0 1282.1 64.1 66666 66.7
";
        let out = parse(text).unwrap();
        assert_eq!(out.samples.len(), 12);
        let block = out.samples.iter().find(|s| s.metric.name == "Block" && s.group == "Sequential Input").unwrap();
        assert_eq!((block.value.mean(), block.metric.unit.as_str()), (1282.1, "MB/s"));
        assert_eq!(block.params[0].value, "1G");
        let seeks = out.samples.iter().find(|s| s.metric.name == "Seeks").unwrap();
        assert_eq!((seeks.value.mean(), seeks.metric.unit.as_str()), (66666.0, "seeks/s"));
    }

    /// LKML 2001-04 (O_DIRECT Bonnie): `xxxx` cells the poster blanked
    /// out made no row a row ("no bonnie results found"); LKML 2001-12: a
    /// blank-Machine row's tail wrapped onto a TAB-indented line was an
    /// error.
    #[test]
    fn blanked_cells_and_an_indented_tail() {
        let head = &CLASSIC[..CLASSIC.find("2.4.0").unwrap()];
        let text = format!("{head}          400  xxxx xxxx 12999 12.1  5918 10.8  xxxx xxxx 13412 12.1   xxx  xxx\n");
        let p = parse(&text).unwrap();
        assert_eq!(p.samples.len(), 6);
        assert!(p.notes.iter().any(|n| n.0 == 4 && n.1.contains("blanked out")), "{:?}", p.notes);
        let text = format!(
            "{head}          100  1765 100.0 282891 100.1 377295 100.0  2058 100.0 592709\n\t  99.5 51920.4 196.5\n"
        );
        let p = parse(&text).unwrap();
        assert_eq!(p.samples.len(), 12);
        assert_eq!(p.samples.last().unwrap().line, 5);
        // A next row of its own, indented (blank Machine), is no tail.
        let text = format!(
            "{head}          100  1765 100.0 282891 100.1 377295 100.0  2058 100.0 592709\n{}",
            &CLASSIC[CLASSIC.find("2.4.0").unwrap()..].replace("2.4.0-test3", "          ")
        );
        assert_eq!(parse(&text).unwrap_err().line(), Some(4));
    }

    /// From a 2006 blog: a row with `</pre>` glued to its last cell was
    /// lost (`Bonnie header without result rows`).
    #[test]
    fn a_closing_tag_glued_to_a_row_is_left_out() {
        assert_eq!(without_closing_tag("x 1 0.4</pre>"), ("x 1 0.4", Some("</pre>")));
        assert_eq!(without_closing_tag("x 1 0.4"), ("x 1 0.4", None));
        assert_eq!(without_closing_tag("</pre>").1, None);
    }

    /// From the same blog: rows labelled by the file's own `-m` names
    /// (`nezumi-r` for `-m nezumi-raid1`) are set-ups, not kernels.
    #[test]
    fn labels_given_by_m_are_set_ups() {
        let head = CLASSIC.lines().take(3).collect::<Vec<_>>().join("\n");
        let row = |l: &str| format!("{l:<8} 2047  2637 94.2 27421 57.8 12256 18.9  2665 93.7 29279 25.7 231.7  5.9");
        let text = format!(
            "# bonnie -s 2047 -m nezumi-raid1\n{head}\n{}\n# bonnie -s 2047 -m direct\n{head}\n{}\n",
            row("nezumi-r"),
            row("direct")
        );
        let p = parse(&text).unwrap();
        assert!(p.samples.iter().all(|s| s.kernel.is_none()));
        let label = |s: &Sample| s.params.iter().find(|p| p.name == "label").map(|p| p.value.to_string());
        assert_eq!(label(&p.samples[0]).as_deref(), Some("nezumi-raid1"));
        assert_eq!(label(p.samples.last().unwrap()).as_deref(), Some("direct"));
    }

    #[test]
    fn single_row_keeps_kernel_none() {
        let p = parse(CLASSIC).unwrap();
        assert_eq!(p.samples.len(), 12);
        let s = &p.samples[0];
        assert_eq!(
            (s.group.as_str(), s.metric.name.as_str(), s.metric.unit.as_str()),
            ("Sequential Output", "Per Char", "KB/s")
        );
        assert_eq!(s.value.mean(), 1853.0);
        assert_eq!(s.params[0].value, "500");
        assert_eq!(s.kernel, None);
        assert_eq!(s.line, 4);
        let seeks = &p.samples[10];
        assert_eq!(
            (seeks.group.as_str(), seeks.metric.name.as_str(), seeks.metric.unit.as_str()),
            ("Random", "Seeks", "seeks/s")
        );
        assert_eq!(seeks.value.mean(), 51.5);
        assert_eq!(p.samples[11].metric.name, "Seeks %CPU");
        assert_eq!(p.samples[7].group, "Sequential Input");
        assert_eq!(p.samples[7].metric.name, "Per Char %CPU");
        assert_eq!(p.samples[7].value.mean(), 86.7);
        assert_eq!(Bonnie.detect(&Input::from_text(CLASSIC)), 95);
    }

    #[test]
    fn several_labels_become_kernels_and_wide_cpu_is_fine() {
        let text = format!(
            "{CLASSIC}\nTEST3     256  3648 100.2 10456 15.2  6044 11.1  3031 89.7 18511 18.6 183.6  2.5\n \nTEST1     256  3434 94.8   6858 12.0  2949  6.1  3110 93.0 18713 21.3 174.9  3.3\n"
        );
        let p = parse(&text).unwrap();
        assert_eq!(p.samples.len(), 36);
        assert_eq!(p.samples[0].kernel.as_deref(), Some("2.4.0-test3"));
        assert_eq!(p.samples[13].kernel.as_deref(), Some("TEST3"));
        assert_eq!(p.samples[13].value.mean(), 100.2);
    }

    /// LKML 2005 (reiserfs' write paths) and 2001 (SCSI vs IDE): a
    /// Machine column of set-ups was filed as kernels; the 2.4 posts'
    /// short kernel names stay kernels.
    #[test]
    fn machine_cells_name_kernels_only_when_they_are_kernels() {
        for k in ["2.4.0-test3", "TEST4", "TEST8-1MQ", "t5", "22pre6aa2", "2.4.21"] {
            assert!(names_a_kernel(k), "{k}");
        }
        for l in ["generic_file_write", "SCSI", "IDE", "raid5-ext2-8k", "M1135-", "localh", "nezumi-r"] {
            assert!(!names_a_kernel(l), "{l}");
        }
        let head = CLASSIC.lines().take(3).collect::<Vec<_>>().join("\n");
        let row = |l: &str| format!("{l:<8} 200  2637 94.2 27421 57.8 12256 18.9  2665 93.7 29279 25.7 231.7  5.9");
        let p = parse(&format!("{head}\n{}\n{}\n", row("SCSI"), row("TEST4"))).unwrap();
        assert_eq!(p.samples[0].kernel, None);
        assert!(p.samples[0].params.iter().any(|q| q.name == "label" && q.value == "SCSI"));
        assert_eq!(p.samples.last().unwrap().kernel.as_deref(), Some("TEST4"));
        assert!(!p.samples.last().unwrap().params.iter().any(|q| q.name == "label"));
    }

    #[test]
    fn bonnie12_variant() {
        let text = "\
Bonnie 1.2: File './Bonnie.1557', size: 268435456, volumes: 1
Writing with putc()...         done:  21846 kB/s  98.0 %CPU
              ---Sequential Output (nosync)--- ---Sequential Input-- --Rnd Seek-
              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --04k (03)-
Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU
localh 1* 256 21846 98.0 58316 14.0 11099  3.1 14346 64.6 18026  2.0  939.3  1.4
localh 1*1024 20760 97.8 31044  7.6 11462  3.2 15006 69.2 15993  1.6  159.4  0.5
";
        let p = parse(text).unwrap();
        assert_eq!(p.version.as_deref(), Some("1.2"));
        assert_eq!(p.samples.len(), 24);
        assert_eq!(p.samples[0].params[0].value, "256");
        assert_eq!(p.samples[12].params[0].value, "1024");
        assert_eq!(p.samples[12].value.mean(), 20760.0);
        // One volume (`1* 256`, `1*1024`) is Bonnie's default: no parameter.
        assert!(p.samples.iter().all(|s| s.params.len() == 1));
        assert!(p.samples.iter().all(|s| s.kernel.is_none()));
    }

    /// Bonnie 1.3 `-y -u` (LKML 2002, over NFS): `(sync)` and `-CharUnlk-`
    /// titles name another set-up than the default's; each sample says so.
    #[test]
    fn sync_and_unlocked_titles_are_parameters() {
        let text = "\
              ---Sequential Output (sync)----- ---Sequential Input-- --Rnd Seek-
              -CharUnlk- --Block--- -Rewrite-- -CharUnlk- --Block--- --00k (03)-
Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU
diavol 1*1500 10328 10.5 10319  3.8  4280  3.2 10436 14.3 10712  2.8    9.3  3.0
";
        let p = parse(text).unwrap();
        assert_eq!(p.samples.len(), 12);
        for s in &p.samples {
            let params: Vec<(&str, &str)> = s.params.iter().map(|p| (p.name.as_str(), p.value.as_str())).collect();
            assert_eq!(params, [("size", "1500"), ("sync", "yes"), ("char", "unlocked")], "{s:?}");
        }
    }

    /// Bonnie 1.2 run with `-v 3` (LKML 2006, Unisys): the header names
    /// `Iteration` / `Start Date&Time` columns the rows do not print. The
    /// words were read as a flattened row, and the file skipped.
    #[test]
    fn column_names_after_the_header_are_noted() {
        let text = "\
Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU    Start Date&Time

M1135- 3*1024 23779 95.2 20222 95.3 17248 54.7 26313 84.6 28849 58.9  343.9  3.2
";
        let p = parse(text).unwrap();
        assert_eq!(p.samples.len(), 12);
        assert_eq!((p.samples[10].value.mean(), p.samples[10].line), (343.9, 3));
        // `3*1024`: three volumes of 1024 MB (the count was dropped, the
        // size kept: a set-up lost).
        let params: Vec<(&str, &str)> =
            p.samples[0].params.iter().map(|q| (q.name.as_str(), q.value.as_str())).collect();
        assert_eq!(params, [("size", "1024"), ("volumes", "3")]);
        assert!(p.notes.iter().any(|n| n.0 == 1 && n.1.contains("`Start Date&Time`")), "{:?}", p.notes);
        assert!(crate::parse::note_is_info(&p.notes[0].1));
        // A row that prints the column's cells is no row of 12 cells.
        assert!(parse(&text.replace("3.2\n", "3.2  1 07/05/2006\n")).is_err());
    }

    #[test]
    fn flattened_header_and_row() {
        let text = "Bonnie on 2.3.13: -------Sequential Output-------- MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU /sec %CPU 500 1853 86.4 4125 14.2 2581 14.4 1882 86.7 8053 32.5 51.5 3.7";
        let p = parse(text).unwrap();
        assert_eq!(p.samples.len(), 12);
        assert_eq!(p.samples[11].value.mean(), 3.7);
        assert!(Bonnie.detect(&Input::from_text(text)) >= 90);
    }

    /// Bonnie 1.2 quoted in a reply whose mailer wrapped every line at 72
    /// columns (reiserfs-dev 2004): the header's last four cells and each
    /// row's last four on the next line; both rejoined.
    #[test]
    fn a_wrapped_header_and_rows_are_rejoined() {
        let text = "                        MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU \n\
                    K/sec %CPU   /sec %CPU\n\
                    generic_file_write      256 16690 99.7 28332 29.9 11528 16.8 12411 77.2 \n\
                    28888 17.3  237.4  2.1\n";
        let p = parse(text).unwrap();
        let seeks = p.samples.iter().find(|s| s.metric.name == "Seeks").unwrap();
        assert_eq!((seeks.value.mean(), seeks.line), (237.4, 4));
        assert!(p.notes.iter().any(|n| n.0 == 1 && n.1.contains("header wrapped onto line 2")), "{:?}", p.notes);
        // A header cut off with nothing of it on the next line stays unread.
        assert!(parse("MB K/sec %CPU K/sec %CPU\nsomething else\n").is_err());
    }

    /// attack32 F11 (case 11, wide-machine-runs-fast-cells.txt's `8544`
    /// made `8,544`; its wrapped tail's `433.0` made `433.0.2`): the row
    /// ended the table and its 12 figures went with no word (the wrapped
    /// one: the whole file skipped). Now the other 11 are read and a
    /// warning names the line and the cell.
    #[test]
    fn a_damaged_cell_in_its_place_is_warned_of_and_the_row_read() {
        let head = CLASSIC.lines().take(3).collect::<Vec<_>>().join("\n");
        let text = format!(
            "{head}\nraid5-ext3-writeback-8k  1024  8,544 99.0 25321 35.5 10234 19.7  8102 96.1 30455 23.0 420.1  6.4\n\
             raid5-ext2-8k  1024  8790 100.6 27654 38.0 11100 21.5  8199 97.2 30987 23.8\n433.0.2  6.9\n\
             raid5-ext2-8k  1024  nan 100.6 27654 38.0 11100 21.5  8199 97.2 30987 23.8 433.0  6.9\n"
        );
        let p = parse(&text).unwrap();
        assert_eq!(p.samples.len(), 33);
        let warned = |line: usize, what: &str| p.notes.iter().any(|(l, n)| *l == line && n.contains(what));
        assert!(warned(4, "Sequential Output Per Char: \"8,544\" is not one number: not read"), "{:?}", p.notes);
        assert!(warned(6, "Random Seeks: \"433.0.2\""), "{:?}", p.notes);
        assert!(warned(7, "\"nan\""), "{:?}", p.notes);
        assert!(!crate::parse::note_is_info(&p.notes.iter().find(|n| n.1.contains("8,544")).unwrap().1));
        // Three damaged cells: no row of figures (an error, as before).
        let three = text.replace("25321 35.5 10234", "25,321 35.5 10,234").replace("99.0", "9.9.0");
        assert!(parse(&three).is_err());
    }

    /// LKML 2001-12 (wild mixed tiobench + bonnie): the post's lines
    /// numbered as a list (`21. `) by a mail client; the row's Machine cell
    /// is empty and its last cell wrapped. Read before: size 9854, Per
    /// Char 100 KB/s, Per Char %CPU 109124, Seeks `22.` (attack62).
    #[test]
    fn a_numbered_list_prefix_is_not_a_machine_name() {
        let text = "\
18.               ---Sequential Output (nosync)--- ---Sequential Input-- --Rnd Seek-
19.               -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --04k (03)-
20. Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU
21.        1*1024  9854 100.0 109124 51.0 65537 52.2  9821 99.9 167240 97.6 1504.4
22. 6.4
";
        let got = parse(text);
        assert!(got.as_ref().is_err() || got.as_ref().unwrap().samples.is_empty(), "{got:?}");
        assert_eq!(got.unwrap_err().line(), Some(4));
        // Shifted one column left with a size that fits: refused, said.
        let shifted = "\
Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU
21.     9854 100.0 109124 51.0 65537 52.2  9821 99.9 167240 97.6 1504.4 6.4
";
        match parse(shifted) {
            Ok(p) => {
                assert!(p.samples.is_empty(), "{:?}", p.samples);
                assert!(p.notes.iter().any(|(l, n)| *l == 2 && n.contains("a %CPU of 109124")), "{:?}", p.notes);
            }
            Err(e) => assert!(e.to_string().contains("109124"), "{e}"),
        }
    }

    #[test]
    fn cut_row_is_an_error_wrapped_row_is_rejoined() {
        let cut = format!("{}TEST4     256  3630 99.5   9915 14.7\n", &CLASSIC[..CLASSIC.rfind("2.4.0").unwrap()]);
        assert_eq!(parse(&cut).unwrap_err().line(), Some(4));
        let wrapped = format!(
            "{}TEST4     256  3630 99.5   9915 14.7  6013 11.3  2894 86.0 18502 19.1\n181.4  3.1\n",
            &CLASSIC[..CLASSIC.rfind("2.4.0").unwrap()]
        );
        let p = parse(&wrapped).unwrap();
        assert_eq!(p.samples.len(), 12);
        assert_eq!(p.samples[10].line, 5);
        assert_eq!(p.notes.len(), 1);
    }
}
