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

/// The single-board computers: a class that compares boards (`compare:
/// boards`), each read from its own UnixBench file; the numbers read by
/// hand from the files (content/sbc-unixbench/SOURCES.md).
#[test]
fn boards_are_compared_as_boards_with_the_kernel_each_ran() {
    let (_tmp, out) = build_demo();
    let m = "sbc-unixbench";
    // System Benchmarks Index Score, 1 copy and 4 copies; Dhrystone 2, 1 copy.
    assert_everywhere(
        &out,
        m,
        &["60.5", "91.1", "221.0", "564.0", "324.9", "811.6", "451.3", "1392.5", "3717959.9", "10142968.2"],
    );
    // What each board ran, from its file's `OS:` line.
    assert_everywhere(&out, m, &["(kernel 5.10.17-v7+)", "(kernel 4.9.170-sun50iw9)"]);
    let mail = read(&out.join(m).join("email.txt"));
    assert!(mail.contains("\nBoards: "), "{mail}");
    // radxa-zero's cut-off first run is compared at 1 copy, beside its 4-copy run.
    let radxa = mail.lines().find(|l| l.starts_with("radxa-zero ") && l.contains("451.3")).expect("radxa row");
    assert!(radxa.contains("1392.5"), "{radxa}");
    assert!(mail.lines().any(|l| l.starts_with("board ")), "the label column says board");
    assert!(!mail.lines().any(|l| l.starts_with("kernel ")), "no kernel column");
    let html = read(&out.join(m).join("index.html"));
    for word in ["<dt>Kernels</dt>", "<h2>Kernels</h2>", ">kernel<th ", "every kernel", "patch tree"] {
        assert!(!html.contains(word), "index.html says {word:?}");
    }
    assert!(html.contains("<dt>Boards</dt>") && html.contains("<thead><tr><th>board<th>"));
    let compare = read(&out.join(m).join("compare.html"));
    assert!(compare.contains("<h1>Every board against raspberry-pi-zero-2</h1>"), "compare.html");
    let md = read(&out.join(m).join("index.md"));
    assert!(md.contains("- **Boards:** ") && md.contains("| board |"), "{md}");
    // Boards in natural name order, not kernel-version order.
    let order: Vec<usize> = ["orange-pi-zero-2-1gb", "radxa-zero", "raspberry-pi-model-b-rev2", "raspberry-pi-zero-w"]
        .iter()
        .map(|b| mail.find(&format!("\n{b} ")).expect(b))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}
