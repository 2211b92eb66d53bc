//! The sections of lmbench raw results: a header (quoted `"size=…`,
//! plain, a lat_mem_rd heading, a bw_* command, a disk section) and the
//! rows under it.

use super::{CTX, DISK, FILE_VM, LOCAL_BW, MEM, RANDOM, REMOTE_BW};
use crate::model::{Better, Metric, Sample};
use crate::parse::{ParseError, num};

/// What a section's rows are.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Section {
    /// `x value [MB/sec]` pairs of one metric; `key` names the first number
    /// (`size`, or `distance`/`offset` for the disk tool).
    Pairs { name: String, unit: &'static str, better: Better, group: &'static str, key: &'static str },
    /// lat_mem_rd: `size latency` under `"stride=N`; `random` for `lat_mem_rd -t`
    /// (the block under lmbench 3's `Random load latency` heading).
    MemRd { stride: String, random: bool },
    /// lat_ctx: `procs time` under `"size=Nk ovr=X`.
    Ctx { size: String, overhead: Option<f64> },
    /// lat_fs: `0k files creates/s deletes/s`.
    Fs,
    /// An unknown quoted section: its pairs are skipped.
    Skip,
}

pub(super) enum RowResult {
    /// Samples read from the row, and notes about cells skipped.
    Samples(Vec<Sample>, Vec<String>),
    Note(String),
    NotARow,
}

/// lat_mmap's metric, whose figures carry their own printed step.
const MMAP: &str = "Mmap latency";

/// `a b` or `a b MB/sec`, both numbers.
pub(super) fn pair(t: &str) -> Option<(&str, f64)> {
    let w: Vec<&str> = t.split_whitespace().collect();
    match w.as_slice() {
        [a, b] | [a, b, "MB/sec"] => {
            num::plain(a)?;
            Some((a, num::plain(b)?))
        }
        _ => None,
    }
}

/// The unit of the first number of a `size value` pair (`size`, a seek's
/// `distance`, a zone's `offset`): lmbench prints each in megabytes
/// (`0.000512 47246.35` is 512 bytes; lat_mem_rd's `stride=128` is in
/// bytes).
const PAIR_KEY_UNIT: &str = "MB";

impl Section {
    pub(super) fn row(&self, t: &str, n: usize) -> Result<RowResult, ParseError> {
        match self {
            Section::Pairs { name, unit, better, group, key } => Ok(match pair(t) {
                Some((size, v)) => {
                    let mut s = Sample::new(Metric::new(name.clone(), *unit, *better), v, n)
                        .with_group(*group)
                        .with_param_in(*key, size, PAIR_KEY_UNIT);
                    // lat_mmap prints its latency by its size (lmbench
                    // 3.0's `micromb()`: `%.0f` from 10 µs up, `%.3f`
                    // below), `1.048576 12` beside `0.524288 7.850`: the
                    // step is each figure's own, not the block's finest
                    // (`12.000 ±0` and a `7.85` run: archive37 F2).
                    if name == MMAP {
                        s.step = t.split_whitespace().nth(1).and_then(|v| num::scaled_step(v, 1.0));
                    }
                    RowResult::Samples(vec![s], Vec::new())
                }
                None => RowResult::NotARow,
            }),
            Section::MemRd { stride, random } => Ok(match pair(t) {
                Some((size, v)) => RowResult::Samples(
                    vec![
                        Sample::new(Metric::new(mem_rd_name(*random), "ns", Better::Lower), v, n)
                            .with_group(if *random { RANDOM } else { MEM })
                            .with_param_in("stride", stride, "bytes")
                            .with_param_in("size", size, PAIR_KEY_UNIT),
                    ],
                    Vec::new(),
                ),
                None => RowResult::NotARow,
            }),
            Section::Ctx { size, .. } => {
                let w: Vec<&str> = t.split_whitespace().collect();
                match w.as_slice() {
                    [p, v] if p.bytes().all(|b| b.is_ascii_digit()) => match num::plain(v) {
                        Some(v) => Ok(RowResult::Samples(
                            vec![
                                Sample::new(Metric::new("ctxsw", "µs", Better::Lower), v, n)
                                    .with_group(CTX)
                                    .with_param("size", size)
                                    .with_param("procs", p),
                            ],
                            Vec::new(),
                        )),
                        None => Err(ParseError::malformed(n, "lat_ctx `procs microseconds`", t)),
                    },
                    _ => Ok(RowResult::NotARow),
                }
            }
            Section::Fs => {
                if t.contains("Id:") {
                    return Ok(RowResult::Note("skipped lat_fs version line".into()));
                }
                let w: Vec<&str> = t.split_whitespace().collect();
                let Some(size) = w.first().filter(|s| {
                    s.strip_suffix('k').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
                }) else {
                    return Ok(RowResult::NotARow);
                };
                let [_, _files, create, delete] = w.as_slice() else {
                    return Err(ParseError::malformed(n, "lat_fs `size files creates/s deletes/s`", t));
                };
                let mut v = Vec::new();
                let mut notes = Vec::new();
                for (name, cell) in [("Create", create), ("Delete", delete)] {
                    match num::plain(cell) {
                        Some(x) if x < 0.0 => notes.push(format!("lat_fs {size} {name} failed (-1)")),
                        Some(x) => v.push(
                            Sample::new(Metric::new(name, "files/s", Better::Higher), x, n)
                                .with_group(FILE_VM)
                                .with_param("size", size),
                        ),
                        None => return Err(ParseError::malformed(n, "lat_fs rates (numbers)", t)),
                    }
                }
                Ok(RowResult::Samples(v, notes))
            }
            Section::Skip => Ok(if pair(t).is_some() {
                RowResult::Note("row of an unknown section skipped".into())
            } else {
                RowResult::NotARow
            }),
        }
    }
}

fn bw(name: impl Into<String>, group: &'static str) -> Section {
    Section::Pairs { name: name.into(), unit: "MB/s", better: Better::Higher, group, key: "size" }
}

/// The metric (and, for random loads, group) name of a lat_mem_rd block:
/// lmbench 3 runs `lat_mem_rd` under the heading `Memory load latency` and
/// `lat_mem_rd -t` (random loads) under `Random load latency`; both print
/// `"stride=N` blocks, so only the heading (or the logged command line)
/// tells them apart.
fn mem_rd_name(random: bool) -> &'static str {
    if random { RANDOM } else { "Memory load latency" }
}

/// The section a quoted header (without its `"`) opens; `Some(Skip)` for
/// headers that are lmbench's but carry no rows we read, `None` if unknown.
pub(super) fn quoted_section(h: &str) -> Option<Section> {
    let h = h.trim().trim_end_matches('"').trim();
    if let Some(stride) = h.strip_prefix("stride=") {
        let s = stride.trim();
        return (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| Section::MemRd { stride: s.to_string(), random: false });
    }
    if let Some(rest) = h.strip_prefix("size=") {
        let mut w = rest.split_whitespace();
        let size = w.next()?.to_string();
        let overhead = w.next().and_then(|o| o.strip_prefix("ovr=")).and_then(num::plain);
        return Some(Section::Ctx { size, overhead });
    }
    match h {
        "mappings" => {
            return Some(Section::Pairs {
                name: MMAP.into(),
                unit: "µs",
                better: Better::Lower,
                group: FILE_VM,
                key: "size",
            });
        }
        "File system latency" => return Some(Section::Fs),
        "read bandwidth" => return Some(bw("File read bandwidth", LOCAL_BW)),
        "read open2close bandwidth" => return Some(bw("File read open2close bandwidth", LOCAL_BW)),
        _ => {}
    }
    if let Some(rest) = h.strip_prefix("File ") {
        // "File /tmp/XXX read bandwidth"
        let mut w: Vec<&str> = rest.split_whitespace().collect();
        if w.first().is_some_and(|p| p.starts_with('/')) {
            w.remove(0);
        }
        if w.last() == Some(&"bandwidth") {
            return Some(bw(format!("File {}", w.join(" ")), LOCAL_BW));
        }
    }
    if BW_HEADINGS.contains(&h) {
        return Some(bw(h, LOCAL_BW));
    }
    disk_section(h)
}

/// The quoted bw_mem / bw_mmap_rd headings lmbench 2 and 3's `scripts/lmbench`
/// echoes, each read as its own metric (named by the heading). Any other
/// quoted heading is unknown: a note, its rows skipped, never filed under
/// one of these.
const BW_HEADINGS: &[&str] = &[
    "Mmap read bandwidth",
    "Mmap read open2close bandwidth",
    "libc bcopy unaligned",
    "libc bcopy aligned",
    "unrolled bcopy unaligned",
    "unrolled partial bcopy unaligned",
];

/// lmbench 3's `disk` tool (run when `DISKS` is configured):
/// `"Seek times for /dev/sda` (distance MB, ms) and `"Zone bandwidth for
/// /dev/sda` (offset MB, MB/s); the metric keeps the disk's name.
fn disk_section(h: &str) -> Option<Section> {
    if h.strip_prefix("Seek times for ").is_some_and(|d| !d.trim().is_empty()) {
        return Some(Section::Pairs {
            name: h.into(),
            unit: "ms",
            better: Better::Lower,
            group: DISK,
            key: "distance",
        });
    }
    if h.strip_prefix("Zone bandwidth for ").is_some_and(|d| !d.trim().is_empty()) {
        return Some(Section::Pairs {
            name: h.into(),
            unit: "MB/s",
            better: Better::Higher,
            group: DISK,
            key: "offset",
        });
    }
    None
}

/// What a line says about the `"stride=N` blocks after it: `Some(false)`
/// for lmbench 3's `Memory load latency` heading or a logged `lat_mem_rd`
/// command line, `Some(true)` for `Random load latency` or `lat_mem_rd -t …`.
pub(super) fn mem_rd_heading(t: &str) -> Option<bool> {
    match t {
        "Memory load latency" => return Some(false),
        "Random load latency" => return Some(true),
        _ => {}
    }
    if !t.contains("lat_mem_rd") {
        return None;
    }
    let mut words = t.split_whitespace();
    words.by_ref().find(|w| w.rsplit('/').next() == Some("lat_mem_rd"))?;
    Some(words.any(|w| w == "-t"))
}

/// Plain (unquoted) section headers the lmbench script echoes.
pub(super) fn plain_section(t: &str) -> Option<Section> {
    if t.contains(':') || t.split_whitespace().count() > 6 {
        return None;
    }
    if let Some(host) = t.strip_prefix("Socket bandwidth using ") {
        let group = if host.trim() == "localhost" { LOCAL_BW } else { REMOTE_BW };
        return Some(bw("TCP bandwidth", group));
    }
    // `lat_fs (ext2)`, `./lat_fs /tmp`: a label or command line over the
    // tool's `size files creates/s deletes/s` rows.
    if t.split_whitespace().next().is_some_and(|w| w.rsplit('/').next() == Some("lat_fs")) {
        return Some(Section::Fs);
    }
    if t == "Memory load parallelism" {
        return Some(Section::Pairs { name: t.into(), unit: "", better: Better::Neither, group: MEM, key: "size" });
    }
    if t.starts_with("Memory ") && t.ends_with(" bandwidth") {
        return Some(bw(t, LOCAL_BW));
    }
    None
}

/// A logged command line of a tool that prints `size value` pairs:
/// `2022-08-31 10:28:22 ./bin/x86_64-linux-gnu/bw_mem -P 1 268435456 rd`.
pub(super) fn command_section(t: &str) -> Option<Section> {
    // Every command it knows is one of these tools.
    if !(t.contains("bw_") || t.contains("lat_mmap")) {
        return None;
    }
    let mut w = t.split_whitespace().skip_while(|w| {
        *w == "$"
            || *w == "#"
            || *w == "+"
            || (w.len() == 10 && w.as_bytes().get(4) == Some(&b'-') && w.as_bytes().get(7) == Some(&b'-'))
            || (w.len() == 8 && w.as_bytes().get(2) == Some(&b':') && w.as_bytes().get(5) == Some(&b':'))
    });
    let cmd = w.next()?;
    let tool = cmd.rsplit('/').next()?;
    let args: Vec<&str> = w.collect();
    let op = args.iter().rev().find(|a| a.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && !a.contains('/'));
    match tool {
        "bw_mem" | "bw_file_rd" | "bw_mmap_rd" => {
            let name = match op {
                Some(op) => format!("{tool} {op}"),
                None => tool.to_string(),
            };
            Some(bw(name, LOCAL_BW))
        }
        "lat_mmap" => {
            Some(Section::Pairs { name: MMAP.into(), unit: "µs", better: Better::Lower, group: FILE_VM, key: "size" })
        }
        _ => None,
    }
}
