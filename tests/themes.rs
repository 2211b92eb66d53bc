//! Themes: `site.yaml` picks a theme under `themes/`; it overrides single
//! templates or assets and inherits the rest from the embedded default.

use benchsite::build::{BuildOptions, build};

#[test]
fn a_theme_overrides_one_template_and_inherits_the_rest() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("site");
    benchsite::init::init(&dir, &benchsite::init::action()).expect("init");
    let yaml = dir.join("content/site.yaml");
    let text = std::fs::read_to_string(&yaml).expect("site.yaml");
    std::fs::write(&yaml, format!("{text}theme: plain\n")).expect("write");
    let theme = dir.join("themes/plain");
    std::fs::create_dir_all(theme.join("templates")).expect("mkdir");
    std::fs::create_dir_all(theme.join("static")).expect("mkdir");
    let base = benchsite::render::html::DEFAULT_TEMPLATES.iter().find(|(n, _)| *n == "base.html").expect("base").1;
    std::fs::write(
        theme.join("templates/base.html"),
        base.replace("<footer class=\"site-footer\">", "<footer class=\"site-footer\">PLAIN THEME "),
    )
    .expect("write");
    std::fs::write(theme.join("static/extra.css"), "body{}").expect("write");

    let out = dir.join("output");
    build(&BuildOptions::new(dir.join("content"), &out)).expect("builds");
    let index = std::fs::read_to_string(out.join("index.html")).expect("index");
    let machine = std::fs::read_to_string(out.join("example-box/index.html")).expect("machine page");
    assert!(index.contains("PLAIN THEME") && machine.contains("PLAIN THEME"));
    // Inherited: the default machine template and stylesheet, plus the theme's extra asset.
    assert!(machine.contains("dbench 32"));
    assert!(out.join("style.css").is_file() && out.join("extra.css").is_file());

    // A theme that does not exist is an error naming it, and nothing is written.
    std::fs::write(&yaml, format!("{text}theme: missing\n")).expect("write");
    let err = build(&BuildOptions::new(dir.join("content"), tmp.path().join("other"))).unwrap_err();
    assert!(err.to_string().contains("\"missing\""), "{err}");
    assert!(!tmp.path().join("other").exists());
    // Theme names cannot leave themes/.
    std::fs::write(&yaml, format!("{text}theme: ../content\n")).expect("write");
    assert!(build(&BuildOptions::new(dir.join("content"), tmp.path().join("other"))).is_err());
}

/// A `--theme` directory that does not exist (a typo) fails the build,
/// naming it, instead of quietly building with the default theme.
#[test]
fn missing_theme_directory_fails() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let out = tmp.path().join("out");
    let o = assert_cmd::Command::cargo_bin("benchsite")
        .expect("binary")
        .args(["build", "--content"])
        .arg(&content)
        .arg("--output")
        .arg(&out)
        .args(["--theme", "/nonexistent/typo"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/typo"), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!out.exists(), "a failed build wrote {}", out.display());
}

/// A theme's symbolic link out of the theme directory (attack34's theme
/// finding: `static/env.txt -> /proc/self/environ` published the build's
/// environment, CI tokens among them, with the site; `themes/default`
/// beside a results repository's `content/` is picked without
/// `--theme`) is an error naming it, and nothing is written. A link to
/// another file of the theme is read.
#[cfg(unix)]
#[test]
fn a_theme_link_out_of_the_theme_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("site");
    benchsite::init::init(&dir, &benchsite::init::action()).expect("init");
    let theme = dir.join("themes/default");
    std::fs::create_dir_all(theme.join("static")).expect("mkdir");
    std::fs::write(theme.join("static/own.css"), "body{}").expect("write");
    std::os::unix::fs::symlink("own.css", theme.join("static/alias.css")).expect("link");
    let out = dir.join("output");
    build(&BuildOptions::new(dir.join("content"), &out)).expect("a link inside the theme is read");
    assert_eq!(std::fs::read_to_string(out.join("alias.css")).expect("alias.css"), "body{}");
    for (name, target) in [("static/env.txt", "/proc/self/environ"), ("templates/x.html", "/etc/passwd")] {
        let link = theme.join(name);
        std::fs::create_dir_all(link.parent().expect("parent")).expect("mkdir");
        std::os::unix::fs::symlink(target, &link).expect("link");
        let out = tmp.path().join(format!("out-{}", name.replace('/', "-")));
        let err = build(&BuildOptions::new(dir.join("content"), &out)).unwrap_err().to_string();
        assert!(err.contains(name) && err.contains("symbolic link out of the theme directory"), "{err}");
        assert!(!out.exists(), "{name}: something was written");
        std::fs::remove_file(&link).expect("rm");
    }
    // The same for a static directory that is itself a link out.
    std::fs::rename(theme.join("static"), tmp.path().join("static-away")).expect("mv");
    std::os::unix::fs::symlink("/etc", theme.join("static")).expect("link");
    assert!(build(&BuildOptions::new(dir.join("content"), tmp.path().join("out-etc"))).is_err());
}
