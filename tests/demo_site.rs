//! Builds the demo `content/` into a temporary directory and checks the
//! numbers the seed posts give, in the HTML, the Markdown and the plaintext.

use benchsite::build::{BuildOptions, build};
use std::path::{Path, PathBuf};

fn build_demo() -> (tempfile::TempDir, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("output");
    let report = build(&BuildOptions {
        content: root.join("content"),
        output: out.clone(),
        theme_dir: Some(root.join("themes/default")),
        text_width: 72,
        force: false,
        overwrite: false,
        base_url: None,
    })
    .expect("demo site builds");
    let unrecognised: Vec<String> =
        report.diagnostics.iter().map(|d| d.to_string()).filter(|d| d.contains("unrecognised")).collect();
    assert!(unrecognised.is_empty(), "unrecognised files in the demo:\n{}", unrecognised.join("\n"));
    (tmp, out)
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every rendering of `machine` contains every one of `needles`.
fn assert_everywhere(out: &Path, machine: &str, needles: &[&str]) {
    for file in ["index.html", "index.md", "email.txt"] {
        let text = read(&out.join(machine).join(file));
        for n in needles {
            assert!(text.contains(n), "{machine}/{file} lacks {n:?}");
        }
    }
}

#[test]
fn demo_site_reproduces_the_posts() {
    let (_tmp, out) = build_demo();
    assert!(out.join("index.html").is_file());
    // 384 MB box, dbench 32: averages of the post's three runs each.
    assert_everywhere(&out, "dbench32-384m", &["9.3422", "6.88884", "2.4.7", "2.4.8-pre1"]);
    // P166: ac12's `find / -xdev` real time, average of five runs.
    assert_everywhere(&out, "p166-24m", &["63.553", "ac12", "ac12-pmap2"]);
}

#[test]
fn plaintext_fits_in_mail() {
    let (_tmp, out) = build_demo();
    for entry in std::fs::read_dir(&out).expect("output dir") {
        let p = entry.expect("entry").path().join("email.txt");
        if !p.is_file() {
            continue;
        }
        for (i, line) in read(&p).lines().enumerate() {
            let w = unicode_width::UnicodeWidthStr::width(line);
            assert!(w <= 80, "{}:{} is {w} columns wide", p.display(), i + 1);
            assert!(
                !line.ends_with(' ') && !line.contains('\t'),
                "{}:{} has trailing space or tab",
                p.display(),
                i + 1
            );
        }
    }
}
