//! `scripts/pagecheck.sh` over the built demo site: no page scrolls
//! sideways at 390 or 1280 px, chart text is shown at 11 CSS px or more,
//! every chart links to its SVG, and no table's first column hides its
//! figures. The script drives headless Chromium;
//! where none is installed (`chromium` on PATH, or `$CHROMIUM`) the tests
//! say so and pass without checking.

use benchsite::build::{BuildOptions, build};
mod common;

use std::path::Path;
use std::process::{Command, Output};

fn pagecheck(out: &Path, widths: &[&str]) -> Output {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pagecheck.sh");
    Command::new("bash").arg(script).arg(out).args(widths).output().expect("bash runs")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

#[test]
fn every_page_of_the_demo_reads_on_a_phone_and_a_laptop() {
    if common::chromium().is_none() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("output");
    build(&BuildOptions::new(root.join("content"), &out)).expect("demo builds");
    let o = pagecheck(&out, &[]);
    let said = text(&o);
    assert!(o.status.success(), "{said}");
    // Every page type was opened.
    for kind in ["index 1", "machine ", "compare ", "kernel ", "404 1"] {
        assert!(said.contains(kind), "{kind:?} in {said}");
    }
}

/// The check is not vacuous: a page sticking out of a phone's width, a
/// chart shown below 11 px, a chart without a link and a table whose first
/// column hides its figures all fail, by name.
#[test]
fn a_page_too_wide_for_a_phone_fails() {
    if common::chromium().is_none() {
        return;
    }
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path();
    std::fs::write(
        out.join("index.html"),
        "<!DOCTYPE html>\n<html><head><meta name=\"viewport\" content=\"width=device-width\"></head><body>\n\
         <p class=\"wide\" style=\"white-space:nowrap\">a line that does not wrap and is far wider than a phone is, \
         far wider than a phone is, far wider than a phone is, far wider than a phone is</p>\n\
         <figure class=\"chart\"><img src=\"c.svg\" width=\"960\" height=\"100\" style=\"width:100%;height:auto\" alt=\"\"></figure>\n\
         </body></html>\n",
    )
    .expect("page");
    std::fs::write(
        out.join("c.svg"),
        "<svg width=\"960\" height=\"100\" xmlns=\"http://www.w3.org/2000/svg\"><text x=\"0\" y=\"50\" font-size=\"12\">x</text></svg>\n",
    )
    .expect("svg");
    std::fs::write(
        out.join("table.html"),
        "<!DOCTYPE html>\n<html><head><meta name=\"viewport\" content=\"width=device-width\"></head><body>\n\
         <div class=\"table-wrap\" style=\"overflow-x:auto\"><table><tbody><tr><th style=\"white-space:nowrap;position:sticky;left:0\">\
         Quad Xeon, 3.75 GB, QLogic 2200 to RAID 5, a name far wider than a phone<td>52.405</tr></tbody></table></div>\n\
         </body></html>\n",
    )
    .expect("table page");
    let o = pagecheck(out, &["390"]);
    let said = text(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("px wide in a 390 px window: p.wide"), "{said}");
    assert!(said.contains("c.svg: text shown at 3.7 px"), "{said}");
    assert!(said.contains("c.svg: the chart does not link to its SVG"), "{said}");
    // The across page's machine names held a phone's whole width in the
    // first column, which stays put: the figures scrolled out of sight.
    assert!(said.contains("table.html: a table's first column is"), "{said}");
    assert!(said.contains("px window, its figures out of sight under it: th \"Quad Xeon"), "{said}");
}
