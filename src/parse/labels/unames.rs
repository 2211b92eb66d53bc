//! Hosts and kernel builds of `uname -a` lines above the runs of a file:
//! `Linux alpha 6.1.0 #1 SMP PREEMPT_DYNAMIC Mon Jan  2 10:00:00 UTC 2023
//! x86_64 GNU/Linux` names the host (`alpha`) and the build (`#1 SMP
//! PREEMPT_DYNAMIC Mon Jan  2 10:00:00 UTC 2023`, `uname -v`) as
//! UnixBench's `System:` and `OS:` lines do. The kernel release is read
//! elsewhere (`booted_kernel`); here:
//!
//! * runs under `uname -a` lines of two hosts get a [`HOST_PARAM`], and
//!   runs of one release under two builds a [`KERNEL_BUILD_PARAM`], with a
//!   note naming the lines (attack37 finding 8: `#1 … Jan 2` and `#2 …
//!   Jan 3` over two dbench runs of 6.1.0 were averaged, no word);
//! * one host or build over every run is the file's
//!   [`crate::model::Identity`], compared with other files' by
//!   `site::identities` (finding 6: two files of `alpha` and `beta` were
//!   averaged as one machine's runs, no word).

use super::super::Input;
use crate::lines::SplitWords as _;
use crate::model::ParsedFile;
use crate::parse::{HOST_PARAM, KERNEL_BUILD_PARAM, MACHINE_PARAM, other_system_host, same_host};

/// The longest host name read (a Linux node name is at most 64 bytes).
const HOST_MAX: usize = 64;

/// The machine (`uname -m`) words a `uname -a` line ends with
/// (`… 2023 x86_64 GNU/Linux`): where no build year is printed the build
/// ends at the first of them, and a mail's reflow that wrapped a line's
/// tail onto a line of its own is told by them (`is_uname_wrapped_tail`).
pub(super) const UNAME_MACHINES: [&str; 11] =
    ["x86_64", "i686", "i586", "i386", "aarch64", "armv7l", "armv6l", "ppc64le", "ppc64", "s390x", "riscv64"];

/// The text of a `uname -a` line without quote marks, blanks or a
/// `uname -a:` prefix (what [`uname_a`] and [`other_os`] read).
fn uname_output(text: &str) -> &str {
    let t = text.trim().trim_start_matches(['>', ' ', '\t']).trim();
    t.strip_prefix("uname -a:").map_or(t, str::trim_start)
}

/// The host, release and build of a `uname -a` line (`$ uname -a`'s
/// output, or `uname -a: …`), `None` for any other line. The build runs
/// from the `#` word to the year (`… UTC 2023`), or to the machine's
/// architecture where no year is printed.
pub(super) fn uname_a(text: &str) -> Option<(String, String, String)> {
    let t = uname_output(text);
    if !t.starts_with("Linux ") {
        return None;
    }
    let words: Vec<&str> = t.words().collect();
    if words.len() < 5 || !words[3].starts_with('#') || words[1].len() > HOST_MAX {
        return None;
    }
    if !words[2].starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let year =
        words.iter().rposition(|w| w.len() == 4 && w.chars().all(|c| c.is_ascii_digit()) && w.starts_with(['1', '2']));
    let end = match year {
        Some(y) if y > 3 => y + 1,
        _ => words.iter().skip(4).position(|w| UNAME_MACHINES.contains(w)).map_or(words.len(), |p| p + 4),
    };
    let build = words[3..end].join(" ");
    Some((words[1].to_string(), words[2].to_string(), build))
}

/// The systems other than Linux whose `uname -a` lines [`other_os`] reads.
const OTHER_OSES: [&str; 8] = ["Darwin", "FreeBSD", "OpenBSD", "NetBSD", "DragonFly", "SunOS", "AIX", "HP-UX"];

/// The first words of Windows' POSIX layers' `uname -s`, followed by the
/// Windows version (`CYGWIN_NT-10.0-19045`, `MINGW64_NT-10.0-19045`,
/// `MSYS_NT-10.0-19045`): another system for [`other_os`] (attack39
/// finding 3: a Cygwin run in a Linux kernel's directory was averaged in).
const WINDOWS_LAYERS: [&str; 4] = ["CYGWIN_NT-", "MINGW64_NT-", "MINGW32_NT-", "MSYS_NT-"];

/// The machine (`uname -m`, `uname -p`, `uname -i`) words other systems'
/// `uname -a` lines end with, besides [`UNAME_MACHINES`]: FreeBSD's
/// `amd64`, macOS's `arm64`, Solaris' `i86pc`, Cygwin's `x86_64 Cygwin`.
const OTHER_MACHINES: [&str; 11] =
    ["amd64", "arm64", "i86pc", "sparc", "sparc64", "sun4u", "sun4v", "powerpc", "macppc", "Cygwin", "Msys"];

/// The system of a line's first word where it names a system other than
/// Linux ([`OTHER_OSES`], [`WINDOWS_LAYERS`]).
pub(super) fn other_system(word: &str) -> bool {
    OTHER_OSES.contains(&word) || WINDOWS_LAYERS.iter().any(|w| word.starts_with(w))
}

/// The system and host of another system's `uname -a` line (`Darwin
/// MacBook-Pro.local 23.1.0 Darwin Kernel Version 23.1.0: … x86_64`,
/// `FreeBSD h 14.0-RELEASE FreeBSD 14.0-RELEASE #0 … amd64`,
/// `CYGWIN_NT-10.0-19045 h 3.5.4-1.x86_64 2024-08-25 16:52 UTC x86_64
/// Cygwin`): its first word another system ([`other_system`]), its third a
/// release (a digit, a dot), at least five words, and a machine word among
/// its last three ([`UNAME_MACHINES`], [`OTHER_MACHINES`]), as `uname -a`
/// ends; a sentence (`FreeBSD release 14.0 does much better here, …`)
/// has none (attack39 finding 20). Also, read by their own shapes
/// (attack40 F9: each was averaged into a Linux kernel's runs, no word):
/// a BSD's or Darwin's line whose machine word was cut (its fourth word the
/// system's name again, its fifth the release again or `Kernel`),
/// [`aix_or_hpux`], and `uname -srm` (`FreeBSD 14.0-RELEASE amd64`: no
/// host printed, `?`). `None` for any other line.
pub(super) fn other_os(text: &str) -> Option<(String, String, String)> {
    let t = uname_output(text);
    let words: Vec<&str> = t.words().collect();
    if let Some(read) = aix_or_hpux(&words) {
        return Some(read);
    }
    let release = |w: &str| w.starts_with(|c: char| c.is_ascii_digit()) && w.contains('.');
    let machine = |w: &&str| UNAME_MACHINES.contains(w) || OTHER_MACHINES.contains(w);
    if let [os, r, m] = words[..]
        && other_system(os)
        && release(r)
        && machine(&m)
    {
        return Some((os.to_string(), "?".to_string(), r.to_string()));
    }
    if words.len() < 5 || !other_system(words[0]) || words[1].len() > HOST_MAX || !release(words[2]) {
        return None;
    }
    // The version (`uname -v`) names the system again and then the release
    // (`FreeBSD 14.0-RELEASE #0 …`) or `Kernel Version` (Darwin).
    let version_repeats = words[3] == words[0] && (words[4] == words[2] || words[4] == "Kernel");
    if !version_repeats && !words[words.len().saturating_sub(3)..].iter().any(machine) {
        return None;
    }
    Some((words[0].to_string(), words[1].to_string(), words[2].to_string()))
}

/// The options of a `uname` command line (`$ uname -sr`, `# uname -a`,
/// `hydra:~$ uname -srm`, `uname -a` alone; quote marks aside): the
/// letters asked (`sr`; `s` for `uname` alone). `None` for any other line.
fn uname_command(text: &str) -> Option<String> {
    let words: Vec<&str> = text.trim().trim_start_matches(['>', ' ', '\t']).words().collect();
    let at = words.iter().position(|w| *w == "uname")?;
    if at > 1 || (at == 1 && !words[0].ends_with(['$', '#', '%', '>'])) {
        return None;
    }
    let mut flags = String::new();
    for w in &words[at + 1..] {
        let f = w.strip_prefix('-').filter(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_lowercase()))?;
        flags.push_str(f);
    }
    // `uname` alone prints the system's name (`-s`).
    Some(if flags.is_empty() { "s".to_string() } else { flags })
}

/// The system, host and release of the line below a `uname` command
/// ([`uname_command`], options `flags`) whose first word names another
/// system than Linux ([`other_system`]), whatever its shape: what `uname`
/// prints there is that system's, cut or not (attack41 F13: `AIX p750 1
/// 7` with its machine id cut off, `uname -sr`'s `FreeBSD 14.0-RELEASE`
/// and a DragonFly line whose version does not repeat the release were
/// each compared as a Linux kernel's runs, no word). The host is `?`
/// where `uname` was not asked for it (no `-a`, `-n`).
fn other_os_under_uname(text: &str, flags: &str) -> Option<(String, String, String)> {
    let words: Vec<&str> = uname_output(text).words().collect();
    let os = *words.first()?;
    if !other_system(os) || words.len() > 40 {
        return None;
    }
    let named = flags.contains('a') || flags.contains('n');
    let host = if named { words.get(1).copied().filter(|h| h.len() <= HOST_MAX) } else { None };
    let from = if host.is_some() { 2 } else { 1 };
    let number = |w: &str| (1..=2).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit());
    let release = match words.get(from..).unwrap_or_default() {
        // AIX prints its release and version apart (`1 7`: 7.1).
        [r, v, ..] if os == "AIX" && number(r) && number(v) => format!("{v}.{r}"),
        rest => rest
            .first()
            .filter(|w| w.starts_with(|c: char| c.is_ascii_digit() || c.is_ascii_uppercase()))
            .map_or_else(|| "?".to_string(), |w| w.to_string()),
    };
    Some((os.to_string(), host.unwrap_or("?").to_string(), release))
}

/// AIX's and HP-UX's `uname -a` lines, whose release is no `digit.dot`:
/// `AIX p750 1 7 00F84C0C4C00` (system, host, release, version, a
/// 12-digit hex machine id; read as `AIX 7.1`) and `HP-UX hpbox B.11.31 U
/// ia64 3748035443 unlimited-user license` (a letter-dot release, a
/// one-letter version, the machine `ia64` or `9000/800`). `None` for any
/// other words.
fn aix_or_hpux(words: &[&str]) -> Option<(String, String, String)> {
    let number = |w: &str| (1..=2).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit());
    match words {
        ["AIX", host, release, version, id]
            if host.len() <= HOST_MAX
                && number(release)
                && number(version)
                && id.len() == 12
                && id.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            Some(("AIX".to_string(), host.to_string(), format!("{version}.{release}")))
        }
        ["HP-UX", host, release, version, machine, ..]
            if host.len() <= HOST_MAX
                && release.len() > 2
                && release.as_bytes()[0].is_ascii_uppercase()
                && release.as_bytes()[1] == b'.'
                && release[2..].bytes().all(|b| b.is_ascii_digit() || b == b'.')
                && version.len() == 1
                && version.as_bytes()[0].is_ascii_uppercase()
                && (*machine == "ia64" || machine.starts_with("9000/")) =>
        {
            Some(("HP-UX".to_string(), host.to_string(), release.to_string()))
        }
        _ => None,
    }
}

/// How many `>` quote marks a line starts with (blanks between them
/// skipped): 0 for the writer's own text.
fn quote_depth(line: &str) -> usize {
    line.chars().filter(|c| !c.is_whitespace()).take_while(|&c| c == '>').count()
}

/// Gives the runs under `uname -a` lines their host and build where two
/// differ (module docs), or the file its identity where one line's facts
/// hold over every run. Returns how many samples it gave a parameter.
pub(super) fn part_unames(input: &Input, parsed: &mut ParsedFile) -> usize {
    let Some(last) = parsed.read_lines().max() else { return 0 };
    // The name alone first: most files name no other system, and its
    // spaced form is made only for those that do.
    let others = OTHER_OSES.iter().any(|os| input.has(os) && input.has(&format!("{os} ")))
        || WINDOWS_LAYERS.iter().any(|w| input.has(w));
    if !(others || (input.has("Linux ") && input.has("#"))) {
        return 0;
    }
    // Each line's `uname -a` in force: (line, host, release, build).
    let mut read = vec![false; last + 1];
    for s in &parsed.samples {
        read[s.line] = true;
    }
    let mut in_force: Vec<Option<usize>> = vec![None; last + 1];
    let mut unames: Vec<(usize, String, String, String)> = Vec::new();
    // The indices in `unames` of other systems' lines (attack38 finding
    // 20: a `Darwin …` line over a macOS run in a Linux kernel's
    // directory said nothing, and the run was averaged into the kernel).
    let mut foreign: Vec<usize> = Vec::new();
    for n in 1..=last.min(input.lines.len()) {
        if !read[n] {
            if let Some((host, release, build)) = uname_a(&input.lines[n - 1]) {
                unames.push((n, host, release, build));
            } else if others
                && let Some((os, host, release)) = other_os(&input.lines[n - 1]).or_else(|| {
                    let flags = uname_command(input.lines.get(n.wrapping_sub(2))?)?;
                    other_os_under_uname(&input.lines[n - 1], &flags)
                })
            {
                foreign.push(unames.len());
                unames.push((n, host, format!("{os} {release}"), String::new()));
            }
        }
        in_force[n] = unames.len().checked_sub(1);
    }
    if unames.is_empty() {
        return 0;
    }
    // A full name where another line gives the short one (`beta` and
    // `beta.lab.example.com`) is that host ([`same_host`]: attack39
    // finding 11, "compared as one machine renamed").
    let shorts: Vec<String> = unames.iter().map(|u| u.1.clone()).filter(|h| !h.contains('.')).collect();
    for u in &mut unames {
        if let Some(short) = shorts.iter().find(|s| *s != &u.1 && same_host(s, &u.1)) {
            u.1 = short.clone();
        }
    }
    let mut n = 0;
    // Runs under another system's line: another machine and kernel than
    // the directory's, kept apart by their host, with a warning naming
    // the line; the Linux lines are then read as if alone.
    let mut foreign_runs = false;
    for &f in &foreign {
        let mut tagged = 0;
        for s in parsed.samples.iter_mut() {
            if in_force.get(s.line).copied().flatten() == Some(f) && !s.params.iter().any(|p| p.name == HOST_PARAM) {
                *s = s.clone().with_param(HOST_PARAM, other_system_host(&unames[f].1, &unames[f].2));
                tagged += 1;
            }
        }
        if tagged > 0 {
            foreign_runs = true;
            n += tagged;
            parsed.notes.push((
                unames[f].0,
                format!(
                    "{tagged} value(s) sit under a `uname {}` line of another system (`{}` {}): another \
                     machine and kernel than a Linux kernel's, kept apart by a `{HOST_PARAM}` parameter, never \
                     averaged with its runs; put that system's runs in a class of their own",
                    // The command above it, where one is.
                    match input.lines.get(unames[f].0.wrapping_sub(2)).and_then(|l| uname_command(l)) {
                        Some(flags) => format!("-{flags}"),
                        None if unames[f].1 == "?" => "-srm".to_string(),
                        None => "-a".to_string(),
                    },
                    unames[f].2,
                    // `uname -srm` prints no host.
                    if unames[f].1 == "?" {
                        "with no host printed".to_string()
                    } else {
                        format!("on host `{}`", unames[f].1)
                    }
                ),
            ));
        }
    }
    // A quoted `uname -a` line is another writer's machine: it names the
    // runs quoted as deep, not a reply's own runs below it (attack39 #17).
    let line_depth = |line: usize| {
        input.lines.get(line.wrapping_sub(1)).map_or(0, |l| usize::from(input.quote_depth(line - 1)) + quote_depth(l))
    };
    let under: Vec<Option<usize>> = parsed
        .samples
        .iter()
        .map(|s| {
            in_force
                .get(s.line)
                .copied()
                .flatten()
                .filter(|u| !foreign.contains(u) && line_depth(s.line) >= line_depth(unames[*u].0))
        })
        .collect();
    let used: Vec<usize> = {
        let mut u: Vec<usize> = under.iter().flatten().copied().collect();
        u.sort_unstable();
        u.dedup();
        u
    };
    let every = !foreign_runs && under.iter().all(Option::is_some);
    let mut hosts: Vec<&str> = used.iter().map(|&u| unames[u].1.as_str()).collect();
    hosts.dedup();
    hosts.sort_unstable();
    hosts.dedup();
    // The releases whose runs sit under two hosts' lines, and those hosts.
    let mut met_releases: Vec<&str> = Vec::new();
    let mut met_hosts: Vec<&str> = Vec::new();
    for &u in &used {
        let release = unames[u].2.as_str();
        let of: Vec<&str> = used.iter().filter(|&&v| unames[v].2 == release).map(|&v| unames[v].1.as_str()).collect();
        if of.iter().any(|h| *h != of[0]) && !met_releases.contains(&release) {
            met_releases.push(release);
            met_hosts.extend(of);
        }
    }
    // Runs of two hosts told apart by their processors already (the
    // labels' `machine`): two machines, kept apart by that.
    let machine_of = |host: &str| -> Vec<&str> {
        let mut m: Vec<&str> = parsed
            .samples
            .iter()
            .zip(&under)
            .filter(|(_, u)| u.is_some_and(|u| unames[u].1 == host))
            .map(|(s, _)| s.params.iter().find(|p| p.name == MACHINE_PARAM).map_or("", |p| p.value.as_str()))
            .collect();
        m.sort_unstable();
        m.dedup();
        m
    };
    let one_machine = hosts.iter().all(|h| machine_of(h) == machine_of(hosts[0]));
    // A `uname -a` line quoted (`> `) deeper than another is another
    // writer's (a reply quoting Alice's run on `alpha` above the writer's
    // own on `beta`): two machines, never one renamed (attack38 finding 3,
    // c27: "compared as one machine renamed" of a kernel then not compared).
    let depth = |line: usize| usize::from(input.quote_depth(line - 1)) + quote_depth(&input.lines[line - 1]);
    let quoted_apart = used.iter().any(|&u| depth(unames[u].0) != depth(unames[used[0]].0));
    if hosts.len() > 1 && met_releases.is_empty() && one_machine && !quoted_apart {
        // Each kernel under one host's lines, the hosts' runs of one
        // processor (or none named): one machine renamed between kernels,
        // compared, as files of one host each are (`site::identities`)
        // and as lmbench's Host column is (ident38: in one file such
        // kernels were kept apart by a `host` and left uncompared).
        let each: Vec<String> =
            used.iter().map(|&u| format!("line {} `{}`: {}", unames[u].0, unames[u].1, unames[u].2)).collect();
        let second =
            used.iter().find(|&&u| unames[u].1 != unames[used[0]].1).map_or(unames[used[0]].0, |&u| unames[u].0);
        parsed.notes.push((
            second,
            format!(
                "the runs sit under `uname -a` lines of {} hosts ({}), and no kernel's runs name two: compared as \
                 one machine renamed; if they are two machines, put each machine's runs in a class of its own",
                hosts.len(),
                each.join(", ")
            ),
        ));
    } else if hosts.len() > 1 {
        // Apart: the runs of a release under two hosts, and those hosts'
        // runs in other releases (so each meets its own host's baseline);
        // every run where no release names two hosts (two machines told
        // apart by processor).
        for (s, u) in parsed.samples.iter_mut().zip(&under) {
            if let Some(u) = u
                && (met_releases.is_empty()
                    || met_releases.contains(&unames[*u].2.as_str())
                    || met_hosts.contains(&unames[*u].1.as_str()))
                && !s.params.iter().any(|p| p.name == HOST_PARAM)
            {
                *s = s.clone().with_param(HOST_PARAM, unames[*u].1.clone());
                n += 1;
            }
        }
        let each: Vec<String> = used
            .iter()
            .map(|&u| {
                let quoted = if quoted_apart && depth(unames[u].0) > 0 { ", quoted" } else { "" };
                format!("line {} `{}`{quoted}", unames[u].0, unames[u].1)
            })
            .collect();
        let why =
            if quoted_apart && met_releases.is_empty() { " (a quoted line is another writer's machine)" } else { "" };
        parsed.notes.push((
            unames[used[0]].0,
            format!(
                "the runs sit under `uname -a` lines of {} hosts ({}){why}: kept apart by a `{HOST_PARAM}` parameter, \
                 never averaged as runs of one machine; a machine class is one machine: put each machine's runs in a \
                 class of its own",
                hosts.len(),
                each.join(", ")
            ),
        ));
    } else if every && parsed.identity.host.is_none() {
        let u = &unames[used[0]];
        parsed.identity.host = Some((u.0, u.1.clone()));
    }
    // Builds: apart only among the runs of one release.
    let mut releases: Vec<&str> = used.iter().map(|&u| unames[u].2.as_str()).collect();
    releases.sort_unstable();
    releases.dedup();
    let mut apart_builds = false;
    for release in releases {
        let of: Vec<usize> = used.iter().copied().filter(|&u| unames[u].2 == release).collect();
        let mut builds: Vec<&str> = of.iter().map(|&u| unames[u].3.as_str()).collect();
        builds.sort_unstable();
        builds.dedup();
        if builds.len() < 2 {
            continue;
        }
        apart_builds = true;
        let mut tagged = 0;
        for (s, u) in parsed.samples.iter_mut().zip(&under) {
            if let Some(u) = u
                && unames[*u].2 == release
                && !s.params.iter().any(|p| p.name == KERNEL_BUILD_PARAM)
            {
                *s = s.clone().with_param(KERNEL_BUILD_PARAM, unames[*u].3.clone());
                tagged += 1;
            }
        }
        n += tagged;
        let each: Vec<String> = of.iter().map(|&u| format!("line {} `{}`", unames[u].0, unames[u].3)).collect();
        parsed.notes.push((
            unames[of[0]].0,
            format!(
                "the runs sit under `uname -a` lines naming kernel {release} in different builds ({}): their runs are \
                 kept apart by a `{KERNEL_BUILD_PARAM}` parameter, never averaged; if they are different kernels, \
                 give each a kernel directory of its own",
                each.join(", ")
            ),
        ));
    }
    if n > 0 {
        now_apart(parsed);
    }
    if !apart_builds && every && parsed.identity.build.is_none() {
        let mut builds: Vec<&str> = used.iter().map(|&u| unames[u].3.as_str()).collect();
        builds.dedup();
        if builds.len() == 1 {
            let u = &unames[used[0]];
            parsed.identity.build = Some((u.0, u.3.clone()));
        }
    }
    n
}

/// The start of the labels' warning of copies of the output under
/// different text averaged as runs of one set-up (`labels`, computed
/// before this pass).
const AVERAGED: &str = "copies of the output with different text above them (line ";

/// Rewrites the labels' "… were averaged as runs of one set-up" warning
/// where the `uname -a` lines have since kept the two copies it names
/// apart (the runs below its two lines now differ in `host` or `kernel
/// build`): it said they were averaged beside the build warning saying
/// they were not (attack37 s14).
fn now_apart(parsed: &mut ParsedFile) {
    let params_below = |line: usize| {
        parsed.samples.iter().filter(|s| s.line > line).min_by_key(|s| s.line).map(|s| {
            s.params
                .iter()
                .filter(|p| p.name == HOST_PARAM || p.name == KERNEL_BUILD_PARAM)
                .map(|p| (p.name.clone(), p.value.clone()))
                .collect::<Vec<_>>()
        })
    };
    let mut rewritten: Vec<(usize, String)> = Vec::new();
    for (k, (b, note)) in parsed.notes.iter().enumerate() {
        let Some(rest) = note.strip_prefix(AVERAGED) else { continue };
        let Some(a) = rest.split(':').next().and_then(|n| n.parse::<usize>().ok()) else { continue };
        if params_below(a) == params_below(*b) {
            continue;
        }
        let Some(cut) = note.find(") were averaged") else { continue };
        rewritten.push((
            k,
            format!(
                "{}): their runs are kept apart by the `uname -a` lines above them (their hosts or builds differ), \
                 not averaged",
                &note[..cut]
            ),
        ));
    }
    for (k, text) in rewritten {
        parsed.notes[k].1 = text;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uname_a_lines_give_host_release_and_build() {
        assert_eq!(
            uname_a("Linux alpha 6.1.0 #1 SMP PREEMPT_DYNAMIC Mon Jan 2 10:00:00 UTC 2023 x86_64 GNU/Linux"),
            Some(("alpha".into(), "6.1.0".into(), "#1 SMP PREEMPT_DYNAMIC Mon Jan 2 10:00:00 UTC 2023".into()))
        );
        assert_eq!(
            uname_a("uname -a: Linux h 6.8.0 #2 SMP x86_64"),
            Some(("h".into(), "6.8.0".into(), "#2 SMP".into()))
        );
        assert_eq!(uname_a("Linux is a kernel #1 in the world"), None);
        assert_eq!(uname_a("Linux version 6.1.0 (gcc) #1 SMP"), None);
    }

    /// attack39 findings 3 and 20: Cygwin's and MSYS2's `uname -a` lines
    /// are another system's; a sentence naming FreeBSD and a release is
    /// not (no machine word at its end).
    #[test]
    fn other_systems_uname_a_lines_but_not_sentences() {
        let os = |t: &str| other_os(t).map(|(os, host, _)| format!("{os} {host}"));
        let cyg = "CYGWIN_NT-10.0-19045 DESKTOP-7QK1 3.5.4-1.x86_64 2024-08-25 16:52 UTC x86_64 Cygwin";
        assert_eq!(os(cyg).as_deref(), Some("CYGWIN_NT-10.0-19045 DESKTOP-7QK1"));
        let msys = "MINGW64_NT-10.0-19045 pc 3.4.10-87d57229.x86_64 2024-02-14 20:17 UTC x86_64 Msys";
        assert_eq!(os(msys).as_deref(), Some("MINGW64_NT-10.0-19045 pc"));
        let bsd = "FreeBSD bsdbox 14.0-RELEASE FreeBSD 14.0-RELEASE #0 releng/14.0-n265380-f9716eee8ab4: Fri Nov 10 \
                   05:57:23 UTC 2023     root@releng1.nyi.freebsd.org:/usr/obj/usr/src/amd64.amd64/sys/GENERIC amd64";
        assert_eq!(os(bsd).as_deref(), Some("FreeBSD bsdbox"));
        assert_eq!(os("SunOS sol 5.11 11.4.0.15.0 i86pc i386 i86pc").as_deref(), Some("SunOS sol"));
        assert_eq!(os("FreeBSD release 14.0 does much better here, but this is Linux:"), None);
        assert_eq!(os("Darwin host 24.1.0 is what macOS 15 runs on amd64 machines too, they say"), None);
        assert_eq!(os("CYGWIN_NT-10.0 runs 3.5 times slower"), None);
    }

    /// attack40 F9: AIX, HP-UX, a FreeBSD line whose machine word was cut,
    /// and `uname -srm` are other systems' lines; prose naming them is not.
    #[test]
    fn aix_hpux_cut_bsd_and_uname_srm_lines_but_not_prose() {
        let os = |t: &str| other_os(t).map(|(os, host, release)| format!("{os} {host} {release}"));
        assert_eq!(os("AIX p750 1 7 00F84C0C4C00").as_deref(), Some("AIX p750 7.1"));
        let hp = "HP-UX hpbox B.11.31 U ia64 3748035443 unlimited-user license";
        assert_eq!(os(hp).as_deref(), Some("HP-UX hpbox B.11.31"));
        assert_eq!(os("HP-UX hp9k B.11.11 U 9000/800 123456789").as_deref(), Some("HP-UX hp9k B.11.11"));
        let cut = "FreeBSD fbsd 14.0-RELEASE FreeBSD 14.0-RELEASE #0 releng/14.0-n265380-f9716eee8ab4: Fri Nov 10 \
                   05:57:23 UTC 2023     root@releng1.nyi.freebsd.org:/usr/obj/usr/src/amd64.amd64/sys/GENERIC";
        assert_eq!(os(cut).as_deref(), Some("FreeBSD fbsd 14.0-RELEASE"));
        let darwin = "Darwin mbp.local 23.1.0 Darwin Kernel Version 23.1.0: Mon Oct  9 21:27:24 PDT 2023; \
                      root:xnu-10002.41.9~6/RELEASE_ARM64_T6000";
        assert_eq!(os(darwin).as_deref(), Some("Darwin mbp.local 23.1.0"));
        assert_eq!(os("FreeBSD 14.0-RELEASE amd64").as_deref(), Some("FreeBSD ? 14.0-RELEASE"));
        assert_eq!(os("> uname -a: AIX p750 1 7 00F84C0C4C00").as_deref(), Some("AIX p750 7.1"));
        // Prose naming them.
        for prose in [
            "AIX is 7 times slower on 1 00F84C0C4C00",
            "AIX on the p750 was 10 percent slower than Linux",
            "AIX p750 1 7 00F84C0C4C00 and more",
            "HP-UX was tested on B.11.31 but not on ia64",
            "HP-UX hpbox B.11.31 is old, ia64 too",
            "FreeBSD 14.0 FreeBSD is faster than Linux here",
            "FreeBSD 14.0-RELEASE on amd64",
            "FreeBSD 14.0 fast",
            "Linux 6.1.0 x86_64",
        ] {
            assert_eq!(os(prose), None, "{prose}");
        }
    }

    /// attack41 F13: below a `uname` command, a line whose first word is
    /// another system is that system's, whatever its shape; not without
    /// the command, nor a Linux line, nor a line below another command.
    #[test]
    fn another_systems_line_below_a_uname_command() {
        let under = |cmd: &str, t: &str| {
            uname_command(cmd)
                .and_then(|f| other_os_under_uname(t, &f))
                .map(|(os, host, release)| format!("{os} {host} {release}"))
        };
        assert_eq!(under("$ uname -a", "AIX p750 1 7").as_deref(), Some("AIX p750 7.1"));
        assert_eq!(under("$ uname -sr", "FreeBSD 14.0-RELEASE").as_deref(), Some("FreeBSD ? 14.0-RELEASE"));
        let dfly = "DragonFly dfly 6.4-RELEASE DragonFly v6.4.0-RELEASE #0: Sun Dec 31 2023";
        assert_eq!(under("hydra:~$ uname -a", dfly).as_deref(), Some("DragonFly dfly 6.4-RELEASE"));
        assert_eq!(under("> # uname -s -r", "> NetBSD 10.0").as_deref(), Some("NetBSD ? 10.0"));
        assert_eq!(under("$ uname -s", "SunOS").as_deref(), Some("SunOS ? ?"));
        for (cmd, t) in [
            ("$ uname -sr", "Linux 6.1.0"),
            ("$ uname -a", "Linux box 6.1.0 #1 SMP"),
            ("$ cat os.txt", "FreeBSD 14.0-RELEASE"),
            ("I ran uname -a on it", "FreeBSD 14.0-RELEASE"),
            ("$ uname -a", "the box runs FreeBSD"),
        ] {
            assert_eq!(under(cmd, t), None, "{cmd} / {t}");
        }
    }
}
