//! Hosts named in one file: the server a network test connected to
//! (iperf3's `Connecting to host 10.0.0.1, port 5201`), the machine a
//! report ran on (UnixBench's `System: orangepii96: GNU/Linux`). A file
//! whose outputs name two or more are outputs of different set-ups, not
//! runs of one: [`tag_hosts`] keeps them apart by a `host` parameter.

use crate::model::ParsedFile;

/// Where each output's host was named, in file order: (index of the
/// output's first sample in the file's samples, the host).
pub type HostStarts = Vec<(usize, String)>;

/// Gives each sample a `host` parameter, its output's host from `starts`
/// (the samples from one start to the next), when `starts` names more than
/// one host: a test over the wire (939 Mbits/sec) and one to 127.0.0.1
/// (40.2 Gbits/sec) are no runs of one set-up. A file of one host's
/// outputs, and samples before the first start, are left as they were.
pub fn tag_hosts(out: &mut ParsedFile, starts: &HostStarts) {
    if starts.iter().all(|(_, h)| *h == starts[0].1) {
        return;
    }
    for (i, (start, host)) in starts.iter().enumerate() {
        let end = starts.get(i + 1).map_or(out.samples.len(), |(next, _)| *next);
        for s in out.samples.get_mut(*start..end).into_iter().flatten() {
            *s = s.clone().with_param("host", host);
        }
    }
}
