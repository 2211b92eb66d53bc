//! Marks that do not invent findings: what is not tested, and the
//! Benjamini–Hochberg correction over a machine class's page, alike in
//! HTML (both renderers), Markdown and plaintext.

mod common;

use benchsite::render::Renderer;
use benchsite::render::html::HtmlRenderer;
use benchsite::report::{self, CellView, MachinePage, SiteView};
use common::{dbench, put, small_site};
use std::path::Path;

/// dbench runs of one kernel, one file.
fn runs(values: &[&str]) -> String {
    values.iter().map(|v| dbench(v)).collect()
}

fn view(content: &Path) -> SiteView {
    let site = benchsite::site::load(content).expect("loads");
    assert!(site.diagnostics.is_empty(), "{:?}", site.diagnostics);
    report::site_view(&site)
}

/// The Throughput cell of `kernel` (dbench's first column).
fn throughput<'a>(m: &'a MachinePage, kernel: &str) -> &'a CellView {
    let t = &m.sections[0].table;
    assert_eq!(t.columns[0].name, "Throughput");
    t.rows.iter().find(|r| r.kernel == kernel).and_then(|r| r.cells[0].as_ref()).expect(kernel)
}

/// Every rendering of machine class `m1`: plaintext, Markdown, the HTML
/// machine page and comparison page (native and from the templates).
fn renderings(view: &SiteView) -> Vec<(String, String)> {
    let m = &view.machines[0];
    let mut out = vec![
        ("text".to_string(), benchsite::render::text::machine_text(m, &Default::default())),
        ("markdown".to_string(), benchsite::render::markdown::machine_md(m)),
    ];
    for native in [true, false] {
        let files = HtmlRenderer::new(None).expect("theme").with_native(native).render(view).expect("html");
        for page in ["m1/index.html", "m1/compare.html", "m1/kernels/2.4.8.html"] {
            if let Some(f) = files.iter().find(|f| f.path == page) {
                out.push((format!("{page} (native {native})"), String::from_utf8_lossy(&f.contents).into_owned()));
            }
        }
    }
    assert_eq!(out.len(), 8, "a rendering is missing: {:?}", out.iter().map(|(n, _)| n).collect::<Vec<_>>());
    out
}

/// lmbench-like numbers printed with one decimal that do not vary: two
/// sides without spread are not tested (Welch's test said p = 0 and the
/// page headlined the change). Three runs of 12.7 average to
/// 12.699999999999998 and left a deviation of 2.2e-15, printed as
/// "±0.0000000000000022" and starred: it is 0 now.
#[test]
fn no_spread_and_float_noise_are_not_tested() {
    let dir = tempfile::tempdir().expect("tmp");
    let c = small_site(dir.path());
    put(&c, "m1/2.4.7/dbench-32.txt", runs(&["12.7", "12.7", "12.7"]));
    put(&c, "m1/2.4.8/dbench-32.txt", runs(&["12.8", "12.8", "12.8"]));
    let v = view(&c);
    let m = &v.machines[0];
    let cell = throughput(m, "2.4.8");
    let base = throughput(m, "2.4.7");
    assert_eq!(base.summary.stddev, Some(0.0), "float noise is no spread");
    assert_eq!(base.stddev_text.as_deref(), Some("0"));
    let cmp = cell.comparison.expect("compared");
    assert!(cmp.welch.is_none() && cmp.p_adjusted.is_none() && !cmp.significant, "{cmp:?}");
    assert_eq!((cell.mark.as_str(), cell.delta_text.as_deref()), ("", Some("+0.8%")));
    assert!(m.notable.is_empty(), "{:?}", m.notable);
    assert!(m.significance.contains("no change of this machine class could be tested"), "{}", m.significance);
    for (name, text) in renderings(&v) {
        assert!(!text.contains("0.0000000"), "{name}: float noise printed");
        assert!(!text.contains("+0.8%*") && !text.contains("+0.8%\\*") && !text.contains("+0.8%~"), "{name}: marked");
        assert!(!text.contains("Notable changes"), "{name}");
        assert!(!text.contains("p = ") && !text.contains("p &lt; ") && !text.contains("p < "), "{name}: a p-value");
    }
}

/// Half a printed step apart: dbench prints one decimal here, and means of
/// 9.35 and 9.4 cannot be told apart from rounding, however small the
/// spread.
#[test]
fn a_difference_below_the_printed_step_is_not_tested() {
    let dir = tempfile::tempdir().expect("tmp");
    let c = small_site(dir.path());
    put(&c, "m1/2.4.7/dbench-32.txt", runs(&["9.3", "9.4"]));
    put(&c, "m1/2.4.8/dbench-32.txt", runs(&["9.4", "9.4", "9.4", "9.4", "9.4", "9.4", "9.4", "9.4", "9.4", "9.4"]));
    let v = view(&c);
    let cmp = throughput(&v.machines[0], "2.4.8").comparison.expect("compared");
    assert!(cmp.welch.is_none(), "{cmp:?}");
    assert!((cmp.diff - 0.05).abs() < 1e-9);
}

/// Eleven kernels against one baseline: one clearly slower, one whose
/// uncorrected p-value is below α, nine unchanged. After the
/// Benjamini–Hochberg correction over the page's 11 tests only the clear
/// change is starred and listed, and every rendering says so.
#[test]
fn page_correction_keeps_only_clear_changes() {
    let dir = tempfile::tempdir().expect("tmp");
    let c = small_site(dir.path());
    put(&c, "m1/2.4.7/dbench-32.txt", runs(&["9.12", "9.41", "9.33"]));
    put(&c, "m1/2.4.8/dbench-32.txt", runs(&["6.81", "6.92", "6.94"]));
    put(&c, "m1/2.4.9/dbench-32.txt", runs(&["9.70", "9.76", "9.73"]));
    for i in 1..=9 {
        put(
            &c,
            &format!("m1/2.4.10-n{i}/dbench-32.txt"),
            runs(&[&format!("{:.2}", 9.12 + 0.03 * f64::from(i)), "9.41", "9.33"]),
        );
    }
    let v = view(&c);
    let m = &v.machines[0];
    assert_eq!(m.sections[0].table.tests, 11, "the time columns do not vary: only Throughput is tested");
    let clear = throughput(m, "2.4.8").comparison.expect("compared");
    let marginal = throughput(m, "2.4.9").comparison.expect("compared");
    let raw = marginal.welch.expect("tested").p;
    assert!(raw < 0.05, "uncorrected, 2.4.9 would be starred: p = {raw}");
    assert!(marginal.p_adjusted.expect("adjusted") >= 0.05 && !marginal.significant, "{marginal:?}");
    assert!(clear.significant && clear.p_adjusted.expect("adjusted") < 0.05, "{clear:?}");
    // BH: the smallest p-value is multiplied by at most m.
    assert!(clear.p_adjusted.unwrap() <= 11.0 * clear.welch.unwrap().p + 1e-15);
    for r in &m.sections[0].table.rows {
        if let Some(x) = r.cells[0].as_ref().and_then(|c| c.comparison) {
            assert!(x.p_adjusted.unwrap() >= x.welch.unwrap().p, "{}: adjusted below raw", r.kernel);
        }
    }
    assert_eq!((throughput(m, "2.4.8").mark.as_str(), throughput(m, "2.4.9").mark.as_str()), ("*", "~"));
    assert_eq!(m.notable.len(), 1, "{:?}", m.notable);
    let p = report::fmt_p(clear.p_adjusted.unwrap());
    assert!(m.notable[0].text.contains(&format!("(adjusted {p})")), "{}", m.notable[0].text);
    let says = "significant at α = 0.05 after Benjamini–Hochberg correction over the 11 tests of this machine class";
    assert!(m.significance.starts_with(says), "{}", m.significance);
    for (name, text) in renderings(&v) {
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains(says), "{name}: the legend does not name the correction");
        // 2.4.8's cell, on every page that shows it (its own kernel page too).
        let stars = text.matches("%*").count() + text.matches("%\\*").count();
        assert_eq!(stars, 1, "{name}: starred cells");
        let marginal_text = throughput(m, "2.4.9").delta_text.as_deref().expect("a change");
        assert!(
            !text.contains(&format!("{marginal_text}*")) && !text.contains(&format!("{marginal_text}\\*")),
            "{name}"
        );
        if name.contains("compare") {
            assert!(text.contains(">adjusted p</th>"), "{name}: the p column says what it is");
            assert!(text.contains(p.replace('<', "&lt;").as_str()), "{name}: {p} missing");
        }
    }
}
