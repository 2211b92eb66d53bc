//! Scaling chart: the headline metric over a numeric parameter (threads,
//! procs, clients, tasks, memory size), one line per kernel.
//!
//! The x axis is linear, or logarithmic when the parameter's values are all
//! positive, span two decades or more and crowd at the low end (the
//! median value below a quarter of the way: lmbench's memory sizes from 512
//! bytes to 32 MB, dbench's 1 … 128 procs, but not AIM7's evenly spaced
//! 1, 50 … 200 tasks); its ticks sit at the measured parameter values,
//! labelled as the table prints them, thinned so labels never overlap. The
//! y axis is labelled with the unit and "higher/smaller is better", and starts
//! at zero when the data reach down to half their maximum. Lines are
//! coloured by patch tree (shades within a tree), each kernel has its own
//! marker shape, the baseline's line is thicker, and points with two or
//! more runs carry ± one standard deviation error bars. The legend below the
//! plot is a grid of equal columns, so 60 kernels make a taller chart, not
//! an overlapping one.

use super::*;
use crate::report::SectionView;

/// A scaling chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalingSpec {
    /// Section title.
    pub title: String,
    /// Values of the other parameter columns these lines are for, or "".
    pub subtitle: String,
    /// The parameter on the x axis ("threads").
    pub param: String,
    /// True for a logarithmic x axis.
    pub log_x: bool,
    /// Metric on the y axis.
    pub metric: String,
    /// Its unit.
    pub unit: String,
    /// Its better direction.
    pub better: Better,
    /// Measured parameter values (x) with their printed text, ascending.
    pub x_ticks: Vec<(f64, String)>,
    /// One line per kernel drawn, in table order: all of them, or the
    /// baseline and the kernels that differ most ([`most_different`]) when
    /// there are more than [`MAX_SCALING_LINES`].
    pub series: Vec<Series>,
    /// How many kernels have a point to draw, shown or not
    /// (`series.len()` when all are shown).
    pub kernels_total: usize,
    /// What the lines are (the class's `compare:`).
    pub axis: Compared,
}

/// The most lines a scaling chart draws. More kernels than this make a
/// tangle no reader can follow, and a legend taller than the plot (300
/// kernels: 300 lines in one plot); the chart then draws the baseline and
/// the kernels whose lines differ most ([`most_different`]) and says so in
/// its heading and description.
/// The table has every kernel.
pub const MAX_SCALING_LINES: usize = 12;

/// One kernel's line.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Kernel name.
    pub kernel: String,
    /// Patch tree, picks the colour.
    pub lane: String,
    /// True for the baseline kernel.
    pub baseline: bool,
    /// True when the kernel's dmesg shows a problem: its legend entry
    /// carries [`crate::report::environment::DMESG_MARK`], as the tables do.
    pub marked: &'static str,
    /// Points in ascending x.
    pub points: Vec<ScalingPoint>,
}

/// One point of a line.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalingPoint {
    /// Parameter value (finite; positive on a log axis).
    pub x: f64,
    /// Mean (finite).
    pub y: f64,
    /// Standard deviation drawn as an error bar (n ≥ 2), else `None`.
    pub sd: Option<f64>,
    /// The value as the table prints it.
    pub text: compact_str::CompactString,
}

/// Builds the scaling chart of `rows` with parameter `xp` on the x axis
/// and column `col` on the y axis. `None` when no point is finite.
pub fn plan(section: &SectionView, col: usize, xp: usize, rows: &[usize], others: &str) -> Option<ScalingSpec> {
    let keyed = crate::report::grid::keyed(&section.table);
    let t = &*keyed;
    let column = t.columns.get(col)?;
    // The rows with a point to draw: (row, x, its text, y, cell).
    let points: Vec<(&crate::report::RowView, f64, &String, f64, &crate::report::CellView)> = rows
        .iter()
        .filter_map(|&ri| {
            let r = t.rows.get(ri)?;
            let xtext = r.params.get(xp)?;
            let x = param_number(xtext)?;
            let cell = r.cells.get(col).and_then(Option::as_ref)?;
            let y = finite(cell.summary.mean)?;
            Some((r, x, xtext, y, cell))
        })
        .collect();
    // Kernels in table order, each once; which of them get a line.
    let mut kernels: Vec<&str> = Vec::new();
    let mut seen: rustc_hash::FxHashSet<&str> = rustc_hash::FxHashSet::default();
    for (r, ..) in &points {
        if seen.insert(r.kernel.as_str()) {
            kernels.push(r.kernel.as_str());
        }
    }
    let kernels_total = kernels.len();
    let shown: rustc_hash::FxHashSet<&str> = if kernels.len() > MAX_SCALING_LINES {
        let curves: Vec<Vec<(f64, f64)>> =
            kernels.iter().map(|k| points.iter().filter(|p| p.0.kernel == *k).map(|p| (p.1, p.3)).collect()).collect();
        let baseline = t.baseline.as_deref().and_then(|b| kernels.iter().position(|k| *k == b));
        most_different(&curves, baseline, MAX_SCALING_LINES).into_iter().map(|i| kernels[i]).collect()
    } else {
        seen
    };
    let mut series: Vec<Series> = Vec::new();
    let mut index: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    let mut ticks: Vec<(f64, String)> = Vec::new();
    for (r, x, xtext, y, cell) in points {
        if !shown.contains(r.kernel.as_str()) {
            continue;
        }
        let p = ScalingPoint { x, y, sd: drawn_sd(&cell.summary), text: cell.text.clone() };
        match index.get(r.kernel.as_str()) {
            Some(&i) => series[i].points.push(p),
            None => {
                index.insert(r.kernel.as_str(), series.len());
                series.push(Series {
                    kernel: r.kernel.clone(),
                    lane: lane_in(&t.axis, &r.kernel),
                    baseline: t.baseline.as_deref() == Some(r.kernel.as_str()),
                    marked: crate::report::environment::mark_of(&t.marks, &r.kernel).map_or("", |m| m.mark),
                    points: vec![p],
                });
            }
        }
        // Parameter values are few (1, 2, 4 … 128).
        if !ticks.iter().any(|(v, _)| *v == x) {
            ticks.push((x, xtext.trim().to_string()));
        }
    }
    if series.is_empty() {
        return None;
    }
    for s in &mut series {
        s.points.sort_by(|a, b| a.x.total_cmp(&b.x));
    }
    ticks.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (min, max) = (ticks.first()?.0, ticks.last()?.0);
    // Log when the values span two decades or more and crowd at the low
    // end (1, 2, 4 … 128; 512 bytes … 32 MB; pgbench's scales 100, 1000,
    // 10000, exactly two decades, drawn at the left edge with 10000 alone
    // at the right: archive38b F6), not for evenly spaced ones (AIM7's 1,
    // 50, 100, 150, 200 tasks).
    let median = ticks[ticks.len() / 2].0;
    let log_x = min > 0.0 && max / min >= 100.0 && median < (min + max) / 4.0;
    Some(ScalingSpec {
        title: section.title.clone(),
        subtitle: others.to_string(),
        param: t.param_headers.get(xp).map(|h| t.param_header(h)).unwrap_or_default(),
        log_x,
        metric: column.label().to_string(),
        unit: column.unit_label().to_string(),
        better: column.better,
        x_ticks: ticks,
        series,
        kernels_total,
        axis: t.axis.clone(),
    })
}

/// How far apart two kernels' lines are: the mean relative difference
/// |a − b| / max(|a|, |b|) over the x values both have (0 to 2); 1 when
/// they share none.
fn curve_distance(a: &[(f64, f64)], b: &[(f64, f64)]) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for &(x, ya) in a {
        if let Some(&(_, yb)) = b.iter().find(|p| p.0 == x) {
            let scale = ya.abs().max(yb.abs());
            sum += if scale > 0.0 { (ya - yb).abs() / scale } else { 0.0 };
            n += 1;
        }
    }
    if n == 0 { 1.0 } else { sum / n as f64 }
}

/// Indices of the `max` curves (each a kernel's `(x, y)` points) that
/// differ most: the baseline when given, else the curve furthest from all
/// others on average; then, one at a time, the curve whose nearest chosen
/// curve is furthest (ties to the first in table order). Returned in
/// ascending order (table order).
pub fn most_different(curves: &[Vec<(f64, f64)>], baseline: Option<usize>, max: usize) -> Vec<usize> {
    let n = curves.len();
    if n <= max {
        return (0..n).collect();
    }
    let first = baseline.unwrap_or_else(|| {
        let spread = |i: usize| (0..n).map(|j| curve_distance(&curves[i], &curves[j])).sum::<f64>();
        (0..n).map(|i| (i, spread(i))).fold((0, f64::NEG_INFINITY), |b, c| if c.1 > b.1 { c } else { b }).0
    });
    let mut chosen = vec![first];
    // Each curve's distance to its nearest chosen curve.
    let mut near: Vec<f64> = (0..n).map(|i| curve_distance(&curves[i], &curves[first])).collect();
    while chosen.len() < max {
        let next = (0..n)
            .filter(|i| !chosen.contains(i))
            .fold(None, |b: Option<(usize, f64)>, i| match b {
                Some((_, d)) if d >= near[i] => b,
                _ => Some((i, near[i])),
            })
            .map(|(i, _)| i);
        let Some(next) = next else { break };
        chosen.push(next);
        for (d, c) in near.iter_mut().zip(curves) {
            *d = d.min(curve_distance(c, &curves[next]));
        }
    }
    chosen.sort_unstable();
    chosen
}

/// What a chart showing only some kernels' lines says about them: "the
/// baseline and the 11 of 300 kernels that differ most", "the 12 of 300
/// kernels that differ most"; `None` when every kernel has its line.
pub fn shown_kernels(spec: &ScalingSpec) -> Option<String> {
    let n = spec.series.len();
    if n >= spec.kernels_total {
        return None;
    }
    let total = spec.kernels_total;
    Some(if spec.series.iter().any(|s| s.baseline) {
        format!("the baseline and the {} of {total} {} that differ most", n - 1, spec.axis.many)
    } else {
        format!("the {n} of {total} {} that differ most", spec.axis.many)
    })
}

const PLOT_H: i32 = 380;
/// Height of the plot of a chart drawn [`NARROW`].
const PLOT_H_NARROW: i32 = 260;
const HEADER: i32 = 24;
const Y_AREA: i32 = 78;
const X_AREA: i32 = 46;

/// How a line is drawn: colour, marker, width, dashed or not.
pub(crate) type LineStyle = (RGBColor, Marker, u32, bool);

/// The style of each series (`(lane, baseline)`, in order): its lane's
/// colour in `pal`; the second, third… kernel of one lane in a darker or
/// lighter shade of it, every second one dashed; each series its own
/// marker in turn; the baseline's line thicker. A lane past the palette's
/// twelve is dashed.
pub(crate) fn series_styles<'a>(items: impl Iterator<Item = (&'a str, bool)>, pal: &LanePalette) -> Vec<LineStyle> {
    let mut seen: Vec<(String, usize)> = Vec::new();
    items
        .enumerate()
        .map(|(i, (lane, baseline))| {
            let k = match seen.iter_mut().find(|(l, _)| l == lane) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    seen.push((lane.to_string(), 0));
                    0
                }
            };
            let (c, variant) = pal.style(lane);
            (shade(c, k), MARKERS[i % MARKERS.len()], if baseline { 4 } else { 2 }, variant > 0 || k % 2 == 1)
        })
        .collect()
}

/// Draws a series' line through `pts` in `style`, dashed or not.
pub(crate) fn draw_line<DB: DrawingBackend>(
    chart: &mut Chart2d<'_, DB>,
    pts: Vec<(f64, f64)>,
    style: LineStyle,
) -> Option<()> {
    let (c, _, w, dashed) = style;
    if dashed {
        chart.draw_series(DashedLineSeries::new(pts, 7, 4, c.stroke_width(w))).ok()?;
    } else {
        chart.draw_series(LineSeries::new(pts, c.stroke_width(w))).ok()?;
    }
    Some(())
}

/// Picks tick positions (already on the axis scale) whose labels do not
/// overlap on `plot_w` pixels of the range `lo..hi`.
pub(crate) fn thin_ticks(ticks: &[(f64, String)], lo: f64, hi: f64, plot_w: i32) -> Vec<(f64, String)> {
    let mut out: Vec<(f64, String)> = Vec::new();
    let mut right = f64::NEG_INFINITY;
    let span = (hi - lo).max(f64::MIN_POSITIVE);
    for (v, label) in ticks {
        let px = (v - lo) / span * f64::from(plot_w);
        let half = f64::from(text_px(label, FONT_SMALL)) / 2.0;
        if px - half >= right + 8.0 {
            out.push((*v, label.clone()));
            right = px + half;
        }
    }
    out
}

/// Title, description and SVG of a scaling chart; `None` if nothing to draw.
///
/// `pal` colours the lines by patch tree (the page's [`LanePalette`]).
pub fn render(spec: &ScalingSpec, machine: &str, pal: &LanePalette) -> Option<(String, String, String)> {
    render_at(spec, machine, pal, WIDTH)
}

/// [`render`] at `width` pixels: [`WIDTH`] for pages, [`NARROW`] for a
/// phone's screen (the same chart, its plot shorter, its x labels thinned
/// to the narrower plot, its legend wrapped to more rows).
pub fn render_at(spec: &ScalingSpec, machine: &str, pal: &LanePalette, width: u32) -> Option<(String, String, String)> {
    if spec.series.iter().all(|s| s.points.is_empty()) {
        return None;
    }
    let title = clean(&spec.title);
    let sub = clean(&spec.subtitle);
    let head = if sub.is_empty() { title.clone() } else { format!("{title}: {sub}") };
    let full_title = if machine.trim().is_empty() { head.clone() } else { format!("{head} — {}", clean(machine)) };
    let styles = series_styles(spec.series.iter().map(|s| (s.lane.as_str(), s.baseline)), pal);
    let keys = legend_keys(spec, &styles);
    let inner = width as i32 - 2 * MARGIN;
    let plot_h = if width < WIDTH { PLOT_H_NARROW } else { PLOT_H };
    let (title, title_extra) = title_block(&head, width);
    let title_h = title_extra + MARGIN + 24 + if machine.trim().is_empty() { 0 } else { 18 } + 6;
    let panel_h = HEADER + plot_h + X_AREA + 8;
    let height = (title_h + panel_h + legend_height(&keys, inner) + MARGIN) as u32;

    let mut svg = String::new();
    {
        let root = super::svg::CompactSvg::with_string(&mut svg, (width, height)).into_drawing_area();
        draw_title_lines(&root, &title, &clean(machine))?;
        let area = root.clone().shrink((MARGIN, title_h), (inner as u32, panel_h as u32));
        // Which kernels are drawn is said in full; a long metric name is
        // what gets shortened.
        let note = shown_kernels(spec).map(|s| format!(": {s}")).unwrap_or_default();
        let hx = heading_x(width);
        let room = inner - hx - text_px(&note, FONT);
        // "Rate by threads"; on a narrow chart the metric alone where both
        // do not fit (the x axis names the parameter).
        let by = format!("{} by {}", clean(&spec.metric), clean(&spec.param));
        let by = if width < WIDTH && text_px(&by, FONT) > room { clean(&spec.metric) } else { by };
        let heading = format!("{}{note}", fit_end(&by, room, FONT));
        area.draw(&Text::new(
            fit_end(&heading, inner - hx, FONT),
            (hx, 2),
            font_bold(FONT).pos(Pos::new(HPos::Left, VPos::Top)),
        ))
        .ok()?;
        draw_plot(&root, &area, spec, &styles, inner - Y_AREA - 20)?;
        draw_legend(&root, &keys, (MARGIN, title_h + panel_h), inner)?;
        root.present().ok()?;
    }
    let desc = describe(spec, machine);
    let svg = finish_svg(svg, &full_title, &desc, (width, height))?;
    Some((full_title, desc, svg))
}

/// Draws the axes and lines of `spec` on `area` (below its heading row),
/// each series in its style (`styles`, aligned with the series); `plot_w`
/// is the plot's width, for thinning the x labels.
fn draw_plot<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    area: &DrawingArea<DB, plotters::coord::Shift>,
    spec: &ScalingSpec,
    styles: &[LineStyle],
    plot_w: i32,
) -> Option<()> {
    let tx = |x: f64| if spec.log_x { x.log10() } else { x };
    let (xlo, xhi, ticks) = x_axis(spec, plot_w);
    let points = spec.series.iter().flat_map(|s| &s.points);
    let ylo = points.clone().map(|p| p.y - p.sd.unwrap_or(0.0)).fold(f64::INFINITY, f64::min);
    let yhi = points.clone().map(|p| p.y + p.sd.unwrap_or(0.0)).fold(f64::NEG_INFINITY, f64::max);
    // Error bars of means that are all ≥ 0 stop at 0, as the bar charts' do.
    let ylo = if points.clone().all(|p| p.y >= 0.0) { ylo.max(0.0) } else { ylo };
    let ylo = if ylo >= 0.0 && ylo <= yhi * 0.5 { 0.0 } else { ylo };
    let (ylo, yhi, yticks) = nice_axis(ylo, yhi, 6);
    let ystep = tick_step(&yticks);
    let tick_pos: Vec<f64> = ticks.iter().map(|(x, _)| *x).collect();
    let xfmt = |v: &f64| -> String {
        ticks
            .iter()
            .min_by(|a, b| (a.0 - v).abs().total_cmp(&(b.0 - v).abs()))
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    };
    let yfmt = |v: &f64| fmt_tick(*v, ystep);
    let mut chart = ChartBuilder::on(area)
        .margin_top(HEADER)
        .margin_right(20)
        .margin_bottom(8)
        .x_label_area_size(X_AREA)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d(Axis::new(xlo, xhi, tick_pos), Axis::new(ylo, yhi, yticks))
        .ok()?;
    let xdesc = if spec.log_x { format!("{} (log scale)", clean(&spec.param)) } else { clean(&spec.param) };
    chart
        .configure_mesh()
        .bold_line_style(GRID)
        .axis_style(MUTED)
        .label_style(font(FONT_SMALL))
        .axis_desc_style(font(FONT_SMALL))
        .x_label_formatter(&xfmt)
        .y_label_formatter(&yfmt)
        .x_desc(xdesc)
        .y_desc(axis_desc(&clean(&spec.unit), spec.better))
        .draw()
        .ok()?;
    // Baseline last so its thick line stays on top.
    let mut order: Vec<usize> = (0..spec.series.len()).collect();
    order.sort_by_key(|&i| spec.series[i].baseline);
    for &i in &order {
        let (s, (c, m, ..)) = (&spec.series[i], styles[i]);
        let pts: Vec<(f64, f64)> =
            s.points.iter().map(|p| (tx(p.x), p.y)).filter(|(x, y)| x.is_finite() && y.is_finite()).collect();
        draw_line(&mut chart, pts.clone(), styles[i])?;
        for p in &s.points {
            if let Some(sd) = p.sd {
                let (x, a, b) = (tx(p.x), (p.y - sd).max(ylo), p.y + sd);
                draw_error_bar(root, chart.backend_coord(&(x, a)), chart.backend_coord(&(x, b)), 4, c.stroke_width(1))?;
            }
        }
        for (x, y) in pts {
            draw_marker(root, chart.backend_coord(&(x, y)), m, c, if s.baseline { 5 } else { 4 })?;
        }
    }
    Some(())
}

/// Where a panel's heading starts: over the plot, or at the panel's left
/// edge on a chart narrower than [`WIDTH`], where the value axis's room
/// would cut a metric's name short.
fn heading_x(width: u32) -> i32 {
    if width < WIDTH { 0 } else { Y_AREA }
}

/// Height of one panel's plot in a figure of several ([`render_panels`]).
const PANELS_PLOT_H: i32 = 230;

/// Title, description and SVG of several scaling charts of one section
/// and parameter set drawn as small multiples (two panels a row, one
/// legend): the metrics after each part's headline, which get charts of
/// their own. Each kernel has one style in every panel. `None` if nothing
/// can be drawn.
pub fn render_panels(specs: &[ScalingSpec], machine: &str, pal: &LanePalette) -> Option<(String, String, String)> {
    render_panels_at(specs, machine, pal, WIDTH)
}

/// [`render_panels`] at `width` pixels: [`NARROW`] draws one panel a row.
pub fn render_panels_at(
    specs: &[ScalingSpec],
    machine: &str,
    pal: &LanePalette,
    width: u32,
) -> Option<(String, String, String)> {
    let first = specs.first()?;
    let title = clean(&first.title);
    let sub = clean(&first.subtitle);
    let head = if sub.is_empty() { title.clone() } else { format!("{title}: {sub}") };
    let full_title = if machine.trim().is_empty() { head.clone() } else { format!("{head} — {}", clean(machine)) };
    // Every kernel of every panel, in first appearance, styled once.
    let mut kernels: Vec<&Series> = Vec::new();
    for s in specs.iter().flat_map(|sp| &sp.series) {
        if !kernels.iter().any(|k| k.kernel == s.kernel) {
            kernels.push(s);
        }
    }
    let styles = series_styles(kernels.iter().map(|s| (s.lane.as_str(), s.baseline)), pal);
    let style_of = |kernel: &str| -> LineStyle {
        kernels.iter().position(|k| k.kernel == kernel).map(|i| styles[i]).unwrap_or(styles[0])
    };
    let mut keys: Vec<(Key, String)> = kernels
        .iter()
        .zip(&styles)
        .map(|(s, &(c, m, w, dashed))| {
            let mut n = ellipsize_middle(&clean(&s.kernel), 40);
            n.push_str(s.marked);
            let key = if dashed { Key::Dashed(c, m, w) } else { Key::Line(c, m, w) };
            (key, if s.baseline { format!("{n} (baseline)") } else { n })
        })
        .collect();
    if specs.iter().flat_map(|s| &s.series).flat_map(|s| &s.points).any(|p| p.sd.is_some()) {
        keys.push((Key::ErrorBar, "± 1 standard deviation (2 or more runs)".to_string()));
    }
    let inner = width as i32 - 2 * MARGIN;
    let gap = 16;
    let ncols = if specs.len() == 1 || width < WIDTH { 1 } else { 2 };
    let panel_w = (inner - gap * (ncols - 1)) / ncols;
    let panel_h = HEADER + PANELS_PLOT_H + X_AREA + 8;
    let prows = specs.len().div_ceil(ncols as usize) as i32;
    let (title, title_extra) = title_block(&head, width);
    let title_h = title_extra + MARGIN + 24 + if machine.trim().is_empty() { 0 } else { 18 } + 6;
    let height = (title_h + prows * (panel_h + gap) + legend_height(&keys, inner) + MARGIN) as u32;
    let mut svg = String::new();
    {
        let root = super::svg::CompactSvg::with_string(&mut svg, (width, height)).into_drawing_area();
        draw_title_lines(&root, &title, &clean(machine))?;
        for (i, spec) in specs.iter().enumerate() {
            let (prow, pcol) = (i as i32 / ncols, i as i32 % ncols);
            let (x, y) = (MARGIN + pcol * (panel_w + gap), title_h + prow * (panel_h + gap));
            let area = root.clone().shrink((x, y), (panel_w as u32, panel_h as u32));
            let note = shown_kernels(spec).map(|s| format!(": {s}")).unwrap_or_default();
            let heading = format!("{}{note}", clean(&spec.metric));
            let hx = heading_x(width);
            area.draw(&Text::new(
                fit_end(&heading, panel_w - hx, FONT),
                (hx, 2),
                font_bold(FONT).pos(Pos::new(HPos::Left, VPos::Top)),
            ))
            .ok()?;
            let st: Vec<LineStyle> = spec.series.iter().map(|s| style_of(&s.kernel)).collect();
            draw_plot(&root, &area, spec, &st, panel_w - Y_AREA - 20)?;
        }
        draw_legend(&root, &keys, (MARGIN, title_h + prows * (panel_h + gap)), inner)?;
        root.present().ok()?;
    }
    let desc = specs.iter().map(|s| describe(s, machine)).collect::<Vec<_>>().join(" ");
    let svg = finish_svg(svg, &full_title, &desc, (width, height))?;
    Some((full_title, desc, svg))
}

/// The small multiples of [`render_panels`] in one sentence: "Line charts
/// of CPU Eff and 3 more metrics against threads for 5 kernels."
pub fn alt_panels(specs: &[ScalingSpec]) -> String {
    let Some(first) = specs.first() else { return String::new() };
    let n = specs.iter().map(|s| s.series.len()).max().unwrap_or(0);
    let more = match specs.len() {
        1 => String::new(),
        2 => " and 1 more metric".to_string(),
        k => format!(" and {} more metrics", k - 1),
    };
    format!(
        "Line charts of {}{more} against {} for {}{}.",
        alt_metric(&first.metric, &first.unit),
        clean(&first.param),
        first.axis.count(n),
        alt_at(&first.subtitle)
    )
}

/// The legend of a scaling chart: each series' kernel in its style
/// (`styles`, aligned with the series), the baseline said, and the error
/// bar when some point has one.
fn legend_keys(spec: &ScalingSpec, styles: &[LineStyle]) -> Vec<(Key, String)> {
    let mut keys: Vec<(Key, String)> = spec
        .series
        .iter()
        .zip(styles)
        .map(|(s, &(c, m, w, dashed))| {
            let mut n = ellipsize_middle(&clean(&s.kernel), 40);
            n.push_str(s.marked);
            let key = if dashed { Key::Dashed(c, m, w) } else { Key::Line(c, m, w) };
            (key, if s.baseline { format!("{n} (baseline)") } else { n })
        })
        .collect();
    let any_sd = spec.series.iter().flat_map(|s| &s.points).any(|p| p.sd.is_some());
    if any_sd {
        keys.push((Key::ErrorBar, "± 1 standard deviation (2 or more runs)".to_string()));
    }
    keys
}

/// The x axis of a scaling chart whose plot is `plot_w` pixels wide: its
/// range (the ticks' span and a margin either side; in log10 of the
/// parameter when `spec.log_x`) and its labelled ticks, thinned so that
/// labels do not collide.
fn x_axis(spec: &ScalingSpec, plot_w: i32) -> (f64, f64, Vec<(f64, String)>) {
    let tx = |x: f64| if spec.log_x { x.log10() } else { x };
    let xs: Vec<f64> = spec.x_ticks.iter().map(|(x, _)| tx(*x)).filter(|x| x.is_finite()).collect();
    let (xmin, xmax) = xs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| (a.min(x), b.max(x)));
    let (xmin, xmax) = if xmin.is_finite() && xmax.is_finite() { (xmin, xmax) } else { (0.0, 1.0) };
    let xpad = if xmax > xmin {
        (xmax - xmin) * 0.04
    } else if spec.log_x {
        0.5
    } else {
        xmin.abs().max(1.0) * 0.5
    };
    let (xlo, xhi) = (xmin - xpad, xmax + xpad);
    let ticks: Vec<(f64, String)> = spec
        .x_ticks
        .iter()
        .map(|(x, t)| (tx(*x), ellipsize_middle(&clean(t), 12)))
        .filter(|(x, _)| x.is_finite())
        .collect();
    (xlo, xhi, thin_ticks(&ticks, xlo, xhi, plot_w))
}

/// The chart in one sentence, for the `alt` of its image: "Line chart of
/// Rate (MB/s) against threads for 5 kernels, bigger is better."
pub fn alt(spec: &ScalingSpec) -> String {
    let at = alt_at(&spec.subtitle);
    format!(
        "Line chart of {} against {} for {}{at}{}.",
        alt_metric(&spec.metric, &spec.unit),
        clean(&spec.param),
        spec.axis.count(spec.series.len()),
        alt_direction(spec.better)
    )
}

/// The chart in words.
fn describe(spec: &ScalingSpec, machine: &str) -> String {
    let n = spec.series.len();
    let first = spec.x_ticks.first().map(|t| clean(&t.1)).unwrap_or_default();
    let last = spec.x_ticks.last().map(|t| clean(&t.1)).unwrap_or_default();
    let mut s = format!(
        "Line chart of {} against {} ({first} to {last}{}) for {}",
        metric_words(&spec.metric, &clean(&spec.unit), spec.better),
        clean(&spec.param),
        if spec.log_x { ", log scale" } else { "" },
        spec.axis.count(n),
    );
    s.push_str(&format!(", from {}", clean(&spec.title)));
    if !spec.subtitle.is_empty() {
        s.push_str(&format!(" at {}", clean(&spec.subtitle)));
    }
    if !machine.trim().is_empty() {
        s.push_str(&format!(" on {}", clean(machine)));
    }
    s.push_str(&format!(", one line per {}, {}.", spec.axis.one, colour_rule(&spec.axis)));
    if let Some(shown) = shown_kernels(spec) {
        s.push_str(&format!(" Lines for {shown}, in the table's order; the table lists every {}.", spec.axis.one));
    }
    if let Some(b) = spec.series.iter().find(|s| s.baseline) {
        s.push_str(&format!(" The baseline, {}, has the thick line.", clean(&b.kernel)));
    }
    if spec.series.iter().flat_map(|s| &s.points).any(|p| p.sd.is_some()) {
        s.push_str(" Error bars show ± one standard deviation where a point has two or more runs.");
    }
    let unit = clean(&spec.unit);
    let lines: Vec<String> = spec
        .series
        .iter()
        .map(|se| {
            let pts: Vec<String> = se
                .points
                .iter()
                .map(|p| {
                    let xt = spec.x_ticks.iter().find(|t| t.0 == p.x).map(|t| clean(&t.1)).unwrap_or_default();
                    format!("{} at {xt}", clean(&p.text))
                })
                .collect();
            format!("{}: {}", clean(&se.kernel), join_limited(&pts, 8).replace("; ", ", "))
        })
        .collect();
    if !lines.is_empty() {
        s.push_str(&format!(" Values{}: ", if unit.is_empty() { String::new() } else { format!(" in {unit}") }));
        s.push_str(&join_limited(&lines, 12));
        s.push('.');
    }
    s
}
