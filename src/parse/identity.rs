//! The names of the parameters that keep apart runs of different machines
//! and different kernel builds, and the file facts they are read from.
//!
//! A machine class is one machine, a kernel one build. What a raw file
//! prints of either is *identity*: UnixBench's `System: rpi5: GNU/Linux`
//! (the host), its `CPU 0: Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz`
//! (the processor), `2 CPUs in system`, and the build of its `OS:` line
//! (`#342 SMP Wed Sep 13 20:25:43 CST 2023`, `uname -v`); lmbench's Host
//! column; kernbench's `Host:` lines; a line naming the processor above
//! the runs of a mail (`For Threadripper 1950X`). Two places use it:
//!
//! * inside one file the parsers and [`crate::parse::labels`] give runs
//!   under two different facts a parameter of their own ([`HOST_PARAM`],
//!   [`MACHINE_PARAM`], [`KERNEL_BUILD_PARAM`]: UnixBench's
//!   `varying::tag_varying` of its `System:` lines, `labels::machines`);
//! * a fact every run of the file shares is kept as the file's
//!   [`crate::model::Identity`], and `site::identities` compares the
//!   files feeding one table cell: files that name different hosts,
//!   processors or builds get the same parameters, with a warning naming
//!   the files and the fact, and the kernels of a class whose runs name
//!   different processors are warned of.

/// The parameter that keeps apart the runs of machines of different host
/// names (UnixBench's `System: rpi5` and `System: raspberrypi`, lmbench's
/// Host column, kernbench's `Host:`).
pub const HOST_PARAM: &str = "host";

/// The [`HOST_PARAM`] value of runs under another system's `uname -a`
/// line (`labels::unames`): the host with the system and its release,
/// `Johns-MBP (Darwin 24.1.0)`. Such a run is never one of a Linux
/// kernel's machine's: [`is_other_system_host`] tells it when comparing.
pub fn other_system_host(host: &str, system: &str) -> String {
    format!("{host} ({system})")
}

/// True for a [`HOST_PARAM`] value made by [`other_system_host`]: a host
/// name (no blank) then the system in parentheses.
pub fn is_other_system_host(value: &str) -> bool {
    value.ends_with(')') && value.split_once(" (").is_some_and(|(host, _)| !host.is_empty() && !host.contains(' '))
}

/// True when host names `a` and `b` name one host: as written (case
/// aside), or one the other's first DNS label (`beta` and
/// `beta.lab.example.com`, a short and a full name in two `uname -a`
/// lines of one machine: attack39 finding 11, "compared as one machine
/// renamed" in every mail). `beta` and `beta2`, or two full names
/// (`beta.a.com`, `beta.b.com`), are not.
pub fn same_host(a: &str, b: &str) -> bool {
    let short = |full: &str, short: &str| {
        !short.contains('.') && full.split_once('.').is_some_and(|(first, _)| first.eq_ignore_ascii_case(short))
    };
    a.eq_ignore_ascii_case(b) || short(a, b) || short(b, a)
}

/// The parameter that keeps apart the runs of machines with different
/// processors (`Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz` and `… P8700 @
/// 2.53GHz`), the processor as written.
pub const MACHINE_PARAM: &str = "machine";

/// The parameter that keeps apart the runs of one kernel release built
/// twice (`5.10.0+` as `#342 SMP Wed Sep 13 20:25:43 CST 2023` and as
/// `#370 SMP Thu Sep 14 21:50:59 CST 2023`), the build string as written.
pub const KERNEL_BUILD_PARAM: &str = "kernel build";

/// The longest processor model name read as a fact (`/proc/cpuinfo`'s
/// are under 64 bytes): a longer one is a file whose newlines were lost,
/// or no name, and is refused with a warning (attack37 finding 7).
pub const PROCESSOR_MAX: usize = 128;

/// A processor name as compared: lower case, blanks collapsed, the
/// trademark marks (`(R)`, `(TM)`), the words `CPU` and `Processor` and
/// the clock after `@` left out: `Intel(R) Xeon(R) CPU           E5-2670 0
/// @ 2.60GHz` (as /proc/cpuinfo pads it) and `Intel(R) Xeon(R) CPU E5-2670
/// 0 @ 2.60GHz` (as a mail or lscpu collapses it) are one processor
/// (attack37 finding 11: two rows of one machine), `intel xeon e5-2670 0`.
pub fn processor_key(name: &str) -> String {
    // A big.LITTLE board's models (`ARM Cortex-A55 + ARM Cortex-A76`, as
    // UnixBench's `CPU N:` lines are gathered) are a set, not a sequence:
    // the same cores listed A76 first are the same board (attack37
    // finding 5).
    if name.contains(" + ") {
        let mut parts: Vec<String> = name.split(" + ").map(processor_key).collect();
        parts.sort_unstable();
        parts.dedup();
        return parts.join(" + ");
    }
    let lower = name.to_lowercase();
    let lower = lower.split(" @ ").next().unwrap_or_default();
    let lower = lower.replace("(r)", " ").replace("(tm)", " ").replace(['®', '™'], " ");
    lower.split_whitespace().filter(|w| !matches!(*w, "cpu" | "processor")).collect::<Vec<_>>().join(" ")
}

/// True when processor names `a` and `b` name one processor: their
/// [`processor_key`]s are equal, or one's words are a run of the other's
/// holding a model number (a word with a digit): a mail's `Xeon E5-2620
/// v3` is cpuinfo's `Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz` (attack37
/// finding 9), `Xeon` alone is no model.
pub fn same_processor(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let (ka, kb) = (processor_key(a), processor_key(b));
    if ka == kb {
        return true;
    }
    // Sets of models are one only when equal (a subset is fewer cores
    // online, or another board: warned of, not taken as one).
    if ka.contains(" + ") || kb.contains(" + ") {
        return false;
    }
    let (wa, wb): (Vec<&str>, Vec<&str>) = (ka.split_whitespace().collect(), kb.split_whitespace().collect());
    let (short, long) = if wa.len() <= wb.len() { (wa, wb) } else { (wb, wa) };
    !short.is_empty()
        && short.iter().any(|w| w.contains(|c: char| c.is_ascii_digit()))
        && long.windows(short.len()).any(|win| win == short.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// attack39 findings 11 and 19: a short and a full name of one host
    /// are one host (not two very like names, nor two full names); another
    /// system's host value is told from a Linux host's.
    #[test]
    fn host_names_and_other_systems_hosts() {
        assert!(same_host("beta", "beta.lab.example.com"));
        assert!(same_host("beta.lab.example.com", "Beta"));
        assert!(!same_host("beta", "beta2.lab.example.com"));
        assert!(!same_host("beta.a.com", "beta.b.com"));
        assert!(!same_host("alpha", "beta"));
        assert!(is_other_system_host(&other_system_host("Johns-MBP", "Darwin 24.1.0")));
        assert!(!is_other_system_host("alpha"));
        assert!(!is_other_system_host("(x)"));
    }

    #[test]
    fn processors_named_two_ways_are_one() {
        assert!(same_processor(
            "Intel(R) Xeon(R) CPU           E5-2670 0 @ 2.60GHz",
            "intel(r) xeon(r) cpu e5-2670 0 @ 2.60GHz"
        ));
        assert!(same_processor("Xeon E5-2620 v3", "Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz"));
        assert!(!same_processor("Xeon E5-2620 v3", "Intel(R) Xeon(R) CPU E5-2620 v4 @ 2.10GHz"));
        assert!(!same_processor("Xeon", "Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz"));
        assert!(!same_processor("ARMv7 Processor rev 1 (v7l)", "ARMv8 Processor rev 4 (v8l)"));
        assert!(same_processor("ARM Cortex-A55 + ARM Cortex-A76", "ARM Cortex-A76 + ARM Cortex-A55"));
        assert!(!same_processor("ARM Cortex-A55", "ARM Cortex-A55 + ARM Cortex-A76"));
        assert!(!same_processor(
            "Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz",
            "Intel(R) Core(TM)2 Duo CPU P8700 @ 2.53GHz"
        ));
    }
}
