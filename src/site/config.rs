//! The YAML annotations: their schema (`site.yaml`, `machine.yaml`,
//! `kernel.yaml`), reading them without hanging on odd files, and checking
//! what serde cannot (globs, parser ids, `base_url`, `alpha`, `trim`), each
//! problem a [`Diagnostic`] with file, line and, for syntax, column.

use super::Kernel;
use super::raw_file::read_regular;
use super::threshold::{check_section_thresholds, check_threshold};
use super::yaml_lines::top_level_line;
pub(super) use super::yaml_lines::{PartLines, line_of, section_line};
use crate::diag::Diagnostic;
use crate::model::Sample;
use crate::parse;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `content/site.yaml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// Site title, shown on every page.
    #[serde(default = "default_title")]
    pub title: String,
    /// Markdown shown on the index page.
    #[serde(default)]
    pub description: String,
    /// Who publishes the results.
    #[serde(default)]
    pub author: Option<String>,
    /// Theme name: a directory under `themes/` beside the content directory
    /// (`themes/<name>/templates/*.html`, `themes/<name>/static/*`); any file
    /// it lacks comes from the embedded default theme. Default `default`.
    #[serde(default)]
    pub theme: Option<String>,
    /// Absolute URL the site is served from (`https://user.github.io/repo/`);
    /// empty or absent means relative links, which work from any path.
    #[serde(default)]
    pub base_url: Option<String>,
    /// The content directory's URL in a public repository
    /// (`https://github.com/user/repo/blob/main/content/`): the raw files
    /// are linked there (a run's line with GitHub's `#L11`) and not copied
    /// into the output ([`crate::report::RawLinks`]). Absent or empty:
    /// copies under each class's `raw/`, linked relatively.
    #[serde(default)]
    pub raw_url: Option<String>,
    /// Significance level for Welch's t-test (default 0.05).
    #[serde(default)]
    pub alpha: Option<f64>,
    /// Runs dropped at each end (highest and lowest) before averaging (default 0).
    #[serde(default)]
    pub trim: Option<usize>,
    /// The smallest change, in percent of the baseline's value, that the
    /// regressions page lists (`regressions.html`): a significant change
    /// for the worse (or better) past it is a regression (an improvement).
    /// The nearest wins: a section's, else the machine's, else the site's,
    /// else 2 (`report::DEFAULT_REGRESSION_THRESHOLD`).
    #[serde(default)]
    pub regression_threshold: Option<f64>,
    /// Globs of files that are not results, in every machine class
    /// (matched against the path relative to the machine-class directory;
    /// `*` also matches `/`, so `*.log` is every `.log` file): neither read
    /// nor warned about.
    #[serde(default)]
    pub ignore: Vec<String>,
    /// Follow symbolic links that lead out of the content directory (off:
    /// such a link is skipped with a warning, as its target would be
    /// published with the site).
    #[serde(default)]
    pub follow_links: bool,
    /// Let commentary load images from other hosts (off: a remote image
    /// loses its source, as each visit would tell that host who reads).
    #[serde(default)]
    pub allow_remote: bool,
    /// Write every `email.txt` in pure ASCII (`us` for `µs`, `+-` for `±`,
    /// other letters transliterated), as `benchsite text --ascii` does.
    #[serde(default)]
    pub ascii_mail: bool,
    /// File name of the Markdown of the site and of each machine class:
    /// `index.md` (the default), or `README.md`, which GitHub shows as the
    /// folder's page. A plain file name ending in `.md` ([`markdown_name_ok`]).
    #[serde(default)]
    pub markdown_name: Option<String>,
    /// The slug of the machine class the cross-class page (`across.html`)
    /// compares the others with, where several classes ran one kernel;
    /// default: the first class (in page order) that ran it.
    #[serde(default)]
    pub reference_machine: Option<String>,
}

fn default_title() -> String {
    "Kernel benchmarks".to_string()
}

/// `content/<machine-class>/machine.yaml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineConfig {
    /// Display name, e.g. "AMD K6-2 475 MHz, 384 MB".
    pub name: String,
    /// Processor model.
    #[serde(default)]
    pub cpu: Option<String>,
    /// Clock in MHz (a number or text such as "4 × 700"), as the file
    /// writes it: `2.40` stays `2.40` and `0x1F4` stays `0x1F4` (a YAML
    /// number read as one was shown as `2.4` and `500`, figures the file
    /// does not print: attack47 F4). A list or map is an error at its line.
    #[serde(default)]
    pub mhz: Option<String>,
    /// Memory, as text ("384 MB").
    #[serde(default)]
    pub memory: Option<String>,
    /// Disks and controllers, as text.
    #[serde(default)]
    pub disks: Option<String>,
    /// Markdown about the machine and how it was tested.
    #[serde(default)]
    pub description: String,
    /// Environment facts of every kernel of the class, written by hand
    /// (`"CONFIG_PREEMPT": y`, `"mount /data": "xfs noatime"`); a
    /// kernel's own `env:` and environment files win ([`super::env`]).
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Markdown shown on the class's web pages (HTML and Markdown) after
    /// the description, and left out of the plaintext mail: how the
    /// numbers were gathered or converted, what a reader of the site
    /// needs and a mailing list does not.
    #[serde(default)]
    pub notes: String,
    /// Where the results were first published (a post, a URL).
    #[serde(default)]
    pub source: Option<String>,
    /// The kernel every other kernel is compared against.
    #[serde(default)]
    pub baseline: Option<String>,
    /// Runs dropped at each end before averaging, overriding `site.yaml`.
    #[serde(default)]
    pub trim: Option<usize>,
    /// Significance level, overriding `site.yaml`.
    #[serde(default)]
    pub alpha: Option<f64>,
    /// The smallest change, in percent of the baseline's value, that the
    /// regressions page lists (`regressions.html`): a significant change
    /// for the worse (or better) past it is a regression (an improvement).
    /// The nearest wins: a section's, else the machine's, else the site's,
    /// else 2.
    #[serde(default)]
    pub regression_threshold: Option<f64>,
    /// Kernel order for tables; default is version order (for a class
    /// that compares something else, `compare:`, natural order of the
    /// directory names).
    #[serde(default)]
    pub kernel_order: Vec<String>,
    /// What the class compares: `kernels` (the default), `machines`, or
    /// any word (`config`, `compiler`, `boards`), singular or plural, or
    /// both forms (`{one: OS, many: OSes}`); every page of the class
    /// says it ([`super::axis`]).
    #[serde(default)]
    pub compare: Option<super::axis::CompareConfig>,
    /// Parser override: glob (relative to the machine directory) → parser
    /// id, in the order written; when several globs match a file, the first
    /// one wins.
    #[serde(default)]
    pub formats: indexmap::IndexMap<String, String>,
    /// Globs (relative to the machine directory; `*` also matches `/`) of
    /// files that are not results: neither read nor warned about. Added to
    /// `site.yaml`'s `ignore:`.
    #[serde(default)]
    pub ignore: Vec<String>,
    /// Kernels that ran only some of the class's benchmarks, on purpose:
    /// kernel name → the benchmarks (parser ids, as `check` names them:
    /// `irman`, `tiobench`) it ran. Its other benchmarks are not warned
    /// about as missing; the lint page lists the gap as a note.
    #[serde(default)]
    pub partial: BTreeMap<String, Vec<String>>,
    /// The line of each `partial:` entry (kernel name → 1-based line),
    /// found at load (`site::partial`).
    #[serde(skip)]
    pub partial_lines: BTreeMap<String, usize>,
    /// Benchmarks (parser ids, as `check` names them: `dbench`, `fio`)
    /// whose files' differing set-ups are one set-up: the command lines
    /// (`dbench -D /mnt/ext4 16`, `dbench -D /mnt/test 16`), set-up
    /// commands (`hdparm -W0 /dev/sda`) and boot options
    /// (`mitigations=off`) their files show are not compared between
    /// them, and their rows get no `set-up` parameter
    /// ([`crate::site`]'s `file_setups`). Without it, files of one
    /// benchmark that show different set-ups are never compared as like.
    #[serde(default)]
    pub same_setup: Vec<String>,
    /// Groups (tables) of a benchmark's output the class's pages leave
    /// out: `[{benchmark: lmbench-raw, group: "Memory latencies"}]`. Their
    /// results are shown in no section, neither a configured one nor one
    /// of the sections made for results no section selects; `check` notes
    /// what each entry leaves out, and warns of an entry naming a
    /// benchmark or group no result of the class has. Where `ignore:`
    /// drops whole files, this drops one table of files whose other
    /// tables are shown (archive37 F4: lmbench's raw results hold twenty
    /// tables in each file).
    #[serde(default)]
    pub leave_out: Vec<LeaveOutConfig>,
    /// Sections in page order.
    #[serde(default)]
    pub sections: Vec<SectionConfig>,
}

/// One entry of `leave_out:`: a group of one benchmark's results.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaveOutConfig {
    /// The parser id, as `check` names it (`lmbench-raw`).
    pub benchmark: String,
    /// The group (table) of its output, as `benchsite parse` and the
    /// sections' titles name it (`Memory latencies`).
    pub group: String,
}

impl LeaveOutConfig {
    /// True when the entries `leave_out` name the sample `s` of a file
    /// read by `benchmark`.
    pub fn covers(leave_out: &[Self], benchmark: &str, s: &Sample) -> bool {
        leave_out.iter().any(|l| l.benchmark == benchmark && l.group == s.group)
    }
}

/// One section of a machine-class page: which results it shows and the
/// commentary above its table.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionConfig {
    /// Section heading.
    pub title: String,
    /// Globs over raw file paths relative to the machine directory
    /// (`*/dbench-64.txt`); empty means any file.
    #[serde(default)]
    pub files: Vec<String>,
    /// Only results read by this parser id.
    #[serde(default)]
    pub benchmark: Option<String>,
    /// Only results from this group (table) of the benchmark's output.
    #[serde(default)]
    pub group: Option<String>,
    /// Only these metrics, in this column order; empty means all.
    #[serde(default)]
    pub metrics: Vec<String>,
    /// The metric that matters most (its name as the benchmark prints it,
    /// such as `stat` or `Max Latency`): the mail's star bars and the
    /// charts draw it. Without it, the mail draws bars for the column with
    /// the largest significant change, if any; the charts take the first
    /// of `metrics:`, else that column ([`crate::report`]'s headline).
    #[serde(default)]
    pub headline: Option<String>,
    /// Markdown shown above the table, on the web pages and in the mail.
    #[serde(default)]
    pub commentary: String,
    /// Markdown shown on the web pages (HTML and Markdown) after the
    /// table, and left out of the plaintext mail (whose length is a
    /// hand-made post's): replies from the thread the results were posted
    /// in, the numbers as first posted, how they were converted.
    #[serde(default)]
    pub notes: String,
    /// Baseline kernel for this section, overriding the machine's.
    #[serde(default)]
    pub baseline: Option<String>,
    /// Runs dropped at each end before averaging, overriding the machine's.
    #[serde(default)]
    pub trim: Option<usize>,
    /// The smallest change, in percent of the baseline's value, that the
    /// regressions page lists (`regressions.html`): a significant change
    /// for the worse (or better) past it is a regression (an improvement).
    /// The nearest wins: a section's, else the machine's, else the site's,
    /// else 2.
    #[serde(default)]
    pub regression_threshold: Option<f64>,
    /// Results set side by side as columns of the one table, each part's
    /// columns named by its label (`perl_build`, `kernel_build`); rows
    /// (kernel × parameters) are shared. Empty: the section's own keys
    /// select its results, as one part without a label. The section's
    /// `files`, `benchmark`, `group` and `metrics`, when given, apply to
    /// every part as well (a result must pass both).
    #[serde(default)]
    pub parts: Vec<PartConfig>,
}

/// One part of a section (`parts:`): results selected as a section
/// selects them, shown as columns of the section's table named by `label`.
/// Two parts never share a column, even when they give the same metric
/// (`real` of `build-perl.txt` and of `build-kernel.txt`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartConfig {
    /// The name its columns carry: the column's whole name when the part
    /// gives one metric (`perl_build`), else before each metric's name
    /// (`Seq Read Rate`, `Seq Read CPU Eff`). Not empty, and unique within
    /// the section.
    pub label: String,
    /// Globs over raw file paths relative to the machine directory; empty
    /// means any file (as the section's `files:`).
    #[serde(default)]
    pub files: Vec<String>,
    /// Only results read by this parser id.
    #[serde(default)]
    pub benchmark: Option<String>,
    /// Only results from this group (table) of the benchmark's output.
    #[serde(default)]
    pub group: Option<String>,
    /// Only these metrics, in this column order; empty means all (or the
    /// section's `metrics:`).
    #[serde(default)]
    pub metrics: Vec<String>,
}

/// A `files:` glob (`*/dbench-ext2-64.txt`), compiled, with the literal
/// text it begins and ends with: a path that does not begin and end so
/// cannot match, and is turned away by two comparisons before the glob's
/// matcher (which tries the rest of the pattern at every character a `*`
/// may stop at). Selecting a 300-kernel class's 3,600 files for its
/// sections matched each path against every section's globs: 110 M
/// instructions of `glob::Pattern::matches` on each rebuild of that class.
#[derive(Debug, Clone)]
pub struct FileGlob {
    pattern: glob::Pattern,
    /// The pattern's bytes before its first `*`, `?` or `[`: each a
    /// character the path must begin with.
    head: usize,
    /// Where, in the pattern, the text after its last `*`, `?`, `[` or
    /// `]` begins (after the `/` a `**` takes as its own): characters the
    /// path must end with (none of them is in a `[…]` class, which ends
    /// with a `]`).
    tail: usize,
}

impl FileGlob {
    /// `glob` compiled ([`glob::Pattern::new`], default options:
    /// case-sensitive, `*` crossing `/`).
    ///
    /// # Errors
    /// The glob crate's, for a glob it cannot compile.
    pub fn new(glob: &str) -> Result<Self, glob::PatternError> {
        let pattern = glob::Pattern::new(glob)?;
        let meta = |c: char| matches!(c, '*' | '?' | '[');
        // On Windows `/` and `\` match each other: no literal text is
        // compared there, only the glob.
        let (head, tail) = if cfg!(windows) {
            (0, glob.len())
        } else {
            let tail = glob.rfind(|c| meta(c) || c == ']').map_or(0, |i| i + 1);
            // `**/` matches no directory at all: its `/` is the `**`'s.
            let tail = if glob[..tail].ends_with("**") && glob[tail..].starts_with('/') { tail + 1 } else { tail };
            (glob.find(meta).unwrap_or(glob.len()), tail)
        };
        Ok(FileGlob { pattern, head, tail })
    }

    /// True when `path` matches the glob, as [`glob::Pattern::matches`]
    /// says (the literal text first: a path that does not begin or end
    /// with it does not match).
    pub fn matches(&self, path: &str) -> bool {
        let glob = self.pattern.as_str();
        path.starts_with(&glob[..self.head]) && path.ends_with(&glob[self.tail..]) && self.pattern.matches(path)
    }
}

impl SectionConfig {
    /// Its `files:` globs, compiled (a bad glob is left out: it is an
    /// error of its own, at its line, when the class is loaded).
    pub fn file_patterns(&self) -> Vec<FileGlob> {
        self.files.iter().filter_map(|p| FileGlob::new(p).ok()).collect()
    }

    /// True when its `files:` globs match one of `results` (a raw file
    /// path relative to the class directory), or it has none.
    pub fn files_match_any(&self, results: &[super::ResultFile]) -> bool {
        let patterns = self.file_patterns();
        patterns.is_empty() || results.iter().any(|rf| patterns.iter().any(|p| p.matches(&rf.rel_path)))
    }
}

/// `content/<machine-class>/<kernel>/kernel.yaml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelConfig {
    /// Markdown about this kernel.
    #[serde(default)]
    pub notes: String,
    /// Patches applied on top of the tree.
    #[serde(default)]
    pub patches: Vec<String>,
    /// Environment facts written by hand (`"CONFIG_PREEMPT": y`), as an
    /// environment file would give them ([`super::env`]).
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Files (name relative to the kernel directory) whose values are
    /// averages over several runs, as a post reports them.
    #[serde(default)]
    pub runs: BTreeMap<String, RunsConfig>,
}

/// How many runs stand behind the single value(s) of a file.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunsConfig {
    /// Number of runs averaged.
    pub n: u32,
    /// Their standard deviation, when known (in the metric's unit).
    #[serde(default)]
    pub stddev: Option<f64>,
}

/// Reads and deserialises a YAML annotation; a missing file gives `None`.
pub(super) fn read_yaml<T: for<'de> Deserialize<'de>>(path: &Path, diags: &mut Vec<Diagnostic>) -> Option<T> {
    parse_yaml(path, &read_yaml_text(path, diags)?, diags)
}

/// The bytes of a YAML annotation (`site.yaml`, `machine.yaml`,
/// `kernel.yaml`), read as raw files are (`read_regular`): a FIFO there would
/// block the read for ever (and with it every later build waiting for the
/// output directory), a device never end.
///
/// # Errors
/// Any error of reading it, and [`std::io::ErrorKind::InvalidInput`] when
/// it is not a regular file.
pub fn read_annotation(path: &Path) -> std::io::Result<Vec<u8>> {
    // No limit: the length check cannot fail.
    read_regular(path, u64::MAX)?.map_err(|len| std::io::Error::other(format!("too large ({len} bytes)")))
}

/// The text of a YAML annotation (lossily decoded); a missing file gives `None`.
fn read_yaml_text(path: &Path, diags: &mut Vec<Diagnostic>) -> Option<String> {
    match read_regular(path, MAX_ANNOTATION_SIZE as u64) {
        Ok(Ok(bytes)) => yaml_text(path, bytes, diags),
        Ok(Err(len)) => {
            let msg = format!("too large: {len} bytes, at most {MAX_ANNOTATION_SIZE} are read");
            diags.push(Diagnostic::error(path, None, msg));
            None
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            diags.push(Diagnostic::error(path, None, format!("cannot read: {e}")));
            None
        }
    }
}

/// The text of annotation `path` from its `bytes`: UTF-8; UTF-16 with its
/// byte-order mark (PowerShell's `>` writes it: it gave "control
/// characters are not allowed at position 7" at `1:1`), decoded as raw
/// files are; other bytes that are not UTF-8 read as U+FFFD with a
/// warning. `None`, with an error saying what the file is and how to save
/// it, when it holds NUL bytes (UTF-16 without its mark, or not text).
fn yaml_text(path: &Path, bytes: Vec<u8>, diags: &mut Vec<Diagnostic>) -> Option<String> {
    const SAVE: &str = "save it as UTF-8 (in PowerShell: `Out-File -Encoding utf8`, or `Set-Content` instead of `>`)";
    if let Some((text, lossy)) = super::raw_file::utf16_text(&bytes) {
        if lossy {
            let msg = format!("UTF-16 text with invalid code units (shown as U+FFFD); {SAVE}");
            diags.push(Diagnostic::warning(path, None, msg));
        }
        return Some(text);
    }
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let what = if bytes.len() >= 2 && (bytes[0] == 0 || bytes[1] == 0) {
            "it looks like UTF-16 without a byte-order mark"
        } else {
            "is it a text file?"
        };
        let msg = format!("not YAML text: a NUL byte (byte {}); {what}; {SAVE}", at + 1);
        diags.push(Diagnostic::error(path, Some(line), msg));
        return None;
    }
    match String::from_utf8(bytes) {
        Ok(text) => Some(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            let msg = format!(
                "not UTF-8 (byte {:#04x}, as Latin-1 or Windows-1252 write `é`): such bytes are read as U+FFFD; save it as UTF-8",
                bytes[at]
            );
            diags.push(Diagnostic::warning(path, Some(line), msg));
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

impl RunsConfig {
    /// What is wrong with these values, if anything: `n` must be at least
    /// 1, and `stddev` a finite number, 0 or more.
    pub fn problem(&self) -> Option<String> {
        if self.n == 0 {
            return Some("n (the number of runs averaged) must be at least 1, not 0".into());
        }
        match self.stddev {
            Some(sd) if !sd.is_finite() || sd < 0.0 => {
                Some(format!("stddev must be a finite number, 0 or more (in the metric's unit), not {sd}"))
            }
            _ => None,
        }
    }
}

/// The largest annotation read: a `site.yaml` with commentary for many
/// classes is a few KB.
pub const MAX_ANNOTATION_SIZE: usize = 1 << 20;

/// Deserialises YAML text read from `path`; errors become diagnostics. A
/// byte-order mark before the first line (some Windows editors write one)
/// is dropped; text over [`MAX_ANNOTATION_SIZE`], nested deeper than
/// [`crate::parse::generic::MAX_YAML_DEPTH`] or holding an alias
/// ([`crate::parse::generic::first_alias`]) is refused before the YAML
/// library reads it.
fn parse_yaml<T: for<'de> Deserialize<'de>>(path: &Path, text: &str, diags: &mut Vec<Diagnostic>) -> Option<T> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    if text.len() > MAX_ANNOTATION_SIZE {
        let msg = format!("too large: {} bytes, at most {MAX_ANNOTATION_SIZE} are read", text.len());
        diags.push(Diagnostic::error(path, None, msg));
        return None;
    }
    if let Some(line) = crate::parse::generic::too_deeply_nested(text) {
        let depth = crate::parse::generic::MAX_YAML_DEPTH;
        diags.push(Diagnostic::error(path, Some(line), format!("lists or maps nested more than {depth} deep")));
        return None;
    }
    if let Some((line, column)) = crate::parse::generic::first_alias(text) {
        let msg = crate::parse::generic::ALIAS_REFUSED;
        diags.push(Diagnostic::error(path, Some(line), msg).at_column(Some(column)));
        return None;
    }
    if let Some(v) = without_controls(text) {
        return Some(v);
    }
    match serde_yaml::from_str::<T>(text) {
        Ok(v) => {
            warn_of_duplicate_entry(path, text, diags);
            Some(v)
        }
        Err(e) => {
            let loc = e.location();
            let msg = e.to_string();
            // serde_yaml appends " at line L column C"; the location is shown in front instead.
            let mut msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            if text.contains('\t') && msg.contains("cannot start any token") {
                msg.push_str(" (a tab: YAML allows only spaces for indentation)");
            }
            msg.push_str(yaml_hint(text, loc.as_ref().map(|l| l.line()), &msg));
            let mut at = loc.map(|l| (l.line(), l.column()));
            // The scanner's "control characters are not allowed at
            // position 7" came at `1:1`, with a byte position: name the
            // character, at its own line and column.
            if msg.contains("control characters are not allowed") {
                let bad = text.char_indices().find(|&(_, c)| {
                    c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{85}') || c == '\u{FFFE}' || c == '\u{FFFF}'
                });
                if let Some((i, c)) = bad {
                    let line = text[..i].matches('\n').count() + 1;
                    let column = text[..i].rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                    at = Some((line, column));
                    msg = format!(
                        "a control character (U+{:04X}), which YAML does not allow: is it a text file? (save it as UTF-8 text)",
                        u32::from(c)
                    );
                }
            }
            // `compare:` of another shape was "data did not match any
            // variant of untagged enum CompareConfig" at 1:1 (attack34
            // #24): say what it takes, at its line.
            if msg.contains("untagged enum CompareConfig")
                && let Some(line) = super::yaml_lines::top_level_line(text, "compare")
            {
                msg = "compare: expected one word naming what the class compares (`compare: config`), or both its forms (`compare: {one: OS, many: OSes}`)".to_string();
                at = Some((line, 1));
            }
            // A second YAML document (`---` after the first's keys, two
            // files pasted into one) had no line: the line of its `---`.
            if at.is_none() && msg.contains("more than one document") {
                at = second_document(text).map(|line| (line, 1));
            }
            // serde_yaml places a duplicate key at the start of its map
            // (`1:1` for a top-level one): point at the second key instead.
            if let (Some((line, column)), Some(key)) = (at, duplicate_key(&msg)) {
                at = super::yaml_lines::second_key_line(text, line, column, key).map(|l| (l, column)).or(at);
            }
            diags.push(
                Diagnostic::error(path, at.map(|a| a.0), format!("invalid YAML: {msg}")).at_column(at.map(|a| a.1)),
            );
            None
        }
    }
}

/// The 1-based line of the `---` that starts a YAML text's second
/// document: the first `---` after a line of the first document's keys
/// (a leading `---` starts the first), `None` when there is none.
fn second_document(text: &str) -> Option<usize> {
    let mut content = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_end();
        if t == "---" || t.starts_with("--- ") {
            if content {
                return Some(i + 1);
            }
            content = true;
        } else if !t.trim_start().is_empty() && !t.trim_start().starts_with('#') {
            content = true;
        }
    }
    None
}

/// Warns of a key given twice in a map of names (`runs:`, `env:`) that
/// read without error: serde gives a map of ours (`BTreeMap`) the last
/// entry (`runs: {a.txt: {n: 5}, a.txt: {n: 3}}` read as 3 runs), and
/// says nothing. Read again as a plain YAML value, which refuses it; the
/// warning is at the second key's line. Only the first such key is named.
fn warn_of_duplicate_entry(path: &Path, text: &str, diags: &mut Vec<Diagnostic>) {
    let Err(e) = serde_yaml::from_str::<serde_yaml::Value>(text) else { return };
    let msg = e.to_string();
    let Some(key) = duplicate_key(&msg) else { return };
    let at = e.location().map(|l| (l.line(), l.column()));
    let line = at.and_then(|(line, column)| super::yaml_lines::second_key_line(text, line, column, key));
    let msg = format!(
        "`{key}` is given twice in one map: the later entry is read, the earlier one is not (keep one of the two)"
    );
    diags.push(Diagnostic::warning(path, line.or(at.map(|a| a.0)), msg));
}

/// The key a serde_yaml error names as given twice: `duplicate field
/// `name`` (a key of ours) or `duplicate entry with key "x.txt"` (a key of
/// a map such as `runs:`).
fn duplicate_key(msg: &str) -> Option<&str> {
    // After the path of the map it is in (`sections[0]: duplicate field …`).
    if let Some((_, rest)) = msg.split_once("duplicate field `") {
        return rest.split('`').next();
    }
    msg.split_once("duplicate entry with key \"")?.1.split('"').next()
}

/// A hint for the YAML error `msg` at line `line` of `text`, for the two
/// mistakes a newcomer makes most: an unquoted glob starting with `*`
/// (`files: */hackbench.txt`: YAML reads `*` as an alias) and an indent
/// that does not line up; and a value holding `: ` unquoted (fio's metric
/// names, `headline: read: IOPS`), which the indentation hint misled.
/// `""` when none applies.
fn yaml_hint(text: &str, line: Option<usize>, msg: &str) -> &'static str {
    let at = line.and_then(|n| text.lines().nth(n.checked_sub(1)?)).unwrap_or("");
    let value = at.split_once(": ").map_or(at.trim_start().strip_prefix("- ").unwrap_or(""), |(_, v)| v);
    // An item of the value (of a flow list, `[read: bw, read: IOPS]`)
    // holding `: ` outside quotes.
    let unquoted_colon = value
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .any(|item| !item.trim_start().starts_with(['"', '\'']) && item.contains(": "));
    if value.trim_start().starts_with('*') {
        " (a value starting with `*` is read as a YAML alias: quote a glob, as in files: [\"*/hackbench.txt\"])"
    } else if unquoted_colon && (msg.contains("mapping values are not allowed") || msg.contains("invalid type: map")) {
        " (a value holding `: ` must be quoted, as fio's metric names: headline: \"read: IOPS\", metrics: [\"read: bw\"])"
    } else if msg.contains("expected '-' indicator") || msg.contains("mapping values are not allowed") {
        " (check the indentation: the keys of one map, and the items of one list, start in the same column, indented with spaces)"
    } else {
        ""
    }
}

/// The annotation read with every control character in its strings (a
/// NUL, an escape sequence, raw or written as `"\e"`; not a line break or
/// tab) as U+FFFD, so that none reaches a page, the CSV or a terminal.
/// `None` when the text cannot hold one (no control character, no
/// backslash: the usual case, read directly), or when it does not
/// deserialise (the direct read then says where).
fn without_controls<T: for<'de> Deserialize<'de>>(text: &str) -> Option<T> {
    const KEEP: &[char] = &['\n', '\r', '\t'];
    let raw = crate::diag::replace_controls(text, KEEP);
    if !text.contains('\\') && matches!(raw, std::borrow::Cow::Borrowed(_)) {
        return None;
    }
    fn clean(v: &mut serde_yaml::Value) {
        match v {
            serde_yaml::Value::String(s) => {
                if let std::borrow::Cow::Owned(shown) = crate::diag::replace_controls(s, KEEP) {
                    *s = shown;
                }
            }
            serde_yaml::Value::Sequence(items) => items.iter_mut().for_each(clean),
            serde_yaml::Value::Mapping(m) => m.values_mut().for_each(clean),
            serde_yaml::Value::Tagged(t) => clean(&mut t.value),
            _ => {}
        }
    }
    let mut value: serde_yaml::Value = serde_yaml::from_str(&raw).ok()?;
    clean(&mut value);
    serde_yaml::from_value(value).ok()
}

/// Which annotation file a YAML text is, for [`check_yaml`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YamlKind {
    /// `site.yaml`.
    Site,
    /// `<machine-class>/machine.yaml`.
    Machine,
    /// `<machine-class>/<kernel>/kernel.yaml`.
    Kernel,
}

impl YamlKind {
    /// The file name this kind of annotation has.
    pub fn file_name(self) -> &'static str {
        match self {
            YamlKind::Site => "site.yaml",
            YamlKind::Machine => "machine.yaml",
            YamlKind::Kernel => "kernel.yaml",
        }
    }
}

/// Checks one annotation's text as [`load`](fn@super::load) reads it, without a content
/// directory: YAML syntax, unknown keys, wrong types, and for `machine.yaml`
/// the `formats:` globs and parser ids, the sections' and their parts'
/// `files:` globs, the parts' labels (given, unique in the section), and
/// lists that say nothing or one thing twice (`metrics: []`, a kernel
/// twice in `kernel_order:`). Diagnostics name the bare file name ([`YamlKind::file_name`]). Used by
/// the fuzzer and the malformed-input tests; never panics.
pub fn check_yaml(kind: YamlKind, text: &str) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let path = Path::new(kind.file_name());
    match kind {
        YamlKind::Site => {
            if let Some(config) = parse_yaml::<SiteConfig>(path, text, &mut diags) {
                check_base_url(path, text, &config, &mut diags);
                check_raw_url(path, text, &config, &mut diags);
                check_markdown_name(path, text, &config, &mut diags);
            }
        }
        YamlKind::Machine => {
            if let Some(config) = parse_yaml::<MachineConfig>(path, text, &mut diags) {
                let _ = machine_formats(path, text, &config, &mut diags);
                check_section_globs(path, text, &config, &mut diags);
                check_part_labels(path, text, &config, &mut diags);
                super::list_keys::check_list_keys(path, text, &config, &mut diags);
            }
        }
        YamlKind::Kernel => {
            let _ = parse_yaml::<KernelConfig>(path, text, &mut diags);
        }
    }
    diags
}

/// True when `url` may prefix every link of the site ([`base_url_problem`]
/// finds nothing wrong with it).
pub fn base_url_ok(url: &str) -> bool {
    base_url_problem(url).is_none()
}

/// Why `url` cannot prefix every link of the site; `None` when it can:
/// empty, an `http://` or `https://` URL, or an absolute path (`/bench/`).
/// Anything else (`javascript:`, `data:`, a relative path, `//host/`, a
/// scheme-relative URL of another host) would make every link on every
/// page point somewhere else, or run script; a query or fragment
/// (`?x`, `#y`) would swallow the paths after it; a control character
/// (a line break) the URL parser would drop unseen. Blanks, quotes and
/// `<>` are no problem: links carry them percent-encoded
/// ([`encoded_base_url`]).
pub fn base_url_problem(url: &str) -> Option<String> {
    let u = url.trim();
    if u.is_empty() {
        return None;
    }
    if u.chars().any(char::is_control) {
        return Some("must not hold a control character (a tab or line break)".into());
    }
    let lower = u.to_ascii_lowercase();
    let scheme = lower.starts_with("https://") || lower.starts_with("http://");
    let path = u.starts_with('/') && !u.starts_with("//");
    if !(scheme || path) {
        return Some("must start with https://, http:// or a single /".into());
    }
    // `http:///x` (a slash too many) is read by browsers as host `x`: the
    // site's links went to another host without a word (attack60).
    if scheme && lower.split_once("://").is_some_and(|(_, rest)| rest.starts_with(['/', '\\'])) {
        return Some(
            "has no host: a slash too many after `://` (browsers would read the next word as the host)".into(),
        );
    }
    match parsed_base_url(u) {
        Err(e) => Some(format!("is not a URL ({e})")),
        Ok(p) if p.query().is_some() || p.fragment().is_some() => {
            Some("must not hold `?` or `#`: each link's path is put after it".into())
        }
        Ok(_) => None,
    }
}

/// Why `url` cannot be `raw_url`, the content directory's URL that raw
/// files are linked under; `None` when it can: empty, or an `https://` or
/// `http://` URL (a path on this site would hold no copies) with neither
/// query nor fragment (each file's path is put after it) nor control
/// character, as [`base_url_problem`] reads it.
pub fn raw_url_problem(url: &str) -> Option<String> {
    let u = url.trim();
    if u.is_empty() {
        return None;
    }
    let lower = u.to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        return Some(
            "must start with https:// or http:// (the content directory in a public repository, such as https://github.com/USER/REPO/blob/main/content/)".into(),
        );
    }
    base_url_problem(u)
}

/// A `raw_url` in site.yaml that [`raw_url_problem`] rejects is an error
/// at its line.
fn check_raw_url(yaml: &Path, text: &str, config: &SiteConfig, diags: &mut Vec<Diagnostic>) {
    if let Some(url) = &config.raw_url
        && let Some(problem) = raw_url_problem(url)
    {
        diags.push(Diagnostic::error(yaml, line_of(text, "raw_url", "raw_url"), format!("raw_url {url:?} {problem}")));
    }
}

/// `url` (trimmed) read as a URL: an absolute path under a placeholder host.
fn parsed_base_url(u: &str) -> Result<url::Url, url::ParseError> {
    if u.starts_with('/') { url::Url::parse("http://placeholder.invalid/")?.join(u) } else { url::Url::parse(u) }
}

/// `url` as every link carries it: percent-encoded where a link cannot hold
/// a character as it is (`https://ex.com/a b/` → `https://ex.com/a%20b/`,
/// `"` → `%22`, `<` → `%3C`: a Markdown link stops at a blank, an HTML
/// attribute at a quote); a path stays a path. Empty, or a `url` that
/// [`base_url_problem`] refuses, is returned trimmed as it is.
pub fn encoded_base_url(url: &str) -> String {
    let u = url.trim();
    match parsed_base_url(u) {
        Ok(p) if base_url_problem(u).is_none() && !u.is_empty() => {
            if u.starts_with('/') {
                p.path().to_string()
            } else {
                p.as_str().to_string()
            }
        }
        _ => u.to_string(),
    }
}

/// True when `name` may name the Markdown files (`markdown_name:`): a
/// plain file name of ASCII letters, digits, `.`, `_` and `-`, not hidden,
/// ending in `.md` (so it is a link as it is, and none of the other files
/// of a class's directory), at most 255 bytes.
pub fn markdown_name_ok(name: &str) -> bool {
    name.len() > 3
        && name.len() <= 255
        && name.to_ascii_lowercase().ends_with(".md")
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// A `markdown_name` in site.yaml that [`markdown_name_ok`] rejects is an
/// error at its line.
fn check_markdown_name(yaml: &Path, text: &str, config: &SiteConfig, diags: &mut Vec<Diagnostic>) {
    if let Some(name) = config.markdown_name.as_deref().filter(|n| !markdown_name_ok(n)) {
        diags.push(Diagnostic::error(
            yaml,
            top_level_line(text, "markdown_name"),
            format!("markdown_name {name:?} must be a file name ending in .md, such as index.md or README.md"),
        ));
    }
}

/// A `base_url` in site.yaml that [`base_url_ok`] rejects is an error.
fn check_base_url(yaml: &Path, text: &str, config: &SiteConfig, diags: &mut Vec<Diagnostic>) {
    if let Some(url) = &config.base_url
        && let Some(problem) = base_url_problem(url)
    {
        diags.push(Diagnostic::error(
            yaml,
            line_of(text, "base_url", "base_url"),
            format!("base_url {url:?} {problem}"),
        ));
    }
}

/// The `formats:` overrides of a machine, compiled; bad globs and unknown
/// parser ids are errors against `yaml` (the machine.yaml path).
fn machine_formats(
    yaml: &Path,
    text: &str,
    config: &MachineConfig,
    diags: &mut Vec<Diagnostic>,
) -> Vec<(glob::Pattern, &'static dyn parse::BenchParser)> {
    let mut formats = Vec::new();
    for (pat, id) in &config.formats {
        match (glob::Pattern::new(pat), parse::by_id(id)) {
            (Ok(p), Some(parser)) => formats.push((p, parser)),
            (Err(e), _) => diags.push(Diagnostic::error(
                yaml,
                line_of(text, "formats", pat),
                format!("formats: bad glob {pat:?}: {e}"),
            )),
            (_, None) => diags.push(Diagnostic::error(
                yaml,
                line_of(text, "formats", pat),
                format!("formats: unknown parser {id:?} for {pat:?} (known: {})", known_ids()),
            )),
        }
    }
    formats
}

/// `same_setup:` must name parsers: an unknown id (a typo, `dbench4`) is
/// an error at its line, and is left out (its files' set-ups stay apart).
fn check_same_setup(yaml: &Path, text: &str, config: &mut MachineConfig, diags: &mut Vec<Diagnostic>) {
    config.same_setup.retain(|id| {
        let known = parse::by_id(id).is_some();
        if !known {
            diags.push(Diagnostic::error(
                yaml,
                line_of(text, "same_setup", id),
                format!("same_setup: unknown parser {id:?} (known: {})", known_ids()),
            ));
        }
        known
    });
}

/// Warns of each section whose title an earlier section of the class
/// has (attacker 59: two sections of one title and files were not warned
/// of): on the pages and in the mail they read as one heading twice,
/// and, selecting the same files (benchmark, group and metrics), the same
/// table is shown twice. At the first section's title line, naming both
/// by their places in `sections:`.
fn warn_sections_of_one_title(path: &Path, text: &str, sections: &[SectionConfig], diags: &mut Vec<Diagnostic>) {
    let mut first: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    for (j, b) in sections.iter().enumerate() {
        let i = *first.entry(b.title.as_str()).or_insert(j);
        if i == j {
            continue;
        }
        let a = &sections[i];
        let same = a.files == b.files && a.benchmark == b.benchmark && a.group == b.group && a.metrics == b.metrics;
        let what = if same {
            " and select the same files: the same table is shown twice under one heading; remove one"
        } else {
            ": their tables are shown under one heading twice; give each a title of its own"
        };
        diags.push(Diagnostic::warning(
            path,
            super::yaml_lines::section_line(text, &b.title, "title:"),
            format!("sections {} and {} (of `sections:`) are both titled {:?}{what}", i + 1, j + 1, b.title),
        ));
    }
}

/// The `ignore:` globs of `yaml` (`site.yaml` or `machine.yaml`); a bad
/// glob is an error naming its line.
fn ignore_globs(yaml: &Path, text: &str, globs: &[String], diags: &mut Vec<Diagnostic>) -> Vec<glob::Pattern> {
    globs
        .iter()
        .filter_map(|g| match glob::Pattern::new(g) {
            Ok(p) => Some(p),
            Err(e) => {
                diags.push(Diagnostic::error(yaml, line_of(text, "ignore", g), format!("ignore: bad glob {g:?}: {e}")));
                None
            }
        })
        .collect()
}

/// The largest `trim:` accepted: runs dropped at each end of a cell. No
/// benchmark cell has thousands of runs; a larger number is a typo (and
/// 18446744073709551615 used to overflow 2 × trim + 1).
pub const MAX_TRIM: usize = 1000;

fn trim_message(trim: usize) -> String {
    format!("trim must be at most {MAX_TRIM} (runs dropped at each end of a cell before averaging), not {trim}")
}

/// `alpha` (the significance level) must be a number strictly between 0
/// and 1, and `trim` at most [`MAX_TRIM`]: errors against `yaml`
/// (`site.yaml` or a `machine.yaml`) at the key's line. `alpha: 2` would
/// mark every tested change significant, `.nan` none.
fn check_policy(yaml: &Path, text: &str, alpha: Option<f64>, trim: Option<usize>, diags: &mut Vec<Diagnostic>) {
    if let Some(a) = alpha
        && !(a > 0.0 && a < 1.0)
    {
        diags.push(Diagnostic::error(
            yaml,
            top_level_line(text, "alpha"),
            format!("alpha (the significance level) must be a number between 0 and 1, such as 0.05; not {a}"),
        ));
    }
    if let Some(t) = trim.filter(|&t| t > MAX_TRIM) {
        diags.push(Diagnostic::error(yaml, top_level_line(text, "trim"), trim_message(t)));
    }
}

/// A section's `trim:` over [`MAX_TRIM`] is an error against `yaml` (the
/// machine.yaml path), at the section's `trim:` line.
fn check_section_trims(yaml: &Path, text: &str, config: &MachineConfig, diags: &mut Vec<Diagnostic>) {
    for sc in &config.sections {
        if let Some(t) = sc.trim.filter(|&t| t > MAX_TRIM) {
            diags.push(Diagnostic::error(
                yaml,
                line_of(text, &sc.title, "trim:"),
                format!("section {:?}: {}", sc.title, trim_message(t)),
            ));
        }
    }
}

/// Bad `files:` globs of the sections and their parts are errors against
/// `yaml`.
fn check_section_globs(yaml: &Path, text: &str, config: &MachineConfig, diags: &mut Vec<Diagnostic>) {
    for sc in &config.sections {
        for pat in &sc.files {
            if let Err(e) = glob::Pattern::new(pat) {
                diags.push(Diagnostic::error(
                    yaml,
                    section_line(text, &sc.title, "files:"),
                    format!("section {:?}: bad glob {pat:?}: {e}", sc.title),
                ));
            }
        }
        let mut lines: Option<PartLines> = None;
        for (i, part) in sc.parts.iter().enumerate() {
            for pat in &part.files {
                if let Err(e) = glob::Pattern::new(pat) {
                    diags.push(Diagnostic::error(
                        yaml,
                        lines.get_or_insert_with(|| PartLines::of(text, &sc.title)).line(i),
                        format!("section {:?}, part {:?}: bad glob {pat:?}: {e}", sc.title, part.label),
                    ));
                }
            }
        }
    }
}

/// The parts' labels: an empty label, or one given twice in a section,
/// is an error against `yaml` at the label's line (two parts of one label
/// would give columns of one name, their numbers told apart by nothing).
fn check_part_labels(yaml: &Path, text: &str, config: &MachineConfig, diags: &mut Vec<Diagnostic>) {
    for sc in &config.sections {
        let mut seen = std::collections::HashSet::new();
        let mut lines: Option<PartLines> = None;
        for (i, part) in sc.parts.iter().enumerate() {
            let label = part.label.trim();
            let msg = if label.is_empty() {
                "an empty label: each part needs one, the name of its columns (such as perl_build)".to_string()
            } else if !seen.insert(label) {
                format!(
                    "label {label:?} is given to two parts: each part's label names its columns, so it must be unique within the section"
                )
            } else {
                continue;
            };
            let line = lines.get_or_insert_with(|| PartLines::of(text, &sc.title)).line(i);
            diags.push(Diagnostic::error(yaml, line, format!("section {:?}: {msg}", sc.title)));
        }
    }
}

/// Reads `site.yaml` in `content` and checks what serde cannot
/// (`base_url`, `raw_url`, `ignore:` globs, `alpha`, `trim`): problems go to `diags`.
/// A missing or invalid file gives the defaults.
pub(super) fn read_site_config(content: &Path, diags: &mut Vec<Diagnostic>) -> SiteConfig {
    let site_yaml = content.join("site.yaml");
    read_yaml_text(&site_yaml, diags)
        .and_then(|text| {
            let mut config = parse_yaml::<SiteConfig>(&site_yaml, &text, diags)?;
            check_base_url(&site_yaml, &text, &config, diags);
            let before = diags.len();
            check_raw_url(&site_yaml, &text, &config, diags);
            if diags.len() > before {
                // Never a link made of a refused URL.
                config.raw_url = None;
            }
            check_markdown_name(&site_yaml, &text, &config, diags);
            ignore_globs(&site_yaml, &text, &config.ignore, diags);
            check_policy(&site_yaml, &text, config.alpha, config.trim, diags);
            let line = top_level_line(&text, "regression_threshold");
            check_threshold(&site_yaml, line, "", config.regression_threshold, diags);
            Some(config)
        })
        .unwrap_or_else(|| SiteConfig { title: default_title(), ..SiteConfig::default() })
}

/// Reads a machine class's `machine.yaml` only (no raw files); `None` when
/// it is missing or invalid (the problem goes to `diags`).
pub fn read_machine_config(dir: &Path, diags: &mut Vec<Diagnostic>) -> Option<MachineConfig> {
    read_yaml(&dir.join("machine.yaml"), diags)
}

/// A machine class's `machine.yaml` as [`load_machine`](super::load_machine)
/// reads it: its text (for pointing diagnostics at lines), the config, and
/// its globs compiled.
pub(super) struct MachineYaml {
    /// `<class>/machine.yaml`.
    pub path: PathBuf,
    /// Its text, lossily decoded.
    pub text: String,
    /// What it says.
    pub config: MachineConfig,
    /// The `formats:` overrides: glob (relative to the class directory) →
    /// the parser forced on the files it matches, in the order written.
    pub formats: Vec<(glob::Pattern, &'static dyn parse::BenchParser)>,
    /// The `ignore:` globs.
    pub ignore: Vec<glob::Pattern>,
}

impl MachineYaml {
    /// Reads and checks `machine.yaml` of class directory `dir`: a bad
    /// `formats:` glob or parser id, or a bad `ignore:` glob, is an error
    /// in `diags` (and left out). `None` when it is missing, unreadable or
    /// not a valid `machine.yaml` (the error goes to `diags`).
    pub(super) fn read(dir: &Path, diags: &mut Vec<Diagnostic>) -> Option<MachineYaml> {
        let path = dir.join("machine.yaml");
        let text = read_yaml_text(&path, diags)?;
        let mut config: MachineConfig = parse_yaml(&path, &text, diags)?;
        // `name: ""` titled the class's page with nothing and listed it on
        // the front page as an empty link: its directory's name instead.
        if config.name.trim().is_empty() {
            let slug = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            diags.push(Diagnostic::warning(
                &path,
                top_level_line(&text, "name"),
                format!("name is empty: the class is shown as {slug:?}, its directory's name"),
            ));
            config.name = slug;
        }
        let formats = machine_formats(&path, &text, &config, diags);
        check_same_setup(&path, &text, &mut config, diags);
        super::list_keys::check_list_keys(&path, &text, &config, diags);
        warn_sections_of_one_title(&path, &text, &config.sections, diags);
        let ignore = ignore_globs(&path, &text, &config.ignore, diags);
        Some(MachineYaml { path, text, config, formats, ignore })
    }

    /// The checks that need the class loaded, as errors in `diags`, in
    /// this order: the machine's and each section's `baseline:` must be
    /// one of `kernels`; then the sections' (and parts') `files:` globs,
    /// the parts' labels, `alpha` and `trim` ([`MAX_TRIM`]), each
    /// section's `trim`, and the machine's and each section's
    /// `regression_threshold`.
    pub(super) fn check_loaded(&mut self, kernels: &[Kernel], diags: &mut Vec<Diagnostic>) {
        // Written, before a baseline that gave nothing is dropped below.
        let no_baseline = self.config.baseline.is_none() && self.config.sections.iter().any(|sc| sc.baseline.is_none());
        // A baseline whose directory is there but gave nothing (every file
        // damaged or unread): a warning, and the class is built without
        // it, as damaged files never fail a build; a name no directory
        // has (a typo) stays an error.
        let dir = self.path.parent().map(Path::to_path_buf);
        // A class that read no result at all (archive46 R7: a class whose
        // only file, a letter, no parser claimed): no baseline can be
        // checked; its warnings say why, and a wrong baseline stopped the
        // whole site's build, every other class with it.
        let read_nothing = kernels.is_empty();
        let gave_nothing = |b: &str| {
            read_nothing
                || (!kernels.iter().any(|k| k.name == b)
                    && dir.as_ref().is_some_and(|d| !b.is_empty() && !b.contains(['/', '\\']) && d.join(b).is_dir()))
        };
        let why = |b: &str| {
            if read_nothing {
                "this machine class read no result (see the warnings of its files)".to_string()
            } else {
                format!("its directory {b}/ holds no result benchsite reads (see the warnings of its files)")
            }
        };
        if let Some(b) = self.config.baseline.clone()
            && gave_nothing(&b)
        {
            diags.push(Diagnostic::warning(
                &self.path,
                line_of(&self.text, "baseline:", &b),
                format!(
                    "baseline {b:?} gave no results: {}; the class is built without a baseline, no change shown",
                    why(&b)
                ),
            ));
            self.config.baseline = None;
        }
        for i in 0..self.config.sections.len() {
            if let Some(b) = self.config.sections[i].baseline.clone()
                && gave_nothing(&b)
            {
                diags.push(Diagnostic::warning(
                    &self.path,
                    section_line(&self.text, &self.config.sections[i].title, "baseline:"),
                    format!(
                        "section {:?}: baseline {b:?} gave no results: {}; the section is compared with the class's baseline",
                        self.config.sections[i].title,
                        why(&b)
                    ),
                ));
                self.config.sections[i].baseline = None;
            }
        }
        let (yaml, text, config) = (&self.path, &self.text, &self.config);
        let names = || kernels.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", ");
        let axis = super::axis::Axis::of(config.compare.as_ref());
        if let Some(problem) = config.compare.as_ref().and_then(super::axis::Axis::problem) {
            diags.push(Diagnostic::error(yaml, top_level_line(text, "compare"), problem));
        }
        // No `baseline:` in a class of several kernels: every table shows
        // them without a change and no regression can be found (newcomer48
        // N4: a newcomer who left the key out saw a site of no comparison,
        // `check` silent). A note: a class may be kept so on purpose.
        if no_baseline && kernels.len() >= 2 {
            let first = first_names(kernels.iter().map(|k| format!("{:?}", k.name)));
            diags.push(Diagnostic::note(
                yaml,
                None,
                format!(
                    "no baseline: in a class of {} {} ({first}): its tables show no change and find no regression; \
                     `baseline: {:?}` names the {} the others are compared with",
                    kernels.len(),
                    axis.many,
                    kernels[0].name,
                    axis.one
                ),
            ));
        }
        if let Some(b) = &config.baseline
            && !kernels.iter().any(|k| &k.name == b)
        {
            // A kernel directory that is there but gave nothing (empty, or
            // only files benchsite does not read) is no kernel: say so.
            let empty = yaml.parent().is_some_and(|d| !b.is_empty() && !b.contains(['/', '\\']) && d.join(b).is_dir());
            let why = if empty {
                format!("; its directory {b}/ holds no result benchsite reads")
            } else {
                ambiguous_default(b, kernels)
            };
            let why = why + &did_you_mean(b, kernels);
            diags.push(Diagnostic::error(
                yaml,
                line_of(text, "baseline:", b),
                format!("baseline {b:?} is not a {} of this machine class ({}: {}){why}", axis.one, axis.many, names()),
            ));
        }
        for sc in &config.sections {
            if let Some(b) = &sc.baseline
                && !kernels.iter().any(|k| &k.name == b)
            {
                diags.push(Diagnostic::error(
                    yaml,
                    section_line(text, &sc.title, "baseline:"),
                    format!(
                        "section {:?}: baseline {b:?} is not a {} of this machine class ({}: {}){}",
                        sc.title,
                        axis.one,
                        axis.many,
                        names(),
                        ambiguous_default(b, kernels) + &did_you_mean(b, kernels)
                    ),
                ));
            }
        }
        // `kernel_order:` naming what is not there: a typo changes which
        // kernel is the latest, silently. (Kernels it leaves out follow in
        // version order, as documented.)
        let unknown: Vec<&str> =
            config.kernel_order.iter().map(String::as_str).filter(|o| !kernels.iter().any(|k| k.name == *o)).collect();
        if !unknown.is_empty() {
            diags.push(Diagnostic::warning(
                yaml,
                top_level_line(text, "kernel_order"),
                format!(
                    "kernel_order names {} that {} not a {} of this machine class ({}: {})",
                    unknown.join(", "),
                    if unknown.len() == 1 { "is" } else { "are" },
                    axis.one,
                    axis.many,
                    names()
                ),
            ));
        }
        check_section_globs(yaml, text, config, diags);
        check_part_labels(yaml, text, config, diags);
        check_policy(yaml, text, config.alpha, config.trim, diags);
        check_section_trims(yaml, text, config, diags);
        check_threshold(yaml, top_level_line(text, "regression_threshold"), "", config.regression_threshold, diags);
        check_section_thresholds(yaml, text, config, diags);
    }
}

/// `; did you mean "6.8.0"?` where a kernel of `kernels` is the one
/// baseline `b` (no kernel's name) means ([`super::select::nearest_kernel`]:
/// `6.8` for a `6.8.0` directory, a misspelling); empty where none is.
fn did_you_mean(b: &str, kernels: &[Kernel]) -> String {
    super::select::nearest_kernel(b, kernels.iter().map(|k| k.name.as_str()))
        .map(|k| format!("; did you mean {k:?}?"))
        .unwrap_or_default()
}

/// Where `baseline:` names `b`, a kernel name a parser gives by default
/// (report.py's `baseline` with no legend) that several files of the
/// class give, each kept apart under its file's name
/// (`raw_file::name_lone_default_kernels`): the sentence naming the
/// candidates, to end the error with; else empty.
fn ambiguous_default(b: &str, kernels: &[Kernel]) -> String {
    let open = format!("{b} (");
    let candidates: Vec<&str> =
        kernels.iter().map(|k| k.name.as_str()).filter(|k| k.starts_with(&open) && k.ends_with(')')).collect();
    if candidates.len() < 2 {
        return String::new();
    }
    format!(
        "; {b:?} is the name {} files' tables with no legend give by default, kept apart under each file's name: write one of {}",
        candidates.len(),
        candidates.join(", ")
    )
}

impl MachineYaml {
    /// A warning at the section's line for each section whose `files:`
    /// globs match none of the class's result files (a typo in a glob left
    /// a section empty, silently, outside `check`).
    pub(super) fn check_section_files(&self, results: &[super::ResultFile], diags: &mut Vec<Diagnostic>) {
        for sc in &self.config.sections {
            if sc.files_match_any(results) {
                continue;
            }
            diags.push(Diagnostic::warning(
                &self.path,
                section_line(&self.text, &sc.title, "files:"),
                format!(
                    "section {:?}: files {:?} match no result file of this machine class (paths are relative to its directory, such as \"*/dbench*.txt\")",
                    sc.title, sc.files
                ),
            ));
        }
    }
}

impl MachineYaml {
    /// A warning at the `headline:` line of each section whose headline
    /// names no metric its table shows ([`SectionConfig::metric_names`]):
    /// the star bars and charts would fall back to another column without
    /// a word. Sections that select nothing are warned about elsewhere.
    pub(super) fn check_section_headlines(
        &self,
        results: &[super::ResultFile],
        selection: &super::Selection,
        diags: &mut Vec<Diagnostic>,
    ) {
        for (sc, shown) in self.config.sections.iter().zip(&selection.shown) {
            let Some(h) = &sc.headline else { continue };
            let names = sc.metric_names(shown, results);
            // A metric several columns show (schbench's 99.0th in parts
            // wakeup and request, or of two groups): the charts and the
            // mail's bars would draw the first without a word.
            let mut columns: Vec<(usize, &str)> = Vec::new();
            for (part, samples) in shown.iter().enumerate() {
                for &(fi, si) in samples {
                    let s = &results[fi].parsed.samples[si];
                    if s.metric.name == *h && !columns.contains(&(part, s.group.as_str())) {
                        columns.push((part, s.group.as_str()));
                    }
                }
            }
            let named_whole = sc.parts.iter().any(|p| p.label == *h);
            if columns.len() > 1 && !named_whole {
                let which: Vec<String> = columns
                    .iter()
                    .map(|&(part, group)| match sc.parts.get(part) {
                        Some(p) => format!("part {:?}", p.label),
                        None => format!("group {group:?}"),
                    })
                    .collect();
                diags.push(Diagnostic::warning(
                    &self.path,
                    section_line(&self.text, &sc.title, "headline:"),
                    format!(
                        "section {:?}: headline {h:?} is a metric of several columns ({}), and the charts and the mail's bars draw the first; name the one meant as its column is named (a part's label, or \"group metric\")",
                        sc.title,
                        which.join(", ")
                    ),
                ));
                continue;
            }
            // A grouped metric's column is also named "group metric" (IRMAN's
            // `FILE_IO Max`), as the table finds its headline column.
            let group_metric = || {
                shown.iter().flatten().any(|&(fi, si)| {
                    let s = &results[fi].parsed.samples[si];
                    crate::model::headline_names(h, &s.group, &s.metric.name)
                })
            };
            if names.is_empty() || names.iter().any(|n| n == h) || group_metric() {
                continue;
            }
            let near = super::select::nearest(h, names.iter().map(|n| n.as_ref()))
                .map(|n| format!("; did you mean {n:?}?"))
                .unwrap_or_default();
            let names = first_names(names.iter().map(|n| n.to_string()));
            diags.push(Diagnostic::warning(
                &self.path,
                section_line(&self.text, &sc.title, "headline:"),
                format!(
                    "section {:?}: headline {h:?} is not a metric of its table (metrics: {}){near}",
                    sc.title, names
                ),
            ));
        }
    }
}

/// The first twelve of `names` joined with commas, and how many more
/// there are ("a, b, c and 30 more"): a lmbench summary has dozens of
/// metrics, and the first ones say enough in a message.
pub(super) fn first_names(names: impl ExactSizeIterator<Item = String>) -> String {
    const SHOWN: usize = 12;
    let more = names.len().saturating_sub(SHOWN);
    let listed = names.take(SHOWN).collect::<Vec<_>>().join(", ");
    if more > 0 { format!("{listed} and {more} more") } else { listed }
}

/// The ids of every registered parser, for the message about an unknown one.
fn known_ids() -> String {
    parse::registry().iter().map(|p| p.id()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file named twice under `runs:` (attack 25): serde keeps the last
    /// entry (3 runs) and said nothing; a warning at the second key's line.
    #[test]
    fn a_file_named_twice_under_runs_is_warned_of_at_its_second_line() {
        let text = "runs:\n  dbench.txt: { n: 5 }\n  # again\n  dbench.txt: { n: 3 }\n";
        let d = check_yaml(YamlKind::Kernel, text);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, crate::diag::Severity::Warning);
        assert_eq!(d[0].line, Some(4), "{d:?}");
        assert!(d[0].message.contains("`dbench.txt` is given twice in one map"), "{}", d[0].message);
        assert!(check_yaml(YamlKind::Kernel, "runs:\n  a.txt: { n: 5 }\n  b.txt: { n: 3 }\n").is_empty());
    }

    /// `compare:` of a shape it does not take (attack34 #24) was "data did
    /// not match any variant of untagged enum CompareConfig" at 1:1.
    #[test]
    fn a_compare_of_the_wrong_shape_is_named_at_its_line() {
        for bad in ["42", "[a]", "{one: a}", "{one: a, many: b, x: c}"] {
            let d = check_yaml(
                YamlKind::Machine,
                &format!(
                    "name: box
baseline: \"6.1\"\ncompare: {bad}\n"
                ),
            );
            assert_eq!(d.len(), 1, "{d:?}");
            assert_eq!(d[0].line, Some(3), "{bad}: {d:?}");
            assert!(d[0].message.contains("compare: expected one word") && !d[0].message.contains("enum"), "{d:?}");
        }
    }

    /// attack47 F4: `mhz:` is shown as written, not as the number YAML
    /// reads (`2.40` was `2.4`, `0x1F4` was `500`, `-0` was `0`).
    #[test]
    fn a_machine_clock_is_kept_as_written() {
        for mhz in ["2.40", "0x1F4", "-0", "3000.0", "1_000", "1e400", "4 × 700"] {
            let c: MachineConfig = serde_yaml::from_str(&format!("name: box\nmhz: {mhz}\n")).unwrap();
            assert_eq!(c.mhz.as_deref(), Some(mhz));
        }
        let d = check_yaml(YamlKind::Machine, "name: box\nmhz: [1, 2]\n");
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].line, Some(2), "{d:?}");
    }

    #[test]
    fn a_byte_order_mark_before_a_multi_line_annotation_is_dropped() {
        let text = "\u{FEFF}title: Results\r\nbase_url: \"/\"\r\n";
        assert!(check_yaml(YamlKind::Site, text).is_empty(), "{:?}", check_yaml(YamlKind::Site, text));
        assert!(check_yaml(YamlKind::Machine, "\u{FEFF}name: M\nalpha: 0.01\n").is_empty());
    }

    /// An unquoted glob and a misaligned key get a hint beside YAML's own
    /// message; other errors do not.
    #[test]
    fn yaml_errors_a_newcomer_makes_get_a_hint() {
        let glob = "name: M\nsections:\n  - title: hackbench\n    files: */hackbench.txt\n";
        let d = check_yaml(YamlKind::Machine, glob);
        assert!(d.iter().any(|d| d.message.contains("quote a glob") && d.line == Some(4)), "{d:?}");
        let listed = "name: M\nsections:\n  - title: hackbench\n    files:\n      - */hackbench.txt\n";
        let d = check_yaml(YamlKind::Machine, listed);
        assert!(d.iter().any(|d| d.message.contains("quote a glob")), "{d:?}");
        let indent = "name: M\nsections:\n  - title: hackbench\n   files: [\"*/h.txt\"]\n";
        let d = check_yaml(YamlKind::Machine, indent);
        assert!(d.iter().any(|d| d.message.contains("check the indentation")), "{d:?}");
        let d = check_yaml(YamlKind::Machine, "name: \"M\n");
        assert!(d.iter().all(|d| !d.message.contains("quote a glob") && !d.message.contains("indentation")), "{d:?}");
    }

    /// Two YAML documents in one annotation (site.yaml pasted over
    /// another): the error names the second's `---` (it had no line;
    /// closing-40's line-less annotation error). Must not fire: a leading
    /// `---` (one document) reads; a `---` inside a value is no separator.
    #[test]
    fn a_second_yaml_document_is_an_error_at_its_separator() {
        let d = check_yaml(YamlKind::Site, "# site\ntitle: T\n---\ntitle: U\n");
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].line, Some(3), "{d:?}");
        assert!(d[0].message.contains("more than one document"), "{d:?}");
        let d = check_yaml(YamlKind::Site, "---\ntitle: T\n---\ntitle: U\n");
        assert_eq!(d[0].line, Some(3), "{d:?}");
        assert!(check_yaml(YamlKind::Site, "---\ntitle: T\n").is_empty());
        assert!(check_yaml(YamlKind::Site, "title: a --- b\ndescription: |\n  x\n  ---\n").is_empty());
    }

    #[test]
    fn control_characters_in_yaml_strings_become_replacement_characters() {
        let text = "title: \"a\\0b\\e[2Jc\"\ndescription: \"x\u{7}y\"\n";
        let mut diags = Vec::new();
        let c: SiteConfig = parse_yaml(Path::new("site.yaml"), text, &mut diags).expect("reads");
        assert_eq!((c.title.as_str(), c.description.as_str()), ("a\u{FFFD}b\u{FFFD}[2Jc", "x\u{FFFD}y"));
        assert!(diags.is_empty(), "{diags:?}");
        // An error in such a file still has its line.
        let d = check_yaml(YamlKind::Site, "title: \"a\\0\"\ntitel: x\n");
        assert_eq!(d[0].line, Some(2), "{d:?}");
    }

    #[test]
    fn part_labels_must_be_given_and_unique_and_part_keys_known() {
        let text = "name: M\nsections:\n  - title: \"Build\"\n    parts:\n      - label: perl_build\n        files: [\"*/build-perl.txt\"]\n      - label: \" \"\n      - label: perl_build\n        files: [\"[\"]\n";
        let d = check_yaml(YamlKind::Machine, text);
        let got: Vec<(Option<usize>, &str)> = d.iter().map(|d| (d.line, d.message.as_str())).collect();
        assert_eq!(got.len(), 3, "{got:#?}");
        assert!(
            got[0].0 == Some(8) && got[0].1.starts_with("section \"Build\", part \"perl_build\": bad glob \"[\""),
            "{got:#?}"
        );
        assert!(got[1].0 == Some(7) && got[1].1.starts_with("section \"Build\": an empty label"), "{got:#?}");
        assert!(got[2].0 == Some(8) && got[2].1.contains("label \"perl_build\" is given to two parts"), "{got:#?}");
        assert!(d.iter().all(|d| d.severity == crate::diag::Severity::Error));
        let unknown = "name: M\nsections:\n  - title: B\n    parts:\n      - label: x\n        file: [\"a\"]\n";
        let d = check_yaml(YamlKind::Machine, unknown);
        assert!(d.len() == 1 && d[0].line == Some(6) && d[0].message.contains("unknown field `file`"), "{d:?}");
        let no_label = "name: M\nsections:\n  - title: B\n    parts:\n      - files: [\"a\"]\n";
        let d = check_yaml(YamlKind::Machine, no_label);
        assert!(d.len() == 1 && d[0].message.contains("missing field `label`"), "{d:?}");
    }

    #[test]
    fn markdown_names_are_plain_md_file_names() {
        for ok in ["index.md", "README.md", "results.MD"] {
            assert!(markdown_name_ok(ok), "{ok}");
        }
        for bad in ["", ".md", "README", "a/README.md", "..\\x.md", ".hidden.md", "index.html", "a\u{1b}.md"] {
            assert!(!markdown_name_ok(bad), "{bad}");
        }
        let d = check_yaml(YamlKind::Site, "title: x\nmarkdown_name: \"docs/README.md\"\n");
        assert_eq!((d.len(), d[0].line), (1, Some(2)), "{d:?}");
        assert!(check_yaml(YamlKind::Site, "title: x\nmarkdown_name: README.md\n").is_empty());
    }

    #[test]
    fn a_base_url_is_percent_encoded_as_links_need() {
        assert_eq!(encoded_base_url("https://ex.com/a b/"), "https://ex.com/a%20b/");
        assert_eq!(encoded_base_url(" https://ex.com/\"><script>"), "https://ex.com/%22%3E%3Cscript%3E");
        assert_eq!(encoded_base_url("/my results/"), "/my%20results/");
        assert_eq!(encoded_base_url("https://u.github.io/bench"), "https://u.github.io/bench");
        assert_eq!(encoded_base_url("/r/%20x/"), "/r/%20x/");
        assert_eq!(encoded_base_url(""), "");
    }

    #[test]
    fn a_scheme_relative_base_url_is_refused() {
        for ok in ["", "/", "/results/", "https://example.org/r/", "http://x/"] {
            assert!(base_url_ok(ok), "{ok}");
        }
        for bad in [
            "//evil.example/",
            "///x",
            "javascript:alert(1)//",
            "ftp://x/",
            "https://x/?a=",
            "/r/#top",
            "https://x/a\nb/",
            "https://",
            // attack60: read by browsers as host `x`.
            "http:///x",
            "HTTPS:///x/",
        ] {
            assert!(!base_url_ok(bad), "{bad}");
        }
    }

    #[test]
    fn deep_or_huge_annotations_are_refused_with_their_line() {
        let deep = format!("title: x\ndescription: {}\n", "[".repeat(200_000));
        let d = check_yaml(YamlKind::Site, &deep);
        assert_eq!((d.len(), d[0].line), (1, Some(2)), "{d:?}");
        assert!(d[0].message.contains("nested more than"), "{d:?}");
        let huge = format!("title: x\ndescription: \"{}\"\n", "a".repeat(MAX_ANNOTATION_SIZE));
        let d = check_yaml(YamlKind::Site, &huge);
        assert!(d[0].message.starts_with("too large"), "{d:?}");
    }

    #[test]
    fn a_file_glob_matches_what_the_glob_crate_matches() {
        let globs = [
            "*/dbench-ext2-64.txt",
            "2.4.*/dbench*",
            "*",
            "**/x.txt",
            "a/**",
            "a/**/b.txt",
            "a/**/*/b.txt",
            "**/**/x.txt",
            "**/",
            "2.4.5/dbench.txt",
            "*/lmbench-[0-9].txt",
            "*/l[!m]bench.txt",
            "[]]x",
            "[!]]x",
            "a]b*",
            "*.tx?",
            "?",
            "",
            "*/bonnie++.txt",
            "Über/*.txt",
        ];
        let paths = [
            "2.4.5/dbench-ext2-64.txt",
            "2.4.5/dbench-ext2-64.txt.orig",
            "dbench-ext2-64.txt",
            "2.4.10/dbench.txt",
            "2.5.1/dbench.txt",
            "2.4.5/dbench.txt",
            "x.txt",
            "a/b/x.txt",
            "a/x",
            "a/b.txt",
            "a/c/b.txt",
            "a/c/d/b.txt",
            "a/",
            "/x.txt",
            "k/lmbench-3.txt",
            "k/lmbench-x.txt",
            "k/lxbench.txt",
            "k/lmbench.txt",
            "]x",
            "ax",
            "a]b",
            "a]bc",
            "t.txt",
            "t.tx",
            "",
            "k",
            "k/bonnie++.txt",
            "Über/ö.txt",
            "über/ö.txt",
        ];
        for g in globs {
            let (ours, theirs) = (FileGlob::new(g).unwrap(), glob::Pattern::new(g).unwrap());
            for p in paths {
                assert_eq!(ours.matches(p), theirs.matches(p), "{g:?} against {p:?}");
            }
        }
        assert!(FileGlob::new("[abc").is_err() && FileGlob::new("a**").is_err());
    }
}
