//! The view types every renderer reads: sections, tables, columns, rows,
//! cells, kernels, chart references and notable changes. Plain data, every
//! text already made.

use crate::model::Better;
use crate::stats::{Comparison, Summary};
use compact_str::CompactString;
use serde::Serialize;
use std::sync::Arc;

/// The raw files behind a value, a row or a column, twice: as paths
/// relative to the machine directory (`2.4.7/dbench-32.txt`,
/// [`RawFiles::paths`]) and as percent-encoded links relative to the
/// machine page (`raw/2.4.7/dbench-32.txt`, [`RawFiles::links`]; the raw
/// files are copied there). One pointer (8 bytes; none for no file) to a
/// list shared by every cell, row and column that names the same files:
/// a 3,000-kernel class has a million cells and 36,000 files.
///
/// Serialised (for the templates) as two fields of whatever holds it,
/// `sources` (the paths) and `source_links` (the links), both left out
/// when it names no file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawFiles(Option<Arc<RawFileList>>);

/// The lists behind a [`RawFiles`].
#[derive(Debug, PartialEq, Eq)]
struct RawFileList {
    paths: Box<[Arc<str>]>,
    links: Box<[Arc<str>]>,
}

impl RawFiles {
    /// The files at `paths`, whose links are `links` (one each, in the same
    /// order); no file when `paths` is empty.
    pub fn new(paths: Vec<Arc<str>>, links: Vec<Arc<str>>) -> RawFiles {
        debug_assert_eq!(paths.len(), links.len());
        if paths.is_empty() {
            return RawFiles(None);
        }
        RawFiles(Some(Arc::new(RawFileList { paths: paths.into(), links: links.into() })))
    }

    /// The paths relative to the machine directory; empty for no file.
    pub fn paths(&self) -> &[Arc<str>] {
        self.0.as_ref().map_or(&[], |l| &l.paths)
    }

    /// The same as links relative to the machine page, in the same order.
    pub fn links(&self) -> &[Arc<str>] {
        self.0.as_ref().map_or(&[], |l| &l.links)
    }

    /// True when it names no file.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }
}

impl Serialize for RawFiles {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(if self.is_empty() { 0 } else { 2 }))?;
        if !self.is_empty() {
            map.serialize_entry("sources", self.paths())?;
            map.serialize_entry("source_links", self.links())?;
        }
        map.end()
    }
}

/// A change's significance mark, after its change in every table: `*`
/// significant at the page's level after its Benjamini–Hochberg
/// correction, `~` tested and not significant, nothing when not tested
/// ([`significance_mark`](super::significance_mark)). One byte (a
/// 3,000-kernel class has a million cells); reads, prints and serialises
/// as its text (`c.mark == "*"`, `&*c.mark`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Mark {
    /// Not tested, or no change: "".
    #[default]
    None,
    /// Significant: "*".
    Significant,
    /// Tested, not significant: "~".
    NotSignificant,
}

impl Mark {
    /// Its text: "*", "~" or "".
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Significant => "*",
            Mark::NotSignificant => "~",
        }
    }
}

/// Whether a change is for the better, for the page's colours: `better`,
/// `worse`, or nothing (no better direction, or no change). One byte, as
/// [`Mark`]; reads, prints and serialises as its text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DeltaClass {
    /// No better direction, or no change: "".
    #[default]
    None,
    /// "better".
    Better,
    /// "worse".
    Worse,
}

impl DeltaClass {
    /// Its text: "better", "worse" or "".
    pub fn as_str(self) -> &'static str {
        match self {
            DeltaClass::None => "",
            DeltaClass::Better => "better",
            DeltaClass::Worse => "worse",
        }
    }

    /// Its class on a table's change (`b` for better, `w` for worse, ""),
    /// the `section.html` grids' one-letter names: a large archive's
    /// pages hold 1.3 million changes, and `better`/`worse` were 5.9 MB of
    /// them. The stylesheet names each (`table.grid .b`).
    pub fn css(self) -> &'static str {
        match self {
            DeltaClass::None => "",
            DeltaClass::Better => "b",
            DeltaClass::Worse => "w",
        }
    }
}

/// [`Mark`] and [`DeltaClass`] read as their texts.
macro_rules! text_like {
    ($t:ty) => {
        impl std::ops::Deref for $t {
            type Target = str;
            fn deref(&self) -> &str {
                self.as_str()
            }
        }
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
        impl Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
}
text_like!(Mark);
text_like!(DeltaClass);

/// A chart as pages refer to it: its file and words, not its SVG.
#[derive(Debug, Clone, Serialize)]
pub struct ChartRef {
    /// Path relative to the machine directory (`charts/dbench-32-bar.svg`).
    pub file: String,
    /// Title (figure caption).
    pub title: String,
    /// What it shows, in words (the SVG's `<desc>`, for screen readers
    /// reading the SVG itself).
    pub desc: String,
    /// What it shows in one sentence (the image's `alt` text in HTML and
    /// Markdown; the numbers are in the table beside it).
    pub alt: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The same chart drawn narrow for a phone's screen (scaling and strip
    /// charts, drawn wide whatever they show), which pages offer to a
    /// narrow window in a `<picture>`; `None` for a chart that has none.
    pub narrow: Option<NarrowRef>,
}

/// The phone copy of a chart ([`ChartRef::narrow`]).
#[derive(Debug, Clone, Serialize)]
pub struct NarrowRef {
    /// Path relative to the machine directory (`charts/narrow/dbench-32-runs.svg`).
    pub file: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The windows that get this copy, as a `<source>`'s media query
    /// ([`narrow_media`] of the wide chart's width): `(max-width: 991px)`
    /// for a chart drawn 960 px wide.
    pub media: String,
}

/// The windows that get a chart's phone copy ([`ChartRef::narrow`]) over
/// the chart drawn `width` px wide: those too narrow to show it whole
/// beside the page's margins (`main`'s 1rem each side, 32 px), where the
/// chart, shown no smaller than drawn so its text reads, scrolled
/// sideways and a window of 641 to 991 px showed two of a UnixBench
/// chart's three panels (the copy went only to windows of 40rem, 640 px,
/// and below). `(max-width: 991px)` for 960.
pub fn narrow_media(width: u32) -> String {
    format!("(max-width: {}px)", width.saturating_add(31))
}

/// A significant change against the baseline, for the page's summary.
#[derive(Debug, Clone, Serialize)]
pub struct NotableChange {
    /// In words: "dbench ext2 192 procs: 2.5.33-mm5 +51% vs 2.4.20-pre5
    /// (adjusted p = 0.003)".
    pub text: String,
    /// Anchor of the section it comes from.
    pub section_id: String,
    /// Change in percent, positive = better.
    pub pct_better: f64,
    /// Welch's p-value after the page's Benjamini–Hochberg correction.
    pub p: f64,
    /// The marks of its cell ([`CellView::marks`]: `^`, `=`, `^=` or
    /// `""`), shown after its change in `text`; their legends are said
    /// once under the list ([`super::notable_legends`]).
    pub marks: &'static str,
}

/// A kernel on a machine page.
#[derive(Debug, Clone, Default, Serialize)]
pub struct KernelView {
    /// Kernel name.
    pub name: String,
    /// Notes as Markdown.
    pub notes_md: String,
    /// Notes as sanitised HTML.
    pub notes_html: String,
    /// Patches applied.
    pub patches: Vec<String>,
    /// Its environment facts (`cmdline mitigations` = `off`, `compiler`),
    /// kernel config options left out.
    pub env: Vec<(String, String)>,
    /// How many kernel config options its config sets.
    pub config_options: usize,
    /// Those as one line for its page ("compiler: gcc 13.2; cmdline
    /// mitigations: off; 5,312 kernel config options"); empty for none.
    pub env_text: String,
    /// In a class that compares something other than kernels, what it
    /// really ran ([`super::ran_text`]): "kernel 5.10.17+"; empty for a
    /// kernel, or when nothing names one.
    pub ran: String,
    /// Its mark when its dmesg shows a problem
    /// ([`super::environment::kernel_marks`]): its page's header shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<super::environment::KernelMark>,
}

impl KernelView {
    /// Its name, its mark when its dmesg shows a problem ([`KernelView::mark`]),
    /// and what it ran when that is said ([`KernelView::ran`]):
    /// "radxa-zero (kernel 5.10.17+)", "6.10.0!", for the lists of the
    /// class's items in Markdown and plaintext.
    pub fn name_and_ran(&self) -> String {
        let mark = self.mark.as_ref().map_or("", |m| m.mark);
        if self.ran.is_empty() { format!("{}{mark}", self.name) } else { format!("{}{mark} ({})", self.name, self.ran) }
    }

    /// Its notes' first paragraph as plain text, one line, cut at a word
    /// to at most `max_note` characters, and its patches ("The candidate
    /// kernel. Patches: my-patch"), for the Markdown page's list of
    /// kernels (the HTML shows the notes whole); empty when it has
    /// neither. Where the note is cut, or has more paragraphs, " …" says so.
    pub fn brief(&self, max_note: usize) -> String {
        let text = crate::markdown::to_text(self.notes_md.trim(), usize::MAX / 4);
        let mut paragraphs = text.split("\n\n").map(str::trim).filter(|p| !p.is_empty());
        let first = paragraphs.next().unwrap_or_default();
        let mut more = paragraphs.next().is_some();
        let mut out = String::new();
        for word in first.split_whitespace() {
            if out.chars().count() + 1 + word.chars().count() > max_note {
                more = true;
                break;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
        }
        if more {
            out.push_str(" …");
        }
        if !self.patches.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("Patches: {}", self.patches.join(", ")));
        }
        out
    }
}

/// One section: commentary and one table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SectionView {
    /// Anchor id, unique on the page.
    pub id: String,
    /// Heading.
    pub title: String,
    /// Parser ids whose results fill the table.
    pub benchmarks: Vec<String>,
    /// Commentary as Markdown.
    pub commentary_md: String,
    /// Commentary as sanitised HTML.
    pub commentary_html: String,
    /// Notes for the web pages only (`notes:`), as Markdown; the mail
    /// leaves them out.
    pub notes_md: String,
    /// Those notes as sanitised HTML.
    pub notes_html: String,
    /// The table.
    pub table: TableView,
    /// Charts of this section (bar or scaling), drawn from the table by
    /// the chart step (`chart::page_charts`); empty until then.
    pub charts: Vec<ChartRef>,
    /// What the section's charts leave out and why, said under them ("Not
    /// charted: Mhz (informational: no better direction). The table has
    /// every value."; after the page's first such note, briefly: "Not
    /// charted: CPU% (informational)."); "" when they draw every metric.
    /// Filled by the chart step with [`SectionView::charts`].
    pub chart_note: String,
    /// The table laid out once ([`super::grid::grid`]) at the default
    /// [`GridOptions`](super::grid::GridOptions) (72 columns, changes and
    /// spreads shown), which every renderer draws; `None` for a table
    /// without rows or after [`filtered_page`](super::filtered_page)
    /// removed rows (renderers then lay it out themselves, as they do for
    /// other options: [`super::grid::section_grid`]).
    #[serde(skip)]
    pub grid: Option<Arc<super::grid::Grid>>,
    /// On a large class's summary page ([`super::summary_page`]): which of
    /// the kernels the table shows ("7 of the 300 kernels with results
    /// here …"); "" on every other page, where the table is whole.
    pub shown_note: String,
    /// Where the whole table is when [`SectionView::shown_note`] is set:
    /// the section's CSV, relative to the machine directory.
    pub shown_link: String,
    /// The pages holding every kernel of the section when
    /// [`SectionView::shown_note`] is set ([`super::section_pages`]).
    pub shown_pages: Vec<super::PageLink>,
    /// What benchmark reading and `check` warned of in the raw files of
    /// this section's table (a merge or sum, a figure left out, a line that
    /// could not be told), shown under the table on the class page so that
    /// its reader sees what the builder saw ([`super::section_warnings`]);
    /// empty when nothing was. The pages list them by message
    /// ([`SectionView::warning_groups`]) and count them all.
    pub warnings: Vec<SectionWarning>,
    /// `warnings` as the pages list them ([`SectionView::set_warnings`]):
    /// each message once, with the places it was made at, the first
    /// [`SECTION_WARNINGS_SHOWN`] messages.
    pub warning_groups: Vec<WarningGroup>,
    /// How many of `warnings` the groups after the first
    /// [`SECTION_WARNINGS_SHOWN`] hold: counted, with a link to the lint
    /// page.
    pub warnings_more: usize,
}

impl SectionView {
    /// Sets [`SectionView::warnings`] and the groups the pages list
    /// ([`group_warnings`]).
    pub fn set_warnings(&mut self, warnings: Vec<SectionWarning>) {
        (self.warning_groups, self.warnings_more) = group_warnings(&warnings);
        self.warnings = warnings;
    }

    /// Whether `want` names this section, as `text --section` and
    /// [`super::filtered_page`] take a name: its title or its anchor id,
    /// ASCII case ignored.
    pub fn is_named(&self, want: &str) -> bool {
        want.eq_ignore_ascii_case(&self.title) || want.eq_ignore_ascii_case(&self.id)
    }
}

/// The most messages a section lists under its table, and the most
/// places listed with each ([`SectionView::warning_groups`]); the rest
/// are counted, with a link to the lint page for the messages (a
/// generated archive's 300 copies of one LMbench summary gave one table
/// 300 alike).
pub const SECTION_WARNINGS_SHOWN: usize = 10;

/// One message of the warnings about a section's raw files, with the
/// places it was made at ([`group_warnings`]): listed once, where
/// PostMark's 40-word whole-second warning stood under provbpf's table 8
/// times over, once per file.
#[derive(Debug, Clone, Default, Serialize)]
pub struct WarningGroup {
    /// What was wrong, as `check` prints it.
    pub message: String,
    /// Where, in the order warned: the first [`SECTION_WARNINGS_SHOWN`].
    pub places: Vec<WarningPlace>,
    /// How many places more than `places` the message was made at.
    pub more_places: usize,
}

/// Where a warning about a raw file was made ([`WarningGroup`]).
#[derive(Debug, Clone, Default, Serialize)]
pub struct WarningPlace {
    /// [`SectionWarning::source`]: "2.4.7/fio.txt line 12".
    pub source: String,
    /// [`SectionWarning::link`].
    pub link: Arc<str>,
}

/// `warnings` by message, in the order each message was first made, each
/// with its first [`SECTION_WARNINGS_SHOWN`] places and a count of the
/// rest; the first [`SECTION_WARNINGS_SHOWN`] messages, and how many
/// warnings the others hold. The same message at two places is one item
/// of the list under a table, not two.
pub fn group_warnings(warnings: &[SectionWarning]) -> (Vec<WarningGroup>, usize) {
    let mut groups: Vec<WarningGroup> = Vec::new();
    let mut more = 0;
    for w in warnings {
        let place = || WarningPlace { source: w.source.clone(), link: w.link.clone() };
        let full = groups.len() >= SECTION_WARNINGS_SHOWN;
        match groups.iter_mut().find(|g| g.message == w.message) {
            Some(g) if g.places.len() < SECTION_WARNINGS_SHOWN => g.places.push(place()),
            Some(g) => g.more_places += 1,
            None if full => more += 1,
            None => groups.push(WarningGroup { message: w.message.clone(), places: vec![place()], more_places: 0 }),
        }
    }
    (groups, more)
}

/// A warning about a raw file of a section's table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SectionWarning {
    /// The file relative to the machine directory (`2.4.7/fio.txt`): a
    /// section page of some kernels keeps the warnings of their files.
    #[serde(skip)]
    pub path: Arc<str>,
    /// The file relative to the machine directory, with the line where it
    /// is known: "2.4.7/fio.txt line 12".
    pub source: String,
    /// Its raw link ([`super::RawLinks::link`]): the class-relative copy,
    /// or with `raw_url` the repository's file at the line (`#L12`).
    pub link: Arc<str>,
    /// What was wrong, as `check` prints it.
    pub message: String,
}

/// A cell `trim:` left whole: one of its values is a summary over `n`
/// runs (generic `n:`, kernbench's averages), whose highest and lowest
/// runs are not there to drop ([`crate::stats::trimmed`] trims nothing
/// then). Said by `check`, never passed for trimmed.
#[derive(Debug, Clone, PartialEq)]
pub struct Untrimmed {
    /// The row's kernel (or item).
    pub kernel: String,
    /// The column's metric name.
    pub column: String,
    /// The summary's raw file, relative to the machine directory.
    pub path: Arc<str>,
    /// The summary's line in it.
    pub line: usize,
    /// The runs the summary stands for.
    pub n: u32,
    /// The section's `trim:`.
    pub trim: usize,
}

/// A table: kernels (and parameters) as rows, metrics as columns.
#[derive(Debug, Clone, Default, Serialize)]
pub struct TableView {
    /// Headers of the parameter columns after the kernel column ("procs", "threads").
    pub param_headers: Vec<String>,
    /// The unit of each parameter the benchmark gives one
    /// ([`crate::model::Param::unit`]), by name: `[("file size", "MB"),
    /// ("blk size", "bytes")]` for tiobench; parameters without one are
    /// not listed. Every rendering says it beside the name
    /// ([`TableView::param_header`]) and after a stated value
    /// ([`TableView::param_text`]); data.json lists it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub param_units: Vec<(String, String)>,
    /// Parameters with one value in every row, shown once under the title
    /// rather than as a column: `["blk size 4096"]`.
    pub fixed_params: Vec<String>,
    /// The same parameters as (name, value): `[("blk size", "4096")]`, for
    /// the data files, whose rows carry every parameter.
    pub fixed_param_values: Vec<(String, String)>,
    /// Metric columns.
    pub columns: Vec<ColumnView>,
    /// Rows in order: by parameters, then kernel order.
    pub rows: Vec<RowView>,
    /// "smaller is better", "bigger is better", or a per-column list when mixed.
    pub direction: String,
    /// True when some cell has more than one run.
    pub has_spread: bool,
    /// The baseline kernel of this table, when it has rows.
    pub baseline: Option<String>,
    /// The class's (or section's) baseline where it has no row in this
    /// table (it did not run the benchmark): nothing is compared, and
    /// [`super::uncompared`] says so under the table. `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_absent: Option<String>,
    /// Significance level used for the marks.
    pub alpha: f64,
    /// The smallest change in percent of the baseline's value the
    /// regressions page lists from this table (the section's policy,
    /// [`Policy::regression_threshold`](super::Policy::regression_threshold)).
    pub regression_threshold: f64,
    /// How many comparisons the machine class's page tested: the number
    /// of p-values its Benjamini–Hochberg correction adjusted together
    /// ([`correct_page`](super::correct_page)). The same in every table of the page.
    pub tests: usize,
    /// The column the section's configuration makes its headline: its
    /// `headline:` metric, else the first of its `metrics:`; `None` when
    /// neither is set. [`headline`](super::headline) chooses among the
    /// others when it is `None`.
    pub configured_headline: Option<usize>,
    /// True when [`TableView::configured_headline`] comes from the
    /// section's `headline:` key (not only from the order of `metrics:`):
    /// the mail draws star bars for it ([`star_headline`](super::star_headline)).
    pub headline_named: bool,
    /// The legend explaining the marks as plain text ([`legend`](super::legend)), for
    /// tables with a baseline: "% = change vs 2.4.20-pre5, positive is
    /// better; * significant at α = 0.05 …". Set by [`correct_page`](super::correct_page).
    pub legend: Option<String>,
    /// Why no change of the page could be tested, said of the sections
    /// that share this table's baseline
    /// ([`untested_reasons`](super::untested_reasons): "single runs in fio
    /// random read (mmap, 4k); no row compared with the baseline in the
    /// other 6 sections (the notes under their tables say why)"); `None`
    /// where some change of the page was tested, or no section gives a
    /// reason. The legend ends with it, in every rendering; set by
    /// [`correct_page`](super::correct_page).
    pub untested: Option<String>,
    /// [`MERGED_LEGEND`](super::notable::MERGED_LEGEND) where a cell of the table is
    /// [`CellView::merged`] (its value then carries
    /// [`MERGED_MARK`](super::notable::MERGED_MARK)); set by [`correct_page`](super::correct_page).
    pub merged_legend: Option<String>,
    /// [`COPIED_LEGEND`](super::notable::COPIED_LEGEND) where a cell of the table is
    /// [`CellView::copied`] (its value then carries
    /// [`COPIED_MARK`](super::notable::COPIED_MARK)); set by [`correct_page`](super::correct_page).
    pub copied_legend: Option<String>,
    /// What the rows compare (the class's `compare:`): the label column's
    /// header is its singular. Kernels by default.
    pub axis: crate::site::Axis,
    /// The kernels whose dmesg shows a problem
    /// ([`super::environment::kernel_marks`]): the grid marks their rows,
    /// or their columns ([`super::grid::GridRow::flag`]). Not passed to
    /// templates (the grid carries them).
    #[serde(skip)]
    pub marks: Vec<super::environment::KernelMark>,
    /// Where the table's rows have a `set-up` parameter
    /// ([`crate::site::SETUP_PARAM`]: files of one benchmark showing
    /// different command lines, set-up commands or boot options), the
    /// set-ups and the file and line each was read from, and how to join
    /// them (`same_setup:`): "files show different set-ups, not compared as
    /// like: `dbench -D /mnt/ext4` (6.1/dbench.txt line 1), …"; `None`
    /// otherwise. Under the table, after the uncompared note. Kept in its
    /// parts, one per set-up, so that a kernel's page says only those its
    /// rows show ([`crate::site::SetupNote::only`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup_note: Option<crate::site::SetupNote>,
    /// Where a `set-up` value is too long for a table cell (longer than
    /// [`super::SETUP_CELL_CHARS`]: a fio job's dozen options, a
    /// stress-ng command line): each set-up value of the table and the key
    /// its cell shows instead, `A`, `B`, … in row order; [`setup_note`](Self::setup_note)
    /// then names each key's set-up once, under the table, instead of
    /// every row repeating it (a newcomer's fio mail had an 8–14 line
    /// set-up cell in each of 9 rows of 3 tables, and lines of 90
    /// characters at a width of 72). The grid shows the keys
    /// ([`super::grid::grid`]); the rows, their comparisons, `data.json`,
    /// the CSV files and the cross-class page keep the set-ups as they are.
    /// Empty otherwise.
    #[serde(skip)]
    pub setup_keys: Vec<(String, String)>,
    /// [`TableView::uncompared`]'s answer, once asked (empty in a clone).
    #[serde(skip)]
    pub uncompared_memo: super::uncompared::UncomparedMemo,
    /// The cells the section's `trim:` could not trim because a run of
    /// theirs is a summary the file reports (a mean over `n` runs), not
    /// its runs: `check` warns of each at the summary's line
    /// ([`Untrimmed`]). Empty without `trim:`. Not passed to templates.
    #[serde(skip)]
    pub untrimmed: Vec<Untrimmed>,
    /// The raw files this table's benchmark recognised and read nothing
    /// of, skipped whole (a crashed run), of kernels without a row here,
    /// as (kernel, file name in its directory): "6.9.0-v1: wis.txt gave no
    /// results (see warnings)" under the table ([`super::skipped_note`];
    /// newcomer44 N6: the will-it-scale table showed 6.9.0 alone, without
    /// a word). Not passed to templates (the grid carries them).
    #[serde(skip)]
    pub skipped: Vec<(String, String)>,
    /// In a class comparing something other than kernels (`compare:
    /// runtime`), its items with no row in this table and no file named in
    /// [`TableView::skipped`]: "nothing here from the runtime docker" under
    /// the table ([`super::gave_nothing_note`]; archive57: the
    /// Container-benchmarks class's fileio table showed five runtimes of
    /// six, docker's failed prepare unsaid). Empty for kernels, whose
    /// tables differ by what each kernel ran. Not passed to templates (the
    /// grid carries them).
    #[serde(skip)]
    pub gave_nothing: Vec<String>,
}

/// A metric column.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ColumnView {
    /// The benchmark's name for the metric, prefixed by its group when its
    /// part mixes groups, and by its part's label when the section has
    /// `parts:` (the label alone when the part gives one column):
    /// `Throughput`, `Seq Read Rate`, `perl_build`.
    pub name: String,
    /// Unit of every value in the column ("" for a pure number).
    pub unit: String,
    /// Better direction.
    pub better: Better,
    /// Decimals every value in the column is printed with: its runs'
    /// printed decimals, or one more where a mean of several runs falls
    /// between two of their printed steps (136.5 of 136 and 137).
    pub precision: usize,
    /// Decimals the column's runs were printed with, as the benchmark
    /// printed them: each run of a cell's unfolded list is shown so.
    /// Not passed to templates.
    #[serde(skip)]
    pub runs_precision: usize,
    /// The section's part it belongs to (`parts:` in `machine.yaml`, in
    /// the order written; 0 in a section without parts). The columns of a
    /// part are next to each other.
    pub part: usize,
    /// Detail of its benchmark's report ([`crate::parse::mail_detail`],
    /// not named in `metrics:`): the mail leaves it out
    /// ([`super::without_detail`]). Not passed to templates or data files.
    #[serde(skip)]
    pub detail: bool,
    /// Its changes against the baseline are noise in a mail
    /// ([`crate::parse::mail_change_noise`]: tiobench's `Lat% >10s`): the
    /// mail leaves them out ([`super::without_detail`]). Not passed to
    /// templates or data files.
    #[serde(skip)]
    pub mail_change_noise: bool,
    /// A figure made of the table's other figures, no measurement of its
    /// own ([`crate::derive::of_others`]: Bonnie's and tiobench's `CPU
    /// Eff`, a rate over its %CPU; UnixBench's index values, each test's
    /// result over a constant, and its `Index Score`, their geometric
    /// mean): a kernel's geometric mean leaves it out beside the figures
    /// it is made of ([`super::geomean_columns`]). Not passed to templates
    /// or data files.
    #[serde(skip)]
    pub of_others: bool,
    /// The column's name as the files printed it, where its metric's key
    /// corrects the spelling ([`crate::model::Metric::printed_name`]:
    /// stress-ng 0.14's `(geometic mean)`); empty otherwise. Every
    /// rendering shows [`ColumnView::label`]; comparisons go by `name`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub shown_name: String,
    /// The unit as the files printed it ([`crate::model::Metric::printed_unit`]:
    /// dbench's `MB/sec`); empty where it is `unit`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub shown_unit: String,
}

impl ColumnView {
    /// The name to show: as the files printed it.
    pub fn label(&self) -> &str {
        if self.shown_name.is_empty() { &self.name } else { &self.shown_name }
    }

    /// The unit to show: as the files printed it.
    pub fn unit_label(&self) -> &str {
        if self.shown_unit.is_empty() { &self.unit } else { &self.shown_unit }
    }
}

/// A row: one kernel at one set of parameter values.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RowView {
    /// Kernel name.
    pub kernel: String,
    /// Parameter values, aligned with [`TableView::param_headers`] ("" when absent).
    pub params: Vec<String>,
    /// One cell per column; `None` when the kernel has no value there.
    pub cells: Vec<Option<CellView>>,
    /// The raw files behind every value of the row, when all its cells came
    /// from the same files (the common case: one file per kernel and
    /// benchmark, or a summary file holding rows for several kernels);
    /// none when its cells came from different files.
    ///
    /// HTML links the row (its kernel name) to these files instead of
    /// linking every number: one link per row rather than per cell keeps a
    /// large archive's pages a third smaller.
    #[serde(flatten)]
    pub raw: RawFiles,
    /// The columns (indexes into [`TableView::columns`]) where the row has
    /// no value because the benchmark printed the test as too fast to time
    /// in every run ([`crate::model::Untimed`]: bonnie++'s `+++++`): the
    /// tables show [`super::grid::UNTIMED`] there, not a blank. Not
    /// serialised when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub untimed: Vec<u32>,
    /// The columns where the row's value is the mean of only the runs
    /// that timed the test, other runs having printed it as too fast to
    /// time (bonnie++'s `+++++` in one of three runs: `25000` and `30000`
    /// files/s give 27500): the value understates the test, and the
    /// tables mark it [`super::grid::AT_LEAST`] (`≥27500`). Not
    /// serialised when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub part_untimed: Vec<u32>,
}

impl RowView {
    /// A row of `cells`, with [`RowView::raw`] filled in when every
    /// cell came from the same raw files.
    pub fn new(kernel: String, params: Vec<String>, cells: Vec<Option<CellView>>) -> RowView {
        let mut present = cells.iter().flatten();
        let raw = match present.next() {
            Some(first) if present.all(|c| c.raw == first.raw) => first.raw.clone(),
            _ => RawFiles::default(),
        };
        RowView { kernel, params, cells, raw, untimed: Vec::new(), part_untimed: Vec::new() }
    }
}

/// One number: a summary of the runs behind it, ready to print.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CellView {
    /// The statistics.
    pub summary: Summary,
    /// The mean formatted with the column precision.
    pub text: CompactString,
    /// Standard deviation formatted to two significant digits, when n ≥ 2.
    pub stddev_text: Option<CompactString>,
    /// Raw files the values came from; shared by every cell of the same
    /// files.
    #[serde(flatten)]
    pub raw: RawFiles,
    /// Comparison with the baseline kernel's cell in the same row parameters;
    /// `None` for the baseline itself or when it has no value there.
    ///
    /// Not passed to templates: as a nested map in every cell it made up
    /// most of the cost (time and memory) of a machine page's template
    /// context. Templates show the change through `delta_text`, `mark` and
    /// `delta_class`; the statistics are in `data.json` and the CSV files.
    #[serde(skip_serializing)]
    pub comparison: Option<Comparison>,
    /// The change as text, positive = better: "+12.3%"; "-" signs mean worse.
    pub delta_text: Option<CompactString>,
    /// "better", "worse" or "" (no better direction, or no change).
    pub delta_class: DeltaClass,
    /// Significance mark after the change: "*", "~" or "".
    pub mark: Mark,
    /// Every recorded run behind the value, in the order the raw files
    /// hold them, when there are two or more (a single recorded value,
    /// even a mean the benchmark printed over several runs, has nothing
    /// to unfold: empty). Not passed to templates: the grid's rows carry
    /// them ([`super::grid::GridRow::runs`]).
    #[serde(skip_serializing)]
    pub runs: Vec<RunView>,
    /// How finely the values behind it were printed: bounds what a
    /// comparison with it can test ([`crate::stats::PrintedStep`]).
    #[serde(skip_serializing)]
    pub printed: crate::stats::PrintedStep,
    /// The decimals its runs were printed with (a scaled run's from its
    /// step), from which its text's are made
    /// (`section::cell_decimals`); the cross-class page shows the
    /// class's value with them.
    #[serde(skip_serializing)]
    pub printed_decimals: u8,
    /// True when this cell's change against the baseline is of a cell (its
    /// own or the baseline's) that averages files of different names as
    /// runs, which the build warned of (`site::select`'s merge warning),
    /// or of a file whose copies a warning doubts are one kernel's
    /// (`site::Selection::doubted`, newcomer44 N2): its notable change says so (attack41 F11: a warned merge of a
    /// `log-1 2 4 8` series led the mail's notable changes, +166.7 %, with
    /// no word of the warning).
    #[serde(skip_serializing)]
    pub merged: bool,
    /// True when a raw file behind this cell gives, figure for figure,
    /// another kernel's file's figures, or is the file another kernel's
    /// repeats (`site::copies`' cross-kernel copy warning): one of the
    /// two did not run on its kernel, and a mail or Markdown page, which
    /// leave warnings out, showed its `+0.0%` unmarked (newcomer42 N2).
    #[serde(skip_serializing)]
    pub copied: bool,
}

impl CellView {
    /// The marks every rendering of this cell's value shows after it (the
    /// table's, the mail's bars, `compare.html`, the regressions pages):
    /// [`MERGED_MARK`](super::notable::MERGED_MARK) where it is
    /// [`CellView::merged`], then [`COPIED_MARK`](super::notable::COPIED_MARK)
    /// where it is [`CellView::copied`]; `""` for neither. One place, so
    /// that no rendering shows the value unmarked while its page prints
    /// the mark's legend (attack45 F9: the mail's bars, standing in for a
    /// one-column table, and the comparison and regressions pages did).
    pub fn marks(&self) -> &'static str {
        super::notable::marks_of(self.merged, self.copied)
    }

    /// [`CellView::text`] with its [`marks`](CellView::marks) after it
    /// (`6.889^`), as every rendering shows the value.
    pub fn marked_text(&self) -> CompactString {
        let mut t = self.text.clone();
        t.push_str(self.marks());
        t
    }
}

/// One recorded run behind a cell: the number one raw file gave at one line.
/// 24 bytes (a 3,000-kernel class has 700,000).
#[derive(Debug, Clone, Default)]
pub struct RunView {
    /// The value in the column's unit (a mean when the benchmark printed one over `n` runs);
    /// printed with its column's precision ([`ColumnView::precision`]).
    pub value: f64,
    /// Runs the benchmark summarised in this value (1 for a single run).
    pub n: u32,
    /// Index into the cell's [`CellView::raw`] of the file it came from.
    pub source: u32,
    /// 1-based line of the raw file the value was read at (`u32::MAX` for
    /// a line past it, which no benchmark's output reaches).
    pub line: u32,
    /// True when the section's `trim` left this run out of the summary
    /// (one of the highest or lowest).
    pub trimmed: bool,
    /// The decimals the run was printed with (a scaled run's from its
    /// printed step): a whole `1` msec beside runs converted from usec is
    /// `1`, not `1.000`. `None`: its column's
    /// ([`ColumnView::runs_precision`]).
    pub decimals: Option<u8>,
}

impl TableView {
    /// The unit of parameter `name` ([`TableView::param_units`]), "" for none.
    pub fn param_unit(&self, name: &str) -> &str {
        param_unit(&self.param_units, name)
    }

    /// A parameter's header with its unit: `file size (MB)`; the bare name
    /// without one.
    pub fn param_header(&self, name: &str) -> String {
        crate::model::Param::header(name, self.param_unit(name))
    }

    /// A parameter and its value as a caption or a note says it: `file
    /// size 252 MB`, `threads 10`.
    pub fn param_text(&self, name: &str, value: &str) -> String {
        param_text(&self.param_units, name, value)
    }
}

/// The unit of parameter `name` in `units` (as [`TableView::param_units`]), "" for none.
pub fn param_unit<'a>(units: &'a [(String, String)], name: &str) -> &'a str {
    units.iter().find(|(n, _)| n == name).map_or("", |(_, u)| u.as_str())
}

/// A parameter and its value with its unit from `units`: `file size 252 MB`.
pub fn param_text(units: &[(String, String)], name: &str, value: &str) -> String {
    match param_unit(units, name) {
        "" => format!("{name} {value}"),
        u => format!("{name} {value} {u}"),
    }
}
