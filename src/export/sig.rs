//! Numbers rounded to significant digits, as the CSV files print their
//! statistics ([`push_sig`]).
//!
//! A 300-kernel class's CSV files hold about 400,000 such numbers. Rounding
//! each through the standard formatter's exact mode (`{:.3e}`), reading the
//! text back and printing it again cost a tenth of a build's instructions;
//! here the rounding is done on the shortest decimal digits of the value
//! (one [`zmij`] call), which gives the same digits but where a halfway
//! point between two roundings could lie between those digits and the
//! exact binary value: that case (found by reading the halfway point back)
//! goes the old way.

use super::push_f64;

/// Appends `v` rounded to `digits` (1 to 17) significant digits, as
/// [`push_f64`] prints it (`0.1361`, `-2.267`, `123500`), but in exponent
/// notation below 10⁻⁴ (`1.235e-12`, where the plain form has a dozen
/// zeros: p-values of clearly different means get that small). Every
/// spreadsheet and `float()` read both forms.
pub fn push_sig(out: &mut String, v: f64, digits: usize) {
    match Digits::rounded(v, digits) {
        Some(d) => d.push_to(out),
        None => push_sig_exact(out, v, digits),
    }
}

/// [`push_sig`] through the standard formatter's exact rounding: the text
/// every other path must equal.
pub(super) fn push_sig_exact(out: &mut String, v: f64, digits: usize) {
    use std::fmt::Write as _;
    if !v.is_finite() || v == 0.0 {
        push_f64(out, v);
        return;
    }
    // `{:.Ne}` rounds the exact binary value to N+1 significant digits.
    let rounded: f64 = format!("{v:.prec$e}", prec = digits.clamp(1, 17) - 1).parse().unwrap_or(v);
    if rounded.abs() < 1e-4 {
        let _ = write!(out, "{rounded:e}");
    } else {
        push_f64(out, rounded);
    }
}

/// Exact powers of ten as `f64` (10²² is the last one exact).
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// A decimal `±0.m × 10^point`: the digits of `mantissa` (`len` of them,
/// the last not 0) after the point.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Digits {
    negative: bool,
    mantissa: u64,
    len: i32,
    point: i32,
}

impl Digits {
    /// `v` rounded to `n` significant digits, exactly as `{v:.(n-1)e}`
    /// rounds it: [`Digits::scaled`], else [`Digits::shortest`]; `None`
    /// where neither is sure, or for zero, a subnormal, 10³⁰ and up, or
    /// more than 14 digits.
    fn rounded(v: f64, n: usize) -> Option<Digits> {
        if !(1..=14).contains(&n) || !v.is_normal() || v.abs() >= 1e30 {
            return None;
        }
        let n = n as i32;
        Digits::scaled(v, n).or_else(|| Digits::shortest(v, n))
    }

    /// `v` rounded to `n` digits in floating point: `|v|·10^k` (`k`
    /// making it an `n`-digit integer part, `10^|k|` exact) rounded to an
    /// integer. Its one rounding error, half a unit in the last place,
    /// is below `|v|·10^k·2⁻⁵³`: where the product is at least twice that
    /// from a halfway point (and from the ends of its decade), the
    /// rounding is that of the exact value. `None` otherwise, or where
    /// `10^|k|` is not exact.
    fn scaled(v: f64, n: i32) -> Option<Digits> {
        let a = v.abs();
        let (lo, hi) = (POW10[n as usize - 1], POW10[n as usize]);
        // The decimal exponent from the binary one: `e` or `e − 1`.
        let e2 = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
        let mut e = (e2 * 78_913) >> 18;
        for _ in 0..3 {
            let k = n - 1 - e;
            let scaled = match k {
                0..=22 => a * POW10[k as usize],
                -22..=-1 => a / POW10[(-k) as usize],
                _ => return None,
            };
            let margin = scaled * f64::EPSILON;
            if scaled < lo {
                e -= 1;
                continue;
            }
            if scaled >= hi {
                e += 1;
                continue;
            }
            // Below 10¹⁴: the conversion is exact, and is the floor.
            let int = scaled as u64;
            let frac = scaled - int as f64;
            if scaled - lo <= margin || hi - scaled <= margin || (frac - 0.5).abs() <= margin {
                return None;
            }
            let mut mantissa = int + u64::from(frac > 0.5);
            let mut d = Digits { negative: v < 0.0, mantissa: 0, len: n, point: e + 1 };
            if mantissa == hi as u64 {
                (mantissa, d.len, d.point) = (1, 1, e + 2);
            }
            d.mantissa = mantissa;
            return Some(d.trimmed());
        }
        None
    }

    /// `v` rounded to `n` digits from its shortest decimal `D` (zmij's).
    /// Why `D` rounds as the exact value `X` does: the two differ by at
    /// most half a unit in the last place of `v`, below 1.12·10⁻¹⁶ of it.
    /// With `D` of `n` digits or fewer, the nearest other `n`-digit
    /// decimal is 10⁻¹⁴ of it away or more: `X` rounds to `D`. With more,
    /// the roundings differ only if the halfway point `H` between `D`'s
    /// two `n`-digit neighbours lies between `D` and `X` (or is `X`);
    /// `D`'s digit after the `n`th is then 4 or 5 (any other keeps `D`
    /// 10⁻¹⁵ of it or more from `H`), and `H`, between two decimals that
    /// read back as `v`, reads back as `v`: then `None`.
    fn shortest(v: f64, n: i32) -> Option<Digits> {
        let mut buf = zmij::Buffer::new();
        let text = buf.format_finite(v).as_bytes();
        let mut d = Digits { negative: false, mantissa: 0, len: 0, point: 0 };
        let mut in_fraction = false;
        for (i, &c) in text.iter().enumerate() {
            match c {
                b'-' => d.negative = true,
                b'.' => in_fraction = true,
                b'0'..=b'9' => {
                    if d.len == 0 && c == b'0' {
                        // A leading zero: `0.00123`.
                        d.point -= i32::from(in_fraction);
                        continue;
                    }
                    d.mantissa = d.mantissa.checked_mul(10)? + u64::from(c - b'0');
                    d.len += 1;
                    d.point += i32::from(!in_fraction);
                }
                b'e' => {
                    d.point += std::str::from_utf8(&text[i + 1..]).ok()?.parse::<i32>().ok()?;
                    break;
                }
                _ => return None,
            }
        }
        let d = d.trimmed();
        if d.len == 0 || d.len <= n {
            return (d.len > 0).then_some(d);
        }
        let drop = 10u64.pow((d.len - n) as u32);
        let (mut head, rest) = (d.mantissa / drop, d.mantissa % drop);
        let next = rest / (drop / 10);
        if next == 4 || next == 5 {
            let half = Digits { mantissa: head * 10 + 5, len: n + 1, ..d };
            if half.value() == Some(v) {
                return None;
            }
        }
        let mut point = d.point;
        if next >= 5 {
            head += 1;
            if head == 10u64.pow(n as u32) {
                (head, point) = (1, point + 1);
            }
        }
        let len = if head == 1 && point != d.point { 1 } else { n };
        Some(Digits { mantissa: head, len, point, ..d }.trimmed())
    }

    /// Without trailing zeros in the mantissa.
    fn trimmed(mut self) -> Digits {
        while self.len > 1 && self.mantissa.is_multiple_of(10) {
            self.mantissa /= 10;
            self.len -= 1;
        }
        self
    }

    /// The `f64` nearest this decimal.
    fn value(&self) -> Option<f64> {
        let mut text = String::with_capacity(32);
        if self.negative {
            text.push('-');
        }
        text.push_str(itoa::Buffer::new().format(self.mantissa));
        text.push('e');
        text.push_str(itoa::Buffer::new().format(self.point - self.len));
        text.parse().ok()
    }

    /// As [`push_sig`] prints the `f64` nearest it, which (at most 14
    /// digits, normal) prints as these digits: plain (`0.001235`,
    /// `-2.267`, `123500`), or below 10⁻⁴ with an exponent as `{:e}`
    /// prints it (`-1.235e-12`, `5e-7`).
    fn push_to(&self, out: &mut String) {
        const ZEROS: &str = "0000000000000000000000000000000000000000";
        let zeros = |out: &mut String, n: i32| {
            let n = n.max(0) as usize;
            match ZEROS.get(..n) {
                Some(z) => out.push_str(z),
                None => out.extend(std::iter::repeat_n('0', n)),
            }
        };
        let mut buf = itoa::Buffer::new();
        let digits = buf.format(self.mantissa);
        if self.negative {
            out.push('-');
        }
        let point = self.point;
        if point < -3 {
            let (first, rest) = digits.split_at(1);
            out.push_str(first);
            if !rest.is_empty() {
                out.push('.');
                out.push_str(rest);
            }
            out.push('e');
            out.push_str(itoa::Buffer::new().format(point - 1));
        } else if point <= 0 {
            out.push_str("0.");
            zeros(out, -point);
            out.push_str(digits);
        } else if point as usize >= digits.len() {
            out.push_str(digits);
            zeros(out, point - digits.len() as i32);
        } else {
            let (int, frac) = digits.split_at(point as usize);
            out.push_str(int);
            out.push('.');
            out.push_str(frac);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn both(v: f64, digits: usize) -> (String, String) {
        let (mut fast, mut exact) = (String::new(), String::new());
        push_sig(&mut fast, v, digits);
        push_sig_exact(&mut exact, v, digits);
        // Each shortcut on its own, where it answers.
        let ways = [Digits::scaled, Digits::shortest];
        if (1..=14).contains(&digits) && v.is_normal() && v.abs() < 1e30 {
            for way in ways {
                if let Some(d) = way(v, digits as i32) {
                    let mut one = String::new();
                    d.push_to(&mut one);
                    assert_eq!(one, exact, "{v:e} to {digits} digits");
                }
            }
        }
        (fast, exact)
    }

    #[test]
    fn the_shortcut_prints_what_exact_rounding_prints() {
        for v in [
            0.13610914071746497,
            2.266533949056011,
            -0.221537303791186,
            123456.789,
            0.00012346,
            1.2345678e-12,
            -3.0e-7,
            0.05,
            1.0,
            9.9995,
            9.99951,
            99999.5,
            0.000099995,
            0.0001,
            0.00009999,
            2.5,
            0.125,
            1.0005,
            2.675,
            1e21,
            1.5e16,
            123456789012.5,
            33.74999999999999,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
        ] {
            for digits in 1..=17 {
                for v in [v, -v] {
                    let (fast, exact) = both(v, digits);
                    assert_eq!(fast, exact, "{v:e} to {digits} digits");
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(50_000))]
        #[test]
        fn any_value_prints_as_exact_rounding(bits in any::<u64>(), digits in 1usize..16) {
            let v = f64::from_bits(bits);
            let (fast, exact) = both(v, digits);
            prop_assert_eq!(fast, exact);
        }

        /// Measurements, and values near the halfway points of 4 and 12
        /// digits (a ulp or two either side).
        #[test]
        fn measurements_and_near_halves_print_as_exact_rounding(
            v in -1e7f64..1e7,
            k in 1_000u64..10_000,
            scale in -20i32..20,
            nudge in -3i64..=3,
        ) {
            for digits in [4, 12] {
                let (fast, exact) = both(v, digits);
                prop_assert_eq!(fast, exact);
            }
            let half = (k as f64 + 0.5) * 10f64.powi(scale - 3);
            let near = f64::from_bits(half.to_bits().wrapping_add_signed(nudge));
            let (fast, exact) = both(near, 4);
            prop_assert_eq!(fast, exact);
            // Near the ends of a decade, where the exponent changes.
            let decade = f64::from_bits(10f64.powi(scale).to_bits().wrapping_add_signed(nudge));
            for digits in [1, 4, 12, 14] {
                let (fast, exact) = both(decade, digits);
                prop_assert_eq!(fast, exact);
            }
        }

        /// Any digits at any magnitude a CSV file meets.
        #[test]
        fn any_magnitude_prints_as_exact_rounding(m in 1.0f64..10.0, e in -40i32..32, digits in 1usize..16) {
            let v = m * 10f64.powi(e);
            let (fast, exact) = both(v, digits);
            prop_assert_eq!(fast, exact);
            let (fast, exact) = both(-v, digits);
            prop_assert_eq!(fast, exact);
        }
    }
}
