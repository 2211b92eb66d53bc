//! The text a parser sees: decoded, with line endings and mail quoting
//! normalised, line numbers kept.

/// A raw result file prepared for parsing.
///
/// * bytes are decoded as UTF-8; invalid sequences become U+FFFD and
///   [`Input::lossy`] is set so the caller can warn;
/// * CRLF and lone CR become LF;
/// * no-break spaces (U+00A0, U+2007, U+202F: a table copied from a web
///   page) and en and em spaces (U+2002, U+2003: a mail client's tab)
///   become spaces, one for one, so its columns stay where they were (also
///   those a quoted-printable mail encodes, `=C2=A0`, once decoded);
/// * a full-width colon (U+FF1A, a Chinese input method's or a
///   punctuation fixer's: `total time：  26.0836s`, `Number of
///   threads：64`, the prompt `robert@ubuntu：~$` in a sysbench 0.4 post)
///   becomes a colon, one for one (whether a space followed the colon it
///   stands for, as in `threads：64`, or none, as in the prompt, is not
///   known);
/// * byte-order marks (U+FEFF, which Windows editors write before the
///   first line, and `cat` of such files leaves at the start of later
///   ones) are removed: the mark is invisible, and before `real` or a
///   JSON `{` it hid the line from its parser;
/// * leading mail quote markers (`>`, `> `, `>>`, `> >`, and supercite's
///   initials `ZC> `) are removed from every line, also under an indent
///   on three lines in a row or more (`    >> Copy: …`, quoted output in a
///   Markdown code block) or going on from a quote with no indent; so is
///   a mail client's bar quote, `| `, on a block of three lines or more
///   that is no table (no row ends in `|`, no rule of dashes), or whose
///   every table row is a quoted one (`| | Method | … |`) among lines of
///   other text (a page quoted whole);
///   [`Input::quoted`] is set when any
///   were;
/// * a mail saved in its quoted-printable transfer encoding (it holds
///   `=3D`, an encoded `=`, or lines ending in `=20`, or two or more long
///   lines broken by a soft break `=` where the encoder wraps) is decoded:
///   `max_latency=3D3.481 ms` reads `max_latency=3.481 ms`, and a line
///   broken by the encoding (ending in a soft break `=`) is joined to the
///   next one, which is left empty so that numbering stays; [`Input::qp`]
///   is set. A part a mail's header declares so (`Content-Transfer-Encoding:
///   quoted-printable`) is decoded whatever width its soft breaks are at,
///   unless it holds a `=` no encoder writes (saved decoded);
/// * nothing else changes: tabs, trailing spaces and blank lines stay, and
///   line *n* of [`Input::lines`] (index *n − 1*) is line *n* of the file;
/// * a file whose last line has no line break (a log cut mid-line, or a
///   file saved without its final newline) sets [`Input::unterminated`]: a
///   figure at that line's end may be cut ([`super::cut`]).
#[derive(Debug, Clone, Default)]
pub struct Input {
    /// The normalised lines, without their line terminators. Not to be
    /// changed once [`Input::text`] or [`Input::has`] has been asked (they keep
    /// their text).
    pub lines: Vec<String>,
    /// True when the bytes were not valid UTF-8.
    pub lossy: bool,
    /// True when the text was decoded from quoted-printable.
    pub qp: bool,
    /// True when at least one line carried mail quoting.
    pub quoted: bool,
    /// Index *n − 1*: how many quote markers line *n* carried (`> >` is 2);
    /// empty when no line carried any ([`Input::quote_depth`]).
    pub quote_depths: Vec<u8>,
    /// Index *n − 1* is true when line *n* was left empty because the line
    /// above took its text (a quoted-printable soft break): no blank line
    /// of the file, so no end of a table ([`Input::joined_away`]). Empty
    /// when nothing was joined.
    pub soft_joined: Vec<bool>,
    /// True when the file's last line ends without a line break (`\n`,
    /// `\r\n` or a lone `\r` all end a line): the file may have been cut
    /// inside that line ([`super::cut::last_line`]). False for an empty
    /// text.
    pub unterminated: bool,
    /// True when the file's last line ends in a quoted-printable soft
    /// break (`Max: 410=`) that the decoding took away: the encoder broke
    /// the line there and its rest (`73` of `41073`) is not in the file,
    /// cut after the break. Sets [`Input::unterminated`] too: the line is
    /// one a cut may have shortened (attack51 F14).
    pub soft_break_at_end: bool,
    /// The file's lines as read, when this input is a copy with some lines
    /// blanked ([`Input::blanked`]); `None` for the file itself. What a
    /// blanked line said still decides how the lines around it are read:
    /// a `tbench` command line a dbench segment's blanking removed still
    /// makes the lines under it tbench's ([`super::dbench`]).
    pub file_lines: Option<std::sync::Arc<Vec<String>>>,
    /// Index *n − 1*: the column of the file at which line *n*'s text
    /// starts, past the quote markers taken away (`> ` is 2), for the lines
    /// holding a tab; empty when no line holds one after a quote marker.
    /// A tab's stop is a column of the file's line, quote markers included
    /// ([`Input::expanded`]).
    pub tab_starts: Vec<u16>,
    /// `lines` joined with `\n`, made on the first [`Input::text`].
    joined: std::sync::OnceLock<String>,
    /// `joined` in ASCII lower case, made on the first
    /// [`Input::has_ignore_ascii_case`].
    lowered: std::sync::OnceLock<String>,
    /// Which pairs of adjacent bytes `joined` holds (16,384 bits, one per
    /// pair of 7-bit bytes, [`bigram_bit`]: exact for ASCII), made on the
    /// first [`Input::has`] of a
    /// needle of two bytes or more.
    bigrams: std::sync::OnceLock<Box<[u64; 256]>>,
    /// The labeller's answers a parser asked of this text's lines
    /// ([`Input::answers`]); shared with every copy (they depend on a
    /// line's text alone).
    answers: std::sync::Arc<super::labels::Answers>,
    /// `lines` shared, made on the first [`Input::blanked`] of this input
    /// (the file itself): every blanked copy's [`Input::file_lines`]. A
    /// segment's offers of its paragraphs' heads and tails blank the file
    /// once each, and each copied every line of it again (session 58).
    own_lines: std::sync::OnceLock<std::sync::Arc<Vec<String>>>,
}

impl Input {
    /// Prepares raw bytes for parsing.
    pub fn from_bytes(bytes: &[u8]) -> Self {
        // Valid UTF-8 (nearly every file) is checked by `from_utf8`, which
        // takes ASCII a word at a time; `from_utf8_lossy` goes byte by byte.
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(bytes),
        };
        let lossy = matches!(text, std::borrow::Cow::Owned(_));
        let mut input = Self::from_str_inner(&text);
        input.lossy = lossy;
        input
    }

    /// Prepares text for parsing (used by tests and `parse` on strings).
    pub fn from_text(text: &str) -> Self {
        Self::from_str_inner(text)
    }

    fn from_str_inner(text: &str) -> Self {
        // Only text with carriage returns is copied before it is split:
        // `\r\n` ends a line; a lone `\r` does in a file of no other line
        // ends (an old Mac's), but inside a line ended by `\n` it is the
        // terminal's carriage return (a progress line overwritten, as
        // `script` or `tee` captured it), read as the terminal showed it
        // below: as a line break it put every line after it off from the
        // file's (reader34 F19).
        let unified: std::borrow::Cow<'_, str> = if text.contains('\r') {
            let crlf = text.replace("\r\n", "\n");
            if crlf.contains('\n') { crlf.into() } else { crlf.replace('\r', "\n").into() }
        } else {
            text.into()
        };
        // A table copied from a web page often spaces its columns with
        // no-break spaces: each is one space, as the columns were printed.
        let unified: std::borrow::Cow<'_, str> =
            // Each of them starts with byte C2 or E2: memchr finds those first.
            if memchr::memchr2(0xc2, 0xe2, unified.as_bytes()).is_some() && unified.contains(NO_BREAK_SPACES) {
                unified.replace(NO_BREAK_SPACES, " ").into()
            } else {
                unified
            };
        // Byte-order marks (bytes EF BB BF) and full-width colons (EF BC
        // 9A) both start with byte EF: one memchr for both.
        let has_ef = memchr::memchr(0xef, unified.as_bytes()).is_some();
        let unified: std::borrow::Cow<'_, str> = if has_ef && unified.contains(BYTE_ORDER_MARK) {
            unified.replace(BYTE_ORDER_MARK, "").into()
        } else {
            unified
        };
        // A full-width colon (bytes EF BC 9A) for `:` (wildmod48: a
        // Chinese blog's sysbench 0.4 runs, every `total time：` and
        // `transactions：` line unread without a word).
        let unified: std::borrow::Cow<'_, str> = if has_ef && unified.contains(FULL_WIDTH_COLON) {
            unified.replace(FULL_WIDTH_COLON, ":").into()
        } else {
            unified
        };
        // A terminal's escape sequences (colours, a window title) and
        // backspaces (script(1) logs): most files have none.
        let terminal = memchr::memchr3(0x1b, 0x08, 0x7f, unified.as_bytes()).is_some()
            || memchr::memchr(b'\r', unified.as_bytes()).is_some();
        let mut lines = Vec::with_capacity(memchr::memchr_iter(b'\n', unified.as_bytes()).count() + 1);
        // Kept from the first quoted line on (most files have none).
        let mut quote_depths: Vec<u8> = Vec::new();
        let mut quoted = false;
        let indented = indented_quotes(&unified);
        let barred = bar_quotes(&unified);
        // A bar quote under `>` quoting (`>| Elapsed Time 113.008`: bill
        // davidsen's `| ` quote of Con Kolivas' kernbench, quoted again by
        // Nick Piggin, LKML 2004-02; the file was unrecognised): the same
        // blocks, found on the lines without their `>` markers.
        let barred_under = if found(unified.as_bytes(), ">|") || found(unified.as_bytes(), "> |") {
            let inner: Vec<&str> =
                unified.split('\n').map(|l| if let (r, 1..) = strip_quote(l) { r } else { "" }).collect();
            bar_quotes(&inner.join("\n"))
        } else {
            Vec::new()
        };
        let mut tab_starts: Vec<u16> = Vec::new();
        for (i, l) in unified.split('\n').enumerate() {
            let raw = l;
            let l = if indented.get(i).copied().unwrap_or(false) { l.trim_start() } else { l };
            // A bar quote is one level, then any `>` quoting under it.
            let (l, bar) = if barred.get(i).copied().unwrap_or(false) {
                let l = bar_unindented(l);
                (l.strip_prefix("| ").unwrap_or_else(|| l.trim_start_matches('|')), 1)
            } else {
                (l, 0)
            };
            let (rest, depth) = strip_quote(l);
            let (rest, depth) = if bar == 0 && depth > 0 && barred_under.get(i).copied().unwrap_or(false) {
                (rest.strip_prefix("| ").unwrap_or_else(|| rest.trim_start_matches('|')), depth.saturating_add(1))
            } else {
                (rest, depth)
            };
            let depth = depth.saturating_add(bar);
            if depth > 0 && !quoted {
                quoted = true;
                quote_depths = vec![0; i];
            }
            if quoted {
                quote_depths.push(depth);
            }
            // Where a quoted line holding a tab starts in the file's line:
            // its tabs stop at the file's columns, not the quote's.
            if rest.len() < raw.len() && rest.contains('\t') && raw.ends_with(rest) {
                let start = expand_tabs(&raw[..raw.len() - rest.len()]).chars().count();
                tab_starts.resize(i, 0);
                tab_starts.push(u16::try_from(start).unwrap_or(u16::MAX));
            }
            lines.push(if terminal { as_the_terminal_showed(rest) } else { rest.to_string() });
        }
        quote_depths.truncate(lines.len());
        tab_starts.truncate(lines.len());
        // A final newline does not start a line of its own.
        if lines.len() > 1 && lines.last().is_some_and(|l| l.is_empty()) && unified.ends_with('\n') {
            lines.pop();
        }
        let mut unterminated = !unified.is_empty() && !unified.ends_with('\n');
        // The last line's soft break (not a rule's `==`), before decoding:
        // the last line with text, as blank lines a cut file was saved with
        // after it (an mbox's separator, an editor's final line) came after
        // the cut (attack53 F1: `Max: 899=` then a blank line was read 899).
        let last_text = lines.iter().rposition(|l| !l.trim().is_empty()).unwrap_or(0);
        let dangling = lines.get(last_text).is_some_and(|l| before_soft_break(l).is_some());
        let (qp, mut soft_joined) = if looks_quoted_printable(&unified) {
            (true, decode_quoted_printable(&mut lines))
        } else if found(unified.as_bytes(), "=3D") || has_soft_break(&unified) || declares_an_encoding(&unified) {
            // A declared part is decoded whatever its escapes: one whose
            // only escapes are `=C2=A0` (or Latin-1's `=A0`) was never
            // decoded, and dbench's line holding it was lost (reader34 F4).
            decode_declared_parts_and_paragraphs(&mut lines, declares_an_encoding(&unified))
        } else {
            // No encoded `=` and no soft break: no paragraph to decode (the
            // common case, not split into paragraphs).
            (false, Vec::new())
        };
        if qp {
            decode_encoded_twice(&mut lines, &mut soft_joined);
            // Decoding may give the spaces and colons the encoding hid
            // (`=C2=A0`, `=E2=80=82`, `=EF=BC=9A`).
            for l in lines.iter_mut() {
                if l.contains(NO_BREAK_SPACES) {
                    *l = l.replace(NO_BREAK_SPACES, " ");
                }
                if l.contains(FULL_WIDTH_COLON) {
                    *l = l.replace(FULL_WIDTH_COLON, ":");
                }
            }
        }
        // A soft break before blank lines alone: no encoder breaks a line
        // where it ends, so the text it went on with is not in the file;
        // the blank lines after the cut go, and the line ends the file.
        if qp && dangling && lines.len() > last_text + 1 {
            lines.truncate(last_text + 1);
            soft_joined.truncate(lines.len());
        }
        // The final newline's empty line, popped above, had no depth.
        quote_depths.truncate(lines.len());
        // A soft break ending the file that the decoding took away: the
        // line went on where the file stops (attack51 F14).
        let soft_break_at_end = dangling && qp && lines.last().is_some_and(|l| before_soft_break(l).is_none());
        unterminated |= soft_break_at_end;
        Input {
            lines,
            lossy: false,
            quoted,
            quote_depths,
            qp,
            soft_joined,
            unterminated,
            soft_break_at_end,
            tab_starts,
            ..Input::default()
        }
    }

    /// Line index `i` (line *i + 1*) with each tab replaced by the spaces
    /// to the file's next tab stop (every eighth column, counted from the
    /// start of the file's line, quote markers included): the line as a
    /// terminal showed it, its columns where they were. A text whose
    /// spaces an editor or a mailer turned to tabs (`unexpand -a`) reads
    /// as the text did. A line without tabs is borrowed as it is.
    pub fn expanded(&self, i: usize) -> std::borrow::Cow<'_, str> {
        let line = self.lines.get(i).map_or("", String::as_str);
        if !line.contains('\t') {
            return line.into();
        }
        let start = self.tab_starts.get(i).copied().map_or(0, usize::from);
        expand_tabs_from(line, start).into()
    }

    /// How many quote markers line index `i` (line *i + 1*) carried: 0 for
    /// an unquoted line, 2 for `> > Throughput 45.1 MB/sec`.
    pub fn quote_depth(&self, i: usize) -> u8 {
        self.quote_depths.get(i).copied().unwrap_or(0)
    }

    /// True when line index `i` (line *i + 1*) is empty only because a
    /// quoted-printable soft break above it took its text
    /// ([`Input::soft_joined`]).
    pub fn joined_away(&self, i: usize) -> bool {
        self.soft_joined.get(i).copied().unwrap_or(false)
    }

    /// The file's lines as read: [`Input::file_lines`] of a blanked copy,
    /// else [`Input::lines`].
    pub fn file_lines(&self) -> &[String] {
        self.file_lines.as_deref().map_or(&self.lines, |l| l.as_slice())
    }

    /// This input's lines, ready for a parser to put back the rests a
    /// mailer wrapped onto lines of their own ([`Rejoining::join`]), the
    /// lines a quoted-printable soft break emptied already counted as
    /// joined away.
    pub fn rejoining(&self) -> Rejoining<'_> {
        let mut away = self.soft_joined.clone();
        away.resize(self.lines.len(), false);
        Rejoining { input: self, lines: self.lines.clone(), away, joins: Vec::new(), changed: false }
    }

    /// The same input with its lines replaced by `lines` (as many, each
    /// line *n* still line *n* of the file): a parser's reading of lines a
    /// mail client re-flowed ([`super::iperf3`]'s `sender` word wrapped
    /// onto the next line).
    pub fn with_lines(&self, lines: Vec<String>) -> Input {
        Input {
            lines,
            lossy: self.lossy,
            quoted: self.quoted,
            quote_depths: self.quote_depths.clone(),
            qp: self.qp,
            soft_joined: self.soft_joined.clone(),
            unterminated: self.unterminated,
            soft_break_at_end: self.soft_break_at_end,
            tab_starts: self.tab_starts.clone(),
            file_lines: self.file_lines.clone(),
            answers: self.answers.clone(),
            ..Input::default()
        }
    }

    /// The answers to the labeller's costliest questions of a line (run
    /// marker, run counter) kept for this text: a parser that asks them
    /// (dbench's labels above a result) keeps them here, and the labeller
    /// reads them instead of asking again.
    pub fn answers(&self) -> &super::labels::Answers {
        &self.answers
    }

    /// The same input with the lines marked in `blank` (index *n − 1* for
    /// line *n*) emptied: what later rounds of [`super::segment::segments`]
    /// read. Line numbers stay those of the file.
    pub fn blanked(&self, blank: &[bool]) -> Input {
        let lines = self
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| if blank.get(i).copied().unwrap_or(false) { String::new() } else { l.clone() })
            .collect();
        let mut out = self.with_lines(lines);
        out.file_lines = Some(self.file_lines.clone().unwrap_or_else(|| {
            std::sync::Arc::clone(self.own_lines.get_or_init(|| std::sync::Arc::new(self.lines.clone())))
        }));
        // Every pair of adjacent bytes without a line break in the blanked
        // text is inside one of its lines, each this text's line or empty:
        // this text's pairs are a superset, and a superset answers
        // `has` the same (a pair it holds sends `has` on to the search).
        // Pairs with a line break are never asked (a needle has none).
        if let Some(pairs) = self.bigrams.get() {
            let _ = out.bigrams.set(pairs.clone());
        }
        out
    }

    /// Iterates `(line_number, text)` with 1-based line numbers, but the
    /// lines a quoted-printable soft break emptied ([`Input::joined_away`]):
    /// their text is on the line above, and as empty lines they ended the
    /// tables they stood in (attack57 F7: uperf's `Run Statistics` rows
    /// under a rule of dashes the encoder broke, MLC's loaded-latency
    /// rows, GNU time's second line, were lost with no word).
    pub fn numbered(&self) -> impl Iterator<Item = (usize, &str)> {
        self.lines.iter().enumerate().filter(|&(i, _)| !self.joined_away(i)).map(|(i, l)| (i + 1, l.as_str()))
    }

    /// The whole text, `lines` joined with `\n`: made on the first call
    /// (or the first [`Input::has`]) and kept.
    pub fn text(&self) -> &str {
        self.joined.get_or_init(|| self.lines.join("\n"))
    }

    /// True when any line contains `needle`.
    pub fn contains(&self, needle: &str) -> bool {
        self.lines.iter().any(|l| l.contains(needle))
    }

    /// True when some line contains `needle`, which must be non-empty and
    /// hold no line break: the same answer as [`Input::contains`], from one
    /// SIMD search of the whole text (`memchr::memmem`) instead of one per
    /// line. Detectors ask it before testing a literal line by line, so
    /// that files without the literal skip that test.
    ///
    /// Most needles are not in most files: a needle with a pair of
    /// adjacent bytes the text never has is answered from the text's
    /// pairs (`Input::bigrams`) without searching it. A needle that is
    /// there has every one of its pairs there, so the answer is the same
    /// (a non-ASCII byte shares its bit with the ASCII byte of its low
    /// seven bits: a pair may be there when it is not, never the reverse).
    pub fn has(&self, needle: &str) -> bool {
        debug_assert!(!needle.is_empty() && !needle.contains('\n'), "Input::has needle {needle:?}");
        let n = needle.as_bytes();
        if n.len() >= 2 {
            let pairs = self.bigrams();
            if !n.windows(2).all(|w| holds_pair(pairs, w[0], w[1])) {
                return false;
            }
        }
        found(self.text().as_bytes(), needle)
    }

    /// The Bloom filter of the adjacent byte pairs of [`Input::text`]: bit
    /// [`bigram_bit`]`(a, b)` is set for every pair `a b` in it.
    fn bigrams(&self) -> &[u64; 256] {
        self.bigrams.get_or_init(|| {
            let mut pairs = Box::new([0u64; 256]);
            let text = self.text().as_bytes();
            if let Some((&first, rest)) = text.split_first() {
                // Bit `bigram_bit(a, b)` is bit `b % 64` of word
                // `(a % 128) * 2 + (b / 64) % 2`: the word's first part is
                // carried from the byte before.
                let mut word = usize::from(first & 127) << 1;
                for &b in rest {
                    let b = usize::from(b);
                    pairs[(word | (b >> 6 & 1)) & 255] |= 1 << (b & 63);
                    word = (b & 127) << 1;
                }
            }
            pairs
        })
    }

    /// The first and last index (0-based) of the paragraph, the run of
    /// non-blank lines (blank: nothing but white space), that holds line
    /// index `i` (which must be in the input).
    pub fn paragraph_at(&self, i: usize) -> (usize, usize) {
        let blank = |k: usize| self.lines[k].trim().is_empty();
        let mut start = i;
        while start > 0 && !blank(start - 1) {
            start -= 1;
        }
        let mut end = i;
        while end + 1 < self.lines.len() && !blank(end + 1) {
            end += 1;
        }
        (start, end)
    }

    /// [`Input::has`] ignoring ASCII case: `needle` must be in lower case.
    pub fn has_ignore_ascii_case(&self, needle: &str) -> bool {
        debug_assert!(
            !needle.is_empty() && !needle.bytes().any(|b| b == b'\n' || b.is_ascii_uppercase()),
            "Input::has_ignore_ascii_case needle {needle:?}"
        );
        // Each pair of the needle must be in the text in some case: most
        // texts are ruled out from their pairs, without lowering a copy.
        let n = needle.as_bytes();
        if n.len() >= 2 {
            let pairs = self.bigrams();
            let has_pair = |a: u8, b: u8| holds_pair(pairs, a, b);
            if !n.windows(2).all(|w| {
                let (a, b) = (w[0], w[1]);
                let (ua, ub) = (a.to_ascii_uppercase(), b.to_ascii_uppercase());
                has_pair(a, b) || has_pair(ua, b) || has_pair(a, ub) || has_pair(ua, ub)
            }) {
                return false;
            }
        }
        let lowered = self.lowered.get_or_init(|| self.text().to_ascii_lowercase());
        found(lowered.as_bytes(), needle)
    }
}

/// The bit (0–16,383) of the byte pair `a b` in [`Input::bigrams`]: the
/// low seven bits of each byte (one bit per ASCII pair).
fn bigram_bit(a: u8, b: u8) -> usize {
    usize::from(a & 127) << 7 | usize::from(b & 127)
}

/// True when the filter `pairs` ([`Input::bigrams`]) has the bit of the
/// byte pair `a b`: the text may hold the pair (false: it does not).
fn holds_pair(pairs: &[u64; 256], a: u8, b: u8) -> bool {
    let k = bigram_bit(a, b);
    pairs[k >> 6] >> (k & 63) & 1 == 1
}

thread_local! {
    /// One searcher per needle and thread for [`found`]: making a
    /// `memchr::memmem::Finder` costs more than searching a short file with
    /// it, and the detectors ask every file for the same few dozen needles.
    static FINDERS: std::cell::RefCell<rustc_hash::FxHashMap<Box<str>, memchr::memmem::Finder<'static>>> =
        std::cell::RefCell::default();
}

/// True when `haystack` contains `needle` (ASCII letters compared without
/// case), without lowering a copy of it: for one line (a whole file asks
/// [`Input::has_ignore_ascii_case`]). An empty needle is always found.
pub(crate) fn contains_ignore_ascii_case(haystack: &str, needle: &str) -> bool {
    let n = needle.len();
    n == 0 || haystack.as_bytes().windows(n).any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Longest haystack [`found`] searches by the needle's first byte
/// (`memchr`) instead of its searcher: a line of a file.
const SHORT_HAYSTACK: usize = 256;

/// True when `haystack` holds `needle`: a short haystack (a line, up to
/// [`SHORT_HAYSTACK`] bytes) by the places of the needle's first byte
/// (`memchr`; most lines asked for a benchmark's name hold none or few of
/// them, and a thread's searcher was looked up by hashing the needle for
/// each), a longer one by `memchr::memmem`, its searcher made once per
/// needle and thread: for a needle asked of many lines that is not known
/// until run time (a benchmark's name).
pub(crate) fn found(haystack: &[u8], needle: &str) -> bool {
    let n = needle.as_bytes();
    let Some((&first, rest)) = n.split_first() else { return true };
    if haystack.len() < n.len() {
        return false;
    }
    if haystack.len() <= SHORT_HAYSTACK {
        let starts = &haystack[..=haystack.len() - n.len()];
        return memchr::memchr_iter(first, starts).any(|i| &haystack[i + 1..i + n.len()] == rest);
    }
    FINDERS.with_borrow_mut(|finders| {
        if let Some(f) = finders.get(needle) {
            return f.find(haystack).is_some();
        }
        let f = memchr::memmem::Finder::new(needle.as_bytes()).into_owned();
        let hit = f.find(haystack).is_some();
        finders.insert(needle.into(), f);
        hit
    })
}

/// The spaces a web page or a mail client writes for a plain space or a
/// tab, each read as one space: no-break spaces (U+00A0, U+2007, U+202F),
/// and the en and em spaces (U+2002, U+2003) Apple Mail puts for a tab
/// (`=E2=80=82` six times before schbench's `50.0th:` rows, LKML 2024).
const NO_BREAK_SPACES: [char; 5] = ['\u{a0}', '\u{2007}', '\u{202f}', '\u{2002}', '\u{2003}'];

/// The byte-order mark (zero width no-break space), removed from the text.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The full-width colon, read as `:` ([`Input`]).
const FULL_WIDTH_COLON: char = '\u{ff1a}';

/// True when a mail was saved in its quoted-printable transfer encoding:
/// it holds an encoded `=` (`=3D`), a line ending in an encoded space
/// (`=20`) or two long lines ending in a soft break ([`soft_breaks`]), and
/// every other `=` in it is one an encoder writes
/// ([`is_qp_escape`]). A plain file with `NPROCS=20` at a line's end also
/// holds `max_latency=45.123`, which no encoder writes (`=45` is a plain
/// `E`): decoding it would change its numbers.
fn looks_quoted_printable(text: &str) -> bool {
    (found(text.as_bytes(), "=3D") || found(text.as_bytes(), "=20\n") || soft_breaks(text) >= 2)
        && joined_at_soft_breaks(text.split('\n')).iter().all(|l| escapes_are_an_encoders(l))
}

/// `lines` with each line ending in a soft break (a lone `=` at its end,
/// not a rule's `==`) joined to the next, the break dropped, as a decoder
/// reads them: an encoder may break a line between the two escapes of
/// one character (`… 5 procs=C2=` / `=A0 max_latency=3D0.100 ms`, Mike
/// Galbraith quoting tbench lines, LKML 2023-05), each half no whole
/// UTF-8 character alone, and the file was taken for no encoded mail: its
/// tbench lines were not read.
fn joined_at_soft_breaks<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in lines {
        let l = line.strip_suffix('\r').unwrap_or(line);
        if open && let Some(last) = out.last_mut() {
            last.push_str(l);
        } else {
            out.push(l.to_string());
        }
        let kept = before_soft_break(l).map(str::len);
        open = kept.is_some();
        if let (Some(kept), Some(last)) = (kept, out.last_mut()) {
            // The break and the blanks after it.
            last.truncate(last.len() - (l.len() - kept));
        }
    }
    out
}

/// The text of a line ending in a quoted-printable soft break, without
/// the break: a lone `=` at its end (not a rule's `==`), and the blanks
/// after it, which RFC 2045 (6.7, rule 3) says transport may add and a
/// decoder must drop (`Max: 410= ` / `7`, attack53 F8: such a break was
/// not taken for one, and fourteen cyclictest lines of John Stultz's
/// letter were warned of instead of read). `None` for any other line.
fn before_soft_break(line: &str) -> Option<&str> {
    let body = line.trim_end_matches([' ', '\t']).strip_suffix('=')?;
    (!body.ends_with('=')).then_some(body)
}

/// True when `text` may hold a soft break ([`before_soft_break`]): an `=`
/// at a line's end, or before blanks there. One search of the whole text
/// for the common case.
fn has_soft_break(text: &str) -> bool {
    found(text.as_bytes(), "=\n")
        || ((found(text.as_bytes(), "= ") || found(text.as_bytes(), "=\t"))
            && text.split('\n').any(|l| l.ends_with([' ', '\t']) && before_soft_break(l).is_some()))
}

/// True when `text` may hold a mail header naming a transfer encoding
/// (`Content-Transfer-Encoding:`, in any case): most files hold none, and
/// are not searched line by line for one.
fn declares_an_encoding(text: &str) -> bool {
    ["ransfer-Encoding", "ransfer-encoding", "RANSFER-ENCODING"].iter().any(|h| found(text.as_bytes(), h))
}

/// A part of a mail its headers declare quoted-printable
/// ([`declared_qp_parts`]): its lines, as a half-open range of line
/// indexes, and whether its header names the ISO-8859-1 character set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct QpPart {
    /// The part's first line index (after the blank line ending its header).
    start: usize,
    /// The index after its last line (the next MIME boundary, or the end).
    end: usize,
    /// `charset="iso-8859-1"` (or `latin1`): its escapes of non-ASCII
    /// bytes (`=A0`, a no-break space) are each one character, not pieces
    /// of UTF-8 ones.
    latin1: bool,
}

/// The value of a header parameter `name=` (`charset="iso-8859-1"`,
/// `boundary="----_=_NextPart_001_…"`) on `line`, in any case, quotes and
/// a trailing `;` removed.
fn header_param<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let lower = line.to_ascii_lowercase();
    let at = lower.find(&format!("{name}="))? + name.len() + 1;
    let value = line[at..].trim_start();
    let value = match value.strip_prefix('"') {
        Some(rest) => rest.split('"').next().unwrap_or(rest),
        None => value.split([';', ' ', '\t']).next().unwrap_or(value),
    };
    (!value.is_empty()).then_some(value)
}

/// The parts of a mail its headers declare quoted-printable
/// (`Content-Transfer-Encoding: quoted-printable`): each from the line
/// after the blank line that ends the header block to the next MIME
/// boundary (`--` and a boundary the mail's `boundary="…"` parameter
/// declares, such as Exchange's `----_=_NextPart_001_01C6A024.25992764`;
/// where it declares none, a line `--` and a word, `--b1_5a7…`,
/// `--b1_5a7…--`, that the file holds twice or that a `Content-` header
/// follows: an option alone, `--sync`, is none) or the end, with
/// whether the part's header block names ISO-8859-1 (`charset="iso-8859-1"`,
/// LKML 2006, a Bonnie report with `=A0` spaces).
fn declared_qp_parts(lines: &[String]) -> Vec<QpPart> {
    let declares = |l: &str| {
        let t = l.trim();
        t.split_once(':').is_some_and(|(key, value)| {
            key.trim().eq_ignore_ascii_case("content-transfer-encoding")
                && value.trim().trim_matches('"').eq_ignore_ascii_case("quoted-printable")
        })
    };
    let declared: Vec<String> =
        lines.iter().filter_map(|l| header_param(l, "boundary")).map(|b| format!("--{b}")).collect();
    // A line `--` and a word, without its closing `--`: a boundary only
    // where the mail declares none and the word opens or closes two parts
    // (it is on two lines) or a part's header follows it. An option a mail
    // wrapped onto a line of its own (`--sync`, `--direct=3D1`) is on one,
    // over output: it ended the part, and the rest was left encoded
    // (reader34 F12).
    fn word(t: &str) -> Option<&str> {
        (t.len() > 2 && t.starts_with("--") && !t[2..].starts_with('-') && !t.contains(char::is_whitespace))
            .then(|| t.strip_suffix("--").filter(|w| w.len() > 2).unwrap_or(t))
    }
    let mut seen: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    if declared.is_empty() {
        for l in lines {
            if let Some(w) = word(l.trim_end()) {
                *seen.entry(w).or_default() += 1;
            }
        }
    }
    let header_below = |j: usize| {
        lines.get(j + 1).is_some_and(|next| next.get(..8).is_some_and(|h| h.eq_ignore_ascii_case("content-")))
    };
    let boundary = |j: usize| {
        let t = lines[j].trim_end();
        if declared.is_empty() {
            word(t).is_some_and(|w| seen.get(w).is_some_and(|&n| n >= 2) || header_below(j))
        } else {
            declared.iter().any(|b| t.strip_prefix(b.as_str()).is_some_and(|rest| rest.is_empty() || rest == "--"))
        }
    };
    let mut parts = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !declares(&lines[i]) {
            i += 1;
            continue;
        }
        let Some(blank) = (i + 1..lines.len()).find(|&j| lines[j].trim().is_empty()) else { break };
        // The header block: back to the blank line or boundary above.
        let head = (0..i).rev().find(|&j| lines[j].trim().is_empty() || boundary(j)).map_or(0, |j| j + 1);
        let latin1 = lines[head..blank]
            .iter()
            .filter_map(|l| header_param(l, "charset"))
            .any(|c| ["iso-8859-1", "iso8859-1", "latin1", "latin-1"].iter().any(|n| c.eq_ignore_ascii_case(n)));
        let start = blank + 1;
        let end = (start..lines.len()).find(|&j| boundary(j)).unwrap_or(lines.len());
        if start < end {
            parts.push(QpPart { start, end, latin1 });
        }
        i = end;
    }
    parts
}

/// Decodes the parts of a mail its headers declare quoted-printable
/// ([`declared_qp_parts`], when `declared` says a header may be there),
/// whatever width their soft breaks are at (an encoder set to wrap at 40
/// columns broke `Throughput 123.4=` / `56 MB/sec 4 procs`, and the run
/// was lost: only two soft breaks at 66 to 76 bytes made a file
/// quoted-printable), unless a `=` of the part is none an encoder writes
/// (a mail saved decoded under its header: `max_latency=99.461` would
/// change); and the rest of the file's paragraphs as
/// [`decode_encoded_paragraphs`] does. Returns whether any was decoded and
/// the lines soft breaks emptied.
fn decode_declared_parts_and_paragraphs(lines: &mut [String], declared: bool) -> (bool, Vec<bool>) {
    let parts: Vec<QpPart> = if declared {
        declared_qp_parts(lines)
            .into_iter()
            .filter(|p| {
                joined_at_soft_breaks(lines[p.start..p.end].iter().map(String::as_str))
                    .iter()
                    .all(|l| escapes_of(l, p.latin1))
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut emptied: Vec<bool> = Vec::new();
    let merge = |emptied: &mut Vec<bool>, offset: usize, local: Vec<bool>, len: usize| {
        if local.iter().any(|&e| e) {
            emptied.resize(len, false);
            for (k, e) in local.into_iter().enumerate() {
                emptied[offset + k] |= e;
            }
        }
    };
    let len = lines.len();
    let mut any = !parts.is_empty();
    let mut from = 0;
    let last = QpPart { start: len, end: len, latin1: false };
    for &QpPart { start, end, latin1 } in parts.iter().chain(std::iter::once(&last)) {
        if from < start {
            let (decoded, local) = decode_encoded_paragraphs(&mut lines[from..start]);
            any |= decoded;
            merge(&mut emptied, from, local, len);
        }
        if start < end {
            let local = decode_qp(&mut lines[start..end], latin1);
            merge(&mut emptied, start, local, len);
        }
        from = end;
    }
    (any, emptied)
}

/// Decodes the paragraphs (runs of lines between blank ones) of a file
/// that is not quoted-printable as a whole but holds an encoded mail among
/// plain text (a line typed above a saved mail, `Setup: numa = off`; a
/// `time` log after it): each paragraph that holds an encoded `=` (`=3D`)
/// or two soft breaks, and no `=` an encoder does not write. A line ending
/// in `=20` alone (`NPROCS=20`) decodes no paragraph. Returns whether any
/// was decoded and the lines soft breaks emptied, as
/// [`decode_quoted_printable`].
fn decode_encoded_paragraphs(lines: &mut [String]) -> (bool, Vec<bool>) {
    let mut emptied: Vec<bool> = Vec::new();
    let mut any = false;
    let mut start = 0;
    while start < lines.len() {
        let end = (start..lines.len()).find(|&i| lines[i].trim().is_empty()).unwrap_or(lines.len());
        let para = &lines[start..end];
        let text = para.join("\n");
        let evident = text.contains("=3D") || soft_breaks(&text) >= 2;
        if evident && joined_at_soft_breaks(para.iter().map(String::as_str)).iter().all(|l| escapes_are_an_encoders(l))
        {
            let local = decode_quoted_printable(&mut lines[start..end]);
            if local.iter().any(|&e| e) {
                emptied.resize(lines.len(), false);
                for (k, e) in local.into_iter().enumerate() {
                    emptied[start + k] |= e;
                }
            }
            any = true;
        }
        start = end + 1;
    }
    (any, emptied)
}

/// True when every `=` of `line` (but a run of them: a rule, `=====`) is
/// an escape an encoder writes ([`is_qp_escape`]), and its escapes of
/// non-ASCII bytes spell whole UTF-8 characters (`=C3=A9`, `é`). A plain
/// line's `NB=188.723` or `max_latency=99.461` holds `=18` (a control
/// byte) or `=99` (a lone byte of no character): no encoder wrote them,
/// and decoding the file would change its numbers.
fn escapes_are_an_encoders(line: &str) -> bool {
    let b = line.as_bytes();
    // The bytes of the current run of adjacent non-ASCII escapes, and
    // where that run ends.
    let (mut run, mut run_end) = (Vec::new(), 0);
    for j in (0..b.len()).filter(|&j| b[j] == b'=') {
        if b.get(j + 1) == Some(&b'=') || (j > 0 && b[j - 1] == b'=') {
            continue;
        }
        if !is_qp_escape(&b[j + 1..], j == 0) {
            return false;
        }
        let Some(v) = escaped_byte(&b[j + 1..]).filter(|&v| v >= 0x80) else { continue };
        if j != run_end {
            if std::str::from_utf8(&run).is_err() {
                return false;
            }
            run.clear();
        }
        run.push(v);
        run_end = j + 3;
    }
    std::str::from_utf8(&run).is_ok()
}

/// [`escapes_are_an_encoders`], or for a part in ISO-8859-1 (`latin1`),
/// where each escape of a non-ASCII byte (`=A0`) is a character of its
/// own: only that every `=` is an escape an encoder writes.
fn escapes_of(line: &str, latin1: bool) -> bool {
    if !latin1 {
        return escapes_are_an_encoders(line);
    }
    let b = line.as_bytes();
    (0..b.len())
        .filter(|&j| b[j] == b'=')
        .all(|j| b.get(j + 1) == Some(&b'=') || (j > 0 && b[j - 1] == b'=') || is_qp_escape(&b[j + 1..], j == 0))
}

/// A line as a terminal showed it: without ANSI escape sequences (CSI,
/// `ESC [1m`, colours and cursor moves; OSC, `ESC ]0;title BEL`, a window's
/// title; two-byte escapes) and with each backspace (`\u{8}`) moving back
/// one character (a carriage return, `\r`, to the line's start), the next
/// written over it, as a script(1) log of a typo
/// corrected while typing (`xsf\b \b\b \b\bfs`) shows; DEL (`\u{7f}`) erases
/// the character before. Colour codes were kept in labels (`ESC[1m== ext4
/// ==ESC[0m` raw in HTML and CSV) and a corrected command was another
/// set-up than the same command typed cleanly.
pub fn as_the_terminal_showed(line: &str) -> String {
    let mut screen = Screen { out: Vec::with_capacity(line.len()), at: 0 };
    let mut parser = vte::Parser::new();
    // DEL is no control a terminal's parser acts on (vte ignores it): the
    // line is fed in pieces, each DEL erasing the character before.
    for (i, piece) in line.as_bytes().split(|&b| b == 0x7f).enumerate() {
        if i > 0 && screen.at > 0 {
            screen.at -= 1;
            screen.out.remove(screen.at);
        }
        parser.advance(&mut screen, piece);
    }
    screen.out.into_iter().collect()
}

/// One line of a terminal for [`as_the_terminal_showed`]: what it shows
/// and where the cursor is. vte (alacritty's parser) reads the escape
/// sequences; only printing and the backspace move what is shown.
struct Screen {
    /// The characters shown.
    out: Vec<char>,
    /// The cursor's column.
    at: usize,
}

impl Screen {
    /// Writes `c` at the cursor (over what is there) and moves on.
    fn put(&mut self, c: char) {
        if self.at < self.out.len() {
            self.out[self.at] = c;
        } else {
            self.out.push(c);
        }
        self.at += 1;
    }
}

impl vte::Perform for Screen {
    fn print(&mut self, c: char) {
        self.put(c);
    }

    /// A backspace moves back one column, a carriage return to the
    /// line's start (what follows is written over it); other controls (a
    /// tab) are kept as characters, as the rest of the reading expects them.
    fn execute(&mut self, byte: u8) {
        match byte {
            0x08 => self.at = self.at.saturating_sub(1),
            b'\r' => self.at = 0,
            _ => self.put(char::from(byte)),
        }
    }
}

/// The byte an escape `=XY` stands for, from `rest` (the bytes after the
/// `=`); `None` for a soft break or anything else.
fn escaped_byte(rest: &[u8]) -> Option<u8> {
    let hex = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    };
    match rest {
        [a, b, ..] => Some(hex(*a)? * 16 + hex(*b)?),
        _ => None,
    }
}

/// The lines of `text` that end as a quoted-printable encoder breaks a
/// long line: in a soft break (a lone `=`) at 66 to 76 bytes, the width
/// the encoders fill (RFC 2045: at most 76). A mail excerpt may hold no
/// `=3D` but its table rows broken so (`… 2.48     =` / ` 6.01  …`).
fn soft_breaks(text: &str) -> usize {
    if !has_soft_break(text) {
        return 0;
    }
    text.split('\n')
        .filter(|l| {
            let l = l.strip_suffix('\r').unwrap_or(l);
            before_soft_break(l).is_some_and(|body| (66..=76).contains(&(body.len() + 1)))
        })
        .count()
}

/// True when `rest`, the bytes after an `=`, make an escape a
/// quoted-printable encoder writes in a mail of text: a soft line break
/// (nothing), or two upper-case hex digits of a byte that must be
/// encoded: `=` itself, a non-ASCII byte (of a UTF-8 character: see
/// [`escapes_are_an_encoders`]), a tab, carriage return or line feed, a
/// space or tab before the line's end, or (at the start of a line) `F` of
/// `From` and a leading `.`. Other control bytes (`=18`, `=19` of
/// `NB=188.723`) are not taken for an encoder's: a mail of benchmark
/// output holds none.
fn is_qp_escape(rest: &[u8], line_start: bool) -> bool {
    match rest {
        [] => true,
        [_, _, after @ ..] => match escaped_byte(rest) {
            Some(v) => {
                // Blanks after it at the line's end are transport's (RFC
                // 2045 6.7 rule 3, a decoder drops them): `> >=20  ` is an
                // encoded blank ending its line, and refusing it left a
                // mail undecoded, the soft breaks in iperf3's header and
                // summaries not joined (mt76x2e, linux-arm 2019-10: the
                // last UDP block's figures labelled `tal`; damage58).
                let blanks = |b: &[u8]| b.iter().all(|&c| c == b' ' || c == b'\t');
                let at_end = blanks(after) || after.strip_prefix(b"=").is_some_and(blanks);
                v == b'='
                    || v >= 0x80
                    || matches!(v, b'\t' | b'\r' | b'\n')
                    || (v == b' ' && at_end)
                    || (line_start && (v == b'F' || v == b'.'))
            }
            None => false,
        },
        _ => false,
    }
}

/// The quoted-printable text `s` (one line, soft breaks already joined)
/// decoded, as UTF-8 bytes: its escapes by the `quoted_printable` crate
/// (leniently: a stray `=` stays as it is), the bytes they stand for read
/// as ISO-8859-1 when `latin1` (`=A0` a no-break space), else as UTF-8;
/// and every character an encoder would have escaped but the file holds
/// as it is (a non-ASCII character, a control character but the tab)
/// kept as it is. The crate drops those (it reads only printable ASCII),
/// and a mail saved decoded under its `Content-Transfer-Encoding:
/// quoted-printable` header, or a decoded line among encoded ones, lost
/// them: `Throughput −5.12 MB/sec` read 5.12, `10 µs` read `10 s`
/// (attack47 F1). Each run of printable ASCII is decoded alone, with a `~`
/// after it that the crate passes through (so that its trailing spaces
/// stay and an `=` at its end is no soft break), which is then taken off.
fn qp_decode_keeping_raw(s: &str, latin1: bool) -> Vec<u8> {
    let raw = |c: char| !c.is_ascii() || (c.is_ascii_control() && c != '\t');
    let mut out: Vec<u8> = Vec::with_capacity(s.len());
    let push_decoded = |out: &mut Vec<u8>, run: &str, last: bool| {
        let mut bytes = if last {
            quoted_printable::decode(run.as_bytes(), quoted_printable::ParseMode::Robust)
        } else {
            quoted_printable::decode(format!("{run}~").as_bytes(), quoted_printable::ParseMode::Robust)
        }
        .unwrap_or_else(|_| run.as_bytes().to_vec());
        if !last && bytes.last() == Some(&b'~') {
            bytes.pop();
        }
        if latin1 {
            let text: String = bytes.iter().map(|&b| char::from(b)).collect();
            out.extend_from_slice(text.as_bytes());
        } else {
            out.extend_from_slice(&bytes);
        }
    };
    let mut rest = s;
    while let Some(at) = rest.find(raw) {
        let c = rest[at..].chars().next().unwrap_or(' ');
        push_decoded(&mut out, &rest[..at], false);
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        rest = &rest[at + c.len_utf8()..];
    }
    push_decoded(&mut out, rest, true);
    out
}

/// Decodes quoted-printable lines in place (the `quoted_printable` crate,
/// leniently: a stray `=` stays as it is): a line ending in a soft break
/// `=` takes the next line's text, and the next line is left empty, so
/// line *n* is still line *n* of the file. Returns which lines were
/// emptied so (index *n − 1*; empty when none was).
fn decode_quoted_printable(lines: &mut [String]) -> Vec<bool> {
    decode_qp(lines, false)
}

/// [`decode_quoted_printable`], the decoded bytes read as ISO-8859-1 when
/// `latin1` (each byte one character: `=A0` a no-break space, U+00A0),
/// else as UTF-8.
fn decode_qp(lines: &mut [String], latin1: bool) -> Vec<bool> {
    let mut emptied: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let mut joined = std::mem::take(&mut lines[i]);
        let mut next = i + 1;
        // Where each line joined starts in `joined` (the first at 0).
        let mut parts: Vec<usize> = Vec::new();
        while let Some(kept) = before_soft_break(&joined).map(str::len)
            && next < lines.len()
        {
            joined.truncate(kept);
            parts.push(joined.len());
            joined.push_str(&std::mem::take(&mut lines[next]));
            if emptied.is_empty() {
                emptied = vec![false; lines.len()];
            }
            emptied[next] = true;
            next += 1;
        }
        let text = |bytes: &[u8]| -> String { String::from_utf8_lossy(bytes).into_owned() };
        let bytes = qp_decode_keeping_raw(&joined, latin1);
        // An encoded line end (`=0A`, Exchange's `…=0A=` on every line:
        // the whole body one soft-broken line) splits the text back into
        // the lines it was written on.
        if memchr::memchr(b'\n', &bytes).is_some() && next > i + 1 {
            let pieces = encoded_lines(&joined, &parts, &bytes, i, latin1);
            for (slot, piece) in pieces {
                lines[slot] = text(&piece);
                if slot > i {
                    emptied[slot] = false;
                }
            }
            // The slots that got no piece stay empty (their text was
            // taken by the line above).
        } else {
            lines[i] = text(&bytes);
        }
        i = next;
    }
    emptied
}

/// A mail encoded twice (a raw quoted-printable post, its soft breaks and
/// `=` kept, saved or forwarded in the encoding once more: `… rece=` /
/// `=3D` / `iver`): once decoded, the lines but those the decoding
/// emptied (`soft_joined`) still look encoded ([`looks_quoted_printable`]),
/// and are decoded again, the lines this empties marked too. A soft break
/// decoded from `=3D` at a line's end met the emptied line under it, not
/// its rest: iperf3's role words (`sender`, `receiver`) were left on lines
/// of their own, their summaries' figures lost with no word (damage58).
fn decode_encoded_twice(lines: &mut [String], soft_joined: &mut Vec<bool>) {
    let kept: Vec<usize> = (0..lines.len()).filter(|&i| !soft_joined.get(i).copied().unwrap_or(false)).collect();
    let once: Vec<&str> = kept.iter().map(|&i| lines[i].as_str()).collect();
    if !looks_quoted_printable(&once.join("\n")) {
        return;
    }
    let mut again: Vec<String> = kept.iter().map(|&i| std::mem::take(&mut lines[i])).collect();
    let emptied = decode_quoted_printable(&mut again);
    if soft_joined.len() < lines.len() && emptied.iter().any(|&e| e) {
        soft_joined.resize(lines.len(), false);
    }
    for (k, (&i, line)) in kept.iter().zip(again).enumerate() {
        lines[i] = line;
        if emptied.get(k).copied().unwrap_or(false) {
            soft_joined[i] = true;
        }
    }
}

/// The lines of a run of soft-broken lines (`joined` without their `=`
/// breaks, the second and later starting at `parts`) whose decoded text
/// (`decoded`) holds encoded line ends (`=0A`, `=0D=0A`): each piece
/// between them with the index (from `at`, the first line's) of the line
/// it starts on, or of the next one free when two start on one line, the
/// last free one taking what is left. Line numbers stay the file's: a
/// piece is where its text was written.
fn encoded_lines(joined: &str, parts: &[usize], decoded: &[u8], at: usize, latin1: bool) -> Vec<(usize, Vec<u8>)> {
    let decode = |s: &str| Some(qp_decode_keeping_raw(s, latin1));
    // Where each line's text starts in the decoded bytes: the lines above
    // it decoded alone (an encoder never splits an escape at a break).
    let mut starts = vec![0usize];
    let mut offset = 0;
    let mut from = 0;
    for &p in parts {
        offset += joined.get(from..p).and_then(decode).map_or(0, |b| b.len());
        starts.push(offset);
        from = p;
    }
    let slots = starts.len();
    let mut out: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut begin = 0;
    for piece in decoded.split(|&b| b == b'\n') {
        let natural = starts.partition_point(|&s| s <= begin).saturating_sub(1);
        let slot = out.last().map_or(natural, |&(last, _)| natural.max(last - at + 1));
        let piece_clean = piece.strip_suffix(b"\r").unwrap_or(piece).to_vec();
        begin += piece.len() + 1;
        if slot < slots {
            out.push((at + slot, piece_clean));
        } else if let Some(last) = out.last_mut() {
            last.1.push(b' ');
            last.1.extend(piece_clean);
        }
    }
    out
}

/// Index *n − 1*: whether line *n* is quoted under an indent (`    >> Copy:
/// 4288.6 …`, a Markdown code block of quoted output, a GitHub report of
/// STREAM runs): two to eight spaces or tabs, then `>`, on three lines in a
/// row or more, or fewer going on from a quote with no indent or under
/// the indent of such a run elsewhere in the file (a table's `  > 1000
/// ms` row alone is no quote; `diff`'s
/// one-space ` > ` lines, pasted into a mail, are a diff's side, not
/// quoted). Empty where no line is.
fn indented_quotes(text: &str) -> Vec<bool> {
    if !found(text.as_bytes(), "\n ") && !found(text.as_bytes(), "\n\t") && !text.starts_with([' ', '\t']) {
        return Vec::new();
    }
    let marked: Vec<bool> = text
        .split('\n')
        .map(|l| {
            let rest = l.trim_start_matches([' ', '\t']);
            let indent = l.len() - rest.len();
            ((2..=8).contains(&indent) || (indent == 1 && l.starts_with('\t'))) && rest.starts_with('>')
        })
        .collect();
    let lines: Vec<&str> = text.split('\n').collect();
    // A line quoted with no indent (`> 2.4.20-pre4-ac1  40.603 …`).
    let quoted = |k: usize| lines.get(k).is_some_and(|l| l.starts_with('>'));
    let indent = |k: usize| &lines[k][..lines[k].len() - lines[k].trim_start_matches([' ', '\t']).len()];
    // The runs of marked lines: (first, end).
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < marked.len() {
        let end = (i..marked.len()).find(|&k| !marked[k]).unwrap_or(marked.len());
        if end > i {
            runs.push((i, end));
        }
        i = end.max(i + 1);
    }
    // The indents of the runs of three lines or more: a mail indented
    // whole (a list item, a blog's block) quotes under that indent.
    let mut quote_indents: Vec<&str> = runs.iter().filter(|(a, b)| b - a >= 3).map(|&(a, _)| indent(a)).collect();
    quote_indents.dedup();
    let mut out = vec![false; marked.len()];
    for (i, end) in runs {
        // Fewer than three lines: quoted when they go on from (or into) a
        // quote with no indent, no blank line between (a reply whose
        // quoted table's last rows were indented by the mailer:
        // `    > 2.4.20-pre5   52.405 …` under `> 2.4.20-pre4-ac1`), or
        // stand under the indent of a quote of three lines or more in
        // the file (a reply's quoted rows resuming after its own, the
        // whole mail indented: attack32 F9).
        let continues = (i > 0 && quoted(i - 1)) || quoted(end) || quote_indents.contains(&indent(i));
        if end - i >= 3 || continues {
            out[i..end].fill(true);
        }
    }
    out
}

/// `line` from its bar when the bar quote stands one space in (` | $>
/// perf bench …`, Marco Elver's cover letters, linuxppc-dev 2022-06);
/// `line` itself otherwise. What [`bar_quotes`] judges and what is unquoted.
fn bar_unindented(line: &str) -> &str {
    line.strip_prefix(' ').filter(|r| r.starts_with('|')).unwrap_or(line)
}

/// Index *n − 1*: whether line *n* is quoted with a bar, `| ` (some mail
/// clients' quote: an OSDB log posted so was read with a kernel named `|`
/// and lost 8 of its 12 figures, attack32 F6). Only a block of three lines
/// or more in a row, each `|` alone or `| ` and text, that is no table:
/// no line of it ends in `|` (but a quoted blank, `|` alone) and none is
/// a table's rule of bars, dashes and colons with a bar past its first
/// (`|---|:--:`; a quoted `| ------` rule is a quote): a Markdown
/// table and an ASCII-art table start their rows with `|` too, and keep
/// them. Nor fio's percentile rows right under its `clat percentiles
/// (usec):` line, their first one's cells `1.00th=[ 330]`. Empty where no
/// line is.
fn bar_quotes(text: &str) -> Vec<bool> {
    if !text.starts_with('|')
        && !text.starts_with(" |")
        && !found(text.as_bytes(), "\n|")
        && !found(text.as_bytes(), "\n |")
    {
        return Vec::new();
    }
    // The quote may stand one space in (` | $> perf bench -r 30 breakpoint
    // thread …`, Marco Elver's cover letters, linuxppc-dev 2022-06: the
    // runs were unrecognised): the lines as from the bar.
    let lines: Vec<&str> = text.split('\n').map(bar_unindented).collect();
    let barred = |l: &str| l.trim_end() == "|" || l.starts_with("| ");
    let tabular = |l: &str| {
        let t = l.trim_end();
        // A rule of columns has a bar or cross past its first (a quoted
        // `| ------` rule has none).
        (t.len() > 1 && t.ends_with('|'))
            || (t.contains("---")
                && t.get(1..).is_some_and(|r| r.contains(['|', '+']))
                && t.bytes().all(|b| matches!(b, b'|' | b'-' | b':' | b'+' | b'=' | b' ' | b'\t')))
    };
    let mut out = vec![false; lines.len()];
    let mut i = 0;
    while i < lines.len() {
        let end = (i..lines.len()).find(|&k| !barred(lines[k])).unwrap_or(lines.len());
        // fio's percentile rows (`|  1.00th=[  330], …`) under its `clat
        // percentiles (usec):`, left-trimmed by a page or a mail: output,
        // not a quote (all 17 figures were lost, reader34 F11).
        let percentiles = i > 0 && lines[i - 1].trim_end().ends_with("):") && lines[i].contains("th=[");
        // A quoted ASCII box (a tiotest box, `| ,-----.` / `| | Item … |`
        // / `| +-----+`, attack38 #12: the whole file was lost): the quote
        // is the first `| `, the box's own bars after it. Its table lines
        // are excused where a box corner is quoted in the block.
        let boxed = |l: &str| l.get(2..).is_some_and(|r| r.starts_with(['|', '+', ',', '`']));
        let corner = lines[i..end].iter().any(|l| ["| ,-", "| `-", "| +-"].iter().any(|c| l.starts_with(c)));
        // A page quoted whole, Markdown tables and all (`| | Method |
        // Throughput |` under `| ### Results`, a blog's dbench page bar-quoted:
        // 238 figures read as 10): every table line is a quoted one (its
        // own bar after the quote's), and lines of other text stand among
        // them, which no table of the file's own holds.
        let quoted_tables = lines[i..end].iter().filter(|l| tabular(l)).all(|l| boxed(l) && l[2..].starts_with('|'))
            && lines[i..end].iter().any(|l| l.trim_end() != "|" && !tabular(l));
        let table = |l: &&str| tabular(l) && !((corner || quoted_tables) && boxed(l));
        if end - i >= 3 && !percentiles && !lines[i..end].iter().any(table) {
            out[i..end].fill(true);
            // A line or two of the quote above it, parted from it by one
            // line of the poster's own (` | $> perf bench -r 30 breakpoint
            // thread …` / `\t \t[ ^ more aggressive benchmark parameters
            // took too long ]` / ` | # Running 'breakpoint/thread'
            // benchmark:`, Marco Elver, linuxppc-dev 2022-06: the command
            // kept its bar, its run lost `threads=64` and the label that
            // told it from the run after the patches).
            let above = (0..i.saturating_sub(1)).rev().take_while(|&k| barred(lines[k])).count();
            if i >= 2 && (1..=2).contains(&above) && !barred(lines[i - 1]) {
                let from = i - 1 - above;
                if !lines[from..i - 1].iter().any(table) {
                    out[from..i - 1].fill(true);
                }
            }
        }
        i = end.max(i + 1);
    }
    out
}

/// Removes leading mail quote markers: any run of `>` each optionally
/// followed by one space (after the first, also one space before: `>  >
/// `). Returns the rest and how many markers it removed.
fn strip_quote(line: &str) -> (&str, u8) {
    let mut rest = line;
    let mut depth = 0u8;
    loop {
        // Inside a quote, a marker one space in (`>  > `: a reply quoting
        // a writer whose mailer quotes ` > `, LKML 2004) is one level more.
        let spaced =
            || (depth > 0).then(|| rest.strip_prefix(" >")).flatten().filter(|r| r.is_empty() || r.starts_with(' '));
        let trimmed = rest.strip_prefix('>').or_else(spaced).or_else(|| supercite(rest));
        match trimmed {
            Some(r) => {
                depth = depth.saturating_add(1);
                rest = r.strip_prefix(' ').unwrap_or(r);
            }
            None => break,
        }
    }
    (rest, depth)
}

/// The rest of a line quoted the supercite way, the writer's initials and
/// `> ` (`ZC> `, ` AM> `): one to four letters, at most one space before.
fn supercite(line: &str) -> Option<&str> {
    let t = line.strip_prefix(' ').unwrap_or(line);
    // The first `> ` must start within the first five bytes: only those
    // (and the next) are searched, not the whole line.
    let head = &t.as_bytes()[..t.len().min(6)];
    let i = head.windows(2).position(|w| w == b"> ")?;
    (1..=4).contains(&i).then_some(())?;
    t[..i].bytes().all(|b| b.is_ascii_alphabetic()).then(|| &t[i + 1..])
}

/// `line` with each tab replaced by the spaces to the next multiple of
/// eight columns, so that positions match what a terminal showed (a
/// column-aligned table typed with tabs: lmbench's summaries, AIM7's
/// spreadsheets). A line without tabs is returned as it is.
pub fn expand_tabs(line: &str) -> String {
    expand_tabs_from(line, 0)
}

/// [`expand_tabs`] for a line that starts at column `start` of the line
/// a terminal showed (after quote markers taken off): its tab stops are
/// the whole line's.
fn expand_tabs_from(line: &str, start: usize) -> String {
    if !line.contains('\t') {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 16);
    let mut col = start;
    for c in line.chars() {
        if c == '\t' {
            let n = 8 - col % 8;
            out.extend(std::iter::repeat_n(' ', n));
            col += n;
        } else {
            out.push(c);
            col += 1;
        }
    }
    out
}

/// An [`Input`]'s lines being put back together where a mailer wrapped
/// them ([`Input::rejoining`]): a line's rest, taken from a line below,
/// leaves that line empty and joined away, as a soft break leaves it
/// ([`Input::joined_away`]), so that it ends no table and labels nothing.
pub struct Rejoining<'a> {
    input: &'a Input,
    /// The lines as rejoined so far (line *n* still at index *n - 1*).
    pub lines: Vec<String>,
    away: Vec<bool>,
    /// The (line, rest) numbers of each [`Rejoining::join`], 1-based.
    joins: Vec<(usize, usize)>,
    changed: bool,
}

impl Rejoining<'_> {
    /// True when line index `i` is empty because its text was put back on
    /// a line above (here, or by a quoted-printable soft break).
    pub fn is_away(&self, i: usize) -> bool {
        self.away.get(i).copied().unwrap_or(false)
    }

    /// Line index `i` becomes `whole`, line index `j`'s text put back on it;
    /// line `j` is emptied and counted as joined away.
    pub fn join(&mut self, i: usize, j: usize, whole: String) {
        self.set(i, whole);
        self.lines[j].clear();
        self.away[j] = true;
        self.joins.push((i + 1, j + 1));
    }

    /// Line index `i` becomes `whole`, the part put back on it leaving the
    /// line it came from a text of its own.
    pub fn set(&mut self, i: usize, whole: String) {
        self.lines[i] = whole;
        self.changed = true;
    }

    /// The input as rejoined, or `None` when no line changed.
    pub fn finish(self) -> Option<Input> {
        self.finish_with_joins().map(|(out, _)| out)
    }

    /// The input as rejoined with the (line, rest) numbers (1-based) of
    /// each [`Rejoining::join`] in the order made, or `None` when no line
    /// changed: for a parser to note each rest where it was read
    /// ([`super::read_rejoined`]).
    pub fn finish_with_joins(self) -> Option<(Input, Vec<(usize, usize)>)> {
        self.changed.then(|| {
            let mut out = self.input.with_lines(self.lines);
            out.soft_joined = self.away;
            (out, self.joins)
        })
    }
}

#[cfg(test)]
mod tests {
    /// A short haystack (by the needle's first byte) and a long one (by
    /// the searcher) give what `memmem` gives, at either end and not at all.
    #[test]
    fn found_short_and_long() {
        let long = format!("{}hackbench", "x".repeat(300));
        for (hay, needle) in [
            ("$ hackbench --pipe", "hackbench"),
            ("hackbench", "hackbench"),
            ("run hhackbench", "hackbench"),
            ("hackbenc", "hackbench"),
            ("hhhhhh", "hh"),
            ("", "hackbench"),
            ("abc", ""),
            ("h", "h"),
            ("netperf -H a", "hackbench"),
            (long.as_str(), "hackbench"),
            (&long[..long.len() - 1], "hackbench"),
        ] {
            let want = memchr::memmem::find(hay.as_bytes(), needle.as_bytes()).is_some();
            assert_eq!(super::found(hay.as_bytes(), needle), want, "{hay:?} {needle:?}");
        }
    }

    /// Quote markers under an indent on three lines in a row are quotes;
    /// a diff's one-space ` > ` lines and a lone indented `>` are not.
    #[test]
    fn indented_quotes_on_three_lines() {
        let input =
            Input::from_text("#### 1Ghz\n    >> Function    Best Rate MB/s\n    >> Copy:  8848.2\n\t>> Add:  9413.9\n");
        assert_eq!(input.lines[1], "Function    Best Rate MB/s");
        assert_eq!(input.lines[3], "Add:  9413.9");
        assert_eq!(input.quote_depth(2), 2);
        let diff = Input::from_text(
            "---\n > Simple read: 8.4718 microseconds\n > Simple write: 7.2 microseconds\n > x: 1 microseconds\n",
        );
        assert_eq!(diff.lines[1], " > Simple read: 8.4718 microseconds");
        let lone = Input::from_text("latency\n   > 1000 ms   3\n   < 10 ms   5\n");
        assert_eq!(lone.lines[1], "   > 1000 ms   3");
    }

    /// wild33 file 26 (linux-mm 2018-09, Exchange): every line of the
    /// quoted-printable body ends `=0A=`, an encoded line feed and a soft
    /// break, so the body decoded as one line and nothing was read. Each
    /// decoded line stays on the line it was written on; a row's tail
    /// the encoder wrapped (`0.=` / `50%=0A=`) joins it, its line left
    /// joined away (no blank line).
    #[test]
    fn encoded_line_feeds_on_soft_broken_lines_split_back() {
        let text = "Content-Transfer-Encoding: quoted-printable\n\n\
                    >> Average Half load -j 8=0A=\n>>                  BASE        SPF=0A=\n\
                    >> Elapsed Time     1448.65 (5.72312)      1455.84 (4.84951)       0.=\n50%=0A=\n\
                    >> Sleeps   105064  (1240.96)=0D=0A=\n>>=0A=\nbye\n";
        let input = Input::from_text(text);
        assert_eq!(
            input.lines[2..9],
            [
                "Average Half load -j 8",
                "                 BASE        SPF",
                "Elapsed Time     1448.65 (5.72312)      1455.84 (4.84951)       0.50%",
                "",
                "Sleeps   105064  (1240.96)",
                "",
                "bye"
            ]
        );
        assert!(input.qp);
        assert!(input.joined_away(5) && !input.joined_away(4) && !input.joined_away(6));
    }

    /// A bar quote one space in (` | `, Marco Elver's cover letter,
    /// linuxppc-dev 2022-06), its command line parted from the rest of the
    /// block by one line of the poster's: the command is quoted too, the
    /// poster's line not.
    #[test]
    fn a_bar_quote_one_space_in_and_its_command_above_a_poster_line() {
        let input = Input::from_text(
            "from:\n\n | $> perf bench -r 30 breakpoint thread\n\t \t[ ^ took too long ]\n | # Running 'breakpoint/thread' benchmark:\n\
             \x20|      Total time: 236.418 [sec]\n |\n |   123134.794271 usecs/op\n",
        );
        assert_eq!(input.lines[2], "$> perf bench -r 30 breakpoint thread");
        assert_eq!(input.lines[4], "# Running 'breakpoint/thread' benchmark:");
        assert_eq!(input.lines[7], "  123134.794271 usecs/op");
        assert_eq!((input.quote_depth(2), input.quote_depth(3), input.quote_depth(4)), (1, 0, 1));
    }

    /// attack32 F6: a mail client's bar quote, `| `, on a whole block is
    /// stripped as `> ` is (an OSDB log so quoted gave a kernel named `|`
    /// and lost 8 of 12 figures); a Markdown table, an ASCII-art table's
    /// rows, `|--` tree lines and a block of two lines keep their bars.
    #[test]
    fn a_bar_quoted_block_is_quoted() {
        let input = Input::from_text(
            "On Mon, Bob wrote:\n| \"Single User Test\"\t250.31 seconds\n|\n| > Mixed IR (tup/sec)\t412.3310\n\
             | ---------------\nbye\n",
        );
        assert_eq!(
            input.lines[1..5],
            ["\"Single User Test\"\t250.31 seconds", "", "Mixed IR (tup/sec)\t412.3310", "---------------"]
        );
        assert_eq!((input.quote_depth(1), input.quote_depth(3), input.quote_depth(5)), (1, 2, 0));
        assert!(input.quoted);
        for table in [
            "| kernel | Max |\n|--------|-----|\n| 2.4.20 | 40.603 |\n",
            "| kernel   Max\n|--------+-----\n| 2.4.20   40.603\n",
            "| a\n| b 1\nc\n",
            "|-- a 1\n|-- b 2\n|-- c 3\n",
        ] {
            let input = Input::from_text(table);
            assert_eq!(input.lines.join("\n") + "\n", table);
            assert!(!input.quoted, "{table}");
        }
        // attack38 #12: a bar-quoted tiotest box (c12 t3, from the wild
        // linux-mm 2013-09 tiotest fixture): the box keeps its own bars.
        let boxed = "| Tiotest results for 16 concurrent io threads:\n\
            | ,----------------------------------------------------------------------.\n\
            | | Item                  | Time     | Rate         | Usr CPU  | Sys CPU |\n\
            | +-----------------------+----------+--------------+----------+---------+\n\
            | | Write        2048 MBs |    0.2 s | 8667.792 MB/s | 445.2 %  | 5535.9 % |\n\
            | `----------------------------------------------------------------------'\n";
        let input = Input::from_text(boxed);
        assert!(input.quoted);
        assert_eq!(input.lines[2], "| Item                  | Time     | Rate         | Usr CPU  | Sys CPU |");
    }

    /// A bar quote under a `>` quote (`>| Elapsed Time 113.008`, LKML
    /// 2004-02): both markers go, two levels; a `>`-quoted Markdown table
    /// keeps its bars.
    #[test]
    fn a_bar_quote_under_a_gt_quote_is_quoted() {
        let input = Input::from_text(">| results + SMT:\n>| Elapsed Time 113.008\n>| Sleeps 24571.8\n>\nbye\n");
        assert_eq!(input.lines[..3], ["results + SMT:", "Elapsed Time 113.008", "Sleeps 24571.8"]);
        assert_eq!((input.quote_depth(1), input.quote_depth(3)), (2, 1));
        let table = "> | kernel | Max |\n> |--------|-----|\n> | 2.4.20 | 40.603 |\n";
        let input = Input::from_text(table);
        assert_eq!(input.lines[2], "| 2.4.20 | 40.603 |");
    }

    /// attack32 case 20: a reply's quoted table whose last rows the mailer
    /// indented (`    > 2.4.20-pre5 …` under `> 2.4.20-pre4-ac1 …`, two
    /// lines) gave kernels named `> 2.4.20-pre5`: rows going on from a
    /// quote are quoted however few; two indented `>` lines alone are not.
    #[test]
    fn indented_rows_going_on_from_a_quote_are_quoted() {
        let input = Input::from_text(
            "> 2.4.20-pre4-ac1          40.603       0.008\n    > 2.4.20-pre5              52.405       0.009\n\
             \x20   > 2.5.33-mm5                2.955       0.008\n",
        );
        assert_eq!(input.lines[1], "2.4.20-pre5              52.405       0.009");
        assert_eq!(input.quote_depth(2), 1);
        let alone = Input::from_text("latency\n   > 1000 ms   3\n   > 2000 ms   5\n");
        assert_eq!(alone.lines[1], "   > 1000 ms   3");
        // attack32 F9: the whole mail indented, a reply's own rows between
        // quoted ones: the two quoted rows after them are quoted too (the
        // mail quotes under that indent elsewhere), not a table's rows.
        let mail = Input::from_text(
            "    > Clients: tip  patched\n    >   128  1 (0.00 pct)  2 (1.00 pct)\n    >   256  1 (0.00 pct)  2 (1.00 pct)\n\
             \x20   256  3 (0.00 pct)  4 (1.00 pct)\n    >   512  1 (0.00 pct)  2 (1.00 pct)\n",
        );
        assert_eq!(mail.lines[4], "  512  1 (0.00 pct)  2 (1.00 pct)");
        assert_eq!((mail.quote_depth(3), mail.quote_depth(4)), (0, 1));
    }

    /// A reply quoting a mail whose writer's mailer quotes ` > ` (LKML
    /// 2004, Marcelo Tosatti quoting Nikita Danilov quoting kernbench):
    /// `>  > ` is two levels; a lone ` > ` line is no quote.
    #[test]
    fn a_quote_marker_one_space_in_is_one_level_more() {
        let input = Input::from_text(
            ">  > Elapsed Time 274.916     Elapsed Time 245.026\n>  > \n> plain\n>  >x\n > diff side\n",
        );
        assert_eq!(input.lines[0], "Elapsed Time 274.916     Elapsed Time 245.026");
        assert_eq!((input.quote_depth(0), input.quote_depth(1), input.quote_depth(2)), (2, 2, 1));
        assert_eq!(input.lines[3], " >x");
        assert_eq!(input.lines[4], " > diff side");
    }

    /// Terminal escapes and backspaces are read as the terminal showed
    /// them (an attacker's trial of session 25, c2/ and t/bs.txt).
    #[test]
    fn terminal_escapes_and_backspaces() {
        let text = "\u{1b}[01;31mroot@box\u{1b}[00m:~# x\n\u{1b}[1m== ext4 ==\u{1b}[0m\r\n\u{1b}]0;title\u{7}a\n\
                    dbench -D /mnt/xsf\u{8} \u{8}\u{8} \u{8}\u{8}fs 16\nab\u{7f}c\n";
        let input = Input::from_text(text);
        assert_eq!(input.lines[..5], ["root@box:~# x", "== ext4 ==", "a", "dbench -D /mnt/fs 16", "ac"]);
    }

    use super::*;

    #[test]
    fn supercite_initials_are_quoting() {
        let input = Input::from_text("> ZC> 2.1.108 + shmfs:\n AM> Throughput 1\nsh>ell\nabcde> x\n");
        assert_eq!(input.lines, vec!["2.1.108 + shmfs:", "Throughput 1", "sh>ell", "abcde> x"]);
        assert!(input.quoted);
    }

    #[test]
    fn strips_quotes_and_crlf_keeping_line_numbers() {
        let input = Input::from_bytes(b"a\r\n> b\r\n>> c\n> > d\n");
        assert_eq!(input.lines, vec!["a", "b", "c", "d"]);
        assert!(input.quoted);
        assert!(!input.lossy);
    }

    #[test]
    fn has_answers_as_contains_does() {
        let input = Input::from_text("Throughput 9.2 MB/sec\n> AIM Independent Resource Benchmark\nlMbEnCh 2.0\n");
        for needle in ["MB/sec", "AIM Independent", "> AIM", "nowhere", "2.0", "\t", "Th", "hT", "9.2 MB/secx"] {
            assert_eq!(input.has(needle), input.contains(needle), "{needle:?}");
        }
        // Every substring of the text is found through the byte pairs.
        let text = input.text().to_string();
        for i in 0..text.len() {
            for j in i + 1..=text.len() {
                if let Some(sub) = text.get(i..j).filter(|s| !s.contains('\n')) {
                    assert!(input.has(sub), "{sub:?}");
                }
            }
        }
        // Non-ASCII bytes share bits with ASCII ones: never a pair missed.
        let utf8 = Input::from_text("latency 3 µs\nÅsa 5 ns\n5\u{35}5");
        for needle in ["µs", "3 µ", "Ås", "Åsa 5", "5 5", "µ", "5µ", "sÅ", "\u{35}5", "ns"] {
            assert_eq!(utf8.has(needle), utf8.contains(needle), "{needle:?}");
        }
        assert!(input.has_ignore_ascii_case("lmbench"));
        assert!(input.has_ignore_ascii_case("aim independent"));
        assert!(!input.has_ignore_ascii_case("bonnie"));
        assert!(input.has_ignore_ascii_case("throughput 9.2 mb/sec"));
        assert!(!input.has_ignore_ascii_case("throughput 9.2 mb/secx"));
    }

    /// reader34 F19: a lone `\r` inside a line ended by `\n` is the
    /// terminal's carriage return (what follows is written over what was
    /// there), not a line break: the lines after it keep their numbers.
    #[test]
    fn a_carriage_return_inside_a_line_overwrites_it() {
        let input = Input::from_text("  16  1 sec 10.00 MB/sec\r  16  2 sec 20.00\nThroughput 20 MB/sec\n");
        assert_eq!(input.lines, ["  16  2 sec 20.00 MB/sec", "Throughput 20 MB/sec"]);
        assert_eq!(Input::from_text("a\r\nb\r\n").lines, ["a", "b"]);
        assert_eq!(Input::from_text("a\rb\r").lines, ["a", "b"]);
    }

    #[test]
    fn a_last_line_without_a_line_break_is_unterminated() {
        assert!(Input::from_text("Elapsed Time 412.87\nElapsed Time 41").unterminated);
        for ended in ["a\nb\n", "a\r\nb\r\n", "a\rb\r", "", "\n"] {
            assert!(!Input::from_bytes(ended.as_bytes()).unterminated, "{ended:?}");
        }
        let blank = [true, false];
        assert!(Input::from_text("x\n41").blanked(&blank).unterminated);
    }

    /// attack51 F14: a quoted-printable file cut right after a soft break
    /// (`Max: 410=`, the `73` of `41073` on the line the cut lost) ends
    /// mid-line, whether a line break follows the `=` or not; a soft break
    /// above the last line, a rule's `==` and an undecoded file's `=` do not.
    #[test]
    fn a_soft_break_ending_the_file_leaves_its_last_line_unterminated() {
        let head = "T: 0 ( 7596) P:99 I:1000 C:  59980 Min:      7 Act:   13 Avg:   29 Max: 410=\n73\n";
        let cut = "T: 1 ( 7597) P:99 I:1500 C:  39990 Min:     14 Act:   26 Avg:   36 Max: 899=";
        // attack53 F1: blank lines the cut file was saved with after the
        // `=` (an mbox's separator) change nothing.
        for end in ["\n", "", "\n\n", "\n\n\n", "\n \n", "\r\n\r\n"] {
            let i = Input::from_text(&format!("{head}{cut}{end}"));
            assert!(i.qp && i.unterminated && i.soft_break_at_end, "{end:?}");
            assert!(i.lines[2].ends_with("Max: 899"), "{:?}", i.lines);
            assert_eq!(i.lines.len(), 3, "{end:?}: {:?}", i.lines);
        }
        let whole = Input::from_text(&format!("{head}{cut}\n4\n"));
        assert!(whole.qp && !whole.unterminated && !whole.soft_break_at_end);
        assert!(!Input::from_text("max=3D20041 usec\n=====\n").unterminated);
        let plain = Input::from_text("NPROCS=\n");
        assert!(!plain.qp && !plain.unterminated && !plain.soft_break_at_end);
    }

    /// attack53 F8: blanks after a soft break (`Max: 410= `, transport
    /// padding RFC 2045 says a decoder drops) still make it one; a cut
    /// right after such a break still ends the file mid-line.
    #[test]
    fn a_soft_break_followed_by_blanks_is_one() {
        let head = "T: 0 ( 7596) P:99 I:1000 C:  59980 Min:      7 Act:   13 Avg:   29 Max: 410= \n73\n";
        let whole = Input::from_text(&format!(
            "{head}T: 1 ( 7597) P:99 I:1500 C:  39990 Min:     14 Act:   26 Avg:   36 Max: 899=\t \n4\n"
        ));
        assert!(whole.qp && !whole.unterminated, "{:?}", whole.lines);
        assert!(whole.lines[0].ends_with("Max: 41073") && whole.lines[2].ends_with("Max: 8994"), "{:?}", whole.lines);
        assert_eq!((whole.lines[1].as_str(), whole.lines[3].as_str()), ("", ""));
        let cut = Input::from_text(&format!(
            "{head}T: 1 ( 7597) P:99 I:1500 C:  39990 Min:     14 Act:   26 Avg:   36 Max: 899= \n"
        ));
        assert!(cut.qp && cut.unterminated && cut.soft_break_at_end, "{:?}", cut.lines);
        assert_eq!(before_soft_break("x=  "), Some("x"));
        assert_eq!(before_soft_break("a ==  "), None);
        assert_eq!(before_soft_break("x= y"), None);
    }

    #[test]
    fn an_encoded_mail_below_a_plain_line_is_decoded_by_paragraph() {
        // `numa = off` is no encoder's `=`: the file is not QP as a whole,
        // but the mail's paragraph is (its `=3D`).
        let text = "Setup: numa = off\n\nmax=3D20041 usec\n\nNPROCS=20\n";
        let i = Input::from_text(text);
        assert!(i.qp);
        assert_eq!(i.lines, ["Setup: numa = off", "", "max=20041 usec", "", "NPROCS=20"]);
    }

    #[test]
    fn each_lines_quote_depth_is_kept() {
        let i = Input::from_text("said:\n> > a 1\n> b 2\nc 3\n");
        let depths: Vec<u8> = (0..4).map(|k| i.quote_depth(k)).collect();
        assert_eq!(depths, [0, 2, 1, 0]);
        assert!(Input::from_text("a 1\nb 2\n").quote_depths.is_empty(), "none kept for an unquoted file");
    }

    #[test]
    fn byte_order_marks_are_removed_keeping_line_numbers() {
        // One before the first line (a Windows editor), one at the start
        // of a file concatenated after it.
        let i = Input::from_text("\u{feff}real\t1m4.221s\nuser\t0m1.0s\n\u{feff}real\t1m3.0s\n");
        assert_eq!(i.lines, ["real\t1m4.221s", "user\t0m1.0s", "real\t1m3.0s"]);
        assert!(!i.lossy);
    }

    /// A full-width colon is a colon (a sysbench 0.4 blog post,
    /// wildmod48: none of its `total time：` lines was read).
    #[test]
    fn full_width_colons_are_colons() {
        let i = Input::from_text("robert@ubuntu：~$ sysbench --test=threads run\n    total time：     0.6559s\n");
        assert_eq!(i.lines, ["robert@ubuntu:~$ sysbench --test=threads run", "    total time:     0.6559s"]);
    }

    #[test]
    fn lossy_decoding_is_flagged() {
        let input = Input::from_bytes(b"Throughput \xff 1.0\n");
        assert!(input.lossy);
        assert_eq!(input.lines.len(), 1);
    }

    #[test]
    fn quoted_printable_mail_is_decoded_with_numbering_kept() {
        let input =
            Input::from_text("> Throughput 3285.04 MB/sec 8 clients 8 procs max_laten=\n> cy=3D3.481 ms\nnext=20\n");
        assert!(input.qp);
        assert_eq!(input.lines, vec!["Throughput 3285.04 MB/sec 8 clients 8 procs max_latency=3.481 ms", "", "next "]);
        let plain = Input::from_text("a = b\nx=\n");
        assert!(!plain.qp);
        assert_eq!(plain.lines, vec!["a = b", "x="]);
    }

    /// attack47 F1: the `quoted_printable` crate reads only printable
    /// ASCII and dropped every other character: a mail saved decoded under
    /// its `Content-Transfer-Encoding: quoted-printable` header (no `=` in
    /// it) read `Throughput −5.12` as 5.12 and `10 µs` as `10 s`; a
    /// decoded `−` among encoded `=3D` lost its sign too. What the file
    /// holds as it is stays; escapes are still decoded around it.
    #[test]
    fn characters_a_quoted_printable_file_holds_unencoded_are_kept() {
        let saved_decoded = "Content-Type: text/plain; charset=UTF-8\n\
                             Content-Transfer-Encoding: quoted-printable\n\n\
                             lat_ctx −2.5% and 10 µs\n\
                             Throughput −5.12 MB/sec 8 clients 8 procs\n";
        let input = Input::from_text(saved_decoded);
        assert_eq!(input.lines[3], "lat_ctx −2.5% and 10 µs");
        assert_eq!(input.lines[4], "Throughput −5.12 MB/sec 8 clients 8 procs");
        let mixed = Input::from_text("Throughput −188.365 MB/sec max_latency=3D3.481 ms\nx=3D1\n");
        assert!(mixed.qp);
        assert_eq!(mixed.lines, vec!["Throughput −188.365 MB/sec max_latency=3.481 ms", "x=1"]);
        // Spaces before a raw character stay; an escaped UTF-8 character
        // beside a raw one is decoded.
        let beside = Input::from_text("a =C2=B5s  µs x=3D2\ny=3D1\n");
        assert_eq!(beside.lines[0], "a µs  µs x=2");
        // A Latin-1 part: its escapes are Latin-1 bytes, its raw
        // characters (read as UTF-8 before decoding) stay what they were.
        let latin1 = "Content-Type: text/plain; charset=\"iso-8859-1\"\n\
                      Content-Transfer-Encoding: quoted-printable\n\n\
                      Seeks=3D12=A0µs −1\n";
        let input = Input::from_text(latin1);
        assert_eq!(input.lines[3], "Seeks=12 µs −1");
    }

    /// [`qp_decode_keeping_raw`] at a raw character: a stray `=` or `=3`
    /// just before it stays as it is (no soft break, no escape), spaces
    /// before it stay, a control character (a form feed) is kept.
    #[test]
    fn raw_characters_end_no_escape_and_no_line() {
        let d = |s: &str| String::from_utf8(qp_decode_keeping_raw(s, false)).unwrap();
        assert_eq!(d("avg=−5 x=3D1"), "avg=−5 x=1");
        assert_eq!(d("a=3µ b  "), "a=3µ b");
        assert_eq!(d("a  \u{c}b=20"), "a  \u{c}b ");
        assert_eq!(String::from_utf8(qp_decode_keeping_raw("=E9t=E9 µ", true)).unwrap(), "été µ");
    }

    /// archive45: Mike Galbraith quoting Peter Zijlstra's tbench lines
    /// (LKML 2023-05-01): the encoder broke `=C2=A0` between its two
    /// escapes; each half is no UTF-8 character alone, and the file was
    /// taken for a plain one, its six tbench lines not read.
    #[test]
    fn a_character_split_by_a_soft_break_is_decoded() {
        let text = "> Throughput 1361.06 MB/sec=C2=A0=C2=A0 5 clients=C2=A0=C2=A0 5 procs=C2=\n\
                    =A0 max_latency=3D0.100 ms\n";
        let input = Input::from_text(text);
        assert!(input.qp);
        assert_eq!(input.lines[0], "Throughput 1361.06 MB/sec   5 clients   5 procs  max_latency=0.100 ms");
        // Must not fire: a plain line ending in `=` over one starting with
        // a figure is no escape split in two (`=18` is none an encoder writes).
        let plain = Input::from_text("NB=\n188.723 max_latency=45.123 ms\n");
        assert!(!plain.qp);
        assert_eq!(plain.lines, vec!["NB=", "188.723 max_latency=45.123 ms"]);
    }

    #[test]
    fn a_plain_file_with_a_line_ending_in_equals_20_is_not_decoded() {
        // `=20` at a line's end, but `=45` is no encoder's: a script log.
        let text = "NPROCS=20\n\nThroughput 123.4 MB/sec  20 clients  20 procs  max_latency=45.123 ms\n";
        let input = Input::from_text(text);
        assert!(!input.qp);
        assert_eq!(input.lines[2], "Throughput 123.4 MB/sec  20 clients  20 procs  max_latency=45.123 ms");
        // A literal `=` a mail would have encoded as `=3D`: not encoded.
        assert!(!Input::from_text("x =3D 1\ny = 2\n").qp);
        // Encoded text: non-ASCII, a rule, a soft break, a trailing space.
        let mail = Input::from_text("caf=C3=A9 =3D 1\n=====\nmax_laten=\ncy=3D3.4 ms=20\n=46rom here\n");
        assert!(mail.qp);
        assert_eq!(mail.lines, vec!["café = 1", "=====", "max_latency=3.4 ms ", "", "From here"]);
    }

    /// A plain file whose `key=NN.N` values start with what reads as the
    /// escape of a control byte (`NB=188.723`: `=18`) or of a lone byte of
    /// no UTF-8 character (`=99.461`) is not quoted-printable, whatever
    /// line ends in `=20`: decoding it would change its numbers. A mail's
    /// escapes of UTF-8 characters still make it one.
    #[test]
    fn numbers_after_an_equals_sign_are_no_escapes() {
        let dbench = "Setup: NPROCS=20\nThroughput 150.979 MB/sec (NB=188.723 MB/sec  1509.79 MBit/sec)  1 procs\n";
        let input = Input::from_text(dbench);
        assert!(!input.qp);
        assert!(input.lines[1].contains("NB=188.723") && input.lines[1].ends_with("1 procs"), "{:?}", input.lines);
        let latency = "run NPROCS=20\nThroughput 412.6 MB/sec  20 procs  max_latency=99.461 ms\n";
        assert!(!Input::from_text(latency).qp);
        let mail = "caf=C3=A9 =3D 1\nmax_latency=3D3.481 ms=20\n";
        let input = Input::from_text(mail);
        assert!(input.qp);
        assert_eq!(input.lines[0], "café = 1");
        // A Latin-1 mail's lone `=E9` is no UTF-8 character: left as it is.
        assert!(!Input::from_text("caf=E9 =3D 1\n").qp);
    }

    #[test]
    fn long_lines_broken_by_soft_breaks_are_decoded_without_any_3d() {
        let row = "> stress-ng: info:  [7158] mmapfork             32      1.09      2.48     =";
        let head = "> stress-ng: info:  [7158] stressor       bogo ops real time  usr time  sys=";
        assert_eq!((row.len(), head.len()), (76, 76));
        let input = Input::from_text(&format!("{head}\n time\n{row}\n 6.01        29.36         3.77\n"));
        assert!(input.qp);
        assert!(input.lines[2].ends_with("2.48      6.01        29.36         3.77"), "{:?}", input.lines);
        assert!(input.joined_away(1) && input.joined_away(3) && !input.joined_away(0) && !input.joined_away(2));
        // One soft break, or short lines ending in `=`: a plain file.
        assert!(!Input::from_text(&format!("{head}\n time\n")).qp);
        assert!(!Input::from_text("CFLAGS=\nLDFLAGS=\nx\n").qp);
    }

    /// Exchange's part in ISO-8859-1 (LKML 2006, Unisys, a Bonnie 1.2
    /// report): `=A0` is a no-break space, no piece of a UTF-8 character,
    /// and the boundary `----_=_NextPart_…` starts with dashes and holds a
    /// `=`. The part was never decoded, its tables left broken at `=`.
    #[test]
    fn a_latin1_part_is_decoded_to_its_declared_boundary() {
        let mail = "Content-Type: multipart/mixed;\n\tboundary=\"----_=_NextPart_001_01\"\n\n\
                    ------_=_NextPart_001_01\nContent-Type: text/plain;\n\tcharset=\"iso-8859-1\"\n\
                    Content-Transfer-Encoding: quoted-printable\n\n\
                    State: =A0 Patch was applied\nM1135- 3*1024 25746 93.9  =\n388.0  2.4\n\
                    ------_=_NextPart_001_01\nContent-Type: application/octet-stream\n";
        let input = Input::from_text(mail);
        assert!(input.qp);
        assert_eq!(input.lines[8], "State:   Patch was applied");
        assert_eq!(input.lines[9], "M1135- 3*1024 25746 93.9  388.0  2.4");
        assert!(input.joined_away(10));
        assert_eq!(input.lines[11], "------_=_NextPart_001_01");
        // Not declared ISO-8859-1: a lone `=A0` is no encoder's, left as it is.
        let utf8 = mail.replace("charset=\"iso-8859-1\"", "charset=\"utf-8\"");
        assert!(Input::from_text(&utf8).lines.iter().any(|l| l.contains("=A0")));
    }

    /// reader34 F4, F12: a declared part whose only escape is a no-break
    /// space is decoded; an option wrapped onto a line of its own
    /// (`--sync`) ends no part, a `--word` the file holds twice does.
    #[test]
    fn a_declared_part_is_decoded_to_its_boundary_only() {
        let head = "Content-Transfer-Encoding: quoted-printable\n\n";
        let input = Input::from_text(&format!("{head}Throughput 123.4 MB/sec=C2=A0 4 procs\n"));
        assert!(input.qp);
        assert_eq!(input.lines[2], "Throughput 123.4 MB/sec  4 procs");
        let input = Input::from_text(&format!("{head}$ dbench 16\n--sync\nThroughput 123.4=\n56 MB/sec\n"));
        assert_eq!(input.lines[4], "Throughput 123.456 MB/sec");
        let mail = format!("--b1\n{head}Throughput 1.5=\n0 MB/sec\n--b1\n\nx=\ny\n--b1--\n");
        let input = Input::from_text(&mail);
        assert_eq!(input.lines[3], "Throughput 1.50 MB/sec");
        assert_eq!(input.lines[7], "x=");
    }

    /// reader34 F11: fio's percentile rows at column 0 under `clat
    /// percentiles (usec):` are output, not a bar quote; a bar quote of
    /// three lines still is.
    #[test]
    fn fio_percentile_rows_at_column_0_are_no_bar_quote() {
        let fio =
            "clat percentiles (usec):\n|  1.00th=[  330],  5.00th=[  334],\n| 30.00th=[  338],\n| 99.99th=[  400]\n";
        let input = Input::from_text(fio);
        assert!(!input.quoted);
        assert_eq!(input.lines[1], "|  1.00th=[  330],  5.00th=[  334],");
        let quote = "On Mon, Bob wrote:\n| Throughput 1 MB/sec\n| Throughput 2 MB/sec\n| Throughput 3 MB/sec\n";
        assert!(Input::from_text(quote).quoted);
    }

    /// A mail declared quoted-printable whose encoder wrapped at 40
    /// columns (no `=3D`, no soft break at 66 to 76 bytes) was read as
    /// plain text: `Throughput 123.4=` / `56 MB/sec 4 procs` lost its run
    /// (and `56 MB/sec 4 procs` labelled the next). Its part is decoded,
    /// soft breaks joined at any width; the headers and a part after the
    /// next boundary are left as they are.
    #[test]
    fn a_part_declared_quoted_printable_joins_soft_breaks_at_any_width() {
        let mail = "Subject: dbench\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n\
                    Three runs on 6.1, each on a freshly=\n made file system.\n\
                    Throughput 123.4=\n56 MB/sec 4 procs\nThroughput 124.9 MB/sec 4 procs\n\
                    --b1_x\nContent-Type: text/plain\n\nCFLAGS=\nLDFLAGS=\n";
        let input = Input::from_text(mail);
        assert!(input.qp);
        assert_eq!(input.lines[4], "Three runs on 6.1, each on a freshly made file system.");
        assert_eq!(input.lines[6], "Throughput 123.456 MB/sec 4 procs");
        assert!(input.joined_away(5) && input.joined_away(7) && !input.joined_away(6));
        assert_eq!(input.lines[2], "Content-Transfer-Encoding: quoted-printable");
        // The next part, not declared so: its lines ending in `=` stay.
        assert_eq!(&input.lines[12..], ["CFLAGS=", "LDFLAGS="]);
        // Declared, but holding a `=` no encoder writes (saved decoded
        // under its header): left as it is.
        let decoded = "Content-Transfer-Encoding: quoted-printable\n\nmax_latency=99.461 ms\nx=\n";
        let input = Input::from_text(decoded);
        assert!(!input.qp);
        assert_eq!(input.lines[2], "max_latency=99.461 ms");
        // No header: short soft breaks are no evidence.
        assert!(!Input::from_text("Throughput 123.4=\n56 MB/sec 4 procs\n").qp);
    }

    #[test]
    fn no_break_spaces_are_spaces() {
        let input = Input::from_text("Host\u{a0}\u{a0}OS\u{202f}Mhz\nx\u{2007}1\n");
        assert_eq!(input.lines, vec!["Host  OS Mhz", "x 1"]);
    }
}
