//! fio's block size (`bs`), one spelling whatever form fio printed it in.
//!
//! The same `bs=4k` job is spelt `4k` in its JSON report's options (as
//! the user wrote it), `(R) 4096B-4096B, (W) 4096B-4096B, (T)
//! 4096B-4096B` in fio 3's text report, `4K-4K/4K-4K/4K-4K` in fio 2's;
//! a 16 KiB one `16k`, `16.0KiB` and `16K`. Each is read to bytes by
//! fio's own rules and spelt once ([`spell`]): bytes in the largest binary
//! unit that divides them, `512B`, `4KiB`, `16KiB`, `1MiB`, `1536B`.
//!
//! - Job options (JSON, [`from_option`]): `bs=int[,int][,int]`, read,
//!   write and trim sizes (one value for all; a value not ended by a comma
//!   also for the directions after it; an empty one fio's default, 4096);
//!   suffixes not case sensitive, an optional `b`: `k`, `m`, `g`, `t`,
//!   `p` are powers of `kb_base` (1024 by default), and `kib`, `mib` …
//!   powers of the other base (fio's HOWTO: with the default
//!   `kb_base=1024`, `4KiB` is 4000 bytes; with `kb_base=1000`, 4096).
//! - fio 3's text report (`num2str`, four figures): `4096B`, `16.0KiB`,
//!   `128KiB`, `1024KiB`; fio 2's
//!   (`to_kmg`): `512`, `4K`, `64K`, `1M`, exact powers of 1024.
//!
//! fio 3's text prints a size of five figures or more rounded: `16.0KiB`
//! is any size from 16384 to 16435 bytes, `128KiB` one within half a KiB
//! of 131072. It is read as the size it names (16 KiB): the report says
//! no more. With `kb_base=1000` it prints decimal units (16384 bytes as
//! `16.4kB`), from which no size can be read back: kept as printed, and
//! so are a size or suffix fio's rules do not give (its rows then meet no
//! other form's) and a text report's `bs_is_seq_rand` pair, whose `(R)`
//! and `(W)` are sequential and random.
//! Per-direction sizes that differ, and ranges, stay distinct: `(R) 8KiB,
//! (W) 32KiB, (T) 32KiB`, `512B-64KiB`.

/// `bytes` in the largest binary unit that divides them: 512 → `512B`,
/// 4096 → `4KiB`, 16384 → `16KiB`, 1048576 → `1MiB`, 1536 → `1536B`.
pub fn spell(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let (mut v, mut u) = (bytes, 0);
    while v != 0 && v % 1024 == 0 && u + 1 < UNITS.len() {
        v /= 1024;
        u += 1;
    }
    format!("{v}{}", UNITS[u])
}

/// One direction's sizes, (min, max) in bytes.
type Range = (u64, u64);

/// The spelling of the three directions' sizes: one size or range when
/// all three are the same, else each after its direction.
fn spell_dirs(dirs: &[Range; 3]) -> String {
    let one = |&(lo, hi): &Range| if lo == hi { spell(lo) } else { format!("{}-{}", spell(lo), spell(hi)) };
    if dirs.iter().all(|d| *d == dirs[0]) {
        return one(&dirs[0]);
    }
    format!("(R) {}, (W) {}, (T) {}", one(&dirs[0]), one(&dirs[1]), one(&dirs[2]))
}

/// A size as fio's text report prints it: fio 3's `4096B`, `16.0KiB`,
/// `128KiB`; fio 2's `512`, `4K`, `1M`. `None` for anything else, or a
/// size that is no whole number of bytes. fio 3 with `kb_base=1000`
/// prints decimal units rounded (16384 bytes as `16.4kB`), which no size
/// can be read back from: `None`.
fn text_size(s: &str) -> Option<u64> {
    let cut = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let (num, unit) = s.split_at(cut);
    let factor: u64 = match unit {
        "" | "B" => 1,
        "K" | "KiB" => 1 << 10,
        "M" | "MiB" => 1 << 20,
        "G" | "GiB" => 1 << 30,
        "P" => 1 << 50,
        "TiB" => 1 << 40,
        _ => return None,
    };
    whole_bytes(num, factor)
}

/// `num` (digits, maybe one point) times `factor`, when that is a whole
/// number of bytes: `16.0` × 1024 → 16384, `16.6` × 1024 → `None`.
fn whole_bytes(num: &str, factor: u64) -> Option<u64> {
    let (int, frac) = num.split_once('.').unwrap_or((num, ""));
    if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let scale = 10u64.checked_pow(u32::try_from(frac.len()).ok()?)?;
    let digits: u64 = format!("{int}{frac}").parse().ok()?;
    let scaled = digits.checked_mul(factor)?;
    (scaled % scale == 0).then(|| scaled / scale)
}

/// The block size of a text report's job definition line, after `bs=`:
/// fio 3's `(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B` → `4KiB`,
/// fio 2's `512-64K/512-64K/512-64K` → `512B-64KiB`. As printed when a
/// size is not one fio prints, or with `bs_is_seq_rand`.
pub fn from_text(bs: &str) -> String {
    let bs = bs.trim();
    let parts: Vec<&str> = if bs.contains("(R)") {
        bs.split(", ").map(|p| p.split_once(") ").map_or(p, |(_, v)| v).trim()).collect()
    } else {
        bs.split('/').map(str::trim).collect()
    };
    let range = |p: &str| -> Option<Range> {
        let (lo, hi) = p.split_once('-')?;
        Some((text_size(lo)?, text_size(hi)?))
    };
    let dirs: Option<Vec<Range>> = parts.iter().map(|p| range(p)).collect();
    match dirs.and_then(|d| <[Range; 3]>::try_from(d).ok()) {
        Some(dirs) if !bs.contains("bs_is_seq_rand") => spell_dirs(&dirs),
        _ => bs.to_string(),
    }
}

/// fio's default block size, 4096 bytes, for a direction a `bs` option
/// leaves empty (`bs=,8k`).
const DEFAULT_BS: u64 = 4096;

/// A size as a job option gives it, by fio's option parser
/// (`__get_mult_bytes`): digits, then an optional suffix, not case
/// sensitive. `kb_base` is 1024 (fio's default) or 1000.
fn option_size(s: &str, kb_base: u64) -> Option<u64> {
    let s = s.trim();
    let cut = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (num, suffix) = s.split_at(cut);
    let n: u64 = num.parse().ok()?;
    let suffix = suffix.to_ascii_lowercase();
    let other = if kb_base == 1000 { 1024 } else { 1000 };
    let (base, pow) = match suffix.as_str() {
        "" | "b" => (1, 0),
        "k" | "kb" => (kb_base, 1),
        "m" | "mb" => (kb_base, 2),
        "g" | "gb" => (kb_base, 3),
        "t" | "tb" => (kb_base, 4),
        "p" | "pb" => (kb_base, 5),
        "kib" => (other, 1),
        "mib" => (other, 2),
        "gib" => (other, 3),
        "tib" => (other, 4),
        "pib" => (other, 5),
        _ => return None,
    };
    n.checked_mul(u64::checked_pow(base, pow)?)
}

/// The block size of a job option (`bs` in a JSON report's options):
/// `4k` → `4KiB`, `4096B` → `4KiB`, `8k,32k` → `(R) 8KiB, (W) 32KiB, (T)
/// 32KiB`, `,8k,` → `(R) 4KiB, (W) 8KiB, (T) 4KiB`. `kb_base` is the job's
/// `kb_base` option (1024 when not set). As printed when a part is not a
/// size fio's parser reads, or there are more than three.
pub fn from_option(bs: &str, kb_base: u64) -> String {
    per_direction(bs, |p| option_size(p, kb_base).map(|v| (v, v)))
}

/// The block sizes of a `bsrange` option (`1k-4k`, `1k:4k`, per direction
/// as `bs`: `1k-4k,2k-8k`) → `1KiB-4KiB`, `(R) 1KiB-4KiB, (W) 2KiB-8KiB, (T)
/// 2KiB-8KiB`, as the text report's `(R) 1024B-4096B, …` reads. As printed
/// when a part is not a range of sizes fio's parser reads.
pub fn from_range_option(bsrange: &str, kb_base: u64) -> String {
    per_direction(bsrange, |p| {
        let (lo, hi) = p.split_once(['-', ':'])?;
        let (lo, hi) = (option_size(lo, kb_base)?, option_size(hi, kb_base)?);
        Some((lo.min(hi), lo.max(hi)))
    })
}

/// fio's per-direction option values, read, write, trim (`v`, `v,w`,
/// `,w,`), each read by `part`: one value for all; a value not ended by a
/// comma also for the directions after it; an empty one fio's default.
fn per_direction(value: &str, part: impl Fn(&str) -> Option<Range>) -> String {
    let parts: Vec<&str> = value.split(',').collect();
    if parts.len() > 3 {
        return value.to_string();
    }
    let mut dirs = [(DEFAULT_BS, DEFAULT_BS); 3];
    let mut last: Option<Range> = None;
    for (d, dir) in dirs.iter_mut().enumerate() {
        match parts.get(d) {
            Some(p) if p.trim().is_empty() => last = None,
            Some(p) => match part(p.trim()) {
                Some(r) => {
                    *dir = r;
                    last = (d + 1 == parts.len()).then_some(r);
                }
                None => return value.to_string(),
            },
            None => {
                if let Some(r) = last {
                    *dir = r;
                }
            }
        }
    }
    spell_dirs(&dirs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling() {
        assert_eq!(spell(512), "512B");
        assert_eq!(spell(4096), "4KiB");
        assert_eq!(spell(16384), "16KiB");
        assert_eq!(spell(1 << 20), "1MiB");
        assert_eq!(spell(1536), "1536B");
        assert_eq!(spell(4000), "4000B");
        assert_eq!(spell(0), "0B");
    }

    /// One 4 KiB job in every spelling fio gives it meets in one.
    #[test]
    fn four_k_in_every_form() {
        let want = "4KiB";
        assert_eq!(from_text("(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B"), want);
        assert_eq!(from_text("4K-4K/4K-4K/4K-4K"), want);
        for o in ["4k", "4K", "4kb", "4KB", "4096", "4096B", "4096b"] {
            assert_eq!(from_option(o, 1024), want, "{o}");
        }
        // fio's HOWTO: with kb_base=1000, 4KiB is 4096 and 4k 4000 …
        assert_eq!(from_option("4KiB", 1000), want);
        assert_eq!(from_option("4k", 1000), "4000B");
        // … and with the default kb_base=1024 the other way round.
        assert_eq!(from_option("4KiB", 1024), "4000B");
    }

    #[test]
    fn sizes_fio3_text_rounds() {
        assert_eq!(from_text("(R) 16.0KiB-16.0KiB, (W) 16.0KiB-16.0KiB, (T) 16.0KiB-16.0KiB"), "16KiB");
        assert_eq!(from_option("16k", 1024), "16KiB");
        assert_eq!(from_text("(R) 128KiB-128KiB, (W) 128KiB-128KiB, (T) 128KiB-128KiB"), "128KiB");
        assert_eq!(from_text("(R) 1024KiB-1024KiB, (W) 1024KiB-1024KiB, (T) 1024KiB-1024KiB"), "1MiB");
        assert_eq!(from_option("1m", 1024), "1MiB");
        assert_eq!(from_text("(R) 16.5KiB-16.5KiB, (W) 16.5KiB-16.5KiB, (T) 16.5KiB-16.5KiB"), "16896B");
        // kb_base=1000: fio 3 prints decimal units, 16384 bytes as 16.4kB: as printed.
        let si = "(R) 16.4kB-16.4kB, (W) 16.4kB-16.4kB, (T) 16.4kB-16.4kB";
        assert_eq!(from_text(si), si);
        // Not a whole number of bytes: as printed.
        let odd = "(R) 16.6KiB-16.6KiB, (W) 16.6KiB-16.6KiB, (T) 16.6KiB-16.6KiB";
        assert_eq!(from_text(odd), odd);
    }

    #[test]
    fn ranges_and_directions_stay_distinct() {
        assert_eq!(from_text("512-64K/512-64K/512-64K"), "512B-64KiB");
        assert_eq!(
            from_text("(R) 8192B-8192B, (W) 32.0KiB-32.0KiB, (T) 32.0KiB-32.0KiB"),
            "(R) 8KiB, (W) 32KiB, (T) 32KiB"
        );
        assert_eq!(from_option("8k,32k", 1024), "(R) 8KiB, (W) 32KiB, (T) 32KiB");
        assert_eq!(from_option("8k,32k,", 1024), "(R) 8KiB, (W) 32KiB, (T) 4KiB");
        assert_eq!(from_option(",8k", 1024), "(R) 4KiB, (W) 8KiB, (T) 8KiB");
        assert_eq!(from_option(",8k,", 1024), "(R) 4KiB, (W) 8KiB, (T) 4KiB");
        assert_eq!(from_option("4k,4k,4k", 1024), "4KiB");
        let seq_rand = "(R) 4096B-4096B, (W) 8192B-8192B, bs_is_seq_rand";
        assert_eq!(from_text(seq_rand), seq_rand);
        assert_eq!(from_option("4k:8k", 1024), "4k:8k");
        // bsrange, as the text report's (R) 1024B-4096B, (W) 2048B-8192B, …
        assert_eq!(from_range_option("1k-4k", 1024), "1KiB-4KiB");
        assert_eq!(from_range_option("1k:4k", 1024), "1KiB-4KiB");
        assert_eq!(from_text("(R) 1024B-4096B, (W) 1024B-4096B, (T) 1024B-4096B"), "1KiB-4KiB");
        let two = "(R) 1KiB-4KiB, (W) 2KiB-8KiB, (T) 2KiB-8KiB";
        assert_eq!(from_range_option("1k-4k,2k-8k", 1024), two);
        assert_eq!(from_text("(R) 1024B-4096B, (W) 2048B-8192B, (T) 2048B-8192B"), two);
        assert_eq!(from_range_option("4k", 1024), "4k");
        assert_eq!(from_option("0x1000", 1024), "0x1000");
    }
}
