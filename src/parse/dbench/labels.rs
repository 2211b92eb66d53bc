//! The labels of dbench/tbench runs: a line naming a run (`ext3:`,
//! `2.6.0-test9`) above its result, and dropping a label every run shares.

use super::result::may_have_result;
use super::{clients_started, command_count, is_table_header};
use crate::lines::SplitWords as _;
use crate::model::Sample;
use crate::parse::Input;
use crate::parse::labels::{
    LineMemo, bare_kernel, dashed_label, heading_over_labels, is_kernel_name, is_mail_attribution, kernel_with_aside,
    label_with_aside, scene_line, without_bold, without_run_count,
};
use crate::parse::num::plain;
use crate::parse::time::{is_gnu_time_line, shell_line};

/// The names dbench's and tbench's runs go by beside a harness's counter
/// (`dbench run 1`: a run marker, not a set-up).
pub(super) const PROGRAMS: [&str; 2] = ["dbench", "tbench"];

/// A line of dbench's own progress output: `....+++****`, dbench 4's
/// `  128  cleanup 600 sec` and `  32  293380  3789.82 MB/sec  execute  59
/// sec …`, `^^^^127 of 128 processes prepared for launch   0 sec`.
fn is_progress(line: &str) -> bool {
    let t = line.trim();
    if !t.is_empty() && t.chars().all(|c| matches!(c, '.' | '+' | '*' | '^' | ' ')) {
        return true;
    }
    let first = t.words().next().unwrap_or("").trim_start_matches('^');
    !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) && (t.contains(" sec") || t.contains("prepared"))
}

/// A shell prompt line: `[root@zefir root]# /root/db2.sh 2 16`, `$ ls`.
fn is_prompt(t: &str) -> bool {
    let first = t.words().next().unwrap_or("");
    first.starts_with(['$', '#', '%'])
        || (first.len() > 1 && first.ends_with(['$', '#', '%']))
        || t.contains("]# ")
        || t.contains("]$ ")
}

/// A line dbench prints itself or a shell's (`2 of 4 processes prepared
/// for launch`, `16 clients started`, a result, `time`'s): never a label.
/// Kept per thread ([`LineMemo`]): every copy of a run in every kernel's
/// file repeats these lines.
fn is_own_line(line: &str) -> bool {
    thread_local! {
        static OWN_LINES: LineMemo<bool> = LineMemo::default();
    }
    OWN_LINES.with(|m| m.get_or(line, is_own_line_afresh))
}

/// [`is_own_line`], asked afresh.
fn is_own_line_afresh(line: &str) -> bool {
    let t = line.trim();
    may_have_result(t)
        || command_count(t).is_some()
        || clients_started(t).is_some()
        || is_table_header(t)
        || is_progress(t)
        || shell_line(t).is_some()
        || is_gnu_time_line(t)
}

/// A line naming the set-up of the results below it (never a shell `time`
/// line, `real 3m12.345s`, another command's time): `before:`, `2.4.19:`,
/// `with patch:`, `same machine with 2.4.19-pre4-ac4 -` (`colon` true), or a
/// bare short line such as `6.1.87-cfs`, `4.19.312` or `NO_DELAY_DEQUEUE` (a
/// number alone, `1.000`, is not a label). Returns the
/// text without the colon and whether it had one.
fn label_line(line: &str) -> Option<(String, bool)> {
    let t = line.trim();
    // A Markdown code fence (```bash) is no label; a heading is one.
    if t.starts_with("```") || t.starts_with("~~~") {
        return None;
    }
    // `**Before:**`, `**Before**:`: Markdown's bold is no part of the name.
    let unbolded = without_bold(t);
    let t = unbolded.as_deref().unwrap_or(t);
    let t = match t.trim_start_matches('#') {
        // `## Heading` (one `#` is as often a root prompt: `# dbench 4`).
        rest if (2..=6).contains(&(t.len() - rest.len())) && rest.starts_with(' ') => rest.trim(),
        _ => t,
    };
    // `With atomic counters, 32 clients, 3 runs`: the count of the runs
    // below is no part of the label (with it the line was too long to be
    // one, and both set-ups' runs were averaged).
    let counted = without_run_count(t);
    let t = counted.as_deref().unwrap_or(t);
    // `2.4.25:  (dual athlon MP 1.4GHz, …)`: the kernel, its aside left.
    if let Some(kernel) = kernel_with_aside(t) {
        return Some((kernel.to_string(), true));
    }
    // `--- reiserfs`, `== ext3 ==`: the name set off by dashes, as the
    // labeller reads it (right over the result, the dashes were kept in
    // the label: `--- ext4`; over a blank line the labeller gave `ext4`).
    let dashed = dashed_label(t);
    let t = dashed.as_deref().unwrap_or(t);
    if t.chars().count() > 60 || !t.chars().any(char::is_alphanumeric) || plain(t.trim_end_matches(':')).is_some() {
        return None;
    }
    // `/proc/cmdline`'s `BOOT_IMAGE=/boot/vmlinuz-6.1.0 …` names the kernel
    // booted (read as one by the labeller), no set-up; nor does a mail's
    // attribution (`William Lee Irwin III wrote:` over the quoted run,
    // LKML 2002, wild32 file 05: its run was labelled by it).
    if is_own_line(t) || is_prompt(t) || t.starts_with("BOOT_IMAGE=") || is_mail_attribution(t) {
        return None;
    }
    // `ext2: average  9.2181 MB/sec`: a set-up's name over its runs, the
    // poster's average after it (attack45 F13: it headed nothing).
    if let Some(name) = label_with_aside(t) {
        return Some((name.to_string(), true));
    }
    if let Some(text) = t.strip_suffix(':').or_else(|| t.strip_suffix(" -")) {
        let text = text.trim();
        return (!text.is_empty() && text.words().count() <= 10).then(|| (text.to_string(), true));
    }
    let bare = t.words().count() <= 8 && !t.ends_with(['.', ',', ';', '!', '?']) && !t.contains(": ") && !is_prose(t);
    bare.then(|| (t.to_string(), false))
}

/// The words a bare line naming a change may start with, in lower case
/// (`with the new patch`, `after the revert`): a label however plain its
/// words.
const CHANGE_WORDS: [&str; 4] = ["with", "without", "before", "after"];

/// A word that marks a line as a label rather than a sentence: it holds a
/// digit (`2.6.8`, `v2`), a tag's punctuation (`NO_DELAY_DEQUEUE`,
/// `procs=16`, `+eevdf`, `w/`, `ext3-data`), or is an acronym (`NFS`,
/// `SMP`).
fn is_tag_word(w: &str) -> bool {
    let w = w.trim_matches(|c: char| matches!(c, '(' | ')' | '"' | '\'' | ',' | '[' | ']'));
    w.chars().any(|c| c.is_ascii_digit() || matches!(c, '_' | '=' | '+' | '/' | '.' | '-' | '@' | '~'))
        || (w.chars().filter(char::is_ascii_uppercase).count() >= 2 && !w.chars().any(char::is_lowercase))
}

/// True when a bare line (no colon) reads as a sentence, not a label:
/// four or more words, none of them a tag ([`is_tag_word`]), and not
/// starting with a change word (`with`, `before`, …): `went up by quite a
/// bit`, `here are the numbers from the box`. A label looks like one: a
/// kernel's name, a short tag, a `key=value`.
fn is_prose(t: &str) -> bool {
    let words: Vec<&str> = t.words().collect();
    words.len() >= 4
        && !CHANGE_WORDS.contains(&words[0].to_lowercase().as_str())
        && !words.iter().any(|w| is_tag_word(w))
}

/// The line (0-based) directly above line `i`, below `floor`, when it is a
/// sentence ([`is_prose`]) where a label would stand: its results get no
/// label, and a note says why.
pub(super) fn prose_above(input: &Input, i: usize, floor: usize) -> Option<usize> {
    let j = i.checked_sub(1).filter(|&j| j >= floor)?;
    let t = input.lines[j].trim();
    let plain_line = t.chars().count() <= 60
        && !t.ends_with(['.', ',', ';', '!', '?', ':'])
        && !t.contains(": ")
        && !may_have_result(t)
        && !is_progress(t)
        && !is_prompt(t)
        && !is_table_header(t);
    (plain_line && is_prose(t)).then_some(j)
}

/// The label lines above line `i` (0-based), not above `floor` (the first
/// line after the previous result): a chain of label lines directly above,
/// or one `label:` line with one or two blank lines between (a run's
/// counter there, `Run 2:`, is passed over as it is right above). Returns the
/// labels ([`Above`]). A scene before a label on its line (`Tested on
/// ext4. Before:`) is two: the scene, then the label.
pub(super) fn labels_above(input: &Input, i: usize, floor: usize) -> Option<Above> {
    // Asked through the file's answers: the labeller asks the same lines.
    let answers = input.answers();
    let mut chain = Vec::new();
    let mut scene = None;
    let mut j = i;
    // A run marker (`run 2`, a date line, `[2/3]`) is passed over: it
    // tells runs of one set-up apart, not set-ups.
    let mut markers = 0;
    while j > floor {
        let line = &input.lines[j - 1];
        // The tail of a sentence a wrap broke (`(while still` / `running):`).
        if j >= 2 && crate::parse::labels::closes_parenthesis_above(&input.lines[j - 2], line) {
            break;
        }
        // `ext3: run 1`, `# ext3 (1/2)`, `run 1 of 2 on ext3`: the set-up
        // beside the counter (`dbench run 1`: a marker).
        if let Some(setup) = (!is_own_line(line)).then(|| answers.setup_beside_counter(line, &PROGRAMS)).flatten() {
            chain.push(setup);
        } else if answers.is_counter_beside_program(line, &PROGRAMS) {
            markers += 1;
        } else if let Some((set, label)) = scene_and_label(line) {
            chain.extend([label, set.clone()]);
            scene = Some(set);
        } else if let Some((text, _)) = label_line(line) {
            chain.push(text);
        } else {
            break;
        }
        j -= 1;
    }
    // Markers alone right under the previous result: the same set-up's next run.
    if chain.is_empty() && markers > 0 && j == floor {
        return None;
    }
    if chain.is_empty() {
        let mut k = j;
        while k > floor && j - k < 2 && input.lines[k - 1].trim().is_empty() {
            k -= 1;
        }
        // `Run 1:` (or `ext3: run 1`), a blank line, the run: read as
        // right above it, the counter passed over (as a label it made each
        // of three runs a set-up of its own, nothing compared).
        if k < j && k > floor && {
            let line = &input.lines[k - 1];
            answers.is_counter_beside_program(line, &PROGRAMS)
                || (!is_own_line(line) && answers.setup_beside_counter(line, &PROGRAMS).is_some())
        } {
            return labels_above(input, k, floor);
        }
        if k < j
            && k > floor
            && let Some((set, label)) = scene_and_label(&input.lines[k - 1])
        {
            chain.extend([label, set.clone()]);
            scene = Some(set);
        } else {
            let (text, colon) = (k < j && k > floor).then(|| label_line(&input.lines[k - 1])).flatten()?;
            if !colon {
                return None;
            }
            chain.push(text);
        }
        j = k - 1;
    }
    chain.reverse();
    Some(Above { labels: chain, replaces: j == floor && floor > 0, top: j, scene })
}

/// The labels [`labels_above`] found above a result.
pub(super) struct Above {
    /// The labels, outermost first.
    pub(super) labels: Vec<String>,
    /// Whether the chain directly follows the previous result: then it
    /// replaces that result's innermost labels (`DELAY_DEQUEUE` after a
    /// `NO_DELAY_DEQUEUE` block under one kernel line).
    pub(super) replaces: bool,
    /// The chain's first line (0-based).
    pub(super) top: usize,
    /// The scene a line of the chain set (`Tested on ext4` of `Tested on
    /// ext4. Before:`), which also heads the labels below it until the
    /// next scene or Markdown heading (the `After:` under it).
    pub(super) scene: Option<String>,
}

/// `Tested on ext4. Before:` → (`Tested on ext4`, `Before`): a scene set in
/// a sentence, then a label, on one line ([`scene_line`]); never a line of
/// dbench's or a shell's.
fn scene_and_label(line: &str) -> Option<(String, String)> {
    let t = line.trim();
    if is_own_line(t) || is_prompt(t) {
        return None;
    }
    scene_line(t)
}

/// The Markdown headings open as a file is read down (`### ext4` until
/// `### xfs`, `## Results` over both): a chain of label lines under them is
/// theirs (`ext4 / before`, `xfs / before`), where the two file systems'
/// `before:` runs were averaged as runs of one set-up. A heading that
/// counts or dates runs (`### round 2`) opens none ([`heading_over_labels`]).
#[derive(Default)]
pub(super) struct Headings {
    /// Lines (0-based) below this one are not read yet.
    read_to: usize,
    /// The open headings, outermost first: level, text, line (0-based).
    open: Vec<(usize, String, usize)>,
    /// The headings over each labelled block, in order.
    used: Vec<Vec<String>>,
}

impl Headings {
    /// The headings open above line `top` (0-based; lines read down to it),
    /// remembered as a block's.
    pub(super) fn over(&mut self, input: &Input, top: usize) -> Vec<String> {
        while self.read_to < top.min(input.lines.len()) {
            if let Some((level, text)) = heading_over_labels(&input.lines[self.read_to]) {
                self.open.retain(|h| h.0 < level);
                self.open.push((level, text, self.read_to));
            }
            self.read_to += 1;
        }
        let heads: Vec<String> = self.open.iter().filter(|h| h.2 < top).map(|h| h.1.clone()).collect();
        self.used.push(heads.clone());
        heads
    }

    /// Whether a heading read so far ([`Headings::over`]) opened below line
    /// `at` (0-based): it ends a scene set on that line.
    pub(super) fn opened_below(&self, at: usize) -> bool {
        self.open.iter().any(|h| h.2 > at)
    }

    /// Drops from the samples' labels the headings over every labelled
    /// block alike (`## Results` over `before:` and `after:`): they tell no
    /// set-ups apart.
    pub(super) fn drop_common(&self, samples: &mut [Sample]) {
        let Some(first) = self.used.first() else { return };
        let common =
            self.used.iter().fold(first.len(), |k, h| first.iter().zip(h).take(k).take_while(|(a, b)| a == b).count());
        if common == 0 {
            return;
        }
        let prefix = format!("{} / ", first[..common].join(" / "));
        for s in samples {
            for p in s.params.iter_mut().filter(|p| p.name == "label") {
                if let Some(rest) = p.value.strip_prefix(prefix.as_str()) {
                    p.value = rest.into();
                }
            }
        }
    }
}

pub(super) fn with_label(s: Sample, label: Option<&str>) -> Sample {
    match label {
        Some(l) => s.with_param("label", l),
        None => s,
    }
}

/// Makes kernels of the labels when every label of the file is a kernel's
/// name alone (`2.5.1:`, `2.5.23-rmap:` over each kernel's runs, LKML
/// 2002): those are the runs' kernels, not set-ups of the directory's
/// kernel. A file where some label says more (`2.5.30 with patch`) keeps
/// its labels; so does one where the parser read a kernel.
pub(super) fn kernels_of_labels(samples: &mut [Sample]) {
    let label = |s: &Sample| s.params.iter().find(|p| p.name == "label").map(|p| p.value.clone());
    let all_kernels = samples.iter().all(|s| s.kernel.is_none() && label(s).is_none_or(|l| is_kernel_name(&l)));
    if !all_kernels || samples.iter().all(|s| label(s).is_none()) {
        return;
    }
    for s in samples {
        if let Some(l) = label(s) {
            s.params.retain(|p| p.name != "label");
            s.kernel = Some(bare_kernel(&l).into());
        }
    }
}

/// Keeps `label` parameters only when the samples are under more than one
/// label (two labels, or labelled and unlabelled results): one label, or
/// none, names no difference.
pub(super) fn drop_single_label(samples: &mut [Sample]) {
    let label = |s: &Sample| s.params.iter().find(|p| p.name == "label").map(|p| p.value.clone());
    let first = samples.first().and_then(label);
    if samples.iter().all(|s| label(s) == first) {
        for s in samples {
            s.params.retain(|p| p.name != "label");
        }
    }
}
