//! The mail of a class with many kernels (issue 21, point 5): `email.txt`
//! holds the baseline and the last kernels, as `compare.html` sets in
//! full, and says at its top how many it left out and where the class page
//! is; `benchsite text` prints the same, and `--kernels` still selects any.
//! A benchmark's detail (dbench's per-operation table) is on the web pages
//! and not in the mail, unless a section names it.

mod common;

use common::{benchsite, dbench, put};
use std::path::Path;

/// A class `m1` of 30 kernels `2.4.1` … `2.4.30` (baseline `2.4.1`),
/// published under `base_url`.
fn many_kernels(root: &Path) -> std::path::PathBuf {
    let c = root.join("content");
    put(&c, "site.yaml", "title: \"Test site\"\nbase_url: \"https://example.org/results\"\n");
    put(&c, "m1/machine.yaml", "name: \"Machine one\"\nbaseline: \"2.4.1\"\n");
    for i in 1..=30 {
        put(&c, &format!("m1/2.4.{i}/dbench-32.txt"), dbench(&format!("{i}.5")));
    }
    c
}

#[test]
fn a_class_with_many_kernels_mails_the_baseline_and_the_last_ones() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = many_kernels(tmp.path());
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).assert().success();
    let mail = std::fs::read_to_string(out.join("m1/email.txt")).expect("email.txt");
    let head: Vec<&str> = mail.lines().take(4).collect();
    assert_eq!(
        head,
        [
            "Machine one",
            "===========",
            "This mail leaves out 9 of 30 kernels (it shows the baseline and the last",
            "20). All results: https://example.org/results/m1/",
        ]
    );
    let kernel_rows = |text: &str, k: &str| text.lines().filter(|l| l.starts_with(&format!("{k} "))).count();
    assert!(kernel_rows(&mail, "2.4.1") > 0, "the baseline's rows");
    assert!(kernel_rows(&mail, "2.4.10") == 0, "the 9 after the baseline are left out");
    assert!(kernel_rows(&mail, "2.4.11") > 0 && kernel_rows(&mail, "2.4.30") > 0, "the last 20");

    // `text` prints the mail; `--kernels` selects any kernels, left out or not.
    let text = benchsite().args(["text", "m1", "--compare", "--content"]).arg(&content).assert().success();
    assert_eq!(String::from_utf8_lossy(&text.get_output().stdout), mail);
    let some =
        benchsite().args(["text", "m1", "--kernels", "2.4.2,2.4.3", "--content"]).arg(&content).assert().success();
    let some = String::from_utf8_lossy(&some.get_output().stdout).into_owned();
    assert!(!some.contains("leaves out"), "{some}");
    assert!(kernel_rows(&some, "2.4.2") > 0 && kernel_rows(&some, "2.4.3") > 0, "{some}");
    assert_eq!(kernel_rows(&some, "2.4.30"), 0, "{some}");
}

/// `notes:` of a class and of a section are on the web pages (HTML and
/// Markdown) and not in the mail; `commentary:` is in all three.
#[test]
fn notes_are_on_the_web_pages_and_not_in_the_mail() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(
        &c,
        "m1/machine.yaml",
        "name: \"Machine one\"\nbaseline: \"2.4.1\"\nnotes: |\n  Class note for the site.\nsections:\n  - title: \"dbench\"\n    files: [\"*/dbench-32.txt\"]\n    commentary: |\n      Said in the mail.\n    notes: |\n      > *Reply:* quoted on the site only.\n",
    );
    put(&c, "m1/2.4.1/dbench-32.txt", dbench("10.5"));
    put(&c, "m1/2.4.2/dbench-32.txt", dbench("11.5"));
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let read = |f: &str| std::fs::read_to_string(out.join("m1").join(f)).expect(f);
    let (mail, md, html) = (read("email.txt"), read("index.md"), read("index.html"));
    for text in [&mail, &md, &html] {
        assert!(text.contains("Said in the mail."));
    }
    for text in [&md, &html] {
        assert!(text.contains("Class note for the site.") && text.contains("quoted on the site only."));
    }
    assert!(!mail.contains("Class note") && !mail.contains("quoted on the site"), "{mail}");
    assert!(html.contains("<div class=\"notes\"><blockquote>"), "{html}");
}

/// dbench 4's per-operation table is detail: the class page shows it, the
/// mail keeps Throughput and max_latency and says what it left out; a
/// section's `metrics:` keeps a detail metric it names; `text --section`
/// prints a section whole.
#[test]
fn a_benchmarks_detail_is_on_the_web_pages_and_not_in_the_mail() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    let dbench4 = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dbench/dbench4-loop-3runs.txt"),
    )
    .expect("fixture");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(&c, "m1/6.8/dbench.txt", &dbench4);
    put(&c, "m1/6.9/dbench.txt", &dbench4);
    let out = tmp.path().join("out");
    // The class's mail, built with `sections` (YAML) in its machine.yaml.
    let mail_with = |sections: &str| {
        put(&c, "m1/machine.yaml", format!("name: \"Machine one\"\nbaseline: \"6.8\"\n{sections}"));
        benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
        std::fs::read_to_string(out.join("m1/email.txt")).expect("email.txt")
    };
    let mail = mail_with("");
    let page = std::fs::read_to_string(out.join("m1/index.html")).expect("page");
    assert!(mail.contains("Throughput") && mail.contains("max_latency"), "{mail}");
    assert!(!mail.contains("NTCreateX"), "{mail}");
    assert!(mail.contains("This mail leaves out") && mail.contains("detail columns (of dbench: operations)"), "{mail}");
    assert!(page.contains("NTCreateX"), "the class page shows the per-operation table");
    // `text` (no --section) prints that mail: the operations table left
    // out, as in email.txt (review61 site #1: it printed the table whole).
    for args in [&["text", "m1", "--compare"][..], &["text", "m1"][..]] {
        let text = benchsite().args(args).arg("--content").arg(&c).assert().success();
        assert_eq!(String::from_utf8_lossy(&text.get_output().stdout), mail, "{args:?}");
    }
    // `--kernels` leaves the detail columns out too (`chosen_text`).
    let two = benchsite().args(["text", "m1", "--kernels", "6.8,6.9", "--content"]).arg(&c).assert().success();
    assert!(!String::from_utf8_lossy(&two.get_output().stdout).contains("NTCreateX"));

    // `text --section` of a section of only detail columns: asked for by
    // name, it is chosen (as a section whose `group:` names it), drawn whole.
    let ops =
        benchsite().args(["text", "m1", "--section", "dbench: operations", "--content"]).arg(&c).assert().success();
    assert!(String::from_utf8_lossy(&ops.get_output().stdout).contains("NTCreateX"));

    // A section naming a detail metric keeps it.
    let mail = mail_with(
        "sections:\n  - title: dbench\n    files: [\"*/dbench.txt\"]\n    metrics: [\"Throughput\", \"NTCreateX MaxLat\"]\n",
    );
    assert!(mail.contains("NTCreateX MaxLat") && !mail.contains("Close AvgLat"), "{mail}");

    // A section that names the group chose it: mailed whole.
    let mail = mail_with("sections:\n  - title: ops\n    files: [\"*/dbench.txt\"]\n    group: operations\n");
    assert!(mail.contains("AvgLat") && !mail.contains("detail column"), "{mail}");
}

/// A wide mean with its spread (dbench's `2465838±14716`, and GNU time's
/// `238223±111` beside three more columns) stays inside its column: every
/// row of a table is no wider than its rule, and every line of the mail
/// is at most 72 columns (by display width: `±` is one column, two bytes).
#[test]
fn wide_means_with_their_spread_stay_inside_their_columns() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"T\"\n");
    put(&c, "m1/machine.yaml", "name: \"M\"\nbaseline: \"2.4.7\"\n");
    for (k, base) in [("2.4.7", 2465838), ("2.4.8", 2565838), ("2.4.9-rc1-ac3", 2365838)] {
        for (i, d) in [0, 14716, -14716].iter().enumerate() {
            put(
                &c,
                &format!("m1/{k}/dbench-{i}.txt"),
                format!(
                    "32 clients started\nThroughput {}.5 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n\
                     34{i}{i}{i}.11user 238{i}{i}{i}.89system 7{i}:34.59elapsed 6{i}%CPU (0avgtext+0avgdata 0maxresident)k\n",
                    base + d
                ),
            );
        }
    }
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let mail = std::fs::read_to_string(out.join("m1/email.txt")).expect("email.txt");
    // The one-column Throughput table is star bars in the mail, each
    // value with its spread as the table's cell has it (display27: the
    // bars showed no ±); GNU time's four columns are a table.
    let bars: Vec<&str> = mail.lines().filter(|l| l.contains(" ****")).collect();
    assert_eq!(bars.len(), 3, "{mail}");
    assert!(bars.iter().all(|l| l.contains("±14716 MB/s")), "{bars:?}");
    assert!(mail.contains("238112 ±111 +0.0%"), "{mail}");
    for l in mail.lines() {
        assert!(unicode_width::UnicodeWidthStr::width(l) <= 72, "{l:?} is over 72 columns\n{mail}");
    }
    // Each table's rows no wider than its rule (`------  ---…`).
    let mut rule = None;
    for l in mail.lines() {
        if l.starts_with("------") {
            rule = Some(l.trim_end().len());
        } else if l.is_empty() {
            rule = None;
        } else if let Some(w) = rule.filter(|_| l.starts_with("2.4.")) {
            assert!(unicode_width::UnicodeWidthStr::width(l.trim_end()) <= w, "{l:?} past its rule\n{mail}");
        }
    }
}

/// kernbench prints its averages with awk's `%g` (display27): `Percent
/// CPU 199 (0)` beside another load's `386.333 (2.08167)` is 199, not
/// `199.000` (its column's finest), in the mail and the Markdown.
#[test]
fn a_benchmark_printing_shortest_numbers_keeps_each_values_decimals() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"T\"\n");
    put(&c, "m1/machine.yaml", "name: \"M\"\nbaseline: \"6.1\"\n");
    for (k, cpu) in [("6.1", "199"), ("6.2", "198")] {
        put(
            &c,
            &format!("m1/{k}/kernbench.txt"),
            format!(
                "Average Half load -j 2 Run (std deviation):\nElapsed Time 120.5 (0.5)\nUser Time 220.1 (0.21)\n\
                 System Time 20.3 (0.1)\nPercent CPU {cpu} (0)\nContext Switches 12000 (120.5)\nSleeps 15000 (33)\n\n\
                 Average Optimal load -j 16 Run (std deviation):\nElapsed Time 65.25 (1.2)\nUser Time 230.4 (0.9)\n\
                 System Time 22.6 (0.3)\nPercent CPU 386.333 (2.08167)\nContext Switches 45000.3 (500.2)\n\
                 Sleeps 17000.7 (80.1)\n"
            ),
        );
    }
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    for page in ["email.txt", "index.md"] {
        let text = std::fs::read_to_string(out.join("m1").join(page)).expect(page);
        assert!(!text.contains("199.000") && !text.contains("198.000"), "{page}:\n{text}");
        assert!(text.contains("199") && text.contains("386.3"), "{page}:\n{text}");
    }
}

/// A kernel.yaml's notes and patches showed only in the HTML (the
/// newcomer's P1-10: `notes: The candidate kernel.`, `patches:
/// ["my-patch"]` of 6.10.0 were in index.html, not in index.md nor the
/// mail). The Markdown lists both under `Kernels:`; the mail names the
/// patches on its `Kernels:` line (a line of notes a kernel took seed 002's
/// mail past its bound).
#[test]
fn kernel_notes_and_patches_are_in_the_markdown_and_the_mail() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = common::small_site(tmp.path());
    put(&c, "m1/2.4.8/kernel.yaml", "notes: The candidate kernel.\npatches: [\"my-patch\"]\n");
    let long = "A baseline whose note runs on and on about how it was built.\n\nAnd a second paragraph.";
    put(&c, "m1/2.4.7/kernel.yaml", format!("notes: \"{}\"\n", long.replace('\n', "\\n")));
    let out = tmp.path().join("output");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let md = std::fs::read_to_string(out.join("m1/index.md")).expect("index.md");
    let mail = std::fs::read_to_string(out.join("m1/email.txt")).expect("email.txt");
    assert!(md.contains("  - 2.4.8: The candidate kernel. Patches: my-patch\n"), "{md}");
    assert!(md.contains("  - 2.4.7: A baseline whose note runs on and on about how it was built. …\n"), "{md}");
    assert!(mail.contains("Kernels: 2.4.7, 2.4.8 (+ my-patch)\n"), "{mail}");
}

/// A patch set several kernels share is said once on the mail's
/// `Kernels:` line, after the kernels of no or their own patches, with
/// its kernels' names (mail53: "(+ rmap, radix-tree pagecache)" after 13
/// kernels of a 40-kernel mail); a patch set of one kernel stays after
/// its name. And `compare: config` labels the list as typed, `Config:`,
/// not with an invented plural.
#[test]
fn a_shared_patch_set_is_said_once_on_the_kernels_line() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = common::small_site(tmp.path());
    for (k, mb) in [("2.4.9-mm1", "9.5"), ("2.4.10", "9.1"), ("2.4.10-mm1", "9.6")] {
        put(&c, &format!("m1/{k}/dbench-32.txt"), dbench(mb));
    }
    for k in ["2.4.9-mm1", "2.4.10-mm1"] {
        put(&c, &format!("m1/{k}/kernel.yaml"), "patches: [\"rmap\", \"radix-tree pagecache\"]\n");
    }
    put(&c, "m1/2.4.8/kernel.yaml", "patches: [\"my-patch\"]\n");
    let out = tmp.path().join("output");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let mail = std::fs::read_to_string(out.join("m1/email.txt")).expect("email.txt");
    let flat = mail.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "Kernels: 2.4.7, 2.4.8 (+ my-patch), 2.4.10; + rmap, radix-tree pagecache: 2.4.9-mm1, 2.4.10-mm1 "
        ),
        "{mail}"
    );
    assert_eq!(flat.matches("radix-tree pagecache").count(), 1, "{mail}");

    let machine = std::fs::read_to_string(c.join("m1/machine.yaml")).expect("machine.yaml");
    put(&c, "m1/machine.yaml", format!("{machine}compare: config\n"));
    let out = tmp.path().join("output2");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let mail = std::fs::read_to_string(out.join("m1/email.txt")).expect("email.txt");
    let (md, html) = (out.join("m1/index.md"), out.join("m1/index.html"));
    let (md, html) = (std::fs::read_to_string(md).expect("md"), std::fs::read_to_string(html).expect("html"));
    assert!(mail.contains("\nConfig: 2.4.7, ") && !mail.contains("Configs:"), "{mail}");
    assert!(md.contains("- **Config:** 2.4.7, ") && !md.contains("Configs:"), "{md}");
    assert!(html.contains("<dt>Config</dt>") && !html.contains(">Configs<"), "{html}");
}

/// The notable changes' heading names the baseline, once: no change
/// repeats it (mail53: " vs vanilla-5.11.2" ended each of 20 changes of
/// provbpf's PostMark page), but a change of a section with a baseline of
/// its own names its own, in the mail, the Markdown and the web page.
#[test]
fn the_notable_changes_say_their_baseline_once() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    let runs = |a: &str, b: &str, d: &str| dbench(a) + &dbench(b) + &dbench(d);
    for (k, a, b, d) in [("6.1", "10.1", "10.2", "10.3"), ("6.2", "12.1", "12.2", "12.3"), ("6.3", "8.1", "8.2", "8.3")]
    {
        put(&c, &format!("m1/{k}/db32.txt"), runs(a, b, d));
        put(&c, &format!("m1/{k}/db64.txt"), runs(a, b, d).replace("32 clients", "64 clients"));
    }
    put(
        &c,
        "m1/machine.yaml",
        "name: \"M\"\nbaseline: \"6.1\"\nsections:\n  - title: \"dbench 32\"\n    files: [\"*/db32.txt\"]\n  - title: \"dbench 64\"\n    files: [\"*/db64.txt\"]\n    baseline: \"6.2\"\n",
    );
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let read = |f: &str| std::fs::read_to_string(out.join("m1").join(f)).expect(f);
    let (mail, md, html) = (read("email.txt"), read("index.md"), read("index.html"));
    for (name, text) in [("email.txt", &mail), ("index.md", &md), ("index.html", &html)] {
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        // Two changes against 6.1 (dbench 32), two against 6.2 (dbench 64,
        // its own, the largest first): the heading names the class's 6.1.
        assert!(flat.contains("Notable changes against 6.1"), "{name}: {text}");
        assert!(flat.contains("dbench 32 Throughput: 6.2 +19.6% (adjusted p"), "{name}: {text}");
        assert!(flat.contains("dbench 64 Throughput: 6.3 -32.8% vs 6.2 (adjusted p"), "{name}: {text}");
        assert!(!flat.contains("% vs 6.1"), "{name}: {text}");
    }
}

/// The baseline's rows come first in a table whose rows differ by
/// parameters as well as by kernel: LKP's hackbench files (the corpus's
/// `hackbench.txt`, process mode, 256 groups, as the baseline 6.9.0, and
/// `hackbench-multi-instance.txt`, thread mode, 2 and 8192 groups, as
/// 6.10.0) gave `6.10.0 thread 2 …` above `6.9.0 process 256 …`: the
/// words were ordered as the files came, in their directories' order
/// (newcomer30 P1-4).
#[test]
fn the_baselines_rows_come_first_whatever_its_directorys_name() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus-modern/hackbench");
    if !corpus.is_dir() {
        eprintln!("corpus not found at {}, skipping", corpus.display());
        return;
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "box/machine.yaml", "name: \"Box\"\nbaseline: \"6.9.0\"\n");
    for (kernel, file) in [("6.9.0", "hackbench.txt"), ("6.10.0", "hackbench-multi-instance.txt")] {
        put(&c, &format!("box/{kernel}/hackbench.txt"), std::fs::read(corpus.join(file)).expect("corpus file"));
    }
    let text = benchsite().args(["text", "box", "--content"]).arg(&c).assert().success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).into_owned();
    let first = |k: &str| text.lines().position(|l| l.starts_with(&format!("{k} "))).unwrap_or(usize::MAX);
    assert!(first("6.9.0") < first("6.10.0"), "{text}");
}

/// A mark and the words explaining it stay on one line, and so does an
/// adjusted p-value: the demo's mails ended lines with "; *" (its
/// "significant at …" on the next) and "(adjusted p <" (its "0.001)" on the
/// next), read in a 72-column terminal.
#[test]
fn the_demo_mails_keep_marks_and_p_values_on_one_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("output");
    benchsite::build::build(&benchsite::build::BuildOptions::new(root.join("content"), &out)).expect("demo builds");
    let mut mails = 0;
    for e in std::fs::read_dir(&out).expect("output") {
        let mail = e.expect("entry").path().join("email.txt");
        let Ok(text) = std::fs::read_to_string(&mail) else { continue };
        mails += 1;
        for l in text.lines() {
            let l = l.trim_end();
            for end in [" *", "; ~", "(adjusted p", "adjusted p <", "adjusted p =", "(-N×"] {
                assert!(!l.ends_with(end), "{}: a line ends with {end:?}: {l}", mail.display());
            }
            assert!(!l.trim_start().starts_with("0.0"), "{}: {l}", mail.display());
            assert!(!text.contains('\u{a0}'), "{}: a no-break space left", mail.display());
        }
    }
    assert_eq!(mails, 7, "the demo's seven classes");
}

/// attack #21: with `--ascii`, kernels `2.6.9-ß` and `2.6.9-ss`, metrics
/// `Lat` and `Lät` and parameter values `café` and `cafe` each read the
/// same (`ß` is `ss`, `ä` is `a`): the one beyond ASCII is written with
/// its code points (`2.6.9-<U+00DF>`), never two alike rows or columns.
#[test]
fn names_alike_in_ascii_stay_apart_in_the_ascii_mail() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    put(&c, "m1/machine.yaml", "name: \"m\"\nbaseline: \"2.6.9-ss\"\n");
    for (k, v) in [("2.6.9-ß", "20"), ("2.6.9-ss", "30")] {
        put(
            &c,
            &format!("m1/{k}/r.csv"),
            format!(
                "# benchmark: b\nmetric,value,unit,better,mode\nTput,{v}1,MB/s,higher,café\nTput,{v}2,MB/s,higher,cafe\n\
                 Lat,{v}3,µs,lower,x\nLät,{v}4,µs,lower,x\n"
            ),
        );
    }
    let out = benchsite().args(["text", "--ascii", "--content"]).arg(&c).arg("m1").output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.is_ascii(), "{text}");
    assert!(text.contains("2.6.9-<U+00DF>") && text.contains("2.6.9-ss"), "{text}");
    assert!(text.contains("caf<U+00E9>") && text.contains("L<U+00E4>t"), "{text}");
    assert!(!text.contains("Lat, Lat"), "{text}");
}

/// A notable change of a cell marked `^` (its kernel's files of different
/// names averaged as runs: provbpf's `postmark_camflow1` and
/// `postmark_camflow2`) ended with a 30-word caveat, repeated after every
/// such change: 27 times on a PostMark page, once per metric. Each
/// marked change now carries the `^` after its change, and the mark's
/// legend is said once under the list, in the mail, the Markdown and the
/// HTML page's notable changes. Must not fire: files of one name.
#[test]
fn a_marked_notable_changes_caveat_is_said_once_per_list() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    put(&c, "m1/machine.yaml", "name: \"m\"\nbaseline: \"6.1\"\n");
    // Four metrics, three files a kernel of three names (`run_a` …):
    // every change significant, every cell averaging different names.
    let file = |base: f64, i: usize| {
        let mut f = String::from("# benchmark: b\nmetric,value,unit,better\n");
        for (m, scale) in [("read", 1.0), ("write", 2.0), ("create", 3.0), ("delete", 4.0)] {
            f += &format!("{m},{},MB/s,higher\n", base * scale + i as f64);
        }
        f
    };
    for (k, base) in [("6.1", 100.0), ("6.2", 150.0), ("6.3", 60.0)] {
        for (i, name) in ["run_a", "run_b", "run_c"].iter().enumerate() {
            put(&c, &format!("m1/{k}/{name}.csv"), file(base, i));
        }
    }
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let read = |f: &str| std::fs::read_to_string(out.join("m1").join(f)).expect(f);
    let (mail, md, html) = (read("email.txt"), read("index.md"), read("index.html"));
    // The list's items, each joined from its lines.
    let notable = |text: &str| -> Vec<String> {
        let list = text.split("Notable changes against 6.1\n").nth(1).expect("a list").trim_start_matches('\n');
        let lines = list.lines().take_while(|l| !l.is_empty());
        let mut items: Vec<String> = Vec::new();
        for l in lines {
            match (l.strip_prefix("- "), items.last_mut()) {
                (Some(item), _) => items.push(item.to_string()),
                (None, Some(last)) => *last = format!("{last} {}", l.trim()),
                (None, None) => {}
            }
        }
        items
    };
    for (name, text) in [("email.txt", &mail), ("index.md", &md)] {
        let list = notable(text);
        assert_eq!(list.len(), 8, "{name}: two kernels' four changes\n{text}");
        // Each marked; the baseline said once, in the heading.
        assert!(list.iter().all(|l| l.contains("%^ (adjusted p")), "{name}: each change marked\n{text}");
        // The legend once on the page, and nothing after a change but its p.
        let once = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(once.matches("^ after a value or change").count(), 1, "{name}\n{text}");
        assert!(!once.contains("this is no change of one set-up"), "{name}: the old caveat\n{text}");
    }
    // The web page says it once under the list (and under each table).
    let section = html.split("<section class=\"notable\">").nth(1).and_then(|s| s.split("</section>").next());
    let section = section.expect("the notable changes");
    assert_eq!(section.matches("^ after a value or change").count(), 1, "{section}");
    assert!(section.starts_with("<h2>Notable changes against 6.1</h2>"), "{section}");
    assert_eq!(section.matches("%^ (adjusted p").count(), 8, "{section}");
    assert!(!section.contains(" vs 6.1"), "{section}");

    // Files of one name (`run-1`, `run-2` …) are runs: no mark, no legend.
    for k in ["6.1", "6.2", "6.3"] {
        for (i, name) in ["run_a", "run_b", "run_c"].iter().enumerate() {
            let from = c.join(format!("m1/{k}/{name}.csv"));
            std::fs::rename(&from, c.join(format!("m1/{k}/run-{}.csv", i + 1))).expect("rename");
        }
    }
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let (mail, html) = (read("email.txt"), read("index.html"));
    assert_eq!(notable(&mail).len(), 8, "{mail}");
    assert!(!mail.contains('^') && !html.contains("^ after a value"), "{mail}");
}
