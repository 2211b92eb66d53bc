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
        plain(head).map(|v| v * 1000.0)
    } else {
        plain(s)
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
    Some(total)
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
        assert!((clock_seconds("7:34.59").unwrap() - 454.59).abs() < 1e-9);
        assert_eq!(clock_seconds("1:02:03"), Some(3723.0));
    }
}
