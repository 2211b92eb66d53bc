//! HTML, Markdown and plaintext come from one view model: for every section
//! of the demo site, every number in the table appears in all three.

use benchsite::render::Renderer;
use benchsite::render::html::HtmlRenderer;
use benchsite::render::markdown::machine_md;
use benchsite::render::text::{TextOptions, section_text};
use std::path::Path;

#[test]
fn every_number_is_in_every_rendering() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = benchsite::site::load(&root.join("content")).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    let html_files = HtmlRenderer::new(None).expect("default theme").render(&view).expect("html renders");
    let mut checked = 0;
    for page in &view.machines {
        let html = html_files
            .iter()
            .find(|f| f.path == format!("{}/index.html", page.slug))
            .map(|f| String::from_utf8_lossy(&f.contents).to_string())
            .expect("machine page");
        let md = machine_md(page);
        for s in &page.sections {
            // The section's own part of each rendering.
            let start = html.find(&format!("<section id=\"{}\">", s.id)).expect("section in html");
            let h = &html[start..start + html[start..].find("</section>").expect("section end")];
            let title = format!("## {}", benchsite::render::markdown::escape(&s.title));
            let mstart = md.find(&format!("{title}\n")).unwrap_or_else(|| panic!("{title} in markdown"));
            let rest = &md[mstart + title.len()..];
            let m = &rest[..rest.find("\n## ").unwrap_or(rest.len())];
            let t = section_text(s, &TextOptions { width: 72, compare: true, brief: false, ascii: false });
            for r in &s.table.rows {
                for (col, c) in s.table.columns.iter().zip(&r.cells).filter_map(|(col, c)| Some((col, c.as_ref()?))) {
                    for (name, body) in [("html", h), ("markdown", m), ("text", t.as_str())] {
                        assert!(
                            body.contains(c.text.as_str()),
                            "{}: section {:?}: {} {} missing from the {name}",
                            page.slug,
                            s.title,
                            r.kernel,
                            c.text
                        );
                    }
                    // The change and its mark (`*` significant after the
                    // page's correction, `~` tested, none: not tested).
                    let pct = c.comparison.as_ref().and_then(|cmp| cmp.pct_better);
                    if let (Some(_), Some(pct)) = (&c.delta_text, pct) {
                        // As the tables print it: "-3.06×" for "3.06× slower".
                        let d = benchsite::report::fmt_change_cell(pct, col.better, false);
                        let marked = format!("{d}{}", c.mark);
                        let md_marked = format!("{d}{}", benchsite::render::markdown::escape(&c.mark));
                        for (name, body, want) in
                            [("html", h, &marked), ("markdown", m, &md_marked), ("text", t.as_str(), &marked)]
                        {
                            assert!(
                                body.contains(want.as_str()),
                                "{}: section {:?}: {} {want} missing from the {name}",
                                page.slug,
                                s.title,
                                r.kernel
                            );
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "no numbers checked");
}

/// Every rendering of a machine page explains `*` the same way: α, the
/// Benjamini–Hochberg correction and the number of tests it covers, and
/// stars exactly the cells the view marks.
#[test]
fn every_rendering_names_the_correction() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = benchsite::site::load(&root.join("content")).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    let html_files = HtmlRenderer::new(None).expect("default theme").render(&view).expect("html renders");
    for page in view.machines.iter().filter(|m| m.baseline.is_some()) {
        let html = html_files
            .iter()
            .find(|f| f.path == format!("{}/index.html", page.slug))
            .map(|f| String::from_utf8_lossy(&f.contents).to_string())
            .expect("machine page");
        let text = benchsite::render::text::machine_text(
            page,
            &TextOptions { width: 72, compare: true, brief: false, ascii: false },
        );
        let md = machine_md(page);
        let stars: usize = page
            .sections
            .iter()
            .flat_map(|s| &s.table.rows)
            .flat_map(|r| r.cells.iter().flatten())
            .filter(|c| c.mark == "*")
            .count();
        let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        for (name, body) in
            [("html", words(&html.replace("&#39;", "'"))), ("markdown", words(&md)), ("text", words(&text))]
        {
            // A page where nothing could be tested says why, section by
            // section, in the same words in every rendering
            // (report::no_tests_text: the Markdown said "too few runs,
            // spread or change" beside the mail's reasons, closing-60).
            let untested = page.significance.contains("no change of this machine class could be tested");
            let why = page.sections.iter().find_map(|s| s.table.legend.as_ref().map(|_| &s.table));
            if untested && let Some(t) = why {
                let reasons = words(&benchsite::report::no_tests_text(t));
                let reasons = if name == "markdown" { reasons.replace('_', "\\_") } else { reasons };
                assert!(body.contains(&reasons), "{}: {name}: {reasons}", page.slug);
                assert!(!body.contains(benchsite::report::NO_TESTS), "{}: {name}", page.slug);
            } else if !untested {
                assert!(body.contains("Benjamini–Hochberg"), "{}: {name}", page.slug);
                assert!(body.contains(&page.significance), "{}: {name}: {}", page.slug, page.significance);
            }
            let shown = body.matches("%*").count() + body.matches("%\\*").count();
            assert_eq!(shown, stars, "{}: {name}: starred cells", page.slug);
        }
    }
}

/// No plaintext line is wider than the width asked for, ends in a space or
/// holds a tab, at mail widths and narrower.
#[test]
fn plaintext_respects_every_width() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = benchsite::site::load(&root.join("content")).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    for width in [80, 72, 60] {
        for page in &view.machines {
            let text = benchsite::render::text::machine_text(
                page,
                &TextOptions { width, compare: true, brief: false, ascii: false },
            );
            for (i, line) in text.lines().enumerate() {
                let w = unicode_width::UnicodeWidthStr::width(line);
                assert!(w <= width, "{} at width {width}, line {}: {w} columns: {line:?}", page.slug, i + 1);
                assert!(!line.ends_with(' ') && !line.contains('\t'), "{} line {}: {line:?}", page.slug, i + 1);
            }
        }
    }
}

/// `--ascii`: the whole demo's plaintext is pure ASCII (`us` for `µs`,
/// `+-` for `±`, `alpha` for `α`), and every table stays aligned: under
/// each rule of dashes, the rows have a space wherever the rule has one
/// between two columns (`+-` is a column wider than `±`, so a replacement
/// after layout would push the cells after it out of their columns).
#[test]
fn ascii_plaintext_is_ascii_and_aligned() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = benchsite::site::load(&root.join("content")).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    let opts = TextOptions { width: 72, compare: true, brief: false, ascii: true };
    let mut spreads = 0;
    for page in &view.machines {
        let text = benchsite::render::text::machine_text(page, &opts);
        let bad = text.bytes().position(|b| b >= 0x80);
        assert_eq!(
            bad,
            None,
            "{}: a byte of 0x80 or more: {:?}",
            page.slug,
            bad.map(|i| &text[i.saturating_sub(40)..i])
        );
        assert!(!text.contains("µs") && !text.contains('±'), "{}", page.slug);
        // A spread follows its value, a blank between in a table
        // (`12.5 +-0.3`), none in a bar chart's line (`12.5+-0.3`).
        spreads += text
            .match_indices("+-")
            .filter(|(i, _)| text[..*i].trim_end_matches(' ').ends_with(|c: char| c.is_ascii_digit()))
            .count();
        let lines: Vec<&str> = text.lines().collect();
        for (i, rule) in lines.iter().enumerate() {
            if !rule.starts_with('-') || !rule.contains("  ") || rule.chars().any(|c| c != '-' && c != ' ') {
                continue;
            }
            let gaps: Vec<usize> = rule.char_indices().filter(|(_, c)| *c == ' ').map(|(j, _)| j).collect();
            // The table's rows: up to a blank line, the runs note or the
            // note of what is not compared.
            let row = |l: &&&str| !l.is_empty() && !l.starts_with("means of ") && !l.starts_with("not compared");
            for row in lines[i + 1..].iter().take_while(row) {
                for &g in &gaps {
                    let c = row.as_bytes().get(g).copied().unwrap_or(b' ');
                    assert_eq!(c, b' ', "{}: misaligned at column {g}:\n{rule}\n{row}", page.slug);
                }
            }
        }
        // The legend's α is spelt out.
        let utf8 = benchsite::render::text::machine_text(page, &TextOptions { ascii: false, ..opts });
        let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(words(&text).contains("alpha = 0.05"), words(&utf8).contains("α = 0.05"), "{}", page.slug);
    }
    assert!(spreads > 0, "the demo has averaged runs whose spread is shown");
}

/// A bonnie++ 1.03 report of one run whose Sequential Create `Read`
/// cells are `read` (`  812  99`, or `+++++ +++`).
fn bonnie_103(read: &str) -> String {
    format!(
        "\
Version  1.03       ------Sequential Output------ --Sequential Input- --Random-
                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
access1        256M 10564  96 18951  24  6687   7 10030  88 15949   6 153.8   0
                    ------Sequential Create------ --------Random Create--------
                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--
              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
                 16   489  99 {read}   509  98   497  98  1695  97  1701  97
"
    )
}

/// The site in `content` (class `m`) rendered four ways, each named: its
/// section with a `Read` column as mail text (ASCII where `ascii`), the
/// class's Markdown page, and its HTML page from the native renderer and
/// from the Tera templates.
fn bonnie_renderings(content: &std::path::Path, ascii: bool) -> Vec<(&'static str, String)> {
    let site = benchsite::site::load(content).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    let page = &view.machines[0];
    // The whole page's plaintext: its legend, above the tables, says why
    // no change was tested.
    let t = benchsite::render::text::machine_text(page, &TextOptions { width: 72, compare: true, brief: false, ascii });
    let md = machine_md(page);
    let native = HtmlRenderer::new(None).expect("default theme").render(&view).expect("native renders");
    let tera = HtmlRenderer::new(None).expect("default theme").with_native(false).render(&view).expect("tera renders");
    let html = |files: &[benchsite::render::OutputFile]| {
        let f = files.iter().find(|f| f.path == "m/index.html").expect("class page");
        String::from_utf8_lossy(&f.contents).into_owned()
    };
    vec![("text", t), ("markdown", md), ("html", html(&native)), ("tera", html(&tera))]
}

/// Writes `text` to `rel` under `dir`, making its directories.
fn put_file(dir: &std::path::Path, rel: &str, text: &str) {
    let p = dir.join(rel);
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}

/// A page without `≥` says the usual reasons only.
#[test]
fn a_page_without_a_mean_of_only_the_timed_runs_does_not_name_it() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path();
    let put = |rel: &str, text: &str| put_file(c, rel, text);
    put("site.yaml", "title: \"T\"\n");
    put("m/machine.yaml", "name: \"M\"\nbaseline: \"2.4.20\"\n");
    for (k, reads) in [("2.4.20", ["  812  99", "  815  99"]), ("2.4.21", ["  800  99", "  900  99"])] {
        for (i, read) in reads.iter().enumerate() {
            put(&format!("m/{k}/bonnie-{i}.txt"), &bonnie_103(read));
        }
    }
    for (name, body) in bonnie_renderings(c, false).into_iter().filter(|(n, _)| *n != "text") {
        let legend = body.lines().find(|l| l.contains("unmarked: not tested")).unwrap_or_default();
        assert!(legend.contains("last printed decimal place)") && !legend.contains("+++++"), "{name}: {legend}");
    }
}

/// bonnie++ 1.03's `+++++` (a test too fast to time: 2.4.21's Sequential
/// Create `Read`, line 8) shows as `+++++` in its cell, not a blank, with
/// a note under the table saying what it means, in every rendering (both
/// HTML renderers alike); the kernel that timed it keeps its number.
#[test]
fn a_test_too_fast_to_time_is_marked_and_explained_in_every_rendering() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path();
    let put = |rel: &str, text: &str| put_file(c, rel, text);
    put("site.yaml", "title: \"T\"\n");
    put("m/machine.yaml", "name: \"M\"\nbaseline: \"2.4.20\"\n");
    put("m/2.4.20/bonnie.txt", &bonnie_103("  812  99"));
    put("m/2.4.21/bonnie.txt", &bonnie_103("+++++ +++"));
    let note = "+++++: the test ran too fast to time";
    for (name, body) in bonnie_renderings(c, false) {
        assert!(body.contains(note), "{name}: no note\n{body}");
        // The cell, and the number the baseline timed.
        assert!(body.matches("+++++").count() >= 2, "{name}: no +++++ cell\n{body}");
        assert!(body.contains("812"), "{name}\n{body}");
    }
}

/// bonnie++ 1.03 run three times on 2.4.21, the second run printing
/// Sequential Create `Read` as `+++++` (display27): the cell is the mean
/// of the two timed runs (800 and 900: 850), which understates the test;
/// it reads `≥850` with a note saying why in every rendering (both HTML
/// renderers alike), where it was a plain 850.
#[test]
fn a_mean_of_only_the_timed_runs_is_marked_in_every_rendering() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path();
    let put = |rel: &str, text: &str| put_file(c, rel, text);
    put("site.yaml", "title: \"T\"\n");
    put("m/machine.yaml", "name: \"M\"\nbaseline: \"2.4.20\"\n");
    for (i, read) in ["  812  99", "  812  99", "  812  99"].iter().enumerate() {
        put(&format!("m/2.4.20/bonnie-{i}.txt"), &bonnie_103(read));
    }
    for (i, read) in ["  800  99", "+++++ +++", "  900  99"].iter().enumerate() {
        put(&format!("m/2.4.21/bonnie-{i}.txt"), &bonnie_103(read));
    }
    let note = "the mean of only the runs that timed the test";
    let ascii = &bonnie_renderings(c, true)[0].1;
    assert!(ascii.contains(">=850") && ascii.contains(note), "{ascii}");
    // The page's legend names it as the reason its change is not tested
    // (only the note under the table did: fix29a), in every rendering
    // (the mail's legend said nothing of it, the Markdown's "too few runs,
    // spread or change" beside it: closing-60), in the report's words.
    let reason = "means of only the runs that timed the test (≥) in bonnie++: Sequential Create";
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    for (name, body) in bonnie_renderings(c, false) {
        assert!(body.contains(note), "{name}: no note\n{body}");
        assert!(body.contains("≥850"), "{name}: the mean of the timed runs unmarked\n{body}");
        assert!(words(&body).contains(reason), "{name}: the legend leaves it out: {body}");
        // The baseline's Read, every run timed, is unmarked.
        assert!(body.contains("812") && !body.contains("≥812"), "{name}\n{body}");
    }
}

/// bonnie++ 1.03 on reiserfs (two runs, Sequential Create `Delete` timed:
/// 17886, 16649) and on ext3 (two runs under a `--- ext3` label line,
/// `+++++` there), one real mail (LKML 2004, wild35b F8): the `+++++` of
/// ext3's runs is ext3's, so the reiserfs mean 17268 is no mean of only
/// the timed runs and carries no `≥`; it was marked because the label the
/// labeller gave ext3's samples after parsing was not on its `+++++`.
#[test]
fn a_test_too_fast_under_one_label_marks_no_other_labels_mean() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path();
    let put = |rel: &str, text: &str| put_file(c, rel, text);
    let mail = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/wild/bonnie_pp/lkml-2004-02-bonnie++103-2concurrent-reiserfs-vs-ext3-dash-labels-plus-in-ext3-only.txt"
    ))
    .expect("fixture");
    put("site.yaml", "title: \"T\"\n");
    put("m/machine.yaml", "name: \"M\"\n");
    put("m/2.6.1/bonnie.txt", &mail);
    let site = benchsite::site::load(c).expect("content loads");
    let view = benchsite::chart::site_view(&site);
    let page = &view.machines[0];
    let text: String = page
        .sections
        .iter()
        .map(|s| section_text(s, &TextOptions { width: 200, compare: true, brief: false, ascii: false }))
        .collect();
    assert!(text.contains("17268") && !text.contains("≥17268"), "{text}");
    // ext3's Delete: `+++++` in every one of its runs, shown so.
    assert!(text.contains("+++++"), "{text}");
}
