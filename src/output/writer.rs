//! The writer: [`DirWriter`] takes a build's files into temporaries beside
//! their places and puts them in place all at once, or none.

use super::atomic::{backup_name, remove_stale_temporaries, tmp_name, write_new};
use super::claims::{Clash, PathClaims};
use super::lock::OutputLock;
use super::marker::{self, BUILDING, MARKER, MARKER_TMP};
use super::{NO_HASH, Output, OutputFile, Sink, Stat, WriteError, hash, lock};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
    move |source| WriteError::Write { path: path.to_path_buf(), source }
}

/// Writes `files` under `out`, atomically per file, skipping unchanged ones,
/// and removes files a previous build wrote that are no longer produced.
/// Every path is checked (see [`DirWriter`]) before anything is renamed
/// into place. Returns how many files were written.
///
/// # Errors
/// [`WriteError::NotOurs`] for a foreign non-empty directory without
/// `force`; [`WriteError::Write`] on I/O failure or a path that cannot be
/// written (the output directory is then left as it was).
pub fn write_output(out: &Path, files: &[OutputFile], force: bool) -> Result<usize, WriteError> {
    let writer = DirWriter::new(out, force)?;
    for f in files {
        if let Err(e) = writer.put(f.clone()) {
            writer.abort();
            return Err(e);
        }
    }
    Ok(writer.commit()?.0)
}

/// A [`Sink`] writing into an output directory: each changed file to a
/// temporary file beside it; [`DirWriter::commit`] renames them into place,
/// [`DirWriter::abort`] removes them.
///
/// Before anything is renamed into place, every path is checked, as it
/// arrives: it stays inside the output directory, no two files share a path
/// (with different contents), no file sits where another needs a directory
/// (a machine class named `style.css`), and nothing in the output
/// directory is in the way (a directory where a file goes, a file where a
/// directory goes, a symbolic link to a directory on the way). A failed
/// check fails the build, and [`DirWriter::abort`] leaves the output
/// directory as it was.
pub struct DirWriter {
    out: PathBuf,
    /// Every path produced so far.
    claims: Mutex<PathClaims>,
    /// Directories (relative to `out`) already checked on disk.
    checked: Mutex<FxHashSet<String>>,
    /// Directories (relative to `out`) found blocked (a link, a file), each
    /// with the first path in path order noted under it: a later file there
    /// is checked and noted again only when it comes first (the note names
    /// it, whatever order the files come in), not for every file (review61
    /// site #6: a `charts` link was stat'ed and noted once per chart).
    blocked_dirs: Mutex<FxHashMap<String, String>>,
    /// (temporary file, final path) of every changed file.
    pending: Mutex<Vec<(PathBuf, PathBuf, String)>>,
    /// Output files found unchanged, with their stat as compared.
    seen: Mutex<Vec<(String, Stat)>>,
    /// Directories this build created, in creation order.
    created: Mutex<Vec<PathBuf>>,
    /// What the last build recorded of the outputs of the classes built
    /// again, by path ([`Sink::known_outputs`]).
    known: std::sync::RwLock<FxHashMap<String, Output>>,
    /// The output directory, locked against other builds.
    lock: OutputLock,
    /// Where, relative to the output directory and `/`-separated, a
    /// directory lies that no output may go into (the content directory,
    /// when it is inside the output directory): see [`DirWriter::protect`].
    protected: Option<String>,
    /// Replace files benchsite did not write ([`DirWriter::allow_overwrite`]).
    overwrite: bool,
    /// Output paths where a file with other contents is now (replaced at
    /// the commit, if each is benchsite's own from an earlier build).
    replaced: Mutex<Vec<String>>,
    /// Output paths that cannot be written: what is in the output
    /// directory blocks them (a directory where a file goes, a link or file
    /// where a directory goes), or they clash (two outputs at one path, a
    /// file where other outputs need a directory, a name or path too long,
    /// a line break). Each is said at the commit, which then writes
    /// nothing. The first stopped the build, and the next build stopped at
    /// the next (attacker 59: index.html, then style.css; session 61: the
    /// clashes still one at a time).
    blocked: Mutex<Vec<(PathBuf, String)>>,
    /// SIGINT, SIGTERM and SIGHUP held from the first temporary file
    /// written: one arriving then stops the build at the next file (or
    /// before the commit), which removes the temporaries and the
    /// directories it made, and the signal then has its way. Before,
    /// Ctrl-C there left the temporaries and the in-progress marker in the
    /// output directory (a first build's output held nothing else).
    writing: std::sync::OnceLock<super::hold::Held>,
    /// Temporary files written so far (for `BENCHSITE_FAULT_SIGNAL_WRITE`).
    temps: std::sync::atomic::AtomicUsize,
}

/// The temporary file of a build at which `BENCHSITE_FAULT_SIGNAL_WRITE=N`
/// sends the process SIGINT (`N:TERM` SIGTERM, `N:HUP` SIGHUP; a test's
/// Ctrl-C while the site's files are written); `None` normally. Read from
/// the environment once per process, not per file (review62 site #9).
fn signal_at_write() -> Option<(usize, i32)> {
    static AT: std::sync::OnceLock<Option<(usize, i32)>> = std::sync::OnceLock::new();
    *AT.get_or_init(|| {
        let v = std::env::var("BENCHSITE_FAULT_SIGNAL_WRITE").ok()?;
        let (n, sig) = v.split_once(':').unwrap_or((&v, "INT"));
        let sig = match sig {
            "TERM" => signal_hook::consts::SIGTERM,
            "HUP" => signal_hook::consts::SIGHUP,
            _ => signal_hook::consts::SIGINT,
        };
        Some((n.parse().ok()?, sig))
    })
}

/// The rename of a build that `BENCHSITE_FAULT_RENAME=N` makes fail (a
/// test's injected fault); `None` normally.
fn fault_at() -> Option<usize> {
    std::env::var("BENCHSITE_FAULT_RENAME").ok()?.parse().ok()
}

/// The rename of a build at which `BENCHSITE_FAULT_SIGNAL=N` sends the
/// process SIGTERM (`N:INT` SIGINT, `N:HUP` SIGHUP; a test's stand-in for a
/// Ctrl-C or a CI cancel mid-commit); `None` normally.
fn signal_at() -> Option<(usize, i32)> {
    let v = std::env::var("BENCHSITE_FAULT_SIGNAL").ok()?;
    let (n, sig) = v.split_once(':').unwrap_or((&v, "TERM"));
    let sig = match sig {
        "INT" => signal_hook::consts::SIGINT,
        "HUP" => signal_hook::consts::SIGHUP,
        _ => signal_hook::consts::SIGTERM,
    };
    Some((n.parse().ok()?, sig))
}

/// A file renamed into place: its path relative to the output directory,
/// and its stat right after (`None` when it could not be read).
type Renamed = (String, Option<Stat>);

/// What [`DirWriter::commit`] put in the output directory.
#[derive(Default)]
pub struct Written {
    /// Every output path with the (length, [`hash`]) of its
    /// contents (`None`: kept from an earlier build unread).
    pub hashes: FxHashMap<String, Option<(u64, u64)>>,
    /// The stat of each output file this build wrote (taken right after it
    /// was renamed into place) or compared and left alone (as compared).
    /// A file edited later, even during this build, has another change
    /// time than recorded.
    pub stats: FxHashMap<String, Stat>,
}

/// Whether `dir` holds nothing but temporary files (`.name.tmp`) of the
/// cache a build writes before its first output file.
fn only_temporaries(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|rd| {
        rd.flatten().all(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            e.file_type().is_ok_and(|t| t.is_file()) && name.starts_with('.') && name.ends_with(".tmp")
        })
    })
}

impl DirWriter {
    /// Opens `out` for writing: creates it if needed.
    ///
    /// # Errors
    /// [`WriteError::NotOurs`] for a foreign non-empty directory without
    /// `force`; [`WriteError::Write`] when it cannot be created.
    pub fn new(out: &Path, force: bool) -> Result<Self, WriteError> {
        let mut w = DirWriter {
            out: out.to_path_buf(),
            claims: Mutex::new(PathClaims::default()),
            checked: Mutex::new(FxHashSet::default()),
            blocked_dirs: Mutex::new(FxHashMap::default()),
            pending: Mutex::new(Vec::new()),
            seen: Mutex::new(Vec::new()),
            created: Mutex::new(Vec::new()),
            known: std::sync::RwLock::new(FxHashMap::default()),
            lock: OutputLock(None),
            protected: None,
            overwrite: false,
            replaced: Mutex::new(Vec::new()),
            blocked: Mutex::new(Vec::new()),
            writing: std::sync::OnceLock::new(),
            temps: std::sync::atomic::AtomicUsize::new(0),
        };
        // Locked before anything in the directory is looked at or removed.
        // The directory may go while this build waits for the lock: a first
        // build that created it and failed removes it again, or it is
        // replaced. Then the path is created and locked again, so that the
        // lock is always on the directory the path names.
        loop {
            w.create_dirs(out)?;
            let lock = OutputLock::acquire(out);
            if lock.is_on(out) {
                w.lock = lock;
                break;
            }
        }
        let marker = out.join(MARKER);
        // A directory holding our in-progress marker is ours too: a first
        // build into it was interrupted.
        if !marker.exists() && !out.join(BUILDING).exists() {
            // A first build stopped while it read the content (Ctrl-C)
            // leaves only its parse cache's temporary files in our cache
            // directory (review62 site #1): the directory is ours.
            let ours = |e: &std::fs::DirEntry| e.file_name() == super::CACHE_DIR && only_temporaries(&e.path());
            let mut entries = std::fs::read_dir(out).map_err(io_err(out))?.peekable();
            let non_empty = entries.peek().is_some();
            if non_empty && entries.flatten().all(|e| ours(&e)) {
                let cache = out.join(super::CACHE_DIR);
                if let Ok(rd) = std::fs::read_dir(&cache) {
                    for e in rd.flatten() {
                        let _ = std::fs::remove_file(e.path());
                    }
                }
                let _ = std::fs::remove_dir(&cache);
            } else if non_empty && !force {
                return Err(WriteError::NotOurs(out.to_path_buf()));
            }
        }
        // A build killed before it committed or aborted (Ctrl-C, SIGKILL,
        // a power cut) leaves its temporary files; the marker of a build in
        // progress says so, and the next build removes them.
        let building = out.join(BUILDING);
        if building.exists() {
            remove_stale_temporaries(out);
        }
        write_new(&building, b"").map_err(io_err(&building))?;
        // The in-progress marker is there: if its name in capitals finds
        // it too, the file system folds case, and paths that differ only
        // by case would overwrite each other.
        if out.join(BUILDING.to_uppercase()).exists() {
            *lock(&w.claims) = PathClaims::case_insensitive();
        }
        // Made again with the first temporary file ([`DirWriter::put`]):
        // a build stopped before it (Ctrl-C while the content is read)
        // left the marker alone in the output directory.
        let _ = std::fs::remove_file(&building);
        Ok(w)
    }

    /// Refuses every output path inside `dir` (the content directory), and
    /// leaves any file there alone when stale files are removed: with
    /// `--output .` and `--content content`, a machine class named
    /// `content` would otherwise write pages and raw copies over the
    /// user's own files. Nothing changes when `dir` is not inside the
    /// output directory (the usual layout).
    pub fn protect(&mut self, dir: &Path) {
        let (Ok(out), Ok(dir)) = (self.out.canonicalize(), dir.canonicalize()) else { return };
        if let Ok(rel) = dir.strip_prefix(&out) {
            let rel: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            self.protected = Some(rel.join("/"));
        }
    }

    /// Lets the commit replace files that no benchsite build wrote (the
    /// `--overwrite` flag); without it such files fail the commit, named
    /// ([`WriteError::WouldOverwrite`]), before anything is renamed.
    pub fn allow_overwrite(&mut self) {
        self.overwrite = true;
    }

    /// The files this build would replace that the list of written files
    /// (`previous`) does not name, as a [`WriteError::WouldOverwrite`].
    fn foreign_replaced(&self, previous: &[&str]) -> Result<(), WriteError> {
        let replaced = std::mem::take(&mut *lock(&self.replaced));
        if self.overwrite || replaced.is_empty() {
            return Ok(());
        }
        let ours: FxHashSet<&str> = previous.iter().copied().collect();
        let mut foreign: Vec<String> = replaced.into_iter().filter(|p| !ours.contains(p.as_str())).collect();
        if foreign.is_empty() {
            return Ok(());
        }
        foreign.sort();
        let total = foreign.len();
        foreign.truncate(10);
        Err(WriteError::WouldOverwrite { out: self.out.clone(), named: foreign, total })
    }

    /// True when output path `path` lies in the protected directory.
    fn is_protected(&self, path: &str) -> bool {
        self.protected.as_deref().is_some_and(|p| {
            p.is_empty() || path.strip_prefix(p).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
    }

    /// The lock on the output directory, to hold past [`DirWriter::commit`]
    /// (while the build cache is stored there too).
    pub fn hold_lock(&self) -> OutputLock {
        self.lock.share()
    }

    /// Creates `dir` and its missing parents, remembering which it created.
    fn create_dirs(&self, dir: &Path) -> Result<(), WriteError> {
        if dir.is_dir() {
            return Ok(());
        }
        // `w/.` as `w`: `create_dir_all` fails on a path ending in `.` whose
        // directory does not exist yet.
        let dir: &Path = &dir.components().collect::<PathBuf>();
        let mut missing = Vec::new();
        let mut d = Some(dir);
        while let Some(p) = d {
            if p.as_os_str().is_empty() || p.is_dir() {
                break;
            }
            missing.push(p.to_path_buf());
            d = p.parent();
        }
        // A link to nothing (its target removed): `create_dir_all` said
        // only "File exists (os error 17)" (attack60).
        if let Some(p) = missing.iter().find(|p| p.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink())) {
            let to = std::fs::read_link(p).map(|t| t.display().to_string()).unwrap_or_default();
            return Err(WriteError::Write {
                path: p.clone(),
                source: std::io::Error::other(format!(
                    "is a symbolic link to {to}, which does not exist (or is not a directory): make that directory, or give --output another path"
                )),
            });
        }
        std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        missing.reverse();
        lock(&self.created).extend(missing);
        Ok(())
    }

    /// Notes `e`, a path that what is in the output directory blocks
    /// ([`DirWriter::blocked`]); any other error is returned.
    fn block(&self, e: WriteError) -> Result<(), WriteError> {
        match e {
            WriteError::Write { path, source } => {
                lock(&self.blocked).push((path, source.to_string()));
                Ok(())
            }
            e => Err(e),
        }
    }

    /// Every blocked path ([`DirWriter::block`]) as one error: the first
    /// (in path order) with its reason, then up to nine more with theirs
    /// ("blocked too" covers clashes as well: none of them can be written).
    fn blocked_error(&self) -> Option<WriteError> {
        let mut blocked = std::mem::take(&mut *lock(&self.blocked));
        blocked.sort();
        blocked.dedup_by(|b, a| a.0 == b.0);
        let (path, why) = blocked.first()?.clone();
        let rest = &blocked[1..];
        let mut said = why;
        if !rest.is_empty() {
            let shown: Vec<String> = rest
                .iter()
                .take(9)
                .map(|(p, w)| format!("{} ({w})", p.strip_prefix(&self.out).unwrap_or(p).display()))
                .collect();
            let more = if rest.len() > shown.len() {
                format!(" and {} more", rest.len() - shown.len())
            } else {
                String::new()
            };
            said = format!("{said}; blocked too: {}{more}", shown.join("; "));
        }
        Some(WriteError::Write { path, source: std::io::Error::other(said) })
    }

    /// Every output path that cannot be written ([`DirWriter::blocked`]) as
    /// one error, taken out (the commit then finds none); `None` when all
    /// can be. A build asks before its commit, to clear what else it put in
    /// the output directory (the cache) before [`DirWriter::abort`] removes
    /// a directory it created: the commit's own abort left a first build's
    /// output directory behind, holding the cache's.
    pub fn unwritable(&self) -> Option<WriteError> {
        self.blocked_error()
    }

    /// The error for a build stopped by a signal held while its files were
    /// written ([`DirWriter::writing`]); `None` when none arrived.
    fn interrupted(&self) -> Option<WriteError> {
        let sig = self.writing.get().and_then(super::hold::Held::caught)?;
        let name = signal_hook::low_level::signal_name(sig).unwrap_or("a signal");
        Some(WriteError::Write {
            path: self.out.clone(),
            source: std::io::Error::new(std::io::ErrorKind::Interrupted, format!("{name} arrived; the build stopped")),
        })
    }

    fn conflict(&self, path: &str, why: String) -> WriteError {
        Clash::At(path.to_string(), why).into_error(&self.out, path)
    }

    /// The stat an earlier build recorded for the output at `path`
    /// (relative) when it recorded these contents' length and hash: a file
    /// with that stat (size, times and inode) is untouched since, and holds
    /// these contents.
    fn known_stat(&self, path: &str, len: u64, hash: u64) -> Option<Stat> {
        let known = self.known.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.get(path).filter(|o| o.hash != NO_HASH && o.hash == hash && o.stat.len == len).map(|o| o.stat)
    }

    /// [`PathClaims::claim`] on the locked claims: the path's ancestors
    /// when it is new, `None` when the same file was claimed before.
    fn claim_locked<'p>(
        &self,
        claims: &mut PathClaims,
        path: &'p str,
        contents: Option<(u64, u64)>,
    ) -> Result<Option<Vec<Cow<'p, str>>>, WriteError> {
        // Checked before anything is renamed into place: a rename that
        // fails for the length midway would leave a mixed site. The
        // temporary name ([`tmp_name`]) is never longer than the final one
        // allows.
        if self.is_protected(path) {
            let why = "lies in the content directory; no build writes there (is a machine class named like the content directory?)";
            return Err(WriteError::Write { path: self.out.join(path), source: std::io::Error::other(why) });
        }
        // The joined path's length is at most the two lengths and a
        // separator: joined (allocated) only when that is near the limit.
        let at_most = self.out.as_os_str().len() + 1 + path.len();
        let full = (at_most >= super::claims::PATH_MAX).then(|| self.out.join(path));
        if let Some(full) = full.filter(|f| f.as_os_str().len() >= super::claims::PATH_MAX) {
            let why = format!(
                "is a path of {} bytes; Linux allows fewer than {}",
                full.as_os_str().len(),
                super::claims::PATH_MAX
            );
            return Err(WriteError::Write { path: full, source: std::io::Error::other(why) });
        }
        claims
            .claim(path, contents, |h| {
                // Kept from the last build on one side: compare with the file on disk.
                std::fs::read(self.out.join(path)).is_ok_and(|b| (b.len() as u64, hash(&b)) == h)
            })
            .map_err(|c| c.into_error(&self.out, path))
    }

    /// Checks what is in the output directory already at the ancestors of
    /// `path` (each directory once a build): none may be a symbolic link
    /// or a file.
    fn check_ancestors(
        &self,
        checked: &mut FxHashSet<String>,
        path: &str,
        ancestors: &[Cow<'_, str>],
    ) -> Result<(), WriteError> {
        for d in ancestors.iter().rev() {
            let d: &str = d;
            if checked.contains(d) {
                continue;
            }
            let meta = self.out.join(d).symlink_metadata();
            if meta.as_ref().is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(self.conflict(
                    d,
                    format!("is a symbolic link in the output directory; benchsite does not write {path} through it"),
                ));
            }
            if meta.as_ref().is_ok_and(|m| !m.is_dir()) {
                return Err(self
                    .conflict(d, format!("is a file in the output directory, but {path} needs it to be a directory")));
            }
            checked.insert(d.to_string());
        }
        Ok(())
    }

    /// Writes the marker (the list of written files) naming every path the
    /// last build and this one wrote, renames every temporary file into
    /// place, removes files a previous build wrote that this one did not
    /// produce, and writes the marker again without them. A build killed
    /// while renaming leaves no file the next build does not know of.
    /// Returns how many files were written (changed), and every output
    /// path with its contents' length and hash ([`Written`]).
    ///
    /// # Errors
    /// [`WriteError::Write`] when the marker cannot be written or a file
    /// cannot be renamed into place (the output directory is then as it
    /// was: files renamed so far are put back, the temporary files
    /// removed); [`WriteError::PartlyCommitted`] when putting back fails,
    /// or removing a stale file or rewriting the list fails after every
    /// rename: the output directory then holds complete files only, some
    /// of them from this build.
    pub fn commit(self) -> Result<(usize, Written), WriteError> {
        // Ctrl-C, SIGTERM or SIGHUP from here on waits until the renames
        // are done or rolled back (and the list of written files matches).
        let _held = super::hold::hold();
        let out = &self.out;
        // Read lossily: a byte that is not UTF-8 (an edit by hand) must not
        // cost the whole list (and with it the removal of stale files); no
        // path benchsite writes holds one.
        let marker_bytes = marker::read(out);
        // (Checked a word at a time first: `from_utf8_lossy` goes byte by
        // byte, 13 M instructions for a large archive's 41,000 paths.)
        let marker_text = match std::str::from_utf8(&marker_bytes) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(&marker_bytes),
        };
        let previous = marker::listed(&marker_text);
        if let Some(e) = self.interrupted() {
            self.abort();
            return Err(e);
        }
        if let Some(e) = self.blocked_error() {
            self.abort();
            return Err(e);
        }
        if let Err(e) = self.foreign_replaced(&previous) {
            self.abort();
            return Err(e);
        }
        // Taken out, not moved out: `abort` still works on `self` below.
        let produced = std::mem::take(&mut lock(&self.claims).produced);
        // The last build's paths are looked up in `produced` (a hash map):
        // 40,000 paths in a large archive.
        let stale: Vec<&str> =
            previous.iter().copied().filter(|p| !produced.contains_key(*p) && !self.is_protected(p)).collect();
        // The list stays as it is when it is exactly the list this build
        // would write.
        let same_list =
            stale.is_empty() && marker::is_canonical(out, &marker_text, marker_bytes.len(), &previous, produced.len());
        let capacity = marker_text.len() + 4096;
        let now = if same_list {
            marker::remove_tmp(out);
            Vec::new()
        } else {
            self.list_before_renaming(&produced, &stale, capacity)?
        };
        let had_marker = out.join(MARKER).is_file();
        let (written, renamed) = self.rename_pending(had_marker.then_some(&marker_bytes[..]))?;
        marker::remove_stale(out, &stale)?;
        // The stale paths are gone: the list names this build's only.
        if !stale.is_empty() {
            marker::write_list(out, &now, capacity)
                .map_err(|(path, source)| WriteError::PartlyCommitted { path, source })?;
        }
        drop(now);
        let _ = std::fs::remove_file(out.join(BUILDING));
        let mut stats: FxHashMap<String, Stat> =
            self.seen.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).into_iter().collect();
        stats.extend(renamed.into_iter().filter_map(|(rel, s)| Some((rel, s?))));
        Ok((written, Written { hashes: produced, stats }))
    }

    /// The first step of [`DirWriter::commit`] when the list of written
    /// files changes: before anything is renamed into place, the list names
    /// every path the output directory may hold after this build, the last
    /// build's (`stale`) and this one's (`produced`), so a build killed
    /// while renaming leaves no file the next one does not know to remove.
    /// Returns this build's paths, sorted.
    ///
    /// # Errors
    /// [`WriteError::Write`] when the list cannot be written; nothing is in
    /// place yet, and the build is aborted (the output directory is left as
    /// it was).
    fn list_before_renaming<'p>(
        &self,
        produced: &'p FxHashMap<String, Option<(u64, u64)>>,
        stale: &[&'p str],
        capacity: usize,
    ) -> Result<Vec<&'p str>, WriteError> {
        let mut now: Vec<&str> = produced.keys().map(String::as_str).collect();
        now.par_sort_unstable();
        let mut union: Vec<&str> = now.iter().chain(stale).copied().collect();
        if !stale.is_empty() {
            union.par_sort_unstable();
            union.dedup();
        }
        if let Err((path, source)) = marker::write_list(&self.out, &union, capacity) {
            let _ = std::fs::remove_file(self.out.join(MARKER_TMP));
            self.abort();
            return Err(WriteError::Write { path, source });
        }
        Ok(now)
    }

    /// Renames every temporary file into place (in parallel: a large
    /// archive renames 40,000 files). A file already there is first kept
    /// under [`backup_name`] (a hard link: no copy), so that when any
    /// rename fails, every file renamed so far is put back as it was (or
    /// removed, when it is new) and the list of written files restored
    /// from `marker_before` (`None`: there was none). Returns how many
    /// files were renamed, and each one's relative path with its stat right
    /// after the rename.
    ///
    /// For tests, `BENCHSITE_FAULT_RENAME=N` makes the N-th rename of a
    /// build fail (see `tests/safety.rs`).
    ///
    /// # Errors
    /// [`WriteError::Write`] when a rename failed and everything was put
    /// back (the output directory is as it was); [`WriteError::PartlyCommitted`]
    /// when putting back failed too. No temporary file is left.
    fn rename_pending(&self, marker_before: Option<&[u8]>) -> Result<(usize, Vec<Renamed>), WriteError> {
        let pending = std::mem::take(&mut *lock(&self.pending));
        let count = std::sync::atomic::AtomicUsize::new(0);
        let fault = fault_at();
        let signal = signal_at();
        let done: Mutex<Vec<(&PathBuf, Option<PathBuf>)>> = Mutex::new(Vec::with_capacity(pending.len()));
        let renamed: Result<Vec<Renamed>, _> = pending
            .par_iter()
            .map(|(tmp, path, rel)| {
                let backup = self.keep_old(path, rel).map_err(|e| (path, e))?;
                let nth = count.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if let Some((_, sig)) = signal.filter(|(n, _)| *n == nth) {
                    let _ = signal_hook::low_level::raise(sig);
                }
                let moved = if fault == Some(nth) {
                    Err(std::io::Error::other(format!("injected fault at rename {nth} (BENCHSITE_FAULT_RENAME)")))
                } else {
                    std::fs::rename(tmp, path)
                };
                if let Err(e) = moved {
                    if let Some(b) = backup {
                        let _ = std::fs::remove_file(b);
                    }
                    return Err((path, e));
                }
                lock(&done).push((path, backup));
                Ok((rel.clone(), Stat::of(path)))
            })
            .collect();
        let done = done.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        match renamed {
            Ok(r) => {
                done.par_iter().filter_map(|(_, b)| b.as_ref()).for_each(|b| {
                    let _ = std::fs::remove_file(b);
                });
                Ok((pending.len(), r))
            }
            Err((path, source)) => {
                // Leave no temporary files behind (those renamed are gone).
                pending.par_iter().for_each(|(tmp, _, _)| {
                    let _ = std::fs::remove_file(tmp);
                });
                let put_back = self.put_back(&done, marker_before);
                self.abort();
                match put_back {
                    Ok(()) => Err(WriteError::Write { path: path.clone(), source }),
                    Err(_) => Err(WriteError::PartlyCommitted { path: path.clone(), source }),
                }
            }
        }
    }

    /// Keeps the file at output path `path` (relative `rel`) under its
    /// [`backup_name`] before a new version is renamed over it; `None`
    /// when there is no file there.
    fn keep_old(&self, path: &Path, rel: &str) -> std::io::Result<Option<PathBuf>> {
        if !path.symlink_metadata().is_ok_and(|m| m.is_file()) {
            return Ok(None);
        }
        let backup = path.with_file_name(backup_name(rel));
        let _ = std::fs::remove_file(&backup);
        std::fs::hard_link(path, &backup)?;
        Ok(Some(backup))
    }

    /// Undoes the renames `done` (each output path with its backup, if it
    /// had a file before) and writes back the list of written files as it
    /// was (`None`: there was none).
    fn put_back(&self, done: &[(&PathBuf, Option<PathBuf>)], marker_before: Option<&[u8]>) -> std::io::Result<()> {
        let mut result = Ok(());
        for (path, backup) in done {
            let undone = match backup {
                Some(b) => std::fs::rename(b, path),
                None => std::fs::remove_file(path),
            };
            if let Err(e) = undone
                && result.is_ok()
            {
                result = Err(e);
            }
        }
        let marker = self.out.join(MARKER);
        let restored = match marker_before {
            Some(bytes) => {
                std::fs::read(&marker).is_ok_and(|now| now == bytes) || {
                    let tmp = self.out.join(MARKER_TMP);
                    write_new(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, &marker)).is_ok()
                }
            }
            None => std::fs::remove_file(&marker).is_ok() || !marker.exists(),
        };
        if !restored && result.is_ok() {
            result = Err(std::io::Error::other("the list of written files could not be restored"));
        }
        result
    }

    /// Removes every temporary file and every directory this build created
    /// (if empty), leaving the output directory as it was.
    pub fn abort(&self) {
        if self.interrupted().is_some() {
            super::hold::rolled_back();
        }
        for (tmp, _, _) in lock(&self.pending).drain(..) {
            let _ = std::fs::remove_file(tmp);
        }
        let _ = std::fs::remove_file(self.out.join(BUILDING));
        // Deepest first: threads creating directories side by side record
        // them in no particular order, and a parent goes only once empty.
        let mut created = lock(&self.created).clone();
        created.sort_by(|a, b| b.components().count().cmp(&a.components().count()).then_with(|| a.cmp(b)));
        created.dedup();
        for d in created {
            let _ = std::fs::remove_dir(d);
        }
    }
}

impl Sink for DirWriter {
    fn put(&self, f: OutputFile) -> Result<(), WriteError> {
        let (len, hash) = (f.contents.len() as u64, hash(&f.contents));
        // A clash (two outputs at one path, a name too long) is noted like
        // a blocked path: the commit names them all and writes nothing.
        let ancestors = match self.claim_locked(&mut lock(&self.claims), &f.path, Some((len, hash))) {
            Ok(Some(ancestors)) => ancestors,
            // The same file again.
            Ok(None) => return Ok(()),
            Err(e) => return self.block(e),
        };
        // What is in the way is noted and the build goes on: the commit
        // names every such path at once.
        {
            let mut checked = lock(&self.checked);
            let mut blocked_dirs = lock(&self.blocked_dirs);
            if ancestors.iter().any(|d| blocked_dirs.get(d.as_ref()).is_some_and(|first| f.path >= *first)) {
                return Ok(());
            }
            if let Err(e) = self.check_ancestors(&mut checked, &f.path, &ancestors) {
                // The one that failed: the first (from the top) not checked.
                if let Some(d) = ancestors.iter().rev().find(|d| !checked.contains(d.as_ref())) {
                    blocked_dirs.insert(d.to_string(), f.path.clone());
                }
                return self.block(e);
            }
        }
        let path = self.out.join(&f.path);
        let meta = path.symlink_metadata();
        if meta.as_ref().is_ok_and(std::fs::Metadata::is_dir) {
            return self.block(
                self.conflict(&f.path, "is a directory in the output directory, but the site has a file there".into()),
            );
        }
        // Unchanged: leave the file alone. A file the last build wrote and
        // nothing touched since is compared by its recorded hash; otherwise
        // only a file of the same length is read. A symbolic link is
        // replaced by the file, whatever it points to (kept, it would show
        // whatever its target holds later).
        if let Ok(m) = &meta
            && m.is_file()
            && (self.known_stat(&f.path, len, hash) == Some(Stat::of_metadata(m))
                || (m.len() == len && std::fs::read(&path).is_ok_and(|old| old == f.contents)))
        {
            // As seen before it was compared: an edit since shows as a new
            // change time in the next build.
            lock(&self.seen).push((f.path, Stat::of_metadata(m)));
            return Ok(());
        }
        if !self.overwrite && meta.as_ref().is_ok_and(std::fs::Metadata::is_file) {
            lock(&self.replaced).push(f.path.clone());
        }
        let tmp = path.with_file_name(tmp_name(&f.path));
        // From the first temporary on, a signal stops the build here, at
        // the next file, and the failed build removes what it wrote.
        let writing = self.writing.get_or_init(|| {
            let held = super::hold::hold();
            let _ = write_new(&self.out.join(BUILDING), b"");
            held
        });
        if let Some(e) = writing.caught().and_then(|_| self.interrupted()) {
            return Err(e);
        }
        // The directory is made when the file cannot be created for want of
        // it: most files go to a directory an earlier file (or build) made.
        let mut written = write_new(&tmp, &f.contents);
        if written.as_ref().is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
            && let Some(parent) = path.parent()
        {
            self.create_dirs(parent)?;
            written = write_new(&tmp, &f.contents);
        }
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(io_err(&tmp)(e));
        }
        lock(&self.pending).push((tmp, path, f.path));
        let nth = self.temps.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if let Some((_, sig)) = signal_at_write().filter(|(n, _)| *n == nth) {
            let _ = signal_hook::low_level::raise(sig);
        }
        Ok(())
    }

    fn known_outputs(&self, outputs: Vec<Output>) {
        let mut known = self.known.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.extend(outputs.into_iter().map(|o| (o.path.clone(), o)));
    }

    fn keep_unchanged(&self, path: &str, len: u64, hash: u64) -> Result<bool, WriteError> {
        // Looked up on disk only when the last build recorded it so.
        let Some(recorded) = self.known_stat(path, len, hash) else { return Ok(false) };
        let Ok(m) = self.out.join(path).symlink_metadata() else { return Ok(false) };
        if !m.is_file() || Stat::of_metadata(&m) != recorded {
            return Ok(false);
        }
        // Produced, with these contents, as if put (a clash or a path in
        // the way noted for the commit, as `put` does).
        match self.claim_locked(&mut lock(&self.claims), path, Some((len, hash))) {
            Ok(Some(ancestors)) => {
                if let Err(e) = self.check_ancestors(&mut lock(&self.checked), path, &ancestors) {
                    self.block(e)?;
                }
            }
            Ok(None) => {}
            Err(e) => self.block(e)?,
        }
        lock(&self.seen).push((path.to_string(), Stat::of_metadata(&m)));
        Ok(true)
    }

    fn keep_dir(&self, dir: &str, paths: &[&str]) -> Result<(), WriteError> {
        // What `claim_locked` checks of a path that could differ from the
        // build that claimed these: a content directory inside the output
        // directory, or an output directory now named longer.
        let longest = paths.iter().map(|p| p.len()).max().unwrap_or(0);
        if self.protected.is_some() || self.out.as_os_str().len() + 1 + longest >= super::claims::PATH_MAX {
            return self.keep(paths);
        }
        let Some(dirs) = lock(&self.claims).claim_tree(dir, paths) else {
            return self.keep(paths);
        };
        // Each directory once, shallowest first, as `keep` checks them (a
        // problem named with the first path under it).
        let mut checked = lock(&self.checked);
        for (d, first) in dirs {
            if let Err(e) = self.check_ancestors(&mut checked, first, &[Cow::Borrowed(d)]) {
                self.block(e)?;
            }
        }
        Ok(())
    }

    fn keep(&self, paths: &[&str]) -> Result<(), WriteError> {
        // Claimed under one lock for the whole class: two classes kept side
        // by side took turns on the lock path by path.
        let mut fresh = Vec::with_capacity(paths.len());
        {
            let mut claims = lock(&self.claims);
            claims.reserve(paths.len());
            for &path in paths {
                match self.claim_locked(&mut claims, path, None) {
                    Ok(Some(ancestors)) => fresh.push((path, ancestors)),
                    Ok(None) => {}
                    Err(e) => self.block(e)?,
                }
            }
        }
        let mut checked = lock(&self.checked);
        for (path, ancestors) in fresh {
            if let Err(e) = self.check_ancestors(&mut checked, path, &ancestors) {
                self.block(e)?;
            }
        }
        Ok(())
    }
}
