//! Atomic writes: each output goes to a new temporary file beside its
//! place, named so that a killed build's leftovers are found and swept by
//! the next build, and is renamed into place only when the build succeeded.

use super::CACHE_DIR;
use super::marker::{BUILDING, MARKER, MARKER_TMP};
use std::path::{Path, PathBuf};

/// Ends the name of the temporary file an output is written to beside its
/// place (`.<name>.benchsite-tmp`).
pub const TMP_SUFFIX: &str = ".benchsite-tmp";

/// Removes the temporary files an interrupted build left in `out`: this
/// build's own names for them (`.<name>.benchsite-tmp` beside each output,
/// `.benchsite.tmp` for the marker, `.<class>.*.tmp` in the cache
/// directory), never anything else.
pub(super) fn remove_stale_temporaries(out: &Path) {
    // Not into a gh-pages checkout's `.git`, nor into another output
    // directory inside this one (its own marker says so): a build may be
    // writing there now, under its own lock.
    let walk = walkdir::WalkDir::new(out).follow_links(false).into_iter().filter_entry(|e| {
        e.file_name() != ".git"
            && !(e.depth() > 0
                && e.file_type().is_dir()
                && (e.path().join(MARKER).exists() || e.path().join(BUILDING).exists()))
    });
    let mut emptied = Vec::new();
    for e in walk.filter_map(Result::ok) {
        // A file, or a symbolic link planted under a temporary name (the
        // link is removed, never followed).
        if e.file_type().is_dir() {
            continue;
        }
        let name = e.file_name().to_string_lossy();
        let in_cache = e.path().parent().is_some_and(|p| p.file_name().is_some_and(|n| n == CACHE_DIR));
        let ours = (name.starts_with('.') && name.ends_with(TMP_SUFFIX))
            || (e.depth() == 1 && name == MARKER_TMP)
            || (in_cache && name.starts_with('.') && name.ends_with(".tmp"));
        if ours && std::fs::remove_file(e.path()).is_ok() {
            emptied.extend(e.path().parent().map(Path::to_path_buf));
        }
    }
    // The directories the killed build made for its temporary files.
    for d in emptied {
        remove_empty_dirs(&d, out);
    }
}

/// Removes `dir` if empty, then each parent that this leaves empty, up to
/// (not including) `out`; never a directory that still holds anything.
pub(super) fn remove_empty_dirs(dir: &Path, out: &Path) {
    let mut dir = Some(dir);
    while let Some(d) = dir
        && d != out
        && d.starts_with(out)
        && std::fs::remove_dir(d).is_ok()
    {
        dir = d.parent();
    }
}

/// The first directory on the way to `rel` under `out` that is a symbolic
/// link, if any: what is behind it is not the output directory's.
pub(super) fn linked_dir(out: &Path, rel: &Path) -> Option<PathBuf> {
    let mut cur = out.to_path_buf();
    let parent = rel.parent()?;
    for c in parent.components() {
        cur.push(c);
        if cur.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
            return Some(cur);
        }
    }
    None
}

/// The name of the temporary file written beside the output `rel` (a
/// path relative to the output directory) before it is renamed into
/// place: `.<name>.benchsite-tmp`, or, when that would be longer than a
/// file name may be (255 bytes; a kernel directory's name can be 250),
/// `.<hash of the path>.benchsite-tmp`. Both end in the suffix by which a
/// killed build's leftovers are found.
pub(super) fn tmp_name(rel: &str) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if name.len() + TMP_SUFFIX.len() < 255 {
        format!(".{name}{TMP_SUFFIX}")
    } else {
        format!(".{:032x}{TMP_SUFFIX}", xxhash_rust::xxh3::xxh3_128(rel.as_bytes()))
    }
}

/// The name under which the file at output `rel` is kept while a build
/// renames its new version into place, so a failure can put it back:
/// `.<name>.old.benchsite-tmp` (or a hash, as [`tmp_name`]); a killed
/// build's are swept with the temporaries.
pub(super) fn backup_name(rel: &str) -> String {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if name.len() + TMP_SUFFIX.len() + 4 < 255 {
        format!(".{name}.old{TMP_SUFFIX}")
    } else {
        format!(".{:032x}.old{TMP_SUFFIX}", xxhash_rust::xxh3::xxh3_128(rel.as_bytes()))
    }
}

/// Creates `path` as a new, empty regular file for writing. Whatever else
/// is at `path` (a temporary file left by a killed build, or a symbolic
/// link planted under a temporary file's name, which writing would follow
/// out of the output directory) is removed first, never followed; a
/// directory there is an error.
///
/// # Errors
/// When the old entry cannot be removed or the file cannot be created.
pub fn create_new(path: &Path) -> std::io::Result<std::fs::File> {
    // Created exclusively (`O_EXCL`, which never follows a link): something
    // is in the way only when that fails, and only then is it looked at.
    let open = || std::fs::OpenOptions::new().write(true).create_new(true).open(path);
    match open() {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            if path.symlink_metadata().is_ok_and(|m| !m.is_dir()) {
                std::fs::remove_file(path)?;
                open()
            } else {
                Err(e)
            }
        }
        r => r,
    }
}

/// Writes `bytes` to `path` as a new regular file ([`create_new`]).
///
/// # Errors
/// As [`create_new`], and write errors.
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    create_new(path)?.write_all(bytes)
}
