//! newcomer48's box (tests/sites/newcomer48: its YAML; its raw files are
//! shared corpus files with a line typed above each, made here from
//! `../shared`, skipped without it): the lines a newcomer pastes above a
//! saved run — the command that ran it, or the `cat` that showed it —
//! neither join set-ups the output tells apart nor part set-ups it shows
//! alike.

mod common;

use common::{benchsite, corpus_site};
use std::path::{Path, PathBuf};

/// The class's content directory under `root` (SOURCES.md says how each
/// file is made), or `None`, said, when `../shared` is absent.
fn site(root: &Path) -> Option<PathBuf> {
    let c = corpus_site(root, "newcomer48", &[])?;
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus-modern");
    let read = |p: &str| std::fs::read_to_string(shared.join(p)).expect("corpus file");
    let fio = read("fio/01.txt");
    let iops = "\"iops\" : 29330065.629016";
    assert!(fio.contains(iops) && fio.contains("\"direct\" : \"0\""), "corpus-modern/fio/01.txt changed");
    let command = "$ fio --output-format=json randread.fio\n";
    let direct = fio.replace("\"direct\" : \"0\"", "\"direct\" : \"1\"").replace(iops, "\"iops\" : 28450163.660146");
    common::put(&c, "box/6.8.0/fio.json", format!("{command}{fio}"));
    common::put(&c, "box/6.9.0/fio.json", format!("{command}{direct}"));
    let shown = "root@xeon:~# cat fio.json\n";
    common::put(&c, "box/6.10.0/fio.json", format!("{shown}{}", fio.replace(iops, "\"iops\" : 30796568.910467")));
    // Two real runs of hackbench's defaults (a C.H.I.P. and a C.H.I.P.
    // Pro: tests/fixtures/wild/hackbench, its README's fences), the
    // second shown by `cat` as a saved log.
    let wild = Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "tests/fixtures/wild/hackbench/gh-readme-yocto-chip-linux-rt-cyclictest-beside-hackbench-defaults-chip-vs-chip-pro-by-prompt-host-only.txt",
    );
    let wild = std::fs::read_to_string(wild).expect("fixture");
    let lines: Vec<&str> = wild.lines().collect();
    let run = |at: usize| lines[at..at + 3].join("\n");
    let outs: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].starts_with("Running in process mode")).collect();
    assert_eq!(outs.len(), 2, "the fixture changed");
    let put = |k: &str, above: &str, out: String| {
        common::put(&c, &format!("box/{k}/hackbench.txt"), format!("{above}\n{out}\n"))
    };
    put("6.8.0", "root@chip:~# hackbench", run(outs[0]));
    put("6.9.0", "$ cat hackbench.log", run(outs[1]));
    Some(c)
}

/// `text box --section SECTION` of `content`.
fn section(content: &Path, name: &str) -> String {
    let out =
        benchsite().args(["text", "box", "--section", name]).arg("--content").arg(content).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The table row of `kernel` in `text`, as the mail prints it.
fn row<'a>(text: &'a str, kernel: &str) -> &'a str {
    text.lines()
        .find(|l| l.split_whitespace().next() == Some(kernel))
        .unwrap_or_else(|| panic!("no {kernel} row:\n{text}"))
}

/// newcomer48 N2: `$ fio --output-format=json randread.fio` above 6.8.0's
/// and 6.9.0's JSON stood for the files' set-up instead of the JSON's job
/// options: 6.9.0's `direct=1` was compared with 6.8.0's `direct=0`
/// (-3.0%, no word). Now the options are the set-up. And N1: 6.10.0's
/// JSON, the same options as 6.8.0's, shown by `cat fio.json`, was set
/// apart by that line (`fio.json` names the program) and not compared.
#[test]
fn fio_jsons_own_options_are_its_set_up_under_a_command_line() {
    let tmp = tempfile::tempdir().expect("tmp");
    let Some(c) = site(tmp.path()) else { return };
    let fio = section(&c, "fio");
    assert!(fio.contains("not compared with 6.8.0: 6.9.0"), "{fio}");
    assert!(!row(&fio, "6.9.0").contains('%'), "{fio}");
    assert!(row(&fio, "6.10.0").contains("+5.0%"), "{fio}");
    assert!(fio.contains("direct=1") && !fio.contains("--output-format"), "{fio}");
}

/// newcomer48 N1: `$ cat hackbench.log` above 6.9.0's run was read as its
/// command line (`hackbench.log` names the program), a set-up `cat
/// hackbench.log` apart from 6.8.0's `hackbench`. A `cat` runs nothing:
/// no set-up is said; 6.9.0 stays uncompared for what is true, that its
/// file does not say whether it ran on sockets (hackbench's default,
/// 6.8.0's command) or pipes, which its output never prints.
#[test]
fn a_saved_log_shown_by_cat_is_no_set_up() {
    let tmp = tempfile::tempdir().expect("tmp");
    let Some(c) = site(tmp.path()) else { return };
    let hb = section(&c, "hackbench");
    assert!(!hb.contains("cat hackbench.log") && !hb.contains("set-ups as the files show them"), "{hb}");
    assert!(
        hb.contains(
            "not compared with 6.8.0: 6.9.0 (no row with 6.8.0's set-up, ipc socket:\nits files do not print ipc)"
        ),
        "{hb}"
    );
    let out = benchsite().args(["check", "--content"]).arg(&c).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("hackbench: files show different set-ups") && !err.contains("`cat "), "{err}");
}
