//! Every internal link of the built demo site resolves: each `href` and
//! `src` in every HTML page (relative, as GitHub Pages serves the site from a
//! project subpath) names a file of the output, and every `#fragment` names
//! an `id` on the target page. Also: a site made by `benchsite init` builds.

use benchsite::build::{BuildOptions, build};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Values of `attr="…"` in an HTML text (the theme always quotes with `"`).
fn attr_values<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let needle = format!(" {attr}=\"");
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(&needle) {
        rest = &rest[i + needle.len()..];
        if let Some(end) = rest.find('"') {
            out.push(&rest[..end]);
            rest = &rest[end..];
        }
    }
    out
}

fn decode(s: &str) -> String {
    percent_encoding::percent_decode_str(&s.replace("&amp;", "&")).decode_utf8_lossy().into_owned()
}

fn check_links(out: &Path) -> usize {
    let pages: Vec<PathBuf> = walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    let mut ids: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    for p in &pages {
        let html = std::fs::read_to_string(p).expect("page");
        ids.insert(
            p.canonicalize().expect("canonical"),
            attr_values(&html, "id").into_iter().map(String::from).collect(),
        );
    }
    let mut checked = 0;
    let mut broken = Vec::new();
    for p in &pages {
        if p.file_name().is_some_and(|n| n == "404.html") {
            continue; // served at any path; its links are relative to the root only there
        }
        let html = std::fs::read_to_string(p).expect("page");
        let dir = p.parent().expect("parent");
        for link in attr_values(&html, "href").into_iter().chain(attr_values(&html, "src")) {
            if link.starts_with("http://") || link.starts_with("https://") || link.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, frag) = match link.split_once('#') {
                Some((a, b)) => (a, Some(b)),
                None => (link, None),
            };
            let target = if path.is_empty() { p.clone() } else { dir.join(decode(path)) };
            let Ok(target) = target.canonicalize() else {
                broken.push(format!("{}: {link}", p.display()));
                continue;
            };
            if !target.starts_with(out.canonicalize().expect("out")) {
                broken.push(format!("{}: {link} leaves the site", p.display()));
            }
            if let Some(f) = frag
                && !ids.get(&target).is_some_and(|set| set.contains(&decode(f)))
            {
                broken.push(format!("{}: {link}: no id {f:?}", p.display()));
            }
        }
    }
    assert!(broken.is_empty(), "{} broken links:\n{}", broken.len(), broken.join("\n"));
    checked
}

#[test]
fn every_internal_link_of_the_demo_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("output");
    let mut opts = BuildOptions::new(root.join("content"), &out);
    opts.theme_dir = Some(root.join("themes/default"));
    build(&opts).expect("demo builds");
    assert!(out.join(".nojekyll").is_file());
    assert!(out.join("404.html").is_file());
    let n = check_links(&out);
    assert!(n > 100, "only {n} links checked");
}

#[test]
fn an_init_site_builds_and_links_resolve() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("site");
    benchsite::init::init(&dir, &benchsite::init::action()).expect("init");
    assert!(dir.join(".github/workflows/pages.yml").is_file());
    let out = dir.join("output");
    let report = build(&BuildOptions::new(dir.join("content"), &out)).expect("init site builds");
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    check_links(&out);
    // init never overwrites.
    assert!(benchsite::init::init(&dir, &benchsite::init::action()).is_err());
}

/// 404.html is served at any depth (`/a/b/missing`), where a relative link
/// breaks: its links start at `base_url` or "/", and its stylesheet is
/// inline. No script (no page of the site has one).
#[test]
fn the_404_page_works_at_any_depth() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for base_url in [None, Some("https://example.org/kernels/")] {
        let tmp = tempfile::tempdir().expect("tmp");
        let out = tmp.path().join("output");
        let mut opts = BuildOptions::new(root.join("content"), &out);
        opts.base_url = base_url.map(str::to_string);
        build(&opts).expect("demo builds");
        let html = std::fs::read_to_string(out.join("404.html")).expect("404.html");
        let links: Vec<&str> = attr_values(&html, "href").into_iter().chain(attr_values(&html, "src")).collect();
        assert!(links.len() >= 2, "{links:?}");
        let start = base_url.unwrap_or("/");
        for link in links {
            assert!(link.starts_with(start), "{base_url:?}: {link} in\n{html}");
        }
        assert!(!html.contains("<link rel=\"stylesheet\""), "{html}");
        assert!(html.contains("<style>\n:root {"), "{html}");
        assert!(!html.contains("<script"), "{html}");
    }
}

/// The README's pictures are files of the repository: its opening picture
/// of a built page (`docs/k6-2-475-384m.png`) was named by the README but
/// never committed (`.gitignore` held every `*.png`), a broken image at the
/// top of the project's page. Asks git which files it tracks; without
/// git (an unpacked tarball) it checks that the files exist.
#[test]
fn the_readme_pictures_are_committed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let mut pictures = Vec::new();
    let mut rest = readme.as_str();
    while let Some(i) = rest.find("![") {
        rest = &rest[i + 2..];
        let Some(j) = rest.find("](") else { break };
        let target = &rest[j + 2..];
        let Some(end) = target.find(')') else { break };
        let path = &target[..end];
        if !path.contains("://") {
            pictures.push(path.to_string());
        }
        rest = &target[end..];
    }
    assert!(!pictures.is_empty(), "the README opens with a picture of a built page");
    let tracked = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["ls-files", "--"])
        .args(&pictures)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).lines().map(str::to_string).collect::<BTreeSet<_>>());
    for p in &pictures {
        match &tracked {
            Some(files) => assert!(files.contains(p), "{p}: the README shows it, but git does not track it"),
            None => assert!(root.join(p).is_file(), "{p}: the README shows it, but it is not there"),
        }
    }
}
