//! LKP's concurrent instances: a harness log whose results are headed
//! `Instance: 1`, `Instance: 2`, … holds the outputs of copies of one
//! benchmark run at once (LKP's `nr_instances`; the copies start at the
//! same second). How many ran together is a set-up, as netperf's copies
//! are ([`super::netperf`]'s `copies`): two schbench instances sharing
//! the machine are no runs to compare with one instance alone.

use super::input::Input;

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
}
