//! Random small content trees never make a build panic: random names,
//! random bytes, shuffled and damaged lines of real benchmark output, random
//! YAML. Errors are fine; a panic, an output path leaving the output
//! directory, or script-capable markup in a page, is not.

mod common;

use benchsite::build::{BuildError, BuildOptions, render_site, write_output};
use proptest::prelude::*;
use std::path::Path;
use std::sync::LazyLock;

/// Lines of every fixture file, the raw material of "real" content.
static LINES: LazyLock<Vec<String>> = LazyLock::new(|| {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut lines = Vec::new();
    for e in walkdir::WalkDir::new(root).sort_by_file_name() {
        let e = e.expect("walk");
        if e.file_type().is_file() {
            let bytes = std::fs::read(e.path()).expect("read");
            lines.extend(String::from_utf8_lossy(&bytes).lines().map(str::to_string));
        }
    }
    assert!(lines.len() > 100);
    lines
});

/// A char boundary near the middle of `l`.
fn half(l: &str) -> usize {
    (0..=l.len() / 2).rev().find(|&i| l.is_char_boundary(i)).unwrap_or(0)
}

#[derive(Debug, Clone)]
enum Body {
    Bytes(Vec<u8>),
    /// Runs of consecutive fixture lines: (start index, count, damage).
    Lines(Vec<(usize, usize, u8)>),
    Yaml(String),
}

impl Body {
    fn bytes(&self) -> Vec<u8> {
        match self {
            Body::Bytes(b) => b.clone(),
            Body::Yaml(s) => s.clone().into_bytes(),
            Body::Lines(runs) => {
                let pool = &*LINES;
                let mut out = String::new();
                for &(start, count, damage) in runs {
                    for i in 0..count {
                        let l = &pool[(start + i) % pool.len()];
                        match damage % 6 {
                            0 | 1 => out.push_str(l),
                            2 => out.push_str(&l[..half(l)]), // cut short
                            3 => {
                                // hard-wrapped in the middle
                                let cut = half(l);
                                out.push_str(&l[..cut]);
                                out.push('\n');
                                out.push_str(&l[cut..]);
                            }
                            4 => {
                                out.push_str("> ");
                                out.push_str(l);
                            }
                            _ => out.push_str(&l.replace(|c: char| c.is_ascii_digit(), "x")),
                        }
                        out.push_str(if damage % 7 == 0 { "\r\n" } else { "\n" });
                    }
                }
                out.into_bytes()
            }
        }
    }
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z0-9.+-]{1,10}",
        "2\\.[4-6]\\.[0-9]{1,2}(-(pre|rc|aa|mm)[0-9])?",
        "[ -~&&[^/]]{1,12}",
        "\\PC{1,6}",
        proptest::sample::select(vec![
            "javascript:alert(1)".to_string(),
            "<script>alert(1)".to_string(),
            "<img src=x onerror=alert(1)>".to_string(),
            "\" onmouseover=\"alert(1)".to_string(),
            "{{ site }}".to_string(),
            "style.css".to_string(),
            "index.html".to_string(),
        ]),
    ]
    .prop_filter("usable file name", |s| s != "." && s != ".." && !s.contains('/') && !s.contains('\0'))
}

fn yaml_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,80}",
        ("[ -~]{0,20}", "[ -~]{0,20}", "[ -~]{0,20}").prop_map(|(a, b, c)| format!(
            "name: {a:?}\nbaseline: {b:?}\nsections:\n  - title: {c:?}\n    files: [{a:?}, \"*/*\"]\n    metrics: [{b:?}]\n"
        )),
        ("[ -~]{0,20}", "[a-z-]{1,12}").prop_map(|(a, id)| format!("name: x\nformats:\n  {a:?}: {id}\n")),
        "(name|cpu|mhz|trim|alpha|notes|patches|runs|sections|results|metric|value|better|title): ?[ -~]{0,12}\n(  - )?[a-z]{0,6}: ?[0-9a-z\\[\\]{}]{0,6}\n",
        Just("results:\n  - metric: m\n    value: 1\n    better: higher\n".to_string()),
        Just("results:\n  - metric: m\n    values: []\n    better: lower\n    n: 0\n".to_string()),
    ]
}

/// A machine.yaml that usually loads: random strings in the right places,
/// real parser ids in `formats:`, sometimes a baseline.
fn machine_yaml() -> impl Strategy<Value = String> {
    let ids: Vec<&'static str> = benchsite::parse::registry().iter().map(|p| p.id()).collect();
    (
        "[ -~]{0,20}",
        proptest::option::weighted(0.2, name()),
        proptest::collection::vec(
            ("[ -~]{0,12}", proptest::collection::vec("[?a-z0-9./\\-]{0,4}\\*?[?a-z0-9./-]{0,4}", 0..3)),
            0..3,
        ),
        proptest::option::weighted(0.3, ("[?a-z0-9./-]{0,4}\\*?[?a-z0-9./-]{0,4}", proptest::sample::select(ids))),
    )
        .prop_map(|(name, baseline, sections, format)| {
            let mut y = format!("name: {name:?}\n");
            if let Some(b) = baseline {
                y += &format!("baseline: {:?}\n", b.escape_default().to_string());
            }
            if let Some((glob, id)) = format {
                y += &format!("formats:\n  {glob:?}: {id}\n");
            }
            if !sections.is_empty() {
                y += "sections:\n";
                for (title, files) in sections {
                    let commentary = format!("*{title}* [link](javascript:{title})");
                    y += &format!("  - title: {title:?}\n    files: {files:?}\n    commentary: {commentary:?}\n");
                }
            }
            y
        })
}

fn body() -> impl Strategy<Value = Body> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..200).prop_map(Body::Bytes),
        proptest::collection::vec((0usize..100_000, 1usize..40, any::<u8>()), 1..4).prop_map(Body::Lines),
        yaml_text().prop_map(Body::Yaml),
    ]
}

type Kernel = (String, Vec<(String, Body)>, Option<String>);
type Machine = (String, Option<String>, Vec<Kernel>, Vec<(String, Body)>);

fn machine() -> impl Strategy<Value = Machine> {
    let kernel_yaml = prop_oneof![
        6 => Just(None),
        1 => yaml_text().prop_map(Some),
        2 => ("[ -~]{0,20}", name(), 0u32..4).prop_map(|(notes, file, n)| Some(format!(
            "notes: {notes:?}\npatches: [{notes:?}]\nruns:\n  {:?}: {{ n: {n} }}\n",
            file.escape_default().to_string()
        ))),
    ];
    let kernel = (name(), proptest::collection::vec((name(), body()), 0..3), kernel_yaml);
    (
        name(),
        prop_oneof![8 => machine_yaml().prop_map(Some), 1 => proptest::option::of(yaml_text())],
        proptest::collection::vec(kernel, 0..4),
        proptest::collection::vec((name(), body()), 0..2),
    )
}

fn write(root: &Path, rel: &[&str], bytes: &[u8]) {
    let mut p = root.to_path_buf();
    for r in rel {
        p.push(r);
    }
    if let Some(parent) = p.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    // Name clashes (a file and a directory of the same name) are just skipped.
    let _ = std::fs::write(&p, bytes);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_content_never_panics(
        site_yaml in prop_oneof![
            4 => Just(None),
            1 => yaml_text().prop_map(Some),
            2 => "[ -~]{0,20}".prop_map(|t| Some(format!("title: {t:?}\ndescription: {:?}\n", format!("# {t}")))),
        ],
        machines in proptest::collection::vec(machine(), 1..3),
    ) {
        let tmp = tempfile::tempdir().expect("tmp");
        let content = tmp.path().join("content");
        std::fs::create_dir_all(&content).expect("mkdir");
        if let Some(y) = &site_yaml {
            write(&content, &["site.yaml"], y.as_bytes());
        }
        for (m, myaml, kernels, files) in &machines {
            let _ = std::fs::create_dir_all(content.join(m));
            if let Some(y) = myaml {
                write(&content, &[m, "machine.yaml"], y.as_bytes());
            }
            for (k, kfiles, kyaml) in kernels {
                for (f, b) in kfiles {
                    write(&content, &[m, k, f], &b.bytes());
                }
                if let Some(y) = kyaml {
                    write(&content, &[m, k, "kernel.yaml"], y.as_bytes());
                }
            }
            for (f, b) in files {
                write(&content, &[m, f], &b.bytes());
            }
        }
        let out = tmp.path().join("output");
        match render_site(&BuildOptions::new(&content, &out)) {
            Ok((files, _report)) => {
                // No page has script-capable markup, whatever the names and text.
                for f in files.iter().filter(|f| f.path.ends_with(".html") || f.path.ends_with(".svg")) {
                    let problem = common::markup_problem(&String::from_utf8_lossy(&f.contents));
                    prop_assert!(problem.is_none(), "{}: {:?}", f.path, problem);
                }
                // Writing works, or (a machine class named like one of the
                // site's own files) fails before writing anything.
                if let Err(e) = write_output(&out, &files, false) {
                    prop_assert!(matches!(e, BuildError::Write { .. }), "{e}");
                    prop_assert!(!out.exists(), "a failed write left {}: {e}", out.display());
                }
            }
            Err(BuildError::Invalid(diags)) => {
                prop_assert!(!diags.is_empty());
            }
            // Outputs that clash (a machine class named like one of the
            // site's own files) are found while rendering, before writing.
            Err(BuildError::Write { .. }) => {}
            Err(e) => prop_assert!(false, "unexpected build error: {e}"),
        }
    }
}
