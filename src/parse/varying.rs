//! A set-up each output in one file names for itself: the server a network
//! test connected to (iperf3's `Connecting to host 10.0.0.1, port 5201`),
//! the machine a report ran on (UnixBench's `System: orangepii96:
//! GNU/Linux`), the length of a run (stress-ng's `setting to a 60 second
//! run per stressor`). A file whose outputs name two or more are outputs
//! of different set-ups, not runs of one: [`tag_varying`] keeps them apart
//! by a parameter.

use crate::model::ParsedFile;

/// Where each output's set-up was named, in file order: (index of the
/// output's first sample in the file's samples, the set-up's value).
pub type Starts = Vec<(usize, String)>;

/// Gives each sample a parameter `param`, its output's value from `starts`
/// (the samples from one start to the next), when `starts` names more than
/// one value: a test over the wire (939 Mbits/sec) and one to 127.0.0.1
/// (40.2 Gbits/sec) are no runs of one set-up, nor are 6,000,000 bogo ops
/// in 60 s and 1,000,000 in 10 s. A file whose outputs all name one value,
/// and samples before the first start, are left as they were.
pub fn tag_varying(out: &mut ParsedFile, starts: &Starts, param: &str) {
    if starts.iter().all(|(_, v)| *v == starts[0].1) {
        return;
    }
    tag_each(out, starts, param);
}

/// Gives each sample from one of `starts` to the next a parameter `param`,
/// that start's value, whether or not the file's outputs differ: a set-up
/// that must meet the same set-up of another file (stress-ng's run length:
/// a 60 s run's bogo ops against a 10 s run's). Samples before the first
/// start are left as they were, and so are those from a start of an empty
/// value (an output that names none, ending the one before's).
pub fn tag_each(out: &mut ParsedFile, starts: &Starts, param: &str) {
    for (i, (start, value)) in starts.iter().enumerate() {
        if value.is_empty() {
            continue;
        }
        let end = starts.get(i + 1).map_or(out.samples.len(), |(next, _)| *next);
        for s in out.samples.get_mut(*start..end).into_iter().flatten() {
            *s = s.clone().with_param(param, value);
        }
    }
}
