//! The environment a kernel ran its benchmarks in, from files people
//! already keep beside their results.
//!
//! "Do the configs differ?" is the first question on any posted
//! comparison. A file in a kernel's directory (or the class's) that is one
//! of these is read as *environment*, not as a result, and its facts are
//! compared between kernels ([`crate::report`] lists those that differ):
//!
//! | file | recognised by | facts |
//! |---|---|---|
//! | kernel config | name `config`, `.config`, `config-*`, `kconfig` (each also gzipped, `config.gz` as `/proc/config.gz` gives it); or content `# Automatically generated file; DO NOT EDIT.` / `CONFIG_` lines | `CONFIG_PREEMPT` = `y`, `m`, a value, or `n` for `# CONFIG_X is not set` |
//! | `/proc/cmdline` | name `cmdline`, `proc-cmdline` | `cmdline mitigations` = `off`; a bare flag (`quiet`) = `on`; `BOOT_IMAGE` and `initrd` (which name the kernel) left out; the words after a lone `--` (init's) one fact, `cmdline init arguments`; words split as the kernel does (a double-quoted value with spaces is one, without its quotes); a `$ cat /proc/cmdline` line above it skipped |
//! | `uname -a` | name `uname`, `uname-a` | `uname` (shown, never compared: it names the kernel) |
//! | `gcc --version`, `clang --version` | name `gcc-version`, `cc-version`, `clang-version`, `compiler` | `compiler` = the first line |
//! | `/proc/mounts`, `mount` | name `mounts`, `proc-mounts`, `mount` | `mount /home` = `ext4 rw,noatime` (pseudo filesystems left out) |
//! | `sysctl -a` | name `sysctl`, `sysctl-a` | `sysctl vm.swappiness` = `60` |
//! | `dmesg` | name `dmesg*`; or content `] Linux version` in its first lines | problems: messages that begin with `Oops`, `BUG:`, `kernel BUG at`, `WARNING:`, `Kernel panic`, `general protection fault` (not a message that only quotes the word), also as `dmesg -r` (`<4>`), `dmesg -x` (`kern  :warn  : `) and syslog or journalctl -k (`… kernel: `) save them |
//!
//! Names are matched without a `.txt` or `.log` ending and in any case.
//! An `env:` map in `kernel.yaml` or `machine.yaml` adds facts by hand
//! (the machine's apply to every kernel; a kernel's own win).

use serde::Serialize;

/// What kind of environment file a raw file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum EnvKind {
    /// A kernel `.config`.
    KernelConfig,
    /// `/proc/cmdline`.
    Cmdline,
    /// `uname -a`.
    Uname,
    /// `gcc --version` or `clang --version`.
    Compiler,
    /// `/proc/mounts` or `mount`.
    Mounts,
    /// `sysctl -a`.
    Sysctl,
    /// The kernel log.
    Dmesg,
}

/// One fact of a kernel's environment: `CONFIG_PREEMPT` = `y`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnvFact {
    /// `CONFIG_PREEMPT`, `cmdline mitigations`, `mount /home`, `compiler`.
    pub key: String,
    /// Its value as the file gives it.
    pub value: String,
    /// The file it came from (relative to the class directory), or
    /// `kernel.yaml` / `machine.yaml` for an `env:` entry.
    pub file: String,
    /// Its 1-based line, where it has one.
    pub line: Option<usize>,
}

/// A line of a kernel log that says something went wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DmesgProblem {
    /// The dmesg file (relative to the class directory).
    pub file: String,
    /// Its 1-based line.
    pub line: usize,
    /// The line, without its timestamp, at most 160 characters.
    pub text: String,
}

/// What the environment files of one kernel gave.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Environment {
    /// Facts in file order (a later file's fact of the same key wins when
    /// compared).
    pub facts: Vec<EnvFact>,
    /// Problems its kernel logs show.
    pub problems: Vec<DmesgProblem>,
    /// The environment files read (relative to the class directory).
    pub files: Vec<String>,
}

/// The kind of environment file `rel` (a path relative to the class
/// directory) with contents `text` is, if it is one.
pub fn kind(rel: &str, text: &str) -> Option<EnvKind> {
    let config_lines = || {
        if !text.contains("CONFIG_") {
            return 0;
        }
        text.lines().take(200).filter(|l| is_config_line(l)).count()
    };
    match kind_by_name(rel) {
        // A file named `config` that holds no kernel configuration is
        // something else (a harness's settings).
        Some(EnvKind::KernelConfig) => (config_lines() > 0).then_some(EnvKind::KernelConfig),
        Some(k) => Some(k),
        None if text.starts_with(CONFIG_BANNER) || config_lines() >= 20 => Some(EnvKind::KernelConfig),
        None if text.starts_with('[') && text.lines().take(5).any(|l| l.contains("] Linux version ")) => {
            Some(EnvKind::Dmesg)
        }
        None => None,
    }
}

/// True when raw file `rel` is named as an environment file
/// (`config-6.9.0`, `dmesg.txt`, `uname`, …): read as environment
/// whatever it holds. One told by its contents alone (a `console.log`
/// opening with boot messages, a log of 20 `CONFIG_` lines and then a
/// benchmark's output) is read for results too, and is results where a
/// parser finds some (attack34: a serial-console capture's dbench run was
/// dropped without a word).
pub fn named_as_env(rel: &str) -> bool {
    let plain = rel.strip_suffix(".gz").unwrap_or(rel);
    kind_by_name(plain).is_some()
}

/// The first line of a kernel configuration `make` wrote.
const CONFIG_BANNER: &str = "#\n# Automatically generated file; DO NOT EDIT.";

/// The kind of environment file `rel` is by its name alone, if any.
fn kind_by_name(rel: &str) -> Option<EnvKind> {
    let name = rel.rsplit('/').next().unwrap_or(rel).to_ascii_lowercase();
    let stem = name.strip_suffix(".txt").or_else(|| name.strip_suffix(".log")).unwrap_or(&name);
    match stem {
        "config" | ".config" | "kconfig" | "kernel-config" => Some(EnvKind::KernelConfig),
        s if s.starts_with("config-") => Some(EnvKind::KernelConfig),
        "cmdline" | "proc-cmdline" | "proc_cmdline" | "kernel-cmdline" => Some(EnvKind::Cmdline),
        "uname" | "uname-a" => Some(EnvKind::Uname),
        "gcc-version" | "cc-version" | "clang-version" | "compiler" => Some(EnvKind::Compiler),
        "mounts" | "proc-mounts" | "mount" => Some(EnvKind::Mounts),
        "sysctl" | "sysctl-a" => Some(EnvKind::Sysctl),
        s if s.starts_with("dmesg") => Some(EnvKind::Dmesg),
        _ => None,
    }
}

/// False when [`kind`] of `rel` with the text of bytes `head` is surely
/// `None`: not named as an environment file, and none of what marks an
/// unnamed one (`CONFIG_` lines, the configuration banner, a `[` opening
/// a dmesg) in the bytes. Tells most raw files (results) apart without
/// decoding them.
fn may_be_env(rel: &str, head: &[u8]) -> bool {
    kind_by_name(rel).is_some()
        || head.starts_with(CONFIG_BANNER.as_bytes())
        || head.starts_with(b"[")
        || memchr::memmem::find(head, b"CONFIG_").is_some()
}

/// Most bytes a gzipped kernel configuration may decompress to (a real
/// one is about 250 KB): more is not a config, and is never inflated.
pub const MAX_CONFIG_GZ_SIZE: u64 = 16 * 1024 * 1024;

/// A gzipped kernel configuration, as `/proc/config.gz` gives it (saved
/// as `config.gz`, `.config.gz` or `config-6.9.0.gz`): `rel` without its
/// `.gz` and the decompressed bytes; `Err` with what is wrong when the
/// file is not gzip, is damaged or inflates past
/// [`MAX_CONFIG_GZ_SIZE`]. `None` for any other name, or a file that is
/// not gzip (its first bytes are not gzip's magic number) and so is read
/// as it is.
pub fn gunzip_config(rel: &str, bytes: &[u8]) -> Option<Result<(String, Vec<u8>), String>> {
    use std::io::Read;
    let plain = rel.strip_suffix(".gz")?;
    let name = plain.rsplit('/').next().unwrap_or(plain).to_ascii_lowercase();
    let config_name =
        matches!(name.as_str(), "config" | ".config" | "kconfig" | "kernel-config") || name.starts_with("config-");
    if !config_name || !bytes.starts_with(&[0x1f, 0x8b]) {
        return None;
    }
    let mut out = Vec::new();
    let mut reader = flate2::read::MultiGzDecoder::new(bytes).take(MAX_CONFIG_GZ_SIZE + 1);
    Some(match reader.read_to_end(&mut out) {
        Err(e) => Err(format!("a gzipped kernel configuration that cannot be decompressed ({e}), skipped")),
        Ok(_) if out.len() as u64 > MAX_CONFIG_GZ_SIZE => Err(format!(
            "a gzipped kernel configuration that decompresses to more than {} MiB, skipped",
            MAX_CONFIG_GZ_SIZE / (1024 * 1024)
        )),
        Ok(_) => Ok((plain.to_string(), out)),
    })
}

/// Raw file `rel` holding `bytes` read as environment: its kind and facts;
/// `Err` with what is wrong for a gzipped kernel configuration that cannot
/// be decompressed ([`gunzip_config`]) or holds none; `None` when it is no
/// environment file ([`kind`], told from its first 16 KiB). `build` and
/// `benchsite parse` both read environment files through this.
pub fn read_file(rel: &str, bytes: &[u8]) -> Option<Result<(EnvKind, Environment), String>> {
    let (name, bytes): (std::borrow::Cow<str>, std::borrow::Cow<[u8]>) = match gunzip_config(rel, bytes) {
        Some(Ok((plain, inflated))) => (plain.into(), inflated.into()),
        Some(Err(e)) => return Some(Err(e)),
        None => (rel.into(), bytes.into()),
    };
    // Its first 16 KiB tell an environment file (every result file is
    // looked at: no need to decode all of it here, nor any of it when its
    // bytes rule it out).
    let head = &bytes[..bytes.len().min(16 * 1024)];
    let Some(kind) = may_be_env(&name, head).then(|| kind(&name, &String::from_utf8_lossy(head))).flatten() else {
        let gzipped = name != rel;
        return gzipped
            .then(|| Err("gzipped, but holds no kernel configuration (no CONFIG_ lines), skipped".to_string()));
    };
    let mut env = Environment::default();
    read(kind, rel, &String::from_utf8_lossy(&bytes), &mut env);
    Some(Ok((kind, env)))
}

fn is_config_line(l: &str) -> bool {
    (l.starts_with("CONFIG_") && l.contains('=')) || (l.starts_with("# CONFIG_") && l.ends_with(" is not set"))
}

/// Reads environment file `rel` of kind `kind` into `env`.
pub fn read(kind: EnvKind, rel: &str, text: &str, env: &mut Environment) {
    env.files.push(rel.to_string());
    // Control characters (a `dmesg --color=always` escape, U+202E in a
    // command line) show as U+FFFD, as in names and YAML strings: they
    // reached the pages and the Markdown raw (attack60's R/dmesg-esc).
    let shown = |s: &str| crate::diag::replace_controls(s, &['\t']).into_owned();
    let mut fact = |key: String, value: &str, line: usize| {
        env.facts.push(EnvFact {
            key: shown(&key),
            value: shown(value.trim()),
            file: rel.to_string(),
            line: Some(line),
        });
    };
    // A `dmesg --color=always` (or `--color=auto` to a terminal) saved
    // with its colour codes: each line as the terminal showed it, so the
    // words stay and no `\u{FFFD}[31m` is left (attack60 R/dmesg-esc).
    let text: std::borrow::Cow<'_, str> = if text.contains('\u{1b}') {
        text.split('\n').map(crate::parse::input::as_the_terminal_showed).collect::<Vec<_>>().join("\n").into()
    } else {
        text.into()
    };
    let lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    match kind {
        EnvKind::KernelConfig => {
            for (n, l) in lines {
                if let Some((k, v)) = l.strip_prefix("CONFIG_").and_then(|r| r.split_once('=')) {
                    fact(format!("CONFIG_{k}"), v.trim_matches('"'), n);
                } else if let Some(k) = l.strip_prefix("# CONFIG_").and_then(|r| r.strip_suffix(" is not set")) {
                    fact(format!("CONFIG_{k}"), "n", n);
                }
            }
        }
        EnvKind::Cmdline => {
            // A shell command saved above its output (`$ cat /proc/cmdline`)
            // is no part of it.
            let command = |l: &str| l.trim_end().ends_with("/proc/cmdline");
            for (n, l) in lines.filter(|(_, l)| !l.trim().is_empty() && !command(l)).take(1) {
                // After a lone `--` the words are init's, not the
                // kernel's (Documentation/admin-guide/kernel-parameters):
                // one fact, not a flag each.
                let mut words = cmdline_words(l).into_iter();
                for token in words.by_ref().take_while(|w| *w != "--") {
                    let (k, v) = token.split_once('=').unwrap_or((token, "on"));
                    if k != "BOOT_IMAGE" && k != "initrd" {
                        fact(format!("cmdline {k}"), strip_quotes(v), n);
                    }
                }
                let init: Vec<&str> = words.collect();
                if !init.is_empty() {
                    fact("cmdline init arguments".to_string(), &init.join(" "), n);
                }
            }
        }
        EnvKind::Uname | EnvKind::Compiler => {
            let key = if kind == EnvKind::Uname { "uname" } else { "compiler" };
            if let Some((n, l)) = lines.into_iter().find(|(_, l)| !l.trim().is_empty()) {
                fact(key.to_string(), l, n);
            }
        }
        EnvKind::Mounts => {
            for (n, l) in lines {
                if let Some((mnt, fs, opts)) = mount_line(l).filter(|(_, fs, _)| !PSEUDO_FS.contains(fs)) {
                    fact(format!("mount {mnt}"), &format!("{fs} {opts}"), n);
                }
            }
        }
        EnvKind::Sysctl => {
            for (n, l) in lines {
                if let Some((k, v)) = l.split_once(" = ").or_else(|| l.split_once('=')) {
                    fact(format!("sysctl {}", k.trim()), v, n);
                }
            }
        }
        EnvKind::Dmesg => {
            for (n, l) in lines {
                if let Some(body) = problem_text(l) {
                    let text: String = shown(body).chars().take(160).collect();
                    env.problems.push(DmesgProblem { file: rel.to_string(), line: n, text });
                }
            }
        }
    }
}

/// The words of a kernel command line as the kernel splits them
/// (`lib/cmdline.c` `next_arg`): at spaces (and NULs, as
/// `/proc/<pid>/cmdline` separates them) outside double quotes, so
/// `acpi_osi="Windows 2009"` is one word.
fn cmdline_words(l: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let (mut start, mut quoted) = (None, false);
    for (i, c) in l.char_indices() {
        if c == '"' {
            quoted = !quoted;
        }
        let gap = !quoted && (c.is_whitespace() || c == '\0');
        match (gap, start) {
            (true, Some(s)) => {
                words.push(&l[s..i]);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    words.extend(start.map(|s| &l[s..]));
    words
}

/// A parameter's value without the double quotes around it
/// (`"Windows 2009"` → `Windows 2009`), as the kernel passes it.
fn strip_quotes(v: &str) -> &str {
    v.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(v)
}

/// How a kernel log message that means trouble begins (after the
/// timestamp): `WARNING: CPU: 3 PID: 1 at mm/…`, `BUG: unable to handle
/// …`, `kernel BUG at …`, `Oops: 0002 [#1]`, `Kernel panic - not
/// syncing`, `general protection fault`.
const PROBLEMS: &[&str] = &["Oops", "BUG:", "kernel BUG at", "WARNING:", "Kernel panic", "general protection fault"];

/// The message of dmesg line `l` when it begins as a problem does
/// ([`PROBLEMS`]), without its timestamp (`[   12.345678] `) and caller id
/// (`[    T1] `). Only at the start: a message that quotes the word is
/// not one ("Speculative Return Stack Overflow: WARNING: See …", which
/// every AMD guest prints at boot).
fn problem_text(l: &str) -> Option<&str> {
    let mut body = log_prefix(l.trim_start());
    for _ in 0..2 {
        match body.strip_prefix('[').and_then(|b| b.split_once(']')) {
            Some((_, rest)) => body = rest.trim_start(),
            None => break,
        }
    }
    PROBLEMS.iter().any(|p| body.starts_with(p)).then_some(body)
}

/// `l` without what other ways of saving the kernel log put before a
/// message: `dmesg -r`'s level (`<4>`), `dmesg -x`'s facility and level
/// (`kern  :warn  : `), a syslog or journal line's `Dec  2 05:00:00 host
/// kernel: `.
fn log_prefix(l: &str) -> &str {
    let l = match l.strip_prefix('<').and_then(|r| r.split_once('>')) {
        Some((level, rest)) if !level.is_empty() && level.bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => l,
    };
    let mut parts = l.splitn(3, ':');
    if parts.next().is_some_and(|f| f.trim() == "kern")
        && let (Some(_level), Some(rest)) = (parts.next(), parts.next())
    {
        return rest.trim_start();
    }
    match l.split_once(" kernel: ") {
        Some((_, rest)) if !l.starts_with('[') => rest.trim_start(),
        _ => l,
    }
}

/// Filesystems of no interest to a benchmark comparison.
const PSEUDO_FS: &[&str] = &[
    "proc", "sysfs", "devtmpfs", "devpts", "tmpfs", "cgroup", "cgroup2", "securityfs", "pstore", "bpf", "debugfs",
    "tracefs", "mqueue", "hugetlbfs", "configfs", "fusectl", "autofs", "binfmt_misc", "efivarfs", "rpc_pipefs", "nsfs",
    "ramfs",
];

/// (mount point, type, options) of a `/proc/mounts` line (`dev mnt type
/// opts 0 0`) or a `mount` line (`dev on mnt type type (opts)`).
fn mount_line(l: &str) -> Option<(&str, &str, &str)> {
    let f: Vec<&str> = l.split_whitespace().collect();
    match f.as_slice() {
        [_, "on", mnt, "type", fs, opts, ..] => Some((mnt, fs, opts.trim_start_matches('(').trim_end_matches(')'))),
        [_, mnt, fs, opts, _, _] if mnt.starts_with('/') => Some((mnt, fs, opts)),
        _ => None,
    }
}

/// Facts written by hand (`env:` in `file`), as facts.
pub fn from_yaml(map: &std::collections::BTreeMap<String, String>, file: &str) -> Vec<EnvFact> {
    map.iter().map(|(k, v)| EnvFact { key: k.clone(), value: v.clone(), file: file.to_string(), line: None }).collect()
}

/// Facts of one kernel's environment files that differ between the
/// directories inside its directory (`6.1/1/cmdline` says `mitigations=off`,
/// `6.1/2/cmdline` says nothing of it): the results beside them ran under
/// different set-ups but are averaged as runs of one, and only one of the
/// files' facts is shown. Each returned item is a fact's key and, per
/// directory (relative to the class directory), its value there (`not
/// set` where that directory's file of the same kind lacks it), directories
/// in name order. `uname` (which names the kernel) is never compared; a
/// kernel whose files sit in one directory gives none.
pub fn differing_between_dirs(e: &Environment) -> Vec<(String, Vec<(String, String)>)> {
    use std::collections::BTreeMap;
    let dir_of = |file: &str| file.rsplit_once('/').map_or(String::new(), |(d, _)| d.to_string());
    // The kind of a fact, by its key: `cmdline`, `mount`, `sysctl`, a config.
    let kind_of = |key: &str| -> String {
        if key.starts_with("CONFIG_") { "config".to_string() } else { key.split(' ').next().unwrap_or(key).to_string() }
    };
    // kind → directories that have a file of it; (kind, key) → dir → value.
    let mut dirs_of_kind: BTreeMap<String, std::collections::BTreeSet<String>> = BTreeMap::new();
    let mut values: BTreeMap<(String, String), BTreeMap<String, String>> = BTreeMap::new();
    for f in &e.facts {
        if f.key == "uname" || f.file.ends_with(".yaml") {
            continue;
        }
        let (kind, dir) = (kind_of(&f.key), dir_of(&f.file));
        dirs_of_kind.entry(kind.clone()).or_default().insert(dir.clone());
        values.entry((kind, f.key.clone())).or_default().insert(dir, f.value.clone());
    }
    let mut out = Vec::new();
    for ((kind, key), by_dir) in values {
        let Some(dirs) = dirs_of_kind.get(&kind).filter(|d| d.len() >= 2) else { continue };
        let all: Vec<(String, String)> =
            dirs.iter().map(|d| (d.clone(), by_dir.get(d).cloned().unwrap_or_else(|| "not set".to_string()))).collect();
        if all.iter().any(|(_, v)| *v != all[0].1) {
            out.push((key, all));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_one(rel: &str, text: &str) -> Environment {
        let mut env = Environment::default();
        read(kind(rel, text).expect("an environment file"), rel, text, &mut env);
        env
    }

    /// The facts of `env` as (key, value) pairs, in order.
    fn pairs(env: &Environment) -> Vec<(&str, &str)> {
        env.facts.iter().map(|f| (f.key.as_str(), f.value.as_str())).collect()
    }

    #[test]
    fn kinds_by_name_and_content() {
        assert_eq!(kind("6.9/config-6.9.0", "CONFIG_X=y\n"), Some(EnvKind::KernelConfig));
        assert_eq!(kind("6.9/config", "threads: 4\n"), None);
        assert_eq!(kind("6.9/cmdline.txt", "root=/dev/sda1 quiet\n"), Some(EnvKind::Cmdline));
        assert_eq!(kind("6.9/DMESG.log", ""), Some(EnvKind::Dmesg));
        assert_eq!(kind("6.9/boot.txt", "[    0.000000] Linux version 6.9.0 (gcc)\n"), Some(EnvKind::Dmesg));
        assert_eq!(kind("6.9/dbench.txt", "Throughput 9.2 MB/sec 32 procs\n"), None);
    }

    /// Lines of this machine's own dmesg (an AMD EPYC Firecracker guest,
    /// 6.18.44, 2026-12-02), and problem lines as kernels print them.
    #[test]
    fn a_dmesg_problem_begins_the_message_and_a_quoted_word_is_not_one() {
        let not = [
            "[    0.255293] Speculative Return Stack Overflow: WARNING: See https://kernel.org/doc/html/latest/admin-guide/hw-vuln/srso.html for mitigation options.",
            "[    0.000000] [Firmware Bug]: TSC doesn't count with P0 frequency!",
            "[    0.110467] Kernel command line: mitigations=auto,no_guest_host,no_guest_guest console=ttyS0 quiet reboot=k panic=1",
        ];
        for l in not {
            assert_eq!(problem_text(l), None, "{l}");
        }
        let problems = [
            ("[   12.5] WARNING: CPU: 1 PID: 7 at mm/slub.c:123 kfree+0x1/0x2", "WARNING: CPU: 1"),
            ("[    3.1] [    T1] BUG: unable to handle page fault for address: ffff", "BUG: unable"),
            ("[   99.0] kernel BUG at mm/slub.c:123!", "kernel BUG at"),
            ("Oops: 0002 [#1] SMP", "Oops: 0002"),
            ("[  7.7] Kernel panic - not syncing: Fatal exception", "Kernel panic"),
            ("[ 5.0] general protection fault, probably for non-canonical address", "general protection"),
        ];
        // The same message saved by `dmesg -r`, `dmesg -x` and journalctl -k.
        let problems = problems.into_iter().chain([
            ("<4>[   12.5] WARNING: CPU: 1 PID: 7 at mm/slub.c:123", "WARNING: CPU: 1"),
            ("kern  :warn  : [   12.5] WARNING: CPU: 1 PID: 7 at x", "WARNING: CPU: 1"),
            ("Dec 02 05:00:00 box kernel: BUG: unable to handle page fault", "BUG: unable"),
        ]);
        for (l, begins) in problems {
            assert!(problem_text(l).is_some_and(|t| t.starts_with(begins)), "{l}");
        }
    }

    /// A `dmesg --color=always` escape and a U+202E in a command line
    /// show as U+FFFD, as the README promises of every output: they
    /// reached the HTML and Markdown raw (attack60's R/dmesg-esc).
    #[test]
    fn control_characters_in_environment_files_show_as_fffd() {
        let d = read_one("k/dmesg", "[    2.0] BUG: unable to handle page fault \x1b[31mred\x1b[0m at 0x0\n");
        assert_eq!(d.problems.len(), 1);
        // Colour codes go, the words stay (they showed as `\u{FFFD}[31m`).
        assert_eq!(d.problems[0].text, "BUG: unable to handle page fault red at 0x0");
        let c = read_one("k/cmdline", "root=/dev/sda1 note=\u{202E}ffo quiet\n");
        assert_eq!(
            pairs(&c),
            [("cmdline root", "/dev/sda1"), ("cmdline note", "\u{FFFD}ffo"), ("cmdline quiet", "on")]
        );
        let u = read_one("k/sysctl", "kernel.\x1b]0;x\x07 = 1\n");
        assert!(u.facts.iter().all(|f| !f.key.chars().any(char::is_control)), "{:?}", u.facts);
    }

    #[test]
    fn config_cmdline_mounts_and_dmesg_facts() {
        let c = read_one(
            "k/config",
            "#\n# Automatically generated file; DO NOT EDIT.\nCONFIG_PREEMPT=y\n# CONFIG_HZ_1000 is not set\nCONFIG_LOCALVERSION=\"-rc1\"\n",
        );
        let facts = pairs(&c);
        assert_eq!(facts, [("CONFIG_PREEMPT", "y"), ("CONFIG_HZ_1000", "n"), ("CONFIG_LOCALVERSION", "-rc1")]);
        let c = read_one("k/cmdline", "BOOT_IMAGE=/vmlinuz-6.9 root=/dev/sda1 mitigations=off quiet\n");
        let facts = pairs(&c);
        assert_eq!(facts, [("cmdline root", "/dev/sda1"), ("cmdline mitigations", "off"), ("cmdline quiet", "on")]);
        // This machine's own /proc/cmdline (a Firecracker guest): init's
        // arguments after `--` are one fact, not flags of the kernel.
        let c = read_one(
            "k/cmdline",
            "console=ttyS0 quiet rdinit=/process_api -- --firecracker-init --addr 0.0.0.0:2024 --auth-required\n",
        );
        let facts = pairs(&c);
        assert_eq!(
            facts,
            [
                ("cmdline console", "ttyS0"),
                ("cmdline quiet", "on"),
                ("cmdline rdinit", "/process_api"),
                ("cmdline init arguments", "--firecracker-init --addr 0.0.0.0:2024 --auth-required"),
            ]
        );
        // Quoted values with spaces are one parameter; a saved prompt line
        // is none; NULs separate as spaces do.
        let c = read_one(
            "k/cmdline",
            "$ cat /proc/cmdline\nroot=/dev/vda acpi_osi=\"Windows 2009\" dyndbg=\"file a.c +p\"\0quiet\n",
        );
        let facts = pairs(&c);
        assert_eq!(
            facts,
            [
                ("cmdline root", "/dev/vda"),
                ("cmdline acpi_osi", "Windows 2009"),
                ("cmdline dyndbg", "file a.c +p"),
                ("cmdline quiet", "on")
            ]
        );
        let m = read_one(
            "k/mounts",
            "proc /proc proc rw 0 0\n/dev/sda2 /home ext4 rw,noatime 0 0\n/dev/sdb on /data type xfs (rw,relatime)\n",
        );
        let facts = pairs(&m);
        assert_eq!(facts, [("mount /home", "ext4 rw,noatime"), ("mount /data", "xfs rw,relatime")]);
        let d = read_one(
            "k/dmesg",
            "[    0.000000] Linux version 6.9.0\n[   12.5] WARNING: CPU: 1 PID: 7 at mm/slub.c:123\n",
        );
        assert_eq!(
            d.problems,
            [DmesgProblem { file: "k/dmesg".into(), line: 2, text: "WARNING: CPU: 1 PID: 7 at mm/slub.c:123".into() }]
        );
    }
}
