//! Copies of one output shown together by one `cat` of several files:
//! `[root@hydra bonnie]# cat bonnie.hydra bonnie.leo` over two Bonnie 1.x
//! reports whose Machine cells are blank (Greg Hennessy, LKML 2001-12:
//! an IA64 and an IA32 host, named only by the files' names). `cat` prints
//! its files in the order given, so where the output below holds exactly
//! as many copies as the line names files, copy *k* is file *k*'s: each is
//! labelled by its file's name as written. The two hosts' figures were
//! averaged as runs of one set-up, without a word.

use super::{Identity, Merged, is_prompt_line};
use crate::lines::SplitWords as _;
use crate::parse::Input;

/// The files a `cat` command line shows (`cat bonnie.hydra bonnie.leo`,
/// after a shell prompt or alone on its line), as written: two or more
/// plain paths and nothing else (no option, pipe, redirection, glob or
/// variable). `None` for any other line.
pub(super) fn catted_files(line: &str) -> Option<Vec<&str>> {
    let (files, prompted) = cat_arguments(line)?;
    let plain =
        |w: &&str| !w.starts_with('-') && w.chars().all(|c| c.is_ascii_alphanumeric() || "._/~+-@,=".contains(c));
    // Without a prompt, a file's name as people write them (`run1`,
    // `a.log`, `out/x`), not a sentence's words (`cat and dog`).
    let named = |w: &&str| prompted || w.contains(['.', '/', '_']) || w.contains(|c: char| c.is_ascii_digit());
    (files.len() >= 2 && files.iter().all(plain) && files.iter().all(named)).then_some(files)
}

/// True when `line` is a `cat` of one or more files (after a shell prompt
/// or alone on its line, no option, pipe or redirection): it shows what a
/// file holds and runs no program. `$ cat hackbench.log` over one
/// kernel's output was read as its command line (`hackbench.log` names
/// the program), a set-up apart from the other kernels' `$ hackbench`,
/// and that kernel was not compared (newcomer48 N1).
pub(super) fn shows_files(line: &str) -> bool {
    cat_arguments(line).is_some_and(|(files, _)| !files.is_empty())
}

/// The glob a prompt's `cat` shows its files by (`[root@hydra bonnie]#
/// cat *.txt`, `$ cat bonnie.*`): which file each copy below is, the
/// lines cannot say (attack39 finding 6: two machines' Bonnie reports
/// under `cat *.txt` were averaged, no word). `None` for any other line.
fn catted_glob(line: &str) -> Option<&str> {
    let (words, prompted) = cat_arguments(line)?;
    let glob = |w: &&str| w.contains(['*', '?']) && !w.starts_with('-');
    let plain = |w: &&str| w.chars().all(|c| c.is_ascii_alphanumeric() || "._/~+-@,=*?[]".contains(c));
    (prompted && !words.is_empty() && words.iter().all(plain) && words.iter().any(glob)).then(|| line.trim())
}

/// True when `files` ([`catted_files`]) differ only in a run's number
/// that counts up one by one from 0 or 1 (`bonnie.1 bonnie.2`, `out-1
/// out-2 out-3`): one machine's runs, averaged as such (attack39 finding
/// 7: each run became a set-up of its own, none averaged or tested).
/// `log1 log2 log4` (a loop's counts) and `bonnie.hydra bonnie.leo` are
/// not. A name with an extension of letters is read without it where its
/// number is set off by `.`, `-`, `_` or follows `run` (`run1.txt
/// run2.txt`, `bonnie-1.log`: attack40 F19, each was a set-up of its
/// own); `bonnie-j1.log bonnie-j2.log` (a set-up's `-j1`) are not.
pub(super) fn numbered_runs(files: &[&str]) -> bool {
    let Some(parts) = files.iter().map(|f| crate::parse::num::run_numbered(f)).collect::<Option<Vec<_>>>() else {
        return false;
    };
    let mut numbers: Vec<u64> = parts.iter().map(|p| p.1).collect();
    numbers.sort_unstable();
    parts.iter().all(|p| p.0 == parts[0].0) && crate::parse::num::counts_up_one_by_one(&numbers)
}

/// The words after a `cat` command (after a shell prompt or alone on its
/// line), and whether a prompt stood before it; `None` for any other line
/// and for a `cat` with an option, pipe or redirection.
fn cat_arguments(line: &str) -> Option<(Vec<&str>, bool)> {
    // A line without `cat` (nearly all) is none, without a prompt test.
    if !line.contains("cat") {
        return None;
    }
    let t = line.trim();
    let prompted = !t.starts_with("cat ");
    let command = if !prompted {
        t
    } else if is_prompt_line(t) {
        // The command after the prompt's `$ ` or `# `.
        let at = t.find("$ ").into_iter().chain(t.find("# ")).min()?;
        t[at + 2..].trim_start()
    } else if let Some((prompt, rest)) = t.split_once(' ')
        && prompt.ends_with(['$', '#', '%', '>'])
        && rest.starts_with("cat ")
    {
        // A prompt of one word without `user@` (`hydra:~/kb$ cat …`),
        // as [`super::catted_results_file`] reads one (attack40 F4: the
        // `cat` of three files over two copies was not seen, no warning).
        rest
    } else {
        return None;
    };
    let mut words = command.words();
    if words.next()? != "cat" {
        return None;
    }
    let words: Vec<&str> = words.collect();
    (!words.iter().any(|w| w.starts_with('-') || w.contains(['|', '>', '<', '$', ';', '&'])))
        .then_some((words, prompted))
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
    // Only a line whose command is `cat` labels or is warned of
    // ([`catted_files`], [`catted_glob`]: both need the word `cat`): a file
    // without `cat` anywhere is not walked (the same answer; `==> a <==`
    // headers and `less`/`head`/`tail` label elsewhere, `label_line` and
    // `result_on_kernel`).
    if !input.has("cat") {
        return false;
    }
    let (copies, copy_of) = found;
    let Some(m) = merged else {
        one_copy_of_several_files(input, copies, notes);
        return false;
    };
    // Every copy merged, each group as many copies: one group where the
    // output is one block, a group per block where each file holds
    // several (kernbench's three loads per `results.<kernel>`: attack39
    // finding 2, `cat results.A results.B` averaged both kernels).
    let per = m.groups[0].len();
    if m.groups.iter().any(|g| g.len() != per) || m.groups.len() * per != copies.len() {
        return false;
    }
    let text = |n: usize| input.lines[n - 1].trim();
    // The nearest command line above the first copy must be the `cat`.
    let first = copies[0].0;
    let Some(at) = (1..first).rev().find(|&n| is_prompt_line(text(n)) || catted_files(text(n)).is_some()) else {
        return false;
    };
    let last = copies[copies.len() - 1].1;
    if (first..=last).any(|n| is_prompt_line(text(n))) {
        return false;
    }
    let Some(files) = catted_files(text(at)) else {
        if let Some(glob) = catted_glob(text(at)) {
            notes.push((
                at,
                format!(
                    "line {at} shows files by a glob (`{glob}`) and {} copies of the output follow: which file each \
                     copy is, the lines do not say; they were averaged as runs of one set-up; a label line above \
                     each (`before:`, `6.2:`) keeps them apart",
                    copies.len()
                ),
            ));
        }
        return false;
    };
    if files.len() == per && numbered_runs(&files) {
        return false;
    }
    // `cat` prints its files whole, one after another: the k-th copy of
    // every group is file k's only where all k-th copies stand before
    // every (k+1)-th.
    let in_order = (1..per).all(|k| {
        let before = m.groups.iter().map(|g| g[k - 1]).max();
        let after = m.groups.iter().map(|g| g[k]).min();
        before < after
    });
    if files.len() != per || !in_order {
        notes.push((
            at,
            format!(
                "line {at} shows {} files (`{}`) and {per} copies of the output follow: which file each copy is, \
                 the lines do not say; they were averaged as runs of one set-up; a label line above each \
                 (`before:`, `6.2:`) keeps them apart",
                files.len(),
                text(at),
            ),
        ));
        return false;
    }
    let mut file_of = vec![usize::MAX; copies.len()];
    for g in &m.groups {
        for (k, &c) in g.iter().enumerate() {
            file_of[c] = k;
        }
    }
    for (id, &c) in ids.iter_mut().zip(copy_of) {
        if let Some(f) = file_of.get(c).and_then(|&k| files.get(k)) {
            // A file named after its kernel (`results.2.6.3-rc2`) names
            // the kernel of its copy, as the bare name over it does.
            // So does a file named as a kernel with a text extension
            // (`2.5.60-mm1.txt`, as its `==> x <==` header does).
            if id.kernel.is_none()
                && let Some(kernel) = super::result_on_kernel(f).or_else(|| super::kernel_file(f).map(str::to_string))
            {
                id.kernel = Some(kernel);
                continue;
            }
            id.label = Some(match id.label.take() {
                Some(l) => format!("{l} / {f}"),
                None => (*f).to_string(),
            });
        }
    }
    true
}

/// Warns where a `cat` of several files ([`catted_files`]), the nearest
/// command line above, shows ONE copy of the output with no other command
/// line down to its end (attack41 F23: `$ cat run1.txt run2.txt` over one
/// dbench output was read as one run without a word): the other files'
/// outputs are not there, and which file the copy is the lines do not
/// say. The copy is still read.
pub(super) fn one_copy_of_several_files(input: &Input, copies: &[(usize, usize)], notes: &mut Vec<(usize, String)>) {
    let [(first, last)] = *copies else { return };
    let text = |n: usize| input.lines[n - 1].trim();
    let Some(at) = (1..first).rev().find(|&n| is_prompt_line(text(n)) || catted_files(text(n)).is_some()) else {
        return;
    };
    if (first..=last).any(|n| is_prompt_line(text(n))) {
        return;
    }
    let Some(files) = catted_files(text(at)) else { return };
    notes.push((
        at,
        format!(
            "line {at} shows {} files (`{}`) and one copy of the output follows: the other files' output is not \
             here (or printed none), and which file this copy is, the lines do not say; it is read as one run",
            files.len(),
            text(at)
        ),
    ));
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
        assert_eq!(catted_files("hydra:~/kb$ cat results.a results.b"), Some(vec!["results.a", "results.b"]));
        assert_eq!(catted_files("5$ or cat a b"), None, "not a prompt before `cat`");
        assert_eq!(catted_files("$ cat -n a b"), None);
        assert_eq!(catted_files("$ cat a b | sort"), None);
        assert_eq!(catted_files("$ cat *.log"), None);
        assert_eq!(catted_files("$ cat a b > c"), None);
        assert_eq!(catted_files("The cat sat on the mat"), None);
        assert_eq!(catted_files("cat and dog"), None);
        assert_eq!(catted_glob("[root@hydra bonnie]# cat *.txt"), Some("[root@hydra bonnie]# cat *.txt"));
        assert_eq!(catted_glob("$ cat bonnie.*"), Some("$ cat bonnie.*"));
        assert_eq!(catted_glob("$ cat a b"), None);
        assert_eq!(catted_glob("cat *.txt"), None, "no prompt: maybe prose");
        assert_eq!(catted_glob("$ cat *.txt | sort"), None);
    }

    /// attack39 finding 7: `cat bonnie.1 bonnie.2` are one machine's runs;
    /// a loop's counts and machines' names are not.
    #[test]
    fn numbered_runs_count_up_one_by_one() {
        assert!(numbered_runs(&["bonnie.1", "bonnie.2"]));
        assert!(numbered_runs(&["bonnie.1", "bonnie.2", "bonnie.3"]));
        assert!(numbered_runs(&["out-0", "out-1"]));
        assert!(!numbered_runs(&["log1", "log2", "log4"]));
        assert!(!numbered_runs(&["bonnie.hydra", "bonnie.leo"]));
        assert!(!numbered_runs(&["a.1", "b.2"]));
        assert!(!numbered_runs(&["bonnie.2", "bonnie.3"]));
        // attack40 F19: run words and separators before an extension.
        assert!(numbered_runs(&["run1.txt", "run2.txt"]));
        assert!(numbered_runs(&["bonnie-1.log", "bonnie-2.log", "bonnie-3.log"]));
        assert!(numbered_runs(&["out/run_0.txt", "out/run_1.txt"]));
        assert!(!numbered_runs(&["bonnie-j1.log", "bonnie-j2.log"]), "a set-up's -j1, -j2");
        assert!(!numbered_runs(&["ext3.txt", "ext4.txt"]));
        assert!(!numbered_runs(&["run1.txt", "run3.txt"]), "a gap");
        assert!(!numbered_runs(&["run1.txt", "run2.log"]), "two extensions");
        // attack42 F1 (v07): kernels' names, not runs; F16: a count's word.
        assert!(!numbered_runs(&["results.6.1", "results.6.2"]));
        assert!(!numbered_runs(&["kernbench-6.2.1.log", "kernbench-6.2.2.log"]));
        assert!(!numbered_runs(&["threads-1.txt", "threads-2.txt"]));
    }
}
