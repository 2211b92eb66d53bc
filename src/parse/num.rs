//! Number cells as benchmarks print them.

/// Parses a plain decimal number as benchmarks print it: `12.5`, `115.`
/// (lmbench cuts to a trailing dot), `.5`, `-3`, `1e3`. Returns `None` for
/// anything else, including `nan`/`inf` spellings, which no benchmark prints.
pub fn plain(s: &str) -> Option<f64> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    if !s.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E')) {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Parses a number with an optional `K` suffix meaning ×1000, as lmbench's
/// summary prints large values: `0.11K` → 110, `13.K` → 13000, `3549.8K`
/// → 3549800, `6K` → 6000. Plain numbers pass through [`plain`].
pub fn k_suffixed(s: &str) -> Option<f64> {
    let s = s.trim();
    if let Some(head) = s.strip_suffix('K') {
        // `0.11K` is 110, not 0.11 × 1000 = 110.00000000000001.
        plain(head).map(|v| to_decimals(v * 1000.0, decimals(head).map(|d| d.saturating_sub(3))))
    } else {
        plain(s)
    }
}

/// The digits after the point of a plain decimal (`34.59` → 2, `12` → 0,
/// `-3.5` → 1); `None` for anything else (`1e3`). A parser whose benchmark
/// prints a figure with a fixed number of decimals (`%.2f`) reads fewer as
/// a line cut short.
pub fn decimals(s: &str) -> Option<usize> {
    let s = s.trim();
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    (int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())).then_some(frac.len())
}

/// `v` rounded to `d` decimals, when `d` is known and small: the nearest
/// double to the decimal the text wrote, as parsing it would give, instead
/// of a sum's or product's binary remainder (`454.59000000000003`).
fn to_decimals(v: f64, d: Option<usize>) -> f64 {
    match d {
        Some(d) if d <= 15 && v.abs() < 1e15 => {
            let scale = 10f64.powi(d as i32);
            let scaled = (v * scale).round();
            if scaled.abs() < 9.0e15 { scaled / scale } else { v }
        }
        _ => v,
    }
}

/// Parses `[[h:]m:]s[.frac]` elapsed times as GNU time and csh print them:
/// `7:34.59` → 454.59 s, `1:02:03` → 3723 s, `12.5` → 12.5 s.
pub fn clock_seconds(s: &str) -> Option<f64> {
    let mut total = 0.0;
    let parts: Vec<&str> = s.trim().split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for (i, p) in parts.iter().enumerate() {
        let v = plain(p)?;
        if v < 0.0 {
            return None;
        }
        let last = i + 1 == parts.len();
        if !last && p.contains('.') {
            return None;
        }
        total = total * 60.0 + v;
    }
    // `7:34.59` is 454.59 s, not 7 × 60 + 34.59 = 454.59000000000003.
    Some(to_decimals(total, parts.last().and_then(|p| decimals(p))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(plain("115."), Some(115.0));
        assert_eq!(plain("abc"), None);
        assert_eq!(plain("nan"), None);
        assert_eq!(k_suffixed("13.K"), Some(13000.0));
        assert!((k_suffixed("0.11K").unwrap() - 110.0).abs() < 1e-9);
        assert_eq!(k_suffixed("0.11K"), Some(110.0));
        assert_eq!(k_suffixed("1.2345K"), Some(1234.5));
        assert_eq!(clock_seconds("7:34.59"), Some(454.59));
        assert_eq!(clock_seconds("0:00.07"), Some(0.07));
        assert_eq!(clock_seconds("12.5"), Some(12.5));
        assert!((clock_seconds("7:34.59").unwrap() - 454.59).abs() < 1e-9);
        assert_eq!(clock_seconds("1:02:03"), Some(3723.0));
    }
}
