//! One better direction per metric within a machine class.
//!
//! A metric is named by its benchmark, group, name and unit. Two results
//! of one such name, one bigger-is-better and one smaller-is-better (a
//! generic CSV whose rows disagree on `better`, or two files that do), are
//! two metrics that read alike: each became a column `Time` of its own,
//! side by side, and no reader could tell which was which (attack #22).
//! They are kept apart under names that say their direction (`Time
//! (bigger is better)`, `Time (smaller is better)`), with one warning per
//! metric naming the file and line of each direction.

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::model::Better;
use compact_str::{CompactString, format_compact};
use rustc_hash::FxHashMap;

/// Renames the metrics of `results` (one machine class) given both better
/// directions, and warns of each (see the module docs).
pub(super) fn keep_apart_opposite_directions(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    // Each metric: where it was first read as bigger-is-better, and where
    // as smaller-is-better (file index, line).
    type Key = (CompactString, CompactString, CompactString, CompactString);
    // A metric, and where it was first read each way (file index, line).
    type Both = (Key, (usize, usize), (usize, usize));
    // Keyed by the names as the samples hold them (borrowed: no copy per
    // sample); only a metric read both ways is copied out. By benchmark
    // first: a file's samples share its benchmark, looked up once a file.
    type Names<'a> = (&'a str, &'a str, &'a str);
    type Sides = [Option<(usize, usize)>; 2];
    let mut seen: FxHashMap<&str, FxHashMap<Names, Sides>> = FxHashMap::default();
    for (ri, rf) in results.iter().enumerate() {
        let names = seen.entry(rf.parsed.benchmark.as_str()).or_default();
        for s in &rf.parsed.samples {
            let side = match s.metric.better {
                Better::Higher => 0,
                Better::Lower => 1,
                Better::Neither => continue,
            };
            let at = names.entry((s.group.as_str(), s.metric.name.as_str(), s.metric.unit.as_str())).or_default();
            at[side].get_or_insert((ri, s.line));
        }
    }
    let mut both: Vec<Both> = seen
        .into_iter()
        .flat_map(|(b, names)| {
            names.into_iter().filter_map(move |((g, n, u), at)| match at {
                [Some(h), Some(l)] => Some(((b.into(), g.into(), n.into(), u.into()), h, l)),
                _ => None,
            })
        })
        .collect();
    if both.is_empty() {
        return;
    }
    both.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    for ((bench, group, name, unit), (hf, hl), (lf, ll)) in &both {
        let unit_text = if unit.is_empty() { String::new() } else { format!(" ({unit})") };
        let group_text = if group.is_empty() { String::new() } else { format!(", {group}") };
        let (first, first_line, other, other_line, first_word, other_word) = if (hf, hl) <= (lf, ll) {
            (*hf, *hl, *lf, *ll, Better::Higher, Better::Lower)
        } else {
            (*lf, *ll, *hf, *hl, Better::Lower, Better::Higher)
        };
        let there = if first == other {
            format!("line {other_line}")
        } else {
            format!("{} line {other_line}", results[other].rel_path)
        };
        diags.push(Diagnostic::warning(
            &results[first].path,
            Some(first_line),
            format!(
                "metric `{name}`{unit_text} of {bench}{group_text} is read as {} here and as {} at {there}: two metrics of one name, kept apart as `{name} ({})` and `{name} ({})`; give them different names, or one `better:`",
                first_word.phrase(),
                other_word.phrase(),
                Better::Higher.phrase(),
                Better::Lower.phrase(),
            ),
        ));
    }
    for rf in results.iter_mut() {
        for s in &mut rf.parsed.samples {
            if s.metric.better == Better::Neither {
                continue;
            }
            let hit = both.iter().any(|((b, g, n, u), ..)| {
                *n == s.metric.name && *u == s.metric.unit && *g == s.group && b.as_str() == rf.parsed.benchmark
            });
            if hit {
                s.metric.name = format_compact!("{} ({})", s.metric.name, s.metric.better.phrase());
            }
        }
    }
}
