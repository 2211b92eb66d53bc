//! Statistics over the runs of one kernel × metric.
//!
//! Benchmark comparisons are made from a handful of runs (3 to 10), so the
//! summary keeps everything a reader needs to judge how solid a number is:
//! n, mean, sample standard deviation, coefficient of variation, min, max and
//! median. A file may itself report a summary ([`Value::Summary`], e.g.
//! kernbench's mean and standard deviation over 5 runs); such a summary is
//! kept with its n and combined with others by the pooled formulas, never
//! counted as one sample.

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
    /// Sample standard deviation (n − 1 denominator); `None` when n < 2 or
    /// when a reported summary gave no deviation.
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
        let n: u32 = groups.iter().map(|g| g.2).sum();
        let mean = groups.iter().map(|g| g.0 * f64::from(g.2)).sum::<f64>() / f64::from(n);
        let stddev = if n < 2 {
            None
        } else if groups.len() == 1 {
            groups[0].1
        } else if groups.iter().all(|g| g.1.is_some() || g.2 == 1) {
            let within: f64 = groups.iter().map(|g| f64::from(g.2 - 1) * g.1.unwrap_or(0.0).powi(2)).sum();
            let between: f64 = groups.iter().map(|g| f64::from(g.2) * (g.0 - mean).powi(2)).sum();
            Some(((within + between) / f64::from(n - 1)).sqrt())
        } else {
            None
        };
        let means: Vec<f64> = groups.iter().map(|g| g.0).collect();
        let base = Self::of_samples(&means);
        Some(Summary { n, mean, stddev, cv: cv(mean, stddev), min: base.min, max: base.max, median: base.median })
    }

    /// Summarises plain samples. `xs` must not be empty.
    pub fn of_samples(xs: &[f64]) -> Summary {
        let n = xs.len();
        let mean = xs.iter().sum::<f64>() / n as f64;
        let stddev = if n >= 2 {
            let ss: f64 = xs.iter().map(|x| (x - mean).powi(2)).sum();
            Some((ss / (n as f64 - 1.0)).sqrt())
        } else {
            None
        };
        let mut sorted = xs.to_vec();
        sorted.sort_by(f64::total_cmp);
        let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 };
        Summary { n: n as u32, mean, stddev, cv: cv(mean, stddev), min: sorted[0], max: sorted[n - 1], median }
    }
}

fn cv(mean: f64, stddev: Option<f64>) -> Option<f64> {
    stddev.filter(|_| mean != 0.0).map(|s| s / mean.abs())
}

/// The number of decimals needed to print every value exactly as a benchmark
/// printed it (at most 6): `[9.2929, 9.56338]` → 5, `[63.553]` → 3,
/// `[1347.0]` → 0. Used to give each table column one precision.
pub fn decimals_needed(values: &[f64]) -> usize {
    values
        .iter()
        .map(|&v| {
            (0..=6)
                .find(|&d| {
                    let scale = 10f64.powi(d as i32);
                    ((v * scale).round() - v * scale).abs() < 1e-6 * scale.max(1.0)
                })
                .unwrap_or(6)
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn decimals() {
        assert_eq!(decimals_needed(&[9.2929, 9.56338, 9.17032]), 5);
        assert_eq!(decimals_needed(&[63.553]), 3);
        assert_eq!(decimals_needed(&[1347.0]), 0);
        assert_eq!(decimals_needed(&[0.1 + 0.2]), 1);
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
/// but different samples give p = 0.
pub fn welch(a: &Summary, b: &Summary) -> Option<Welch> {
    let (sa, sb) = (a.stddev?, b.stddev?);
    if a.n < 2 || b.n < 2 {
        return None;
    }
    let (na, nb) = (f64::from(a.n), f64::from(b.n));
    let (va, vb) = (sa * sa / na, sb * sb / nb);
    let se2 = va + vb;
    if se2 == 0.0 {
        let p = if a.mean == b.mean { 1.0 } else { 0.0 };
        return Some(Welch { t: if p == 1.0 { 0.0 } else { f64::INFINITY }, df: na + nb - 2.0, p });
    }
    let t = (a.mean - b.mean) / se2.sqrt();
    let df = se2 * se2 / (va * va / (na - 1.0) + vb * vb / (nb - 1.0));
    use statrs::distribution::{ContinuousCDF, StudentsT};
    let dist = StudentsT::new(0.0, 1.0, df).ok()?;
    let p = (2.0 * (1.0 - dist.cdf(t.abs()))).clamp(0.0, 1.0);
    Some(Welch { t, df, p })
}

/// How a kernel's value compares with the baseline's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Comparison {
    /// Raw difference, value − baseline, in the metric's unit.
    pub diff: f64,
    /// Relative change in percent, signed so that positive is *better*
    /// whatever the metric's direction (for a "smaller is better" metric a
    /// drop from 10 to 9 is +10%). For metrics with no better direction it
    /// is the plain relative change. `None` when the baseline is 0.
    pub pct_better: Option<f64>,
    /// Welch's test, when both sides have n ≥ 2 with a deviation.
    pub welch: Option<Welch>,
    /// True when the test says the change is significant at the chosen α.
    pub significant: bool,
}

/// Compares `value` with `baseline` for a metric whose better direction is
/// `better`, testing significance at level `alpha`.
pub fn compare(value: &Summary, baseline: &Summary, better: crate::model::Better, alpha: f64) -> Comparison {
    let diff = value.mean - baseline.mean;
    let rel = (baseline.mean != 0.0).then(|| diff / baseline.mean.abs() * 100.0);
    let pct_better = rel.map(|r| if better == crate::model::Better::Lower { -r } else { r });
    let welch = welch(value, baseline);
    Comparison { diff, pct_better, welch, significant: welch.is_some_and(|w| w.p < alpha) }
}

/// Drops the `trim` highest and `trim` lowest of plain samples before
/// summarising (the seed post 001 ran each test 7 times and threw the
/// extremes away). Reported summaries are never trimmed; when fewer than
/// `2 × trim + 1` samples remain nothing is dropped.
pub fn trimmed(values: &[Value], trim: usize) -> Vec<Value> {
    if trim == 0 || values.len() < 2 * trim + 1 || values.iter().any(|v| matches!(v, Value::Summary { .. })) {
        return values.to_vec();
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| a.mean().total_cmp(&b.mean()));
    sorted[trim..sorted.len() - trim].to_vec()
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
        let c = compare(&a, &b, Better::Higher, 0.05);
        assert!(!c.significant);
        assert!(c.welch.is_none());
    }

    #[test]
    fn sign_follows_direction() {
        let base = Summary::of_samples(&[10.0]);
        let new = Summary::of_samples(&[9.0]);
        assert!((compare(&new, &base, Better::Lower, 0.05).pct_better.unwrap() - 10.0).abs() < 1e-9);
        assert!((compare(&new, &base, Better::Higher, 0.05).pct_better.unwrap() + 10.0).abs() < 1e-9);
    }

    #[test]
    fn trimming_drops_extremes() {
        let v: Vec<Value> = [5.0, 1.0, 3.0, 9.0, 4.0].iter().map(|&x| Value::single(x)).collect();
        let t: Vec<f64> = trimmed(&v, 1).iter().map(Value::mean).collect();
        assert_eq!(t, vec![3.0, 4.0, 5.0]);
    }
}
