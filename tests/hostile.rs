//! Hostile content is harmless: names, YAML values and commentary full of
//! `<script>`, `javascript:` links, event handlers and tera syntax build a
//! site in which nothing executes and template syntax prints literally.

mod common;

use common::{dbench, markup_problem, put, texts};

/// Payload for plain-text fields: names, titles, specs, patches, metrics.
const NAME: &str = r#"<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)> <a href="javascript:alert(1)" onclick="alert(1)">a</a> <b onmouseover=alert(1)>b</b> {{ site }} {% raw %} {{ 7*7 }}"#;
/// Payload for Markdown fields: descriptions, commentary, notes.
const PROSE: &str = "Text <script>evil()</script> and [a link](javascript:evil()) and\n<img src=y onerror=evil()> <div onclick=\"evil()\">d</div> [b](JaVaScRiPt:evil()) \
<a href=\"&#106;avascript:evil()\">e</a> <svg onload=evil()><script>evil()</script></svg> <iframe src=\"javascript:evil()\"></iframe>\n{{ site }} {% raw %} {% endraw %}\n";

fn j(s: &str) -> String {
    serde_json::to_string(s).expect("json")
}

/// Directory names: everything a file name may hold.
const DIR_NAMES: &[&str] = &[
    "javascript:alert(1)",
    "<script>alert(1)",
    "<img src=x onerror=alert(1)>",
    "{{ site }}",
    "{% raw %}",
    "\" onmouseover=\"alert(1)",
];

fn hostile_site(root: &std::path::Path) -> std::path::PathBuf {
    let c = root.join("content");
    put(&c, "site.yaml", format!("title: {}\ndescription: {}\nauthor: {}\n", j(NAME), j(PROSE), j(NAME)));
    let machine = format!(
        "name: {n}\ncpu: {n}\nmhz: {n}\nmemory: {n}\ndisks: {n}\nsource: {n}\ndescription: {p}\n\
         sections:\n  - title: {n}\n    commentary: {p}\n    files: [\"*/dbench*\"]\n  - title: {n2}\n    commentary: {p}\n",
        n = j(NAME),
        n2 = j(&format!("{NAME} 2")),
        p = j(PROSE)
    );
    for (mi, m) in DIR_NAMES.iter().enumerate() {
        put(&c, &format!("{m}/machine.yaml"), &machine);
        for (ki, k) in DIR_NAMES.iter().enumerate() {
            put(&c, &format!("{m}/{k}/dbench-32.txt"), dbench(&format!("{}.{}", mi + 1, ki + 1)));
            put(
                &c,
                &format!("{m}/{k}/kernel.yaml"),
                format!("notes: {}\npatches: [{}, {}]\n", j(PROSE), j(NAME), j(NAME)),
            );
            // A generic results file whose metric, unit, group and parameter are hostile too.
            put(
                &c,
                &format!("{m}/{k}/results.yaml"),
                format!(
                    "benchmark: {n}\nresults:\n  - metric: {n}\n    value: {v}\n    unit: {n}\n    better: higher\n    group: {n}\n    params: {{{n}: {n}}}\n",
                    n = j(NAME),
                    v = ki + 1
                ),
            );
        }
    }
    c
}

/// Occurrences of `needle` not made inert by a backslash before them.
fn unescaped(md: &str, needle: &str) -> usize {
    md.match_indices(needle).filter(|(i, _)| !md[..*i].ends_with('\\')).count()
}

#[test]
fn checker_finds_what_it_should() {
    assert!(markup_problem("<p>ok &lt;script&gt; onerror=x</p>").is_none());
    assert!(markup_problem("<a title=\"<script>\" href=\"/x\">t</a>").is_none());
    assert!(markup_problem("<p><script>x</script></p>").is_some());
    assert!(markup_problem("<SCRIPT>x</SCRIPT>").is_some());
    // The theme's table.js, exactly as base.html loads it, and nothing else.
    assert!(markup_problem("<script src=\"../table.js\" defer></script>").is_none());
    assert!(markup_problem("<script src=\"https://example.org/r/table.js\" defer></script>").is_none());
    assert!(markup_problem("<script src=\"../table.js\" defer>x()</script>").is_some());
    assert!(markup_problem("<script src=\"../table.js\"></script>").is_some());
    assert!(markup_problem("<script src=\"//evil.org/table.js\" defer></script>").is_some());
    assert!(markup_problem("<script src=\"data:,x;table.js\" defer></script>").is_some());
    assert!(markup_problem("<script src=\"../evil.js\" defer></script>").is_some());
    assert!(markup_problem("<script src=\"x/table.js\" defer onload=x()></script>").is_some());
    assert_eq!(common::scripts("<head><script src=\"table.js\" defer></script></head><script>"), (1, 1));
    assert!(markup_problem("<img src=x onerror=alert(1)>").is_some());
    assert!(markup_problem("<img src=x\nOnError='alert(1)'>").is_some());
    assert!(markup_problem("<a href=\" javascript:alert(1)\">x</a>").is_some());
    assert!(markup_problem("<a href=\"&#106;avascript:alert(1)\">x</a>").is_some());
    assert!(markup_problem("<a href=java&#x09;script:alert(1)>x</a>").is_some());
    assert_eq!(unescaped("\\<script> <script>", "<script>"), 1);
}

#[test]
fn hostile_content_is_harmless() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = hostile_site(tmp.path());
    let out = tmp.path().join("output");
    let report =
        benchsite::build::build(&benchsite::build::BuildOptions::new(&content, &out)).expect("hostile site builds");
    for d in &report.diagnostics {
        eprintln!("{d}");
    }
    let files = texts(&out);
    // Every machine class and kernel got its pages.
    for m in DIR_NAMES {
        assert!(files.contains_key(&format!("{m}/index.html")), "no page for machine {m:?}");
        assert!(files.contains_key(&format!("{m}/index.md")), "no Markdown for machine {m:?}");
        assert!(files.contains_key(&format!("{m}/email.txt")), "no plaintext for machine {m:?}");
    }
    let mut html_pages = 0;
    for (path, text) in &files {
        if path.ends_with(".html") || path.ends_with(".svg") || path.ends_with(".htm") {
            html_pages += 1;
            if let Some(problem) = markup_problem(text) {
                panic!("{path}: {problem}");
            }
            // No script but the theme's table.js, loaded once from <head>.
            let (other, theme) = common::scripts(text);
            assert_eq!(other, 0, "{path} has a <script not the theme's");
            assert_eq!(theme, usize::from(path.ends_with(".html") && !path.ends_with("404.html")), "{path}");
        }
        if path.ends_with(".md") {
            // Names are escaped: no live HTML or link made of them.
            for needle in [
                "<script>alert(1)",
                "<img src=x onerror=alert(1)>",
                "](javascript:alert(1))",
                "<a href=\"javascript:alert(1)\"",
                "<b onmouseover",
            ] {
                assert_eq!(unescaped(text, needle), 0, "{path}: unescaped {needle:?} from a name\n{text}");
            }
        }
    }
    assert!(html_pages >= DIR_NAMES.len() * (DIR_NAMES.len() + 1), "only {html_pages} HTML pages");
    // A machine directory named like a URL scheme links as a relative path.
    assert!(files["index.html"].contains("href=\"javascript%3Aalert%281%29/index.html\""));
    assert!(files["index.md"].contains("](javascript%3Aalert%281%29/index.md)"));
    // Template syntax printed literally, in every rendering.
    for m in DIR_NAMES {
        for f in ["index.html", "index.md", "email.txt"] {
            let t = &files[&format!("{m}/{f}")];
            assert!(t.contains("{{ site }}"), "{m}/{f} lost the literal {{{{ site }}}}");
            assert!(t.contains("{% raw %}"), "{m}/{f} lost the literal {{% raw %}}");
            let literal = if f.ends_with(".md") { "{{ 7\\*7 }}" } else { "{{ 7*7 }}" };
            assert!(t.contains(literal) && !t.contains(">49<"), "{m}/{f} evaluated {{{{ 7*7 }}}}");
        }
    }
    // The values are all there.
    let page = &files["{{ site }}/index.html"];
    for v in ["4.1", "4.6"] {
        assert!(page.contains(v), "value {v} missing");
    }
}

/// Spreadsheet formulas and terminal escape sequences in directory names:
/// the CSV exports quote formulas as text (a leading `'`), and the
/// plaintext — `email.txt` and `benchsite text` — carries no control
/// characters.
#[test]
fn csv_formulas_and_terminal_escapes_are_inert() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = common::small_site(tmp.path());
    let formula = "=HYPERLINK(\"http://evil.example\";\"x\")";
    let escape = "2.4.9\u{1b}]0;pwned\u{7}\u{1b}[2J";
    put(&content, &format!("m1/{formula}/dbench-32.txt"), dbench("7.1"));
    put(&content, &format!("m1/{escape}/dbench-32.txt"), dbench("7.2"));
    let out = tmp.path().join("output");
    benchsite::build::build(&benchsite::build::BuildOptions::new(&content, &out)).expect("site builds");
    let files = texts(&out);
    let csvs: Vec<&String> = files.iter().filter(|(p, _)| p.ends_with(".csv")).map(|(_, t)| t).collect();
    assert!(!csvs.is_empty(), "no CSV written");
    for csv in &csvs {
        for line in csv.lines() {
            assert!(!line.starts_with('='), "formula at the start of a CSV record: {line}");
            assert!(!line.contains(",=") && !line.contains(",\"="), "formula in a CSV field: {line}");
        }
    }
    assert!(csvs.iter().any(|c| c.contains("\"'=HYPERLINK(")), "the kernel name is kept, as text");
    let email = &files["m1/email.txt"];
    assert!(!email.chars().any(|c| c.is_control() && c != '\n'), "control characters in email.txt");
    assert!(email.contains("2.4.9\u{FFFD}]0;pwned"), "the name is kept, its escapes replaced");
    let text = common::benchsite().args(["text", "m1", "--content"]).arg(&content).output().expect("benchsite text");
    assert!(text.status.success(), "{}", String::from_utf8_lossy(&text.stderr));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("2.4.9"), "{text}");
    assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "control characters from benchsite text");
    // Error messages list the known names, escapes made inert too.
    let e = common::benchsite()
        .args(["text", "m1", "--kernels", "nosuch", "--content"])
        .arg(&content)
        .output()
        .expect("text");
    let e = String::from_utf8_lossy(&e.stderr);
    assert!(e.contains("2.4.9\u{FFFD}]0;pwned"), "{e}");
    assert!(!e.chars().any(|c| c.is_control() && c != '\n'), "control characters in an error: {e:?}");
}
