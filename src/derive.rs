//! Derived metrics the field uses, computed from the samples.
//!
//! * tiobench: `CPU Eff` = Rate / CPU% × 100 (MB/s per full CPU; unit "",
//!   bigger is better). The seed post 000 shows 13.23 MB/s at 43.2% CPU as
//!   30.62. tiobench prints this column itself; benchsite recomputes it from
//!   each row's Rate and CPU% and replaces the printed, rounded value.
//! * Bonnie and bonnie++: `<test> CPU Eff` = rate / %CPU × 100 for every
//!   test that prints a %CPU (KB/s, seeks/s or files/s per full CPU, in the
//!   rate's unit; bigger is better), as the seed post 000's "Eff" columns.
//!
//! A pair is one row of the output: same kernel, group, parameters and line.
//! A %CPU of 0 (bonnie++ prints it for very short tests) gives no
//! efficiency. Values are rounded to two decimals, as the posts print them.

use crate::model::{Better, Metric, ParsedFile, Sample, Value};

/// Rounds to two decimals through the decimal representation, so that
/// 13.23 / 43.2 × 100 = 30.624999… prints as 30.62, as tiobench does.
fn two_decimals(v: f64) -> f64 {
    format!("{v:.2}").parse().unwrap_or(v)
}

fn same_row(a: &Sample, b: &Sample) -> bool {
    a.kernel == b.kernel && a.group == b.group && a.params == b.params && a.line == b.line
}

fn efficiency(rate: &Sample, cpu: &Sample, name: String, unit: &str) -> Option<Sample> {
    let (Value::Single { value: r }, Value::Single { value: c }) = (rate.value, cpu.value) else {
        return None;
    };
    if c <= 0.0 || !r.is_finite() {
        return None;
    }
    let mut s = rate.clone();
    s.metric = Metric::new(name, unit, Better::Higher);
    s.value = Value::single(two_decimals(r / c * 100.0));
    Some(s)
}

/// Adds (or recomputes) the derived metrics of one parsed file.
pub fn derive(parsed: &mut ParsedFile) {
    match parsed.benchmark.as_str() {
        "tiobench" => {
            let mut derived = Vec::new();
            for rate in parsed.samples.iter().filter(|s| s.metric.name == "Rate") {
                if let Some(cpu) = parsed.samples.iter().find(|c| c.metric.name == "CPU%" && same_row(rate, c))
                    && let Some(eff) = efficiency(rate, cpu, "CPU Eff".to_string(), "")
                {
                    derived.push(eff);
                }
            }
            // The computed value replaces the printed one of the same row.
            parsed.samples.retain(|s| !(s.metric.name == "CPU Eff" && derived.iter().any(|d| same_row(d, s))));
            insert_after_rows(&mut parsed.samples, derived);
        }
        "bonnie" | "bonnie++" => {
            let mut derived = Vec::new();
            for cpu in parsed.samples.iter().filter(|s| s.metric.name.ends_with(" %CPU")) {
                let test = cpu.metric.name.trim_end_matches(" %CPU");
                if let Some(rate) = parsed.samples.iter().find(|r| r.metric.name == test && same_row(r, cpu))
                    && let Some(eff) = efficiency(rate, cpu, format!("{test} CPU Eff"), &rate.metric.unit)
                {
                    derived.push(eff);
                }
            }
            insert_after_rows(&mut parsed.samples, derived);
        }
        _ => {}
    }
}

/// Appends derived samples right after the last sample of their row, so
/// tables list them next to what they come from.
fn insert_after_rows(samples: &mut Vec<Sample>, derived: Vec<Sample>) {
    for d in derived {
        let at = samples.iter().rposition(|s| same_row(s, &d)).map_or(samples.len(), |i| i + 1);
        samples.insert(at, d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, unit: &str, v: f64) -> Sample {
        Sample::new(Metric::new(name, unit, Better::Neither), v, 16)
            .with_kernel("2.4.17")
            .with_group("Sequential Reads")
            .with_param("threads", 1)
    }

    #[test]
    fn tiobench_cpu_eff_from_rate_and_cpu() {
        let mut p = ParsedFile {
            benchmark: "tiobench".into(),
            samples: vec![row("Rate", "MB/s", 13.23), row("CPU%", "%", 43.2), row("CPU Eff", "", 31.0)],
            ..ParsedFile::default()
        };
        derive(&mut p);
        let eff: Vec<&Sample> = p.samples.iter().filter(|s| s.metric.name == "CPU Eff").collect();
        assert_eq!(eff.len(), 1);
        assert_eq!(eff[0].value.mean(), 30.62);
        assert_eq!(eff[0].metric.better, Better::Higher);
    }

    #[test]
    fn bonnie_eff_per_test_and_zero_cpu_skipped() {
        let mut p = ParsedFile {
            benchmark: "bonnie++".into(),
            samples: vec![
                row("Block", "KB/s", 14909.0),
                row("Block %CPU", "%", 66.0),
                row("Seeks", "seeks/s", 132.0),
                row("Seeks %CPU", "%", 0.0),
            ],
            ..ParsedFile::default()
        };
        derive(&mut p);
        let names: Vec<&str> = p.samples.iter().map(|s| s.metric.name.as_str()).collect();
        assert_eq!(names, vec!["Block", "Block %CPU", "Seeks", "Seeks %CPU", "Block CPU Eff"]);
        assert_eq!(p.samples[4].value.mean(), 22589.39);
        assert_eq!(p.samples[4].metric.unit, "KB/s");
    }
}
