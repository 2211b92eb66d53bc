//! A command's own report that it failed, as a shell transcript or a
//! harness's log shows it between a command and its `time` output (or
//! inside LKP kbuild's `start time:` / `end time:`): the figures timed after
//! such a line are a failure's, not a run's, and are left out with a
//! warning naming the line.
//!
//! [`command_failed`] names these lines:
//!
//! * GNU make's report of a failed target: `make: *** [Makefile:1913:
//!   kernel] Error 2` (also `gmake:`, `make[1]:`), a target killed by a
//!   signal (`make: *** [Makefile:1913: vmlinux] Killed`, `… Interrupt`,
//!   `… Terminated`, `… Segmentation fault`), and `make: *** No rule to
//!   make target 'x'.  Stop.`. An ignored error (`Error 1 (ignored)`) and
//!   `make: *** Waiting for unfinished jobs....` are none.
//! * The shell's report of a command killed by a signal: bash and dash
//!   print the signal's description alone (`Killed`, `Terminated`,
//!   `Aborted (core dumped)`, `Segmentation fault (core dumped)`), a script
//!   with its line and the process id (`bash: line 1: 12345 Killed
//!   make -j8`, LKP's `/lkp/lkp/src/tests/kbuild: line 87: 43210 Killed
//!   make -j 256 vmlinux`), job control with the job's number (`[1]+
//!   Killed  make`); zsh in lower case (`zsh: killed     make -j8 vmlinux`,
//!   `zsh: segmentation fault (core dumped)  ./a.out`).
//! * A terminal's echo of Ctrl-C at a line's start: `^C`, also glued to
//!   the next output (`^Ciperf3: interrupt - the client has terminated`).
//! * A compiler or linker killed under it: `gcc: fatal error: Killed signal
//!   terminated program cc1`, `collect2: fatal error: ld terminated with
//!   signal 9 [Killed]`.
//! * GNU time's `Command terminated by signal 9` and `Command exited with
//!   non-zero status 2` (printed above its record in both the default and
//!   the `-v` format; a command that exits non-zero, such as a `make` whose
//!   build failed, timed a failure, not a run). `-v`'s own `Exit status: 2`
//!   comes at its block's end and is read by [`super::time`].
//! * The shell's report that it could not start the command at all:
//!   `bash: ./build.sh: No such file or directory`, `command not found`,
//!   `Permission denied` (also dash's `sh: 1: x: not found`, zsh's
//!   `zsh: command not found: x` and fish's `fish: Unknown command: x`),
//!   from the shell itself only.
//!
//! [`did_nothing`] names make's `make: Nothing to be done for 'x'.`: no
//! failure, but what `time` timed then was no build either.
//!
//! [`is_command_line`] names a shell prompt's command line (`$ make -j8`,
//! `root@box:~/linux# time make`): a failure above it was another
//! command's.

use crate::lines::SplitWords as _;

/// The signals' descriptions as glibc's `strsignal` gives them, which
/// bash, dash and make print for a command a signal ended.
const SIGNALS: &[&str] = &[
    "Hangup",
    "Interrupt",
    "Quit",
    "Illegal instruction",
    "Trace/breakpoint trap",
    "Aborted",
    "Bus error",
    "Floating point exception",
    "Killed",
    "User defined signal 1",
    "Segmentation fault",
    "User defined signal 2",
    "Terminated",
    "CPU time limit exceeded",
    "File size limit exceeded",
];

/// zsh's own names for the same signals (`zsh: killed     make`).
const ZSH_SIGNALS: &[&str] = &[
    "hangup",
    "interrupt",
    "quit",
    "illegal hardware instruction",
    "trace trap",
    "abort",
    "bus error",
    "floating point exception",
    "killed",
    "user-defined signal 1",
    "segmentation fault",
    "user-defined signal 2",
    "terminated",
    "cpu limit exceeded",
    "file size limit exceeded",
];

/// The text after a signal's description at the start of `t` (one of
/// `names`), its `(core dumped)` passed over, or `None` when `t` does not
/// start with one followed by the line's end or a blank.
fn after_signal<'a>(t: &'a str, names: &[&str]) -> Option<&'a str> {
    names.iter().find_map(|name| {
        let rest = t.strip_prefix(name)?;
        if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
            return None;
        }
        let rest = rest.trim_start();
        Some(rest.strip_prefix("(core dumped)").unwrap_or(rest).trim_start())
    })
}

/// GNU make's report of a failed target (see the module docs).
fn make_failed(t: &str) -> bool {
    // The tool is `make` or `gmake` (`make[1]`): most lines start with
    // neither, and are passed before the line is searched.
    if !(t.starts_with("make") || t.starts_with("gmake")) {
        return false;
    }
    let Some((tool, rest)) = t.split_once(": *** ") else { return false };
    let tool = tool.split('[').next().unwrap_or(tool);
    if !matches!(tool, "make" | "gmake") || rest.ends_with("(ignored)") {
        return false;
    }
    if rest.rsplit_once("Error ").is_some_and(|(_, n)| n.trim().parse::<u32>().is_ok()) || rest.ends_with("Stop.") {
        return true;
    }
    // `[Makefile:1913: vmlinux] Killed`: the target, then the signal.
    rest.strip_prefix('[')
        .and_then(|r| r.split_once("] "))
        .is_some_and(|(_, sig)| after_signal(sig.trim(), SIGNALS).is_some_and(str::is_empty))
}

/// The shell's report of a command a signal ended (see the module docs).
fn shell_killed(t: &str) -> bool {
    // A signal's description alone: bash or dash in the foreground.
    if after_signal(t, SIGNALS).is_some_and(str::is_empty) {
        return true;
    }
    if let Some(rest) = t.strip_prefix("zsh: ") {
        return after_signal(rest, ZSH_SIGNALS).is_some();
    }
    // `bash: line 1: 12345 Killed  make`, `./run: line 87: 43210 Killed …`.
    let mut rest = t;
    let mut known = false;
    if let Some(at) = LINE.find(t.as_bytes())
        && let Some((n, r)) = t[at + ": line ".len()..].split_once(": ")
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        rest = r;
        known = true;
    } else if let Some(r) = t.strip_prefix('[')
        && let Some((n, r)) = r.split_once(']')
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        // `[1]+  Killed                  make -j8`
        rest = r.trim_start_matches(['+', '-']).trim_start();
        known = true;
    }
    if !known {
        return false;
    }
    let pid_end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    after_signal(rest[pid_end..].trim_start(), SIGNALS).is_some()
}

/// True when `line` is a command's own report that it failed: make's
/// error, a shell's report of a command a signal ended, a `^C`, a compiler
/// killed under it, GNU time's `Command terminated by signal 9` or
/// `Command exited with non-zero status 2`. The list
/// and its forms are in the module docs; `(ignored)` errors and make's
/// `Waiting for unfinished jobs` are no failure.
pub fn command_failed(line: &str) -> bool {
    let t = &*one_blank(line);
    t.starts_with("^C")
        || make_failed(t)
        || shell_killed(t)
        || compiler_killed(t)
        || t.starts_with("Command terminated by signal ")
        || nonzero_exit(t)
        || not_run(t)
}

/// A compiler or linker killed under the command: `gcc: fatal error:
/// Killed signal terminated program cc1`, `collect2: fatal error: ld
/// terminated with signal 9 [Killed]`.
fn compiler_killed(t: &str) -> bool {
    FATAL.find(t.as_bytes()).is_some()
        && (t.contains("fatal error: Killed signal terminated program") || t.contains(" terminated with signal "))
}

/// `: line ` (a script's line in the shell's report, [`shell_killed`]),
/// searched for with a searcher made once: `command_failed` is asked of
/// most lines of a file, and a `&str` search builds its searcher each time.
static LINE: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(": line "));

/// `fatal error: ` ([`compiler_killed`]), searched for as [`LINE`] is.
static FATAL: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new("fatal error: "));

/// The shell's report that it could not start the command at all (bash:
/// `bash: ./build.sh: No such file or directory`, `-bash: mkae: command
/// not found`, `bash: ./x: Permission denied`, `bash: line 1: foo: command
/// not found`; dash: `sh: 1: foo: not found`; zsh: `zsh: command not
/// found: mkae`, `zsh: no such file or directory: ./x`; fish: `fish:
/// Unknown command: mkae`): `time` then times
/// the shell's failure (`real 0m0.001s`). Only a line starting with the
/// shell's own name: make's subshell names itself by its path (`/bin/sh:
/// 1: bc: not found` in a build that goes on).
fn not_run(t: &str) -> bool {
    // fish: `fish: Unknown command: mkae`.
    if t.strip_prefix("fish: Unknown command: ").is_some_and(|c| !c.trim().is_empty()) {
        return true;
    }
    let Some(rest) = ["bash: ", "-bash: ", "sh: ", "dash: ", "zsh: "].iter().find_map(|p| t.strip_prefix(p)) else {
        return false;
    };
    const WHY: &[&str] = &[
        ": No such file or directory",
        ": command not found",
        ": Permission denied",
        ": not found",
        ": Is a directory",
        ": Exec format error",
    ];
    WHY.iter().any(|w| rest.ends_with(w))
        || ["command not found: ", "no such file or directory: ", "permission denied: "]
            .iter()
            .any(|p| rest.starts_with(p))
}

/// True when `line` is make's own report that the target needed no work
/// (`make: Nothing to be done for 'bzImage'.`, `make: 'vmlinux' is up to
/// date.`, also `gmake:`): a `time` of it timed make finding nothing to
/// build (`real 0m0.004s`), not a build (attack28 p38: it was averaged
/// with two 1m41s builds as a third run, 101.5 s became 68 ± 59). Only the
/// top-level make's: a sub-make's `make[2]: Nothing to be done for 'all'.`
/// is printed inside builds that do work.
pub fn did_nothing(line: &str) -> bool {
    let t = &*one_blank(line);
    let Some(rest) = ["make: ", "gmake: "].iter().find_map(|p| t.strip_prefix(p)) else { return false };
    rest.starts_with("Nothing to be done for ") || (rest.starts_with(['\'', '`']) && rest.ends_with("is up to date."))
}

/// Why the `time` record after `line` timed no run: "failed" for a
/// [`command_failed`] line, "did nothing" for a [`did_nothing`] one;
/// `None` for any other line.
pub fn not_a_run(line: &str) -> Option<&'static str> {
    if command_failed(line) {
        Some("failed")
    } else if did_nothing(line) {
        Some("did nothing")
    } else {
        None
    }
}

/// `line` trimmed, with every tab or other blank that is not a space
/// (`Segmentation\tfault\t(core\tdumped)`, a log run through `tr ' '
/// '\t'`, attack32 F13) and the runs of blanks around it made one space, so
/// the forms above read the same whatever blank separates their words; a
/// line of spaces only is returned as it is, without a copy.
fn one_blank(line: &str) -> std::borrow::Cow<'_, str> {
    let t = line.trim();
    if t.chars().any(|c| c.is_whitespace() && c != ' ') {
        std::borrow::Cow::Owned(t.words().collect::<Vec<_>>().join(" "))
    } else {
        std::borrow::Cow::Borrowed(t)
    }
}

/// GNU time's `Command exited with non-zero status 2` (any status but 0).
fn nonzero_exit(t: &str) -> bool {
    t.strip_prefix("Command exited with non-zero status ")
        .and_then(|n| n.trim().parse::<i64>().ok())
        .is_some_and(|n| n != 0)
}

/// A failure line as a warning quotes it: its words joined by one blank,
/// cut to 80 characters.
pub fn quote(line: &str) -> String {
    let t = line.words().collect::<Vec<_>>().join(" ");
    match t.char_indices().nth(80) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t,
    }
}

/// True for a shell prompt's command line: `$ make -j8`, `# time ./x`,
/// `% time make`, `root@box:~/linux# time make -j8`, `[root@five ~]# make`,
/// `ana@lab:~$ git stash pop`: the prompt, then a command. A command
/// started there is another than the one before it.
pub fn is_command_line(line: &str) -> bool {
    // The first three words are all it reads (a line's words were
    // collected whole for them: asked of every line the labeller looks at).
    let mut words = line.words();
    let (Some(first), Some(second)) = (words.next(), words.next()) else { return false };
    if matches!(first, "$" | "#" | "%") {
        return true;
    }
    // `user@host:dir$`, `root@box:~#`, `[root@five ~]#` (two words).
    let prompt = |w: &str| w.len() > 1 && w.ends_with(['$', '#', '%']) && (w.contains('@') || w.contains(':'));
    prompt(first)
        || (first.starts_with('[') && words.next().is_some() && second.ends_with(['$', '#']) && second.contains(']'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failure_lines() {
        for l in [
            "make: *** [Makefile:1913: kernel] Error 2",
            "make[1]: *** [scripts/Makefile.build:243: kernel/fork.o] Error 1",
            "make: *** [Makefile:1913: vmlinux] Killed",
            "make: *** [Makefile:1913: vmlinux] Interrupt",
            "make[2]: *** [x.o] Segmentation fault (core dumped)",
            "make: *** No rule to make target 'vmlinuz'.  Stop.",
            "Killed",
            "Segmentation fault (core dumped)",
            "Terminated",
            "Aborted (core dumped)",
            "Aborted",
            "bash: line 1: 12345 Killed                  make -j8",
            "/lkp/lkp/src/tests/kbuild: line 87: 43210 Killed                  make -j 256 vmlinux",
            "/lkp/benchmarks/vm-scalability/case-swapin: line 30: 4321 Killed  $USEMEM --prealloc",
            "[1]+  Killed                  make -j8",
            "zsh: killed     make -j8 vmlinux > /dev/null",
            "zsh: segmentation fault (core dumped)  ./a.out",
            "gcc: fatal error: Killed signal terminated program cc1",
            "collect2: fatal error: ld terminated with signal 9 [Killed]",
            "^C",
            "^Ciperf3: interrupt - the client has terminated",
            "\tCommand terminated by signal 9",
            "Command exited with non-zero status 2",
            "\tCommand exited with non-zero status 139",
            "bash: ./build.sh: No such file or directory",
            "-bash: mkae: command not found",
            "bash: line 1: foo: command not found",
            "bash: ./run.sh: Permission denied",
            "sh: 1: ./bench: not found",
            "zsh: command not found: mkae",
            "zsh: no such file or directory: ./build.sh",
            "fish: Unknown command: make",
        ] {
            assert!(command_failed(l), "{l}");
        }
        for l in
            ["make: Nothing to be done for 'bzImage'.", "make: 'vmlinux' is up to date.", "gmake: `all' is up to date."]
        {
            assert!(did_nothing(l) && !command_failed(l), "{l}");
            assert_eq!(not_a_run(l), Some("did nothing"));
        }
        for l in ["make[2]: Nothing to be done for 'all'.", "make: *** [x] Error 2", "Nothing to be done for 'all'."] {
            assert!(!did_nothing(l), "{l}");
        }
        for l in [
            "make: *** [Makefile:10: x] Error 1 (ignored)",
            "make: *** Waiting for unfinished jobs....",
            "/bin/sh: 1: bc: not found",
            "Killed the old process first, then:",
            "Terminated runs are not shown",
            "Command exited with non-zero status",
            "real\t0m3.412s",
            "  CC      kernel/fork.o",
            "Killedtime",
        ] {
            assert!(!command_failed(l), "{l}");
        }
    }

    /// attack32 F13 (case 13, time/bash-time-killed-segfault-interrupted.txt
    /// run through `tr ' ' '\t'`): with a tab for every space the killed
    /// build, the segfaulted hackbench and the killed compiler were not
    /// failures, and their `real` times were averaged with the good builds.
    #[test]
    fn failure_lines_with_tabs_for_blanks() {
        for l in [
            "bash:\tline\t1:\t12345\tKilled\t\t\t\t\tmake\t-j8\tvmlinux",
            "Segmentation\tfault\t(core\tdumped)",
            "gcc:\tfatal\terror:\tKilled\tsignal\tterminated\tprogram\tcc1",
            "make[1]:\t***\t[scripts/Makefile.build:243:\tkernel/fork.o]\tError\t1",
            "make:\t***\t[Makefile:1913:\tmm]\tInterrupt",
            "\tCommand\tterminated\tby\tsignal\t9",
            "-bash:\tmkae:\tcommand\tnot\tfound",
        ] {
            assert!(command_failed(l), "{l:?}");
        }
        assert!(did_nothing("make:\tNothing\tto\tbe\tdone\tfor\t'bzImage'."));
        for l in ["real\t0m27.123s", "Killed\tthe\told\tprocess\tfirst,\tthen:", "\t\tCC\t\tkernel/fork.o"] {
            assert!(!command_failed(l), "{l:?}");
        }
    }

    #[test]
    fn command_lines() {
        for l in ["$ make -j8", "# time ./x", "root@box:~/linux# time make -j8", "[root@five ~]# make", "ana@lab:~$ ls"]
        {
            assert!(is_command_line(l), "{l}");
        }
        for l in ["$", "Killed", "real\t1m2.000s", "  CC      kernel/fork.o", "make: *** [x] Error 2"] {
            assert!(!is_command_line(l), "{l}");
        }
    }
}
