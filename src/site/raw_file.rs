//! Reading and parsing one raw result file: its bytes (regular files only,
//! at most [`MAX_RAW_FILE_SIZE`]), every benchmark output in them, the
//! warnings they give, and the kernel each sample is filed under.

use super::ResultFile;
use super::parse_cache::ParseCache;
use crate::diag::{Diagnostic, Kind};
use crate::model::ParsedFile;
use crate::parse::{self, Input};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Raw result files larger than this (64 MiB) are skipped with a warning
/// ("too large") instead of being read: real benchmark output is a few
/// kilobytes, and a runaway log or a disk image dropped into `content/` must
/// not make a build take minutes and gigabytes.
pub const MAX_RAW_FILE_SIZE: u64 = 64 * 1024 * 1024;

/// Reads and parses one raw file: `rel` is its path relative to the
/// machine-class directory (matched against the `formats:` globs, which
/// force a parser on the files they match), `path` the file on disk and
/// `kernel_dir` the kernel directory it sits in, if any: its samples are
/// that kernel's (unless the file names several kernels itself), and
/// outside kernel directories each keeps the kernel it names (those naming
/// none are dropped with a warning). With a `cache`, the outcome is looked
/// up there by the file's contents (and the parser forced on it) first,
/// and stored there when parsed.
///
/// Returns what each benchmark output in it read (none for a skipped
/// file), samples carrying their final kernel, and the diagnostics it
/// produced; or, for an environment file (a kernel config, dmesg, …:
/// [`super::env`]) that `formats:` does not name a parser for, its facts.
/// Never fails: an unreadable, too large or unrecognised file is a
/// warning.
pub fn parse_file(
    rel: &str,
    path: &Path,
    kernel_dir: Option<&str>,
    formats: &[(glob::Pattern, &'static dyn parse::BenchParser)],
    cache: Option<&ParseCache>,
) -> RawRead {
    parse_file_in(rel, path, kernel_dir, formats, cache, false)
}

/// [`parse_file`] in a class that compares something other than kernels
/// when `whole_dirs` (`compare:`): a file in an item's directory is that
/// item's even where it names several kernels, and
/// [`ResultFile::named_kernel`](super::ResultFile::named_kernel) lists
/// them ("6.1.0, 6.6.0"), what the item ran.
pub(super) fn parse_file_in(
    rel: &str,
    path: &Path,
    kernel_dir: Option<&str>,
    formats: &[(glob::Pattern, &'static dyn parse::BenchParser)],
    cache: Option<&ParseCache>,
    whole_dirs: bool,
) -> RawRead {
    let bytes = match read_raw(path) {
        Ok(bytes) => bytes,
        Err(d) => return RawRead { diags: vec![d], ..Default::default() },
    };
    let mut forced = formats.iter().find(|(p, _)| p.matches(rel)).map(|(_, parser)| *parser);
    // An environment file told by its contents alone, read for results
    // too ([`super::env::named_as_env`]).
    let mut env_too = None;
    if forced.is_none()
        && let Some(env) = super::env::read_file(rel, &bytes)
    {
        match env {
            Ok((_, env)) if !super::env::named_as_env(rel) => env_too = Some(env),
            Ok((_, env)) => return RawRead { env: Some(env), ..Default::default() },
            Err(m) => {
                let diags = vec![Diagnostic::warning(path, None, m).of_kind(Kind::Skipped)];
                return RawRead { diags, ..Default::default() };
            }
        }
    }
    if let Some(env) = env_too {
        let outcome = outcome_of(&bytes, None, cache);
        if outcome.parsed.iter().all(|p| p.samples.is_empty()) {
            return RawRead { env: Some(env), ..Default::default() };
        }
        let mut read = results_of(rel, path, kernel_dir, bytes, outcome, whole_dirs);
        read.env = Some(env);
        return read;
    }
    if forced.is_none() && is_yaml_name(rel) {
        // A YAML file is results only in a format that is YAML: never
        // misread by a text parser's detection (a `commentary.yaml` as
        // tiobench).
        match parse::detect_among(&Input::from_bytes(&bytes), |p| YAML_READERS.contains(&p.id())) {
            Some(p) => forced = Some(p),
            None => {
                return RawRead {
                    diags: vec![Diagnostic::warning(path, None, NOT_RESULTS_YAML).of_kind(Kind::Skipped)],
                    ..Default::default()
                };
            }
        }
    }
    let outcome = outcome_of(&bytes, forced, cache);
    results_of(rel, path, kernel_dir, bytes, outcome, whole_dirs)
}

/// What `outcome` read of raw file `rel` (at `path`, in `kernel_dir`,
/// holding `bytes`): its results, each sample under its kernel, and the
/// warnings ([`parse_file_in`]).
fn results_of(
    rel: &str,
    path: &Path,
    kernel_dir: Option<&str>,
    bytes: Vec<u8>,
    outcome: FileOutcome,
    whole_dirs: bool,
) -> RawRead {
    let mut diags = Vec::new();
    let skipped_as = if outcome.parsed.is_empty() { outcome.skipped_as } else { None };
    diags.extend(outcome.warnings.into_iter().map(|(line, message)| {
        let kind = if message == UNRECOGNISED || message.ends_with(HAND_ONLY) { Kind::Skipped } else { Kind::Other };
        Diagnostic::warning(path, line, message).of_kind(kind)
    }));
    let raw: std::sync::Arc<[u8]> = bytes.into();
    let mut out = Vec::with_capacity(outcome.parsed.len());
    for mut parsed in outcome.parsed {
        // Kept until the class is written: without the room its growth
        // left (up to half of it; 3,000 kernels hold a million samples).
        parsed.samples = super::exact(std::mem::take(&mut parsed.samples));
        // Where some samples name a kernel and others none, the lines of
        // those naming none (before `file_kernels` files every sample under
        // the directory's kernel).
        let mut unnamed_lines: Vec<usize> = if parsed.samples.iter().any(|s| s.kernel.is_some()) {
            parsed.samples.iter().filter(|s| s.kernel.is_none()).map(|s| s.line).collect()
        } else {
            Vec::new()
        };
        unnamed_lines.dedup();
        keep_default_kernels_local(&mut parsed, rel);
        let named_kernel = if whole_dirs && let Some(k) = kernel_dir {
            item_kernels(&mut parsed, k, path, &mut diags)
        } else {
            file_kernels(&mut parsed, path, kernel_dir, &mut diags)
        };
        out.push(ResultFile {
            rel_path: rel.to_string(),
            path: path.to_path_buf(),
            kernel_dir: kernel_dir.map(str::to_string),
            named_kernel,
            unnamed_lines,
            parsed,
            raw: raw.clone(),
        });
    }
    RawRead { results: out, diags, env: None, skipped_as }
}

/// The parsers that read YAML (ids): the only ones a `.yaml` or `.yml`
/// raw file is offered to, unless `formats:` names another.
const YAML_READERS: &[&str] = &["generic", "stress-ng"];

/// The warning for a YAML file no YAML reader claims.
const NOT_RESULTS_YAML: &str = "a YAML file that is not results benchsite reads (the `generic` format, a stress-ng `-Y` report), skipped; site.yaml, machine.yaml and kernel.yaml are the only annotations. If it holds results, convert it to the `generic` format (README, \"Benchmarks read\"); if not, add a glob for it to `ignore:`";

/// True when raw file `rel` is named as YAML (`.yaml`, `.yml`, any case).
fn is_yaml_name(rel: &str) -> bool {
    Path::new(rel)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
}

/// What [`parse_file`] read of one raw file.
#[derive(Debug, Default)]
pub struct RawRead {
    /// What each benchmark output in it read (none for a skipped file).
    pub results: Vec<ResultFile>,
    /// The diagnostics it produced.
    pub diags: Vec<Diagnostic>,
    /// Its facts, when it is an environment file.
    pub env: Option<super::env::Environment>,
    /// The benchmark (parser id) a parser recognised the file as, when
    /// that parser read nothing of it and the file was skipped whole (a
    /// crashed run: will-it-scale's `Assertion 'ret == 1' failed.` lines
    /// alone): the section it would have fed says so (newcomer44 N6).
    pub skipped_as: Option<String>,
}

/// The bytes of raw file `path`, or the warning skipping it (too large,
/// unreadable, not a regular file).
fn read_raw(path: &Path) -> Result<Vec<u8>, Diagnostic> {
    let skipped = |d: Diagnostic| d.of_kind(Kind::Skipped);
    match read_regular(path, MAX_RAW_FILE_SIZE) {
        Ok(Ok(b)) => Ok(b),
        Ok(Err(len)) => Err(skipped(Diagnostic::warning(
            path,
            None,
            format!(
                "too large ({len} bytes; raw files over {} MiB are skipped), skipped",
                MAX_RAW_FILE_SIZE / (1024 * 1024)
            ),
        ))),
        Err(e) => Err(skipped(Diagnostic::warning(path, None, format!("cannot read, skipped: {e}")))),
    }
}

/// [`parse_bytes`], through `cache` when there is one: its entry for these
/// bytes and `forced` parser if it holds one, else parsed and put there.
fn outcome_of(
    bytes: &[u8],
    forced: Option<&'static dyn parse::BenchParser>,
    cache: Option<&ParseCache>,
) -> FileOutcome {
    match cache {
        Some(cache) => {
            let key = ParseCache::key(bytes, forced.map(|p| p.id()));
            cache.get(key).unwrap_or_else(|| {
                let outcome = parse_bytes(bytes, forced);
                cache.put(key, &outcome);
                outcome
            })
        }
        None => parse_bytes(bytes, forced),
    }
}

/// What reading one raw file's bytes gives, before its kernel directory is
/// applied: what each benchmark output in it read (none for a file skipped
/// with a warning; several for a mail holding several benchmarks' outputs,
/// see [`parse::segment`]) and the warnings, each with its 1-based line if
/// any. The same bytes and the same forced parser always give the same
/// outcome, which is what [`ParseCache`] stores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileOutcome {
    /// What each segment's parser read, in file order, with `benchmark`
    /// and `lines` set and derived metrics added.
    pub parsed: Vec<ParsedFile>,
    /// Warnings about the file: (line, message).
    pub warnings: Vec<(Option<usize>, String)>,
    /// The parser (id) that recognised the file and read nothing of it,
    /// when the file is skipped whole for it (a crashed will-it-scale run:
    /// `Assertion 'ret == 1' failed.` lines alone), set where its warning
    /// ("<id>: …; file skipped") is pushed: [`RawRead::skipped_as`]. `None`
    /// for a file read, a file no parser recognised, and a segment of a
    /// file of several skipped (the rest of the file is read).
    pub skipped_as: Option<String>,
}

/// The kind of image `bytes` start as (PNG, JPEG, GIF, WebP), by their
/// signature: a chart saved beside the results for commentary, which read
/// as "binary file" or "not valid UTF-8".
fn image_kind(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("PNG")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("JPEG")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("GIF")
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        Some("WebP")
    } else {
        None
    }
}

/// Parses the bytes of a raw file: every benchmark output in it
/// ([`parse::segment::segments`]), the first read by the parser `forced`
/// on it when there is one. Empty, binary (NUL bytes in the first 8 KiB,
/// but for a tail of NULs after text: read up to it, with a warning)
/// and unrecognised files give a warning and no result; a damaged segment
/// gives a warning naming its line, and the file's other segments are kept.
/// A parser's notes that are not mere information
/// ([`parse::note_is_info`]: a line that looks like a result and was not
/// read, a block skipped) are warnings on their lines.
pub fn parse_bytes(bytes: &[u8], forced: Option<&'static dyn parse::BenchParser>) -> FileOutcome {
    let mut warnings = Vec::new();
    let skipped =
        |warnings: Vec<(Option<usize>, String)>| FileOutcome { parsed: Vec::new(), warnings, skipped_as: None };
    if bytes.is_empty() {
        warnings.push((None, EMPTY.to_string()));
        return skipped(warnings);
    }
    // Only blanks, line breaks or NUL bytes (a file cut before its first
    // line was written): as empty, not "unrecognised" with every format
    // listed (attack59).
    if bytes.iter().all(|&b| b == 0 || b.is_ascii_whitespace()) {
        warnings.push((None, "empty file (only whitespace or NUL bytes), skipped".to_string()));
        return skipped(warnings);
    }
    if let Some(kind) = image_kind(bytes) {
        warnings.push((
            None,
            format!(
                "a {kind} image, not a raw result, skipped: an image for commentary goes in a theme's static/ directory, copied to the site's root (README, Themes)"
            ),
        ));
        return skipped(warnings);
    }
    // A benchmark suite's report saved beside its raw output (the Phoronix
    // Test Suite's result PDFs in saBPF-project/provbpf's results, archive51):
    // some read as text, "not valid UTF-8", then unrecognised.
    if bytes.starts_with(b"%PDF-") {
        warnings.push((
            None,
            "a PDF document, not a raw result, skipped: keep it out of content/ or add a glob for it to `ignore:` in machine.yaml or site.yaml"
                .to_string(),
        ));
        return skipped(warnings);
    }
    // PowerShell's `>` and `Out-File` write UTF-16 with a byte order mark:
    // text, whose every other byte is NUL.
    let utf16 = utf16_text(bytes);
    let bytes = match &utf16 {
        Some((text, lossy)) => {
            if *lossy {
                warnings.push((None, "UTF-16 with invalid code units; they were replaced".to_string()));
            }
            text.as_bytes()
        }
        None => bytes,
    };
    // A log cut by a crash or a power loss ends in NUL bytes (the file
    // system's zero-filled block): text up to them is read, with a warning
    // (attack34 #19: 84 dbench samples were skipped as a binary file).
    let text_end = bytes.len() - bytes.iter().rev().take_while(|&&b| b == 0).count();
    // Text: no control byte but tab, line breaks, form feed and escape
    // (a log's colours); an ELF header (`\x7fELF\x02\x01…`) is none.
    let text =
        |b: &[u8]| b.iter().all(|&c| (c >= 0x20 && c != 0x7f) || matches!(c, b'\t' | b'\n' | b'\r' | 0x0c | 0x1b));
    let bytes = if text_end > 0 && text_end < bytes.len() && text(&bytes[..text_end]) {
        let line = bytes[..text_end].iter().filter(|&&b| b == b'\n').count() + 1;
        warnings.push((
            Some(line),
            format!(
                "the file ends in {} NUL bytes (as a file cut by a crash is left): read up to them",
                bytes.len() - text_end
            ),
        ));
        &bytes[..text_end]
    } else {
        bytes
    };
    if let Some(at) = memchr::memchr(0, &bytes[..bytes.len().min(8192)]) {
        // Where: a NUL in the middle of a text log is a damaged file, whose
        // place a reader looks for (attack59).
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        warnings.push((Some(line), format!("binary file (a NUL byte at byte {at}, line {line}), skipped")));
        return skipped(warnings);
    }
    let input = Input::from_bytes(bytes);
    if input.lossy {
        // The first invalid byte's line, where a reader looks (attack59).
        let at = std::str::from_utf8(bytes).err().map(|e| e.valid_up_to());
        let line = at.map(|at| bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1);
        let msg = match line {
            Some(l) => format!("not valid UTF-8 (first at line {l}); invalid bytes replaced"),
            None => "not valid UTF-8; invalid bytes replaced".to_string(),
        };
        warnings.push((line, msg));
    }
    let segments = parse::segment::segments(&input, forced);
    if segments.is_empty() {
        // A hand table naming kernels is named by its lines (akpm's quoted
        // lmbench table, LKML 2003), its warning saying the file is
        // skipped; a file without one is unrecognised. Not both: they said
        // one thing twice (attack38 finding 22, a quoted Markdown summary).
        let hand = parse::hand_tables::unread_tables(&input, &[], &[]);
        if hand.is_empty() {
            warnings.push((None, UNRECOGNISED.to_string()));
        }
        let last = hand.len().saturating_sub(1);
        warnings.extend(
            hand.into_iter()
                .enumerate()
                .map(|(i, (line, w))| (Some(line), if i == last { format!("{w}{HAND_ONLY}") } else { w })),
        );
        return skipped(warnings);
    }
    let several = segments.len() > 1;
    // Hand tables naming kernels among the lines no segment read, spans or
    // notes (a person's LMbench or UnixBench comparison beside a tiobench
    // run that was read): warned of, never read.
    let mut taken: Vec<usize> = Vec::new();
    let mut known: Vec<&str> = Vec::new();
    for seg in &segments {
        // A failed segment's warning names its lines already when its
        // error names one (a damaged row); one that found nothing of its
        // own there ("no tiobench results found") says nothing of them.
        if seg.outcome.as_ref().err().is_none_or(|e| e.line().is_some()) {
            taken.extend(seg.lines.0..=seg.lines.1);
        }
        if let Ok(p) = &seg.outcome {
            taken.extend(p.notes.iter().map(|n| n.0));
            for k in p.samples.iter().filter_map(|s| s.kernel.as_deref()) {
                if !known.contains(&k) {
                    known.push(k);
                }
            }
        }
    }
    taken.sort_unstable();
    taken.dedup();
    let hand = parse::hand_tables::unread_tables(&input, &taken, &known);
    warnings.extend(hand.into_iter().map(|(line, w)| (Some(line), w)));
    // A program's result lines with no parser, inside the span of the
    // benchmark read around them (x11perf's and latencytest's beside
    // dbench): named by the lines no figure was read from.
    let mut sampled: Vec<usize> = segments
        .iter()
        .filter_map(|seg| seg.outcome.as_ref().ok())
        .flat_map(|p| p.samples.iter().map(|s| s.line).chain(p.notes.iter().map(|n| n.0)))
        .collect();
    sampled.sort_unstable();
    sampled.dedup();
    let programs = parse::hand_tables::unread_program_lines(&input, &sampled);
    warnings.extend(programs.into_iter().map(|(line, w)| (Some(line), w)));
    let mut out = Vec::with_capacity(segments.len());
    let mut skipped_as = None;
    for seg in segments {
        let id = seg.parser.id();
        let mut parsed = match seg.outcome {
            Ok(p) => p,
            Err(e) => {
                let what = if several {
                    let (a, b) = seg.lines;
                    match seg.lost {
                        Some(n) => format!(
                            "lines {a}-{b} skipped: this one line stops the whole {id} output, at least {n} other figure(s) \
                             with it; the rest of the file is read"
                        ),
                        None => {
                            format!("lines {a}-{b} ({} lines) skipped, the rest of the file is read", b + 1 - a.min(b))
                        }
                    }
                } else if is_html_page(&input) {
                    "file skipped: it is an HTML page, which benchsite does not read (the benchmark's text output \
                     of the same run is what to keep); to silence this, add a glob for it (`*.html`) to `ignore:` in \
                     machine.yaml or site.yaml"
                        .to_string()
                } else {
                    skipped_as = Some(id.to_string());
                    "file skipped".to_string()
                };
                warnings.push((e.about(), format!("{id}: {}; {what}", e.message())));
                continue;
            }
        };
        if parsed.benchmark.is_empty() {
            parsed.benchmark = id.to_string();
        }
        parsed.lines = Some(seg.lines);
        // Derived metrics first: their notes (a %CPU too low for an
        // efficiency, bonnie++'s `+++++` counted per label) are warnings too.
        crate::derive::derive(&mut parsed);
        // A file's failed runs are one warning (module docs of
        // [`fold_failed_runs`]); its other notes one each.
        let failed: Vec<(usize, &str)> = parsed
            .notes
            .iter()
            .filter(|(_, n)| n.starts_with(parse::FAILED_RUN_NOTE))
            .map(|(l, n)| (*l, n.as_str()))
            .collect();
        let mut folded = fold_failed_runs(&failed);
        for (line, note) in parsed.notes.iter().filter(|(_, n)| !parse::note_is_info(n)) {
            if !note.starts_with(parse::FAILED_RUN_NOTE) {
                warnings.push((Some(*line), format!("{id}: {note}")));
            } else if let Some((line, text)) = folded.take() {
                warnings.push((Some(line), format!("{id}: {text}")));
            }
        }
        drop_repeated_params(&mut parsed, &mut warnings);
        out.push(parsed);
    }
    FileOutcome { parsed: out, warnings, skipped_as }
}

/// Most failed runs a folded warning lists by line before it counts the
/// rest.
const FAILED_LISTED: usize = 4;

/// One warning, at the first one's line, for the notes of one file that
/// say a run failed ([`parse::FAILED_RUN_NOTE`], `notes` in line order):
/// the first note as it reads, then the other lines with their own error.
/// A Hygon guest's lmbench files each printed `bind: Address in use` after
/// several `Select on N tcp fd's`: 48 warnings of one class, one per line
/// (ident38). The notes stay the parser's, one per line: `check`'s
/// run-count warning counts their lines.
fn fold_failed_runs(notes: &[(usize, &str)]) -> Option<(usize, String)> {
    let (&(line, first), rest) = notes.split_first()?;
    if rest.is_empty() {
        return Some((line, first.to_string()));
    }
    // What a note says failed: from its first quote to the last `: `
    // (`\`bind: Address in use\` after \`Select on 100 tcp fd's\` (line 77)`).
    let what = |n: &str| {
        let start = n.find('`').unwrap_or(0);
        let end = n.rfind(": ").filter(|&e| e > start).unwrap_or(n.len());
        n[start..end].to_string()
    };
    let mut listed: Vec<String> =
        rest.iter().take(FAILED_LISTED).map(|(l, n)| format!("line {l}: {}", what(n))).collect();
    if rest.len() > FAILED_LISTED {
        listed.push(format!("and {} more", rest.len() - FAILED_LISTED));
    }
    Some((line, format!("{first}; {} more lines of this file say so too ({})", rest.len(), listed.join("; "))))
}

/// The text of a UTF-16 file that starts with its byte order mark (`FF FE`
/// little-endian, as PowerShell writes, or `FE FF` big-endian), and
/// whether an invalid code unit (a lone surrogate, an odd last byte) was
/// replaced; `None` for any other file. Such a file was skipped as
/// "binary file (NUL bytes)".
pub(super) fn utf16_text(bytes: &[u8]) -> Option<(String, bool)> {
    let little = match bytes {
        [0xFF, 0xFE, ..] => true,
        [0xFE, 0xFF, ..] => false,
        _ => return None,
    };
    let units = bytes[2..].chunks_exact(2).map(|b| {
        let pair = [b[0], b[1]];
        if little { u16::from_le_bytes(pair) } else { u16::from_be_bytes(pair) }
    });
    let mut lossy = bytes.len() % 2 == 1;
    let text = char::decode_utf16(units)
        .map(|c| {
            c.unwrap_or_else(|_| {
                lossy = true;
                char::REPLACEMENT_CHARACTER
            })
        })
        .collect();
    Some((text, lossy))
}

/// Whether `d` is the warning for a file no parser claims ([`UNRECOGNISED`]).
pub(super) fn is_unrecognised(d: &Diagnostic) -> bool {
    d.message == UNRECOGNISED
}

/// The warning for an empty file.
const EMPTY: &str = "empty file, skipped";

/// Whether `d` is the warning for an empty file.
pub(super) fn is_empty_file(d: &Diagnostic) -> bool {
    d.message == EMPTY
}

/// The end of the warning of a hand table in a file no parser claims: the
/// file's one warning, as [`UNRECOGNISED`] is a file's without one.
const HAND_ONLY: &str = "; nothing else in the file was read, so it is skipped (if it is not a result, add a glob for it to `ignore:` in machine.yaml or site.yaml)";

/// The warning for a file no parser claims.
const UNRECOGNISED: &str = "unrecognised file, skipped; if it is not a result, add a glob for it to `ignore:` in machine.yaml or site.yaml; if it is, name its parser in `formats:` or convert it to the `generic` YAML or CSV format (README, \"Benchmarks read\")";

/// Keeps the first value of a parameter a sample names twice (a YAML
/// result with both `1:` and `"1":`, a garbled table), with a warning on
/// the sample's line: tables and charts read the first value, and
/// `data.json` writes a sample's parameters as an object, whose names must
/// differ.
fn drop_repeated_params(parsed: &mut ParsedFile, warnings: &mut Vec<(Option<usize>, String)>) {
    for s in &mut parsed.samples {
        let mut i = 1;
        while i < s.params.len() {
            let Some(first) = s.params[..i].iter().find(|p| p.name == s.params[i].name) else {
                i += 1;
                continue;
            };
            let message = format!(
                "parameter {:?} given twice ({:?} and {:?}); the first is used",
                first.name.as_str(),
                first.value.as_str(),
                s.params[i].value.as_str()
            );
            if !warnings.iter().any(|(line, m)| *line == Some(s.line) && *m == message) {
                warnings.push((Some(s.line), message));
            }
            s.params.remove(i);
        }
    }
}

/// Reads a file that must be a regular file (or a link to one) with one
/// open, one stat (of the open file) and the reads: opened without blocking
/// (opening a FIFO blocks) and refused when the stat shows something else
/// (a FIFO, socket, device or directory), so nothing hangs on it.
/// `Ok(Err(len))` when it is over `limit` bytes (unread, or read up to the
/// limit when it grew past it while being read).
///
/// # Errors
/// Any error of opening or reading it, and
/// [`std::io::ErrorKind::InvalidInput`] when it is not a regular file.
pub fn read_regular(path: &Path, limit: u64) -> std::io::Result<Result<Vec<u8>, u64>> {
    use std::io::Read as _;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let mut f = options.open(path)?;
    let meta = f.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a FIFO, socket, device or directory)",
        ));
    }
    let len = meta.len();
    if len > limit {
        return Ok(Err(len));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    // Through `take` (`File`'s own `read_to_end` stats the file again, and
    // seeks, to size the buffer sized here already), and no further than
    // the limit: a file growing while it is read is cut there and skipped.
    (&mut f).take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Ok(Err(bytes.len() as u64));
    }
    Ok(Ok(bytes))
}

/// The kernels the parser named by default ([`ParsedFile::default_kernels`]:
/// report.py's `baseline` and `compare` with no legend) made the file's
/// own: `baseline` of raw file `rel` becomes `baseline (rel)`, on its
/// samples and in its `kernel_order`. Two letters' `baseline` columns
/// (Chen Yu's SIS_SHORT v6 on v6.2-rc6, his SIS_CACHE on another tree)
/// were one kernel's runs, averaged (archive45 R1).
fn keep_default_kernels_local(parsed: &mut ParsedFile, rel: &str) {
    if parsed.default_kernels.is_empty() {
        return;
    }
    let defaults = std::mem::take(&mut parsed.default_kernels);
    let local: Vec<compact_str::CompactString> = defaults.iter().map(|k| format!("{k} ({rel})").into()).collect();
    let of = |k: &str| defaults.iter().position(|d| d == k);
    for s in &mut parsed.samples {
        if let Some(i) = s.kernel.as_deref().and_then(of) {
            s.kernel = Some(local[i].clone());
        }
    }
    for k in &mut parsed.kernel_order {
        if let Some(i) = of(k) {
            *k = local[i].to_string();
        }
    }
    parsed.default_kernels = local.iter().map(|k| k.to_string()).collect();
}

/// The kernels a parser named by default ([`keep_default_kernels_local`])
/// given back their plain names where nothing in the class needs the
/// file's name to keep them apart: one file of the class has a table with
/// no legend, so its `baseline (v6.txt)` is `baseline` again, as a
/// `machine.yaml` written before session 47 (`baseline: baseline`) and
/// the kernel page's URL expect. A name stays the file's own where
/// another file of the class gives the same name by default, or where any
/// other sample or kernel directory of the class is named so (two
/// letters' `baseline` columns are two trees, never one kernel's runs).
pub(super) fn name_lone_default_kernels(results: &mut [ResultFile]) {
    if results.iter().all(|rf| rf.parsed.default_kernels.is_empty()) {
        return;
    }
    // (plain name, file) of each kernel named by default.
    let mut given: Vec<(String, String)> = Vec::new();
    for rf in results.iter() {
        let suffix = format!(" ({})", rf.rel_path);
        for local in &rf.parsed.default_kernels {
            if let Some(plain) = local.strip_suffix(&suffix)
                && !given.iter().any(|(p, r)| p == plain && *r == rf.rel_path)
            {
                given.push((plain.to_string(), rf.rel_path.clone()));
            }
        }
    }
    for (plain, rel) in &given {
        if given.iter().filter(|(p, _)| p == plain).count() > 1 {
            continue;
        }
        let taken = results.iter().any(|rf| {
            rf.kernel_dir.as_deref() == Some(plain.as_str())
                || rf.named_kernel.as_deref() == Some(plain.as_str())
                || rf.parsed.samples.iter().any(|s| s.kernel.as_deref() == Some(plain.as_str()))
        });
        if taken {
            continue;
        }
        let local = format!("{plain} ({rel})");
        let to = compact_str::CompactString::from(plain.as_str());
        for rf in results.iter_mut().filter(|rf| rf.rel_path == *rel) {
            for s in &mut rf.parsed.samples {
                if s.kernel.as_deref() == Some(local.as_str()) {
                    s.kernel = Some(to.clone());
                }
            }
            for k in rf.parsed.kernel_order.iter_mut().chain(&mut rf.parsed.default_kernels).chain(&mut rf.named_kernel)
            {
                if *k == local {
                    k.clone_from(plain);
                }
            }
        }
    }
}

/// Files every sample of `parsed` under item `item` (a machine, a
/// config…) and returns the kernels the samples named, in order, joined
/// by ", "; `None` when they name none. Several named kernels are a
/// warning: their rows are averaged as runs of the one item.
fn item_kernels(parsed: &mut ParsedFile, item: &str, path: &Path, diags: &mut Vec<Diagnostic>) -> Option<String> {
    let mut named: Vec<String> = Vec::new();
    let item = compact_str::CompactString::from(item);
    for s in &mut parsed.samples {
        if let Some(k) = s.kernel.replace(item.clone())
            && !named.iter().any(|n| n == k.as_str())
        {
            named.push(k.to_string());
        }
    }
    if named.len() > 1 {
        diags.push(Diagnostic::warning(
            path,
            parsed.lines.map(|l| l.0),
            format!(
                "{}: its rows name {} kernels ({}); all are runs of {item}, averaged together",
                parsed.benchmark,
                named.len(),
                named.join(", ")
            ),
        ));
    }
    (!named.is_empty()).then(|| named.join(", "))
}

/// Files each sample of one segment under its kernel.
///
/// In a kernel directory every sample is that directory's kernel, except
/// when the segment names more than one kernel itself (an lmbench summary
/// with rows of 2.4.18 and 2.4.19): rows of different kernels are never
/// averaged as runs of one, so they keep the kernels they name, with a
/// warning. A file that names one kernel other than its directory's is
/// filed under the directory (`check` says they disagree). Outside kernel
/// directories samples keep the kernel the file names; those naming none
/// are dropped with a warning. Returns the one kernel a segment in a kernel
/// directory names itself, if it names one.
fn file_kernels(
    parsed: &mut ParsedFile,
    path: &Path,
    kernel_dir: Option<&str>,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    match kernel_dir {
        Some(k) => {
            let mut named: Vec<&str> = parsed.samples.iter().filter_map(|s| s.kernel.as_deref()).collect();
            named.sort_unstable();
            named.dedup();
            if named.len() > 1 {
                let list = named.join(", ");
                // Each kernel's first run's line: where the file names it
                // (wild31 07: `Fedora 42 (6.14.5-…)` over line 40's run, in
                // the Rocky kernel's directory).
                let firsts: Vec<String> = named
                    .iter()
                    .filter_map(|n| {
                        parsed.samples.iter().filter(|s| s.kernel.as_deref() == Some(*n)).map(|s| s.line).min()
                    })
                    .map(|l| l.to_string())
                    .collect();
                diags.push(Diagnostic::warning(
                    path,
                    parsed.lines.map(|l| l.0),
                    format!(
                        "{}: its rows name {} kernels ({list}), first on lines {} respectively; they are filed under those kernels, not averaged as runs of {k}; a file of several kernels' rows belongs in the machine class's directory, beside the kernel directories (README, \"Content layout\")",
                        parsed.benchmark,
                        named.len(),
                        firsts.join(", ")
                    ),
                ).of_kind(Kind::KernelName));
                let k = compact_str::CompactString::from(k);
                for s in &mut parsed.samples {
                    if s.kernel.is_none() {
                        s.kernel = Some(k.clone());
                    }
                }
                return None;
            }
            warn_of_labels_naming_other_kernels(parsed, path, k, diags);
            let named = named.first().map(|n| n.to_string());
            let k = compact_str::CompactString::from(k);
            for s in &mut parsed.samples {
                s.kernel = Some(k.clone());
            }
            named
        }
        None => {
            let before = parsed.samples.len();
            // The labels the dropped runs carry: runs of several set-ups,
            // which one kernel directory would file all as its kernel's
            // (wild31 07: `Rocky 9.5 (…)` and `Fedora 42 (…)` runs).
            let mut labels: Vec<&str> = parsed
                .samples
                .iter()
                .filter(|s| s.kernel.is_none())
                .filter_map(|s| s.params.iter().find(|p| p.name == "label").map(|p| p.value.as_str()))
                .collect();
            labels.sort_unstable();
            labels.dedup();
            let split = if labels.len() > 1 {
                let shown: Vec<String> = labels.iter().take(4).map(|l| format!("`{l}`")).collect();
                let more = if labels.len() > 4 { ", …" } else { "" };
                format!(
                    "; its runs carry {} labels ({}{more}): if they are different kernels' runs, split the file, one \
                     part in each kernel's directory (in one directory they are all filed as its kernel's), {SPLIT_KEEP}",
                    labels.len(),
                    shown.join(", ")
                )
            } else {
                String::new()
            };
            parsed.samples.retain(|s| s.kernel.is_some());
            let dropped = before - parsed.samples.len();
            if dropped > 0 {
                diags.push(Diagnostic::warning(
                    path,
                    None,
                    format!("{dropped} value(s) name no kernel; put the file in a kernel directory (<machine>/<kernel>/){split}"),
                ));
            }
            None
        }
    }
}

/// What a file split into one part per kernel keeps in every part: a
/// command line printed once above all the runs gives them their set-up
/// (stress-ng's `-t 2m`, its timeout): archive55 split Hamad Al Marri's
/// `cacule-vs-lowlatency.txt` as the warning said, the first part kept
/// `stress-ng --cpu 4 -t 2m …` and the other did not, and no CacULE run
/// was compared with the lowlatency kernel's.
const SPLIT_KEEP: &str = "each part with the command line printed above the runs, if the file has one (a part \
                          without it lacks the set-up it gives, a timeout, and is compared with nothing)";

/// A warning when runs of `parsed`, a file in kernel `k`'s directory, carry
/// labels that begin with another kernel's name (`2.4.0-test7 with mmap()`
/// over tiobench runs in `2.4.1pre3/`, LKML 2001, wild33 file 10: a quoted
/// mail's runs of 2.4.0-test7 and 2.4.0 were filed as 2.4.1pre3's without
/// a word; kernbench's `results.2.6.3-rc3-mm1 + SMT:` over runs in
/// `2.6.3-rc2/`). The runs stay apart by their labels, under `k`; the warning says
/// so, as a file outside every kernel's directory does.
fn warn_of_labels_naming_other_kernels(parsed: &ParsedFile, path: &Path, k: &str, diags: &mut Vec<Diagnostic>) {
    let mut others: Vec<&str> = parsed
        .samples
        .iter()
        .filter_map(|s| s.params.iter().find(|p| p.name == "label"))
        .filter_map(|p| p.value.split_whitespace().next())
        .map(|w| w.trim_end_matches([':', ',']))
        // kernbench 0.20's results directory, `results.<release>`, as a
        // label (`results.2.6.3-rc3-mm1 + SMT:`, LKML 2004).
        .map(|w| w.strip_prefix("results.").unwrap_or(w))
        .filter(|w| parse::labels::is_kernel_name(w) && !super::kernel_names_agree(w, k))
        .collect();
    others.sort_unstable();
    others.dedup();
    if others.is_empty() {
        return;
    }
    let shown: Vec<String> = others.iter().take(4).map(|l| format!("`{l}`")).collect();
    let more = if others.len() > 4 { ", …" } else { "" };
    diags.push(
        Diagnostic::warning(
            path,
            parsed.lines.map(|l| l.0),
            format!(
                "{}: its runs carry labels naming other kernels than the directory's {k:?} ({}{more}): they are filed \
                 under {k:?}, apart by their labels; if they are those kernels' runs, split the file, one part in \
                 each kernel's directory, {SPLIT_KEEP}",
                parsed.benchmark,
                shown.join(", ")
            ),
        )
        .of_kind(Kind::KernelName),
    );
}

/// Whether `input` is an HTML page (its first non-blank line opens one:
/// `<!DOCTYPE HTML …` or `<html>`, as UnixBench's `results/*.html`
/// report beside its text report): a failed parse of it is no damaged
/// result, and its warning says how to leave such files out.
fn is_html_page(input: &parse::Input) -> bool {
    input.lines.iter().map(|l| l.trim_start()).find(|l| !l.is_empty()).is_some_and(|l| {
        let head: String = l.chars().take(14).collect::<String>().to_ascii_lowercase();
        head.starts_with("<!doctype html") || head.starts_with("<html")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// archive45 R1: two letters' report.py tables without a legend (Chen
    /// Yu's SIS_SHORT v6 on v6.2-rc6, his SIS_CACHE on another tree) both
    /// read as kernels `baseline` and `compare`, and the class averaged the
    /// two `baseline` columns as runs of one kernel. Each file's are its own.
    #[test]
    fn kernels_a_parser_names_by_default_stay_the_files_own() {
        let text = include_str!(
            "../../tests/fixtures/wild/schedtests/lkml-2023-02-sis-short-v6-report-py-will-it-scale-no-std-columns-then-4-tables.txt"
        );
        let parsed = |rel: &str| {
            let mut out = parse_bytes(text.as_bytes(), None);
            let mut p = out.parsed.remove(0);
            assert_eq!(p.default_kernels, ["baseline", "compare"]);
            keep_default_kernels_local(&mut p, rel);
            let mut diags = Vec::new();
            file_kernels(&mut p, Path::new(rel), None, &mut diags);
            p
        };
        let (a, b) = (parsed("v6.txt"), parsed("sis-cache.txt"));
        let kernels = |p: &ParsedFile| {
            p.samples.iter().map(|s| s.kernel.as_deref().unwrap_or("-").to_string()).collect::<Vec<_>>()
        };
        assert_eq!(kernels(&a)[..2], ["baseline (v6.txt)", "compare (v6.txt)"]);
        assert!(kernels(&b).iter().all(|k| k.ends_with(" (sis-cache.txt)")), "{:?}", kernels(&b));
        assert_eq!(a.kernel_order, ["baseline (v6.txt)", "compare (v6.txt)"]);
        // A legend's names are the letter's: kept as written.
        let named = format!("./report.py -b v6.2-rc6 -c sis_short\n{}", &text[text.find("will-it-scale").unwrap()..]);
        let mut p = parse_bytes(named.as_bytes(), None).parsed.remove(0);
        assert!(p.default_kernels.is_empty(), "{:?}", p.default_kernels);
        keep_default_kernels_local(&mut p, "v6.txt");
        assert_eq!(p.samples[0].kernel.as_deref(), Some("v6.2-rc6"));
    }

    /// A chart saved beside the results for commentary is named for what
    /// it is (it read as "binary file (NUL bytes)" or "not valid UTF-8").
    #[test]
    fn an_image_is_skipped_as_an_image() {
        let png = parse_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", None);
        assert!(png.parsed.is_empty());
        assert!(png.warnings[0].1.starts_with("a PNG image, not a raw result, skipped"), "{:?}", png.warnings);
        let jpeg = parse_bytes(&[0xFF, 0xD8, 0xFF, 0xE0, b'J', b'F', b'I', b'F'], None);
        assert!(jpeg.warnings[0].1.starts_with("a JPEG image"), "{:?}", jpeg.warnings);
    }

    /// archive51: the Phoronix Test Suite's result PDFs beside lmbench's and
    /// UnixBench's outputs; one without a NUL byte in its first 8 KiB read
    /// as "not valid UTF-8" and then as an unrecognised file.
    #[test]
    fn a_pdf_is_skipped_as_a_document() {
        let pdf = parse_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n", None);
        assert!(pdf.parsed.is_empty());
        assert_eq!(pdf.warnings.len(), 1, "{:?}", pdf.warnings);
        assert!(pdf.warnings[0].1.starts_with("a PDF document, not a raw result, skipped"), "{:?}", pdf.warnings);
    }

    /// From an attacker's trial (session 23): hackbench's output saved by
    /// PowerShell (UTF-16, little-endian, byte order mark) was skipped as
    /// "binary file (NUL bytes)"; big-endian likewise. Read as its text.
    #[test]
    fn utf16_with_a_byte_order_mark_is_read_as_text() {
        let text = "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\r\n\
                    Each sender will pass 100 messages of 16 bytes\r\nTime: 0.429\r\n";
        let le: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        let be: Vec<u8> = [0xFE, 0xFF].into_iter().chain(text.encode_utf16().flat_map(u16::to_be_bytes)).collect();
        for bytes in [le, be] {
            let out = parse_bytes(&bytes, None);
            assert!(out.warnings.is_empty(), "{:?}", out.warnings);
            let [p] = out.parsed.as_slice() else { panic!("{:?}", out.parsed) };
            assert_eq!(p.benchmark, "hackbench");
            let [s] = p.samples.as_slice() else { panic!("{:?}", p.samples) };
            assert_eq!((s.line, s.value.mean()), (3, 0.429));
        }
        // A lone surrogate is replaced, with a warning.
        let bad = [0xFF, 0xFE, b'T', 0, 0x00, 0xD8, b'x', 0];
        assert!(parse_bytes(&bad, None).warnings.iter().any(|(_, w)| w.contains("UTF-16 with invalid")));
    }

    /// attack38 finding 22 (c24): a Markdown summary table, as written
    /// (the first 26 lines of fixture perf-bench/gh-readme-2026-cachyos-…)
    /// or quoted `> ` in a reply, got two warnings saying one thing: the
    /// typed table not read, then "unrecognised file". Now one, at the
    /// table's line, saying the file is skipped. A file of prose alone
    /// (must not change) is unrecognised, as before.
    #[test]
    fn a_hand_table_alone_is_one_warning() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/perf-bench/gh-readme-2026-cachyos-vs-stock-markdown-summary-perf-bench-stress-ng-sysbench-fio-rows.txt"
        );
        let text: String =
            std::fs::read_to_string(path).expect("fixture").lines().take(26).map(|l| format!("{l}\n")).collect();
        let quoted: String = text.lines().map(|l| format!("> {l}\n")).collect();
        for t in [&text, &quoted] {
            let out = parse_bytes(t.as_bytes(), None);
            assert!(out.parsed.is_empty());
            let [(line, w)] = out.warnings.as_slice() else { panic!("{:?}", out.warnings) };
            assert_eq!(*line, Some(1));
            assert!(w.contains("a table typed by hand") && w.ends_with(HAND_ONLY), "{w}");
        }
        let prose = parse_bytes(b"These are my notes on the run.\nNothing here is a number table.\n", None);
        assert_eq!(prose.warnings, [(None, UNRECOGNISED.to_string())]);
    }

    /// newcomer44 N6's crashed will-it-scale run (its `Assertion 'ret ==
    /// 1' failed.` lines alone): the parser that recognised it is a field
    /// of the outcome, set where its "file skipped" warning is pushed (the
    /// site read it back from the warning's text). Must not fire: a file
    /// read, a file no parser claims, an image.
    #[test]
    fn a_file_its_parser_read_nothing_of_is_skipped_as_that_benchmark() {
        let crashed = "context_switch1_threads: tests/context_switch1.c:33: child: Assertion `ret == 1' failed.\n\
                       context_switch1_threads: tests/context_switch1.c:28: child: Assertion `ret == 1' failed.\n";
        let out = parse_bytes(crashed.as_bytes(), None);
        assert!(out.parsed.is_empty());
        assert_eq!(out.skipped_as.as_deref(), Some("will-it-scale"), "{:?}", out.warnings);
        assert!(out.warnings.iter().any(|(_, w)| w.starts_with("will-it-scale: ") && w.ends_with("; file skipped")));
        let read =
            parse_bytes(b"Running in process mode with 10 groups using 40 file descriptors\nTime: 0.429\n", None);
        assert_eq!((read.parsed.len(), read.skipped_as), (1, None));
        assert_eq!(parse_bytes(b"These are my notes on the run.\n", None).skipped_as, None);
        assert_eq!(parse_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", None).skipped_as, None);
    }

    #[test]
    fn an_html_page_is_said_to_be_one() {
        let page = "\n<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">\n<html>\n";
        assert!(super::is_html_page(&crate::parse::Input::from_bytes(page.as_bytes())));
        let text = "   BYTE UNIX Benchmarks (Version 5.1.3)\n<html> in prose\n";
        assert!(!super::is_html_page(&crate::parse::Input::from_bytes(text.as_bytes())));
    }
}
