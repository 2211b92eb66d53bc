//! `perf bench mem memcpy` / `memset` (and the older `memcpy` output).
//!
//! ```text
//! # Running 'mem/memcpy' benchmark:
//! # function 'default' (Default memcpy() provided by glibc)
//! # Copying 1MB bytes ...
//!
//!        8.245310 GB/sec
//! ```
//!
//! Metrics:
//!
//! | name          | unit        | better |
//! |---------------|-------------|--------|
//! | `bandwidth`   | GB/sec      | Higher |
//! | `cycles/byte` | cycles/byte | Lower  |
//!
//! perf prints the bandwidth in the largest of B/sec, KB/sec, MB/sec and
//! GB/sec (`MB/Sec` in older versions) that keeps the number at 1 or more,
//! with K = 1024 (`print_bps()` in `bench/mem-functions.c`): one kernel's
//! 0.98 GB/s is printed as `1003.5 MB/sec` and another's 1.02 GB/s as
//! `1.02 GB/sec`. Every bandwidth is read in GB/sec (divided by 1024 per
//! step) so that the runs of one function are one metric.
//!
//! Parameters: `function` (`# function 'default' (…)`; older perf ran only
//! the default and printed no such line) and `size` (`# Copying 1MB bytes
//! ...`, as printed). Older perf printed a second figure `(with prefault)`:
//! it gets the parameter `prefault` = `yes`.

use super::Section;
use crate::model::{Better, Metric, ParsedFile};
use crate::parse::ParseError;
use crate::parse::num::plain;

/// perf's bandwidth units and their size in GB/sec.
const UNITS: [(&str, f64); 4] =
    [("GB/sec", 1.0), ("MB/sec", 1.0 / 1024.0), ("KB/sec", 1.0 / 1048576.0), ("B/sec", 1.0 / 1073741824.0)];

/// `8.245310 GB/sec` or `969.932105 MB/Sec (with prefault)` → (GB/sec,
/// prefault); `None` for other lines.
fn bandwidth(t: &str) -> Option<(&str, f64, bool)> {
    let (body, prefault) = match t.strip_suffix("(with prefault)") {
        Some(b) => (b.trim_end(), true),
        None => (t, false),
    };
    let (num, unit) = body.rsplit_once(' ')?;
    let (_, factor) = UNITS.iter().find(|(u, _)| u.eq_ignore_ascii_case(unit))?;
    Some((num.trim(), *factor, prefault))
}

/// Reads a mem header or result line; true when it was one.
pub(super) fn line(sec: &mut Section, n: usize, t: &str, out: &mut ParsedFile) -> Result<bool, ParseError> {
    if let Some(rest) = t.strip_prefix("# function '")
        && let Some((name, _)) = rest.split_once('\'')
    {
        sec.set("function", name);
        return Ok(true);
    }
    if let Some(rest) = t.strip_prefix("# Copying ")
        && let Some(size) = rest.split_whitespace().next()
    {
        sec.set("size", size);
        return Ok(true);
    }
    if let Some((num, factor, prefault)) = bandwidth(t) {
        let v = plain(num).ok_or_else(|| ParseError::malformed(n, "a bandwidth figure", t))?;
        let mut s = sec.sample(Metric::new("bandwidth", "GB/sec", Better::Higher), v * factor, n);
        // `969.932105 MB/Sec` is 0.947199… GB/sec printed to a millionth
        // of a MB/sec, not to the last digit of the quotient.
        if factor != 1.0 {
            s.step = crate::parse::num::scaled_step(num, factor);
        }
        if prefault {
            s = s.with_param("prefault", "yes");
        }
        out.samples.push(s);
        return Ok(true);
    }
    if let Some(num) = t.strip_suffix("cycles/byte").or_else(|| t.strip_suffix("cycles/Byte")) {
        let v = plain(num).ok_or_else(|| ParseError::malformed(n, "a number before `cycles/byte`", t))?;
        out.samples.push(sec.sample(Metric::new("cycles/byte", "cycles/byte", Better::Lower), v, n));
        return Ok(true);
    }
    Ok(false)
}
