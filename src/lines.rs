//! The lines of a text as `str::lines` gives them, with memchr finding the
//! line breaks: `str::lines`' char searcher was 22 M instructions of a large
//! class's label-line warnings (`site::label_kernels`) and showed in the
//! list of written files (`output::marker`, 41,000 lines on a large
//! archive). One splitter for both.
//!
//! The words of a line as `str::split_whitespace` gives them, with white
//! space told byte by byte where it is ASCII: `split_whitespace`'s char
//! searcher was 270 M instructions (12 %) of a debug build of ten kernels,
//! most of it asked of every line by the parsers (BENCHMARKS.md, the
//! sixty-second session).

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

/// The words of `text` as `str::split_whitespace` gives them: the runs of
/// characters between white space (`char::is_whitespace`: ASCII space, tab,
/// `\n`, `\x0B`, `\x0C`, `\r`, and Unicode's `White_Space` beyond ASCII, such
/// as a no-break space), none empty; from either end.
pub fn words(text: &str) -> Words<'_> {
    Words { rest: text }
}

/// [`words`] as a method of `str` (`line.words()` for `line.split_whitespace()`).
pub trait SplitWords {
    /// The words of the text, as `str::split_whitespace` gives them ([`words`]).
    fn words(&self) -> Words<'_>;
}

impl SplitWords for str {
    fn words(&self) -> Words<'_> {
        words(self)
    }
}

/// The iterator of [`words`].
#[derive(Clone, Debug)]
pub struct Words<'a> {
    /// What is left to split.
    rest: &'a str,
}

/// Whether the character starting at byte `i` of `s` (a boundary, its
/// first byte past ASCII) is white space, and its length in bytes.
fn wide_space_at(s: &str, i: usize) -> (bool, usize) {
    s[i..].chars().next().map_or((false, s.len() - i), |c| (c.is_whitespace(), c.len_utf8()))
}

/// Whether the character ending at byte `j` of `s` (a boundary above 0,
/// its last byte past ASCII) is white space, and its length in bytes.
fn wide_space_before(s: &str, j: usize) -> (bool, usize) {
    s[..j].chars().next_back().map_or((false, j), |c| (c.is_whitespace(), c.len_utf8()))
}

/// The end of the run from byte `i` of `s` (a boundary) of white space
/// (`space`) or of anything else.
fn run_end(s: &str, mut i: usize, space: bool) -> usize {
    let b = s.as_bytes();
    while let Some(&c) = b.get(i) {
        if c < 0x80 {
            // `char::is_whitespace` in ASCII: space, `\t`, `\n`, `\x0B`, `\x0C`, `\r`.
            if matches!(c, b' ' | b'\t'..=b'\r') != space {
                return i;
            }
            i += 1;
        } else {
            let (is, len) = wide_space_at(s, i);
            if is != space {
                return i;
            }
            i += len;
        }
    }
    i
}

/// The start of the run up to byte `j` of `s` (a boundary) of white space
/// (`space`) or of anything else.
fn run_start(s: &str, mut j: usize, space: bool) -> usize {
    let b = s.as_bytes();
    while j > 0 {
        let c = b[j - 1];
        if c < 0x80 {
            if matches!(c, b' ' | b'\t'..=b'\r') != space {
                return j;
            }
            j -= 1;
        } else {
            let (is, len) = wide_space_before(s, j);
            if is != space {
                return j;
            }
            j -= len;
        }
    }
    0
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.rest;
        let start = run_end(s, 0, true);
        if start >= s.len() {
            self.rest = "";
            return None;
        }
        let end = run_end(s, start, false);
        self.rest = &s[end..];
        Some(&s[start..end])
    }

    /// The last word, found from the end (as `split_whitespace` does).
    fn last(mut self) -> Option<&'a str> {
        self.next_back()
    }
}

impl DoubleEndedIterator for Words<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let s = self.rest;
        let end = run_start(s, s.len(), true);
        if end == 0 {
            self.rest = "";
            return None;
        }
        let start = run_start(s, end, false);
        self.rest = &s[..start];
        Some(&s[start..end])
    }
}

impl std::iter::FusedIterator for Words<'_> {}

#[cfg(test)]
mod tests {
    /// [`super::lines`] gives what `str::lines` gives.
    #[test]
    fn lines_as_str_lines() {
        for t in ["", "a", "a\n", "a\r\n", "a\r", "\n", "\n\n", "a\r\nb\r", "a\n\rb\n\r\n", "é\r\n\r\r\n", "x\ny"] {
            assert_eq!(super::lines(t).collect::<Vec<_>>(), t.lines().collect::<Vec<_>>(), "{t:?}");
        }
    }

    /// The strings [`words_as_split_whitespace`] splits both ways.
    const SPACED: [&str; 16] = [
        "",
        " ",
        "a",
        " a ",
        "a b",
        "  a\tb\n c\r\n",
        "a\x0Bb\x0Cc",
        "a\x1Cb\x1Fc",
        "a\u{a0}b",
        "\u{2003}é\u{3000}ü \u{85}x",
        "\u{200b}a\u{200b} b",
        "12.5 MB/sec  64 procs",
        "日本 語\u{a0}",
        "\u{feff}a",
        "a\u{2028}b\u{2029}",
        "\t\t",
    ];

    /// [`super::words`] gives what `str::split_whitespace` gives, from the
    /// front, from the back, and from both ends in turn.
    #[test]
    fn words_as_split_whitespace() {
        for t in SPACED {
            assert_eq!(super::words(t).collect::<Vec<_>>(), t.split_whitespace().collect::<Vec<_>>(), "{t:?}");
            assert_eq!(
                super::words(t).rev().collect::<Vec<_>>(),
                t.split_whitespace().rev().collect::<Vec<_>>(),
                "{t:?}"
            );
            assert_eq!(super::words(t).last(), t.split_whitespace().last(), "{t:?}");
            let (mut a, mut b) = (super::words(t), t.split_whitespace());
            for k in 0..8 {
                if k % 2 == 0 {
                    assert_eq!(a.next(), b.next(), "{t:?}");
                } else {
                    assert_eq!(a.next_back(), b.next_back(), "{t:?}");
                }
            }
        }
    }

    proptest::proptest! {
        /// Any text, of ASCII, white space of every kind and letters
        /// beyond ASCII: the same words as `str::split_whitespace`, both ways.
        #[test]
        fn words_as_split_whitespace_any(t in "[ a-z0-9\t\n\x0B\x0C\r\x1C\u{85}\u{a0}\u{2003}\u{3000}é日.,-]{0,40}") {
            proptest::prop_assert_eq!(super::words(&t).collect::<Vec<_>>(), t.split_whitespace().collect::<Vec<_>>());
            proptest::prop_assert_eq!(super::words(&t).rev().collect::<Vec<_>>(), t.split_whitespace().rev().collect::<Vec<_>>());
        }
    }
}
