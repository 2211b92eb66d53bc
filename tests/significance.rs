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
    // Nothing but the note saying that `1500/1/`, `2/`, `3/` were read
    // as runs, and the near-copy warning: these made-up runs print one
    // `time` line again under every Throughput (no real run does), so a
    // file of them is rightly said to look like a paste with a figure
    // changed.
    let said: Vec<_> = site
        .diagnostics
        .iter()
        .filter(|d| {
            !d.message.contains("named by a number alone count runs")
                && !d.message.contains("again, the same lines and set-up")
        })
        .collect();
    assert!(said.is_empty(), "{said:?}");
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
        if name.contains("/kernels/") {
            // A kernel page's legend links the class page's, which names it.
            assert!(text.contains("(<a href=\"../index.html#dbench-32\">what each means</a>)"), "{name}: {text}");
        } else {
            assert!(words.contains(says), "{name}: the legend does not name the correction");
        }
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

/// The comparison of kernels `2.4.7` (baseline) and `2.4.8` of class `m1`,
/// each given `files` (name, text), in the first column of the first
/// section of the only class: its comparison, and whether it was tested.
fn compared(files: &[(&str, &str, String)]) -> (benchsite::stats::Comparison, String) {
    let dir = tempfile::tempdir().expect("tmp");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(&c, "m1/machine.yaml", "name: \"Machine one\"\nbaseline: \"2.4.7\"\n");
    for (kernel, name, text) in files {
        put(&c, &format!("m1/{kernel}/{name}"), text);
    }
    // Runs printing the same figure in files alike byte for byte (three
    // `1.00 Gbits/sec`) are read as runs, with a warning each (a copy
    // would be counted again): none other.
    let site = benchsite::site::load(&c).expect("loads");
    let others: Vec<_> = site
        .diagnostics
        .iter()
        .filter(|d| !d.message.contains("are byte for byte alike; counted as two runs"))
        .collect();
    assert!(others.is_empty(), "{others:?}");
    let v = report::site_view(&site);
    let t = &v.machines[0].sections[0].table;
    let cell = t.rows.iter().find(|r| r.kernel == "2.4.8").and_then(|r| r.cells[0].as_ref()).expect("2.4.8");
    (cell.comparison.expect("compared"), format!("{} {}", t.columns[0].name, t.columns[0].unit))
}

/// An iperf3 text summary line of one stream at `rate` (`1.00 Gbits/sec`).
fn iperf3(rate: &str) -> String {
    format!(
        "Connecting to host 10.0.0.2, port 5201\n\
         [  5] local 10.0.0.1 port 40000 connected to 10.0.0.2 port 5201\n\
         [ ID] Interval           Transfer     Bitrate         Retr\n\
         [  5]   0.00-10.00  sec  1.16 GBytes  {rate}    0             sender\n\
         [  5]   0.00-10.00  sec  1.16 GBytes  {rate}                  receiver\n\
         \niperf Done.\n"
    )
}

/// iperf3 prints three significant digits: `1.00 Gbits/sec` is 995 to
/// 1005 Mbits/sec, so three runs of it against 995, 996 and 997
/// Mbits/sec cannot be told apart. Read back from the value in Mbits/sec
/// (1000, an integer) the step was 1 Mbit/s, and the -0.4% was starred
/// (adjusted p = 0.020).
#[test]
fn a_value_printed_in_a_coarser_unit_bounds_the_test_by_its_own_step() {
    let mut files = Vec::new();
    for (i, (old, new)) in
        [("1.00 Gbits/sec", "995 Mbits/sec"), ("1.00 Gbits/sec", "996 Mbits/sec"), ("1.00 Gbits/sec", "997 Mbits/sec")]
            .into_iter()
            .enumerate()
    {
        files.push(("2.4.7", format!("iperf3-run{i}.txt"), iperf3(old)));
        files.push(("2.4.8", format!("iperf3-run{i}.txt"), iperf3(new)));
    }
    let files: Vec<(&str, &str, String)> = files.iter().map(|(k, n, t)| (*k, n.as_str(), t.clone())).collect();
    let (cmp, col) = compared(&files);
    assert_eq!(col, "sender Bitrate Mbits/sec");
    assert!((cmp.diff + 4.0).abs() < 1e-9, "{cmp:?}");
    assert!(cmp.welch.is_none() && !cmp.significant, "a difference below 10 Mbits/sec is not tested: {cmp:?}");

    // 1.00 against 0.90 Gbits/sec (100 Mbits/sec apart, ten steps) is.
    let mut files = Vec::new();
    for (i, new) in ["0.90 Gbits/sec", "0.91 Gbits/sec", "0.89 Gbits/sec"].into_iter().enumerate() {
        files.push((
            "2.4.7",
            format!("iperf3-run{i}.txt"),
            iperf3(["1.00 Gbits/sec", "1.01 Gbits/sec", "0.99 Gbits/sec"][i]),
        ));
        files.push(("2.4.8", format!("iperf3-run{i}.txt"), iperf3(new)));
    }
    let files: Vec<(&str, &str, String)> = files.iter().map(|(k, n, t)| (*k, n.as_str(), t.clone())).collect();
    let (cmp, _) = compared(&files);
    assert!(cmp.welch.is_some() && cmp.significant, "{cmp:?}");
}

/// A fio job section reading `bw` (`1031KiB/s`) and `iops`.
fn fio(bw: &str, iops: &str) -> String {
    format!(
        "randread: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=1\n\
         fio-3.33\n\
         Starting 1 process\n\
         randread: (groupid=0, jobs=1): err= 0: pid=5178: Wed May 12 11:01:45 2021\n  \
         read: IOPS={iops}, BW={bw} (1056kB/s)(10.1MiB/10001msec)\n"
    )
}

/// fio switches units with the magnitude: three runs printed `1.01MiB/s`
/// (1029 to 1039 KiB/s) against 1030, 1031 and 1032 KiB/s. The class's
/// units are unified (to MiB/s, the coarser of equally used ones), and
/// the scaled KiB/s values (1.005859375 …) seemed printed to a billionth:
/// the 0.3% was tested and starred. The MiB/s side's step (0.01) bounds
/// it now.
#[test]
fn values_converted_to_one_unit_keep_the_step_they_were_printed_to() {
    let mut files = Vec::new();
    for (i, new) in ["1030KiB/s", "1031KiB/s", "1032KiB/s"].into_iter().enumerate() {
        files.push(("2.4.7", format!("fio-run{i}.txt"), fio("1.01MiB/s", "258")));
        files.push(("2.4.8", format!("fio-run{i}.txt"), fio(new, "258")));
    }
    let files: Vec<(&str, &str, String)> = files.iter().map(|(k, n, t)| (*k, n.as_str(), t.clone())).collect();
    let (cmp, col) = compared(&files);
    assert_eq!(col, "read: bw MiB/s");
    assert!(cmp.welch.is_none() && !cmp.significant, "{cmp:?}");
}

/// A notable change names its metric when the section's title does not:
/// a one-metric section titled `net` said `net: 2.4.8 +1.6%`, not which
/// of iperf3's metrics changed.
#[test]
fn a_notable_change_names_its_metric() {
    let dir = tempfile::tempdir().expect("tmp");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(
        &c,
        "m1/machine.yaml",
        "name: \"Machine one\"\nbaseline: \"2.4.7\"\nsections:\n  - title: \"net\"\n    files: [\"*/iperf3*\"]\n    metrics: [\"receiver Bitrate\"]\n",
    );
    for (i, (old, new)) in
        [("901 Mbits/sec", "951 Mbits/sec"), ("903 Mbits/sec", "953 Mbits/sec"), ("902 Mbits/sec", "955 Mbits/sec")]
            .into_iter()
            .enumerate()
    {
        put(&c, &format!("m1/2.4.7/iperf3-{i}.txt"), iperf3(old));
        put(&c, &format!("m1/2.4.8/iperf3-{i}.txt"), iperf3(new));
    }
    let v = view(&c);
    let notable = &v.machines[0].notable;
    assert_eq!(notable.len(), 1, "{notable:?}");
    assert!(notable[0].text.starts_with("net receiver Bitrate: 2.4.8 +5.7% (adjusted p"), "{}", notable[0].text);
    assert_eq!(v.machines[0].notable_heading, "Notable changes against 2.4.7");
}

/// A notable change names each parameter before its value, as the charts'
/// titles do: a `dir` of the runs' directory printed bare after "value
/// name" pairs read as another parameter's ("tps 1500 scale 16 clients
/// 1500" for scale 1500, clients 16, dir 1500: archive35 2).
#[test]
fn a_notable_change_names_each_parameter() {
    let dir = tempfile::tempdir().expect("tmp");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(&c, "m1/machine.yaml", "name: \"Machine one\"\nbaseline: \"2.4.7\"\n");
    for (k, d, runs) in [
        ("2.4.7", "1500", ["9.1", "9.2", "9.0"]),
        ("2.4.8", "1500", ["6.1", "6.2", "6.0"]),
        ("2.4.7", "30", ["8.1", "8.2", "8.0"]),
        ("2.4.8", "30", ["8.4", "8.5", "8.3"]),
    ] {
        for (i, r) in runs.iter().enumerate() {
            put(&c, &format!("m1/{k}/{d}/{}/dbench.txt", i + 1), dbench(r));
        }
    }
    let v = view(&c);
    let notable = &v.machines[0].notable;
    assert!(!notable.is_empty(), "{notable:?}");
    let texts: Vec<&str> = notable.iter().map(|n| n.text.as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("(dir 1500): 2.4.8 -33.0%")), "{texts:?}");
    assert!(texts.iter().all(|t| !t.contains(" 1500:") && !t.contains(" 30:")), "{texts:?}");
}

/// A kernel page's legend says what `-N×` means only where a cell of its
/// kernel's rows prints one, as the class page's legend does where a
/// table of the page prints one (session 55: "(-N× = N times worse)" on
/// every kernel page, `kernel.html` and `kernel_legend` alike). 2.4.8
/// loses two thirds of the baseline's throughput (`-3.0×`), 2.4.9 about
/// 3%: 2.4.8's page explains the factor, 2.4.9's does not, in both HTML
/// renderers.
#[test]
fn a_kernel_page_explains_a_factor_only_where_its_rows_print_one() {
    let dir = tempfile::tempdir().expect("tmp");
    let c = small_site(dir.path());
    put(&c, "m1/2.4.7/dbench-32.txt", runs(&["9.12", "9.41", "9.33"]));
    put(&c, "m1/2.4.8/dbench-32.txt", runs(&["3.01", "3.12", "3.04"]));
    put(&c, "m1/2.4.9/dbench-32.txt", runs(&["9.02", "9.11", "9.05"]));
    let v = view(&c);
    let m = &v.machines[0];
    assert!(
        throughput(m, "2.4.8").delta_text.as_deref().is_some_and(|d| d.contains('×')),
        "{:?}",
        throughput(m, "2.4.8")
    );
    let factor = "positive is better (-N× = N times worse);";
    for native in [true, false] {
        let files = HtmlRenderer::new(None).expect("theme").with_native(native).render(&v).expect("html");
        let page = |p: &str| {
            let f = files.iter().find(|f| f.path == p).unwrap_or_else(|| panic!("{p}"));
            String::from_utf8_lossy(&f.contents).into_owned()
        };
        assert!(page("m1/index.html").contains(factor), "native {native}: the class page shows a factor");
        assert!(page("m1/kernels/2.4.8.html").contains(factor), "native {native}: 2.4.8's page shows one");
        let other = page("m1/kernels/2.4.9.html");
        assert!(!other.contains("times worse"), "native {native}: 2.4.9's page shows none: {other}");
        assert!(other.contains(", positive is better; <strong>*</strong>"), "native {native}: {other}");
    }
}
