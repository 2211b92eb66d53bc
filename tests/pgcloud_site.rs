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
