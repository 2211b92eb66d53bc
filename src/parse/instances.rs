//! LKP's concurrent instances: a harness log whose results are headed
//! `Instance: 1`, `Instance: 2`, … holds the outputs of copies of one
//! benchmark run at once (LKP's `nr_instances`; the copies start at the
//! same second). How many ran together is a set-up, as netperf's copies
//! are ([`super::netperf`]'s `copies`): two schbench instances sharing
//! the machine are no runs to compare with one instance alone. And the
//! copies of one launch are ONE run ([`one_run_per_launch`]): their
//! spread is within a run, so no t-test is made over them.

use std::collections::HashMap;

use compact_str::CompactString;

use super::input::Input;
use crate::model::{Metric, Param, ParsedFile, Sample};

/// How many concurrent instances `input`'s `Instance: N` lines (LKP's,
/// at the start of a line) number: the highest `N` where two or more
/// distinct numbers are printed, else `None` (one instance, or none
/// named).
pub fn concurrent(input: &Input) -> Option<u32> {
    let mut seen: Vec<u32> = Vec::new();
    for line in &input.lines {
        let Some(rest) = line.strip_prefix("Instance:") else { continue };
        let Ok(n) = rest.trim().parse::<u32>() else { continue };
        if !seen.contains(&n) {
            seen.push(n);
        }
    }
    (seen.len() >= 2).then(|| seen.iter().copied().max().unwrap_or(0))
}

/// Where one sample ran: the launch of copies it belongs to (copies
/// started together, one index per launch), and which copy of that
/// launch printed it, `None` where each copy prints each figure once and
/// the copies follow one another (netperf's tables: the n-th table of a
/// figure is the n-th copy's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// Index of the launch (copies started at once).
    pub launch: usize,
    /// The copy (LKP's `Instance: N`), or `None` (see [`Slot`]).
    pub copy: Option<usize>,
}

/// A figure of copies merged by [`one_run_per_launch`]: its first sample,
/// the mean, its launch, how many copies printed it, their printed step,
/// and their lowest and highest figure where they differ.
type MergedFigure = (usize, f64, usize, usize, Option<f64>, Option<Box<crate::model::Copies>>);

/// Copies of a benchmark run at once are ONE run (newcomer42 N1): 16
/// netperf copies started together are no 16 runs of a set-up, and a
/// t-test over them (a 1 % change "adjusted p < 0.001" from one netperf
/// invocation per kernel) claims a repeatability nobody measured: the
/// copies' spread is within one run, not between runs.
///
/// The figures of the copies of one launch (`slots[i]` is sample `i`'s;
/// samples with `None` are left alone) that agree in kernel, group,
/// parameters and metric, and are the same report of each copy (the
/// `j`-th of that figure in its copy: an instance's second iteration
/// meets the other instances' second), become one sample: their mean
/// (the figure per copy, as LKP reports it: netperf's `Throughput_Mbps`,
/// schbench's `wakeup_latency_50%_us`, its `min` and `max` too), at the first
/// copy's line, with one warning per launch at its first merged line. A
/// figure fewer copies printed than printed the set-up's other figures
/// (a copy's report cut short) is not read, warned at its line; a set-up
/// only one copy ran (a lone `TCP_RR` beside `TCP_STREAM` copies) is that
/// copy's, kept as it is. `what` names the copies in the warnings
/// (`"netperf copies"`, `"instances"`).
///
/// Summaries (a typed mean over runs) are never merged: a mean of means
/// of unknown run counts is no figure of a run.
///
/// `started[l]` is how many copies launch `l` started, where the file
/// shows it (LKP's highest `Instance: N`, the `&` commands of a netperf
/// launch; `0` or absent: not shown). The note counts the copies started
/// (the `copies`/`instances` parameter), and where fewer printed a report
/// than were started it warns that the mean is of those that did
/// (attack43 F8: `copies=4` beside "3 netperf copies ran at once").
pub fn one_run_per_launch(out: &mut ParsedFile, slots: &[Option<Slot>], what: &str, started: &[usize]) {
    type Key<'a> = (usize, &'a Option<CompactString>, &'a CompactString, &'a Vec<Param>, &'a Metric, usize);
    // The occurrence of each figure within its copy (or, where copies are
    // not told, within its launch: each copy one occurrence).
    type CopyKey<'a> = (usize, Option<usize>, &'a Option<CompactString>, &'a CompactString, &'a Vec<Param>, &'a Metric);
    let mut seen: HashMap<CopyKey, usize> = HashMap::new();
    let mut groups: HashMap<Key, Vec<usize>> = HashMap::new();
    let mut order: Vec<Key> = Vec::new();
    for (i, s) in out.samples.iter().enumerate() {
        let Some(Some(slot)) = slots.get(i) else { continue };
        if !matches!(s.value, crate::model::Value::Single { .. }) {
            continue;
        }
        let j = match slot.copy {
            Some(c) => {
                let n = seen.entry((slot.launch, Some(c), &s.kernel, &s.group, &s.params, &s.metric)).or_insert(0);
                *n += 1;
                *n - 1
            }
            None => 0,
        };
        let key = (slot.launch, &s.kernel, &s.group, &s.params, &s.metric, j);
        let members = groups.entry(key).or_default();
        if members.is_empty() {
            order.push(key);
        }
        members.push(i);
    }
    // Each merged figure ([`MergedFigure`]).
    let mut merged: Vec<MergedFigure> = Vec::new();
    let mut gone = vec![false; out.samples.len()];
    // How many copies printed the set-up's other figures: a figure of a
    // set-up whose other figures two or more copies printed, printed by
    // fewer, is missing from a copy (its report cut short): no figure of
    // the run, so not read (a figure of a set-up only one copy ran, a
    // lone `TCP_RR` beside `TCP_STREAM` copies, is that copy's).
    let mut most: HashMap<(usize, &Option<CompactString>, &Vec<Param>), usize> = HashMap::new();
    for key in &order {
        let n = most.entry((key.0, key.1, key.3)).or_insert(0);
        *n = (*n).max(groups[key].len());
    }
    // How many copies of each launch printed a report: its set-ups'
    // copies together (2 `UDP_STREAM` and 2 `TCP_STREAM` copies are 4).
    // (LKP's instances are told apart by number: those that printed.)
    let mut printed: HashMap<usize, usize> = HashMap::new();
    let mut told: Vec<(usize, usize)> = slots.iter().flatten().filter_map(|s| Some((s.launch, s.copy?))).collect();
    told.sort_unstable();
    told.dedup();
    for &(launch, _) in &told {
        *printed.entry(launch).or_insert(0) += 1;
    }
    for (&(launch, _, _), &n) in &most {
        if !told.iter().any(|t| t.0 == launch) {
            *printed.entry(launch).or_insert(0) += n;
        }
    }
    let mut short: Vec<(usize, String, usize, usize)> = Vec::new();
    // The lines of the copies' figures read into the first copy's sample.
    let mut merged_away: Vec<usize> = Vec::new();
    for key in &order {
        let members = &groups[key];
        let copies = most[&(key.0, key.1, key.3)];
        if members.len() < copies {
            for &i in members {
                gone[i] = true;
            }
            short.push((
                out.samples[members[0]].line,
                out.samples[members[0]].metric.name.to_string(),
                members.len(),
                copies,
            ));
            continue;
        }
        // One copy's figure where the launch started more and fewer
        // printed a report (a file cut after the first `(instance 0)`
        // rate of `--stream 4`: that one instance's 10455.21 MB/sec stood
        // as the run's, `instances 4`, no word; the mean of the 4 is
        // 9885.98, attack57 F5): the run's figure is that one's, warned
        // as a mean over fewer is. A set-up only one copy ran beside
        // copies of others that all printed (a lone `TCP_RR`) is left.
        let short_launch = started.get(key.0).is_some_and(|&n| n > printed.get(&key.0).copied().unwrap_or(n));
        if members.len() < 2 && !(members.len() == 1 && short_launch) {
            continue;
        }
        // The copies' printed step: the mean is printed no finer (a mean
        // of 16 figures printed to 0.01 is no figure to 0.00001).
        let decimals = members.iter().map(|&i| super::num::decimals_of(out.samples[i].value.mean())).max();
        let step = decimals.map(|d| super::num::pow10(-d));
        let mean = members.iter().map(|&i| out.samples[i].value.mean()).sum::<f64>() / members.len() as f64;
        // The copies' lowest and highest figure, where they differ: the
        // sample keeps them (newcomer44 N7: 9 and 90 usec read as 49.5).
        let figures = members.iter().map(|&i| out.samples[i].value.mean());
        let (min, max) = figures.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
        let n = u32::try_from(members.len()).unwrap_or(u32::MAX);
        let copies = (min < max).then(|| Box::new(crate::model::Copies { n, min, max }));
        merged.push((members[0], mean, key.0, members.len(), step, copies));
        for &i in &members[1..] {
            gone[i] = true;
            merged_away.push(out.samples[i].line);
        }
    }
    if merged.is_empty() && short.is_empty() {
        return;
    }
    out.notes.extend(short.into_iter().map(|(line, metric, n, copies)| {
        let msg = format!(
            "`{metric}` printed by {n} of the {copies} {what} run at once (the others' report of it is missing or \
             cut short): no figure of the whole run, not read"
        );
        (line, msg)
    }));
    // One note per launch, at its first merged figure's line.
    let mut notes: Vec<(usize, usize, usize)> = Vec::new();
    for (i, mean, launch, copies, step, spread) in merged {
        let s: &mut Sample = &mut out.samples[i];
        s.value = crate::model::Value::single(mean + 0.0);
        s.step = s.step.or(step);
        s.copies = spread;
        match notes.iter_mut().find(|(l, _, _)| *l == launch) {
            Some(n) => {
                n.1 = n.1.min(s.line);
                n.2 = n.2.max(copies);
            }
            None => notes.push((launch, s.line, copies)),
        }
    }
    out.merged_lines.extend(merged_away);
    out.merged_lines.sort_unstable();
    out.merged_lines.dedup();
    let mut k = 0;
    out.samples.retain(|_| {
        k += 1;
        !gone[k - 1]
    });
    let notes: Vec<(usize, usize, usize)> =
        notes.into_iter().map(|(launch, line, _)| (launch, line, printed[&launch])).collect();
    for &(launch, line, printed) in &notes {
        let copies = started.get(launch).copied().filter(|&n| n > printed);
        if let Some(copies) = copies {
            let figures = if printed == 1 {
                "the figures of this run are that one's alone".to_string()
            } else {
                format!("the figures of this run are the mean over those {printed}")
            };
            out.notes.push((
                line,
                format!(
                    "{copies} {what} were started at once, but only {printed} printed a report: {figures}, the \
                     others' output is missing"
                ),
            ));
        }
    }
    out.notes.extend(notes.into_iter().map(|(launch, line, printed)| {
        let copies = started.get(launch).copied().filter(|&n| n > printed).unwrap_or(printed);
        let msg = format!(
            "{copies} {what} ran at once: their figures are read as ONE run, each the mean per copy (as LKP \
             reports it), not as {copies} runs (the copies' spread is within one run, not between runs: no \
             significance is drawn from it)"
        );
        (line, msg)
    }));
    out.notes.sort_by_key(|n| n.0);
}

/// Each sample's [`Slot`] in a file of LKP's concurrent instances
/// (`Instance: N` lines): one launch, the copy the last `Instance:` line
/// above the sample's line names; samples above the first are `None`.
pub fn instance_slots(input: &Input, samples: &[Sample]) -> Vec<Option<Slot>> {
    let starts: Vec<(usize, usize)> = input
        .numbered()
        .filter_map(|(n, line)| Some((n, line.strip_prefix("Instance:")?.trim().parse::<usize>().ok()?)))
        .collect();
    samples
        .iter()
        .map(|s| {
            let at = starts.partition_point(|&(n, _)| n < s.line);
            at.checked_sub(1).map(|i| Slot { launch: 0, copy: Some(starts[i].1) })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_are_counted_from_lkps_lines() {
        let two = Input::from_bytes(b"Instance: 1\nIteration : 1\nx\nInstance: 2\nIteration : 1\ny\n");
        assert_eq!(concurrent(&two), Some(2));
        let one = Input::from_bytes(b"Instance: 1\nIteration : 1\nx\nIteration : 2\ny\n");
        assert_eq!(concurrent(&one), None);
        assert_eq!(concurrent(&Input::from_bytes(b"schbench -t 4\n")), None);
    }

    fn file(values: &[(usize, f64, &str)]) -> ParsedFile {
        let metric = Metric::new("Throughput", "Mbit/s", crate::model::Better::Higher);
        let samples =
            values.iter().map(|&(line, v, p)| Sample::new(metric.clone(), v, line).with_param("test", p)).collect();
        ParsedFile { benchmark: "netperf".into(), samples, ..ParsedFile::default() }
    }

    /// newcomer42 N1: 4 copies of one launch are one run, their mean per
    /// copy at the first copy's line, the other lines kept as read; a
    /// figure of another set-up in the launch, and samples of no launch,
    /// are left alone.
    #[test]
    fn the_copies_of_one_launch_are_one_run() {
        let mut f = file(&[
            (10, 100.0, "UDP"),
            (20, 110.0, "UDP"),
            (25, 7.0, "RR"),
            (30, 90.0, "UDP"),
            (40, 100.0, "UDP"),
            (50, 1.0, "UDP"),
        ]);
        let launch = Some(Slot { launch: 0, copy: None });
        let slots = [launch, launch, launch, launch, launch, None];
        one_run_per_launch(&mut f, &slots, "netperf copies", &[]);
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(10, 100.0), (25, 7.0), (50, 1.0)]);
        // newcomer44 N7: the copies' lowest and highest figure are kept
        // on the mean's sample; none on a figure of one copy or none.
        let copies = f.samples[0].copies.as_deref().copied();
        assert_eq!(copies, Some(crate::model::Copies { n: 4, min: 90.0, max: 110.0 }));
        assert!(f.samples[1].copies.is_none() && f.samples[2].copies.is_none());
        assert_eq!(f.merged_lines, [20, 30, 40]);
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 10);
        // The `RR` copy of the launch ran beside the 4 others: 5 copies.
        assert!(
            f.notes[0].1.starts_with("5 netperf copies ran at once: their figures are read as ONE run"),
            "{:?}",
            f.notes
        );
    }

    /// Two launches are two runs (each its copies' mean); an instance's
    /// second report meets the other instances' second, not their first;
    /// a figure missing from a copy is not read.
    #[test]
    fn launches_and_iterations_stay_runs() {
        let mut f = file(&[(1, 10.0, "a"), (2, 20.0, "a"), (3, 30.0, "a"), (4, 50.0, "a")]);
        let s = |launch| Some(Slot { launch, copy: None });
        one_run_per_launch(&mut f, &[s(0), s(0), s(1), s(1)], "copies", &[]);
        let got: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(got, [15.0, 40.0]);
        // Must not fire: copies that printed one figure keep no spread.
        let mut alike = file(&[(1, 10.0, "a"), (2, 10.0, "a")]);
        one_run_per_launch(&mut alike, &[s(0), s(0)], "copies", &[]);
        assert_eq!((alike.samples.len(), alike.samples[0].copies.is_none()), (1, true));

        // Instance 1 reports 10 then 30, instance 2 reports 20 then 50.
        let mut f = file(&[(1, 10.0, "a"), (2, 30.0, "a"), (3, 20.0, "a"), (4, 50.0, "a")]);
        let c = |copy| Some(Slot { launch: 0, copy: Some(copy) });
        one_run_per_launch(&mut f, &[c(1), c(1), c(2), c(2)], "instances", &[]);
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(1, 15.0), (2, 40.0)]);

        // A figure one instance's report lacks (cut short) is no figure of
        // the run: not read, warned; one of a set-up only one copy ran is.
        let mut f = file(&[(1, 10.0, "a"), (2, 30.0, "a"), (3, 20.0, "a"), (4, 7.0, "b")]);
        one_run_per_launch(&mut f, &[c(1), c(1), c(2), c(2)], "instances", &[]);
        let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
        assert_eq!(got, [(1, 15.0), (4, 7.0)]);
        assert!(f.notes.iter().any(|(l, m)| *l == 2 && m.contains("printed by 1 of the 2 instances")), "{:?}", f.notes);

        // attack43 F8 (i06): instances 1 and 3 printed, 3 started (LKP's
        // highest number): the count is 3, and instance 2's missing report
        // is said.
        let mut f = file(&[(1, 10.0, "a"), (3, 20.0, "a")]);
        one_run_per_launch(&mut f, &[c(1), c(3)], "instances", &[3]);
        assert_eq!(f.samples.len(), 1);
        assert!(f.notes.iter().any(|(_, m)| m.starts_with("3 instances ran at once")), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(_, m)| m.contains("but only 2 printed a report")), "{:?}", f.notes);
    }

    /// attack57 F5: of 4 instances started, only instance 0's figure
    /// (the file cut after it): kept as the run's, warned that it is one
    /// copy's; where every copy started printed (one copy of one), none.
    #[test]
    fn one_copy_of_more_started_is_warned() {
        let c = |copy| Some(Slot { launch: 0, copy: Some(copy) });
        let mut f = file(&[(1, 10455.21, "a")]);
        one_run_per_launch(&mut f, &[c(0)], "stress-ng instances", &[4]);
        assert_eq!(f.samples.len(), 1);
        assert_eq!(f.samples[0].value.mean(), 10455.21);
        assert!(
            f.notes.iter().any(|(l, m)| *l == 1
                && m.starts_with(
                    "4 stress-ng instances were started at once, but only 1 printed a report: the \
                                  figures of this run are that one's alone"
                )),
            "{:?}",
            f.notes
        );
        let mut f = file(&[(1, 10455.21, "a")]);
        one_run_per_launch(&mut f, &[c(0)], "stress-ng instances", &[1]);
        assert!(f.notes.is_empty(), "{:?}", f.notes);
    }

    /// One copy alone, or a typed summary, is not merged; nothing noted.
    #[test]
    fn a_lone_copy_or_a_summary_is_left_alone() {
        let mut f = file(&[(1, 10.0, "a"), (2, 20.0, "b")]);
        f.samples[1] = f.samples[1].clone().with_param("test", "a").with_summary(20.0, Some(1.0), 5);
        f.samples[1].params.remove(0);
        let s = Some(Slot { launch: 0, copy: None });
        let before = f.clone();
        one_run_per_launch(&mut f, &[s, s], "copies", &[]);
        assert_eq!(f, before);
    }

    #[test]
    fn instance_lines_give_each_sample_its_copy() {
        let input = Input::from_bytes(b"x\nInstance: 1\nTime: 1\nInstance: 2\nTime: 2\n");
        let m = Metric::new("Time", "s", crate::model::Better::Lower);
        let samples = [Sample::new(m.clone(), 0.0, 1), Sample::new(m.clone(), 1.0, 3), Sample::new(m, 2.0, 5)];
        let slots = instance_slots(&input, &samples);
        assert_eq!(slots, [None, Some(Slot { launch: 0, copy: Some(1) }), Some(Slot { launch: 0, copy: Some(2) })]);
    }
}
