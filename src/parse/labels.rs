//! Labels a person wrote above results: `before:` / `after:`, a kernel's
//! name above its runs, a title underlined with `====`.
//!
//! A mail often sets two sets of the same benchmark's results one above the
//! other:
//!
//! ```text
//! 2.5.8:
//! Throughput 41.3 MB/sec (NB=51.6 MB/sec  413.0 MBit/sec)  16 procs
//! 2.4.19-pre7:
//! Throughput 38.1 MB/sec (NB=47.6 MB/sec  381.0 MBit/sec)  16 procs
//! ```
//!
//! A parser reads both `Throughput` lines with the same key (metric and
//! parameters), and without the labels they would be averaged as two runs
//! of one kernel. [`apply`] finds each sample's label, the nearest line
//! above it that reads as one, and keeps the samples apart only where the
//! labels do: when two samples of one key carry different labels. A label
//! that names a kernel (`2.5.8`, `linux-2.4.19-pre7`, also with an aside
//! in parentheses after its colon: `2.4.25:  (dual athlon MP 1.4GHz)`)
//! becomes the samples' kernel (when the parser read none); any other becomes a parameter
//! `label` (`label = before`), a row of its own in the tables. Samples of
//! one key under one label (or none) are runs, as before. A `label` the
//! parser set itself (bash-time's step caption `Repair`) is part of the
//! key, and the set-up line above joins it, sample by sample: `Results
//! with patch:` over a captioned step gives `with patch / Repair` (a
//! kernel the parser read, likewise, `6.1-rc1 / before`). A label line may carry the poster's aside of figures
//! before its colon (`Before this commit (average 25617 +- 0.16%):`); the
//! label is the words before it. A command that changes the system's
//! set-up (`ethtool -K eth0 tso off`, `echo … > /sys/…`, `sysctl -w`, SQL's
//! `ALTER SYSTEM SET`) is the label of the runs below it, as printed: in
//! many posts it is the only thing that tells two set-ups apart; so is a
//! set-up written `Name: value` (`Scheduler: mq-deadline`; only a set-up's
//! names: scheduler, governor, config, patch, branch and the like).
//!
//! Copies of one output that the labels leave alike are told apart by
//! their command lines where those differ (`netperf -H a` / `netperf -H
//! b`, `taskset -c 0 …` / `taskset -c 0-7 …`, the prompts of two machines):
//! each is labelled by the part of its line that differs, or by its
//! program as written where only that differs (`./hackbench` /
//! `./hackbench-patched`: two builds); options added at the end of a
//! command typed again (`dbench 16` / `dbench 16 --sync`) label the
//! longer's copies, unless a mail wrapped the shorter line. Copies still alike are told apart
//! by the set-up lines a person wrote above them, the same name with
//! another value (`Filesystem: ext4` / `Filesystem: xfs`, `mitigations=on`
//! / `mitigations=off`, `**Before patch**` / `**After patch**`, `[base]` /
//! `[patched]`, `Run 1 (cold cache):` / `Run 2 (warm cache):`, a
//! scheduler feature `NO_DELAY_DEQUEUE` / `DELAY_DEQUEUE`): a
//! `Name: value` labels by the pair (`filesystem: xfs`: a value alone,
//! `on`, may say nothing) but for the set-up names above, which label by
//! their value; a `key=value` line as written; a title without its bold or
//! brackets; a numbered run by its aside. Copies still
//! averaged as runs of one set-up with different text a person wrote above
//! them (`I ran it on 6.1 first.` / copy / `Then on 6.2.` / copy), or a
//! change's name above the first copy only (`before:` / copy / copy), are
//! warned of, naming the lines: a number is never averaged with another
//! set-up's without a word. A kernel or heading above the first copy only
//! (`6.1:` / copy / copy) heads both: they are its runs. A label a mail
//! quotes (`> With the patch` over the quoted runs) labels none of the
//! replier's own runs below the quote.
//!
//! A note pasted as Markdown heads its set-ups' labels with headings: `###
//! ext4` over `before:` and `after:`, then `### xfs` over them again. A
//! heading (`##` to `######`) qualifies the label lines under it until the
//! next heading of its level or higher (`ext4 / before`, `xfs / before`);
//! a kernel's name as a heading is the kernel of the runs under it; the
//! headings alike over every label line (`## Results`) are left out. A
//! heading that counts or dates runs (`### round 2`, `### 2024-01-16`), a
//! process id (`pid 4711`) or a measured time (`took 45 s`) above a run is
//! no set-up: the runs under them stay runs.

mod captions;
mod catted;
mod file_setup;
mod machines;
mod picked;
pub(crate) use picked::picked_heading;
mod prompted;
mod unames;

use super::Input;
use crate::lines::SplitWords as _;
use crate::model::{ParsedFile, Sample};
use compact_str::CompactString;
use rustc_hash::FxHashMap;

/// The command part of a file's set-up where the parser read one from
/// the output itself (`own`: fio JSON's job options, `fio direct=0 …`)
/// and the file may show the command line that ran it (`shown`, `$ fio
/// --output-format=json job.fio`, of program `name`): the output's own
/// options, which the command line's and the job file's settings end up
/// in, after what the line runs the program under (`taskset -c 0`,
/// `numactl -N 1`). The line alone stood for the file: the same `$ fio
/// --output-format=json randread.fio` above three kernels' JSON had
/// direct=1 compared with direct=0 (-3.0%, no word), and above one
/// kernel's only set that kernel apart from the others (newcomer48 N2).
fn with_own_setup(shown: Option<(usize, String)>, own: Option<(usize, String)>, name: &str) -> Option<(usize, String)> {
    let Some((at, own)) = own else { return shown };
    let before: Vec<&str> = shown
        .as_ref()
        .map(|(_, c)| c.split(' ').take_while(|w| !is_program(command_words_name(w), name)).collect())
        .unwrap_or_default();
    // A line that names no run of the program keeps the output's options alone.
    let runs = shown.as_ref().is_some_and(|(_, c)| c.split(' ').count() > before.len());
    match shown {
        Some((n, _)) if runs && !before.is_empty() => Some((n, format!("{} {own}", before.join(" ")))),
        _ => Some((at, own)),
    }
}

/// Labels words longer than this are prose, not labels.
const MAX_LABEL_CHARS: usize = 48;

/// Labels `parsed`'s samples from the lines above them in `input` (see the
/// module docs), and adds to `parsed.notes` a warning for each group of
/// copies averaged as runs under different text. Returns how many samples
/// were labelled.
pub fn apply(input: &Input, parsed: &mut ParsedFile) -> usize {
    // Before the labels: only the values the parser read are left out of
    // the command line.
    // A set-up the parser read from the output itself (fio JSON's job
    // options) stands where no command line shows one, and beside one
    // ([`with_own_setup`]).
    let own = parsed.setup.command.take();
    // The set-up above and the labels' passes ask the same lines the same
    // costly questions: each distinct line's answers, once.
    let asked = Asked::of(input);
    // Each sample's key, hashed, and the copies of the output the samples
    // fall into: made once for the set-up and for the labels, which make
    // them again only where the sections or `best of` below change a
    // sample's parameters.
    let hashes: Vec<u64> = parsed.samples.iter().map(key_hash).collect();
    let found = copies(input, command_name(&parsed.benchmark), &parsed.samples, &hashes);
    parsed.setup = file_setup::file_setup(input, parsed, &asked, &found);
    parsed.setup.command = with_own_setup(parsed.setup.command.take(), own, command_name(&parsed.benchmark));
    // Markdown sections that name their kernels ([`kernel_sections`]):
    // the runs of other sections are kept apart by a `section` parameter
    // before the labels, so no label line's warning calls them copies.
    let sections =
        if parsed.samples.iter().all(|s| s.kernel.is_none()) { kernel_sections(input, parsed) } else { None };
    let mut changed = false;
    if let Some(plan) = &sections {
        for (s, value) in parsed.samples.iter_mut().zip(&plan.apart) {
            if let Some(v) = value {
                *s = s.clone().with_param(SECTION_PARAM, v.as_str());
                changed = true;
            }
        }
    }
    // `best of 3:` above a run: its figures are one sample each of that
    // statistic (`stat`), kept apart from plain runs.
    changed |= picked::mark_picked(input, parsed);
    let labelled = apply_labels(input, parsed, &asked, (!changed).then_some((hashes, found)));
    if let Some(plan) = sections {
        if parsed.samples.iter().all(|s| s.kernel.is_none()) {
            for (s, k) in parsed.samples.iter_mut().zip(&plan.kernels) {
                s.kernel = k.as_deref().map(CompactString::from);
            }
        }
        parsed.notes.extend(plan.notes);
    } else if parsed.samples.iter().all(|s| s.kernel.is_none()) {
        let (booted, panicked) = booted_above_all(input, parsed);
        if let Some((k, depth)) = booted.or_else(|| kernel_alone_above_one_run(input, parsed, &asked).map(|k| (k, 0))) {
            for s in &mut parsed.samples {
                if input.quote_depth(s.line.saturating_sub(1)) >= depth {
                    s.kernel = Some(CompactString::from(k.as_str()));
                }
            }
        }
        for (n, k, at) in panicked {
            parsed.notes.push((
                n,
                format!(
                    "this line names kernel {k} as booted, but that boot's log ends in a kernel panic (line {at}) before any \
                     result: {k} is not taken as the kernel of the results below"
                ),
            ));
        }
    }
    warn_of_contradicting_kernel_lines(input, parsed);
    drop_build_number_labels(parsed);
    labelled
        + part_quote_depths(input, parsed)
        + machines::part_machines(input, parsed)
        + unames::part_unames(input, parsed)
}

/// True when `line` closes a parenthesis the line `above` it left open:
/// the tail of a sentence a mail's wrap broke (LKML 2001-09, `… I have
/// (while still` / `running):` re-wrapped at 72), no label. As one it was
/// joined to the kernel line under it (`running) / linux-2.4.10-pre12aa1`)
/// and no run's kernel was read. One rule for this labeller and dbench's.
pub(crate) fn closes_parenthesis_above(above: &str, line: &str) -> bool {
    let open = |l: &str| l.matches('(').count() as isize - l.matches(')').count() as isize;
    open(line) < 0 && open(above) > 0
}

/// True for a kernel's build number as `uname -v` prints it, alone: `#53`.
fn is_build_number(label: &str) -> bool {
    label.strip_prefix('#').is_some_and(|n| !n.is_empty() && n.len() <= 6 && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Takes off a `label` that is only the build number of its runs' kernel
/// (`5.2.0-rc2-next-20190529-clean #53` over one kernel's runs,
/// `5.2.0-rc2-next-20190529-aerate+ #55` over the other's: the kernel the
/// line's first word, the label `#53`), where each such kernel's runs
/// carry one build number alone: it names the kernel's build, which the
/// kernel's name already tells, and as a label it set every kernel's runs
/// in a row of their own, nothing compared (Alexander Duyck's aeration
/// page_fault1 runs, linux-mm 2019-05: clean and aerate in two tables of
/// one column each). Two builds of one kernel (`6.1.0 #55`, `6.1.0 #56`,
/// a kernel rebuilt with a patch) keep their labels: the build is all
/// that tells them apart.
fn drop_build_number_labels(parsed: &mut ParsedFile) {
    let label = |s: &Sample| s.params.iter().find(|p| p.name == "label").map(|p| p.value.clone());
    let builds: Vec<usize> =
        (0..parsed.samples.len()).filter(|&i| label(&parsed.samples[i]).is_some_and(|l| is_build_number(&l))).collect();
    if builds.is_empty() {
        return;
    }
    // Each kernel's labels, its runs' all: one build number each, or keep them.
    let mut of_kernel: FxHashMap<Option<CompactString>, Option<CompactString>> = FxHashMap::default();
    let mut one_label = true;
    for s in &parsed.samples {
        let l = label(s);
        one_label &= *of_kernel.entry(s.kernel.clone()).or_insert_with(|| l.clone()) == l;
    }
    let one_build_each = one_label && builds.iter().all(|&i| parsed.samples[i].kernel.is_some());
    if !one_build_each {
        return;
    }
    for i in builds {
        parsed.samples[i].params.retain(|p| p.name != "label");
    }
}

/// The parameter that keeps apart the runs of a Markdown section that
/// names no kernel from those of a section that does ([`kernel_sections`]).
pub const SECTION_PARAM: &str = "section";

/// The Markdown headings of `input` outside code fences and quotes deeper
/// or shallower than `depth` (the runs' own, [`runs_depth`]): each
/// one's line (1-based), level and text (its marks off). `#` … `######`
/// (levels 1 to 6); a setext heading, a short line under a blank one,
/// underlined as wide as it by `===` (1) or `---` (2) (a rule under a
/// table's or a banner's line is no heading: not as wide, or no blank line
/// above); a line in bold alone, `**…**` (level 7, below every `#`).
fn markdown_headings(input: &Input, depth: u8) -> Vec<(usize, usize, String)> {
    use unicode_width::UnicodeWidthStr;
    let mut heads = Vec::new();
    let mut in_fence = false;
    let lines = &input.lines;
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || input.quote_depth(i) != depth || t.is_empty() {
            continue;
        }
        let level = t.bytes().take_while(|&b| b == b'#').count();
        if (1..=6).contains(&level) && t[level..].starts_with(' ') && t[level..].trim().len() > 1 {
            heads.push((i + 1, level, t[level..].trim().trim_end_matches('#').trim().to_string()));
            continue;
        }
        if let Some(inner) = t.strip_prefix("**").and_then(|r| r.strip_suffix("**"))
            && !inner.trim().is_empty()
            && !inner.contains("**")
        {
            heads.push((i + 1, 7, inner.trim().to_string()));
            continue;
        }
        let under = lines.get(i + 1).map_or("", |u| u.trim());
        let rule = |c: char| under.len() >= 3 && under.chars().all(|u| u == c);
        let setext = if rule('=') {
            1
        } else if rule('-') {
            2
        } else {
            0
        };
        let blank_above = i == 0 || lines[i - 1].trim().is_empty();
        if setext > 0
            && blank_above
            && t.width() <= 60
            && t.width().abs_diff(under.len()) <= 3
            && !t.starts_with(['-', '=', '|'])
        {
            heads.push((i + 1, setext, t.to_string()));
        }
    }
    heads
}

/// The quote depth every run of `parsed` is read at, when they share one
/// (a page quoted whole in a reply: `> ### 在Hifive unmatched上测试`); 0
/// otherwise. The Markdown sections of a page quoted whole are read as
/// the page's own ([`kernel_sections`]): read as quoted text, its
/// headings and `uname -a` were set aside, and the HiFive Unmatched's
/// runs took the D1's kernel (5.4.61) with no word, where the page read
/// unquoted says they are not its (attack57 F1).
fn runs_depth(input: &Input, parsed: &ParsedFile) -> u8 {
    let mut depths = parsed.samples.iter().map(|s| input.quote_depth(s.line.saturating_sub(1)));
    let first = depths.next().unwrap_or(0);
    if depths.all(|d| d == first) { first } else { 0 }
}

/// What [`kernel_sections`] decides: each sample's kernel, the `section`
/// of each sample no section's kernel names, and the notes saying so.
struct SectionPlan {
    kernels: Vec<Option<String>>,
    apart: Vec<Option<String>>,
    notes: Vec<(usize, String)>,
}

/// Kernels named in Markdown sections (wildmod41, attack42 F6–F8): where
/// every line naming a booted kernel ([`booted_above`], quoted as deep as
/// the runs, [`runs_depth`]: unquoted in most files) sits
/// under a heading ([`markdown_headings`]), its section runs from that
/// heading to the next of its level or above, and holds runs. Each
/// section's runs take its kernel (two sections may name two kernels:
/// the HiFive Unmatched's `uname -r` below the D1's `uname -a`, F7, where
/// no run got either); a run in no such section, above or below (F7: a
/// kernel named only in a later section was given to the runs above it),
/// takes none, and a `section` parameter (its heading's text) keeps it
/// apart from the named sections' runs: filed in a kernel's directory, it
/// is that kernel's, in a row of its own (F6: such runs were averaged
/// with the D1's, while the note said they were not the D1's kernel's).
/// A deeper heading inside a section (`####` under `###`), below some of
/// its runs, is warned of: a subsection or another machine, the lines
/// cannot say (F8). `None` (the file's one kernel names every run, as
/// before) where there is no heading, a kernel line stands outside every
/// section or in one holding no run (a `## System` section), two
/// sections overlap or one names two kernels, a kernel's boot panicked,
/// or every run is in the one named section.
fn kernel_sections(input: &Input, parsed: &ParsedFile) -> Option<SectionPlan> {
    if !(input.has("#") || input.has("**") || input.has("---") || input.has("===")) || input.has("Kernel panic") {
        return None;
    }
    let last = parsed.samples.iter().map(|s| s.line).max()?;
    let forms: Vec<&str> =
        ["ooted", "Linux", "uname", "BOOT_IMAGE", "results."].into_iter().filter(|w| input.has(w)).collect();
    if forms.is_empty() && !input.has("ernel") {
        return None;
    }
    let mut named: Vec<(usize, String)> = (1..last.min(input.lines.len() + 1))
        .filter_map(|n| {
            let text = input.lines[n - 1].trim();
            forms.iter().any(|w| text.contains(w)).then(|| booted_above(input, n, text).map(|k| (n, k)))?
        })
        .collect();
    let depth = runs_depth(input, parsed);
    let heads = markdown_headings(input, depth);
    // No line names a booted kernel, but two headings or more each name
    // one (`### D1, Linux 5.4.61`, `### Unmatched, Linux 5.13.0`: attack43
    // F5's m01b, both boards' runs averaged with no word): each heading
    // names its own section's kernel.
    let by_heading = named.is_empty();
    if by_heading {
        named = heads.iter().filter_map(|h| heading_kernel(&h.2).map(|k| (h.0, k))).collect();
        // Two kernels at least: headings naming one kernel alone are
        // titles of its parts (`kernel 2.6.13 build time` over the
        // unpatched and the patched kernel's builds, LKML 2005-09).
        if named.iter().all(|(_, k)| *k == named[0].1) {
            return None;
        }
    }
    if named.is_empty() || named.iter().any(|(n, _)| input.quote_depth(n - 1) != depth) {
        return None;
    }
    // (heading line, end line, level, heading text, kernel, kernel line).
    let mut sections: Vec<(usize, usize, usize, String, String, usize)> = Vec::new();
    for (n, k) in &named {
        let (h, level, text) = heads.iter().rev().find(|h| h.0 < *n || (by_heading && h.0 == *n))?;
        let end = heads.iter().find(|e| e.0 > *n && e.1 <= *level).map_or(usize::MAX, |e| e.0);
        match sections.iter().find(|s| s.0 == *h) {
            Some(s) if s.4 == *k => {}
            Some(_) => return None,
            None => sections.push((*h, end, *level, text.clone(), k.clone(), *n)),
        }
    }
    let inside = |line: usize| sections.iter().position(|s| s.0 < line && line < s.1);
    for (i, a) in sections.iter().enumerate() {
        let overlap = sections.iter().skip(i + 1).any(|b| a.0 < b.1 && b.0 < a.1);
        let runs = parsed.samples.iter().any(|s| a.0 < s.line && s.line < a.1);
        if overlap || !runs {
            return None;
        }
    }
    let outside: Vec<usize> = parsed.samples.iter().map(|s| s.line).filter(|&l| inside(l).is_none()).collect();
    if sections.len() == 1 && outside.is_empty() {
        // Every run in the one section: the file's kernel, as before; a
        // deeper heading below some of them is warned of (F8).
        let s = &sections[0];
        // The section's first runs stand right under it (no heading over
        // them: `### Single`, `### Multi` under `## Results` are parts).
        let first = parsed.samples.iter().map(|r| r.line).filter(|&l| l > s.5).min()?;
        if heads.iter().any(|h| h.0 > s.5 && h.0 < first) {
            return None;
        }
        let deeper = heads.iter().find(|h| {
            h.0 > s.5
                && h.0 < s.1
                && h.1 > s.2
                && parsed.samples.iter().any(|r| r.line > s.5 && r.line < h.0)
                && parsed.samples.iter().any(|r| r.line > h.0)
        })?;
        let notes = vec![(
            deeper.0,
            format!(
                "the runs under `{}` are taken as kernel {}'s (line {}), named in the section `{}` this heading is \
                 part of; if they are another machine's or kernel's, give them a heading of that section's level or \
                 a `uname -r` of their own",
                deeper.2, s.4, s.5, s.3
            ),
        )];
        return Some(SectionPlan {
            kernels: vec![Some(s.4.clone()); parsed.samples.len()],
            apart: vec![None; parsed.samples.len()],
            notes,
        });
    }
    let top = sections.iter().map(|s| s.2).max().unwrap_or(7);
    // The heading a run outside every named section is under: the nearest
    // above it of a named section's level or above; none above the first.
    let under = |line: usize| heads.iter().rev().find(|h| h.0 < line && h.1 <= top);
    let mut kernels = Vec::with_capacity(parsed.samples.len());
    let mut apart = Vec::with_capacity(parsed.samples.len());
    let mut notes: Vec<(usize, String)> = Vec::new();
    let mut noted: Vec<usize> = Vec::new();
    let names = sections
        .iter()
        .map(|s| format!("kernel {} (line {}) under `{}`", s.4, s.5, s.3))
        .collect::<Vec<_>>()
        .join(", ");
    let whose = match sections.as_slice() {
        [one] => format!("{}'s", one.4),
        _ => "any of those kernels'".to_string(),
    };
    // Two sections naming one kernel (attack43 F5's m04: the D1's and the
    // HiFive Unmatched's `uname -a` both 5.4.61, 2237 and 12363 averaged as
    // runs): sections are two machines or set-ups, never runs of one; each
    // such section's runs carry its heading as their `section`.
    // Unless every such section's heading only counts or dates its runs
    // (`### Run 1`, `### Run 2`: one board twice, attack44 F9), as the
    // label reader takes `#### Round 2` headings ([`is_run_marker`]): then
    // they are runs of one set-up.
    let sharing = |i: usize| sections.iter().filter(|s| s.4 == sections[i].4).count() > 1;
    let runs_of = |i: usize| sections.iter().filter(|s| s.4 == sections[i].4).all(|s| is_run_marker(&s.3));
    let shared = |i: usize| sharing(i) && !runs_of(i);
    for smp in &parsed.samples {
        if let Some(i) = inside(smp.line) {
            kernels.push(Some(sections[i].4.clone()));
            apart.push(shared(i).then(|| sections[i].3.clone()));
            continue;
        }
        kernels.push(None);
        let (at, text) = match under(smp.line) {
            Some(h) => (h.0, h.2.clone()),
            None => (smp.line, format!("above {}", sections[0].3)),
        };
        if !noted.contains(&at) {
            noted.push(at);
            // A kernel named in this section below its runs (attack43 F8's
            // m03: `$ uname -r` after the Unmatched's runs was called "no
            // line … names a kernel"): said, not taken (the lines cannot
            // show the runs ran on it).
            let end = heads.iter().find(|e| e.0 > at && e.1 <= top).map_or(input.lines.len() + 1, |e| e.0);
            let below = (smp.line + 1..end.min(input.lines.len() + 1)).find_map(|n| {
                let t = input.lines[n - 1].trim();
                if forms.iter().any(|w| t.contains(w)) && input.quote_depth(n - 1) == depth {
                    booted_above(input, n, t).map(|k| (n, k))
                } else {
                    None
                }
            });
            let first = match &below {
                Some((n, k)) if at != smp.line => format!(
                    "under `{text}`, kernel {k} is named only below its runs (line {n}), so it is not taken as theirs"
                ),
                _ => format!("no line under `{text}` names a kernel"),
            };
            notes.push((
                at,
                format!(
                    "{first}; the file names {names}: the runs under `{text}` are not \
                     taken as {whose}, and a `{SECTION_PARAM}` parameter ({text}) keeps them apart from that \
                     section's (filed in a kernel's directory, they are that kernel's, in rows of their own)"
                ),
            ));
        }
        apart.push(Some(text));
    }
    if let Some(i) = (0..sections.len()).find(|&i| shared(i)) {
        let s = sections.iter().skip(i + 1).find(|s| s.4 == sections[i].4).unwrap_or(&sections[i]);
        notes.push((
            s.5,
            format!(
                "two Markdown sections name the same kernel: {names}; sections are two machines or set-ups, not \
                 runs of one: a `{SECTION_PARAM}` parameter (the heading's text) keeps each section's runs apart; \
                 if they are runs of one set-up, head them so (`### Run 1`, `### Run 2`)"
            ),
        ));
    } else if let Some(i) = (0..sections.len()).find(|&i| sharing(i)) {
        let s = sections.iter().skip(i + 1).find(|s| s.4 == sections[i].4).unwrap_or(&sections[i]);
        notes.push((
            s.5,
            format!(
                "Markdown sections name the same kernel under headings that count runs: {names}; read as runs of \
                 one set-up"
            ),
        ));
    } else if sections.len() > 1 {
        let s = &sections[1];
        notes.push((
            s.5,
            format!("each Markdown section names its own kernel: {names}; each section's runs are its kernel's"),
        ));
    }
    Some(SectionPlan { kernels, apart, notes })
}

/// The one kernel a Markdown heading's text names after `Linux` or
/// `kernel` (`D1, Linux 5.4.61` → `5.4.61`; attack43 F5's m01b). `None`
/// where it names none, or two (`Linux 5.4.61 vs Linux 5.13.0`: a
/// comparison's title, not one machine's section).
fn heading_kernel(text: &str) -> Option<String> {
    let words: Vec<&str> = text.words().collect();
    let mut found = words.windows(2).filter_map(|w| {
        let lead = w[0].trim_matches(|c: char| !c.is_alphanumeric());
        let name = w[1].trim_end_matches([',', ':', ';', ')', '.']);
        (["linux", "kernel"].iter().any(|l| lead.eq_ignore_ascii_case(l)) && is_kernel_name(name))
            .then(|| bare_kernel(name).to_string())
    });
    let one = found.next()?;
    let others = words.iter().filter(|w| is_kernel_name(w.trim_end_matches([',', ':', ';', ')', '.']))).count();
    (found.next().is_none() && others == 1).then_some(one)
}

/// Warns, in `parsed.notes`, of a line naming the kernel of the run below
/// (`Here's 2.4.10`, [`result_on_kernel`]) over a line in its paragraph
/// naming the booted kernel otherwise (`Linux yeti 2.4.8 #2 SMP …`,
/// [`booted_kernel`]): the nearer line, the booted one, names the run, and
/// the person's words are not taken (attack36 t13: the runs of both
/// copies were averaged as 2.4.8's, `Here's 2.4.10` passed over without a
/// word). Only the lines above the last sample are looked at.
fn warn_of_contradicting_kernel_lines(input: &Input, parsed: &mut ParsedFile) {
    let Some(last) = parsed.read_lines().max() else { return };
    let text = |i: usize| input.lines[i].trim();
    for i in 0..last.min(input.lines.len()) {
        let Some(said) = result_on_kernel(text(i)) else { continue };
        let below = (i + 1..last.min(input.lines.len())).take_while(|&j| !text(j).is_empty()).take(4);
        for j in below {
            if let Some(booted) = booted_kernel(text(j)) {
                if bare_kernel(&booted) != bare_kernel(&said) {
                    parsed.notes.push((
                        i + 1,
                        format!(
                            "line {} names kernel {said} (`{}`), but the line below it names kernel {booted} as \
                             booted (line {}: `{}`): the runs below are taken as {booted}'s, though {said} may \
                             have run them",
                            i + 1,
                            text(i),
                            j + 1,
                            text(j)
                        ),
                    ));
                }
                break;
            }
        }
    }
}

/// The kernel a line names alone above a file's one run, its only such
/// line (`2.4.18-pre4-J0-VM-22-preempt-lock` over `32 clients started`
/// and dbench 1.x's figures, LKML 2002-01; a colon after it allowed): the
/// run's kernel. Two runs under two such lines are told apart by
/// [`apply_labels`]; one run under one was left with no kernel, though the
/// same line over two runs names theirs. `None` where a sample repeats
/// another's key (runs: the labels' work), a sample has a `label`, or no
/// line or more than one line in the file is such a name.
///
/// Only a heading of the output: the name stands in a paragraph of its
/// own (blank lines, a shell prompt or a rule about it) and no sentence a
/// person wrote stands between it and the run. A name a sentence wrapped
/// onto a line of its own (`I first tried` / `2.6.18` / `but it
/// crashed.`), or one over prose that speaks of another kernel (`2.6.18`
/// / `crashed at boot, so these are the old one's:`), named the run
/// whatever the prose said: such a line is warned of in `parsed.notes`
/// instead.
fn kernel_alone_above_one_run<'a>(input: &'a Input, parsed: &mut ParsedFile, asked: &Asked<'a>) -> Option<String> {
    let first = parsed.read_lines().min()?;
    if parsed.samples.iter().any(|s| s.params.iter().any(|p| p.name == "label")) {
        return None;
    }
    let mut keys = rustc_hash::FxHashSet::default();
    if !parsed.samples.iter().all(|s| keys.insert(key_hash(s))) {
        return None;
    }
    // A mail's signature (under its `-- ` line) names no run's kernel
    // (attack36 lk4: a `2.6.10` there cancelled the `2.6.9` heading).
    let mut names = input.lines.iter().take_while(|l| l.trim_end() != "--").enumerate().filter_map(|(i, l)| {
        let t = l.trim();
        let t = t.strip_suffix(':').unwrap_or(t);
        is_kernel_name(t).then(|| (i + 1, bare_kernel(t).to_string()))
    });
    let (at, name) = names.next()?;
    if names.next().is_some() || at >= first {
        return None;
    }
    let text = |n: usize| input.lines.get(n.wrapping_sub(1)).map_or("", |l| l.trim());
    // Blank, a prompt (`$ dbench 4`, `root@box:~#`) or a rule: no prose.
    let apart = |t: &str| t.is_empty() || is_rule(t) || is_prompt_line(t);
    let program = command_name(&parsed.benchmark);
    let sentence = |n: usize| {
        let t = text(n);
        let words = t.words().count();
        is_person_line(t, program, asked) && (t.ends_with(['.', '!', '?']) || (t.ends_with(':') && words >= 4))
    };
    // The lines right about it: its paragraph's own, or the output's (a
    // heading right over `32 clients started`); never a sentence's
    // (`I first tried` / `2.6.18` / `but it crashed.`).
    // Above, a lead-in (`Results:`) may stand; below, the output's first
    // line (its banner may read as words), or anything under `2.6.18:`.
    let above = at == 1 || apart(text(at - 1)) || text(at - 1).ends_with(':');
    let below = input.lines[at - 1].trim_end().ends_with(':') || !sentence(at + 1);
    let prose = if !above {
        Some(at - 1)
    } else if !below {
        Some(at + 1)
    } else {
        (at + 1..first).find(|&n| sentence(n))
    };
    match prose {
        None => Some(name),
        Some(p) => {
            parsed.notes.push((
                at,
                format!(
                    "line {at} names kernel {name} alone, but it stands in prose (line {p}: `{}`), not as the \
                     heading of the run below: {name} is not taken as the run's kernel (a line `{name}:` right \
                     above the output would name it)",
                    text(p)
                ),
            ));
            None
        }
    }
}

/// A shell prompt line: a command typed after `$ `, `# `, `user@host:~$`,
/// `[user@host dir]#`, a csh or tcsh prompt, or a prompt with nothing
/// typed after it.
fn is_prompt_line(t: &str) -> bool {
    if t.starts_with("$ ") || t.starts_with("# ") || t == "$" || t == "#" || is_bare_prompt(t) {
        return true;
    }
    if super::cmdline::after_other_prompt(t).is_some() {
        return true;
    }
    // `user@host:~$ dbench 4`, `[root@five ~]# dbench 4`.
    t.split_once(['$', '#']).is_some_and(|(before, _)| {
        let before = before.trim_end();
        before.contains('@')
            && (before.starts_with('[') && before.ends_with(']')
                || !before.contains(char::is_whitespace) && before.contains(':'))
    })
}

/// A failed boot [`booted_above_all`] names: the kernel line's line, the
/// kernel it names, its panic's line.
type PanickedBoot = (usize, String, usize);

/// The one kernel the lines above `parsed`'s last run name as booted
/// ([`booted_kernel`]: `uname -a`'s `Linux box 6.1.0 #1 SMP …`, `Booted
/// 6.1.0`, `/proc/version`, `BOOT_IMAGE=`; or `$ uname -r` with the
/// release alone on the line below it; a distribution's release with its
/// `uname -r`, [`distro_kernel`]), when every such line names it: the
/// kernel of all its runs. A single such line was a label of nothing (one
/// label parts no runs), and a file of 6.1's runs in 6.2's directory gave
/// `check` no word (attacker 27). `None` where none names one, or two name
/// different kernels (the labels part those runs). With the kernel comes
/// the least quote depth of the lines naming it: runs quoted less deep
/// (a reply's own, below a quoted writer's `> Linux alpha 6.1.0 #1 …`)
/// are not that kernel's.
///
/// A boot whose log ends in a kernel panic (`Kernel panic: Out of memory
/// …`, `Kernel panic - not syncing: …`) before the next result names no
/// result: a mail's paste of a failed boot's dmesg (`Linux version
/// 2.5.2-pre3 (root@mountain) … #1 …` … `Kernel panic: …`) above the
/// dbench figures it gives for 2.5.1 named them 2.5.2-pre3, silently
/// (wild34 file 08). Such lines come back second, each with the kernel it
/// names and its panic's line, to be warned of.
fn booted_above_all(input: &Input, parsed: &ParsedFile) -> (Option<(String, u8)>, Vec<PanickedBoot>) {
    let Some(last) = parsed.read_lines().max() else { return (None, Vec::new()) };
    let mut sample_lines: Vec<usize> = parsed.samples.iter().map(|s| s.line).collect();
    sample_lines.sort_unstable();
    booted_above_lines(input, last, &sample_lines)
}

/// [`booted_above_all`] of the lines above line `last` (1-based), the
/// results read on `sample_lines` (sorted).
fn booted_above_lines(input: &Input, last: usize, sample_lines: &[usize]) -> (Option<(String, u8)>, Vec<PanickedBoot>) {
    let mut panicked = Vec::new();
    // Most lines name no kernel: the words each form holds tell first,
    // and most files hold none of them (one search of the whole text each
    // instead of one per line).
    let forms: Vec<&str> =
        ["ooted", "Linux", "uname", "BOOT_IMAGE", "results."].into_iter().filter(|w| input.has(w)).collect();
    // `Fedora 42 (6.14.5-300.fc42.x86_64)` ([`distro_kernel`]) over the runs.
    let distro = input.has(")");
    if forms.is_empty() && !distro {
        return (None, panicked);
    }
    let may_panic = input.has("Kernel panic");
    let mut found: Option<String> = None;
    // The least quote depth of the lines naming it: a quoted `uname -a`
    // (`> Linux alpha 6.1.0 #1 …`) is another writer's, and names only the
    // runs quoted as deep (attack39 #17: a reply's own unquoted run below
    // it was filed under the quoted writer's kernel).
    let mut depth = u8::MAX;
    for n in 1..last.min(input.lines.len() + 1) {
        let text = input.lines[n - 1].trim();
        let may = forms.iter().any(|w| text.contains(w));
        let named = if may {
            booted_above(input, n, text)
        } else if distro && (text.ends_with(')') || text.ends_with("):")) {
            distro_kernel(text)
        } else {
            continue;
        };
        if let Some(k) = &named
            && may_panic
            && let Some(at) = panic_before_runs(input, n, sample_lines)
        {
            panicked.push((n, k.clone(), at));
            continue;
        }
        if named.is_some() {
            depth = depth.min(input.quote_depth(n - 1));
        }
        match (&found, named) {
            (_, None) => {}
            (None, Some(k)) => found = Some(k),
            (Some(f), Some(k)) if *f == k => {}
            (Some(_), Some(_)) => return (None, panicked),
        }
    }
    (found.map(|k| (k, depth)), panicked)
}

/// The line (1-based) of a kernel panic (`Kernel panic: …`, `Kernel panic
/// - not syncing: …`) between line `n` and the first result below it
/// (`sample_lines`, sorted): the boot line `n` names died before it ran
/// anything. `None` when there is none.
fn panic_before_runs(input: &Input, n: usize, sample_lines: &[usize]) -> Option<usize> {
    let next = sample_lines[sample_lines.partition_point(|&l| l <= n)..].first().copied()?;
    (n + 1..next).find(|&k| input.lines.get(k - 1).is_some_and(|l| l.contains("Kernel panic")))
}

/// The kernel line `n` (`text`, trimmed) names as booted: [`booted_kernel`],
/// or `$ uname -r` with the release alone on the line below it; or the
/// kernel a prompt's `cat results.<kernel>` names ([`catted_results_file`],
/// [`result_on_kernel`]: kernbench's results file named after the kernel
/// it ran on). One such line alone parts no runs, so the labels leave it:
/// here it names the file's kernel (attack41 F7: `hydra:~/kb$ cat
/// results.2.6.3-rc2` in `2.6.3-rc3/` was compared as rc3's, −1.86 %, no
/// word); a name that is no kernel's (`results.hydra`, `results.1`) names
/// none.
fn booted_above(input: &Input, n: usize, text: &str) -> Option<String> {
    booted_kernel(text)
        .or_else(|| {
            // `$ uname -r` (a prompt, or none), the release below it; or
            // `uname -srm`, `-mrs`, `-rs`, `-snr` …: `Linux 6.1.0 x86_64`
            // (attack41 F12: `-srm` naming 6.1.0 in `6.2.0/` was compared
            // as 6.2.0's, +50 %, while `-r`, `-sr` and `-a` were caught).
            let command = text.rsplit_once("$ ").map_or(text, |(_, c)| c).trim();
            let at = uname_release_word(command)?;
            let next = input.lines.get(n)?.trim();
            let words: Vec<&str> = next.words().collect();
            let release = words.get(at.0).filter(|_| words.len() == at.1)?;
            // Where `-s` was asked and the first word is not `Linux`, no
            // other system's either ([`unames::other_system`]) and no
            // release (`ubuntu 6.1.0 x86_64` under `uname -srm`: a host
            // where `Linux` stands, attack42 F14's u13, compared as its
            // directory's 6.2.0 with no word), the word where uname puts
            // the release is still read, where it is a kernel's name.
            let linux = !command.contains('s')
                || words[0] == "Linux"
                || (!unames::other_system(words[0]) && !is_kernel_name(words[0]));
            (linux && is_kernel_name(release)).then(|| bare_kernel(release).to_string())
        })
        .or_else(|| {
            catted_results_file(text)
                .and_then(|f| result_on_kernel(f).or_else(|| two_number_release(f)).or_else(|| host_release(f)))
        })
}

/// The release of a results file named by a host and a kernel
/// (`results.hydra-6.1`, `results.box-6.2.0-rc1`: a word of letters, a
/// `-`, then a name [`result_on_kernel`] or [`two_number_release`] reads
/// after `results.`): one `cat` of it in 6.2/ was compared as 6.2's
/// (attack42 F14's k07, +10 %, no word). `None` for a name whose part
/// after the `-` names no kernel (`results.hydra-1`, `results.run-1.1`).
fn host_release(file: &str) -> Option<String> {
    let (host, rest) = file.strip_prefix("results.")?.split_once('-')?;
    if host.is_empty()
        || !host.starts_with(|c: char| c.is_ascii_alphabetic())
        || !host.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return None;
    }
    let named = format!("results.{rest}");
    result_on_kernel(&named).or_else(|| two_number_release(&named))
}

/// The release of a results file named by two numbers alone whose first
/// is a kernel's major (2 to 9: `results.6.1`, `results.4.2`), which
/// [`result_on_kernel`] leaves to the labels where two such files part
/// runs (`results.1.1`/`results.1.2` are as often a set-up's numbering,
/// attack40 F23). A single `cat` of one names the file's kernel: where it
/// is the directory's, nothing is said; where it is another kernel's of
/// the class, its runs are kept apart (attack41 F7: `cat results.6.1` in
/// `6.2/` compared as 6.2's, +10 %, no word). `None` otherwise.
fn two_number_release(file: &str) -> Option<String> {
    let (major, minor) = file.strip_prefix("results.")?.split_once('.')?;
    let digits = |p: &str| !p.is_empty() && p.len() <= 2 && p.bytes().all(|c| c.is_ascii_digit());
    (digits(major) && digits(minor) && (2..=9).contains(&major.parse::<u32>().ok()?))
        .then(|| format!("{major}.{minor}"))
}

/// Where `uname`'s output holds the release, for a `uname` command of
/// one-word fields only (`command`, its prompt cut off): `uname -r`, `-sr`,
/// `-srm`, `-mrs`, `-snrm`, `-r -s` … (`-a` and `-v` print the version's
/// several words: [`booted_kernel`] reads those lines). uname prints its
/// fields in one order whatever the options' (kernel name, node name,
/// release, …, machine, processor, platform, OS): the release's index
/// among the output's words, and how many words the output has. `None`
/// for any other line, and where `-r` is not asked.
fn uname_release_word(command: &str) -> Option<(usize, usize)> {
    let mut words = command.words();
    if words.next()? != "uname" {
        return None;
    }
    let mut flags: Vec<char> = Vec::new();
    for w in words {
        let f = w.strip_prefix('-').filter(|f| !f.is_empty() && !f.starts_with('-'))?;
        for c in f.chars() {
            if !"snrmpio".contains(c) {
                return None;
            }
            if !flags.contains(&c) {
                flags.push(c);
            }
        }
    }
    flags.contains(&'r').then(|| (flags.iter().filter(|c| **c == 's' || **c == 'n').count(), flags.len()))
}

/// Copies of one output a mail quotes at different depths (`> Throughput
/// 45.1 MB/sec` from the mail replied to, `Throughput 51.9 MB/sec` the
/// writer's own) are no runs of one set-up, whatever the labels above
/// them: each sample of a key whose samples sit at more than one depth
/// gets a parameter `quoting`, `quoted`, `quoted twice` (`quoted 3 times`
/// …) or `unquoted`, after the labels (copies the labels part get one too:
/// the key leaves the labeller's `label` out; [`warn_of_merged_copies`]
/// leaves copies at different depths to it).
/// Returns how many samples it gave one.
fn part_quote_depths(input: &Input, parsed: &mut ParsedFile) -> usize {
    if input.quote_depths.is_empty() {
        return 0;
    }
    let depth = |s: &Sample| depth_of_row(input, s.line.saturating_sub(1));
    // Each sample's key, hashed once (the samples do not change below
    // until they are parted).
    let key: Vec<u64> = parsed.samples.iter().map(depth_key_hash).collect();
    let mut depths: FxHashMap<u64, (u8, bool)> = FxHashMap::default();
    for (s, &k) in parsed.samples.iter().zip(&key) {
        let d = depth(s);
        let e = depths.entry(k).or_insert((d, false));
        e.1 |= e.0 != d;
    }
    let mut mixed: Vec<bool> = key.iter().map(|k| depths.get(k).is_some_and(|e| e.1)).collect();
    // A row is one set-up: a key of one depth that shares a line with a
    // mixed key's sample is parted too, at every line of it (a tiobench
    // table quoted three times and posted again, the quoted row's `NaN`
    // Sequential Reads rate not read: the posted rows' rates lost their
    // `quoting` and so their CPU Eff, which pairs a rate with the %CPU
    // of its row; attack59 F2 damage).
    loop {
        let lines: rustc_hash::FxHashSet<usize> =
            parsed.samples.iter().zip(&mixed).filter(|(_, m)| **m).map(|(s, _)| s.line).collect();
        let keys: rustc_hash::FxHashSet<u64> = parsed
            .samples
            .iter()
            .zip(&mixed)
            .zip(&key)
            .filter(|((s, m), _)| !**m && lines.contains(&s.line))
            .map(|(_, &k)| k)
            .collect();
        if keys.is_empty() {
            break;
        }
        for (k, m) in key.iter().zip(mixed.iter_mut()) {
            *m |= keys.contains(k);
        }
    }
    let mut n = 0;
    for (s, mixed) in parsed.samples.iter_mut().zip(mixed) {
        if !mixed {
            continue;
        }
        let words = match depth_of_row(input, s.line.saturating_sub(1)) {
            0 => "unquoted".to_string(),
            1 => "quoted".to_string(),
            2 => "quoted twice".to_string(),
            k => format!("quoted {k} times"),
        };
        *s = s.clone().with_param("quoting", words);
        n += 1;
    }
    n
}

/// The quote depth of the row line index `i` is part of: its own, or,
/// for an unquoted line of figures alone under a long quoted line (the
/// rest a mailer's re-wrap broke off: `> > >    .  1024 … 1.118 4.11%
/// 0.616` / `1.41%`, a triple-quoted tiobench row at 76 columns), the
/// quoted line's. Read at depth 0, that rest's CPU% was a set-up of its
/// own beside its row's Rate (`quoting` given to one and not the other).
fn depth_of_row(input: &Input, i: usize) -> u8 {
    let own = input.quote_depth(i);
    if own > 0 || i == 0 {
        return own;
    }
    let above = input.quote_depth(i - 1);
    let text = input.lines.get(i).map_or("", |l| l.trim());
    let long = input.lines.get(i - 1).is_some_and(|l| l.chars().count() + 2 * usize::from(above) >= 66);
    let rest = !text.is_empty()
        && text.chars().count() < 20
        && text.words().all(|w| super::num::plain(w.trim_end_matches('%')).is_some());
    if above > 0 && long && rest { above } else { own }
}

/// [`apply`]'s labels from the lines above the samples.
fn apply_labels<'a>(
    input: &'a Input,
    parsed: &mut ParsedFile,
    asked: &Asked<'a>,
    known: Option<(Vec<u64>, Copies)>,
) -> usize {
    // Each sample's key, hashed once (for the test below and for
    // `by_key`), and the copies of the output ([`copies`]): `known` when
    // the caller made them of these very samples.
    let (hashes, known) = match known {
        Some((hashes, found)) => (hashes, Some(found)),
        None => (parsed.samples.iter().map(key_hash).collect(), None),
    };
    // Labels only ever part samples of one key: most files have none.
    let mut keys: rustc_hash::FxHashSet<u64> = rustc_hash::FxHashSet::default();
    if hashes.iter().all(|&h| keys.insert(h)) {
        // One output under a `cat` of several files: said (attack41 F23).
        if input.has("cat") {
            let found =
                known.unwrap_or_else(|| copies(input, command_name(&parsed.benchmark), &parsed.samples, &hashes));
            catted::one_copy_of_several_files(input, &found.0, &mut parsed.notes);
        }
        return 0;
    }
    let found = known.unwrap_or_else(|| copies(input, command_name(&parsed.benchmark), &parsed.samples, &hashes));
    // A `label` the parser set is part of its samples' key (bash-time's
    // step caption `Repair`, the lines a dbench run printed above it): the
    // labels below part only copies alike in it too, and a set-up line
    // above them is joined to it ([`compose_label`]), sample by sample.
    // Two guesses are left to such files' parsers: a shell loop's values
    // counted out over the copies (the parser read what each iteration
    // printed: uperf's `echo "Threads: ${th}, size: ${size}"`, where
    // counting a loop of three nested ones gave the wrong sizes), and the
    // warnings of numbers or command lines that differ above copies (the
    // parser read those lines: `xfs pid 4402`).
    let parser_labelled = parsed.samples.iter().any(|s| s.params.iter().any(|p| p.name == "label"));
    // `read[n]`: line n gave a number (index 0 and past the end: no).
    let mut read = vec![false; input.lines.len() + 2];
    for n in parsed.read_lines() {
        if let Some(r) = read.get_mut(n) {
            *r = true;
        }
    }
    // Label lines right above one another, each labelling runs elsewhere
    // (see [`identities`]): warned of once the labels are applied.
    let stacked: std::cell::RefCell<Vec<(usize, usize)>> = std::cell::RefCell::default();
    // Runs under a line too long for a label, labelled from above it.
    // (The long line, the label's line, and whether that label labelled
    // runs above the long line: see [`identities`].)
    let unnamed: std::cell::RefCell<Vec<Unnamed>> = std::cell::RefCell::default();
    // Each pass also says whether a heading was over some block label
    // (without one, the pass that qualifies by headings is not made).
    let labelled = |quiet: &[bool], qualify: bool| -> (Option<Vec<Identity>>, bool) {
        let program = command_name(&parsed.benchmark);
        let (by_line, headed) = identities(
            input,
            &read,
            quiet,
            program,
            qualify,
            asked,
            &mut stacked.borrow_mut(),
            &mut unnamed.borrow_mut(),
        );
        let ids: Vec<Identity> = parsed
            .samples
            .iter()
            .map(|s| by_line.get(s.line.wrapping_sub(1)).cloned().flatten().unwrap_or_default())
            .collect();
        // Keys that labels tell apart: some key with two samples under two labels.
        let mut by_key: FxHashMap<u64, Vec<&Identity>> = FxHashMap::default();
        for (&h, id) in hashes.iter().zip(&ids) {
            by_key.entry(h).or_default().push(id);
        }
        let splits = by_key.values().any(|ids| {
            let mut distinct: Vec<&&Identity> = ids.iter().collect();
            distinct.sort();
            distinct.dedup();
            ids.len() > 1 && distinct.len() > 1
        });
        (splits.then_some(ids), headed)
    };
    // Where the label lines tell copies apart, the Markdown headings over
    // them qualify them (`### ext4` / `before:` and `### xfs` / `before:`).
    // Headings alone do not: the label lines the same above every copy
    // (dbench's `Operation Count AvgLat MaxLat` under each `### OpenEBS`)
    // are the benchmark's, looked past below.
    // With no heading over any block label (most files) the qualified
    // pass would give the same identities and note the same `stacked` and
    // `unnamed` lines again: those are noted again, the pass not made.
    let qualified = |quiet: &[bool]| {
        let (before_stacked, before_unnamed) = (stacked.borrow().len(), unnamed.borrow().len());
        let (ids, headed) = labelled(quiet, false);
        ids.map(|ids| {
            if headed {
                return labelled(quiet, true).0.unwrap_or(ids);
            }
            let mut s = stacked.borrow_mut();
            let again = s[before_stacked..].to_vec();
            s.extend(again);
            let mut u = unnamed.borrow_mut();
            let again = u[before_unnamed..].to_vec();
            u.extend(again);
            ids
        })
    };
    // When the nearest label lines tell no copies apart, they may be the
    // benchmark's own lines (or the page's, the same above every copy):
    // look again past them, at what a person wrote between the copies.
    // A line that follows every copy alike (a harness's `done` after each
    // run) is the harness's own from the first pass on: after `ext4` over
    // the first copy it labelled the other two, one set-up split in two
    // (reader34 F15).
    // The copies of the output (made above) serve every pass below (the
    // samples do not change until the labels are applied at the end).
    let trailing = with_inner_lines_of_every_copy(input, &found.0, &read, trailers_of(input, &found.0));
    let ids = qualified(&trailing).or_else(|| {
        let quiet = output_lines(input, &found.0, &read);
        quiet.iter().any(|&q| q).then(|| qualified(&quiet)).flatten()
    });
    // Copies still alike by their labels may be told apart by their
    // command lines (`netperf -H a` / `netperf -H b`).
    let split = ids.is_some();
    if split {
        let mut pairs = stacked.take();
        pairs.sort_unstable();
        pairs.dedup();
        let text = |n: usize| input.lines[n - 1].trim();
        for (upper, lower) in pairs {
            parsed.notes.push((
                lower,
                format!(
                    "label line {upper} (`{}`) stands right above label line {lower} (`{}`), and each labels \
                     other runs in this file: which one the runs below are, the lines do not say; they are \
                     kept apart under both",
                    text(upper),
                    text(lower)
                ),
            ));
        }
        let mut unnamed = unnamed.take();
        unnamed.sort_unstable_by_key(|u| (u.0, !u.2));
        unnamed.dedup_by_key(|u| u.0);
        for (long, from, joined) in unnamed {
            let note = if !joined {
                format!(
                    "line {long} (`{}`) right above the runs below it may name their set-up, but is too long for \
                     a label (over {MAX_LABEL_CHARS} characters): they are labelled by line {from} (`{}`); a short \
                     line naming the set-up right above the output would name them",
                    text(long),
                    text(from)
                )
            } else {
                format!(
                    "line {long} (`{}`) right above the runs below it may name their set-up, but is too long for \
                     a label (over {MAX_LABEL_CHARS} characters): they are labelled by line {from} (`{}`) and \
                     averaged with the runs under it above line {long} as runs of one set-up; if they are another \
                     set-up's, type a short line naming it right above them (`patch v1:`, `6.2:`), or cut the file \
                     in two",
                    text(long),
                    text(from)
                )
            };
            parsed.notes.push((long, note));
        }
    }
    let mut ids = ids.unwrap_or_else(|| vec![Identity::default(); parsed.samples.len()]);
    let mut dropped_hosts = Vec::new();
    let by_command = label_by_command_lines(
        input,
        &parsed.benchmark,
        &parsed.samples,
        &hashes,
        &found,
        &mut ids,
        &mut dropped_hosts,
        &mut parsed.notes,
    );
    // The benchmark's own lines, found once for both below (when asked).
    let mut own = OwnLines { read: &read, found: &found, quiet: None };
    // The copies still averaged as runs of one set-up, found once for the
    // passes below and found again only after a pass labelled some (each
    // says whether it did; until then the identities, and so the groups,
    // are the ones it was given): the four passes made them anew each,
    // for the same identities where the pass before labelled nothing
    // (10,252 times for 2,563 files of the medium content, session 55).
    let mut still = merged(&found, &hashes, &ids);
    // `still` after a pass: found anew where it labelled some, else as it was.
    let again = |labelled: bool, still: Option<Merged>, ids: &[Identity]| {
        if labelled { merged(&found, &hashes, ids) } else { still }
    };
    let by_setup = label_by_setup_lines(input, still.as_ref(), &mut own, asked, &mut ids);
    still = again(by_setup, still, &ids);
    let by_boot = label_by_boot_lines(input, still.as_ref(), &mut ids);
    still = again(by_boot, still, &ids);
    let b = &parsed.benchmark;
    let by_loop = !parser_labelled && label_by_shell_loop(input, b, still.as_ref(), &mut ids, &mut parsed.notes);
    still = again(by_loop, still, &ids);
    let by_prompt = prompted::label_by_lines_over_prompts(
        input,
        command_name(b),
        still.as_ref(),
        &mut own,
        asked,
        &mut ids,
        &mut parsed.notes,
    );
    // The `cat` labels and the warnings below start from the copies still
    // averaged (found again where the `cat` labelled some: the labels are
    // then final).
    still = again(by_prompt, still, &ids);
    let by_cat = catted::label_by_catted_files(input, &found, still.as_ref(), &mut ids, &mut parsed.notes);
    still = again(by_cat, still, &ids);
    // Copies under different captions a person wrote above them or their
    // fences, told apart by the path each names ([`captions`]).
    let name = command_name(&parsed.benchmark);
    let at: Vec<usize> = parsed.samples.iter().map(|s| s.line).collect();
    // Each line's caption, made once for the labels and the warning.
    let caption = still.as_ref().and_then(|_| captions::captions(input, &read));
    let by_caption = still
        .as_ref()
        .zip(caption.as_deref())
        .is_some_and(|(m, c)| captions::label_by_captions(input, name, m, (&at, &hashes), c, &mut ids));
    still = again(by_caption, still, &ids);
    if let Some(m) = still {
        let noted = parsed.notes.len();
        let (b, s) = (&parsed.benchmark, &parsed.samples);
        parsed.doubted_copies |= warn_of_merged_copies(input, b, s, &mut own, asked, &ids, &m, &mut parsed.notes);
        if parsed.notes.len() == noted && !parser_labelled {
            warn_of_command_lines_past_prose(input, b, s, &m, &mut parsed.notes);
        }
        if parsed.notes.len() == noted && !parser_labelled {
            warn_of_numbers_differing_above(input, &mut own, &m, &mut parsed.notes);
        }
        if parsed.notes.len() == noted {
            let s = &parsed.samples;
            let c = &found.0;
            warn_of_prose_between_rounds(input, b, s, &hashes, &ids, &read, c, asked, &mut parsed.notes);
        }
        // Copies told apart only by a prompt's host over one of them, left
        // unlabelled, still averaged: warned of (attack36 pr2: Mike Black's
        // two tiobench tables without their `Here's` lines were averaged
        // as runs with no word once the host labelled neither, bcf160be).
        if parsed.notes.len() == noted {
            for (copies, a, b, host) in &dropped_hosts {
                if m.groups.iter().any(|g| copies.iter().all(|c| g.contains(c))) {
                    let text = |n: usize| input.lines[n - 1].trim();
                    parsed.notes.push((
                        *b,
                        format!(
                            "copies of the output under command lines alike but for a prompt's host `{host}` before \
                             one (line {a}: `{}`; line {b}: `{}`) were averaged as runs of one set-up: the prompt \
                             tells no machine apart, but if they are two set-ups, a label line above each (`before:`, \
                             `6.2:`) keeps them apart",
                            text(*a),
                            text(*b)
                        ),
                    ));
                }
            }
        }
        // Last: results under captions that differ, nothing else said.
        if parsed.notes.len() == noted {
            // Made above: `still` was some there too (only the captions'
            // labels, which need it, make it again).
            if let Some(c) = caption.as_deref() {
                captions::warn_of_captions(input, name, &m, (&at, &hashes, &ids), c, &mut parsed.notes);
            }
        }
        // A rule of dashes parting them, and nothing else said.
        if parsed.notes.len() == noted && !parser_labelled {
            warn_of_rule_between_copies(input, &m, &mut parsed.notes);
        }
    }
    if !split && !by_command && !by_setup && !by_boot && !by_loop && !by_prompt && !by_cat && !by_caption {
        return 0;
    }
    let mut n = 0;
    for (s, id) in parsed.samples.iter_mut().zip(ids) {
        if id.kernel.is_none() && id.label.is_none() {
            continue;
        }
        // One `label`: a kernel the parser already read (lmbench's `Linux
        // 2.5.63` row) leaves the label's kernel to the label, joined to
        // the rest of it (`6.1-rc1 / before`); two `label` parameters kept
        // the first, and the `before:` and `after:` rows were averaged as
        // runs of one set-up (reader34 F13).
        let label = match (s.kernel.is_none(), id.kernel, id.label) {
            (true, Some(k), l) => {
                s.kernel = Some(CompactString::from(k));
                l
            }
            (false, Some(k), Some(l)) => Some(format!("{k} / {l}")),
            (false, Some(k), None) => Some(k),
            (_, None, l) => l,
        };
        if let Some(l) = label {
            compose_label(s, l);
        }
        n += 1;
    }
    warn_of_lettered_runs(parsed);
    n
}

/// Gives sample `s` the set-up label `l` the lines above it name. A
/// `label` the parser set on it (bash-time's step caption `Repair` over a
/// `time` record, a dbench parser's own heading) is one part of the
/// sample's identity and the set-up above it another: both are kept, as
/// one `label`, the set-up first (`with patch / Repair`), as a heading
/// qualifies the label lines under it. A parser label that already says
/// the set-up (the parser read the same line) is kept as it is.
fn compose_label(s: &mut Sample, l: String) {
    match s.params.iter_mut().find(|p| p.name == "label") {
        None => s.params.push(crate::model::Param::new("label", l)),
        Some(own) => {
            let said = |a: &str, b: &str| {
                let norm = |x: &str| x.trim().trim_end_matches(':').trim().to_lowercase();
                let (a, b) = (norm(a), norm(b));
                a == b || a.split(" / ").any(|part| part == b)
            };
            if !said(&own.value, &l) {
                own.value = compact_str::format_compact!("{l} / {}", own.value);
            }
        }
    }
}

/// `Run A`, `Run B`, `Run C` above three copies: set-ups, as an A/B test
/// names its two variants (merging them as runs would average two set-ups
/// without a word), but they may count runs of one (attack28 p21, where
/// nothing was then tested): a note naming them says how to have them
/// read as runs. Only where every label of the file is `Run` and one
/// capital letter, two or more of them.
fn warn_of_lettered_runs(parsed: &mut ParsedFile) {
    let mut letters: Vec<(&str, usize)> = Vec::new();
    for s in &parsed.samples {
        let Some(l) = s.params.iter().find(|p| p.name == "label") else { continue };
        let lettered =
            l.value.strip_prefix("Run ").is_some_and(|x| x.len() == 1 && x.as_bytes()[0].is_ascii_uppercase());
        if !lettered {
            return;
        }
        if !letters.iter().any(|(v, _)| *v == l.value.as_str()) {
            letters.push((l.value.as_str(), s.line));
        }
    }
    if letters.len() < 2 {
        return;
    }
    let line = letters.iter().map(|(_, n)| *n).min().unwrap_or(1);
    let names: Vec<&str> = letters.iter().map(|(v, _)| *v).collect();
    let note = format!(
        "{} read as set-ups, each its own row (a letter names an A/B test's variant); if they are runs of one \
         set-up, number them (Run 1, Run 2, …) and they are averaged and tested",
        names.join(", ")
    );
    parsed.notes.push((line, note));
}

/// The lines of `input` (index *n* for line *n*, `input.lines.len() + 2`
/// long) that belong to the benchmark's output of the samples, so that
/// none of them is a label. The samples in line order fall into copies of
/// one output: a copy ends where a sample repeats a key (metric and
/// parameters) it already holds, or has other parameters than the sample
/// before it on a line not right below that sample's (the next row of one
/// table is still the copy's). Inside a copy, between its first and last
/// read line, every line is the benchmark's (`General statistics:`, `CPU
/// speed:` between sysbench's figures). Above each copy, the lines after
/// the copy before it (from the file's start for the first): the lines
/// that end every copy's such lines alike, compared bottom up past blank
/// lines, are the benchmark's banner or header or the page's own heading
/// repeated above each copy (`## Results`, `sysbench 1.0.20 …`, `Running
/// the test with following options:`); and so again among the copies with
/// lines left above them (each set-up's first run, its later runs under
/// the banner only). What a person wrote above them (`before:`, `after:`,
/// `Kernel 6.9:`) differs from copy to copy and is left to be read. All
/// `false` with fewer than two copies.
fn output_lines(input: &Input, copies: &[(usize, usize)], read: &[bool]) -> Vec<bool> {
    let mut quiet = vec![false; input.lines.len() + 2];
    if copies.len() < 2 {
        return quiet;
    }
    for &(first, last) in copies {
        for (n, q) in quiet.iter_mut().enumerate().take(last).skip(first + 1) {
            *q = !read[n];
        }
    }
    for (q, t) in quiet.iter_mut().zip(trailers_of(input, copies)) {
        *q |= t;
    }
    // A copy glued under the one before by separator lines alone
    // (tinymembench's ` ---` between its groups of tests, each group a
    // copy of its own, its tests' names its parameters): one output, the
    // separators its own. Its lines above are those separators, not a
    // banner: compared with the banners above the other copies they hid
    // the banner lines alike above every run (`==  brackets  ==`), and a
    // banner line labelled both runs, the `Before:` and `After:` over
    // them left unread (archive54 O3).
    let glued = |k: usize| {
        let from = first_line_after_copy_before(copies, k);
        k > 0 && from < copies[k].0 && (from..copies[k].0).all(|n| is_separator(input.lines[n - 1].trim()))
    };
    // The non-blank lines above each copy, bottom up.
    let above: Vec<Vec<usize>> = copies
        .iter()
        .enumerate()
        .map(|(k, &(first, _))| {
            let from = first_line_after_copy_before(copies, k);
            if glued(k) {
                for q in &mut quiet[from..first] {
                    *q = true;
                }
                return Vec::new();
            }
            (from..first).rev().filter(|&n| !input.lines[n - 1].trim().is_empty()).collect()
        })
        .collect();
    let text = |n: usize| input.lines[n - 1].trim();
    // Bottom up, the lines alike above every copy; then, among the copies
    // with lines left above them (the first of each set-up: `Kernel 6.9:`
    // over `## Results` over the banner, its later runs under the banner
    // only), those alike above each of them, until none are.
    let mut left: Vec<&[usize]> = above.iter().map(Vec::as_slice).collect();
    loop {
        let rest: Vec<&[usize]> = left.iter().copied().filter(|a| !a.is_empty()).collect();
        if rest.len() < 2 {
            break;
        }
        let common = (0..)
            .take_while(|&d| {
                let first = rest[0].get(d).map(|&n| text(n));
                first.is_some() && rest.iter().all(|a| a.get(d).map(|&n| text(n)) == first)
            })
            .count();
        if common == 0 {
            break;
        }
        for a in &mut left {
            if !a.is_empty() {
                for &n in &a[..common] {
                    quiet[n] = true;
                }
                *a = &a[common..];
            }
        }
    }
    // Past the first line that differs, a line written above every such
    // copy alike, under a line that differs (each copy's own heading), is
    // the page's too (`Launch the server:` over `valkey-server …` /
    // `redis-server …`, under `### Valkey 7.2.5` / `### mt-redis`, a
    // memtier README: it labelled both tables alike and the two servers'
    // figures were averaged as runs of one). A line alike at the top, over
    // every copy's differing lines (`6.1-rc1 +patch` over `before:` and
    // over `after:`), heads them and is left to be read.
    let rest: Vec<&[usize]> = left.iter().copied().filter(|a| !a.is_empty()).collect();
    if rest.len() >= 2 {
        // Each copy's lines as a set, asked of every line (the same answer
        // as looking through each copy's lines for each line's text).
        let sets: Vec<rustc_hash::FxHashSet<&str>> =
            rest.iter().map(|a| a.iter().map(|&m| text(m)).collect()).collect();
        let alike = |n: usize| {
            let t = text(n);
            sets.iter().all(|s| s.contains(t))
        };
        for a in &rest {
            // Bottom up: the uppermost line that differs.
            let Some(top) = a.iter().rposition(|&n| !alike(n)) else { continue };
            for &n in &a[..top] {
                if alike(n) {
                    quiet[n] = true;
                }
            }
        }
    }
    // The benchmark's own line found so is its own wherever it repeats:
    // the header of a run the parser left out (dbench 4's `Operation
    // Count AvgLat MaxLat` over a table cut from its `Throughput` line,
    // attack26 f/d4cut3.txt) was read as a set-up line of the copy below.
    let own: rustc_hash::FxHashSet<&str> =
        (1..=input.lines.len()).filter(|&n| quiet[n] && !text(n).is_empty()).map(text).collect();
    if !own.is_empty() {
        for n in 1..=input.lines.len() {
            if !quiet[n] && !read[n] && own.contains(text(n)) {
                quiet[n] = true;
            }
        }
    }
    quiet
}

/// True when `t` (a line, trimmed) is a separator an output prints
/// between its parts, no words: ` ---`, `***`, `...`, `=== ===`. Blank is
/// none (a blank line parts outputs).
fn is_separator(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c == ' ' || !(c.is_alphanumeric() || c.is_whitespace()))
}

/// The lines that follow every copy of the output alike ([`copies`]: the
/// first non-blank line after each copy's last read line, the same text
/// after each, the last copy's too): a harness's trailer (`done`, `OK`),
/// the benchmark's own, never a label of the copy below it. Index *n* for
/// line *n*, `input.lines.len() + 2` long; empty where there are none or
/// fewer than two copies. [`output_lines`] holds them too.
fn trailers_of(input: &Input, copies: &[(usize, usize)]) -> Vec<bool> {
    if copies.len() < 2 {
        return Vec::new();
    }
    let text = |n: usize| input.lines[n - 1].trim();
    let mut after = Vec::with_capacity(copies.len());
    for (k, &(_, last)) in copies.iter().enumerate() {
        let to = copies.get(k + 1).map_or(input.lines.len() + 1, |c| c.0);
        match (last + 1..to).find(|&n| !text(n).is_empty()) {
            Some(n) if after.first().is_none_or(|&f| text(f) == text(n)) => after.push(n),
            _ => return Vec::new(),
        }
    }
    let mut quiet = vec![false; input.lines.len() + 2];
    for n in after {
        quiet[n] = true;
    }
    quiet
}

/// `quiet` (index *n* for line *n*; empty for none) with the lines inside
/// every copy of the output ([`copies`]: between a copy's first and last
/// read line, none read) whose text is inside each copy: the benchmark's
/// own sub-heading between its figures (sysbench 0.5's `response time:`
/// over `min:` … `approx.  95 percentile:`, below the rates of
/// `transactions:`), never a label of the figures under it (phxsql notes:
/// it labelled each run's latencies apart from its rates). A line inside
/// one copy only, or not inside every copy, stays a candidate.
fn with_inner_lines_of_every_copy(
    input: &Input,
    copies: &[(usize, usize)],
    read: &[bool],
    mut quiet: Vec<bool>,
) -> Vec<bool> {
    if copies.len() < 2 {
        return quiet;
    }
    let text = |n: usize| input.lines[n - 1].trim();
    let inner = |&(first, last): &(usize, usize)| {
        (first + 1..last).filter(|&n| !read[n] && !text(n).is_empty()).collect::<Vec<usize>>()
    };
    let mut common: rustc_hash::FxHashSet<&str> = inner(&copies[0]).into_iter().map(text).collect();
    for c in &copies[1..] {
        let here: rustc_hash::FxHashSet<&str> = inner(c).into_iter().map(text).collect();
        common.retain(|t| here.contains(t));
        if common.is_empty() {
            return quiet;
        }
    }
    if quiet.is_empty() {
        quiet = vec![false; input.lines.len() + 2];
    }
    for c in copies {
        for n in inner(c) {
            if common.contains(text(n)) {
                quiet[n] = true;
            }
        }
    }
    quiet
}

/// The copies of one output the samples fall into, in line order (see
/// [`output_lines`]): each copy's first and last read line, and each
/// sample's copy (by index; `usize::MAX` for a sample of no line of the
/// input). A line between two samples that runs the benchmark `name`
/// (its program's name, [`command_name`]: `$ bonnie++ -d /mnt/c/b -u
/// root`) ends the copy above it: the samples below it are another run's.
fn copies(input: &Input, name: &str, samples: &[Sample], hashes: &[u64]) -> (Vec<(usize, usize)>, Vec<usize>) {
    let mut order: Vec<(usize, u64, usize)> =
        samples.iter().zip(hashes).enumerate().map(|(i, (s, &h))| (s.line, h, i)).collect();
    order.sort_unstable();
    let mut copy_of = vec![usize::MAX; samples.len()];
    // Each copy's first and last read line.
    let mut copies: Vec<(usize, usize)> = Vec::new();
    let mut held: rustc_hash::FxHashSet<u64> = rustc_hash::FxHashSet::default();
    let mut last_params: &[crate::model::Param] = &[];
    let mut last_line = 0;
    for (line, h, i) in order {
        if line == 0 || line > input.lines.len() {
            continue;
        }
        // A sample of other parameters than the one before starts another
        // output (sysbench --threads=4, then --threads=8 under a heading of
        // its own): the lines between are not inside one copy. Not on the
        // line right below it, though: that is the next row of one table
        // (tiotest's box, `Write 440 MBs` over `Random Write 16 MBs`; each
        // row a copy, the box's label went to its first row only and the
        // other rows of ext2's and xfs's boxes were averaged as runs).
        // A `nan` cell a mail wrapped onto a line of its own (re-aim's JTI,
        // not read) between two rows keeps them one table.
        let params = samples[i].params.as_slice();
        let next_row = line == last_line + 1
            || (line > last_line + 1
                && last_line > 0
                && input.lines[last_line..line - 1].iter().all(|l| super::num::non_finite(l)));
        // A command line running the benchmark between them starts
        // another output whatever the samples' keys: bonnie++ 2.00a's
        // report under `$ bonnie++ -d /mnt/c/a -u root` ends with its CSV
        // line (the `size` parameter of its first row again), and the next
        // report's first row, under `$ bonnie++ -d /mnt/c/b -u root`,
        // joined that copy (keys not yet in it): it took the first run's
        // command line, and the two directories' runs were averaged as 2
        // runs with no word (attack52 F3).
        let ran_between = || (last_line + 1..line).any(|n| runs_benchmark(input, n, name));
        let same_run = (params == last_params || next_row) && (last_line == 0 || !ran_between());
        last_params = params;
        last_line = line;
        match copies.last_mut() {
            Some(c) if (same_run && !held.contains(&h)) || c.1 == line => {
                c.1 = line;
                held.insert(h);
            }
            _ => {
                held.clear();
                held.insert(h);
                copies.push((line, line));
            }
        }
        copy_of[i] = copies.len() - 1;
    }
    (copies, copy_of)
}

/// True when line `n` (1-based) of `input` runs the benchmark `name`: a
/// command line naming its program ([`command_words`]), or a line a `\`
/// above carries on to that names it ([`carried_command`]).
fn runs_benchmark(input: &Input, n: usize, name: &str) -> bool {
    let t = input.lines[n - 1].trim();
    command_words(t, name).is_some() || carried_command(input, n, t, name).is_some()
}

/// The first line after the copy before copy `k` ([`copies`]: each
/// copy's first and last read line), line 1 for the first copy: where
/// the lines above copy `k` that may be its own start.
pub(super) fn first_line_after_copy_before(copies: &[(usize, usize)], k: usize) -> usize {
    if k == 0 { 1 } else { copies[k - 1].1 + 1 }
}

/// Each copy's samples (their indexes, in `samples`' order) from
/// [`copies`]' `copy_of`, made once: looking them up by scanning every
/// sample per copy made four passes quadratic in runs (reader34 F6:
/// 8000 hackbench runs under their command lines took 7.8 s).
pub(super) fn samples_of_copies(n: usize, copy_of: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &c) in copy_of.iter().enumerate() {
        if let Some(of) = out.get_mut(c) {
            of.push(i);
        }
    }
    out
}

/// Labels copies of one output (see [`copies`]) that the labels left
/// alike, one key under one identity in two copies, by their command lines
/// where those differ (`netperf -H a` / `netperf -H b`, `taskset -c 0
/// hackbench …` / `taskset -c 0-7 hackbench …`, `numactl -N 1 perf bench …`
/// / `perf bench …`): each copy's is the nearest line above it, below the
/// copy before, that runs the benchmark ([`command_words`]). Among the
/// copies merged so, if every one has a command line and they are not all
/// alike, each copy's label gets the part of its line between the words
/// all of them begin and end with, with the option it is the value of
/// (`-H b`) and the wrapper that option is given to (`taskset -c 0-7`); a
/// copy whose line has nothing there (`perf bench …` beside `numactl -N 1
/// perf bench …`) keeps its label. Lines alike but for the program's
/// directory (`./hackbench -g 10` / `~/src/hackbench/hackbench -g 10`: two
/// builds) label each copy by its program as written. An option the parser
/// reads is a parameter: samples of other values are other keys, never
/// merged. A prompt's host before some copies' commands only labels none
/// (see below): each such group is added to `dropped_hosts`. Returns
/// whether a label was added; `notes` gets the runs past a `perf stat -r
/// N` command's N ([`inherit_commands`]).
#[allow(clippy::too_many_arguments)]
fn label_by_command_lines(
    input: &Input,
    benchmark: &str,
    samples: &[Sample],
    hashes: &[u64],
    found: &Copies,
    ids: &mut [Identity],
    dropped_hosts: &mut Vec<DroppedHost>,
    notes: &mut Vec<(usize, String)>,
) -> bool {
    let (copies, copy_of) = found;
    if copies.len() < 2 {
        return false;
    }
    let name = command_name(benchmark);
    let sentences = Sentences::new(input);
    // Each copy's command line's words, its program as written and the
    // working directory its prompt shows.
    type Command<'a> = (Option<Vec<&'a str>>, (Option<&'a str>, Option<&'a str>));
    type Commands<'a> = (Vec<Option<Vec<&'a str>>>, (Vec<Option<&'a str>>, Vec<Option<&'a str>>));
    // Each copy's command line: its line and what [`Command`] holds.
    let found: Vec<Option<(usize, Command<'_>)>> = copies
        .iter()
        .enumerate()
        .map(|(k, &(first, _))| {
            let from = first_line_after_copy_before(copies, k);
            // Up to a sentence a person wrote (`The point is that the same
            // hardware performs at least 4 times faster on FreeBSD:`): a
            // command above it ran another output.
            // Nor past a shell loop over set-ups: it is the loop's line
            // ([`label_by_shell_loop`] reads it), not one copy's command
            // (a loop after a warm-up build labelled its first copy alone,
            // the other job counts averaged: reader34 F21).
            (from..first)
                .rev()
                .map(|n| (n, input.lines[n - 1].trim()))
                .take_while(|(_, t)| !sentences.is_persons(t) && loop_over_setups(t).is_none())
                .find_map(|(n, t)| {
                    let words = command_words(t, name).or_else(|| carried_command(input, n, t, name))?;
                    let words = with_continuation(input, n, words, first);
                    let (start, words) = with_lines_carried_on(input, n, words, from);
                    let at = input.lines[start - 1].trim();
                    Some((n, (Some(words), (program_as_written(t, name), super::cmdline::prompt_directory(at)))))
                })
        })
        .collect();
    let command_at: Vec<Option<usize>> = found.iter().map(|f| f.as_ref().map(|f| f.0)).collect();
    let (mut commands, (mut programs, mut dirs)): Commands<'_> =
        found.into_iter().map(|f| f.map_or((None, (None, None)), |(_, c)| c)).unzip();
    let at = &command_at;
    inherit_commands(input, samples, (copies, copy_of), (&mut commands, at), &mut programs, &mut dirs, notes);
    // Options spelled one way and in one order ([`one_spelling`]: `--sync`
    // is `-s`, `-t60` is `-t 60`, `--pipe` is `-p`); a line a mail
    // wrapped is told by its words as written.
    let written = commands.clone();
    for words in commands.iter_mut().flatten() {
        *words = one_spelling(name, words);
    }
    if commands.iter().flatten().count() < 2 {
        return false;
    }
    // Labels taken from prose around a command line give way to it first;
    // the copies still merged are told apart by their lines below.
    let by_copy = samples_of_copies(copies.len(), copy_of);
    let preferred = prefer_command_lines(input, name, samples, (copies, copy_of, &by_copy), hashes, &commands, ids);
    let groups = merged_groups(copies.len(), copy_of, hashes, ids);
    let mut parts: Vec<Option<String>> = vec![None; copies.len()];
    for members in groups {
        // The copies that show a command line are told apart by it; one
        // that shows none (a run quoted again without its command) keeps
        // no label, a row of its own where the others get one. Skipping
        // the whole group averaged a STREAM mail's two binaries' runs
        // because a third copy, reposted, showed no command (wild28).
        let members: Vec<usize> = members.into_iter().filter(|&k| commands[k].is_some()).collect();
        if members.len() < 2 {
            continue;
        }
        // One line the start of another, as written, where the mail
        // wrapped it (the rest of the longer line on the line below it): no
        // other set-up that the words tell. Options added at the end
        // (`dbench 16` / `dbench 16 --sync`) are one (below).
        if wrapped_command(input, name, copies, &members, &written) {
            continue;
        }
        // Each line without the values the parser read (and their options):
        // `basic` of `perf bench syscall basic` (its group `syscall/basic`),
        // `-t TCP_STREAM` (its test), which every copy here shares whether
        // its line says so (`perf bench syscall all`, netperf's default
        // test) or not.
        // Only the values read from the runs merged (samples whose key and
        // identity are in two of these copies or more): a value another
        // figure of the copy was read with is no part of theirs. stress-ng's
        // `--matrix 4 --stream 4` and `--vm 2 --matrix 4` lost `--stream 4`
        // and `--vm 2` as the stream and vm rows' own (`stressor`,
        // `instances`), and the two matrix runs, each beside another
        // stressor, were averaged as runs of one set-up with no word.
        let mut in_copies: FxHashMap<(u64, &Identity), usize> = FxHashMap::default();
        for &k in &members {
            let mut here: Vec<(u64, &Identity)> = by_copy[k].iter().map(|&i| (hashes[i], &ids[i])).collect();
            here.sort_unstable();
            here.dedup();
            for key in here {
                *in_copies.entry(key).or_default() += 1;
            }
        }
        let merged_run = |i: usize| in_copies.get(&(hashes[i], &ids[i])).is_some_and(|&n| n > 1);
        let mut lines: Vec<Vec<&str>> = members
            .iter()
            .map(|&k| {
                let of_copy = by_copy[k].iter().filter(|&&i| merged_run(i)).map(|&i| &samples[i]);
                without_values_read(name, commands[k].as_deref().unwrap_or_default(), of_copy)
            })
            .collect();
        // A prompt's host before some copies' commands and no prompt
        // before the others' (`root@yeti:/usr5# tiobench.pl --size 4000`
        // over the first of Mike Black's tables, the command alone over the
        // second, LKML 2001-09) tells no two machines apart: the first was
        // labelled `root@yeti`. The host is left out of the comparison.
        // Each copy's: `Some(true)` a host before its command, `Some(false)`
        // its command alone at the start of its line, `None` not known.
        let hosted: Vec<Option<bool>> = members
            .iter()
            .zip(&lines)
            .map(|(&k, l)| {
                let t = input.lines[command_at[k]? - 1].trim_start();
                let alone = t.words().next().is_some_and(|w| is_program(command_words_name(w), name));
                let t = t.trim_start_matches('[');
                let host = l.first().filter(|w| !is_program(w, name) && t.starts_with(**w));
                let host =
                    host.is_some_and(|w| t.find("$ ").or_else(|| t.find("# ")).is_some_and(|at| t[..at].contains(*w)));
                (host || alone).then_some(host)
            })
            .collect();
        if hosted.contains(&Some(true)) && hosted.contains(&Some(false)) && !hosted.contains(&None) {
            let at = |want: bool| members.iter().zip(&hosted).find(|(_, h)| **h == Some(want)).map(|(&k, _)| k);
            if let (Some(a), Some(b)) = (at(true), at(false))
                && let (Some(la), Some(lb)) = (command_at[a], command_at[b])
            {
                let host = lines[members.iter().position(|&k| k == a).unwrap_or(0)].first().map(|w| w.to_string());
                dropped_hosts.push((members.clone(), la, lb, host.unwrap_or_default()));
            }
            for (l, _) in lines.iter_mut().zip(&hosted).filter(|(_, h)| **h == Some(true)) {
                l.remove(0);
            }
        }
        if lines.iter().all(|l| *l == lines[0]) {
            // Alike but for the program's directory (`./hackbench` /
            // `~/src/hackbench/hackbench`): two builds, each its program.
            let written: Vec<Option<&str>> = members.iter().map(|&k| programs[k]).collect();
            if written.iter().all(Option::is_some) && written.iter().any(|p| *p != written[0]) {
                for (&k, p) in members.iter().zip(&written) {
                    parts[k] = p.map(str::to_string);
                }
                continue;
            }
            // Alike but for the directory the prompt shows (`cd /mnt/xfs`,
            // then `root@box:/mnt/xfs# dbench 16`): run where each file
            // system is mounted, each its directory (ext4's and xfs's runs
            // were averaged).
            // Only a mount point's directory, as across files
            // ([`is_mount_point_dir`]): `~` and `/tmp` split hackbench's
            // runs into two set-ups (reader34 F14).
            let at: Vec<Option<&str>> = members.iter().map(|&k| dirs[k]).collect();
            if at.iter().all(|d| d.is_some_and(is_mount_point_dir)) && at.iter().any(|d| *d != at[0]) {
                for (&k, d) in members.iter().zip(&at) {
                    parts[k] = d.map(|d| format!("in {d}"));
                }
                continue;
            }
            // Alike as a script's `set -x` trace (`+ fio --bs=4k …`), the
            // prompt's line above it that ran the script differing
            // (`taskset -c 0 ~/test/io_uring …` / `taskset -c 80 …`).
            let wrappers: Option<Vec<Vec<&str>>> =
                members.iter().map(|&k| command_at[k].and_then(|n| traced_by(input, n))).collect();
            if let Some(wrappers) = wrappers.filter(|w| w.iter().any(|l| *l != w[0]))
                && let Some(found) = differing_parts(name, &wrappers)
            {
                for (&k, part) in members.iter().zip(found) {
                    if part.is_some() {
                        parts[k] = part;
                    }
                }
            }
            continue;
        }
        let Some(found) = differing_parts(name, &lines) else { continue };
        for (&k, part) in members.iter().zip(found) {
            if part.is_some() {
                parts[k] = part;
            }
        }
    }
    add_copy_labels(ids, copy_of, &parts) || preferred
}

/// The words of the command a shell prompt ran on the line above line `n`
/// (1-based) when line `n` is a `set -x` trace (`+ fio --bs=4k …`): the
/// script the prompt started printed the benchmark's command, and the
/// prompt's line is what the poster typed (`[root@box ~]# taskset -c 80
/// ~/git/tools/test/nvme/io_uring 10 1 /dev/nvme1n1 4k` → `taskset`, `-c`,
/// `80`, …; Ming Lei's fio runs on CPU 0 and CPU 80, LKML 2021-07).
/// `None` for any other line.
fn traced_by(input: &Input, n: usize) -> Option<Vec<&str>> {
    let trace = input.lines.get(n - 1)?.trim_start();
    if !trace.starts_with("+ ") {
        return None;
    }
    let above = input.lines.get(n.checked_sub(2)?)?.trim();
    if !super::failed::is_command_line(above) {
        return None;
    }
    let words: Vec<&str> = above.words().collect();
    // The prompt: up to its word ending in `#`, `$` or `%` (`$`, `root@box:~#`,
    // `[root@box ~]#`).
    let prompt = words.iter().take(2).position(|w| w.ends_with(['#', '$', '%']))?;
    let command = words[prompt + 1..].to_vec();
    (!command.is_empty()).then_some(command)
}

/// The copies of an output ([`copies`]: each one's first and last read
/// line, and each sample's copy) and each copy's samples
/// ([`samples_of_copies`]).
type CopiesOf<'a> = (&'a [(usize, usize)], &'a [usize], &'a [Vec<usize>]);

/// Relabels copies of one key that the label lines above them told apart
/// by their command lines, where those differ: the command is what was
/// run, the label line above it a person's words around it (a qemu-ppc
/// mail's `while on amigaone or pegasos2 the same executable finishes
/// with:` and `Results Validation Verbose Results:` labelled runs of `$
/// qemu-ppc -cpu 460ex streamPPC` and `$ ./streamPPCpowerpcO3`, wild28).
/// Each copy with a command line is labelled by its line's part that
/// differs ([`differing_parts`]), its kernel kept; only where every such
/// copy has a part and no two copies the labels told apart would come
/// together (`before:` and `after:` over one command keep their labels).
/// `commands`: each copy's command line's words ([`command_words`]).
/// Returns whether a label was changed.
fn prefer_command_lines(
    input: &Input,
    name: &str,
    samples: &[Sample],
    (copies, copy_of, by_copy): CopiesOf<'_>,
    hashes: &[u64],
    commands: &[Option<Vec<&str>>],
    ids: &mut [Identity],
) -> bool {
    // Each copy's identity, where its samples share one.
    let mut of_copy: Vec<Option<Option<&Identity>>> = vec![None; copies.len()];
    for (id, &c) in ids.iter().zip(copy_of) {
        if let Some(slot) = of_copy.get_mut(c) {
            *slot = match *slot {
                None => Some(Some(id)),
                Some(Some(other)) if other == id => Some(Some(id)),
                _ => Some(None),
            };
        }
    }
    let unlabelled = vec![Identity::default(); samples.len()];
    let mut relabel: Vec<Option<String>> = vec![None; copies.len()];
    for members in merged_groups(copies.len(), copy_of, hashes, &unlabelled) {
        let Some(old) = members.iter().map(|&k| of_copy[k].flatten()).collect::<Option<Vec<&Identity>>>() else {
            continue;
        };
        if old.iter().all(|id| *id == old[0]) {
            continue;
        }
        let with: Vec<usize> = members.iter().copied().filter(|&k| commands[k].is_some()).collect();
        if with.len() < 2 || wrapped_command(input, name, copies, &with, commands) {
            continue;
        }
        let lines: Vec<Vec<&str>> = with
            .iter()
            .map(|&k| {
                let of = by_copy[k].iter().map(|&i| &samples[i]);
                without_values_read(name, commands[k].as_deref().unwrap_or_default(), of)
            })
            .collect();
        let Some(found) = differing_parts(name, &lines) else { continue };
        // Only a copy whose label was taken from prose around its command
        // line is relabelled; a set-up's name (`VF to VF:`, `master:`) is
        // kept, and a copy with none stays so (a kernel may tell it apart).
        let found: Vec<Option<String>> = with
            .iter()
            .zip(found)
            .map(|(&k, part)| {
                let id = of_copy[k].flatten()?;
                part.filter(|_| {
                    id.label.as_deref().is_some_and(|l| label_in_prose(input, copies, k, commands, name, l))
                })
            })
            .collect();
        if found.iter().all(Option::is_none) {
            continue;
        }
        let new: Vec<Identity> = members
            .iter()
            .zip(&old)
            .map(|(k, id)| match with.iter().position(|w| w == k).and_then(|p| found[p].clone()) {
                Some(part) => Identity { kernel: id.kernel.clone(), label: Some(part) },
                None => (*id).clone(),
            })
            .collect();
        // Copies the labels told apart stay apart.
        let parts_apart =
            (0..members.len()).all(|i| (i + 1..members.len()).all(|j| old[i] == old[j] || new[i] != new[j]));
        if !parts_apart {
            continue;
        }
        for (k, part) in with.into_iter().zip(found) {
            relabel[k] = part;
        }
    }
    let mut changed = false;
    for (id, &c) in ids.iter_mut().zip(copy_of) {
        if let Some(Some(part)) = relabel.get(c) {
            id.label = Some(part.clone());
            changed = true;
        }
    }
    changed
}

/// True when copy `k`'s label `label` was taken from prose around its
/// command line rather than a set-up's name: the nearest line above the
/// command (below the copy before) that holds the label is a sentence's
/// words (six or more from a lower-case one: `while on amigaone or
/// pegasos2 the same executable finishes with:`) or the end of a sentence
/// wrapped from the line above (`… another known weak` / `point of
/// QEMU):`). False where the command's line or the label's is not found
/// (the label's is looked for anywhere above the command: a copy further
/// up may have handed it down).
fn label_in_prose(
    input: &Input,
    copies: &[(usize, usize)],
    k: usize,
    commands: &[Option<Vec<&str>>],
    name: &str,
    label: &str,
) -> bool {
    let from = first_line_after_copy_before(copies, k);
    let text = |n: usize| input.lines[n - 1].trim();
    let Some(at) =
        (from..copies[k].0).rev().find(|&n| command_words(text(n), name).as_deref() == commands[k].as_deref())
    else {
        return false;
    };
    // The label may be that of a copy further up, inherited.
    let lower = label.to_lowercase();
    let Some(l) = (1..at).rev().find(|&n| text(n).to_lowercase().contains(&lower)) else { return false };
    let t = text(l);
    let words = t.words().count();
    let lower_words = |t: &str| t.words().filter(|w| w.starts_with(char::is_lowercase)).count();
    let sentence = t.starts_with(char::is_lowercase) && words >= 6 && lower_words(t) * 4 >= words * 3;
    let wrapped = l > 1 && {
        let p = text(l - 1);
        !p.ends_with(['.', '!', '?', ':', ';'])
            && !p.contains('\t')
            && !p.contains("  ")
            && !is_rule(p)
            && p.words().count() >= 5
            && lower_words(p) >= 3
    };
    sentence || wrapped
}

/// The part of each of several command lines (`lines`: each one's words
/// without the values the parser read) that differs from the others: the
/// words between those all of them begin and end with, with the option a
/// differing value is given to (`-H b`) and the wrapper that takes that
/// option (`taskset -c 0-7`); `None` for a line with nothing there. `None`
/// in all where the lines tell no set-ups apart: one the start of another
/// but for no option (a word the parser read in other words), or lines
/// that differ only in a numbered run's log.
fn differing_parts(name: &str, lines: &[Vec<&str>]) -> Option<Vec<Option<String>>> {
    let shortest = lines.iter().map(Vec::len).min().unwrap_or(0);
    let prefix = (0..shortest).take_while(|&d| lines.iter().all(|l| l[d] == lines[0][d])).count();
    let suffix = (0..shortest - prefix)
        .take_while(|&d| lines.iter().all(|l| l[l.len() - 1 - d] == lines[0][lines[0].len() - 1 - d]))
        .count();
    // One line the start of another once the values read are left
    // out, the rest no option: a word the parser read in other words
    // (`perf bench syscall all` beside `… syscall basic`, its group
    // `syscall/basic`). The rest an option (`dbench -t 60 16` beside
    // `dbench 16`) is a set-up.
    if suffix == 0
        && lines.iter().any(|l| l.len() == prefix)
        && !lines.iter().any(|l| l.get(prefix).is_some_and(|w| is_option(w)))
    {
        return None;
    }
    // Lines that differ only in a numbered run's log (`> run1.log; cat
    // run1.log` / `> run2.log; cat run2.log`): runs, not set-ups.
    if lines.iter().all(|l| l[prefix..l.len() - suffix].iter().all(|w| is_run_log_or_glue(w))) {
        return None;
    }
    // The command `time` timed keeps its last arguments, though every
    // line ends with them, when they are bare (no option among them): no
    // parameter holds them (`lat_ctx -s 0 3`, its process count `3`, was
    // labelled `lat_ctx -s 0`, as `-s 0 8` in another file would be:
    // wild36c N2). Options all share (`make … -j 32 O=../build/`) and a
    // benchmark's own trailing words (its parameters) are left out.
    let keep_suffix =
        name == "time" && lines[0][lines[0].len() - suffix..].iter().all(|w| !is_option(w) && !w.contains('='));
    let part = |words: &Vec<&str>| {
        let end = words.len() - suffix;
        if end <= prefix {
            return None;
        }
        let end = if keep_suffix { words.len() } else { end };
        let mut start = prefix;
        // `-H b`: the option the differing value is given to, and
        // `taskset -c 0-7`: the wrapper that takes that option.
        // `nice -n -20`: a negative number is the option's value.
        // A word before the option that is another option's value
        // (`redis-benchmark -r 1000000 -t ping,get`: `1000000` is `-r`'s)
        // is no wrapper: the label was `1000000 -t ping,get`.
        // `taskset 4 perf …` / `taskset 0x4 perf …`: the mask is the
        // positional value of the wrapper before it (with the first of
        // such commands missing, the label was `4 perf stat --null`).
        if start > 0
            && !is_option(words[start])
            && super::cmdline::BARE_VALUE_WRAPPERS.contains(&command_words_name(words[start - 1]))
        {
            start -= 1;
        } else if start > 0 && !is_option(words[start]) && is_option(words[start - 1]) {
            start -= 1;
            if start > 0
                && !is_option(words[start - 1])
                && command_words_name(words[start - 1]) != name
                && !(start >= 2 && is_option(words[start - 2]))
            {
                start -= 1;
            }
        }
        Some(words[start..end].join(" "))
    };
    Some(lines.iter().map(part).collect())
}

/// Long options of hackbench and their short spellings (`hackbench
/// --pipe` is `hackbench -p`).
const HACKBENCH_LONG_OPTIONS: [(&str, &str); 7] = [
    ("--pipe", "-p"),
    ("--threads", "-T"),
    ("--process", "-P"),
    ("--groups", "-g"),
    ("--loops", "-l"),
    ("--datasize", "-s"),
    ("--fds", "-f"),
];

/// pgbench's options that take a value: long, short.
const PGBENCH_VALUED: [(&str, &str); 12] = [
    ("--client", "-c"),
    ("--jobs", "-j"),
    ("--time", "-T"),
    ("--transactions", "-t"),
    ("--rate", "-R"),
    ("--scale", "-s"),
    ("--protocol", "-M"),
    ("--progress", "-P"),
    ("--latency-limit", "-L"),
    ("--define", "-D"),
    ("--file", "-f"),
    ("--builtin", "-b"),
];

/// pgbench's options spelt one way: a value glued to its short option
/// split off (`-c4` → `-c 4`) and a long option as its short one
/// (`--rate=1000` → `-R 1000`): `pgbench -c4 -R1000 -T60` and `pgbench -c
/// 4 --rate=1000 -T 60` were two set-ups (attack41 F6).
fn pgbench_spelling<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::with_capacity(words.len() + 2);
    for &w in words {
        let (option, value) =
            w.split_once('=').filter(|_| w.starts_with("--")).map_or((w, None), |(o, v)| (o, Some(v)));
        if let Some(&(_, short)) = PGBENCH_VALUED.iter().find(|(long, _)| *long == option) {
            out.push(short);
            out.extend(value);
        } else if w.len() > 2
            && !w.starts_with("--")
            && PGBENCH_VALUED.iter().any(|(_, short)| w.starts_with(short))
            && w.is_char_boundary(2)
        {
            out.extend([&w[..2], &w[2..]]);
        } else {
            out.push(w);
        }
    }
    out
}

/// hackbench's options that take no value (`-p 10` is no pipe of 10).
const HACKBENCH_FLAGS: [&str; 3] = ["-p", "-T", "-P"];

/// A command line's `words` (of the benchmark `name`'s command) with its
/// options spelled one way and, for a benchmark whose options mean the
/// same in any order (dbench, tbench, hackbench, stress-ng), in one
/// order, so that one set-up typed two ways is one: dbench's long options
/// as its short ones and a value glued on split off
/// ([`super::dbench::option_spelling`]: `--sync` → `-s`, `-t60` → `-t
/// 60`, `-D/mnt/x` → `-D /mnt/x`), hackbench's (`--pipe` → `-p`,
/// `--groups=10` → `-g 10`), stress-ng's `-t` as `--timeout`; then, after
/// the program, each option with its value sorted by its text, the words
/// that are no option's value after them in their order (`dbench -t 60
/// -D /mnt/x 16` → `dbench -D /mnt/x -t 60 16`). Other benchmarks' words
/// are as they are (fio's options after `--name=` are that job's: their
/// order says something). Two files' `dbench -t 60 -D /mnt/x 4` and
/// `dbench -D /mnt/x -t 60 4`, `hackbench -p` and `hackbench --pipe` were
/// set-ups never compared (attacker 28).
pub(super) fn one_spelling<'a>(name: &str, words: &[&'a str]) -> Vec<&'a str> {
    let out: Vec<&'a str> = match name {
        "dbench" | "tbench" => super::dbench::option_spelling(words),
        "hackbench" => {
            let mut out = Vec::with_capacity(words.len() + 1);
            for &w in words {
                let (option, value) =
                    w.split_once('=').filter(|_| w.starts_with("--")).map_or((w, None), |(o, v)| (o, Some(v)));
                match HACKBENCH_LONG_OPTIONS.iter().find(|(long, _)| *long == option) {
                    Some(&(_, short)) => {
                        out.push(short);
                        out.extend(value);
                    }
                    None => out.push(w),
                }
            }
            out
        }
        "stress-ng" => words.iter().map(|&w| if w == "-t" { "--timeout" } else { w }).collect(),
        "pgbench" => pgbench_spelling(words),
        _ => return words.to_vec(),
    };
    let Some(program) = out.iter().position(|w| is_program(command_words_name(w), name)) else { return out };
    // Each option with its value, then the other words, after the program.
    let flag = |w: &str| name == "hackbench" && HACKBENCH_FLAGS.contains(&w);
    let mut options: Vec<&[&'a str]> = Vec::new();
    let mut others: Vec<&'a str> = Vec::new();
    let rest = &out[program + 1..];
    let mut k = 0;
    while k < rest.len() {
        let w = rest[k];
        if is_option(w) {
            let valued = takes_value(name, w) && !flag(w) && rest.get(k + 1).is_some_and(|v| !is_option(v));
            let end = if valued { k + 2 } else { k + 1 };
            options.push(&rest[k..end]);
            k = end;
        } else {
            others.push(w);
            k += 1;
        }
    }
    options.sort();
    let mut sorted: Vec<&'a str> = out[..=program].to_vec();
    sorted.extend(options.into_iter().flatten());
    sorted.extend(others);
    sorted
}

/// A command line's words ([`command_words`]) without its housekeeping
/// ([`without_housekeeping`]) and without the values the parser read from
/// `samples` (their parameters' values and group names) with the options
/// they are given to ([`without_read_values`]): `netperf -H b` of
/// `netperf -H b -t TCP_STREAM` (its test read), `dbench -D /mnt/xfs` of
/// `dbench -D /mnt/xfs 16` (`procs` 16); nor the options that only say how
/// often to repeat the measurement ([`without_repetition`]: netperf's `-I
/// 99` and `-i 10,3`). `name` is the benchmark's command ([`command_name`]).
fn without_values_read<'a, 's>(
    name: &str,
    words: &[&'a str],
    samples: impl Iterator<Item = &'s Sample>,
) -> Vec<&'a str> {
    let mut read: ReadValues<'s> = rustc_hash::FxHashMap::default();
    for s in samples {
        for p in &s.params {
            read.entry(p.value.as_str()).or_default().push(p.name.as_str());
        }
        for part in s.group.split('/') {
            read.entry(part).or_default().push("");
        }
    }
    let words = without_repetition(name, &without_housekeeping(words));
    without_read_values(name, &without_options_read(name, &words, &read), &read)
}

/// `words` of a command running `name` without the options whose meaning
/// the parser read from the output as parameters (`read`), which are no
/// set-up of their own (README, "Content layout"): hackbench's `-P` and
/// `-T` (`mode`, from `Running in process mode`), `-p` (`ipc` pipe) and
/// `-f N` (`fds` 2N, from `using 40 file descriptors each`); stress-ng's
/// `--STRESSOR N` (`stressor`, `instances`: `stress-ng: info: [2680]
/// memrate 3159 …` of 96 instances). LKP's `hackbench -P -f 20 -p` and
/// `hackbench -T -f 20 -p`, or `stress-ng --memrate 96` and `--memrate
/// 128`, were set-ups of their own beside the parameters that already
/// told them apart, and the build advised `same_setup:` for nothing
/// (newcomer30 P1-3). Other benchmarks' words are kept.
fn without_options_read<'a>(name: &str, words: &[&'a str], read: &ReadValues<'_>) -> Vec<&'a str> {
    let is_read = |value: &str, param: &str| read.get(value).is_some_and(|names| names.contains(&param));
    let mut kept = Vec::with_capacity(words.len());
    let mut k = 0;
    while k < words.len() {
        let w = words[k];
        let next = words.get(k + 1).copied().unwrap_or_default();
        let skip = match name {
            "hackbench" => match w {
                "-P" if is_read("process", "mode") => 1,
                "-T" if is_read("thread", "mode") => 1,
                "-p" if is_read("pipe", "ipc") => 1,
                "-f" if next.parse::<u64>().is_ok_and(|n| is_read(&(2 * n).to_string(), "fds")) => 2,
                _ => 0,
            },
            "stress-ng" => match w.strip_prefix("--") {
                Some(stressor) if is_read(stressor, "stressor") && is_read(next, "instances") => 2,
                _ => 0,
            },
            // iperf3's `-R`: the parser's `reverse` (a blog's `-P 10 -R`
            // run was labelled `-R` beside another file's `reverse=1`).
            "iperf3" => usize::from(matches!(w, "-R" | "--reverse") && is_read("1", "reverse")),
            _ => 0,
        };
        if skip == 0 {
            kept.push(w);
        }
        k += skip.max(1);
    }
    kept
}

/// `words` of a command running `name` without the options that repeat
/// or lengthen its measurement rather than set it up: netperf's confidence
/// interval (`-I 99`, `-I 99,5`, `-I99`), iteration bounds (`-i 10,3`) and
/// test length (`-l 30`, `-l -1000` transactions), global options before
/// its `--`, after which the test's own (`-m`, `-r`) are set-ups. netperf
/// reports one figure of the same kind however often or long it measured:
/// an eelinux README's `-I 99` run and its `-l 30` run were set-ups of
/// their own beside each other (wild28), so that nothing was compared
/// with them. (A run short of its `-l` is still found by the parser.)
/// Other benchmarks' words are kept.
fn without_repetition<'a>(name: &str, words: &[&'a str]) -> Vec<&'a str> {
    if name != "netperf" {
        return words.to_vec();
    }
    let mut kept = Vec::with_capacity(words.len());
    let (mut test_options, mut skip_value) = (false, false);
    for &w in words {
        if skip_value {
            skip_value = false;
            // `-l -1000`: a negative length counts transactions.
            if !w.starts_with('-') || w[1..].starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
        }
        test_options |= w == "--";
        if !test_options && let Some(rest) = ["-I", "-i", "-l"].iter().find_map(|o| w.strip_prefix(o)) {
            // `-I 99`: the value is the next word; `-I99`, `-l-1000`: glued.
            if rest.is_empty() {
                skip_value = true;
                continue;
            }
            if rest.trim_start_matches('-').starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
        }
        kept.push(w);
    }
    kept
}

/// True when, among the command lines of the copies `members`, one is
/// the start of another as written because a mail wrapped it: the line
/// right below the shorter one's (between the copy before and its copy)
/// starts with the word the longer line goes on with. A lore.kernel.org
/// reply's `$ stress-ng --timeout 100 … --sequential ` went on with `96
/// --class memory …` on the next line, its quoted original on one line:
/// one command. Without that line below, the longer command is the
/// shorter one with options added at its end (`dbench 16` / `dbench 16
/// --sync`, `iperf3 -c x` / `iperf3 -c x -R`): another set-up, which the
/// labeller names by those options (O_SYNC runs at a fifth of the
/// throughput were averaged with the others, silently).
fn wrapped_command(
    input: &Input,
    name: &str,
    copies: &[(usize, usize)],
    members: &[usize],
    commands: &[Option<Vec<&str>>],
) -> bool {
    let raw: Vec<(usize, &[&str])> = members.iter().filter_map(|&k| Some((k, commands[k].as_deref()?))).collect();
    let Some(&(_, first)) = raw.first() else { return false };
    let shortest = raw.iter().map(|(_, l)| l.len()).min().unwrap_or(0);
    let prefix = (0..shortest).take_while(|&d| raw.iter().all(|(_, l)| l[d] == first[d])).count();
    let goes_on: Vec<&str> = raw.iter().filter_map(|(_, l)| l.get(prefix).copied()).collect();
    let Some(&(k, _)) = raw.iter().find(|(_, l)| l.len() == prefix) else { return false };
    if goes_on.is_empty() {
        return false;
    }
    // The shorter command's line: the nearest above its copy, below the
    // copy before, that reads as these words (an inherited command, a
    // table's next row, has none there: no wrap seen).
    let from = first_line_after_copy_before(copies, k);
    let Some(at) = (from..copies[k].0)
        .rev()
        .find(|&n| command_words(input.lines[n - 1].trim(), name).as_deref() == commands[k].as_deref())
    else {
        return false;
    };
    input.lines.get(at).and_then(|next| next.words().next()).is_some_and(|w| goes_on.contains(&w.trim_matches('"')))
}

/// The values a parser read from one copy's samples, each with the names
/// of the parameters it is the value of (`""` for a part of the group).
type ReadValues<'a> = rustc_hash::FxHashMap<&'a str, Vec<&'a str>>;

/// A command line's words without the values the parser read (`read`) and
/// the options they are given to: `-t TCP_STREAM` (netperf's test, which
/// a copy shares whether its line says so or not), `basic` of `perf bench
/// syscall basic`. A number given to a long option (`--direct=1`,
/// `--taskset 4`) is that option's value only where the option names the
/// parameter the number was read as (`--iodepth=1` is `iodepth`,
/// `--numjobs=4` is `jobs`): fio's `--direct=1` was left out as the `1`
/// of `iodepth=1`, and O_DIRECT runs were averaged with buffered ones.
fn without_read_values<'a>(name: &str, words: &[&'a str], read: &ReadValues<'_>) -> Vec<&'a str> {
    let positional_count = matches!(name, "dbench" | "tbench");
    let mut kept: Vec<&'a str> = Vec::new();
    for &w in words {
        let value = w.rsplit('=').next().unwrap_or(w);
        let option = match w.split_once('=') {
            Some((option, _)) if w.starts_with('-') => Some(option),
            Some(_) => None,
            None if w.starts_with('-') => {
                kept.push(w);
                continue;
            }
            None => {
                let option = kept.last().copied().filter(|p| takes_value(name, p) && kept.len() > 1);
                // dbench's client count stands alone: `16` after `-R` is
                // the rate's (`dbench -R 16 16` was `dbench 16`).
                if positional_count && option.is_some() {
                    kept.push(w);
                    continue;
                }
                option
            }
        };
        // A value the parser read with its unit (`--timeout 10`, read as
        // stress-ng's `timeout=10s`), under the parameter its option names.
        let with_unit = || {
            let long = option?.trim_start_matches('-');
            read.iter().find_map(|(v, names)| {
                let unit = v.strip_prefix(value)?;
                (!unit.is_empty()
                    && unit.bytes().all(|b| b.is_ascii_alphabetic())
                    && names.iter().any(|n| names_parameter(long, n)))
                .then_some(names)
            })
        };
        // A run length in other units than the one read (`--timeout 1m`,
        // read as `timeout=60s`).
        let in_seconds = || {
            let long = option?.trim_start_matches('-');
            let secs = duration_seconds(value)?;
            read.get(format!("{secs}s").as_str()).filter(|names| names.iter().any(|n| names_parameter(long, n)))
        };
        let Some(names) = read.get(value).or_else(with_unit).or_else(in_seconds).filter(|_| !value.is_empty()) else {
            kept.push(w);
            continue;
        };
        // `--direct=1`, or fio's one-dash spelling of it, `-direct=1`.
        let long = option.and_then(|o| o.strip_prefix("--").or_else(|| o.strip_prefix('-').filter(|r| r.len() > 1)));
        let number = value.starts_with(|c: char| c.is_ascii_digit());
        if let Some(long) = long
            && number
            && !names.iter().any(|n| names_parameter(long, n))
        {
            kept.push(w);
            continue;
        }
        if !w.contains('=') && option.is_some() {
            kept.pop();
        }
    }
    kept
}

/// The seconds a run length with a unit gives (`1m` → 60, `2h`, `1d`);
/// `None` for a bare number or anything else.
fn duration_seconds(value: &str) -> Option<f64> {
    let (at, unit) = value.char_indices().last()?;
    let scale = match unit {
        'm' => 60.0,
        'h' => 3_600.0,
        'd' => 86_400.0,
        _ => return None,
    };
    let n: f64 = value[..at].parse().ok().filter(|v: &f64| v.is_finite() && *v > 0.0)?;
    Some(n * scale)
}

/// True when a long option's name (`iodepth`, `numjobs`, `cpu-max-prime`)
/// names the parameter `param` (`iodepth`, `jobs`, `cpu_max_prime`): the
/// one names the other, `-` and `_` aside, or ends with it.
fn names_parameter(option: &str, param: &str) -> bool {
    let plain =
        |s: &str| s.chars().filter(|c| !matches!(c, '-' | '_')).flat_map(char::to_lowercase).collect::<String>();
    let (o, p) = (plain(option), plain(param));
    !p.is_empty() && (o == p || o.ends_with(&p) || p.ends_with(&o))
}

/// A directory where a file system is mounted for a run (`/mnt/xfs`,
/// `/media/usb`, `/data`, `/scratch`): dbench, bonnie++ and tiobench work
/// where they are started, so a run there is a set-up of its own (6.1's
/// runs in `/mnt/ext4` and 6.2's in `/mnt/xfs` were compared as one,
/// attacker 28). Any other directory (`~`, `/tmp`, `~/linux-6.1`) says
/// nothing of the set-up: one rule inside a file (a prompt's directory, a
/// `cd` typed between runs) and across files ([`file_setup`]).
pub(super) fn is_mount_point_dir(dir: &str) -> bool {
    let dir = dir.trim();
    ["/mnt/", "/media/", "/data", "/scratch"].iter().any(|p| dir.starts_with(p))
}

/// Commands typed around a benchmark's that set nothing up: changing
/// directory, unmounting, syncing, waiting, listing (`cd; umount /mnt;
/// mount -t ext4 /dev/sdb1 /mnt && cd /mnt && dbench 16`: the set-up is
/// what is mounted, [`filesystem_command`]).
const HOUSEKEEPING: [&str; 9] = ["cd", "umount", "sync", "sleep", "ls", "pwd", "clear", "date", "uptime"];

/// A command line's words without its parts (joined by `;`, `&&`, `||`)
/// that set nothing up ([`HOUSEKEEPING`], `echo 3 > /proc/sys/vm/drop_caches`):
/// they told apart copies of one set-up (`mount -t ext4 … && dbench 16`
/// and `cd; umount /mnt; mount -t ext4 … && dbench 16` were two).
fn without_housekeeping<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut kept = Vec::new();
    let mut part: Vec<&'a str> = Vec::new();
    let mut flush = |part: &mut Vec<&'a str>| {
        let first = part.first().map(|w| w.trim_end_matches(';')).unwrap_or_default();
        if !is_housekeeping(first, part.iter().any(|w| w.contains("drop_caches"))) {
            kept.append(part);
        }
        part.clear();
    };
    for &w in words {
        part.push(w);
        if matches!(w, "&&" | "||" | ";") || w.ends_with(';') {
            flush(&mut part);
        }
    }
    flush(&mut part);
    kept
}

/// True when a command part whose first word is `first` sets nothing up:
/// one of [`HOUSEKEEPING`] (with or without its directory, `/bin/sync`), or
/// `echo`/`sysctl` dropping the page cache (`drops_caches`: the part names
/// `drop_caches`).
fn is_housekeeping(first: &str, drops_caches: bool) -> bool {
    let first = command_words_name(first);
    HOUSEKEEPING.contains(&first) || (matches!(first, "echo" | "sysctl") && drops_caches)
}

/// A shell command line's parts, split at `;`, `&&` and `||` outside
/// quotes, each trimmed, empty ones left out: `sync; echo never >
/// /sys/kernel/mm/transparent_hugepage/enabled` → `sync`, `echo never > …`.
/// A pipe (`echo 1 | tee /sys/…`) stays one part.
fn command_line_parts(t: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut from, mut quote) = (0, None);
    let bytes = t.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'"' || b == b'\'' => quote = Some(b),
            None if b == b';' || (matches!(b, b'&' | b'|') && bytes.get(i + 1) == Some(&b)) => {
                parts.push(t[from..i].trim());
                i += if b == b';' { 1 } else { 2 };
                from = i;
                continue;
            }
            None => {}
        }
        i += 1;
    }
    parts.push(t[from..].trim());
    parts.retain(|p| !p.is_empty());
    parts
}

/// The set-up a command line typed between runs makes (`t`: without its
/// prompt and `sudo`), each of its parts ([`command_line_parts`]) judged
/// alone ([`one_setup_command`]): the parts that set nothing up
/// ([`is_housekeeping`]: `sync`, `sleep 30`, `umount /mnt`, `echo 3 >
/// /proc/sys/vm/drop_caches`) drop out, the labels of those that do are
/// joined by `; ` (`sleep 30 && sysctl -w vm.dirty_ratio=10` →
/// `sysctl -w vm.dirty_ratio=10`). A `cd DIR` typed at a prompt with only
/// housekeeping beside it (`# cd /mnt/xfs && sync`) is the directory's
/// set-up, as alone. An attacker's trial had `# sync; echo never >
/// /sys/kernel/mm/transparent_hugepage/enabled` over three dbench runs and
/// `# sync; echo always > …` over three more: the line's first word hid
/// the set-up, and the six runs (a 30% change) were averaged as one
/// set-up, silently. `None` when no part sets anything up.
fn command_line_setup(t: &str, prompted: bool) -> Option<String> {
    let parts = command_line_parts(t);
    if parts.len() < 2 {
        return one_setup_command(t, prompted);
    }
    let (mut labels, mut dirs, mut others) = (Vec::new(), Vec::new(), false);
    for part in parts {
        let part = part.strip_prefix("sudo ").map_or(part, str::trim_start);
        let first = part.words().next().unwrap_or_default();
        if command_words_name(first) == "cd" {
            dirs.push(part);
        } else if !is_housekeeping(first, part.contains("drop_caches")) {
            match one_setup_command(part, false) {
                Some(label) => labels.push(label),
                None => others = true,
            }
        }
    }
    if labels.is_empty() {
        return match dirs[..] {
            [dir] if !others => one_setup_command(dir, prompted),
            _ => None,
        };
    }
    Some(labels.join("; "))
}

/// The next rows of one output's table (kernbench's `load=optimal`
/// figures after its `load=half` ones, reaim's `forked=200` row after
/// `forked=100`) are copies of their own ([`copies`]: other parameters)
/// with no command line between them: each takes the command of the copy
/// before it, when nothing but the benchmark's own lines (no sentence a
/// person wrote) stands between. Only the first row was labelled by its
/// command line; the other rows of two reports (`taskset -c 0-7
/// ./kernbench` / `taskset -c 0-15 ./kernbench`, `reaim -c
/// ./reaim-dbase.config` / `-c ./reaim-shared.config`) were averaged.
/// So too the next copies under a shell loop that runs the benchmark
/// (`for i in `seq 1 10`; do netperf … -B "iteration $i" …; done`, wrapped
/// by a mail so that no loop over set-ups is seen): the loop printed them
/// all; its first copy alone was labelled by it and kept apart from the
/// nine others (review35 R1). Runs past a `perf stat -r N` command's N,
/// printed before perf stat's summary, are that command's too, and a note
/// in `notes` says so at the first of them (the runs' count and lines);
/// `command_at` is each copy's own command line's number.
fn inherit_commands<'a>(
    input: &'a Input,
    samples: &[Sample],
    (copies, copy_of): (&[(usize, usize)], &[usize]),
    (commands, command_at): (&mut [Option<Vec<&'a str>>], &[Option<usize>]),
    programs: &mut [Option<&'a str>],
    dirs: &mut [Option<&'a str>],
    notes: &mut Vec<(usize, String)>,
) {
    // Each copy's first and last sample's parameters (in line order).
    let mut ends: Vec<Option<(&Sample, &Sample)>> = vec![None; copies.len()];
    for (s, &k) in samples.iter().zip(copy_of) {
        let Some(e) = ends.get_mut(k) else { continue };
        *e = Some(match *e {
            None => (s, s),
            Some((a, b)) => (if s.line < a.line { s } else { a }, if s.line >= b.line { s } else { b }),
        });
    }
    // How many more copies the command of the copy before still printed:
    // `perf stat --repeat 5 CMD` runs CMD five times, one copy each, under
    // its one command line (Ingo Molnar's `starship:~> taskset 4 perf stat
    // --null --repeat 5 perf bench sched pipe` over five bare `usecs/op`
    // lines, four such commands, LKML 2025-03: the first run of each was
    // labelled by its line, the other four of all four set-ups averaged as
    // one, drops54).
    let first = commands.first().and_then(|c| c.as_deref()).and_then(perf_stat_repeats);
    let mut left = first.map_or(0, |r| r - 1);
    // The copy whose own `perf stat -r N` command the copies since are
    // runs of, its N, and the first lines of the runs printed past N.
    let mut repeat: Option<(usize, usize)> = first.map(|r| (0, r));
    let mut past: Vec<usize> = Vec::new();
    let mut say_past = |repeat: Option<(usize, usize)>, past: &mut Vec<usize>| {
        if let (Some((c, r)), Some(&a), Some(&b)) = (repeat, past.first(), past.last()) {
            let at = command_at[c].map_or_else(|| "above".to_string(), |l| format!("on line {l}"));
            notes.push((
                a,
                format!(
                    "the command {at} runs the benchmark {r} times (perf stat's `-r {r}`), but {} more run(s) \
                     follow it before perf stat's summary (lines {a}-{b}): filed under that command as its runs \
                     {}-{}; if they are another set-up's, their own command line (or a label line) above them keeps \
                     them apart",
                    past.len(),
                    r + 1,
                    r + past.len()
                ),
            ));
        }
        past.clear();
    };
    for k in 1..copies.len() {
        if let Some(own) = commands[k].as_deref() {
            say_past(repeat, &mut past);
            let r = perf_stat_repeats(own);
            left = r.map_or(0, |r| r - 1);
            repeat = r.map(|r| (k, r));
            continue;
        }
        if commands[k - 1].is_none() {
            say_past(repeat, &mut past);
            left = 0;
            repeat = None;
            continue;
        }
        let repeated = std::mem::take(&mut left);
        let next_row =
            matches!((ends[k - 1], ends[k]), (Some((_, last)), Some((first, _))) if last.params != first.params);
        let looped = commands[k - 1].as_ref().is_some_and(|w| {
            let j = w.join(" ");
            (j.starts_with("for ") || j.contains(";for ") || j.contains("; for ")) && j.contains("do ")
        });
        let between = copies[k - 1].1 + 1..copies[k].0;
        // More runs than `-r N` says, printed before perf stat's summary
        // (`Performance counter stats for …`): runs of that command all the
        // same (a command line edited in a mail, or a lying one), said.
        // Left unlabelled, the runs past N of two set-ups (`--null`,
        // `taskset 4`) were averaged as one, no word (attack55 F4).
        let extra = repeated == 0
            && repeat.is_some()
            && !between.clone().any(|n| input.lines[n - 1].contains("Performance counter stats for"));
        if (next_row || looped || repeated > 0 || extra)
            && !between.clone().any(|n| is_sentence(input.lines[n - 1].trim()))
        {
            commands[k] = commands[k - 1].clone();
            programs[k] = programs[k - 1];
            dirs[k] = dirs[k - 1];
            left = repeated.saturating_sub(1);
            if repeated == 0 && repeat.is_some() {
                past.push(ends[k].map_or(copies[k].0, |(s, _)| s.line));
            }
        } else {
            say_past(repeat, &mut past);
            repeat = None;
        }
    }
    say_past(repeat, &mut past);
}

/// The run count of `perf stat -r N` (`--repeat N`, `--repeat=N`, `-rN`)
/// in a command line's words, when perf stat runs the command after its
/// options: `taskset 4 perf stat --null --repeat 5 perf bench sched pipe`
/// → 5. Only perf stat's own options are looked at, up to the first word
/// that is neither an option nor an option's value (the command it runs).
/// `None` without one, or for a count of 1 or over 10,000.
fn perf_stat_repeats(words: &[&str]) -> Option<usize> {
    let at = words.windows(2).position(|w| command_words_name(w[0]) == "perf" && w[1] == "stat")?;
    let mut value_next = false;
    let mut rest = words[at + 2..].iter();
    while let Some(&w) = rest.next() {
        let count = match w {
            "-r" | "--repeat" => rest.next().copied(),
            _ if w.starts_with("--repeat=") => w.strip_prefix("--repeat="),
            _ if w.starts_with("-r") && w[2..].bytes().all(|b| b.is_ascii_digit()) && w.len() > 2 => Some(&w[2..]),
            _ if w.starts_with('-') => {
                value_next = true;
                continue;
            }
            _ if std::mem::take(&mut value_next) => continue,
            _ => return None,
        };
        return count.and_then(|c| c.parse::<usize>().ok()).filter(|n| (2..=10_000).contains(n));
    }
    None
}

/// Labels copies of one output that the labels and command lines left
/// merged as runs of one set-up (see [`merged_groups`]) by the set-up
/// lines above them whose values differ from copy to copy while their names
/// are the same ([`setup_pair`]): `Filesystem: ext4` / `Filesystem: xfs`,
/// `mitigations=on` / `mitigations=off`, `**Before patch**` / `**After
/// patch**`, `[base]` / `[patched]`, `Run 1 (cold cache):` / `Run 2 (warm
/// cache):`. Only lines a person wrote count: between the copy before and
/// the copy, neither read nor the benchmark's own (`quiet`, see
/// [`output_lines`]). A name in every copy of the group with values not
/// all alike labels each copy by its line ([`setup_pair`]'s label; two
/// such names: both, `a / b`).
/// `merged`: the copies averaged as the identities stand ([`merged`]).
/// Returns whether a label was added: `ids` change only then (the
/// caller makes `merged` again only then).
fn label_by_setup_lines<'a>(
    input: &'a Input,
    merged: Option<&Merged>,
    own: &mut OwnLines,
    asked: &Asked<'a>,
    ids: &mut [Identity],
) -> bool {
    let Some(Merged { copies, copy_of, groups }) = merged else { return false };
    let read = own.read;
    let quiet = own.quiet(input);
    let mut parts: Vec<Option<String>> = vec![None; copies.len()];
    // Each copy's set-up names that label it (those whose values differ).
    let mut names: Vec<Vec<String>> = vec![Vec::new(); copies.len()];
    // Each copy's set-up lines, by name, the nearest above it winning: a
    // copy with none of a name between it and the copy before is under the
    // line above that one (`State: Without patch` / three Bonnie rows /
    // `State: Patch was applied` / three rows, LKML 2006: only each
    // table's first row was labelled, the others averaged across both).
    let mut above: Vec<Vec<(String, String)>> = Vec::with_capacity(copies.len());
    for k in 0..copies.len() {
        let from = first_line_after_copy_before(copies, k);
        let mut found: Vec<(String, String)> = above.last().cloned().unwrap_or_default();
        for n in (from..copies[k].0).filter(|&n| !quiet[n] && !read[n]) {
            if let Some((name, label)) = setup_pair_asked(input.lines[n - 1].trim(), asked) {
                found.retain(|(m, _)| *m != name);
                found.push((name, label));
            }
        }
        above.push(found);
    }
    for members in groups {
        let pairs: Vec<&Vec<(String, String)>> = members.iter().map(|&k| &above[k]).collect();
        let differing: Vec<&str> = pairs[0]
            .iter()
            .map(|(name, _)| name.as_str())
            .filter(|name| {
                let values: Vec<Option<&String>> =
                    pairs.iter().map(|p| p.iter().find(|(m, _)| m == name).map(|(_, l)| l)).collect();
                values.iter().all(Option::is_some)
                    && values
                        .iter()
                        .any(|v| !v.unwrap_or(&String::new()).eq_ignore_ascii_case(values[0].unwrap_or(&String::new())))
            })
            .collect();
        if differing.is_empty() {
            continue;
        }
        for (&k, p) in members.iter().zip(&pairs) {
            let labels: Vec<&str> =
                p.iter().filter(|(m, _)| differing.contains(&m.as_str())).map(|(_, l)| l.as_str()).collect();
            parts[k] = Some(labels.join(" / "));
            names[k] = differing.iter().map(|d| d.to_string()).collect();
        }
    }
    // A label the nearest-line pass took from a line of one of these
    // names is that set-up's value above an earlier copy, its own line
    // hidden from that pass (`Example 2` glued under the first report's
    // last line, no blank between, PolarFire U54 CoreMark notes): the
    // copy's own value replaces it (it read `Example 1 / Example 2`).
    for (id, &c) in ids.iter_mut().zip(copy_of) {
        let Some(ns) = names.get(c).filter(|ns| !ns.is_empty()) else { continue };
        if id.label.as_deref().and_then(setup_pair).is_some_and(|(name, _)| ns.contains(&name)) {
            id.label = None;
        }
    }
    add_copy_labels(ids, copy_of, &parts)
}

/// Labels copies of one output averaged as runs of one set-up by the boot
/// command lines above them (`cat /proc/cmdline`'s `BOOT_IMAGE=/boot/vmlinuz-6.1
/// root=UUID=1234 ro quiet`, then `… ro quiet mitigations=off`): where the
/// nearest such line above each copy of a group is there and their words
/// differ beyond the image booted, each copy is labelled by its words not in
/// every line (`mitigations=off`; a copy whose line holds no other word keeps
/// its label). Only the kernel was read from the line (it names the same
/// kernel here), and an attacker's two runs with `mitigations=off` were
/// averaged with two without (session 26, bmc/: 45 and 61 MB/s as one
/// set-up, silently). The image, `initrd=` and words naming the kernel
/// booted are no set-up.
/// `merged`: the copies averaged as the identities stand ([`merged`]).
/// Returns whether a label was added: `ids` change only then (the
/// caller makes `merged` again only then).
fn label_by_boot_lines(input: &Input, merged: Option<&Merged>, ids: &mut [Identity]) -> bool {
    // Most files hold no boot command line: nothing more is done for them.
    if !input.lines.iter().any(|l| l.contains("BOOT_IMAGE=")) {
        return false;
    }
    let Some(Merged { copies, copy_of, groups }) = merged else { return false };
    // The nearest boot command line above each line, in one pass down the
    // file: searched up from each copy, it was quadratic in runs (reader34
    // F5: 8000 runs under one `BOOT_IMAGE=` line took 10.4 s).
    let mut nearest: Vec<Option<usize>> = vec![None; input.lines.len() + 2];
    let mut options: FxHashMap<usize, Vec<&str>> = FxHashMap::default();
    let mut last = None;
    for (i, l) in input.lines.iter().enumerate() {
        nearest[i + 1] = last;
        if let Some(o) = boot_options(l) {
            options.insert(i + 1, o);
            last = Some(i + 1);
        }
    }
    let options_above = |k: usize| -> Option<Vec<&str>> {
        nearest.get(copies[k].0).copied().flatten().and_then(|n| options.get(&n).cloned())
    };
    let mut parts: Vec<Option<String>> = vec![None; copies.len()];
    for members in groups {
        let Some(options) = members.iter().map(|&k| options_above(k)).collect::<Option<Vec<_>>>() else { continue };
        if options.iter().all(|o| *o == options[0]) {
            continue;
        }
        for (&k, words) in members.iter().zip(&options) {
            let own: Vec<&str> =
                words.iter().copied().filter(|w| !options.iter().all(|other| other.contains(w))).collect();
            if !own.is_empty() {
                parts[k] = Some(own.join(" "));
            }
        }
    }
    add_copy_labels(ids, copy_of, &parts)
}

/// The options of a boot command line (`/proc/cmdline`, or the kernel's
/// `Kernel command line:` in dmesg): its words after `BOOT_IMAGE=…`, but
/// `initrd=…` and any naming the kernel booted (`root=UUID=1234 ro quiet
/// mitigations=off` of `BOOT_IMAGE=/boot/vmlinuz-6.1 root=UUID=1234 ro quiet
/// mitigations=off`). Without `BOOT_IMAGE=` (systemd-boot, an EFI stub,
/// most ARM boards), a line of kernel parameters only whose first is
/// `root=…` (`root=/dev/nvme0n1p2 rw quiet mitigations=off`, alone or
/// after dmesg's `Command line:`): its words but `initrd=…`. `None` for
/// any other line, or one naming no kernel ([`boot_image`]).
fn boot_options(line: &str) -> Option<Vec<&str>> {
    let t = line.trim();
    let Some(at) = t.find("BOOT_IMAGE=") else { return root_first_options(t) };
    if at > 0 && !t[..at].trim_end().to_ascii_lowercase().ends_with("command line:") {
        return None;
    }
    let mut words = t[at..].words();
    let kernel = boot_image(words.next()?)?;
    Some(words.filter(|w| !w.starts_with("initrd=") && !w.contains(kernel)).collect())
}

/// [`boot_options`] of a command line without `BOOT_IMAGE=`: `root=…`
/// first (after dmesg's `Command line:` where it has it), every word a
/// kernel parameter (`key=value` or a lower-case flag), at least two;
/// `initrd=…` left out wherever it stands (systemd-boot's comes first).
fn root_first_options(t: &str) -> Option<Vec<&str>> {
    // Most lines are none: `root=` tells before anything is made.
    if !t.contains("root=") {
        return None;
    }
    let lower = t.to_ascii_lowercase();
    let rest = match ["command line:", "cmdline:"].iter().find_map(|p| Some((lower.find(p)?, p.len()))) {
        Some((at, len)) => t[at + len..].trim_start(),
        None => t,
    };
    let words: Vec<&str> = rest.words().filter(|w| !w.starts_with("initrd=")).collect();
    let param = |w: &str| {
        !w.is_empty()
            && w.bytes().all(|b| b.is_ascii_graphic() && b != b'\'' && b != b'"')
            && (w.contains('=')
                || w.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.'))
    };
    (words.len() >= 2 && words[0].starts_with("root=") && words.iter().all(|w| param(w))).then_some(words)
}

/// A shell loop over set-ups ([`shell_loop`]): its variable, its values in
/// order and the words of the command using the variable.
type ShellLoop<'a> = (&'a str, Vec<String>, Vec<&'a str>);

/// A shell loop typed above the copies of an output, `$ for j in 1 2 4;
/// do make clean; time make -j$j vmlinux; done`: its variable, its values
/// in order and the loop's command that runs the benchmark `name`, the
/// words from its program (past `time`, `sudo`) to the one using the
/// variable (`make -j$j`). `None` for any other line, or a loop whose
/// values are not written out (`$(seq 3)`, `{1..3}`).
fn shell_loop<'a>(line: &'a str, name: &str) -> Option<ShellLoop<'a>> {
    let t = line.trim();
    let at = t.find("for ")?;
    let before = t[..at].trim_end();
    let prompted = before.is_empty()
        || before.ends_with(['$', '#', '%', '>', '❯', '+'])
        || super::cmdline::after_other_prompt(t).is_some();
    if !prompted || at > 60 {
        return None;
    }
    let (var, rest) = t[at + 4..].split_once(" in ")?;
    let var = var.trim();
    if var.is_empty() || !var.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let (values, body) = rest.split_once(';')?;
    let values: Vec<String> = match loop_values(values.trim()) {
        Some(v) => v,
        None => values.words().map(str::to_string).collect(),
    };
    if values.len() < 2 || values.iter().any(|v| v.contains(['$', '{', '}', '(', ')', '`', '*', ','])) {
        return None;
    }
    let body = body.trim_start().strip_prefix("do")?.trim();
    let body = body.strip_suffix("done").map_or(body, str::trim_end);
    let uses = |w: &str| {
        [format!("${{{var}}}"), format!("${var}")].iter().any(|v| {
            w.match_indices(v.as_str()).any(|(k, _)| {
                !w[k + v.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') || v.ends_with('}')
            })
        })
    };
    let command = body.split([';', '&', '|']).find(|c| c.words().any(|w| is_program(command_words_name(w), name)))?;
    let words: Vec<&str> = command
        .words()
        .skip_while(|w| matches!(*w, "time" | "sudo" | "command" | "exec"))
        .take_while(|w| !w.starts_with(['>', '<']) && !w.starts_with("2>") && !w.starts_with("&>"))
        .collect();
    let end = words.iter().position(|w| uses(w))?;
    Some((var, values, words[..=end].to_vec()))
}

/// The values a loop's list writes out in a shell's own shorthand: a brace
/// list `{1,4}` (`{ext4,xfs}`), a range `{1..4}`, or `$(seq 1 2)` (`$(seq
/// 1 2 8)`, also in backquotes); `None` for any other list (words, read as
/// written), or a range of more than 64 values.
fn loop_values(list: &str) -> Option<Vec<String>> {
    if let Some(inner) = list.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        if let Some((a, b)) = inner.split_once("..") {
            let (a, b): (i64, i64) = (a.parse().ok()?, b.parse().ok()?);
            return (a <= b && b - a < 64).then(|| (a..=b).map(|v| v.to_string()).collect());
        }
        let parts: Vec<&str> = inner.split(',').collect();
        let plain = parts.iter().all(|p| !p.is_empty() && !p.contains(['{', '}', '$', ' ']));
        return (parts.len() >= 2 && plain).then(|| parts.iter().map(|p| p.to_string()).collect());
    }
    let inner = list.strip_prefix("$(").and_then(|r| r.strip_suffix(')'));
    let inner = inner.or_else(|| list.strip_prefix('`').and_then(|r| r.strip_suffix('`')))?;
    let words: Vec<i64> = inner.strip_prefix("seq ")?.words().map(str::parse).collect::<Result<_, _>>().ok()?;
    let (first, step, last) = match words[..] {
        [last] => (1, 1, last),
        [first, last] => (first, 1, last),
        [first, step, last] => (first, step, last),
        _ => return None,
    };
    (step > 0 && first <= last && (last - first) / step < 64).then(|| {
        std::iter::successors(Some(first), |v| Some(v + step))
            .take_while(|v| *v <= last)
            .map(|v| v.to_string())
            .collect()
    })
}

/// The variable of a shell loop typed at a prompt (`$ for i in 1 2; do for
/// j in 1 4; do …; time make -j$j; done; done`, `for fs in ext4 xfs; do
/// mkfs.$fs …; time tar xf …`) that a command of its body uses
/// (`$j`, `${j}`, `$((j*4))`), the first so found; `None` for a line with
/// no such loop (`for i in 1 2 3; do dbench 16; done` runs runs). Where
/// [`shell_loop`] cannot say which copy ran which value, the copies below
/// such a loop may be set-ups.
fn loop_over_setups(line: &str) -> Option<&str> {
    let t = line.trim();
    let at = t.find("for ")?;
    let before = t[..at].trim_end();
    let prompted = before.is_empty()
        || before.ends_with(['$', '#', '%', '>', '❯', '+'])
        || super::cmdline::after_other_prompt(t).is_some();
    if !prompted || at > 60 {
        return None;
    }
    let mut rest = &t[at..];
    while let Some(k) = rest.find("for ") {
        let (var, after) = rest[k + 4..].split_once(" in ")?;
        let var = var.trim();
        let body = after.split_once("do ").map_or("", |(_, b)| b);
        let named = !var.is_empty() && var.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        let used = named
            && body.match_indices('$').any(|(d, _)| {
                let w = body[d + 1..].trim_start_matches(['{', '(']);
                w.starts_with(var) && !w[var.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            });
        if used {
            return Some(var);
        }
        rest = after;
    }
    None
}

/// A loop counting runs around a loop over set-ups, `$ for i in 1 2; do
/// for j in 1 4; do make clean; time make -j$j; done; done` (attack26
/// f/l4.txt): how many times the outer loop runs and the inner loop as
/// [`shell_loop`] reads it. `None` unless the outer loop's variable is
/// used nowhere in its body and the inner loop is the first command of
/// it.
fn nested_loop<'a>(line: &'a str, name: &str) -> Option<(usize, ShellLoop<'a>)> {
    let t = line.trim();
    let at = t.find("for ")?;
    let (var, rest) = t[at + 4..].split_once(" in ")?;
    let var = var.trim();
    let (list, body) = rest.split_once(';')?;
    let body = body.trim_start().strip_prefix("do ")?.trim_start();
    if !body.starts_with("for ") || !var.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') || var.is_empty() {
        return None;
    }
    let runs = match loop_values(list.trim()) {
        Some(v) => v.len(),
        None => list.words().count(),
    };
    let used = body.match_indices('$').any(|(d, _)| {
        let w = body[d + 1..].trim_start_matches(['{', '(']);
        w.starts_with(var) && !w[var.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    });
    if used || runs < 2 || (list.contains(['$', '`', '*']) && loop_values(list.trim()).is_none()) {
        return None;
    }
    let inner = shell_loop(body, name)?;
    // The inner loop's own `done` and the outer one's, nothing between.
    let tail: Vec<&str> = body.rsplit(';').take(2).map(str::trim).collect();
    (tail == ["done", "done"]).then_some((runs, inner))
}

/// Shell loops typed over several lines at a prompt, `$ for j in 1 2 4 8`
/// / `> do` / `>   time make -j$j vmlinux` / `> done` (the shell's `> `
/// prompts, read as a mail's quote and taken off), each as one line
/// (`$ for j in 1 2 4 8; do time make -j$j vmlinux; done`) by its first
/// line's number: [`shell_loop`] reads one line, and the four job counts
/// were averaged without a word (reader34 F22). Only a `for … in …` line
/// without `done` whose lines below, up to a `done` alone within eight
/// lines, are quoted (the `> ` prompts) and read no number.
fn multiline_loops(input: &Input) -> FxHashMap<usize, String> {
    let mut out = FxHashMap::default();
    if input.quote_depths.is_empty() || !input.has("done") {
        return out;
    }
    for (i, line) in input.lines.iter().enumerate() {
        let t = line.trim();
        if !t.contains("for ") || !t.contains(" in ") || t.contains("done") || input.quote_depth(i) > 0 {
            continue;
        }
        let mut joined = t.to_string();
        for k in i + 1..(i + 9).min(input.lines.len()) {
            let next = input.lines[k].trim();
            if input.quote_depth(k) == 0 || next.is_empty() {
                break;
            }
            let sep = if joined.ends_with(" do") || joined.ends_with(";do") || joined.ends_with("; then") {
                " "
            } else {
                "; "
            };
            joined = format!("{joined}{sep}{next}");
            if next == "done" {
                out.insert(i + 1, joined);
                break;
            }
        }
    }
    out
}

/// The label of a loop's copy: the loop's command with `value` in place
/// of its variable `var` (`make -j$j`, `make -j${j}` → `make -j4`).
fn loop_label(var: &str, value: &str, command: &[&str]) -> String {
    command.join(" ").replace(&format!("${{{var}}}"), value).replace(&format!("${var}"), value)
}

/// Labels the copies of an output that a shell loop over set-ups ran
/// ([`shell_loop`] on a line above the first of them, none above the
/// others): when they are as many as the loop's values, the copies get,
/// in order, the loop's command with each value in place of the variable
/// (`make -j1`, `make -j2`, `make -j4`); a bash `time` per value was
/// averaged as runs of one set-up. When they are not as many, they are
/// left as they are, with a warning at the loop's line. A loop whose
/// variable the command does not use (`for i in 1 2 3; do dbench 16;
/// done`) ran runs.
/// `merged`: the copies averaged as the identities stand ([`merged`]).
/// Returns whether a label was added: `ids` change only then (the
/// caller makes `merged` again only then).
fn label_by_shell_loop(
    input: &Input,
    benchmark: &str,
    merged: Option<&Merged>,
    ids: &mut [Identity],
    notes: &mut Vec<(usize, String)>,
) -> bool {
    let Some(Merged { copies, copy_of, groups }) = merged else { return false };
    let name = command_name(benchmark);
    let joined = multiline_loops(input);
    let text = |n: usize| joined.get(&n).map_or(input.lines[n - 1].as_str(), String::as_str);
    let loop_above = |k: usize| {
        let from = first_line_after_copy_before(copies, k);
        (from..copies[k].0).rev().find_map(|n| Some((n, shell_loop(text(n), name)?)))
    };
    let mut parts: Vec<Option<String>> = vec![None; copies.len()];
    for members in groups {
        // The loop's copies are those from the first under a loop on: a
        // run before it (a warm-up build) is no value of it (reader34 F21).
        let members = match members.iter().position(|&k| loop_above(k).is_some()) {
            Some(p) => members[p..].to_vec(),
            None => members.clone(),
        };
        let Some((line, (var, values, command))) = loop_above(members[0]) else {
            // A loop the rule cannot read (nested, its variable in another
            // command than the benchmark's): warned, never a silent average.
            let from = first_line_after_copy_before(copies, members[0]);
            let found = (from..copies[members[0]].0).rev().find_map(|n| Some((n, loop_over_setups(text(n))?)));
            // A loop counting runs around one over set-ups (`for i in 1 2;
            // do for j in 1 4; do … make -j$j`): the inner values in turn,
            // once per outer value.
            let nested = found.and_then(|(n, _)| nested_loop(text(n), name));
            if let Some((runs, (var, values, command))) = nested
                && members.len() == runs * values.len()
                && members[1..].iter().all(|&k| loop_above(k).is_none())
            {
                for (i, &k) in members.iter().enumerate() {
                    let value = &values[i % values.len()];
                    parts[k] = Some(loop_label(var, value, &command));
                }
                continue;
            }
            if let Some((line, var)) = found {
                notes.push((
                    line,
                    format!(
                        "the loop over `{var}` uses `{var}` in its commands: the {} copies of the output below it may \
                         be set-ups, not runs, and were averaged as runs of one set-up",
                        members.len()
                    ),
                ));
            }
            continue;
        };
        // The same loop typed again (a pasted line): each loop's own copies.
        let starts: Vec<usize> = members.iter().filter(|&&k| loop_above(k).is_some()).copied().collect();
        if starts.len() > 1 {
            let all_alike = starts
                .iter()
                .all(|&k| loop_above(k).is_some_and(|(_, l)| l.0 == var && l.1 == values && l.2 == command));
            let mut runs: Vec<Vec<usize>> = Vec::new();
            for &k in &members {
                if loop_above(k).is_some() {
                    runs.push(Vec::new());
                }
                if let Some(r) = runs.last_mut() {
                    r.push(k);
                }
            }
            if all_alike && runs.iter().all(|r| r.len() == values.len()) {
                for r in &runs {
                    for (&k, value) in r.iter().zip(&values) {
                        parts[k] = Some(loop_label(var, value, &command));
                    }
                }
            } else {
                notes.push((
                    line,
                    format!(
                        "the loop over `{var}` ({}) is typed {} times above {} copies of the output: they were \
                         averaged as runs of one set-up",
                        values.join(" "),
                        starts.len(),
                        members.len()
                    ),
                ));
            }
            continue;
        }
        if members.len() != values.len() {
            notes.push((
                line,
                format!(
                    "the loop over `{var}` ({}) runs `{}` but {} copies of the output follow it: they were \
                     averaged as runs of one set-up",
                    values.join(" "),
                    command.join(" "),
                    members.len()
                ),
            ));
            continue;
        }
        for (&k, value) in members.iter().zip(&values) {
            parts[k] = Some(loop_label(var, value, &command));
        }
    }
    add_copy_labels(ids, copy_of, &parts)
}

/// Names that tell when a run was made or which run it is, not its set-up
/// (`Date:`, `Started: …`, LKP's `iterations: 2`, STREAM's `iteration:
/// 1`, LKP's `Instance: 2` of instances run at once): a line of one of
/// them differs from run to run.
const WHEN_WORDS: [&str; 21] = [
    "date", "time", "timestamp", "start", "started", "end", "ended", "finished", "elapsed", "uptime", "iteration",
    "iterations", "run", "runs", "loop", "round", "pass", "try", "attempt", "sample", "instance",
];

/// A mail's headers, quoted in the text above results (`From: A. Tester
/// <…>`, and any `X-…`; an address, `@` or `<`, in a value is none
/// either: `Sender: owner-linux-mm@kvack.org`): no set-up.
const MAIL_HEADERS: [&str; 16] = [
    "from",
    "to",
    "cc",
    "bcc",
    "subject",
    "reply-to",
    "sent",
    "newsgroups",
    "message-id",
    "in-reply-to",
    "references",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
    "user-agent",
    "organization",
];

/// A scheduler feature as `/sys/kernel/debug/sched/features` lists it
/// (`DELAY_DEQUEUE`, `NO_RUN_TO_PARITY`): capitals and digits in two words
/// or more joined by `_`, the whole line; returns the feature without its
/// `NO_` (off).
fn sched_feature(text: &str) -> Option<&str> {
    let words = text.split('_').count();
    let ok = words >= 2
        && text.starts_with(|c: char| c.is_ascii_uppercase())
        && text.split('_').all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()));
    ok.then(|| text.strip_prefix("NO_").unwrap_or(text))
}

/// A line a person wrote to name a set-up, read as its name and its label:
/// * `Filesystem: xfs`, a short `Name: value` → (`filesystem`, `filesystem:
///   xfs`): the pair whole, as the value alone (`on`, `b`) may say nothing
///   (the names of [`SETUP_KEYS`] label by their value, as [`setup_line`]
///   does). Not with space before the colon (a program's aligned `Total
///   ticks      : 371867026`), nor a value of figures only (but a whole
///   number of up to four digits, `Threads: 8`) or with a colon (a
///   program's reading, `current rps: 18042.84`; a clock's `12:00:01`),
///   nor a name of a time's or a run's ([`WHEN_WORDS`]: LKP's `iterations:
///   2`) or a mail's header's ([`MAIL_HEADERS`]).
/// * `mitigations=off`, a `key=value` word first (a kernel parameter or
///   the like, its value not figures only: schbench's `min=5698,
///   max=17204`) → (`mitigations`, the line as written).
/// * `Filesystem = xfs`, spaced out → (`filesystem`, the line as written).
/// * `**After patch**`, `[patched]`, `(patched)`, a title in Markdown's
///   bold or italics, HTML's `<b>`, brackets or parentheses → (`**`,
///   `after patch`), (`[]`, `patched`), …
/// * `# xfs`, `- xfs`, a comment, one-`#` heading or list item of a few
///   words (no path, option or redirection, which a root shell's command
///   has) → (`#`, `xfs`), (`-`, `xfs`); a list item's aside in
///   parentheses at its end is left out (`- commit 112f158f66cb (which
///   is …)` → (`-`, `commit 112f158f66cb`)).
/// * `Run 2 (warm cache):`, `Run 2 on xfs:`, a numbered run with more
///   words → (`run`, `warm cache`), (`run`, `xfs`).
/// * `NO_DELAY_DEQUEUE` / `DELAY_DEQUEUE`, a scheduler feature alone on its
///   line as `/sys/kernel/debug/sched/features` names it (capitals, an
///   underscore, `NO_` when off) → (`DELAY_DEQUEUE`, the line as written).
///
/// All [`MAX_LABEL_CHARS`] at most; names in lower case, values as written
/// (compared without case). `None` for any other line. The labeller asks
/// [`setup_pair_asked`] with a file's answers; this is the answer alone.
#[cfg_attr(not(test), allow(dead_code))]
fn setup_pair(text: &str) -> Option<(String, String)> {
    setup_pair_asked(text, &Asked::default())
}

/// A list item (`- …`) without its aside in parentheses at its end, which
/// is no part of its set-up's name (`- commit 112f158f66cb (which is
/// previous commit of 5b18b5a73760)` under `- v5.6-rc with this patch`,
/// over two fio runs, LKML 2020-03: too long for a label, the two kernels
/// were averaged as runs of one set-up, with a warning); any other line
/// as it is.
fn without_list_aside(text: &str) -> &str {
    match text.strip_prefix("- ").and(text.strip_suffix(')')).and_then(|t| t.rsplit_once(" (")) {
        Some((name, aside)) if !aside.contains(['(', ')']) && name.len() > 2 => name.trim_end(),
        _ => text,
    }
}

/// A set-up typed as a short list, one word a `key=value` among names
/// (`PREEMPT_AUTO, preempt=none` / `PREEMPT_DYNAMIC, preempt=voluntary`
/// over four stress-ng runs of Ankur Arora's PREEMPT_AUTO patch, LKML
/// 2024): two to four words split at `, `, each one word of letters,
/// digits, `_.-+`, and exactly one `key=value` whose value has a letter
/// → the key, lower case.
fn listed_key_value(bare: &str) -> Option<String> {
    if !bare.contains(", ") {
        return None;
    }
    let parts: Vec<&str> = bare.split(", ").collect();
    let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || "_.-+".contains(c));
    if !(2..=4).contains(&parts.len()) {
        return None;
    }
    let mut key = None;
    for p in &parts {
        match p.split_once('=') {
            Some((k, v)) if word(k) && word(v) && k.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                if key.is_some() || !v.chars().any(char::is_alphabetic) {
                    return None;
                }
                key = Some(k.to_lowercase());
            }
            _ if word(p) => {}
            _ => return None,
        }
    }
    key
}

/// [`setup_pair`], its run markers and counters from `asked`.
fn setup_pair_asked<'a>(text: &'a str, asked: &Asked<'a>) -> Option<(String, String)> {
    let text = without_list_aside(text);
    if text.chars().count() > MAX_LABEL_CHARS || text.ends_with(['.', ',', ';', '!', '?']) || asked.run_marker(text) {
        return None;
    }
    // `ext3: run 1`, `[1/4] ext3`: the set-up beside a run's counter, named
    // as a numbered run's aside is below (not `ext3` → `ext3: run 1`).
    if let Some(setup) = asked.setup_beside_counter(text, &[]) {
        return Some(("run".to_string(), label_text(&setup)));
    }
    if let Some(feature) = sched_feature(text) {
        return Some((feature.to_string(), text.to_string()));
    }
    let short = |t: &str| (1..=6).contains(&t.words().count()) && t.chars().any(char::is_alphabetic);
    // Markdown's bold or a bracketed title, the whole line.
    for (open, close, name) in [
        ("**", "**", "**"),
        ("*", "*", "*"),
        ("__", "__", "__"),
        ("[", "]", "[]"),
        ("(", ")", "()"),
        ("<b>", "</b>", "<b>"),
    ] {
        if let Some(inner) = text
            .strip_prefix(open)
            .and_then(|t| t.strip_suffix(close).or(t.strip_suffix(":").and_then(|t| t.strip_suffix(close))))
        {
            let inner = inner.trim().trim_end_matches(':').trim_end();
            // Not a program's aside (STREAM's `(= 4608 clock ticks)`).
            return (short(inner) && !inner.contains(['*', '[', ']', '(', ')', '<', '>', '_', '=', '%', '+']))
                .then(|| (name.to_string(), label_text(inner)));
        }
    }
    let bare = text.trim_end_matches(':').trim_end();
    // `# xfs`: a comment or a one-`#` heading (as a root shell's prompt
    // is also one `#`: not with a path, an option, a redirection); `- xfs`:
    // a list's item.
    for lead in ["# ", "- "] {
        if let Some(inner) = text.strip_prefix(lead) {
            let inner = inner.trim().trim_end_matches(':').trim_end();
            let ok = short(inner)
                && inner.words().count() <= 4
                && !inner.contains(['/', '>', '|', '$', '=', '#', '*', '[', '`'])
                && !inner.words().any(|w| w.starts_with('-') && w.len() > 1)
                && !is_numbered_run(&inner.to_lowercase());
            return ok.then(|| (lead.trim().to_string(), label_text(inner)));
        }
    }
    // `Filesystem = xfs`: a `key=value` spaced out.
    if let Some((key, value)) = bare.split_once(" = ") {
        let (key, value) = (key.trim(), value.trim());
        let ok = (1..=3).contains(&key.words().count())
            && key.starts_with(|c: char| c.is_alphabetic())
            && key.chars().all(|c| c.is_alphanumeric() || " -_.".contains(c))
            && (1..=3).contains(&value.words().count())
            && value.chars().any(char::is_alphabetic)
            && !value.contains(['=', ':', '|', '@', '<']);
        return ok.then(|| (key.to_lowercase(), bare.to_string()));
    }
    let lower = bare.to_lowercase();
    if is_numbered_run(&lower) {
        // What follows the run's word and number: `run 1 on ext4`, `run1
        // ext4`, `Run 1 - ext4`, `Run 1 (cold cache)`.
        let rest = ["run", "try", "pass", "iteration", "round"].iter().find_map(|w| lower.strip_prefix(w))?;
        // As written (`Run 1 (Warm Cache)` → `Warm Cache`), where lowering
        // kept every byte in its place.
        let rest = match bare.len() == lower.len() && bare.is_char_boundary(bare.len() - rest.len()) {
            true => &bare[bare.len() - rest.len()..],
            false => rest,
        };
        let rest = rest.trim_start_matches([' ', '#', '-', '_', '.']);
        let rest = NUMBER_WORDS
            .iter()
            .find_map(|n| rest.get(..n.len()).filter(|h| h.eq_ignore_ascii_case(n)).map(|_| &rest[n.len()..]))
            .unwrap_or(rest)
            .trim_start_matches(|c: char| c.is_ascii_digit());
        // `run 2, CSV only:`: a clause about the run (how it was printed).
        if rest.trim_start().starts_with(',') {
            return None;
        }
        let rest = rest.trim_matches([' ', '-', ':', '(', ')']);
        let rest = without_preposition(rest);
        return (short(rest) && rest.starts_with(char::is_alphabetic)).then(|| ("run".to_string(), rest.to_string()));
    }
    if let Some(pair) = numbered_setup(bare) {
        return Some(pair);
    }
    let first = bare.words().next()?;
    if let Some((key, value)) = first.split_once('=') {
        let ok = !key.is_empty()
            && key.starts_with(|c: char| c.is_ascii_alphabetic())
            && key.chars().all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
            && value.chars().any(char::is_alphabetic)
            && bare.words().count() <= 4
            && !bare.contains([':', '|']);
        return ok.then(|| (key.to_lowercase(), bare.to_string()));
    }
    if let Some(key) = listed_key_value(bare) {
        return Some((key, bare.to_string()));
    }
    let (name, value) = bare.split_once(':')?;
    // `Total ticks      : 371867026`: a program's aligned table, not a person's.
    if name.ends_with(char::is_whitespace) {
        return None;
    }
    let (name, value) = (name.trim(), value.trim());
    let ok = (1..=3).contains(&name.words().count())
        && name.starts_with(|c: char| c.is_alphabetic())
        && name.chars().all(|c| c.is_alphanumeric() || " -_/".contains(c))
        && (1..=4).contains(&value.words().count())
        // `Threads: 8`: a count a person set (a small whole number); a
        // program's readings have decimals or more digits.
        && (value.chars().any(char::is_alphabetic) || (value.len() <= 4 && value.bytes().all(|b| b.is_ascii_digit())))
        && !value.contains([':', '=', '|', '@', '<'])
        // `http://khack.osdl.org/stp/300029` under an STP run's `Host:
        // stp1-003` (LKML 2005-01): an address, never a set-up `http`.
        && !value.starts_with("//")
        && !name.words().any(|w| WHEN_WORDS.iter().any(|t| w.eq_ignore_ascii_case(t)))
        && !MAIL_HEADERS.iter().any(|h| name.eq_ignore_ascii_case(h))
        && !name.get(..2).is_some_and(|x| x.eq_ignore_ascii_case("x-"));
    ok.then(|| {
        let key = name.to_lowercase();
        // The label as written (`CPUs: 2`, not `cpus: 2`); the key, which
        // tells set-ups of one name apart, in lower case.
        let label = if SETUP_KEYS.contains(&key.as_str()) {
            label_text(value)
        } else {
            format!("{name}: {}", label_text(value))
        };
        (key, label)
    })
}

/// Words that say which run, job or process a numbered line is about, or
/// when it ran, not which set-up (`test 2`, `sample 3`, `pid 4711`, `seed
/// 42`): with [`WHEN_WORDS`] and [`run_counter`]'s, never a
/// [`numbered_setup`].
const COUNTER_WORDS: [&str; 16] = [
    "test", "sample", "samples", "measurement", "trial", "repetition", "rep", "iter", "attempt", "job", "case", "pid",
    "seed", "no", "number", "step",
];

/// A set-up a person wrote above a run as a few words and one whole number,
/// the number its value (`make -j4`, `+ make -j4 vmlinux`, `jobs 4`, `-j
/// 4`, `threads 16`, `-t 16`, `mode 16`, `OMP_NUM_THREADS=4`) → (the line
/// with the number as `#`, lower case: `make -j#`; the line as written).
/// Two runs under `make -j1` and `make -j4` are two set-ups: the lines
/// differ only by their figure, so they were read as the benchmark's own
/// run-to-run lines, and a 17-minute `time` of `make -j1` was averaged with
/// a 4-minute one of `make -j4` as runs of one set-up (an attacker's
/// trial; also schbench's `threads 16` / `threads 32` and STREAM's
/// `OMP_NUM_THREADS=1` / `OMP_NUM_THREADS=4`). Not a run's counter or a
/// time's (`run 2`, `Sample 3`, `iteration 2`: [`WHEN_WORDS`],
/// [`COUNTER_WORDS`]), a `name: value` (read by [`setup_pair`]), a kernel's
/// name or a date (more than one number), a name holding a digit (`ext3`),
/// nor a number alone (`=== 2 ===` may count runs): one to four words, one
/// of them with a letter.
fn numbered_setup(text: &str) -> Option<(String, String)> {
    let text = text.trim();
    let groups = text.split(|c: char| !c.is_ascii_digit()).filter(|g| !g.is_empty()).count();
    let words: Vec<&str> = text.words().collect();
    let counter = |w: &&str| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric()).trim_end_matches(|c: char| c.is_ascii_digit());
        WHEN_WORDS.iter().chain(&COUNTER_WORDS).any(|k| w.eq_ignore_ascii_case(k))
    };
    // The number a value of its own (`jobs 4`, `-j4`, `THREADS=4`), not
    // part of a name (`ext3`, `x86`, `md5`).
    let valued = words.iter().all(|w| {
        let at = w.find(|c: char| c.is_ascii_digit());
        at.is_none_or(|k| k == 0 || w.starts_with('-') || !w[..k].ends_with(|c: char| c.is_ascii_alphabetic()))
    });
    let ok = groups == 1
        && valued
        && (1..=4).contains(&words.len())
        && text.chars().count() <= MAX_LABEL_CHARS
        && text.chars().any(|c| c.is_ascii_alphabetic())
        && !text.contains([':', '/', '|', '(', ')', '[', ']', '<', '>', '.', ',', '%'])
        && !words.iter().any(counter)
        && !is_numbered_run(&text.to_lowercase())
        && !is_run_marker(text)
        && !is_tool_chatter(text);
    ok.then(|| {
        // `max_ia_bonus=0`, one `key=value` word: named by its key, as
        // `max_ia_bonus=default` is ([`setup_pair`]), so that the two tell
        // runs apart (Michal Piotrowski's four zaphod runs, LKML 2005-08:
        // `max_ia_bonus=default` / `max_ia_bonus=0` were two names, no
        // name differed, and the four set-ups were averaged as runs).
        if let [word] = words.as_slice()
            && let Some((key, _)) = word.split_once('=')
            && key.starts_with(|c: char| c.is_ascii_alphabetic())
            && key.chars().all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
        {
            return (key.to_lowercase(), text.to_string());
        }
        let shape: String = text
            .chars()
            .scan(false, |in_number, c| {
                let digit = c.is_ascii_digit();
                let out = if digit && *in_number { None } else { Some(if digit { '#' } else { c }) };
                *in_number = digit;
                Some(out)
            })
            .flatten()
            .collect();
        (shape.to_lowercase(), text.to_string())
    })
}

/// The lines that gave a number (`read`, see [`apply`]) and the
/// benchmark's own lines ([`output_lines`]), found the first time they are
/// asked for.
struct OwnLines<'a> {
    read: &'a [bool],
    /// The samples' [`copies`], found once per file.
    found: &'a Copies,
    quiet: Option<Vec<bool>>,
}

impl OwnLines<'_> {
    /// [`output_lines`] of the samples, once.
    fn quiet(&mut self, input: &Input) -> &[bool] {
        let (read, copies) = (self.read, &self.found.0);
        self.quiet.get_or_insert_with(|| output_lines(input, copies, read))
    }
}

/// [`copies`]' answer: each copy's first and last read line, and each
/// sample's copy (by index; `usize::MAX` for none).
type Copies = (Vec<(usize, usize)>, Vec<usize>);

/// Runs under a line too long for a label ([`identities`]): that line,
/// the line of the label above it, and whether that label labelled runs
/// above the long line (the runs below are averaged with them).
type Unnamed = (usize, usize, bool);

/// Copies whose command lines differ only by a prompt's host before some
/// of them ([`label_by_command_lines`] labels none by it): the copies, the
/// line (1-based) of a command with the prompt, one without, and the host
/// as written (`root@yeti`).
type DroppedHost = (Vec<usize>, usize, usize, String);

/// The copies of a file's output ([`copies`]: each copy's first and last
/// line, and each sample's copy) and the groups of them averaged as runs
/// of one set-up ([`merged_groups`]).
struct Merged {
    copies: Vec<(usize, usize)>,
    copy_of: Vec<usize>,
    groups: Vec<Vec<usize>>,
}

/// [`Merged`] of `samples`, or `None` where fewer than two copies or none
/// of them averaged together: what the warnings and set-up labels of
/// merged copies start from.
fn merged(found: &Copies, hashes: &[u64], ids: &[Identity]) -> Option<Merged> {
    let (copies, copy_of) = found;
    if copies.len() < 2 {
        return None;
    }
    let groups = merged_groups(copies.len(), copy_of, hashes, ids);
    (!groups.is_empty()).then(|| Merged { copies: copies.clone(), copy_of: copy_of.clone(), groups })
}

/// The copies (see [`copies`]) merged as runs of one set-up, two or more
/// holding one key under one identity, each group in line order: `copy_of`
/// is each sample's copy (`usize::MAX`: none), `ids` each sample's identity.
fn merged_groups(n: usize, copy_of: &[usize], hashes: &[u64], ids: &[Identity]) -> Vec<Vec<usize>> {
    let mut group: Vec<usize> = (0..n).collect();
    fn root(group: &mut [usize], mut k: usize) -> usize {
        while group[k] != k {
            group[k] = group[group[k]];
            k = group[k];
        }
        k
    }
    let mut seen: FxHashMap<(u64, &Identity), usize> = FxHashMap::default();
    for (i, &c) in copy_of.iter().enumerate() {
        if c == usize::MAX {
            continue;
        }
        match seen.get(&(hashes[i], &ids[i])) {
            Some(&d) => {
                let (a, b) = (root(&mut group, c), root(&mut group, d));
                group[a] = b;
            }
            None => {
                seen.insert((hashes[i], &ids[i]), c);
            }
        }
    }
    // Each copy under its group's root, in one pass (not a pass per root:
    // a log of thousands of runs holds thousands of copies).
    let mut by_root: Vec<Vec<usize>> = vec![Vec::new(); n];
    for k in 0..n {
        let top = root(&mut group, k);
        by_root[top].push(k);
    }
    by_root.into_iter().filter(|members| members.len() > 1).collect()
}

/// Notes copies of one output averaged as runs of one set-up (see
/// [`merged_groups`]) whose lines above differ, so that the reader learns
/// of it: the text a person wrote above them (`I ran it on 6.1 first.` /
/// copy / `Then on 6.2.` / copy) that no label was taken from. Only
/// lines a person wrote count: not the benchmark's own above every copy
/// ([`output_lines`]), its chatter, rules, code fences, its command lines,
/// run markers (`run 2:`), nor lines of figures and `=` or `|`
/// ([`is_person_line`]). A copy with nothing above it continues the set-up
/// above (`6.1:` / copy / copy: both 6.1's runs); but a change's name above
/// the first copy only (`before:` / copy / copy, no `after:`) is noted: its
/// counterpart may be among the runs. Returns whether the copies were
/// noted as perhaps runs of different kernels
/// ([`ParsedFile::doubted_copies`]).
#[allow(clippy::too_many_arguments)]
fn warn_of_merged_copies<'a>(
    input: &'a Input,
    benchmark: &str,
    samples: &[Sample],
    own: &mut OwnLines,
    asked: &Asked<'a>,
    ids: &[Identity],
    merged: &Merged,
    notes: &mut Vec<(usize, String)>,
) -> bool {
    let Merged { copies, copy_of, groups } = merged;
    let quiet = own.quiet(input);
    let name = command_name(benchmark);
    let text = |n: usize| input.lines[n - 1].trim();
    // A line printed more than once in the file is the benchmark's (a
    // trailer after each copy: CoreMark's `Correct operation validated.`)
    // or a heading repeated, not what a person wrote about one copy.
    let mut times: FxHashMap<&str, usize> = FxHashMap::default();
    for l in &input.lines {
        *times.entry(l.trim()).or_default() += 1;
    }
    let doubted =
        warn_of_kernels_named_in_prose(input, samples, copies, copy_of, groups, quiet, name, ids, asked, notes);
    // Each line's shape (below), made once: pairs of copies compare every
    // line of one with every line of the other.
    let shapes: Vec<std::cell::OnceCell<u64>> = vec![std::cell::OnceCell::new(); input.lines.len() + 1];
    // Whether each line is a person's ([`is_person_line`]), asked once
    // (`above` asks it again with `lone`).
    let persons: Vec<std::cell::OnceCell<bool>> = vec![std::cell::OnceCell::new(); input.lines.len() + 1];
    let is_persons = |n: usize| *persons[n].get_or_init(|| is_person_line(text(n), name, asked));
    // A kernel's name as a label line (`6.1:`, more figures than letters,
    // so no line of prose) is written text too: over the first copy only,
    // with a sentence over a later one (`Now I applied the patch and
    // reran…`), the two were averaged without a word (reader34 F10).
    let is_kernel_label = |n: usize| {
        let t = text(n);
        t.starts_with(|c: char| c.is_ascii_digit()) && label_line(t, false).is_some_and(|l| is_kernel_name(&l))
    };
    for members in groups {
        // Copies a mail quotes at different depths are parted by
        // [`part_quote_depths`]: no merge to warn of.
        let depth = |c: usize| input.quote_depth(copies[c].0.saturating_sub(1));
        if members.iter().any(|&c| depth(c) != depth(members[0])) {
            continue;
        }
        // Each copy's lines a person wrote, between the copy before and it;
        // with `lone`, its long lines alone between blank lines too
        // ([`lone_long_line`]), looked at only where the others differ
        // nowhere (they would name less telling pairs).
        // A line written more than once is the benchmark's (a trailer
        // after each copy) or a heading repeated where it stands above
        // every copy of the group but maybe the first; above some copies
        // and not others it is a person's: set-ups run in turns (A, B, A,
        // B) write each one's line twice, and were averaged without a word
        // (reader34 F16).
        // Found the first time a repeated line is asked of (most are the
        // benchmark's own, passed over before it is).
        let repeated = std::cell::OnceCell::new();
        let count_repeated = || {
            let mut above_copies: FxHashMap<&str, (usize, bool)> = FxHashMap::default();
            for (m, &k) in members.iter().enumerate() {
                let from = first_line_after_copy_before(copies, k);
                let mut here: Vec<&str> = (from..copies[k].0).filter(|&n| times[text(n)] > 1).map(text).collect();
                here.sort_unstable();
                here.dedup();
                for t in here {
                    let e = above_copies.entry(t).or_default();
                    e.0 += 1;
                    e.1 |= m == 0;
                }
            }
            above_copies
        };
        let persons_repeat = |t: &str| {
            repeated
                .get_or_init(count_repeated)
                .get(t)
                .is_some_and(|&(n, first)| n < members.len() && (first || n + 1 < members.len()))
        };
        let above = |lone: bool| -> Vec<(usize, Vec<usize>)> {
            members
                .iter()
                .map(|&k| {
                    let from = first_line_after_copy_before(copies, k);
                    (
                        k,
                        (from..copies[k].0)
                            .filter(|&n| {
                                !quiet[n]
                                    && (times[text(n)] == 1 || persons_repeat(text(n)))
                                    && (is_persons(n) || is_kernel_label(n) || lone && lone_long_line(input, n))
                            })
                            .collect(),
                    )
                })
                .collect()
        };
        let above_written = above(false);
        let written: Vec<&(usize, Vec<usize>)> = above_written.iter().filter(|(_, lines)| !lines.is_empty()).collect();
        // Two copies each with a line the other has not: the first such pair.
        // Lines alike but for their figures (`Each test below will take on
        // the order of 4608 microseconds.`) are the benchmark's, run to run.
        // So are a set-up's lines beside their runs' counters (`without
        // patch, 1st run:` / `without patch, 2nd run:`).
        // In lower case: `Run #2: testing directory ~/temp now` beside
        // `Testing directory ~/temp now` (attack50 F2) is no other text.
        let shape = |n: usize| {
            *shapes[n].get_or_init(|| match asked.setup_beside_counter(text(n), &[name]) {
                Some(setup) => super::segment::shape_hash(&setup.to_lowercase()),
                None => super::segment::shape_hash(&text(n).to_lowercase()),
            })
        };
        // Above the later copy, the nearest such line (from the start of
        // its sentence: a line of three words or more above it, with no
        // sentence's end, is that sentence's): the one telling it apart.
        // Mike Black's `Here's a previous test (only 1 thread …).` right
        // over his second tiobench table (LKML 2001-08) was passed over for
        // the prose under his first, `During the 4-thread run there was …`.
        let nearest_only = |a: &[usize], b: &[usize]| {
            let differs = |n: usize| !b.iter().any(|&m| shape(m) == shape(n));
            let mut n = a.iter().rev().copied().find(|&n| differs(n))?;
            while a.contains(&(n - 1))
                && differs(n - 1)
                && text(n - 1).words().count() >= 3
                && !text(n - 1).ends_with(['.', ':', '!', '?'])
            {
                n -= 1;
            }
            Some(n)
        };
        // Above the earlier copy, the line a person would edit to tell it
        // from the later one: of its lines the later copy has not, the one
        // sharing most words with the later copy's line `b` (`Without
        // “cont-pages=on”, qemu keep 81920kB THPs.` for `With
        // “cont-pages=on”, …`; `Here's 2.4.8` for `Here's the second
        // run`), the nearest of equals, from the start of its sentence
        // (wildmod54: the first such line was named, the copy's topmost,
        // `Benchmarking Dhrystone` 31 lines above `When ``$march`` is
        // ``rv64imac`` …`, which the later copy's line answers).
        let counterpart = |a: &[usize], others: &[usize], b: usize| {
            let words = |n: usize| -> Vec<String> {
                let mut w: Vec<String> = text(n)
                    .words()
                    .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
                    .filter(|w| !w.is_empty())
                    .collect();
                w.sort_unstable();
                w.dedup();
                w
            };
            let theirs = words(b);
            let shared = |n: usize| words(n).iter().filter(|w| theirs.binary_search(w).is_ok()).count();
            let differs = |n: usize| !others.iter().any(|&m| shape(m) == shape(n));
            let best = a.iter().copied().filter(|&n| differs(n)).map(shared).max()?;
            let at = a.iter().rposition(|&n| differs(n) && shared(n) == best)?;
            nearest_only(&a[..=at], others)
        };
        // The first two copies (in order) each with a line whose shape the
        // other has not. Copies are grouped by their set of shapes first,
        // and sets compared once per two groups: comparing every pair of
        // copies was quadratic in runs, and most often no pair differs
        // (reader34 F7: 8000 runs under lines alike but for a figure took
        // 9.2 s).
        // A copy's lines' shapes, each once, in order (a copy's set).
        let shape_set = |x: &(usize, Vec<usize>)| {
            let mut v: Vec<u64> = x.1.iter().map(|&n| shape(n)).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let first_pair = |written: &[&(usize, Vec<usize>)]| {
            let sets: Vec<Vec<u64>> = written.iter().map(|x| shape_set(x)).collect();
            // Each distinct set's copies (their places in `written`, in order).
            let mut class_of: Vec<usize> = Vec::with_capacity(sets.len());
            let mut classes: Vec<Vec<usize>> = Vec::new();
            let mut index: FxHashMap<&[u64], usize> = FxHashMap::default();
            for (i, set) in sets.iter().enumerate() {
                let c = *index.entry(set.as_slice()).or_insert_with(|| {
                    classes.push(Vec::new());
                    classes.len() - 1
                });
                classes[c].push(i);
                class_of.push(c);
            }
            if classes.len() < 2 {
                return None;
            }
            let subset = |a: &[u64], b: &[u64]| a.iter().all(|h| b.binary_search(h).is_ok());
            let mut apart: FxHashMap<(usize, usize), bool> = FxHashMap::default();
            for i in 0..written.len() {
                let ci = class_of[i];
                let mut nearest: Option<usize> = None;
                for (c, members) in classes.iter().enumerate() {
                    if c == ci {
                        continue;
                    }
                    let key = (ci.min(c), ci.max(c));
                    let differ = *apart.entry(key).or_insert_with(|| {
                        let (a, b) = (&sets[classes[key.0][0]], &sets[classes[key.1][0]]);
                        !subset(a, b) && !subset(b, a)
                    });
                    if !differ {
                        continue;
                    }
                    if let Some(&j) = members.get(members.partition_point(|&m| m <= i)) {
                        nearest = Some(nearest.map_or(j, |n| n.min(j)));
                    }
                }
                if let Some(j) = nearest {
                    let (x, y) = (written[i], written[j]);
                    let b = nearest_only(&y.1, &x.1)?;
                    return Some((counterpart(&x.1, &y.1, b)?, b));
                }
            }
            None
        };
        // The copies under a text other than the two named copies' (each
        // text's first copy, its line nearest the copy): the warning
        // named the first pair only, and a third and fourth set-up
        // averaged in went unsaid (closing-60).
        let more = |written: &[&(usize, Vec<usize>)], a: usize, b: usize| -> Vec<usize> {
            // A set (review61 parse #10: a Vec's `contains` was
            // quadratic in the distinct sets, as first_pair was, reader34 F7).
            let mut seen: rustc_hash::FxHashSet<Vec<u64>> =
                written.iter().filter(|x| x.1.contains(&a) || x.1.contains(&b)).map(|x| shape_set(x)).collect();
            // How many copies each text stands above: one above a single
            // copy is what tells it apart.
            let mut copies_of: FxHashMap<&str, usize> = FxHashMap::default();
            for x in written {
                let mut texts: Vec<&str> = x.1.iter().map(|&n| text(n)).collect();
                texts.sort_unstable();
                texts.dedup();
                for t in texts {
                    *copies_of.entry(t).or_default() += 1;
                }
            }
            let mut out: Vec<usize> = Vec::new();
            for x in written {
                if seen.insert(shape_set(x)) {
                    // Its nearest text above it alone, else its nearest not
                    // named yet (review61 parse #3: the nearest was named,
                    // `Latency percentiles (usec)` above copies 3 and 4
                    // alike, and copy 4, skipped as named, went unsaid).
                    let named = |n: usize, out: &[usize]| [a, b].iter().chain(out).any(|&m| text(m) == text(n));
                    let own = x.1.iter().rev().find(|&&n| copies_of.get(text(n)) == Some(&1) && !named(n, &out));
                    if let Some(&n) = own.or_else(|| x.1.iter().rev().find(|&&n| !named(n, &out))) {
                        out.push(n);
                    }
                }
            }
            out
        };
        // (The rest are looked for with lone long lines too: a third
        // set-up's `2.6.18-rc4 with NUMA slab and slabifier.`.)
        let lone_more = |a: usize, b: usize| {
            let with_lone = above(true);
            let written: Vec<&(usize, Vec<usize>)> = with_lone.iter().filter(|(_, lines)| !lines.is_empty()).collect();
            more(&written, a, b)
        };
        let differ = first_pair(&written).map(|(a, b)| (a, b, lone_more(a, b))).or_else(|| {
            let with_lone = above(true);
            let written: Vec<&(usize, Vec<usize>)> = with_lone.iter().filter(|(_, lines)| !lines.is_empty()).collect();
            first_pair(&written).map(|(a, b)| (a, b, more(&written, a, b)))
        });
        // Only the first copy has text of its own above it: the later
        // copies' lines, if any, repeat lines of the first's (a script's
        // `DEV=/dev/vdc` / `THREADS=16` echoed above each of Dave
        // Chinner's two fs_mark sets, linux-xfs 2020). A sentence a mail
        // wrapped there (`… First set is unpatched, second set is the` /
        // `patched kernel.`) is read with the person's line below it: both
        // sets were averaged without a word.
        let first_alone = !written.is_empty()
            && written[0].0 == members[0]
            && written[1..].iter().all(|w| w.1.iter().all(|&m| written[0].1.iter().any(|&f| shape(f) == shape(m))));
        let joined = |n: usize| format!("{} {}", text(n), text(n + 1));
        if let Some((a, b, more)) = differ {
            // Up to four more texts named, the rest counted.
            let mut others: String =
                more.iter().take(4).map(|&n| format!("; line {n}: `{}`", text(n))).collect::<Vec<_>>().concat();
            if more.len() > 4 {
                others.push_str(&format!("; {} more texts", more.len() - 4));
            }
            if members.len() > 2 {
                others.push_str(&format!("; {} copies in all", members.len()));
            }
            notes.push((
                b,
                format!(
                    "copies of the output with different text above them (line {a}: `{}`; line {b}: `{}`{others}) \
                     were averaged as runs of one set-up: a label line above each (`before:`, `6.2:`) \
                     keeps them apart",
                    text(a),
                    text(b)
                ),
            ));
        } else if let Some(n) = first_alone
            .then(|| {
                let lines = &written[0].1;
                lines.iter().copied().find(|&n| with_and_without(text(n))).or_else(|| {
                    lines.iter().copied().find(|&n| lines.contains(&(n + 1)) && with_and_without(&joined(n)))
                })
            })
            .flatten()
            .filter(|_| ids.iter().zip(copy_of).all(|(id, &c)| !members.contains(&c) || *id == Identity::default()))
            // Copies a label line names (`2.4.8:` / runs / `with the patch:`
            // / runs, under "the numbers with and without the patch") are
            // told apart already: the runs under one label are runs.
            .filter(|_| {
                samples
                    .iter()
                    .zip(copy_of)
                    .filter(|(_, c)| members.contains(c))
                    .all(|(s, _)| s.kernel.is_none() && !s.params.iter().any(|p| p.name == "label"))
            })
        {
            // A sentence above them all that speaks of runs with and
            // without a change (`See attachments (new_speed is with lolo's
            // patch and old_speed without).`, linux-mips 2001 over two
            // bonnie++ reports): which copy is which is not written, but
            // they are not runs of one set-up for certain.
            notes.push((
                n,
                format!(
                    "`{}` speaks of runs with and without a change, but the {} copies of the output below it \
                     carry no label telling which is which: they were averaged as runs of one set-up",
                    text(n),
                    members.len()
                ),
            ));
        } else if written.len() == 1
            && written[0].0 == members[0]
            && ids.iter().zip(copy_of).any(|(id, &c)| c == members[0] && *id == Identity::default())
            // A parser's own label (dbench's `before:`) heads its runs.
            && !samples.iter().zip(copy_of).any(|(s, &c)| c == members[0] && s.params.iter().any(|p| p.name == "label"))
        {
            // A change's name no label was taken from (nothing told apart).
            let bottom = *written[0].1.last().unwrap_or(&0);
            let t = text(bottom);
            let label = change_abbreviation(t).or_else(|| change_label(t)).or_else(|| label_line(t, false));
            if label.is_some_and(|l| names_a_change(&l)) {
                notes.push((
                    bottom,
                    format!(
                        "`{t}` stands above the first of {} copies of the output only: all were averaged as its runs",
                        members.len()
                    ),
                ));
            }
        } else if let Some((k, n)) = heading_above_later_copy(input, copies, members, &times) {
            // A Markdown heading of its own above a later copy only
            // (`## Новые настройки` over a settings fence and a second `##
            // Тест 100 клиентов 8 потоков`, whose first copy stood under
            // the same words alone): a set-up the labels did not take (the
            // heading right over each copy is alike), averaged with the
            // first.
            let first = copies[members[0]].0;
            notes.push((
                n,
                format!(
                    "`{}` heads the copy of the output at line {} only, not the one at line {first}: the two were \
                     averaged as runs of one set-up",
                    text(n),
                    copies[k].0
                ),
            ));
        } else if let Some(&&(k, ref lines)) = written.first().filter(|w| w.0 != members[0]) {
            // Nothing a person wrote above the first copy, a sentence above
            // a later one only (Holger Kiehl's two bonnie++ tables, LKML
            // 2006-06: three runs with extents, then `And here the results
            // when mounting without extents,mballoc,delalloc option:` over
            // three runs without): the sentence parts two set-ups no label
            // was taken from, averaged without a word. Copies with nothing
            // between them (three runs of one report) are runs. Only a
            // sentence that leads into the copy (ending in `:`, maybe
            // wrapped): a remark between runs (`compilation terminated.`,
            // `[2nd one finished a lot later …]`) parts nothing.
            let last = lines[lines.len() - 1];
            let n = nearest_only(lines, &[]).unwrap_or(last);
            let sentence = (n..=last).map(text).collect::<Vec<_>>().join(" ");
            let sentence = sentence.strip_suffix("```").map_or(sentence.as_str(), str::trim_end);
            if !(sentence.ends_with(':') && is_sentence(sentence)) {
                continue;
            }
            notes.push((
                n,
                format!(
                    "`{}` stands above the copy of the output at line {} only, not above the one at line {}: \
                     the two were averaged as runs of one set-up: a label line above each (`before:`, `6.2:`) \
                     keeps them apart",
                    text(n),
                    copies[k].0,
                    copies[members[0]].0
                ),
            ));
        }
    }
    doubted
}

/// Notes copies averaged as runs of one set-up (`m`) where a line of no
/// words, a rule (`----`, `=====`, `*****`), stands between two of them
/// and between no other two of the group: the file's one mark parting
/// them, that names neither side. archive55: the six bash `time` records
/// of one job (27.0-47.7 s real) over a `----` line, three of another
/// (154.3-156.0 s) under it (the cacule notes' stats_cfs.txt), averaged
/// as 75 ± 61 s with no word at their lines. One note per group, at the
/// rule's line, naming the runs on each side; nothing is kept apart (a
/// rule parts runs of one job as often: the same file's two `make -j5`).
/// A rule the file holds twice or more is the program's own: no note.
fn warn_of_rule_between_copies(input: &Input, m: &Merged, notes: &mut Vec<(usize, String)>) {
    let rule = |t: &str| t.len() >= 3 && ["-", "=", "*"].iter().any(|c| t.trim_start_matches(c).is_empty());
    for g in &m.groups {
        let mut parted = g.windows(2).enumerate().filter_map(|(w, pair)| {
            let (above, below) = (m.copies[pair[0]].1, m.copies[pair[1]].0);
            (above + 1..below).find(|&n| rule(input.lines[n - 1].trim())).map(|n| (w, n))
        });
        let (Some((w, at)), None) = (parted.next(), parted.next()) else { continue };
        // A rule printed elsewhere in the file too is a program's or a
        // harness's own (UnixBench's `----`/`====` in every report, a
        // board's log between each of its runs), no mark a person made.
        let text = input.lines[at - 1].trim();
        if input.lines.iter().filter(|l| l.trim() == text).nth(1).is_some() {
            continue;
        }
        let (first, last) = (m.copies[g[0]].0, m.copies[g[g.len() - 1]].1);
        let (upper, lower) = (m.copies[g[w]].1, m.copies[g[w + 1]].0);
        notes.push((
            at,
            format!(
                "line {at} (`{text}`) parts the runs above it (lines {first}-{upper}) from those below it (lines \
                 {lower}-{last}), but no label line does: averaged as runs of one set-up; if they are \
                 two set-ups (two jobs, two kernels), a label line above each (`before:`, `6.2:`) keeps them apart"
            ),
        ));
    }
}

/// Notes rounds of one output's steps averaged as runs of one set-up
/// where a person wrote text between them that the first round has not
/// above it. A round is what the file holds from one sample of its first
/// key (kernel, group, metric, parameters and label, in line order) to
/// the next: a test script's steps timed one after the other (bash-time's
/// fs_mark run, `Repair`, three `removing files`), then the same steps
/// again. [`copies`] part such steps at each change of key, so that the
/// first round's first step had nothing above it and the second's a
/// sentence (`And this second set is the patched kernel, same script.`),
/// which [`warn_of_merged_copies`] reads as a set-up continued, and the
/// rounds were averaged without a word. Only rounds of two copies or more
/// (`copies`: each copy's first and last read line), each the first's
/// steps in its order (a single step's runs are the copies' own, judged
/// there: a counter beside its set-up, `run 2 of 2 on ext3`, is none), at
/// one quoting depth (other depths: [`part_quote_depths`]); only a
/// person's lines ([`is_person_line`]) the file holds once.
#[allow(clippy::too_many_arguments)]
fn warn_of_prose_between_rounds<'a>(
    input: &'a Input,
    benchmark: &str,
    samples: &[Sample],
    hashes: &[u64],
    ids: &[Identity],
    read: &[bool],
    copies: &[(usize, usize)],
    asked: &Asked<'a>,
    notes: &mut Vec<(usize, String)>,
) {
    let mut order: Vec<usize> =
        (0..samples.len()).filter(|&i| (1..=input.lines.len()).contains(&samples[i].line)).collect();
    order.sort_by_key(|&i| samples[i].line);
    let Some(&head) = order.first() else { return };
    let key = |i: usize| (hashes[i], &ids[i]);
    // Each round's first and last read line, and its keys in order.
    type Round<'i> = (usize, usize, Vec<(u64, &'i Identity)>);
    let mut rounds: Vec<Round> = Vec::new();
    for &i in &order {
        let l = samples[i].line;
        match rounds.last_mut() {
            Some(r) if key(i) != key(head) || l <= r.1 => {
                r.1 = r.1.max(l);
                if !r.2.contains(&key(i)) {
                    r.2.push(key(i));
                }
            }
            _ => rounds.push((l, l, vec![key(i)])),
        }
    }
    if rounds.len() < 2 {
        return;
    }
    let steps = |r: &Round| copies.iter().filter(|c| r.0 <= c.0 && c.0 <= r.1).count();
    if rounds.iter().any(|r| r.2 != rounds[0].2 || steps(r) < 2) {
        return;
    }
    let text = |n: usize| input.lines[n - 1].trim();
    let mut times: FxHashMap<&str, usize> = FxHashMap::default();
    for l in &input.lines {
        *times.entry(l.trim()).or_default() += 1;
    }
    let name = command_name(benchmark);
    let depth = |n: usize| input.quote_depth(n.saturating_sub(1));
    let prose = |k: usize| -> Vec<usize> {
        let from = if k == 0 { 1 } else { rounds[k - 1].1 + 1 };
        (from..rounds[k].0)
            .filter(|&n| !read[n] && times[text(n)] == 1 && is_person_line(text(n), name, asked))
            .collect()
    };
    let first = prose(0);
    for k in 1..rounds.len() {
        if depth(rounds[k].0) != depth(rounds[0].0) {
            continue;
        }
        let Some(&b) = prose(k).first() else { continue };
        let above_first = match first.last() {
            Some(&a) => format!("line {a}: `{}`", text(a)),
            None => format!("none above the first, at line {}", rounds[0].0),
        };
        notes.push((
            b,
            format!(
                "rounds of the same steps with different text a person wrote above them ({above_first}; line \
                 {b}: `{}`, above the round at line {}) were averaged as runs of one set-up: a label line above \
                 each (`before:`, `6.2:`) keeps them apart",
                text(b),
                rounds[k].0
            ),
        ));
        return;
    }
}

/// The first copy of `members` after the first with a Markdown heading
/// above it (below the copy before it) that the file holds once, where
/// the first copy has none: that copy and the heading's line (1-based).
fn heading_above_later_copy(
    input: &Input,
    copies: &[(usize, usize)],
    members: &[usize],
    times: &FxHashMap<&str, usize>,
) -> Option<(usize, usize)> {
    let own_heading = |k: usize| {
        let from = if k == 0 { 1 } else { copies[k - 1].1 + 1 };
        (from..copies[k].0).find(|&n| {
            let t = input.lines[n - 1].trim();
            markdown_heading_level(t).is_some() && times.get(t) == Some(&1)
        })
    };
    let (&first, later) = members.split_first()?;
    if own_heading(first).is_some() {
        return None;
    }
    later.iter().find_map(|&k| own_heading(k).map(|n| (k, n)))
}

/// Notes copies of one output averaged as runs of one set-up (see
/// [`merged_groups`]) whose command lines differ where one of them stands
/// above a person's sentence, so that [`label_by_command_lines`] (which
/// takes a command above prose for another output's) did not see it. A
/// linux-xfs mail (2025-06, fio 3.38) showed `$ fio … --size=60m` in its
/// prose (`This resulted in [1].` / `[1] The test results:` below it),
/// then the output, then `ctheune@host:~/ > fio … --size=60m
/// --time_based` over a second run of ten times the length: the two were
/// averaged without a word (wild30, file 14). Each copy's command is the
/// nearest line above it, below the copy before, that runs the benchmark;
/// where two of a group differ ([`differing_parts`]: the values the parser
/// read, one spelling and a numbered run's log aside, not as a mail
/// wrapped one), the later copy's line is noted, naming both.
fn warn_of_command_lines_past_prose(
    input: &Input,
    benchmark: &str,
    samples: &[Sample],
    merged: &Merged,
    notes: &mut Vec<(usize, String)>,
) {
    let Merged { copies, copy_of, groups } = merged;
    let name = command_name(benchmark);
    let text = |n: usize| input.lines[n - 1].trim();
    let by_copy = samples_of_copies(copies.len(), copy_of);
    for members in groups {
        let found: Vec<Option<(usize, Vec<&str>)>> = members
            .iter()
            .map(|&k| {
                let (first, from) = (copies[k].0, first_line_after_copy_before(copies, k));
                (from..first)
                    .rev()
                    .find_map(|n| Some((n, with_continuation(input, n, command_words(text(n), name)?, first))))
            })
            .collect();
        let with: Vec<(usize, usize, Vec<&str>)> = members
            .iter()
            .zip(&found)
            .filter_map(|(&k, f)| {
                let (n, words) = f.as_ref()?;
                let of_copy = by_copy[k].iter().map(|&i| &samples[i]);
                Some((k, *n, without_values_read(name, &one_spelling(name, words), of_copy)))
            })
            .collect();
        let lines: Vec<Vec<&str>> = with.iter().map(|(_, _, w)| w.clone()).collect();
        // Lines that tell no set-ups apart (a numbered run's log, a word
        // the parser read in other words: `syscall basic` / `syscall all`).
        let Some(parts) = differing_parts(name, &lines) else { continue };
        let Some((_, a, first)) = with.first() else { continue };
        let Some((_, b, _)) = with.iter().zip(&parts).find(|((_, _, w), p)| w != first && p.is_some()).map(|(w, _)| w)
        else {
            continue;
        };
        let written: Vec<Option<Vec<&str>>> = found.iter().map(|f| f.as_ref().map(|(_, w)| w.clone())).collect();
        let ks: Vec<usize> = with.iter().map(|(k, _, _)| *k).collect();
        let mut commands: Vec<Option<Vec<&str>>> = vec![None; copies.len()];
        for (&k, w) in members.iter().zip(written) {
            commands[k] = w;
        }
        if wrapped_command(input, name, copies, &ks, &commands) {
            continue;
        }
        notes.push((
            *b,
            format!(
                "copies of the output under different command lines (line {a}: `{}`; line {b}: `{}`) were \
                 averaged as runs of one set-up: a label line above each (`before:`, `6.2:`) keeps them apart",
                text(*a),
                text(*b)
            ),
        ));
    }
}

/// Notes copies of one output averaged as runs of one set-up (see
/// [`merged_groups`]) under short lines that differ only by a number the
/// labels took for no set-up (`=== 4 ===` / `=== 8 ===` above `time`'s
/// blocks: jobs or runs?), which [`warn_of_merged_copies`] leaves alone (it
/// takes lines alike but for their figures for the benchmark's own, run to
/// run): a number we are not sure of is a warning, not a guess. Not when
/// the numbers count the copies in order (`=== 1 ===`, `=== 2 ===`, …: a
/// run's counter), nor for the benchmark's own lines ([`output_lines`]),
/// run markers and dates ([`is_run_marker`]), its chatter, JSON, asides,
/// columns or `name: value` readings, or lines of more than
/// [`MAX_LABEL_CHARS`] or six words.
/// Once a file, naming the first two such lines.
fn warn_of_numbers_differing_above(
    input: &Input,
    own: &mut OwnLines,
    merged: &Merged,
    notes: &mut Vec<(usize, String)>,
) {
    let Merged { copies, groups, .. } = merged;
    let read = own.read;
    let quiet = own.quiet(input);
    let text = |n: usize| input.lines[n - 1].trim();
    // A line's figures (at most four; a short line's: one).
    let figures = |t: &str| -> Option<Vec<u64>> {
        let groups: Vec<&str> = t.split(|c: char| !c.is_ascii_digit()).filter(|g| !g.is_empty()).collect();
        if groups.is_empty() || groups.len() > 4 {
            return None;
        }
        groups.iter().map(|g| g.parse().ok()).collect()
    };
    let number = |t: &str| -> Option<u64> { figures(t).filter(|f| f.len() == 1).map(|f| f[0]) };
    for members in groups {
        // Each copy's short lines of one number, between the copy before
        // and it, by shape; and a person's sentence above all of the
        // copy's own lines (`Now running the same test pinned to 4 CPUs
        // of node 0.` / `… 16 CPUs …`, reader34 F17): a banner line
        // alike but for its figures (STREAM's `Each test below will take
        // on the order of 4608 microseconds.`) stands under the
        // benchmark's own lines above it.
        let lines: Vec<Vec<(u64, usize)>> = members
            .iter()
            .map(|&k| {
                let from = first_line_after_copy_before(copies, k);
                (from..copies[k].0)
                    .filter(|&n| !quiet[n] && !read[n])
                    .filter(|&n| {
                        let t = text(n);
                        let short = t.chars().count() <= MAX_LABEL_CHARS
                            && (1..=6).contains(&t.words().count())
                            && number(t).is_some();
                        let sentence = || {
                            is_sentence(t)
                                && t.chars().count() <= 160
                                && figures(t).is_some()
                                && !(from..n).any(|m| quiet[m] || read[m])
                        };
                        (short || sentence())
                            // A program's JSON, asides and columns (iperf3's
                            // `"bytes": 74625000000,`, STREAM's `(= 4608 clock
                            // ticks)`) are no one's set-up line.
                            && !t.contains(['"', '{', '}', '(', ')', ',', ';', '\t'])
                            && !t.contains("  ")
                            // A program's reading, `name: value` (pgbench's
                            // `number of transactions actually processed:
                            // 14614`; a person's `Threads: 8` labels).
                            && !t.trim_end_matches(':').contains(':')
                            // A number alone in fences, or a shell loop's
                            // variable (`j=1`, `j=8`: `make -j$j`'s jobs as
                            // often as a run's counter, reader34 F8), is a
                            // marker only where it counts the copies
                            // (checked below).
                            && (!is_run_marker(t) || is_fenced_number(t) || is_loop_variable(&t.to_ascii_lowercase()))
                            && !is_tool_chatter(t)
                            && !is_rule(t)
                    })
                    .map(|n| (super::segment::shape_hash(text(n)), n))
                    .collect()
            })
            .collect();
        // A shape above every copy, its numbers not all alike and not
        // counting the copies in order.
        let Some(shape) = lines[0].iter().map(|&(h, _)| h).find(|&h| {
            let at: Vec<Option<usize>> =
                lines.iter().map(|l| l.iter().rev().find(|&&(g, _)| g == h).map(|&(_, n)| n)).collect();
            let Some(numbers) = at.iter().map(|n| n.and_then(|n| figures(text(n)))).collect::<Option<Vec<Vec<u64>>>>()
            else {
                return false;
            };
            let counts = numbers.windows(2).all(|w| w[0].len() == 1 && w[1].len() == 1 && w[1][0] == w[0][0] + 1);
            numbers.iter().any(|x| *x != numbers[0]) && !counts
        }) else {
            continue;
        };
        let at: Vec<usize> =
            lines.iter().filter_map(|l| l.iter().rev().find(|&&(g, _)| g == shape).map(|&(_, n)| n)).collect();
        let (a, b) = (at[0], *at.iter().find(|&&n| text(n) != text(at[0])).unwrap_or(&at[0]));
        notes.push((
            b,
            format!(
                "copies of the output under lines that differ only by a number (line {a}: `{}`; line {b}: `{}`) \
                 were averaged as runs of one set-up: if the number is a set-up's (jobs, threads), a label line \
                 above each (`-j4:`) keeps them apart",
                text(a),
                text(b)
            ),
        ));
        return;
    }
}

/// What [`warn_of_kernels_named_in_prose`]'s warning says of the file's
/// averaged copies. The site marks the cells of a file so warned of
/// ([`crate::model::ParsedFile::doubted_copies`], set with the warning;
/// `site::select`'s `doubted`, the `^` mark), so a mail, which leaves
/// warnings out, does not print such an average unmarked (newcomer44 N2).
pub const DOUBTED_COPIES: &str = "copies were averaged as runs of one set-up, perhaps of different kernels";

/// Notes copies averaged as runs of one set-up, none of them of a kernel
/// read or labelled, below a line a person wrote that names two kernels or
/// more (`first lines for 2.4.7-ac3, then 2.4.7-ac9`, above dbench runs
/// that alternate between the two): the runs may be of different kernels,
/// and nothing in the file says which is which. Once a file: the nearest
/// such line above the first merged copy (past blank lines, the
/// benchmark's own and its command line; `results on 2.6.8:` there, one
/// kernel, heads the copies). Returns whether it noted so
/// ([`ParsedFile::doubted_copies`]).
#[allow(clippy::too_many_arguments)]
fn warn_of_kernels_named_in_prose<'a>(
    input: &'a Input,
    samples: &[Sample],
    copies: &[(usize, usize)],
    copy_of: &[usize],
    groups: &[Vec<usize>],
    quiet: &[bool],
    name: &str,
    ids: &[Identity],
    asked: &Asked<'a>,
    notes: &mut Vec<(usize, String)>,
) -> bool {
    let merged: rustc_hash::FxHashSet<usize> = groups.iter().flatten().copied().collect();
    let in_merged = |i: usize| merged.contains(&copy_of[i]);
    if (0..samples.len()).any(|i| in_merged(i) && (samples[i].kernel.is_some() || ids[i].kernel.is_some())) {
        return false;
    }
    let Some(&first) = merged.iter().min() else { return false };
    let top = copies[first].0;
    let text = |n: usize| input.lines[n - 1].trim();
    // The nearest line a person wrote above it (past blank lines, the
    // benchmark's own and its command line).
    let Some(n) = (1..top).rev().find(|&n| !quiet[n] && is_person_line(text(n), name, asked)) else { return false };
    let mut kernels: Vec<&str> = Vec::new();
    for word in text(n).words() {
        let word = word.trim_matches(|c: char| ",;:()'\"`".contains(c)).trim_end_matches('.');
        if is_kernel_name(word) && !kernels.contains(&word) {
            kernels.push(word);
        }
    }
    // The file's own line naming the one kernel it booted (`uname -r`'s
    // `6.2.0`, `Linux box 6.2.0 #1 …`) says whose runs they are: prose
    // naming two versions (`from 6.1 to 6.2`) is the writer's story, not
    // the file's kernel (attack46 F10: a fine file was doubted, its cells
    // marked). Asked only here, of the few files whose prose names two.
    let file_kernel = || {
        let mut lines: Vec<usize> = samples.iter().map(|s| s.line).collect();
        lines.sort_unstable();
        let last = lines.last().copied().unwrap_or(0);
        booted_above_lines(input, last, &lines).0.is_some()
    };
    let doubted = kernels.len() >= 2 && !file_kernel();
    if doubted {
        notes.push((
            n,
            format!(
                "`{}` names {} kernels ({}), but no copy of the output below is labelled with one: \
                 {DOUBTED_COPIES}; a kernel's \
                 line typed above each copy (`{}:`) keeps them apart, the one line README's \
                 \"Content layout\" lets you add to a raw file (or cut the file into one per kernel)",
                text(n),
                kernels.len(),
                kernels.join(", "),
                kernels[0]
            ),
        ));
    }
    doubted
}

/// A line of prose with one word in brackets after a space, a name the
/// writer set apart (`last matching rule at the end of the FORWARD chain
/// [iptables]:`, the wrapped end of a heading over netperf's copies, LKML
/// 2002): five words or more, one `[` and one `]`, the word between them
/// of letters, digits and `-`, `_`, `.`, `+`.
fn bracketed_word(text: &str) -> bool {
    let Some((before, rest)) = text.split_once('[') else { return false };
    let Some((word, _)) = rest.split_once(']') else { return false };
    before.ends_with(' ')
        && text.matches('[').count() == 1
        && text.matches(']').count() == 1
        && !word.is_empty()
        && word.chars().all(|c| c.is_alphanumeric() || "-_.+".contains(c))
        && text.words().count() >= 5
}

/// A line a person wrote between copies of an output (`I ran it on 6.1
/// first.`, `before:`): a set-up line ([`setup_pair`]: `Filesystem: xfs`,
/// `mitigations=off`, `**After patch**`, `[patched]`), or a line that
/// starts with a letter or digit, holds no `|`, `[` (but around a word of
/// prose, [`bracketed_word`]), `{`, tab, `--option`
/// or columns set apart by runs of spaces, nor `=` but in a sentence, nor
/// ends in a figure or holds more digits than letters, nor is a `name:
/// value` pair (a benchmark's figures, tables and command line), and of three words
/// or more at least half are words of letters; not a rule, a code fence,
/// the benchmark's chatter or command line (`name` is its command), nor a
/// run marker (`run 2:`).
fn is_person_line<'a>(text: &'a str, name: &str, asked: &Asked<'a>) -> bool {
    // A sentence a forum post ran into its code fence (`… and got this(
    // same system as above but with AHCI enabled in bios:````, Ubuntu
    // forums 2010, bonnie++) is the sentence.
    let text = text.strip_suffix("```").map_or(text, str::trim_end);
    // A Markdown list item is a person's line as its text is (`- EVP, with
    // AES-NI disabled via ```OPENSSL_ia32cap``` env variable:` over a table
    // averaged with the `- EVP:` one above it, unsaid: openssl #16858).
    let text = match text.strip_prefix(['-', '*']).and_then(|t| t.strip_prefix(' ')) {
        Some(item) if item.starts_with(char::is_alphabetic) => item,
        _ => text,
    };
    // The benchmark's own command line is none, though it may read as a
    // numbered set-up (`dbench 48`: its number is already a parameter).
    if setup_pair_asked(text, asked).is_some() {
        let program = text.trim_start_matches(['$', '+', '#', ' ']).words().next().map(command_words_name);
        return command_words(text, name).is_none() && !program.is_some_and(|p| is_program(p, name));
    }
    // Each test below is asked only when the ones before it passed, the
    // cheapest first: most lines fail one of the first.
    if !text.starts_with(char::is_alphanumeric)
        || text.contains(['|', '{'])
        || text.contains('[') && !bracketed_word(text)
    {
        return false;
    }
    let words: Vec<&str> = text.words().collect();
    // A sentence may quote an option (`With “cont-pages=on”, qemu keep
    // 907264kb THPs.`); a program's `=` is in its figures (`(== 400 tasks)`).
    let sentence = text.ends_with('.') && words.len() >= 5;
    if !sentence && text.contains('=') {
        return false;
    }
    // A table's header or row: columns set apart by tabs or runs of spaces.
    let columns = || text.contains('\t') || text.matches("  ").count() >= 2;
    // A figure ends it (`14614`, `15.49`; a sentence's `6.2.` is a name).
    let figure = || {
        words.last().is_some_and(|w| {
            w.starts_with(|c: char| c.is_ascii_digit())
                && !w.ends_with('.')
                && w.chars().all(|c| c.is_ascii_digit() || ".,%".contains(c))
        }) || text.bytes().filter(u8::is_ascii_digit).count() > text.chars().filter(|c| c.is_alphabetic()).count()
    };
    // `Compiler version : GCC11.1.0`: a program's `name: value` line (a
    // person's set-up line, `Filesystem: xfs`, `mitigations=off`, `[base]`,
    // is one: [`setup_pair`]).
    let pair = || text.trim_end_matches(':').contains(':');
    let letters = || {
        words
            .iter()
            .filter(|w| w.trim_matches(|c: char| c.is_ascii_punctuation()).chars().all(char::is_alphabetic))
            .count()
    };
    !columns()
        && !figure()
        && !pair()
        && !words.iter().any(|w| w.starts_with("--"))
        && (words.len() < 3 || letters() * 2 >= words.len())
        && !is_rule(text)
        && !is_tool_chatter(text)
        && !is_numbered_run(&text.to_lowercase())
        && !asked.run_marker(text)
        && command_words(text, name).is_none()
}

/// Line `n` of `input` stands alone between blank lines (or the file's
/// start) and is too long for a label: a heading a person wrote over the
/// runs below it that no label was taken from (`tun-set-waking-threshold
/// 0001 0002 0003 applied, second try`), though of too few words of
/// letters for [`is_person_line`]. Copies averaged under two such
/// different lines are warned of: a kernel's runs were averaged with
/// another's with no word. Not a rule, code fence, the benchmark's
/// chatter, a run marker, nor a line holding `|`, `{`, tab or columns.
fn lone_long_line(input: &Input, n: usize) -> bool {
    // Blank: empty, not a line a quoted-printable soft break emptied.
    let blank = |k: usize| input.lines.get(k - 1).is_none_or(|l| l.trim().is_empty() && !input.joined_away(k - 1));
    let text = input.lines.get(n.wrapping_sub(1)).map_or("", |l| l.trim());
    let alone = (n == 1 || blank(n - 1)) && blank(n + 1);
    let words = text.words().count();
    alone
        && words >= 2
        // A CSV record (bonnie++'s `ivy,368M,1415,95,…`) is none.
        && text.matches(',').count() < words
        && text.chars().count() > MAX_LABEL_CHARS
        && text.chars().count() <= 120
        && text.starts_with(char::is_alphanumeric)
        && !text.contains(['|', '{', '\t'])
        && !text.contains("   ")
        && !is_rule(text)
        && !is_tool_chatter(text)
        && !is_run_marker(text)
}

/// A sentence a person wrote: six words or more, three of them lower-case,
/// ending in `.`, `:`, `!` or `?`, no table's header (columns set apart by
/// tabs or runs of spaces: netperf's `Socket Size   Request  Resp.
/// Elapsed  Trans.`) nor a benchmark's own heading ([`is_tool_chatter`]).
fn is_sentence(text: &str) -> bool {
    text.ends_with(['.', ':', '!', '?'])
        && text.words().count() >= 6
        && text.words().filter(|w| w.starts_with(|c: char| c.is_lowercase())).count() >= 3
        && !text.contains('\t')
        && !text.contains("  ")
        && !is_tool_chatter(text)
}

/// The name a benchmark's command goes by (`perf` for `perf-bench`).
fn command_name(benchmark: &str) -> &str {
    match benchmark {
        // perf stat's command line runs `perf` too (`taskset 4 perf stat
        // --null --repeat 5 perf bench sched pipe`): its means under two
        // such lines are two set-ups, as perf bench's runs are.
        "perf-bench" | "perf-stat" => "perf",
        "openssl-speed" => "openssl",
        "bonnie++" => "bonnie++",
        "gnu-time" | "bash-time" => "time",
        "lmbench-raw" => "lmbench",
        other => other,
    }
}

/// True when `line` is a command line that runs benchmark `benchmark`'s
/// program ([`command_words`]: `$ hackbench -g 10`, `taskset 4 perf stat
/// --null -r 5 perf bench sched pipe` for `perf-stat` and `perf-bench`).
pub(crate) fn runs_program(line: &str, benchmark: &str) -> bool {
    command_words(line.trim(), command_name(benchmark)).is_some()
}

/// A command word's program name, without its directory
/// (`/usr/bin/sysbench` → `sysbench`, `./hackbench` → `hackbench`).
fn command_words_name(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

/// A command line's `words` (of line `n`) with the lines that carry it on
/// below it, up to line `until` (the output's first): after a line ending
/// in `\`, or a line of options alone (`--direct=1`, `-t 60`) that a mail
/// wrapped off it. The options of `$ fio --name=seq … --size=4G` over
/// `--direct=1` were read without it, and the O_DIRECT runs averaged with
/// the buffered ones (attacker 28, p66).
pub(super) fn with_continuation<'a>(input: &'a Input, n: usize, mut words: Vec<&'a str>, until: usize) -> Vec<&'a str> {
    let mut at = n;
    while at + 1 < until {
        let this = input.lines[at - 1].trim_end();
        let next = input.lines[at].trim();
        let continued = this.ends_with('\\');
        let options_alone = next.starts_with('-')
            && next[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '-')
            && next.words().next().is_some_and(is_option)
            && !next.contains(": ")
            // STREAM's `-----…` under `$ ./stream`: a rule, no option.
            && !is_rule(next);
        if !(continued || options_alone) || next.is_empty() {
            break;
        }
        if words.last() == Some(&"\\") {
            words.pop();
        }
        words.extend(next.words().filter(|w| *w != "\\"));
        at += 1;
    }
    words
}

/// The words of line `n` (`t`, trimmed) where the line above ends in
/// `\\` and carries a command on to it, and a word of `t` runs the
/// benchmark `name` (`    ./tools/perf/perf bench sched pipe` under `$
/// numactl -N 1 \\`; `-- numactl -N 1 perf bench …` under `perf stat -e
/// cycles \\`): a command line without a prompt of its own. `None` for
/// any other line.
fn carried_command<'a>(input: &'a Input, n: usize, t: &'a str, name: &str) -> Option<Vec<&'a str>> {
    // Most lines are carried on from none: asked first, before any word
    // is made (each gap between two runs' lines asks every line of it).
    if !(n > 1 && input.lines[n - 2].trim_end().ends_with('\\')) {
        return None;
    }
    // The program by its name, as [`command_words`] gives it (`./perf`
    // is `perf`).
    let words: Vec<&str> = t
        .words()
        .filter(|w| *w != "\\")
        .map(|w| {
            let base = command_words_name(w);
            if is_program(base, name) { base } else { w }
        })
        .collect();
    words.iter().any(|w| is_program(w, name)).then_some(words)
}

/// `words` (the command line at line `n`) after the words of the lines
/// above it, down to line `from`, that each end in `\` and carry the
/// command on to it (`$ numactl -N 1 \` over `./tools/perf/perf bench
/// sched pipe`), without their prompt and their `\`; and the first such
/// line (`n` where there is none). attack44 F16: the numactl run and the
/// plain one, 2.4× apart, were averaged as runs of one set-up, the
/// wrapper's line not being read with the command's.
pub(super) fn with_lines_carried_on<'a>(
    input: &'a Input,
    n: usize,
    words: Vec<&'a str>,
    from: usize,
) -> (usize, Vec<&'a str>) {
    let mut start = n;
    while start > from.max(1) && input.lines[start - 2].trim_end().ends_with('\\') {
        start -= 1;
    }
    if start == n {
        return (n, words);
    }
    let mut all: Vec<&str> = Vec::new();
    for k in start..n {
        let mut t = input.lines[k - 1].trim();
        if k == start {
            // The prompt before the first line (`$ `, `user@host:~$ `).
            if let Some(rest) = super::cmdline::after_other_prompt(t) {
                t = rest;
            }
            for prompt in ["$ ", "# "] {
                if let Some(rest) = t.strip_prefix(prompt) {
                    t = rest.trim_start();
                }
            }
            if let Some((first, rest)) = t.split_once(' ')
                && first.ends_with(['$', '#'])
                && (first.contains('@') || first.contains(':') || first.starts_with('['))
            {
                t = rest.trim_start();
            }
        }
        all.extend(t.words().filter(|w| *w != "\\"));
    }
    all.extend(words);
    (start, all)
}

/// A command line's option (`-n`, `--cpu-list`), not a negative number
/// (`-20`, the value of `nice -n -20`).
fn is_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-') && !word[1..].starts_with(|c: char| c.is_ascii_digit() || c == '.')
}

/// True when `word` is an option of the benchmark `name`'s command line
/// that may take the word after it as its value: `-g` of `hackbench -g
/// 10`, not `--directory=/mnt/xfs` (its value is glued on) nor one of
/// dbench's options that take none (`-s` of `dbench -s 16`: O_SYNC, and
/// `16` the client count; its O_SYNC runs were averaged with `dbench 16`'s),
/// nor one with its value glued on (`-t60`: `dbench -t60 16` and `dbench
/// -t600 16` both lost the option with the `16` after it, and were one).
fn takes_value(name: &str, word: &str) -> bool {
    let flag = matches!(name, "dbench" | "tbench") && super::dbench::NOARG.contains(&word);
    word.starts_with('-') && !word.contains('=') && !flag && !super::dbench::is_glued_option(word)
}

/// A word of a command line that tells runs apart, not set-ups: a numbered
/// run's log (`run1.log`, `/tmp/run-2.txt;`) or the shell's words around
/// it (`>`, `;`, `cat`, `tee`).
fn is_run_log_or_glue(word: &str) -> bool {
    let w = word.trim_end_matches([';', '&']).trim_start_matches(['>', '|']);
    let file = command_words_name(w);
    let stem = file
        .rsplit_once('.')
        .filter(|(_, ext)| ext.chars().all(|c| c.is_ascii_alphabetic()))
        .map_or(file, |(stem, _)| stem);
    w.is_empty() || matches!(w, "cat" | "tee" | "-a" | "&&") || is_numbered_run(&stem.to_ascii_lowercase())
}

/// True when `base` (a program's name without its directory) is the
/// benchmark `name`'s program: `hackbench`, or a build of it named after it
/// (`hackbench-patched`, `hackbench.new`; not `memtier_benchmark`, one
/// program whose LKP command lines differ by each instance's port).
fn is_program(base: &str, name: &str) -> bool {
    // `streamPPC`, `streamPPCpowerpcO3`: builds named by a capital after
    // the name (a qemu-ppc mail's two STREAM binaries, averaged).
    base.strip_prefix(name).is_some_and(|rest| {
        rest.is_empty() || rest.starts_with(['-', '.']) || rest.starts_with(|c: char| c.is_ascii_uppercase())
    })
}

/// The sentences ([`is_sentence`]) of one file a person wrote, told from
/// the ones the benchmark prints above each run: a sentence the file holds
/// twice or more, as written but for its figures (`Each test below will
/// take on the order of 1234 microseconds.`, within 12 digits more or
/// fewer), is the program's banner (STREAM's `This system uses 8 bytes per
/// array element.` above every run). The search for a run's command line
/// stops at a person's sentence only: at STREAM's, a mail's `$ qemu-ppc
/// -cpu 460ex streamPPC` and `… streamPPCpowerpcO3` were never reached,
/// and the two binaries' runs were averaged (wild28). The file's lines are
/// indexed once, at the first sentence asked about.
pub(super) struct Sentences<'a> {
    input: &'a Input,
    /// Each line's text without its digits → the lengths of the lines
    /// that give it.
    lines: std::cell::OnceCell<FxHashMap<String, Vec<usize>>>,
}

impl<'a> Sentences<'a> {
    pub(super) fn new(input: &'a Input) -> Self {
        Sentences { input, lines: std::cell::OnceCell::new() }
    }

    /// True when `t` (a line, trimmed) is a sentence a person wrote.
    pub(super) fn is_persons(&self, t: &str) -> bool {
        if !is_sentence(t) {
            return false;
        }
        let without_digits = |l: &str| l.chars().filter(|c| !c.is_ascii_digit()).collect::<String>();
        let lines = self.lines.get_or_init(|| {
            let mut m: FxHashMap<String, Vec<usize>> = FxHashMap::default();
            for l in &self.input.lines {
                let l = l.trim();
                m.entry(without_digits(l)).or_default().push(l.len());
            }
            m
        });
        let alike = lines
            .get(&without_digits(t))
            .map_or(0, |lens| lens.iter().filter(|&&len| len + 12 >= t.len() && t.len() + 12 >= len).take(2).count());
        alike < 2
    }
}

/// The program word of a command line that runs the benchmark `name` as
/// written, with its directory (`~/src/hackbench/hackbench`,
/// `./hackbench-patched`): two copies whose commands differ only there ran
/// two builds.
fn program_as_written<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.words().map(|w| w.trim_matches('"')).find(|w| is_program(command_words_name(w), name))
}

/// The words of a command line that runs the benchmark `name` (a word is
/// the program or a build named after it, with or without its directory,
/// taken as its name: `hackbench-patched` for `hackbench`), without
/// the shell's prompt (`$ `, `# `, `user@host:~$ `, `[root@host dir]# `)
/// but with the prompt's host first, when it names one, or `sudo`: a line
/// with a prompt, or with an option (`netperf -H b`), not a sentence
/// (`I ran hackbench twice.`), nor a `cat` of files ([`catted::shows_files`]).
/// `None` for any other line.
fn command_words<'a>(line: &'a str, name: &str) -> Option<Vec<&'a str>> {
    let mut t = line.trim();
    // Most lines do not hold the name: nothing more is done for them (a
    // searcher for it made once, not one per line).
    if !super::input::found(t.as_bytes(), name) {
        return None;
    }
    // `$ cat hackbench.log` shows a file and runs nothing (`hackbench.log`
    // is no build of `hackbench`): over one kernel's output it set that
    // kernel apart from the others' `$ hackbench` (newcomer48 N1), for
    // every caller, not only the file's set-up.
    if catted::shows_files(t) {
        return None;
    }
    // `Jul 28 16:58:33 localhost stress-ng[1420]: invoked with
    // '/usr/bin/stress-ng --cpu 4 --timeout 10s --metrics'` (and systemd's
    // `Started /usr/bin/stress-ng …`): a journal's log of a run, not the
    // command typed above it. Taken for the command, its time stamp and
    // pid labelled two runs (LKML 2025-07, `systemd-run -p CPUQuota=40%`
    // and `CPUQuota=200%` typed above them, the one difference); without
    // the journal's prefix the two were averaged as runs of one set-up.
    if super::cmdline::after_syslog_prefix(t).is_some() {
        return None;
    }
    let mut prompted = false;
    // `+ hackbench --pipe …` (set -x), `❯ `, `box% `, `(venv) $ `.
    if let Some(rest) = super::cmdline::after_other_prompt(t) {
        t = rest;
        prompted = true;
    } else if let Some(rest) = super::cmdline::environment_prefix(t) {
        t = rest.trim_start();
    }
    for prompt in ["$ ", "# "] {
        if let Some(rest) = t.strip_prefix(prompt) {
            t = rest.trim_start();
            prompted = true;
        }
    }
    // `#taskset -c 5,6 perf bench …`: a root prompt typed without its
    // blank (an Intel SST guide: beside `# taskset -c 12,13 …` the `#`
    // labelled a copy of its own). Not a prompt by itself (a comment, a
    // heading): only the word loses it.
    if !prompted
        && let Some(rest) = t.strip_prefix(['#', '$'])
        && rest.starts_with(|c: char| c.is_ascii_alphabetic() || matches!(c, '.' | '/' | '~'))
    {
        t = rest;
    }
    // `ubuntu@ubuntu:~$ netperf` / `linux:~/os/netperf/src # ./netperf`:
    // the prompt's host is the machine, the first word compared.
    // A long `user@host:dir$ ` is one too, whole: a GCP VM's
    // `abhishekmgupta_google_com@abhishek-c4-192-west4a:~/fio-fio-3.38$`
    // is 65 characters, and past 60 its directory's last part stood as a
    // word of the command (`fio-fio-3.38$ fio --thread …` against `fio
    // --thread …`: two set-ups, attack38 #4).
    let mut host = None;
    if !prompted
        && let Some(at) = t.find("$ ").or_else(|| t.find("# "))
        && {
            let before = t[..at].trim_end();
            let user_host_dir = before.len() <= 200
                && !before.contains(char::is_whitespace)
                && before.split_once('@').is_some_and(|(who, place)| !who.is_empty() && place.contains(':'));
            user_host_dir
                || (at <= 60
                    && (before.contains(['@', ':']) || before.ends_with(['~', ']']))
                    && before.words().count() <= 2)
        }
    {
        let prompt = t[..at].trim_start_matches('[');
        host = prompt.split([':', ' ', ']']).next().filter(|h| !h.is_empty());
        t = t[at + 2..].trim_start();
        prompted = true;
    }
    // A log's time stamp before each command (LKP's `2026-07-19 18:06:13
    // hackbench …`) tells runs apart, not set-ups.
    while let Some((first, rest)) = t.split_once(char::is_whitespace)
        && first.bytes().any(|b| b.is_ascii_digit())
        && first.bytes().all(|b| b.is_ascii_digit() || b"-:./[]T".contains(&b))
    {
        t = rest.trim_start();
    }
    t = t.strip_prefix("sudo ").unwrap_or(t).trim_start();
    // `"--timeout" "100"`: a command's words as a script quoted them; the
    // program by its name (`./netperf` is `netperf`).
    let mut words: Vec<&str> = host
        .into_iter()
        .chain(t.words().map(|w| w.trim_matches('"')).map(|w| {
            let base = command_words_name(w);
            if is_program(base, name) { base } else { w }
        }))
        .collect();
    // `netperf netperf -H …`: a word typed twice is the same command.
    words.dedup();
    let runs = words.iter().any(|w| is_program(w, name));
    let option = words.iter().any(|w| w.starts_with('-') && w.len() > 1);
    // `$ ./streamPPCpowerpcO3`: a program run by its path at a prompt is a
    // command alone (`# stream` may be a Markdown heading, `stream` a word).
    let by_path = prompted && words.len() == 1 && t.words().next().is_some_and(|w| w.contains('/'));
    // `time make bzImage`: the shell's `time` before the command it times,
    // typed without a prompt (LKML 2005-09: `# time find / -name foofoo`
    // over each `find` run, `time make bzImage` over each build; as no
    // command line the build's runs could not be told from the finds').
    let timed = name == "time" && words.first() == Some(&"time") && words.len() >= 2 && is_timed_program(&words[1..]);
    (runs && (words.len() >= 2 || by_path) && (prompted || option || timed) && !t.ends_with(['.', ':', ',', '!', '?']))
        .then_some(words)
}

/// The words after `time` that may be the command it times: a program
/// by its path (`./hackbench`, `/usr/bin/find`), a program the shell's
/// `time` is put before in posts (`make`, `find`, `dd`, `tar`, `git`, a
/// benchmark's name), or any name followed by an option, a path or a
/// figure (`xfs_repair /dev/vdc`, `foo -j4`, `hackbench 10`). English
/// after the word `time` is none: `time results were taken three times`
/// read as the command `results` and labelled the runs below it.
fn is_timed_program(words: &[&str]) -> bool {
    const KNOWN: &[&str] = &[
        "make", "gmake", "ninja", "cargo", "gcc", "cc", "ld", "find", "dd", "tar", "cp", "mv", "rm", "ls", "du", "cat",
        "git", "bk", "sync", "rsync", "mount", "umount", "mkfs", "fsck", "e2fsck", "xfs_repair", "sh", "bash", "perl",
        "python", "python3", "gzip", "gunzip", "bzip2", "xz", "zstd", "unzip", "cpio", "grep", "sort", "patch", "diff",
        "wget", "curl", "scp", "ssh", "updatedb", "hdparm", "dbench", "tbench", "bonnie", "bonnie++", "fio",
        "sysbench", "hackbench", "kernbench", "ebizzy", "iozone", "tiotest", "reaim", "lmbench", "perf", "stress-ng",
        "nice", "taskset", "numactl", "sudo", "env", "strace",
    ];
    let Some(&word) = words.first() else { return false };
    let name = word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '.' || c == '/')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_./+".contains(c));
    if !name {
        return false;
    }
    let path = word.contains('/');
    let known = KNOWN.contains(&word) || word.strip_prefix("mkfs.").is_some_and(|fs| !fs.is_empty());
    // The word after it: an option (`-j4`), a path, a figure.
    let argued = words.get(1).is_some_and(|a| {
        (a.starts_with('-') && a.len() > 1) || a.contains('/') || a.chars().all(|c| c.is_ascii_digit() || c == '.')
    });
    path || known || argued
}

/// What the lines above a sample say it is: a kernel, a label, both or
/// neither.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Identity {
    kernel: Option<String>,
    label: Option<String>,
}

/// The identity of every read line (index *n − 1* for line *n*; `None`
/// for lines not read), in one pass down the file: the label right above
/// its runs (`before:`, `NO_DELAY_DEQUEUE`, an underlined title, the
/// nearest label line above, passing over read lines and the benchmark's
/// own chatter) under the heading of its paragraph, when that heading
/// starts with a kernel's name (`6.9.0.gc942a0c-master +eevdf.prev` above
/// `NO_DELAY_DEQUEUE` and its runs).
/// `read[n]` is true when line *n* gave a number (`input.lines.len() + 2`
/// long); `quiet[n]`, when line *n* is the benchmark's own output
/// ([`output_lines`]; empty: none is), passed over as its chatter is.
/// With `qualify`, a label line under Markdown headings is theirs (`###
/// ext4` over `before:`: `ext4 / before`), but for the headings alike over
/// every label line (`## Results`); a heading that counts or dates runs
/// (`### round 2`) is passed over.
///
/// A label line right above another (`Unpatched 6.7-rc4:` over `Patched
/// with this series:`) names the group of blocks below (`For the A72 -`
/// over `Before:`), unless the upper one labels runs of its own elsewhere
/// in the file: then the two are peers, and which one the runs below are
/// the lines do not say. Those runs get both (a row of their own), the
/// blocks after them not the upper one; each such pair's lines (upper,
/// lower) are added to `stacked`, to be warned of. A line right above a
/// block of runs, ending in a colon, that may name their set-up but is
/// too long for a label (`Вывод с дефолтными параметрами показал следующие
/// результаты:` under `4. Запустил pgbench …`, a Russian pgbench 15
/// homework, wild31 file 13), while the runs take a label from a line
/// above it: (that line, the label's line, and whether that label
/// labelled runs above the long line) are added to `unnamed`. In that
/// last case the runs below are averaged with the label's runs above
/// (`with o_direct:` over Andrea Arcangeli's second Bonnie table, then
/// `well. More precisely I was getting those numbers:` over a third, an
/// earlier patch's, LKML 2001-04; but `Second run, same box. Unlike …:`
/// over a second run of one set-up), and the warning says what to type.
/// Also returns whether some read line's block label was under a heading
/// (Markdown, bold, a list item's or a plain-text section's): when none
/// was, `qualify` changes nothing, and the pass with it is not made
/// ([`apply_labels`]).
#[allow(clippy::too_many_arguments)]
fn identities<'a>(
    input: &'a Input,
    read: &[bool],
    quiet: &[bool],
    program: &str,
    qualify: bool,
    asked: &Asked<'a>,
    stacked: &mut Vec<(usize, usize)>,
    unnamed: &mut Vec<Unnamed>,
) -> (Vec<Option<Identity>>, bool) {
    let mut out = vec![None; input.lines.len()];
    // Whether some read line's block label had a heading over it (the
    // only place `qualify` is asked): without one, `qualify` changes nothing.
    let mut headed = false;
    // Every line trimmed once (each is looked at as this, previous and
    // next line).
    let trimmed: Vec<&str> = input.lines.iter().map(|l| l.trim()).collect();
    // The nearest label line above, and a one-word line with only read
    // lines between it and here.
    let (mut label, mut word): (Option<String>, Option<String>) = (None, None);
    // The heading of the paragraph this line is in.
    let mut head: Option<(String, String)> = None;
    // The lines the heading and the label line are on (0: none).
    let (mut head_at, mut label_at, mut word_at) = (0, 0, 0);
    // The label over a group of labelled blocks (`For the A72 -` right
    // above `Before:`), and the label line right above this line, if any.
    let (mut outer, mut above): (Option<String>, Option<String>) = (None, None);
    // The line of the label under which `outer` was found right above it
    // (0: none), and each such pair: (upper label and its line, lower
    // label's line, the outer before it).
    let mut outer_from = 0;
    let mut stacks: Vec<(String, usize, usize, Option<String>)> = Vec::new();
    let mut above_at = 0;
    // The Markdown headings (`## ext4` over `### Tuned`) the lines below
    // are under, outermost first: each one's level (its `#`s), label and line.
    let mut headings: Vec<(usize, String, usize)> = Vec::new();
    // The scene a person set before a label on its line (`Run the same
    // workload, 4 threads at a time. Normal fsync:`), over the label lines
    // below it until the next such line or Markdown heading.
    let mut scene: Option<String> = None;
    // Each read line's index, paragraph heading, the Markdown headings over
    // its label line, the label over its group and its block's label: made
    // identities once the headings alike over every label are known.
    // (`None`: its label is a heading or none.)
    type Parts = (usize, Option<(String, String)>, Option<Vec<String>>, Option<String>, Option<String>, Option<String>);
    // Each part's block label line and the line its `outer` came from.
    let mut part_lines: Vec<(usize, usize)> = Vec::new();
    let mut parts: Vec<Parts> = Vec::new();
    // Whether a line gave a number since the last label line: until then,
    // a sentence under a change's name is the benchmark's banner
    // (hackbench's `Running in process mode with 10 groups …` under `w/o
    // patch:` and `Results:`), not the end of the group.
    let mut read_since_label = true;
    // Whether `label` is the end of a sentence a mail wrapped from a long
    // line of prose above (`My VM has 40 cpus …, and my schbench` /
    // `command line is:`): a sentence ending in a colon under it (`On a
    // good kernel, the output looks like this:`) introduces the output
    // below instead, and ends it (Chris Mason's schbench report, LKML
    // 2020-10, was labelled `command line is` from 14 lines up).
    let mut label_is_tail = false;
    // A line too long for a label right above the runs below ([`unnamed`]).
    let mut long_intro: Option<usize> = None;
    // The short line introducing the output under a long numbered set-up
    // item ([`long_numbered_item`]): the item's, no label of its own.
    let mut item_intro = 0;
    // A Markdown heading right over a Markdown table (`### Описание
    // значений в отчете` over a glossary of pgbench's words, wild31 file
    // 13) is the table's caption: it heads nothing past the table (the
    // tuned run below was labelled `Описание значений в отчете / …`).
    let mut caption: Option<usize> = None;
    // The label line (`label_at`) under which a read line at its own quote
    // depth was seen (0: none).
    let mut label_read_at = 0;
    // The last line read above this one (0: none).
    let mut last_read = 0;
    // `==> bonnie.1 <==`, `==> bonnie.2 <==` (`tail -n +1 bonnie.1
    // bonnie.2`): files that differ only by a run's number are runs, as
    // under `cat bonnie.1 bonnie.2` ([`catted::numbered_runs`]); their
    // headers label nothing (attack40 F19: each run was a set-up of its
    // own, none averaged or tested). Decided over every header of the
    // file: `bonnie.1`, `bonnie.3` (a gap) stay labels.
    let run_headers = input.has("==> ") && {
        let names: Vec<&str> = trimmed.iter().filter_map(|t| file_header(t)).collect();
        names.len() >= 2 && catted::numbered_runs(&names)
    };
    // Each line's text in lower case, its colon off, with its first line:
    // made the first time a set-up beside a counter asks ([`caption_elsewhere`]).
    let plain_texts: std::cell::OnceCell<FxHashMap<String, usize>> = std::cell::OnceCell::new();
    for (i, raw) in input.lines.iter().enumerate() {
        let n = i + 1;
        let text = trimmed[i];
        if let Some(c) = caption
            && n > c + 1
            && !text.starts_with('|')
        {
            headings.retain(|h| h.2 != c);
            if label_at == c {
                label = None;
            }
            caption = None;
        }
        if n == item_intro {
            continue;
        }
        // A mail's quoted heading labels the quoted runs under it, not the
        // replier's own below the quote: Glauber Costa's `> With the patch`
        // over his quoted netperf table (LKML 2011-09) labelled Rick
        // Jones's unquoted runs under his reply. A read line at a shallower
        // depth than the label line, once the label has labelled a read
        // line at its own depth, ends the label (and the headings, scene
        // and group deeper than it). A quoted label over runs whose quote
        // markers were lost in the pasting (`> > -vanilla: 2h32:55` over
        // GNU time's unquoted lines) labels nothing at its depth first and
        // still labels them.
        if read[n] && label_at > 0 {
            let depth = input.quote_depth(i);
            let label_depth = input.quote_depth(label_at - 1);
            // A mailer's re-wrap of a long quoted read line puts its rest
            // (figures) on an unquoted line under it (`> 100  110.25 … 3.29` over
            // `96`, reaim's JTI, LKML 2003 re-wrapped at 76): that rest is
            // still the quoted line's, no reply under the quote (every
            // row but the first lost its `#define …` label, the two
            // set-ups averaged as one). Figures only: a wrapped kernel
            // name (`v5.7`, an lkp-compare header's) is no such rest.
            let wrapped_rest = || {
                depth == 0
                    && i > 0
                    && read[i]
                    && input.quote_depth(i - 1) == label_depth
                    // (As the mailer counted: with the line's quote markers.)
                    && input.lines[i - 1].chars().count() + 2 * usize::from(input.quote_depth(i - 1)) >= 66
                    && text.chars().count() < 20
                    // (`0.616 1.41%`: a tiobench row's last Rate and CPU%.)
                    && text
                        .words()
                        .all(|w| super::num::plain(w.trim_end_matches('%')).is_some())
            };
            if depth == label_depth {
                label_read_at = label_at;
            } else if depth < label_depth && label_read_at == label_at && !wrapped_rest() {
                let deeper = |at: usize| at > 0 && input.quote_depth(at - 1) > depth;
                label = None;
                label_at = 0;
                word = None;
                scene = None;
                if deeper(outer_from) {
                    outer = None;
                    outer_from = 0;
                }
                headings.retain(|h| !deeper(h.2));
            }
        }
        // A line a quoted-printable soft break emptied (its text joined to
        // the line above) parts no paragraph: the label line above it and
        // the line below stay one paragraph, as in the file unencoded
        // (damage58: a long `linux-2.4.10-pre6 with … (pre5 patches` /
        // `applied to pre6), …` became a label line alone under
        // quoted-printable, its runs labelled unlike the clean file's).
        let starts_paragraph = i == 0 || (trimmed[i - 1].is_empty() && !input.joined_away(i - 1));
        if starts_paragraph {
            // A line alike above every copy ([`output_lines`]) heads no
            // paragraph either: `6.1:` over each of two copies pasted
            // twice gave the first copy's figure kernel 6.1 and the other
            // three none (attack32 F7).
            let own = quiet.get(n).is_some_and(|&q| q);
            // The benchmark's own line opening a paragraph right under the
            // paragraph its heading named, figures read there, goes on
            // under that heading: interbench prints each task's table
            // under a blank line (`2.6.10 non-preempt` over the Audio and
            // Video tables of one run, Con Kolivas, LKML 2005-07: the
            // Video table lost the kernel, or took the run above's).
            let goes_on = !read[n]
                && head.is_some()
                && last_read > head_at
                && i > 0
                && (own || (paragraph_head(text).is_none() && text.starts_with("---")))
                && (n + 1..=n + 2).any(|m| read.get(m).is_some_and(|&r| r))
                && (0..i).rev().find(|&k| !trimmed[k].is_empty()).is_some_and(|k| read[k + 1]);
            if !goes_on {
                head = if read[n] || own { None } else { paragraph_head(text) };
                head_at = n;
            }
        }
        let was_above = above.take();
        if read[n] {
            read_since_label = true;
            // Whether the label above labelled runs before this block.
            let labelled_runs = last_read > label_at;
            last_read = n;
            if let Some(li) = long_intro.take()
                && label.is_some()
                && label_at < li
                && !trimmed[label_at.saturating_sub(1)].starts_with('#')
            {
                unnamed.push((li, label_at, labelled_runs));
            }
            let (block, at) = match (leading_label(raw), &word) {
                // `6.9: average rps: 2117400.22` over two more `average
                // rps:` lines (LKML 2025): the lines under it are its runs
                // too, until the next label (they took the label above).
                (Some(b), _) => {
                    if !read[i] {
                        label = Some(b.clone());
                        label_at = n;
                    }
                    (Some(b), n)
                }
                (None, Some(w)) => (Some(w.clone()), word_at),
                (None, None) => (label.clone(), label_at),
            };
            // A kernel's label line above this paragraph's own heading
            // naming another kernel (`2.6.12 config-preempt kernel:`, prose,
            // then `2.6.10 non-preempt` over a run, Con Kolivas' interbench
            // letter, LKML 2005-07): the heading is the nearer, it names
            // these runs (the 2.6.10 run was filed under 2.6.12).
            let block = block.filter(|b| {
                !(is_kernel_name(b) && at < head_at && head.as_ref().is_some_and(|(k, _)| !k.eq_ignore_ascii_case(b)))
            });
            // A heading that is itself the block's label (`6.1-rc3 +
            // patch:` over its runs) says it once; a kernel named right
            // above the runs (`6.1-rc3:` under that heading) is a set-up of
            // its own, not qualified by the heading's words.
            let head = head.clone().filter(|_| at != head_at && !block.as_deref().is_some_and(is_kernel_name));
            // Label lines under Markdown headings (`### Tuned` over `cat
            // pgbench_10.txt`, `### ext4` over `before:`) are the
            // headings': the same line under two headings is two set-ups
            // (three settings' 10-client pgbench runs, two file systems'
            // `before:` runs were averaged as runs of one). A heading that
            // is itself the block's label (`### Tuned` right over its runs)
            // is qualified by none, as before.
            // A heading that is the block's label is qualified only by a
            // heading over it naming a kernel (`## 6.1.0-13-amd64` over `###
            // ext4` over the runs: two kernels' ext4 runs were averaged).
            let own_heading = headings.iter().any(|h| h.2 == at);
            headed |= block.is_some() && !headings.is_empty();
            let under = (qualify && block.is_some()).then(|| {
                headings
                    .iter()
                    .filter(|h| h.2 < at && (!own_heading || is_kernel_name(&h.1) || h.0 > BOLD_LEVEL))
                    .map(|h| h.1.clone())
                    .collect::<Vec<_>>()
            });
            let under = under.filter(|u| !own_heading || !u.is_empty());
            parts.push((i, head, under, scene.clone(), outer.clone(), block));
            part_lines.push((at, outer_from));
            continue;
        }
        if quiet.get(n).is_some_and(|&q| q) {
            // A sentence alike over every copy that introduces the output
            // (`During a run on the SPF, perf events were captured:` over
            // each of two perf stat blocks, linux-mm 2018-05) ends a label
            // that is a wrapped sentence's tail, as such a sentence does
            // elsewhere (below): the tail `kernel (kernel is build 5
            // times):`, 23 lines up, labelled the first block alone, and
            // two machines' counters were told apart by it without a word.
            // A person's sentence, its only colon its last: not a line of
            // the output's own (`stress-ng: info: [8828] cyclic: latency
            // percentiles:`).
            let sentence =
                text.strip_suffix(':').is_some_and(|t| t.starts_with(char::is_uppercase) && !t.contains(':'));
            if label_is_tail && sentence && text.words().count() >= 4 {
                let over_command =
                    trimmed[i + 1..].iter().find(|t| !t.is_empty()).is_some_and(|t| super::failed::is_command_line(t));
                if !over_command {
                    label = None;
                    label_is_tail = false;
                }
            }
            continue;
        }
        // A code fence (```bash) is neither a label nor between one and
        // its runs' adjacency; a Markdown heading (`### OpenEBS`) is a label.
        if text.is_empty() || is_rule(text) || text.starts_with("```") || text.starts_with("~~~") {
            word = None;
            continue;
        }
        // A heading that only counts runs or dates them (`#### Round 2`,
        // `### 2024-01-16`) heads runs of the set-up it is under: neither a
        // label nor the end of one (memtier's `#### Round 1` to `Round 3`
        // under `### Without libhugetlbfs` and again under `### With
        // libhugetlbfs` made each round a set-up, the two builds' runs
        // averaged).
        if markdown_heading_level(text).is_some() && asked.run_marker(text) {
            word = None;
            continue;
        }
        // A list item that only counts runs (`- First run`, `* Run 1:`,
        // `- Run #2`) is such a heading too: attack46 F16, the two runs of
        // one set-up under `- First run` / `- Second run` were two set-ups,
        // nothing averaged. `- with patch:` names a set-up and is none.
        if (text.starts_with("- ") || text.starts_with("* ")) && asked.run_marker(text) {
            word = None;
            continue;
        }
        // `**ext4**` alone on its line over `before:` and `after:`: a heading
        // as `### ext4` is, under every `#` heading (the two file systems'
        // `before:` runs were averaged); `**Run 1:**` counts runs (above).
        if let Some(h) = bold_heading(text) {
            scene = None;
            label = Some(label_text(h));
            label_at = n;
            word = None;
            headings.retain(|h| h.0 < BOLD_LEVEL);
            headings.push((BOLD_LEVEL, label_text(h), n));
            continue;
        }
        // `- Xeon CPU E5-2650, 2 NUMA nodes, total 32 CPUs:` over `  -
        // Before the introducing task local hash` over its results: list
        // items heading the runs under them, nested by their indent (a
        // linux-kernel 2025 futex-hash mail's two machines and two kernels
        // were averaged).
        if let Some(h) = bullet_heading(input, read, i) {
            scene = None;
            label = Some(h.clone());
            label_at = n;
            word = None;
            let level = BOLD_LEVEL + 1 + (raw.len() - raw.trim_start().len());
            headings.retain(|h| h.0 < level);
            headings.push((level, h, n));
            continue;
        }
        // `Results with a patched kernel` alone between blank lines: a
        // plain-text section's title, heading every label line below it as
        // a Markdown heading does (LKML 2005-09: the patched kernel's `find`
        // and `make bzImage` runs under it, each under the same underlined
        // `kernel 2.6.13 build time` as the unpatched kernel's, were
        // averaged with them).
        if let Some(h) = (starts_paragraph && trimmed.get(n).is_none_or(|next| next.is_empty()))
            .then(|| results_heading(text).or_else(|| numbered_setup_heading(text)))
            .flatten()
        {
            scene = None;
            label = Some(h.clone());
            label_at = n;
            word = None;
            headings.clear();
            headings.push((1, h, n));
            continue;
        }
        if let Some(h) = markdown_heading(text) {
            scene = None;
            label = Some(label_text(h));
            label_at = n;
            if trimmed.get(n).is_some_and(|next| next.starts_with('|') && next.ends_with('|')) {
                caption = Some(n);
            }
            word = None;
            let level = markdown_heading_level(text).unwrap_or(2);
            headings.retain(|h| h.0 < level);
            headings.push((level, label_text(h), n));
            continue;
        }
        // A heading too long for a label (`### Меняем настройки для
        // увеличения производительности в ущерб стабильности`) still ends
        // the last one's part: its first words stand for it, and label the
        // runs right under it as a short heading's do (wild34 file 14: a
        // sysbench-tpcc report under `### однако проверим гипотезу, и
        // увеличим число max_conn до 1500 …` kept the heading above's
        // label, and the two set-ups' 415.43 and 254.48 tps were averaged).
        if let Some(h) = long_markdown_heading(text) {
            scene = None;
            label = Some(label_text(&h));
            label_at = n;
            word = None;
            let level = markdown_heading_level(text).unwrap_or(2);
            headings.retain(|h| h.0 < level);
            headings.push((level, label_text(&h), n));
            continue;
        }
        // `ext3: run 1`, `run 1 of 2 on ext3`: the set-up beside a run's
        // counter labels it (the counter alone would make each run a set-up).
        // Read as a label line of its own (`Kernel 6.1 (1/2)` → kernel 6.1).
        // A wrapped `uname -a`'s tail holds a date (a run's counter) before
        // its machine words: no set-up beside a counter.
        let beside_counter =
            (!is_uname_wrapped_tail(text)).then(|| asked.setup_beside_counter(text, &[program])).flatten();
        // `Run #2: testing directory ~/temp now` (or `…, run #2`) under
        // the same words without a counter over another copy (`Testing
        // directory ~/temp now`, no label line: a caption): the counter
        // counts a run of that caption's set-up, no set-up of its own
        // (attack50 F2: the second copy alone was labelled, two runs of
        // one set-up split). A run marker then.
        if beside_counter.as_deref().is_some_and(|l| caption_elsewhere(&trimmed, &plain_texts, n, l)) {
            continue;
        }
        let beside_counter =
            beside_counter.map(|l| label_line(&format!("{l}:"), false).unwrap_or_else(|| label_text(&l)));
        // sysbench 1.0's `Throughput:` over its own `events/s (eps):` line
        // (a person may head results `Throughput:`, so only there).
        // A line naming the booted kernel (`Booted 6.1.0 on <date>`, `uname
        // -a`'s) holds a date, but names the kernel of the runs below it.
        let kernel = booted_kernel(text).or_else(|| result_on_kernel(text)).or_else(|| distro_kernel(text));
        // (`==> results.2.6.1 <==` names a kernel, read as such.)
        if run_headers && kernel.is_none() && file_header(text).is_some() {
            continue;
        }
        if kernel.is_none()
            && beside_counter.is_none()
            && (is_tool_chatter(text)
                || asked.is_counter_beside_program(text, &[program])
                || (text == "Throughput:"
                    && trimmed
                        .get(n)
                        .is_some_and(|next| next.starts_with("events/") || next.starts_with("read, MiB/s:")))
                || is_tool_heading_in_place(&trimmed, i)
                || is_wrapped_options(input, &trimmed, read, i, program)
                // A short tail (`running):`) passed over as the line it
                // ends would be; a longer one is read as the prose it is.
                || (i > 0 && text.words().count() <= 3 && closes_parenthesis_above(trimmed[i - 1], text))
                || is_results_caption(text))
        {
            continue;
        }
        // An underline is about as long as its title; a report's full-width
        // rule below a sentence (UnixBench's `----…` before each run) is not.
        // A command line running the benchmark is no title, however
        // underlined (STREAM's `-----` under `$ qemu-ppc -cpu 460ex
        // streamPPCpowerpcO3`): the command lines tell copies apart below.
        let runs = text.starts_with("$ ") && command_words(text, program).is_some();
        // A heading of its own paragraph over a rule of `=` is one however
        // long the rule: Yu Zhao's `Using the bitmap (64 KVM PTEs for each
        // call)` and `Not using the bitmap (…)` over a 124-column `====`
        // each, a memtier table under each (linux-mm 2024-06, quoted-printable:
        // the encoder wrapped each rule over five lines), were averaged as
        // runs of one set-up. A sentence (its end) is none.
        let underlined = !runs
            && trimmed.get(n).is_some_and(|&rule| {
                is_rule(rule)
                    && rule.len() >= 3
                    && (rule.len() <= text.chars().count() * 3 / 2 + 8
                        || starts_paragraph
                            && rule.starts_with("===")
                            && !rule.contains(['-', '~'])
                            && !text.ends_with(['.', '!', '?', ';', ',']))
            });
        // A heading wrapped over two or three lines with no underline, its
        // last line ending in a colon right over the benchmark's command
        // line (`TCP RAW throughput … + 1` / `last matching rule … chain
        // [iptables]:` / `ratz@laphish:~/netperf-2.2pl2 > ./netperf -H …`,
        // wild30 01 without its rules): a heading as an underlined one is.
        // Its copies were warned of but averaged as runs of one set-up.
        let over_command = !runs
            && head_at < n
            && text.ends_with(':')
            && trimmed.get(n).is_some_and(|next| command_words(next, program).is_some());
        // A line right above a fio job's banner (`virtiofs cache=none` over
        // `test: (g=0): rw=randrw, …`, no blank line between: the common
        // form in a mail) stands alone as one between blank lines does.
        let next_at = if input.joined_away(n) { n + 1 } else { n };
        let alone = !runs
            && starts_paragraph
            && trimmed
                .get(next_at)
                .is_none_or(|next| next.is_empty() || fio_job_banner(next).is_some_and(str::is_empty));
        // A change label stands on its own: not inside a wrapped sentence
        // (the line above ends one, or is no prose) nor carried on by the
        // line below (`After a reboot the second run went` / `a little
        // slower.`).
        let prev_ends = i == 0 || read[i] || {
            let prev = trimmed[i - 1];
            prev.is_empty() || prev.ends_with(['.', '!', '?', ':']) || is_rule(prev)
        };
        // A change named in a sentence ending in a colon, a blank line, then
        // the output (`and with it being the way it is in the branch:`, LKML
        // 2023, over a stress-ng table): no sentence wraps over a blank.
        let block_follows = prev_ends
            && (trimmed.get(n).is_some_and(|next| {
                !next.is_empty() && (read[n + 1] || !next.starts_with(|c: char| c.is_lowercase()))
            }) || (text.ends_with(':')
                && trimmed.get(n).is_some_and(|next| next.is_empty())
                && trimmed.get(n + 1).is_some_and(|after| !after.is_empty())));
        // A scene before a label (`Tested on ext4. Before:`) is read before
        // the whole line as one label: as one (`Tested on ext4. Before`) it
        // left the `After:` below it bare, and the two file systems' `After:`
        // runs were averaged. Not the end of a sentence wrapped from the
        // line above (`interface to run some tests. The quick test is:`).
        let scened = if kernel.is_none() && beside_counter.is_none() && prev_ends { scene_line(text) } else { None };
        let item =
            if kernel.is_none() && beside_counter.is_none() { long_numbered_item(&trimmed, read, i) } else { None };
        if let Some((_, intro)) = item {
            item_intro = intro;
        }
        // Only a `#define` line ([`define_line`]) is asked whether the line
        // below runs the benchmark (asked of every line, it was a search
        // for the program's name in each line's next).
        // A mail's re-wrap may put the define's `*/` on a line of its own,
        // unquoted (`> #define BIO_VMERGE_BOUNDARY     0 /* (ia64_… + 1)` /
        // `*/` over the quoted command, LKML 2003 re-wrapped at 72: the
        // first run's 41 figures lost their label, silently): the line
        // under that rest is the one asked, and a define alone but for it
        // stands alone.
        let comment_rest = text.starts_with("#define")
            && text.contains("/*")
            && !text.contains("*/")
            && trimmed.get(n).is_some_and(|next| next.ends_with("*/") && !next.contains("/*") && next.len() <= 40);
        let below = if comment_rest { n + 1 } else { n };
        let above_command = || trimmed.get(below).is_some_and(|next| command_words(next, program).is_some());
        let alone =
            alone || (comment_rest && starts_paragraph && trimmed.get(below).is_none_or(|next| next.is_empty()));
        // The tail of a sentence a wrap broke inside its parenthesis
        // (`… I have (while still` / `running):`): no label, nor a word.
        let paren_tail = i > 0 && closes_parenthesis_above(trimmed[i - 1], text);
        let found = item
            .map(|(l, _)| l)
            .or(kernel)
            .or_else(|| catted_results_label(text))
            .or(beside_counter)
            .or_else(|| {
                if !text.starts_with("#define") {
                    return None;
                }
                // Its blanks as a terminal showed them: an editor's tabs
                // (`unexpand -a`) made `#define BIO_VMERGE_BOUNDARY\t  0` a
                // label of its own beside the clean file's (damage58).
                (alone || above_command()).then(|| define_line(input.expanded(i).trim())).flatten()
            })
            .or_else(|| (i > 0 && !read[i]).then(|| aside_after_prose(trimmed[i - 1], text)).flatten())
            .or_else(|| {
                let (set, l) = scened?;
                scene = Some(set);
                Some(l)
            })
            .or_else(|| dashed_label(text))
            .or_else(|| without_bold(text).and_then(|t| label_line(&t, underlined)))
            .or_else(|| label_line(text, underlined))
            .or_else(|| without_aside(text).and_then(|t| label_line(&t, false)))
            .or_else(|| asked.config_command(text).filter(|l| !is_script_swapon(l, label_at + 1 == n)))
            .or_else(|| setup_line(text))
            .or_else(|| base_line(text))
            .or_else(|| underlined.then(|| underlined_heading(&trimmed, read, head_at, i, true)).flatten())
            .or_else(|| over_command.then(|| underlined_heading(&trimmed, read, head_at, i, false)).flatten())
            .or_else(|| alone.then(|| title(text)).flatten())
            .or_else(|| alone.then(|| long_title(text)).flatten())
            // `v6.8-rc6 + riscv/fixes + riscv/for-next + this patch series:`
            // right above its output (LKML 2024-03, over the second of two
            // UnixBench partial index tables): a kernel and what was added,
            // too long for a label line; the first table's label, shorter,
            // went on over it, and the two were averaged.
            .or_else(|| (starts_paragraph && !runs).then(|| kernel_led_title(text)).flatten())
            // `Intel(R) Xeon(R) CPU E3-1240 V2 @ 3.40GHz` alone: a machine's runs below.
            .or_else(|| alone.then(|| machines::processor(text)).flatten())
            .or_else(|| (starts_paragraph && !runs).then(|| title_glued_to_banner(text, trimmed.get(n))).flatten())
            .or_else(|| block_follows.then(|| change_label(text)).flatten())
            .or_else(|| block_follows.then(|| sign_pair(text, &trimmed)).flatten())
            .or_else(|| change_abbreviation(text))
            .or_else(|| {
                // Not the benchmark's own command carried on (`fio …` /
                // `--bs=4k`): [`label_by_command_lines`] reads that.
                // Up past the command's other option lines (`fio --rw=write
                // …` / `--size=1000MB …` / `--time_based --name=…`).
                let mut k = i;
                while k > 0 && !read[k] && trimmed[k - 1].starts_with('-') {
                    k -= 1;
                }
                let prev = if k == 0 || read[k] { "" } else { trimmed[k - 1] };
                (command_words(prev, program).is_none() && !prev.ends_with('\\')).then(|| option_line(text)).flatten()
            })
            // The tail of a sentence a wrap broke inside its parenthesis
            // (`… I have (while still` / `running):`): no label.
            .filter(|_| !paren_tail);
        // `001 bbce3de72be5 sched/eevdf: Fix …`: a bisect's point, the
        // runs under it its own; a point right above another (an untested
        // commit in the list) heads no group.
        // `git log`'s `commit <sha>` header under a label of its own
        // (`baseline:` / `tip/master at` / `commit 8784fb5…`) details that
        // label's set-up; it names the runs below only where no label does.
        let commit = git_log_line(text).filter(|_| !text.starts_with("commit ") || label.is_none() || read_since_label);
        let was_above = if commit.is_some() && label_at + 1 == n && git_log_line(trimmed[i - 1]).is_some() {
            None
        } else {
            was_above
        };
        let wrapped_tail =
            !prev_ends && text.starts_with(|c: char| c.is_lowercase()) && trimmed[i - 1].words().count() >= 8;
        // The end of a short sentence a mail wrapped (`On qemu (6a9fa5ef…)
        // without these` / `patches, but plugins enabled:`, qemu-devel
        // 2025, wild32 file 14): the line alone named the runs below by
        // its last words, the opposite of the sentence (`patches, but
        // plugins enabled` for runs without the patches). The sentence
        // whole is the label.
        let found = match found {
            Some(l)
                if !prev_ends
                    && !wrapped_tail
                    && commit.is_none()
                    && !read[i]
                    && label_at != i
                    && text.starts_with(|c: char| c.is_lowercase())
                    && text.words().count() >= 2
                    && is_sentence_start(trimmed[i - 1])
                    && l.words().count() == text.trim_end_matches(':').words().count() =>
            {
                Some(format!("{} {l}", trimmed[i - 1].trim_end()))
            }
            other => other,
        };
        if found.is_none()
            && commit.is_none()
            && block_follows
            && text.ends_with(':')
            && !text.ends_with("::")
            && text.chars().count() > MAX_LABEL_CHARS
            && text.starts_with(char::is_alphabetic)
            && !text.contains(['=', '%', '|', '$', '#'])
        {
            long_intro = Some(n);
        } else if found.is_some() || commit.is_some() {
            long_intro = None;
        }
        if let Some(l) = commit.or(found) {
            label_is_tail = wrapped_tail;
            if let Some(upper) = was_above {
                stacks.push((upper.clone(), above_at, n, outer.clone()));
                outer = Some(upper);
                outer_from = n;
            }
            above = Some(l.clone());
            above_at = n;
            label = Some(l);
            label_at = n;
            word = None;
            read_since_label = false;
        } else if !paren_tail
            && is_one_word_label(text)
            && trimmed.get(n).is_some_and(|next| is_numbered_run(&next.to_lowercase()))
        {
            // A one-word set-up name over run markers (`mq-deadline` /
            // `run 1:` / output / `run 2:` …) labels their group, as a
            // `before:` there does (an attacker's trial had the group's
            // second run merged with the next set-up's).
            let l = label_text(text);
            above = Some(l.clone());
            above_at = n;
            label = Some(l);
            label_at = n;
            word = None;
            read_since_label = false;
        } else if !paren_tail
            && is_one_word_label(text)
            && !wrapped_word_tail(&trimmed, read, i)
            && !wrapped_heading_tail(&trimmed, i)
        {
            word = Some(text.to_string());
            word_at = n;
        } else {
            word = None;
            // Not over a command line: the command tells the copies apart
            // then ([`prefer_command_lines`] relabels a copy labelled).
            let over_command =
                trimmed[i + 1..].iter().find(|t| !t.is_empty()).is_some_and(|t| super::failed::is_command_line(t));
            if label_is_tail && text.ends_with(':') && text.words().count() >= 4 && !over_command {
                label = None;
                label_is_tail = false;
            }
            // A sentence ends the group; a long heading (`9 copies of dd,
            // each writes 20MB:`) may start the next one. Not a sentence
            // between a change's name and its result, though: that is the
            // benchmark's banner under `w/o patch:` and `Results:`.
            let under_change = !read_since_label && outer.as_deref().is_some_and(names_a_change);
            if text.words().count() >= 5 && !under_change {
                outer = None;
            }
            above = group_heading(text);
            above_at = n;
        }
    }
    // A label right above a label that labels runs of its own elsewhere
    // is a peer, not a group's name: only the runs right under the pair
    // get it (both labels: a row of their own).
    let blocks: rustc_hash::FxHashSet<String> =
        parts.iter().filter_map(|p| p.5.as_ref()).map(|b| b.to_lowercase()).collect();
    // Two headings written alike, each ending in a colon: a script's
    // set-up commands one after another (`echo 1 > …/enabled` over `echo 1
    // > …/malloc_movable_if_support`) all apply.
    let colon = |n: usize| trimmed.get(n.wrapping_sub(1)).is_some_and(|t| t.ends_with(':'));
    for (upper, upper_at, lower_at, before) in &stacks {
        if !blocks.contains(&upper.to_lowercase()) || !colon(*upper_at) || !colon(*lower_at) {
            continue;
        }
        stacked.push((*upper_at, *lower_at));
        for (p, &(at, from)) in parts.iter_mut().zip(&part_lines) {
            if from != *lower_at {
                continue;
            }
            if at != *lower_at {
                p.4.clone_from(before);
            } else if let Some(b) = before {
                // Right under the pair: the group it is in, then both.
                p.4 = Some(format!("{b} / {upper}"));
            }
        }
    }
    // The headings alike over every label line (`## Results` over
    // `before:` and `after:`) tell no set-ups apart: left out.
    let mut chains = parts.iter().filter_map(|p| p.2.as_deref());
    let common = match chains.next() {
        Some(first) => chains.fold(first.len(), |k, c| first.iter().zip(c).take(k).take_while(|(a, b)| a == b).count()),
        None => 0,
    };
    for (i, head, under, scene, outer, block) in parts {
        let mut outers: Vec<String> = under.unwrap_or_default().into_iter().skip(common).collect();
        // A kernel's runs are its own, whatever scene was set before.
        if !block.as_deref().is_some_and(is_kernel_name) {
            outers.extend(scene);
        }
        outers.extend(outer);
        out[i] = Some(identity(head, outers, block));
    }
    // Labels alike but for case (`### Before` and `before:`) are one
    // set-up, shown as first written.
    let mut written: FxHashMap<String, String> = FxHashMap::default();
    for l in out.iter_mut().flatten().filter_map(|id| id.label.as_mut()) {
        let first = written.entry(l.to_lowercase()).or_insert_with(|| l.clone());
        if *l != *first {
            l.clone_from(first);
        }
    }
    (out, headed)
}

/// A line that sets a scene, then labels the runs below it (`Run the same
/// workload, 4 threads at a time. Normal fsync:`, Dave Chinner's fs_mark
/// mail, linux-mm 2015, over the third of four tables; the fourth under
/// `Using io_fsync():` as the second was, 1 thread there, 4 here): the
/// scene, a sentence of two to ten words from a capital letter (the line
/// starts it: the caller sees that the line above ends one), and the label after it that
/// [`label_line`] reads (`run the same workload, 4 threads at a time`,
/// `normal fsync`). The scene heads the label lines below it (the tables of
/// 4 threads were averaged with those of 1 thread as runs). `None` for any
/// other line.
pub(crate) fn scene_line(text: &str) -> Option<(String, String)> {
    if !text.ends_with(':') || text.chars().count() > 100 || !text.starts_with(char::is_uppercase) {
        return None;
    }
    let (set, last) = text.rsplit_once(". ")?;
    let label = label_line(last.trim(), false)?;
    let words = set.words().count();
    let sentence = (2..=10).contains(&words) && !set.contains(['.', ':', '=', '|', '(', ')']);
    sentence.then(|| (label_text(set.trim()), label))
}

/// The words a change label starts with or, ending in a colon, holds
/// ([`change_label`]), in lower case.
const CHANGE_WORDS: [&str; 4] = ["with", "without", "before", "after"];

/// The abbreviations of [`CHANGE_WORDS`] a change label opens with, as a
/// word of their own (`w/o patch`, `w/ patch`, any case), and the word
/// each stands for; `w/patch` (glued) is read apart. One list for
/// [`change_label`] and [`change_abbreviation`].
const CHANGE_SPELLINGS: [(&str, &str); 2] = [("w/o", "without"), ("w/", "with")];

/// A line right above a block of results that names a change: it starts
/// with `with`, `without`, `before`, `after` (no colon needed: `With my
/// changes on top of 5.10.0-rc7`, `Without-patch`, at most
/// [`MAX_LABEL_CHARS`]), or, ending
/// in a colon, holds one of them among more words (`Please find the
/// hackbench numbers with your change as given below:`, up to 100
/// characters). As written, without the colon.
fn change_label(text: &str) -> Option<String> {
    // `Without-patch`, `with_thp`: the change word joined to its object.
    // `w/o patch`, `w/patch`: the usual abbreviations (Christoph Lameter's
    // AIM7 tables under `w/o patch` / `w/patch`, LKML 2005-04, were averaged
    // as runs of one set-up); not `w/s` (iostat's writes per second).
    // `w/ patch`, `W/ PATCH` (a space after the slash) as `w/patch`
    // (attack44 F13: the two AIM7 tables were averaged as runs).
    fn head(w: &str) -> &str {
        if let Some(&(_, word)) = CHANGE_SPELLINGS.iter().find(|(s, _)| s.eq_ignore_ascii_case(w)) {
            return word;
        }
        if let Some(rest) = w.strip_prefix("w/").or_else(|| w.strip_prefix("W/"))
            && rest.chars().count() >= 2
            && rest.starts_with(char::is_alphabetic)
        {
            return "with";
        }
        w.split(['-', '_']).next().unwrap_or(w)
    }
    // A label needs a colon at its end or a change word first (no other
    // character lowers to one of their ASCII letters): most lines have
    // neither and are not lowered.
    let first_changes =
        text.words().next().is_some_and(|w| CHANGE_WORDS.iter().any(|c| head(w).eq_ignore_ascii_case(c)));
    if !first_changes && !text.ends_with(':') {
        return None;
    }
    let lower = text.to_lowercase();
    let bare = lower.trim_end_matches(':').trim();
    let first = bare.words().next()?;
    let change = |w: &str| CHANGE_WORDS.contains(&head(w));
    let words: Vec<&str> = bare.words().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric())).collect();
    // `Before I forget`, `after we rebooted`: a conjunction opening a
    // sentence; `again`, `once more`: the same thing run again, no change.
    let conjunction = words.windows(2).any(|w| {
        matches!(w[0], "before" | "after") && matches!(w[1], "i" | "we" | "you" | "he" | "she" | "it" | "they")
    });
    let repeat = words.iter().any(|w| matches!(*w, "again" | "rerun" | "repeated")) || bare.contains("once more");
    // A sentence with a subject (`After that I ran it`) or a clause
    // (`After a reboot, the same`) is prose, not a set-up's name.
    let sentence = text.contains(',') || words.iter().any(|w| matches!(*w, "i" | "we" | "i'm" | "i've"));
    let short = change(first)
        && text.chars().count() <= MAX_LABEL_CHARS
        && !text.ends_with(['.', ',', ';', '!', '?'])
        && !text.contains('=')
        && !sentence;
    let colon = text.ends_with(':') && text.chars().count() <= 100 && words.iter().any(|w| change(w));
    // As written (`With patch`, over UnixBench's 72-dash rule, showed as
    // `with patch` beside its `Without patch`).
    ((short || colon) && !conjunction && !repeat).then(|| text.trim().trim_end_matches(':').trim().to_string())
}

/// A line that is only a change's usual abbreviation or word, `w/o`,
/// `w/`, `w`, `wo`, `with`, `without`, `before`, `after` (a colon allowed):
/// a label wherever it stands (a post's `./Run -c 1 -i 1 shell1` / `w/o` /
/// index table / `w/` / index table). Lower-cased, without the colon.
fn change_abbreviation(text: &str) -> Option<String> {
    let bare = text.trim().trim_end_matches(':').trim();
    let lower = bare.to_ascii_lowercase();
    // `w` and `wo` only alone (a line opening with `W` is no change).
    let known = CHANGE_WORDS.contains(&lower.as_str())
        || CHANGE_SPELLINGS.iter().any(|(s, _)| *s == lower)
        || matches!(lower.as_str(), "w" | "wo");
    known.then_some(lower)
}

/// `- patch` over one block and `+ patch` over another (attack44 F13: two
/// AIM7 tables without and with a patch were averaged as runs, no word): a
/// line of `-` or `+`, a space and one or two words, where the file also
/// has the line with the other sign (`lines`, trimmed). As written. `None`
/// for a lone bullet (`- ext4` with no `+ ext4`), a diff's `--- a/x`, a
/// sentence or figures.
fn sign_pair(text: &str, lines: &[&str]) -> Option<String> {
    let (sign, rest) = text.split_at_checked(1)?;
    let other = match sign {
        "-" => '+',
        "+" => '-',
        _ => return None,
    };
    let rest = rest.strip_prefix(' ')?.trim_end_matches(':').trim();
    let words = rest.words().count();
    if !(1..=2).contains(&words) || !rest.starts_with(char::is_alphabetic) || rest.ends_with(['.', ',', ';']) {
        return None;
    }
    lines
        .iter()
        .any(|l| {
            l.strip_prefix(other)
                .and_then(|r| r.strip_prefix(' '))
                .is_some_and(|r| r.trim_end_matches(':').trim() == rest)
        })
        .then(|| text.trim_end_matches(':').trim().to_string())
}

/// True when `label` names a change: its first word is one of
/// [`change_abbreviation`]'s (`w/o patch`, `before`, `with THP`).
fn names_a_change(label: &str) -> bool {
    label.words().next().is_some_and(|w| change_abbreviation(w).is_some())
}

/// The start of a sentence a mail wrapped in its middle: prose from a
/// capital letter (`On qemu (6a9fa5ef…) without these`, `And on qemu …`),
/// three words or more, ending in a lower-case word; no table's double
/// spaces, no `=`, `%`, `;`, `$` or `#` (a table's heading, a prompt).
fn is_sentence_start(text: &str) -> bool {
    text.starts_with(char::is_uppercase)
        && text.ends_with(char::is_lowercase)
        && text.words().count() >= 3
        && !text.contains("  ")
        && !text.contains(['=', '%', ';', '$', '#', '|', '`'])
}

/// A sentence naming both sides of a change: the words `with` and
/// `without` (`new_speed is with lolo's patch and old_speed without`), or
/// `before` and `after` the same patch, `patched` and `unpatched`.
fn with_and_without(text: &str) -> bool {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let has = |w: &str| words.iter().any(|x| x == w);
    (has("with") && has("without")) || (has("before") && has("after")) || (has("patched") && has("unpatched"))
}

/// A line too long for a label of its own that still heads a group of
/// labelled blocks when a label follows it: ending in `:` or ` -`, at most
/// [`MAX_LABEL_CHARS`] characters.
fn group_heading(text: &str) -> Option<String> {
    let bare = text.strip_suffix(':').or_else(|| text.strip_suffix(" -"))?.trim();
    (!bare.is_empty() && text.chars().count() <= MAX_LABEL_CHARS && !text.contains('='))
        .then(|| without_preposition(bare).to_string())
}

/// Distributions whose release a line may name with its kernel's
/// ([`distro_kernel`]: `Rocky 9.5 (5.14.0-503.40.1.el9_5.x86_64)`).
const DISTRIBUTIONS: [&str; 26] = [
    "fedora", "rocky", "rhel", "red", "centos", "alma", "almalinux", "ubuntu", "debian", "opensuse", "suse", "sles",
    "arch", "gentoo", "oracle", "amazon", "mint", "kali", "alpine", "raspbian", "manjaro", "nixos", "void", "linux",
    "openeuler", "anolis",
];

/// What ends `uname -r`'s answer and no program's version: a machine
/// (`x86_64`, `aarch64`) or a distribution's kernel flavour (`-generic`,
/// `-amd64`, `-default`).
const KERNEL_FLAVOURS: [&str; 16] = [
    "x86_64", "aarch64", "amd64", "arm64", "i686", "ppc64", "s390x", "riscv64", "generic", "default", "lowlatency",
    "-rt", "-lts", "-azure", "-aws", "-cloud",
];

/// The kernel a line names as a distribution's release with `uname -r`'s
/// answer in parentheses, alone on its line: `Rocky 9.5
/// (5.14.0-503.40.1.el9_5.x86_64)`, `Fedora 42 (6.14.5-300.fc42.x86_64):`
/// (linux-xfs 2025-05, over each of two fio runs; wild31 file 07) give the
/// release. Read as a label only, the Fedora run sat under the Rocky
/// kernel's directory as a row of it, silently; in a class directory both
/// runs were dropped as naming no kernel. One to three words before the
/// parentheses, the first a capitalised name; the release has three
/// numbers or a `-` suffix (`Rocky 9.5 (6.1)` is too vague to be one).
/// `None` for any other line.
fn distro_kernel(text: &str) -> Option<String> {
    let t = text.trim().trim_end_matches(':').trim_end();
    let (before, inner) = t.strip_suffix(')')?.rsplit_once('(')?;
    let words: Vec<&str> = before.words().collect();
    let inner = inner.trim();
    let release_like = inner.contains('-') || inner.split('.').filter(|p| !p.is_empty()).count() >= 3;
    // A program's version with its package's release (`Rust 1.75
    // (1.75.0-1)`, `PostgreSQL 9.6 (9.6.24-1.pgdg120+1)`) reads as one too:
    // the words must name a distribution, or the release end as `uname
    // -r`'s does, in a machine or a distribution's kernel flavour
    // (reader34 F20: every run got kernel 1.75.0-1).
    // Asked only of lines the cheap tests above let through (most lines
    // with a `(…)` at their end are none).
    let distribution = || words.first().is_some_and(|w| DISTRIBUTIONS.iter().any(|d| w.eq_ignore_ascii_case(d)));
    let unames = || {
        let lower = inner.to_ascii_lowercase();
        KERNEL_FLAVOURS.iter().any(|f| lower.contains(f))
            || lower.split(['.', '-', '_']).any(|p| {
                let distro = p.strip_prefix("el").or_else(|| p.strip_prefix("fc"));
                distro.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            })
    };
    let ok = (1..=3).contains(&words.len())
        && words[0].starts_with(|c: char| c.is_ascii_uppercase())
        && words.iter().all(|w| w.chars().all(|c| c.is_alphanumeric() || "._-/".contains(c)))
        && release_like
        && (distribution() || unames())
        && is_kernel_name(inner);
    ok.then(|| bare_kernel(inner).to_string())
}

/// The kernel a line heading results names, `result on 4.4 kernel:` /
/// `result on 5.3 kernel` (linux-raid 2019, each over a shell prompt and
/// fio's output; the prompts' hosts were taken for the labels): `4.4`.
/// Also `results on kernel 5.3`, `results with 6.1:`, and a results
/// file named after its kernel, `results.2.6.3-rc2`. `None` otherwise.
fn result_on_kernel(text: &str) -> Option<String> {
    KERNELS_RESULTS_ON.with(|m| m.get_or(text, result_on_kernel_afresh))
}

/// [`result_on_kernel`], asked afresh.
fn result_on_kernel_afresh(text: &str) -> Option<String> {
    // `cat results.2.6.3-rc2`, and the header `tail -n +1 results.*` or
    // `head` prints above each file, `==> results.2.6.3-rc2 <==` (attack40
    // F5: a label, so the kernel's block was never compared).
    // Both name a `results.` file: a line without it (nearly all) is
    // neither, tested once with a byte search (the same answer). The file
    // a `cat` line shows is asked once, for this reading and the next.
    let catted = catted_file(text);
    let results = |f: &&str| f.starts_with("results.");
    if super::input::found(text.as_bytes(), "results.")
        && let Some(file) = catted.filter(results).or_else(|| file_header(text).filter(results))
    {
        return result_on_kernel(file);
    }
    // `$ cat 6.1.0.log` over its output, then `$ cat 6.2.0.log` over its
    // own, the usual way to paste one file per kernel (attack45 F5: read
    // as two runs of one set-up, 6.1.0's and 6.2.0's figures averaged
    // under 6.2): the file's kernel ([`kernel_file`]), as `==> 6.1.0.log
    // <==` names it.
    if let Some(kernel) = catted.and_then(kernel_file) {
        return Some(kernel.to_string());
    }
    // Every line above a file's runs is asked (twice): one that does not
    // start with `result` or `here` in any case is none, without a
    // lower-cased copy. No other character lower-cases to those ASCII
    // letters, so the copy's prefixes below are matched only after these.
    let b = text.as_bytes();
    let may = b.get(..4).is_some_and(|h| h.eq_ignore_ascii_case(b"here"))
        || b.get(..6).is_some_and(|r| r.eq_ignore_ascii_case(b"result"));
    if !may {
        return None;
    }
    // A typographic apostrophe (`Here’s 2.4.10`, U+2019, as mail clients
    // type it) is the typewriter one: attack36, 2.4.10's runs were filed
    // under the uname line's 2.4.8.
    let lower = text
        .trim_end_matches(':')
        .trim_end()
        .to_lowercase()
        .replace(['\u{2019}', '\u{2018}', '\u{02bc}', '\u{ff07}'], "'");
    // `Here's 2.4.10` over its run (LKML 2001-09, two tiobench tables):
    // the kernel of the run below, not the `uname -a` line's above both.
    // `results.2.6.3-rc2`: the name of the results file a kernel's runs
    // were saved to, as a heading over them (Con Kolivas's kernbench 0.20
    // post, LKML 2004-02: `results.2.6.3-rc2` / `results.2.6.3-rc3-mm1:`
    // over each kernel's three averages, which were averaged as runs of one
    // set-up under `Summary:` and the second file's name).
    let rest = ["result on ", "results on ", "result with ", "results with ", "here's ", "here is ", "results."]
        .iter()
        .find_map(|p| lower.strip_prefix(p))?;
    let rest = rest.strip_prefix("kernel ").or_else(|| rest.strip_suffix(" kernel")).unwrap_or(rest).trim();
    // `results.2.6.3-rc2.log`: the file's extension is no part of the
    // kernel's name (attack39 finding 2: kernel `2.6.3-rc2.log`), where
    // what is left is a kernel's name still.
    let rest = [".log", ".txt", ".out"]
        .iter()
        .find_map(|x| {
            lower.starts_with("results.").then(|| rest.strip_suffix(x)).flatten().filter(|r| is_kernel_name(r))
        })
        .unwrap_or(rest);
    // `results.1.1`, `results.4.2`: two numbers alone after `results.`
    // are a set-up's or a run's numbering as often as a kernel (attack40
    // F23: `results.1.1`/`results.1.2` became kernels `1.1`/`1.2`); such
    // a file is a label ([`catted_results_label`]), a kernel needs more
    // (`2.6.3-rc2`, `6.1.0`, `6.1-rc3`).
    let two_numbers = |r: &str| {
        r.split_once('.')
            .is_some_and(|(a, b)| [a, b].iter().all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit())))
    };
    if lower.starts_with("results.") && two_numbers(rest) {
        return None;
    }
    is_kernel_name(rest).then(|| rest.to_string())
}

/// The label of a `results.<name>` file a `cat` (or `less`, `more`,
/// `head`, `tail`) line shows ([`catted_results_file`]) where `<name>`
/// is no kernel's ([`result_on_kernel`]) nor a run's number
/// (`results.1`): `[root@hydra kb]# cat results.hydra` → `results.hydra`,
/// as the bare `results.hydra` line over a block reads (attack40 F23: two
/// machines' kernbench blocks under `cat results.hydra` / `cat
/// results.leo` were averaged as runs, no word). `None` otherwise.
fn catted_results_label(text: &str) -> Option<String> {
    let file = catted_results_file(text)?;
    let name = &file["results.".len()..];
    let run = !name.is_empty() && name.bytes().all(|c| c.is_ascii_digit());
    (!name.is_empty() && !run && result_on_kernel(file).is_none()).then(|| file.to_string())
}

/// A file named as a kernel with a text extension (`2.5.60-mm1.txt`,
/// `dir/6.1.log`) → the kernel (`2.5.60-mm1`): attack43 F7's r18, where
/// `==> 2.5.60-mm1.txt <==` gave kernel `2.5.60-mm1.txt`, a name no
/// directory's kernel ever meets. A kernel's name without an extension
/// (`2.5.60-mm1`) is the kernel too (attack44 F19: `cat 2.5.60-mm1
/// 2.5.60-mm2` labelled its copies while `tail`'s headers named the
/// kernels). `None` for any other name.
pub(super) fn kernel_file(file: &str) -> Option<&str> {
    let name = file.rsplit('/').next().unwrap_or(file);
    let kernel = [".txt", ".log", ".out"].iter().find_map(|x| name.strip_suffix(x)).unwrap_or(name);
    is_kernel_name(kernel).then_some(kernel)
}

/// The file `head` or `tail` of several files names above each one's
/// lines (`==> bonnie.hydra <==`, as `tail -n +1 bonnie.hydra bonnie.leo`
/// prints them): the copy's label (attack39 finding 6: two machines'
/// Bonnie reports under these headers were averaged, no word). `None` for
/// any other line.
fn file_header(text: &str) -> Option<&str> {
    let name = text.trim().strip_prefix("==> ")?.strip_suffix(" <==")?.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace) && name.chars().count() <= MAX_LABEL_CHARS).then_some(name)
}

/// The one file a shell prompt's `cat` (or `less`, `more`, `head`,
/// `tail`) shows where it is a `results.` file (`[root@hydra kb]# cat
/// results.2.6.3-rc2`, `$ cat results.2.6.3-rc2`, `# cat
/// kb/results.2.6.3-rc2`): its name without its directory, for
/// [`result_on_kernel`] to read as the bare name (attack39 finding 2: under
/// the prompt form two kernels' blocks were averaged into one, and `$ cat
/// results.…` became a label). The prompt is the word before the command,
/// ending in `$`, `#`, `%` or `>`. `None` for any other line, and for a
/// command of two files or more (the catted copies' rule,
/// `site::copies`, reads those).
fn catted_results_file(text: &str) -> Option<&str> {
    // Every line above a file's runs is asked: one without `results.`
    // (nearly all) is none, without its words collected (the same answer:
    // the file's name starts so). `found` looks for the needle's first
    // byte with memchr, cheaper on a short line than `str::contains`.
    if !super::input::found(text.as_bytes(), "results.") {
        return None;
    }
    catted_file(text).filter(|name| name.starts_with("results."))
}

/// The one file a shell prompt's `cat` (or `less`, `more`, `head`,
/// `tail`) shows, without its directory (`$ cat out/6.1.0.log` →
/// `6.1.0.log`), the command's options and a pipe after it left out;
/// `None` for any other line and for a command of two files or more.
fn catted_file(text: &str) -> Option<&str> {
    const SHOWS: [&str; 5] = ["cat", "less", "more", "head", "tail"];
    // The command is the line's first word or follows a prompt's last
    // (`$`, `#`, `%`, `>`): a line that neither starts with one of the
    // commands nor holds a prompt's character (nearly every line asked,
    // 185,000 of the medium archive's) is none, without the commands
    // looked for or its words collected (the same answer).
    let b = text.trim_start().as_bytes();
    if !SHOWS.iter().any(|c| b.starts_with(c.as_bytes()))
        && memchr::memchr3(b'$', b'#', b'%', b).is_none()
        && memchr::memchr(b'>', b).is_none()
    {
        return None;
    }
    if !SHOWS.iter().any(|c| super::input::found(b, c)) {
        return None;
    }
    let words: Vec<&str> = text.words().collect();
    // `# cat results.…` reaches here as `cat results.…` (the `# ` read as
    // a heading's): the command alone on its line is as plain.
    let at = words.iter().position(|w| SHOWS.contains(w))?;
    let prompted = at == 0 || words[at - 1].ends_with(['$', '#', '%', '>']);
    // The command's options (`head -20`, `tail -n 8`, `tail -n +1`) and
    // a pipe after the file (`cat results.hydra | head`) are no part of
    // which file it shows (attack41 F8: under these forms no label was
    // read, and two machines' blocks were averaged as runs, no word).
    let mut i = at + 1;
    while let Some(w) = words.get(i).filter(|w| w.starts_with('-') && w.len() > 1) {
        let counted = matches!(*w, "-n" | "-c") && matches!(words[at], "head" | "tail");
        i += if counted { 2 } else { 1 };
    }
    let file = words.get(i)?.split('|').next()?;
    let ends = words.get(i + 1).is_none_or(|w| w.starts_with('|'));
    let name = file.rsplit('/').next().unwrap_or(file);
    (prompted && ends && !name.is_empty()).then_some(name)
}

/// A plain-text section's title naming a change, `Results with a patched
/// kernel` (`Result`, `Results`, `Numbers`, then `with`, `without`,
/// `before` or `after`, a colon allowed at its end): the change's words as
/// written (`with a patched kernel`). At most [`MAX_LABEL_CHARS`]
/// characters and eight words, no sentence's end, no comma, and no
/// kernel's name alone after the change word ([`result_on_kernel`] reads
/// `results with 6.1`). `None` for any other line.
fn results_heading(text: &str) -> Option<String> {
    let bare = text.trim().trim_end_matches(':').trim_end();
    let (first, rest) = bare.split_once(' ')?;
    if !["result", "results", "numbers"].iter().any(|w| first.eq_ignore_ascii_case(w)) {
        return None;
    }
    let rest = rest.trim();
    let change = rest.words().next()?;
    let ok = CHANGE_WORDS.iter().any(|c| change.eq_ignore_ascii_case(c))
        && rest.words().count() >= 2
        && bare.words().count() <= 8
        && bare.chars().count() <= MAX_LABEL_CHARS
        && !bare.ends_with(['.', '!', '?', ';'])
        && !bare.contains([',', '=', '|', '$', '#', '`'])
        && result_on_kernel(text).is_none();
    ok.then(|| rest.to_string())
}

/// A plain-text section's title naming a numbered set-up and what it is,
/// `Test setup 1: x64 PC with LAN7430 ---> x64 PC` (`Setup`, `Set-up`,
/// `Test setup`, `Configuration`, `Config`, then a number, a colon, and
/// the set-up's words), alone between blank lines: it heads every label
/// line below it as a Markdown heading does. The lan743x patch (netdev
/// 2023-11) wrote its two boards so, each over `DSPACE set to L1 CACHE
/// Size` and `16 Bytes` summaries: the boards' summaries of one DSPACE
/// were averaged. The line as written, without a trailing colon; at most
/// 100 characters, no sentence's end. `None` for any other line.
fn numbered_setup_heading(text: &str) -> Option<String> {
    let bare = text.trim().trim_end_matches(':').trim_end();
    let (head, what) = bare.split_once(':')?;
    let words: Vec<&str> = head.words().collect();
    let (number, name) = words.split_last()?;
    let name = name.join(" ").to_ascii_lowercase();
    let ok = ["setup", "set-up", "test setup", "test set-up", "configuration", "config"].contains(&name.as_str())
        && !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && !what.trim().is_empty()
        && bare.chars().count() <= 100
        && !bare.ends_with(['.', '!', '?', ';', ','])
        && !bare.contains("://");
    ok.then(|| bare.to_string())
}

/// A name set off by a run of dashes or equals signs and a space, `---
/// reiserfs`, `== ext3 ==` (a trailing run allowed): the name, one to four
/// words, at most [`MAX_LABEL_CHARS`] characters, no sentence's end and no
/// `/` (a diff's `--- a/fs/inode.c`). Wherever it stands: right under a
/// line of prose (`Results (both of them for each run):` over `---
/// reiserfs`, LKML 2004-02, two bonnie++ runs per file system) it named
/// nothing, and reiserfs's runs were left unlabelled beside `--- ext3`'s.
/// `None` for any other line.
pub(crate) fn dashed_label(text: &str) -> Option<String> {
    let mark = text.chars().next().filter(|c| matches!(c, '-' | '='))?;
    let inner = text.trim_start_matches(mark);
    if text.len() - inner.len() < 2 || !inner.starts_with(' ') {
        return None;
    }
    let inner = inner.trim_end_matches(mark).trim();
    let words = inner.words().count();
    let ok = (1..=4).contains(&words)
        && inner.chars().count() <= MAX_LABEL_CHARS
        && inner.chars().any(char::is_alphabetic)
        && !inner.ends_with(['.', ',', '!', '?', ';'])
        && !inner.contains(['/', '=', '|', '$', '#', '`', '>', '<'])
        && !is_numbered_run(&inner.to_lowercase());
    ok.then(|| inner.trim_end_matches(':').trim_end().to_string())
}

/// A `git log --oneline` line of a bisect's list, `001 bbce3de72be5
/// sched/eevdf: Fix se->slice being set to U64_MAX …` (LKML 2025, over
/// `average rps:` lines): its number, if any, and its hash (`001
/// bbce3de72be5`) name the point. An abbreviated hash (7 to 16
/// hexadecimal digits, letters and digits both), then a subject of two
/// words or more (not a `(v5.10-rc1) + your patch` aside: a whole line).
///
/// Also `git log`'s own header of a commit, `commit <40 hex digits>`, with
/// its decoration or a poster's note after it (`commit 88ca74dd6fe5… (HEAD)
///       <<< Still good commit`; LKML 2025-07, wildmod37: four commits'
/// schbench runs under their `commit`/`Author:`/`Date:` blocks were
/// averaged as runs of one set-up, p99 42 with 283 usec): the commit's
/// first 12 digits name it. Not a sentence citing a commit (`commit
/// <hash> ("subject")`).
fn git_log_line(text: &str) -> Option<String> {
    // The first words only, as they come (most lines are none: no list
    // of every line's words).
    let mut words = text.words();
    let first = words.next()?;
    if first == "commit" {
        let sha = words.next()?;
        let full = sha.len() == 40 && sha.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        let cites = words.next().is_some_and(|w| w.starts_with("(\""));
        return (full && !cites).then(|| sha[..12].to_string());
    }
    let numbered = first.len() <= 4 && first.bytes().all(|b| b.is_ascii_digit());
    let sha = if numbered { words.next()? } else { first };
    let hex = (7..=16).contains(&sha.len())
        && sha.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && sha.bytes().any(|b| b.is_ascii_digit())
        && sha.bytes().any(|b| b.is_ascii_alphabetic());
    // The subject's first word, and at least one more.
    let subject = hex && words.next().is_some_and(|w| w.starts_with(|c: char| c.is_alphanumeric()));
    (subject && words.next().is_some()).then(|| if numbered { format!("{first} {sha}") } else { sha.to_string() })
}

/// A line of options alone, a set-up's (mount's) options written under
/// it or by themselves: `-oversion=9p2000.L,cache=mmap,msize=104857600`
/// (qemu-devel 2020, under a wrapped `9p mount -t 9p -o trans=virtio
/// kernel /mnt`, over each of two fio blocks differing only in msize),
/// `-o msize=1048576`, `--direct=1`. One to four words, the first an
/// option from a lower-case letter, with a value (`=` or a word after
/// it); no parentheses, braces or `;` (a patch's removed line). As
/// written, up to 100 characters. Too long for a [`title`], the two blocks
/// were averaged as runs of one with no word.
fn option_line(text: &str) -> Option<String> {
    let words: Vec<&str> = text.words().collect();
    let first = *words.first()?;
    let name = first.trim_start_matches('-');
    let ok = (1..=4).contains(&words.len())
        && is_option(first)
        && first.len() - name.len() <= 2
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && (first.contains('=') || words.len() > 1)
        && text.chars().count() <= 100
        && !text.contains(['(', ')', '{', '}', ';', '|', '<', '>', '`', '$']);
    ok.then(|| text.to_string())
}

/// A line standing alone between blank lines that reads as a title: one
/// to three words (`EXTREME`, `SPARSEMEM+VMEMMAP`, `ext3 ordered`), not a
/// sentence. An aside in brackets at its end is no word of it and stays
/// in the title (`WA_WEIGHT, WA_BIAS, SIS_CURRENT (aka, with patches
/// on)`: LKML 2023, wild32 file 06; refused, its tbench block was
/// averaged with the block above it, under that block's label).
fn title(text: &str) -> Option<String> {
    if let Some((head, aside)) = text.strip_suffix(')').and_then(|t| t.rsplit_once(" ("))
        && !head.trim().is_empty()
        && !aside.contains(['(', ')'])
        && text.chars().count() <= 100
    {
        return title(head.trim_end()).map(|_| text.to_string());
    }
    let words = text.words().count();
    // `HugePages_Rsvd:   0` (/proc/meminfo), `17,063,682  l2d_tlb_refill`
    // (perf stat's counts) between double-spaced lines: a program's
    // figures, not a title (as titles they split a memtier note's rounds).
    let figure = text.split_once(':').is_some_and(|(_, v)| super::num::plain(v).is_some())
        || text.words().next().is_some_and(|w| w.contains(',') && w.chars().all(|c| c.is_ascii_digit() || c == ','));
    let ok = (1..=3).contains(&words)
        && !figure
        && !is_numbered_run(&text.to_lowercase())
        && text.chars().count() <= 40
        && text.chars().any(char::is_alphabetic)
        && !text.ends_with(['.', ',', '!', '?', ';'])
        && !ends_mid_sentence(text);
    // Markdown's bold, a bracketed aside and a heading's `#` are the
    // page's dress, not the name: `[ **NPS1** の場合]` → `NPS1 の場合`,
    // `# Before patch` → `Before patch` (as written).
    let text = text.strip_prefix("# ").map_or(text, str::trim_start);
    let text = if text.contains("**") || text.starts_with('[') {
        let plain = text.replace("**", "");
        let plain = plain.trim().strip_prefix('[').and_then(|t| t.strip_suffix(']')).unwrap_or(plain.trim());
        plain.words().collect::<Vec<_>>().join(" ")
    } else {
        text.to_string()
    };
    (ok && !text.is_empty()).then_some(text)
}

/// A C define a poster changed between runs, alone or right above the
/// benchmark's command line, without its comment: `#define
/// BIO_VMERGE_BOUNDARY     0 /* (ia64_max_iommu_merge_mask + 1) */` →
/// `#define BIO_VMERGE_BOUNDARY     0` (LKML 2003, two re-aim-7 runs of an
/// ia64 box each under the define it was built with: the first run, its
/// define over its command line and followed by a comment, was left
/// unlabelled beside the second's). `None` for any other line.
fn define_line(text: &str) -> Option<String> {
    let rest = text.strip_prefix("#define")?;
    if !rest.starts_with([' ', '\t']) || text.chars().count() > 120 {
        return None;
    }
    let body = rest.split_once("/*").map_or(rest, |(b, _)| b).trim_end();
    let mut words = body.words();
    let name = words.next()?;
    words.next()?;
    name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_').then(|| format!("#define{body}"))
}

/// The text before a fio job's banner on `line` (`name: (g=0): rw=…`,
/// fio 2.x-3.x normal output): `Some("")` for the banner itself, `Some(text)`
/// where a mail's reflow glued a person's words in front of it
/// (`-oversion=9p2000.L,cache=mmap,msize=1048576 ) test: (g=0): rw=randrw,`);
/// `None` for any other line.
fn fio_job_banner(line: &str) -> Option<&str> {
    let (before, rest) = line.split_once(": (g=")?;
    let (group, after) = rest.split_once(')')?;
    if group.is_empty() || !group.chars().all(|c| c.is_ascii_digit()) || !after.starts_with(": rw=") {
        return None;
    }
    // The job's name is the last word before the banner's colon.
    let name_at = before.rfind(char::is_whitespace).map_or(0, |k| k + 1);
    (!before[name_at..].is_empty()).then(|| before[..name_at].trim_end())
}

/// The label a mail's reflow glued to a fio job's banner: `text`, starting
/// a paragraph, and the words in front of the banner on `next`, joined (10
/// in wild31, a qemu-devel 2020 virtiofs/9p mail: `9p ( mount -t 9p -o
/// trans=virtio kernel /mnt` / `-oversion=9p2000.L,cache=mmap,msize=1048576
/// ) test: (g=0): rw=randrw,` → `9p ( mount -t 9p -o trans=virtio kernel
/// /mnt -oversion=9p2000.L,cache=mmap,msize=1048576 )`). Refused, the run
/// took the label of the set-up above it and the two were averaged as
/// runs. At most 120 characters, no sentence's end; `None` for any other
/// pair of lines.
fn title_glued_to_banner(text: &str, next: Option<&&str>) -> Option<String> {
    let glued = fio_job_banner(next?)?;
    if glued.is_empty() || fio_job_banner(text).is_some() {
        return None;
    }
    let joined = format!("{text} {glued}");
    let ok = joined.chars().count() <= 120
        && joined.starts_with(char::is_alphanumeric)
        && !text.ends_with(['.', ',', '!', '?', ';', ':'])
        && !joined.contains("://");
    ok.then_some(joined)
}

/// True when `text` ends in a word that carries a sentence on (`to`,
/// `from`, `than`, `and`): prose a poster broke around the outputs, not a
/// title. A linux-mmc mail's `fio performance does increase slightly
/// from` / output / `without CQE to` / output / `with CQE enabled.`: the
/// middle line named the run above it, and was taken for the title of
/// the run below (the with-CQE run read `without CQE to`; wild28).
fn ends_mid_sentence(text: &str) -> bool {
    const CARRY: [&str; 14] =
        ["to", "from", "than", "and", "or", "vs", "versus", "of", "by", "into", "the", "a", "an", "against"];
    text.words().nth(1).is_some() && text.words().last().is_some_and(|w| CARRY.contains(&w))
}

/// A label line that is only an aside in parentheses, carried on from the
/// prose line above it (`Then I decided to apply my patch, which removes
/// page aging etc...` / `(already sent to this list):`, linux-mm 1998, over
/// the second of two Bonnie runs): the two lines joined, the colon left
/// out; the aside alone named the run `(already sent to this list)`. At
/// most 200 characters; `None` for any other pair of lines (`text` not
/// ending in `:`; `prev` blank, a rule, or a label line of its own ending
/// in `:`).
fn aside_after_prose(prev: &str, text: &str) -> Option<String> {
    let aside = text.strip_suffix(':')?.trim_end();
    let inner = aside.strip_prefix('(')?.strip_suffix(')')?;
    let prose = !prev.is_empty()
        && !is_rule(prev)
        && !prev.ends_with(':')
        && !prev.starts_with('(')
        && prev.words().count() >= 3
        && !prev.contains("  ");
    let joined = format!("{prev} {aside}");
    (prose && !inner.contains(['(', ')']) && joined.chars().count() <= 200).then_some(joined)
}

/// A heading too long for a label line, wrapped over up to three lines and
/// underlined by a rule (`TCP RAW throughput 100Mbit/s max MTU with 10000
/// non-matching rules + 1` / `last matching rule at the end of the FORWARD
/// chain [iptables]:` / `-----…`, LKML 2002, over each of three netperf
/// runs): the paragraph's lines `head_at` (1-based, its first) to `i + 1`
/// (`trimmed[i]`, the one over the rule) joined, a trailing colon left out.
/// At most 200 characters, no sentence's end, no URL, no line of it read.
/// Refused, the label above went on over the runs below, and three
/// firewall set-ups' throughputs were averaged as runs of one, silently.
/// With `ruled` false, the heading has no rule under it (the caller found
/// the benchmark's command line there) and only the heading's lines are
/// looked at. `None` for any other line.
fn underlined_heading(trimmed: &[&str], read: &[bool], head_at: usize, i: usize, ruled: bool) -> Option<String> {
    let first = head_at.checked_sub(1)?;
    if first > i || i - first > 2 || (first..=i).any(|k| read[k + 1]) {
        return None;
    }
    // A table's header over its rule (`File   Block  Num  Seq Read` over
    // `------- ------ …`, under `Performance on SMP NFS client:`) is no
    // heading: an underline is one run of dashes, the heading words apart
    // by one space, a colon only at its end.
    let rule = if ruled { trimmed.get(i + 1).copied().unwrap_or("") } else { "" };
    let lines = &trimmed[first..=i];
    // A rule of dashes spaced one apart (`- - - - -`, the lan743x patch's
    // over each iperf3 summary, netdev 2023-11) is one line drawn, no
    // table's columns: its four set-ups' label lines over such rules were
    // refused, and the set-ups averaged as runs of one.
    let spaced_dashes = rule.len() >= 5 && rule.split(' ').all(|d| d == "-");
    if (rule.contains(' ') && !spaced_dashes)
        || lines.iter().any(|l| l.contains("  ") || l.contains('\t'))
        || lines[..lines.len() - 1].iter().any(|l| l.ends_with(':'))
    {
        return None;
    }
    let text = trimmed[first..=i].join(" ");
    let text = text.strip_suffix(':').unwrap_or(&text).trim_end();
    let ok = text.chars().count() <= 200
        && text.starts_with(char::is_alphanumeric)
        && !text.ends_with(['.', ',', '!', '?', ';'])
        && !text.contains("://")
        && !is_run_marker(text)
        && !is_numbered_run(&text.to_lowercase());
    ok.then(|| text.to_string())
}

/// A line standing alone between blank lines that names a set-up by a
/// patch's or a file's name too long for a [`title`] or a label (`7.2.0-rc2
/// with 0001-tun-set-waking-threshold-to-ptr_ring_empty.patch`, netdev
/// 2026, over its `threads N` blocks): one to four words, one of them a
/// name of more than 24 characters (letters, digits, `-`, `_`, `.`, `+`,
/// `/`, `@`); or up to twelve words from a kernel's name (`6.9.0 +
/// 0001-….patch + 0002-….patch`, `7.2.0-rc2 w/ 0001-….patch (v2,
/// rebased)`). At most 100 characters, no sentence's end, no URL; the
/// line as written, a trailing colon left out. Whole, not cut to its
/// first words: two patches' names often differ only at their end, and
/// cut alike their runs were averaged. Refused, it let the label above it
/// go on over its runs (three kernels' runs averaged as one's, silently).
fn long_title(text: &str) -> Option<String> {
    let text = text.strip_suffix(':').unwrap_or(text).trim_end();
    let words: Vec<&str> = text.words().collect();
    let name = |w: &&str| {
        w.chars().count() > 24
            && w.chars().any(char::is_alphabetic)
            && w.chars().all(|c| c.is_alphanumeric() || "-_.+/@".contains(c))
    };
    let kernel_first = words.first().is_some_and(|w| is_kernel_name(w.trim_end_matches(':')));
    let ok = ((1..=4).contains(&words.len()) && words.iter().any(name) || kernel_first && words.len() <= 12)
        && text.chars().count() <= 100
        && text.starts_with(char::is_alphanumeric)
        && !text.ends_with(['.', ',', '!', '?', ';'])
        && !text.contains("://")
        && !is_run_marker(text)
        && !is_numbered_run(&text.to_lowercase());
    ok.then(|| text.to_string())
}

/// A kernel and what was added to it, ending in a colon, too long for a
/// label line (over six words): `v6.8-rc6 + riscv/fixes + riscv/for-next +
/// this patch series:` (a git tag's `v` allowed before the kernel's name).
/// Up to twelve words and 100 characters, as [`long_title`]; the line
/// without its colon. `None` for any other line.
fn kernel_led_title(text: &str) -> Option<String> {
    let bare = text.strip_suffix(':')?.trim_end();
    let words: Vec<&str> = bare.words().collect();
    let first = *words.first()?;
    let kernel_first = is_kernel_name(first) || first.strip_prefix('v').is_some_and(is_kernel_name);
    let ok = kernel_first
        && words.len() <= 12
        && bare.chars().count() <= 100
        && !bare.ends_with(['.', ',', '!', '?', ';', ':'])
        && !bare.contains("://")
        && !is_run_marker(bare);
    ok.then(|| bare.to_string())
}

/// A sample's identity inside one file, what makes two samples runs of
/// one thing, as a hash: kernel, group, metric and parameters.
fn key_hash(s: &Sample) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    s.kernel.hash(&mut h);
    s.group.hash(&mut h);
    s.metric.name.hash(&mut h);
    s.params.hash(&mut h);
    h.finish()
}

/// [`key_hash`] without the kernel and the `label` a line above gave: a
/// quoted post's runs under `> Here is dbench on 6.1:` (kernel 6.1) and
/// the writer's own under `And here it is with the patch:` (a label) are
/// copies at two depths all the same, the quoted ones not the writer's.
fn depth_key_hash(s: &Sample) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    s.group.hash(&mut h);
    s.metric.name.hash(&mut h);
    s.params.iter().filter(|p| p.name != "label").for_each(|p| p.hash(&mut h));
    h.finish()
}

/// A read line's identity from its paragraph's heading, the labels over its
/// group of blocks (`outers`: the Markdown headings over its label line,
/// outermost first, then a label right above a label, `For the A72 -`) and
/// its block's label; a kernel among them is the kernel.
fn identity(head: Option<(String, String)>, outers: Vec<String>, block: Option<String>) -> Identity {
    let (mut kernel, mut parts) = (None, Vec::new());
    // The heading's line is said once: as the paragraph's heading, not
    // again as the label over the group below it (`6.1-rc1 +patch` over
    // `before:` was labelled `+patch / 6.1-rc1 +patch / before`, reader34 F13).
    let head_line = head.clone();
    if let Some((k, rest)) = head {
        kernel = Some(k);
        if !rest.is_empty() {
            parts.push(rest);
        }
    }
    for o in outers {
        if head_line.is_some() && paragraph_head(&o) == head_line {
            continue;
        }
        if is_kernel_name(&o) {
            kernel = Some(o);
        } else if !parts.contains(&o) {
            parts.push(o);
        }
    }
    match block {
        Some(b) if is_kernel_name(&b) => {
            let b = bare_kernel(&b).to_string();
            // The name right above the runs is the nearer: it wins.
            kernel = Some(b);
        }
        Some(b) if !parts.iter().any(|p| p.to_lowercase() == b.to_lowercase()) => parts.push(b),
        _ => {}
    }
    Identity { kernel, label: (!parts.is_empty()).then(|| parts.join(" / ")) }
}

/// A unit a figure is written before (`3.0 GHz`, `1.2 V`, `2.5 x`, `4.0
/// GB`): the figure before it is a quantity, never a kernel's name.
fn is_unit_word(w: &str) -> bool {
    const UNITS: [&str; 45] = [
        "ghz", "mhz", "khz", "hz", "gb", "mb", "kb", "tb", "gib", "mib", "kib", "tib", "gbit", "mbit", "gbps", "mbps",
        "gb/s", "mb/s", "x", "%", "ms", "us", "µs", "ns", "s", "sec", "secs", "seconds", "min", "v", "mv", "w", "c",
        "°c", "times", "cores", "cpus", "nodes", "bytes", "kilobytes", "megabytes", "gigabytes", "kbytes", "mbytes",
        "gbytes",
    ];
    UNITS.iter().any(|u| w.eq_ignore_ascii_case(u))
}

/// A paragraph's first line, when it starts with a kernel's name: that
/// kernel and the rest of the line (`+eevdf.prev`, `- naked eevdf +fixes`).
fn paragraph_head(text: &str) -> Option<(String, String)> {
    if text.chars().count() > 64 {
        return None;
    }
    let mut words = text.splitn(2, char::is_whitespace);
    let head = words.next()?.trim_end_matches(':');
    let rest = words.next().unwrap_or("").trim().trim_start_matches(['-', ':']).trim();
    // `3.0 GHz:`: a figure and its unit, no kernel ([`is_unit_word`]).
    if rest.words().next().is_some_and(|u| is_unit_word(u.trim_end_matches([':', ',']))) {
        return None;
    }
    // `7.0093 +- 0.0463 seconds time elapsed  ( +-  0.66% )`: a mean and
    // its deviation (perf stat's last line, glued to the next command's
    // prompt with no blank line between), no kernel: the five `perf bench`
    // runs under that prompt were filed as kernel `7.0093` (attack55 F1).
    if rest.starts_with("+-") || rest.starts_with('±') || rest.starts_with("+/-") {
        return None;
    }
    is_kernel_name(head).then(|| {
        let k = bare_kernel(head);
        (k.to_string(), rest.to_string())
    })
}

/// One word of letters (and `_`, `-`, `.`, digits), not a number: a
/// configuration's name set right above its results.
fn is_one_word_label(text: &str) -> bool {
    text.chars().count() <= 40
        && text.chars().any(|c| c.is_ascii_alphabetic())
        && text.chars().all(|c| c.is_ascii_alphanumeric() || "_-.+".contains(c))
        && !is_numbered_run(&text.to_ascii_lowercase())
        // A run counter's word with no number (will-it-scale's binaries
        // print `warmup` and `measurement` over their seconds): no
        // set-up's name (a FreeBSD blog's runs were labelled `measurement`).
        && !RUN_COUNTER_WORDS.iter().chain(&["warmup"]).any(|w| text.eq_ignore_ascii_case(w))
        // A cell a benchmark printed as `nan` or `inf` and a mail wrapped
        // onto a line of its own (re-aim's JTI): no name a person gave.
        && !super::num::non_finite(text)
}

/// Whether line index `i`, one word, is the last word of the read line
/// above it that a mail wrapped (`> Throughput 210.989 MB/sec (NB=…)  16`
/// / `> procs`, LKML 2001-12): the line above ends in a figure, and the
/// word follows a figure on a read line of the file (`8 procs`). Taken for
/// a label, `procs` named the runs below it, and one kernel's sweeps were
/// split over two labels.
fn wrapped_word_tail(trimmed: &[&str], read: &[bool], i: usize) -> bool {
    let word = trimmed[i];
    if i == 0
        || !read.get(i).copied().unwrap_or(false)
        || !trimmed[i - 1].ends_with(|c: char| c.is_ascii_digit())
        || !word.chars().all(|c| c.is_ascii_lowercase())
    {
        return false;
    }
    trimmed.iter().enumerate().any(|(k, t)| {
        read.get(k + 1).copied().unwrap_or(false) && {
            let words: Vec<&str> = t.words().collect();
            words.windows(2).any(|w| w[1] == word && w[0].bytes().all(|b| b.is_ascii_digit()))
        }
    })
}

/// Whether line index `i`, one word in capitals, is the last column
/// heading of the long heading line above it that a mail wrapped at 72
/// columns (UnixBench 5.x's `System Benchmarks Index Values  BASELINE
/// RESULT` / `INDEX`, LKML 2022-06 wrapped): the line above is 60 columns
/// or more and ends in two or more headings in capitals. Taken for a
/// label, `INDEX` named the before- and the after-patch tables alike and
/// their runs met as one set-up's.
fn wrapped_heading_tail(trimmed: &[&str], i: usize) -> bool {
    let is_heading = |w: &str| w.len() >= 3 && w.bytes().all(|b| b.is_ascii_uppercase());
    if i == 0 || !is_heading(trimmed[i]) || trimmed[i - 1].chars().count() < 60 {
        return false;
    }
    let words: Vec<&str> = trimmed[i - 1].words().collect();
    words.len() >= 2 && words[words.len() - 2..].iter().all(|w| is_heading(w))
}

/// The names a person gives a set-up's part in a `Name: value` line above
/// its runs (`Scheduler: mq-deadline`, `Governor: performance`), in lower
/// case. Only these: a benchmark prints lines of that form by the dozen
/// (`Number of threads: 4`), and none of these names.
const SETUP_KEYS: [&str; 16] = [
    "scheduler",
    "io scheduler",
    "i/o scheduler",
    "elevator",
    "governor",
    "cpufreq governor",
    "cpu governor",
    "config",
    "configuration",
    "setup",
    "set-up",
    "patch",
    "patches",
    "branch",
    "tree",
    "thp",
];

/// The words that name the tree a patch is measured against, or the
/// patched one, when a person writes them as `word: what it is` above a
/// run ([`base_line`]).
const BASE_WORDS: [&str; 8] = ["master", "mainline", "baseline", "base", "vanilla", "upstream", "unpatched", "patched"];

/// `master: 'commit b3a9e3b9622a ("Linux 5.8-rc1")'`, the line as
/// written: the tree a patch is measured against named by one of
/// [`BASE_WORDS`], then a colon and what it is (a commit, a kernel), above
/// its run, as `With patch:` is above the patched run. Without it, the
/// label of the run before (`with patch`) went on over the next base run:
/// a base run shown as the patched one. The whole line, as what it names
/// tells two bases apart (`base: 8784fb5fa2e0 (tip/master)` on one
/// machine, `base:` on another).
fn base_line(text: &str) -> Option<String> {
    let (word, what) = text.split_once(':')?;
    let word = word.trim();
    (!what.trim().is_empty() && text.chars().count() <= 100 && BASE_WORDS.iter().any(|b| word.eq_ignore_ascii_case(b)))
        .then(|| text.trim().to_string())
}

/// `Scheduler: mq-deadline` → `mq-deadline`: a set-up written as `Name:
/// value` above its runs, the name one of [`SETUP_KEYS`], the value a few
/// words (as `mq-deadline:` alone is a label; an attacker's trial had the
/// `Name: value` form over two fio reports averaged as runs).
fn setup_line(text: &str) -> Option<String> {
    let (key, value) = text.split_once(':')?;
    let value = value.trim();
    let words = value.words().count();
    let ok = (1..=4).contains(&words)
        && text.chars().count() <= MAX_LABEL_CHARS
        && value.chars().any(char::is_alphanumeric)
        && !value.ends_with(['.', ',', ';', '!', '?', ':'])
        && SETUP_KEYS.iter().any(|k| lowers_to(key.trim(), k));
    ok.then(|| label_text(value))
}

/// A label line with the poster's aside before its colon: an aside of
/// figures (`Before this commit (average 25617 +- 0.16%):` → `Before this
/// commit:`), or any aside after a set-up's short name that counts
/// something (`COMPUTE LOAD 2way (this is more CPU intensive than NORMAL
/// reaim load):` → `COMPUTE LOAD 2way:`, over OSDL STP re-aim summaries
/// on LKML 2005-01: refused as too long, the 2-way compute runs were
/// labelled by the `NORMAL LOAD 1-WAY:` above them). The aside's words
/// would make it a sentence. A name that counts: up to four words, one of
/// them a figure and letters together (`2way`, `4-way-SMP`, `16k`); a
/// sentence before an aside of words (`We ran it (see below):`) is none.
fn without_aside(text: &str) -> Option<String> {
    let inner = text.strip_suffix("):")?;
    let (head, aside) = inner.rsplit_once(" (")?;
    let head = head.trim();
    let counts = || {
        let words: Vec<&str> = head.words().collect();
        words.len() <= 4
            && words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()) && w.chars().any(char::is_alphabetic))
            && !head.ends_with(['.', ',', ';', '!', '?', ':'])
    };
    (!head.is_empty() && (aside.chars().any(|c| c.is_ascii_digit()) || counts())).then(|| format!("{head}:"))
}

/// True when `text` is a command that changes the system's set-up
/// ([`config_command`]: `echo NO_FAIR_SLEEPERS > /debug/sched/features`,
/// `sysctl -w …`, `ethtool -K …`): a set-up of every result below it,
/// whichever benchmark printed them (a segment read alone keeps it:
/// `segment::reread_alone`).
pub(crate) fn is_setup_command(text: &str) -> bool {
    config_command(text).is_some()
}

/// A command that changes the system's set-up between two runs of the same
/// benchmark, the only thing that tells them apart in many posts (`ethtool
/// -K eth0 tso off` above a netperf run, `echo NO_WAKEUP_BIAS_PREV_IDLE >
/// /sys/kernel/debug/sched/features` above a hackbench run, `ALTER SYSTEM
/// SET synchronous_commit = off;` above a pgbench run): the command as
/// printed, without a shell prompt or `sudo`. Only these commands, which
/// set something: `ethtool -K`/`-C`/`-G`/`-L`/`-s`, `sysctl -w` or
/// `sysctl name=value`, `echo … > /sys/…` or `/proc/…`, `cpupower`,
/// `tuned-adm profile`, `ip link set` (Eric Dumazet's BIG TCP netperf
/// runs, netdev 2022, told apart only by it), SQL's `ALTER SYSTEM SET`,
/// `renice` ([`renice`]). A line of several commands (`sync; echo never >
/// /sys/…`) is judged part by part ([`command_line_setup`]).
fn config_command(text: &str) -> Option<String> {
    CONFIG_COMMANDS.with(|m| m.get_or(text, config_command_afresh))
}

/// [`config_command`], asked afresh.
fn config_command_afresh(text: &str) -> Option<String> {
    let mut t = text.trim();
    // Most lines are none: their first word tells, before anything is made.
    let first = t.words().next()?;
    let may = matches!(first, "$" | "#" | "sudo" | "ethtool" | "sysctl" | "echo" | "cpupower" | "tuned-adm" | "ip")
        || matches!(first, "hdparm" | "tune2fs" | "blockdev" | "swapoff" | "swapon" | "rmmod")
        || HOUSEKEEPING.contains(&first.trim_end_matches(';'))
        || matches!(first, "mount" | "umount" | "export")
        || matches!(first, "smartctl" | "systemctl" | "ulimit" | "sh" | "bash" | "tee" | "for")
        || first.starts_with("mkfs")
        || first.eq_ignore_ascii_case("alter")
        || first.eq_ignore_ascii_case("renice")
        || first.ends_with(['#', '$']);
    if !may {
        return None;
    }
    let mut prompted = false;
    for prompt in ["$ ", "# "] {
        if let Some(rest) = t.strip_prefix(prompt) {
            t = rest.trim_start();
            prompted = true;
        }
    }
    if let Some((before, after)) = t.split_once("# ").or_else(|| t.split_once("$ "))
        && !before.contains(' ')
        && (before.contains('@') || before.contains(':'))
    {
        t = after.trim_start();
    }
    // psql's superuser prompt `DBNAME=# ` (`postgres=# ALTER SYSTEM SET
    // max_wal_size = '64MB';`, a Korean PostgreSQL page, 2026): the SQL
    // after it. Kept, the prompt hid the set-up, and pgbench runs under
    // 64MB and 4GB were averaged as runs of one set-up.
    if let Some((db, after)) = t.split_once("=# ")
        && !db.is_empty()
        && db.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && after.trim_start().to_ascii_uppercase().starts_with("ALTER SYSTEM ")
    {
        t = after.trim_start();
    }
    t = t.strip_prefix("sudo ").unwrap_or(t).trim_start();
    if let Some(label) = loop_over_files(t) {
        return Some(label);
    }
    command_line_setup(t, prompted)
}

/// The set-up one command (`t`: a part of a command line, without its
/// prompt and `sudo`) makes, as its label ([`config_command`] lists them;
/// `prompted`: typed alone at a prompt, for `cd DIR`). `None` for one that
/// makes none.
fn one_setup_command(t: &str, prompted: bool) -> Option<String> {
    // `sh -c 'echo never > /sys/…'`, `bash -c "…"`: the command it runs.
    for shell in ["sh -c ", "bash -c "] {
        if let Some(inner) = t.strip_prefix(shell) {
            let inner = inner.trim();
            let unquoted = inner
                .strip_prefix('\'')
                .and_then(|i| i.strip_suffix('\''))
                .or_else(|| inner.strip_prefix('"').and_then(|i| i.strip_suffix('"')))?;
            return command_line_setup(unquoted.trim(), false);
        }
    }
    if let Some(label) = filesystem_command(t) {
        return Some(label);
    }
    if let Some(label) = system_command(t, prompted) {
        return Some(label);
    }
    let words: Vec<&str> = t.words().collect();
    let first = *words.first()?;
    if first.eq_ignore_ascii_case("renice") {
        return renice(t, &words);
    }
    let sets = match first {
        "ethtool" => words.get(1).is_some_and(|f| matches!(*f, "-K" | "--offload" | "-C" | "-G" | "-L" | "-s" | "-A")),
        "sysctl" => {
            words.iter().skip(1).any(|w| *w == "-w" || (w.contains('=') && !w.starts_with('-')))
                && !t.contains("drop_caches")
        }
        // `echo X > /sys/…`, or `echo X | [sudo] tee [-a] /sys/…`; dropping
        // the page cache between runs changes no set-up.
        "echo" => {
            let to = t.split_once('>').map(|(_, to)| to.trim_start_matches('>')).or_else(|| {
                let (_, piped) = t.split_once('|')?;
                let piped = piped.trim_start();
                let piped = piped.strip_prefix("sudo ").unwrap_or(piped).trim_start();
                let rest = piped.strip_prefix("tee ")?.trim_start();
                Some(rest.strip_prefix("-a ").unwrap_or(rest))
            });
            // (A quoted path is the path: `> '/sys/…'`.)
            to.map(|to| to.trim_start().trim_start_matches(['\'', '"']))
                .is_some_and(|to| settings_file(to) && !to.contains("drop_caches"))
        }
        "cpupower" => true,
        // `ip link set dev eth0 gso_ipv6_max_size 185000 …`, `ip link set
        // eth0 mtu 9000`: not `ip link show`.
        "ip" => words.get(1) == Some(&"link") && words.get(2) == Some(&"set"),
        "tuned-adm" => words.get(1) == Some(&"profile"),
        // `tee /sys/kernel/mm/transparent_hugepage/enabled <<< never`.
        "tee" => words.iter().skip(1).any(|w| settings_file(w)) && t.contains("<<<"),
        _ => t.to_ascii_uppercase().starts_with("ALTER SYSTEM SET "),
    };
    // SQL (`ALTER SYSTEM SET …;`) is no shell's: as typed.
    let shell = !first.eq_ignore_ascii_case("alter");
    (sets && t.chars().count() <= 100).then(|| shell.then(|| shell_form(t)).flatten().unwrap_or_else(|| t.to_string()))
}

/// A command as a shell reads it, for a label that is the same for the
/// same command however typed: its words ([`shlex::split`]: quotes that
/// change nothing gone, `"never"` is `never`) joined by one space, each
/// quoted again ([`shlex::try_quote`]) only where it holds white space, a
/// quote, an operator or what a shell expands, and its
/// operators (`>`, `>>`, `|`, `;`, `&&`, a redirection `2>&1`) apart from
/// the words around them as a shell splits them (`>/x`, `X>/x` read as `>
/// /x`). `echo  NO_FAIR_SLEEPERS  > /debug/sched/features` and `echo
/// NO_FAIR_SLEEPERS >/debug/sched/features` are both `echo NO_FAIR_SLEEPERS
/// > /debug/sched/features` (attack50 F5: one set-up typed twice gave two
/// labels). `None` for quotes left open.
fn shell_form(t: &str) -> Option<String> {
    const OPS: &str = "<>|;&";
    // Each operator outside quotes set apart by spaces, so that the words
    // split around it; a quoted or escaped one is part of its word.
    let mut spaced = String::with_capacity(t.len() + 8);
    let (mut single, mut double, mut escaped) = (false, false, false);
    // The operator being typed (`>`, `>>`, `2>`, `>&`), empty outside one.
    let mut op = String::new();
    for c in t.chars() {
        let quoted = single || double || escaped;
        if OPS.contains(c) && !quoted {
            if op.is_empty() {
                // Figures alone before `>`/`<` are the file descriptor it
                // redirects (`2>`), part of the operator.
                let word = &spaced[spaced.rfind(' ').map_or(0, |at| at + 1)..];
                if !(matches!(c, '<' | '>') && word.bytes().all(|b| b.is_ascii_digit())) {
                    spaced.push(' ');
                }
            }
            op.push(c);
        } else if !op.is_empty() {
            // `>&1`, `2>&-`: a duplication's descriptor is the operator's.
            let dup = (op.ends_with(">&") || op.ends_with("<&")) && (c.is_ascii_digit() || c == '-');
            if !dup {
                if !c.is_whitespace() {
                    spaced.push(' ');
                }
                op.clear();
            }
        }
        spaced.push(c);
        match c {
            '\'' if !double && !escaped => single = !single,
            '"' if !single && !escaped => double = !double,
            _ => {}
        }
        escaped = c == '\\' && !single && !escaped;
    }
    let words = shlex::split(&spaced)?;
    let mut out = Vec::with_capacity(words.len());
    for w in &words {
        // Quoted again only where the word would not be one word, or
        // would be expanded, unquoted (`'a b'`, `'a;b'`): `vm.swappiness=10`
        // stays as typed.
        let plain = !w.chars().any(|c| c.is_whitespace() || "'\"\\$`*?".contains(c) || OPS.contains(c));
        if plain || w.chars().all(|c| OPS.contains(c)) || super::cmdline::redirection(w).is_some() {
            out.push(w.clone());
        } else {
            out.push(shlex::try_quote(w).ok()?.into_owned());
        }
    }
    Some(out.join(" "))
}

/// Whether `path` (the file an `echo … >` or `tee` writes) is a kernel
/// setting: under `/sys/`, `/proc/`, or debugfs mounted at `/debug/`, where
/// scheduler mails write features (`echo NO_FAIR_SLEEPERS >
/// /debug/sched/features`, Peter Zijlstra, LKML 2023-03).
fn settings_file(path: &str) -> bool {
    path.starts_with("/sys/") || path.starts_with("/proc/") || path.starts_with("/debug/")
}

/// True for a `swapon` ([`config_command`]'s label `label`) right under
/// another label line (`under_label`): a set-up script's turning swap on
/// after the set-up it makes, typed again above each set-up (`echo 1 >
/// /sys/module/zswap/parameters/enabled`, then `swapon /swapfile`, in
/// linux-mm 2019's zswap posts): the set-up is the line above, and the
/// runs of both set-ups took `swapon`'s label and were averaged. Typed
/// alone between runs (`swapoff -a`, runs, `swapon -a`, runs) it labels the
/// runs below it.
fn is_script_swapon(label: &str, under_label: bool) -> bool {
    under_label && label.words().next() == Some("swapon")
}

/// `renice -20 artsd`, `renice -n 19 -p 4242`, also as a person writes
/// it (`Renice -20 both artsd prozesses (the KDE-2.2.1 noatun sound
/// daemon)`, LKML 2001, between two sets of dbench 1.x runs): a process's
/// priority changed between runs, a set-up. The line as printed up to its
/// aside in brackets, without process numbers (`renice -n 19`), at most
/// [`MAX_LABEL_CHARS`]; `None` without a priority (`renice` alone, `renice
/// me`).
fn renice(t: &str, words: &[&str]) -> Option<String> {
    let at = words.iter().skip(1).position(|w| *w != "-n")? + 1;
    words[at].trim_start_matches(['-', '+']).parse::<u8>().ok()?;
    let label = t.split_once(" (").map_or(t, |(head, _)| head).trim_end_matches(['.', ',', ':', ';']).trim_end();
    // The process by its number (`-p 4242`, `4242`): another each time it
    // is started, no set-up (each run was a set-up of its own, its number
    // the label). The priority and the process by its name stay.
    let pid = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    let kept: Vec<&str> =
        label.words().enumerate().filter(|&(k, w)| k <= at || (w != "-p" && !pid(w))).map(|(_, w)| w).collect();
    let label = kept.join(" ");
    (label.chars().count() <= MAX_LABEL_CHARS).then_some(label)
}

/// A command typed between runs (`t`: without its prompt and `sudo`) that
/// changes the system or the tree built, as its label: `hdparm -W0
/// /dev/sdb` (the disk's write cache), `tune2fs -O ^has_journal /dev/sdb`,
/// `blockdev --setra 4096 /dev/sdb`, `swapoff -a`, `swapon -a`, `rmmod zram`, `git
/// checkout v6.2`; and, typed alone at a prompt
/// (`prompted`), `cd /mnt/xfs` (a `$ ` prompt shows no directory). An
/// attacker's transcripts (session 26, f/u1-u8, cdd, cdk3) had two runs
/// on each side of such a command averaged as runs of one set-up: the
/// write cache's, the file system's (xfs -17%) hidden. `None` for reading
/// ones (`hdparm -t /dev/sdb`, `tune2fs -l`, `blockdev --getra`, `git log`).
fn system_command(t: &str, prompted: bool) -> Option<String> {
    let words: Vec<&str> = t.words().collect();
    let option = |w: &&str| w.starts_with('-');
    let sets = match *words.first()? {
        "hdparm" => words[1..].iter().any(|w| {
            let flag = w.trim_start_matches('-');
            w.starts_with('-') && !w.starts_with("--") && flag.starts_with(['W', 'a', 'A', 'B', 'M', 'S', 'X', 'd'])
        }),
        "tune2fs" => words[1..].iter().any(|w| option(w) && !matches!(*w, "-l" | "-f")),
        "blockdev" => words[1..].iter().any(|w| w.starts_with("--set") || *w == "--flushbufs"),
        // `swapon -a` after `swapoff -a`'s runs turns swap back on (their
        // runs were averaged); but right under another set-up line it is
        // the set-up script's ([`is_script_swapon`]). Not `modprobe`.
        "swapoff" | "swapon" | "rmmod" => true,
        // `smartctl -s wcache,off /dev/sda` (as `hdparm -W0`); not `-a`.
        "smartctl" => words[1..].iter().any(|w| *w == "-s" || w.starts_with("--set")),
        // A service stopped or started between runs (`irqbalance`).
        "systemctl" => {
            matches!(words.get(1), Some(&("stop" | "start" | "disable" | "enable" | "mask"))) && words.len() >= 3
        }
        // `sysctl -p /etc/sysctl.d/99-bench.conf`: settings from a file.
        "sysctl" => words.get(1) == Some(&"-p") && words.len() >= 3,
        // `ulimit -n 65536`: a limit with its value.
        "ulimit" => words.len() >= 3 && words[1].starts_with('-'),
        "git" => matches!(words.get(1), Some(&("checkout" | "switch"))) && words.len() >= 3,
        "cd" => prompted && words.len() == 2 && !t.contains(['&', ';', '|']) && is_mount_point_dir(words[1]),
        _ => false,
    };
    (sets && t.chars().count() <= 100).then(|| shell_form(t).unwrap_or_else(|| t.to_string()))
}

/// A loop writing a setting into files of `/sys` or `/proc`, `for f in
/// /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do echo
/// performance > $f; done`: its body with the loop's files in place of
/// its variable (`echo performance > /sys/…/cpu*/cpufreq/scaling_governor`),
/// at most 100 characters. `None` for any other line.
fn loop_over_files(t: &str) -> Option<String> {
    let rest = t.strip_prefix("for ")?;
    let (var, rest) = rest.split_once(" in ")?;
    let (list, rest) = rest.split_once(';')?;
    let body = rest.trim_start().strip_prefix("do ")?;
    let body = body.split(';').next()?.trim();
    let files: Vec<&str> = list.words().collect();
    if files.is_empty() || !files.iter().all(|f| f.starts_with("/sys/") || f.starts_with("/proc/")) {
        return None;
    }
    let (echo, to) = body.split_once('>')?;
    let to = to.trim_start_matches('>').trim().trim_matches('"');
    let var = var.trim();
    if !echo.trim_start().starts_with("echo ") || !(to == format!("${var}") || to == format!("${{{var}}}")) {
        return None;
    }
    let label = format!("{} > {}", echo.trim(), files.join(" "));
    (label.chars().count() <= 100).then_some(label)
}

/// The set-up a command line typed between runs makes by the file system
/// it makes, mounts or points the benchmark at, by its distinctive part:
/// `mkfs.xfs -f /dev/sdb1; mount /dev/sdb1 /mnt` → `mkfs.xfs`, `mount -o
/// remount,barrier=0 /mnt` → `mount -o remount,barrier=0`, `mount -t ext4
/// …` → `mount -t ext4`, `export DBENCH_DIR=/mnt/xfs` →
/// `DBENCH_DIR=/mnt/xfs` (each part of a line joined by `;` or `&&` read;
/// their labels joined by a space). A `cd DIR` is none: a post's `cd
/// ~/stream && …` above one copy only took the place of its `[NPS1]`. A
/// transcript's `# umount /mnt; mkfs.ext4 -q /dev/sdb1; mount …` between
/// two dbench pairs was the only word that they ran on xfs, then ext4:
/// the four were averaged. `None` when no part does (`umount /mnt`, `mount
/// /dev/sdb1 /mnt`, `sync`, `ls`).
fn filesystem_command(line: &str) -> Option<String> {
    let mut labels: Vec<String> = Vec::new();
    for part in line.split([';', '&', '|']) {
        let words: Vec<&str> = part.words().collect();
        let words = words.strip_prefix(&["sudo"]).unwrap_or(&words);
        let Some(&first) = words.first() else { continue };
        let option = |o: &str| words.iter().position(|w| *w == o).and_then(|k| words.get(k + 1).copied());
        let label = match first {
            _ if first.starts_with("mkfs.") => Some(first.to_string()),
            "mkfs" => option("-t").map(|fs| format!("mkfs -t {fs}")),
            "mount" => match (option("-o"), option("-t")) {
                // `mount -o remount /dev/hda2 /` alone, no option after
                // `remount`, changes nothing: a poster's way to empty the
                // file system's caches before a timed run (LKML 2005-09, over
                // `time make bzImage` on both kernels: its label took the
                // patched kernel's runs too, and a 12-minute build was
                // averaged with 3-second `find`s).
                (Some("remount"), _) => None,
                (Some(o), _) if o.starts_with("remount") => Some(format!("mount -o {o}")),
                (o, Some(fs)) => Some(o.map_or(format!("mount -t {fs}"), |o| format!("mount -t {fs} -o {o}"))),
                // `mount -o barrier=0 /dev/sdb1 /mnt`: its options, whatever
                // the file system (they were no set-up, and barrier=0's runs
                // were averaged with barrier=1's).
                (Some(o), None) => Some(format!("mount -o {o}")),
                _ => None,
            },
            "export" => words.get(1).filter(|w| w.contains('=')).map(|w| w.to_string()),
            _ => None,
        };
        labels.extend(label);
    }
    let label = labels.join(" ");
    (!label.is_empty() && label.chars().count() <= MAX_LABEL_CHARS).then_some(label)
}

/// The kernel a line names as the one booted, the runs below it that
/// kernel's: `Booted 6.1.0 on Tue Jan 16 10:00:00 UTC 2024` (`booted
/// into`, `booted kernel`), `uname -a`'s `Linux box 6.1.0 #1 SMP
/// PREEMPT_DYNAMIC Tue Jan 16 10:00:00 UTC 2024 x86_64 GNU/Linux` (the
/// release third, its build `#1` fourth), `uname -r: 6.1.0` (also
/// `uname -r 6.1.0`, `uname -r = 6.1.0`, `uname -a: Linux …`), `cat
/// /proc/version`'s `Linux version 6.1.0-13-amd64 (debian-kernel@…)
/// (gcc-12 …, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP …`. Such a line
/// holds a date, and was passed over as a run's date marker: the runs of
/// two kernels were averaged as runs of one (an attacker's trial). `None`
/// for any other line.
fn booted_kernel(text: &str) -> Option<String> {
    // `perf bench numa mem -a` runs `uname -a` after its own ` # Running
    // test on: ` (Ingo Molnar's four-kernel NUMA comparison, linux-mm
    // 2012-12): the runs below are that kernel's. Passed over, the dumps of
    // 3.7.0-rc8+ and 3.7.0-rc6+ were averaged as runs of one kernel (a
    // 4x6-convergence of 5.444 s with one of 101.230 s).
    if let Some(rest) = text.trim_start().strip_prefix("# Running test on:") {
        let rest = rest.trim_start();
        return booted_kernel(rest).filter(|_| rest.starts_with("Linux "));
    }
    // Most lines are none: their first word tells, before anything is made.
    let first = text.words().next()?;
    if !(first.eq_ignore_ascii_case("booted")
        || first == "Linux"
        || first.starts_with("BOOT_IMAGE=")
        || first.eq_ignore_ascii_case("uname"))
    {
        return None;
    }
    let words: Vec<&str> = text.words().collect();
    let first = *words.first()?;
    let name = |w: &str| {
        let w = w.trim_end_matches([',', ';', ':', ')']).trim_start_matches('(');
        is_kernel_name(w).then(|| bare_kernel(w).to_string())
    };
    if first.eq_ignore_ascii_case("booted") {
        let rest =
            words[1..].iter().skip_while(|w| ["into", "kernel", "linux"].iter().any(|k| w.eq_ignore_ascii_case(k)));
        return rest.take(1).find_map(|w| name(w));
    }
    if first == "Linux" && words.len() >= 4 && words[3].starts_with('#') {
        return name(words[2]);
    }
    // `/proc/version`: the release after `Linux version`, the rest the
    // compiler's and linker's (`GNU ld (GNU Binutils) 2.40`, no kernel).
    if first == "Linux" && words.get(1) == Some(&"version") {
        return words.get(2).and_then(|w| name(w));
    }
    if let Some(image) = boot_image(first) {
        return name(image);
    }
    let lower = first.to_ascii_lowercase();
    if lower == "uname" {
        let option = *words.get(1)?;
        let rest = text.trim_start()[first.len()..].trim_start()[option.len()..].trim_start();
        let rest = rest.trim_start_matches([':', '=']).trim_start();
        return match option.trim_end_matches(':') {
            "-r" => rest.words().next().filter(|_| rest.words().count() == 1).and_then(name),
            "-a" => booted_kernel(rest).filter(|_| rest.starts_with("Linux ")),
            _ => None,
        };
    }
    None
}

/// The kernel release in `/proc/cmdline`'s first word, the image booted:
/// `BOOT_IMAGE=/boot/vmlinuz-6.1.0-13-amd64` → `6.1.0-13-amd64` (also
/// `BOOT_IMAGE=(hd0,gpt2)/vmlinuz-…`, `vmlinux-`, `bzImage-`). A `cat
/// /proc/cmdline` above each kernel's runs was taken for a label, and the
/// runs of two kernels were compared as one's (an attacker's trial).
fn boot_image(first: &str) -> Option<&str> {
    let image = first.strip_prefix("BOOT_IMAGE=")?;
    let file = image.rsplit('/').next()?;
    ["vmlinuz-", "vmlinux-", "bzImage-"].iter().find_map(|p| file.strip_prefix(p))
}

/// A syslog line's host and tag before its message, `box bench[4242]:
/// ext4` → `ext4` (its date is the run's counter, split off before):
/// the pid differs from run to run and names no set-up. A `logger` line
/// above each run split every run into a set-up of its own.
fn without_syslog_tag(rest: &str) -> &str {
    let tag_end = rest.find("]: ").filter(|&k| {
        let head = &rest[..k];
        let words = head.words().count();
        head.rsplit_once('[').is_some_and(|(_, pid)| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
            && (1..=2).contains(&words)
    });
    tag_end.map_or(rest, |k| rest[k + 3..].trim_start())
}

/// Words that open a label written on the data line itself.
const LEADING: &[&str] = &[
    "before", "after", "old", "new", "base", "baseline", "patched", "unpatched", "vanilla", "orig", "original", "with",
    "without", "stock", "mainline", "tip",
];

/// `Before:  Throughput …` → `before`: a word or two from [`LEADING`] and a
/// colon before the numbers of a data line.
fn leading_label(line: &str) -> Option<String> {
    // `2.4.18pre3ll  Throughput 12.563 MB/sec 64 procs`: a kernel's name
    // before a result's words.
    // `6.9: average rps: 2117400.22` (LKML 2025): with a colon too.
    // Not a bare figure of two numbers without a colon: PostMark's `Data:`
    // rows (`1.36 megabytes read (99.80 kilobytes per second)`, the HDRFS
    // README: one report's rows were filed under kernels `1.36` and
    // `4.45`), BSD time's `1.23 real 0.45 user`, perf stat's `1.234567
    // task-clock` start with a measure as often; a kernel's name there has
    // a colon (`6.9:`), a third number (`2.6.22`) or a tail (`6.1-rc1`).
    // But a bare figure before a result's capitalised name is a kernel's
    // (`5.4    Throughput 320.2 MB/sec 4 procs`: the rows of 4.19 and 5.4
    // were averaged as runs of one set-up with no word, attack56 F3); a
    // unit after it is never one's name (`2.5 MB/sec`, `3.0 GHz`).
    let t = line.trim();
    if let Some((first, rest)) = t.split_once(char::is_whitespace)
        && is_kernel_name(first.strip_suffix(':').unwrap_or(first))
        && (!is_bare_figure(first) || rest.words().next().is_some_and(is_result_name))
        && rest.trim_start().starts_with(|c: char| c.is_alphabetic())
        && rest.chars().any(|c| c.is_ascii_digit())
    {
        return Some(first.trim_end_matches(':').to_string());
    }
    let (head, rest) = t.split_once(':')?;
    // Its first word must be one of `LEADING` (ASCII, no `k`: no other
    // character lowers to one of their letters) before it is lowered.
    if !head.words().next().is_some_and(|w| LEADING.iter().any(|l| w.eq_ignore_ascii_case(l))) {
        return None;
    }
    let head = head.trim().to_lowercase();
    let words = head.words().count();
    let ok = (1..=2).contains(&words)
        && head.words().next().is_some_and(|w| LEADING.contains(&w))
        && rest.chars().any(|c| c.is_ascii_digit())
        && rest.trim_start().starts_with(|c: char| c.is_alphabetic());
    ok.then_some(head)
}

/// True when `word` reads as a result's name (`Throughput`, `Time:`): a
/// capital, then lower-case letters, three or more, and no unit
/// ([`is_unit_word`]: `Seconds`; perf stat's `Joules`). After a bare
/// figure it makes the figure a kernel's name, not a measure (`megabytes`,
/// `msec`, `real` are none).
fn is_result_name(word: &str) -> bool {
    let word = word.strip_suffix(':').unwrap_or(word);
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && word.len() >= 3
        && chars.all(|c| c.is_ascii_lowercase())
        && !is_unit_word(word)
        && !["joules", "watts"].iter().any(|u| word.eq_ignore_ascii_case(u))
}

/// A figure of two numbers and a dot alone (`1.36`, `4.45`, `1.234567`):
/// a measure as often as a kernel's name ([`leading_label`]).
fn is_bare_figure(word: &str) -> bool {
    word.split('.').count() == 2 && word.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// The text of a Markdown heading (`### Ephemeral storage`), two to six
/// `#` and a space, when short enough to be a label.
fn markdown_heading(text: &str) -> Option<&str> {
    let rest = text.trim_start_matches('#');
    let level = text.len() - rest.len();
    // A closing run of `#` after a space is no word of the heading
    // (`### Client with linux-2.4.19 ###`, LKML 2002: the label kept `###`).
    let rest = rest.trim();
    let rest = match rest.trim_end_matches('#') {
        open if open.len() < rest.len() && open.ends_with(' ') => open.trim_end(),
        _ => rest,
    };
    // One `#` is as often a root shell's prompt (`# time bonnie -s 4096`).
    ((2..=6).contains(&level) && text[level..].starts_with(' ') && rest.chars().count() <= MAX_LABEL_CHARS)
        .then_some(rest)
        .filter(|h| !h.is_empty())
}

/// A Markdown heading (`##` to `######`) that heads the label lines under
/// it until the next heading of its level or a higher one (`### ext4` over
/// `before:` and `after:`, then `### xfs` over them again): its level and
/// text as written (a long one's first words and `…`). `None` for any other
/// line and for a heading that only counts or dates runs (`#### Round 2`,
/// `### 2024-01-16`, [`is_run_marker`]): runs under it stay runs.
pub fn heading_over_labels(text: &str) -> Option<(usize, String)> {
    let t = text.trim();
    let level = markdown_heading_level(t)?;
    if is_run_marker(t) {
        return None;
    }
    let h = markdown_heading(t).map(str::to_string).or_else(|| long_markdown_heading(t))?;
    Some((level, h))
}

/// The level [`identities`] gives a bold line alone (`**ext4**`): under
/// every Markdown heading (`######` is 6).
const BOLD_LEVEL: usize = 7;

/// `**ext4**`, `**Before patch**` → its words: a line that is only bold
/// text of one to six words, at most [`MAX_LABEL_CHARS`], no run marker
/// (`**Run 1:**`). Not with a colon: `**Output:**` over each copy's code
/// block is a caption, the same above every copy (as a heading it hid the
/// `### SET Workload` / `### GET Workload` headings above it). `None` for
/// any other line.
fn bold_heading(text: &str) -> Option<&str> {
    let inner = text.trim().strip_prefix("**")?.strip_suffix("**")?.trim();
    let ok = !inner.is_empty()
        && !inner.contains(['*', ':'])
        && inner.chars().count() <= MAX_LABEL_CHARS
        && inner.words().count() <= 6
        && !is_run_marker(text);
    ok.then_some(inner)
}

/// `**Before:**`, `**Before**:`, `**Before**` → `Before:`, `Before:`,
/// `Before`: a line that is one run of Markdown bold text (a colon inside
/// or after it), without the `**`. As written, `**Before:**` was read as
/// the label `**Before:**` and `**Before**:` as `**Before**`, two set-ups
/// of what `Before:` names. `None` for any other line.
pub fn without_bold(text: &str) -> Option<String> {
    let t = text.trim();
    let inner = t.strip_prefix("**")?;
    let (inner, colon) = match inner.strip_suffix("**:") {
        Some(i) => (i, ":"),
        None => (inner.strip_suffix("**")?, ""),
    };
    let inner = inner.trim();
    // `**Output:**`, `**Results:**` over each of a page's code blocks name
    // no set-up: the heading above them does (a memtier page's `### SET
    // Workload` / `**Output:**` and `### GET Workload` / `**Output:**`,
    // whose totals were averaged once `Output:` was read as both's label).
    let caption = ["output", "results", "result", "log", "console output", "command", "commands", "raw output"];
    let word = inner.trim_end_matches(':').to_ascii_lowercase();
    (!inner.is_empty() && !inner.contains('*') && !caption.contains(&word.as_str())).then(|| format!("{inner}{colon}"))
}

/// The level of a Markdown heading (`### ext4` → 3): two to six `#` and a
/// space (one `#` is as often a root shell's prompt).
fn markdown_heading_level(text: &str) -> Option<usize> {
    let rest = text.trim_start_matches('#');
    let level = text.len() - rest.len();
    ((2..=6).contains(&level) && rest.starts_with(' ')).then_some(level)
}

/// A Markdown heading (`##` to `######`) longer than a label
/// ([`MAX_LABEL_CHARS`]): its words up to that length and `…`.
fn long_markdown_heading(text: &str) -> Option<String> {
    let rest = text.trim_start_matches('#');
    let level = text.len() - rest.len();
    if !(2..=6).contains(&level) || !rest.starts_with(' ') || rest.trim().chars().count() <= MAX_LABEL_CHARS {
        return None;
    }
    let mut out = String::new();
    for w in rest.words() {
        if out.chars().count() + w.chars().count() + 1 > MAX_LABEL_CHARS - 1 {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    (!out.is_empty()).then(|| format!("{out}…"))
}

/// A numbered set-up item too long for a label right above its run
/// (wild31 file 13, a Russian pgbench 15 homework: `5. Выставил настройки
/// PostgreSQl в файле postgressql.conf … и рестартанул кластер. Запустил
/// pgbench повторно` / `Вывод представлен ниже:` / the output in a code
/// fence): its first words and `…` (as [`long_markdown_heading`]), and
/// the line of the short intro under it ending in a colon (0: none),
/// which is the item's. Only where the run follows at once: the intro,
/// then a code fence whose block holds a read line, or the read lines'
/// paragraph itself. `None` for any other line (a short item is a
/// [`numbered_item`]; the tuned run was labelled by a glossary's heading
/// 11 lines up and that intro).
fn long_numbered_item(trimmed: &[&str], read: &[bool], i: usize) -> Option<(String, usize)> {
    let text = trimmed[i];
    let (number, rest) = text.split_once(". ")?;
    if number.is_empty() || number.len() > 2 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = rest.trim();
    if rest.chars().count() <= MAX_LABEL_CHARS || !rest.starts_with(char::is_alphabetic) || rest.ends_with('?') {
        return None;
    }
    let mut j = i + 1;
    let mut intro = 0;
    if let Some(t) = trimmed.get(j)
        && t.ends_with(':')
        && t.chars().count() <= MAX_LABEL_CHARS
        && !read[j + 1]
    {
        intro = j + 1;
        j += 1;
    }
    let fenced = trimmed.get(j).is_some_and(|t| t.starts_with("```"));
    if fenced {
        j += 1;
    }
    let runs = trimmed[j.min(trimmed.len())..]
        .iter()
        .enumerate()
        .take_while(|(_, t)| if fenced { !t.starts_with("```") } else { !t.is_empty() })
        .any(|(k, _)| read[j + k + 1]);
    if !runs {
        return None;
    }
    let label = long_markdown_heading(&format!("## {rest}"))?;
    Some((label, intro))
}

/// The words of a list item (`- With the series`, `* Xeon CPU E5-2650, 2
/// NUMA nodes, total 32 CPUs:`) that heads the runs right under it, or a
/// deeper item that does: the line after it (blank lines allowed) is a
/// read line, or a list item indented deeper whose next line is. Without
/// its marker and final colon; a long one's first words and `…` (as
/// [`long_markdown_heading`]). `None` for a sentence (a final `.`, `!`,
/// `?`) and any other line. Its level in [`identities`]' headings is
/// under [`BOLD_LEVEL`], one deeper per space of indent.
fn bullet_heading(input: &Input, read: &[bool], i: usize) -> Option<String> {
    let item = |k: usize| -> Option<(usize, &str)> {
        let raw = input.lines.get(k)?;
        let t = raw.trim_start();
        let words = t.strip_prefix("- ").or_else(|| t.strip_prefix("* "))?.trim();
        let words = words.trim_end_matches(':').trim_end();
        let ok = !words.is_empty() && !words.ends_with(['.', '!', '?']) && words.starts_with(char::is_alphanumeric);
        ok.then(|| (raw.len() - t.len(), words))
    };
    let (indent, words) = item(i)?;
    if is_results_caption(input.lines[i].trim()) {
        return None;
    }
    let next = |k: usize| (k + 1..input.lines.len()).find(|&j| !input.lines[j].trim().is_empty());
    let heads = |k: usize| next(k).is_some_and(|j| read.get(j + 1).is_some_and(|&r| r));
    let under = next(i).and_then(|j| item(j).filter(|&(d, _)| d > indent).map(|_| j));
    // `* netperf executed on the host without gVisor` over `$ netperf -H
    // ::1 …`, the run's banner and its result: a prompt line right under
    // the item, and a read line below it before any other list item or
    // heading (a KVM list mail of 2021: the host's run, its item without
    // a colon, carried the gVisor item's label above).
    let prompted = next(i).filter(|&j| is_prompt_line(input.lines[j].trim())).is_some_and(|j| {
        (j + 1..input.lines.len())
            .find(|&m| {
                read.get(m + 1).is_some_and(|&r| r)
                    || item(m).is_some()
                    || markdown_heading_level(input.lines[m].trim()).is_some()
            })
            .is_some_and(|m| read.get(m + 1).is_some_and(|&r| r))
    });
    if !(heads(i) || prompted || under.is_some_and(heads)) {
        return None;
    }
    if words.chars().count() <= MAX_LABEL_CHARS {
        return Some(label_text(words));
    }
    long_markdown_heading(&format!("## {words}"))
}

/// A line that reads as a label: short, and ending in a colon or ` -`
/// (`For the A72 -`, without its `for the`), or underlined, or a kernel's name alone, or `Kernel: <name>`
/// (`Kernel: 6.1-rc3 + fix`: the whole name, a set-up of its own),
/// or a title between rules (`---with THP---`). Numbered runs
/// (`run 2:`) are runs, not labels. A label holding one kernel name among
/// other words (`Following the 2.5.33 results:`) is that kernel. As the
/// person wrote it (`Using io_fsync()`, `Kernel: 6.1-rc3 + Fix` → `6.1-rc3
/// + Fix`), a leading `for`, `on` (`the`) left out.
fn label_line(text: &str, underlined: bool) -> Option<String> {
    LABEL_LINES.with(|m| m[usize::from(underlined)].get_or(text, |t| label_line_afresh(t, underlined)))
}

/// [`label_line`], asked afresh.
fn label_line_afresh(text: &str, underlined: bool) -> Option<String> {
    if let Some(inner) = fenced_title(text) {
        return Some(label_text(inner));
    }
    if let Some(name) = file_header(text) {
        return Some(kernel_file(name).unwrap_or(name).to_string());
    }
    // `before, 3 runs:`: the count of the runs below is no part of the name.
    if let Some(rest) = without_run_count(text) {
        return label_line(&rest, underlined);
    }
    if let Some(kernel) = kernel_with_aside(text) {
        return Some(kernel.to_string());
    }
    if let Some(name) = label_with_aside(text) {
        return Some(name.to_string());
    }
    if text.chars().count() > MAX_LABEL_CHARS || text.contains('=') {
        return None;
    }
    // reStructuredText's `::` ends the prose over a literal block (a
    // kernel document's `… higher number means better performance::`
    // over a perf bench run): a sentence, never a set-up's name.
    if text.ends_with("::") {
        return None;
    }
    let dash = text.ends_with(" -");
    let bare = text.trim_end_matches(':').trim_end_matches(" -").trim();
    if bare.is_empty() {
        return None;
    }
    if let Some((head, name)) = bare.split_once([':', ' '])
        && ["kernel", "linux", "uname -r"].iter().any(|k| lowers_to(head.trim(), k))
    {
        let name = name.trim();
        if is_kernel_name(name) {
            return Some(name.to_string());
        }
        // `Kernel: 6.1-rc3 + fix`: the kernel and more, a set-up of its
        // own (as `6.1-rc3 + fix:` is), never the plain kernel's runs.
        if name.words().next().is_some_and(is_kernel_name) {
            return Some(without_preposition(name).to_string());
        }
    }
    // Both tests give `None`; the one without lowering a copy first.
    let colon = (text.ends_with(':') || dash) && bare.words().count() <= 6;
    // A sentence over a rule is a program's banner (STREAM's `This system
    // uses 8 bytes per array element.` above its `-----`), not a title.
    // A version control keyword (`Based on STREAM version $Revision: 5.10
    // $` between STREAM's rules) is a program's banner too.
    let underlined =
        underlined && !bare.ends_with(['.', '!', '?', ';', ',']) && !is_table_row(bare) && !bare.contains("$Revision");
    let lower = bare.to_lowercase();
    // `2.1.108 + shmfs`, `2.4.19 with the patch`: more than the kernel.
    let more = bare.contains('+') || lower.contains("patch") || lower.contains("with");
    // `6.1 + fix` alone on its line, under `6.1`'s copy: a kernel and
    // more, a set-up of its own (an attacker's trial saw the two averaged).
    // The words after the kernel must say what was added (`+ fix`, `with
    // the patch`): `5.2.0-rc2-aerate+ #55` is a kernel and its build number.
    let words: Vec<&str> = lower.words().collect();
    let kernel_and_more = words.len() <= 6
        && words.first().is_some_and(|w| is_kernel_name(w))
        && words.get(1).is_some_and(|w| w.starts_with('+') || ["with", "patch", "patched", "fix"].contains(w));
    // `1. 16k vmm page size` / `2. 1M vmm page size`: a numbered list of
    // set-ups, one above each copy (linux-mm, 2007: two AIM7 runs averaged).
    if let Some(item) = numbered_item(bare) {
        return Some(without_preposition(item).to_string());
    }
    if !(colon || underlined || is_kernel_name(bare) || kernel_and_more || cjk_label(bare)) {
        return None;
    }
    if is_numbered_run(&lower) {
        return None;
    }
    // A version after a program's name (`redis 6.2.5:`, `PostgreSQL
    // 9.6.2 on the box`) is the program's, not a kernel: a kernel's name
    // opens the label or follows a word that leads to one (`Linux 4.4.0`,
    // `results on 2.6.8`).
    let words: Vec<&str> = bare.words().map(|w| w.trim_matches([',', '(', ')', '"', '\''])).collect();
    let leads_to_kernel = |w: &str| {
        const LEADS: [&str; 34] = [
            "linux", "kernel", "kernel:", "kernels", "on", "for", "under", "using", "vs", "vs.", "versus", "and", "or",
            "with", "the", "a", "of", "from", "at", "in", "to", "than", "against", "over", "is", "was", "new", "old",
            "stock", "vanilla", "plain", "base", "baseline", "mainline",
        ];
        LEADS.iter().any(|l| w.eq_ignore_ascii_case(l)) || !w.chars().any(char::is_alphanumeric)
    };
    // A figure and its unit (`3.0 GHz:`, `1.2 V`) is a quantity, not a
    // kernel (the runs at two clock speeds were filed as kernels 3.0 and
    // 1.2, reader34 F9).
    let kernels: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|&(k, w)| {
            is_kernel_name(w)
                && (k == 0 || leads_to_kernel(words[k - 1]))
                && !words.get(k + 1).is_some_and(|u| is_unit_word(u.trim_end_matches(':')))
        })
        .map(|(_, w)| *w)
        .collect();
    Some(if kernels.len() == 1 && !more {
        kernels[0].to_string()
    } else {
        as_written(bare, without_preposition(&lower))
    })
}

/// A set-up's name in Chinese, Japanese or Korean alone on its line, which
/// such posters write without a colon: one word of CJK characters, maybe
/// with figures or Latin letters (`单线程`, `4线程`, `128线程`: one, 4, 128
/// threads, over iperf3's summaries in a Chinese GitHub report), at most 12
/// characters and no punctuation (a sentence has `。`/`，`).
fn cjk_label(text: &str) -> bool {
    let cjk = |c: char| matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3040}'..='\u{30ff}' | '\u{ac00}'..='\u{d7af}');
    text.chars().count() <= 12 && text.chars().any(cjk) && text.chars().all(|c| cjk(c) || c.is_ascii_alphanumeric())
}

/// `part`, the end of `text` in lower case (as [`without_preposition`]
/// leaves it), as written in `text` (`For the A72 -` → `A72`); `part`
/// itself where lowering changed the text's length.
fn as_written(text: &str, part: &str) -> String {
    let start = text.trim_end().len().checked_sub(part.len());
    start
        .and_then(|k| text.trim_end().get(k..))
        .filter(|w| w.to_lowercase() == part)
        .map_or_else(|| part.to_string(), str::to_string)
}

/// A row of a program's table or histogram: a word, then two or more
/// numbers and nothing else (memtier's latency histogram, `GET
/// 348.159       100.00`, its last row above a `---`): no title, even
/// over a rule.
fn is_table_row(text: &str) -> bool {
    let mut cells = text.words();
    let word = cells.next().is_some_and(|w| w.chars().all(char::is_alphabetic));
    let rest: Vec<&str> = cells.collect();
    word && rest.len() >= 2 && rest.iter().all(|c| super::num::plain(c).is_some())
}

/// The words of a numbered list item naming a set-up, `1. 16k vmm page
/// size` → `16k vmm page size`: a number of one or two digits, `. `, then
/// one to six words that are no sentence (no final `.`, `!`, `?`). The
/// blank after the dot may be missing before a letter (`1.Default
/// behavior` / `2.Enable priority load balance` over two schbench runs,
/// LKML 2022-11, wild33 file 14: they were averaged as runs); never
/// before a figure (`2.6.13`, `1.5 GHz`).
fn numbered_item(text: &str) -> Option<&str> {
    let (number, rest) = text.split_once(". ").or_else(|| {
        let (number, rest) = text.split_once('.')?;
        rest.starts_with(char::is_alphabetic).then_some((number, rest))
    })?;
    let rest = rest.trim();
    // `2. 2.6.16-rc6-mm2x with no throttling.`: a full stop after an item
    // that names a kernel is a title's, no sentence's (Mike Galbraith's
    // four interbench set-ups, LKML 2006-03: three on one kernel were
    // averaged as runs, the warning naming two of them).
    let rest = match rest.strip_suffix('.') {
        Some(item) if item.words().any(is_kernel_name) => item,
        _ => rest,
    };
    let words = rest.words().count();
    // `2a.`, `2b.`: a sub-item (linux-mm 2025, three kernel builds under
    // `1. zblock/… make -j32 bzImage`, `2a. …` and `2b. zsmalloc/…`: the
    // last two took the first's label, and the builds were averaged).
    let number = number.strip_suffix(|c: char| c.is_ascii_lowercase()).unwrap_or(number);
    (!number.is_empty()
        && number.len() <= 2
        && number.bytes().all(|b| b.is_ascii_digit())
        && (1..=6).contains(&words)
        && !rest.ends_with(['.', '!', '?', ','])
        && rest.starts_with(|c: char| c.is_alphanumeric()))
    .then_some(rest)
}

/// A label as the pages show it: as the person wrote it (`### OpenEBS`,
/// `## 6.1.0-13-amd64 (Debian stock)`: lowered, it showed as `(debian
/// stock)`). Labels that differ only in case are one set-up
/// ([`identities`] shows each as first written).
fn label_text(text: &str) -> String {
    text.to_string()
}

/// True when `s.to_lowercase() == lower` (`lower` has no Σ, the one letter
/// `to_lowercase` lowers by its place), without lowering a copy of `s`.
fn lowers_to(s: &str, lower: &str) -> bool {
    s.chars().flat_map(char::to_lowercase).eq(lower.chars())
}

/// `---with THP---`, `=== no THP ===` → `with THP`: a title between rules
/// of three or more `-` or `=`.
fn fenced_title(text: &str) -> Option<&str> {
    let rule = |c: char| c == '-' || c == '=';
    let inner = text.trim_start_matches(rule);
    let lead = text.len() - inner.len();
    let inner = inner.trim_end_matches(rule);
    let trail = text.len() - lead - inner.len();
    let inner = inner.trim();
    (lead >= 3
        && trail >= 3
        && !inner.is_empty()
        && inner.chars().count() <= 40
        && (inner.chars().any(char::is_alphabetic) || is_kernel_name(inner)))
    .then_some(inner)
}

/// `for the a72` → `a72`: a label's leading `for (the)` / `on (the)`, in
/// any case.
fn without_preposition(lower: &str) -> &str {
    ["for the ", "on the ", "for ", "on "]
        .iter()
        .find_map(|p| lower.get(..p.len()).filter(|h| h.eq_ignore_ascii_case(p)).map(|_| &lower[p.len()..]))
        .unwrap_or(lower)
        .trim()
}

/// `run 2`, `Run #3`, `run2`, `pass-1`, `2nd run`, `second try:` (`lower`
/// in lower case): a run's number, which tells runs of one thing apart,
/// not things.
fn is_numbered_run(lower: &str) -> bool {
    const RUNS: [&str; 5] = ["run", "try", "pass", "iteration", "round"];
    let lower = lower.trim();
    let numbered = RUNS.iter().any(|w| {
        lower.strip_prefix(w).is_some_and(|r| {
            let n = r.trim_start_matches([' ', '#', '-', '_', '.']);
            n.starts_with(|c: char| c.is_ascii_digit())
                // `run one (cold cache)`, `run two: xfs`: a number in
                // words, then the end or an aside (`run three times` counts
                // runs, it numbers none).
                || (n.len() < r.len()
                    && NUMBER_WORDS.iter().any(|w| {
                        n.strip_prefix(w).is_some_and(|t| {
                            let t = t.trim_start();
                            t.is_empty() || t.starts_with([':', '(', ',', '-'])
                        })
                    }))
        })
    });
    // `1st run`, `second run:`, `3rd try (warm cache)`: an ordinal, then
    // the run's word, then nothing but a colon or an aside.
    let ordinal = || {
        let (first, rest) = lower.split_once(' ')?;
        let digits = first.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let is_ordinal = (!digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && matches!(&first[digits.len()..], "st" | "nd" | "rd" | "th"))
            || ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
                .contains(&first);
        let rest = rest.trim_start();
        let word = RUNS.iter().find(|w| rest.starts_with(*w))?;
        let after = rest[word.len()..].trim_start_matches('s').trim_start();
        (is_ordinal && (after.is_empty() || after.starts_with([':', '(']))).then_some(())
    };
    numbered || ordinal().is_some()
}

/// `2.4.25:  (dual athlon MP 1.4GHz, 1G RAM, Intel e1000)`: a kernel's
/// name, its colon, then an aside in parentheses about the machine it ran
/// on (LKML 2005, tiobench over NFS from two clients): the kernel of the
/// runs below. As a whole line it was a label, the kernel unread.
///
/// The aside may also be the poster's average of the runs below, typed
/// after the colon (`2.4.0-prerelease-ac4: average 11.4729 MB/sec`, LKML
/// 2001, over four dbench 48 runs of each kernel): as a whole line it was
/// a label holding the average, the kernel unread. The average is no
/// result and is not read.
pub fn kernel_with_aside(text: &str) -> Option<&str> {
    let (name, aside) = text.trim().split_once(':')?;
    let aside = aside.trim();
    let ok =
        (aside.starts_with('(') && aside.ends_with(')') && aside.matches('(').count() == aside.matches(')').count())
            || typed_average(aside);
    (ok && is_kernel_name(bare_kernel(name.trim()))).then(|| bare_kernel(name.trim()))
}

/// `ext2: average  9.2181 MB/sec`: a set-up's name (a filesystem, a
/// patch), its colon, then the poster's average of the runs below, as
/// [`kernel_with_aside`] reads it after a kernel's name: the name heads
/// the runs below (attack45 F13: not a kernel, the line headed nothing
/// and the ext2 runs carried the `ext3:` label above them). The name is
/// short (at most three words, with a letter) and no word for a summary
/// (`Overall: average 10.9 MB/sec`, `Total:`, `Mean:` sum up the runs
/// above and head nothing). The average is not read.
pub fn label_with_aside(text: &str) -> Option<&str> {
    const SUMMARY: [&str; 9] =
        ["average", "avg", "mean", "total", "overall", "result", "results", "summary", "throughput"];
    let (name, aside) = text.trim().split_once(':')?;
    let name = name.trim();
    let ok = typed_average(aside.trim())
        && name.words().count() <= 3
        && name.chars().any(char::is_alphabetic)
        && !SUMMARY.iter().any(|w| name.eq_ignore_ascii_case(w));
    ok.then_some(name)
}

/// `average 11.4729 MB/sec`, `avg 9.2`, `mean 120 MB/s`: a word for an
/// average, a plain figure, at most one unit word after it; nothing else
/// (`average of 3 runs`, `average 9.2 MB/sec, 5% worse` are not).
fn typed_average(aside: &str) -> bool {
    let mut words = aside.words();
    let head = words.next().unwrap_or("");
    ["average", "avg", "avg.", "mean"].iter().any(|w| head.eq_ignore_ascii_case(w))
        && words.next().is_some_and(|n| super::num::plain(n).is_some())
        && words.clone().count() <= 1
        && words.all(|u| u.chars().any(char::is_alphabetic) && !u.ends_with([',', '.', ';']))
}

/// A label with a count of its runs after it (`With atomic counters, 32
/// clients, 3 runs`, `before (5 runs)`, `ext3 - 3 runs each:`): the label
/// without the count (`With atomic counters, 32 clients`), its colon kept.
/// The count says how many runs follow, which are its set-up's; as part
/// of the label it made a label line of LKML 2006 too long to be one, and
/// two set-ups were averaged. `None` when the text ends in no such count
/// or nothing with a letter is left (`3 runs` alone).
pub fn without_run_count(text: &str) -> Option<String> {
    let t = text.trim();
    let (body, colon) = match t.strip_suffix(':') {
        Some(b) => (b.trim_end(), ":"),
        None => (t, ""),
    };
    let (body, closed) = match body.strip_suffix(')') {
        Some(b) => (b, true),
        None => (body, false),
    };
    let body = body.trim_end();
    let body = body.strip_suffix(" each").unwrap_or(body).trim_end();
    let body = ["runs", "run", "iterations", "passes", "tries"].iter().find_map(|w| body.strip_suffix(w))?;
    let body = body.trim_end();
    let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || body[body.len() - digits..].starts_with('0') {
        return None;
    }
    let rest = body[..body.len() - digits].trim_end();
    let rest = if closed { rest.strip_suffix('(')? } else { rest };
    let rest = rest.trim_end().trim_end_matches([',', ';', '-', ':']).trim_end();
    // `3 runs` needs a separator before it unless in parentheses: `did 3
    // runs` is a sentence's end.
    let separated = closed || rest.len() < body[..body.len() - digits].trim_end().len();
    (separated && rest.chars().any(char::is_alphabetic)).then(|| format!("{rest}{colon}"))
}

/// A line that tells only which run follows or when it ran, never a
/// set-up, which a harness prints above each run of one set-up: a run's
/// counter (`run 2`, `Run #2:`, `iteration 2`, `Pass 2`, `loop 2/3`,
/// `[2/3]`, `=== iteration 2 of 3 ===`, `Sample 2`, `Measurement 2`, a
/// number alone in fences, `=== 2 ===`, `(2)`, a shell loop's `i=2`, `+
/// for i in 2`), a date or time (`Tue Jan 16 10:01:00 UTC 2024` as
/// date(1) prints it, `2024-01-16T10:01:00Z`, `[2024-01-16 10:01:00]`,
/// `2024/01/16 10:01:00`, `Starting at 10:01:00`), or a load average
/// (`/proc/loadavg`'s `0.52 0.58 0.59 1/234 5678`, uptime's `10:01:00 up 3
/// days, … load average: 0.52, 0.58, 0.59`), or a repeat alone (`Again:`,
/// `once more`, `is_repeat`). Such lines differ from run to
/// run: as labels they made each run a set-up of its own (an attacker's
/// trial: three dbench runs under date lines, six rows, nothing averaged
/// nor compared). A counter with more words (`Run 1 (cold cache):`, `run 2
/// on xfs`) names a set-up and is none.
pub fn is_run_marker(text: &str) -> bool {
    RUN_MARKERS.with(|m| m.get_or(text, is_run_marker_afresh))
}

/// [`is_run_marker`], asked afresh.
fn is_run_marker_afresh(text: &str) -> bool {
    let t = text.trim().trim_end_matches(':').trim();
    // `=== iteration 1 of 3 ===`, `[1/3]`, `(run 2)`, `# run 2`, `**Run 2**`.
    let t = t.trim_matches(|c: char| matches!(c, '=' | '-' | '#' | '*' | '[' | ']' | '(' | ')' | '>' | '<')).trim();
    let t = t.trim_end_matches(':').trim();
    if t.is_empty() || t.chars().count() > 100 {
        return false;
    }
    let lower = t.to_ascii_lowercase();
    run_counter(&lower)
        || counter_at_time(&lower)
        || is_timestamp(&lower)
        || is_load_average(&lower)
        || is_fenced_number(text)
        || is_loop_variable(&lower)
        || is_pid(&lower)
        || is_measured_duration(&lower)
        || is_repeat(&lower)
}

/// `again`, `once more`, `rerun`, `and again`, `one more time` (lower
/// case, alone): the same thing run again, a run of the set-up above (or
/// of none), never a set-up (`Again:` over a second dbench run made it a
/// set-up of its own beside the first). `Again, with the patch:` says
/// more and is none.
fn is_repeat(lower: &str) -> bool {
    const REPEATS: [&str; 14] = [
        "again", "and again", "once again", "same again", "once more", "one more time", "one more run", "another run",
        "repeat", "repeated", "rerun", "re-run", "run again", "ran again",
    ];
    REPEATS.contains(&lower.trim_end_matches(['.', '!', ':']).trim())
}

/// `pid 4711`, `pid: 4711`, `pid=4711` (lower case): the process a run
/// ran as, a new number every run, never a set-up (above each of two
/// runs, it warned that the numbers differ; dbench's labeller made each
/// run a set-up of its own).
fn is_pid(lower: &str) -> bool {
    lower.strip_prefix("pid").is_some_and(|r| {
        let n = r.trim_start_matches([' ', ':', '=', '#']);
        n.len() < r.len() && (1..=8).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit())
    })
}

/// `took 45 s`, `elapsed 12.3 sec`, `done in 1m20s`, `finished in 0:45`
/// (lower case): how long the run took, measured, a new figure every run,
/// never a set-up (each run was a set-up of its own, `took 45 s` /
/// `took 47 s`). Only after a word saying it was measured: `runtime 60 s`,
/// `-t 60`, `60 s` alone may be a run's length as set.
fn is_measured_duration(lower: &str) -> bool {
    const MEASURED: [&str; 8] =
        ["took ", "it took ", "run took ", "elapsed ", "done in ", "finished in ", "completed in ", "time taken "];
    const UNITS: [&str; 16] = [
        "s", "sec", "secs", "second", "seconds", "ms", "msec", "msecs", "min", "mins", "minute", "minutes", "m", "h",
        "hr", "hours",
    ];
    let Some(rest) = MEASURED.iter().find_map(|w| lower.strip_prefix(w)) else { return false };
    let rest = rest.trim_start_matches([':', ' ']).trim();
    // `1m20s`, `45s`, `45`, `0:45`, `1:02.5`: a number and units, in turns.
    let is_duration = |w: &str| {
        let parts: Vec<&str> = w.split(|c: char| c.is_ascii_alphabetic()).filter(|p| !p.is_empty()).collect();
        let units: Vec<&str> =
            w.split(|c: char| c.is_ascii_digit() || c == '.' || c == ':').filter(|u| !u.is_empty()).collect();
        !parts.is_empty()
            && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b':'))
            && units.iter().all(|u| UNITS.contains(u))
    };
    let words: Vec<&str> = rest.words().collect();
    let last_is_time = words
        .last()
        .is_some_and(|w| UNITS.contains(w) || w.ends_with(|c: char| c.is_ascii_alphabetic()) || w.contains(':'));
    !words.is_empty()
        && words.len() <= 4
        && words.iter().any(|w| w.starts_with(|c: char| c.is_ascii_digit()))
        && words.iter().all(|w| UNITS.contains(w) || is_duration(w))
        && last_is_time
}

/// `=== 1 ===`, `(1)`, `# 2`: a number alone in a line's fences, a run's
/// counter where the numbers count the runs in order (`=== 4 ===` twice,
/// then `=== 8 ===` twice may be jobs: [`warn_of_numbers_differing_above`]).
fn is_fenced_number(text: &str) -> bool {
    let whole = text.trim().trim_end_matches(':').trim_end();
    let t = whole.trim_matches(|c: char| matches!(c, '=' | '-' | '#' | '*' | '[' | ']' | '(' | ')' | '>' | '<')).trim();
    let t = t.trim_end_matches(':').trim();
    t.len() < whole.len() && (1..=3).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
}

/// A shell loop's counter as a harness prints it (lower case): `i=1`,
/// `run=2`, or `+ for i in 1` as `set -x` traces it.
fn is_loop_variable(lower: &str) -> bool {
    let number = |d: &str| (1..=4).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit());
    if let Some((name, value)) = lower.split_once('=') {
        return matches!(name.trim(), "i" | "j" | "n" | "run" | "iter" | "iteration" | "loop" | "pass")
            && number(value.trim());
    }
    // Five words, told one by one (most lines fail at the first).
    let mut words = lower.words();
    let (Some("+"), Some("for"), Some(var), Some("in"), Some(n), None) =
        (words.next(), words.next(), words.next(), words.next(), words.next(), words.next())
    else {
        return false;
    };
    var.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') && number(n)
}

/// The words a run's counter starts with (`run 2`, `Repeat 2`, `Result
/// 2:`, `Take 2`, `Execution 2`, `Benchmark 2:`, `Output 2:`; attack28 p21:
/// the last six made each run a set-up of its own, nothing tested).
/// `Test 2` is not one: a numbered test is as often a different test.
const RUN_COUNTER_WORDS: [&str; 19] = [
    "run", "try", "pass", "iteration", "iter", "round", "loop", "attempt", "trial", "repetition", "rep", "sample",
    "measurement", "repeat", "result", "output", "take", "execution", "benchmark",
];

/// `one` … `ten` (lower case): a run counted in words (`Run one:`, `Run
/// two:`), which names no set-up.
const NUMBER_WORDS: [&str; 10] = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/// `run 1 at 10:00:01`, `run 1 - mon jan 15 10:00:01 utc 2024`, `run 2
/// started 2024-01-15 10:05:01` (lower case): a run's counter, then when
/// it ran ([`is_timestamp`]); both differ from run to run, neither names a
/// set-up (attack28 p21: each run was a set-up `at`, or `mon jan 15 …`).
fn counter_at_time(lower: &str) -> bool {
    let Some(rest) = RUN_COUNTER_WORDS.iter().find_map(|w| lower.strip_prefix(w)) else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '#', '-', '_', '.']);
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = if digits > 0 {
        &rest[digits..]
    } else if let Some(r) = NUMBER_WORDS.iter().find_map(|n| rest.strip_prefix(n)) {
        r
    } else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '-', ':', ',', '@', '–', '—']).trim();
    rest.starts_with(|c: char| c.is_ascii_alphanumeric()) && is_timestamp(rest)
}

/// `run 2`, `run #2`, `iteration 2 of 3`, `loop 2/3`, `2/3`, `2 of 3`, `1st
/// run`, `harness run 2` (lower case): a run's number and nothing more.
fn run_counter(lower: &str) -> bool {
    // `harness run 2`, `test run 2`: the run of what the whole log runs.
    // `benchmark 1` alone is the first run of the benchmark (attack28
    // p21): its word is a counter's when nothing else follows.
    let lower = ["harness ", "test ", "benchmark ", "bench "]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .filter(|r| RUN_COUNTER_WORDS.iter().any(|w| r.starts_with(w)))
        .unwrap_or(lower);
    const WORDS: [&str; 19] = RUN_COUNTER_WORDS;
    // Without a digit, only `first run`, `second try` alone (below).
    if !lower.bytes().any(|b| b.is_ascii_digit()) {
        // `run one`, `repeat two`: counted in words.
        let in_words = WORDS
            .iter()
            .filter_map(|w| lower.strip_prefix(w))
            .filter(|r| r.starts_with([' ', '#', '-', '_', '.']))
            .any(|r| NUMBER_WORDS.contains(&r.trim_start_matches([' ', '#', '-', '_', '.']).trim()));
        return in_words || (is_numbered_run(lower) && !lower.contains(['(', ':']));
    }
    let after_word = WORDS
        .iter()
        .filter_map(|w| lower.strip_prefix(w))
        .map(|r| r.trim_start_matches([' ', '#', '-', '_', '.', ':']))
        .find(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    // `1st run`, `second try:` alone.
    if after_word.is_none() && is_numbered_run(lower) && !lower.contains(['(', ':']) {
        return true;
    }
    let number = after_word.unwrap_or(lower);
    let digits = number.len() - number.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return false;
    }
    let rest = number[digits..].trim();
    let of = rest.strip_prefix('/').or_else(|| rest.strip_prefix("of ")).map(str::trim);
    let counted = rest.is_empty() && after_word.is_some();
    // `2/3`: the second of three (`4/8` of no counter's word, more than its
    // total, is none).
    let of = of.filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let within =
        || of.zip(number[..digits].parse::<u64>().ok()).is_some_and(|(n, k)| n.parse::<u64>().is_ok_and(|n| k <= n));
    counted || (of.is_some() && (after_word.is_some() || within()))
}

/// A date or a time alone, with at most words saying it is one (lower
/// case): date(1)'s `tue jan 16 10:01:00 utc 2024`, `2024-01-16t10:01:00z`,
/// `2024-01-16 10:01:00`, `starting at 10:01:00`, `date: …`.
fn is_timestamp(lower: &str) -> bool {
    const NAMES: [&str; 19] = [
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
        "oct", "nov", "dec",
    ];
    const WORDS: [&str; 17] = [
        "at", "on", "date", "time", "timestamp", "now", "start", "started", "starting", "begin", "began", "end",
        "ended", "finished", "am", "pm", "test",
    ];
    // A clock to the second has two colons, a date a `-` or `/`: most
    // lines have neither (one pass instead of every word's tests).
    if !lower.bytes().any(|b| b == b'-' || b == b'/') && lower.bytes().filter(|&b| b == b':').count() < 2 {
        return false;
    }
    let mut clock = false;
    let all = lower.words().all(|w| {
        let w = w.trim_end_matches([',', ':']);
        let w = w.trim_matches(['[', ']', '(', ')']);
        // `10:01:00`: a clock to the second (`70:30` may be a read/write mix).
        let is_clock = w.matches(':').count() >= 2
            && w.starts_with(|c: char| c.is_ascii_digit())
            && w.chars().all(|c| c.is_ascii_digit() || matches!(c, ':' | '.' | ','));
        // `2024-01-16`, `2024-01-16t10:01:00z`, `2024-01-16t10:01:00+01:00`,
        // `2024/01/16`.
        let is_iso = w.len() >= 10
            && w.as_bytes()[..4].iter().all(u8::is_ascii_digit)
            && matches!(w.as_bytes()[4], b'-' | b'/')
            && w.chars().all(|c| c.is_ascii_digit() || matches!(c, '-' | '/' | ':' | '.' | 't' | 'z' | '+'));
        // `10:01`, a clock to the minute, after a date only (alone, `70:30`
        // may be a mix): counts as neither.
        let minutes = w.len() <= 5
            && w.split_once(':').is_some_and(|(h, m)| {
                (1..=2).contains(&h.len()) && m.len() == 2 && h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit())
            });
        clock |= is_clock || is_iso;
        is_clock
            || is_iso
            || minutes
            || w.is_empty()
            || w.bytes().all(|b| b.is_ascii_digit())
            || (w.len() >= 3 && w.len() <= 9 && NAMES.iter().any(|n| w.starts_with(n)) && w.bytes().all(|b| b.is_ascii_lowercase()))
            || WORDS.contains(&w)
            // A time zone: `utc`, `cest`, `+0100`.
            || (w.len() <= 5 && w.len() >= 3 && w.bytes().all(|b| b.is_ascii_lowercase()) && w.ends_with('t'))
            || w == "utc"
            || ((w.starts_with('+') || w.starts_with('-')) && w.len() == 5 && w[1..].bytes().all(|b| b.is_ascii_digit()))
    });
    all && clock
}

/// `/proc/loadavg`'s line (`0.52 0.58 0.59 1/234 5678`) or one that gives
/// `load average:` (uptime's, top's), in lower case.
fn is_load_average(lower: &str) -> bool {
    if lower.contains("load average:") || lower.starts_with("loadavg") {
        return true;
    }
    // `/proc/loadavg`'s fourth word holds a `/`: most lines have none.
    if !lower.contains('/') {
        return false;
    }
    let w: Vec<&str> = lower.words().collect();
    let decimal = |s: &str| s.contains('.') && s.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    w.len() == 5
        && w[..3].iter().all(|s| decimal(s))
        && w[3].split_once('/').is_some_and(|(a, b)| {
            !a.is_empty() && !b.is_empty() && (a.bytes().chain(b.bytes())).all(|c| c.is_ascii_digit())
        })
        && w[4].bytes().all(|b| b.is_ascii_digit())
}

/// The set-up a person named on the same line as a run's counter or date,
/// the counter taken off: `# ext3 (1/2)`, `ext3: run 1`, `ext3: 1/2`,
/// `ext3, iteration 1`, `ext3 [1/2]`, `ext3: Tue Jan 16 10:01:00 UTC 2024`,
/// `run 1 of 2 on ext3`, `[1/4] ext3`, `2024-01-16 10:00 ext3` → `ext3`;
/// `run 1 (noop)` → `noop`, `before (run 1):` → `before`, `without patch,
/// 1st run:` → `without patch`, `mitigations=off: run 1` →
/// `mitigations=off`, `test 1: baseline` → `baseline` (as written, the
/// caller lowers it). A counter only in a counter's shapes (`is_lower_counter`:
/// `N/M`, `(N/M)`, `#N`, `run N`, `iteration N of M`, `Nth run`, a date),
/// at the line's start or end; what is left is a set-up only when it still
/// has a word in it, and none of `programs` (the benchmark's own name:
/// `dbench run 1` is a run marker, [`is_counter_beside_program`]) nor a
/// harness's (`test`, `benchmark`). Each run's line differs by its counter
/// alone: as a whole line it made every run a set-up of its own (an
/// attacker's trial: `run 1 of 2 on ext3` … four columns, nothing
/// compared), and not read at all, the set-ups were averaged as runs
/// (`# ext3 (1/2)` … `# ext4 (2/2)`: four runs of one set-up, no word).
/// `None` for any other line (`=== 16 clients, O_SYNC ===`, `16 clients`,
/// `NO_DELAY_DEQUEUE`, a kernel and its build number `6.1.0 #55`).
pub fn setup_beside_counter(text: &str, programs: &[&str]) -> Option<String> {
    let (rest, counter) = split_off_counter(text)?;
    setup_beside(&rest, &counter, programs)
}

/// [`setup_beside_counter`] of a line [`split_off_counter`] split into
/// `rest` and `counter`.
fn setup_beside(rest: &str, counter: &str, programs: &[&str]) -> Option<String> {
    let rest = without_syslog_tag(rest).to_string();
    // `5.2.0-rc2-aerate+ #55`: a kernel's build number, not a run's.
    if counter.starts_with('#') && rest.words().last().is_some_and(is_kernel_name) {
        return None;
    }
    // `Projected Completion time:  Mon Jul 19 17:48:00 2021` (AIM9's last
    // line; `Projected finish:   Sat Aug 18 14:14:53 2007` its third, which
    // labelled each of three AIM9 runs alike and hid their underlined
    // set-ups, linux-mm 2007-08), `rawstor: (groupid=0, jobs=1): err= 0: pid=11375: Mon Sep 22
    // 11:50:58 2025` (fio's job line): a program's line ending in a date,
    // no set-up's.
    let program_line = rest.matches(':').count() > 1
        || rest.matches('=').count() > 1
        || (is_timestamp(&counter.to_ascii_lowercase())
            && rest.words().any(|w| {
                let w = w.trim_matches(|c: char| !c.is_alphanumeric()).to_ascii_lowercase();
                WHEN_WORDS.contains(&w.as_str())
                    || ["completion", "completed", "now", "booted", "finish", "projected"].contains(&w.as_str())
            }));
    let label_like = !program_line
        && rest.chars().count() <= MAX_LABEL_CHARS
        && (1..=6).contains(&rest.words().count())
        && rest.chars().any(char::is_alphabetic)
        && !rest.ends_with(['.', '!', '?', ';'])
        && !rest.contains(['$', '@', '|', '<', '>', '`', '#'])
        && !rest.words().all(|w| is_harness_word(w, programs))
        // `Here's the second run`: the counter is a sentence's object, the
        // words before it no set-up (attack36 t2: labelled `Here's the`).
        && !rest.words().last().is_some_and(|w| {
            ["the", "a", "an", "my", "this", "that", "our", "his", "her", "their", "its", "your"]
                .contains(&w.to_lowercase().as_str())
        });
    label_like.then_some(rest)
}

/// A run's counter or date beside nothing but the benchmark's own name or
/// a harness's word (`dbench run 1`, `=== dbench 2/3 ===`, `test run 2`)
/// or alone ([`is_run_marker`]): a run marker, never a label.
pub fn is_counter_beside_program(text: &str, programs: &[&str]) -> bool {
    is_run_marker(text) || split_off_counter(text).is_some_and(|(rest, _)| is_harness_words(&rest, programs))
}

/// True when every word of `rest` is a harness's ([`is_harness_word`]).
fn is_harness_words(rest: &str, programs: &[&str]) -> bool {
    rest.words().all(|w| is_harness_word(w, programs))
}

/// A file's answers to the labeller's costliest questions of a line, its
/// run marker ([`is_run_marker`]) and counter ([`split_off_counter`]),
/// each asked once per distinct text (a line trimmed, as the passes ask):
/// the labels' passes (up to four over the file), the set-up lines and
/// the warnings ask them of the same lines, and copies of one output
/// repeat their lines. Each answer is the function's own.
/// Where the file's [`Answers`] are (a parser's, [`Input::answers`]), the
/// labels' passes read them before asking a line afresh.
#[derive(Default)]
struct Asked<'a> {
    markers: std::cell::RefCell<FxHashMap<&'a str, bool>>,
    counters: std::cell::RefCell<FxHashMap<&'a str, Option<(String, String)>>>,
    /// The answers a parser of the file kept ([`Input::answers`]).
    shared: Option<&'a Answers>,
}

impl<'a> Asked<'a> {
    /// An `Asked` that reads the answers a parser kept for `input`'s text.
    fn of(input: &'a Input) -> Self {
        Asked { shared: Some(input.answers()), ..Asked::default() }
    }

    /// [`is_run_marker`] of `text`.
    fn run_marker(&self, text: &'a str) -> bool {
        if let Some(&m) = self.markers.borrow().get(text) {
            return m;
        }
        let m = self.shared.and_then(|a| a.known_marker(text)).unwrap_or_else(|| is_run_marker(text));
        self.markers.borrow_mut().insert(text, m);
        m
    }

    /// `f` of [`split_off_counter`] of `text` (`f` asks nothing of `self`).
    fn with_counter<R>(&self, text: &'a str, f: impl FnOnce(Option<(&str, &str)>) -> R) -> R {
        if let Some(split) = self.counters.borrow().get(text) {
            return f(split.as_ref().map(|(r, c)| (r.as_str(), c.as_str())));
        }
        let split = self.shared.and_then(|a| a.known_counter(text)).unwrap_or_else(|| split_off_counter(text));
        let out = f(split.as_ref().map(|(r, c)| (r.as_str(), c.as_str())));
        self.counters.borrow_mut().insert(text, split);
        out
    }

    /// [`config_command`] of `text` (kept per thread, [`LineMemo`]: most
    /// lines are asked once per file, so a map per file only added its
    /// own cost).
    fn config_command(&self, text: &'a str) -> Option<String> {
        config_command(text)
    }

    /// [`setup_beside_counter`] of `text`.
    fn setup_beside_counter(&self, text: &'a str, programs: &[&str]) -> Option<String> {
        self.with_counter(text, |split| {
            let (rest, counter) = split?;
            setup_beside(rest, counter, programs)
        })
    }

    /// [`is_counter_beside_program`] of `text`.
    fn is_counter_beside_program(&self, text: &'a str, programs: &[&str]) -> bool {
        self.run_marker(text)
            || self.with_counter(text, |split| split.is_some_and(|(rest, _)| is_harness_words(rest, programs)))
    }
}

/// Most distinct texts a thread keeps the answers of, per question
/// ([`LineMemo`]): a full memo is emptied and filled again.
const MEMO_TEXTS: usize = 1 << 14;

/// Longest text (in bytes) whose answers are kept ([`LineMemo`]): a longer
/// line (prose) is asked afresh each time.
const MEMO_TEXT_BYTES: usize = 160;

/// One of the labeller's questions of a line's text ([`is_run_marker`],
/// [`split_off_counter`], [`label_line`], [`is_tool_chatter`],
/// [`config_command`], [`result_on_kernel`]; dbench's own lines), its
/// answers kept per thread across every file the thread reads: a harness
/// prints the same lines (its prompts, the benchmark's banners and chatter)
/// in every kernel's file, and each file is asked each question of each of
/// them again (in a medium generated archive 55 % of the lines' texts are
/// in more than one file). Every question is a function of the text alone,
/// so an answer kept is the answer asked afresh. At most [`MEMO_TEXTS`]
/// texts of at most [`MEMO_TEXT_BYTES`] bytes: about 2 MB per question and
/// thread.
pub(crate) struct LineMemo<T>(std::cell::RefCell<FxHashMap<Box<str>, T>>);

impl<T> Default for LineMemo<T> {
    fn default() -> Self {
        LineMemo(std::cell::RefCell::new(FxHashMap::default()))
    }
}

impl<T: Clone> LineMemo<T> {
    /// The answer `ask` gives for `text`, kept (`ask` must be a function
    /// of the text alone; it may ask this memo of other texts).
    pub(crate) fn get_or(&self, text: &str, ask: impl FnOnce(&str) -> T) -> T {
        if text.len() > MEMO_TEXT_BYTES {
            return ask(text);
        }
        if let Some(answer) = self.0.borrow().get(text) {
            return answer.clone();
        }
        let answer = ask(text);
        let mut kept = self.0.borrow_mut();
        if kept.len() >= MEMO_TEXTS {
            kept.clear();
        }
        kept.insert(text.into(), answer.clone());
        answer
    }
}

thread_local! {
    static RUN_MARKERS: LineMemo<bool> = LineMemo::default();
    static COUNTERS: LineMemo<Split> = LineMemo::default();
    /// Not underlined, underlined.
    static LABEL_LINES: [LineMemo<Option<String>>; 2] = Default::default();
    static TOOL_CHATTER: LineMemo<bool> = LineMemo::default();
    static CONFIG_COMMANDS: LineMemo<Option<String>> = LineMemo::default();
    static KERNELS_RESULTS_ON: LineMemo<Option<String>> = LineMemo::default();
}

/// One file's answers to [`is_run_marker`] and `split_off_counter` (a
/// run's counter or date at a line's start or end, [`setup_beside_counter`]) for
/// each distinct line (trimmed) a parser asked, kept with the file's text
/// ([`Input::answers`]): dbench asks them of the lines above each result
/// ([`Answers::is_counter_beside_program`], [`Answers::setup_beside_counter`]),
/// and the labeller then asks the same lines again (it reads these first).
/// Both questions are of the text alone, so the answers hold for every
/// copy of the input (a blanked one shares them).
#[derive(Debug, Default)]
pub struct Answers {
    markers: std::sync::Mutex<FxHashMap<Box<str>, bool>>,
    counters: std::sync::Mutex<FxHashMap<Box<str>, Split>>,
}

/// What [`split_off_counter`] gives for a line: (the rest, the counter).
type Split = Option<(String, String)>;

impl Answers {
    /// [`is_run_marker`] of `text`, kept.
    fn run_marker(&self, text: &str) -> bool {
        let key = text.trim();
        let mut markers = self.markers.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(&m) = markers.get(key) {
            return m;
        }
        let m = is_run_marker(key);
        markers.insert(key.into(), m);
        m
    }

    /// `f` of [`split_off_counter`] of `text`, kept.
    fn with_counter<R>(&self, text: &str, f: impl FnOnce(Option<(&str, &str)>) -> R) -> R {
        let key = text.trim();
        let mut counters = self.counters.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let split = counters.entry(key.into()).or_insert_with(|| split_off_counter(key));
        f(split.as_ref().map(|(r, c)| (r.as_str(), c.as_str())))
    }

    /// [`is_run_marker`] of `text` if a parser asked it.
    fn known_marker(&self, text: &str) -> Option<bool> {
        self.markers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(text.trim()).copied()
    }

    /// [`split_off_counter`] of `text` if a parser asked it.
    fn known_counter(&self, text: &str) -> Option<Split> {
        self.counters.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(text.trim()).cloned()
    }

    /// [`is_counter_beside_program`] of `text`, its answers kept.
    pub fn is_counter_beside_program(&self, text: &str, programs: &[&str]) -> bool {
        self.run_marker(text)
            || self.with_counter(text, |split| split.is_some_and(|(rest, _)| is_harness_words(rest, programs)))
    }

    /// [`setup_beside_counter`] of `text`, its answers kept.
    pub fn setup_beside_counter(&self, text: &str, programs: &[&str]) -> Option<String> {
        self.with_counter(text, |split| {
            let (rest, counter) = split?;
            setup_beside(rest, counter, programs)
        })
    }
}

/// A word a harness prints beside a run's counter or date that names no
/// set-up: the benchmark's own name (one of `programs`, any case) or one of
/// [`HARNESS_WORDS`] (UnixBench's `Start Benchmark Run: Tue Dec 10
/// 13:23:54 IST 2002`).
fn is_harness_word(word: &str, programs: &[&str]) -> bool {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric());
    w.is_empty()
        || HARNESS_WORDS.iter().any(|h| w.eq_ignore_ascii_case(h))
        || programs.iter().any(|p| w.eq_ignore_ascii_case(p))
}

/// Words that say a line is a run's start, end or number ([`is_harness_word`]):
/// `- run 5 iterations` (a list of what a test does) counts runs; its
/// `iterations` labelled the first of four fs_mark tables.
const HARNESS_WORDS: [&str; 24] = [
    "test", "benchmark", "bench", "harness", "run", "runs", "start", "started", "starting", "begin", "began", "end",
    "ended", "finished", "done", "date", "time", "times", "iteration", "iterations", "loop", "loops", "pass", "passes",
];

/// True when `setup`, the set-up a line `n` names beside a run's counter
/// ([`setup_beside_counter`]: `testing directory ~/temp now` of `Run #2:
/// testing directory ~/temp now`), is another line's whole text (lower
/// case, its colon off) that no label is taken from ([`label_line`]): a
/// caption over another copy, whose runs the counter counts. `texts`: the
/// file's lines trimmed; `plain`: their lower-case texts, made here once.
fn caption_elsewhere(
    texts: &[&str],
    plain: &std::cell::OnceCell<FxHashMap<String, usize>>,
    n: usize,
    setup: &str,
) -> bool {
    let plain = plain.get_or_init(|| {
        let mut map = FxHashMap::default();
        for (i, t) in texts.iter().enumerate() {
            map.entry(t.trim_end_matches(':').trim_end().to_lowercase()).or_insert(i + 1);
        }
        map
    });
    plain
        .get(&setup.trim().to_lowercase())
        .is_some_and(|&m| m != n && label_line(texts[m - 1], false).is_none() && !texts[m - 1].ends_with(':'))
}

/// A line split into what is left and the run counter or date at its start
/// or end ([`is_lower_counter`]; the longest such run of words), the line's
/// fences (`#`, `===`, `**`) and the separators between the two (`:`, `,`,
/// `-`, brackets around the rest, a leading `on`/`for`) taken off:
/// `# ext3 (1/2)` → (`ext3`, `(1/2)`). `None` when neither end is a counter
/// or nothing is left.
fn split_off_counter(text: &str) -> Option<(String, String)> {
    COUNTERS.with(|m| m.get_or(text, split_off_counter_afresh))
}

/// [`split_off_counter`], asked afresh.
fn split_off_counter_afresh(text: &str) -> Option<(String, String)> {
    let t = text.trim();
    // Most lines are none: a counter has a digit (`first run` a run word).
    if t.len() > 100
        || !(t.bytes().any(|b| b.is_ascii_digit()) || crate::parse::input::contains_ignore_ascii_case(t, " run"))
    {
        return None;
    }
    let t = t.trim_end_matches(':').trim();
    let t = t.trim_matches(|c: char| matches!(c, '=' | '#' | '*' | '~' | '>')).trim();
    let t = t.trim_end_matches(':').trim();
    let words: Vec<&str> = t.words().collect();
    let n = words.len();
    if !(2..=16).contains(&n) {
        return None;
    }
    // The words joined by one space, once, and in lower case, once: every
    // run of words tried below is a slice of these (each try joined and
    // lowered its words anew: most of the labeller's cost on every line
    // with a digit). `starts[k]`: where word `k` starts in them.
    let joined = words.join(" ");
    let lower = joined.to_ascii_lowercase();
    let mut starts = Vec::with_capacity(n + 1);
    let mut at = 0;
    for w in &words {
        starts.push(at);
        at += w.len() + 1;
    }
    starts.push(joined.len() + 1);
    // Words `i..j` of the line, joined, as written or in lower case.
    let span = |i: usize, j: usize| starts[i]..starts[j] - 1;
    // `2 of 4 processes prepared for launch`: a count of things at the
    // start, not of runs, unless set apart (`[1/4] ext3`, `1/4: ext3`).
    let counts_things = |k: usize| {
        let last = words[k - 1];
        words[0].starts_with(|c: char| c.is_ascii_digit())
            && !last.ends_with([':', '-'])
            && !is_timestamp(&lower[span(0, k)])
    };
    // A counter or date is at most [`MAX_COUNTER_WORDS`] words (date(1)'s
    // `Tue Jan 16 10:01:00 UTC 2024` is six): longer runs of words are not
    // tried.
    let longest = n.saturating_sub(1).min(MAX_COUNTER_WORDS);
    let (rest, counter) = match (1..=longest).rev().find(|&k| is_lower_counter(&lower[span(0, k)]) && !counts_things(k))
    {
        // `run 2, CSV only:`: a clause about the run (how it was printed).
        Some(k) if words[k - 1].ends_with(',') || words[k].starts_with(',') => return None,
        Some(k) => (span(k, n), span(0, k)),
        None => (n - longest..n).find(|&k| is_lower_counter(&lower[span(k, n)])).map(|k| (span(0, k), span(k, n)))?,
    };
    let counter = &joined[counter];
    let mut rest = joined[rest].trim_matches(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '-' | ';'));
    // `linux-next 2024-11-05`: the date names the tree's snapshot, not
    // when a run ran ([`names_a_dated_tree`]); the line is no counter.
    // So is a month and day beside it (`linux-next 11/12:`), which reads
    // as the 11th run of 12 too: two snapshots' reports under `linux-next
    // 11/12:` and `linux-next 11/19:` were both labelled `linux-next` and
    // averaged, Block output 51776 and 716800 K/s one mean, no word
    // (attack56 F1).
    let day = counter.trim_matches(|c: char| !c.is_alphanumeric()).to_ascii_lowercase();
    let month_day = day.split_once('/').is_some_and(|(m, d)| {
        let day_of =
            |p: &str, most: u32| (1..=2).contains(&p.len()) && p.parse::<u32>().is_ok_and(|v| (1..=most).contains(&v));
        (day_of(m, 12) && day_of(d, 31)) || (day_of(m, 31) && day_of(d, 12))
    });
    if !day.contains([':', ' '])
        && (captions::is_date_word(&day, false) || month_day)
        && [rest.words().next(), rest.words().last()].into_iter().flatten().any(names_a_dated_tree)
    {
        return None;
    }
    for (open, close) in [("(", ")"), ("[", "]")] {
        if let Some(inner) = rest.strip_prefix(open).and_then(|r| r.strip_suffix(close))
            && !inner.contains([open.as_bytes()[0] as char, close.as_bytes()[0] as char])
        {
            rest = inner.trim();
        }
    }
    for p in ["on ", "for "] {
        if rest.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)) {
            rest = rest[p.len()..].trim_start();
        }
    }
    (!rest.is_empty()).then(|| (rest.to_string(), counter.to_string()))
}

/// Trees whose snapshots are named by the day they were cut (lower case):
/// linux-next (its daily tag `next-20241105`), Andrew Morton's `mmotm
/// 2024-11-05-16-20` and `mm-everything-2024-11-05-16-20` (not a bare
/// `next`: `the next 2024-11-12 run` is prose).
const DATED_TREES: [&str; 3] = ["linux-next", "mmotm", "mm-everything"];

/// True when `word` (any case, its punctuation off) names a tree whose
/// snapshot a date names ([`DATED_TREES`]): a date after it is the
/// kernel's name, not when a run ran. attack52: two reports under
/// `linux-next 2024-11-05:` and `linux-next 2024-11-12:` were averaged as
/// two runs of one set-up (the dates taken for run dates), two kernels'
/// figures in one mean with no word.
pub(crate) fn names_a_dated_tree(word: &str) -> bool {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric());
    DATED_TREES.iter().any(|t| w.eq_ignore_ascii_case(t))
}

/// Gives each read line of copy `c` the label `parts[c]`, after the
/// label it has (`ext4 / make -j4`); true when any was given. `copy_of`:
/// each line's copy ([`copies`]).
fn add_copy_labels(ids: &mut [Identity], copy_of: &[usize], parts: &[Option<String>]) -> bool {
    let mut added = false;
    for (id, &c) in ids.iter_mut().zip(copy_of) {
        if let Some(Some(part)) = parts.get(c) {
            id.label = Some(match id.label.take() {
                Some(l) => format!("{l} / {part}"),
                None => part.clone(),
            });
            added = true;
        }
    }
    added
}

/// The most words a run's counter or date has ([`split_off_counter`]):
/// `iteration 1 of 2`, date(1)'s `Tue Jan 16 10:01:00 UTC 2024` (six).
const MAX_COUNTER_WORDS: usize = 8;

/// Words that are a run's counter or a date and nothing more: `run 1`,
/// `iteration 1 of 2`, `2nd run`, `(run 1)`, `[1/4]`, `(1/2)`, `1/2` (of at
/// most 20 when bare: `30/70` is a mix), `#1`, `test 1`, date(1)'s `Tue
/// Jan 16 10:01:00 UTC 2024`, `2024-01-16 10:00` (see [`is_timestamp`]),
/// a run's process id `pid 4242` ([`is_pid`]); a separator (`,`, `:`,
/// `-`) on either side.
///
/// `words`: the words joined by one space, in lower case.
fn is_lower_counter(words: &str) -> bool {
    let s = words.trim_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | ';' | '-'));
    let inner = s.strip_prefix('(').and_then(|r| r.strip_suffix(')'));
    let inner = inner.or_else(|| s.strip_prefix('[').and_then(|r| r.strip_suffix(']')));
    let bracketed = inner.is_some();
    let lower = inner.unwrap_or(s).trim().trim_end_matches([':', ',']);
    let number = |d: &str| (1..=4).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit());
    if let Some(d) = lower.strip_prefix('#') {
        return number(d);
    }
    if let Some(d) = lower.strip_prefix("test ") {
        return number(d.trim_start_matches('#'));
    }
    // `1/2`, `1 of 2` without a run's word: the first of two, not more
    // than its total, and a small total when bare.
    let fraction = lower.split_once('/').or_else(|| {
        // A searcher made once: asked of every span of up to eight words at
        // each end of most lines with a digit ([`split_off_counter`]).
        static OF: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
            std::sync::LazyLock::new(|| memchr::memmem::Finder::new(" of "));
        OF.find(lower.as_bytes()).map(|at| (&lower[..at], &lower[at + " of ".len()..]))
    });
    if let Some((k, of)) = fraction
        && let (Ok(k), Ok(of)) = (k.trim().parse::<u32>(), of.trim().parse::<u32>())
        && number(&k.to_string())
    {
        return k >= 1 && k <= of && (bracketed || of <= 20);
    }
    // `ext4 pid 4242`: the run's process beside its set-up (each run was a
    // set-up of its own, `ext4 pid 4242`, `ext4 pid 4311`).
    run_counter(lower) || is_timestamp(lower) || is_pid(lower)
}

/// A line a benchmark prints around its own results, passed over on the
/// way up to a label: tiotest's titles (`Tiotest results for 16 concurrent
/// io threads:`, `Tiotest latency results:`, which would otherwise read as
/// a label the same above every run) and its box borders and header
/// (`,----.`, `| Item | Time | Rate |`, `` `----' ``); perf bench's
/// header (`# Running 'sched/pipe' benchmark:`, the same above every run);
/// lmbench's letter-spaced banner (`L M B E N C H  2 . 0   S U M M A R Y`,
/// a `time make`'s label in a harness log after `make summary`);
/// sysbench's section headings ([`SYSBENCH_HEADINGS`]) and its `[ 20ms ]
/// Checkpoint report:` (`--report-checkpoints`); fio's `clat
/// percentiles (usec):`, `Run status group 0 (all jobs):` and `Disk stats
/// (read/write):`, the last two of which end each
/// copy of its report (an attacker's trial had them label the next copy,
/// and a `mq-deadline` run merged with the `none` runs); memtier's `ALL
/// STATS` over its table and perf stat's `Performance counter stats for
/// 'system wide':` (a title or a label, the same in every run, that split
/// one round of a memtier note from the others), and `--table`'s `# Table
/// of individual measurements:` / `# Final result:` (which labelled the
/// runs of both of Jiri Olsa's blocks alike, netdev 2020); iperf3's words a mail's
/// reflow left alone on a line ([`is_iperf3_wrapped_tail`]); a mail's
/// attribution line ([`is_mail_attribution`]); MLC's loaded-latency
/// column heading over its `====` (`Delay  (ns)  MB/sec`, tabs in one
/// machine's paste and spaces in the next: as an underlined title it
/// labelled each machine's loaded latencies and cache-to-cache figures
/// apart from the rest of its run, a blog post of two machines).
fn is_tool_chatter(text: &str) -> bool {
    TOOL_CHATTER.with(|m| m.get_or(text, is_tool_chatter_afresh))
}

/// [`is_tool_chatter`], asked afresh.
fn is_tool_chatter_afresh(text: &str) -> bool {
    SYSBENCH_HEADINGS.contains(&text)
        || is_iperf3_wrapped_tail(text)
        || is_mail_attribution(text)
        || is_uname_wrapped_tail(text)
        || is_stream_validation(text)
        || is_bonnie_title_piece(text)
        || (text.starts_with("Run status group ") && text.ends_with(':'))
        || (text.contains(" percentiles (") && text.ends_with("):"))
        || text == "Disk stats (read/write):"
        || text == "ALL STATS"
        || (text.starts_with("Performance counter stats for ") && text.ends_with(':'))
        // perf stat --table's own headings over its runs and their mean.
        || matches!(text.trim_end_matches(':'), "# Table of individual measurements" | "# Final result")
        || (text.starts_with('[') && text.ends_with("] Checkpoint report:"))
        || text.starts_with("Tiotest ")
        // openssl speed's own header, empty after its colon under `-multi`.
        || text.starts_with("timing function used:")
        || is_bare_prompt(text)
        || text.starts_with("stress-ng: info:")
        || is_kernbench_chatter(text)
        || text.starts_with("L M B E N C H")
        || (text.starts_with("# Running '") && text.ends_with("benchmark:"))
        || text.starts_with("| Item ")
        || is_perf_stat_time(text)
        || super::time::is_gnu_time_line(text)
        || super::mlc::is_column_heading(text)
        || (text.starts_with([',', '`', '+', '|'])
            && text.contains("---")
            && text.chars().all(|c| matches!(c, ',' | '.' | '`' | '\'' | '+' | '-' | '|')))
}

/// A shell prompt with nothing typed after it, as a pasted session ends
/// (`[ec2-user@ip-172-31-28-112 ~]$`, `root@box:~#`, `user@host:/tmp$`):
/// the session's, not a set-up's name. As a label it named the next run
/// (a GitHub note's sysbench 0.4 runs: `label=[ec2-user@… ~]$`, and the
/// run above it `label=The`, the rest of `##The first run`).
fn is_bare_prompt(text: &str) -> bool {
    let Some(before) = text.strip_suffix(['$', '#']) else { return false };
    let bracketed = before.starts_with('[') && before.ends_with(']') && before.contains('@');
    let plain = before.contains('@') && before.contains(':') && !before.contains(char::is_whitespace);
    (bracketed && before.words().count() <= 2) || plain
}

/// A mail's attribution line over the text it quotes: `On 2021/4/17 20:33,
/// zhudi (J) wrote:`, `Jens Axboe wrote:`, `* Ingo Molnar <mingo@elte.hu>
/// wrote:`; at most 16 words. As a label (a colon at its end) it named
/// the quoted run under it (netdev 2021, wild32 file 01: the run before
/// the patch was labelled `2021/4/17 20:33, zhudi (J) wrote`).
pub(crate) fn is_mail_attribution(text: &str) -> bool {
    let t = text.trim_end();
    (t.ends_with(" wrote:") || t.ends_with(" writes:")) && t.words().count() <= 16
}

/// The end of a `uname -a` line a mail's reflow wrapped onto a line of its
/// own: its build date, machine and OS (`Wed May 28 02:40:52 UTC 2025
/// x86_64 x86_64 x86_64 GNU/Linux`), the kernel release left on the line
/// above (`Linux box 6.11.0-1016-gcp #16~24.04.1-Ubuntu SMP`, read by
/// [`booted_kernel`]). As a label (`x86_64 x86_64 x86_64 GNU/Linux`) it
/// named the runs below it and hid that kernel (linux-fsdevel 2025-11,
/// wildmod37: fio on 6.11 and 6.14 read with no kernel).
fn is_uname_wrapped_tail(text: &str) -> bool {
    // The last word is `GNU/Linux`, so the text ends in it: asked of every
    // line the labeller looks at, most of which do not (no words split).
    if !text.trim_end().ends_with("GNU/Linux") {
        return false;
    }
    let words: Vec<&str> = text.words().collect();
    words.len() >= 2
        && words.last() == Some(&"GNU/Linux")
        && words[0] != "Linux"
        && !words[0].eq_ignore_ascii_case("uname")
        && words.iter().any(|w| unames::UNAME_MACHINES.contains(w))
}

/// The end of an iperf3 line a mail's reflow wrapped onto a line of its
/// own: a summary line's role (`sender`, `receiver`; a UDP one's with its
/// loss, `(0%)  sender`) and the UDP header's last word (`Datagrams`).
/// As labels they named the runs below them (linux-arm 2019, wild32 file
/// 04: the TCP receiver rows were labelled `sender`, and the two TCP
/// set-ups' receivers averaged under it).
fn is_iperf3_wrapped_tail(text: &str) -> bool {
    let role = |w: &str| matches!(w, "sender" | "receiver");
    role(text) || text == "Datagrams" || super::iperf3::loss_and_role(text).is_some()
}

/// STREAM's own lines below its table, the same after every run: `Solution
/// Validates: avg error less than 1.000000e-13 on all three arrays`,
/// `Results Validation Verbose Results:`, `Failed Validation on array a[]
/// …`. As a label (`Results Validation Verbose Results`) it named the run
/// below it (a qemu-ppc mail's sam460ex Linux run, wild28).
fn is_stream_validation(text: &str) -> bool {
    text.starts_with("Solution Validates")
        || super::stream::failed_validation(text)
        || text == "Results Validation Verbose Results:"
}

/// perf stat's times below its counts: `9.987657624 seconds time elapsed`,
/// `1.234 seconds user`, `0.5 seconds sys`, with `-r` their spread too
/// (`9.98 +- 0.01 seconds time elapsed  ( +-  0.12% )`). A tool's output,
/// a new figure every run, no line a person wrote (above one of three
/// memtier rounds, it warned that the rounds had different text above them).
fn is_perf_stat_time(text: &str) -> bool {
    let figure = |w: &str| {
        w.starts_with(|c: char| c.is_ascii_digit()) && w.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    };
    let mut words = text.words().peekable();
    if !words.next().is_some_and(figure) {
        return false;
    }
    if words.peek() == Some(&"+-") {
        words.next();
        if !words.next().is_some_and(figure) {
            return false;
        }
    }
    if words.next() != Some("seconds") {
        return false;
    }
    let what = match words.next() {
        Some("time") => words.next() == Some("elapsed"),
        Some("user" | "sys") => true,
        _ => false,
    };
    what && words.next().is_none_or(|w| w.starts_with('('))
}

/// kernbench's own lines between its command and its figures: `Half load
/// -j 2 run number 1...`, `Average Optimal load -j 16 Run (std
/// deviation):`. Read as sentences a person wrote, they hid the command
/// line above (`taskset -c 0-7 ./kernbench -n 3` / `taskset -c 0-15 …`:
/// two reports pooled). Also kernbench 0.20's block headers, `Average Half
/// Load Run:` / `Average Optimum Load Run:` / `Average Maximum Load Run:`
/// (STP's `Average Optimal -j 32 Load Run:`): the same over every kernel's
/// blocks, as labels they hid the line naming each kernel above them (Con
/// Kolivas's `results.2.6.3-rc2` / `results.2.6.3-rc3-mm1:`, LKML 2004-02:
/// the two kernels' blocks were averaged as runs of one set-up).
fn is_kernbench_chatter(text: &str) -> bool {
    (text.contains(" load -j") && (text.contains(" run number ") || text.ends_with(" Run (std deviation):")))
        || (text.starts_with("Average ") && text.ends_with(" Load Run:") && text.words().count() <= 6)
}

/// The headings sysbench 0.4 to 1.0 prints above its own figures, the same
/// above every run: as labels they hid a person's `before:` / `after:`
/// above two whole outputs, whose figures were then averaged as runs.
/// (sysbench's `Throughput:` and `response time:` are left out: a person
/// may head results so.)
const SYSBENCH_HEADINGS: [&str; 12] = [
    "Running the test with following options:",
    "Running memory speed test with the following options:",
    "OLTP test statistics:",
    "SQL statistics:",
    "queries performed:",
    "General statistics:",
    "Test execution summary:",
    "per-request statistics:",
    "Latency (ms):",
    "Threads fairness:",
    "CPU speed:",
    "File operations:",
];

/// A piece of Bonnie's or bonnie++'s dashed title lines a mail's re-wrap
/// left on a line of its own (`--------RandomCreate--------`, `--Block----Seeks--`,
/// linux-mm 2000-08 at 72 columns: it labelled the create figures under it
/// `RandomCreate` for the clean file's `bonnie++ -s 512`): dashes around
/// the report's own column titles only. A person's `--- ext3 ---` is none.
fn is_bonnie_title_piece(text: &str) -> bool {
    const TITLES: [&str; 14] = [
        "Sequential", "Output", "Input", "Random", "RandomCreate", "Create", "Per", "Chr", "Char", "Block", "Rewrite",
        "Seeks", "Read", "Delete",
    ];
    text.starts_with("--")
        && text.ends_with('-')
        && text.split(['-', ' ']).filter(|w| !w.is_empty()).all(|w| TITLES.contains(&w))
        && text.split(['-', ' ']).any(|w| !w.is_empty())
}

/// Line `i` of `trimmed` is the rest of the command line right above it,
/// wrapped by a mailer: options only ([`super::cmdline::continues_options`])
/// under a line that runs a program (a prompt's, `./x`, or the
/// benchmark's). A FreeBSD blog's `… ./page_fault4_processes -t 96` / `-s 5`
/// re-wrapped at 76: `-s 5` became part of each label below it (`-s 5 /
/// HEAD`, `-s 5 / EBR`), and the last runs' `EBR` was lost.
/// A line a quoted-printable soft break emptied between the two is looked
/// past (the aliyun sysbench note under quoted-printable: `--mutex` /
/// `-loops=5000 run` labelled the mutex run apart from the clean file's).
fn is_wrapped_options(input: &Input, trimmed: &[&str], read: &[bool], i: usize, program: &str) -> bool {
    if i == 0 || read[i + 1] || !super::cmdline::continues_options(trimmed[i]) || trimmed[i].ends_with(':') {
        return false;
    }
    // A program's line of compiler flags (openssl's `compiler: gcc -fPIC
    // …`, CoreMark's `Compiler flags   : -Wno-maybe-uninitialized …`)
    // re-wrapped at 72: its rests (`-fstack-protector-strong
    // -fstack-clash-protection -Wformat`, an OVH blog's openssl run)
    // labelled the runs below.
    let compiler = |prev: &str| {
        prev.split_once(':').is_some_and(|(key, _)| {
            matches!(key.trim().to_ascii_lowercase().as_str(), "compiler" | "compiler flags" | "cflags")
        })
    };
    let runs = |prev: &str| {
        !prev.is_empty()
            && (super::failed::is_command_line(prev)
                || compiler(prev)
                || prev.words().any(|w| w.starts_with("./"))
                || command_words(prev, program).is_some()
                // The program's name first, its options all on the lines
                // wrapped off it (`sysbench /usr/…/oltp_read_write.lua`,
                // the aliyun note at 72: no option on the line, no prompt,
                // so no command line to [`command_words`]).
                || prev.words().next().is_some_and(|w| is_program(command_words_name(w), program)))
    };
    // A command wrapped over more lines (`sysbench /usr/…/oltp_read_write.lua`
    // / `--table-size=200000 --db-driver=mysql` / `--mysql-password=123456
    // … cleanup`, the aliyun note re-wrapped at 72; a `./tpcc.lua …` line
    // broken in three, a Russian note at 72): up past the options lines,
    // and a path argument's line (`/usr/local/share/sysbench/….lua
    // --table-size=…`), to the line that runs it. The last rest labelled the
    // runs below it (`云主机B / --mysql-password=123456 … cleanup`).
    let mut at = i;
    for _ in 0..8 {
        let Some(above) = (0..at).rev().find(|&k| !input.joined_away(k)) else { return false };
        let prev = trimmed[above];
        if runs(prev) {
            return true;
        }
        let path = prev.starts_with('/')
            && prev.words().skip(1).all(|w| w.starts_with('-'))
            && !prev.words().next().is_some_and(|w| w.ends_with(':'));
        if !(super::cmdline::continues_options(prev) || path) || prev.ends_with(':') {
            return false;
        }
        at = above;
    }
    false
}

/// Line `i` of `trimmed` is a tool's heading known by the lines beside
/// it, not by its words alone (a person may head results so): sysbench 0.5's
/// `response time:` right over its `min:` line, and `General statistics:`
/// split by a web paste into `General` / ` statistics:` (a blank line may
/// stand between; sysbench GitHub issue #231, a VM's run pasted from a web
/// table: its total time was labelled `statistics` and its latencies
/// `response time`, one run shown as two set-ups and never as `VM`).
fn is_tool_heading_in_place(trimmed: &[&str], i: usize) -> bool {
    let text = trimmed[i];
    let next = trimmed[i + 1..].iter().find(|t| !t.is_empty()).copied();
    let prev = trimmed[..i].iter().rev().find(|t| !t.is_empty()).copied();
    match text {
        "response time:" => trimmed.get(i + 1).is_some_and(|t| t.starts_with("min:")),
        "General" => next == Some("statistics:"),
        "statistics:" => prev == Some("General"),
        // The kernel test robot's (lkp-compare's) `commit:` over its list of
        // commits, each a column of its table: the tool's, no set-up
        // (Guittot quoting Xing, LKML 2020-06, re-wrapped at 76: the first
        // table's 16 rows took `label=commit`, its later tables none).
        "commit:" => next.is_some_and(|t| {
            let w = t.words().next().unwrap_or("");
            w.len() >= 12 && w.bytes().all(|b| b.is_ascii_hexdigit())
        }),
        _ => false,
    }
}

/// A caption over the output that names no set-up: `Results:`, `- output:`,
/// `- resaults:` (one letter off, as typed), also glued to sysbench's own
/// heading under it (`- resaults: File operations:`). Above the runs of
/// each of two machines (wild32 file 03, a GitHub note's sysbench fileio
/// runs under `1. my_laptop:` / `2. server LFF 232:`) it took the place of
/// the machine's line as their label.
fn is_results_caption(text: &str) -> bool {
    let t = text.strip_prefix("- ").or_else(|| text.strip_prefix("* ")).unwrap_or(text).trim();
    let t = SYSBENCH_HEADINGS.iter().find_map(|h| t.strip_suffix(h)).map_or(t, str::trim_end);
    let Some(word) = t.strip_suffix(':') else { return false };
    let word = word.trim().to_ascii_lowercase();
    // `results` with one letter added (`resaults`, `resultss`).
    let near = |w: &str| {
        w.len() == 8
            && (0..8).any(|k| {
                w.is_char_boundary(k) && w.is_char_boundary(k + 1) && format!("{}{}", &w[..k], &w[k + 1..]) == "results"
            })
    };
    ["results", "result", "output", "outputs"].contains(&word.as_str()) || near(&word)
}

/// A line of `=`, `-` or `~` only (an underline or a table rule).
fn is_rule(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| matches!(c, '=' | '-' | '~' | ' '))
}

/// A kernel's name without the `linux-` (tarball) or `Linux ` (lmbench's
/// OS column) before it.
pub fn bare_kernel(s: &str) -> &str {
    s.strip_prefix("linux-").or_else(|| s.strip_prefix("Linux ")).unwrap_or(s)
}

/// Filesystems a poster writes after a kernel's name to tell one kernel's
/// rows on several filesystems apart (`2.5.70-ext2`, `2.5.70-reiserfs`).
const FILESYSTEMS: [&str; 9] = ["ext2", "ext3", "ext4", "xfs", "jfs", "reiserfs", "reiser4", "btrfs", "tmpfs"];

/// `2.5.70-ext2` → (`2.5.70`, `ext2`): a kernel's name with a filesystem's
/// after a dash (Randy Hron's 2003 tiobench tables name rows so: one
/// kernel on four filesystems, not four kernels). `None` for anything else.
pub fn kernel_and_filesystem(s: &str) -> Option<(&str, &str)> {
    let (kernel, fs) = s.rsplit_once('-')?;
    (FILESYSTEMS.iter().any(|f| f.eq_ignore_ascii_case(fs)) && is_kernel_name(kernel)).then_some((kernel, fs))
}

/// The kernel a poster's banner line names: `kernel 2.5.54mm1` (or
/// `Kernel …`) alone on its line, between tabs or after and before rules
/// of `-`, `=` or `*` (`----\t\t\tkernel 2.5.54mm1`, `\t\t\tkernel
/// 2.5.53-mm1` between `***` lines: Wipro's UnixBench and TIObench posts
/// of 2002-2003), without a `.` or `:` after it; also `Linux Kernel -
/// 2.4.20-pre11` (Wipro's lmbench post of 2002-10, between `===` rules
/// over each summary whose OS column lmbench cut to `Linux 2.4.20-`).
/// `None` for any other line.
pub fn banner_kernel(line: &str) -> Option<&str> {
    let t = line.trim().trim_matches(['-', '=', '*']).trim();
    let t = t.strip_prefix("Linux ").unwrap_or(t);
    let rest = t.strip_prefix("kernel ").or_else(|| t.strip_prefix("Kernel "))?.trim();
    let rest = rest.strip_prefix("- ").map_or(rest, str::trim_start);
    let ok = !rest.contains(char::is_whitespace) && is_kernel_name(rest);
    ok.then(|| rest.trim_end_matches(['.', ':']))
}

/// `2.4.19`, `2.5.8-mm1`, `linux-2.6.12-rc1-bk3`, `Linux 2.4.18`: a kernel
/// release alone; or a linux-next tree's daily tag, `next-20241105` (the
/// tree is a kernel of its own each day: [`is_next_tag`]).
pub fn is_kernel_name(s: &str) -> bool {
    let s = bare_kernel(s);
    if is_next_tag(s) {
        return true;
    }
    let (version, rest) = s.split_at(s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len()));
    // `6.9.0.gc942a0c-master`: a git-describe suffix after the dot.
    let (version, dotted) = match version.strip_suffix('.') {
        Some(v) if !rest.is_empty() => (v, true),
        _ => (version, false),
    };
    let tail_ok = rest.is_empty()
        || dotted
        || rest.starts_with(['-', '+', '_', '.', '~'])
        || ["pre", "rc", "ac", "aa", "mm"].iter().any(|t| rest.starts_with(t));
    // Two numbers or more (a dot between them), none empty; Linux's major
    // number 1 to 9 (`44.406`, a wrapped figure, `0.137` are no kernels).
    let major_ok = version.split('.').next().and_then(|m| m.parse::<u32>().ok()).is_some_and(|m| (1..=9).contains(&m));
    major_ok
        && version.contains('.')
        && version.split('.').all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        && !s.contains(char::is_whitespace)
        && tail_ok
        && rest.chars().all(|c| c.is_ascii_alphanumeric() || "-_.+~".contains(c))
}

/// linux-next's daily tag alone, `next-20241105`: `next-` and a date of
/// eight digits (year 2008 on, linux-next's first; a month and a day that
/// can be), as `git describe` and a directory name give it. A WSL
/// bonnie++ post's runs under `next-20241105:` and `next-20241112:`
/// (identity55) were labels of no kernel.
pub fn is_next_tag(s: &str) -> bool {
    let Some(date) = s.strip_prefix("next-") else { return false };
    if date.len() != 8 || !date.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let (y, m, d) = (&date[..4], &date[4..6], &date[6..]);
    let n = |x: &str| x.parse::<u32>().unwrap_or(0);
    n(y) >= 2008 && (1..=12).contains(&n(m)) && (1..=31).contains(&n(d))
}

#[cfg(test)]
mod tests {

    /// Wipro's lmbench post of 2002-10 names each summary's kernel on a
    /// `Linux Kernel - 2.4.20-pre11` line between `===` rules (wildcls62).
    /// Must NOT take a sentence or a name with words after it.
    #[test]
    fn a_linux_kernel_dash_banner_names_its_kernel() {
        assert_eq!(banner_kernel("Linux Kernel - 2.4.20-pre11"), Some("2.4.20-pre11"));
        assert_eq!(banner_kernel("Linux Kernel - 2.5.43"), Some("2.5.43"));
        assert_eq!(banner_kernel("\t\t\tkernel 2.5.53-mm1"), Some("2.5.53-mm1"));
        assert_eq!(banner_kernel("Linux kernel 2.5.43 seems like taking more time"), None);
        assert_eq!(banner_kernel("Linux Kernel - 2.4.20 and 2.5.43"), None);
    }

    /// review61 parse #3: four copies of one hackbench run under four
    /// texts, the third and fourth each under a line of its own and a line
    /// they share nearest them: the warning named the shared line for the
    /// third and, that text named, left the fourth's own unsaid. Each is
    /// named by its own line.
    #[test]
    fn a_third_and_fourth_copy_are_named_by_their_own_lines() {
        let run = |t: &str| {
            format!(
                "Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                 Each sender will pass 100 messages of 100 bytes\nTime: {t}\n"
            )
        };
        let text = format!(
            "Kernel with the patch applied and THP enabled in madvise mode\n\n{}\n\
             Kernel without the patch and THP enabled in madvise mode\n\n{}\n\
             Kernel with the patch applied and THP disabled for this round\nSame box, checked twice\n\n{}\n\
             Kernel without the patch, the machine under a parallel build\nSame box, checked twice\n\n{}",
            run("0.300"),
            run("0.412"),
            run("0.305"),
            run("0.418")
        );
        let input = super::Input::from_text(&text);
        let mut p = crate::parse::by_id("hackbench").expect("hackbench").parse(&input).expect("parsed");
        super::apply(&input, &mut p);
        let note = p.notes.iter().find(|(_, m)| m.contains("different text above them")).expect("warned");
        assert!(note.1.contains("`Kernel with the patch applied and THP disabled for this round`"), "{}", note.1);
        assert!(note.1.contains("`Kernel without the patch, the machine under a parallel build`"), "{}", note.1);
        assert!(!note.1.contains("Same box"), "{}", note.1);
    }

    /// newcomer48 N2: fio JSON's own options stay the file's set-up under
    /// a shown command line, after what the line runs fio under. Must NOT
    /// lose: a wrapper (`taskset -c 0`), nor the command line where the
    /// output gives no options of its own.
    #[test]
    fn the_outputs_own_options_stand_beside_a_shown_command_line() {
        let own = || Some((24, "fio direct=1 rw=randread".to_string()));
        let shown = |c: &str| Some((1, c.to_string()));
        assert_eq!(with_own_setup(shown("fio --output-format=json job.fio"), own(), "fio"), own());
        assert_eq!(with_own_setup(None, own(), "fio"), own());
        assert_eq!(
            with_own_setup(shown("taskset -c 0 fio --output-format=json job.fio"), own(), "fio"),
            Some((1, "taskset -c 0 fio direct=1 rw=randread".to_string()))
        );
        assert_eq!(
            with_own_setup(shown("numactl -N 1 ./fio job.fio"), own(), "fio"),
            Some((1, "numactl -N 1 fio direct=1 rw=randread".to_string()))
        );
        assert_eq!(with_own_setup(shown("fio --direct=1 job.fio"), None, "fio"), shown("fio --direct=1 job.fio"));
    }

    /// archive47: a set-up typed as a list of names and one `key=value`
    /// (`PREEMPT_AUTO, preempt=none` over each of four stress-ng runs) is
    /// a label as written; a list of two `key=value`s, of sentences, or of
    /// figures is none.
    #[test]
    fn a_listed_key_value_line_is_a_set_up() {
        assert_eq!(
            setup_pair("PREEMPT_AUTO, preempt=none"),
            Some(("preempt".to_string(), "PREEMPT_AUTO, preempt=none".to_string()))
        );
        assert_eq!(listed_key_value("PREEMPT_DYNAMIC, preempt=voluntary").as_deref(), Some("preempt"));
        assert_eq!(listed_key_value("a=b, c=d"), None);
        assert_eq!(listed_key_value("min=5698, max=17204"), None);
        assert_eq!(listed_key_value("we ran it, then preempt=none"), None);
        assert_eq!(listed_key_value("PREEMPT_AUTO preempt=none"), None);
    }

    /// A Markdown list item's text is a person's line as the text alone is
    /// (openssl #16858's `- EVP, with AES-NI disabled …:`); an option
    /// (`-t 96`), a rule, a program's `name : value` line is not made one.
    #[test]
    fn a_list_item_is_a_persons_line_as_its_text_is() {
        let a = Asked::default();
        assert!(is_person_line("- EVP, with AES-NI disabled via ```OPENSSL_ia32cap``` env variable:", "openssl", &a));
        assert!(is_person_line("* with the patch applied", "openssl", &a));
        assert!(!is_person_line("-t 96 -s 5", "openssl", &a));
        assert!(!is_person_line("- --- ---", "openssl", &a));
        assert!(!is_person_line("* Total ticks      : 371867026", "netperf", &a));
    }

    /// A run counter's word alone (`measurement`, will-it-scale's phase
    /// line) names no set-up; a configuration's one word still does.
    #[test]
    fn a_lone_run_counter_word_is_no_one_word_label() {
        assert!(!is_one_word_label("measurement"));
        assert!(!is_one_word_label("warmup"));
        assert!(!is_one_word_label("Run"));
        assert!(is_one_word_label("baseline"));
        assert!(is_one_word_label("mq-deadline"));
        assert!(is_one_word_label("measurements"));
    }

    use super::*;

    /// drops54: `perf stat -r N` before the command runs it N times, each
    /// run a copy under the one command line; perf stat's own options only.
    #[test]
    fn perf_stat_repeat_counts() {
        let w = |s: &'static str| s.words().collect::<Vec<&str>>();
        assert_eq!(perf_stat_repeats(&w("taskset 4 perf stat --null --repeat 5 perf bench sched pipe")), Some(5));
        assert_eq!(perf_stat_repeats(&w("perf stat -a -C 2 -e instructions -r 10 perf bench sched pipe")), Some(10));
        assert_eq!(perf_stat_repeats(&w("/usr/bin/perf stat --repeat=3 ./run.sh")), Some(3));
        assert_eq!(perf_stat_repeats(&w("perf stat -r5 hackbench -g 4")), Some(5));
        for none in
            ["perf stat perf bench sched pipe -r 5", "perf bench sched pipe", "perf stat -r 1 ls", "perf stat -r x ls"]
        {
            assert_eq!(perf_stat_repeats(&w(none)), None, "{none}");
        }
    }

    /// attack41 F6 (its q05): `pgbench -c4 -R1000 -T60` and `pgbench -c 4
    /// --rate=1000 -T 60` are one set-up spelt two ways.
    #[test]
    fn pgbench_options_glued_or_long_are_spelt_one_way() {
        let a = one_spelling("pgbench", &["pgbench", "-c4", "-R1000", "-T60", "bench"]);
        let b = one_spelling("pgbench", &["pgbench", "-c", "4", "--rate=1000", "-T", "60", "bench"]);
        assert_eq!(a, b);
        assert_eq!(a, ["pgbench", "-R", "1000", "-T", "60", "-c", "4", "bench"]);
        // Must not split: flags (`-C`, `-S`, `-n`) and unknown long options.
        let c = one_spelling("pgbench", &["pgbench", "-C", "-S", "-n", "--no-vacuum", "bench"]);
        let mut c = c[1..].to_vec();
        c.sort_unstable();
        assert_eq!(c, ["--no-vacuum", "-C", "-S", "-n", "bench"]);
    }
    use crate::model::{Better, Metric};

    fn throughput(line: usize, v: f64) -> Sample {
        Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), v, line).with_param("procs", 16)
    }

    /// linux-mm 2019-05 (Alexander Duyck's aeration page_fault1 runs, the
    /// fixture will-it-scale/lkml-2019-page-fault1-clean-vs-aerate-…):
    /// `5.2.0-rc2-next-20190529-clean #53` over one kernel's runs and
    /// `…-aerate+ #55` over the other's labelled them `#53` / `#55`, and
    /// the two kernels were never compared. A build number that is all
    /// each kernel's runs carry goes; two builds of one kernel keep theirs.
    #[test]
    fn a_kernels_lone_build_number_is_no_label() {
        let run = |line: usize, kernel: &str, label: &str| {
            let mut s = throughput(line, 1.0).with_param("label", label);
            s.kernel = Some(CompactString::from(kernel));
            s
        };
        let samples = vec![run(2, "5.2.0-clean", "#53"), run(3, "5.2.0-clean", "#53"), run(6, "5.2.0-aerate+", "#55")];
        let mut p = ParsedFile { benchmark: "will-it-scale".into(), samples, ..ParsedFile::default() };
        drop_build_number_labels(&mut p);
        assert!(p.samples.iter().all(|s| s.params.iter().all(|q| q.name != "label")));
        let samples = vec![run(2, "6.1.0", "#55"), run(6, "6.1.0", "#56")];
        let mut p = ParsedFile { benchmark: "will-it-scale".into(), samples, ..ParsedFile::default() };
        drop_build_number_labels(&mut p);
        assert_eq!(last_params(&p), ["#55", "#56"]);
    }

    /// Each sample's last parameter's value (its label, when it has one).
    fn last_params(p: &ParsedFile) -> Vec<&str> {
        p.samples.iter().map(|s| s.params.last().map_or("", |p| p.value.as_str())).collect()
    }

    /// Each sample's kernel and its last parameter's value (its label).
    fn kernels_and_last_params(p: &ParsedFile) -> Vec<(Option<&str>, &str)> {
        p.samples.iter().map(|s| s.kernel.as_deref()).zip(last_params(p)).collect()
    }

    /// From an attacker's trial (session 23): what a harness prints above
    /// each run (a counter, a date, a load average) marks runs; a counter
    /// with more words, a set-up, a kernel or a ratio is no run marker.
    /// A count of runs after a label is dropped (LKML 2006: `Without
    /// atomic counters (per-cpu counters), 32 clients, 3 runs` was too long
    /// to be a label, and two set-ups were averaged).
    #[test]
    fn an_aside_carried_on_from_the_prose_above() {
        let prev = "Then I decided to apply my patch, which removes page aging etc...";
        assert_eq!(
            aside_after_prose(prev, "(already sent to this list):").as_deref(),
            Some("Then I decided to apply my patch, which removes page aging etc... (already sent to this list)")
        );
        assert_eq!(aside_after_prose("", "(patched):"), None);
        assert_eq!(aside_after_prose(prev, "(already sent to this list)"), None);
        assert_eq!(aside_after_prose("Before:", "(patched):"), None);
    }

    /// wild31 file 07 (linux-xfs 2025-05): a distribution's release with
    /// `uname -r` in parentheses names the kernel of the runs below it.
    #[test]
    fn a_distro_release_with_its_uname_r() {
        assert_eq!(
            distro_kernel("Rocky 9.5 (5.14.0-503.40.1.el9_5.x86_64)").as_deref(),
            Some("5.14.0-503.40.1.el9_5.x86_64")
        );
        assert_eq!(distro_kernel("Fedora 42 (6.14.5-300.fc42.x86_64):").as_deref(), Some("6.14.5-300.fc42.x86_64"));
        assert_eq!(distro_kernel("Debian (6.1.0)").as_deref(), Some("6.1.0"));
        assert_eq!(distro_kernel("Rocky 9.5 (6.1)"), None);
        assert_eq!(distro_kernel("it was much faster on (6.1.0-13)"), None);
        assert_eq!(distro_kernel("Fedora 42 (fast)"), None);
        // reader34 F20: a program's version with its package's release.
        assert_eq!(distro_kernel("Rust 1.75 (1.75.0-1)"), None);
        assert_eq!(distro_kernel("PostgreSQL 9.6 (9.6.24-1.pgdg120+1)"), None);
        assert_eq!(distro_kernel("Custom build (6.8.0-45-generic)").as_deref(), Some("6.8.0-45-generic"));
    }

    /// wild31 file 10 (qemu-devel 2020, virtiofs vs 9p): a set-up's name
    /// right above fio's job banner, and one a mail's reflow glued to it.
    #[test]
    fn a_label_right_above_or_glued_to_a_fio_banner() {
        let banner = "test: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T)";
        assert_eq!(fio_job_banner(banner), Some(""));
        let glued = "-oversion=9p2000.L,cache=mmap,msize=1048576 ) test: (g=0): rw=randrw,";
        assert_eq!(fio_job_banner(glued), Some("-oversion=9p2000.L,cache=mmap,msize=1048576 )"));
        assert_eq!(fio_job_banner("Run status group 0 (all jobs):"), None);
        assert_eq!(fio_job_banner("x: (g=a): rw=read"), None);
        assert_eq!(
            title_glued_to_banner("9p ( mount -t 9p -o trans=virtio kernel /mnt", Some(&glued)).as_deref(),
            Some("9p ( mount -t 9p -o trans=virtio kernel /mnt -oversion=9p2000.L,cache=mmap,msize=1048576 )")
        );
        assert_eq!(title_glued_to_banner("virtiofs cache=none", Some(&banner)), None);
        assert_eq!(title_glued_to_banner("That was all.", Some(&glued)), None);
    }

    #[test]
    fn a_wrapped_heading_over_its_underline() {
        let lines = [
            "TCP RAW throughput 100Mbit/s max MTU with 10000 non-matching rules + 1",
            "last matching rule at the end of the FORWARD chain [iptables]:",
            "----------------------------------------------------------------------",
        ];
        let read = [false; 6];
        assert_eq!(
            underlined_heading(&lines, &read, 1, 1, true).as_deref(),
            Some(
                "TCP RAW throughput 100Mbit/s max MTU with 10000 non-matching rules + 1 last matching rule at the \
                 end of the FORWARD chain [iptables]"
            )
        );
        // A table's header over its rule is none.
        let table = ["Performance on SMP NFS client:", "File   Block  Num", "Dir    Size   Size", "------- ------ ---"];
        assert_eq!(underlined_heading(&table, &read, 1, 2, true), None);
        let sentence = ["This system uses 8 bytes per array element.", "-------------"];
        assert_eq!(underlined_heading(&sentence, &read, 1, 0, true), None);
    }

    #[test]
    fn run_count_after_a_label_is_dropped() {
        let w = |t: &str| without_run_count(t);
        assert_eq!(w("With atomic counters, 32 clients, 3 runs").as_deref(), Some("With atomic counters, 32 clients"));
        assert_eq!(w("before (5 runs):").as_deref(), Some("before:"));
        assert_eq!(w("ext3 - 3 runs each:").as_deref(), Some("ext3:"));
        assert_eq!(w("3 runs"), None);
        assert_eq!(w("I did 3 runs"), None);
        assert_eq!(w("ext3: run 1"), None);
        assert_eq!(label_line("after, 3 runs:", false).as_deref(), Some("after"));
    }

    /// The lan743x patch (netdev 2023-11, the fixture
    /// `iperf3/lkml-2023-11-lan743x-…`): `Test setup 1: x64 PC with
    /// LAN7430 ---> x64 PC` alone heads its board's runs; a test's or a
    /// run's number with nothing after it is no set-up.
    #[test]
    fn a_numbered_setup_with_its_words_is_a_heading() {
        let h = numbered_setup_heading;
        assert_eq!(
            h("Test setup 1: x64 PC with LAN7430 ---> x64 PC").as_deref(),
            Some("Test setup 1: x64 PC with LAN7430 ---> x64 PC")
        );
        assert_eq!(
            h("Test setup 2 : RK3399 with LAN7430 ---> x64 PC").as_deref(),
            Some("Test setup 2 : RK3399 with LAN7430 ---> x64 PC")
        );
        assert_eq!(h("Configuration 3: 4 NUMA nodes").as_deref(), Some("Configuration 3: 4 NUMA nodes"));
        assert_eq!(h("Test 1: x64 PC"), None);
        assert_eq!(h("Setup 1:"), None);
        assert_eq!(h("Setup 1: we used the default settings."), None);
    }

    /// A kernel's name, a colon and an aside about its machine (LKML 2005:
    /// `2.4.25:  (dual athlon MP 1.4GHz, 1G RAM, Intel e1000)`) names the
    /// kernel of the runs below; the whole line was a label, the kernel `-`.
    #[test]
    fn kernel_heading_with_an_aside_is_the_kernel() {
        assert_eq!(
            label_line("2.4.25:  (dual athlon MP 1.4GHz, 1G RAM, Intel e1000)", false).as_deref(),
            Some("2.4.25")
        );
        assert_eq!(kernel_with_aside("linux-2.6.11.6: (dual PIII)"), Some("2.6.11.6"));
        assert_eq!(kernel_with_aside("ext3: (data=ordered)"), None);
        assert_eq!(kernel_with_aside("2.4.25: (a) and (b"), None);
        // The poster's average after the colon (LKML 2001, dbench 48).
        assert_eq!(kernel_with_aside("2.4.0-prerelease:     average 10.9536 MB/sec"), Some("2.4.0-prerelease"));
        assert_eq!(kernel_with_aside("2.4.0-prerelease-ac5: average  9.2181 MB/sec"), Some("2.4.0-prerelease-ac5"));
        // Not: no kernel before the colon, no figure, a sentence after it.
        assert_eq!(kernel_with_aside("ext3: average 10.9 MB/sec"), None);
        assert_eq!(kernel_with_aside("2.6.8: average of 3 runs"), None);
        assert_eq!(kernel_with_aside("2.6.8: average 9.2 MB/sec, 5% worse than 2.6.7"), None);
    }

    /// attack45 F13 (wc/c08): a set-up's name with the poster's average
    /// after its colon heads the runs below; a summary word or a sentence
    /// after the colon does not.
    #[test]
    fn label_heading_with_a_typed_average_is_the_label() {
        assert_eq!(label_with_aside("ext2: average  9.2181 MB/sec"), Some("ext2"));
        assert_eq!(label_with_aside("xfs:     average 10.9536 MB/sec"), Some("xfs"));
        assert_eq!(label_line("ext3: average 11.4729 MB/sec", false).as_deref(), Some("ext3"));
        // Not: a summary of the runs above, no figure, a sentence.
        assert_eq!(label_with_aside("Overall: average 10.9 MB/sec"), None);
        assert_eq!(label_with_aside("Average: mean 10.9 MB/sec"), None);
        assert_eq!(label_with_aside("ext3: average of 3 runs"), None);
        assert_eq!(label_with_aside("ext3: average 9.2 MB/sec, 5% worse than ext2"), None);
        assert_eq!(label_with_aside("I ran it on the box today: average 9.2 MB/sec"), None);
    }

    #[test]
    fn run_markers() {
        for m in [
            "Tue Jan 16 10:00:00 UTC 2024",
            "run 1",
            "Run #1",
            "Run 2:",
            "iteration 1",
            "Pass 1",
            "[1/3]",
            "loop 1/3",
            "=== iteration 1 of 3 ===",
            "2024-01-16T10:00:00Z",
            "[2024-01-16 10:00:00]",
            "Starting at 10:00:01",
            "0.52 0.58 0.59 1/234 5678",
            " 10:00:01 up 3 days,  2:03,  1 user,  load average: 0.52, 0.58, 0.59",
            "2nd run",
            "=== harness run 2 ===",
            "=== 1 ===",
            "Sample 1",
            "Measurement 1",
            "(1)",
            "i=1",
            "+ for i in 1",
            "2024/01/16 10:00:01",
            "pid 4711",
            "PID: 4711",
            "[pid=4711]",
            "took 45 s",
            "Took 45s",
            "took 1m20s",
            "took 1 m 20 s",
            "elapsed 12.3 sec",
            "done in 0:45",
            "Again:",
            "Once more:",
            "Rerun",
            "First run:",
            "Second run:",
            "Trial 1:",
            "Attempt 1:",
            "Iteration 1:",
            // attack28 p21: each was a set-up of its own, nothing tested.
            "Result 1:",
            "Repeat 2",
            "Output 1:",
            "Take 3",
            "Benchmark 1:",
            "Execution 2",
            "Run one:",
            "Run three",
            "Run 1 at 10:00:01",
            "Run 2 - Mon Jan 15 10:05:01 UTC 2024",
            "run 3 started 2024-01-15 10:10:01",
        ] {
            assert!(is_run_marker(m), "{m:?}");
        }
        for m in [
            "=== 16 clients ===",
            "ext3",
            "ext4:",
            "bs=4k",
            "before:",
            "NO_DELAY_DEQUEUE",
            "Run 1 (cold cache):",
            "run 2 on xfs",
            "2.6.8-rc1",
            "70:30",
            "8/4",
            "Kernel 6.1 at 10:00:00",
            "Test 2",
            "cold run 1",
            "1:",
            "1",
            "x=1",
            "+ for f in a",
            "runtime 60 s",
            "60 s",
            "took 45",
            "took 45 s on xfs",
            "pid namespace",
            "pid 4711 on ext4",
            "Again, with the patch:",
            "again on xfs",
            // A letter names a variant of an A/B test as often as a run.
            "Run A",
            "Run B:",
            "Benchmark",
            "Benchmark 1: dbench",
            "Run one (cold cache):",
            "run three times",
            "Output 1 of fio",
            "Kernel 6.1 at 10:00:01",
        ] {
            assert!(!is_run_marker(m), "{m:?}");
        }
    }

    /// From an attacker's trial (session 23, findings 3 and 4): a set-up
    /// and a run's counter (or date) on one line. The counter is taken off,
    /// the rest is the set-up: runs of one set-up are averaged, set-ups kept
    /// apart (they were merged, or every run a set-up of its own).
    /// A file's answers asked once ([`Asked`]) are the functions' own, the
    /// second time as the first, for programs of either kind.
    #[test]
    fn answers_asked_once_are_the_functions_own() {
        let lines = [
            "run 1 of 2 on ext3",
            "# ext3 (1/2)",
            "dbench run 1",
            "Start Benchmark Run: Tue Dec 10 13:23:54 IST 2002",
            "Jan 16 10:00:01 box bench[4242]: ext4",
            "5.2.0-rc2-aerate+ #55",
            "Throughput 41.3 MB/sec  16 procs",
            "=== 2 ===",
            "xfs (pid 4402)",
            "",
        ];
        let asked = Asked::default();
        for _ in 0..2 {
            for line in lines {
                for programs in [&[][..], &["dbench"][..]] {
                    assert_eq!(asked.run_marker(line), is_run_marker(line), "{line:?}");
                    assert_eq!(
                        asked.setup_beside_counter(line, programs),
                        setup_beside_counter(line, programs),
                        "{line:?}"
                    );
                    assert_eq!(
                        asked.is_counter_beside_program(line, programs),
                        is_counter_beside_program(line, programs),
                        "{line:?}"
                    );
                }
                assert_eq!(setup_pair_asked(line, &asked), setup_pair(line), "{line:?}");
            }
        }
    }

    #[test]
    fn a_set_up_beside_a_run_counter_is_the_label() {
        for (line, want) in [
            ("# ext3 (1/2)", "ext3"),
            ("ext3: run 1", "ext3"),
            ("ext3: 1/2", "ext3"),
            ("ext3: iteration 1", "ext3"),
            ("ext3: Tue Jan 16 10:01:00 UTC 2024", "ext3"),
            ("# ext3 #1", "ext3"),
            ("# ext3 - 1/2", "ext3"),
            ("mitigations=off: run 1", "mitigations=off"),
            ("run 1 of 2 on ext3", "ext3"),
            ("[1/4] ext3", "ext3"),
            ("run 1 (noop)", "noop"),
            ("ext3 run 1", "ext3"),
            ("ext3, iteration 1", "ext3"),
            ("ext3 (run 1)", "ext3"),
            ("ext3 [1/2]", "ext3"),
            ("2024-01-16 10:00 ext3", "ext3"),
            ("before (run 1):", "before"),
            ("Before #1", "Before"),
            ("[base] run 1", "base"),
            ("vanilla 1/2:", "vanilla"),
            ("without patch, 1st run:", "without patch"),
            ("pass 1: ext3", "ext3"),
            ("run 1: nobarrier", "nobarrier"),
            ("Round 1 (cold cache)", "cold cache"),
            ("test 1: baseline", "baseline"),
        ] {
            assert_eq!(setup_beside_counter(line, &["dbench"]).as_deref(), Some(want), "{line:?}");
        }
        for line in [
            "dbench run 1",
            "=== 16 clients, O_SYNC ===",
            "16 clients",
            "NO_DELAY_DEQUEUE",
            "before:",
            "run 2, CSV only:",
            "2 of 4 processes prepared for launch   0 sec",
            "mix 30/70",
            "5.2.0-rc2-aerate+ #55",
            "Start Benchmark Run: Tue Dec 10 13:23:54 IST 2002",
            "Projected Completion time:  Mon Jul 19 17:48:00 2021",
            "rawstor: (groupid=0, jobs=1): err= 0: pid=11375: Mon Sep 22 11:50:58 2025",
            "2.6.0-test9",
        ] {
            assert_eq!(setup_beside_counter(line, &["dbench"]), None, "{line:?}");
        }
        assert!(is_counter_beside_program("dbench run 1", &["dbench"]));
        assert!(is_counter_beside_program("Start Benchmark Run: Tue Dec 10 13:23:54 IST 2002", &[]));
        // Through the labeller of every benchmark but dbench's own.
        for lines in [
            ["ext3: run 1", "ext3: run 2", "ext4: run 1", "ext4: run 2"],
            ["# ext3 (1/2)", "# ext3 (2/2)", "# ext4 (1/2)", "# ext4 (2/2)"],
            ["run 1 of 2 on ext3", "run 2 of 2 on ext3", "run 1 of 2 on ext4", "run 2 of 2 on ext4"],
            ["[1/4] ext3", "[2/4] ext3", "[3/4] ext4", "[4/4] ext4"],
        ] {
            let text: String = lines.iter().map(|l| format!("{l}\nThroughput 1\n")).collect();
            let p = labelled(&text, &[2, 4, 6, 8]);
            assert_eq!(last_params(&p), vec!["ext3", "ext3", "ext4", "ext4"], "{lines:?}");
            assert!(p.notes.is_empty(), "{lines:?}: {:?}", p.notes);
        }
        let p = labelled("test 1: baseline\nThroughput 1\ntest 2: patched\nThroughput 2\n", &[2, 4]);
        assert_eq!(last_params(&p), vec!["baseline", "patched"]);
        // A kernel beside the counter is the run's kernel.
        let p = labelled("Kernel 6.1 (1/2)\nThroughput 1\nKernel 6.2 (1/2)\nThroughput 2\n", &[2, 4]);
        assert_eq!(p.samples.iter().map(|s| s.kernel.as_deref()).collect::<Vec<_>>(), vec![Some("6.1"), Some("6.2")]);
    }

    /// Set-ups that a run's counter or a number sits beside, or that are
    /// no counter at all, stay apart (an attacker's trial of session 23:
    /// must not be merged by the rule above).
    #[test]
    fn set_ups_beside_numbers_stay_apart() {
        for (a, b, want) in [
            ("pass 1: ext3", "pass 2: ext4", ["ext3", "ext4"]),
            ("run 1: nobarrier", "run 2: barrier", ["nobarrier", "barrier"]),
            ("Round 1 (cold cache)", "Round 2 (warm cache)", ["cold cache", "warm cache"]),
            ("=== 16 clients, O_SYNC ===", "=== 32 clients, O_SYNC ===", ["16 clients, O_SYNC", "32 clients, O_SYNC"]),
            ("NO_DELAY_DEQUEUE", "DELAY_DEQUEUE", ["NO_DELAY_DEQUEUE", "DELAY_DEQUEUE"]),
            ("before:", "after:", ["before", "after"]),
            ("16 clients:", "32 clients:", ["16 clients", "32 clients"]),
            ("mix 30/70:", "mix 50/50:", ["mix 30/70", "mix 50/50"]),
        ] {
            let p = labelled(&format!("{a}\nThroughput 1\n\n{b}\nThroughput 2\n"), &[2, 5]);
            assert_eq!(last_params(&p), want, "{a} / {b}");
        }
    }

    fn labelled(text: &str, lines: &[usize]) -> ParsedFile {
        labelled_as("netperf", text, lines)
    }

    /// clsfix35, LKML 2005-09 (bash `time` of `find` and of `make bzImage`,
    /// then the same under `Results with a patched kernel`): a plain-text
    /// section's title heads the label lines below it, and a bare `mount -o
    /// remount` (emptying caches) is no set-up. Its label had taken the
    /// patched kernel's runs, and a 12-minute build was averaged with
    /// 3-second `find`s.
    #[test]
    fn a_results_title_heads_the_labels_below_it() {
        assert_eq!(filesystem_command("mount -o remount /dev/hda2 /"), None);
        assert_eq!(
            filesystem_command("mount -o remount,barrier=0 /mnt").as_deref(),
            Some("mount -o remount,barrier=0")
        );
        assert_eq!(results_heading("Results with a patched kernel").as_deref(), Some("with a patched kernel"));
        assert_eq!(results_heading("Results with 6.1"), None);
        assert_eq!(results_heading("Results were mixed, with a patched kernel"), None);
        let build = "kernel build time\n-----------------\nmount -o remount /dev/hda2 /\ntime make bzImage\n";
        let text = format!(
            "# time find / -name foofoo\nThroughput 1\n\n{build}Throughput 2\n\nResults with a patched kernel\n\n\
             # time find / -name foofoo\nThroughput 3\n\n{build}Throughput 4\n"
        );
        let p = labelled(&text, &[2, 8, 13, 19]);
        assert_eq!(
            last_params(&p),
            ["16", "kernel build time", "with a patched kernel", "with a patched kernel / kernel build time"]
        );
    }

    /// clsfix35, LKML 2005-09: `time make bzImage` without a prompt is the
    /// command the `time` output below it timed, as `# time find …` is: the
    /// two commands' runs are two set-ups.
    #[test]
    fn the_command_time_timed_parts_its_runs() {
        assert_eq!(command_words("time make bzImage", "time"), Some(vec!["time", "make", "bzImage"]));
        // A `cat` of a log named after the program runs nothing, for every caller.
        for shown in ["$ cat hackbench.log", "pi@rpi5:~ $ cat results/hackbench-1.txt", "# cat hackbench.out"] {
            assert_eq!(command_words(shown, "hackbench"), None, "{shown}");
        }
        assert!(command_words("$ cat x | hackbench -g 4", "hackbench").is_some());
        assert_eq!(command_words("time is short", "time"), None);
        // Session 36: English after `time` is no command; a path, a known
        // program or a name with an option, a path or a figure is.
        assert_eq!(command_words("time results were taken three times", "time"), None);
        assert_eq!(command_words("time new searches using data in cache", "time"), None);
        assert!(command_words("time xfs_repair /dev/vdc", "time").is_some());
        assert!(command_words("time ./run-bench", "time").is_some());
        assert!(command_words("time foo -j4", "time").is_some());
        assert!(command_words("time find / -name foofoo", "time").is_some());
        let text = "# time find / -name foofoo\nThroughput 1\n\ntime make bzImage\nThroughput 2\n\n\
                    # time find / -name foofoo\nThroughput 3\n\ntime make bzImage\nThroughput 4\n";
        let p = labelled_as("bash-time", text, &[2, 5, 8, 11]);
        let labels = last_params(&p);
        assert_eq!(labels[0], labels[2], "{labels:?}");
        assert_eq!(labels[1], labels[3], "{labels:?}");
        assert_ne!(labels[0], labels[1], "{labels:?}");
    }

    /// clsfix35, linux-mm 2007-08: AIM9's `Projected finish:` line and its
    /// date, under each run's underlined set-up, is the program's: as a
    /// label it named all three runs alike, and they were averaged.
    #[test]
    fn aim9s_projected_finish_is_no_label() {
        assert_eq!(setup_beside_counter("Projected finish:   Sat Aug 18 14:14:53 2007", &["aim9"]), None);
        let text = "disabled\n--------\n\nProjected finish:   Sat Aug 18 14:14:53 2007\nThroughput 1\n\n\
                    limit400\n--------\n\nProjected finish:   Sat Aug 18 09:46:02 2007\nThroughput 2\n";
        assert_eq!(last_params(&labelled(text, &[5, 11])), ["disabled", "limit400"]);
    }

    /// clsfix35, linux-mm 2025 (zblock): `2a.` and `2b.` number set-ups as
    /// `1.` does; LKML 2024-03: a kernel and its additions too long for a
    /// label line, ending in a colon, still labels its output.
    #[test]
    fn sub_items_and_long_kernel_lines_label_their_runs() {
        assert_eq!(
            numbered_item("2a. zsmalloc/zstd/16 cores/make -j16 modules"),
            Some("zsmalloc/zstd/16 cores/make -j16 modules")
        );
        assert_eq!(numbered_item("2ab. nothing"), None);
        let text = "1. zblock/8 cores/make -j32 bzImage\nThroughput 1\n\n2a. zblock/16 cores/make -j16 modules\n\
                    Throughput 2\n\n2b. zsmalloc/16 cores/make -j16 modules\nThroughput 3\n";
        assert_eq!(
            last_params(&labelled(text, &[2, 5, 8])),
            [
                "zblock/8 cores/make -j32 bzImage",
                "zblock/16 cores/make -j16 modules",
                "zsmalloc/16 cores/make -j16 modules"
            ]
        );
        assert_eq!(
            kernel_led_title("v6.8-rc6 + riscv/fixes + riscv/for-next + this patch series:").as_deref(),
            Some("v6.8-rc6 + riscv/fixes + riscv/for-next + this patch series")
        );
        assert_eq!(kernel_led_title("Here are some numbers from D1:"), None);
        let text = "v6.8-rc6 + riscv/fixes:\nThroughput 1\n\nv6.8-rc6 + riscv/fixes + riscv/for-next + this patch series:\nThroughput 2\n";
        assert_eq!(
            last_params(&labelled(text, &[2, 5])),
            ["v6.8-rc6 + riscv/fixes", "v6.8-rc6 + riscv/fixes + riscv/for-next + this patch series"]
        );
    }

    /// clsfix35, LKML 2002-01: a kernel's name alone over a file's one run
    /// is its kernel; two such names, or runs, are the labels' to part.
    #[test]
    fn a_kernel_alone_above_one_run_is_its_kernel() {
        let one = labelled("2.4.18-pre4-J0-VM-22-preempt-lock\n\n32 clients started\nThroughput 1\n", &[4]);
        assert_eq!(one.samples[0].kernel.as_deref(), Some("2.4.18-pre4-J0-VM-22-preempt-lock"));
        let two = labelled("2.4.18:\n\nThroughput 1\n\n2.4.19:\n", &[3]);
        assert_eq!(two.samples[0].kernel, None);
        // Over a prompt, and under a lead-in: still the output's heading.
        let prompt = labelled("Results:\n2.6.18\n\n$ dbench 4\nThroughput 1\n", &[5]);
        assert_eq!(prompt.samples[0].kernel.as_deref(), Some("2.6.18"));
    }

    /// Session 36: a kernel's name alone on a line names the run only as
    /// the output's heading, not inside prose or over prose that says
    /// otherwise; such a line is warned of.
    #[test]
    fn a_kernel_alone_in_prose_is_no_heading_of_the_run() {
        for (text, at) in [
            ("I first tried\n2.6.18\nbut it crashed.\n\nThroughput 1\n", 5),
            ("2.6.18\n\nIt crashed at boot, so these are the old kernel's:\n\nThroughput 1\n", 5),
        ] {
            let p = labelled(text, &[at]);
            assert_eq!(p.samples[0].kernel, None, "{text}");
            assert!(p.notes.iter().any(|(_, n)| n.contains("not taken as the run's kernel")), "{:?}", p.notes);
        }
        assert!(is_prompt_line("root@box:~# dbench 4"));
        assert!(is_prompt_line("[root@five ~]# dbench 4"));
        assert!(is_prompt_line("$ dbench 4"));
        assert!(!is_prompt_line("I paid $5 # for it"));
    }

    /// clsfix35, LKML 2004-02 (bonnie++): `--- reiserfs` right under a
    /// line of prose names the runs below it, as `--- ext3` between blank
    /// lines does; a diff's `--- a/fs/inode.c` names none.
    #[test]
    fn a_dashed_name_is_a_label_wherever_it_stands() {
        assert_eq!(dashed_label("--- reiserfs").as_deref(), Some("reiserfs"));
        assert_eq!(dashed_label("== ext3 ==").as_deref(), Some("ext3"));
        assert_eq!(dashed_label("--- a/fs/inode.c"), None);
        assert_eq!(dashed_label("---"), None);
        assert_eq!(dashed_label("-Per Chr- --Block--"), None);
        let text = "Results (both of them for each run):\n--- reiserfs\n\nThroughput 1\n\n--- ext3\n\nThroughput 2\n";
        // The heading over both may qualify them (`Results (both of them
        // for each run) / reiserfs`): the names are what tell them apart.
        let p = labelled(text, &[4, 8]);
        let labels = last_params(&p);
        assert!(labels[0].ends_with("reiserfs") && labels[1].ends_with("ext3"), "{labels:?}");
        assert!(labels.iter().all(|l| !l.contains("---")), "{labels:?}");
    }

    /// afix53's open finding: the HDRFS README's PostMark `Data:` rows
    /// (`1.36 megabytes read (99.80 kilobytes per second)`, fixture lines
    /// 22-23) were given kernels `1.36` and `4.45` by the labeller (a
    /// kernel's name at a read line's start), hidden only by postmark's
    /// one identity per report. perf stat's `6.14 msec task-clock` under
    /// `before:` met the same rule: kernels 6.14 and 5.98, the labels lost.
    /// A bare figure of two numbers starts no kernel's row; `6.9:`,
    /// `2.6.22` and `2.4.18pre3ll` still do.
    #[test]
    fn a_figure_at_a_read_lines_start_is_no_kernel() {
        assert_eq!(leading_label("1.36 megabytes read (99.80 kilobytes per second)"), None);
        assert_eq!(leading_label("6.14 msec task-clock   #    0.494 CPUs utilized   ( +-  0.59% )"), None);
        assert_eq!(leading_label("1.23 real         0.45 user         0.12 sys"), None);
        assert_eq!(leading_label("6.9: average rps: 2117400.22").as_deref(), Some("6.9"));
        assert_eq!(leading_label("2.4.18pre3ll  Throughput 12.563 MB/sec 64 procs").as_deref(), Some("2.4.18pre3ll"));
        assert_eq!(leading_label("2.6.22 Throughput 12.563 MB/sec 64 procs").as_deref(), Some("2.6.22"));
        // attack56 F3: two-number kernels before a result's name.
        assert_eq!(leading_label("5.4    Throughput 320.2 MB/sec 4 procs").as_deref(), Some("5.4"));
        assert_eq!(leading_label("4.19 Time: 12.345").as_deref(), Some("4.19"));
        assert_eq!(leading_label("6.14 Seconds elapsed 12.1"), None);
        assert_eq!(leading_label("2.50 MB/sec for 4 procs"), None);
        assert_eq!(leading_label("8.51 Joules power/energy-pkg/"), None);
        assert_eq!(paragraph_head("1.36 megabytes read (1.36 megabytes per second)"), None);
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/wild/postmark/readme-hdrfs-fuse-vs-ext4-default-then-1m-10m-files-indented-prose-between-ext4-one-second.txt"
        );
        let input = Input::from_text(&std::fs::read_to_string(path).expect("fixture"));
        let mut p = crate::parse::by_id("postmark").expect("postmark").parse(&input).expect("parsed");
        super::apply(&input, &mut p);
        let kernels: Vec<(usize, String)> =
            p.samples.iter().filter_map(|s| s.kernel.as_ref().map(|k| (s.line, k.to_string()))).collect();
        assert_eq!(kernels, vec![], "the labeller alone, before postmark's after_labels");
    }

    /// wild258 (sysbench GitHub issue #231, a VM's and a machine's 0.4
    /// cpu runs pasted from a web table): the VM's `General statistics:`
    /// split to `General` / ` statistics:` and 0.5's `response time:` over
    /// `min:` are sysbench's headings, no labels. The VM's total time was
    /// labelled `statistics` and its latencies `response time`: one run
    /// shown as two set-ups, never as `VM`.
    #[test]
    fn sysbench_headings_known_by_their_neighbours_label_nothing() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/wild/sysbench/gh-issue-231-sysbench-0.4-cpu-12-threads-vm-vs-hardware-bold-labels-web-table-paste-dash-lines-general-statistics-split.txt"
        );
        let input = Input::from_text(&std::fs::read_to_string(path).expect("fixture"));
        let mut p = crate::parse::by_id("sysbench").expect("sysbench").parse(&input).expect("parsed");
        super::apply(&input, &mut p);
        assert_eq!(last_params(&p), ["VM", "VM", "VM", "Hardware", "Hardware", "Hardware"]);
        let t = ["General", "", "statistics:", "response time:", "min: 1ms", "response time:", "Hello"];
        assert!(is_tool_heading_in_place(&t, 0) && is_tool_heading_in_place(&t, 2));
        assert!(is_tool_heading_in_place(&t, 3) && !is_tool_heading_in_place(&t, 5));
    }

    /// rewrap58 (silent59): a piece of bonnie++'s dashed titles is no label;
    /// a person's dashed label is one.
    #[test]
    fn a_bonnie_title_piece_is_no_label() {
        assert!(is_bonnie_title_piece("--------RandomCreate--------"));
        assert!(is_bonnie_title_piece("--Block----Seeks--"));
        assert!(!is_bonnie_title_piece("--- ext3 ---"));
        assert!(!is_bonnie_title_piece("--------"));
    }

    /// reader34 F9: a figure and its unit (`3.0 GHz:`) is a clock speed,
    /// no kernel, as a label line and as a paragraph's heading.
    #[test]
    fn a_figure_and_its_unit_is_no_kernel() {
        assert_eq!(label_line("3.0 GHz:", false).as_deref(), Some("3.0 GHz"));
        assert_eq!(label_line("At 1.2 GHz:", false).as_deref(), Some("At 1.2 GHz"));
        assert_eq!(paragraph_head("3.0 GHz:"), None);
        // attack55 F1: a mean and its deviation is no kernel's paragraph.
        assert_eq!(paragraph_head("7.0093 +- 0.0463 seconds time elapsed  ( +-  0.66% )"), None);
        assert_eq!(paragraph_head("2.45 ± 0.02"), None);
        assert_eq!(label_line("6.1:", false).as_deref(), Some("6.1"));
        assert_eq!(label_line("Linux 2.6.8:", false).as_deref(), Some("2.6.8"));
        let p = labelled("3.0 GHz:\nThroughput 1\n\n1.2 GHz:\nThroughput 2\n", &[2, 5]);
        assert_eq!(kernels_and_last_params(&p), [(None, "3.0 GHz"), (None, "1.2 GHz")]);
    }

    /// reader34 F13: a paragraph's heading over a label over the runs is
    /// said once in the label, not again as the group's name.
    #[test]
    fn a_heading_over_a_label_is_said_once() {
        let head = paragraph_head("6.1-rc1 +patch");
        let id = identity(head, vec!["6.1-rc1 +patch".to_string()], Some("before".to_string()));
        assert_eq!(id.kernel.as_deref(), Some("6.1-rc1"));
        assert_eq!(id.label.as_deref(), Some("+patch / before"));
    }

    /// A sentence the file holds above every run, but for its figures
    /// (STREAM's banner), is the program's: the search for a run's
    /// command line passes it; a person's sentence stops it.
    #[test]
    fn a_banner_sentence_repeated_is_no_persons_sentence() {
        let text = "$ streamA\nEach test will take 123 microseconds.\nThroughput 1\n\
                    $ streamB\nEach test will take 456 microseconds.\nThroughput 2\n";
        let input = Input::from_text(text);
        assert!(!Sentences::new(&input).is_persons("Each test will take 123 microseconds."));
        let said = "The point is that the same hardware performs at least 4 times faster on FreeBSD:";
        let one = Input::from_text(said);
        assert!(is_sentence(said) && Sentences::new(&one).is_persons(said));
        assert!(is_program("streamPPC", "stream") && !is_program("streamer", "stream"));
    }

    /// A label taken from prose around a run's command line gives way to
    /// the command, where the commands differ (wild28's qemu-ppc mail:
    /// `while on amigaone or pegasos2 the same executable finishes with:`
    /// and the end of a wrapped sentence, `point of QEMU):`, labelled runs
    /// of `$ qemu-ppc -cpu 460ex streamPPC` and `… streamPPCpowerpcO3`);
    /// a set-up's name over its command stays; a command run by its path
    /// alone at a prompt is one; STREAM's validation lines are no labels.
    #[test]
    fn a_command_line_wins_over_prose_around_it() {
        let text = "while on amigaone or pegasos2 the same executable finishes with:\n\n\
                    $ qemu-ppc -cpu 460ex streamA\n-----\nThroughput 1\n\
                    Results Validation Verbose Results:\n\n\
                    or compiled with -O3 that was said to be used for the binary it is even\n\
                    better (as long as no FPU is used, another known weak\npoint of QEMU):\n\n\
                    $ qemu-ppc -cpu 460ex streamAO3\n-----\nThroughput 2\n\
                    Results Validation Verbose Results:\n\nThe run on the board:\n$ ./streamAO3\nThroughput 3\n";
        let p = labelled_as("stream", text, &[5, 14, 19]);
        assert_eq!(
            last_params(&p),
            ["qemu-ppc -cpu 460ex streamA", "qemu-ppc -cpu 460ex streamAO3", "The run on the board"]
        );
        // A set-up's name over each command is kept.
        let named = "Without profiling:\n$ OMP_NUM_THREADS=4 ./stream\nThroughput 1\n\
                     With profiling:\n$ OMP_NUM_THREADS=4 perf-report ./stream\nThroughput 2\n";
        assert_eq!(last_params(&labelled_as("stream", named, &[3, 6])), ["Without profiling", "With profiling"]);
        assert!(is_tool_chatter("Solution Validates: avg error less than 1.000000e-13 on all three arrays"));
        assert_eq!(command_words("$ ./streamPPCpowerpcO3", "stream"), Some(vec!["streamPPCpowerpcO3"]));
        assert_eq!(command_words("# stream", "stream"), None);
        // The value of the option before the differing one is no wrapper.
        let redis = |t: &'static str| vec!["redis-benchmark", "-r", "1000000", "-t", t, "-q"];
        assert_eq!(
            differing_parts("redis-benchmark", &[redis("ping,set,get"), redis("ping,get")]),
            Some(vec![Some("-t ping,set,get".to_string()), Some("-t ping,get".to_string())])
        );
        // wild36c N2: the command `time` timed keeps its last argument
        // (lat_ctx's process count), alike in both lines or not.
        let lat_ctx = |s: &'static str| vec!["time", "../bin/alpha-linux/lat_ctx", "-s", s, "3"];
        assert_eq!(
            differing_parts("time", &[lat_ctx("0"), lat_ctx("1")]),
            Some(vec![
                Some("../bin/alpha-linux/lat_ctx -s 0 3".to_string()),
                Some("../bin/alpha-linux/lat_ctx -s 1 3".to_string())
            ])
        );
        let taskset = |c: &'static str| vec!["taskset", "-c", c, "hackbench"];
        assert_eq!(
            differing_parts("hackbench", &[taskset("0"), taskset("0-7")]),
            Some(vec![Some("taskset -c 0".to_string()), Some("taskset -c 0-7".to_string())])
        );
        // A root prompt typed without its blank: the same words as with it.
        assert_eq!(
            command_words("#taskset -c 12,13 perf bench -r 100 sched pipe", "perf"),
            command_words("# taskset -c 12,13 perf bench -r 100 sched pipe", "perf")
        );
        assert_eq!(command_words("#stream", "stream"), None);
    }

    /// netperf's `-I 99` (confidence), `-i 10,3` (iterations) and `-l 30`
    /// (length) repeat or lengthen the measurement, set nothing up: runs with and without them are
    /// runs of one set-up (wild28's eelinux README); the test's own
    /// options after `--` still tell set-ups apart.
    #[test]
    fn netperf_repetition_options_are_no_set_up() {
        fn w(t: &str) -> Vec<&str> {
            t.words().collect()
        }
        let line = w("netperf -t TCP_RR -H h -I 99,5 -i10,3 -l -1000 -- -r 32,128 -i 4");
        assert_eq!(without_repetition("netperf", &line), w("netperf -t TCP_RR -H h -- -r 32,128 -i 4"));
        assert_eq!(without_repetition("iperf3", &w("iperf3 -i 1")), w("iperf3 -i 1"));
        let text = "Normal Linux:\n$ netperf -H h -I 99 -- -m 1500\nThroughput 1\n\
                    $ netperf -H h -l 30 -- -m 1500\nThroughput 2\n\
                    Poll:\n$ netperf -H h -- -m 1500\nThroughput 3\n$ netperf -H h -- -m 9000\nThroughput 4\n";
        let p = labelled(text, &[3, 5, 8, 10]);
        assert_eq!(last_params(&p), ["Normal Linux", "Normal Linux", "Poll / -m 1500", "Poll / -m 9000"]);
    }

    /// reStructuredText's `::` ends prose over a literal block: no label
    /// (a kernel document's `number means better performance::` labelled
    /// a perf bench run; wild28).
    #[test]
    fn a_line_ending_in_a_double_colon_is_no_label() {
        assert_eq!(label_line("number means better performance::", false), None);
        // Chinese set-up names without a colon; a sentence is none.
        assert_eq!(label_line("16线程", false).as_deref(), Some("16线程"));
        assert_eq!(label_line("单线程", false).as_deref(), Some("单线程"));
        assert_eq!(label_line("数据中分别列出了不同线程情况下的数据传输速率以及重传次数。", false), None);
        assert!(label_line("better performance:", false).is_some());
    }

    /// Prose a poster broke around two outputs (`… increase slightly
    /// from` / output / `without CQE to` / output / `with CQE enabled.`)
    /// gives no title: the middle line named the run above it, and was the
    /// label of the run below (wild28's linux-mmc mail). The two are
    /// averaged with a warning instead.
    #[test]
    fn a_line_that_ends_mid_sentence_is_no_title() {
        assert!(ends_mid_sentence("without CQE to") && ends_mid_sentence("faster than"));
        assert!(!ends_mid_sentence("to") && !ends_mid_sentence("with CQE") && !ends_mid_sentence("patched kernel"));
        let text = "It goes from\n\nThroughput 1\n\nwithout CQE to\n\nThroughput 2\n\nwith CQE enabled.\n";
        let p = labelled(text, &[3, 7]);
        assert!(p.samples.iter().all(|s| !s.params.iter().any(|p| p.name == "label")), "{:?}", p.samples);
        assert!(p.notes.iter().any(|(_, n)| n.contains("averaged as runs of one set-up")), "{:?}", p.notes);
    }

    /// A command a mail wrapped (its `--direct=1`, or `-T 1,1`, on the
    /// line below it) or continued with `\` is read whole (attacker 28,
    /// p66): the copies of the longer command are a set-up of their own.
    #[test]
    fn a_command_carried_on_below_is_read_whole() {
        let text = "$ netperf -H a\n-T 1,1\nThroughput 1\n$ netperf -H a\n-T 1,1\nThroughput 2\n\
                    $ netperf -H a\nThroughput 3\n$ netperf -H a\nThroughput 4\n";
        let p = labelled(text, &[3, 6, 8, 10]);
        assert_eq!(last_params(&p), vec!["-T 1,1", "-T 1,1", "16", "16"]);
        let text = "$ netperf -H a \\\n  -T 1,1\nThroughput 1\n$ netperf -H a\nThroughput 2\n";
        let p = labelled(text, &[3, 5]);
        assert_eq!(last_params(&p), vec!["-T 1,1", "16"]);
    }

    /// A line of a set-up's options alone over each block, or under a
    /// wrapped mount command (qemu-devel 2020, wild29m: `-oversion=9p2000.L,
    /// cache=mmap,msize=104857600` vs `…1048576000`, averaged with no word):
    /// each block's label, as written.
    #[test]
    fn a_line_of_options_over_each_block_is_its_label() {
        let a = "-oversion=9p2000.L,cache=mmap,msize=104857600";
        let b = "-oversion=9p2000.L,cache=mmap,msize=1048576000";
        let text = format!("{a}\n\nThroughput 1\n\n{b}\n\nThroughput 2\n");
        let p = labelled(&text, &[3, 7]);
        assert_eq!(last_params(&p), vec![a, b]);
        let text = format!(
            "9p mount -t 9p -o trans=virtio kernel /mnt\n{a}\n\nThroughput 1\n\n\
                            9p mount -t 9p -o trans=virtio kernel /mnt\n{b}\n\nThroughput 2\n"
        );
        let p = labelled(&text, &[4, 9]);
        assert_eq!(last_params(&p), vec![a, b]);
        // Not a patch's removed line, a capital's config line or a rule.
        for t in ["-static int foo(void);", "-CONFIG_FOO=y", "--", "-- ", "-v", "-5 % change"] {
            assert_eq!(option_line(t), None, "{t}");
        }
        assert_eq!(option_line("-o msize=1048576").as_deref(), Some("-o msize=1048576"));
    }

    /// `6.9: average rps: …` over two bare `average rps:` lines, then
    /// `tip: …`, then a bisect's `git log --oneline` lines each over its
    /// runs (LKML 2025, wild29m): each group its own, an untested commit
    /// right above a tested one heading nothing.
    #[test]
    fn a_label_glued_before_the_first_run_and_commit_lines_label_their_runs() {
        let text = "v6.9\n\nRPS 1\n\n6.9: RPS 2\n     RPS 3\n\ntip: RPS 4\n     RPS 5\n\n\
                    001 bbce3de72be5 sched/eevdf: Fix se->slice being set\n\tRPS 6\n\n\
                    151 c662e2b1e8cf sched: Fix sched_delayed vs sched_core\n\
                    152 729288bc6856 kernel/sched: Fix util_est accounting\n\tRPS 7\n";
        let p = labelled(text, &[3, 5, 6, 8, 9, 12, 16]);
        let got: Vec<String> = p
            .samples
            .iter()
            .map(|s| {
                s.kernel
                    .as_deref()
                    .map(str::to_string)
                    .or_else(|| s.params.last().map(|p| p.value.to_string()))
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(got, ["v6.9", "6.9", "6.9", "tip", "tip", "001 bbce3de72be5", "152 729288bc6856"]);
        assert_eq!(git_log_line("3650b228f83adda7e5ee532e2b90429c03f7b9ec (v5.10-rc1) + your patch"), None);
        assert_eq!(
            git_log_line("commit 88ca74dd6fe5d5b03647afb4698238e4bec3da39 (HEAD)       <<< Still good commit")
                .as_deref(),
            Some("88ca74dd6fe5")
        );
        assert_eq!(git_log_line("commit 8784fb5fa2e0042fe3b1632d4876e1037b695f56").as_deref(), Some("8784fb5fa2e0"));
        assert_eq!(git_log_line("commit f2fe7b09a52b (\"mm: memcg/slab: charge individual slab objects"), None);
        assert_eq!(
            git_log_line("commit 68f7b5cc835de7d5b6c7696533c126018171e793 (\"sched/cfs: change initial value\")"),
            None
        );
    }

    /// `result on 4.4 kernel:` over a shell prompt of another host and the
    /// output (linux-raid 2019, wild29m): the kernel is the runs', not the
    /// prompt's host.
    #[test]
    fn a_result_on_kernel_line_names_the_kernel_over_a_prompt() {
        assert_eq!(result_on_kernel("result on 4.4 kernel:").as_deref(), Some("4.4"));
        assert_eq!(result_on_kernel("Results on kernel 5.3").as_deref(), Some("5.3"));
        assert_eq!(result_on_kernel("result on the big box:"), None);
        let text = "result on 4.4 kernel:\nroot@ib2:~# fio --rw=write\nThroughput 1\n\n\
                    result on 5.3 kernel\nroot@ib1:/home/j# fio --rw=write\nThroughput 2\n";
        let p = labelled_as("fio", text, &[3, 7]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, vec![Some("4.4"), Some("5.3")]);
    }

    /// wildcls38 file 3 (Andrea Arcangeli, LKML 2001-04): a third table
    /// under `well. More precisely I was getting those numbers:` (too long
    /// for a label) below `with o_direct:`'s table takes that label and is
    /// averaged with its runs, as a second run under `Second run, same box.
    /// …:` must be (identity37); the warning says so and what to type.
    /// Under a label that labelled no runs before it, the warning says only
    /// which label the runs took (wild31 file 13's pgbench).
    #[test]
    fn runs_under_a_long_line_below_a_label_with_runs_are_warned_of() {
        let text = "without using o_direct:\nThroughput 1\n\nwith o_direct:\nThroughput 2\n\n\
                    well. More precisely I was getting those numbers:\n\nThroughput 3\n";
        let p = labelled(text, &[2, 5, 9]);
        assert_eq!(last_params(&p), vec!["without using o_direct", "with o_direct", "with o_direct"]);
        assert!(
            p.notes
                .iter()
                .any(|(l, n)| *l == 7 && n.contains("averaged with the runs under it") && n.contains("type a")),
            "{:?}",
            p.notes
        );
        let text = "without using o_direct:\nThroughput 1\n\nwith o_direct:\n\n\
                    Output of the second benchmark run showed the following figures:\n\nThroughput 2\n";
        let p = labelled(text, &[2, 8]);
        assert_eq!(last_params(&p), vec!["without using o_direct", "with o_direct"]);
        assert!(
            p.notes.iter().any(|(l, n)| *l == 6 && n.contains("labelled by line 4") && !n.contains("averaged")),
            "{:?}",
            p.notes
        );
    }

    /// wildcls38 file 4 (Greg Hennessy, LKML 2001-12): `cat bonnie.hydra
    /// bonnie.leo` over two reports with blank Machine cells: copy *k* is
    /// file *k*'s, two set-ups (they were averaged as runs, silently). A
    /// `cat` of two files over three copies labels none, with a warning.
    #[test]
    fn copies_shown_by_one_cat_of_as_many_files_are_the_files() {
        let text = "[root@hydra bonnie]# cat bonnie.hydra bonnie.leo\nheader\nThroughput 1\nheader\nThroughput 2\n";
        let p = labelled(text, &[3, 5]);
        assert_eq!(last_params(&p), vec!["bonnie.hydra", "bonnie.leo"]);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
        let text = "$ cat a.log b.log\nThroughput 1\n\nThroughput 2\n\nThroughput 3\n";
        let p = labelled(text, &[2, 4, 6]);
        assert_eq!(last_params(&p), vec!["16"; 3]);
        assert!(p.notes.iter().any(|(l, n)| *l == 1 && n.contains("shows 2 files")), "{:?}", p.notes);
        // Another command between the `cat` and the copies: no file's.
        let text = "$ cat a.log b.log\n$ dbench 16\nThroughput 1\n\nThroughput 2\n";
        let p = labelled(text, &[3, 5]);
        assert_eq!(last_params(&p), vec!["16"; 2]);
    }

    /// attack41 F23 (c/c03): `$ cat run1.txt run2.txt` over ONE copy was
    /// read as one run without a word: a warning at the `cat` line now
    /// (the copy still read). Must not fire: a `cat` of one file, another
    /// command line between the `cat` and the copy, two copies of the two.
    #[test]
    fn a_cat_of_two_files_over_one_copy_is_warned_of() {
        let p = labelled("$ cat run1.txt run2.txt\n\nThroughput 1\n", &[3]);
        assert_eq!(p.samples.len(), 1);
        assert!(
            p.notes.iter().any(|(l, n)| *l == 1 && n.contains("shows 2 files") && n.contains("one copy")),
            "{:?}",
            p.notes
        );
        for text in [
            "$ cat run1.txt\n\nThroughput 1\n",
            "$ cat run1.txt run2.txt\n$ dbench 16\nThroughput 1\n",
            "$ cat run1.txt run2.txt\nThroughput 1\n\nThroughput 2\n",
        ] {
            let lines: Vec<usize> =
                text.lines().enumerate().filter(|(_, l)| l.starts_with("Thr")).map(|(i, _)| i + 1).collect();
            let p = labelled(text, &lines);
            assert!(p.notes.iter().all(|(_, n)| !n.contains("one copy")), "{text}: {:?}", p.notes);
        }
    }

    /// attack39 findings 6 and 7: `tail -n +1 a b` prints each file under
    /// `==> a <==`: the copies are the files (they were averaged); `cat
    /// *.txt` over two copies cannot say which is which: a warning at the
    /// `cat` line; `cat bonnie.1 bonnie.2` (run numbers, one by one) are
    /// one machine's runs, averaged as before clsfix38, no word.
    #[test]
    fn file_headers_name_copies_a_glob_is_warned_of_and_numbered_files_are_runs() {
        let text = "$ tail -n +1 bonnie.hydra bonnie.leo\n==> bonnie.hydra <==\nheader\nThroughput 1\n\n\
                    ==> bonnie.leo <==\nheader\nThroughput 2\n";
        let p = labelled(text, &[4, 8]);
        assert_eq!(last_params(&p), vec!["bonnie.hydra", "bonnie.leo"], "{:?}", p.notes);
        let text = "[root@hydra bonnie]# cat *.txt\nheader\nThroughput 1\nheader\nThroughput 2\n";
        let p = labelled(text, &[3, 5]);
        assert_eq!(last_params(&p), vec!["16"; 2]);
        assert!(p.notes.iter().any(|(l, n)| *l == 1 && n.contains("by a glob (`")), "{:?}", p.notes);
        let text = "[root@hydra bonnie]# cat bonnie.1 bonnie.2\nheader\nThroughput 1\nheader\nThroughput 2\n";
        let p = labelled(text, &[3, 5]);
        assert_eq!(last_params(&p), vec!["16"; 2]);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
        // Not runs: a loop's counts (`log1 log2 log4`) stay the files.
        let text = "$ cat log1 log2 log4\nThroughput 1\n\nThroughput 2\n\nThroughput 3\n";
        let p = labelled(text, &[2, 4, 6]);
        assert_eq!(last_params(&p), vec!["log1", "log2", "log4"]);
    }

    /// attack40 F19 (b07): `tail -n +1 bonnie.1 bonnie.2` prints
    /// `==> bonnie.1 <==` and `==> bonnie.2 <==`: run numbers, one by one,
    /// so runs, as under `cat bonnie.1 bonnie.2` (each was a set-up of its
    /// own, none averaged). Must not fire: a gap (`bonnie.1`, `bonnie.3`),
    /// hosts (`bonnie.hydra`), `-j` counts, and kernels' results files
    /// (`results.2.6.1`, `results.2.6.2` name kernels).
    #[test]
    fn file_headers_of_numbered_files_are_runs() {
        let headed = |a: &str, b: &str| {
            format!("$ tail -n +1 {a} {b}\n==> {a} <==\nheader\nThroughput 1\n\n==> {b} <==\nheader\nThroughput 2\n")
        };
        let p = labelled(&headed("bonnie.1", "bonnie.2"), &[4, 8]);
        assert_eq!(last_params(&p), vec!["16"; 2], "{:?}", p.notes);
        let p = labelled(&headed("out/run_0.txt", "out/run_1.txt"), &[4, 8]);
        assert_eq!(last_params(&p), vec!["16"; 2], "{:?}", p.notes);
        let p = labelled(&headed("bonnie.1", "bonnie.3"), &[4, 8]);
        assert_eq!(last_params(&p), vec!["bonnie.1", "bonnie.3"]);
        let p = labelled(&headed("bonnie.hydra", "bonnie.leo"), &[4, 8]);
        assert_eq!(last_params(&p), vec!["bonnie.hydra", "bonnie.leo"]);
        let p = labelled(&headed("bonnie-j1.log", "bonnie-j2.log"), &[4, 8]);
        assert_eq!(last_params(&p), vec!["bonnie-j1.log", "bonnie-j2.log"]);
        let p = labelled(&headed("results.2.6.1", "results.2.6.2"), &[4, 8]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, [Some("2.6.1"), Some("2.6.2")]);
        // attack42 F1 (re41/kb13, v01): a dotted version's last number is
        // a kernel's, no run's: the headers stay labels (the site warns
        // that they name other kernels: "split the file"). F16 (v05): a
        // count after `threads-` is a set-up's.
        for (a, b) in [
            ("results.6.1", "results.6.2"),
            ("kernbench-6.2.1.log", "kernbench-6.2.2.log"),
            ("threads-1.txt", "threads-2.txt"),
        ] {
            let p = labelled(&headed(a, b), &[4, 8]);
            assert_eq!(last_params(&p), vec![a, b], "{:?}", p.notes);
        }
        // Must not fire: runs numbered after a name's letters.
        for (a, b) in [("bonnie.1", "bonnie.2"), ("run1.txt", "run2.txt"), ("default-brd.1.fio", "default-brd.2.fio")] {
            let p = labelled(&headed(a, b), &[4, 8]);
            assert_eq!(last_params(&p), vec!["16"; 2], "{a} {b}: {:?}", p.notes);
        }
        // attack43 F7 (rn/r02, r12, r18, r19), in both forms, `tail -n +1`'s
        // headers and `cat`: patch versions `results.v1`/`v2` and
        // `nr_cpus=1.txt`/`=2.txt` are set-ups (averaged as runs; the `cat`
        // form of `nr_cpus=` too); `2.5.60-mm1.txt` is kernel `2.5.60-mm1`
        // (was `2.5.60-mm1.txt`, extension kept); `iter1.txt`/`iter2.txt`
        // are runs, as `iter1`/`iter2` are.
        let catted =
            |a: &str, b: &str| format!("hydra:~/kb$ cat {a} {b}\nheader\nThroughput 1\n\nheader\nThroughput 2\n");
        for (a, b) in [("results.v1", "results.v2"), ("nr_cpus=1.txt", "nr_cpus=2.txt")] {
            let p = labelled(&headed(a, b), &[4, 8]);
            assert_eq!(last_params(&p), vec![a, b], "tail {a} {b}: {:?}", p.notes);
            let p = labelled(&catted(a, b), &[3, 6]);
            assert_eq!(last_params(&p), vec![a, b], "cat {a} {b}: {:?}", p.notes);
        }
        let p = labelled(&headed("2.5.60-mm1.txt", "2.5.60-mm2.txt"), &[4, 8]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, [Some("2.5.60-mm1"), Some("2.5.60-mm2")], "{:?}", p.notes);
        let p = labelled(&catted("2.5.60-mm1.txt", "2.5.60-mm2.txt"), &[3, 6]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, [Some("2.5.60-mm1"), Some("2.5.60-mm2")], "{:?}", p.notes);
        // Must not fire: runs stay runs (`iter1.txt` now among them), a
        // `v` that is part of a word (`dev1`) is no version, and a name
        // with an extension that is no kernel's is kept whole.
        for (a, b) in [("iter1.txt", "iter2.txt"), ("results.1", "results.2"), ("dev1", "dev2")] {
            let p = labelled(&headed(a, b), &[4, 8]);
            assert_eq!(last_params(&p), vec!["16"; 2], "tail {a} {b}: {:?}", p.notes);
            let p = labelled(&catted(a, b), &[3, 6]);
            assert_eq!(last_params(&p), vec!["16"; 2], "cat {a} {b}: {:?}", p.notes);
        }
        assert_eq!(kernel_file("out/6.1.log"), Some("6.1"));
        assert_eq!(kernel_file("results.txt"), None);
        assert_eq!(kernel_file("2.5.60-mm1"), Some("2.5.60-mm1"), "attack44 F19: no extension");
        assert_eq!(kernel_file("results.mm1"), None, "must not fire: no kernel's name");
        assert_eq!(kernel_file("bonnie.2"), None);
    }

    /// attack44 F16 (pb/p01-numactl-continued, a fixture too): a wrapper's
    /// line carried on by `\\` to the benchmark's (`$ numactl -N 1 \\` /
    /// `    netperf -H 10.0.0.1`) is one command line: the runs with and
    /// without numactl were averaged. Must not fire: both copies under the
    /// same carried-on wrapper are runs of one set-up.
    #[test]
    fn a_wrapper_carried_on_by_a_backslash_is_the_runs_set_up() {
        let text = "$ numactl -N 1 \\\n    netperf -H 10.0.0.1\nheader\nThroughput 1\n\n\
                    $ netperf \\\n    -H 10.0.0.1\nheader\nThroughput 2\n";
        let p = labelled(text, &[4, 9]);
        assert_eq!(last_params(&p), vec!["numactl -N 1", "16"], "{:?}", p.notes);
        let text = "$ numactl -N 1 \\\n    netperf -H 10.0.0.1\nheader\nThroughput 1\n\n\
                    $ numactl -N 1 \\\n    netperf -H 10.0.0.1\nheader\nThroughput 2\n";
        let p = labelled(text, &[4, 9]);
        assert_eq!(last_params(&p), vec!["16", "16"], "{:?}", p.notes);
    }

    /// attack44 F19 (rn/t04-mm-noext and its `cat` form): kernels' names
    /// without an extension (`2.5.60-mm1`, `2.5.60-mm2`) name the kernels,
    /// in both forms (the `tail` form was two runs of one set-up, no word).
    /// F10 (rn/q06, q13, q14, q09): `results.rev1`/`rev2` are two set-ups;
    /// `pass1.log`, `boot1.log`, `round1.txt` and their `2`s are runs, as a
    /// directory's files of those names are (`site::select::run_stem`).
    /// Must not fire: `6.2-run1`/`6.2-run2` stay runs; `ext2.log`/`ext3.log`
    /// and `changelog1.txt`/`changelog2.txt` stay set-ups.
    #[test]
    fn kernel_names_without_extension_and_run_words_of_file_names() {
        let headed = |a: &str, b: &str| {
            format!("$ tail -n +1 {a} {b}\n==> {a} <==\nheader\nThroughput 1\n\n==> {b} <==\nheader\nThroughput 2\n")
        };
        let catted =
            |a: &str, b: &str| format!("hydra:~/kb$ cat {a} {b}\nheader\nThroughput 1\n\nheader\nThroughput 2\n");
        let kernels =
            |p: &ParsedFile| p.samples.iter().map(|s| s.kernel.as_deref().map(str::to_string)).collect::<Vec<_>>();
        let want = [Some("2.5.60-mm1".to_string()), Some("2.5.60-mm2".to_string())];
        let p = labelled(&headed("2.5.60-mm1", "2.5.60-mm2"), &[4, 8]);
        assert_eq!(kernels(&p), want, "tail: {:?}", p.notes);
        let p = labelled(&catted("2.5.60-mm1", "2.5.60-mm2"), &[3, 6]);
        assert_eq!(kernels(&p), want, "cat: {:?}", p.notes);
        for (a, b) in [("results.rev1", "results.rev2"), ("ext2.log", "ext3.log"), ("changelog1.txt", "changelog2.txt")]
        {
            let p = labelled(&headed(a, b), &[4, 8]);
            assert_eq!(last_params(&p), vec![a, b], "tail {a} {b}: {:?}", p.notes);
            let p = labelled(&catted(a, b), &[3, 6]);
            assert_eq!(last_params(&p), vec![a, b], "cat {a} {b}: {:?}", p.notes);
        }
        for (a, b) in [
            ("pass1.log", "pass2.log"),
            ("boot1.log", "boot2.log"),
            ("round1.txt", "round2.txt"),
            ("6.2-run1", "6.2-run2"),
        ] {
            let p = labelled(&headed(a, b), &[4, 8]);
            assert_eq!(last_params(&p), vec!["16"; 2], "tail {a} {b}: {:?}", p.notes);
            let p = labelled(&catted(a, b), &[3, 6]);
            assert_eq!(last_params(&p), vec!["16"; 2], "cat {a} {b}: {:?}", p.notes);
        }
    }

    /// wildcls38 file 15 (Con Kolivas, LKML 2004-02): kernbench 0.20's
    /// results files named after their kernels, `results.2.6.3-rc2` (no
    /// colon) and `results.2.6.3-rc3-mm1:`, each a blank line above its
    /// kernel's `Average Half Load Run:` header: the kernels of the blocks
    /// below (the headers, the same over both, were the labels, and the two
    /// kernels' blocks were averaged as runs of one set-up).
    #[test]
    fn a_results_file_named_after_a_kernel_names_its_blocks() {
        assert_eq!(result_on_kernel("results.2.6.3-rc2").as_deref(), Some("2.6.3-rc2"));
        assert_eq!(result_on_kernel("results.2.6.3-rc3-mm1:").as_deref(), Some("2.6.3-rc3-mm1"));
        assert_eq!(result_on_kernel("results.txt"), None);
        // attack39 finding 2: under a prompt's `cat`, and with an
        // extension; not a file that names no kernel, nor two files.
        assert_eq!(result_on_kernel("[root@hydra kb]# cat results.2.6.3-rc2").as_deref(), Some("2.6.3-rc2"));
        assert_eq!(result_on_kernel("$ cat results.2.6.3-rc3-mm1").as_deref(), Some("2.6.3-rc3-mm1"));
        assert_eq!(result_on_kernel("# less kb/results.2.6.3-rc2").as_deref(), Some("2.6.3-rc2"));
        assert_eq!(result_on_kernel("results.2.6.3-rc2.log").as_deref(), Some("2.6.3-rc2"));
        assert_eq!(result_on_kernel("results.txt.log"), None);
        assert_eq!(result_on_kernel("$ cat results.old"), None);
        assert_eq!(result_on_kernel("$ cat results.hydra"), None);
        assert_eq!(result_on_kernel("$ cat results.2.6.3-rc2 results.2.6.3-rc3-mm1"), None);
        assert_eq!(result_on_kernel("I did cat results.2.6.3-rc2"), None);
        assert_eq!(result_on_kernel("cat results.2.6.3-rc2").as_deref(), Some("2.6.3-rc2"));
        assert_eq!(result_on_kernel("cat results.old"), None);
        assert_eq!(file_header("==> bonnie.hydra <=="), Some("bonnie.hydra"));
        assert_eq!(file_header("==> two words <=="), None);
        assert_eq!(file_header("==> <=="), None);
        assert!(is_kernbench_chatter("Average Half Load Run:"));
        assert!(is_kernbench_chatter("Average Optimal -j 32 Load Run:"));
        assert!(!is_kernbench_chatter("Average of the three runs, Load Run:"));
        let text = "Summary:\n\nresults.2.6.3-rc2\n\nAverage Half Load Run:\nThroughput 1\n\nAverage Optimum Load Run:\n\
                    Throughput 2\n\n\nresults.2.6.3-rc3-mm1:\n\nAverage Half Load Run:\nThroughput 3\n\n\
                    Average Optimum Load Run:\nThroughput 4\n";
        let p = labelled_as("kernbench", text, &[6, 9, 15, 18]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(
            kernels,
            vec![Some("2.6.3-rc2"); 2].into_iter().chain(vec![Some("2.6.3-rc3-mm1"); 2]).collect::<Vec<_>>()
        );
    }

    /// LKML 2001-09 (Mike Black's two tiobench tables): `Here's 2.4.8` over
    /// a `uname -a` line and the first, `Here's 2.4.10` over the second: the
    /// kernels of the runs below them (the uname line's named both).
    #[test]
    fn heres_a_kernel_names_the_run_below() {
        assert_eq!(result_on_kernel("Here's 2.4.10").as_deref(), Some("2.4.10"));
        assert_eq!(result_on_kernel("Here is 6.1-rc3:").as_deref(), Some("6.1-rc3"));
        assert_eq!(result_on_kernel("Here's the run:"), None);
        // attack36 t12: a typographic apostrophe is the same word.
        assert_eq!(result_on_kernel("Here\u{2019}s 2.4.10").as_deref(), Some("2.4.10"));
        // Any case of the first word (a lower-cased copy is made only of
        // lines starting `here` or `result`).
        assert_eq!(result_on_kernel("HERE'S 2.4.10:").as_deref(), Some("2.4.10"));
        assert_eq!(result_on_kernel("RESULTS WITH 6.1").as_deref(), Some("6.1"));
        assert_eq!(result_on_kernel("real    0m1.20s"), None);
        assert_eq!(result_on_kernel("her"), None);
        let text = "Here's 2.4.8\nLinux yeti 2.4.8 #2 SMP Fri Aug 17 05:50:03 EDT 2001 i686 unknown\n\
                    Throughput 1\n\nHere's 2.4.10\n\nThroughput 2\n";
        let p = labelled_as("fio", text, &[3, 7]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, vec![Some("2.4.8"), Some("2.4.10")]);
        // The first command shown with its prompt, the second without: the
        // prompt's `user@host` tells no machines apart, and labels neither.
        let text = "root@yeti:/usr5# fio --rw=write\nThroughput 1\n\nfio --rw=write\nThroughput 2\n";
        let p = labelled_as("fio", text, &[2, 5]);
        assert!(p.samples.iter().all(|s| s.params.iter().all(|q| q.name != "label")), "{:?}", p.samples);
        // attack36 pr2: averaged so, they are warned of.
        assert!(p.notes.iter().any(|n| n.0 == 4 && n.1.contains("prompt's host `root@yeti`")), "{:?}", p.notes);
    }

    /// LKML 2001-12 (dbench 1.x quoted, wrapped before `procs`): the
    /// wrapped tail `procs` under a read line ending in its count is no
    /// label of the run below it.
    #[test]
    fn a_wrapped_last_word_is_no_label() {
        let lines = ["Throughput 1 MB/sec 8 procs", "Throughput 2 MB/sec 16", "procs", "Throughput 3 MB/sec 32 procs"];
        let read = [false, true, true, false, true, false];
        assert!(wrapped_word_tail(&lines, &read, 2));
        // A word under a line not ending in a figure, or no figure's word
        // anywhere, is a label as before.
        assert!(!wrapped_word_tail(&["Throughput 2 MB/sec 16 procs", "ext3"], &[false, true, false, false], 1));
        assert!(!wrapped_word_tail(&["Throughput 2 MB/sec 16", "ext3"], &[false, true, false, false], 1));
    }

    /// attack28 p21: `Run A`/`Run B`/`Run C` stay set-ups (a letter names
    /// an A/B test's variant), with a note saying how to have them read as
    /// runs; numbered, they are runs of one set-up, and no note.
    #[test]
    fn lettered_runs_are_set_ups_with_a_note() {
        let p = labelled("Run A\n\nThroughput 1\n\nRun B\n\nThroughput 2\n\nRun C\n\nThroughput 3\n", &[3, 7, 11]);
        assert_eq!(last_params(&p), vec!["Run A", "Run B", "Run C"]);
        assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
        assert!(p.notes[0].1.starts_with("Run A, Run B, Run C read as set-ups"), "{:?}", p.notes);
        let p = labelled("Run 1\n\nThroughput 1\n\nRun 2\n\nThroughput 2\n\nRun 3\n\nThroughput 3\n", &[3, 7, 11]);
        assert!(p.samples.iter().all(|s| s.params.iter().all(|x| x.name != "label")), "{:?}", p.samples);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
        let p = labelled("Before\n\nThroughput 1\n\nRun B\n\nThroughput 2\n", &[3, 7]);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    /// attack45 F5: `$ cat 6.1.0.log` over its output, then `$ cat
    /// 6.2.0.log` over its own (one file per kernel pasted, the usual way)
    /// were two runs of one set-up, the two kernels' figures averaged
    /// under the directory's: each block is its file's kernel's, as under
    /// `==> 6.1.0.log <==`. Must not fire: run files (`run1.log`), files of
    /// no kernel's name, prose naming a `cat`.
    #[test]
    fn one_cat_per_kernel_named_file_names_each_blocks_kernel() {
        let dbench = |text: &str, lines: &[usize]| {
            let input = Input::from_text(text);
            let samples = lines
                .iter()
                .map(|&l| Sample::new(Metric::new("Throughput", "MB/sec", Better::Higher), l as f64, l))
                .collect();
            let mut p = ParsedFile { benchmark: "dbench".into(), samples, ..ParsedFile::default() };
            apply(&input, &mut p);
            p
        };
        let run = "Throughput 1250.52 MB/sec  8 procs\n";
        for prompt in ["$ ", "hydra:~/kb$ ", "[root@hydra kb]# "] {
            for (a, b) in [("6.1.0.log", "6.2.0.log"), ("out/2.5.60-mm1.txt", "out/2.5.60-mm2.txt")] {
                let text = format!("{prompt}cat {a}\n{run}{prompt}cat {b}\n{run}");
                let p = dbench(&text, &[2, 4]);
                let want = [kernel_file(a), kernel_file(b)];
                assert_eq!(p.samples.iter().map(|s| s.kernel.as_deref()).collect::<Vec<_>>(), want, "{text}");
            }
        }
        assert_eq!(result_on_kernel("$ tail -n 20 6.2.0.log | less").as_deref(), Some("6.2.0"));
        for no in ["$ cat run1.log", "$ cat notes.txt", "I ran cat 6.1.0.log twice", "$ cat 6.1.0.log 6.2.0.log"] {
            assert_eq!(result_on_kernel(no), None, "{no}");
        }
        let runs = format!("$ cat run1.log\n{run}$ cat run2.log\n{run}");
        let p = dbench(&runs, &[2, 4]);
        assert!(p.samples.iter().all(|s| s.kernel.is_none()), "{:?}", p.samples);
    }

    /// attack39 finding 2 (m05c, m10, m12): kernbench's `results.<kernel>`
    /// under a prompt's `cat`, one file a command or both in one: each
    /// block filed under its file's kernel (they were averaged into one
    /// kernel, no word). `cat results.old results.new` labels, no kernel.
    #[test]
    fn results_files_catted_under_a_prompt_name_their_kernels() {
        let kernbench = |text: &str, lines: &[usize]| {
            let input = Input::from_text(text);
            let samples = lines
                .iter()
                .enumerate()
                .map(|(i, &l)| {
                    Sample::new(Metric::new("Elapsed Time", "s", Better::Lower), l as f64, l)
                        .with_param("load", if i % 2 == 0 { "half" } else { "optimal" })
                })
                .collect();
            let mut p = ParsedFile { benchmark: "kernbench".into(), samples, ..ParsedFile::default() };
            apply(&input, &mut p);
            p
        };
        let blocks = "Average Half Load Run:\nElapsed Time 1\n\nAverage Optimal Load Run:\nElapsed Time 2\n\n";
        let (a, b) = ("2.6.3-rc2", "2.6.3-rc3-mm1");
        let want = vec![Some(a), Some(a), Some(b), Some(b)];
        let one_each = format!("[root@hydra kb]# cat results.{a}\n{blocks}[root@hydra kb]# cat results.{b}\n{blocks}");
        let p = kernbench(&one_each, &[3, 6, 10, 13]);
        assert_eq!(p.samples.iter().map(|s| s.kernel.as_deref()).collect::<Vec<_>>(), want, "{:?}", p.notes);
        let both = format!("[root@hydra kb]# cat results.{a} results.{b}\n{blocks}{blocks}");
        let p = kernbench(&both, &[3, 6, 9, 12]);
        assert_eq!(p.samples.iter().map(|s| s.kernel.as_deref()).collect::<Vec<_>>(), want, "{:?}", p.notes);
        let labels = format!("[root@hydra kb]# cat results.old results.new\n{blocks}{blocks}");
        let p = kernbench(&labels, &[3, 6, 9, 12]);
        assert!(p.samples.iter().all(|s| s.kernel.is_none()), "{:?}", p.samples);
        assert_eq!(last_params(&p), vec!["results.old", "results.old", "results.new", "results.new"]);
        // attack40 F23: one `cat results.<name>` over each file, the name no
        // kernel's: labels (two machines, two compilers, a date), never runs
        // of one set-up; `results.1.1` is no kernel `1.1`.
        for (x, y) in [
            ("hydra", "leo"),
            ("old", "new"),
            ("gcc-4.1", "gcc-4.2"),
            ("v1", "v2"),
            ("2024.01.05", "2024.01.06"),
            ("1.1", "1.2"),
            ("4.1", "4.2"),
        ] {
            for prompt in ["[root@hydra kb]# ", "$ ", ""] {
                let text = format!("{prompt}cat results.{x}\n{blocks}{prompt}cat results.{y}\n{blocks}");
                let p = kernbench(&text, &[3, 6, 10, 13]);
                assert!(p.samples.iter().all(|s| s.kernel.is_none()), "{text}: {:?}", p.samples);
                let (x, y) = (format!("results.{x}"), format!("results.{y}"));
                assert_eq!(last_params(&p), vec![x.as_str(), &x, &y, &y], "{text}");
            }
        }
        // Must not fire: run numbers (`results.1`, `results.2`) are no labels.
        let runs = format!("$ cat results.1\n{blocks}$ cat results.2\n{blocks}");
        let p = kernbench(&runs, &[3, 6, 10, 13]);
        assert!(p.samples.iter().all(|s| s.kernel.is_none() && s.params.len() == 1), "{:?}", p.samples);
        // attack41 F8: options to `head`/`tail` and a pipe after the file
        // name which file is shown as plainly: two machines' labels, never
        // runs of one set-up; numbered files stay runs (must not fire).
        for (x, y) in [
            ("root@box:~/kb# head -20 results.hydra", "root@box:~/kb# tail -n 8 results.leo"),
            ("$ cat results.hydra | head", "$ cat results.leo|less"),
            ("hydra:~/kb$ tail -n +1 results.hydra", "hydra:~/kb$ less -S results.leo"),
        ] {
            let text = format!("{x}\n{blocks}{y}\n{blocks}");
            let p = kernbench(&text, &[3, 6, 10, 13]);
            assert!(p.samples.iter().all(|s| s.kernel.is_none()), "{text}: {:?}", p.samples);
            assert_eq!(last_params(&p), vec!["results.hydra", "results.hydra", "results.leo", "results.leo"], "{text}");
        }
        let runs = format!("$ head -20 results.1\n{blocks}$ head -20 results.2\n{blocks}");
        let p = kernbench(&runs, &[3, 6, 10, 13]);
        assert!(p.samples.iter().all(|s| s.kernel.is_none() && s.params.len() == 1), "{:?}", p.samples);
        let kernels = format!("$ head -20 results.{a} | less\n{blocks}$ tail -n 8 results.{b}\n{blocks}");
        let p = kernbench(&kernels, &[3, 6, 10, 13]);
        assert_eq!(p.samples.iter().map(|s| s.kernel.as_deref()).collect::<Vec<_>>(), want, "{:?}", p.notes);
        for prose in ["I had to cat results.hydra to see it", "then: head -20 results.hydra results.leo"] {
            assert_eq!(catted_results_file(prose), None, "{prose}");
        }
        // F4: a `cat` of three files under a one-word prompt over two
        // copies: the cat-line warning (was silent: the prompt not seen).
        let three = format!("hydra:~/kb$ cat results.{a} results.{b} results.2.6.4\n{blocks}{blocks}");
        let p = kernbench(&three, &[3, 6, 9, 12]);
        assert!(p.notes.iter().any(|n| n.0 == 1 && n.1.contains("shows 3 files")), "{:?}", p.notes);
        // F5: `==> results.<kernel> <==` headers (tail -n +1, head) name kernels.
        let headers = format!("==> results.{a} <==\n{blocks}==> results.{b} <==\n{blocks}");
        let p = kernbench(&headers, &[3, 6, 10, 13]);
        assert_eq!(p.samples.iter().map(|s| s.kernel.as_deref()).collect::<Vec<_>>(), want, "{:?}", p.notes);
        // attack41 F7: one `cat results.<kernel>` over the file's runs (once,
        // or the same name twice) names their kernel, as a `uname -r` does
        // (the site then warns where it is not the directory's); one of a
        // name no kernel's (a host, a run number) names none.
        for prompt in ["hydra:~/kb$ ", "[root@hydra kb]# ", "$ "] {
            let once = format!("{prompt}cat results.{a}\n{blocks}");
            let p = kernbench(&once, &[3, 6]);
            assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some(a)), "{once}: {:?}", p.samples);
            let twice = format!("{prompt}cat results.{a}\n{blocks}{prompt}cat results.{a}\n{blocks}");
            let p = kernbench(&twice, &[3, 6, 10, 13]);
            assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some(a)), "{twice}: {:?}", p.samples);
            let kb15 = format!("{prompt}cat results.6.1\n{blocks}");
            let p = kernbench(&kb15, &[3, 6]);
            assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("6.1")), "{kb15}: {:?}", p.samples);
            // attack42 F14 (k07, k02): a host before the kernel, a git
            // describe's tail after it.
            for (name, k) in [("hydra-6.1", "6.1"), ("6.2.0-rc1-00042-gdeadbeef", "6.2.0-rc1-00042-gdeadbeef")] {
                let once = format!("{prompt}cat results.{name}\n{blocks}");
                let p = kernbench(&once, &[3, 6]);
                assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some(k)), "{once}: {:?}", p.samples);
            }
            for name in ["hydra", "1", "1.1", "old", "10.1", "hydra-1", "run-1.1", "hydra-old"] {
                let once = format!("{prompt}cat results.{name}\n{blocks}");
                let p = kernbench(&once, &[3, 6]);
                assert!(p.samples.iter().all(|s| s.kernel.is_none()), "{once}: {:?}", p.samples);
            }
        }
    }

    /// attack41 F12: `uname -srm` (`Linux 6.1.0 x86_64`), `-mrs`, `-rs`,
    /// `-snr` name the runs' kernel as `-r` and `-sr` do; not `-a`'s
    /// several words (read by `booted_kernel`), not `-m` alone, nor another
    /// system's `FreeBSD 14.0-RELEASE amd64` (must not fire).
    #[test]
    fn a_uname_command_names_the_release() {
        assert_eq!(uname_release_word("uname -srm"), Some((1, 3)));
        assert_eq!(uname_release_word("uname -mrs"), Some((1, 3)));
        assert_eq!(uname_release_word("uname -r -s"), Some((1, 2)));
        assert_eq!(uname_release_word("uname -snrm"), Some((2, 4)));
        assert_eq!(uname_release_word("uname -r"), Some((0, 1)));
        for no in ["uname -a", "uname -srv", "uname -m", "uname", "uname --all", "cat uname -r"] {
            assert_eq!(uname_release_word(no), None, "{no}");
        }
        let kernel = |text: &str| {
            let p = labelled_as("dbench", text, &[4]);
            p.samples[0].kernel.as_deref().map(str::to_string)
        };
        for (cmd, out) in [
            ("uname -srm", "Linux 6.1.0 x86_64"),
            ("uname -mrs", "Linux 6.1.0 aarch64"),
            ("uname -rs", "Linux 6.1.0"),
            ("uname -snr", "Linux box 6.1.0"),
        ] {
            let text = format!("$ {cmd}\n{out}\n\nThroughput 1000 MB/sec\n");
            assert_eq!(kernel(&text).as_deref(), Some("6.1.0"), "{text}");
        }
        // attack42 F14 (u13): a host where `Linux` stands is no other system.
        let text = "$ uname -srm\nubuntu 6.1.0 x86_64\n\nThroughput 1000 MB/sec\n";
        assert_eq!(kernel(text).as_deref(), Some("6.1.0"), "{text}");
        for (cmd, out) in [
            ("uname -srm", "FreeBSD 14.0-RELEASE amd64"),
            ("uname -m", "x86_64"),
            ("uname -srm", "Darwin 23.1.0 arm64"),
            ("uname -srm", "6.1.0 6.1.0 x86_64"),
        ] {
            let text = format!("$ {cmd}\n{out}\n\nThroughput 1000 MB/sec\n");
            assert_eq!(kernel(&text), None, "{text}");
        }
    }

    /// A blog post on WSL (2024-11, bonnie++ 2.00a): two reports of one
    /// machine, each under a sentence captioning its fence, on `~/temp`
    /// and on `/mnt/c/temp`: labelled by the path each caption names, not
    /// averaged. Captions that name no path apart are warned of at both;
    /// captions that only count runs part nothing, and say nothing.
    #[test]
    fn captions_above_fences_part_their_results() {
        let body = "```\nThroughput 1\n```\n";
        let text = format!(
            "第一組 測試存取 ~/temp 目錄的讀寫效能: 第一組\n\n{body}\n第二組, 只是測試的目錄是 /mnt/c/temp 的讀寫效能\n\n{body}"
        );
        let p = labelled(&text, &[4, 10]);
        assert_eq!(last_params(&p), ["~/temp", "/mnt/c/temp"]);
        let text = format!(
            "This is what the stock config, as shipped by Debian, gives us here\n\n{body}\nWith my tuning applied on \
             top of it the result changes a lot\n\n{body}"
        );
        let p = labelled(&text, &[4, 10]);
        assert_eq!(last_params(&p), ["16", "16"]);
        assert!(p.notes.iter().any(|(l, _)| *l == 7), "{:?}", p.notes);
        for (a, b) in [("Run 1 of the test goes here", "Run 2 of the test goes here"), ("Here it is", "And again")] {
            let p = labelled(&format!("{a}\n\n{body}\n{b}\n\n{body}"), &[4, 10]);
            assert!(!p.notes.iter().any(|(_, m)| m.contains("captioned")), "{a} / {b}: {:?}", p.notes);
        }
    }

    fn labelled_as(benchmark: &str, text: &str, lines: &[usize]) -> ParsedFile {
        let input = Input::from_text(text);
        let mut p = ParsedFile {
            benchmark: benchmark.to_string(),
            samples: lines.iter().map(|&l| throughput(l, l as f64)).collect(),
            ..ParsedFile::default()
        };
        apply(&input, &mut p);
        p
    }

    /// From an attacker's trial (session 23, `mk/tj.txt`, `sc-threads.txt`,
    /// `st2.txt`): set-up lines that differ only by their number (`make
    /// -j1` / `make -j4`, `threads 16` / `threads 32`, `OMP_NUM_THREADS=1` /
    /// `=4`) are set-ups, their runs averaged within each; a run's counter,
    /// a sample's or a name holding a digit (`ext3`) is none.
    #[test]
    fn set_up_lines_that_differ_only_by_a_number_are_set_ups() {
        for (a, b) in [
            ("make -j1", "make -j4"),
            ("+ make -j1 vmlinux", "+ make -j4 vmlinux"),
            ("jobs 1", "jobs 4"),
            ("-j 1", "-j 4"),
            ("threads 16", "threads 32"),
            ("-t 16", "-t 32"),
            ("OMP_NUM_THREADS=1", "OMP_NUM_THREADS=4"),
        ] {
            let text = format!("{a}\nThroughput 1\n{a}\nThroughput 2\n{b}\nThroughput 3\n{b}\nThroughput 4\n");
            let p = labelled(&text, &[2, 4, 6, 8]);
            assert_eq!(last_params(&p), vec![a, a, b, b], "{a} / {b}");
        }
        for (a, b) in
            [("Test 1", "Test 2"), ("Sample 1", "Sample 2"), ("pid 4711", "pid 4712"), ("=== 1 ===", "=== 2 ===")]
        {
            let p = labelled(&format!("{a}\nThroughput 1\n{b}\nThroughput 2\n"), &[2, 4]);
            assert!(p.samples.iter().all(|s| s.params.len() == 1), "{a} / {b}: {:?}", last_params(&p));
        }
        assert_eq!(numbered_setup("make -j4"), Some(("make -j#".to_string(), "make -j4".to_string())));
        assert_eq!(numbered_setup("ext3"), None);
        assert_eq!(numbered_setup("Linux 6.1"), None);
    }

    /// From an attacker's trial (session 23, `mk/booted.txt`,
    /// `mk/uname.txt`): a line naming the booted kernel above each run holds
    /// a date but is no run marker: its runs are that kernel's.
    #[test]
    fn a_line_naming_the_booted_kernel_names_the_runs_kernel() {
        for (a, b) in [
            ("Booted 6.1.0 on Tue Jan 16 10:00:00 UTC 2024", "Booted 6.2.0 on Tue Jan 16 10:05:00 UTC 2024"),
            (
                "Linux box 6.1.0 #1 SMP PREEMPT_DYNAMIC Tue Jan 16 10:00:00 UTC 2024 x86_64 GNU/Linux",
                "Linux box 6.2.0 #1 SMP PREEMPT_DYNAMIC Tue Jan 16 10:00:00 UTC 2024 x86_64 GNU/Linux",
            ),
            ("uname -r: 6.1.0", "uname -r: 6.2.0"),
        ] {
            let p = labelled(&format!("{a}\nThroughput 1\n{b}\nThroughput 2\n"), &[2, 4]);
            let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
            assert_eq!(kernels, vec![Some("6.1.0"), Some("6.2.0")], "{a}");
        }
        assert_eq!(booted_kernel("Booted into 6.1.0-13-amd64"), Some("6.1.0-13-amd64".to_string()));
        assert_eq!(booted_kernel("uname -a: Linux h 6.8.0 #2 SMP x86_64"), Some("6.8.0".to_string()));
        assert_eq!(booted_kernel("uname -r 6.1.0 and more"), None);
        assert_eq!(
            booted_kernel(
                "Linux version 6.7.0-rc3+ (me@box) (gcc (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) \
                 2.40) #42 SMP PREEMPT_DYNAMIC Tue Dec  5 10:00:00 CET 2023"
            ),
            Some("6.7.0-rc3+".to_string())
        );
        assert_eq!(booted_kernel("Linux 6.1.0"), None);
        assert_eq!(booted_kernel("Booted in 3.2 seconds"), None);
    }

    /// wildmod41 (a Chinese CoreMark write-up): the D1's `uname -a` in its
    /// `###` section named the runs of the HiFive Unmatched's `###` section
    /// below too. Not so now, with a note at that heading; and it must NOT
    /// fire for a `## System` section with no run of its own, nor for a
    /// root prompt `# uname -a` in a code fence (no heading).
    #[test]
    fn a_kernel_named_in_one_markdown_section_is_not_a_later_sections() {
        let uname = "Linux d1 5.4.61 #20 SMP Thu Aug 26 11:50:01 CST 2021 riscv64 GNU/Linux";
        let text = format!(
            "### On the D1\n```\n$ uname -a\n{uname}\n```\n\n```\n$ make\n```\n\nrun1.log\nThroughput 1\n\n\
             ### On the Unmatched\n\nrun1.log\nThroughput 2\n"
        );
        // The two boards' runs differ by a parameter (the real file's
        // compiler), so no label parts them: the kernel above is the file's.
        let input = Input::from_text(&text);
        let mut p = ParsedFile {
            benchmark: "coremark".to_string(),
            samples: vec![throughput(12, 1.0), throughput(17, 2.0).with_param("compiler", "GCC10.3.0")],
            ..ParsedFile::default()
        };
        apply(&input, &mut p);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, vec![Some("5.4.61"), None]);
        assert!(p.notes.iter().any(|(n, m)| *n == 14 && m.contains("`On the Unmatched`")), "{:?}", p.notes);
        // attack42 F6 (md06): the other section's runs carry a `section`
        // parameter, so one compiler does not average the two boards.
        assert_eq!(last_params(&p), vec!["16", "On the Unmatched"]);
        let system = format!("## System\n{uname}\n## Results\nThroughput 1\nThroughput 2\n");
        let p = labelled(&system, &[4, 5]);
        assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("5.4.61")));
        let fenced = format!("```\n# uname -a\n{uname}\n```\nThroughput 1\n```\n# make\n```\nThroughput 2\n");
        let p = labelled(&fenced, &[5, 9]);
        assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("5.4.61")));
    }

    /// attack42 F6–F8 (md/ cases built from the D1/Unmatched CoreMark
    /// note): one compiler for both boards (md06), each section naming its
    /// kernel (md08), a kernel named only in the later section (md09),
    /// setext and bold headings (md04, md05), a `####` heading for the
    /// second board (md07, warned); must NOT fire: a rule under a banner's
    /// line with no blank above, a deeper heading over all of a section's
    /// runs.
    #[test]
    fn markdown_sections_name_their_own_runs_kernels() {
        let d1 = "Linux d1 5.4.61 #20 SMP Thu Aug 26 11:50:01 CST 2021 riscv64 GNU/Linux";
        let kernels =
            |p: &ParsedFile| p.samples.iter().map(|s| s.kernel.as_deref().map(str::to_string)).collect::<Vec<_>>();
        let some = |k: &str| Some(k.to_string());
        // md06: both boards' runs alike.
        let text =
            format!("### On the D1\n```\n$ uname -a\n{d1}\n```\nThroughput 1\n\n### On the Unmatched\nThroughput 2\n");
        let p = labelled(&text, &[6, 9]);
        assert_eq!(kernels(&p), vec![some("5.4.61"), None], "{:?}", p.notes);
        assert_eq!(last_params(&p), vec!["16", "On the Unmatched"]);
        assert!(p.notes.iter().any(|(n, m)| *n == 8 && m.contains("are not taken as 5.4.61's")), "{:?}", p.notes);
        assert!(!p.notes.iter().any(|(_, m)| m.contains("label line")), "{:?}", p.notes);
        // md08: each section its own kernel.
        let text = format!(
            "### On the D1\n```\n$ uname -a\n{d1}\n```\nThroughput 1\n\n### On the Unmatched\n```\n$ uname -r\n\
             5.13.0-1019-generic\n```\nThroughput 2\n"
        );
        let p = labelled(&text, &[6, 12]);
        assert_eq!(kernels(&p), vec![some("5.4.61"), some("5.13.0-1019-generic")], "{:?}", p.notes);
        // md09: the kernel only in the later section.
        let text = "### On the D1\nThroughput 1\n\n### On the Unmatched\n```\n$ uname -r\n5.13.0-1019-generic\n```\nThroughput 2\n";
        let p = labelled(text, &[2, 9]);
        assert_eq!(kernels(&p), vec![None, some("5.13.0-1019-generic")], "{:?}", p.notes);
        assert_eq!(last_params(&p), vec!["On the D1", "16"]);
        // md04, md05: setext and bold headings.
        for (a, b) in
            [("On the D1\n---------", "On the Unmatched\n----------------"), ("**On the D1**", "**On the Unmatched**")]
        {
            let text = format!("{a}\n\n$ uname -a\n{d1}\n\nThroughput 1\n\n{b}\n\nThroughput 2\n");
            let at = |t: &str| t.lines().position(|l| l.starts_with("Throughput")).unwrap() + 1;
            let second =
                text.lines().collect::<Vec<_>>().iter().rposition(|l| l.starts_with("Throughput")).unwrap() + 1;
            let p = labelled(&text, &[at(&text), second]);
            assert_eq!(kernels(&p), vec![some("5.4.61"), None], "{text}: {:?}", p.notes);
        }
        // md07: a deeper heading below some of the section's runs: kept, warned.
        let text =
            format!("### On the D1\n```\n$ uname -a\n{d1}\n```\nThroughput 1\n\n#### On the Unmatched\nThroughput 2\n");
        // Two compilers (as in the real file): no label line parts them.
        let two_boards = |text: &str, a: usize, b: usize| {
            let input = Input::from_text(text);
            let mut p = ParsedFile {
                benchmark: "coremark".to_string(),
                samples: vec![throughput(a, 1.0), throughput(b, 2.0).with_param("compiler", "GCC10.3.0")],
                ..ParsedFile::default()
            };
            apply(&input, &mut p);
            p
        };
        let p = two_boards(&text, 6, 9);
        assert_eq!(kernels(&p), vec![some("5.4.61"), some("5.4.61")]);
        assert!(p.notes.iter().any(|(n, m)| *n == 8 && m.contains("are taken as kernel 5.4.61's")), "{:?}", p.notes);
        // Must not fire: a deeper heading over all the runs; a rule under a
        // banner line (no blank line above it, or not as wide).
        let text = format!("## Results\n$ uname -a\n{d1}\n### Single\nThroughput 1\n### Multi\nThroughput 2\n");
        let p = two_boards(&text, 5, 7);
        assert_eq!(kernels(&p), vec![some("5.4.61"), some("5.4.61")]);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
        let text = format!(
            "BYTE UNIX Benchmarks\n{d1}\n----------------------------------------------------------------\n\
             Throughput 1\n\nRun two\n----------------------------------------------------------------\nThroughput 2\n"
        );
        let p = labelled(&text, &[4, 8]);
        assert_eq!(kernels(&p), vec![some("5.4.61"), some("5.4.61")], "{:?}", p.notes);
    }

    /// attack43 F5 and F8, from md/m04, m01b and m03 (the D1 / HiFive
    /// Unmatched CoreMark post): two sections whose `uname -a` name the
    /// same kernel are two boards, kept apart by `section` (2237 and 12363
    /// had been averaged); headings alone naming each section's kernel
    /// (`### D1, Linux 5.4.61`) name its runs' (averaged, no word); a
    /// section's `uname -r` below its runs is said as such, not "no line
    /// names a kernel". Must not fire: one heading naming a kernel; a
    /// heading naming two (a comparison's title); headings naming none.
    #[test]
    fn markdown_sections_of_one_kernel_are_kept_apart() {
        let d1 = "Linux d1 5.4.61 #20 SMP Thu Aug 26 11:50:01 CST 2021 riscv64 GNU/Linux";
        let kernels =
            |p: &ParsedFile| p.samples.iter().map(|s| s.kernel.as_deref().map(str::to_string)).collect::<Vec<_>>();
        let some = |k: &str| Some(k.to_string());
        // m04: both sections' `uname -a` name 5.4.61.
        let text = format!(
            "### On the D1\n```\n$ uname -a\n{d1}\n```\nThroughput 1\n\n### On the Unmatched\n```\n$ uname -a\n{d1}\n```\n\
             Throughput 2\n"
        );
        let p = labelled(&text, &[6, 13]);
        assert_eq!(kernels(&p), vec![some("5.4.61"), some("5.4.61")], "{:?}", p.notes);
        assert_eq!(last_params(&p), vec!["On the D1", "On the Unmatched"]);
        assert!(p.notes.iter().any(|(n, m)| *n == 11 && m.contains("name the same kernel")), "{:?}", p.notes);
        assert!(p.notes.iter().any(|(_, m)| m.contains("head them so (`### Run 1`")), "{:?}", p.notes);
        // attack44 F9: headings that count runs (`### Run 1`, `### Run
        // 2`, as `#### Round 2` is read): one board twice, runs of one
        // set-up, no `section`. Must not fire: `first boot` / `after
        // reboot` (above: `On the D1` / `On the Unmatched`) stay apart.
        let runs = text.replace("### On the D1", "### Run 1").replace("### On the Unmatched", "### Run 2");
        let p = labelled(&runs, &[6, 13]);
        assert_eq!(kernels(&p), vec![some("5.4.61"), some("5.4.61")], "{:?}", p.notes);
        assert!(p.samples.iter().all(|s| s.params.iter().all(|q| q.name != SECTION_PARAM)), "{:?}", p.samples);
        assert!(p.notes.iter().any(|(_, m)| m.contains("read as runs of one set-up")), "{:?}", p.notes);
        let boots = text
            .replace("### On the D1", "### D1 (first boot)")
            .replace("### On the Unmatched", "### D1 (after reboot)");
        let p = labelled(&boots, &[6, 13]);
        assert!(p.samples.iter().all(|s| s.params.iter().any(|q| q.name == SECTION_PARAM)), "{:?}", p.samples);
        // m01b: the kernels only in the headings.
        let text = "### D1, Linux 5.4.61\nThroughput 1\n\n### Unmatched, Linux 5.13.0\nThroughput 2\n";
        let p = labelled(text, &[2, 5]);
        assert_eq!(kernels(&p), vec![some("5.4.61"), some("5.13.0")], "{:?}", p.notes);
        // m03: the second section's `uname -r` below its runs.
        let text = format!(
            "### On the D1\n```\n$ uname -a\n{d1}\n```\nThroughput 1\n\n### On the Unmatched\nThroughput 2\n```\n\
             $ uname -r\n5.13.0-1019-generic\n```\n"
        );
        let p = labelled(&text, &[6, 9]);
        assert_eq!(kernels(&p), vec![some("5.4.61"), None], "{:?}", p.notes);
        assert!(
            p.notes.iter().any(|(n, m)| *n == 8
                && m.contains("kernel 5.13.0-1019-generic is named only below its runs (line 11)")
                && !m.contains("no line under")),
            "{:?}",
            p.notes
        );
        // Must not fire: one heading naming a kernel; a heading naming two;
        // headings naming none.
        for text in [
            "## Results on Linux 6.1\nThroughput 1\n\n### Run two\nThroughput 2\n",
            "## Linux 6.1 vs Linux 6.2\nThroughput 1\n\n## Kernel 6.2 again\nThroughput 2\n",
            "### Run one\nThroughput 1\n\n### Run two\nThroughput 2\n",
            // Headings naming one kernel only (the LKML 2005-09 fixture's
            // `kernel 2.6.13 build time` over both builds): titles.
            "kernel 2.6.13 build time\n------------------------\nThroughput 1\n\nkernel 2.6.13 build time\n------------------------\nThroughput 2\n",
        ] {
            let at: Vec<usize> =
                text.lines().enumerate().filter(|(_, l)| l.starts_with("Throughput")).map(|(i, _)| i + 1).collect();
            let p = labelled(text, &at);
            if !text.starts_with("kernel") {
                assert_eq!(kernels(&p), vec![None, None], "{text}: {:?}", p.notes);
            }
            assert!(!p.samples.iter().any(|s| s.params.iter().any(|q| q.name == SECTION_PARAM)), "{text}");
            assert!(!p.notes.iter().any(|(_, m)| m.contains("Markdown section")), "{text}: {:?}", p.notes);
        }
        assert_eq!(heading_kernel("D1, Linux 5.4.61").as_deref(), Some("5.4.61"));
        assert_eq!(heading_kernel("Results with kernel 6.2.0-rc3:").as_deref(), Some("6.2.0-rc3"));
        assert_eq!(heading_kernel("Linux 6.1 vs Linux 6.2"), None);
        assert_eq!(heading_kernel("6.1 vs Linux 6.2"), None);
        assert_eq!(heading_kernel("Linux tips"), None);
    }

    /// attack39 #17 (i07): a reply quoting another writer's `uname -a`
    /// (`> Linux alpha 6.1.0 #1 …`) over her run, then the writer's own
    /// run with no `uname -a` of his own: her line names her (quoted) run
    /// only, and his own names no kernel (the directory's), nor her host.
    /// Must not fire: an unquoted `uname -a` names every run below it, and
    /// a quoted one over quoted runs only names them.
    #[test]
    fn a_quoted_uname_line_names_only_the_quoted_runs() {
        let uname = "Linux alpha 6.1.0 #1 SMP PREEMPT_DYNAMIC Mon Jan 2 10:00:00 UTC 2023 x86_64 GNU/Linux";
        let kernels =
            |p: &ParsedFile| p.samples.iter().map(|s| s.kernel.as_ref().map(|k| k.to_string())).collect::<Vec<_>>();
        let hosts = |p: &ParsedFile| {
            p.samples
                .iter()
                .map(|s| s.params.iter().find(|q| q.name == crate::parse::HOST_PARAM).map(|q| q.value.to_string()))
                .collect::<Vec<_>>()
        };
        let reply = format!("Alice wrote:\n> {uname}\n> Throughput 1\n\nHere is mine:\n\nThroughput 2\n");
        let p = labelled(&reply, &[3, 7]);
        assert_eq!(kernels(&p), [Some("6.1.0".to_string()), None], "{:?}", p.notes);
        assert_eq!(p.identity.host, None);
        assert_eq!(hosts(&p), [None, None]);
        // Not fired: unquoted, both runs are the line's; quoted over quoted runs.
        let own = format!("{uname}\nThroughput 1\n\nThroughput 2\n");
        let both = [Some("6.1.0".to_string()), Some("6.1.0".to_string())];
        assert_eq!(kernels(&labelled(&own, &[2, 4])), both);
        let quoted = format!("Alice wrote:\n> {uname}\n> Throughput 1\n>\n> Throughput 2\n");
        assert_eq!(kernels(&labelled(&quoted, &[3, 5])), both);
    }

    /// A `uname -a` line a mail wrapped before its date (linux-fsdevel
    /// 2025-11, wildmod37: fio runs on 6.11 and 6.14): the first half names
    /// the kernel, the tail (`Wed May 28 02:40:52 UTC 2025 x86_64 x86_64
    /// x86_64 GNU/Linux`) is no set-up; as a label it hid the kernels.
    #[test]
    fn a_wrapped_uname_line_names_the_kernel_and_its_tail_no_setup() {
        let text = "Linux box 6.11.0-1016-gcp #16~24.04.1-Ubuntu SMP\nWed May 28 02:40:52 UTC 2025 x86_64 x86_64 x86_64 GNU/Linux\n\
                    Throughput 1\n\
                    Linux box 6.14.0-1019-gcp #20-Ubuntu SMP Wed Oct 15\n00:41:12 UTC 2025 x86_64 x86_64 x86_64 GNU/Linux\n\
                    Throughput 2\n";
        let p = labelled(text, &[3, 6]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, vec![Some("6.11.0-1016-gcp"), Some("6.14.0-1019-gcp")]);
        assert!(p.samples.iter().all(|s| s.params.iter().all(|q| q.name != "label")), "{:?}", p.samples);
        assert!(is_uname_wrapped_tail("Wed May 28 02:40:52 UTC 2025 x86_64 x86_64 x86_64 GNU/Linux"));
        assert!(!is_uname_wrapped_tail("Linux box 6.1.0 #1 SMP Tue Jan 16 10:00:00 UTC 2024 x86_64 GNU/Linux"));
        assert!(!is_uname_wrapped_tail("Debian GNU/Linux"));
    }

    /// From an attacker's trial (session 26, bmc/): boot command lines
    /// alike but for `mitigations=off` above runs of one kernel are two
    /// set-ups, labelled by the words not in every line; a line with
    /// nothing of its own keeps no label.
    #[test]
    fn boot_command_lines_differing_beyond_the_kernel_label_their_runs() {
        let (a, b) = ("BOOT_IMAGE=/boot/vmlinuz-6.1 root=UUID=1234 ro quiet", "mitigations=off");
        let text = format!("{a}\nThroughput 1\n{a}\nThroughput 2\n{a} {b}\nThroughput 3\n{a} {b}\nThroughput 4\n");
        let p = labelled(&text, &[2, 4, 6, 8]);
        let labels: Vec<Option<&str>> =
            p.samples.iter().map(|s| s.params.iter().find(|p| p.name == "label").map(|p| p.value.as_str())).collect();
        assert_eq!(labels, [None, None, Some(b), Some(b)]);
        assert_eq!(
            boot_options("[    0.000000] Kernel command line: BOOT_IMAGE=/vmlinuz-6.9.1 initrd=/initrd-6.9.1 nosmt"),
            Some(vec!["nosmt"])
        );
        assert_eq!(boot_options("BOOT_IMAGE=/boot/custom root=/dev/sda1"), None);
        assert_eq!(boot_options("echo BOOT_IMAGE=/boot/vmlinuz-6.1 ro"), None);
        // Without BOOT_IMAGE= (attacker 28, p50): root= first.
        assert_eq!(
            boot_options("root=/dev/nvme0n1p2 rw quiet mitigations=off"),
            Some(vec!["root=/dev/nvme0n1p2", "rw", "quiet", "mitigations=off"])
        );
        assert_eq!(
            boot_options("[    0.000000] Command line: root=/dev/sda2 ro nosmt initrd=/x"),
            Some(vec!["root=/dev/sda2", "ro", "nosmt"])
        );
        assert_eq!(boot_options("root=/dev/sda1 is where it lives, I think"), None);
        assert_eq!(boot_options("Command line: dbench 16"), None);
        assert_eq!(
            boot_options("initrd=\\initramfs-linux.img root=PARTUUID=abcd rw mitigations=off"),
            Some(vec!["root=PARTUUID=abcd", "rw", "mitigations=off"])
        );
        assert_eq!(boot_options("cmdline: root=/dev/sda1 ro nosmt"), Some(vec!["root=/dev/sda1", "ro", "nosmt"]));
    }

    /// From an attacker's trial (session 23): copies under lines that
    /// differ only by a number the labels take for no set-up (`=== 4 ===` /
    /// `=== 8 ===`) are averaged, but warned of; numbers counting the copies
    /// (`=== 1 ===`, `=== 2 ===`) and a program's readings are not.
    #[test]
    fn copies_under_lines_differing_only_by_a_number_are_warned_of() {
        let p = labelled("=== 4 ===\nThroughput 1\n=== 4 ===\nThroughput 2\n=== 8 ===\nThroughput 3\n", &[2, 4, 6]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1));
        assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
        assert!(p.notes[0].1.contains("`=== 4 ===`; line 5: `=== 8 ===`"), "{:?}", p.notes);
        for text in [
            "=== 1 ===\nThroughput 1\n=== 2 ===\nThroughput 2\n=== 3 ===\nThroughput 3\n",
            "(= 4608 clock ticks)\nThroughput 1\n(= 4577 clock ticks)\nThroughput 2\n",
            "processed: 14614\nThroughput 1\nprocessed: 14982\nThroughput 2\n",
        ] {
            let p = labelled(text, &[2, 4]);
            assert!(p.notes.is_empty(), "{text}: {:?}", p.notes);
        }
    }

    /// From an attacker's trial: a one-word set-up name over run markers
    /// labels its runs; fio's `Run status group` and `clat percentiles`
    /// lines are its own, never a label; a set-up written to /sys through
    /// `tee` labels its runs; dropping the page cache between runs is no
    /// set-up.
    #[test]
    fn set_ups_over_run_markers_tee_and_fio_chatter() {
        let p = labelled(
            "mq-deadline\nrun 1:\nThroughput 1\nrun 2:\nThroughput 2\nnone\nrun 1:\nThroughput 3\nrun 2:\nThroughput 4\n",
            &[3, 5, 8, 10],
        );
        assert_eq!(last_params(&p), vec!["mq-deadline", "mq-deadline", "none", "none"]);
        assert!(is_tool_chatter("Run status group 0 (all jobs):"));
        assert!(is_tool_chatter("clat percentiles (usec):"));
        assert!(is_tool_chatter("Disk stats (read/write):"));
        assert!(is_tool_chatter("timing function used:"));
        assert!(is_tool_chatter("[ec2-user@ip-172-31-28-112 ~]$"));
        assert!(is_tool_chatter("root@box:~#"));
        assert!(!is_tool_chatter("[patched]"));
        assert!(!is_tool_chatter("Total: 3 $"));
        assert!(is_tool_chatter("[ 20ms ] Checkpoint report:"));
        assert!(is_tool_chatter("0inputs+10outputs (0major+61minor)pagefaults 0swaps"));
        assert!(is_tool_chatter("0.00user 0.00system 0:00.01elapsed 0%CPU (0avgtext+0avgdata 1080maxresident)k"));
        assert!(!is_tool_chatter("user system"));
        let tee = "echo performance | sudo tee /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor";
        assert_eq!(config_command(tee).as_deref(), Some(tee));
        assert!(config_command("echo 1 | tee -a /proc/sys/kernel/sched_schedstats").is_some());
        // debugfs mounted at /debug (Peter Zijlstra's scheduler mails).
        let debug = "root@ivb-ep:~/bench# echo NO_FAIR_SLEEPERS > /debug/sched/features";
        assert_eq!(config_command(debug).as_deref(), Some("echo NO_FAIR_SLEEPERS > /debug/sched/features"));
        assert_eq!(config_command("# echo 3 > /proc/sys/vm/drop_caches"), None);
        for (line, want) in [
            ("# hdparm -W0 /dev/sdb", Some("hdparm -W0 /dev/sdb")),
            ("# tune2fs -O ^has_journal /dev/sdb", Some("tune2fs -O ^has_journal /dev/sdb")),
            ("$ sudo blockdev --setra 4096 /dev/sdb", Some("blockdev --setra 4096 /dev/sdb")),
            ("# swapoff -a", Some("swapoff -a")),
            ("# rmmod zram", Some("rmmod zram")),
            ("# swapon -a", Some("swapon -a")),
            ("# modprobe zram", None),
            ("$ git checkout v6.2", Some("git checkout v6.2")),
            ("$ cd /mnt/xfs", Some("cd /mnt/xfs")),
            ("# hdparm -t /dev/sdb", None),
            ("# tune2fs -l /dev/sdb", None),
            ("# blockdev --getra /dev/sdb", None),
            ("$ git log --oneline", None),
            ("$ cd ~/stream && make", None),
            ("cd /mnt/xfs", None),
        ] {
            assert_eq!(config_command(line).as_deref(), want, "{line}");
        }
        assert_eq!(config_command("sysctl -w vm.drop_caches=3"), None);
        assert_eq!(config_command("echo hello | tee notes.txt"), None);
        let ip = "ip link set dev eth0 gso_ipv6_max_size 185000 gro_ipv6_max_size 185000";
        assert_eq!(config_command(ip).as_deref(), Some(ip));
        assert_eq!(config_command("ip link show eth0"), None);
        let renice = "Renice -20 both artsd prozesses (the KDE-2.2.1 noatun sound daemon)";
        assert_eq!(config_command(renice).as_deref(), Some("Renice -20 both artsd prozesses"));
        assert_eq!(config_command("# renice -n 19 -p 4242").as_deref(), Some("renice -n 19"));
        assert_eq!(config_command("# renice -n -20 -p 4242 4250").as_deref(), Some("renice -n -20"));
        assert_eq!(config_command("# renice -20 artsd").as_deref(), Some("renice -20 artsd"));
        assert_eq!(config_command("# renice +5 -u me").as_deref(), Some("renice +5 -u me"));
        assert_eq!(config_command("Renice them all, I said."), None);
        // Attacker 28 (p26): set-up commands in other forms.
        let thp = "echo never > /sys/kernel/mm/transparent_hugepage/enabled";
        assert_eq!(config_command(&format!("$ sudo sh -c '{thp}'")).as_deref(), Some(thp));
        assert_eq!(config_command(&format!("# bash -c \"{thp}\"")).as_deref(), Some(thp));
        let gov = "for f in /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor; do echo performance > $f; done";
        assert_eq!(
            config_command(gov).as_deref(),
            Some("echo performance > /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
        );
        assert_eq!(config_command("for i in 1 2 3; do echo $i > /dev/null; done"), None);
        assert!(config_command("$ sudo smartctl -s wcache,off /dev/sda").is_some());
        assert_eq!(config_command("smartctl -a /dev/sda"), None);
        assert!(config_command("systemctl stop irqbalance").is_some());
        assert_eq!(config_command("systemctl status irqbalance"), None);
        assert!(config_command("sysctl -p /etc/sysctl.d/99-bench.conf").is_some());
        assert!(config_command("ulimit -n 65536").is_some());
        assert!(config_command("tee /sys/kernel/mm/transparent_hugepage/enabled <<< never").is_some());
        assert_eq!(config_command("sh ./run.sh"), None);
    }

    /// Dave Chinner's fs_mark mail (linux-mm 2015): the scene before a
    /// label on one line heads the label lines below it.
    #[test]
    fn a_scene_before_a_label_heads_the_labels_below() {
        let line = "Run the same workload, 4 threads at a time. Normal fsync:";
        assert_eq!(
            scene_line(line),
            Some(("Run the same workload, 4 threads at a time".to_string(), "Normal fsync".to_string()))
        );
        assert_eq!(scene_line("Using io_fsync():"), None);
        assert_eq!(scene_line("I tried it again. It went like this, more or less, the whole time:"), None);
        assert_eq!(scene_line("See 2.6.8. Run 2:"), None);
        assert!(is_counter_beside_program("- run 5 iterations", &["fsmark"]));
    }

    /// A bold line alone is a heading; a bold caption or run marker is none.
    #[test]
    fn bold_lines_alone_head_labels() {
        assert_eq!(bold_heading("**ext4**"), Some("ext4"));
        assert_eq!(bold_heading("**Output:**"), None);
        assert_eq!(bold_heading("**Run 1**"), None);
        assert_eq!(bold_heading("**ext4** is faster"), None);
    }

    /// perf stat's times are its output, no one's words.
    #[test]
    fn perf_stat_times_are_tool_chatter() {
        assert!(is_tool_chatter("9.987657624 seconds time elapsed"));
        assert!(is_tool_chatter("# Table of individual measurements:"));
        assert!(is_tool_chatter("# Final result:"));
        assert!(is_tool_chatter("1.234 seconds user"));
        assert!(is_tool_chatter("9.98 +- 0.01 seconds time elapsed  ( +-  0.12% )"));
        assert!(!is_person_line("0.5 seconds sys", "memtier", &Asked::default()));
        assert!(!is_tool_chatter("10 seconds later it was done"));
    }

    /// `cd`, `umount` around a benchmark's command set nothing up.
    #[test]
    fn housekeeping_commands_are_no_set_up() {
        let line = "cd; umount /mnt; mount -t ext4 /dev/sdb1 /mnt && cd /mnt && dbench 16";
        let words: Vec<&str> = line.words().collect();
        assert_eq!(without_housekeeping(&words).join(" "), "mount -t ext4 /dev/sdb1 /mnt && dbench 16");
        let words = ["taskset", "-c", "0", "hackbench", "-g", "10"];
        assert_eq!(without_housekeeping(&words), words);
    }

    /// A run's pid beside its set-up (`ext4 pid 4242` above each dbench
    /// run) is the run's marker: the set-up is what is left.
    #[test]
    fn a_pid_beside_a_set_up_is_a_run_marker() {
        assert_eq!(setup_beside_counter("ext4 pid 4242", &["dbench"]).as_deref(), Some("ext4"));
        assert_eq!(setup_beside_counter("xfs (pid 4402)", &["dbench"]).as_deref(), Some("xfs"));
        // attack36 t2: a counter as a sentence's object names no set-up.
        assert_eq!(setup_beside_counter("Here's the second run", &["tiobench"]), None);
        assert!(is_counter_beside_program("dbench pid 4402", &["dbench"]));
    }

    /// Peter Puhov's sched/fair patch mail (LKML 2020): `master: 'commit
    /// …'` over each base run, `With patch:` over each patched one. The
    /// second base run took the `with patch` label of the run above it.
    #[test]
    fn a_base_line_labels_the_base_run_after_a_patched_one() {
        let master = "master: 'commit b3a9e3b9622a (\"Linux 5.8-rc1\")'";
        let p = labelled(
            &format!("{master}\nThroughput 1\nWith patch:\nThroughput 2\n{master}\nThroughput 3\n"),
            &[2, 4, 6],
        );
        assert_eq!(last_params(&p), vec![master, "With patch", master]);
        assert_eq!(base_line("base: 8784fb5fa2e0 (tip/master)").as_deref(), Some("base: 8784fb5fa2e0 (tip/master)"));
        assert_eq!(base_line("master:"), None);
        assert_eq!(base_line("Database: mysql"), None);
    }

    /// Jens Axboe's stress-ng msg runs (LKML 2023): a sentence naming a
    /// change, ending in a colon, a blank line, then the output.
    #[test]
    fn a_change_sentence_over_a_blank_line_labels() {
        let p = labelled(
            "Before anything:\nThroughput 1\n\nand with it being the way it is in the branch:\n\nThroughput 2\n",
            &[2, 6],
        );
        assert_eq!(last_params(&p), vec!["Before anything", "and with it being the way it is in the branch"]);
    }

    #[test]
    fn kernel_names_above_runs_become_kernels() {
        let p = labelled(
            "2.5.8:\nThroughput 41.3 MB/sec 16 procs\n2.4.19-pre7:\nThroughput 38.1 MB/sec 16 procs\n",
            &[2, 4],
        );
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, vec![Some("2.5.8"), Some("2.4.19-pre7")]);
    }

    /// A poster's aside of figures before the label's colon (LKML 2021,
    /// will-it-scale runs under `Before this commit (average 25617 +-
    /// 0.16%):`) leaves it a label, not a sentence.
    #[test]
    fn a_label_with_an_aside_of_figures_is_a_label() {
        let p = labelled(
            "Before this commit (average 25617 +- 0.16%):\n\nThroughput 1\nThroughput 2\n\nAfter this commit (average 1194790 +- 0.11%):\n\nThroughput 3\n",
            &[3, 4, 8],
        );
        assert_eq!(last_params(&p), vec!["Before this commit", "Before this commit", "After this commit"]);
        assert_eq!(without_aside("We ran it (see below):"), None);
        assert_eq!(
            without_aside("COMPUTE LOAD 2way (this is more CPU intensive than NORMAL reaim load):").as_deref(),
            Some("COMPUTE LOAD 2way:")
        );
        assert_eq!(without_aside("We ran it on 2 boxes (see below):"), None);
    }

    /// Set-ups told apart only by the command that changed the system
    /// between them (netdev 2024: `ethtool -K eth0 tso on` / `tso off`
    /// above two netperf runs).
    #[test]
    fn a_configuration_command_above_runs_is_their_label() {
        let p = labelled(
            "ethtool -K eth0 tso on\nnetperf -H tjbp27\n\nThroughput 1\n\nethtool -K eth0 tso off\nnetperf -H tjbp27\n\nThroughput 2\n",
            &[4, 9],
        );
        assert_eq!(last_params(&p), vec!["ethtool -K eth0 tso on", "ethtool -K eth0 tso off"]);
        assert_eq!(
            config_command("root@box:~# echo 0 > /proc/sys/kernel/numa_balancing").as_deref(),
            Some("echo 0 > /proc/sys/kernel/numa_balancing")
        );
        assert_eq!(config_command("sudo sysctl -w vm.swappiness=10").as_deref(), Some("sysctl -w vm.swappiness=10"));
        assert_eq!(config_command("ethtool -S eth0"), None);
        assert_eq!(config_command("echo hello"), None);
        // attack50 F5: one command typed with other spacing or quoting is
        // one label, as a shell reads it; another value is another.
        for typed in [
            "echo  NO_FAIR_SLEEPERS  > /debug/sched/features",
            "echo NO_FAIR_SLEEPERS >/debug/sched/features",
            "echo NO_FAIR_SLEEPERS>/debug/sched/features",
            "echo \"NO_FAIR_SLEEPERS\" > '/debug/sched/features'",
            "root@ivb-ep:~/bench# echo NO_FAIR_SLEEPERS > /debug/sched/features",
        ] {
            assert_eq!(
                config_command(typed).as_deref(),
                Some("echo NO_FAIR_SLEEPERS > /debug/sched/features"),
                "{typed}"
            );
        }
        assert_eq!(config_command("echo never >> /sys/x").as_deref(), Some("echo never >> /sys/x"));
        assert_eq!(config_command("echo 'a b' > /sys/x").as_deref(), Some("echo 'a b' > /sys/x"));
        assert_eq!(shell_form("echo 'a>b' 2>&1").as_deref(), Some("echo 'a>b' 2>&1"));
        assert_eq!(shell_form("echo 'open"), None);
        assert_eq!(config_command("sysctl vm.swappiness"), None);
        assert_eq!(setup_line("Scheduler: mq-deadline").as_deref(), Some("mq-deadline"));
        assert_eq!(setup_line("I/O scheduler: BFQ").as_deref(), Some("BFQ"));
        assert_eq!(setup_line("Number of threads: 4"), None);
        assert_eq!(setup_line("Scheduler: we left it at the default one."), None);
    }

    #[test]
    fn before_and_after_become_a_label_parameter() {
        let p = labelled("Before:\nThroughput 1\nThroughput 2\n\nAfter:\nThroughput 3\nThroughput 4\n", &[2, 3, 6, 7]);
        let labels = last_params(&p);
        assert_eq!(labels, vec!["Before", "Before", "After", "After"]);
    }

    #[test]
    fn a_label_on_the_data_line_counts() {
        let p = labelled("Before: Throughput 1 MB/sec\nAfter:  Throughput 2 MB/sec\n", &[1, 2]);
        assert_eq!(p.samples[1].params.last().map(|p| p.value.as_str()), Some("after"));
    }

    #[test]
    fn runs_under_one_label_stay_runs() {
        let p = labelled("dbench first:\nThroughput 1\nThroughput 2\n", &[2, 3]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1 && s.kernel.is_none()));
        let p = labelled("run 1:\nThroughput 1\nrun 2:\nThroughput 2\n", &[2, 4]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1));
        // Nor as one word right above the runs, or a title between blank lines.
        let p = labelled("run1\nThroughput 1\nrun2\nThroughput 2\n", &[2, 4]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1), "{:?}", p.samples);
        let p = labelled("Run 1\n\nThroughput 1\n\nRun 2\n\nThroughput 2\n", &[3, 7]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1), "{:?}", p.samples);
        let p = labelled("Pass #1\n\nThroughput 1\n\nPass #2\n\nThroughput 2\n", &[3, 7]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1), "{:?}", p.samples);
    }

    /// The benchmark's own banner between a set-up's labels and its
    /// result does not end the group: `w/o patch:` over `Results:` and a
    /// hackbench banner stays apart from `w/ patch:` over the same (a
    /// hostile-input trial had them averaged as two runs).
    #[test]
    fn a_banner_under_stacked_labels_keeps_the_outer_label() {
        let block = |label: &str, time: &str| {
            format!(
                "{label}:\nResults:\nRunning in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\nEach sender will pass 100 messages of 100 bytes\nTime: {time}\n"
            )
        };
        let text = format!("{}\n{}", block("w/o patch", "1.000"), block("w/ patch", "2.000"));
        let p = labelled(&text, &[5, 11]);
        let labels = last_params(&p);
        // `Results:` is a caption over each output, no set-up's name
        // (wild32 file 03): each set-up's label alone.
        assert_eq!(labels, vec!["w/o patch", "w/ patch"]);
    }

    /// sysbench's own headings (`CPU speed:`, `General statistics:`) are
    /// passed over: `before:` and `after:` above two whole outputs label
    /// them (a hostile-input trial had them averaged as runs).
    #[test]
    fn sysbench_headings_are_no_labels() {
        let run = |eps: &str| {
            format!(
                "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: 8\n\nThreads started!\n\nCPU speed:\n    events per second: {eps}\n\nGeneral statistics:\n    total time:    10.0001s\n"
            )
        };
        let text = format!("before:\n{}\nafter:\n{}", run("22878757.01"), run("1111.11"));
        let p = labelled(&text, &[10, 24]);
        let labels = last_params(&p);
        assert_eq!(labels, vec!["before", "after"]);
    }

    #[test]
    fn underlined_titles_are_labels() {
        let p = labelled("ext2\n====\nThroughput 1\n\next3\n====\nThroughput 2\n", &[3, 6]);
        assert_eq!(p.samples[0].params.last().map(|p| p.value.as_str()), Some("ext2"));
    }

    #[test]
    fn kernel_lines_and_kernels_inside_labels() {
        let p =
            labelled("Kernel: 3.7.0-rc3-vanilla\nThroughput 1\n\nKernel: 3.7.0-rc3-patched\nThroughput 2\n", &[2, 5]);
        assert_eq!(p.samples[1].kernel.as_deref(), Some("3.7.0-rc3-patched"));
        let p = labelled(
            "Following the 2.5.33 results:\nThroughput 1\nAnd the 2.4.20-pre5aa1 ones:\nThroughput 2\n",
            &[2, 4],
        );
        assert_eq!(p.samples[0].kernel.as_deref(), Some("2.5.33"));
        assert_eq!(p.samples[1].kernel.as_deref(), Some("2.4.20-pre5aa1"));
    }

    /// From an attacker's trial: `Kernel: 6.1-rc3 + fix` is a set-up of its
    /// own, not 6.1-rc3's second run; `6.1-rc3:` under a `6.1-rc3 + patch:`
    /// heading (one paragraph) is the plain kernel's, not `+ patch`'s.
    #[test]
    fn a_kernel_with_a_fix_is_not_the_plain_kernel() {
        let p = labelled("Kernel: 6.1-rc3\nThroughput 1\n\nKernel: 6.1-rc3 + fix\nThroughput 2\n", &[2, 5]);
        let got = kernels_and_last_params(&p);
        assert_eq!(got, vec![(Some("6.1-rc3"), "16"), (None, "6.1-rc3 + fix")]);
        let p = labelled("6.1-rc3 + patch:\nThroughput 1\n6.1-rc3:\nThroughput 2\n", &[2, 4]);
        let got = kernels_and_last_params(&p);
        assert_eq!(got, vec![(None, "6.1-rc3 + patch"), (Some("6.1-rc3"), "16")]);
        // Without colons: `6.1` then `6.1 + fix`, each alone on its line.
        let p = labelled("6.1\nThroughput 1\n\n6.1 + fix\nThroughput 2\n", &[2, 5]);
        let got = kernels_and_last_params(&p);
        assert_eq!(got, vec![(Some("6.1"), "16"), (None, "6.1 + fix")]);
    }

    /// From an attacker's trial (session 26, `ds/`, `f/w21`-`w29`, `w61`,
    /// `w62`): dbench command lines that differ by an option were averaged
    /// as runs of one set-up (O_SYNC's -22% shown as -9.3%): `-s` took the
    /// client count `16` (read as `procs`) for its value and was dropped
    /// with it, `--directory=` likewise, and a line that was another's
    /// start once the read values were left out (`dbench -t 60` beside
    /// `dbench`) was taken for a wrapped one. Each is labelled by its
    /// option now; the bare line keeps no label.
    #[test]
    fn dbench_options_label_their_runs() {
        for (a, b, want) in [
            ("dbench -s 16", "dbench 16", ["-s", "16"]),
            ("dbench -S 16", "dbench 16", ["-S", "16"]),
            ("dbench -x 16", "dbench 16", ["-x", "16"]),
            // Options spelled one way (session 27's attacker: `-s` and
            // `--sync` were two set-ups, `-t60` no option, `-R 16`'s value
            // taken for the client count and the runs pooled with `dbench
            // 16`'s).
            ("dbench --sync-dirs 16", "dbench 16", ["-S", "16"]),
            ("dbench --sync 16", "dbench --fsync 16", ["-s", "-F"]),
            ("dbench --directory=/mnt/ext4 16", "dbench --directory=/mnt/xfs/ 16", ["-D /mnt/ext4", "-D /mnt/xfs"]),
            ("dbench -D /mnt/ext4 16", "dbench 16", ["-D /mnt/ext4", "16"]),
            ("dbench -D /mnt/ext4 16", "dbench -D /mnt/ext4/ --sync 16", ["16", "-s"]),
            ("dbench -t 60 16", "dbench 16", ["-t 60", "16"]),
            ("dbench -t60 16", "dbench -t600 16", ["-t 60", "-t 600"]),
            ("dbench --timelimit=60 16", "dbench -R 16 16", ["-t 60", "-R 16"]),
        ] {
            let text = format!("$ {a}\nThroughput 1\n$ {a}\nThroughput 2\n$ {b}\nThroughput 3\n$ {b}\nThroughput 4\n");
            let p = labelled_as("dbench", &text, &[2, 4, 6, 8]);
            assert_eq!(last_params(&p), [want[0], want[0], want[1], want[1]], "{a} / {b}");
        }
        // kernbench's progress lines (`… run number 1...`) are no sentence
        // hiding its command line (f/kbl.txt: two CPU sets pooled).
        let report = "Half load -j 2 run number 1...\nAverage Half load -j 2 Run (std deviation):\nElapsed Time";
        let text =
            format!("$ taskset -c 0-7 ./kernbench -n 3\n{report} 1\n$ taskset -c 0-15 ./kernbench -n 3\n{report} 2\n");
        let p = labelled_as("kernbench", &text, &[4, 8]);
        assert_eq!(last_params(&p), ["taskset -c 0-7", "taskset -c 0-15"]);
        // Still: a line the start of another as written is a wrapped one.
        let p = labelled_as("dbench", "$ dbench -t\nThroughput 1\n$ dbench -t 60 16\nThroughput 2\n", &[2, 4]);
        assert_eq!(last_params(&p), ["16", "16"]);
    }

    /// From a newcomer's trial (session 30, P1-3): LKP's `hackbench -g 256
    /// -f 20 --process --pipe` and stress-ng's `--memrate 96` kept in the
    /// set-up what the parameters read already say.
    #[test]
    fn options_read_as_parameters_are_no_set_up() {
        let mut read: ReadValues<'_> = FxHashMap::default();
        read.insert("process", vec!["mode"]);
        read.insert("pipe", vec!["ipc"]);
        read.insert("40", vec!["fds"]);
        read.insert("memrate", vec!["stressor"]);
        read.insert("96", vec!["instances"]);
        let words = ["hackbench", "-P", "-f", "20", "-p", "-T"];
        assert_eq!(without_options_read("hackbench", &words, &read), ["hackbench", "-T"]);
        let words = ["hackbench", "-f", "10"];
        assert_eq!(without_options_read("hackbench", &words, &read), words);
        let words = ["stress-ng", "--memrate", "96", "--cpu", "96", "--memrate", "4", "--verify"];
        assert_eq!(
            without_options_read("stress-ng", &words, &read),
            ["stress-ng", "--cpu", "96", "--memrate", "4", "--verify"]
        );
    }

    /// From an attacker's trial (session 27, finding 1): a number given to
    /// a long option is the value the parser read only where the option
    /// names that parameter (`--iodepth=1`, `--numjobs=4`); fio's
    /// `--direct=1` was dropped as `iodepth=1`'s `1`, stress-ng's
    /// `--taskset 4` as `instances=4`'s `4`.
    #[test]
    fn long_options_keep_numbers_of_other_parameters() {
        let mut read: ReadValues<'_> = FxHashMap::default();
        read.insert("1", vec!["iodepth", "jobs"]);
        read.insert("4", vec!["instances"]);
        read.insert("randread", vec!["rw"]);
        read.insert("TCP_STREAM", vec!["test"]);
        let words = ["fio", "--rw=randread", "--iodepth=1", "--numjobs=1", "--direct=1"];
        assert_eq!(without_read_values("fio", &words, &read), ["fio", "--direct=1"]);
        // fio's one-dash long options alike (attacker 28, p34).
        let words = ["fio", "-rw=randread", "-iodepth=1", "-direct=1"];
        assert_eq!(without_read_values("fio", &words, &read), ["fio", "-direct=1"]);
        let words = ["stress-ng", "--cpu", "4", "--taskset", "4"];
        assert_eq!(without_read_values("stress-ng", &words, &read), ["stress-ng", "--cpu", "4", "--taskset", "4"]);
        // Short options and words as before: `-t TCP_STREAM`, `-P 4`.
        let words = ["netperf", "-t", "TCP_STREAM", "-P", "4", "-l", "30"];
        assert_eq!(without_read_values("netperf", &words, &read), ["netperf", "-l", "30"]);
        assert!(names_parameter("cpu-max-prime", "cpu_max_prime"));
        assert!(!names_parameter("direct", "iodepth"));
    }

    /// From an attacker's trial: copies told apart only by their command
    /// lines are labelled by the part that differs; one that is the start
    /// of another (a command wrapped in the mail) or a word the parser
    /// read (its group) labels nothing, nor does a command above a sentence.
    #[test]
    fn command_lines_that_differ_label_their_copies() {
        let p = labelled("$ netperf -H a -T 1,1\nThroughput 1\n\n$ netperf -H b -T 1,1\nThroughput 2\n", &[2, 5]);
        assert_eq!(last_params(&p), vec!["-H a", "-H b"]);
        let p = labelled(
            "# taskset -c 0 netperf -T 1,1\nThroughput 1\n# taskset -c 0-7 netperf -T 1,1\nThroughput 2\n",
            &[2, 4],
        );
        assert_eq!(last_params(&p), vec!["taskset -c 0", "taskset -c 0-7"]);
        let p = labelled("$ numactl -N 1 netperf -T 1,1\nThroughput 1\n$ netperf -T 1,1\nThroughput 2\n", &[2, 4]);
        assert_eq!(last_params(&p), vec!["numactl -N 1", "16"]);
        // Wrapped: `netperf -H a` is the start of `netperf -H a -T 1,1`,
        // and the line below it goes on with `-T 1,1`.
        let p = labelled("$ netperf -H a\n-T 1,1\nThroughput 1\n$ netperf -H a -T 1,1\nThroughput 2\n", &[3, 5]);
        assert_eq!(last_params(&p), vec!["16", "16"]);
        // Not wrapped, options added at the end (attacker 27, finding 1:
        // `dbench 16` / `dbench 16 --sync`, `iperf3 -c x` / `… -R`, averaged
        // as runs of one set-up): the added options label their copy.
        let p = labelled("$ netperf -H a\nThroughput 1\n$ netperf -H a -T 1,1\nThroughput 2\n", &[2, 4]);
        assert_eq!(last_params(&p), vec!["16", "-T 1,1"]);
        let p = labelled(
            "$ netperf -H a\nThroughput 1\n\nThe second run is on the other box, see below:\nThroughput 2\n",
            &[2, 5],
        );
        assert_eq!(last_params(&p), vec!["16", "16"]);
        // A value the parser read (here 16) is passed over: `-H 16 x` is
        // `x` beside `-H 8 x`.
        let p = labelled("$ netperf -H 16 x\nThroughput 1\n$ netperf -H 8 x\nThroughput 2\n", &[2, 4]);
        assert_eq!(last_params(&p), vec!["16", "-H 8"]);
        assert_eq!(command_words("I ran netperf -H a twice.", "netperf"), None);
        assert_eq!(
            command_words("[root@box software]# sudo /usr/bin/netperf -H a", "netperf"),
            Some(vec!["root@box", "netperf", "-H", "a"])
        );
        // A prompt longer than 60 characters, cut whole: `./fio` is `fio`
        // and the directory no word of the command (attack38 #4).
        assert_eq!(
            command_words(
                "abhishekmgupta_google_com@abhishek-c4-192-west4a:~/fio-fio-3.38$ ./fio --name=randread --rw=randread",
                "fio"
            ),
            Some(vec!["abhishekmgupta_google_com@abhishek-c4-192-west4a", "fio", "--name=randread", "--rw=randread"])
        );
        assert_eq!(
            command_words("abhishekmgupta_google_com@abhishek-west4a-2504:~$ fio --name=randread --rw=randread", "fio"),
            Some(vec!["abhishekmgupta_google_com@abhishek-west4a-2504", "fio", "--name=randread", "--rw=randread"])
        );
        // set -x's `+ `, starship's `❯ `, zsh's `box% `, `(venv) $ `.
        for line in
            ["+ sudo hackbench --pipe", "❯ hackbench --pipe", "box% hackbench --pipe", "(venv) $ hackbench --pipe"]
        {
            assert_eq!(command_words(line, "hackbench"), Some(vec!["hackbench", "--pipe"]), "{line}");
        }
        // LKP's time stamps before each run's command are no set-up.
        let p = labelled(
            "2026-07-19 18:06:13 netperf -T 1,1\nThroughput 1\n2026-07-19 18:07:13 netperf -T 1,1\nThroughput 2\n",
            &[2, 4],
        );
        assert_eq!(last_params(&p), vec!["16", "16"]);
        // Two machines by their prompts (a GitHub note: a host and its VM).
        let p = labelled("linux:~/src # ./netperf\nThroughput 1\n\nubuntu@vm:~$ netperf\nThroughput 2\n", &[2, 5]);
        assert_eq!(last_params(&p), vec!["linux", "ubuntu@vm"]);
    }

    /// From an attacker's trial (session 25, t/loopj.txt): a shell loop
    /// over `make -j$j` above three bash `time` blocks labels them by its
    /// values in order; a loop whose variable the command does not use ran
    /// runs; one with fewer blocks than values is warned of.
    #[test]
    fn a_shell_loop_over_setups() {
        let p = labelled("$ for h in a b; do netperf -H $h -l 30; done\nThroughput 1\nThroughput 2\n", &[2, 3]);
        assert_eq!(last_params(&p), vec!["netperf -H a", "netperf -H b"]);
        let mut p = labelled("$ for h in a b c; do netperf -H $h; done\nThroughput 1\nThroughput 2\n", &[2, 3]);
        assert_eq!(last_params(&p), vec!["16", "16"]);
        p.notes.retain(|(line, _)| *line == 1);
        assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
        assert_eq!(
            shell_loop("$ for j in 1 2 4; do time make -j${j} 2>&1; done", "time"),
            Some(("j", vec!["1".to_string(), "2".to_string(), "4".to_string()], vec!["make", "-j${j}"]))
        );
        assert_eq!(shell_loop("$ for i in 1 2 3; do dbench 16; done", "dbench"), None);
        // A shell's shorthand for the values (attack26 f/l6, l7) is read.
        for list in ["$(seq 3)", "`seq 1 3`", "{1..3}", "{1,2,3}"] {
            let line = format!("$ for j in {list}; do time make -j$j; done");
            let values = shell_loop(&line, "time").map(|l| l.1);
            assert_eq!(values, Some(vec!["1".to_string(), "2".to_string(), "3".to_string()]), "{list}");
        }
        assert_eq!(shell_loop("$ for j in $(seq 1 2); do time make -j$((j*4)); done", "time"), None);
        // Loops the rule cannot read are warned of where their variable is
        // used (attack26 f/l1, l4, l6), not where it counts runs.
        for (line, var) in [
            ("$ for i in 1 2; do for j in 1 4; do make clean; time make -j$j >/dev/null; done; done", Some("j")),
            ("$ for fs in ext4 xfs; do mkfs.$fs -q /dev/sdb; time tar xf l.tar -C /mnt; done", Some("fs")),
            ("$ for j in $(seq 1 2); do time make -j$((j*4)); done", Some("j")),
            ("$ for i in 1 2 3; do dbench 16; done", None),
            ("$ for i in 1 2 3; do dbench 16 > run$into.log; done", None),
        ] {
            assert_eq!(loop_over_setups(line), var, "{line}");
        }
        let text = "$ for i in 1 2; do for j in 1 4; do time make -j$j; done; done\nThroughput 1\nThroughput 2\n\
                    Throughput 3\nThroughput 4\n";
        let p = labelled(text, &[2, 3, 4, 5]);
        assert!(p.notes.iter().any(|(line, n)| *line == 1 && n.contains("may be set-ups")), "{:?}", p.notes);
        // A loop counting runs around one over set-ups (f/l4): the inner
        // values in turn; not where the outer variable is used.
        let l4 = "$ for i in 1 2; do for j in 1 4; do make clean; time make -j$j >/dev/null; done; done";
        assert_eq!(nested_loop(l4, "time").map(|(runs, l)| (runs, l.1)), Some((2, vec!["1".into(), "4".into()])));
        assert_eq!(nested_loop(&l4.replace("clean;", "clean$i;"), "time"), None);
        assert_eq!(nested_loop("$ for j in 1 4; do time make -j$j; done", "time"), None);
        assert_eq!(shell_loop("I looped for j in 1 2; do make -j$j; done", "make"), None);
    }

    /// From an attacker's trial (session 25): `/proc/cmdline`'s
    /// `BOOT_IMAGE=` names the booted kernel (t/k1.txt); a syslog line's
    /// host and `tag[pid]:` are no part of the set-up beside its date
    /// (pid/content).
    #[test]
    fn boot_image_and_syslog_tag() {
        assert_eq!(
            booted_kernel("BOOT_IMAGE=/boot/vmlinuz-6.1.0-13-amd64 root=UUID=1234 ro quiet").as_deref(),
            Some("6.1.0-13-amd64")
        );
        assert!(booted_kernel("BOOT_IMAGE=(hd0,gpt2)/vmlinuz-6.7.0-rc3+ ro").is_some());
        assert_eq!(booted_kernel("BOOT_IMAGE=/boot/custom root=/dev/sda1"), None);
        assert_eq!(setup_beside_counter("Jan 16 10:00:01 box bench[4242]: ext4", &["dbench"]).as_deref(), Some("ext4"));
        assert_eq!(setup_beside_counter("Jan 16 10:05:01 box bench[4311]: xfs", &["dbench"]).as_deref(), Some("xfs"));
    }

    /// From an attacker's trial (session 25, t/i.txt, c3, c2, d): a
    /// `swapon -a` after `swapoff -a`'s runs labels the runs below it; a
    /// `swapon` right under a set-up script's line is that script's, the
    /// line above it the set-up (the zswap posts' `swapon /swapfile`).
    #[test]
    fn swapon_labels_unless_under_a_setup_line() {
        let p = labelled("# swapoff -a\n# dbench 16\nThroughput 1\n# swapon -a\n# dbench 16\nThroughput 2\n", &[3, 6]);
        assert_eq!(last_params(&p), vec!["swapoff -a", "swapon -a"]);
        let zswap = "/sys/module/zswap/parameters";
        let p = labelled(
            &format!(
                "# echo 0 > {zswap}/enabled\n# swapon /swapfile\n# dbench 16\nThroughput 1\n\
                 # echo 1 > {zswap}/enabled\n# swapon /swapfile\n# dbench 16\nThroughput 2\n"
            ),
            &[4, 8],
        );
        let (off, on) = (format!("echo 0 > {zswap}/enabled"), format!("echo 1 > {zswap}/enabled"));
        assert_eq!(last_params(&p), vec![off.as_str(), on.as_str()]);
    }

    /// A line of several commands is judged part by part: housekeeping
    /// before or after a set-up (`sync; echo never > …`, `sleep 30 &&
    /// sysctl -w …`) no longer hides it (an attacker's trial, session 27:
    /// each had its two set-ups' runs averaged).
    #[test]
    fn housekeeping_parts_drop_out_of_setup_lines() {
        let thp = "/sys/kernel/mm/transparent_hugepage/enabled";
        for (line, want) in [
            (format!("# sync; echo never > {thp}"), Some(format!("echo never > {thp}"))),
            ("# echo 3 > /proc/sys/vm/drop_caches; hdparm -W0 /dev/sda".into(), Some("hdparm -W0 /dev/sda".into())),
            ("# umount /mnt; mount -o barrier=0 /dev/sdb1 /mnt".into(), Some("mount -o barrier=0".into())),
            ("$ sleep 30 && sudo sysctl -w vm.dirty_ratio=10".into(), Some("sysctl -w vm.dirty_ratio=10".into())),
            ("# cd /mnt/xfs && sync".into(), Some("cd /mnt/xfs".into())),
            ("sync; sysctl -w a.b=1 || sysctl -w a.c=2".into(), Some("sysctl -w a.b=1; sysctl -w a.c=2".into())),
            ("# echo \"a;b\" > /sys/x".into(), Some("echo 'a;b' > /sys/x".into())),
            ("# sync; echo 3 > /proc/sys/vm/drop_caches".into(), None),
            ("# sync && sleep 10".into(), None),
            ("$ cd ~/stream && make".into(), None),
            ("# cd /mnt/xfs && cd /mnt/ext4".into(), None),
            ("cd /mnt/xfs && sync".into(), None),
        ] {
            assert_eq!(config_command(&line), want, "{line}");
        }
        assert_eq!(command_line_parts("a; b && c || d | e"), vec!["a", "b", "c", "d | e"]);
        let p = labelled(
            &format!(
                "# sync; echo always > {thp}\n# dbench 16\nThroughput 1\n# dbench 16\nThroughput 2\n\
                 # sync; echo never > {thp}\n# dbench 16\nThroughput 3\n"
            ),
            &[3, 5, 8],
        );
        let (always, never) = (format!("echo always > {thp}"), format!("echo never > {thp}"));
        assert_eq!(last_params(&p), vec![always.as_str(), always.as_str(), never.as_str()]);
    }

    /// command typed between runs that makes, mounts or points at another
    /// file system labels the runs below it; one that changes nothing does
    /// not.
    #[test]
    fn filesystem_commands_between_runs() {
        let cases = [
            ("# mkfs.xfs -f /dev/sdb1 >/dev/null; mount /dev/sdb1 /mnt", Some("mkfs.xfs")),
            ("# umount /mnt; mkfs.ext4 -q /dev/sdb1; mount /dev/sdb1 /mnt", Some("mkfs.ext4")),
            ("$ sudo mount -o remount,barrier=0 /mnt", Some("mount -o remount,barrier=0")),
            ("$ export DBENCH_DIR=/mnt/xfs", Some("DBENCH_DIR=/mnt/xfs")),
            ("root@box:~# cd /mnt/xfs", None),
            ("# mount /dev/sdb1 /mnt", None),
            ("# sync", None),
            ("# cd", None),
            ("# echo 3 > /proc/sys/vm/drop_caches", None),
        ];
        for (line, want) in cases {
            assert_eq!(config_command(line).as_deref(), want, "{line}");
        }
        let p = labelled(
            "# mkfs.xfs -f /dev/sdb1; mount /dev/sdb1 /mnt\n# dbench -D /mnt 16\nThroughput 1\n# dbench -D /mnt 16\n\
             Throughput 2\n# umount /mnt; mkfs.ext4 /dev/sdb1; mount /dev/sdb1 /mnt\n# dbench -D /mnt 16\nThroughput 3\n",
            &[3, 5, 8],
        );
        assert_eq!(last_params(&p), vec!["mkfs.xfs", "mkfs.xfs", "mkfs.ext4"]);
    }

    /// From an attacker's trial (session 21): set-up lines whose values
    /// differ between copies under the same name label the copies, the
    /// pair whole (`filesystem: xfs`), a `key=value` line as written, a
    /// bold or bracketed title without its dress, a numbered run by its
    /// aside; a program's own aligned or figures-only lines and a run's
    /// counter do not.
    #[test]
    fn set_up_lines_that_differ_label_their_copies() {
        for (a, b, want) in [
            ("Filesystem: ext4", "Filesystem: xfs", ["Filesystem: ext4", "Filesystem: xfs"]),
            ("SMT: on", "SMT: off", ["SMT: on", "SMT: off"]),
            ("CPU frequency: 2.0 GHz", "CPU frequency: 3.0 GHz", ["CPU frequency: 2.0 GHz", "CPU frequency: 3.0 GHz"]),
            ("mitigations=on", "mitigations=off", ["mitigations=on", "mitigations=off"]),
            ("**Before patch**", "**After patch**", ["Before patch", "After patch"]),
            ("[base]", "[patched]", ["base", "patched"]),
            ("Run 1 (cold cache):", "Run 2 (warm cache):", ["cold cache", "warm cache"]),
            ("Filesystem = ext4", "Filesystem = xfs", ["Filesystem = ext4", "Filesystem = xfs"]),
            ("*Before*", "*After*", ["Before", "After"]),
            ("(base)", "(patched)", ["base", "patched"]),
            ("<b>Before</b>", "<b>After</b>", ["Before", "After"]),
            ("- ext4", "- xfs", ["ext4", "xfs"]),
            ("Threads: 4", "Threads: 8", ["Threads: 4", "Threads: 8"]),
            ("Run 1 on ext4:", "Run 2 on xfs:", ["ext4", "xfs"]),
            ("run1 ext4", "run2 xfs", ["ext4", "xfs"]),
            ("Run 1 - ext4", "Run 2 - xfs", ["ext4", "xfs"]),
            // As written, as README says labels show.
            ("Run 1 (Cold Cache):", "Run 2 (Warm Cache):", ["Cold Cache", "Warm Cache"]),
            ("Run one (cold cache):", "Run two (warm cache):", ["cold cache", "warm cache"]),
            ("CPUs: 1", "CPUs: 2", ["CPUs: 1", "CPUs: 2"]),
            ("NO_DELAY_DEQUEUE", "DELAY_DEQUEUE", ["NO_DELAY_DEQUEUE", "DELAY_DEQUEUE"]),
        ] {
            let p = labelled(&format!("{a}\nThroughput 1\n\n{b}\nThroughput 2\n"), &[2, 5]);
            assert_eq!(last_params(&p), want, "{a} / {b}");
        }
        // A name above one copy only labels nothing.
        let p = labelled("Filesystem: ext4\nThroughput 1\n\nThroughput 2\n", &[2, 4]);
        assert_eq!(last_params(&p), vec!["16", "16"]);
        // A copy with no such line between it and the copy before is under
        // the line above that one (LKML 2006, `State:` over three Bonnie
        // rows each: only each first row was labelled).
        let p = labelled(
            "State: Without patch\nThroughput 1\n\nThroughput 2\n\nState: Patch was applied\nThroughput 3\n\nThroughput 4\n",
            &[2, 4, 7, 9],
        );
        let without = "State: Without patch";
        assert_eq!(last_params(&p), [without, without, "State: Patch was applied", "State: Patch was applied"]);
        for line in [
            "Total ticks      : 371867026",
            "current rps: 18042.84",
            "min=5698, max=17204",
            "iterations: 2",
            "Date: Mon Oct 26",
            "Started: 12:00:01",
            "I ran it on ext4 and then on xfs.",
            "(= 4608 clock ticks)",
            "Instance: 2",
            "- ./hackbench -g 10",
            "run 2, CSV only:",
            "Run 2:",
            "RESULTS",
            "NO_",
            "Delay_Dequeue",
        ] {
            assert_eq!(setup_pair(line), None, "{line}");
        }
        assert_eq!(setup_pair("NO_HRTICK"), Some(("HRTICK".to_string(), "NO_HRTICK".to_string())));
        assert_eq!(setup_pair("Scheduler: BFQ"), Some(("scheduler".to_string(), "BFQ".to_string())));
        assert_eq!(setup_pair("http://khack.osdl.org/stp/300029"), None);
        // A list item's aside at its end is left out (wildmod54, LKML 2020-03).
        assert_eq!(
            setup_pair("- commit 112f158f66cb (which is previous commit of 5b18b5a73760)"),
            Some(("-".to_string(), "commit 112f158f66cb".to_string()))
        );
        assert_eq!(
            setup_pair("- v5.6-rc with this patch"),
            Some(("-".to_string(), "v5.6-rc with this patch".to_string()))
        );
    }

    /// From an attacker's trial (session 21): set-up lines of other names
    /// above two copies (no label taken) are warned of, as is a sentence
    /// quoting an option; a program's aligned pair and figures are not.
    #[test]
    fn set_up_lines_of_other_names_are_warned_of() {
        let p = labelled("Filesystem: ext4\nThroughput 1\n\n[patched]\nThroughput 2\n", &[2, 5]);
        assert_eq!(last_params(&p), vec!["16", "16"]);
        assert!(
            p.notes.iter().any(|(l, m)| *l == 4 && m.contains("line 1: `Filesystem: ext4`; line 4: `[patched]`")),
            "{:?}",
            p.notes
        );
        // A bold line alone heads its runs (a set-up of its own): not averaged.
        let p = labelled("mitigations=off\nThroughput 1\n\n**With the fix**\nThroughput 2\n", &[2, 5]);
        let labels = last_params(&p);
        assert_ne!(labels[0], labels[1], "{:?}", p.notes);
        assert!(is_person_line("With “cont-pages=on”, qemu keep 907264kb THPs.", "netperf", &Asked::default()));
        assert!(!is_person_line("Total ticks      : 371867026", "netperf", &Asked::default()));
        assert!(!is_person_line("Compiler version : GCC11.1.0", "netperf", &Asked::default()));
        assert!(!is_person_line("Sender: owner-linux-mm@kvack.org", "netperf", &Asked::default()));
        assert!(!is_person_line("Running in process mode with 10 groups (== 400 tasks)", "netperf", &Asked::default()));
    }

    /// From an attacker's trial (session 21): runs split into set-ups
    /// wrongly. Numbered runs' logs on the command lines and ordinals are
    /// runs; a negative value is its option's (`nice -n -20`).
    #[test]
    fn run_logs_and_ordinals_are_runs_and_negative_values_keep_their_option() {
        let p = labelled(
            "$ netperf -l 30 > run1.log; cat run1.log\nThroughput 1\n\n$ netperf -l 30 > run2.log; cat run2.log\nThroughput 2\n",
            &[2, 5],
        );
        assert_eq!(last_params(&p), vec!["16", "16"]);
        // A log named for a set-up still tells it.
        let p = labelled(
            "$ netperf -l 30 | tee base.log\nThroughput 1\n\n$ netperf -l 30 | tee patched.log\nThroughput 2\n",
            &[2, 5],
        );
        assert_eq!(last_params(&p), vec!["base.log", "patched.log"]);
        for (a, b) in [("1st run:", "2nd run:"), ("First run:", "Second run:"), ("3rd try", "4th try")] {
            let p = labelled(&format!("{a}\nThroughput 1\n\n{b}\nThroughput 2\n"), &[2, 5]);
            assert_eq!(last_params(&p), vec!["16", "16"], "{a} / {b}");
        }
        assert!(!is_numbered_run("first run the benchmark twice"));
        assert!(!is_numbered_run("run three times") && is_numbered_run("run three (warm)"));
        let p = labelled(
            "$ nice -n 19 netperf -l 30\nThroughput 1\n\n$ nice -n -20 netperf -l 30\nThroughput 2\n",
            &[2, 5],
        );
        assert_eq!(last_params(&p), vec!["nice -n 19", "nice -n -20"]);
    }

    /// From an attacker's trial (session 21): a one-`#` heading or comment
    /// labels without its `#`, alone between blank lines or right above
    /// its copy; a root shell's command after `#` is no label.
    #[test]
    fn one_hash_headings_label_without_their_hash() {
        let p = labelled("# Before patch\n\nThroughput 1\n\n# After patch\n\nThroughput 2\n", &[3, 7]);
        assert_eq!(last_params(&p), vec!["Before patch", "After patch"]);
        let p = labelled("# ext4\nThroughput 1\n\n# xfs\nThroughput 2\n", &[2, 5]);
        assert_eq!(last_params(&p), vec!["ext4", "xfs"]);
        for line in ["# echo 3 > /proc/sys/vm/drop_caches", "# uname -r", "# run 2", "#!/bin/sh"] {
            assert_eq!(setup_pair(line), None, "{line}");
        }
    }

    /// From an attacker's trial (session 21): copies whose command lines
    /// differ only in the program's directory or name ran two builds, each
    /// labelled by its program as written.
    #[test]
    fn programs_that_differ_label_their_copies() {
        let p = labelled("$ ./netperf -l 30\nThroughput 1\n\n$ ./netperf-patched -l 30\nThroughput 2\n", &[2, 5]);
        assert_eq!(last_params(&p), vec!["netperf", "netperf-patched"]);
        let p = labelled(
            "$ /usr/bin/netperf -l 30\nThroughput 1\n\n$ ~/src/netperf/netperf -l 30\nThroughput 2\n",
            &[2, 5],
        );
        assert_eq!(last_params(&p), vec!["/usr/bin/netperf", "~/src/netperf/netperf"]);
        // The same program as written: runs.
        let p = labelled("$ ./netperf -l 30\nThroughput 1\n\n$ ./netperf -l 30\nThroughput 2\n", &[2, 5]);
        assert_eq!(last_params(&p), vec!["16", "16"]);
        assert!(!is_program("memtier_benchmark", "memtier"));
    }

    /// From an attacker's trial: copies averaged as runs with different
    /// prose above them are warned of; a kernel above the first copy only
    /// heads both runs, silently; a change's name there, with a warning.
    #[test]
    fn copies_under_different_prose_are_warned_of() {
        let p = labelled("I ran it on 6.1 first.\nThroughput 1\n\nThen on 6.2.\nThroughput 2\n", &[2, 5]);
        assert_eq!(last_params(&p), vec!["16", "16"]);
        assert!(
            p.notes.iter().any(|(l, m)| *l == 4 && m.contains("line 1: `I ran it on 6.1 first.`")),
            "{:?}",
            p.notes
        );
        let p = labelled("6.1:\nThroughput 1\n\nThroughput 2\n", &[2, 4]);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
        let p = labelled("before:\nThroughput 1\n\nThroughput 2\n", &[2, 4]);
        assert!(p.notes.iter().any(|(l, m)| *l == 1 && m.contains("first of 2 copies")), "{:?}", p.notes);
        // The benchmark's own lines and figures between copies are no prose.
        let p = labelled("Throughput 1\nTotal time (secs): 15.49\n\nThroughput 2\nTotal time (secs): 15.61\n", &[1, 4]);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    /// attack32 F7 (case 07: hackbench/edited-kernel-label-over-first-copy-only
    /// pasted twice): `6.1:` over the first of each two copies, the banner
    /// over each. The first figure was kernel 6.1's, the other three none's:
    /// the same text read two ways. Now all four alike, as in the file
    /// pasted once (`6.1:` above the first copy only heads both).
    #[test]
    fn a_label_alike_over_each_pasted_copy_reads_every_copy_alike() {
        let once = "6.1:\nRunning in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                    Each sender will pass 100 messages of 16 bytes\nThroughput 1\n\n\
                    Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n\
                    Each sender will pass 100 messages of 16 bytes\nThroughput 2\n";
        let kernels = |p: &ParsedFile| p.samples.iter().map(|s| s.kernel.clone()).collect::<Vec<_>>();
        let single = labelled(once, &[4, 8]);
        let twice = labelled(&format!("{once}{once}"), &[4, 8, 12, 16]);
        assert_eq!(kernels(&single), vec![None, None]);
        assert_eq!(kernels(&twice), vec![None, None, None, None]);
        assert!(twice.samples.iter().all(|s| s.params.iter().all(|p| p.name != "label")));
    }

    /// wild32 file 03 (fixture sysbench/gh-md-sysbench-1.0-fileio-laptop-vs-
    /// server-numbered-lines-resaults-caption): the caption over each run,
    /// also glued to sysbench's own heading, names no set-up; a word that
    /// only looks like one does.
    #[test]
    fn a_results_caption_is_no_label() {
        for t in ["- resaults:", "- resaults: File operations:", "Results:", "* Output:", "result:"] {
            assert!(is_results_caption(t), "{t}");
        }
        for t in ["resaults", "- before:", "Results with kernel 2.6.13:", "- rsults:", "my_laptop:", "resultant:"] {
            assert!(!is_results_caption(t), "{t}");
        }
    }

    /// wild31 file 13 (fixture pgbench/gh-md-ru-2024-10-pgbench-15-…): a
    /// numbered set-up item too long for a label, right over its intro and
    /// its fenced run, labels it by its first words; a heading over a
    /// Markdown table captions the table only. Prose that is no numbered
    /// item, or an item with text between it and the run, labels nothing.
    #[test]
    fn a_long_numbered_item_right_above_its_run_labels_it() {
        let text = "### Glossary\n| a | b |\n|---|---|\n| x | y |\n\n4. Ran it:\nThroughput 1\n\n\
                    5. Set the settings in postgresql.conf to the course's and restarted\nOutput below:\n\
                    ```\nThroughput 2\n```\n";
        let p = labelled(text, &[7, 12]);
        assert_eq!(last_params(&p), vec!["Ran it", "Set the settings in postgresql.conf to the…"]);
        let far = text.replace("Output below:\n", "Output below:\n\nMore words here.\n");
        assert_eq!(long_numbered_item(&far.lines().collect::<Vec<_>>(), &[false; 20], 8), None);
        let trimmed: Vec<&str> = text.lines().collect();
        let mut read = vec![false; trimmed.len() + 2];
        read[12] = true;
        assert_eq!(long_numbered_item(&trimmed, &read, 8).map(|(_, intro)| intro), Some(10));
        let prose = trimmed.iter().map(|t| t.replace("5. Set", "We set")).collect::<Vec<_>>();
        let prose: Vec<&str> = prose.iter().map(String::as_str).collect();
        assert_eq!(long_numbered_item(&prose, &read, 8), None);
    }

    /// The end of an iperf3 summary a mail wrapped onto its own line is no
    /// label, by the one rule the iperf3 parser rejoins it with: a loss in
    /// brackets is a number (`(0%)`, `(0.12%)`), then the role.
    #[test]
    fn an_iperf3_wrapped_tail_is_told_by_the_parsers_rule() {
        for t in ["sender", "receiver", "Datagrams", "(0%)  sender", "(0.12%)  receiver"] {
            assert!(is_iperf3_wrapped_tail(t), "{t}");
            assert_eq!(super::super::iperf3::loss_and_role(t).is_some(), t.starts_with('('), "{t}");
        }
        for t in ["(most%) sender", "(0%)  senders", "sender side", "(0%)"] {
            assert!(!is_iperf3_wrapped_tail(t), "{t}");
        }
    }

    /// From a 2001 LKML post: two kernels named in one line above dbench
    /// runs that alternate between them (`first lines for 2.4.7-ac3, then
    /// 2.4.7-ac9`) were averaged as runs of one, silently; a line naming
    /// one kernel heads its runs, silently.
    #[test]
    fn two_kernels_named_in_one_line_above_merged_copies_are_warned_of() {
        let p = labelled("first lines for 2.4.7-ac3, then 2.4.7-ac9\n\nThroughput 1\n\nThroughput 2\n", &[3, 5]);
        assert!(
            p.notes.iter().any(|(l, m)| *l == 1 && m.contains("names 2 kernels (2.4.7-ac3, 2.4.7-ac9)")),
            "{:?}",
            p.notes
        );
        let p = labelled("2.6.1-rc1 against 2.6.0:\nresults on 2.6.8:\nThroughput 1\nThroughput 2\n", &[3, 4]);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    /// attack46 F10: prose naming two versions (`from 6.1 to 6.2`) above a
    /// file whose own `uname -r` (or `uname -a`) names its one kernel is
    /// the writer's story: no doubt, the runs that kernel's. Without such a
    /// line, or with two naming different kernels, the warning stays.
    #[test]
    fn prose_naming_two_versions_doubts_no_file_that_names_its_kernel() {
        let prose = "dbench got faster from 6.1 to 6.2 on this box:\n\n";
        for (uname, lines) in [
            ("$ uname -r\n6.2.0\n", [5, 6]),
            ("Linux box 6.2.0 #1 SMP PREEMPT_DYNAMIC Mon Feb 20 10:00:00 UTC 2023 x86_64 GNU/Linux\n\n", [5, 6]),
        ] {
            let p = labelled(&format!("{prose}{uname}Throughput 1\nThroughput 2\n"), &lines);
            assert!(p.notes.iter().all(|(_, m)| !m.contains(DOUBTED_COPIES)), "{uname}: {:?}", p.notes);
            assert!(p.samples.iter().all(|s| s.kernel.as_deref() == Some("6.2.0")), "{uname}");
        }
        // Must still fire: no kernel line; two naming different kernels.
        let p = labelled(&format!("{prose}Throughput 1\nThroughput 2\n"), &[3, 4]);
        assert!(p.notes.iter().any(|(l, m)| *l == 1 && m.contains(DOUBTED_COPIES)), "{:?}", p.notes);
        let text = format!("{prose}$ uname -r\n6.1.0\n$ uname -r\n6.2.0\nThroughput 1\nThroughput 2\n");
        let p = labelled(&text, &[7, 8]);
        assert!(p.notes.iter().any(|(l, m)| *l == 1 && m.contains(DOUBTED_COPIES)), "{:?}", p.notes);
    }

    /// attack46 F16: Markdown list items that only count runs (`- First
    /// run` / `- Second run`, `* Run 1:`, `- Run #2`) are runs of one
    /// set-up, as `### Run 1` headings are (they were two set-ups, nothing
    /// averaged); items naming set-ups (`- with patch:`, `- THP enabled:`)
    /// still label their runs, and a run item under one keeps its label.
    #[test]
    fn list_items_counting_runs_are_runs_of_one_set_up() {
        for (a, b) in [
            ("- First run", "- Second run"),
            ("* Run 1:", "* Run 2:"),
            ("- Run #1", "- Run #2"),
            ("- Iteration 1", "- Iteration 2"),
        ] {
            let p = labelled(&format!("{a}\nThroughput 1\n\n{b}\nThroughput 2\n"), &[2, 5]);
            assert_eq!(last_params(&p), vec!["16", "16"], "{a} / {b}");
        }
        for (a, b, want) in [
            ("- with patch:", "- without patch:", ["with patch", "without patch"]),
            ("- THP enabled:", "- THP disabled:", ["THP enabled", "THP disabled"]),
        ] {
            let p = labelled(&format!("{a}\nThroughput 1\n\n{b}\nThroughput 2\n"), &[2, 5]);
            assert_eq!(last_params(&p), want, "{a} / {b}");
        }
        let text = "- with patch:\n  - Run 1\n    Throughput 1\n  - Run 2\n    Throughput 2\n\n\
                    - without patch:\n  - Run 1\n    Throughput 3\n  - Run 2\n    Throughput 4\n";
        let p = labelled(text, &[3, 5, 9, 11]);
        assert_eq!(last_params(&p), vec!["with patch", "with patch", "without patch", "without patch"]);
    }

    /// From a 2007 linux-mm post: `1. 16k vmm page size` / `2. 1M vmm page
    /// size` above two AIM7 tables were averaged as runs (with a warning).
    #[test]
    fn numbered_list_items_label_their_copies() {
        let p = labelled("1. 16k page size\n\nThroughput 1\n\n2. 1M page size\n\nThroughput 2\n", &[3, 7]);
        assert_eq!(last_params(&p), vec!["16k page size", "1M page size"]);
        assert_eq!(numbered_item("1. I ran it twice."), None);
        assert_eq!(numbered_item("2002. 16k"), None);
        // No blank after the dot (wild33 file 14's `1.Default behavior`),
        // but never a figure's dot.
        assert_eq!(numbered_item("1.Default behavior"), Some("Default behavior"));
        assert_eq!(numbered_item("2.Enable priority load balance"), Some("Enable priority load balance"));
        for t in ["2.6.13", "1.5 GHz", "6.1", "1.txt is here."] {
            assert_eq!(numbered_item(t), None, "{t}");
        }
    }

    #[test]
    fn a_filesystem_after_a_kernels_name_is_split_off() {
        assert_eq!(kernel_and_filesystem("2.5.70-ext2"), Some(("2.5.70", "ext2")));
        assert_eq!(kernel_and_filesystem("2.6.12-rc1-reiserfs"), Some(("2.6.12-rc1", "reiserfs")));
        assert_eq!(kernel_and_filesystem("2.5.68-mm2"), None);
        assert_eq!(kernel_and_filesystem("ext3-xfs"), None);
    }

    #[test]
    fn words_before_a_colon_on_a_data_line_are_no_label_unless_they_say_so() {
        let p = labelled("Dc: sqrt(2) to 99 places 33276.4 lpm\nDc: sqrt(2) to 99 places 42615.1 lpm\n", &[1, 2]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1));
    }

    /// From an attacker's trial (session 25, `q1/`, `t/qq.txt`): a reply
    /// quoting runs, then the writer's own under words of their own (`I
    /// get:`): the label above the writer's runs no longer hides that the
    /// two sit at different depths, so the quoted runs are never the
    /// writer's.
    #[test]
    fn quoted_runs_stay_quoted_when_the_writers_own_have_a_label() {
        let text = "> Here is it on 6.1:\n>\n> Throughput 1\n> Throughput 2\n\nI get:\n\nThroughput 3\nThroughput 4\n";
        let p = labelled(text, &[3, 4, 8, 9]);
        let quoting: Vec<&str> = p
            .samples
            .iter()
            .map(|s| s.params.iter().find(|p| p.name == "quoting").map_or("", |p| p.value.as_str()))
            .collect();
        assert_eq!(quoting, vec!["quoted", "quoted", "unquoted", "unquoted"]);
    }

    /// From an attacker's trial (session 25, `n5b/`): `## <kernel>` over
    /// `### ext4` and `### xfs` headings over their runs, for two kernels:
    /// each run is its kernel's (two kernels' ext4 runs were averaged).
    #[test]
    fn a_kernel_heading_over_set_up_headings_names_their_kernel() {
        let text = "## 6.1.0-13-amd64\n\n### ext4\n\nThroughput 1\n\n### xfs\n\nThroughput 2\n\n\
                    ## 6.7.0-rc3+\n\n### ext4\n\nThroughput 3\n\n### xfs\n\nThroughput 4\n";
        let p = labelled(text, &[5, 9, 15, 19]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(
            kernels,
            vec![Some("6.1.0-13-amd64"), Some("6.1.0-13-amd64"), Some("6.7.0-rc3+"), Some("6.7.0-rc3+")]
        );
        assert_eq!(last_params(&p), vec!["ext4", "xfs", "ext4", "xfs"]);
    }

    #[test]
    fn supercite_quotes_are_passed_over() {
        let p = labelled("ZC> vanilla:\nZC> Throughput 1\n\nZC> patched:\nZC> Throughput 2\n", &[2, 5]);
        assert_eq!(p.samples[1].params.last().map(|p| p.value.as_str()), Some("patched"));
    }

    #[test]
    fn tiotest_titles_and_boxes_are_passed_over() {
        let run = "Tiotest results for 16 concurrent io threads:\n,----.\n| Item | Rate |\n+--+--+\nThroughput 1\n\
                   `----'\nTiotest latency results:\n,----.\n| Item | Average latency |\n+--+--+\nThroughput 2\n";
        let p = labelled(&format!("baseline:\n{run}\npatched:\n{run}"), &[6, 12, 19, 25]);
        let labels = last_params(&p);
        assert_eq!(labels, vec!["baseline", "baseline", "patched", "patched"]);
    }

    #[test]
    fn one_word_right_above_its_runs_is_a_label() {
        let p = labelled("NO_DELAY_DEQUEUE\nThroughput 1\nThroughput 2\nDELAY_DEQUEUE\nThroughput 3\n", &[2, 3, 5]);
        let labels = last_params(&p);
        assert_eq!(labels, vec!["NO_DELAY_DEQUEUE", "NO_DELAY_DEQUEUE", "DELAY_DEQUEUE"]);
        // A word with prose between it and the runs is not.
        let p = labelled("ext3\nsome words here\nThroughput 1\n\next2\nmore words\nThroughput 2\n", &[3, 7]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1));
    }

    #[test]
    fn a_paragraph_heading_with_a_kernel_qualifies_the_labels_under_it() {
        let text = "6.9.0 +eevdf.current\nNO_DELAY_DEQUEUE\nThroughput 1\nDELAY_DEQUEUE\nThroughput 2\n\n\
                    6.9.0 +eevdf.prev\nNO_DELAY_DEQUEUE\nThroughput 3\n\n6.1.87-cfs\nThroughput 4\n";
        let p = labelled(text, &[3, 5, 9, 12]);
        let got = kernels_and_last_params(&p);
        assert_eq!(
            got,
            vec![
                (Some("6.9.0"), "+eevdf.current / NO_DELAY_DEQUEUE"),
                (Some("6.9.0"), "+eevdf.current / DELAY_DEQUEUE"),
                (Some("6.9.0"), "+eevdf.prev / NO_DELAY_DEQUEUE"),
                (Some("6.1.87-cfs"), "16"),
            ]
        );
    }

    #[test]
    fn a_title_alone_between_blank_lines_labels_the_tables_below() {
        let text = "EXTREME\n\nSuite VII Run Beginning\n\nTasks jobs/min\nThroughput 1\n\nVMEMMAP\n\nTasks jobs/min\nThroughput 2\n";
        let p = labelled(text, &[6, 11]);
        let labels = last_params(&p);
        assert_eq!(labels, vec!["EXTREME", "VMEMMAP"]);
    }

    #[test]
    fn markdown_headings_label_and_code_fences_do_not() {
        let text = "### Directly on the node\n```bash\nThroughput 1\n```\n\n### Ephemeral storage\n```bash\nThroughput 2\n```\n";
        let p = labelled(text, &[3, 8]);
        let labels = last_params(&p);
        assert_eq!(labels, vec!["Directly on the node", "Ephemeral storage"]);
    }

    /// wildmod40, an mt-redis README: `Launch the server:` alike under
    /// each copy's own heading and over its own server command (which
    /// differ) labelled both copies alike and they were averaged; it is
    /// the page's, the headings label. A line alike at the top, over the
    /// differing label lines, still heads them (it is no page line).
    #[test]
    fn a_line_alike_between_a_copys_heading_and_its_own_command_is_the_pages() {
        let text = "### Valkey 7.2.5\n\nLaunch the server:\n```shell\nvalkey-server --save \"\"\n```\n\n\
                    Reference results:\n```\nThroughput 1\n```\n\n\
                    ### mt-redis\n\nLaunch the server:\n```shell\nredis-server --save \"\"\n```\n\n\
                    Reference results:\n```\nThroughput 2\n```\n";
        let p = labelled(text, &[10, 22]);
        assert_eq!(last_params(&p), vec!["Valkey 7.2.5", "mt-redis"]);
        let text = "6.1-rc1 +patch\nbefore:\nThroughput 1\n\n6.1-rc1 +patch\nafter:\nThroughput 2\n";
        let p = labelled(text, &[3, 7]);
        let labels = last_params(&p);
        assert!(labels[0].ends_with("before") && labels[1].ends_with("after"), "{labels:?}");
        assert!(labels.iter().all(|l| l.contains("+patch")), "{labels:?}");
    }

    /// List items heading the runs right under them, nested by indent: two
    /// machines' `- Before` / `- With the series` runs (a linux-kernel 2025
    /// futex-hash mail) were averaged. An item that is a sentence, or that
    /// heads no runs, is no label.
    #[test]
    fn list_items_over_runs_head_them_nested_by_indent() {
        let text = "- Xeon E5:\n  - Before the series\n    Throughput 1\n  - With the series\n    Throughput 2\n\n\
                    - Xeon E7:\n  - Before the series\n    Throughput 3\n  - With the series\n    Throughput 4\n";
        let p = labelled(text, &[3, 5, 9, 11]);
        assert_eq!(
            last_params(&p),
            vec![
                "Xeon E5 / Before the series",
                "Xeon E5 / With the series",
                "Xeon E7 / Before the series",
                "Xeon E7 / With the series"
            ]
        );
        let text = "- I ran it twice.\nThroughput 1\nThroughput 2\n";
        let p = labelled(text, &[2, 3]);
        assert_eq!(last_params(&p), vec!["16", "16"]);
    }

    /// wildmod44, a KVM list mail of 2021 (gVisor): `* netperf executed on
    /// the host without gVisor` (no colon) over `$ netperf -H ::1 …`, its
    /// banner and its result: an item over a prompt line heads the run
    /// below it; the host's run had carried the gVisor item's label above.
    /// Not an item whose prompt's command is followed by another item
    /// before any read line (`- build it` over `$ make`).
    #[test]
    fn a_list_item_over_a_prompt_line_heads_its_run() {
        let text = "* in the guest:\n$ netperf -H ::1\nMIGRATED TCP STREAM TEST\n\nThroughput 1\n\n\
                    * on the host\n$ netperf -H ::1\nMIGRATED TCP STREAM TEST\n\nThroughput 2\n";
        let p = labelled(text, &[5, 11]);
        assert_eq!(last_params(&p), vec!["in the guest", "on the host"]);
        let text = "- build it\n$ make\n- run it\nThroughput 1\n";
        let input = Input::from_text(text);
        let read = [false, false, false, false, true, false];
        assert_eq!(bullet_heading(&input, &read, 0), None);
        assert_eq!(bullet_heading(&input, &read, 2).as_deref(), Some("run it"));
        // Nor one whose prompt's run is under a heading of its own.
        let input = Input::from_text("- build it\n$ make\n### Results\nThroughput 1\n");
        assert_eq!(bullet_heading(&input, &read, 0), None);
    }

    /// A note pasted as Markdown: `### ext4` over `before:` and `after:`,
    /// then `### xfs` over them again. The two file systems' `before:` runs
    /// were averaged as runs of one set-up; a heading now qualifies every
    /// label line under it, until the next heading of its level or higher.
    #[test]
    fn a_markdown_heading_qualifies_the_label_lines_under_it() {
        let text = "### ext4\n\nbefore:\nThroughput 1\nThroughput 2\n\nafter:\nThroughput 3\n\n\
                    ### xfs\n\nbefore:\nThroughput 4\n\nafter:\nThroughput 5\n";
        let p = labelled(text, &[4, 5, 8, 13, 16]);
        assert_eq!(
            last_params(&p),
            vec!["ext4 / before", "ext4 / before", "ext4 / after", "xfs / before", "xfs / after"]
        );
        // Under `## 4k randread` and `## 128k seqwrite`, a `###` heading
        // ends only its own level's part.
        let text = "## 4k randread\n### fast disk\nbaseline:\nThroughput 1\npatched:\nThroughput 2\n\
                    ### slow disk\nbaseline:\nThroughput 3\n## 128k seqwrite\nbaseline:\nThroughput 4\n";
        let p = labelled(text, &[4, 6, 9, 12]);
        let labels = last_params(&p);
        assert_eq!(
            labels,
            vec![
                "4k randread / fast disk / baseline",
                "4k randread / fast disk / patched",
                "4k randread / slow disk / baseline",
                "128k seqwrite / baseline"
            ]
        );
        // A heading over every label alike (`## Results`) tells nothing
        // apart: left out.
        let text = "## Results\n\nbefore:\nThroughput 1\nThroughput 2\n\nafter:\nThroughput 3\n";
        let p = labelled(text, &[4, 5, 8]);
        assert_eq!(last_params(&p), vec!["before", "before", "after"]);
        // A heading naming a kernel is the kernel of the runs under it.
        let text = "#### 6.1\nbefore:\nThroughput 1\nafter:\nThroughput 2\n#### 6.2\nbefore:\nThroughput 3\n";
        let p = labelled(text, &[3, 5, 8]);
        let got = kernels_and_last_params(&p);
        assert_eq!(got, vec![(Some("6.1"), "before"), (Some("6.1"), "after"), (Some("6.2"), "before")]);
    }

    /// memtier's `### round 1` to `### round 3` (and a date as a heading)
    /// count runs of one set-up: no labels, under the set-up's heading or
    /// none.
    #[test]
    fn a_heading_that_counts_or_dates_runs_labels_none() {
        let text = "### round 1\nThroughput 1\n### round 2\nThroughput 2\n### round 3\nThroughput 3\n";
        let p = labelled(text, &[2, 4, 6]);
        assert_eq!(last_params(&p), vec!["16", "16", "16"]);
        let text = "## Without THP\n### 2024-01-16\nThroughput 1\n### Iteration 2\nThroughput 2\n\
                    ## With THP\n### Run 1\nThroughput 3\n### Run 2\nThroughput 4\n";
        let p = labelled(text, &[3, 5, 8, 10]);
        assert_eq!(last_params(&p), vec!["Without THP", "Without THP", "With THP", "With THP"]);
        // A heading over one copy only, no label line under it: as before.
        let p = labelled("### Results on the box\nThroughput 1\nThroughput 2\n", &[2, 3]);
        assert_eq!(last_params(&p), vec!["16", "16"]);
    }

    /// A process id or a measured time above each run (`pid 4711` / `pid
    /// 4790`, `took 45 s` / `took 47 s`) is no set-up: runs of one set-up,
    /// no label and no warning (the pids warned that the numbers differ,
    /// the times made each run a set-up of its own).
    #[test]
    fn a_pid_or_a_measured_time_above_each_run_is_no_set_up() {
        for (a, b) in [("pid 4711", "pid 4790"), ("took 45 s", "took 47 s"), ("elapsed 12.3 sec", "elapsed 14.1 sec")] {
            let p = labelled(&format!("{a}\nThroughput 1\n\n{b}\nThroughput 2\n"), &[2, 5]);
            assert_eq!(last_params(&p), vec!["16", "16"], "{a} / {b}");
            assert!(p.notes.is_empty(), "{a} / {b}: {:?}", p.notes);
        }
        // A run's length as set is a set-up.
        let p = labelled("runtime 60 s\nThroughput 1\n\nruntime 120 s\nThroughput 2\n", &[2, 5]);
        assert_ne!(last_params(&p), vec!["16", "16"]);
    }

    #[test]
    fn a_kernel_name_before_a_result_is_its_kernel() {
        let p = labelled("2.4.18pre2aa2   Throughput 22.2 MB/sec\n2.4.18-pre3\tThroughput 12.0 MB/sec\n", &[1, 2]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, vec![Some("2.4.18pre2aa2"), Some("2.4.18-pre3")]);
    }

    #[test]
    fn a_label_right_above_a_label_names_the_group_of_blocks() {
        let text = "> Before:\n> Throughput 1\n>\n> After:\n> Throughput 2\n\nI tried it on two more:\n\n\
                    For the A72 -\nBefore:\nThroughput 3\n\nAfter:\nThroughput 4\n\n\
                    For the A53 -\nBefore:\nThroughput 5\n\nAfter:\nThroughput 6\n";
        let p = labelled(text, &[2, 5, 11, 14, 18, 21]);
        let param = |name: &str| -> Vec<String> {
            p.samples
                .iter()
                .filter_map(|s| s.params.iter().find(|p| p.name == name))
                .map(|p| p.value.to_string())
                .collect()
        };
        assert_eq!(
            param("label"),
            vec!["Before", "After", "A72 / Before", "A72 / After", "A53 / Before", "A53 / After"]
        );
        // The quoted post's runs are not the writer's.
        assert_eq!(param("quoting"), vec!["quoted", "quoted", "unquoted", "unquoted", "unquoted", "unquoted"]);
    }

    /// From wild28's MGLRU mail (linux-mm 2023): `Unpatched 6.7-rc4:`
    /// written right over `Patched with this series:` above one run, each
    /// the label of other runs. Read as a group's name, the upper one
    /// went on over every later block (`Unpatched 6.7-rc4 / MGLRU off`),
    /// and the run under both was averaged with the next `Patched with
    /// this series` run, with no warning.
    #[test]
    fn a_label_right_above_a_peer_label_is_warned_of_and_heads_no_group() {
        let text = "Unpatched:\nThroughput 1\n\nPatched:\nThroughput 2\n\nMGLRU off:\nThroughput 3\n\n\
                    - If I change zipf to random:\nUnpatched:\nPatched:\nThroughput 4\n\n\
                    Patched:\nThroughput 5\n\nMGLRU off:\nThroughput 6\n";
        let p = labelled(text, &[2, 5, 8, 13, 16, 19]);
        assert_eq!(
            last_params(&p),
            vec![
                "Unpatched",
                "Patched",
                "MGLRU off",
                "- If I change zipf to random / Unpatched / Patched",
                "- If I change zipf to random / Patched",
                "- If I change zipf to random / MGLRU off",
            ]
        );
        assert!(
            p.notes.iter().any(|(n, m)| *n == 12 && m.contains("stands right above label line 12")),
            "{:?}",
            p.notes
        );
        // A group's name over its labels (no runs of its own) is no peer.
        let p = labelled("For the A72 -\nBefore:\nThroughput 1\n\nAfter:\nThroughput 2\n", &[3, 6]);
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    #[test]
    fn a_long_heading_above_a_label_starts_a_group_and_prose_ends_one() {
        let text = "single dd writes 2GB:\nbefore:\nThroughput 1\n\n\
                    9 copies of dd, each writes 20MB:\nbefore:\nThroughput 2\n\n\
                    and now the same without any of the patches applied\nbefore:\nThroughput 3\n";
        let p = labelled(text, &[3, 7, 11]);
        let labels = last_params(&p);
        assert_eq!(
            labels,
            vec!["single dd writes 2GB / before", "9 copies of dd, each writes 20MB / before", "before"]
        );
    }

    /// From wild28's tun mail (netdev 2026): three kernels as lines alone
    /// over their `threads N` blocks, two of them longer than a label
    /// (patches' file names that differ only at their end). Refused, the
    /// first kernel's label went on over the others' runs, each `threads
    /// N` row averaging the three kernels silently.
    #[test]
    fn a_long_line_alone_naming_a_patch_parts_the_runs_under_it() {
        let text = "7.2.0-rc2 (unpatched)\n\nthreads 2\nThroughput 1\n\nthreads 8\nThroughput 2\n\n\n\
                    7.2.0-rc2 with 0001-tun-set-waking-threshold-to-ptr_ring_empty.patch\n\n\
                    threads 2\nThroughput 3\n\nthreads 8\nThroughput 4\n\n\n\
                    7.2.0-rc2 with 0001-tun-set-waking-threshold-to-tx_ring.batch.patch\n\n\
                    threads 2\nThroughput 5\n\nthreads 8\nThroughput 6\n";
        let p = labelled(text, &[4, 7, 13, 16, 22, 25]);
        let labels = last_params(&p);
        assert_eq!(
            labels,
            vec![
                "7.2.0-rc2 (unpatched) / threads 2",
                "7.2.0-rc2 (unpatched) / threads 8",
                "7.2.0-rc2 with 0001-tun-set-waking-threshold-to-ptr_ring_empty.patch / threads 2",
                "7.2.0-rc2 with 0001-tun-set-waking-threshold-to-ptr_ring_empty.patch / threads 8",
                "7.2.0-rc2 with 0001-tun-set-waking-threshold-to-tx_ring.batch.patch / threads 2",
                "7.2.0-rc2 with 0001-tun-set-waking-threshold-to-tx_ring.batch.patch / threads 8",
            ]
        );
        // Prose, a URL, a sentence or a line of short words is no such title.
        for no in [
            "see https://lore.kernel.org/netdev/20260707-very-long-message-id@example.org",
            "This is what I measured with the patch applied on top.",
            "0001-tun-set-waking-threshold-to-ptr_ring_empty.patch is what I tried first, then more",
            "the numbers below were taken with the same machine",
        ] {
            assert_eq!(long_title(no), None, "{no}");
        }
        // From a kernel's name on, a longer line heads its runs as well.
        for heading in [
            "6.9.0 + 0001-tun-set-waking-threshold-to-ptr_ring_empty.patch + 0002-tun-foo.patch",
            "7.2.0-rc2 w/ 0001-tun-set-waking-threshold-to-ptr_ring_empty.patch (v2, rebased)",
            "6.9.0 patched: tun-set-waking-threshold-to-ptr-ring and tx-ring-batch",
        ] {
            assert_eq!(long_title(heading).as_deref(), Some(heading));
        }
        assert_eq!(long_title("6.9.0 is a little slower than 6.8 with this, as expected."), None);
        assert_eq!(
            long_title("6.9.0 with tun-set-waking-threshold-to-ptr-ring.patch:").as_deref(),
            Some("6.9.0 with tun-set-waking-threshold-to-ptr-ring.patch")
        );
    }

    /// A long heading alone between blank lines that no label is taken
    /// from (no kernel first, too many words for a patch's name) still
    /// keeps its copies from being averaged silently with another
    /// heading's: a warning names both lines.
    #[test]
    fn copies_under_a_long_heading_no_label_took_are_warned_of() {
        let text = "6.9.0 (unpatched)\n\nthreads 2\nThroughput 1\n\nthreads 8\nThroughput 2\n\n\n\
                    tun-set-waking-threshold-to-ptr-ring 0001 0002 0003 applied second try\n\n\
                    threads 2\nThroughput 3\n\nthreads 8\nThroughput 4\n";
        let p = labelled(text, &[4, 7, 13, 16]);
        assert!(
            p.notes.iter().any(|(n, m)| *n == 10 && m.contains("were averaged as runs of one set-up")),
            "{:?} {:?}",
            p.notes,
            last_params(&p)
        );
    }

    /// Holger Kiehl (LKML 2006-06, bonnie++ 1.03): three runs, then `And
    /// here the results when mounting without extents,mballoc,delalloc
    /// option:` over three more, nothing above the first: the sentence
    /// parts two set-ups, which were averaged without a word. Runs with
    /// nothing between them, or a remark that leads into nothing
    /// (`compilation terminated.`), are runs of one set-up: no warning.
    #[test]
    fn a_sentence_above_a_later_copy_only_is_warned_of() {
        let text = "Throughput 1\nThroughput 2\nThroughput 3\n\n\
                    And here the results when mounting without extents,mballoc,delalloc option:\n\n\n\
                    Throughput 4\nThroughput 5\nThroughput 6\n";
        let p = labelled(text, &[1, 2, 3, 8, 9, 10]);
        assert!(
            p.notes.iter().any(|(n, m)| *n == 5 && m.contains("stands above the copy of the output at line 8 only")),
            "{:?}",
            p.notes
        );
        // Jive Turkey (Ubuntu forums 2010-05): the sentence runs into the
        // code fence of the second run.
        let text = "```\nThroughput 1\n```\nAfter enabling AHCI in the bios I re ran the test and got this:```\n\
                    Throughput 2\n```\n";
        let p = labelled(text, &[2, 5]);
        assert!(
            p.notes.iter().any(|(n, m)| *n == 4 && m.contains("stands above the copy of the output at line 5 only")),
            "{:?}",
            p.notes
        );
        // Must not: three runs of one report, nothing between them.
        let p = labelled("Throughput 1\nThroughput 2\nThroughput 3\n", &[1, 2, 3]);
        assert!(p.notes.iter().all(|(_, m)| !m.contains("averaged")), "{:?}", p.notes);
        // Must not: a remark between runs that leads into no output.
        let p = labelled("Throughput 1\n\ncompilation terminated.\n\nThroughput 2\n", &[1, 5]);
        assert!(p.notes.iter().all(|(_, m)| !m.contains("averaged")), "{:?}", p.notes);
        let p = labelled(
            "Throughput 1\n\nthe second one finished a lot later than the first one.\n\nThroughput 2\n",
            &[1, 5],
        );
        assert!(p.notes.iter().all(|(_, m)| !m.contains("averaged")), "{:?}", p.notes);
    }

    /// A heading wrapped over two lines with no rule under it, its first
    /// line the same over each copy and its second naming the set-up in
    /// brackets (LKML 2002, NF-HIPAC's netperf: `… at the end of the
    /// FORWARD chain [iptables]:` / `[nf-hipac]:`, here without the
    /// dashed rules): the copies were averaged with no word; a warning
    /// names the bracketed lines.
    /// linux-mips 2001: two bonnie++ reports under "new_speed is with
    /// lolo's patch and old_speed without", neither named, were averaged
    /// as runs of one set-up without a word.
    #[test]
    fn a_sentence_of_with_and_without_over_unnamed_copies_is_warned_of() {
        let text =
            "See attachments (new_speed is with the patch and old_speed without).\n\nThroughput 1\n\nThroughput 2\n";
        let p = labelled(text, &[3, 5]);
        assert!(p.notes.iter().any(|(n, m)| *n == 1 && m.contains("with and without a change")), "{:?}", p.notes);
        assert!(with_and_without("numbers before and after the patch") && !with_and_without("with the patch"));
        assert!(!with_and_without("without_patch"));
    }

    /// Dave Chinner's fs_mark log (linux-xfs 2020): "First set is
    /// unpatched, second set is the" / "patched kernel." wrapped over two
    /// lines, the script's echoed variables above both sets: both sets
    /// were averaged without a word.
    #[test]
    fn a_wrapped_sentence_of_patched_and_unpatched_over_two_sets_is_warned_of() {
        let text = "See the log below. First set is unpatched, second set is the\npatched kernel.\n\n\
                    DEV=/dev/vdc\nThroughput 1\n\n-----\n\nDEV=/dev/vdc\nThroughput 2\n";
        let p = labelled(text, &[5, 10]);
        assert!(p.notes.iter().any(|(n, m)| *n == 1 && m.contains("with and without a change")), "{:?}", p.notes);
    }

    /// LKML 2011-09 (netperf TCP_RR): Glauber Costa's quoted `> With the
    /// patch` over his quoted table labelled Rick Jones's own unquoted runs
    /// below the quote. A quoted label over runs whose quote markers were
    /// lost (`> > -vanilla: 2h32:55` over GNU time's lines) still labels them.
    #[test]
    fn a_quoted_label_does_not_label_the_repliers_runs_below_the_quote() {
        let text = "> Without the patch\n>\n> Throughput 1\n>\n> With the patch\n>\n> Throughput 2\n\n\
                    Here are mine, several in a row:\n\nThroughput 3\nThroughput 4\n";
        let p = labelled(text, &[3, 7, 11, 12]);
        let label = |line: usize| {
            let s = p.samples.iter().find(|s| s.line == line).unwrap();
            s.params.iter().find(|p| p.name == "label").map(|p| p.value.to_string())
        };
        assert_eq!(label(7).as_deref(), Some("With the patch"), "{:?}", p.samples);
        assert_eq!(label(11), None, "{:?}", p.samples);
        assert_eq!(label(12), None, "{:?}", p.samples);
        let text = "> > before:\n\nThroughput 1\n\n> > after:\n\nThroughput 2\n";
        let p = labelled(text, &[3, 7]);
        let labels: Vec<_> = p.samples.iter().filter_map(|s| s.params.iter().find(|p| p.name == "label")).collect();
        assert_eq!(labels.len(), 2, "{:?}", p.samples);
    }

    #[test]
    fn copies_under_wrapped_headings_naming_a_set_up_in_brackets_are_warned_of() {
        let text = "TCP RAW throughput 100Mbit/s max MTU with 10000 non-matching rules + 1
                    last matching rule at the end of the FORWARD chain [iptables]:
Throughput 1


                    TCP RAW throughput 100Mbit/s max MTU with 10000 non-matching rules + 1
                    last matching rule at the end of the FORWARD chain [nf-hipac]:
Throughput 2
";
        let p = labelled(text, &[3, 8]);
        assert!(
            p.notes.iter().any(|(n, m)| *n == 7 && m.contains("chain [iptables]:") && m.contains("chain [nf-hipac]:")),
            "{:?} {:?}",
            p.notes,
            last_params(&p)
        );
        // Right over the benchmark's command line (wild30 01 without its
        // rules), the wrapped heading is each copy's label, as underlined.
        let cmd = "ratz@laphish:~/netperf-2.2pl2 > ./netperf -H 192.168.1.141 -p 6666 -l 60";
        let text = format!(
            "Results:\n\nTCP RAW throughput 100Mbit/s max MTU with 10000 non-matching rules + 1\n\
             last matching rule at the end of the FORWARD chain [iptables]:\n{cmd}\nThroughput 1\n\n\
             TCP RAW throughput 100Mbit/s max MTU with 10000 non-matching rules + 1\n\
             last matching rule at the end of the FORWARD chain [nf-hipac]:\n{cmd}\nThroughput 2\n"
        );
        let p = labelled(&text, &[6, 11]);
        let labels = last_params(&p);
        assert!(labels[0].ends_with("chain [iptables]") && labels[1].ends_with("chain [nf-hipac]"), "{labels:?}");
        assert!(labels[0].starts_with("TCP RAW throughput"), "{labels:?}");
        assert!(bracketed_word("last matching rule at the end of the FORWARD chain [iptables]:"));
        assert!(!bracketed_word("[  5]   0.00-30.00  sec   529 MBytes   148 Mbits/sec"));
        assert!(!bracketed_word("Jobs: 1 (f=1): [R(1)][100.0%][r=1501MiB/s]"));
    }

    #[test]
    fn a_kernel_above_a_label_is_the_kernel() {
        let text = "2.6.10:\nBefore:\nThroughput 1\nAfter:\nThroughput 2\n\n2.6.11:\nBefore:\nThroughput 3\n";
        let p = labelled(text, &[3, 5, 9]);
        let got = kernels_and_last_params(&p);
        assert_eq!(got, vec![(Some("2.6.10"), "Before"), (Some("2.6.10"), "After"), (Some("2.6.11"), "Before")]);
    }

    #[test]
    fn a_dash_ended_line_alone_is_a_label() {
        let p = labelled("For the A72 -\nThroughput 1\nFor the A53 -\nThroughput 2\n", &[2, 4]);
        assert_eq!(p.samples[1].params.last().map(|p| p.value.as_str()), Some("A53"));
        // A sentence ending in a dash is no label.
        let p = labelled("and here is what I got when I ran it twice -\nThroughput 1\nThroughput 2\n", &[2, 3]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1));
    }

    #[test]
    fn a_change_named_above_its_block_is_a_label() {
        assert_eq!(
            change_label("With my changes on top of 5.10.0-rc7").as_deref(),
            Some("With my changes on top of 5.10.0-rc7")
        );
        let long = "Please find the hackbench numbers with your change as given below:";
        assert_eq!(
            change_label(long).as_deref(),
            Some("Please find the hackbench numbers with your change as given below")
        );
        assert_eq!(change_label("Without-patch").as_deref(), Some("Without-patch"));
        // `w/o` and `w/` are `without` and `with` (LKML 2005-04, two AIM7 tables).
        assert_eq!(change_label("w/o patch").as_deref(), Some("w/o patch"));
        assert_eq!(change_label("w/patch").as_deref(), Some("w/patch"));
        assert_eq!(change_label("W/O THP").as_deref(), Some("W/O THP"));
        // Not a unit (iostat's `w/s`), nor a sentence opening with `w/o`.
        assert_eq!(change_label("w/s     wkB/s avgrq-sz"), None);
        assert_eq!(change_label("w/o the patch, the box hangs at boot"), None);
        // attack44 F13: `w/ patch` (a space) and any case, one list.
        assert_eq!(change_label("w/ patch").as_deref(), Some("w/ patch"));
        assert_eq!(change_label("W/ PATCH").as_deref(), Some("W/ PATCH"));
        assert_eq!(change_label("W/O PATCH").as_deref(), Some("W/O PATCH"));
        assert_eq!(change_label("w/ the patch, the box hangs at boot"), None);
        assert_eq!(change_label("w/s"), None);
        assert_eq!(change_abbreviation("W/"), Some("w/".to_string()));
        // `- patch` / `+ patch`: a pair; a lone bullet, a diff's header no.
        let lines = ["- patch", "table", "+ patch", "- ext4", "--- a/x", "+++ b/x", "- two words here"];
        assert_eq!(sign_pair("- patch", &lines).as_deref(), Some("- patch"));
        assert_eq!(sign_pair("+ patch", &lines).as_deref(), Some("+ patch"));
        assert_eq!(sign_pair("- ext4", &lines), None);
        assert_eq!(sign_pair("--- a/x", &lines), None);
        assert_eq!(sign_pair("- two words here", &lines), None);
        assert_eq!(change_label("With the patch the numbers go up a lot."), None);
        assert_eq!(change_label("Please find the numbers below:"), None);
        // Prose that opens with one of the words is no label.
        for prose in [
            "After that I ran it once more",
            "After a reboot, the same again",
            "With the same kernel again",
            "Before I forget, the second run is below:",
            "after we rebooted:",
        ] {
            assert_eq!(change_label(prose), None, "{prose}");
        }
    }

    #[test]
    fn a_change_word_inside_wrapped_prose_is_no_label() {
        // Mid-paragraph, or carried on by a lower-case line: the runs stay runs.
        let text = "I ran it twice and the numbers\nafter the patch is applied look the\nsame to me\nThroughput 1\n\nThroughput 2\n";
        let p = labelled(text, &[4, 6]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1), "{:?}", last_params(&p));
        let text = "Throughput 1\n\nAfter a reboot the second run went\na little slower than the first\nThroughput 2\n";
        let p = labelled(text, &[1, 5]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1), "{:?}", last_params(&p));
        // A report's full-width rule under a sentence is no underline.
        let rule = "-".repeat(72);
        let text = format!("Throughput 1\n\nBefore I forget, the second run is below:\n{rule}\nThroughput 2\n");
        let p = labelled(&text, &[1, 5]);
        assert!(p.samples.iter().all(|s| s.params.len() == 1), "{:?}", last_params(&p));
        let p = labelled("Throughput 1\n\nWith THP\n========\nThroughput 2\n", &[1, 5]);
        assert_eq!(last_params(&p), vec!["16", "With THP"]);
        // Right above its block, after a sentence ends: a label.
        let text = "Tested on a Xeon.\nbefore this patch\nThroughput 1\n\nafter this patch\nThroughput 2\n";
        assert_eq!(last_params(&labelled(text, &[3, 6])), vec!["before this patch", "after this patch"]);
    }

    #[test]
    fn a_programs_version_in_a_label_is_no_kernel() {
        let p = labelled("redis 6.2.5:\nThroughput 1\n\nredis 7.0.11:\nThroughput 2\n", &[2, 5]);
        assert!(p.samples.iter().all(|s| s.kernel.is_none()), "{:?}", p.samples);
        assert_eq!(last_params(&p), vec!["redis 6.2.5", "redis 7.0.11"]);
        let p = labelled("Linux 4.4.0:\nThroughput 1\n\nLinux 5.4.0:\nThroughput 2\n", &[2, 5]);
        let kernels: Vec<Option<&str>> = p.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(kernels, [Some("4.4.0"), Some("5.4.0")]);
    }

    #[test]
    fn kernel_names() {
        for k in [
            "2.4.19",
            "2.5.8-mm1",
            "linux-2.6.12-rc1-bk3",
            "Linux 2.4.18",
            "4.13.0-rc5+",
            "6.9.0.gc942a0c-master",
            "next-20241105",
        ] {
            assert!(is_kernel_name(k), "{k}");
        }
        // Not a linux-next tag: another date's shape, a month 13, a word.
        for k in ["next-2024-11-05", "next-20241305", "next-19991105", "next-2024110", "next-week"] {
            assert!(!is_kernel_name(k), "{k}");
        }
        // A wrapped figure (netperf's service demand `44.406`), a release
        // number (`16.04`), a fraction: no Linux major.
        for k in ["2.4.19 is faster", "ext3", "16", "1.5x", "2.4.19:", "44.406", "16.04", "0.137", "10.0.1"] {
            assert!(!is_kernel_name(k), "{k}");
        }
    }

    #[test]
    fn fenced_titles_and_perf_headers() {
        assert_eq!(label_line("---with THP---", false).as_deref(), Some("with THP"));
        assert_eq!(label_line("=== 2.6.32 ===", false).as_deref(), Some("2.6.32"));
        assert_eq!(label_line("------", false), None);
        assert_eq!(fenced_title("-- x --"), None);
        assert!(is_tool_chatter("# Running 'sched/pipe' benchmark:"));
    }

    /// wild32 files 14 and 06 (session 32): a label sentence wrapped after
    /// `without these`, and a title with a bracketed aside.
    #[test]
    fn a_wrapped_sentence_and_an_aside_after_a_title() {
        assert!(is_sentence_start("On qemu (6a9fa5ef3230a7d51e0d953a59ee9ef10af705b8) without these"));
        assert!(!is_sentence_start("Count          Size       Files/sec     App Overhead"));
        assert!(!is_sentence_start("System Benchmarks (+6.4%)"));
        assert!(!is_sentence_start("postgres=# show maintenance_work_mem;"));
        assert!(is_mail_attribution("On 2021/4/17 20:33, zhudi (J) wrote:"));
        assert!(!is_mail_attribution("with the patch the numbers I wrote down above:"));
        assert_eq!(
            title("WA_WEIGHT, WA_BIAS, SIS_CURRENT (aka, with patches on)").as_deref(),
            Some("WA_WEIGHT, WA_BIAS, SIS_CURRENT (aka, with patches on)")
        );
        assert_eq!(title("a b c d (aka x)"), None, "four words before the aside");
    }
}
