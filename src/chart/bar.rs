//! Bar chart: one bar per kernel for a section's ranked metrics.
//!
//! One panel per metric (small multiples sharing the kernel axis), paged
//! over several charts when there are more than [`panels_per_chart`]
//! ([`pages`]). Each value axis is labelled with the unit and
//! "higher/smaller is better" and starts at 0; panels of one unit share it
//! while their values are within `SHARED_SCALE_RATIO` (5×) of each other, and
//! say which scale they are on when a unit needs several ([`scale_groups`]).
//! Bars are coloured by patch tree (the page's [`LanePalette`]); the
//! baseline kernel's bar is hollow (a faint fill with a strong outline) and
//! named in the legend; an error bar
//! shows ± one standard deviation where a cell has two or more runs; each
//! bar carries its value as printed in the table.
//!
//! Orientation: vertical bars when the kernel names fit under their bars
//! (few kernels, short names); otherwise horizontal bars with the names on
//! the y axis (shortened in the middle past 36 characters, so release and
//! patch suffix both stay), and the chart grows in height with the number of
//! kernels, so 60 kernels stay as readable as 2.

use super::*;
use crate::report::SectionView;

/// A bar chart: kernels × metric panels.
#[derive(Debug, Clone, PartialEq)]
pub struct BarSpec {
    /// Section title.
    pub title: String,
    /// Parameter values the bars are for ("procs 64"), or "".
    pub subtitle: String,
    /// Kernels in table order (only those with a value in some panel).
    pub kernels: Vec<BarKernel>,
    /// One panel per metric.
    pub panels: Vec<BarPanel>,
    /// What the bars are (the class's `compare:`).
    pub axis: Compared,
}

/// A kernel in a bar chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BarKernel {
    /// Kernel name.
    pub name: String,
    /// Patch tree ([`crate::version::KernelVersion::lane`]), picks the colour.
    pub lane: String,
    /// True for the table's baseline kernel.
    pub baseline: bool,
    /// True when the kernel's dmesg shows a problem
    /// ([`crate::report::environment::DMESG_MARK`] follows its name on the
    /// axis, as in the tables).
    pub marked: &'static str,
}

/// One metric's bars.
#[derive(Debug, Clone, PartialEq)]
pub struct BarPanel {
    /// Metric name.
    pub metric: String,
    /// Unit of the values.
    pub unit: String,
    /// Better direction.
    pub better: Better,
    /// One entry per kernel of [`BarSpec::kernels`]; `None` when missing.
    pub values: Vec<Option<BarValue>>,
}

/// One bar.
#[derive(Debug, Clone, PartialEq)]
pub struct BarValue {
    /// Mean, in the panel's unit (finite).
    pub mean: f64,
    /// Standard deviation drawn as an error bar (finite, > 0, n ≥ 2), else `None`.
    pub sd: Option<f64>,
    /// Number of runs.
    pub n: u32,
    /// The value as the table prints it.
    pub text: compact_str::CompactString,
}

/// Builds the bar chart of `rows` (indices into the table) over columns
/// `cols`. `None` when no cell holds a finite value.
pub fn plan(section: &SectionView, cols: &[usize], rows: &[usize], params: &str) -> Option<BarSpec> {
    let keyed = crate::report::grid::keyed(&section.table);
    let t = &*keyed;
    let mut kernels: Vec<BarKernel> = Vec::new();
    let mut panels: Vec<BarPanel> = cols
        .iter()
        .filter_map(|&c| t.columns.get(c))
        .map(|c| BarPanel {
            metric: c.label().to_string(),
            unit: c.unit_label().to_string(),
            better: c.better,
            values: Vec::new(),
        })
        .collect();
    for &ri in rows {
        let Some(r) = t.rows.get(ri) else { continue };
        let vals: Vec<Option<BarValue>> = cols
            .iter()
            .map(|&c| {
                let cell = r.cells.get(c)?.as_ref()?;
                let mean = finite(cell.summary.mean)?;
                Some(BarValue { mean, sd: drawn_sd(&cell.summary), n: cell.summary.n, text: cell.text.clone() })
            })
            .collect();
        if vals.iter().all(Option::is_none) {
            continue;
        }
        kernels.push(BarKernel {
            name: r.kernel.clone(),
            lane: lane_in(&t.axis, &r.kernel),
            baseline: t.baseline.as_deref() == Some(r.kernel.as_str()),
            marked: crate::report::environment::mark_of(&t.marks, &r.kernel).map_or("", |m| m.mark),
        });
        for (p, v) in panels.iter_mut().zip(vals) {
            p.values.push(v);
        }
    }
    panels.retain(|p| p.values.iter().any(Option::is_some));
    if kernels.is_empty() || panels.is_empty() {
        return None;
    }
    Some(BarSpec { title: section.title.clone(), subtitle: params.to_string(), kernels, panels, axis: t.axis.clone() })
}

/// Most panels in one bar chart of `kernels` kernels: [`MAX_BAR_PANELS`]
/// up to 13 kernels, 4 up to 26, then 2 (many kernels make tall panels).
pub fn panels_per_chart(kernels: usize) -> usize {
    match kernels {
        0..=13 => MAX_BAR_PANELS,
        14..=26 => 4,
        _ => 2,
    }
}

/// `spec` as paged small multiples: one chart per [`panels_per_chart`]
/// panels, in panel order, so every metric is drawn; the title of each
/// says which page it is ("Bonnie (2 of 3)") when there are several. The
/// kernels of a page are those with a value in one of its panels.
pub fn pages(spec: BarSpec) -> Vec<BarSpec> {
    let per = panels_per_chart(spec.kernels.len());
    if spec.panels.len() <= per {
        return vec![spec];
    }
    // Pages of equal size (7 panels: 4 and 3, not 6 and 1).
    let n = spec.panels.len().div_ceil(per);
    let per = spec.panels.len().div_ceil(n);
    spec.panels
        .chunks(per)
        .enumerate()
        .map(|(i, chunk)| {
            let keep: Vec<usize> =
                (0..spec.kernels.len()).filter(|&k| chunk.iter().any(|p| p.values[k].is_some())).collect();
            BarSpec {
                title: format!("{} ({} of {n})", spec.title, i + 1),
                subtitle: spec.subtitle.clone(),
                kernels: keep.iter().map(|&k| spec.kernels[k].clone()).collect(),
                panels: chunk
                    .iter()
                    .map(|p| BarPanel { values: keep.iter().map(|&k| p.values[k].clone()).collect(), ..p.clone() })
                    .collect(),
                axis: spec.axis.clone(),
            }
        })
        .collect()
}

/// Characters of a kernel name shown on an axis.
const NAME_CHARS: usize = 36;
/// Height of a panel's metric heading.
const HEADER: i32 = 24;

struct Layout {
    /// Width of the chart: [`WIDTH`], or less for a few vertical bars
    /// ([`narrow_width`]).
    width: i32,
    vertical: bool,
    ncols: usize,
    /// Horizontal: width of the kernel-name area of the first column.
    label_w: i32,
    /// Width of a panel column (without the name area).
    col_w: i32,
    /// Height of one panel.
    panel_h: i32,
    /// Horizontal: height of a kernel's band.
    row_h: i32,
    /// Most characters of a kernel's name on the kernel axis.
    name_chars: usize,
}

fn layout(spec: &BarSpec, keys: &[(Key, String)]) -> Layout {
    let nk = spec.kernels.len() as i32;
    let np = spec.panels.len();
    let inner = WIDTH as i32 - 2 * MARGIN;
    // Vertical when every name fits under its bar.
    let ncols_v = np.min(3);
    let plot_w_v = inner / ncols_v as i32 - 80;
    let cat_w = plot_w_v / nk.max(1);
    let widest = widest_name(spec);
    if nk <= 12 && widest + 8 <= cat_w {
        let width = narrow_width(spec, keys, ncols_v as i32, widest);
        return Layout {
            width,
            vertical: true,
            ncols: ncols_v,
            label_w: 0,
            col_w: (width - 2 * MARGIN) / ncols_v as i32,
            panel_h: HEADER + 230 + 30,
            row_h: 0,
            name_chars: NAME_CHARS,
        };
    }
    let ncols = if np == 1 { 1 } else { 2 };
    let label_w =
        spec.kernels.iter().map(|k| text_px(&axis_name(k, NAME_CHARS), FONT_SMALL)).max().unwrap_or(0).clamp(40, 330)
            + 14;
    let row_h = if nk <= 20 { 24 } else { 19 };
    Layout {
        width: WIDTH as i32,
        vertical: false,
        ncols,
        label_w,
        col_w: (inner - label_w) / ncols as i32,
        panel_h: HEADER + nk * row_h + 10 + 48,
        row_h,
        name_chars: NAME_CHARS,
    }
}

/// The widest kernel name under a vertical bar, in pixels: each name
/// shortened in the middle to [`NAME_CHARS`], in the small font.
fn widest_name(spec: &BarSpec) -> i32 {
    spec.kernels.iter().map(|k| text_px(&ellipsize_middle(&clean(&k.name), NAME_CHARS), FONT_SMALL)).max().unwrap_or(0)
}

/// The layout of a chart's phone copy, [`NARROW`] wide: one panel a row;
/// vertical bars when every kernel's name fits under its bar, else
/// horizontal ones with their names, shortened in the middle, in at most
/// two fifths of the width.
fn layout_narrow(spec: &BarSpec) -> Layout {
    let nk = spec.kernels.len() as i32;
    let inner = NARROW as i32 - 2 * MARGIN;
    let cat_w = (inner - 80) / nk.max(1);
    let widest = widest_name(spec);
    if nk <= 12 && widest + 8 <= cat_w {
        return Layout {
            width: NARROW as i32,
            vertical: true,
            ncols: 1,
            label_w: 0,
            col_w: inner,
            panel_h: HEADER + 170 + 30,
            row_h: 0,
            name_chars: NAME_CHARS,
        };
    }
    let label_max = inner * 2 / 5;
    let name_chars = ((f64::from(label_max) / (0.6 * FONT_SMALL / 1.24)).floor() as usize).clamp(8, NAME_CHARS);
    let label_w = spec
        .kernels
        .iter()
        .map(|k| text_px(&axis_name(k, name_chars), FONT_SMALL))
        .max()
        .unwrap_or(0)
        .clamp(40, label_max)
        + 14;
    let row_h = if nk <= 20 { 24 } else { 19 };
    Layout {
        width: NARROW as i32,
        vertical: false,
        ncols: 1,
        label_w,
        col_w: inner - label_w,
        panel_h: HEADER + nk * row_h + 10 + 48,
        row_h,
        name_chars,
    }
}
/// Least width of a bar chart narrowed to its bars ([`narrow_width`]).
const NARROW_MIN: i32 = 360;
/// Most width of a bar chart narrowed to its bars: a chart that needs more
/// has bars close enough at [`WIDTH`] that a phone shows the first ones,
/// and is drawn as it was.
const NARROW_MAX: i32 = 600;

/// The width of a chart of vertical bars (`ncols` panels a row, the
/// widest kernel name `widest_name` px): what it needs, when that is at
/// most [`NARROW_MAX`] (a few kernels), else [`WIDTH`]. It needs, for each
/// panel, its value axis and a slot per kernel wide enough for its name and
/// its bar's value, and its metric's heading; the legend's widest entry;
/// at least [`NARROW_MIN`]. A chart is drawn at its size (its text stays
/// legible) and scrolls sideways on a narrow screen: one kernel's bar in
/// the middle of 960 px was out of view on a phone, under an empty plot.
fn narrow_width(spec: &BarSpec, keys: &[(Key, String)], ncols: i32, widest_name: i32) -> i32 {
    let widest_value = spec
        .panels
        .iter()
        .flat_map(|p| p.values.iter().flatten())
        .map(|v| text_px(&clean(&value_label(v.mean, &v.text)), FONT_SMALL))
        .max()
        .unwrap_or(0);
    let slot = (widest_name.max(widest_value) + 16).max(72);
    let heading = spec.panels.iter().map(|p| text_px(&clean(&p.metric), FONT) + 64).max().unwrap_or(0);
    let col = (70 + spec.kernels.len() as i32 * slot).max(heading);
    let legend = keys.iter().map(|(_, label)| legend_entry_px(label)).max().unwrap_or(0);
    let need = (ncols * col).max(legend).max(NARROW_MIN - 2 * MARGIN).saturating_add(2 * MARGIN);
    if need <= NARROW_MAX { need } else { WIDTH as i32 }
}

/// Name of a kernel on the category axis, at most `chars` characters
/// besides its dmesg mark: the baseline's says so where that fits (its bar
/// is hollow, and the legend names it).
fn axis_name(k: &BarKernel, chars: usize) -> String {
    let n = marked_name(k, chars);
    if !k.baseline {
        n
    } else if chars >= NAME_CHARS || n.chars().count() + " (baseline)".len() <= chars {
        format!("{n} (baseline)")
    } else {
        n
    }
}

/// The kernel's name as drawn, shortened, followed by the dmesg mark when
/// it has one (`6.10.0!`, as the tables print it).
fn marked_name(k: &BarKernel, chars: usize) -> String {
    let n = ellipsize_middle(&clean(&k.name), chars);
    format!("{n}{}", k.marked)
}

/// The legend: a swatch per patch tree that some filled bar is drawn in
/// (the baseline's bar is hollow, so its tree has no swatch unless another
/// kernel of it is drawn), when the chart has more than one tree; the
/// hollow baseline; the error bar when some bar has one.
fn legend(spec: &BarSpec, pal: &LanePalette) -> Vec<(Key, String)> {
    let mut lanes: Vec<&str> = Vec::new();
    let mut filled: Vec<&str> = Vec::new();
    for k in &spec.kernels {
        if !lanes.contains(&k.lane.as_str()) {
            lanes.push(&k.lane);
        }
        if !k.baseline && !filled.contains(&k.lane.as_str()) {
            filled.push(&k.lane);
        }
    }
    let mut out = Vec::new();
    if lanes.len() > 1 {
        for l in &filled {
            let (c, variant) = pal.style(l);
            let key = if variant == 0 { Key::Swatch(c) } else { Key::Half(c) };
            out.push((key, ellipsize_middle(&clean(l), 30)));
        }
    }
    if let Some(b) = spec.kernels.iter().find(|k| k.baseline) {
        out.push((
            Key::Hollow(pal.colour(&b.lane)),
            format!("baseline: {}", ellipsize_middle(&clean(&b.name), NAME_CHARS)),
        ));
    }
    if spec.panels.iter().any(|p| p.values.iter().flatten().any(|v| v.sd.is_some())) {
        out.push((Key::ErrorBar, "± 1 standard deviation (2 or more runs)".to_string()));
    }
    // The "(scale A)" on panels' axes, with no word of what it meant
    // anywhere near (newcomer58): said once, under the panels.
    if scale_groups(&spec.panels).iter().any(|(_, tag)| !tag.is_empty()) {
        out.push((Key::Scales, "panels of one (scale X) share an axis".to_string()));
    }
    out
}

/// Title, description and SVG of a bar chart and of its phone copy, the
/// same two drawings; `None` if nothing can be drawn.
///
/// `pal` colours the bars by patch tree (the page's [`LanePalette`]).
/// Panels of one unit share a value axis ([`scale_groups`]); every axis
/// starts at 0. The phone copy is [`NARROW`] wide ([`layout_narrow`]: one
/// panel a row), `None` for a chart drawn [`NARROW`] wide or less. The
/// description's words past the chart's kind ([`describe_rest`]: every
/// bar's figure) are made once for both (they were made again for the
/// phone copy: 9,300 labels cleaned a second time in ten kernels of one
/// class).
pub fn render_both(spec: &BarSpec, machine: &str, pal: &LanePalette) -> [Option<(String, String, String)>; 2] {
    if spec.kernels.is_empty() || spec.panels.is_empty() {
        return [None, None];
    }
    let rest = describe_rest(spec, machine);
    let wide = render_with(spec, machine, pal, false, &rest);
    let narrow = if layout(spec, &legend(spec, pal)).width <= NARROW as i32 {
        None
    } else {
        render_with(spec, machine, pal, true, &rest)
    };
    [wide, narrow]
}

/// A bar chart ([`render_both`]), or its phone copy when `narrow`; `rest` is
/// [`describe_rest`]`(spec, machine)`.
fn render_with(
    spec: &BarSpec,
    machine: &str,
    pal: &LanePalette,
    narrow: bool,
    rest: &str,
) -> Option<(String, String, String)> {
    if spec.kernels.is_empty() || spec.panels.is_empty() {
        return None;
    }
    let title = clean(&spec.title);
    let sub = clean(&spec.subtitle);
    let head = if sub.is_empty() { title.clone() } else { format!("{title}: {sub}") };
    let full_title = if machine.trim().is_empty() { head.clone() } else { format!("{head} — {}", clean(machine)) };
    let keys = legend(spec, pal);
    let lay = if narrow { layout_narrow(spec) } else { layout(spec, &keys) };
    let groups = scale_groups(&spec.panels);
    let inner = lay.width - 2 * MARGIN;
    // A narrowed chart's long title wraps (a 960-px one is cut, as before).
    let lines =
        if lay.width < WIDTH as i32 { title_lines(&head, inner) } else { vec![fit_end(&head, inner, FONT_TITLE)] };
    let title_h =
        MARGIN + 24 + TITLE_LINE * (lines.len() as i32 - 1) + if machine.trim().is_empty() { 0 } else { 18 } + 6;
    let prows = spec.panels.len().div_ceil(lay.ncols) as i32;
    let legend_h = legend_height(&keys, inner);
    let height = (title_h + prows * lay.panel_h + legend_h + MARGIN).max(120) as u32;
    let width = lay.width as u32;

    // The values of each scale group's panels, in panel order, and for
    // rows of bars the widest of their value labels: found once for the
    // group, not again for each of its panels (a group of ten panels of
    // 300 kernels printed 30,000 value labels for each of its panels).
    let mut shared: Vec<Vec<&BarValue>> = vec![Vec::new(); groups.iter().map(|g| g.0 + 1).max().unwrap_or(0)];
    for (panel, (g, _)) in spec.panels.iter().zip(&groups) {
        shared[*g].extend(panel.values.iter().flatten());
    }
    let label_px: Vec<i32> = shared
        .iter()
        .map(|vals| {
            if lay.vertical {
                return 0;
            }
            vals.iter().map(|v| text_px(&clean(&value_label(v.mean, &v.text)), FONT_SMALL)).max().unwrap_or(0) + 10
        })
        .collect();
    let mut svg = String::new();
    {
        let root = super::svg::CompactSvg::with_string(&mut svg, (width, height)).into_drawing_area();
        draw_title_lines(&root, &lines, &clean(machine))?;
        for (i, panel) in spec.panels.iter().enumerate() {
            let (prow, pcol) = ((i / lay.ncols) as i32, (i % lay.ncols) as i32);
            let y = title_h + prow * lay.panel_h;
            let (x, w) = if lay.vertical {
                (MARGIN + pcol * lay.col_w, lay.col_w)
            } else if pcol == 0 {
                (MARGIN, lay.label_w + lay.col_w)
            } else {
                (MARGIN + lay.label_w + pcol * lay.col_w, lay.col_w)
            };
            let area = root.clone().shrink((x, y), (w.max(10) as u32, lay.panel_h.max(10) as u32));
            let g = groups[i].0;
            let ctx =
                PanelCtx { pal, shared: &shared[g], label_px: label_px[g], scale: &groups[i].1, first_col: pcol == 0 };
            draw_panel(&area, spec, panel, &lay, &ctx)?;
        }
        draw_legend(&root, &keys, (MARGIN, title_h + prows * lay.panel_h), inner)?;
        root.present().ok()?;
    }
    let desc = describe(lay.vertical, rest);
    let svg = finish_svg(svg, &full_title, &desc, (width, height))?;
    Some((full_title, desc, svg))
}

/// How a panel is drawn beside its neighbours.
struct PanelCtx<'a> {
    /// Lane colours.
    pal: &'a LanePalette,
    /// The values of every panel sharing this panel's value axis.
    shared: &'a [&'a BarValue],
    /// For rows of bars, the room the widest value label of those takes
    /// beside its bar, in pixels (0 for columns).
    label_px: i32,
    /// The panel's scale tag ([`scale_groups`]): "scale B" when its unit
    /// has several scales, said on its axis; else "".
    scale: &'a str,
    /// True for a panel in the first column (kernel names beside it).
    first_col: bool,
}

/// Most ratio between the largest values of panels sharing a value axis:
/// further apart, the smaller bars would be flattened to nothing.
const SHARED_SCALE_RATIO: f64 = 5.0;

/// Which panels share a value axis, and what the axis says about it.
/// Panels of one unit share one while their largest |values| are within
/// `SHARED_SCALE_RATIO` of each other: a unit's panels sorted by that
/// value are cut into as few runs as allow it. Returns, per panel, its
/// group number and its scale tag: "" when its unit has one scale, else
/// "scale A", "scale B"… (in the order of their first panels), the same on every panel
/// of a group, so no one reads bars against a different scale.
pub fn scale_groups(panels: &[BarPanel]) -> Vec<(usize, String)> {
    let peak = |p: &BarPanel| p.values.iter().flatten().map(|v| v.mean.abs()).fold(0.0, f64::max);
    let mut out: Vec<(usize, String)> = vec![(0, String::new()); panels.len()];
    let mut units: Vec<&str> = Vec::new();
    for p in panels {
        if !units.contains(&p.unit.as_str()) {
            units.push(&p.unit);
        }
    }
    let mut next = 0;
    for u in units {
        let mut idx: Vec<usize> = (0..panels.len()).filter(|&i| panels[i].unit == u).collect();
        idx.sort_by(|&a, &b| peak(&panels[a]).total_cmp(&peak(&panels[b])).then(a.cmp(&b)));
        // Runs of the sorted panels, each within the ratio of its first.
        let mut runs: Vec<Vec<usize>> = Vec::new();
        for i in idx {
            let m = peak(&panels[i]);
            match runs.last_mut() {
                Some(run) if m <= peak(&panels[run[0]]).max(f64::MIN_POSITIVE) * SHARED_SCALE_RATIO => run.push(i),
                _ => runs.push(vec![i]),
            }
        }
        let many = runs.len() > 1;
        // Lettered in panel order: the first panel a reader meets is on
        // scale A (by value, newcomer59b's stress-ng chart began with
        // "(scale B)").
        runs.sort_by_key(|run| run.iter().min().copied());
        for (k, run) in runs.into_iter().enumerate() {
            let tag = if many { format!("scale {}", char::from(b'A' + (k % 26) as u8)) } else { String::new() };
            for i in run {
                out[i] = (next, tag.clone());
            }
            next += 1;
        }
    }
    out
}

/// The value axis of a panel: range and ticks over the values of every
/// panel sharing it (`vals`), with room for value labels. Starts at 0 when
/// no mean is negative (an error bar reaching below 0 is cut at the axis).
fn value_axis(vals: &[&BarValue], plot_px: i32, label_px: i32) -> (f64, f64, Vec<f64>) {
    let has_neg = vals.iter().any(|v| v.mean < 0.0);
    let lo = if has_neg { vals.iter().map(|v| v.mean - v.sd.unwrap_or(0.0)).fold(0.0, f64::min) } else { 0.0 };
    let hi = vals.iter().map(|v| v.mean + v.sd.unwrap_or(0.0)).fold(0.0, f64::max);
    let (lo, hi) = if lo.is_finite() && hi.is_finite() { (lo, hi) } else { (0.0, 1.0) };
    let (nlo, nhi, ticks) = nice_axis(lo, hi, 5);
    let f = (f64::from(label_px) / f64::from(plot_px.max(1))).clamp(0.0, 0.45);
    let span = nhi - nlo;
    let room = span * f / (1.0 - f);
    let has_pos = vals.iter().any(|v| v.mean >= 0.0);
    let top = if has_pos { nhi.max(hi + room) } else { nhi };
    let bottom = if has_neg { nlo.min(lo - room) } else { nlo };
    (bottom, top, ticks)
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    spec: &BarSpec,
    panel: &BarPanel,
    lay: &Layout,
    ctx: &PanelCtx<'_>,
) -> Option<()> {
    let first_col = ctx.first_col;
    let nk = spec.kernels.len();
    let (w, _) = area.dim_in_pixel();
    let w = w as i32;
    // Heading: the metric name (the unit and direction are on the axis).
    let name_x = if lay.vertical {
        60
    } else if first_col {
        lay.label_w
    } else {
        16
    };
    let heading = fit_end(&clean(&panel.metric), w - name_x - 4, FONT);
    area.draw(&Text::new(heading, (name_x, 2), font_bold(FONT).pos(Pos::new(HPos::Left, VPos::Top)))).ok()?;
    let mut desc = axis_desc(&clean(&panel.unit), panel.better);
    if !ctx.scale.is_empty() {
        desc.push_str(&format!(" ({})", ctx.scale));
    }
    let centers: Vec<f64> = (0..nk).map(|i| i as f64 + 0.5).collect();
    if lay.vertical {
        draw_columns(area, spec, panel, lay, ctx, (desc, centers))
    } else {
        draw_rows(area, spec, panel, lay, ctx, (desc, centers))
    }
}

/// A panel of vertical bars (few kernels): kernel names under the x axis,
/// values on the y axis (`desc`, ticks at `centers`), each bar labelled
/// with its value above its error bar.
fn draw_columns<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    spec: &BarSpec,
    panel: &BarPanel,
    lay: &Layout,
    ctx: &PanelCtx<'_>,
    (desc, centers): (String, Vec<f64>),
) -> Option<()> {
    let nk = spec.kernels.len();
    let w = area.dim_in_pixel().0 as i32;
    let names: Vec<String> = spec.kernels.iter().map(|k| marked_name(k, lay.name_chars)).collect();
    let plot_h = lay.panel_h - HEADER - 30 - 6;
    let (lo, hi, ticks) = value_axis(ctx.shared, plot_h, 20);
    let step = tick_step(&ticks);
    let ticks: Vec<f64> = ticks.into_iter().filter(|t| *t >= lo && *t <= hi).collect();
    let mut chart = ChartBuilder::on(area)
        .margin_top(HEADER)
        .margin_right(10)
        .margin_bottom(6)
        .x_label_area_size(30)
        .y_label_area_size(60)
        .build_cartesian_2d(Axis::new(0f64, nk as f64, centers), Axis::new(lo, hi, ticks))
        .ok()?;
    let xfmt = |v: &f64| names.get(v.floor().max(0.0) as usize).cloned().unwrap_or_default();
    let yfmt = |v: &f64| fmt_tick(*v, step);
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(GRID)
        .axis_style(MUTED)
        .label_style(font(FONT_SMALL))
        .axis_desc_style(font(FONT_SMALL))
        .x_label_formatter(&xfmt)
        .y_label_formatter(&yfmt)
        .y_desc(desc)
        .draw()
        .ok()?;
    if lo < 0.0 {
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (nk as f64, 0.0)], INK.stroke_width(1))))
            .ok()?;
    }
    // Bars at most 90 px wide, so two kernels do not make slabs.
    let cat_px = f64::from((w - 70).max(1)) / nk as f64;
    let half = (45.0 / cat_px).min(0.3);
    for (i, (k, v)) in spec.kernels.iter().zip(&panel.values).enumerate() {
        let Some(v) = v else { continue };
        let (x0, x1, xc) = (i as f64 + 0.5 - half, i as f64 + 0.5 + half, i as f64 + 0.5);
        draw_bar(&mut chart, k, [(x0, 0.0), (x1, v.mean)], ctx.pal)?;
        let mut end = v.mean;
        if let Some(sd) = v.sd {
            let s = INK.stroke_width(1);
            let (a, b) = ((v.mean - sd).max(lo), v.mean + sd);
            // One path: cap, stem, cap (the stem's ends retraced).
            let cap = half * 0.3;
            let path = vec![(xc - cap, a), (xc + cap, a), (xc, a), (xc, b), (xc - cap, b), (xc + cap, b)];
            chart.draw_series(std::iter::once(PathElement::new(path, s))).ok()?;
            end = if v.mean >= 0.0 { b } else { a };
        }
        let (dy, vpos) = if v.mean >= 0.0 { (-4, VPos::Bottom) } else { (4, VPos::Top) };
        chart
            .draw_series(std::iter::once(
                EmptyElement::at((xc, end))
                    + Text::new(clean(&value_label(v.mean, &v.text)), (0, dy), font_at(FONT_SMALL, HPos::Center, vpos)),
            ))
            .ok()?;
    }
    Some(())
}

/// A panel of horizontal bars (many kernels): kernel names beside the y
/// axis of the first column's panel only (`first_col`), values on the x
/// axis (`desc`), each bar labelled with its value after its error bar.
fn draw_rows<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    spec: &BarSpec,
    panel: &BarPanel,
    lay: &Layout,
    ctx: &PanelCtx<'_>,
    (desc, centers): (String, Vec<f64>),
) -> Option<()> {
    let first_col = ctx.first_col;
    let nk = spec.kernels.len();
    let label_px = ctx.label_px;
    let plot_w = lay.col_w - 16;
    let (lo, hi, ticks) = value_axis(ctx.shared, plot_w, label_px);
    let step = tick_step(&ticks);
    let ticks: Vec<f64> = ticks.into_iter().filter(|t| *t >= lo && *t <= hi).collect();
    // Kernel i occupies band [nk-1-i, nk-i]: the first kernel on top.
    // Only the first column's panel names them (`yfmt` writes nothing else).
    let labels: Vec<String> =
        if first_col { spec.kernels.iter().map(|k| axis_name(k, lay.name_chars)).collect() } else { Vec::new() };
    let yfmt = |v: &f64| -> String {
        if !first_col {
            return String::new();
        }
        let i = (nk as f64 - v).floor();
        if i < 0.0 { String::new() } else { labels.get(i as usize).cloned().unwrap_or_default() }
    };
    let xfmt = |v: &f64| fmt_tick(*v, step);
    let mut chart = ChartBuilder::on(area)
        .margin_top(HEADER)
        .margin_right(16)
        .margin_bottom(6)
        .x_label_area_size(42)
        .margin_left(if first_col { 0 } else { 12 })
        .y_label_area_size(if first_col { lay.label_w } else { 4 })
        // Panels beside the first have no kernel names, so no ticks
        // either (a 300-kernel panel had 300 tick marks to no label).
        .build_cartesian_2d(
            Axis::new(lo, hi, ticks),
            Axis::new(0f64, nk as f64, if first_col { centers } else { Vec::new() }),
        )
        .ok()?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .bold_line_style(GRID)
        .axis_style(MUTED)
        .label_style(font(FONT_SMALL))
        .axis_desc_style(font(FONT_SMALL))
        .x_label_formatter(&xfmt)
        .y_label_formatter(&yfmt)
        .x_desc(desc)
        .draw()
        .ok()?;
    if lo < 0.0 {
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (0.0, nk as f64)], INK.stroke_width(1))))
            .ok()?;
    }
    let half = if lay.row_h >= 24 { 0.32 } else { 0.36 };
    for (i, (k, v)) in spec.kernels.iter().zip(&panel.values).enumerate() {
        let Some(v) = v else { continue };
        let yc = nk as f64 - i as f64 - 0.5;
        draw_bar(&mut chart, k, [(0.0, yc - half), (v.mean, yc + half)], ctx.pal)?;
        let mut end = v.mean;
        if let Some(sd) = v.sd {
            let s = INK.stroke_width(1);
            let (a, b) = ((v.mean - sd).max(lo), v.mean + sd);
            let cap = half * 0.6;
            // One path: cap, stem, cap (the stem's ends retraced).
            let path = vec![(a, yc - cap), (a, yc + cap), (a, yc), (b, yc), (b, yc - cap), (b, yc + cap)];
            chart.draw_series(std::iter::once(PathElement::new(path, s))).ok()?;
            end = if v.mean >= 0.0 { b } else { a };
        }
        let (dx, hpos) = if v.mean >= 0.0 { (5, HPos::Left) } else { (-5, HPos::Right) };
        chart
            .draw_series(std::iter::once(
                EmptyElement::at((end, yc))
                    + Text::new(clean(&value_label(v.mean, &v.text)), (dx, 0), font_at(FONT_SMALL, hpos, VPos::Center)),
            ))
            .ok()?;
    }
    Some(())
}

/// One bar from corner to corner: filled in the lane colour, hollow (a
/// faint fill and an outline) for the baseline, half filled with an
/// outline for a lane past the palette's twelve ([`LanePalette`]).
fn draw_bar<DB: DrawingBackend>(
    chart: &mut Chart2d<'_, DB>,
    k: &BarKernel,
    corners: [(f64, f64); 2],
    pal: &LanePalette,
) -> Option<()> {
    let (c, variant) = pal.style(&k.lane);
    if k.baseline {
        chart
            .draw_series([Rectangle::new(corners, hollow_fill(c)), Rectangle::new(corners, c.stroke_width(2))])
            .ok()?;
    } else if variant > 0 {
        chart
            .draw_series([Rectangle::new(corners, c.mix(0.5).filled()), Rectangle::new(corners, c.stroke_width(2))])
            .ok()?;
    } else {
        chart.draw_series(std::iter::once(Rectangle::new(corners, c.filled()))).ok()?;
    }
    Some(())
}

/// The chart in one sentence, for the `alt` of its image (the numbers
/// are in the table beside it): "Bar chart of Throughput (MB/s) for 2
/// kernels, bigger is better."
pub fn alt(spec: &BarSpec) -> String {
    let n = spec.axis.count(spec.kernels.len());
    let at = alt_at(&spec.subtitle);
    match spec.panels.as_slice() {
        [p] => format!("Bar chart of {} for {n}{at}{}.", alt_metric(&p.metric, &p.unit), alt_direction(p.better)),
        [p, rest @ ..] => format!(
            "Bar charts of {} and {} more metric{} for {n}{at}.",
            alt_metric(&p.metric, &p.unit),
            rest.len(),
            if rest.len() == 1 { "" } else { "s" }
        ),
        [] => format!("Bar chart of {} for {n}{at}.", clean(&spec.title)),
    }
}

/// The chart in words.
fn describe(vertical: bool, rest: &str) -> String {
    let kind = if vertical { "Bar chart" } else { "Horizontal bar chart" };
    format!("{kind}{rest}")
}

/// The words of [`describe`] past the chart's kind, the same for a chart
/// and its phone copy: what it shows, for whom, and every bar's figure.
fn describe_rest(spec: &BarSpec, machine: &str) -> String {
    let nk = spec.kernels.len();
    let mut s = format!(" of {} for {}", clean(&spec.title), spec.axis.count(nk));
    if !spec.subtitle.is_empty() {
        s.push_str(&format!(" at {}", clean(&spec.subtitle)));
    }
    if !machine.trim().is_empty() {
        s.push_str(&format!(" on {}", clean(machine)));
    }
    s.push_str(&format!(", one bar per {}, {}.", spec.axis.one, colour_rule(&spec.axis)));
    if let Some(b) = spec.kernels.iter().find(|k| k.baseline) {
        s.push_str(&format!(" The baseline, {}, is drawn hollow.", clean(&b.name)));
    }
    if spec.panels.iter().any(|p| p.values.iter().flatten().any(|v| v.sd.is_some())) {
        s.push_str(&format!(
            " Error bars show ± one standard deviation where a {} has two or more runs.",
            spec.axis.one
        ));
    }
    for p in &spec.panels {
        let mut items: Vec<(f64, String)> = spec
            .kernels
            .iter()
            .zip(&p.values)
            .filter_map(|(k, v)| {
                let v = v.as_ref()?;
                let base = if k.baseline { " (baseline)" } else { "" };
                Some((v.mean, format!("{}{base} {}", clean(&k.name), with_unit(&clean(&v.text), &clean(&p.unit)))))
            })
            .collect();
        s.push_str(&format!(" {}: ", metric_words(&p.metric, &clean(&p.unit), p.better)));
        if items.len() <= 12 {
            s.push_str(&items.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>().join("; "));
        } else {
            items.sort_by(|a, b| b.0.total_cmp(&a.0));
            let top: Vec<String> = items.iter().take(3).map(|(_, t)| t.clone()).collect();
            let bottom: Vec<String> = items.iter().rev().take(3).map(|(_, t)| t.clone()).collect();
            s.push_str(&format!("largest {}; smallest {}", join_limited(&top, 3), join_limited(&bottom, 3)));
        }
        s.push('.');
    }
    s
}
