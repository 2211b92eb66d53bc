//! The plaintext for mail of a site built from real files nobody on the
//! team wrote: every wild fixture (`tests/fixtures/wild/<bench>/*.txt`)
//! laid out as a content directory, a machine class per benchmark
//! directory and each file in a kernel directory of its own (`k01`, `k02`,
//! …; baseline `k01`). Every line of every `email.txt` and of `across.txt`
//! pastes into a mailing-list post: at most 72 display columns.
//!
//! Session 57 saw 7,146 lines over 72 in such a site: tables of many
//! sparse label columns (dbench's `clients`, `procs`, `loadfile`,
//! `timelimit`, `label`, `set-up`, `sync` and `quoting` beside
//! `Throughput`, 116 columns; fio 145, pgbench 136, postmark 141), a
//! poster's label of long words (GNU time, 77), a long unit under a narrow
//! number (AIM9's `Thousand Double Precision Additions/second`, 78). The
//! label columns that leave no room now fold into one `parameters` column
//! of the mail, a long label's words break, a long unit wraps.
//!
//! Each file keeps its own name, the team's 60- to 130-character
//! descriptions: where a benchmark names two kernels alike in two files
//! (report.py's `baseline` and `compare`), each kernel is named with its
//! file, `baseline (k01/linuxppc-2021-08-neri-asym-smt-v4-…txt)`. Session
//! 57 left those schedtests tables 102 to 133 columns wide (a kernel's
//! name is never broken) and nine note lines at 73 (textwrap's optimal fit
//! put a broken file name's remainder and the next words one column
//! over): the mail now gives such names short names, `baseline [1]`, with
//! a key under the table, and fills no line past the width.

mod common;

use common::{benchsite, put};
use std::path::Path;
use unicode_width::UnicodeWidthStr;

/// The wild fixtures as a content directory under `root`.
fn wild_content(root: &Path) -> std::path::PathBuf {
    let wild = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wild");
    let c = root.join("content");
    put(&c, "site.yaml", "title: \"wild fixtures\"\n");
    let mut benches: Vec<_> = std::fs::read_dir(&wild).expect("wild fixtures").flatten().map(|e| e.path()).collect();
    benches.retain(|p| p.is_dir());
    benches.sort();
    for dir in benches {
        let bench = dir.file_name().and_then(|n| n.to_str()).expect("a name").to_string();
        let mut files: Vec<_> = std::fs::read_dir(&dir).expect("bench dir").flatten().map(|e| e.path()).collect();
        files.retain(|p| p.extension().is_some_and(|e| e == "txt"));
        files.sort();
        if files.is_empty() {
            continue;
        }
        put(&c, &format!("{bench}/machine.yaml"), format!("name: \"{bench}\"\nbaseline: \"k01\"\n"));
        for (i, f) in files.iter().enumerate() {
            let name = f.file_name().and_then(|n| n.to_str()).expect("a name");
            put(&c, &format!("{bench}/k{:02}/{name}", i + 1), std::fs::read(f).expect("fixture"));
        }
    }
    c
}

#[test]
fn every_mail_line_of_a_site_of_the_wild_fixtures_fits_72_columns() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = wild_content(tmp.path());
    let out = tmp.path().join("out");
    let run = benchsite().arg("build").arg("-q").arg("--content").arg(&content).arg("--output").arg(&out).assert();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    run.success();
    let wide: Vec<&str> = stderr.lines().filter(|l| l.contains("its plaintext table is")).collect();
    assert!(wide.is_empty(), "tables no layout fits:\n{}", wide.join("\n"));
    let mut mails = 0;
    let mut over = Vec::new();
    for e in walkdir::WalkDir::new(&out).into_iter().flatten() {
        let name = e.file_name().to_string_lossy();
        if name != "email.txt" && name != "across.txt" {
            continue;
        }
        mails += 1;
        let text = std::fs::read_to_string(e.path()).expect("mail");
        let rel = e.path().strip_prefix(&out).unwrap_or(e.path()).display().to_string();
        for (i, line) in text.lines().enumerate() {
            let w = line.width();
            if w > 72 {
                over.push(format!("{rel}:{}: {w} columns: {line}", i + 1));
            }
        }
    }
    assert!(mails > 40, "{mails} mails");
    assert!(over.is_empty(), "{} lines over 72 columns:\n{}", over.len(), over.join("\n"));
    // The schedtests kernels named by their files: short names in the
    // tables, each file said once in the key under a table.
    let sched = std::fs::read_to_string(out.join("schedtests/email.txt")).expect("schedtests mail");
    assert!(sched.lines().any(|l| l.starts_with("baseline [1] ")), "no short name:\n{sched}");
    assert!(sched.lines().any(|l| l.starts_with("[1] (k01/")), "no key:\n{sched}");
}
