//! A real archive of today's benchmarks through `check` and `build`
//! (archive38: soerenmetje/linux-benchmarking, iperf3 and sysbench logs of
//! two VPS of one kernel, `compare: config`). Real files:
//! `tests/sites/vps/` (SOURCES.md there).

mod common;

use common::benchsite;
use std::path::{Path, PathBuf};

/// The fixture site's content directory.
fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/vps")
}

/// What `check` prints (standard output and error).
fn checked() -> String {
    let out = benchsite().arg("check").arg("--content").arg(site()).assert().success();
    let o = out.get_output();
    String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout)
}

/// A class CSV's rows that start with `prefix`.
fn csv_rows(out: &Path, prefix: &str) -> Vec<String> {
    std::fs::read_dir(out.join("vps-4v-8gb/csv"))
        .expect("csv")
        .flat_map(|e| {
            std::fs::read_to_string(e.expect("entry").path())
                .expect("csv")
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|l| l.starts_with(prefix))
        .collect()
}

/// archive38 F1: the harness writes each iteration to `log000.txt`,
/// `log001.txt`, …; five sections warned that those were "averaged into
/// one cell as if they were runs of one benchmark" and advised parts.
/// They are runs: no warning, and the cell is their mean.
#[test]
fn a_harness_s_numbered_logs_are_runs_without_a_warning() {
    let said = checked();
    assert!(!said.contains("as if they were runs"), "{said}");
    let (out, _, _tmp) = common::build_site(&site());
    let gwdg = csv_rows(&out, "gwdg,").into_iter().find(|l| l.contains(",events per second,")).expect("gwdg cpu");
    assert!(gwdg.contains(",events/s,3,2534.35,"), "{gwdg}");
}
