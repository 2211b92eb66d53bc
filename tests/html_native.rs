//! The default theme's per-class pages are written by `render::html_native`
//! for speed; the embedded tera templates remain the specification. These
//! tests render sites both ways and compare every file byte for byte: the
//! demo site (relative links and with a `base_url`), a site of hostile names
//! and prose, and a small site with several runs, a baseline and no
//! baseline.

mod common;

use benchsite::render::Renderer;
use benchsite::render::html::HtmlRenderer;
use benchsite::report;
use std::path::Path;

fn both_ways(content: &Path, base_url: Option<&str>) -> usize {
    let site = benchsite::site::load(content).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    view_both_ways(&view, base_url)
}

fn view_both_ways(view: &report::SiteView, base_url: Option<&str>) -> usize {
    let view = view.clone();
    let native = HtmlRenderer::new(None).expect("default theme").with_base_url(base_url);
    assert!(native.is_native(), "the default theme renders natively");
    let tera = HtmlRenderer::new(None).expect("default theme").with_base_url(base_url).with_native(false);
    assert!(!tera.is_native());
    let a = native.render(&view).expect("native renders");
    let b = tera.render(&view).expect("tera renders");
    assert_eq!(a.len(), b.len(), "same number of files");
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.path, y.path, "same files in the same order");
        if x.contents != y.contents {
            let (xs, ys) = (String::from_utf8_lossy(&x.contents), String::from_utf8_lossy(&y.contents));
            let at = xs.bytes().zip(ys.bytes()).position(|(p, q)| p != q).unwrap_or(xs.len().min(ys.len()));
            let lo = at.saturating_sub(200);
            panic!(
                "{}: native and tera differ at byte {at}\nnative: {:?}\ntera:   {:?}",
                x.path,
                &xs[lo..(at + 200).min(xs.len())],
                &ys[lo..(at + 200).min(ys.len())]
            );
        }
    }
    a.len()
}

#[test]
fn demo_site_is_the_same_either_way() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    assert!(both_ways(&content, None) > 20);
    both_ways(&content, Some("https://user.github.io/repo"));
}

/// With site.yaml's `raw_url` (raw files linked in their repository, a
/// run's line with `#L`), on a class page and its kernel pages alike.
#[test]
fn raw_url_sites_are_the_same_either_way() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    common::put(&c, "site.yaml", "title: \"Test site\"\nraw_url: https://github.com/u/r/blob/main/content\n");
    std::fs::remove_file(c.join("m1/2.4.7/dbench-32.txt")).expect("rm");
    common::put(&c, "m1/2.4.7/dbench-32-a.txt", common::dbench("9.1") + &common::dbench("9.4"));
    common::put(&c, "m1/2.4.7/dbench-32-b.txt", common::dbench("9.3") + &common::dbench("9.2"));
    common::put(&c, "m1/2.4.8/dbench-32.txt", common::dbench("6.1") + &common::dbench("6.4"));
    both_ways(&c, None);
    both_ways(&c, Some("https://user.github.io/repo"));
}

#[test]
fn hostile_and_small_sites_are_the_same_either_way() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    both_ways(&c, None);
    // Several runs, a baseline, hostile kernel and machine names.
    common::put(&c, "m1/2.4.7/dbench-32.txt", common::dbench("9.1") + &common::dbench("9.4") + &common::dbench("9.3"));
    common::put(&c, "m1/<b>&'\"x/dbench-32.txt", common::dbench("7.5"));
    common::put(&c, "m1/<b>&'\"x/kernel.yaml", "notes: \"<script>x</script> *n*\"\npatches: [\"<i>p</i>\", 'q']\n");
    common::put(
        &c,
        "m1/machine.yaml",
        "name: \"M & <one>\"\ncpu: \"K6-2 \\\"475\\\"\"\nbaseline: 2.4.7\ndescription: \"<em>d</em>\"\n",
    );
    both_ways(&c, None);
}

/// A section comparing with its own `baseline:`: `compare.html` names it
/// in the section's heading and the block's title (it said "2.4.7" over a
/// column of 2.4.8's values), `data.json` gives it, and both renderers
/// agree.
#[test]
fn a_sections_own_baseline_is_named_on_the_comparison_page() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    common::put(&c, "m1/2.4.9/dbench-32.txt", common::dbench("7.1"));
    for (k, t) in [("2.4.7", "0.500"), ("2.4.8", "0.400"), ("2.4.9", "0.450")] {
        common::put(&c, &format!("m1/{k}/hackbench.txt"), format!("Running with 10*40 (== 400) tasks.\nTime: {t}\n"));
    }
    common::put(
        &c,
        "m1/machine.yaml",
        "name: \"M\"\nbaseline: \"2.4.7\"\nsections:\n  - title: \"dbench 32\"\n    files: [\"*/dbench*.txt\"]\n  - title: \"hackbench\"\n    files: [\"*/hackbench*\"]\n    baseline: \"2.4.8\"\n",
    );
    both_ways(&c, None);
    let out = dir.path().join("out");
    assert_cmd::Command::cargo_bin("benchsite")
        .expect("binary")
        .arg("build")
        .arg("--content")
        .arg(&c)
        .arg("--output")
        .arg(&out)
        .assert()
        .success();
    let page = std::fs::read_to_string(out.join("m1/compare.html")).expect("compare.html");
    // 2.4.9: dbench against 2.4.7, hackbench against 2.4.8.
    assert!(page.contains("2.4.9</span> vs 2.4.7 (and other baselines, by section)</h2>"), "{page}");
    assert!(page.contains("<a href=\"index.html#hackbench\">hackbench</a> (vs 2.4.8)</th>"), "{page}");
    // 2.4.7, the class's baseline, is compared in hackbench only: against 2.4.8.
    assert!(page.contains("2.4.7</span> vs 2.4.8</h2>"), "{page}");
    // The page's title and summary say so too (they named 2.4.7 alone).
    assert!(page.contains("<h1>Every kernel against 2.4.7 (and other baselines, by section)</h1>"), "{page}");
    assert!(page.contains("Each kernel against 2.4.7 (or a section's own <code>baseline:</code>"), "{page}");
    let data = std::fs::read_to_string(out.join("m1/data.json")).expect("data.json");
    assert!(data.contains("\"title\":\"hackbench\",\"csv\":\"csv/hackbench.csv\",\"baseline\":\"2.4.8\""), "{data}");
}

#[test]
fn a_theme_overriding_a_page_template_uses_tera() {
    let dir = tempfile::tempdir().expect("tempdir");
    for t in benchsite::render::html_native::TEMPLATES {
        let theme = dir.path().join(t.trim_end_matches(".html"));
        let default =
            benchsite::render::html::DEFAULT_TEMPLATES.iter().find(|(n, _)| n == t).expect("a default template").1;
        common::put(&theme, &format!("templates/{t}"), format!("{{# my theme #}}{default}"));
        assert!(!HtmlRenderer::new(Some(&theme)).expect("theme").is_native(), "{t}");
    }
    // A static override or another template keeps the native pages.
    let theme = dir.path().join("css");
    common::put(&theme, "static/style.css", "body{}");
    common::put(&theme, "templates/index.html", "<p>{{ site.title }}</p>");
    assert!(HtmlRenderer::new(Some(&theme)).expect("theme").is_native());
}

/// A class with more significant changes than a page lists: the 20 largest
/// are listed, largest first, and the rest counted, in HTML (both ways)
/// and plaintext alike; the mail and the Markdown, which show the last 20
/// kernels of a class of 27, list the changes among those.
#[test]
fn a_long_list_of_notable_changes_is_shortened() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    common::put(&c, "m1/2.4.7/dbench-32.txt", common::dbench("9.1") + &common::dbench("9.4") + &common::dbench("9.3"));
    // 25 kernels, each significantly slower than the baseline, kernel k01
    // the least and k25 the most.
    for i in 1..=25 {
        let runs: String =
            [0.0, 0.1, 0.2].iter().map(|d| common::dbench(&format!("{:.2}", 9.0 - 0.3 * f64::from(i) + d))).collect();
        common::put(&c, &format!("m1/2.4.8-k{i:02}/dbench-32.txt"), runs);
    }
    both_ways(&c, None);
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let read = |p: &str| std::fs::read_to_string(out.join(p)).expect(p);
    let more = "… and 5 more significant changes in the tables below";

    // email.txt holds the baseline and the last 20 kernels (2.4.8-k06 …
    // k25), and lists the changes among them: 20, none left to count.
    let mail = read("m1/email.txt");
    assert!(mail.contains("leaves out 6 of 27 kernels"), "{mail}");
    let notable = |text: &str| -> Vec<String> {
        text.lines()
            .skip_while(|l| *l != "Notable changes against 2.4.7")
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(str::to_string)
            .collect()
    };
    let list = notable(&mail);
    // One item a change (a long one wraps onto a second line: "5.79× slower").
    assert_eq!(list.iter().filter(|l| l.starts_with("- ")).count(), 20, "{list:#?}");
    assert!(list[0].contains("2.4.8-k25") && !list.iter().any(|l| l.starts_with('…')), "{list:#?}");
    // Every kernel, as `text --kernels` selects them: 20 listed, 5 counted.
    let every: Vec<String> = ["2.4.7".to_string(), "2.4.8".to_string()]
        .into_iter()
        .chain((1..=25).map(|i| format!("2.4.8-k{i:02}")))
        .collect();
    let text = common::benchsite()
        .args(["text", "m1", "--compare", "--kernels", &every.join(","), "--content"])
        .arg(&c)
        .assert()
        .success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).into_owned();
    let list = notable(&text);
    let list: Vec<&str> = list.iter().map(String::as_str).collect();
    let items: Vec<&&str> = list.iter().filter(|l| l.starts_with("- ")).collect();
    assert_eq!(items.len(), 20, "{list:#?}");
    assert!(items[0].contains("2.4.8-k25"), "largest first: {}", items[0]);
    assert!(list.last().is_some_and(|l| l.starts_with("…")) && list.join(" ").contains(more), "{list:#?}");
    assert!(!text.contains("2.4.8-k05 -"), "the smallest changes are only counted");

    // index.md shows the kernels the mail shows (the Markdown of a class
    // of many kernels), and so their changes: 20, none left to count.
    let md = read("m1/index.md");
    assert!(md.contains("This page shows the baseline and the last 20 of 27 kernels"), "{md}");
    assert_eq!(md.matches("](#dbench-32)\n").count(), 20, "{md}");
    assert!(!md.contains(more), "{md}");

    let html = read("m1/index.html");
    let notable = html
        .split("<section class=\"notable\">")
        .nth(1)
        .and_then(|s| s.split("</section>").next())
        .expect("notable section");
    assert_eq!(notable.matches("<li class=\"worse\">").count(), 20);
    assert!(notable.contains(&format!("<p class=\"more\">{more}</p>")), "{notable}");
}

/// A class of more kernels than `compare.html` sets against the baseline:
/// the last 20 are compared in full, in kernel order, and the earlier ones
/// are named with links to their own pages, both ways alike.
#[test]
fn a_comparison_page_of_many_kernels_compares_the_last_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    common::put(&c, "m1/2.4.7/dbench-32.txt", common::dbench("9.1") + &common::dbench("9.4"));
    for i in 1..=25 {
        common::put(
            &c,
            &format!("m1/2.4.8-k{i:02}/dbench-32.txt"),
            common::dbench(&format!("{:.1}", 9.0 - 0.1 * f64::from(i))),
        );
    }
    both_ways(&c, None);
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let html = std::fs::read_to_string(out.join("m1/compare.html")).expect("compare.html");
    assert_eq!(report::COMPARED_KERNELS, 20);
    // The small site's own 2.4.8 and the 25 added.
    assert!(html.contains("<h1>The last 20 of 26 kernels against 2.4.7</h1>"), "{html}");
    let earlier =
        html.split("<p class=\"earlier\">").nth(1).and_then(|s| s.split("</p>").next()).expect("earlier kernels");
    let named: Vec<String> = std::iter::once("2.4.8".to_string())
        .chain((1..=5).map(|i| format!("2.4.8-k{i:02}")))
        .map(|k| format!("<a class=\"kernel\" href=\"kernels/{k}.html\">{k}</a>"))
        .collect();
    assert_eq!(earlier, format!("Earlier kernels, each against 2.4.7 on its own page: {}.", named.join(", ")));
    let shown: Vec<&str> =
        html.split("<h2><span class=\"kernel\">").skip(1).filter_map(|s| s.split('<').next()).collect();
    let expected: Vec<String> = (6..=25).map(|i| format!("2.4.8-k{i:02}")).collect();
    assert_eq!(shown, expected);
    assert!(out.join("m1/kernels/2.4.8-k01.html").is_file());

    // A theme's own compare.html written before the page was shortened
    // still gets every kernel in `comparisons`.
    let theme = dir.path().join("mine");
    common::put(&theme, "templates/compare.html", "{% for b in comparisons %}{{ b.kernel }};{% endfor %}");
    let out = dir.path().join("out-theme");
    common::benchsite()
        .args(["build", "--content"])
        .arg(&c)
        .arg("--output")
        .arg(&out)
        .arg("--theme")
        .arg(&theme)
        .assert()
        .success();
    let page = std::fs::read_to_string(out.join("m1/compare.html")).expect("compare.html");
    assert_eq!(page.split(';').filter(|k| !k.is_empty()).count(), 26, "{page}");
}

/// A row whose numbers all come from the same raw file links that file
/// once, from its kernel name; a row whose numbers come from different
/// files links each number to its own file. Both ways alike.
#[test]
fn a_row_links_its_raw_file_once_unless_its_numbers_differ_in_source() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    common::put(&c, "site.yaml", "title: \"Links\"\n");
    common::put(&c, "m1/machine.yaml", "name: \"M\"\nbaseline: \"2.4.7\"\n");
    let result =
        |metric: &str, v: &str| format!("  - metric: {metric}\n    value: {v}\n    unit: MB/s\n    better: higher\n");
    // 2.4.7: each metric from its own file; 2.4.8: both from one file.
    common::put(&c, "m1/2.4.7/osdb-a.yaml", format!("benchmark: osdb\nresults:\n{}", result("Read", "10")));
    common::put(&c, "m1/2.4.7/osdb-b.yaml", format!("benchmark: osdb\nresults:\n{}", result("Write", "20")));
    common::put(
        &c,
        "m1/2.4.8/osdb-a.yaml",
        format!("benchmark: osdb\nresults:\n{}{}", result("Read", "11"), result("Write", "21")),
    );
    both_ways(&c, None);
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    for (page, prefix) in [("m1/index.html", ""), ("m1/kernels/2.4.8.html", "../")] {
        let html = std::fs::read_to_string(out.join(page)).expect(page);
        let row = html.split("<tr><th>").skip(1).find(|r| r.contains("2.4.8</a><td>")).expect("2.4.8 row");
        let row = row.split('\n').next().unwrap_or_default();
        assert!(
            row.starts_with(&format!("<a href=\"{prefix}raw/2.4.8/osdb-a.yaml.txt\">2.4.8</a><td>")),
            "{page}: {row}"
        );
        assert_eq!(row.matches("href=").count(), 1, "one link in the row: {row}");
    }
    let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index");
    let row = html.split("<tr><th>").skip(1).find(|r| r.starts_with("2.4.7")).expect("2.4.7 row, unlinked");
    let row = row.split('\n').next().unwrap_or_default();
    assert!(row.contains("<a href=\"raw/2.4.7/osdb-a.yaml.txt\">10</a>"), "{row}");
    assert!(row.contains("<a href=\"raw/2.4.7/osdb-b.yaml.txt\">20</a>"), "{row}");
    // A kernel page leaves the baseline's row to the baseline's page,
    // which its legend links (weight46); the class page sets both.
    let kernel_page = std::fs::read_to_string(out.join("m1/kernels/2.4.8.html")).expect("kernel page");
    assert!(!kernel_page.contains("<tr><th>2.4.7"), "{kernel_page}");
    assert!(kernel_page.contains("% = change vs <a href=\"2.4.7.html\">2.4.7</a>, "), "{kernel_page}");
    let base_page = std::fs::read_to_string(out.join("m1/kernels/2.4.7.html")).expect("baseline's page");
    assert!(base_page.contains("<tr><th>2.4.7<td><a href=\"../raw/2.4.7/osdb-a.yaml.txt\""), "{base_page}");
    assert!(base_page.contains("% = change vs 2.4.7, "), "its own name, not a link: {base_page}");
    // The comparison page heads each section's rows once, not every row;
    // single runs are not tested, so it has no p column (5 columns, not 6:
    // a row's parameters are in its metric's cell, not a column of their own).
    let compare = std::fs::read_to_string(out.join("m1/compare.html")).expect("compare");
    assert!(!compare.contains("adjusted p</th>") && !compare.contains(">parameters</th>"), "{compare}");
    let group = "<tbody>\n<tr class=\"group\"><th scope=\"rowgroup\" colspan=\"5\"><a href=\"index.html#osdb\">osdb</a></th></tr>\n<tr><td>Read";
    assert_eq!(compare.matches(group).count(), 1, "{compare}");
    assert_eq!(compare.matches("index.html#osdb").count(), 1, "{compare}");
}

/// site.yaml's `markdown_name: README.md`: the Markdown files take that
/// name, the site's list links to it, and each machine page's "Also as
/// Markdown" link follows it, written natively and by the templates alike.
#[test]
fn markdown_name_readme_is_followed_by_every_link() {
    let dir = tempfile::tempdir().expect("tmp");
    let c = common::small_site(dir.path());
    common::put(&c, "site.yaml", "title: \"Test site\"\nmarkdown_name: README.md\n");
    let site = benchsite::site::load(&c).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    let native = HtmlRenderer::new(None).expect("theme").with_markdown_file(Some("README.md"));
    let tera = HtmlRenderer::new(None).expect("theme").with_markdown_file(Some("README.md")).with_native(false);
    let (a, b) = (native.render(&view).expect("native"), tera.render(&view).expect("tera"));
    let page = |files: &[benchsite::render::OutputFile]| {
        let f = files.iter().find(|f| f.path == "m1/index.html").expect("machine page");
        String::from_utf8_lossy(&f.contents).to_string()
    };
    assert_eq!(page(&a), page(&b));
    assert!(page(&a).contains("<a href=\"README.md\">Markdown</a>"), "{}", page(&a));
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    assert!(out.join("m1/README.md").is_file() && !out.join("m1/index.md").exists());
    let index = std::fs::read_to_string(out.join("README.md")).expect("site README.md");
    assert!(index.contains("](m1/README.md)"), "{index}");
    assert!(std::fs::read_to_string(out.join("m1/index.html")).expect("page").contains("href=\"README.md\""));
}

/// A class `m1` of UnixBench's seven tests (as generic YAML results, lps,
/// bigger is better) on two kernels, 2.4.17 (the baseline) and 2.4.17rat:
/// many metrics on few kernels, so tables turn kernels into columns.
fn seven_tests_on_two_kernels(c: &Path) {
    common::put(c, "site.yaml", "title: \"UnixBench\"\n");
    common::put(c, "m1/machine.yaml", "name: \"M\"\nbaseline: \"2.4.17\"\n");
    let tests = [
        "System Call Overhead",
        "Pipe Throughput",
        "Pipe-based Context Switching",
        "Process Creation",
        "Shell Scripts (1 concurrent)",
        "C Compiler Throughput",
        "Dc: sqrt(2) to 99 decimal places",
    ];
    for (k, base) in [("2.4.17", 1000), ("2.4.17rat", 990)] {
        let results: String = tests
            .iter()
            .enumerate()
            .map(|(i, t)| {
                format!("  - metric: \"{t}\"\n    value: {}.5\n    unit: lps\n    better: higher\n", base + i)
            })
            .collect();
        common::put(c, &format!("m1/{k}/ubench.yaml"), format!("benchmark: ubench\nresults:\n{results}"));
    }
}

/// A table of many metrics and few kernels (UnixBench's seven tests on two
/// kernels) is drawn in HTML as the Markdown and the mail draw it: tests
/// as rows, kernels as columns, each kernel's header linking the raw file
/// all its numbers come from. Both ways alike; the kernel page of one
/// kernel likewise has the tests as rows.
#[test]
fn many_metrics_on_few_kernels_have_kernels_as_columns() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    seven_tests_on_two_kernels(&c);
    both_ways(&c, None);
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let read = |p: &str| std::fs::read_to_string(out.join(p)).expect(p);
    let html = read("m1/index.html");
    let table = html.split("<table class=grid>").nth(1).and_then(|s| s.split("</table>").next()).expect("a table");
    let head = table.split("</thead>").next().unwrap_or_default();
    assert!(
        head.starts_with("\n<thead><tr><th>test<th "),
        "the tests are the rows, the first column heads them: {head}"
    );
    for k in ["2.4.17", "2.4.17rat"] {
        let col = format!("<th class=kernel><a href=\"raw/{k}/ubench.yaml.txt\">{k}</a>");
        assert!(head.contains(&col), "{k} is a column, linking its raw file: {head}");
    }
    assert_eq!(table.matches("<th class=metric>").count(), 7, "{table}");
    assert!(table.contains("<th class=metric>Pipe Throughput<td>"), "{table}");
    assert!(!table.contains("<td><a href="), "no link per number: {table}");
    assert!(table.contains("1001.5<td>991.5 <i>-1.0%</i>\n"), "{table}");
    assert!(html.contains("<p class=caption>lps, bigger is better</p>"), "{html}");
    // The Markdown and the mail have the same shape.
    let md = read("m1/index.md");
    assert!(md.contains("| test | 2.4.17 | 2.4.17rat |"), "{md}");
    let text = read("m1/email.txt");
    assert!(text.lines().any(|l| l.starts_with("Pipe Throughput") && l.contains("991.5 -1.0%")), "{text}");
    // One kernel's page: its tests as rows, one column.
    let page = read("m1/kernels/2.4.17rat.html");
    assert_eq!(page.matches("<th class=metric>").count(), 7, "{page}");
    assert!(page.contains("<th class=kernel><a href=\"../raw/2.4.17rat/ubench.yaml.txt\">"));
}

/// Values of different numbers of runs say theirs, as the runs note under
/// the table ("of 3 to 5 runs") cannot: once per row, in its runs column
/// ("3 runs"), where the row's values share a count (`n=3` on each value
/// of another count); values of the same number do not, the note says it
/// once. Both ways alike.
#[test]
fn values_say_their_runs_only_where_the_runs_differ() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    let runs = |v: &[&str]| v.iter().map(|x| common::dbench(x)).collect::<String>();
    common::put(&c, "m1/2.4.7/dbench-32.txt", runs(&["9.1", "9.4", "9.3"]));
    common::put(&c, "m1/2.4.8/dbench-32.txt", runs(&["6.1", "6.4", "6.3", "6.2", "6.5"]));
    both_ways(&c, None);
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index");
    assert!(html.contains("<p class=runs>means of 3 to 5 runs, ± standard deviation</p>"), "{html}");
    // Each row's values all of one count: said once, in its runs column.
    assert!(html.contains("<summary>3 runs</summary>") && html.contains("<summary>5 runs</summary>"), "{html}");
    assert!(html.contains("<td>9.27 <small>±0.15</small><td>"), "{html}");
    assert!(!html.contains("n=3") && !html.contains("n=5"), "{html}");
    // A kernel page shows its own row alone (the baseline's is on the
    // baseline's page, weight46): its values are of one count, said once
    // under the table, no runs column.
    let page = std::fs::read_to_string(out.join("m1/kernels/2.4.8.html")).expect("kernel page");
    assert!(!page.contains("<td>60 <small>±0</small><td>3 runs\n"), "no baseline row: {page}");
    assert!(!page.contains("n=3") && !page.contains("n=5"), "{page}");
    assert!(page.contains("<p class=runs>means of 5 runs, ± standard deviation</p>"), "{page}");
    assert!(!page.contains(benchsite::render::html_native::RUNS_LEGEND), "{page}");
    // The kernel's own runs, lines of the raw file its row links, are
    // folded: where they are is in the legend.
    assert!(!page.contains("<td>5 runs\n") && !page.contains("<details>"), "{page}");
    assert!(page.contains(benchsite::render::html_native::FOLDED_LEGEND), "{page}");
    assert!(!page.contains("runs are on its page"), "{page}");
    // The same number of runs everywhere: the note alone.
    common::put(&c, "m1/2.4.8/dbench-32.txt", runs(&["6.1", "6.4", "6.3"]));
    both_ways(&c, None);
    let out = dir.path().join("out-same");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index");
    assert!(html.contains("<p class=runs>means of 3 runs, ± standard deviation</p>"), "{html}");
    assert!(!html.contains("n=3"), "{html}");
    // On the kernel page the note stays, the legend says no more.
    let page = std::fs::read_to_string(out.join("m1/kernels/2.4.8.html")).expect("kernel page");
    assert!(page.contains("<p class=runs>means of 3 runs, ± standard deviation</p>"), "{page}");
    assert!(!page.contains(benchsite::render::html_native::RUNS_LEGEND), "{page}");
}

#[test]
fn a_row_of_several_runs_unfolds_to_them_and_a_single_run_does_not() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    let runs = |v: &[&str]| v.iter().map(|x| common::dbench(x)).collect::<String>();
    common::put(&c, "m1/2.4.7/dbench-32.txt", runs(&["9.1", "9.4", "9.3"]));
    common::put(&c, "m1/2.4.8/dbench-32.txt", runs(&["6.1"]));
    both_ways(&c, None);
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index");
    assert!(html.contains("<th class=runs>runs</thead>"), "{html}");
    let unfolded = html.split("<details><summary>3 runs</summary>").nth(1).expect("the 2.4.7 row unfolds");
    let unfolded = &unfolded[..unfolded.find("</details>").expect("closed")];
    // Each run is a line of the row's one file, which the row's header
    // links: the line alone names it.
    assert!(html.contains("<tr><th><a href=\"raw/2.4.7/dbench-32.txt\">2.4.7</a><td>"), "{html}");
    for (line, v) in [(2, "9.1"), (5, "9.4"), (8, "9.3")] {
        assert!(unfolded.contains(&format!("<tr><th>line {line}<td>{v}")), "{unfolded}");
    }
    assert!(!unfolded.contains("<a "), "{unfolded}");
    // One run: nothing to unfold.
    assert_eq!(html.matches("<details>").count(), 1, "{html}");
    assert!(html.contains("<td>\n"), "an empty runs cell: {html}");
    let md = std::fs::read_to_string(out.join("m1/index.md")).expect("index.md");
    assert!(md.contains("Runs:"), "{md}");
    assert_eq!(md.matches("](raw/2.4.7/dbench-32.txt)").count(), 3, "{md}");
    assert!(!md.contains("raw/2.4.8/"), "{md}");
    // Every row one run: no runs column, no runs table.
    common::put(&c, "m1/2.4.7/dbench-32.txt", runs(&["9.1"]));
    let out = dir.path().join("out-one");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index");
    assert!(!html.contains("class=runs>runs</thead>") && !html.contains("<details>"), "{html}");
    let md = std::fs::read_to_string(out.join("m1/index.md")).expect("index.md");
    assert!(!md.contains("Runs:"), "{md}");
}

#[test]
fn a_large_class_summary_and_section_pages_are_the_same_either_way() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    // More kernels than report::LARGE_CLASS: a summary page and section pages.
    let n = report::LARGE_CLASS + 10;
    for i in 0..n {
        let runs: String = (0..3).map(|r| common::dbench(&format!("{}.{r}{}", 8 + i % 5, i % 10))).collect();
        common::put(&c, &format!("m1/2.5.{i}/dbench-32.txt"), runs);
    }
    // Three runs of four metrics a kernel, each worse than the baseline's:
    // more regressions than regressions.html lists, pages of them.
    for (k, base) in (0..n).map(|i| (format!("2.5.{i}"), 0.0)).chain([("2.4.7".to_string(), 100.0)]) {
        for run in 0..3 {
            let mut yaml = String::from("benchmark: mybench\nresults:\n");
            for metric in 0..4 {
                let v = 100.0 + base + metric as f64 + run as f64 * 0.5;
                yaml.push_str(&format!(
                    "  - metric: \"m{metric}\"\n    value: {v}\n    unit: ops/s\n    better: higher\n"
                ));
            }
            common::put(&c, &format!("m1/{k}/results-{run}.yaml"), yaml);
        }
    }
    let files = both_ways(&c, None);
    assert!(files > n, "{files} files");
    let site = benchsite::site::load(&c).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    let m = view.machines.iter().find(|m| m.slug == "m1").expect("m1");
    assert!(report::summary_page(m).is_some() && !report::section_pages(m).is_empty());
    assert!(!report::regression_pages(m).is_empty(), "{}", report::regressions_page(m).counts);
}

/// A kernel whose dmesg shows a problem is marked (issue 23, point 3) the
/// same way by the templates and the native writer: on its rows
/// (`tests/sites/dmesg-warning`, a real WARNING), on its column where
/// kernels are columns, on its kernel page's header, with a problem line
/// holding markup escaped in the mark's title.
#[test]
fn a_kernel_marked_for_its_dmesg_is_the_same_either_way() {
    both_ways(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/dmesg-warning"), None);
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    seven_tests_on_two_kernels(&c);
    common::put(&c, "m1/2.4.17rat/dmesg", "[    0.000000] Linux version 2.4.17\nkernel BUG at <\"a&b\">.c:12!\n");
    both_ways(&c, None);
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index.html");
    let title = "dmesg shows a problem: kernel BUG at &lt;&quot;a&amp;b&quot;&gt;.c:12! (2.4.17rat/dmesg, line 2)";
    // Kernels as columns: the mark after its column's name.
    assert!(html.contains("<th class=metric>Pipe Throughput<td>"), "{html}");
    assert!(html.contains(&format!("2.4.17rat</a><abbr class=\"flag\" title=\"{title}\">!</abbr></thead>")), "{html}");
    assert!(!html.contains("2.4.17</a><abbr"), "{html}");
    let md = std::fs::read_to_string(out.join("m1/index.md")).expect("index.md");
    assert!(md.contains("| test | 2.4.17 | 2.4.17rat! |"), "{md}");
    // The mail's column is as wide as its header with the mark.
    let mail = std::fs::read_to_string(out.join("m1/email.txt")).expect("email.txt");
    let head = mail.lines().find(|l| l.starts_with("test ")).expect("a header line");
    let rule = mail.lines().find(|l| l.starts_with("----")).expect("a rule");
    assert!(head.ends_with(" 2.4.17rat!") && head.len() == rule.len(), "{mail}");
}

/// A link to one raw file has no title (its `href` names the file); a
/// link standing for several names them all in its title. Numbers are
/// right-aligned by the stylesheet (`table.grid`), so their cells carry
/// no class; a spread is `<small>`. Both ways alike.
#[test]
fn a_link_titles_its_raw_files_only_when_they_are_several() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = common::small_site(dir.path());
    std::fs::remove_file(c.join("m1/2.4.7/dbench-32.txt")).expect("rm");
    common::put(&c, "m1/2.4.7/dbench-32-run1.txt", common::dbench("9.1"));
    common::put(&c, "m1/2.4.7/dbench-32-run2.txt", common::dbench("9.4"));
    common::put(&c, "m1/2.4.8/dbench-32.txt", common::dbench("6.1"));
    both_ways(&c, None);
    let out = dir.path().join("out");
    common::benchsite().args(["build", "--content"]).arg(&c).arg("--output").arg(&out).assert().success();
    let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index");
    assert!(
        html.contains(
            "<a href=\"raw/2.4.7/dbench-32-run1.txt\" title=\"raw output: 2.4.7/dbench-32-run1.txt, 2.4.7/dbench-32-run2.txt\">2.4.7</a>"
        ),
        "{html}"
    );
    assert!(html.contains("<a href=\"raw/2.4.8/dbench-32.txt\">2.4.8</a>"), "{html}");
    assert!(html.contains("<table class=grid>") && !html.contains("<td class=\"num"), "{html}");
    // The runs 9.1 and 9.4 average 9.25: a mean between two printed
    // steps gets one more decimal (9.2 was 9.25 rounded half to even).
    // Beside 2.4.8's single run, the row says its values' count once.
    assert!(html.contains("<td>9.25 <small>±0.21</small><td>"), "{html}");
    assert!(html.contains("<summary>2 runs</summary>") && !html.contains("n=2"), "{html}");
    assert!(html.contains("means of 1 to 2 runs, ± standard deviation"), "{html}");
    // On its kernel page the row keeps its runs unfolded: each in a file
    // of its own, which only the runs' table links.
    let page = std::fs::read_to_string(out.join("m1/kernels/2.4.7.html")).expect("kernel page");
    assert!(page.contains("<summary>2 runs</summary>"), "{page}");
    assert!(page.contains("<a href=\"../raw/2.4.7/dbench-32-run2.txt\">"), "{page}");
    assert!(!page.contains(benchsite::render::html_native::FOLDED_LEGEND), "{page}");
}

/// The warnings under a table (the build pipeline gives them from what
/// reading the raw files warned of): one, and more than are listed (the
/// rest counted, the lint page linked), with text to escape, on the class
/// page either way; and one message made at several places, listed once
/// after them (mail53: PostMark's 40-word warning 8 times under a table).
#[test]
fn a_tables_warnings_are_the_same_either_way() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let site = benchsite::site::load(&content).expect("content loads");
    let mut view = benchsite::chart::site_view(&site);
    let warning = |i: usize| report::SectionWarning {
        path: "2.4.7/dbench.txt".into(),
        source: format!("2.4.7/dbench.txt line {i}"),
        link: "raw/2.4.7/dbench.txt".into(),
        message: format!("dbench: a <figure> & its \"twin\" at line {i} don't agree"),
    };
    let at = view.machines.iter().position(|m| m.sections.len() >= 2).expect("a class of two sections");
    // The class page, rendered both ways alike, as HTML text.
    let class_page = |view: &report::SiteView| {
        view_both_ways(view, None);
        let html = benchsite::render::html::HtmlRenderer::new(None).expect("theme").render(view).expect("renders");
        let page = html
            .into_iter()
            .find(|f| f.path.ends_with("/index.html") && f.path.starts_with(&view.machines[at].link))
            .expect("class page");
        String::from_utf8_lossy(&page.contents).into_owned()
    };
    let m = &mut view.machines[at];
    m.sections[0].set_warnings(vec![warning(3)]);
    m.sections[1].set_warnings((1..=300).map(warning).collect());
    let text = class_page(&view);
    assert!(text.contains("<summary>1 warning about this table&#39;s raw files</summary>"), "one");
    assert!(text.contains("<summary>300 warnings about this table&#39;s raw files</summary>"), "ten and 290 more");
    assert!(
        text.contains("<li>and 290 more: <a href=\"../lint.html\">every finding</a></li>"),
        "the rest on the lint page"
    );

    // One message at 12 places: said once, after the first 10 places and
    // a count of the other 2, in HTML (both ways) and Markdown.
    let same = |i: usize| report::SectionWarning { message: "postmark: a whole-second clock".into(), ..warning(i) };
    view.machines[at].sections[0].set_warnings((1..=12).map(same).collect());
    let text = class_page(&view);
    assert!(text.contains("<summary>12 warnings about this table&#39;s raw files</summary>"), "all counted");
    assert_eq!(text.matches("a whole-second clock").count(), 1, "once");
    let item = "<li><a href=\"raw/2.4.7/dbench.txt\">2.4.7/dbench.txt line 1</a>, <a href=\"raw/2.4.7/dbench.txt\">2.4.7/dbench.txt line 2</a>";
    assert!(text.contains(item), "the places, then the message");
    assert!(
        text.contains("2.4.7/dbench.txt line 10</a> and 2 more: postmark: a whole-second clock</li>"),
        "the first 10 places, the rest counted"
    );
    assert!(!text.contains("line 11<"), "the 11th place is counted, not listed");
    let md = benchsite::render::markdown::MarkdownRenderer::default().render(&view).expect("renders");
    let md = md.iter().find(|f| f.path.ends_with(".md") && f.path.starts_with(&view.machines[at].link)).expect("md");
    let md = String::from_utf8_lossy(&md.contents);
    assert_eq!(md.matches("a whole-second clock").count(), 1, "{md}");
    assert!(md.contains("line 10](raw/2.4.7/dbench.txt) and 2 more: postmark: a whole-second clock\n"), "{md}");
}

/// newcomer42 N2 and afix42's leftover: a table's `^` and `=` cells are
/// explained under it on the class page and once near the top of each
/// kernel page showing one, the same way by the templates and the native
/// writer; a kernel page with no marked cell says nothing of them.
#[test]
fn mark_legends_are_the_same_either_way() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let site = benchsite::site::load(&content).expect("content loads");
    let mut view = benchsite::chart::site_view(&site);
    let at = view
        .machines
        .iter()
        .position(|m| m.kernels.len() >= 2 && m.sections.iter().any(|s| s.table.baseline.is_some()))
        .expect("a class with a baseline");
    let m = &mut view.machines[at];
    let si = m.sections.iter().position(|s| s.table.baseline.is_some()).expect("a compared section");
    let t = &mut m.sections[si].table;
    let base = t.baseline.clone().expect("baseline");
    // Only the baseline's cells: its own page alone shows them (a kernel
    // page leaves the baseline's rows to it).
    for r in t.rows.iter_mut().filter(|r| r.kernel == base) {
        for c in r.cells.iter_mut().flatten() {
            c.copied = true;
            c.merged = true;
        }
    }
    t.copied_legend = Some(report::COPIED_LEGEND.to_string());
    t.merged_legend = Some(report::MERGED_LEGEND.to_string());
    let kernel_with_rows: Vec<String> = t.rows.iter().map(|r| r.kernel.clone()).collect();
    view_both_ways(&view, None);
    let html = HtmlRenderer::new(None).expect("theme").render(&view).expect("renders");
    let link = view.machines[at].link.clone();
    let pages: Vec<(&str, String)> = html
        .iter()
        .filter(|f| f.path.starts_with(&link) && f.path.ends_with(".html"))
        .map(|f| (f.path.as_str(), String::from_utf8_lossy(&f.contents).into_owned()))
        .collect();
    let says = |text: &str, l: &str| text.matches(&format!("<p class=\"legend\">{}", &l[..20])).count();
    let (_, class) = pages.iter().find(|(p, _)| p.ends_with("/index.html")).expect("class page");
    assert_eq!((says(class, report::MERGED_LEGEND), says(class, report::COPIED_LEGEND)), (1, 1));
    let mut kernel_pages = 0;
    for (path, text) in pages.iter().filter(|(p, _)| p.contains("/kernels/")) {
        let name = view.machines[at].kernels.iter().find(|k| {
            path.ends_with(&format!("/{}", k.name))
                || text.contains(&format!("<span class=\"kernel\">{}</span>", k.name))
        });
        let shows = name.is_some_and(|k| k.name == base && kernel_with_rows.contains(&k.name));
        let want = usize::from(shows);
        assert_eq!((says(text, report::MERGED_LEGEND), says(text, report::COPIED_LEGEND)), (want, want), "{path}");
        kernel_pages += want;
    }
    assert_eq!(kernel_pages, 1, "the baseline's page");
}
