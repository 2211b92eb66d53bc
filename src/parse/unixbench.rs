//! UnixBench (BYTE UNIX Benchmarks) 4.1 and 5.x.
//!
//! Both versions print one line per test, the test's own name, its result
//! and unit, then a timing note:
//!
//! ```text
//! Dhrystone 2 using register variables     1805936.3 lps   (10.0 secs, 10 samples)   4.1
//! Dhrystone 2 using register variables       24562588.6 lps   (10.0 s, 7 samples)   5.x
//! ```
//!
//! then an index table and a score:
//!
//! ```text
//!                      INDEX VALUES                                          4.1
//! TEST                                        BASELINE     RESULT      INDEX
//! Dhrystone 2 using register variables        116700.0  1805936.3      154.8
//!      FINAL SCORE                                                     203.5
//!
//! System Benchmarks Index Values               BASELINE       RESULT    INDEX   5.x
//! Dhrystone 2 using register variables         116700.0   35279778.3   3023.1
//! System Benchmarks Index Score                                        1150.3
//! ```
//!
//! 5.x repeats the whole block once per copy count, each block opened by
//! `Benchmark Run: …` and `8 CPUs in system; running 8 parallel copies of
//! tests`.
//!
//! # Metrics
//!
//! * per-test result: metric = the test's name (`"Pipe Throughput"`,
//!   `"Shell Scripts (1 concurrent)"`, `"3D graphics: gears"`), unit as
//!   printed (`"lps"`, `"lpm"`, `"MWIPS"`, `"fps"`; `KBps` is spelled
//!   `"KB/s"`), [`Better::Higher`], group `""`;
//! * index value: group `"index"` (`"3D graphics index"` for the 3D Graphics
//!   table, `"2D graphics index"` for the 2D Graphics one), metric = the test's name, unit `""`, [`Better::Higher`];
//!   BASELINE (a constant) is not read; RESULT repeats the test's result
//!   line above the table and is not read again, but a post that quotes
//!   the index table alone (`Dhrystone 2 using register variables
//!   116700.0  948326591.2  81261.9`, LKML 2022) has no result line: its
//!   RESULT is then the per-test result, with the unit UnixBench prints
//!   for that test on its result line (`lps`, `MWIPS`, `KB/s`, `lpm`,
//!   `fps`, `score`); a test UnixBench's index does not name gets a warning
//!   and no result (its unit is not guessed); a row of a test with no
//!   baseline, `---` for BASELINE and INDEX (` Shell Scripts (16
//!   concurrent)  ---  39.3  ---`, a partial index), gives that RESULT
//!   alone, no index value;
//! * `System Benchmarks Index Score` and 4.1's `FINAL SCORE`: group
//!   `"index"`, metric `"Index Score"`, unit `""`, Higher; `3D Graphics
//!   Benchmarks Index Score`: group `"3D graphics index"`, metric
//!   `"Index Score"`; `2D Graphics Benchmarks Index Score` likewise, group
//!   `"2D graphics index"` (5.1's `Run gindex` prints the System, 3D and 2D
//!   tables one after another, each its own index); `System Benchmarks Index Score (Partial Only)`: group
//!   `"index"`, metric `"Index Score (Partial Only)"` (a score over some
//!   tests only is not comparable with a full one); a score that is not
//!   the geometric mean of the INDEX values read above it (a row lost or
//!   changed in a post) is kept, with a warning at its line;
//! * an index table whose BASELINE of a test is not UnixBench's own (a
//!   post's `index.base` made of another kernel's results: `Again, the
//!   baseline is a vanilla 2.4.19.`, `System Call Overhead  409831.4
//!   413117.8  10.1`, LKML 2002): its index values and its score carry the
//!   parameter `baseline` = `own`, with a note on the first such row, so
//!   that a score of 9.9 against 2.4.19 is not filed with scores against
//!   UnixBench's reference machine;
//! * BYTE UNIX Benchmarks 3.11's `AVERAGE` under its index table (the mean
//!   of the index values, after `SUM of  6 items`, which is not read):
//!   group `"index"`, metric `"Index Average"`.
//!
//! 5.x samples carry the parameter `copies` (the parallel copy count of
//! their block: its `running N parallel copies` line, or the `./Run -c N`
//! command line above a post's quoted index table); 4.1 samples carry none.
//! An index row whose test name is led by a post's own label and a colon
//! (`mem_cgorup=off : Execl Throughput  43.0  3150.1  732.6`, under
//! `ENVIRON        : TEST  BASELINE …`) is that test, with the parameter
//! `label` = the text before the colon.
//! Score lines one right under another with no copies line known (a post
//! keeping only `./Run`'s two scores, 1 copy then one per CPU, under a
//! set-up line) are runs of different copy counts: each gets `copies`
//! `? (1st)`, `? (2nd)`, … by its place, with a warning, and they are never
//! averaged as one set-up's runs.
//! A score line with two or more numbers (`System Benchmarks Index Score
//! 1467.2   1483.0`, a person's table with a column per set-up) is a note,
//! not read: which number is which set-up's, the table's header says in
//! words.
//!
//! # Kernel
//!
//! The report header names the kernel it ran on: 5.x's `OS: GNU/Linux --
//! 2.6.32-5-686 -- #1 SMP …` and 4.x's `System -- Linux host 2.4.19 #1 …`.
//! The release (`2.6.32-5-686`, `2.4.19`) becomes the kernel of every sample
//! after that header, so that a file outside a kernel directory is filed
//! under its own kernel, and a file with two reports keeps them apart. A
//! kernel directory still overrides it (see [`crate::site`]). A poster's
//! banner a few lines above the header (`kernel 2.5.54mm1` between rules)
//! naming a kernel that extends the header's release (`2.5.54`: a patched
//! tree built without the patch set's name) names the kernel instead, with
//! a note; a banner naming another kernel is a note, the header's kept.
//!
//! # Damaged input
//!
//! Mail clients hard-wrap 4.1 output: `(10.0 secs,10` / `samples)` (the
//! result is complete on the first line, the continuation is skipped; a
//! line whose `(` the wrap lost, `394198.6 lps 10.0 secs,` over
//! `10samples)`, is read the same, with a note), an
//! index row's INDEX value on a line of its own (rejoined when the line holds
//! that one number and it equals RESULT / BASELINE × 10 to the printed
//! precision), `FINAL SCORE` / `203.5` (rejoined when the next non-blank line
//! is one number). Anything else that breaks an index row is an error,
//! but for a row or score cut short (a truncated log): an index row whose
//! BASELINE, RESULT or INDEX lacks the one decimal UnixBench prints, or
//! whose INDEX is missing on the file's last line, and a score without
//! its decimal, are each a note naming the line, and not read.
//!
//! A 5.x file whose first run lost its header (`Benchmark Run:` and the
//! copies line cut off, the results first) while a later run has one: the
//! cut run is taken as 1 copy when the later run is of more (`./Run` runs 1
//! copy, then one per CPU), else its `copies` is `?`; a warning on its
//! first line says which, so its rows are neither silently apart nor
//! silently merged.
//!
//! # A run that may be off
//!
//! The header's `uptime` line gives the load when UnixBench started
//! (`load average: 14.01, 25.72, 15.60`): a last minute's load of one per
//! processor or more (the `N CPUs in system` line below it, else the
//! header's `CPU N:` lines, else 1) is a warning at that line, the machine
//! busy and the tests competing with other work; the figures are read. A
//! timing note of `0.0 s` (`Execl Throughput  67.1 lps  (0.0 s, 2
//! samples)`: each sample runs 10 to 60 s) is a warning at its line, the
//! test's timing failed; the figure is read. (`2 samples` is UnixBench
//! 5's own count for its 30- and 60-second tests, 3 runs less the worst.)

use crate::model::{Better, Metric, Param, ParsedFile, Sample};
use crate::parse::{BenchParser, Input, ParseError, num};

/// Reads UnixBench 4.1 and 5.x output (registry id `"unixbench"`).
pub struct UnixBench;

const ID: &str = "unixbench";

/// Group of the System Benchmarks (and 4.1) index table and score.
pub const INDEX_GROUP: &str = "index";
/// Group of the 3D Graphics Benchmarks index table and score.
pub const GRAPHICS_INDEX_GROUP: &str = "3D graphics index";
/// Group of the 2D Graphics Benchmarks index table and score (UnixBench
/// 5.1's x11perf tests, `2D Graphics Benchmarks Index Score   1795.9`).
pub const GRAPHICS_2D_INDEX_GROUP: &str = "2D graphics index";

/// The group of an index table's header or score line: `3D Graphics
/// Benchmarks Index …` and `2D Graphics Benchmarks Index …` are indexes of
/// their own, every other (`System Benchmarks Index …`, 4.1's) is `"index"`.
fn index_group(line: &str) -> &'static str {
    if line.contains("3D Graphics") {
        GRAPHICS_INDEX_GROUP
    } else if line.contains("2D Graphics") {
        GRAPHICS_2D_INDEX_GROUP
    } else {
        INDEX_GROUP
    }
}

impl BenchParser for UnixBench {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "unixbench (UnixBench / BYTE UNIX Benchmarks 4.1 and 5.x)"
    }

    /// A last line `System Benchmarks Index Score            5562.6`
    /// (also `(Partial Only)`, `3D Graphics Benchmarks Index Score` and
    /// `2D Graphics …`)
    /// without a line break is whole when its figure has one decimal:
    /// UnixBench 5's `Run` prints the index score `%.1f`, so a cut one has
    /// none (`556` for `5562.6`) or ends in its point. BYTE 3.11's
    /// `AVERAGE  116.6` likewise.
    ///
    /// UnixBench 4.1's `FINAL SCORE   228.5` is whole when it is the
    /// geometric mean of its table's INDEX values (two or more, as
    /// [`score_check`] bounds it for their one decimal): a figure cut short
    /// (`228.` or `22`) is none of the table's.
    fn last_figure_complete(&self, input: &Input) -> bool {
        input.lines.last().is_some_and(|l| {
            (l.contains("Index Score") || l.trim_start().starts_with("AVERAGE"))
                && l.split_whitespace().last().and_then(super::num::decimals) == Some(1)
        }) || self.final_score_given_by_its_rows(input)
    }

    /// `Benchmark` (the banner, `Benchmark Run:`, the index score lines),
    /// `FINAL SCORE`, or a unit a result line ends in (`is_unit`).
    fn literals(&self) -> &'static [&'static str] {
        &["Benchmark", "FINAL SCORE", "lps", "lpm", "KBps", "MWIPS", "fps", "score"]
    }

    fn detect(&self, input: &Input) -> u8 {
        let mut score = 0u8;
        let mut results = 0usize;
        let mut bench_run = false;
        let mut copies = false;
        // Literals looked for once in the whole text: a line can hold one
        // only if the text does. Result lines end in a `(…)` timing note.
        if input.has("BYTE UNIX Benchmarks") {
            return 95;
        }
        if input.has("Benchmarks Index Score")
            || input.has("Benchmarks Index Values")
            || input.has("Benchmarks Partial Index")
        {
            score = score.max(92);
        }
        let index_values = input.has("INDEX VALUES");
        let final_score = input.has("FINAL SCORE");
        let maybe_run = input.has("Benchmark Run:") && input.has("parallel cop");
        let maybe_results = input.has("(");
        // Index rows under no header (`FINAL SCORE` below them), looked
        // for only in a text that holds a 4.1 score line.
        let mut headless = 0usize;
        for line in &input.lines {
            if maybe_run {
                bench_run |= line.starts_with("Benchmark Run:");
                copies |= line.contains("parallel cop") && line.contains("in system");
            }
            if maybe_results && results < 3 && result_line(line).is_some_and(|r| r.is_ok()) {
                results += 1;
            }
            if final_score && !index_values && headless < 2 && headless_index_row(line) {
                headless += 1;
            }
        }
        if bench_run && copies {
            score = score.max(88);
        }
        if index_values && final_score {
            score = score.max(85);
        }
        if headless >= 2 {
            score = score.max(80);
        }
        if results >= 2 {
            score = score.max(70);
        } else if results == 1 {
            score = score.max(55);
        }
        score
    }

    fn max_score(&self) -> u8 {
        95
    }

    /// Each test's index value is detail (its raw result divided by the
    /// reference machine's, times ten: the same change): the mail keeps
    /// the raw results and the Index Score (`Index Score (Partial Only)`
    /// too), as posts give them.
    fn mail_detail(&self, group: &str, metric: &str) -> bool {
        group.ends_with("index") && !metric.contains("Index Score")
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut out = ParsedFile { benchmark: ID.to_string(), ..ParsedFile::default() };
        let mut copies: Option<String> = None;
        // Before any `Benchmark Run:` or copies line: samples of a run
        // whose header was cut off, if a later run has one.
        let mut headless: Option<usize> = None;
        // The first `running N parallel copies` line: (1-based line, N).
        let mut first_copies: Option<(usize, String)> = None;
        // The kernel the latest report header names.
        let mut kernel: Option<String> = None;
        // Each report's machine (`System: orangepii96: GNU/Linux`).
        let mut hosts = super::varying::Starts::new();
        // What the reports say of their machine and kernel build, each
        // with its line: `System:`, `CPU N:`, `N CPUs in system`, and each
        // report's (index of its first sample, release, `uname -v` build).
        let mut host_lines: Vec<(usize, String)> = Vec::new();
        let mut processors: Vec<(usize, usize, String)> = Vec::new();
        // How many report banners were read (`BYTE UNIX Benchmarks`): the
        // CPU lines of one report share it.
        let mut reports = 0usize;
        let mut cpus: Vec<(usize, u32)> = Vec::new();
        // Each header's load average (`load average: 14.01, 25.72, 15.60`):
        // its line, the last minute's, and the report it is in.
        let mut loads: Vec<(usize, f64, usize)> = Vec::new();
        let mut builds: Vec<(usize, usize, String, String)> = Vec::new();
        // Some(group) while inside an index table.
        let mut index: Option<&'static str> = None;
        // The index table being read: the index of its first sample, and
        // the line of its first row whose BASELINE is not UnixBench's (a
        // post's own `index.base`, its index values and score against that).
        let mut table_start = 0usize;
        let mut own_base: Option<usize> = None;
        // The INDEX values of the table being read, each with its line:
        // the score under it is their mean ([`score_check`]).
        let mut table_values: Vec<(f64, usize)> = Vec::new();
        let mut wrapped_notes = 0usize;
        let mut first_wrapped: Option<usize> = None;
        // After a BYTE banner, a result line cut to `NAME  VALUE UNIT` (the
        // timing note dropped, as posts quote it) is still a result.
        let mut banner_seen = false;
        // The 1-based line of a `Benchmark   Delta(%): (+ is better)`
        // header: the table under it holds changes, not results or scores.
        let mut delta_header: Option<usize> = None;
        // The result lines of the report being read, whose RESULT the
        // index table under them repeats.
        let mut block = RawBlock::default();
        // Score lines read one right under another with no copies line
        // known: each one's line and sample index.
        let mut bare_scores: Vec<(usize, usize)> = Vec::new();
        let lines = &input.lines;
        let mut i = 0usize;
        while i < lines.len() {
            let line = without_tilde_mark(lines[i].as_str());
            let lineno = i + 1;
            i += 1;
            banner_seen |= line.contains("BYTE UNIX Benchmarks");
            let trimmed = line.trim();

            if let Some(load) = load_average(line) {
                loads.push((lineno, load, reports));
            }
            if let Some(v) = version(line) {
                reports += 1;
                out.version.get_or_insert(v);
                continue;
            }
            if let Some(k) = header_kernel(line) {
                if let Some(b) = header_build(line) {
                    builds.push((out.samples.len(), lineno, k.clone(), b));
                }
                // 3.x/4.x name the machine in the same line: reports of
                // three hosts (a Mobile PIII, a P4, a dual Xeon, LKML
                // 2002-12) were three kernels of one machine.
                if let Some(h) = uname_host(line) {
                    host_lines.push((lineno, h.clone()));
                    hosts.push((out.samples.len(), h));
                }
                kernel = Some(banner_over_header(lines, i - 1, &k, &mut out.notes).unwrap_or(k));
                block = RawBlock::default();
                continue;
            }
            if let Some(h) = header_host(line) {
                host_lines.push((lineno, h.clone()));
                hosts.push((out.samples.len(), h));
                block = RawBlock::default();
                continue;
            }
            if let Some((name, _)) = trimmed.strip_prefix("System:").and_then(|r| r.split_once(':'))
                && name.trim().len() > HOST_NAME_MAX
            {
                let msg = format!(
                    "UnixBench `System:` line names a host of {} bytes, longer than any host name ({HOST_NAME_MAX} \
                     bytes): not read as the machine's host",
                    name.trim().len()
                );
                out.notes.push((lineno, msg));
            }
            if trimmed.starts_with("Benchmark Run:") {
                block = RawBlock::default();
                headless.get_or_insert(out.samples.len());
                copies = None;
                index = None;
                delta_header = None;
                continue;
            }
            if is_delta_header(trimmed) {
                delta_header = Some(lineno);
                index = None;
                continue;
            }
            if let Some(model) = header_cpu(line) {
                // A model name past any processor's (a file whose
                // newlines were lost): no machine's name (attack37
                // finding 7: a 100 KB `CPU 0:` line was the `machine`,
                // 213 KB charts and a mail without its table).
                if model.len() > crate::parse::PROCESSOR_MAX {
                    let msg = format!(
                        "UnixBench `CPU N:` line names a processor of {} bytes, longer than any processor model \
                         name ({} bytes): not read as the machine's processor",
                        model.len(),
                        crate::parse::PROCESSOR_MAX
                    );
                    out.notes.push((lineno, msg));
                } else {
                    processors.push((lineno, reports, model));
                }
                continue;
            }
            if let Some(c) = copies_of(line).or_else(|| run_copies(line)) {
                if let Some(n) = cpus_in_system(line) {
                    cpus.push((lineno, n));
                }
                block = RawBlock::default();
                headless.get_or_insert(out.samples.len());
                first_copies.get_or_insert((lineno, c.clone()));
                copies = Some(c);
                continue;
            }
            // BYTE 3.11 ends its index table `SUM of  6 items  559.6` (the
            // index values added: no result of its own) and `AVERAGE  93.3`,
            // its score (LKML 2002, wild33 file 01: the SUM line was taken
            // for a damaged index row and the file skipped).
            if index.is_some() && is_byte_sum_line(trimmed) {
                continue;
            }
            if let Some((group, metric)) = score_label(line).or_else(|| index.and_then(|_| byte_average(trimmed))) {
                // The score of a table against a post's own baseline.
                let own = index.and(own_base);
                index = None;
                let values = std::mem::take(&mut table_values);
                if let Some(msg) = change_not_score(trimmed, delta_header) {
                    out.notes.push((lineno, msg));
                    continue;
                }
                let numbers = trimmed.split_whitespace().filter(|w| num::plain(w).is_some()).count();
                if numbers > 1 {
                    // `System Benchmarks Index Score   1467.2   1483.0`: a
                    // table a person made, one column per set-up.
                    let msg = format!(
                        "a score line with {numbers} numbers (a comparison table made by hand, a column per set-up): not read"
                    );
                    out.notes.push((lineno, msg));
                    continue;
                }
                let (value, at, next) = score_value(lines, i, trimmed, &mut out.notes)?;
                i = next;
                // UnixBench prints the score with one decimal (`%.1f`).
                let printed = lines[at - 1].split_whitespace().last().unwrap_or("");
                if num::fewer_decimals(printed, 1) {
                    let msg = "a score without the one decimal UnixBench prints (the line looks cut short): not read";
                    out.notes.push((at, msg.to_string()));
                    continue;
                }
                let mean = if metric.starts_with("Index Score") {
                    Some(Mean::Geometric)
                } else if metric == "Index Average" {
                    Some(Mean::Arithmetic)
                } else {
                    None
                };
                if let Some(msg) = mean.and_then(|mean| score_check(&values, value, mean)) {
                    out.notes.push((at, msg));
                }
                let score = Sample::new(Metric::new(metric, "", Better::Higher), value, at).with_group(group);
                let score = if own.is_some() { score.with_param(BASELINE_PARAM, OWN_BASELINE) } else { score };
                let mut score = tagged(score, &copies, &kernel);
                // Score lines one under another with no copies line (a
                // post keeping only each run's score, LKML 2022-12:
                // `1995.8` of 1 copy and `8482.8` of all CPUs were averaged
                // as one set-up's two runs): kept apart by their order.
                let after_score = bare_scores.last().is_some_and(|&(at_before, _)| {
                    (at_before..lineno - 1).all(|k| lines[k].trim().is_empty()) && at_before < lineno
                });
                if copies.is_none() && after_score {
                    if bare_scores.len() == 1 {
                        let (first_at, first) = bare_scores[0];
                        out.samples[first].params.push(crate::model::Param::new("copies", unknown_copies(1)));
                        out.notes.push((first_at, unread_copies_note(first_at, lineno)));
                    }
                    score = score.with_param("copies", unknown_copies(bare_scores.len() + 1));
                } else {
                    bare_scores.clear();
                }
                if copies.is_none() {
                    bare_scores.push((at, out.samples.len()));
                }
                out.samples.push(score);
                continue;
            }
            // The index table's header, or its first line when a mail
            // wrapped `RESULT  INDEX` onto the next.
            let wrapped_header = line.contains("BASELINE")
                && !line.contains("RESULT")
                && lines.get(i).is_some_and(|l| l.trim().starts_with("RESULT") && l.contains("INDEX"));
            if (line.contains("BASELINE") && line.contains("RESULT")) || wrapped_header {
                delta_header = None;
                block.closed = true;
                index = Some(index_group(line));
                table_start = out.samples.len();
                table_values.clear();
                own_base = None;
                if wrapped_header {
                    i += 1;
                }
                continue;
            }
            // Index rows a post gave without the table's header (`1)
            // control` over `Execl Throughput  43.0  1159.7  269.7` … and
            // `FINAL SCORE  342.1`, LKML 2005-08: 24 rows of three set-ups
            // were passed over without a word, only the scores read).
            if index.is_none()
                && delta_header.is_none()
                && trimmed.ends_with(|c: char| c.is_ascii_digit())
                && headless_index_row(line)
            {
                let msg = "index rows without the table's header (`BASELINE RESULT INDEX`): read as an index table, \
                           each row's BASELINE being the stock index.base's and its INDEX the RESULT's";
                out.notes.push((lineno, msg.to_string()));
                block.closed = true;
                index = Some(INDEX_GROUP);
                table_start = out.samples.len();
                table_values.clear();
                own_base = None;
            }
            if let Some(group) = index {
                match index_row(lines, i, line, &mut out.notes)? {
                    IndexRow::Skip => {}
                    IndexRow::End => {
                        index = None;
                        i -= 1;
                    }
                    IndexRow::ResultOnly { name, result } => {
                        let (name, label) = labelled_test(name);
                        if let Some(raw) = block.result_of(&mut out, name, result) {
                            out.samples.push(with_label(tagged(raw, &copies, &kernel), label));
                        }
                    }
                    IndexRow::Value { name, value, at, result, baseline, next } => {
                        i = next;
                        let (name, label) = labelled_test(name);
                        let name = match name_cut_at_its_start(name, baseline, result.0, value) {
                            Some(full) => {
                                let msg = format!(
                                    "`{name}` is no test UnixBench's index names, but its BASELINE {baseline} is \
                                     `{full}`'s and its RESULT and INDEX agree with it: read as `{full}` (the line \
                                     lost the start of the name)"
                                );
                                out.notes.push((at, msg));
                                full
                            }
                            None => name,
                        };
                        if let Some(raw) = block.result_of(&mut out, name, result) {
                            out.samples.push(with_label(tagged(raw, &copies, &kernel), label));
                        }
                        table_values.push((value, at));
                        let index = Sample::new(Metric::new(name, "", Better::Higher), value, at).with_group(group);
                        out.samples.push(with_label(tagged(index, &copies, &kernel), label));
                        if own_base.is_none()
                            && let Some(stock) = stock_baseline(name).filter(|b| (b - baseline).abs() > 0.05)
                        {
                            own_base = Some(result.1);
                            let msg = format!(
                                "the BASELINE {baseline} of `{name}` is not the stock index.base's ({stock}): this index table is \
                                 against the post's own baseline; its index values and score are kept apart \
                                 ({BASELINE_PARAM}={OWN_BASELINE})"
                            );
                            out.notes.push((result.1, msg));
                            // The rows above this one are of the same table.
                            for s in out.samples[table_start..].iter_mut().filter(|s| s.group == group) {
                                s.params.push(Param::new(BASELINE_PARAM, OWN_BASELINE));
                            }
                        } else if own_base.is_some()
                            && let Some(s) = out.samples.last_mut()
                        {
                            s.params.push(Param::new(BASELINE_PARAM, OWN_BASELINE));
                        }
                    }
                }
                continue;
            }
            let bare = banner_seen && delta_header.is_none();
            let next = lines.get(i).map(String::as_str);
            let unparenthesised = || {
                let r = unparenthesised_result_line(line, next?)?;
                let msg =
                    "a result line whose timing note lost its `(` (`10.0 secs,`, the rest on the next line): read";
                out.notes.push((lineno, msg.to_string()));
                Some(Ok(r))
            };
            match result_line(line)
                .or_else(|| if bare { bare_result_line(line).map(Ok) } else { None })
                .or_else(unparenthesised)
            {
                Some(Ok(r)) => {
                    if r.secs == Some(0.0) {
                        out.notes.push((lineno, untimed_note(&r)));
                    }
                    if r.wrapped && lines.get(i).is_some_and(|l| l.trim().ends_with("samples)")) {
                        wrapped_notes += 1;
                        first_wrapped.get_or_insert(lineno);
                    }
                    block.push(out.samples.len());
                    out.samples.push(tagged(
                        Sample::new(Metric::new(r.name, r.unit, Better::Higher), r.value, lineno),
                        &copies,
                        &kernel,
                    ));
                }
                Some(Err(expected)) => return Err(ParseError::malformed(lineno, expected, line)),
                None => {}
            }
        }
        if let (Some(first), Some(n)) = (first_copies, headless) {
            cut_off_run(&mut out, n, &first);
        }
        // Reports of two machines (`System: orangepii96`, `System:
        // bananapi`) on one kernel are no runs of one.
        super::varying::tag_varying(&mut out, &hosts, super::HOST_PARAM);
        keep_builds_apart(&mut out, &builds);
        warn_of_busy_starts(&mut out, &loads, &processors, &cpus);
        out.identity = identity(&host_lines, &processors, &cpus, &builds);
        comparison_lines(input, &mut out);
        finish(out, wrapped_notes, first_wrapped)
    }
}

impl UnixBench {
    /// Whether the last line is UnixBench 4.1's `FINAL SCORE` with one
    /// decimal that the INDEX values read above it, in its own table (the
    /// rows after the score before it), give as [`score_check`] bounds it:
    /// two rows or more. LKML's 4.1 posts ending on their score without a
    /// line break (Pavan 2002-10, Wipro 2002-12) were left unproven.
    fn final_score_given_by_its_rows(&self, input: &Input) -> bool {
        let n = input.lines.len();
        let Some(last) = input.lines.last() else { return false };
        if !last.trim_start().starts_with("FINAL SCORE")
            || last.split_whitespace().last().and_then(super::num::decimals) != Some(1)
        {
            return false;
        }
        let Ok(parsed) = self.parse(input) else { return false };
        let is_score = |s: &Sample| s.group.as_str() == INDEX_GROUP && s.metric.name.starts_with("Index Score");
        let Some(score) = parsed.samples.iter().find(|s| s.line == n && is_score(s)) else { return false };
        let from = parsed.samples.iter().filter(|s| s.line < n && is_score(s)).map(|s| s.line).max().unwrap_or(0);
        let rows: Vec<(f64, usize)> = parsed
            .samples
            .iter()
            .filter(|s| s.line > from && s.line < n && s.group.as_str() == INDEX_GROUP && !is_score(s))
            .map(|s| (s.value.mean(), s.line))
            .collect();
        // A row of 0.0 is one score_check leaves unchecked: no proof.
        rows.len() >= 2
            && rows.iter().all(|&(v, _)| v > 0.05)
            && score_check(&rows, score.value.mean(), Mean::Geometric).is_none()
    }
}

/// A hand-made comparison above a report (Sowmya Adiga's UnixBench 4.1.0
/// posts, LKML 2002-2003): `1 Dhrystone 2 using register variables[2.5.53]
/// 1805936.3` over `  Dhrystone 2 using register variables[2.5.52]
/// 1753628.8`, or with the unit and a `linux-` before the kernel,
/// `Execl Throughput[linux-2.5.69]   1327.0 lps` over `Execl
/// Throughput[linux-2.5.68]   1493.0 lps` (May 2003): a test, a kernel in
/// brackets, its figure. The kernel is named without its `linux-`, as the
/// report's `System -- Linux sowmya 2.5.69` names it. The figure of a
/// kernel whose report here holds that test repeats the report's and is
/// counted once there (noted); another kernel's is that kernel's result,
/// with the test's unit. A test no report here holds, a unit other than
/// the report's for that test, or a bracket that names no kernel, is
/// noted and not read.
fn comparison_lines(input: &Input, out: &mut ParsedFile) {
    let mut added = Vec::new();
    for (i, line) in input.lines.iter().enumerate() {
        let Some((name, kernel, value, unit)) = comparison_line(line) else { continue };
        let lineno = i + 1;
        let tests: Vec<&Sample> = out.samples.iter().filter(|s| s.group.is_empty() && s.metric.name == name).collect();
        let Some(test) = tests.first() else {
            out.notes.push((lineno, format!("`{name}[{kernel}]`: no report here holds this test; not read")));
            continue;
        };
        if let Some(unit) = unit.filter(|u| *u != test.metric.unit) {
            out.notes.push((
                lineno,
                format!(
                    "`{name}[{kernel}]` is in {unit}, the report's line {} in {}; not read",
                    test.line, test.metric.unit
                ),
            ));
            continue;
        }
        if let Some(own) = tests.iter().find(|s| s.kernel.as_deref() == Some(kernel)) {
            let note = if own.value.mean() == value {
                format!("`{name}[{kernel}]` repeats line {}; counted once there", own.line)
            } else {
                format!(
                    "`{name}[{kernel}]` {value} differs from the report's {} on line {}; not read",
                    own.value.mean(),
                    own.line
                )
            };
            out.notes.push((lineno, note));
            continue;
        }
        if !super::labels::is_kernel_name(kernel) {
            out.notes.push((lineno, format!("`{name}[{kernel}]`: the brackets name no kernel; not read")));
            continue;
        }
        let mut s = Sample::new(test.metric.clone(), value, lineno).with_kernel(kernel);
        s.params = test.params.clone();
        added.push(s);
    }
    if !added.is_empty() {
        out.samples.extend(added);
        out.samples.sort_by_key(|s| s.line);
    }
}

/// `1 Dhrystone 2 using register variables[2.5.53]        1805936.3` (the
/// test number optional) or `Execl Throughput[linux-2.5.69]   1327.0 lps`:
/// the test's name, the bracketed kernel without its `linux-` (any case),
/// the figure and the unit after it when there is one (a unit UnixBench
/// prints, `KBps` given as `KB/s` as the report's lines are).
fn comparison_line(line: &str) -> Option<(&str, &str, f64, Option<&'static str>)> {
    let t = line.trim();
    let t = t.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
    let (name, rest) = t.split_once('[')?;
    let (kernel, figure) = rest.split_once(']')?;
    let name = name.trim_end();
    let kernel = kernel.trim();
    let kernel = match kernel.get(..6) {
        Some(head) if head.eq_ignore_ascii_case("linux-") => &kernel[6..],
        _ => kernel,
    };
    let ok = name.len() > 2 && name.starts_with(|c: char| c.is_ascii_alphabetic()) && !kernel.is_empty();
    ok.then_some(())?;
    let mut words = figure.split_whitespace();
    let value = num::plain(words.next()?)?;
    let unit = match words.next() {
        None => None,
        Some("lps") => Some("lps"),
        Some("lpm") => Some("lpm"),
        Some("KBps") => Some("KB/s"),
        Some("MWIPS") => Some("MWIPS"),
        Some("fps") => Some("fps"),
        Some(_) => return None,
    };
    words.next().is_none().then_some((name, kernel, value, unit))
}

/// The run at the top of a 5.x file whose header (`Benchmark Run:` and
/// `N CPUs in system; running N parallel copies of tests`) was cut off,
/// while a later run (`first`: its copies line and count) has one: its
/// samples (the first `headless` of `out.samples`) would carry no
/// `copies` and never meet the other files' rows. When the later run is
/// of more than one copy, the cut run is the 1-copy run `./Run` makes
/// before it, and its samples get `copies` 1; otherwise its count is not
/// known and they get `copies` `?`. A warning on its first line says
/// which.
fn cut_off_run(out: &mut ParsedFile, headless: usize, first: &(usize, String)) {
    let Some(at) = out.samples.first().filter(|_| headless > 0).map(|s| s.line) else { return };
    let (line, n) = first;
    let (value, note) = if n != "1" {
        (
            "1",
            format!(
                "the header of the first run was cut off (no `running N parallel copies` line before line {line}): its results are taken as 1 copy, the run ./Run makes before the {n}-copy run of line {line}"
            ),
        )
    } else {
        (
            "?",
            format!(
                "the header of the first run was cut off (no `running N parallel copies` line before line {line}): its copy count is unknown, so its rows show copies ? and are compared with no other run"
            ),
        )
    };
    // Score lines one under another already carry their place (`? (1st)`).
    for s in out.samples[..headless].iter_mut().filter(|s| !s.params.iter().any(|p| p.name == "copies")) {
        s.params.push(crate::model::Param::new("copies", value));
    }
    out.notes.push((at, note));
}

/// The parsed file `out`, with one note for the `wrapped_notes` test lines
/// (the first at line `first_wrapped`) whose timing note wrapped, and its
/// notes in line order. An error when it has no sample.
fn finish(mut out: ParsedFile, wrapped_notes: usize, first_wrapped: Option<usize>) -> Result<ParsedFile, ParseError> {
    if wrapped_notes > 0 {
        out.notes.push((
            first_wrapped.unwrap_or(1),
            format!("{wrapped_notes} test lines had their timing note wrapped onto the next line; the continuation was skipped"),
        ));
    }
    out.notes.sort_by_key(|(line, _)| *line);
    if out.samples.is_empty() {
        let reason = match out.notes.iter().find(|(_, m)| m.contains("made by hand") || m.contains(NOT_A_SCORE)) {
            Some((n, m)) => format!("line {n}: {m}"),
            None => "no test result, index row or score line".into(),
        };
        return Err(ParseError::NoResults { benchmark: ID, reason });
    }
    Ok(out)
}

/// The value of the score line at index `i - 1` (`trimmed`): its last
/// number, or the lone number on the next non-blank line when the score
/// wrapped there (`FINAL SCORE` / `203.5`; with a note). Returns the value,
/// its 1-based line and the index of the line to read next. An error when
/// neither holds a number.
fn score_value(
    lines: &[String],
    i: usize,
    trimmed: &str,
    notes: &mut Vec<(usize, String)>,
) -> Result<(f64, usize, usize), ParseError> {
    let lineno = i;
    if let Some(v) = last_number(trimmed) {
        return Ok((v, lineno, i));
    }
    let mut j = i;
    while j < lines.len() && lines[j].trim().is_empty() {
        j += 1;
    }
    match lines.get(j).and_then(|l| lone_number(l)) {
        Some(v) => {
            notes.push((j + 1, format!("score on line {lineno} wrapped onto this line; rejoined")));
            Ok((v, j + 1, j + 1))
        }
        // No line below: the score line itself is what was found.
        None if j >= lines.len() => {
            Err(ParseError::malformed(lineno, format!("a number ending the score line {trimmed:?}"), trimmed))
        }
        None => Err(ParseError::malformed(j + 1, format!("the value of {trimmed:?}"), lines[j].clone())),
    }
}

/// The result lines of one report (`Dhrystone 2 using register variables
/// 24562588.6 lps (10.0 s, 7 samples)`), as indices into the samples,
/// until its index table: a row of that table whose test has a result line
/// here repeats it in its RESULT column. The block ends (`closed`) at an
/// index table's header; the next result line starts a new one, as do a
/// `Benchmark Run:` line, a copies line and a report header.
#[derive(Default)]
struct RawBlock {
    results: Vec<usize>,
    closed: bool,
}

impl RawBlock {
    /// Counts the sample `at` (a result line) in the block, starting a new
    /// block when the last one's index table was read.
    fn push(&mut self, at: usize) {
        if self.closed {
            self.results.clear();
            self.closed = false;
        }
        self.results.push(at);
    }

    /// The result an index row gives for test `name`, from its RESULT
    /// (`result`: the figure and its 1-based line). `None` when the block
    /// holds that test's result line (RESULT repeats it; a RESULT other
    /// than that line's figure is noted), or when UnixBench 5 names no
    /// such test and its unit is unknown (noted as a warning, not guessed).
    fn result_of(&self, out: &mut ParsedFile, name: &str, result: (f64, usize)) -> Option<Sample> {
        let (value, line) = result;
        let same = |s: &Sample| s.metric.name.split_whitespace().eq(name.split_whitespace());
        if let Some(raw) = self.results.iter().filter_map(|&k| out.samples.get(k)).find(|s| same(s)) {
            if raw.value.mean() != value {
                let msg = format!(
                    "the RESULT {value} of `{name}` differs from its result line {} ({}): not read",
                    raw.line,
                    raw.value.mean()
                );
                out.notes.push((line, msg));
            }
            return None;
        }
        let Some(unit) = index_test_unit(name) else {
            let msg = format!(
                "the RESULT {value} of `{name}`: a test UnixBench's index does not name, so its unit is unknown; not read"
            );
            out.notes.push((line, msg));
            return None;
        };
        Some(Sample::new(Metric::new(name, unit, Better::Higher), value, line))
    }
}

/// The parameter of an index value or score computed against a baseline
/// that is not UnixBench's: value [`OWN_BASELINE`].
pub const BASELINE_PARAM: &str = "baseline";
/// See [`BASELINE_PARAM`]: a post's own `index.base` (LKML 2002-09: `Again,
/// the baseline is a vanilla 2.4.19.`, BASELINE `System Call Overhead
/// 409831.4` against UnixBench's 15000.0, INDEX about 10 and FINAL SCORE
/// 9.9), not comparable with UnixBench's index values and scores.
pub const OWN_BASELINE: &str = "own";

/// The stock `pgms/index.base` tests and BASELINEs [`stock_baseline`]
/// reads (4.1, 5.x and BYTE 3.11).
const STOCK_BASELINES: [(&str, f64); 25] = [
    ("Dhrystone 2 using register variables", 116700.0),
    ("Double-Precision Whetstone", 55.0),
    ("Execl Throughput", 43.0),
    ("File Copy 1024 bufsize 2000 maxblocks", 3960.0),
    ("File Copy 256 bufsize 500 maxblocks", 1655.0),
    ("File Copy 4096 bufsize 8000 maxblocks", 5800.0),
    ("Pipe Throughput", 12440.0),
    ("Pipe-based Context Switching", 4000.0),
    ("Process Creation", 126.0),
    ("Shell Scripts (1 concurrent)", 42.4),
    ("Shell Scripts (8 concurrent)", 6.0),
    ("System Call Overhead", 15000.0),
    ("2D graphics: rectangles", 15.0),
    ("2D graphics: ellipses", 15.0),
    ("2D graphics: aa polygons", 15.0),
    ("2D graphics: text", 15.0),
    ("2D graphics: images and blits", 15.0),
    ("2D graphics: windows", 15.0),
    ("3D graphics: gears", 33.4),
    // BYTE UNIX Benchmarks 3.11.
    ("Arithmetic Test (type = double)", 2541.7),
    ("Dhrystone 2 without register variables", 22366.3),
    ("Execl Throughput Test", 16.5),
    ("File Copy (30 seconds)", 179.0),
    ("Pipe-based Context Switching Test", 1318.5),
    ("Shell scripts (8 concurrent)", 4.0),
];

/// The BASELINE UnixBench prints in the index row of a test: 4.1's and
/// 5.x's `pgms/index.base` (the SPARCstation 20-61's results; 4.1's index
/// tests are a subset of 5.1.3's with the same baselines, the graphics
/// tests are 5.1's), and BYTE 3.11's for the names only 3.11 uses. `None`
/// for a test no stock `index.base` names (whose row then says nothing of
/// the table's baseline).
fn stock_baseline(name: &str) -> Option<f64> {
    STOCK_BASELINES.iter().find(|(n, _)| name.split_whitespace().eq(n.split_whitespace())).map(|&(_, b)| b)
}

/// The stock test an index row names when the post lost the first
/// characters of its name (LKML 2002-10, UnixBench 4.1 on 2.4.18-3: `ipe
/// Throughput   12440.0   512417.1   411.9`, read under `ipe Throughput`
/// and its RESULT dropped as a test of no known unit): the one stock test
/// whose name ends with `name` (six characters or more, a whole word
/// short), whose stock BASELINE is the row's, and whose INDEX the row's
/// RESULT / BASELINE gives. `None` for a name the stock list has, or any
/// other.
fn name_cut_at_its_start(name: &str, baseline: f64, result: f64, index: f64) -> Option<&'static str> {
    if name.len() < 6 || stock_baseline(name).is_some() || !index_matches(baseline, result, index) {
        return None;
    }
    let mut found = STOCK_BASELINES
        .iter()
        .filter(|(n, b)| n.len() > name.len() && n.ends_with(name) && (b - baseline).abs() <= 0.05)
        .map(|&(n, _)| n);
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// The unit UnixBench 4.1 and 5.x print on the result line of an index
/// test (`pgms/index.base` of byte-unixbench 5.1.3; 4.1's index tests are a
/// subset, with the same names and units), spelled as [`result_line`]
/// gives it (`KBps` as `"KB/s"`). `None` for any other name.
fn index_test_unit(name: &str) -> Option<&'static str> {
    const UNITS: [(&str, &str); 20] = [
        ("Dhrystone 2 using register variables", "lps"),
        ("Double-Precision Whetstone", "MWIPS"),
        ("Execl Throughput", "lps"),
        ("File Copy 1024 bufsize 2000 maxblocks", "KB/s"),
        ("File Copy 256 bufsize 500 maxblocks", "KB/s"),
        ("File Copy 4096 bufsize 8000 maxblocks", "KB/s"),
        ("Pipe Throughput", "lps"),
        ("Pipe-based Context Switching", "lps"),
        ("Process Creation", "lps"),
        ("Shell Scripts (1 concurrent)", "lpm"),
        ("Shell Scripts (8 concurrent)", "lpm"),
        // Run's `shell16`: no baseline in index.base, so its index row
        // prints `---` for BASELINE and INDEX (`Shell Scripts (16
        // concurrent)  ---  39.3  ---`).
        ("Shell Scripts (16 concurrent)", "lpm"),
        ("System Call Overhead", "lps"),
        ("2D graphics: rectangles", "score"),
        ("2D graphics: ellipses", "score"),
        ("2D graphics: aa polygons", "score"),
        ("2D graphics: text", "score"),
        ("2D graphics: images and blits", "score"),
        ("2D graphics: windows", "score"),
        ("3D graphics: gears", "fps"),
    ];
    UNITS.iter().find(|(n, _)| name.split_whitespace().eq(n.split_whitespace())).map(|&(_, u)| u)
}

/// An index row's name led by a set-up's label and a colon, as a post
/// prints a column of them before UnixBench's (`ENVIRON        : TEST
/// BASELINE …` over `mem_cgorup=off : Execl Throughput  43.0  3150.1
/// 732.6` and `before this set: Execl Throughput …`, linux-mm 2008): the
/// test's name and the label (`mem_cgorup=off`). Only a name whose part
/// after the first colon is a test UnixBench's index names
/// ([`index_test_unit`]) is split; any other (`3D graphics: gears`,
/// itself a test) is returned whole, with no label.
fn labelled_test(name: &str) -> (&str, Option<&str>) {
    if index_test_unit(name).is_some() {
        return (name, None);
    }
    match name.split_once(':') {
        Some((label, test)) if !label.trim().is_empty() && index_test_unit(test.trim()).is_some() => {
            (test.trim(), Some(label.trim()))
        }
        _ => (name, None),
    }
}

/// `sample` with the parameter `label` when a row names one.
fn with_label(sample: Sample, label: Option<&str>) -> Sample {
    match label {
        Some(l) => sample.with_param("label", l),
        None => sample,
    }
}

/// What a line inside an index table is.
enum IndexRow<'a> {
    /// A blank line, a rule or the `INDEX` heading.
    Skip,
    /// Not a row: the table ended (without a score line) above it.
    End,
    /// A row: the test's name, its INDEX value with the 1-based line it
    /// is on, its RESULT with the 1-based line that one is on, its
    /// BASELINE, and the index of the line to read next.
    Value { name: &'a str, value: f64, at: usize, result: (f64, usize), baseline: f64, next: usize },
    /// A row of a test with no baseline, which UnixBench 5 prints with
    /// `---` for BASELINE and INDEX (` Shell Scripts (16 concurrent)
    /// ---   39.3   ---`): the test's name and its RESULT with its
    /// 1-based line. It has no index value.
    ResultOnly { name: &'a str, result: (f64, usize) },
}

/// Reads `line` (at index `i - 1`) of an index table: `name BASELINE RESULT
/// INDEX`, with the INDEX value possibly wrapped onto the next line (with a
/// note). A line that is no row ends the table (with a note). An error for
/// a damaged row.
fn index_row<'a>(
    lines: &[String],
    i: usize,
    line: &'a str,
    notes: &mut Vec<(usize, String)>,
) -> Result<IndexRow<'a>, ParseError> {
    let lineno = i;
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.chars().all(|c| c == '=' || c == '-') || trimmed == "INDEX" {
        return Ok(IndexRow::Skip);
    }
    let cells = Cells::of(line);
    // A test index.base has no baseline for: `NAME  ---  RESULT  ---`.
    if let [.., (_, "---"), (_, result), (_, "---")] = cells.cells.as_slice()
        && let Some(result) = num::plain(result)
    {
        let name = cells.before_trailing(line, 3).trim();
        if name.chars().any(|c| c.is_ascii_alphabetic()) {
            return Ok(IndexRow::ResultOnly { name, result: (result, lineno) });
        }
    }
    let nums = cells.trailing_numbers(3);
    if nums.is_empty() {
        // BASELINE and RESULT followed by a damaged INDEX (`46#.1`):
        // a broken index row, not the end of the table.
        let toks: Vec<&str> = trimmed.split_whitespace().collect();
        if let [.., baseline, result, bad] = toks.as_slice()
            && toks.len() >= 4
            && num::plain(baseline).is_some()
            && num::plain(result).is_some()
            && bad.chars().any(|c| c.is_ascii_digit())
        {
            return Err(ParseError::malformed(lineno, "an INDEX value (a number)", *bad));
        }
        // Not a row: the table ended without a score line.
        notes.push((lineno, "index table ended without a score line".to_string()));
        return Ok(IndexRow::End);
    }
    let name = cells.before_trailing(line, nums.len()).trim();
    if name.is_empty() || !name.chars().any(|c| c.is_ascii_alphabetic()) {
        return Err(ParseError::malformed(lineno, "an index row: test name, BASELINE, RESULT and INDEX", line));
    }
    // UnixBench prints BASELINE, RESULT and INDEX with one decimal.
    let mut cut = || {
        let msg = "an index row cut short (BASELINE, RESULT and INDEX each with the one decimal UnixBench prints; \
                   the file looks cut here): not read";
        notes.push((lineno, msg.to_string()));
        Ok(IndexRow::Skip)
    };
    let whole = |k: usize| cells.cells.iter().rev().take(k).all(|(_, c)| !num::fewer_decimals(c, 1));
    if nums.len() == 3 {
        if !whole(3) {
            return cut();
        }
        return Ok(IndexRow::Value {
            name,
            value: nums[2],
            at: lineno,
            result: (nums[1], lineno),
            baseline: nums[0],
            next: i,
        });
    }
    if nums.len() == 1 {
        // RESULT and INDEX wrapped onto the next line by a mail (`Execl
        // Throughput  43.0` / `623.7  145.0`).
        let rest = Cells::of(lines.get(i).map(String::as_str).unwrap_or(""));
        let two = rest.trailing_numbers(3);
        let only = rest.cells.len() == 2;
        if only && two.len() == 2 && index_matches(nums[0], two[0], two[1]) {
            notes.push((i + 1, format!("RESULT and INDEX of line {lineno} wrapped onto this line; rejoined")));
            return Ok(IndexRow::Value {
                name,
                value: two[1],
                at: i + 1,
                result: (two[0], i + 1),
                baseline: nums[0],
                next: i + 1,
            });
        }
        // A score line of an index this parser does not name (`… Benchmarks
        // Index Score  1795.9` of a table it does not know): the table ends
        // here, its score is not read, and the rest of the file still is.
        if name.contains("Index Score") {
            notes.push((lineno, format!("{name:?}: a score line of an index benchsite does not know; not read")));
            return Ok(IndexRow::End);
        }
        return Err(ParseError::malformed(lineno, "an index row: test name, BASELINE, RESULT and INDEX", line));
    }
    let (baseline, result) = (nums[0], nums[1]);
    let next = lines.get(i).map(String::as_str).unwrap_or("");
    match lone_number(next) {
        Some(v) if index_matches(baseline, result, v) => {
            notes.push((i + 1, format!("index value of line {lineno} wrapped onto this line; rejoined")));
            Ok(IndexRow::Value { name, value: v, at: i + 1, result: (result, lineno), baseline, next: i + 1 })
        }
        // The file's last line, or RESULT itself cut: the row was cut short.
        _ if lines[i..].iter().all(|l| l.trim().is_empty()) || !whole(2) => cut(),
        _ => Err(ParseError::malformed(
            lineno,
            "an index row: test name, BASELINE, RESULT and INDEX (INDEX missing)",
            line,
        )),
    }
}

/// The kernel release a report's header names, if it names one:
///
/// ```text
///    OS: GNU/Linux -- 2.6.32-5-686 -- #1 SMP Mon Oct 3 04:15:24 UTC 2011      5.x
///   System -- Linux access1 2.5.53 #5 Tue Dec 24 13:36:45 IST 2002 i686      4.x
/// ```
///
/// → `2.6.32-5-686`, `2.5.53`. A 5.x line a mail wrapped after the
/// release's `--` (`OS: GNU/Linux -- 4.14.48-1-pserver --`, the `uname -v`
/// on the next line, linux-mm 2018-06) names its release all the same.
/// `None` for other lines, or when the word in the release's place is not
/// a release (it must start with a digit and hold a dot).
fn header_kernel(line: &str) -> Option<String> {
    let t = line.trim();
    let release = if let Some(rest) = t.strip_prefix("OS:") {
        let release = rest.split(" -- ").nth(1)?.trim();
        release.strip_suffix(" --").map_or(release, str::trim_end)
    } else {
        let rest = t.strip_prefix("System -- ")?;
        let mut toks = rest.split_whitespace();
        if !toks.next()?.eq_ignore_ascii_case("Linux") {
            return None;
        }
        toks.nth(1)?
    };
    let ok = release.starts_with(|c: char| c.is_ascii_digit())
        && release.contains('.')
        && !release.contains(char::is_whitespace);
    ok.then(|| release.to_string())
}

/// The kernel a poster's banner over a report names (`----\t\t\tkernel
/// 2.5.54mm1` between rules, a few lines above `BYTE UNIX Benchmarks`)
/// where the report's header (line `at`, 0-based) names `uname`, another.
/// A banner's name that extends the header's (`2.5.54mm1` of `2.5.54`: a
/// patched tree built without its name in the release) is the kernel,
/// with a note; any other is a note, and the header's stays (`None`).
/// Wild34 file 26: an -mm1 report filed under 2.5.54 was averaged with
/// the -mm2 report's as runs of one kernel.
fn banner_over_header(lines: &[String], at: usize, uname: &str, notes: &mut Vec<(usize, String)>) -> Option<String> {
    let (k, line) = (at.saturating_sub(6)..at)
        .rev()
        .find_map(|j| super::labels::banner_kernel(&lines[j]).map(|k| (k.to_string(), j + 1)))?;
    if k == uname {
        return None;
    }
    if k.starts_with(uname) {
        notes.push((
            line,
            format!(
                "the banner names kernel {k}, the report's `System --` line (line {}) {uname}: {k} extends it \
                 (a patched tree built without its name in the release), so the report is filed under {k}",
                at + 1
            ),
        ));
        return Some(k);
    }
    notes.push((
        line,
        format!(
            "the banner names kernel {k}, but the report's `System --` line (line {}) names {uname}: filed under \
             {uname}",
            at + 1
        ),
    ));
    None
}

/// The kernel build a 5.x report's header names, `uname -v`: `   OS:
/// GNU/Linux -- 5.10.0+ -- #342 SMP Wed Sep 13 20:25:43 CST 2023` →
/// `#342 SMP Wed Sep 13 20:25:43 CST 2023` (blanks in a row made one).
/// `None` for other lines, or an empty third part.
fn header_build(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("OS:")?;
    let build = rest.split(" -- ").nth(2)?.split_whitespace().collect::<Vec<_>>().join(" ");
    (!build.is_empty()).then_some(build)
}

/// The processor model a 5.x report's header names for one CPU: `   CPU
/// 0: Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz (2794.6 bogomips)` →
/// `Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz`. `None` for other lines,
/// and for a CPU line naming no model (`CPU 0:  (38.4 bogomips)`, as
/// UnixBench prints a Raspberry Pi's).
fn header_cpu(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("CPU ")?;
    let (n, rest) = rest.split_once(':')?;
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = rest.trim();
    let model = rest.strip_suffix("bogomips)")?.rsplit_once('(')?.0.trim();
    (!model.is_empty()).then(|| model.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The last minute's load average of the header's `uptime` line
/// (`23:17:44 up  1:31,  0 users,  load average: 14.01, 25.72, 15.60;
/// runlevel`; BSD's `load averages: 1.23 1.54 2.27`) → 14.01.
fn load_average(line: &str) -> Option<f64> {
    let (_, rest) = line.split_once("load average")?;
    let rest = rest.strip_prefix('s').unwrap_or(rest).strip_prefix(':')?;
    num::plain(rest.split_whitespace().next()?.trim_end_matches([',', ';']))
}

/// The warning at each header's load average that is at least one per
/// processor (the `N CPUs in system` line below it, else the report's
/// `CPU N:` lines; at least 1 where neither shows): the machine was busy
/// when UnixBench started, and the tests competed with other work.
/// archive52: a laptop's 1-copy run under `load average: 14.01, 25.72,
/// 15.60` on 8 CPUs (mojyack's unixbench-results) was compared as any.
fn warn_of_busy_starts(
    out: &mut ParsedFile,
    loads: &[(usize, f64, usize)],
    processors: &[(usize, usize, String)],
    cpus: &[(usize, u32)],
) {
    for &(line, load, report) in loads {
        let (count, said) = match cpus.iter().find(|c| c.0 > line) {
            Some(&(at, n)) => (n as usize, format!("{n} CPUs, line {at}")),
            None => match processors.iter().filter(|p| p.1 == report).count() {
                0 => (1, "the processors are not shown".to_string()),
                n => (n, format!("{n} `CPU N:` lines")),
            },
        };
        if load >= count.max(1) as f64 {
            out.notes.push((
                line,
                format!(
                    "the machine's load average was {load} when UnixBench started ({said}): it was busy, and other \
                     work competed with the tests, so the run's figures may be low: compare them with care (or run \
                     again on an idle machine)"
                ),
            ));
        }
    }
}

/// The warning at a result whose timing note prints `0.0 s` (`Execl
/// Throughput  67.1 lps  (0.0 s, 2 samples)`, a Raspberry Pi Zero W's
/// UnixBench 5.1.3, mojyack's unixbench-results): a test runs 10 to 60
/// seconds a sample, so its clock failed, and over what time its rate was
/// counted is not shown.
fn untimed_note(r: &ResultLine) -> String {
    format!(
        "UnixBench printed 0.0 s as the time of `{}` (each of its samples runs for 10 to 60 s): its timing \
         failed, so over what time its {} {} were counted is not shown: read, not sure",
        r.name, r.value, r.unit
    )
}

/// `2 CPUs in system; running 1 parallel copy of tests` → `2`.
fn cpus_in_system(line: &str) -> Option<u32> {
    let (n, rest) = line.trim().split_once(' ')?;
    rest.starts_with("CPUs in system")
        .then(|| n.parse().ok())
        .flatten()
        .or_else(|| rest.starts_with("CPU in system").then(|| n.parse().ok()).flatten())
}

/// Gives the samples of each report whose release another report of the
/// file names with another build (`#342 SMP Wed Sep 13 …` and `#370 SMP
/// Thu Sep 14 …`, both `5.10.0+`: the kernel patched and rebuilt between
/// runs) a [`crate::parse::KERNEL_BUILD_PARAM`] parameter, that build, and
/// the file a note naming the `OS:` lines: two builds are no runs of one
/// kernel. Reports of different releases are told apart by their kernel.
fn keep_builds_apart(out: &mut ParsedFile, builds: &[(usize, usize, String, String)]) {
    let apart = |release: &str| {
        let mut of = builds.iter().filter(|b| b.2 == release).map(|b| b.3.as_str());
        let first = of.next();
        of.any(|b| Some(b) != first)
    };
    let mut said: Vec<&str> = Vec::new();
    for (i, (start, _, release, build)) in builds.iter().enumerate() {
        if !apart(release) {
            continue;
        }
        let end = builds.get(i + 1).map_or(out.samples.len(), |b| b.0);
        for s in out.samples.get_mut(*start..end).into_iter().flatten() {
            *s = s.clone().with_param(super::KERNEL_BUILD_PARAM, build);
        }
        if !said.contains(&release.as_str()) {
            said.push(release);
            let each: Vec<String> =
                builds.iter().filter(|b| b.2 == *release).map(|b| format!("line {} `{}`", b.1, b.3)).collect();
            let first = builds.iter().find(|b| b.2 == *release).map_or(1, |b| b.1);
            out.notes.push((
                first,
                format!(
                    "the reports name kernel {release} in different builds ({}): their runs are kept apart by \
                     a `{}` parameter, never averaged; if they are different kernels, give each a kernel \
                     directory of its own",
                    each.join(", "),
                    super::KERNEL_BUILD_PARAM
                ),
            ));
        }
    }
}

/// The file's [`Identity`](crate::model::Identity): each fact every
/// report of the file that prints it agrees on, at its first line; a fact
/// two reports print differently is none (their runs are labelled
/// instead: `host`, `kernel build`, `machine`). A report's processor is
/// its CPUs' models in first appearance, joined by ` + ` (`ARM
/// Cortex-A55 + ARM Cortex-A76`, a big.LITTLE board).
fn identity(
    hosts: &[(usize, String)],
    processors: &[(usize, usize, String)],
    cpus: &[(usize, u32)],
    builds: &[(usize, usize, String, String)],
) -> crate::model::Identity {
    fn one<T: PartialEq + Clone>(facts: &[(usize, T)]) -> Option<(usize, T)> {
        let first = facts.first()?;
        facts.iter().all(|f| f.1 == first.1).then(|| first.clone())
    }
    // Each report's models, at its first CPU line.
    let mut models: Vec<(usize, usize, String)> = Vec::new();
    for (line, report, model) in processors {
        match models.last_mut() {
            Some(last) if last.1 == *report => {
                if !last.2.split(" + ").any(|m| m == model) {
                    last.2 = format!("{} + {model}", last.2);
                }
            }
            _ => models.push((*line, *report, model.clone())),
        }
    }
    let models: Vec<(usize, String)> = models.into_iter().map(|(line, _, m)| (line, m)).collect();
    let builds: Vec<(usize, String)> = builds.iter().map(|b| (b.1, b.3.clone())).collect();
    crate::model::Identity { host: one(hosts), processor: one(&models), cpus: one(cpus), build: one(&builds) }
}

/// The machine a 5.x report's header names: `System: orangepii96:
/// GNU/Linux` → `orangepii96`. `None` for other lines, and for a name no
/// host has: longer than [`HOST_NAME_MAX`] bytes (a 10 KB name quoted in
/// every warning emptied the site's mail), or with a space, a control or
/// a bidi formatting character (`arch\u{202e}` reverses the rest of a
/// warning sentence on a page).
fn header_host(line: &str) -> Option<String> {
    let (host, os) = line.trim().strip_prefix("System:")?.split_once(':')?;
    let host = host.trim();
    (plausible_host(host) && !os.trim().is_empty()).then(|| host.to_string())
}

/// Whether `host` is a name a host can have: not empty, at most
/// [`HOST_NAME_MAX`] bytes, no blank, control or direction mark in it.
fn plausible_host(host: &str) -> bool {
    let odd = |c: char| {
        c.is_whitespace()
            || c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    !host.is_empty() && host.len() <= HOST_NAME_MAX && !host.contains(odd)
}

/// The machine a 3.x/4.x report's header names: `System -- Linux gw2
/// 2.4.19 #1 Mon Dec 9 …` → `gw2`. `None` for other lines and for a name
/// no host has (as [`header_host`]).
fn uname_host(line: &str) -> Option<String> {
    let mut toks = line.trim().strip_prefix("System -- ")?.split_whitespace();
    if !toks.next()?.eq_ignore_ascii_case("Linux") {
        return None;
    }
    let host = toks.next()?;
    (plausible_host(host) && toks.next().is_some()).then(|| host.to_string())
}

/// The longest host name Linux keeps (`HOST_NAME_MAX`, bytes).
const HOST_NAME_MAX: usize = 64;

/// A sample with its block's `copies` parameter and its report's kernel.
fn tagged(sample: Sample, copies: &Option<String>, kernel: &Option<String>) -> Sample {
    let sample = match copies {
        Some(c) => sample.with_param("copies", c),
        None => sample,
    };
    match kernel {
        Some(k) => sample.with_kernel(k.as_str()),
        None => sample,
    }
}

/// `BYTE UNIX Benchmarks (Version 4.1.0)` → `4.1.0`.
fn version(line: &str) -> Option<String> {
    let at = line.find("BYTE UNIX Benchmarks")?;
    let rest = &line[at..];
    let v = rest.split("Version").nth(1)?;
    let v = v.trim().trim_end_matches(')').trim();
    let v: String = v.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '.').collect();
    (!v.is_empty()).then_some(v)
}

/// `8 CPUs in system; running 8 parallel copies of tests` → `8`.
fn copies_of(line: &str) -> Option<String> {
    if !line.contains("parallel cop") {
        return None;
    }
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == "running" {
            let n = words.next()?;
            return n.parse::<u32>().ok().map(|n| n.to_string());
        }
    }
    None
}

/// `./Run -c 96 -i 1 shell1` → `96`: the copies of a run whose output
/// lost its `running N parallel copies` line (a post quoting the index
/// table only), also after a post's `Command:` or `Cmd:` (`Command: ./Run
/// -c 120 spawn`, kvm 2025-07: its 120 copies were not read). `None` for a
/// command line with no `-c` or more than one (`./Run -c 1 -c 4` runs both).
fn run_copies(line: &str) -> Option<String> {
    let trimmed = line.trim_start();
    let line = ["Command:", "Cmd:"].iter().find_map(|p| trimmed.strip_prefix(p)).unwrap_or(line);
    let args = crate::parse::cmdline::args_of(line, "Run")?;
    let mut counts = args.windows(2).filter(|w| w[0] == "-c").map(|w| w[1]);
    let n = counts.next()?.parse::<u32>().ok()?;
    counts.next().is_none().then(|| n.to_string())
}

/// Words of every note that a score line's figure is a change, not a score.
const NOT_A_SCORE: &str = "a change, not a score";

/// A column header naming its figures changes: `Benchmark   Delta(%): (+ is
/// better)` (KP Singh's LSM static-calls cover letter, 2023, re-typed the
/// UnixBench summary as percent changes only), or a `Benchmark … %` header.
/// UnixBench prints neither.
fn is_delta_header(trimmed: &str) -> bool {
    let head = trimmed.trim_start_matches(['>', ' ', '\t']);
    (head.starts_with("Benchmark") || head.starts_with("Test"))
        && !head.starts_with("Benchmark Run")
        && (head.contains("Delta") || head.contains("delta") || head.contains('%'))
}

/// When the score line `trimmed` holds a change rather than a score, the
/// note saying so: its figure is signed or in percent (`+3.4859`,
/// `-12.5%`; UnixBench prints the score unsigned, `%.1f`), or it sits
/// under a `Delta`/`%` header (1-based line `delta_header`).
fn change_not_score(trimmed: &str, delta_header: Option<usize>) -> Option<String> {
    let last = trimmed.split_whitespace().last().unwrap_or("");
    let number = last.trim_end_matches('%');
    let signed = number.starts_with(['+', '-']) && num::plain(number).is_some();
    let percent = last.ends_with('%') && num::plain(number).is_some();
    if signed || percent {
        let what = if percent { "in percent" } else { "signed" };
        return Some(format!(
            "{trimmed:?}: its figure {last:?} is {what}, {NOT_A_SCORE} (UnixBench prints the score unsigned): not read"
        ));
    }
    let header = delta_header?;
    Some(format!(
        "{trimmed:?} sits under the header of line {header} naming its figures changes: {NOT_A_SCORE}: not read"
    ))
}

/// The `copies` of the `n`th (1-based) of score lines printed one under
/// another with no copies line: `? (1st)`, `? (2nd)`. UnixBench's `./Run`
/// runs 1 copy, then one per CPU, and a post may keep only the scores; the
/// count is not known, the order is.
fn unknown_copies(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("? ({n}{suffix})")
}

/// The warning on the first of score lines one under another (from line
/// `first` on, the next at `next`) that no copies line names.
fn unread_copies_note(first: usize, next: usize) -> String {
    format!(
        "score lines one under another (lines {first} and {next} on) with no `running N parallel copies` line or \
         `./Run -c N` naming their copy counts: the scores of runs of different copy counts (./Run runs 1 copy, \
         then one per CPU) are not averaged; read apart as copies `? (1st)`, `? (2nd)`, … in their order"
    )
}

/// Recognises a score line: returns its group and metric name.
fn score_label(line: &str) -> Option<(&'static str, &'static str)> {
    let line = line.trim_start();
    if line.starts_with("FINAL SCORE") {
        return Some((INDEX_GROUP, "Index Score"));
    }
    if !(line.starts_with("System Benchmarks Index Score")
        || line.starts_with("3D Graphics Benchmarks Index Score")
        || line.starts_with("2D Graphics Benchmarks Index Score"))
    {
        return None;
    }
    let group = index_group(line);
    // `(Partial Only` without its `)` is the partial score still (a post
    // re-typing the line, kvm 2025-07: read as the full index before).
    let metric = if line.contains("(Partial Only") { "Index Score (Partial Only)" } else { "Index Score" };
    Some((group, metric))
}

/// A line without the `~` a signing mail client (Enigmail, inline PGP with
/// format=flowed) put in place of its first leading space: `~  System --
/// Linux (none) 2.6.2 #1 …`, `~     AVERAGE    240.2` (LKML 2004-02: both
/// reports' kernels were lost, the two merged under no kernel, and the
/// score unread). Only a `~` followed by a space or tab is taken off
/// (`~/unixbench/Run` keeps it).
fn without_tilde_mark(line: &str) -> &str {
    // The mark glued to a report's own line (`~System -- Linux …`,
    // `~BYTE UNIX Benchmarks`: attack40 F20, the two reports' kernels
    // lost and their figures averaged): taken off before those words only.
    const GLUED: [&str; 5] =
        ["System -- ", "BYTE UNIX Benchmarks", "BYTE UNIX benchmarks", "Start Benchmark Run", "INDEX VALUES"];
    match line.strip_prefix('~') {
        Some(rest) if rest.starts_with([' ', '\t']) || GLUED.iter().any(|g| rest.starts_with(g)) => return rest,
        _ => {}
    }
    // Marks doubled, after a space or a quoting client's `|` before those
    // words (`~~System -- `, ` ~System -- `, `| System -- `: attack41 F27,
    // two kernels' reports averaged again): taken off too.
    let rest = line.trim_start_matches(['~', '|', ' ', '\t']);
    if line[..line.len() - rest.len()].contains(['~', '|']) && GLUED.iter().any(|g| rest.starts_with(g)) {
        return rest;
    }
    line
}

/// BYTE UNIX Benchmarks 3.11's `SUM of  6 items   559.6` under its index
/// table: the index values added up, no result of its own.
fn is_byte_sum_line(trimmed: &str) -> bool {
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    matches!(words.as_slice(), ["SUM", "of", n, "items", v]
        if n.parse::<u32>().is_ok() && num::plain(v).is_some())
}

/// BYTE UNIX Benchmarks 3.11's score line under its index table, `AVERAGE
/// 93.3` (the mean of the index values): group `"index"`, metric `"Index
/// Average"` (not 4.1's `FINAL SCORE`, computed otherwise).
fn byte_average(trimmed: &str) -> Option<(&'static str, &'static str)> {
    let rest = trimmed.strip_prefix("AVERAGE")?;
    lone_number(rest).map(|_| (INDEX_GROUP, "Index Average"))
}

/// The last whitespace-separated token, when it is a number.
fn last_number(s: &str) -> Option<f64> {
    s.split_whitespace().last().and_then(num::plain)
}

/// A line holding one number and nothing else.
fn lone_number(s: &str) -> Option<f64> {
    let mut words = s.split_whitespace();
    let first = words.next()?;
    if words.next().is_some() {
        return None;
    }
    num::plain(first)
}

/// The warning for a 4.1 `FINAL SCORE` or 5.x `System Benchmarks Index
/// Score` (`score`) that is not the geometric mean (3.11's `AVERAGE`: the
/// arithmetic mean, `mean`) of the INDEX values
/// of the table above it (`values`, each with its line), as UnixBench
/// computes it over every test it ran: a row was lost or changed between
/// the run and the post (LKML 2002-10, UnixBench 4.1 on 2.4.18-3: the
/// `File Copy 4096` row gone from the index table, `Pipe` cut to `ipe`;
/// the nine rows left give 239.9 where the score says 228.5: every figure
/// was read as printed and the table's damage went without a word; a
/// score or an INDEX changed by a typo would have gone the same way).
/// Each INDEX is printed with one decimal, so the mean is bounded over
/// each value ± 0.05, and the score itself ± 0.05. `None` when the score
/// agrees, or under fewer than two rows.
fn score_check(values: &[(f64, usize)], score: f64, mean: Mean) -> Option<String> {
    if values.len() < 2 || values.iter().any(|&(v, _)| v <= 0.05) {
        return None;
    }
    // The means by statrs (review61 parse #7: by hand before).
    use statrs::statistics::Statistics as _;
    let of = |d: f64| {
        let shifted = values.iter().map(|&(v, _)| v + d);
        match mean {
            Mean::Geometric => shifted.geometric_mean(),
            Mean::Arithmetic => shifted.mean(),
        }
    };
    let (low, high) = (of(-0.05) - 0.05, of(0.05) + 0.05);
    if (low..=high).contains(&score) {
        return None;
    }
    let (first, last) = (values[0].1, values[values.len() - 1].1);
    let (kind, how) = match mean {
        Mean::Geometric => ("geometric", "UnixBench computes it"),
        Mean::Arithmetic => ("arithmetic", "BYTE UNIX Benchmarks 3.11 computes its AVERAGE"),
    };
    Some(format!(
        "the score {score} is not the {kind} mean of the {} INDEX values of lines {first}-{last} ({:.1}), as {how} \
         over every test it ran: a row of the table was lost or changed on the way into this \
         text (or is not read here); the score is kept as printed, the table's rows as they stand",
        values.len(),
        of(0.0)
    ))
}

/// How a score is made of its table's INDEX values: UnixBench 4.1 and 5.x
/// take their geometric mean, BYTE UNIX Benchmarks 3.11 their average.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mean {
    Geometric,
    Arithmetic,
}

/// True when `index` is RESULT / BASELINE × 10 as UnixBench prints it (one
/// decimal), so that a lone number on the next line certainly is the INDEX.
fn index_matches(baseline: f64, result: f64, index: f64) -> bool {
    if baseline <= 0.0 {
        return false;
    }
    let expected = result / baseline * 10.0;
    (index - expected).abs() <= 0.051 + expected.abs() * 1e-4
}

/// Whether `line` is an index row standing alone, its table's header left
/// out by the post (`Execl Throughput   43.0   1159.7   269.7` under `1)
/// control`, LKML 2005-08): a test the stock `index.base` names, its stock
/// BASELINE, a RESULT, and the INDEX they give (RESULT / BASELINE x 10).
/// Nothing less is such a row: three figures after a test's name are a
/// person's table as often.
fn headless_index_row(line: &str) -> bool {
    let cells = Cells::of(line);
    let nums = cells.trailing_numbers(3);
    if nums.len() != 3 {
        return false;
    }
    let name = cells.before_trailing(line, 3).trim();
    stock_baseline(name).is_some_and(|b| (b - nums[0]).abs() < 0.05) && index_matches(nums[0], nums[1], nums[2])
}

/// Whitespace-separated cells of a line with their byte offsets.
struct Cells<'a> {
    cells: Vec<(usize, &'a str)>,
}

impl<'a> Cells<'a> {
    fn of(line: &'a str) -> Self {
        let mut cells = Vec::new();
        let mut start = None;
        for (i, c) in line.char_indices() {
            if c.is_whitespace() {
                if let Some(s) = start.take() {
                    cells.push((s, &line[s..i]));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(s) = start {
            cells.push((s, &line[s..]));
        }
        Cells { cells }
    }

    /// Up to `max` numbers at the end of the line, in line order.
    fn trailing_numbers(&self, max: usize) -> Vec<f64> {
        let mut out = Vec::new();
        for (_, c) in self.cells.iter().rev() {
            if out.len() == max {
                break;
            }
            match num::plain(c) {
                Some(v) => out.push(v),
                None => break,
            }
        }
        out.reverse();
        out
    }

    /// The text before the last `n` cells.
    fn before_trailing(&self, line: &'a str, n: usize) -> &'a str {
        if n == 0 {
            return line;
        }
        match self.cells.len().checked_sub(n).and_then(|k| self.cells.get(k)) {
            Some((at, _)) => &line[..*at],
            None => "",
        }
    }
}

/// One per-test result line.
#[derive(Debug, PartialEq)]
struct ResultLine {
    name: String,
    value: f64,
    unit: String,
    /// The timing note was cut before its closing parenthesis.
    wrapped: bool,
    /// The samples' time the timing note prints (`10.0` of `(10.0 s, 7
    /// samples)`); `None` where the line has no timing note.
    secs: Option<f64>,
}

/// Reads `NAME  VALUE[ ]UNIT  (T s[ecs], N samples)`.
///
/// `None` when the line is not a result line; `Some(Err(expected))` when it
/// has the timing note and a value but no test name (a wrapped name).
fn result_line(line: &str) -> Option<Result<ResultLine, &'static str>> {
    let paren = line.rfind('(')?;
    let note = &line[paren + 1..];
    let wrapped = !note.contains(')');
    // The timing note: a number, then `s`/`sec`/`secs`, or the line's end.
    let note = note.trim_start();
    let digits = note.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(note.len());
    let secs = num::plain(&note[..digits])?;
    let after = note[digits..].trim_start();
    if !after.is_empty() {
        let word: String = after.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        if !matches!(word.as_str(), "s" | "sec" | "secs") {
            return None;
        }
    }
    let head = line[..paren].trim_end();
    let cells = Cells::of(head);
    let (&(last_at, last), rest) = cells.cells.split_last()?;
    let (value, unit, value_at) = if is_unit(last) {
        let &(at, v) = rest.last()?;
        (num::plain(v)?, last, at)
    } else {
        // `1805936.3lps`: value and unit glued.
        let split = last.find(|c: char| c.is_ascii_alphabetic())?;
        let (v, u) = last.split_at(split);
        if !is_unit(u) {
            return None;
        }
        (num::plain(v)?, u, last_at)
    };
    let name = head[..value_at].trim();
    if !name.chars().any(|c| c.is_ascii_alphabetic()) {
        return Some(Err("a test name before the result (name wrapped onto the previous line?)"));
    }
    if name.split_whitespace().last().is_some_and(|w| num::plain(w).is_some()) {
        // `Execl Throughput   293.5   303.7  lps (3` over `samples)`: two
        // kernels' columns, the note wrapped by format=flowed (wli 2002,
        // attack62): the name took the first column's figure.
        return Some(Err("one figure before the unit (a figure ends the test name: a table of several columns?)"));
    }
    if name.matches('(').count() != name.matches(')').count() {
        // `short)   208273.3 lps (…)` after `Arithmetic Test (type =`.
        return Some(Err("a whole test name before the result (its parentheses do not match: wrapped?)"));
    }
    let unit = if unit == "KBps" { "KB/s" } else { unit };
    Some(Ok(ResultLine { name: name.to_string(), value, unit: unit.to_string(), wrapped, secs: Some(secs) }))
}

/// Reads `NAME  VALUE UNIT` with no timing note, as posts quote 4.1
/// results. Only a unit UnixBench prints (`lps`, `lpm`, `KBps`, `MWIPS`,
/// `fps`) is accepted, so prose with numbers is not mistaken for a result.
fn bare_result_line(line: &str) -> Option<ResultLine> {
    let cells = Cells::of(line.trim_end());
    let (&(_, unit), rest) = cells.cells.split_last()?;
    if !matches!(unit, "lps" | "lpm" | "KBps" | "MWIPS" | "fps") {
        return None;
    }
    let &(value_at, v) = rest.last()?;
    let value = num::plain(v)?;
    let name = line[..value_at].trim();
    if !name.chars().any(|c| c.is_ascii_alphabetic()) || name.matches('(').count() != name.matches(')').count() {
        return None;
    }
    let unit = if unit == "KBps" { "KB/s" } else { unit };
    Some(ResultLine { name: name.to_string(), value, unit: unit.to_string(), wrapped: false, secs: None })
}

/// A 4.1 result line whose timing note lost its `(` where a mail wrapped
/// it (`System Call Overhead   394198.6 lps 10.0 secs,` over
/// `10samples)`, LKML 2003): `NAME VALUE UNIT T secs[,]`, the next line
/// ending `samples)`. Read as the result (`wrapped`), the unit one
/// UnixBench prints, as [`bare_result_line`] reads it.
fn unparenthesised_result_line(line: &str, next: &str) -> Option<ResultLine> {
    if !next.trim_end().ends_with("samples)") {
        return None;
    }
    let t = line.trim_end();
    let (head, secs) = t.rsplit_once(char::is_whitespace)?;
    if !matches!(secs.trim_end_matches(','), "secs" | "sec" | "s") {
        return None;
    }
    let (head, time) = head.trim_end().rsplit_once(char::is_whitespace)?;
    let secs = num::plain(time)?;
    let mut r = bare_result_line(head)?;
    r.wrapped = true;
    r.secs = Some(secs);
    Some(r)
}

/// A result unit as UnixBench prints it: `lps`, `lpm`, `KBps`, `MWIPS`,
/// `fps`, and 5.x's 2D graphics `score`. No other word: a result line is
/// a name, a figure, a unit and a `(` timing note, and prose has that
/// shape too. Any word of letters was taken for a unit, and a post's
/// `fastest setting, as a quick test on an AMD Ryzen Threadripper 3990X
/// (64` over `cores/128 threads) recently showed:` (Thorsten Leemhuis'
/// kcbench 0.9.0 announcement, LKML 2020-06) was a UnixBench result of
/// 3990 `X` (the `3990X` split as a figure glued to its unit).
fn is_unit(s: &str) -> bool {
    matches!(s, "lps" | "lpm" | "KBps" | "MWIPS" | "fps" | "score")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Per-test index values are mail detail; every score is not.
    #[test]
    fn index_values_are_mail_detail_and_scores_are_not() {
        assert!(UnixBench.mail_detail("index", "Execl Throughput"));
        assert!(!UnixBench.mail_detail("index", "Index Score"));
        assert!(!UnixBench.mail_detail("index", "Index Score (Partial Only)"));
        assert!(!UnixBench.mail_detail("", "Execl Throughput"));
    }

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        UnixBench.parse(&Input::from_text(text))
    }

    /// A hand-made comparison over the report: the report's kernel's line
    /// is counted once (with a note), another kernel's is its result.
    #[test]
    fn bracketed_comparison_lines() {
        let text = "1 Pipe Throughput[2.6.1]        448266.7\n  Pipe Throughput[2.6.0]      444037.8\n\n\
                    BYTE UNIX Benchmarks (Version 4.1.0)\n\
                    System -- Linux box 2.6.1 #5 Tue Dec 24 13:36:45 IST 2002 i686\n\
                    Pipe Throughput                          448266.7 lps   (10.0 secs, 10 samples)\n";
        let f = parse(text).unwrap();
        let got: Vec<(usize, Option<&str>, f64)> =
            f.samples.iter().map(|s| (s.line, s.kernel.as_deref(), s.value.mean())).collect();
        assert_eq!(got, vec![(2, Some("2.6.0"), 444037.8), (6, Some("2.6.1"), 448266.7)]);
        assert!(f.notes.iter().any(|(l, n)| *l == 1 && n.contains("repeats line 6")), "{:?}", f.notes);
        assert_eq!(comparison_line("Pipe Throughput                          448266.7 lps"), None);
    }

    /// Sowmya Adiga's May 2003 form: the unit after the figure and `linux-`
    /// in the brackets (`Execl Throughput[linux-2.5.69] \t  1327.0 lps`). The
    /// report's kernel's line repeats the report; the other kernel's is read
    /// under its name without `linux-`; a line in another unit is not read.
    #[test]
    fn bracketed_comparison_lines_with_unit_and_linux_prefix() {
        let text = "Execl Throughput[linux-2.5.69]               \t  1327.0 lps       \n\
                    Execl Throughput[linux-2.5.68]                    1493.0 lps   \n\
                    Pipe Throughput[linux-2.5.68]                     317299.2 lpm\n\n\
                    BYTE UNIX Benchmarks (Version 4.1.0)\n\
                    System -- Linux sowmya 2.5.69 #2 SMP Mon May 5 10:06:02 IST 2003 i686\n\
                    Execl Throughput                        1327.0 lps   (29.7 secs,3 samples)\n\
                    Pipe Throughput                         311523.8 lps (10.0 secs,10 samples)\n";
        let f = parse(text).unwrap();
        let got: Vec<(usize, Option<&str>, f64, &str)> =
            f.samples.iter().map(|s| (s.line, s.kernel.as_deref(), s.value.mean(), s.metric.unit.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (2, Some("2.5.68"), 1493.0, "lps"),
                (7, Some("2.5.69"), 1327.0, "lps"),
                (8, Some("2.5.69"), 311523.8, "lps")
            ]
        );
        assert!(f.notes.iter().any(|(l, n)| *l == 1 && n.contains("repeats line 7")), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(l, n)| *l == 3 && n.contains("is in lpm")), "{:?}", f.notes);
        assert_eq!(comparison_line("Pipe Throughput[2.6.0]   444037.8 lps of them"), None);
    }

    fn find<'a>(f: &'a ParsedFile, group: &str, metric: &str) -> Vec<&'a Sample> {
        f.samples.iter().filter(|s| s.group == group && s.metric.name == metric).collect()
    }

    #[test]
    fn damaged_index_value_is_an_error() {
        let text = "System Benchmarks Index Values               BASELINE       RESULT    INDEX\n\
Dhrystone 2 using register variables         116700.0   20000000.0   1713.8\n\
Execl Throughput                                 43.0       2000.0    46#.1\n";
        let e = UnixBench.parse(&Input::from_text(text)).unwrap_err();
        assert_eq!(e.line(), Some(3), "{e}");
        assert!(e.to_string().contains("46#.1"), "{e}");
    }

    #[test]
    fn bare_results_after_the_banner() {
        let text = "  BYTE UNIX Benchmarks (Version 4.1.0)\n\nPipe Throughput                           387881.3 lps\nC Compiler Throughput                        225.7 lpm\nI saw 3 lps once\n";
        let f = UnixBench.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 2, "{:?}", f.samples);
        assert_eq!(f.samples[0].metric.name, "Pipe Throughput");
        assert_eq!(f.samples[1].metric.unit, "lpm");
        // Without the banner such a line is not a result.
        assert!(UnixBench.parse(&Input::from_text("Pipe Throughput 387881.3 lps\n")).is_err());
    }

    #[test]
    fn result_lines_spaced_and_glued() {
        let r = result_line("Dhrystone 2 using register variables     1805936.3lps (10.0 secs,10").unwrap().unwrap();
        assert_eq!(r.name, "Dhrystone 2 using register variables");
        assert_eq!(r.value, 1805936.3);
        assert_eq!(r.unit, "lps");
        assert!(r.wrapped);
        let r = result_line("File Read 4096 bufsize 8000 maxblocks    339040.0 KBps(30.0 secs, 3").unwrap().unwrap();
        assert_eq!((r.value, r.unit.as_str()), (339040.0, "KB/s"));
        let r = result_line("Shell Scripts (1 concurrent)                   4668.7 lpm   (60.0 s, 1 samples)")
            .unwrap()
            .unwrap();
        assert_eq!(r.name, "Shell Scripts (1 concurrent)");
        assert!(!r.wrapped);
        assert!(matches!(
            result_line("Execl Throughput                  293.5           303.7  lps (3  "),
            Some(Err(_))
        ));
        let r = result_line("Dc: sqrt(2) to 99 decimal places         32559.2 lpm  (30.0 secs, 3 samples)")
            .unwrap()
            .unwrap();
        assert_eq!(r.name, "Dc: sqrt(2) to 99 decimal places");
        assert!(result_line("   CPU 35: Intel(R) Core(TM) i9-10980XE CPU @ 3.00GHz (6000.0 bogomips)").is_none());
        // Prose naming a processor before a wrapped parenthesis: no unit.
        assert!(result_line("fastest setting, as a quick test on an AMD Ryzen Threadripper 3990X (64").is_none());
        assert!(result_line("a quick test on a Ryzen 3990 X (64").is_none());
        assert!(result_line("samples)").is_none());
        assert!(matches!(result_line("short)           208273.3lps  (10.0 secs, 3 samples)"), Some(Err(_))));
        assert_eq!(
            result_line("      1805936.3 lps   (10.0 secs, 10 samples)"),
            Some(Err("a test name before the result (name wrapped onto the previous line?)"))
        );
    }

    #[test]
    fn v41_wrapped_index_and_final_score() {
        let text = "BYTE UNIX Benchmarks (Version 4.1.0)\n\
Pipe Throughput                          448266.7lps  (10.0 secs,10\n\
samples)\n\
                     INDEX VALUES\n\
TEST                                       BASELINE     RESULT\n\
INDEX\n\
\n\
Pipe Throughput                            12440.0    448266.7\n\
360.3\n\
Double-Precision Whetstone                 55.0       477.1         86.7\n\
=========\n\
     FINAL SCORE\n\
203.5\n";
        let f = parse(text).unwrap();
        assert_eq!(f.version.as_deref(), Some("4.1.0"));
        // Pipe Throughput's result line, the Whetstone's RESULT (it has no
        // result line), two index values and the score.
        assert_eq!(f.samples.len(), 5);
        assert_eq!(find(&f, "", "Double-Precision Whetstone")[0].metric.unit, "MWIPS");
        let p = find(&f, INDEX_GROUP, "Pipe Throughput");
        assert_eq!((p[0].value.mean(), p[0].line), (360.3, 9));
        let s = find(&f, INDEX_GROUP, "Index Score");
        assert_eq!((s[0].value.mean(), s[0].line), (203.5, 13));
        assert!(f.samples.iter().all(|s| s.params.is_empty()));
        assert!(f.notes.iter().any(|(l, _)| *l == 9));
    }

    #[test]
    fn wrapped_index_must_match_ratio() {
        let text = "INDEX VALUES\nTEST  BASELINE  RESULT  INDEX\nPipe Throughput   12440.0    448266.7\n999.9\nFINAL SCORE 1\n";
        let e = parse(text).unwrap_err();
        assert_eq!(e.line(), Some(3));
    }

    #[test]
    fn truncated_index_row_is_an_error() {
        let text = "System Benchmarks Index Values               BASELINE       RESULT    INDEX\n\
Dhrystone 2 using register variables         116700.0   35279778.3   3023.1\n\
Double-Precision Whetstone                       55.0\n";
        assert_eq!(parse(text).unwrap_err().line(), Some(3));
    }

    #[test]
    fn final_score_without_value_is_an_error() {
        let text = "Pipe Throughput   448266.7 lps (10.0 secs, 10 samples)\n     FINAL SCORE\n\nthanks\n";
        assert_eq!(parse(text).unwrap_err().line(), Some(4));
    }

    #[test]
    fn bare_score_lines_in_a_row_are_kept_apart_by_order_with_a_warning() {
        // LKML 2022-12: a post keeping only ./Run's two scores (1 copy,
        // then all CPUs) under a set-up line; they were averaged.
        let f = parse(
            "Don't load cpuidle-haltpoll:\n\
System Benchmarks Index Score                                        1995.8\n\
System Benchmarks Index Score                                        8482.8\n",
        )
        .unwrap();
        let s = find(&f, INDEX_GROUP, "Index Score");
        let copies: Vec<&str> =
            s.iter().map(|s| s.params.iter().find(|p| p.name == "copies").unwrap().value.as_str()).collect();
        assert_eq!(copies, ["? (1st)", "? (2nd)"]);
        assert!(f.notes.iter().any(|(l, m)| *l == 2 && m.contains("score lines one under another")), "{:?}", f.notes);
    }

    #[test]
    fn partial_score_without_its_closing_parenthesis_is_partial() {
        let f = parse("System Benchmarks Index Score (Partial Only              13775.1\n").unwrap();
        assert_eq!(find(&f, INDEX_GROUP, "Index Score (Partial Only)").len(), 1);
        assert_eq!(run_copies("Command: ./Run -c 120 spawn").as_deref(), Some("120"));
    }

    #[test]
    fn v5_runs_carry_copies_and_partial_and_graphics_scores() {
        let text = "Benchmark Run: Tue Jan 02 2024 22:11:05 - 22:19:05\n\
36 CPUs in system; running 1 parallel copy of tests\n\
\n\
File Copy 1024 bufsize 2000 maxblocks       1675624.0 KBps  (30.0 s, 7 samples)\n\
\n\
System Benchmarks Partial Index              BASELINE       RESULT    INDEX\n\
File Copy 1024 bufsize 2000 maxblocks          3960.0    1675624.0   4231.4\n\
                                                                   ========\n\
System Benchmarks Index Score (Partial Only)                         4231.4\n\
Benchmark Run: Tue Jan 02 2024 22:11:05 - 22:19:05\n\
36 CPUs in system; running 36 parallel copies of tests\n\
3D graphics: gears                             3207.0 fps   (20.0 s, 7 samples)\n\
3D Graphics Benchmarks Index Values          BASELINE       RESULT    INDEX\n\
3D graphics: gears                               33.4       3207.0    960.2\n\
                                                                   ========\n\
3D Graphics Benchmarks Index Score                                    960.2\n";
        let f = parse(text).unwrap();
        assert_eq!(f.samples.len(), 6);
        let r = find(&f, "", "File Copy 1024 bufsize 2000 maxblocks");
        assert_eq!(r[0].metric.unit, "KB/s");
        assert_eq!(r[0].params[0].value, "1");
        let p = find(&f, INDEX_GROUP, "Index Score (Partial Only)");
        assert_eq!(p[0].value.mean(), 4231.4);
        let g = find(&f, GRAPHICS_INDEX_GROUP, "Index Score");
        assert_eq!((g[0].value.mean(), g[0].params[0].value.as_str()), (960.2, "36"));
        let gi = find(&f, GRAPHICS_INDEX_GROUP, "3D graphics: gears");
        assert_eq!(gi[0].value.mean(), 960.2);
        assert_eq!(find(&f, "", "3D graphics: gears")[0].metric.unit, "fps");
    }

    #[test]
    fn the_2d_graphics_index_is_its_own_group_after_the_3d_one() {
        let text = "3D Graphics Benchmarks Index Values          BASELINE       RESULT    INDEX\n\
3D graphics: gears                               33.4         59.3     17.8\n\
                                                                   ========\n\
3D Graphics Benchmarks Index Score                                     17.8\n\
\n\
2D Graphics Benchmarks Index Values          BASELINE       RESULT    INDEX\n\
2D graphics: aa polygons                         15.0       2839.7   1893.2\n\
2D graphics: windows                             15.0         88.7     59.2\n\
                                                                   ========\n\
2D Graphics Benchmarks Index Score                                   1795.9\n";
        let f = parse(text).unwrap();
        assert_eq!(find(&f, GRAPHICS_INDEX_GROUP, "Index Score")[0].value.mean(), 17.8);
        assert_eq!(find(&f, GRAPHICS_2D_INDEX_GROUP, "Index Score")[0].value.mean(), 1795.9);
        assert_eq!(find(&f, GRAPHICS_2D_INDEX_GROUP, "2D graphics: windows")[0].value.mean(), 59.2);
        // A quoted index table without result lines: RESULT is the result, unit `score`.
        assert_eq!(find(&f, "", "2D graphics: aa polygons")[0].metric.unit, "score");
    }

    /// closing-61's leftover (Pavan, LKML 2002-10): `ipe Throughput
    /// 12440.0 512417.1 411.9` is Pipe Throughput's row. Must NOT rename a
    /// stock name, a row whose BASELINE or INDEX is another's, or a cut
    /// name that two stock tests end with.
    #[test]
    fn an_index_row_that_lost_the_start_of_its_name_is_its_stock_tests() {
        assert_eq!(name_cut_at_its_start("ipe Throughput", 12440.0, 512417.1, 411.9), Some("Pipe Throughput"));
        assert_eq!(name_cut_at_its_start("Pipe Throughput", 12440.0, 512417.1, 411.9), None);
        assert_eq!(name_cut_at_its_start("ipe Throughput", 43.0, 512417.1, 411.9), None, "Execl's baseline");
        assert_eq!(name_cut_at_its_start("ipe Throughput", 12440.0, 512417.1, 41.9), None, "INDEX disagrees");
        assert_eq!(name_cut_at_its_start("Throughput", 12440.0, 512417.1, 411.9), Some("Pipe Throughput"));
        assert_eq!(name_cut_at_its_start("ugh", 12440.0, 512417.1, 411.9), None, "too short");
    }

    /// closing-61's leftover: a 4.1 post ending on `FINAL SCORE 167.0`
    /// without its line break (LKML 2002-10, 2.5.42) is proven whole by
    /// its ten INDEX rows (their geometric mean 167.0); a row changed, or a
    /// score its rows do not give, proves nothing.
    #[test]
    fn a_final_score_its_rows_give_proves_the_last_line_whole() {
        let table = "TEST                                  BASELINE   RESULT    \tINDEX\n\n\
            Dhrystone 2 using register variables  116700.0  1778505.1  \t152.4\n\
            Double-Precision Whetstone            55.0      474.9      \t86.3\n\
            Execl Throughput                      43.0      758.3      \t176.3\n\
            File Copy 1024 bufsize 2000 maxblocks 3960.0    60017.0    \t151.6\n\
            File Copy 256 bufsize 500 maxblocks   1655.0    27182.0    \t164.2\n\
            File Copy 4096 bufsize 8000 maxblocks 5800.0    83635.0     144.2\n\
            Pipe Throughput                       12440.0   329512.3   \t264.9\n\
            Process Creation                      126.0     2290.0     \t181.7\n\
            Shell Scripts (8 concurrent)          6.0      \t103.3      \t172.2\n\
            System Call Overhead                  15000.0   367334.3   \t244.9\n\
            =========\n     FINAL SCORE                                        \t";
        let whole = |score: &str| UnixBench.last_figure_complete(&Input::from_text(&format!("{table}{score}")));
        assert!(whole("167.0"));
        assert!(!whole("167.9"), "a score the rows do not give");
        assert!(!whole("167."), "cut short");
        assert!(!whole("16"), "cut short");
        let changed = format!("{}167.0", table.replace("\t264.9", "\t26.9"));
        assert!(!UnixBench.last_figure_complete(&Input::from_text(&changed)), "a row changed");
    }

    /// UnixBench 5 prints a test with no baseline `---` for BASELINE and
    /// INDEX: its RESULT is read, the table goes on, and no note says it
    /// ended (riscv cover letter 2024: rows after it were dropped, with a
    /// false "ended without a score line").
    #[test]
    fn a_dash_baseline_row_gives_its_result_and_the_table_goes_on() {
        let text = " System Benchmarks Partial Index              BASELINE       RESULT    INDEX\n\
 Shell Scripts (1 concurrent)                     42.4        599.6    141.4\n\
 Shell Scripts (16 concurrent)                     ---         39.3      ---\n\
 Shell Scripts (8 concurrent)                      6.0         79.1    131.9\n\
\t\t\t\t\t\t\t\t    ========\n\
 System Benchmarks Index Score (Partial Only)                          109.2\n";
        let f = parse(text).unwrap();
        let shell16 = find(&f, "", "Shell Scripts (16 concurrent)");
        assert_eq!((shell16[0].value.mean(), shell16[0].metric.unit.as_str(), shell16[0].line), (39.3, "lpm", 3));
        assert!(find(&f, INDEX_GROUP, "Shell Scripts (16 concurrent)").is_empty());
        assert_eq!(find(&f, INDEX_GROUP, "Shell Scripts (8 concurrent)")[0].value.mean(), 131.9);
        assert_eq!(find(&f, INDEX_GROUP, "Index Score (Partial Only)")[0].value.mean(), 109.2);
        // No note on the `---` row; this excerpt keeps two of the table's
        // index rows, and the score line says they do not give its score.
        assert!(
            f.notes.iter().all(|(at, m)| *at == 6 && m.contains("not the geometric mean of the 2")),
            "{:?}",
            f.notes
        );
    }

    /// An index table whose BASELINE is a post's own (another kernel's
    /// results, LKML 2002-09: `System Call Overhead  409831.4  413117.8
    /// 10.1`, not UnixBench's 15000.0): every index value of the table,
    /// rows above the first telling one included, and its score carry
    /// `baseline=own`, with a note; a table with UnixBench's baselines
    /// carries none.
    #[test]
    fn an_index_table_against_a_posts_own_baseline_is_kept_apart() {
        let own = "                     INDEX VALUES\n\
TEST                                        BASELINE     RESULT      INDEX\n\
\n\
Arithoh                                    3664143.2  3664144.7       10.0\n\
System Call Overhead                        409831.4   413117.8       10.1\n\
                                                                 =========\n\
     FINAL SCORE                                                       9.9\n";
        let f = parse(own).unwrap();
        let tagged: Vec<_> = f
            .samples
            .iter()
            .filter(|s| s.group == INDEX_GROUP)
            .map(|s| {
                (s.metric.name.as_str(), s.params.iter().any(|p| p.name == BASELINE_PARAM && p.value == OWN_BASELINE))
            })
            .collect();
        assert_eq!(tagged, [("Arithoh", true), ("System Call Overhead", true), ("Index Score", true)]);
        assert!(f.notes.iter().any(|(l, m)| *l == 5 && m.contains("own baseline")), "{:?}", f.notes);
        let stock = own
            .replace("409831.4", " 15000.0")
            .replace("Arithoh                                    3664143.2  3664144.7       10.0\n", "");
        let f = parse(&stock).unwrap();
        assert!(f.samples.iter().all(|s| s.params.is_empty()), "{:?}", f.samples);
    }

    /// A post's label column before each index row's test name
    /// (`mem_cgorup=off : Execl Throughput`, linux-mm 2008) is the
    /// parameter `label` of that test's RESULT and INDEX; a test whose
    /// own name has a colon (`3D graphics: gears`) is not split.
    #[test]
    fn a_label_column_before_the_test_name_is_the_label() {
        let text = "BYTE UNIX Benchmarks (Version 4.1.0) Run execl. x86_64/SMP/2CPUs.\n\
ENVIRON        : TEST               BASELINE     RESULT      INDEX\n\
\n\
mem_cgorup=off : Execl Throughput       43.0     3150.1      732.6\n\
before this set: Execl Throughput       43.0     2932.6      682.0\n";
        let f = parse(text).unwrap();
        let results = find(&f, "", "Execl Throughput");
        let labels: Vec<_> =
            results.iter().map(|s| (s.value.mean(), s.params[0].name.as_str(), s.params[0].value.as_str())).collect();
        assert_eq!(labels, [(3150.1, "label", "mem_cgorup=off"), (2932.6, "label", "before this set")]);
        assert_eq!(results[0].metric.unit, "lps");
        assert_eq!(find(&f, INDEX_GROUP, "Execl Throughput").len(), 2);
        assert_eq!(labelled_test("3D graphics: gears"), ("3D graphics: gears", None));
        assert_eq!(labelled_test("Foo: Bar"), ("Foo: Bar", None));
    }

    /// A 4.1 result line whose timing note lost its `(` where a mail
    /// wrapped it is read on its own line, with a note, and counted with
    /// the wrapped lines (LKML 2003: it was read from the index table's
    /// RESULT, 66 lines below).
    #[test]
    fn a_result_line_without_its_paren_is_read_on_its_line() {
        let text = "BYTE UNIX Benchmarks (Version 4.1.0)\n\
Dhrystone 2 using register variables     1821990.3 lps(10.0\n\
secs,10samples)\n\
System Call Overhead                     394198.6 lps 10.0 secs,\n\
10samples)\n";
        let f = parse(text).unwrap();
        let s = find(&f, "", "System Call Overhead");
        assert_eq!((s[0].value.mean(), s[0].metric.unit.as_str(), s[0].line), (394198.6, "lps", 4));
        assert!(f.notes.iter().any(|(l, n)| *l == 4 && n.contains("lost its `(`")), "{:?}", f.notes);
        assert!(f.notes.iter().any(|(_, n)| n.contains("2 test lines")), "{:?}", f.notes);
        assert!(unparenthesised_result_line("Load average 3.0 lps 10.0 secs,", "more prose").is_none());
    }

    #[test]
    fn an_unknown_index_score_ends_its_table_with_a_note_and_the_rest_is_read() {
        let text = "Widget Benchmarks Index Values               BASELINE       RESULT    INDEX\n\
Widget spin                                      10.0         20.0     20.0\n\
                                                                   ========\n\
Widget Benchmarks Index Score                                         20.0\n\
\n\
System Benchmarks Index Values               BASELINE       RESULT    INDEX\n\
Execl Throughput                                 43.0       1685.4    392.0\n\
                                                                   ========\n\
System Benchmarks Index Score                                         392.0\n";
        let f = parse(text).unwrap();
        assert_eq!(find(&f, INDEX_GROUP, "Index Score")[0].value.mean(), 392.0);
        assert!(f.notes.iter().any(|(l, n)| *l == 4 && n.contains("does not know")), "{:?}", f.notes);
    }

    #[test]
    fn a_cut_off_first_run_is_one_copy_before_an_n_copy_run_and_says_so() {
        let run = |copies: &str| {
            format!(
                "Benchmark Run: Sun Apr 14 2024 09:36:45 - 09:43:28\n4 CPUs in system; running {copies} of tests\n\n\
Dhrystone 2 using register variables       40142968.2 lps   (10.0 s, 1 samples)\n"
            )
        };
        let head = "Dhrystone 2 using register variables       10142968.2 lps   (10.0 s, 1 samples)\n\
\n\
System Benchmarks Index Score                                         451.3\n\
\n";
        let f = parse(&format!("{head}{}", run("4 parallel copies"))).unwrap();
        let d = find(&f, "", "Dhrystone 2 using register variables");
        let copies: Vec<&str> = d.iter().map(|s| s.params[0].value.as_str()).collect();
        assert_eq!(copies, ["1", "4"]);
        assert_eq!(find(&f, INDEX_GROUP, "Index Score")[0].params[0].value, "1");
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 1);
        assert!(f.notes[0].1.contains("cut off") && f.notes[0].1.contains("taken as 1 copy"), "{:?}", f.notes);
        assert!(!crate::parse::note_is_info(&f.notes[0].1), "a warning");
        // A 1-copy run after it: its count cannot be told.
        let f = parse(&format!("{head}{}", run("1 parallel copy"))).unwrap();
        assert_eq!(find(&f, INDEX_GROUP, "Index Score")[0].params[0].value, "?");
        assert!(f.notes[0].1.contains("unknown"), "{:?}", f.notes);
        // A whole file has no such note.
        let f = parse(&format!("{}{}", run("1 parallel copy"), run("4 parallel copies"))).unwrap();
        assert!(f.notes.is_empty());
    }

    /// An index table without result lines above it (a post quoting the
    /// table alone): RESULT is the test's result, in the unit UnixBench
    /// prints for it; a test it does not name is a warning, not a guess.
    /// Under result lines RESULT repeats them and is not read again.
    #[test]
    fn an_index_table_alone_gives_its_results_with_their_units() {
        let text = "System Benchmarks Index Values               BASELINE       RESULT    INDEX\n\
Dhrystone 2 using register variables         116700.0  948326591.2  81261.9\n\
File Copy 1024 bufsize 2000 maxblocks          3960.0     438936.2   1108.4\n\
Shell Scripts (8 concurrent)                      6.0       8877.2  14795.3\n\
Frobnicate Throughput                            10.0        100.0    100.0\n\
                                                                   ========\n\
System Benchmarks Index Score                                        7923.3\n";
        let f = parse(text).unwrap();
        let raw: Vec<(usize, &str, f64, &str)> = f
            .samples
            .iter()
            .filter(|s| s.group.is_empty())
            .map(|s| (s.line, s.metric.name.as_str(), s.value.mean(), s.metric.unit.as_str()))
            .collect();
        assert_eq!(
            raw,
            [
                (2, "Dhrystone 2 using register variables", 948326591.2, "lps"),
                (3, "File Copy 1024 bufsize 2000 maxblocks", 438936.2, "KB/s"),
                (4, "Shell Scripts (8 concurrent)", 8877.2, "lpm"),
            ]
        );
        assert_eq!(find(&f, INDEX_GROUP, "Frobnicate Throughput")[0].value.mean(), 100.0);
        let note = f.notes.iter().find(|(l, _)| *l == 5).expect("a note on line 5");
        assert!(note.1.contains("unit is unknown") && !crate::parse::note_is_info(&note.1), "{note:?}");

        // Result lines above: RESULT repeats them; one that differs is noted.
        let text = "Execl Throughput                               3652.5 lps   (30.0 s, 2 samples)\n\
Pipe Throughput                              919266.7 lps   (10.0 s, 7 samples)\n\
System Benchmarks Index Values               BASELINE       RESULT    INDEX\n\
Execl Throughput                                 43.0       3652.5    849.4\n\
Pipe Throughput                               12440.0     919266.0    739.0\n\
System Benchmarks Index Score                                         792.3\n";
        let f = parse(text).unwrap();
        assert_eq!(f.samples.iter().filter(|s| s.group.is_empty()).count(), 2);
        assert!(f.notes.iter().any(|(l, n)| *l == 5 && n.contains("differs from its result line 2")), "{:?}", f.notes);
        assert!(!f.notes.iter().any(|(l, _)| *l == 4), "{:?}", f.notes);
    }

    #[test]
    fn detect_scores() {
        assert!(UnixBench.detect(&Input::from_text("   BYTE UNIX Benchmarks (Version 5.1.3)")) >= 90);
        assert_eq!(UnixBench.detect(&Input::from_text("Throughput 12 MB/sec 4 procs")), 0);
        assert!(UnixBench.detect(&Input::from_text("Pipe Throughput   448266.7 lps (10.0 secs, 10 samples)")) > 40);
    }

    /// James Morris, LKML 2005-08: three set-ups' index rows under `1)
    /// control` … with no `BASELINE RESULT INDEX` header and no banner.
    #[test]
    fn index_rows_without_their_header_are_an_index_table() {
        let text = "1) control\n\n\
            Execl Throughput                                43.0     1159.7      269.7\n\
            Pipe Throughput                              12440.0   217759.8      175.0\n\
            \x20                                                                =========\n\
            \x20    FINAL SCORE                                                     342.1\n";
        assert!(UnixBench.detect(&Input::from_text(text)) >= 80);
        let p = parse(text).unwrap();
        let got: Vec<(&str, &str, f64)> =
            p.samples.iter().map(|s| (s.group.as_str(), s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(
            got,
            [
                ("", "Execl Throughput", 1159.7),
                ("index", "Execl Throughput", 269.7),
                ("", "Pipe Throughput", 217759.8),
                ("index", "Pipe Throughput", 175.0),
                ("index", "Index Score", 342.1)
            ]
        );
        assert!(p.notes.iter().any(|(l, n)| *l == 3 && n.contains("without the table's header")));
        // A row whose INDEX is not its RESULT over the stock BASELINE, or
        // another test's, is no such row.
        assert!(!headless_index_row("Execl Throughput                                43.0     1159.7      300.0"));
        assert!(!headless_index_row("Pipe Throughput                                 43.0     1159.7      269.7"));
        assert!(!headless_index_row("control         : 200.264  351.135  514.327"));
    }

    #[test]
    fn an_index_table_wrapped_before_result_is_rejoined() {
        let text = "System Benchmarks Index Values               BASELINE       \n\
            RESULT    INDEX\n\
            Dhrystone 2 using register variables         116700.0    \n\
            3080833.7    264.0\n\
            Execl Throughput                                 43.0        \n\
            623.7    145.0\n\
            ========\n\
            System Benchmarks Index Score                                         201.4\n";
        let p = parse(text).unwrap();
        let got: Vec<(&str, f64)> = p.samples.iter().map(|s| (s.metric.name.as_str(), s.value.mean())).collect();
        // No result lines above: each row's RESULT, on the line it wrapped onto, is its result.
        assert_eq!(
            got,
            [
                ("Dhrystone 2 using register variables", 3080833.7),
                ("Dhrystone 2 using register variables", 264.0),
                ("Execl Throughput", 623.7),
                ("Execl Throughput", 145.0),
                ("Index Score", 201.4)
            ]
        );
        assert_eq!(p.samples[0].line, 4);
    }

    #[test]
    fn a_tilde_marked_header_and_average_are_read() {
        let text = "~  BYTE UNIX Benchmarks (Version 3.11)\n\
                    ~  System -- Linux (none) 2.6.2 #1 Wed Feb 4 14:32:05 GMT 2004 i686\n\
                    Execl Throughput Test                      3933.9 lps   (9 secs, 6 samples)\n\
                    ~                     INDEX VALUES\n\
                    TEST                                    BASELINE     RESULT      INDEX\n\
                    Execl Throughput Test                       16.5     3933.9      238.4\n\
                    ~                                                                 =========\n\
                    ~     SUM of  1 items                                             238.4\n\
                    ~     AVERAGE                                                     238.4\n";
        let f = parse(text).unwrap();
        assert!(f.samples.iter().all(|s| s.kernel.as_deref() == Some("2.6.2")));
        assert_eq!(find(&f, INDEX_GROUP, "Index Average").len(), 1);
        assert_eq!(without_tilde_mark("~/unixbench/Run -c 2"), "~/unixbench/Run -c 2");
        assert_eq!(without_tilde_mark("~~  x"), "~~  x");
        // attack40 F20: glued to a report's own words; must not fire on others.
        assert_eq!(without_tilde_mark("~System -- Linux (none) 2.6.2 #1"), "System -- Linux (none) 2.6.2 #1");
        assert_eq!(without_tilde_mark("~BYTE UNIX Benchmarks (Version 3.11)"), "BYTE UNIX Benchmarks (Version 3.11)");
        assert_eq!(without_tilde_mark("~Systems tested"), "~Systems tested");
        assert_eq!(without_tilde_mark("~user/Run"), "~user/Run");
        // attack41 F27 (its y/ub02-ub04): doubled, after a space, `| `.
        for marked in [
            "~~System -- Linux (none) 2.6.2 #1",
            " ~System -- Linux (none) 2.6.2 #1",
            "| System -- Linux (none) 2.6.2 #1",
        ] {
            assert_eq!(without_tilde_mark(marked), "System -- Linux (none) 2.6.2 #1", "{marked}");
        }
        assert_eq!(without_tilde_mark("~~BYTE UNIX Benchmarks (Version 3.11)"), "BYTE UNIX Benchmarks (Version 3.11)");
        // Must not fire: other words after the marks, or no mark at all.
        assert_eq!(
            without_tilde_mark("| Dhrystone 2 using register variables"),
            "| Dhrystone 2 using register variables"
        );
        assert_eq!(without_tilde_mark("   System -- Linux"), "   System -- Linux");
    }

    /// archive52 (mojyack's unixbench-results): a run started under a
    /// load of 14.01 on 8 CPUs, and a Raspberry Pi Zero W's Execl timed
    /// `0.0 s`, were read without a word. Each is warned of at its line,
    /// the figures read; an idle start and a 2-sample 30 s test are not.
    #[test]
    fn a_busy_start_and_an_untimed_test_are_warned_of() {
        let report = |load: &str, secs: &str| {
            format!(
                "   BYTE UNIX Benchmarks (Version 5.1.3)\n\n   OS: GNU/Linux -- 6.1.67-gentoo -- #1 SMP\n\
                 \x20  23:17:44 up  1:31,  0 users,  load average: {load}, 25.72, 15.60; runlevel \n\n\
                 Benchmark Run: Mon Feb 12 2024 23:17:44 - 23:45:41\n8 CPUs in system; running 1 parallel copy of \
                 tests\n\nExecl Throughput                               5243.4 lps   ({secs} s, 2 samples)\n"
            )
        };
        let f = parse(&report("14.01", "30.0")).unwrap();
        assert_eq!(f.samples.len(), 1);
        let said: Vec<&(usize, String)> = f.notes.iter().filter(|(_, m)| m.contains("load average")).collect();
        assert_eq!(said.len(), 1, "{:?}", f.notes);
        assert_eq!(said[0].0, 4);
        assert!(said[0].1.contains("was 14.01 when UnixBench started (8 CPUs, line 7)"), "{}", said[0].1);
        assert!(!crate::parse::note_is_info(&said[0].1));
        let f = parse(&report("7.99", "0.0")).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 9);
        assert!(f.notes[0].1.contains("0.0 s as the time of `Execl Throughput`"), "{}", f.notes[0].1);
        assert!(!crate::parse::note_is_info(&f.notes[0].1));
        assert!(parse(&report("0.37", "30.0")).unwrap().notes.is_empty());
        assert_eq!(load_average("  17:12  up 12:31, 3 users, load averages: 1.23 1.54 2.27; runlevel 3"), Some(1.23));
        assert_eq!(load_average("users. 12:04pm  up  1:34,  1 user,  load average: 0.00,"), Some(0.0));
    }

    #[test]
    fn header_names_the_kernel() {
        assert_eq!(
            header_kernel("   OS: GNU/Linux -- 2.6.32-5-686 -- #1 SMP Mon Oct 3 04:15:24 UTC 2011").as_deref(),
            Some("2.6.32-5-686")
        );
        assert_eq!(
            header_kernel("  System -- Linux access1 2.5.53 #5 Tue Dec 24 13:36:45 IST 2002 i686").as_deref(),
            Some("2.5.53")
        );
        assert_eq!(header_kernel("System -- FreeBSD box 4.7-RELEASE").as_deref(), None);
        assert_eq!(header_kernel("OS: GNU/Linux -- unknown -- #1").as_deref(), None);
        // The `uname -v` wrapped onto the next line by a mailer.
        assert_eq!(header_kernel("   OS: GNU/Linux -- 4.14.48-1-pserver --").as_deref(), Some("4.14.48-1-pserver"));
        assert_eq!(header_kernel("   OS: GNU/Linux -- 4.14.48-1-pserver -- ").as_deref(), Some("4.14.48-1-pserver"));
        assert_eq!(header_kernel("   System: lkp-csl-d02: GNU/Linux"), None);
        assert_eq!(header_host("   System: lkp-csl-d02: GNU/Linux").as_deref(), Some("lkp-csl-d02"));
        assert_eq!(header_host("System: a b: GNU/Linux"), None);
        // attack36 u3-long-host, u2d-bidi-unbalanced: no host has 65
        // bytes, or a bidi override.
        assert_eq!(header_host(&format!("System: {}: GNU/Linux", "h".repeat(64))).map(|h| h.len()), Some(64));
        assert_eq!(header_host(&format!("System: {}: GNU/Linux", "h".repeat(65))), None);
        assert_eq!(header_host("System: arch\u{202e}: GNU/Linux"), None);
        assert_eq!(header_host("  System -- Linux access1 2.5.53 #5"), None);
    }

    /// What a 5.x header says of the machine and the build: the build of
    /// the `OS:` line (`uname -v`), each CPU's model (none where UnixBench
    /// found none, as on a Raspberry Pi), and the CPU count.
    #[test]
    fn header_names_the_machine_and_the_build() {
        assert_eq!(
            header_build("   OS: GNU/Linux -- 5.10.0+ -- #342 SMP Wed Sep 13 20:25:43 CST 2023").as_deref(),
            Some("#342 SMP Wed Sep 13 20:25:43 CST 2023")
        );
        assert_eq!(header_build("   OS: GNU/Linux -- 5.10.0+"), None);
        assert_eq!(
            header_cpu("   CPU 0: Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz (2794.6 bogomips)").as_deref(),
            Some("Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz")
        );
        assert_eq!(
            header_cpu("   CPU 15: 12th Gen Intel(R) Core(TM) i7-12700H (5376.0 bogomips)").as_deref(),
            Some("12th Gen Intel(R) Core(TM) i7-12700H")
        );
        assert_eq!(header_cpu("   CPU 0:  (38.4 bogomips)"), None);
        assert_eq!(header_cpu("CPU usage: 12 (3.0 bogomips)"), None);
        assert_eq!(cpus_in_system("2 CPUs in system; running 1 parallel copy of tests"), Some(2));
        assert_eq!(cpus_in_system("1 CPU in system; running 1 parallel copy of tests"), Some(1));
        assert_eq!(cpus_in_system("running 2 parallel copies"), None);
    }

    /// A header, for the identity tests: host, build, CPU models (`CPU
    /// N:` lines), CPU count, one Index Score.
    fn report(host: &str, build: &str, cpus: &[&str], score: &str) -> String {
        let mut s = format!(
            "   BYTE UNIX Benchmarks (Version 5.1.3)\n\n   System: {host}: GNU/Linux\n   OS: GNU/Linux -- 5.10.0+ -- \
             {build}\n"
        );
        for (i, c) in cpus.iter().enumerate() {
            s.push_str(&format!("   CPU {i}: {c} (5376.0 bogomips)\n"));
        }
        s.push_str(&format!(
            "\nBenchmark Run: Wed Sep 13 2023 20:40:49 - 21:08:50\n{} CPUs in system; running 1 parallel copy of \
             tests\n\nSystem Benchmarks Index Score                                        {score}\n\n",
            cpus.len()
        ));
        s
    }

    /// A file's identity is what all its reports say; SummerVibes'
    /// i7-12700H reports (archive36) shortened to their header and score.
    #[test]
    fn a_files_identity_is_what_its_reports_agree_on() {
        let one = report(
            "ubuntu",
            "#342 SMP Wed Sep 13 20:25:43 CST 2023",
            &["12th Gen Intel(R) Core(TM) i7-12700H"; 2],
            "2943.1",
        );
        let f = parse(&one).expect("parses");
        assert_eq!(f.identity.host, Some((3, "ubuntu".into())));
        assert_eq!(f.identity.build, Some((4, "#342 SMP Wed Sep 13 20:25:43 CST 2023".into())));
        assert_eq!(f.identity.processor, Some((5, "12th Gen Intel(R) Core(TM) i7-12700H".into())));
        assert_eq!(f.identity.cpus, Some((9, 2)));
        // A big.LITTLE board's two models, one processor.
        let big_little = report("mito", "#36 SMP", &["ARM Cortex-A55", "ARM Cortex-A76"], "1000.0");
        let f = parse(&big_little).expect("parses");
        assert_eq!(f.identity.processor.map(|p| p.1).as_deref(), Some("ARM Cortex-A55 + ARM Cortex-A76"));
        // Two reports of two builds of one release, one file (13-01 and
        // 14-03 concatenated): no build of the file; each report's runs
        // get a `kernel build` parameter and the file a note.
        let two = one.clone()
            + &report(
                "ubuntu",
                "#370 SMP Thu Sep 14 21:50:59 CST 2023",
                &["12th Gen Intel(R) Core(TM) i7-12700H"; 2],
                "2935.0",
            );
        let f = parse(&two).expect("parses");
        assert_eq!(f.identity.build, None);
        assert_eq!(f.identity.host, Some((3, "ubuntu".into())));
        let builds: Vec<(f64, &str)> = f
            .samples
            .iter()
            .map(|s| {
                let b = s.params.iter().find(|p| p.name == crate::parse::KERNEL_BUILD_PARAM).map(|p| p.value.as_str());
                (s.value.mean(), b.unwrap_or_default())
            })
            .collect();
        assert_eq!(
            builds,
            [(2943.1, "#342 SMP Wed Sep 13 20:25:43 CST 2023"), (2935.0, "#370 SMP Thu Sep 14 21:50:59 CST 2023")]
        );
        assert!(f.notes.iter().any(|(l, n)| *l == 4 && n.contains("in different builds")), "{:?}", f.notes);
        // Two reports of one build: runs of one kernel, no parameter.
        let f = parse(&(one.clone() + &one)).expect("parses");
        assert!(f.samples.iter().all(|s| s.params.iter().all(|p| p.name == "copies")), "{:?}", f.samples);
        assert!(f.identity.build.is_some());
    }

    /// A signed or percent score is a change (KP Singh's LSM table, 2023:
    /// `System Benchmarks Index Score (Partial Only):  +3.4859` under
    /// `Delta(%): (+ is better)`): noted with its line, never a score.
    #[test]
    fn a_signed_or_percent_score_is_a_change_not_read() {
        for (text, says) in [
            ("System Benchmarks Index Score                 +3.4859\n", "is signed"),
            ("System Benchmarks Index Score:  -12.5%\n", "in percent"),
        ] {
            match parse(text) {
                Err(ParseError::NoResults { reason, .. }) => {
                    assert!(reason.starts_with("line 1: ") && reason.contains(says), "{reason}");
                    assert!(reason.contains("a change, not a score"), "{reason}");
                }
                other => panic!("{other:?}"),
            }
        }
    }

    /// An unsigned score under a `Delta`/`%` header is a change too; a
    /// `Benchmark Run:` later starts a real report, whose score is read.
    #[test]
    fn a_score_under_a_delta_header_is_not_read_until_a_run_starts() {
        let text = "Benchmark                     Delta(%): (+ is better)\n\
                    Pipe Throughput                        9.5499\n\
                    System Benchmarks Index Score (Partial Only):    3.4859\n\
                    Benchmark Run: Mon Jan 01 2024 00:00:00 - 00:10:00\n\
                    System Benchmarks Index Score                      1234.5\n";
        let f = parse(text).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert_eq!((f.samples[0].line, f.samples[0].value.mean()), (5, 1234.5));
        assert!(f.notes.iter().any(|(l, m)| *l == 3 && m.contains("under the header of line 1")), "{:?}", f.notes);
    }

    /// A score line ending the file without a figure names itself, not an
    /// empty line below it.
    #[test]
    fn a_score_line_ending_the_file_without_figure_quotes_itself() {
        match parse("System Benchmarks Index Score:  n/a\n") {
            Err(ParseError::Malformed { line, found, .. }) => {
                assert_eq!(line, 1);
                assert!(found.contains("n/a"), "{found}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn no_results() {
        assert!(matches!(parse("hello\nworld\n"), Err(ParseError::NoResults { .. })));
    }

    /// LKML 2002-10 (UnixBench 4.1.0 on 2.4.18-3): the ten INDEX values
    /// give the FINAL SCORE 228.5; with the `File Copy 4096` row (147.5)
    /// lost on the way into the mail, the nine left give 239.9.
    #[test]
    fn a_score_its_index_rows_do_not_give_is_warned() {
        let nine = [154.8, 86.6, 357.2, 171.3, 202.4, 411.9, 524.0, 248.3, 295.5];
        let rows: Vec<(f64, usize)> = nine.iter().enumerate().map(|(k, &v)| (v, 44 + k)).collect();
        let msg = score_check(&rows, 228.5, Mean::Geometric).expect("a lost row is warned");
        assert!(msg.contains("9 INDEX values of lines 44-52 (239.9)"), "{msg}");
        let mut ten = rows.clone();
        ten.push((147.5, 53));
        assert_eq!(score_check(&ten, 228.5, Mean::Geometric), None, "the whole table gives its score");
        // Rounding of each INDEX to one decimal is no damage.
        assert_eq!(score_check(&[(9.9, 1), (10.1, 2)], 10.0, Mean::Geometric), None);
        assert_eq!(score_check(&[(155.7, 1)], 99.0, Mean::Geometric), None, "one row: no check");
        // BYTE 3.11 (LKML 2002-12): six INDEX values adding to 559.6, AVERAGE 93.3.
        let six = [(10.0, 1), (20.0, 2), (100.0, 3), (150.0, 4), (200.0, 5), (79.6, 6)];
        assert_eq!(score_check(&six, 93.3, Mean::Arithmetic), None);
        assert!(score_check(&six[1..], 93.3, Mean::Arithmetic).is_some(), "a row lost");
    }
}
