//! The command line's conventions: `--quiet` and `--verbose`, `NO_COLOR`,
//! `check --format github`, and what `init` says next.

use std::path::Path;

fn benchsite() -> assert_cmd::Command {
    assert_cmd::cargo::cargo_bin_cmd!("benchsite")
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A new site from `init`, with one stray (unrecognised) file: a warning.
fn site_with_a_warning(root: &Path) -> std::path::PathBuf {
    let dir = root.join("site");
    benchsite().arg("init").arg(&dir).assert().success();
    std::fs::write(dir.join("content/example-box/2.4.7/notes.txt"), "rebooted twice\n").expect("write");
    dir
}

#[test]
fn quiet_prints_only_warnings_and_errors() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = site_with_a_warning(tmp.path());
    let out = benchsite().current_dir(&dir).args(["build", "--quiet"]).output().expect("runs");
    assert!(out.status.success());
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("warning: content/example-box/2.4.7/notes.txt: unrecognised file"), "{err}");
    // -q before the command too; check's count line goes as well.
    let out = benchsite().current_dir(&dir).args(["-q", "check"]).output().expect("runs");
    assert!(out.status.success() && !stderr(&out).contains("check:"), "{}", stderr(&out));
    // init says nothing but errors.
    let out = benchsite().arg("-q").arg("init").arg(tmp.path().join("quiet")).output().expect("runs");
    assert!(out.status.success() && out.stderr.is_empty(), "{}", stderr(&out));
    benchsite()
        .arg("-q")
        .arg("init")
        .arg(tmp.path().join("quiet"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains("already exists"));
}

#[test]
fn verbose_says_what_was_read_and_how_long_each_step_took() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = site_with_a_warning(tmp.path());
    let out = benchsite().current_dir(&dir).args(["build", "-v"]).output().expect("runs");
    let err = stderr(&out);
    assert!(err.contains("content content, output output, theme "), "{err}");
    assert!(err.contains("raw files parsed in this build: 7 (the others' results came from the build cache)"), "{err}");
    assert!(err.contains("[timing] build (total)"), "{err}");
    assert!(err.contains("built output: "), "{err}");
    benchsite().args(["-q", "-v", "check"]).assert().code(2);
}

#[test]
fn no_color_turns_colour_off_even_where_it_is_forced() {
    // clap's messages are the only coloured output (the progress bar has no
    // colour); CLICOLOR_FORCE stands in for a terminal.
    let forced = benchsite().arg("--bogus").env("CLICOLOR_FORCE", "1").env_remove("NO_COLOR").output().expect("runs");
    assert!(stderr(&forced).contains('\u{1b}'), "colour where forced: {}", stderr(&forced));
    let plain = benchsite().arg("--bogus").env("CLICOLOR_FORCE", "1").env("NO_COLOR", "1").output().expect("runs");
    assert_eq!(plain.status.code(), Some(2));
    assert!(!stderr(&plain).contains('\u{1b}'), "{}", stderr(&plain));
    assert!(stderr(&plain).starts_with("error: unexpected argument '--bogus'"), "{}", stderr(&plain));
}

#[test]
fn check_format_github_prints_annotations_on_stdout() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = site_with_a_warning(tmp.path());
    let out = benchsite().current_dir(&dir).args(["check", "--format", "github"]).output().expect("runs");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.starts_with("::warning file=content/example-box/2.4.7/notes.txt,title=benchsite::unrecognised file"),
        "{stdout}"
    );
    // --strict: the same annotation, exit status 1.
    benchsite().current_dir(&dir).args(["check", "--format", "github", "--strict"]).assert().code(1);
}

#[test]
fn init_says_what_to_run_next() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("mine");
    // With no benchsite on PATH, it says how to get one there.
    let out = benchsite().arg("init").arg(&dir).env("PATH", "").output().expect("runs");
    let err = stderr(&out);
    assert!(err.contains(&format!("next: cd {} && benchsite serve", dir.display())), "{err}");
    assert!(err.contains("cargo install --locked --path ."), "{err}");
    // newcomer43 N2: where it is acted on, the Action that is not public
    // yet and what to pass instead; Pages on before the first push.
    assert!(err.contains("not public yet") && err.contains("--action YOU/benchsite@main"), "{err}");
    assert!(err.contains("before the first push: on GitHub, Settings -> Pages"), "{err}");
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("README");
    assert!(readme.contains(env!("CARGO_PKG_REPOSITORY")) && !readme.contains("@REPOSITORY@"), "{readme}");
}

/// A closed or full standard error (`benchsite check 2>&1 | head -1`,
/// `2>/dev/full`) loses the messages, never the command: a newcomer's
/// trial had `check` and `build` panic there ("failed printing to
/// stderr", exit 101) while the site was written.
#[test]
fn a_full_standard_error_loses_messages_not_the_build() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full on this system");
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = site_with_a_warning(tmp.path());
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin!("benchsite"))
        .current_dir(&dir)
        .args(["build", "-v"])
        .stderr(full.try_clone().expect("dup"))
        .output()
        .expect("runs");
    assert!(out.status.success(), "build: {:?}", out.status);
    assert!(dir.join("output/index.html").is_file());
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin!("benchsite"))
        .current_dir(&dir)
        .arg("check")
        .stderr(full)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "check: {:?}", out.status);
}

/// `-q` prints errors and warnings only (README): the newcomer's `build -q`
/// still printed four `note:` lines. Without it the note is printed.
#[test]
fn quiet_leaves_notes_out() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = site_with_a_warning(tmp.path());
    // A hidden kernel directory of results: a note.
    let hidden = dir.join("content/example-box/.old");
    std::fs::create_dir_all(&hidden).expect("mkdir");
    std::fs::write(hidden.join("dbench.txt"), "Throughput 1.5 MB/sec 32 procs\n").expect("write");
    for cmd in ["build", "check"] {
        let out = benchsite().current_dir(&dir).args([cmd]).output().expect("runs");
        assert!(stderr(&out).contains("note: content/example-box/.old: hidden directory"), "{}", stderr(&out));
        let out = benchsite().current_dir(&dir).args([cmd, "-q"]).output().expect("runs");
        let err = stderr(&out);
        assert!(out.status.success() && !err.contains("note:") && err.contains("warning:"), "{cmd} -q: {err}");
    }
    // serve: the first build's diagnostics, up to its `built in N ms` line.
    for (args, note) in [(&["serve", "--port", "0"][..], true), (&["serve", "--port", "0", "-q"][..], false)] {
        let err = serve_first_build(&dir, args);
        assert_eq!(err.contains("note: content/example-box/.old"), note, "{args:?}: {err}");
        assert!(err.contains("warning:") && err.contains("built in "), "{args:?}: {err}");
    }
}

/// Starts `benchsite ARGS` (a `serve`) in `dir`, reads its stderr up to the
/// first build's `built in N ms` line, stops it, and returns what it read.
fn serve_first_build(dir: &Path, args: &[&str]) -> String {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("benchsite"))
        .current_dir(dir)
        .args(args)
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("serve starts");
    let mut err = String::new();
    for line in std::io::BufReader::new(child.stderr.take().expect("stderr")).lines() {
        let line = line.expect("stderr reads");
        err.push_str(&line);
        err.push('\n');
        if line.starts_with("built in ") {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    err
}

/// `parse`'s table: each column as wide as its cells, so the values end
/// under `value` and the units start under `unit` however long the
/// parameters (the newcomer's P1-12: fio's ~70-column parameters pushed
/// them ~40 columns right of their headers under a 22-column header).
#[test]
fn parse_table_columns_line_up_under_their_headers() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hackbench/blog-tw-ltp-hackbench-old-form-vm-cpus.txt");
    let out = benchsite().arg("parse").arg(&file).output().expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let header = text.lines().find(|l| l.starts_with("line ") && l.contains(" value ")).expect("a header");
    let value_end = header.find(" value ").expect("value") + " value".len();
    let unit_at = header.find(" unit ").expect("unit") + 1;
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("line ") && *l != header).collect();
    assert!(!rows.is_empty(), "{text}");
    for r in rows {
        assert!(
            r.len() > unit_at && r.as_bytes()[value_end - 1].is_ascii_digit(),
            "value not under its header:\n{header}\n{r}"
        );
        assert!(
            r.as_bytes()[value_end] == b' ' && r.as_bytes()[unit_at] != b' ',
            "unit not under its header:\n{header}\n{r}"
        );
    }
}

/// `parse FILE` warns of one metric read both bigger- and
/// smaller-is-better, in the words `build` uses (only site builds did:
/// pagesfix36 item 1), for the plain table and for `--json`.
#[test]
fn parse_warns_of_one_metric_read_both_ways() {
    let tmp = tempfile::tempdir().expect("tmp");
    let file = tmp.path().join("r.csv");
    std::fs::write(&file, "# benchmark: b\nmetric,value,unit,better\nTime,10,s,higher\nTime,11,s,higher\nTime,20,s,lower\nops,5,ops,higher\n")
        .expect("write");
    let out = benchsite().arg("parse").arg(&file).output().expect("runs");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let want = "warning: line 3: metric `Time` (s) of b is read as bigger is better here and as smaller is better at line 5: two metrics of one name, kept apart as `Time (bigger is better)` and `Time (smaller is better)`";
    assert!(text.contains(want), "{text}");
    assert_eq!(text.matches("two metrics of one name").count(), 1, "{text}");
    let out = benchsite().arg("parse").arg("--json").arg(&file).output().expect("runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let w = &json["warnings"][0];
    assert_eq!(w["line"], 3);
    assert!(w["message"].as_str().is_some_and(|m| m.contains("is read as bigger is better here")), "{w}");
}

/// `init --action`: the Pages workflow builds with the action named (a
/// fork of benchsite while its own repository is not public); one that is
/// not `OWNER/NAME@REF` is an error naming why, and nothing is written.
#[test]
fn init_action_names_the_workflows_action() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("forked");
    let out = benchsite().args(["init", "--action", "you/benchsite@main"]).arg(&dir).output().expect("runs");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("GitHub Action you/benchsite@main"), "{}", stderr(&out));
    // An Action named: no word of the default's not being public.
    assert!(!stderr(&out).contains("not public yet"), "{}", stderr(&out));
    let workflow = std::fs::read_to_string(dir.join(".github/workflows/pages.yml")).expect("workflow");
    assert!(workflow.contains("uses: you/benchsite@main\n"), "{workflow}");
    // Without it: this benchsite's repository at its version's tag.
    let plain = tmp.path().join("plain");
    benchsite().arg("init").arg(&plain).assert().success();
    let workflow = std::fs::read_to_string(plain.join(".github/workflows/pages.yml")).expect("workflow");
    assert!(workflow.contains(&format!("uses: {}\n", benchsite::init::action())), "{workflow}");
    // The README's placeholder typed as it stands (newcomer59b): said.
    let placeholder = tmp.path().join("placeholder");
    let out = benchsite().args(["init", "--action", "YOU/benchsite@main"]).arg(&placeholder).output().expect("runs");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("warning: its Pages workflow builds with the GitHub Action YOU/benchsite@main: `YOU` is the README's placeholder"), "{}", stderr(&out));
    for bad in ["you/benchsite", "benchsite@main", "you/bench site@main", "you/benchsite@", "you/benchsite/sub@v1"] {
        let gone = tmp.path().join("bad");
        benchsite()
            .args(["init", "--action", bad])
            .arg(&gone)
            .assert()
            .code(1)
            .stderr(predicates::str::contains("is not a GitHub Action"));
        assert!(!gone.exists(), "{bad}: nothing written");
    }
}

/// Every file under `dir`, relative, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .map(|e| e.expect("walk").path().strip_prefix(dir).expect("prefix").display().to_string())
        .collect();
    out.sort();
    out
}

/// `init` into a directory where a file stands where a directory must go
/// (`.github`, attack34 #3) wrote README.md, .gitignore and the content
/// before it failed at `.github/workflows`, and a second `init` then
/// refused its own files. Now it names the file and writes nothing; and a
/// write that fails all the same (a read-only directory) removes what it
/// wrote before.
#[test]
fn init_writes_nothing_when_a_directory_it_needs_is_a_file() {
    let tmp = tempfile::tempdir().expect("tmp");
    for in_the_way in [".github", "content", "content/example-box/2.4.7"] {
        let dir = tmp.path().join(format!("i-{}", in_the_way.replace('/', "-")));
        let file = dir.join(in_the_way);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        std::fs::write(&file, "").expect("write");
        let before = listing(&dir);
        let out = benchsite().arg("init").arg(&dir).output().expect("runs");
        assert_eq!(out.status.code(), Some(1), "{in_the_way}");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("{} is not a directory", file.display())) && err.contains("nothing was written"),
            "{err}"
        );
        assert_eq!(listing(&dir), before, "init wrote something with {in_the_way} in the way");
        // Once it is out of the way, init writes the whole site.
        std::fs::remove_file(&file).expect("rm");
        benchsite().arg("init").arg(&dir).assert().success();
    }
    // A directory init cannot write into (not for root, who can).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let dir = tmp.path().join("ro");
        std::fs::create_dir_all(dir.join(".github")).expect("mkdir");
        std::fs::set_permissions(dir.join(".github"), std::fs::Permissions::from_mode(0o555)).expect("chmod");
        let writable = std::fs::create_dir(dir.join(".github/probe")).is_ok();
        if !writable {
            let out = benchsite().arg("init").arg(&dir).output().expect("runs");
            assert_eq!(out.status.code(), Some(1));
            assert!(stderr(&out).contains("nothing was written"), "{}", stderr(&out));
            assert_eq!(listing(&dir), [".github"], "what init wrote before the failure is removed");
        }
        std::fs::set_permissions(dir.join(".github"), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
}

/// `--width` past what a page can be (attack34: 18446744073709551615
/// panicked with a capacity overflow, 4294967295 aborted allocating 4 GB,
/// 0 to 5 were taken silently) is a usage error naming the range.
#[test]
fn width_out_of_range_is_a_usage_error() {
    for cmd in [&["text", "m"][..], &["build"], &["serve"]] {
        for width in ["18446744073709551615", "4294967295", "1001", "19", "0"] {
            let out = benchsite().args(cmd).args(["--width", width]).output().expect("runs");
            assert_eq!(out.status.code(), Some(2), "{cmd:?} --width {width}: {}", stderr(&out));
            assert!(stderr(&out).contains("20..=1000"), "{}", stderr(&out));
        }
    }
}

/// Attack60's wording: `text CLASS/` (a shell's completion) was "no
/// machine class"; an `--output` that is a link to nothing said only
/// "File exists (os error 17)"; `--base-url http:///x` (a slash too many)
/// was taken as host `x`.
#[cfg(unix)]
#[test]
fn a_trailing_slash_a_dangling_output_link_and_a_hostless_base_url_are_named() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("site");
    benchsite().arg("init").arg(&dir).assert().success();
    let content = dir.join("content");
    let plain = benchsite().args(["text", "example-box", "--content"]).arg(&content).output().expect("run");
    let slash = benchsite().args(["text", "example-box/", "--content"]).arg(&content).output().expect("run");
    assert!(slash.status.success(), "{}", stderr(&slash));
    assert_eq!(plain.stdout, slash.stdout);
    let link = tmp.path().join("out");
    std::os::unix::fs::symlink(tmp.path().join("gone"), &link).expect("symlink");
    let out = benchsite().args(["build", "--content"]).arg(&content).arg("--output").arg(&link).output().expect("run");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("is a symbolic link to") && stderr(&out).contains("which does not exist"),
        "{}",
        stderr(&out)
    );
    let out = benchsite()
        .args(["build", "--content"])
        .arg(&content)
        .arg("--output")
        .arg(tmp.path().join("o2"))
        .args(["--base-url", "http:///x"])
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("has no host"), "{}", stderr(&out));
}
