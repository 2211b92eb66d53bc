//! The lint page (issue 23, point 5): what `check` finds is a page of the
//! built site (`lint.html`, `lint.md`), linked from the front page, grouped
//! by kind, each finding naming its file and line and linking the raw file
//! when the site publishes it. One source: the page lists exactly what
//! `check` prints. `partial:` in machine.yaml turns an intended gap into a
//! note.

mod common;

use common::{benchsite, dbench, put};
use std::path::{Path, PathBuf};

/// A class of three kernels: 2.4.7 has dbench and a UnixBench report that
/// names kernel 2.4.19 (a kernel-name finding on a published file), and an
/// unrecognised file; 2.4.8 lacks UnixBench (a warning) and has a log
/// `ignore:` leaves out (a note); 2.4.9 ran only dbench, as `partial:` says
/// (a note).
fn lint_site(root: &Path) -> PathBuf {
    let c = root.join("content");
    put(&c, "site.yaml", "title: \"Lint test\"\n");
    put(
        &c,
        "m1/machine.yaml",
        "name: \"Machine one\"\nignore: [\"*.log\"]\nformats:\n  \"*/unixbench.txt\": unixbench\npartial:\n  \"2.4.9\": [dbench]\n",
    );
    // Each kernel its own figures: the same output in two kernels'
    // directories is a warning of its own.
    for (k, v) in [("2.4.7", "9.2929"), ("2.4.8", "9.3131"), ("2.4.9", "9.1515")] {
        put(&c, &format!("m1/{k}/dbench-32.txt"), dbench(v));
    }
    put(
        &c,
        "m1/2.4.7/unixbench.txt",
        "  BYTE UNIX Benchmarks (Version 4.1.0)\n  System -- Linux box 2.4.19 #1 Tue Sep 3 22:18:19 BST 2002 i686 unknown\n\nPipe Throughput                           441098.3 lps   (10.0 secs, 10 samples)\n",
    );
    put(&c, "m1/2.4.7/notes.xyz", "nothing to read here\n");
    put(&c, "m1/2.4.8/run.log", "a log\n");
    c
}

#[test]
fn the_lint_page_lists_what_check_finds_grouped_and_linked() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = lint_site(tmp.path());
    let out = tmp.path().join("out");
    let built = benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).assert().success();
    // The build prints the unrecognised file's warning, and says that
    // `check` gives two more (M7: its "1 warning(s)" read as all there was).
    let said = String::from_utf8_lossy(&built.get_output().stderr).into_owned();
    assert!(
        said.contains(", 1 warning(s) (and 2 about the site as a whole, printed above, lint.html lists them), "),
        "{said}"
    );
    // And prints them: the count alone hid a file's own line (newcomer59b:
    // a tiobench file naming another kernel than its directory).
    assert!(said.contains("unixbench.txt:") && said.contains("the file names kernel"), "{said}");
    let html = std::fs::read_to_string(out.join("lint.html")).expect("lint.html");
    let md = std::fs::read_to_string(out.join("lint.md")).expect("lint.md");
    for id in ["missing-benchmarks", "kernel-names", "files-skipped", "intended-gaps"] {
        assert!(html.contains(&format!("<section id=\"{id}\"")), "{id}: {html}");
    }
    // The kernel-name finding links the published copy of its file, at its line.
    assert!(html.contains("<a href=\"m1/raw/2.4.7/unixbench.txt\">m1/2.4.7/unixbench.txt:"), "{html}");
    assert!(md.contains("[m1/2.4.7/unixbench.txt:"), "{md}");
    assert!(md.contains("](m1/raw/2.4.7/unixbench.txt)"), "{md}");
    // The partial: entry's line, a note; the ignored log, a note.
    assert!(html.contains("m1/machine.yaml:6</span><br><span class=\"severity\">note:"), "{html}");
    assert!(html.contains("m1/2.4.8/run.log</span><br><span class=\"severity\">note:</span> ignored"), "{html}");
    // 2.4.9's gap is not a warning; 2.4.8's is.
    assert!(html.contains("kernel 2.4.8 has no unixbench results"), "{html}");
    assert!(!html.contains("kernel(s) 2.4.8, 2.4.9"), "{html}");
    // Both index pages link the page with its counts.
    let index = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(index.contains("<a href=\"lint.html\">What check finds</a>: 0 errors, 3 warnings and 2 notes"), "{index}");
    let index_md = std::fs::read_to_string(out.join("index.md")).expect("index.md");
    assert!(index_md.contains("[What check finds](lint.md): 0 errors, 3 warnings and 2 notes"), "{index_md}");

    // One source: check prints exactly the page's findings.
    let checked =
        benchsite().arg("check").arg("--content").arg(&content).arg("--format").arg("json").assert().success();
    let diags: serde_json::Value = serde_json::from_slice(&checked.get_output().stdout).expect("json");
    let diags = diags.as_array().expect("array");
    let rows = html.matches("<li class=\"").count();
    assert_eq!(diags.len(), rows, "{diags:?}\n{html}");
    assert_eq!(md.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| machine class")).count(), rows, "{md}");
    for d in diags {
        let msg = d["message"].as_str().expect("message");
        let shown = msg.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;");
        assert!(html.contains(&shown), "{msg} is not on the page");
    }
    let text = benchsite().arg("check").arg("--content").arg(&content).assert().success();
    let stderr = String::from_utf8_lossy(&text.get_output().stderr).into_owned();
    assert!(stderr.contains("check: 0 error(s), 3 warning(s), 2 note(s)"), "{stderr}");
    assert!(stderr.contains("note: "), "{stderr}");
}

#[test]
fn a_partial_entry_naming_no_kernel_or_a_benchmark_not_run_is_warned_at_its_line() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    put(&c, "m1/machine.yaml", "name: \"M\"\npartial:\n  \"2.4.7\": [tiobench]\n  \"9.9\": [dbench]\n");
    put(&c, "m1/2.4.7/dbench-32.txt", dbench("9.2929"));
    let checked = benchsite().arg("check").arg("--content").arg(&c).assert().success();
    let stderr = String::from_utf8_lossy(&checked.get_output().stderr).into_owned();
    assert!(
        stderr.contains(
            "machine.yaml:3: partial: kernel 2.4.7 is said to have run tiobench, but has no tiobench results"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("machine.yaml:4: partial: \"9.9\" is not a kernel of this machine class"), "{stderr}");
}

/// With site.yaml's `raw_url` the finding links its file's line in the
/// repository (GitHub's `#L2`, the finding's line: where the file names its
/// kernel, UnixBench's `System -- Linux box 2.4.19 …`, not its first result
/// on line 4), on the HTML page (no `root` before the URL) and in the
/// Markdown alike; no copy is written.
#[test]
fn with_raw_url_a_finding_links_its_line_in_the_repository() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = lint_site(tmp.path());
    put(&content, "site.yaml", "title: \"Lint test\"\nraw_url: https://github.com/u/r/blob/main/content/\n");
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).assert().success();
    let url = "https://github.com/u/r/blob/main/content/m1/2.4.7/unixbench.txt#L2";
    let html = std::fs::read_to_string(out.join("lint.html")).expect("lint.html");
    assert!(html.contains(&format!("<a href=\"{url}\">m1/2.4.7/unixbench.txt:2</a>")), "{html}");
    let md = std::fs::read_to_string(out.join("lint.md")).expect("lint.md");
    assert!(md.contains(&format!("]({url})")), "{md}");
    assert!(!out.join("m1/raw").exists());
}

/// What reading a raw file warned of is also under the table its figures
/// are in, on the class page and in its Markdown (wild33: fio runs summed
/// and set-ups merged with a warning in the build's log only, the page
/// saying "means of 4 runs"). A file several sections show gives a
/// warning at a line to the section whose figures follow it: LMbench's
/// own `(WARNING - may not be correct …)` over its memory latencies is
/// under that table, not under its five others.
#[test]
fn a_files_warning_is_under_the_table_of_its_figures() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = tmp.path().join("content");
    let lmbench = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("content/k6-2-475-384m/lmbench-2.0p2-summary.txt"),
    )
    .expect("the demo's LMbench summary");
    let build = |raw_url: &str| {
        put(&c, "site.yaml", format!("title: \"Warnings\"\n{raw_url}"));
        put(&c, "k6/machine.yaml", "name: \"K6\"\nbaseline: \"2.4.17\"\n");
        put(&c, "k6/lmbench-2.0p2-summary.txt", &lmbench);
        let out = tmp.path().join("out");
        benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
        let html = std::fs::read_to_string(out.join("k6/index.html")).expect("class page");
        let md = std::fs::read_to_string(out.join("k6/index.md")).expect("class page md");
        (html, md)
    };
    let (html, md) = build("");
    let at: Vec<usize> = html.match_indices("<details class=\"warnings\">").map(|(i, _)| i).collect();
    assert_eq!(at.len(), 1, "one table's warning");
    let heading = &html[html[..at[0]].rfind("<h2>").expect("its section")..];
    assert!(heading.starts_with("<h2>lmbench: Memory latencies</h2>"), "{}", &heading[..80]);
    assert!(
        html[at[0]..].starts_with(
            "<details class=\"warnings\"><summary>1 warning about this table&#39;s raw files</summary><ul><li><a href=\"raw/lmbench-2.0p2-summary.txt\">lmbench-2.0p2-summary.txt line 47</a>: lmbench: lmbench&#39;s own"
        ),
        "{}",
        &html[at[0]..at[0] + 300]
    );
    assert!(md.contains("1 warning about this table's raw files:\n\n- [lmbench-2.0p2-summary.txt line 47](raw/lmbench-2.0p2-summary.txt): lmbench: "), "{md}");
    // In a repository, the link goes to the line.
    let (html, _) = build("raw_url: \"https://github.com/u/r/blob/main/content/\"\n");
    assert!(html.contains("<a href=\"https://github.com/u/r/blob/main/content/k6/lmbench-2.0p2-summary.txt#L47\">lmbench-2.0p2-summary.txt line 47</a>"), "{html}");
}

/// archive40 F8: a warning at a row that was not read at the end of one
/// pct table (K Prateek Nayak's 2022 mails: `16-groups: … * (System
/// overloaded)`, here a decimal comma) went under the next table, whose
/// figures come first after it; the table it ends showed none. A line
/// right under a table's rows, no blank line between, is that table's
/// (LMbench's WARNING above its figures, after a blank line, stays with
/// the figures below it: a_files_warning_is_under_the_table_of_its_figures).
#[test]
fn a_warning_at_a_tables_last_row_is_under_that_table() {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"Warnings\"\n");
    put(&c, "zen3/machine.yaml", "name: \"Zen3\"\n");
    put(
        &c,
        "zen3/mail.txt",
        "~~~~~~~~~\nhackbench\n~~~~~~~~~\n\nTest:                   tip                     SIS_UTIL\n \
         1-groups:         4.64 (0.00 pct)         4.77 (-2.80 pct)\n \
         2-groups:         5.22 (0.00 pct)         5.17 (0.95 pct)\n\
         16-groups:         7,54 (0.00 pct)         7.62 (-1.06 pct)\n\n\
         ~~~~~~~~\nschbench\n~~~~~~~~\n\n#workers:     tip                     SIS_UTIL\n  \
         1:      23.50 (0.00 pct)        20.00 (14.89 pct)\n  \
         2:      33.00 (0.00 pct)        29.50 (10.60 pct)\n",
    );
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let html = std::fs::read_to_string(out.join("zen3/index.html")).expect("class page");
    let at: Vec<usize> = html.match_indices("<details class=\"warnings\">").map(|(i, _)| i).collect();
    assert_eq!(at.len(), 1, "one table's warning");
    let heading = &html[html[..at[0]].rfind("<h2>").expect("its section")..];
    assert!(heading.starts_with("<h2>hackbench</h2>"), "{}", &heading[..80]);
    assert!(html[at[0]..].contains("mail.txt line 8</a>"), "{}", &html[at[0]..at[0] + 400]);
}

/// archive37 F5: a memtier campaign's `ignore:` globs left out 3,200
/// files (`rep-01/VALID`, `rep-01/pidstat.txt`, … of 200 reps), and
/// `check` printed a note for each, burying its 21 warnings; lint.md was
/// 3,236 lines. A glob that leaves out several files is one note, at its
/// line, with the count and a few names; one file is still a note of its
/// own.
#[test]
fn files_one_ignore_glob_leaves_out_are_one_note_with_a_count() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: t\nignore: [\"*/VALID\"]\n");
    put(&c, "m1/machine.yaml", "name: m\nignore:\n  - \"*.log\"\n  - \"*/pidstat.txt\"\n");
    for (k, v) in [("2.4.7", "9.2929"), ("2.4.8", "9.3131")] {
        put(&c, &format!("m1/{k}/dbench-32.txt"), dbench(v));
        for rep in 1..=5 {
            put(&c, &format!("m1/{k}/rep-{rep}/pidstat.txt"), "Linux\n");
            put(&c, &format!("m1/{k}/rep-{rep}/VALID"), "");
        }
    }
    put(&c, "m1/2.4.8/run.log", "a log\n");
    let checked = benchsite().arg("check").arg("--content").arg(&c).assert().success();
    let said = String::from_utf8_lossy(&checked.get_output().stderr).into_owned()
        + &String::from_utf8_lossy(&checked.get_output().stdout);
    let notes: Vec<&str> = said.lines().filter(|l| l.starts_with("note: ")).collect();
    assert_eq!(notes.len(), 3, "{said}");
    assert!(
        notes.iter().any(|n| n.ends_with("m1/2.4.8/run.log: ignored: matches the ignore: glob \"*.log\"")),
        "{said}"
    );
    assert!(
        notes.iter().any(|n| n.contains("m1/machine.yaml:4: ignored: 10 files of m1 match the ignore: glob \"*/pidstat.txt\": m1/2.4.7/rep-1/pidstat.txt, m1/2.4.7/rep-2/pidstat.txt, m1/2.4.7/rep-3/pidstat.txt and 7 more")),
        "{said}"
    );
    assert!(
        notes.iter().any(|n| n.contains("site.yaml:2: ignored: 10 files of m1 match the ignore: glob \"*/VALID\"")),
        "{said}"
    );
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let md = std::fs::read_to_string(out.join("lint.md")).expect("lint.md");
    assert!(!md.contains("rep-4/VALID"), "one row per glob: {md}");
}
