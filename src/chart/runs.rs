//! Strip chart of runs: every recorded run of a section's ranked metrics,
//! where some kernel has [`MIN_RUNS`] or more, so the spread behind a mean
//! is seen, not only its ± (as PTS draws every run).
//!
//! One panel per metric (the bar chart's columns, [`super::bar_columns`],
//! that have such runs; at most [`MAX_RUN_PANELS`]), stacked. In a panel,
//! one horizontal strip per table row (kernel and parameter values), each
//! run a dot coloured by the kernel's patch tree (a run the section's
//! `trim` left out is hollow), the mean a dark tick across the strip. The
//! value axis spans the runs (a strip chart shows spread: it need not start
//! at 0). A row of a single recorded value is one dot.

use super::*;
use crate::report::SectionView;

/// Fewest runs of one kernel's value for a section to get a strip chart.
pub const MIN_RUNS: usize = 3;
/// Most metric panels in one strip chart.
pub const MAX_RUN_PANELS: usize = 4;
/// Most strips (table rows) in a panel: the last ones of the table.
pub const MAX_RUN_ROWS: usize = 30;

/// A strip chart: panels of rows of runs.
#[derive(Debug, Clone, PartialEq)]
pub struct RunsSpec {
    /// Section title.
    pub title: String,
    /// Row labels ("2.4.7", "2.4.7, threads 64"), in table order.
    pub rows: Vec<String>,
    /// The same rows labelled by their kernel and only the parameters
    /// that tell them apart ([`telling_params`]): drawn where a full label
    /// is too long for the label room, the description keeping the full.
    pub short_rows: Vec<String>,
    /// Patch tree of each row's kernel (its colour).
    pub lanes: Vec<String>,
    /// Rows of the table left out (more than [`MAX_RUN_ROWS`]).
    pub rows_left_out: usize,
    /// One panel per metric.
    pub panels: Vec<RunsPanel>,
    /// What the rows are (the class's `compare:`).
    pub axis: Compared,
}

/// One metric's strips.
#[derive(Debug, Clone, PartialEq)]
pub struct RunsPanel {
    /// Metric name.
    pub metric: String,
    /// Unit of the values.
    pub unit: String,
    /// Better direction.
    pub better: Better,
    /// Per row of [`RunsSpec::rows`]: its runs (value, left out by `trim`)
    /// and its mean; `None` where the row has no value.
    pub strips: Vec<Option<Strip>>,
}

/// One row's runs of a metric.
#[derive(Debug, Clone, PartialEq)]
pub struct Strip {
    /// Each run's value (finite) and whether `trim` left it out of the mean.
    pub runs: Vec<(f64, bool)>,
    /// The mean as the table prints it.
    pub mean: f64,
    /// The mean's text ("9.342").
    pub text: String,
}

/// The strip chart of `section`, when some value of a ranked column has
/// [`MIN_RUNS`] recorded runs or more; `None` otherwise.
pub fn plan(section: &SectionView) -> Option<RunsSpec> {
    let keyed = crate::report::grid::keyed(&section.table);
    let t = &*keyed;
    let many = |ci: usize| t.rows.iter().any(|r| r.cells[ci].as_ref().is_some_and(|c| c.runs.len() >= MIN_RUNS));
    let cols: Vec<usize> = bar_columns(t).into_iter().filter(|&ci| many(ci)).take(MAX_RUN_PANELS).collect();
    if cols.is_empty() {
        return None;
    }
    let rows: Vec<usize> =
        (0..t.rows.len()).filter(|&ri| cols.iter().any(|&ci| t.rows[ri].cells[ci].is_some())).collect();
    let left_out = rows.len().saturating_sub(MAX_RUN_ROWS);
    let rows = &rows[left_out..];
    let panels = cols
        .iter()
        .map(|&ci| RunsPanel {
            metric: t.columns[ci].label().to_string(),
            unit: t.columns[ci].unit_label().to_string(),
            better: t.columns[ci].better,
            strips: rows
                .iter()
                .map(|&ri| {
                    let c = t.rows[ri].cells[ci].as_ref()?;
                    let runs: Vec<(f64, bool)> = if c.runs.is_empty() {
                        vec![(c.summary.mean, false)]
                    } else {
                        c.runs.iter().map(|r| (r.value, r.trimmed)).collect()
                    };
                    let runs: Vec<(f64, bool)> = runs.into_iter().filter(|(v, _)| v.is_finite()).collect();
                    let mean = finite(c.summary.mean)?;
                    (!runs.is_empty()).then(|| Strip { runs, mean, text: c.text.to_string() })
                })
                .collect(),
        })
        .collect();
    Some(RunsSpec {
        title: section.title.clone(),
        rows: rows.iter().map(|&ri| row_label(t, ri)).collect(),
        short_rows: {
            let keep = telling_params(t, rows);
            rows.iter()
                .map(|&ri| {
                    let r = &t.rows[ri];
                    let headers: Vec<String> = keep.iter().map(|&p| t.param_headers[p].clone()).collect();
                    let values: Vec<String> = keep.iter().map(|&p| r.params[p].clone()).collect();
                    let params = param_label(&t.param_units, &headers, &values);
                    let mark = crate::report::environment::mark_of(&t.marks, &r.kernel).map_or("", |m| m.mark);
                    if params.is_empty() {
                        format!("{}{mark}", r.kernel)
                    } else {
                        format!("{}{mark}, {params}", r.kernel)
                    }
                })
                .collect()
        },
        lanes: rows.iter().map(|&ri| lane_in(&t.axis, &t.rows[ri].kernel)).collect(),
        rows_left_out: left_out,
        panels,
        axis: t.axis.clone(),
    })
}

/// The parameters (indexes into the table's) that tell `rows` apart
/// besides their kernel: the one of most distinct values first, then the
/// next, until every row's kernel and chosen values differ from every
/// other's (or no parameter is left), in the table's order. hackbench's
/// rows `6.9.0, mode process, groups 256, loops 30000` and `6.10.0, mode
/// thread, groups 2, loops 7680000, instances 2` were cut in the middle
/// to `6.10.0, mode threa…0000, instances 2`, hiding the groups that tell
/// 6.10.0's two rows apart (newcomer59b): `groups` alone tells all three.
fn telling_params(t: &crate::report::TableView, rows: &[usize]) -> Vec<usize> {
    let n = t.param_headers.len();
    let distinct = |p: usize| {
        let mut v: Vec<&str> = rows.iter().filter_map(|&ri| t.rows[ri].params.get(p)).map(String::as_str).collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    let mut order: Vec<usize> = (0..n).filter(|&p| distinct(p) > 1).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(distinct(p)));
    let told = |keep: &[usize]| {
        let mut keys: Vec<Vec<&str>> = rows
            .iter()
            .map(|&ri| {
                let r = &t.rows[ri];
                std::iter::once(r.kernel.as_str())
                    .chain(keep.iter().map(|&p| r.params.get(p).map_or("", String::as_str)))
                    .collect()
            })
            .collect();
        keys.sort_unstable();
        keys.windows(2).all(|w| w[0] != w[1])
    };
    let mut keep: Vec<usize> = Vec::new();
    for p in order {
        if told(&keep) {
            break;
        }
        keep.push(p);
    }
    keep.sort_unstable();
    keep
}

/// "2.4.7" or "2.4.7, threads 64": a row's kernel and parameter values.
fn row_label(t: &crate::report::TableView, ri: usize) -> String {
    let r = &t.rows[ri];
    let params = param_label(&t.param_units, &t.param_headers, &r.params);
    // The dmesg mark after the kernel's name, as the tables print it.
    let mark = crate::report::environment::mark_of(&t.marks, &r.kernel).map_or("", |m| m.mark);
    if params.is_empty() { format!("{}{mark}", r.kernel) } else { format!("{}{mark}, {params}", r.kernel) }
}

/// Height of a strip.
const STRIP_H: i32 = 24;
/// Height of a panel's heading and of its value axis.
const HEADING_H: i32 = 24;
const AXIS_H: i32 = 30;

/// The subtitle: what the marks mean, and the rows left out.
fn subtitle(spec: &RunsSpec) -> String {
    let mut s = "every run a dot, the mean a tick".to_string();
    if spec.panels.iter().any(|p| p.strips.iter().flatten().any(|st| st.runs.iter().any(|r| r.1))) {
        s.push_str("; hollow: left out of the mean (trim)");
    }
    if spec.rows_left_out > 0 {
        s.push_str(&format!("; the last {} of {} rows", spec.rows.len(), spec.rows.len() + spec.rows_left_out));
    }
    s
}

/// Draws the strip chart: `(title, desc, svg)`; `None` for nothing to draw.
pub fn render(spec: &RunsSpec, machine: &str, pal: &LanePalette) -> Option<(String, String, String)> {
    render_at(spec, machine, pal, WIDTH)
}

/// [`render`] at `width` pixels: [`WIDTH`] for pages, [`NARROW`] for a
/// phone's screen (the row labels take at most two fifths of it, shortened
/// in the middle; the panel headings and subtitle are cut to fit).
pub fn render_at(spec: &RunsSpec, machine: &str, pal: &LanePalette, width: u32) -> Option<(String, String, String)> {
    if spec.rows.is_empty() || spec.panels.is_empty() {
        return None;
    }
    let head = format!("{}: runs", clean(&spec.title));
    let full_title = if machine.trim().is_empty() { head.clone() } else { format!("{head} — {}", clean(machine)) };
    let inner = width as i32 - 2 * MARGIN;
    // The row labels' room: 260 px, or two fifths of a narrow chart.
    let label_max = 260.min(inner * 2 / 5);
    let chars = label_chars(label_max);
    // A full label too long for the room: each row's kernel and the
    // parameters that tell the rows apart, rather than one cut in its middle.
    let labels = if spec.rows.iter().any(|r| clean(r).chars().count() > chars) { &spec.short_rows } else { &spec.rows };
    let label_w = labels.iter().map(|r| text_px(&ellipsize_middle(&clean(r), chars), FONT_SMALL)).max().unwrap_or(40);
    let label_w = label_w.clamp(40, label_max) + 12;
    let panel_h = HEADING_H + STRIP_H * spec.rows.len() as i32 + AXIS_H + 10;
    let (title, title_extra) = title_block(&head, width);
    let title_h = title_extra + MARGIN + 24 + 18 + if machine.trim().is_empty() { 0 } else { 18 } + 6;
    let height = (title_h + panel_h * spec.panels.len() as i32 + MARGIN).max(120) as u32;
    let mut svg = String::new();
    {
        let root = super::svg::CompactSvg::with_string(&mut svg, (width, height)).into_drawing_area();
        let sub = if machine.trim().is_empty() { subtitle(spec) } else { clean(machine) };
        let used = draw_title_lines(&root, &title, &sub)?;
        if !machine.trim().is_empty() {
            root.draw(&Text::new(
                fit_end(&subtitle(spec), inner, FONT_SMALL),
                (MARGIN, used - 6),
                ("sans-serif", FONT_SMALL).into_font().color(&MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
            ))
            .ok()?;
        }
        for (i, p) in spec.panels.iter().enumerate() {
            let y = title_h + i as i32 * panel_h;
            let area = root.clone().shrink((MARGIN, y), (inner as u32, panel_h as u32));
            draw_panel(&area, spec, p, (labels, label_w, chars), pal)?;
        }
        root.present().ok()?;
    }
    let desc = describe(spec, machine);
    let svg = finish_svg(svg, &full_title, &desc, (width, height))?;
    Some((full_title, desc, svg))
}

/// How many characters of a row label fit in `px` pixels (at most 36,
/// the most a label shows).
fn label_chars(px: i32) -> usize {
    ((f64::from(px) / (0.6 * FONT_SMALL / 1.24)).floor() as usize).clamp(8, 36)
}

/// A panel's heading: "Throughput (MB/s, bigger is better)".
fn panel_heading(p: &RunsPanel) -> String {
    let heading = format!("{} ({})", clean(&p.metric), axis_desc(&clean(&p.unit), p.better));
    if heading.ends_with(" ()") { clean(&p.metric) } else { heading }
}

/// One metric's panel: heading, strips with their row labels, value axis.
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    spec: &RunsSpec,
    p: &RunsPanel,
    (labels, label_w, chars): (&[String], i32, usize),
    pal: &LanePalette,
) -> Option<()> {
    let heading = panel_heading(p);
    // Over the plot, or, where some panel's is too long for that, every
    // panel's from its left edge.
    let w = area.dim_in_pixel().0 as i32;
    let fits = |q: &RunsPanel| text_px(&panel_heading(q), FONT) <= w - label_w;
    let x = if spec.panels.iter().all(fits) { label_w } else { 0 };
    let heading = fit_end(&heading, w - x, FONT);
    area.draw(&Text::new(heading, (x, 2), font_bold(FONT).pos(Pos::new(HPos::Left, VPos::Top)))).ok()?;
    // Fewer ticks on a narrow plot, so their labels stay apart.
    let ticks_max = ((w - label_w - 12) / 70).clamp(3, 6) as usize;
    let (lo, hi, ticks) = value_axis_at(p, ticks_max);
    let step = tick_step(&ticks);
    let n = spec.rows.len();
    let centers: Vec<f64> = (0..n).map(|i| i as f64 + 0.5).collect();
    let names: Vec<String> = labels.iter().map(|r| ellipsize_middle(&clean(r), chars)).collect();
    let mut chart = ChartBuilder::on(area)
        .margin_top(HEADING_H)
        .margin_right(12)
        .x_label_area_size(AXIS_H)
        .y_label_area_size(label_w)
        .build_cartesian_2d(Axis::new(lo, hi, ticks), Axis::new(0f64, n as f64, centers))
        .ok()?;
    // Row 0 at the top: strips read down in table order.
    let yfmt = |v: &f64| names.get(n.saturating_sub(1 + v.floor().max(0.0) as usize)).cloned().unwrap_or_default();
    let xfmt = |v: &f64| fmt_tick(*v, step);
    chart
        .configure_mesh()
        .disable_y_mesh()
        .bold_line_style(GRID)
        .axis_style(MUTED)
        .label_style(font(FONT_SMALL))
        .x_label_formatter(&xfmt)
        .y_label_formatter(&yfmt)
        .draw()
        .ok()?;
    for (i, s) in p.strips.iter().enumerate() {
        let Some(s) = s else { continue };
        let y = (n - 1 - i) as f64 + 0.5;
        let colour = pal.colour(&spec.lanes[i]);
        // Runs spread a little up and down the strip so equal values stay apart.
        let dots = s.runs.iter().enumerate().map(|(k, &(v, trimmed))| {
            let dy = ((k % 5) as f64 - 2.0) * 0.09;
            let style = if trimmed { colour.stroke_width(2) } else { colour.mix(0.8).filled() };
            Circle::new((v, y + dy), 5, style)
        });
        chart.draw_series(dots).ok()?;
        chart
            .draw_series([PathElement::new(vec![(s.mean, y - 0.38), (s.mean, y + 0.38)], INK.stroke_width(2))])
            .ok()?;
    }
    Some(())
}

/// A panel's value axis `(lo, hi, ticks)`: the runs and means with 5 %
/// room either side, but never below 0 when no value is negative (a time,
/// rate or count drawn from −200 s reads as broken): such an axis starts at
/// 0 or at the data.
#[cfg(test)]
fn value_axis(p: &RunsPanel) -> (f64, f64, Vec<f64>) {
    value_axis_at(p, 6)
}

/// [`value_axis`] with at most about `ticks` ticks.
fn value_axis_at(p: &RunsPanel, ticks: usize) -> (f64, f64, Vec<f64>) {
    let values = p.strips.iter().flatten().flat_map(|s| s.runs.iter().map(|r| r.0).chain([s.mean]));
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
    let pad = ((hi - lo) * 0.05).max(hi.abs().max(lo.abs()) * 1e-9);
    let floor = if lo >= 0.0 { (lo - pad).max(0.0) } else { lo - pad };
    nice_axis(floor, hi + pad, ticks)
}

/// The `alt` sentence: "Strip chart of every run of real (s) for 2
/// kernels, smaller is better."
pub fn alt(spec: &RunsSpec) -> String {
    let n = spec.axis.count(distinct_kernels(spec));
    match spec.panels.as_slice() {
        [p] => format!(
            "Strip chart of every run of {} for {n}{}.",
            alt_metric(&p.metric, &p.unit),
            alt_direction(p.better)
        ),
        [p, rest @ ..] => format!(
            "Strip charts of every run of {} and {} more metric{} for {n}.",
            alt_metric(&p.metric, &p.unit),
            rest.len(),
            if rest.len() == 1 { "" } else { "s" }
        ),
        [] => format!("Strip chart of the runs of {}.", clean(&spec.title)),
    }
}

/// Kernels among the rows (a kernel may have several rows).
fn distinct_kernels(spec: &RunsSpec) -> usize {
    let mut seen: Vec<&str> = Vec::new();
    for r in &spec.rows {
        let k = r.split(", ").next().unwrap_or(r);
        if !seen.contains(&k) {
            seen.push(k);
        }
    }
    seen.len()
}

/// The chart in words: every run's value of every row.
fn describe(spec: &RunsSpec, machine: &str) -> String {
    let mut s = format!("Strip chart of every run of {}", clean(&spec.title));
    if !machine.trim().is_empty() {
        s.push_str(&format!(" on {}", clean(machine)));
    }
    s.push_str(": one strip per row of the table, each run a dot coloured by patch tree, the mean a tick.");
    for p in &spec.panels {
        s.push_str(&format!(" {}: ", metric_words(&p.metric, &clean(&p.unit), p.better)));
        let items: Vec<String> = spec
            .rows
            .iter()
            .zip(&p.strips)
            .filter_map(|(r, st)| {
                let st = st.as_ref()?;
                let runs: Vec<String> = st.runs.iter().map(|(v, _)| format!("{v}")).collect();
                Some(format!("{} runs {} (mean {})", clean(r), runs.join(", "), clean(&st.text)))
            })
            .collect();
        s.push_str(&join_limited(&items, 12));
        s.push('.');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(runs: &[&[f64]]) -> RunsSpec {
        RunsSpec {
            title: "dbench 32".into(),
            rows: (0..runs.len()).map(|i| format!("2.4.{i}")).collect(),
            short_rows: (0..runs.len()).map(|i| format!("2.4.{i}")).collect(),
            lanes: vec!["mainline".into(); runs.len()],
            rows_left_out: 0,
            axis: Default::default(),
            panels: vec![RunsPanel {
                metric: "Throughput".into(),
                unit: "MB/s".into(),
                better: Better::Higher,
                strips: runs
                    .iter()
                    .map(|r| {
                        let mean = r.iter().sum::<f64>() / r.len() as f64;
                        Some(Strip { runs: r.iter().map(|&v| (v, false)).collect(), mean, text: format!("{mean}") })
                    })
                    .collect(),
            }],
        }
    }

    #[test]
    fn every_run_is_a_dot_and_every_mean_a_tick() {
        let s = spec(&[&[9.29, 9.56, 9.17], &[6.8, 6.9, 6.94]]);
        let (title, desc, svg) = render(&s, "384 MB box", &LanePalette::new(std::iter::empty())).expect("drawn");
        assert_eq!(title, "dbench 32: runs — 384 MB box");
        assert_eq!(svg.matches("<circle").count(), 6, "{svg}");
        assert!(desc.contains("2.4.0 runs 9.29, 9.56, 9.17"), "{desc}");
        assert_eq!(alt(&s), "Strip chart of every run of Throughput (MB/s) for 2 kernels, bigger is better.");
    }

    #[test]
    fn the_demo_draws_runs_where_a_kernel_has_three_or_more() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let site = crate::site::load(&root).expect("demo loads");
        let view = crate::report::site_view(&site);
        let page = |slug: &str| view.machines.iter().find(|m| m.slug == slug).expect("class");
        // dbench 32: three runs per kernel, every one drawn.
        let spec = plan(&page("dbench32-384m").sections[0]).expect("a strip chart");
        assert_eq!(spec.rows, ["2.4.7", "2.4.8-pre1"]);
        let strips: Vec<usize> = spec.panels[0].strips.iter().flatten().map(|s| s.runs.len()).collect();
        assert_eq!(strips, [3, 3]);
        assert_eq!(spec.panels[0].metric, "Throughput");
        // i586: two runs per kernel; the quad Xeon: one value per kernel.
        for slug in ["i586-166", "quad-xeon-raid5"] {
            assert!(page(slug).sections.iter().all(|s| plan(s).is_none()), "{slug}");
        }
    }

    #[test]
    fn an_axis_of_values_that_are_not_negative_does_not_start_below_zero() {
        // newcomer34 F7: hackbench runs of 9 s to 942 s drew an axis from −200 s.
        let s = spec(&[&[9.2, 10.3, 11.4], &[700.0, 804.0, 942.0]]);
        let (lo, hi, ticks) = value_axis(&s.panels[0]);
        assert_eq!(lo, 0.0, "{ticks:?}");
        assert!(hi >= 942.0 && ticks.iter().all(|&t| t >= 0.0), "{ticks:?}");
        // A strip away from 0 still starts near its data.
        let (lo, _, _) = value_axis(&spec(&[&[900.0, 910.0, 905.0]]).panels[0]);
        assert!(lo > 800.0, "{lo}");
        // Negative values keep their room below.
        let (lo, _, _) = value_axis(&spec(&[&[-5.0, 3.0, 4.0]]).panels[0]);
        assert!(lo < -5.0, "{lo}");
    }

    #[test]
    fn equal_and_single_values_still_draw() {
        for runs in [&[&[5.0, 5.0, 5.0][..]][..], &[&[0.0, 0.0, 0.0]], &[&[1.0]]] {
            let (_, _, svg) = render(&spec(runs), "", &LanePalette::new(std::iter::empty())).expect("drawn");
            assert!(svg.contains("<circle"), "{svg}");
        }
    }
}
