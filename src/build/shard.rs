//! Building a site in shards: `build --classes GLOB --output SHARD` builds
//! only the machine classes the globs match, into a shard output, and
//! `merge SHARD... --output OUT` ([`super::merge`]) puts the shards
//! together and writes the site-level files, to the site a one-shot build
//! makes, byte for byte.
//!
//! A machine class is the unit of work: its pages, charts, data files and
//! raw copies depend on its own files and on what every page knows of the
//! other classes (their `machine.yaml`, read by every shard alike), never
//! on another class's results. What depends on all the classes' results is
//! site-level: `index.html`, `404.html`, the theme's static files, the
//! Markdown index, `data.json`'s index and `.nojekyll`
//! (`pipeline::render_index`); a shard writes none of them.
//!
//! A shard output is an output directory of benchsite's (its `.benchsite`
//! marker, its own build cache) holding the classes' files and a manifest,
//! [`MANIFEST`]: the site's identity (benchsite's version, the options,
//! the theme, `site.yaml` and every `machine.yaml`, hashed), the globs, and
//! for each class its input hash (every file of its directory), its line in
//! the site index, its diagnostics and the list of its output files. The
//! merge checks the identity against its own content, theme and options,
//! each class's input hash against the content directory, that every class
//! is in exactly one shard, and only then writes.

use super::pipeline::{ClassRecord, ShardScope, generate_shard};
use super::themes::resolve_theme;
use super::{BuildError, BuildOptions, BuildReport};
use crate::cache::Cache;
use crate::diag::{Diagnostic, Severity};
use crate::fingerprint::KeyHasher;
use crate::output::{OutputFile, Sink, WriteError};
use crate::report::MachineSummary;
use crate::site;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The manifest of a shard output, at its top (`.benchsite-shard.json`).
pub const MANIFEST: &str = ".benchsite-shard.json";

/// The manifest's `format`: bumped when its layout changes.
pub const FORMAT: &str = "benchsite-shard 2";

/// What the site-level files and every class's pages depend on besides the
/// classes' own files. Two shards merge only when theirs are equal, and
/// equal to the merge's. Hashes are XXH3-64 in hex; no path enters them,
/// so shards built on different machines (checked out elsewhere) merge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteIdentity {
    /// benchsite's version and the format of its outputs.
    pub benchsite: String,
    /// `--width`: the plaintext width, in columns.
    pub width: usize,
    /// `--base-url`, if given.
    pub base_url: Option<String>,
    /// The theme directory's files (names and bytes), or `embedded`.
    pub theme: String,
    /// `site.yaml`'s bytes.
    pub site_yaml: String,
    /// Every machine class's slug and `machine.yaml`, in name order.
    pub classes: String,
}

impl SiteIdentity {
    /// The identity of a build of `content` with `opts`, the theme
    /// directory `theme` (as resolved) and the machine classes `dirs`.
    pub fn of(opts: &BuildOptions, theme: Option<&Path>, dirs: &[(PathBuf, String)]) -> Self {
        let theme = theme.filter(|d| d.is_dir()).map_or_else(|| "embedded".to_string(), |d| hex(tree_hash(d)));
        let mut classes = KeyHasher::default();
        for (dir, slug) in dirs {
            classes.field(slug.as_bytes());
            classes.field(&site::read_annotation(&dir.join("machine.yaml")).unwrap_or_default());
        }
        SiteIdentity {
            benchsite: format!("{}/{}", env!("CARGO_PKG_VERSION"), crate::fingerprint::FORMAT),
            width: opts.text_width,
            base_url: opts.base_url.clone(),
            theme,
            site_yaml: hex(crate::fingerprint::hash(
                &site::read_annotation(&opts.content.join("site.yaml")).unwrap_or_default(),
            )),
            classes: hex(classes.finish()),
        }
    }

    /// What differs between this identity (the shard's) and `merge`'s, in
    /// words (empty when they are equal).
    pub fn differences(&self, merge: &SiteIdentity) -> Vec<String> {
        let mut out = Vec::new();
        if self.benchsite != merge.benchsite {
            out.push(format!("benchsite {} (this is {})", self.benchsite, merge.benchsite));
        }
        if self.width != merge.width {
            out.push(format!("--width {} (the merge's is {})", self.width, merge.width));
        }
        if self.base_url != merge.base_url {
            let show = |u: &Option<String>| u.as_deref().map_or_else(|| "none".to_string(), |u| format!("{u:?}"));
            out.push(format!("--base-url {} (the merge's is {})", show(&self.base_url), show(&merge.base_url)));
        }
        if self.theme != merge.theme {
            out.push("another theme".to_string());
        }
        if self.site_yaml != merge.site_yaml {
            out.push("another site.yaml".to_string());
        }
        if self.classes != merge.classes {
            out.push("other machine classes, or another machine.yaml".to_string());
        }
        out
    }
}

/// A diagnostic as a shard's manifest keeps it: a file in the content
/// directory relative to it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShardDiag {
    /// How bad it is.
    pub severity: Severity,
    /// The group the lint page lists it under.
    #[serde(default)]
    pub kind: crate::diag::Kind,
    /// True when `file` is relative to the content directory.
    pub in_content: bool,
    /// The file.
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl ShardDiag {
    /// `d`, its file made relative to `content` when inside it.
    fn of(d: &Diagnostic, content: &Path) -> Self {
        let rel = d.file.strip_prefix(content).ok().filter(|_| !content.as_os_str().is_empty());
        ShardDiag {
            severity: d.severity,
            kind: d.kind,
            in_content: rel.is_some(),
            file: rel.map_or_else(|| d.file.clone(), Path::to_path_buf),
            line: d.line,
            column: d.column,
            message: d.message.clone(),
        }
    }

    /// The diagnostic, its file under `content` (as the merge names it).
    pub fn to_diagnostic(&self, content: &Path) -> Diagnostic {
        Diagnostic {
            severity: self.severity,
            kind: self.kind,
            file: if self.in_content { content.join(&self.file) } else { self.file.clone() },
            line: self.line,
            column: self.column,
            message: self.message.clone(),
        }
    }
}

/// One machine class of a shard.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShardClass {
    /// The class's slug (its directory's name).
    pub slug: String,
    /// [`input_hash`] of its directory when the shard was built.
    pub input: String,
    /// Raw files read.
    pub files_read: usize,
    /// Its line in the site index (`None`: the class has none).
    pub summary: Option<MachineSummary>,
    /// What loading it gave.
    pub diagnostics: Vec<ShardDiag>,
    /// Its output files, relative to the shard directory, sorted.
    pub files: Vec<String>,
    /// Each of `files`' length and [`crate::output::hash`] (in hex) as
    /// the shard build wrote it: the merge refuses a shard whose file was
    /// cut or changed since (attack34 #17: a page cut to 1,000 bytes in
    /// the artifact was published as is).
    pub written: Vec<(u64, String)>,
}

/// A shard output's manifest ([`MANIFEST`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: String,
    /// What the site-level files depend on.
    pub site: SiteIdentity,
    /// How its classes were chosen ([`Selection::describe`]).
    pub selection: String,
    /// The classes built, in name order.
    pub classes: Vec<ShardClass>,
}

impl Manifest {
    /// Reads the manifest of the shard output `shard`.
    ///
    /// # Errors
    /// [`BuildError::Shard`] naming the shard when it has no manifest, or
    /// one that does not read, or one of another format.
    pub fn read(shard: &Path) -> Result<Self, BuildError> {
        let path = shard.join(MANIFEST);
        let bytes = std::fs::read(&path).map_err(|e| {
            BuildError::Shard(if e.kind() == std::io::ErrorKind::NotFound {
                format!(
                    "{} is not a shard output (no {MANIFEST}): build one with `benchsite build --classes GLOB --output {}`",
                    shard.display(),
                    shard.display()
                )
            } else {
                format!("cannot read {}: {e}", path.display())
            })
        })?;
        let format = serde_json::from_slice::<serde_json::Value>(&bytes)
            .ok()
            .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(str::to_string));
        if format.as_deref() != Some(FORMAT) {
            return Err(BuildError::Shard(format!(
                "{}: not a shard manifest of this benchsite (format {}, this benchsite reads {FORMAT:?}): build the shard again with this benchsite",
                path.display(),
                format.map_or_else(|| "unknown".to_string(), |f| format!("{f:?}"))
            )));
        }
        serde_json::from_slice(&bytes).map_err(|e| BuildError::Shard(format!("{}: {e}", path.display())))
    }
}

/// The XXH3 hash of every file under `dir` (names relative to it and
/// bytes, in name order; hidden entries left out, links followed), in hex:
/// a machine class's input, whatever of it the build reads.
pub fn input_hash(dir: &Path) -> String {
    hex(tree_hash(dir))
}

fn tree_hash(dir: &Path) -> u64 {
    let mut h = KeyHasher::default();
    let walk = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for e in walk {
        match e {
            Ok(e) if e.file_type().is_file() => {
                h.field(e.path().strip_prefix(dir).unwrap_or(e.path()).as_os_str().as_encoded_bytes());
                h.field(&std::fs::read(e.path()).unwrap_or_default());
            }
            // A directory, empty ones too (an empty kernel directory is
            // warned of: a shard built before `mkdir` is another input).
            Ok(e) if e.file_type().is_dir() => {
                h.field(b"\0dir");
                h.field(e.path().strip_prefix(dir).unwrap_or(e.path()).as_os_str().as_encoded_bytes());
            }
            Ok(_) => {}
            // A link loop or an unreadable entry: the same walk of the same
            // tree meets the same one.
            Err(e) => {
                h.field(e.to_string().as_bytes());
            }
        }
    }
    h.finish()
}

pub(super) fn hex(h: u64) -> String {
    format!("{h:016x}")
}

/// Which machine classes a shard builds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// `--classes GLOB...`: those whose directory name any glob matches
    /// (`*`, `?`, `[a-f]`, the whole name, case-sensitively).
    Globs(Vec<String>),
    /// `--shard K/N`: the K-th of N parts (1-based), taking the classes in
    /// name order in turn (the first class to part 1, the second to part
    /// 2, …): N such shards hold every class once, and one holds none when
    /// there are fewer classes than parts.
    Part {
        /// K, 1 to `count`.
        index: usize,
        /// N, at least 1.
        count: usize,
    },
}

impl Selection {
    /// Reads `K/N` (`--shard`).
    ///
    /// # Errors
    /// What is wrong with it, for clap to print.
    pub fn part(text: &str) -> Result<Self, String> {
        let bad = || format!("{text:?}: expected K/N, the K-th of N shards, 1 <= K <= N (2/4)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) =
            (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Selection::Part { index, count })
    }

    /// As the command line gives it: `--classes "a*" --classes "b*"`, `--shard 2/4`.
    pub fn describe(&self) -> String {
        match self {
            Selection::Globs(g) => g.iter().map(|g| format!("--classes {g:?}")).collect::<Vec<_>>().join(" "),
            Selection::Part { index, count } => format!("--shard {index}/{count}"),
        }
    }

    /// The slugs of the machine classes of `dirs` (in name order) this
    /// selection takes, in name order.
    ///
    /// # Errors
    /// [`BuildError::Shard`] for a glob that does not compile, or one that
    /// matches no class (naming the classes there are).
    pub fn select(&self, dirs: &[(PathBuf, String)]) -> Result<Vec<String>, BuildError> {
        match self {
            Selection::Globs(globs) => select(globs, dirs),
            Selection::Part { index, count } => Ok(dirs
                .iter()
                .enumerate()
                .filter(|(i, _)| i % count == index - 1)
                .map(|(_, (_, slug))| slug.clone())
                .collect()),
        }
    }
}

/// The slugs of the machine classes of `dirs` that any of `globs`
/// matches, in name order.
///
/// # Errors
/// [`BuildError::Shard`] for a glob that does not compile, or one that
/// matches no class (naming the classes there are).
pub fn select(globs: &[String], dirs: &[(PathBuf, String)]) -> Result<Vec<String>, BuildError> {
    let mut patterns = Vec::new();
    for g in globs {
        let p = glob::Pattern::new(g).map_err(|e| BuildError::Shard(format!("--classes {g:?} is not a glob: {e}")))?;
        if !dirs.iter().any(|(_, slug)| p.matches(slug)) {
            return Err(BuildError::Shard(format!(
                "--classes {g:?} matches no machine class; the machine classes are: {}",
                list(dirs.iter().map(|(_, s)| s.as_str()))
            )));
        }
        patterns.push(p);
    }
    Ok(dirs.iter().filter(|(_, slug)| patterns.iter().any(|p| p.matches(slug))).map(|(_, s)| s.clone()).collect())
}

/// `names`, comma-separated: the first twenty, then how many more.
pub(super) fn list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    if names.is_empty() {
        return "none".to_string();
    }
    let shown = names.iter().take(20).copied().collect::<Vec<_>>().join(", ");
    if names.len() > 20 { format!("{shown} and {} more", names.len() - 20) } else { shown }
}

/// A shard build's generation ([`super::build_shard`]): the classes
/// `selection` takes, rendered into `sink`, then the shard's manifest.
///
/// # Errors
/// [`BuildError::Shard`] from [`select`], or any error of
/// [`super::generate`].
pub(super) fn generate(
    opts: &BuildOptions,
    selection: &Selection,
    progress: &indicatif::ProgressBar,
    sink: &dyn Sink,
    cache: Option<(&Cache, &mut crate::cache::Entries)>,
) -> Result<BuildReport, BuildError> {
    let (config, dirs) = site::plan(&opts.content, &mut Vec::new())
        .map_err(|source| BuildError::Content { path: opts.content.clone(), source })?;
    let only = selection.select(&dirs)?;
    let recording = Recording { inner: sink, seen: Mutex::new(Vec::new()) };
    let mut scope = ShardScope { only: &only, classes: Vec::new() };
    let report = generate_shard(opts, progress, &recording, cache, &mut scope)?;
    let theme = resolve_theme(opts, config.theme.as_deref())?;
    let mut seen = recording.seen.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    seen.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    seen.dedup_by(|a, b| a.0 == b.0);
    // A file kept in place unchanged (its class's cache entry) is read
    // back for its hash.
    let paths: Vec<(String, (u64, u64))> = seen
        .into_iter()
        .map(|(p, written)| {
            let written = written.unwrap_or_else(|| match std::fs::read(opts.output.join(&p)) {
                Ok(b) => (b.len() as u64, crate::output::hash(&b)),
                Err(_) => (0, crate::output::NO_HASH),
            });
            (p, written)
        })
        .collect();
    let manifest = Manifest {
        format: FORMAT.to_string(),
        site: SiteIdentity::of(opts, theme.as_deref(), &dirs),
        selection: selection.describe(),
        classes: scope.classes.into_iter().map(|r| shard_class(opts, &dirs, r, &paths)).collect(),
    };
    let json = serde_json::to_string_pretty(&manifest).map_err(|e| BuildError::Shard(e.to_string()))?;
    sink.put(crate::output::OutputFile::text(MANIFEST, json + "\n"))?;
    Ok(BuildReport { files_out: report.files_out + 1, ..report })
}

/// Records the path of every file a shard build takes or keeps, with its
/// length and hash when it is taken (or kept by them); `None` for one kept
/// unchanged in place without them.
struct Recording<'a> {
    inner: &'a dyn Sink,
    seen: Mutex<Vec<Seen>>,
}

/// A file's path, and its length and hash when known.
type Seen = (String, Option<(u64, u64)>);

impl Recording<'_> {
    fn saw(&self, path: &str, written: Option<(u64, u64)>) {
        super::lock(&self.seen).push((path.to_string(), written));
    }
}

impl Sink for Recording<'_> {
    fn put(&self, file: OutputFile) -> Result<(), WriteError> {
        self.saw(&file.path, Some((file.contents.len() as u64, crate::output::hash(&file.contents))));
        self.inner.put(file)
    }

    fn keep(&self, paths: &[&str]) -> Result<(), WriteError> {
        for p in paths {
            self.saw(p, None);
        }
        self.inner.keep(paths)
    }

    fn keep_dir(&self, dir: &str, paths: &[&str]) -> Result<(), WriteError> {
        for p in paths {
            self.saw(p, None);
        }
        self.inner.keep_dir(dir, paths)
    }

    fn known_outputs(&self, outputs: Vec<crate::output::Output>) {
        self.inner.known_outputs(outputs);
    }

    fn keep_unchanged(&self, path: &str, len: u64, hash: u64) -> Result<bool, WriteError> {
        let kept = self.inner.keep_unchanged(path, len, hash)?;
        if kept {
            self.saw(path, Some((len, hash)));
        }
        Ok(kept)
    }
}

/// A class's part of the manifest: its record, input hash and output files
/// (those of `paths`, sorted, under `<slug>/`, with their lengths and
/// hashes).
fn shard_class(
    opts: &BuildOptions,
    dirs: &[(PathBuf, String)],
    r: ClassRecord,
    paths: &[(String, (u64, u64))],
) -> ShardClass {
    let dir = dirs.iter().find(|(_, s)| *s == r.slug).map(|(d, _)| d.as_path());
    let prefix = format!("{}/", r.slug);
    let start = paths.partition_point(|p| p.0.as_str() < prefix.as_str());
    let mine: Vec<&(String, (u64, u64))> = paths[start..].iter().take_while(|p| p.0.starts_with(&prefix)).collect();
    let files = mine.iter().map(|p| p.0.clone()).collect();
    let written = mine.iter().map(|p| (p.1.0, hex(p.1.1))).collect();
    ShardClass {
        input: dir.map(input_hash).unwrap_or_default(),
        files_read: r.files_read,
        summary: r.summary,
        diagnostics: r.diags.iter().map(|d| ShardDiag::of(d, &opts.content)).collect(),
        files,
        written,
        slug: r.slug,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(names: &[&str]) -> Vec<(PathBuf, String)> {
        names.iter().map(|n| (PathBuf::from(n), (*n).to_string())).collect()
    }

    #[test]
    fn parts_deal_the_classes_out_in_turn_and_cover_each_once() {
        let d = dirs(&["a", "b", "c", "d", "e"]);
        let parts: Vec<Vec<String>> =
            (1..=3).map(|k| Selection::Part { index: k, count: 3 }.select(&d).expect("part")).collect();
        assert_eq!(parts, [vec!["a", "d"], vec!["b", "e"], vec!["c"]]);
        assert_eq!(Selection::Part { index: 4, count: 6 }.select(&d[..2]).expect("empty"), Vec::<String>::new());
        assert_eq!(Selection::part("2/4"), Ok(Selection::Part { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "2", "a/4", "2/0", ""] {
            assert!(Selection::part(bad).is_err(), "{bad}");
        }
        assert_eq!(Selection::part("3/4").expect("ok").describe(), "--shard 3/4");
    }

    #[test]
    fn globs_match_whole_names_and_one_matching_nothing_is_named() {
        let d = dirs(&["k6-2", "p166", "P4-2400", "quad"]);
        let g = |g: &[&str]| select(&g.iter().map(|s| (*s).to_string()).collect::<Vec<_>>(), &d);
        assert_eq!(g(&["p*"]).expect("p"), ["p166"]);
        assert_eq!(g(&["[a-p]*", "q*"]).expect("two"), ["k6-2", "p166", "quad"]);
        let err = g(&["k6"]).expect_err("a prefix is not a match").to_string();
        assert_eq!(
            err,
            "--classes \"k6\" matches no machine class; the machine classes are: k6-2, p166, P4-2400, quad"
        );
        assert!(g(&["[a-"]).expect_err("bad glob").to_string().contains("is not a glob"));
    }
}
