//! `check`'s lints: what makes a comparison unfair or a page incomplete,
//! over one machine class at a time as the pipeline lays it out (the
//! `check` command, [`crate::cli::check`], runs them).
//!
//! Besides what loading reports (unreadable, unrecognised or damaged raw
//! files, malformed YAML with line and column, unknown YAML keys, a baseline
//! that is not a kernel, a part of a section that selects nothing, a table
//! cell averaging different files as if they were runs), `check` looks for what makes a comparison unfair
//! or a page incomplete:
//!
//! * a kernel missing a benchmark that other kernels of its machine class
//!   have (unless `partial:` in `machine.yaml` says it ran only some, on
//!   purpose: then the gap is a note);
//! * differing run counts for one metric within a table;
//! * a configured section that selects no results;
//! * a raw file that names a kernel (lmbench's OS column, UnixBench's `OS:`
//!   line) other than the kernel directory it sits in;
//! * templates that fail to render.
//!
//! It notes too (information, not warnings) the gaps `partial:` declares and
//! the files an `ignore:` glob leaves out. Every finding carries its
//! [`Kind`], the group the lint page (`lint.html`) lists it under: the page
//! and `check` show the same findings.

use crate::diag::{Diagnostic, Kind};
use crate::report::{self, MachinePage};
use crate::site::MachineClass;
use std::collections::{BTreeMap, BTreeSet};

/// Warnings about coverage and run counts in one machine class `m`, laid
/// out as `page`: kernels missing a benchmark others have, files naming
/// another kernel than their directory, sections that select nothing, and
/// differing run counts; then notes: the gaps `partial:` declares, the
/// files `ignore:` leaves out. In a stable order.
pub fn consistency(m: &MachineClass, page: &MachinePage) -> Vec<Diagnostic> {
    let mut out = missing_benchmarks(m, &page.axis);
    // In a class of machines (configs…) the kernel a file names is what
    // the item ran, shown on its page: nothing to warn about.
    if page.axis.kernels {
        out.extend(kernel_name_mismatches(m));
        out.extend(ambiguous_cut_names(m));
    }
    out.extend(section_warnings(m, page));
    out.extend(intended_gaps(m, &page.axis));
    out.extend(ignored_files(m));
    out
}

/// True when `partial:` says kernel `k` ran only some benchmarks, `bench`
/// not among them.
fn left_out_on_purpose(m: &MachineClass, k: &str, bench: &str) -> bool {
    m.config.partial.get(k).is_some_and(|ran| !ran.iter().any(|b| b == bench))
}

/// The benchmarks (parser ids) of the class and the kernels having results
/// of each.
fn kernels_by_benchmark(m: &MachineClass) -> BTreeMap<&str, BTreeSet<&str>> {
    let mut by_bench: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for rf in &m.results {
        let kernels = by_bench.entry(rf.parsed.benchmark.as_str()).or_default();
        // A file's samples are mostly of one kernel: each name once.
        let mut last: Option<&str> = None;
        for k in rf.parsed.samples.iter().filter_map(|s| s.kernel.as_deref()) {
            if last != Some(k) {
                kernels.insert(k);
                last = Some(k);
            }
        }
    }
    by_bench.retain(|_, kernels| !kernels.is_empty());
    by_bench
}

/// A note per kernel `partial:` names: the benchmarks it did not run, at
/// its `partial:` line.
fn intended_gaps(m: &MachineClass, axis: &crate::site::Axis) -> Vec<Diagnostic> {
    let by_bench = kernels_by_benchmark(m);
    let machine_yaml = m.dir.join("machine.yaml");
    let mut out = Vec::new();
    for (k, ran) in &m.config.partial {
        if !m.kernels.iter().any(|x| &x.name == k) {
            continue;
        }
        let left: Vec<&str> = by_bench
            .iter()
            .filter(|(b, have)| !have.contains(k.as_str()) && left_out_on_purpose(m, k, b))
            .map(|(b, _)| *b)
            .collect();
        if left.is_empty() {
            continue;
        }
        out.push(
            Diagnostic::note(
                &machine_yaml,
                m.config.partial_lines.get(k).copied(),
                format!(
                    "{}: {} {k} ran only {} on purpose (partial:), so it has no {} results",
                    m.slug,
                    axis.one,
                    ran.join(", "),
                    report::some_of(&left, 20, "benchmarks")
                ),
            )
            .of_kind(Kind::IntendedGap),
        );
    }
    out
}

/// A note per `ignore:` glob that left files out: at the file when it is
/// the only one, else at the glob's line (in `machine.yaml`, or
/// `site.yaml` for a glob of the site's) with the count and a few of the
/// names. A note per file buried a memtier campaign's 21 warnings under
/// 3,201 notes (`rep-01/VALID`, `rep-01/pidstat.txt`, … of 200 reps:
/// archive37 F5).
fn ignored_files(m: &MachineClass) -> Vec<Diagnostic> {
    const EXAMPLES: usize = 3;
    let mut by_glob: Vec<(&str, Vec<&str>)> = Vec::new();
    for (rel, glob) in &m.ignored {
        match by_glob.iter_mut().find(|(g, _)| g == glob) {
            Some((_, files)) => files.push(rel),
            None => by_glob.push((glob, vec![rel])),
        }
    }
    let mut out = Vec::new();
    for (glob, files) in by_glob {
        if let [only] = files[..] {
            out.push(
                Diagnostic::note(m.dir.join(only), None, format!("ignored: matches the ignore: glob {glob:?}"))
                    .of_kind(Kind::Skipped),
            );
            continue;
        }
        // The class's own glob, else the site's (`site.yaml` beside the class).
        let yaml = if m.config.ignore.iter().any(|g| g == glob) {
            m.dir.join("machine.yaml")
        } else {
            m.dir.parent().map_or_else(|| m.dir.join("../site.yaml"), |c| c.join("site.yaml"))
        };
        let line = std::fs::read_to_string(&yaml).ok().and_then(|t| {
            crate::site::line_of(&t, "ignore", &format!("{glob:?}"))
                .or_else(|| crate::site::line_of(&t, "ignore", glob))
        });
        let mut names = files.iter().take(EXAMPLES).map(|f| format!("{}/{f}", m.slug)).collect::<Vec<_>>().join(", ");
        if files.len() > EXAMPLES {
            names.push_str(&format!(" and {} more", files.len() - EXAMPLES));
        }
        out.push(
            Diagnostic::note(
                &yaml,
                line,
                format!("ignored: {} files of {} match the ignore: glob {glob:?}: {names}", files.len(), m.slug),
            )
            .of_kind(Kind::Skipped),
        );
    }
    out
}

/// Benchmarks per kernel: a warning for each benchmark some kernels of the
/// class have and others lack (but for gaps `partial:` declares).
fn missing_benchmarks(m: &MachineClass, axis: &crate::site::Axis) -> Vec<Diagnostic> {
    let machine_yaml = m.dir.join("machine.yaml");
    let by_bench = kernels_by_benchmark(m);
    let mut out = Vec::new();
    for (bench, have) in &by_bench {
        let missing: Vec<&str> = m
            .kernels
            .iter()
            .map(|k| k.name.as_str())
            .filter(|k| !have.contains(k) && !left_out_on_purpose(m, k, bench))
            .collect();
        if !missing.is_empty() && !have.is_empty() {
            // In the class's kernel order (6.8, 6.9, 6.10), as `missing`.
            let have: Vec<&str> = m.kernels.iter().map(|k| k.name.as_str()).filter(|k| have.contains(k)).collect();
            out.push(
                Diagnostic::warning(
                    &machine_yaml,
                    None,
                    format!(
                        "{}: {} {} {} no {bench} results while {} {} (if on purpose, say so with partial: in machine.yaml)",
                        m.slug,
                        if missing.len() == 1 { &axis.one } else { &axis.many },
                        report::some_of(&missing, 20, &axis.many),
                        if missing.len() == 1 { "has" } else { "have" },
                        report::some_of(&have, 6, &axis.many),
                        if have.len() == 1 { "does" } else { "do" },
                    ),
                )
                .of_kind(Kind::MissingBenchmark),
            );
        }
    }
    out
}

/// Files whose own kernel name disagrees with their directory (one warning
/// per file).
/// A file naming another kernel of the class is warned of at load, where
/// its runs are kept apart (`site::load`): not again here.
fn kernel_name_mismatches(m: &MachineClass) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let kernel_dirs = crate::site::kernel_dirs_of(&m.results);
    for rf in &m.results {
        if let (Some(named), Some(dir)) = (&rf.named_kernel, &rf.kernel_dir)
            && !kernel_names_agree(named, dir)
            && crate::site::other_kernel_named(named, dir, &kernel_dirs).is_none()
            && !crate::site::names_a_pre_release_of(named, dir)
            && seen.insert(rf.rel_path.as_str())
        {
            let line = crate::site::naming_line(rf, named).or_else(|| rf.parsed.samples.first().map(|s| s.line));
            let said = crate::site::kernel_name_mismatch(&rf.parsed.benchmark, named, dir);
            out.push(Diagnostic::warning(&rf.path, line, said).of_kind(Kind::KernelName));
        }
    }
    out
}

/// Kernels a file outside every kernel's directory names by a name cut
/// short that agrees with two or more kernels of the class
/// ([`kernel_names_agree`]): lmbench 2.0's narrow OS column cuts
/// `2.4.19-pre10-ac2` and `2.4.19-pre10-ac2-preempt` alike to `2.4.19-p`,
/// and a class-level summary's rows of both were averaged as runs of a
/// kernel `2.4.19-p` (an attacker's trial). One warning per file and
/// name, naming the kernels it may be.
fn ambiguous_cut_names(m: &MachineClass) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    for rf in m.results.iter().filter(|rf| rf.kernel_dir.is_none()) {
        // A file that prints the longer names itself cut none of them
        // (IRMAN's table of 2.5.33, 2.5.33-mm1 and 2.5.33-mm5).
        let own: BTreeSet<&str> = rf.parsed.samples.iter().filter_map(|s| s.kernel.as_deref()).collect();
        for smp in &rf.parsed.samples {
            let Some(named) = smp.kernel.as_deref() else { continue };
            if !seen.insert((rf.rel_path.as_str(), named)) {
                continue;
            }
            // lmbench cuts its OS cell to 13 columns: a shorter name is whole.
            if rf.parsed.benchmark == "lmbench" && !crate::parse::lmbench::os_cell_may_be_cut(named) {
                continue;
            }
            // A pct table's columns are named whole by its header (`tip`
            // beside another mail's `tip (91caa5ae2424)`, archive40): no
            // name is cut there; two mails' same name averaged is said by
            // the averaged-cells warning.
            if crate::parse::names_columns_by_mail(&rf.parsed.benchmark) {
                continue;
            }
            // contest prints its Kernel cell whole, the column as wide as
            // the longest name (`2.6.0-test4-mm4`, `2.4.22-pre5-axboe`):
            // `2.5.63` beside another post's `2.5.63-mm2cfq` and
            // `2.5.63-mm2dl` is the release itself (archive42), not a name
            // cut short.
            if rf.parsed.benchmark == crate::parse::contest::ID {
                continue;
            }
            let agree: Vec<&str> = m
                .kernels
                .iter()
                .map(|k| k.name.as_str())
                .filter(|&k| k != named && k.len() > named.len() && !own.contains(k) && kernel_names_agree(named, k))
                .collect();
            if agree.len() >= 2 {
                out.push(
                    Diagnostic::warning(
                        &rf.path,
                        Some(smp.line),
                        format!(
                            "{}: kernel {named:?}, a name cut short, may be any of {}: its rows are filed as kernel {named:?}, and rows of different kernels may have been averaged as its runs",
                            rf.parsed.benchmark,
                            agree.join(", ")
                        ),
                    )
                    .of_kind(Kind::KernelName),
                );
            }
        }
    }
    out
}

/// Sections that select nothing, and differing run counts.
fn section_warnings(m: &MachineClass, page: &MachinePage) -> Vec<Diagnostic> {
    let machine_yaml = m.dir.join("machine.yaml");
    // Read only when a configured section has a finding to place.
    let text = std::cell::OnceCell::new();
    let mut out = Vec::new();
    for (i, s) in page.sections.iter().enumerate() {
        let configured = i < m.config.sections.len();
        // A section whose `files:` match no file was warned about at load.
        let globs_match = m.config.sections.get(i).is_some_and(|sc| sc.files_match_any(&m.results));
        let mut found = Vec::new();
        if s.table.rows.is_empty() && configured && globs_match {
            // Its files give results its `metrics:` all leave out: the
            // warning at that line names them.
            let hidden = m.config.sections.get(i).is_some_and(|sc| {
                sc.selectors().iter().any(|part| {
                    m.results
                        .iter()
                        .filter(|rf| part.selects_file(rf))
                        .any(|rf| rf.parsed.samples.iter().any(|smp| part.claims(smp)))
                })
            });
            let message = if hidden {
                format!(
                    "{}: section {:?} shows no results: its files give results, but none of a metric its metrics: names (see the warning at that line)",
                    m.slug, s.title
                )
            } else {
                format!("{}: section {:?} selects no results", m.slug, s.title)
            };
            found.push(Diagnostic::warning(&machine_yaml, None, message).of_kind(Kind::Section));
        }
        // The section's own `baseline:` with no result in it: its table
        // shows no change at all, and `check` was silent (the page said
        // "not compared: the baseline … has no result in this table").
        if let Some(base) = m.config.sections.get(i).and_then(|sc| sc.baseline.as_deref())
            && s.table.uncompared().is_some_and(|u| u.no_base && u.baseline == base)
        {
            found.push(
                Diagnostic::warning(
                    &machine_yaml,
                    None,
                    format!(
                        "{}: section {:?}: its baseline: {base:?} has no result in this section, so no {} of it is compared and its table shows no change; name a {} its files hold",
                        m.slug, s.title, page.axis.one, page.axis.one
                    ),
                )
                .of_kind(Kind::Section),
            );
        }
        found.extend(run_count_warnings(m, s, &machine_yaml));
        found.extend(uncompared_kernels(m, s, &machine_yaml));
        found.extend(within_printed_step(m, s, &machine_yaml));
        // A configured section's findings point at its `title:` line.
        if configured && !found.is_empty() {
            let text = text.get_or_init(|| std::fs::read_to_string(&machine_yaml).unwrap_or_default());
            let line = crate::site::section_line(text, &s.title, "title:");
            for d in &mut found {
                d.line = line;
            }
        }
        out.extend(found);
        out.extend(untrimmed_summaries(m, s));
    }
    out
}

/// A warning per cell of section `s` its `trim:` left whole because one
/// of its values is a summary the file reports (a mean over `n` runs),
/// at that summary's line: its highest and lowest runs are not there to
/// drop, and the cell is the plain mean of what there is (attack #23: it
/// was skipped without a word, as if trimmed). At most one per kernel and
/// file of a section.
fn untrimmed_summaries(m: &MachineClass, s: &report::SectionView) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    let mut said: Vec<(&str, &str)> = Vec::new();
    for u in &s.table.untrimmed {
        if said.contains(&(u.kernel.as_str(), &*u.path)) {
            continue;
        }
        said.push((u.kernel.as_str(), &*u.path));
        out.push(
            Diagnostic::warning(
                m.dir.join(&*u.path),
                Some(u.line),
                format!(
                    "{}: section {:?}: `trim: {}` cannot trim {}'s {}: this line is a summary over {} run{} (a mean, not the runs), whose highest and lowest are not there to drop; the cell is not trimmed",
                    m.slug,
                    s.title,
                    u.trim,
                    u.kernel,
                    u.column,
                    u.n,
                    if u.n == 1 { "" } else { "s" }
                ),
            )
            .of_kind(Kind::RunCounts),
        );
    }
    out
}

/// A warning for section `s` when some values are not compared for
/// what their printed value and the baseline's stand for overlapping
/// ([`crate::stats::Comparison::within_step`], said as the table's note
/// says it, [`report::within_step_reason`]): YCSB's
/// `95thPercentileLatency(ms), 0` on one kernel against `…(us), 152` on
/// the baseline (what `0` ms stands for, below 0.5, takes in 0.152). The
/// unit change lost the precision a change needs; the table shows none
/// and says so under it. fio's whole-ms `[ 1]` against 0.073 ms stands
/// apart and is compared.
fn within_printed_step(m: &MachineClass, s: &report::SectionView, machine_yaml: &std::path::Path) -> Vec<Diagnostic> {
    let t = &s.table;
    let Some(base) = t.baseline.as_deref() else { return Vec::new() };
    let mut named: Vec<String> = Vec::new();
    for r in &t.rows {
        for (c, col) in r.cells.iter().zip(&t.columns) {
            let within = c.as_ref().and_then(|c| c.comparison).is_some_and(|x| x.within_step);
            if !within || col.better == crate::model::Better::Neither {
                continue;
            }
            let v = format!("{} {}", r.kernel, col.name);
            if !named.contains(&v) {
                named.push(v);
            }
        }
    }
    if named.is_empty() {
        return Vec::new();
    }
    vec![
        Diagnostic::warning(
            machine_yaml,
            None,
            format!(
                "{}: section {:?}: not compared with the baseline {base}: {} ({}); the table shows no change for {}, and says so under it",
                m.slug,
                s.title,
                report::some_of(&named, 5, "values"),
                report::within_step_reason(named.len(), base),
                if named.len() == 1 { "it" } else { "them" },
            ),
        )
        .of_kind(Kind::Section),
    ]
}

/// A warning for section `s` when kernels have rows but none with
/// parameters the baseline's rows have (hackbench run in thread mode
/// against a baseline in process mode): none of their values is compared,
/// and the table shows no change for them without saying why.
fn uncompared_kernels(m: &MachineClass, s: &report::SectionView, machine_yaml: &std::path::Path) -> Vec<Diagnostic> {
    let Some(u) = s.table.uncompared() else { return Vec::new() };
    let base = &u.baseline;
    let mut out = Vec::new();
    if !u.lacking.is_empty() {
        let kernels = &u.lacking;
        out.push(
            Diagnostic::warning(
                machine_yaml,
                None,
                format!(
                    "{}: section {:?}: {} ha{} a row without set-up parameters the baseline {base}'s rows have ({}), apart from {} other rows and compared with nothing (a file that does not print its set-up, such as a report pasted without its job line?)",
                    m.slug,
                    s.title,
                    report::some_of(kernels, 5, &u.many),
                    if kernels.len() == 1 { "s" } else { "ve" },
                    u.lacking_params.join(", "),
                    if kernels.len() == 1 { "its" } else { "their" }
                ),
            )
            .of_kind(Kind::Section),
        );
    }
    if !u.extra.is_empty() {
        let kernels = &u.extra;
        out.push(
            Diagnostic::warning(
                machine_yaml,
                None,
                format!(
                    "{}: section {:?}: {} ha{} a row with {}, which the baseline {base}'s rows do not print, apart from {} other rows and compared with nothing (a run whose file printed a set-up line the others did not?)",
                    m.slug,
                    s.title,
                    report::some_of(kernels, 5, &u.many),
                    if kernels.len() == 1 { "s" } else { "ve" },
                    u.extra_params.join(", "),
                    if kernels.len() == 1 { "its" } else { "their" }
                ),
            )
            .of_kind(Kind::Section),
        );
    }
    for (missing, kernels) in &u.short {
        let one = kernels.len() == 1;
        let its = if one { "its" } else { "their" };
        out.push(
            Diagnostic::warning(
                machine_yaml,
                None,
                format!(
                    "{}: section {:?}: {} ha{} no row with parameters the baseline {base} has ({}): {its} rows lack {missing}, which {its} files do not print, so none of {its} values is compared with it",
                    m.slug,
                    s.title,
                    report::some_of(kernels, 5, &u.many),
                    if one { "s" } else { "ve" },
                    u.base_setup,
                ),
            )
            .of_kind(Kind::Section),
        );
    }
    for (kernel, hosts) in &u.other_hosts {
        out.push(
            Diagnostic::warning(
                machine_yaml,
                None,
                format!("{}: section {:?}: {}", m.slug, s.title, u.other_host_note(kernel, hosts)),
            )
            .of_kind(Kind::Section),
        );
    }
    for (kernel, columns) in &u.unlike {
        out.push(
            Diagnostic::warning(
                machine_yaml,
                None,
                format!(
                    "{}: section {:?}: {kernel} has rows of the baseline {base}'s set-up but no figure of a metric {base}'s rows give ({} against {}): none of its values is compared with it (another version of the benchmark?)",
                    m.slug,
                    s.title,
                    columns.join(", "),
                    u.base_columns.join(", "),
                ),
            )
            .of_kind(Kind::Section),
        );
    }
    if u.apart.is_empty() {
        return out;
    }
    // A section of two benchmarks (its rows name theirs: dbench and
    // tbench): a kernel whose rows are all of a benchmark the baseline has
    // no row of ran the other benchmark, not a set-up gone astray. Said
    // once, as a note; the warning is for the others (newcomer59b's
    // "dbench / tbench": "6.10.0 has no row of the baseline 6.9.0's
    // set-up (6.9.0's row has benchmark dbench…; 6.10.0's row has
    // benchmark tbench…)", noise on every build).
    let (other_bench, benches) = other_benchmark(s, base, &u.apart);
    if !other_bench.is_empty() {
        out.push(
            Diagnostic::note(
                machine_yaml,
                None,
                format!(
                    "{}: section {:?}: the baseline {base} has no row of {}, so {}'s rows of it are compared with nothing (each benchmark of the section is compared with its own rows only)",
                    m.slug,
                    s.title,
                    benches.join(" or "),
                    report::some_of(&other_bench, 5, &u.many),
                ),
            )
            .of_kind(Kind::Section),
        );
    }
    let apart: Vec<String> = u.apart.iter().filter(|k| !other_bench.contains(k)).cloned().collect();
    if apart.is_empty() {
        return out;
    }
    // Which side has which where the baseline's rows name no parameter:
    // "has no row with parameters TEST3 has (no procs)" read as if TEST1
    // lacked procs (newcomer34 F5).
    let setups = match u.setups_apart() {
        Some(why) => format!("no row of the baseline {base}'s set-up ({why})"),
        None => format!("no row with parameters the baseline {base} has ({})", u.base_setup),
    };
    let its = if apart.len() == 1 { "its" } else { "their" };
    // Rows alike but for the directories below each kernel's own (two
    // archives unpacked as they were, archive38b F5): say so, and what to do.
    let dirs = if u.apart_by_dirs {
        format!(
            "; {its} rows differ from {base}'s only in the directories above their set-up directories (the {} parameter's leading names): name those directories alike below each {}'s own to compare them",
            crate::site::DIR_PARAM,
            s.table.axis.one,
        )
    } else if let Some(booted) = s
        .table
        .param_headers
        .iter()
        .find(|h| [crate::site::BOOTED_PARAM, crate::site::BOOTED_PARAM_APART].contains(&h.as_str()))
    {
        // The rows kept apart by the kernel their files name (a vendor
        // tree's `6.7.0-sdm845-…-dirty` in `6.7.0/`, archive52): what set
        // them apart, and what compares them.
        format!(
            "; `{booted}` is the kernel a file names where its {} directory names another (the warning at that file says which): name each such directory as its files name the kernel to compare them",
            s.table.axis.one,
        )
    } else {
        String::new()
    };
    out.push(
        Diagnostic::warning(
            machine_yaml,
            None,
            format!(
                "{}: section {:?}: {} ha{} {setups}, so none of {its} values is compared with it{dirs}",
                m.slug,
                s.title,
                report::some_of(&apart, 5, &u.many),
                if apart.len() == 1 { "s" } else { "ve" },
            ),
        )
        .of_kind(Kind::Section),
    );
    out
}

/// Of the kernels `apart` (rows of no set-up of the baseline `base`'s),
/// in a section whose rows name their benchmark (the `benchmark` column
/// of a section of two benchmarks), those whose every row is of a
/// benchmark no row of `base` is of; and those benchmarks, in row order.
fn other_benchmark(s: &report::SectionView, base: &str, apart: &[String]) -> (Vec<String>, Vec<String>) {
    let t = &s.table;
    let Some(bc) = t.param_headers.iter().position(|h| h == report::BENCHMARK_PARAM) else {
        return (Vec::new(), Vec::new());
    };
    if bc != 0 || s.benchmarks.len() < 2 {
        return (Vec::new(), Vec::new());
    }
    fn bench(r: &report::RowView, bc: usize) -> &str {
        r.params.get(bc).map_or("", String::as_str)
    }
    let bench = |r| bench(r, bc);
    let of_base: Vec<&str> = t.rows.iter().filter(|r| r.kernel == base).map(bench).collect();
    let mut benches: Vec<String> = Vec::new();
    let kernels = apart
        .iter()
        .filter(|k| {
            let mut rows = t.rows.iter().filter(|r| &r.kernel == *k).map(bench).peekable();
            rows.peek().is_some() && rows.all(|b| !b.is_empty() && !of_base.contains(&b))
        })
        .cloned()
        .collect::<Vec<_>>();
    for r in t.rows.iter().filter(|r| kernels.contains(&r.kernel)) {
        if !benches.iter().any(|b| b == bench(r)) {
            benches.push(bench(r).to_string());
        }
    }
    (kernels, benches)
}

/// One warning per set of columns of section `s` whose rows compared with
/// the baseline (of parameters its rows have) have differing run counts
/// (a table's metrics usually come from the same runs), naming
/// a few kernels per count: an archive of 300 kernels made one line of
/// 5,000 characters per column.
fn run_count_warnings(m: &MachineClass, s: &report::SectionView, machine_yaml: &std::path::Path) -> Vec<Diagnostic> {
    // Only rows compared with the baseline count: a row of parameters (a
    // set-up) the baseline has no row of, or one no other kernel shares,
    // is never compared, and its runs are what was run (the newcomer's
    // schbench `-r 10` of 6.10.0 beside `-r 30` of 6.9.0: a warning no
    // one could act on).
    // A table of the baseline alone compares nothing, and its counts are
    // all there is to say. Where rows are compared, counts are weighed
    // within each set-up: rows of different set-ups are never compared
    // with each other, so an iperf3 upload run 20 times and a download
    // run 10 times, alike on both configs, differ in nothing a reader
    // could act on (archive38 F2).
    let others = |base: &str| s.table.rows.iter().any(|r| r.kernel != base);
    let per_setup = s.table.baseline.as_deref().is_some_and(others);
    let compared: Vec<bool> = match &s.table.baseline {
        Some(base) if others(base) => {
            // Per set-up (a row's parameters): whether the baseline has a
            // row of it, and whether another kernel has. Gathered in one
            // pass: asking every row of every other row was quadratic in
            // a large class's rows.
            let mut setups: rustc_hash::FxHashMap<&[String], (bool, bool)> = rustc_hash::FxHashMap::default();
            for r in &s.table.rows {
                let (of_base, of_other) = setups.entry(r.params.as_slice()).or_default();
                if r.kernel == *base {
                    *of_base = true;
                } else {
                    *of_other = true;
                }
            }
            s.table.rows.iter().map(|r| setups.get(r.params.as_slice()).is_some_and(|&(b, o)| b && o)).collect()
        }
        _ => vec![true; s.table.rows.len()],
    };
    // Each group's counts, its columns' names, and its first column's index.
    type Group<'a> = (Vec<Option<u32>>, Vec<&'a str>, usize);
    let mut groups: Vec<Group> = Vec::new();
    for (ci, col) in s.table.columns.iter().enumerate() {
        let mut counts: Vec<Option<u32>> = s
            .table
            .rows
            .iter()
            .zip(&compared)
            .map(|(r, &c)| r.cells[ci].as_ref().filter(|_| c).map(|c| c.summary.n))
            .collect();
        if per_setup {
            let mut by_setup: rustc_hash::FxHashMap<&[String], BTreeSet<u32>> = rustc_hash::FxHashMap::default();
            for (r, n) in s.table.rows.iter().zip(&counts) {
                if let Some(n) = n {
                    by_setup.entry(r.params.as_slice()).or_default().insert(*n);
                }
            }
            for (r, n) in s.table.rows.iter().zip(counts.iter_mut()) {
                if by_setup.get(r.params.as_slice()).is_some_and(|ns| ns.len() < 2) {
                    *n = None;
                }
            }
        }
        if counts.iter().flatten().collect::<BTreeSet<_>>().len() < 2 {
            continue;
        }
        match groups.iter_mut().find(|(c, _, _)| *c == counts) {
            Some((_, cols, _)) => cols.push(&col.name),
            None => groups.push((counts, vec![&col.name], ci)),
        }
    }
    let mut out = Vec::new();
    for (counts, cols, ci) in groups {
        // A kernel with rows of two counts (an iperf3 file's 1-stream and
        // `2+`-stream rows, both of 6.x-cloud) is named with each row's
        // parameters: `2 runs: 6.x-cloud; 6 runs: 6.x-cloud` told nothing.
        let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
        let with_params = s
            .table
            .rows
            .iter()
            .zip(&counts)
            .any(|(r, n)| n.is_some_and(|n| *seen.entry(r.kernel.as_str()).or_insert(n) != n));
        let name = |r: &report::RowView| -> String {
            let params: Vec<String> = s
                .table
                .param_headers
                .iter()
                .zip(&r.params)
                .filter(|(_, v)| !v.is_empty())
                .map(|(h, v)| format!("{h} {v}"))
                .collect();
            if with_params && !params.is_empty() {
                format!("{} ({})", r.kernel, params.join(", "))
            } else {
                r.kernel.clone()
            }
        };
        let mut by_count: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for (r, n) in s.table.rows.iter().zip(&counts) {
            if let Some(n) = n {
                let kernels = by_count.entry(*n).or_default();
                let row = name(r);
                if !kernels.contains(&row) {
                    kernels.push(row);
                }
            }
        }
        let detail: Vec<String> = by_count
            .iter()
            .map(|(n, kernels)| {
                format!(
                    "{n} run{}: {}",
                    if *n == 1 { "" } else { "s" },
                    report::some_of(kernels, 6, &s.table.axis.many)
                )
            })
            .collect();
        // The kernels of rows with fewer runs than the most: where their
        // files say a run failed (lmbench's `bind: Address in use`), the
        // lines, so the missing runs have a cause (archive37 F8: only the
        // counts were said).
        let most = by_count.keys().next_back().copied().unwrap_or(0);
        let fewer: BTreeSet<&str> = s
            .table
            .rows
            .iter()
            .zip(&counts)
            .filter(|(_, n)| n.is_some_and(|n| n < most))
            .map(|(r, _)| r.kernel.as_str())
            .collect();
        let failed = failed_runs(m, s, &fewer);
        let read_at = most_runs_read_at(s, &counts, ci, most, &name);
        out.push(
            Diagnostic::warning(
                machine_yaml,
                None,
                format!(
                    "{}: section {:?}, {}{read_at}: differing run counts ({}){failed}",
                    m.slug,
                    s.title,
                    report::some_of(&cols, 6, "metrics"),
                    detail.join("; ")
                ),
            )
            .of_kind(Kind::RunCounts),
        );
    }
    out
}

/// Where the runs of the rows with the most runs (`most`) of column `ci`
/// were read (`counts`: each row's count, `None` for a row not weighed):
/// ` (the 8 runs of 2.5.74 read at 2.5.74/contest.txt:12, …:19)`, for the
/// first two such rows, four places each; or nothing where a row's cell
/// holds no run list. attack42 F2–F5: a row typed twice in one table was
/// averaged as runs, and this warning on machine.yaml, naming no file or
/// line, was its only trace.
fn most_runs_read_at(
    s: &report::SectionView,
    counts: &[Option<u32>],
    ci: usize,
    most: u32,
    name: &dyn Fn(&report::RowView) -> String,
) -> String {
    let mut said: Vec<String> = Vec::new();
    let rows = s.table.rows.iter().zip(counts).filter(|(_, n)| **n == Some(most)).map(|(r, _)| r);
    for r in rows.take(2) {
        let Some(cell) = r.cells.get(ci).and_then(Option::as_ref) else { continue };
        let paths = cell.raw.paths();
        let places: Vec<String> = cell
            .runs
            .iter()
            .filter_map(|run| paths.get(run.source as usize).map(|p| format!("{p}:{}", run.line)))
            .collect();
        if places.is_empty() {
            continue;
        }
        let shown = if places.len() <= 4 {
            places.join(", ")
        } else {
            format!("{} and {} more", places[..4].join(", "), places.len() - 4)
        };
        said.push(format!("the {most} runs of {} read at {shown}", name(r)));
    }
    if said.is_empty() { String::new() } else { format!(" ({})", said.join("; ")) }
}

/// What the files of section `s`'s benchmarks in the directories of
/// `kernels` say of failed runs (a parser's note beginning
/// [`crate::parse::FAILED_RUN_NOTE`]): `; 48 lines of 20 of their files
/// say a run failed (`bind: Address in use`), e.g. file:line, file:line`,
/// or nothing.
fn failed_runs(m: &MachineClass, s: &report::SectionView, kernels: &BTreeSet<&str>) -> String {
    let mut places: Vec<String> = Vec::new();
    let mut errors: Vec<&str> = Vec::new();
    let mut files = 0usize;
    for rf in m
        .results
        .iter()
        .filter(|rf| s.benchmarks.contains(&rf.parsed.benchmark))
        .filter(|rf| rf.kernel_dir.as_deref().is_some_and(|k| kernels.contains(k)))
    {
        let before = places.len();
        for (line, n) in rf.parsed.notes.iter().filter(|(_, n)| n.starts_with(crate::parse::FAILED_RUN_NOTE)) {
            places.push(format!("{}:{line}", rf.rel_path));
            if let Some(what) = n.split('`').nth(1)
                && !errors.contains(&what)
            {
                errors.push(what);
            }
        }
        files += usize::from(places.len() > before);
    }
    if places.is_empty() {
        return String::new();
    }
    let errors: Vec<String> = errors.iter().map(|e| format!("`{e}`")).collect();
    let what = if errors.is_empty() { String::new() } else { format!(" ({})", report::some_of(&errors, 3, "errors")) };
    let lines = match places.len() {
        1 => "1 line of their files says".to_string(),
        n => format!("{n} lines of {files} of their files say"),
    };
    let at = if places.len() <= 2 { places.join(", ") } else { format!("e.g. {}, {}", places[0], places[1]) };
    format!("; {lines} a run failed{what}: {at}")
}

/// Whether a name a file prints and a kernel directory's name can be
/// one kernel (moved to `site`, which keeps apart a file naming another
/// kernel of its class).
pub use crate::site::kernel_names_agree;

#[cfg(test)]
mod tests {
    use super::kernel_names_agree;

    #[test]
    fn kernel_names_agree_on_cut_and_prefixed_names() {
        assert!(kernel_names_agree("2.4.19-r", "2.4.19-rc5-aa1"));
        // attack42 F14 (k02, u11): a pre-release after a `.0` release is
        // another kernel; `6.2` and `6.2.0` (and its builds) are one.
        assert!(!kernel_names_agree("6.2.0-rc1-00042-gdeadbeef", "6.2"));
        assert!(!kernel_names_agree("6.2.0-rc3+", "6.2.0"));
        assert!(kernel_names_agree("6.2", "6.2.0"));
        assert!(kernel_names_agree("6.2.0-1-amd64", "6.2.0"));
        assert!(kernel_names_agree("6.2.0+", "6.2"));
        assert!(crate::site::names_a_pre_release_of("6.2.0-rc3+", "6.2.0"));
        assert!(crate::site::names_a_pre_release_of("Linux 6.2.0-rc1-00042-gdeadbeef", "6.2"));
        assert!(!crate::site::names_a_pre_release_of("6.2.0-rc3+", "6.2.0-rc3"));
        assert!(!crate::site::names_a_pre_release_of("6.2.0-rc3+", "patched"));
        assert!(!crate::site::names_a_pre_release_of("6.2.0-1-amd64", "6.2.0"));
        assert!(!crate::site::names_a_pre_release_of("6.1.0", "6.2.0"));
        assert!(!crate::site::names_a_pre_release_of("2.3.13", "2.3.13-pre1"));
        assert!(kernel_names_agree("Linux 2.4.19", "2.4.19"));
        assert!(kernel_names_agree("2.6.32-5-686", "2.6.32-5-686"));
        assert!(!kernel_names_agree("2.4.18", "2.4.19"));
        assert!(!kernel_names_agree("2.5.33-mm5", ""));
        // A number that goes on is another kernel; so is a pre-release.
        assert!(!kernel_names_agree("6.1.55-1-lts", "6.1.5"));
        assert!(!kernel_names_agree("2.4.18", "2.4.1"));
        for other in ["6.15.3", "6.19.2", "6.100", "6.1-rc7", "6.12.23", "6.1.5"] {
            assert!(!kernel_names_agree(other, "6.1"), "{other}");
        }
        for same in ["6.1.0", "6.1.0-13-amd64", "6.1-generic", "6.1+", "Linux 6.1"] {
            assert!(kernel_names_agree(same, "6.1"), "{same}");
        }
        assert!(kernel_names_agree("2.4.19-", "2.4.19-rc5-aa1"), "cut after the dash");
        assert!(kernel_names_agree("2.3.13", "2.3.13-pre1"), "a pre-patch's uname");
        // A patch set's kernel names itself: the release alone ran the release.
        assert!(!kernel_names_agree("Linux 2.5.54", "2.5.54-mm2"));
        assert!(!kernel_names_agree("2.4.18", "2.4.18-ac1"));
        assert!(kernel_names_agree("2.5.54-mm2", "2.5.54"));
        assert!(kernel_names_agree("6.1", "6.1-generic"));
        assert!(kernel_names_agree("2.5.54-", "2.5.54-mm2"), "cut after the dash");
        // A patch set's name glued on (a UnixBench post's banner, 2003).
        assert!(kernel_names_agree("2.5.54mm2", "2.5.54-mm2"));
        assert!(!kernel_names_agree("2.5.54mm1", "2.5.54-mm2"));
        assert!(!kernel_names_agree("2.4.1-8", "2.4.18"));
    }
}
