//! A real archive of pgbench summaries through `build` (archive53:
//! tvondra/pg-fs-benchmark, PostgreSQL 16devel on four file systems of one
//! kernel, `compare: filesystem`): rate-limited read-write runs whose logs
//! print no command line, only pgbench's lag and latency-limit lines. Real
//! files: `tests/sites/pgfs/` (SOURCES.md there).

mod common;

use std::path::{Path, PathBuf};

/// The fixture site's content directory.
fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/pgfs")
}

/// The CSV row of the section's table whose first cells are `start`, as
/// (header, cell) pairs.
fn csv_row(csv: &str, start: &str) -> Vec<(String, String)> {
    let mut lines = csv.lines();
    let header: Vec<String> = lines.next().expect("header").split(',').map(str::to_string).collect();
    let row = lines.find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no row {start}: {csv}"));
    header.into_iter().zip(row.split(',').map(str::to_string)).collect()
}

/// The value of column `name` in `row`.
fn cell<'a>(row: &'a [(String, String)], name: &str) -> &'a str {
    row.iter().find(|(h, _)| h == name).map(|(_, v)| v.as_str()).unwrap_or_else(|| panic!("no column {name}"))
}

/// archive53 F1: the zfs run of `-R 3000 -L 21`, the btrfs run of `-R 5000
/// -L 12` and ext4's of `-R 25000 -L 2` print no rate, only `rate limit
/// schedule lag:`: all three were `rate limited`, one set-up under
/// `limit/default/10000`, and zfs's tps read −6.73× against ext4's, btrfs's
/// −5.55×, each a different target rate, not a slower file system. Each
/// prints its `-L` limit (`number of transactions above the 21.0 ms
/// latency limit`): the runs are compared only at one limit (xfs's and
/// ext4's 2.0 ms, +0.6%), the unlimited runs as before.
#[test]
fn rate_limited_runs_of_other_latency_limits_are_not_compared() {
    let (out, _, _tmp) = common::build_site(&site());
    let class = out.join("xeon-nvme");
    let mail = std::fs::read_to_string(class.join("email.txt")).expect("mail");
    assert!(!mail.contains("-6.73×") && !mail.contains("-5.55×"), "{mail}");
    let csv = std::fs::read_to_string(class.join("csv/pgbench-read-write-simple-update.csv")).expect("csv");
    let zfs = csv_row(&csv, "zfs,about 3000,21.0 ms,");
    assert_eq!(cell(&zfs, "tps (tps) mean"), "2996.568877");
    assert_eq!(cell(&zfs, "tps (tps) pct_better"), "", "{csv}");
    let btrfs = csv_row(&csv, "btrfs,about 5000,12.0 ms,");
    assert_eq!(cell(&btrfs, "tps (tps) pct_better"), "", "{csv}");
    // One limit, one set-up: xfs against ext4 at 2.0 ms, 20283.517418 /
    // 20164.956914 = +0.588%.
    let xfs = csv_row(&csv, "xfs,about 25000,2.0 ms,");
    assert_eq!(cell(&xfs, "tps (tps) pct_better"), "0.588", "{csv}");
    // ext4's `limit-2` (-R 10000 -L 6) is a row of its own.
    assert_eq!(cell(&csv_row(&csv, "ext4,about 10000,6.0 ms,"), "tps (tps) mean"), "9249.233776");
    // The unlimited runs: 3822.046064 against 30495.051034, 7.98 times worse.
    let words = mail.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("zfs default/10000 3822.046064 % -7.98×"), "{mail}");
}

/// archive53 F3: the archive's harness leaves an empty `fs.chown.log`,
/// `fs.mount.log` or `btrfs.mount.log` beside every set-up (195 in the
/// i5 class): a newcomer's first `check` gave a warning per file, 195 of
/// its 575 lines. More than ten in a class are one warning at its
/// `machine.yaml`, as unrecognised files are; a few stay one each.
#[test]
fn many_empty_files_are_one_warning() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let content = tmp.path();
    common::copy_dir(&site(), content);
    let check = |content: &Path| {
        let out = common::benchsite().arg("check").arg("--content").arg(content).assert().success();
        String::from_utf8_lossy(&out.get_output().stderr).into_owned()
    };
    for fs in ["ext4", "xfs"] {
        std::fs::write(content.join(format!("xeon-nvme/{fs}/limit/default/fs.chown.log")), "").expect("log");
    }
    let said = check(content);
    assert_eq!(said.lines().filter(|l| l.contains("empty file, skipped")).count(), 2, "{said}");
    for fs in ["ext4", "xfs", "zfs", "btrfs"] {
        for set_up in ["default", "limit/default", "limit-2/default"] {
            let d = content.join(format!("xeon-nvme/{fs}/{set_up}"));
            std::fs::create_dir_all(&d).expect("dir");
            std::fs::write(d.join("fs.chown.log"), "").expect("log");
            std::fs::write(d.join("fs.mount.log"), "").expect("log");
        }
    }
    let said = check(content);
    let lines: Vec<&str> = said.lines().filter(|l| l.contains("empty file")).collect();
    assert_eq!(lines.len(), 1, "{said}");
    assert!(lines[0].contains("machine.yaml: 24 empty files skipped: xeon-nvme/"), "{said}");
    assert!(lines[0].contains(" and 21 more; if they are not results, add a glob for them to `ignore:`"), "{said}");
}
