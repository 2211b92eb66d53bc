//! fio's terse report (`--minimal`, `--output-format=terse`,
//! `--terse-version=N`), versions 3 (the default since fio 2.0.10), 4 and 5:
//! one line of `;`-separated fields per job.
//!
//! ```text
//! 3;fio-3.36;probe;0;0;3976;62125;15531;64;0;0;0.000000;0.000000;48;281;62.555513;20.863914;1.000000%=50;…
//! 4;fio-3.36;verify;0;28;700416;364610;91152;1921;3;110;9.283027;2.078678;2;1234;159.304360;…
//! ```
//!
//! Fields (fio's HOWTO "Terse output" and `show_thread_status_terse_all`
//! in its `stat.c`): terse version, fio version, job name, group id,
//! error; then per direction, read then write (then trim, in versions 4
//! and 5), 41 fields: io (KiB), bw (KiB/s), IOPS, runtime (ms); slat,
//! clat min/max/mean/stdev (usec); 20 clat percentile slots
//! (`99.000000%=248`, unused ones `0%=0`); lat min/max/mean/stdev; bw
//! min/max/share/mean/stdev. Version 5 adds 6 fields to each direction:
//! the bw sample count, then IOPS min/max/mean/stdev and sample count (47
//! a direction). CPU (5), IO depth (7) and latency bucket (10 usec, 12
//! msec) fields follow, then 9 per disk; they are not results here (as in
//! the other reports).
//!
//! Read as the JSON report is (same metrics, units `KiB/s` and `usec`):
//! `<d>: bw`, `<d>: IOPS`, `<d>: slat mean`, `slat stdev`, `clat mean`, `clat stdev`,
//! `lat mean`, `lat stdev`, `clat <p>th`; parameter `job`. A direction with no I/O (io
//! 0) is a note, as in JSON (a version-4/5 line's trim direction usually
//! is). A job whose error field is not 0 failed: its figures are left out
//! with a note, as the text report's `err= 5` and JSON's `"error"`. The unused percentile slots
//! (`0%=0`, fio's own filler) are absent, no note; a 0th-percentile slot
//! with a figure (`0%=5`), which no fio writes, is a note, not read.
//! Version 2 (`--terse-version=2`) has no fio version field and two
//! layouts over fio's history (before fio 1.99.6 no IOPS and no
//! percentiles; later the three directions of version 4), which its lines
//! do not tell apart: they are a note, not read.
//!
//! With `unified_rw_reporting=mixed` (`=1`) fio writes one direction, the
//! mixed one, in place of read, write and trim; with `=both` (`=2`) it
//! writes them and then the mixed one (`show_thread_status_terse_all`):
//! the mixed direction is read as `mixed` (`mixed: bw`, as the text
//! report's `mixed:` line). Which of the three layouts a line has is told
//! by where its fields are: the percentile cells (`99.000000%=248`), each
//! direction's bw share and the CPU and bucket shares (`…%`) stand at
//! fixed places, and the disk entries after them are 9 fields each, then
//! at most `continue_on_error`'s two counts and a description (free
//! text, which may hold `;`: whatever follows the disk entries). A line
//! whose fields are out of place under every layout (a field too many or
//! too few in a direction), with too few fields for its version, or with a
//! field that is no number, is an error at its line.

use super::{JobParams, bw_metric, iops_metric, lat_metric, percentile_name};
use crate::model::ParsedFile;
use crate::parse::num::plain;
use crate::parse::{Input, ParseError};

/// Fields before the first direction.
const HEAD: usize = 5;
/// Fields per direction (versions 3 and 4; version 5 has [`DIR_V5`]).
const DIR: usize = 41;
/// Fields per direction of a version-5 line: [`DIR`], the bw sample count,
/// IOPS min/max/mean/stdev and sample count.
const DIR_V5: usize = DIR + 6;
/// Fields after the directions: CPU (5), IO depths (7) and latency buckets
/// (10 usec, 12 msec). Each disk adds 9 more
/// (`…;nvme0n1;0;0;0;0;0;0;0;0.00%`).
const TAIL: usize = 5 + 7 + 10 + 12;

/// The directions of a line of terse version `v` (3, 4 or 5) and the
/// fields of each.
fn layout(v: u8) -> (&'static [&'static str], usize) {
    match v {
        3 => (&["read", "write"], DIR),
        4 => (&["read", "write", "trim"], DIR),
        _ => (&["read", "write", "trim"], DIR_V5),
    }
}

/// The terse version of a line (`3;fio-3.36;…` → 3), when the line is a
/// fio terse line: a version 2 to 5, then a fio version, and many fields.
pub fn version(line: &str) -> Option<u8> {
    let mut fields = line.trim().split(';');
    let v: u8 = fields.next()?.parse().ok()?;
    let fio = fields.next()?;
    let fio_like = fio.starts_with("fio-") || fio.starts_with(|c: char| c.is_ascii_digit());
    ((2..=5).contains(&v) && fio_like && fields.count() >= HEAD + DIR).then_some(v)
}

/// Reads every terse line of `input` into `out`; returns how many lines
/// were terse.
pub fn read(input: &Input, out: &mut ParsedFile) -> Result<usize, ParseError> {
    let mut lines = 0;
    for (n, line) in input.numbered() {
        let Some(v) = version(line) else {
            if cut_short(line) {
                // A line that starts as a terse line but stops short (a
                // truncated file): an error, not a run left out.
                let want = format!("a whole fio terse line (at least {} fields)", HEAD + 2 * DIR);
                return Err(ParseError::malformed(n, want, line));
            }
            continue;
        };
        lines += 1;
        if v == 2 {
            out.notes.push((n, format!("fio terse version {v} (versions 3, 4 and 5 are read): not read")));
            continue;
        }
        read_line(line.trim(), v, n, out)?;
    }
    Ok(lines)
}

/// True when every field read from terse line `line` ends at a `;`: the
/// line holds its version's directions and the CPU and bucket shares
/// after them whole, and more after those (disk entries, a description:
/// `…;0.00%;4k random rw; queue depth 64; run 2`), where no number is
/// read. A cut inside what ends such a line left every figure read whole.
pub fn read_fields_whole(line: &str) -> bool {
    let Some(v) = version(line).filter(|&v| v >= 3) else { return false };
    let f: Vec<&str> = line.trim().split(';').collect();
    directions(&f, v).is_ok_and(|(dirs, len)| f.len() > HEAD + dirs.len() * len + TAIL)
}

/// True when `line` begins as a terse line does (`3;fio-3.36;…`), whole or
/// not (a truncated file's last line).
pub fn cut_short(line: &str) -> bool {
    let mut fields = line.trim().split(';');
    let v = fields.next().and_then(|v| v.parse::<u8>().ok());
    v.is_some_and(|v| (2..=5).contains(&v)) && fields.next().is_some_and(|f| f.starts_with("fio-"))
}

/// Whether the fields `f` of a line hold `dirs` directions of `len`
/// fields each where fio's `show_thread_status_terse_all` puts them: in
/// each direction, the 20 percentile cells (`99.000000%=248`, fields 13 to
/// 32) and the bw share (`100.000000%`, field 39); after them, CPU usr and
/// sys (`%f%%`), three counts, and 29 IO depth and latency bucket shares
/// (`%3.1f%%`, `%3.2f%%`), as far as the line goes (a line cut short in
/// them is read with a note); after those, disk entries of 9 fields, each
/// ending in a share (`0.00%`), then anything (`continue_on_error`'s two
/// counts, a job description that may hold `;`). `Err` names the first
/// field out of place.
fn fits(f: &[&str], dirs: usize, len: usize) -> Result<(), usize> {
    let pct = |i: usize| f.get(i).is_some_and(|c| c.ends_with('%') && unsigned(&c[..c.len() - 1]).is_some());
    let count = |i: usize| f.get(i).is_some_and(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()));
    for d in 0..dirs {
        let start = HEAD + d * len;
        if start + len > f.len() {
            return Err(f.len());
        }
        if let Some(i) = (start + 12..start + 32).find(|&i| !f[i].contains("%=")) {
            return Err(i);
        }
        if !pct(start + 38) {
            return Err(start + 38);
        }
    }
    let t = HEAD + dirs * len;
    let tail = |i: usize| if (2..5).contains(&i) { count(t + i) } else { pct(t + i) };
    if let Some(i) = (0..TAIL.min(f.len().saturating_sub(t))).find(|&i| !tail(i)) {
        return Err(t + i);
    }
    // Disk entries (9 fields, a share last), then at most three more.
    let mut at = t + TAIL;
    while at + 9 <= f.len() && pct(at + 8) && (at + 1..at + 8).all(count) {
        at += 9;
    }
    // Then `;%llu;%d` (continue_on_error's error count and first error),
    // `;%s` (a description), or both: the description is the job's
    // `description=` as given, free text that may hold `;` itself
    // (`4k random rw; queue depth 64`), so whatever follows the disk
    // entries is no field out of place. No number is read from there.
    Ok(())
}

/// The directions a line of terse version `v` holds, from where its fields
/// are (see [`fits`]): its version's (`read`, `write`, and `trim` in 4 and
/// 5); with `unified_rw_reporting=mixed`, one `mixed` direction in their
/// place; with `unified_rw_reporting=both`, its version's and then
/// `mixed`. `Err` names the field out of place under the version's own
/// layout.
fn directions(f: &[&str], v: u8) -> Result<(Vec<&'static str>, usize), usize> {
    let (dirs, len) = layout(v);
    let both: Vec<&'static str> = dirs.iter().copied().chain(["mixed"]).collect();
    let candidates = [dirs.to_vec(), vec!["mixed"], both];
    let mut first_err = None;
    for (i, c) in candidates.into_iter().enumerate() {
        // A unified layout is told by its fields after the directions: a
        // line cut before their end could be any layout, and is read as
        // its version's (or refused as cut short).
        if i > 0 && f.len() < HEAD + c.len() * len + TAIL {
            continue;
        }
        match fits(f, c.len(), len) {
            Ok(()) => return Ok((c, len)),
            Err(at) => {
                first_err.get_or_insert(at);
            }
        }
    }
    Err(first_err.unwrap_or(0))
}

/// Reads one line of terse version `v` (3, 4 or 5; number `n`).
fn read_line(line: &str, v: u8, n: usize, out: &mut ParsedFile) -> Result<(), ParseError> {
    let f: Vec<&str> = line.split(';').collect();
    let (dirs, len) = match directions(&f, v) {
        Ok(d) => d,
        Err(at) if at >= f.len() => {
            let least = HEAD + layout(v).0.len() * layout(v).1;
            return Err(ParseError::malformed(n, format!("a fio terse v{v} line of at least {least} fields"), line));
        }
        Err(at) => {
            let want = format!(
                "a fio terse v{v} line with its fields where fio puts them (field {} is {:?}: a field too many or \
                 too few before it?)",
                at + 1,
                f[at]
            );
            return Err(ParseError::malformed(n, want, line));
        }
    };
    let least = HEAD + dirs.len() * len;
    let fio = f[1].trim_start_matches("fio-");
    if out.version.is_none() && !fio.is_empty() {
        out.version = Some(fio.to_string());
    }
    let full = least + TAIL;
    if f.len() < full {
        let msg = format!(
            "fio terse line of {} fields, where fio writes at least {full} (cut short?): \
             its CPU, IO depth and latency bucket fields are missing; its results read",
            f.len()
        );
        out.notes.push((n, msg));
    }
    let params = JobParams { job: f[2].to_string(), rest: Vec::new() };
    // Field 5, the job's error (`td->error`): as the text report's `err=
    // 5` and JSON's `"error" : 5`, a failed run's figures.
    if f[4] != "0" {
        let msg = format!(
            "fio job {:?} failed (terse field 5, error {}): its figures are a failed run's, not read",
            params.job, f[4]
        );
        out.notes.push((n, msg));
        return Ok(());
    }
    for (i, dir) in dirs.iter().enumerate() {
        let start = HEAD + i * len;
        read_direction(&f[start..start + DIR], dir, &params, n, line, out)?;
    }
    Ok(())
}

/// Reads one direction's first 41 fields `d` (those of every version).
fn read_direction(
    d: &[&str],
    dir: &str,
    params: &JobParams,
    n: usize,
    line: &str,
    out: &mut ParsedFile,
) -> Result<(), ParseError> {
    let num = |i: usize| {
        unsigned(d[i]).ok_or_else(|| {
            ParseError::malformed(
                n,
                format!("an unsigned number in fio terse {dir} field {}, not {:?}", i + 1, d[i]),
                line,
            )
        })
    };
    if num(0)? <= 0.0 {
        out.notes.push((n, format!("fio job {:?} did no {dir} I/O: its zero figures are not results", params.job)));
        return Ok(());
    }
    out.samples.push(params.sample(bw_metric(dir, "KiB/s"), num(1)?, n));
    out.samples.push(params.sample(iops_metric(dir), num(2)?, n));
    // (name, field, the field of its kind's mean): a stdev of 0 beside a
    // measured mean is a figure; an unmeasured kind is all zeros.
    let stats: [(&str, usize, usize); 6] = [
        ("slat mean", 6, 6),
        ("slat stdev", 7, 6),
        ("clat mean", 10, 10),
        ("clat stdev", 11, 10),
        ("lat mean", 34, 34),
        ("lat stdev", 35, 34),
    ];
    for (what, i, mean) in stats {
        let v = num(i)?;
        // An unmeasured statistic (slat of a synchronous engine) is all zeros.
        if v > 0.0 || num(mean)? > 0.0 {
            out.samples.push(params.sample(lat_metric(dir, what, "usec"), v, n));
        }
    }
    for cell in &d[12..32] {
        let bad =
            || ParseError::malformed(n, format!("a fio terse percentile such as `99.000000%=248`, not {cell:?}"), line);
        let (at, v) = cell.split_once("%=").ok_or_else(bad)?;
        let v = unsigned(v).ok_or_else(bad)?;
        match percentile_name(at) {
            // fio's own filler: it always prints 20 slots, the unused ones
            // `0%=0` (`show_thread_status_terse_all`); absent, not a result.
            Some(_) if plain(at) == Some(0.0) && v == 0.0 => {}
            // No fio writes a 0th percentile with a figure: not read, said.
            Some(_) if plain(at) == Some(0.0) => {
                let msg =
                    format!("fio job {:?}: {dir} percentile slot {cell:?} is no fio figure: not read", params.job);
                out.notes.push((n, msg));
            }
            Some(name) => out.samples.push(params.sample(lat_metric(dir, &format!("clat {name}"), "usec"), v, n)),
            None => return Err(bad()),
        }
    }
    Ok(())
}

/// A field as fio writes its numbers (`%llu`, `%f`): digits and a point,
/// never a sign or an exponent; `None` for anything else (`-5`, `1e300`,
/// `nan`), which no fio writes.
fn unsigned(s: &str) -> Option<f64> {
    s.bytes().all(|b| b.is_ascii_digit() || b == b'.').then(|| plain(s)).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(read_io: &str) -> String {
        let pct = |v: &str| format!("99.000000%={v};{}", "0%=0;".repeat(19));
        let dir = |io: &str, p: &str| {
            format!("{io};100;25;40;0;0;0.000000;0.000000;5;9;6.5;1.25;{}5;9;6.75;1.5;0;0;0%;0;0", pct(p))
        };
        format!("3;fio-3.36;j;0;0;{};{};0.1%;0.2%;9;0;0\n", dir(read_io, "8"), dir("0", "0"))
    }

    #[test]
    fn a_v3_line_reads_like_json_and_an_idle_direction_is_a_note() {
        let mut out = ParsedFile::default();
        assert_eq!(read(&Input::from_text(&line("4000")), &mut out).unwrap(), 1);
        let got: Vec<(String, f64)> = out.samples.iter().map(|s| (s.metric.name.to_string(), s.value.mean())).collect();
        let want = [("read: bw", 100.0), ("read: IOPS", 25.0), ("read: clat mean", 6.5), ("read: clat stdev", 1.25)];
        assert_eq!(&got[..4], &want.map(|(a, b)| (a.to_string(), b))[..]);
        assert_eq!(got[4], ("read: lat mean".to_string(), 6.75));
        assert_eq!(got[5], ("read: lat stdev".to_string(), 1.5));
        assert_eq!(got[6], ("read: clat 99.00th".to_string(), 8.0));
        assert_eq!(got.len(), 7);
        assert_eq!(out.version.as_deref(), Some("3.36"));
        assert!(out.notes.iter().any(|(_, m)| m.contains("did no write I/O")), "{:?}", out.notes);
    }

    /// attack25's fx/terr.txt: the probe fixture's line with its error
    /// field (field 5) `5`: a failed run's, not read, as text's `err= 5`.
    #[test]
    fn a_job_with_an_error_is_left_out() {
        let probe = include_str!("../../../tests/fixtures/fio/rust-src-fio-3.36-terse-v3-randrw-4k-probe.txt");
        let failed = probe.replacen(";probe;0;0;", ";probe;0;5;", 1);
        let mut out = ParsedFile::default();
        read(&Input::from_text(&failed), &mut out).unwrap();
        assert!(out.samples.is_empty(), "{:?}", out.samples);
        assert_eq!(out.notes.len(), 1, "{:?}", out.notes);
        assert!(out.notes[0].1.contains("error 5") && out.notes[0].1.contains("a failed run's"), "{:?}", out.notes);
        let mut out = ParsedFile::default();
        read(&Input::from_text(probe), &mut out).unwrap();
        assert!(!out.samples.is_empty());
    }

    #[test]
    fn unused_percentile_slots_are_fio_filler_but_a_0th_with_a_figure_is_said() {
        // 19 `0%=0` slots in each direction: absent, and not a word said.
        let mut out = ParsedFile::default();
        read(&Input::from_text(&line("4000")), &mut out).unwrap();
        assert!(!out.notes.iter().any(|(_, m)| m.contains("percentile")), "{:?}", out.notes);
        // `0%=5`: no fio writes it; not read, a note.
        let odd = line("4000").replacen("99.000000%=8;0%=0;", "99.000000%=8;0%=5;", 1);
        let mut out = ParsedFile::default();
        read(&Input::from_text(&odd), &mut out).unwrap();
        assert_eq!(out.samples.iter().filter(|s| s.value.mean() == 5.0).count(), 0);
        assert!(out.notes.iter().any(|(n, m)| *n == 1 && m.contains("\"0%=5\"")), "{:?}", out.notes);
    }

    #[test]
    fn other_versions_are_notes_and_a_bad_field_an_error() {
        let mut out = ParsedFile::default();
        read(&Input::from_text(&line("4000").replacen("3;", "2;", 1)), &mut out).unwrap();
        assert!(out.samples.is_empty());
        assert!(out.notes[0].1.contains("terse version 2"));
        let bad = line("4000").replacen(";100;", ";x;", 1);
        assert_eq!(read(&Input::from_text(&bad), &mut ParsedFile::default()).unwrap_err().line(), Some(1));
    }

    #[test]
    fn a_line_cut_short_is_an_error_at_its_line_not_a_run_left_out() {
        let whole = line("4000");
        let text = format!("{whole}{}\n", &whole[..60]);
        let err = read(&Input::from_text(&text), &mut ParsedFile::default()).unwrap_err();
        assert_eq!(err.line(), Some(2));
        assert!(cut_short(&whole[..60]) && cut_short("3;fio-3.36") && !cut_short("3;4;5"));
    }

    #[test]
    fn a_field_too_many_is_refused_and_unified_layouts_are_read() {
        // One field more in the read direction: every field after it is
        // out of place.
        let long = line("4000").replacen(";100;25;", ";100;7;25;", 1);
        let err = read(&Input::from_text(&long), &mut ParsedFile::default()).unwrap_err();
        assert!(err.to_string().contains("a field too many"), "{err}");
        // `unified_rw_reporting=mixed`: one direction, the mixed one.
        // (With all of its CPU, IO depth and latency bucket fields: a unified
        // layout is told by them.)
        let whole = format!("{}{}", line("4000").trim_end(), ";0.00%".repeat(TAIL - 5));
        let f: Vec<&str> = whole.split(';').collect();
        let mixed = [&f[..HEAD + DIR], &f[HEAD + 2 * DIR..]].concat().join(";");
        let mut out = ParsedFile::default();
        read(&Input::from_text(&mixed), &mut out).unwrap();
        assert_eq!(out.samples[0].metric.name.as_str(), "mixed: bw");
        // `=both`: read and write, then mixed.
        let both = [&f[..HEAD + 2 * DIR], &f[HEAD..HEAD + DIR], &f[HEAD + 2 * DIR..]].concat().join(";");
        let mut out = ParsedFile::default();
        read(&Input::from_text(&both), &mut out).unwrap();
        assert!(out.samples.iter().any(|s| s.metric.name.as_str() == "mixed: bw"));
        assert!(out.samples.iter().any(|s| s.metric.name.as_str() == "read: bw"));
        // A line cut inside its second direction is cut, not `mixed`.
        let cut = f[..HEAD + DIR + 3].join(";");
        assert!(read(&Input::from_text(&cut), &mut ParsedFile::default()).is_err());
    }

    #[test]
    fn signs_exponents_and_nan_are_no_fio_numbers() {
        for bad in ["-100", "1e300", "nan", "+100", "inf"] {
            let text = line("4000").replacen(";100;", &format!(";{bad};"), 1);
            let err = read(&Input::from_text(&text), &mut ParsedFile::default()).unwrap_err();
            assert_eq!(err.line(), Some(1), "{bad}");
        }
        let neg_io = line("-4000");
        assert!(read(&Input::from_text(&neg_io), &mut ParsedFile::default()).is_err());
        let neg_pct = line("4000").replacen("99.000000%=8", "99.000000%=-8", 1);
        assert!(read(&Input::from_text(&neg_pct), &mut ParsedFile::default()).is_err());
    }

    #[test]
    fn a_line_without_its_cpu_and_latency_fields_is_read_with_a_note() {
        // The test line stops after the two directions and five more fields.
        let mut out = ParsedFile::default();
        read(&Input::from_text(&line("4000")), &mut out).unwrap();
        assert_eq!(out.samples.len(), 7);
        assert!(
            out.notes.iter().any(|(n, m)| *n == 1 && m.contains("92 fields") && m.contains("cut short")),
            "{:?}",
            out.notes
        );
    }
}
