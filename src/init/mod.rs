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
        ("README.md".to_string(), include_str!("README.md").replace("@REPOSITORY@", env!("CARGO_PKG_REPOSITORY"))),
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
    /// `--action` is not `OWNER/NAME@REF`: (what was given, why).
    #[error("--action {0:?} is not a GitHub Action as a workflow's `uses:` names one, OWNER/NAME@REF: {1}")]
    Action(String, String),
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// Creates a new site in `dir` (created if missing), its Pages workflow
/// building with the GitHub Action `action` ([`files`]). Returns the files
/// written.
///
/// # Errors
/// [`InitError::Action`] for an `action` that is not `OWNER/NAME@REF`;
/// [`InitError::Exists`] when any target file exists (nothing is written);
/// [`InitError::Io`] when writing fails.
pub fn init(dir: &Path, action: &str) -> Result<Vec<PathBuf>, InitError> {
    let files = files(check_action(action)?);
    for (rel, _) in &files {
        let p = dir.join(rel);
        // symlink_metadata: a dangling symbolic link is in the way too (writing
        // through it would create a file wherever it points).
        if p.symlink_metadata().is_ok() {
            return Err(InitError::Exists(p));
        }
    }
    let mut written = Vec::new();
    for (rel, contents) in files {
        let p = dir.join(&rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).map_err(|source| InitError::Io { path: parent.to_path_buf(), source })?;
        }
        // create_new: never replace a file that appeared since the check.
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p)
            .and_then(|mut f| std::io::Write::write_all(&mut f, contents.as_ref()))
            .map_err(|source| InitError::Io { path: p.clone(), source })?;
        written.push(p);
    }
    Ok(written)
}
