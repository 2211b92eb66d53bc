//! Charts: every SVG is well-formed XML with a `<title>` and a `<desc>`,
//! rendering is deterministic, odd data (equal, zero, negative, NaN, one row,
//! 60 long kernel names) never panics, and the plaintext bar chart fits its
//! width.
//!
//! Set `CHARTS_OUT=/some/dir` to also write every chart drawn here as an SVG
//! file there, to look at them.

use benchsite::chart::{self, Chart, ChartSpec};
use benchsite::model::Better;
use benchsite::report::{CellView, ColumnView, KernelView, MachinePage, RowView, SectionView, TableView};
use benchsite::stats::Summary;
use unicode_width::UnicodeWidthStr;

// Builders -------------------------------------------------------------------

fn cell(mean: f64, sd: Option<f64>, n: u32) -> Option<CellView> {
    let summary = Summary { n, mean, stddev: sd, cv: sd.map(|s| s / mean.abs()), min: mean, max: mean, median: mean };
    Some(CellView {
        summary,
        text: format!("{mean:.1}").into(),
        stddev_text: sd.map(|s| format!("{s:.2}").into()),
        comparison: None,
        delta_text: None,
        ..Default::default()
    })
}

fn one(v: f64) -> Option<CellView> {
    cell(v, None, 1)
}

fn col(name: &str, unit: &str, better: Better) -> ColumnView {
    ColumnView { name: name.to_string(), unit: unit.to_string(), better, precision: 1, ..Default::default() }
}

struct Sec {
    title: &'static str,
    params: Vec<&'static str>,
    columns: Vec<ColumnView>,
    rows: Vec<RowView>,
    baseline: Option<&'static str>,
}

impl Sec {
    fn new(title: &'static str, columns: Vec<ColumnView>) -> Self {
        Sec { title, params: Vec::new(), columns, rows: Vec::new(), baseline: None }
    }
    fn params(mut self, p: &[&'static str]) -> Self {
        self.params = p.to_vec();
        self
    }
    fn baseline(mut self, b: &'static str) -> Self {
        self.baseline = Some(b);
        self
    }
    fn row(mut self, kernel: &str, params: &[&str], cells: Vec<Option<CellView>>) -> Self {
        self.rows.push(RowView::new(kernel.to_string(), params.iter().map(|s| s.to_string()).collect(), cells));
        self
    }
    fn build(self) -> SectionView {
        let has_spread = self.rows.iter().flat_map(|r| r.cells.iter().flatten()).any(|c| c.summary.n > 1);
        // A one-metric section names its metric the headline (as the
        // demo's dbench does): the mail draws it as star bars.
        let one = self.columns.len() == 1;
        SectionView {
            id: benchsite::report::slugify(self.title),
            title: self.title.to_string(),
            benchmarks: Vec::new(),
            commentary_md: String::new(),
            commentary_html: String::new(),
            table: TableView {
                param_headers: self.params.iter().map(|s| s.to_string()).collect(),
                columns: self.columns,
                rows: self.rows,
                direction: String::new(),
                has_spread,
                baseline: self.baseline.map(str::to_string),
                alpha: 0.05,
                configured_headline: one.then_some(0),
                headline_named: one,
                ..Default::default()
            },
            ..Default::default()
        }
    }
}

fn dbench_two() -> SectionView {
    Sec::new("dbench 64 processes", vec![col("Throughput", "MB/sec", Better::Higher)])
        .baseline("2.4.17")
        .row("2.4.17", &[], vec![one(12.5)])
        .row("2.4.17rat", &[], vec![one(12.1)])
        .build()
}

fn long_name(i: usize) -> String {
    format!("2.4.19-pre10-aa1-with-a-long-suffix-{i}")
}

fn sixty_long() -> SectionView {
    let mut s =
        Sec::new("AIM7 compute", vec![col("Jobs/Min", "jobs/min", Better::Higher), col("CPU", "%", Better::Neither)]);
    for i in 0..60 {
        let sd = if i % 3 == 0 { Some(5.0 + i as f64 / 10.0) } else { None };
        s = s.row(
            &long_name(i),
            &[],
            vec![cell(1000.0 + 7.0 * i as f64, sd, if sd.is_some() { 3 } else { 1 }), one(99.0)],
        );
    }
    let mut v = s.build();
    v.table.baseline = Some(long_name(0));
    v
}

fn tiobench() -> SectionView {
    let mut s = Sec::new(
        "tiobench Sequential Reads",
        vec![
            col("Rate", "MB/s", Better::Higher),
            col("CPU%", "%", Better::Neither),
            col("CPU Eff", "", Better::Higher),
        ],
    )
    .params(&["threads"])
    .baseline("2.4.17");
    let kernels = ["2.4.17", "2.4.17rat", "2.4.19-rc5-aa1", "2.5.33-mm5"];
    for th in ["1", "2", "4", "8", "16", "32"] {
        let t: f64 = th.parse().unwrap();
        for (k, name) in kernels.iter().enumerate() {
            let rate = 13.2 - t.ln() * (0.6 + 0.1 * k as f64);
            s = s.row(name, &[th], vec![cell(rate, Some(0.3), 3), one(40.0 / t), one(rate / 0.4)]);
        }
    }
    s.build()
}

fn lat_mem_rd() -> SectionView {
    let mut s = Sec::new("Memory read latency", vec![col("latency", "ns", Better::Lower)]).params(&["size", "stride"]);
    let sizes = [
        "0.00049", "0.00098", "0.00195", "0.00391", "0.00781", "0.01562", "0.03125", "0.0625", "0.125", "0.25", "0.5",
        "1", "2", "4", "8", "16", "32",
    ];
    for stride in ["16", "128"] {
        for k in ["2.4.17", "2.4.17rat"] {
            for (i, sz) in sizes.iter().enumerate() {
                let lat = if i < 6 {
                    4.2
                } else if i < 12 {
                    18.0 + i as f64
                } else {
                    180.0 + 5.0 * i as f64
                };
                s = s.row(k, &[sz, stride], vec![one(lat + if k == "2.4.17rat" { 3.0 } else { 0.0 })]);
            }
        }
    }
    s.build()
}

// Checks ---------------------------------------------------------------------

fn write_out(c: &Chart, tag: &str) {
    if let Ok(dir) = std::env::var("CHARTS_OUT") {
        let name = format!("{tag}--{}", c.file.replace('/', "_"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), &c.svg).unwrap();
    }
}

/// Well-formed XML, `<svg>` root whose first children are `<title>` and
/// `<desc>` with the chart's title and description, no NaN/inf numbers.
fn check_svg(c: &Chart) {
    let doc = roxmltree::Document::parse(&c.svg).unwrap_or_else(|e| panic!("{}: not well-formed XML: {e}", c.file));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{}", c.file);
    let kids: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    assert!(kids.len() > 3, "{}: empty chart", c.file);
    assert_eq!(kids[0].tag_name().name(), "title", "{}", c.file);
    assert_eq!(kids[1].tag_name().name(), "desc", "{}", c.file);
    assert_eq!(kids[0].text().unwrap_or(""), c.title, "{}", c.file);
    assert_eq!(kids[1].text().unwrap_or(""), c.desc, "{}", c.file);
    assert!(!c.title.is_empty() && !c.desc.is_empty(), "{}", c.file);
    for n in doc.descendants().filter(|n| n.is_element()) {
        for a in n.attributes() {
            let v = a.value();
            assert!(!v.contains("NaN") && !v.contains("inf"), "{}: {}={v}", c.file, a.name());
        }
        // The attributes at their initial values are not written (`chart::svg`'s
        // `CompactSvg`), which holds only while no element sits
        // in a group that could give it another value to inherit.
        assert_eq!(
            n.parent_element(),
            (n != root).then_some(root),
            "{}: {:?} not a child of <svg>",
            c.file,
            n.tag_name()
        );
        for (name, initial) in [("stroke-width", "1"), ("text-anchor", "start"), ("stroke", "none"), ("opacity", "1")] {
            assert_ne!(n.attribute(name), Some(initial), "{}: {name} at its initial value", c.file);
        }
    }
    assert!(c.file.starts_with("charts/") && c.file.ends_with(".svg"), "{}", c.file);
    assert_eq!((c.width as f64, c.height as f64), svg_size(&c.svg), "{}", c.file);
}

fn charts_of(s: &SectionView, tag: &str) -> Vec<Chart> {
    let a = chart::section_charts(s, "AMD K6-2 475 MHz, 384 MB");
    let b = chart::section_charts(s, "AMD K6-2 475 MHz, 384 MB");
    assert_eq!(a, b, "{tag}: rendering is not deterministic");
    for c in &a {
        check_svg(c);
        write_out(c, tag);
        if let Some(n) = &c.narrow {
            check_svg(n);
            write_out(n, tag);
            assert_eq!(n.file, c.file.replacen("charts/", "charts/narrow/", 1), "{tag}");
            assert_eq!((n.title.as_str(), n.alt.as_str()), (c.title.as_str(), c.alt.as_str()), "{tag}");
            // A window too narrow for the wide chart and the page's 32 px
            // of margins gets the copy (641 to 991 px scrolled a 960 px
            // chart sideways).
            let media = c.to_ref().narrow.expect("a copy").media;
            assert_eq!(media, format!("(max-width: {}px)", c.width + 31), "{tag}");
        }
    }
    let mut files: Vec<&str> = a.iter().map(|c| c.file.as_str()).collect();
    files.sort();
    files.dedup();
    assert_eq!(files.len(), a.len(), "{tag}: file names collide");
    a
}

fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants().filter(|n| n.has_tag_name("text")).map(|n| n.text().unwrap_or("").trim().to_string()).collect()
}

fn svg_size(svg: &str) -> (f64, f64) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let r = doc.root_element();
    (r.attribute("width").unwrap().parse().unwrap(), r.attribute("height").unwrap().parse().unwrap())
}

// SVG charts -----------------------------------------------------------------

#[test]
fn two_kernels_make_one_bar_chart() {
    let s = dbench_two();
    assert!(matches!(chart::plan_section(&s).as_slice(), [ChartSpec::Bar(_)]));
    let charts = charts_of(&s, "two");
    assert_eq!(charts.len(), 1);
    let c = &charts[0];
    assert_eq!(c.file, "charts/dbench-64-processes-bar.svg");
    assert!(c.title.contains("dbench 64 processes") && c.title.contains("AMD K6-2"), "{}", c.title);
    assert!(c.desc.contains("2.4.17 (baseline) 12.5 MB/sec"), "{}", c.desc);
    assert!(c.desc.contains("bigger is better"), "{}", c.desc);
    let t = texts(&c.svg);
    assert!(t.iter().any(|x| x == "MB/sec, bigger is better"), "value axis label missing: {t:?}");
    assert!(t.iter().any(|x| x == "baseline: 2.4.17"), "baseline not marked: {t:?}");
    assert!(t.iter().any(|x| x == "12.5") && t.iter().any(|x| x == "12.1"), "{t:?}");
    // A transparent card with its own dark-mode colours: it follows the page.
    assert!(!c.svg.contains("#FFFFFF"), "no white background");
    assert!(c.svg.contains("class=\"card\"") && c.svg.contains("prefers-color-scheme: dark"));
    // The baseline's tree (mainline) has only the hollow bar: no swatch.
    assert!(t.iter().any(|x| x == "rat") && !t.iter().any(|x| x == "mainline"), "{t:?}");
}

/// The right edge of the widest drawn rectangle but the card: the bars
/// (and the legend's keys).
fn rightmost_rect(svg: &str) -> f64 {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class") != Some("card"))
        .map(|n| {
            let num = |a: &str| n.attribute(a).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
            num("x") + num("width")
        })
        .fold(0.0, f64::max)
}

/// A chart is drawn at its size and scrolls sideways on a phone: one
/// kernel's bar, drawn in the middle of 960 px, was out of view at 390 px
/// under an empty plot. A few kernels' vertical bars are drawn on a chart
/// as narrow as they need (a long title wrapping), every bar inside the
/// 374 px a phone shows (one kernel's whole chart); many kernels' are drawn
/// at 960 px as before.
#[test]
fn few_kernels_draw_a_narrow_bar_chart_a_phone_shows() {
    let s = Sec::new("perf bench sched messaging", vec![col("Total time", "s", Better::Lower)])
        .row("6.18.44-fc-v669", &[], vec![cell(6.1, Some(1.2), 3)])
        .build();
    let c = &charts_of(&s, "one-kernel")[0];
    // The whole card, its error bar's legend too, in a phone's 374 px.
    assert!(c.width <= 374, "{} px wide", c.width);
    assert!(texts(&c.svg).iter().any(|x| x == "± 1 standard deviation (2 or more runs)"), "{:?}", texts(&c.svg));
    assert!(rightmost_rect(&c.svg) <= 374.0, "a bar out of a phone's view: {}", rightmost_rect(&c.svg));
    assert!(texts(&c.svg).iter().any(|x| x == "6.1"), "{:?}", texts(&c.svg));
    // A title longer than the narrow chart wraps, whole, on two lines.
    let s = Sec::new(
        "Test B: find / -xdev | grep | xargs echo, with mpg123",
        vec![col("real", "s", Better::Lower), col("sys", "s", Better::Lower)],
    )
    .baseline("ac12")
    .row("ac12", &[], vec![cell(38.18, Some(0.5), 5), cell(15.82, Some(0.2), 5)])
    .row("ac12-pmap2", &[], vec![cell(31.06, Some(0.5), 5), cell(13.76, Some(0.2), 5)])
    .build();
    let c = &charts_of(&s, "two-kernels-long-title")[0];
    assert!(c.width <= 600, "{} px wide", c.width);
    let t = texts(&c.svg);
    assert!(t.iter().any(|x| x == "Test B: find / -xdev | grep | xargs echo, with"), "{t:?}");
    assert!(t.iter().any(|x| x == "mpg123"), "{t:?}");
    // Nine kernels: as wide as ever.
    let nine = ["2.6.10", "2.6.11", "2.6.12", "2.6.13", "2.6.14", "2.6.15", "2.6.16", "2.6.17", "2.6.18"];
    let s = nine
        .iter()
        .enumerate()
        .fold(Sec::new("dbench 64 processes", vec![col("Throughput", "MB/sec", Better::Higher)]), |s, (i, k)| {
            s.row(k, &[], vec![one(12.0 + i as f64 / 10.0)])
        })
        .build();
    let c = &charts_of(&s, "nine-kernels")[0];
    assert_eq!(c.width, 960);
    assert!(texts(&c.svg).iter().any(|x| x == "dbench 64 processes"));
}

/// Every `cx`/`x` of the SVG's circles and texts (text anchored at its start).
fn rightmost_circle(svg: &str) -> f64 {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("circle"))
        .map(|n| n.attribute("cx").unwrap().parse::<f64>().unwrap() + n.attribute("r").unwrap().parse::<f64>().unwrap())
        .fold(0.0, f64::max)
}

/// Scaling and strip charts are drawn 960 px wide whatever they show, and
/// a phone showed their left third (the strip chart's labels and its first
/// run, a scaling chart's first x value): each has a copy drawn 360 px wide
/// (`charts/narrow/`), its small multiples one a row, every run of a strip
/// inside it. So has a bar chart drawn wider than 360 px (several panels a
/// row, or many kernels' horizontal bars): its panels one a row; a bar
/// chart of 360 px has none.
#[test]
fn scaling_and_strip_charts_have_a_copy_a_phone_shows_whole() {
    let s = tiobench();
    let charts = charts_of(&s, "tiobench-phone");
    let n = charts[0].narrow.as_deref().expect("a phone copy of the scaling chart");
    assert_eq!((charts[0].width, n.width), (960, 360));
    assert_eq!(n.file, "charts/narrow/tiobench-sequential-reads-scaling.svg");
    let t = texts(&n.svg);
    for needle in ["threads", "MB/s, bigger is better", "1", "32", "2.4.17 (baseline)", "2.5.33-mm5", "Rate by threads"]
    {
        assert!(t.iter().any(|x| x == needle), "{needle:?} missing from {t:?}");
    }
    // Small multiples: one a row.
    let mut parts = tiobench();
    let cols = parts.table.columns.clone();
    parts.table.columns.extend(cols.iter().map(|c| ColumnView { name: format!("Rand {}", c.name), ..c.clone() }));
    for r in &mut parts.table.rows {
        let c = r.cells.clone();
        r.cells.extend(c);
    }
    let charts = charts_of(&parts, "tiobench-phone-panels");
    let panels = charts.iter().find(|c| c.alt.starts_with("Line charts of")).expect("small multiples");
    let n = panels.narrow.as_deref().expect("a phone copy of the small multiples");
    assert_eq!(n.width, 360);
    assert!(n.height > panels.height, "{} stacked under {}", n.height, panels.height);
    // A strip chart: every run inside 360 px.
    let runs = |vals: &[f64]| {
        let mut c = cell(vals.iter().sum::<f64>() / vals.len() as f64, Some(0.2), vals.len() as u32);
        c.as_mut().unwrap().runs = vals
            .iter()
            .enumerate()
            .map(|(i, &value)| benchsite::report::RunView { value, n: 1, line: i as u32 + 1, ..Default::default() })
            .collect();
        c
    };
    let s = Sec::new("dbench 32", vec![col("Throughput", "MB/s", Better::Higher)])
        .baseline("2.4.7")
        .row("2.4.7", &[], vec![runs(&[9.29, 9.56, 9.17])])
        .row("2.4.8-pre1-with-a-rather-long-name", &[], vec![runs(&[6.8, 6.9, 6.94])])
        .build();
    let charts = charts_of(&s, "runs-phone");
    let strip = charts.iter().find(|c| c.file.ends_with("-runs.svg")).expect("a strip chart");
    // Its bar chart, wider than a phone for the long name, has one too.
    let bars = charts.iter().find(|c| c.file.ends_with("-bar.svg")).expect("a bar chart");
    assert!(bars.width > 360 && bars.narrow.as_ref().is_some_and(|n| n.width == 360), "{}", bars.width);
    let n = strip.narrow.as_deref().expect("a phone copy of the strip chart");
    assert_eq!((strip.width, n.width), (960, 360));
    assert_eq!(n.svg.matches("<circle").count(), 6);
    assert!(rightmost_circle(&n.svg) <= 360.0 - 16.0, "a run out of view: {}", rightmost_circle(&n.svg));
    let t = texts(&n.svg);
    assert!(t.iter().any(|x| x == "2.4.7"), "{t:?}");
    // Bars: six metrics of two kernels, three panels a row at 960 px, one
    // a row in the copy; sixty kernels' horizontal bars, names shortened.
    let six: Vec<ColumnView> = (1..=6).map(|i| col(&format!("metric {i}"), "s", Better::Lower)).collect();
    let s = Sec::new("UnixBench", six)
        .baseline("2.4.17")
        .row("2.4.17", &[], (1..=6).map(|i| one(f64::from(i))).collect())
        .row("2.4.17rat", &[], (1..=6).map(|i| one(f64::from(i) + 0.5)).collect())
        .build();
    let c = &charts_of(&s, "six-panels-phone")[0];
    let n = c.narrow.as_deref().expect("a phone copy of six panels");
    assert_eq!((c.width, n.width), (960, 360));
    assert!(rightmost_rect(&n.svg) <= 360.0 - 16.0, "{}", rightmost_rect(&n.svg));
    assert_eq!(texts(&n.svg).iter().filter(|x| x.starts_with("metric ")).count(), 6);
    let c = &charts_of(&sixty_long(), "sixty-phone")[0];
    let n = c.narrow.as_deref().expect("a phone copy of sixty kernels");
    assert!(rightmost_rect(&n.svg) <= 360.0, "{}", rightmost_rect(&n.svg));
    assert!(texts(&n.svg).iter().any(|x| x.starts_with("2.4.") && x.contains('…')), "{:?}", texts(&n.svg));
    // A one-kernel bar chart is 360 px already: no copy.
    let s = Sec::new("one", vec![col("Total time", "s", Better::Lower)]).row("6.1", &[], vec![one(6.1)]).build();
    assert!(charts_of(&s, "one-phone")[0].narrow.is_none());
    // The long name shortened in the middle, keeping its suffix.
    assert!(t.iter().any(|x| x.starts_with("2.4.8-") && x.contains('…') && x.ends_with("name")), "{t:?}");
}

#[test]
fn sixty_long_names_go_horizontal_and_do_not_overlap() {
    let s = sixty_long();
    let charts = charts_of(&s, "sixty");
    assert_eq!(charts.len(), 1);
    let c = &charts[0];
    let (w, h) = svg_size(&c.svg);
    // One band per kernel: the chart grows in height rather than squeezing.
    assert!(h > 60.0 * 18.0, "height {h} too small for 60 rows");
    assert!(w <= 1000.0);
    let t = texts(&c.svg);
    // Names are shortened in the middle, keeping release and suffix.
    let shown: Vec<&String> = t.iter().filter(|x| x.starts_with("2.4.19-pre10")).collect();
    assert_eq!(shown.len(), 60, "{shown:?}");
    for x in &shown {
        assert!(x.chars().count() <= 36 + " (baseline)".len(), "{x}");
    }
    assert!(t.iter().any(|x| x.ends_with("suffix-59")), "suffix lost: {shown:?}");
    // y positions of the names are distinct and at least 15 px apart.
    let doc = roxmltree::Document::parse(&c.svg).unwrap();
    let mut ys: Vec<f64> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.text().is_some_and(|x| x.trim().starts_with("2.4.19-pre10")))
        .map(|n| n.attribute("y").unwrap().parse().unwrap())
        .collect();
    ys.sort_by(f64::total_cmp);
    for p in ys.windows(2) {
        assert!(p[1] - p[0] >= 15.0, "labels overlap: {p:?}");
    }
    assert!(c.desc.contains("largest") && c.desc.contains("smallest"), "{}", c.desc);
    assert!(t.iter().any(|x| x.contains("standard deviation")), "error bar legend missing");
}

#[test]
fn numeric_parameter_makes_a_scaling_chart() {
    let s = tiobench();
    let specs = chart::plan_section(&s);
    // Rate (the headline) and CPU Eff; CPU% is informational.
    let [ChartSpec::Scaling(sp), ChartSpec::Scaling(eff)] = specs.as_slice() else { panic!("{specs:?}") };
    assert_eq!(eff.metric, "CPU Eff");
    assert_eq!(
        chart::section_plan(&s).note(),
        "Not charted: CPU% (informational: no better direction). The table has every value."
    );
    // Under a page's later sections, what the first note said is not said again.
    assert_eq!(chart::section_plan(&s).note_after_first(), "Not charted: CPU% (informational).");
    assert_eq!(sp.param, "threads");
    assert!(!sp.log_x, "1..32 spans less than two decades");
    assert_eq!(sp.metric, "Rate");
    assert_eq!(sp.series.len(), 4);
    assert!(sp.series.iter().all(|s| s.points.len() == 6));
    assert!(sp.series[0].baseline);
    let charts = charts_of(&s, "tiobench");
    assert_eq!(charts[0].file, "charts/tiobench-sequential-reads-scaling.svg");
    let t = texts(&charts[0].svg);
    for needle in ["threads", "MB/s, bigger is better", "1", "32", "2.4.17 (baseline)", "2.5.33-mm5"] {
        assert!(t.iter().any(|x| x == needle), "{needle:?} missing from {t:?}");
    }
    assert!(charts[0].desc.contains("against threads"), "{}", charts[0].desc);
}

#[test]
fn each_part_of_a_scaling_table_gets_a_chart_of_its_headline() {
    // tiobench's sequential and random reads set side by side as parts.
    let mut s = tiobench();
    let part = |c: &ColumnView, p: usize, label: &str| ColumnView {
        name: format!("{label} {}", c.name),
        part: p,
        ..c.clone()
    };
    let cols = s.table.columns.clone();
    s.table.columns =
        cols.iter().map(|c| part(c, 0, "Seq Read")).chain(cols.iter().map(|c| part(c, 1, "Rand Read"))).collect();
    // Random reads: CPU% first, so its headline is the first ranked column.
    s.table.columns.swap(3, 4);
    for r in &mut s.table.rows {
        let c = r.cells.clone();
        r.cells = vec![c[0].clone(), c[1].clone(), c[2].clone(), c[1].clone(), c[0].clone(), c[2].clone()];
    }
    assert_eq!(chart::part_headlines(&s.table), [0, 4]);
    let specs = chart::plan_section(&s);
    assert!(specs.iter().all(|sp| !matches!(sp, ChartSpec::Bar(_))), "{specs:?}");
    let metrics: Vec<&str> = specs.iter().flat_map(ChartSpec::metrics).collect();
    // Each part's headline a chart of its own, then the other ranked
    // metrics as small multiples in one more.
    assert_eq!(metrics, ["Seq Read Rate", "Rand Read Rate", "Seq Read CPU Eff", "Rand Read CPU Eff"]);
    assert!(matches!(&specs[2], ChartSpec::ScalingPanels(v) if v.len() == 2), "{specs:?}");
    let charts = charts_of(&s, "tiobench-parts");
    let files: Vec<&str> = charts.iter().map(|c| c.file.as_str()).collect();
    assert_eq!(
        files,
        [
            "charts/tiobench-sequential-reads-scaling.svg",
            "charts/tiobench-sequential-reads-scaling-2.svg",
            "charts/tiobench-sequential-reads-scaling-3.svg"
        ]
    );
    assert_eq!(charts[2].alt, "Line charts of Seq Read CPU Eff and 1 more metric against threads for 4 kernels.");
    let t = texts(&charts[2].svg);
    assert!(t.iter().any(|x| x == "Seq Read CPU Eff") && t.iter().any(|x| x == "Rand Read CPU Eff"), "{t:?}");
    // One legend: each kernel once.
    assert_eq!(t.iter().filter(|x| *x == "2.4.17rat").count(), 1, "{t:?}");
    // Without parts, the one headline as before.
    assert_eq!(chart::part_headlines(&tiobench().table), [0]);
}

fn sixty_kernels_scaling(baseline: Option<&'static str>) -> SectionView {
    let mut s = Sec::new("AIM7 shared", vec![col("Jobs/Min", "jobs/min", Better::Higher)]).params(&["tasks"]);
    if let Some(b) = baseline {
        s = s.baseline(b);
    }
    for i in 0..60 {
        for tasks in ["1", "50", "100", "150", "200"] {
            let t: f64 = tasks.parse().unwrap();
            s = s.row(&long_name(i), &[tasks], vec![one(t * (10.0 + i as f64 / 10.0) / (1.0 + t / 100.0))]);
        }
    }
    s.build()
}

/// Sixty kernels: the chart draws the twelve whose lines differ most (a
/// tangle otherwise), says so, and its legend of long names wraps without
/// overlapping.
#[test]
fn sixty_kernels_scaling_draws_twelve_that_differ_most_and_its_legend_wraps() {
    let s = sixty_kernels_scaling(None);
    let specs = chart::plan_section(&s);
    let [ChartSpec::Scaling(sp)] = specs.as_slice() else { panic!() };
    assert!(!sp.log_x, "evenly spaced 1, 50 … 200 stays linear");
    assert_eq!(sp.kernels_total, 60);
    let drawn: Vec<String> = sp.series.iter().map(|s| s.kernel.clone()).collect();
    // Both extremes and kernels spread between them, in table order.
    assert_eq!(drawn.len(), 12);
    assert!(drawn.contains(&long_name(0)) && drawn.contains(&long_name(59)), "{drawn:?}");
    let idx: Vec<usize> = drawn.iter().map(|d| (0..60).position(|i| long_name(i) == *d).unwrap()).collect();
    assert!(idx.windows(2).all(|w| w[0] < w[1]), "{idx:?}");
    assert!(idx.iter().filter(|&&i| i < 30).count() >= 4, "not only the last: {idx:?}");
    assert!(sp.series.iter().all(|s| s.points.len() == 5));
    let c = &charts_of(&s, "sixty-scaling")[0];
    assert!(c.desc.contains("Lines for the 12 of 60 kernels that differ most"), "{}", c.desc);
    let doc = roxmltree::Document::parse(&c.svg).unwrap();
    assert!(
        doc.descendants()
            .any(|n| n.text().is_some_and(|x| x.contains("Jobs/Min by tasks: the 12 of 60 kernels that differ most"))),
        "the heading says which kernels are drawn"
    );
    // Legend entries: distinct (x, y) positions, none closer than a row apart
    // on the same row.
    let mut pos: Vec<(f64, f64)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.text().is_some_and(|x| x.trim().starts_with("2.4.19-pre10")))
        .map(|n| (n.attribute("y").unwrap().parse().unwrap(), n.attribute("x").unwrap().parse().unwrap()))
        .collect();
    assert_eq!(pos.len(), 12);
    pos.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    for p in pos.windows(2) {
        if p[0].0 == p[1].0 {
            assert!(p[1].1 - p[0].1 >= 250.0, "legend entries overlap: {p:?}");
        } else {
            assert!(p[1].0 - p[0].0 >= 18.0, "legend rows overlap: {p:?}");
        }
    }
}

/// With a baseline among many kernels, its line is drawn with the eleven
/// others that differ most.
#[test]
fn many_kernels_scaling_keeps_the_baseline() {
    let baseline: &'static str = Box::leak(long_name(3).into_boxed_str());
    let s = sixty_kernels_scaling(Some(baseline));
    let specs = chart::plan_section(&s);
    let [ChartSpec::Scaling(sp)] = specs.as_slice() else { panic!() };
    let drawn: Vec<String> = sp.series.iter().map(|s| s.kernel.clone()).collect();
    assert_eq!(drawn.len(), 12);
    assert!(drawn.contains(&long_name(59)), "the furthest from the baseline: {drawn:?}");
    assert_eq!(sp.series.iter().filter(|s| s.baseline).count(), 1);
    assert_eq!(sp.series.iter().find(|s| s.baseline).map(|s| s.kernel.clone()), Some(long_name(3)));
    assert_eq!(
        chart::scaling::shown_kernels(sp).as_deref(),
        Some("the baseline and the 11 of 60 kernels that differ most")
    );
    let c = &charts_of(&s, "sixty-scaling")[0];
    assert!(c.desc.contains("Lines for the baseline and the 11 of 60 kernels that differ most"), "{}", c.desc);
}

/// Twelve kernels or fewer: every one has its line, and nothing is said.
#[test]
fn few_kernels_scaling_draws_them_all() {
    let s = tiobench();
    let specs = chart::plan_section(&s);
    let Some(ChartSpec::Scaling(sp)) = specs.iter().find(|c| matches!(c, ChartSpec::Scaling(_))) else { panic!() };
    assert_eq!(sp.series.len(), sp.kernels_total);
    assert_eq!(chart::scaling::shown_kernels(sp), None);
}

/// kernbench: each load ran one `-j` value (half load `-j 4`, optimal
/// `-j 16`). The numeric `jobs` column takes two values, but within each
/// load only one: lines of a single point would say nothing, so each load
/// gets a bar chart.
#[test]
fn one_x_value_per_combination_gets_bar_charts() {
    let mut s =
        Sec::new("kernbench", vec![col("Elapsed Time", "s", Better::Lower), col("User Time", "s", Better::Lower)])
            .params(&["load", "jobs"])
            .baseline("2.4.19");
    for (i, k) in ["2.4.19", "2.4.20-pre4-ac1", "2.5.33-mm5"].iter().enumerate() {
        s = s.row(k, &["half", "4"], vec![one(300.0 + i as f64), one(250.0)]);
        s = s.row(k, &["optimal", "16"], vec![one(200.0 + i as f64), one(260.0)]);
    }
    let s = s.build();
    let specs = chart::plan_section(&s);
    let subtitles: Vec<&str> = specs
        .iter()
        .map(|c| match c {
            ChartSpec::Bar(b) => b.subtitle.as_str(),
            ChartSpec::Scaling(_) | ChartSpec::ScalingPanels(_) => panic!("no scaling chart of single points"),
        })
        .collect();
    assert_eq!(subtitles, ["load half, jobs 4", "load optimal, jobs 16"]);
    let ChartSpec::Bar(b) = &specs[0] else { panic!() };
    assert_eq!(b.kernels.len(), 3);
    assert_eq!(b.panels[0].values[2].as_ref().map(|v| v.mean), Some(302.0));
}

/// The x values that count are those of the lines drawn: when only a
/// kernel left out of a 16-kernel chart has a second x value, the chart
/// would be single points, so it is bars. (2.4.15 equals 2.4.0 where both
/// ran, so it is the one left out of the lines that differ most.)
#[test]
fn a_second_x_value_only_in_an_undrawn_kernel_gives_bars() {
    let mut s = Sec::new("dbench", vec![col("Throughput", "MB/s", Better::Higher)]).params(&["procs"]);
    for i in 0..15 {
        s = s.row(&format!("2.4.{i}"), &["1"], vec![one(10.0 + i as f64)]);
    }
    s = s.row("2.4.15", &["1"], vec![one(10.0)]).row("2.4.15", &["8"], vec![one(30.0)]);
    let specs = chart::plan_section(&s.build());
    assert!(!specs.is_empty());
    assert!(specs.iter().all(|c| matches!(c, ChartSpec::Bar(_))), "{specs:?}");
}

/// newcomer34 F7: kernbench's 6.6 ran `-j 8` only and 6.7 `-j 144` only;
/// the table compares neither with the other, so a "line" through 6.6 at 8
/// and 6.7 at 144 would draw two set-ups as a scaling curve. Each kernel a
/// single point: bars, one chart per set-up.
#[test]
fn one_point_per_kernel_at_different_x_gives_bars() {
    let s = Sec::new("kernbench", vec![col("Elapsed Time", "s", Better::Lower)])
        .params(&["jobs"])
        .baseline("6.6")
        .row("6.6", &["8"], vec![one(28.09)])
        .row("6.7", &["144"], vec![one(20.72)])
        .build();
    let specs = chart::plan_section(&s);
    let subtitles: Vec<&str> = specs
        .iter()
        .map(|c| match c {
            ChartSpec::Bar(b) => b.subtitle.as_str(),
            other => panic!("no scaling chart across set-ups not compared: {other:?}"),
        })
        .collect();
    assert_eq!(subtitles, ["jobs 8", "jobs 144"]);
}

#[test]
fn many_panels_with_many_kernels() {
    let cols: Vec<ColumnView> = ["null call", "open clos", "sig inst", "fork proc", "exec proc", "sh proc", "extra"]
        .iter()
        .map(|n| col(n, "µs", Better::Lower))
        .collect();
    let mut s = Sec::new("lmbench Processor, Processes", cols);
    for i in 0..20 {
        let k = format!("2.4.{}-pre{}", 10 + i / 4, i % 4 + 1);
        s = s.row(&k, &[], (0..7).map(|c| one((c as f64 + 1.0) * 10f64.powi(c % 4) + i as f64)).collect());
    }
    let s = s.build();
    let specs = chart::plan_section(&s);
    // 20 kernels: four panels a chart at most; seven panels make pages of 4 and 3.
    let [ChartSpec::Bar(a), ChartSpec::Bar(b)] = specs.as_slice() else { panic!() };
    assert_eq!((a.panels.len(), b.panels.len()), (4, 3));
    assert!(a.title.ends_with("(1 of 2)") && b.title.ends_with("(2 of 2)"), "{}", a.title);
    assert_eq!(chart::section_plan(&s).note(), "", "every metric drawn");
    charts_of(&s, "panels");
    let few = Sec::new("lmbench few", (0..8).map(|i| col(&format!("m{i}"), "µs", Better::Lower)).collect())
        .row("2.4.17", &[], (0..8).map(|c| one(c as f64 + 1.0)).collect())
        .row("2.4.17rat", &[], (0..8).map(|c| one(c as f64 + 1.5)).collect())
        .build();
    let specs = chart::plan_section(&few);
    let [ChartSpec::Bar(a), ChartSpec::Bar(b)] = specs.as_slice() else { panic!() };
    assert!(a.panels.len() <= chart::MAX_BAR_PANELS);
    assert_eq!(a.panels.len() + b.panels.len(), 8, "every metric on one of the pages");
    charts_of(&few, "panels-few");
}

#[test]
fn memory_sizes_use_a_log_axis_and_split_by_stride() {
    let s = lat_mem_rd();
    let specs = chart::plan_section(&s);
    assert_eq!(specs.len(), 2, "one chart per stride");
    for sp in &specs {
        let ChartSpec::Scaling(sp) = sp else { panic!("{sp:?}") };
        assert_eq!(sp.param, "size");
        assert!(sp.log_x);
    }
    let charts = charts_of(&s, "latmem");
    assert_eq!(charts[1].file, "charts/memory-read-latency-scaling-2.svg");
    assert!(charts[0].title.contains("stride 16"), "{}", charts[0].title);
    let t = texts(&charts[0].svg);
    assert!(t.iter().any(|x| x == "size (log scale)"), "{t:?}");
    assert!(t.iter().any(|x| x == "ns, smaller is better"), "{t:?}");
    // Tick labels were thinned: fewer than the 17 sizes, but both ends shown.
    let ticks: Vec<&String> = t.iter().filter(|x| x.parse::<f64>().is_ok() && x.contains('.')).collect();
    assert!(t.iter().any(|x| x == "0.00049"), "{t:?}");
    assert!(ticks.len() < 17, "{ticks:?}");
}

#[test]
fn text_parameter_gives_a_bar_chart_per_value() {
    let s = Sec::new("bonnie", vec![col("Rate", "K/sec", Better::Higher)])
        .params(&["test"])
        .row("2.4.17", &["putc"], vec![one(3000.0)])
        .row("2.4.18", &["putc"], vec![one(3100.0)])
        .row("2.4.17", &["rewrite"], vec![one(1500.0)])
        .row("2.4.18", &["rewrite"], vec![one(1400.0)])
        .build();
    let charts = charts_of(&s, "bonnie");
    assert_eq!(charts.len(), 2);
    assert!(charts[0].title.contains("test putc"), "{}", charts[0].title);
    assert_eq!(charts[1].file, "charts/bonnie-bar-2.svg");
}

#[test]
fn single_numeric_parameter_value_is_a_bar_chart() {
    let s = Sec::new("dbench", vec![col("Throughput", "MB/s", Better::Higher)])
        .params(&["procs"])
        .row("2.4.17", &["64"], vec![one(12.5)])
        .row("2.4.17rat", &["64"], vec![one(12.1)])
        .build();
    let specs = chart::plan_section(&s);
    let [ChartSpec::Bar(b)] = specs.as_slice() else { panic!("{specs:?}") };
    assert_eq!(b.subtitle, "procs 64");
    charts_of(&s, "dbench-procs");
}

/// Panels of one unit share a value axis while their values are within 5×
/// of each other; a unit needing several scales says which on each axis.
#[test]
fn panels_of_one_unit_share_a_scale() {
    let names = ["null call", "stat", "open clos", "selct TCP", "sig inst"];
    let cols: Vec<ColumnView> = names.iter().map(|n| col(n, "µs", Better::Lower)).collect();
    let s = Sec::new("lmbench processor", cols)
        .baseline("2.4.17")
        .row("2.4.17", &[], [0.43, 3.41, 6.16, 36.8, 1.43].map(one).to_vec())
        .row("2.4.17rat", &[], [0.43, 4.56, 7.80, 55.4, 1.45].map(one).to_vec())
        .build();
    let specs = chart::plan_section(&s);
    let [ChartSpec::Bar(b)] = specs.as_slice() else { panic!("{specs:?}") };
    let groups = chart::bar::scale_groups(&b.panels);
    let tags: Vec<&str> = groups.iter().map(|g| g.1.as_str()).collect();
    assert_eq!(tags, ["scale A", "scale B", "scale B", "scale C", "scale A"]);
    assert_eq!(groups[0].0, groups[4].0);
    let t = texts(&charts_of(&s, "scales")[0].svg);
    assert_eq!(t.iter().filter(|x| *x == "µs, smaller is better (scale B)").count(), 2, "{t:?}");
    // Every axis starts at 0.
    assert!(t.iter().filter(|x| *x == "0").count() >= 5, "{t:?}");
    // Lettered in panel order: a first panel of larger values is on
    // scale A (newcomer59b's stress-ng chart began with "(scale B)").
    let big_first =
        Sec::new("lmbench", vec![col("selct TCP", "µs", Better::Lower), col("null call", "µs", Better::Lower)])
            .baseline("2.4.17")
            .row("2.4.17", &[], vec![one(36.8), one(0.43)])
            .row("2.4.17rat", &[], vec![one(55.4), one(0.43)])
            .build();
    let specs = chart::plan_section(&big_first);
    let [ChartSpec::Bar(b)] = specs.as_slice() else { panic!("{specs:?}") };
    let tags: Vec<String> = chart::bar::scale_groups(&b.panels).into_iter().map(|g| g.1).collect();
    assert_eq!(tags, ["scale A", "scale B"]);
    // One unit within 5×: one scale, no tag.
    let one_scale = Sec::new("two", vec![col("a", "MB/s", Better::Higher), col("b", "MB/s", Better::Higher)])
        .row("2.4.1", &[], vec![one(10.0), one(30.0)])
        .build();
    let specs = chart::plan_section(&one_scale);
    let [ChartSpec::Bar(b)] = specs.as_slice() else { panic!() };
    assert_eq!(chart::bar::scale_groups(&b.panels), [(0, String::new()), (0, String::new())]);
}

#[test]
fn error_bars_where_n_is_two_or_more() {
    let s = Sec::new("kernbench", vec![col("Elapsed", "s", Better::Lower), col("User", "s", Better::Lower)])
        .row("2.6.0", &[], vec![cell(28.094, Some(0.18), 5), cell(80.0, Some(1.0), 5)])
        .row("2.6.1", &[], vec![cell(27.5, Some(0.2), 2), one(79.0)])
        .row("2.6.1-mm1", &[], vec![one(27.0), cell(79.5, None, 3)])
        .build();
    let specs = chart::plan_section(&s);
    let [ChartSpec::Bar(b)] = specs.as_slice() else { panic!() };
    assert_eq!(b.panels.len(), 2, "both ranked columns shown");
    assert_eq!(b.panels[0].values[0].as_ref().unwrap().sd, Some(0.18));
    assert_eq!(b.panels[0].values[2].as_ref().unwrap().sd, None, "n = 1: no error bar");
    assert_eq!(b.panels[1].values[2].as_ref().unwrap().sd, None, "no stddev known: no error bar");
    let c = &charts_of(&s, "kernbench")[0];
    assert!(c.desc.contains("standard deviation"));
    assert!(texts(&c.svg).iter().any(|x| x == "s, smaller is better"));
}

#[test]
fn equal_zero_negative_single_and_nan_values_are_safe() {
    let equal = Sec::new("equal", vec![col("x", "ops", Better::Higher)])
        .row("2.4.1", &[], vec![one(5.0)])
        .row("2.4.2", &[], vec![one(5.0)])
        .build();
    let zero = Sec::new("zero", vec![col("x", "ops", Better::Higher)])
        .row("2.4.1", &[], vec![one(0.0)])
        .row("2.4.2", &[], vec![one(0.0)])
        .build();
    let negative = Sec::new("negative", vec![col("delta", "%", Better::Higher)])
        .row("2.4.1", &[], vec![cell(-3.0, Some(1.0), 3)])
        .row("2.4.2", &[], vec![one(2.0)])
        .row("2.4.3", &[], vec![one(-0.5)])
        .build();
    let all_negative = Sec::new("all negative", vec![col("delta", "%", Better::Lower)])
        .params(&["procs"])
        .row("2.4.1", &["1"], vec![one(-3.0)])
        .row("2.4.1", &["2"], vec![one(-4.0)])
        .row("2.4.2", &["1"], vec![one(-3.5)])
        .row("2.4.2", &["2"], vec![one(-4.5)])
        .build();
    let single = Sec::new("single", vec![col("x", "", Better::Higher)]).row("2.4.1", &[], vec![one(1.0)]).build();
    for (s, tag) in
        [(&equal, "equal"), (&zero, "zero"), (&negative, "negative"), (&all_negative, "allneg"), (&single, "single")]
    {
        assert_eq!(charts_of(s, tag).len(), 1, "{tag}");
        // Star bars of one bar a block compare nothing: none (the table
        // has the value).
        assert_eq!(chart::text_bar_chart(s, 72).is_some(), tag != "single", "{tag}");
    }
    let one_a_block = Sec::new("one a block", vec![col("delta", "%", Better::Lower)])
        .params(&["procs"])
        .row("2.4.1", &["1"], vec![one(-3.0)])
        .row("2.4.1", &["2"], vec![one(-4.0)])
        .build();
    assert_eq!(chart::text_bar_chart(&one_a_block, 72), None);
    // Informational values (MHz) are not results: no chart, and the note says so.
    let mhz = Sec::new("mhz", vec![col("Mhz", "MHz", Better::Neither)])
        .row("2.4.1", &[], vec![one(1900.0)])
        .row("2.4.2", &[], vec![one(1900.0)])
        .build();
    assert!(charts_of(&mhz, "mhz").is_empty());
    assert_eq!(
        chart::section_plan(&mhz).note(),
        "Not charted: Mhz (informational: no better direction). The table has every value."
    );
    let t = chart::text_bar_chart(&negative, 40).unwrap();
    assert!(t.contains("2.4.1 ------") && t.contains("2.4.2 ****"), "{t}");

    let nan = Sec::new("nan", vec![col("x", "ops", Better::Higher)])
        .row("2.4.1", &[], vec![one(f64::NAN)])
        .row("2.4.2", &[], vec![one(f64::INFINITY)])
        .row("2.4.3", &[], vec![None])
        .build();
    assert!(charts_of(&nan, "nan").is_empty());
    assert_eq!(chart::text_bar_chart(&nan, 72), None);
    // One good value among NaNs still draws.
    let mixed = Sec::new("mixed", vec![col("x", "ops", Better::Higher)])
        .row("2.4.1", &[], vec![one(f64::NAN)])
        .row("2.4.2", &[], vec![cell(4.0, Some(f64::NAN), 3)])
        .build();
    assert_eq!(charts_of(&mixed, "mixed").len(), 1);
    let empty = Sec::new("empty", vec![]).build();
    assert!(charts_of(&empty, "empty").is_empty());
    assert_eq!(chart::text_bar_chart(&empty, 72), None);
    let no_rows = Sec::new("no rows", vec![col("x", "ops", Better::Higher)]).build();
    assert!(charts_of(&no_rows, "norows").is_empty());
}

#[test]
fn xml_special_characters_are_escaped() {
    let s = Sec::new("<Local> & \"Remote\" 'latency'", vec![col("a<b", "µs", Better::Lower)])
        .row("2.4.17<&>", &[], vec![one(1.0)])
        .row("2.4.18\u{7}", &[], vec![one(2.0)])
        .build();
    let c = &charts_of(&s, "escape")[0];
    assert!(c.title.contains("<Local> & \"Remote\""));
}

// Trend ----------------------------------------------------------------------

fn page(sections: Vec<SectionView>, kernels: &[&str]) -> MachinePage {
    MachinePage {
        slug: "k6".to_string(),
        name: "AMD K6-2".to_string(),
        specs: Vec::new(),
        description_md: String::new(),
        description_html: String::new(),
        kernels: kernels.iter().map(|k| KernelView { name: k.to_string(), ..Default::default() }).collect(),
        baseline: None,
        sections,
        notable: Vec::new(),
        ..Default::default()
    }
}

#[test]
fn trend_follows_the_kernel_order_with_one_line_per_lane() {
    let ks = ["2.4.20-pre5", "2.4.19-rc5-aa1", "2.4.18", "2.5.33-mm5", "2.4.19", "2.4.20-aa1", "2.5.33"];
    let mut dbench = Sec::new("dbench", vec![col("Throughput", "MB/s", Better::Higher)]).params(&["procs"]);
    let mut lmb = Sec::new("lmbench ctx", vec![col("2p/0K", "µs", Better::Lower)]);
    for (i, k) in ks.iter().enumerate() {
        dbench =
            dbench.row(k, &["1"], vec![cell(10.0 + i as f64, Some(0.5), 3)]).row(k, &["64"], vec![one(5.0 + i as f64)]);
        lmb = lmb.row(k, &[], vec![one(1.2 + 0.1 * i as f64)]);
    }
    let few = Sec::new("only two", vec![col("x", "", Better::Higher)]).row("2.4.18", &[], vec![one(1.0)]).row(
        "2.4.19",
        &[],
        vec![one(2.0)],
    );
    // MHz is informational: no panel (it was the first one).
    let mut mhz = Sec::new("lmbench processor", vec![col("Mhz", "MHz", Better::Neither)]);
    for k in ks {
        mhz = mhz.row(k, &[], vec![one(1900.0)]);
    }
    let p = page(vec![mhz.build(), dbench.build(), lmb.build(), few.build()], &ks);
    let specs = chart::plan_trends(&p);
    assert_eq!(specs.len(), 1);
    let names: Vec<&str> = specs[0].kernels.iter().map(|k| k.name.as_str()).collect();
    // The page's kernel order (its tables' order: `kernel_order`), not versions.
    assert_eq!(names, ks);
    assert_eq!(specs[0].panels.len(), 2, "the two-kernel section has no panel");
    assert_eq!(specs[0].panels[0].params, "procs 1", "first parameter set");
    let charts = chart::machine_trend_charts(&p);
    assert_eq!(charts.len(), 1);
    assert_eq!(charts[0].file, "charts/trend.svg");
    check_svg(&charts[0]);
    write_out(&charts[0], "trend");
    assert_eq!(charts, chart::machine_trend_charts(&p), "deterministic");
    let t = texts(&charts[0].svg);
    for lane in ["mainline", "aa", "mm"] {
        assert!(t.iter().any(|x| x == lane), "lane {lane} missing from the legend: {t:?}");
    }
    assert!(charts[0].desc.contains("one line per patch tree"));
    // Its phone copy: 360 px, the two panels one a row, the legend whole.
    let n = charts[0].narrow.as_deref().expect("a phone copy of the trend figure");
    check_svg(n);
    assert_eq!((n.file.as_str(), n.width), ("charts/narrow/trend.svg", 360));
    assert!(n.height > charts[0].height, "{} under {}", n.height, charts[0].height);
    let t = texts(&n.svg);
    for lane in ["mainline", "aa", "mm"] {
        assert!(t.iter().any(|x| x == lane), "lane {lane} missing from the phone's legend: {t:?}");
    }
}

/// Latencies whose spread is wider than their mean (schbench's 99th
/// percentile, 40500 ± 57,276 µs over two instances: a newcomer's trial)
/// draw no axis below zero: error bars of means that are all ≥ 0 stop at 0.
#[test]
fn a_trend_of_latencies_with_a_wide_spread_has_no_negative_axis() {
    let ks = ["6.8.0", "6.9.0", "6.10.0"];
    let mut s = Sec::new("schbench", vec![col("wakeup 99.0th", "usec", Better::Lower)]);
    for (k, (mean, sd)) in ks.iter().zip([(8.0, Some(5.0)), (40500.0, Some(57276.0)), (11.0, None)]) {
        s = s.row(k, &[], vec![cell(mean, sd, if sd.is_some() { 2 } else { 1 })]);
    }
    let charts = chart::machine_trend_charts(&page(vec![s.build()], &ks));
    assert_eq!(charts.len(), 1);
    check_svg(&charts[0]);
    let t = texts(&charts[0].svg);
    assert!(t.iter().any(|x| x == "0"), "the axis starts at 0: {t:?}");
    assert!(!t.iter().any(|x| x.starts_with('-') || x.starts_with('\u{2212}')), "a negative tick: {t:?}");
}

#[test]
fn trend_needs_three_kernels_and_caps_its_panels() {
    let two = Sec::new("a", vec![col("x", "", Better::Higher)]).row("2.4.1", &[], vec![one(1.0)]).row(
        "2.4.2",
        &[],
        vec![one(2.0)],
    );
    assert!(chart::machine_trend_charts(&page(vec![two.build()], &["2.4.1", "2.4.2"])).is_empty());
    assert!(chart::machine_trend_charts(&page(Vec::new(), &[])).is_empty());

    let titles = ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10", "s11", "s12", "s13", "s14"];
    let mut sections = Vec::new();
    for t in titles {
        let mut s = Sec::new(t, vec![col("x", "ops", Better::Higher)]);
        for i in 0..60 {
            s = s.row(&long_name(i), &[], vec![one((i * 7 % 13) as f64)]);
        }
        sections.push(s.build());
    }
    let names: Vec<String> = (0..60).map(long_name).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let charts = chart::machine_trend_charts(&page(sections, &refs));
    assert_eq!(charts.len(), chart::MAX_TREND_FIGURES);
    assert_eq!(charts[1].file, "charts/trend-2.svg");
    for c in &charts {
        check_svg(c);
        write_out(c, "trend60");
    }
}

// Plaintext ------------------------------------------------------------------

fn check_lines(t: &str, width: usize) {
    for line in t.lines() {
        assert!(line.width() <= width, "{:?} is {} > {width} columns", line, line.width());
        assert!(!line.ends_with(' '), "trailing space in {line:?}");
        assert!(!line.contains('\t'));
    }
}

/// A change with no percentage (a side at or below 0: the grid's "from
/// 0", "to 0" or a difference in the unit) is in the bars standing in
/// for a one-column table as the table shows it: the bars left it out,
/// printing the value alone as though unchanged.
#[test]
fn text_chart_with_changes_keeps_a_change_without_a_ratio() {
    let mut s = Sec::new("Lat% over 10 s", vec![col("Lat% >10s", "%", Better::Lower)])
        .baseline("6.9.0")
        .row("6.9.0", &[], vec![one(0.0)])
        .row("6.10.0", &[], vec![one(0.5)])
        .build();
    s.table.rows[1].cells[0].as_mut().unwrap().delta_text = Some("from 0".into());
    let t = chart::text_bar_chart_with_changes(&s, 60, Some("±")).unwrap();
    assert!(t.lines().any(|l| l.starts_with("6.10.0") && l.ends_with("0.5 % from 0")), "{t}");
    assert!(t.lines().any(|l| l.starts_with("6.9.0") && l.ends_with("0.0 %")), "{t}");
}

#[test]
fn text_chart_like_the_seed_post() {
    let t = chart::text_bar_chart(&dbench_two(), 40).unwrap();
    assert_eq!(
        t,
        "Throughput, bigger is better\n\
         2.4.17    ****************** 12.5 MB/sec\n\
         2.4.17rat ***************** 12.1 MB/sec"
    );
    check_lines(&t, 40);
    let wide = chart::text_bar_chart(&dbench_two(), 72).unwrap();
    let lines: Vec<&str> = wide.lines().collect();
    // The longest bar fills the width left after the value text.
    assert_eq!(lines[1].width(), 72);
    assert_eq!(lines[1], format!("2.4.17    {} 12.5 MB/sec", "*".repeat(72 - 10 - 1 - 11)));
    assert_eq!(lines[2].matches('*').count(), (12.1f64 / 12.5 * 50.0).round() as usize);
}

#[test]
fn text_chart_blocks_per_parameter() {
    let mut s = tiobench();
    // Nothing significant (no page correction ran): no headline, no bars.
    assert_eq!(chart::text_bar_chart(&s, 72), None);
    // `headline: Rate`.
    s.table.configured_headline = Some(0);
    s.table.headline_named = true;
    let t = chart::text_bar_chart(&s, 72).unwrap();
    check_lines(&t, 72);
    assert!(t.contains("\nthreads 1\n2.4.17 "), "{t}");
    assert!(t.contains("\nthreads 32\n"), "{t}");
    // Four of the six thread counts, the first and last among them, and
    // a line saying which.
    assert_eq!(t.lines().filter(|l| l.starts_with("threads ")).count(), 4, "{t}");
    // How many are shown, not which: each block's heading says its set-up.
    assert!(t.contains("(4 of 6 set-ups shown; the table has them all)"), "{t}");
    // A scale per block (newcomer34 F7: one shared scale shrank a 10 s
    // set-up to one star beside an 804 s one): each block's largest value
    // (2.4.17's) fills the room, and the chart says so.
    let bar = |block: &str, row: usize| {
        let start = t.find(&format!("\n{block}\n")).unwrap();
        t[start..].lines().nth(1 + row).unwrap().matches('*').count()
    };
    assert_eq!(bar("threads 1", 1), bar("threads 32", 1));
    assert!(bar("threads 32", 1) > bar("threads 32", 4), "{t}");
    assert!(t.starts_with("Rate, bigger is better; bars to scale within each block\n"), "{t}");
}

#[test]
fn text_chart_with_long_names_and_narrow_widths() {
    let mut s = sixty_long();
    s.table.configured_headline = Some(0);
    s.table.headline_named = true;
    for width in [12, 20, 40, 72, 100] {
        if let Some(t) = chart::text_bar_chart(&s, width) {
            check_lines(&t, width);
            assert!(t.lines().filter(|l| l.contains('*')).count() >= 60, "{width}: {t}");
        }
    }
    let t = chart::text_bar_chart(&s, 72).unwrap();
    assert!(t.contains("..."), "long names are shortened: {t}");
    assert!(t.contains("suffix-59"), "{t}");
    assert_eq!(chart::text_bar_chart(&dbench_two(), 5), None, "too narrow");
    check_lines(&chart::text_bar_chart(&lat_mem_rd(), 60).unwrap(), 60);
}

// Property: any small table, any numbers ------------------------------------

mod props {
    use super::*;
    use proptest::prelude::*;

    fn value() -> impl Strategy<Value = f64> {
        prop_oneof![
            4 => -1e6f64..1e6,
            1 => Just(0.0),
            1 => Just(f64::NAN),
            1 => Just(f64::INFINITY),
            1 => Just(1e300),
            1 => Just(-1e-300),
            1 => Just(f64::MIN_POSITIVE),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
        #[test]
        fn never_panics_and_always_well_formed(
            rows in proptest::collection::vec(
                (
                    "[a-z0-9.<&\\-]{0,50}",
                    "(1|2|16|0.5|1e6|64K|x|)",
                    "(a|b|4|)",
                    value(),
                    value(),
                    proptest::option::of(0.0f64..1e3),
                    1u32..5,
                ),
                0..25,
            ),
            better in prop_oneof![Just(Better::Higher), Just(Better::Lower), Just(Better::Neither)],
            width in 0usize..120,
        ) {
            let mut s = Sec::new("prop", vec![col("m", "u", better), col("n", "", Better::Lower)]).params(&["p", "q"]);
            for (k, p, q, v, w, sd, n) in &rows {
                s = s.row(k, &[p.as_str(), q.as_str()], vec![cell(*v, *sd, *n), one(*w)]);
            }
            let s = s.build();
            for c in chart::section_charts(&s, "m") {
                check_svg(&c);
            }
            let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
            for c in chart::machine_trend_charts(&page(vec![s.clone()], &names)) {
                check_svg(&c);
            }
            if let Some(t) = chart::text_bar_chart(&s, width) {
                check_lines(&t, width);
            }
        }
    }
}

// The demo site -----------------------------------------------------------------

/// Over the demo `content/`: every metric with a better direction is in a
/// chart of its section, or the page says under the section that it is not
/// drawn and why; informational metrics (MHz, %CPU) are never charted and
/// always listed.
#[test]
fn every_metric_of_the_demo_is_charted_or_said_not_to_be() {
    let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let site = benchsite::site::load(&content).expect("demo loads");
    let view = chart::site_view(&site);
    let (mut ranked, mut charted, mut listed, mut informational) = (0, 0, 0, 0);
    for m in &view.machines {
        // The page's first note whole, the later ones briefly.
        let mut said = false;
        for s in &m.sections {
            let plan = chart::section_plan(s);
            let note = if said { plan.note_after_first() } else { plan.note() };
            said |= !note.is_empty();
            assert_eq!(s.chart_note, note, "{}: {}", m.name, s.title);
            let drawn: Vec<&str> = plan.specs.iter().flat_map(ChartSpec::metrics).collect();
            for c in &s.table.columns {
                let said = s.chart_note.contains(c.name.as_str());
                if c.better == Better::Neither {
                    informational += 1;
                    assert!(!drawn.contains(&c.name.as_str()), "{}: {}: {} is charted", m.name, s.title, c.name);
                    assert!(said, "{}: {}: {} not listed in {:?}", m.name, s.title, c.name, s.chart_note);
                    continue;
                }
                ranked += 1;
                if drawn.contains(&c.name.as_str()) {
                    charted += 1;
                } else {
                    listed += 1;
                    assert!(said, "{}: {}: {} neither charted nor listed", m.name, s.title, c.name);
                }
            }
        }
    }
    eprintln!("{ranked} better/worse metrics: {charted} charted, {listed} listed; {informational} informational");
    assert_eq!(charted + listed, ranked);
    assert!(ranked >= 170, "{ranked}");
    // The demo is small enough that nothing needs leaving out.
    assert_eq!(listed, 0);
}
