//! Kernel version order, as kernel people read it.
//!
//! `2.4.18-pre9 < 2.4.18-rc1 < 2.4.18 < 2.4.18-aa1`, and
//! `2.5.33 < 2.5.33-mm1 < 2.5.33-mm5`: a release's `-pre`, `-rc` and
//! `-test` candidates come before it, patch trees built on it (`-aa`, `-ac`,
//! `-mm`, `-rmap`, `-jam`, `-ck`, or any other suffix such as `rat` in
//! `2.4.17rat`) after it, each tree's own numbers in numeric order. Names that
//! are not versions at all (`ac12`, `stock`) sort after versions, by text.
//!
//! Today's names read the same way: `6.10-rc7 < 6.10 < 6.10.1 < 6.11-rc1`;
//! a leading `v` (git tags) is dropped; a `git describe` name
//! (`v6.12-rc3-00042-g1a2b3c4d5e6f`) comes after its tag, ordered by its
//! commit count, its hash ignored; a distribution's build suffix (a number
//! right after the release: `6.8.0-41-generic`, `6.11.4-301.fc41.x86_64`;
//! or a `+` local version: `6.6.51+rpt-rpi-2712`) orders by its numbers but
//! is no patch tree: such kernels are in the mainline lane.

use std::cmp::Ordering;

/// Suffixes that mark a candidate *before* a release.
const PRERELEASE: &[&str] = &["pre", "rc", "test"];

/// One token of a kernel name: a number or a run of letters.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Num(u64),
    Word(String),
}

fn tokens(s: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut cur_digit = false;
    for ch in s.chars() {
        let is_digit = ch.is_ascii_digit();
        let is_alpha = ch.is_alphanumeric() && !is_digit;
        if !(is_digit || is_alpha) {
            flush(&mut out, &mut cur, cur_digit);
            continue;
        }
        if !cur.is_empty() && is_digit != cur_digit {
            flush(&mut out, &mut cur, cur_digit);
        }
        cur_digit = is_digit;
        cur.push(ch.to_ascii_lowercase());
    }
    flush(&mut out, &mut cur, cur_digit);
    out
}

fn flush(out: &mut Vec<Token>, cur: &mut String, digit: bool) {
    if cur.is_empty() {
        return;
    }
    let tok = if digit {
        cur.parse::<u64>().map(Token::Num).unwrap_or_else(|_| Token::Word(cur.clone()))
    } else {
        Token::Word(cur.clone())
    };
    out.push(tok);
    cur.clear();
}

/// A kernel name split into its release numbers and its suffix tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelVersion {
    /// Leading release numbers: `2.4.18` → `[2, 4, 18]`; empty when the
    /// name does not start with a number.
    pub release: Vec<u64>,
    suffix: Vec<Token>,
    raw: String,
    /// A distribution's or a local build (see the module docs): no lane.
    build: bool,
}

impl KernelVersion {
    /// Splits a kernel name such as `2.4.19-rc5-aa1` or `2.4.17rat`.
    pub fn parse(raw: &str) -> Self {
        // `v6.12` is the tag of `6.12`.
        let name = match raw.strip_prefix(['v', 'V']) {
            Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest,
            _ => raw,
        };
        // A distribution's name for a release candidate: read as the
        // candidate it is (`6.7.0-0.rc8.…fc40` is `6.7.0-rc8.…`).
        let distro = distro_candidate(name);
        let name = distro.as_deref().unwrap_or(name);
        // `git describe`: `<tag>-<commits>-g<hash>`; the hash orders nothing.
        let (name, commits) = split_describe(name);
        let mut toks = tokens(name);
        toks.extend(commits.map(Token::Num));
        let mut release = Vec::new();
        let mut i = 0;
        // Release numbers are the leading numeric tokens separated by dots.
        let bytes: Vec<&str> = name.split(|c: char| !c.is_ascii_digit() && c != '.').collect();
        let lead = bytes.first().copied().unwrap_or("");
        let lead_nums = lead.split('.').filter(|p| !p.is_empty()).count();
        while i < toks.len() && i < lead_nums {
            if let Token::Num(n) = toks[i] {
                release.push(n);
                i += 1;
            } else {
                break;
            }
        }
        let suffix = toks[i..].to_vec();
        let build = !release.is_empty() && (distro.is_some() || is_build_suffix(name, &suffix));
        KernelVersion { release, suffix, raw: raw.to_string(), build }
    }

    /// The release and its `-rc`/`-pre`/`-test` candidate alone, the tree
    /// or build after them dropped: `4.20.0-rc1` of the mmtests run
    /// `4.20.0-rc1-lowzone-v2r4`. Builds of one release compare equal, so
    /// a stable sort by it keeps their order within the release.
    pub fn release_only(&self) -> KernelVersion {
        let mut suffix = Vec::new();
        if let Some(t) = self.suffix.first().filter(|t| is_pre(t)) {
            suffix.push(t.clone());
            if let Some(n @ Token::Num(_)) = self.suffix.get(1) {
                suffix.push(n.clone());
            }
        }
        KernelVersion { release: self.release.clone(), suffix, raw: String::new(), build: false }
    }

    /// The patch tree ("lane") this kernel belongs to: `"aa"` for
    /// `2.4.19-rc5-aa1`, `"mm"` for `2.5.33-mm5`, `"rat"` for `2.4.17rat`, and
    /// `"mainline"` for releases and their `-pre`/`-rc` candidates.
    pub fn lane(&self) -> String {
        let words: Vec<&str> = self
            .suffix
            .iter()
            .filter_map(|t| match t {
                Token::Word(w) if !PRERELEASE.contains(&w.as_str()) => Some(w.as_str()),
                _ => None,
            })
            .collect();
        if self.release.is_empty() {
            return self.raw.clone();
        }
        if words.is_empty() || self.build { "mainline".to_string() } else { words.join("-") }
    }
}

/// A distribution's release candidate written as the candidate it is:
/// Fedora's `6.7.0-0.rc8.20240105git1234.1.fc40.x86_64` (release `0.`,
/// then `rcN`) → `6.7.0-rc8.20240105git1234.1.fc40.x86_64`, and the
/// Ubuntu mainline builds' `6.7.0-060700rc1-generic` (the version in six
/// digits, then `rcN`) → `6.7.0-rc1-generic`; they sorted after the
/// release they come before. `None` for any other name.
fn distro_candidate(name: &str) -> Option<String> {
    let (release, rest) = name.split_once('-')?;
    if !release.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    if let Some(rc) = rest.strip_prefix("0.rc") {
        return rc.starts_with(|c: char| c.is_ascii_digit()).then(|| format!("{release}-rc{rc}"));
    }
    let (digits, after) = rest.split_at_checked(6)?;
    let rc = after.strip_prefix("rc")?;
    (digits.bytes().all(|b| b.is_ascii_digit()) && rc.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| format!("{release}-rc{rc}"))
}

/// `name` with a distribution's spelling of a release candidate written
/// as the candidate it is ([`distro_candidate`]: Fedora's
/// `6.9.0-0.rc3.31.fc41.x86_64` → `6.9.0-rc3.31.fc41.x86_64`, Ubuntu's
/// mainline builds' `6.7.0-060700rc1-generic` → `6.7.0-rc1-generic`), so
/// that a rule reading `-rcN` after the release reads it too (attack46
/// F8: Fedora's candidate in `6.9.0/` was filed as the release, no word);
/// any other name as it is.
pub fn candidate_spelling(name: &str) -> std::borrow::Cow<'_, str> {
    match distro_candidate(name) {
        Some(c) => std::borrow::Cow::Owned(c),
        None => std::borrow::Cow::Borrowed(name),
    }
}

/// `name` without a `git describe` tail (`-00042-g1a2b3c4d5e6f`, perhaps
/// `-dirty` or `+` after it), and the tail's commit count.
fn split_describe(name: &str) -> (&str, Option<u64>) {
    let core = name.trim_end_matches('+');
    let core = core.strip_suffix("-dirty").unwrap_or(core);
    let Some((head, hash)) = core.rsplit_once("-g") else { return (name, None) };
    if !(7..=40).contains(&hash.len()) || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return (name, None);
    }
    let Some((tag, count)) = head.rsplit_once('-') else { return (name, None) };
    match count.parse::<u64>() {
        Ok(n) if !tag.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) => (tag, Some(n)),
        _ => (name, None),
    }
}

/// True when the suffix after the release (and its `-rc`/`-pre`
/// candidate) is a build's, not a patch tree's: it starts with a number
/// (`-41-generic`, `-301.fc41.x86_64`) or the name has a `+` there
/// (`6.6.51+rpt-rpi-2712`).
fn is_build_suffix(name: &str, suffix: &[Token]) -> bool {
    let mut rest = suffix;
    if rest.first().is_some_and(is_pre) {
        rest = &rest[1..];
        if let Some(Token::Num(_)) = rest.first() {
            rest = &rest[1..];
        }
    }
    let after_release = name.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    matches!(rest.first(), Some(Token::Num(_))) || after_release.starts_with('+')
}

fn suffix_cmp(a: &[Token], b: &[Token]) -> Ordering {
    let mut i = 0;
    loop {
        match (a.get(i), b.get(i)) {
            (None, None) => return Ordering::Equal,
            // A bare release sorts after its pre-releases and before its patch trees.
            (None, Some(t)) => return if is_pre(t) { Ordering::Greater } else { Ordering::Less },
            (Some(t), None) => return if is_pre(t) { Ordering::Less } else { Ordering::Greater },
            // Tokens in one order, the end of a name among them: a
            // candidate's word, then the end (the release), then numbers
            // (a build: `6.8.0-41-generic`), then other words (a patch
            // tree). Each position compared so, the order is total: a
            // number before every word made `6.8.0-41-generic` sort before
            // `6.8-rc1` though `6.8-rc1 < 6.8 < 6.8.0-41-generic`.
            (Some(x), Some(y)) => {
                let o = match (is_pre(x), is_pre(y)) {
                    (true, false) => Ordering::Less,
                    (false, true) => Ordering::Greater,
                    _ => match (x, y) {
                        (Token::Num(p), Token::Num(q)) => p.cmp(q),
                        (Token::Word(p), Token::Word(q)) => pre_rank(p).cmp(&pre_rank(q)).then_with(|| p.cmp(q)),
                        (Token::Num(_), Token::Word(_)) => Ordering::Less,
                        (Token::Word(_), Token::Num(_)) => Ordering::Greater,
                    },
                };
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
        i += 1;
    }
}

fn is_pre(t: &Token) -> bool {
    matches!(t, Token::Word(w) if PRERELEASE.contains(&w.as_str()))
}

fn pre_rank(w: &str) -> usize {
    // test < pre < rc, as 2.4.0-test1 … 2.4.18-pre … 2.4.18-rc were used.
    match w {
        "test" => 0,
        "pre" => 1,
        "rc" => 2,
        _ => 3,
    }
}

impl Ord for KernelVersion {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.release.is_empty(), other.release.is_empty()) {
            (true, true) => return self.raw.cmp(&other.raw),
            (true, false) => return Ordering::Greater,
            (false, true) => return Ordering::Less,
            _ => {}
        }
        // 6.12.0 is 6.12: `6.12.0-rc3` (an rc's uname) comes before
        // `6.12`, not after it.
        let trimmed =
            |r: &[u64]| r.len() - r.iter().rev().take_while(|&&x| x == 0).count().min(r.len().saturating_sub(2));
        self.release[..trimmed(&self.release)]
            .cmp(&other.release[..trimmed(&other.release)])
            .then_with(|| suffix_cmp(&self.suffix, &other.suffix))
            .then_with(|| self.raw.cmp(&other.raw))
    }
}

impl PartialOrd for KernelVersion {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Compares two kernel names in version order.
pub fn compare(a: &str, b: &str) -> Ordering {
    KernelVersion::parse(a).cmp(&KernelVersion::parse(b))
}

/// The name a kernel goes by across machine classes: `name` without a git
/// tag's leading `v` (`v6.1` is `6.1`) or a release's `.0` patch level
/// (`6.2.0`, `6.2.0-rc3`: `uname -r` of the tags `v6.2`, `v6.2-rc3`).
/// Names alike this way are one kernel when one class calls it `v6.1` or
/// `6.2.0` and another `6.1` or `6.2`; any other name is itself (`6.2.1`,
/// `stock`, `2.4.17rat`).
pub fn alike(name: &str) -> std::borrow::Cow<'_, str> {
    let name = match name.strip_prefix(['v', 'V']) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest,
        _ => name,
    };
    let lead = name.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(name.len());
    let parts: Vec<&str> = name[..lead].split('.').collect();
    if parts.len() == 3 && parts[2] == "0" && parts[..2].iter().all(|p| !p.is_empty()) {
        std::borrow::Cow::Owned(format!("{}.{}{}", parts[0], parts[1], &name[lead..]))
    } else {
        std::borrow::Cow::Borrowed(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_and_a_zero_patch_level_are_the_kernel_across_classes() {
        assert_eq!(alike("v6.1"), "6.1");
        assert_eq!(alike("6.2.0"), "6.2");
        assert_eq!(alike("v6.2.0-rc3"), "6.2-rc3");
        for same in ["6.2.1", "6.10", "stock", "2.4.17rat", "vanilla", "6.2.10"] {
            assert_eq!(alike(same), same);
        }
    }

    fn sorted(mut v: Vec<&str>) -> Vec<&str> {
        v.sort_by(|a, b| compare(a, b));
        v
    }

    #[test]
    fn a_release_with_a_trailing_zero_is_the_release() {
        assert_eq!(sorted(vec!["6.12", "6.12.0-rc3", "6.12.1", "6.11"]), vec!["6.11", "6.12.0-rc3", "6.12", "6.12.1"]);
        assert_eq!(compare("6.12.0", "6.12"), Ordering::Greater, "equal releases: by name");
    }

    #[test]
    fn kernel_people_order() {
        assert_eq!(
            sorted(vec!["2.4.18-aa1", "2.4.18", "2.4.18-rc1", "2.4.18-pre9"]),
            vec!["2.4.18-pre9", "2.4.18-rc1", "2.4.18", "2.4.18-aa1"]
        );
        assert_eq!(sorted(vec!["2.5.33-mm5", "2.5.33", "2.5.33-mm1"]), vec!["2.5.33", "2.5.33-mm1", "2.5.33-mm5"]);
        assert_eq!(
            sorted(vec!["2.5.33-mm5", "2.4.20-pre5", "2.4.19-rc5-aa1", "2.4.20-pre4-ac1", "2.5.33"]),
            vec!["2.4.19-rc5-aa1", "2.4.20-pre4-ac1", "2.4.20-pre5", "2.5.33", "2.5.33-mm5"]
        );
        assert_eq!(sorted(vec!["2.4.17rat", "2.4.17"]), vec!["2.4.17", "2.4.17rat"]);
        assert_eq!(sorted(vec!["2.4.8-pre1", "2.4.7"]), vec!["2.4.7", "2.4.8-pre1"]);
        assert_eq!(sorted(vec!["2.4.10", "2.4.9"]), vec!["2.4.9", "2.4.10"]);
        assert_eq!(sorted(vec!["ac12-pmap2", "ac12"]), vec!["ac12", "ac12-pmap2"]);
    }

    #[test]
    fn todays_names() {
        assert_eq!(
            sorted(vec!["6.11-rc1", "6.10.1", "6.10", "6.10-rc7"]),
            vec!["6.10-rc7", "6.10", "6.10.1", "6.11-rc1"]
        );
        assert_eq!(
            sorted(vec![
                "v6.12-rc3-00100-gabcdef1",
                "v6.12",
                "v6.12-rc3-00042-g1a2b3c4d5e6f",
                "v6.12-rc3",
                "v6.12-rc2"
            ]),
            vec!["v6.12-rc2", "v6.12-rc3", "v6.12-rc3-00042-g1a2b3c4d5e6f", "v6.12-rc3-00100-gabcdef1", "v6.12"]
        );
        assert_eq!(
            sorted(vec!["6.8.0-45-generic", "6.8.0-41-generic", "6.9.1"]),
            vec!["6.8.0-41-generic", "6.8.0-45-generic", "6.9.1"]
        );
        // A distribution's candidates come before the release (attacker 25).
        assert_eq!(
            sorted(vec!["6.7.0", "6.7.0-0.rc8.20240105git1234.1.fc40.x86_64", "6.7.0-060700rc1-generic", "6.6.0"]),
            vec!["6.6.0", "6.7.0-060700rc1-generic", "6.7.0-0.rc8.20240105git1234.1.fc40.x86_64", "6.7.0"]
        );
        assert_eq!(KernelVersion::parse("6.7.0-060700rc1-generic").lane(), "mainline");
        assert_eq!(KernelVersion::parse("6.7.0-0.rc8.20240105git1234.1.fc40.x86_64").lane(), "mainline");
        assert_eq!(
            sorted(vec!["6.11.4-301.fc41.x86_64", "6.11.3-300.fc41.x86_64"]),
            vec!["6.11.3-300.fc41.x86_64", "6.11.4-301.fc41.x86_64"]
        );
        for build in [
            "6.8.0-41-generic",
            "6.11.4-301.fc41.x86_64",
            "6.6.51+rpt-rpi-2712",
            "v6.12-rc3-00042-g1a2b3c4d5e6f",
            "6.1.0-18-amd64",
            "v6.12",
        ] {
            assert_eq!(KernelVersion::parse(build).lane(), "mainline", "{build}");
        }
        // A patch tree on a candidate is still its own lane.
        assert_eq!(KernelVersion::parse("6.10-rc7-mm1").lane(), "mm");
        assert_eq!(KernelVersion::parse("next-20241001").lane(), "next-20241001");
    }

    /// A consistent order over today's mixed names (an attacker's 57:
    /// candidates, releases, cloud and distribution builds, candidates'
    /// unames): every three ordered alike, so sorting never contradicts
    /// itself.
    #[test]
    fn the_order_is_total() {
        let names = [
            "6.1-rc3",
            "6.1.0-1024-aws",
            "6.10-rc8",
            "6.10.0-1047-aws",
            "6.10.3",
            "6.11",
            "6.11.0-rc6",
            "6.2",
            "6.2-rc2",
            "6.2.0-216-generic",
            "6.4.0-rc2",
            "6.5-rc5",
            "6.5.0-rc8",
            "6.5.0-91-generic",
            "6.5.7",
            "6.7",
            "6.7.0-rc4",
            "6.7.0-1004-aws",
            "6.7.0-150-generic",
            "6.7.4",
            "6.8",
            "6.8-rc3",
            "6.8.0-28-generic",
            "6.8.0-41-generic",
            "6.8-rc1",
            "2.6.32-754.el6",
            "2.6.32-rc8",
            "2.6.32",
            "2.6.32.1",
            "v6.12-rc3",
            "v6.12-rc3-00042-g1a2b3c4d5e6f",
            "6.12",
            "6.12.0",
            "6.12.0-rc3",
            "2.4.17rat",
            "2.4.17",
            "2.4.18-pre9",
            "2.4.19-rc5-aa1",
            "ac12",
            "stock",
            "6.6.51+rpt-rpi-2712",
            "6.6.51",
            "6.6.51-1-lts",
            "next-20241001",
        ];
        for a in names {
            assert_eq!(compare(a, a), Ordering::Equal, "{a}");
            for b in names {
                assert_eq!(compare(a, b), compare(b, a).reverse(), "{a} {b}");
                for c in names {
                    if compare(a, b) == Ordering::Less && compare(b, c) == Ordering::Less {
                        assert_eq!(compare(a, c), Ordering::Less, "{a} < {b} < {c}");
                    }
                }
            }
        }
        assert_eq!(sorted(vec!["6.8.0-41-generic", "6.8-rc1", "6.8"]), vec!["6.8-rc1", "6.8", "6.8.0-41-generic"]);
        assert_eq!(
            sorted(vec!["2.6.32-754.el6", "2.6.32-rc8", "2.6.32"]),
            vec!["2.6.32-rc8", "2.6.32", "2.6.32-754.el6"]
        );
        assert_eq!(
            sorted(vec!["6.7.0-1004-aws", "6.7-rc1", "6.7.0-rc5", "6.7", "6.7.0-49-generic"]),
            vec!["6.7-rc1", "6.7.0-rc5", "6.7", "6.7.0-49-generic", "6.7.0-1004-aws"]
        );
    }

    #[test]
    fn builds_of_one_release_are_one_release() {
        let r = |n: &str| KernelVersion::parse(n).release_only();
        assert_eq!(r("4.20.0-rc1-lowzone-v2r4"), r("4.20.0-rc1-vanilla"));
        assert!(r("4.19.0-vanilla") < r("4.20.0-rc1-boost-v2r4"));
        assert!(r("4.20.0-rc1-vanilla") < r("4.20.0-rc3-vanilla"));
        // Not one release: another candidate, another release.
        assert_ne!(r("4.20.0-rc1-vanilla"), r("4.20.0-rc3-vanilla"));
        assert_ne!(r("4.19.0-vanilla"), r("4.19.1-vanilla"));
    }

    #[test]
    fn lanes() {
        assert_eq!(KernelVersion::parse("2.4.19-rc5-aa1").lane(), "aa");
        assert_eq!(KernelVersion::parse("2.5.33-mm5").lane(), "mm");
        assert_eq!(KernelVersion::parse("2.4.20-pre5").lane(), "mainline");
        assert_eq!(KernelVersion::parse("2.4.17rat").lane(), "rat");
    }
}
