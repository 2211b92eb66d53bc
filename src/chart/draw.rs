//! Shared drawing helpers of every chart kind: sizes, colours, text,
//! axes, markers, legend, SVG wrapping.

use crate::model::Better;
use crate::site::Axis as Compared;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Width of every chart in pixels (SVG user units); height depends on content.
pub(crate) const WIDTH: u32 = 960;
/// Width of the phone copy of a chart drawn [`WIDTH`] wide whatever its
/// content (scaling charts, strip charts): a 390 px phone's page is 374 px
/// wide inside its margins, and a 360 px chart shows whole in it at the
/// size it is drawn (its text no smaller than on the desktop).
pub const NARROW: u32 = 360;
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

/// Escapes text for XML character data and attribute values: `&`, `<`,
/// `>`, `"` and `'` as entities, control characters (C0 but newline and
/// tab, DEL, C1) left out.
///
/// The text between them is copied a run at a time (a chart's
/// description lists every value: a character at a time was an eighth of
/// finishing its SVG).
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    xml_escape_into(&mut out, s);
    out
}

/// [`xml_escape`] appended to `out`: the one XML escaper of the charts
/// (the SVG backend's text and attributes as well as a chart's title and
/// description; review61 site #3).
pub fn xml_escape_into(out: &mut String, s: &str) {
    let b = s.as_bytes();
    out.reserve(s.len());
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        let (with, len) = match b[i] {
            b'&' => ("&amp;", 1),
            b'<' => ("&lt;", 1),
            b'>' => ("&gt;", 1),
            b'"' => ("&quot;", 1),
            b'\'' => ("&apos;", 1),
            c if (c < 0x20 && c != b'\n' && c != b'\t') || c == 0x7f => ("", 1),
            // U+0080 to U+009F (C1 controls): 0xC2 0x80 to 0xC2 0x9F.
            0xc2 if b.get(i + 1).is_some_and(|n| (0x80..=0x9f).contains(n)) => ("", 2),
            _ => {
                i += 1;
                continue;
            }
        };
        out.push_str(&s[start..i]);
        out.push_str(with);
        i += len;
        start = i;
    }
    out.push_str(&s[start..]);
}

/// The chart's own style sheet: the light colours are the elements'
/// attributes (INK, MUTED, GRID, the card's outline); on a dark page
/// (`prefers-color-scheme: dark`, which an SVG shown by `<img>` follows)
/// they turn light on dark. Lane colours are mid-tone and stay. CSS rules
/// outrank presentation attributes, so the attribute selectors win.
const SVG_STYLE: &str = "<style>text{font-family:sans-serif}@media (prefers-color-scheme: dark){\
[fill=\"#222222\"]{fill:#E6E6E6}[fill=\"#555555\"]{fill:#B4B9BF}\
[stroke=\"#222222\"]{stroke:#E6E6E6}[stroke=\"#555555\"]{stroke:#8C939A}\
[stroke=\"#E3E3E3\"]{stroke:#34393E}.card{stroke:#3A3F44}}</style>";

/// Puts `<title>`, `<desc>`, the style sheet ([`SVG_STYLE`]) and the
/// rounded outline of the card right after the opening `<svg …>` tag
/// [`super::svg::CompactSvg`] wrote (its elements are written compact
/// already). The background is transparent: the chart shows the
/// page's colour, light or dark.
pub(crate) fn finish_svg(svg: String, title: &str, desc: &str, size: (u32, u32)) -> Option<String> {
    let start = svg.find("<svg")?;
    let end = start + svg[start..].find('>')? + 1;
    let (w, h) = size;
    let head = format!(
        "\n<title>{}</title>\n<desc>{}</desc>\n{SVG_STYLE}\n<rect class=\"card\" x=\"0.5\" y=\"0.5\" width=\"{}\" height=\"{}\" rx=\"10\" ry=\"10\" fill=\"none\" stroke=\"#D0D0D0\"/>",
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

/// Appends plotters' SVG elements to `out` without what every element
/// repeats and the picture does not need: attributes at their SVG initial
/// values (`opacity="1"`, `stroke-width="1"`, `text-anchor="start"`,
/// `stroke="none"`: no element of plotters' SVG is inside a `<g>` whose
/// value it could inherit instead, and none of [`SVG_STYLE`]'s rules sets
/// them), `font-family="sans-serif"` (the style sheet sets it for all
/// text), and font sizes past two decimals (`10.887096774193548` →
/// `10.89`). A chart of 100 kernels has a thousand elements; this is a
/// fifth of its bytes (the initial values, from the forty-seventh session:
/// 2.0 of the large generated archive's 16.7 MB of charts). Since the
/// sixty-first session [`super::svg::CompactSvg`] writes the elements so
/// in the first place; this is kept to test that it does.
#[cfg(test)]
pub(crate) fn compact_attributes(svg: &str, out: &mut String) {
    use memchr::memmem::Finder;
    /// Cut where found; the last, `font-size`, is rewritten shorter.
    const PATTERNS: [&str; 6] = [
        " opacity=\"1\"",
        " font-family=\"sans-serif\"",
        " stroke-width=\"1\"",
        " text-anchor=\"start\"",
        " stroke=\"none\"",
        " font-size=\"",
    ];
    const SIZE: usize = PATTERNS.len() - 1;
    // One pass, each pattern found with memchr's vectorised search (two
    // `str::replace` and a `find` loop were 6% of a medium build).
    static FINDERS: std::sync::OnceLock<[Finder<'static>; PATTERNS.len()]> = std::sync::OnceLock::new();
    let finders = FINDERS.get_or_init(|| PATTERNS.map(Finder::new));
    let bytes = svg.as_bytes();
    let mut at = 0;
    let mut next = finders.each_ref().map(|f| f.find(bytes));
    // Each font size as plotters wrote it and as it is written here: a
    // chart has a few sizes over its hundreds of texts, each read and
    // printed once.
    let mut sizes: Vec<(&str, String)> = Vec::new();
    // Each time, the nearest of the patterns from `at`.
    while let Some((which, i)) = next.iter().enumerate().filter_map(|(w, p)| p.map(|i| (w, i))).min_by_key(|&(_, i)| i)
    {
        out.push_str(&svg[at..i]);
        at = i + PATTERNS[which].len();
        if which == SIZE {
            out.push_str(" font-size=\"");
            let close = svg[at..].find('"').map_or(svg.len(), |c| at + c);
            let raw = &svg[at..close];
            match sizes.iter().find(|(r, _)| *r == raw) {
                Some((_, short)) => out.push_str(short),
                None => {
                    let short = match raw.parse::<f64>() {
                        Ok(v) if v.is_finite() => {
                            let mut t = format!("{v:.2}");
                            while t.ends_with('0') {
                                t.pop();
                            }
                            t.trim_end_matches('.').to_string()
                        }
                        _ => raw.to_string(),
                    };
                    out.push_str(&short);
                    sizes.push((raw, short));
                }
            }
            at = close;
        }
        // Patterns found before `at` are inside what was just copied or cut.
        for (w, f) in finders.iter().enumerate() {
            if next[w].is_some_and(|p| p < at) {
                next[w] = f.find(&bytes[at..]).map(|p| at + p);
            }
        }
    }
    out.push_str(&svg[at..]);
}

/// "MB/s, bigger is better": unit and direction for a value axis.
pub(crate) fn axis_desc(unit: &str, better: Better) -> String {
    // The tables' words ([`Better::phrase`]), so a chart never says
    // "higher is better" beside a table saying "bigger is better".
    let dir = if better == Better::Neither { "" } else { better.phrase() };
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

/// ", bigger is better" / ", smaller is better" / "" for an alt sentence
/// and a star bar's heading: [`Better::phrase`], the tables' words.
pub(crate) fn alt_direction(better: Better) -> &'static str {
    match better {
        Better::Higher => ", bigger is better",
        Better::Lower => ", smaller is better",
        Better::Neither => "",
    }
}

/// " at blk size 4096" for an alt sentence: where the chart's values were
/// measured (its subtitle), or "" without one.
pub(crate) fn alt_at(subtitle: &str) -> String {
    if subtitle.is_empty() { String::new() } else { format!(" at {}", clean(subtitle)) }
}

/// "2 kernels", "1 kernel" (trend charts, which only a class of kernels has).
pub(crate) fn kernels_words(n: usize) -> String {
    Compared::default().count(n)
}

/// The lane of item `name` of a class comparing `axis`: its patch tree
/// for a kernel ([`lane_of`]), the item itself for anything else, so each
/// machine (config…) has a colour of its own.
pub(crate) fn lane_in(axis: &Compared, name: &str) -> String {
    if axis.kernels { lane_of(name) } else { name.to_string() }
}

/// How a chart's colours go, in words: "coloured by patch tree" for
/// kernels, "each machine in a colour of its own" for other items.
pub(crate) fn colour_rule(axis: &Compared) -> String {
    if axis.kernels {
        "coloured by patch tree".to_string()
    } else {
        format!("each {} in a colour of its own", axis.one)
    }
}

/// A metric and its better direction in words: "Throughput in MB/s
/// (bigger is better)".
pub(crate) fn metric_words(metric: &str, unit: &str, better: Better) -> String {
    let mut s = clean(metric);
    if !unit.is_empty() {
        s = format!("{s} in {unit}");
    }
    if better != Better::Neither {
        s = format!("{s} ({})", better.phrase());
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

/// Twelve lane colours that stay apart (Tableau 10 and two more), mid-tone
/// so they read on a light page and on a dark one. The first six belong to
/// the named patch trees ([`KNOWN_LANES`]).
pub(crate) const PALETTE: [RGBColor; 12] = [
    RGBColor(0x1F, 0x77, 0xB4), // blue: mainline
    RGBColor(0xFF, 0x7F, 0x0E), // orange: aa
    RGBColor(0x2C, 0xA0, 0x2C), // green: mm
    RGBColor(0x94, 0x67, 0xBD), // purple: ac
    RGBColor(0xD6, 0x27, 0x28), // red: rmap
    RGBColor(0x8C, 0x56, 0x4B), // brown: ck
    RGBColor(0xE3, 0x77, 0xC2), // pink
    RGBColor(0x7F, 0x7F, 0x7F), // grey
    RGBColor(0xBC, 0xBD, 0x22), // olive
    RGBColor(0x17, 0xBE, 0xCF), // cyan
    RGBColor(0xF3, 0xC3, 0x00), // yellow
    RGBColor(0x5D, 0x3F, 0xD3), // iris
];

/// Palette slots of the named patch trees: the same colour on every chart
/// of the site.
const KNOWN_LANES: &[(&str, usize)] = &[("mainline", 0), ("aa", 1), ("mm", 2), ("ac", 3), ("rmap", 4), ("ck", 5)];

/// The patch tree of a kernel name (see [`crate::version::KernelVersion::lane`]).
pub fn lane_of(kernel: &str) -> String {
    crate::version::KernelVersion::parse(kernel).lane()
}

/// The palette slot a lane asks for: fixed for the named trees, else from a
/// stable FNV-1a hash of its whole name (so `rmap`, `rmap-aa` and `rmapx`
/// ask for different slots) among the slots no named tree has, the same on
/// every page.
fn preferred_slot(lane: &str) -> usize {
    if let Some((_, f)) = KNOWN_LANES.iter().find(|(n, _)| *n == lane) {
        return *f;
    }
    let mut h: u32 = 0x811C_9DC5;
    for b in lane.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    let free = PALETTE.len() - KNOWN_LANES.len();
    KNOWN_LANES.len() + h as usize % free
}

/// The slots a lane tries in turn: the one it asks for, the other slots of
/// its kind (named trees' or the rest) after it, then the other kind's; so
/// a named tree's colour goes to another lane only when the rest are taken.
fn slot_order(want: usize) -> impl Iterator<Item = usize> {
    let k = KNOWN_LANES.len();
    let (lo, n) = if want < k { (0, k) } else { (k, PALETTE.len() - k) };
    let (olo, on) = if want < k { (k, PALETTE.len() - k) } else { (0, k) };
    (0..n).map(move |i| lo + (want - lo + i) % n).chain((0..on).map(move |i| olo + i))
}

/// The colours of the lanes (patch trees) of one machine page: every chart
/// of the page draws a lane in the same colour, and the page's lanes get
/// distinct colours while there are at most 12 of them.
///
/// Each lane takes the slot it asks for (fixed for the named trees, a hash
/// of its name into the six other colours for others: so a lane has the
/// same colour on every page where it does not collide); a lane whose slot
/// another lane of the page took gets the next free one (`slot_order`:
/// the named trees' colours last), the named trees first, then the others
/// in name order. Past 12 lanes slots are shared: the later lane gets a
/// *variant* (dashed lines, half-filled bars) so it still stands apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LanePalette {
    /// (lane, slot, variant), sorted by lane.
    lanes: Vec<(String, usize, usize)>,
}

impl LanePalette {
    /// The palette of these lanes (repeats are fine).
    pub fn new<'a>(lanes: impl IntoIterator<Item = &'a str>) -> Self {
        let mut names: Vec<&str> = lanes.into_iter().collect();
        names.sort_unstable();
        names.dedup();
        // Named trees first (stable: the rest stay in name order).
        names.sort_by_key(|l| !KNOWN_LANES.iter().any(|(n, _)| n == l));
        let mut used = [0usize; PALETTE.len()];
        let mut out: Vec<(String, usize, usize)> = Vec::with_capacity(names.len());
        for l in names {
            let want = preferred_slot(l);
            let slot = slot_order(want).find(|&s| used[s] == 0).unwrap_or(want);
            out.push((l.to_string(), slot, used[slot]));
            used[slot] += 1;
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        LanePalette { lanes: out }
    }

    /// The palette of items that are not kernels (machines, configs…),
    /// each its own lane: the first item takes the first colour, the
    /// second the second, and so on in the order given (the table's);
    /// past 12, variants as in [`LanePalette::new`].
    pub fn in_order<'a>(items: impl IntoIterator<Item = &'a str>) -> Self {
        let mut out: Vec<(String, usize, usize)> = Vec::new();
        for l in items {
            if !out.iter().any(|(n, ..)| n == l) {
                let i = out.len();
                out.push((l.to_string(), i % PALETTE.len(), i / PALETTE.len()));
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        LanePalette { lanes: out }
    }

    /// The palette of the kernels named.
    pub fn of_kernels<'a>(kernels: impl IntoIterator<Item = &'a str>) -> Self {
        let lanes: Vec<String> = kernels.into_iter().map(lane_of).collect();
        Self::new(lanes.iter().map(String::as_str))
    }

    /// A lane's colour and variant (0: plain; 1 and up: dashed line, half
    /// fill). A lane the palette does not hold gets its preferred slot.
    pub(crate) fn style(&self, lane: &str) -> (RGBColor, usize) {
        match self.lanes.binary_search_by(|(l, ..)| l.as_str().cmp(lane)) {
            Ok(i) => (PALETTE[self.lanes[i].1], self.lanes[i].2),
            Err(_) => (PALETTE[preferred_slot(lane)], 0),
        }
    }

    /// A lane's colour.
    pub(crate) fn colour(&self, lane: &str) -> RGBColor {
        self.style(lane).0
    }
}

/// `c` darkened (`k` odd) or lightened (`k` even, from 2) a step per
/// `k`: the second, third… kernel of one lane in a line chart.
pub(crate) fn shade(c: RGBColor, k: usize) -> RGBColor {
    if k == 0 {
        return c;
    }
    let step = k.div_ceil(2).min(3) as f64;
    let mix = |x: u8| -> u8 {
        let x = f64::from(x);
        let v = if k % 2 == 1 { x * (1.0 - 0.22 * step) } else { x + (255.0 - x) * 0.25 * step };
        v.round().clamp(0.0, 255.0) as u8
    };
    RGBColor(mix(c.0), mix(c.1), mix(c.2))
}

/// The fill of a hollow (baseline) bar: `c` at low opacity, so it reads on
/// light and dark pages alike.
pub(crate) fn hollow_fill(c: RGBColor) -> ShapeStyle {
    c.mix(0.22).filled()
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
    /// A half-filled square with an outline (a lane past the twelfth).
    Half(RGBColor),
    /// A line with a marker.
    Line(RGBColor, Marker, u32),
    /// A dashed line with a marker.
    Dashed(RGBColor, Marker, u32),
    /// An error bar.
    ErrorBar,
    /// The letters of a bar chart's scales (`A B`), for the entry saying
    /// what its panels' "(scale A)" means.
    Scales,
}

const KEY_W: i32 = 22;
const LEGEND_ROW: i32 = 20;

/// Width of a legend entry labelled `label`: its key, its text and the
/// gap after it.
pub(crate) fn legend_entry_px(label: &str) -> i32 {
    KEY_W + 6 + text_px(label, FONT_SMALL) + 18
}

/// Lays out legend entries in a grid across `width` (equal columns, so
/// long lists read as a table); returns each entry's (x, row) and the
/// number of rows.
fn legend_layout(entries: &[(Key, String)], width: i32) -> (Vec<(i32, i32)>, i32) {
    if entries.is_empty() {
        return (Vec::new(), 0);
    }
    let entry_w = |label: &str| legend_entry_px(label);
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
                area.draw(&Rectangle::new([(x + 4, yc - 6), (x + 16, yc + 6)], hollow_fill(*c))).ok()?;
                area.draw(&Rectangle::new([(x + 4, yc - 6), (x + 16, yc + 6)], c.stroke_width(2))).ok()?;
            }
            Key::Half(c) => {
                area.draw(&Rectangle::new([(x + 4, yc - 6), (x + 16, yc + 6)], c.mix(0.5).filled())).ok()?;
                area.draw(&Rectangle::new([(x + 4, yc - 6), (x + 16, yc + 6)], c.stroke_width(2))).ok()?;
            }
            Key::Dashed(c, m, w) => {
                area.draw(&plotters::element::DashedPathElement::new(
                    vec![(x, yc), (x + KEY_W, yc)],
                    5,
                    3,
                    c.stroke_width(*w),
                ))
                .ok()?;
                draw_marker(area, (x + KEY_W / 2, yc), *m, *c, 4)?;
            }
            Key::Line(c, m, w) => {
                area.draw(&PathElement::new(vec![(x, yc), (x + KEY_W, yc)], c.stroke_width(*w))).ok()?;
                draw_marker(area, (x + KEY_W / 2, yc), *m, *c, 4)?;
            }
            Key::Scales => {
                area.draw(&Text::new("A B", (x + 2, yc), font_at(FONT_SMALL, HPos::Left, VPos::Center))).ok()?;
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

/// The title of a chart `width` px wide: on two lines ([`title_lines`])
/// when narrower than [`WIDTH`], else on one, cut to fit (as
/// [`draw_title_lines`] draws it); and the height its lines after the first add.
pub(crate) fn title_block(title: &str, width: u32) -> (Vec<String>, i32) {
    let inner = width as i32 - 2 * MARGIN;
    let lines = if width < WIDTH { title_lines(title, inner) } else { vec![fit_end(title, inner, FONT_TITLE)] };
    let extra = TITLE_LINE * (lines.len() as i32 - 1);
    (lines, extra)
}

/// Height of a line of the title after the first ([`title_lines`]).
pub(crate) const TITLE_LINE: i32 = 22;

/// The chart title wrapped to lines of `width` pixels, at most two (the
/// second cut with an ellipsis when still too long): a chart narrowed to
/// its few bars keeps a long section title whole rather than cut at 40
/// characters.
pub(crate) fn title_lines(title: &str, width: i32) -> Vec<String> {
    let per = 0.6 * FONT_TITLE / 1.24;
    let max = ((f64::from(width) / per).floor() as usize).max(1);
    let lines = textwrap::wrap(title, max);
    match lines.as_slice() {
        [] => vec![String::new()],
        [one] => vec![one.to_string()],
        [first, more @ ..] => {
            let rest = match title.strip_prefix(first.as_ref()) {
                Some(rest) => rest.trim_start().to_string(),
                None => more.join(" "),
            };
            vec![first.to_string(), fit_end(&rest, width, FONT_TITLE)]
        }
    }
}

/// Draws the title `lines` ([`title_lines`]) and the smaller subtitle at
/// the top left; returns the height used.
pub(crate) fn draw_title_lines<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    lines: &[String],
    subtitle: &str,
) -> Option<i32> {
    let w = area.dim_in_pixel().0 as i32 - 2 * MARGIN;
    let mut h = MARGIN;
    for (i, t) in lines.iter().enumerate() {
        if i > 0 {
            h += TITLE_LINE;
        }
        let style = font_bold(FONT_TITLE).pos(Pos::new(HPos::Left, VPos::Top));
        area.draw(&Text::new(t.as_str(), (MARGIN, h), style)).ok()?;
    }
    h += 24;
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

    /// The escape of every character as the one at a time wrote it: the
    /// five entities, control characters (C0 but newline and tab, DEL, C1)
    /// left out, every other character (`µ`, `±`, U+00A0 after 0xC2) kept.
    #[test]
    fn xml_escape_as_a_character_at_a_time() {
        let by_char = |s: &str| -> String {
            let mut out = String::new();
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
        };
        let cases = [
            "",
            "plain",
            "a<b>&\"c\" 'd'",
            "µs ± 3\u{a0}MB/s, 2\u{b5}",
            "bell\u{7}del\u{7f}c1\u{85}\u{9f}\u{a0}end\r\n\ttab",
            "<<>>&&",
            "\u{80}",
            "Ā ÿ 😀 &amp;",
        ];
        for s in cases {
            assert_eq!(super::xml_escape(s), by_char(s), "{s:?}");
        }
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let s = format!("a{c}<{c}");
            assert_eq!(super::xml_escape(&s), by_char(&s), "U+{:04X}", u32::from(c));
        }
    }

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
    fn items_in_order_take_the_palette_in_order() {
        let p = LanePalette::in_order(["rpi-zero", "orange-pi", "rpi-zero", "radxa"]);
        assert_eq!(
            [p.colour("rpi-zero"), p.colour("orange-pi"), p.colour("radxa")],
            [PALETTE[0], PALETTE[1], PALETTE[2]]
        );
        let names: Vec<String> = (0..13).map(|i| format!("b{i}")).collect();
        let p = LanePalette::in_order(names.iter().map(String::as_str));
        assert_eq!(p.style("b12"), (PALETTE[0], 1), "the 13th item: the first colour's variant");
        assert_eq!(lane_in(&Compared::default(), "2.4.19-rc5-aa1"), "aa");
        assert_eq!(lane_in(&Compared::new("board", "boards"), "raspberry-pi-4"), "raspberry-pi-4");
    }

    #[test]
    fn lanes_get_distinct_colours_for_twelve_then_variants() {
        assert_eq!(lane_of("2.4.19-rc5-aa1"), "aa");
        let p = LanePalette::new(["mainline", "aa", "rmap", "rmap-aa", "rmapx", "mm"]);
        assert_eq!(p.colour("mainline"), PALETTE[0]);
        assert_eq!(p.colour("aa"), PALETTE[1]);
        assert_eq!(p.colour("rmap"), PALETTE[4]);
        let mut seen: Vec<RGBColor> =
            ["mainline", "aa", "rmap", "rmap-aa", "rmapx", "mm"].map(|l| p.colour(l)).to_vec();
        seen.sort_by_key(|c| (c.0, c.1, c.2));
        seen.dedup();
        assert_eq!(seen.len(), 6, "six lanes, six colours");
        // Twelve lanes: twelve colours; the thirteenth gets a variant.
        let names: Vec<String> = (0..13).map(|i| format!("tree{i}")).collect();
        let p = LanePalette::new(names.iter().map(String::as_str));
        let mut slots: Vec<(RGBColor, usize)> = names.iter().map(|n| p.style(n)).collect();
        assert_eq!(slots.iter().filter(|s| s.1 > 0).count(), 1);
        slots.retain(|s| s.1 == 0);
        let mut cs: Vec<(u8, u8, u8)> = slots.iter().map(|s| (s.0.0, s.0.1, s.0.2)).collect();
        cs.sort_unstable();
        cs.dedup();
        assert_eq!(cs.len(), 12);
        // The same lane asks for the same colour on any page.
        assert_eq!(LanePalette::new(["zz"]).colour("zz"), LanePalette::new(["zz", "mainline"]).colour("zz"));
        // A lane of no named tree takes a named tree's colour only when the
        // six others are taken on its page.
        assert!(!PALETTE[..6].contains(&LanePalette::new(["sched-idle"]).colour("sched-idle")));
        assert!(!PALETTE[..6].contains(&LanePalette::new(["rat", "aa", "mainline"]).colour("rat")));
    }

    #[test]
    fn svg_attributes_are_compacted() {
        let mut out = String::new();
        compact_attributes(
            "<text x=\"1\" font-family=\"sans-serif\" font-size=\"10.887096774193548\" opacity=\"1\" fill=\"#222222\">a</text><rect opacity=\"0.22\" font-size=\"12\"/>",
            &mut out,
        );
        assert_eq!(
            out,
            "<text x=\"1\" font-size=\"10.89\" fill=\"#222222\">a</text><rect opacity=\"0.22\" font-size=\"12\"/>"
        );
        // Initial values cut, other values of the same attributes kept.
        out.clear();
        compact_attributes(
            "<polyline fill=\"none\" stroke=\"#555555\" stroke-width=\"1\" points=\"1,2\"/><polyline stroke-width=\"1.5\" stroke-width=\"2\"/>\
             <text text-anchor=\"start\" dy=\"0.76em\">s</text><text text-anchor=\"end\">e</text><rect stroke=\"none\" fill=\"#1F77B4\"/><rect stroke=\"#1F77B4\"/>",
            &mut out,
        );
        assert_eq!(
            out,
            "<polyline fill=\"none\" stroke=\"#555555\" points=\"1,2\"/><polyline stroke-width=\"1.5\" stroke-width=\"2\"/>\
             <text dy=\"0.76em\">s</text><text text-anchor=\"end\">e</text><rect fill=\"#1F77B4\"/><rect stroke=\"#1F77B4\"/>"
        );
    }

    #[test]
    fn escapes() {
        assert_eq!(xml_escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;");
    }
}
