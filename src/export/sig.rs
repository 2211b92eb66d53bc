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

/// A decimal `±0.d₁d₂…dₙ × 10^point` with `n` ≤ 17 significant digits
/// (the first not zero, the last not zero).
struct Digits {
    negative: bool,
    digits: [u8; 17],
    len: usize,
    point: i32,
}

impl Digits {
    /// The shortest decimal that reads back as `v` (finite, not zero).
    fn shortest(v: f64) -> Option<Digits> {
        let mut buf = zmij::Buffer::new();
        let text = buf.format_finite(v).as_bytes();
        let mut d = Digits { negative: false, digits: [0; 17], len: 0, point: 0 };
        let mut before_point = true;
        let mut leading = true;
        let mut i = 0;
        while i < text.len() {
            match text[i] {
                b'-' => d.negative = true,
                b'.' => before_point = false,
                b'e' => {
                    let exp: i32 = std::str::from_utf8(&text[i + 1..]).ok()?.parse().ok()?;
                    d.point += exp;
                    break;
                }
                b'0' if leading => {
                    if !before_point {
                        d.point -= 1;
                    }
                }
                c @ b'0'..=b'9' => {
                    leading = false;
                    *d.digits.get_mut(d.len)? = c - b'0';
                    d.len += 1;
                    if before_point {
                        d.point += 1;
                    }
                }
                _ => return None,
            }
            i += 1;
        }
        while d.len > 0 && d.digits[d.len - 1] == 0 {
            d.len -= 1;
        }
        (d.len > 0).then_some(d)
    }

    /// `v` rounded to `n` significant digits, exactly as `{v:.(n-1)e}`
    /// rounds it; `None` where that is not sure (a halfway point between
    /// the two roundings reads back as `v`) or not handled (zero,
    /// subnormal, huge, more than 14 digits).
    ///
    /// Why the shortest digits `D` round as the exact value `X` does: the
    /// two differ by at most half a unit in the last place of `v`, below
    /// 1.12·10⁻¹⁶ of it. With `D` of `n` digits or fewer, the nearest
    /// other `n`-digit decimal is 10⁻¹⁴ of it away or more: `X` rounds to
    /// `D`. With more, the roundings differ only if the halfway point `H`
    /// between `D`'s two `n`-digit neighbours lies between `D` and `X`
    /// (or is `X`); `D`'s digit after the `n`th is then 4 or 5 (any other
    /// keeps `D` 10⁻¹⁵ of it or more from `H`), and `H`, between two
    /// decimals that read back as `v`, reads back as `v`: tested.
    fn rounded(v: f64, n: usize) -> Option<Digits> {
        if !(1..=14).contains(&n) || !v.is_normal() || v.abs() >= 1e300 {
            return None;
        }
        let mut d = Digits::shortest(v)?;
        if d.len <= n {
            return Some(d);
        }
        let next = d.digits[n];
        if next == 4 || next == 5 {
            let mut half = Digits { len: n + 1, ..d };
            half.digits[n] = 5;
            if half.value() == Some(v) {
                return None;
            }
        }
        d.len = n;
        if next >= 5 {
            // Round up, carrying through nines.
            let mut i = n;
            loop {
                if i == 0 {
                    d.digits[0] = 1;
                    d.len = 1;
                    d.point += 1;
                    break;
                }
                i -= 1;
                if d.digits[i] == 9 {
                    d.digits[i] = 0;
                } else {
                    d.digits[i] += 1;
                    break;
                }
            }
        }
        while d.len > 0 && d.digits[d.len - 1] == 0 {
            d.len -= 1;
        }
        Some(d)
    }

    /// The `f64` nearest this decimal.
    fn value(&self) -> Option<f64> {
        let mut text = String::with_capacity(32);
        self.push_exponent(&mut text);
        text.parse().ok()
    }

    /// As `{:e}` prints the `f64` nearest it: `-1.235e-12`, `5e-7`.
    fn push_exponent(&self, out: &mut String) {
        if self.negative {
            out.push('-');
        }
        out.push(char::from(b'0' + self.digits[0]));
        if self.len > 1 {
            out.push('.');
            out.extend(self.digits[1..self.len].iter().map(|&c| char::from(b'0' + c)));
        }
        out.push('e');
        out.push_str(itoa::Buffer::new().format(self.point - 1));
    }

    /// As [`push_sig`] prints the `f64` nearest it, which (at most 14
    /// digits, normal) prints as these digits: plain, or with an exponent
    /// below 10⁻⁴.
    fn push_to(&self, out: &mut String) {
        let exp = self.point - 1;
        if exp < -4 {
            self.push_exponent(out);
            return;
        }
        if self.negative {
            out.push('-');
        }
        let digits = self.digits[..self.len].iter().map(|&c| char::from(b'0' + c));
        if self.point <= 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-self.point) as usize));
            out.extend(digits);
        } else if self.point as usize >= self.len {
            out.extend(digits);
            out.extend(std::iter::repeat_n('0', self.point as usize - self.len));
        } else {
            let (int, frac) = self.digits[..self.len].split_at(self.point as usize);
            out.extend(int.iter().map(|&c| char::from(b'0' + c)));
            out.push('.');
            out.extend(frac.iter().map(|&c| char::from(b'0' + c)));
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
        }
    }
}
