//! fio's normal text report, fio 2.0 to 3.x (see the parent module for
//! the lines read).
//!
//! A job's parameters come from its definition line, printed before the
//! run (`name: (g=0): rw=randread, bs=(R) 4096B-4096B, …, iodepth=32`),
//! and its section starts at `name: (groupid=0, jobs=1): err= 0: …`. Inside
//! a section, a direction line (`read: IOPS=…` or 2.x's `read : io=…`)
//! starts that direction's figures: its `slat`/`clat`/`lat` lines and its
//! `clat percentiles` rows. `Run status group N (all jobs):` starts the
//! group's `READ:`/`WRITE:`/`TRIM:` lines.

use super::{JobParams, JsonJob, bw_metric, iops_metric, lat_metric, percentile_name};
use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::num::plain;
use crate::parse::{Input, ParseError};

/// `name: (groupid=0, jobs=10): err= 0: pid=…` → (name, group, jobs).
pub fn result_header(line: &str) -> Option<(&str, &str, &str)> {
    // A report indented as a whole (a markdown code block's TAB or four
    // spaces: `\trandom-write: (groupid=0, …`) indents its headers too.
    let (name, rest) = line.trim().split_once(": (groupid=")?;
    // A mail's reflow may glue a separator before it (`--- fiojob: (groupid=0, …`).
    let name = match name.rsplit_once(' ') {
        Some((before, n)) if !before.trim().is_empty() && !before.contains(|c: char| c.is_alphanumeric()) => n,
        _ => name,
    };
    // A blog page saved as HTML glues its `<pre>` (or `<code>`) tag before
    // the first job's name (`<pre>random-write-direct: (groupid=0, …`).
    let name = match name.strip_prefix('<').and_then(|r| r.split_once('>')) {
        Some((tag, n)) if !tag.is_empty() && tag.bytes().all(|b| b.is_ascii_alphabetic()) => n,
        _ => name,
    };
    let (group, rest) = rest.split_once(", jobs=")?;
    let (jobs, rest) = rest.split_once("): err=")?;
    let ok = !name.is_empty()
        && !name.starts_with(char::is_whitespace)
        && group.bytes().all(|b| b.is_ascii_digit())
        && !jobs.is_empty()
        && jobs.bytes().all(|b| b.is_ascii_digit());
    ok.then_some((name, group, jobs)).filter(|_| rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
}

/// `name: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) …, ioengine=mmap,
/// iodepth=32` → (name, [rw, bs, ioengine, iodepth]): the engine is a
/// set-up as much as the depth (`libaio` against `sync` of one job
/// doubled its bandwidth).
fn definition(line: &str) -> Option<(&str, Vec<(&'static str, String)>)> {
    let (name, rest) = line.trim().split_once(": (g=")?;
    let (_, rest) = rest.split_once("): ")?;
    let mut params = Vec::new();
    let rw = rest.strip_prefix("rw=")?.split(',').next()?.trim();
    params.push(("rw", rw.to_string()));
    if let Some((_, b)) = rest.split_once(", bs=") {
        let bs = b.split(", ioengine=").next().unwrap_or(b);
        params.push(("bs", super::block_size::from_text(bs)));
    }
    if let Some((_, e)) = rest.split_once("ioengine=") {
        params.push(("ioengine", e.split(',').next().unwrap_or(e).trim().to_string()));
    }
    if let Some((_, d)) = rest.rsplit_once("iodepth=") {
        // A mail's reflow may glue the next line on: `iodepth=64 fio-3.21`.
        let d = d.trim_start();
        params.push(("iodepth", d.split([',', ' ', '\t']).next().unwrap_or(d).to_string()));
    }
    Some((name, params))
}

/// True when `line` is a job definition a mail client wrapped and `next`
/// is its rest: fio ends every definition with `iodepth=N`, so one without
/// it, followed by a line that is no definition itself and carries the
/// `ioengine=`/`iodepth=` the first lacks, is one line (wild31 file 07,
/// linux-xfs 2025-05, fio 3.39: `> test: (g=0): rw=read, bs=(R)
/// 256KiB-256KiB, (W) 256KiB-256KiB, (T)` / `> 256KiB-256KiB,
/// ioengine=libaio, iodepth=64`).
fn wrapped_definition(line: &str, next: &str) -> bool {
    let next = next.trim();
    definition(line).is_some()
        && !line.contains("iodepth=")
        && definition(next).is_none()
        && !next.contains(": (g")
        && (next.contains("iodepth=") || (next.contains("ioengine=") && !line.contains("ioengine=")))
}

/// One `read:`/`write:`/`trim:` line: direction, bandwidth with its unit,
/// IOPS.
#[derive(Debug, PartialEq)]
pub struct DirLine {
    /// `read`, `write`, `trim` or `mixed` (`unified_rw_reporting`).
    pub dir: &'static str,
    /// `BW=21.9MiB/s` → (21.9, `MiB/s`).
    pub bw: (f64, String),
    /// `IOPS=67.4k` → 67400.
    pub iops: f64,
    /// The step IOPS were printed to where fio scaled them (`67.4k`: 100;
    /// [`crate::model::Sample::step`]); `None` for a plain count.
    pub iops_step: Option<f64>,
    /// The direction's runtime in msec: 3.x's `(219MiB/10001msec)`, 2.x's
    /// `runt=318686msec`; `None` when not printed.
    pub runtime: Option<f64>,
}

/// A direction line: `Some(Ok)` when read, `Some(Err(what))` when it has a
/// direction line's shape but a figure is damaged, `None` when it is not one.
pub fn direction_line(line: &str) -> Option<Result<DirLine, String>> {
    let t = line.trim();
    let (dir, rest) = ["read", "write", "trim", "mixed"].iter().find_map(|d| {
        let r = t.strip_prefix(d)?.trim_start().strip_prefix(':')?.trim_start();
        (r.starts_with("IOPS=") || r.starts_with("io=")).then_some((*d, r))
    })?;
    let rest = rest.split(';').next().unwrap_or(rest);
    // fio separates its fields by commas and never writes one inside a
    // figure: `iops=7,118` (a thousands separator, or `IOPS=67,4k` a
    // decimal comma, typed or edited in) read as 7 IOPS, silently
    // (attack32 F1). A piece after a comma that starts with a digit and
    // follows a figure is such a comma: the line is damaged.
    let pieces: Vec<&str> = rest.split(',').collect();
    if let Some(w) = pieces.windows(2).find(|w| {
        let next = w[1].trim_end();
        w[0].ends_with(|c: char| c.is_ascii_digit())
            && next.starts_with(|c: char| c.is_ascii_digit())
            && !next.contains('=')
    }) {
        let figure = format!("{},{}", w[0].rsplit(['=', ' ']).next().unwrap_or(w[0]), w[1].trim_end());
        return Some(Err(format!(
            "fio `{dir}:` line with plain figures (`{figure}` holds a comma: a thousands separator or a decimal comma, which fio never prints)"
        )));
    }
    let fields: Vec<(&str, &str)> =
        pieces.iter().filter_map(|f| f.trim().split_once('=')).map(|(k, v)| (k.trim(), v.trim())).collect();
    let get = |k: &str| fields.iter().find(|(n, _)| n.eq_ignore_ascii_case(k)).map(|(_, v)| *v);
    let bw = get("bw").and_then(binary_rate);
    let iops = get("iops").and_then(scaled);
    // 3.x: `BW=21.9MiB/s (23.0MB/s)(219MiB/10001msec)`; 2.x: `runt=318686msec`.
    let runtime = get("runt").or_else(|| get("bw").and_then(|b| b.rsplit_once('/')).map(|(_, r)| r)).and_then(|r| {
        let r = r.strip_suffix(')').unwrap_or(r).strip_suffix("msec")?;
        plain(r)
    });
    Some(match (bw, iops) {
        (Some(bw), Some((iops, iops_step))) => Ok(DirLine { dir, bw, iops, iops_step, runtime }),
        _ => Err(format!("fio `{dir}:` line with `BW=`/`bw=` and `IOPS=`/`iops=` figures")),
    })
}

/// `21.9MiB/s` → (21.9, `MiB/s`); 2.x's `269100 B/s` and `1023.3KB/s`.
fn rate(v: &str) -> Option<(f64, String)> {
    let cut = v.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
    let (num, unit) = v.split_at(cut);
    let unit = unit.trim();
    let prefix = unit.strip_suffix("/s")?;
    let known = ["B", "KB", "kB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB"].contains(&prefix);
    Some((plain(num)?, unit.to_string())).filter(|_| known)
}

/// A bandwidth figure with fio 3's other-base figure after it in brackets
/// (`21.9MiB/s (23.0MB/s)(219MiB/10001msec)`): the binary one. fio 3
/// prints the `kb_base` one first: with `kb_base=1000`, `12.7MB/s
/// (12.1MiB/s)`, whose `MB` is 10^6 bytes, where fio 2's `MB/s` (no
/// bracket) is 2^20 and is read so (as fio's units are, [`kib_per`]):
/// the decimal figure first was read as 12.7 MiB/s, 5% high. The figure
/// before the bracket when the bracket holds no binary one.
fn binary_rate(v: &str) -> Option<(f64, String)> {
    let (first, rest) = v.split_once('(').map_or((v, ""), |(a, b)| (a, b));
    let first = rate(first.trim())?;
    let decimal = matches!(first.1.as_str(), "kB/s" | "MB/s" | "GB/s" | "TB/s");
    let alt = rest.split(')').next().and_then(|a| rate(a.trim())).filter(|(_, u)| u.contains("iB/"));
    match alt {
        Some(alt) if decimal => Some(alt),
        _ => Some(first),
    }
}

/// fio's decimal-scaled counts: `5604`, `67.4k`, `1.2M` (×1000, ×10⁶,
/// ×10⁹). The point is moved in the digits, so `67.4k` is 67400 exactly.
/// With the step a scaled count was printed to (`67.4k`: 100).
fn scaled(v: &str) -> Option<(f64, Option<f64>)> {
    let v = v.trim();
    let (num, zeros) = match v.as_bytes().last()? {
        b'k' | b'K' => (&v[..v.len() - 1], 3),
        b'M' => (&v[..v.len() - 1], 6),
        b'G' => (&v[..v.len() - 1], 9),
        _ => (v, 0),
    };
    if !num.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let (int, frac) = num.split_once('.').unwrap_or((num, ""));
    let frac = format!("{frac:0<zeros$}");
    let shifted = format!("{int}{}.{}", &frac[..zeros], &frac[zeros..]);
    let step = [1.0, 1e3, 1e6, 1e9][zeros / 3];
    let step = (zeros > 0).then(|| crate::parse::num::scaled_step(num, step)).flatten();
    Some((plain(&shifted)?, step))
}

/// A latency line read: statistic (`slat`, `clat`, `lat`), unit, avg,
/// stdev; `None` for a figure cut short (see [`latency_line`]).
type LatLine<'a> = (&'static str, &'a str, Option<f64>, Option<f64>);

/// A group status line read: direction (`READ`), key (`bw`, `aggrb`),
/// value, unit.
type GroupLine = (&'static str, &'static str, f64, String);

/// The directions of a `Run status group` block's lines: `MIXED` is the one
/// direction of `unified_rw_reporting` (the job lines' `mixed:`).
const GROUP_DIRS: [&str; 4] = ["READ", "WRITE", "TRIM", "MIXED"];

/// `clat (usec): min=41, max=30964, avg=75.25, stdev=202.27` →
/// (`clat`, `usec`, avg, stdev). Also `slat` and ` lat`; 2.x's `min=3 ,`.
/// fio prints avg and stdev with two decimals (`%5.02f`): one with fewer
/// (`stdev=202.`, `stdev=20`), or a stdev missing after the avg, is a line
/// cut short, given as `None`.
fn latency_line(line: &str) -> Option<Result<LatLine<'_>, String>> {
    let t = line.trim();
    let (kind, rest) =
        ["slat", "clat", "lat"].iter().find_map(|k| Some((*k, t.strip_prefix(k)?.strip_prefix(" (")?)))?;
    latency_fields(kind, rest)
}

/// [`latency_line`]'s reading of what follows `kind (`: `usec): min=41, …`.
/// A copy fio did not print is read too where its figures are fio's: a
/// space before the colon (`slat (usec) : min=82, …`) and the micro sign
/// (`slat (μsec):`, `µsec`: `usec`), both dropped silently before
/// (attack50 F6). A unit fio never prints (`ms`) is [`odd_latency_unit`]'s.
fn latency_fields<'a>(kind: &'static str, rest: &'a str) -> Option<Result<LatLine<'a>, String>> {
    let (unit, rest) = latency_unit(rest)?;
    let unit = match unit {
        "nsec" | "usec" | "msec" | "sec" => unit,
        "\u{3bc}sec" | "\u{b5}sec" => "usec",
        _ => return None,
    };
    // A figure after a comma with no name before it (`avg=1.234,5`, a
    // decimal comma) is none fio prints: `avg` was read as 1.234
    // (attack47 F5). The line is refused, not read in part.
    if rest.split(',').any(|f| f.trim_start().starts_with(|c: char| c.is_ascii_digit()) && !f.contains('=')) {
        return Some(Err(format!(
            "fio `{kind} ({unit}): min=…, max=…, avg=…, stdev=…` (a figure after a comma with no name: a decimal comma?)"
        )));
    }
    let field = |k: &str| {
        rest.split(',')
            .filter_map(|f| f.trim().split_once('='))
            .find(|(n, _)| n.trim() == k)
            .map(|(_, v)| (plain(v), !crate::parse::num::fewer_decimals(v, 2)))
    };
    let whole = |f: Option<(Option<f64>, bool)>| f.and_then(|(v, whole)| v.filter(|_| whole));
    Some(match (field("avg"), field("stdev")) {
        (Some((Some(avg), true)), sd) => Ok((kind, unit, Some(avg), whole(sd))),
        (Some((Some(_), false)), None) => Ok((kind, unit, None, None)),
        _ => Err(format!("fio `{kind} ({unit}): min=…, max=…, avg=…, stdev=…`")),
    })
}

/// True when a latency line's `min=` is 0 (`clat (nsec): min=0, max=…`).
fn zero_min(line: &str) -> bool {
    line.split_once("min=").is_some_and(|(_, r)| r.split(',').next().and_then(|v| plain(v.trim())) == Some(0.0))
}

/// What follows a latency line's `kind (`, `usec): min=41, …` (or `usec)
/// : min=…`) → the unit as printed and the figures after the colon; `None`
/// where no `min=` follows (`lat (usec)   : 50=0.11%`, fio's latency
/// buckets).
fn latency_unit(rest: &str) -> Option<(&str, &str)> {
    let (unit, rest) = rest.split_once(')')?;
    let rest = rest.trim_start().strip_prefix(':')?;
    rest.trim_start().starts_with("min=").then_some((unit.trim(), rest))
}

/// A latency line of figures in a unit fio does not print (`clat (ms):
/// min=…`, `lat (us): min=…`, a hand-made copy) → (kind, unit): its
/// figures are in no unit this parser can name, said at the line rather
/// than passed over as text.
fn odd_latency_unit(line: &str) -> Option<(&'static str, &str)> {
    let t = line.trim();
    let (kind, rest) =
        ["slat", "clat", "lat"].iter().find_map(|k| Some((*k, t.strip_prefix(k)?.strip_prefix(" (")?)))?;
    let (unit, _) = latency_unit(rest)?;
    latency_fields(kind, rest).is_none().then_some((kind, unit))
}

/// `clat percentiles (usec):` → `Some(("clat", "usec"))`; the same for
/// the other statistics fio prints percentiles of (`lat percentiles
/// (nsec):` with `lat_percentiles=1`, `slat percentiles` with
/// `slat_percentiles=1`). A blank before the colon, as a mail's writer or
/// its client puts one (`clat percentiles (usec) :`), is the same header:
/// its rows were left without a unit and dropped unsaid (afix51).
/// `None` for any other line.
fn percentiles_header(line: &str) -> Option<(&'static str, &str)> {
    let t = line.trim();
    let (kind, rest) = t.split_once(" percentiles (")?;
    let unit = header_unit(rest)?;
    let kind = ["clat", "lat", "slat"].into_iter().find(|k| *k == kind)?;
    Some((kind, unit))
}

/// The unit of a percentiles header's end, `usec):` or `usec) :` → `usec`.
fn header_unit(rest: &str) -> Option<&str> {
    rest.strip_suffix(':')?.trim_end().strip_suffix(')')
}

/// `clat prio 0/0 (msec): min=7, max=918, avg=171.68, stdev=150.48` (fio
/// 3.x with `cmdprio_percentage`/`prioclass`, per priority class; a
/// linux-block 2022 mail, wild31 file 09) → the class (`0/0`) and the line
/// read as [`latency_line`] reads `clat (msec): …`. `None` for any other
/// line.
fn prio_latency_line(line: &str) -> Option<(&str, Result<LatLine<'_>, String>)> {
    let (prio, rest) = prio_class(line)?;
    Some((prio, latency_fields("clat", rest)?))
}

/// `clat prio 0/0 (…` → the priority class (`0/0`, digits and `/`) and what
/// follows its ` (`; `None` for any other line.
fn prio_class(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim().strip_prefix("clat prio ")?;
    let (prio, rest) = rest.split_once(" (")?;
    (prio.contains('/') && prio.chars().all(|c| c.is_ascii_digit() || c == '/')).then_some((prio, rest))
}

/// `clat prio 1/0 (10.01% of IOs) percentiles (msec):` → (`1/0`, `msec`,
/// the class's share of the direction's I/Os in percent, `Some(10.01)`;
/// `None` when the bracket holds no `N% of IOs`).
fn prio_percentiles_header(line: &str) -> Option<(&str, &str, Option<f64>)> {
    let (prio, rest) = prio_class(line)?;
    let (share, unit) = rest.split_once(") percentiles (")?;
    let share = share.strip_suffix("% of IOs").and_then(plain);
    Some((prio, header_unit(unit)?, share))
}

/// A row of percentile cells: the complete cells, and whether the row's
/// last cell was cut short (no closing `]`: `99.50th=[  11`, a log cut
/// mid-line), which is not among them.
type PercentileRow = (Vec<(String, f64)>, bool);

/// `|  1.00th=[   55],  5.00th=[   60], …` → [("1.00th", 55), …]. fio
/// closes every cell with `]`, so a row whose last cell has none
/// (`| 99.00th=[  108], 99.50th=[  11`) was cut inside it: its complete
/// cells are read, the cut one is flagged and not.
fn percentile_row(line: &str) -> Option<Result<PercentileRow, String>> {
    let t = line.trim().strip_prefix('|')?;
    let mut out = Vec::new();
    let cells: Vec<&str> = t.split("],").map(str::trim).filter(|c| !c.is_empty()).collect();
    for (i, cell) in cells.iter().enumerate() {
        let last = i + 1 == cells.len();
        // The split took every other cell's `]`; the last keeps its own.
        if last && !t.trim_end().ends_with("],") && !cell.ends_with(']') {
            return Some(Ok((out, true)));
        }
        let Some((name, v)) = cell.split_once("th=[") else {
            return Some(Err("fio percentile cells such as `99.00th=[ 2544]`".into()));
        };
        let v = v.strip_suffix(']').unwrap_or(v).trim();
        match (percentile_name(name.trim()), plain(v)) {
            (Some(n), Some(v)) => out.push((n, v)),
            _ => return Some(Err("fio percentile cells such as `99.00th=[ 2544]`".into())),
        }
    }
    Some(Ok((out, false)))
}

/// `   READ: bw=21.9MiB/s (23.0MB/s), …` (3.x) or `READ: io=…, aggrb=1023KB/s,
/// …` (2.x) → (`READ`, `bw` or `aggrb`, value, unit). With
/// `unified_rw_reporting` the one direction is `MIXED` (`  MIXED: io=58240KB,
/// aggrb=1940KB/s, …`, fio 2.2.8).
fn group_line(line: &str) -> Option<Result<GroupLine, String>> {
    let t = line.trim();
    let (dir, rest) = GROUP_DIRS.iter().find_map(|d| Some((*d, t.strip_prefix(d)?.strip_prefix(':')?)))?;
    for key in ["bw", "aggrb"] {
        if let Some(v) =
            rest.split(',').filter_map(|f| f.trim().split_once('=')).find(|(k, _)| *k == key).map(|(_, v)| v)
        {
            return Some(
                binary_rate(v).map(|(x, u)| (dir, key, x, u)).ok_or_else(|| format!("fio `{dir}: {key}=<rate>`")),
            );
        }
    }
    None
}

/// Where a group status direction starts in the middle of `line`, after
/// the tail of the line before it that a mail's reflow moved there:
/// `io=3070MiB (3219MB), run=49099-49099msec WRITE: bw=20.9MiB/s (…), …`
/// (qemu-devel 2020; 2.x's tail ends `mint=…msec, maxt=…msec`). Only
/// after such a tail, so that prose naming `READ:` is not read.
fn glued_group_line(line: &str) -> Option<usize> {
    GROUP_DIRS.iter().find_map(|d| {
        line.match_indices(&format!("{d}:")).map(|(at, _)| at).find(|&at| {
            let before = &line[..at];
            let tail = before.trim_end().trim_end_matches(',');
            at > 0
                && before.ends_with([' ', '\t'])
                && tail.ends_with("msec")
                && (tail.contains("run=") || tail.contains("maxt="))
                && matches!(group_line(&line[at..]), Some(Ok(_)))
        })
    })
}

/// True for `Run status group N (all jobs):`.
fn is_status_header(line: &str) -> bool {
    line.trim().strip_prefix("Run status group ").is_some_and(|r| r.contains(" ("))
}

/// The job sections (1-based first and last line) whose totals the
/// `Run status group` block on line `first` prints: from the first
/// `name: (groupid=…)` header after the status blocks of the run before
/// (or the file's start) to the line above this run's first status block
/// (fio prints every group's sections, then every group's block). `None`
/// when line `first` opens no status block or no section is above it (a
/// status block quoted alone).
pub fn run_of_status_block(input: &Input, first: usize) -> Option<(usize, usize)> {
    let lines = &input.lines;
    let i = first.checked_sub(1).filter(|&i| i < lines.len() && is_status_header(&lines[i]))?;
    // Back over this run's earlier groups' blocks to its last section.
    let mut end = i;
    while end > 0 && {
        let l = &lines[end - 1];
        l.trim().is_empty() || is_status_header(l) || group_line(l).is_some()
    } {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && !is_status_header(&lines[start - 1]) {
        start -= 1;
    }
    let header = (start..end).find(|&k| result_header(&lines[k]).is_some())?;
    Some((header + 1, end))
}

/// Where the reader is inside a text report.
#[derive(Default)]
struct State {
    /// Job definitions seen: name → each of its definitions in order,
    /// with its group (`(g=0)`) and line. A job file may define one name
    /// twice (`[randread]` with `bs=4k`, then with `bs=64k`).
    defs: rustc_hash::FxHashMap<String, Vec<Def>>,
    /// Names whose definitions a section has used: their next definition
    /// line is a new run's, replacing them.
    defs_used: rustc_hash::FxHashSet<String>,
    /// The job sections since the last group status block (clones of
    /// `numjobs` without `group_reporting` among them).
    sections: Vec<Section>,
    /// The sections of each job's clones found so far, combined at the
    /// end ([`super::replace_clones`]).
    clone_sets: Vec<Vec<Section>>,
    /// The job whose section is being read; `None` outside one.
    job: Option<JobParams>,
    /// The direction being read repeats a JSON report's job: not read.
    skipping: bool,
    /// The direction being read.
    dir: Option<&'static str>,
    /// The unit of the `clat percentiles` rows being read (or `lat`,
    /// `slat` percentiles: [`State::pct_kind`]); `None` outside them.
    pct: Option<String>,
    /// Whose percentiles [`State::pct`]'s rows are: `clat`, `lat`, `slat`.
    pct_kind: &'static str,
    /// The priority class of the `clat prio 0/0 (89.99% of IOs)
    /// percentiles` rows being read (`0/0`); `None` in plain `clat
    /// percentiles` rows. Set with [`State::pct`] at each header.
    pct_prio: Option<String>,
    /// `Run status group N` while its lines are read.
    group: Option<String>,
    /// The group a blank line closed, while only blank lines followed: a
    /// mail's reflow can put a blank line inside the block, then the
    /// READ line's `io=… run=…msec` tail with `WRITE:` glued after it.
    closed_group: Option<String>,
    /// The job sections of this run not yet closed by their group's
    /// status block, with their `groupid`: fio prints every group's
    /// sections, then every group's status block (`Run status group 0`,
    /// `1`, …), so a block's jobs are those of its own group id. Each
    /// with the directions its section printed I/O of (`read`, `write`).
    group_jobs: Vec<(String, JobParams, Vec<&'static str>)>,
    /// The jobs of the group being read, with the directions each did:
    /// a total line's parameters are those its direction's jobs share
    /// ([`direction_params`]).
    group_members: Vec<(JobParams, Vec<&'static str>)>,
    /// The direction's `clat` mean in ns and its line, to check against
    /// its `lat` mean (lat = slat + clat, so never the smaller).
    clat_ns: Option<(f64, usize)>,
    /// The direction's latency lines in nsec whose `min=0` says some I/O
    /// took no time at all (fio 3.7's missing timestamps, axboe/fio
    /// issue #902): each kind (`clat`, `lat`, `slat`) with its line.
    zero_min: Vec<(&'static str, usize)>,
    /// The file name `grep` put before the line being read
    /// ([`grep_prefixes`]), if any.
    grep_file: Option<String>,
    /// A note said the file's `grep` prefixes were read.
    grep_noted: bool,
    /// Per file name and direction, how many direction lines `grep`
    /// printed under that name in the whole file ([`grep_counts`]), and
    /// how many were read so far: one name over several `write:` lines
    /// is one log of several jobs (`grep -H` over it), each kept apart.
    grep_counts: rustc_hash::FxHashMap<(String, &'static str), (usize, usize)>,
    /// The `grep` file names that differ from others only by a run's
    /// number ([`grep_runs`]), each with the name its runs share
    /// (`default-brd.1.fio` → `default-brd.*.fio`), and the shared names
    /// a note was given for.
    grep_runs: rustc_hash::FxHashMap<String, String>,
    grep_runs_noted: Vec<String>,
}

/// The `grep` file names of `grep` (per line, [`grep_prefixes`]) that
/// differ from another only by a run's number counting up one by one
/// ([`crate::parse::num::run_numbered`]: `default-brd.1.fio` …
/// `default-brd.3.fio`, linux-block 2023), each with the name they share
/// (`default-brd.*.fio`): runs of one set-up, as `cat bonnie.1 bonnie.2`
/// shows them (attack40 F18: each file was a set-up of one run, nothing
/// averaged or tested). `fio_write-1-16-4096k.out` (workers, block size
/// in the name) and `bonnie-j1.log` are no run's number.
fn grep_runs(grep: &[Option<(String, usize)>]) -> rustc_hash::FxHashMap<String, String> {
    let mut shared: rustc_hash::FxHashMap<String, Vec<(&str, u64)>> = rustc_hash::FxHashMap::default();
    for (name, _) in grep.iter().flatten() {
        let Some((pattern, n)) = crate::parse::num::run_numbered(name) else { continue };
        let dir = name.rsplit_once('/').map_or("", |(d, _)| d);
        let key = if dir.is_empty() { pattern } else { format!("{dir}/{pattern}") };
        let files = shared.entry(key).or_default();
        if !files.iter().any(|(f, _)| f == name) {
            files.push((name, n));
        }
    }
    let mut runs = rustc_hash::FxHashMap::default();
    for (key, files) in shared {
        let mut numbers: Vec<u64> = files.iter().map(|f| f.1).collect();
        numbers.sort_unstable();
        if files.len() >= 2 && crate::parse::num::counts_up_one_by_one(&numbers) {
            for (f, _) in files {
                runs.insert(f.to_string(), key.clone());
            }
        }
    }
    runs
}

/// `fio_write-1-16-4096k.out:  write: io=…` → (`fio_write-1-16-4096k.out`,
/// the byte where the fio line starts): the name `grep` puts before each
/// line it prints from several files. The name has no space, and ends in
/// an extension (`.out`, `.log`, `.txt`: 1 to 5 letters or digits after
/// its last dot); `None` for any other line (`randread: (g=0): …`,
/// `  read: IOPS=…`).
pub fn grep_prefix(line: &str) -> Option<(&str, usize)> {
    let (name, _) = line.split_once(':')?;
    grep_name(name)
}

/// `fio1.out-  read : io=1024MB, …` → (`fio1.out`, the byte where the fio
/// line starts): the name `grep -A`/`-B` puts before a context line, with
/// `-` where a matching line has `:`; the fio line after it starts with
/// blanks (`  read :`). `None` for any other line.
fn grep_context_prefix(line: &str) -> Option<(&str, usize)> {
    let at = line.find(char::is_whitespace)?;
    let name = line[..at].strip_suffix('-')?;
    grep_name(name)
}

/// `name` (what stands before `:` or `-`) if it is a file name `grep`
/// prints: no space, some letter, an extension of 1 to 5 letters or
/// digits; with the byte after its separator.
fn grep_name(name: &str) -> Option<(&str, usize)> {
    let file_char = |c: char| c.is_ascii_alphanumeric() || "._-/+=,".contains(c);
    let ext = name.rsplit_once('.')?.1;
    let named = !name.is_empty() && name.chars().all(file_char) && name.chars().any(|c| c.is_ascii_alphabetic());
    (named && (1..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric()))
        .then_some((name, name.len() + 1))
}

/// The `grep` prefixes to strip, per line (0-based): in a block of
/// non-blank lines (a Markdown fence ends one) whose every line carries
/// one ([`grep_prefix`]) and of which one at least is then a fio
/// direction line (`fio_read-1-16-4096k.out:  read : io=10240MB,
/// bw=1449.7MB/s, iops=362, runt=  7064msec`, a README's `grep` over
/// eight result files), each line's file name and where its fio line
/// starts. A block with one line without a prefix is left as it is,
/// unless that line stands between two prefixed ones (a kernel log line,
/// `hello world` from another terminal: attack61, all three runs of
/// `with-memcpy-brd.*.fio` were dropped, no word): then the block is read
/// and the line (0-based) is the second list's, to be said.
fn grep_prefixes(input: &Input) -> (Vec<Option<(String, usize)>>, Vec<usize>) {
    let mut out: Vec<Option<(String, usize)>> = vec![None; input.lines.len()];
    let mut through = Vec::new();
    let mut i = 0;
    while i < input.lines.len() {
        let end = (i..input.lines.len())
            .find(|&k| {
                let t = input.lines[k].trim();
                t.is_empty() || t.starts_with("```")
            })
            .unwrap_or(input.lines.len());
        let block = &input.lines[i..end];
        // `grep -A1` prints context lines as `fio1.out-  read : …` and
        // `--` between groups of lines: both belong to the block.
        let found: Vec<Option<(&str, usize)>> =
            block.iter().map(|l| grep_prefix(l).or_else(|| grep_context_prefix(l))).collect();
        let fio = found
            .iter()
            .zip(block)
            .any(|(f, l)| f.is_some_and(|(_, at)| matches!(direction_line(&l[at..]), Some(Ok(_)))));
        let aside = |l: &str| l.trim() == "--" || grep_command(l) || hand_arithmetic(l);
        let foreign: Vec<usize> = (0..block.len()).filter(|&k| found[k].is_none() && !aside(&block[k])).collect();
        let between = |k: usize| k > 0 && found[k - 1].is_some() && found.get(k + 1).is_some_and(Option::is_some);
        if let [k] = foreign[..]
            && fio
            && between(k)
        {
            through.push(i + k);
        }
        if !block.is_empty()
            && fio
            && found
                .iter()
                .zip(block)
                .enumerate()
                .all(|(k, (f, l))| f.is_some() || aside(l) || through.last() == Some(&(i + k)))
        {
            for (k, f) in found.into_iter().enumerate() {
                out[i + k] = f.map(|(name, at)| (name.to_string(), at));
            }
        }
        i = end + 1;
    }
    (out, through)
}

/// The shell prompt and `grep` command that printed a block of prefixed
/// lines, right above them (`linux-block (brd-memcpy) # grep IOPS
/// *brd*fio`, linux-block 2023): `grep ` after a prompt's `# ` or `$ `, or
/// opening the line.
fn grep_command(line: &str) -> bool {
    let t = line.trim();
    t.starts_with("grep ") || t.contains("# grep ") || t.contains("$ grep ")
}

/// A poster's sum typed under the lines it adds up (`(7504+7525+7441)/3 =
/// 7490`, `(83.42+83.48+83.52)/3 83`, linux-block 2023): an opening
/// parenthesis, then only figures, `+ - * / ( ) =` and blanks. Its
/// figures are no fio output and are not read.
fn hand_arithmetic(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('(') && t.contains('+') && t.chars().all(|c| c.is_ascii_digit() || " .+-*/()=".contains(c))
}

/// One job definition line: `randread: (g=0): rw=randread, bs=(R) 4096B-4096B, …`.
#[derive(Debug, Clone)]
struct Def {
    /// Its group id, as `(g=0)` prints it.
    group: String,
    /// Its parameters (`rw`, `bs`, `ioengine`, `iodepth`).
    params: Vec<(&'static str, String)>,
    /// Its line.
    line: usize,
}

/// One job section: its header and the samples read from it.
#[derive(Debug, Clone)]
struct Section {
    /// The job's name.
    name: String,
    /// Its `groupid`.
    group: String,
    /// Its `jobs=`.
    jobs: String,
    /// Its header's line.
    header: usize,
    /// Its samples: `out.samples[start..end]`.
    start: usize,
    end: usize,
    /// Per direction read: (direction, runtime msec, I/Os: the `issued
    /// rwts: total=` count where printed, else IOPS × runtime).
    dirs: Vec<(&'static str, Option<f64>, Option<f64>)>,
    /// Its header carries an error (`err= 5`, [`job_error`]).
    failed: bool,
    /// The lines of its name's definitions in its group when they differ
    /// (`[randread]` twice, `bs=4k` and `bs=64k`): the section took the
    /// definition of its place among its name's sections, to be checked
    /// against their count ([`settle_clones`]).
    defs: Vec<usize>,
    /// When fio printed it, as [`finished_at`] counts.
    when: Option<u64>,
}

/// The parameters (`job`, `rw`, `bs` …) every one of `jobs` has with the
/// same value, in the first job's order, and `jobs`, the threads of all
/// of them: what a group status block's figures are of. Two fio runs of
/// one job in one file (`bs=16k`, then `bs=4k`) each print `Run status
/// group 0`; without them the two groups' `READ: bw` were averaged as
/// runs. The block sums its group's sections: four `numjobs` clones'
/// sections without `group_reporting` (`(groupid=0, jobs=1)` four times,
/// `WRITE: bw=48.4MiB/s`) are a total over 4 jobs, as under
/// `group_reporting` (`jobs=4`), which was labelled `jobs 1` and compared
/// with a one-job run's 12.1MiB/s as -4.00×. None for a group without
/// job sections (a report cut to its status block).
fn shared_params(jobs: &[JobParams]) -> Vec<(&'static str, String)> {
    let Some((first, others)) = jobs.split_first() else { return Vec::new() };
    let has = |j: &JobParams, name: &str, value: &str| match name {
        "job" => j.job == value,
        _ => j.rest.iter().any(|(n, v)| *n == name && v == value),
    };
    let threads = |j: &JobParams| j.rest.iter().find(|(n, _)| *n == "jobs").and_then(|(_, v)| v.parse::<u64>().ok());
    let total: Option<u64> = jobs.iter().map(threads).sum();
    std::iter::once(("job", first.job.clone()))
        .chain(first.rest.iter().cloned())
        .filter_map(|(name, value)| match name {
            "jobs" => total.map(|t| (name, t.to_string())),
            _ => others.iter().all(|j| has(j, name, &value)).then_some((name, value)),
        })
        .collect()
}

/// The I/Os a job issued per direction (read, write, trim), from fio 3's
/// `issued rwts: total=0,30961,0,0 short=0,0,0,0 dropped=0,0,0,0` or fio
/// 2's `issued    : total=r=0/w=30961/d=0, short=r=0/w=0/d=0`. `None`
/// for any other line or a count not a whole number.
fn issued_totals(t: &str) -> Option<[f64; 3]> {
    let rest = t.strip_prefix("issued")?;
    let rest = rest.strip_prefix(" rwts").unwrap_or(rest).trim_start().strip_prefix(':')?.trim_start();
    let list = rest.strip_prefix("total=")?.split([' ', ',']).filter(|x| !x.is_empty());
    let mut out = [0.0; 3];
    let mut k = 0;
    for (i, x) in list.enumerate() {
        // fio 2's `r=0/w=30961/d=0` is one field of three.
        let parts: Vec<&str> = if x.contains('/') { x.split('/').collect() } else { vec![x] };
        for p in parts {
            let v = p.split_once('=').map_or(p, |(_, v)| v);
            if k < 3 {
                out[k] = v.parse::<u64>().ok()? as f64;
            }
            k += 1;
        }
        if x.contains('/') || i >= 2 {
            break;
        }
    }
    (k >= 3).then_some(out)
}

/// The parameters of a group status block's total line of `dir` (`READ`,
/// `WRITE`, `TRIM`): those shared by the group's jobs whose sections
/// printed that direction's I/O ([`shared_params`]), its `jobs` their
/// threads. A `rw=read` job beside a `rw=write` one in group 0 is not
/// one of the 1 job the `WRITE: bw=` total is of (it was counted, `jobs
/// 2`). When no section printed the direction (a report cut to its status
/// block, a direction line not read), all the group's jobs.
fn direction_params(members: &[(JobParams, Vec<&'static str>)], dir: &str) -> Vec<(&'static str, String)> {
    let did: Vec<JobParams> =
        members.iter().filter(|(_, d)| d.iter().any(|x| x.eq_ignore_ascii_case(dir))).map(|(j, _)| j.clone()).collect();
    if did.is_empty() {
        shared_params(&members.iter().map(|(j, _)| j.clone()).collect::<Vec<_>>())
    } else {
        shared_params(&did)
    }
}

/// KiB/s in one `unit` of a direction line's bandwidth (fio 2.x's `KB`,
/// `MB` are powers of 1024, as its JSON's `bw`; `kB` is fio 3's decimal).
pub(super) fn kib_per(unit: &str) -> Option<f64> {
    match unit.strip_suffix("/s")? {
        "B" => Some(1.0 / 1024.0),
        "kB" => Some(1000.0 / 1024.0),
        "KB" | "KiB" => Some(1.0),
        "MB" | "MiB" => Some(1024.0),
        "GB" | "GiB" => Some(1024.0 * 1024.0),
        "TB" | "TiB" => Some(1024.0 * 1024.0 * 1024.0),
        _ => None,
    }
}

/// True when a text direction line `d` prints the figures of JSON job
/// `j`'s same direction: IOPS to the step printed (`67.4k` against
/// 67392.1; a plain count to 1) and bandwidth to 5% (fio 2.x prints
/// `bw=1.0MB/s`, two figures). `--output-format=normal,json` prints both
/// reports of one run; two runs' reports pasted together differ.
pub fn repeats(j: &JsonJob, d: &DirLine) -> bool {
    j.dirs.iter().any(|&(dir, iops, kib)| {
        let step = d.iops_step.unwrap_or(1.0);
        let bw_same = kib_per(&d.bw.1).is_some_and(|k| (d.bw.0 * k - kib).abs() <= 0.05 * kib.max(d.bw.0 * k));
        dir == d.dir && (d.iops - iops).abs() <= step && bw_same
    })
}

/// Nanoseconds in one `unit` of fio's latency lines.
pub(super) fn ns_per(unit: &str) -> Option<f64> {
    match unit {
        "nsec" => Some(1.0),
        "usec" => Some(1e3),
        "msec" => Some(1e6),
        "sec" => Some(1e9),
        _ => None,
    }
}

/// Reads every job section and group block outside the JSON documents
/// (`skip`, 1-based inclusive line ranges). A job section's direction that
/// repeats a JSON report's job of `json_jobs` ([`repeats`]) is skipped
/// with a note; a job named as a JSON job with other figures is another
/// run, read with a note.
///
/// # Errors
/// A direction, latency, percentile or group line whose figures are damaged.
pub fn read(
    input: &Input,
    skip: &[(usize, usize)],
    json_jobs: &[JsonJob],
    out: &mut ParsedFile,
) -> Result<(), ParseError> {
    let mut st = State::default();
    let (grep, through) = grep_prefixes(input);
    for k in through {
        out.notes.push((
            k + 1,
            format!(
                "line {} stands among lines `grep` printed from fio's files and is none of them: read through it",
                k + 1
            ),
        ));
    }
    for (k, g) in grep.iter().enumerate() {
        if let Some((name, at)) = g
            && let Some(Ok(d)) = direction_line(&input.lines[k][*at..])
        {
            st.grep_counts.entry((name.clone(), d.dir)).or_default().0 += 1;
        }
    }
    st.grep_runs = grep_runs(&grep);
    // `skip` is in file order: the next range not yet passed.
    let mut next = 0;
    // The line a wrapped definition was rejoined with (read already).
    let mut rejoined = 0;
    for (n, line) in input.numbered() {
        while skip.get(next).is_some_and(|&(_, b)| b < n) {
            next += 1;
        }
        if skip.get(next).is_some_and(|&(a, _)| a <= n) || n == rejoined {
            continue;
        }
        // A line `grep` printed from one of several files: its file name
        // stripped, and kept as the run the line is of; a job section of
        // another file's ends there.
        let file = grep[n - 1].as_ref();
        let line = match file {
            Some((name, at)) => {
                // Another file's sections are another run's: never its
                // sections' `numjobs` clones (`grep -A1` over two logs).
                if st.grep_file.as_ref() != Some(name) && (st.job.is_some() || !st.sections.is_empty()) {
                    settle_clones(&mut st, None, json_jobs, out);
                    (st.job, st.dir, st.pct) = (None, None, None);
                }
                st.grep_file = Some(name.clone());
                &line[*at..]
            }
            None => {
                st.grep_file = None;
                line
            }
        };
        if let Some(tail) = input.lines.get(n).filter(|next| wrapped_definition(line, next)) {
            let whole = format!("{} {}", line.trim_end(), tail.trim());
            out.notes.push((n, format!("fio job definition wrapped onto line {}; rejoined", n + 1)));
            rejoined = n + 1;
            step(&mut st, n, &whole, json_jobs, out)?;
            continue;
        }
        // A poster's Markdown bold around a figure (`write: **IOPS=111k**,
        // BW=…`, `iops : … **avg=132163.42**`, axboe/fio issue #1575): the
        // direction line was refused and the whole report skipped as "no
        // job report". The markers are taken out where the line is then a
        // fio direction or samples line; said at each direction line.
        if line.contains("**") {
            let plain_line = line.replace("**", "");
            let t = plain_line.trim_start();
            if matches!(direction_line(&plain_line), Some(Ok(_))) {
                out.notes.push((n, "Markdown bold markers `**` in a fio direction line taken out; read".into()));
                step(&mut st, n, &plain_line, json_jobs, out)?;
                continue;
            } else if t.starts_with("iops ") || t.starts_with("bw (") {
                step(&mut st, n, &plain_line, json_jobs, out)?;
                continue;
            }
        }
        step(&mut st, n, line, json_jobs, out)?;
    }
    settle_clones(&mut st, None, json_jobs, out);
    let sets: Vec<(String, Vec<super::CloneSpan>)> = std::mem::take(&mut st.clone_sets)
        .into_iter()
        .map(|set| {
            let spans = set.iter().map(|s| super::CloneSpan {
                line: s.header,
                samples: s.start..s.end,
                dirs: s.dirs.clone(),
                failed: s.failed,
            });
            (set[0].name.clone(), spans.collect())
        })
        .collect();
    super::replace_clones(&sets, short_report(input), out);
    Ok(())
}

/// (processes reported, processes started, its line) where the file's one
/// `Starting N processes` (or `threads`) line says more than its job
/// sections' headers count (`(groupid=0, jobs=1)`, summed): a report cut
/// short. `None` with no such line or several (several runs in one file).
fn short_report(input: &Input) -> Option<(usize, usize, usize)> {
    let mut starts = input.numbered().filter_map(|(n, l)| Some((n, started_processes(l.trim())?)));
    let (at, started) = starts.next()?;
    if starts.next().is_some() {
        return None;
    }
    let reported: usize = input
        .lines
        .iter()
        .filter(|l| l.contains("(groupid="))
        .filter_map(|l| l.split_once("jobs=")?.1.split(|c: char| !c.is_ascii_digit()).next()?.parse::<usize>().ok())
        .sum();
    (reported > 0 && reported < started).then_some((reported, started, at))
}

/// When a job section's header says fio printed it (`… pid=710: Tue Aug
/// 24 12:58:16 2021`, ctime's form), in seconds on a calendar of 31-day
/// months: good for telling whether two sections were printed within a
/// few seconds of each other (one run's clones are printed together),
/// never as a date. Two sections either side of midnight at the end of a
/// shorter month look a day apart. `None` without a time.
fn finished_at(line: &str) -> Option<u64> {
    let (_, tail) = line.split_once(": pid=")?;
    let mut words = tail.split_once(": ")?.1.split_whitespace();
    let (_weekday, month, day, time, year) =
        (words.next()?, words.next()?, words.next()?, words.next()?, words.next()?);
    let month = crate::parse::MONTHS.iter().position(|m| *m == month)? as u64;
    let day: u64 = day.parse().ok()?;
    let year: u64 = year.parse().ok()?;
    let mut hms = time.split(':').map(|p| p.parse::<u64>().ok());
    let (h, m, sec) = (hms.next()??, hms.next()??, hms.next()??);
    Some((((year * 12 + month) * 31 + day) * 24 + h) * 3600 + m * 60 + sec)
}

/// Whether `t` (a trimmed line) is a line fio prints once per run before
/// its job sections: the last state of its progress line (`Jobs: 1
/// (f=1): [W(1)][100.0%][w=22.4MiB/s][w=5735 IOPS][eta 00m:00s]`, fio
/// 2.x `Jobs: 1 (f=1): [W] [100.0% done] …`) or `Starting 4 processes`
/// (`threads`). After job sections it starts another fio run.
fn new_invocation(t: &str) -> bool {
    if let Some(rest) = t.strip_prefix("Jobs: ") {
        let (count, after) = rest.split_once(' ').unwrap_or((rest, ""));
        return !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) && after.starts_with("(f=");
    }
    started_processes(t).is_some()
}

/// The count of fio's `Starting 4 processes` (`1 process`, `threads`)
/// line `t` (trimmed); `None` for any other line.
fn started_processes(t: &str) -> Option<usize> {
    let (count, what) = t.strip_prefix("Starting ")?.split_once(' ')?;
    matches!(what.trim(), "process" | "processes" | "thread" | "threads").then(|| count.parse().ok())?
}

/// Ends the section being read (its samples are those read so far).
fn close_section(st: &mut State, out: &ParsedFile) {
    if let Some(s) = st.sections.last_mut()
        && s.end == usize::MAX
    {
        s.end = out.samples.len();
    }
}

/// Settles the sections since the last group status block (of job `only`,
/// else all), and starts counting anew: a job with several `jobs=1`
/// sections of one group are its `numjobs` clones without
/// `group_reporting`, one run, kept in `clone_sets` to be combined;
/// several sections of more than one job each (two reports pasted
/// without their definition lines) are noted, each read as a run.
fn settle_clones(st: &mut State, only: Option<&str>, json_jobs: &[JsonJob], out: &mut ParsedFile) {
    close_section(st, out);
    let (mine, keep): (Vec<Section>, Vec<Section>) =
        std::mem::take(&mut st.sections).into_iter().partition(|s| only.is_none_or(|o| s.name == o));
    st.sections = keep;
    let mut done: Vec<(&str, &str)> = Vec::new();
    for s in &mine {
        if done.contains(&(s.name.as_str(), s.group.as_str())) || json_jobs.iter().any(|j| j.job == s.name) {
            continue;
        }
        done.push((&s.name, &s.group));
        let set: Vec<Section> = mine.iter().filter(|t| t.name == s.name && t.group == s.group).cloned().collect();
        if !s.defs.is_empty() {
            different_definitions(st, &set, out);
            continue;
        }
        if set.len() < 2 {
            continue;
        }
        if set.iter().all(|t| t.jobs == "1") {
            st.clone_sets.push(set);
        } else {
            out.notes.push((s.header, super::json::repeated_job_note(&s.name, set.len())));
        }
    }
}

/// The parameters every one of `defs` has with the same value.
fn shared_def_params(defs: &[&Def]) -> Vec<(&'static str, String)> {
    let Some(first) = defs.first() else { return Vec::new() };
    first.params.iter().filter(|p| defs.iter().all(|d| d.params.contains(p))).cloned().collect()
}

/// The sections `set` of one name and group whose definitions differ
/// (`[randread]` twice in a job file, `bs=4k` then `bs=64k`): never
/// combined as one job's `numjobs` clones. As many sections as
/// definitions: each section is its definition's run, in order (each has
/// its own parameters already). Otherwise (`numjobs` clones of some) which
/// section is which definition's cannot be told: each section is read as
/// one run with only the parameters the definitions share, with a note
/// naming the definitions' lines.
fn different_definitions(st: &State, set: &[Section], out: &mut ParsedFile) {
    let lines = set[0].defs.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
    let name = &set[0].name;
    if set.len() == set[0].defs.len() {
        let msg = format!(
            "fio job {name:?} is defined {} times in group {} with other parameters (lines {lines}): its {} \
             sections are read in order, one per definition, not combined as clones",
            set.len(),
            set[0].group,
            set.len()
        );
        out.notes.push((set[0].header, msg));
        return;
    }
    let mine: Vec<&Def> =
        st.defs.get(name.as_str()).into_iter().flatten().filter(|d| d.group == set[0].group).collect();
    let shared = shared_def_params(&mine);
    let differ: Vec<&str> = mine
        .iter()
        .flat_map(|d| d.params.iter().map(|(k, _)| *k))
        .filter(|k| !shared.iter().any(|(n, _)| n == k))
        .collect();
    for sec in set {
        let end = sec.end.min(out.samples.len());
        for smp in &mut out.samples[sec.start..end] {
            smp.params.retain(|p| !differ.contains(&p.name.as_str()));
        }
    }
    let msg = format!(
        "fio job {name:?} is defined {} times in group {} with other parameters (lines {lines}) but has {} \
         sections: which section is which definition's cannot be told; each is read as one run, not combined \
         as clones, without the parameters the definitions differ in ({})",
        set[0].defs.len(),
        set[0].group,
        set.len(),
        differ.iter().copied().collect::<std::collections::BTreeSet<_>>().into_iter().collect::<Vec<_>>().join(", ")
    );
    out.notes.push((set[0].header, msg));
}

/// Where a direction line starts inside `line` when a mail's reflow glued
/// the words before it (the job header's wrapped date: `> 2019 write:
/// IOPS=1000, BW=4000KiB/s …`): only in a job's section, and only for
/// fio's own `read: IOPS=`/`write: IOPS=` (3.x) or `read : io=` (2.x)
/// after a space, its figures whole (else it is prose). After the
/// section's first direction, only another direction glued after one of
/// fio's own `key=value` statistics (fio 3.21 reflowed by a mail,
/// qemu-devel 2020: `> stdev=400.86, samples=85 write: IOPS=6102,
/// BW=23.8MiB/s`, the read direction's `iops` line's tail before it).
fn glued_direction(st: &State, line: &str) -> Option<usize> {
    if st.job.is_none() || direction_line(line).is_some() {
        return None;
    }
    ["read", "write", "trim"].iter().find_map(|d| {
        if st.dir.is_some_and(|seen| seen == *d) {
            return None;
        }
        [": IOPS=", " : io=", ": io="].iter().find_map(|tail| {
            let at = line.find(&format!(" {d}{tail}"))? + 1;
            let before = line[..at].trim_end();
            let stats_tail = before
                .rsplit([' ', ','])
                .next()
                .and_then(|f| f.split_once('='))
                .is_some_and(|(k, v)| k.chars().all(|c| c.is_ascii_alphabetic()) && plain(v).is_some());
            if st.dir.is_some() && !stats_tail {
                return None;
            }
            matches!(direction_line(&line[at..]), Some(Ok(_))).then_some(at)
        })
    })
}

/// Reads one line.
fn step(st: &mut State, n: usize, line: &str, json_jobs: &[JsonJob], out: &mut ParsedFile) -> Result<(), ParseError> {
    let bad = |what: String| ParseError::malformed(n, what, line.trim());
    let t = line.trim();
    if out.version.is_none()
        && let Some(v) =
            t.strip_prefix("fio-").filter(|v| v.starts_with(|c: char| c.is_ascii_digit()) && !v.contains(' '))
    {
        out.version = Some(v.to_string());
    }
    if let Some((name, params)) = definition(line) {
        // A job's definition line opens a run of it: its sections before
        // were another run's (its clones'), not this one's.
        settle_clones(st, Some(name), json_jobs, out);
        // fio prints every definition before any section: sections left
        // from a run before (cut before its status block) are not this
        // run's group's.
        st.group_jobs.clear();
        let group = line.split_once(": (g=").and_then(|(_, r)| r.split_once(')')).map_or("", |(g, _)| g);
        let def = Def { group: group.to_string(), params, line: n };
        if st.defs_used.remove(name) {
            st.defs.insert(name.to_string(), vec![def]);
        } else {
            st.defs.entry(name.to_string()).or_default().push(def);
        }
        return Ok(());
    }
    if !st.sections.is_empty() && new_invocation(t) {
        // fio's progress line (or its `Starting N processes`) after job
        // sections opens another fio run: the sections before were that
        // run's, never clones of this one's (qemu 2021, two runs of one
        // job under `Without …:` / `With …:` were summed as 2 clones).
        settle_clones(st, None, json_jobs, out);
        st.group_jobs.clear();
        (st.job, st.dir, st.pct, st.group) = (None, None, None, None);
    }
    if let Some((name, group, jobs)) = result_header(line) {
        let when = finished_at(line);
        if st
            .sections
            .iter()
            .any(|s| s.name == name && s.group == group && s.when.zip(when).is_some_and(|(a, b)| a.abs_diff(b) > 2))
        {
            // fio prints all of one run's job sections at its end, its
            // clones' with one time: a section of this job finished
            // minutes apart is another fio run's (two runs pasted without
            // their progress lines), never a clone of it.
            settle_clones(st, Some(name), json_jobs, out);
        }
        st.defs_used.insert(name.to_string());
        let all = st.defs.get(name).map(Vec::as_slice).unwrap_or_default();
        let mine: Vec<&Def> = all.iter().filter(|d| d.group == group).collect();
        let mut rest = mine.last().copied().or(all.last()).map(|d| d.params.clone()).unwrap_or_default();
        let mut defs = Vec::new();
        if mine.iter().any(|d| d.params != mine[0].params) {
            // One name defined twice in its group with other parameters:
            // the k-th section takes the k-th definition (fio starts the
            // jobs in the job file's order), checked at its group's end.
            let k = st.sections.iter().filter(|s| s.name == name && s.group == group).count();
            rest = match mine.get(k) {
                Some(d) => d.params.clone(),
                None => shared_def_params(&mine),
            };
            defs = mine.iter().map(|d| d.line).collect();
        }
        close_section(st, out);
        st.sections.push(Section {
            name: name.to_string(),
            group: group.to_string(),
            jobs: jobs.to_string(),
            header: n,
            start: out.samples.len(),
            end: usize::MAX,
            dirs: Vec::new(),
            failed: job_error(line).is_some(),
            defs,
            when,
        });
        rest.push(("jobs", jobs.to_string()));
        let job = JobParams { job: name.to_string(), rest };
        st.group_jobs.push((group.to_string(), job.clone(), Vec::new()));
        st.job = Some(job);
        st.skipping = false;
        (st.dir, st.pct, st.group) = (None, None, None);
        return Ok(());
    }
    if let Some(rest) = t.strip_prefix("Run status group ")
        && let Some((num, _)) = rest.split_once(" (")
    {
        (st.job, st.dir, st.pct) = (None, None, None);
        st.group = Some(format!("Run status group {num}"));
        let (mine, others) = std::mem::take(&mut st.group_jobs).into_iter().partition(|(g, _, _)| g == num);
        st.group_jobs = others;
        st.group_members = mine.into_iter().map(|(_, j, d)| (j, d)).collect();
        if st.group_members.is_empty() {
            // No job report of this group above its block (a post elided
            // them with `...`, wild36a file 33): its jobs are those its
            // definition lines (`nfs-home: (g=0): rw=randrw, bs=(R) …`)
            // put in group N, unless a report already took them (the
            // parameters a report's section would take from them too).
            let mut defs: Vec<(&String, &Def)> = st
                .defs
                .iter()
                .filter(|(name, _)| !st.defs_used.contains(name.as_str()))
                .flat_map(|(name, ds)| ds.iter().filter(|d| d.group == num).map(move |d| (name, d)))
                .collect();
            defs.sort_by_key(|(_, d)| d.line);
            let taken: Vec<usize> = defs.iter().map(|(_, d)| d.line).collect();
            let members: Vec<(JobParams, Vec<&'static str>)> = defs
                .into_iter()
                .map(|(name, d)| (JobParams { job: name.clone(), rest: d.params.clone() }, Vec::new()))
                .collect();
            st.group_members = members;
            // The block used them up: a second fio run of the job, its
            // report elided as well, defines it anew (`iodepth=1`, then
            // `iodepth=4`: linux-fsdevel 2025-11, wildmod37). Left in,
            // both definitions were the second block's jobs, and the
            // iodepth they differ in was dropped from its total.
            for ds in st.defs.values_mut() {
                ds.retain(|d| !taken.contains(&d.line));
            }
            st.defs.retain(|_, ds| !ds.is_empty());
        }
        settle_clones(st, None, json_jobs, out);
        return Ok(());
    }
    if t.is_empty() || t.starts_with("Disk stats") {
        if t.is_empty() && st.group.is_some() {
            st.closed_group = st.group.take();
        } else if !t.is_empty() {
            st.closed_group = None;
        }
        st.group = None;
        st.pct = None;
        return Ok(());
    }
    let closed = st.closed_group.take();
    let glued = if group_line(line).is_none() { glued_group_line(line) } else { None };
    if st.group.is_none()
        && glued.is_some()
        && let Some(g) = closed
    {
        // The block a blank line seemed to close goes on.
        st.group = Some(g);
    }
    if let Some(g) = &st.group {
        if let Some(at) = glued {
            out.notes.push((
                n,
                format!(
                    "fio group status `{}:` line glued after the line before's `io=… run=…msec` tail (a mail's reflow): read from there",
                    line[at..].split(':').next().unwrap_or("").trim()
                ),
            ));
        }
        if let Some(r) = group_line(glued.map_or(line, |at| &line[at..])) {
            let (dir, key, v, unit) = r.map_err(bad)?;
            let m = Metric::new(format!("{dir}: {key}"), unit, Better::Higher);
            let mut s = crate::model::Sample::new(m, v, n).with_group(g.as_str());
            for (name, value) in &direction_params(&st.group_members, dir) {
                s = s.with_param(*name, value);
            }
            out.samples.push(s);
        }
        return Ok(());
    }
    // `issued rwts: total=0,30961,0,0 …`: the job's I/O count of each
    // direction, its clones' weights as JSON's `N` (IOPS × runtime was).
    if let Some(totals) = issued_totals(t) {
        if st.job.is_some()
            && let Some(sec) = st.sections.last_mut()
        {
            for d in sec.dirs.iter_mut() {
                let k = match d.0 {
                    "read" => Some(totals[0]),
                    "write" => Some(totals[1]),
                    "trim" => Some(totals[2]),
                    "mixed" => Some(totals[0] + totals[1] + totals[2]),
                    _ => None,
                };
                if k.is_some() {
                    d.2 = k;
                }
            }
        }
        return Ok(());
    }
    let glued = glued_direction(st, line);
    if let Some(at) = glued {
        out.notes.push((
            n,
            format!(
                "fio `{}` line glued after other words (a mail's reflow?): read from there",
                line[at..].split(':').next().unwrap_or("").trim()
            ),
        ));
    }
    if let Some(r) = direction_line(glued.map_or(line, |at| &line[at..])) {
        let d = r.map_err(bad)?;
        st.pct = None;
        st.skipping = false;
        // The direction this job did, for its group's total of it (a
        // section the JSON report repeats did it too).
        if (d.iops != 0.0 || d.bw.0 != 0.0 || io_done(line))
            && st.job.is_some()
            && let Some((_, _, dirs)) = st.group_jobs.last_mut()
            && !dirs.contains(&d.dir)
        {
            dirs.push(d.dir);
        }
        if let Some(job) = &st.job
            && json_jobs.iter().any(|j| j.job == job.job)
        {
            let name = &job.job;
            st.skipping = json_jobs.iter().any(|j| j.job == *name && repeats(j, &d));
            let msg = if st.skipping {
                format!(
                    "fio text report of job {name:?}, {}: repeats the JSON report's job (same IOPS and bandwidth); not read",
                    d.dir
                )
            } else {
                format!(
                    "fio text report of job {name:?}, {}: IOPS {} and bandwidth {} {} are not those of the JSON report's job of that name: another run, read as a run of its own",
                    d.dir, d.iops, d.bw.0, d.bw.1
                )
            };
            out.notes.push((n, msg));
        }
        if st.job.is_none()
            && let Some(file) = st.grep_file.clone()
        {
            grep_direction(st, n, line, &d, &file, out);
            return Ok(());
        }
        let Some(job) = st.job.as_ref().filter(|_| !st.skipping) else {
            if st.job.is_none() {
                let msg = format!("line {n} looks like a fio result and was not read (no job section above it)");
                out.notes.push((n, msg));
            }
            return Ok(());
        };
        if d.iops == 0.0 && d.bw.0 == 0.0 && !io_done(line) {
            let msg = format!(
                "fio job {:?} ran {} and did no I/O (`IOPS=0`, bandwidth 0, io 0): a failed run's figures, not read",
                job.job, d.dir
            );
            out.notes.push((n, msg));
            st.skipping = true;
            return Ok(());
        }
        st.dir = Some(d.dir);
        st.clat_ns = None;
        st.zero_min.clear();
        if let Some(sec) = st.sections.last_mut() {
            sec.dirs.push((d.dir, d.runtime, d.runtime.map(|r| d.iops * r / 1000.0)));
        }
        out.samples.push(job.sample(bw_metric(d.dir, &d.bw.1), d.bw.0, n));
        // fio 2.x prints `iops=170 , runt=318686msec` after the bw: a line
        // without the `runt=` was cut, maybe inside the iops (`iops=17`).
        if line.contains("iops=") && !line.contains("runt=") {
            let msg = "a fio 2.x direction line without its `runt=` (the line looks cut short): its iops not read";
            out.notes.push((n, msg.into()));
        } else {
            let s = job.sample(iops_metric(d.dir), d.iops, n);
            out.samples.push(match d.iops_step {
                Some(step) => s.with_step(step),
                None => s,
            });
        }
        return Ok(());
    }
    let (Some(job), Some(dir)) = (st.job.as_ref().filter(|_| !st.skipping), st.dir) else {
        // A job's latency lines with no direction line above them (a mail
        // mangled it): figures of no known direction, not read.
        if st.job.is_some() && !st.skipping && matches!(latency_line(line), Some(Ok(_))) {
            let msg =
                format!("line {n}: fio latency line in a job's section before any `read:`/`write:` line; not read");
            out.notes.push((n, msg));
        }
        return Ok(());
    };
    // `clat prio 0/0 (msec): min=7, max=918, avg=171.68, stdev=150.48`:
    // the completion latency of one priority class's I/Os.
    if let Some((prio, r)) = prio_latency_line(line) {
        let (_, unit, avg, sd) = r.map_err(bad)?;
        st.pct = None;
        let (Some(avg), Some(sd)) = (avg, sd) else {
            let msg = format!("fio's clat prio {prio} line without the two decimals fio prints (cut short?): not read");
            out.notes.push((n, msg));
            return Ok(());
        };
        out.samples.push(job.sample(lat_metric(dir, &format!("clat prio {prio} mean"), unit), avg, n));
        out.samples.push(job.sample(lat_metric(dir, &format!("clat prio {prio} stdev"), unit), sd, n));
        return Ok(());
    }
    // `resets slat (usec): min=…`: a reflow glued the line before's tail.
    let lat = latency_line(line).or_else(|| {
        let at = ["slat (", "clat (", "lat ("].iter().find_map(|k| Some(line.find(&format!(" {k}"))? + 1))?;
        let r = latency_line(&line[at..]).filter(Result::is_ok)?;
        let msg = format!(
            "fio latency line glued after other words (a mail's reflow?): read from `{}`",
            &line[at..].split(':').next().unwrap_or("").trim()
        );
        out.notes.push((n, msg));
        Some(r)
    });
    if let Some(r) = lat {
        let (kind, unit, avg, sd) = r.map_err(bad)?;
        let cut = |what: &str| {
            format!("fio's {kind} {what} without the two decimals fio prints (the line looks cut short): not read")
        };
        let Some(avg) = avg else {
            out.notes.push((n, cut("avg")));
            st.pct = None;
            return Ok(());
        };
        out.samples.push(job.sample(lat_metric(dir, &format!("{kind} mean"), unit), avg, n));
        // Each kind's stdev beside its mean: `slat` and `lat` as `clat`
        // (afix49b: only clat's was read, the others dropped unsaid).
        match sd {
            Some(sd) => out.samples.push(job.sample(lat_metric(dir, &format!("{kind} stdev"), unit), sd, n)),
            None => out.notes.push((n, cut("stdev"))),
        }
        if kind == "clat" {
            st.clat_ns = ns_per(unit).map(|k| (avg * k, n));
        }
        if unit == "nsec" && zero_min(line) {
            st.zero_min.push((kind, n));
        }
        // lat = slat + clat: a clat mean above the lat mean is a report
        // that contradicts itself (seen: clat 5279.74 msec beside lat 4.71
        // usec); its numbers are read as printed, with a warning.
        if let (true, Some((clat, cl)), Some(k)) = (kind == "lat", st.clat_ns, ns_per(unit))
            && clat > avg * k * 1.01 + 1.0
        {
            out.notes.push((
                n,
                format!("{dir}: clat mean (line {cl}) is above lat mean ({avg} {unit}), though lat = slat + clat: this report's latencies contradict each other; read as printed, check them"),
            ));
        }
        st.pct = None;
    } else if let Some((kind, unit)) = odd_latency_unit(line) {
        let msg = format!("fio {kind} latency line in `({unit})`, a unit fio does not print: not read");
        out.notes.push((n, msg));
        st.pct = None;
    } else if let Some((kind, unit)) = percentiles_header(line) {
        st.pct = Some(unit.to_string());
        st.pct_kind = kind;
        st.pct_prio = None;
    } else if let Some((prio, unit, share)) = prio_percentiles_header(line) {
        st.pct = Some(unit.to_string());
        st.pct_kind = "clat";
        st.pct_prio = Some(prio.to_string());
        // `(89.99% of IOs)`: the class's share of the direction's I/Os,
        // the priority a parameter (one metric for every class).
        if let Some(share) = share {
            let m = Metric::new(format!("{dir}: share of IOs"), "%", Better::Neither);
            out.samples.push(job.sample(m, share, n).with_param("prio", prio));
        }
    } else if let Some(r) = percentile_row(line) {
        let (cells, cut) = r.map_err(bad)?;
        if let Some(unit) = &st.pct {
            let kind = st.pct_prio.as_ref().map_or_else(|| st.pct_kind.to_string(), |p| format!("clat prio {p}"));
            // A 0 nsec percentile under a `min=0` in nsec: no I/O
            // completes in no time; fio lost the timestamps of some I/Os
            // (axboe/fio issue #902, fio 3.7: `clat (nsec): min=0` and
            // `1.00th=[0], 5.00th=[0]`, read as 0 nsec). In usec or msec a
            // 0 is a figure rounded down, read as printed.
            let zero = (unit == "nsec")
                .then(|| st.zero_min.iter().find(|(k, _)| *k == st.pct_kind && st.pct_prio.is_none()))
                .flatten();
            let mut dropped = Vec::new();
            for (name, v) in cells {
                if zero.is_some() && v == 0.0 {
                    dropped.push(name);
                    continue;
                }
                out.samples.push(job.sample(lat_metric(dir, &format!("{kind} {name}"), unit), v, n));
            }
            if let (Some((k, at)), false) = (zero, dropped.is_empty()) {
                let msg = format!(
                    "{dir}: {kind} percentiles {} of 0 nsec under `{k} (nsec): min=0` (line {at}): an I/O that took \
                     no time at all is no measurement (fio lost some I/Os' timestamps): not read; the {k} mean and \
                     stdev, taken over those I/Os too, are read as printed, check them",
                    dropped.join(", ")
                );
                out.notes.push((n, msg));
            }
            if cut {
                let msg = "a fio percentile cell without its closing `]` (the line looks cut short): not read";
                out.notes.push((n, msg.into()));
            }
        } else if !cells.is_empty() {
            // Rows under no header read as one (`clat percentiles (usec):`):
            // whose percentiles, in which unit, the file does not say here.
            let msg = "fio percentile cells under no `clat percentiles (usec):` header (whose latency, in which \
                       unit, is not said): not read";
            out.notes.push((n, msg.into()));
        }
    } else {
        st.pct = None;
    }
    Ok(())
}

/// Whether a direction line's io is printed and not 0: 3.x's
/// `(219MiB/10001msec)` (`(0B/60001msec)`: none), 2.x's `io=83749KB`
/// (`io=0KB`: none). A line that prints no io says nothing: `false`.
/// A direction line `grep` printed from one of several result files, with
/// no job section (`fio_write-1-16-4096k.out:  write: io=10240MB,
/// bw=405921KB/s, iops=99, runt= 25832msec`): its bandwidth and IOPS are
/// read with the parameter `label`, the file name, the only thing that
/// tells the runs apart (its parts, `-16-` workers, are no parameter
/// fio printed). A note at the first such line says so.
fn grep_direction(st: &mut State, n: usize, line: &str, d: &DirLine, file: &str, out: &mut ParsedFile) {
    if !st.grep_noted {
        st.grep_noted = true;
        let msg = format!(
            "fio lines led by the file names `grep` printed (`{file}:`): no job section above them, so each is read \
             as the run of its file, the file name its `label` (what the name says, workers or block size, is no \
             parameter fio printed){}",
            if st.grep_runs.is_empty() { "" } else { "; names that differ only by a run's number are runs of one" }
        );
        out.notes.push((n, msg));
    }
    // One name over several lines of one direction: `grep -H` over one
    // log of several jobs (1, 2, 16 workers …), not runs of one job:
    // each is kept apart by its place among its name's lines.
    let (total, seen) = st.grep_counts.get(&(file.to_string(), d.dir)).copied().unwrap_or((1, 0));
    if let Some(c) = st.grep_counts.get_mut(&(file.to_string(), d.dir)) {
        c.1 += 1;
    }
    let label = if total > 1 {
        if seen == 0 {
            let msg = format!(
                "fio lines of one file `{file}` show {total} `{}` results: one log of several jobs (or runs, \
                 which the lines do not tell), so each is kept apart as `{file} #1` … `{file} #{total}` (its \
                 place among them), not averaged",
                d.dir
            );
            out.notes.push((n, msg));
        }
        format!("{file} #{}", seen + 1)
    } else if let Some(shared) = st.grep_runs.get(file) {
        if !st.grep_runs_noted.contains(shared) {
            st.grep_runs_noted.push(shared.clone());
            let mut files: Vec<&str> =
                st.grep_runs.iter().filter(|(_, s)| *s == shared).map(|(f, _)| f.as_str()).collect();
            files.sort_unstable();
            let msg = format!(
                "fio lines of {} differ only by a run's number: read as runs of one set-up, `{shared}` (its `label`)",
                files.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ")
            );
            out.notes.push((n, msg));
        }
        shared.clone()
    } else {
        file.to_string()
    };
    let file = label.as_str();
    if d.iops == 0.0 && d.bw.0 == 0.0 && !io_done(line) {
        let msg = format!("fio run {file:?} did no {} I/O (`iops=0`, bandwidth 0, io 0): not read", d.dir);
        out.notes.push((n, msg));
        return;
    }
    out.samples.push(Sample::new(bw_metric(d.dir, &d.bw.1), d.bw.0, n).with_param("label", file));
    if line.contains("iops=") && !line.contains("runt=") {
        let msg = "a fio 2.x direction line without its `runt=` (the line looks cut short): its iops not read";
        out.notes.push((n, msg.into()));
    } else {
        let s = Sample::new(iops_metric(d.dir), d.iops, n).with_param("label", file);
        out.samples.push(match d.iops_step {
            Some(step) => s.with_step(step),
            None => s,
        });
    }
}

fn io_done(line: &str) -> bool {
    let io = match line.split_once(")(") {
        Some((_, r)) => r.split('/').next(),
        None => line.split_once("io=").and_then(|(_, r)| r.split(',').next()),
    };
    io.is_some_and(|io| {
        let digits: String = io.trim().chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        digits.parse::<f64>().is_ok_and(|v| v > 0.0)
    })
}

/// The error of a failed job's section header: `rawstor: (groupid=0,
/// jobs=1): err= 5 (file:io_u.c:1845, func=io_u error, error=Input/output
/// error): pid=…` → `err= 5 (…, error=Input/output error)`; `None` for
/// `err= 0` (fio 2.x and 3.x text reports).
fn job_error(line: &str) -> Option<&str> {
    result_header(line)?;
    let at = line.find("): err=")? + 3;
    let rest = &line[at..];
    let code = rest["err=".len()..].trim_start();
    let digits = code.bytes().take_while(u8::is_ascii_digit).count();
    if code[..digits].bytes().all(|b| b == b'0') {
        return None;
    }
    // `err= 5 (…, error=Input/output error` up to `): pid=`: its bracket
    // closes with the header's.
    Some(rest.split_once("): pid=").map_or(rest, |(e, _)| e).trim())
}

/// The pid of fio's line for a job process killed by a signal: `fio:
/// pid=11375, got signal=9` → `11375` (fio 2.x and 3.x print it to stderr
/// before the report, whose job section still reads `err= 0`).
///
/// Also fio's line for a job that failed: `fio: pid=4045,
/// err=110/file:io_u.c:1889, func=io_u error, error=Connection timed out`
/// (a page may keep only `fio: pid=28242, err=5`); `err=0` is no failure.
fn killed_pid(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("fio: pid=")?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some((pid, signal)) = rest.split_once(", got signal=") {
        return (digits(pid) && digits(signal.trim_end())).then_some(pid);
    }
    let (pid, err) = rest.split_once(", err=")?;
    let code: &str = err.split(|c: char| !c.is_ascii_digit()).next()?;
    (digits(pid) && digits(code) && code.bytes().any(|b| b != b'0')).then_some(pid)
}

/// The pid of a job section's header: `rawstor: (groupid=0, jobs=1): err=
/// 0: pid=11375: Mon Sep 22 …` → `11375`.
fn header_pid(line: &str) -> Option<&str> {
    let after = &line[line.find("): err=")?..];
    let rest = &after[after.find(": pid=")? + ": pid=".len()..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0).then(|| &rest[..digits])
}

/// Leaves out the figures of failed runs, with a note. A job whose
/// section header carries an error (`err= 5 (…, error=Input/output
/// error)`: fio reports the I/O done before it failed): its own section
/// (to the next job's header or the status blocks) and its group's
/// `Run status group N` block, whose totals sum the failed job's I/O;
/// the other jobs' sections of that group are clean runs and are read. A
/// report printed after `fio: terminating on signal 2` (a run cut by
/// Ctrl-C): everything from that line to the end of the next `Run status
/// group` block, the cut run's whole report. A job killed by a signal
/// (`fio: pid=11375, got signal=9` above the report; its section still
/// reads `err= 0`): as a job with an error, the note at the `fio: pid=`
/// line; when no section names that pid (another clone of a
/// `group_reporting` job), the report after it, as for `terminating on
/// signal`.
pub fn drop_failed_runs(input: &Input, out: &mut ParsedFile) {
    let lines = &input.lines;
    let block_end = |g: usize| {
        (g + 1..lines.len())
            .find(|&j| lines[j].trim().is_empty() || lines[j].trim().starts_with("Disk stats"))
            .unwrap_or(lines.len())
    };
    // `fio: pid=11375, got signal=9`: the job of that pid was killed.
    let killed: Vec<(usize, &str)> =
        lines.iter().enumerate().filter_map(|(j, l)| killed_pid(l).map(|pid| (j, pid))).collect();
    let killed_at = |header: &str| {
        let pid = header_pid(header)?;
        killed.iter().find(|k| k.1 == pid).map(|k| k.0)
    };
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        let first = i + 1;
        let unmatched_kill = killed_pid(t)
            .is_some_and(|pid| !lines.iter().any(|l| result_header(l).is_some() && header_pid(l) == Some(pid)));
        if t.starts_with("fio: terminating on signal") || unmatched_kill {
            let why = if unmatched_kill && t.contains(", err=") {
                format!("a fio job failed (`{t}`), and no job's section names its pid")
            } else if unmatched_kill {
                format!("a fio job was killed (`{t}`), and no job's section names its pid")
            } else {
                format!("fio was stopped (`{t}`)")
            };
            let group = (i..lines.len()).find(|&j| lines[j].trim_start().starts_with("Run status group "));
            let last = group.map_or(lines.len(), block_end);
            let before = out.samples.len();
            out.samples.retain(|s| s.line < first || s.line > last);
            if out.samples.len() < before {
                out.notes
                    .push((first, format!("{why}: its report (lines {first}-{last}) is a failed run's, not read")));
            }
            i = last.max(i + 1);
            continue;
        }
        let (why, note_at) = if let Some(e) = job_error(&lines[i]) {
            let why = if e.contains('(') && !e.ends_with(')') {
                format!("fio job failed (`{e})`)")
            } else {
                format!("fio job failed (`{e}`)")
            };
            (why, first)
        } else if let Some(k) = killed_at(&lines[i]) {
            let what = if lines[k].contains(", err=") { "failed" } else { "killed" };
            (format!("fio job {what} (`{}`, line {})", lines[k].trim(), k + 1), k + 1)
        } else {
            i += 1;
            continue;
        };
        let gid = result_header(&lines[i]).map_or("", |h| h.1);
        // The section ends where the next job's, a definition or the status blocks begin.
        let last = (i + 1..lines.len())
            .find(|&j| {
                result_header(&lines[j]).is_some() || is_status_header(&lines[j]) || definition(&lines[j]).is_some()
            })
            .unwrap_or(lines.len());
        let before = out.samples.len();
        out.samples.retain(|s| s.line < first || s.line > last);
        if out.samples.len() < before {
            let msg = format!("{why}: its section (lines {first}-{last}) is a failed run's figures, not read");
            out.notes.push((note_at, msg));
        }
        // Its group's status block: the first `Run status group <gid>` after it.
        let status = (last..lines.len()).take_while(|&j| definition(&lines[j]).is_none()).find(|&j| {
            lines[j]
                .trim()
                .strip_prefix("Run status group ")
                .and_then(|r| r.split_once(" ("))
                .is_some_and(|(g, _)| g == gid)
        });
        if let Some(g) = status {
            let (a, b) = (g + 1, block_end(g));
            let before = out.samples.len();
            out.samples.retain(|s| s.line < a || s.line > b);
            if out.samples.len() < before {
                let msg = format!(
                    "Run status group {gid} (lines {a}-{b}): its totals include the failed job's I/O (line {first}): not read; the group's other jobs' own figures are read"
                );
                out.notes.push((a, msg));
            }
        }
        i = last.max(i + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// wild35a file 25 (a fio wrapper's README): `grep` over eight fio 2.x
    /// result files; the file name, stripped, is each run's label.
    #[test]
    fn grep_prefixed_direction_lines_are_read_by_file() {
        let text = "```\n\
            fio_write-1-1-4096k.out:  write: io=12288KB, bw=42667KB/s, iops=10, runt=   288msec\n\
            fio_read-1-16-4096k.out:  read : io=10240MB, bw=1449.7MB/s, iops=362, runt=  7064msec\n\
            ```\n\n\
            notes.txt: see below\n";
        let input = Input::from_text(text);
        let mut out = ParsedFile::default();
        read(&input, &[], &[], &mut out).unwrap();
        let got: Vec<String> = out
            .samples
            .iter()
            .map(|s| format!("{} {} {} {}", s.line, s.metric.name, s.value.mean(), s.params[0].value))
            .collect();
        assert_eq!(
            got,
            [
                "2 write: bw 42667 fio_write-1-1-4096k.out",
                "2 write: IOPS 10 fio_write-1-1-4096k.out",
                "3 read: bw 1449.7 fio_read-1-16-4096k.out",
                "3 read: IOPS 362 fio_read-1-16-4096k.out"
            ]
        );
        assert_eq!(out.notes.len(), 1);
        assert_eq!(out.notes[0].0, 2);
        assert_eq!(grep_prefix("fio_write-1-16-4096k.out:  write: io=1"), Some(("fio_write-1-16-4096k.out", 25)));
        // A job's own lines are no `grep` prefix.
        assert_eq!(grep_prefix("rawstor: (g=0): rw=randrw, bs=(R) 4096B-4096B"), None);
        assert_eq!(grep_prefix("  read: IOPS=5604, BW=21.9MiB/s"), None);
        assert_eq!(grep_prefix("12:30:01 read: IOPS=1"), None);
        // A block with a line without a prefix is not stripped: that
        // direction line stays outside any job section, a note.
        let text = "a.out:  write: io=12288KB, bw=42667KB/s, iops=10, runt=   288msec\n\
            \x20 write: io=12288KB, bw=42667KB/s, iops=10, runt=   288msec\n";
        let mut out = ParsedFile::default();
        read(&Input::from_text(text), &[], &[], &mut out).unwrap();
        assert!(out.samples.is_empty());
    }

    /// linux-block 2023 (brd memcpy): the prompt's `grep` command right
    /// above the prefixed lines and the poster's sum right below them
    /// belong to the block, which is read; prose in it still is not.
    #[test]
    fn a_grep_command_and_a_typed_sum_around_prefixed_lines_are_passed_over() {
        let text = "linux-block (brd-memcpy) # grep IOPS *brd*fio\n\
            default-brd.1.fio:     read: IOPS=7504k, BW=28.6GiB/s (30.7GB/s)(1717GiB/60001msec)\n\
            default-brd.2.fio:     read: IOPS=7525k, BW=28.7GiB/s (30.8GB/s)(1722GiB/60002msec)\n\
            (7504+7525)/2 = 7514\n";
        let mut out = ParsedFile::default();
        read(&Input::from_text(text), &[], &[], &mut out).unwrap();
        let lines: Vec<usize> = out.samples.iter().map(|s| s.line).collect();
        assert!(lines.contains(&2) && lines.contains(&3) && !lines.contains(&4), "{lines:?}");
        assert!(hand_arithmetic("(83.42+83.48+83.52)/3 83"));
        assert!(!hand_arithmetic("(see below) 83"));
        assert!(!grep_command("linux-block (brd-memcpy) # cat IOPS"));
        let prose = text.replace("(7504+7525)/2 = 7514", "the average is 7514");
        let mut out = ParsedFile::default();
        read(&Input::from_text(&prose), &[], &[], &mut out).unwrap();
        assert!(out.samples.is_empty());
    }

    /// attack40 F18 (the linux-block 2023 fixture's form): `grep` over
    /// `default-brd.1.fio` … `.3.fio` gives runs of one set-up, labelled
    /// `default-brd.*.fio` (each was a set-up of one run), with a note
    /// naming the files. Must not fire: names that differ by workers or
    /// block size (`fio_write-1-1-4096k.out`), a gap (`.1`, `.3`), a
    /// set-up's digit (`brd-j1.fio`, `brd-j2.fio`), one file alone.
    #[test]
    fn one_foreign_line_among_grep_lines_is_read_through() {
        // linux-block 2023-03 (brd-memcpy), with `hello world` from another
        // terminal before the last file's line: all three with-memcpy runs
        // (the patched side) were dropped, no word (attack61 F4).
        let text = "linux-block (brd-memcpy) # grep IOPS *brd*fio\n\
            with-memcpy-brd.1.fio: read: IOPS=7558k, BW=28.8GiB/s (31.0GB/s)(1730GiB/60002msec)\n\
            with-memcpy-brd.2.fio: read: IOPS=7494k, BW=28.6GiB/s (30.7GB/s)(1715GiB/60001msec)\n\
            hello world\n\
            with-memcpy-brd.3.fio: read: IOPS=7561k, BW=28.8GiB/s (31.0GB/s)(1731GiB/60001msec)\n\
            (7558+7494+7561)/3 = 7537\n";
        let mut out = ParsedFile::default();
        read(&Input::from_text(text), &[], &[], &mut out).unwrap();
        let iops: Vec<(usize, f64)> =
            out.samples.iter().filter(|s| s.metric.name.ends_with("IOPS")).map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(iops, [(2, 7558000.0), (3, 7494000.0), (5, 7561000.0)], "{:?}", out.notes);
        assert!(out.notes.iter().any(|(l, n)| *l == 4 && n.contains("read through it")), "{:?}", out.notes);
    }

    #[test]
    fn grep_prefixes_of_numbered_files_are_runs_of_one_set_up() {
        let line = |name: &str, iops: u32| {
            format!("{name}:     read: IOPS={iops}k, BW=28.6GiB/s (30.7GB/s)(1717GiB/60001msec)\n")
        };
        let labels = |names: &[&str]| {
            let text: String = names.iter().zip(7501..).map(|(n, i)| line(n, i)).collect();
            let mut out = ParsedFile::default();
            read(&Input::from_text(&text), &[], &[], &mut out).unwrap();
            let mut ls: Vec<String> = out.samples.iter().map(|s| s.params[0].value.to_string()).collect();
            ls.dedup();
            (ls, out.notes)
        };
        let (ls, notes) = labels(&[
            "default-brd.1.fio",
            "default-brd.2.fio",
            "default-brd.3.fio",
            "with-memcpy-brd.1.fio",
            "with-memcpy-brd.2.fio",
        ]);
        assert_eq!(ls, ["default-brd.*.fio", "with-memcpy-brd.*.fio"]);
        assert!(
            notes.iter().any(|(l, n)| *l == 1
                && n.contains(
                    "`default-brd.1.fio`, `default-brd.2.fio`, `default-brd.3.fio` differ only by a run's number"
                )),
            "{notes:?}"
        );
        assert!(notes.iter().any(|(l, _)| *l == 4), "{notes:?}");
        let (ls, _) = labels(&["run1/fio.log", "run2/fio.log"]);
        assert_eq!(ls, ["run1/fio.log", "run2/fio.log"], "the number is a directory's: not this rule");
        for names in [
            &["fio_write-1-1-4096k.out", "fio_write-1-16-4096k.out"][..],
            &["brd.1.fio", "brd.3.fio"],
            &["brd-j1.fio", "brd-j2.fio"],
            &["brd.1.fio"],
        ] {
            let (ls, notes) = labels(names);
            assert_eq!(ls, names, "{notes:?}");
            assert!(!notes.iter().any(|(_, n)| n.contains("run's number")), "{notes:?}");
        }
    }

    /// `[randread]` twice with `stonewall` between, `bs=4k` in group 0 and
    /// `bs=64k` in group 1: each section takes its own group's definition
    /// (`(g=N)`), where both took the last one's bs=64KiB.
    /// wild31 file 09 (linux-block 2022-06): the per-priority-class
    /// completion latency lines, the mail's point, were dropped silently.
    #[test]
    fn clat_prio_lines_are_read() {
        let (prio, r) =
            prio_latency_line(">     clat prio 1/0 (msec): min=8, max=166, avg=24.64, stdev= 5.93"[1..].as_ref())
                .expect("a prio line");
        assert_eq!((prio, r), ("1/0", Ok(("clat", "msec", Some(24.64), Some(5.93)))));
        assert!(prio_latency_line("    clat (msec): min=7, max=918, avg=156.95, stdev=149.43").is_none());
        assert!(prio_latency_line("    clat prio high (msec): min=7").is_none());
        assert_eq!(
            prio_percentiles_header("    clat prio 0/0 (89.99% of IOs) percentiles (msec):"),
            Some(("0/0", "msec", Some(89.99)))
        );
        assert_eq!(prio_percentiles_header("    clat prio 1/0 (N/A) percentiles (msec):"), Some(("1/0", "msec", None)));
        assert_eq!(prio_percentiles_header("    clat percentiles (msec):"), None);
    }

    #[test]
    fn a_name_defined_in_two_groups_takes_each_groups_definition() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fio/edited-fio3-randread-defined-twice-bs4k-bs64k-one-group.txt"
        ))
        .unwrap();
        let text = text
            .replacen("randread: (g=0): rw=randread, bs=(R) 64", "randread: (g=1): rw=randread, bs=(R) 64", 1)
            .replace(
                "randread: (groupid=0, jobs=1): err= 0: pid=5102",
                "randread: (groupid=1, jobs=1): err= 0: pid=5102",
            );
        let mut out = ParsedFile::default();
        read(&Input::from_text(&text), &[], &[], &mut out).unwrap();
        let bs: Vec<(f64, String)> = out
            .samples
            .iter()
            .filter(|s| s.metric.name == "read: bw")
            .map(|s| {
                (
                    s.value.mean(),
                    s.params.iter().find(|p| p.name == "bs").map(|p| p.value.to_string()).unwrap_or_default(),
                )
            })
            .collect();
        assert_eq!(bs, [(12.1, "4KiB".to_string()), (96.8, "64KiB".to_string())]);
        assert!(!out.notes.iter().any(|(_, m)| m.contains("defined 2 times")), "{:?}", out.notes);
    }

    /// `lat percentiles (usec):` (fio's `lat_percentiles=1`, wild36c F0's
    /// JSON twin) is read as `lat N.NNth`, as `clat percentiles` is as
    /// `clat N.NNth`: neither dropped.
    #[test]
    fn lat_percentiles_are_read() {
        assert_eq!(percentiles_header("    clat percentiles (usec):"), Some(("clat", "usec")));
        assert_eq!(percentiles_header("     lat percentiles (nsec):"), Some(("lat", "nsec")));
        assert_eq!(percentiles_header("    slat percentiles (usec):"), Some(("slat", "usec")));
        assert_eq!(percentiles_header("    bw percentiles (usec):"), None);
        // A blank before the colon, as people write it (afix51).
        assert_eq!(percentiles_header("    clat percentiles (usec) :"), Some(("clat", "usec")));
        assert_eq!(
            prio_percentiles_header("    clat prio 1/0 (N/A) percentiles (msec) :"),
            Some(("1/0", "msec", None))
        );
        let report = include_str!("../../../tests/fixtures/fio/fio3-rawstor-randrw-4k-qd1.txt");
        let names = |text: &str| {
            let mut out = ParsedFile::default();
            read(&Input::from_text(text), &[], &[], &mut out).unwrap();
            out.samples
                .iter()
                .filter(|s| s.metric.name.ends_with("th"))
                .map(|s| s.metric.name.clone())
                .collect::<Vec<_>>()
        };
        let clat = names(report);
        assert!(!clat.is_empty() && clat.iter().all(|n| n.contains(": clat ")), "{clat:?}");
        let lat = names(&report.replace("clat percentiles", "lat percentiles"));
        assert_eq!(lat, clat.iter().map(|n| n.replace(": clat ", ": lat ")).collect::<Vec<_>>());
        assert_eq!(names(&report.replace("percentiles (usec):", "percentiles (usec) :")), clat);
        // Rows under no header: a warning at each, never dropped unsaid.
        let mut out = ParsedFile::default();
        read(&Input::from_text(&report.replace("clat percentiles (usec):", "clat percentiles:")), &[], &[], &mut out)
            .unwrap();
        assert!(!out.samples.iter().any(|s| s.metric.name.ends_with("th")));
        let rows = report.lines().filter(|l| l.trim_start().starts_with("|") && l.contains("th=[")).count();
        assert_eq!(out.notes.iter().filter(|(_, m)| m.contains("under no `clat percentiles")).count(), rows);
    }

    /// attack24's fio/sig.txt: a report printed after `fio: terminating on
    /// signal 2` (Ctrl-C) is a cut run's, not read.
    #[test]
    fn a_report_after_a_signal_is_not_read() {
        let report = include_str!("../../../tests/fixtures/fio/fio3-rawstor-randrw-4k-qd1.txt");
        let mut out = ParsedFile::default();
        let input = Input::from_text(&format!("fio: terminating on signal 2\n\n{report}"));
        read(&input, &[], &[], &mut out).unwrap();
        assert!(!out.samples.is_empty());
        drop_failed_runs(&input, &mut out);
        assert!(out.samples.is_empty(), "{:?}", out.samples);
        assert!(out.notes.iter().any(|(l, m)| *l == 1 && m.contains("fio was stopped")), "{:?}", out.notes);
    }

    /// attack25's f/fiosig.txt: `fio: pid=11375, got signal=9` above the
    /// report of the job of pid 11375 (`err= 0`): a killed job's figures,
    /// not read, the note at the `fio: pid=` line; a pid no section names
    /// leaves out the report after it.
    #[test]
    fn a_killed_jobs_report_is_not_read() {
        let report = include_str!("../../../tests/fixtures/fio/fio3-rawstor-randrw-4k-qd1.txt");
        for (pid, note) in [("11375", "fio job killed"), ("4242", "no job's section names its pid")] {
            let mut out = ParsedFile::default();
            let input = Input::from_text(&format!("fio: pid={pid}, got signal=9\n{report}"));
            read(&input, &[], &[], &mut out).unwrap();
            assert!(!out.samples.is_empty());
            drop_failed_runs(&input, &mut out);
            assert!(out.samples.is_empty(), "{:?}", out.samples);
            assert!(out.notes.iter().any(|(l, m)| *l == 1 && m.contains(note)), "{:?}", out.notes);
        }
        assert_eq!(killed_pid("fio: pid=11375, got signal=9"), Some("11375"));
        assert_eq!(header_pid("rawstor: (groupid=0, jobs=1): err= 0: pid=11375: Mon Sep"), Some("11375"));
        // A failed job's line, whole or as a page kept it; `err=0` is none.
        assert_eq!(
            killed_pid("fio: pid=4045, err=110/file:io_u.c:1889, func=io_u error, error=Connection timed out"),
            Some("4045")
        );
        assert_eq!(killed_pid("\tfio: pid=28242, err=5"), Some("28242"));
        assert_eq!(killed_pid("fio: pid=1, err=0/file:x.c:1"), None);
    }

    /// wildmod62 (axboe/fio issue #1575, wild/fio): a poster's `**` bold
    /// around `IOPS=111k` lost the whole report ("no job report"); the
    /// markers are taken out of a direction line (said) and a samples line.
    #[test]
    fn markdown_bold_in_a_direction_line_is_taken_out() {
        let text = "job: (groupid=0, jobs=16): err= 0: pid=18715: Wed May 17 15:43:54 2023\n\
            \x20 write: **IOPS=111k**, BW=433MiB/s (454MB/s)(375GiB/887769msec); 0 zone resets\n\
            \x20  iops        : min=33226, max=502899, **avg=132163.42**, stdev=6490.34, samples=12253\n";
        let mut out = ParsedFile::default();
        read(&Input::from_text(text), &[], &[], &mut out).unwrap();
        let iops = out.samples.iter().find(|s| s.metric.name == "write: IOPS").map(|s| s.value.mean());
        assert_eq!(iops, Some(111000.0), "{:?}", out.samples);
        assert!(out.notes.iter().any(|(n, m)| *n == 2 && m.contains("Markdown bold")), "{:?}", out.notes);
    }

    /// wildmod62 (axboe/fio issue #902, wild/fio): fio 3.7 printed
    /// `clat (nsec): min=0` and `1.00th=[0], 5.00th=[0]`, read as 0 nsec
    /// percentiles; now not read, with a note at the row; the other cells
    /// and the means are read. In usec a 0 (sub-microsecond, rounded) is
    /// read as before, and so is a 0 nsec cell under a `min=` above 0.
    #[test]
    fn zero_nsec_percentiles_under_a_zero_min_are_not_read() {
        let text = "test: (groupid=0, jobs=1): err= 0: pid=3364: Fri Jan 10 11:57:19 2020\n\
            \x20 write: IOPS=955, BW=3824KiB/s (3916kB/s)(224MiB/60002msec)\n\
            \x20   clat (nsec): min=0, max=1007.3M, avg=1841937.98, stdev=31497445.83\n\
            \x20   clat percentiles (nsec):\n\
            \x20    |  1.00th=[        0],  5.00th=[        0], 10.00th=[   724992],\n";
        let read_all = |text: &str| {
            let mut out = ParsedFile::default();
            read(&Input::from_text(text), &[], &[], &mut out).unwrap();
            out
        };
        let out = read_all(text);
        let pct: Vec<(String, f64)> = out
            .samples
            .iter()
            .filter(|s| s.metric.name.contains("th"))
            .map(|s| (s.metric.name.to_string(), s.value.mean()))
            .collect();
        assert_eq!(pct, [("write: clat 10.00th".to_string(), 724992.0)]);
        assert!(out.samples.iter().any(|s| s.metric.name == "write: clat mean"));
        assert!(out.notes.iter().any(|(n, m)| *n == 5 && m.contains("1.00th, 5.00th of 0 nsec")), "{:?}", out.notes);
        for (from, to) in [("min=0,", "min=12,"), ("(nsec)", "(usec)")] {
            let out = read_all(&text.replace(from, to));
            assert_eq!(out.samples.iter().filter(|s| s.metric.name.contains("th")).count(), 3, "{from}");
        }
    }

    /// attack25's fx/zero.txt: a randread job whose `read:` line is
    /// `IOPS=0, BW=0B/s (0B/s)(0B/60001msec)` ran and did nothing: its
    /// figures are left out with a note at that line; a direction with io
    /// done is read.
    #[test]
    fn a_direction_that_did_no_io_is_not_read() {
        let head = "randread: (groupid=0, jobs=1): err= 0: pid=4242: Tue Jan 16 10:00:00 2024\n";
        let mut out = ParsedFile::default();
        let text = format!(
            "{head}  read: IOPS=0, BW=0B/s (0B/s)(0B/60001msec)\n    clat (usec): min=0, max=0, avg=0.00, stdev=0.00\n"
        );
        read(&Input::from_text(&text), &[], &[], &mut out).unwrap();
        assert!(out.samples.is_empty(), "{:?}", out.samples);
        assert!(out.notes.iter().any(|(l, m)| *l == 2 && m.contains("did no I/O")), "{:?}", out.notes);
        let mut out = ParsedFile::default();
        let text = format!("{head}  read: IOPS=0, BW=0B/s (0B/s)(4096B/60001msec)\n");
        read(&Input::from_text(&text), &[], &[], &mut out).unwrap();
        assert_eq!(out.samples.len(), 2, "{:?}", out.notes);
    }

    /// A quoted report a mail client reflowed (linux-bcache, 2019): the
    /// job header's date wrapped, `--- ` glued before it, `2019 ` before the
    /// direction line and `resets ` before the slat line.
    #[test]
    fn a_reflowed_job_section_is_read_with_notes() {
        let t = "--- fiojob: (groupid=0, jobs=1): err= 0: pid=18933: Mon Nov 11 08:09:51\n\
                 2019 write: IOPS=1000, BW=4000KiB/s (4096kB/s)(1024MiB/262144msec); 0 zone\n\
                 resets slat (usec): min=6, max=5227.2k, avg=153.88, stdev=22260.74\n\
                 \x20   clat (usec): min=50, max=5207.0k, avg=569.68, stdev=20016.99\n";
        let mut out = ParsedFile::default();
        read(&Input::from_text(t), &[], &[], &mut out).unwrap();
        let got: Vec<(String, f64, usize)> =
            out.samples.iter().map(|s| (s.metric.name.to_string(), s.value.mean(), s.line)).collect();
        let want = [
            ("write: bw", 4000.0, 2),
            ("write: IOPS", 1000.0, 2),
            ("write: slat mean", 153.88, 3),
            // afix49b: slat's stdev read as clat's is.
            ("write: slat stdev", 22260.74, 3),
            ("write: clat mean", 569.68, 4),
            ("write: clat stdev", 20016.99, 4),
        ];
        assert_eq!(got[..6], want.map(|(m, v, l)| (m.to_string(), v, l)));
        assert_eq!(out.samples[0].params[0].value.to_string(), "fiojob");
        assert_eq!(out.notes.iter().map(|n| n.0).collect::<Vec<_>>(), vec![2, 3]);
        // Prose naming a direction is no direction line.
        let prose = "j: (groupid=0, jobs=1): err= 0: pid=1: Mon\nwe saw that write: IOPS=lots\n";
        let mut out = ParsedFile::default();
        read(&Input::from_text(prose), &[], &[], &mut out).unwrap();
        assert!(out.samples.is_empty());
    }

    /// A reader (`rw=read`) and a writer (`rw=write`) in group 0: the
    /// `WRITE:` total is the writer's alone (`job writer`, `rw write`,
    /// `jobs 1`), the `READ:` total the reader's; both were `jobs 2`.
    #[test]
    fn a_group_total_counts_the_jobs_that_did_its_direction() {
        let def = |name: &str, rw: &str| {
            format!(
                "{name}: (g=0): rw={rw}, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=1\n"
            )
        };
        let sec = |name: &str, dir: &str| {
            format!(
                "{name}: (groupid=0, jobs=1): err= 0: pid=1: Mon\n  {dir}: IOPS=10, BW=40.0KiB/s (41.0kB/s)(400KiB/10001msec)\n"
            )
        };
        let text = format!(
            "{}{}{}{}\nRun status group 0 (all jobs):\n   READ: bw=40.0KiB/s (41.0kB/s), 40.0KiB/s-40.0KiB/s (41.0kB/s-41.0kB/s), io=400KiB (410kB), run=10001-10001msec\n  WRITE: bw=40.0KiB/s (41.0kB/s), 40.0KiB/s-40.0KiB/s (41.0kB/s-41.0kB/s), io=400KiB (410kB), run=10001-10001msec\n",
            def("reader", "read"),
            def("writer", "write"),
            sec("reader", "read"),
            sec("writer", "write")
        );
        let mut out = ParsedFile::default();
        read(&Input::from_text(&text), &[], &[], &mut out).unwrap();
        let params = |m: &str| -> Vec<String> {
            let s = out.samples.iter().find(|s| s.group == "Run status group 0" && s.metric.name == m).unwrap();
            s.params.iter().map(|p| format!("{} {}", p.name, p.value)).collect()
        };
        assert_eq!(params("READ: bw"), ["job reader", "rw read", "bs 4KiB", "ioengine psync", "iodepth 1", "jobs 1"]);
        assert_eq!(params("WRITE: bw"), ["job writer", "rw write", "bs 4KiB", "ioengine psync", "iodepth 1", "jobs 1"]);
    }

    /// Job reports elided (`...`) between the definition lines and the
    /// status blocks (osalbahr's notes, wild36a file 33): each group's
    /// totals take the parameters of its `(g=N)` definition line.
    #[test]
    fn a_status_block_without_job_reports_takes_its_groups_definition() {
        let text = "nfs-home: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=1\n\
                    ssd-tmp: (g=1): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=1\n\
                    ...\nRun status group 0 (all jobs):\n   READ: bw=12.1MiB/s (12.7MB/s), 12.1MiB/s-12.1MiB/s (12.7MB/s-12.7MB/s), io=477MiB (500MB), run=39364-39364msec\n\n\
                    Run status group 1 (all jobs):\n   READ: bw=25.1MiB/s (26.3MB/s), 25.1MiB/s-25.1MiB/s (26.3MB/s-26.3MB/s), io=477MiB (500MB), run=19036-19036msec\n";
        let mut out = ParsedFile::default();
        read(&Input::from_text(text), &[], &[], &mut out).unwrap();
        let got: Vec<String> = out
            .samples
            .iter()
            .map(|s| {
                let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
                format!("{} {} {}", s.group, s.value.mean(), p.join(" "))
            })
            .collect();
        assert_eq!(
            got,
            [
                "Run status group 0 12.1 job=nfs-home rw=randrw bs=4KiB ioengine=psync iodepth=1",
                "Run status group 1 25.1 job=ssd-tmp rw=randread bs=4KiB ioengine=psync iodepth=1"
            ]
        );
    }

    /// Two fio runs of one job, each with its report elided (`...`) down
    /// to its status block (linux-fsdevel 2025-11, wildmod37: iodepth=1,
    /// then iodepth=4): each block takes its own run's definition. The
    /// second took both, and lost the iodepth they differ in.
    #[test]
    fn a_second_run_with_its_report_elided_takes_its_own_definition() {
        let run = |depth: u32, bw: &str| {
            format!(
                "randread: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=io_uring, iodepth={depth}\n\
                 fio-3.38\nStarting 1 thread\n...\nRun status group 0 (all jobs):\n   READ: bw={bw} (1MB/s), {bw}-{bw} (1MB/s-1MB/s), io=48.5MiB (50.9MB), run=15001-15001msec\n\n"
            )
        };
        let text = run(1, "3311KiB/s") + &run(4, "11.0MiB/s");
        let mut out = ParsedFile::default();
        read(&Input::from_text(&text), &[], &[], &mut out).unwrap();
        let depths: Vec<Option<&str>> = out
            .samples
            .iter()
            .map(|s| s.params.iter().find(|p| p.name == "iodepth").map(|p| p.value.as_str()))
            .collect();
        assert_eq!(depths, [Some("1"), Some("4")]);
    }

    /// numjobs=2 without group_reporting: two `jobs=1` sections of one
    /// job are one run of 2 jobs, its bandwidth and IOPS their sum (the
    /// group line's 80.0KiB/s), its clat mean over both clones' I/Os.
    /// Two sections of one job are two fio runs, not clones, when a
    /// progress line or a `Starting` line comes between them, or when fio
    /// printed them minutes apart (qemu 2021 virtiofsd commit, runs
    /// without and with a patch: summed as clones to 105.4 MiB/s); printed
    /// in the same second and with nothing between, clones.
    #[test]
    fn a_second_fio_run_of_one_job_is_not_a_clone() {
        let sec = |pid: u32, time: &str, iops: &str, bw: &str| {
            format!(
                "seqwrite-libaio: (groupid=0, jobs=1): err= 0: pid={pid}: Tue Aug 24 {time} 2021\n  write: IOPS={iops}, BW={bw}MiB/s (23.4MB/s)(446MiB/20002msec); 0 zone resets\n"
            )
        };
        let (a, b) = (sec(710, "12:58:16", "5709", "22.3"), sec(716, "13:00:15", "21.3k", "83.1"));
        let bws = |text: &str| -> Vec<(f64, String)> {
            let mut out = ParsedFile::default();
            read(&Input::from_text(text), &[], &[], &mut out).unwrap();
            out.samples
                .iter()
                .filter(|s| s.metric.name == "write: bw")
                .map(|s| (s.value.mean(), s.params.iter().find(|p| p.name == "jobs").unwrap().value.to_string()))
                .collect()
        };
        let two = vec![(22.3, "1".to_string()), (83.1, "1".to_string())];
        let progress = "Jobs: 1 (f=1): [W(1)][100.0%][w=84.0MiB/s][w=21.5k IOPS][eta 00m:00s]\n";
        assert_eq!(bws(&format!("{a}\n{progress}{b}")), two);
        assert_eq!(bws(&format!("{a}\nStarting 1 process\n{b}")), two);
        assert_eq!(bws(&format!("{a}\n{b}")), two);
        // The same second: one run's two clones, summed.
        let b_now = sec(716, "12:58:16", "21.3k", "83.1");
        assert_eq!(bws(&format!("{a}{b_now}")), vec![(105.4, "2".to_string())]);
        assert!(new_invocation("Jobs: 4 (f=4): [W] [100.0% done] [0K/20M /s] [0/5k iops] [eta 00m:00s]"));
        assert!(!new_invocation("Jobs: several"));
    }

    #[test]
    fn clones_without_group_reporting_are_one_run_of_their_jobs() {
        let one = |iops: u32, bw: &str, clat: &str| {
            format!(
                "j: (groupid=0, jobs=1): err= 0: pid=1: Mon\n  read: IOPS={iops}, BW={bw}KiB/s (41.0kB/s)(400KiB/10001msec)\n    clat (usec): min=1, max=9, avg={clat}, stdev=1.00\n"
            )
        };
        let (a, b) = (one(10, "40.0", "10.00"), one(30, "40.0", "20.00"));
        let text = format!(
            "j: (g=0): rw=read, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=1\n{a}{b}\nRun status group 0 (all jobs):\n   READ: bw=80.0KiB/s (82.0kB/s), 40.0KiB/s-40.0KiB/s (41.0kB/s-41.0kB/s), io=800KiB (819kB), run=10001-10001msec\n"
        );
        let mut out = ParsedFile::default();
        read(&Input::from_text(&text), &[], &[], &mut out).unwrap();
        let got = |m: &str| -> Vec<(f64, usize, String)> {
            out.samples
                .iter()
                .filter(|s| s.metric.name == m)
                .map(|s| {
                    let jobs = s.params.iter().find(|p| p.name == "jobs").map(|p| p.value.to_string());
                    (s.value.mean(), s.line, jobs.unwrap_or_default())
                })
                .collect()
        };
        assert_eq!(got("read: bw"), vec![(80.0, 3, "2".to_string())]);
        assert_eq!(got("read: IOPS"), vec![(40.0, 3, "2".to_string())]);
        // 10 IOPS at 10 usec, 30 at 20: (10×10 + 30×20) / 40 = 17.5.
        assert_eq!(got("read: clat mean"), vec![(17.5, 4, "2".to_string())]);
        // Pooled: n = 100.01 and 300.03 I/Os; Σ sd²(n−1) + n(m_i − m)² over n−1.
        let (n1, n2) = (100.01, 300.03);
        let ss = (n1 - 1.0) + (n2 - 1.0) + n1 * 7.5f64.powi(2) + n2 * 2.5f64.powi(2);
        let sd = got("read: clat stdev")[0].0;
        assert_eq!(sd, (ss / (n1 + n2 - 1.0)).sqrt().mul_add(100.0, 0.0).round() / 100.0);
        // The group line is the two clones' total: over 2 jobs, not 1.
        let group = out.samples.iter().find(|s| s.metric.name == "READ: bw").unwrap();
        assert_eq!(group.value.mean(), 80.0);
        let jobs = group.params.iter().find(|p| p.name == "jobs").map(|p| p.value.to_string());
        assert_eq!(jobs.as_deref(), Some("2"));
        assert_eq!(out.notes.len(), 1, "{:?}", out.notes);
        assert_eq!(out.notes[0].0, 2);
        assert!(out.notes[0].1.contains("2 times") && out.notes[0].1.contains("lines 2, 5"), "{:?}", out.notes);
    }

    /// Two clones of one job (numjobs=2), the second failed (`err= 5`):
    /// one run of 2 jobs that failed, none of its figures read; another
    /// job of the group, clean, is read; the group's totals are not.
    #[test]
    fn clones_one_of_which_failed_are_a_failed_run() {
        let sec = |name: &str, err: &str| {
            format!(
                "{name}: (groupid=0, jobs=1): err={err}: pid=1: Mon\n  read: IOPS=10, BW=40.0KiB/s (41.0kB/s)(400KiB/10001msec)\n"
            )
        };
        let text = format!(
            "{}{}{}\nRun status group 0 (all jobs):\n   READ: bw=120KiB/s (123kB/s), 40.0KiB/s-40.0KiB/s (41.0kB/s-41.0kB/s), io=1200KiB (1229kB), run=10001-10001msec\n",
            sec("j", " 0"),
            sec("j", " 5 (file:io_u.c:1845, func=io_u error, error=Input/output error)"),
            sec("k", " 0"),
        );
        let input = Input::from_text(&text);
        let mut out = ParsedFile::default();
        read(&input, &[], &[], &mut out).unwrap();
        drop_failed_runs(&input, &mut out);
        let got: Vec<(String, usize)> = out.samples.iter().map(|s| (s.params[0].value.to_string(), s.line)).collect();
        assert_eq!(got, vec![("k".to_string(), 6), ("k".to_string(), 6)], "{:?}", out.notes);
        assert!(out.notes.iter().any(|(l, m)| *l == 1 && m.contains("clone at line 3 failed")), "{:?}", out.notes);
        assert!(
            out.notes.iter().any(|(l, m)| *l == 8 && m.contains("include the failed job's I/O")),
            "{:?}",
            out.notes
        );
    }

    /// wild31 file 07 (linux-xfs 2025-05, Anton Gavriliuk quoted by Dave
    /// Chinner, fio 3.39, lines 14-20): the mail wrapped the banner after
    /// `(T)`; `bs` was read as `(R) 256KiB-256KiB, (W) 256KiB-256KiB, (T)`
    /// and ioengine and iodepth were lost.
    #[test]
    fn a_definition_wrapped_by_the_mail_is_rejoined() {
        let text = "> test: (g=0): rw=read, bs=(R) 256KiB-256KiB, (W) 256KiB-256KiB, (T)\n\
                    > 256KiB-256KiB, ioengine=libaio, iodepth=64\n\
                    > fio-3.39-44-g19d9\n\
                    > Starting 1 process\n\
                    > test: (groupid=0, jobs=1): err= 0: pid=43189: Sun May  4 08:22:12 2025\n\
                    >   read: IOPS=363k, BW=88.5GiB/s (95.1GB/s)(2656GiB/30001msec)\n";
        let input = Input::from_text(text);
        let mut out = ParsedFile::default();
        read(&input, &[], &[], &mut out).unwrap();
        let params: Vec<String> = out.samples[0].params.iter().map(|p| format!("{} {}", p.name, p.value)).collect();
        assert_eq!(params, ["job test", "rw read", "bs 256KiB", "ioengine libaio", "iodepth 64", "jobs 1"]);
        assert!(out.notes.iter().any(|(l, m)| *l == 1 && m.contains("wrapped onto line 2")), "{:?}", out.notes);
        // qemu-devel 2020-09 (virtiofs vs 9p, fio 3.21, lines 10-11): the
        // reflow glued the version line onto the banner's rest.
        let (_, p) = definition(
            "test: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=64 fio-3.21",
        )
        .unwrap();
        assert_eq!(p.last(), Some(&("iodepth", "64".to_string())));
        // A whole definition is not joined with the line after it.
        let (a, b) = (
            "j: (g=0): rw=read, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=1",
            "fio-3.39",
        );
        assert!(!wrapped_definition(a, b) && !wrapped_definition(a, a));
    }

    #[test]
    fn lines() {
        assert_eq!(
            result_header("mytest: (groupid=0, jobs=10): err= 0: pid=5178: Wed May"),
            Some(("mytest", "0", "10"))
        );
        // A report indented as a whole (a markdown code block) is read.
        assert_eq!(result_header("\tx: (groupid=0, jobs=1): err= 0: pid=1"), Some(("x", "0", "1")));
        let (name, p) = definition(
            "mytest: (g=0): rw=randread, bs=(R) 16.0KiB-16.0KiB, (W) 16.0KiB-16.0KiB, (T) 16.0KiB-16.0KiB, ioengine=psync, iodepth=1",
        )
        .unwrap();
        assert_eq!(name, "mytest");
        assert_eq!(
            p,
            vec![
                ("rw", "randread".into()),
                ("bs", "16KiB".into()),
                ("ioengine", "psync".into()),
                ("iodepth", "1".into())
            ]
        );
        let (_, p) =
            definition("iometer: (g=0): rw=randrw, bs=512-64K/512-64K/512-64K, ioengine=libaio, iodepth=64").unwrap();
        assert_eq!(p[1], ("bs", "512B-64KiB".into()));
        let (_, p) =
            definition("random-read-4k: (g=0): rw=read, bs=4K-4K/4K-4K/4K-4K, ioengine=posixaio, iodepth=32").unwrap();
        assert_eq!(p[1], ("bs", "4KiB".into()));
        let d = direction_line("  read: IOPS=67.4k, BW=1053MiB/s (1104MB/s)(100GiB/97218msec)").unwrap().unwrap();
        assert_eq!(
            d,
            DirLine {
                dir: "read",
                bw: (1053.0, "MiB/s".into()),
                iops: 67400.0,
                iops_step: Some(100.0),
                runtime: Some(97218.0)
            }
        );
        let d = direction_line("  write: io=83749KB, bw=269100 B/s, iops=43 , runt=318686msec").unwrap().unwrap();
        assert_eq!(
            d,
            DirLine {
                dir: "write",
                bw: (269100.0, "B/s".into()),
                iops: 43.0,
                iops_step: None,
                runtime: Some(318686.0)
            }
        );
        // A comma inside a figure (attack32 F1: `iops=7,118` read as 7,
        // `IOPS=67,4k` as 67): the line is damaged, not a smaller figure.
        for damaged in [
            "  write: io=596856KB, bw=56946KB/s, iops=7,118 , runt= 10481msec",
            "  read: IOPS=67,4k, BW=1053MiB/s (1104MB/s)(100GiB/97218msec)",
        ] {
            let e = direction_line(damaged).unwrap().unwrap_err();
            assert!(e.contains("holds a comma"), "{e}");
        }
        // kb_base=1000: the decimal figure first, the binary one read.
        let d = direction_line("  write: IOPS=3095, BW=12.7MB/s (12.1MiB/s)(127MB/10003msec)").unwrap().unwrap();
        assert_eq!(d.bw, (12.1, "MiB/s".into()));
        assert_eq!(
            group_line(
                "  WRITE: bw=12.7MB/s (12.1MiB/s), 12.7MB/s-12.7MB/s (12.1MiB/s-12.1MiB/s), io=127MB (121MiB), run=10003-10003msec"
            ),
            Some(Ok(("WRITE", "bw", 12.1, "MiB/s".into())))
        );
        let d = direction_line("  write: IOPS=5577, BW=21.8MiB/s (22.8MB/s)(218MiB/10001msec); 0 zone resets");
        assert_eq!(d.unwrap().unwrap().iops, 5577.0);
        assert!(direction_line("  read: IOPS=12x, BW=1MiB/s").unwrap().is_err());
        assert!(direction_line("read: the file").is_none());
        assert!(!io_done("  read: IOPS=0, BW=0B/s (0B/s)(0B/60001msec)"));
        assert!(io_done("  read: IOPS=0, BW=0B/s (0B/s)(4096B/60001msec)"));
        assert!(!io_done("  write: io=0KB, bw=0 B/s, iops=0 , runt=318686msec"));
        assert!(io_done("  write: io=83749KB, bw=269100 B/s, iops=43 , runt=318686msec"));
        assert_eq!(scaled("272k"), Some((272000.0, Some(1000.0))));
        assert_eq!(scaled("1.2M"), Some((1200000.0, Some(100000.0))));
        assert_eq!(scaled("5604"), Some((5604.0, None)));
        assert_eq!(
            latency_line("    slat (usec): min=3 , max=249858 , avg=53.47, stdev=1982.29"),
            Some(Ok(("slat", "usec", Some(53.47), Some(1982.29))))
        );
        assert_eq!(latency_line("  lat (usec)   : 50=0.11%, 100=80.29%"), None);
        // attack50 F6: a space before the colon, the micro sign: read (both
        // were passed over as text, two figures dropped unsaid).
        for t in [
            "    slat (usec) : min=82, max=135248, avg=3297.91, stdev=13465.05",
            "    slat (\u{3bc}sec): min=82, max=135248, avg=3297.91, stdev=13465.05",
            "    slat (\u{b5}sec) : min=82, max=135248, avg=3297.91, stdev=13465.05",
        ] {
            assert_eq!(latency_line(t), Some(Ok(("slat", "usec", Some(3297.91), Some(13465.05)))), "{t}");
            assert_eq!(odd_latency_unit(t), None);
        }
        // A unit fio never prints: said, not read; buckets are no latency line.
        assert_eq!(odd_latency_unit("    clat (ms): min=48, max=406, avg=215.23, stdev=58.42"), Some(("clat", "ms")));
        assert_eq!(odd_latency_unit("  lat (msec)   : 50=0.68%, 100=1.37%"), None);
        // attack47 F5: a decimal comma cut `avg` to 1.234; now refused.
        assert!(matches!(latency_line("     clat (usec): min=6, max=118, avg= 1.234,5, stdev= 1.14"), Some(Err(_))));
        // A line wrapped after its comma still reads.
        assert_eq!(
            latency_line("    clat (usec): min=41, max=30964, avg=75.25, stdev=202.27,"),
            Some(Ok(("clat", "usec", Some(75.25), Some(202.27))))
        );
        assert_eq!(
            percentile_row("     | 99.00th=[  108], 99.50th=[  114],").unwrap().unwrap(),
            (vec![("99.00th".into(), 108.0), ("99.50th".into(), 114.0)], false)
        );
        assert_eq!(
            group_line("   READ: io=326080KB, aggrb=1023KB/s, minb=1023KB/s"),
            Some(Ok(("READ", "aggrb", 1023.0, "KB/s".into())))
        );
        // `unified_rw_reporting=1` (fio 2.2.8 results file, wild36a file 32).
        assert_eq!(
            group_line("  MIXED: io=58240KB, aggrb=1940KB/s, minb=1940KB/s, maxb=1940KB/s, mint=30020msec"),
            Some(Ok(("MIXED", "aggrb", 1940.0, "KB/s".into())))
        );
    }

    /// A mail reflowed a status block: a blank line inside it, then the
    /// READ line's tail with `WRITE:` glued after it (qemu-devel 2020,
    /// wild29m): the WRITE total is read, with a note naming the line.
    #[test]
    fn a_group_status_direction_glued_after_the_tail_before_is_read() {
        let line = "io=3070MiB (3219MB), run=49099-49099msec WRITE: bw=20.9MiB/s (21.9MB/s),";
        assert_eq!(glued_group_line(line), Some(41));
        assert_eq!(glued_group_line("the totals say WRITE: bw=20.9MiB/s (21.9MB/s),"), None);
        assert_eq!(glued_group_line("   WRITE: bw=20.9MiB/s (21.9MB/s),"), None);
        let text = "Run status group 0 (all jobs):\n   READ: bw=62.5MiB/s (65.6MB/s), 62.5MiB/s-62.5MiB/s\n   \
                    (65.6MB/s-65.6MB/s),\n\n{line}\n20.9MiB/s-20.9MiB/s (21.9MB/s-21.9MB/s), io=1026MiB (1076MB),\n\
                    run=49099-49099msec\n"
            .replace("{line}", line);
        let f = crate::parse::BenchParser::parse(&super::super::Fio, &Input::from_text(&text)).unwrap();
        let got: Vec<(usize, &str, f64)> =
            f.samples.iter().map(|s| (s.line, s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(got, vec![(2, "READ: bw", 62.5), (5, "WRITE: bw", 20.9)]);
        assert!(f.notes.iter().any(|(l, m)| *l == 5 && m.contains("glued")), "{:?}", f.notes);
    }

    /// A mail reflowed a job's section: its `write:` line glued after the
    /// read's `iops` statistics (fio 3.21, qemu-devel 2020, wild31 file
    /// 10): read from there with a note; the read's own direction glued
    /// again, or a `write:` after prose words, is not.
    #[test]
    fn a_second_direction_glued_after_the_first_ones_statistics_is_read() {
        let text = "test: (groupid=0, jobs=1): err= 0: pid=773: Fri Sep 25 12:28:32 2020\n  \
                    read: IOPS=18.3k, BW=71.3MiB/s (74.8MB/s)(3070MiB/43042msec)\n\
                    stdev=400.86, samples=85 write: IOPS=6102, BW=23.8MiB/s\n\
                    (24.0MB/s)(1026MiB/43042msec); 0 zone resets\n";
        let f = crate::parse::BenchParser::parse(&super::super::Fio, &Input::from_text(text)).unwrap();
        let got: Vec<(usize, &str, f64)> =
            f.samples.iter().map(|s| (s.line, s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(
            got,
            vec![(2, "read: bw", 71.3), (2, "read: IOPS", 18300.0), (3, "write: bw", 23.8), (3, "write: IOPS", 6102.0)]
        );
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains("glued")), "{:?}", f.notes);
        let prose = text.replace("stdev=400.86, samples=85 write:", "and then the write:");
        let f = crate::parse::BenchParser::parse(&super::super::Fio, &Input::from_text(&prose)).unwrap();
        assert!(f.samples.iter().all(|s| s.line != 3), "{:?}", f.samples);
    }

    /// A log cut after 2 of the 4 clones fio started: its clones are not
    /// summed as the job's (attack32 F21: 24.2 MiB/s, half the job's, read
    /// as `jobs=2` with only a note on summing).
    #[test]
    fn clones_of_a_report_cut_short_are_not_summed() {
        let section = |pid: u32| {
            format!(
                "/dev/nvme8n4: (groupid=0, jobs=1): err= 0: pid={pid}: Wed Jul  8 09:10:50 2026\n  \
                 write: IOPS=3095, BW=12.1MiB/s (12.7MB/s)(121MiB/10003msec)\n"
            )
        };
        let head = "/dev/nvme8n4: (g=0): rw=randwrite, bs=(R) 4096B-4096B, ioengine=libaio, iodepth=7\nfio-3.42\n";
        let cut = format!("{head}Starting 4 processes\n{}{}", section(1), section(2));
        assert_eq!(short_report(&Input::from_text(&cut)), Some((2, 4, 3)));
        let e = crate::parse::BenchParser::parse(&super::super::Fio, &Input::from_text(&cut)).unwrap_err();
        assert!(e.to_string().contains("the job's other clones are missing"), "{e}");
        // All four there: summed as before.
        let whole = format!("{head}Starting 4 processes\n{}{}{}{}", section(1), section(2), section(3), section(4));
        assert_eq!(short_report(&Input::from_text(&whole)), None);
        let f = crate::parse::BenchParser::parse(&super::super::Fio, &Input::from_text(&whole)).unwrap();
        assert!(f.samples.iter().any(|s| s.metric.name == "write: bw" && (s.value.mean() - 48.4).abs() < 1e-9));
        // group_reporting's one section of `jobs=4`: the 4 are there.
        let grouped = format!("{head}Starting 4 processes\n{}", section(1).replace("jobs=1", "jobs=4"));
        assert_eq!(short_report(&Input::from_text(&grouped)), None);
    }
}
