//! site.yaml's `raw_url`: the raw files linked in the public repository
//! that holds the content directory instead of copied into the output.
//! Every link to a raw file goes there (HTML, kernel pages without their
//! `../`, Markdown's runs), a run's line with GitHub's `#L<line>`; nothing
//! is written under `raw/`; a bad URL is an error at its line; without it
//! the copies are written and linked relatively, as before.

mod common;

use std::path::Path;

const URL: &str = "https://github.com/user/repo/blob/main/content/";

/// The small site with two runs in each of two files for 2.4.7 (its runs
/// then name file and line), and site.yaml's `raw_url` as `raw_url`.
fn site(root: &Path, raw_url: Option<&str>) -> std::path::PathBuf {
    let c = common::small_site(root);
    let yaml = match raw_url {
        Some(u) => format!("title: \"Test site\"\nraw_url: \"{u}\"\n"),
        None => "title: \"Test site\"\n".to_string(),
    };
    common::put(&c, "site.yaml", yaml);
    std::fs::remove_file(c.join("m1/2.4.7/dbench-32.txt")).expect("rm");
    common::put(&c, "m1/2.4.7/dbench-32-a.txt", common::dbench("9.1") + &common::dbench("9.4"));
    common::put(&c, "m1/2.4.7/dbench-32-b.txt", common::dbench("9.3") + &common::dbench("9.2"));
    c
}

fn build(c: &Path, out: &Path) {
    common::benchsite().args(["build", "-q", "--content"]).arg(c).arg("--output").arg(out).assert().success();
}

#[test]
fn raw_files_are_linked_in_their_repository_and_not_copied() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = site(dir.path(), Some(URL));
    let out = dir.path().join("out");
    build(&c, &out);
    assert!(!out.join("m1/raw").exists(), "no copies");
    let read = |p: &str| std::fs::read_to_string(out.join(p)).expect(p);
    let file = format!("{URL}m1/2.4.8/dbench-32.txt");
    let html = read("m1/index.html");
    assert!(html.contains(&format!("<a href=\"{file}\">2.4.8</a>")), "{html}");
    assert!(!html.contains("href=\"raw/"), "{html}");
    // A run of a row of two files names file and line: linked to the line.
    let line = format!("<a href=\"{URL}m1/2.4.7/dbench-32-b.txt#L5\">2.4.7/dbench-32-b.txt line 5</a>");
    assert!(html.contains(&line), "{html}");
    // A kernel page: the same URLs, no `../` before them.
    let page = read("m1/kernels/2.4.8.html");
    assert!(page.contains(&format!("<a href=\"{file}\">2.4.8</a>")), "{page}");
    assert!(!page.contains("../https") && !page.contains("../raw/"), "{page}");
    let page = read("m1/kernels/2.4.7.html");
    assert!(page.contains(&line), "{page}");
    // Markdown's runs table links the same.
    let md = read("m1/index.md");
    assert!(md.contains(&format!("[2.4.7/dbench-32-b.txt line 5]({URL}m1/2.4.7/dbench-32-b.txt#L5)")), "{md}");
    assert!(!md.contains("](raw/"), "{md}");
    // `check` has nothing to say about the copies not being there.
    let check = common::benchsite().args(["check", "--content"]).arg(&c).assert().success();
    let said = String::from_utf8_lossy(&check.get_output().stdout).into_owned()
        + &String::from_utf8_lossy(&check.get_output().stderr);
    assert!(!said.contains("raw"), "{said}");
}

/// Without `raw_url`, as before: the copies, linked relatively (`../` on a
/// kernel page), a run's line without an anchor (a text file has none).
#[test]
fn without_raw_url_the_copies_are_written_and_linked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = site(dir.path(), None);
    let out = dir.path().join("out");
    build(&c, &out);
    assert!(out.join("m1/raw/2.4.7/dbench-32-b.txt").is_file());
    let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index");
    assert!(html.contains("<a href=\"raw/2.4.7/dbench-32-b.txt\">2.4.7/dbench-32-b.txt line 5</a>"), "{html}");
    assert!(!html.contains("#L"), "{html}");
    let page = std::fs::read_to_string(out.join("m1/kernels/2.4.8.html")).expect("page");
    assert!(page.contains("<a href=\"../raw/2.4.8/dbench-32.txt\">2.4.8</a>"), "{page}");
}

/// A URL that is not http(s), or holds a query or fragment, is an error
/// naming site.yaml's line; nothing is built.
#[test]
fn a_bad_raw_url_is_an_error_at_its_line() {
    for bad in ["github.com/user/repo/blob/main/content/", "/content/", "https://github.com/u/r/blob/main/content/#x"] {
        let dir = tempfile::tempdir().expect("tempdir");
        let c = site(dir.path(), Some(bad));
        let out = dir.path().join("out");
        let run =
            common::benchsite().args(["build", "-q", "--content"]).arg(&c).arg("--output").arg(&out).assert().failure();
        let err = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
        assert!(err.contains("site.yaml:2") && err.contains("raw_url"), "{bad}: {err}");
        assert!(!out.join("m1/index.html").exists(), "{bad}");
    }
}
