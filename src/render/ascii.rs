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

/// A copy of `m` with every text the plaintext shows in ASCII
/// ([`to_ascii`]): names, specs, commentary, notable changes, and each
/// table's headers, units, parameters, cells and legend. Numbers are
/// untouched.
pub fn ascii_page(m: &MachinePage) -> MachinePage {
    let mut m = m.clone();
    fix(&mut m.name);
    for s in &mut m.specs {
        fix(&mut s.label);
        fix(&mut s.value);
    }
    for k in &mut m.kernels {
        fix(&mut k.name);
    }
    fix(&mut m.description_md);
    for n in &mut m.notable {
        fix(&mut n.text);
    }
    fix(&mut m.notable_more_text);
    fix(&mut m.significance);
    m.sections.iter_mut().for_each(ascii_section);
    m
}

/// [`ascii_page`] for one section.
pub fn ascii_section(s: &mut SectionView) {
    // Laid out again from the texts made ASCII.
    s.grid = None;
    fix(&mut s.title);
    fix(&mut s.commentary_md);
    ascii_table(&mut s.table);
}

/// [`ascii_page`] for one table.
fn ascii_table(t: &mut TableView) {
    t.forget_uncompared();
    t.param_headers.iter_mut().chain(&mut t.fixed_params).for_each(fix);
    fix(&mut t.direction);
    if let Some(l) = &mut t.legend {
        fix(l);
    }
    for c in &mut t.columns {
        fix(&mut c.name);
        fix(&mut c.unit);
    }
    for r in &mut t.rows {
        fix(&mut r.kernel);
        r.params.iter_mut().for_each(fix);
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
}
