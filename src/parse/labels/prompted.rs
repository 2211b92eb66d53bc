//! Copies of one output each shown by a shell prompt under a line a
//! person wrote: a mail's `Baseline on 5.3-rc3:` / `root@ib2:~# cat
//! run1.log` / fio's report, then `With both applied` / `root@ib2:~# cat
//! run4.log` / the report again (linux-raid 2019, four md set-ups under
//! fio 2.2.10). The line right above the prompt names what the file shown
//! below it holds; with no label line of the usual forms (a sentence, no
//! colon) the four set-ups were averaged as runs of one, with a warning.

use super::{Asked, Identity, Merged, OwnLines, bare_kernel, is_kernel_name, is_person_line};
use crate::lines::SplitWords as _;
use crate::parse::Input;
use rustc_hash::FxHashSet;

/// Longest line this pass takes as a label as written: a sentence of a
/// line, not a paragraph.
const MAX_SENTENCE_CHARS: usize = 100;

/// Labels copies of one output still averaged as runs of one set-up
/// (after the other passes) where each is shown by a shell prompt's
/// command line (`root@ib2:/home/jwang# cat md_lat….log`, `$ fio
/// job.fio`; only the benchmark's own lines alike above every copy, such
/// as fio's job banner, between it and the output) with a line a person
/// wrote right above that prompt (no blank line between), and those lines
/// are not all alike: each copy is labelled by its line as written, its
/// closing `:` or `.` left out (a kernel's name alone is its kernel). A
/// line that cannot be a label (over [`MAX_SENTENCE_CHARS`] characters,
/// or the end of a sentence wrapped from the line above) gives its copies
/// numbers instead, `set-up 1`, `set-up 2` in file order, with a warning
/// naming the lines: never averaged under different words. `merged`:
/// the copies averaged as the identities stand ([`super::merged`]).
/// Returns whether a label was added: `ids` change only then (the
/// caller makes `merged` again only then).
#[allow(clippy::too_many_arguments)]
pub(super) fn label_by_lines_over_prompts<'a>(
    input: &'a Input,
    name: &str,
    merged: Option<&Merged>,
    own: &mut OwnLines,
    asked: &Asked<'a>,
    ids: &mut [Identity],
    notes: &mut Vec<(usize, String)>,
) -> bool {
    let Some(m) = merged else { return false };
    let quiet = own.quiet(input).to_vec();
    let text = |n: usize| input.lines[n - 1].trim();
    let blank = |n: usize| text(n).is_empty() && !input.joined_away(n - 1);
    let is_command = |n: usize| crate::parse::failed::is_command_line(text(n));
    // The lines between copy `k` and the one before it.
    let region = |k: usize| (if k == 0 { 1 } else { m.copies[k - 1].1 + 1 })..m.copies[k].0;
    // Copy `k`'s line over its prompt, where `shared` are the lines
    // written alike above every copy of its group (fio's `Starting 1
    // process`).
    let line_over_prompt = |k: usize, shared: &FxHashSet<&str>| -> Option<usize> {
        let (from, first) = (region(k).start, region(k).end);
        // Up from the output past blank lines and the benchmark's own
        // (those alike above every copy, and lines no person wrote: fio's
        // `write-test: (groupid=0, jobs=1): err= 0: pid=2621: …`), to the
        // prompt.
        let prompt = (from..first).rev().find(|&n| {
            !(blank(n)
                || quiet[n]
                || shared.contains(text(n))
                || !is_command(n) && !is_person_line(text(n), name, asked))
        })?;
        if !is_command(prompt) || prompt <= from {
            return None;
        }
        let over = prompt - 1;
        (!blank(over) && !quiet[over] && is_person_line(text(over), name, asked)).then_some(over)
    };
    let mut changed = false;
    for members in &m.groups {
        let mut shared: FxHashSet<&str> = region(members[0]).map(text).collect();
        for &k in &members[1..] {
            let here: FxHashSet<&str> = region(k).map(text).collect();
            shared.retain(|t| here.contains(t));
        }
        let found = members.iter().map(|&k| line_over_prompt(k, &shared));
        let Some(lines) = found.collect::<Option<Vec<usize>>>() else {
            continue;
        };
        let lower = |n: usize| text(n).to_lowercase();
        if lines.iter().all(|&n| lower(n) == lower(lines[0])) {
            continue;
        }
        let labels: Option<Vec<Identity>> = lines.iter().map(|&n| label_of(input, n)).collect();
        let labels = labels.unwrap_or_else(|| {
            let named: Vec<String> = lines.iter().map(|&n| format!("line {n}: `{}`", text(n))).collect();
            // The lines that are no label, and why: the advice names what
            // to change, not what the file may already do (wild36c F3).
            let why: Vec<String> = lines
                .iter()
                .filter(|&&n| label_of(input, n).is_none())
                .map(|&n| {
                    let long = text(n).trim_end_matches([':', '.']).chars().count() > MAX_SENTENCE_CHARS;
                    let why = if long {
                        format!("over {MAX_SENTENCE_CHARS} characters")
                    } else {
                        "it reads as the end of a sentence from the line above".to_string()
                    };
                    format!("line {n}: {why}")
                })
                .collect();
            notes.push((
                lines[0],
                format!(
                    "{} copies of the output are each shown by a command line under different words ({}), \
                     which do not all read as a label ({}): they are kept apart as set-up 1 to {} in file order",
                    lines.len(),
                    named.join("; "),
                    why.join("; "),
                    lines.len()
                ),
            ));
            (1..=lines.len()).map(|i| Identity { kernel: None, label: Some(format!("set-up {i}")) }).collect()
        });
        for (&k, new) in members.iter().zip(labels) {
            for (id, _) in ids.iter_mut().zip(&m.copy_of).filter(|(_, c)| **c == k) {
                if id.kernel.is_none() {
                    id.kernel.clone_from(&new.kernel);
                }
                if let Some(l) = &new.label {
                    id.label = Some(match id.label.take() {
                        Some(old) => format!("{old} / {l}"),
                        None => l.clone(),
                    });
                }
            }
        }
        changed = true;
    }
    changed
}

/// The identity line `n` names as the line over a copy's prompt: a
/// kernel's name alone (`6.1:`) its kernel, else the line as written
/// without its closing `:` or `.`; `None` where it is too long (over
/// [`MAX_SENTENCE_CHARS`]) or carries on a sentence from the line above
/// (that line, at the same quote depth, a mail's line of 50 characters
/// or 8 words at least, ends in no `.`, `:`, `!` or `?`).
fn label_of(input: &Input, n: usize) -> Option<Identity> {
    let text = input.lines[n - 1].trim();
    let bare = text.trim_end_matches([':', '.']).trim_end();
    if bare.is_empty() || bare.chars().count() > MAX_SENTENCE_CHARS {
        return None;
    }
    if n > 1 && input.quote_depth(n - 2) == input.quote_depth(n - 1) {
        let prev = input.lines[n - 2].trim();
        // A short line above is a heading, not a sentence a mail wrapped
        // (`Results w/ THP` over `Baseline`, linux-mm 2019: the three
        // set-up names went unread, wild36c F3).
        let wrapped = prev.chars().count() >= 50 || prev.words().count() >= 8;
        if wrapped && !prev.ends_with(['.', ':', '!', '?']) && !super::is_rule(prev) {
            return None;
        }
    }
    if is_kernel_name(bare) {
        return Some(Identity { kernel: Some(bare_kernel(bare).to_string()), label: None });
    }
    Some(Identity { kernel: None, label: Some(bare.to_string()) })
}
