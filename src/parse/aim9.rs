//! AIM Independent Resource Benchmark - Suite IX (AIM9, "singleuser").
//!
//! One row per test: an optional test number, the test's name, then timing
//! columns and the operation rate, then a free-text unit:
//!
//! ```text
//! AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996
//!  Test        Test        Elapsed  Iteration    Iteration          Operation
//! Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)
//!      1 add_double           5.05        110   21.78218       392079.21 Thousand Double Precision Additions/second
//!     54 tcp_test        Skipping to next test.
//! ```
//!
//! Older output and hand-trimmed posts have fewer timing columns
//! (` 1 add_double   2000  1234  61700.00 Thousand …`, `add_double 10010
//! 29.4705  530469.53 Thousand …`): the operation rate is always the last
//! number before the unit text. Every row of a file has as many numbers as
//! the header announces (four under `Rate (loops/sec)  Rate (ops/sec)`), or
//! else as many as the first row (at least three); a row with another count
//! is cut short or damaged and is an error.
//!
//! # Metrics
//!
//! One sample per row: metric = the test's name (`"add_double"`,
//! `"tcp_test"`), unit = the free-text unit as printed (`"Thousand Double
//! Precision Additions/second"`), [`Better::Higher`], no group, no
//! parameters. The elapsed time, iteration count and iteration rate columns
//! only describe how the rate was measured and are not repeated as samples.
//!
//! Some builds add `CPU Utilization  User  System` columns after the
//! elapsed time (six numbers per row); they too only describe the
//! measurement. Rows whose long name is glued to its number
//! (`19sync_disk_rw`) are read as test 19 `sync_disk_rw`.
//!
//! A table ends at a rule (`----…`, `====…`) under its rows: a line below
//! it with another count of numbers is not a damaged row but another
//! output pasted after the report (`Starting 1 process` of fio), and is
//! not read; a new header or banner starts the next table.
//!
//! `Skipping to next test.` rows give no sample, only a note naming the
//! test (on that line, or on the `*** Failed to execute new_raph ***` or
//! row start just above it).
//!
//! # Hand-made comparisons
//!
//! Posts comparing two kernels put a unit line, a test name alone on its
//! line, then one row per kernel, labelled in brackets:
//!
//! ```text
//! Dynamic Memory Operations/second
//! mem_rtns_1
//! [linux-2.5.68]  60.01        2643        44.04266          1321279.79
//! [linux-2.5.67]  60.01        2759        45.97567          1379270.12
//! ```
//!
//! Each row is read with its kernel (a label that is no kernel's name
//! becomes a parameter `label`). When such rows repeat every number of a
//! row of the file's one full report, and all name the same kernel, the
//! report is that kernel's: its rows get the kernel and the repeating
//! comparison rows are counted once (noted).
//!
//! Other posts list the kernels, one alone on each line, above rows that
//! give each test once per kernel, in that order (LKML, Dec 2002):
//!
//! ```text
//! 2.4.19
//! 2.5.50
//! 2.5.51
//!
//! creat-clo 10040 19.4223        19422.31 File Creations and Closes/second
//! creat-clo 10040 17.4303        17430.28 File Creations and Closes/second
//! creat-clo 10010 87.2128        87212.79 File Creations and Closes/second
//! ```
//!
//! When every test is printed as many times in a row as kernels are listed
//! (the last list of two or more above the first row), each row gets the
//! kernel of its place, noted at the list. A legend under a line `Format`
//! whose items are no kernels (`reiserfs raw result` / `ext3 raw result`,
//! `HZ=100 …`) names set-ups: each row gets its item as `label`; items
//! `min` / `avg` / `max` are statistics of runs, read apart as `statistic`
//! (each is a figure a kernel can be compared on; averaged they are
//! nothing); `run 1` / `run 2` are runs. A test printed more than once in
//! a row without a list that fits is warned of, naming the list whose
//! count disagrees: its rows stay runs of one set-up, and may be several
//! kernels' or set-ups'.
//!
//! # Damaged input
//!
//! Mail clients wrap the unit onto the next line (`… 214728.42` /
//! `Thousand Double Precision Additions/second`), or cut it (`… 19016.39
//! File` / `Creations and Closes/second`; cut there with the file's end,
//! the row is left out with a warning); some posts put the unit line
//! before the row. A unit line is a line of text ending in `/second`; it is
//! joined to the row when it is adjacent (after the row, or before every row
//! when the first unit-less row has one just above it). A row whose unit
//! text is nowhere to be found gives no sample, only a note (a row of
//! numbers without a unit may be anything).
//!
//! Some mailers wrap every row after its iteration count, the operation
//! rate and unit on the next line (`     1 add_double  60.06  58.00  0.00
//! 1060` / `17.64902  317682.32 Thousand Double Precision
//! Additions/second`): the two lines are one row, whose sample is on the
//! second. A number after the unit text (`Trigonometric Functions/second
//! 41`) is the next row's test number, glued on; it is dropped (noted).
//!
//! A posted comparison's test line whose unit a mailer wrapped (`1
//! add_double   Thousand Double Precision` / `Additions/second`) is
//! rejoined, and so is each kernel row under it wrapped after its count or
//! its elapsed time (`linux-2.5.51[mm1]  60.02  716` / `11.92936
//! 214728.42`); `linux-2.5.51[mm1]`, a patch set in brackets, names the
//! kernel `2.5.51-mm1`.

use crate::model::{Better, Metric, ParsedFile, Sample};
use crate::parse::{BenchParser, Input, ParseError, num};

/// Reads AIM Suite IX output (registry id `"aim9"`).
pub struct Aim9;

const ID: &str = "aim9";

/// Operations AIM9 (s9110) counts a loop of each test whose count is fixed
/// in its code: the arithmetic, function-call and system-call tests. The
/// same on an x86_64 of 2007 and a PIII of 2003 (linux-mm / LKML reports:
/// ops rate over loops rate). Tests whose count depends on the set-up
/// (the disk tests' file size, `ram_copy`) are left out.
fn ops_per_loop(test: &str) -> Option<f64> {
    let k = match test {
        "add_double" => 18000.0,
        "add_float" | "mul_double" | "mul_float" => 12000.0,
        "add_long" | "add_int" => 60000.0,
        "add_short" => 24000.0,
        "brk_test" => 17000.0,
        "page_test" => 1700.0,
        "creat-clo" | "jmp_test" | "signal_test" => 1000.0,
        "div_double" | "div_float" => 3000.0,
        "div_long" | "div_int" | "div_short" => 900.0,
        "fun_cal" | "fun_cal1" | "fun_cal2" | "fun_cal15" => 512000.0,
        "mul_long" | "mul_int" => 240.0,
        "mul_short" => 300.0,
        "mem_rtns_1" => 30000.0,
        "trig_rtns" | "dir_rtns_1" => 10000.0,
        "new_raph" => 200.0,
        "fork_test" | "num_rtns_1" | "matrix_rtns" | "string_rtns" | "mem_rtns_2" | "series_1" | "shared_memory"
        | "udp_test" | "fifo_test" | "stream_pipe" | "dgram_pipe" | "pipe_cpy" => 100.0,
        "tcp_test" => 90.0,
        "disk_src" => 75.0,
        "link_test" => 63.0,
        "array_rtns" => 20.0,
        "sort_rtns_1" | "misc_rtns_1" => 10.0,
        "exec_test" | "sieve" => 5.0,
        "shell_rtns_1" | "shell_rtns_2" | "shell_rtns_3" => 1.0,
        _ => return None,
    };
    Some(k)
}

impl BenchParser for Aim9 {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "aim9 (AIM Independent Resource Benchmark - Suite IX)"
    }

    /// The banner, a row's `/second`, or the `)` of a header's
    /// `Rate (ops/sec)`.
    fn literals(&self) -> &'static [&'static str] {
        &["AIM Independent Resource Benchmark", "/second", ")"]
    }

    fn detect(&self, input: &Input) -> u8 {
        let mut score = 0u8;
        let mut rows = 0usize;
        // Literals looked for once in the whole text, not line by line.
        let banner = input.has("AIM Independent Resource Benchmark");
        let per_second = input.has("/second");
        let rate_chars = input.has("(") && input.has("R") && input.has("/");
        for line in &input.lines {
            if banner && line.contains("AIM Independent Resource Benchmark") {
                return 95;
            }
            // Both need a `(`, an `R` and a `)`; squeeze out the spaces
            // only then.
            if rate_chars && line.contains('(') && line.contains(')') && line.contains('R') {
                let compact: String = line.split_whitespace().collect();
                if compact.contains("Rate(ops/sec)") || compact.contains("Rate(loops/sec)") {
                    score = score.max(85);
                }
            }
            // The unit is part of the line.
            if rows < 3
                && per_second
                && line.contains("/second")
                && row(line).is_some_and(|r| r.values.len() >= 3 && r.unit.ends_with("/second"))
            {
                rows += 1;
            }
        }
        match rows {
            0 => score,
            1 => score.max(50),
            2 => score.max(60),
            _ => score.max(70),
        }
    }

    fn max_score(&self) -> u8 {
        95
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let mut reader = Reader::new(&input.lines);
        for idx in 0..input.lines.len() {
            reader.line(idx)?;
        }
        reader.finish()
    }
}

/// A row read, before the report's kernel is known.
struct Read {
    sample: Sample,
    /// Every number of the row (timing columns and the rate).
    values: Vec<f64>,
    /// A `[kernel]` row of a hand-made comparison.
    compared: bool,
}

/// Parser state while reading the lines.
struct Reader<'a> {
    lines: &'a [String],
    version: Option<String>,
    notes: Vec<(usize, String)>,
    rows: Vec<Read>,
    /// Decided at the first unit-less row: does the unit line come before rows?
    unit_before: Option<bool>,
    /// Lines already used as a unit line or a row's wrapped second half.
    used: Vec<bool>,
    /// How many numbers a row has: from the header, else from the first row.
    columns: Option<usize>,
    /// How many rows were read when the current table's header (or the
    /// banner) was: a rule under rows read since closes the table.
    rows_at_header: usize,
    /// The current table was closed by a rule (`----…` or `====…`) under
    /// its rows: what follows is not a row of it (another benchmark's
    /// output pasted below: `Starting 1 process`, `Throughput 120.114
    /// MB/sec 16 procs`), until the next header or banner.
    closed: bool,
    /// The test of the kernel rows below it (`  6 creat-clo   File
    /// Creations and Closes/second` alone on its line): its name and unit.
    test: Option<(&'a str, String)>,
}

impl<'a> Reader<'a> {
    fn new(lines: &'a [String]) -> Self {
        Reader {
            lines,
            version: None,
            notes: Vec::new(),
            rows: Vec::new(),
            unit_before: None,
            used: vec![false; lines.len()],
            columns: None,
            rows_at_header: 0,
            closed: false,
            test: None,
        }
    }

    /// Reads line `idx` (0-based).
    fn line(&mut self, idx: usize) -> Result<(), ParseError> {
        let line: &'a str = &self.lines[idx];
        let lineno = idx + 1;
        if self.used[idx] {
            return Ok(());
        }
        if self.version.is_none()
            && let Some(at) = line.find("Suite IX v")
        {
            let v: String =
                line[at + "Suite IX v".len()..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            if !v.is_empty() {
                self.version = Some(v);
            }
        }
        if line.contains("Skipping to next test") {
            let name = skipped_name(self.lines, idx).unwrap_or_else(|| "a test (name not printed)".to_string());
            self.notes.push((lineno, format!("{name}: skipped by the benchmark (\"Skipping to next test.\")")));
            return Ok(());
        }
        if line.contains("AIM Independent Resource Benchmark") {
            // The banner over `Testing over` closes the report (LKP's aim9
            // prints it after the completion times): a line after it is
            // another benchmark's (attack34 10: a dbench line after LKP's
            // full suite reopened the table and all 59 results were lost).
            let ends = self.lines[idx + 1..].iter().map(|l| l.trim()).find(|l| !l.is_empty()) == Some("Testing over");
            (self.rows_at_header, self.closed) = (self.rows.len(), ends);
        }
        let t = line.trim();
        if t.len() >= 10 && (t.bytes().all(|b| b == b'-') || t.bytes().all(|b| b == b'=')) {
            self.closed = self.rows.len() > self.rows_at_header;
            return Ok(());
        }
        let compact: String = line.split_whitespace().collect();
        if compact.contains("Rate(loops/sec)") && compact.contains("Rate(ops/sec)") {
            (self.rows_at_header, self.closed) = (self.rows.len(), false);
            // Elapsed time, [CPU user, system,] iteration count, iteration
            // rate, operation rate.
            let cpu = self.lines[idx.saturating_sub(3)..=idx].iter().any(|l| l.contains("CPU Utilization"));
            self.columns = Some(if cpu { 6 } else { 4 });
            return Ok(());
        }
        if let Some((label, values)) = compare_row(line) {
            return self.compare(idx, label, values);
        }
        if let Some((name, unit)) = test_line(line) {
            self.test = Some((name, unit.to_string()));
            return Ok(());
        }
        // The unit wrapped onto the next line (`1 add_double  Thousand
        // Double Precision` / `Additions/second`).
        if let Some(next) = self.lines.get(idx + 1)
            && let Some((name, unit)) = wrapped_test_line(line, next)
        {
            self.test = Some((name, unit));
            self.used[idx + 1] = true;
            return Ok(());
        }
        if let Some((kernel, values)) = self.test.as_ref().and_then(|_| kernel_row(line)) {
            return self.kernel_row(idx, kernel, values);
        }
        let Some(mut r) = row(line) else {
            if self.closed {
                return Ok(());
            }
            if let Some(bad) = self.columns.and_then(|c| damaged_row(line, c)) {
                return Err(ParseError::malformed(lineno, "a number", bad));
            }
            return Ok(());
        };
        // Every row wrapped after its first numbers: `5 add_short 60.01 59.00
        // 0.00 2820` / `46.99217 1127812.03 Thousand Short Integer Additions/second`.
        let mut at = idx;
        if r.unit.is_empty()
            && let Some((values, unit)) = self.lines.get(idx + 1).and_then(|l| continuation(l))
        {
            r.values.extend(values);
            r.unit = unit;
            self.used[idx + 1] = true;
            at = idx + 1;
        }
        if !self.fits(&r.values, lineno, line)? {
            return Ok(());
        }
        let Some(unit) = self.unit_of(&r, idx) else {
            if self.notes.last().is_none_or(|(l, _)| *l != lineno) {
                self.notes.push((lineno, format!("{}: row without its unit text; skipped", r.name)));
            }
            return Ok(());
        };
        let (unit, next_number) = glued_next_number(&unit);
        if let Some(n) = next_number {
            self.notes.push((
                at + 1,
                format!("`{n}` after the unit of {} is the next test's number, glued on by the mail; rejoined", r.name),
            ));
        }
        let rate = r.values.last().copied().unwrap_or_default();
        let sample = Sample::new(Metric::new(r.name, unit, Better::Higher), rate, at + 1);
        // A bracketed kernel in the row (`add_double [2.5.45]`) names the
        // row's kernel, as a hand-made comparison's `[2.5.45]` row does.
        let (sample, compared) = match r.label {
            Some(label) if super::labels::is_kernel_name(without_linux(label)) => {
                (sample.with_kernel(without_linux(label)), true)
            }
            Some(label) => (sample.with_param("label", label), true),
            None => (sample, false),
        };
        self.rows.push(Read { sample, values: r.values, compared });
        Ok(())
    }

    /// Checks a row's count of numbers against the table's; `Ok(false)`
    /// for a row to pass over (too few numbers to be a first row).
    fn fits(&mut self, values: &[f64], lineno: usize, line: &str) -> Result<bool, ParseError> {
        let n = values.len();
        match self.columns {
            // Below a closed table: not a row of it.
            Some(c) if c != n && self.closed => Ok(false),
            Some(c) if c != n => Err(ParseError::malformed(
                lineno,
                format!("a test row with {c} numbers (name, timing columns, operation rate, unit)"),
                line,
            )),
            None if n < 3 => Ok(false),
            None => {
                self.columns = Some(n);
                Ok(true)
            }
            _ => Ok(true),
        }
    }

    /// The unit text of row `r` on line `idx`: its own, completed by or
    /// found on an adjacent unit line (noted).
    fn unit_of(&mut self, r: &Row<'_>, idx: usize) -> Option<String> {
        let lines = self.lines;
        let lineno = idx + 1;
        let next_is_unit = lines.get(idx + 1).is_some_and(|l| unit_line(l)) && !self.used.get(idx + 1).unwrap_or(&true);
        if !r.unit.is_empty() {
            if !r.unit.ends_with("/second") && next_is_unit {
                // `… 19016.39 File` / `Creations and Closes/second`.
                self.used[idx + 1] = true;
                self.notes
                    .push((idx + 2, format!("unit of {} (line {lineno}) wrapped onto this line; rejoined", r.name)));
                return Some(format!("{} {}", r.unit, lines[idx + 1].trim()));
            }
            // `… 19016.39 File` and the file ends: the unit a mail wrapped
            // was cut with the rest (attack32: the unit read was `File`,
            // another metric than the whole file's). Every aim9 unit ends
            // `/second`.
            if !r.unit.ends_with("/second") && lines[idx + 1..].iter().all(|l| l.trim().is_empty()) {
                let msg = format!("{}: its unit `{}` is cut short (the file ends there): not read", r.name, r.unit);
                self.notes.push((lineno, msg));
                return None;
            }
            return Some(r.unit.to_string());
        }
        let prev_is_unit = idx > 0 && unit_line(&lines[idx - 1]) && !self.used[idx - 1];
        let before = *self.unit_before.get_or_insert(prev_is_unit);
        let j = if before && prev_is_unit {
            idx - 1
        } else if !before && next_is_unit {
            idx + 1
        } else {
            return None;
        };
        self.used[j] = true;
        self.notes.push((j + 1, format!("unit of {} (line {lineno}) on a line of its own; joined", r.name)));
        Some(lines[j].trim().to_string())
    }

    /// A `[linux-2.5.67]  60.01  2759  45.97567  1379270.12` row of a
    /// hand-made comparison on line `idx`: the test's name is on the line
    /// above its rows, the unit on the line above the name.
    fn compare(&mut self, idx: usize, label: &str, values: Vec<f64>) -> Result<(), ParseError> {
        let lineno = idx + 1;
        let mut j = idx;
        while j > 0 && compare_row(&self.lines[j - 1]).is_some() {
            j -= 1;
        }
        let name = j.checked_sub(1).map(|k| self.lines[k].trim()).filter(|t| is_test_name(t));
        let Some(name) = name else {
            self.notes.push((lineno, format!("[{label}] row without a test name above it; skipped")));
            return Ok(());
        };
        // The unit line may carry the test's number (`1 System Memory
        // Allocations/second` over `brk_test`, LKML 2003, wild33 file 25:
        // the rows were skipped as without a unit).
        let unit_text = |k: usize| {
            let t = self.lines[k].trim();
            let rest = t.trim_start_matches(|c: char| c.is_ascii_digit());
            let rest =
                if rest.len() < t.len() && rest.starts_with(char::is_whitespace) { rest.trim_start() } else { t };
            unit_line(rest).then_some(rest)
        };
        let unit_at = j.checked_sub(2).and_then(|k| unit_text(k).map(|u| (k, u)));
        let Some((u, unit)) = unit_at else {
            self.notes.push((lineno, format!("[{label}] {name}: row without its unit text; skipped")));
            return Ok(());
        };
        if !self.fits(&values, lineno, &self.lines[idx])? {
            return Ok(());
        }
        self.used[u] = true;
        let rate = values.last().copied().unwrap_or_default();
        let sample = Sample::new(Metric::new(name, unit, Better::Higher), rate, lineno);
        let kernel = without_linux(label);
        let sample = if super::labels::is_kernel_name(kernel) {
            sample.with_kernel(kernel)
        } else {
            sample.with_param("label", label)
        };
        self.rows.push(Read { sample, values, compared: true });
        Ok(())
    }

    /// A `linux-2.5.42  60.07  715  11.90278  214250.04` row of the test
    /// line above it ([`test_line`]), its operation rate wrapped onto the
    /// next line alone by the mailer (`60.07  715  11.90278` /
    /// `214250.04`; rejoined). The row's kernel is its first word.
    fn kernel_row(&mut self, idx: usize, kernel: String, mut values: Vec<f64>) -> Result<(), ParseError> {
        let Some((name, unit)) = self.test.clone() else { return Ok(()) };
        let mut at = idx;
        if let Some(rate) = self.lines.get(idx + 1).and_then(|l| lone_number(l))
            && self.columns.is_none_or(|c| c == values.len() + 1)
        {
            values.push(rate);
            self.used[idx + 1] = true;
            at = idx + 1;
        } else if let Some(rest) = self.lines.get(idx + 1).and_then(|l| numbers_alone(l))
            && values.len() + rest.len() == self.columns.unwrap_or(4)
        {
            // Wrapped after the count or the elapsed time (`linux-2.5.51
            // 60.02  716` / `11.92936   214728.42`; `linux-2.5.51  60.00`
            // / `10811  180.18333  13513.75`): the two lines are one row.
            values.extend(rest);
            self.used[idx + 1] = true;
            at = idx + 1;
        }
        if values.len() < 2 {
            self.notes.push((idx + 1, format!("{name} [{kernel}]: row without its other figures; skipped")));
            return Ok(());
        }
        // Elapsed time, iteration count, iteration rate, operation rate: a
        // row of three is one whose rate was wrapped and not found (its
        // last number is the iteration rate, no result).
        if self.columns.is_none() && values.len() < 4 {
            self.notes.push((idx + 1, format!("{name} [{kernel}]: row without its operation rate; skipped")));
            return Ok(());
        }
        if !self.fits(&values, idx + 1, &self.lines[idx])? {
            return Ok(());
        }
        let rate = values.last().copied().unwrap_or_default();
        let sample = Sample::new(Metric::new(name, unit, Better::Higher), rate, at + 1).with_kernel(kernel);
        self.rows.push(Read { sample, values, compared: true });
        Ok(())
    }

    /// The file read: comparison rows that repeat the report's name its
    /// kernel and are counted once.
    fn finish(mut self) -> Result<ParsedFile, ParseError> {
        self.mistyped_rates();
        self.attribute_report();
        self.kernels_listed_above();
        let mut out = ParsedFile { benchmark: ID.to_string(), version: self.version, ..ParsedFile::default() };
        out.samples = self.rows.into_iter().map(|r| r.sample).collect();
        out.samples.sort_by_key(|s| s.line);
        out.notes = self.notes;
        out.notes.sort_by_key(|(line, _)| *line);
        if out.samples.is_empty() {
            return Err(ParseError::NoResults { benchmark: ID, reason: "no test row with an operation rate".into() });
        }
        Ok(out)
    }

    /// Leaves out, with a warning, a row whose operation rate its own
    /// loops rate disproves: AIM9 counts a fixed number of operations a
    /// loop of each arithmetic and system-call test ([`ops_per_loop`]), so
    /// the ops rate is the loops rate times it. Checked on rows of elapsed
    /// time, count, loops rate and ops rate whose count over elapsed time
    /// gives their loops rate (the columns are what the header says). A
    /// Wipro report (LKML 2003-03) printed add_long's `765944.46` beside
    /// 29.43241 loops/s, 1765944.46 with its leading 1 lost, read as printed.
    fn mistyped_rates(&mut self) {
        let notes = &mut self.notes;
        self.rows.retain(|r| {
            let n = r.values.len();
            if n < 4 {
                return true;
            }
            let (elapsed, count, loops, ops) = (r.values[0], r.values[n - 3], r.values[n - 2], r.values[n - 1]);
            let name = r.sample.metric.name.as_str();
            let Some(k) = ops_per_loop(name) else { return true };
            let measured = elapsed > 0.0 && loops > 0.0 && ((count / elapsed) - loops).abs() <= 0.01 * loops;
            let expected = loops * k;
            if measured && (ops - expected).abs() > 0.01 * expected {
                notes.push((
                    r.sample.line,
                    format!(
                        "{name}'s operation rate {ops} disagrees with its loops rate {loops}/s: AIM9's {name} counts \
                         {k} operations a loop ({expected:.2}/s); a figure mistyped or cut, not read"
                    ),
                ));
                return false;
            }
            true
        });
    }

    /// A comparison row of kernel K with every number of one report row
    /// (`[linux-2.5.68]` above, test 44 of the 2.5.68 report below) says
    /// that the report is K's. When every such repeat names one kernel and
    /// the file holds one report (no test twice), the report's rows get
    /// that kernel and the repeating comparison rows are dropped, noted.
    fn attribute_report(&mut self) {
        let report: Vec<usize> = (0..self.rows.len()).filter(|&i| !self.rows[i].compared).collect();
        let mut names: Vec<&str> = report.iter().map(|&i| self.rows[i].sample.metric.name.as_str()).collect();
        names.sort_unstable();
        let one_report = names.windows(2).all(|w| w[0] != w[1]);
        let repeats: Vec<(usize, usize)> = (0..self.rows.len())
            .filter(|&c| self.rows[c].compared && self.rows[c].sample.kernel.is_some())
            .filter_map(|c| {
                let (cr, same) = (&self.rows[c], |r: &Read| r.sample.metric == self.rows[c].sample.metric);
                report.iter().find(|&&i| same(&self.rows[i]) && self.rows[i].values == cr.values).map(|&i| (c, i))
            })
            .collect();
        let Some(&(first, _)) = repeats.first() else { return };
        let kernel = self.rows[first].sample.kernel.clone();
        if !one_report || repeats.iter().any(|&(c, _)| self.rows[c].sample.kernel != kernel) {
            return;
        }
        let k = kernel.as_deref().unwrap_or_default().to_string();
        for &i in &report {
            self.rows[i].sample.kernel = kernel.clone();
        }
        for &(c, i) in &repeats {
            let (name, line) = (&self.rows[c].sample.metric.name, self.rows[i].sample.line);
            self.notes.push((
                self.rows[c].sample.line,
                format!(
                    "[{k}] {name} repeats the report's row on line {line}, whose kernel it names; counted once there"
                ),
            ));
        }
        let drop: Vec<usize> = repeats.iter().map(|&(c, _)| c).collect();
        let mut i = 0;
        self.rows.retain(|_| {
            i += 1;
            !drop.contains(&(i - 1))
        });
    }
}

impl Reader<'_> {
    /// Rows of a report that give each test as many times in a row as
    /// kernels are listed alone on the lines above the first row get those
    /// kernels in order (noted at the list); a test given more than once in
    /// a row otherwise is warned of (read as runs of one set-up).
    fn kernels_listed_above(&mut self) {
        if self.rows.iter().any(|r| r.compared || r.sample.kernel.is_some()) {
            return;
        }
        // Runs of consecutive rows of one test: (first row index, length).
        let mut groups: Vec<(usize, usize)> = Vec::new();
        for (i, r) in self.rows.iter().enumerate() {
            match groups.last_mut() {
                Some((first, n)) if self.rows[*first].sample.metric.name == r.sample.metric.name => *n += 1,
                _ => groups.push((i, 1)),
            }
        }
        if groups.iter().all(|&(_, n)| n == 1) {
            return;
        }
        let first_row = self.rows.first().map_or(0, |r| r.sample.line);
        let above = &self.lines[..first_row.saturating_sub(1)];
        let list = kernel_list(above);
        if let Some((at, kernels)) = list.as_ref().filter(|(_, k)| groups.iter().all(|&(_, n)| n == k.len())) {
            for &(first, n) in &groups {
                for (r, k) in self.rows[first..first + n].iter_mut().zip(kernels) {
                    r.sample.kernel = Some(k.as_str().into());
                }
            }
            let (n, last) = (kernels.len(), at + kernels.len());
            self.notes.push((
                at + 1,
                format!(
                    "kernels listed on lines {}-{last} ({}): each test's {n} rows in a row read as theirs, in that order",
                    at + 1,
                    kernels.join(", ")
                ),
            ));
            return;
        }
        let legend = format_legend(above);
        // A statistics legend the rows contradict (attack41 F10: three real
        // runs 530469.53 / 525298.80 / 516849.45 under `Format: min avg
        // max`, "min" above "max") names no statistics: the rows stay runs
        // of one set-up, warned at the first row that breaks it.
        if let Some(lg) = legend
            .as_ref()
            .filter(|lg| lg.kind == LegendKind::Statistics && groups.iter().all(|&(_, n)| n == lg.items.len()))
            && let Some((line, why)) = groups.iter().find_map(|&(first, n)| {
                let values: Vec<f64> = self.rows[first..first + n].iter().map(|r| r.sample.value.mean()).collect();
                statistics_contradicted(&lg.items, &values).map(|why| (self.rows[first].sample.line, why))
            })
        {
            self.notes.push((
                line,
                format!(
                    "the Format legend at line {} lists statistics ({}), but this test's rows are not: {why}; \
                     each test's {} rows read as runs of one set-up, averaged",
                    lg.at + 1,
                    lg.items.join(", "),
                    lg.items.len()
                ),
            ));
            return;
        }
        if let Some(lg) = legend
            .as_ref()
            .filter(|lg| lg.kind != LegendKind::Kernels && groups.iter().all(|&(_, n)| n == lg.items.len()))
        {
            let key = if lg.kind == LegendKind::Statistics { "statistic" } else { "label" };
            for &(first, n) in &groups {
                for (r, item) in self.rows[first..first + n].iter_mut().zip(&lg.items) {
                    if lg.kind != LegendKind::Runs {
                        r.sample.params.push(crate::model::Param::new(key, item.as_str()));
                    }
                }
            }
            let (n, items) = (lg.items.len(), lg.items.join(", "));
            let what = match lg.kind {
                LegendKind::Runs => {
                    format!("lists {n} runs ({items}): each test's {n} rows read as runs of one set-up, not set-ups")
                }
                LegendKind::Statistics => format!(
                    "lists statistics ({items}), not runs: each test's {n} rows read apart as `statistic`, in that order, never averaged"
                ),
                _ => format!(
                    "lists {n} set-ups ({items}): each test's {n} rows in a row read as theirs, in that order, as `label`"
                ),
            };
            self.notes.push((lg.at + 1, format!("the Format legend at line {} {what}", lg.at + 1)));
            return;
        }
        let Some(&(first, n)) = groups.iter().find(|&&(_, n)| n > 1) else { return };
        let r = &self.rows[first];
        let name = &r.sample.metric.name;
        // Why the rows were not given the listed kernels or set-ups, and
        // what a user can do in a file whose tests interleave the runs.
        let listed = match (&legend, &list) {
            (Some(lg), _) => Some(format!(
                "the Format legend at line {} lists {} ({}), the tests print {n}",
                lg.at + 1,
                lg.items.len(),
                lg.items.join(", ")
            )),
            (None, Some((at, k))) => Some(format!(
                "the kernels listed on lines {}-{} are {}, the tests print {n}",
                at + 1,
                at + k.len(),
                k.len()
            )),
            (None, None) => None,
        };
        let refused = if listed.is_none() { refused_legend(above) } else { None };
        let advice = match (&listed, refused) {
            (Some(_), _) => {
                format!("if each row is one kernel's or set-up's, make the legend list {n}, one a line in row order")
            }
            // attack42 F15: a `Format` list with an item of six words was
            // dropped, and the advice was to write the `Format` list there.
            (None, Some((at, why))) => format!(
                "the `Format` list at line {} is read as no legend: {why}; if each row is one kernel's or set-up's, \
                 name each in at most {MAX_LEGEND_WORDS} words, one a line in row order, {n} in all",
                at + 1
            ),
            (None, None) => format!(
                "if each row is one kernel's or set-up's, list them above the first row under a line `Format`, \
                 one a line in row order (`Format` / `2.4.19 raw result` / …), {n} in all"
            ),
        };
        let listed = listed.map_or(String::new(), |l| format!(", but {l}"));
        self.notes.push((
            r.sample.line,
            format!("{name} printed {n} times in a row with no kernel named for each{listed}: read as {n} runs of one set-up ({advice})"),
        ));
    }
}

/// What the items of an aim9 `Format` legend name.
#[derive(Debug, Clone, Copy, PartialEq)]
enum LegendKind {
    /// Kernels (`2.4.19 raw result`): given by [`kernel_list`] when the
    /// count fits.
    Kernels,
    /// Runs (`run 1 raw result`, `#2`): averaged as runs.
    Runs,
    /// Statistics of runs (`min`, `avg`, `max`): not runs, read apart.
    Statistics,
    /// Anything else: set-ups (`reiserfs raw result`, `HZ=250 raw result`).
    SetUps,
}

/// A legend a poster typed above aim9's raw lines: a line `Format`, then one
/// line per row each test prints, in row order, the same words after each
/// item (`Format` / `reiserfs raw result` / `ext3 raw result` / `xfs raw
/// result`, as the LKML 2002-11 post lists its kernels).
#[derive(Debug)]
struct Legend {
    /// 0-based index of the `Format` line.
    at: usize,
    /// Each line's item, its common trailing words cut (`reiserfs`).
    items: Vec<String>,
    kind: LegendKind,
}

/// Why rows `values`, in a statistics legend's order `items` (`min`,
/// `avg`, `max`, …), cannot be those statistics: a minimum above another
/// figure, a maximum below one, or an average or median outside the two
/// (`stddev` is not compared). `None` when they can be.
fn statistics_contradicted(items: &[String], values: &[f64]) -> Option<String> {
    let role = |item: &str| match item.to_ascii_lowercase().as_str() {
        "min" | "minimum" => Some('<'),
        "max" | "maximum" => Some('>'),
        "avg" | "mean" | "average" | "median" => Some('~'),
        _ => None,
    };
    let named: Vec<(&str, char, f64)> =
        items.iter().zip(values).filter_map(|(i, &v)| role(i).map(|r| (i.as_str(), r, v))).collect();
    for &(a, ra, va) in &named {
        for &(b, rb, vb) in &named {
            let broken = match (ra, rb) {
                ('<', '<') | ('>', '>') => false,
                ('<', _) => va > vb,
                ('>', _) => va < vb,
                _ => false,
            };
            if broken {
                return Some(format!("{a} {va} is {} {b} {vb}", if ra == '<' { "above" } else { "below" }));
            }
        }
    }
    // A stddev half the size of the mean (or the max) it goes with or more
    // (attack42 F15: `avg min stddev` over three kernels' 430707.88 /
    // 426693.23 / 427118.64 read a stddev of 427118.64): a spread of 50%
    // and more is no aim9 test's run to run spread, and the figure is
    // rather a run's.
    let spread = items.iter().zip(values).find(|(i, _)| matches!(i.to_ascii_lowercase().as_str(), "stddev" | "stdev"));
    if let Some((sd, &vs)) = spread
        && let Some(&(b, _, vb)) = named.iter().find(|&&(_, r, v)| r != '<' && v > 0.0 && vs >= v / 2.0)
    {
        return Some(format!("{sd} {vs} is half of {b} {vb} or more"));
    }
    None
}

/// Words that name a statistic of several runs, not a run.
const STATISTICS: [&str; 10] =
    ["min", "avg", "max", "mean", "median", "average", "minimum", "maximum", "stddev", "stdev"];

/// The most words an item of a `Format` legend has (its common trailing
/// words cut): `with patch and fix`.
const MAX_LEGEND_WORDS: usize = 5;

/// Why the last `Format` line in `lines` heads no legend [`format_legend`]
/// reads (its 0-based index, and why), for a warning's advice: an item of
/// more than [`MAX_LEGEND_WORDS`] words, one ending a sentence, two alike;
/// `None` where there is no `Format` line or it heads one.
fn refused_legend(lines: &[String]) -> Option<(usize, String)> {
    if format_legend(lines).is_some() {
        return None;
    }
    let at = lines.iter().rposition(|l| l.trim().trim_end_matches(':').eq_ignore_ascii_case("format"))?;
    let body: Vec<&str> = lines[at + 1..].iter().map(|l| l.trim()).take_while(|l| !l.is_empty()).collect();
    if let Some(long) = body.iter().find(|l| l.split_whitespace().count() > MAX_LEGEND_WORDS) {
        let words = long.split_whitespace().count();
        return Some((
            at,
            format!("its item `{long}` has {words} words, more than the {MAX_LEGEND_WORDS} a legend's item may"),
        ));
    }
    if let Some(s) = body.iter().find(|l| l.ends_with(['.', '!', '?', ';'])) {
        return Some((at, format!("its item `{s}` ends a sentence")));
    }
    None
}

/// The last `Format` legend in `lines` (see [`Legend`]): the lines after a
/// line `Format` (or `Format:`) up to a blank line, at least two, each item
/// at most [`MAX_LEGEND_WORDS`] words, no sentence, and no two alike. `None` otherwise, so that prose
/// under a `Format` line is no legend.
fn format_legend(lines: &[String]) -> Option<Legend> {
    let at = lines.iter().rposition(|l| {
        let t = l.trim();
        t.trim_end_matches(':').eq_ignore_ascii_case("format")
            || t.get(..7).is_some_and(|h| h.eq_ignore_ascii_case("format:"))
    })?;
    // The statistics written on one line, `Format: min avg max` or
    // `Format` over `min/avg/max` (attack40 F16: not read, the three
    // statistics averaged as runs): as the one-a-line form. Only
    // statistics' names: other items one a line, as before.
    let statistics = |t: &str| -> Option<Vec<String>> {
        let items: Vec<String> = t
            .split(|c: char| c.is_whitespace() || c == '/' || c == ',')
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        let distinct = items.iter().enumerate().all(|(j, it)| !items[..j].iter().any(|o| o.eq_ignore_ascii_case(it)));
        (items.len() >= 2 && distinct && items.iter().all(|i| STATISTICS.iter().any(|w| i.eq_ignore_ascii_case(w))))
            .then_some(items)
    };
    let blank = |k: usize| lines.get(k).is_none_or(|l| l.trim().is_empty());
    if let Some(rest) = lines[at].trim().get(7..).map(str::trim).filter(|r| !r.is_empty()) {
        let items = statistics(rest)?;
        return blank(at + 1).then_some(Legend { at, items, kind: LegendKind::Statistics });
    }
    if let Some(items) =
        lines.get(at + 1).filter(|l| l.contains('/') && blank(at + 2)).and_then(|l| statistics(l.trim()))
    {
        return Some(Legend { at, items, kind: LegendKind::Statistics });
    }
    let body: Vec<Vec<&str>> = lines[at + 1..]
        .iter()
        .map(|l| l.split_whitespace().collect())
        .take_while(|w: &Vec<&str>| !w.is_empty())
        .collect();
    if body.len() < 2 || at + 1 + body.len() != lines.len() && !lines[at + 1 + body.len()].trim().is_empty() {
        return None;
    }
    // The words every line ends with, each line keeping one at least.
    let shortest = body.iter().map(Vec::len).min()?;
    let tail = (0..shortest - 1)
        .take_while(|&k| body.iter().all(|w| w[w.len() - 1 - k].eq_ignore_ascii_case(body[0][body[0].len() - 1 - k])))
        .count();
    let items: Vec<String> = body.iter().map(|w| w[..w.len() - tail].join(" ")).collect();
    let distinct = items.iter().enumerate().all(|(j, it)| !items[..j].contains(it));
    // Five words at most (`with patch and fix`, attack40 F17: four were
    // no legend, and the last item was read as a label over every row),
    // none ending a sentence.
    let sentence = |w: &Vec<&str>| w.last().is_some_and(|l| l.ends_with(['.', '!', '?', ';']));
    if !distinct || body.iter().any(|w| w.len() - tail > MAX_LEGEND_WORDS || sentence(w)) {
        return None;
    }
    let is_run = |s: &str| {
        let s = s.to_ascii_lowercase();
        let s =
            ["run", "pass", "iteration", "test", "#"].iter().fold(s.as_str(), |s, w| s.strip_prefix(w).unwrap_or(s));
        let s = s.trim().trim_start_matches('#');
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
    };
    let kind = if items.iter().all(|i| super::labels::is_kernel_name(i)) {
        LegendKind::Kernels
    } else if items.iter().all(|i| is_run(i)) {
        LegendKind::Runs
    } else if items.iter().all(|i| STATISTICS.iter().any(|w| i.eq_ignore_ascii_case(w))) {
        LegendKind::Statistics
    } else {
        LegendKind::SetUps
    };
    Some(Legend { at, items, kind })
}

/// A line of a kernel list: a kernel's name alone, or followed by words
/// every line of the list repeats (`2.4.19 raw result` / `2.5.49 raw
/// result` under `Format`, Paolo Ciarrocchi, LKML 2002-11: read as one
/// set-up's runs, with a warning): the name and those words (at most four,
/// no figure among them, so that a sentence naming a kernel is none).
fn list_item(line: &str) -> Option<(&str, &str)> {
    let t = line.trim();
    let (name, rest) = t.split_once(char::is_whitespace).map_or((t, ""), |(n, r)| (n, r.trim()));
    let words = rest.split_whitespace().count();
    (super::labels::is_kernel_name(name) && words <= 4 && !rest.bytes().any(|b| b.is_ascii_digit()))
        .then_some((name, rest))
}

/// The last list of two or more kernel names, each alone on its line or
/// followed by the same words on every line ([`list_item`]), in `lines`:
/// its first line's index and the names (`2.4.19`, `2.5.50`). `None` when
/// a name repeats.
fn kernel_list(lines: &[String]) -> Option<(usize, Vec<String>)> {
    let mut found = None;
    let mut i = 0;
    while i < lines.len() {
        let start = i;
        let tail = list_item(&lines[i]).map(|(_, rest)| rest);
        while i < lines.len() && list_item(&lines[i]).is_some_and(|(_, rest)| Some(rest) == tail) {
            i += 1;
        }
        if i - start >= 2 {
            let names: Vec<String> = lines[start..i]
                .iter()
                .filter_map(|l| list_item(l))
                .map(|(name, _)| super::labels::bare_kernel(name).to_string())
                .collect();
            let distinct = names.iter().enumerate().all(|(j, n)| !names[..j].contains(n));
            found = distinct.then_some((start, names));
        }
        i = i.max(start + 1);
    }
    found
}

/// One test row.
#[derive(Debug, PartialEq)]
struct Row<'a> {
    name: &'a str,
    /// The bracketed kernel or label after the name (`add_double
    /// [2.5.45]`, `sync_disk_wrt[2.5.45]`), when the row has one.
    label: Option<&'a str>,
    /// Every number of the row; the operation rate is the last.
    values: Vec<f64>,
    /// The free text after the numbers, possibly empty.
    unit: &'a str,
}

/// A test name as AIM9 prints it: `add_double`, `creat-clo`, `fun_cal15`.
fn is_test_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The test number and name a row starts with: `1 add_double`, or glued
/// (`19sync_disk_rw` when the name is long), or the name alone. Returns
/// the name and the text after it.
fn row_head(line: &str) -> Option<(&str, &str)> {
    let (mut word, mut rest) = next_word(line);
    if word.parse::<u32>().is_ok() {
        (word, rest) = next_word(rest);
    }
    let name = word.trim_start_matches(|c: char| c.is_ascii_digit());
    is_test_name(name).then_some((name, rest))
}

/// Reads `[N] name  num num [num …] rate  unit text`, the name perhaps
/// followed by a bracketed kernel, apart or glued (`1 add_double   [2.5.45]
/// 60.02 …`, `20 sync_disk_wrt[2.5.45]  61.39 …`: Siva Koti Reddy's 2.5.44
/// against 2.5.45 table, LKML Oct 2002, each test's two kernels' rows one
/// under the other).
fn row(line: &str) -> Option<Row<'_>> {
    let (name, label, mut rest) = match row_head(line) {
        Some((name, rest)) => {
            let (w, after) = next_word(rest);
            match w.strip_prefix('[').and_then(|w| w.strip_suffix(']')).filter(|l| !l.is_empty()) {
                Some(label) => (name, Some(label), after),
                None => (name, None, rest),
            }
        }
        None => {
            let (mut word, mut rest) = next_word(line);
            if word.parse::<u32>().is_ok() {
                (word, rest) = next_word(rest);
            }
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit());
            let (name, label) = word.strip_suffix(']')?.split_once('[')?;
            (is_test_name(name) && !label.is_empty()).then_some((name, Some(label), rest))?
        }
    };
    let mut values = Vec::new();
    loop {
        let (w, after) = next_word(rest);
        match num::plain(w) {
            Some(v) => {
                values.push(v);
                rest = after;
            }
            None => break,
        }
    }
    let unit = rest.trim();
    if values.is_empty() || unit.starts_with(|c: char| !c.is_ascii_alphabetic()) {
        return None;
    }
    Some(Row { name, label, values, unit })
}

/// The second half of a wrapped row: `46.99217  1127812.03 Thousand Short
/// Integer Additions/second` (numbers, then the unit). Returns the numbers
/// and the unit.
fn continuation(line: &str) -> Option<(Vec<f64>, &str)> {
    let mut rest = line;
    let mut values = Vec::new();
    while let (w, after) = next_word(rest)
        && let Some(v) = num::plain(w)
    {
        values.push(v);
        rest = after;
    }
    let unit = rest.trim();
    let ok = !values.is_empty()
        && unit.starts_with(|c: char| c.is_ascii_alphabetic())
        && glued_next_number(unit).0.ends_with("/second");
    ok.then_some((values, unit))
}

/// `Trigonometric Functions/second    41`, the next row's test number
/// glued onto this row's unit by the mail: the unit and the number.
fn glued_next_number(unit: &str) -> (&str, Option<&str>) {
    if let Some((head, last)) = unit.rsplit_once(char::is_whitespace)
        && last.parse::<u32>().is_ok()
        && head.trim_end().ends_with("/second")
    {
        return (head.trim_end(), Some(last));
    }
    (unit, None)
}

/// A test's line above its kernels' rows in a posted comparison, `  6
/// creat-clo          File Creations and Closes/second` (number, name and
/// unit, no figure): the name and the unit.
fn test_line(line: &str) -> Option<(&str, &str)> {
    let (first, _) = next_word(line);
    first.parse::<u32>().ok()?;
    let (name, rest) = row_head(line)?;
    let unit = rest.trim();
    (unit.ends_with("/second") && unit.starts_with(|c: char| c.is_ascii_alphabetic())).then_some((name, unit))
}

/// A kernel's row under a [`test_line`], `     linux-2.4.20-pre11   60.05
/// 723   12.03997` (the rate may be wrapped onto the next line): the
/// kernel (without `linux-`) and the numbers (at least two, or the elapsed
/// time alone when a mail wrapped the rest onto the next line). A patch
/// set in brackets after the release, `linux-2.5.51[mm1]` (Sowmya Adiga's
/// AIM9 post of 2.5.51, -mm1 and -mm2, LKML Dec 2002, "kernel 2.5.51 with
/// mm2 patch"), names the kernel `2.5.51-mm1`.
fn kernel_row(line: &str) -> Option<(String, Vec<f64>)> {
    let (word, rest) = next_word(line);
    let word = without_linux(word);
    let kernel = match word.strip_suffix(']').and_then(|w| w.split_once('[')) {
        Some((release, patch)) if is_patch_name(patch) => format!("{release}-{patch}"),
        Some(_) => return None,
        None => word.to_string(),
    };
    if !super::labels::is_kernel_name(&kernel) {
        return None;
    }
    let values: Vec<f64> = rest.split_whitespace().map(num::plain).collect::<Option<_>>()?;
    (!values.is_empty()).then_some((kernel, values))
}

/// A patch set's name as `-mm` kernels carry it: letters then digits
/// (`mm1`, `ac3`, `aa2`).
fn is_patch_name(s: &str) -> bool {
    let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
    (1..=3).contains(&letters) && s.len() > letters && s.bytes().skip(letters).all(|b| b.is_ascii_digit())
}

/// A line of one to three numbers and nothing else: the rest of a kernel's
/// row a mail wrapped (`11.92936   214728.42`).
fn numbers_alone(line: &str) -> Option<Vec<f64>> {
    let values: Vec<f64> = line.split_whitespace().map(num::plain).collect::<Option<_>>()?;
    (1..=3).contains(&values.len()).then_some(values)
}

/// A test's line whose unit a mail wrapped onto the next line, `     1
/// add_double   Thousand Double Precision` over `Additions/second` (LKML
/// Dec 2002): the name and the unit, rejoined with a space.
fn wrapped_test_line<'a>(line: &'a str, next: &str) -> Option<(&'a str, String)> {
    let (first, _) = next_word(line);
    first.parse::<u32>().ok()?;
    let (name, rest) = row_head(line)?;
    let (head, tail) = (rest.trim(), next.trim());
    let words = |t: &str| t.split_whitespace().all(|w| num::plain(w).is_none());
    let ok = head.starts_with(|c: char| c.is_ascii_alphabetic())
        && !head.ends_with("/second")
        && tail.ends_with("/second")
        && words(tail)
        && words(head);
    ok.then(|| (name, format!("{head} {tail}")))
}

/// A kernel label without its `linux-` (any case: `[Linux-2.5.63]`, Sowmya
/// Adiga's AIM9 comparison of 2.5.63 with 2.5.62, LKML 2003, beside her
/// `[linux-2.5.68]` two months later): `2.5.63`.
fn without_linux(label: &str) -> &str {
    match label.get(..6) {
        Some(head) if head.eq_ignore_ascii_case("linux-") => &label[6..],
        _ => label,
    }
}

/// A line of one number alone (a row's operation rate a mailer wrapped),
/// or followed by a quoted-printable space left undecoded (`214250.04=20`,
/// `216011.98          =20`).
fn lone_number(line: &str) -> Option<f64> {
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let v = num::plain(first.strip_suffix("=20").unwrap_or(first))?;
    words.all(|w| w == "=20" || w == "=").then_some(v)
}

/// A row of a hand-made comparison, `[linux-2.5.68]  60.01  2643  44.04266
/// 1321279.79`: the bracketed label and the numbers (at least two).
fn compare_row(line: &str) -> Option<(&str, Vec<f64>)> {
    let (label, rest) = line.trim_start().strip_prefix('[')?.split_once(']')?;
    let values: Vec<f64> = rest.split_whitespace().map(num::plain).collect::<Option<_>>()?;
    (values.len() >= 2 && !label.trim().is_empty()).then_some((label.trim(), values))
}

/// In a table of rows with `columns` numbers: a row whose numbers run into
/// a damaged one (`3x8000.00`) where a number belongs, followed by its unit
/// text or nothing. Returns the damaged cell.
fn damaged_row(line: &str, columns: usize) -> Option<&str> {
    let (_, mut rest) = row_head(line)?;
    // A bracketed kernel after the name (`add_double   [2.5.44]`) is no
    // cell: a damaged figure after it dropped its row unsaid (attack32 F4).
    let (w, after) = next_word(rest);
    if w.len() > 2 && w.starts_with('[') && w.ends_with(']') {
        rest = after;
    }
    let mut numbers = 0usize;
    loop {
        let (w, after) = next_word(rest);
        if num::plain(w).is_some() {
            numbers += 1;
            rest = after;
            continue;
        }
        let tail = after.trim_start();
        let damaged = numbers >= 1
            && numbers < columns
            && w.starts_with(|c: char| c.is_ascii_digit())
            && !w.ends_with('%')
            && (tail.is_empty() || tail.starts_with(|c: char| c.is_ascii_alphabetic()))
            && after.split_whitespace().take_while(|t| num::plain(t).is_some()).count() + numbers + 1 == columns;
        return damaged.then_some(w);
    }
}

/// The first whitespace-separated word and the text after it.
fn next_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    let end = s.find(char::is_whitespace).unwrap_or(s.len());
    (&s[..end], &s[end..])
}

/// A line holding only a unit: text ending in `/second`, not a row.
fn unit_line(line: &str) -> bool {
    let t = line.trim();
    // (`(K)/second`, the rest of `Sync Random Disk Writes (K)/second` a
    // re-wrap at 76 broke off: read without it, the unit was `Sync Random
    // Disk Writes`, silently, LKML 2002-11.)
    t.ends_with("/second") && t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '(') && row(line).is_none()
}

/// The test a `Skipping to next test.` line on line `idx` skips: named on
/// that line (`    54 tcp_test        Skipping to next test.`), else on the
/// lines just above it, where a failed test prints `*** Failed to execute
/// new_raph ***` under its own row start (`    39 new_raph       Unable to
/// solve equation …`).
fn skipped_name(lines: &[String], idx: usize) -> Option<String> {
    if let Some((name, _)) = row_head(&lines[idx])
        && name != "Skipping"
    {
        return Some(name.to_string());
    }
    for line in lines[idx.saturating_sub(6)..idx].iter().rev() {
        if let Some((_, after)) = line.split_once("Failed to execute") {
            return after.split_whitespace().next().filter(|n| is_test_name(n)).map(str::to_string);
        }
        let (first, rest) = next_word(line);
        if first.parse::<u32>().is_ok()
            && row(line).is_none()
            && let Some((name, _)) = row_head(rest)
        {
            return Some(name.to_string());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ParsedFile, ParseError> {
        Aim9.parse(&Input::from_text(text))
    }

    /// wildcls56 (Wipro, LKML 2003-03): add_long's rate printed with its
    /// leading 1 lost, beside the loops rate of add_int's 1765944.46 row.
    #[test]
    fn a_rate_its_loops_rate_disproves_is_left_out_with_a_warning() {
        let text = "Test   Test       Elapsed     Iteration    Iteration        Operation\n\
Number Name       Time (sec)  Count        Rate(loops/sec) Rate(ops/sec)\n\
3 add_long          65.54      1929        29.43241         765944.46 Thousand Long Integer Additions/second\n\
4 add_int           65.54      1929        29.43241         1765944.46 Thousand Integer Additions/second\n";
        let f = parse(text).unwrap();
        let names: Vec<&str> = f.samples.iter().map(|s| s.metric.name.as_str()).collect();
        assert_eq!(names, ["add_int"]);
        assert!(f.notes.iter().any(|(l, n)| *l == 3 && n.contains("disagrees with its loops rate")), "{:?}", f.notes);
        // A test whose operations a loop depend on the set-up is not checked.
        let disk = text.replace("add_long ", "disk_rr  ");
        assert_eq!(parse(&disk).unwrap().samples.len(), 2);
    }

    /// attack34 10: LKP's aim9 ends with the banner over `Testing over`;
    /// another benchmark's line after it (`cat aim9 dbench`) reopened the
    /// table as a damaged row and the whole report was skipped.
    #[test]
    fn the_closing_banner_ends_the_report() {
        let text = "AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996\n\
 Test        Test        Elapsed  Iteration    Iteration          Operation\n\
Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)\n\
------------------------------------------------------------------------------------------------------------\n\
     1 tcp_test           300.00      58982  196.60667        17694.60 TCP/IP Messages/second\n\
------------------------------------------------------------------------------------------------------------\n\
Projected Completion time:  Wed Jul 28 07:31:04 2021\n\
\n\
AIM Independent Resource Benchmark - Suite IX\n\
   Testing over\n\
 128  cleanup  30 sec\n";
        let f = parse(text).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert_eq!(f.samples[0].value.mean(), 17694.60);
        // A banner that opens a report still opens it.
        let again = text.replace("   Testing over\n 128  cleanup  30 sec\n", "");
        let again = format!("{again}     2 udp_test    5.00   386   77.20000   7720.00 UDP/IP DataGrams/second\n");
        assert_eq!(parse(&again).unwrap().samples.len(), 2);
    }

    /// LKML Dec 2002 (2.5.51 against -mm1 and -mm2): the test's unit
    /// wrapped onto the next line, kernel rows `linux-2.5.51[mm1]`, each
    /// wrapped after the count or after the elapsed time. Nothing was read.
    #[test]
    fn test_lines_over_wrapped_rows_of_bracketed_patch_kernels() {
        let text = "    Test   Test                             Elapsed
Rate (loops/sec)           Rate (ops/sec)
     1 add_double                           Thousand Double Precision
Additions/second
         linux-2.5.51                        60.02                 716
11.92936                     214728.42
         linux-2.5.51[mm1]              60.02                 716
11.92936                     214728.42

    22 disk_src                             Directory Searches/second
        linux-2.5.51                          60.00
10811          180.18333                     13513.75
        linux-2.5.51[foo]                60.01                 10741
178.98684                     13424.01
";
        let f = Aim9.parse(&Input::from_text(text)).unwrap();
        let got: Vec<(usize, Option<&str>, &str, f64)> =
            f.samples.iter().map(|s| (s.line, s.kernel.as_deref(), s.metric.unit.as_str(), s.value.mean())).collect();
        assert_eq!(
            got,
            [
                (6, Some("2.5.51"), "Thousand Double Precision Additions/second", 214728.42),
                (8, Some("2.5.51-mm1"), "Thousand Double Precision Additions/second", 214728.42),
                (12, Some("2.5.51"), "Directory Searches/second", 13513.75),
            ]
        );
        // `[foo]` is no patch set's name: the row names no kernel and is not read as one.
        assert!(!f.samples.iter().any(|s| s.line == 14 || s.line == 15));
    }

    #[test]
    fn damaged_rate_is_an_error() {
        let text = "AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996\n\
 Test        Test        Elapsed  Iteration    Iteration          Operation\n\
Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)\n\
     1 add_double           5.00        100   20.00000       360000.00 Thousand Double Precision Additions/second\n\
     2 add_float            5.00        155   31.00000       3x8000.00 Thousand Single Precision Additions/second\n";
        let e = parse(text).unwrap_err();
        assert_eq!(e.line(), Some(5), "{e}");
        assert!(e.to_string().contains("3x8000.00"), "{e}");
        // A percentage column (a comparison table) is not a damaged number.
        assert!(damaged_row(" 1 add_double   1096039.60 1096039.60       0.00  0.00% Thousand", 4).is_none());
        // After a bracketed kernel too (attack32 F4: the row was dropped unsaid).
        assert_eq!(
            damaged_row(
                "     1 add_double   [2.5.44]     60.03       1743   29.03548       522,638.68 Thousand Double Precision Additions/second",
                4
            ),
            Some("522,638.68")
        );
    }

    /// attack32's cut run (wild aim9 `…-3sec-outlook-wrapped-units-…`
    /// cut after line 34): a row whose unit a mail wrapped (`19016.39
    /// File` / `Creations and Closes/second`) with the file ending before
    /// the rest was read under the unit `File`, another metric. Now it is
    /// left out with a warning naming the line; whole, it is rejoined.
    #[test]
    fn a_row_whose_wrapped_unit_was_cut_off_is_left_out() {
        let row = "     6 creat-clo            3.05         58   19.01639        19016.39 File\n";
        let head = "     5 add_short            3.01        198   65.78073      1578737.54 Thousand Short Integer Additions/second\n";
        let f = parse(&format!("{head}{row}")).unwrap();
        assert_eq!(f.samples.len(), 1);
        assert!(f.notes.iter().any(|(l, n)| *l == 2 && n.contains("`File` is cut short")), "{:?}", f.notes);
        assert_eq!(f.notes.iter().filter(|(l, _)| *l == 2).count(), 1);
        let f = parse(&format!("{head}{row}Creations and Closes/second\n")).unwrap();
        assert_eq!(f.samples[1].metric.unit, "File Creations and Closes/second");
    }

    #[test]
    fn lkp_row_and_skip() {
        let text = "AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996\n\
     1 add_double           5.05        110   21.78218       392079.21 Thousand Double Precision Additions/second\n\
    54 tcp_test        Skipping to next test.\n\
    14 disk_rr              5.28         18    3.40909        17454.55 Random Disk Reads (K)/second\n";
        let f = parse(text).unwrap();
        assert_eq!(f.version.as_deref(), Some("1.1"));
        assert_eq!(f.samples.len(), 2);
        assert_eq!(f.samples[0].metric.name, "add_double");
        assert_eq!(f.samples[0].metric.unit, "Thousand Double Precision Additions/second");
        assert_eq!(f.samples[0].value.mean(), 392079.21);
        assert_eq!(f.samples[1].metric.unit, "Random Disk Reads (K)/second");
        assert_eq!(f.notes[0].0, 3);
    }

    #[test]
    fn short_forms() {
        let f = parse(" 1 add_double   2000  1234  61700.00 Thousand Double Precision Additions/second\n").unwrap();
        assert_eq!(f.samples[0].value.mean(), 61700.0);
        let f = parse("add_float 10000 44.2       530400.00 Thousand Single Precision Additions/second\n").unwrap();
        assert_eq!(f.samples[0].value.mean(), 530400.0);
    }

    #[test]
    fn unit_after_row_and_cut_unit() {
        let text = "1 add_double     60.02      716         11.92936         214728.42\n\
Thousand Double Precision Additions/second\n\
     6 creat-clo            3.05         58   19.01639        19016.39 File\n\
Creations and Closes/second\n\
2 add_float      60.01      1074        17.89702         214764.21 \n\
Thousand Single Precision Additions/second\n";
        let f = parse(text).unwrap();
        assert_eq!(f.samples.len(), 3);
        assert_eq!(f.samples[0].metric.unit, "Thousand Double Precision Additions/second");
        assert_eq!(f.samples[1].metric.unit, "File Creations and Closes/second");
        assert_eq!(f.samples[2].metric.unit, "Thousand Single Precision Additions/second");
        assert_eq!(f.samples[2].line, 5);
    }

    #[test]
    fn unit_before_row() {
        let text = "Thousand Double Precision Additions/second\n\
1 add_double       60.02        716     11.92936      214728.42 \n\
\n\
Thousand Single Precision Additions/second\n\
2 add_float        60.05        1075    17.90175      214820.98 \n";
        let f = parse(text).unwrap();
        assert_eq!(f.samples[0].metric.unit, "Thousand Double Precision Additions/second");
        assert_eq!(f.samples[1].metric.unit, "Thousand Single Precision Additions/second");
    }

    #[test]
    fn comparison_tables_are_not_rows() {
        // A post comparing two kernels: the last number is a difference, not a rate.
        assert!(
            row(" 1 add_double   1096039.60 1096039.60       0.00  0.00% Thousand Double Precision Additions/second")
                .is_none()
        );
        assert!(matches!(parse("hello 1 2 3\n"), Err(ParseError::NoResults { .. })));
        assert!(matches!(parse("nothing here\n"), Err(ParseError::NoResults { .. })));
    }

    #[test]
    fn truncated_row_is_an_error() {
        let text = " Test        Test        Elapsed  Iteration    Iteration          Operation\n\
Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)\n\
     1 add_double           5.05        110   21.78218       392079.21 Thousand Double Precision Additions/second\n\
     2 add_float            5.00        155   31.00000\n";
        assert_eq!(parse(text).unwrap_err().line(), Some(4));
    }

    #[test]
    fn glued_numbers_and_wrapped_rows() {
        assert_eq!(row_head("19sync_disk_rw  66.00  4"), Some(("sync_disk_rw", "  66.00  4")));
        assert_eq!(row_head("  7 page_test 1"), Some(("page_test", " 1")));
        assert_eq!(
            glued_next_number("Trigonometric Functions/second    41"),
            ("Trigonometric Functions/second", Some("41"))
        );
        assert_eq!(glued_next_number("Random Disk Reads (K)/second"), ("Random Disk Reads (K)/second", None));
        assert_eq!(
            continuation("46.99217  1127812.03 Thousand Short Integer Additions/second").map(|c| c.0.len()),
            Some(2)
        );
        assert!(continuation("46.99217  1127812.03").is_none());
        assert!(continuation("Thousand Short Integer Additions/second").is_none());
    }

    #[test]
    fn kernels_listed_above_rows_in_a_row() {
        let rows = "add_int 10020 22.0559      1323353.29 Thousand Integer Additions/second\n\
add_int 10010 21.8781      1312687.31 Thousand Integer Additions/second\n\n\
creat-clo 10040 19.4223        19422.31 File Creations and Closes/second\n\
creat-clo 10010 87.2128        87212.79 File Creations and Closes/second\n";
        let f = parse(&format!("2.4.19\n2.5.51\n\n{rows}")).unwrap();
        let got: Vec<_> = f.samples.iter().map(|s| (s.kernel.as_deref(), s.value.mean())).collect();
        assert_eq!(
            got,
            vec![
                (Some("2.4.19"), 1323353.29),
                (Some("2.5.51"), 1312687.31),
                (Some("2.4.19"), 19422.31),
                (Some("2.5.51"), 87212.79)
            ]
        );
        assert!(f.notes[0].1.contains("kernels listed on lines 1-2"));
        // Three kernels listed for rows in twos, or none listed: no kernel
        // is given, and the repeat is warned of.
        for head in ["2.4.19\n2.5.50\n2.5.51\n\n", ""] {
            let f = parse(&format!("{head}{rows}")).unwrap();
            assert!(f.samples.iter().all(|s| s.kernel.is_none()));
            assert_eq!(f.notes.len(), 1);
            assert!(f.notes[0].1.contains("add_int printed 2 times in a row"), "{:?}", f.notes);
        }
        // `2.4.19 raw result` / `2.5.51 raw result` under `Format` (LKML
        // 2002-11): the same words after each name; a sentence is no list.
        let f = parse(&format!("Format\n2.4.19 raw result\n2.5.51 raw result\n\n{rows}")).unwrap();
        assert_eq!(f.samples[1].kernel.as_deref(), Some("2.5.51"));
        for head in ["2.4.19 raw result\n2.5.51 other run\n\n", "2.4.19 is 10% faster\n2.5.51 is 10% faster\n\n"] {
            let f = parse(&format!("{head}{rows}")).unwrap();
            assert!(f.samples.iter().all(|s| s.kernel.is_none()), "{head}");
        }
    }

    /// attack38 #11: the real 3-kernel mail (wild/aim9/lkml-2002-11-…
    /// format-legend…) with its `Format` legend's items changed to
    /// set-ups, statistics, runs, or a count that does not fit.
    #[test]
    fn format_legend_of_set_ups_statistics_and_runs() {
        let rows = "add_double 10010 29.4705       530469.53 Thousand Double Precision Additions/second\n\
add_double 10040 29.1833       525298.80 Thousand Double Precision Additions/second\n\
add_double 10030 28.7139       516849.45 Thousand Double Precision Additions/second\n\n\
add_float 10000 44.2       530400.00 Thousand Single Precision Additions/second\n\
add_float 10000 43.8       525600.00 Thousand Single Precision Additions/second\n\
add_float 10020 43.7126       524550.90 Thousand Single Precision Additions/second\n";
        let legend = |items: &[&str]| {
            let list: String = items.iter().map(|i| format!("{i} raw result\n")).collect();
            format!("AIM9, reiserfs, 256MiB of RAM, PIII@800\n\nFormat\n{list}\n{rows}")
        };
        let params = |f: &ParsedFile| -> Vec<String> {
            f.samples.iter().map(|s| s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect()).collect()
        };
        let f = parse(&legend(&["reiserfs", "ext3", "xfs"])).unwrap();
        assert_eq!(
            params(&f),
            ["label=reiserfs", "label=ext3", "label=xfs", "label=reiserfs", "label=ext3", "label=xfs"]
        );
        assert!(f.samples.iter().all(|s| s.kernel.is_none()));
        assert_eq!(f.notes.len(), 1);
        assert!(
            f.notes[0].1.contains("the Format legend at line 3 lists 3 set-ups (reiserfs, ext3, xfs)"),
            "{:?}",
            f.notes
        );
        let f = parse(&legend(&["HZ=100", "HZ=250", "HZ=1000"])).unwrap();
        assert_eq!(params(&f)[..3], ["label=HZ=100", "label=HZ=250", "label=HZ=1000"]);
        // The rows fall: `max avg min` (attack41 F10: under `min avg max`
        // they contradict it, and are runs with a warning).
        let f = parse(&legend(&["max", "avg", "min"])).unwrap();
        assert_eq!(params(&f)[3..], ["statistic=max", "statistic=avg", "statistic=min"]);
        assert!(f.notes[0].1.contains("statistics (max, avg, min), not runs"), "{:?}", f.notes);
        let f = parse(&legend(&["min", "avg", "max"])).unwrap();
        assert!(f.samples.iter().all(|s| s.params.is_empty()), "{:?}", f.samples);
        assert!(f.notes[0].1.contains("min 530469.53 is above avg 525298.8"), "{:?}", f.notes);
        // Runs stay runs of one set-up.
        let f = parse(&legend(&["run 1", "run 2", "run 3"])).unwrap();
        assert!(f.samples.iter().all(|s| s.params.is_empty() && s.kernel.is_none()));
        assert!(f.notes[0].1.contains("lists 3 runs"), "{:?}", f.notes);
        // A count that disagrees is named; the rows stay runs.
        for (items, n) in [(&["2.4.19", "2.5.49"][..], "2 (2.4.19, 2.5.49)"), (&["ext3", "xfs"][..], "2 (ext3, xfs)")] {
            let f = parse(&legend(items)).unwrap();
            assert!(f.samples.iter().all(|s| s.params.is_empty() && s.kernel.is_none()));
            assert_eq!(f.notes.len(), 1);
            let want = format!("the Format legend at line 3 lists {n}, the tests print 3: read as 3 runs");
            assert!(f.notes[0].1.contains(&want), "{:?}", f.notes);
            assert!(f.notes[0].1.contains("make the legend list 3"), "{:?}", f.notes);
        }
        let f = parse(&legend(&["2.4.19", "2.5.49", "2.5.49-mm1", "2.5.50"])).unwrap();
        assert!(f.notes[0].1.contains("lists 4 (2.4.19, 2.5.49, 2.5.49-mm1, 2.5.50), the tests print 3"));
        // attack40 F17: an item of four words (`with patch and fix`) is a
        // set-up as the shorter ones are (it was no legend, and read as a
        // label line over every row, the set-ups averaged).
        let plain = |items: &str| format!("Format\n{items}\n{rows}");
        let f = parse(&plain("no patch\nwith patch\nwith patch and fix\n")).unwrap();
        assert_eq!(params(&f)[..3], ["label=no patch", "label=with patch", "label=with patch and fix"]);
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert!(f.notes[0].1.contains("lists 3 set-ups (no patch, with patch, with patch and fix)"), "{:?}", f.notes);
        // Must not fire: set-up words without a `Format` line, or prose
        // under one (a long line, or short sentences), give no label; the
        // advice then says how to list them.
        // attack42 F15 (its a9/a06b: `Format` over `2.4.19 with the old
        // patch from Andrew`, …): under a `Format` line the advice was to
        // write a `Format` line; it now names the item that is no legend's.
        for (head, advice) in [
            ("reiserfs\next3\nxfs\n\n", "under a line `Format`, one a line in row order"),
            (
                "Format\nthe first row of each test is mine\nthe other two are his\n\n",
                "the `Format` list at line 1 is read as no legend: its item `the first row of each test is mine` has 8 words",
            ),
            ("Format\nas usual.\nrows are mine.\nsee above.\n\n", "its item `as usual.` ends a sentence"),
            (
                "Format\n2.4.19 with the old patch from Andrew\n2.5.50 with patch and fix\n2.5.51 vanilla\n\n",
                "its item `2.4.19 with the old patch from Andrew` has 7 words, more than the 5",
            ),
        ] {
            let f = parse(&format!("{head}{rows}")).unwrap();
            assert!(f.samples.iter().all(|s| s.params.is_empty()), "{head}");
            assert_eq!(f.notes.len(), 1);
            assert!(f.notes[0].1.contains(advice), "{:?}", f.notes);
        }
    }

    /// Each row names its kernel in brackets after the test's name, apart
    /// or glued to a long name (LKML, Oct 2002): read with that kernel, the
    /// two kernels' rows of a test neither runs of one nor warned of.
    #[test]
    fn bracketed_kernel_after_the_name_in_each_row() {
        let text = "\
 Test        Test         Elapsed   Iteration Iteration       Operation
Number       Name        Time (sec)   Count    Rate (loops/sec)Rate (ops/sec)
     1 add_double   [2.5.45]     60.02       1744   29.05698       523025.66 Thousand Double Precision Additions/second
     1 add_double   [2.5.44]     60.03       1743   29.03548       522638.68 Thousand Double Precision Additions/second

    20 sync_disk_wrt[2.5.45]     61.39         28    0.45610         1167.62 Sync Sequential Disk Writes (K)/second
    20 sync_disk_wrt[2.5.44]     60.86         27    0.44364         1135.72 Sync Sequential Disk Writes (K)/second
";
        let f = parse(text).unwrap();
        let got: Vec<(usize, &str, Option<&str>, f64)> =
            f.samples.iter().map(|s| (s.line, s.metric.name.as_str(), s.kernel.as_deref(), s.value.mean())).collect();
        assert_eq!(
            got,
            vec![
                (3, "add_double", Some("2.5.45"), 523025.66),
                (4, "add_double", Some("2.5.44"), 522638.68),
                (6, "sync_disk_wrt", Some("2.5.45"), 1167.62),
                (7, "sync_disk_wrt", Some("2.5.44"), 1135.72),
            ]
        );
        assert!(f.notes.iter().all(|(_, n)| !n.contains("times in a row")), "{:?}", f.notes);
        assert_eq!(
            row("  3 add_long [] 60.01 1616 26.9 1615730.71 Thousand Long Integer Additions/second").map(|r| r.label),
            None
        );
    }

    #[test]
    fn comparison_rows_alone_keep_both_kernels() {
        let text = "Pipe Messages/second\npipe_cpy\n[linux-2.6.1]  10.00  4000  400.0  40000.00\n\
[2.6.0]  10.00  4100  410.0  41000.00\n[patched]  10.00  4200  420.0  42000.00\n";
        let f = parse(text).unwrap();
        let got: Vec<_> = f.samples.iter().map(|s| (s.kernel.as_deref(), s.params.len(), s.value.mean())).collect();
        assert_eq!(got, vec![(Some("2.6.1"), 0, 40000.0), (Some("2.6.0"), 0, 41000.0), (None, 1, 42000.0)]);
        assert_eq!(f.samples[0].metric.unit, "Pipe Messages/second");
        // Without a test name above, a comparison row is noted, not read.
        let f = parse("[2.6.0]  10.00  4100  410.0  41000.00\n1 add_double 1 2 3 Thousand x/second\n").unwrap();
        assert_eq!(f.samples.len(), 1);
        assert!(f.notes[0].1.contains("without a test name"));
    }

    /// From a 2002 LKML post (Wipro, five kernels): each test's number,
    /// name and unit alone on a line, then one row per kernel named by its
    /// first word, the operation rate wrapped onto the next line (or not).
    /// Nothing was read (the file was skipped).
    #[test]
    fn kernel_rows_under_a_test_line_with_wrapped_rates() {
        let text = " 6 creat-clo          File Creations and Closes/second\n\
                    \x20    linux-2.4.19           60.01       3164      52.72455\n52724.55\n\
                    \x20    linux-2.5.42           60.04       1311      21.83544\n21835.44 \n\n\
                    32 sieve              Integer Sieves/second\n\
                    \x20    linux-2.4.19           60.33         41      0.67960           3.40\n";
        let f = parse(text).unwrap();
        let got: Vec<_> =
            f.samples.iter().map(|s| (s.line, s.kernel.as_deref(), s.metric.name.as_str(), s.value.mean())).collect();
        assert_eq!(
            got,
            vec![
                (3, Some("2.4.19"), "creat-clo", 52724.55),
                (5, Some("2.5.42"), "creat-clo", 21835.44),
                (8, Some("2.4.19"), "sieve", 3.40)
            ]
        );
        assert_eq!(f.samples[2].metric.unit, "Integer Sieves/second");
        // A rate left quoted-printable (`=20`) is still the rate; a row of
        // three numbers with no rate below is skipped, not read as its
        // iteration rate.
        assert_eq!(lone_number("216011.98          =20"), Some(216011.98));
        assert_eq!(lone_number("214250.04=20"), Some(214250.04));
        let f =
            parse(" 1 add_double  Thousand Double Precision Additions/second\n linux-2.4.19  60.08  721  12.00067\n")
                .unwrap_err();
        assert!(format!("{f:?}").contains("no test row"), "{f:?}");
    }

    #[test]
    fn skip_names_the_failed_test() {
        let text = "     1 add_double  5.05  110  21.78  392079.21 Thousand Double Precision Additions/second\n\
    39 new_raph       Unable to solve equation in 100 tries. P = 1.5708, P0\n= 1.5708\n\
 *** Failed to execute new_raph  ***\n Skipping to next test.\n";
        let f = parse(text).unwrap();
        assert_eq!(f.notes, vec![(5, "new_raph: skipped by the benchmark (\"Skipping to next test.\")".to_string())]);
        let f = parse(&text.replace(" *** Failed to execute new_raph  ***\n", "")).unwrap();
        assert!(f.notes[0].1.starts_with("new_raph:"), "{:?}", f.notes);
    }

    #[test]
    fn detect_scores() {
        assert!(Aim9.detect(&Input::from_text("AIM Independent Resource Benchmark - Suite IX v1.1")) >= 90);
        assert_eq!(Aim9.detect(&Input::from_text("Throughput 12 MB/sec 4 procs")), 0);
    }

    /// attack40 F16: the statistics legend on one line (`Format: min avg
    /// max`, or `Format` over `min/avg/max`) is read as the one-a-line
    /// form: each row a `statistic`, never averaged. Must not fire: other
    /// words on a `Format:` line, a statistic twice.
    #[test]
    fn a_statistics_legend_on_one_line() {
        let rows = "add_double 10030 28.7139       516849.45 Thousand Double Precision Additions/second\n\
                    add_double 10040 29.1833       525298.80 Thousand Double Precision Additions/second\n\
                    add_double 10010 29.4705       530469.53 Thousand Double Precision Additions/second\n";
        let stat = |head: &str| -> Vec<String> {
            let f = parse(&format!("{head}\n\n{rows}")).unwrap();
            f.samples
                .iter()
                .map(|s| s.params.iter().find(|p| p.name == "statistic").map_or("-".into(), |p| p.value.to_string()))
                .collect()
        };
        for head in ["Format: min avg max", "Format:  min/avg/max", "Format\nmin/avg/max", "format: min, avg, max"] {
            assert_eq!(stat(head), ["min", "avg", "max"], "{head}");
        }
        for head in ["Format: raw results", "Format: min min max", "Format\nmin avg max is what I mean"] {
            assert_eq!(stat(head), ["-", "-", "-"], "{head}");
        }
        // attack41 F10: rows the legend's statistics contradict (min above
        // max, an average outside the two) are runs, warned at the row.
        for head in ["Format: max avg min", "Format: avg min max", "Format: min max avg"] {
            assert_eq!(stat(head), ["-", "-", "-"], "{head}");
            let f = parse(&format!("{head}\n\n{rows}")).unwrap();
            assert!(
                f.notes.iter().any(|(l, n)| *l == 3
                    && n.contains("but this test's rows are not")
                    && !crate::parse::note_is_info(n)),
                "{head}: {:?}",
                f.notes
            );
        }
        // Must not fire: rows that fit, in any order of the legend, and a
        // `stddev` below the average and max it goes with.
        assert_eq!(stat("Format: min median max"), ["min", "median", "max"]);
        let f = parse(&format!("Format: min avg max\n\n{rows}")).unwrap();
        assert!(!f.notes.iter().any(|(_, n)| n.contains("rows are not")), "{:?}", f.notes);
        assert_eq!(statistics_contradicted(&["stddev".into(), "avg".into(), "max".into()], &[0.1, 1.0, 2.0]), None);
        // attack42 F15 (its a9/a04: `Format: avg min stddev` over three
        // kernels' rows 430707.88 / 426693.23 / 427118.64): a stddev as
        // large as the average (or the max) is contradicted too; it was
        // not compared, so any rows fit a legend with a stddev.
        assert_eq!(
            statistics_contradicted(&["stddev".into(), "avg".into(), "max".into()], &[9e9, 1.0, 2.0]).as_deref(),
            Some("stddev 9000000000 is half of avg 1 or more")
        );
        let a04 = "add_double 10030 23.9282       430707.88 Thousand Double Precision Additions/second\n\
                   add_double 10040 23.7052       426693.23 Thousand Double Precision Additions/second\n\
                   add_double 10030 23.7288       427118.64 Thousand Double Precision Additions/second\n";
        let f = parse(&format!("Format: avg min stddev\n\n{a04}")).unwrap();
        assert!(f.samples.iter().all(|s| !s.params.iter().any(|p| p.name == "statistic")));
        assert!(
            f.notes.iter().any(|(l, n)| *l == 3 && n.contains("stddev 427118.64 is half of avg 430707.88 or more")),
            "{:?}",
            f.notes
        );
    }
}
