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
//!      when the values span more than two decades and crowd at the low end
//!      (see [`scaling`]). Further parameter
//!      columns split it into one chart per combination of their values; a
//!      combination in which the parameter takes a single value (kernbench:
//!      half load ran `-j 4` only, optimal load `-j 16` only) gets a bar
//!      chart instead, its lines being single points. A scaling chart draws
//!      at most [`scaling::MAX_SCALING_LINES`] kernels (the baseline and the
//!      last ones in the table) and says so;
//!    * any other table gets a **bar chart** ([`bar`]) per kernel: one panel
//!      per ranked metric (small multiples sharing the kernel axis, at most
//!      [`MAX_BAR_PANELS`]), or the first column when no column is ranked.
//!      Text-valued parameter columns give one bar chart per combination;
//!    * a whole machine page with three or more kernels gets one **trend
//!      figure** ([`trend`]): one small panel per section showing its headline
//!      metric at its first parameter set, kernels on the x axis in version
//!      order, one line per patch tree ("lane"). At most
//!      [`MAX_TREND_PANELS`] panels per figure and [`MAX_TREND_FIGURES`]
//!      figures per page, so a page with many sections stays readable.
//!    * a section where some kernel's value has three or more recorded
//!      runs also gets a **strip chart** of every run ([`runs`]).
//! 2. **Drawing** (`bar.rs`, `scaling.rs`, `trend.rs`): specs become SVG with
//!    plotters' `SVGBackend::with_string`, without fonts: labels are real
//!    `<text>` elements the browser draws; widths are estimated.
//!
//! The *headline* metric of a table is the one the view model chose
//! ([`crate::report::headline`]: the section's `headline:`, the first of
//! its `metrics:`, the largest significant change, a table's only column),
//! the same the mail's star bars draw; else its first column with a better
//! direction, or its first column when none is ranked ([`headline_column`]).
//!
//! Every SVG
//! * starts with `<title>` and `<desc>` saying in words what it shows (for
//!   screen readers and as the `alt` text of the `<img>`);
//! * draws on a **white rounded rectangle** with dark text, so it reads the
//!   same on light and dark pages (a chart with `currentColor` text would
//!   change colour with the page but not its bars and grid; a white card is
//!   simpler and prints well);
//! * colours kernels by patch tree: every lane has a hue family (mainline
//!   blue, `-aa` orange, `-mm` green, `-ac` purple, `-rmap` red, `-ck`
//!   brown; other trees get a family from a stable hash of their name), so
//!   all `-aa` kernels share a hue;
//! * is byte-identical from run to run (no hash-map order, no timestamps).
//!
//! Nothing here panics on odd input: NaN or infinite values are left out,
//! an empty table gives no chart, all-equal or all-zero values give a chart
//! with a sensible axis.

use crate::model::Better;
use crate::report::{ChartRef, MachinePage, SectionView, SiteView, TableView};
use crate::site::Site;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use rayon::prelude::*;
use scaling::ScalingSpec;

pub mod bar;
mod draw;
pub mod runs;
pub mod scaling;
pub mod text;
pub mod trend;

pub(crate) use draw::*;
pub use draw::{lane_of, xml_escape};
pub use text::text_bar_chart;

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
    /// "Bar chart of Throughput (MB/s) for 2 kernels, higher is better."
    pub alt: String,
    /// The SVG document.
    pub svg: String,
    /// Width of the SVG in pixels (for the `<img width>` attribute).
    pub width: u32,
    /// Height of the SVG in pixels (for the `<img height>` attribute).
    pub height: u32,
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

/// The chart step of a laid-out machine page (after
/// [`crate::report::machine_page`]): draws every section's charts
/// ([`section_charts`]) beside the page's trend figures
/// ([`trend_charts`]), all in parallel, fills the page's chart
/// references ([`SectionView::charts`], [`MachinePage::trend_charts`]) and
/// returns the SVG documents: section by section in page order, then the
/// trend figures.
pub fn page_charts(page: &mut MachinePage) -> Vec<ChartFile> {
    // The trend charts beside the sections' charts: both only read the sections.
    let (charts, trends): (Vec<Vec<Chart>>, Vec<Chart>) = rayon::join(
        || page.sections.par_iter().map(|s| section_charts(s, &page.name)).collect(),
        || trend_charts(&page.sections, &page.name),
    );
    let mut files = Vec::new();
    for (s, charts) in page.sections.iter_mut().zip(charts) {
        for c in charts {
            s.charts.push(c.to_ref());
            files.push(ChartFile { file: c.file, svg: c.svg });
        }
    }
    for c in trends {
        page.trend_charts.push(c.to_ref());
        files.push(ChartFile { file: c.file, svg: c.svg });
    }
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
}

impl ChartSpec {
    /// The chart's title.
    pub fn title(&self) -> &str {
        match self {
            ChartSpec::Bar(b) => &b.title,
            ChartSpec::Scaling(s) => &s.title,
        }
    }
}

/// Most metric panels in one bar chart.
pub const MAX_BAR_PANELS: usize = 6;
/// Most charts one section produces (one per parameter combination).
pub const MAX_CHARTS_PER_SECTION: usize = 6;
/// Most section panels in one trend figure.
pub const MAX_TREND_PANELS: usize = 6;
/// Most trend figures per machine page.
pub const MAX_TREND_FIGURES: usize = 2;
/// Fewest kernels with a value for a section to get a trend panel.
pub const MIN_TREND_KERNELS: usize = 3;

/// The charts of one section: a bar chart or a scaling chart of its headline
/// metric (see the module documentation for the choice), one per parameter
/// combination, at most [`MAX_CHARTS_PER_SECTION`].
///
/// `machine_name` goes into every title and description, so a chart read
/// on its own says where it was measured. Returns an empty vector when the
/// section has no finite number to draw.
pub fn section_charts(section: &SectionView, machine_name: &str) -> Vec<Chart> {
    let specs = plan_section(section);
    let mut files = Vec::with_capacity(specs.len());
    let (mut nbar, mut nscale) = (0, 0);
    for spec in &specs {
        let (kind, n) = match spec {
            ChartSpec::Bar(_) => {
                nbar += 1;
                ("bar", nbar)
            }
            ChartSpec::Scaling(_) => {
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
            let (drawn, alt) = match spec {
                ChartSpec::Bar(b) => (bar::render(b, machine_name), bar::alt(b)),
                ChartSpec::Scaling(s) => (scaling::render(s, machine_name), scaling::alt(s)),
            };
            drawn.map(|(title, desc, svg)| chart(file, title, desc, alt, svg))
        })
        .collect();
    // Every run, where a kernel has three or more (`runs`).
    if let Some(spec) = runs::plan(section)
        && let Some((title, desc, svg)) = runs::render(&spec, machine_name)
    {
        charts.push(chart(format!("charts/{}-runs.svg", section.id), title, desc, runs::alt(&spec), svg));
    }
    charts
}

/// The trend figures of a machine page: the headline metric of each section
/// across kernel versions, one line per patch tree (see the module
/// documentation). Empty when the page has fewer than
/// [`MIN_TREND_KERNELS`] kernels with values in some section.
///
/// Files: `charts/trend.svg`, then `charts/trend-2.svg`.
pub fn machine_trend_charts(page: &MachinePage) -> Vec<Chart> {
    trend_charts(&page.sections, &page.name)
}

/// [`machine_trend_charts`] of a page's sections (`machine_name`: the
/// page's name), before the page is put together.
pub fn trend_charts(sections: &[SectionView], machine_name: &str) -> Vec<Chart> {
    trend::plan(sections)
        .par_iter()
        .enumerate()
        .filter_map(|(i, spec)| {
            let file = if i == 0 { "charts/trend.svg".to_string() } else { format!("charts/trend-{}.svg", i + 1) };
            trend::render(spec, machine_name).map(|(title, desc, svg)| chart(file, title, desc, trend::alt(spec), svg))
        })
        .collect()
}

/// A [`Chart`], with its size read back from the `<svg>` tag.
fn chart(file: String, title: String, desc: String, alt: String, svg: String) -> Chart {
    let attr = |name: &str| -> u32 {
        let key = format!(" {name}=\"");
        svg.find(&key).and_then(|i| svg[i + key.len()..].split('"').next()).and_then(|v| v.parse().ok()).unwrap_or(0)
    };
    let (width, height) = (attr("width"), attr("height"));
    Chart { file, title, desc, alt, svg, width, height }
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

/// The columns a bar chart shows as panels: the headline column
/// ([`crate::report::headline`]) first when the table has one, then every
/// other ranked column (at most [`MAX_BAR_PANELS`] in all); else the first
/// column.
pub fn bar_columns(table: &TableView) -> Vec<usize> {
    let head = crate::report::headline(table);
    let ranked = (0..table.columns.len()).filter(|&i| table.columns[i].better != Better::Neither && Some(i) != head);
    let cols: Vec<usize> = head.into_iter().chain(ranked).take(MAX_BAR_PANELS).collect();
    if cols.is_empty() && !table.columns.is_empty() { vec![0] } else { cols }
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

/// "procs 64, size 1024M": the non-empty parameter values of a row, each
/// after its header.
pub fn param_label(headers: &[String], values: &[String]) -> String {
    headers
        .iter()
        .zip(values)
        .filter(|(_, v)| !v.is_empty())
        .map(|(h, v)| if h.is_empty() { v.clone() } else { format!("{h} {v}") })
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
/// least two distinct values, the one with most distinct values (the first on
/// a tie).
pub fn scaling_param(table: &TableView) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for p in 0..table.param_headers.len() {
        let mut distinct: Vec<f64> = Vec::new();
        let mut numeric = true;
        for r in &table.rows {
            let Some(v) = r.params.get(p).filter(|v| !v.trim().is_empty()) else { continue };
            match param_number(v) {
                Some(x) => {
                    if !distinct.contains(&x) {
                        distinct.push(x);
                    }
                }
                None => {
                    numeric = false;
                    break;
                }
            }
        }
        if numeric && distinct.len() >= 2 && best.is_none_or(|(_, n)| distinct.len() > n) {
            best = Some((p, distinct.len()));
        }
    }
    best.map(|(p, _)| p)
}

/// The specs of one section's charts, in order (see the module docs).
pub fn plan_section(section: &SectionView) -> Vec<ChartSpec> {
    let t = &section.table;
    if headline_column(t).is_none() {
        return Vec::new();
    }
    match scaling_param(t) {
        Some(xp) => {
            let others = |r: &crate::report::RowView| -> Vec<String> {
                r.params.iter().enumerate().filter(|(i, _)| *i != xp).map(|(_, v)| v.clone()).collect()
            };
            let other_headers: Vec<String> =
                t.param_headers.iter().enumerate().filter(|(i, _)| *i != xp).map(|(_, h)| h.clone()).collect();
            let cols = bar_columns(t);
            group_rows(t.rows.iter().map(others))
                .into_iter()
                .flat_map(|(combo, rows)| {
                    // The x values this combination has (a handful).
                    let mut xs: Vec<f64> = Vec::new();
                    for x in rows.iter().filter_map(|&ri| t.rows[ri].params.get(xp).and_then(|v| param_number(v))) {
                        if !xs.contains(&x) {
                            xs.push(x);
                        }
                    }
                    if xs.len() >= 2 {
                        let label = param_label(&other_headers, &combo);
                        // A chart per part's headline (sequential and
                        // random reads side by side: one each).
                        let specs: Vec<ScalingSpec> = part_headlines(t)
                            .into_iter()
                            .filter_map(|head| scaling::plan(section, head, xp, &rows, &label))
                            .take(MAX_CHARTS_PER_SECTION)
                            .collect();
                        if specs.is_empty() {
                            return Vec::new();
                        }
                        // Two x values or more among the points drawn.
                        if specs.iter().any(|s| s.x_ticks.len() >= 2) {
                            return specs
                                .into_iter()
                                .filter(|s| s.x_ticks.len() >= 2)
                                .map(ChartSpec::Scaling)
                                .collect();
                        }
                    }
                    // One x value (among the points drawn): lines of single
                    // points say nothing; bars do, one chart per parameter
                    // set as for any table.
                    group_rows(rows.iter().map(|&ri| t.rows[ri].params.clone()))
                        .into_iter()
                        .filter_map(|(params, sub)| {
                            let sub: Vec<usize> = sub.iter().map(|&i| rows[i]).collect();
                            bar::plan(section, &cols, &sub, &param_label(&t.param_headers, &params)).map(ChartSpec::Bar)
                        })
                        .collect::<Vec<_>>()
                })
                .take(MAX_CHARTS_PER_SECTION)
                .collect()
        }
        None => {
            let cols = bar_columns(t);
            group_rows(t.rows.iter().map(|r| r.params.clone()))
                .into_iter()
                .filter_map(|(combo, rows)| {
                    bar::plan(section, &cols, &rows, &param_label(&t.param_headers, &combo)).map(ChartSpec::Bar)
                })
                .take(MAX_CHARTS_PER_SECTION)
                .collect()
        }
    }
}

/// The specs of a page's trend figures (see the module docs).
pub fn plan_trends(page: &MachinePage) -> Vec<trend::TrendSpec> {
    trend::plan(&page.sections)
}

// Shared drawing helpers: sizes, colours, text, axes, legend, SVG wrapping,
// in `draw.rs`.

#[cfg(test)]
mod tests {
    use super::*;

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
