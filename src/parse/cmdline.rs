//! Command lines in benchmark logs: LKP's timestamped ones
//! (`2020-01-31 08:12:43 python2 ./runtest.py mmap2 295 process 104`) and a
//! post's shell prompts (`$ perf bench sched pipe -T`, `[root@five ~]#
//! hackbench -g 10`, `# numactl -N 0 hackbench -p -T -l 20000 -g 2`).
//!
//! [`args_of`] finds the program on such a line and returns its arguments,
//! so that a parser can read its parameters from the command that printed
//! the output. Prose that names a program ("I ran hackbench with -g 8") is
//! no command: before the program only a timestamp, a prompt and a wrapper
//! (`time`, `sudo`, `taskset -c 3,4`, `numactl -N 0`, `python3`) may stand,
//! or a container's `kubectl exec … --` (`docker`, `podman`, `oc` too), or
//! `docker exec [options] CONTAINER` without `--`, or a network namespace's
//! `ip netns exec NS`.
//!
//! The prompts read: `$ `, `# `, `% `, `> `, `$> `, `user@host:~$ `,
//! `[user@host ~]# `, `host% ` (zsh/csh), `user@host:~/dir > ` (tcsh), `❯ ` (starship, pure), `+ `/`++ `
//! (bash's `set -x` trace), oh-my-zsh's `➜  dir `, and a Python or conda
//! environment's `(venv) ` before any of them.

use crate::lines::SplitWords as _;

/// Wrappers that may run a benchmark: `numactl -N 0 hackbench …`; the
/// launchers of a copy left running (`nohup`, `timeout 400`, `setsid`:
/// attack44 F1, whose `nohup netperf … &` copies were read as runs) too,
/// and `stdbuf -oL`, `ionice -c 3`, `cgexec -g cpu:grp`, `systemd-run
/// --scope` (attack45 F1: copies behind them were runs), and `sudo`'s
/// stand-ins `doas` and systemd's `run0` (`❯ run0 perf bench -f simple
/// sched messaging …`, a sched-ext PR, wildmod48: no command line).
/// The one list of them (with `ip netns exec`, read in [`args_of`]).
pub const WRAPPERS: &[&str] = &[
    "time", "sudo", "nice", "taskset", "numactl", "chrt", "env", "python", "python2", "python3", "exec", "command",
    "nohup", "timeout", "setsid", "stdbuf", "ionice", "cgexec", "systemd-run", "doas", "run0",
];

/// Launchers whose options are words, durations or assignments, as the
/// command lines of attack45 F1 typed them (n/g09, f09, g12, g01, f19,
/// g02, g05, g06), each before a benchmark: the one list the tests of
/// [`args_of`] and of netperf's copies behind them go through.
#[cfg(test)]
pub(crate) const TEST_LAUNCHERS: &[&str] = &[
    "timeout 400s",
    "timeout -s KILL 400",
    "timeout -k 10 400",
    "env OMP=1",
    "LD_PRELOAD=/usr/lib/libfoo.so",
    "stdbuf -oL",
    "ionice -c 3",
    "cgexec -g cpu:grp",
    "systemd-run --scope",
    "sudo -u bob",
];

/// Wrappers in [`WRAPPERS`] whose first argument is a bare value, not an
/// option: `taskset 4 perf …` / `taskset 0x4 perf …` (the CPU mask),
/// `chrt 99 …` (the priority). A differing value there is the wrapper's
/// ([`super::labels`]: the label `taskset 4`, not `4 perf stat --null`).
pub const BARE_VALUE_WRAPPERS: &[&str] = &["taskset", "chrt"];

/// Options of a wrapper in [`WRAPPERS`] whose value is the next word and
/// may be a word, not a number (`timeout -s KILL 400`, `cgexec -g
/// cpu:grp`, `sudo -u bob`; attack45 F1): (wrapper, option).
const WRAPPER_VALUE_OPTIONS: &[(&str, &str)] = &[
    ("timeout", "-s"),
    ("timeout", "--signal"),
    ("timeout", "-k"),
    ("timeout", "--kill-after"),
    ("ionice", "-c"),
    ("ionice", "-n"),
    ("cgexec", "-g"),
    ("sudo", "-u"),
    ("sudo", "-g"),
    ("env", "-u"),
    ("env", "--unset"),
    ("env", "-C"),
    ("env", "--chdir"),
    ("stdbuf", "-i"),
    ("stdbuf", "-o"),
    ("stdbuf", "-e"),
    ("systemd-run", "-p"),
    ("systemd-run", "--property"),
    ("systemd-run", "-u"),
    ("systemd-run", "--unit"),
    ("systemd-run", "--slice"),
];

/// A shell variable's assignment before a command (`LD_PRELOAD=/usr/lib/x.so
/// netperf …`, `env OMP=1 netperf …`): `NAME=value`.
fn assignment(tok: &str) -> bool {
    tok.split_once('=').is_some_and(|(name, _)| {
        name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

/// A duration with its unit, as `timeout 400s` takes it (`400s`, `1.5m`,
/// `2h`, `1d`).
fn duration(tok: &str) -> bool {
    tok.strip_suffix(['s', 'm', 'h', 'd']).is_some_and(|n| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b'.') && n.bytes().any(|b| b.is_ascii_digit())
    })
}

/// The rest of `line` after a prompt that is not a `$`/`#` one: bash's
/// `set -x` trace (`+ hackbench --pipe …`, `++ ` in a subshell), starship's
/// `❯ `, a csh or zsh `host% `, tcsh's `user@host:~/dir > `, a zsh or tcsh
/// `host:~> ` (`starship:~> perf bench sched pipe`, LKML 2025: the
/// prompt's `starship:~>` read as a label of the first of five runs only,
/// which parted them), each after an optional environment's
/// `(venv) `; `None` for any other line. A `set -x` log's `+ hackbench
/// --pipe --groups 10` runs lost their `--pipe` and pipe and socket runs
/// were averaged.
pub fn after_other_prompt(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let t = environment_prefix(t).map_or(t, str::trim_start);
    let (first, rest) = t.split_once(char::is_whitespace)?;
    let trace = !first.is_empty() && first.bytes().all(|b| b == b'+');
    let host = first.len() > 1
        && first.ends_with('%')
        && first.bytes().any(|b| b.is_ascii_alphabetic())
        && first[..first.len() - 1].bytes().all(|b| b.is_ascii_alphanumeric() || b"@:~/._-".contains(&b));
    if tcsh_prompt(t).is_some() {
        return Some(rest.trim_start()[1..].trim_start());
    }
    (trace || first == "❯" || host || host_dir_prompt(first)).then(|| rest.trim_start())
}

/// A zsh or tcsh prompt word `host:dir>` (`starship:~>`, `lena:/tmp>`): a
/// host name, a colon, a directory starting at `~` or `/`, and `>`.
fn host_dir_prompt(word: &str) -> bool {
    let Some((host, dir)) = word.strip_suffix('>').and_then(|w| w.split_once(':')) else { return false };
    !host.is_empty()
        && host.bytes().any(|b| b.is_ascii_alphabetic())
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
        && dir.starts_with(['~', '/'])
        && dir.bytes().all(|b| b.is_ascii_alphanumeric() || b"~/._-".contains(&b))
}

/// The `user@host` and the directory of a tcsh (or SuSE) prompt at the
/// start of `line`, `user@host:~/dir > ` (LKML 2002:
/// `ratz@laphish:~/netperf-2.2pl2 > ./netperf -H …`; linux-xfs 2025:
/// `ctheune@hannover96stag00:~/ > fio …`); `None` for any other line.
pub fn tcsh_prompt(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let t = environment_prefix(t).map_or(t, str::trim_start);
    let (first, rest) = t.split_once(char::is_whitespace)?;
    let rest = rest.trim_start();
    if !rest.starts_with('>') || rest.starts_with(">>") {
        return None;
    }
    let (who, dir) = first.split_once(':')?;
    (who.contains('@')
        && !dir.is_empty()
        && !who.contains('/')
        && first.bytes().all(|b| b.is_ascii_alphanumeric() || b"@:~/._-".contains(&b)))
    .then_some((who, dir))
}

/// The working directory a shell prompt at the start of `line` shows:
/// bash's `user@host:/mnt/xfs# …` (or `$`), Red Hat's `[user@host xfs]# …`,
/// tcsh's `user@host:/mnt/xfs > …`; `None` for a line without such a
/// prompt (`$ `, `# ` show none).
pub fn prompt_directory(line: &str) -> Option<&str> {
    if let Some((_, dir)) = tcsh_prompt(line) {
        return Some(dir);
    }
    let t = line.trim_start();
    let t = environment_prefix(t).map_or(t, str::trim_start);
    if let Some(rest) = t.strip_prefix('[') {
        // `[user@host dir]# `
        let (who, rest) = rest.split_once(' ')?;
        let (dir, after) = rest.split_once(']')?;
        return (who.contains('@') && !dir.is_empty() && !dir.contains(' ') && after.starts_with(['#', '$']))
            .then_some(dir);
    }
    let (first, _) = t.split_once(char::is_whitespace)?;
    let prompt = first.strip_suffix(['#', '$'])?;
    let (who, dir) = prompt.split_once(':')?;
    (who.contains('@') && !who.contains('/') && !dir.is_empty()).then_some(dir)
}

/// The message of a syslog or journal line, after its date, host and tag
/// (`Jul 28 16:58:33 localhost stress-ng[1420]: invoked with '/usr/bin/stress-ng
/// --cpu 4 …'`, `Jul 28 16:58:33 localhost systemd[1]: Started …`, as
/// `journalctl` prints them): the month's abbreviation, the day, the time of
/// day, the host and the tag (`name[pid]:` or `name:`). `None` for any other
/// line. Such a line is a log a process wrote, not a command a person typed.
pub fn after_syslog_prefix(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    let mut word = || {
        let (w, r) = rest.split_once(char::is_whitespace)?;
        rest = r.trim_start();
        Some(w)
    };
    let (month, day, time, host, tag) = (word()?, word()?, word()?, word()?, word()?);
    let day_ok = (1..=2).contains(&day.len()) && day.bytes().all(|b| b.is_ascii_digit());
    let time_ok = time.len() >= 8
        && time.bytes().all(|b| b.is_ascii_digit() || b == b':' || b == b'.')
        && time.bytes().filter(|&b| b == b':').count() == 2;
    let host_ok = !host.is_empty() && host.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    let tag = tag.strip_suffix(':')?;
    let name = match tag.split_once('[') {
        Some((name, pid)) => {
            pid.strip_suffix(']').filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())).map(|_| name)
        }
        None => Some(tag),
    }?;
    let name_ok = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-/@".contains(&b));
    (super::MONTHS.contains(&month) && day_ok && time_ok && host_ok && name_ok).then_some(rest)
}

/// The rest of `line` after a Python or conda environment's name in
/// parentheses (`(venv) $ …`, `(base) user@host:~$ …`).
pub fn environment_prefix(line: &str) -> Option<&str> {
    let rest = line.strip_prefix('(')?;
    let (name, rest) = rest.split_once(") ")?;
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))).then_some(rest)
}

/// Programs that run a command in a container or pod with `exec … --`.
const CONTAINER_RUNNERS: &[&str] = &["kubectl", "oc", "docker", "podman"];

/// A command token's base name: `./runtest.py` → `runtest.py`,
/// `/lkp/benchmarks/perf/perf` → `perf`.
pub fn base(tok: &str) -> &str {
    tok.rsplit('/').next().unwrap_or(tok)
}

/// True for a token that may stand before the program: an LKP date or
/// time, a prompt (`$`, `#`, `%`, `>`, `$>`, `~]#`, `user@host:~$`), a wrapper or
/// a wrapper's option or its value (`-c`, `3,4`, `0-3`, `--cpunodebind=0`).
fn prefix_token(tok: &str, after_wrapper: bool) -> bool {
    let b = tok.as_bytes();
    let date = b.len() == 10 && b[4] == b'-' && b[7] == b'-' && tok.bytes().filter(u8::is_ascii_digit).count() == 8;
    let clock = b.len() == 8 && b[2] == b':' && b[5] == b':' && tok.bytes().filter(u8::is_ascii_digit).count() == 6;
    let prompt = matches!(tok, "$" | "#" | "%" | ">") || tok.ends_with(['$', '#', '>']);
    let root = tok.starts_with('[');
    let wrapper = WRAPPERS.contains(&base(tok));
    let option = after_wrapper
        && (tok.starts_with('-')
            || tok.bytes().all(|c| c.is_ascii_digit() || matches!(c, b',' | b'-' | b'x'))
            || duration(tok));
    date || clock || prompt || root || wrapper || option || assignment(tok)
}

/// The number of leading tokens that are oh-my-zsh's default prompt
/// (`➜  ~ `, `➜  redis git:(main) ✗ `: the arrow, the working directory's
/// name, then the git branch and the dirty mark when there are any), 0 when
/// the line does not start with it. A Chinese post's `➜  ~ docker exec -it
/// redis-test redis-benchmark -t get,set -d 10 -q` runs were averaged over
/// payload sizes: their command lines were not read.
fn zsh_prompt_len(toks: &[&str]) -> usize {
    if toks.first() != Some(&"➜") || toks.len() < 2 {
        return 0;
    }
    let mut n = 2;
    if toks.get(n).is_some_and(|t| t.starts_with("git:(") && t.ends_with(')')) {
        n += 1;
        if toks.get(n) == Some(&"✗") {
            n += 1;
        }
    }
    n
}

/// 2 when the line's first tokens are a prompt whose `$` or `#` stands
/// apart from its `user@host:dir` (Raspberry Pi OS's `pi@raspberrypi:~ $
/// `), else 0. `pi@rpi5:~ $ hackbench -p -g 10` was no command line: its
/// runs lost `ipc pipe`, and the kernel was not compared with another
/// whose prompt was `$ ` (newcomer48 N9).
fn spaced_prompt_len(toks: &[&str]) -> usize {
    let user_host_dir = toks.first().and_then(|t| t.split_once('@')).is_some_and(|(who, place)| {
        !who.is_empty()
            && who.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
            && place.split_once(':').is_some_and(|(host, _)| !host.is_empty())
    });
    if user_host_dir && matches!(toks.get(1), Some(&("$" | "#"))) { 2 } else { 0 }
}

/// Every value a command's `args` give option `short` or `long`, in order,
/// in the four getopt spellings: `-R 1000`, `-R1000`, `--rate 1000` and
/// `--rate=1000` (`short` is `-R`, `long` is `--rate`). A caller takes the
/// first that parses as what it wants (pgbench's `-R`, iperf3's `-P`).
pub fn option_values<'a>(args: &[&'a str], short: &str, long: &str) -> Vec<&'a str> {
    let mut values = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = if *a == short || *a == long {
            it.next().copied()
        } else {
            a.strip_prefix(long)
                .and_then(|v| v.strip_prefix('='))
                .or_else(|| a.strip_prefix(short).filter(|v| !v.is_empty()))
        };
        values.extend(v);
    }
    values
}

/// The arguments after `program` on a command line, or `None` when the
/// line does not run it (see the module docs). `program` is matched against
/// each token's base name; a prompt glued to it (`#./runtest.py`) is
/// allowed.
pub fn args_of<'a>(line: &'a str, program: &str) -> Option<Vec<&'a str>> {
    if !line.contains(program) {
        return None;
    }
    // A command run in a container or pod (`kubectl exec -n netperf -it
    // netperf-client -- iperf3 -c iperf3-server -P 4`, `docker exec -it c
    // -- …`): the command after ` -- ` is the one run.
    if let Some((before, after)) = line.split_once(" -- ") {
        let words: Vec<&str> = before.words().collect();
        let runner = words.iter().position(|w| CONTAINER_RUNNERS.contains(&base(w)));
        if let Some(i) = runner
            && words[..i].iter().all(|w| prefix_token(w, false))
            && words.get(i + 1) == Some(&"exec")
        {
            return args_of(after, program);
        }
    }
    let line = after_other_prompt(line).or_else(|| environment_prefix(line.trim_start())).unwrap_or(line);
    let toks: Vec<&str> = line.words().collect();
    let mut after_wrapper = false;
    // The last wrapper read, and whether the word is the value of its
    // option (`KILL` in `timeout -s KILL 400`).
    let mut wrapper = "";
    let mut value_next = false;
    let mut skip = zsh_prompt_len(&toks).max(spaced_prompt_len(&toks));
    for (i, tok) in toks.iter().enumerate() {
        if i < skip || std::mem::take(&mut value_next) {
            continue;
        }
        // `ip netns exec NS iperf3 -P 24 …`: the command run in network
        // namespace NS (a SmartNIC README's runs lost their `-P 24`).
        // (`ip net exec`: ip's abbreviation of it.)
        if base(tok) == "ip" && matches!(toks.get(i + 1), Some(&("netns" | "net"))) && toks.get(i + 2) == Some(&"exec")
        {
            skip = i + 4;
            after_wrapper = false;
            continue;
        }
        let bare = tok.trim_start_matches(['#', '$']);
        if base(bare) == program {
            return Some(toks[i + 1..].to_vec());
        }
        // `perf stat -r 3 hackbench --pipe …`: perf counting the run of
        // another benchmark is a wrapper; its options' values may be words
        // (`-e cycles`).
        if base(tok) == "perf" && toks.get(i + 1) == Some(&"stat") {
            let mut j = i + 2;
            while let Some(t) = toks.get(j)
                && t.starts_with('-')
            {
                let takes_value =
                    matches!(*t, "-r" | "-e" | "-C" | "-p" | "-t" | "-o" | "-G" | "-I" | "-x" | "--repeat");
                j += if takes_value { 2 } else { 1 };
            }
            skip = j;
            after_wrapper = false;
            continue;
        }
        // `docker exec kv redis-benchmark --csv …`, no `--`: the runner's
        // options, the container's name, then the command (a post's two
        // redis-benchmark runs, without and with -P 16, were averaged as
        // runs of one set-up: neither command line was read).
        if CONTAINER_RUNNERS.contains(&base(tok)) && toks.get(i + 1) == Some(&"exec") {
            let mut j = i + 2;
            while toks.get(j).is_some_and(|t| t.starts_with('-')) {
                let takes_value = matches!(
                    toks[j],
                    "-e" | "--env"
                        | "-u"
                        | "--user"
                        | "-w"
                        | "--workdir"
                        | "--env-file"
                        | "-n"
                        | "--namespace"
                        | "-c"
                        | "--container"
                );
                j += if takes_value { 2 } else { 1 };
            }
            let program_at = j + 1;
            return toks.get(program_at).filter(|t| base(t) == program).map(|_| toks[program_at + 1..].to_vec());
        }
        if !prefix_token(tok, after_wrapper) {
            return None;
        }
        if WRAPPERS.contains(&base(tok)) {
            wrapper = base(tok);
            after_wrapper = true;
        } else if after_wrapper {
            value_next = WRAPPER_VALUE_OPTIONS.contains(&(wrapper, *tok));
        }
    }
    None
}

/// `line` cut at the shell's command separators outside quotes (`;`,
/// `&`, `&&`, `||`, `|`; a redirection's `2>&1`, `&>` is none): each
/// command with the separator after it (`""` at the end).
pub fn shell_segments(line: &str) -> Vec<(&str, &str)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i, mut quote) = (0, 0, None::<u8>);
    // Inside a C-style loop's `((i=0; i<4; i++))`: its `;` are no
    // separators (attack45 F2).
    let mut arithmetic = false;
    while i < b.len() {
        let c = b[i];
        if quote.is_none() && b[i..].starts_with(b"((") && !arithmetic {
            arithmetic = true;
            i += 2;
            continue;
        }
        if arithmetic {
            arithmetic = !b[i..].starts_with(b"))");
            i += if arithmetic { 1 } else { 2 };
            continue;
        }
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == b'\'' || c == b'"' => quote = Some(c),
            None if c == b';' || c == b'|' || c == b'&' => {
                let redirect = c == b'&' && (i > 0 && matches!(b[i - 1], b'>' | b'<') || b.get(i + 1) == Some(&b'>'));
                if !redirect {
                    let len = if b.get(i + 1) == Some(&c) && c != b';' { 2 } else { 1 };
                    out.push((&line[start..i], &line[i..i + len]));
                    i += len;
                    start = i;
                    continue;
                }
            }
            None => {}
        }
        i += 1;
    }
    out.push((&line[start..], ""));
    out
}

/// The last segment of the pipeline segment `i` of `segs` begins: its
/// separator says whether the whole pipeline is left in the background
/// (`netperf … | tee np0.log &`, attack44 F1: two such netperf copies
/// were read as runs).
pub fn pipeline_end(segs: &[(&str, &str)], i: usize) -> usize {
    segs[i..].iter().position(|(_, sep)| *sep != "|").map_or(segs.len() - 1, |k| i + k)
}

/// The words after `program` in the shell segment `segment`, wherever it
/// stands (` do netperf …`, `(netperf …`, `xargs -P 4 netperf …`): `None`
/// where the segment does not run it.
pub fn words_after<'a>(segment: &'a str, program: &str) -> Option<Vec<&'a str>> {
    let words: Vec<&str> = segment.words().collect();
    let at = words.iter().position(|w| base(w.trim_start_matches(['#', '$', '('])) == program)?;
    Some(words[at + 1..].to_vec())
}

/// A shell loop around segment `at` of `segs` (as [`shell_segments`] cuts
/// a line): `for i in 1 2 3 4; do netperf … & done`, `seq 4 | while read
/// i; do …`, `for ((i=0; i<4; i++)); do …` (attack45 F2: netperf's and
/// iperf3's copies started by such loops were read as runs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Loop {
    /// How many times the body runs, where the line shows it (a word list,
    /// `{1..4}`, `$(seq 4)`, `seq 4 |` into `while read`, `((i=0; i<4;
    /// i++))`); `None` where it does not.
    pub count: Option<usize>,
    /// The body's command is left in the background (`… &`, `( … ) &`,
    /// `{ …; } &`) and nothing in the body waits for it (`wait`, `wait
    /// $pid`, attack45 F3): its copies ran at once.
    pub at_once: bool,
}

/// The loop around segment `at` of `segs`, if any (see [`Loop`]).
pub fn loop_around(segs: &[(&str, &str)], at: usize) -> Option<Loop> {
    let first_word = |k: usize| segs[k].0.words().next().unwrap_or("");
    // The loop's header: the last `for`/`while`/`until` before `at`
    // whose `done` does not come before `at`.
    let header = (0..=at).rev().find(|&k| {
        let words: Vec<&str> = segs[k].0.words().collect();
        words.iter().any(|w| matches!(*w, "for" | "while" | "until"))
    })?;
    if (header + 1..=at).any(|k| first_word(k) == "done") {
        return None;
    }
    let head = segs[header].0;
    let words: Vec<&str> = head.words().collect();
    let kw = words.iter().position(|w| matches!(*w, "for" | "while" | "until"))?;
    let count = match words[kw] {
        "for" if words.get(kw + 2) == Some(&"in") => head.split_once(" in ").and_then(|(_, l)| list_count(l)),
        "for" => c_style_count(&words[kw + 1..].join(" ")),
        "while" if words.get(kw + 1) == Some(&"read") => header
            .checked_sub(1)
            .filter(|&k| segs[k].1 == "|")
            .and_then(|k| seq_count(&segs[k].0.words().skip_while(|w| *w != "seq").collect::<Vec<_>>().join(" "))),
        _ => None,
    };
    // The body's group: `{ …; } &` ends at its `}`.
    let body: Vec<&str> = segs[at].0.words().skip_while(|w| matches!(*w, "do" | "then")).collect();
    let close =
        if body.first() == Some(&"{") { (at..segs.len()).find(|&k| first_word(k) == "}").unwrap_or(at) } else { at };
    let end = pipeline_end(segs, close);
    let done = (end + 1..segs.len()).find(|&k| first_word(k) == "done").unwrap_or(segs.len());
    let waited = segs[end + 1..done].iter().any(|(s, _)| s.words().next() == Some("wait"));
    Some(Loop { count, at_once: segs[end].1 == "&" && !waited })
}

/// The count a C-style loop's `((i=0; i<4; i++))` shows: `4`.
fn c_style_count(head: &str) -> Option<usize> {
    let inner = head.trim().strip_prefix("((")?.split("))").next()?;
    let parts: Vec<String> = inner.split(';').map(|p| p.words().collect::<String>()).collect();
    let [init, test, step] = parts.as_slice() else { return None };
    let (var, from) = init.split_once('=')?;
    let from: usize = from.parse().ok()?;
    if !matches!(step.as_str(), s if s == format!("{var}++") || s == format!("++{var}") || s == format!("{var}+=1")) {
        return None;
    }
    let rest = test.strip_prefix(var)?;
    let (to, inclusive) = match rest.strip_prefix("<=") {
        Some(to) => (to, true),
        None => (rest.strip_prefix('<')?, false),
    };
    let to: usize = to.parse().ok()?;
    let n = to.checked_sub(from)? + usize::from(inclusive);
    (n > 0).then_some(n)
}

/// A count `seq N`, `seq 1 N`, `{1..N}` or a literal word list shows.
pub fn list_count(list: &str) -> Option<usize> {
    let list = list.trim();
    let inner = list
        .strip_prefix("$(")
        .and_then(|r| r.strip_suffix(')'))
        .or_else(|| list.strip_prefix('`').and_then(|r| r.strip_suffix('`')));
    if let Some(inner) = inner {
        return seq_count(inner);
    }
    if let Some((a, b)) = list.strip_prefix('{').and_then(|r| r.strip_suffix('}')).and_then(|r| r.split_once("..")) {
        let (a, b) = (a.parse::<usize>().ok()?, b.parse::<usize>().ok()?);
        return (b >= a).then(|| b - a + 1);
    }
    let words: Vec<&str> = list.words().collect();
    let literal = words.iter().all(|w| !w.contains(['$', '`', '{', '*', '?', '(']));
    (literal && !words.is_empty()).then_some(words.len())
}

/// The count `seq N` / `seq 1 N` prints.
pub fn seq_count(cmd: &str) -> Option<usize> {
    let words: Vec<&str> = cmd.words().collect();
    match words.as_slice() {
        ["seq", n] => n.parse().ok(),
        ["seq", a, b] => {
            let (a, b) = (a.parse::<usize>().ok()?, b.parse::<usize>().ok()?);
            (b >= a).then(|| b - a + 1)
        }
        _ => None,
    }
}

/// A loop typed over several lines, joined into one shell line: bash's
/// `$ for i in 1 2 3 4; do` / `>   netperf … &` / `> done` (its `> `
/// continuation prompt), or a script's loop without prompts (its body
/// indented), `lines[at]` its header (attack45 F2). The joined line
/// (`$ for i in 1 2 3 4; do netperf … & done`) and the index of its last
/// line; `None` where `lines[at]` starts no loop left open, or a line
/// before its `done` is no shell line (a table, prose).
pub fn joined_loop<S: AsRef<str>>(lines: &[S], at: usize) -> Option<(String, usize)> {
    let head = lines.get(at)?.as_ref().trim();
    if !["for", "while", "until"].iter().any(|k| head.contains(k)) {
        return None;
    }
    let segs = shell_segments(head);
    let opens = |s: &str| {
        shell_segments(s)
            .iter()
            .filter(|(seg, _)| {
                let w: Vec<&str> = seg.words().collect();
                let prompt = w.first().is_some_and(|f| *f == "%" || f.ends_with(['$', '#', '>']));
                let w = if prompt { &w[1..] } else { &w[..] };
                match w.first() {
                    Some(&"for") => w.get(2) == Some(&"in") || w.get(1).is_some_and(|x| x.starts_with("((")),
                    Some(&"while" | &"until") => true,
                    _ => false,
                }
            })
            .count()
    };
    let closes = |s: &str| shell_segments(s).iter().filter(|(seg, _)| seg.words().next() == Some("done")).count();
    let mut depth = opens(head) as isize - closes(head) as isize;
    if depth <= 0 || segs.is_empty() {
        return None;
    }
    let mut joined = head.to_string();
    for (k, line) in lines.iter().enumerate().skip(at + 1).take(30) {
        let raw = line.as_ref();
        let t = raw.trim();
        let body = t.strip_prefix('>').map(str::trim_start);
        let first = t.words().next().unwrap_or("").trim_end_matches(';');
        let shell = body.is_some()
            || raw.starts_with([' ', '\t'])
            || matches!(first, "do" | "done" | "then" | "fi" | "{" | "}");
        if t.is_empty() || !shell {
            return None;
        }
        let piece = body.unwrap_or(t);
        let last = joined.words().last().unwrap_or("");
        let glue =
            if matches!(last, "do" | "then" | "else" | "{") || joined.ends_with(['&', '|', ';']) { " " } else { "; " };
        joined.push_str(glue);
        joined.push_str(piece);
        depth += opens(piece) as isize - closes(piece) as isize;
        if depth <= 0 {
            return Some((joined, k));
        }
    }
    None
}

/// True when `t` (a line, trimmed) begins with an option word (`-d`,
/// `--pipeline=64`, `--` and a word) or an option's negative value
/// (netperf's `-l -600000`, its count of transactions) followed by an
/// option: no shell command does, nor a benchmark's output line (a rule
/// of dashes, `-----`, is none), so it is the rest of the command line
/// above it, wrapped by a mailer.
pub fn continues_options(t: &str) -> bool {
    let mut words = t.words();
    let Some(first) = words.next() else { return false };
    match first.strip_prefix('-') {
        Some("-") => words.next().is_some_and(|w| !w.starts_with('-')),
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => {
            rest.bytes().all(|b| b.is_ascii_digit()) && words.next().is_some_and(|w| w.starts_with('-') && w.len() > 1)
        }
        Some(rest) => {
            let rest = rest.strip_prefix('-').unwrap_or(rest);
            rest.starts_with(|c: char| c.is_ascii_alphabetic())
        }
        None => false,
    }
}

/// A command line of `program` a mailer wrapped at 72 or 76 columns, its
/// options carried onto the next lines (corpus-modern memtier `1.txt`:
/// `… numactl --cpunodebind=0` / `-- memtier_benchmark --key-minimum=1 …` /
/// `--pipeline=64 … --ratio=1:4` / `--key-pattern=G:G -p 6380`): the lines
/// from `lines[at]` while the next [`continues_options`], joined, and the
/// index of the last; `None` where no line continues `lines[at]`, or
/// joined they run no `program` (or no more of its words than
/// `lines[at]` alone).
pub fn wrapped_command<S: AsRef<str>>(lines: &[S], at: usize, program: &str) -> Option<(String, usize)> {
    let head = lines.get(at)?.as_ref().trim();
    if head.is_empty() {
        return None;
    }
    // Most lines are no wrapped command: no copy made for them (the loop's
    // own test on the first line below).
    let first = lines.get(at + 1)?.as_ref().trim();
    let open = head.ends_with(" --") && !first.is_empty();
    if !continues_options(first) && !open {
        return None;
    }
    let mut joined = head.to_string();
    let mut last = at;
    for line in lines.iter().skip(at + 1).take(12) {
        let t = line.as_ref().trim();
        // (A line ending in the options' end `--` goes on: a wrapper's
        // `numactl … --` runs nothing, the command is on the next line.)
        let open = joined.ends_with(" --") && !t.is_empty();
        if !continues_options(t) && !open {
            break;
        }
        joined.push(' ');
        joined.push_str(t);
        last += 1;
    }
    if last == at {
        return None;
    }
    let alone = args_of(head, program).map_or(0, |a| a.len() + 1);
    let whole = args_of(&joined, program).map_or(0, |a| a.len() + 1);
    (whole > alone).then_some((joined, last))
}

/// True when a command line's first line `head` ends in its author's
/// `\` (the shell joins the next line to it): no damage to warn of.
pub fn backslashed(head: &str) -> bool {
    head.trim_end().ends_with('\\')
}

/// A shell redirection word (`>`, `2>>`, `&>`, `<`), which takes the
/// next word as its file; `Some(false)` for one holding its file
/// (`>log.0`, `2>&1`, `2>/dev/null`); `None` for any other word.
pub fn redirection(word: &str) -> Option<bool> {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '&');
    let op = rest.trim_start_matches(['>', '<']);
    (op.len() < rest.len() && rest.len() - op.len() <= 2).then_some(op.is_empty())
}

#[cfg(test)]
mod tests {
    /// LKML 2025-07 (Matteo Martelli, CPU quota under PREEMPT_RT): the
    /// journal's lines of a run under `systemd-run`, each a log, no command.
    #[test]
    fn a_journal_lines_message_follows_its_date_host_and_tag() {
        let line =
            "Jul 28 16:58:33 localhost stress-ng[1420]: invoked with '/usr/bin/stress-ng --cpu 4' by user 0 'root'";
        assert_eq!(
            super::after_syslog_prefix(line),
            Some("invoked with '/usr/bin/stress-ng --cpu 4' by user 0 'root'")
        );
        let line = "Jul 28 16:58:33 localhost systemd[1]: Started /usr/bin/stress-ng --cpu 4 --timeout 10s --metrics.";
        assert_eq!(
            super::after_syslog_prefix(line),
            Some("Started /usr/bin/stress-ng --cpu 4 --timeout 10s --metrics.")
        );
        assert_eq!(super::after_syslog_prefix("Dec  7 09:01:02.123 box kernel: x"), Some("x"));
        for other in [
            "[root@localhost ~]# systemd-run -p CPUQuota=40% stress-ng --cpu 4",
            "Jul 28 the run took 16:58:33 localhost x[1]: y",
            "Jul 28 16:58:33 localhost stress-ng[x]: y",
            "May 5 10:00 host tag: y",
        ] {
            assert_eq!(super::after_syslog_prefix(other), None, "{other}");
        }
    }

    #[test]
    fn a_command_wrapped_over_lines_of_options_is_joined() {
        let lines = [
            "2020-10-27 10:59:50 /usr/bin/numactl  --all -- numactl --cpunodebind=0",
            "-- memtier_benchmark --key-minimum=1 --threads=1 -d 1024 -c 3",
            "--pipeline=64 --key-maximum=65000000 -n 65000000 --ratio=1:4",
            "--key-pattern=G:G -p 6380",
            "-----",
        ];
        let (joined, last) = super::wrapped_command(&lines, 0, "memtier_benchmark").unwrap();
        assert_eq!(last, 3);
        assert!(joined.ends_with("--ratio=1:4 --key-pattern=G:G -p 6380"), "{joined}");
        // At 76 columns: the wrapper's `--` ends the first line.
        let at76 = [
            "2020-10-27 10:59:50 /usr/bin/numactl  --all -- numactl --cpunodebind=0 --",
            "memtier_benchmark --key-minimum=1 --threads=1 -d 1024 -c 3 --pipeline=64",
            "--key-maximum=65000000 -n 65000000 --ratio=1:4 --key-pattern=G:G -p 6380",
            "1         Threads",
        ];
        assert_eq!(super::wrapped_command(&at76, 0, "memtier_benchmark").map(|j| j.1), Some(2));
        // Nothing carried over, or a rule below: no wrap.
        assert_eq!(super::wrapped_command(&lines[3..], 0, "memtier_benchmark"), None);
        assert!(!super::continues_options("-------  ------"));
        assert!(!super::continues_options("--"));
        assert!(super::continues_options("-- memtier_benchmark"));
        assert!(super::continues_options("-600000 -t TCP_RR -j -- -r 16"));
        assert!(!super::continues_options("-0.77%*"));
        assert!(!super::continues_options("-5 is the change"));
    }

    #[test]
    fn the_directory_a_prompt_shows() {
        assert_eq!(super::prompt_directory("root@box:/mnt/xfs# dbench 16"), Some("/mnt/xfs"));
        assert_eq!(super::prompt_directory("me@host:~$ hackbench"), Some("~"));
        assert_eq!(super::prompt_directory("[root@five xfs]# dbench 16"), Some("xfs"));
        assert_eq!(super::prompt_directory("(venv) me@host:~/src$ ./run"), Some("~/src"));
        assert_eq!(super::prompt_directory("$ dbench 16"), None);
        assert_eq!(super::prompt_directory("# dbench 16"), None);
        assert_eq!(super::prompt_directory("Throughput: 45 MB/sec"), None);
    }

    #[test]
    fn a_tcsh_prompt() {
        let line = "ratz@laphish:~/netperf-2.2pl2 > ./netperf -H 192.168.1.141 -p 6666 -l 60";
        assert_eq!(super::after_other_prompt(line), Some("./netperf -H 192.168.1.141 -p 6666 -l 60"));
        assert_eq!(super::after_other_prompt("ratz@laphish:~/netperf-2.2pl2 >"), Some(""));
        assert_eq!(super::after_other_prompt("a@b:~ >> log"), None);
        assert_eq!(super::after_other_prompt("see x > y"), None);
        assert_eq!(super::after_other_prompt("starship:~> perf bench sched pipe"), Some("perf bench sched pipe"));
        assert_eq!(super::after_other_prompt("lena:/tmp> ls"), Some("ls"));
        assert_eq!(super::after_other_prompt("note:~> x"), Some("x"));
        assert_eq!(super::after_other_prompt("Time: 1.5>"), None);
        assert_eq!(super::after_other_prompt("a:b> c"), None);
        assert_eq!(args_of(line, "netperf"), Some(vec!["-H", "192.168.1.141", "-p", "6666", "-l", "60"]));
        // linux-xfs 2025-06 (wild30 file 14): its host and directory.
        let line = "ctheune@hannover96stag00:~/ > fio --rw=randrw --name=synctest --size=60m --time_based";
        assert_eq!(super::tcsh_prompt(line), Some(("ctheune@hannover96stag00", "~/")));
        assert_eq!(super::prompt_directory(line), Some("~/"));
        assert_eq!(super::tcsh_prompt("see x > y"), None);
    }

    use super::args_of;

    #[test]
    fn a_command_run_in_a_pod() {
        let line = "kubectl exec -n netperf -it netperf-client -- iperf3 -c iperf3-server -t 30 -P 4";
        assert_eq!(args_of(line, "iperf3"), Some(vec!["-c", "iperf3-server", "-t", "30", "-P", "4"]));
        assert_eq!(args_of("$ docker exec -it bench -- netperf -H x", "netperf"), Some(vec!["-H", "x"]));
        assert_eq!(args_of("I ran it -- iperf3 -c x", "iperf3"), None);
        assert_eq!(
            args_of("ana@lab:~/tickets$ docker exec kv redis-benchmark --csv -P 16", "redis-benchmark"),
            Some(vec!["--csv", "-P", "16"])
        );
        assert_eq!(args_of("docker exec -it -e A=1 kv redis-benchmark -q", "redis-benchmark"), Some(vec!["-q"]));
        assert_eq!(args_of("docker exec kv redis-cli ping", "redis-benchmark"), None);
    }

    #[test]
    fn trace_starship_csh_and_environment_prompts() {
        let pipe = Some(vec!["--pipe", "--groups", "10"]);
        assert_eq!(args_of("+ hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("++ sudo hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("❯ hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("(venv) $ hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("(base) ana@box:~$ hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("box% hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("$ perf stat -r 3 hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("$ perf stat -e cycles -a taskset -c 0 hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("$ nice -n -5 hackbench --pipe --groups 10", "hackbench"), pipe);
        assert_eq!(args_of("$ perf bench sched pipe", "perf"), Some(vec!["bench", "sched", "pipe"]));
        assert_eq!(args_of("+ redis-benchmark -q -t set -P 16", "redis-benchmark").map(|a| a.len()), Some(5));
        assert_eq!(args_of("(so I ran) hackbench -g 4", "hackbench"), None);
        assert_eq!(args_of("100% hackbench -g 4", "hackbench"), None);
    }

    #[test]
    fn oh_my_zsh_prompt() {
        let line = "➜  ~ docker exec -it redis-test redis-benchmark -t get,set -d 10 -n 10000 -q";
        assert_eq!(args_of(line, "redis-benchmark"), Some(vec!["-t", "get,set", "-d", "10", "-n", "10000", "-q"]));
        assert_eq!(args_of("➜  src git:(master) ✗ ./hackbench -g 4", "hackbench"), Some(vec!["-g", "4"]));
        assert_eq!(args_of("➜ I ran hackbench -g 4", "hackbench"), None);
    }

    /// newcomer48 N9: Raspberry Pi OS's prompt puts a blank before its
    /// `$` (`pi@raspberrypi:~ $ `; a real Pi post's `pi@raspberrypi:~ $
    /// iperf3 -c mac-tk.local ; iperf3 -R -c mac-tk.local`). Must NOT
    /// read: a command before such words (`ssh pi@rpi5:~ $ …`), an
    /// address without a directory, or one without a user.
    #[test]
    fn a_prompt_with_a_blank_before_its_dollar() {
        let pipe = Some(vec!["-p", "-g", "10"]);
        assert_eq!(args_of("pi@rpi5:~ $ hackbench -p -g 10", "hackbench"), pipe);
        assert_eq!(args_of("pi@raspberrypi:~/rt-tests $ sudo ./hackbench -p -g 10", "hackbench"), pipe);
        assert_eq!(args_of("root@rpi5:/home/pi # hackbench -p -g 10", "hackbench"), pipe);
        assert_eq!(args_of("pi@raspberrypi:~ $ iperf3 -c mac-tk.local", "iperf3"), Some(vec!["-c", "mac-tk.local"]));
        assert_eq!(args_of("ssh pi@rpi5:~ $ hackbench -g 4", "hackbench"), None);
        assert_eq!(args_of("pi@rpi5 $ hackbench -g 4", "hackbench"), None);
        assert_eq!(args_of("@rpi5:~ $ hackbench -g 4", "hackbench"), None);
    }

    #[test]
    fn a_network_namespace() {
        let line = "ip netns exec ns6 iperf3 -P 24 -l 256K -w 512K -c 10.0.0.25  ";
        assert_eq!(args_of(line, "iperf3"), Some(vec!["-P", "24", "-l", "256K", "-w", "512K", "-c", "10.0.0.25"]));
        assert_eq!(args_of("# ip netns exec red taskset -c 2 netperf -H x", "netperf"), Some(vec!["-H", "x"]));
        assert_eq!(args_of("ip netns exec red ip link show", "netperf"), None);
    }

    #[test]
    fn commands_and_prose() {
        assert_eq!(
            args_of("2020-01-31 08:12:43 python2 ./runtest.py mmap2 295 process 104", "runtest.py"),
            Some(vec!["mmap2", "295", "process", "104"])
        );
        assert_eq!(args_of("#./runtest.py page_fault3", "runtest.py"), Some(vec!["page_fault3"]));
        assert_eq!(
            args_of("$ numactl -N 0 hackbench -p -T -l 20000 -g 10", "hackbench"),
            Some(vec!["-p", "-T", "-l", "20000", "-g", "10"])
        );
        assert_eq!(args_of(" # taskset -c 3,4 perf bench -r 100 sched pipe", "perf").map(|a| a.len()), Some(5));
        assert_eq!(args_of("[root@five ~]# perf bench sched pipe", "perf"), Some(vec!["bench", "sched", "pipe"]));
        assert_eq!(args_of("I ran hackbench -g 8 twice", "hackbench"), None);
        assert_eq!(args_of("Get will-it-scale and run ./runtest.py page_fault3", "runtest.py"), None);
    }

    /// attack45 F1: launchers whose options are words, durations or
    /// assignments (n/g09, f09, g12, g01, f19, g02, g05, g06).
    #[test]
    fn launchers_with_word_values_durations_and_assignments() {
        let want = Some(vec!["-H", "x", "-l", "300"]);
        for launcher in super::TEST_LAUNCHERS {
            assert_eq!(args_of(&format!("$ {launcher} netperf -H x -l 300"), "netperf"), want, "{launcher}");
        }
        // Must not fire: prose, a word no option takes, another host's shell.
        assert_eq!(args_of("I set OMP=1 and ran netperf -H x", "netperf"), None);
        assert_eq!(args_of("$ timeout KILL netperf -H x", "netperf"), None);
        assert_eq!(args_of("$ ssh host2 netperf -H x", "netperf"), None);
    }

    /// attack45 F2/F3: the one loop reader (a loop over several lines
    /// joined; its count; a `wait` in its body).
    #[test]
    fn loops_joined_and_read() {
        use super::{joined_loop, loop_around, shell_segments};
        let lines = ["$ for i in 1 2 3 4; do", ">   netperf -H x &", "> done", "$ wait"];
        assert_eq!(joined_loop(&lines, 0), Some(("$ for i in 1 2 3 4; do netperf -H x & done".to_string(), 2)));
        let lines = ["$ for i in 1 2 3 4", "> do", ">   netperf -H x &", "> done; wait"];
        assert_eq!(joined_loop(&lines, 0), Some(("$ for i in 1 2 3 4; do netperf -H x & done; wait".to_string(), 3)));
        let lines = ["for i in 1 2 3 4; do", "    netperf -H x &", "done"];
        assert_eq!(joined_loop(&lines, 0).map(|j| j.1), Some(2));
        // Must not fire: a prose `for`, a loop on one line, a table inside.
        assert_eq!(joined_loop(&["for the record, I ran it twice", "  done"], 0), None);
        assert_eq!(joined_loop(&["$ for i in 1 2; do netperf & done"], 0), None);
        assert_eq!(joined_loop(&["$ for i in 1 2; do", "87380  16384  10.00  941.5", "> done"], 0), None);
        let read = |line: &str| {
            let segs = shell_segments(line);
            let at = segs.iter().position(|(s, _)| s.contains("netperf")).unwrap();
            loop_around(&segs, at).map(|l| (l.count, l.at_once))
        };
        assert_eq!(read("$ for ((i=0; i<4; i++)); do netperf & done; wait"), Some((Some(4), true)));
        assert_eq!(read("$ seq 4 | while read i; do netperf & done; wait"), Some((Some(4), true)));
        assert_eq!(read("$ for i in 1 2 3 4; do { netperf; } & done; wait"), Some((Some(4), true)));
        assert_eq!(read("$ for i in 1 2 3 4; do (netperf) & done; wait"), Some((Some(4), true)));
        assert_eq!(read("$ for i in 1 2 3 4; do netperf & if [ $i = 4 ]; then wait; fi; done"), Some((Some(4), true)));
        assert_eq!(read("$ for i in 1 2 3 4; do netperf & pid=$!; wait $pid; done"), Some((Some(4), false)));
        assert_eq!(read("$ for i in 1 2 3 4; do netperf & sleep 1; wait; done"), Some((Some(4), false)));
        assert_eq!(read("$ for i in 1 2 3 4; do netperf; done"), Some((Some(4), false)));
        assert_eq!(read("$ for i in 1 2; do :; done; netperf &"), None);
    }

    #[test]
    fn option_values_reads_the_four_getopt_spellings() {
        use super::option_values;
        let args = ["-c", "4", "-R", "1000", "-R2000", "--rate=3000", "--rate", "4000"];
        assert_eq!(option_values(&args, "-R", "--rate"), ["1000", "2000", "3000", "4000"]);
        // Must not fire: another option sharing the prefix (`--ratelimit=`),
        // pgbench's `-r`, a lone `-R` at the end with no value.
        assert!(option_values(&["--ratelimit=5", "-r", "-c", "-R"], "-R", "--rate").is_empty());
        assert_eq!(option_values(&["-P4", "--parallel", "8"], "-P", "--parallel"), ["4", "8"]);
    }
}
