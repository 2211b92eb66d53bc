//! kernbench output (Con Kolivas' kernel-compile benchmark), 0.20 to 0.5x.
//!
//! kernbench prints one block per load level, each the average over its
//! runs. The 0.4x/0.5x form, with a standard deviation in parentheses when
//! there was more than one run:
//!
//! ```text
//! Optimal load -j 8 run number 5...
//! Average Optimal load -j 8 Run (std deviation):
//! Elapsed Time 28.094 (0.182565)
//! User Time 184.74 (0.397052)
//! System Time 20.72 (0.18262)
//! Percent CPU 730.8 (5.54076)
//! Context Switches 20525.8 (1393.89)
//! Sleeps 23456.6 (16.2111)
//! ```
//!
//! a single run (the header still says "(std deviation)", values have six
//! decimals and no deviation: `Elapsed Time 7.770000`; a value under such a
//! header with neither, `Elapsed Time 120`, was cut short: a note, not
//! read), and the older
//! headers without a deviation: 0.20's `Average Single Threaded Run:` /
//! `Average Half Load Run:` / `Average Optimum Load Run:` / `Average Maximal
//! Load Run:` (`Percent CPU 738`), and 0.30's `-j` before `Load`: `Average
//! Half -j 4 Load Run:`, `Average Optimal -j 32 Load Run:`, `Average Maximal
//! -j Load Run:`. Posts that dropped the header's colon are read too, and
//! a header a post split over two lines (`Average Half load -j 8`, then
//! `Run    (std deviation)`, with `User    Time` rows aligned under
//! `Elapsed Time`: the speculative page fault series' cover letters, 2018).
//!
//! Metrics (group always empty):
//!
//! | name               | unit | better  |
//! |--------------------|------|---------|
//! | `Elapsed Time`     | s    | Lower   |
//! | `User Time`        | s    | Lower   |
//! | `System Time`      | s    | Lower   |
//! | `Percent CPU`      | %    | Neither |
//! | `Context Switches` |      | Neither |
//! | `Sleeps`           |      | Neither |
//!
//! Parameters: `load` = `single` (Single threaded, `make` without -j),
//! `half`, `optimal` (also for 0.20's "Optimum") or `maximal` (and `custom`
//! for a patched kernbench's `Custom load -j N`); then `jobs` = N when the
//! header prints `-j N` (the maximal load prints a bare `-j`, so it has no
//! `jobs`); then `label` when a label line or a side-by-side column's
//! heading names the set-up (see below).
//!
//! Values: kernbench prints means, so
//!
//! * a value with a deviation is `Value::Summary { mean, stddev, n }`, with
//!   `n` the highest `… run number N...` line of that load level, else an
//!   `-n N` option on a kernbench command line, else a `N runs` phrase,
//!   else a person's `run N times` (`The build has been run 5 times each
//!   time.`, with a warning naming its line); when
//!   none of these is in the file, `n` is 1 and a note says the run count
//!   was not printed: the count is unknown (at least 2, as it has a
//!   deviation), and as one run the mean is never tested as if its runs
//!   were known (`benchsite parse` prints it "summary of an unstated number
//!   of runs", never "of 1 runs");
//! * a value without a deviation is `Value::Summary { mean, stddev: None, n }`
//!   when a run count above 1 is known, and `Value::Single` otherwise (one
//!   run, or kernbench 0.20's averages over an unstated number of runs,
//!   which a note then mentions).
//!
//! Posts often put several result blocks under label lines
//! (`results.2.6.3-rc3-mm1 + SMT:` / `2.6.3-rc3-mm1 no SMT:`): a line ending
//! in `:` directly above an `Average … Run` header, else the last `Kernel:
//! <name>` line, `# <text>` comment line or underlined title (`Base` over
//! `====`) since the previous block, is the `label` parameter of the blocks
//! that follow, as other parsers carry a set-up's label (as their group,
//! the warning of a label naming another kernel than the file's directory,
//! `2.6.3-rc2:` over runs in `2.6.3-rc3-mm1/`, did not see it), so that different set-ups are not taken for runs of one.
//! A label that names the benchmark alone (`Kernbench:` underlined) is a
//! heading, no set-up's label. A
//! `Kernel:` line (any case), or a kernel's name before the address of its
//! results (`2.6.4 http://www.osdl.org/projects/kernbench/results/…`, the
//! address no label), sets the kernel instead, and clears the
//! label: its release where it names one (`kernel: patch-2.6.7-rc2`, as
//! OSDL's STP reports print it, is 2.6.7-rc2), else the name as written
//! (`kernel: staircase6.2`, a patched kernel STP named so). As a group,
//! `kernel: nikita-b2`'s blocks in a `nikita-b2/` directory stood
//! unlabelled beside the baseline's (linux-mm 2004). STP's `Host:
//! stp8-002` lines (one per block, or one cell per side-by-side column)
//! name the machine: where a file names two hosts or more, each sample
//! gets a `host` parameter, with a note, so two machines' figures are never
//! averaged as runs of one nor compared; one host adds nothing.
//!
//! kernbench itself prints `date` and `uname -r` before its blocks
//! (`Wed Aug 23 15:47:33 UTC 2017` over `4.13.0-rc5+`), or, on 0.4x's
//! console, `Kernel 2.6.16` above `Performing 5 runs of`: that release is
//! the kernel of the blocks that follow. A label above the console's own
//! lines (`16 cpus found` … `Half load -j 8 run number 5...`), the nearest
//! line above them that is no sentence (`***** With percpu_counter:`), names
//! the blocks below. Two runs of the console under one kernel and label
//! whose blocks are averaged together are warned of at the later one's
//! first line. Two variants of one kernel (under
//! `# __flush_tlb_one` and `# flush_tlb_kernel_range()`) stay apart by
//! their labels.
//!
//! Side by side: posts set two set-ups' results in columns, each named by a
//! heading, either above the first block's header (`With 'if':
//! Without 'if':`, naming the columns of the blocks that follow) or right
//! under a header (`4.13.0-rc5\t\t4.13.0-rc5-spf`); cells are apart by a TAB
//! or two spaces or more. A row then holds one `value (deviation)` per
//! column, with the metric's name repeated or not:
//!
//! ```text
//! Elapsed Time 338.122 (0.869207)       Elapsed Time 336.404 (1.69196)
//! Elapsed Time     166.574 (0.340779)     145.754 (0.776325)\t-12.5%
//! ```
//!
//! Each column is a set-up of its own: a heading that is a kernel's release
//! or a `kernel: <name>` cell is the samples' kernel, any other is a
//! parameter `label` (after the block's own label, if any: `16 CPUs x86 VM
//! / BASE`). A change or
//! ratio column after the values (`-12.5%`, `+0%`, `1.05x`) is derived from
//! them and is not read. A row with several values and no heading naming
//! each column is an error at its line. A header printed over each column
//! (STP's `Average Optimal -j 32 Load Run:` twice on one line) that a mail
//! wrapped at 72 columns, its last words on the next line (`Load Run:`),
//! is rejoined with a note. A block that repeats an earlier
//! block figure for figure (a post quoting its own table, then printing it
//! again with a % column) is read once, with a note.
//!
//! Martin J. Bligh's tables of his kernbench averages, a row per kernel
//! under `Kernbench: (make -j N vmlinux, where N = 2 x num_cpus)` and
//! `Elapsed System User CPU` (LKML, linux-mm 2003-2004), are read too:
//! see [`bligh`]. So are a script's `mean +- spread ( +- pct% )` columns
//! under `# Half load (-j 32)` titles (`wall  74.41 +- 0.45 ( +- 0.60% )`,
//! Ankur Arora's PREEMPT_AUTO letters, LKML 2024): see [`plus_minus`].
//!
//! Notes: an `Average … Run` header kernbench never printed (its rows are
//! not read), a row outside any block ("line 57 looks like a kernbench
//! result and was not read"), and a post's own annotation after a
//! deviation (`Elapsed Time 424.486 (16.7365) ( + 2 % vs base)`: the value
//! and deviation are read, the annotation is not).
//!
//! A block row cut short (`Elapsed Time` with no number, a deviation with no
//! closing parenthesis) is an error at its line. A block that ends early
//! (fewer rows than another block of the file: kernbench prints all six)
//! with a last row whose figure ends the line (no deviation after it) was
//! cut there, its figure perhaps mid-number (`Elapsed Time 41`, then a
//! run logged after the cut): that row is a note and is not read.

mod bligh;
mod plus_minus;
mod preamble;
mod table;

use super::labels::is_kernel_name;
use super::{BenchParser, Input, ParseError};
use crate::model::{Metric, ParsedFile, Sample};
use preamble::{
    console_start, kernel_over_url_above, kernel_release, last_host_line, last_kernel_line, preamble_kernel,
    preamble_label, several_kernels_line, side_by_side_hosts, side_by_side_kernels,
};
use table::{
    PROSE_RUNS, ROWS, Row, column_names, global_runs, header, header_name, is_header_tail, prose_runs, row, run_number,
    side_by_side_header, split_derived, wrapped_side_by_side_header,
};

/// kernbench; registry id `"kernbench"`.
pub struct Kernbench;

impl BenchParser for Kernbench {
    fn id(&self) -> &'static str {
        "kernbench"
    }

    /// kernbench's averages are awk's `%g`: `199 (0)`, `386.333 (2.08167)`.
    fn prints_shortest(&self) -> bool {
        true
    }

    fn describe(&self) -> &'static str {
        "kernbench (0.20 to 0.5x Average … Run blocks)"
    }

    /// A script's columns need ` load (-j`, the rest `Average` or the
    /// `Elapsed Time` row.
    fn literals(&self) -> &'static [&'static str] {
        const LITERALS: [&str; 3] = [" load (-j", "Average", ROWS[0].0];
        &LITERALS
    }

    /// Bligh's tables need `kernbench` (`Kernbench: (make -j N …)`).
    fn literals_any_case(&self) -> &'static [&'static str] {
        &["kernbench"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // Martin Bligh's tables (`Kernbench: (make -j N vmlinux, …)` over
        // `Elapsed System User CPU`) are kernbench's, whatever else is there.
        if bligh::present(input) {
            return 90;
        }
        // A script's `wall  74.41 +- 0.45 ( +- 0.60% )` columns under a
        // `# Half load (-j 32)` title.
        if plus_minus::present(input) {
            return 80;
        }
        // A score needs a header (`Average …`) or an `Elapsed Time` row.
        if !input.has("Average") && !input.has(ROWS[0].0) {
            return 0;
        }
        let mut head = false;
        let mut elapsed = false;
        let mut others = 0;
        for (i, line) in input.lines.iter().enumerate() {
            if line.contains("Average")
                && (header(line).is_some()
                    || side_by_side_header(line).is_some()
                    || wrapped_side_by_side_header(&input.lines, i).is_some())
            {
                head = true;
            }
            if (line.contains("Time") || line.contains("CPU") || line.contains("Context") || line.contains("Sleeps"))
                && let Ok(Some((m, ..))) = row(line, i + 1)
            {
                if m == 0 {
                    elapsed = true;
                } else {
                    others += 1;
                }
            }
        }
        match (head, elapsed && others >= 2) {
            (true, true) => 95,
            (true, false) => 60,
            (false, true) => 45,
            _ => 0,
        }
    }

    fn max_score(&self) -> u8 {
        95
    }

    /// A row of a table under another benchmark's header, beside a Martin
    /// Bligh kernbench table of the same shape (his NUMA schedbench
    /// table): not a kernbench result left unread.
    fn unmeasured(&self, input: &Input, n: usize) -> bool {
        bligh::under_another_header(input, n)
    }

    /// A last row without a line break is whole when it is a row of a
    /// Martin Bligh table whose figures all have his two decimals
    /// (`1495.00`), or when its figure has six
    /// decimals and no deviation: a single run's average, printed `%f`
    /// (`Sleeps 24101.000000`, LKP's kernbench logs); one cut inside it
    /// has fewer. Other rows prove nothing: their figures have as many
    /// decimals as the averaging left (`Sleeps 26110`, `Percent CPU
    /// 382.667`).
    fn last_figure_complete(&self, input: &Input) -> bool {
        let Some(last) = input.lines.last().map(|l| l.trim()) else { return false };
        if bligh::last_row_complete(input) {
            return true;
        }
        ROWS.iter().any(|(name, ..)| {
            last.strip_prefix(name)
                .is_some_and(|v| v.starts_with(char::is_whitespace) && super::num::decimals(v) == Some(6))
        })
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut r = Reader::new(input);
        for i in 0..input.lines.len() {
            r.line(i)?;
        }
        r.end_block();
        r.ended_early();
        r.keep_hosts_apart();
        r.warn_of_merged_consoles();
        bligh::tables(input, r.global, &mut r.out);
        plus_minus::tables(input, &mut r.out);
        if r.out.samples.is_empty()
            && let Some(e) = r.first_error
        {
            return Err(e);
        }
        // A script's `mean +- spread` tables none of whose rows was read:
        // the first line that says why.
        if r.out.samples.is_empty()
            && plus_minus::present(input)
            && let Some((at, why)) = r.out.notes.first()
        {
            return Err(ParseError::NoResultsAt { benchmark: "kernbench", reason: why.clone(), at: *at });
        }
        if r.out.samples.is_empty() {
            return Err(ParseError::NoResults {
                benchmark: "kernbench",
                reason: "no `Average … Run` block with `Elapsed Time` and friends".into(),
            });
        }
        Ok(r.out)
    }
}

/// Reading state over one file.
struct Reader<'a> {
    input: &'a Input,
    out: ParsedFile,
    /// Run count valid for the whole file (`kernbench -n 5`, `5 runs`).
    global: Option<u32>,
    /// The run counts of the prose (`… run 5 times …`) and their lines
    /// ([`prose_runs`]), when no count is printed: a block takes the
    /// nearest above it (the only one, when the file has one).
    prose: Vec<(u32, usize)>,
    /// The prose lines a note has named already.
    prose_noted: Vec<usize>,
    /// Highest `… run number N...` per run name.
    run_counts: Vec<(String, u32)>,
    /// Group of the blocks being read (a label naming the set-up).
    group: String,
    /// Kernel of the blocks being read, from kernbench's `uname -r` line.
    kernel: Option<String>,
    /// Headings of side-by-side columns, for rows with several cells.
    columns: Vec<String>,
    /// Headings of the derived columns after them (`delta %`), whose
    /// cells are not read, and the line (1-based) that names them.
    derived: Vec<String>,
    derived_at: usize,
    noted_derived: bool,
    /// The open block's rows are not read: a row of it had more figures
    /// than its columns have headings (noted at that row).
    skip_rows: bool,
    /// The open block had a figure after its named columns, with no
    /// heading (noted once per block).
    noted_unnamed: bool,
    /// The first such row's error: the file's, when no other block is read.
    first_error: Option<ParseError>,
    /// The columns' headings are `kernel: <name>` cells: each a kernel,
    /// release or not (STP's `kernel: nikita-b2`).
    kernel_columns: bool,
    /// The machine of the blocks being read, from a `Host:` line above
    /// them (STP's `Host: stp8-002`).
    host: Option<String>,
    /// The machine of each side-by-side column, from `Host:` cells above
    /// them; empty when none are named.
    column_hosts: Vec<String>,
    /// Each `Host:` line read: its line (1-based) and the hosts it names.
    host_lines: Vec<(usize, Vec<String>)>,
    block: Option<(String, &'static str, Option<u32>)>,
    rows_in_block: usize,
    /// First line after the last block row read (0-based).
    preamble: usize,
    /// Samples of the block being read, kept until it ends.
    pending: Vec<Sample>,
    /// The blocks read so far: their ranges in `out.samples`, by
    /// [`block_key`] of their first sample (a repeat is looked for among
    /// the blocks that start alike, not among all: a file of many blocks
    /// was quadratic).
    blocks: rustc_hash::FxHashMap<String, Vec<std::ops::Range<usize>>>,
    /// Each block read: how many rows it has and its last row's line.
    ends: Vec<(usize, usize)>,
    noted_unknown: bool,
    noted_plain: bool,
    /// The open block's header says `(std deviation)`: each row prints a
    /// deviation, or, after a single run, six decimals (`7.770000`).
    sd_header: bool,
    /// Each run of kernbench's console output met (`16 cpus found` …):
    /// its first line (1-based) and the group and kernel of its blocks.
    consoles: Vec<(usize, String, Option<String>)>,
    /// The line (0-based) holding the end of a side-by-side block header
    /// a mail wrapped, read with the line above it.
    wrapped_tail: Option<usize>,
    /// While the kernel is the one a `<kernel> <address>` line named for
    /// the blocks right under it: the kernel before that line, restored
    /// at the first block past a blank line or a heading.
    before_url: Option<Option<String>>,
}

/// What two blocks that repeat each other share in their first sample:
/// metric, parameters, kernel and value.
fn block_key(s: &Sample) -> String {
    format!("{}|{:?}|{:?}|{:?}", s.metric.name, s.params, s.kernel, s.value)
}

impl<'a> Reader<'a> {
    fn new(input: &'a Input) -> Self {
        Reader {
            input,
            out: ParsedFile { benchmark: "kernbench".into(), ..Default::default() },
            global: global_runs(input),
            prose: if global_runs(input).is_none() { prose_runs(input) } else { Vec::new() },
            prose_noted: Vec::new(),
            run_counts: Vec::new(),
            group: String::new(),
            kernel: None,
            columns: Vec::new(),
            derived: Vec::new(),
            derived_at: 0,
            noted_derived: false,
            skip_rows: false,
            noted_unnamed: false,
            first_error: None,
            kernel_columns: false,
            host: None,
            column_hosts: Vec::new(),
            host_lines: Vec::new(),
            block: None,
            rows_in_block: 0,
            preamble: 0,
            before_url: None,
            pending: Vec::new(),
            blocks: rustc_hash::FxHashMap::default(),
            ends: Vec::new(),
            noted_unknown: false,
            noted_plain: false,
            sd_header: false,
            consoles: Vec::new(),
            wrapped_tail: None,
        }
    }

    /// Handles line `i` (0-based).
    fn line(&mut self, i: usize) -> Result<(), ParseError> {
        // A line a quoted-printable soft break above took its text from is
        // no blank line: it ends no block (a mail whose every row the
        // encoder wrapped, wild33 file 26).
        if self.input.joined_away(i) {
            return Ok(());
        }
        let line = self.input.lines[i].as_str();
        let lineno = i + 1;
        if self.wrapped_tail == Some(i) {
            return Ok(());
        }
        if let Some((name, k)) = run_number(line) {
            match self.run_counts.iter_mut().find(|(n, _)| *n == name) {
                Some(e) => e.1 = e.1.max(k),
                None => self.run_counts.push((name, k)),
            }
            self.end_block();
            return Ok(());
        }
        if let Some(h) = header(line) {
            self.end_block();
            self.open_block(i, h);
            self.sd_header = line.contains("(std deviation)");
            return Ok(());
        }
        // The header once over each column: the columns' kernels from the
        // `Kernel:` cells above, else the headings of the blocks before. A
        // kernel or label above those cells (another benchmark's `kernel:
        // nikita-b2` higher in the mail) names neither column.
        // The same, each header a mail wrapped at 72 columns: the last
        // column's header ends on the next line (`Average Optimal -j 32
        // Load Run:   Average Optimal -j 32` / `Load Run:`).
        let wrapped = wrapped_side_by_side_header(&self.input.lines, i);
        if wrapped.is_some() {
            self.wrapped_tail = Some(i + 1);
            let msg = format!("side-by-side block header wrapped onto line {}; rejoined", i + 2);
            self.out.notes.push((lineno, msg));
        }
        if let Some((h, n)) = wrapped.or_else(|| side_by_side_header(line)) {
            self.end_block();
            let from = self.preamble;
            self.open_block(i, h);
            if let Some((at, names)) = side_by_side_kernels(self.input, from, i, n) {
                self.columns = names;
                self.derived.clear();
                self.kernel_columns = true;
                self.kernel = None;
                self.column_hosts.clear();
                self.group = preamble_label(self.input, at + 1, i).unwrap_or_default();
            }
            if let Some((at, hosts)) = side_by_side_hosts(self.input, from, i, n) {
                self.host_lines.push((at + 1, hosts.clone()));
                self.column_hosts = hosts;
            }
            self.sd_header = line.contains("(std deviation)");
            return Ok(());
        }
        // A header split over two lines: `Average Half load -j 8`, then
        // `Run    (std deviation)` (its own line, passed over below).
        if let Some(next) = self.input.lines.get(i + 1)
            && is_header_tail(next)
            && let Some(h) = header(&format!("{} Run (std deviation)", line.trim()))
        {
            self.end_block();
            self.open_block(i, h);
            self.sd_header = true;
            return Ok(());
        }
        if self.block.is_some() && self.rows_in_block == 0 && is_header_tail(line) {
            return Ok(());
        }
        if header_name(line).is_some() {
            let msg = format!("kernbench block header not recognised, its rows are not read: {:?}", line.trim());
            self.out.notes.push((lineno, msg));
            self.end_block();
            return Ok(());
        }
        if self.block.is_none() {
            if let Ok(Some(_)) = row(line, lineno) {
                let msg =
                    format!("line {lineno} looks like a kernbench result and was not read (no block header above it)");
                self.out.notes.push((lineno, msg));
            }
            return Ok(());
        }
        match row(line, lineno)? {
            Some(r) => self.push(lineno, r)?,
            None if self.rows_in_block == 0 && column_names(line).is_some() => {
                self.set_columns(column_names(line).unwrap_or_default(), lineno);
            }
            None => {
                if !line.trim().is_empty() || self.rows_in_block > 0 {
                    self.end_block();
                }
            }
        }
        Ok(())
    }

    /// Starts the block whose header `h` is on line `i` (0-based): its
    /// label, kernel and column headings from the lines above it.
    fn open_block(&mut self, i: usize, h: (String, &'static str, Option<u32>)) {
        // A `Kernel:` line starts a new set-up: its release is the kernel,
        // else its name as written (`staircase6.2`).
        if let Some((at, name)) = several_kernels_line(self.input, self.preamble, i) {
            if !self.out.notes.iter().any(|(l, _)| *l == at + 1) {
                self.out.notes.push((
                    at + 1,
                    format!(
                        "`Kernel: {name}` names several kernels on one line (a table's header whose columns were \
                         collapsed?): no kernel is taken from it for the results below"
                    ),
                ));
            }
            // Like any `Kernel:` line it starts a new set-up, of no kernel
            // that can be told.
            self.kernel = None;
            self.group.clear();
            self.host = None;
            self.before_url = None;
        } else if let Some(name) = last_kernel_line(self.input, self.preamble, i) {
            self.kernel = Some(kernel_release(name).unwrap_or_else(|| name.to_string()));
            self.group.clear();
            self.host = None;
            self.before_url = None;
        } else if let Some(name) = kernel_over_url_above(self.input, self.preamble, i) {
            // A `<kernel> <address>` line names the blocks right under it.
            let k = Some(kernel_release(name).unwrap_or_else(|| name.to_string()));
            let before = std::mem::replace(&mut self.kernel, k);
            self.before_url.get_or_insert(before);
            self.group.clear();
            self.host = None;
        } else if self.preamble < i
            && let Some(before) = self.before_url.take()
        {
            // A blank line or a heading since the blocks under a
            // `<kernel> <address>` line: its kernel is not this block's.
            self.kernel = before;
        }
        if let Some((at, host)) = last_host_line(self.input, self.preamble, i) {
            self.host = Some(host.to_string());
            self.host_lines.push((at + 1, vec![host.to_string()]));
        }
        if let Some(label) = preamble_label(self.input, self.preamble, i) {
            self.group = label;
        }
        if let Some(k) = preamble_kernel(self.input, self.preamble, i) {
            self.kernel = Some(k);
        }
        self.another_console(i);
        if let Some(above) = i.checked_sub(1).filter(|&p| p >= self.preamble)
            && let Some(names) = column_names(&self.input.lines[above])
            && matches!(row(&self.input.lines[above], above + 1), Ok(None))
        {
            self.set_columns(names, above + 1);
        }
        self.block = Some(h);
        self.rows_in_block = 0;
        self.skip_rows = false;
        self.noted_unnamed = false;
    }

    /// Takes `names`, read on line `at` (1-based), as the headings of the
    /// side-by-side columns, less the derived columns that trail them
    /// (`delta %`), whose cells are not read.
    fn set_columns(&mut self, names: Vec<String>, at: usize) {
        let (columns, derived) = split_derived(names);
        self.columns = columns;
        self.derived = derived;
        self.derived_at = at;
        self.noted_derived = false;
        self.kernel_columns = false;
        self.column_hosts.clear();
    }

    /// Drops the cells of a row that are no set-up's figures: those under
    /// derived headings (`delta %`: `-0.22` after two `value (deviation)`
    /// cells), and one figure with no deviation after named columns that
    /// each have one, where the block's heading names no derived column
    /// (the post's last block left `delta %` out of its heading, linux-mm
    /// 2017): kernbench prints each figure with its deviation, so this
    /// one is the post's own. Each is noted, never read.
    fn drop_derived(&mut self, lineno: usize, cells: &mut Vec<table::Cell>) {
        let named = self.columns.len();
        if cells.len() < 2 || named == 0 || cells.len() <= named {
            return;
        }
        let bare = cells[named..].iter().all(|c| c.1.is_none());
        let whole = cells[..named].iter().all(|c| c.1.is_some());
        if !self.derived.is_empty() && cells.len() == named + self.derived.len() && bare {
            cells.truncate(named);
            if !self.noted_derived {
                self.noted_derived = true;
                let msg = format!(
                    "column `{}` is a change the post computed from the columns before it, not a result; not read",
                    self.derived.join("`, `")
                );
                self.out.notes.push((self.derived_at, msg));
            }
        } else if self.derived.is_empty() && named >= 2 && cells.len() == named + 1 && bare && whole {
            let extra = cells.pop().map_or(0.0, |c| c.0);
            if !self.noted_unnamed {
                self.noted_unnamed = true;
                let msg = format!(
                    "a figure after the {named} named columns ({extra}), with no heading and no deviation: not \
                     kernbench's (a change the post computed?); not read, here and in the rest of this block"
                );
                self.out.notes.push((lineno, msg));
            }
        }
    }

    /// Notes the run of kernbench's console output (`16 cpus found` …)
    /// that the block whose header is on line `i` (0-based) starts, if it
    /// starts one, with the kernel and label of its blocks.
    fn another_console(&mut self, i: usize) {
        if let Some(start) = console_start(self.input, self.preamble, i) {
            self.consoles.push((start + 1, self.group.clone(), self.kernel.clone()));
        }
    }

    /// Warns of a run of kernbench's console output whose blocks are
    /// averaged with an earlier run's, under the same kernel and label (no
    /// label line above either tells them apart): two runs of the program,
    /// most likely two set-ups, merged with no word (LKML 2006, before the
    /// labels above the console were read). A run whose blocks were left
    /// out (cut, then run again) merges nothing.
    fn warn_of_merged_consoles(&mut self) {
        let key = |s: &Sample| (s.metric.name.clone(), s.params.clone());
        let mut keys: Vec<rustc_hash::FxHashSet<_>> = vec![Default::default(); self.consoles.len()];
        for s in &self.out.samples {
            if let Some(c) = self.consoles.iter().rposition(|c| c.0 <= s.line) {
                keys[c].insert(key(s));
            }
        }
        for j in 1..self.consoles.len() {
            let (start, group, kernel) = &self.consoles[j];
            let earlier = (0..j).rev().find(|&i| {
                let c = &self.consoles[i];
                (&c.1, &c.2) == (group, kernel) && keys[i].intersection(&keys[j]).next().is_some()
            });
            if let Some(i) = earlier {
                let msg = format!(
                    "kernbench runs again from line {start} under the kernel and label of its run from line {} \
                     (no label line above either tells them apart): their blocks are averaged as runs of one set-up",
                    self.consoles[i].0
                );
                self.out.notes.push((*start, msg));
            }
        }
    }

    /// Keeps the blocks of different machines apart: where the `Host:`
    /// lines of the file name two hosts or more (STP's kernbench columns,
    /// `Host: stp8-002` … `Host: stp8-003`, LKML 2004), each sample keeps
    /// its `host` parameter, so the machines' figures are never averaged
    /// as runs of one set-up nor compared with each other, and a note at
    /// the first `Host:` line that differs says so. Where they name one
    /// host, or none, the parameter is dropped: one machine is no set-up.
    fn keep_hosts_apart(&mut self) {
        let mut hosts: Vec<&str> = Vec::new();
        for s in &self.out.samples {
            if let Some(p) = s.params.iter().find(|p| p.name == "host")
                && !hosts.contains(&p.value.as_str())
            {
                hosts.push(p.value.as_str());
            }
        }
        if hosts.len() < 2 {
            // One host is the file's identity (`site::identities`: another
            // file's host in one table cell is another machine).
            if let (Some(h), Some((at, _))) = (hosts.first(), self.host_lines.first()) {
                self.out.identity.host = Some((*at, h.to_string()));
            }
            for s in &mut self.out.samples {
                s.params.retain(|p| p.name != "host");
            }
            return;
        }
        let first = &self.host_lines[0].1[0];
        let at = self.host_lines.iter().find(|(_, h)| h.iter().any(|h| h != first)).map_or(0, |(l, _)| *l);
        let msg = format!(
            "the blocks ran on {} hosts ({}, named by `Host:` lines): each host's figures are kept apart \
             by a `host` parameter, never averaged together nor compared across hosts",
            hosts.len(),
            hosts.join(", ")
        );
        self.out.notes.push((at, msg));
    }

    /// Ends the block being read: its samples join the file's, unless the
    /// block repeats one read before (a post quoting its own table, then
    /// printing it again), which is read once.
    fn end_block(&mut self) {
        self.block = None;
        if self.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        let same = |a: &Sample, b: &Sample| {
            a.metric == b.metric && a.params == b.params && a.kernel == b.kernel && a.value == b.value
        };
        let samples = &self.out.samples;
        let key = block_key(&pending[0]);
        if let Some(r) =
            self.blocks.get(&key).into_iter().flatten().find(|r| {
                r.len() == pending.len() && samples[(*r).clone()].iter().zip(&pending).all(|(a, b)| same(a, b))
            })
        {
            let msg =
                format!("kernbench block repeats the block at line {} (same figures); skipped", samples[r.start].line);
            self.out.notes.push((pending[0].line, msg));
            return;
        }
        let last = pending.last().map_or(0, |s| s.line);
        let rows = pending.iter().map(|s| s.line).collect::<rustc_hash::FxHashSet<_>>().len();
        self.ends.push((rows, last));
        let start = self.out.samples.len();
        self.out.samples.extend(pending);
        self.blocks.entry(key).or_default().push(start..self.out.samples.len());
    }

    /// Leaves out the last row of a block that ends early: fewer rows than
    /// another block of the file has, its last figure ending the line
    /// (no deviation after it). kernbench prints every row of every block,
    /// so such a block was cut there (a log cut mid-number, then appended
    /// to: `Elapsed Time 41` for `412.87`), and its last figure may be
    /// cut; a note says so. A row with its deviation (`(0.5)`) is whole.
    fn ended_early(&mut self) {
        let most = self.ends.iter().map(|e| e.0).max().unwrap_or(0);
        for &(rows, line) in &self.ends {
            let text = self.input.lines[line - 1].trim();
            if rows < most && crate::parse::cut::ends_in_figure(text) {
                self.out.samples.retain(|s| s.line != line);
                let msg = format!(
                    "a kernbench block that ends after `{text}`, where another block of the file has {most} rows: \
                     its last figure may be cut (a log cut, then appended to?); not read"
                );
                self.out.notes.push((line, msg));
            }
        }
    }

    /// Adds one row of the current block: a sample per column.
    fn push(&mut self, lineno: usize, (m, cells, extra): Row) -> Result<(), ParseError> {
        if self.block.is_none() {
            return Ok(());
        }
        // Under a `(std deviation)` header a lone value without its
        // deviation has kernbench's six decimals (one run); with fewer it
        // was cut short (`Elapsed Time 120` for `120.5 (0.5)`).
        if let [(_, None)] = cells[..]
            && self.sd_header
        {
            let text = self.input.lines[lineno - 1].trim();
            let name = ROWS[m].0;
            let after = text.find(name).map_or("", |at| &text[at + name.len()..]);
            let value = after.split_whitespace().next().unwrap_or("");
            if crate::parse::num::fewer_decimals(value, 6) {
                let msg = format!(
                    "`{}` without the deviation or the six decimals kernbench prints under a `(std deviation)` \
                     header (the line looks cut short): not read",
                    ROWS[m].0
                );
                self.out.notes.push((lineno, msg));
                return Ok(());
            }
        }
        if self.skip_rows {
            self.rows_in_block += 1;
            self.preamble = lineno;
            return Ok(());
        }
        // kernbench prints each row once per block: a row the block holds
        // already is the same line pasted twice (attack47 F7), never a
        // second run, and not a row of the block's count (which would make
        // every other block look cut short).
        if let Some(first) = self.pending.iter().find(|s| s.metric.name == ROWS[m].0).map(|s| s.line) {
            let msg = format!(
                "`{}` again in one kernbench block (first at line {first}): kernbench prints each row once \
                 per block, so this is a repeat and was not read",
                ROWS[m].0
            );
            self.out.notes.push((lineno, msg));
            return Ok(());
        }
        let mut cells = cells;
        self.drop_derived(lineno, &mut cells);
        if cells.len() > 1 && cells.len() != self.columns.len() {
            // This block is not read; the others are (the file's error
            // when no other block is read).
            let what = format!("a heading naming each of the {} side-by-side columns", cells.len());
            let e = ParseError::malformed(lineno, what, self.input.lines[lineno - 1].trim());
            self.out.notes.push((lineno, format!("{}; this block is not read", e.message())));
            self.first_error.get_or_insert(e);
            self.pending.clear();
            self.skip_rows = true;
            self.rows_in_block += 1;
            self.preamble = lineno;
            return Ok(());
        }
        self.rows_in_block += 1;
        self.preamble = lineno;
        if let Some(extra) = extra {
            self.out.notes.push((lineno, format!("`{extra}` after the value is not kernbench's and was not read")));
        }
        let several = cells.len() > 1;
        for (c, (value, sd)) in cells.into_iter().enumerate() {
            let mut s = self.sample(lineno, m, value, sd);
            if several {
                let name = &self.columns[c];
                s = if self.kernel_columns || is_kernel_name(name) {
                    s.with_kernel(name.as_str())
                } else {
                    with_label(s, name)
                };
            }
            let host = if several && self.column_hosts.len() == self.columns.len() {
                Some(&self.column_hosts[c])
            } else {
                self.host.as_ref()
            };
            if let Some(h) = host {
                s = s.with_param("host", h);
            }
            self.pending.push(s);
        }
        Ok(())
    }

    /// The sample of one cell: metric `m` of the current block.
    fn sample(&mut self, lineno: usize, m: usize, value: f64, sd: Option<f64>) -> Sample {
        let (name, load, jobs) = self.block.clone().unwrap_or_default();
        let (mname, unit, better) = ROWS[m];
        let mut s = Sample::new(Metric::new(mname, unit, better), value, lineno).with_param("load", load);
        if let Some(j) = jobs {
            s = s.with_param("jobs", j);
        }
        if !self.group.is_empty() && !names_the_benchmark(&self.group) {
            s = s.with_param("label", self.group.as_str());
        }
        if let Some(k) = &self.kernel {
            s = s.with_kernel(k.as_str());
        }
        let n = self.run_counts.iter().find(|(n, _)| *n == name).map(|(_, k)| *k);
        let n = match n {
            Some(n) => Some(n),
            None if self.global.is_some() => self.global,
            None => {
                // The prose count nearest above the block; the only one
                // wherever it stands.
                let above = self.prose.iter().rev().find(|(_, at)| *at <= lineno);
                let near = above.or_else(|| self.prose.first().filter(|_| self.prose.len() == 1)).copied();
                if let Some((g, at)) = near
                    && !self.prose_noted.contains(&at)
                {
                    self.prose_noted.push(at);
                    let said = self.input.lines[at - 1].trim();
                    let others = if self.prose.len() > 1 {
                        let lines: Vec<String> = self.prose.iter().map(|(n, l)| format!("{n} at line {l}")).collect();
                        format!(" (the prose gives {}: each block takes the nearest above it)", lines.join(", "))
                    } else {
                        String::new()
                    };
                    let msg = format!(
                        "run count {g} taken from a person's words at line {at} (`{said}`){others}: no `run number \
                         N` line, `-n N` or `N runs` printed; each mean with a deviation counted as {g} runs (a \
                         count in prose is taken from {} to {} runs only)",
                        PROSE_RUNS.start(),
                        PROSE_RUNS.end()
                    );
                    self.out.notes.push((lineno, msg));
                }
                near.map(|(g, _)| g)
            }
        };
        match (sd, n) {
            (Some(sd), Some(n)) => s = s.with_summary(value, Some(sd), n.max(1)),
            (Some(sd), None) => {
                if !self.noted_unknown {
                    let msg = "run count not printed (no `run number N` line, `-n N` or `N runs`): each mean with a \
                               deviation stands for an unstated number of runs, at least 2; counted as one run, so \
                               not tested";
                    self.out.notes.push((lineno, msg.into()));
                    self.noted_unknown = true;
                }
                s = s.with_summary(value, Some(sd), 1);
            }
            (None, Some(n)) if n > 1 => s = s.with_summary(value, None, n),
            (None, Some(_)) => {}
            (None, None) => {
                if !self.noted_plain {
                    self.out
                        .notes
                        .push((lineno, "averages over an unstated number of runs, read as single values".into()));
                    self.noted_plain = true;
                }
            }
        }
        s
    }
}

/// `s` with the side-by-side column heading `column` as its label, after
/// the label of its block when it has one (`16 CPUs x86 VM / BASE`).
fn with_label(mut s: Sample, column: &str) -> Sample {
    match s.params.iter_mut().find(|p| p.name == "label") {
        Some(p) => {
            p.value = format!("{} / {column}", p.value).into();
            s
        }
        None => s.with_param("label", column),
    }
}

/// A label line that names the benchmark, not a set-up: `Kernbench:`
/// underlined above a post's tables (the speculative page fault cover
/// letters, 2018) is a heading, not one set-up of the two machines below;
/// so is one with the machine's size and the direction after the name
/// (`kernbench 16x (lower is better)` underlined over two kernels' blocks,
/// LKML 2004).
fn names_the_benchmark(label: &str) -> bool {
    let t = label.trim_end_matches(':').trim();
    let lower = t.to_ascii_lowercase();
    let t =
        ["(lower is better)", "(higher is better)"].iter().find_map(|d| lower.strip_suffix(d)).unwrap_or(&lower).trim();
    let mut words = t.split_whitespace();
    let cpus = |w: &str| w.strip_suffix('x').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    words.next() == Some("kernbench") && words.all(cpus)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Value;

    /// A sample's `label` parameter, `""` without one.
    fn label(s: &Sample) -> &str {
        s.params.iter().find(|p| p.name == "label").map_or("", |p| p.value.as_str())
    }

    /// A row pasted twice in one block (attack47 F7, made from an OSDL
    /// kernbench post: `Elapsed Time 129.948` twice) is a repeat, said at
    /// its line and not read: not a second run, and not a row that makes
    /// every other block look cut short (their `Sleeps` were left out).
    /// LKML 2004-02 (corpus kernbench), its TABs collapsed by a mail
    /// client: the quoted summary's `Kernel: 2.6.3-rc2 2.6.3-rc3-mm1` (two
    /// columns) named the results below it kernel `2.6.3-rc2 2.6.3-rc3-mm1`
    /// (attack62). No kernel, said at that line.
    #[test]
    fn a_kernel_line_of_two_kernels_names_none() {
        let text = "\
> >Summary:
> >Kernel: 2.6.3-rc2 2.6.3-rc3-mm1
> >Half(-j8) 120.8 113.0
> >Optimal(-j64) 81.6 79.3
> >Max(-j) 82.9 80.3
> >

sure.

results.2.6.3-rc3-mm1 + SMT:
Average Half Load Run:
Elapsed Time 113.008
User Time 742.786
System Time 90.65
Percent CPU 738
Context Switches 28062.6
";
        let f = Kernbench.parse(&Input::from_text(text)).unwrap();
        assert!(!f.samples.is_empty());
        assert!(f.samples.iter().all(|s| s.kernel.is_none()), "{:?}", f.samples[0].kernel);
        assert!(f.notes.iter().any(|(l, n)| *l == 2 && n.contains("names several kernels")), "{:?}", f.notes);
    }

    #[test]
    fn a_row_pasted_twice_in_a_block_is_said_and_read_once() {
        let text = "Average Optimal -j 32 Load Run:\n\
Elapsed Time 129.948\n\
Elapsed Time 129.948\n\
User Time 873.302\n\
Sleeps 29045.8\n\
Average Maximal -j Load Run:\n\
Elapsed Time 128.362\n\
User Time 866.274\n\
Sleeps 20615.8\n";
        let f = Kernbench.parse(&Input::from_text(text)).unwrap();
        let lines: Vec<usize> = f.samples.iter().map(|s| s.line).collect();
        assert_eq!(lines, [2, 4, 5, 7, 8, 9], "{:?}", f.notes);
        assert!(
            f.notes.iter().any(|(l, n)| *l == 3 && n.contains("again in one kernbench block (first at line 2)")),
            "{:?}",
            f.notes
        );
        assert!(!f.notes.iter().any(|(_, n)| n.contains("may be cut")), "{:?}", f.notes);
    }

    /// A `delta %` heading after the set-ups' columns names a change the
    /// post computed: its cells (`-0.22`, no `%` sign) are not read. A
    /// later block whose heading leaves it out still has the figure: it
    /// has no deviation, after named columns that each have one, and is
    /// not read either. A block whose rows have more figures than
    /// headings any other way is left out alone, not the whole file
    /// (linux-mm 2017, the speculative page fault series v3).
    #[test]
    fn a_delta_column_is_not_read_and_an_odd_block_is_left_out_alone() {
        assert_eq!(
            table::split_derived(vec!["4.13.0-mm1".into(), "4.13.0-mm1-spf".into(), "delta %".into()]),
            (vec!["4.13.0-mm1".to_string(), "4.13.0-mm1-spf".to_string()], vec!["delta %".to_string()])
        );
        assert!(table::is_derived_heading("%") && table::is_derived_heading("Change (%)"));
        assert!(!table::is_derived_heading("BASE") && !table::is_derived_heading("4.13.0-mm1"));
        let text = "- 16 CPUs x86 VM\n\
Average Half load -j 8 Run (std deviation)\n\
 \t\t 4.13.0-mm1\t\t4.13.0-mm1-spf\t\tdelta %\n\
Elapsed Time     145.968 (0.402206)\t145.654 (0.533601)\t-0.22\n\
System Time      108.464 (0.177567)\t111.034 (0.718213)\t+2.37\n\
\n\
Average Optimal load -j 80 Run (std deviation)\n\
 \t\t 4.13.0-mm1\t\t4.13.0-mm1-spf\n\
Elapsed Time \t 110.308 (0.725445)\t109.78 (0.826862)\t-0.48\n\
User Time \t 5893.12 (1621.33)\t5923.19 (1635.48)\t+0.51\n\
\n\
Average Maximal load -j Run (std deviation)\n\
 \t\t 4.13.0-mm1\t\t4.13.0-mm1-spf\n\
Elapsed Time \t 1 (0.5)\t2 (0.5)\t3 (0.5)\n\
User Time \t 4 (0.5)\t5 (0.5)\t6 (0.5)\n";
        let f = Kernbench.parse(&Input::from_text(text)).unwrap();
        let values: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(values, [145.968, 145.654, 108.464, 111.034, 110.308, 109.78, 5893.12, 5923.19]);
        assert_eq!(f.samples[1].kernel.as_deref(), Some("4.13.0-mm1-spf"));
        assert_eq!(label(&f.samples[0]), "16 CPUs x86 VM");
        let noted = |line: usize, says: &str| f.notes.iter().any(|(l, n)| *l == line && n.contains(says));
        assert!(noted(3, "column `delta %` is a change the post computed"), "{:?}", f.notes);
        assert!(noted(9, "a figure after the 2 named columns (-0.48)"), "{:?}", f.notes);
        assert!(noted(14, "3 side-by-side columns") && noted(14, "this block is not read"), "{:?}", f.notes);
        // The same odd block alone: nothing else read, the file's error.
        let odd = text.lines().skip(11).collect::<Vec<_>>().join("\n");
        let e = Kernbench.parse(&Input::from_text(&odd)).unwrap_err();
        assert_eq!(e.line(), Some(3), "{e}");
    }

    #[test]
    fn headers() {
        assert_eq!(
            header("Average Optimal load -j 8 Run (std deviation):"),
            Some(("Optimal load -j 8".into(), "optimal", Some(8)))
        );
        assert_eq!(header("Average Half Load Run:"), Some(("Half Load".into(), "half", None)));
        assert_eq!(header("Average Optimum Load Run:"), Some(("Optimum Load".into(), "optimal", None)));
        assert_eq!(
            header("Average Maximal load -j Run (std deviation):"),
            Some(("Maximal load -j".into(), "maximal", None))
        );
        assert_eq!(header("Average of 5 runs:"), None);
        assert_eq!(run_number("Optimal load -j 8 run number 5..."), Some(("Optimal load -j 8".into(), 5)));
    }

    /// A file of many blocks (here 12,000) reads in linear time: each block
    /// was compared with every block before it, looking for a repeat.
    /// Read for correctness only: a quadratic read of this size takes
    /// minutes; the time is measured by `cargo bench --bench parse --
    /// large_inputs`, never asserted by a test.
    #[test]
    fn many_blocks_read_in_linear_time() {
        let text: String = (1..=12_000)
            .map(|j| format!("Average Half Load -j {j} Run:\nElapsed Time 28.09\nUser Time 40.12\nSystem Time 5.1\n\n"))
            .collect();
        let f = Kernbench.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(f.samples.len(), 36_000);
    }

    #[test]
    fn every_header_form() {
        let h = |l: &str| header(l).map(|(_, load, jobs)| (load, jobs));
        assert_eq!(h("Average Single Threaded Run:"), Some(("single", None)));
        assert_eq!(h("Average Single threaded Run (std deviation):"), Some(("single", None)));
        assert_eq!(h("Average Half -j 4 Load Run:"), Some(("half", Some(4))));
        assert_eq!(h("Average Optimal -j 32 Load Run:"), Some(("optimal", Some(32))));
        assert_eq!(h("Average Maximal -j Load Run:"), Some(("maximal", None)));
        assert_eq!(h("Average Half load -j 8 Run (std deviation)"), Some(("half", Some(8))));
        assert_eq!(h("Average Custom load -j 32 Run (std deviation):"), Some(("custom", Some(32))));
        assert_eq!(h("Average Quarter load -j 2 Run:"), None);
        assert!(header_name("Average Quarter load -j 2 Run:").is_some());
    }

    #[test]
    fn annotation_after_deviation_is_a_note() {
        let i = Input::from_text(
            "Average Optimal load -j 24 Run (std deviation):\nElapsed Time 424.486 (16.7365) ( + 2 % vs base)\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        assert_eq!(f.samples[0].value.mean(), 424.486);
        assert!(f.notes.iter().any(|n| n.0 == 2 && n.1.contains("vs base")), "{:?}", f.notes);
        let i = Input::from_text("Average Optimal load -j 24 Run:\nElapsed Time 424.486 ( + 2 % vs base)\n");
        assert_eq!(Kernbench.parse(&i).unwrap_err().line(), Some(2));
    }

    #[test]
    fn side_by_side_rows() {
        let cells = |l: &str| row(l, 1).unwrap().map(|r| r.1);
        assert_eq!(
            cells("Elapsed Time 338.122 (0.869207)    Elapsed Time 336.404 (1.69196)"),
            Some(vec![(338.122, Some(0.869207)), (336.404, Some(1.69196))])
        );
        assert_eq!(
            cells("Percent CPU \t 771.2 (1.30384)\t765 (0.5)\t\t"),
            Some(vec![(771.2, Some(1.30384)), (765.0, Some(0.5))])
        );
        assert_eq!(
            cells("Sleeps  163354 (4153.9)   163219 (2251.27)\t-0.08%"),
            Some(vec![(163354.0, Some(4153.9)), (163219.0, Some(2251.27))])
        );
        assert_eq!(
            cells("User Time 5930.03 (1600.07)  5929.89 (1617)\t\t+0%"),
            Some(vec![(5930.03, Some(1600.07)), (5929.89, Some(1617.0))])
        );
        // A value after the derived column, a name of another metric, two deviations.
        assert!(row("Sleeps 1 (2) 3 (4) +5% 6", 1).is_err());
        assert!(row("Sleeps 1 (2) User Time 3 (4)", 1).is_err());
        assert!(row("Sleeps 1 (2) (3)", 1).is_err());
        assert_eq!(
            column_names("With 'if':                            Without 'if':"),
            Some(vec!["With 'if'".into(), "Without 'if'".into()])
        );
        assert_eq!(
            column_names(" \t\t 4.13.0-rc5\t\t4.13.0-rc5-spf"),
            Some(vec!["4.13.0-rc5".into(), "4.13.0-rc5-spf".into()])
        );
        assert_eq!(column_names("results.2.6.3-rc3-mm1 + SMT:"), None);
    }

    #[test]
    fn preamble_names_the_block() {
        let i = Input::from_text(
            "Base\n====\n\nAverage Optimal load -j 24 Run (std deviation):\nElapsed Time 1 (0.1)\n\n\
             # other\nWed Aug 23 16:00:03 UTC 2017\n4.13.0-rc5+\nAverage Optimal load -j 24 Run (std deviation):\nElapsed Time 2 (0.1)\n\n\
             Kernel: 3.7.0-rc3\nAverage Optimal load -j 24 Run (std deviation):\nElapsed Time 3 (0.1)\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        let g: Vec<(&str, Option<&str>)> = f.samples.iter().map(|s| (label(s), s.kernel.as_deref())).collect();
        assert_eq!(g, vec![("Base", None), ("other", Some("4.13.0-rc5+")), ("", Some("3.7.0-rc3"))]);
        assert!(f.samples.iter().all(|s| s.group.is_empty()));
    }

    /// kernbench 0.4x's console (`16 cpus found` … `run number 2...`)
    /// between a label and its blocks: the label above the chatter names
    /// the set-up, `Kernel 2.6.16` is the kernel (LKML 2006: two runs on
    /// one kernel were averaged as one set-up's). Without labels, a note.
    #[test]
    fn label_above_the_console_names_the_run() {
        let console = |label: &str, v: f64| {
            format!(
                "{label}\n\n16 cpus found\nCleaning source tree...\nKernel 2.6.16\nPerforming 2 runs of\nmake -j 8\n\n\
                 All data logged to kernbench.log\nWarmup run...\nHalf load -j 8 run number 1...\n\
                 Half load -j 8 run number 2...\nAverage Half load -j 8 Run (std deviation):\nElapsed Time {v} (0.4)\n\n"
            )
        };
        let text = console("***** With percpu_counter:", 120.68) + &console("***** With atomic_long_t", 120.468);
        let f = Kernbench.parse(&Input::from_text(&text)).unwrap();
        let g: Vec<(&str, Option<&str>)> = f.samples.iter().map(|s| (label(s), s.kernel.as_deref())).collect();
        assert_eq!(g, vec![("With percpu_counter", Some("2.6.16")), ("With atomic_long_t", Some("2.6.16"))]);
        assert!(f.notes.is_empty(), "{:?}", f.notes);
        // A sentence above the chatter is no label; two runs alike are warned of.
        let text = console("I ran it twice.", 120.68) + &console("", 120.468);
        let f = Kernbench.parse(&Input::from_text(&text)).unwrap();
        assert!(f.samples.iter().all(|s| label(s).is_empty()));
        assert!(f.notes.iter().any(|n| n.0 == 18 && n.1.contains("from line 3")), "{:?}", f.notes);
    }

    #[test]
    fn kernel_lines_name_the_kernel_or_the_set_up() {
        // OSDL STP reports: `kernel: patch-<release>`, else a patch set's name.
        let i = Input::from_text(
            "kernel: patch-2.6.7-rc2\nplmid: 2987\nHost: stp8-002\nAverage Optimal -j 32 Load Run:\nElapsed Time 129.9\n\n\
             kernel: staircase6.2\nplmid: 3002\nHost: stp8-002\nAverage Optimal -j 32 Load Run:\nElapsed Time 129.5\n\n\
             kernel: crunchah6.3\nAverage Optimal -j 32 Load Run:\nElapsed Time 127.6\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        let g: Vec<(&str, Option<&str>)> = f.samples.iter().map(|s| (label(s), s.kernel.as_deref())).collect();
        assert_eq!(g, vec![("", Some("2.6.7-rc2")), ("", Some("staircase6.2")), ("", Some("crunchah6.3"))]);
        // wild36b file 10 (LKML 2004-03): a kernel's name before the address
        // of its results heads its blocks; the heading over both is none's label.
        let i = Input::from_text(
            "kernbench 16x (lower is better)\n-------------------------------\n\n\
             2.6.4 http://www.osdl.org/projects/kernbench/results/results.2.6.4-domains\n\
             Average Half Load Run:\nElapsed Time 112.084\nAverage Maximum Load Run:\nElapsed Time 80.926\n\n\
             2.6.4-s http://www.osdl.org/projects/kernbench/results/results.2.6.4-s4.2\n\
             Average Half Load -j 8 Run:\nElapsed Time 106.59\nAverage Maximal -j Load Run:\nElapsed Time 83.2134\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        let g: Vec<(usize, &str, Option<&str>)> =
            f.samples.iter().map(|s| (s.line, label(s), s.kernel.as_deref())).collect();
        assert_eq!(
            g,
            vec![(6, "", Some("2.6.4")), (8, "", Some("2.6.4")), (12, "", Some("2.6.4-s")), (14, "", Some("2.6.4-s"))]
        );
        // attack36 kk4/kk3: such a line names the blocks right under it
        // only (up to a blank line or a heading); a nearer `<kernel>
        // (<address>)` names its own; a block under none keeps none.
        let i = Input::from_text(
            "2.6.4 http://a/results.2.6.4\nAverage Half Load Run:\nElapsed Time 112.084\n\n\
             2.6.4-s4.2 (http://b/)\nAverage Half Load Run:\nElapsed Time 106.59\n\n\
             Average Half Load Run:\nElapsed Time 99.5\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        let g: Vec<Option<&str>> = f.samples.iter().map(|s| s.kernel.as_deref()).collect();
        assert_eq!(g, vec![Some("2.6.4"), Some("2.6.4-s4.2"), None]);
        assert!(names_the_benchmark("Kernbench:") && names_the_benchmark("kernbench 16x (lower is better)"));
        assert!(!names_the_benchmark("kernbench on ext4") && !names_the_benchmark("kernbench 16x patched"));
    }

    /// STP's `Host:` lines: blocks of two machines keep a `host` each,
    /// whether side by side (linux-mm 2004, `Host: stp8-002` … `Host:
    /// stp8-003` under the columns' kernels) or one under the other of one
    /// kernel (never averaged as its runs); one machine adds nothing.
    #[test]
    fn hosts_are_kept_apart() {
        let host = |s: &Sample| s.params.iter().find(|p| p.name == "host").map(|p| p.value.to_string());
        let i = Input::from_text(
            "kernel: nikita-b2                kernel: patch-2.6.10-rc2\nHost: stp8-002                   Host: stp8-003\n\n\
             Average Optimal -j 32 Load Run:  Average Optimal -j 32 Load Run:\nElapsed Time 130                 Elapsed Time 129.562\n\n\
             Average Maximal -j Load Run:     Average Maximal -j Load Run:\nElapsed Time 128.862             Elapsed Time 128.334\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        let got: Vec<(Option<&str>, Option<String>)> =
            f.samples.iter().map(|s| (s.kernel.as_deref(), host(s))).collect();
        let a = (Some("nikita-b2"), Some("stp8-002".to_string()));
        let b = (Some("2.6.10-rc2"), Some("stp8-003".to_string()));
        assert_eq!(got, vec![a.clone(), b.clone(), a, b]);
        assert!(f.notes.iter().any(|n| n.0 == 2 && n.1.contains("2 hosts (stp8-002, stp8-003")), "{:?}", f.notes);
        let i = Input::from_text(
            "kernel: patch-2.6.7-rc2\nHost: stp8-002\nAverage Optimal -j 32 Load Run:\nElapsed Time 129.9\n\n\
             kernel: patch-2.6.7-rc2\nHost: stp8-003\nAverage Optimal -j 32 Load Run:\nElapsed Time 127.5\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        let hosts: Vec<Option<String>> = f.samples.iter().map(host).collect();
        assert_eq!(hosts, vec![Some("stp8-002".into()), Some("stp8-003".into())]);
        assert!(f.notes.iter().any(|n| n.0 == 7 && n.1.contains("2 hosts")), "{:?}", f.notes);
        let i = Input::from_text(
            "kernel: patch-2.6.7-rc2\nHost: stp8-002\nAverage Optimal -j 32 Load Run:\nElapsed Time 129.9\n\n\
             kernel: staircase6.2\nHost: stp8-002\nAverage Optimal -j 32 Load Run:\nElapsed Time 129.5\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        assert!(f.samples.iter().all(|s| host(s).is_none()));
        assert!(f.notes.iter().all(|n| !n.1.contains("hosts")), "{:?}", f.notes);
    }

    /// attack32 F10 (case 10, the STP 8-way fixture wrapped at 72 columns
    /// as a mail client does): each side-by-side header's last column
    /// ended on the next line (`… Average Optimal -j 32` / `Load Run:`),
    /// no header was found and all 36 figures went with no word. Now the
    /// two lines are one header, with a note.
    #[test]
    fn a_side_by_side_header_wrapped_by_a_mail_is_rejoined() {
        let i = Input::from_text(
            "kernel: nikita-b2                               kernel: patch-2.6.10-rc2\n\n\
             Average Optimal -j 32 Load Run:                 Average Optimal -j 32\n\
             Load Run:\n\
             Elapsed Time 130                                Elapsed Time 129.562\n\
             User Time 872.816                               User Time 871.898\n\n\
             Average Maximal -j Load Run:                    Average Maximal -j Load\n\
             Run:\n\
             Elapsed Time 128.862                            Elapsed Time 128.334\n\
             User Time 868.234                               User Time 867.702\n",
        );
        assert!(Kernbench.detect(&i) > 0);
        let f = Kernbench.parse(&i).unwrap();
        let got: Vec<(usize, Option<&str>, f64)> =
            f.samples.iter().map(|s| (s.line, s.kernel.as_deref(), s.value.mean())).collect();
        let (a, b) = (Some("nikita-b2"), Some("2.6.10-rc2"));
        assert_eq!(
            got,
            [
                (5, a, 130.0),
                (5, b, 129.562),
                (6, a, 872.816),
                (6, b, 871.898),
                (10, a, 128.862),
                (10, b, 128.334),
                (11, a, 868.234),
                (11, b, 867.702)
            ]
        );
        let maximal = f.samples.iter().filter(|s| s.params.iter().any(|p| p.value == "maximal")).count();
        assert_eq!(maximal, 4);
        assert!(f.notes.iter().any(|n| n.0 == 3 && n.1.contains("wrapped onto line 4; rejoined")), "{:?}", f.notes);
    }

    #[test]
    fn stddev_with_run_numbers() {
        let i = Input::from_text(
            "Optimal load -j 8 run number 1...\nOptimal load -j 8 run number 2...\n\
             Average Optimal load -j 8 Run (std deviation):\nElapsed Time 28.094 (0.182565)\nSleeps 23456.6 (16.2111)\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        assert_eq!(f.samples.len(), 2);
        assert_eq!(f.samples[0].value, Value::Summary { mean: 28.094, stddev: Some(0.182565), n: 2 });
        assert_eq!(f.samples[0].params[0].value, "optimal");
        assert_eq!(f.samples[0].params[1].value, "8");
        assert_eq!(f.samples[0].line, 4);
        assert!(f.notes.is_empty());
    }

    #[test]
    fn stddev_without_count_and_global_hint() {
        let i = Input::from_text("Average Half load -j 4 Run (std deviation):\nElapsed Time 10 (1)\n");
        let f = Kernbench.parse(&i).unwrap();
        assert_eq!(f.samples[0].value, Value::Summary { mean: 10.0, stddev: Some(1.0), n: 1 });
        assert_eq!(f.notes.len(), 1);
        let i = Input::from_text(
            "./kernbench -M -n 3\nAverage Half load -j 4 Run (std deviation):\nElapsed Time 10 (1)\nUser Time 20.000000\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        assert_eq!(f.samples[0].value, Value::Summary { mean: 10.0, stddev: Some(1.0), n: 3 });
        assert_eq!(f.samples[1].value, Value::Summary { mean: 20.0, stddev: None, n: 3 });
        // wild35b file 17 (linux-mm 2017, SPF v3): the count only in prose,
        // wrapped (`The` / `build has been run 5 times each time.`): taken,
        // with a warning naming its line.
        let i = Input::from_text(
            "This test is building a 4.12 kernel using platform default config. The\n\
             build has been run 5 times each time.\n\n\
             Average Half load -j 8 Run (std deviation)\nElapsed Time     145.968 (0.402206)\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        assert_eq!(f.samples[0].value, Value::Summary { mean: 145.968, stddev: Some(0.402206), n: 5 });
        assert_eq!(f.notes.len(), 1);
        assert!(f.notes[0].1.starts_with("run count 5 taken from a person's words at line 2"), "{}", f.notes[0].1);
        assert_eq!(prose_runs(&Input::from_text("it ran 3 times, at 4.5 s and 4.7 s\n")), []);
        assert_eq!(prose_runs(&Input::from_text("Each test was repeated 10 times.\n")), [(10, 1)]);
        // attack36 k-run-should: a plan is no count of what was done.
        assert_eq!(prose_runs(&Input::from_text("I think make should be run 3 times\n")), []);
        assert_eq!(prose_runs(&Input::from_text("each kernel is to be run 3 times\n")), []);
        assert_eq!(prose_runs(&Input::from_text("run 1001 times\n")), []);
    }

    /// attack36 k-run-two: two prose counts, each over its own block:
    /// each block takes the nearest above it, never the first for both.
    #[test]
    fn two_prose_counts_each_over_its_block() {
        let block = |t: &str| format!("Average Optimal load -j 16 Run (std deviation):\nElapsed Time {t} (1.2)\n");
        let text = format!(
            "Kernel A was run 3 times.\n\n{}\nKernel B was rerun 7 times.\n\n{}",
            block("65.25"),
            block("70.5")
        );
        let f = Kernbench.parse(&Input::from_text(&text)).unwrap();
        let ns: Vec<Value> = f.samples.iter().map(|s| s.value).collect();
        assert_eq!(
            ns,
            [
                Value::Summary { mean: 65.25, stddev: Some(1.2), n: 3 },
                Value::Summary { mean: 70.5, stddev: Some(1.2), n: 7 }
            ]
        );
        assert_eq!(f.notes.len(), 2, "{:?}", f.notes);
        assert!(f.notes[1].1.contains("run count 7 taken from a person's words at line 6"), "{}", f.notes[1].1);
        assert!(f.notes[0].1.contains("from 2 to 1000 runs only"), "{}", f.notes[0].1);
    }

    #[test]
    fn single_run_and_old_form() {
        let i = Input::from_text(
            "Optimal load -j 144 run number 1...\nAverage Optimal load -j 144 Run (std deviation):\nElapsed Time 7.770000\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        assert_eq!(f.samples[0].value, Value::single(7.77));
        let i = Input::from_text(
            "res 1:\nAverage Half Load Run:\nPercent CPU 738\n\nAverage Maximal Load Run:\nSleeps 5\n",
        );
        let f = Kernbench.parse(&i).unwrap();
        assert_eq!(f.samples[0].value, Value::single(738.0));
        assert_eq!(label(&f.samples[0]), "res 1");
        assert_eq!(f.samples[1].params[0].value, "maximal");
        assert_eq!(f.samples[1].params.len(), 2);
    }

    #[test]
    fn damaged_rows() {
        let i = Input::from_text("Average Half Load Run:\nElapsed Time\n");
        assert_eq!(Kernbench.parse(&i).unwrap_err().line(), Some(2));
        let i = Input::from_text("Average Half Load Run:\nElapsed Time 28.094 (0.18\n");
        assert_eq!(Kernbench.parse(&i).unwrap_err().line(), Some(2));
        // Outside a block the same words are prose.
        let i = Input::from_text("Elapsed Time was long\n");
        assert!(Kernbench.parse(&i).is_err());
        assert_eq!(Kernbench.detect(&i), 0);
    }
}
