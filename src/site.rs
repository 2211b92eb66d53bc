//! Loading a content directory: YAML annotations and parsed raw results.
//!
//! ```text
//! content/
//!   site.yaml                      site title, description
//!   <machine-class>/machine.yaml   the machine, its baseline, its sections
//!   <machine-class>/<kernel>/      raw result files of that kernel (+ kernel.yaml)
//!   <machine-class>/<file>         raw files holding rows for several kernels
//! ```
//!
//! A raw file inside a kernel directory (at any depth) belongs to that kernel
//! whatever it says inside; a file directly in the machine-class directory
//! takes the kernel from each row (lmbench's OS column, tiobench's
//! Identifier). Files named `README*`, `*.md`, hidden files and editor
//! backups (`*~`) are ignored.
//!
//! Nothing here panics on bad input: unreadable, unrecognised or damaged raw
//! files become warnings naming the file (and line), and the rest of the site
//! still loads; malformed YAML is an error with file, line and column.

mod parse_cache;

pub use parse_cache::ParseCache;

use crate::diag::Diagnostic;
use crate::model::{ParsedFile, Value};
use crate::parse::{self, Input};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};
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
    /// Significance level for Welch's t-test (default 0.05).
    #[serde(default)]
    pub alpha: Option<f64>,
    /// Runs dropped at each end (highest and lowest) before averaging (default 0).
    #[serde(default)]
    pub trim: Option<usize>,
    /// Globs of files that are not results, in every machine class
    /// (matched against the path relative to the machine-class directory;
    /// `*` also matches `/`, so `*.log` is every `.log` file): neither read
    /// nor warned about.
    #[serde(default)]
    pub ignore: Vec<String>,
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
    /// Clock in MHz (a number or text such as "4 × 700").
    #[serde(default)]
    pub mhz: Option<serde_yaml::Value>,
    /// Memory, as text ("384 MB").
    #[serde(default)]
    pub memory: Option<String>,
    /// Disks and controllers, as text.
    #[serde(default)]
    pub disks: Option<String>,
    /// Markdown about the machine and how it was tested.
    #[serde(default)]
    pub description: String,
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
    /// Kernel order for tables; default is version order.
    #[serde(default)]
    pub kernel_order: Vec<String>,
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
    /// Sections in page order.
    #[serde(default)]
    pub sections: Vec<SectionConfig>,
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
    /// Markdown shown above the table.
    #[serde(default)]
    pub commentary: String,
    /// Baseline kernel for this section, overriding the machine's.
    #[serde(default)]
    pub baseline: Option<String>,
    /// Runs dropped at each end before averaging, overriding the machine's.
    #[serde(default)]
    pub trim: Option<usize>,
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

/// A kernel tested on a machine class.
#[derive(Debug, Clone)]
pub struct Kernel {
    /// The kernel's name, e.g. `2.4.19-rc5-aa1`.
    pub name: String,
    /// Its `kernel.yaml`, or defaults.
    pub config: KernelConfig,
}

/// One benchmark output of a raw result file and what was read from it: a
/// file holding several benchmarks' outputs (a mail with dbench lines and
/// a Bonnie table) gives one `ResultFile` each, sharing `raw`.
#[derive(Debug, Clone)]
pub struct ResultFile {
    /// Path relative to the machine-class directory, with `/` separators.
    pub rel_path: String,
    /// Path on disk.
    pub path: PathBuf,
    /// The kernel directory it sits in, if any.
    pub kernel_dir: Option<String>,
    /// The one kernel the file itself names (lmbench's OS column,
    /// UnixBench's `OS:` line) when it sits in a kernel directory: its
    /// samples carry the directory's name, and `check` warns when the two
    /// disagree.
    pub named_kernel: Option<String>,
    /// The parse result; samples already carry their final kernel.
    pub parsed: ParsedFile,
    /// The file's bytes as read, copied into the output so every number
    /// links down to the file it came from.
    pub raw: std::sync::Arc<[u8]>,
}

/// A machine class: one machine (or class of machines) and everything run on it.
#[derive(Debug, Clone)]
pub struct MachineClass {
    /// Directory name, used as URL slug.
    pub slug: String,
    /// The machine-class directory.
    pub dir: PathBuf,
    /// `machine.yaml`.
    pub config: MachineConfig,
    /// Kernels in table order.
    pub kernels: Vec<Kernel>,
    /// Parsed raw files, in path order.
    pub results: Vec<ResultFile>,
}

/// Everything loaded from a content directory.
#[derive(Debug, Clone)]
pub struct Site {
    /// `site.yaml`.
    pub config: SiteConfig,
    /// Machine classes in directory-name order.
    pub machines: Vec<MachineClass>,
    /// Every warning and error found, in discovery order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Site {
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == crate::diag::Severity::Error)
    }
}

const ANNOTATIONS: &[&str] = &["site.yaml", "machine.yaml", "kernel.yaml"];

fn ignored(name: &str) -> bool {
    name.starts_with('.')
        || name.ends_with('~')
        || name.starts_with("README")
        || name.ends_with(".md")
        || ANNOTATIONS.contains(&name)
}

/// Reads and deserialises a YAML annotation; a missing file gives `None`.
fn read_yaml<T: for<'de> Deserialize<'de>>(path: &Path, diags: &mut Vec<Diagnostic>) -> Option<T> {
    parse_yaml(path, &read_yaml_text(path, diags)?, diags)
}

/// The bytes of a YAML annotation (`site.yaml`, `machine.yaml`,
/// `kernel.yaml`), read as [`read_regular`] reads: a FIFO there would
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
    match read_annotation(path) {
        Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            diags.push(Diagnostic::error(path, None, format!("cannot read: {e}")));
            None
        }
    }
}

/// The 1-based line of `text` where `needle` first appears on or after the
/// first line containing `after`, for pointing a diagnostic at a value the
/// YAML library gives no position for.
fn line_of(text: &str, after: &str, needle: &str) -> Option<usize> {
    let start = text.lines().position(|l| l.contains(after))?;
    text.lines().enumerate().skip(start).find(|(_, l)| l.contains(needle)).map(|(i, _)| i + 1)
}

/// Deserialises YAML text read from `path`; errors become diagnostics.
fn parse_yaml<T: for<'de> Deserialize<'de>>(path: &Path, text: &str, diags: &mut Vec<Diagnostic>) -> Option<T> {
    match serde_yaml::from_str::<T>(text) {
        Ok(v) => Some(v),
        Err(e) => {
            let loc = e.location();
            let msg = e.to_string();
            // serde_yaml appends " at line L column C"; the location is shown in front instead.
            let mut msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            if text.contains('\t') && msg.contains("cannot start any token") {
                msg.push_str(" (a tab: YAML allows only spaces for indentation)");
            }
            diags.push(
                Diagnostic::error(path, loc.as_ref().map(|l| l.line()), format!("invalid YAML: {msg}"))
                    .at_column(loc.map(|l| l.column())),
            );
            None
        }
    }
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

/// Checks one annotation's text as [`load`] reads it, without a content
/// directory: YAML syntax, unknown keys, wrong types, and for `machine.yaml`
/// the `formats:` globs and parser ids and the sections' `files:` globs.
/// Diagnostics name the bare file name ([`YamlKind::file_name`]). Used by
/// the fuzzer and the malformed-input tests; never panics.
pub fn check_yaml(kind: YamlKind, text: &str) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let path = Path::new(kind.file_name());
    match kind {
        YamlKind::Site => {
            if let Some(config) = parse_yaml::<SiteConfig>(path, text, &mut diags) {
                check_base_url(path, text, &config, &mut diags);
            }
        }
        YamlKind::Machine => {
            if let Some(config) = parse_yaml::<MachineConfig>(path, text, &mut diags) {
                let _ = machine_formats(path, text, &config, &mut diags);
                check_section_globs(path, text, &config, &mut diags);
            }
        }
        YamlKind::Kernel => {
            let _ = parse_yaml::<KernelConfig>(path, text, &mut diags);
        }
    }
    diags
}

/// True when `url` may prefix every link of the site: empty, an
/// `http://` or `https://` URL, or an absolute or protocol-relative path
/// (`/bench/`, `//host/bench/`). Anything else (`javascript:`, `data:`, a
/// relative path) would make every link on every page point somewhere
/// else, or run script.
pub fn base_url_ok(url: &str) -> bool {
    let u = url.trim().to_ascii_lowercase();
    u.is_empty() || u.starts_with("https://") || u.starts_with("http://") || u.starts_with('/')
}

/// A `base_url` in site.yaml that [`base_url_ok`] rejects is an error.
fn check_base_url(yaml: &Path, text: &str, config: &SiteConfig, diags: &mut Vec<Diagnostic>) {
    if let Some(url) = &config.base_url
        && !base_url_ok(url)
    {
        diags.push(Diagnostic::error(
            yaml,
            line_of(text, "base_url", "base_url"),
            format!("base_url {url:?} must start with https://, http:// or /"),
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

/// The line of a top-level `key:` in a YAML annotation (1-based).
fn top_level_line(text: &str, key: &str) -> Option<usize> {
    text.lines().position(|l| l.strip_prefix(key).is_some_and(|rest| rest.starts_with(':'))).map(|i| i + 1)
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

/// Bad `files:` globs of the sections are errors against `yaml`.
fn check_section_globs(yaml: &Path, text: &str, config: &MachineConfig, diags: &mut Vec<Diagnostic>) {
    for sc in &config.sections {
        for pat in &sc.files {
            if let Err(e) = glob::Pattern::new(pat) {
                diags.push(Diagnostic::error(
                    yaml,
                    line_of(text, &sc.title, pat),
                    format!("section {:?}: bad glob {pat:?}: {e}", sc.title),
                ));
            }
        }
    }
}

/// Loads a content directory.
///
/// # Errors
/// Only when `content` itself cannot be read; every other problem is a
/// [`Diagnostic`] in [`Site::diagnostics`].
pub fn load(content: &Path) -> std::io::Result<Site> {
    load_with_progress(content, &indicatif::ProgressBar::hidden())
}

/// [`load`], advancing `progress` by one for every raw file parsed (its
/// length grows as files are discovered).
///
/// # Errors
/// As [`load`].
pub fn load_with_progress(content: &Path, progress: &indicatif::ProgressBar) -> std::io::Result<Site> {
    let mut diags = Vec::new();
    let meta = std::fs::metadata(content)?;
    if !meta.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            format!("{} is not a directory", content.display()),
        ));
    }
    let (config, dirs) = plan(content, &mut diags)?;
    let mut machines = Vec::new();
    for (dir, slug) in dirs {
        if let Some(m) = load_machine_cached(&dir, &slug, None, None, &config.ignore, &mut diags, progress) {
            machines.push(m);
        }
    }
    Ok(Site { config, machines, diagnostics: diags })
}

/// The first step of [`load`]: reads `site.yaml` and lists the machine-class
/// directories (those with a `machine.yaml`), in name order, as (directory,
/// slug). Directories without `machine.yaml` get a warning in `diags`.
///
/// # Errors
/// When `content` is not a readable directory.
pub fn plan(content: &Path, diags: &mut Vec<Diagnostic>) -> std::io::Result<(SiteConfig, Vec<(PathBuf, String)>)> {
    let meta = std::fs::metadata(content)?;
    if !meta.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            format!("{} is not a directory", content.display()),
        ));
    }
    let site_yaml = content.join("site.yaml");
    let config = read_yaml_text(&site_yaml, diags)
        .and_then(|text| {
            let config = parse_yaml::<SiteConfig>(&site_yaml, &text, diags)?;
            check_base_url(&site_yaml, &text, &config, diags);
            ignore_globs(&site_yaml, &text, &config.ignore, diags);
            check_policy(&site_yaml, &text, config.alpha, config.trim, diags);
            Some(config)
        })
        .unwrap_or_else(|| SiteConfig { title: default_title(), ..SiteConfig::default() });

    let mut dirs: Vec<PathBuf> = std::fs::read_dir(content)?
        .filter_map(Result::ok)
        .filter(|e| e.file_type().map(|t| t.is_dir()).unwrap_or(false))
        .map(|e| e.path())
        .filter(|p| !p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.')))
        .collect();
    dirs.sort();
    let mut out: Vec<(PathBuf, String)> = Vec::new();
    for dir in dirs {
        let slug = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if has_line_break(&slug) {
            diags.push(Diagnostic::warning(&dir, None, LINE_BREAK_SKIPPED));
            continue;
        }
        if !dir.join("machine.yaml").exists() {
            diags.push(Diagnostic::warning(&dir, None, "not a machine class (no machine.yaml); skipped"));
            continue;
        }
        // Two names that differ only in bytes that are not UTF-8 read the
        // same; they would share one output directory and cache entry.
        if let Some((first, _)) = out.iter().find(|(_, s)| *s == slug) {
            diags.push(Diagnostic::warning(&dir, None, same_name_skipped(&dir, &slug, first)));
            continue;
        }
        out.push((dir, slug));
    }
    Ok((config, out))
}

/// The raw files and kernel directories of a machine-class directory.
#[derive(Debug, Clone, Default)]
pub struct Discovered {
    /// Raw files in path order: (path relative to the class directory with
    /// `/` separators, path on disk, kernel directory if any).
    pub files: Vec<(String, PathBuf, Option<String>)>,
    /// Kernel directories (first level), in name order.
    pub kernel_dirs: Vec<String>,
    /// The same directories on disk, in the same order: a name read
    /// lossily (`caf\u{FFFD}` for `caf\xE9`) does not lead back to it.
    pub kernel_paths: Vec<PathBuf>,
    /// Problems walking the directory (unreadable entries, link loops).
    pub diagnostics: Vec<Diagnostic>,
}

/// Walks a machine-class directory (following links; a link loop is a
/// warning, not a hang). Hidden files, annotations, `README*`, `*.md` and
/// editor backups are left out.
pub fn discover(dir: &Path) -> Discovered {
    let mut files: Vec<(String, PathBuf, Option<String>)> = Vec::new();
    // Kernel directories: (name, path on disk).
    let mut kernels: Vec<(String, PathBuf)> = Vec::new();
    let mut diags = Vec::new();
    let mut lossy = false;
    let mut walk = walkdir::WalkDir::new(dir).follow_links(true).min_depth(1).into_iter();
    while let Some(entry) = walk.next() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().map(Path::to_path_buf).unwrap_or_else(|| dir.to_path_buf());
                let what = if e.loop_ancestor().is_some() { "symbolic link loop".to_string() } else { e.to_string() };
                diags.push(Diagnostic::warning(path, None, format!("skipped: {what}")));
                continue;
            }
        };
        let rel_str = relative_str(entry.path(), dir);
        // A name that is not UTF-8 is read lossily (`caf\u{FFFD}`); two such
        // names may then read the same (checked after the walk).
        lossy |= rel_str.contains('\u{FFFD}');
        if has_hidden_component(&rel_str) {
            continue;
        }
        if has_line_break(&rel_str) {
            diags.push(Diagnostic::warning(entry.path(), None, LINE_BREAK_SKIPPED));
            if entry.file_type().is_dir() {
                walk.skip_current_dir();
            }
            continue;
        }
        let name = rel_str.rsplit('/').next().unwrap_or_default();
        if entry.file_type().is_dir() {
            if entry.depth() == 1 {
                kernels.push((name.to_string(), entry.path().to_path_buf()));
            }
            continue;
        }
        if ignored(name) {
            continue;
        }
        // A FIFO would block the read for ever and a device (`/dev/zero`
        // linked in) never end: only regular files (or links to them) are
        // read. The type comes with the directory listing (or from the
        // link's target), at no extra cost.
        if !entry.file_type().is_file() {
            diags.push(Diagnostic::warning(
                entry.path(),
                None,
                "not a regular file (a FIFO, socket or device), skipped",
            ));
            continue;
        }
        let kernel = (entry.depth() >= 2).then(|| rel_str.split('/').next().unwrap_or_default().to_string());
        files.push((rel_str, entry.path().to_path_buf(), kernel));
    }
    // The order of walkdir's `sort_by_file_name` (each directory's entries
    // by name, depth first), sorted here once: walkdir took every compared
    // name apart from its path again, a tenth of a no-op rebuild.
    // Every path starts with `dir`: compare what follows.
    let skip = dir.as_os_str().len();
    fn after(p: &Path, skip: usize) -> &[u8] {
        let b = p.as_os_str().as_encoded_bytes();
        b.get(skip..).unwrap_or(b)
    }
    // Each path's bytes with separators as 0, built once: compared as plain
    // bytes (memcmp) they give the walk order.
    files.sort_by_cached_key(|f| walk_key(after(&f.1, skip)));
    // By name; of names that read the same, the first in walk order first.
    kernels.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| walk_order(after(&a.1, skip), after(&b.1, skip))));
    if lossy {
        // Names that differ only in bytes that are not UTF-8 read the same:
        // the first in walk order keeps the name; a later kernel directory
        // is skipped with everything in it, a later file on its own, and a
        // file that reads as a directory's name is skipped.
        let mut shadowed: Vec<PathBuf> = Vec::new();
        for pair in kernels.windows(2) {
            if pair[0].0 == pair[1].0 {
                diags.push(Diagnostic::warning(
                    &pair[1].1,
                    None,
                    same_name_skipped(&pair[1].1, &pair[0].0, &pair[0].1),
                ));
                shadowed.push(pair[1].1.clone());
            }
        }
        kernels.dedup_by(|b, a| a.0 == b.0);
        let mut seen: rustc_hash::FxHashMap<String, PathBuf> = rustc_hash::FxHashMap::default();
        files.retain(|(rel, path, _)| {
            if shadowed.iter().any(|s| path.starts_with(s)) {
                return false;
            }
            match seen.get(rel) {
                Some(first) => {
                    diags.push(Diagnostic::warning(path, None, same_name_skipped(path, rel, first)));
                    false
                }
                None => {
                    seen.insert(rel.clone(), path.clone());
                    true
                }
            }
        });
        // Every directory the kept files lie in, by the name it reads as.
        let mut dirs: rustc_hash::FxHashMap<&str, &Path> = rustc_hash::FxHashMap::default();
        for (rel, path, _) in &files {
            for (i, _) in rel.match_indices('/') {
                // `a/b/c.txt` at its first `/`: two levels up from the file.
                let on_disk = path.ancestors().nth(rel[i..].matches('/').count()).unwrap_or(path);
                dirs.entry(&rel[..i]).or_insert(on_disk);
            }
        }
        let clashing: Vec<(usize, PathBuf)> = files
            .iter()
            .enumerate()
            .filter_map(|(i, (rel, _, _))| dirs.get(rel.as_str()).map(|d| (i, d.to_path_buf())))
            .collect();
        for (i, d) in clashing.iter().rev() {
            let (rel, path, _) = files.remove(*i);
            diags.push(Diagnostic::warning(&path, None, same_name_skipped(&path, &rel, d)));
        }
    }
    diags.sort_by(|a, b| walk_order(after(&a.file, skip), after(&b.file, skip)));

    let (kernel_dirs, kernel_paths) = kernels.into_iter().unzip();
    Discovered { files, kernel_dirs, kernel_paths, diagnostics: diags }
}

/// True when a `/`-separated relative path has a hidden component (one
/// starting with `.`): the walk leaves such files out, and the output's
/// stale-file removal leaves such paths alone.
pub fn has_hidden_component(rel: &str) -> bool {
    rel.split('/').any(|c| c.starts_with('.'))
}

/// True when `name` holds a line break (or a carriage return).
///
/// Such a file or directory is skipped with a warning: the output
/// directory's list of the files benchsite wrote (`.benchsite`, which
/// the next build reads to remove files it no longer makes) is one path
/// per line, so a raw file named `a\n.git/config` would, copied to the
/// output, list `.git/config` as benchsite's own and have the next build
/// delete it.
pub fn has_line_break(name: &str) -> bool {
    name.contains(['\n', '\r'])
}

/// The warning for a file or directory (`path`) whose name, read as UTF-8
/// (`name`), is the same as an earlier one's (`first`): their names differ
/// in bytes that are not UTF-8, read as U+FFFD (or one holds U+FFFD
/// itself). The message shows both names with such bytes escaped
/// (`caf\xE8`), since printed they look the same.
fn same_name_skipped(path: &Path, name: &str, first: &Path) -> String {
    let raw = |p: &Path| p.file_name().map(|n| format!("{n:?}")).unwrap_or_default();
    format!(
        "skipped: its name {} reads as {name:?}, as {} does (a byte that is not UTF-8 reads as U+FFFD); rename one",
        raw(path),
        raw(first)
    )
}

/// The warning for a name with a line break ([`has_line_break`]).
const LINE_BREAK_SKIPPED: &str =
    "skipped: the name holds a line break (rename it; the list of files benchsite writes is one path per line)";

/// `path` relative to `dir`, its components joined by `/` (lossy UTF-8).
/// Paths a walk of `dir` yields start with `dir`'s bytes; others go
/// through `Path`.
fn relative_str(path: &Path, dir: &Path) -> String {
    let (p, d) = (path.as_os_str().as_encoded_bytes(), dir.as_os_str().as_encoded_bytes());
    let sep = |c: &u8| std::path::is_separator(char::from(*c));
    if std::path::MAIN_SEPARATOR == '/'
        && let Some(rest) = p.strip_prefix(d)
        && (d.last().is_some_and(sep) || rest.first().is_some_and(sep))
    {
        let start = rest.iter().position(|c| !sep(c)).unwrap_or(rest.len());
        let rest = &rest[start..];
        if !rest.split(sep).any(|c| c.is_empty() || c == b".") {
            return String::from_utf8_lossy(rest).into_owned();
        }
    }
    let rel = path.strip_prefix(dir).unwrap_or(path);
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// A sort key for [`walk_order`]: the bytes with every separator as 0.
fn walk_key(b: &[u8]) -> Vec<u8> {
    b.iter().map(|&c| if std::path::is_separator(char::from(c)) { 0 } else { c }).collect()
}

/// Depth-first order of a walk that visits each directory's entries by
/// name, for two paths' bytes: component by component (`a/x` before
/// `a-b`, `a` before `a/x`), which is byte order with the separators
/// counted as the lowest byte (no file name holds a NUL). Cheaper than
/// `Path`'s own comparison, which takes both paths apart.
fn walk_order(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let key = |c: u8| if std::path::is_separator(char::from(c)) { 0 } else { c };
    // The first byte that differs decides (or the shorter path comes first).
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(i) => key(a[i]).cmp(&key(b[i])),
        None => a.len().cmp(&b.len()),
    }
}

/// Reads a machine class's `machine.yaml` only (no raw files); `None` when
/// it is missing or invalid (the problem goes to `diags`).
pub fn read_machine_config(dir: &Path, diags: &mut Vec<Diagnostic>) -> Option<MachineConfig> {
    read_yaml(&dir.join("machine.yaml"), diags)
}

/// Loads one machine class (from [`plan`]): its annotations and every raw
/// file, parsed in parallel. `None` when its `machine.yaml` cannot be read;
/// every problem goes to `diags`.
pub fn load_machine(
    dir: &Path,
    slug: &str,
    diags: &mut Vec<Diagnostic>,
    progress: &indicatif::ProgressBar,
) -> Option<MachineClass> {
    load_machine_cached(dir, slug, None, None, &[], diags, progress)
}

/// [`load_machine`] with the directory already walked by [`discover`].
pub fn load_machine_discovered(
    dir: &Path,
    slug: &str,
    discovered: Option<Discovered>,
    diags: &mut Vec<Diagnostic>,
    progress: &indicatif::ProgressBar,
) -> Option<MachineClass> {
    load_machine_cached(dir, slug, discovered, None, &[], diags, progress)
}

/// [`load_machine_discovered`], taking each raw file's parse result from
/// `cache` when it holds one for the file's contents, and adding the files
/// it parses to it (see [`parse_file_cached`]). Files matching a glob of
/// `site_ignore` (`site.yaml`'s `ignore:`) or of the class's own `ignore:`
/// are left out.
pub fn load_machine_cached(
    dir: &Path,
    slug: &str,
    discovered: Option<Discovered>,
    cache: Option<&ParseCache>,
    site_ignore: &[String],
    diags: &mut Vec<Diagnostic>,
    progress: &indicatif::ProgressBar,
) -> Option<MachineClass> {
    let yaml_text = read_yaml_text(&dir.join("machine.yaml"), diags)?;
    let config: MachineConfig = parse_yaml(&dir.join("machine.yaml"), &yaml_text, diags)?;
    let formats = machine_formats(&dir.join("machine.yaml"), &yaml_text, &config, diags);
    let ignore = ignore_globs(&dir.join("machine.yaml"), &yaml_text, &config.ignore, diags);
    let site_ignore: Vec<glob::Pattern> = site_ignore.iter().filter_map(|g| glob::Pattern::new(g).ok()).collect();

    let Discovered { mut files, kernel_dirs, kernel_paths, diagnostics: mut walk_diags } =
        discovered.unwrap_or_else(|| discover(dir));
    diags.append(&mut walk_diags);
    if !ignore.is_empty() || !site_ignore.is_empty() {
        files.retain(|(rel, _, _)| !ignore.iter().chain(&site_ignore).any(|p| p.matches(rel)));
    }

    // Each kernel's `kernel.yaml`, from its directory on disk (its name may
    // have been read lossily).
    let kernel_yaml: Vec<PathBuf> = kernel_paths.iter().map(|p| p.join("kernel.yaml")).collect();
    let mut kernels: Vec<Kernel> = kernel_dirs
        .iter()
        .zip(&kernel_yaml)
        .map(|(k, yaml)| Kernel { name: k.clone(), config: read_yaml(yaml, diags).unwrap_or_default() })
        .collect();

    // `runs:` entries must name a raw file of their kernel.
    let rels: rustc_hash::FxHashSet<&str> = if kernels.iter().any(|k| !k.config.runs.is_empty()) {
        files.iter().map(|(r, _, _)| r.as_str()).collect()
    } else {
        Default::default()
    };
    for (k, yaml) in kernels.iter().zip(&kernel_yaml) {
        for name in k.config.runs.keys() {
            let rel = format!("{}/{name}", k.name);
            if !rels.contains(rel.as_str()) {
                diags.push(Diagnostic::warning(
                    yaml,
                    None,
                    format!("runs: {name:?} is not a raw file of kernel {} (no {rel})", k.name),
                ));
            }
        }
    }

    // Parse in parallel; diagnostics are gathered in file order.
    progress.inc_length(files.len() as u64);
    let parsed: Vec<(Vec<ResultFile>, Vec<Diagnostic>)> = files
        .par_iter()
        .map(|(rel, path, kernel)| {
            let r = parse_file_cached(rel, path, kernel.as_deref(), &formats, cache);
            progress.inc(1);
            r
        })
        .collect();
    let mut results = Vec::new();
    {
        let by_name: FxHashMap<&str, &Kernel> = kernels.iter().map(|k| (k.name.as_str(), k)).collect();
        for (rfs, mut d) in parsed {
            diags.append(&mut d);
            for mut rf in rfs {
                apply_runs(&mut rf, &by_name);
                results.push(rf);
            }
        }
    }

    // Kernels named only inside machine-level files (hash sets: linear in samples).
    let mut known: FxHashSet<String> = kernels.iter().map(|k| k.name.clone()).collect();
    let mut with_results: FxHashSet<&str> = FxHashSet::default();
    for rf in &results {
        for s in &rf.parsed.samples {
            if let Some(k) = &s.kernel {
                with_results.insert(k.as_str());
                if !known.contains(k.as_str()) {
                    known.insert(k.to_string());
                    kernels.push(Kernel { name: k.to_string(), config: KernelConfig::default() });
                }
            }
        }
    }
    // Drop kernel directories without any result.
    kernels.retain(|k| with_results.contains(k.name.as_str()));
    order_kernels(&mut kernels, &config.kernel_order);

    if let Some(b) = &config.baseline
        && !kernels.iter().any(|k| &k.name == b)
    {
        diags.push(Diagnostic::error(
            dir.join("machine.yaml"),
            line_of(&yaml_text, "baseline:", b),
            format!("baseline {b:?} is not a kernel of this machine class (kernels: {})", names(&kernels)),
        ));
    }
    for sc in &config.sections {
        if let Some(b) = &sc.baseline
            && !kernels.iter().any(|k| &k.name == b)
        {
            diags.push(Diagnostic::error(
                dir.join("machine.yaml"),
                line_of(&yaml_text, &sc.title, "baseline:"),
                format!(
                    "section {:?}: baseline {b:?} is not a kernel of this machine class (kernels: {})",
                    sc.title,
                    names(&kernels)
                ),
            ));
        }
    }
    check_section_globs(&dir.join("machine.yaml"), &yaml_text, &config, diags);
    check_policy(&dir.join("machine.yaml"), &yaml_text, config.alpha, config.trim, diags);
    for sc in &config.sections {
        if let Some(t) = sc.trim.filter(|&t| t > MAX_TRIM) {
            diags.push(Diagnostic::error(
                dir.join("machine.yaml"),
                line_of(&yaml_text, &sc.title, "trim:"),
                format!("section {:?}: {}", sc.title, trim_message(t)),
            ));
        }
    }
    Some(MachineClass { slug: slug.to_string(), dir: dir.to_path_buf(), config, kernels, results })
}

fn names(kernels: &[Kernel]) -> String {
    kernels.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", ")
}

fn known_ids() -> String {
    parse::registry().iter().map(|p| p.id()).collect::<Vec<_>>().join(", ")
}

/// Orders kernels: those listed in `order` first in that order, the rest in
/// version order. Each name is parsed once (n log n comparisons of parsed
/// versions, and a hash lookup for `order`).
pub fn order_kernels(kernels: &mut [Kernel], order: &[String]) {
    let mut pos: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, o) in order.iter().enumerate() {
        pos.entry(o.as_str()).or_insert(i);
    }
    let mut keyed: Vec<(Option<usize>, crate::version::KernelVersion, Kernel)> = kernels
        .iter_mut()
        .map(|k| {
            let k = std::mem::replace(k, Kernel { name: String::new(), config: KernelConfig::default() });
            (pos.get(k.name.as_str()).copied(), crate::version::KernelVersion::parse(&k.name), k)
        })
        .collect();
    keyed.sort_by(|a, b| match (a.0, b.0) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.1.cmp(&b.1),
    });
    for (slot, (_, _, k)) in kernels.iter_mut().zip(keyed) {
        *slot = k;
    }
}

/// Raw result files larger than this (64 MiB) are skipped with a warning
/// ("too large") instead of being read: real benchmark output is a few
/// kilobytes, and a runaway log or a disk image dropped into `content/` must
/// not make a build take minutes and gigabytes.
pub const MAX_RAW_FILE_SIZE: u64 = 64 * 1024 * 1024;

/// Reads and parses one raw file. Returns what each benchmark output in it
/// read (none for a skipped file) and the diagnostics it produced.
pub fn parse_file(
    rel: &str,
    path: &Path,
    kernel_dir: Option<&str>,
    formats: &[(glob::Pattern, &'static dyn parse::BenchParser)],
) -> (Vec<ResultFile>, Vec<Diagnostic>) {
    parse_file_cached(rel, path, kernel_dir, formats, None)
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
}

/// Parses the bytes of a raw file: every benchmark output in it
/// ([`parse::segment::segments`]), the first read by the parser `forced`
/// on it when there is one. Empty, binary (NUL bytes in the first 8 KiB)
/// and unrecognised files give a warning and no result; a damaged segment
/// gives a warning naming its line, and the file's other segments are kept.
/// A parser's notes that are not mere information
/// ([`parse::note_is_info`]: a line that looks like a result and was not
/// read, a block skipped) are warnings on their lines.
pub fn parse_bytes(bytes: &[u8], forced: Option<&'static dyn parse::BenchParser>) -> FileOutcome {
    let mut warnings = Vec::new();
    let skipped = |warnings: Vec<(Option<usize>, String)>| FileOutcome { parsed: Vec::new(), warnings };
    if bytes.is_empty() {
        warnings.push((None, "empty file, skipped".to_string()));
        return skipped(warnings);
    }
    if bytes.iter().take(8192).any(|&b| b == 0) {
        warnings.push((None, "binary file (NUL bytes), skipped".to_string()));
        return skipped(warnings);
    }
    let input = Input::from_bytes(bytes);
    if input.lossy {
        warnings.push((None, "not valid UTF-8; invalid bytes replaced".to_string()));
    }
    let segments = parse::segment::segments(&input, forced);
    if segments.is_empty() {
        warnings.push((None, UNRECOGNISED.to_string()));
        return skipped(warnings);
    }
    let several = segments.len() > 1;
    let mut out = Vec::with_capacity(segments.len());
    for seg in segments {
        let id = seg.parser.id();
        let mut parsed = match seg.outcome {
            Ok(p) => p,
            Err(e) => {
                let what = if several {
                    format!("lines {}-{} skipped, the rest of the file is read", seg.lines.0, seg.lines.1)
                } else {
                    "file skipped".to_string()
                };
                warnings.push((e.line(), format!("{id}: {}; {what}", e.message())));
                continue;
            }
        };
        if parsed.benchmark.is_empty() {
            parsed.benchmark = id.to_string();
        }
        parsed.lines = Some(seg.lines);
        for (line, note) in parsed.notes.iter().filter(|(_, n)| !parse::note_is_info(n)) {
            warnings.push((Some(*line), format!("{id}: {note}")));
        }
        crate::derive::derive(&mut parsed);
        drop_repeated_params(&mut parsed, &mut warnings);
        out.push(parsed);
    }
    FileOutcome { parsed: out, warnings }
}

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
fn read_regular(path: &Path, limit: u64) -> std::io::Result<Result<Vec<u8>, u64>> {
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

/// [`parse_file`], looking the file up in `cache` by its contents (and the
/// parser `formats` forces on it) first, and storing what it parsed there.
pub fn parse_file_cached(
    rel: &str,
    path: &Path,
    kernel_dir: Option<&str>,
    formats: &[(glob::Pattern, &'static dyn parse::BenchParser)],
    cache: Option<&ParseCache>,
) -> (Vec<ResultFile>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let bytes = match read_regular(path, MAX_RAW_FILE_SIZE) {
        Ok(Ok(b)) => b,
        Ok(Err(len)) => {
            diags.push(Diagnostic::warning(
                path,
                None,
                format!(
                    "too large ({len} bytes; raw files over {} MiB are skipped), skipped",
                    MAX_RAW_FILE_SIZE / (1024 * 1024)
                ),
            ));
            return (Vec::new(), diags);
        }
        Err(e) => {
            diags.push(Diagnostic::warning(path, None, format!("cannot read, skipped: {e}")));
            return (Vec::new(), diags);
        }
    };
    let forced = formats.iter().find(|(p, _)| p.matches(rel)).map(|(_, parser)| *parser);
    let outcome = match cache {
        Some(cache) => {
            let key = ParseCache::key(&bytes, forced.map(|p| p.id()));
            cache.get(key).unwrap_or_else(|| {
                let outcome = parse_bytes(&bytes, forced);
                cache.put(key, &outcome);
                outcome
            })
        }
        None => parse_bytes(&bytes, forced),
    };
    diags.extend(outcome.warnings.into_iter().map(|(line, message)| Diagnostic::warning(path, line, message)));
    let raw: std::sync::Arc<[u8]> = bytes.into();
    let mut out = Vec::with_capacity(outcome.parsed.len());
    for mut parsed in outcome.parsed {
        let named_kernel = file_kernels(&mut parsed, path, kernel_dir, &mut diags);
        out.push(ResultFile {
            rel_path: rel.to_string(),
            path: path.to_path_buf(),
            kernel_dir: kernel_dir.map(str::to_string),
            named_kernel,
            parsed,
            raw: raw.clone(),
        });
    }
    (out, diags)
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
                diags.push(Diagnostic::warning(
                    path,
                    parsed.lines.map(|l| l.0),
                    format!(
                        "{}: its rows name {} kernels ({list}); they are filed under those kernels, not averaged as runs of {k}",
                        parsed.benchmark,
                        named.len()
                    ),
                ));
                let k = compact_str::CompactString::from(k);
                for s in &mut parsed.samples {
                    if s.kernel.is_none() {
                        s.kernel = Some(k.clone());
                    }
                }
                return None;
            }
            let named = named.first().map(|n| n.to_string());
            let k = compact_str::CompactString::from(k);
            for s in &mut parsed.samples {
                s.kernel = Some(k.clone());
            }
            named
        }
        None => {
            let before = parsed.samples.len();
            parsed.samples.retain(|s| s.kernel.is_some());
            if parsed.samples.len() < before {
                diags.push(Diagnostic::warning(
                    path,
                    None,
                    format!(
                        "{} value(s) name no kernel; put the file in a kernel directory (<machine>/<kernel>/)",
                        before - parsed.samples.len()
                    ),
                ));
            }
            None
        }
    }
}

/// One `ResultFile` per raw file of `results` (in path order, a file's
/// segments side by side), the first of each: what is hashed and copied
/// once per file.
pub fn first_of_each_file(results: &[ResultFile]) -> impl Iterator<Item = &ResultFile> {
    results.iter().enumerate().filter(|(i, rf)| *i == 0 || results[i - 1].rel_path != rf.rel_path).map(|(_, rf)| rf)
}

/// Turns single values of files listed under a kernel's `runs:` into summaries.
fn apply_runs(rf: &mut ResultFile, kernels: &FxHashMap<&str, &Kernel>) {
    let Some(kdir) = &rf.kernel_dir else { return };
    let Some(kernel) = kernels.get(kdir.as_str()) else { return };
    let in_kernel = rf.rel_path.strip_prefix(&format!("{kdir}/")).unwrap_or(&rf.rel_path);
    let Some(runs) = kernel.config.runs.get(in_kernel) else { return };
    for s in &mut rf.parsed.samples {
        if let Value::Single { value } = s.value {
            s.value = Value::Summary { mean: value, stddev: runs.stddev, n: runs.n };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::discover;

    proptest::proptest! {
        /// Sorting by [`walk_key`] gives [`walk_order`]'s order.
        #[test]
        fn walk_key_sorts_as_walk_order(paths in proptest::collection::vec("[ab/.\\- ]{0,6}", 0..40)) {
            let bytes: Vec<&[u8]> = paths.iter().map(|p| p.as_bytes()).collect();
            let mut by_key = bytes.clone();
            by_key.sort_by_cached_key(|b| super::walk_key(b));
            let mut by_order = bytes.clone();
            by_order.sort_by(|a, b| super::walk_order(a, b));
            proptest::prop_assert_eq!(by_key, by_order);
        }
    }

    /// `discover` sorts once what walkdir's `sort_by_file_name` sorted per
    /// directory: the same order, also for names that sort differently
    /// as whole paths (`a-b` before `a/x` bytewise, after it by name).
    #[test]
    fn discover_lists_files_in_walk_order_by_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("m");
        for rel in [
            "a/x.txt", "a/y.txt", "a-b/x.txt", "a.b/x.txt", "ab/x.txt", "a b/x.txt", "A/x.txt", "b.txt", "a0.txt",
            "a-b.txt",
        ] {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(&p, "x").expect("write");
        }
        let walked: Vec<String> = walkdir::WalkDir::new(&root)
            .min_depth(1)
            .sort_by_file_name()
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .map(|e| e.path().strip_prefix(&root).expect("inside").to_string_lossy().into_owned())
            .collect();
        let found: Vec<String> = discover(&root).files.into_iter().map(|(rel, _, _)| rel).collect();
        assert_eq!(found, walked);
        assert_eq!(walked.first().map(String::as_str), Some("A/x.txt"));
        assert!(walked.iter().position(|p| p == "a/y.txt") < walked.iter().position(|p| p == "a-b/x.txt"));
    }

    #[test]
    fn relative_paths_join_components_with_slashes() {
        use super::relative_str;
        use std::path::Path;
        let rel = |p: &str, d: &str| relative_str(Path::new(p), Path::new(d));
        assert_eq!(rel("/c/m/2.4.7/dbench.txt", "/c/m"), "2.4.7/dbench.txt");
        assert_eq!(rel("/c/m/2.4.7/dbench.txt", "/c/m/"), "2.4.7/dbench.txt");
        assert_eq!(rel("c/m/ x.txt", "c/m"), " x.txt");
        assert_eq!(rel("./c/m/a", "./c/m"), "a");
        // Not a plain join: through `Path`, as before.
        assert_eq!(rel("/c/m//a/./b", "/c/m"), "a/b");
    }
}
