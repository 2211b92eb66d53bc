//! A class of 300 kernels gives a machine page a browser carries (issue 24
//! point 7): under 1 MB of HTML and of SVG, saying what its tables leave
//! out and where it is, every kernel still reachable; measured in headless
//! Chromium by `scripts/pageweight.sh` (DOM nodes, load time). And the
//! theme's `table.js` sorts and filters the tables, keyboard-reachable,
//! under the pages' Content-Security-Policy, adding its controls only when
//! it runs. The Chromium parts say so and pass where none is installed
//! (`chromium` on PATH, or `$CHROMIUM`), as `tests/pagecheck.rs` does.

mod common;

use benchsite::build::{BuildOptions, build};
use common::{chromium, put};
use std::path::{Path, PathBuf};
use std::process::Command;

const KERNELS: usize = 300;

/// A class of [`KERNELS`] kernels: dbench at 32 clients (three runs each)
/// and a generic benchmark of six metrics at two thread counts.
fn large_content(root: &Path) -> PathBuf {
    let c = root.join("content");
    put(&c, "site.yaml", "title: \"Large\"\n");
    put(&c, "big/machine.yaml", "name: \"Big class\"\nbaseline: \"2.5.0\"\n");
    for i in 0..KERNELS {
        let k = format!("2.5.{i}");
        for run in 0..3 {
            let mb = 10.0 + (i % 17) as f64 * 0.37 + run as f64 * 0.11;
            put(&c, &format!("big/{k}/dbench-32-run{run}.txt"), common::dbench(&format!("{mb:.4}")));
        }
        // Three runs: metrics 3 to 5, smaller is better, regress in most
        // kernels (more regressions than regressions.html lists).
        for run in 0..3 {
            let mut yaml = String::from("benchmark: mybench\nresults:\n");
            for m in 0..6 {
                let better = if m < 3 { "higher" } else { "lower" };
                for threads in [1, 8] {
                    let v = 100.0 + (i * 7 % 23) as f64 + m as f64 * 3.0 + threads as f64 + run as f64 * 0.25;
                    yaml.push_str(&format!(
                        "  - metric: \"metric {m}\"\n    value: {v}\n    unit: ops/s\n    better: {better}\n    params: {{threads: {threads}}}\n"
                    ));
                }
            }
            put(&c, &format!("big/{k}/results-{run}.yaml"), yaml);
        }
    }
    c
}

fn built(tmp: &Path) -> PathBuf {
    let out = tmp.join("output");
    build(&BuildOptions::new(large_content(tmp), &out)).expect("the large class builds");
    out
}

/// The SVG files `html` (in `dir`) shows, and their bytes.
fn svg_bytes(dir: &Path, html: &str) -> (usize, u64) {
    let mut files: Vec<&str> =
        html.split("<img src=\"").skip(1).filter_map(|s| s.split('"').next()).filter(|s| s.ends_with(".svg")).collect();
    files.sort_unstable();
    files.dedup();
    let bytes =
        files.iter().map(|f| std::fs::metadata(dir.join(f.replace("&#x2F;", "/"))).map(|m| m.len()).unwrap_or(0)).sum();
    (files.len(), bytes)
}

#[test]
fn a_class_of_300_kernels_gives_a_page_within_the_limits_that_says_what_it_leaves_out() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = built(tmp.path());
    let dir = out.join("big");
    let html = std::fs::read_to_string(dir.join("index.html")).expect("machine page");
    assert!(html.len() < 1_000_000, "{} bytes of HTML", html.len());
    let (n, svg) = svg_bytes(&dir, &html);
    assert!(n > 0 && svg < 1_000_000, "{svg} bytes of SVG in {n} charts");
    // What it leaves out, and where it is.
    assert!(html.contains("This class has 300 kernels"), "no page note");
    let sections = html.matches("<section id=").count();
    let notes: Vec<&str> = html.split("<p class=\"shown\">").skip(1).collect();
    assert!(notes.len() >= 3, "{} notes for {sections} sections", notes.len());
    for note in &notes[1..] {
        assert!(note.contains(" of the 300 kernels with results here shown"), "{note}");
        let csv = note
            .split("href=\"")
            .filter_map(|s| s.split('"').next())
            .find(|l| l.ends_with(".csv"))
            .expect("a link to the CSV");
        let csv = std::fs::read_to_string(dir.join(csv.replace("&#x2F;", "/"))).expect("the section's CSV");
        for i in [0, 1, 150, 299] {
            assert!(csv.contains(&format!("2.5.{i},")), "2.5.{i} in the CSV");
        }
    }
    // Each section's every kernel is on pages of its own (the first linked
    // under its table), each within the limits, the baseline on each.
    let mut groups: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for e in std::fs::read_dir(dir.join("sections")).expect("section pages") {
        let name = e.expect("entry").file_name().to_string_lossy().into_owned();
        let (id, _) = name.rsplit_once('-').expect("<id>-<n>.html");
        groups.entry(id.to_string()).or_default().push(name);
    }
    assert_eq!(groups.len(), notes.len() - 1, "{groups:?}");
    for (id, files) in &groups {
        assert!(html.contains(&format!("href=\"sections/{id}-1.html\"")), "no link to {id}'s pages");
        let mut pages = String::new();
        for f in files {
            let page = std::fs::read_to_string(dir.join("sections").join(f)).expect("section page");
            assert!(page.len() < 1_000_000, "{f}: {} bytes", page.len());
            assert!(page.contains("each beside the baseline 2.5.0"), "{f}");
            pages.push_str(&page);
        }
        // Each kernel's name, as a row's or a column's label.
        let kernels: Vec<usize> = (0..KERNELS).filter(|i| pages.contains(&format!(">2.5.{i}<"))).collect();
        assert_eq!(kernels.len(), KERNELS, "{id}: {} kernels on its pages", kernels.len());
    }
    // Every kernel's page is linked, and holds its numbers with its runs.
    for i in 0..KERNELS {
        assert!(html.contains(&format!("href=\"kernels/2.5.{i}.html\"")), "no link to 2.5.{i}'s page");
    }
    let kernel = std::fs::read_to_string(dir.join("kernels/2.5.17.html")).expect("a kernel page");
    assert!(kernel.contains("<details>"), "the kernel page unfolds its runs");
    // No control without the script: it adds them.
    for page in [&html, &kernel] {
        assert!(!page.contains("<button") && !page.contains("<input"), "a control in the HTML");
    }
}

/// The regressions of a large class: `regressions.html` within the limits
/// lists some, says so and links the pages that hold every one; the pages,
/// `regressions.md` and its pages the same.
#[test]
fn a_class_of_300_kernels_gives_a_regressions_page_within_the_limits_and_pages_of_every_regression() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = built(tmp.path());
    let dir = out.join("big");
    let html = std::fs::read_to_string(dir.join("regressions.html")).expect("regressions page");
    assert!(html.len() < 1_000_000, "{} bytes of HTML", html.len());
    let counts = html.split("<p class=\"counts\">").nth(1).and_then(|s| s.split(' ').next()).expect("counts");
    let total: usize = counts.parse().expect("a number of regressions");
    assert!(total > benchsite::report::REGRESSIONS_SHOWN, "{total} regressions: too few to test the pages");
    assert!(html.contains(&format!("This class has 300 kernels and {total} regressions")), "no note");
    let rows = |page: &str| page.matches("<span class=\"delta worse significant\">").count();
    assert_eq!(rows(&html), benchsite::report::REGRESSIONS_SHOWN);
    // Every regression on exactly one page of its own, each linked.
    let (mut seen, mut pages, mut md_seen) = (0, 0, 0);
    for n in 1.. {
        let Ok(page) = std::fs::read_to_string(dir.join(format!("regressions-{n}.html"))) else { break };
        assert!(html.contains(&format!("href=\"regressions-{n}.html\"")), "page {n} not linked");
        assert!(page.len() < 1_000_000, "page {n}: {} bytes", page.len());
        assert!(page.contains(&format!("page {n} of ")), "page {n} says what it holds");
        let r = rows(&page);
        assert!(r <= benchsite::report::REGRESSION_PAGE_ROWS, "page {n}: {r} rows");
        seen += r;
        pages += 1;
        let md = std::fs::read_to_string(dir.join(format!("regressions-{n}.md"))).expect("its Markdown");
        md_seen += md.lines().filter(|l| l.ends_with(" |") && l.contains("\\* |")).count();
    }
    assert!(pages > 1, "{pages} pages");
    assert_eq!((seen, md_seen), (total, total), "every regression on one page, in HTML and Markdown");
    // regressions.md lists what regressions.html lists, and links the pages.
    let md = std::fs::read_to_string(dir.join("regressions.md")).expect("regressions.md");
    assert!(md.len() < 200_000, "{} bytes of Markdown", md.len());
    assert!(md.contains("(regressions-1.md)") && md.contains(&format!("{total} regressions")), "{}", &md[..2000]);
    assert_eq!(md.lines().filter(|l| l.contains("\\* |")).count(), benchsite::report::REGRESSIONS_SHOWN);
}

/// Runs `scripts/pageweight.sh` on `page`; its output and whether it passed.
fn pageweight(page: &Path, max_ms: &str) -> (bool, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pageweight.sh");
    let o = Command::new("bash").arg(script).arg(page).env("MAX_MS", max_ms).output().expect("bash runs");
    (o.status.success(), format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)))
}

#[test]
fn the_300_kernel_page_stays_under_10000_nodes_in_chromium() {
    if chromium().is_none() {
        return;
    }
    let tmp = tempfile::tempdir().expect("tmp");
    let out = built(tmp.path());
    // The 1.5 s of the issue is measured by the script's default; tests run
    // beside others on a shared machine, so the load time gets slack here.
    let (ok, said) = pageweight(&out.join("big/index.html"), "6000");
    assert!(ok, "{said}");
    // The largest page of a section's kernels too.
    let largest = std::fs::read_dir(out.join("big/sections"))
        .expect("section pages")
        .map(|e| e.expect("entry").path())
        .max_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .expect("a section page");
    let (ok, section) = pageweight(&largest, "6000");
    assert!(ok, "{section}");
    // The regressions page and the largest of its pages of every regression.
    let (ok, regressions) = pageweight(&out.join("big/regressions.html"), "6000");
    assert!(ok, "{regressions}");
    let largest = (1..)
        .map(|n| out.join(format!("big/regressions-{n}.html")))
        .take_while(|p| p.exists())
        .max_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .expect("a page of regressions");
    let (ok, page) = pageweight(&largest, "6000");
    assert!(ok, "{page}");
    assert!(said.contains(" nodes=") && said.contains(" OK"), "{said}");
    // The check is not vacuous: a limit the page is over fails, by name.
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pageweight.sh");
    let o = Command::new("bash")
        .arg(script)
        .arg(out.join("big/index.html"))
        .env("MAX_NODES", "100")
        .output()
        .expect("bash runs");
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success() && said.contains("over 100 nodes"), "{said}");
}

/// Loads `page` in an iframe in headless Chromium and drives `table.js`:
/// the lines the driver wrote ("OK …", "FAIL …", then "DONE").
fn drive(chromium: &str, page: &Path) -> String {
    let tmp = tempfile::tempdir().expect("tmp");
    let url = format!("file://{}", page.canonicalize().expect("page").display());
    let wrapper = tmp.path().join("drive.html");
    let js = DRIVER.replace("PAGE_URL", &url.replace('"', "%22"));
    std::fs::write(&wrapper, format!("<!DOCTYPE html><html><body><iframe id=\"f\" style=\"width:1280px;height:900px\"></iframe><pre id=\"out\"></pre><script>{js}</script></body></html>")).expect("write");
    let o = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--allow-file-access-from-files",
            "--virtual-time-budget=20000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", tmp.path().join("profile").display()))
        .arg(format!("file://{}", wrapper.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&o.stdout);
    let start = dom.find("<pre id=\"out\">").map(|i| i + 14).unwrap_or(0);
    dom[start..].split("</pre>").next().unwrap_or_default().to_string()
}

/// The driver: finds the table with the most rows, checks its sort buttons
/// (one per column, named, focusable), sorts by the first column both ways
/// and by a number column, keeps each change row under its row, filters by
/// the last label (without the parameters folded under it, which no
/// longer enter the filter: session 61) and clears the filter.
const DRIVER: &str = r#"
const f = document.getElementById("f"), out = [];
const ok = (c, what) => out.push((c ? "OK " : "FAIL ") + what);
const num = (s) => { const m = s.replace(/,/g, "").match(/[-+]?\d+(\.\d+)?(e[-+]?\d+)?/i); return m ? parseFloat(m[0]) : null; };
f.onload = () => {
  try {
    const d = f.contentDocument;
    const tables = [...d.querySelectorAll("main .table-wrap > table")];
    ok(tables.length > 0, "tables found");
    const t = tables.reduce((a, b) => (b.tBodies[0].rows.length > a.tBodies[0].rows.length ? b : a));
    const heads = [...t.tHead.rows[0].cells];
    const buttons = [...t.tHead.querySelectorAll("button.sort")];
    ok(buttons.length === heads.filter((h) => !h.classList.contains("runs")).length, "a sort button per column: " + buttons.length);
    ok(buttons.every((b) => b.tabIndex === 0 && /^Sort by ./.test(b.getAttribute("aria-label"))), "buttons focusable and named");
    buttons[0].focus();
    ok(d.activeElement === buttons[0], "a button takes the focus");
    const rows = () => [...t.tBodies[0].rows];
    const leads = () => rows().filter((r) => !r.classList.contains("change"));
    // A row's label as table.js reads it: without the parameters folded
    // under it for a phone (small.fold, hidden on a wide screen).
    const label = (c) => { const x = c.cloneNode(true); x.querySelectorAll("small.fold").forEach((e) => e.remove()); return x.textContent.trim(); };
    const labels = () => leads().map((r) => label(r.cells[0]));
    const pairs = () => rows().filter((r) => r.classList.contains("change")).map((r) => r.previousElementSibling.cells[0].textContent.trim());
    const before = pairs();
    buttons[0].click();
    const asc = labels(), want = [...asc].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    ok(JSON.stringify(asc) === JSON.stringify(want), "ascending by the first column: " + asc.join(" "));
    ok(heads[0].getAttribute("aria-sort") === "ascending", "aria-sort says ascending");
    buttons[0].click();
    ok(JSON.stringify(labels()) === JSON.stringify([...want].reverse()), "descending: " + labels().join(" "));
    ok(JSON.stringify(pairs().sort()) === JSON.stringify(before.sort()), "change rows stay under their rows");
    const col = heads.findIndex((h, i) => i > 0 && !h.classList.contains("runs") && !h.classList.contains("label") && leads().every((r) => num(r.cells[i].textContent) !== null));
    ok(col > 0, "a number column");
    buttons[heads.slice(0, col).filter((h) => !h.classList.contains("runs")).length].click();
    const ns = leads().map((r) => num(r.cells[col].textContent));
    ok(ns.every((n, i) => i === 0 || ns[i - 1] <= n), "ascending by numbers: " + ns.join(" "));
    const input = t.parentElement.querySelector("label.filter input");
    ok(input !== null, "a filter box");
    const q = asc[asc.length - 1];
    input.value = q;
    input.dispatchEvent(new Event("input"));
    const shown = leads().filter((r) => !r.hidden).map((r) => label(r.cells[0]));
    ok(shown.length > 0 && shown.length < asc.length && shown.every((s) => s.includes(q)), "filtered to " + q + ": " + shown.join(" "));
    ok(rows().filter((r) => r.classList.contains("change")).every((r) => r.hidden === r.previousElementSibling.hidden), "change rows hide with their rows");
    input.value = "";
    input.dispatchEvent(new Event("input"));
    ok(rows().every((r) => !r.hidden), "an empty filter shows every row");
  } catch (e) {
    ok(false, "threw " + e);
  }
  out.push("DONE");
  document.getElementById("out").textContent = out.join("\n");
};
f.src = "PAGE_URL";
"#;

#[test]
fn table_js_sorts_and_filters_the_demo_tables() {
    let Some(chromium) = chromium() else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("output");
    build(&BuildOptions::new(root.join("content"), &out)).expect("demo builds");
    for page in ["k6-2-475-384m/index.html", "quad-xeon-raid5/index.html"] {
        let said = drive(&chromium, &out.join(page));
        assert!(said.contains("DONE") && !said.contains("FAIL"), "{page}:\n{said}");
    }
}

#[test]
fn the_demo_pages_load_under_their_content_security_policy_without_errors() {
    let Some(_) = chromium() else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tool = root.join("../shared/tools/console-errors.sh");
    if !tool.exists() {
        eprintln!("skipped: {} not found", tool.display());
        return;
    }
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("output");
    build(&BuildOptions::new(root.join("content"), &out)).expect("demo builds");
    let pages: Vec<PathBuf> = ["index.html", "k6-2-475-384m/index.html", "k6-2-475-384m/compare.html", "404.html"]
        .iter()
        .map(|p| out.join(p))
        .collect();
    for p in &pages {
        let html = std::fs::read_to_string(p).expect("page");
        assert!(html.contains("Content-Security-Policy"), "{}: no policy", p.display());
    }
    let o = Command::new("bash").arg(tool).args(&pages).output().expect("bash runs");
    let said = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(o.status.success(), "{said}");
}
