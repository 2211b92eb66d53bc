//! The output guarantees of `benchsite build`, through the binary: a failed
//! build changes nothing, files benchsite did not write are never touched,
//! a foreign directory is refused without `--force`, stale files go, nothing
//! is read or written outside `content/` and `output/`, and the exit codes.

mod common;

use common::{benchsite, dbench, diff, put, small_site, snapshot, texts};
use std::path::{Path, PathBuf};

fn build(content: &Path, out: &Path) -> assert_cmd::assert::Assert {
    benchsite().arg("build").arg("--content").arg(content).arg("--output").arg(out).assert()
}

/// [`build`] with `--base-url URL`.
fn build_base_url(content: &Path, out: &Path, url: &str) -> assert_cmd::assert::Assert {
    benchsite().arg("build").arg("--content").arg(content).arg("--output").arg(out).arg("--base-url").arg(url).assert()
}

/// [`small_site`] in a temporary directory, built once into `output`:
/// (the directory, to keep alive; content; output).
fn built_small_site() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    build(&content, &out).success();
    (tmp, content, out)
}

fn stderr(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stderr).into_owned()
}

#[test]
fn failed_build_leaves_previous_output_byte_identical() {
    let (_tmp, content, out) = built_small_site();
    put(&out, ".git/HEAD", "ref: refs/heads/gh-pages\n");
    put(&out, "CNAME", "bench.example.org\n");
    let before = snapshot(&out);
    assert!(before.contains_key("m1/index.html"));

    // A malformed machine.yaml: the build fails with the file and line, and
    // nothing in output/ changes (no temp file left behind either).
    put(&content, "m1/machine.yaml", "name: \"Machine one\"\nsections:\n  - title: [unclosed\n");
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
    let a = build(&content, &out).code(1);
    let err = stderr(&a);
    assert!(err.contains("machine.yaml:"), "no file:line in {err}");
    assert!(err.contains("left unchanged"), "{err}");
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "output changed by a failed build");

    // Same for an error found after parsing (a baseline that is no kernel).
    put(&content, "m1/machine.yaml", "name: \"Machine one\"\nbaseline: \"9.9.9\"\n");
    build(&content, &out).code(1);
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "output changed by a failed build");
}

#[test]
fn git_dir_and_cname_survive_rebuilds() {
    let (_tmp, content, out) = built_small_site();
    put(&out, ".git/HEAD", "ref: refs/heads/gh-pages\n");
    put(&out, ".git/objects/ab/cdef", [0u8, 1, 2, 3]);
    put(&out, "CNAME", "bench.example.org\n");
    // Rebuild unchanged, then with a kernel added, then with one removed.
    build(&content, &out).success();
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
    build(&content, &out).success();
    std::fs::remove_dir_all(content.join("m1/2.4.8")).expect("rm");
    build(&content, &out).success();
    assert_eq!(std::fs::read(out.join(".git/HEAD")).expect(".git/HEAD"), b"ref: refs/heads/gh-pages\n");
    assert_eq!(std::fs::read(out.join(".git/objects/ab/cdef")).expect(".git object"), [0u8, 1, 2, 3]);
    assert_eq!(std::fs::read(out.join("CNAME")).expect("CNAME"), b"bench.example.org\n");
    assert!(std::fs::read_to_string(out.join("m1/index.html")).expect("page").contains("1.2345"));
}

#[test]
fn foreign_output_dir_is_refused_without_force() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    put(&out, "index.html", "<p>my own page</p>\n");
    put(&out, ".git/HEAD", "ref: refs/heads/gh-pages\n");
    put(&out, "CNAME", "bench.example.org\n");
    let before = snapshot(&out);

    let a = build(&content, &out).code(1);
    let err = stderr(&a);
    assert!(err.contains("--force") && err.contains(".benchsite"), "{err}");
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "a refused build wrote something");

    // With --force it builds (and --overwrite, as the site has an index.html
    // of its own there), and .git and CNAME are still there, unchanged.
    let forced = |extra: &[&str]| {
        benchsite()
            .arg("build")
            .arg("--content")
            .arg(&content)
            .arg("--output")
            .arg(&out)
            .arg("--force")
            .args(extra)
            .assert()
    };
    forced(&[]).code(1);
    forced(&["--overwrite"]).success();
    assert!(out.join(".benchsite").is_file());
    assert!(std::fs::read_to_string(out.join("m1/index.html")).expect("page").contains("9.2929"));
    assert_eq!(std::fs::read(out.join(".git/HEAD")).expect(".git/HEAD"), b"ref: refs/heads/gh-pages\n");
    assert_eq!(std::fs::read(out.join("CNAME")).expect("CNAME"), b"bench.example.org\n");
    // And a later normal build needs no --force and still keeps them.
    build(&content, &out).success();
    assert!(out.join(".git/HEAD").is_file() && out.join("CNAME").is_file());
}

#[test]
fn empty_output_dir_needs_no_force() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    std::fs::create_dir(&out).expect("mkdir");
    build(&content, &out).success();
    assert!(out.join("index.html").is_file());
}

#[test]
fn stale_files_go_and_user_files_stay() {
    let (_tmp, content, out) = built_small_site();
    let stale_raw = out.join("m1/raw/2.4.8/dbench-32.txt");
    let stale_page = out.join("m1/kernels/2.4.8.html");
    assert!(stale_raw.is_file() && stale_page.is_file());
    // The user's own files, beside and among benchsite's.
    put(&out, "m1/notes.txt", "mine\n");
    put(&out, "m1/raw/2.4.8/my-notes.txt", "also mine\n");
    put(&out, "m1/kernels/extra.html", "<p>mine</p>\n");

    std::fs::remove_dir_all(content.join("m1/2.4.8")).expect("rm");
    build(&content, &out).success();
    assert!(!stale_raw.exists(), "stale raw copy kept");
    assert!(!stale_page.exists(), "stale kernel page kept");
    assert_eq!(std::fs::read_to_string(out.join("m1/notes.txt")).expect("user file"), "mine\n");
    assert_eq!(std::fs::read_to_string(out.join("m1/raw/2.4.8/my-notes.txt")).expect("user file"), "also mine\n");
    assert_eq!(std::fs::read_to_string(out.join("m1/kernels/extra.html")).expect("user file"), "<p>mine</p>\n");
    let marker = std::fs::read_to_string(out.join(".benchsite")).expect("marker");
    assert!(!marker.contains("2.4.8"), "marker still lists removed files:\n{marker}");

    // A whole machine class going away removes its files, keeps the user's.
    put(&content, "m2/machine.yaml", "name: \"Machine two\"\n");
    put(&content, "m2/2.6.0/dbench-32.txt", dbench("3.3333"));
    build(&content, &out).success();
    assert!(out.join("m2/index.html").is_file());
    put(&out, "m2/keep.txt", "keep\n");
    std::fs::remove_dir_all(content.join("m2")).expect("rm");
    build(&content, &out).success();
    assert!(!out.join("m2/index.html").exists());
    assert!(!out.join("m2/raw/2.6.0/dbench-32.txt").exists());
    assert_eq!(std::fs::read_to_string(out.join("m2/keep.txt")).expect("user file"), "keep\n");
}

#[test]
fn unchanged_files_are_not_rewritten() {
    let (_tmp, content, out) = built_small_site();
    let a = build(&content, &out).success();
    assert!(stderr(&a).contains("(0 changed)"), "{}", stderr(&a));
}

/// Kernel and machine directories with odd names, and YAML globs and keys
/// pointing outside with `../` or absolute paths: every file the build
/// creates is under output/, content/ is untouched, and no file outside
/// content/ is read.
#[test]
fn nothing_is_read_or_written_outside_content_and_output() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("root");
    let content = root.join("content");
    let out = root.join("output");
    put(&content, "site.yaml", "title: \"odd names\"\n");
    // Bait outside content/: a dbench run with a number that must never show up.
    put(&root, "outside.txt", dbench("777.777"));
    put(&root, "outside/dbench-32.txt", dbench("777.777"));

    let odd_machines = ["a..b", "dots..", "sp ace;$(x)`y`'q\"", "-rf", "back\\slash..\\..", "perc%2e%2e%2fent", "ünï♥"];
    let odd_kernels = ["%2e%2e%2f..", "2.4.7 ..", "a..", "k\\..\\..", "-", "<b>", "%2e%2e", "ünï♥"];
    let yaml = r#"name: "odd"
formats:
  "../*": dbench
  "../../outside.txt": dbench
  "/etc/*": gnu-time
  "/**/*": dbench
sections:
  - title: "escape attempts"
    files: ["../*", "../../outside/*", "/etc/passwd", "/**", "../../../../../../../*"]
  - title: "the rest"
"#;
    for m in odd_machines {
        put(&content, &format!("{m}/machine.yaml"), yaml);
        for (i, k) in odd_kernels.iter().enumerate() {
            put(&content, &format!("{m}/{k}/dbench-32.txt"), dbench(&format!("{}.5", i + 1)));
            put(
                &content,
                &format!("{m}/{k}/kernel.yaml"),
                "notes: \"../../outside.txt\"\npatches: [\"../x\", \"/etc/passwd\"]\nruns:\n  \"../../../outside.txt\": { n: 5 }\n  \"/etc/passwd\": { n: 2 }\n",
            );
        }
    }
    // Names starting with a dot are hidden, so ignored, however they go on.
    put(&content, "..hidden../machine.yaml", yaml);
    put(&content, "..hidden../2.4.7/dbench-32.txt", dbench("777.777"));
    put(&content, &format!("{}/..%2f../dbench-32.txt", odd_machines[0]), dbench("777.777"));
    let outside_before: Vec<String> = snapshot(&root).into_keys().filter(|k| !k.starts_with("content")).collect();
    let content_before = snapshot(&content);
    let parent_before = snapshot(tmp.path()).into_keys().filter(|k| !k.starts_with("root")).collect::<Vec<_>>();

    let a = build(&content, &out);
    let err = stderr(&a);
    a.success();

    // content/ untouched; the only new entries anywhere are under output/.
    assert_eq!(diff(&content_before, &snapshot(&content)), Vec::<String>::new(), "content/ changed");
    let outside_after: Vec<String> =
        snapshot(&root).into_keys().filter(|k| !k.starts_with("content") && !k.starts_with("output")).collect();
    assert_eq!(outside_before, outside_after, "files appeared outside output/");
    let parent_after = snapshot(tmp.path()).into_keys().filter(|k| !k.starts_with("root")).collect::<Vec<_>>();
    assert_eq!(parent_before, parent_after, "files appeared beside the site");
    // Every machine class and every kernel made it into the site, and the bait never did.
    let outputs = texts(&out);
    for m in odd_machines {
        assert!(out.join(m).join("index.html").is_file(), "no page for machine {m:?}; stderr:\n{err}");
    }
    for (path, text) in &outputs {
        assert!(!text.contains("777.777"), "{path} shows a number read from outside content/");
    }
    let page = &outputs[&format!("{}/index.html", odd_machines[0])];
    for i in 1..=odd_kernels.len() {
        assert!(page.contains(&format!("{i}.5")), "kernel {i} missing from the page");
    }
}

#[test]
fn exit_codes() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    build(&content, &out).code(0);
    // Unknown flag, missing value, unknown subcommand: usage errors.
    benchsite().args(["build", "--frobnicate"]).assert().code(2);
    benchsite().args(["build", "--content"]).assert().code(2);
    benchsite().args(["frobnicate"]).assert().code(2);
    // A content directory that does not exist, and malformed YAML: build failed.
    build(&tmp.path().join("missing"), &out).code(1);
    put(&content, "site.yaml", "title: [\n");
    build(&content, &out).code(1);
}

#[test]
fn strict_fails_on_warnings_and_writes_nothing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    put(&content, "m1/2.4.7/notes.txt", "Just some notes, not a benchmark result.\n");
    // Without --strict the warning is printed and the build succeeds.
    let a = build(&content, &out).code(0);
    assert!(stderr(&a).contains("notes.txt") && stderr(&a).contains("unrecognised"), "{}", stderr(&a));
    let before = snapshot(&out);
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
    let a = benchsite()
        .arg("build")
        .arg("--content")
        .arg(&content)
        .arg("--output")
        .arg(&out)
        .arg("--strict")
        .assert()
        .code(1);
    assert!(stderr(&a).contains("notes.txt"), "{}", stderr(&a));
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "--strict failure wrote files");
    // Without warnings --strict succeeds.
    std::fs::remove_file(content.join("m1/2.4.7/notes.txt")).expect("rm");
    benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).arg("--strict").assert().code(0);
}

/// `build --strict` passed a site whose only warnings were `check`'s
/// about the site as a whole (differing run counts, here), which a build
/// counts but does not print ("0 warning(s) (and 1 about the site as a
/// whole …)"), and failed on a note ("1 warning(s) with --strict" for a
/// note that the site renamed a parameter). Now every warning fails it,
/// printed, with nothing written; a note never does.
#[test]
fn strict_fails_on_site_wide_warnings_and_never_on_notes() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    // Two runs of the baseline, one of 2.4.8: differing run counts.
    put(&content, "m1/2.4.7/dbench-32.txt", dbench("9.1") + &dbench("9.4"));
    let a = build(&content, &out).code(0);
    assert!(stderr(&a).contains("about the site as a whole"), "{}", stderr(&a));
    let before = snapshot(&out);
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
    let strict =
        || benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).arg("--strict").assert();
    let a = strict().code(1);
    assert!(stderr(&a).contains("differing run counts"), "{}", stderr(&a));
    assert!(stderr(&a).contains("with --strict"), "{}", stderr(&a));
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "--strict failure wrote files");
    // A note alone (the site's `file` parameter renamed for a CSV's own
    // `file` column) fails nothing.
    std::fs::remove_dir_all(content.join("m1/2.4.9")).expect("rm");
    put(&content, "m1/2.4.7/dbench-32.txt", dbench("9.1"));
    put(&content, "m1/machine.yaml", "name: \"Machine one\"\nbaseline: \"2.4.7\"\n");
    for k in ["2.4.7", "2.4.8"] {
        for (stem, v) in [("before", 1), ("after", 2)] {
            put(&content, &format!("m1/{k}/{stem}1.csv"), format!("metric,value,better,file\nm,{v},higher,same\n"));
        }
    }
    let a = strict().code(0);
    assert!(stderr(&a).contains("note:") && !stderr(&a).contains("warning:"), "{}", stderr(&a));
}

#[test]
fn emptied_directories_of_stale_files_go_too() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    put(&content, "m2/machine.yaml", "name: \"Machine two\"\n");
    put(&content, "m2/2.6.0/deep/run1/dbench-32.txt", dbench("3.3333"));
    let out = tmp.path().join("output");
    build(&content, &out).success();
    assert!(out.join("m2/raw/2.6.0/deep/run1/dbench-32.txt").is_file());
    std::fs::remove_dir_all(content.join("m1/2.4.8")).expect("rm");
    std::fs::remove_dir_all(content.join("m2")).expect("rm");
    build(&content, &out).success();
    assert!(!out.join("m1/raw/2.4.8").exists(), "empty directory of a removed kernel kept");
    assert!(!out.join("m2").exists(), "empty tree of a removed machine class kept");
    assert!(out.join("m1/raw/2.4.7/dbench-32.txt").is_file());
}

#[test]
fn output_inside_content_is_refused_even_with_force() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let before = snapshot(&content);
    for out in [content.clone(), content.join("site"), content.join("m1/out"), content.join("m1/../site2")] {
        for force in [false, true] {
            let mut cmd = benchsite();
            cmd.arg("build").arg("--content").arg(&content).arg("--output").arg(&out);
            if force {
                cmd.arg("--force");
            }
            let a = cmd.assert().code(1);
            assert!(stderr(&a).contains("inside the content directory"), "{}", stderr(&a));
        }
    }
    assert_eq!(diff(&before, &snapshot(&content)), Vec::<String>::new(), "content/ changed");
    // Through a symbolic link to content/, too.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&content, tmp.path().join("alias")).expect("symlink");
        build(&content, &tmp.path().join("alias/site")).code(1);
        assert_eq!(diff(&before, &snapshot(&content)), Vec::<String>::new(), "content/ changed");
    }
    // Beside content/ is fine.
    build(&content, &tmp.path().join("output")).success();
}

/// A machine class named like one of the site's own files (`style.css`,
/// `index.html`, `data.json`) cannot be written next to them: the build
/// fails before writing anything, naming the clash, instead of stopping
/// half-way with some files written and a temporary file left behind.
#[test]
fn path_clashes_fail_before_anything_is_written() {
    for name in ["style.css", "index.html", "data.json", "404.html"] {
        let tmp = tempfile::tempdir().expect("tmp");
        let content = small_site(tmp.path());
        let out = tmp.path().join("output");
        build(&content, &out).success();
        put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
        put(&content, &format!("{name}/machine.yaml"), "name: \"clash\"\n");
        put(&content, &format!("{name}/2.6.0/dbench-32.txt"), dbench("3.3333"));
        let before = snapshot(&out);
        let a = build(&content, &out).code(1);
        assert!(stderr(&a).contains(name) && stderr(&a).contains("directory"), "{}", stderr(&a));
        assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "{name}: output changed by a failed build");
        // Into a fresh directory: nothing at all.
        let fresh = tmp.path().join("fresh");
        build(&content, &fresh).code(1);
        assert!(!fresh.exists(), "{name}: a failed build wrote {:?}", snapshot(&fresh).keys().collect::<Vec<_>>());
        // `check` finds the same clash without writing.
        let c = benchsite().arg("check").arg("--content").arg(&content).assert().code(1);
        let err = String::from_utf8_lossy(&c.get_output().stdout).to_string()
            + &String::from_utf8_lossy(&c.get_output().stderr);
        assert!(err.contains(name) && err.contains("directory"), "check did not report the clash: {err}");
    }
}

/// Something of the user's in the way (a directory where the site has a
/// file) is found before writing, too.
#[test]
fn user_directory_in_the_way_fails_before_writing() {
    let (_tmp, content, out) = built_small_site();
    std::fs::remove_file(out.join("m1/index.md")).expect("rm");
    put(&out, "m1/index.md/mine.txt", "mine\n");
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
    let before = snapshot(&out);
    let a = build(&content, &out).code(1);
    assert!(stderr(&a).contains("index.md"), "{}", stderr(&a));
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "output changed by a failed build");
}

/// A base URL that is not http(s) or an absolute path would prefix every
/// link (`javascript:alert(1)//index.html`): refused from site.yaml and
/// from --base-url.
#[test]
fn script_base_url_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    for url in ["javascript:alert(1)//", " JavaScript:alert(1)//", "data:text/html,x", "bench/"] {
        let a = build_base_url(&content, &out, url).code(1);
        assert!(stderr(&a).contains("must start with https://"), "{}", stderr(&a));
        assert!(!out.exists());
    }
    put(&content, "site.yaml", "title: t\nbase_url: \"javascript:alert(1)//\"\n");
    let a = build(&content, &out).code(1);
    assert!(stderr(&a).contains("site.yaml:2: base_url"), "{}", stderr(&a));
    for ok in ["https://user.github.io/bench/", "/bench/", ""] {
        put(&content, "site.yaml", format!("title: t\nbase_url: {ok:?}\n"));
        build(&content, &out).success();
    }
}

/// `init` never replaces anything: an existing file (or a dangling symbolic
/// link, which it would write through) stops it before it writes.
#[test]
fn init_never_overwrites() {
    let tmp = tempfile::tempdir().expect("tmp");
    let fresh = tmp.path().join("fresh");
    benchsite().arg("init").arg(&fresh).assert().success();
    build(&fresh.join("content"), &tmp.path().join("out")).success();

    let mine = tmp.path().join("mine");
    put(&mine, "content/site.yaml", "title: \"my own\"\n");
    let before = snapshot(&mine);
    benchsite().arg("init").arg(&mine).assert().code(1);
    assert_eq!(diff(&before, &snapshot(&mine)), Vec::<String>::new(), "init changed an existing site");

    #[cfg(unix)]
    {
        let linked = tmp.path().join("linked");
        std::fs::create_dir_all(linked.join("content")).expect("mkdir");
        let target = tmp.path().join("elsewhere.yaml");
        std::os::unix::fs::symlink(&target, linked.join("content/site.yaml")).expect("symlink");
        benchsite().arg("init").arg(&linked).assert().code(1);
        assert!(!target.exists(), "init wrote through a dangling symbolic link");
    }
}

/// A symbolic link inside output/ leading elsewhere: nothing is written
/// through it, and stale files behind it are not deleted.
#[cfg(unix)]
#[test]
fn nothing_is_written_or_deleted_through_links_in_output() {
    let (tmp, content, out) = built_small_site();
    // The user moves m1/ elsewhere and links it back.
    let elsewhere = tmp.path().join("elsewhere");
    std::fs::rename(out.join("m1"), &elsewhere).expect("mv");
    std::os::unix::fs::symlink(&elsewhere, out.join("m1")).expect("symlink");
    let before = snapshot(&elsewhere);
    // A rebuild that would write m1/… (a new kernel) refuses to write through the link.
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
    let a = build(&content, &out).code(1);
    assert!(stderr(&a).contains("symbolic link"), "{}", stderr(&a));
    assert_eq!(diff(&before, &snapshot(&elsewhere)), Vec::<String>::new(), "wrote through a link");
    // A build in which m1 is gone would delete its stale files: not through the link.
    std::fs::remove_dir_all(content.join("m1")).expect("rm");
    put(&content, "m3/machine.yaml", "name: \"three\"\n");
    put(&content, "m3/2.6.0/dbench-32.txt", dbench("3.3333"));
    build(&content, &out).success();
    assert_eq!(diff(&before, &snapshot(&elsewhere)), Vec::<String>::new(), "deleted through a link");
}

/// `benchsite parse FILE | head` closes the pipe early: benchsite stops
/// quietly instead of panicking ("failed printing to stdout").
#[test]
fn closed_stdout_is_not_a_panic() {
    let tmp = tempfile::tempdir().expect("tmp");
    let file = tmp.path().join("dbench.txt");
    std::fs::write(&file, "Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)  32 procs\n".repeat(5_000))
        .expect("write");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("benchsite"))
        .arg("parse")
        .arg(&file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    {
        use std::io::Read;
        let mut first = [0u8; 16];
        child.stdout.take().expect("stdout").read_exact(&mut first).expect("read");
    } // the read end is closed here, with most of the output unread
    let out = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

/// review62 site #1: a FIRST build stopped while it read the content
/// (Ctrl-C before its first output file) leaves only its parse cache's
/// temporary file in `.benchsite-cache/`; the next build refused the
/// directory as "not created by benchsite". It is ours: built into, the
/// leftover gone. A directory with anything else in it is still refused.
#[test]
fn a_first_build_stopped_while_reading_leaves_a_directory_the_next_builds_into() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    put(&out, ".benchsite-cache/.m1.parsed.tmp", "half");
    build(&content, &out).success();
    assert!(!out.join(".benchsite-cache/.m1.parsed.tmp").exists(), "leftover kept");
    assert!(out.join("index.html").is_file());
    let foreign = tmp.path().join("foreign");
    put(&foreign, ".benchsite-cache/.m1.parsed.tmp", "half");
    put(&foreign, "notes.txt", "mine");
    let a = build(&content, &foreign).failure();
    assert!(stderr(&a).contains("not created by benchsite"), "{}", stderr(&a));
    assert!(foreign.join(".benchsite-cache/.m1.parsed.tmp").exists() && foreign.join("notes.txt").exists());
}

/// A build killed before it committed (Ctrl-C, SIGKILL) leaves temporary
/// files and its in-progress marker; the next build removes them, whether
/// or not the killed build was the first into that directory.
#[test]
fn temporaries_of_an_interrupted_build_are_removed() {
    let (tmp, content, out) = built_small_site();
    let clean = snapshot(&out);
    // What a killed build leaves behind.
    put(&out, ".benchsite-building", "");
    put(&out, "m1/.index.html.benchsite-tmp", "<html>half");
    put(&out, "m1/kernels/.2.4.7.html.benchsite-tmp", "<html>");
    put(&out, ".benchsite.tmp", "# files");
    put(&out, ".benchsite-cache/.m1.parsed.tmp", "x");
    // In directories it made for a kernel since removed: they go too
    // once empty.
    put(&out, "m1/raw/2.9/.dbench.txt.benchsite-tmp", "x");
    // A symbolic link under a temporary name: removed, not followed.
    let target = tmp.path().join("precious");
    std::fs::write(&target, "precious").expect("write");
    std::os::unix::fs::symlink(&target, out.join("m1/.x.html.benchsite-tmp")).expect("symlink");
    // Not ours: left alone.
    put(&out, ".git/objects/.x.benchsite-tmp", "git");
    put(&out, "notes.tmp", "mine");
    build(&content, &out).success();
    let after = snapshot(&out);
    for gone in [
        ".benchsite-building",
        "m1/.index.html.benchsite-tmp",
        "m1/kernels/.2.4.7.html.benchsite-tmp",
        ".benchsite.tmp",
        ".benchsite-cache/.m1.parsed.tmp",
    ] {
        assert!(!after.contains_key(gone), "{gone} left behind");
    }
    assert!(
        after.contains_key(".git/objects/.x.benchsite-tmp") && after.contains_key("notes.tmp"),
        "removed a file not ours"
    );
    assert!(!out.join("m1/raw/2.9").exists(), "an emptied directory was left");
    assert!(out.join("m1/raw").is_dir());
    assert!(
        std::fs::symlink_metadata(out.join("m1/.x.html.benchsite-tmp")).is_err(),
        "a link under a temporary name was left"
    );
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "precious");
    for (path, contents) in &clean {
        if !path.starts_with(".benchsite-cache") {
            assert_eq!(after.get(path), Some(contents), "{path} changed");
        }
    }
    // A first build killed: only its marker and temporaries in the directory.
    let fresh = tmp.path().join("fresh");
    put(&fresh, ".benchsite-building", "");
    put(&fresh, "m1/.index.html.benchsite-tmp", "<html>half");
    build(&content, &fresh).success();
    let f = snapshot(&fresh);
    assert!(
        f.contains_key("m1/index.html")
            && !f.contains_key("m1/.index.html.benchsite-tmp")
            && !f.contains_key(".benchsite-building")
    );
}

/// A raw file or kernel directory whose name holds a line break is skipped
/// with a warning: the list of written files (`.benchsite`) is one path per
/// line, and `a\n.git/config` copied to the output would list
/// `.git/config` as benchsite's, for the next build to delete. A marker
/// written before (listing such a path) does not get hidden files deleted
/// either.
#[test]
fn names_with_line_breaks_never_get_user_files_deleted() {
    let (_tmp, content, out) = built_small_site();
    put(&out, ".git/config", "[core]\n");
    put(&out, "CNAME", "bench.example.org\n");
    put(&content, "m1/2.4.8/a\n.git/config", dbench("1.5"));
    put(&content, "m1/2.4.8/b\nCNAME", dbench("1.5"));
    put(&content, "m1/k\nnl/dbench-32.txt", dbench("2.5"));
    for _ in 0..2 {
        let a = build(&content, &out).success();
        let err = stderr(&a);
        assert_eq!(err.matches("the name holds a line break").count(), 3, "{err}");
        assert_eq!(std::fs::read_to_string(out.join(".git/config")).expect("kept"), "[core]\n");
        assert_eq!(std::fs::read_to_string(out.join("CNAME")).expect("kept"), "bench.example.org\n");
    }
    let marker = std::fs::read_to_string(out.join(".benchsite")).expect("marker");
    assert!(!marker.lines().any(|l| l.ends_with(".git/config") || l == "CNAME"), "{marker}");
    // A marker from before: the smuggled line is not acted on.
    std::fs::write(out.join(".benchsite"), format!("{marker}m1/raw/2.4.8/a\n.git/config\n")).expect("marker");
    build(&content, &out).success();
    assert!(out.join(".git/config").is_file(), "a hidden file listed in an old marker was deleted");
}

/// A class whose raw files did not change but whose walk now warns (a link
/// went broken) is built again, so that the warning is reported, as a build
/// from scratch reports it (and `--strict` fails the same way).
#[test]
fn new_walk_warnings_are_reported_on_a_cached_rebuild() {
    let (tmp, content, out) = built_small_site();
    std::fs::create_dir_all(content.join("m1/2.4.8/empty")).expect("mkdir");
    std::os::unix::fs::symlink("empty", content.join("m1/2.4.8/ln")).expect("symlink");
    build(&content, &out).success();
    std::fs::rename(content.join("m1/2.4.8/empty"), content.join("m1/2.4.8/empty2")).expect("mv");
    let rebuilt = stderr(&build(&content, &out).success());
    let scratch = stderr(&build(&content, &tmp.path().join("scratch")).success());
    assert!(scratch.contains("ln") && scratch.contains("skipped"), "{scratch}");
    assert!(
        rebuilt.contains("ln") && rebuilt.contains("skipped"),
        "the rebuild kept the last build's warnings: {rebuilt}"
    );
}

/// The list of written files is written before anything is renamed into
/// place (a build killed while renaming leaves no file the next build does
/// not know of): a failure to write it (here its temporary name is taken by
/// a directory) leaves the output directory as it was, and says so.
#[test]
fn a_failure_writing_the_list_leaves_the_output_as_it_was() {
    let (_tmp, content, out) = built_small_site();
    let before = std::fs::read(out.join(".benchsite")).expect("list");
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("3.3"));
    put(&out, ".benchsite.tmp/x", "in the way");
    let a = build(&content, &out).failure();
    let err = stderr(&a);
    assert!(err.contains("left unchanged") && !err.contains("holds complete files only"), "{err}");
    assert!(!out.join("m1/kernels/2.4.9.html").exists(), "a new file is in place");
    assert_eq!(std::fs::read(out.join(".benchsite")).expect("list"), before);
    let leftovers: Vec<_> = walkdir::WalkDir::new(&out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".benchsite-tmp"))
        .map(|e| e.path().to_path_buf())
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    // Once the way is clear, the build goes through.
    std::fs::remove_dir_all(out.join(".benchsite.tmp")).expect("rm");
    build(&content, &out).success();
    assert!(out.join("m1/kernels/2.4.9.html").is_file());
}

/// `--output new/.` (or `./a/./b/.`) for a directory that does not exist
/// yet is created like `new`.
#[test]
fn an_output_path_ending_in_dot_is_created() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("a/./b/.");
    build(&content, &out).success();
    assert!(tmp.path().join("a/b/m1/index.html").is_file());
    build(&content, &out).success();
}

/// Locks `dir` as a running build does (`flock` on the directory itself).
#[cfg(unix)]
fn lock_dir(dir: &Path) -> std::fs::File {
    let held = std::fs::File::open(dir).expect("open output directory");
    held.lock().expect("lock output directory");
    held
}

/// A `benchsite build` of `content` into `out`, started while `out` is
/// locked, once it has said that it waits: the process and its standard
/// error, read up to there (were it not to wait, it would finish and the
/// read would end without the line).
#[cfg(unix)]
fn start_waiting_build(
    content: &Path,
    out: &Path,
) -> (std::process::Child, std::io::BufReader<std::process::ChildStderr>) {
    let mut build = std::process::Command::new(env!("CARGO_BIN_EXE_benchsite"))
        .args(["build", "--content"])
        .arg(content)
        .arg("--output")
        .arg(out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start the build");
    let mut err = std::io::BufReader::new(build.stderr.take().expect("stderr"));
    expect_waiting(&mut err);
    (build, err)
}

/// The next line on a build's standard error says it waits for another build.
#[cfg(unix)]
fn expect_waiting(err: &mut std::io::BufReader<std::process::ChildStderr>) {
    use std::io::BufRead as _;
    let mut line = String::new();
    err.read_line(&mut line).expect("read stderr");
    assert!(line.contains("waiting for another benchsite build"), "not waiting: {line:?}");
}

/// Waits for a build started by [`start_waiting_build`]; it must succeed.
#[cfg(unix)]
fn expect_success(mut build: std::process::Child, mut err: std::io::BufReader<std::process::ChildStderr>) {
    let status = build.wait().expect("wait for the build");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).expect("read stderr");
    assert!(status.success(), "build failed: {rest}");
}

/// A second build into an output directory that another build is writing
/// to waits for it, and says so, instead of taking the first build's
/// temporary files for a killed build's and removing them (which failed the
/// first build half-way through putting its files in place).
#[cfg(unix)]
#[test]
fn a_second_build_waits_for_the_first() {
    let (_tmp, content, out) = built_small_site();
    // A build in progress: the directory locked, its marker, a temporary file.
    let held = lock_dir(&out);
    put(&out, ".benchsite-building", "");
    put(&out, "m1/.index.html.benchsite-tmp", "the first build's page, half written");

    let (second, err) = start_waiting_build(&content, &out);
    // Waiting, it has removed nothing of the first build's.
    assert!(out.join("m1/.index.html.benchsite-tmp").exists(), "the first build's temporary file was removed");

    // The first build ends (here: killed, its marker and file left behind):
    // the second goes on, cleans up after it and builds the site.
    drop(held);
    expect_success(second, err);
    assert!(!out.join("m1/.index.html.benchsite-tmp").exists(), "temporary file left behind");
    assert!(!out.join(".benchsite-building").exists());
    assert!(out.join("m1/index.html").is_file());
}

/// A build waiting for the output directory goes on in the directory the
/// path names when it gets its turn: when the one it waited for was
/// replaced meanwhile (or removed by a failed first build that had created
/// it), it locks the new one (waiting again if another build holds it),
/// builds it, and leaves the old one alone.
#[cfg(unix)]
#[test]
fn a_waiting_build_follows_a_replaced_output_directory() {
    let (tmp, content, out) = built_small_site();
    let held = lock_dir(&out);
    let (waiting, mut err) = start_waiting_build(&content, &out);
    // Replaced while it waits, and the new directory taken by another
    // build; then the old directory's holder finishes.
    let old = tmp.path().join("output.old");
    std::fs::rename(&out, &old).expect("move the output away");
    std::fs::create_dir(&out).expect("a new output directory");
    let held_new = lock_dir(&out);
    let before = snapshot(&old);
    drop(held);
    // It waits again, now for the directory the path names.
    expect_waiting(&mut err);
    assert!(std::fs::read_dir(&out).expect("list").next().is_none(), "it wrote while another build held the directory");
    drop(held_new);
    expect_success(waiting, err);
    assert!(out.join("m1/index.html").is_file(), "the new directory was not built");
    assert_eq!(diff(&before, &snapshot(&old)), Vec::<String>::new(), "the old directory was written to");
}

/// Cleaning up after a killed build (its in-progress marker left behind)
/// stays out of another output directory inside this one: a build may be
/// writing there, under its own lock.
#[test]
fn cleanup_stays_out_of_a_nested_output_directory() {
    let (_tmp, content, out) = built_small_site();
    put(&out, ".benchsite-building", "");
    // Another site's output inside this one, its build in progress.
    put(&out, "nested/.benchsite", "# benchsite output\n");
    put(&out, "nested/.index.html.benchsite-tmp", "another build's page, half written");
    put(&out, "m1/.stale.html.benchsite-tmp", "this directory's own leftover");
    build(&content, &out).success();
    assert!(out.join("nested/.index.html.benchsite-tmp").exists(), "the nested build's temporary file was removed");
    assert!(!out.join("m1/.stale.html.benchsite-tmp").exists(), "this directory's leftover was kept");
}

/// A rebuild that changes some pages, adds a kernel and drops a file fails
/// at each of its renames in turn (an injected fault, as a full disk or a
/// name the file system refuses would): every time, the output directory
/// is byte for byte as before (the files renamed so far are put back, new
/// ones removed, the list of written files restored, no temporary left),
/// the build says so, and the next build without the fault succeeds.
#[test]
fn a_failure_at_any_rename_leaves_the_previous_output_byte_identical() {
    let (_tmp, content, out) = built_small_site();
    put(&content, "site.yaml", "title: \"A new title\"\n");
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
    std::fs::remove_file(content.join("m1/2.4.8/dbench-32.txt")).expect("rm");
    put(&content, "m1/2.4.8/dbench-64.txt", dbench("6.8888"));
    let before = snapshot(&out);
    // How many renames the rebuild makes: count its changed files on a copy.
    let probe = out.with_file_name("probe");
    common::copy_dir(&out, &probe);
    let ok = build(&content, &probe).success();
    let changed: usize = stderr(&ok)
        .split(" files (")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no changed-file count in {}", stderr(&ok)));
    assert!(changed > 5, "{changed}");
    for n in 1..=changed {
        let a = benchsite()
            .env("BENCHSITE_FAULT_RENAME", n.to_string())
            .arg("build")
            .arg("--content")
            .arg(&content)
            .arg("--output")
            .arg(&out)
            .assert()
            .code(1);
        let err = stderr(&a);
        assert!(err.contains("injected fault") && err.contains("left unchanged"), "rename {n}: {err}");
        assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "rename {n} failed and changed the output");
    }
    build(&content, &out).success();
    // The same site as the probe's (the build cache names its own directory).
    let site = |d: &Path| {
        let mut s = snapshot(d);
        s.retain(|k, _| !k.starts_with(".benchsite-cache"));
        s
    };
    assert_eq!(diff(&site(&probe), &site(&out)), Vec::<String>::new());
}

/// Ctrl-C, SIGTERM (a CI cancel, `timeout`) or SIGHUP arriving while a
/// rebuild renames its files into place (at the first, a middle and the
/// last rename) waits until the renames are done: the output is the new
/// site whole, never old pages beside new ones, no temporary or backup
/// file is left, and the build says so and ends by the signal (as the
/// shell reports it: 130, 143). Seen with 399 kernels: 249 new beside 161
/// old pages and 412 `*.benchsite-tmp` files left.
#[test]
fn a_signal_during_the_renames_waits_for_them() {
    use std::os::unix::process::ExitStatusExt as _;
    let (_tmp, content, out) = built_small_site();
    put(&content, "site.yaml", "title: \"A new title\"\n");
    put(&content, "m1/2.4.9/dbench-32.txt", dbench("1.2345"));
    let probe = out.with_file_name("probe");
    common::copy_dir(&out, &probe);
    build(&content, &probe).success();
    let site = |d: &Path| {
        let mut s = snapshot(d);
        s.retain(|k, _| !k.starts_with(".benchsite-cache"));
        s
    };
    let whole = site(&probe);
    for (at, sig, name) in [("1", libc::SIGTERM, "TERM"), ("3", libc::SIGINT, "INT"), ("5", libc::SIGHUP, "HUP")] {
        // A fresh copy of the old site each time.
        let o = out.with_file_name(format!("out-{name}"));
        common::copy_dir(&out, &o);
        let st = benchsite()
            .env("BENCHSITE_FAULT_SIGNAL", format!("{at}:{name}"))
            .args(["build", "--content"])
            .arg(&content)
            .arg("--output")
            .arg(&o)
            .output()
            .expect("run");
        let err = String::from_utf8_lossy(&st.stderr);
        assert_eq!(st.status.signal(), Some(sig), "{name} at rename {at}: {:?} {err}", st.status);
        assert!(err.contains("update was finished first"), "{name}: {err}");
        assert_eq!(diff(&whole, &site(&o)), Vec::<String>::new(), "{name}: not the new site whole");
        let left: Vec<_> = walkdir::WalkDir::new(&o)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().ends_with(".benchsite-tmp"))
            .map(|e| e.path().display().to_string())
            .collect();
        assert!(left.is_empty(), "{name}: left {left:?}");
    }
}

/// Ctrl-C (or SIGTERM, SIGHUP) while a build writes its temporary files,
/// before anything is put in place: it left the temporaries
/// (`.index.html.benchsite-tmp`…) and the in-progress marker in the
/// output directory, and a first build's output directory held nothing
/// else. The build now stops at its next file, removes what it wrote,
/// says so, and ends by the signal: a rebuild leaves the last site
/// byte-identical, a first build no output directory. The signal is sent
/// by the build itself at its Nth temporary (`BENCHSITE_FAULT_SIGNAL_WRITE`),
/// on a site of 40 kernels, at the first, a middle and the last.
#[test]
fn a_signal_while_the_files_are_written_leaves_the_output_as_it_was() {
    use std::os::unix::process::ExitStatusExt as _;
    let (_tmp, content, out) = built_small_site();
    for i in 0..40 {
        put(&content, &format!("m1/2.5.{i}/dbench-32.txt"), dbench(&format!("{i}.5")));
    }
    let before = snapshot(&out);
    let fresh = out.with_file_name("fresh");
    for (at, sig, name) in [("1", libc::SIGINT, "INT"), ("40", libc::SIGTERM, "TERM"), ("100000", libc::SIGHUP, "HUP")]
    {
        for o in [&out, &fresh] {
            let st = benchsite()
                .env("BENCHSITE_FAULT_SIGNAL_WRITE", format!("{at}:{name}"))
                .args(["build", "--content"])
                .arg(&content)
                .arg("--output")
                .arg(o)
                .output()
                .expect("run");
            let err = String::from_utf8_lossy(&st.stderr);
            if at == "100000" {
                // Past the last file: no signal, the build succeeds.
                assert!(st.status.success(), "{err}");
                break;
            }
            assert_eq!(st.status.signal(), Some(sig), "{name} at file {at}: {:?} {err}", st.status);
            assert!(err.contains("the build stopped and removed them"), "{name}: {err}");
            if o == &out {
                assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "{name}: the output changed");
            } else {
                assert!(
                    !fresh.exists(),
                    "{name}: a first build left {:?}",
                    snapshot(&fresh).keys().collect::<Vec<_>>()
                );
            }
        }
    }
}

/// `--force` writes into a directory benchsite did not make, but never
/// replaces a file there that no build wrote without naming it first: the
/// build lists them and writes nothing; `--overwrite` replaces them.
#[test]
fn force_names_the_files_it_would_replace_and_overwrite_replaces_them() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("site");
    put(&out, "index.html", "my own front page\n");
    put(&out, "m1/index.md", "my notes\n");
    put(&out, "CNAME", "bench.example.org\n");
    let before = snapshot(&out);
    let run = |extra: &[&str]| {
        benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).args(extra).assert()
    };
    let a = run(&["--force"]).code(1);
    let err = stderr(&a);
    assert!(err.contains("would replace 2 file(s)") && err.contains("index.html, m1/index.md"), "{err}");
    assert!(err.contains("--overwrite") && err.contains("left unchanged"), "{err}");
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new());
    run(&["--force", "--overwrite"]).success();
    let after = std::fs::read_to_string(out.join("index.html")).expect("index");
    assert!(after.contains("<!DOCTYPE html>"), "{after}");
    assert_eq!(std::fs::read_to_string(out.join("CNAME")).expect("CNAME"), "bench.example.org\n");
    // From now on the files are benchsite's: a rebuild needs neither flag.
    run(&[]).success();
}

/// `--content` pointing at a machine class, or at a directory with no
/// machine class, is an error saying what `--content` takes, and the site
/// built before stays whole (it built an empty site over it, exit 0); a
/// missing content directory names the current directory and suggests
/// `--content` and `init` (`--content .` inside a content directory).
#[test]
fn content_that_is_no_site_is_an_error_that_says_how_to_fix_it() {
    let (tmp, content, out) = built_small_site();
    let before = snapshot(&out);
    let a = build(&content.join("m1"), &out).code(1);
    let err = stderr(&a);
    assert!(err.contains("is a machine class") && err.contains("the directory above it"), "{err}");
    assert!(!err.contains("not a machine class"), "{err}");
    std::fs::create_dir_all(tmp.path().join("empty")).expect("mkdir");
    let err = stderr(&build(&tmp.path().join("empty"), &out).code(1));
    assert!(err.contains("holds no machine class") && err.contains("benchsite init"), "{err}");
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "a refused build changed the site");
    let a = benchsite().current_dir(tmp.path().join("empty")).arg("build").arg("--output").arg(&out).assert().code(1);
    let err = stderr(&a);
    assert!(err.contains("no such directory (in ") && err.contains("--content") && err.contains("init"), "{err}");
    // Run from inside a content directory, the hint is `--content .`.
    let a = benchsite().current_dir(&content).arg("build").arg("--output").arg(&out).assert().code(1);
    let err = stderr(&a);
    assert!(err.contains("looks like a content directory itself: give --content ."), "{err}");
}

/// A base URL with quotes, `<>` or a blank (the newcomer's P2-14:
/// `https://ex.com/"><script>` went raw into the Markdown's links, and
/// `https://ex.com/a b/` made them no links at all) is percent-encoded in
/// every link, HTML, Markdown and mail alike; one with a query or fragment,
/// which would swallow every path after it, is refused.
#[test]
fn base_url_is_percent_encoded_in_every_link() {
    let tmp = tempfile::tempdir().expect("tmp");
    let content = small_site(tmp.path());
    let out = tmp.path().join("output");
    for (url, want) in [
        ("https://ex.com/\"><script>", "https://ex.com/%22%3E%3Cscript%3E/m1/"),
        ("https://ex.com/a b/", "https://ex.com/a%20b/m1/"),
    ] {
        let _ = std::fs::remove_dir_all(&out);
        build_base_url(&content, &out, url).success();
        let md = std::fs::read_to_string(out.join("m1/index.md")).expect("index.md");
        let mail = std::fs::read_to_string(out.join("m1/email.txt")).expect("email.txt");
        let html = std::fs::read_to_string(out.join("m1/index.html")).expect("index.html");
        let raw = format!("{want}charts/dbench-32-bar.svg");
        let style = want.replace("m1/", "style.css");
        assert!(md.contains(&raw) && html.contains(&style), "{url}: no {raw} or {style}\n{md}");
        for text in [&md, &mail, &html] {
            assert!(!text.contains("<script>") && !text.contains("ex.com/a b"), "{url}: raw in\n{text}");
        }
    }
    for url in ["https://ex.com/?page=", "/bench/#top"] {
        let a = build_base_url(&content, &tmp.path().join("refused"), url).code(1);
        assert!(stderr(&a).contains("must not hold `?` or `#`"), "{}", stderr(&a));
    }
}

/// Attacker 59: paths that what is in the output directory blocks were
/// said one per build (index.html, then style.css on the next). Now one
/// failed build names them all, and the output is left as it was.
#[test]
fn every_output_path_in_the_way_is_named_at_once() {
    let (_tmp, content, out) = built_small_site();
    for p in ["index.html", "404.html", "m1/index.html"] {
        std::fs::remove_file(out.join(p)).expect("rm");
        std::fs::create_dir(out.join(p)).expect("mkdir");
    }
    let before = snapshot(&out);
    let err = stderr(&build(&content, &out).failure());
    assert!(err.contains("404.html: is a directory in the output directory"), "{err}");
    assert!(err.contains("blocked too: index.html (") && err.contains("m1/index.html ("), "{err}");
    assert!(err.contains("left unchanged"), "{err}");
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "output changed by a failed build");
}

/// Output paths that clash with one another (a machine class named
/// `404.html`, whose pages need a directory where the site's 404 page
/// is; a kernel name too long for a file name) stopped the build at the
/// first, and the next build at the next. All are named in one error, and
/// nothing is written: a first build leaves no output directory, a
/// rebuild leaves the last site byte-identical.
#[test]
fn every_clashing_output_path_is_named_at_once() {
    let (_tmp, content, out) = built_small_site();
    for class in ["404.html", "style.css"] {
        put(&content, &format!("{class}/machine.yaml"), "name: \"Clash\"\n");
        put(&content, &format!("{class}/2.4.7/dbench-32.txt"), dbench("1.2345"));
    }
    let long = format!("6.1-{}", "x".repeat(248));
    put(&content, &format!("m1/{long}/dbench-32.txt"), dbench("2.3456"));
    let before = snapshot(&out);
    let err = stderr(&build(&content, &out).failure());
    for named in ["404.html", "style.css", "has a name of 257 bytes"] {
        assert!(err.contains(named), "{named} not named: {err}");
    }
    assert!(err.contains("blocked too:"), "{err}");
    assert!(err.contains("left unchanged"), "{err}");
    assert_eq!(diff(&before, &snapshot(&out)), Vec::<String>::new(), "output changed by a failed build");
    let fresh = out.with_file_name("fresh");
    let err = stderr(&build(&content, &fresh).failure());
    assert!(err.contains("404.html") && err.contains("style.css") && err.contains("257 bytes"), "{err}");
    assert!(!fresh.exists(), "a failed first build wrote {:?}", snapshot(&fresh).keys().collect::<Vec<_>>());
}
