//! A bonnie++ run (its I/O and file results, parameters and heading) and
//! the merging of a text report with the CSV record that repeats it.

use crate::model::Metric;

/// One measured number of a run.
#[derive(Debug, Clone)]
pub(super) struct Cell {
    pub(super) group: &'static str,
    pub(super) metric: Metric,
    pub(super) value: f64,
    pub(super) line: usize,
    pub(super) file_part: bool,
    /// The step a suffixed cell was printed to (`1.1g`: 0.1 GiB/s in
    /// K/sec; `10s` in µs): [`crate::model::Sample::step`].
    pub(super) step: Option<f64>,
}

/// A test bonnie++ printed as `+++++` (`+++` for its %CP): it ran too
/// fast to time, so it has no figure. Kept as a count, never as a
/// value: a run's mean of the timed runs alone understates the test.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct TooFast {
    pub(super) group: &'static str,
    /// The test (`Create`, `Per Char`).
    pub(super) name: &'static str,
    pub(super) line: usize,
    pub(super) file_part: bool,
}

/// One bonnie++ run: an I/O result and/or a file result.
#[derive(Debug, Clone, Default)]
pub(super) struct Run {
    pub(super) label: String,
    pub(super) io_params: Vec<(&'static str, String)>,
    pub(super) file_params: Vec<(&'static str, String)>,
    pub(super) cells: Vec<Cell>,
    pub(super) line: usize,
    pub(super) csv: bool,
    pub(super) heading: Heading,
    pub(super) has_files: bool,
    /// The tests of this run printed `+++++`: too fast to time.
    pub(super) too_fast: Vec<TooFast>,
    /// The command line above the run gave `-b` (no write buffering,
    /// `fsync()` after every write): a set-up of its own.
    pub(super) fsync: bool,
}

/// What the underlined title above a run says: a kernel (`Kernel 2.5.43`
/// over `=====`) or a label (`libata-dev-2.6 w/ workaround`).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Heading {
    pub(super) kernel: Option<String>,
    pub(super) label: Option<String>,
}

impl Run {
    /// True when this run has cells of the file part (`files`) or I/O part.
    pub(super) fn has_part(&self, files: bool) -> bool {
        self.cells.iter().any(|c| c.file_part == files)
    }

    /// Does `csv` repeat this text run (same machine, and for every part this
    /// run has, the same results; text cells may be rounded: `1.2g`)? The
    /// CSV may hold cells the text lacks (a text cell left out as no
    /// number, `1,320`, attack32 F11): every text cell must be in it.
    pub(super) fn repeated_by(&self, csv: &Run) -> bool {
        if self.csv || !same_machine(&self.label, &csv.label, self.size()) || self.cells.is_empty() {
            return false;
        }
        [false, true].iter().filter(|&&part| self.has_part(part)).all(|&part| {
            let mine: Vec<&Cell> = self.cells.iter().filter(|c| c.file_part == part).collect();
            let theirs: Vec<&Cell> = csv.cells.iter().filter(|c| c.file_part == part).collect();
            mine.len() <= theirs.len()
                && mine.iter().all(|c| theirs.iter().any(|o| o.group == c.group && o.metric == c.metric && alike(c, o)))
        })
    }

    /// The cells of this text run that `csv` prints otherwise (beyond the
    /// text's rounding), each as `group metric: text in the report, csv in
    /// the CSV`, in the report's order.
    pub(super) fn differences(&self, csv: &Run) -> Vec<String> {
        self.cells
            .iter()
            .filter_map(|c| {
                let o = csv.cells.iter().find(|o| o.group == c.group && o.metric == c.metric)?;
                (!alike(c, o)).then(|| {
                    format!("{} {}: {} in the report, {} in the CSV", c.group, c.metric.name, c.value, o.value)
                })
            })
            .collect()
    }

    /// The last line of this run's report: its last cell or `+++++`.
    fn last_line(&self) -> usize {
        let cells = self.cells.iter().map(|c| c.line);
        cells.chain(self.too_fast.iter().map(|f| f.line)).fold(self.line, usize::max)
    }

    /// Whether `csv` is the record bonnie++ printed right under this text
    /// report (on the next line, or after one blank line): the report's
    /// own, whatever its figures.
    pub(super) fn right_above(&self, csv: &Run) -> bool {
        let last = self.last_line();
        csv.line > last && csv.line <= last + 2
    }

    /// The `size` this run's I/O part was run with, if any.
    pub(super) fn size(&self) -> Option<&str> {
        self.io_params.iter().find(|p| p.0 == "size").map(|p| p.1.as_str())
    }

    /// Could `csv` be this text run printed again: same machine name, and
    /// the same size when both have an I/O part?
    pub(super) fn same_run_as(&self, csv: &Run) -> bool {
        !self.csv
            && csv.csv
            && same_machine(&self.label, &csv.label, self.size())
            && match (self.size(), csv.size()) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            }
    }

    /// Becomes one run with the CSV record that repeats it: the CSV's exact
    /// values where the text rounds (`1.1g`), its parameters for the parts
    /// it has, and the text's cells the CSV lacks (1.0x CSV has no
    /// latencies). A value the text prints exactly stays the text's, read
    /// at its line in the report.
    pub(super) fn take_csv(&mut self, csv: Run) {
        let mut cells = csv.cells;
        for c in self.cells.drain(..) {
            match cells.iter_mut().find(|o| o.group == c.group && o.metric.name == c.metric.name) {
                Some(o) if o.value == c.value => *o = c,
                Some(_) => {}
                None => cells.push(c),
            }
        }
        self.cells = cells;
        // The text's machine name cut to its 16 columns: the CSV's is whole.
        if csv.label.len() > self.label.len() {
            self.label = csv.label;
        }
        if csv.has_files {
            self.file_params = csv.file_params;
            self.has_files = true;
        }
        if !csv.io_params.is_empty() {
            self.io_params = csv.io_params;
        }
        if self.heading == Heading::default() {
            self.heading = csv.heading;
        }
        // The text's `+++++` are the CSV's: one run's, counted once.
        if self.too_fast.is_empty() {
            self.too_fast = csv.too_fast;
        }
    }
}

/// The machine of a text report (`text`) and of a CSV record (`csv`) are
/// one: the same name, or the text's is the CSV's cut to the 16 columns
/// bonnie++ 1.0x's report gives it (`store.datzegik.c` over the CSV's
/// `store.datzegik.com`, LKML 2003: one run was read as two machines).
///
/// bonnie++ 1.9x and 2.0x give the name and the size 19 columns
/// together (`sup-pjalajas 80112M` over the CSV's
/// `sup-pjalajas-hub.dc1.lan`, a 2020 upgrade guide's run: read as two
/// machines, the one run twice), and the name alone 19 (the file part's
/// `sup-pjalajas-hub.dc`).
fn same_machine(text: &str, csv: &str, size: Option<&str>) -> bool {
    let n = text.chars().count();
    let cut = n == 16 || n == 19 || size.is_some_and(|s| n + 1 + s.chars().count() == 19);
    text == csv || (cut && csv.chars().count() > n && csv.starts_with(text))
}

/// A text cell and the CSV's of the same test are one figure: equal
/// within the text's rounding (`1.1g`, `50.6m`: 5%, or half a unit).
fn alike(text: &Cell, csv: &Cell) -> bool {
    let tol = (0.05 * text.value.abs().max(csv.value.abs())).max(0.5);
    (csv.value - text.value).abs() <= tol
}

/// bonnie++ prints a run both as its text report and as a CSV line (and
/// posts paste both, in either order, several runs' texts before their CSV
/// lines): each CSV run that repeats a text run of the same machine and
/// size becomes one run with it, with the CSV's exact values. A CSV run
/// with a text run's machine and size but other values stays a run of its
/// own, with a note.
pub(super) fn merge_text_and_csv(runs: Vec<Run>, notes: &mut Vec<(usize, String)>) -> Vec<Run> {
    let mut merged: Vec<Option<Run>> = runs.into_iter().map(Some).collect();
    let mut taken = vec![false; merged.len()];
    for c in 0..merged.len() {
        let Some(csv) = merged[c].as_ref().filter(|r| r.csv) else { continue };
        let candidates: Vec<usize> = (0..merged.len())
            .filter(|&t| !taken[t] && merged[t].as_ref().is_some_and(|r| r.same_run_as(csv)))
            .collect();
        let repeated = candidates.iter().find(|&&t| merged[t].as_ref().is_some_and(|r| r.repeated_by(csv)));
        // The record right under a report is that report's, whatever it
        // prints: bonnie++ 2.00a's report gave `0` files/s where its CSV
        // line below gave 793 (a 2024 WSL blog post: one run read as two).
        let below = candidates.iter().find(|&&t| merged[t].as_ref().is_some_and(|r| r.right_above(csv)));
        let Some(&t) = repeated.or(below) else {
            if let Some(&t) = candidates.first() {
                let at = merged[t].as_ref().map_or(0, |r| r.line);
                notes.push((csv.line, format!("CSV record has the machine and size of the report at line {at} but other values; read as another run")));
            }
            continue;
        };
        let csv = merged[c].take().expect("checked above");
        let text = merged[t].as_mut().expect("candidate");
        let differences = text.differences(&csv);
        if differences.is_empty() {
            notes.push((
                csv.line,
                format!("CSV record repeats the report at line {}; one run, with the CSV's exact values", text.line),
            ));
        } else {
            notes.push((
                csv.line,
                format!(
                    "the CSV record right under the report at line {} is its own but prints other figures ({}); one run, read with the CSV's figures, the report's not read",
                    text.line,
                    differences.join("; ")
                ),
            ));
        }
        text.take_csv(csv);
        taken[t] = true;
    }
    merged.into_iter().flatten().collect()
}

/// Size spec (`4G:8k:2`) → params `size`, `chunk`, `concurrency`.
pub(super) fn size_params(spec: &str) -> Vec<(&'static str, String)> {
    let mut parts = spec.split(':');
    let mut out = vec![("size", parts.next().unwrap_or("").to_string())];
    if let Some(c) = parts.next().filter(|c| !c.is_empty()) {
        out.push(("chunk", c.to_string()));
    }
    if let Some(c) = parts.next().filter(|c| !c.is_empty() && *c != "1") {
        out.push(("concurrency", c.to_string()));
    }
    out
}

/// Files spec (`16:100000:16/64`) → params `files`, `max size`, `min size`, `dirs`.
pub(super) fn files_params(spec: &str) -> Vec<(&'static str, String)> {
    let (main, dirs) = spec.split_once('/').unwrap_or((spec, ""));
    let mut parts = main.split(':');
    let mut out = vec![("files", parts.next().unwrap_or("").to_string())];
    if let Some(m) = parts.next().filter(|m| !m.is_empty()) {
        out.push(("max size", m.to_string()));
    }
    if let Some(m) = parts.next().filter(|m| !m.is_empty()) {
        out.push(("min size", m.to_string()));
    }
    if !dirs.is_empty() && dirs != "1" {
        out.push(("dirs", dirs.to_string()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::same_machine;

    /// A name cut to the report's 16 columns is the CSV's whole name; a
    /// shorter name, or one the CSV's does not start with, is another machine.
    #[test]
    fn text_name_cut_to_16_columns_is_the_csv_machine() {
        assert!(same_machine("store.datzegik.c", "store.datzegik.com", None));
        assert!(same_machine("mindpipe", "mindpipe", None));
        assert!(!same_machine("store", "store2", None));
        assert!(!same_machine("store.datzegik", "store.datzegik.com", None));
        assert!(!same_machine("store.datzegik.c", "other.datzegik.com", None));
    }

    /// bonnie++ 1.9x/2.0x give the name and the size 19 columns together,
    /// the file part's name alone 19: a name cut there is the CSV's whole
    /// one; a name with room left is another machine.
    #[test]
    fn text_name_cut_to_19_columns_with_its_size_is_the_csv_machine() {
        assert!(same_machine("sup-pjalajas", "sup-pjalajas-hub.dc1.lan", Some("80112M")));
        assert!(same_machine("sup-pjalajas-hub.dc", "sup-pjalajas-hub.dc1.lan", None));
        assert!(!same_machine("sup-pjalajas", "sup-pjalajas-hub.dc1.lan", Some("4G")));
        assert!(!same_machine("sup-pjalajas", "sup-pjalajas-hub.dc1.lan", None));
    }
}
