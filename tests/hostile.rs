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
            // Descriptions, commentary and notes: their raw HTML is text,
            // their `javascript:` targets gone (attack47 F2: copied as written).
            for needle in ["<script>evil()", "<div onclick", "<svg onload", "<iframe", "<img src=y", "<a href="] {
                assert_eq!(unescaped(text, needle), 0, "{path}: unescaped {needle:?} from prose\n{text}");
            }
            let lower = text.to_ascii_lowercase();
            assert!(!lower.contains("](javascript:evil"), "{path}: a javascript: link from prose\n{text}");
        }
        if path.ends_with("email.txt") {
            // The mail says what the page does: no script's text, no target
            // the page's sanitiser refuses.
            assert!(!text.contains("evil()"), "{path}: a script or refused link from prose\n{text}");
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

/// A raw file named like a page or an image (`dbench.html`, `.htm`,
/// `.svg`, `.xhtml`) holding a script and a dbench run (attack34 #0): its
/// copy in the site ends in `.txt` and is what the pages link, so no host
/// serves it as a page on the site's origin; its figures are read as
/// ever. A class holding both `a.html` and `a.html.txt` would give them
/// one copy: `a.html` is skipped with a warning naming both names.
#[test]
fn raw_files_named_like_pages_are_copied_as_text() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = common::small_site(tmp.path());
    let script = "<script>alert(document.domain)</script><svg onload=alert(1)>\n";
    for (k, name) in
        [("2.4.9", "dbench.html"), ("2.4.10", "dbench.htm"), ("2.4.11", "dbench.svg"), ("2.4.12", "dbench.xhtml")]
    {
        put(&content, &format!("m1/{k}/{name}"), format!("{script}{}", dbench("7.5")));
    }
    // `dbench.html` beside a file already named as its copy would be.
    put(&content, "m1/2.4.13/dbench.html", format!("{script}{}", dbench("1.1")));
    put(&content, "m1/2.4.13/dbench.html.txt", dbench("8.25"));
    let out = tmp.path().join("output");
    let report = benchsite::build::build(&benchsite::build::BuildOptions::new(&content, &out)).expect("site builds");
    let files = texts(&out);
    let copies: Vec<&String> = files.keys().filter(|p| p.starts_with("m1/raw/")).collect();
    assert_eq!(
        copies,
        [
            "m1/raw/2.4.10/dbench.htm.txt",
            "m1/raw/2.4.11/dbench.svg.txt",
            "m1/raw/2.4.12/dbench.xhtml.txt",
            "m1/raw/2.4.13/dbench.html.txt",
            "m1/raw/2.4.7/dbench-32.txt",
            "m1/raw/2.4.8/dbench-32.txt",
            "m1/raw/2.4.9/dbench.html.txt",
        ]
    );
    assert!(files["m1/raw/2.4.9/dbench.html.txt"].starts_with(script), "the copy is the file as written");
    assert_eq!(files["m1/raw/2.4.13/dbench.html.txt"], dbench("8.25"), "the file named .txt keeps its copy");
    for (path, text) in files.iter().filter(|(p, _)| p.ends_with(".html") || p.ends_with(".md")) {
        for active in ["dbench.html\"", "dbench.htm\"", "dbench.svg\"", "dbench.xhtml\"", "dbench.html)", "dbench.svg)"]
        {
            assert!(!text.contains(active), "{path} links a raw file by its active name ({active})");
        }
    }
    let page = &files["m1/index.html"];
    for link in ["raw/2.4.9/dbench.html.txt", "raw/2.4.10/dbench.htm.txt", "raw/2.4.11/dbench.svg.txt"] {
        assert!(page.contains(&format!("href=\"{link}\"")), "m1/index.html does not link {link}");
    }
    assert!(page.contains("7.5") && page.contains("8.25") && !page.contains(">1.1<"), "figures as read");
    let skipped: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("the name of another raw file"))
        .map(|d| d.to_string())
        .collect();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert!(
        skipped[0].contains("2.4.13/dbench.html:") && skipped[0].contains("raw/2.4.13/dbench.html.txt"),
        "{skipped:?}"
    );
}

/// A file's own parameter named `dir` (a CSV column) in set-up
/// directories `6.1/ext4/`, `6.1/xfs/` (attack34 #0b): the set-up
/// directories' parameter was named `dir` too, one of the two was lost,
/// and ext4 and xfs were averaged as runs of one set-up (`6.1 151 ±58`,
/// n 4). Now the site's parameter is named `set-up dir`, with a note, and
/// each set-up is its own row, compared with its own baseline.
#[test]
fn a_files_own_dir_parameter_keeps_set_up_directories_apart() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: t\n");
    put(&c, "box/machine.yaml", "name: box\nbaseline: \"6.1\"\n");
    for (k, add) in [("6.1", 0), ("6.2", 50)] {
        for (fs, base) in [("ext4", 100), ("xfs", 200)] {
            let (a, b) = (base + add, base + add + 2);
            put(
                &c,
                &format!("box/{k}/{fs}/r.csv"),
                format!("metric,value,better,dir\nm,{a},higher,same\nm,{b},higher,same\n"),
            );
        }
    }
    let out = tmp.path().join("output");
    let report = benchsite::build::build(&benchsite::build::BuildOptions::new(&c, &out)).expect("site builds");
    let notes: Vec<String> =
        report.diagnostics.iter().map(|d| d.to_string()).filter(|d| d.contains("`set-up dir`")).collect();
    assert_eq!(notes.len(), 1, "{:?}", report.diagnostics);
    let files = texts(&out);
    assert_two_set_ups_apart(&files);
    let data = &files["box/data.json"];
    assert!(data.contains("\"set-up dir\"") && data.contains("\"same\""), "data.json keeps both parameters");
}

/// The class `box`'s CSV of two set-ups of two runs each on kernels 6.1
/// and 6.2 (runs 100/102 and 200/202, each 50 more on 6.2): each set-up's
/// mean of its own two runs, never the four averaged as runs of one.
fn assert_two_set_ups_apart(files: &std::collections::BTreeMap<String, String>) {
    let csv: String = files.iter().filter(|(p, _)| p.starts_with("box/csv/")).map(|(_, t)| t.as_str()).collect();
    for mean in ["101", "201", "151", "251"] {
        assert!(csv.lines().any(|l| l.contains(&format!(",2,{mean},"))), "no n 2 mean {mean} in\n{csv}");
    }
    assert!(!csv.contains(",4,"), "set-ups averaged as runs:\n{csv}");
}

/// The same clash for the site's other parameters: a CSV column `file`
/// beside the site's `file` (files `before1.csv`, `after1.csv`: each
/// set-up's runs were averaged with the other's, 4 runs of one row), and
/// a column `booted` beside the site's `booted` (a file naming another
/// kernel of the class). Each site parameter is renamed for that
/// benchmark (`set-up file`, `booted kernel`), with a note.
#[test]
fn a_files_own_file_and_booted_parameters_keep_the_sites_apart() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: t\n");
    put(&c, "box/machine.yaml", "name: box\nbaseline: \"6.1\"\n");
    for (k, add) in [("6.1", 0), ("6.2", 50)] {
        for (stem, base) in [("before", 100), ("after", 200)] {
            let (a, b) = (base + add, base + add + 2);
            put(
                &c,
                &format!("box/{k}/{stem}1.csv"),
                format!("metric,value,better,file\nm,{a},higher,same\nm,{b},higher,same\n"),
            );
        }
    }
    put(
        &c,
        "box/6.1/b.csv",
        "# benchmark: b\nkernel,metric,value,better,booted\n6.1,t,10,higher,yes\n6.1,t,12,higher,yes\n",
    );
    put(
        &c,
        "box/6.2/b.csv",
        "# benchmark: b\nkernel,metric,value,better,booted\n6.1,t,20,higher,yes\n6.1,t,22,higher,yes\n",
    );
    let out = tmp.path().join("output");
    let report = benchsite::build::build(&benchsite::build::BuildOptions::new(&c, &out)).expect("site builds");
    let said = |what: &str| report.diagnostics.iter().filter(|d| d.to_string().contains(what)).count();
    assert_eq!(said("is named `set-up file`"), 1, "{:#?}", report.diagnostics);
    assert_eq!(said("is named `booted kernel`"), 1, "{:#?}", report.diagnostics);
    let files = texts(&out);
    assert_two_set_ups_apart(&files);
    let data = &files["box/data.json"];
    assert!(data.contains("\"set-up file\"") && data.contains("\"booted kernel\""), "data.json keeps both parameters");
}

/// YAML aliases (attack34 #1): a 25 KB `machine.yaml` of aliases to a
/// 1,000-name list took 4.9 GB and 90 s before the YAML library's own
/// limit stopped it, without a line; a 6 KB generic results file gave
/// 300,000 samples. An alias is now an error at its line and column, in
/// the annotations and in raw generic YAML, before anything is expanded;
/// a `*` in a quoted or block scalar (a Markdown list in commentary) or a
/// comment is none.
#[test]
fn yaml_aliases_are_refused_at_their_line() {
    use benchsite::site::{YamlKind, check_yaml};
    let names: Vec<String> = (0..1000).map(|i| format!("k{i}")).collect();
    let bomb = format!(
        "name: box\nkernel_order: &M [{}]\nsections:\n{}",
        names.join(", "),
        "  - {title: t, metrics: *M}\n".repeat(1000)
    );
    let started = std::time::Instant::now();
    let diags = check_yaml(YamlKind::Machine, &bomb);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!((diags[0].line, diags[0].column), (Some(4), Some(25)), "{diags:?}");
    assert!(diags[0].message.contains("YAML alias") && diags[0].to_string().starts_with("error:"), "{}", diags[0]);
    assert!(started.elapsed().as_secs() < 30, "the alias was expanded before it was refused");
    for kind in [YamlKind::Site, YamlKind::Kernel] {
        let d = check_yaml(kind, "title: &t x\nnotes: &t x\ndescription: *t\n");
        assert!(d.iter().any(|d| d.line == Some(3) && d.message.contains("YAML alias")), "{d:?}");
    }
    // Stars that are no alias.
    let fine =
        "title: \"*bold*\"\ndescription: |\n  * a list item\n  *emphasis* and 2*3\n# *not an alias\nauthor: 'x *y'\n";
    assert!(check_yaml(YamlKind::Site, fine).is_empty(), "{:?}", check_yaml(YamlKind::Site, fine));
    // Raw generic YAML: the file is skipped with a warning at the alias.
    let tmp = tempfile::tempdir().expect("tmp");
    let content = common::small_site(tmp.path());
    let rbomb = format!(
        "benchmark: b\nresults:\n  - &R {{metric: m, better: higher, values: [{}]}}\n{}",
        (0..1000).map(|i| i.to_string()).collect::<Vec<_>>().join(", "),
        "  - *R\n".repeat(299)
    );
    put(&content, "m1/2.4.8/r.yaml", &rbomb);
    let out = tmp.path().join("output");
    let report = benchsite::build::build(&benchsite::build::BuildOptions::new(&content, &out)).expect("site builds");
    let said: Vec<String> = report.diagnostics.iter().map(|d| d.to_string()).filter(|d| d.contains("r.yaml")).collect();
    assert!(said.iter().any(|d| d.contains("r.yaml:4:") && d.contains("YAML alias")), "{said:?}");
    assert!(!texts(&out)["m1/data.json"].contains("\"m\""), "samples read from an alias");
}

/// A bidirectional override in a kernel's name (`6.2` + U+202E, attack34
/// #13) reached the mail, the pages, the Markdown and the CSV: in the
/// mail it ran to the end of the line and showed the row's figures
/// backwards (`0.150` as `051.0`). It is U+FFFD in every output now,
/// as control characters are.
#[test]
fn bidi_controls_in_names_are_inert() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = common::small_site(tmp.path());
    put(&content, "m1/2.4.9\u{202E}/dbench-32.txt", dbench("7.25"));
    put(&content, "m1/2.4.10\u{2067}x/dbench-32.txt", dbench("7.75"));
    let out = tmp.path().join("output");
    benchsite::build::build(&benchsite::build::BuildOptions::new(&content, &out)).expect("site builds");
    let files = texts(&out);
    for (path, text) in files.iter().filter(|(p, _)| published(p)) {
        let bidi = text.chars().find(|&c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'));
        assert!(bidi.is_none(), "{path} holds U+{:04X}", u32::from(bidi.unwrap_or(' ')));
    }
    assert!(files["m1/email.txt"].contains("2.4.9\u{FFFD}") && files["m1/email.txt"].contains("7.25"));
}

/// Whether `path` (relative to the output directory) is published: the
/// build's cache (`.benchsite-cache/`, deflated binary entries the Pages
/// step leaves out) is not, and read lossily as text a byte pair of it may
/// be any character (`C2 AD`, a soft hyphen, by chance).
fn published(path: &str) -> bool {
    !path.starts_with(".benchsite-cache/")
}

/// A kernel or machine class directory whose name holds a zero-width
/// space, a zero-width joiner or a soft hyphen looked the same as the
/// name without it on every page and in the mail: two kernels `2.6.9`
/// side by side. Each is a warning naming the directory, and the
/// character is shown as its code point (`2.6.9<U+200B>`) everywhere.
#[test]
fn invisible_characters_in_names_are_shown_and_warned_of() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = common::small_site(tmp.path());
    put(&content, "m1/2.4.7\u{200B}/dbench-32.txt", dbench("7.25"));
    put(&content, "m1/2.4.8\u{AD}/dbench-32.txt", dbench("7.75"));
    put(&content, "m\u{200D}1/machine.yaml", "name: \"twin\"\n");
    put(&content, "m\u{200D}1/2.4.7/dbench-32.txt", dbench("8.25"));
    let out = tmp.path().join("output");
    let report = benchsite::build::build(&benchsite::build::BuildOptions::new(&content, &out)).expect("site builds");
    for (dir, shown) in
        [("2.4.7\u{200B}", "2.4.7<U+200B>"), ("2.4.8\u{AD}", "2.4.8<U+00AD>"), ("m\u{200D}1", "m<U+200D>1")]
    {
        let d = report
            .diagnostics
            .iter()
            .find(|d| d.file.to_string_lossy().ends_with(dir))
            .unwrap_or_else(|| panic!("no warning for {dir:?}: {:#?}", report.diagnostics));
        assert!(d.message.contains("invisible character") && d.message.contains(shown), "{d}");
    }
    let files = texts(&out);
    for (path, text) in files.iter().filter(|(p, _)| published(p)) {
        let c = text.chars().find(|&c| matches!(c, '\u{200B}' | '\u{200D}' | '\u{AD}'));
        assert!(c.is_none(), "{path} holds U+{:04X}", u32::from(c.unwrap_or(' ')));
    }
    let mail = &files["m1/email.txt"];
    assert!(mail.contains("2.4.7<U+200B>") && mail.contains("2.4.8<U+00AD>") && mail.contains("7.25"), "{mail}");
    assert!(files["m1/index.html"].contains("2.4.7&lt;U+200B&gt;"));
}

/// A Cyrillic or Greek letter that looks like a Latin one, in a kernel's
/// name (`2.6.9-аc`, its `а` U+0430) or a set-up label (`--- еxt3`, its
/// `е` U+0435), reads as `2.6.9-ac` and `ext3` on every page and in the
/// mail, yet matches neither: each is a warning naming the letter and the
/// name it reads as (leftovers35: only invisible characters were).
#[test]
fn look_alike_letters_in_kernel_names_and_labels_are_warned_of() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = common::small_site(tmp.path());
    put(&content, "m1/2.6.9-\u{430}c/dbench-32.txt", dbench("7.25"));
    let mail = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/wild/bonnie_pp/lkml-2004-02-bonnie++103-2concurrent-reiserfs-vs-ext3-dash-labels-plus-in-ext3-only.txt"
    ))
    .expect("fixture");
    put(&content, "m1/2.4.7/bonnie.txt", mail.replace("--- ext3", "--- \u{435}xt3"));
    let out = tmp.path().join("output");
    let report = benchsite::build::build(&benchsite::build::BuildOptions::new(&content, &out)).expect("site builds");
    let said = |what: &str| {
        report
            .diagnostics
            .iter()
            .find(|d| d.message.contains(what))
            .unwrap_or_else(|| panic!("no warning with {what:?}: {:#?}", report.diagnostics))
    };
    let d = said("kernel name `2.6.9-\u{430}c` mixes scripts");
    assert!(d.message.contains("(U+0430) is Cyrillic") && d.message.contains("reads as `2.6.9-ac`"), "{d}");
    assert!(d.file.to_string_lossy().ends_with("2.6.9-\u{430}c"), "{d}");
    let d = said("label `\u{435}xt3` mixes scripts");
    assert!(d.message.contains("reads as `ext3`") && d.file.to_string_lossy().ends_with("bonnie.txt"), "{d}");
    // Names of one script, or Latin alone, are not warned of.
    assert_eq!(report.diagnostics.iter().filter(|d| d.message.contains("mixes scripts")).count(), 2);
}
