//! Numbers and links as pages print them: fixed-point numbers, spreads,
//! p-values, URL path segments and slugs.

use compact_str::CompactString;
use std::sync::Arc;

/// Directory under each machine's output directory holding copies of its raw files.
pub const RAW_DIR: &str = "raw";

/// Where the links to a machine class's raw files point: its copies in the
/// output (`raw/<path>`, relative to the class's page: the default), or,
/// with site.yaml's `raw_url`, the files themselves in the public
/// repository that holds the content directory
/// (`https://github.com/u/r/blob/main/content/<class>/<path>`), whose
/// copies are then not written. Every link to a raw file is made by
/// [`RawLinks::link`] (and [`raw_line_link`] for one naming a line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawLinks {
    /// `raw_url` as links carry it, ending in `/`, followed by the class's
    /// directory and `/`; `None` for the copies.
    base: Option<Arc<str>>,
}

impl RawLinks {
    /// Links to the class's copies of its raw files (`raw/<path>`).
    pub fn copies() -> RawLinks {
        RawLinks::default()
    }

    /// Links into the repository at `raw_url` (the content directory's
    /// URL, [`crate::site::raw_url_problem`] finding nothing wrong
    /// with it; a `/` is added where it lacks one) for the class whose
    /// directory in the content directory is named `class_dir`; the copies
    /// where `raw_url` is `None` or empty.
    pub fn new(raw_url: Option<&str>, class_dir: &str) -> RawLinks {
        let Some(url) = raw_url.map(crate::site::encoded_base_url).filter(|u| !u.is_empty()) else {
            return RawLinks::copies();
        };
        let slash = if url.ends_with('/') { "" } else { "/" };
        RawLinks { base: Some(Arc::from(format!("{url}{slash}{}/", path_segment(class_dir)))) }
    }

    /// True when the class's raw files are copied into the output and
    /// linked there (no `raw_url`).
    pub fn copied(&self) -> bool {
        self.base.is_none()
    }

    /// The percent-encoded link to the raw file at `rel_path` (relative to
    /// the class's directory): its copy, `raw/<path>` named by
    /// [`crate::site::raw_copy_name`] (`raw/6.1/dbench.html.txt`: a copy
    /// always ends in `.txt`), relative to the class's page; or the
    /// repository's URL of the file, by its own name.
    pub fn link(&self, rel_path: &str) -> String {
        let segments = |p: &str| p.split('/').map(path_segment).collect::<Vec<String>>().join("/");
        match &self.base {
            None => format!("{RAW_DIR}/{}", segments(&crate::site::raw_copy_name(rel_path))),
            Some(base) => format!("{base}{}", segments(rel_path)),
        }
    }
}

/// `link` (a [`RawLinks::link`]) to line `line` (1-based) of its file:
/// with GitHub's line anchor (`…/dbench-32.txt#L11`) on a repository's
/// file; the link itself on a copy (a plain text file has no anchors).
pub fn raw_line_link(link: &str, line: u32) -> String {
    if is_absolute_link(link) { format!("{link}#L{line}") } else { link.to_string() }
}

/// True when `link` is a URL of its own (`https://…`, a raw file linked
/// into its repository), which a page's relative prefix (`../`) must not
/// be put in front of; a copy's link (`raw/…`, whose segments are
/// percent-encoded, so it holds no `:`) is relative.
pub fn is_absolute_link(link: &str) -> bool {
    link.split('/').next().is_some_and(|head| head.ends_with(':'))
}

/// `link` (a [`RawLinks::link`], or any link relative to a class's page)
/// as a page `prefix` away from the class's page links it: `prefix` +
/// `link` for a relative one, an absolute one as it is
/// ([`is_absolute_link`]).
pub fn prefixed<'a>(prefix: &str, link: &'a str) -> std::borrow::Cow<'a, str> {
    if prefix.is_empty() || is_absolute_link(link) {
        std::borrow::Cow::Borrowed(link)
    } else {
        std::borrow::Cow::Owned(format!("{prefix}{link}"))
    }
}

/// `s` percent-encoded as one URL path segment: everything but ASCII
/// letters, digits and `-._~` is encoded, so the result never carries a
/// scheme (`:`), a query, a fragment or a separator.
pub fn path_segment(s: &str) -> String {
    const SEGMENT: &percent_encoding::AsciiSet =
        &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
    percent_encoding::utf8_percent_encode(s, SEGMENT).to_string()
}

/// Formats `v` with `decimals` places: the text of `format!("{v:.decimals$}")`.
pub fn fmt_fixed(v: f64, decimals: usize) -> CompactString {
    let mut s = CompactString::default();
    push_fixed(&mut s, v, decimals, false);
    s
}

/// Appends `v` with `decimals` places to `out`, exactly as
/// `write!(out, "{v:.decimals$}")` does (with `plus`, as `{v:+.decimals$}`):
/// the decimal value of `v` rounded half to even, `-` kept on a negative
/// value that rounds to zero (`-0.00`); but a zero is unsigned, `0.00`
/// (`+0.00` with `plus`), never `-0.00`: a mean or difference of exactly
/// nothing has no sign to show.
///
/// Tables print hundreds of thousands of numbers, and the standard
/// formatter's exact algorithms (Grisu, then Dragon4 for the rest) cost
/// most of that. Here the scaled value `|v|·10^decimals` is rounded in
/// floating point when that provably gives the same integer: its error
/// (half a unit in the last place) cannot move it across a half. Ties,
/// near-ties, non-finite values, more than 9 places and values from 2^52
/// up go to the standard formatter. Tested against it (`proptest`).
pub fn push_fixed(out: &mut CompactString, v: f64, decimals: usize, plus: bool) {
    use std::fmt::Write as _;
    const POW10: [u64; 10] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];
    // -0.0 + 0.0 is 0.0; every other value is itself.
    let v = v + 0.0;
    let fast = (v.is_finite() && decimals < POW10.len())
        .then(|| v.abs() * POW10[decimals] as f64)
        .filter(|&scaled| scaled < 4_503_599_627_370_496.0)
        .and_then(|scaled| {
            // Exact: both are below 2^52 (the conversion is the floor).
            let int = scaled as u64;
            let frac = scaled - int as f64;
            // |scaled − |v|·10^d| ≤ scaled·ε/2; twice that keeps clear of a half.
            ((frac - 0.5).abs() > scaled * f64::EPSILON).then(|| int + u64::from(frac > 0.5))
        });
    let Some(n) = fast else {
        let _ = if plus { write!(out, "{v:+.decimals$}") } else { write!(out, "{v:.decimals$}") };
        return;
    };
    // The text is made in a buffer and appended once: each push onto a
    // `CompactString` costs about as much as the digits. At most a sign,
    // 16 digits (below 2^52), a point and 9 places.
    let mut text = [b'0'; 32];
    let mut len = 0;
    if v.is_sign_negative() {
        text[0] = b'-';
        len = 1;
    } else if plus {
        text[0] = b'+';
        len = 1;
    }
    let mut digits = itoa::Buffer::new();
    let int = digits.format(n / POW10[decimals]).as_bytes();
    text[len..len + int.len()].copy_from_slice(int);
    len += int.len();
    if decimals > 0 {
        text[len] = b'.';
        len += 1;
        let frac = digits.format(n % POW10[decimals]).as_bytes();
        // Leading zeros of the places: the buffer's own.
        len += decimals - frac.len();
        text[len..len + frac.len()].copy_from_slice(frac);
        len += frac.len();
    }
    out.push_str(std::str::from_utf8(&text[..len]).unwrap_or_default());
}

/// Changes at or beyond this (in percent, positive is better) are printed as
/// a factor: a "positive is better" percentage past −50% grows without
/// bound (a 3× longer time is −200%) and reads as nonsense.
pub const FACTOR_BELOW_PCT: f64 = -50.0;

/// The change text of a cell against the baseline, from its change in
/// percent with positive better ([`crate::stats::Comparison::pct_better`])
/// and its column's better direction and unit: "+12.3%", "-4.0%", "0.0%"
/// to one decimal; a loss past [`FACTOR_BELOW_PCT`] as a factor of the
/// baseline, "3.06× slower" (a time or a rate, by `unit`) or "2.50×
/// worse" (anything else), to three significant digits. A loss whose
/// factor is not finite and positive (a rate that fell to zero or below)
/// stays a percentage. The prose's form (notable changes); a table prints
/// [`fmt_change_cell`].
pub fn fmt_change(pct_better: f64, better: crate::model::Better, unit: &str) -> CompactString {
    let mut s = CompactString::default();
    match loss_factor(pct_better, better) {
        Some(factor) => {
            push_factor(&mut s, factor);
            s.push_str(if is_time_or_rate(unit) { "× slower" } else { "× worse" });
        }
        None => push_pct(&mut s, pct_better),
    }
    s
}

/// [`fmt_change`] of a change tested significant: one under 0.05% shows
/// the decimals that bring out its first digit (`-0.005%`, `-0.00004%`),
/// where `+0.0%*` called a significant loss no change and the wrong way (a
/// STREAM Copy of 10000.6 against 10000.1), and `-0.0000%*` starred a
/// change printed as zero. One too small for nine decimals (a
/// difference near the last digit of a 16-digit counter) is written in
/// scientific notation (`-4.0e-11%`): a significant change never reads as
/// zero.
pub fn fmt_change_significant(pct_better: f64, better: crate::model::Better, unit: &str) -> CompactString {
    if pct_better.abs() >= 0.05 {
        return fmt_change(pct_better, better, unit);
    }
    let mut s = CompactString::default();
    push_pct_to(&mut s, pct_better, true);
    s
}

/// The change as a table cell prints it: [`fmt_change`]'s percentage,
/// and a loss past [`FACTOR_BELOW_PCT`] as "-3.06×" (`-3.06x` with
/// `ascii`), as wide as the percentage it replaces, so that it does not
/// widen its column past the page; the legend says what it means
/// ([`super::significance::FACTORS`]).
pub fn fmt_change_cell(pct_better: f64, better: crate::model::Better, ascii: bool) -> CompactString {
    let mut s = CompactString::default();
    match loss_factor(pct_better, better) {
        Some(factor) => {
            s.push('-');
            push_factor(&mut s, factor);
            s.push(if ascii { 'x' } else { '×' });
        }
        None => push_pct(&mut s, pct_better),
    }
    s
}

/// [`fmt_change_cell`] of a change whose [`fmt_change`] text is `prose`
/// (a cell's [`super::CellView::delta_text`]): that text again where it is
/// a percentage, the two forms' one difference being a loss past
/// [`FACTOR_BELOW_PCT`]. A table's every cell takes its change text from
/// here, and each shape of a table tried ([`super::grid::grid`]) again.
pub fn change_cell_of(
    prose: &CompactString,
    pct_better: f64,
    better: crate::model::Better,
    ascii: bool,
) -> CompactString {
    match loss_factor(pct_better, better) {
        None => prose.clone(),
        Some(_) => fmt_change_cell(pct_better, better, ascii),
    }
}

/// A loss past [`FACTOR_BELOW_PCT`] as a factor of the baseline (above
/// 1): lower is better, value / baseline = 1 − pct/100; higher is better,
/// baseline / value = 1 / (1 + pct/100). `None` for a smaller change or a
/// factor that is not finite and positive (a rate that fell to zero).
fn loss_factor(pct_better: f64, better: crate::model::Better) -> Option<f64> {
    if pct_better >= FACTOR_BELOW_PCT {
        return None;
    }
    let factor = match better {
        crate::model::Better::Lower => 1.0 - pct_better / 100.0,
        _ => 1.0 / (1.0 + pct_better / 100.0),
    };
    (factor.is_finite() && factor > 0.0).then_some(factor)
}

/// `factor` to three significant digits: "3.06", "17.1", "3297".
fn push_factor(s: &mut CompactString, factor: f64) {
    let decimals = if factor < 10.0 {
        2
    } else if factor < 100.0 {
        1
    } else {
        0
    };
    push_fixed(s, factor, decimals, false);
}

/// A change in percent to one decimal with its sign: "+12.3%", "0.0%".
fn push_pct(s: &mut CompactString, pct_better: f64) {
    push_pct_to(s, pct_better, false);
}

/// [`push_pct`]; with `fine`, a change under 0.05% gets the decimals that
/// show its first digit (at most nine; beyond, scientific notation), so
/// that it never prints as zero.
fn push_pct_to(s: &mut CompactString, pct_better: f64, fine: bool) {
    const MOST: i32 = 9;
    let mut decimals = 1;
    while fine && decimals < MOST && pct_better != 0.0 && (pct_better * 10f64.powi(decimals)).round() == 0.0 {
        decimals += 1;
    }
    let scale = 10f64.powi(decimals);
    let rounded = (pct_better * scale).round() / scale;
    if fine && rounded == 0.0 && pct_better != 0.0 && pct_better.is_finite() {
        use std::fmt::Write as _;
        let _ = write!(s, "{pct_better:+.1e}");
    } else {
        // `+ 0.0` turns -0.0 into 0.0, so no change prints as +0.0%.
        push_fixed(s, rounded + 0.0, decimals as usize, true);
    }
    s.push('%');
}

/// True for a unit of time ("s", "ms", "µs", "sec") or of something per
/// time ("MB/s", "jobs/min", "lps"): a loss in it is "slower".
fn is_time_or_rate(unit: &str) -> bool {
    const TIME: &[&str] =
        &["s", "sec", "secs", "seconds", "ms", "msec", "µs", "us", "usec", "ns", "nsec", "min", "minutes", "h"];
    let u = unit.trim().to_ascii_lowercase();
    let per = u.rsplit_once('/').map(|(_, t)| t.trim().to_string());
    TIME.contains(&u.as_str())
        || per.is_some_and(|t| TIME.contains(&t.as_str()))
        || ["lps", "iops", "kbps", "mbps", "gbps", "bps"].contains(&u.as_str())
}

/// A table cell's mean: [`fmt_fixed`] with the cell's `decimals`, or, for
/// a value so small that those decimals show fewer of its significant
/// digits than it has, scientific notation with them: `1.0015e-9` for the
/// mean of `1.001e-9` and `1.002e-9`, which read `0` beside a change of
/// `-2.00×` (attack26 gs/), `4.667e-5` for a value printed so (it read
/// `0.000047`). Its significant digits run down to its spread's second
/// (`stddev`, the one [`fmt_spread`] prints), or without a spread are
/// those of the value's shortest form; at most seven.
pub fn fmt_cell_value(mean: f64, decimals: usize, stddev: Option<f64>) -> CompactString {
    if mean.is_finite() && mean.abs() >= HUGE {
        return fmt_huge(mean, stddev);
    }
    let fixed = fmt_fixed(mean, decimals);
    if mean == 0.0 || !mean.is_finite() || mean.abs() >= 1e-3 {
        return fixed;
    }
    let exp = mean.abs().log10().floor() as i32;
    let sig = significant_digits(mean, stddev, 7);
    // The significant digits the fixed text shows.
    let shown = decimals as i32 + exp + 1;
    if shown >= sig {
        return fixed;
    }
    let prec = (sig - 1) as usize;
    CompactString::from(format!("{mean:.prec$e}"))
}

/// From this magnitude up a table cell's mean is printed in scientific
/// notation ([`fmt_cell_value`]): 16 digits and more before the point
/// read as a long string of digits, and from 10^17 up the fixed form
/// prints digits no figure had (`123456789012345685803008` for a
/// `123456789012345678901234` printed).
pub const HUGE: f64 = 1e15;

/// A huge mean ([`HUGE`] and up) in scientific notation with its
/// significant digits: down to its spread's second (`stddev`), or without
/// one those of the value's shortest form (at most 17, what a double
/// holds): `1.2345678901234569e23`, `9.007199254740994e15`, `2.5e18`.
fn fmt_huge(mean: f64, stddev: Option<f64>) -> CompactString {
    let prec = (significant_digits(mean, stddev, 17) - 1) as usize;
    CompactString::from(format!("{mean:.prec$e}"))
}

/// The significant digits a mean far from 1 is shown with in scientific
/// notation: down to its spread's second significant digit (`stddev`
/// above 0), or without one those of the value's shortest form; from 1 to
/// `most`.
fn significant_digits(mean: f64, stddev: Option<f64>, most: i32) -> i32 {
    let exp = mean.abs().log10().floor() as i32;
    match stddev.filter(|sd| *sd > 0.0 && sd.is_finite()) {
        Some(sd) => exp - (sd.log10().floor() as i32 - 1) + 1,
        None => {
            let short = format!("{:e}", mean.abs());
            let mantissa = short.split('e').next().unwrap_or("");
            mantissa.bytes().filter(u8::is_ascii_digit).count() as i32
        }
    }
    .clamp(1, most)
}

/// Formats a standard deviation with two significant digits.
pub fn fmt_spread(sd: f64) -> CompactString {
    if sd == 0.0 || !sd.is_finite() {
        return "0".into();
    }
    fmt_fixed(sd, spread_decimals(sd))
}

/// A cell's spread in the notation of its mean's text `mean_text`
/// ([`fmt_cell_value`]): [`fmt_spread`] beside a fixed-point mean, and
/// two significant digits in scientific notation beside a mean in it
/// (`1.0015e-9±2.1e-12`, where `±0.0000000000021` beside `1.0015e-9`
/// was hard to read and set a table's column far wider than its means).
pub fn fmt_cell_spread(sd: f64, mean_text: &str) -> CompactString {
    if sd == 0.0 || !sd.is_finite() || !mean_text.contains('e') {
        return fmt_spread(sd);
    }
    CompactString::from(format!("{sd:.1e}"))
}

/// The decimals [`fmt_spread`] shows a nonzero, finite spread `sd` with
/// (its two significant digits, none past the point for 10 and up):
/// 2.3 → 1, 0.071 → 3, 1384.16 → 0.
pub fn spread_decimals(sd: f64) -> usize {
    let mag = sd.abs().log10().floor() as i32;
    (1 - mag).max(0) as usize
}

/// Formats a p-value for text: "p = 0.003", or "p < 0.001".
pub fn fmt_p(p: f64) -> CompactString {
    fmt_p_as("p", p)
}

/// Formats an adjusted p-value for text: "adjusted p = 0.003", or
/// "adjusted p < 0.001".
pub fn fmt_p_adjusted(p: f64) -> CompactString {
    fmt_p_as("adjusted p", p)
}

fn fmt_p_as(name: &str, p: f64) -> CompactString {
    let mut s = CompactString::from(name);
    if p < 0.001 {
        s.push_str(" < 0.001");
        return s;
    }
    s.push_str(" = ");
    push_fixed(&mut s, p, 3, false);
    s
}

/// A URL fragment for a title: lower case, runs of other characters → `-`.
pub fn slugify(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        if ch.is_alphanumeric() {
            out.extend(ch.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        return "section".to_string();
    }
    // A slug names files (`csv/<slug>.csv`, `sections/<slug>.html`): a
    // title of 300 characters made a name longer than file systems allow
    // and failed the whole build. Past `MAX_SLUG` bytes, the head and a
    // hash of the whole, so two long titles alike at the start stay apart.
    if out.len() > MAX_SLUG {
        let mut cut = MAX_SLUG - 17;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        let tag = crate::fingerprint::hash(out.as_bytes());
        out = format!("{}-{tag:016x}", out[..cut].trim_end_matches('-'));
    }
    out
}

/// Most bytes of a [`slugify`]d name: room in a file name of 255 bytes for
/// a prefix and a suffix (`-runs.svg`).
pub const MAX_SLUG: usize = 120;

#[cfg(test)]
mod tests {

    /// attack26 gs/ and lke/: tiny values keep their significant digits.
    #[test]
    fn tiny_cell_values_keep_their_significant_digits() {
        let sd = crate::stats::Summary::of_samples(&[1.001e-9, 1.002e-9, 0.999e-9, 1.004e-9]);
        assert_eq!(fmt_cell_value(1.0015e-9, 0, sd.stddev), "1.0015e-9");
        assert_eq!(fmt_cell_value(1.0015e-9, 0, Some(1.29e-12)), "1.0015e-9");
        assert_eq!(fmt_cell_value(4.667e-5, 6, None), "4.667e-5");
        assert_eq!(fmt_cell_value(-2.5e-7, 3, None), "-2.5e-7");
        // Shown whole by the fixed form: as before.
        assert_eq!(fmt_cell_value(0.000123, 6, None), "0.000123");
        assert_eq!(fmt_cell_value(0.0, 3, None), "0.000");
        assert_eq!(fmt_cell_value(45.607, 1, Some(2.3)), "45.6");
    }

    /// attack #20: a mean of 10^15 and up printed as a long string of
    /// digits, past 10^17 with digits no file had
    /// (`123456789012345685803008`): scientific notation with the value's
    /// significant digits, its spread in the same notation.
    #[test]
    fn huge_cell_values_print_in_scientific_notation() {
        assert_eq!(fmt_cell_value(123456789012345678901234.0, 0, None), "1.2345678901234569e23");
        assert_eq!(fmt_cell_value(9007199254740994.0, 0, None), "9.007199254740994e15");
        assert_eq!(fmt_cell_value(-2.5e18, 0, None), "-2.5e18");
        assert_eq!(fmt_cell_value(1.2345e20, 0, Some(2.1e17)), "1.2345e20");
        assert_eq!(fmt_cell_spread(2.1e17, "1.2345e20"), "2.1e17");
        // Below 10^15: the fixed form, as before.
        assert_eq!(fmt_cell_value(999999999999999.0, 0, None), "999999999999999");
        assert_eq!(fmt_cell_value(1099511627776.0, 0, None), "1099511627776");
    }

    /// A spread prints in the notation of its mean (display27: `1.0015e-9±0.0000000000021`).
    #[test]
    fn a_spread_takes_its_means_notation() {
        let sd = crate::stats::Summary::of_samples(&[1.001e-9, 1.002e-9, 0.999e-9, 1.004e-9]).stddev.unwrap();
        let mean = fmt_cell_value(1.0015e-9, 0, Some(sd));
        assert_eq!(fmt_cell_spread(sd, &mean), "2.1e-12");
        assert_eq!(fmt_cell_spread(2.3, "45.6"), "2.3");
        assert_eq!(fmt_cell_spread(0.0, "1.0e-9"), "0");
    }

    use super::*;

    /// The copies' links are relative and percent-encoded; a repository's
    /// are the URL, the class's directory and the path, a line as `#L`.
    #[test]
    fn raw_links_point_at_copies_or_the_repository() {
        let copies = RawLinks::copies();
        assert_eq!(copies.link("2.4.7/bonnie++ a.txt"), "raw/2.4.7/bonnie%2B%2B%20a.txt");
        assert_eq!(raw_line_link(&copies.link("a.txt"), 11), "raw/a.txt");
        assert_eq!(prefixed("../", &copies.link("a.txt")), "../raw/a.txt");
        // A copy always ends in `.txt` (a host serves it as plain text,
        // never as a page or an image that runs script); the repository's
        // file keeps its name, and its line anchors.
        assert_eq!(copies.link("6.1/dbench.html"), "raw/6.1/dbench.html.txt");
        assert_eq!(copies.link("6.1/a b.svg"), "raw/6.1/a%20b.svg.txt");
        assert_eq!(copies.link("6.1/fio.json"), "raw/6.1/fio.json.txt");
        assert_eq!(copies.link("6.1/dbench"), "raw/6.1/dbench.txt");
        let repo_html = RawLinks::new(Some("https://github.com/u/r/blob/main/content/"), "m").link("6.1/d.html");
        assert_eq!(raw_line_link(&repo_html, 3), "https://github.com/u/r/blob/main/content/m/6.1/d.html#L3");
        let repo = RawLinks::new(Some("https://github.com/u/r/blob/main/content"), "box 1");
        assert!(!repo.copied());
        let link = repo.link("2.4.7/a.txt");
        assert_eq!(link, "https://github.com/u/r/blob/main/content/box%201/2.4.7/a.txt");
        assert_eq!(raw_line_link(&link, 11), format!("{link}#L11"));
        assert_eq!(prefixed("../", &link), link);
        assert!(RawLinks::new(Some(" "), "m").copied() && RawLinks::new(None, "m").copied());
    }

    #[test]
    fn a_long_title_makes_a_slug_a_file_system_takes() {
        let a = slugify(&format!("dbench {}", "x".repeat(300)));
        let b = slugify(&format!("dbench {}y", "x".repeat(300)));
        assert!(a.len() <= MAX_SLUG && a.starts_with("dbench-xxx"), "{a}");
        assert_ne!(a, b);
        assert_eq!(slugify("dbench 32"), "dbench-32");
    }

    /// [`push_fixed`] as the standard formatter writes it.
    /// The standard formatter's text, but for a zero's sign ([`push_fixed`]).
    fn std_fixed(v: f64, decimals: usize, plus: bool) -> String {
        let v = v + 0.0;
        if plus { format!("{v:+.decimals$}") } else { format!("{v:.decimals$}") }
    }

    fn our_fixed(v: f64, decimals: usize, plus: bool) -> String {
        let mut s = CompactString::default();
        push_fixed(&mut s, v, decimals, plus);
        s.to_string()
    }

    #[test]
    fn a_significant_change_under_a_twentieth_of_a_percent_shows_its_first_digit() {
        use crate::model::Better;
        assert_eq!(fmt_change_significant(-0.0049997, Better::Higher, "MB/s"), "-0.005%");
        assert_eq!(fmt_change_significant(0.04, Better::Higher, "MB/s"), "+0.04%");
        // A significant change is never printed as zero, nor a loss as `-0.0000%`.
        assert_eq!(fmt_change_significant(-0.000001, Better::Higher, "MB/s"), "-0.000001%", "a loss keeps its sign");
        assert_eq!(fmt_change_significant(-0.00004, Better::Higher, "MB/s"), "-0.00004%");
        assert_eq!(fmt_change_significant(0.00004, Better::Lower, "s"), "+0.00004%");
        assert_eq!(fmt_change_significant(-4e-11, Better::Higher, "MB/s"), "-4.0e-11%");
        assert_eq!(fmt_change_significant(-1.25, Better::Higher, "MB/s"), fmt_change(-1.25, Better::Higher, "MB/s"));
        assert_eq!(fmt_change(-0.005, Better::Higher, "MB/s"), "+0.0%", "untested: the page's one decimal");
    }

    /// A CSV value `-0` printed `-0±0` in the mail and `-0` in the runs
    /// table: a zero is printed without a sign.
    #[test]
    fn a_negative_zero_prints_as_zero() {
        assert_eq!(our_fixed(-0.0, 0, false), "0");
        assert_eq!(our_fixed(-0.0, 2, false), "0.00");
        assert_eq!(our_fixed(-0.0, 1, true), "+0.0");
        assert_eq!(fmt_cell_value(-0.0, 0, Some(0.0)), "0");
        // A negative value that rounds to zero keeps its sign, as std's.
        assert_eq!(our_fixed(-0.001, 2, false), "-0.00");
    }

    #[test]
    fn fixed_point_text_is_the_standard_formatters() {
        let cases = [
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -2.5,
            0.125,
            0.375,
            1.005,
            2.675,
            0.045,
            1e-300,
            -1e-300,
            0.049999999999999996,
            999.9995,
            9.995,
            123456.789,
            4503599627370495.5,
            4503599627370496.0,
            1e300,
            -1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.1 + 0.2,
            1.0 / 3.0,
            2.0 / 3.0,
            0.95,
            0.05,
            0.15,
            0.25,
            0.35,
        ];
        for v in cases {
            for d in 0..12 {
                for plus in [false, true] {
                    assert_eq!(our_fixed(v, d, plus), std_fixed(v, d, plus), "{v:e} with {d} places, plus {plus}");
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// Any value, and values on and near ties (k + 1/2)/10^d, where
        /// rounding in floating point could go the other way.
        #[test]
        fn fixed_point_text_matches_std(
            v in proptest::num::f64::ANY,
            k in 0u64..2_000_000,
            nudge in -2i64..=2,
            d in 0usize..11,
            plus: bool,
        ) {
            proptest::prop_assert_eq!(our_fixed(v, d, plus), std_fixed(v, d, plus));
            let tie = (k as f64 + 0.5) / 10f64.powi(d as i32);
            let near = f64::from_bits(tie.to_bits().wrapping_add_signed(nudge));
            proptest::prop_assert_eq!(our_fixed(near, d, plus), std_fixed(near, d, plus));
            proptest::prop_assert_eq!(our_fixed(-near, d, plus), std_fixed(-near, d, plus));
        }
    }

    #[test]
    fn losses_past_half_read_as_factors() {
        use crate::model::Better;
        assert_eq!(fmt_change(12.34, Better::Higher, "MB/s"), "+12.3%");
        assert_eq!(fmt_change(-0.01, Better::Lower, "µs"), "+0.0%");
        assert_eq!(fmt_change(-50.0, Better::Lower, "µs"), "-50.0%");
        // A time 3.059× the baseline's: −205.9% positive-is-better.
        assert_eq!(fmt_change(-205.9, Better::Lower, "µs"), "3.06× slower");
        assert_eq!(fmt_change(-1647.7, Better::Lower, "s"), "17.5× slower");
        // A rate at a third of the baseline's: −66.7%.
        assert_eq!(fmt_change(-200.0 / 3.0, Better::Higher, "MB/s"), "3.00× slower");
        assert_eq!(fmt_change(-75.0, Better::Higher, "files"), "4.00× worse");
        // Fell to zero: no finite factor.
        assert_eq!(fmt_change(-100.0, Better::Higher, "MB/s"), "-100.0%");
        assert_eq!(fmt_change(-99_900.0, Better::Lower, "ns"), "1000× slower");
    }

    #[test]
    fn spread_has_two_significant_digits() {
        assert_eq!(fmt_spread(0.20024), "0.20");
        assert_eq!(fmt_spread(12.34), "12");
        assert_eq!(fmt_spread(0.0012345), "0.0012");
        assert_eq!(fmt_spread(1234.0), "1234");
    }

    #[test]
    fn slugs() {
        assert_eq!(slugify("AIM7 database workload"), "aim7-database-workload");
        assert_eq!(slugify("*Local* Communication"), "local-communication");
    }
}
