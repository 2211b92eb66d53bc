//! Shared drawing helpers of every chart kind: sizes, colours, text,
//! axes, markers, legend, SVG wrapping.

use crate::model::Better;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Width of every chart in pixels (SVG user units); height depends on content.
pub(crate) const WIDTH: u32 = 960;
/// Outer margin.
pub(crate) const MARGIN: i32 = 16;
/// Plotters font sizes; SVG `font-size` is this / 1.24 (so ≈ 12 px, 11 px, 15 px).
/// The small size is the least a page shows (11.05 px: pages show a chart no
/// smaller than drawn, and `scripts/pagecheck.sh` wants 11 CSS px or more).
pub(crate) const FONT: f64 = 15.0;
pub(crate) const FONT_SMALL: f64 = 13.7;
pub(crate) const FONT_TITLE: f64 = 19.0;
/// Text, axis and grid colours (on the white card).
pub(crate) const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
pub(crate) const MUTED: RGBColor = RGBColor(0x55, 0x55, 0x55);
pub(crate) const GRID: RGBColor = RGBColor(0xE3, 0xE3, 0xE3);

/// A text style in the chart's ink colour.
pub(crate) fn font(size: f64) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&INK)
}

/// A bold text style in the chart's ink colour.
pub(crate) fn font_bold(size: f64) -> TextStyle<'static> {
    ("sans-serif", size, FontStyle::Bold).into_font().color(&INK)
}

/// A text style anchored at `h`, `v`.
pub(crate) fn font_at(size: f64, h: HPos, v: VPos) -> TextStyle<'static> {
    font(size).pos(Pos::new(h, v))
}

/// Estimated width in pixels of `s` at plotters font size `size` (generous:
/// 0.6 em per character, where an em is `size / 1.24` in the SVG).
pub(crate) fn text_px(s: &str, size: f64) -> i32 {
    (s.chars().count() as f64 * 0.6 * size / 1.24).ceil() as i32
}

/// Removes control characters (not allowed in XML 1.0) and trims.
pub(crate) fn clean(s: &str) -> String {
    // Text that surely holds none (nearly every label) is only trimmed: a
    // chart of 300 kernels cleans about 5,000 labels.
    if !crate::diag::may_hold_control(s, true) {
        return s.trim().to_string();
    }
    s.chars().filter(|c| !c.is_control()).collect::<String>().trim().to_string()
}

/// Shortens `s` to at most `max` characters by replacing its middle with
/// `…`, so both the release and the patch suffix of a kernel name stay.
pub(crate) fn ellipsize_middle(s: &str, max: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() <= max {
        return s.to_string();
    }
    if max <= 1 {
        return "…".chars().take(max).collect();
    }
    let keep = max - 1;
    let head = keep.div_ceil(2);
    let tail = keep - head;
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[chars.len() - tail..]);
    out
}

/// Shortens `s` from the end to fit `px` pixels at `size`.
pub(crate) fn fit_end(s: &str, px: i32, size: f64) -> String {
    let per = 0.6 * size / 1.24;
    let max = ((px as f64) / per).floor().max(1.0) as usize;
    let chars: Vec<char> = s.chars().collect();
    if chars.len() <= max {
        return s.to_string();
    }
    let mut out: String = chars[..max.saturating_sub(1)].iter().collect();
    out.push('…');
    out
}

/// Escapes text for XML character data and attribute values.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && !matches!(c, '\n' | '\t') => {}
            c => out.push(c),
        }
    }
    out
}

/// Puts `<title>`, `<desc>` and the white rounded background right after the
/// opening `<svg …>` tag plotters wrote.
pub(crate) fn finish_svg(svg: String, title: &str, desc: &str, size: (u32, u32)) -> Option<String> {
    let start = svg.find("<svg")?;
    let end = start + svg[start..].find('>')? + 1;
    let (w, h) = size;
    let head = format!(
        "\n<title>{}</title>\n<desc>{}</desc>\n<rect x=\"0.5\" y=\"0.5\" width=\"{}\" height=\"{}\" rx=\"10\" ry=\"10\" fill=\"#FFFFFF\" stroke=\"#D0D0D0\"/>",
        xml_escape(title),
        xml_escape(desc),
        w.saturating_sub(1),
        h.saturating_sub(1)
    );
    let mut out = String::with_capacity(svg.len() + head.len());
    out.push_str(&svg[..end]);
    out.push_str(&head);
    out.push_str(&svg[end..]);
    Some(out)
}

/// "MB/s, higher is better": unit and direction for a value axis.
pub(crate) fn axis_desc(unit: &str, better: Better) -> String {
    let dir = match better {
        Better::Higher => "higher is better",
        Better::Lower => "lower is better",
        Better::Neither => "",
    };
    match (unit.is_empty(), dir.is_empty()) {
        (true, true) => String::new(),
        (true, false) => dir.to_string(),
        (false, true) => unit.to_string(),
        (false, false) => format!("{unit}, {dir}"),
    }
}

/// A metric and its unit for an alt sentence: "Throughput (MB/s)".
pub(crate) fn alt_metric(metric: &str, unit: &str) -> String {
    let unit = clean(unit);
    if unit.is_empty() { clean(metric) } else { format!("{} ({unit})", clean(metric)) }
}

/// ", higher is better" / ", lower is better" / "" for an alt sentence.
pub(crate) fn alt_direction(better: Better) -> &'static str {
    match better {
        Better::Higher => ", higher is better",
        Better::Lower => ", lower is better",
        Better::Neither => "",
    }
}

/// " at blk size 4096" for an alt sentence: where the chart's values were
/// measured (its subtitle), or "" without one.
pub(crate) fn alt_at(subtitle: &str) -> String {
    if subtitle.is_empty() { String::new() } else { format!(" at {}", clean(subtitle)) }
}

/// "2 kernels", "1 kernel".
pub(crate) fn kernels_words(n: usize) -> String {
    format!("{n} kernel{}", if n == 1 { "" } else { "s" })
}

/// A metric and its better direction in words: "Throughput in MB/s
/// (higher is better)".
pub(crate) fn metric_words(metric: &str, unit: &str, better: Better) -> String {
    let mut s = clean(metric);
    if !unit.is_empty() {
        s = format!("{s} in {unit}");
    }
    match better {
        Better::Higher => s.push_str(" (higher is better)"),
        Better::Lower => s.push_str(" (lower is better)"),
        Better::Neither => {}
    }
    s
}

/// A value with its unit: "12.5 MB/s".
pub(crate) fn with_unit(text: &str, unit: &str) -> String {
    if unit.is_empty() { text.to_string() } else { format!("{text} {unit}") }
}

/// Ticks of a value axis: `(low, high, ticks)` with round steps, `low ≤ lo`,
/// `high ≥ hi`. Degenerate or non-finite input gives a unit range.
pub(crate) fn nice_axis(lo: f64, hi: f64, max_ticks: usize) -> (f64, f64, Vec<f64>) {
    let (mut lo, mut hi) = if lo.is_finite() && hi.is_finite() { (lo.min(hi), lo.max(hi)) } else { (0.0, 1.0) };
    if hi - lo <= f64::EPSILON * hi.abs().max(lo.abs()).max(1e-300) {
        if lo == 0.0 {
            hi = 1.0;
        } else {
            let d = lo.abs() * 0.1;
            lo = if lo > 0.0 { 0.0f64.max(lo - d) } else { lo - d };
            hi += d;
        }
    }
    let step = nice_step((hi - lo) / max_ticks.max(1) as f64);
    if !step.is_finite() || step <= 0.0 {
        return (lo, hi, vec![lo, hi]);
    }
    let low = (lo / step).floor() * step;
    let high = (hi / step).ceil() * step;
    let mut ticks = Vec::new();
    let mut k = (low / step).round();
    while ticks.len() < 100 {
        let v = k * step;
        if v > high + step * 1e-9 {
            break;
        }
        // Avoid "-0".
        ticks.push(if v.abs() < step * 1e-9 { 0.0 } else { v });
        k += 1.0;
    }
    (low, high, ticks)
}

/// A round step (1, 2, 2.5 or 5 times a power of ten) at least `raw`.
fn nice_step(raw: f64) -> f64 {
    if !(raw.is_finite() && raw > 0.0) {
        return 1.0;
    }
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let f = if norm <= 1.0 {
        1.0
    } else if norm <= 2.0 {
        2.0
    } else if norm <= 2.5 {
        2.5
    } else if norm <= 5.0 {
        5.0
    } else {
        10.0
    };
    f * mag
}

/// Formats an axis tick so neighbouring ticks differ: decimals from the step,
/// thousands as "k", millions as "M".
pub(crate) fn fmt_tick(v: f64, step: f64) -> String {
    if !v.is_finite() {
        return String::new();
    }
    let a = v.abs();
    let (scaled, suffix, st) = if a >= 1e6 && step >= 1e5 {
        (v / 1e6, "M", step / 1e6)
    } else if a >= 1e4 && step >= 1e3 {
        (v / 1e3, "k", step / 1e3)
    } else {
        (v, "", step)
    };
    // As many decimals as the step needs (2.5 → 1, 0.25 → 2, 10 → 0).
    let decimals = (0..=9)
        .find(|&d| {
            let m = st * 10f64.powi(d);
            (m - m.round()).abs() < 1e-6 * m.abs().max(1.0)
        })
        .unwrap_or(9) as usize;
    let mut s = format!("{scaled:.decimals$}");
    if decimals > 0 && s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_string();
    }
    format!("{s}{suffix}")
}

/// A linear f64 axis with the tick positions given (plotters' own f64 axis
/// cannot take fixed ticks and still accept a label formatter).
#[derive(Debug, Clone)]
pub(crate) struct Axis {
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
}

impl Axis {
    /// An axis over `lo..hi` (a unit range when degenerate) with ticks at
    /// `ticks` (those outside the range are dropped).
    pub(crate) fn new(lo: f64, hi: f64, ticks: Vec<f64>) -> Self {
        let (lo, hi) = if lo.is_finite() && hi.is_finite() && hi > lo { (lo, hi) } else { (0.0, 1.0) };
        let ticks = ticks.into_iter().filter(|t| t.is_finite() && *t >= lo && *t <= hi).collect();
        Axis { lo, hi, ticks }
    }
}

impl plotters::coord::ranged1d::Ranged for Axis {
    type FormatOption = plotters::coord::ranged1d::DefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        let f = (*v - self.lo) / (self.hi - self.lo);
        if !f.is_finite() {
            return limit.0;
        }
        let px = f64::from(limit.0) + f64::from(limit.1 - limit.0) * f;
        px.round().clamp(-1e6, 1e6) as i32
    }

    fn key_points<H: plotters::coord::ranged1d::KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() { Vec::new() } else { self.ticks.clone() }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

/// The 2-D chart every chart kind draws on.
pub(crate) type Chart2d<'a, DB> = ChartContext<'a, DB, Cartesian2d<Axis, Axis>>;

/// Step between consecutive ticks (for [`fmt_tick`]).
pub(crate) fn tick_step(ticks: &[f64]) -> f64 {
    if ticks.len() >= 2 { (ticks[1] - ticks[0]).abs() } else { 1.0 }
}

// Colours -------------------------------------------------------------------

/// Hue families: four shades each, darkest last so lines stay visible.
const FAMILIES: &[[RGBColor; 4]] = &[
    // 0 blue: mainline
    [RGBColor(0x2B, 0x6C, 0xB0), RGBColor(0x5B, 0x9B, 0xD5), RGBColor(0x1B, 0x4A, 0x7A), RGBColor(0x86, 0xB6, 0xE2)],
    // 1 orange: aa
    [RGBColor(0xE0, 0x70, 0x10), RGBColor(0xF2, 0x9B, 0x4A), RGBColor(0xA8, 0x4E, 0x05), RGBColor(0xF6, 0xBD, 0x85)],
    // 2 green: mm
    [RGBColor(0x2E, 0x8B, 0x46), RGBColor(0x62, 0xB3, 0x6B), RGBColor(0x1C, 0x5E, 0x2E), RGBColor(0x95, 0xCF, 0x92)],
    // 3 purple: ac
    [RGBColor(0x75, 0x4A, 0xA8), RGBColor(0x9E, 0x7B, 0xC8), RGBColor(0x4E, 0x2F, 0x75), RGBColor(0xC2, 0xA9, 0xDF)],
    // 4 red: rmap
    [RGBColor(0xC2, 0x2E, 0x3A), RGBColor(0xE2, 0x6A, 0x6E), RGBColor(0x85, 0x1B, 0x25), RGBColor(0xF0, 0xA0, 0xA2)],
    // 5 brown: ck
    [RGBColor(0x8C, 0x62, 0x3A), RGBColor(0xB5, 0x8C, 0x5E), RGBColor(0x5E, 0x40, 0x24), RGBColor(0xD4, 0xB8, 0x96)],
    // 6 pink
    [RGBColor(0xB8, 0x3C, 0x85), RGBColor(0xD8, 0x74, 0xAE), RGBColor(0x7E, 0x25, 0x5A), RGBColor(0xEB, 0xA9, 0xCF)],
    // 7 olive
    [RGBColor(0x7A, 0x7F, 0x1E), RGBColor(0xA5, 0xAB, 0x42), RGBColor(0x53, 0x57, 0x12), RGBColor(0xC9, 0xCE, 0x7E)],
    // 8 grey
    [RGBColor(0x5F, 0x5F, 0x5F), RGBColor(0x8C, 0x8C, 0x8C), RGBColor(0x3A, 0x3A, 0x3A), RGBColor(0xB5, 0xB5, 0xB5)],
];

/// Families reserved for named trees; others hash into the rest.
const KNOWN_LANES: &[(&str, usize)] = &[("mainline", 0), ("aa", 1), ("mm", 2), ("ac", 3), ("rmap", 4), ("ck", 5)];

/// The patch tree of a kernel name (see [`crate::version::KernelVersion::lane`]).
pub fn lane_of(kernel: &str) -> String {
    crate::version::KernelVersion::parse(kernel).lane()
}

/// The hue family of a lane: by its first word (`aa-with-x` → `aa`), fixed
/// for the named trees, else by a stable FNV-1a hash of the word.
fn family(lane: &str) -> usize {
    let word = lane.split('-').next().unwrap_or(lane);
    if let Some((_, f)) = KNOWN_LANES.iter().find(|(n, _)| *n == word) {
        return *f;
    }
    let mut h: u32 = 0x811C_9DC5;
    for b in word.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    let free = FAMILIES.len() - KNOWN_LANES.len();
    KNOWN_LANES.len() + (h as usize % free)
}

/// Colour of a lane's `shade`-th member (shades cycle through four).
pub(crate) fn lane_colour(lane: &str, shade: usize) -> RGBColor {
    FAMILIES[family(lane)][shade % 4]
}

/// A light tint of `c` (for hollow baseline bars).
pub(crate) fn tint(c: RGBColor, keep: f64) -> RGBColor {
    let mix = |x: u8| (f64::from(x) * keep + 255.0 * (1.0 - keep)).round().clamp(0.0, 255.0) as u8;
    RGBColor(mix(c.0), mix(c.1), mix(c.2))
}

// Markers -------------------------------------------------------------------

/// Marker shapes for line charts, cycled per series.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
    TriangleDown,
}

pub(crate) const MARKERS: [Marker; 5] =
    [Marker::Circle, Marker::Square, Marker::Triangle, Marker::Diamond, Marker::TriangleDown];

/// Draws an error bar on `area` from pixel `top` down to pixel `bottom`
/// (the same x) with caps reaching `cap` pixels either side, as one path
/// (cap, stem, cap, the stem's ends retraced): one SVG element instead of
/// three, the same picture.
pub(crate) fn draw_error_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    top: (i32, i32),
    bottom: (i32, i32),
    cap: i32,
    style: ShapeStyle,
) -> Option<()> {
    let ((x, a), b) = (top, bottom.1);
    area.draw(&PathElement::new(vec![(x - cap, a), (x + cap, a), (x, a), (x, b), (x - cap, b), (x + cap, b)], style))
        .ok()
}

/// Draws a marker centred on pixel `at` of `area`.
pub(crate) fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    at: (i32, i32),
    m: Marker,
    colour: RGBColor,
    r: i32,
) -> Option<()> {
    let style = colour.filled();
    let (x, y) = at;
    match m {
        Marker::Circle => area.draw(&Circle::new(at, r, style)).ok(),
        Marker::Square => area.draw(&Rectangle::new([(x - r + 1, y - r + 1), (x + r - 1, y + r - 1)], style)).ok(),
        Marker::Triangle => {
            area.draw(&Polygon::new(vec![(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], style)).ok()
        }
        Marker::TriangleDown => {
            area.draw(&Polygon::new(vec![(x, y + r + 1), (x + r + 1, y - r), (x - r - 1, y - r)], style)).ok()
        }
        Marker::Diamond => {
            area.draw(&Polygon::new(vec![(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)], style)).ok()
        }
    }
}

// Legend --------------------------------------------------------------------

/// One legend entry.
#[derive(Debug, Clone)]
pub(crate) enum Key {
    /// A filled square.
    Swatch(RGBColor),
    /// A hollow square (baseline bar).
    Hollow(RGBColor),
    /// A line with a marker.
    Line(RGBColor, Marker, u32),
    /// An error bar.
    ErrorBar,
}

const KEY_W: i32 = 22;
const LEGEND_ROW: i32 = 20;

/// Lays out legend entries in a grid across `width` (equal columns, so
/// long lists read as a table); returns each entry's (x, row) and the
/// number of rows.
fn legend_layout(entries: &[(Key, String)], width: i32) -> (Vec<(i32, i32)>, i32) {
    if entries.is_empty() {
        return (Vec::new(), 0);
    }
    let entry_w = |label: &str| KEY_W + 6 + text_px(label, FONT_SMALL) + 18;
    let total: i32 = entries.iter().map(|(_, l)| entry_w(l)).sum();
    if total <= width {
        // One row, packed.
        let mut x = 0;
        let pos = entries
            .iter()
            .map(|(_, l)| {
                let p = (x, 0);
                x += entry_w(l);
                p
            })
            .collect();
        return (pos, 1);
    }
    let col_w = entries.iter().map(|(_, l)| entry_w(l)).max().unwrap_or(1).clamp(1, width.max(1));
    let ncols = (width / col_w).max(1) as usize;
    let pos = (0..entries.len()).map(|i| ((i % ncols) as i32 * col_w, (i / ncols) as i32)).collect();
    (pos, entries.len().div_ceil(ncols) as i32)
}

/// Height in pixels a legend of `entries` needs across `width`.
pub(crate) fn legend_height(entries: &[(Key, String)], width: i32) -> i32 {
    let (_, rows) = legend_layout(entries, width);
    if rows == 0 { 0 } else { rows * LEGEND_ROW + 8 }
}

/// Draws a legend with its top-left corner at `origin` (pixels of `area`).
pub(crate) fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    entries: &[(Key, String)],
    origin: (i32, i32),
    width: i32,
) -> Option<()> {
    let (pos, _) = legend_layout(entries, width);
    for ((key, label), (dx, row)) in entries.iter().zip(pos) {
        let x = origin.0 + dx;
        let yc = origin.1 + row * LEGEND_ROW + LEGEND_ROW / 2;
        match key {
            Key::Swatch(c) => area.draw(&Rectangle::new([(x + 4, yc - 6), (x + 16, yc + 6)], c.filled())).ok()?,
            Key::Hollow(c) => {
                area.draw(&Rectangle::new([(x + 4, yc - 6), (x + 16, yc + 6)], tint(*c, 0.25).filled())).ok()?;
                area.draw(&Rectangle::new([(x + 4, yc - 6), (x + 16, yc + 6)], c.stroke_width(2))).ok()?;
            }
            Key::Line(c, m, w) => {
                area.draw(&PathElement::new(vec![(x, yc), (x + KEY_W, yc)], c.stroke_width(*w))).ok()?;
                draw_marker(area, (x + KEY_W / 2, yc), *m, *c, 4)?;
            }
            Key::ErrorBar => {
                let s = INK.stroke_width(1);
                area.draw(&PathElement::new(vec![(x + 4, yc), (x + 18, yc)], s)).ok()?;
                area.draw(&PathElement::new(vec![(x + 4, yc - 4), (x + 4, yc + 4)], s)).ok()?;
                area.draw(&PathElement::new(vec![(x + 18, yc - 4), (x + 18, yc + 4)], s)).ok()?;
            }
        }
        area.draw(&Text::new(label.clone(), (x + KEY_W + 6, yc), font_at(FONT_SMALL, HPos::Left, VPos::Center)))
            .ok()?;
    }
    Some(())
}

/// Draws the chart title (and a smaller subtitle) at the top left; returns
/// the height used.
pub(crate) fn draw_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    subtitle: &str,
) -> Option<i32> {
    let w = WIDTH as i32 - 2 * MARGIN;
    let t = fit_end(title, w, FONT_TITLE);
    area.draw(&Text::new(t, (MARGIN, MARGIN), font_bold(FONT_TITLE).pos(Pos::new(HPos::Left, VPos::Top)))).ok()?;
    let mut h = MARGIN + 24;
    if !subtitle.is_empty() {
        let s = fit_end(subtitle, w, FONT_SMALL);
        area.draw(&Text::new(
            s,
            (MARGIN, h),
            ("sans-serif", FONT_SMALL).into_font().color(&MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
        ))
        .ok()?;
        h += 18;
    }
    Some(h + 6)
}

/// Sentence listing up to `max` items, or summarising the rest.
pub(crate) fn join_limited(items: &[String], max: usize) -> String {
    if items.len() <= max {
        items.join("; ")
    } else {
        format!("{}; and {} more", items[..max].join("; "), items.len() - max)
    }
}

/// A finite value, or `None`.
pub(crate) fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

/// The standard deviation worth drawing: finite, positive, from n ≥ 2 runs.
pub(crate) fn drawn_sd(s: &crate::stats::Summary) -> Option<f64> {
    s.stddev.filter(|sd| s.n >= 2 && sd.is_finite() && *sd > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_drops_every_control_character_and_trims() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let s = format!(" a{c}b ");
            let expected = if c.is_control() { "ab".to_string() } else { format!("a{c}b") };
            assert_eq!(clean(&s), expected, "U+{:04X}", u32::from(c));
            let edge = format!("{c}x{c}");
            let kept: String = edge.chars().filter(|c| !c.is_control()).collect();
            assert_eq!(clean(&edge), kept.trim(), "U+{:04X} at the ends", u32::from(c));
        }
    }

    #[test]
    fn middle_ellipsis_keeps_both_ends() {
        assert_eq!(ellipsize_middle("2.4.19-pre10-aa1-with-a-long-suffix-17", 20), "2.4.19-pre…suffix-17");
        assert_eq!(ellipsize_middle("2.4.19-pre10-aa1-with-a-long-suffix-17", 20).chars().count(), 20);
        assert_eq!(ellipsize_middle("2.4.17", 20), "2.4.17");
    }

    #[test]
    fn nice_axes() {
        let (lo, hi, t) = nice_axis(0.0, 12.5, 5);
        assert_eq!((lo, hi), (0.0, 12.5));
        assert_eq!(t, [0.0, 2.5, 5.0, 7.5, 10.0, 12.5]);
        // all equal, all zero, non-finite: still a usable axis.
        let (lo, hi, _) = nice_axis(5.0, 5.0, 5);
        assert!(lo < 5.0 && hi > 5.0);
        let (lo, hi, _) = nice_axis(0.0, 0.0, 5);
        assert!(lo == 0.0 && hi > 0.0);
        let (lo, hi, t) = nice_axis(f64::NAN, 1.0, 5);
        assert!(lo < hi && !t.is_empty());
        let (lo, hi, _) = nice_axis(-3.0, 2.0, 5);
        assert!(lo <= -3.0 && hi >= 2.0);
        let (_, _, t) = nice_axis(0.0, 1e-300, 5);
        assert!(t.len() < 100);
    }

    #[test]
    fn ticks_read_well() {
        assert_eq!(fmt_tick(0.0, 2.0), "0");
        assert_eq!(fmt_tick(2.5, 0.5), "2.5");
        assert_eq!(fmt_tick(400000.0, 100000.0), "400k");
        assert_eq!(fmt_tick(2_000_000.0, 500_000.0), "2M");
        assert_eq!(fmt_tick(0.02, 0.01), "0.02");
        assert_eq!(fmt_tick(7.5, 2.5), "7.5");
        assert_eq!(fmt_tick(5.0, 2.5), "5");
        assert_eq!(fmt_tick(0.75, 0.25), "0.75");
    }

    #[test]
    fn lanes_share_hues() {
        assert_eq!(family("aa"), family("aa-with-a-long-suffix-n"));
        assert_ne!(family("aa"), family("mainline"));
        assert_eq!(lane_of("2.4.19-rc5-aa1"), "aa");
        assert_eq!(family("rat"), family("rat"));
    }

    #[test]
    fn escapes() {
        assert_eq!(xml_escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;");
    }
}
