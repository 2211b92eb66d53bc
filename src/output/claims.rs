//! Path claims: every output path of a build, checked as it arrives
//! against the others (before anything is put in place).

use super::WriteError;
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// True when `name` holds a line break (or a carriage return): the list of
/// written files (`.benchsite`, one path per line, which the next build
/// reads to remove files it no longer makes) cannot hold such a path, and
/// the walk of the content directory skips such names (`site`).
pub fn has_line_break(name: &str) -> bool {
    // By the bytes (no byte of a longer character is either).
    name.bytes().any(|b| matches!(b, b'\n' | b'\r'))
}

/// The longest file name (one path component) the common file systems
/// allow, in bytes (ext4, XFS, Btrfs, APFS; NTFS counts 255 UTF-16 units).
pub const NAME_MAX: usize = 255;

/// The longest path Linux accepts in one system call, in bytes, with its
/// terminating NUL.
pub const PATH_MAX: usize = 4096;

/// True for a file name Windows cannot create: a device name (`CON`,
/// `NUL`, `COM1` … with any extension), or one ending in a dot or a space.
pub fn is_reserved_on_windows(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name).trim_end().to_ascii_uppercase();
    let device = matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || ((stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.len() == 4
            && stem.as_bytes()[3].is_ascii_digit()
            && stem.as_bytes()[3] != b'0');
    device || name.ends_with(['.', ' '])
}

/// The output paths of a build so far: each file (relative to the output
/// directory, `/`-separated) with its length and content hash (`None`:
/// kept from an earlier build, contents as on disk), and every directory
/// they lie in. Both the writer and the in-memory renderings of `check`
/// claim each path here, so a site whose outputs clash fails `check` as it
/// would fail `build`.
#[derive(Default)]
pub struct PathClaims {
    pub(super) produced: FxHashMap<String, Option<(u64, u64)>>,
    dirs: FxHashSet<String>,
    /// On a case-insensitive output file system (APFS, NTFS by default),
    /// every path claimed, lower-cased, with its spelling: `K6/index.html`
    /// and `k6/index.html` would be one file there. `None` elsewhere.
    folded: Option<FxHashMap<String, String>>,
}

/// Why a path cannot be claimed.
#[derive(Debug)]
pub enum Clash {
    /// Empty, absolute, or with `..`: it would leave the output directory.
    Outside,
    /// A clash at this path (relative), and why.
    At(String, String),
}

impl Clash {
    /// The write error for claiming `path` in output directory `out`
    /// (`""` for outputs kept in memory: the path is then named relative).
    pub fn into_error(self, out: &Path, path: &str) -> WriteError {
        match self {
            Clash::Outside => WriteError::Write {
                path: PathBuf::from(path),
                source: std::io::Error::other("output path leaves the output directory"),
            },
            Clash::At(p, why) => WriteError::Write { path: out.join(p), source: std::io::Error::other(why) },
        }
    }
}

impl PathClaims {
    /// Claims for an output directory whose file system does not tell
    /// names apart by case: paths that differ only by case clash.
    pub fn case_insensitive() -> Self {
        PathClaims { folded: Some(FxHashMap::default()), ..Default::default() }
    }

    /// Makes room for `n` more paths.
    pub fn reserve(&mut self, n: usize) {
        self.produced.reserve(n);
    }

    /// Claims `paths`, each one under the directory `dir` (one name), as
    /// files kept from an earlier build (contents as on disk), all at once:
    /// when nothing under `dir` is claimed yet, `dir` is no file, and the
    /// file system tells names apart by case. The paths were then checked
    /// by the build that claimed them all (a machine class's outputs, kept
    /// whole: its build refused any that left the output directory, held a
    /// line break or a name too long, or clashed with one another), and
    /// against what this build claims they can clash only at `dir` or
    /// below it, which [`PathClaims::claim`] sees afterwards as it would
    /// have path by path. Returns the directories they lie in, each once,
    /// shallowest first, each with the first of `paths` under it; `None`
    /// (nothing claimed) when this does not
    /// apply: claim each path with [`PathClaims::claim`] then.
    ///
    /// Why: a large archive's kept classes have 41,000 outputs, and each
    /// claimed on its own (its names checked, its ancestors found, looked up
    /// and checked on disk) was 92 M instructions of an added kernel's
    /// rebuild.
    pub fn claim_tree<'p>(&mut self, dir: &str, paths: &[&'p str]) -> Option<Vec<(&'p str, &'p str)>> {
        let one_name = !dir.is_empty() && dir != "." && dir != ".." && !dir.contains(['/', '\\', '\n', '\r']);
        if !one_name || self.folded.is_some() || self.dirs.contains(dir) || self.produced.contains_key(dir) {
            return None;
        }
        let under = |p: &str| p.len() > dir.len() + 1 && p.as_bytes()[dir.len()] == b'/' && p.starts_with(dir);
        if !paths.iter().all(|p| under(p)) {
            return None;
        }
        // Each path's directory and those above it, up to `dir`: paths
        // come grouped by directory, so most share the last one's.
        let mut new_dirs: Vec<(&'p str, &'p str)> = Vec::new();
        let mut seen: FxHashSet<&'p str> = FxHashSet::default();
        let mut last = "";
        for &p in paths {
            // Under `dir/`: there is a `/`.
            let parent = &p[..p.rfind('/').unwrap_or(0)];
            if parent == last {
                continue;
            }
            last = parent;
            let mut d = parent;
            while seen.insert(d) {
                new_dirs.push((d, p));
                match d.rfind('/') {
                    Some(i) => d = &d[..i],
                    None => break,
                }
            }
        }
        // A directory's ancestors are its prefixes: shorter first.
        new_dirs.sort_by_key(|(d, _)| d.len());
        self.produced.reserve(paths.len());
        for &p in paths {
            self.produced.insert(p.to_string(), None);
        }
        self.dirs.extend(new_dirs.iter().map(|(d, _)| (*d).to_string()));
        Some(new_dirs)
    }

    /// Claims `path`. Returns its ancestor directories when it is new,
    /// `None` when the same file was claimed before (`same_as_disk` compares
    /// a recorded (length, hash) with the file on disk, for a path kept from
    /// an earlier build on one side).
    ///
    /// # Errors
    /// [`Clash`] when the path leaves the output directory, is claimed
    /// with other contents, or is a file and a directory at once.
    pub fn claim<'p>(
        &mut self,
        path: &'p str,
        contents: Option<(u64, u64)>,
        same_as_disk: impl FnOnce((u64, u64)) -> bool,
    ) -> Result<Option<Vec<Cow<'p, str>>>, Clash> {
        let rel = Path::new(path);
        // One pass over the bytes (every output path of a build, 40,000 in
        // a large archive, kept or written): the names between the `/`s,
        // and whether a line break is among them. A plain `a/b/c` path
        // (every output path benchsite makes) is relative and inside;
        // anything else (`a//b`, `a/./b`, `/a`, `..`) goes through `Path`.
        let bytes = path.as_bytes();
        let windows_drive = cfg!(windows) && path.contains(':');
        let mut plain = !path.is_empty() && !windows_drive;
        let (mut long, mut reserved) = (None, None);
        let mut line_break = false;
        let mut start = 0;
        loop {
            let mut end = start;
            while end < bytes.len() && bytes[end] != b'/' {
                line_break |= matches!(bytes[end], b'\n' | b'\r');
                end += 1;
            }
            // `/` is ASCII: both ends are character boundaries.
            let c = &path[start..end];
            if c.is_empty() || c == "." || c == ".." || (cfg!(windows) && c.contains(std::path::is_separator)) {
                plain = false;
            }
            if long.is_none() && c.len() > NAME_MAX {
                long = Some(c);
            }
            if cfg!(windows) && reserved.is_none() && is_reserved_on_windows(c) {
                reserved = Some(c);
            }
            if end == bytes.len() {
                break;
            }
            start = end + 1;
        }
        // The marker lists one written path per line: a line break would
        // smuggle in another path for the next build to remove.
        if line_break {
            debug_assert!(has_line_break(path));
            return Err(Clash::At(
                path.to_string(),
                "holds a line break, which the list of written files (one path per line) cannot hold".into(),
            ));
        }
        if let Some(long) = long {
            return Err(Clash::At(
                path.to_string(),
                format!(
                    "has a name of {} bytes ({}…), and file systems allow at most {NAME_MAX}: shorten the directory it comes from",
                    long.len(),
                    long.chars().take(40).collect::<String>()
                ),
            ));
        }
        if let Some(bad) = reserved {
            return Err(Clash::At(
                path.to_string(),
                format!("holds {bad:?}, a name Windows reserves (a device name, or one ending in a dot or space)"),
            ));
        }
        if !plain
            && (path.is_empty()
                || rel.is_absolute()
                || rel.components().any(|c| !matches!(c, std::path::Component::Normal(_))))
        {
            return Err(Clash::Outside);
        }
        // Parent first. A plain path's ancestors are its own prefixes (no
        // copies); others' go through `Path`.
        let ancestors: Vec<Cow<'p, str>> = if plain {
            // Each `/` from the last: `/` is ASCII, a character boundary.
            let slashes = bytes.iter().enumerate().rev().filter(|&(_, &b)| b == b'/');
            slashes.map(|(i, _)| Cow::Borrowed(&path[..i])).collect()
        } else {
            rel.ancestors()
                .skip(1)
                .filter(|d| !d.as_os_str().is_empty())
                .map(|d| Cow::Owned(d.to_string_lossy().into_owned()))
                .collect()
        };
        if self.dirs.contains(path) {
            return Err(Clash::At(
                path.to_string(),
                "is an output file and also the directory of other output files (a machine class or kernel named like one of the site's own files?)".into(),
            ));
        }
        // Ancestors deepest first: a directory already claimed has its own
        // ancestors claimed too, none of them a file.
        for d in &ancestors {
            if self.dirs.contains(d.as_ref()) {
                break;
            }
            if self.produced.contains_key(d.as_ref()) {
                return Err(Clash::At(
                    d.to_string(),
                    format!(
                        "is an output file and also the directory of {path} (a machine class or kernel named like one of the site's own files?)"
                    ),
                ));
            }
        }
        match self.produced.get(path) {
            Some(prev) => {
                let same = match (*prev, contents) {
                    (Some(a), Some(b)) => a == b,
                    (None, None) => true,
                    (Some(h), None) | (None, Some(h)) => same_as_disk(h),
                };
                if same {
                    Ok(None)
                } else {
                    Err(Clash::At(path.to_string(), "two different output files have this path".into()))
                }
            }
            None => {
                if let Some(folded) = &mut self.folded {
                    let key = path.to_lowercase();
                    if let Some(other) = folded.get(&key).filter(|o| *o != path) {
                        return Err(Clash::At(
                            path.to_string(),
                            format!(
                                "and {other} differ only by case, and the output directory's file system does not tell them apart"
                            ),
                        ));
                    }
                    folded.insert(key, path.to_string());
                }
                self.produced.insert(path.to_string(), contents);
                for d in &ancestors {
                    if self.dirs.contains(d.as_ref()) {
                        break;
                    }
                    self.dirs.insert(d.to_string());
                }
                Ok(Some(ancestors))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Clash, PathClaims, is_reserved_on_windows};

    #[test]
    fn paths_differing_by_case_clash_where_the_file_system_folds_case() {
        let mut c = PathClaims::case_insensitive();
        assert!(c.claim("k6/kernels/2.4.17-mm1.html", Some((1, 1)), |_| false).is_ok());
        let e = c.claim("k6/kernels/2.4.17-MM1.html", Some((2, 2)), |_| false).unwrap_err();
        assert!(matches!(e, Clash::At(_, why) if why.contains("differ only by case")));
        // The same path again is the same file, not a clash.
        assert!(c.claim("k6/kernels/2.4.17-mm1.html", Some((1, 1)), |_| false).is_ok());
        let mut c = PathClaims::default();
        assert!(c.claim("a/X.html", Some((1, 1)), |_| false).is_ok());
        assert!(c.claim("a/x.html", Some((2, 2)), |_| false).is_ok());
    }

    #[test]
    fn windows_reserved_names() {
        for bad in ["CON", "con.html", "Nul", "COM1.txt", "lpt9", "x.", "x "] {
            assert!(is_reserved_on_windows(bad), "{bad}");
        }
        for ok in ["console", "COM0", "COM10", "2.6.0-con", "index.html", "aux-kernel"] {
            assert!(!is_reserved_on_windows(ok), "{ok}");
        }
    }

    /// Paths that would leave the output directory are refused, plain or
    /// not; a plain path's ancestors are its own prefixes, and a path
    /// spelled oddly (`a//b`) still gets its directories.
    #[test]
    fn claims_refuse_paths_outside_and_list_ancestors() {
        let mut c = PathClaims::default();
        for bad in ["", "/abs", "..", "a/../b", "a/..", ".", "./a"] {
            assert!(matches!(c.claim(bad, None, |_| true), Err(Clash::Outside)), "{bad:?}");
        }
        let dirs = c.claim("m/kernels/2.4.7.html", None, |_| true).expect("claims").expect("new");
        assert_eq!(dirs.iter().map(|d| d.as_ref()).collect::<Vec<_>>(), ["m/kernels", "m"]);
        let dirs = c.claim("x//y.html", None, |_| true).expect("claims").expect("new");
        assert_eq!(dirs.iter().map(|d| d.as_ref()).collect::<Vec<_>>(), ["x"]);
        assert!(c.claim("m/kernels/2.4.7.html", None, |_| true).expect("same file").is_none());
        assert!(matches!(c.claim("m/kernels", None, |_| true), Err(Clash::At(..))));
    }

    /// A kept class's outputs claimed as one tree clash with later paths as
    /// they would claimed one by one; the tree is not taken whole when
    /// something under its directory is claimed already, a path lies
    /// outside it, or the file system folds case.
    #[test]
    fn a_tree_claimed_whole_clashes_as_its_paths_would() {
        let mut c = PathClaims::default();
        let kept = ["m/index.html", "m/kernels/2.4.7.html", "m/raw/2.4.7/a.txt", "m/kernels/2.4.8.html"];
        let dirs = c.claim_tree("m", &kept).expect("taken whole");
        let first = |d: &'static str, p: &'static str| (d, p);
        assert_eq!(
            dirs,
            [
                first("m", "m/index.html"),
                first("m/raw", "m/raw/2.4.7/a.txt"),
                first("m/kernels", "m/kernels/2.4.7.html"),
                first("m/raw/2.4.7", "m/raw/2.4.7/a.txt")
            ]
        );
        // The same file again; another file there; a file where a
        // directory is; a directory where a file is.
        assert!(c.claim("m/kernels/2.4.7.html", None, |_| true).expect("same file").is_none());
        assert!(matches!(c.claim("m/kernels/2.4.7.html", Some((1, 2)), |_| false), Err(Clash::At(..))));
        assert!(c.claim("m/kernels/2.4.7.html", Some((1, 2)), |_| true).expect("as on disk").is_none());
        assert!(matches!(c.claim("m/raw", None, |_| true), Err(Clash::At(..))));
        assert!(matches!(c.claim("m/index.html/x", None, |_| true), Err(Clash::At(p, _)) if p == "m/index.html"));
        assert!(c.claim("m/kernels/2.4.9.html", None, |_| true).expect("claims").is_some());
        // Not taken whole: `m` has claims now; `n` is a file; a path
        // outside `o`; a file system that folds case.
        assert!(c.claim_tree("m", &["m/other.html"]).is_none());
        assert!(c.claim("n", None, |_| true).is_ok());
        assert!(c.claim_tree("n", &["n/x.html"]).is_none());
        assert!(c.claim_tree("o", &["o/x.html", "p/y.html"]).is_none());
        assert!(c.claim_tree("o", &["o"]).is_none());
        assert!(c.claim_tree("o/p", &["o/p/x.html"]).is_none());
        let mut folded = PathClaims::case_insensitive();
        assert!(folded.claim_tree("m", &kept).is_none());
    }

    /// A file found where a later path needs a directory clashes at any
    /// depth, also below directories claimed before (ancestors are looked
    /// at deepest first, and a claimed directory ends the look).
    #[test]
    fn a_file_in_the_way_of_a_directory_clashes_below_claimed_directories() {
        let mut c = PathClaims::default();
        assert!(c.claim("m/kernels/2.4.7.html", None, |_| true).is_ok());
        assert!(c.claim("m/kernels/2.4.8.html", None, |_| true).expect("claims").is_some());
        let e = c.claim("m/kernels/2.4.7.html/runs.html", None, |_| true).unwrap_err();
        assert!(matches!(&e, Clash::At(p, why) if p == "m/kernels/2.4.7.html" && why.contains("also the directory")));
        assert!(c.claim("top.html", None, |_| true).is_ok());
        assert!(matches!(c.claim("top.html/a/b.html", None, |_| true), Err(Clash::At(p, _)) if p == "top.html"));
        // Refused paths leave no directories behind.
        assert!(c.claim("top.html/a", None, |_| true).is_err());
        assert!(c.claim("m/new/x.html", None, |_| true).expect("claims").is_some());
        assert!(matches!(c.claim("m/new", None, |_| true), Err(Clash::At(..))));
    }
}
