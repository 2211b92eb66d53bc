//! What differs between the environments of a class's kernels
//! ([`crate::site::env`]): the summary at the top of a machine page, in
//! every rendering, and each kernel's own facts for its page.

use crate::site::Kernel;
use crate::site::env::DmesgProblem;
use serde::Serialize;

/// At most this many differences are listed by name on a page.
pub const SHOWN: usize = 30;

/// The environment summary of a machine page.
#[derive(Debug, Clone, Default, Serialize)]
pub struct EnvironmentView {
    /// Facts whose values differ between kernels, in the order first met
    /// (at most [`SHOWN`]).
    pub differences: Vec<EnvDifference>,
    /// Differences beyond those listed.
    pub more: usize,
    /// Kernel config options set in some kernels' configs and absent from
    /// others' (a newer kernel's new options), counted, not listed.
    pub config_only_some: usize,
    /// Problems the kernels' logs show, kernel by kernel.
    pub problems: Vec<KernelProblem>,
    /// [`EnvironmentView::lines`], for the templates.
    pub summary: Vec<String>,
    /// The kernels whose logs show a problem, each with its mark
    /// ([`DMESG_MARK`]), in kernel order: every table of their results
    /// marks them.
    pub marks: Vec<KernelMark>,
    /// What the marks stand for, for pages other than the machine page
    /// (compare, regressions, a large class's section pages): the
    /// [`MARK_LEGEND`] line and each problem's line, as in
    /// [`EnvironmentView::lines`]; empty when no kernel is marked.
    pub mark_lines: Vec<String>,
    /// The kernels whose runs are from another machine than the
    /// baseline's, each as "3.10.63: runs from ARMv8 … (3.10.63/run1/
    /// ubench.txt line 8), the baseline 3.10.62's from ARMv7 … (…)", in
    /// kernel order ([`OTHER_MACHINE_MARK`]); kernels of one other machine
    /// alike as one line ([`Kernel::other_machine_group`]).
    pub other_machines: Vec<String>,
    /// The kernels compared with the baseline with a caveat of the
    /// machine (a host renamed, a CPU difference), each as "6.14: runs
    /// from host b, compared as host a renamed", in kernel order.
    pub machine_caveats: Vec<String>,
}

impl EnvironmentView {
    /// True when there is nothing to say.
    pub fn is_empty(&self) -> bool {
        self.differences.is_empty()
            && self.problems.is_empty()
            && self.config_only_some == 0
            && self.other_machines.is_empty()
            && self.machine_caveats.is_empty()
    }

    /// The summary's lines as plain text: "CONFIG_PREEMPT: y (6.9.0); n
    /// (6.10.0)", the count of further differences, the log problems.
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.differences.iter().map(|d| d.text.clone()).collect();
        if self.more > 0 {
            out.push(format!("… and {} more difference{}", self.more, if self.more == 1 { "" } else { "s" }));
        }
        if self.config_only_some > 0 {
            out.push(format!(
                "{} config option{} in some kernels' configs only",
                self.config_only_some,
                if self.config_only_some == 1 { "" } else { "s" }
            ));
        }
        if !self.problems.is_empty() {
            out.push(MARK_LEGEND.to_string());
        }
        out.extend(self.problems.iter().map(|p| format!("{}: {} ({}): {}", p.kernel, p.file, p.lines_text(), p.text)));
        out.extend(self.mark_other_lines());
        out.extend(self.machine_caveats.iter().cloned());
        out
    }

    /// [`OTHER_LEGEND`] and each kernel of another machine's line; empty
    /// when there is none.
    fn mark_other_lines(&self) -> Vec<String> {
        if self.other_machines.is_empty() {
            return Vec::new();
        }
        std::iter::once(OTHER_LEGEND.to_string()).chain(self.other_machines.iter().cloned()).collect()
    }
}

/// One fact that differs between kernels.
#[derive(Debug, Clone, Serialize)]
pub struct EnvDifference {
    /// `CONFIG_PREEMPT`, `cmdline mitigations`.
    pub key: String,
    /// Each value with the kernels that have it, in kernel order; a
    /// kernel without the fact (whose environment has facts of its kind)
    /// has the value `(none)`.
    pub values: Vec<(String, Vec<String>)>,
    /// The one-line text: "CONFIG_PREEMPT: y (6.9.0); n (6.10.0)".
    pub text: String,
}

/// A kernel log problem of one kernel.
#[derive(Debug, Clone, Serialize)]
pub struct KernelProblem {
    /// The kernel.
    pub kernel: String,
    /// The log file, relative to the class directory.
    pub file: String,
    /// Its 1-based line (the first, when the log says it again).
    pub line: usize,
    /// The line.
    pub text: String,
    /// How many times the kernel's log says it (1 and more): identical
    /// lines of one kernel are one problem with a count, not 135 lines
    /// (archive35 4: one ext4 WARNING of 3.11.10-stats/dmesg.log).
    pub count: usize,
    /// The 1-based line of its last time in the file (`line` when once).
    pub last_line: usize,
}

impl KernelProblem {
    /// Where the file says it: "line 2", or "135 times, lines 2–3374".
    pub fn lines_text(&self) -> String {
        if self.count > 1 {
            format!("{} times, lines {}–{}", self.count, self.line, self.last_line)
        } else {
            format!("line {}", self.line)
        }
    }
}

/// The environment summary of `kernels` (in page order).
pub fn environment(kernels: &[Kernel]) -> EnvironmentView {
    // Each kernel's last value of each key.
    let values: Vec<rustc_hash::FxHashMap<&str, &str>> =
        kernels.iter().map(|k| k.env.facts.iter().map(|f| (f.key.as_str(), f.value.as_str())).collect()).collect();
    // The kinds of fact each kernel has (`CONFIG`, `cmdline`, `mount`,
    // `compiler`): a kernel is compared on a key only when it has facts
    // of the key's kind (no cmdline file is not "every option absent").
    let kinds: Vec<rustc_hash::FxHashSet<&str>> =
        values.iter().map(|v| v.keys().map(|k| kind_of(k)).collect()).collect();
    let mut keys: Vec<&str> = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    for k in kernels {
        for f in &k.env.facts {
            if f.key != "uname" && !per_boot(&f.key) && seen.insert(f.key.as_str()) {
                keys.push(f.key.as_str());
            }
        }
    }
    let mut view = EnvironmentView::default();
    let mut differences = Vec::new();
    for key in keys {
        let config = key.starts_with("CONFIG_");
        let of: Vec<(usize, Option<&str>)> = (0..kernels.len())
            .filter(|&i| kinds[i].contains(kind_of(key)))
            .map(|i| (i, values[i].get(key).copied()))
            .collect();
        if config && of.iter().any(|(_, v)| v.is_none()) {
            view.config_only_some += 1;
            continue;
        }
        // The same everywhere (most of a config's 5,000 options): nothing
        // to say, and nothing to allocate.
        if of.iter().all(|(_, v)| Some(*v) == of.first().map(|(_, f)| *f)) {
            continue;
        }
        let mut grouped: Vec<(String, Vec<String>)> = Vec::new();
        for (i, v) in &of {
            let v = v.unwrap_or("(none)").to_string();
            match grouped.iter_mut().find(|(x, _)| *x == v) {
                Some((_, ks)) => ks.push(kernels[*i].name.clone()),
                None => grouped.push((v, vec![kernels[*i].name.clone()])),
            }
        }
        let text = format!(
            "{key}: {}",
            grouped.iter().map(|(v, ks)| format!("{v} ({})", ks.join(", "))).collect::<Vec<_>>().join("; ")
        );
        differences.push(EnvDifference { key: key.to_string(), values: grouped, text });
    }
    view.more = differences.len().saturating_sub(SHOWN);
    differences.truncate(SHOWN);
    view.differences = differences;
    view.problems = kernel_problems(kernels);
    view.marks = kernel_marks(kernels);
    // Kernels of one other machine alike are one line, as `check` warns
    // of them once (attack38 finding 8).
    let mut groups_said: Vec<&str> = Vec::new();
    view.other_machines = kernels
        .iter()
        .filter_map(|k| {
            let said = k.other_machine.as_ref()?;
            match k.other_machine_group.as_deref() {
                Some(g) if groups_said.contains(&g) => None,
                Some(g) => {
                    groups_said.push(g);
                    Some(g.to_string())
                }
                None => Some(format!("{}: {said}", k.name)),
            }
        })
        .collect();
    view.machine_caveats =
        kernels.iter().filter_map(|k| Some(format!("{}: {}", k.name, k.machine_caveat.as_ref()?))).collect();
    view.summary = view.lines();
    let others = view.mark_other_lines().len() + view.machine_caveats.len();
    let first_problem = view.summary.len() - others - view.problems.len();
    let marked_end = view.summary.len() - view.machine_caveats.len();
    view.mark_lines = if view.problems.is_empty() {
        view.mark_other_lines()
    } else {
        view.summary[first_problem - 1..marked_end].to_vec()
    };
    view
}

/// Each kernel's log problems (in `kernels`' order), the same message of
/// one file once (on whichever CPU and PID: [`same_problem`]), counted,
/// in the order first met: 135 copies of one ext4 WARNING are one
/// problem of count 135 (the pages' list and `data.json`'s
/// `dmesg_problems`).
pub fn kernel_problems(kernels: &[Kernel]) -> Vec<KernelProblem> {
    let mut problems: Vec<KernelProblem> = Vec::new();
    for k in kernels {
        let first = problems.len();
        let mut keys: Vec<String> = Vec::new();
        for DmesgProblem { file, line, text } in &k.env.problems {
            let key = same_problem(text);
            match problems[first..].iter_mut().zip(&keys).find(|(p, k)| p.file == *file && **k == key) {
                Some((p, _)) => {
                    p.count += 1;
                    p.last_line = p.last_line.max(*line);
                    // Said as the key, where the CPU or PID differ.
                    if p.text != *text {
                        p.text.clone_from(&key);
                    }
                }
                None => {
                    problems.push(KernelProblem {
                        kernel: k.name.clone(),
                        file: file.clone(),
                        line: *line,
                        text: text.clone(),
                        count: 1,
                        last_line: *line,
                    });
                    keys.push(key);
                }
            }
        }
    }
    problems
}

/// Sysctls whose value changes at every boot or read, whatever the kernel:
/// ids drawn at random, the entropy pool's fill, counters of what is open
/// at the moment `sysctl -a` ran. Kept on each kernel's page, left out of
/// the differences between kernels (archive35 5: `kernel.random.boot_id`,
/// `kernel.random.uuid` and `kernel.random.entropy_avail` were 70 lines of
/// a mail's environment).
pub const PER_BOOT_SYSCTLS: &[&str] = &[
    "kernel.random.boot_id",
    "kernel.random.uuid",
    "kernel.random.entropy_avail",
    "kernel.ns_last_pid",
    "kernel.pty.nr",
    "fs.dentry-state",
    "fs.file-nr",
    "fs.inode-nr",
    "fs.inode-state",
    "fs.aio-nr",
    "fs.quota.",
    "net.netfilter.nf_conntrack_count",
    "kernel.perf_event_max_sample_rate",
];

/// Whether fact `key` is a [`PER_BOOT_SYSCTLS`] one (`sysctl
/// kernel.random.boot_id`; an entry ending in `.` is every key under it).
pub fn per_boot(key: &str) -> bool {
    let Some(name) = key.strip_prefix("sysctl ") else { return false };
    PER_BOOT_SYSCTLS.iter().any(|p| if p.ends_with('.') { name.starts_with(p) } else { name == *p })
}

/// A dmesg problem's message with the CPU and PID it ran on left out
/// (`WARNING: CPU: … PID: … at fs/ext4/inode.c:363 …`): one warning hit by
/// every postgres backend is one problem, not one per process (archive35
/// 4: 135 WARNINGs of 3.11.10-stats/dmesg.log at one place, on 4 CPUs and
/// 60 PIDs).
pub fn same_problem(text: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut words = text.split(' ').peekable();
    while let Some(w) = words.next() {
        out.push(w);
        if matches!(w, "CPU:" | "PID:")
            && let Some(n) = words.peek()
            && !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
        {
            words.next();
            out.push("…");
        }
    }
    out.join(" ")
}

/// The kind of a fact's key: `CONFIG` for a kernel config option, the
/// first word of `cmdline …`, `mount …`, `sysctl …`, else the key.
fn kind_of(key: &str) -> &str {
    if key.starts_with("CONFIG_") {
        return "CONFIG";
    }
    match key.split_once(' ') {
        Some((kind @ ("cmdline" | "mount" | "sysctl"), _)) => kind,
        _ => key,
    }
}

/// A kernel's facts for its page: every fact but the kernel config's
/// options (which are counted: `config_options`), in file order, a key
/// given twice once (its last value).
pub fn kernel_facts(k: &Kernel) -> (Vec<(String, String)>, usize) {
    let mut facts: Vec<(String, String)> = Vec::new();
    let mut config = rustc_hash::FxHashSet::default();
    for f in &k.env.facts {
        if f.key.starts_with("CONFIG_") {
            config.insert(f.key.as_str());
            continue;
        }
        match facts.iter_mut().find(|(key, _)| *key == f.key) {
            Some((_, v)) => v.clone_from(&f.value),
            None => facts.push((f.key.clone(), f.value.clone())),
        }
    }
    (facts, config.len())
}

/// A kernel's facts ([`kernel_facts`]) as one line: "compiler: gcc 13;
/// cmdline mitigations: off; 5312 kernel config options".
pub fn facts_text(facts: &[(String, String)], config_options: usize) -> String {
    let mut parts: Vec<String> = facts.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    if config_options > 0 {
        parts.push(format!("{config_options} kernel config option{}", if config_options == 1 { "" } else { "s" }));
    }
    parts.join("; ")
}

/// Facts of one kind (`sysctl`, `cmdline`, `mount`) past which a kernel's
/// page and its class page count them and name their files rather than
/// list them: a `sysctl -a` of 4,231 values made 230 KB of a kernel page
/// (archive35 e5-4620 4.5.5) and, once a kernel, of its class page. A
/// command line's 20 or 30 options are listed.
pub const FACTS_LISTED: usize = 40;

/// [`facts_text`] of kernel `k`'s facts ([`kernel_facts`]), each kind of
/// more than [`FACTS_LISTED`] facts counted where its first stands, with
/// the files that hold them (relative to the class directory): "compiler:
/// gcc 13; 2214 sysctl values (in 4.5.5/sysctl.log); 5312 kernel config
/// options". The class page's environment differences still name every
/// kind's values that differ between kernels.
pub fn kernel_facts_text(k: &Kernel, facts: &[(String, String)], config_options: usize) -> String {
    let mut per_kind: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    for (key, _) in facts {
        *per_kind.entry(kind_of(key)).or_default() += 1;
    }
    let mut parts: Vec<String> = Vec::new();
    let mut counted: Vec<&str> = Vec::new();
    for (key, v) in facts {
        let kind = kind_of(key);
        let n = per_kind.get(kind).copied().unwrap_or(0);
        if n <= FACTS_LISTED {
            parts.push(format!("{key}: {v}"));
            continue;
        }
        if counted.contains(&kind) {
            continue;
        }
        counted.push(kind);
        let mut files: Vec<&str> = Vec::new();
        for f in k.env.facts.iter().filter(|f| kind_of(&f.key) == kind) {
            if !files.contains(&f.file.as_str()) {
                files.push(&f.file);
            }
        }
        parts.push(format!("{n} {kind} values (in {})", files.join(", ")));
    }
    if config_options > 0 {
        parts.push(format!("{config_options} kernel config option{}", if config_options == 1 { "" } else { "s" }));
    }
    parts.join("; ")
}

/// The mark after the name of a kernel whose dmesg shows a problem (an
/// oops, BUG or WARNING: [`crate::site::env`]), wherever its results are
/// shown: one ASCII character, which reads in 72-column mail and survives
/// copy and paste, as the significance marks `*` and `~` do.
pub const DMESG_MARK: &str = "!";

/// The line that explains [`DMESG_MARK`], once on a page, before the
/// problems it stands for (each with its file, line and message).
pub const MARK_LEGEND: &str =
    "! after a kernel's name marks its results wherever shown: its dmesg shows a problem (an oops, BUG or WARNING):";

/// The mark after the name of a kernel whose runs are from another
/// machine than the baseline's (`site::identities`: processors none of
/// the baseline's runs name), wherever its results are shown: its changes
/// are two machines' difference, not two kernels' (attack37 finding 1:
/// the mail printed -50.0% in every column and the regressions page 25
/// significant regressions, the caveat on the class page only). ASCII, as
/// [`DMESG_MARK`]; a kernel with both carries `!?`.
pub const OTHER_MACHINE_MARK: &str = "?";

/// The line that explains [`OTHER_MACHINE_MARK`], once on a page, before
/// the kernels it stands for.
pub const OTHER_LEGEND: &str = "? after a kernel's name marks its results wherever shown: its runs are from another \
     machine than the baseline's, so its changes against the baseline are two machines' difference, not two kernels':";

/// A kernel marked with [`DMESG_MARK`] or [`OTHER_MACHINE_MARK`]: what a table's row or column of it
/// carries (serialised as `{kernel, mark, title}` for the templates).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KernelMark {
    /// The kernel.
    pub kernel: String,
    /// [`DMESG_MARK`], [`OTHER_MACHINE_MARK`] or both (`!?`).
    pub mark: &'static str,
    /// What the mark stands for, for HTML's `title` and screen readers:
    /// "dmesg shows a problem: WARNING: CPU: 3 PID: 1 at … (6.10.0/dmesg,
    /// line 2)", and "and 2 more" when there are more.
    pub title: String,
}

/// The marks of `kernels` (in their order): one for each kernel whose
/// logs show a problem, naming its first, or whose runs are from another
/// machine than the baseline's, naming both.
pub fn kernel_marks(kernels: &[Kernel]) -> Vec<KernelMark> {
    kernels
        .iter()
        .filter_map(|k| {
            let dmesg = k.env.problems.first().map(|first| {
                let more = k.env.problems.len() - 1;
                let mut title = format!("dmesg shows a problem: {} ({}, line {})", first.text, first.file, first.line);
                if more > 0 {
                    title.push_str(&format!(", and {more} more"));
                }
                title
            });
            let other = k.other_machine.as_ref().map(|o| format!("another machine than the baseline's: {o}"));
            let (mark, title) = match (dmesg, other) {
                (Some(d), Some(o)) => ("!?", format!("{d}; {o}")),
                (Some(d), None) => (DMESG_MARK, d),
                (None, Some(o)) => (OTHER_MACHINE_MARK, o),
                (None, None) => return None,
            };
            Some(KernelMark { kernel: k.name.clone(), mark, title })
        })
        .collect()
}

/// [`DMESG_MARK`] when `kernel` among `marks` carries it, else empty (the
/// CSV's `dmesg` column).
pub fn dmesg_mark_of(marks: &[KernelMark], kernel: &str) -> &'static str {
    if mark_of(marks, kernel).is_some_and(|m| m.mark.contains(DMESG_MARK)) { DMESG_MARK } else { "" }
}

/// The mark of `kernel` among `marks`, if it has one.
pub fn mark_of<'a>(marks: &'a [KernelMark], kernel: &str) -> Option<&'a KernelMark> {
    marks.iter().find(|m| m.kernel == kernel)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::env::{EnvFact, Environment};

    fn kernel(name: &str, facts: &[(&str, &str)]) -> Kernel {
        let facts = facts
            .iter()
            .map(|(k, v)| EnvFact { key: k.to_string(), value: v.to_string(), file: "f".into(), line: None })
            .collect();
        Kernel {
            name: name.into(),
            config: Default::default(),
            env: Environment { facts, ..Default::default() },
            other_machine: None,
            other_machine_group: None,
            machine_caveat: None,
        }
    }

    #[test]
    fn differing_facts_are_listed_new_config_options_counted() {
        let ks = [
            kernel(
                "6.9",
                &[("CONFIG_PREEMPT", "y"), ("CONFIG_HZ", "250"), ("cmdline quiet", "on"), ("uname", "Linux a 6.9")],
            ),
            kernel(
                "6.10",
                &[("CONFIG_PREEMPT", "n"), ("CONFIG_HZ", "250"), ("CONFIG_NEW", "y"), ("uname", "Linux a 6.10")],
            ),
        ];
        let v = environment(&ks);
        let texts: Vec<&str> = v.differences.iter().map(|d| d.text.as_str()).collect();
        // 6.10 has no command line recorded: not "every option absent".
        assert_eq!(texts, ["CONFIG_PREEMPT: y (6.9); n (6.10)"]);
        assert_eq!(v.config_only_some, 1);
        let (facts, options) = kernel_facts(&ks[0]);
        assert_eq!(options, 2);
        assert_eq!(facts, [("cmdline quiet".to_string(), "on".to_string()), ("uname".into(), "Linux a 6.9".into())]);
        assert_eq!(
            kernel_facts_text(&ks[0], &facts, options),
            "cmdline quiet: on; uname: Linux a 6.9; 2 kernel config options"
        );
    }

    /// A `sysctl -a` of thousands of values is counted, with its file,
    /// where its first value stood (archive35 e5-4620 4.5.5: 4,231 values,
    /// 230 KB of its page); a kind of few facts is listed.
    #[test]
    fn many_facts_of_one_kind_are_counted_with_their_file() {
        let mut facts: Vec<(String, String)> = vec![("compiler".into(), "gcc 5".into())];
        facts.extend((0..=FACTS_LISTED).map(|i| (format!("sysctl vm.x{i}"), i.to_string())));
        facts.push(("cmdline quiet".into(), "on".into()));
        let refs: Vec<(&str, &str)> = facts.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let mut k = kernel("4.5.5", &refs);
        for f in &mut k.env.facts {
            f.file = if f.key.starts_with("sysctl") { "4.5.5/sysctl.log".into() } else { "4.5.5/cmdline".into() };
        }
        let (facts, options) = kernel_facts(&k);
        let n = FACTS_LISTED + 1;
        assert_eq!(
            kernel_facts_text(&k, &facts, options),
            format!("compiler: gcc 5; {n} sysctl values (in 4.5.5/sysctl.log); cmdline quiet: on")
        );
    }

    /// 135 copies of one WARNING in one kernel's dmesg are one line with a
    /// count (archive35 4: 3.11.10-stats/dmesg.log, 400 lines of mail).
    #[test]
    fn identical_problems_of_a_kernel_are_counted_once() {
        let mut k = kernel("3.11", &[]);
        let warn = "WARNING: CPU: 1 PID: 7 at fs/ext4/inode.c:363 ext4_da_update_reserve_space+0x1/0x2()";
        for line in [2, 30, 3374] {
            k.env.problems.push(DmesgProblem { file: "3.11/dmesg.log".into(), line, text: warn.into() });
        }
        k.env.problems.push(DmesgProblem { file: "3.11/dmesg.log".into(), line: 40, text: "BUG: x".into() });
        // The same WARNING of another process on another CPU: the same problem.
        let other = warn.replace("CPU: 1 PID: 7", "CPU: 3 PID: 20016");
        k.env.problems.push(DmesgProblem { file: "3.11/dmesg.log".into(), line: 52, text: other });
        let v = environment(&[k]);
        assert_eq!(v.problems.len(), 2);
        let lines = v.lines();
        let said = "WARNING: CPU: … PID: … at fs/ext4/inode.c:363 ext4_da_update_reserve_space+0x1/0x2()";
        assert!(lines.contains(&format!("3.11: 3.11/dmesg.log (4 times, lines 2–3374): {said}")), "{lines:?}");
        assert!(lines.contains(&"3.11: 3.11/dmesg.log (line 40): BUG: x".to_string()), "{lines:?}");
        assert_eq!(v.mark_lines.len(), 3, "{:?}", v.mark_lines);
    }

    /// A boot's random ids and the entropy pool's fill differ at every
    /// boot: no difference between kernels (archive35 5).
    #[test]
    fn per_boot_sysctls_are_no_difference() {
        let ks = [
            kernel(
                "a",
                &[
                    ("sysctl kernel.random.boot_id", "210bda2b"),
                    ("sysctl fs.quota.lookups", "3"),
                    ("sysctl vm.swappiness", "60"),
                ],
            ),
            kernel(
                "b",
                &[
                    ("sysctl kernel.random.boot_id", "5d330f6a"),
                    ("sysctl fs.quota.lookups", "9"),
                    ("sysctl vm.swappiness", "10"),
                ],
            ),
        ];
        let v = environment(&ks);
        let texts: Vec<&str> = v.differences.iter().map(|d| d.text.as_str()).collect();
        assert_eq!(texts, ["sysctl vm.swappiness: 60 (a); 10 (b)"]);
        assert!(per_boot("sysctl kernel.random.uuid") && !per_boot("kernel.random.uuid"));
    }

    #[test]
    fn the_same_everywhere_is_no_difference() {
        let ks = [kernel("a", &[("compiler", "gcc 13")]), kernel("b", &[("compiler", "gcc 13")])];
        assert!(environment(&ks).is_empty());
    }
}
