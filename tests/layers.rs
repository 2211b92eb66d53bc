//! Imports point one way (README, "Architecture"): every module of
//! `src/` sits in a layer, and a module imports only modules of lower
//! layers. The data flows up the table: content is discovered and loaded
//! (`site`, which calls `parse`), laid out as view models (`report`), drawn
//! (`chart`, `render`) and written (`output`) by the one pipeline (`build`)
//! under the commands.
//!
//! What counts as an import is any `crate::NAME` in code (comments and
//! doc links are not imports), including `use crate::{a, b}` groups; the
//! same check by hand is
//! `grep -rn 'crate::' src/report | grep -v '^\S*: *//'`.

use std::path::{Path, PathBuf};

/// (top-level module, layer). A module may import only modules of a lower
/// layer; modules of one layer do not import each other.
const LAYERS: &[(&str, u32)] = &[
    // Leaves: no import of ours.
    ("diag", 0),
    ("timing", 0),
    ("version", 0),
    ("markdown", 0),
    ("fingerprint", 0),
    // LEB128 varints of the two caches' packed byte strings.
    ("varint", 0),
    // `str::lines` by memchr (the list of written files, label lines).
    ("lines", 0),
    // The output writer: atomic writes, the lock, path claims, the list of
    // written files (uses the content hash).
    ("output", 1),
    // The data model: samples, metrics, parsed files.
    ("model", 1),
    // One parser per benchmark.
    ("parse", 2),
    // Statistics and derived metrics over samples.
    ("stats", 3),
    ("derive", 3),
    // Content: YAML, discovery, loading a machine class (calls parse).
    ("site", 4),
    // View models: plain data, every text a renderer shows.
    ("report", 5),
    // Charts from view models.
    ("chart", 6),
    // HTML (tera and native), Markdown, plaintext, SVG.
    ("render", 7),
    // data.json/CSV, and the build cache.
    ("export", 8),
    ("cache", 8),
    // Lints over a loaded site.
    ("check", 9),
    // The one pipeline.
    ("build", 10),
    // The live server and the site skeleton.
    ("serve", 11),
    ("init", 11),
    // The commands: one thin file each.
    ("cli", 12),
];

fn layer(module: &str) -> Option<u32> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, l)| l)
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("src/ is readable") {
        let p = e.expect("a directory entry").path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The line without its `//` comment (a `//` inside a string literal is kept).
fn code_of(line: &str) -> &str {
    let b = line.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'/' if !in_str && b.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// The top-level modules a piece of code names after `crate::`, with
/// `crate::{a, b::c}` groups opened.
fn imported(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Names at depth 1 of the group.
            let mut depth = 1;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => start = true,
                    c if start && depth == 1 && (c.is_ascii_alphabetic() || c == '_') => {
                        let name: String =
                            group[i..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                        out.push(name);
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            out.push(name);
        }
    }
    out
}

#[test]
fn imports_point_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut unplaced = Vec::new();
    let mut back = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_str().unwrap();
        let module = first.strip_suffix(".rs").unwrap_or(first);
        if module == "main" || module == "lib" {
            continue;
        }
        let Some(own) = layer(module) else {
            unplaced.push(module.to_string());
            continue;
        };
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            for m in imported(code_of(line)) {
                if m == module || m == "self" {
                    continue;
                }
                match layer(&m) {
                    Some(l) if l < own => {}
                    Some(l) => back.push(format!(
                        "src/{}:{}: {module} (layer {own}) imports {m} (layer {l})",
                        rel.display(),
                        n + 1
                    )),
                    None => unplaced.push(m),
                }
            }
        }
    }
    unplaced.sort();
    unplaced.dedup();
    assert!(unplaced.is_empty(), "modules with no layer in tests/layers.rs: {unplaced:?}");
    assert!(back.is_empty(), "imports against the layering:\n{}", back.join("\n"));
}

#[test]
fn the_scanner_reads_groups_and_skips_comments() {
    assert_eq!(imported(code_of("use crate::{model::Value, parse::{self, Input}};")), ["model", "parse"]);
    assert_eq!(imported(code_of("let x = crate::stats::mean(v); // see crate::report")), ["stats"]);
    assert!(imported(code_of("/// [`crate::site`]")).is_empty());
    assert!(imported(code_of(r#"let s = "http://x"; // crate::y"#)).is_empty());
}
