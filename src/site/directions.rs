//! One better direction per metric within a machine class.
//!
//! A metric is named by its benchmark, group, name and unit. Two results
//! of one such name, one bigger-is-better and one smaller-is-better (a
//! generic CSV whose rows disagree on `better`, or two files that do), are
//! two metrics that read alike: each became a column `Time` of its own,
//! side by side, and no reader could tell which was which (attack #22).
//! They are kept apart under names that say their direction (`Time
//! (bigger is better)`, `Time (smaller is better)`), with one warning per
//! metric naming the file and line of each direction. `benchsite parse
//! FILE` gives the same warning for one file's segments
//! ([`opposite_directions`], [`opposite_warning`]).

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::model::{Better, ParsedFile};
use compact_str::{CompactString, format_compact};
use rustc_hash::FxHashMap;

/// A metric read both bigger- and smaller-is-better: its benchmark,
/// group, name and unit, and where it was first read each way (the index
/// of its file in the list given to [`opposite_directions`], and the
/// line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opposite {
    /// Benchmark id, group, metric name and unit, as the samples hold them.
    pub key: (CompactString, CompactString, CompactString, CompactString),
    /// Where it was first read as bigger-is-better: (file index, line).
    pub higher: (usize, usize),
    /// Where it was first read as smaller-is-better: (file index, line).
    pub lower: (usize, usize),
}

/// The metrics of `files` (one machine class's result files, or one raw
/// file's segments) read both bigger- and smaller-is-better, in the order
/// of where each was first read. Metrics with no better direction (MHz,
/// counts) are never among them.
pub fn opposite_directions<'a>(files: impl IntoIterator<Item = &'a ParsedFile>) -> Vec<Opposite> {
    // Keyed by the names as the samples hold them (borrowed: no copy per
    // sample); only a metric read both ways is copied out. By benchmark
    // first: a file's samples share its benchmark, looked up once a file.
    type Names<'a> = (&'a str, &'a str, &'a str);
    type Sides = [Option<(usize, usize)>; 2];
    let mut seen: FxHashMap<&str, FxHashMap<Names, Sides>> = FxHashMap::default();
    for (ri, parsed) in files.into_iter().enumerate() {
        let names = seen.entry(parsed.benchmark.as_str()).or_default();
        for s in &parsed.samples {
            let side = match s.metric.better {
                Better::Higher => 0,
                Better::Lower => 1,
                Better::Neither => continue,
            };
            let at = names.entry((s.group.as_str(), s.metric.name.as_str(), s.metric.unit.as_str())).or_default();
            at[side].get_or_insert((ri, s.line));
        }
    }
    let mut both: Vec<Opposite> = seen
        .into_iter()
        .flat_map(|(b, names)| {
            names.into_iter().filter_map(move |((g, n, u), at)| match at {
                [Some(higher), Some(lower)] => {
                    Some(Opposite { key: (b.into(), g.into(), n.into(), u.into()), higher, lower })
                }
                _ => None,
            })
        })
        .collect();
    both.sort_by(|a, b| a.higher.min(a.lower).cmp(&b.higher.min(b.lower)).then_with(|| a.key.cmp(&b.key)));
    both
}

/// The warning for one metric read both ways: where to put it (the file
/// index and line it was first read at) and its text, `metric `Time` (s)
/// of generic is read as bigger is better here and as smaller is better
/// at 2.4.8/r.csv line 3: two metrics of one name, kept apart as …`.
/// `file_name` names a file by its index; the other place is named by its
/// line alone when it is in the first place's file.
pub fn opposite_warning(o: &Opposite, file_name: impl Fn(usize) -> String) -> (usize, usize, String) {
    let (bench, group, name, unit) = &o.key;
    let unit_text = if unit.is_empty() { String::new() } else { format!(" ({unit})") };
    let group_text = if group.is_empty() { String::new() } else { format!(", {group}") };
    let ((first, first_line), (other, other_line), first_word, other_word) = if o.higher <= o.lower {
        (o.higher, o.lower, Better::Higher, Better::Lower)
    } else {
        (o.lower, o.higher, Better::Lower, Better::Higher)
    };
    let there = if first == other {
        format!("line {other_line}")
    } else {
        let other_name = file_name(other);
        if other_name == file_name(first) {
            format!("line {other_line}")
        } else {
            format!("{other_name} line {other_line}")
        }
    };
    let text = format!(
        "metric `{name}`{unit_text} of {bench}{group_text} is read as {} here and as {} at {there}: two metrics of one name, kept apart as `{name} ({})` and `{name} ({})`; give them different names, or one `better:`",
        first_word.phrase(),
        other_word.phrase(),
        Better::Higher.phrase(),
        Better::Lower.phrase(),
    );
    (first, first_line, text)
}

/// Renames the metrics of `results` (one machine class) given both better
/// directions, and warns of each (see the module docs).
pub(super) fn keep_apart_opposite_directions(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    let both = opposite_directions(results.iter().map(|rf| &rf.parsed));
    if both.is_empty() {
        return;
    }
    for o in &both {
        let (first, line, text) = opposite_warning(o, |i| results[i].rel_path.clone());
        diags.push(Diagnostic::warning(&results[first].path, Some(line), text));
    }
    for rf in results.iter_mut() {
        for s in &mut rf.parsed.samples {
            if s.metric.better == Better::Neither {
                continue;
            }
            let hit = both.iter().any(|Opposite { key: (b, g, n, u), .. }| {
                *n == s.metric.name && *u == s.metric.unit && *g == s.group && b.as_str() == rf.parsed.benchmark
            });
            if hit {
                s.metric.name = format_compact!("{} ({})", s.metric.name, s.metric.better.phrase());
            }
        }
    }
}
