//! Trend figure: how a machine's headline numbers move across kernel
//! versions.
//!
//! One figure per machine page (a second one when the page has more than
//! [`MAX_TREND_PANELS`] qualifying sections; at most [`MAX_TREND_FIGURES`]),
//! made of small panels, one per section with values for at least
//! [`MIN_TREND_KERNELS`] kernels: the section's headline metric at its first
//! parameter set (the table's first row: the smallest parameter values); a
//! section with no ranked metric (only informational values such as MHz)
//! has no panel. The x axis holds every kernel of the figure in the page's
//! kernel order (the tables' order: `kernel_order`, then version); each
//! patch tree ("lane": mainline, -aa,
//! -mm…) is one line through its own kernels, in its hue family, with its own
//! marker, so a tree's drift reads as one line. Error bars show ± one
//! standard deviation where a value has two or more runs. Kernel labels are
//! thinned (and shortened in the middle) so they never overlap.

use super::*;

/// A trend figure.
#[derive(Debug, Clone, PartialEq)]
pub struct TrendSpec {
    /// Figure title, without the machine name.
    pub title: String,
    /// Kernels on the x axis, in the page's kernel order.
    pub kernels: Vec<TrendKernel>,
    /// One panel per section.
    pub panels: Vec<TrendPanel>,
}

/// A kernel on a trend axis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrendKernel {
    /// Kernel name.
    pub name: String,
    /// Patch tree: one line per lane.
    pub lane: String,
}

/// One section's panel.
#[derive(Debug, Clone, PartialEq)]
pub struct TrendPanel {
    /// Section title.
    pub section: String,
    /// Section anchor id.
    pub section_id: String,
    /// Parameter values of the shown row ("procs 1"), or "".
    pub params: String,
    /// Metric name.
    pub metric: String,
    /// Unit.
    pub unit: String,
    /// Better direction.
    pub better: Better,
    /// One entry per kernel of [`TrendSpec::kernels`].
    pub values: Vec<Option<TrendValue>>,
}

/// One point.
#[derive(Debug, Clone, PartialEq)]
pub struct TrendValue {
    /// Mean (finite).
    pub mean: f64,
    /// Standard deviation drawn as an error bar (n ≥ 2), else `None`.
    pub sd: Option<f64>,
    /// The value as the table prints it.
    pub text: compact_str::CompactString,
}

/// Plans the trend figures of a page's sections (see the module docs);
/// `order` is the page's kernels in table order
/// ([`crate::report::MachinePage::kernels`]): kernels not in it follow, in
/// version order.
pub fn plan(sections: &[SectionView], order: &[String]) -> Vec<TrendSpec> {
    let pos: rustc_hash::FxHashMap<&str, usize> = order.iter().enumerate().map(|(i, k)| (k.as_str(), i)).collect();
    let pos = |k: &str| pos.get(k).copied().unwrap_or(usize::MAX);
    // Sections' headline values per kernel, at the first parameter set.
    let mut panels: Vec<(TrendPanel, Vec<(String, TrendValue)>)> = Vec::new();
    for s in sections {
        let keyed = crate::report::grid::keyed(&s.table);
        let t = &*keyed;
        let (Some(col), Some(first)) = (headline_column(t), t.rows.first()) else { continue };
        let mut vals: Vec<(String, TrendValue)> = Vec::new();
        // Kernels already given a value: the first row of a kernel counts.
        let mut seen: rustc_hash::FxHashSet<&str> = rustc_hash::FxHashSet::default();
        for r in t.rows.iter().filter(|r| r.params == first.params) {
            let Some(cell) = r.cells.get(col).and_then(Option::as_ref) else { continue };
            let Some(mean) = finite(cell.summary.mean) else { continue };
            if seen.insert(r.kernel.as_str()) {
                vals.push((
                    r.kernel.clone(),
                    TrendValue { mean, sd: drawn_sd(&cell.summary), text: cell.text.clone() },
                ));
            }
        }
        if vals.len() < MIN_TREND_KERNELS {
            continue;
        }
        let c = &t.columns[col];
        panels.push((
            TrendPanel {
                section: s.title.clone(),
                section_id: s.id.clone(),
                params: param_label(&t.param_units, &t.param_headers, &first.params),
                metric: c.label().to_string(),
                unit: c.unit_label().to_string(),
                better: c.better,
                values: Vec::new(),
            },
            vals,
        ));
    }
    let figures = panels.len().div_ceil(MAX_TREND_PANELS).min(MAX_TREND_FIGURES);
    let mut out = Vec::new();
    for (fi, chunk) in panels.chunks(MAX_TREND_PANELS).take(MAX_TREND_FIGURES).enumerate() {
        let mut names: Vec<String> = Vec::new();
        let mut seen: rustc_hash::FxHashSet<&str> = rustc_hash::FxHashSet::default();
        for (_, vals) in chunk {
            for (k, _) in vals {
                if seen.insert(k.as_str()) {
                    names.push(k.clone());
                }
            }
        }
        names.sort_by(|a, b| pos(a).cmp(&pos(b)).then_with(|| crate::version::compare(a, b)));
        let kernels: Vec<TrendKernel> =
            names.iter().map(|n| TrendKernel { name: n.clone(), lane: lane_of(n) }).collect();
        let panels: Vec<TrendPanel> = chunk
            .iter()
            .map(|(p, vals)| {
                let mut p = p.clone();
                let by_kernel: rustc_hash::FxHashMap<&str, &TrendValue> =
                    vals.iter().map(|(k, v)| (k.as_str(), v)).collect();
                p.values = names.iter().map(|n| by_kernel.get(n.as_str()).map(|&v| v.clone())).collect();
                p
            })
            .collect();
        let mut title = "Headline results across kernel versions".to_string();
        if figures > 1 {
            title.push_str(&format!(" ({} of {figures})", fi + 1));
        }
        out.push(TrendSpec { title, kernels, panels });
    }
    out
}

const HEADER: i32 = 40;
const PLOT_H: i32 = 190;
const X_AREA: i32 = 30;
/// Pixels between rotated kernel labels.
const ROTATED_PITCH: f64 = 14.0;

/// The kernel labels of the x axis: `(position, text)`, whether they are
/// rotated (read bottom to top), and the height they need. Horizontal when
/// every label fits side by side; otherwise rotated, every k-th kernel so
/// labels stay 14 px apart.
fn x_labels(kernels: &[TrendKernel], plot_w: i32) -> (Vec<(f64, String)>, bool, i32) {
    let nk = kernels.len();
    let (xlo, xhi) = (-0.5, nk as f64 - 0.5);
    let flat: Vec<(f64, String)> =
        kernels.iter().enumerate().map(|(i, k)| (i as f64, ellipsize_middle(&clean(&k.name), 14))).collect();
    if super::scaling::thin_ticks(&flat, xlo, xhi, plot_w).len() == nk {
        return (flat, false, X_AREA);
    }
    let step = (ROTATED_PITCH / (f64::from(plot_w) / nk as f64)).ceil().max(1.0) as usize;
    let labels: Vec<(f64, String)> = kernels
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0)
        .map(|(i, k)| (i as f64, ellipsize_middle(&clean(&k.name), 22)))
        .collect();
    let h = labels.iter().map(|l| text_px(&l.1, FONT_SMALL)).max().unwrap_or(0) + 16;
    (labels, true, h)
}
const Y_AREA: i32 = 70;
const GAP: i32 = 16;

/// Lanes in order of first appearance, each with its line style.
fn lane_styles(kernels: &[TrendKernel], pal: &LanePalette) -> Vec<(String, super::scaling::LineStyle)> {
    let mut lanes: Vec<String> = Vec::new();
    for k in kernels {
        if !lanes.contains(&k.lane) {
            lanes.push(k.lane.clone());
        }
    }
    let styles = super::scaling::series_styles(lanes.iter().map(|l| (l.as_str(), false)), pal);
    lanes.into_iter().zip(styles).collect()
}

/// Title, description and SVG of a trend figure; `None` if nothing to draw.
///
/// `pal` colours the lanes (the page's [`LanePalette`]).
pub fn render(spec: &TrendSpec, machine: &str, pal: &LanePalette) -> Option<(String, String, String)> {
    render_at(spec, machine, pal, WIDTH)
}

/// [`render`] at `width` pixels: [`WIDTH`] for pages, [`NARROW`] for a
/// phone's screen (one panel a row, the kernel labels thinned or turned to
/// the narrower plot).
pub fn render_at(spec: &TrendSpec, machine: &str, pal: &LanePalette, width: u32) -> Option<(String, String, String)> {
    let nk = spec.kernels.len();
    if nk == 0 || spec.panels.is_empty() {
        return None;
    }
    let head = clean(&spec.title);
    let full_title = if machine.trim().is_empty() { head.clone() } else { format!("{} — {head}", clean(machine)) };
    let lanes = lane_styles(&spec.kernels, pal);
    let mut keys: Vec<(Key, String)> = lanes
        .iter()
        .map(|(l, (c, m, w, dashed))| {
            let key = if *dashed { Key::Dashed(*c, *m, *w) } else { Key::Line(*c, *m, *w) };
            (key, ellipsize_middle(&clean(l), 30))
        })
        .collect();
    if spec.panels.iter().flat_map(|p| p.values.iter().flatten()).any(|v| v.sd.is_some()) {
        keys.push((Key::ErrorBar, "± 1 standard deviation (2 or more runs)".to_string()));
    }
    let inner = width as i32 - 2 * MARGIN;
    let ncols = if spec.panels.len() == 1 || width < WIDTH { 1 } else { 2 };
    let panel_w = (inner - GAP * (ncols - 1)) / ncols;
    let (labels, rotated, x_area) = x_labels(&spec.kernels, panel_w - Y_AREA - 12);
    let panel_h = HEADER + PLOT_H + x_area + 10;
    let prows = spec.panels.len().div_ceil(ncols as usize) as i32;
    let (title, title_extra) = title_block(&head, width);
    let title_h = title_extra + MARGIN + 24 + if machine.trim().is_empty() { 0 } else { 18 } + 6;
    let height = (title_h + prows * (panel_h + GAP) + legend_height(&keys, inner) + MARGIN) as u32;

    let mut svg = String::new();
    {
        let root = super::svg::CompactSvg::with_string(&mut svg, (width, height)).into_drawing_area();
        draw_title_lines(&root, &title, &clean(machine))?;
        for (i, panel) in spec.panels.iter().enumerate() {
            let (prow, pcol) = (i as i32 / ncols, i as i32 % ncols);
            let (x, y) = (MARGIN + pcol * (panel_w + GAP), title_h + prow * (panel_h + GAP));
            let area = root.clone().shrink((x, y), (panel_w as u32, panel_h as u32));
            draw_panel(&root, &area, spec, panel, &lanes, panel_w, (&labels, rotated, x_area))?;
        }
        draw_legend(&root, &keys, (MARGIN, title_h + prows * (panel_h + GAP)), inner)?;
        root.present().ok()?;
    }
    let desc = describe(spec, machine, &lanes);
    let svg = finish_svg(svg, &full_title, &desc, (width, height))?;
    Some((full_title, desc, svg))
}

fn draw_panel<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    area: &DrawingArea<DB, plotters::coord::Shift>,
    spec: &TrendSpec,
    panel: &TrendPanel,
    lanes: &[(String, super::scaling::LineStyle)],
    panel_w: i32,
    (labels, rotated, x_area): (&[(f64, String)], bool, i32),
) -> Option<()> {
    let nk = spec.kernels.len();
    let heading = fit_end(&clean(&panel.section), panel_w - 8, FONT);
    area.draw(&Text::new(heading, (4, 2), font_bold(FONT).pos(Pos::new(HPos::Left, VPos::Top)))).ok()?;
    let mut what = clean(&panel.metric);
    if !panel.params.is_empty() {
        what = format!("{what}, {}", clean(&panel.params));
    }
    area.draw(&Text::new(
        fit_end(&what, panel_w - 8, FONT_SMALL),
        (4, 20),
        ("sans-serif", FONT_SMALL).into_font().color(&MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
    ))
    .ok()?;

    let vals: Vec<&TrendValue> = panel.values.iter().flatten().collect();
    let lo = vals.iter().map(|v| v.mean - v.sd.unwrap_or(0.0)).fold(f64::INFINITY, f64::min);
    let hi = vals.iter().map(|v| v.mean + v.sd.unwrap_or(0.0)).fold(f64::NEG_INFINITY, f64::max);
    // Error bars of means that are all ≥ 0 stop at 0, as the bar charts'
    // do: a wide spread of latencies drew the axis down to −50k µs.
    let lo = if vals.iter().all(|v| v.mean >= 0.0) { lo.max(0.0) } else { lo };
    let lo = if lo >= 0.0 && lo <= hi * 0.5 { 0.0 } else { lo };
    let (lo, hi, yticks) = nice_axis(lo, hi, 4);
    let ystep = tick_step(&yticks);
    let (xlo, xhi) = (-0.5, nk as f64 - 0.5);
    let tick_pos: Vec<f64> = labels.iter().map(|t| t.0).collect();
    let xfmt = |v: &f64| -> String {
        if rotated {
            return String::new();
        }
        labels.iter().find(|t| (t.0 - v).abs() < 0.25).map(|t| t.1.clone()).unwrap_or_default()
    };
    let yfmt = |v: &f64| fmt_tick(*v, ystep);
    let mut chart = ChartBuilder::on(area)
        .margin_top(HEADER)
        .margin_right(12)
        .margin_bottom(6)
        .x_label_area_size(x_area)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d(Axis::new(xlo, xhi, tick_pos), Axis::new(lo, hi, yticks))
        .ok()?;
    chart
        .configure_mesh()
        .bold_line_style(GRID)
        .axis_style(MUTED)
        .label_style(font(FONT_SMALL))
        .axis_desc_style(font(FONT_SMALL))
        .x_label_formatter(&xfmt)
        .y_label_formatter(&yfmt)
        .y_desc(axis_desc(&clean(&panel.unit), panel.better))
        .draw()
        .ok()?;
    if rotated {
        // plotters centres axis labels on the tick, which would put rotated
        // text across the plot: draw them ending just below the axis.
        let style = font(FONT_SMALL).transform(FontTransform::Rotate270).pos(Pos::new(HPos::Right, VPos::Center));
        for (x, t) in labels {
            let (px, py) = chart.backend_coord(&(*x, lo));
            root.draw(&Text::new(t.clone(), (px, py + 8), style.clone())).ok()?;
        }
    }
    for (lane, style) in lanes {
        let (c, m, ..) = style;
        let pts: Vec<(f64, f64, Option<f64>)> = spec
            .kernels
            .iter()
            .zip(&panel.values)
            .enumerate()
            .filter(|(_, (k, _))| &k.lane == lane)
            .filter_map(|(i, (_, v))| v.as_ref().map(|v| (i as f64, v.mean, v.sd)))
            .collect();
        super::scaling::draw_line(&mut chart, pts.iter().map(|p| (p.0, p.1)).collect(), *style)?;
        for &(x, y, sd) in &pts {
            if let Some(sd) = sd {
                let (a, b) = ((y - sd).max(lo), y + sd);
                draw_error_bar(root, chart.backend_coord(&(x, a)), chart.backend_coord(&(x, b)), 3, c.stroke_width(1))?;
            }
            draw_marker(root, chart.backend_coord(&(x, y)), *m, *c, 4)?;
        }
    }
    Some(())
}

/// The figure in one sentence, for the `alt` of its image: "Line charts
/// of the headline results of 6 sections, AIM7 database workload to tbench
/// 192 processes, across 8 kernels in table order."
pub fn alt(spec: &TrendSpec) -> String {
    let sections = match spec.panels.as_slice() {
        [] => String::new(),
        [p] => format!("the headline result of {}", clean(&p.section)),
        [first, .., last] => format!(
            "the headline results of {} sections, {} to {},",
            spec.panels.len(),
            clean(&first.section),
            clean(&last.section)
        ),
    };
    let s = if spec.panels.len() == 1 { "" } else { "s" };
    format!("Line chart{s} of {sections} across {} in table order.", kernels_words(spec.kernels.len()))
}

/// The figure in words.
fn describe(spec: &TrendSpec, machine: &str, lanes: &[(String, super::scaling::LineStyle)]) -> String {
    let names: Vec<String> = spec.kernels.iter().map(|k| clean(&k.name)).collect();
    let lane_names: Vec<String> = lanes.iter().map(|l| clean(&l.0)).collect();
    let mut s = format!(
        "{} line chart{} of headline results{} across {} kernels in table order ({}), one line per patch tree ({}).",
        spec.panels.len(),
        if spec.panels.len() == 1 { "" } else { "s" },
        if machine.trim().is_empty() { String::new() } else { format!(" on {}", clean(machine)) },
        names.len(),
        if names.len() <= 12 {
            names.join(", ")
        } else {
            format!("{} … {}", names[..3].join(", "), names[names.len() - 3..].join(", "))
        },
        lane_names.join(", "),
    );
    for p in &spec.panels {
        let vals: Vec<(&TrendKernel, &TrendValue)> =
            spec.kernels.iter().zip(&p.values).filter_map(|(k, v)| v.as_ref().map(|v| (k, v))).collect();
        let unit = clean(&p.unit);
        s.push_str(&format!(" {}", clean(&p.section)));
        if !p.params.is_empty() {
            s.push_str(&format!(" ({})", clean(&p.params)));
        }
        s.push_str(&format!(", {}: ", metric_words(&p.metric, &unit, p.better)));
        let items: Vec<String> =
            vals.iter().map(|(k, v)| format!("{} {}", clean(&k.name), with_unit(&clean(&v.text), &unit))).collect();
        if items.len() <= 12 {
            s.push_str(&items.join("; "));
        } else {
            let (first, last) = (&items[0], &items[items.len() - 1]);
            let best = match p.better {
                Better::Lower => vals.iter().min_by(|a, b| a.1.mean.total_cmp(&b.1.mean)),
                _ => vals.iter().max_by(|a, b| a.1.mean.total_cmp(&b.1.mean)),
            };
            s.push_str(&format!("from {first} to {last}"));
            if let Some((k, v)) = best {
                let word = if p.better == Better::Neither { "largest" } else { "best" };
                s.push_str(&format!(", {word} {} {}", clean(&k.name), with_unit(&clean(&v.text), &unit)));
            }
        }
        s.push('.');
    }
    s
}
