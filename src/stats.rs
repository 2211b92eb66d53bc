//! Statistics over the runs of one kernel × metric.
//!
//! Benchmark comparisons are made from a handful of runs (3 to 10), so the
//! summary keeps everything a reader needs to judge how solid a number is:
//! n, mean, sample standard deviation, coefficient of variation, min, max and
//! median. A file may itself report a summary ([`Value::Summary`], e.g.
//! kernbench's mean and standard deviation over 5 runs); such a summary is
//! kept with its n and combined with others by the pooled formulas, never
//! counted as one sample.
//!
//! # What is tested, and how
//!
//! A kernel's cell is compared with the baseline's by Welch's two-sided
//! t-test ([`welch`]), but only where a test can say something; otherwise
//! the comparison is *not tested* (no p-value, no mark):
//!
//! * a side with a single run (no deviation);
//! * no spread on either side (every run of both kernels printed the same
//!   number) and a difference of one printed step or less: a t-test would
//!   divide by zero (it used to give p = 0 for 1.5, 1.5 against 1.6, 1.6),
//!   and the rounding may be all of the difference. More than one step
//!   apart, the runs of one side are all below the other's whatever the
//!   rounding, and that is tested by the exact rank test
//!   ([`rank_separated`]: p = 2 / C(n_a + n_b, n_a), 1.1e-5 for ten runs
//!   of lmbench's `12` against ten of `15`);
//! * a difference of the means smaller than one step of the printed
//!   resolution ([`resolution`]): lmbench prints one decimal, so 1.5
//!   against 1.55 cannot be told apart from rounding. A value scaled from
//!   the unit it was printed in carries its printed step
//!   ([`crate::model::Sample::step`]), and the coarser side's bounds the
//!   test ([`PrintedStep`]): iperf3's `1.00 Gbits/sec` (995 to 1005
//!   Mbits/sec) against 996 Mbits/sec is not tested.
//!
//! A change that is tested is tested as the smallest the printed runs
//! allow ([`welch_beyond`]): each run may be off by half the printed step,
//! so each mean by as much, and the two means may be a whole step closer
//! than printed. fio prints bandwidth to three digits: five runs of
//! 12.1/12.2 MiB/s against five of 12.2/12.3 differ by one step, which
//! rounding may be all of (an attacker's trial: `+0.8%*`, adjusted p =
//! 0.02, from rounding alone); benchmarks printing four digits or more
//! lose nothing to it.
//!
//! A standard deviation below floating-point noise ([`SPREAD_NOISE`] times
//! the values' magnitude, such as the 2.2e-16 that the mean of three
//! equal-looking derived values can leave) is taken as 0: it prints as 0
//! and counts as no spread. Whole numbers that differ always have a
//! spread (a mean past 1e15 with runs 4 apart: `±2.8`).
//!
//! A machine class's page compares hundreds of cells with the baseline at
//! once, and at α = 0.05 one in twenty unchanged cells would look
//! significant. The p-values of a page are therefore adjusted together by
//! the Benjamini–Hochberg procedure ([`benjamini_hochberg`]), which bounds
//! the false discovery rate — the expected share of false findings among
//! the changes marked — at α. That suits a page read to find the changes
//! worth a look better than Holm's bound on the chance of any false
//! finding, which with hundreds of tests would mark almost nothing. Only a
//! change whose adjusted p-value is below α is significant.

use crate::model::Value;
use serde::Serialize;

/// Summary statistics of one cell (one kernel × metric × parameters), in the
/// metric's unit.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Summary {
    /// Number of runs behind the numbers (a reported summary counts its n).
    pub n: u32,
    /// Arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation (n − 1 denominator); `None` when n < 2,
    /// when a reported summary gave no deviation, or when one is of an
    /// unstated number of runs ([`Value::Summary`] with `n` 1): such a
    /// cell is not tested.
    pub stddev: Option<f64>,
    /// Coefficient of variation, stddev / |mean| (a fraction, not percent).
    pub cv: Option<f64>,
    /// Smallest and largest run, and the median; for a reported summary only
    /// its mean is known, so these fall back to it.
    pub min: f64,
    /// Largest run.
    pub max: f64,
    /// Median run.
    pub median: f64,
}

impl Summary {
    /// Summarises the values of one cell. Returns `None` for no values.
    pub fn of(values: &[Value]) -> Option<Summary> {
        if values.is_empty() {
            return None;
        }
        if let Some(scale) = overflow_scale(values.iter().flat_map(|v| match *v {
            Value::Single { value } => [value, 0.0],
            Value::Summary { mean, stddev, .. } => [mean, stddev.unwrap_or(0.0)],
        })) {
            // Sums and squares of values near f64::MAX overflow: summarise
            // them scaled down by a power of two (exact), then scale back.
            let scaled: Vec<Value> = values.iter().map(|v| v.scaled(scale)).collect();
            return Self::of(&scaled).map(|s| s.scaled(1.0 / scale));
        }
        if values.iter().all(|v| matches!(v, Value::Single { .. })) {
            let xs: Vec<f64> = values.iter().map(Value::mean).collect();
            return Some(Self::of_samples(&xs));
        }
        // At least one reported summary: pool groups (each a Single counts as
        // n = 1 with deviation 0).
        let groups: Vec<(f64, Option<f64>, u32)> = values
            .iter()
            .map(|v| match *v {
                Value::Single { value } => (value, Some(0.0), 1),
                Value::Summary { mean, stddev, n } => (mean, stddev, n.max(1)),
            })
            .collect();
        // Counted in u64: reported counts near u32::MAX (a histogram's
        // sample count given as `n`) summed past it, a panic in a debug
        // build and a wrapped n (2) and absurd mean in a release one. The
        // cell's own `n` stops at u32::MAX.
        let n_all: u64 = groups.iter().map(|g| u64::from(g.2)).sum();
        let n = u32::try_from(n_all).unwrap_or(u32::MAX);
        let mean = groups.iter().map(|g| g.0 * f64::from(g.2)).sum::<f64>() / n_all as f64;
        let stddev = if n_all < 2 {
            None
        } else if groups.len() == 1 {
            groups[0].1
        } else if groups.iter().all(|g| g.1.is_some() || g.2 == 1) {
            let within: f64 = groups.iter().map(|g| f64::from(g.2 - 1) * g.1.unwrap_or(0.0).powi(2)).sum();
            let between: f64 = groups.iter().map(|g| f64::from(g.2) * (g.0 - mean).powi(2)).sum();
            Some(((within + between) / (n_all - 1) as f64).sqrt())
        } else {
            None
        };
        // A summary of an unstated number of runs (a deviation with `n` 1:
        // kernbench's `Average … Run` block without its `run number N`
        // lines) weighs as one run with no spread of its own: pooled with
        // others, the spread of their means alone would be tested as
        // theirs (two such means 0.06 apart read ±0.042 beside their own
        // ±1.2, and tested). The cell keeps its mean, untested.
        let unstated = values.iter().any(|v| matches!(*v, Value::Summary { stddev: Some(_), n: 1, .. }));
        let stddev = stddev.filter(|_| !unstated).map(|sd| denoise(sd, mean.abs()));
        let means: Vec<f64> = groups.iter().map(|g| g.0).collect();
        let base = Self::of_samples(&means);
        Some(Summary { n, mean, stddev, cv: cv(mean, stddev), min: base.min, max: base.max, median: base.median })
    }

    /// Summarises plain samples. `xs` must not be empty.
    pub fn of_samples(xs: &[f64]) -> Summary {
        if let Some(scale) = overflow_scale(xs.iter().copied()) {
            let scaled: Vec<f64> = xs.iter().map(|x| x * scale).collect();
            return Self::of_samples(&scaled).scaled(1.0 / scale);
        }
        let n = xs.len();
        let mean = xs.iter().sum::<f64>() / n as f64;
        let stddev = if n >= 2 {
            let ss: f64 = xs.iter().map(|x| (x - mean).powi(2)).sum();
            let magnitude = xs.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            let sd = (ss / (n as f64 - 1.0)).sqrt();
            // Whole numbers that differ were printed differently (a whole
            // number reads into a double exactly up to 2^53, and one text
            // always reads to one double past it): their spread is real
            // however small beside them (9007199254740993 and …995, read
            // as …992 and …996, showed `±0`).
            let whole_and_apart =
                xs.iter().all(|x| x.fract() == 0.0) && xs.iter().any(|x| x.to_bits() != xs[0].to_bits());
            Some(if whole_and_apart { sd } else { denoise(sd, magnitude) })
        } else {
            None
        };
        let mut sorted = xs.to_vec();
        sorted.sort_by(f64::total_cmp);
        let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 };
        Summary { n: n as u32, mean, stddev, cv: cv(mean, stddev), min: sorted[0], max: sorted[n - 1], median }
    }
}

impl Summary {
    /// The summary of the values times `factor` (a power of two: exact).
    fn scaled(self, factor: f64) -> Summary {
        Summary {
            mean: self.mean * factor,
            stddev: self.stddev.map(|sd| sd * factor),
            min: self.min * factor,
            max: self.max * factor,
            median: self.median * factor,
            ..self
        }
    }
}

/// Above this magnitude a sum of a few values or a square can overflow
/// f64 (whose largest value is about 1.8e308).
const OVERFLOW_RISK: f64 = 1e150;

/// `Some(power of two)` that brings values whose magnitude is beyond
/// [`OVERFLOW_RISK`] down to about 1; `None` for ordinary values (all of
/// them, in practice), which are summarised as they are.
fn overflow_scale(values: impl Iterator<Item = f64>) -> Option<f64> {
    let magnitude = values.filter(|v| v.is_finite()).fold(0.0f64, |m, v| m.max(v.abs()));
    // 2^-1022 is the smallest normal power of two: its inverse is finite.
    (magnitude > OVERFLOW_RISK).then(|| 2f64.powi(-(magnitude.log2().floor() as i32).min(1022)))
}

pub use crate::parse::num::FLOAT_NOISE;
use crate::parse::num::{decimals_of, pow10};

/// Relative size below which a standard deviation is the arithmetic's
/// noise, not a spread: the sum of squares of runs that print the same
/// but were computed (`0.1 + 0.2` beside `0.3`) leaves a few units in the
/// last place (2.2e-16 of the magnitude each); 1e-13 is ~450 of them,
/// and a spread in a value's fourteenth significant digit is none a
/// benchmark prints. Not [`FLOAT_NOISE`] (1e-9, the noise of a
/// *comparison* of printed values): beside a mean past 1e9 a deviation of
/// a few units is below 1e-9 of it, and printed `±0` (pagesfix36).
pub const SPREAD_NOISE: f64 = 1e-13;

/// `sd`, or 0 when it is below [`SPREAD_NOISE`] × `magnitude` (the largest
/// |value| behind it): the sum of squares of runs that print the same can
/// leave 2.2e-16 rather than 0.
fn denoise(sd: f64, magnitude: f64) -> f64 {
    if sd <= SPREAD_NOISE * magnitude { 0.0 } else { sd }
}

/// The printed resolution of `values`: the largest power of ten, at most
/// 1, of which every value is a whole multiple — the last decimal place
/// the benchmark printed. `[1.5, 1.6]` → 0.1, `[1203968.0]` → 1,
/// `[9.2929, 9.56338]` → 0.00001, `[]` → 1.
///
/// The parsers hand over `f64`s, not the digits, so the resolution is
/// read back from the values: `v` is a whole multiple of 10^−d when
/// v·10^d is within [`FLOAT_NOISE`] (relative) of an integer, which
/// absorbs the error of reading a decimal into binary (1.1 is
/// 1.100000000000000088…) and of the scaling. Digits beyond nine or ten
/// significant ones count as noise, so a computed value (bonnie's CPU Eff,
/// a rate divided by a percentage) gets the resolution of its ninth or
/// tenth significant digit. Integers count as printed to the unit: a trailing
/// zero (lmbench's `1500`) may or may not be a printed digit, and the
/// finer step is the cautious choice (fewer differences go untested).
/// Non-finite values are skipped.
pub fn resolution(values: impl IntoIterator<Item = f64>) -> f64 {
    step(printed_decimals(values))
}

/// The decimals behind [`resolution`]: the most any of `values` is
/// printed with (0 for none). The resolution of several sets of values is
/// the [`step`] of the largest of theirs.
pub fn printed_decimals(values: impl IntoIterator<Item = f64>) -> i32 {
    values.into_iter().filter(|v| v.is_finite()).map(decimals_of).max().unwrap_or(0)
}

/// How finely the values behind a comparison were printed: the decimals
/// read back from values in the unit they were printed in
/// ([`printed_decimals`]) and the coarsest step known of values that were
/// scaled ([`crate::model::Sample::step`]). [`PrintedStep::step`] bounds
/// what [`compare`] tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, serde::Deserialize)]
pub struct PrintedStep {
    /// The most decimals a value whose step is not known shows; `None`
    /// when every value's step is known (or there are none).
    decimals: Option<i32>,
    /// The coarsest step known; `None` when no value's is.
    known: Option<f64>,
    /// True when some value is a mean the benchmark (or `runs:`) printed
    /// ([`Value::Summary`]): its rounding, up to half a step, is in no
    /// deviation, so a difference of one step is no evidence
    /// ([`compare_printed`]).
    #[serde(default)]
    means: bool,
    /// True when some value is derived from others (bonnie++'s CPU
    /// efficiency, a rate over a `%CPU`): its known step bounds what the
    /// rounding of its inputs can move it by, read back from digits that
    /// may have lost a trailing zero (`84.0` read as 84), so it is too
    /// coarse to hide a change by ([`Comparison::within_step`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    derived: bool,
}

impl PrintedStep {
    /// The printed step of `values`, each a mean and its known step.
    pub fn of(values: impl IntoIterator<Item = (f64, Option<f64>)>) -> Self {
        let mut p = PrintedStep::default();
        for (v, known) in values {
            match known {
                Some(k) => p.known = Some(p.known.map_or(k, |c| c.max(k))),
                None if v.is_finite() => p.decimals = Some(p.decimals.map_or(0, |d| d).max(decimals_of(v))),
                None => {}
            }
        }
        p
    }

    /// How far a printed mean among these values may be from the mean it
    /// stands for: half the step, where the step is certain (known, or
    /// read back with one decimal or more); 0 without a printed mean, or
    /// for a whole number (`40.0` reads back as 40).
    fn mean_rounding(&self) -> f64 {
        if !self.means {
            return 0.0;
        }
        let read = self.decimals.filter(|&d| d >= 1).map(step);
        match (read, self.known) {
            (Some(r), Some(k)) => r.max(k) / 2.0,
            (r, k) => r.or(k).map_or(0.0, |s| s / 2.0),
        }
    }

    /// The same, saying whether some value is a printed mean
    /// ([`Value::Summary`]).
    pub fn with_means(self, means: bool) -> Self {
        PrintedStep { means: self.means || means, ..self }
    }

    /// The same, saying whether some value is derived from others
    /// ([`crate::derive`]): see [`PrintedStep`]'s `derived`.
    pub fn with_derived(self, derived: bool) -> Self {
        PrintedStep { derived: self.derived || derived, ..self }
    }

    /// The printed step of both sides: the finest read back (a `2.0`
    /// printed as `2` is ambiguous, so the side with more decimals
    /// tells), the coarsest known (a `1.00 Gbits/sec` is 995 to 1005
    /// Mbits/sec, whatever the other side's digits).
    pub fn with(self, other: PrintedStep) -> Self {
        fn larger<T: PartialOrd>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(if b > a { b } else { a }),
                (a, b) => a.or(b),
            }
        }
        PrintedStep {
            decimals: larger(self.decimals, other.decimals),
            known: larger(self.known, other.known),
            means: self.means || other.means,
            derived: self.derived || other.derived,
        }
    }

    /// The printed step of the values scaled by `factor` (converted to
    /// another unit): known, as a scaled value's digits no longer tell it.
    pub fn scaled(&self, factor: f64) -> PrintedStep {
        let at = match (self.decimals, self.known) {
            (None, None) => return *self,
            _ => self.step(),
        };
        PrintedStep { decimals: None, known: Some(at * factor.abs()), means: self.means, derived: self.derived }
    }

    /// The step: the larger of the read-back step and the known one; 1
    /// when there are no values.
    pub fn step(&self) -> f64 {
        match (self.decimals, self.known) {
            (Some(d), Some(k)) => step(d).max(k),
            (Some(d), None) => step(d),
            (None, Some(k)) => k,
            (None, None) => 1.0,
        }
    }
}

/// The step of values printed with `decimals` decimals: 10^−decimals.
pub fn step(decimals: i32) -> f64 {
    10f64.powi(-decimals)
}

fn cv(mean: f64, stddev: Option<f64>) -> Option<f64> {
    stddev.filter(|_| mean != 0.0).map(|s| s / mean.abs())
}

/// The number of decimals needed to print every value exactly as a benchmark
/// printed it (at most 6): `[9.2929, 9.56338]` → 5, `[63.553]` → 3,
/// `[1347.0]` → 0, `[26479.533411]` → 6. Used to give each table column
/// one precision. A value counts as printed with `d` decimals when it is
/// within a tenth of the sixth decimal (10⁻⁷) of its rounding to `d`: that
/// absorbs binary noise (`0.1 + 0.2`) but never a printed sixth decimal.
pub fn decimals_needed(values: &[f64]) -> usize {
    values
        .iter()
        .map(|&v| {
            (0..=6usize)
                .find(|&d| {
                    let scale = pow10(d as i32);
                    ((v * scale).round() - v * scale).abs() < 1e-7 * scale
                })
                .unwrap_or(6)
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`welch_beyond`] and [`compare_printed`] as they were before the
    /// test was run only where kept (the p at the whole difference worked
    /// out first, the test dropped after): the same answers, bit for bit,
    /// over sides with and without spread, one to many runs, equal and
    /// negative means, printed and known steps, printed means, derived
    /// values and zeros.
    #[test]
    fn tests_run_only_where_kept_give_the_answers_of_tests_dropped_after() {
        fn old_welch_beyond(a: &Summary, b: &Summary, rounding: f64) -> Option<Welch> {
            let w = welch(a, b)?;
            let diff = a.mean - b.mean;
            let left = (diff.abs() - rounding.max(0.0)).max(0.0);
            if left == diff.abs() {
                return Some(w);
            }
            if left == 0.0 {
                return Some(Welch { t: 0.0, df: w.df, p: 1.0 });
            }
            if !w.t.is_finite() {
                return Some(w);
            }
            let t = w.t * left / diff.abs();
            let dist = statrs::distribution::StudentsT::new(0.0, 1.0, w.df).ok()?;
            Some(Welch { t, df: w.df, p: two_sided_p(t, &dist) })
        }
        fn old_compare_printed(
            value: &Summary,
            baseline: &Summary,
            better: crate::model::Better,
            (vp, bp): (PrintedStep, PrintedStep),
        ) -> Comparison {
            let step = vp.with(bp).step();
            let mut c = compare(value, baseline, better, step);
            let bound = vp.mean_rounding() + bp.mean_rounding();
            if bound > 0.0 && c.diff.abs() <= bound * (1.0 + FLOAT_NOISE) {
                c.welch = None;
            }
            let finer = vp.step().min(bp.step());
            let derived = vp.derived || bp.derived;
            let overlap = (step + finer) / 2.0;
            if !derived
                && c.diff != 0.0
                && step > finer * (1.0 + FLOAT_NOISE)
                && c.diff.abs() <= overlap * (1.0 + FLOAT_NOISE)
            {
                (c.within_step, c.pct_better, c.welch) = (true, None, None);
            }
            let zero = |s: &Summary| s.mean == 0.0 && s.stddev.is_none_or(|sd| sd == 0.0);
            if !derived && c.diff != 0.0 && (zero(value) || zero(baseline)) && c.diff.abs() < step * (1.0 - FLOAT_NOISE)
            {
                (c.within_step, c.pct_better, c.welch) = (true, None, None);
            }
            c
        }
        let bits = |w: Option<Welch>| w.map(|w| (w.t.to_bits(), w.df.to_bits(), w.p.to_bits()));
        let sides: Vec<Summary> = [
            &[1.0][..],
            &[1.0, 1.0],
            &[1.0, 1.0, 1.0],
            &[1.0, 1.1, 0.9],
            &[1.05, 1.06, 1.04, 1.05],
            &[1.2, 1.3],
            &[2.0, 2.0, 3.0],
            &[0.0, 0.0, 0.0],
            &[0.0, 0.01, 0.0],
            &[-5.0, -5.2, -4.9],
            &[100.0, 101.0, 99.5, 100.5, 100.0],
            &[100.4, 100.6],
            &[5.455, 5.455, 5.455],
            &[1e300, 2e300],
        ]
        .iter()
        .map(|v| Summary::of_samples(v))
        .chain([Summary { n: 5, mean: 1.0, stddev: None, cv: None, min: 1.0, max: 1.0, median: 1.0 }])
        .chain([Summary { n: 3, mean: 1.1, stddev: Some(0.05), cv: None, min: 1.1, max: 1.1, median: 1.1 }])
        .collect();
        let steps = [
            PrintedStep::of([(1.0, None)]),
            PrintedStep::of([(1.05, None)]),
            PrintedStep::of([(1.055, None)]),
            PrintedStep::of([(1.0, Some(1.0))]),
            PrintedStep::of([(0.152, Some(0.001))]),
            PrintedStep::of([(1.5, None)]).with_means(true),
            PrintedStep::of([(84.0, Some(0.1))]).with_derived(true),
            PrintedStep::default(),
        ];
        let mut tested = 0;
        for a in &sides {
            for b in &sides {
                for rounding in [0.0, 0.01, 0.1, 0.25, 1.0, 3.0] {
                    assert_eq!(bits(welch_beyond(a, b, rounding)), bits(old_welch_beyond(a, b, rounding)));
                }
                for better in [crate::model::Better::Higher, crate::model::Better::Lower] {
                    for &vp in &steps {
                        for &bp in &steps {
                            let (new, old) =
                                (compare_printed(a, b, better, (vp, bp)), old_compare_printed(a, b, better, (vp, bp)));
                            assert_eq!(bits(new.welch), bits(old.welch), "{a:?} {b:?} {vp:?} {bp:?}");
                            assert_eq!(format!("{new:?}"), format!("{old:?}"));
                            tested += usize::from(new.welch.is_some());
                        }
                    }
                }
            }
        }
        // The grid holds tests kept, not only tests dropped.
        assert!(tested > 100, "{tested}");
    }

    /// YCSB's `95thPercentileLatency(ms), 0` (three runs) against
    /// `…(us), 151..153` converted to ms (a known step of 0.001): the
    /// whole 0 may be anything below 0.5, so 0 against 0.152 is no −100%:
    /// no percentage, no test. Two sides printed in the column's unit
    /// keep their percentage below a step (their means may differ so).
    #[test]
    fn a_difference_below_a_coarse_unit_s_step_has_no_percentage() {
        let runs = |v: &[f64]| Summary::of(&v.iter().map(|&x| Value::single(x)).collect::<Vec<_>>()).unwrap();
        let (ms, us) = (runs(&[0.0, 0.0, 0.0]), runs(&[0.151, 0.152, 0.153]));
        let printed_ms = PrintedStep::of([(0.0, Some(1.0))]);
        let converted = PrintedStep::of([(0.152, Some(0.001))]);
        let c = compare_printed(&ms, &us, crate::model::Better::Lower, (printed_ms, converted));
        assert!(c.within_step && c.pct_better.is_none() && c.welch.is_none(), "{c:?}");
        // 2 ms printed whole against 0.152: beyond the step, a change.
        let c = compare_printed(&runs(&[2.0, 2.0, 3.0]), &us, crate::model::Better::Lower, (printed_ms, converted));
        assert!(!c.within_step && c.pct_better.is_some(), "{c:?}");
        // fio's msec percentile `[    1]` (0.5 to 1.5 ms) against 73 usec
        // (0.0725 to 0.0735 ms): less than the coarse step apart, but the
        // two do not overlap, so the change is certain and compared.
        let fio_us = runs(&[0.073, 0.073]);
        let fio_printed = PrintedStep::of([(0.073, Some(0.001))]);
        let c = compare_printed(&runs(&[1.0, 1.0]), &fio_us, crate::model::Better::Lower, (printed_ms, fio_printed));
        assert!(!c.within_step && c.pct_better.is_some_and(|p| p < -1000.0), "{c:?}");
        // A whole 1 ms against 0.6 ms: 0.5 to 1.5 holds 0.6, not compared.
        let c = compare_printed(&runs(&[1.0]), &runs(&[0.6]), crate::model::Better::Lower, (printed_ms, fio_printed));
        assert!(c.within_step && c.pct_better.is_none() && c.welch.is_none(), "{c:?}");
        // Just apart: 1 against 0.499 (up to 0.4995) is compared.
        let c = compare_printed(&runs(&[1.0]), &runs(&[0.499]), crate::model::Better::Lower, (printed_ms, fio_printed));
        assert!(!c.within_step && c.pct_better.is_some(), "{c:?}");
        // Both in the column's unit: 21.85 against 21.8 keeps its -0.2%.
        let (a, b) = (runs(&[21.9, 21.8]), runs(&[21.8, 21.8]));
        let one = PrintedStep::of([(21.9, None), (21.8, None)]);
        let c = compare_printed(&b, &a, crate::model::Better::Higher, (one, one));
        assert!(!c.within_step && c.pct_better.is_some(), "{c:?}");
        // A derived efficiency's step (from a `%CPU` of 84.0 read as 84)
        // hides nothing: bonnie's 2144.68 against 2125.00 keeps its -0.9%.
        let (x, y) = (runs(&[2144.68]), runs(&[2125.0]));
        let (px, py) = (PrintedStep::of([(2144.68, Some(3.64))]), PrintedStep::of([(2125.0, Some(26.5))]));
        let c = compare_printed(&y, &x, crate::model::Better::Higher, (py.with_derived(true), px.with_derived(true)));
        assert!(!c.within_step && c.pct_better.is_some(), "{c:?}");
    }

    /// archive38 F3: sysbench's `avg: 0.00` ms in every run against
    /// seven `0.01` among thirteen `0.00` (0.0035): less than a step from
    /// a zero, no percentage (it was +100.0%); a step or more from it is
    /// compared, tested, but has no percentage either (it was −100%): no
    /// ratio to a 0 (attack59 F8), a table says `to 0`.
    #[test]
    fn less_than_a_step_from_a_printed_zero_has_no_percentage() {
        let runs = |v: &[f64]| Summary::of(&v.iter().map(|&x| Value::single(x)).collect::<Vec<_>>()).unwrap();
        let mut gwdg = vec![0.0; 13];
        gwdg.extend([0.01; 7]);
        let (gwdg, strato) = (runs(&gwdg), runs(&[0.0; 10]));
        let printed = PrintedStep::of([(0.01, None), (0.0, None)]);
        let c = compare_printed(&strato, &gwdg, crate::model::Better::Lower, (printed, printed));
        assert!(c.within_step && c.pct_better.is_none() && c.welch.is_none(), "{c:?}");
        let c = compare_printed(&gwdg, &strato, crate::model::Better::Lower, (printed, printed));
        assert!(c.within_step && c.pct_better.is_none(), "{c:?}");
        let c = compare_printed(&strato, &runs(&[0.02, 0.03]), crate::model::Better::Lower, (printed, printed));
        assert!(!c.within_step && c.no_ratio && c.pct_better.is_none() && c.welch.is_some(), "{c:?}");
    }

    /// kernbench's printed means one step apart (`Elapsed Time 120.5
    /// (0.05)` against `120.6 (0.05)`, five runs each) are not tested:
    /// 120.549 against 120.551 prints so. Two steps apart they are.
    #[test]
    fn printed_means_one_step_apart_are_not_tested() {
        let summary = |mean: f64| Summary::of(&[Value::Summary { mean, stddev: Some(0.05), n: 5 }]).unwrap();
        let printed = |a: f64, b: f64| {
            (PrintedStep::of([(a, None)]).with_means(true), PrintedStep::of([(b, None)]).with_means(true))
        };
        let (a, b, c) = (summary(120.5), summary(120.6), summary(120.7));
        assert!(compare_printed(&b, &a, crate::model::Better::Lower, printed(120.6, 120.5)).welch.is_none());
        assert!(compare_printed(&c, &a, crate::model::Better::Lower, printed(120.7, 120.5)).welch.is_some());
        // Each side's own step: 41.5 (to 0.1) against 41.55 (to 0.01)
        // may be 41.549 against 41.55.
        let (x, y) = (summary(41.5), summary(41.55));
        assert!(compare_printed(&y, &x, crate::model::Better::Higher, printed(41.55, 41.5)).welch.is_none());
        // A whole number says nothing of its step (`40.0` reads as 40):
        // 40.0 against 41.0 is tested, as before printed means were.
        let (x, y) = (summary(40.0), summary(41.0));
        assert!(compare_printed(&y, &x, crate::model::Better::Higher, printed(41.0, 40.0)).welch.is_some());
        // Runs as printed: one step apart is tested, their rounding is in their spread.
        let runs = |xs: &[f64]| Summary::of_samples(xs);
        let p = (PrintedStep::of([(120.6, None)]), PrintedStep::of([(120.5, None)]));
        assert!(
            compare_printed(
                &runs(&[120.6, 120.7, 120.5]),
                &runs(&[120.5, 120.6, 120.4]),
                crate::model::Better::Lower,
                p
            )
            .welch
            .is_some()
        );
    }

    #[test]
    fn the_table_of_powers_is_powi() {
        for d in -30..30 {
            assert_eq!(pow10(d).to_bits(), 10f64.powi(d).to_bits(), "10^{d}");
        }
    }

    #[test]
    fn three_dbench_runs() {
        let s = Summary::of_samples(&[9.2929, 9.56338, 9.17032]);
        assert!((s.mean - 9.3422).abs() < 1e-9);
        assert_eq!(s.n, 3);
        assert!((s.median - 9.2929).abs() < 1e-12);
        assert!(s.stddev.unwrap() > 0.19 && s.stddev.unwrap() < 0.21);
    }

    #[test]
    fn reported_summary_keeps_its_n() {
        let s = Summary::of(&[Value::Summary { mean: 28.094, stddev: Some(0.182565), n: 5 }]).unwrap();
        assert_eq!(s.n, 5);
        assert_eq!(s.stddev, Some(0.182565));
    }

    /// Means of an unstated number of runs (a deviation with `n` 1) pooled
    /// with each other or with runs keep their mean but no deviation, so
    /// the cell is not tested: two kernbench means 65.25 (1.2) and 65.31
    /// (1.1) read ±0.042 over "2 runs" and were tested (session 27).
    #[test]
    fn means_of_unstated_run_counts_are_not_tested() {
        let unstated = |mean| Value::Summary { mean, stddev: Some(1.2), n: 1 };
        let s = Summary::of(&[unstated(65.25), unstated(65.31)]).unwrap();
        assert!((s.mean - 65.28).abs() < 1e-9 && s.stddev.is_none(), "{s:?}");
        let s = Summary::of(&[unstated(65.25), Value::single(66.0)]).unwrap();
        assert!(s.stddev.is_none(), "{s:?}");
        assert!(welch(&s, &Summary::of_samples(&[60.0, 61.0, 62.0])).is_none());
    }

    #[test]
    fn pooled_summaries() {
        // Two groups of the same data split 2+2 pool back to the whole.
        let all = Summary::of_samples(&[1.0, 2.0, 3.0, 4.0]);
        let a = Summary::of_samples(&[1.0, 2.0]);
        let b = Summary::of_samples(&[3.0, 4.0]);
        let pooled = Summary::of(&[
            Value::Summary { mean: a.mean, stddev: a.stddev, n: 2 },
            Value::Summary { mean: b.mean, stddev: b.stddev, n: 2 },
        ])
        .unwrap();
        assert!((pooled.mean - all.mean).abs() < 1e-12);
        assert!((pooled.stddev.unwrap() - all.stddev.unwrap()).abs() < 1e-12);
    }

    /// Reported counts summing past u32::MAX (attack34 #5: a panic in a
    /// debug build; in a release one n wrapped to 2 and the mean was
    /// 2.6e10): the mean and spread are the pooled ones, n stops at
    /// u32::MAX.
    #[test]
    fn pooled_counts_past_u32_do_not_overflow() {
        let s = Summary::of(&[
            Value::Summary { mean: 12.0, stddev: Some(1.0), n: u32::MAX },
            Value::Summary { mean: 13.0, stddev: Some(1.0), n: 3 },
        ])
        .unwrap();
        assert_eq!(s.n, u32::MAX);
        assert!((s.mean - 12.0).abs() < 1e-6, "{}", s.mean);
        assert!((s.stddev.unwrap() - 1.0).abs() < 1e-3, "{:?}", s.stddev);
    }

    #[test]
    fn decimals() {
        assert_eq!(decimals_needed(&[9.2929, 9.56338, 9.17032]), 5);
        assert_eq!(decimals_needed(&[63.553]), 3);
        assert_eq!(decimals_needed(&[1347.0]), 0);
        assert_eq!(decimals_needed(&[0.1 + 0.2]), 1);
        // fio's JSON prints six decimals; a last digit of 1 was dropped.
        assert_eq!(decimals_needed(&[26479.533411]), 6);
        assert_eq!(decimals_needed(&[0.000001]), 6);
        assert_eq!(decimals_needed(&[1.000001, 2.5]), 6);
    }
}

/// Result of Welch's two-sample t-test (unequal variances, two-sided).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Welch {
    /// The t statistic, (mean_a − mean_b) / sqrt(s_a²/n_a + s_b²/n_b).
    pub t: f64,
    /// Welch–Satterthwaite degrees of freedom.
    pub df: f64,
    /// Two-sided p-value.
    pub p: f64,
}

/// Welch's t-test between two summaries. Needs n ≥ 2 and a standard
/// deviation on both sides; returns `None` otherwise (a single sample never
/// claims significance). Identical constant samples give p = 1; constant
/// but different samples give p = 0, which is why [`compare`] does not
/// test two sides without spread.
pub fn welch(a: &Summary, b: &Summary) -> Option<Welch> {
    match welch_t(a, b)? {
        WelchT::Settled(w) => Some(w),
        WelchT::Open { t, dist } => Some(Welch { t, df: dist.freedom(), p: two_sided_p(t, &dist) }),
    }
}

/// [`welch`]'s statistic before its p-value: the p of sides without
/// spread is settled by their means; otherwise Student's t at the
/// Welch–Satterthwaite degrees of freedom, whose p is left to work out
/// ([`two_sided_p`], an incomplete beta function: most of a comparison's
/// cost), so that [`welch_beyond`] works it out once, at the t it keeps.
enum WelchT {
    Settled(Welch),
    Open { t: f64, dist: statrs::distribution::StudentsT },
}

/// [`WelchT`] of `a` against `b`; `None` where [`welch`] gives none (a
/// side of fewer than 2 runs or without a deviation, squares that
/// overflow, degrees of freedom statrs refuses).
fn welch_t(a: &Summary, b: &Summary) -> Option<WelchT> {
    let (sa, sb) = (a.stddev?, b.stddev?);
    if a.n < 2 || b.n < 2 {
        return None;
    }
    let (na, nb) = (f64::from(a.n), f64::from(b.n));
    let (va, vb) = (sa * sa / na, sb * sb / nb);
    let se2 = va + vb;
    if se2 == 0.0 {
        let p = if a.mean == b.mean { 1.0 } else { 0.0 };
        return Some(WelchT::Settled(Welch { t: if p == 1.0 { 0.0 } else { f64::INFINITY }, df: na + nb - 2.0, p }));
    }
    let t = (a.mean - b.mean) / se2.sqrt();
    let df = se2 * se2 / (va * va / (na - 1.0) + vb * vb / (nb - 1.0));
    if !t.is_finite() || !df.is_finite() {
        // Deviations near f64::MAX overflow their squares: no test to trust.
        return None;
    }
    let dist = statrs::distribution::StudentsT::new(0.0, 1.0, df).ok()?;
    Some(WelchT::Open { t, dist })
}

/// The two-sided p-value of Student's t in `dist` (location 0, scale 1).
fn two_sided_p(t: f64, dist: &statrs::distribution::StudentsT) -> f64 {
    use statrs::distribution::ContinuousCDF;
    (2.0 * (1.0 - dist.cdf(t.abs()))).clamp(0.0, 1.0)
}

/// The exact two-sided Mann–Whitney (Wilcoxon rank-sum) test of two
/// sides whose runs each printed one number and lie more than one
/// printed step apart ([`compare`] checks the step): every run of one
/// side is below every run of the other, U = 0, and of the C(n_a + n_b,
/// n_a) equally likely ways to share the ranks out under no change, two
/// (either side all below) are that extreme: p = 2 / C(n_a + n_b, n_a).
/// lmbench's `lat_mmap` printing `12` in ten runs against `15` in ten
/// (kylin-lmbench, kvm-off against pkvm: archive37 F1) gives p = 1.1e-5;
/// two runs a side can never be sure (p = 1/3), three neither (0.1).
/// Returned as a [`Welch`] with t = ±∞ and the pooled degrees of freedom,
/// as [`welch`] gives for sides without spread; only its p is used.
/// `None` for a side of fewer than 2 runs or without a deviation (a
/// reported mean of unstated spread).
pub fn rank_separated(a: &Summary, b: &Summary) -> Option<Welch> {
    if a.n < 2 || b.n < 2 || a.stddev != Some(0.0) || b.stddev != Some(0.0) || a.mean == b.mean {
        return None;
    }
    let ways = statrs::function::factorial::binomial(u64::from(a.n) + u64::from(b.n), u64::from(a.n));
    let p = (2.0 / ways).clamp(0.0, 1.0);
    let t = if a.mean > b.mean { f64::INFINITY } else { f64::NEG_INFINITY };
    Some(Welch { t, df: f64::from(a.n) + f64::from(b.n) - 2.0, p })
}

/// [`welch`] on the difference of the means less `rounding` (toward
/// zero, never past it): the test of the smallest change the printed
/// values allow, where each mean may be off by half the printed step
/// (`rounding` = the step). A difference of `rounding` or less is no
/// evidence (p = 1).
///
/// The p-value is worked out once, at the t kept (the whole difference's
/// p was worked out and thrown away for every difference the rounding
/// shrank: 24,000 incomplete beta functions of the 53,000 on adding a
/// kernel to the large generated archive).
pub fn welch_beyond(a: &Summary, b: &Summary, rounding: f64) -> Option<Welch> {
    let diff = a.mean - b.mean;
    let left = (diff.abs() - rounding.max(0.0)).max(0.0);
    let (t, dist) = match welch_t(a, b)? {
        WelchT::Open { t, dist } => (t, dist),
        // No deviation at all: t is 0 or infinite, and p settled by the
        // means; a difference the rounding takes whole is none.
        WelchT::Settled(w) if left == 0.0 && left != diff.abs() => return Some(Welch { t: 0.0, df: w.df, p: 1.0 }),
        // The difference left certain (t stays infinite), or untouched.
        WelchT::Settled(w) => return Some(w),
    };
    let df = dist.freedom();
    if left == diff.abs() {
        return Some(Welch { t, df, p: two_sided_p(t, &dist) });
    }
    if left == 0.0 {
        return Some(Welch { t: 0.0, df, p: 1.0 });
    }
    // The same deviations, a smaller difference: t scales with it.
    let t = t * left / diff.abs();
    Some(Welch { t, df, p: two_sided_p(t, &dist) })
}

/// How a kernel's value compares with the baseline's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Comparison {
    /// Raw difference, value − baseline, in the metric's unit.
    pub diff: f64,
    /// Relative change in percent, signed so that positive is *better*
    /// whatever the metric's direction (for a "smaller is better" metric a
    /// drop from 10 to 9 is +10%). For metrics with no better direction it
    /// is the plain relative change. `None` unless both means are above 0
    /// ([`Comparison::no_ratio`]): a change from or to 0 or a negative
    /// value is no percentage (a latency of −6 ms against 6 ms read as
    /// "−200.0%", attack59 F8).
    pub pct_better: Option<f64>,
    /// Welch's test, when the change can be tested (see the module docs:
    /// n ≥ 2 on both sides, spread on at least one, a difference of at
    /// least one printed step; or, without spread on either side, the
    /// exact rank test of a difference of more than one step,
    /// [`rank_separated`]); `None` means "not tested".
    pub welch: Option<Welch>,
    /// Welch's p-value adjusted for every test on the machine class's page
    /// ([`benjamini_hochberg`]); `None` when not tested or not (yet) part
    /// of a page's correction.
    pub p_adjusted: Option<f64>,
    /// True when the adjusted p-value is below the page's α. Set by the
    /// page's correction; [`compare`] alone never claims significance.
    pub significant: bool,
    /// True when one side was printed in another unit than the other, more
    /// coarsely, and the values each side's printed value stands for (it ±
    /// half its step) overlap the other side's ([`compare_printed`]):
    /// YCSB's `95thPercentileLatency(ms), 0` (−0.5 to 0.5) against
    /// `…(us), 152` (0.152 ms). The coarse side's rounding may be the
    /// whole difference, so it has no percentage ([`Comparison::pct_better`]
    /// is `None`), no test and no change shown. fio's msec percentile
    /// `[    1]` (0.5 to 1.5 ms) against 73 usec does not overlap: it is
    /// compared, though it differs by less than the coarse step.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub within_step: bool,
    /// True when a side's mean is 0 or below (a generic YAML metric of
    /// negative values, a sign that flips, a rate that fell to 0): the two
    /// means have no ratio, so the change has no percentage
    /// ([`Comparison::pct_better`] is `None`) and no factor (the factor of
    /// −5.005 → −10.005 read "1001× worse", attack26 gs/; its percentage
    /// of the baseline's magnitude, −99.9%, and −6 → 6 ms as −200.0%, no
    /// better: attack59 F8). A table shows the change as `from 0`, `to 0`
    /// or the difference itself ([`Comparison::baseline`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_ratio: bool,
    /// The baseline's mean the value was compared with, in the metric's
    /// unit: what a change with no percentage is told from ([`Comparison::no_ratio`]).
    #[serde(skip)]
    pub baseline: f64,
}

/// Compares `value` with `baseline` for a metric whose better direction is
/// `better`. `resolution` is the printed step of the values of both sides
/// ([`resolution`]): a difference of the means below one step is not
/// tested, nor are two sides without spread. The result is not yet
/// significant: that is decided for a whole page at once
/// ([`benjamini_hochberg`]).
pub fn compare(value: &Summary, baseline: &Summary, better: crate::model::Better, resolution: f64) -> Comparison {
    compare_tested(value, baseline, better, resolution, true)
}

/// The difference of the means of `value` and `baseline`, 0 where it is
/// only the summation's rounding ([`Comparison::diff`]).
fn mean_diff(value: &Summary, baseline: &Summary) -> f64 {
    // Means that differ only by the summation's rounding are equal: lmbench's
    // three `5.455` average to 5.455000000000001, two to 5.455, and their
    // change is 0, not 1.628e-14% (wild31 file 15, LKML 2001-07 lmbench2
    // summary, `L1 $` of 2.4.6-c against 2.4.6-p). Benchmarks print a few
    // significant digits; a difference below [`FLOAT_NOISE`] of the larger
    // mean is never one they printed.
    let raw = value.mean - baseline.mean;
    if raw.abs() <= FLOAT_NOISE * value.mean.abs().max(baseline.mean.abs()) { 0.0 } else { raw }
}

/// [`compare`], the change tested only where `test` says (without, its
/// [`Comparison::welch`] is `None`): [`compare_printed`] knows before the
/// test where it drops the test's answer.
fn compare_tested(
    value: &Summary,
    baseline: &Summary,
    better: crate::model::Better,
    resolution: f64,
    test: bool,
) -> Comparison {
    let diff = mean_diff(value, baseline);
    // A change too large for f64 (1e308 against 1) has no percentage to show.
    // Two means above 0 have a ratio; a side at 0 or below has none.
    let no_ratio = !(value.mean > 0.0 && baseline.mean > 0.0);
    let rel = (!no_ratio).then(|| diff / baseline.mean * 100.0).filter(|r| r.is_finite());
    // No change is +0 whatever the direction (never a `-0` in the CSV).
    let pct_better = rel.map(|r| if better == crate::model::Better::Lower && r != 0.0 { -r } else { r });
    let no_spread = |s: &Summary| s.stddev.is_none_or(|sd| sd == 0.0);
    // 1.6 − 1.5 is 0.10000000000000009 and 0.3 − 0.2 is 0.09999999999999998:
    // one step, whichever way the binary rounding went.
    let below_step = diff.abs() < resolution * (1.0 - FLOAT_NOISE);
    let beyond_step = diff.abs() > resolution * (1.0 + FLOAT_NOISE);
    let welch = if below_step || !test {
        None
    } else if no_spread(value) && no_spread(baseline) {
        // Every run of both sides printed one number: no t-test (its
        // p would be 0 for any difference), but more than one printed
        // step apart every run of one side is below every run of the
        // other whatever the rounding was, and the exact rank test says
        // how sure that is ([`rank_separated`]); one step apart or less
        // the rounding may be all of it (archive37 F1).
        rank_separated(value, baseline).filter(|_| beyond_step)
    } else {
        welch_beyond(value, baseline, resolution)
    };
    Comparison {
        diff,
        pct_better,
        welch,
        p_adjusted: None,
        significant: false,
        within_step: false,
        no_ratio,
        baseline: baseline.mean,
    }
}

/// [`compare`] at the printed step of both sides' values (`value_printed`
/// and `base_printed`, combined by [`PrintedStep::with`]). A side whose
/// value is a mean the benchmark printed (kernbench's `Elapsed Time 120.5
/// (0.05)`, a `runs:` summary in `kernel.yaml`) may be off by half its
/// own step, which its deviation does not hold: a difference within those
/// halves is not tested, however small the deviations and large the run
/// counts (120.5 against 120.6 may be 120.549 against 120.551; 41.5
/// against 41.55, 41.549 against 41.55). A side read back as a whole
/// number adds nothing: `40.0` is read as 40, and its step is not known
/// (runs' rounding is in their spread). A side printed more coarsely than
/// the other whose printed value's interval (± half its step) overlaps the
/// other's is not compared at all ([`Comparison::within_step`]).
pub fn compare_printed(
    value: &Summary,
    baseline: &Summary,
    better: crate::model::Better,
    (value_printed, base_printed): (PrintedStep, PrintedStep),
) -> Comparison {
    let step = value_printed.with(base_printed).step();
    // The test is run only where none of the rules below drops it: each
    // reads the difference [`compare`] keeps, the steps and the means, never
    // the test (a third of a large class's tests were run to be dropped).
    let diff = mean_diff(value, baseline);
    let bound = value_printed.mean_rounding() + base_printed.mean_rounding();
    let within_bound = bound > 0.0 && diff.abs() <= bound * (1.0 + FLOAT_NOISE);
    let finer = value_printed.step().min(base_printed.step());
    let derived = value_printed.derived || base_printed.derived;
    let overlap = (step + finer) / 2.0;
    let coarse_overlap =
        !derived && diff != 0.0 && step > finer * (1.0 + FLOAT_NOISE) && diff.abs() <= overlap * (1.0 + FLOAT_NOISE);
    let zero = |s: &Summary| s.mean == 0.0 && s.stddev.is_none_or(|sd| sd == 0.0);
    let near_zero =
        !derived && diff != 0.0 && (zero(value) || zero(baseline)) && diff.abs() < step * (1.0 - FLOAT_NOISE);
    let mut c = compare_tested(value, baseline, better, step, !(within_bound || coarse_overlap || near_zero));
    debug_assert_eq!(c.diff.to_bits(), diff.to_bits());
    // One side printed more coarsely than the other (a whole 0 ms
    // against 0.152 ms converted from 152 us), and what each printed
    // value stands for (itself ± half its step) overlapping the other's:
    // the coarse side's rounding may be all of the difference, so no
    // percentage is given (0, anything from −0.5 to 0.5, against 0.152 is
    // not −100%). Where the two do not overlap the change is certain and
    // compared as any other: fio's msec percentile `[ 1]` (0.5 to 1.5 ms)
    // against 0.073 ms (73 usec) is 7 to 20 times slower, though it
    // differs by less than the coarse step. Sides printed alike keep
    // their percentage: their means may differ by less than a step (two
    // sides read back in one unit always are: [`PrintedStep::with`] takes
    // the finer). So do derived values (bonnie's CPU efficiencies): a step
    // read back from a `%CPU` of `84.0` is too coarse to hide a change by.
    if coarse_overlap {
        c.within_step = true;
        c.pct_better = None;
        c.welch = None;
    }
    // A side every run of which printed 0 (sysbench's `avg: 0.00` ms, 0
    // to 0.005) against one less than a printed step from it: the zero's
    // rounding may be all of the difference, and against a zero no ratio
    // is a change (archive38 F3: 0.0035 ms, seven runs of `0.01` among
    // thirteen `0.00`, against ten `0.00` was shown +100.0%, "latency
    // gone"). No percentage, as for sides printed apart above. A change of
    // a step or more from a zero keeps its percentage (−100%: at least
    // that much lower, to within the zero's half step).
    if near_zero {
        c.within_step = true;
        c.pct_better = None;
        c.welch = None;
    }
    c
}

/// Benjamini–Hochberg adjusted p-values, in the order of `p` (what R's
/// `p.adjust(p, method = "BH")` gives): with the m p-values sorted
/// ascending, the i-th smallest becomes min over j ≥ i of m·p₍ⱼ₎ / j,
/// capped at 1. A change whose adjusted p-value is below α is significant
/// with the false discovery rate bounded by α (for independent or
/// positively dependent tests). `p` must not hold NaN.
pub fn benjamini_hochberg(p: &[f64]) -> Vec<f64> {
    let m = p.len() as f64;
    let mut order: Vec<usize> = (0..p.len()).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![0.0; p.len()];
    // From the largest p down, keeping the running minimum (monotone).
    let mut running = 1.0f64;
    for (rank, &i) in order.iter().enumerate().rev() {
        running = running.min(m * p[i] / (rank + 1) as f64);
        adjusted[i] = running;
    }
    adjusted
}

/// Drops the `trim` highest and `trim` lowest of plain samples before
/// summarising (the seed post 001 ran each test 7 times and threw the
/// extremes away). Reported summaries are never trimmed; when fewer than
/// `2 × trim + 1` samples remain nothing is dropped (`values` itself is
/// given back, not a copy: nearly every cell of a table).
pub fn trimmed(values: &[Value], trim: usize) -> std::borrow::Cow<'_, [Value]> {
    // `trim` comes from YAML: 2 × trim must not overflow.
    if trim == 0 || values.len() <= trim.saturating_mul(2) || values.iter().any(|v| matches!(v, Value::Summary { .. }))
    {
        return std::borrow::Cow::Borrowed(values);
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| a.mean().total_cmp(&b.mean()));
    sorted.truncate(sorted.len() - trim);
    sorted.drain(..trim);
    std::borrow::Cow::Owned(sorted)
}

#[cfg(test)]
mod welch_tests {
    use super::*;
    use crate::model::Better;

    // Reference values computed with scipy 1.17.1:
    // scipy.stats.ttest_ind(a, b, equal_var=False) → statistic, pvalue, df.
    fn check(a: &[f64], b: &[f64], t: f64, p: f64, df: f64) {
        let w = welch(&Summary::of_samples(a), &Summary::of_samples(b)).unwrap();
        assert!((w.t - t).abs() < 1e-9 * t.abs().max(1.0), "t = {} want {t}", w.t);
        assert!((w.df - df).abs() < 1e-9 * df, "df = {} want {df}", w.df);
        assert!((w.p - p).abs() < 1e-6 * p.max(1e-3), "p = {} want {p}", w.p);
    }

    #[test]
    fn matches_scipy() {
        // Seed post 003: dbench 32, 2.4.7 vs 2.4.8-pre1.
        check(
            &[9.2929, 9.56338, 9.17032],
            &[6.8078, 6.91993, 6.93879],
            19.929678464449143,
            0.0008272899814631071,
            2.4884058274594665,
        );
        check(
            &[1.0, 2.0, 3.0, 4.0, 5.0],
            &[2.0, 4.0, 6.0, 8.0, 10.0],
            -1.8973665961010275,
            0.10753119493062728,
            5.882352941176471,
        );
        // Seed post 001: find / -xdev real times, ac12 vs ac12-pmap2.
        check(
            &[64.221, 63.042, 63.613, 63.442, 63.447],
            &[56.916, 57.275, 57.606, 57.166, 56.895],
            27.515145680184126,
            1.9271345269798614e-08,
            7.057038050054403,
        );
    }

    #[test]
    fn single_sample_never_significant() {
        let a = Summary::of_samples(&[10.0]);
        let b = Summary::of_samples(&[1.0, 1.1, 0.9]);
        let c = compare(&a, &b, Better::Higher, 0.1);
        assert!(!c.significant);
        assert!(c.welch.is_none());
    }

    /// wild31 file 15 (LKML 2001-07, lmbench2 summary, `Memory latencies`
    /// lines 83-85 and 89-90): `L1 $` 5.455 three times for 2.4.6-p, twice
    /// for 2.4.6-c. The means differ only by summation noise; the change
    /// is exactly 0 (the CSV printed `1.628e-14`, the mail +0.0%).
    #[test]
    fn equal_means_up_to_summation_noise_are_no_change() {
        let base = Summary::of_samples(&[5.455, 5.455, 5.455]);
        let new = Summary::of_samples(&[5.455, 5.455]);
        assert_ne!(new.mean, base.mean, "the noise this guards against");
        for better in [Better::Lower, Better::Higher, Better::Neither] {
            let c = compare(&new, &base, better, 0.001);
            assert_eq!(c.diff.to_bits(), 0f64.to_bits(), "{c:?}");
            assert_eq!(c.pct_better.map(f64::to_bits), Some(0f64.to_bits()), "+0, not -0 nor noise: {c:?}");
        }
        // A printed difference is still one: 5.454 against 5.455.
        let c = compare(&Summary::of_samples(&[5.454]), &Summary::of_samples(&[5.455]), Better::Lower, 0.001);
        assert!(c.pct_better.is_some_and(|p| (p - 0.018_331_805_682_86).abs() < 1e-12), "{c:?}");
    }

    /// lmbench prints one decimal: two runs of 1.5 against two of 1.6 have
    /// no spread, and Welch's test would say p = 0.
    #[test]
    fn no_spread_on_either_side_is_not_tested() {
        let base = Summary::of_samples(&[1.5, 1.5]);
        let new = Summary::of_samples(&[1.6, 1.6]);
        assert_eq!(welch(&new, &base).map(|w| w.p), Some(0.0), "the bare test claims certainty");
        let c = compare(&new, &base, Better::Lower, resolution([1.5, 1.5, 1.6, 1.6]));
        assert!(c.welch.is_none() && !c.significant && c.p_adjusted.is_none());
        assert!((c.pct_better.unwrap() + 6.666666666666667).abs() < 1e-9, "the change is still shown");
        // Spread on one side is enough to test.
        let spread = Summary::of_samples(&[1.6, 1.7]);
        assert!(compare(&spread, &base, Better::Lower, 0.1).welch.is_some());
    }

    /// archive37 F1 (kylin-lmbench, d3000 `lat_mmap` 1.048576 MB):
    /// kvm-off printed `12` in all ten runs, pkvm `15` in all ten. Three
    /// steps apart, every pkvm run is slower than every kvm-off run
    /// whatever the rounding: the exact rank test, p = 2 / C(20, 10).
    /// One step apart (`36` against `35`) is still not tested, and two
    /// or three runs a side can never be significant.
    #[test]
    fn no_spread_more_than_a_step_apart_is_rank_tested() {
        let ten = |x: f64| Summary::of_samples(&[x; 10]);
        let c = compare(&ten(15.0), &ten(12.0), Better::Lower, 1.0);
        let p = c.welch.expect("tested").p;
        assert!((p - 2.0 / 184_756.0).abs() < 1e-15, "{p}");
        assert!((c.pct_better.unwrap() + 25.0).abs() < 1e-9);
        assert!(compare(&ten(35.0), &ten(36.0), Better::Lower, 1.0).welch.is_none(), "one step");
        let two = |x: f64| Summary::of_samples(&[x; 2]);
        assert!((compare(&two(15.0), &two(12.0), Better::Lower, 1.0).welch.unwrap().p - 1.0 / 3.0).abs() < 1e-12);
        // Unequal counts: 10 against 9 runs, 2 / C(19, 9).
        let nine = Summary::of_samples(&[64.0; 9]);
        let p = compare(&nine, &ten(66.0), Better::Lower, 1.0).welch.unwrap().p;
        assert!((p - 2.0 / 92_378.0).abs() < 1e-15, "{p}");
        // A mean reported without a deviation is still not tested.
        let reported = Summary::of(&[Value::Summary { mean: 15.0, stddev: None, n: 10 }]).unwrap();
        assert!(compare(&reported, &ten(12.0), Better::Lower, 1.0).welch.is_none());
    }

    /// fio's three-digit bandwidth (attack 26): five runs of 12.1/12.2
    /// MiB/s against five of 12.2/12.3 differ by one printed step, which
    /// rounding may be all of: tested, p = 1, no mark. dbench's four
    /// decimals lose nothing: the same runs ten times finer stay
    /// significant.
    #[test]
    fn a_change_is_tested_less_the_printed_step() {
        let base = Summary::of_samples(&[12.1, 12.2, 12.1, 12.2, 12.1]);
        let new = Summary::of_samples(&[12.2, 12.3, 12.2, 12.3, 12.2]);
        assert!(welch(&new, &base).unwrap().p < 0.05, "on the printed values alone");
        let res = resolution([12.1, 12.2, 12.3]);
        let c = compare(&new, &base, Better::Higher, res);
        assert_eq!(c.welch.map(|w| w.p), Some(1.0), "{c:?}");
        // Two steps apart: one step of it stands, less sure than printed.
        let far = Summary::of_samples(&[12.3, 12.4, 12.3, 12.4, 12.3]);
        let (bare, less) = (welch(&far, &base).unwrap().p, compare(&far, &base, Better::Higher, res).welch.unwrap().p);
        assert!(bare < less && less < 0.05, "{bare} {less}");
        let fine = |v: &[f64]| Summary::of_samples(&v.iter().map(|x| x / 10.0).collect::<Vec<_>>());
        let (b, n) = (fine(&[121.0, 122.0, 121.0, 122.0, 121.0]), fine(&[122.0, 123.0, 122.0, 123.0, 122.0]));
        let p = compare(&n, &b, Better::Higher, 0.0001).welch.unwrap().p;
        assert!(p < 0.05 && (p - welch(&n, &b).unwrap().p).abs() < 0.001, "{p}");
    }

    #[test]
    fn a_difference_below_the_printed_step_is_not_tested() {
        let base = Summary::of_samples(&[1.5, 1.6]);
        let half_a_step = Summary::of_samples(&[1.5, 1.7, 1.6, 1.4]);
        let res = resolution([1.5, 1.6, 1.5, 1.7, 1.6, 1.4]);
        assert!((res - 0.1).abs() < 1e-15);
        assert!(compare(&half_a_step, &base, Better::Lower, res).welch.is_none());
        // One step exactly, whichever way the binary rounding of 0.3 − 0.2 went.
        let a = Summary::of_samples(&[0.2, 0.2, 0.3]);
        let b = Summary::of_samples(&[0.3, 0.3, 0.4]);
        assert!(compare(&b, &a, Better::Lower, 0.1).welch.is_some());
        let (c, d) = (Summary::of_samples(&[0.2, 0.3]), Summary::of_samples(&[0.3, 0.4]));
        assert!((d.mean - c.mean) < 0.1, "0.35 − 0.25 falls short of 0.1 in binary");
        assert!(compare(&d, &c, Better::Lower, 0.1).welch.is_some());
    }

    #[test]
    fn a_known_step_is_taken_at_its_coarsest_read_back_steps_at_their_finest() {
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs();
        let read = PrintedStep::of([(1.5, None), (2.0, None)]);
        assert!(close(read.step(), 0.1), "a 2.0 read back as 2 is ambiguous: the finer tells");
        let gbits = PrintedStep::of([(1000.0, Some(10.0)); 3]);
        let mbits = PrintedStep::of([(995.0, Some(1.0)), (996.0, Some(1.0))]);
        assert!(close(gbits.with(mbits).step(), 10.0), "1.00 Gbits/sec is 995 to 1005 Mbits/sec");
        assert!(close(mbits.with(gbits).step(), 10.0));
        assert!(close(read.with(gbits).step(), 10.0), "the larger of both");
        assert!(close(PrintedStep::of([(12.25, None)]).with(PrintedStep::of([(12.0, Some(0.001))])).step(), 0.01));
        assert!(close(PrintedStep::default().step(), 1.0));
        assert!(close(PrintedStep::of([(f64::NAN, None)]).step(), 1.0));
    }

    #[test]
    fn resolution_is_the_last_printed_place() {
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b;
        assert!(close(resolution([1.5, 1.6]), 0.1));
        assert!(close(resolution([1203968.0]), 1.0));
        assert!(close(resolution([1500.0, 31000.0]), 1.0), "integers count as printed to the unit");
        assert!(close(resolution([9.2929, 9.56338, 9.17032]), 1e-5));
        assert!(close(resolution([0.1 + 0.2, 1.0]), 0.1), "0.30000000000000004 printed as 0.3");
        assert!(close(resolution([1.5, 2.0]), 0.1), "the finest of both sides");
        assert!(close(resolution([0.0]), 1.0));
        assert!(close(resolution([5e-10]), 1e-10), "a small value is not a multiple of 1");
        assert!(close(resolution([-2.25]), 0.01));
        assert!(close(resolution([]), 1.0));
        assert!(close(resolution([f64::NAN, 2.5]), 0.1));
        // A computed value: its tenth significant digit.
        assert!(close(resolution([2_144.678_912_345_678]), 1e-6));
    }

    #[test]
    fn float_noise_is_no_spread() {
        // Three runs that print the same number but were computed.
        let xs = [0.1 + 0.2, 0.3, 0.3];
        assert!(Summary::of_samples(&[1.0 + 1e-15, 1.0]).stddev == Some(0.0));
        assert_eq!(Summary::of_samples(&xs).stddev, Some(0.0));
        assert_eq!(Summary::of_samples(&xs).cv, Some(0.0));
        // A real spread stays.
        assert!(Summary::of_samples(&[1.0, 1.0001]).stddev.unwrap() > 0.0);
        // A reported summary's noise, too.
        let s = Summary::of(&[Value::Summary { mean: 28.0, stddev: Some(1e-14), n: 5 }, Value::single(28.0)]);
        assert_eq!(s.unwrap().stddev, Some(0.0));
    }

    /// A spread of a few units beside a mean past 1e9 is one (it was
    /// taken as noise below 1e-9 of the mean, and printed `±0`); so is
    /// one of whole numbers past a double's digits (9007199254740993 and
    /// …995 read as …992 and …996).
    #[test]
    fn a_small_spread_beside_a_huge_mean_is_kept() {
        let sd = Summary::of_samples(&[4_294_967_296.0, 4_294_967_299.0, 4_294_967_301.0]).stddev.unwrap();
        assert!((sd - 2.516_611_478_423_583).abs() < 1e-9, "{sd}");
        let sd = Summary::of_samples(&[1_234_567_890.5, 1_234_567_891.25]).stddev.unwrap();
        assert!((sd - 0.530_330_085_889_910_6).abs() < 1e-6, "{sd}");
        let sd = Summary::of_samples(&[9_007_199_254_740_993.0, 9_007_199_254_740_995.0]).stddev.unwrap();
        assert!((sd - 2.0 * std::f64::consts::SQRT_2).abs() < 1e-9, "{sd}");
        // A benchmark's own deviation beside such a mean, too.
        let s = Summary::of(&[Value::Summary { mean: 5e9, stddev: Some(3.0), n: 5 }]).unwrap();
        assert_eq!(s.stddev, Some(3.0));
        // Equal whole numbers: none.
        assert_eq!(Summary::of_samples(&[5e9, 5e9, 5e9]).stddev, Some(0.0));
    }

    /// Hand-worked `p.adjust(p, "BH")`: sorted p 0.001, 0.012, 0.03, 0.04,
    /// 0.5 give m·p/i = 0.005, 0.03, 0.05, 0.05, 0.5, already increasing.
    #[test]
    fn benjamini_hochberg_matches_p_adjust() {
        let close = |a: &[f64], b: &[f64]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12);
        let adj = benjamini_hochberg(&[0.04, 0.001, 0.03, 0.5, 0.012]);
        assert!(close(&adj, &[0.05, 0.005, 0.05, 0.5, 0.03]), "{adj:?}");
        // Sorted 0.01, 0.011, 0.02, 0.5 (m = 4): 0.04, 0.022, 0.0267, 0.5;
        // the running minimum from the top makes 0.04 → 0.022.
        let adj = benjamini_hochberg(&[0.01, 0.011, 0.5, 0.02]);
        assert!(close(&adj, &[0.022, 0.022, 0.5, 0.08 / 3.0]), "{adj:?}");
        // Large p-values: 3·0.6/1 = 1.8 is capped by the running minimum.
        let adj = benjamini_hochberg(&[0.6, 0.7, 0.8]);
        assert!(close(&adj, &[0.8, 0.8, 0.8]), "{adj:?}");
        // Ties share one value; a single test is unchanged.
        assert!(close(&benjamini_hochberg(&[0.02, 0.02]), &[0.02, 0.02]));
        assert!(close(&benjamini_hochberg(&[0.03]), &[0.03]));
        assert!(benjamini_hochberg(&[]).is_empty());
    }

    #[test]
    fn sign_follows_direction() {
        let base = Summary::of_samples(&[10.0]);
        let new = Summary::of_samples(&[9.0]);
        assert!((compare(&new, &base, Better::Lower, 1.0).pct_better.unwrap() - 10.0).abs() < 1e-9);
        assert!((compare(&new, &base, Better::Higher, 1.0).pct_better.unwrap() + 10.0).abs() < 1e-9);
    }

    #[test]
    fn trimming_drops_extremes() {
        let v: Vec<Value> = [5.0, 1.0, 3.0, 9.0, 4.0].iter().map(|&x| Value::single(x)).collect();
        let t: Vec<f64> = trimmed(&v, 1).iter().map(Value::mean).collect();
        assert_eq!(t, vec![3.0, 4.0, 5.0]);
        // Absurd trims leave the values alone (and do not overflow).
        assert_eq!(trimmed(&v, 2).len(), 1);
        assert_eq!(trimmed(&v, 3).len(), 5);
        assert_eq!(trimmed(&v, usize::MAX).len(), 5);
    }

    #[test]
    fn values_near_f64_max_are_summarised_without_overflow() {
        let big = 1.7e308;
        let s = Summary::of(&[Value::single(big), Value::single(big), Value::single(big)]).unwrap();
        assert!((s.mean - big).abs() <= 1e-15 * big, "{s:?}");
        assert_eq!((s.stddev, s.min, s.max, s.median), (Some(0.0), big, big, big));
        let s = Summary::of_samples(&[big, big / 2.0]);
        assert!(s.mean.is_finite() && s.stddev.unwrap().is_finite(), "{s:?}");
        let pooled =
            Summary::of(&[Value::Summary { mean: big, stddev: Some(1e300), n: 3 }, Value::single(big)]).unwrap();
        assert!(pooled.mean.is_finite() && pooled.stddev.unwrap().is_finite(), "{pooled:?}");
        let one = Summary::of_samples(&[1.0, 1.0, 1.0]);
        assert_eq!(compare(&s, &one, crate::model::Better::Higher, 0.1).pct_better, None);
    }
}
