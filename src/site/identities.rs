//! Runs of different machines or kernel builds in different files.
//!
//! Inside one file the parsers and labels keep apart runs under two hosts,
//! processors or builds (`crate::parse::identity`). A fact every run of a
//! file shares is the file's [`Identity`]; here the files of a class are
//! compared by it:
//!
//! * [`keep_identities_apart`]: where two files of one benchmark feed one
//!   table cell (one kernel, parameters, group and metric) and name
//!   different hosts (UnixBench's `System: rpi5` and `System:
//!   raspberrypi`), processors (`… L7300 @ 1.40GHz`, `… P8700 @ 2.53GHz`)
//!   or kernel builds (`#342 SMP Wed Sep 13 …` and `#370 SMP Thu Sep 14
//!   …`, both `5.10.0+`), every file of that benchmark that names the fact
//!   gets the one-file rule's parameter (`host`, `machine`, `kernel
//!   build`), so each machine's runs meet only its own, in every kernel,
//!   and a warning names the files and the fact. archive36 (findings 1–3):
//!   a Pi 5's and a Pi Zero 2 W's Index Scores were one cell, `655 ±539`,
//!   three laptops' `605 ±247`, three builds of `5.10.0+` `2906 ±38`.
//! * [`warn_of_other_machines`]: where a kernel's runs name processors
//!   (or CPU counts) none of the baseline's runs name, its changes compare
//!   two machines: a warning on that kernel's file, shown on the class
//!   page and by `check`. Host names alone apart across kernels are a
//!   note: a device renamed between installs (the Pi Zero 2 W's
//!   `raspberrypi` and `rpi02w`) is still compared.
//!
//! Facts a file does not print are unknown, never a difference: such a
//! file gets no parameter (where others differ it then meets neither).

use super::ResultFile;
use super::file_setups::{SETUP_PARAM, SETUP_PARAM_APART};
use crate::diag::Diagnostic;
use crate::model::{Identity, Metric, Param};
use crate::parse::{HOST_PARAM, KERNEL_BUILD_PARAM, MACHINE_PARAM, processor_key, same_host, same_processor};
use rustc_hash::FxHashMap;

/// The facts compared, in the order they are given: a processor apart
/// tells machines apart before their host names do (two laptops both
/// called `archlinux`), and a build is compared among one machine's runs.
const FACTS: [(&str, &str); 3] =
    [(MACHINE_PARAM, "processors"), (HOST_PARAM, "hosts"), (KERNEL_BUILD_PARAM, "kernel builds")];

/// The value and line of fact `param` ([`FACTS`]) in `id`.
fn fact(id: &Identity, param: &str) -> Option<(usize, String)> {
    match param {
        MACHINE_PARAM => id.processor.clone(),
        HOST_PARAM => id.host.clone(),
        KERNEL_BUILD_PARAM => id.build.clone(),
        _ => None,
    }
}

/// True when values `a` and `b` of fact `param` are one: processors by
/// [`same_processor`] (blanks, case, `(R)`, a short name of the same
/// model), the others as written.
fn same(param: &str, a: &str, b: &str) -> bool {
    match param {
        MACHINE_PARAM => same_processor(a, b),
        HOST_PARAM => same_host(a, b),
        _ => a == b,
    }
}

/// What to do about a kernel's runs from another machine than the
/// baseline's, as the warning and the pages say it.
const ONE_MACHINE_HINT: &str = "a machine class is one machine: put each machine's runs in a class of its own";

/// How many values an identity warning names before it counts the rest
/// (`and 995 more values in 995 more files`).
const LISTED_AT_MOST: usize = 5;

/// One table cell: kernel, parameters, group and metric of a sample.
type Cell<'a> = super::CellKey<'a>;

/// Gives the samples of files whose identity facts differ from another
/// file's in one table cell the one-file rule's parameter (module docs),
/// each fact of [`FACTS`] in turn, and warns once per benchmark and fact
/// with the files and values apart. A sample that carries the parameter
/// already (the file's own runs told apart) keeps its own.
pub fn keep_identities_apart(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    // Most classes' files print no identity: nothing more is done.
    if results.iter().all(|rf| rf.parsed.identity.is_unknown()) {
        return;
    }
    let mut benches: Vec<String> = results.iter().map(|rf| rf.parsed.benchmark.clone()).collect();
    benches.sort_unstable();
    benches.dedup();
    for bench in &benches {
        for (param, what) in FACTS {
            let files: Vec<usize> = (0..results.len())
                .filter(|&i| {
                    results[i].parsed.benchmark == *bench && fact(&results[i].parsed.identity, param).is_some()
                })
                .collect();
            if param == MACHINE_PARAM {
                one_processor_two_names(results, &files, bench, diags);
            }
            let Some(apart) = cells_apart(results, &files, param) else { continue };
            // A processor apart is another machine in every kernel. A
            // build keeps apart the runs of the kernels built twice only
            // (across kernels a build is always another: a `kernel build`
            // on every file left every kernel but the baseline uncompared,
            // attack37 finding 2); a host those of the kernels where two
            // hosts met, and the runs of those hosts in other kernels (so
            // `opi`'s 3.10.64 meets `opi`'s baseline), but not a host
            // renamed in a kernel of its own (finding 3: `opi-renamed`,
            // noted as compared, was left uncompared).
            let tagged = |kernel: Option<&str>, value: &str| match param {
                MACHINE_PARAM => true,
                HOST_PARAM => {
                    apart.values.iter().any(|v| v == value) || apart.kernels.iter().any(|k| Some(k.as_str()) == kernel)
                }
                _ => apart.kernels.iter().any(|k| Some(k.as_str()) == kernel),
            };
            // Each value as the first file naming it so names it (one
            // processor, one row).
            let mut firsts: Vec<String> = Vec::new();
            for &i in &files {
                let Some((_, value)) = fact(&results[i].parsed.identity, param) else { continue };
                let value = match firsts.iter().find(|f| same(param, f, &value)) {
                    Some(f) => f.clone(),
                    None => {
                        firsts.push(value.clone());
                        value
                    }
                };
                for s in &mut results[i].parsed.samples {
                    if !s.params.iter().any(|p| p.name == param) && tagged(s.kernel.as_deref(), &value) {
                        s.params.push(Param::new(param, &value));
                    }
                }
            }
            let unit = if apart.metric.unit.is_empty() { String::new() } else { format!(" ({})", apart.metric.unit) };
            let more = match apart.cells {
                1 => String::new(),
                2 => " and 1 more cell alike".to_string(),
                n => format!(" and {} more cells alike", n - 1),
            };
            // Each value with the first file naming it, in file order.
            let mut each: Vec<(String, usize, usize, usize)> = Vec::new();
            for &i in &apart.files {
                let Some((line, value)) = fact(&results[i].parsed.identity, param) else { continue };
                match each.iter_mut().find(|e| e.0 == value) {
                    Some(e) => e.3 += 1,
                    None => each.push((value, i, line, 0)),
                }
            }
            // A site of 1,000 hosts in one cell: the first few, then how
            // many more (a warning of every host was 37 KB on one line).
            let mut listed: Vec<String> = each
                .iter()
                .take(LISTED_AT_MOST)
                .map(|(value, i, line, more)| {
                    let more = match more {
                        0 => String::new(),
                        1 => " and 1 more file".to_string(),
                        n => format!(" and {n} more files"),
                    };
                    format!("`{value}` ({} line {line}{more})", results[*i].rel_path)
                })
                .collect();
            if let Some(rest) = each.get(LISTED_AT_MOST..).filter(|r| !r.is_empty()) {
                let files: usize = rest.iter().map(|e| e.3 + 1).sum();
                let files = if files == 1 { "1 more file".to_string() } else { format!("{files} more files") };
                listed.push(format!("and {} more values in {files}", rest.len()));
            }
            let (at, line) = each.get(1).map_or((apart.files[0], None), |e| (e.1, Some(e.2)));
            let advice = if param == KERNEL_BUILD_PARAM {
                format!(
                    "never averaged as runs of one kernel; each build's rows are compared with the baseline's \
                     row of their set-up (the first build's, where the baseline was built twice), and no other \
                     kernel's rows are parted by build; a kernel is one build: give each build a kernel \
                     directory of its own (built twice: {})",
                    apart.kernels.join(", ")
                )
            } else {
                "never averaged as runs of one machine; a machine class is one machine: put each in a class of \
                 its own"
                    .to_string()
            };
            let msg = format!(
                "{bench}: files that feed one table cell ({}{unit} of kernel {}{more}) name different {what}: {}; \
                 their runs are kept apart by a `{param}` parameter, {advice}",
                apart.metric.name,
                apart.kernel,
                listed.join(", "),
            );
            diags.push(Diagnostic::warning(&results[at].path, line, msg));
        }
    }
    hosts_of_parted_files(results, diags);
}

/// Gives the samples of a file whose one host (its identity) is one of
/// the hosts another file of the benchmark parts its own runs by (a file
/// with `uname -a` lines of `alpha` and `beta`, `labels::unames`) that
/// host's [`HOST_PARAM`], the other file's value where the names differ
/// by a domain only ([`same_host`]): so a kernel's file of `beta` meets
/// the baseline's `beta` row, as it does where the baseline's hosts are
/// two files (attack40 F8: it was "not compared … their files do not
/// print host"). A host no such file names (`delta`) is given as it is:
/// which of the parted hosts it may be (one renamed), the names do not
/// say, and without it its rows were "not compared … their files do not
/// print host", which the file does (afix40c's open case); with it, the
/// note says which host each side's rows have. Another system's host
/// (`labels::unames`) is never given.
/// A short name two such full names share (`web1` beside
/// `web1.dc1.example.com` and `web1.dc2.example.com`) is neither: which
/// machine it is, is no guess; the file is left as it is, with a warning
/// naming both (attack41 F14: the baseline's `web1` took whichever full
/// name came first in the other file and was compared with it, +10 % or
/// +120 % by paste order, its row shown under a name its file never
/// printed).
fn hosts_of_parted_files(results: &mut [ResultFile], diags: &mut Vec<Diagnostic>) {
    // (benchmark, host, file, line) of each host a file parts its runs by.
    let mut parted: Vec<(String, String, usize, usize)> = Vec::new();
    for (i, rf) in results.iter().enumerate().filter(|(_, rf)| rf.parsed.identity.host.is_none()) {
        for s in &rf.parsed.samples {
            if let Some(p) = s.params.iter().find(|p| p.name == HOST_PARAM)
                && !crate::parse::is_other_system_host(&p.value)
                && !parted.iter().any(|(b, v, ..)| *b == rf.parsed.benchmark && *v == p.value)
            {
                parted.push((rf.parsed.benchmark.clone(), p.value.to_string(), i, s.line));
            }
        }
    }
    if parted.is_empty() {
        return;
    }
    for i in 0..results.len() {
        let Some((line, host)) = &results[i].parsed.identity.host else { continue };
        let bench = &results[i].parsed.benchmark;
        if !parted.iter().any(|(b, ..)| b == bench) || crate::parse::is_other_system_host(host) {
            continue;
        }
        let of_bench = || parted.iter().filter(|(b, ..)| b == bench);
        let matches: Vec<&(String, String, usize, usize)> = match of_bench().find(|(_, v, ..)| v == host) {
            Some(exact) => vec![exact],
            None => of_bench().filter(|(_, v, ..)| same_host(v, host)).collect(),
        };
        let value = match matches.as_slice() {
            [] => host.clone(),
            [(_, value, ..)] => value.clone(),
            more => {
                let named: Vec<String> = more
                    .iter()
                    .map(|(_, v, f, l)| format!("`{v}` (runs of {} from line {l})", results[*f].rel_path))
                    .collect();
                let msg = format!(
                    "{bench}: host `{host}` (line {line}) may be any of {}, the hosts of runs kept apart by a \
                     `host` parameter: which machine it is, is no guess; not compared with either: write its full \
                     name (or put each machine's runs in a class of its own)",
                    named.join(" or ")
                );
                diags.push(Diagnostic::warning(&results[i].path, Some(*line), msg));
                continue;
            }
        };
        for s in &mut results[i].parsed.samples {
            if !s.params.iter().any(|p| p.name == HOST_PARAM) {
                s.params.push(Param::new(HOST_PARAM, value.as_str()));
            }
        }
    }
}

/// Notes where files `files` of benchmark `bench` name one processor in
/// two ways that differ by more than blanks and case (cpuinfo's
/// `Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz`, a mail's `Xeon E5-2620
/// v3`): taken as one machine (attack37 finding 9), said once.
fn one_processor_two_names(results: &[ResultFile], files: &[usize], bench: &str, diags: &mut Vec<Diagnostic>) {
    let mut each: Vec<(String, usize, usize)> = Vec::new();
    for &i in files {
        let Some((line, value)) = fact(&results[i].parsed.identity, MACHINE_PARAM) else { continue };
        if !each.iter().any(|e| processor_key(&e.0) == processor_key(&value)) {
            each.push((value, i, line));
        }
    }
    for (k, (b, bi, bline)) in each.iter().enumerate().skip(1) {
        let Some((a, ai, aline)) = each[..k].iter().find(|e| same_processor(&e.0, b)) else { continue };
        diags.push(Diagnostic::note(
            &results[*bi].path,
            Some(*bline),
            format!(
                "{bench}: `{b}` ({} line {bline}) and `{a}` ({} line {aline}) name one processor model two ways: \
                 taken as one machine; if they are two, put each in a class of its own",
                results[*bi].rel_path, results[*ai].rel_path
            ),
        ));
    }
}

/// The cells where files name fact `param` apart.
struct Apart {
    /// The files feeding such cells (indices into the results), in file
    /// order.
    files: Vec<usize>,
    /// The first such cell's kernel and metric.
    kernel: String,
    metric: Metric,
    /// How many cells are fed so.
    cells: usize,
    /// The kernels of those cells, in the order met.
    kernels: Vec<String>,
    /// The values of the fact the files feeding them name.
    values: Vec<String>,
}

/// Where two of `files` (indices into `results`, one benchmark's, each
/// naming fact `param`) feed one cell with different values of it;
/// `None` where none do.
fn cells_apart(results: &[ResultFile], files: &[usize], param: &str) -> Option<Apart> {
    let values: Vec<String> =
        files.iter().filter_map(|&i| fact(&results[i].parsed.identity, param).map(|f| f.1)).collect();
    if values.iter().all(|v| same(param, v, &values[0])) {
        return None;
    }
    let mut first: FxHashMap<Cell<'_>, (usize, &str)> = FxHashMap::default();
    let mut found: Option<Apart> = None;
    let mut counted: rustc_hash::FxHashSet<Cell<'_>> = rustc_hash::FxHashSet::default();
    for (&i, value) in files.iter().zip(&values) {
        for s in &results[i].parsed.samples {
            if s.params.iter().any(|p| p.name == param) {
                continue;
            }
            let cell = super::cell_of(s);
            let (fi, v) = *first.entry(cell).or_insert((i, value.as_str()));
            if !same(param, v, value) {
                let apart = found.get_or_insert_with(|| Apart {
                    files: Vec::new(),
                    kernel: cell.0.to_string(),
                    metric: s.metric.clone(),
                    cells: 0,
                    kernels: Vec::new(),
                    values: Vec::new(),
                });
                if !apart.kernels.iter().any(|k| k == cell.0) {
                    apart.kernels.push(cell.0.to_string());
                }
                for f in [fi, i] {
                    if !apart.files.contains(&f) {
                        apart.files.push(f);
                    }
                }
                if counted.insert(cell) {
                    apart.cells += 1;
                }
            }
        }
    }
    // The files that feed those cells with the first file's value too
    // (13-02 beside 13-01, both `#342`): named in the warning.
    if let Some(apart) = &mut found {
        for &i in files {
            if apart.files.contains(&i) {
                continue;
            }
            let feeds = results[i].parsed.samples.iter().any(|s| {
                let cell = super::cell_of(s);
                counted.contains(&cell)
            });
            if feeds {
                apart.files.push(i);
            }
        }
        apart.files.sort_unstable();
        for &i in &apart.files {
            if let Some((_, v)) = fact(&results[i].parsed.identity, param)
                && !apart.values.contains(&v)
            {
                apart.values.push(v);
            }
        }
    }
    found
}

/// What the runs of one kernel name of their machine: each processor,
/// CPU count and host, with the first file (index) and line naming it.
#[derive(Default)]
struct Named {
    processors: Vec<(String, usize, usize)>,
    cpus: Vec<(String, usize, usize)>,
    hosts: Vec<(String, usize, usize)>,
}

impl Named {
    /// Adds `value` of fact `param` to `list` unless [`same`] as one there.
    fn add(param: &str, list: &mut Vec<(String, usize, usize)>, value: String, file: usize, line: usize) {
        if !list.iter().any(|(v, _, _)| same(param, v, &value)) {
            list.push((value, file, line));
        }
    }
}

/// Kernels whose runs are apart from the baseline's alike: one warning.
struct ApartKernels {
    /// `""` (another processor), `" part"` (some of the baseline's core
    /// types) or `" CPUs"` (only the CPU counts differ).
    unit: &'static str,
    /// The kernels' processors (or CPU counts), listed.
    of: String,
    /// The baseline's, listed.
    theirs: String,
    /// Each kernel's first file and line naming them.
    at: Vec<(usize, usize)>,
    /// The baseline's file and line naming its.
    base_at: (usize, usize),
    /// The kernels (beside `at`).
    kernels: Vec<String>,
}

/// True when processor `a` is some of the core types of `b`, a set of
/// models (`ARM Cortex-A55` of `ARM Cortex-A55 + ARM Cortex-A76`): a
/// big.LITTLE board with its big cores offline.
fn part_of(a: &str, b: &str) -> bool {
    if !b.contains(" + ") {
        return false;
    }
    let whole: Vec<&str> = b.split(" + ").collect();
    let some: Vec<&str> = a.split(" + ").collect();
    some.len() < whole.len() && some.iter().all(|m| whole.iter().any(|w| same_processor(m, w)))
}

/// Kernels whose hosts alone differ from the baseline's, alike in what
/// the note says of them: (how they are compared, each kernel (name, its
/// hosts, file index, line, file), the baseline's hosts, file index and
/// line).
type Renamed<'a> = (&'static str, Vec<(String, String, usize, usize, &'a str)>, (String, usize, usize));

/// The unit of a warning where a kernel's files and the baseline's name
/// one processor with other CPU counts (`[8 threads]` against `[16
/// threads]`): one machine with SMT or CPUs turned off.
const ONE_PROCESSOR_CPUS: &str = " CPUs of one processor";

/// Warns where a kernel's runs and the baseline's name different machines
/// (module docs): processors none of the baseline's runs name (or, where
/// either side names none, CPU counts), a warning on the kernel's first
/// file naming one; host names alone apart, a warning. Returns the kernels
/// whose processors are apart, each with what its runs and the
/// baseline's are from, for the pages to mark its results with; and, in
/// `noted`, the kernels compared with a caveat the mail must show too
/// (attack38 findings 2 and 18): a host renamed ("runs from host B,
/// compared as host A renamed") or a CPU difference ("runs on 1 of the
/// baseline's 2 core types"). `order`: the class's kernels in page order
/// (a warning lists its kernels so).
///
/// The CPU counts of kernels that name one processor are compared too
/// ([`ONE_PROCESSOR_CPUS`]).
pub fn warn_of_other_machines(
    results: &[ResultFile],
    baseline: Option<&str>,
    order: &[&str],
    diags: &mut Vec<Diagnostic>,
    noted: &mut Vec<(String, String)>,
) -> Vec<(String, String, Option<String>)> {
    let mut other: Vec<(String, String, Option<String>)> = Vec::new();
    let Some(baseline) = baseline else { return other };
    if results.iter().all(|rf| rf.parsed.identity.is_unknown()) {
        return other;
    }
    let mut by_kernel: Vec<(String, Named)> = Vec::new();
    // Each kernel's place in `by_kernel` (a class of 3,000 kernels).
    let mut place: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, rf) in results.iter().enumerate() {
        let id = &rf.parsed.identity;
        // The file's kernels, once each (most files hold one: a sample's
        // kernel is most often its neighbour's), sorted; and the runs the
        // file's own lines told apart by processor, in sample order, with
        // their kernels: one pass over the samples.
        let mut kernels: Vec<&str> = Vec::new();
        let mut machined: Vec<(&str, &Param, usize)> = Vec::new();
        for s in &rf.parsed.samples {
            let Some(k) = s.kernel.as_deref() else { continue };
            if kernels.last() != Some(&k) && !kernels.contains(&k) {
                kernels.push(k);
            }
            if let Some(p) = s.params.iter().find(|p| p.name == MACHINE_PARAM) {
                machined.push((k, p, s.line));
            }
        }
        kernels.sort_unstable();
        for k in kernels {
            let at = *place.entry(k).or_insert_with(|| {
                by_kernel.push((k.to_string(), Named::default()));
                by_kernel.len() - 1
            });
            let named = &mut by_kernel[at].1;
            if let Some((line, p)) = &id.processor {
                Named::add(MACHINE_PARAM, &mut named.processors, p.clone(), i, *line);
            }
            // The runs the file's own lines told apart by processor.
            for (_, p, line) in machined.iter().filter(|m| m.0 == k) {
                Named::add(MACHINE_PARAM, &mut named.processors, p.value.to_string(), i, *line);
            }
            if let Some((line, n)) = &id.cpus {
                Named::add("cpus", &mut named.cpus, n.to_string(), i, *line);
            }
            if let Some((line, h)) = &id.host {
                Named::add(HOST_PARAM, &mut named.hosts, h.clone(), i, *line);
            }
        }
    }
    let Some(base) = by_kernel.iter().find(|(k, _)| k == baseline).map(|(_, n)| n) else { return other };
    let apart_by = |param: &str, of: &[(String, usize, usize)], base: &[(String, usize, usize)]| {
        !of.is_empty()
            && !base.is_empty()
            && of.iter().all(|(v, _, _)| base.iter().all(|(b, _, _)| !same(param, b, v) && !same_processor(b, v)))
    };
    let apart = |of: &[(String, usize, usize)], base: &[(String, usize, usize)]| apart_by(MACHINE_PARAM, of, base);
    let list = |of: &[(String, usize, usize)], unit: &str| {
        of.iter().map(|(v, _, _)| format!("{v}{unit}")).collect::<Vec<_>>().join(", ")
    };
    let mut groups: Vec<ApartKernels> = Vec::new();
    let mut renamed: Vec<Renamed> = Vec::new();
    for (kernel, named) in by_kernel.iter().filter(|(k, _)| k != baseline) {
        let (of, theirs, unit) = if apart(&named.processors, &base.processors) {
            // Only some of the baseline's core types (a big.LITTLE board
            // with its big cores offline): a CPU-count difference, not
            // asserted to be another machine (attack37 finding 5).
            let part = named.processors.iter().all(|(v, _, _)| base.processors.iter().any(|(b, _, _)| part_of(v, b)));
            (&named.processors, &base.processors, if part { " part" } else { "" })
        } else if (named.processors.is_empty() || base.processors.is_empty()) && apart(&named.cpus, &base.cpus) {
            (&named.cpus, &base.cpus, " CPUs")
        } else if apart(&named.cpus, &base.cpus) {
            // One processor named on both sides, its CPU counts apart
            // (kcbench's `[16 threads]` against `[8 threads]`: SMT turned
            // off). attack54: since session 53 read the count as no part
            // of the processor's name, the two kernels' files were compared
            // without a word, the CPUs' difference shown as the kernels'.
            (&named.cpus, &base.cpus, ONE_PROCESSOR_CPUS)
        } else {
            if apart_by(HOST_PARAM, &named.hosts, &base.hosts) {
                let (_, fi, line) = named.hosts[0];
                let (_, bi, bline) = base.hosts[0];
                // Where the kernel's runs carry a `host` (two hosts met in
                // it) and the baseline's too, no row meets: the note says
                // so, as the table does (attack37 finding 3).
                let kept = |k: &str| {
                    results.iter().any(|rf| {
                        rf.parsed
                            .samples
                            .iter()
                            .any(|s| s.kernel.as_deref() == Some(k) && s.params.iter().any(|p| p.name == HOST_PARAM))
                    })
                };
                // Where the files' prompts name the hosts (`user@host:~$`),
                // `file_setups` has kept each host's runs a set-up of its
                // own (`on host`) and no row meets either: never "compared
                // as one machine renamed" of a kernel then not compared
                // (attack38 finding 3, c04-two-files-c).
                let on_host = |k: &str, hosts: &[(String, usize, usize)]| {
                    results.iter().any(|rf| {
                        rf.parsed.samples.iter().any(|s| {
                            s.kernel.as_deref() == Some(k)
                                && s.params.iter().any(|p| {
                                    (p.name == SETUP_PARAM || p.name == SETUP_PARAM_APART)
                                        && hosts.iter().any(|(h, _, _)| p.value.contains(&format!("on {h}")))
                                })
                        })
                    })
                };
                let how = if kept(kernel) && kept(baseline) {
                    "each host's runs kept apart by a `host` parameter (two hosts meet in one kernel), so not \
                     compared with the baseline's; if one machine was renamed, give its files one host name's class"
                } else if on_host(kernel, &named.hosts) && on_host(baseline, &base.hosts) {
                    "each host's runs kept apart as a set-up of their own (the prompts name the hosts, `on host`), \
                     so not compared with the baseline's; if one machine was renamed, list the benchmark under \
                     `same_setup:` in machine.yaml"
                } else {
                    "compared as one machine renamed; if they are two machines, put each in a class of its own"
                };
                // One note for every kernel renamed alike (ident38: a
                // class whose every kernel's files name two hosts gave
                // one note per kernel, alike but for the names).
                let at = (kernel.clone(), list(&named.hosts, ""), fi, line, results[fi].rel_path.as_str());
                match renamed.iter_mut().find(|r| r.0 == how) {
                    Some(r) => r.1.push(at),
                    None => renamed.push((how, vec![at], (list(&base.hosts, ""), bi, bline))),
                }
            }
            continue;
        };
        let (_, fi, line) = of[0];
        let (_, bi, bline) = theirs[0];
        let counted = if unit == " CPUs" || unit == ONE_PROCESSOR_CPUS { " CPUs" } else { "" };
        let (of, theirs) = (list(of, counted), list(theirs, counted));
        if unit.is_empty() {
            other.push((
                kernel.clone(),
                format!(
                    "runs from {of} ({} line {line}), the baseline {baseline}'s from {theirs} ({} line {bline})",
                    results[fi].rel_path, results[bi].rel_path
                ),
                None,
            ));
        }
        // One warning for every kernel apart alike (attack37 finding 12:
        // 30 kernels on the ARMv8 board were 30 warnings alike).
        match groups.iter_mut().find(|g| g.unit == unit && g.of == of && g.theirs == theirs) {
            Some(g) => {
                g.kernels.push(kernel.clone());
                g.at.push((fi, line));
            }
            None => groups.push(ApartKernels {
                unit,
                of,
                theirs,
                at: vec![(fi, line)],
                base_at: (bi, bline),
                kernels: vec![kernel.clone()],
            }),
        }
    }
    let rank = |k: &str| order.iter().position(|o| *o == k).unwrap_or(usize::MAX);
    for (how, mut kernels, (base_hosts, bi, bline)) in renamed {
        kernels.sort_by_key(|k| rank(&k.0));
        if how.starts_with("compared") {
            for (kernel, hosts, _, _, _) in &kernels {
                noted.push((kernel.clone(), format!("runs from host {hosts}, compared as host {base_hosts} renamed")));
            }
        }
        let (_, _, fi, line, _) = kernels[0];
        let base_file = &results[bi].rel_path;
        let said = match kernels.as_slice() {
            [(kernel, hosts, ..)] => {
                format!(
                    "{kernel}'s runs name host {hosts}, the baseline {baseline}'s {base_hosts} ({base_file} line {bline}): {how}"
                )
            }
            ks => {
                let mut each: Vec<String> = ks
                    .iter()
                    .take(LISTED_AT_MOST)
                    .map(|(k, hosts, _, l, file)| format!("{k} {hosts} ({file} line {l})"))
                    .collect();
                if ks.len() > LISTED_AT_MOST {
                    each.push(format!("and {} more kernels", ks.len() - LISTED_AT_MOST));
                }
                format!(
                    "the runs of {} kernels name other hosts than the baseline {baseline}'s {base_hosts} ({base_file} \
                     line {bline}): {}: {how}",
                    ks.len(),
                    each.join("; ")
                )
            }
        };
        // A warning, as the same fact read from one file's `uname -a`
        // lines is (attack38 finding 3: a note in two files, a warning in
        // one).
        diags.push(Diagnostic::warning(&results[fi].path, Some(line), said));
    }
    for mut g in groups {
        // The kernels in page order, the first one's line warned at.
        let mut by_rank: Vec<(String, (usize, usize))> = g.kernels.drain(..).zip(g.at.drain(..)).collect();
        by_rank.sort_by_key(|(k, _)| rank(k));
        let (fi, line) = by_rank[0].1;
        g.kernels = by_rank.into_iter().map(|(k, _)| k).collect();
        let (bi, bline) = g.base_at;
        let (of, theirs, base_file) = (&g.of, &g.theirs, &results[bi].rel_path);
        let types = |p: &str| p.split(" + ").count();
        let caveat = match g.unit {
            " CPUs" | ONE_PROCESSOR_CPUS => Some(format!("had {of} online, the baseline {baseline}'s {theirs}")),
            " part" => Some(format!(
                "runs on {} of the baseline {baseline}'s {} core types ({of}; the baseline's {theirs})",
                types(of),
                types(theirs)
            )),
            _ => None,
        };
        if let Some(c) = caveat {
            noted.extend(g.kernels.iter().map(|k| (k.clone(), c.clone())));
        }
        let (runs, changes) = match g.kernels.as_slice() {
            [k] => (format!("{k}'s runs"), format!("{k}'s changes")),
            ks => {
                let shown: Vec<&str> = ks.iter().take(LISTED_AT_MOST).map(String::as_str).collect();
                let more = match ks.len().saturating_sub(LISTED_AT_MOST) {
                    0 => String::new(),
                    n => format!(" and {n} more"),
                };
                (format!("the runs of {} kernels ({}{more})", ks.len(), shown.join(", ")), "their changes".to_string())
            }
        };
        let said = match g.unit {
            // Only the CPU counts differ (no processor named, as UnixBench
            // prints a Pi's): a kernel booted with `maxcpus=2` or `nosmt`,
            // or one that failed to bring up two cores, is what a kernel
            // comparison may be about; not asserted to be another machine.
            " CPUs" => format!(
                "{runs} had {of} online, the baseline {baseline}'s {theirs} ({base_file} line {bline}): the CPU counts \
                 differ (no processor model printed to tell the machines apart), so {changes} against the baseline \
                 are partly the CPUs' difference; the same machine booted with fewer CPUs (`maxcpus=`, `nosmt`, a \
                 core that did not come up) or another machine: if another, put each machine's runs in a class of \
                 its own"
            ),
            ONE_PROCESSOR_CPUS => format!(
                "{runs} had {of} online, the baseline {baseline}'s {theirs} ({base_file} line {bline}), of the one \
                 processor both name: the same machine with SMT or some CPUs turned off (`nosmt`, `maxcpus=`, \
                 `/sys/devices/system/cpu/smt/control`), so {changes} against the baseline are partly the CPUs' \
                 difference, not the kernels' alone; compare kernels run on as many CPUs"
            ),
            " part" => format!(
                "{runs} are from {of}, some of the baseline {baseline}'s {theirs} ({base_file} line {bline}): the \
                 same board with some of its cores offline (`maxcpus=`, cores that did not come up) or another \
                 machine, so {changes} against the baseline are partly the CPUs' difference; if another, put each \
                 machine's runs in a class of its own"
            ),
            _ => format!(
                "{runs} are from {of}, the baseline {baseline}'s from {theirs} ({base_file} line {bline}): not the \
                 same machine, so {changes} against the baseline are two machines' difference, not two kernels'; \
                 {ONE_MACHINE_HINT}"
            ),
        };
        // Several kernels on one other machine: one line of the pages'
        // and the mail's environment differences for all of them, as this
        // warning is (attack38 finding 8: a swap after the baseline printed
        // seven near-identical items, 24 lines before the first figure).
        if g.unit.is_empty() && g.kernels.len() > 1 {
            let group = format!(
                "{runs} are from {of} (the first: {} line {line}), the baseline {baseline}'s from {theirs} \
                 ({base_file} line {bline}); {ONE_MACHINE_HINT}",
                results[fi].rel_path
            );
            for o in other.iter_mut().filter(|o| g.kernels.contains(&o.0)) {
                o.2 = Some(group.clone());
            }
        }
        diags.push(Diagnostic::warning(&results[fi].path, Some(line), said));
    }
    other
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Better, Sample};

    /// A file of one run of dbench, read by its host (identity) `host`.
    fn file(rel: &str, host: Option<&str>) -> ResultFile {
        let s = Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), 1000.0, 3);
        let mut rf = crate::site::testing::result_file(rel, "dbench", vec![s]);
        rf.parsed.identity.host = host.map(|h| (2, h.to_string()));
        rf
    }

    fn hosts(rf: &ResultFile) -> Vec<&str> {
        rf.parsed
            .samples
            .iter()
            .filter_map(|s| s.params.iter().find(|p| p.name == HOST_PARAM))
            .map(|p| p.value.as_str())
            .collect()
    }

    /// attack54: kcbench's `Processor: AMD Ryzen 7 6800H … [16 threads]`
    /// in the baseline's file and `[8 threads]` (SMT off) in another
    /// kernel's: one processor, so no machine warning since session 53
    /// read the count as no part of its name, and nothing said the CPU
    /// counts differ. Now warned, with the note on the pages; the same
    /// count, or the kernels' own processors apart, as before.
    #[test]
    fn one_processor_with_other_cpu_counts_is_warned() {
        let at = |rel: &str, processor: &str, cpus: u32| {
            let mut rf = file(rel, None);
            rf.parsed.identity.processor = Some((2, processor.to_string()));
            rf.parsed.identity.cpus = Some((2, cpus));
            rf
        };
        let ryzen = "AMD Ryzen 7 6800H with Radeon Graphics";
        let warned = |results: &[ResultFile]| {
            let (mut diags, mut noted) = (Vec::new(), Vec::new());
            warn_of_other_machines(results, Some("6.12"), &["6.12", "6.17"], &mut diags, &mut noted);
            (diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>(), noted)
        };
        let (said, noted) = warned(&[at("6.12/kcbench.txt", ryzen, 16), at("6.17/kcbench.txt", ryzen, 8)]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with("6.17's runs had 8 CPUs online, the baseline 6.12's 16 CPUs"), "{said:?}");
        assert!(said[0].contains("of the one processor both name"), "{said:?}");
        assert_eq!(noted, [("6.17".to_string(), "had 8 CPUs online, the baseline 6.12's 16 CPUs".to_string())]);
        assert!(warned(&[at("6.12/kcbench.txt", ryzen, 16), at("6.17/kcbench.txt", ryzen, 16)]).0.is_empty());
        let (said, _) = warned(&[at("6.12/kcbench.txt", ryzen, 16), at("6.17/kcbench.txt", "Intel(R) Core(TM) i7", 8)]);
        assert!(said.len() == 1 && said[0].contains("not the same machine"), "{said:?}");
    }

    /// attack40 F8 and afix40c's open case: beside a file parting its runs
    /// by `uname -a` host (`alpha`, `beta`), a file of one host gets that
    /// host as a row parameter: `beta.lab` meets the `beta` row, and
    /// `delta` (no parted host) is its own row, so the note says which
    /// hosts each side has (it said "their files do not print host").
    /// Must not fire: where no file parts by host (one machine renamed is
    /// the identities' case), and for another system's host.
    #[test]
    fn a_files_one_host_is_its_rows_host_beside_files_parted_by_host() {
        let mut parted = file("6.1.0/dbench.txt", None);
        let mut beta = parted.parsed.samples[0].clone();
        parted.parsed.samples[0].params.push(Param::new(HOST_PARAM, "alpha"));
        beta.params.push(Param::new(HOST_PARAM, "beta"));
        parted.parsed.samples.push(beta);
        let mut results = vec![
            parted.clone(),
            file("6.2.0/dbench.txt", Some("beta.lab.example.com")),
            file("6.3.0/dbench.txt", Some("delta")),
            file("6.4.0/dbench.txt", None),
            file("6.5.0/dbench.txt", Some("mbp (Darwin 23.1.0)")),
        ];
        hosts_of_parted_files(&mut results, &mut Vec::new());
        assert_eq!(hosts(&results[1]), ["beta"]);
        assert_eq!(hosts(&results[2]), ["delta"]);
        assert!(hosts(&results[3]).is_empty());
        assert!(hosts(&results[4]).is_empty());
        let mut alone = vec![file("6.1.0/dbench.txt", Some("alpha")), file("6.2.0/dbench.txt", Some("delta"))];
        hosts_of_parted_files(&mut alone, &mut Vec::new());
        assert!(alone.iter().all(|rf| hosts(rf).is_empty()));
    }
}
