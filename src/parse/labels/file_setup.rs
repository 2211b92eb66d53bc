//! The set-up a whole file shows ([`FileSetup`]): what the labels of
//! the module above cannot see, as they tell runs apart only inside one
//! file. 6.1's file all `$ dbench -D /mnt/ext4 16` and 6.2's all `$ dbench
//! -D /mnt/xfs 16` have no label (nothing differs inside either), and the
//! two kernels were compared as like (+21.9%, starred). The file keeps
//! what it shows as a fact; the site compares the facts of a benchmark's
//! files and gives a parameter only where they differ (`site::file_setups`).

use super::{
    Asked, Sentences, boot_options, command_name, command_words, is_program, one_spelling, with_continuation,
    without_values_read,
};
use crate::lines::SplitWords as _;
use crate::model::{FileSetup, ParsedFile};
use crate::parse::Input;

/// What `input` shows of the set-up all of `parsed`'s runs share (see
/// [`FileSetup`]): the command line alike above every run that shows
/// one, the set-up commands above the first run, the boot options
/// nearest above it. A part that differs inside the file (a set-up
/// command or boot line between runs, two command lines) is left
/// unknown: the labels keep those runs apart. `found`: the copies of the
/// output `parsed`'s samples fall into ([`copies`], made by the caller,
/// which keeps them for the labels).
pub(super) fn file_setup<'a>(
    input: &'a Input,
    parsed: &ParsedFile,
    asked: &Asked<'a>,
    found: &super::Copies,
) -> FileSetup {
    if parsed.samples.is_empty() {
        return FileSetup::default();
    }
    let (copies, copy_of) = (&found.0, &found.1);
    let by_copy = super::samples_of_copies(copies.len(), copy_of);
    let (Some(&(first, _)), Some(&(_, last))) = (copies.first(), copies.last()) else {
        return FileSetup::default();
    };
    let name = command_name(&parsed.benchmark);
    let line = |n: usize| input.lines[n - 1].trim();
    // Each copy's command line: the nearest above it, below the copy
    // before, up to a sentence a person wrote.
    let sentences = Sentences::new(input);
    let mut command: Option<(usize, String)> = None;
    // The prompt's host above each copy's command line: one machine's
    // while every line shows the same (`None` inside: a line without one).
    let mut host: Option<Option<(usize, String)>> = None;
    let mut shown = false;
    // The command lines found above a person's sentence only, as `command`.
    let mut past_prose: Vec<String> = Vec::new();
    for (k, &(start, _)) in copies.iter().enumerate() {
        let from = super::first_line_after_copy_before(copies, k);
        // `cat bonnie.1 bonnie.2` over the copies shows their files, no
        // run of the benchmark (`bonnie.1` is no `bonnie`): attack39
        // finding 7, k05's 2 runs and 3 runs were two set-ups. So does
        // `$ cat hackbench.log` over one kernel's run (newcomer48 N1: a
        // set-up apart from the others' `$ hackbench`, not compared).
        // [`command_words`] is none for it.
        let command_at = |n: usize| {
            let words = command_words(line(n), name)?;
            Some((n, with_continuation(input, n, words, start)))
        };
        let found = (from..start).rev().take_while(|&n| !sentences.is_persons(line(n))).find_map(command_at);
        let Some((n, words)) = found else {
            // A command above a person's sentence (`$ fio … --size=60m`,
            // then `This resulted in [1].`) may be this copy's or another
            // output's: not the file's set-up, but where it differs from
            // the others' the file's command is unknown (wild30 file 14:
            // run 2's `… --time_based` stood as the whole file's).
            if let Some((n, words)) = (from..start).rev().find_map(command_at) {
                let (words, _) = run_words(line(n), words, name);
                let of_copy = by_copy[k].iter().map(|&i| &parsed.samples[i]);
                let kept = without_time(&without_values_read(name, &one_spelling(name, &words), of_copy), name);
                past_prose.push(kept.join(" "));
            }
            continue;
        };
        shown = true;
        let (words, at) = run_words(line(n), words, name);
        let at = at.map(|h| (n, h.rsplit('@').next().unwrap_or(h).to_string()));
        match &host {
            None => host = Some(at),
            Some(h) if h.as_ref().map(|h| &h.1) != at.as_ref().map(|h| &h.1) => host = Some(None),
            Some(_) => {}
        }
        // Options spelled one way and in one order, as inside a file
        // (`--sync` is `-s`, `--pipe` is `-p`, `-t 60 -D /mnt/x` is `-D
        // /mnt/x -t 60`).
        let words = one_spelling(name, &words);
        let of_copy = by_copy[k].iter().map(|&i| &parsed.samples[i]);
        let kept = without_values_read(name, &words, of_copy);
        let kept = without_time(&kept, name).join(" ");
        match &command {
            None => command = Some((n, kept)),
            // Runs under other command lines: the labels' to tell apart.
            Some((_, c)) if *c != kept => {
                return FileSetup { command: None, ..setup_above(input, name, first, last, false, asked) };
            }
            Some(_) => {}
        }
    }
    if let Some((_, c)) = &command
        && past_prose.iter().any(|p| p != c)
    {
        return FileSetup { command: None, ..setup_above(input, name, first, last, false, asked) };
    }
    FileSetup { command, host: host.flatten(), ..setup_above(input, name, first, last, shown, asked) }
}

/// The set-up commands and boot options above line `first` (the first
/// run's), each unknown where one stands between `first` and `last` (a
/// set-up changed between runs, which the labels read). With no set-up
/// command above, the commands are known to be none where the file shows
/// the benchmark's command line (`shown`): a transcript.
fn setup_above<'a>(
    input: &'a Input,
    name: &str,
    first: usize,
    last: usize,
    shown: bool,
    asked: &Asked<'a>,
) -> FileSetup {
    // Most files show no file by `cat` and no boot command line: one search
    // of the whole text tells before every line is asked (a line that
    // shows one holds `cat `, `BOOT_IMAGE=` or `root=`).
    let cats = input.has("cat ");
    let shown_setting = |input: &Input, n: usize| if cats { shown_setting(input, n) } else { None };
    let job_file_settings =
        |input: &Input, n: usize, name: &str| if cats { job_file_settings(input, n, name) } else { Vec::new() };
    let boots = input.has("BOOT_IMAGE=") || input.has("root=");
    let between = |f: &dyn Fn(&'a str) -> bool| (first..last).any(|n| f(&input.lines[n - 1]));
    // A `cat` of the files whose copies follow (`cat bonnie.1 bonnie.2`,
    // `labels::catted`) shows results, no set-up: as one, it kept 2.4.16's
    // two runs and 2.4.17's three apart, glued to Bonnie's header lines
    // (attack39 finding 7, k05).
    let setup_command = |t: &'a str| {
        asked
            .config_command(t.trim())
            .filter(|c| !is_housekeeping_or_tree(c) && super::catted::catted_files(t).is_none())
    };
    let setting_between = (first..last).any(|n| shown_setting(input, n).is_some());
    let found: Vec<(usize, String)> = (1..first)
        .flat_map(|n| match setup_command(&input.lines[n - 1]).or_else(|| shown_setting(input, n)) {
            Some(c) => vec![(n, c)],
            None => job_file_settings(input, n, name),
        })
        .collect();
    // A job file shown again between runs is the same set-up only where
    // it shows what the one above the first run showed.
    let job_file_between =
        (first..last).flat_map(|n| job_file_settings(input, n, name)).any(|(_, s)| !found.iter().any(|(_, f)| *f == s));
    let commands = if setting_between || job_file_between || between(&|t| setup_command(t).is_some()) {
        None
    } else {
        (shown || !found.is_empty()).then_some(found)
    };
    let boot = if !boots || between(&|t| boot_options(t).is_some()) {
        None
    } else {
        (1..first).rev().find_map(|n| Some((n, boot_options(&input.lines[n - 1])?.join(" "))))
    };
    FileSetup { command: None, commands, boot, host: None }
}

/// Where the system's kernel settings live: a `cat` of a file below one
/// of these shows a setting the runs below it ran under.
const SETTINGS: [&str; 6] =
    ["/sys/kernel/mm/", "/sys/block/", "/proc/sys/", "/sys/devices/system/cpu/", "/sys/module/", "/sys/kernel/"];

/// A setting line `n` shows by `cat` (`$ cat /sys/kernel/mm/transparent_hugepage/enabled`
/// over `always madvise [never]`): `PATH: VALUE`, the bracketed choice of
/// a sysfs choice list, else the next line's one word (`/proc/sys/kernel/numa_balancing:
/// 1`). `None` for any other line. 6.1's file showing `[always]` and
/// 6.2's `[never]` were compared as one set-up (attacker 28, p22).
fn shown_setting(input: &Input, n: usize) -> Option<String> {
    let t = input.lines.get(n - 1)?.trim();
    let t = t.strip_prefix("$ ").or_else(|| t.strip_prefix("# ")).unwrap_or(t).trim_start();
    let t = t.strip_prefix("sudo ").unwrap_or(t).trim_start();
    let path = t.strip_prefix("cat ")?.trim();
    if path.contains(char::is_whitespace) || !SETTINGS.iter().any(|p| path.starts_with(p)) {
        return None;
    }
    let value = input.lines.get(n)?.trim();
    let chosen = value.words().find_map(|w| w.strip_prefix('[')?.strip_suffix(']'));
    let value = match chosen {
        Some(c) => c,
        None if !value.is_empty() && !value.contains(char::is_whitespace) && value.chars().count() <= 40 => value,
        None => return None,
    };
    Some(format!("{path}: {value}"))
}

/// The settings of a job file (an ini: `[sections]` of `key=value`
/// lines, fio's) that line `n` shows by `cat` (`$ cat job.fio` over
/// `[global]`, `direct=1`, …), each with its line as `[global] direct=1`,
/// a key alone (`time_based`) as it is; none for any other line, or a
/// file shown without a `[section]`. The file's name is left out: two
/// files of one content under two names are one set-up. The lines read
/// end at the first that is none of a section, a setting, a blank line or
/// a comment (`;`, `#` but a line that runs the benchmark `name`). 6.1's
/// `direct=1` and 6.2's `direct=0` above the same `$ fio job.fio` were
/// compared as one set-up (attacker 28, p63: +105%, starred).
fn job_file_settings(input: &Input, n: usize, name: &str) -> Vec<(usize, String)> {
    let Some(t) = input.lines.get(n - 1).map(|t| t.trim()) else { return Vec::new() };
    if !t.contains("cat ") {
        return Vec::new();
    }
    let t = t.strip_prefix("$ ").or_else(|| t.strip_prefix("# ")).unwrap_or(t).trim_start();
    // `root@box:~# cat job.fio`: the prompt's host and directory.
    let t = match t.split_once("# ").or_else(|| t.split_once("$ ")) {
        Some((before, after)) if !before.contains(' ') && (before.contains('@') || before.contains(':')) => {
            after.trim_start()
        }
        _ => t,
    };
    let t = t.strip_prefix("sudo ").unwrap_or(t).trim_start();
    let Some(path) = t.strip_prefix("cat ").map(str::trim) else { return Vec::new() };
    if path.is_empty() || path.contains(char::is_whitespace) || SETTINGS.iter().any(|p| path.starts_with(p)) {
        return Vec::new();
    }
    let key = |k: &str| !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(&b));
    let mut section: Option<&str> = None;
    let mut out: Vec<(usize, String)> = Vec::new();
    for m in n + 1..=input.lines.len() {
        let l = input.lines[m - 1].trim();
        if l.is_empty() || l.starts_with(';') {
            continue;
        }
        if l.starts_with('#') {
            if command_words(l, name).is_some() {
                break;
            }
            continue;
        }
        if let Some(s) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')).filter(|s| key(s.trim())) {
            section = Some(s.trim());
            continue;
        }
        let setting = match l.split_once('=') {
            Some((k, v)) if key(k.trim()) => format!("{}={}", k.trim(), v.trim()),
            None if l.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') => l.to_string(),
            _ => break,
        };
        let Some(s) = section else { break };
        out.push((m, format!("[{s}] {setting}")));
    }
    out
}

/// A set-up command as [`config_command`](super::config_command) names it that says nothing of
/// the set-up across kernels: the tree checked out (`git checkout v6.2`:
/// the kernel itself) and a directory changed to (`cd ~/linux-6.1`), but
/// a mount point's (`cd /mnt/xfs`: dbench, bonnie++ and tiobench work where
/// they are started; 6.1's runs in `/mnt/ext4` and 6.2's in `/mnt/xfs`
/// were compared as one set-up, attacker 28).
fn is_housekeeping_or_tree(command: &str) -> bool {
    command.starts_with("git ") || command.strip_prefix("cd ").is_some_and(|dir| !super::is_mount_point_dir(dir))
}

/// The words of a command line that ran the benchmark (`words`, from
/// [`command_words`] of `line`) as far as they set up its run: without
/// the prompt's host (`me@box` of `me@box:~/6.1$ dbench 16`, returned
/// beside them: [`FileSetup::host`]) and without what follows the
/// benchmark's own command (`> 6.1.log`, `| tee log`, `; sync`: after the
/// run).
fn run_words<'a>(line: &'a str, mut words: Vec<&'a str>, name: &str) -> (Vec<&'a str>, Option<&'a str>) {
    let t = line.trim();
    // tcsh's `user@host:~/ > fio …` (its words are the command's alone).
    let mut host = crate::parse::cmdline::tcsh_prompt(t).map(|(who, _)| who);
    if let Some(at) = t.find("$ ").or_else(|| t.find("# "))
        && words.first().is_some_and(|w| t[..at].contains(w) && !is_program(w, name))
    {
        host = Some(words.remove(0));
    }
    let Some(program) = words.iter().position(|w| is_program(w, name)) else { return (words, host) };
    let after = words[program + 1..]
        .iter()
        .position(|w| matches!(*w, ";" | "&&" | "||" | "|" | "&") || w.starts_with(['>', '|']) || w.contains(">"));
    if let Some(k) = after {
        words.truncate(program + 1 + k);
    }
    let end = words[program..].iter().position(|w| w.ends_with(';')).map(|k| program + k);
    if let Some(k) = end {
        words.truncate(k + 1);
        words[k] = words[k].trim_end_matches(';');
    }
    (words, host)
}

/// `words` without a `time` wrapper and its options (`time`,
/// `/usr/bin/time -v`): the run timed, not set up. Kept for the shell's
/// `time` itself (`name` `time`: `time make -j4` is the run).
fn without_time<'a>(words: &[&'a str], name: &str) -> Vec<&'a str> {
    if name == "time" {
        return words.to_vec();
    }
    let mut kept = Vec::with_capacity(words.len());
    let mut timing = false;
    for &w in words {
        if w == "time" || w.ends_with("/time") {
            timing = true;
            continue;
        }
        if timing && matches!(w, "-v" | "-p" | "--verbose" | "--portability") {
            continue;
        }
        timing = false;
        kept.push(w);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(bench: &str, text: &str) -> FileSetup {
        let input = Input::from_text(text);
        let segments = crate::parse::segment::segments(&input, crate::parse::by_id(bench));
        segments.into_iter().find_map(|s| s.outcome.ok()).expect("parses").setup
    }

    #[test]
    fn a_command_line_above_every_run() {
        let text = "$ dbench -D /mnt/xfs 16\nThroughput 49.1 MB/sec  16 procs\n\n\
                    $ dbench -D /mnt/xfs 16\nThroughput 49.2 MB/sec  16 procs\n";
        let s = setup("dbench", text);
        assert_eq!(s.command, Some((1, "dbench -D /mnt/xfs".to_string())));
        assert_eq!(s.commands, Some(Vec::new()));
        assert_eq!(s.boot, None);
        // A bare result shows nothing.
        assert!(setup("dbench", "Throughput 49.1 MB/sec  16 procs\n").is_unknown());
    }

    #[test]
    fn set_up_commands_and_boot_options_above_the_first_run() {
        let text = "$ cat /proc/cmdline\nBOOT_IMAGE=/boot/vmlinuz-6.2 root=/dev/sda1 ro mitigations=off\n\
                    # hdparm -W0 /dev/sda\n# sync\n# time dbench 16 > 6.2.log\nThroughput 49.1 MB/sec  16 procs\n";
        let s = setup("dbench", text);
        assert_eq!(s.command, Some((5, "dbench".to_string())));
        assert_eq!(s.commands, Some(vec![(3, "hdparm -W0 /dev/sda".to_string())]));
        assert_eq!(s.boot, Some((2, "root=/dev/sda1 ro mitigations=off".to_string())));
        // The prompt's host and directory are no set-up.
        let s = setup("dbench", "me@box:~/6.1$ taskset -c 0 dbench 16\nThroughput 49.1 MB/sec  16 procs\n");
        assert_eq!(s.command, Some((1, "taskset -c 0 dbench".to_string())));
        // However long the prompt (attack38 #4: a GCP VM's 65 characters
        // left `fio-fio-3.38$` in the set-up), and `./dbench` is `dbench`.
        let long = "abhishekmgupta_google_com@abhishek-c4-192-west4a:~/dbench-dbench-4.0$ ./dbench 16\n\
                    Throughput 49.1 MB/sec  16 procs\n";
        let s = setup("dbench", long);
        assert_eq!(s.command, Some((1, "dbench".to_string())));
        assert_eq!(s.host, Some((1, "abhishek-c4-192-west4a".to_string())));
    }

    /// Attacker 28, p63: the job file `cat` shows above `$ fio job.fio`
    /// is among the set-up commands, a setting a line, by its section.
    #[test]
    fn a_job_file_shown_by_cat_is_part_of_the_set_up() {
        let run = "$ fio job.fio\nmytest: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) \
                   4096B-4096B, ioengine=libaio, iodepth=1\nfio-3.28\nStarting 1 process\nmytest: (groupid=0, \
                   jobs=1): err= 0: pid=5178: Wed May 12 11:01:45 2021\n  read: IOPS=9500, BW=37.1MiB/s \
                   (38.9MB/s)(2227MiB/60001msec)\n";
        let job = "$ cat job.fio\n[global]\n; O_DIRECT\nioengine=libaio\ndirect=1\ntime_based\n\n[mytest]\n\
                   filename=/dev/nvme0n1\n";
        // The second run's own figures (a run printing the first's
        // figures to the digit is a paste, read once).
        let run2 = run.replace("IOPS=9500", "IOPS=9512");
        let s = setup("fio", &format!("{job}{run}{run2}"));
        let settings: Vec<&str> = s.commands.as_ref().expect("known").iter().map(|(_, c)| c.as_str()).collect();
        assert_eq!(
            settings,
            ["[global] ioengine=libaio", "[global] direct=1", "[global] time_based", "[mytest] filename=/dev/nvme0n1"]
        );
        assert_eq!(s.commands.as_ref().and_then(|c| c.first()).map(|c| c.0), Some(4));
        // Shown again alike between runs: the same set-up; another
        // content between runs: the runs' set-ups differ, unknown here.
        assert_eq!(setup("fio", &format!("{job}{run}{job}{run2}")).commands, s.commands);
        let other = job.replace("direct=1", "direct=0");
        assert_eq!(setup("fio", &format!("{job}{run}{other}{run2}")).commands, None);
        // No `[section]`: no job file.
        let s = setup("fio", &format!("$ cat notes\ndirect=1\n{run}"));
        assert_eq!(s.commands, Some(Vec::new()));
    }

    /// Attacker 28, p23: the prompt's host above the runs is kept, the
    /// same above each; two hosts in one file are the labels'.
    /// attack39 finding 7: `cat bonnie.1 bonnie.2` over the copies is no
    /// set-up; a set-up command above it still is.
    #[test]
    fn a_cat_of_the_result_files_is_no_set_up() {
        let copies = "[root@hydra bonnie]# cat bonnie.1 bonnie.2\n-------Sequential Output--------\n\
                      Throughput 49.1 MB/sec  16 procs\n-------Sequential Output--------\n\
                      Throughput 49.2 MB/sec  16 procs\n";
        let s = setup("dbench", copies);
        assert!(s.commands.as_ref().is_none_or(Vec::is_empty), "{s:?}");
        let s = setup("dbench", &format!("# hdparm -W0 /dev/sda\n{copies}"));
        assert_eq!(s.commands, Some(vec![(1, "hdparm -W0 /dev/sda".to_string())]));
        // Nor the benchmark's command line (attack39 k05, Bonnie 1.x as
        // the mail wrapped it).
        let report = |c: &str| {
            format!(
                "              -------Sequential Output-------- ---Sequential Input--\n\t      --Random--\n\
                 \x20             -Per Char- --Block--- -Rewrite-- -Per Char- --Block---\n\t      --Seeks---\n\
                 Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU\n/sec %CPU\n\
                 \x20         100  {c} 100.0 282891 100.1 377295 100.0  2058 100.0 592709\n\t  99.5 51920.4 196.5\n"
            )
        };
        let text = format!("[root@hydra bonnie]# cat bonnie.1 bonnie.2\n{}{}", report("1765"), report("1790"));
        assert_eq!(setup("bonnie", &text).command, None);
    }

    /// newcomer48 N1: `$ cat hackbench.log` over a kernel's run shows a
    /// saved log; its name holds the program's (`hackbench.log`), yet it
    /// runs nothing: no command line, so no set-up apart from the other
    /// kernels' `$ hackbench`. Must NOT lose: the command line itself, nor
    /// a `cat` with a pipe (`cat x | hackbench`: a command of its own).
    #[test]
    fn a_cat_of_one_saved_log_is_no_command_line() {
        let out = "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                   Each sender will pass 100 messages of 100 bytes\nTime: 4.905\n";
        for shown in ["$ cat hackbench.log", "pi@rpi5:~ $ cat results/hackbench-1.txt", "cat hackbench.out"] {
            let s = setup("hackbench", &format!("{shown}\n{out}"));
            assert_eq!(s.command, None, "{shown}");
            assert_eq!(s.host, None, "{shown}");
        }
        let s = setup("hackbench", &format!("pi@rpi5:~ $ hackbench\n{out}"));
        assert_eq!(s.command, Some((1, "hackbench".to_string())));
        assert!(super::super::catted::shows_files("root@box:~# cat fio.json"));
        assert!(!super::super::catted::shows_files("$ cat x | hackbench"));
        assert!(!super::super::catted::shows_files("$ cat"));
    }

    #[test]
    fn the_prompts_host() {
        let run = |host: &str| format!("root@{host}:~# dbench 16\nThroughput 49.1 MB/sec  16 procs\n");
        let s = setup("dbench", &format!("{}{}", run("boxA"), run("boxA")));
        assert_eq!(s.host, Some((1, "boxA".to_string())));
        assert_eq!(s.command, Some((1, "dbench".to_string())));
        assert_eq!(setup("dbench", &format!("{}{}", run("boxA"), run("boxB"))).host, None);
        assert_eq!(setup("dbench", "$ dbench 16\nThroughput 49.1 MB/sec  16 procs\n").host, None);
        // tcsh's prompt (linux-xfs 2025-06: `ctheune@hannover96stag00:~/ > fio …`).
        let s = setup("dbench", "me@boxC:~/ > dbench 16\nThroughput 49.1 MB/sec  16 procs\n");
        assert_eq!(s.host, Some((1, "boxC".to_string())));
        assert_eq!(s.command, Some((1, "dbench".to_string())));
    }

    /// One set-up typed two ways is one command (attacker 28): dbench's
    /// options in another order or with a path glued on, hackbench's
    /// long options.
    #[test]
    fn options_in_another_order_or_spelling_are_one_command() {
        let command =
            |bench: &str, line: &str, out: &str| setup(bench, &format!("$ {line}\n{out}")).command.map(|c| c.1);
        let tp = "Throughput 49.1 MB/sec  16 procs\n";
        let a = command("dbench", "dbench -t 60 -D /mnt/x 16", tp);
        assert_eq!(a.as_deref(), Some("dbench -D /mnt/x -t 60"));
        assert_eq!(command("dbench", "dbench -D /mnt/x -t 60 16", tp), a);
        assert_eq!(command("dbench", "dbench -D/mnt/x -t60 16", tp), a);
        let hb = "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                  Each sender will pass 100 messages of 100 bytes\nTime: 1.260\n";
        // `-p` is read as the parameter `ipc` (pipe): no set-up of its own.
        let p = command("hackbench", "hackbench -p -g 10", hb);
        assert_eq!(p.as_deref(), Some("hackbench"));
        assert_eq!(command("hackbench", "hackbench --groups=10 --pipe", hb), p);
    }

    #[test]
    fn set_ups_that_differ_inside_the_file_are_the_labels() {
        let text = "$ dbench -D /mnt/ext4 16\nThroughput 40.1 MB/sec  16 procs\n\n\
                    $ dbench -D /mnt/xfs 16\nThroughput 49.2 MB/sec  16 procs\n";
        assert_eq!(setup("dbench", text).command, None);
        let text = "$ dbench 16\nThroughput 40.1 MB/sec  16 procs\n\n# hdparm -W0 /dev/sda\n\
                    $ dbench 16\nThroughput 49.2 MB/sec  16 procs\n";
        let s = setup("dbench", text);
        assert_eq!(s.command, Some((1, "dbench".to_string())));
        assert_eq!(s.commands, None);
    }
}
