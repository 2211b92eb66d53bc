//! Diagnostics: what went wrong or looked odd, with the file and line.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The site still builds; the file or value is left out.
    Warning,
    /// The build fails (malformed YAML, a broken reference).
    Error,
    /// Information, not a problem: a gap the class says is intended, a
    /// file its `ignore:` leaves out. Shown on the lint page and by
    /// `check`; never fails a build, even with `--strict`.
    Note,
}

/// What a diagnostic is about: the group it is listed under on the lint
/// page (`lint.html`). Set where a diagnostic is made
/// ([`Diagnostic::of_kind`]); [`Kind::Other`] for the rest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A kernel lacks a benchmark other kernels of its class have.
    MissingBenchmark,
    /// A kernel ran only some benchmarks, as its class's `partial:` says.
    IntendedGap,
    /// The rows of one table have differing run counts.
    RunCounts,
    /// One metric in units that cannot be converted to one.
    UnitClash,
    /// A file left out: ignored, unreadable, unrecognised, not a file.
    Skipped,
    /// A file names another kernel than the directory it sits in.
    KernelName,
    /// A section selects nothing, or compares nothing with the baseline.
    Section,
    /// Anything else (YAML, parse warnings, outputs that clash).
    #[default]
    Other,
}

/// One problem found while loading content, with its place.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    /// Warning or error.
    pub severity: Severity,
    /// The file, as given on the command line joined with its path under
    /// the content directory. Serialised as a string, bytes that are not
    /// UTF-8 as U+FFFD (`caf\u{FFFD}`), as the text output shows them.
    #[serde(serialize_with = "lossy_path")]
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
    /// The lint page's group (not printed, not in `check --format json`).
    #[serde(skip)]
    pub kind: Kind,
}

/// A path as a string, lossily: serde refuses a path that is not UTF-8, and
/// with it every diagnostic of `check --format json`.
fn lossy_path<S: serde::Serializer>(path: &std::path::Path, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&path.to_string_lossy())
}

impl Diagnostic {
    /// A warning about `file`.
    pub fn warning(file: impl Into<PathBuf>, line: Option<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            file: file.into(),
            line,
            column: None,
            message: message.into(),
            kind: Kind::Other,
        }
    }

    /// An error about `file`.
    pub fn error(file: impl Into<PathBuf>, line: Option<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            file: file.into(),
            line,
            column: None,
            message: message.into(),
            kind: Kind::Other,
        }
    }

    /// A note about `file` ([`Severity::Note`]): information, not a problem.
    pub fn note(file: impl Into<PathBuf>, line: Option<usize>, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Note, ..Diagnostic::warning(file, line, message) }
    }

    /// Sets what the diagnostic is about (the lint page's group).
    pub fn of_kind(mut self, kind: Kind) -> Self {
        self.kind = kind;
        self
    }

    /// Sets the column.
    pub fn at_column(mut self, column: Option<usize>) -> Self {
        self.column = column;
        self
    }
}

/// True when any diagnostic is an error.
pub fn has_errors(diags: &[Diagnostic]) -> bool {
    diags.iter().any(|d| d.severity == Severity::Error)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
            Severity::Note => "note",
        };
        // A newline in a file name is shown as U+FFFD: the name must not
        // start a line of its own that reads like another diagnostic.
        // An invisible character (a zero-width space) is shown as its
        // code point, as the pages show the name.
        let file = self.file.display().to_string();
        write!(f, "{kind}: {}", show_invisible(&inert(&file)).replace('\n', "\u{FFFD}"))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        // A message may run over several lines (a list of names); each
        // further line is indented, so none can pass for a diagnostic of
        // its own, whatever a name inside it holds.
        write!(f, ": {}", inert(&self.message).replace('\n', "\n    "))
    }
}

/// False when `s` surely holds no control character (other than `\n`
/// when `newline` is false), judged by its bytes alone: control characters
/// are U+0000–U+001F, U+007F and U+0080–U+009F, in UTF-8 a byte below 0x20,
/// 0x7F, or 0xC2 and a second byte. Only text with such a byte (`µs` has a
/// 0xC2 too) need be decoded to look.
pub(crate) fn may_hold_control(s: &str, newline: bool) -> bool {
    s.bytes().any(|b| (b < 0x20 && (newline || b != b'\n')) || b == 0x7f || b == 0xc2)
}

/// `s` with control characters (and bidirectional controls,
/// [`is_bidi_control`]) other than newline replaced by U+FFFD, so that a
/// file named with terminal escape sequences cannot act on the terminal a
/// diagnostic is printed to.
pub fn inert(s: &str) -> std::borrow::Cow<'_, str> {
    replace_controls(s, &['\n'])
}

/// True for the Unicode bidirectional embedding, override and isolate
/// characters (U+202A–U+202E, U+2066–U+2069): format characters, not
/// controls, but one in a kernel's name (`6.2` + U+202E) turned the rest
/// of its mail line right to left, its figures read backwards (`0.150` as
/// `051.0`: "Trojan source", CVE-2021-42574; attack34 #13).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// True for a character that prints as nothing, so that a name holding
/// one looks the same as the name without it: the zero-width space,
/// non-joiner and joiner and the left-to-right and right-to-left marks
/// (U+200B–U+200F), the soft hyphen (U+00AD), the word joiner and
/// invisible operators (U+2060–U+2064), the byte order mark (U+FEFF), the
/// combining grapheme joiner (U+034F), the Arabic letter mark (U+061C),
/// the Mongolian vowel separator and variation selectors
/// (U+180B–U+180F), the deprecated format characters (U+206A–U+206F),
/// the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the Khmer
/// inherent vowels (U+17B4, U+17B5) and the tag characters
/// (U+E0000–U+E007F).
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2060}'..='\u{2064}'
            | '\u{206A}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// The Latin letter a Cyrillic or Greek letter looks like, where it looks
/// like one (`а` U+0430 → `a`, `Ο` U+039F → `O`), with its script's name;
/// `None` for any other character. A small table of the letters that
/// print alike in common fonts, not Unicode's full confusables list.
pub fn latin_lookalike(c: char) -> Option<(char, &'static str)> {
    const CYRILLIC: &[(char, char)] = &[
        ('а', 'a'),
        ('е', 'e'),
        ('о', 'o'),
        ('р', 'p'),
        ('с', 'c'),
        ('у', 'y'),
        ('х', 'x'),
        ('і', 'i'),
        ('ј', 'j'),
        ('ѕ', 's'),
        ('ԁ', 'd'),
        ('һ', 'h'),
        ('ԛ', 'q'),
        ('ԝ', 'w'),
        ('А', 'A'),
        ('В', 'B'),
        ('Е', 'E'),
        ('К', 'K'),
        ('М', 'M'),
        ('Н', 'H'),
        ('О', 'O'),
        ('Р', 'P'),
        ('С', 'C'),
        ('Т', 'T'),
        ('Х', 'X'),
        ('І', 'I'),
        ('Ј', 'J'),
        ('Ѕ', 'S'),
        ('Ү', 'Y'),
    ];
    const GREEK: &[(char, char)] = &[
        ('ο', 'o'),
        ('ν', 'v'),
        ('α', 'a'),
        ('ι', 'i'),
        ('κ', 'k'),
        ('ρ', 'p'),
        ('τ', 't'),
        ('υ', 'u'),
        ('Α', 'A'),
        ('Β', 'B'),
        ('Ε', 'E'),
        ('Ζ', 'Z'),
        ('Η', 'H'),
        ('Ι', 'I'),
        ('Κ', 'K'),
        ('Μ', 'M'),
        ('Ν', 'N'),
        ('Ο', 'O'),
        ('Ρ', 'P'),
        ('Τ', 'T'),
        ('Υ', 'Y'),
        ('Χ', 'X'),
    ];
    if let Some(&(_, l)) = CYRILLIC.iter().find(|(x, _)| *x == c) {
        return Some((l, "Cyrillic"));
    }
    GREEK.iter().find(|(x, _)| *x == c).map(|&(_, l)| (l, "Greek"))
}

/// Where name `s` would be read as another, Latin, name: it holds a
/// Cyrillic or Greek letter that looks like a Latin one
/// ([`latin_lookalike`]) beside Latin letters (`2.6.9-аc`, its `а`
/// Cyrillic: scripts mixed), or letters that are all Latin or such
/// look-alikes (`2.6.9-ас`, both Cyrillic). Returns the first such letter,
/// the Latin letter it looks like, its script, and the name as it reads
/// (`2.6.9-ac`). A name in Cyrillic or Greek words (`ядро`) is none.
pub fn lookalike_name(s: &str) -> Option<(char, char, &'static str, String)> {
    if s.is_ascii() {
        return None;
    }
    let (c, (latin, script)) = s.chars().find_map(|c| latin_lookalike(c).map(|l| (c, l)))?;
    let mixed = s.chars().any(|c| c.is_ascii_alphabetic());
    let all_alike = s.chars().filter(|c| c.is_alphabetic() && !c.is_ascii()).all(|c| latin_lookalike(c).is_some());
    if !(mixed || all_alike) {
        return None;
    }
    let reads: String = s.chars().map(|c| latin_lookalike(c).map_or(c, |(l, _)| l)).collect();
    Some((c, latin, script, reads))
}

/// `s` with each invisible character ([`is_invisible`]) written as its
/// code point, `<U+200B>`: a kernel directory `2.6.9` + U+200B looked
/// the same as `2.6.9` on every page and in the mail. Borrowed when there
/// is none (an ASCII name at the cost of one look at its bytes).
pub fn show_invisible(s: &str) -> std::borrow::Cow<'_, str> {
    if s.is_ascii() || !s.chars().any(is_invisible) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_invisible(c) {
            out.push_str(&format!("<U+{:04X}>", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// `s` with every control character ([`char::is_control`], and the
/// bidirectional controls of [`is_bidi_control`]) but those in `keep`
/// replaced by U+FFFD: how names and YAML strings are shown (diagnostics
/// keep line breaks; a name keeps `\n` and `\r` for the line-break check
/// that skips it). Borrowed when there is none, judged by the bytes first.
pub fn replace_controls<'a>(s: &'a str, keep: &[char]) -> std::borrow::Cow<'a, str> {
    let shown = |c: char| !(c.is_control() || is_bidi_control(c)) || keep.contains(&c);
    if may_hold_controls(s.as_bytes(), keep) && !s.chars().all(shown) {
        s.chars().map(|c| if shown(c) { c } else { '\u{FFFD}' }).collect::<String>().into()
    } else {
        s.into()
    }
}

/// True when `bytes` hold a byte that may begin a character
/// [`replace_controls`] replaces: a C0 control not in `keep`, DEL, 0xc2
/// (which leads the C1 controls) or 0xe2 (the bidirectional ones). Up to
/// three kept C0 controls (every caller's: line breaks, tab) are compared
/// in a branch-free test the compiler does 32 bytes at a time; a byte at a
/// time otherwise. Every diagnostic printed, name walked and mail written
/// is tested: 49 M instructions of a one-kernel rebuild of the large
/// archive were this test a byte at a time.
fn may_hold_controls(bytes: &[u8], keep: &[char]) -> bool {
    // The kept C0 controls; 0xff (no control) for none.
    let mut kept = [0xffu8; 3];
    let mut c0 = keep.iter().filter_map(|&c| u8::try_from(c).ok().filter(|&b| b < 0x20));
    for k in &mut kept {
        *k = c0.next().unwrap_or(0xff);
    }
    if c0.next().is_some() {
        return bytes
            .iter()
            .any(|&b| (b < 0x20 && !keep.contains(&char::from(b))) || b == 0x7f || b == 0xc2 || b == 0xe2);
    }
    let [k0, k1, k2] = kept;
    bytes.chunks(32).any(|chunk| {
        chunk.iter().fold(false, |any, &b| {
            any | ((b < 0x20) & (b != k0) & (b != k1) & (b != k2)) | (b == 0x7f) | (b == 0xc2) | (b == 0xe2)
        })
    })
}

/// Writes `text` to standard error, ignoring a failure: a closed or full
/// standard error (`benchsite check 2>&1 | head -1`, `2>/dev/full`) loses
/// the message but never ends the program, where `eprintln!` panics
/// ("failed printing to stderr", exit 101, found by a newcomer's trial).
/// What the command does, and its exit status, stay as they would be.
pub fn to_stderr(text: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    let _ = std::io::stderr().lock().write_fmt(text);
}

/// `eprintln!` through [`to_stderr`]: never panics on a closed or full
/// standard error.
macro_rules! lossy_eprintln {
    ($($t:tt)*) => {
        $crate::diag::to_stderr(format_args!("{}\n", format_args!($($t)*)))
    };
}

/// `eprint!` through [`to_stderr`].
macro_rules! lossy_eprint {
    ($($t:tt)*) => {
        $crate::diag::to_stderr(format_args!($($t)*))
    };
}
pub(crate) use {lossy_eprint, lossy_eprintln};

#[cfg(test)]
mod lookalike_tests {
    use super::lookalike_name;

    /// attack35 #5's leftover: `2.6.9-аc` (Cyrillic `а`) looked like
    /// `2.6.9-ac` on every page; so does `2.6.9-ас` (both Cyrillic).
    #[test]
    fn latin_lookalikes_are_found_and_words_of_another_script_are_not() {
        assert_eq!(lookalike_name("2.6.9-\u{430}c"), Some(('\u{430}', 'a', "Cyrillic", "2.6.9-ac".into())));
        assert_eq!(lookalike_name("2.6.9-\u{430}\u{441}").map(|l| l.3), Some("2.6.9-ac".into()));
        assert_eq!(lookalike_name("6.1-rc\u{39F}").map(|l| (l.1, l.2)), Some(('O', "Greek")));
        for plain in ["2.6.9-ac", "6.1-rc4", "ядро-6.1", "6.1-µarch", "Ünïcödé-6.1"] {
            assert_eq!(lookalike_name(plain), None, "{plain}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_control_gate_agrees_with_a_byte_at_a_time() {
        let one_by_one = |bytes: &[u8], keep: &[char]| {
            bytes.iter().any(|&b| (b < 0x20 && !keep.contains(&char::from(b))) || b == 0x7f || b == 0xc2 || b == 0xe2)
        };
        let keeps: [&[char]; 6] =
            [&[], &['\n'], &['\n', '\r'], &['\n', '\r', '\t'], &['\n', '\r', '\t', '\u{1b}'], &['é', '\n']];
        for keep in keeps {
            for b in 0..=255u8 {
                // Alone, and at each side of a 32-byte chunk's end.
                for at in [0, 31, 32, 70] {
                    let mut bytes = vec![b'a'; 71];
                    bytes[at] = b;
                    assert_eq!(may_hold_controls(&bytes, keep), one_by_one(&bytes, keep), "{b:#x} at {at}, {keep:?}");
                }
            }
        }
    }

    #[test]
    fn inert_replaces_every_control_character() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let s = format!("a{c}b");
            let replaced = (c.is_control() || is_bidi_control(c)) && c != '\n';
            let expected = if replaced { "a\u{FFFD}b".to_string() } else { s.clone() };
            assert_eq!(inert(&s), expected, "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn diagnostics_print_no_terminal_escapes() {
        let d = Diagnostic::error("m1/2.4.9\u{1b}]0;pwned\u{7}/dbench.txt", Some(3), "bad \u{1b}[2J value".to_string());
        let text = d.to_string();
        assert!(!text.chars().any(char::is_control), "{text:?}");
        assert!(text.contains("2.4.9\u{FFFD}]0;pwned"), "{text:?}");
    }

    #[test]
    fn a_name_cannot_forge_a_diagnostic_line() {
        let d =
            Diagnostic::warning("c/m1/evil\nerror: forged", None, "skipped: kernel evil\nerror: forged".to_string());
        let text = d.to_string();
        for line in text.lines().skip(1) {
            assert!(line.starts_with("    "), "{text:?}");
        }
        assert!(text.starts_with("warning: c/m1/evil\u{FFFD}error: forged: skipped"), "{text:?}");
    }
}
