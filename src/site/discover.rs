//! The walk: which directories of a content directory are machine classes
//! ([`plan`]) and which files of a machine class are raw files, in which
//! order, under which kernel directory ([`discover`]). Names that cannot
//! be used safely (a line break, a hidden component, two names that read
//! the same) are skipped with a warning.

use super::config::{SiteConfig, read_site_config};
use crate::diag::Diagnostic;
use std::path::{Path, PathBuf};

/// The annotation files, which are never raw files.
const ANNOTATIONS: &[&str] = &["site.yaml", "machine.yaml", "kernel.yaml"];

/// Names taken for `site.yaml` ([`plan`] warns "did you mean site.yaml?"
/// of each; [`warn_files_at_the_root`] leaves them to it).
const SITE_YAML_LOOKALIKES: [&str; 4] = ["site.yml", "Site.yaml", "site.YAML", "site.yaml.txt"];

/// True when a file named `name` is not a raw file: hidden, an editor's
/// or a patch's leftover ([`is_leftover`]), a README, Markdown or an
/// annotation.
fn ignored(name: &str) -> bool {
    name.starts_with('.')
        || is_leftover(name)
        || name.starts_with("README")
        || name.ends_with(".md")
        || ANNOTATIONS.contains(&name)
}

/// True when a file named `name` is what an editor or a tool leaves
/// beside a file: a backup (`dbench.txt~`, `dbench.txt.bak` of `sed
/// -i.bak`), Emacs's auto-save (`#dbench.txt#`, there while the file is
/// being edited), `patch`'s `.orig` and `.rej`, vim's swap files: each
/// was read as one more run of the file's kernel (attack34 #11: 6.2's
/// `dbench.txt` and its `.bak`, +42.2% instead of +8.9%). `serve` does
/// not rebuild for them either.
pub fn is_leftover(name: &str) -> bool {
    // The extension compared without case, in place (the walk asks it of
    // every file; a lower-cased copy of each name was 8 M instructions in
    // a large archive's rebuild).
    let ends_with = |ext: &str| {
        name.len() >= ext.len() && name.as_bytes()[name.len() - ext.len()..].eq_ignore_ascii_case(ext.as_bytes())
    };
    name.ends_with('~')
        || (name.len() > 2 && name.starts_with('#') && name.ends_with('#'))
        || [".bak", ".orig", ".rej", ".swp", ".swo", ".swx"].into_iter().any(ends_with)
}

/// True for a class's `machine.yaml` and a kernel's `kernel.yaml` found
/// in their places by the walk of the class: they are read whatever they
/// link to.
fn annotation_in_place(entry: &walkdir::DirEntry) -> bool {
    let name = entry.file_name().to_string_lossy();
    entry.file_type().is_file()
        && matches!(&*name, "machine.yaml" | "kernel.yaml")
        && annotation_read_elsewhere(&name, entry.depth()).is_none()
}

/// Where annotation `name` is read, when a class's walk finds it at
/// `depth` (1: in the class directory) where it is not: a `kernel.yaml` in
/// a run directory (`6.1/run2/kernel.yaml`, its `runs:` never applied), a
/// `machine.yaml` in a kernel's directory, a `site.yaml` in a class were
/// left out without a word (attack34 #25). `None` for any other file, or
/// one in its place.
fn annotation_read_elsewhere(name: &str, depth: usize) -> Option<&'static str> {
    match name {
        "kernel.yaml" if depth != 2 => Some("directly in a kernel's directory (`6.1/kernel.yaml`)"),
        "machine.yaml" if depth != 1 => Some("in the machine class's directory (`box/machine.yaml`)"),
        "site.yaml" => Some("in the content directory"),
        _ => None,
    }
}

/// The first step of [`load`](fn@super::load): reads `site.yaml` and
/// lists the machine-class directories (those with a `machine.yaml`), in
/// name order, as (directory, slug). Directories without `machine.yaml`
/// get a warning in `diags`.
///
/// # Errors
/// When `content` is not a readable directory.
pub fn plan(content: &Path, diags: &mut Vec<Diagnostic>) -> std::io::Result<(SiteConfig, Vec<(PathBuf, String)>)> {
    check_content_dir(content)?;
    let config = read_site_config(content, diags);
    // `site.yml` was ignored without a word: the site built with the
    // defaults (alpha 0.05, no base_url).
    if !content.join("site.yaml").exists()
        && let Some(n) = SITE_YAML_LOOKALIKES.into_iter().find(|n| content.join(n).is_file())
    {
        diags.push(Diagnostic::warning(
            content.join(n),
            None,
            "not read: only site.yaml is (did you mean site.yaml?); the site is built with the defaults",
        ));
    }
    warn_files_at_the_root(content, &config, diags);
    // A machine class given as the content directory would build a site
    // with no class (and a rebuild would remove every page of the last).
    if content.join("machine.yaml").is_file() {
        diags.push(Diagnostic::error(
            content,
            None,
            "is a machine class (it holds machine.yaml): give --content the directory above it, which holds site.yaml and one directory per machine class",
        ));
        return Ok((config, Vec::new()));
    }

    // A class directory may be a symbolic link, followed as a kernel's is:
    // inside the content directory always, out of it with `follow_links`,
    // else skipped with a warning naming its target (it was dropped
    // without a word).
    let root = std::cell::OnceCell::new();
    let mut dirs: Vec<PathBuf> = Vec::new();
    for e in std::fs::read_dir(content)?.filter_map(Result::ok) {
        let Ok(t) = e.file_type() else { continue };
        if t.is_dir() {
            dirs.push(e.path());
            continue;
        }
        if !t.is_symlink() || !e.path().is_dir() {
            continue;
        }
        let root = root.get_or_init(|| content.canonicalize().ok());
        match (e.path().canonicalize(), root) {
            (Ok(target), Some(root)) if !config.follow_links && !target.starts_with(root) => {
                if !e.file_name().to_string_lossy().starts_with('.') {
                    diags.push(Diagnostic::warning(
                        e.path(),
                        None,
                        format!(
                            "skipped: a machine class linked out of the content directory (to {}); its files would be published with the site (set `follow_links: true` in site.yaml to read it)",
                            target.display()
                        ),
                    ));
                }
            }
            _ => dirs.push(e.path()),
        }
    }
    // A hidden directory is not read; one that is a machine class (it
    // holds machine.yaml) is said skipped, not dropped without a word.
    dirs.retain(|p| {
        let name = p.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
        if !name.starts_with('.') {
            return true;
        }
        if p.join("machine.yaml").is_file() {
            diags.push(Diagnostic::note(p, None, hidden_dir_skipped(&name, "machine class")));
        }
        false
    });
    dirs.sort();
    let mut out: Vec<(PathBuf, String)> = Vec::new();
    for dir in dirs {
        let slug = shown_name(dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
        if has_line_break(&slug) {
            diags.push(Diagnostic::warning(&dir, None, LINE_BREAK_SKIPPED));
            continue;
        }
        diags.extend(invisible_warning(&dir, "machine class", &slug));
        // A directory nobody may list (or look into) was called "not a
        // machine class (no machine.yaml)" (attack60): say why it is not read.
        let unreadable = std::fs::read_dir(&dir).err().or_else(|| {
            std::fs::symlink_metadata(dir.join("machine.yaml"))
                .err()
                .filter(|e| e.kind() != std::io::ErrorKind::NotFound)
        });
        if let Some(e) = unreadable {
            diags.push(Diagnostic::warning(
                &dir,
                None,
                format!("cannot be read ({e}); skipped: if it is a machine class, let benchsite read it"),
            ));
            continue;
        }
        if !dir.join("machine.yaml").exists() {
            // A site's root given as the content directory: its `content/`
            // holds the machine classes.
            let holds_classes = std::fs::read_dir(&dir)
                .map(|rd| rd.filter_map(Result::ok).any(|e| e.path().join("machine.yaml").is_file()))
                .unwrap_or(false);
            let misnamed = ["machine.yml", "Machine.yaml", "machine.YAML", "machine.yaml.txt"]
                .into_iter()
                .find(|n| dir.join(n).is_file());
            let msg = if let Some(n) = misnamed {
                format!("not a machine class (no machine.yaml); skipped. It holds {n}: did you mean machine.yaml?")
            } else if holds_classes {
                format!(
                    "not a machine class (no machine.yaml); skipped. Its directories are machine classes: is it the content directory (--content {})?",
                    dir.display()
                )
            } else {
                "not a machine class (no machine.yaml); skipped".to_string()
            };
            diags.push(Diagnostic::warning(&dir, None, msg));
            continue;
        }
        // Two names that differ only in bytes that are not UTF-8 read the
        // same; they would share one output directory and cache entry.
        if let Some((first, _)) = out.iter().find(|(_, s)| *s == slug) {
            diags.push(Diagnostic::warning(&dir, None, same_name_skipped(&dir, &slug, first)));
            continue;
        }
        // A case-insensitive file system (macOS, Windows) holds `Box/` and
        // `box/` as one directory: one class's pages would overwrite the
        // other's.
        if let Some((first, other)) = out.iter().find(|(_, s)| s.to_lowercase() == slug.to_lowercase()) {
            diags.push(Diagnostic::warning(
                &dir,
                None,
                format!(
                    "machine classes {other:?} ({}) and {slug:?} differ only in case: on a file system that ignores case (macOS, Windows) their pages are one directory and one overwrites the other; rename one",
                    first.display()
                ),
            ));
        }
        out.push((dir, slug));
    }
    build_classes_of_one_directory_once(&mut out, diags);
    if out.is_empty() {
        diags.push(Diagnostic::error(
            content,
            None,
            "holds no machine class (a directory with a machine.yaml, beside site.yaml); `benchsite init DIR` makes a site to start from",
        ));
    }
    super::partial::check_reference_machine(content, &config, &out, diags);
    Ok((config, out))
}

/// Warns of each file at the content directory's root that is not read:
/// only `site.yaml` is (and directories, the machine classes); a raw
/// result or `notes.txt` there was ignored without a word (attack60
/// R/site-yml). Left alone: hidden files, `README*` and `*.md` (notes),
/// an editor's leftovers ([`is_leftover`]: `site.yaml~`, `#site.yaml#`,
/// review61 site #2), the `site.yml` family (warned of by [`plan`]), `machine.yaml` (an
/// error of its own) and names that `ignore:` globs of site.yaml match.
fn warn_files_at_the_root(content: &Path, config: &SiteConfig, diags: &mut Vec<Diagnostic>) {
    let Ok(entries) = std::fs::read_dir(content) else { return };
    let ignore: Vec<glob::Pattern> = config.ignore.iter().filter_map(|g| glob::Pattern::new(g).ok()).collect();
    let mut names: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    names.sort();
    for (name, path) in names {
        let quiet = name.starts_with('.')
            || name.starts_with("README")
            || name.ends_with(".md")
            || is_leftover(&name)
            || ["site.yaml", "machine.yaml"].contains(&name.as_str())
            || SITE_YAML_LOOKALIKES.contains(&name.as_str())
            || ignore.iter().any(|p| p.matches(&name));
        if quiet {
            continue;
        }
        diags.push(
            Diagnostic::warning(
                path,
                None,
                format!(
                    "not read: the content directory's files are not results or notes benchsite reads (only site.yaml is; a raw result goes in a kernel's directory, `CLASS/KERNEL/{}`; notes in a README or `*.md`); add it to `ignore:` in site.yaml to say it is meant",
                    shown_name(name.clone())
                ),
            )
            .of_kind(crate::diag::Kind::Skipped),
        );
    }
}

/// The directories among `dirs` that are one directory under two names
/// (a class or kernel linked to another inside the content directory):
/// for each such pair, the index of the name kept, of the name dropped,
/// and the real path. The kept name is the one that is not a link (of two
/// links, the first in `dirs`' order). One `canonicalize` per directory;
/// one that cannot be resolved is left alone.
fn one_directory_twice<'a>(dirs: impl Iterator<Item = &'a Path>) -> Vec<(usize, usize, PathBuf)> {
    let is_link = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
    let dirs: Vec<&Path> = dirs.collect();
    let mut seen: rustc_hash::FxHashMap<PathBuf, usize> = rustc_hash::FxHashMap::default();
    let mut twice = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        let Ok(real) = dir.canonicalize() else { continue };
        let Some(&first) = seen.get(&real) else {
            seen.insert(real, i);
            continue;
        };
        let (kept, gone) = if is_link(dir) || !is_link(dirs[first]) { (first, i) } else { (i, first) };
        seen.insert(real.clone(), kept);
        twice.push((kept, gone, real));
    }
    twice
}

/// Builds a machine class that is one directory under two names once (a
/// class linked to another inside the content directory: attack60
/// R/class-symlink's `zz -> m`). Each name was built, the same results
/// shown as two classes; since session 61 it was warned of, still built
/// twice. Now the name that is not a link is kept (of two links, the first
/// by name), the other dropped, and a warning on the dropped name names
/// both directories. One `canonicalize` per class.
fn build_classes_of_one_directory_once(classes: &mut Vec<(PathBuf, String)>, diags: &mut Vec<Diagnostic>) {
    let mut dropped = vec![false; classes.len()];
    for (kept, gone, real) in one_directory_twice(classes.iter().map(|c| c.0.as_path())) {
        dropped[gone] = true;
        let ((kd, ks), (gd, gs)) = (&classes[kept], &classes[gone]);
        diags.push(Diagnostic::warning(
            gd,
            None,
            format!(
                "machine classes {ks:?} ({}) and {gs:?} ({}) are one directory ({}): built once, as {ks:?}; remove the link, or copy the directory if two classes are meant",
                kd.display(),
                gd.display(),
                real.display()
            ),
        ));
    }
    let mut i = 0;
    classes.retain(|_| {
        i += 1;
        !dropped[i - 1]
    });
}

/// Checks that `content` is a directory, with an error that says how to
/// find or make one: a missing one names the current directory and
/// suggests `--content` and `init`.
///
/// # Errors
/// When `content` does not exist, cannot be read, or is not a directory.
pub fn check_content_dir(content: &Path) -> std::io::Result<()> {
    let meta = std::fs::metadata(content).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            let cwd = std::env::current_dir().ok();
            let here = cwd.as_ref().map_or_else(|| "?".into(), |d| d.display().to_string());
            let hint = if cwd.as_deref().is_some_and(looks_like_content) {
                "this directory looks like a content directory itself: give --content ."
            } else {
                "give the content directory with --content DIR, or make a site with `benchsite init DIR`"
            };
            std::io::Error::new(e.kind(), format!("no such directory (in {here}); {hint}"))
        } else {
            e
        }
    })?;
    if !meta.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            format!("{} is not a directory", content.display()),
        ));
    }
    Ok(())
}

/// Whether `dir` looks like a content directory: it holds `site.yaml`, or
/// a directory holding `machine.yaml` (a machine class). Used for the hint
/// when `benchsite` is run from inside one without `--content .`.
fn looks_like_content(dir: &Path) -> bool {
    dir.join("site.yaml").is_file()
        || std::fs::read_dir(dir)
            .is_ok_and(|entries| entries.flatten().any(|e| e.path().join("machine.yaml").is_file()))
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
///
/// A symbolic link whose target lies outside the content directory (the
/// class directory's parent) is skipped with a warning naming its target:
/// its files would be published with the site. [`discover_with`] follows
/// such links (`follow_links: true` in site.yaml).
pub fn discover(dir: &Path) -> Discovered {
    discover_with(dir, false)
}

/// [`discover`], following symbolic links out of the content directory
/// when `follow_outside` is true.
pub fn discover_with(dir: &Path, follow_outside: bool) -> Discovered {
    let Walked { mut files, mut kernels, mut diags, lossy, linked_kernel } = walk(dir, follow_outside);
    // The order of walkdir's `sort_by_file_name` (each directory's entries
    // by name, depth first), sorted here once: walkdir took every compared
    // name apart from its path again, a tenth of a no-op rebuild.
    // Every path starts with `dir`: compare what follows.
    let skip = dir.as_os_str().len();
    // Each path's bytes with separators as 0, built once: compared as plain
    // bytes (memcmp) they give the walk order.
    files.sort_by_cached_key(|f| walk_key(after(&f.1, skip)));
    // By name; of names that read the same, the first in walk order first.
    kernels.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| walk_order(after(&a.1, skip), after(&b.1, skip))));
    if lossy {
        drop_same_names(&mut files, &mut kernels, &mut diags);
    }
    if linked_kernel {
        build_kernels_of_one_directory_once(&mut files, &mut kernels, &mut diags);
    }
    warn_names_of_one_case(&files, &mut diags);
    diags.sort_by(|a, b| walk_order(after(&a.file, skip), after(&b.file, skip)));

    let (kernel_dirs, kernel_paths) = kernels.into_iter().unzip();
    Discovered { files, kernel_dirs, kernel_paths, diagnostics: diags }
}

/// What [`walk`] found, in the order the walk met it.
struct Walked {
    /// Raw files, as in [`Discovered::files`].
    files: Vec<(String, PathBuf, Option<String>)>,
    /// Kernel directories: (name, path on disk).
    kernels: Vec<(String, PathBuf)>,
    /// Problems walking.
    diags: Vec<Diagnostic>,
    /// True when some name was not UTF-8 (read lossily): two names may
    /// then read the same.
    lossy: bool,
    /// True when some kernel directory is a symbolic link: it may be
    /// another kernel's directory under a second name.
    linked_kernel: bool,
}

/// The walk of [`discover`], unsorted: every raw file and kernel directory
/// under `dir`, and warnings for what is skipped.
fn walk(dir: &Path, follow_outside: bool) -> Walked {
    // The content directory, resolved once, when a link must be checked.
    let content = std::cell::OnceCell::new();
    let root = || content.get_or_init(|| dir.parent().and_then(|p| p.canonicalize().ok()));
    let mut files: Vec<(String, PathBuf, Option<String>)> = Vec::new();
    // Kernel directories: (name, path on disk).
    let mut kernels: Vec<(String, PathBuf)> = Vec::new();
    let mut diags = Vec::new();
    let mut lossy = false;
    let mut linked_kernel = false;
    // Hidden files and directories a user may have meant as results (see
    // [`looks_like_a_result_file`], [`holds_raw_files`]): one warning
    // names them all, at the class's directory.
    let mut hidden: Vec<String> = Vec::new();
    let mut walk = walkdir::WalkDir::new(dir).follow_links(true).min_depth(1).into_iter();
    while let Some(entry) = walk.next() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().map(Path::to_path_buf).unwrap_or_else(|| dir.to_path_buf());
                let what = if e.loop_ancestor().is_some() { "symbolic link loop".to_string() } else { e.to_string() };
                // A kernel directory that cannot be listed is skipped
                // whole, its `kernel.yaml` too (an error to read it would
                // fail the build over a directory already said skipped).
                if e.depth() == 1 {
                    kernels.retain(|(_, p)| *p != path);
                }
                diags.push(Diagnostic::warning(path, None, format!("skipped: {what}")));
                continue;
            }
        };
        if entry.path_is_symlink()
            && !follow_outside
            // A `machine.yaml` or `kernel.yaml` in its place is read through
            // the link (it is not published): no false "skipped".
            && !annotation_in_place(&entry)
            && let Some(root) = root()
            && let Ok(target) = entry.path().canonicalize()
            && !target.starts_with(root)
        {
            let why = format!(
                "skipped: a symbolic link out of the content directory (to {}); its files would be published with the site (set `follow_links: true` in site.yaml to read it)",
                target.display()
            );
            diags.push(Diagnostic::warning(entry.path(), None, why));
            if entry.file_type().is_dir() {
                walk.skip_current_dir();
            }
            continue;
        }
        let rel_str = relative_str(entry.path(), dir);
        // A name that is not UTF-8 is read lossily (`caf\u{FFFD}`); two such
        // names may then read the same (checked after the walk).
        lossy |= rel_str.contains('\u{FFFD}');
        if has_hidden_component(&rel_str) {
            if entry.file_type().is_dir() {
                if holds_raw_files(entry.path()) {
                    if entry.depth() == 1 {
                        diags.push(Diagnostic::note(
                            entry.path(),
                            None,
                            hidden_dir_skipped(name_of(&rel_str), "kernel"),
                        ));
                    } else {
                        hidden.push(format!("{rel_str}/"));
                    }
                }
                walk.skip_current_dir();
            } else if looks_like_a_result_file(name_of(&rel_str)) {
                hidden.push(rel_str);
            }
            continue;
        }
        if has_line_break(&rel_str) {
            diags.push(Diagnostic::warning(entry.path(), None, LINE_BREAK_SKIPPED));
            if entry.file_type().is_dir() {
                walk.skip_current_dir();
            }
            continue;
        }
        // After the last `/` (an ASCII byte: a character boundary).
        let name = &rel_str[rel_str.bytes().rposition(|b| b == b'/').map_or(0, |i| i + 1)..];
        if entry.file_type().is_dir() {
            if entry.depth() == 1 {
                diags.extend(invisible_warning(entry.path(), "kernel", name));
                linked_kernel |= entry.path_is_symlink();
                kernels.push((name.to_string(), entry.path().to_path_buf()));
            }
            continue;
        }
        if let Some(place) = annotation_read_elsewhere(name, entry.depth()) {
            let said = format!("not read: {name} is read only {place}; move it there, or remove it");
            diags.push(Diagnostic::warning(entry.path(), None, said).of_kind(crate::diag::Kind::Skipped));
            continue;
        }
        if let Some(n) = misnamed_kernel_yaml(name, entry.depth()) {
            let said = format!("not read: only kernel.yaml is (did you mean kernel.yaml?); {n} is skipped");
            diags.push(Diagnostic::warning(entry.path(), None, said).of_kind(crate::diag::Kind::Skipped));
            continue;
        }
        if ignored(name) {
            if let Some(said) = skipped_result(name, entry.path(), entry.file_type().is_file()) {
                diags.push(Diagnostic::warning(entry.path(), None, said).of_kind(crate::diag::Kind::Skipped));
            }
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
    if !hidden.is_empty() {
        let names: Vec<String> = hidden.iter().map(|h| format!("`{h}`")).collect();
        diags.push(
            Diagnostic::warning(
                dir,
                None,
                format!(
                    "hidden {} skipped (names starting with `.` are not read): {}; rename {} to read {}",
                    if hidden.len() == 1 { "name" } else { "names" },
                    names.join(", "),
                    if hidden.len() == 1 { "it" } else { "them" },
                    if hidden.len() == 1 { "it" } else { "them" },
                ),
            )
            .of_kind(crate::diag::Kind::Skipped),
        );
    }
    Walked { files, kernels, diags, lossy, linked_kernel }
}

/// Warns of raw files whose paths differ only in case (`dbench.txt` and
/// `DBench.txt` in one kernel's directory): a checkout on a file system
/// that ignores case (macOS, Windows by default) holds one of them, the
/// other's runs lost without a word there. The warning is on the later in
/// walk order and names both. Kernel directories that differ only in case
/// are warned of as kernels (`warn_kernels_alike`), so only files of one
/// kernel directory (or none) are compared. Nothing is built when no name
/// holds a capital letter.
fn warn_names_of_one_case(files: &[(String, PathBuf, Option<String>)], diags: &mut Vec<Diagnostic>) {
    if !files.iter().any(|f| f.0.chars().any(char::is_uppercase)) {
        return;
    }
    let mut seen: rustc_hash::FxHashMap<(Option<&str>, String), &str> = rustc_hash::FxHashMap::default();
    for (rel, path, kernel) in files {
        match seen.entry((kernel.as_deref(), rel.to_lowercase())) {
            std::collections::hash_map::Entry::Occupied(first) => diags.push(Diagnostic::warning(
                path,
                None,
                format!(
                    "raw files `{}` and `{rel}` differ only in case: a checkout on a file system that ignores case (macOS, Windows) holds one of them, the other's results lost; rename one",
                    first.get()
                ),
            )),
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(rel);
            }
        }
    }
}

/// Builds a kernel directory that is one directory under two names once
/// (`6.1-again -> 6.1` in a class): each name was built as a kernel of its
/// own, the same runs shown as two kernels and compared with each other,
/// without a word. The name that is not a link is kept (of two links, the
/// first by name); the other's files, kernel and walk warnings are dropped,
/// and a warning on it names both directories. `kernels` in name order.
fn build_kernels_of_one_directory_once(
    files: &mut Vec<(String, PathBuf, Option<String>)>,
    kernels: &mut Vec<(String, PathBuf)>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut gone: Vec<usize> = Vec::new();
    let mut said: Vec<Diagnostic> = Vec::new();
    for (kept, drop, real) in one_directory_twice(kernels.iter().map(|k| k.1.as_path())) {
        gone.push(drop);
        let ((kn, kp), (gn, gp)) = (&kernels[kept], &kernels[drop]);
        said.push(Diagnostic::warning(
            gp,
            None,
            format!(
                "kernels {kn:?} ({}) and {gn:?} ({}) are one directory ({}): built once, as {kn:?}; remove the link, or copy the directory if two kernels are meant",
                kp.display(),
                gp.display(),
                real.display()
            ),
        ));
    }
    if gone.is_empty() {
        return;
    }
    let paths: Vec<PathBuf> = gone.iter().map(|&i| kernels[i].1.clone()).collect();
    let under = |p: &Path| paths.iter().any(|k| p.starts_with(k));
    files.retain(|f| !under(&f.1));
    diags.retain(|d| !under(&d.file));
    kernels.retain(|k| !paths.contains(&k.1));
    diags.extend(said);
}

/// `kernel.yml` (and `Kernel.yaml`, `kernel.YAML`, `kernel.yaml.txt`)
/// directly in a kernel's directory (`depth` 2): read as a raw file, it
/// was "unrecognised" or a YAML that is not results, with no hint that
/// the kernel's annotations were never read (site.yml and machine.yml get
/// "did you mean"). `None` for any other name or place.
fn misnamed_kernel_yaml(name: &str, depth: usize) -> Option<&str> {
    (depth == 2 && ["kernel.yml", "Kernel.yaml", "kernel.YAML", "kernel.yaml.txt"].contains(&name)).then_some(name)
}

/// How many bytes of a skipped file [`skipped_result`] reads to tell
/// whether it holds a benchmark's output.
const SNIFF: usize = 64 * 1024;

/// The warning for a file the walk leaves out by its name ([`ignored`]:
/// `README*`, `*.md`, an editor's leftover such as `*.bak`) when its text
/// reads as a benchmark's output ([`crate::parse::detect`] on its first
/// [`SNIFF`] bytes): results saved as `dbench.md`, `README-dbench.txt` or
/// `dbench.txt.bak` were left out without a word (attack60). `None` for a
/// hidden file or an annotation (said elsewhere), a file that is not
/// regular, and prose.
fn skipped_result(name: &str, path: &Path, regular: bool) -> Option<String> {
    if !regular || name.starts_with('.') || ANNOTATIONS.contains(&name) {
        return None;
    }
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path).ok()?.take(SNIFF as u64).read_to_end(&mut bytes).ok()?;
    let parser = crate::parse::detect(&crate::parse::Input::from_bytes(&bytes))?;
    let why = if is_leftover(name) {
        "an editor's or a tool's leftover (a backup, `.orig`, `.rej`, a swap file) is not read"
    } else if name.starts_with("README") {
        "a file named README… is not read (notes)"
    } else {
        "a Markdown file (`*.md`) is not read (notes)"
    };
    Some(format!(
        "not read: {why}, yet it reads as {} output; if it is a run, rename it (`{}.txt`), else add it to `ignore:` to say so",
        parser.id(),
        plain_stem(name)
    ))
}

/// `name` without what makes [`ignored`] leave it out: `README-dbench.txt`
/// → `dbench`, `dbench.md` → `dbench`, `dbench.txt.bak` → `dbench`.
fn plain_stem(name: &str) -> &str {
    let mut n = name.strip_prefix("README").map_or(name, |r| r.trim_start_matches(['-', '_', '.']));
    for ext in [".bak", ".orig", ".rej", ".swp", ".swo", ".swx", "~", "#", ".md", ".txt"] {
        n = n.strip_suffix(ext).unwrap_or(n);
    }
    let n = n.trim_start_matches('#');
    if n.is_empty() { "results" } else { n }
}

/// True when hidden file `name` would be a raw file but for its leading
/// dots: a name with an extension after them (`..dbench.txt`,
/// `.dbench.txt`, attack47 F9: skipped without a word), not a tool's
/// dotfile (`.gitignore`, `.DS_Store`: no extension), an editor's leftover
/// (`.dbench.txt.swp`, Emacs's lock `.#dbench.txt`), a README, Markdown or
/// an annotation.
fn looks_like_a_result_file(name: &str) -> bool {
    let shown = name.trim_start_matches('.');
    !shown.starts_with('#')
        && shown.rsplit_once('.').is_some_and(|(stem, ext)| !stem.is_empty() && !ext.is_empty())
        && !ignored(shown)
}

/// The last component of a `/`-separated relative path.
fn name_of(rel: &str) -> &str {
    rel.rsplit('/').next().unwrap_or(rel)
}

/// Directories of tools (version control) that are hidden on purpose and
/// never hold results: skipped without a note.
const TOOL_DIRS: &[&str] = &[".git", ".hg", ".svn", ".bzr", ".jj", ".pijul"];

/// True when hidden directory `dir` holds a file the walk would read were
/// it not hidden (not itself hidden, a README, Markdown or an annotation),
/// or a directory: results a user may expect to see. Tool directories
/// (`.git`) never do.
fn holds_raw_files(dir: &Path) -> bool {
    let name = dir.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    if TOOL_DIRS.contains(&name.as_ref()) {
        return false;
    }
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let n = e.file_name();
            let n = n.to_string_lossy();
            !n.starts_with('.') && (e.path().is_dir() || !ignored(&n))
        })
    })
}

/// The note for a hidden directory `name` (a `what`: kernel directory or
/// machine class) that the walk skips with everything in it.
fn hidden_dir_skipped(name: &str, what: &str) -> String {
    let shown = name.trim_start_matches('.');
    let rename = if shown.trim().is_empty() {
        "give it a name that does not start with `.`".to_string()
    } else {
        format!("rename it {shown:?}")
    };
    format!(
        "hidden directory {name:?} skipped with everything in it (names starting with `.` are not read); to read it as a {what}, {rename}"
    )
}

/// The bytes of `p` after its first `skip` (those of the walked directory).
fn after(p: &Path, skip: usize) -> &[u8] {
    let b = p.as_os_str().as_encoded_bytes();
    b.get(skip..).unwrap_or(b)
}

/// Names that differ only in bytes that are not UTF-8 read the same: the
/// first in walk order keeps the name; a later kernel directory is skipped
/// with everything in it, a later file on its own, and a file that reads
/// as a directory's name is skipped. `files` and `kernels` are in walk
/// order; a warning for each skipped one goes to `diags`.
fn drop_same_names(
    files: &mut Vec<(String, PathBuf, Option<String>)>,
    kernels: &mut Vec<(String, PathBuf)>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut shadowed: Vec<PathBuf> = Vec::new();
    for pair in kernels.windows(2) {
        if pair[0].0 == pair[1].0 {
            diags.push(Diagnostic::warning(&pair[1].1, None, same_name_skipped(&pair[1].1, &pair[0].0, &pair[0].1)));
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
    for (rel, path, _) in files.iter() {
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

/// The walk leaves out names the output writer would not list
/// ([`crate::output`]): hidden components, and line breaks.
pub use crate::output::claims::has_line_break;
pub use crate::output::marker::has_hidden_component;

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
    shown_name(relative_str_raw(path, dir))
}

/// A name as benchsite shows and writes it: a control character (an
/// escape sequence, a NUL; not a line break, which [`has_line_break`]
/// skips) becomes U+FFFD, as a byte that is not UTF-8 does, so no page,
/// CSV, Markdown or diagnostic carries it; the file on disk is still read
/// by its own path. Two names that then read the same are both skipped.
pub(super) fn shown_name(name: String) -> String {
    let name = match crate::diag::replace_controls(&name, &['\n', '\r']) {
        std::borrow::Cow::Borrowed(_) => name,
        std::borrow::Cow::Owned(shown) => shown,
    };
    // An invisible character (a zero-width space, a soft hyphen) is
    // written as its code point, `<U+200B>`: the name would look the same
    // as the one without it ([`invisible_warning`] says so).
    match crate::diag::show_invisible(&name) {
        std::borrow::Cow::Borrowed(_) => name,
        std::borrow::Cow::Owned(shown) => shown,
    }
}

/// The warning for a machine class or kernel directory (`what`) whose
/// name holds an invisible character ([`crate::diag::is_invisible`]),
/// shown as `shown`; `None` when it holds none.
fn invisible_warning(path: &Path, what: &str, shown: &str) -> Option<Diagnostic> {
    let raw = path.file_name()?.to_string_lossy();
    let c = raw.chars().find(|&c| crate::diag::is_invisible(c))?;
    let plain: String = raw.chars().filter(|&c| !crate::diag::is_invisible(c)).collect();
    Some(Diagnostic::warning(
        path,
        None,
        format!(
            "the {what} directory's name holds an invisible character (U+{:04X}): it would look the same as {plain:?} on every page and in the mail, so it is shown as {shown:?}; rename the directory unless the character is meant",
            u32::from(c)
        ),
    ))
}

fn relative_str_raw(path: &Path, dir: &Path) -> String {
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
