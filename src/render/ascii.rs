//! Pure-ASCII plaintext (`benchsite text --ascii`, site.yaml's
//! `ascii_mail: true`), for lists and mailers that mangle UTF-8.
//!
//! Every text the mail shows is transliterated *before* layout
//! ([`ascii_page`]), so the table writer measures what it prints: `µs`
//! becomes `us` (same width), `±` becomes `+-` (one column more), and the
//! columns stay aligned. What the writers add themselves goes through
//! [`to_ascii`] too ([`super::text::TextOptions::shown`]; the table
//! layer writes a spread's sign as `+-` itself,
//! [`crate::report::grid::GridOptions::ascii`]), and the finished text gets
//! one last pass, so the output is ASCII whatever slipped through.

use crate::report::{MachinePage, SectionView, TableView};
use std::borrow::Cow;

/// Symbols the mail uses, written as a reader of mail expects them
/// (deunicode, which does the rest, would write `α` as `a`).
const SYMBOLS: &[(char, &str)] = &[
    ('µ', "u"),
    ('μ', "u"),
    ('±', "+-"),
    ('α', "alpha"),
    ('β', "beta"),
    ('σ', "sigma"),
    ('Δ', "delta"),
    ('–', "-"),
    ('—', "-"),
    ('−', "-"),
    ('…', "..."),
    ('×', "x"),
    ('≤', "<="),
    ('≥', ">="),
    ('≈', "~"),
    ('→', "->"),
    ('°', " deg"),
    ('\u{a0}', " "),
    ('\u{FFFD}', "?"),
];

/// `s` in ASCII: the mail's symbols as in the table `SYMBOLS` (`µs` → `us`, `±` →
/// `+-`, `α` → `alpha`, dashes → `-`, `…` → `...`, `×` → `x`), any other
/// letter transliterated by deunicode (`é` → `e`, `ß` → `ss`), and what
/// has no transliteration as `?`. Borrowed when `s` is ASCII already.
pub fn to_ascii(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut buf = [0u8; 4];
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else if let Some((_, r)) = SYMBOLS.iter().find(|(k, _)| *k == c) {
            out.push_str(r);
        } else {
            let t = deunicode::deunicode_with_tofu(c.encode_utf8(&mut buf), "?");
            // deunicode gives ASCII; a stray byte would still be replaced.
            out.extend(t.chars().map(|c| if c.is_ascii() { c } else { '?' }));
        }
    }
    Cow::Owned(out)
}

/// Replaces `s` by [`to_ascii`] of it when it is not ASCII.
fn fix(s: &mut String) {
    if let Cow::Owned(a) = to_ascii(s) {
        *s = a;
    }
}

/// [`fix`] for the compact strings of cells.
fn fix_compact(s: &mut compact_str::CompactString) {
    if let Cow::Owned(a) = to_ascii(s) {
        *s = a.into();
    }
}

/// Names that [`to_ascii`] would make alike, each with the ASCII it is
/// shown as instead ([`escaped`]), longest first (for replacing them in
/// prose). `2.6.9-ß` and `2.6.9-ss`, or `café` and `cafe`, both read
/// `2.6.9-ss` / `cafe` in ASCII: two rows, columns or kernels of the mail
/// would look the same. Only names with a character beyond ASCII are
/// renamed (`2.6.9-<U+00DF>`); a name that is ASCII already stays.
pub type Escapes = Vec<(String, String)>;

/// `s` with each character beyond ASCII written as its code point,
/// `<U+00DF>` for `ß`: no two different names give the same text.
pub fn escaped(s: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let _ = write!(out, "<U+{:04X}>", u32::from(c));
        }
    }
    out
}

/// The [`Escapes`] of the distinct `names`: those that are not ASCII and
/// read, in [`to_ascii`], as another of the names does.
pub fn escapes<'a>(names: impl IntoIterator<Item = &'a str>) -> Escapes {
    let mut names: Vec<&str> = names.into_iter().collect();
    names.sort_unstable();
    names.dedup();
    let mut by_ascii: std::collections::HashMap<Cow<'_, str>, Vec<&str>> = std::collections::HashMap::new();
    for n in names {
        by_ascii.entry(to_ascii(n)).or_default().push(n);
    }
    let mut out: Escapes = by_ascii
        .into_values()
        .filter(|alike| alike.len() > 1)
        .flatten()
        .filter(|n| !n.is_ascii())
        .map(|n| (n.to_string(), escaped(n)))
        .collect();
    out.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
    out
}

/// A name made ASCII: its escape when `esc` has one, else [`fix`].
fn fix_name(s: &mut String, esc: &Escapes) {
    match esc.iter().find(|(o, _)| o == s) {
        Some((_, e)) => *s = e.clone(),
        None => fix(s),
    }
}

/// Text that may name what `esc` renames (a legend's baseline, a
/// notable change's kernel): each such name replaced by its escape, then
/// [`fix`].
fn fix_prose(s: &mut String, esc: &Escapes) {
    for (o, e) in esc {
        if s.contains(o.as_str()) {
            *s = s.replace(o.as_str(), e);
        }
    }
    fix(s);
}

/// A copy of `m` with every text the plaintext shows in ASCII
/// ([`to_ascii`]): names, specs, commentary, notable changes, and each
/// table's headers, units, parameters, cells and legend. Numbers are
/// untouched. Kernels (and, in each table, metric columns, parameter
/// headers and each parameter's values) that would read alike in ASCII
/// keep their difference ([`escapes`]).
pub fn ascii_page(m: &MachinePage) -> MachinePage {
    let mut m = m.clone();
    let kernels = escapes(
        m.kernels
            .iter()
            .map(|k| k.name.as_str())
            .chain(m.sections.iter().flat_map(|s| s.table.rows.iter().map(|r| r.kernel.as_str()))),
    );
    fix(&mut m.name);
    for s in &mut m.specs {
        fix(&mut s.label);
        fix(&mut s.value);
    }
    for k in &mut m.kernels {
        fix_name(&mut k.name, &kernels);
    }
    fix_prose(&mut m.description_md, &kernels);
    for n in &mut m.notable {
        fix_prose(&mut n.text, &kernels);
    }
    fix(&mut m.notable_more_text);
    fix(&mut m.significance);
    for s in &mut m.sections {
        ascii_section_with(s, &kernels);
    }
    m
}

/// [`ascii_page`] for one section.
pub fn ascii_section(s: &mut SectionView) {
    let kernels = escapes(s.table.rows.iter().map(|r| r.kernel.as_str()));
    ascii_section_with(s, &kernels);
}

/// [`ascii_section`] with the page's kernel escapes `kernels`.
fn ascii_section_with(s: &mut SectionView, kernels: &Escapes) {
    // Laid out again from the texts made ASCII.
    s.grid = None;
    fix(&mut s.title);
    fix_prose(&mut s.commentary_md, kernels);
    ascii_table(&mut s.table, kernels);
}

/// [`ascii_page`] for one table.
fn ascii_table(t: &mut TableView, kernels: &Escapes) {
    t.forget_uncompared();
    let headers = escapes(t.param_headers.iter().map(String::as_str));
    t.param_headers.iter_mut().for_each(|h| fix_name(h, &headers));
    t.fixed_params.iter_mut().for_each(fix);
    let columns = escapes(t.columns.iter().map(|c| c.name.as_str()));
    // "smaller is better: Lat, L<U+00E4>t" names the columns.
    fix_prose(&mut t.direction, &columns);
    if let Some(l) = &mut t.legend {
        fix_prose(l, kernels);
    }
    for b in [&mut t.baseline, &mut t.baseline_absent].into_iter().flatten() {
        fix_name(b, kernels);
    }
    // The grid finds a marked kernel's row by its name.
    for m in &mut t.marks {
        fix_name(&mut m.kernel, kernels);
        fix_prose(&mut m.title, kernels);
    }
    for c in &mut t.columns {
        fix_name(&mut c.name, &columns);
        fix(&mut c.unit);
    }
    let params: Vec<Escapes> = (0..t.param_headers.len())
        .map(|i| escapes(t.rows.iter().filter_map(|r| r.params.get(i)).map(String::as_str)))
        .collect();
    for r in &mut t.rows {
        fix_name(&mut r.kernel, kernels);
        for (i, p) in r.params.iter_mut().enumerate() {
            match params.get(i) {
                Some(esc) => fix_name(p, esc),
                None => fix(p),
            }
        }
        for c in r.cells.iter_mut().flatten() {
            fix_compact(&mut c.text);
            if let Some(sd) = &mut c.stddev_text {
                fix_compact(sd);
            }
            if let Some(d) = &mut c.delta_text {
                fix_compact(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_and_letters_become_ascii() {
        assert_eq!(
            to_ascii("0.43 µs ±0.02 at α = 0.05 – Benjamini–Hochberg … 4 × 700"),
            "0.43 us +-0.02 at alpha = 0.05 - Benjamini-Hochberg ... 4 x 700"
        );
        assert_eq!(to_ascii("Müller’s café ß 東"), "Muller's cafe ss Dong");
        assert!(matches!(to_ascii("plain"), Cow::Borrowed("plain")));
        assert!(to_ascii("\u{1F600} \u{10FFFF} \u{FFFD}").is_ascii());
    }

    /// attack #21: `2.6.9-ß` and `2.6.9-ss` (or `café` and `cafe`) both
    /// read `2.6.9-ss` in ASCII: the one beyond ASCII is written with its
    /// code points, the others stay as they are.
    #[test]
    fn names_alike_in_ascii_keep_their_difference() {
        let esc = escapes(["2.6.9-ß", "2.6.9-ss", "café", "cafe", "café", "Müller", "2.6.10"]);
        assert_eq!(
            esc,
            vec![
                ("2.6.9-ß".to_string(), "2.6.9-<U+00DF>".to_string()),
                ("café".to_string(), "caf<U+00E9>".to_string())
            ]
        );
        // Two names beyond ASCII alike: both escaped, each its own.
        let esc = escapes(["caf\u{e9}", "cafe\u{301}"]);
        assert_eq!(esc.len(), 2);
        assert_ne!(esc[0].1, esc[1].1);
        assert!(esc.iter().all(|(_, e)| e.is_ascii()));
        assert!(escapes(["a", "b", "Müller"]).is_empty());
    }
}
