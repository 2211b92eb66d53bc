//! vm-scalability (the kernel's memory-management scalability cases, run
//! by LKP): the figures its `usemem` and `truncate` cases print, under the
//! `./case-NAME` line LKP logs for each run.
//!
//! ```text
//! 2020-05-06 11:25:18  ./case-swapin
//! 12884901888 bytes / 859434826 usecs = 14640 KB/s
//! 11880398 usecs to free memory
//! 2022-02-28 13:52:50  ./case-truncate-seq
//! 16786456576 bytes faulted in 1646027573.516036361-1646027570.635570483 seconds
//! 16786456576 bytes truncated in 1646027574.142081742-1646027573.516504878 seconds
//! ```
//!
//! Metrics (group empty), with a `case` parameter (`swapin`,
//! `truncate-seq`…, from the `./case-` line above; absent without one):
//!
//! * `throughput`, in KB/s, higher is better: a `usemem` process's `= N
//!   KB/s` as printed (one sample a process: LKP's sum over processes is
//!   not taken); for `bytes truncated in END-START seconds`, the bytes over
//!   the interval, in KiB/s (`bytes / 1024 / (END - START)`, as lkp
//!   computes it; the tool prints no rate);
//! * `fault throughput`, in KB/s, higher is better: the same for `bytes
//!   faulted in END-START seconds`;
//! * `free time`, in s, lower is better: `N usecs to free memory`.
//!
//! When the file's usemem lines print more than one size (`1207959552
//! bytes / …` beside `2415919104 bytes / …`: different processes, a loop
//! and a file-backed one), each `throughput` and `free time` sample gets a
//! `bytes` parameter, its line's size (a free time, the size of the usemem
//! line above it), so that different workloads are not averaged as runs.
//!
//! A usemem line of a quoted-printable mail left encoded (`usecs =3D
//! 14640 KB/s`) reads the same.
//!
//! A case run one of whose processes failed (the case script's shell
//! reports `…/case-swapin: line 30: 4321 Killed  $USEMEM …`, or any line
//! [`super::failed::command_failed`] names) is left out, from its
//! `./case-` line to the next, with a note at the failure's line: the
//! other processes' figures are a failed run's.
//!
//! A `truncated`/`faulted` line whose interval is not positive is a note
//! (no rate can be had from it); a line of these forms whose numbers do not
//! read is an error at its line.

use super::num::plain;
use super::{BenchParser, Input, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// vm-scalability; registry id `"vm-scalability"`.
pub struct VmScalability;

/// `./case-truncate-seq` at the end of a line → `truncate-seq`.
fn case_name(t: &str) -> Option<&str> {
    let last = t.split_whitespace().last()?;
    let name = last.strip_prefix("./case-")?;
    (!name.is_empty()).then_some(name)
}

/// `12884901888 bytes / 859434826 usecs = 14640 KB/s` → 14640. The `=`
/// may be still encoded (`usecs =3D 14640 KB/s`): a quoted-printable mail
/// pasted into a file with plain text whose `=` no encoder wrote
/// (`iops=1234` of fio, `NB=11.6161` of dbench) is not decoded
/// ([`Input::qp`]), and usemem prints no other `=3D`.
fn usemem(t: &str) -> Option<Option<f64>> {
    let (_, rest) = t.split_once(" bytes / ")?;
    let (_, rate) = rest.split_once(" usecs = ").or_else(|| rest.split_once(" usecs =3D "))?;
    Some(rate.strip_suffix(" KB/s").and_then(plain))
}

/// `N bytes truncated|faulted in END-START seconds` → (verb, bytes, seconds).
fn interval(t: &str) -> Option<(&str, Option<(f64, f64)>)> {
    let (bytes, rest) = t.split_once(" bytes ")?;
    let (verb, rest) = rest.split_once(" in ")?;
    if !matches!(verb, "truncated" | "faulted") {
        return None;
    }
    let span = rest.strip_suffix(" seconds")?;
    let read = || {
        let (end, start) = span.split_once('-')?;
        Some((plain(bytes)?, difference(end, start)?))
    };
    Some((verb, read()))
}

/// `end − start` of two epoch stamps to the nanosecond (`1588930152.869615845`
/// − `1588930152.863649555` = 0.00596629 s), subtracted as decimals: as
/// doubles the stamps keep 7 decimals, and a 6 ms interval came out
/// 1.7e-5 off (newcomer34: truncate's 11036124626.86 KB/s was read
/// 11036316035.601). `None` when either is no plain decimal.
fn difference(end: &str, start: &str) -> Option<f64> {
    // (whole part, fraction digits) of a plain decimal.
    let split = |t: &str| -> Option<(i128, String)> {
        let t = t.trim();
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        let ok =
            !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()) && frac.bytes().all(|b| b.is_ascii_digit());
        (ok && whole.len() <= 20 && frac.len() <= 18).then(|| Some((whole.parse().ok()?, frac.to_string())))?
    };
    let ((ew, ef), (sw, sf)) = (split(end)?, split(start)?);
    let places = ef.len().max(sf.len());
    let scaled = |w: i128, f: &str| -> Option<i128> {
        let f = format!("{f:0<places$}");
        let frac: i128 = if f.is_empty() { 0 } else { f.parse().ok()? };
        w.checked_mul(10i128.checked_pow(places as u32)?)?.checked_add(frac)
    };
    let d = scaled(ew, &ef)? - scaled(sw, &sf)?;
    Some(d as f64 / 10f64.powi(places as i32))
}

/// `11880398 usecs to free memory` → seconds.
fn free_time(t: &str) -> Option<Option<f64>> {
    let usecs = t.strip_suffix(" usecs to free memory")?;
    Some(plain(usecs).map(|u| u / 1e6))
}

/// Reads every figure in `input`.
fn parse_all(input: &Input) -> Result<ParsedFile, ParseError> {
    let mut out = ParsedFile { benchmark: "vm-scalability".into(), ..ParsedFile::default() };
    let mut case: Option<String> = None;
    // Each sample's usemem size (its line's bytes; a free time, the latest
    // usemem line's), and the latest.
    let mut sizes: Vec<Option<u64>> = Vec::new();
    let mut size: Option<u64> = None;
    // The first sample of the case run being read, and whether a process
    // of it was killed (its figures then are left out to the next case).
    let mut case_start = 0;
    let mut case_failed = false;
    for (n, line) in input.numbered() {
        let t = line.trim();
        let bad = |what: &str| ParseError::malformed(n, what.to_string(), t);
        let (metric, value) = if let Some(c) = case_name(t) {
            case = Some(c.to_string());
            case_start = out.samples.len();
            case_failed = false;
            continue;
        } else if super::failed::command_failed(t) {
            // `…/case-swapin: line 30: 4321 Killed  $USEMEM …`: a usemem
            // process died; the others' figures are a failed run's.
            let dropped = out.samples.len() - case_start;
            out.samples.truncate(case_start);
            sizes.truncate(case_start);
            let what = super::failed::quote(t);
            out.notes
                .push((n, format!("a process of this case failed (`{what}`): its {dropped} figures are not read")));
            case_failed = true;
            continue;
        } else if case_failed {
            continue;
        } else if let Some(rate) = usemem(t) {
            let v = rate.ok_or_else(|| bad("a usemem line ending `= N KB/s`"))?;
            size = t.split_once(" bytes / ").and_then(|(b, _)| b.trim().parse().ok());
            (Metric::new("throughput", "KB/s", Better::Higher), v)
        } else if let Some((verb, read)) = interval(t) {
            let (bytes, secs) = read.ok_or_else(|| bad("`N bytes truncated in END-START seconds`"))?;
            if secs <= 0.0 {
                out.notes.push((n, format!("bytes {verb} in an interval that is not positive: no rate, not read")));
                continue;
            }
            let name = if verb == "faulted" { "fault throughput" } else { "throughput" };
            (Metric::new(name, "KB/s", Better::Higher), bytes / 1024.0 / secs)
        } else if let Some(secs) = free_time(t) {
            (Metric::new("free time", "s", Better::Lower), secs.ok_or_else(|| bad("`N usecs to free memory`"))?)
        } else {
            continue;
        };
        let mut s = Sample::new(metric, value, n);
        if let Some(c) = &case {
            s = s.with_param("case", c);
        }
        sizes.push(if s.metric.name == "fault throughput" { None } else { size });
        out.samples.push(s);
    }
    // usemem processes of different sizes in one file (a loop of 1 GiB
    // anonymous runs beside one 2 GiB file-backed run, linux-mm 2019) are
    // different workloads, not runs of one: each sample gets its size.
    let mut distinct: Vec<u64> = sizes.iter().flatten().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() > 1 {
        for (s, b) in out.samples.iter_mut().zip(&sizes) {
            if let Some(b) = b {
                *s = s.clone().with_param("bytes", b);
            }
        }
    }
    if out.samples.is_empty() {
        let reason = match out.notes.iter().find(|(_, m)| m.starts_with("a process of this case failed")) {
            Some((n, m)) => format!("line {n}: {m}"),
            None => "no `= N KB/s`, `bytes truncated in` or `usecs to free memory` line".into(),
        };
        return Err(ParseError::NoResults { benchmark: "vm-scalability", reason });
    }
    Ok(out)
}

impl BenchParser for VmScalability {
    fn id(&self) -> &'static str {
        "vm-scalability"
    }

    fn describe(&self) -> &'static str {
        "vm-scalability usemem and truncate figures (LKP logs)"
    }

    /// The literals its first test asks for.
    fn literals(&self) -> &'static [&'static str] {
        &["KB/s", "bytes truncated", "bytes faulted", "usecs to free"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // The cheap substring tests first: every raw file of a site is
        // offered to every parser, and few are vm-scalability's.
        if !(input.has("KB/s")
            || input.has("bytes truncated")
            || input.has("bytes faulted")
            || input.has("usecs to free"))
        {
            return 0;
        }
        let figures = input.lines.iter().any(|l| {
            let t = l.trim();
            usemem(t).is_some_and(|r| r.is_some()) || interval(t).is_some_and(|(_, r)| r.is_some())
        });
        if !figures {
            return 0;
        }
        if input.has("./case-") { 90 } else { 60 }
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        parse_all(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// newcomer34: the stamps subtracted as doubles were 1.7e-5 off.
    #[test]
    fn intervals_are_subtracted_as_decimals() {
        let d = difference("1588930152.869615845", "1588930152.863649555").unwrap();
        assert!((d - 0.00596629).abs() < 1e-15, "{d}");
        let rate = 67424993280.0 / 1024.0 / d;
        assert!((rate - 11036124626.86).abs() < 0.01, "{rate}");
        assert_eq!(difference("10.5", "9"), Some(1.5));
        assert_eq!(difference("1x", "9"), None);
    }

    /// Hui Zhu's zswap IO switch mail (linux-mm 2019): 1 GiB loop runs and
    /// one 2 GiB file-backed run in each set-up.
    #[test]
    fn usemem_sizes_part_workloads() {
        let text = "1207959552 bytes / 2076479 usecs = 568100 KB/s\n61088 usecs to free memory\n\
            2415919104 bytes / 24054408 usecs = 98081 KB/s\n3741 usecs to free memory\n";
        let f = VmScalability.parse(&Input::from_text(text)).unwrap();
        let bytes: Vec<&str> = f
            .samples
            .iter()
            .map(|s| s.params.iter().find(|p| p.name == "bytes").map_or("", |p| p.value.as_str()))
            .collect();
        assert_eq!(bytes, ["1207959552", "1207959552", "2415919104", "2415919104"]);
        let one =
            VmScalability.parse(&Input::from_text("5 bytes / 3 usecs = 1 KB/s\n5 bytes / 3 usecs = 2 KB/s\n")).unwrap();
        assert!(one.samples.iter().all(|s| s.params.is_empty()));
    }

    /// attack25's vm/kill.txt, with a clean case after it: a usemem
    /// process killed in case-swapin; the case's four figures are not read.
    #[test]
    fn a_case_with_a_killed_process_is_left_out() {
        let text = "2020-05-06 11:25:18  ./case-swapin\n\
            12884901888 bytes / 859434826 usecs = 14640 KB/s\n12884901888 bytes / 859956623 usecs = 14632 KB/s\n\
            12884901888 bytes / 860028755 usecs = 14630 KB/s\n12884901888 bytes / 860242768 usecs = 14627 KB/s\n\
            /lkp/benchmarks/vm-scalability/case-swapin: line 30: 4321 Killed   $USEMEM -n $nr_task ...\n\
            2020-05-06 11:40:18  ./case-swapin\n12884901888 bytes / 859434826 usecs = 14641 KB/s\n";
        let f = VmScalability.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(8, 14641.0)]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 6);
        assert!(f.notes[0].1.contains("Killed $USEMEM") && f.notes[0].1.contains("its 4 figures"), "{:?}", f.notes);
        let alone = text.lines().take(6).collect::<Vec<_>>().join("\n");
        let e = VmScalability.parse(&Input::from_text(&alone)).unwrap_err();
        assert!(e.to_string().contains("line 6: a process of this case failed"), "{e}");
    }

    #[test]
    fn a_usemem_line_left_quoted_printable_reads_the_same() {
        assert_eq!(usemem("943718400 bytes / 489412 usecs =3D 1883076 KB/s"), Some(Some(1_883_076.0)));
        assert_eq!(usemem("943718400 bytes / 489412 usecs = 1883076 KB/s"), Some(Some(1_883_076.0)));
    }

    #[test]
    fn usemem_truncate_and_free_lines() {
        let text = "2022-02-28 13:52:50  ./case-truncate-seq\n\
            1024 bytes faulted in 10.5-10.0 seconds\n2048 bytes truncated in 12.0-11.0 seconds\n\
            2020-05-06 11:25:18  ./case-swapin\n12884901888 bytes / 859434826 usecs = 14640 KB/s\n\
            11880398 usecs to free memory\n1 bytes truncated in 3.0-3.0 seconds\n";
        let f = VmScalability.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(&str, f64)> = f.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(
            got,
            vec![("fault throughput", 2.0), ("throughput", 2.0), ("throughput", 14640.0), ("free time", 11.880398)]
        );
        assert_eq!(f.samples[2].params[0].value, "swapin");
        assert_eq!(f.notes.len(), 1);
        let bad = "5 bytes / 3 usecs = x KB/s\n";
        assert_eq!(VmScalability.parse(&Input::from_text(bad)).unwrap_err().line(), Some(1));
    }
}
