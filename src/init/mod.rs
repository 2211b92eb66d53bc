//! The `init` command: a new site laid out like this repository.
//!
//! `benchsite init DIR` writes `DIR/content/` (a `site.yaml` and one machine
//! class of real dbench 1.x + GNU time output, from the demo site), a
//! `README.md`, a `.gitignore` and `DIR/.github/workflows/pages.yml`, which
//! builds the site with benchsite's own GitHub Action (`action.yml` at the
//! root of this repository, named by [`action`]) and deploys it with
//! GitHub's official Pages actions, with no edit. It never overwrites a
//! file: an existing one is an error naming it, and nothing is written.

use std::path::{Path, PathBuf};

const MACHINE: &str = "example-box";

/// The files `init` writes: (path relative to DIR, contents), the Pages
/// workflow building with the GitHub Action `action` (`OWNER/NAME@REF`,
/// [`action`] by default, [`check_action`]).
pub fn files(action: &str) -> Vec<(String, String)> {
    let run = |n: usize, kernel: &str| -> String {
        match (kernel, n) {
            ("2.4.7", 1) => include_str!("../../content/dbench32-384m/2.4.7/dbench-32-run1.txt"),
            ("2.4.7", 2) => include_str!("../../content/dbench32-384m/2.4.7/dbench-32-run2.txt"),
            ("2.4.7", _) => include_str!("../../content/dbench32-384m/2.4.7/dbench-32-run3.txt"),
            (_, 1) => include_str!("../../content/dbench32-384m/2.4.8-pre1/dbench-32-run1.txt"),
            (_, 2) => include_str!("../../content/dbench32-384m/2.4.8-pre1/dbench-32-run2.txt"),
            _ => include_str!("../../content/dbench32-384m/2.4.8-pre1/dbench-32-run3.txt"),
        }
        .to_string()
    };
    let mut out = vec![
        ("content/site.yaml".to_string(), include_str!("site.yaml").to_string()),
        (format!("content/{MACHINE}/machine.yaml"), include_str!("machine.yaml").to_string()),
        (format!("content/{MACHINE}/2.4.7/kernel.yaml"), "notes: |\n  The baseline: a plain 2.4.7.\n".to_string()),
        (
            "README.md".to_string(),
            include_str!("README.md").replace("@REPOSITORY@", env!("CARGO_PKG_REPOSITORY")).replace("@ACTION@", action),
        ),
        (".gitignore".to_string(), "/output\n".to_string()),
        (".github/workflows/pages.yml".to_string(), include_str!("pages.yml").replace("@ACTION@", action)),
    ];
    for kernel in ["2.4.7", "2.4.8-pre1"] {
        for n in 1..=3 {
            out.push((format!("content/{MACHINE}/{kernel}/dbench-32-run{n}.txt"), run(n, kernel)));
        }
    }
    out
}

/// The GitHub Action the Pages workflow uses: `OWNER/NAME@vVERSION`, this
/// benchsite's own repository (Cargo.toml's `repository`, a GitHub URL)
/// at the tag of this version, so a site is built by the benchsite that
/// made it until its workflow is edited. A `repository` that is not on
/// GitHub gives its URL unchanged, which GitHub rejects with a clear error.
pub fn action() -> String {
    let repo = env!("CARGO_PKG_REPOSITORY");
    let path = repo.strip_prefix("https://github.com/").unwrap_or(repo).trim_end_matches('/');
    let path = path.strip_suffix(".git").unwrap_or(path);
    format!("{path}@v{}", env!("CARGO_PKG_VERSION"))
}

/// Checks `init --action`: a GitHub Action reference `OWNER/NAME@REF`
/// (`you/benchsite@main`: a repository holding benchsite's `action.yml` at
/// its root, at a branch, tag or commit), as a workflow's `uses:` takes it.
/// Returns it unchanged.
///
/// # Errors
/// [`InitError::Action`] naming what is missing or not allowed (a path
/// inside the repository, blanks, a `:`).
pub fn check_action(action: &str) -> Result<&str, InitError> {
    let bad = |why: &str| Err(InitError::Action(action.to_string(), why.to_string()));
    let Some((repo, reference)) = action.split_once('@') else {
        return bad("no `@REF` (a branch, tag or commit: `you/benchsite@main`)");
    };
    let Some((owner, name)) = repo.split_once('/') else {
        return bad("no `OWNER/` before the repository's name");
    };
    let word = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    if !word(owner) || !word(name) {
        return bad(
            "OWNER and NAME are a GitHub account and repository (letters, digits, `-`, `_`, `.`), and the action is the repository's root `action.yml`",
        );
    }
    if reference.is_empty() || reference.contains(|c: char| c.is_whitespace() || c == ':' || c == '@') {
        return bad("REF is a branch, tag or commit, without blanks, `:` or `@`");
    }
    Ok(action)
}

/// Why `init` wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum InitError {
    /// A file it would write exists already.
    #[error("{0} already exists; init never overwrites a file (nothing was written)")]
    Exists(PathBuf),
    /// Something other than a directory is where a directory must go
    /// (a file named `.github` where `.github/workflows/` goes).
    #[error("{0} is not a directory, and init puts files in it (nothing was written)")]
    NotADirectory(PathBuf),
    /// `--action` is not `OWNER/NAME@REF`: (what was given, why).
    #[error("--action {0:?} is not a GitHub Action as a workflow's `uses:` names one, OWNER/NAME@REF: {1}")]
    Action(String, String),
    /// Writing failed; what was written before was removed (`undone`
    /// says so, or names what could not be).
    #[error("cannot write {path}: {source} ({undone})")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
        /// "nothing was written", or what could not be removed again.
        undone: String,
    },
}

/// What `init` has created so far, removed again when it fails: its
/// files, then its directories, newest first.
#[derive(Default)]
struct Created {
    files: Vec<PathBuf>,
    dirs: Vec<PathBuf>,
}

impl Created {
    /// Creates the missing directories of `dir` (outermost first), each
    /// recorded; the one that could not be created and why.
    fn dirs_of(&mut self, dir: &Path) -> Result<(), (PathBuf, std::io::Error)> {
        let missing: Vec<&Path> =
            dir.ancestors().take_while(|d| !d.as_os_str().is_empty() && d.symlink_metadata().is_err()).collect();
        for d in missing.into_iter().rev() {
            std::fs::create_dir(d).map_err(|e| (d.to_path_buf(), e))?;
            self.dirs.push(d.to_path_buf());
        }
        Ok(())
    }

    /// Removes everything created, newest first; "nothing was written",
    /// or what is left.
    fn undo(self) -> String {
        let mut left: Vec<String> = Vec::new();
        for f in self.files.iter().rev() {
            if std::fs::remove_file(f).is_err() {
                left.push(f.display().to_string());
            }
        }
        for d in self.dirs.iter().rev() {
            if std::fs::remove_dir(d).is_err() {
                left.push(format!("{}/", d.display()));
            }
        }
        if left.is_empty() {
            "nothing was written".to_string()
        } else {
            format!("init could not remove what it wrote: {}", left.join(", "))
        }
    }
}

/// Creates a new site in `dir` (created if missing), its Pages workflow
/// building with the GitHub Action `action` ([`files`]). Returns the files
/// written.
///
/// Everything is checked before anything is written: no target file may
/// exist, and every existing directory on the way to one must be a
/// directory (a file named `.github` or `content` is in the way). A write
/// that fails all the same (a read-only directory, a full disk) removes
/// what `init` wrote before it: it leaves a whole site or nothing.
///
/// # Errors
/// [`InitError::Action`] for an `action` that is not `OWNER/NAME@REF`;
/// [`InitError::Exists`] when any target file exists and
/// [`InitError::NotADirectory`] when something else is where a directory
/// goes (nothing is written); [`InitError::Io`] when writing fails (what
/// was written is removed).
pub fn init(dir: &Path, action: &str) -> Result<Vec<PathBuf>, InitError> {
    let files = files(check_action(action)?);
    for (rel, _) in &files {
        let p = dir.join(rel);
        // symlink_metadata: a dangling symbolic link is in the way too (writing
        // through it would create a file wherever it points).
        if p.symlink_metadata().is_ok() {
            return Err(InitError::Exists(p));
        }
        // The nearest existing directory on the way must be one (a
        // symbolic link to a directory is).
        if let Some(there) = p.ancestors().skip(1).find(|a| a.as_os_str().is_empty() || a.symlink_metadata().is_ok())
            && !there.as_os_str().is_empty()
            && !there.is_dir()
        {
            return Err(InitError::NotADirectory(there.to_path_buf()));
        }
    }
    let mut created = Created::default();
    for (rel, contents) in files {
        let p = dir.join(&rel);
        let parent = p.parent().unwrap_or(dir);
        if let Err((path, source)) = created.dirs_of(parent) {
            return Err(InitError::Io { path, source, undone: created.undo() });
        }
        // create_new: never replace a file that appeared since the check.
        let file = std::fs::OpenOptions::new().write(true).create_new(true).open(&p);
        let written = match file {
            Ok(mut f) => {
                created.files.push(p.clone());
                std::io::Write::write_all(&mut f, contents.as_ref())
            }
            Err(e) => Err(e),
        };
        if let Err(source) = written {
            return Err(InitError::Io { path: p, source, undone: created.undo() });
        }
    }
    Ok(created.files)
}

#[cfg(test)]
mod tests {
    use super::Created;

    /// What `init` created before a write failed is removed again, files
    /// and the directories it made, not those that were there.
    #[test]
    fn undo_removes_what_was_created_and_nothing_else() {
        let tmp = tempfile::tempdir().expect("tmp");
        let there = tmp.path().join("site");
        std::fs::create_dir(&there).expect("mkdir");
        std::fs::write(there.join("mine.txt"), "x").expect("write");
        let mut created = Created::default();
        created.dirs_of(&there.join("content/box/2.4.7")).expect("dirs");
        for f in ["content/site.yaml", "content/box/2.4.7/a.txt"] {
            std::fs::write(there.join(f), "y").expect("write");
            created.files.push(there.join(f));
        }
        assert_eq!(created.dirs.len(), 3);
        assert_eq!(created.undo(), "nothing was written");
        let left: Vec<_> = std::fs::read_dir(&there).expect("read").map(|e| e.expect("entry").file_name()).collect();
        assert_eq!(left, ["mine.txt"]);
    }
}
