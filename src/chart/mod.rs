//! Charts: SVG figures for every machine page, and a plaintext `*` bar chart
//! for mail.
//!
//! Two steps, kept apart so each can be tested on its own:
//!
//! 1. **Planning** ([`plan_section`], [`plan_trends`]): a section's
//!    [`TableView`] becomes chart *specs*: plain data saying which kernels,
//!    values, error bars, colours and labels a chart shows. The choice of
//!    chart is made here:
//!    * a table with a numeric parameter column that takes two or more values
//!      (tiobench threads, dbench procs, tbench clients, AIM7 tasks, lmbench
//!      memory size) gets a **scaling chart** ([`scaling`]): one line per
//!      kernel over that parameter, for the headline metric (of each part,
//!      when the section sets several results side by side), on a log x axis
//!      when the values span two decades or more and crowd at the low end
//!      (see [`scaling`]), and a scaling chart of each other ranked metric
//!      after the parts' headlines. Further parameter
//!      columns split it into one chart per combination of their values; a
//!      combination in which the parameter takes a single value (kernbench:
//!      half load ran `-j 4` only, optimal load `-j 16` only) gets a bar
//!      chart instead, its lines being single points. A scaling chart draws
//!      at most [`scaling::MAX_SCALING_LINES`] kernels (the baseline and the
//!      ones whose lines differ most) and says so;
//!    * any other table gets **bar charts** ([`bar`]): one panel per ranked
//!      metric (small multiples sharing the kernel axis), paged over as many
//!      charts as it takes at [`MAX_BAR_PANELS`] panels each (fewer with
//!      many kernels: [`bar::panels_per_chart`]), so every metric is drawn;
//!      panels of one unit share a value axis ([`bar::scale_groups`]) and
//!      every axis starts at 0. Text-valued parameter columns give one set
//!      per combination;
//!    * a whole machine page with three or more kernels gets one **trend
//!      figure** ([`trend`]): one small panel per section showing its headline
//!      metric at its first parameter set, kernels on the x axis in version
//!      order, one line per patch tree ("lane"). At most
//!      [`MAX_TREND_PANELS`] panels per figure and [`MAX_TREND_FIGURES`]
//!      figures per page, so a page with many sections stays readable.
//!    * a section where some kernel's value has three or more recorded
//!      runs also gets a **strip chart** of every run ([`runs`]).
//! 2. **Drawing** (`bar.rs`, `scaling.rs`, `trend.rs`): specs become SVG with
//!    plotters onto `svg::CompactSvg` (plotters-svg's SVG less the
//!    attributes at their initial values), without fonts: labels are real
//!    `<text>` elements the browser draws; widths are estimated.
//!
//! The *headline* metric of a table is the one the view model chose
//! ([`crate::report::headline`]: the section's `headline:`, the first of
//! its `metrics:`, the largest significant change, a table's only column)
//! when it has a better direction; else its first column with one
//! ([`headline_column`]). Informational columns (MHz, %CPU, counts: no
//! better direction) are not results and are never charted; a table of
//! only those gets no chart. Whatever a section's charts leave out is said
//! under them ([`SectionPlan::note`], [`SectionView::chart_note`]), so
//! every metric is either drawn or named as not drawn, with the reason.
//!
//! Every SVG
//! * starts with `<title>` and `<desc>` saying in words what it shows (for
//!   screen readers and as the `alt` text of the `<img>`);
//! * has a **transparent background** and follows the page's colour
//!   scheme: dark text and grid on a light page; on a dark one its own
//!   `<style>` (a `prefers-color-scheme: dark` media query, which an SVG
//!   shown by `<img>` follows) turns them light. Lane colours are mid-tone
//!   and read on both;
//! * colours kernels by patch tree from one [`LanePalette`] per machine
//!   page, so a lane has one colour in every chart of the page: twelve
//!   colours that stay apart (mainline blue, `-aa` orange, `-mm` green,
//!   `-ac` purple, `-rmap` red, `-ck` brown on every page; other trees by a
//!   stable hash of their whole name, moved to a free colour when another
//!   lane of the page has it), then dashed lines and half-filled bars past
//!   twelve lanes;
//! * is byte-identical from run to run (no hash-map order, no timestamps).
//!
//! Nothing here panics on odd input: NaN or infinite values are left out,
//! an empty table gives no chart, all-equal or all-zero values give a chart
//! with a sensible axis.

use crate::model::Better;
use crate::report::{ChartRef, MachinePage, SectionView, SiteView, TableView};
use crate::site::{Axis as Compared, Site};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use rayon::prelude::*;
use scaling::ScalingSpec;

pub mod bar;
mod draw;
pub mod runs;
pub mod scaling;
mod svg;
pub mod text;
pub mod trend;

pub(crate) use draw::*;
pub use draw::{LanePalette, lane_of, xml_escape};
pub use text::{text_bar_chart, text_bar_chart_with_changes};

/// One SVG chart to write next to a machine page.
///
/// Serialisable, so a renderer can hand a list of them to a template (the
/// `svg` field is then serialised too; leave it out of the context if the
/// page does not inline it).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Chart {
    /// Path relative to the machine directory, `/`-separated:
    /// `charts/<section-id>-bar.svg`, `charts/<section-id>-scaling.svg`
    /// (with `-2`, `-3`… when a section has several), `charts/trend.svg`.
    pub file: String,
    /// Short title, also the SVG's `<title>` (use it as the figure caption).
    pub title: String,
    /// What the chart shows, in words, also the SVG's `<desc>` (use it as the
    /// `alt` text of the `<img>`).
    pub desc: String,
    /// What the chart shows in one sentence, for the `alt` text of the
    /// `<img>` in HTML and Markdown (the numbers are in the table):
    /// "Bar chart of Throughput (MB/s) for 2 kernels, bigger is better."
    pub alt: String,
    /// The SVG document.
    pub svg: String,
    /// Width of the SVG in pixels (for the `<img width>` attribute).
    pub width: u32,
    /// Height of the SVG in pixels (for the `<img height>` attribute).
    pub height: u32,
    /// The same chart drawn [`NARROW`] for a phone's screen, where the
    /// chart is drawn [`WIDTH`] wide whatever it shows (scaling and strip
    /// charts): its file is `charts/narrow/<file name>`.
    pub narrow: Option<Box<Chart>>,
}

impl Chart {
    /// How pages refer to the chart: its file, words and size, not its SVG.
    pub fn to_ref(&self) -> ChartRef {
        ChartRef {
            file: self.file.clone(),
            title: self.title.clone(),
            desc: self.desc.clone(),
            alt: self.alt.clone(),
            width: self.width,
            height: self.height,
            narrow: self.narrow.as_ref().map(|n| crate::report::NarrowRef {
                file: n.file.clone(),
                width: n.width,
                height: n.height,
                media: crate::report::narrow_media(self.width),
            }),
        }
    }
}

/// An SVG document to write beside a machine page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartFile {
    /// Path relative to the machine directory, `/`-separated, as in
    /// [`Chart::file`] (`charts/dbench-32-bar.svg`).
    pub file: String,
    /// The SVG document.
    pub svg: String,
}

/// One section's charts and its two chart notes (the section's, and the
/// brief one after its first chart: [`SectionPlan::note_after_first`]),
/// as [`page_charts`] gathers them.
type SectionCharts = (Vec<Chart>, [String; 2]);

/// The chart step of a laid-out machine page (after
/// [`crate::report::machine_page`]): draws every section's charts
/// ([`section_charts`]) beside the page's trend figures
/// ([`trend_charts`]), all in parallel, fills the page's chart
/// references ([`SectionView::charts`], [`MachinePage::trend_charts`]) and
/// returns the SVG documents: section by section in page order, then the
/// trend figures.
pub fn page_charts(page: &mut MachinePage) -> Vec<ChartFile> {
    let pal = page_palette(page);
    let order: Vec<String> = page.kernels.iter().map(|k| k.name.clone()).collect();
    // A large class's page shows each table's chosen kernels only: its
    // charts draw those rows.
    let summary = crate::report::summary_page(page);
    let view: &MachinePage = summary.as_ref().unwrap_or(page);
    // The trend charts beside the sections' charts: both only read the sections.
    let (charts, trends): (Vec<SectionCharts>, Vec<Chart>) = rayon::join(
        || {
            view.sections
                .par_iter()
                .map(|s| {
                    let plan = section_plan_on(s, view.kernels.len());
                    (draw_section(s, &plan.specs, &view.name, &pal), [plan.note(), plan.note_after_first()])
                })
                .collect()
        },
        // Across kernel versions: nothing to draw for machines or configs.
        || if view.axis.kernels { trend_charts_in(&view.sections, &view.name, &order, &pal) } else { Vec::new() },
    );
    let mut files = Vec::new();
    // The first note of the page says it whole, the others briefly
    // ([`SectionPlan::note_after_first`]).
    let mut said = false;
    for (s, (charts, [note, brief])) in page.sections.iter_mut().zip(charts) {
        s.chart_note = if said { brief } else { note };
        said |= !s.chart_note.is_empty();
        for c in charts {
            s.charts.push(c.to_ref());
            files.push(ChartFile { file: c.file, svg: c.svg });
            if let Some(n) = c.narrow {
                files.push(ChartFile { file: n.file, svg: n.svg });
            }
        }
    }
    for c in trends {
        page.trend_charts.push(c.to_ref());
        files.push(ChartFile { file: c.file, svg: c.svg });
        if let Some(n) = c.narrow {
            files.push(ChartFile { file: n.file, svg: n.svg });
        }
    }
    // The summary page drawn from keeps the same chart references, for
    // the HTML renderers (`report::shown_page`): made once, not again.
    page.summary = summary.map(|mut sm| {
        for (s, full) in sm.sections.iter_mut().zip(&page.sections) {
            s.charts.clone_from(&full.charts);
            s.chart_note.clone_from(&full.chart_note);
        }
        sm.trend_charts.clone_from(&page.trend_charts);
        Box::new(sm)
    });
    files
}

/// [`crate::report::site_view`] with every page's chart references filled
/// ([`page_charts`]; the SVG documents are drawn and dropped): for
/// renderings that link the charts without writing them (tests, previews).
pub fn site_view(site: &Site) -> SiteView {
    let mut view = crate::report::site_view(site);
    view.machines.par_iter_mut().for_each(|m| drop(page_charts(m)));
    view
}

/// A chart to draw: pure data, before any SVG.
#[derive(Debug, Clone, PartialEq)]
pub enum ChartSpec {
    /// Bars per kernel.
    Bar(bar::BarSpec),
    /// Lines per kernel over a numeric parameter.
    Scaling(scaling::ScalingSpec),
    /// Several metrics' lines over one parameter as small multiples
    /// ([`scaling::render_panels`]): a scaling section's metrics after its
    /// parts' headlines.
    ScalingPanels(Vec<scaling::ScalingSpec>),
}

impl ChartSpec {
    /// The metrics (column names) the chart draws: its panels', or its
    /// line's.
    pub fn metrics(&self) -> Vec<&str> {
        match self {
            ChartSpec::Bar(b) => b.panels.iter().map(|p| p.metric.as_str()).collect(),
            ChartSpec::Scaling(s) => vec![s.metric.as_str()],
            ChartSpec::ScalingPanels(v) => v.iter().map(|s| s.metric.as_str()).collect(),
        }
    }

    /// The chart's title.
    pub fn title(&self) -> &str {
        match self {
            ChartSpec::Bar(b) => &b.title,
            ChartSpec::Scaling(s) => &s.title,
            ChartSpec::ScalingPanels(v) => v.first().map_or("", |s| s.title.as_str()),
        }
    }
}

/// Most metric panels in one bar chart.
pub const MAX_BAR_PANELS: usize = 6;
/// Most charts one section produces (pages of bar panels, scaling charts
/// of each metric, per parameter combination); the page says what is left
/// out ([`SectionPlan::note`]).
pub const MAX_CHARTS_PER_SECTION: usize = 12;
/// Most section panels in one trend figure.
pub const MAX_TREND_PANELS: usize = 6;
/// Most trend figures per machine page.
pub const MAX_TREND_FIGURES: usize = 2;
/// Fewest kernels with a value for a section to get a trend panel.
pub const MIN_TREND_KERNELS: usize = 3;

/// The lane colours of a machine page: one [`LanePalette`] over its
/// kernels, so every chart of the page draws a patch tree alike (for a
/// class comparing something else, `compare:`, each item is a lane).
pub fn page_palette(page: &MachinePage) -> LanePalette {
    items_palette(&page.axis, page.kernels.iter().map(|k| k.name.as_str()))
}

/// The palette of the items `names` of a class comparing `axis`: their
/// patch trees for kernels, one lane per item otherwise.
fn items_palette<'a>(axis: &Compared, names: impl IntoIterator<Item = &'a str>) -> LanePalette {
    if axis.kernels { LanePalette::of_kernels(names) } else { LanePalette::in_order(names) }
}

/// The charts of one section: bar charts of its ranked metrics or scaling
/// charts (see the module documentation for the choice), at most
/// [`MAX_CHARTS_PER_SECTION`], coloured by the section's own lanes (a
/// page's charts use [`page_charts`], which colours by the page's).
///
/// `machine_name` goes into every title and description, so a chart read
/// on its own says where it was measured. Returns an empty vector when the
/// section has no finite number of a ranked metric to draw.
pub fn section_charts(section: &SectionView, machine_name: &str) -> Vec<Chart> {
    let pal = items_palette(&section.table.axis, section.table.rows.iter().map(|r| r.kernel.as_str()));
    draw_section(section, &plan_section(section), machine_name, &pal)
}

/// Draws the charts `specs` of `section` in the colours of `pal`.
fn draw_section(section: &SectionView, specs: &[ChartSpec], machine_name: &str, pal: &LanePalette) -> Vec<Chart> {
    let mut files = Vec::with_capacity(specs.len());
    let (mut nbar, mut nscale) = (0, 0);
    for spec in specs {
        let (kind, n) = match spec {
            ChartSpec::Bar(_) => {
                nbar += 1;
                ("bar", nbar)
            }
            ChartSpec::Scaling(_) | ChartSpec::ScalingPanels(_) => {
                nscale += 1;
                ("scaling", nscale)
            }
        };
        files.push(if n == 1 {
            format!("charts/{}-{kind}.svg", section.id)
        } else {
            format!("charts/{}-{kind}-{n}.svg", section.id)
        });
    }
    // Drawn in parallel: a section of a 300-kernel class has a few bar
    // charts of 300 bars each, the longest steps of laying out a class.
    let mut charts: Vec<Chart> = specs
        .par_iter()
        .zip(files)
        .filter_map(|(spec, file)| {
            // With a phone's copy of a chart drawn wide whatever it shows.
            let (drawn, alt, narrow) = match spec {
                ChartSpec::Bar(b) => {
                    let [drawn, narrow] = bar::render_both(b, machine_name, pal);
                    (drawn, bar::alt(b), narrow)
                }
                ChartSpec::Scaling(s) => (
                    scaling::render(s, machine_name, pal),
                    scaling::alt(s),
                    scaling::render_at(s, machine_name, pal, NARROW),
                ),
                ChartSpec::ScalingPanels(v) => (
                    scaling::render_panels(v, machine_name, pal),
                    scaling::alt_panels(v),
                    scaling::render_panels_at(v, machine_name, pal, NARROW),
                ),
            };
            drawn.map(|(title, desc, svg)| with_narrow(chart(file, title, desc, alt, svg), narrow))
        })
        .collect();
    // Every run, where a kernel has three or more (`runs`).
    if let Some(spec) = runs::plan(section)
        && let Some((title, desc, svg)) = runs::render(&spec, machine_name, pal)
    {
        let c = chart(format!("charts/{}-runs.svg", section.id), title, desc, runs::alt(&spec), svg);
        charts.push(with_narrow(c, runs::render_at(&spec, machine_name, pal, NARROW)));
    }
    charts
}

/// `c` with its phone copy `narrow` (as drawn: title, description, SVG),
/// written to `charts/narrow/` under the same file name.
fn with_narrow(mut c: Chart, narrow: Option<(String, String, String)>) -> Chart {
    c.narrow = narrow.map(|(title, desc, svg)| {
        let file = match c.file.strip_prefix("charts/") {
            Some(name) => format!("charts/narrow/{name}"),
            None => format!("narrow/{}", c.file),
        };
        Box::new(chart(file, title, desc, c.alt.clone(), svg))
    });
    c
}

/// The trend figures of a machine page: the headline metric of each section
/// across kernel versions, one line per patch tree (see the module
/// documentation). Empty when the page has fewer than
/// [`MIN_TREND_KERNELS`] kernels with values in some section.
///
/// Files: `charts/trend.svg`, then `charts/trend-2.svg`.
pub fn machine_trend_charts(page: &MachinePage) -> Vec<Chart> {
    if !page.axis.kernels {
        return Vec::new();
    }
    let order: Vec<String> = page.kernels.iter().map(|k| k.name.clone()).collect();
    trend_charts_in(&page.sections, &page.name, &order, &page_palette(page))
}

/// [`machine_trend_charts`] of a page's sections (`machine_name`: the
/// page's name), before the page is put together: kernels in the order
/// their first rows have in the sections' tables, coloured by their lanes.
pub fn trend_charts(sections: &[SectionView], machine_name: &str) -> Vec<Chart> {
    let mut order: Vec<String> = Vec::new();
    for r in sections.iter().flat_map(|s| &s.table.rows) {
        if !order.contains(&r.kernel) {
            order.push(r.kernel.clone());
        }
    }
    let pal = LanePalette::of_kernels(order.iter().map(String::as_str));
    trend_charts_in(sections, machine_name, &order, &pal)
}

/// The trend figures of `sections`, kernels in `order`, lanes coloured by `pal`.
fn trend_charts_in(sections: &[SectionView], machine_name: &str, order: &[String], pal: &LanePalette) -> Vec<Chart> {
    trend::plan(sections, order)
        .par_iter()
        .enumerate()
        .filter_map(|(i, spec)| {
            let file = if i == 0 { "charts/trend.svg".to_string() } else { format!("charts/trend-{}.svg", i + 1) };
            let narrow = trend::render_at(spec, machine_name, pal, NARROW);
            trend::render(spec, machine_name, pal)
                .map(|(title, desc, svg)| with_narrow(chart(file, title, desc, trend::alt(spec), svg), narrow))
        })
        .collect()
}

/// The most significant digits a value's label on a chart shows.
const LABEL_DIGITS: usize = 6;

/// A value's label on a chart: the table's text (`text`, of the value
/// `mean`) with no more than [`LABEL_DIGITS`] significant digits, fewer
/// decimals where it has more, never fewer whole digits: fio's IOPS
/// `29330065.629016` → `29330066`, `26479.533411` → `26479.5`; `9.34220`,
/// `0.00046` and `1258` as they are. The table and the chart's
/// description keep every printed digit; a bar's label of fifteen
/// characters ran into the next panel's.
pub(crate) fn value_label(mean: f64, text: &str) -> compact_str::CompactString {
    let Some((whole, decimals)) = text.split_once('.') else { return text.into() };
    let whole_digits = whole.trim_start_matches(['-', '+']).trim_start_matches('0').len();
    if whole_digits + decimals.len() <= LABEL_DIGITS {
        return text.into();
    }
    crate::report::fmt_fixed(mean, LABEL_DIGITS.saturating_sub(whole_digits))
}

/// A [`Chart`], with its size read back from the `<svg>` tag.
fn chart(file: String, title: String, desc: String, alt: String, svg: String) -> Chart {
    let attr = |name: &str| -> u32 {
        let key = format!(" {name}=\"");
        svg.find(&key).and_then(|i| svg[i + key.len()..].split('"').next()).and_then(|v| v.parse().ok()).unwrap_or(0)
    };
    let (width, height) = (attr("width"), attr("height"));
    Chart { file, title, desc, alt, svg, width, height, narrow: None }
}

/// Index of the headline column ([`crate::report::chart_headline`]): the
/// view model's [`crate::report::headline`], else the first with a better
/// direction other than [`Better::Neither`], else the first column; `None`
/// without columns.
pub fn headline_column(table: &TableView) -> Option<usize> {
    crate::report::chart_headline(table)
}

/// The headline of each part of the table (`parts:`, [`ColumnView::part`]):
/// its first ranked column, else its first column; one per part, in
/// column order (one for a section without parts, the same as
/// [`headline_column`]).
///
/// [`ColumnView::part`]: crate::report::ColumnView::part
pub fn part_headlines(table: &TableView) -> Vec<usize> {
    let mut heads: Vec<usize> = Vec::new();
    // The index in `heads` of each part's headline.
    let mut of_part: rustc_hash::FxHashMap<usize, usize> = rustc_hash::FxHashMap::default();
    for (i, c) in table.columns.iter().enumerate() {
        match of_part.get(&c.part) {
            None => {
                of_part.insert(c.part, heads.len());
                heads.push(i);
            }
            Some(&k) if table.columns[heads[k]].better == Better::Neither && c.better != Better::Neither => {
                heads[k] = i
            }
            Some(_) => {}
        }
    }
    heads
}

/// The columns the charts draw: every ranked column (one with a better
/// direction), the chart headline ([`crate::report::chart_headline`])
/// first, then in table order. Informational columns (MHz, %CPU, counts:
/// [`Better::Neither`]) are not results and are not drawn; a table of
/// only such columns has none. Bar charts show them as panels, paged
/// ([`bar::pages`]); scaling charts draw one each.
pub fn bar_columns(table: &TableView) -> Vec<usize> {
    let head = headline_column(table);
    let ranked = (0..table.columns.len()).filter(|&i| table.columns[i].better != Better::Neither && Some(i) != head);
    head.into_iter().chain(ranked).collect()
}

/// Reads a parameter value as a number for an axis: `"32"` → 32,
/// `"0.00049"` → 0.00049, `"64K"`/`"64k"` → 65536, `"1024M"`/`"1024MB"` →
/// 1024·2²⁰, `"2G"` → 2·2³⁰. `None` for anything else or a non-finite value.
pub fn param_number(s: &str) -> Option<f64> {
    let t = s.trim();
    if t.is_empty() {
        return None;
    }
    if let Ok(v) = t.parse::<f64>() {
        return v.is_finite().then_some(v);
    }
    let lower = t.to_ascii_lowercase();
    let stripped = lower.strip_suffix("ib").or_else(|| lower.strip_suffix('b')).unwrap_or(&lower);
    let (num, mult) = match stripped.chars().last()? {
        'k' => (&stripped[..stripped.len() - 1], 1024.0),
        'm' => (&stripped[..stripped.len() - 1], 1024.0 * 1024.0),
        'g' => (&stripped[..stripped.len() - 1], 1024.0 * 1024.0 * 1024.0),
        _ => return None,
    };
    let v = num.trim().parse::<f64>().ok()? * mult;
    v.is_finite().then_some(v)
}

/// "procs 64, file size 252 MB": the non-empty parameter values of a row,
/// each after its header and before its unit (`units` as
/// [`crate::report::TableView::param_units`]), as the tables print them.
pub fn param_label(units: &[(String, String)], headers: &[String], values: &[String]) -> String {
    headers
        .iter()
        .zip(values)
        .filter(|(_, v)| !v.is_empty())
        .map(|(h, v)| if h.is_empty() { v.clone() } else { crate::report::param_text(units, h, v) })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Groups row indices by a key, keeping first-appearance order.
fn group_rows<K: PartialEq + Clone>(keys: impl Iterator<Item = K>) -> Vec<(K, Vec<usize>)> {
    let mut out: Vec<(K, Vec<usize>)> = Vec::new();
    for (i, k) in keys.enumerate() {
        match out.iter_mut().find(|(x, _)| *x == k) {
            Some((_, v)) => v.push(i),
            None => out.push((k, vec![i])),
        }
    }
    out
}

/// The numeric parameter a scaling chart puts on its x axis: among the
/// parameter columns whose every non-empty value is a number and that take at
/// least two distinct values, the one under which most rows have company:
/// rows grouped by the other parameters (those not [`repeats`] of it), the
/// rows of groups that hold two x values or more. On a tie, a
/// thread-like name (`clients`, `threads`, `procs`, `jobs`: [`THREAD_LIKE`]),
/// then most distinct values, then the first. pgbench's `scale`, `clients`
/// and a `dir` repeating `scale` (the scale's directory) each take three
/// values: `scale` (the first) left every group one x value and bars
/// (archive35 6d); `clients` gives a line per scale.
pub fn scaling_param(table: &TableView) -> Option<usize> {
    let np = table.param_headers.len();
    let mut best: Option<(usize, (usize, bool, usize))> = None;
    for p in 0..np {
        // The distinct values by their bits (`0.0 + x`: -0 is 0), hashed: a
        // search of a list for each row took a 20,000-row will-it-scale
        // CSV's check seconds (newcomer30 P2-2).
        let mut distinct: rustc_hash::FxHashSet<u64> = rustc_hash::FxHashSet::default();
        let mut numeric = true;
        for r in &table.rows {
            let Some(v) = r.params.get(p).filter(|v| !v.trim().is_empty()) else { continue };
            match param_number(v) {
                Some(x) => {
                    distinct.insert((x + 0.0).to_bits());
                }
                None => {
                    numeric = false;
                    break;
                }
            }
        }
        if !numeric || distinct.len() < 2 {
            continue;
        }
        // A column repeating an earlier one's values (a `dir` of the
        // scale) is that one again, not an axis of its own.
        if (0..p).any(|q| repeats(table, q, p)) {
            continue;
        }
        let others: Vec<usize> = (0..np).filter(|&q| q != p && !repeats(table, p, q)).collect();
        let mut groups: rustc_hash::FxHashMap<Vec<&str>, (rustc_hash::FxHashSet<&str>, usize)> =
            rustc_hash::FxHashMap::default();
        for r in &table.rows {
            let key: Vec<&str> = others.iter().map(|&q| r.params.get(q).map_or("", String::as_str)).collect();
            let g = groups.entry(key).or_default();
            g.0.insert(r.params.get(p).map_or("", String::as_str));
            g.1 += 1;
        }
        let company: usize = groups.values().filter(|g| g.0.len() >= 2).map(|g| g.1).sum();
        let name = table.param_headers[p].to_lowercase();
        let score = (company, THREAD_LIKE.iter().any(|t| name == *t), distinct.len());
        if best.is_none_or(|(_, b)| score > b) {
            best = Some((p, score));
        }
    }
    best.map(|(p, _)| p)
}

/// Parameter names a scaling chart prefers on its x axis on a tie: how
/// many clients, threads, processes or jobs ran.
pub const THREAD_LIKE: &[&str] =
    &["clients", "threads", "procs", "processes", "jobs", "numjobs", "tasks", "copies", "workers", "nproc", "cpus"];

pub use crate::report::grid::repeats;

/// The specs of one section's charts, in order (see the module docs):
/// [`section_plan`]'s.
pub fn plan_section(section: &SectionView) -> Vec<ChartSpec> {
    section_plan(section).specs
}

/// Why a metric of a section is in none of its charts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotDrawn {
    /// No better direction (MHz, %CPU, counts): not a result.
    Informational,
    /// No finite value in any row.
    NoValues,
    /// Its charts were past [`MAX_CHARTS_PER_SECTION`].
    TooManyCharts,
    /// A section drawn as lines over a parameter (lmbench's `size`) where
    /// no kernel has two points of this metric: no line to draw, and no
    /// bars either, the other metrics having lines. newcomer59b's lmbench
    /// section (bw_mem rd at one size on 6.9.0, mmap over 20 sizes on
    /// 6.10.0) said bw_mem rd was "past the section's chart limit": no
    /// limit was reached.
    OnePoint,
    /// Drawn only in bar charts of one bar each (one kernel at its
    /// set-up), which a page comparing several kernels leaves out: one
    /// bar compares nothing ([`SectionPlan::alone`] names the kernels).
    Alone,
}

/// A section's charts, and what they leave out.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionPlan {
    /// The charts to draw, at most [`MAX_CHARTS_PER_SECTION`].
    pub specs: Vec<ChartSpec>,
    /// How many charts the section's metrics and parameter sets would make.
    pub specs_total: usize,
    /// Every column in none of `specs`, by index, with the reason.
    pub not_drawn: Vec<(usize, NotDrawn)>,
    /// Column names, for the note.
    names: Vec<String>,
    /// The parameter the section's lines are drawn over (lmbench's
    /// `size`), if any, for the note on [`NotDrawn::OnePoint`].
    x_name: Option<String>,
    /// The kernels (or boards…: the class's `compare:`) whose bar charts
    /// were left out because each was the only one at its set-up
    /// ([`section_plan_on`]), in table order. newcomer59b's tiobench (one
    /// kernel of three) drew 4 charts of 24 panels of one bar each, six
    /// of them "0"; its stress-ng, a chart per set-up of one kernel each.
    pub alone: Vec<String>,
    /// What one bar stands for ("kernel", "board"), for the note.
    one: String,
}

impl SectionPlan {
    /// What the page says under the section's charts about the metrics
    /// they leave out, or "" when they draw every one: "Not charted: Mhz
    /// (informational: no better direction). The table has every value."
    pub fn note(&self) -> String {
        self.note_with(true)
    }

    /// [`SectionPlan::note`] under a section's charts after a page's
    /// first such note, which said what the words mean: "Not charted:
    /// CPU% (informational)." The quad Xeon's Markdown page said "(…
    /// informational: no better direction). The table has every value."
    /// under each of its eight tiobench tables.
    pub fn note_after_first(&self) -> String {
        self.note_with(false)
    }

    /// [`SectionPlan::note`], whole or (`whole` false) without what a
    /// page's first note said: why an informational column has no chart,
    /// and that the table has every value.
    fn note_with(&self, whole: bool) -> String {
        let group = |why: NotDrawn| -> Vec<&str> {
            self.not_drawn.iter().filter(|(_, w)| *w == why).map(|(c, _)| self.names[*c].as_str()).collect()
        };
        let mut parts: Vec<String> = Vec::new();
        let informational = if whole { "informational: no better direction" } else { "informational" };
        let limit = format!(
            "past the {MAX_CHARTS_PER_SECTION} charts a section draws: a section of its own (`metrics:` in \
             machine.yaml) charts it"
        );
        let one_point = match self.x_name.as_deref().filter(|x| !x.is_empty()) {
            Some(x) => format!("one {x} per kernel: no line to draw"),
            None => "no chart drew it".to_string(),
        };
        for (why, words) in [
            (NotDrawn::Informational, informational),
            (NotDrawn::NoValues, "no values"),
            (NotDrawn::TooManyCharts, limit.as_str()),
            (NotDrawn::OnePoint, one_point.as_str()),
        ] {
            let names = group(why);
            if !names.is_empty() {
                parts.push(format!("{} ({words})", names.join(", ")));
            }
        }
        // The columns only those charts drew are not named one by one
        // (tiobench's 24): the kernels are.
        match self.alone.as_slice() {
            [] => {}
            [k] => parts.push(format!(
                "{k}'s values (no other {} in the table at its set-up: a chart of one bar compares nothing)",
                self.one
            )),
            many => parts.push(format!(
                "the values of {} (each the only {} at its set-up: a chart of one bar compares nothing)",
                many.join(", "),
                self.one
            )),
        }
        let mut note = String::new();
        if !parts.is_empty() {
            note = format!("Not charted: {}.", parts.join("; "));
        }
        if self.specs_total > self.specs.len() {
            if !note.is_empty() {
                note.push(' ');
            }
            note.push_str(&format!(
                "{} of {} charts drawn (at most {MAX_CHARTS_PER_SECTION} per section).",
                self.specs.len(),
                self.specs_total
            ));
        }
        if whole && !note.is_empty() {
            note.push_str(" The table has every value.");
        }
        note
    }
}

/// The charts of one section (see the module docs) and the metrics they
/// leave out, with the reason: every ranked metric is drawn (bar panels
/// paged over several charts, a scaling chart each) unless the section
/// passes [`MAX_CHARTS_PER_SECTION`].
pub fn section_plan(section: &SectionView) -> SectionPlan {
    section_plan_on(section, 1)
}

/// [`section_plan`] of a section on a page comparing `page_items`
/// kernels (boards…): where that is two or more, a bar chart of one bar
/// per panel (one kernel at its set-up) is left out and the note names
/// its kernel ([`SectionPlan::alone`]); on a page of one kernel every
/// chart is of one bar, and they stay.
pub fn section_plan_on(section: &SectionView, page_items: usize) -> SectionPlan {
    let keyed = crate::report::grid::keyed(&section.table);
    let t = &*keyed;
    let mut specs = if headline_column(t).is_none() { Vec::new() } else { all_specs(section) };
    let mut alone: Vec<String> = Vec::new();
    // The metrics of the charts left out as one bar each.
    let mut lone_metrics: rustc_hash::FxHashSet<String> = rustc_hash::FxHashSet::default();
    if page_items >= 2 {
        specs.retain(|s| match s {
            ChartSpec::Bar(b) if b.kernels.len() == 1 => {
                if !alone.contains(&b.kernels[0].name) {
                    alone.push(b.kernels[0].name.clone());
                }
                lone_metrics.extend(b.panels.iter().map(|p| p.metric.clone()));
                false
            }
            _ => true,
        });
    }
    // In table order.
    alone.sort_by_key(|k| t.rows.iter().position(|r| &r.kernel == k));
    let specs_total = specs.len();
    // The metrics of the charts past the limit.
    let past: rustc_hash::FxHashSet<String> =
        specs.iter().skip(MAX_CHARTS_PER_SECTION).flat_map(ChartSpec::metrics).map(str::to_string).collect();
    specs.truncate(MAX_CHARTS_PER_SECTION);
    let drawn: rustc_hash::FxHashSet<&str> = specs.iter().flat_map(ChartSpec::metrics).collect();
    let not_drawn = t
        .columns
        .iter()
        .enumerate()
        .filter(|(_, c)| !drawn.contains(c.name.as_str()))
        .map(|(i, c)| {
            let has_value = t
                .rows
                .iter()
                .any(|r| r.cells.get(i).and_then(Option::as_ref).is_some_and(|x| x.summary.mean.is_finite()));
            let why = if c.better == Better::Neither {
                NotDrawn::Informational
            } else if !has_value {
                NotDrawn::NoValues
            } else if past.contains(c.name.as_str()) {
                NotDrawn::TooManyCharts
            } else if lone_metrics.contains(c.name.as_str()) {
                NotDrawn::Alone
            } else {
                NotDrawn::OnePoint
            };
            (i, why)
        })
        .collect();
    let x_name = scaling_param(t).and_then(|x| t.param_headers.get(x)).cloned();
    SectionPlan {
        specs,
        specs_total,
        not_drawn,
        names: t.columns.iter().map(|c| c.label().to_string()).collect(),
        x_name,
        alone,
        one: t.axis.one.to_string(),
    }
}

/// Every chart of a section, before [`MAX_CHARTS_PER_SECTION`].
fn all_specs(section: &SectionView) -> Vec<ChartSpec> {
    let keyed = crate::report::grid::keyed(&section.table);
    let t = &*keyed;
    let cols = bar_columns(t);
    let bars = |rows: &[usize], label: &str| -> Vec<ChartSpec> {
        bar::plan(section, &cols, rows, label)
            .map(bar::pages)
            .unwrap_or_default()
            .into_iter()
            .map(ChartSpec::Bar)
            .collect()
    };
    let Some(xp) = scaling_param(t) else {
        return group_rows(t.rows.iter().map(|r| r.params.clone()))
            .into_iter()
            .flat_map(|(combo, rows)| bars(&rows, &param_label(&t.param_units, &t.param_headers, &combo)))
            .collect();
    };
    // The other parameters, those repeating the x axis's (a `dir` of the
    // scale) left out: they would split each line into points.
    let other = |i: usize| i != xp && !repeats(t, xp, i);
    let others = |r: &crate::report::RowView| -> Vec<String> {
        r.params.iter().enumerate().filter(|(i, _)| other(*i)).map(|(_, v)| v.clone()).collect()
    };
    let other_headers: Vec<String> =
        t.param_headers.iter().enumerate().filter(|(i, _)| other(*i)).map(|(_, h)| h.clone()).collect();
    // Each part's headline a chart of its own (sequential and random reads
    // side by side: one each), then the other ranked metrics as small
    // multiples.
    let heads: Vec<usize> = part_headlines(t).into_iter().filter(|&c| t.columns[c].better != Better::Neither).collect();
    let rest: Vec<usize> = cols.iter().copied().filter(|c| !heads.contains(c)).collect();
    group_rows(t.rows.iter().map(others))
        .into_iter()
        .flat_map(|(combo, rows)| {
            let label = param_label(&t.param_units, &other_headers, &combo);
            // The lines of columns `cs` with two x values or more among
            // the points drawn, and some kernel with two of them: one
            // kernel at jobs 8 and another at jobs 144 are two set-ups the
            // table does not compare, not a line (newcomer34 F7).
            let lines = |cs: &[usize]| -> Vec<ScalingSpec> {
                cs.iter()
                    .filter_map(|&c| scaling::plan(section, c, xp, &rows, &label))
                    .filter(|s| s.x_ticks.len() >= 2 && s.series.iter().any(|l| l.points.len() >= 2))
                    .collect()
            };
            let (head_lines, rest_lines) = (lines(&heads), lines(&rest));
            if !head_lines.is_empty() || !rest_lines.is_empty() {
                let mut out: Vec<ChartSpec> = head_lines.into_iter().map(ChartSpec::Scaling).collect();
                out.extend(rest_lines.chunks(MAX_BAR_PANELS).map(|c| match c {
                    [one] => ChartSpec::Scaling(one.clone()),
                    many => ChartSpec::ScalingPanels(many.to_vec()),
                }));
                return out;
            }
            // One x value (among the points drawn), or one per kernel:
            // lines of single points say nothing; bars do, one chart per parameter set as
            // for any table.
            group_rows(rows.iter().map(|&ri| t.rows[ri].params.clone()))
                .into_iter()
                .flat_map(|(params, sub)| {
                    let sub: Vec<usize> = sub.iter().map(|&i| rows[i]).collect();
                    bars(&sub, &param_label(&t.param_units, &t.param_headers, &params))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The specs of a page's trend figures (see the module docs).
pub fn plan_trends(page: &MachinePage) -> Vec<trend::TrendSpec> {
    let order: Vec<String> = page.kernels.iter().map(|k| k.name.clone()).collect();
    trend::plan(&page.sections, &order)
}

// Shared drawing helpers: sizes, colours, text, axes, legend, SVG wrapping,
// in `draw.rs`.

#[cfg(test)]
mod tests {
    use super::*;

    /// The note names the chart limit and what charts a metric past it,
    /// and says a metric of one point on a section's x axis has no line
    /// (newcomer59b: lmbench's bw_mem rd was "past the section's chart
    /// limit", which was not reached).
    #[test]
    fn the_note_says_why_a_metric_has_no_chart() {
        let plan = |x: Option<&str>| SectionPlan {
            specs: Vec::new(),
            specs_total: 0,
            not_drawn: vec![(0, NotDrawn::TooManyCharts), (1, NotDrawn::OnePoint)],
            names: vec!["Mmap latency".into(), "bw_mem rd".into()],
            x_name: x.map(str::to_string),
            alone: Vec::new(),
            one: "kernel".into(),
        };
        assert_eq!(
            plan(Some("size")).note(),
            "Not charted: Mmap latency (past the 12 charts a section draws: a section of its own (`metrics:` in \
             machine.yaml) charts it); bw_mem rd (one size per kernel: no line to draw). The table has every value."
        );
        assert!(plan(None).note().contains("bw_mem rd (no chart drew it)"));
    }

    /// pgbench's `scale`, `clients` and a `dir` that repeats `scale` (the
    /// runs' scale directory) each take three values: `scale`, the first,
    /// left each group (by clients and dir) one x value, and bars instead
    /// of a scaling chart (archive35 6d). `clients` gives a line per scale.
    #[test]
    fn the_axis_is_the_parameter_that_gives_lines() {
        let mut rows = Vec::new();
        for scale in ["30", "300", "1500"] {
            for clients in ["1", "4", "16"] {
                for k in ["2.6.39", "3.0"] {
                    let params = vec![scale.to_string(), clients.to_string(), scale.to_string()];
                    rows.push(crate::report::RowView::new(k.to_string(), params, vec![None]));
                }
            }
        }
        let t = TableView {
            param_headers: vec!["scale".into(), "clients".into(), "dir".into()],
            rows,
            ..TableView::default()
        };
        assert_eq!(scaling_param(&t), Some(1));
        assert!(repeats(&t, 0, 2) && !repeats(&t, 0, 1));
        // A dir of the scale alone beside it: the scale's line, not one
        // point per dir.
        let mut t2 = t.clone();
        t2.param_headers = vec!["scale".into(), "dir".into()];
        for r in &mut t2.rows {
            r.params.remove(1);
        }
        assert_eq!(scaling_param(&t2), Some(0));
        // Grids, charts and row labels leave such a `dir` out; a `dir`
        // of its own (ext4, xfs) stays.
        let k = crate::report::grid::keyed(&t);
        assert_eq!(k.param_headers, ["scale", "clients"]);
        assert!(k.rows.iter().all(|r| r.params.len() == 2) && k.rows[2].params == ["30", "4"]);
        assert_eq!(param_label(&k.param_units, &k.param_headers, &k.rows[2].params), "scale 30, clients 4");
        // A chart's label gives a parameter's unit as the table does
        // (review62 site #2: `file size 252` beside the table's `… 252 MB`).
        let units = [("file size".to_string(), "MB".to_string())];
        let headers = ["file size".to_string(), "threads".to_string()];
        assert_eq!(param_label(&units, &headers, &["252".into(), "8".into()]), "file size 252 MB, threads 8");
        assert_eq!(
            crate::report::params_text(&t, &t.rows[2], &crate::report::grid::repeated_dirs(&t)),
            "scale 30, clients 4"
        );
        let mut t3 = t.clone();
        t3.rows[0].params[2] = "ext4".into();
        assert!(crate::report::grid::repeated_dirs(&t3).is_empty());
        assert_eq!(crate::report::grid::keyed(&t3).param_headers.len(), 3);
    }

    #[test]
    fn params_as_numbers() {
        assert_eq!(param_number("32"), Some(32.0));
        assert_eq!(param_number(" 0.00049 "), Some(0.00049));
        assert_eq!(param_number("64K"), Some(65536.0));
        assert_eq!(param_number("1024M"), Some(1024.0 * 1048576.0));
        assert_eq!(param_number("2GB"), Some(2.0 * 1073741824.0));
        assert_eq!(param_number("seq"), None);
        assert_eq!(param_number(""), None);
        assert_eq!(param_number("NaN"), None);
        assert_eq!(param_number("inf"), None);
    }
}
