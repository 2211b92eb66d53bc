//! What a machine class compares: its `compare:` key in `machine.yaml`.
//!
//! A class compares kernels unless it says otherwise. `compare: machines`
//! (or `boards`, `config`, `compiler`, `filesystem`, any word) makes each
//! directory of the class one of those instead, and every heading, legend,
//! table header, chart description, page name and `check` message of the
//! class says that word ([`Axis`] holds it; every renderer reads it from
//! the class's page view). Patch-tree lanes and kernel-version order apply
//! to kernels only: other items keep `kernel_order:` (as listed), else
//! their directory names in natural order (`board-2` before `board-10`),
//! and each item has a colour of its own.
//!
//! The word is written once, singular or plural:
//!
//! * a word ending in `s` (not `ss`) is a plural, its singular the word
//!   without the `s`: `machines` → machine/machines, `kernels`,
//!   `configs`, `boards`;
//! * any other word is a singular, its plural made by adding `s` (`es`
//!   after `s`, `x`, `z`, `ch`, `sh`): `config` → config/configs,
//!   `compiler`, `filesystem`, `box` → box/boxes;
//! * where that rule is wrong, YAML gives both: `compare: {one: OS,
//!   many: OSes}`.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// `compare:` as written in `machine.yaml`: one word, or both forms.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum CompareConfig {
    /// One word, singular or plural (see the module docs).
    Word(String),
    /// Both forms, for a word the rule gets wrong.
    Forms(CompareForms),
}

/// `compare: {one: OS, many: OSes}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareForms {
    /// The singular: "OS".
    pub one: String,
    /// The plural: "OSes".
    pub many: String,
}

/// The noun of what a class compares, in the forms every renderer prints.
/// `Default` is kernels (a class without `compare:`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Axis {
    /// Singular, as written: "kernel", "machine", "config".
    pub one: String,
    /// Plural: "kernels", "machines", "configs".
    pub many: String,
    /// The singular with a capital first letter, for headings: "Machine".
    pub one_cap: String,
    /// The plural with a capital first letter: "Machines".
    pub many_cap: String,
    /// True for kernels: version order and patch-tree lanes apply.
    pub kernels: bool,
    /// The label of a list of the items (the mail's and the Markdown
    /// page's `Kernels:` line, the HTML page's list and heading): the word
    /// as `compare:` gives it, with a capital first letter, its plural
    /// form where both are given, "Kernels" without `compare:`. A label
    /// does not invent a plural of a word the user typed: `compare: libc`
    /// labelled its list "Libcs:", now "Libc:" ("Compiler: gcc-12,
    /// clang-17", as a field of a post is labelled); the counts and
    /// sentences of the prose keep [`Axis::many`].
    pub label: String,
}

impl Default for Axis {
    fn default() -> Self {
        Axis::new("kernel", "kernels")
    }
}

impl Axis {
    /// The axis of the singular `one` and plural `many` (trimmed).
    pub fn new(one: &str, many: &str) -> Axis {
        let (one, many) = (one.trim().to_string(), many.trim().to_string());
        Axis {
            one_cap: capital(&one),
            many_cap: capital(&many),
            label: capital(&many),
            kernels: one.eq_ignore_ascii_case("kernel"),
            one,
            many,
        }
    }

    /// The axis `compare:` names; kernels when it is absent.
    pub fn of(config: Option<&CompareConfig>) -> Axis {
        match config {
            None => Axis::default(),
            Some(CompareConfig::Forms(f)) => Axis::new(&f.one, &f.many),
            Some(CompareConfig::Word(w)) => {
                let w = w.trim();
                let mut axis = if w.ends_with('s') && !w.ends_with("ss") {
                    Axis::new(&w[..w.len() - 1], w)
                } else {
                    Axis::new(w, &plural(w))
                };
                axis.label = capital(w);
                axis
            }
        }
    }

    /// "1 machine", "3 machines".
    pub fn count(&self, n: usize) -> String {
        format!("{n} {}", if n == 1 { &self.one } else { &self.many })
    }

    /// The order of two item names: version order for kernels, natural
    /// order (digit runs by value) for anything else.
    pub fn cmp_names(&self, a: &str, b: &str) -> Ordering {
        if self.kernels { crate::version::compare(a, b) } else { natural_cmp(a, b) }
    }

    /// What `compare:` must not be, as a message; `None` when it is fine.
    pub fn problem(config: &CompareConfig) -> Option<String> {
        let forms: Vec<&str> = match config {
            CompareConfig::Word(w) => vec![w],
            CompareConfig::Forms(f) => vec![&f.one, &f.many],
        };
        forms.iter().find_map(|w| {
            if w.trim().is_empty() {
                Some("compare: is empty; give a word such as `machines` (the default is `kernels`)".to_string())
            } else if w.chars().any(|c| c.is_control()) || w.chars().count() > 40 {
                Some(format!("compare: {w:?} is not a short word (at most 40 characters, no line breaks)"))
            } else {
                None
            }
        })
    }
}

/// `word` with its first letter capitalised.
fn capital(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The plural of a singular `word` made simply: `s`, or `es` after a
/// hissing ending.
fn plural(word: &str) -> String {
    let lower = word.to_ascii_lowercase();
    if ["s", "x", "z", "ch", "sh"].iter().any(|e| lower.ends_with(e)) {
        format!("{word}es")
    } else {
        format!("{word}s")
    }
}

/// Natural order: runs of digits compare by value, the rest by character
/// (`board-2` < `board-10`); equal keys fall back to plain order.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.chars().peekable(), b.chars().peekable());
    loop {
        match (x.peek().copied(), y.peek().copied()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let take = |it: &mut std::iter::Peekable<std::str::Chars>| {
                    let mut s = String::new();
                    while let Some(c) = it.next_if(char::is_ascii_digit) {
                        s.push(c);
                    }
                    s
                };
                let (m, n) = (take(&mut x), take(&mut y));
                let (m, n) = (m.trim_start_matches('0'), n.trim_start_matches('0'));
                let o = m.len().cmp(&n.len()).then_with(|| m.cmp(n));
                if o != Ordering::Equal {
                    return o;
                }
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(&d);
                }
                x.next();
                y.next();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(w: &str) -> Axis {
        Axis::of(Some(&CompareConfig::Word(w.into())))
    }

    #[test]
    fn forms_of_a_word() {
        assert_eq!(Axis::of(None), Axis::new("kernel", "kernels"));
        assert!(Axis::of(None).kernels);
        let m = word("machines");
        assert_eq!(
            (m.one.as_str(), m.many.as_str(), m.one_cap.as_str(), m.kernels),
            ("machine", "machines", "Machine", false)
        );
        assert_eq!(word("kernels"), Axis::default());
        assert_eq!((word("config").one, word("config").many), ("config".into(), "configs".into()));
        assert_eq!(word("compiler").many, "compilers");
        assert_eq!(word("filesystem").many_cap, "Filesystems");
        assert_eq!(word("box").many, "boxes");
        assert_eq!(word("address").many, "addresses");
        let os = Axis::of(Some(&CompareConfig::Forms(CompareForms { one: "OS".into(), many: "OSes".into() })));
        assert_eq!((os.one.as_str(), os.many.as_str()), ("OS", "OSes"));
        // A list's label is the word as typed (`Libc:`, not an invented
        // `Libcs:`); both forms given, the plural.
        assert_eq!((word("libc").label.as_str(), word("libc").many.as_str()), ("Libc", "libcs"));
        assert_eq!(
            (m.label.as_str(), Axis::default().label.as_str(), os.label.as_str()),
            ("Machines", "Kernels", "OSes")
        );
        assert_eq!(m.count(1), "1 machine");
        assert_eq!(m.count(3), "3 machines");
    }

    #[test]
    fn natural_order() {
        let mut v = vec!["board-10", "board-2", "Board-1", "board-02b", "a"];
        v.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(v, ["Board-1", "a", "board-2", "board-02b", "board-10"]);
        assert_eq!(word("machines").cmp_names("rpi-2", "rpi-10"), Ordering::Less);
    }

    #[test]
    fn bad_words() {
        assert!(Axis::problem(&CompareConfig::Word(" ".into())).is_some());
        assert!(Axis::problem(&CompareConfig::Word("a\nb".into())).is_some());
        assert!(Axis::problem(&CompareConfig::Word("machines".into())).is_none());
    }
}
