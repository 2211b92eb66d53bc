//! Runs of different machines or kernel builds in different files are
//! never averaged into one cell, and a kernel whose runs come from
//! another machine than the baseline's is warned of (archive36 findings
//! 1–3). Real files: `tests/sites/identity/` (mojyack/unixbench-results
//! and SummerVibes/kernel-perf UnixBench 5.1.3 reports, SOURCES.md
//! there), laid out as a newcomer could.

mod common;

use common::benchsite;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The fixture site, built once per test into a temporary directory:
/// (output directory, `build`'s standard error, the directory kept alive).
fn built() -> (PathBuf, String, tempfile::TempDir) {
    let content = site();
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let run = benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).assert().success();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    (out, stderr, tmp)
}

/// `check`'s standard error over the fixture site (it passes).
fn checked() -> String {
    let run = benchsite().arg("check").arg("--content").arg(site()).assert().success();
    String::from_utf8_lossy(&run.get_output().stderr).into_owned()
}

/// The fixture site's content directory.
fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/identity")
}

/// The Index Score rows of class `class`'s CSV files, each as column →
/// value (`kernel`, `copies`, `host`, `n`, `mean`, `pct_better`, …).
fn index_scores(out: &Path, class: &str) -> Vec<BTreeMap<String, String>> {
    let mut rows = Vec::new();
    for e in std::fs::read_dir(out.join(class).join("csv")).expect("csv dir") {
        let text = common::csv_long(&std::fs::read_to_string(e.expect("entry").path()).expect("csv"));
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = reader.headers().expect("header").iter().map(str::to_string).collect();
        for r in reader.records() {
            let r = r.expect("record");
            let row: BTreeMap<String, String> = header.iter().cloned().zip(r.iter().map(str::to_string)).collect();
            if row.get("metric").map(String::as_str) == Some("Index Score") {
                rows.push(row);
            }
        }
    }
    rows
}

/// The row of `rows` whose columns hold every (column, value) of `of`.
fn row<'a>(rows: &'a [BTreeMap<String, String>], of: &[(&str, &str)]) -> &'a BTreeMap<String, String> {
    let found: Vec<_> =
        rows.iter().filter(|r| of.iter().all(|(k, v)| r.get(*k).map(String::as_str) == Some(*v))).collect();
    assert_eq!(found.len(), 1, "one row with {of:?} in {rows:#?}");
    found[0]
}

/// The lines of `stderr` that hold every one of `words`.
fn said<'a>(stderr: &'a str, words: &[&str]) -> Vec<&'a str> {
    stderr.lines().filter(|l| words.iter().all(|w| l.contains(w))).collect()
}

/// Finding 1: a Pi 5's and a Pi Zero 2 W's reports in one kernel
/// directory (`System: rpi5` / `System: raspberrypi`, line 3) were one
/// cell, `655 ±539` = mean(1035.7, 273.7). Each host is a row; the Pi 5's
/// 6.6.59 (1563.8) is compared with its own 6.6.51 (1035.7): +50.99%.
#[test]
fn two_machines_in_one_kernel_directory_are_two_rows() {
    let (out, stderr, _tmp) = built();
    let rows = index_scores(&out, "pis");
    let one = |k: &str, host: &str| row(&rows, &[("kernel", k), ("copies", "1"), ("host", host)]);
    assert_eq!(one("6.6.51", "rpi5")["mean"], "1035.7");
    assert_eq!(one("6.6.51", "rpi5")["n"], "1");
    assert_eq!(one("6.6.51", "raspberrypi")["mean"], "273.7");
    assert_eq!(one("6.6.59", "rpi5")["mean"], "1563.8");
    // (1563.8 − 1035.7) / 1035.7 = +50.99%.
    assert_eq!(one("6.6.59", "rpi5")["pct_better"], "50.99");
    assert_eq!(one("6.6.59", "rpi02w")["mean"], "275.9");
    assert!(rows.iter().all(|r| r["n"] == "1"), "two machines averaged: {rows:#?}");
    let warned = said(&stderr, &["pis/6.6.51/aarch64-rp3a0-6.6.51", "name different hosts", "`host` parameter"]);
    assert_eq!(warned.len(), 1, "{stderr}");
    assert!(warned[0].contains("`rpi5` (6.6.51/aarch64-bcm2712-6.6.51-gentoo-musl-raspberrypi_5-rpi5.txt line 3"));
    assert!(
        warned[0].contains(
            "`raspberrypi` (6.6.51/aarch64-rp3a0-6.6.51-debian-glibc-raspberrypi_zero_2_w-unknown.txt line 3)"
        )
    );
    // The generic warning on file names is no longer needed there.
    assert!(said(&stderr, &["pis/", "averaged into one cell"]).is_empty(), "{stderr}");
}

/// The same device renamed between installs (`System: raspberrypi` on
/// 6.6.51, `System: rpi02w` on 6.6.59, one kernel a directory) is still
/// compared: (275.9 − 273.7) / 273.7 = +0.80%, with one warning only.
#[test]
fn a_renamed_host_across_kernels_is_still_compared() {
    let (out, stderr, _tmp) = built();
    let rows = index_scores(&out, "rpi-zero-2-w");
    assert_eq!(rows.len(), 4, "{rows:#?}");
    assert!(rows.iter().all(|r| !r.contains_key("host")), "{rows:#?}");
    // (275.9 − 273.7) / 273.7 = +0.804%, (888.3 − 825.7) / 825.7 = +7.58%.
    let pct = |copies: &str| -> f64 {
        row(&rows, &[("kernel", "6.6.59"), ("copies", copies)])["pct_better"].parse().expect("a change")
    };
    assert!((pct("1") - 0.804).abs() < 0.001 && (pct("4") - 7.581).abs() < 0.001, "{rows:#?}");
    // The rename is a warning (attack38 finding 3: a note in two files, a
    // warning in one), and the only one.
    let warned = said(&stderr, &["rpi-zero-2-w/", "warning"]);
    assert!(warned.iter().all(|w| w.contains("name host rpi02w")), "{stderr}");
    let check = checked();
    assert_eq!(
        said(&check, &["warning:", "rpi-zero-2-w/6.6.59/", "name host rpi02w", "raspberrypi"]).len(),
        1,
        "{check}"
    );
}

/// Finding 2: three laptops' reports flat in one class, all `System:
/// archlinux` on 6.9.3-arch1-1, each naming its processor (line 7) were
/// `605 ±247` = mean(510.6, 884.4, 418.8). Each processor is a row.
#[test]
fn three_processors_in_one_cell_are_three_rows() {
    let (out, stderr, _tmp) = built();
    let rows = index_scores(&out, "laptops");
    let one = |m: &str| row(&rows, &[("copies", "1"), ("machine", m)]);
    assert_eq!(one("Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz")["mean"], "510.6");
    assert_eq!(one("Intel(R) Core(TM)2 Duo CPU P8700 @ 2.53GHz")["mean"], "884.4");
    assert_eq!(one("Intel(R) Atom(TM) x5-Z8350 CPU @ 1.44GHz")["mean"], "418.8");
    assert!(rows.iter().all(|r| r["n"] == "1" && r["kernel"] == "6.9.3-arch1-1"), "{rows:#?}");
    assert!(!rows.iter().any(|r| r.contains_key("host")), "one host name, no host parameter: {rows:#?}");
    let warned = said(&stderr, &["laptops/", "name different processors", "`machine` parameter"]);
    assert_eq!(warned.len(), 1, "{stderr}");
    for (cpu, file) in [
        ("L7300 @ 1.40GHz", "x61s-unknown.txt line 7"),
        ("P8700 @ 2.53GHz", "sl300_2738rr6-unknown.txt line 7"),
        ("x5-Z8350 CPU @ 1.44GHz", "keian_knw14fhd2_sr-unknown.txt line 7"),
    ] {
        assert!(warned[0].contains(cpu) && warned[0].contains(file), "{cpu}, {file}: {}", warned[0]);
    }
}

/// Across kernels of one class: the gpd pocket's Atom x7-Z8750 (6.6.13,
/// the baseline, 850.4) and the x61s' Core2 Duo L7300 (6.9.3, 510.6) are
/// compared as they were (−40.0%), with a warning on the class page and
/// in `check`.
#[test]
fn a_kernel_run_on_another_processor_than_the_baselines_is_warned_of() {
    let (out, stderr, _tmp) = built();
    let rows = index_scores(&out, "mixed");
    assert_eq!(row(&rows, &[("kernel", "6.9.3"), ("copies", "1")])["pct_better"], "-39.96");
    let warned = said(
        &stderr,
        &[
            "mixed/6.9.3/",
            "6.9.3's runs are from Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz",
            "the baseline 6.6.13's from Intel(R) Atom(TM) x7-Z8750 CPU @ 1.60GHz",
            "not the same machine",
        ],
    );
    assert_eq!(warned.len(), 1, "{stderr}");
    let page = std::fs::read_to_string(out.join("mixed/index.html")).expect("page");
    assert!(page.contains("not the same machine"), "no warning on the class page");
    let check = checked();
    assert_eq!(said(&check, &["warning:", "mixed/6.9.3/", "not the same machine"]).len(), 1, "{check}");
}

/// Finding 3: four reports of one i7-12700H flat in a class, every one
/// `5.10.0+`, in three builds (`#342 … Sep 13`, `#369 … Sep 14 21:05:46`,
/// `#370 … Sep 14 21:50:59`, line 4) were one cell, `2906 ±38` of 4 runs.
/// Each build is a row; the two #342 runs (2943.1, 2874.4) still average:
/// 2908.75 ±48.58.
#[test]
fn three_builds_of_one_release_are_three_rows() {
    let (out, stderr, _tmp) = built();
    let rows = index_scores(&out, "builds");
    let one = |copies: &str, b: &str| row(&rows, &[("copies", copies), ("kernel build", b)]);
    let b342 = one("1", "#342 SMP Wed Sep 13 20:25:43 CST 2023");
    assert_eq!((b342["n"].as_str(), b342["mean"].as_str(), b342["stddev"].as_str()), ("2", "2908.75", "48.58"));
    assert_eq!(one("1", "#369 SMP Thu Sep 14 21:05:46 CST 2023")["mean"], "2871.4");
    assert_eq!(one("1", "#370 SMP Thu Sep 14 21:50:59 CST 2023")["mean"], "2935");
    assert_eq!(one("16", "#342 SMP Wed Sep 13 20:25:43 CST 2023")["mean"], "20806.35");
    assert_eq!(rows.len(), 6, "{rows:#?}");
    let warned =
        said(&stderr, &["builds/ubuntu-2023-09-14-02:4", "name different kernel builds", "`kernel build` parameter"]);
    assert_eq!(warned.len(), 1, "{stderr}");
    assert!(
        warned[0].contains("`#342 SMP Wed Sep 13 20:25:43 CST 2023` (ubuntu-2023-09-13-01 line 4 and 1 more file)")
    );
    // One machine: no host nor machine parameter, no other machine warned of.
    assert!(rows.iter().all(|r| !r.contains_key("host") && !r.contains_key("machine")), "{rows:#?}");
}

/// attack36 finding 7 (u15-maxcpus): the Pi Zero 2 W's reports name no
/// processor model; 6.6.59's says `2 CPUs in system`, the baseline
/// 6.6.51's 4 (a kernel booted with `maxcpus=2`). The CPU counts differ:
/// warned as such, never asserted to be another machine.
#[test]
fn fewer_cpus_online_without_a_processor_model_is_no_other_machine() {
    let check = benchsite()
        .arg("check")
        .arg("--content")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/identity-maxcpus"))
        .assert()
        .success();
    let check = String::from_utf8_lossy(&check.get_output().stderr).into_owned();
    let warned = said(&check, &["warning:", "6.6.59's runs had 2 CPUs online", "4 CPUs", "the CPU counts differ"]);
    assert_eq!(warned.len(), 1, "{check}");
    assert!(!check.contains("not the same machine"), "{check}");
}

/// attack36 finding 6 (u8-1000-hosts-content): many copies of one report
/// in one kernel directory, each `System:` another host, gave one warning
/// naming every host (37 KB for 1,000). The first 5 are named, the rest
/// counted.
#[test]
fn an_identity_warning_over_many_files_names_the_first_few() {
    let report =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(
            "tests/sites/identity/laptops/amd64-core_2_duo_l7300-6.9.3-arch-glibc-lenovo_thinkpad_x61s-unknown.txt",
        ))
        .expect("x61s report");
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("box/6.9.3");
    std::fs::create_dir_all(&dir).expect("dirs");
    std::fs::write(tmp.path().join("site.yaml"), "title: \"many hosts\"\n").expect("site.yaml");
    std::fs::write(tmp.path().join("box/machine.yaml"), "name: \"box\"\n").expect("machine.yaml");
    for k in 0..12 {
        let text = report.replacen("System: archlinux:", &format!("System: host{k:02}:"), 1);
        std::fs::write(dir.join(format!("h{k:02}.txt")), text).expect("report");
    }
    let check = benchsite().arg("check").arg("--content").arg(tmp.path()).assert().success();
    let check = String::from_utf8_lossy(&check.get_output().stderr).into_owned();
    let warned = said(&check, &["warning:", "name different hosts"]);
    assert_eq!(warned.len(), 1, "{check}");
    assert!(warned[0].contains("`host04`") && !warned[0].contains("`host05`"), "{}", warned[0]);
    assert!(warned[0].contains("and 7 more values in 7 more files"), "{}", warned[0]);
}
