//! The `.benchsite` marker: the list of the files benchsite wrote into an
//! output directory (it marks the directory as benchsite's, and tells the
//! next build which files it may remove), and the in-progress marker a
//! build keeps there while it writes (its journal: a build killed while
//! writing leaves it, and the next build then sweeps the temporaries).

use super::WriteError;
use super::atomic::{linked_dir, remove_empty_dirs, write_new};
use std::path::{Path, PathBuf};

/// Name of the marker file benchsite keeps in an output directory it owns.
pub const MARKER: &str = ".benchsite";

/// Present in the output directory while a build is writing into it.
pub const BUILDING: &str = ".benchsite-building";

/// The temporary file the marker is written to.
pub const MARKER_TMP: &str = ".benchsite.tmp";

/// The marker's first line; then every path the build wrote, sorted, one
/// per line.
pub const MARKER_HEADER: &str = "# files written by benchsite; do not edit\n";

/// The marker's bytes in `out` (empty when there is none or it cannot be
/// read).
pub fn read(out: &Path) -> Vec<u8> {
    std::fs::read(out.join(MARKER)).unwrap_or_default()
}

/// The paths the last build wrote, as `text` (the marker, read lossily)
/// lists them: sorted, one per line, after the header line. A path may
/// start with `#` (a machine class named `#x`): only the header is a
/// comment.
pub fn listed(text: &str) -> Vec<&str> {
    let header = MARKER_HEADER.trim_end_matches('\n');
    // A large archive's list is 41,000 lines: split by memchr.
    let mut lines = crate::lines::lines(text).peekable();
    lines.next_if_eq(&header);
    lines.filter(|l| !l.is_empty()).collect()
}

/// True when the marker in `out` (`text`, [`listed`] as `previous`) is
/// exactly the list a build producing `produced` paths, none of them new
/// and none stale, would write: a regular file, the header, the same paths
/// sorted (none twice, as many), one per line, nothing else (the length
/// rules out blank lines, carriage returns and a missing last line break).
pub fn is_canonical(out: &Path, text: &str, bytes_len: usize, previous: &[&str], produced: usize) -> bool {
    let canonical_len = MARKER_HEADER.len() + previous.iter().map(|p| p.len() + 1).sum::<usize>();
    previous.len() == produced
        && previous.windows(2).all(|w| w[0] < w[1])
        && text.starts_with(MARKER_HEADER)
        && bytes_len == canonical_len
        && out.join(MARKER).symlink_metadata().is_ok_and(|m| m.is_file())
}

/// Writes the marker in `out` listing `paths` (sorted), through its
/// temporary file. `capacity` is a hint for the list's length in bytes.
///
/// # Errors
/// The path that could not be written or renamed, and why.
pub fn write_list(out: &Path, paths: &[&str], capacity: usize) -> Result<(), (PathBuf, std::io::Error)> {
    let (tmp, marker) = (out.join(MARKER_TMP), out.join(MARKER));
    let mut list = String::with_capacity(capacity);
    list.push_str(MARKER_HEADER);
    for p in paths {
        list.push_str(p);
        list.push('\n');
    }
    write_new(&tmp, list.as_bytes()).map_err(|e| (tmp.clone(), e))?;
    std::fs::rename(&tmp, &marker).map_err(|e| (marker.clone(), e))
}

/// Removes the marker's temporary file from `out`: left by a build killed
/// while writing the list (or planted), never a directory.
pub fn remove_tmp(out: &Path) {
    let tmp = out.join(MARKER_TMP);
    if tmp.symlink_metadata().is_ok_and(|m| !m.is_dir()) {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// True when a `/`-separated relative path has a hidden component (one
/// starting with `.`): stale-file removal leaves such paths alone, as the
/// walk of the content directory (`site`) leaves such files out.
pub fn has_hidden_component(rel: &str) -> bool {
    // A name starts with `.` where the path does or after a `/` (by the
    // bytes: the walk asks it of every file of the content directory).
    let b = rel.as_bytes();
    b.first() == Some(&b'.') || b.windows(2).any(|w| w == b"/.")
}

/// Removes from `out` the files a previous build wrote that this one did
/// not produce (`stale`, as listed), and the directories that leaves empty.
/// Never a path under a hidden name (`.git/` of an output directory kept as
/// a gh-pages checkout: benchsite writes none there but `.nojekyll`, and a
/// marker written before names with line breaks were refused may list such
/// a path), nor one that leaves the directory or goes through a symbolic
/// link, nor anything but a file.
///
/// # Errors
/// [`WriteError::PartlyCommitted`] when a file cannot be removed.
pub fn remove_stale(out: &Path, stale: &[&str]) -> Result<(), WriteError> {
    for &stale in stale {
        let p = out.join(stale);
        let hidden = stale != ".nojekyll" && has_hidden_component(stale);
        if !hidden
            && Path::new(stale).components().all(|c| matches!(c, std::path::Component::Normal(_)))
            && linked_dir(out, Path::new(stale)).is_none()
            && p.is_file()
        {
            std::fs::remove_file(&p).map_err(|source| WriteError::PartlyCommitted { path: p.clone(), source })?;
            // The directories too when that left them empty.
            if let Some(d) = p.parent() {
                remove_empty_dirs(d, out);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// [`super::listed`] splits as `str::lines` did.
    #[test]
    fn listed_splits_as_lines() {
        let header = super::MARKER_HEADER;
        for text in [
            String::new(),
            "\n".to_string(),
            format!("{header}a/b.html\nc.html\n"),
            format!("{header}a/b.html\r\nc.html"),
            format!("{header}\n\na.html\r\n\r\nb\rc.html\r"),
            "a.html\nb.html".to_string(),
            format!("x{header}a.html\n"),
        ] {
            let head = header.trim_end_matches('\n');
            let mut lines = text.lines().peekable();
            lines.next_if_eq(&head);
            let old: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
            assert_eq!(super::listed(&text), old, "{text:?}");
        }
    }
}
