//! Copies of one output shown together by one `cat` of several files:
//! `[root@hydra bonnie]# cat bonnie.hydra bonnie.leo` over two Bonnie 1.x
//! reports whose Machine cells are blank (Greg Hennessy, LKML 2001-12:
//! an IA64 and an IA32 host, named only by the files' names). `cat` prints
//! its files in the order given, so where the output below holds exactly
//! as many copies as the line names files, copy *k* is file *k*'s: each is
//! labelled by its file's name as written. The two hosts' figures were
//! averaged as runs of one set-up, without a word.

use super::{Identity, Merged, is_prompt_line};
use crate::parse::Input;

/// The files a `cat` command line shows (`cat bonnie.hydra bonnie.leo`,
/// after a shell prompt or alone on its line), as written: two or more
/// plain paths and nothing else (no option, pipe, redirection, glob or
/// variable). `None` for any other line.
pub(super) fn catted_files(line: &str) -> Option<Vec<&str>> {
    let t = line.trim();
    let prompted = !t.starts_with("cat ");
    let command = if !prompted {
        t
    } else if is_prompt_line(t) {
        // The command after the prompt's `$ ` or `# `.
        let at = t.find("$ ").into_iter().chain(t.find("# ")).min()?;
        t[at + 2..].trim_start()
    } else {
        return None;
    };
    let mut words = command.split_whitespace();
    if words.next()? != "cat" {
        return None;
    }
    let files: Vec<&str> = words.collect();
    let plain =
        |w: &&str| !w.starts_with('-') && w.chars().all(|c| c.is_ascii_alphanumeric() || "._/~+-@,".contains(c));
    // Without a prompt, a file's name as people write them (`run1`,
    // `a.log`, `out/x`), not a sentence's words (`cat and dog`).
    let named = |w: &&str| prompted || w.contains(['.', '/', '_']) || w.contains(|c: char| c.is_ascii_digit());
    (files.len() >= 2 && files.iter().all(plain) && files.iter().all(named)).then_some(files)
}

/// Labels the copies of one output still averaged as runs of one set-up
/// (all of them, one group) by the files a `cat` line above the first
/// names ([`catted_files`]), where no other command line stands between
/// that line and the last copy and the copies are exactly as many as the
/// files. Where they are not, the copies stay averaged and a warning at
/// the `cat` line says so. `merged`: the copies averaged under `ids` as
/// they are ([`super::merged`]). Returns whether a label was added.
pub(super) fn label_by_catted_files(
    input: &Input,
    found: &super::Copies,
    merged: Option<&Merged>,
    ids: &mut [Identity],
    notes: &mut Vec<(usize, String)>,
) -> bool {
    let Some(m) = merged else { return false };
    let (copies, copy_of) = found;
    if m.groups.len() != 1 || m.groups[0].len() != copies.len() {
        return false;
    }
    let text = |n: usize| input.lines[n - 1].trim();
    // The nearest command line above the first copy must be the `cat`.
    let first = copies[0].0;
    let Some(at) = (1..first).rev().find(|&n| is_prompt_line(text(n)) || catted_files(text(n)).is_some()) else {
        return false;
    };
    let Some(files) = catted_files(text(at)) else { return false };
    let last = copies[copies.len() - 1].1;
    if (first..=last).any(|n| is_prompt_line(text(n))) {
        return false;
    }
    if files.len() != copies.len() {
        notes.push((
            at,
            format!(
                "line {at} shows {} files (`{}`) and {} copies of the output follow: which file each copy is, \
                 the lines do not say; they were averaged as runs of one set-up; a label line above each \
                 (`before:`, `6.2:`) keeps them apart",
                files.len(),
                text(at),
                copies.len()
            ),
        ));
        return false;
    }
    for (id, &c) in ids.iter_mut().zip(copy_of) {
        if let Some(f) = files.get(c) {
            id.label = Some(match id.label.take() {
                Some(l) => format!("{l} / {f}"),
                None => (*f).to_string(),
            });
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cat_of_several_plain_files() {
        assert_eq!(
            catted_files("[root@hydra bonnie]# cat bonnie.hydra bonnie.leo "),
            Some(vec!["bonnie.hydra", "bonnie.leo"])
        );
        assert_eq!(catted_files("$ cat a.log b.log c.log"), Some(vec!["a.log", "b.log", "c.log"]));
        assert_eq!(catted_files("cat run1 run2"), Some(vec!["run1", "run2"]));
        assert_eq!(catted_files("$ cat run1.log"), None);
        assert_eq!(catted_files("$ cat -n a b"), None);
        assert_eq!(catted_files("$ cat a b | sort"), None);
        assert_eq!(catted_files("$ cat *.log"), None);
        assert_eq!(catted_files("$ cat a b > c"), None);
        assert_eq!(catted_files("The cat sat on the mat"), None);
        assert_eq!(catted_files("cat and dog"), None);
    }
}
