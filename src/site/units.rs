//! One unit per metric within a machine class.
//!
//! A benchmark may print one metric in several units: fio switches from
//! `KiB/s` to `MiB/s` and from `usec` to `nsec` with the magnitude, and
//! two tools (or two versions of one) spell the same unit differently
//! (`MB/s`, `MB/sec`, `MB per sec`). Left alone, each unit would be a
//! column of its own, a cell split in two and the runs of one kernel
//! never compared. [`unify`] converts every value of a metric (same
//! benchmark, group, name and better direction) to one unit, the one most
//! of its values are printed in (of equals the coarsest: `MiB/s` over
//! `KiB/s`, `usec` over `nsec`), where the conversion is exact:
//!
//! - times: `ns`/`nsec`/`nanoseconds`, `µs`/`us`/`usec`, `ms`/`msec`,
//!   `s`/`sec`/`secs`/`seconds`;
//! - binary sizes and rates: `B`, `KiB`, `MiB`, `GiB` (per second);
//! - bit rates: `bits/sec`, `Kbits/sec`, `Mbits/sec` (`10^6bits/s`),
//!   `Gbits/sec`, powers of 1000;
//! - `KB`, `MB`, `GB` (per second; also spelled `MBytes`, netperf's
//!   `-f M`) are powers of 1024 for fio (whose 2.x
//!   reports print them so); for another benchmark K may mean 1000 or
//!   1024, so two prefixes are not converted but the same prefix spelled
//!   two ways is merged.
//!
//! A metric whose units cannot be converted keeps them (one column per
//! unit) with one warning naming both files and lines.
//!
//! Every sample of a converted metric gets its printed step in the target
//! unit ([`crate::model::Sample::step`]): the finest step of the class's
//! values printed in its unit, times the factor (a step a parser knew
//! scales with the value). `1.01 MiB/s` converted to KiB/s reads 1034.24,
//! which seems printed to a hundredth of a KiB/s; it was printed to
//! 10.24 KiB/s, and a test of it against 1031 KiB/s is bounded by that.

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::model::{Better, Value};
use crate::stats::{printed_decimals, step};
use compact_str::CompactString;
use rustc_hash::FxHashMap;

/// What a unit measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dimension {
    Time,
    Bytes,
    BytesPerSecond,
    BitsPerSecond,
}

/// How a unit's prefix scales.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Scale {
    /// An exact factor to the dimension's base unit.
    Exact(f64),
    /// A power of K whose base (1000 or 1024) the unit does not say.
    PowerOfK(i32),
}

/// The dimension and scale of `unit`, when it is one [`unify`] knows.
fn parse_unit(unit: &str) -> Option<(Dimension, Scale)> {
    use Dimension::*;
    let exact = |d, f: f64| Some((d, Scale::Exact(f)));
    match unit {
        "ns" | "nsec" | "nsecs" | "nanosecs" | "nanoseconds" => return exact(Time, 1e-9),
        "µs" | "us" | "usec" | "usecs" | "microseconds" => return exact(Time, 1e-6),
        "ms" | "msec" | "msecs" | "milliseconds" => return exact(Time, 1e-3),
        "s" | "sec" | "secs" | "seconds" => return exact(Time, 1.0),
        "10^3bits/s" | "10^3bits/sec" => return exact(BitsPerSecond, 1e3),
        "10^6bits/s" | "10^6bits/sec" => return exact(BitsPerSecond, 1e6),
        "10^9bits/s" | "10^9bits/sec" => return exact(BitsPerSecond, 1e9),
        _ => {}
    }
    let (amount, per_second) =
        match unit.strip_suffix("/s").or_else(|| unit.strip_suffix("/sec")).or_else(|| unit.strip_suffix(" per sec")) {
            Some(a) => (a, true),
            None => (unit, false),
        };
    if let Some(prefix) = amount.strip_suffix("bits") {
        let power = power_of(prefix.strip_suffix('i').unwrap_or(prefix))?;
        return per_second.then_some((BitsPerSecond, Scale::Exact(1000f64.powi(power))));
    }
    let dimension = if per_second { BytesPerSecond } else { Bytes };
    if let Some(prefix) = amount.strip_suffix("iB") {
        let power = power_of(prefix)?;
        return (power > 0).then_some((dimension, Scale::Exact(1024f64.powi(power))));
    }
    // netperf's `-f M` spells bytes out: `MBytes/sec`, `MBytes  /s`.
    let prefix = amount.strip_suffix("Bytes").or_else(|| amount.strip_suffix('B'))?;
    match power_of(prefix)? {
        0 => Some((dimension, Scale::Exact(1.0))),
        power => Some((dimension, Scale::PowerOfK(power))),
    }
}

/// The power of a metric prefix: `""` 0, `K`/`k` 1, `M` 2, `G` 3, `T` 4.
fn power_of(prefix: &str) -> Option<i32> {
    match prefix {
        "" => Some(0),
        "K" | "k" => Some(1),
        "M" => Some(2),
        "G" => Some(3),
        "T" => Some(4),
        _ => None,
    }
}

/// The base of K, M, G in `benchmark`'s units, where it is known.
fn base_of_k(benchmark: &str) -> Option<f64> {
    match benchmark {
        "fio" => Some(1024.0),
        _ => None,
    }
}

/// Where a unit of a metric was first seen: (result index, sample index),
/// and how many samples use it.
struct UnitUse<'a> {
    unit: &'a str,
    first: (usize, usize),
    count: usize,
    /// The most decimals a value printed in this unit shows
    /// ([`printed_decimals`]), of samples whose step is not known.
    decimals: i32,
}

/// Converts each metric of `results` (one machine class) to one unit
/// where its samples use several that convert exactly (module docs);
/// warns, once per metric, where they do not.
pub fn unify(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    // Keys borrowed from `results`: no string is copied per sample (a
    // large archive has millions); most metrics have one unit, and their
    // Vec of one entry is the only allocation.
    let mut uses: FxHashMap<(&str, &str, &str, Better), Vec<UnitUse>> = FxHashMap::default();
    for (ri, rf) in results.iter().enumerate() {
        for (si, s) in rf.parsed.samples.iter().enumerate() {
            let key = (rf.parsed.benchmark.as_str(), s.group.as_str(), s.metric.name.as_str(), s.metric.better);
            let units = uses.entry(key).or_default();
            let i = match units.iter().position(|u| u.unit == s.metric.unit) {
                Some(i) => i,
                None => {
                    units.push(UnitUse { unit: s.metric.unit.as_str(), first: (ri, si), count: 0, decimals: 0 });
                    units.len() - 1
                }
            };
            units[i].count += 1;
        }
    }
    // The decimals of each unit of a metric printed in several, read only
    // for those (a large archive's million samples mostly have one unit).
    let several: Vec<&str> = {
        let mut b: Vec<&str> = uses.iter().filter(|(_, u)| u.len() > 1).map(|(k, _)| k.0).collect();
        b.sort_unstable();
        b.dedup();
        b
    };
    if !several.is_empty() {
        for rf in results.iter().filter(|rf| several.contains(&rf.parsed.benchmark.as_str())) {
            for s in rf.parsed.samples.iter().filter(|s| s.step.is_none()) {
                let key = (rf.parsed.benchmark.as_str(), s.group.as_str(), s.metric.name.as_str(), s.metric.better);
                if let Some(units) = uses.get_mut(&key).filter(|u| u.len() > 1)
                    && let Some(u) = units.iter_mut().find(|u| u.unit == s.metric.unit)
                {
                    u.decimals = u.decimals.max(printed_decimals([s.value.mean()]));
                }
            }
        }
    }
    let mut conversions: Conversions = FxHashMap::default();
    let mut flagged: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (key, units) in uses.into_iter().filter(|(_, u)| u.len() > 1) {
        match factors(key.0, &units) {
            Some(factors) => {
                let target = target_unit(&units, &factors);
                let of_name = conversions.entry(key.2.into()).or_default();
                // The target unit too: its values are not scaled, but
                // compared with scaled ones they need their step known.
                for (u, f) in units.iter().zip(&factors) {
                    let times = if u.unit == target.0 { 1.0 } else { f / target.1 };
                    of_name.push(Conversion {
                        benchmark: key.0.to_string(),
                        group: key.1.into(),
                        better: key.3,
                        from: u.unit.into(),
                        to: target.0.clone(),
                        times,
                        step: step(u.decimals) * times,
                    });
                }
            }
            None => flagged.push((units[0].first.0, units[0].first.1, units[1].first.0, units[1].first.1)),
        }
    }
    if !conversions.is_empty() {
        convert(results, &conversions);
    }
    flagged.sort_unstable();
    for (ra, sa, rb, sb) in flagged {
        let (a, b) = (&results[ra], &results[rb]);
        let (x, y) = (&a.parsed.samples[sa], &b.parsed.samples[sb]);
        // Both in one file (uperf's rows of two interfaces): its lines.
        let there =
            if ra == rb { format!("at line {}", x.line) } else { format!("in {} (line {})", a.rel_path, x.line) };
        diags.push(Diagnostic::warning(
            &b.path,
            Some(y.line),
            format!(
                "{} {:?} is in {} here and in {} {there}; not converted (whether K, M, G mean powers of 1000 or 1024 in {}'s units is not known), so each unit is a column of its own",
                a.parsed.benchmark, x.metric.name.as_str(), y.metric.unit.as_str(), x.metric.unit.as_str(), a.parsed.benchmark
            ),
        ).of_kind(crate::diag::Kind::UnitClash));
    }
}

/// The exact factor from `from` to `to` for a metric of `benchmark`
/// (`KiB/s` → `MiB/s`: 1/1024), by the rules `unify` converts a class
/// by; `None` when they are not of one dimension or do not convert
/// exactly (`KB/s` and `MB/s` of a benchmark whose K is not known). The
/// cross-class page sets classes side by side that each unified their own
/// units.
pub fn conversion_factor(benchmark: &str, from: &str, to: &str) -> Option<f64> {
    if from == to {
        return Some(1.0);
    }
    let uses = [from, to].map(|unit| UnitUse { unit, first: (0, 0), count: 1, decimals: 0 });
    let f = factors(benchmark, &uses)?;
    Some(f[0] / f[1])
}

/// Each unit's factor to its dimension's base, when every unit of
/// `units` (of one metric of `benchmark`) is known, of one dimension,
/// and converts exactly.
fn factors(benchmark: &str, units: &[UnitUse]) -> Option<Vec<f64>> {
    let parsed: Vec<(Dimension, Scale)> = units.iter().map(|u| parse_unit(u.unit)).collect::<Option<_>>()?;
    let dimension = parsed[0].0;
    if parsed.iter().any(|(d, _)| *d != dimension) {
        return None;
    }
    let powers: Vec<i32> =
        parsed.iter().filter_map(|(_, s)| if let Scale::PowerOfK(p) = s { Some(*p) } else { None }).collect();
    // Powers of an unknown K convert only to themselves (`MB/s`, `MB/sec`)
    // and only when no exact unit is mixed in.
    let k = base_of_k(benchmark)
        .or_else(|| (powers.iter().all(|p| *p == powers[0]) && powers.len() == parsed.len()).then_some(f64::NAN));
    let k = if powers.is_empty() { 1.0 } else { k? };
    Some(
        parsed
            .iter()
            .map(|(_, s)| match *s {
                Scale::Exact(f) => f,
                // One power of an unknown K: any common factor will do.
                Scale::PowerOfK(p) if k.is_nan() => f64::from(p),
                Scale::PowerOfK(p) => k.powi(p),
            })
            .collect(),
    )
}

/// The unit all of `units` convert to: the most used (a reader meets
/// the numbers mostly as printed), of equals the coarsest, then the first
/// seen; with its factor.
fn target_unit(units: &[UnitUse], factors: &[f64]) -> (CompactString, f64) {
    let mut best = 0;
    for i in 1..units.len() {
        let (u, b) = (&units[i], &units[best]);
        if u.count > b.count || (u.count == b.count && factors[i] > factors[best]) {
            best = i;
        }
    }
    (units[best].unit.into(), factors[best])
}

/// One unit of one metric converted: the metric's benchmark, group and
/// better direction (its name is the key of [`Conversions`]), the unit
/// converted and the one it becomes (the same for the target unit), the
/// multiplier (1 for the target unit), and the printed step of the unit's
/// values in the target unit: the finest step a value of the class printed
/// in `from` shows (a `1.00` beside a `1.25` is printed to a hundredth),
/// times the multiplier.
struct Conversion {
    benchmark: String,
    group: CompactString,
    better: Better,
    from: CompactString,
    to: CompactString,
    times: f64,
    step: f64,
}

/// The conversions of a class by metric name: a sample is looked up by
/// its name (a borrowed `&str`, no key built per sample), then matched on
/// the rest.
type Conversions = FxHashMap<CompactString, Vec<Conversion>>;

/// Applies `conversions` to every sample of `results`, and gives each
/// sample of a converted metric its printed step ([`Sample::step`]).
///
/// [`Sample::step`]: crate::model::Sample::step
fn convert(results: &mut [ResultFile], conversions: &Conversions) {
    for rf in results {
        let benchmark = rf.parsed.benchmark.as_str();
        for s in &mut rf.parsed.samples {
            let Some(of_name) = conversions.get(s.metric.name.as_str()) else { continue };
            let Some(c) = of_name.iter().find(|c| {
                c.benchmark == benchmark && c.group == s.group && c.better == s.metric.better && c.from == s.metric.unit
            }) else {
                continue;
            };
            let m = c.times;
            // A step a parser knew (it scaled the value itself) scales on.
            s.step = Some(s.step.map_or(c.step, |st| st * m));
            if c.from == c.to {
                continue;
            }
            s.metric.unit = c.to.clone();
            s.value = match s.value {
                Value::Single { value } => Value::Single { value: decimal(value * m) },
                Value::Summary { mean, stddev, n } => {
                    Value::Summary { mean: decimal(mean * m), stddev: stddev.map(|d| d * m), n }
                }
            };
            // The copies' figures a mean per copy keeps are in its unit.
            if let Some(copies) = s.copies.as_deref_mut() {
                (copies.min, copies.max) = (decimal(copies.min * m), decimal(copies.max * m));
            }
        }
    }
}

/// `v` to fifteen significant digits: a product in binary off the decimal
/// it stands for by its last bit (0.08 msec × 1000 is 80.00000000000001
/// µs, 73216 ns × 0.001 is 73.21600000000001 µs) is that decimal again,
/// as `data.json` and the CSVs print it. No benchmark prints fifteen
/// digits.
fn decimal(v: f64) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    format!("{v:.14e}").parse().unwrap_or(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Metric, Sample};

    fn file(benchmark: &str, rel: &str, samples: &[(&str, &str, f64)]) -> ResultFile {
        let samples = samples
            .iter()
            .enumerate()
            .map(|(i, (name, unit, v))| Sample::new(Metric::new(*name, *unit, Better::Higher), *v, i + 1))
            .collect();
        super::super::testing::result_file(rel, benchmark, samples)
    }

    fn units(results: &[ResultFile]) -> Vec<(String, f64)> {
        results
            .iter()
            .flat_map(|r| r.parsed.samples.iter().map(|s| (s.metric.unit.to_string(), s.value.mean())))
            .collect()
    }

    #[test]
    fn binary_rates_and_times_convert_to_the_coarsest_of_equally_used_units() {
        let mut r = vec![
            file("fio", "a/fio.txt", &[("bw", "KiB/s", 1536.0), ("clat", "nsec", 850.0)]),
            file("fio", "b/fio.txt", &[("bw", "MiB/s", 2.5), ("clat", "usec", 1.25)]),
        ];
        let mut d = Vec::new();
        unify(&mut r, &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            units(&r),
            [("MiB/s".into(), 1.5), ("usec".into(), 0.85), ("MiB/s".into(), 2.5), ("usec".into(), 1.25)]
        );
    }

    #[test]
    fn fio_k_is_1024_and_one_prefix_spelled_two_ways_merges() {
        let mut r = vec![
            file("fio", "a/fio.txt", &[("bw", "KB/s", 2048.0)]),
            file("fio", "b/fio.txt", &[("bw", "MB/s", 3.0)]),
            file("sysbench", "a/sb.txt", &[("read", "MB/s", 10.0)]),
            file("sysbench", "b/sb.txt", &[("read", "MB/sec", 12.0)]),
        ];
        let mut d = Vec::new();
        unify(&mut r, &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            units(&r),
            [("MB/s".into(), 2.0), ("MB/s".into(), 3.0), ("MB/s".into(), 10.0), ("MB/s".into(), 12.0)]
        );
    }

    #[test]
    fn an_unknown_k_is_flagged_not_guessed() {
        let mut r = vec![
            file("dbench", "a/d.txt", &[("Throughput", "KB/s", 2048.0)]),
            file("dbench", "b/d.txt", &[("Throughput", "MB/s", 3.0)]),
            file("x", "a/x.txt", &[("t", "s", 1.0)]),
            file("x", "b/x.txt", &[("t", "MB/s", 1.0)]),
        ];
        let mut d = Vec::new();
        unify(&mut r, &mut d);
        assert_eq!(units(&r), [("KB/s".into(), 2048.0), ("MB/s".into(), 3.0), ("s".into(), 1.0), ("MB/s".into(), 1.0)]);
        assert_eq!(d.len(), 2, "{d:?}");
        assert!(d[0].message.contains("\"Throughput\" is in MB/s here and in KB/s in a/d.txt"), "{}", d[0].message);
        assert_eq!(d[0].line, Some(1));
    }

    /// The printed step of every sample of a converted metric, in the
    /// target unit.
    fn steps(results: &[ResultFile]) -> Vec<Option<f64>> {
        results.iter().flat_map(|r| r.parsed.samples.iter().map(|s| s.step)).collect()
    }

    #[test]
    fn converted_values_keep_the_step_they_were_printed_to() {
        let mut r = vec![
            file("fio", "a/fio.txt", &[("bw", "MiB/s", 1.01), ("bw", "MiB/s", 1.0)]),
            file("fio", "b/fio.txt", &[("bw", "KiB/s", 1030.0), ("bw", "KiB/s", 1031.0)]),
            file("fio", "c/fio.txt", &[("iops", "IOPS", 258.0)]),
        ];
        unify(&mut r, &mut Vec::new());
        assert_eq!(units(&r)[2], ("MiB/s".into(), 1030.0 / 1024.0));
        // MiB/s: 1.01 is printed to a hundredth, and so is the 1.0 beside
        // it (1.00, its trailing zero not read); KiB/s to one KiB.
        assert_eq!(steps(&r), [Some(0.01), Some(0.01), Some(1.0 / 1024.0), Some(1.0 / 1024.0), None]);
        // A step a parser knew scales with the value.
        let mut r = vec![
            file("iperf3", "a/i.txt", &[("rate", "Mbits/sec", 1000.0)]),
            file("iperf3", "b/i.txt", &[("rate", "Gbits/sec", 0.5)]),
        ];
        r[0].parsed.samples[0].step = Some(10.0);
        r[1].parsed.samples[0].value = Value::single(0.5);
        r.push(file("iperf3", "c/i.txt", &[("rate", "Gbits/sec", 0.75)]));
        unify(&mut r, &mut Vec::new());
        assert_eq!(units(&r).iter().map(|u| u.0.as_str()).collect::<Vec<_>>(), ["Gbits/sec"; 3]);
        assert_eq!(steps(&r), [Some(0.01), Some(0.01), Some(0.01)]);
    }

    #[test]
    fn a_converted_value_is_the_decimal_it_stands_for() {
        let mut r = vec![
            file("fio", "a/fio.txt", &[("clat", "msec", 0.08), ("clat", "msec", 1.0)]),
            file("fio", "b/fio.txt", &[("clat", "usec", 73.216), ("clat", "usec", 1.5), ("clat", "usec", 2.5)]),
            file("fio", "c/fio.txt", &[("clat", "nsec", 73216.0)]),
        ];
        unify(&mut r, &mut Vec::new());
        let v: Vec<f64> = units(&r).into_iter().map(|u| u.1).collect();
        assert_eq!(v, [80.0, 1000.0, 73.216, 1.5, 2.5, 73.216]);
    }

    #[test]
    fn netperf_powers_of_ten_convert() {
        let mut r = vec![
            file("netperf", "a/n.txt", &[("Throughput", "10^6bits/sec", 941.5)]),
            file("netperf", "b/n.txt", &[("Throughput", "10^9bits/sec", 9.41)]),
            file("netperf", "c/n.txt", &[("Throughput", "10^9bits/sec", 9.4)]),
        ];
        let mut d = Vec::new();
        unify(&mut r, &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            units(&r),
            [("10^9bits/sec".into(), 0.9415), ("10^9bits/sec".into(), 9.41), ("10^9bits/sec".into(), 9.4)]
        );
    }

    /// netperf 2.4.2's `-f M` prints `MBytes  /s` with `-c -C` and
    /// `MBytes/sec` without (Michael S. Tsirkin, LKML 2006-10): one unit.
    #[test]
    fn netperf_mbytes_spelled_two_ways_merge() {
        let mut r = vec![
            file("netperf", "a/n.txt", &[("Throughput", "MBytes/s", 286.45)]),
            file("netperf", "b/n.txt", &[("Throughput", "MBytes/sec", 782.55)]),
            file("netperf", "c/n.txt", &[("Throughput", "MBytes/sec", 780.0)]),
        ];
        let mut d = Vec::new();
        unify(&mut r, &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            units(&r),
            [("MBytes/sec".into(), 286.45), ("MBytes/sec".into(), 782.55), ("MBytes/sec".into(), 780.0)]
        );
    }

    #[test]
    fn summaries_convert_mean_and_spread() {
        let mut r =
            vec![file("fio", "a/fio.txt", &[("bw", "KiB/s", 1.0)]), file("fio", "b/fio.txt", &[("bw", "MiB/s", 1.0)])];
        r[0].parsed.samples[0].value = Value::Summary { mean: 2048.0, stddev: Some(512.0), n: 3 };
        unify(&mut r, &mut Vec::new());
        assert_eq!(r[0].parsed.samples[0].value, Value::Summary { mean: 2.0, stddev: Some(0.5), n: 3 });
    }
}
