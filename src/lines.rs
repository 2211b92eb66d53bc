//! The lines of a text as `str::lines` gives them, with memchr finding the
//! line breaks: `str::lines`' char searcher was 22 M instructions of a large
//! class's label-line warnings (`site::label_kernels`) and showed in the
//! list of written files (`output::marker`, 41,000 lines on a large
//! archive). One splitter for both.

/// The lines of `text` as `str::lines` gives them: each less its `\n` and a
/// `\r` before it; the last one, after the last `\n`, as it is, and none when
/// that is empty (`""` gives no line, `"a\n"` one, `"a\r"` the line `a\r`).
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let breaks = memchr::memchr_iter(b'\n', text.as_bytes()).map(Some);
    breaks.chain(std::iter::once(None)).filter_map(move |end| {
        // `\n` is ASCII: a character boundary.
        let line = &text[start.min(text.len())..end.unwrap_or(text.len())];
        start = end.map_or(text.len(), |e| e + 1);
        match end {
            Some(_) => Some(line.strip_suffix('\r').unwrap_or(line)),
            None => Some(line).filter(|l| !l.is_empty()),
        }
    })
}

#[cfg(test)]
mod tests {
    /// [`super::lines`] gives what `str::lines` gives.
    #[test]
    fn lines_as_str_lines() {
        for t in ["", "a", "a\n", "a\r\n", "a\r", "\n", "\n\n", "a\r\nb\r", "a\n\rb\n\r\n", "é\r\n\r\r\n", "x\ny"] {
            assert_eq!(super::lines(t).collect::<Vec<_>>(), t.lines().collect::<Vec<_>>(), "{t:?}");
        }
    }
}
