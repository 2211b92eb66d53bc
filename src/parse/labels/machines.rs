//! Runs of different machines in one file: a post that runs the same
//! command on two or three boxes, each under a line naming its processor
//! (`For Threadripper 1950X`, `Intel(R) Xeon(R) CPU E3-1240 V2 @ 3.40GHz`).
//! A machine class is one machine; such runs were shown as one machine's
//! (stress-ng's `--cpu 0` gave each box its own instance count, so the
//! three read as one machine scaling over instances, wild31 file 14). Each
//! such run gets a parameter `machine` (the processor as written), a row of
//! its own never averaged with another machine's, and the file one warning
//! naming the machine lines and the runs under each. A post that names its
//! machines by CPU count and kind only (`on a 16 CPUs X86 guest`, `on a 80
//! CPUs Power8 system:`) names them too, when it names two or more.

use super::super::Input;
use crate::lines::SplitWords as _;
use crate::model::{Param, ParsedFile};

/// The name of the parameter that keeps apart the runs of different
/// machines in one file (and across files: `site::identities`).
pub use crate::parse::identity::MACHINE_PARAM;

/// Processor families a short line may name alone (`For Threadripper
/// 1950X`, `On arm64 (Ampere Altra):`); one ending in `-` names a family by
/// its prefix (`Cortex-A76`, `Cortex-X1`).
const FAMILIES: [&str; 16] = [
    "Xeon", "EPYC", "Epyc", "Ryzen", "Threadripper", "Opteron", "Athlon", "Pentium", "Celeron", "Core(TM)", "Altra",
    "Kunpeng", "Graviton", "ThunderX", "ThunderX2", "Cortex-",
];

use crate::parse::PROCESSOR_MAX;

/// The processor a fact line names: `/proc/cpuinfo`'s `model name\t:
/// Intel(R) Xeon(R) CPU E5-2670 0 @ 2.60GHz` (and the `Processor\t:
/// ARMv7 Processor rev 10 (v7l)` of old ARM kernels), lscpu's `Model name:
/// AMD EPYC 7763 64-Core Processor`, dmesg's `smpboot: CPU0: Intel(R)
/// Xeon(R) CPU E5-2620 v3 @ 2.40GHz (family: 0x6, model: 0x3f, stepping:
/// 0x2)`. `None` for any other line.
fn fact_line(t: &str) -> Option<&str> {
    let key = |t: &'_ str, key: &str| -> Option<usize> {
        let head = t.get(..key.len())?;
        if !head.eq_ignore_ascii_case(key) {
            return None;
        }
        let rest = &t[key.len()..];
        let colon = rest.len() - rest.trim_start().len();
        rest[colon..].starts_with(':').then_some(key.len() + colon + 1)
    };
    if let Some(at) = key(t, "model name").or_else(|| key(t, "processor")) {
        // kcbench's `Processor: AMD Ryzen 7 6800H … [16 threads]`: the
        // count is no part of the name (a report with SMT off, `[8
        // threads]`, was another machine, and the advice a class of its own).
        let name = without_cpu_count(t[at..].trim());
        // x86's `processor\t: 0` is a CPU's number.
        return (!name.is_empty() && !name.chars().all(|c| c.is_ascii_digit())).then_some(name);
    }
    // dmesg: `[    0.123456] smpboot: CPU0: … (family: 0x6, …)`.
    let t = match t.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or(t, |(_, r)| r.trim_start()),
        None => t,
    };
    let t = t.strip_prefix("smpboot: ").unwrap_or(t);
    let name = t.strip_prefix("CPU0: ")?;
    let name = name.find(" (family:").map_or(name, |at| &name[..at]).trim();
    (name.starts_with("Intel(R) ") || name.starts_with("AMD ")).then_some(name)
}

/// `name` without a trailing count of its CPUs in brackets, as kcbench
/// prints it (`AMD Ryzen 7 6800H with Radeon Graphics [16 threads]`, `…
/// [4 CPUs]`); `name` as it is otherwise.
fn without_cpu_count(name: &str) -> &str {
    let Some((head, aside)) = name.rsplit_once(" [") else { return name };
    let count = aside.strip_suffix(']').and_then(|a| a.split_once(' ')).is_some_and(|(n, what)| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && matches!(what, "threads" | "CPUs" | "cpus")
    });
    if count { head.trim_end() } else { name }
}

/// The processor `text` names, as written, where the line is a fact of
/// the machine ([`fact_line`]: cpuinfo's `model name :`, lscpu's `Model
/// name:`, dmesg's `CPU0:`), or a line that is the processor's name alone
/// (`Intel(R) Xeon(R) CPU E3-1240 V2 @ 3.40GHz`, `AMD EPYC 8024P 8-Core
/// Processor`), with at most a heading's few words about it (`On the
/// Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz box:`), or a short line of at
/// most six words naming a processor family (`For Threadripper 1950X` →
/// `Threadripper 1950X`). A name in a sentence is prose, not the machine
/// of the runs below: `Unlike the Intel(R) Xeon(R) CPU E5-2620 v3 @
/// 2.40GHz numbers Bob posted, no dip here:` made the second run of an
/// EPYC the Xeon's (attack37 finding 10). A trailing common noun (`box`,
/// `machine`) is no part of the name. `None` for any other line, and for
/// a name longer than [`PROCESSOR_MAX`].
pub(super) fn processor(text: &str) -> Option<String> {
    let t = text.trim().trim_start_matches(['>', ' ', '\t']).trim();
    if let Some(name) = fact_line(t) {
        return (name.len() <= PROCESSOR_MAX).then(|| name.to_string());
    }
    if t.len() > PROCESSOR_MAX + 40 {
        return None;
    }
    // The words about a name on its line: a heading's few (`On the`,
    // `box:`), never a sentence's.
    let about = |before: &str, after: &str| {
        let after = after.trim().trim_end_matches([':', ')']).trim();
        let after_ok = after.is_empty() || (after.words().count() == 1 && machine_noun(after, &NOUNS));
        after_ok && before.words().count() <= 3 && !before.contains(['.', ',', ';', '!', '?'])
    };
    // `Intel(R) … @ 2.40GHz`.
    if let Some(at) = t.find("Intel(R) ") {
        let rest = &t[at..];
        if let Some(end) = rest.find("GHz") {
            let name = &rest[..end + 3];
            if name.contains(" @ ") && about(&t[..at], &rest[end + 3..]) {
                return Some(name.to_string());
            }
        }
    }
    // `AMD EPYC 8024P 8-Core Processor`, `AMD Ryzen 9 5950X 16-Core Processor`.
    if let Some(at) = t.find("AMD ") {
        let rest = &t[at..];
        if let Some(end) = rest.find(" Processor") {
            let name = &rest[..end + " Processor".len()];
            if name.words().count() <= 7
                && !name.contains([',', '.'])
                && about(&t[..at], &rest[end + " Processor".len()..])
            {
                return Some(name.to_string());
            }
        }
    }
    let bare = t.trim_end_matches([':', ',']).trim();
    // Most lines are longer than a short line naming a processor: told
    // before their words are gathered.
    if bare.words().nth(6).is_some() {
        return None;
    }
    let mut words: Vec<&str> = bare.words().collect();
    if words.is_empty() || bare.ends_with(['.', '!', '?']) {
        return None;
    }
    // `On the Xeon E5-2620 v3 box:`: the box is no part of its name.
    while words.len() > 1 && words.last().is_some_and(|w| machine_noun(w, &NOUNS)) {
        words.pop();
    }
    let family = words.iter().position(|w| {
        let w = w.trim_matches(['(', ')']);
        FAMILIES.iter().any(|f| w == *f || (f.ends_with('-') && w.starts_with(f)))
    })?;
    // From the family's word, or the maker's right before it (`AMD
    // Threadripper`, `Intel Xeon`), to the end; an aside's parenthesis
    // dropped (`On arm64 (Ampere Altra):` → `Ampere Altra`).
    let from = if family > 0
        && ["AMD", "Intel", "Ampere", "HiSilicon", "AWS", "Cavium", "ARM", "(Ampere", "(Intel", "(AMD"]
            .contains(&words[family - 1])
    {
        family - 1
    } else {
        family
    };
    let name = words[from..].join(" ");
    let name = name.trim_start_matches('(').trim_end_matches(')').trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// A machine a post names by its CPU count and kind, where it names no
/// processor: Laurent Dufour's speculative page fault cover letters (linux-mm
/// 2017-2018) put the x86 guest's and the Power8's results under `Here are
/// the results on a 16 CPUs X86 guest using kernbench …` and `Here are the
/// kerbench results on a 80 CPUs Power8 system:` (`- 80 CPUs Power 8
/// node:`). `N CPUs`, one or two words of its kind, and a noun for a machine
/// ([`COUNTED_NOUNS`]), after `a`/`an`/`the` or at the line's start (a
/// list's `- `) → `80 CPUs Power8 system`, as written. Never the file's
/// processor (a count and a kind name none): only two or more such lines
/// keep runs apart ([`part_machines`]). UnixBench's `4 CPUs in system;` is
/// none (`in`).
fn counted_machine(text: &str) -> Option<String> {
    let t = text.trim().trim_start_matches(['>', ' ', '\t']).trim_start_matches("- ").trim();
    if t.len() > PROCESSOR_MAX + 80 || !t.contains("CPUs") {
        return None;
    }
    let words: Vec<&str> = t.words().collect();
    let at = words.iter().position(|w| *w == "CPUs")?;
    let count = words[..at].last().filter(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))?;
    let before = at.checked_sub(2).map(|b| words[b]);
    if before.is_some_and(|b| !matches!(b, "a" | "an" | "the")) {
        return None;
    }
    let end = (at + 2..=at + 3)
        .find(|&e| words.get(e).is_some_and(|w| machine_noun(w.trim_end_matches([':', ',', '.']), &COUNTED_NOUNS)))?;
    let kind = &words[at + 1..end];
    if kind.iter().any(|w| w.ends_with([':', ',', '.', ';']) || w.chars().all(|c| c.is_lowercase())) {
        return None;
    }
    let noun = words[end].trim_end_matches([':', ',', '.']);
    Some(format!("{count} CPUs {} {noun}", kind.join(" ")))
}

/// Nouns for a machine both after a processor's name ([`NOUNS`]) and
/// after a CPU count and kind ([`COUNTED_NOUNS`]).
const MACHINE_NOUNS: [&str; 5] = ["box", "machine", "server", "system", "host"];

/// Nouns for a machine after its CPU count and kind ([`counted_machine`]):
/// [`MACHINE_NOUNS`] and these.
const COUNTED_NOUNS: [&str; 4] = ["guest", "VM", "node", "LPAR"];

/// Common nouns a heading puts after a processor's name (`On the Xeon
/// E5-2620 v3 box:`): no part of the name. [`MACHINE_NOUNS`] and these.
const NOUNS: [&str; 3] = ["workstation", "laptop", "desktop"];

/// True when `w` is a noun for a machine: one of [`MACHINE_NOUNS`] or of
/// `more`.
fn machine_noun(w: &str, more: &[&str]) -> bool {
    MACHINE_NOUNS.contains(&w) || more.contains(&w)
}

/// Gives each sample of `parsed` under a line naming a processor
/// ([`processor`]) the parameter [`MACHINE_PARAM`], when the samples sit
/// under two or more different ones, and warns once, naming each machine
/// line and the lines of the runs under it. Samples above the first such
/// line are left as they are. Returns how many samples it gave one.
pub(super) fn part_machines(input: &Input, parsed: &mut ParsedFile) -> usize {
    let Some(last) = parsed.read_lines().max() else { return 0 };
    // Most files name no processor: the words every form holds tell first.
    let forms = FAMILIES.iter().chain(&["Intel(R) ", "AMD ", " CPUs "]).any(|w| input.has(w));
    // The kernel test robot names each table's test box on its parameter
    // line (`tbox_group`, lkp-compare): a `brand: Intel(R) Xeon(R) Gold
    // 6346 CPU @ 3.10GHz` line of the mail's prose above is no heading of
    // the tables below it (archive43: a re-test on five boxes gave the
    // Sapphire Rapids table and the attachment's Skylake table the
    // processors of the prose lines above them).
    if !forms
        || parsed.samples.iter().any(|s| s.params.iter().any(|p| p.name == MACHINE_PARAM || p.name == "tbox_group"))
    {
        return 0;
    }
    // Each line's machine line in force: (line, name), nearest above.
    let mut in_force: Vec<Option<(usize, String)>> = vec![None; last + 1];
    let mut current: Option<(usize, String)> = None;
    // The machine lines that name a processor ([`processor`]), not a CPU
    // count ([`counted_machine`]).
    let mut named_processor: Vec<usize> = Vec::new();
    let mut read = vec![false; last + 1];
    for s in &parsed.samples {
        read[s.line] = true;
    }
    for n in 1..=last.min(input.lines.len()) {
        if !read[n] {
            let text = &input.lines[n - 1];
            if let Some(name) = processor(text) {
                named_processor.push(n);
                current = Some((n, name));
            } else if let Some(name) = counted_machine(text) {
                current = Some((n, name));
            }
        }
        in_force[n].clone_from(&current);
    }
    // The machines the runs sit under, in file order, with their runs' lines.
    let mut machines: Vec<(usize, String, Vec<usize>)> = Vec::new();
    for s in &parsed.samples {
        let Some((at, name)) = in_force.get(s.line).cloned().flatten() else { continue };
        match machines.iter_mut().find(|m| m.0 == at) {
            Some(m) => m.2.push(s.line),
            None => machines.push((at, name, vec![s.line])),
        }
    }
    // One processor named two ways (cpuinfo's padded blanks, a mail's
    // `Xeon E5-2620 v3`) is one machine: its runs carry the first name.
    let mut names: Vec<String> = Vec::new();
    for m in &machines {
        if !names.iter().any(|n| crate::parse::same_processor(n, &m.1)) {
            names.push(m.1.clone());
        }
    }
    let canon = |name: &str| -> String {
        names.iter().find(|n| crate::parse::same_processor(n, name)).cloned().unwrap_or_else(|| name.to_string())
    };
    if names.len() < 2 {
        // One processor over every run that sits under one: the file's
        // (unless the parser read its own, UnixBench's `CPU 0:` lines).
        if let ([(at, name, _), ..], None) = (machines.as_slice(), &parsed.identity.processor)
            && machines.iter().map(|m| m.2.len()).sum::<usize>() == parsed.samples.len()
            && named_processor.contains(at)
        {
            parsed.identity.processor = Some((*at, name.clone()));
        }
        return 0;
    }
    let mut n = 0;
    let mut unnamed: Vec<usize> = Vec::new();
    for s in &mut parsed.samples {
        let Some((_, name)) = in_force.get(s.line).cloned().flatten() else {
            unnamed.push(s.line);
            continue;
        };
        let name = canon(&name);
        // A label that names the machine already keeps its runs apart
        // (`For Threadripper 1950X`): not said twice.
        let said = s.params.iter().any(|p| p.name == "label" && p.value.to_lowercase().contains(&name.to_lowercase()));
        if !said {
            s.params.push(Param::new(MACHINE_PARAM, name));
            n += 1;
        }
    }
    let each: Vec<String> = machines
        .iter_mut()
        .map(|(at, name, runs)| {
            runs.sort_unstable();
            runs.dedup();
            let lines = runs.iter().take(6).map(usize::to_string).collect::<Vec<_>>().join(", ");
            let more = if runs.len() > 6 { format!(" and {} more", runs.len() - 6) } else { String::new() };
            format!("line {at} `{name}` over line{} {lines}{more}", if runs.len() == 1 { "" } else { "s" })
        })
        .collect();
    let first = machines.first().map_or(1, |m| m.2[0]);
    // Runs under no machine line (above the first, or under a sentence
    // naming a processor in passing): their machine is not known.
    unnamed.sort_unstable();
    unnamed.dedup();
    let unnamed = match unnamed.as_slice() {
        [] => String::new(),
        [one] => format!("; line {one} is under no machine line: its machine is not known"),
        lines => format!(
            "; lines {} are under no machine line: their machine is not known",
            lines.iter().take(6).map(usize::to_string).collect::<Vec<_>>().join(", ")
        ),
    };
    // Lines naming a CPU by its number (sbc-bench's `Executing benchmark
    // on cpu4 (Cortex-A15):` over each cluster's run) name the clusters of
    // one big.LITTLE board: no machines to put in classes of their own
    // (archive54, ODROID-XU4 and -N2+ logs).
    let clusters = machines.iter().all(|(at, ..)| input.lines.get(at - 1).is_some_and(|l| names_cpu_number(l)));
    let note = if clusters {
        format!(
            "the runs are on {} CPU clusters of the board ({}): kept apart by cluster (a `{MACHINE_PARAM}` \
             parameter, the cluster's cores), never averaged{unnamed}",
            names.len(),
            each.join("; ")
        )
    } else {
        format!(
            "the runs name {} different machines ({}): kept apart by machine (their label or a `{MACHINE_PARAM}` \
             parameter), never averaged{unnamed}; a machine class is one machine: put each machine's runs in a \
             class of its own",
            names.len(),
            each.join("; ")
        )
    };
    // The labels' passes, before this one, called the runs under these
    // lines averaged (`rounds of the same steps with different text …
    // were averaged`): no longer true once every run has its machine.
    // So is a note at a run that names a line of another machine's runs
    // (perf stat's `counts from line 65 repeat those of line 29 …
    // averaged as runs of one set-up`: the x86 guest's and the Power8's).
    if unnamed.is_empty() {
        let at: Vec<usize> = machines.iter().map(|m| m.0).collect();
        let machine_of = |l: usize| in_force.get(l).cloned().flatten().map(|(_, name)| canon(&name));
        let across = |l: usize, m: &str| {
            let here = machine_of(l);
            here.is_some()
                && m.split("line ")
                    .skip(1)
                    .filter_map(|r| r.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
                    .any(|x: usize| x != l && machine_of(x).is_some_and(|there| Some(there) != here))
        };
        parsed.notes.retain(|(l, m)| {
            !((at.contains(l) && m.contains("were averaged as runs of one set-up"))
                || (m.contains("averaged as runs of one set-up") && across(*l, m)))
        });
    }
    parsed.notes.push((first, note));
    n
}

/// True when `line` names a CPU by its number (`cpu0`, `CPU4`) right
/// before a parenthesis: sbc-bench's `Executing benchmark on cpu4
/// (Cortex-A15):`.
fn names_cpu_number(line: &str) -> bool {
    line.match_indices(['c', 'C']).any(|(at, _)| {
        let rest = &line[at..];
        let Some(num) = rest.get(3..).filter(|_| rest[..3].eq_ignore_ascii_case("cpu")) else { return false };
        let digits = num.len() - num.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        digits > 0 && num[digits..].starts_with(" (")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processors_named_on_a_line() {
        let p = |t: &str| processor(t);
        // A name in a sentence is prose (attack37 finding 10).
        assert_eq!(
            p(
                "We have to find what the real TDP of CPU is. Because for the Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz, the TDP is 85 W"
            ),
            None
        );
        assert_eq!(
            p(
                "Second run, same box. Unlike the Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz numbers Bob posted, no dip here:"
            ),
            None
        );
        // Fact lines.
        assert_eq!(
            p("model name\t: Intel(R) Xeon(R) CPU           E5-2670 0 @ 2.60GHz").as_deref(),
            Some("Intel(R) Xeon(R) CPU           E5-2670 0 @ 2.60GHz")
        );
        assert_eq!(
            p("Model name:                      AMD EPYC 7763 64-Core Processor").as_deref(),
            Some("AMD EPYC 7763 64-Core Processor")
        );
        assert_eq!(p("Processor\t: ARMv7 Processor rev 10 (v7l)").as_deref(), Some("ARMv7 Processor rev 10 (v7l)"));
        assert_eq!(p("processor\t: 3"), None);
        // kcbench's count after the name is no part of it.
        assert_eq!(
            p("Processor:           AMD Ryzen 7 6800H with Radeon Graphics [16 threads]").as_deref(),
            Some("AMD Ryzen 7 6800H with Radeon Graphics")
        );
        assert_eq!(
            p("[    0.050000] smpboot: CPU0: Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz (family: 0x6, model: 0x3f, stepping: 0x2)")
                .as_deref(),
            Some("Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz")
        );
        assert_eq!(
            p("On the Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz box:").as_deref(),
            Some("Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz")
        );
        // The box is no part of the name (attack37 finding 9).
        assert_eq!(p("On the Xeon E5-2620 v3 box:").as_deref(), Some("Xeon E5-2620 v3"));
        // A name past any processor's length (finding 7).
        assert_eq!(p(&format!("model name : Intel(R) Xeon(R) CPU {} @ 2.40GHz", "X".repeat(1000))), None);
        assert_eq!(
            p("Intel(R) Xeon(R) CPU E3-1240 V2 @ 3.40GHz").as_deref(),
            Some("Intel(R) Xeon(R) CPU E3-1240 V2 @ 3.40GHz")
        );
        assert_eq!(p("For Threadripper 1950X").as_deref(), Some("Threadripper 1950X"));
        assert_eq!(p("For the AMD EPYC 8024P 8-Core Processor, the TDP is 90 W"), None);
        assert_eq!(p("For the AMD EPYC 8024P 8-Core Processor:").as_deref(), Some("AMD EPYC 8024P 8-Core Processor"));
        assert_eq!(p("On arm64 (Ampere Altra):").as_deref(), Some("Ampere Altra"));
        assert_eq!(p("On x86 (Intel Xeon Platinum 8269CY):").as_deref(), Some("Intel Xeon Platinum 8269CY"));
        // A family named by its prefix: the `Cortex-` entry's rule (it read
        // `Cortex-A`, which no word ending in a core's number equals).
        assert_eq!(p("On the Pi 5 (Cortex-A76):").as_deref(), Some("Cortex-A76"));
        assert_eq!(p("stress-ng: info:  [9573] dispatching hogs: 24 cpu"), None);
        assert_eq!(p("The Xeon was faster than I thought it would be."), None);
        assert_eq!(p("Intel(R) rocks"), None);
    }

    /// wildcls55's SPF mail: two machines named by their CPU count and
    /// kind only; UnixBench's count line is none.
    #[test]
    fn machines_named_by_their_cpu_count_and_kind() {
        let c = |t: &str| counted_machine(t);
        assert_eq!(
            c(">>> Here are the kerbench results on a 80 CPUs Power8 system:").as_deref(),
            Some("80 CPUs Power8 system")
        );
        assert_eq!(
            c("Here are the results on a 16 CPUs X86 guest using kernbench on a 4.15").as_deref(),
            Some("16 CPUs X86 guest")
        );
        assert_eq!(c("- 80 CPUs Power 8 node:").as_deref(), Some("80 CPUs Power 8 node"));
        assert_eq!(c("- 16 CPUs x86 VM").as_deref(), Some("16 CPUs x86 VM"));
        assert_eq!(c("4 CPUs in system; running 1 parallel copy of tests"), None);
        assert_eq!(c("I gave it 16 CPUs this time, the guest was slow"), None);
        assert_eq!(c("with 16 CPUs X86 guest"), None);
    }

    /// archive43: the robot's tables name their box (`tbox_group`); the
    /// prose's processor lines between them are not their machines.
    #[test]
    fn runs_that_name_their_test_box_are_not_given_the_processor_lines_above() {
        use crate::model::{Better, Metric, Sample};
        let text = "brand: Intel(R) Xeon(R) Gold 6346 CPU @ 3.10GHz\n91713 x\nbrand: Intel(R) Core(TM) i9-10980XE CPU @ 3.00GHz\n187483 x\n";
        let run = |line: usize| Sample::new(Metric::new("ops", "", Better::Higher), 1.0, line);
        let input = Input::from_text(text);
        let mut boxed = ParsedFile {
            samples: vec![
                run(2).with_param("tbox_group", "lkp-icl-2sp9"),
                run(4).with_param("tbox_group", "lkp-csl-d02"),
            ],
            ..ParsedFile::default()
        };
        assert_eq!(part_machines(&input, &mut boxed), 0);
        assert!(boxed.notes.is_empty());
        // Must not fire without the box's parameter: the same lines part the runs.
        let mut plain = ParsedFile { samples: vec![run(2), run(4)], ..ParsedFile::default() };
        assert_eq!(part_machines(&input, &mut plain), 2);
    }

    /// One processor named above every run is the file's identity
    /// (`site::identities` compares it with other files'); two are the
    /// runs' `machine` parameters, and the file names none.
    #[test]
    fn one_processor_above_every_run_is_the_files() {
        use crate::model::{Better, Metric, Sample};
        let run = |line: usize| Sample::new(Metric::new("Throughput", "MB/sec", Better::Higher), 1.0, line);
        let input =
            Input::from_text("On x86 (Intel Xeon Platinum 8269CY):\nThroughput 1 MB/sec\nThroughput 2 MB/sec\n");
        let mut parsed = ParsedFile { samples: vec![run(2), run(3)], ..ParsedFile::default() };
        assert_eq!(part_machines(&input, &mut parsed), 0);
        assert_eq!(parsed.identity.processor, Some((1, "Intel Xeon Platinum 8269CY".to_string())));
        // A run above the line: the processor is not every run's.
        let input =
            Input::from_text("Throughput 1 MB/sec\nOn x86 (Intel Xeon Platinum 8269CY):\nThroughput 2 MB/sec\n");
        let mut parsed = ParsedFile { samples: vec![run(1), run(3)], ..ParsedFile::default() };
        part_machines(&input, &mut parsed);
        assert_eq!(parsed.identity.processor, None);
        let input =
            Input::from_text("For Threadripper 1950X\nThroughput 1 MB/sec\nFor Xeon E5-2620\nThroughput 2 MB/sec\n");
        let mut parsed = ParsedFile { samples: vec![run(2), run(4)], ..ParsedFile::default() };
        assert_eq!(part_machines(&input, &mut parsed), 2);
        assert_eq!(parsed.identity.processor, None);
    }
}
