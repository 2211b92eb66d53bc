//! Number cells as benchmarks print them.

/// Parses a plain decimal number as benchmarks print it: `12.5`, `115.`
/// (lmbench cuts to a trailing dot), `.5`, `-3`, `1e3`. Returns `None` for
/// anything else, including `nan`/`inf` spellings, which no benchmark prints.
pub fn plain(s: &str) -> Option<f64> {
    let s = s.trim();
    if let Some(v) = short_decimal(s.as_bytes()) {
        return Some(v);
    }
    if s.is_empty() || !s.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    if !s.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E')) {
        return None;
    }
    // `-0` is 0: no benchmark measures a negative zero, and its sign
    // would print (`-0`, `-0.00`) in every table of it.
    s.parse::<f64>().ok().filter(|v| v.is_finite()).map(|v| v + 0.0)
}

/// Whether `s` is how C's `printf` spells a value that is no number:
/// `nan`, `-nan`, `inf`, `-inf`, `NaN`, `Infinity` (any case, either
/// sign). A benchmark prints one where a division had nothing to divide
/// (re-aim-7's JTI, IRMAN's average of no sample); [`plain`] refuses it,
/// so a table reader that meets one in a cell says which cell it did not
/// read instead of taking the row for text.
pub fn non_finite(s: &str) -> bool {
    let s = s.trim();
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    ["nan", "inf", "infinity"].iter().any(|w| s.eq_ignore_ascii_case(w))
}

/// Why a plain number `s` cannot be held as written, when it cannot: its
/// magnitude is beyond a double's (`1e400` "overflows": [`plain`] refuses
/// it), or so small that a double reads it as 0 (`1.0e-400` "underflows
/// to 0", which [`plain`] gives as 0 without a word). `None` for a number
/// a double holds (`0`, `-0`, `0.0e-400`, `1e-300`) and for text that is
/// no number.
pub fn out_of_range(s: &str) -> Option<&'static str> {
    let s = s.trim();
    if !s.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E')) {
        return None;
    }
    let v = s.parse::<f64>().ok()?;
    let mantissa = s.split(['e', 'E']).next().unwrap_or("");
    if v.is_infinite() {
        Some("overflows: a double holds magnitudes up to 1.8e308")
    } else if v == 0.0 && mantissa.bytes().any(|b| matches!(b, b'1'..=b'9')) {
        Some("underflows to 0: a double holds magnitudes down to 4.9e-324")
    } else {
        None
    }
}

/// The most significant digits every double holds: any decimal of 15
/// significant digits reads back as itself (C's `DBL_DIG`). A figure
/// printed with more may not.
pub const DOUBLE_DIGITS: usize = 15;

/// The significant digits of a plain decimal's mantissa (`s` without its
/// sign and exponent), leading and trailing zeros dropped:
/// `"009007.1990"` → `"9007199"`. Empty for a zero.
fn significant_digits(s: &str) -> String {
    let s = s.trim().trim_start_matches(['-', '+']);
    let mantissa = s.split(['e', 'E']).next().unwrap_or("");
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    digits.trim_start_matches('0').trim_end_matches('0').to_string()
}

/// When the plain number `s` has more significant digits than a double
/// holds ([`DOUBLE_DIGITS`]) and the double [`plain`] reads is not the
/// figure as printed: the value it is read as, in its shortest form
/// (`9007199254740993`, past 2^53, reads as `9007199254740992`;
/// `123456789012345678901234` as `1.2345678901234569e23`). `None` for a
/// figure a double holds as printed (`9007199254740992`,
/// `0.10000000000000000`, `1.5`) and for text that is no number.
pub fn inexact(s: &str) -> Option<String> {
    let s = s.trim();
    if s.bytes().filter(u8::is_ascii_digit).count() <= DOUBLE_DIGITS {
        return None;
    }
    let printed = significant_digits(s);
    if printed.len() <= DOUBLE_DIGITS {
        return None;
    }
    let v = plain(s)?;
    let shortest = if v.abs() >= 1e16 || (v != 0.0 && v.abs() < 1e-5) { format!("{v:e}") } else { format!("{v}") };
    (significant_digits(&shortest) != printed).then_some(shortest)
}

/// Notes, on its line, every figure of `input` that a sample of `parsed`
/// holds but that has more significant digits than a double holds
/// ([`inexact`]): "`9007199254740993` has more significant digits than a
/// double holds: read as 9007199254740992". A number the pages show is
/// then the nearest double, not the figure: a warning, never a silent
/// guess. Lines without a figure of more than [`DOUBLE_DIGITS`] digits
/// ([`has_long_figure`], one pass over the bytes) are not looked into.
pub fn note_inexact(input: &super::Input, parsed: &mut crate::model::ParsedFile) {
    let mut lines: Vec<usize> = parsed.samples.iter().map(|s| s.line).collect();
    lines.sort_unstable();
    lines.dedup();
    for n in lines {
        let Some(text) = n.checked_sub(1).and_then(|i| input.lines.get(i)) else { continue };
        if !has_long_figure(text) {
            continue;
        }
        let figure = |c: char| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E');
        for token in text.split(|c: char| !figure(c)) {
            let token = token.trim_start_matches(['e', 'E']).trim_end_matches(['.', '-', '+', 'e', 'E']);
            let Some(read) = inexact(token) else { continue };
            let Some(v) = plain(token) else { continue };
            let held = parsed.samples.iter().any(|s| s.line == n && s.value.mean().abs() == v.abs());
            let noted = format!("`{token}` has more significant digits than a double holds: read as {read}");
            if held && !parsed.notes.iter().any(|(l, t)| *l == n && *t == noted) {
                parsed.notes.push((n, noted));
            }
        }
    }
}

/// True when `text` holds a figure (a run of digits, `.`, `-`, `+`, `e`
/// and `E`, as [`note_inexact`] splits a line) of more than
/// [`DOUBLE_DIGITS`] digits: the only figures [`inexact`] may find
/// inexact. Most lines of a table hold many figures of a few digits each
/// (`  4   1024   87.89   2.31`): they are passed over in one pass of
/// their bytes, without splitting them.
fn has_long_figure(text: &str) -> bool {
    let mut digits = 0;
    for &b in text.as_bytes() {
        if b.is_ascii_digit() {
            digits += 1;
            if digits > DOUBLE_DIGITS {
                return true;
            }
        } else if !matches!(b, b'.' | b'-' | b'+' | b'e' | b'E') {
            digits = 0;
        }
    }
    false
}

/// A line with a poster's comment after a benchmark's text (sysbench's
/// `read, MiB/s:  87.89  # 吞吐量…`, `Number of threads: 20  # 线程数`), or
/// an arrow pointing at its figure (`total number of events:  45526 <<
/// higher is better`, hackbench's `Time: 101.285  <--- lower the better`,
/// LKML 2023): the text before it. sysbench and hackbench print no `#` and
/// no `<` in their reports; a `#` that opens a line or follows no blank (a
/// root prompt, `~]# sysbench …`) is no comment.
pub fn poster_comment(t: &str) -> Option<&str> {
    let at = ["#", "<<", "<-", "←"]
        .iter()
        .filter_map(|mark| {
            t.match_indices(mark).find(|(i, _)| t[..*i].ends_with([' ', '\t']) && !t[..*i].trim().is_empty())
        })
        .map(|(i, _)| i)
        .min()?;
    Some(t[..at].trim_end())
}

/// Powers of ten that are exact doubles (10⁰ to 10¹⁵).
/// Relative size below which a deviation or a difference is floating-point
/// noise rather than a measurement: benchmarks print at most a few
/// significant digits, an `f64` carries about 16.
pub const FLOAT_NOISE: f64 = 1e-9;

/// The fewest decimals a finite `v` is printed with, read back from the
/// value (the digits are gone): the smallest d ≥ 0 for which v·10^d is a
/// whole number within [`FLOAT_NOISE`] of itself; digits beyond nine or ten
/// significant ones count as noise. `1.5` → 1, `1203968` → 0, `9.56338` →
/// 5. The statistics' printed step ([`crate::stats::printed_decimals`])
/// and a derived efficiency's ([`crate::derive`]) read it so.
pub fn decimals_of(v: f64) -> i32 {
    let whole = |d: i32| {
        let x = v * pow10(d);
        (x - x.round()).abs() <= FLOAT_NOISE * x.abs()
    };
    // At d = 9 − ⌊log10 |v|⌋, |v·10^d| ≥ 10^9, and the relative tolerance
    // is at least half a unit: every value stops there at the latest.
    let last = if v == 0.0 { 0 } else { (9 - v.abs().log10().floor() as i32).max(0) };
    (0..=last).find(|&d| whole(d)).unwrap_or(last)
}

/// 10^d, the value of `10f64.powi(d)`: from a table for 0 ≤ d ≤ 22 (each
/// exact, as `powi`'s products of exact powers are), where `powi` is a
/// call per digit tried of every value of a table.
pub fn pow10(d: i32) -> f64 {
    const POW10: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ];
    usize::try_from(d).ok().and_then(|i| POW10.get(i)).copied().unwrap_or_else(|| 10f64.powi(d))
}

const EXACT_POW10: [f64; 16] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/// `s` as [`str::parse::<f64>`] reads it, when it is a short decimal: an
/// optional sign, digits with at most one `.` among or after them, one
/// digit at least, fifteen at most. Its digits make an integer below
/// 10¹⁵ and its scale a power of ten up to 10¹⁵, both exact doubles, so
/// their quotient, rounded once, is the nearest double to the decimal:
/// what `parse` returns (Clinger's fast path, which `parse` takes too).
/// `None` for anything else, left to `parse`.
fn short_decimal(s: &[u8]) -> Option<f64> {
    let (negative, digits) = match s.first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let (mut mantissa, mut count, mut scale, mut point) = (0u64, 0usize, 0usize, false);
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa * 10 + u64::from(b - b'0');
                count += 1;
                scale += usize::from(point);
                if count > 15 {
                    return None;
                }
            }
            b'.' if !point => point = true,
            _ => return None,
        }
    }
    if count == 0 {
        return None;
    }
    // Both exact: the division rounds once.
    #[allow(clippy::cast_precision_loss)]
    let v = mantissa as f64 / EXACT_POW10[scale];
    // `-0` and `-0.00` are 0, as in [`plain`].
    Some(if negative && v != 0.0 { -v } else { v })
}

/// Parses a number with an optional `K` suffix meaning ×1000 or `M`
/// meaning ×1,000,000, as lmbench's summary prints large values
/// (getsummary's `num`: `$K = 1000.`, `$M = 1000000.`, the figure cut to
/// its field: `18.M` for 18.0 M): `0.11K` → 110, `13.K` → 13000,
/// `3549.8K` → 3549800, `6K` → 6000, `18.M` → 18000000. Plain numbers
/// pass through [`plain`].
pub fn k_suffixed(s: &str) -> Option<f64> {
    let s = s.trim();
    if let Some(head) = s.strip_suffix('K') {
        // `0.11K` is 110, not 0.11 × 1000 = 110.00000000000001.
        plain(head).map(|v| to_decimals(v * 1000.0, decimals(head).map(|d| d.saturating_sub(3))))
    } else if let Some(head) = s.strip_suffix('M') {
        plain(head).map(|v| to_decimals(v * 1_000_000.0, decimals(head).map(|d| d.saturating_sub(6))))
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

/// The step a plain decimal `s` was printed to, scaled by `scale` (the
/// factor the parser multiplies the value by to reach its metric's unit):
/// `("1.00", 1000.0)` → 10, `("67.4", 1000.0)` → 100, `("995", 1.0)` → 1.
/// For [`crate::model::Sample::with_step`]. `None` for anything but a
/// plain decimal.
pub fn scaled_step(s: &str, scale: f64) -> Option<f64> {
    let d = i32::try_from(decimals(s)?).ok()?;
    Some(scale / 10f64.powi(d))
}

/// True when `s` is not a plain decimal with at least `printed` digits
/// after the point: a figure a benchmark always prints with `printed`
/// decimals (`%.3f`) that has fewer was cut short (`Time: 0.`, a log
/// truncated mid-number), and is not to be read.
pub fn fewer_decimals(s: &str, printed: usize) -> bool {
    decimals(s).is_none_or(|d| d < printed)
}

/// `v` rounded to `d` decimals, when `d` is known and small: the nearest
/// double to the decimal the text wrote, as parsing it would give, instead
/// of a sum's or product's binary remainder (`454.59000000000003`).
pub(crate) fn to_decimals(v: f64, d: Option<usize>) -> f64 {
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

/// True when `sorted` (ascending, not empty) counts up one by one from 0 or
/// 1 (`1 2 3`, `0 1`): the numbers of a harness's or a person's runs
/// (`log000` … `log009`, `bonnie.1 bonnie.2`), not a loop's counts (`1 2 4
/// 8`) nor a series with its first runs cut (`2 3`). One rule for file
/// names in a directory (`site::select`) and the files one `cat` shows
/// (`labels::catted`).
pub fn counts_up_one_by_one(sorted: &[u64]) -> bool {
    sorted.first().is_some_and(|&first| first <= 1) && sorted.iter().zip(sorted[0]..).all(|(&n, want)| n == want)
}

/// True when `sorted` (ascending, at least three numbers) doubles from one
/// number to the next (`1 2 4`, `1 2 4 8`, `2 4 8 16`): the counts a loop
/// steps through (`for j in 1 2 4 8; do make -j$j …`), as runs' numbers
/// seldom are.
pub fn doubles(sorted: &[u64]) -> bool {
    sorted.len() >= 3 && sorted.windows(2).all(|w| w[0] > 0 && w[0].checked_mul(2) == Some(w[1]))
}

/// True when `sorted` (ascending) are some of the run numbers `runs`
/// (ascending, counting up one by one: [`counts_up_one_by_one`]), fewer,
/// as where a failed run was removed (`1 2 4` beside `1 2 3 4`, `1 3`
/// beside `1 2 3`): runs with a gap. Never numbers that double
/// ([`doubles`]) with more than one run missing below the last (`1 2 4 8`
/// beside `1` … `8`, `2 4 8`): a loop's counts beside another kernel's
/// runs, not four runs of eight with four lost (attack40 F11).
pub fn runs_with_a_gap(sorted: &[u64], runs: &[u64]) -> bool {
    let Some(&last) = sorted.last() else { return false };
    if runs.len() <= sorted.len() || !counts_up_one_by_one(runs) || !sorted.iter().all(|n| runs.contains(n)) {
        return false;
    }
    let missing = runs.iter().filter(|&&r| r <= last && !sorted.contains(&r)).count();
    !(doubles(sorted) && missing > 1)
}

/// A file's name (its last `/` part) split into what its runs share, the
/// run's number as `*` (`bonnie.1` → `bonnie.*`, `default-brd.2.fio` →
/// `default-brd.*.fio`, `run1.txt` → `run*.txt`), and that number. A name
/// with an extension of letters has it only where the number is set off
/// by `.`, `-`, `_` or follows `run` (`bonnie-j1.log`: a set-up's `-j1`,
/// no run). `None` for a name with no such number. Files whose shared
/// parts are alike and whose numbers count up one by one
/// ([`counts_up_one_by_one`]) are runs of one set-up, whatever shows them
/// (`cat`, `tail`'s `==> x <==` headers, `grep`'s `x:` prefixes).
///
/// Never a number that ends a dotted version (`results.6.1`,
/// `kernbench-6.2.1.log`, `log.2.6.1`: the digits after a `.` that follows
/// a digit): a kernel's name, and two kernels' results averaged as runs of
/// one (attack42 F1: `results.6.1` and `results.6.2` in 6.2/ were 2 runs
/// of 6.2). Nor a count after a parameter's word (`threads-1.txt`,
/// `clients_8.log`: [`COUNT_WORDS`]), a set-up's (attack42 F16).
pub fn run_numbered(file: &str) -> Option<(String, u64)> {
    let name = file.rsplit('/').next().unwrap_or(file);
    if let Some((stem, ext)) = name.rsplit_once('.')
        && !ext.is_empty()
        && ext.bytes().all(|b| b.is_ascii_alphabetic())
    {
        let bare = stem.trim_end_matches(|c: char| c.is_ascii_digit());
        // `run1.txt`, `iter1.txt` (attack43 F7's r19: `iter1.txt`,
        // `iter2.txt` were labels while `iter1`, `iter2` were runs).
        let set_off = bare.ends_with(['.', '-', '_']) || ends_in_run_word(bare);
        if bare.len() == stem.len() || !set_off || not_a_run_number(bare) {
            return None;
        }
        // The extension is part of what the runs share.
        return Some((format!("{bare}*.{ext}"), stem[bare.len()..].parse().ok()?));
    }
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    if not_a_run_number(stem) {
        return None;
    }
    let n = name[stem.len()..].parse().ok()?;
    Some((format!("{stem}*"), n))
}

/// Words after which a file's number is a run's without a separator
/// (`run1.txt`, `pass2.log`, `boot1.log`, `before3.csv`, `take2.txt`):
/// one side of a comparison or one run, numbered by the person who kept
/// the copies. One list for [`run_numbered`] (files shown by `cat`,
/// `tail`'s `==> x <==` headers) and `site::select::run_stem` (a
/// directory's files): attack44 F10, where `pass1.log`/`pass2.log` and
/// `boot1.log`/`boot2.log` under `tail -n +1` were two set-ups (runs
/// never averaged) while `iter1.txt` was a run. A set-up's name and a
/// digit (`ext2`, `j1`, `raid1`) is not one of them.
pub const RUN_WORDS: &[&str] = &[
    "iter", "iteration", "before", "after", "base", "baseline", "patched", "unpatched", "vanilla", "orig", "original",
    "old", "new", "pre", "post", "ref", "reference", "stock", "fixed", "good", "bad", "take", "try", "trial",
    "attempt", "pass", "round", "boot", "sample",
];

/// True when `bare` (a name up to its trailing number) ends in `run`
/// (`run`, `xrun`, `kb-run`) or its last word (after `-`, `_`, `.` or a
/// space) is one of [`RUN_WORDS`] (`pass`, `wis-after`), any case: the
/// number after it is a run's.
pub fn ends_in_run_word(bare: &str) -> bool {
    let n = bare.len();
    if n >= 3 && bare.get(n - 3..).is_some_and(|w| w.eq_ignore_ascii_case("run")) {
        return true;
    }
    let last = bare.rsplit(['-', '_', '.', ' ']).next().unwrap_or(bare);
    RUN_WORDS.iter().any(|w| w.eq_ignore_ascii_case(last))
}

/// Words of a count that names a set-up, not a run, where a file's
/// number follows them (`threads-1.txt`, `clients_8.log`, `jobs.4`).
pub const COUNT_WORDS: &[&str] = &[
    "thread", "threads", "job", "jobs", "numjobs", "client", "clients", "proc", "procs", "process", "processes",
    "task", "tasks", "cpu", "cpus", "core", "cores", "user", "users", "group", "groups", "worker", "workers",
    "instance", "instances", "node", "nodes", "iodepth", "qd",
];

/// True when the digits after `bare` (a name up to its last number) are
/// no run's number ([`run_numbered`]): they end a dotted version (`bare`
/// ends in a digit and `.`: `results.6.`), or follow a count's word
/// ([`COUNT_WORDS`]) and its separator (`threads-`), or follow a `v`
/// set off (`results.v`: a patch set's version).
fn not_a_run_number(bare: &str) -> bool {
    // `results.v1`, `results.v2`: a patch set's versions, two kernels
    // (attack43 F7's r02, averaged as runs); a `v`, `rev` or `ver` alone
    // after a separator (attack44 F10: `results.rev1`, `results.rev2`
    // were averaged as runs); `dev1` stays as it was.
    let lower = bare.to_ascii_lowercase();
    if ["v", "rev", "ver", "version"]
        .iter()
        .filter_map(|w| lower.strip_suffix(w))
        .any(|before| before.is_empty() || before.ends_with(['.', '-', '_']))
    {
        return true;
    }
    // `2.5.60-mm1`, `2.6.0-test3`: a kernel's name, its last number the
    // patch set's (attack44 F19: `tail -n +1 2.5.60-mm1 2.5.60-mm2`
    // averaged the two kernels as runs; `2.5.60-mm1.log` was read right).
    // The kernel may follow a run's word (attack45 F6: `run1-2.5.60-mm1`
    // and `run1-2.5.60-mm2` were averaged as runs): any part after a `-`
    // or `_` that is a kernel's name counts.
    let holds_kernel = |k: &str| {
        let k = k.strip_suffix(['-', '_', '.']).unwrap_or(k);
        super::labels::is_kernel_name(k)
            || k.match_indices(['-', '_']).any(|(i, _)| super::labels::is_kernel_name(&k[i + 1..]))
    };
    if ["mm", "rc", "bk", "pre", "ac", "aa", "test", "git", "ck"]
        .iter()
        .filter_map(|w| lower.strip_suffix(w))
        .any(holds_kernel)
    {
        return true;
    }
    // `mm1`, `mm2` alone: Andrew Morton's patch sets named without their
    // base kernel (attack45 F6), two set-ups, never two runs. (`pre1`,
    // `pre2` stay runs: `pre` is one of RUN_WORDS, before a change.)
    if lower == "mm" {
        return true;
    }
    let Some(head) = bare.strip_suffix(['.', '-', '_']) else { return false };
    if bare.ends_with('.') && head.ends_with(|c: char| c.is_ascii_digit()) {
        return true;
    }
    let word = head.rsplit(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or("");
    COUNT_WORDS.contains(&word.to_ascii_lowercase().as_str())
}

/// What a metric in `unit` measures that can never be below 0, when it
/// is one: `"time"` (`s`, `ms`, `usec`, `ns`, `clocks`), `"rate"` (any unit
/// per something: `MB/s`, `jobs/min`, `usecs/op`, `per sec`, and the
/// abbreviations `lps`, `lpm`, `rps`, `tps`, `fps`, `IOPS`, `MWIPS`),
/// `"size"` (`KB`, `GiB`, `pages`) or `"count"` (`bogo ops`, `events`,
/// `MHz`). `None` for a percentage, a bare number (an index, a score, a
/// difference column: `%change` may be negative) and units not known.
pub fn never_negative(unit: &str) -> Option<&'static str> {
    let u = unit.trim().to_ascii_lowercase();
    let u = u.as_str();
    const TIMES: &[&str] = &[
        "s", "sec", "secs", "second", "seconds", "ms", "msec", "msecs", "us", "µs", "usec", "usecs", "ns", "nsec",
        "nsecs", "nanosec", "nanosecs", "nanosecond", "nanoseconds", "min", "mins", "minutes", "clocks", "cycles",
    ];
    const RATES: &[&str] = &["lps", "lpm", "rps", "tps", "qps", "fps", "iops", "mwips", "jpm", "mflops", "gflops"];
    const SIZES: &[&str] = &["b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "bytes", "pages"];
    const COUNTS: &[&str] = &["bogo ops", "ops", "events", "mhz", "ghz"];
    if TIMES.contains(&u) {
        Some("time")
    } else if (u.contains('/') && !u.contains('%'))
        || u.starts_with("per ")
        || u.contains(" per ")
        || RATES.contains(&u)
    {
        Some("rate")
    } else if SIZES.contains(&u) {
        Some("size")
    } else if COUNTS.contains(&u) {
        Some("count")
    } else {
        None
    }
}

/// A share of processor time, never below 0 (a unit-less or `%` unit
/// says nothing of it, so [`never_negative`] cannot tell): time's and
/// kcbench's `CPU` (`260%CPU`), contest's `CPU%` and `LCPU%`, kernbench's
/// `Percent CPU` (`Percent CPU 237.2`), bonnie's `<test> %CPU` (`Per Char
/// %CPU`), will-it-scale's `idle`, a `%CPU` unit. A percentage that is a
/// difference (`%change`) is not one.
fn cpu_share(s: &crate::model::Sample) -> Option<&'static str> {
    let (name, unit) = (s.metric.name.as_str(), s.metric.unit.trim());
    let named = (matches!(name, "CPU" | "CPU%" | "LCPU%" | "%CPU" | "Percent CPU" | "idle") || name.ends_with(" %CPU"))
        && unit == "%";
    (named || unit.eq_ignore_ascii_case("%cpu")).then_some("share of processor time")
}

/// Takes out of `parsed` every sample below 0 of a metric that cannot be
/// ([`never_negative`]: a time, a rate, a size, a count), each with a
/// warning at its line. A benchmark never prints one: it is a clock that
/// stepped back, a counter that wrapped, or a hand that slipped
/// (cyclictest's `Min:      -1` read as −1 usec; re-aim's `-5216.68
/// Jobs/Minute`; attack59 F8), and a mean with it in is no measurement.
/// 0 is kept: cyclictest's `Min: 0` is a latency below its clock's step,
/// and a throughput of 0 is what a run that did nothing prints.
pub fn drop_impossible_negatives(parsed: &mut crate::model::ParsedFile) {
    if !parsed.samples.iter().any(|s| s.value.mean() < 0.0) {
        return;
    }
    let mut notes = Vec::new();
    parsed.samples.retain(|s| {
        let v = s.value.mean();
        let Some(kind) = (v < 0.0).then(|| never_negative(&s.metric.unit).or_else(|| cpu_share(s))).flatten() else {
            return true;
        };
        let unit = if s.metric.unit.is_empty() { String::new() } else { format!(" {}", s.metric.unit) };
        notes.push((
            s.line,
            format!("`{v}`{unit} for {}: a {kind} is never below 0, so it is no measurement: not read", s.metric.name),
        ));
        false
    });
    for n in notes {
        if !parsed.notes.contains(&n) {
            parsed.notes.push(n);
        }
    }
}

#[cfg(test)]
mod tests {
    /// attack59 F8: cyclictest's `Min: -1` and re-aim's `-5216.68
    /// Jobs/Minute` were read. A time, a rate, a size or a count below 0 is
    /// warned and not read; a percentage, a bare number and 0 are kept.
    #[test]
    fn a_negative_time_rate_size_or_count_is_no_measurement() {
        use crate::model::{Better, Metric, ParsedFile, Sample};
        for unit in ["usec", "s", "ms", "MB/s", "jobs/min", "usecs/op", "per sec", "lps", "IOPS", "KB", "bogo ops"] {
            assert!(never_negative(unit).is_some(), "{unit}");
        }
        for unit in ["", "%", "normalized", "score"] {
            assert_eq!(never_negative(unit), None, "{unit}");
        }
        let min = Metric::new("Min", "usec", Better::Lower);
        let change = Metric::new("%change", "%", Better::Neither);
        let mut parsed = ParsedFile {
            samples: vec![
                Sample::new(min.clone(), -1.0, 5),
                Sample::new(min.clone(), 0.0, 6),
                Sample::new(change.clone(), -3.5, 7),
            ],
            ..Default::default()
        };
        drop_impossible_negatives(&mut parsed);
        let kept: Vec<(usize, f64)> = parsed.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(kept, [(6, 0.0), (7, -3.5)]);
        assert_eq!(
            parsed.notes,
            [(5, "`-1` usec for Min: a time is never below 0, so it is no measurement: not read".to_string())]
        );
    }

    use super::*;

    /// attack42 F1 and F16: a dotted version's last number (a kernel's
    /// name) and a count after a parameter's word are no run numbers; the
    /// runs of afix41 and attack39/40 still are.
    #[test]
    fn version_tails_and_counts_are_no_run_numbers() {
        for name in [
            "results.6.1",
            "results.6.2",
            "kernbench-6.2.1.log",
            "kernbench-6.2.2.log",
            "out/results.2.6.1",
            "results.v6.2",
            "run-1.5",
            "threads-1.txt",
            "threads-2",
            "clients_8.log",
            "Jobs.4",
            // attack43 F7 (r02): a patch set's versions.
            "results.v1",
            "patch-V2",
            "v3",
        ] {
            assert_eq!(run_numbered(name), None, "{name}");
        }
        // Must not fire: runs set off after letters, whatever the name.
        assert_eq!(run_numbered("bonnie.1"), Some(("bonnie.*".into(), 1)));
        assert_eq!(run_numbered("bonnie.10"), Some(("bonnie.*".into(), 10)));
        assert_eq!(run_numbered("default-brd.2.fio"), Some(("default-brd.*.fio".into(), 2)));
        assert_eq!(run_numbered("run1.txt"), Some(("run*.txt".into(), 1)));
        assert_eq!(run_numbered("run-1"), Some(("run-*".into(), 1)));
        assert_eq!(run_numbered("out/run_0.txt"), Some(("run_*.txt".into(), 0)));
        assert_eq!(run_numbered("results.1"), Some(("results.*".into(), 1)));
        assert_eq!(run_numbered("kernel-6.2-run.1"), Some(("kernel-6.2-run.*".into(), 1)));
        assert_eq!(run_numbered("log1"), Some(("log*".into(), 1)));
        assert_eq!(run_numbered("threadsafe-1.log"), Some(("threadsafe-*.log".into(), 1)));
        // attack43 F7 (r19): `iter1.txt` as `iter1`; a word ending in `v`.
        assert_eq!(run_numbered("iter1.txt"), Some(("iter*.txt".into(), 1)));
        assert_eq!(run_numbered("iteration_2.log"), Some(("iteration_*.log".into(), 2)));
        assert_eq!(run_numbered("dev1"), Some(("dev*".into(), 1)));
        // attack44 F10: a revision's number; the run words of a
        // directory's files (`site::select`) read the same here.
        for name in ["results.rev1", "results.REV2", "patch-ver2", "x_version3.log"] {
            assert_eq!(run_numbered(name), None, "{name}");
        }
        assert_eq!(run_numbered("pass1.log"), Some(("pass*.log".into(), 1)));
        assert_eq!(run_numbered("boot2.log"), Some(("boot*.log".into(), 2)));
        assert_eq!(run_numbered("round1.txt"), Some(("round*.txt".into(), 1)));
        // Must not fire: a word ending in `rev` or `v` glued to letters.
        assert_eq!(run_numbered("prev1"), Some(("prev*".into(), 1)));
        assert_eq!(run_numbered("ext2.log"), None, "a set-up's name and digit");
        assert_eq!(run_numbered("j4.log"), None);
        assert_eq!(run_numbered("changelog1.txt"), None, "a word only ending like one");
        assert_eq!(run_numbered("threshold2.log"), None);
        // attack44 F19: a kernel's name without an extension.
        for name in ["2.5.60-mm1", "2.5.60-mm2", "2.6.0-test3", "6.2-rc1", "linux-2.6.12-rc1-bk3", "2.4.19-pre7"] {
            assert_eq!(run_numbered(name), None, "{name}");
        }
        // Must not fire: runs after a kernel's name, letters that only end
        // like a patch set's word.
        assert_eq!(run_numbered("6.2-run1"), Some(("6.2-run*".into(), 1)));
        assert_eq!(run_numbered("comm1"), Some(("comm*".into(), 1)));
        assert_eq!(run_numbered("latest1"), Some(("latest*".into(), 1)));
        // attack45 F6: the run's word before the kernel; `mm1` alone.
        for name in ["run1-2.5.60-mm1", "run2-2.5.60-mm2", "kb_6.2-rc1", "mm1", "mm2"] {
            assert_eq!(run_numbered(name), None, "{name}");
        }
        // Must not fire: no kernel before the word, a word ending in `mm`.
        assert_eq!(run_numbered("results-pre1"), Some(("results-pre*".into(), 1)));
        assert_eq!(run_numbered("pre2"), Some(("pre*".into(), 2)));
        assert_eq!(run_numbered("run-x-rc1"), Some(("run-x-rc*".into(), 1)));
        assert_eq!(run_numbered("comm2"), Some(("comm*".into(), 2)));
    }

    /// `parse`'s value, `-0` read as 0 (as [`plain`] reads it).
    fn parsed(s: &str) -> Option<f64> {
        s.parse::<f64>().ok().filter(|v| v.is_finite()).map(|v| v + 0.0)
    }

    #[test]
    fn short_decimals_read_as_parse_reads_them() {
        // Comma-separated (one case is the empty text).
        const CASES: &str = "0,-0,+0,1.,.5,-.5,115.,0.1,0.3,12.5,-3,+7.25,999999999999999,99999999999999.9,\
            .000000000000001,0.000000000000001,123456789012345,3549.8,0.11,9007199254740993,1234567890123456,\
            1e3,-,+,.,,1..2,1.2.,--1,+-1,1-,a";
        for s in CASES.split(',') {
            let fast = short_decimal(s.as_bytes());
            if let Some(v) = fast {
                assert_eq!(Some(v.to_bits()), parsed(s).map(f64::to_bits), "{s:?}");
            }
            assert_eq!(plain(s).map(f64::to_bits), plain_by_parse(s).map(f64::to_bits), "{s:?}");
        }
    }

    /// `plain` as it was before `short_decimal`.
    fn plain_by_parse(s: &str) -> Option<f64> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().any(|b| b.is_ascii_digit()) {
            return None;
        }
        if !s.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E')) {
            return None;
        }
        parsed(s)
    }

    proptest::proptest! {
        #[test]
        fn any_short_decimal_reads_as_parse(
            sign in proptest::sample::select(vec!["", "-", "+"]),
            int in "[0-9]{0,16}",
            frac in proptest::option::of("[0-9]{0,16}"),
        ) {
            let s = match &frac { Some(f) => format!("{sign}{int}.{f}"), None => format!("{sign}{int}") };
            proptest::prop_assert_eq!(plain(&s).map(f64::to_bits), plain_by_parse(&s).map(f64::to_bits), "{:?}", s);
        }
    }

    /// `-0` read as -0.0 printed `-0` in every table of it; `1.0e-400`
    /// read as 0 without a word (the generic CSV parser asks
    /// [`out_of_range`] why).
    #[test]
    fn a_negative_zero_is_zero_and_a_lost_magnitude_is_named() {
        for z in ["-0", "-0.0", "-0.00", "-0e5", "-.0"] {
            assert_eq!(plain(z).map(f64::to_bits), Some(0f64.to_bits()), "{z}");
            assert_eq!(out_of_range(z), None, "{z}");
        }
        assert_eq!(plain("1.0e-400"), Some(0.0));
        assert!(out_of_range("1.0e-400").is_some_and(|w| w.starts_with("underflows to 0")));
        assert!(out_of_range("-5E-999").is_some_and(|w| w.starts_with("underflows to 0")));
        assert_eq!(plain("1e400"), None);
        assert!(out_of_range("1e400").is_some_and(|w| w.starts_with("overflows")));
        for fine in ["0", "0.0e-400", "1e-300", "4.9e-324", "1.5", "abc", ""] {
            assert_eq!(out_of_range(fine), None, "{fine}");
        }
    }

    /// attack #20: `9007199254740993` (past 2^53) read as
    /// 9007199254740992 without a word.
    #[test]
    fn a_figure_with_more_digits_than_a_double_holds_is_named() {
        assert_eq!(inexact("9007199254740993").as_deref(), Some("9007199254740992"));
        assert_eq!(inexact("-9007199254740993").as_deref(), Some("-9007199254740992"));
        assert_eq!(inexact("123456789012345678901234").as_deref(), Some("1.2345678901234569e23"));
        assert_eq!(inexact("0.12345678901234567891").as_deref(), Some("0.12345678901234568"));
        for held in ["9007199254740992", "0.10000000000000000", "1.5", "1000000000000000000000", "abc", ""] {
            assert_eq!(inexact(held), None, "{held}");
        }
        let input = super::super::Input::from_text("metric,value,better\nops,9007199254740993,higher\nops,12,higher\n");
        let mut parsed = crate::model::ParsedFile::default();
        for (v, line) in [(9007199254740992.0, 2), (12.0, 3)] {
            parsed.samples.push(crate::model::Sample::new(
                crate::model::Metric::new("ops", "", crate::model::Better::Higher),
                v,
                line,
            ));
        }
        note_inexact(&input, &mut parsed);
        assert_eq!(parsed.notes.len(), 1, "{:?}", parsed.notes);
        assert_eq!(parsed.notes[0].0, 2);
        assert!(parsed.notes[0].1.contains("read as 9007199254740992"), "{:?}", parsed.notes);
        assert!(!super::super::note_is_info(&parsed.notes[0].1));
    }

    /// A line is looked into only for a figure of sixteen digits or more,
    /// whatever its digits in all.
    #[test]
    fn only_a_long_figure_is_looked_into() {
        assert!(has_long_figure("ops 9007199254740993 higher"));
        assert!(has_long_figure("x=0.12345678901234567891"));
        assert!(has_long_figure("-1.234567890123456e+300"));
        assert!(!has_long_figure("  4   1024   87.89   2.31   123456789012345"));
        assert!(!has_long_figure("12345678 90123456"));
        assert!(!has_long_figure("12345678µ90123456"));
        assert!(!has_long_figure(""));
    }

    #[test]
    fn numbers() {
        assert_eq!(plain("115."), Some(115.0));
        assert_eq!(plain("abc"), None);
        assert_eq!(plain("nan"), None);
        for w in ["nan", "-nan", "NaN", "inf", "-inf", "+Infinity"] {
            assert!(non_finite(w), "{w}");
        }
        for w in ["96", "n/a", "nano", "-", ""] {
            assert!(!non_finite(w), "{w}");
        }
        assert_eq!(k_suffixed("13.K"), Some(13000.0));
        assert!((k_suffixed("0.11K").unwrap() - 110.0).abs() < 1e-9);
        assert_eq!(k_suffixed("0.11K"), Some(110.0));
        assert_eq!(k_suffixed("1.2345K"), Some(1234.5));
        // lmbench 2.0's getsummary: `18.M` is 18.0 × 1,000,000 cut to 4 characters.
        assert_eq!(k_suffixed("18.M"), Some(18_000_000.0));
        assert_eq!(k_suffixed("12.5M"), Some(12_500_000.0));
        assert_eq!(k_suffixed("M"), None);
        assert_eq!(clock_seconds("7:34.59"), Some(454.59));
        assert_eq!(clock_seconds("0:00.07"), Some(0.07));
        assert_eq!(clock_seconds("12.5"), Some(12.5));
        assert!((clock_seconds("7:34.59").unwrap() - 454.59).abs() < 1e-9);
        assert_eq!(clock_seconds("1:02:03"), Some(3723.0));
    }
}

#[cfg(test)]
mod series_tests {
    use super::*;

    /// attack40 F11: a doubling series beside another kernel's runs is a
    /// count series; one run missing stays runs with a gap.
    #[test]
    fn a_doubling_series_is_no_runs_with_a_gap() {
        let eight: Vec<u64> = (1..=8).collect();
        assert!(!runs_with_a_gap(&[1, 2, 4, 8], &eight));
        assert!(!runs_with_a_gap(&[2, 4, 8], &eight));
        // One run missing: runs with a gap (doubling or not).
        assert!(runs_with_a_gap(&[1, 2, 4], &[1, 2, 3, 4]));
        assert!(runs_with_a_gap(&[1, 3, 4], &[1, 2, 3, 4]));
        assert!(runs_with_a_gap(&[1, 3], &[1, 2, 3]));
        // Not doubling, two runs lost: still runs with a gap.
        assert!(runs_with_a_gap(&[1, 4, 5], &[1, 2, 3, 4, 5]));
        // Not some of the runs, or no fewer.
        assert!(!runs_with_a_gap(&[1, 2, 9], &eight));
        assert!(!runs_with_a_gap(&[1, 2, 3], &[1, 2, 3]));
        assert!(!runs_with_a_gap(&[1, 2], &[1, 2, 4]));
        assert!(doubles(&[1, 2, 4]) && doubles(&[2, 4, 8, 16]));
        assert!(!doubles(&[1, 2]) && !doubles(&[0, 0, 0]) && !doubles(&[1, 2, 3]));
    }
}
