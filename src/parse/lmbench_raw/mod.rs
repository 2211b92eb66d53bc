//! lmbench raw results: the `results/<os>/<host>.<n>` files `make results`
//! writes (which `make see` summarises) and the output of lmbench's
//! individual tools, lmbench 1.x, 2.0 and 3.0.
//!
//! # Formats
//!
//! **Tool lines** `label: value unit`, as lmbench's timing library prints them:
//!
//! ```text
//! Simple syscall: 0.4308 microseconds
//! Select on 100 fd's: 2.6170 microseconds
//! Process fork+exit: 186.8 microseconds
//! TCP/IP connection cost to localhost: 88.330 microseconds
//! Pipe bandwidth: 541.56 MB/sec
//! File /tmp/XXX write bandwidth: 32811 KB/sec
//! integer bit: 0.33 nanoseconds
//! tlb: 32 pages
//! ```
//!
//! A one-word set-up a poster typed before a tool line, apart from it by a
//! TAB (`randomize_kstack_offset=y<TAB>Simple syscall: 0.7082
//! microseconds`), is the sample's `label`.
//!
//! **Two set-ups side by side**: a post that gives each tool line or
//! section row two figures apart by ` / ` (`Simple syscall: 0.26080 /
//! 0.24935 microseconds`, `0.5242880 6.91 / 7.11`) under a legend line
//! naming each side (`test : standard kernel / kernel after patch`) gives
//! two samples, each with its side's name as `label`. Such lines with no
//! legend above them are not read (which set-up each side is, only prose
//! says), with one note naming them.
//!
//! **Sections**: a header line (quoted with a leading `"` in results files,
//! or one of the plain headers the lmbench script echoes) followed by
//! `size value` pairs up to a blank line:
//!
//! ```text
//! "stride=128          lat_mem_rd: size (MB) and load latency (ns)
//! 0.00049 1.186
//! "mappings            lat_mmap: size (MB) and latency (µs)
//! 0.524288 7.342
//! "Mmap read bandwidth bw_mmap_rd / bw_file_rd / bw_mem: size (MB) and MB/s
//! 0.000512 47246.35
//! "size=32k ovr=1.23   lat_ctx: process count and µs per switch
//! 2 3.45
//! "File system latency lat_fs: size, files, creates/s, deletes/s
//! 0k  1000  7905  16000   (tab-separated)
//! Socket bandwidth using localhost      bw_tcp -m: message size (MB), MB/s
//! 0.065536 1234.56 MB/sec
//! ```
//!
//! **A tool's command line** followed by its pairs (as lkp logs them):
//! `2022-08-31 10:28:22 ./bin/x86_64-linux-gnu/bw_mem -P 1 268435456 rd` then
//! `268.44 13805.57`. Recognised for `bw_mem`, `bw_file_rd`, `bw_mmap_rd` and
//! `lat_mmap`.
//!
//! **Bracket lines**: `[lmbench3.0 results for Linux host 5.4.0 …]` gives the
//! version and the kernel (the uname release; non-Linux systems keep
//! `SunOS 5.8`) for every sample after it; `[MHZ: 2998 MHz, 0.33 nanosec
//! clock]` and the bare `mhz` line `2998 MHz, 0.3336 nanosec clock` give `Mhz`.
//!
//! A network tool's error (`bind: Address in use`, `connect: Connection
//! refused`, lat_rpc's `unable to register (XACT_PROG, XACT_VERS, udp).`
//! and `localhost: RPC: Timed out`, a tool's `Segmentation fault (core
//! dumped)`) is a warning at its line: the result that tool would have
//! printed is missing from the run.
//!
//! A quoted heading not listed below is a note and its rows are skipped.
//! Anything else (build logs, `make` lines, dates, `[net: …]`) is skipped.
//!
//! # Metrics
//!
//! Units: `microseconds` → `µs` (Lower), `nanoseconds` → `ns` (Lower),
//! `milliseconds` → `ms` (Lower), `MB/sec` → `MB/s` (Higher), `KB/sec` →
//! `KB/s` (Higher). Groups follow the summary's sections.
//!
//! | source | metric | unit | group | params |
//! |---|---|---|---|---|
//! | `Simple syscall` | `syscall` | µs | Processor, Processes | |
//! | `Simple read` / `write` / `stat` / `fstat` / `open/close` | `read`, `write`, `stat`, `fstat`, `open/close` | µs | Processor, Processes | |
//! | `Null syscall` (1.x) | `null syscall` | µs | Processor, Processes | |
//! | `Select on N fd's` / `Select on N tcp fd's` | `Select fd's`, `Select tcp fd's` | µs | Processor, Processes | fds |
//! | `Signal handler installation` / `overhead` | `sig install`, `sig handler` | µs | Processor, Processes | |
//! | `Process fork+exit` / `fork+execve` / `fork+/bin/sh -c` | `fork+exit`, `fork+execve`, `fork+/bin/sh -c` | µs | Processor, Processes | |
//! | `Pipe latency` | `Pipe latency` | µs | Local Communication latencies | |
//! | `AF_UNIX sock stream latency` | `AF_UNIX latency` | µs | Local Communication latencies | |
//! | `UDP latency using H` / `TCP latency using H` | `UDP latency`, `TCP latency` | µs | Local (H = localhost) or Remote Communication latencies | |
//! | `RPC/udp latency using H` / `RPC/tcp …` | `RPC/UDP latency`, `RPC/TCP latency` | µs | Local or Remote Communication latencies | |
//! | `TCP/IP connection cost to H` | `TCP conn` | µs | Local or Remote Communication latencies | |
//! | `Pipe bandwidth` | `Pipe bandwidth` | MB/s | Local Communication bandwidths | |
//! | `AF_UNIX sock stream bandwidth` | `AF_UNIX bandwidth` | MB/s | Local Communication bandwidths | |
//! | `Avg xfer: 3.2KB, 41.8KB in 1.3340 millisecs, 31.31 MB/sec` (lat_http: the last figure) | `HTTP bandwidth` | MB/s (KB/s) | Local Communication bandwidths | |
//! | `Socket bandwidth using H` (line or section) | `TCP bandwidth` | MB/s | Local or Remote Communication bandwidths | size (section only) |
//! | `File F write bandwidth` (lmdd) | `File write bandwidth` | KB/s | Local Communication bandwidths | |
//! | `"read bandwidth`, `"File F read bandwidth` | `File read bandwidth` | MB/s | Local Communication bandwidths | size |
//! | `"read open2close bandwidth` | `File read open2close bandwidth` | MB/s | Local Communication bandwidths | size |
//! | `"Mmap read bandwidth`, `"Mmap read open2close bandwidth` | same text | MB/s | Local Communication bandwidths | size |
//! | `"Mmap read bandwidth`, `"Mmap read open2close bandwidth`, `"libc bcopy unaligned`, `"libc bcopy aligned`, `"unrolled bcopy unaligned`, `"unrolled partial bcopy unaligned` (the quoted headings lmbench 2/3 write), `Memory read bandwidth`, … (plain `Memory … bandwidth`) | header text | MB/s | Local Communication bandwidths | size |
//! | `"Seek times for D` / `"Zone bandwidth for D` (disk tool) | header text | ms / MB/s | Disk | distance / offset |
//! | `bw_mem … rd` command + pair | `bw_mem rd` (tool and operation) | MB/s | Local Communication bandwidths | size |
//! | `Pagefaults on F` | `Pagefaults` | µs | File & VM system latencies | |
//! | `Protection fault` | `prot fault` | µs | File & VM system latencies | |
//! | `"mappings` / `lat_mmap` command | `Mmap latency` | µs | File & VM system latencies | size |
//! | `"File system latency` rows (or rows under a line starting `lat_fs`: `lat_fs (ext2)`) | `Create`, `Delete` | files/s (Higher) | File & VM system latencies | size |
//! | `"size=Nk ovr=X` | `ctxsw overhead` (X) | µs (Neither) | Context switching | size |
//! | … its `procs time` rows | `ctxsw` | µs | Context switching | size, procs |
//! | `"stride=N` rows (after `Memory load latency`, or alone) | `Memory load latency` | ns | Memory latencies | stride, size |
//! | `"stride=N` rows after `Random load latency` (or a logged `lat_mem_rd -t` command) | `Random load latency` | ns | Random load latency | stride, size |
//! | `Memory load parallelism` rows | `Memory load parallelism` | "" (Neither) | Memory latencies | size |
//! | `integer bit:` … `double bogomflops:` (lat_ops) | label | ns | Basic operations | |
//! | `… parallelism: X` (par_ops) | label | "" (Neither) | Basic operations | |
//! | `STREAM copy latency:` … | label | ns / MB/s | STREAM | |
//! | `tlb: N pages` | `tlb` | pages (Neither) | Basic system parameters | |
//! | `[MHZ: N MHz …]`, `N MHz, … nanosec clock` | `Mhz` | MHz (Neither) | Basic system parameters | |
//! | any other `label: value unit` | label | by unit | "" | |
//!
//! Sizes are kept as printed (MB for the bandwidth, mmap and lat_mem_rd
//! sections; `0k`/`32k` for lat_fs and lat_ctx). lat_fs also prints how
//! many files it created; that count is not a result and is not kept, and
//! neither is a latency derived from the rates: the summary's
//! `0K File Create` (µs) is 10⁶ / `Create` and is left to whoever wants it.
//! A `-1` (lat_fs failure) gives no sample and a note.

mod sections;
mod tools;

use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::num;
use crate::parse::{BenchParser, Input, ParseError};
use sections::{RowResult, Section, command_section, mem_rd_heading, pair, plain_section, quoted_section};
use tools::tool_line;

/// The lmbench raw-results parser (registry id `lmbench-raw`).
pub struct LmbenchRaw;

const ID: &str = "lmbench-raw";

const PROC: &str = "Processor, Processes";
const LOCAL_LAT: &str = "Local Communication latencies";
const REMOTE_LAT: &str = "Remote Communication latencies";
const LOCAL_BW: &str = "Local Communication bandwidths";
const REMOTE_BW: &str = "Remote Communication bandwidths";
const FILE_VM: &str = "File & VM system latencies";
const CTX: &str = "Context switching";
const MEM: &str = "Memory latencies";
const OPS: &str = "Basic operations";
const SYS: &str = "Basic system parameters";
const DISK: &str = "Disk";
/// Group and metric of `lat_mem_rd -t` (random loads).
const RANDOM: &str = "Random load latency";

impl BenchParser for LmbenchRaw {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "lmbench 1.x-3.0 raw results files and tool output"
    }

    /// Each score needs one on a line: `[lmbench` starts a results file,
    /// `"` a quoted section, `: ` a tool's line, `bw_` or `lat_mmap` the
    /// command above a pair.
    fn literals(&self) -> &'static [&'static str] {
        &["[lmbench", "\"", ": ", "bw_", "lat_mmap"]
    }

    fn detect(&self, input: &Input) -> u8 {
        let mut score = 0u8;
        // Literals looked for once in the whole text: a line can hold one
        // only if the text does (the needles have no space at either end,
        // so trimming a line does not change whether it holds them).
        let summary = input.has("L M B E N C H");
        let commands = input.has("bw_") || input.has("lat_mmap");
        // A tool's line is `label: value unit`: without a `: ` in the text
        // no line is one.
        let tools = input.has(": ");
        let mut prev_command = false;
        for line in &input.lines {
            let t = line.trim();
            let s = if t.starts_with("[lmbench") {
                90
            } else if let Some(h) = t.strip_prefix('"') {
                if matches!(quoted_section(h), Some(Section::Skip) | None) { 0 } else { 85 }
            } else if tools && tool_line(t).is_some_and(|m| m.known) {
                75
            } else if prev_command && pair(t).is_some() {
                50
            } else {
                0
            };
            score = score.max(s);
            prev_command = commands && command_section(t).is_some();
        }
        if summary { score.min(40) } else { score }
    }

    fn max_score(&self) -> u8 {
        90
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut r = Reader {
            out: ParsedFile { benchmark: ID.to_string(), ..Default::default() },
            kernel: None,
            section: None,
            section_line: 0,
            random_loads: false,
            legend: None,
            unread_pairs: None,
            last_tool: None,
        };
        for (n, line) in input.numbered() {
            r.read_line(line.trim(), n)?;
        }
        r.note_unread_pairs();
        if r.out.samples.is_empty() {
            return Err(ParseError::NoResults {
                benchmark: ID,
                reason: "no lmbench tool line, quoted section or size/value pair".into(),
            });
        }
        Ok(r.out)
    }
}

/// The state of one parse: what the lines above the current one said.
struct Reader {
    out: ParsedFile,
    /// The kernel the latest results banner names.
    kernel: Option<String>,
    /// The section whose rows follow, and the line of its header.
    section: Option<Section>,
    section_line: usize,
    /// Whether `"stride=N` blocks are lat_mem_rd -t's random loads.
    random_loads: bool,
    /// The set-ups a legend line names for `A / B` figures (`test :
    /// standard kernel / kernel after patch`), from the latest one above.
    legend: Option<(String, String)>,
    /// `A / B` lines met with no legend above them: the first and last
    /// line and how many (noted once, at the end).
    unread_pairs: Option<(usize, usize, usize)>,
    /// The latest tool line read: (line, its label), for saying after
    /// which result a tool failed.
    last_tool: Option<(usize, String)>,
}

impl Reader {
    /// Adds `s`, of the kernel the latest banner names.
    fn push(&mut self, mut s: Sample) {
        if let Some(k) = &self.kernel {
            s.kernel = Some(k.as_str().into());
        }
        self.out.samples.push(s);
    }

    /// Reads the trimmed line `t` (number `n`).
    fn read_line(&mut self, t: &str, n: usize) -> Result<(), ParseError> {
        if t.is_empty() {
            self.section = None;
            return Ok(());
        }
        if let Some(inner) = t.strip_prefix('[') {
            self.read_bracketed(inner, n);
            return Ok(());
        }
        if let Some(h) = t.strip_prefix('"') {
            self.read_quoted_header(h, t, n);
            return Ok(());
        }
        if let Some(legend) = slash_legend(t) {
            self.legend = Some(legend);
            return Ok(());
        }
        if let Some((a, b)) = slash_pair(t) {
            return self.read_pair(&a, &b, n);
        }
        if self.read_section_row(t, n)? {
            return Ok(());
        }
        self.read_other(t, n);
        Ok(())
    }

    /// A `[…]` line (`inner` after its `[`): a results banner (the version
    /// and kernel), a `[MHZ: …]` line, or the script's closing `[date]`.
    fn read_bracketed(&mut self, inner: &str, n: usize) {
        self.section = None;
        let inner = inner.trim_end_matches(']').trim();
        // The script's closing `[date]`, or the next run's banner.
        self.random_loads = false;
        if let Some((v, k)) = results_banner(inner) {
            if self.out.version.is_none() {
                self.out.version = v;
            }
            self.kernel = k;
        } else if let Some(rest) = inner.strip_prefix("MHZ:")
            && let Some(mhz) = rest.split_whitespace().next().and_then(num::plain)
        {
            self.push(mhz_sample(mhz, n));
        }
    }

    /// A quoted section header (`h` after its `"`, `t` the whole line):
    /// the section whose rows follow (an unknown one is skipped, with a
    /// note; a context-switch header may carry its overhead).
    fn read_quoted_header(&mut self, h: &str, t: &str, n: usize) {
        self.section = quoted_section(h);
        self.section_line = n;
        match self.section.as_mut() {
            Some(Section::MemRd { random, .. }) => *random = self.random_loads,
            _ => self.random_loads = false,
        }
        match &self.section {
            None => {
                self.out.notes.push((n, format!("unknown lmbench section {t:?}; its rows are skipped")));
                self.section = Some(Section::Skip);
            }
            Some(Section::Ctx { size, overhead: Some(ovr) }) => {
                let s = Sample::new(Metric::new("ctxsw overhead", "µs", Better::Neither), *ovr, n)
                    .with_group(CTX)
                    .with_param("size", size);
                self.push(s);
            }
            _ => {}
        }
    }

    /// Reads `t` as a row of the current section. Returns whether it was
    /// one; a line that is not ends the section (a header with no rows at
    /// all gets a note).
    fn read_section_row(&mut self, t: &str, n: usize) -> Result<bool, ParseError> {
        let Some(sec) = &self.section else { return Ok(false) };
        match sec.row(t, n)? {
            RowResult::Samples(v, notes) => {
                for s in v {
                    self.push(s);
                }
                self.out.notes.extend(notes.into_iter().map(|m| (n, m)));
                Ok(true)
            }
            RowResult::Note(msg) => {
                self.out.notes.push((n, msg));
                Ok(true)
            }
            RowResult::NotARow => {
                if self.section_line + 1 == n && !matches!(sec, Section::Skip) {
                    // A header with no rows at all.
                    self.out.notes.push((self.section_line, "section header without rows".into()));
                }
                self.section = None;
                Ok(false)
            }
        }
    }

    /// A line outside a section's rows: a lat_mem_rd heading, a plain or
    /// command section header, a tool's one-line result, or an `MHZ` line.
    fn read_other(&mut self, t: &str, n: usize) {
        if let Some(random) = mem_rd_heading(t) {
            self.random_loads = random;
            self.section = None;
            return;
        }
        if let Some(sec) = plain_section(t).or_else(|| command_section(t)) {
            self.random_loads = false;
            self.section = Some(sec);
            self.section_line = n;
            return;
        }
        if let Some(err) = tool_error(t) {
            let after = match &self.last_tool {
                Some((at, label)) => format!(" after `{label}` (line {at})"),
                None => String::new(),
            };
            self.out.notes.push((
                n,
                format!(
                    "{}: an lmbench tool's error `{}`{after}: the result it would have printed is missing from this run",
                    crate::parse::FAILED_RUN_NOTE,
                    crate::parse::failed::quote(err)
                ),
            ));
            return;
        }
        if let Some(m) = tool_line(t) {
            // `t.rsplit_once(": ")`'s label, found by memchr's searcher
            // (the standard library's makes a searcher per call).
            if let Some(at) = memchr::memmem::rfind(t.as_bytes(), b": ") {
                self.last_tool = Some((n, t[..at].trim().to_string()));
            }
            let mut s = Sample::new(Metric::new(m.name, m.unit, m.better), m.value, n).with_group(m.group);
            s.params = m.params;
            self.push(s);
            if let Some(aside) = m.aside {
                self.out.notes.push((n, format!("text after the value not read: {aside:?}")));
            }
            return;
        }
        if let Some(mhz) = mhz_line(t) {
            self.push(mhz_sample(mhz, n));
            return;
        }
        if lmdd_summary(t) {
            self.out.notes.push((
                n,
                format!(
                    "lmdd's own summary `{t}` not read: it does not say whether lmdd read or wrote the file \
                     (lmbench's runs label it `File F write bandwidth`); give the figure a line of that form to read it"
                ),
            ));
        }
    }
}

/// lmdd's own summary of a copy, as it prints it when run by hand (not
/// through lmbench's script, which labels it `File F write bandwidth:
/// N KB/sec`): `134.2177 MB in 21.7630 secs, 6.1672 MB/sec` (a 2026
/// kylin-lmbench results file, after the run, under a harness's `=== DMA:
/// lmdd 128 MiB write ===`). Whether the copy read or wrote its file only
/// lmdd's command line says, so the figure is no metric of its own: read
/// as either it would be averaged with the other. True for such a line.
fn lmdd_summary(t: &str) -> bool {
    let Some(rest) = t.strip_suffix(" MB/sec") else { return false };
    let mut w = rest.split_whitespace();
    let fig = |x: Option<&str>| x.and_then(num::plain).is_some();
    fig(w.next())
        && w.next() == Some("MB")
        && w.next() == Some("in")
        && fig(w.next())
        && w.next() == Some("secs,")
        && fig(w.next())
        && w.next().is_none()
}

impl Reader {
    /// A line with two figures apart by ` / ` (`Simple syscall: 0.26080 /
    /// 0.24935 microseconds`, or a section's row `0.5242880 6.91 / 7.11`),
    /// given as the two lines each figure would have alone (`a`, `b`):
    /// two set-ups side by side. Read as two samples, with the `label`
    /// the legend line above names for each side; with no legend above,
    /// not read (which set-up each side is only prose could say), and
    /// noted once for the file.
    fn read_pair(&mut self, a: &str, b: &str, n: usize) -> Result<(), ParseError> {
        let Some((la, lb)) = self.legend.clone() else {
            let (first, _, count) = self.unread_pairs.unwrap_or((n, n, 0));
            self.unread_pairs = Some((first, n, count + 1));
            return Ok(());
        };
        for (line, label) in [(a, la), (b, lb)] {
            let before = self.out.samples.len();
            if !self.read_section_row(line, n)? {
                self.read_other(line, n);
            }
            for s in &mut self.out.samples[before..] {
                s.params.push(crate::model::Param::new("label", label.as_str()));
            }
        }
        Ok(())
    }

    /// Notes the `A / B` lines that had no legend above them.
    fn note_unread_pairs(&mut self) {
        if let Some((first, last, count)) = self.unread_pairs {
            let msg = format!(
                "{count} line(s) with two figures `A / B` (lines {first}-{last}): no legend line above them \
                 (`test : standard kernel / patched kernel`) says which set-up each side is; not read"
            );
            self.out.notes.push((first, msg));
        }
    }
}

/// An lmbench network tool's error, as `perror` prints it to the results
/// file's stderr: `bind: Address in use` (lat_select -n 250 tcp in a
/// kylin-lmbench Hygon guest run, whose `Select on 250 tcp fd's` line is
/// then missing: archive37 F8), `connect: Connection refused`, `socket:
/// …`, `accept: …`, `listen: …`. lat_rpc's failures are too (attack38
/// #14: lines 87–92 of a 2025 lmbench3alpha4 results file, whose RPC
/// latency lines are then missing): `unable to register (XACT_PROG,
/// XACT_VERS, udp).` (its server could not register with the portmapper),
/// `clnt_perror`'s `localhost: RPC: Timed out` and `localhost: RPC: Remote
/// system error - Connection refused`, and the shell's `Segmentation fault
/// (core dumped)` of a tool that crashed, also as bash reports a job of a
/// script that crashed ([`shell_crash_report`]). The line itself.
fn tool_error(t: &str) -> Option<&str> {
    if matches!(t, "Segmentation fault" | "Segmentation fault (core dumped)")
        || shell_crash_report(t)
        || (t.starts_with("unable to register (") && t.ends_with(").") && t.contains("XACT_"))
    {
        return Some(t);
    }
    if let Some((host, msg)) = t.split_once(": RPC: ").or_else(|| Some(("-", t.strip_prefix("RPC: ")?)))
        && !host.is_empty()
        && !host.contains(char::is_whitespace)
        && msg.starts_with(|c: char| c.is_ascii_uppercase())
        && !msg.contains(':')
    {
        return Some(t);
    }
    let (call, msg) = t.split_once(": ")?;
    let known = ["bind", "connect", "socket", "accept", "listen"].contains(&call);
    (known && msg.starts_with(|c: char| c.is_ascii_uppercase()) && !msg.bytes().any(|b| b.is_ascii_digit()))
        .then_some(t)
}

/// bash's report of a job a signal ended, as the lmbench script's run of a
/// tool printed it: `./lmbench: line 264: 1707956 Segmentation fault
/// (core dumped) lat_rpc -S localhost` (archive51's CamFlow lmbench_vanilla1
/// and 2, line 151: not named by the `a run failed` warning): the script
/// and its line, or the job's pid, then the signal's description
/// (`Segmentation fault`, `Bus error`, `Aborted`, `Illegal instruction`,
/// `Floating point exception`, `Killed`).
fn shell_crash_report(t: &str) -> bool {
    const SIGNALS: [&str; 6] =
        ["Segmentation fault", "Bus error", "Aborted", "Illegal instruction", "Floating point exception", "Killed"];
    let framed = t.split_once(": line ").and_then(|(_, r)| {
        let (n, r) = r.split_once(": ")?;
        (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(r)
    });
    let rest = framed.unwrap_or(t);
    let (pid, rest) = match rest.split_once(' ') {
        Some((p, r)) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => (true, r),
        _ => (false, rest),
    };
    (framed.is_some() || pid) && SIGNALS.iter().any(|s| rest.starts_with(s))
}

/// A legend for `A / B` figures: `test : standard kernel / kernel after
/// patch` (linux-mm 2009, lmbench tool lines posted as two kernels'
/// figures): a short head, a colon, then two names apart by ` / `, each
/// with a letter and neither a number. The two names.
fn slash_legend(t: &str) -> Option<(String, String)> {
    let (head, rest) = t.split_once(':')?;
    let head = head.trim();
    if head.is_empty() || head.split_whitespace().count() > 3 {
        return None;
    }
    let (a, b) = rest.split_once(" / ")?;
    let name = |s: &str| {
        let s = s.trim();
        let ok = !s.is_empty()
            && s.chars().count() <= 40
            && s.chars().any(|c| c.is_ascii_alphabetic())
            && !s.contains(" / ")
            && !s.split_whitespace().any(|w| num::plain(w).is_some());
        ok.then(|| s.to_string())
    };
    Some((name(a)?, name(b)?))
}

/// A line with two figures apart by ` / `: `Simple syscall: 0.26080 /
/// 0.24935 microseconds`, `0.5242880 6.91 / 7.11`. The line as it would
/// read with the left figure alone, and with the right one alone:
/// (`Simple syscall: 0.26080 microseconds`, `Simple syscall: 0.24935
/// microseconds`). `None` unless ` / ` is there once, a figure right
/// before it and right after it.
fn slash_pair(t: &str) -> Option<(String, String)> {
    let (left, right) = t.split_once(" / ")?;
    if right.contains(" / ") {
        return None;
    }
    let (head, a) = left.rsplit_once(char::is_whitespace).unwrap_or(("", left));
    let mut rw = right.trim_start().splitn(2, char::is_whitespace);
    let b = rw.next()?;
    let tail = rw.next().unwrap_or("").trim();
    num::plain(a)?;
    num::plain(b)?;
    let join = |v: &str| [head.trim(), v, tail].iter().filter(|w| !w.is_empty()).copied().collect::<Vec<_>>().join(" ");
    Some((join(a), join(b)))
}

fn mhz_sample(mhz: f64, line: usize) -> Sample {
    Sample::new(Metric::new("Mhz", "MHz", Better::Neither), mhz, line).with_group(SYS)
}

/// `lmbench3.0 results for Linux host 5.4.0-42 #46 SMP … x86_64 GNU/Linux`
/// → (version, kernel).
fn results_banner(inner: &str) -> Option<(Option<String>, Option<String>)> {
    let rest = inner.strip_prefix("lmbench")?;
    let (ver, after) = rest.split_once(" results for ")?;
    let ver = ver.trim();
    let version = ver.chars().next().filter(char::is_ascii_digit).map(|major| {
        let minor = ver.split('.').nth(1).and_then(|m| m.chars().next()).unwrap_or('0');
        format!("{major}.{minor}")
    });
    let words: Vec<&str> = after.split_whitespace().collect();
    let kernel = match (words.first(), words.get(2)) {
        (Some(&"Linux"), Some(rel)) => Some(rel.to_string()),
        (Some(sys), Some(rel)) => Some(format!("{sys} {rel}")),
        _ => None,
    };
    Some((version, kernel))
}

/// `2998 MHz, 0.3336 nanosec clock` (the mhz tool).
fn mhz_line(t: &str) -> Option<f64> {
    let mut w = t.split_whitespace();
    let v = num::plain(w.next()?)?;
    (w.next()? == "MHz," && t.ends_with("nanosec clock")).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> ParsedFile {
        LmbenchRaw.parse(&Input::from_text(text)).expect("parses")
    }

    fn named<'a>(p: &'a ParsedFile, name: &str) -> Vec<&'a Sample> {
        p.samples.iter().filter(|s| s.metric.name == name).collect()
    }

    fn param<'a>(s: &'a Sample, name: &str) -> Option<&'a str> {
        s.params.iter().find(|p| p.name == name).map(|p| p.value.as_str())
    }

    /// lmdd's own summary (`134.2177 MB in 21.7630 secs, 6.1672 MB/sec`,
    /// after the run in a 2026 kylin-lmbench results file,
    /// tests/fixtures/wild/lmbench_raw/gh-2026-lmbench30a9-raw-xkernel-…):
    /// not said to be a read or a write, so not read, and said at its line;
    /// lmbench's own `File F write bandwidth` line is still read.
    #[test]
    fn lmdds_own_summary_is_noted_not_read() {
        let text = "File /root/lmb_file write bandwidth: 4354 KB/sec\n\
            134.2177 MB in 21.7630 secs, 6.1672 MB/sec\n\
            134217728 bytes (128.0MB) copied, 21.953777 seconds, 5.8MB/s\n";
        let p = parse(text);
        assert_eq!(p.samples.len(), 1);
        assert!(p.notes.iter().any(|(l, m)| *l == 2 && m.contains("lmdd's own summary")), "{:?}", p.notes);
        assert!(lmdd_summary("0.5000 MB in 0.0100 secs, 50.0000 MB/sec"));
        assert!(!lmdd_summary("Pipe bandwidth: 6545.90 MB/sec"));
    }

    /// attack38 #14: lat_rpc's failures and a crashed tool, as lines 86–93
    /// of tests/fixtures/wild/lmbench_raw/ghpages-2025-lmbench3alpha4-
    /// masumi-raw-results.txt print them, are failed tools (each a `a run
    /// failed` warning at its line, folded per file by the site), as `bind:
    /// Address in use` is; the tool lines among them are still read.
    #[test]
    fn rpc_failures_and_a_segfault_are_failed_tools() {
        let text = "unable to register (XACT_PROG, XACT_VERS, udp).\n\
            UDP latency using localhost: 14.9026 microseconds\n\
            TCP latency using localhost: 17.5532 microseconds\n\
            localhost: RPC: Timed out\n\
            localhost: RPC: Remote system error - Connection refused\n\
            Segmentation fault (core dumped)\n\
            TCP/IP connection cost to localhost: 27.6802 microseconds\n";
        let p = parse(text);
        assert_eq!(p.samples.len(), 3);
        let failed: Vec<usize> =
            p.notes.iter().filter(|(_, n)| n.starts_with(crate::parse::FAILED_RUN_NOTE)).map(|(l, _)| *l).collect();
        assert_eq!(failed, [1, 4, 5, 6], "{:?}", p.notes);
        // Not a failure: a tool line naming its host, a colon in prose.
        assert_eq!(tool_error("UDP latency using localhost: 14.9026 microseconds"), None);
        assert_eq!(tool_error("Note: RPC: see below for the rest"), None);
        // bash's report of the script's job (archive51 CamFlow line 151).
        let bash = "./lmbench: line 264: 1707956 Segmentation fault      (core dumped) lat_rpc -S localhost";
        assert_eq!(tool_error(bash), Some(bash));
        assert!(shell_crash_report("12345 Killed                  lat_mem_rd 512 16"));
        assert!(!shell_crash_report("Killed 3 processes") && !shell_crash_report("Aborted: 2 of 10 runs"));
    }

    /// Two set-ups' figures on one line, `A / B`, under a legend line
    /// naming each side (linux-mm 2009): two samples, each with its
    /// side's `label`, for tool lines and section rows alike; before any
    /// legend they are not read, and a note says so.
    #[test]
    fn slash_pairs_under_a_legend_are_two_labelled_samples() {
        assert_eq!(
            slash_legend("test : standard kernel / kernel after patch"),
            Some(("standard kernel".into(), "kernel after patch".into()))
        );
        assert_eq!(slash_legend("Simple syscall: 0.2 / 0.3 microseconds"), None);
        assert_eq!(
            slash_pair("Simple syscall: 0.26080 / 0.24935 microseconds"),
            Some(("Simple syscall: 0.26080 microseconds".into(), "Simple syscall: 0.24935 microseconds".into()))
        );
        assert_eq!(slash_pair("0.5242880 6.91 / 7.11"), Some(("0.5242880 6.91".into(), "0.5242880 7.11".into())));
        assert_eq!(slash_pair("read / write: 3 microseconds"), None);
        let p = parse(
            "Simple read: 1.2071 / 0.7270 microseconds\n\
             test : standard kernel / kernel after patch\n\
             Simple syscall: 0.26080 / 0.24935 microseconds\n\
             \n\
             \"mappings\n\
             0.5242880 6.91 / 7.11\n",
        );
        let got: Vec<_> = p.samples.iter().map(|s| (s.line, s.value.mean(), param(s, "label").unwrap_or(""))).collect();
        assert_eq!(
            got,
            [
                (3, 0.2608, "standard kernel"),
                (3, 0.24935, "kernel after patch"),
                (6, 6.91, "standard kernel"),
                (6, 7.11, "kernel after patch")
            ]
        );
        assert_eq!(param(&p.samples[2], "size"), Some("0.5242880"));
        assert!(p.notes.iter().any(|(l, m)| *l == 1 && m.contains("1 line(s) with two figures")), "{:?}", p.notes);
    }

    #[test]
    fn tool_lines() {
        let p = parse(
            "[lmbench3.0 results for Linux demo 5.15.0-91-generic #101 SMP x86_64 GNU/Linux]\n\
             [MHZ: 2998 MHz, 0.3336 nanosec clock]\n\
             Simple syscall: 0.4308 microseconds\n\
             Select on 100 fd's: 2.6170 microseconds\n\
             Select on 100 tcp fd's: 9.1 microseconds\n\
             Process fork+/bin/sh -c: 3937.9 microseconds\n\
             UDP latency using localhost: 55.3271 microseconds\n\
             TCP latency using otherbox: 80.1 microseconds\n\
             TCP/IP connection cost to localhost: 88.330 microseconds\n\
             Pipe bandwidth: 541.56 MB/sec\n\
             File /tmp/XXX write bandwidth: 32811 KB/sec\n\
             Pagefaults on /tmp/XXX: 4.00 microseconds\n\
             integer bit: 0.33 nanoseconds\n\
             integer bit parallelism: 1.95\n\
             tlb: 32 pages\n",
        );
        assert_eq!(p.version.as_deref(), Some("3.0"));
        assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("5.15.0-91-generic")));
        assert_eq!(named(&p, "Mhz")[0].value.mean(), 2998.0);
        let sc = named(&p, "syscall")[0];
        assert_eq!((sc.metric.unit.as_str(), sc.metric.better, sc.group.as_str()), ("µs", Better::Lower, PROC));
        let sel = named(&p, "Select fd's")[0];
        assert_eq!(param(sel, "fds"), Some("100"));
        assert_eq!(named(&p, "Select tcp fd's")[0].value.mean(), 9.1);
        assert_eq!(named(&p, "fork+/bin/sh -c")[0].value.mean(), 3937.9);
        assert_eq!(named(&p, "UDP latency")[0].group, LOCAL_LAT);
        assert_eq!(named(&p, "TCP latency")[0].group, REMOTE_LAT);
        assert_eq!(named(&p, "TCP conn")[0].value.mean(), 88.33);
        assert_eq!(named(&p, "Pipe bandwidth")[0].metric.unit, "MB/s");
        assert_eq!(named(&p, "File write bandwidth")[0].metric.unit, "KB/s");
        assert_eq!(named(&p, "Pagefaults")[0].value.mean(), 4.0);
        // A poster's change after the unit: the value read, the change noted.
        let changed = LmbenchRaw.parse(&Input::from_text("STREAM copy bandwidth: 59338.60 MB/sec  +4.1%\n")).unwrap();
        assert_eq!(named(&changed, "STREAM copy bandwidth")[0].value.mean(), 59338.6);
        assert!(changed.notes.iter().any(|(n, t)| *n == 1 && t.contains("+4.1%")));
        assert!(tool_line("STREAM copy bandwidth: 59338.60 MB/sec faster").is_none());
        // lat_http's line (archive37 F11): its rate, in MB/s or KB/s.
        let m = tool_line("Avg xfer: 3.2KB, 41.8KB in 1.3340 millisecs, 31.31 MB/sec").unwrap();
        assert_eq!(
            (m.name.as_str(), m.value, m.unit, m.better, m.group),
            ("HTTP bandwidth", 31.31, "MB/s", Better::Higher, LOCAL_BW)
        );
        let m = tool_line("Avg xfer 512, 5.0KB in 9.0000 millisecs, 555.56 KB/sec").unwrap();
        assert_eq!((m.value, m.unit), (555.56, "KB/s"));
        assert!(tool_line("Avg xfer: 3.2KB, 41.8KB in 1.3340 millisecs").is_none());
        // A set-up typed before the tool's line, apart by a TAB.
        let m = tool_line("randomize_kstack_offset=y\tSimple syscall: 0.7082 microseconds").unwrap();
        assert_eq!((m.name.as_str(), m.value, m.unit), ("syscall", 0.7082, "µs"));
        assert_eq!(m.params[0].name, "label");
        assert_eq!(m.params[0].value, "randomize_kstack_offset=y");
        assert!(tool_line("two words\tSimple syscall: 0.7082 microseconds").is_none_or(|m| !m.known));
        assert!(tool_line("setup\tFoo bar: 0.7082 microseconds").is_none());
        let usecs = LmbenchRaw.parse(&Input::from_text("Pagefaults on /usr/tmp/XXX: 3 usecs\n")).unwrap();
        assert_eq!(named(&usecs, "Pagefaults")[0].value.mean(), 3.0);
        assert_eq!(named(&usecs, "Pagefaults")[0].metric.unit, "µs");
        assert_eq!(named(&p, "integer bit")[0].metric.unit, "ns");
        assert_eq!(named(&p, "integer bit parallelism")[0].metric.better, Better::Neither);
        assert_eq!(named(&p, "tlb")[0].value.mean(), 32.0);
        assert_eq!(p.samples.len(), 14);
    }

    #[test]
    fn lat_fs_rows_under_a_label_line_are_read() {
        let p = parse(
            "Simple syscall: 0.41 microseconds\nlat_fs (ext3)\n0k      500     21000   98000\n\
             4k      500     11000   60500\nPipe latency: 6.5 microseconds\n",
        );
        let create = named(&p, "Create");
        assert_eq!(create.len(), 2);
        assert_eq!((create[1].line, create[1].value.mean(), param(create[1], "size")), (4, 11000.0, Some("4k")));
        assert_eq!(named(&p, "Delete")[0].value.mean(), 98000.0);
        // The tool line after the rows ends the section and is read.
        assert_eq!(named(&p, "Pipe latency")[0].line, 5);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    #[test]
    fn sections() {
        let p = parse(
            "\"stride=128\n0.00049 1.186\n0.00098 1.187\n\n\
             \"size=32k ovr=1.23\n2 3.45\n4 4.50\n\n\
             \"File system latency\n0k\t1000\t7905\t16000\n10k\t500\t-1\t9000\n\n\
             Socket bandwidth using localhost\n0.000001 0.50 MB/sec\n0.065536 1234.56 MB/sec\n\n\
             \"libc bcopy unaligned\n0.000512 9000.5\n\n\
             \"File /tmp/XXX read bandwidth\n8.00 600.1\n",
        );
        let mem = named(&p, "Memory load latency");
        assert_eq!(mem.len(), 2);
        assert_eq!((param(mem[1], "stride"), param(mem[1], "size")), (Some("128"), Some("0.00098")));
        assert_eq!(named(&p, "ctxsw overhead")[0].value.mean(), 1.23);
        let ctx = named(&p, "ctxsw");
        assert_eq!((param(ctx[1], "size"), param(ctx[1], "procs")), (Some("32k"), Some("4")));
        assert_eq!(ctx[1].value.mean(), 4.5);
        assert_eq!(named(&p, "Create").len(), 1);
        assert_eq!(named(&p, "Delete").len(), 2);
        assert_eq!(named(&p, "Delete")[1].value.mean(), 9000.0);
        assert_eq!(named(&p, "Create")[0].metric.unit, "files/s");
        assert!(p.notes.iter().any(|(l, _)| *l == 11));
        let tcp = named(&p, "TCP bandwidth");
        assert_eq!((tcp[1].value.mean(), param(tcp[1], "size")), (1234.56, Some("0.065536")));
        assert_eq!(named(&p, "libc bcopy unaligned")[0].value.mean(), 9000.5);
        assert_eq!(named(&p, "File read bandwidth")[0].value.mean(), 600.1);
    }

    #[test]
    fn bw_mem_command_line() {
        let text = "gcc -O -o ../bin/x86_64-linux-gnu/bw_mem bw_mem.c ../bin/x86_64-linux-gnu/lmbench.a\n\
                    2022-08-31 10:28:22 ./bin/x86_64-linux-gnu/bw_mem -P 1 268435456 rd\n\
                    268.44 13805.57";
        let input = Input::from_text(text);
        assert_eq!(LmbenchRaw.detect(&input), 50);
        let p = LmbenchRaw.parse(&input).unwrap();
        let s = named(&p, "bw_mem rd")[0];
        assert_eq!((s.value.mean(), param(s, "size"), s.line), (13805.57, Some("268.44"), 3));
        // A lone pair with no lmbench context is nothing.
        assert_eq!(LmbenchRaw.detect(&Input::from_text("268.44 13805.57")), 0);
    }

    #[test]
    fn bad_rows_are_errors() {
        let err = LmbenchRaw.parse(&Input::from_text("\"File system latency\n0k\t1000\t7905\n")).unwrap_err();
        assert_eq!(err.line(), Some(2));
        let err = LmbenchRaw.parse(&Input::from_text("\"size=0k ovr=1.0\n2 x.y\n")).unwrap_err();
        assert_eq!(err.line(), Some(2));
    }

    /// lmbench 3's results file ends with two lat_mem_rd runs that print
    /// the same `"stride=16` blocks: sequential under `Memory load latency`,
    /// random (`-t`) under `Random load latency`. They never share a metric.
    #[test]
    fn random_load_latency_is_its_own_group() {
        let p = parse(
            "Memory load latency\n\"stride=16\n0.00049 1.2\n0.00098 1.3\n\n\"stride=32\n0.00049 1.4\n\n\
             Random load latency\n\"stride=16\n0.00049 1.5\n0.00098 180.5\n\n[Mon Sep 1 2025]\n\
             \"stride=64\n0.00049 2.0\n",
        );
        let seq = named(&p, "Memory load latency");
        assert_eq!(seq.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), vec![1.2, 1.3, 1.4, 2.0]);
        assert!(seq.iter().all(|s| s.group == MEM));
        let rnd = named(&p, RANDOM);
        assert_eq!(rnd.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), vec![1.5, 180.5]);
        assert!(rnd.iter().all(|s| s.group == RANDOM && param(s, "stride") == Some("16")));
        assert_eq!(param(rnd[1], "size"), Some("0.00098"));
    }

    #[test]
    fn lat_mem_rd_command_line_tells_random_from_sequential() {
        let p = parse(
            "numactl --localalloc --physcpubind=0 lat_mem_rd -P 1 -t 256M 128\n\"stride=128\n0.00049 1.667\n\n\
             $ ./bin/lat_mem_rd 256M 128\n\"stride=128\n0.00049 1.5\n",
        );
        assert_eq!(named(&p, RANDOM)[0].value.mean(), 1.667);
        assert_eq!(named(&p, "Memory load latency")[0].value.mean(), 1.5);
    }

    #[test]
    fn every_lmbench3_quoted_heading_is_its_own_metric() {
        let headings = [
            ("read bandwidth", "File read bandwidth"),
            ("read open2close bandwidth", "File read open2close bandwidth"),
            ("Mmap read bandwidth", "Mmap read bandwidth"),
            ("Mmap read open2close bandwidth", "Mmap read open2close bandwidth"),
            ("libc bcopy unaligned", "libc bcopy unaligned"),
            ("libc bcopy aligned", "libc bcopy aligned"),
            ("unrolled bcopy unaligned", "unrolled bcopy unaligned"),
            ("unrolled partial bcopy unaligned", "unrolled partial bcopy unaligned"),
            ("mappings", "Mmap latency"),
            ("Seek times for /dev/sda", "Seek times for /dev/sda"),
            ("Zone bandwidth for /dev/sda", "Zone bandwidth for /dev/sda"),
        ];
        let text: String = headings.iter().map(|(h, _)| format!("\"{h}\n1.0 2.0\n\n")).collect();
        let p = parse(&text);
        assert_eq!(p.samples.len(), headings.len());
        for (s, (_, name)) in p.samples.iter().zip(headings) {
            assert_eq!(s.metric.name, name);
        }
        assert_eq!(param(&p.samples[9], "distance"), Some("1.0"));
        assert_eq!(p.samples[9].metric.unit, "ms");
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    #[test]
    fn unknown_bandwidth_heading_is_a_note_not_a_metric() {
        let p = parse("\"frobnicated bandwidth\n1 2\n\nPipe latency: 36.697 microseconds\n");
        assert_eq!(p.samples.len(), 1);
        assert!(p.notes.iter().any(|(l, m)| *l == 1 && m.contains("unknown lmbench section")), "{:?}", p.notes);
    }

    #[test]
    fn unknown_quoted_section_is_skipped() {
        let p = parse("\"frobnicate\n1 2\n\nPipe latency: 36.697 microseconds\n");
        assert_eq!(p.samples.len(), 1);
        assert!(!p.notes.is_empty());
    }

    #[test]
    fn detect_scores() {
        let d = |t: &str| LmbenchRaw.detect(&Input::from_text(t));
        assert_eq!(d("[lmbench2.0 results for Linux x 2.4.18 #1]"), 90);
        assert_eq!(d("\"mappings\n0.524288 7.342"), 85);
        assert_eq!(d("Pipe latency: 36.697 microseconds"), 75);
        assert_eq!(d("Execution time: 3 microseconds"), 0);
        assert_eq!(d("                 L M B E N C H  2 . 0   S U M M A R Y\n\"mappings"), 40);
    }
}
