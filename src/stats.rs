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
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
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
            let within: f64 = groups
                .iter()
                .map(|g| f64::from(g.2 - 1) * g.1.unwrap_or(0.0).powi(2))
                .sum();
            let between: f64 = groups.iter().map(|g| f64::from(g.2) * (g.0 - mean).powi(2)).sum();
            Some(((within + between) / f64::from(n - 1)).sqrt())
        } else {
            None
        };
        let means: Vec<f64> = groups.iter().map(|g| g.0).collect();
        let base = Self::of_samples(&means);
        Some(Summary {
            n,
            mean,
            stddev,
            cv: cv(mean, stddev),
            min: base.min,
            max: base.max,
            median: base.median,
        })
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
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
        };
        Summary {
            n: n as u32,
            mean,
            stddev,
            cv: cv(mean, stddev),
            min: sorted[0],
            max: sorted[n - 1],
            median,
        }
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
