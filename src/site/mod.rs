//! Loading a content directory: YAML annotations and parsed raw results.
//!
//! ```text
//! content/
//!   site.yaml                      site title, description
//!   <machine-class>/machine.yaml   the machine, its baseline, its sections
//!   <machine-class>/<kernel>/      raw result files of that kernel (+ kernel.yaml)
//!   <machine-class>/<file>         raw files holding rows for several kernels
//! ```
//!
//! A raw file inside a kernel directory (at any depth) belongs to that kernel
//! whatever it says inside; a file directly in the machine-class directory
//! takes the kernel from each row (lmbench's OS column, tiobench's
//! Identifier). Files named `README*`, `*.md`, hidden files and editor
//! backups (`*~`) are ignored.
//!
//! Nothing here panics on bad input: unreadable, unrecognised or damaged raw
//! files become warnings naming the file (and line), and the rest of the site
//! still loads; malformed YAML is an error with file, line and column.
//!
//! The parts, each a private module whose public items are re-exported
//! here, lowest first (each uses only the types here and the parts before
//! it):
//!
//! * `parse_cache`: [`ParseCache`], what each raw file parsed to, kept
//!   between builds;
//! * `raw_file`: reading and parsing one raw file ([`parse_file`],
//!   [`parse_bytes`], [`FileOutcome`]) and filing its samples under their
//!   kernel;
//! * `yaml_lines`: finding the line of a key in an annotation's text, for
//!   diagnostics;
//! * `config`: the YAML schema ([`SiteConfig`], [`MachineConfig`],
//!   [`SectionConfig`], [`KernelConfig`]), reading annotations with file and
//!   line diagnostics, and checking them ([`check_yaml`]);
//! * `discover`: the walk ([`plan`], [`discover`]): which directories are
//!   machine classes and which files are raw files, in which order;
//! * `select`: which results each section and each of its parts shows
//!   ([`select`], [`Selector`]), and the checks that need it;
//! * `setup_dirs`: directories inside a kernel's directory that are
//!   set-ups (`6.1/ext4/`, `6.1/xfs/`), given a `dir` parameter, not runs;
//! * `file_setups`: set-ups two files of one benchmark show apart
//!   (`dbench -D /mnt/ext4 16` in 6.1's file, `… /mnt/xfs 16` in 6.2's),
//!   given a `set-up` parameter ([`SETUP_PARAM`], [`SetupSource`]);
//! * `identities`: files of one table cell that name different hosts,
//!   processors or kernel builds (UnixBench's `System:`, `CPU 0:`, `OS:`
//!   lines), given the one-file rule's `host`, `machine` or `kernel build`
//!   parameter, and kernels whose runs name another machine than the
//!   baseline's, warned of;
//! * `load`: [`load`] a whole site, or [`load_machine`] one machine class:
//!   its kernels, their order, `runs:`.

pub mod axis;
mod commits;
mod config;
mod copies;
pub mod directions;
mod discover;
pub mod env;
mod file_setups;
mod identities;
mod label_kernels;
mod list_keys;
mod load;
mod normalized_bases;
mod parse_cache;
mod partial;
mod raw_file;
mod run_lengths;
mod run_spread;
mod select;
mod setup_dirs;
mod setup_files;
mod stress_ng_twice;
mod threshold;
mod units;
mod yaml_lines;

pub use axis::Axis;
pub use config::{
    FileGlob, KernelConfig, LeaveOutConfig, MAX_TRIM, MachineConfig, PartConfig, RunsConfig, SectionConfig, SiteConfig,
    YamlKind, base_url_ok, base_url_problem, check_yaml, encoded_base_url, markdown_name_ok, raw_url_problem,
    read_annotation, read_machine_config,
};
pub use discover::{
    Discovered, check_content_dir, discover, discover_with, has_hidden_component, has_line_break, is_leftover, plan,
};
pub(crate) use file_setups::options_alike;
pub use file_setups::{SETUP_PARAM, SETUP_PARAM_APART, SetupNote, SetupSource, note as setup_note};
pub use load::{
    BOOTED_PARAM, BOOTED_PARAM_APART, LoadOptions, first_of_each_file, kernel_dirs_of, kernel_name_mismatch,
    kernel_names_agree, load, load_machine, load_with_progress, names_a_pre_release_of, naming_line, order_kernels,
    other_kernel_named,
};
pub use parse_cache::ParseCache;
pub use raw_file::{FileOutcome, MAX_RAW_FILE_SIZE, RawRead, parse_bytes, parse_file, read_regular};
pub use select::{SampleRef, Selection, Selector, run_stem, select};
pub use setup_dirs::{DIR_PARAM, DIR_PARAM_APART};
pub use setup_files::{FILE_PARAM, FILE_PARAM_APART};
pub use units::conversion_factor;
pub use yaml_lines::{line_of, section_line};

use crate::diag::Diagnostic;
use crate::model::ParsedFile;

/// One table cell a sample's value goes to, the key its runs are averaged
/// under: kernel (empty where none), parameters, group and metric.
pub(crate) type CellKey<'a> = (&'a str, &'a [crate::model::Param], &'a str, MetricKey<'a>);

/// A metric as part of a [`CellKey`]: equal by its key — name, unit and
/// direction — as the grid compares it, whatever its printed spelling
/// ([`crate::model::Metric::printed_name`], display only): stress-ng
/// 0.14's `(geometic mean)` and 0.15's `(geometric mean)` are one cell.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MetricKey<'a>(pub &'a crate::model::Metric);

impl PartialEq for MetricKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        (&self.0.name, &self.0.unit, self.0.better) == (&other.0.name, &other.0.unit, other.0.better)
    }
}

impl Eq for MetricKey<'_> {}

impl std::hash::Hash for MetricKey<'_> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (&self.0.name, &self.0.unit, self.0.better).hash(h);
    }
}

/// The [`CellKey`] of `s`.
pub(crate) fn cell_of(s: &crate::model::Sample) -> CellKey<'_> {
    (s.kernel.as_deref().unwrap_or_default(), &s.params, s.group.as_str(), MetricKey(&s.metric))
}
use std::path::PathBuf;

/// A kernel tested on a machine class.
#[derive(Debug, Clone)]
pub struct Kernel {
    /// The kernel's name, e.g. `2.4.19-rc5-aa1`.
    pub name: String,
    /// Its `kernel.yaml`, or defaults.
    pub config: KernelConfig,
    /// Its environment: the facts of the environment files in its
    /// directory and in the class directory, and of `env:` in
    /// `machine.yaml` and `kernel.yaml` ([`mod@env`]).
    pub env: env::Environment,
    /// Where its runs are from another machine than the baseline's
    /// (`identities::warn_of_other_machines`): what the warning says,
    /// "runs from ARMv8 Processor rev 4 (v8l) (3.10.63/run1/ubench.txt
    /// line 8), the baseline 3.10.62's from ARMv7 Processor rev 1 (v7l)
    /// (…)". Its results are marked wherever shown
    /// (`report::environment::OTHER_MACHINE_MARK`).
    pub other_machine: Option<String>,
    /// Where several kernels' runs are from one other machine: the text
    /// said once for all of them in the environment differences ("the
    /// runs of 7 kernels (6.1.0, …) are from ARMv8 …"), as `check`'s one
    /// warning says it; `None` for a kernel alone on its other machine.
    pub other_machine_group: Option<String>,
    /// Where its runs are compared with the baseline's with a caveat of
    /// the machine (attack38 findings 2 and 18): "runs from host B,
    /// compared as host A renamed", "runs on 1 of the baseline's 2 core
    /// types"; a line of the environment differences, so the mail says it.
    pub machine_caveat: Option<String>,
}

/// One benchmark output of a raw result file and what was read from it: a
/// file holding several benchmarks' outputs (a mail with dbench lines and
/// a Bonnie table) gives one `ResultFile` each, sharing `raw`.
#[derive(Debug, Clone)]
pub struct ResultFile {
    /// Path relative to the machine-class directory, with `/` separators.
    pub rel_path: String,
    /// Path on disk.
    pub path: PathBuf,
    /// The kernel directory it sits in, if any.
    pub kernel_dir: Option<String>,
    /// The one kernel the file itself names (lmbench's OS column,
    /// UnixBench's `OS:` line) when it sits in a kernel directory: its
    /// samples carry the directory's name, and `check` warns when the two
    /// disagree.
    pub named_kernel: Option<String>,
    /// The lines of the samples that named no kernel where others name
    /// `named_kernel` (a reply's own run below a quoted writer's `> Linux
    /// alpha 6.1.0 #1 …`, attack39 #17): the directory's runs, not kept
    /// apart as the named kernel's. Empty where every sample named it.
    pub unnamed_lines: Vec<usize>,
    /// The parse result; samples already carry their final kernel.
    pub parsed: ParsedFile,
    /// The file's bytes as read, copied into the output so every number
    /// links down to the file it came from.
    pub raw: std::sync::Arc<[u8]>,
}

/// The name of a raw file's copy in the site, relative to its class's
/// `raw/` directory: `rel_path` (relative to the class directory, `/`
/// separators) when it ends in `.txt`, else `rel_path` + `.txt`
/// (`6.1/dbench.html` → `6.1/dbench.html.txt`, `6.1/fio.json` →
/// `6.1/fio.json.txt`).
///
/// A copy is published on the site's origin, and a static host serves a
/// file by its extension: a raw file named `*.html` or `*.svg` (any
/// extension a browser runs, or one a host does not know and lets the
/// browser sniff) would be a live page there. Every host serves `.txt` as
/// `text/plain`, so a copy is always shown as the text the benchmark
/// printed. A class holding both `X` and `X.txt` would give them one copy:
/// `load_machine` skips `X` with a warning.
pub fn raw_copy_name(rel_path: &str) -> std::borrow::Cow<'_, str> {
    if rel_path.ends_with(".txt") {
        std::borrow::Cow::Borrowed(rel_path)
    } else {
        std::borrow::Cow::Owned(format!("{rel_path}.txt"))
    }
}

/// The name under which the site gives one of its own parameters
/// (`wanted`: [`setup_dirs`]' `dir`, [`FILE_PARAM`], [`SETUP_PARAM`],
/// [`BOOTED_PARAM`]) to the samples of `benchmark` in `results`: `wanted`,
/// unless a file of that benchmark gives a parameter of that name itself
/// (a CSV column `dir`, tiobench's `Dir`); then `apart`, with a note at
/// the first such file and line saying so. Two parameters of one name on a
/// sample were one in the tables and the other in `data.json`: files in
/// `6.1/ext4/` and `6.1/xfs/` giving `dir same` were averaged as runs of
/// one set-up (attack34 #0b).
pub(crate) fn own_param_name<'a>(
    results: &[ResultFile],
    benchmark: &str,
    (wanted, apart): (&'a str, &'a str),
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> &'a str {
    let given = results.iter().filter(|rf| rf.parsed.benchmark == benchmark).find_map(|rf| {
        rf.parsed.samples.iter().find(|s| s.params.iter().any(|p| p.name == wanted)).map(|s| (rf, s.line))
    });
    let Some((rf, line)) = given else { return wanted };
    diags.push(Diagnostic::note(
        &rf.path,
        Some(line),
        format!(
            "{benchmark} gives a parameter `{wanted}` of its own: the site's `{wanted}` parameter ({what}) is named `{apart}` for {benchmark}'s results"
        ),
    ));
    apart
}

/// [`own_param_name`] for each benchmark of the results at `indices`, asked
/// once a benchmark: benchmark → the name its samples get the site's
/// parameter under (`wanted`, or `apart` with a note).
pub(crate) fn own_param_names<'a>(
    results: &[ResultFile],
    indices: impl IntoIterator<Item = usize>,
    names: (&'a str, &'a str),
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> rustc_hash::FxHashMap<String, &'a str> {
    let mut out: rustc_hash::FxHashMap<String, &'a str> = rustc_hash::FxHashMap::default();
    for i in indices {
        let bench = &results[i].parsed.benchmark;
        if !out.contains_key(bench) {
            let name = own_param_name(results, bench, names, what, diags);
            out.insert(bench.clone(), name);
        }
    }
    out
}

/// A machine class: one machine (or class of machines) and everything run on it.
#[derive(Debug, Clone)]
pub struct MachineClass {
    /// Directory name, used as URL slug.
    pub slug: String,
    /// The machine-class directory.
    pub dir: PathBuf,
    /// `machine.yaml`.
    pub config: MachineConfig,
    /// Kernels in table order.
    pub kernels: Vec<Kernel>,
    /// Parsed raw files, in path order.
    pub results: Vec<ResultFile>,
    /// What each configured section (and each of its parts) shows of
    /// `results`, and what no section claims ([`select`]): chosen once
    /// at load, where its warnings are given, and read by the report.
    pub selection: Selection,
    /// Files an `ignore:` glob (the class's or `site.yaml`'s) left out:
    /// (path relative to the class directory, the glob), in path order.
    /// Not warned about; the lint page lists them.
    pub ignored: Vec<(String, String)>,
    /// The set-ups files of one benchmark show apart, each given as a
    /// [`SETUP_PARAM`] parameter, with the file it was first read from:
    /// the note under a table that shows them. Empty in most classes.
    pub setups: Vec<SetupSource>,
    /// Raw files a benchmark's parser recognised and read nothing of,
    /// skipped whole with a warning (a crashed run), in path order: the
    /// section they would have fed says so under its table
    /// (newcomer44 N6).
    pub skipped: Vec<SkippedFile>,
}

/// A raw file skipped whole although a parser recognised it
/// ([`MachineClass::skipped`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedFile {
    /// Its path relative to the class directory (`6.9.0-v1/wis.txt`).
    pub rel_path: String,
    /// Its kernel directory, when it is in one.
    pub kernel_dir: Option<String>,
    /// The benchmark (parser id) that recognised it.
    pub benchmark: String,
}

impl MachineClass {
    /// Frees the class's samples (every [`ResultFile`]'s
    /// `parsed.samples`) and its [`Selection`], keeping its files (paths,
    /// raw bytes, benchmark and version) for the raw copies and the cache
    /// entry: for a build once `data.json` and the lints have read them and
    /// the page is laid out (a 3,000-kernel class's samples are about
    /// 250 MB). Nothing that reads samples may run after it.
    pub fn release_samples(&mut self) {
        for rf in &mut self.results {
            rf.parsed.samples = Vec::new();
        }
        self.selection = Selection::default();
    }
}

/// `v` in an allocation of its length, for a list kept until the class is
/// written: `shrink_to_fit` may leave it where it is (mimalloc keeps a
/// block shrunk by less than half), so the room its growth left stays
/// taken; a copy does not (a 3,000-kernel class holds a million samples).
pub(crate) fn exact<T>(mut v: Vec<T>) -> Vec<T> {
    if v.capacity() == v.len() {
        return v;
    }
    let mut exact = Vec::with_capacity(v.len());
    exact.append(&mut v);
    exact
}

/// Everything loaded from a content directory.
#[derive(Debug, Clone)]
pub struct Site {
    /// `site.yaml`.
    pub config: SiteConfig,
    /// Machine classes in directory-name order.
    pub machines: Vec<MachineClass>,
    /// Every warning and error found, in discovery order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Site {
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == crate::diag::Severity::Error)
    }
}

/// Builders the unit tests of `site` and `report` share.
#[cfg(test)]
pub(crate) mod testing {
    use super::ResultFile;
    use crate::model::{ParsedFile, Sample};
    use std::path::PathBuf;

    /// A raw file of `samples` at `rel` (in the kernel directory its first
    /// component names, when it has one), read by `bench`.
    pub(crate) fn result_file(rel: &str, bench: &str, samples: Vec<Sample>) -> ResultFile {
        let kernel_dir = rel.split_once('/').map(|(k, _)| k.to_string());
        let samples = samples
            .into_iter()
            .map(|s| match &kernel_dir {
                Some(k) => s.with_kernel(k.as_str()),
                None => s,
            })
            .collect();
        ResultFile {
            rel_path: rel.to_string(),
            path: PathBuf::from(rel),
            kernel_dir,
            named_kernel: None,
            unnamed_lines: Vec::new(),
            parsed: ParsedFile { benchmark: bench.to_string(), samples, ..ParsedFile::default() },
            raw: std::sync::Arc::from(&b""[..]),
        }
    }

    /// A raw file at `rel` whose text is `text` and whose reading is
    /// `parsed`, in no kernel directory (a test sets `kernel_dir` where it
    /// wants one).
    pub(crate) fn read_file(rel: &str, text: &str, parsed: ParsedFile) -> ResultFile {
        ResultFile {
            rel_path: rel.to_string(),
            path: PathBuf::from(rel),
            kernel_dir: None,
            named_kernel: None,
            unnamed_lines: Vec::new(),
            parsed,
            raw: std::sync::Arc::from(text.as_bytes()),
        }
    }

    /// [`read_file`] of `text` as the pct-table parser reads it.
    pub(crate) fn pct_table_file(rel: &str, text: &str) -> ResultFile {
        use crate::parse::{BenchParser, Input};
        read_file(rel, text, crate::parse::pct_table::PctTable.parse(&Input::from_text(text)).unwrap())
    }
}

#[cfg(test)]
mod cell_key_tests {
    use super::MetricKey;
    use crate::model::{Better, Metric};
    use rustc_hash::FxHashSet;

    /// review62 parse #2: the printed spelling is display only — stress-ng
    /// 0.14's `(geometic mean)` and 0.15's `(geometric mean)` go to one
    /// cell, so averaging them is seen (`select::merged_cells`) as the grid
    /// does it; another unit or direction is another cell.
    #[test]
    fn a_metric_printed_otherwise_is_the_same_cell() {
        let key = Metric::new("write64 MB per sec (geometric mean)", "MB/s", Better::Higher);
        let printed = key.clone().printed_as("write64 MB per sec (geometic mean)");
        let other_unit = Metric::new("write64 MB per sec (geometric mean)", "ops/s", Better::Higher);
        let cells: FxHashSet<MetricKey<'_>> = [&key, &printed, &other_unit].into_iter().map(MetricKey).collect();
        assert_eq!(cells.len(), 2);
        assert_eq!(MetricKey(&key), MetricKey(&printed));
    }
}
