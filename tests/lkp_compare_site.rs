//! The kernel test robot's comparison tables in a machine class: the
//! kernels they name, their order and the baseline (`site::load`).

mod common;

use benchsite::diag::Severity;
use common::put;
use std::path::{Path, PathBuf};

const FIXTURES: &str = "tests/fixtures/lkp-compare";

fn fixture(name: &str) -> String {
    std::fs::read_to_string(Path::new(FIXTURES).join(name)).expect("fixture")
}

/// A new content directory, its `site.yaml` titled `t`, holding `files`
/// (content path, contents): the temporary directory it is in (removed
/// when dropped) and its path.
fn content(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("tmp");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: t\n");
    for (rel, text) in files {
        put(&c, rel, text);
    }
    (tmp, c)
}

/// The class `slug` of `site`.
fn class<'a>(site: &'a benchsite::site::Site, slug: &str) -> &'a benchsite::site::MachineClass {
    site.machines.iter().find(|m| m.slug == slug).expect("class")
}

/// The kernels of `m`, in its order.
fn names(m: &benchsite::site::MachineClass) -> Vec<&str> {
    m.kernels.iter().map(|k| k.name.as_str()).collect()
}

/// Loads `content` and returns its one class's kernels, baseline and the
/// messages of its diagnostics.
fn load(content: &Path) -> (Vec<String>, Option<String>, Vec<(Severity, String)>) {
    let site = benchsite::site::load(content).expect("load");
    let m = &site.machines[0];
    (
        m.kernels.iter().map(|k| k.name.clone()).collect(),
        m.config.baseline.clone(),
        site.diagnostics.iter().map(|d| (d.severity, d.message.clone())).collect(),
    )
}

const POLL2: &str = "lkml-2025-will-it-scale-poll2-regression-2-commits-monitors-elided.txt";
const PAGEMOVE: &str = "lkml-2024-stress-ng-pagemove-3-commits-your-patch-monitors-elided.txt";

#[test]
fn the_tables_order_is_the_kernel_order_and_its_base_the_baseline() {
    let (_tmp, c) = content(&[
        ("skl/machine.yaml", "name: skl\n"),
        ("skl/poll2.txt", &fixture(POLL2)),
        ("pagemove/machine.yaml", "name: pagemove\n"),
        ("pagemove/report.txt", &fixture(PAGEMOVE)),
    ]);
    let site = benchsite::site::load(&c).expect("load");
    let by = |slug: &str| class(&site, slug);
    // Version order put 8935989798 (digits) before d000e073ca.
    assert_eq!(names(by("skl")), ["d000e073ca", "8935989798"]);
    assert_eq!(by("skl").config.baseline.as_deref(), Some("d000e073ca"));
    assert_eq!(names(by("pagemove")), ["ff388fe5c4", "8be7258aad", "4605212a16"]);
    assert_eq!(by("pagemove").config.baseline.as_deref(), Some("ff388fe5c4"));
    let note = site.diagnostics.iter().find(|d| d.file.ends_with("skl/machine.yaml")).expect("a note on machine.yaml");
    assert_eq!(note.severity, Severity::Note, "{}", note.message);
    assert!(note.message.contains("compared with d000e073ca"), "{}", note.message);
}

#[test]
fn machine_yaml_keeps_its_own_order_and_baseline() {
    let (_tmp, c) = content(&[]);
    put(
        &c,
        "skl/machine.yaml",
        "name: skl\nbaseline: \"8935989798\"\nkernel_order: [\"8935989798\", \"d000e073ca\"]\n",
    );
    put(&c, "skl/poll2.txt", fixture(POLL2));
    let (kernels, baseline, diags) = load(&c);
    assert_eq!(kernels, ["8935989798", "d000e073ca"]);
    assert_eq!(baseline.as_deref(), Some("8935989798"));
    assert!(!diags.iter().any(|(_, m)| m.contains("sets no `baseline:`")), "{diags:?}");
}

#[test]
fn two_tables_of_different_bases_give_no_baseline_and_say_what_to_write() {
    let (_tmp, c) = content(&[
        ("m/machine.yaml", "name: m\n"),
        ("m/a-poll2.txt", &fixture(POLL2)),
        ("m/b-pagemove.txt", &fixture(PAGEMOVE)),
    ]);
    let (kernels, baseline, diags) = load(&c);
    assert_eq!(kernels, ["d000e073ca", "8935989798", "ff388fe5c4", "8be7258aad", "4605212a16"]);
    assert_eq!(baseline, None);
    let (sev, msg) = diags.iter().find(|(_, m)| m.contains("different bases")).expect("a warning");
    assert_eq!(*sev, Severity::Warning);
    assert!(msg.contains("write `baseline: \"d000e073ca\"`"), "{msg}");
    // archive43: one `baseline:` compares one report only; a section a
    // report, each with its own base, compares them all.
    assert!(msg.contains("files: [\"a-poll2.txt\"], baseline: \"d000e073ca\""), "{msg}");
}

/// Two sections, each one report with its own `baseline:`.
const OWN_BASES: &str = "sections:\n  - title: poll2\n    files: [\"a-poll2.txt\"]\n    baseline: \"d000e073ca\"\n  \
                         - title: pagemove\n    files: [\"b-pagemove.txt\"]\n    baseline: \"ff388fe5c4\"\n";

/// Class `m` of two sections, each one report with its own `baseline:`
/// (poll2's base d000e073ca, pagemove's ff388fe5c4).
fn sections_of_their_own_bases() -> (tempfile::TempDir, PathBuf) {
    let (tmp, c) = content(&[]);
    put(&c, "m/machine.yaml", format!("name: m\n{OWN_BASES}"));
    put(&c, "m/a-poll2.txt", fixture(POLL2));
    put(&c, "m/b-pagemove.txt", fixture(PAGEMOVE));
    (tmp, c)
}

#[test]
fn sections_that_each_set_a_baseline_are_no_class_without_one() {
    let (_tmp, c) = sections_of_their_own_bases();
    let (_, baseline, diags) = load(&c);
    assert_eq!(baseline, None);
    assert!(!diags.iter().any(|(_, m)| m.contains("different bases")), "{diags:?}");
    // Must not fire when a section sets none: the warning stays.
    put(&c, "m/machine.yaml", format!("name: m\n{}", OWN_BASES.replace("    baseline: \"ff388fe5c4\"\n", "")));
    let (_, _, diags) = load(&c);
    assert!(diags.iter().any(|(_, m)| m.contains("different bases")), "{diags:?}");
}

const REAIM: &str = "lkml-2020-reaim-3-commits-wrapped-at-72-then-quoted-report-with-fail-runs.txt";

#[test]
fn one_commit_named_by_its_full_sha_and_its_short_id_is_one_kernel() {
    let (_tmp, c) = content(&[("ivb/machine.yaml", "name: ivb\n")]);
    // The re-test names 9f68395333ad7f5b… in full, the quoted report 9f68395333.
    put(&c, "ivb/reaim.txt", fixture(REAIM));
    let site = benchsite::site::load(&c).expect("load");
    let m = &site.machines[0];
    assert_eq!(names(m), ["9f68395333", "070f5e860e", "v5.7"]);
    assert_eq!(m.config.baseline.as_deref(), Some("9f68395333"));
    // reaim.jobs_per_min of 9f68395333: the re-test's 66870 and the report's 67235.
    let mut jobs: Vec<f64> = m
        .results
        .iter()
        .flat_map(|rf| &rf.parsed.samples)
        .filter(|s| s.kernel.as_deref() == Some("9f68395333") && s.metric.name == "reaim.jobs_per_min")
        .map(|s| s.value.mean())
        .collect();
    jobs.sort_by(f64::total_cmp);
    assert_eq!(jobs, [66870.0, 67235.0]);
    let notes: Vec<&str> =
        site.diagnostics.iter().filter(|d| d.message.starts_with("commit ")).map(|d| d.message.as_str()).collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].contains("commit 9f68395333ad7f5bfe2f83473fed363d4229f11c is 9f68395333 of reaim.txt"),
        "{notes:?}"
    );
}

#[test]
fn a_report_and_its_retest_naming_the_base_by_longer_id_share_one_kernel() {
    let (_tmp, c) = content(&[("skl/machine.yaml", "name: skl\n"), ("skl/a-report.txt", &fixture(POLL2))]);
    // As a re-test would name the base: the id row's 16 digits.
    put(&c, "skl/b-retest.txt", fixture(POLL2).replace("  d000e073ca (", "  d000e073ca2a08ab ("));
    let site = benchsite::site::load(&c).expect("load");
    assert_eq!(names(&site.machines[0]), ["d000e073ca", "8935989798"]);
}

const RETEST: &str = "lkml-2025-will-it-scale-poll2-retest-3-commits-headline-then-full-table.txt";

/// The figures of `kernel`'s `metric` in the class's results.
fn figures(m: &benchsite::site::MachineClass, kernel: &str, metric: &str) -> Vec<f64> {
    m.results
        .iter()
        .flat_map(|rf| &rf.parsed.samples)
        .filter(|s| s.kernel.as_deref() == Some(kernel) && s.metric.name == metric)
        .map(|s| s.value.mean())
        .collect()
}

#[test]
fn a_report_and_its_retest_count_the_commits_figures_they_share_once() {
    for (report, retest) in [("a-report.txt", "b-retest.txt"), ("b-report.txt", "a-retest.txt")] {
        let (_tmp, c) = content(&[
            ("skl/machine.yaml", "name: skl\n"),
            (&format!("skl/{report}"), &fixture(POLL2)),
            (&format!("skl/{retest}"), &fixture(RETEST)),
        ]);
        let site = benchsite::site::load(&c).expect("load");
        let m = &site.machines[0];
        assert_eq!(names(m), ["d000e073ca", "8935989798", "2c43a225261"]);
        // Both tables print d000e073ca's 263173 and 8935989798's 232411: one run each.
        let ops = "will-it-scale.per_process_ops";
        assert_eq!(figures(m, "d000e073ca", ops), [263173.0], "{report} {retest}");
        assert_eq!(figures(m, "8935989798", ops), [232411.0]);
        assert_eq!(figures(m, "2c43a225261", ops), [261953.0]);
        assert_eq!(figures(m, "d000e073ca", "will-it-scale.workload"), [27370126.0]);
        let copies: Vec<&str> = site
            .diagnostics
            .iter()
            .filter(|d| d.message.contains("counted once"))
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(copies.len(), 2, "{copies:?}");
        assert!(copies.iter().any(|m| m.contains("the figures of d000e073ca")), "{copies:?}");
    }
}

/// archive43 R1: a report and its re-test in a section each. The base's
/// figures both print were kept in one file only (counted once,
/// class-wide), so the other file's section had no baseline and compared
/// nothing. Each section now shows them once, from the file it holds; a
/// section holding both files counts them once. Must not fire: with both
/// files in one section only, the copy is dropped as before.
#[test]
fn a_report_and_its_retest_in_a_section_each_both_keep_the_base() {
    let (_tmp, c) = content(&[]);
    put(
        &c,
        "skl/machine.yaml",
        "name: skl\nsections:\n  - title: report\n    files: [\"a-report.txt\"]\n    baseline: d000e073ca\n  \
         - title: retest\n    files: [\"b-retest.txt\"]\n    baseline: d000e073ca\n  \
         - title: both\n    files: [\"a-report.txt\", \"b-retest.txt\"]\n    baseline: d000e073ca\n",
    );
    put(&c, "skl/a-report.txt", fixture(POLL2));
    put(&c, "skl/b-retest.txt", fixture(RETEST));
    let site = benchsite::site::load(&c).expect("load");
    let m = &site.machines[0];
    let ops = "will-it-scale.per_process_ops";
    // Per section: the base's and 8935989798's figures, once each.
    let shown = |section: usize, kernel: &str| -> Vec<(String, f64)> {
        m.selection.shown[section]
            .iter()
            .flatten()
            .map(|&(fi, si)| (&m.results[fi], &m.results[fi].parsed.samples[si]))
            .filter(|(_, s)| s.kernel.as_deref() == Some(kernel) && s.metric.name == ops)
            .map(|(rf, s)| (rf.rel_path.clone(), s.value.mean()))
            .collect()
    };
    assert_eq!(shown(0, "d000e073ca"), [("a-report.txt".to_string(), 263173.0)]);
    assert_eq!(shown(1, "d000e073ca"), [("b-retest.txt".to_string(), 263173.0)]);
    assert_eq!(shown(2, "d000e073ca").len(), 1, "{:?}", shown(2, "d000e073ca"));
    assert_eq!(shown(2, "8935989798").len(), 1, "{:?}", shown(2, "8935989798"));
    assert_eq!(shown(1, "2c43a225261"), [("b-retest.txt".to_string(), 261953.0)]);
    let said: Vec<&str> =
        site.diagnostics.iter().map(|d| d.message.as_str()).filter(|m| m.contains("counted once")).collect();
    assert!(said.iter().all(|m| m.contains("where a section shows both")), "{said:?}");
    // Both files in one section only: the copy dropped from the class, as before.
    put(
        &c,
        "skl/machine.yaml",
        "name: skl\nsections:\n  - title: both\n    files: [\"*.txt\"]\n    baseline: d000e073ca\n",
    );
    let site = benchsite::site::load(&c).expect("load");
    let m = &site.machines[0];
    assert_eq!(figures(m, "d000e073ca", ops), [263173.0]);
    let said: Vec<&str> =
        site.diagnostics.iter().map(|d| d.message.as_str()).filter(|m| m.contains("counted once")).collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said.iter().all(|m| !m.contains("where a section shows both")), "{said:?}");
}

/// attack44 F14: two columns of ONE table whose ids start alike (one the
/// start of the other) are two commits: never averaged as one kernel's
/// runs (the base's 91713 and the -11.9% column's 80789 were one cell,
/// the other columns compared with their mean), warned at the file. Must
/// not fire: the full sha and the short id in two files are still one
/// kernel (the test above).
#[test]
fn two_columns_of_one_table_are_two_commits_whatever_their_ids() {
    let (_tmp, c) = content(&[("skl/machine.yaml", "name: skl\n")]);
    let retest = std::fs::read_to_string(
        "tests/fixtures/wild/lkp-compare/linuxmm-2024-05-will-it-scale-page-fault2-retest-4-columns-no-commit-list-one-row.txt",
    )
    .expect("fixture");
    let ids = retest.lines().find(|l| l.contains("59142d87ab")).expect("the id row").to_string();
    let first = ids.split_whitespace().next().expect("an id").to_string();
    let second = ids.split_whitespace().nth(1).expect("two ids").to_string();
    let longer = format!("{first}1234567");
    let edited =
        retest.replacen(&ids, &ids.replacen(&second, &format!("{longer:<width$}", width = second.len()), 1), 1);
    put(&c, "skl/retest.txt", edited);
    let (kernels, _, diags) = load(&c);
    assert!(kernels.contains(&first) && kernels.contains(&longer), "{kernels:?} {diags:?}");
    assert!(
        diags.iter().any(|(s, m)| *s == Severity::Warning && m.contains("columns of one table") && m.contains(&longer)),
        "{diags:?}"
    );
    assert!(!diags.iter().any(|(_, m)| m.starts_with(&format!("commit {longer} is"))), "{diags:?}");
}

const MMTESTS: &str = "tests/fixtures/wild/mmtests";
const FRAG_V1: &str = "linux-mm-2018-10-mgorman-frag-v1-1of5-1socket-two-configs-same-rows-config-line-names-group.txt";
const FRAG_V2: &str = "linux-mm-2018-11-mgorman-frag-v2-3of5-1socket-zero-baseline-minus-99-title-printed-twice.txt";

fn mmtests(name: &str) -> String {
    std::fs::read_to_string(Path::new(MMTESTS).join(name)).expect("fixture")
}

/// archive44 R1: each mmtests column is a kernel build (version and run
/// name, `4.19.0-lowzone-v1r1`): the letter's comparison is the class's,
/// its first column (mmtests' 0.00%) the baseline; letters of several
/// releases in version order (the v2 letter's file first in path order),
/// each letter's columns as printed.
#[test]
fn mmtests_run_names_are_the_kernels_compared_in_version_order() {
    let (_tmp, c) = content(&[
        ("one/machine.yaml", "name: one\n"),
        ("one/v1.txt", &mmtests(FRAG_V1)),
        ("two/machine.yaml", "name: two\n"),
        ("two/a-v2.txt", &mmtests(FRAG_V2)),
        ("two/b-v1.txt", &mmtests(FRAG_V1)),
    ]);
    let site = benchsite::site::load(&c).expect("load");
    let by = |slug: &str| class(&site, slug);
    assert_eq!(names(by("one")), ["4.19.0-vanilla", "4.19.0-lowzone-v1r1"]);
    assert_eq!(by("one").config.baseline.as_deref(), Some("4.19.0-vanilla"));
    // Not in text order (`boost` before `lowzone`), nor in path order.
    assert_eq!(
        names(by("two")),
        ["4.19.0-vanilla", "4.19.0-lowzone-v1r1", "4.20.0-rc1-lowzone-v2r4", "4.20.0-rc1-boost-v2r4"]
    );
    assert_eq!(by("two").config.baseline, None, "two letters, two bases");
}

/// attack44 F20: each section of its own baseline prints its `% = change
/// vs …` legend above its table (the second base's came after its table,
/// at the end of the mail), in the mail and in Markdown. Must not fire:
/// the first section's base is the page's legend, printed once at the top.
#[test]
fn a_sections_own_legend_is_above_its_table() {
    let (_tmp, c) = sections_of_their_own_bases();
    let (out, _, _tmp) = common::build_site(&c);
    for page in ["m/email.txt", "m/index.md"] {
        let text = std::fs::read_to_string(out.join(page)).expect("page");
        let own = text.find("change vs ff388fe5c4").unwrap_or_else(|| panic!("{page}: {text}"));
        let heading = text.find("\npagemove\n").or_else(|| text.find("## pagemove")).expect("the section");
        let table = text[heading..].find("8be7258aad").map(|t| heading + t).expect("its table");
        assert!(heading < own && own < table, "{page}: {text}");
        assert_eq!(text.matches("change vs d000e073ca").count(), 1, "{page}: {text}");
    }
}
