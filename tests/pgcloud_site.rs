//! A real archive of pgbench summaries through `check` and `build`
//! (archive38b: serverscamp/pgbench-aws-vs-serverscamp, pgbench 18.3 against
//! three managed PostgreSQL configurations, `compare: config`). Real files:
//! `tests/sites/pgcloud/` (SOURCES.md there).

mod common;

use std::path::{Path, PathBuf};

/// The fixture site's content directory.
fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/pgcloud")
}

/// A content directory holding the fixture site's `site.yaml` and its
/// class's `machine.yaml` and no raw file: the directory, the class's
/// directory in it, and the fixture class's (to copy raw files from).
fn bare_class() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let class = tmp.path().join("pg-db-m-8g");
    let from = site().join("pg-db-m-8g");
    std::fs::create_dir_all(&class).expect("class");
    std::fs::copy(site().join("site.yaml"), tmp.path().join("site.yaml")).expect("site.yaml");
    std::fs::copy(from.join("machine.yaml"), class.join("machine.yaml")).expect("machine.yaml");
    (tmp, class, from)
}

/// What `benchsite check` says of `content` (stderr, then stdout); it
/// must succeed.
fn check(content: &Path) -> String {
    let out = common::benchsite().arg("check").arg("--content").arg(content).assert().success();
    let o = out.get_output();
    String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout)
}

/// archive38b F1: `latency average` is pgbench's clients / tps, the tps
/// column restated (not tested, nor part of the family), but the summary
/// of each config counted it: "compared 6, tested 6" of 3 tested tps cells,
/// and each tps ratio twice in the geometric mean (−12.9% for −12.84%).
#[test]
fn a_restated_column_is_not_counted_in_a_config_s_summary() {
    let (out, _, _tmp) = common::build_site(&site());
    let md = std::fs::read_to_string(out.join("pg-db-m-8g/regressions.md")).expect("regressions.md");
    assert!(md.contains("| sc-5k-iops | 3 | 3 | 0 | 3 | -12.8% |"), "{md}");
    assert!(md.contains("| sc-12k-iops | 3 | 3 | 1 | 1 | +1.4% |"), "{md}");
    let html = std::fs::read_to_string(out.join("pg-db-m-8g/compare.html")).expect("compare.html");
    assert!(html.contains("nor a column restating another"), "{html}");
}

/// archive38b F2: the directories `bench100/`, `bench1000/`, `bench10000/`
/// are the authors' names for the scales 100, 1000, 10000; the tables,
/// captions and notable changes said `scale 100, dir bench100`. A `dir`
/// naming another column's value, one name to a value, repeats it.
#[test]
fn a_dir_named_after_the_scale_is_left_out() {
    let (out, _, _tmp) = common::build_site(&site());
    let mail = std::fs::read_to_string(out.join("pg-db-m-8g/email.txt")).expect("mail");
    assert!(!mail.contains("bench100"), "{mail}");
    let words = mail.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("Notable changes against aws-rds"), "{mail}");
    assert!(words.contains("tps (scale 1000): sc-5k-iops -17.6% (adjusted p"), "{mail}");
    // The numbers stay (3 runs, 2258 ± 193 tps for sc-5k-iops at 1000).
    assert!(mail.contains("2258 ±193"), "{mail}");
}

/// archive38b F6: the one scaling chart over scale 100, 1000, 10000 (two
/// decades exactly, crowded at the low end) drew 100 and 1000 at the left
/// edge and 10000 alone at the right: its x axis is logarithmic.
#[test]
fn scales_two_decades_apart_are_drawn_on_a_log_axis() {
    let (out, _, _tmp) = common::build_site(&site());
    let svg = std::fs::read_to_string(out.join("pg-db-m-8g/charts/pgbench-tpc-b-32-clients-4-threads-scaling.svg"))
        .expect("the scaling chart");
    assert!(svg.contains("scale (log scale)"), "{svg}");
}

/// archive38b F5: each archive unpacked as it was puts the runs under
/// `results/aws/benchN/` in one config and `root/results/serverscamp/
/// benchN/` in the others: nothing is compared (right), and the warning
/// now says that only those directories differ and what to do.
#[test]
fn rows_apart_only_by_their_directories_are_said_so() {
    let (tmp, class, from) = bare_class();
    for (config, inner) in [
        ("aws-rds", "results/aws"),
        ("sc-5k-iops", "root/results/serverscamp"),
        ("sc-12k-iops", "root/results/serverscamp"),
    ] {
        for scale in ["bench100", "bench1000", "bench10000"] {
            let to = class.join(config).join(inner).join(scale);
            std::fs::create_dir_all(&to).expect("dir");
            for run in ["run1.txt", "run2.txt", "run3.txt"] {
                std::fs::copy(from.join(config).join(scale).join(run), to.join(run)).expect("copy");
            }
        }
    }
    let said = check(tmp.path());
    let line =
        said.lines().find(|l| l.contains("none of their values is compared")).unwrap_or_else(|| panic!("{said}"));
    assert!(
        line.ends_with("their rows differ from aws-rds's only in the directories above their set-up directories (the dir parameter's leading names): name those directories alike below each config's own to compare them"),
        "{said}"
    );
}

/// Set-up directories of different names (one config's runs under
/// `ext4/`, the others' under `xfs/`) are rightly apart: no advice to name
/// them alike.
#[test]
fn set_ups_of_other_names_get_no_advice_to_rename() {
    let (tmp, class, from) = bare_class();
    for (config, fs) in [("aws-rds", "ext4"), ("sc-5k-iops", "xfs")] {
        let to = class.join(config).join(fs);
        std::fs::create_dir_all(&to).expect("dir");
        for run in ["run1.txt", "run2.txt"] {
            std::fs::copy(from.join(config).join("bench100").join(run), to.join(run)).expect("copy");
        }
    }
    let said = check(tmp.path());
    let line = said.lines().find(|l| l.contains("none of its values is compared")).unwrap_or_else(|| panic!("{said}"));
    assert!(!line.contains("name those directories alike"), "{said}");
}

/// archive38b F3: beside each `runK.txt` the archive keeps pgbench's
/// `--aggregate-interval=10` per-thread logs (`runK.<pid>`, `.1` … `.3`),
/// which no parser reads; `check` gave a warning per file, 108 alike
/// before anything else. More than ten in a class are one warning at its
/// `machine.yaml`, with the count, three names and what to do.
#[test]
fn many_unrecognised_files_are_one_warning() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = tmp.path();
    common::copy_dir(&site(), content);
    // A line of aws-rds/bench100/run1.9026 (the archive's first log).
    let line = "1777879493 8610 75754786 934526774720 2759 190722 0 0 0 0 0 0 0 0 0\n";
    for (scale, pid) in [("bench100", 9026), ("bench1000", 9178), ("bench10000", 9351)] {
        for thread in ["", ".1", ".2", ".3"] {
            let f = content.join(format!("pg-db-m-8g/aws-rds/{scale}/run1.{pid}{thread}"));
            std::fs::write(f, line).expect("log");
        }
    }
    let said = check(content);
    let lines: Vec<&str> = said.lines().filter(|l| l.contains("unrecognised")).collect();
    assert_eq!(lines.len(), 1, "{said}");
    assert!(lines[0].contains("machine.yaml: 12 unrecognised files skipped (no parser claimed them): "), "{said}");
    assert!(lines[0].contains(" and 9 more; if they are not results, add a glob for them to `ignore:`"), "{said}");
}
